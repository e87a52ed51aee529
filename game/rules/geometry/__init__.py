"""Grid geometry: plain functions over the battlefield's arrays (paths, reach, sight, cover)."""
