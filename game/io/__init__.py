"""The edges: Tiled maps, YAML definitions, scenarios, saves. Bad input stops here."""
