"""Render layers: the board (map, grid, static overlays), tokens, previews; one frame function."""
