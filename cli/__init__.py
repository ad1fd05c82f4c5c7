"""The ``rulebook`` command: a thin Typer layer over the :mod:`rulebook` package."""
