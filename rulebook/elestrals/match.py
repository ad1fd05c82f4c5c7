"""Elestrals: setup, the end of a game and tournaments (deck lists, mulligans, losses, standings).

Part of [`rulebook.elestrals`][rulebook.elestrals], which re-exports everything here; split out only to keep each
file readable. The numbers (deck sizes, copy limit, mulligan cost, match points) come from the data
tables of ``rulebook/data/elestrals.toml``.

Examples:
    >>> from rulebook import elestrals
    >>> elestrals.check_deck("Spirit Deck:\\n20 fire\\nMain Deck:\\n" + "3 A\\n" * 13 + "1 B").verdict
    "1 problem: 39 copies of 'A' in the Main Deck; at most 3"
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from rulebook.elestrals.core import DATA, DECKS, SPIRIT_TYPES, TOURNAMENT, options, plural, read_count
from rulebook.errors import InvalidInputError, UnknownNameError, closest
from rulebook.reading import shown
from rulebook.records import Options
from rulebook.ruling import Ruling, Trace

Problem = Callable[[str, str], None]
Matches = dict[tuple[int, frozenset[str]], dict[str, int]]

__all__ = [
    "check_deck",
    "end_of_round",
    "first_player_chooser",
    "game_end",
    "mulligan",
    "parse_deck",
    "parse_results",
    "side_swap",
    "standings",
]


# ---------------------------------------------------------------- deck construction

_SECTIONS = {"spirit": "spirit", "spirits": "spirit", "main": "main", "side": "side"}


def parse_deck(text: str) -> dict[str, list[tuple[str, int, int]]]:
    """Read a deck list: section lines ``Spirit Deck:``, ``Main Deck:``, ``Side Deck:``, then one card
    per line, ``COUNT NAME`` (``3 Golden Apple of Discord``, ``3x ...``, or just ``NAME`` for one).

    Returns each deck's ``(name, count, line)`` entries. ``#`` starts a comment.

    Examples:
        >>> parse_deck("Spirit Deck:\\n20 fire\\nMain Deck:\\n3x Dragon")["main"]
        [('Dragon', 3, 4)]
        >>> parse_deck("3 Dragon")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: line 1: a card before any section; start with 'Spirit Deck:', ...
    """
    decks: dict[str, list[tuple[str, int, int]]] = {"spirit": [], "main": [], "side": []}
    current = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        header = re.fullmatch(r"\[?\s*(\w+)(?:\s+deck)?\s*\]?\s*:?", line, re.IGNORECASE)
        if header and (line.endswith((":", "]")) or line.lower().endswith("deck")):
            word = header.group(1).lower()
            if word not in _SECTIONS:
                raise UnknownNameError(
                    f"deck section on line {number}", header.group(1), ["Spirit Deck", "Main Deck", "Side Deck"]
                )
            current = _SECTIONS[word]
            continue
        if line.endswith(":"):
            raise UnknownNameError(
                f"deck section on line {number}", line[:-1].strip(), ["Spirit Deck", "Main Deck", "Side Deck"]
            )
        if not current:
            raise InvalidInputError(
                f"line {number}: a card before any section; start with 'Spirit Deck:', 'Main Deck:' or 'Side Deck:'"
            )
        m = re.fullmatch(r"(?:([0-9]+)\s*x?\s+)?(.+)", line, re.IGNORECASE)
        assert m is not None
        count = read_count(m.group(1), "a card count", f"line {number}: ", high=999) if m.group(1) else 1
        if count == 0:
            raise InvalidInputError(
                f"line {number}: a count of 0 for {shown(m.group(2))!r}; leave the card out instead"
            )
        decks[current].append((m.group(2).strip(), count, number))
    if not any(decks.values()):
        raise InvalidInputError("the deck list is empty; write 'Spirit Deck:', 'Main Deck:' and their cards")
    return decks


def check_deck(text: str, opts: Mapping[str, object] | None = None) -> Ruling:
    """Check a deck list (see [`parse_deck`][rulebook.elestrals.match.parse_deck]) and name every problem, each with
    its rule.

    ``value``: ``{"sizes": {"spirit", "main", "side"}, "problems": [{"problem", "rule"}]}``; ``legal``
    is whether there are none.

    Examples:
        >>> r = check_deck("Spirit Deck:\\n20 fire\\nMain Deck:\\n40 Dragon")
        >>> r.legal, [p["rule"] for p in r.value["problems"]]
        (False, ['elestrals.setup.copy-limit'])
    """
    opts = options(opts)
    decks = parse_deck(text)
    trace = Trace()
    problems: list[dict[str, str]] = []

    def problem(text: str, rule: str) -> None:
        problems.append({"problem": text, "rule": rule})
        trace.add(text, rule)

    sizes = _deck_sizes(decks, trace, problem)
    rule = _copy_limits(decks, opts, trace, problem)
    if not problems:
        trace.add(f"No card has more than {DECKS['copy_limit']} copies", rule)
    verdict = (
        "Legal deck"
        if not problems
        else f"{plural(len(problems), 'problem')}: " + "; ".join(p["problem"] for p in problems)
    )
    return trace.ruling(verdict, {"sizes": sizes, "problems": problems}, legal=not problems)


def _deck_sizes(decks: Mapping[str, list[tuple[str, int, int]]], trace: Trace, problem: Problem) -> dict[str, int]:
    """The three decks' sizes and what each may hold."""
    sizes = {k: sum(n for _, n, _ in v) for k, v in decks.items()}
    trace.add("Spirit cards come in types; a deck may mix them freely", "elestrals.spirit.types")
    for name, _, line in decks["spirit"]:
        if name.lower() not in SPIRIT_TYPES:
            near = closest(name, SPIRIT_TYPES)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            problem(
                f"line {line}: {name!r} is not a Spirit type ({', '.join(SPIRIT_TYPES)}){hint}",
                "elestrals.setup.spirit-deck",
            )
    for name, _, line in decks["main"]:
        if name.lower() in SPIRIT_TYPES:
            problem(
                f"line {line}: {name!r} is a Spirit; the Main Deck holds Runes and Elestrals",
                "elestrals.setup.main-deck",
            )
    if sizes["spirit"] != DECKS["spirit_deck"]:
        problem(
            f"the Spirit Deck has {sizes['spirit']} Spirits; it needs exactly {DECKS['spirit_deck']}",
            "elestrals.setup.spirit-deck",
        )
    else:
        trace.add(
            f"Spirit Deck: exactly {DECKS['spirit_deck']} cards, any mix of Spirit types",
            "elestrals.setup.spirit-deck",
        )
    if sizes["main"] != DECKS["main_deck"]:
        problem(
            f"the Main Deck has {sizes['main']} cards; it needs exactly {DECKS['main_deck']}",
            "elestrals.setup.main-deck",
        )
    else:
        trace.add(f"Main Deck: exactly {DECKS['main_deck']} cards", "elestrals.setup.main-deck")
    if sizes["side"] > DECKS["side_deck_max"]:
        problem(
            f"the Side Deck has {sizes['side']} cards; it may hold at most {DECKS['side_deck_max']}",
            "elestrals.tournament.side-deck",
        )
    elif decks["side"]:
        trace.add(
            f"Side Deck: {sizes['side']} of at most {DECKS['side_deck_max']} cards", "elestrals.tournament.side-deck"
        )
    else:
        trace.add("No Side Deck: it is optional", "elestrals.interp.side-deck-empty")
    return sizes


