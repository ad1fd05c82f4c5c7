"""What a test of an Elementals hint compares: the same view of a game with the unseen cards in another order."""

from __future__ import annotations

import random
from dataclasses import replace

from rulebook import elementals


def hidden_reordered(state: elementals.ElementalsState, rng: random.Random) -> elementals.ElementalsState:
    """The same view with the unseen cards in another order: the deck, and the face-down elementals."""
    deck = list(state.deck)
    rng.shuffle(deck)
    hidden = [i for i, s in enumerate(state.slots) if s is not None and i not in state.revealed]
    faces = [state.slots[i] for i in hidden]
    rng.shuffle(faces)
    slots = list(state.slots)
    for i, face in zip(hidden, faces, strict=True):
        slots[i] = face
    return replace(state, deck=tuple(deck), slots=tuple(slots))
