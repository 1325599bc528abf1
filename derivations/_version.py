"""The package's version (as pyproject.toml's), below every layer: the CLI's ``--version``
reads it when lindisc is not installed, and the public API re-exports it."""

__version__ = "0.1.0"