def _copy_limits(decks: Mapping[str, list[tuple[str, int, int]]], opts: Options, trace: Trace, problem: Problem) -> str:
    """Copies of each card over the limit (Main and Side Decks together); the rule that limits them."""
    limit_spirits = opts.flag("spirit-copy-limit")
    copies: dict[str, int] = {}
    spelled: dict[str, str] = {}
    for deck in ("main", "side"):
        for name, count, _ in decks[deck]:
            key = name.lower()
            if key in SPIRIT_TYPES and (deck == "main" or not limit_spirits):
                continue
            copies[key] = copies.get(key, 0) + count
            spelled.setdefault(key, name)
    rule = "elestrals.tournament.copy-limit-with-side" if decks["side"] else "elestrals.setup.copy-limit"
    for key, count in copies.items():
        if count > DECKS["copy_limit"]:
            where = "Main and Side Decks together" if decks["side"] else "the Main Deck"
            problem(f"{count} copies of {spelled[key]!r} in {where}; at most {DECKS['copy_limit']}", rule)
    if any(n.lower() in SPIRIT_TYPES for n, _, _ in decks["side"]):
        trace.add(
            "Spirits in the Side Deck " + ("count" if limit_spirits else "do not count") + " against the copy limit",
            "elestrals.interp.spirit-copies",
        )
    return rule


