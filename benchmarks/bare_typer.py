"""The baseline for CLI start-up: a bare Typer app with one command that prints its argument."""

import typer

app = typer.Typer(add_completion=False)


@app.command()
def hello(name: str) -> None:
    """Print the name."""
    print(name)


if __name__ == "__main__":
    app()
