"""Reads "can I take 2 pebbles from a pile of 1?" and computes it with the toy engine."""

from __future__ import annotations

from rulebook.questions import Reading, tokens


def read(text: str) -> Reading | None:
    words = tokens(text)
    said = [t.word for t in words]
    if not {"pebble", "pebbles"} & set(said):
        return None
    reading = Reading("toy", "a take from a pile")
    numbers = [t.number for t in words if t.number is not None]
    taken = numbers[0] if numbers else None
    pile = numbers[1] if len(numbers) > 1 else None
    if taken is not None:
        reading.read.append(f"takes {taken}")
    else:
        reading.missing.append("how many pebbles are taken")
    if pile is not None:
        reading.read.append(f"a pile of {pile}")
    else:
        reading.missing.append("how many pebbles the pile holds")
    if taken is not None and pile is not None:
        from toy.engine import take

        reading.ruling = take(pile, taken)
    return reading