def mulligan(times: int, spirit_deck: int | None = None, opts: Mapping[str, object] | None = None) -> Ruling:
    """What ``times`` mulligans cost, and whether they are possible from a Spirit Deck of ``spirit_deck``.

    ``value``: ``{"expended", "spirits_left", "allowed", "loses"}``.

    Examples:
        >>> mulligan(2).verdict
        '2 mulligans Expend 4 Spirits, leaving 16'
        >>> mulligan(11).legal
        False
    """
    opts = options(opts)
    if times < 0:
        raise InvalidInputError(f"the number of mulligans cannot be negative ({times})")
    deck = DECKS["spirit_deck"] if spirit_deck is None else spirit_deck
    cost = DECKS["mulligan_cost"]
    trace = Trace()
    trace.add(
        f"Each mulligan Expends {cost} Spirits, then a new hand of {DECKS['opening_hand']} is drawn",
        "elestrals.setup.mulligan",
    )
    trace.add(f"Each player starts by drawing {DECKS['opening_hand']} cards", "elestrals.setup.steps")
    possible = deck // cost
    if times > possible:
        trace.add(
            f"Only {plural(possible, 'mulligan')} can be paid from {plural(deck, 'Spirit')}",
            "elestrals.interp.mulligan-without-spirits",
        )
        if opts["mulligan-short"] == "loses":
            trace.add("Expending from an empty Spirit Deck loses the game", "elestrals.end.expend-from-empty")
            return trace.ruling(
                f"Mulligan {possible + 1} cannot be paid: that player loses the game",
                {"expended": deck, "spirits_left": 0, "allowed": True, "loses": True},
                legal=True,
            )
        return trace.ruling(
            f"Not allowed: {plural(times, 'mulligan')} cost{'s' if times == 1 else ''} {times * cost} Spirits "
            f"and only {deck} {'is' if deck == 1 else 'are'} in the Spirit Deck",
            {"expended": 0, "spirits_left": deck, "allowed": False, "loses": False},
            legal=False,
        )
    return trace.ruling(
        f"{plural(times, 'mulligan')} Expend{'s' if times == 1 else ''} {plural(times * cost, 'Spirit')}, "
        f"leaving {deck - times * cost}",
        {"expended": times * cost, "spirits_left": deck - times * cost, "allowed": True, "loses": False},
        legal=True,
    )


# ---------------------------------------------------------------- the end of a game


