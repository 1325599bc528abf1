"""least_squares: catalog entries (being written)."""
