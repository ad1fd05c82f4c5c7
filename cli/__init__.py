"""The ``rulebook`` command: a thin Typer layer over the [`rulebook`][rulebook] package."""

from cli.plain_help import install

install()