def game_end(
    main: Mapping[str, int],
    spirits: Mapping[str, int],
    draws: Mapping[str, int] | None = None,
    expends: Mapping[str, int] | None = None,
    chained_first: str = "",
) -> Ruling:
    """Whether a game ends when players must draw and Expend: each player's Main and Spirit Deck sizes,
    and how many cards each must draw and Spirits each must Expend now. ``chained_first`` names a player
    whose loss comes from a chained card or effect and so happens first.

    ``value``: ``{"losers": [...], "winner": player | "draw" | None}``.

    Examples:
        >>> game_end({"P1": 0, "P2": 5}, {"P1": 3, "P2": 3}).verdict
        'The game goes on: no player has to draw or Expend from an empty deck'
        >>> game_end({"P1": 0, "P2": 5}, {"P1": 3, "P2": 0}, draws={"P1": 1}, expends={"P2": 1}).value["winner"]
        'draw'
    """
    players = list(main)
    _same_two_players(main, spirits)
    draws, expends = dict(draws or {}), dict(expends or {})
    for who in (*draws, *expends, *([chained_first] if chained_first else [])):
        if who not in players:
            raise UnknownNameError("player", who, players)
    trace = Trace()
    losers = []
    for p in players:
        if draws.get(p, 0) > main[p]:
            losers.append(p)
            trace.add(
                f"{p} must draw {draws[p]} with {plural(main[p], 'card')} in their Main Deck",
                "elestrals.end.draw-from-empty",
            )
        elif expends.get(p, 0) > spirits[p]:
            losers.append(p)
            trace.add(f"{p} has run out of Spirits", "elestrals.spirit.running-out")
            trace.add(
                f"{p} must Expend {expends[p]} with {plural(spirits[p], 'Spirit')} in their Spirit Deck",
                "elestrals.end.expend-from-empty",
            )
    if not losers:
        trace.add("Empty decks alone lose nothing", "elestrals.end.zero-is-not-lost")
        return trace.ruling(
            "The game goes on: no player has to draw or Expend from an empty deck", {"losers": [], "winner": None}
        )
    if chained_first and len(losers) < 2:
        trace.add(
            f"Only {losers[0]} loses, so nothing comes first: {chained_first}'s chained effect changes nothing here",
            "elestrals.end.chained-loss-first",
        )
    if len(losers) == 2 and chained_first:
        trace.add(
            f"{chained_first}'s loss comes from a chained card or effect, so it happens first",
            "elestrals.end.chained-loss-first",
        )
        losers = [chained_first]
    if len(losers) == 2:
        trace.add("Both lose at the same moment", "elestrals.end.simultaneous-loss")
        return trace.ruling("Both players lose at once: the game is a draw", {"losers": losers, "winner": "draw"})
    winner = next(p for p in players if p != losers[0])
    trace.add(f"{losers[0]} loses; their opponent wins", "elestrals.end.ways-to-lose")
    return trace.ruling(f"{losers[0]} loses: {winner} wins", {"losers": losers, "winner": winner})


def _same_two_players(main: Mapping[str, int], spirits: Mapping[str, int]) -> None:
    """Both deck counts name the same two players, or one line saying which name is not in both."""
    if set(main) == set(spirits) and len(main) == 2:
        return
    odd = [p for p in (*main, *spirits) if p not in main or p not in spirits]
    if odd and len(set(main) & set(spirits)) == 1:
        has, lacks = ("a Main Deck", "Spirit Deck") if odd[0] in main else ("a Spirit Deck", "Main Deck")
        raise InvalidInputError(
            f"player {odd[0]!r} has {has} size but no {lacks} size; give both sizes for the same two players "
            "(e.g. P1 and P2)"
        )
    raise InvalidInputError("give both players' Main Deck and Spirit Deck sizes, e.g. P1 and P2")


