"""feature_maps: catalog entries (being written)."""
