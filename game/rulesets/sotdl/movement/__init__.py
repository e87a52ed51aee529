"""SotDL movement (Seed SotDL: Movement, Ride, Jump, Fly): one module per concept, imports going
one way, each importing only those above it:

* ``facts``: engine state -> geometry inputs (who rides whom, reach, distance, threats, terrain).
* ``budgets``: who walks and how far (move, rush, retreat, charge, escape budgets and modes).
* ``riding``: the rider's footprint, falling off and under a mount, Get Free.
* ``search``: path planning (the ``plan_path`` and ``forced_path`` hooks, the plan cache).
* ``steps``: step checkers run on every step of a walk (free attacks, jumps, falls, surfaces).
* ``previews``: the UI's queries (reachable squares, path previews, the safest path).
* ``commands``: Move, Rush, Retreat, Sneak, Teleport on the real geometry.
* ``prone``: Drop Prone and Stand Up (core: registered without the plug-in).
* ``plugin``: ``register``, what the plug-in adds to the ruleset.

This file imports nothing, so that falling.py and mounts.py can use ``facts`` and ``riding``
without loading the rest.
"""