def end_of_round(
    spirits: Mapping[str, int],
    main: Mapping[str, int],
    next_to_draw: str,
    *,
    stuck: bool = False,
    draws: Mapping[str, int] | None = None,
    expends: Mapping[str, int] | None = None,
    chained_first: str = "",
) -> Ruling:
    """The winner when a game is decided by counting: at the end of the round's 3 extra turns, or
    (``stuck=True``) when both players agree neither can make the other Expend. A player who must draw or
    Expend (``draws``, ``expends``, as in [`game_end`][rulebook.elestrals.game_end]) from an empty deck loses first:
    only a game still going is counted.

    ``value``: ``{"winner", "decided_by": "spirits" | "main deck" | "next draw" | "a loss"}`` (with
    ``losers`` when a loss decided).

    Examples:
        >>> end_of_round({"P1": 4, "P2": 4}, {"P1": 10, "P2": 12}, "P1").value
        {'winner': 'P2', 'decided_by': 'main deck'}
        >>> end_of_round({"P1": 5, "P2": 2}, {"P1": 0, "P2": 3}, "P2", draws={"P1": 1}).verdict
        'P1 loses: P2 wins'
    """
    players = list(spirits)
    _same_two_players(main, spirits)
    if next_to_draw not in players:
        raise UnknownNameError("player", next_to_draw, players)
    a, b = players
    trace = Trace()
    if draws or expends:
        ended = game_end(main, spirits, draws, expends, chained_first)
        if ended.value["losers"]:
            trace.add(
                "A player loses before any count: only a game still going is decided by counting",
                "elestrals.end.both-out-of-spirits" if stuck else "elestrals.tournament.end-of-round",
            )
            trace.steps += ended.trace
            return trace.ruling(ended.verdict, {**ended.value, "decided_by": "a loss"})
    if stuck and any(spirits.values()):
        left = " and ".join(f"{p} has {plural(n, 'Spirit')}" for p, n in spirits.items() if n)
        trace.add(
            f"The Main Deck count is for both players out of Spirits, and {left} left",
            "elestrals.end.both-out-of-spirits",
        )
        return trace.ruling(
            f"No count: the game goes on ({left} left; the count is for both players out of Spirits)",
            {"winner": None, "decided_by": None},
            legal=False,
        )
    if stuck:
        trace.add("Both players agree neither can force the other to Expend", "elestrals.end.both-out-of-spirits")
        order = [("main deck", main)]
        rule = "elestrals.end.both-out-of-spirits"
    else:
        trace.add(
            f"Time: the game went on for {TOURNAMENT['extra_turns']} more turns after the current one",
            "elestrals.tournament.end-of-round",
        )
        order = [("spirits", spirits), ("main deck", main)]
        rule = "elestrals.tournament.end-of-round-winner"
    for name, counts in order:
        if counts[a] != counts[b]:
            winner = a if counts[a] > counts[b] else b
            label = {"spirits": "Spirits", "main deck": "Main Deck"}[name]
            trace.add(f"{label}: {a} {counts[a]}, {b} {counts[b]}; more wins", rule)
            return trace.ruling(
                f"{winner} wins on {label} ({counts[a]} to {counts[b]})", {"winner": winner, "decided_by": name}
            )
        trace.add(f"{ {'spirits': 'Spirits', 'main deck': 'Main Deck'}[name] }: equal at {counts[a]}", rule)
    winner = b if next_to_draw == a else a
    trace.add(f"Still equal: {next_to_draw}, the next player to draw, loses", rule)
    return trace.ruling(
        f"{winner} wins: {next_to_draw} is next to draw and loses", {"winner": winner, "decided_by": "next draw"}
    )


# ---------------------------------------------------------------- tournaments


@dataclass
class _Player:
    name: str
    points: int = 0
    games: int = 0
    won: int = 0
    drawn: int = 0
    differential: int = 0
    drawn_played: bool = True
    matches: list[tuple[str, str]] = field(default_factory=list)  # (opponent, "win" | "draw" | "loss")

    @property
    def counted(self) -> int:
        """The games the game-win share counts: all played, or (option drawn-games=excluded) all but the drawn."""
        return self.games if self.drawn_played else self.games - self.drawn

    @property
    def win_rate(self) -> float:
        return self.won / self.counted if self.counted else 0.0

    @property
    def average_differential(self) -> float:
        return self.differential / self.games if self.games else 0.0


def parse_results(text: str) -> list[tuple[int, str, str, str, int, int, int]]:
    """Read a results file, one game per line: ``ROUND PLAYER_A PLAYER_B WINNER A_SPIRITS B_SPIRITS``.

    ``WINNER`` is one of the two players or ``draw``; the spirit counts are each player's Spirit Deck at
    the end of the game. ``#`` starts a comment. Returns ``(round, a, b, winner, a_spirits, b_spirits,
    line)`` tuples.

    Examples:
        >>> parse_results("1 Ana Ben Ana 7 2")
        [(1, 'Ana', 'Ben', 'Ana', 7, 2, 1)]
        >>> parse_results("1 Ana Ben Cy 7 2")
        Traceback (most recent call last):
        ...
        rulebook.errors.InvalidInputError: line 1: the winner 'Cy' is neither Ana nor Ben; write one of them or 'draw'
    """
    games = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"line {number}: "
        words = line.split()
        if len(words) != 6:
            raise InvalidInputError(
                f"{where}expected 6 fields, ROUND PLAYER_A PLAYER_B WINNER A_SPIRITS B_SPIRITS, got {len(words)}"
            )
        rnd, a, b, winner = read_count(words[0], "the round", where), words[1], words[2], words[3]
        if a == b:
            raise InvalidInputError(f"{where}a player cannot play themselves ({a})")
        if winner not in (a, b) and winner.lower() != "draw":
            raise InvalidInputError(f"{where}the winner {winner!r} is neither {a} nor {b}; write one of them or 'draw'")
        left = (read_count(words[4], "A_SPIRITS", where), read_count(words[5], "B_SPIRITS", where))
        for name, count in zip(("A_SPIRITS", "B_SPIRITS"), left, strict=True):
            if count > DECKS["spirit_deck"]:
                raise InvalidInputError(
                    f"{where}{name} is {count}, but a Spirit Deck holds {DECKS['spirit_deck']} Spirits at most; "
                    f"write the Spirits left, 0 to {DECKS['spirit_deck']}"
                )
        games.append((rnd, a, b, winner if winner in (a, b) else "draw", *left, number))
    if not games:
        raise InvalidInputError(
            "the results file has no games; write ROUND PLAYER_A PLAYER_B WINNER A_SPIRITS B_SPIRITS"
        )
    return games


