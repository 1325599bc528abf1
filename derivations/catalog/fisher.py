"""fisher: catalog entries (being written)."""
