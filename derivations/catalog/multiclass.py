"""multiclass: catalog entries (being written)."""
