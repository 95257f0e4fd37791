"""The toolkit's version (the one in ``pyproject.toml``), where every layer can read it."""

__all__ = ["__version__"]

__version__ = "0.4.0"
