"""Rules systems as plug-ins on the core (sotdl/, osr/). They import game.rules only."""