def standings(text: str, opts: Mapping[str, object] | None = None) -> Ruling:
    """Rank the players of a tournament from a results file (see
    [`parse_results`][rulebook.elestrals.match.parse_results]).

    ``value``: ``{"standings": [{"rank", "player", "points", "matches", "games", "won", "drawn", "counted",
    "win_rate", "spirit_differential", "opponents_differential"}]}``, best first (``counted``: the games the
    game-win share counts).

    Examples:
        >>> r = standings("1 Ana Ben Ana 5 0\\n1 Ana Ben Ana 3 0\\n1 Cy Dee Dee 0 4\\n1 Cy Dee Dee 0 1")
        >>> [(s["rank"], s["player"], s["points"]) for s in r.value["standings"]]
        [(1, 'Ana', 3), (2, 'Dee', 3), (3, 'Cy', 0), (4, 'Ben', 0)]
    """
    opts = options(opts)
    points = DATA["match_points"][opts["match-points"]]
    need = TOURNAMENT["wins_per_match"]
    trace = Trace()
    players, matches = _tally(text, opts, need)
    trace.add("Tournament defaults; an organiser's announced changes are options", "elestrals.tournament.adjustable")
    trace.add(f"A match is played until a player has won {need} games", "elestrals.tournament.rounds")
    trace.add(f"Match points (option match-points={opts['match-points']})", "elestrals.interp.match-points")
    for (rnd, _pair), wins in matches.items():
        (a, wa), (b, wb) = wins.items()
        ra = "win" if wa > wb else "loss" if wa < wb else "draw"
        if ra == "draw":
            trace.add(
                f"Round {rnd}, {a} against {b}: {plural(wa, 'game')} won each, so no one won the match: it is drawn",
                "elestrals.interp.match-points",
            )
        rb = {"win": "loss", "loss": "win", "draw": "draw"}[ra]
        players[a].matches.append((b, ra))
        players[b].matches.append((a, rb))
        players[a].points += points[ra]
        players[b].points += points[rb]
    trace.add(
        "A game's Spirit Differential: your Spirits left minus your opponent's",
        "elestrals.tournament.spirit-differential",
    )
    trace.add("Spirits were counted after any battle or chain in progress resolved", "elestrals.tournament.concede")

    def opp(p: _Player) -> float:
        return sum(players[o].average_differential for o, _ in p.matches) / len(p.matches) if p.matches else 0.0

    def key(p: _Player) -> tuple[float, ...]:
        return (p.points, round(p.win_rate, 9), round(p.average_differential, 9), round(opp(p), 9))

    ranked = sorted(players.values(), key=lambda p: (tuple(-k for k in key(p)), p.name))
    if any(p.drawn for p in players.values()):
        how = "count as games played, not won" if opts["drawn-games"] == "played" else "are left out"
        trace.add(f"Drawn games {how} in the game-win share (option drawn-games)", "elestrals.interp.drawn-games")
    trace.add(
        "Level on points: ranked by game-win rate, then average Spirit Differential, then opponents' average",
        "elestrals.tournament.tiebreakers",
    )
    trace.add(
        "Each opponent counts once per match; players level on everything share a rank",
        "elestrals.interp.tiebreak-opponents",
    )
    rows = []
    for i, p in enumerate(ranked):
        rank = rows[-1]["rank"] if rows and key(ranked[i - 1]) == key(p) else i + 1
        rows.append(
            {
                "rank": rank,
                "player": p.name,
                "points": p.points,
                "matches": len(p.matches),
                "games": p.games,
                "won": p.won,
                "drawn": p.drawn,
                "counted": p.counted,
                "win_rate": round(p.win_rate, 4),
                "spirit_differential": round(p.average_differential, 4),
                "opponents_differential": round(opp(p), 4),
            }
        )
    leaders = [r["player"] for r in rows if r["rank"] == 1]
    lead = "lead" if len(leaders) > 1 else "leads"
    verdict = f"{' and '.join(leaders)} {lead} with {plural(rows[0]['points'], 'match point')}"
    return trace.ruling(verdict, {"standings": rows})


