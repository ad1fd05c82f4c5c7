"""What `rulebook ask` shows first, for tests of questions answered by rulings with nothing computed."""

from __future__ import annotations

from rulebook.ask import ask


def first_ruling(question: str) -> str:
    """The first ruling `ask` shows, after checking the question was answered and not computed."""
    ruling = ask(question)
    assert ruling.value["computed"] is None, ruling.verdict
    assert not ruling.value["refused"], ruling.verdict
    return str(ruling.value["rulings"][0]["id"])
