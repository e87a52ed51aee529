"""The window's set-up (issue 11): the bestiary, the creature editor, the sides, a paste-a-stat-
block dialog, Start fight and Save encounter, and the tools that place and move creatures.

The panels call the io layer's set-up model (game/io/setup/model.py); every step is an engine
command, played through the window's fight so it is journalled and undone like the fight.
"""