def _tally(
    text: str, opts: Options, need: int
) -> tuple[dict[str, _Player], dict[tuple[int, frozenset[str]], dict[str, int]]]:
    """Each player's games and each match's wins, from a results file; a match won twice over is refused."""
    players: dict[str, _Player] = {}
    matches: dict[tuple[int, frozenset[str]], dict[str, int]] = {}
    for rnd, a, b, winner, sa, sb, line in parse_results(text):
        key = (rnd, frozenset((a, b)))
        wins = matches.setdefault(key, {a: 0, b: 0})
        if max(wins.values()) >= need:
            raise InvalidInputError(f"line {line}: round {rnd} of {a} against {b} was already won with {need} games")
        for me, mine, theirs in ((a, sa, sb), (b, sb, sa)):
            p = players.setdefault(me, _Player(me, drawn_played=opts["drawn-games"] == "played"))
            p.games += 1
            p.won += winner == me
            p.drawn += winner == "draw"
            p.differential += mine - theirs
        if winner != "draw":
            wins[winner] += 1
        for other_round, pair in matches:
            if other_round == rnd and pair != key[1] and pair & key[1]:
                raise InvalidInputError(f"line {line}: a player has two opponents in round {rnd}")
    return players, matches


#: A round is played until a player has won this many games (two)...
WINS_PER_MATCH = TOURNAMENT["wins_per_match"]
#: ... so it has at most one fewer than twice that (three).
GAMES_PER_ROUND = 2 * WINS_PER_MATCH - 1


