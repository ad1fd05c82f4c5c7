"""Elementals hints that do not cheat: the best next move from what the player can see.

The player sees the layout as revealed, the hand, the cards on the elementals, the discards, the
Elemental Plane and the powers held, and knows which cards are still in the titan deck, but not their
order, nor which elemental lies under each face-down card. A hint may use exactly that.

It works by rollout, as a race. The hint lists the plans for the rest of the turn from what is seen
(each up to the end of the turn, or to a play that turns a card face up), takes the planner's own
(``rulebook.elementals.bots``) and the most promising others (those that keep the most cards to play,
then take the least damage), and with Breath of Al'Akir held, drawing its card first; before a draw
with Therazane's Touch held, using it against drawing; at Therazane's choice, top against stay. It deals
games that fit what the player sees (the unseen titan cards in a random order, the unseen elementals
shuffled among the face-down places), plays every line in the same games, and the planner plays the rest
of each. A line scores the elementals banished by the game's end, and ten more for a win. After each
round the weaker half of the lines drops out and the games double (successive halving), up to
``samples`` for the last; the planner's own line stays to the end, and another replaces it only where it
scores better game by game by more than chance allows (one standard error of the mean difference). The
work is bounded: fewer games where the games are long (``BUDGET`` turns in all), and the race stops
where it stands once its searches have scored ``POSITIONS`` positions. A lone move (a draw, a single
plan) is played out too, for its chance to win. ``reasons`` says it all in a player's words. The games are
played out on the compact state of ``rulebook.elementals.fast`` (``FAST``): the planner's own games, turn
for turn, at about half the CPU time.

In the endgame (at most ``endgame.DECK_LIMIT`` cards in the deck, at most ``endgame.HIDDEN_LIMIT`` elementals
face down) the turn's plans are not sampled but counted: each one's chance to win over every draw still to
come, each three of the unseen cards equally likely, and every way the face-down elementals may lie
(``rulebook.elementals.endgame``); the best is the hint, and its chance is said to be counted. Where the
count would take too long, or every plan's chance is nil, the race decides as before.

Nothing hidden is read: the plans are listed, and the planner asked, in one made-up game built from
what is seen (the unseen cards sorted), and the samples are drawn with a random generator seeded from
the visible position, so the same view always gives the same hint, whatever the real order of the deck
and whatever lies face down. The planner playing a sampled game sees that game's cards, which are
made up.

Examples:
    >>> from rulebook import elementals
    >>> state = elementals.new_game(seed=7).apply(elementals.Draw())
    >>> found = hint(state, samples=6)
    >>> found.action, found.samples
    (Play(card='6H', target='KD', power=None), 6)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from rulebook import elementals as E
from rulebook.elementals import ElementalsState, Unleash, endgame, fast, taught, tuned
from rulebook.elementals.bots import WORK, Planner, plan_turn, play_game
from rulebook.elementals.ending import game_over
from rulebook.elementals.solver import Solver, order_key, position_of, solve
from rulebook.errors import IllegalActionError
from rulebook.writing import content_key

__all__ = ["Hint", "HintPolicy", "canonical", "hint", "plans", "view", "visible"]

#: For a hint asked for at the command line: the games sampled, and the plans compared.
SAMPLES, CANDIDATES = 24, 8
#: A plan's score in a sampled game: the elementals banished, and ``WIN_BONUS`` more for a win. Another
#: plan replaces the planner's where its mean lead is more than ``MARGIN`` standard errors.
WIN_BONUS, MARGIN = 10, 1.0
#: The most turns a hint plans to play out in all, over every game and plan (a turn is one search of
#: the planner), by layout: the kite's and the tower's games are short (most are lost early), and their
#: first turns, with one or two elementals face up, decide the most, so they get more games early on.
#: And the most positions those searches may score before the race stops where it is (a turn holding
#: Hand of Ragnaros and a joker scores many more than most), whatever the layout.
BUDGET: dict[int, int] = {1: 900, 2: 3000, 3: 3000}
POSITIONS = 40_000
#: The methods a hint may choose its move by: ``race`` (successive halving, the planner's line kept unless
#: beaten beyond chance), ``nested`` (nested rollouts, level 1: every line the same games, the best mean)
#: and ``uct`` (determinized UCT: UCB1 over the lines, statistics shared over the deals). The new methods
#: weigh up to ``WIDE`` lines, and UCB1's exploration constant is ``UCT_C``.
METHODS = ("race", "nested", "uct")
WIDE, UCT_C = 12, 0.15
#: Whether a turn is chosen by counting its chance over every draw to come when the deck holds at most
#: ``endgame.DECK_LIMIT`` cards (``endgame.chances``), and how many of the turn's plans are counted.
ENDGAME = True
ENDGAME_PLANS = 24
#: The games played out, none won, after which a hint calls the deal lost.
LOST_AFTER = 40
#: The look-ahead of the plan the race keeps unless beaten (``plan_turn``'s ``lookahead``: the ``k`` best ends
#: of the turn scored again by ``m`` sampled next draws). None: with (4, 8), pyramid development deals
#: 10,001-10,060 gave 14 wins against 12 (``benchmarks/results/elementals-hint-lookahead.txt``), within chance.
LOOKAHEAD: tuple[int, int] = (0, 0)
#: The look-ahead of the planner that plays the sampled games out (off: the planner as it is). With (4, 8) a
#: game costs three times the CPU and won 11 of 53 development deals against 12 (``elementals-hint-lookahead.txt``).
ROLLOUT_LOOKAHEAD: tuple[int, int] = (0, 0)
#: Whether the games are played out on the compact state of ``rulebook.elementals.fast`` (the same games,
#: the same outcomes and the same work counted, about twice as fast) rather than with the engine.
FAST = True
#: Which player plays the sampled games out, and whose plan the race keeps unless beaten: ``"planner"``, or
#: ``"told"`` (the planner told its game's next draw, ``TOLD_ENDS``; fast path only), or
#: ``"taught"`` (``rulebook.elementals.taught``: the planner's best ends of a turn re-ranked by a score the
#: solver taught; fast path only), or ``"tuned"`` (``rulebook.elementals.tuned``: the planner scoring with
#: ``tuned.TABLE``; fast path only). Eighth round, ``benchmarks/results/elementals-hint-plans.txt``; ninth,
#: ``elementals-hint-cem.txt``.
ROLLOUT_PLAYER = "planner"
KEPT_PLAYER = "planner"
#: With ``ROLLOUT_PLAYER`` ``"told"``: the planner told the next draw of the game it plays out (a made-up game,
#: whose cards are the hint's own: ``fast.told_turn``), its ``TOLD_ENDS`` best ends of each turn re-scored. Not
#: kept: with 4 ends and ``POSITIONS`` 160,000 it won 49 of 300 pyramid development deals against today's 52
#: (``elementals-hint-solver-lines.txt``).
TOLD_ENDS = 8
#: Lines the planner never proposes: in ``SOLVER_LINES`` games dealt to fit the view (apart from the race's),
#: the exact solver (``rulebook.elementals.solver``, up to ``SOLVER_POSITIONS`` positions a game) looks for a
#: winning line, and where it finds one, that line's plan for this turn joins the race as a candidate, to be
#: judged on the race's own games like the others. Off (0): told everything, the solver's plan was already a
#: candidate at 811 of the 828 hints where it found one, and 100 development deals played the same games
#: (twelfth round, ``benchmarks/results/elementals-hint-solver-lines.txt``).
SOLVER_LINES = 0
SOLVER_POSITIONS = 20_000


@dataclass
class Hint:
    """A hint: the move, the turn's plan it begins, and how the plans fared in the samples.

    ``samples`` deals fitting the view were played out; ``won`` of them were won by some plan, ``votes``
    by ``plan``, and ``planners`` by the planner's own plan (``None`` when it was not among the plans).
    ``source`` is ``"samples"``, or ``"planner"`` when the move is the planner's without sampling (before
    a draw, or with a single plan); then ``plan`` is that move alone; or ``"exact"`` when the plan's chance
    was counted over every draw to come (the endgame: ``chance`` and ``exact`` say it).
    """

    action: Any
    plan: tuple[Any, ...] = ()
    samples: int = 0
    won: int = 0
    votes: int = 0
    source: str = "samples"
    planners: int | None = None
    alternatives: list[tuple[tuple[Any, ...], int]] = field(default_factory=list)
    mean: float = 0.0
    played: int = 0
    #: With ``source`` ``"exact"``: the chance to win counted over every draw to come (``endgame.chances``),
    #: and whether that count is exact rather than a close estimate.
    chance: float | None = None
    exact: bool = False


def visible(state: ElementalsState) -> tuple:
    """Everything the player can see of ``state`` (``ElementalsState.seen``): the hint reads nothing else
    of the real game, and seeds its samples from it."""
    return state.seen()


def view(state: ElementalsState, rng: random.Random) -> ElementalsState:
    """A game that fits what the player sees of ``state``: the unseen titan cards in a random order,
    the unseen elementals shuffled among the face-down places (a card seen at the bottom of the deck
    while Therazane's choice is pending stays there)."""
    deck = sorted(state.deck[:-1] if state.peeking else state.deck)
    rng.shuffle(deck)
    if state.peeking:
        deck.append(state.deck[-1])
    hidden = [i for i, s in enumerate(state.slots) if s is not None and i not in state.revealed]
    faces = sorted(state.slots[i] for i in hidden)
    rng.shuffle(faces)
    slots = list(state.slots)
    for i, face in zip(hidden, faces, strict=True):
        slots[i] = face
    return replace(state, deck=tuple(deck), slots=tuple(slots))


def canonical(state: ElementalsState) -> ElementalsState:
    """The view of ``state`` as one definite game: the unseen titan cards in sorted order, the unseen
    elementals sorted into the face-down places. Plans are listed in it; they stop before they could
    depend on what it made up."""
    deck = sorted(state.deck[:-1] if state.peeking else state.deck)
    if state.peeking:
        deck.append(state.deck[-1])
    hidden = [i for i, s in enumerate(state.slots) if s is not None and i not in state.revealed]
    slots = list(state.slots)
    for i, face in zip(hidden, sorted(state.slots[i] for i in hidden), strict=True):
        slots[i] = face
    return replace(state, deck=tuple(deck), slots=tuple(slots))


def plans(state: ElementalsState) -> list[tuple[tuple[Any, ...], Any]]:
    """The distinct plans for the rest of the turn under way, each with the position it leads to.

    A plan ends where the turn ends, or just after a play that turns an elemental face up: what comes
    next depends on a card not seen yet. Breath of Al'Akir and Therazane's Touch, which show cards of the
    deck, are left to the player. The plans are listed in ``canonical(state)``, so they depend on what the
    player sees alone.
    """
    solver = Solver(canonical(state), None, None)
    root = position_of(canonical(state))
    found: dict[Any, tuple[tuple[Any, ...], Any]] = {}
    seen = {root}
    stack: list[tuple[Any, tuple[Any, ...]]] = [(root, ())]
    while stack:
        node, line = stack.pop()
        for actions, child in solver.moves(node):
            if actions[0] is E.DRAW or any(isinstance(a, Unleash) and a.power in _SHOWING for a in actions):
                continue
            step = line + actions
            if child.damage >= E.LOSING_DAMAGE:
                continue  # a plan that loses at once (the game ends mid-way) is no plan
            if not child.in_turn or not any(child.slots) or child.revealed != node.revealed:
                found.setdefault(child, (step, child))
            elif child not in seen:
                seen.add(child)
                stack.append((child, step))
    return list(found.values())


_SHOWING = ("alakir", "therazane")


def _planners_move(state: ElementalsState, rng: random.Random, samples: int) -> Hint:
    """The planner's move, found in the canonical game: the planner looks ahead within a turn, and must
    not see what a banish would turn face up there."""
    action = Planner()(canonical(state), rng)
    return Hint(action, (action,), samples, 0, 0, "planner")


def _planners_plan(state: ElementalsState, listed: list[tuple[tuple[Any, ...], Any]]) -> Any:
    """The listed plan that ends where the planner's own plan for this turn first stops (at the end of
    the turn, or at a play that turns a card face up), if one does. Plans are listed by where they end,
    so the planner's line may be listed under another order of the same plays."""
    game = canonical(state)
    ends = {end: (line, end) for line, end in listed}
    quick = FAST and LOOKAHEAD == (0, 0) and fast.supported(game)
    if quick and KEPT_PLAYER == "taught":
        own = taught.best_plan(game)
    elif quick and KEPT_PLAYER == "tuned":
        own = tuned.best_plan(game)
    else:
        own = (fast.best_plan(game) if quick else plan_turn(game, LOOKAHEAD))[1]
    for action in own:
        game = game.apply(action)
        found = ends.get(position_of(game))
        if found is not None:
            return found
    return None


def _rollout(sample: ElementalsState, line: tuple[Any, ...]) -> tuple[bool, int]:
    """Play ``line`` in a sampled game, then the rest of the game with the planner: won, and the
    elementals banished."""
    after = sample
    for action in line:
        after = after.apply(action)
    if FAST and ROLLOUT_LOOKAHEAD == (0, 0) and fast.supported(after):
        if ROLLOUT_PLAYER == "tuned":
            return tuned.play_out(after)
        if ROLLOUT_PLAYER == "told":
            return fast.play_out(after, turn=fast.told_turn(TOLD_ENDS))
        return taught.play_out(after) if ROLLOUT_PLAYER == "taught" else fast.play_out(after)
    player = Planner()
    player.lookahead = ROLLOUT_LOOKAHEAD
    final = play_game(after, player, random.Random(0))
    return final.won(), final.defeated


def _better(scores: list[int], base: list[int]) -> bool:
    """Whether ``scores`` beat ``base`` sample by sample beyond chance (by more than ``MARGIN`` standard
    errors of the mean difference)."""
    n = len(scores)
    diffs = [b - a for a, b in zip(base, scores, strict=True)]
    mean = sum(diffs) / n
    if mean <= 0 or n < 2:
        return False
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > MARGIN * (var / n) ** 0.5


def _between_turns(state: ElementalsState) -> list[tuple[Any, ...]]:
    """The choices before a draw, or at Therazane's choice, each as a one-move line (the first is the
    planner's): use Therazane's Touch now or draw; bring the bottom card to the top or leave it."""
    if state.peeking:
        return [(E.Reorder(True),), (E.Reorder(False),)]
    if "KD" in state.powers and state.deck and not state.hand:
        return [(Unleash("therazane"),), (E.Draw(),)]
    return []


def _candidates(state: ElementalsState, candidates: int) -> tuple[list[tuple[Any, ...]], bool]:
    """The lines to compare, the planner's own first where it is among them (then True): within a turn,
    the plans for the rest of it; before a draw, the choices of ``_between_turns``."""
    if state.peeking or not state.in_turn:
        return _between_turns(state), True
    listed = plans(state)
    ranked = [line for line, _ in sorted(listed, key=lambda item: order_key(item[1]), reverse=True)]
    mine = _planners_plan(state, listed)
    lines = ranked[:candidates]
    if mine is not None:
        lines = [mine[0], *[line for line in ranked if line != mine[0]][: candidates - 1]]
    if SOLVER_LINES:
        lines.extend(_added(_solver_lines(state, listed), lines))
    if "KC" in state.powers and state.deck and len(lines) > 1:
        # Breath of Al'Akir first, then the planner with four cards: a plan that cannot be listed ahead.
        lines.append((Unleash("alakir"),))
    return lines, mine is not None


def _solver_lines(state: ElementalsState, listed: list[tuple[tuple[Any, ...], Any]]) -> list[tuple[Any, ...]]:
    """The listed plans the exact solver begins its winning lines with, in ``SOLVER_LINES`` games dealt to fit
    the view (from a generator of their own, so that the race's games are not these), each solved up to
    ``SOLVER_POSITIONS`` positions. A winning line is followed in the canonical game (its plays this turn
    read only what is seen) up to where a listed plan ends; a line that first uses a power showing the
    deck, or draws, gives none."""
    rng = random.Random(content_key(repr(("solver", visible(state)))))
    ends = {end: line for line, end in listed}
    found: list[tuple[Any, ...]] = []
    for _ in range(SOLVER_LINES):
        result = solve(view(state, rng), limit=None, max_positions=SOLVER_POSITIONS)
        if result.verdict != "winnable":
            continue
        game = canonical(state)
        for action in result.line:
            if action is E.DRAW or isinstance(action, E.Draw) or (
                isinstance(action, Unleash) and action.power in _SHOWING
            ):
                break
            try:
                game = game.apply(action)
            except IllegalActionError:
                break
            line = ends.get(position_of(game))
            if line is not None:
                if line not in found:
                    found.append(line)
                break
    return found


def _added(found: list[tuple[Any, ...]], lines: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The lines of ``found`` not already among ``lines``: the candidates the solver adds."""
    return [line for line in found if line not in lines]


def _race(
    state: ElementalsState, lines: list[tuple[Any, ...]], samples: int, keep_first: bool, rng: random.Random,
    progress: Callable[[int], None] | None,
) -> tuple[list[list[int]], list[list[bool]], list[int]]:
    """Play the lines in deals that fit the view, halving the field as the deals grow: every line meets
    the same deals, the weaker half is dropped after each round, and the first line (the planner's) is
    kept to the end when ``keep_first``. Scores: elementals banished, ``WIN_BONUS`` more for a win."""
    deals: list[ElementalsState] = []
    scores: list[list[int]] = [[] for _ in lines]
    wins: list[list[bool]] = [[] for _ in lines]
    alive = list(range(len(lines)))
    rounds = max(1, (len(lines) - 1).bit_length())
    limit = WORK[0] + POSITIONS
    for r in range(rounds + 1):
        n = max(2, samples >> (rounds - r))
        while len(deals) < n:
            deals.append(view(state, rng))
        # Deal by deal, every line still in the race on each, so that the race can stop anywhere.
        for j in range(min(len(scores[k]) for k in alive), n):
            for k in alive:
                if len(scores[k]) > j:
                    continue
                ok, defeated = _rollout(deals[j], lines[k])
                scores[k].append(defeated + WIN_BONUS * ok)
                wins[k].append(ok)
                if progress is not None:
                    progress(1)
            if WORK[0] > limit:
                # Out of work: the lines still in the race are compared on the deals they all played.
                for k in alive:
                    del scores[k][j + 1 :], wins[k][j + 1 :]
                return scores, wins, alive
        if r == rounds:
            break
        ranked = sorted(alive, key=lambda k: -sum(scores[k]) / len(scores[k]))
        keep = ranked[: max(1, (len(alive) + 1) // 2)]
        if keep_first and 0 not in keep:
            keep = [0, *keep[: max(1, len(keep) - 1)]]
        alive = sorted(keep)
        if len(alive) == 1:
            break
    return scores, wins, alive


def _deal(deals: list[ElementalsState], j: int, state: ElementalsState, rng: random.Random) -> ElementalsState:
    """The ``j``-th deal of the pool that fits the view, dealt when first needed: every line's ``j``-th game
    is played in the same deal (common random numbers)."""
    while len(deals) <= j:
        deals.append(view(state, rng))
    return deals[j]


def _even(
    state: ElementalsState, lines: list[tuple[Any, ...]], total: int, rng: random.Random,
    progress: Callable[[int], None] | None,
) -> tuple[list[list[int]], list[list[bool]], list[int]]:
    """Nested rollouts, level 1 (Bjarnason, Fern and Tadepalli, ICAPS 2009): every line plays the same
    deals, ``total`` games in all, and the best mean wins, with no lean toward the planner's line."""
    deals: list[ElementalsState] = []
    scores: list[list[int]] = [[] for _ in lines]
    wins: list[list[bool]] = [[] for _ in lines]
    limit = WORK[0] + POSITIONS
    for j in range(max(2, total // len(lines))):
        for k, line in enumerate(lines):
            ok, defeated = _rollout(_deal(deals, j, state, rng), line)
            scores[k].append(defeated + WIN_BONUS * ok)
            wins[k].append(ok)
            if progress is not None:
                progress(1)
        if WORK[0] > limit and j >= 1:
            break
    return scores, wins, list(range(len(lines)))


def _uct(
    state: ElementalsState, lines: list[tuple[Any, ...]], total: int, rng: random.Random,
    progress: Callable[[int], None] | None,
) -> tuple[list[list[int]], list[list[bool]], list[int]]:
    """Determinized UCT at the turn's choice: each game goes to the line of highest upper confidence bound
    (UCB1 on the score over its most, ``WIN_BONUS`` + 12), the statistics shared over the deals that fit
    the view; a line's ``i``-th game is played in the pool's ``i``-th deal. ``total`` games in all."""
    deals: list[ElementalsState] = []
    scores: list[list[int]] = [[] for _ in lines]
    wins: list[list[bool]] = [[] for _ in lines]
    top = WIN_BONUS + len(E.ELEMENTALS)
    limit = WORK[0] + POSITIONS
    for it in range(max(total, 2 * len(lines))):
        if it < 2 * len(lines):
            k = it % len(lines)
        else:
            log = math.log(it)
            k = max(
                range(len(lines)),
                key=lambda i: sum(scores[i]) / len(scores[i]) / top + UCT_C * (log / len(scores[i])) ** 0.5,
            )
        ok, defeated = _rollout(_deal(deals, len(scores[k]), state, rng), lines[k])
        scores[k].append(defeated + WIN_BONUS * ok)
        wins[k].append(ok)
        if progress is not None:
            progress(1)
        if WORK[0] > limit and it >= 2 * len(lines):
            break
    return scores, wins, list(range(len(lines)))


def _schedule(k: int, samples: int) -> list[int]:
    """The deals each round of ``_race`` plays with ``k`` lines: the first rounds few, the last ``samples``."""
    rounds = max(1, (k - 1).bit_length())
    return [max(2, samples >> (rounds - r)) for r in range(rounds + 1)]


def _cost(k: int, samples: int) -> int:
    """How many games ``_race`` plays out at most with ``k`` lines and ``samples`` deals."""
    total, alive, done = 0, k, 0
    for n in _schedule(k, samples):
        total += alive * (n - done) if done else alive * n
        done = n
        alive = max(2, (alive + 1) // 2) if alive > 2 else alive
    return total


def _affordable(state: ElementalsState, k: int, samples: int) -> int:
    """``samples``, halved while the games to play out would take more than the layout's ``BUDGET`` turns in
    all (a game early on has many turns to play): a hint's work is bounded, whatever the position."""
    turns = len(state.deck) // E.HAND_SIZE + 1
    while samples > 4 and _cost(k, samples) * turns > BUDGET[state.layout]:
        samples //= 2
    return samples


def hint(
    state: ElementalsState,
    samples: int = SAMPLES,
    progress: Callable[[int], None] | None = None,
    candidates: int = CANDIDATES,
    estimate: bool = True,
    method: str = "race",
) -> Hint:
    """The best next move in ``state`` from what the player sees (see the module's description).

    The planner's plan for the turn and the most promising others (``candidates`` in all) race in games
    that fit the view, each game played to its end by the planner; the weaker half drops out as the
    games grow, up to ``samples`` games for the last ones; another plan replaces the planner's only
    where it scores better beyond chance. ``progress`` is called with 1 after each game played out.
    Without ``estimate``, a lone move (a draw, a single plan) comes without its chance to win, unplayed.
    ``method`` (one of ``METHODS``) chooses among the plans otherwise, in as many games as the race would
    play: ``nested`` (every plan the same games, the best mean) or ``uct`` (UCB1 over the plans); the race
    won the most development deals (pyramid seeds 10,001-10,030: race 9, nested 2, UCT 3) and is the default
    (``benchmarks/results/elementals-hint-methods.txt``).
    """
    if state.is_terminal():
        raise IllegalActionError(*game_over(state))
    rng = random.Random(content_key(repr(visible(state))))
    opts = state.options
    if opts["breath-draws"] != "top" or opts["empty-deck"] != "lose":
        # Readings the plans are not listed for: the planner's move (it reads the deck's make-up).
        return _planners_move(state, rng, 0)
    if ENDGAME and endgame.applies(state, endgame.DECK_LIMIT):
        counted = _counted(state)
        if counted is not None:
            return counted
    lines, has_mine = _candidates(state, candidates if method == "race" else WIDE)
    if len(lines) < 2:
        # One sensible move (a draw, or a single plan): no race, but its chance is still estimated.
        only = lines[0] if lines else (Planner()(canonical(state), rng),)
        if (state.in_turn and not lines) or not estimate:
            return Hint(only[0], only, 0, 0, 0, "only")  # every plan loses at once, or no chance asked for
        scores, wins, _ = _race(state, [only], max(2, samples // 2), True, rng, progress)
        n = len(scores[0])
        mean = _banished(scores[0], wins[0])
        return Hint(only[0], only, n, sum(wins[0]), sum(wins[0]), "only", mean=mean, played=n)
    samples = _affordable(state, len(lines) if method == "race" else min(len(lines), CANDIDATES + 1), samples)
    if method == "race":
        scores, wins, alive = _race(state, lines, samples, has_mine, rng, progress)
    else:
        # The same number of games as the race would play with its lines.
        total = _cost(min(len(lines), CANDIDATES + 1), samples)
        scores, wins, alive = (_uct if method == "uct" else _even)(state, lines, total, rng, progress)
    mean = {k: sum(scores[k]) / len(scores[k]) for k in alive}
    if method == "uct":
        best = max(alive, key=lambda k: (len(scores[k]), mean[k], k == 0))
    else:
        best = max(alive, key=lambda k: (mean[k], k == 0))
    if method == "race" and has_mine and best != 0 and not _better(scores[best], scores[0][: len(scores[best])]):
        best = 0
    n = len(scores[best])
    won = sum(any(wins[k][j] for k in range(len(lines)) if len(wins[k]) > j) for j in range(n))
    alternatives = [(lines[k], sum(wins[k])) for k in alive if k != best]
    planners = sum(wins[0]) if has_mine else None
    return Hint(
        lines[best][0],
        lines[best],
        n,
        won,
        sum(wins[best]),
        "samples",
        planners=planners,
        alternatives=alternatives,
        mean=_banished(scores[best], wins[best]),
        played=sum(map(len, scores)),
    )


def _counted(state: ElementalsState) -> Hint | None:
    """The plan with the best chance to win counted over every draw to come (``endgame.chances``), the
    planner's first among equals; None when the count is too long, or every plan's chance is nil (then the
    race finds the plan that loses least)."""
    listed = plans(state)
    if not listed:
        return None
    ranked = [line for line, _ in sorted(listed, key=lambda item: order_key(item[1]), reverse=True)]
    mine = _planners_plan(state, listed)
    if mine is not None:
        ranked = [mine[0], *[line for line in ranked if line != mine[0]]]
    found = endgame.chances(state, ranked[:ENDGAME_PLANS], endgame.NODES)
    if found is None:
        return None
    values, exact = found
    best = max(range(len(values)), key=lambda k: (values[k], -k))
    if values[best] <= 0.0:
        return None
    alternatives = [(ranked[k], 0) for k in sorted(range(len(values)), key=lambda k: -values[k]) if k != best]
    return Hint(ranked[best][0], ranked[best], source="exact", chance=values[best], exact=exact,
                alternatives=alternatives[:0])


def _banished(scores: list[int], wins: list[bool]) -> float:
    """The elementals banished on average in the games played out (a score less its win bonus)."""
    return (sum(scores) - WIN_BONUS * sum(wins)) / len(scores)


class HintPolicy:
    """The hint as a policy for ``simulate``: it follows the plan a hint begins, and asks again when the
    plan ends or the game leaves it. Each hint races up to ``candidates`` plans in up to ``samples``
    deals, as at the command line; a lone move is played without its chance to win."""

    def __init__(self, samples: int = SAMPLES, candidates: int = CANDIDATES, method: str = "race") -> None:
        self.samples, self.candidates, self.method = samples, candidates, method
        #: A lone move is played without estimating its chance: nobody reads it, and the work goes to moves
        #: with a choice.
        self.estimate = False
        self._plan: list[Any] = []
        self._expect: ElementalsState | None = None

    def __call__(self, state: ElementalsState, rng: random.Random) -> Any:
        if self._plan and state == self._expect:
            action = self._plan.pop(0)
        else:
            found = hint(state, self.samples, candidates=self.candidates, estimate=self.estimate, method=self.method)
            self._plan = list(found.plan[1:]) if found.source in ("samples", "only", "exact") else []
            action = found.action
        self._expect = state.apply(action)
        return action


# ---------------------------------------------------------------- the hint in a player's words


def _step_words(before: ElementalsState, action: Any, after: ElementalsState) -> str:
    """What one move of a plan does, in a player's words."""
    if isinstance(action, E.Draw):
        return "draw three cards to begin the turn"
    if isinstance(action, E.Reorder):
        return f"bring {before.deck[-1]} from the bottom of the deck to the top" if action.to_top else (
            f"leave {before.deck[-1]} at the bottom of the deck"
        )
    if isinstance(action, E.Discard):
        return f"throw away {action.card} ({after.damage - before.damage} damage, {after.damage} in all)"
    if isinstance(action, Unleash):
        return {
            "neptulon": f"put {action.card} under the deck with Whispers of Neptulon (no damage)",
            "ragnaros": f"double {action.card} with Hand of Ragnaros",
            "therazane": "look at the bottom card of the deck with Therazane's Touch",
            "alakir": "draw one more card with Breath of Al'Akir",
        }.get(str(action.power), str(action))
    return _play_words(before, action, after)


def _play_words(before: ElementalsState, action: Any, after: ElementalsState) -> str:
    target = action.target
    slot = before.slot_of(target)
    assert slot is not None
    laid = len(before.piles[slot])
    power = E.power_of(target)
    if laid == E.DAMAGE_CARDS:
        text = f"banish {target} with {action.card}: it is defeated"
        if target.startswith("K"):
            text += f", and its power ({E.LORD_TITLES[target]}) is yours to use once"
        newly = len(after.revealed - before.revealed)
        if newly:
            many = newly > 1
            text += f"; it turns up {newly} face-down card{'s' if many else ''}: see {'them' if many else 'it'} first"
        return text
    total = after.pile_power(slot)
    element = E.element_of(target)
    if laid == 1:
        article = "an" if str(element)[0] in "aeiou" else "a"
        done = f"{total} of {power}"
        return f"complete the damage on {target} with {action.card} ({done}): it waits for {article} {element} card"
    return (
        f"start on {target} with {action.card} ({total} of {power}; "
        f"{max(power - total, 1)} more to come from a card that is not {element})"
    )


def _counted_words(state: ElementalsState, found: Hint) -> str:
    """The chance of an endgame hint, counted over every draw to come, in a player's words."""
    left = len(state.deck)
    face_down = any(s is not None and i not in state.revealed for i, s in enumerate(state.slots))
    showing = [E.LORD_TITLES[k] for k in ("KC", "KD") if k in state.powers]
    if left:
        basis = f"counted over every way the {left} card{'s' if left != 1 else ''} left in the deck may come"
        if face_down:
            basis += " and the face-down elementals may lie"
    else:
        basis = "no card is left to draw"
    if showing:
        basis += f"; counted without using {' or '.join(showing)}"
    how = "exactly" if found.exact else "about"
    return f"chance to win from here: {how} {found.chance:.0%} ({basis}); no other way to play this turn does better"


def _wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of ``wins`` in ``n``.

    Examples:
        >>> [round(x, 2) for x in _wilson(3, 12)]
        [0.09, 0.53]
    """
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def reasons(state: ElementalsState, found: Hint) -> list[str]:
    """Why the hint's move, in a player's words: what its plan does step by step, what it keeps back,
    the chance to win it was seen to have, and, when every line lost, that the deal looks lost.

    Examples:
        >>> state = E.new_game(seed=7).apply(E.Draw())
        >>> for line in reasons(state, hint(state, samples=4)):
        ...     print(line)  # doctest: +ELLIPSIS
        this turn: start on KD with 6H (6 of 13; 7 more to come from a card that is not earth); ...
        ...
    """
    lines = []
    steps, now = [], state
    for action in found.plan:
        after = now.apply(action)
        steps.append(_step_words(now, action, after))
        now = after
    if found.source == "only":
        if state.in_turn or state.peeking:
            lead = "the only way to play on: "
        else:  # before a draw: a power held may be legal too, but only Therazane's Touch is weighed here
            lead = "the only move now: " if len(state.legal_actions()) == 1 else "next: "
    else:
        lead = "this turn: " if len(steps) > 1 else "why: "
    lines.append(lead + "; then ".join(steps))
    used = {a.power for a in found.plan if isinstance(a, Unleash)}
    kept = [E.LORD_TITLES[k] for k in state.powers if E.LORD_POWERS[k] not in used]
    if kept:
        lines.append(f"keeps back: {', '.join(kept)}, for a turn that needs {'them' if len(kept) > 1 else 'it'} more")
    if found.source == "exact" and found.chance is not None:
        lines.append(_counted_words(state, found))
    elif found.samples:
        share = found.votes / found.samples
        low, high = _wilson(found.votes, found.samples)
        lines.append(
            f"chance to win from here: about {share:.0%} (won {found.votes} of {found.samples} games dealt to fit "
            f"what you see, each played on by looking one turn ahead; 95% between {low:.0%} and {high:.0%})"
        )
        if found.won == 0 and found.played >= LOST_AFTER:
            lines.append(
                f"this deal looks lost: no way of playing on won any of the {found.played} games played out; "
                f"this move loses least, defeating {found.mean:.1f} of 12 elementals on average"
            )
        elif found.won == 0 and found.played >= LOST_AFTER // 2:
            lines.append(f"no way of playing on won any of the {found.played} games played out: the chance looks small")
    elif found.source == "only":
        lines.append("this deal looks lost: every way to play this turn ends the game at once")
    for plan, wins in found.alternatives[:2]:
        lines.append(f"also tried: {', '.join(map(str, plan))} (won {wins} of its games)")
    return lines
