"""The GM window and the player view: the only package that imports pygame."""