def side_swap(game: int, cards_in: int, cards_out: int, *, spirits_in: int = 0, spirits_out: int = 0) -> Ruling:
    """Whether a Side Deck swap is allowed before ``game`` (1, 2, 3) of a round: ``cards_in`` Side Deck
    cards into the Main or Spirit Deck for ``cards_out`` cards out of them; ``spirits_in`` and
    ``spirits_out`` of those are Spirits. A Spirit is swapped only for a Spirit (the Spirit Deck holds
    only Spirits, the Main Deck none), so each deck keeps its size.

    Examples:
        >>> side_swap(2, 3, 3).legal
        True
        >>> side_swap(1, 1, 1).verdict
        'Not allowed: swaps start after the first game of a round'
        >>> side_swap(2, 1, 1, spirits_in=1).verdict
        'Not allowed: a Spirit goes in for 0 Spirits out; a Spirit is swapped only for a Spirit'
        >>> side_swap(1, 0, 0).verdict
        'Allowed: no card is swapped'
        >>> side_swap(4, 1, 1).verdict
        'Not allowed: a round has at most 3 games, so there is no game 4'
        >>> side_swap(2, 13, 13).verdict
        'Not allowed: a Side Deck holds at most 12 cards, so at most 12 can be swapped in or out'
    """
    if game < 1 or min(cards_in, cards_out, spirits_in, spirits_out) < 0:
        raise InvalidInputError("the game number starts at 1 and card counts cannot be negative")
    for spirits, cards, way in ((spirits_in, cards_in, "in"), (spirits_out, cards_out, "out")):
        if spirits > cards:
            raise InvalidInputError(
                f"{plural(spirits, 'Spirit')} {way} among {plural(cards, 'card')} {way}: the Spirits swapped are "
                "counted among the cards swapped, so at most as many"
            )
    trace = Trace()
    if game > GAMES_PER_ROUND:
        trace.add(f"A round ends when a player has won {WINS_PER_MATCH} games", "elestrals.tournament.rounds")
        return trace.ruling(
            f"Not allowed: a round has at most {GAMES_PER_ROUND} games, so there is no game {game}",
            {"allowed": False},
            legal=False,
        )
    most = DECKS["side_deck_max"]
    if max(cards_in, cards_out) > most:
        trace.add(f"A Side Deck holds at most {most} cards", "elestrals.tournament.side-deck")
        trace.add("Each swap is one card in, one card out, with the Side Deck", "elestrals.tournament.side-swaps")
        return trace.ruling(
            f"Not allowed: a Side Deck holds at most {most} cards, so at most {most} can be swapped in or out",
            {"allowed": False},
            legal=False,
        )
    if game == 1 and cards_in == cards_out == 0:
        trace.add("Swaps start after the first game of a round; none is made here", "elestrals.tournament.side-swaps")
        return trace.ruling("Allowed: no card is swapped", {"allowed": True}, legal=True)
    if game == 1:
        trace.add("Side Deck swaps are made after the first game of a round", "elestrals.tournament.side-swaps")
        trace.add("Decks start each round from their registered lists", "elestrals.tournament.reset")
        return trace.ruling("Not allowed: swaps start after the first game of a round", {"allowed": False}, legal=False)
    if cards_in != cards_out:
        trace.add(
            "Each swap is one card in, one card out, so deck sizes stay the same", "elestrals.tournament.side-swaps"
        )
        return trace.ruling(
            f"Not allowed: {cards_in} in for {cards_out} out would change the deck sizes",
            {"allowed": False},
            legal=False,
        )
    if spirits_in != spirits_out:
        trace.add(
            "Each swap is of the same kind: a Spirit for a Spirit, an Elestral or Rune for an Elestral or Rune",
            "elestrals.tournament.side-swaps",
        )
        trace.add("The Spirit Deck holds only Spirits", "elestrals.setup.spirit-deck")
        trace.add("The Main Deck holds Runes and Elestrals", "elestrals.setup.main-deck")
        return trace.ruling(
            f"Not allowed: {'a Spirit goes' if spirits_in == 1 else f'{spirits_in} Spirits go'} in for "
            f"{plural(spirits_out, 'Spirit')} out; a Spirit is swapped only for a Spirit",
            {"allowed": False},
            legal=False,
        )
    trace.add(
        f"{cards_in} in, {cards_out} out, before game {game}: any number of one-for-one swaps, each of one kind",
        "elestrals.tournament.side-swaps",
    )
    trace.add("After the round, all three decks go back to their starting lists", "elestrals.tournament.reset")
    return trace.ruling(f"Allowed: {plural(cards_in, 'card')} swapped one for one", {"allowed": True}, legal=True)


def first_player_chooser(previous: str = "") -> Ruling:
    """Who decides which player goes first: ``previous`` is the last game's loser, ``"draw"``, or empty
    for the first game.

    Examples:
        >>> first_player_chooser("P2").verdict
        'P2 decides: they lost the previous game'
        >>> first_player_chooser("draw").rules
        ('elestrals.interp.first-player-after-draw',)
    """
    trace = Trace()
    if previous and previous.lower() != "draw":
        trace.add("The loser of the previous game decides", "elestrals.setup.first-player")
        trace.add("A round is played this way until a player has won two games", "elestrals.tournament.rounds")
        return trace.ruling(f"{previous} decides: they lost the previous game", previous)
    if previous:
        trace.add("A drawn game has no loser: pick at random again", "elestrals.interp.first-player-after-draw")
    else:
        trace.add("A player picked at random decides", "elestrals.setup.first-player")
    return trace.ruling("A player picked at random decides", "random")
