"""The ``rulebook`` command: a thin Typer layer over the [`rulebook`][rulebook] package."""
