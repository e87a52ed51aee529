"""The pure rules core: battlefield geometry, creatures, dice, phases, actions, events.

No pygame, no pytmx, no yaml, no file I/O here (tests/test_layers.py proves it).
"""
