"""Setting up a fight without writing YAML (issue 11): the engine on a bare map or an encounter,
the bestiary, the set-up model the window drives, and the encounter writer.

    SetUp.open(path, defs)       a .tmx (its stamped creatures) or an encounter .yaml
    setup.add("goblin", "foes", (3, 4), count=4)     ... edit, remove, move, set_sides
    setup.start()                 the first round begins
    setup.save(path)              an encounter file `battlemat FILE.yaml` opens again
"""
