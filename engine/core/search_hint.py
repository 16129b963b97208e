"""Hints: what the expert would do here, as the top moves of its search, each with a line of why.

Everything starts from one seat's view and its legal moves, as a bot's decision does: the
thinking bot searches (engine.core.search), and the "why" is built from the protocol alone
(the game's ``preview(view, action)``, the score the move makes at once in states the seat
cannot tell from the truth, and the search's own figures), so a hint never knows a secret.

    >>> import random
    >>> from engine.core.game import GameConfig, rng_for, secret_from
    >>> from engine.games import get_game
    >>> game = get_game("king-up")
    >>> state = game.initial_state(GameConfig(4))
    >>> for ev in game.setup(GameConfig(4), rng_for(secret_from(1), 0)):
    ...     state = game.evolve(state, ev)
    >>> seat = min(game.to_act(state))
    >>> legal = list(game.legal_actions(state, seat))
    >>> top = hints(game, game.view(state, seat), legal, random.Random(1), iterations=60)
    >>> len(top) == 3 and all(0.0 <= h.win <= 1.0 and h.why for h in top)
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from .errors import IllegalAction
from .game import Game
from .search import Thinking
from .search_hint_rank import Ranked, rank


@attrs.frozen
class Hint:
    action: Any
    notation: str
    win: float | None  # the searched chance of winning after this move (0..1); None: not searched
    visits: int  # how many of the search's iterations tried it
    share: float  # visits / iterations
    why: str  # one line: what the move does and what the search thought of it
    expert: bool = False  # the move the expert itself would play
    low: float | None = None  # the 95 % range of ``win`` where it is an average of playouts
    high: float | None = None
    named: str = ""  # the move as the board names it ("Dining Room → Mespelbrunn -2,0"), if more than the notation
    searched: int = 0  # the search's iterations (playouts, or judgements of a one-move search)
    seconds: float = 0.0  # and the time it took


def win_text(hint: Hint) -> str:
    """'win 62 %', or its range 'win 48–71 %' where few playouts leave it unsure; 'win –' unsearched."""
    if hint.win is None:
        return "win –"
    if hint.low is not None and hint.high is not None and round(100 * hint.high) - round(100 * hint.low) > 2:
        return f"win {round(100 * hint.low)}–{round(100 * hint.high)} %"
    return f"win {round(100 * hint.win)} %"


# -- the search -----------------------------------------------------------------------------------


def expert_bot(
    game: Game, level: str = "expert", *, iterations: int | None = None, seconds: float | None = None
) -> Any:
    """The game's thinking bot of ``level``; a fixed ``iterations`` (reproducible) or ``seconds``
    replaces the level's own time budget."""
    factory = getattr(game, "bots", {}).get(level)
    if not isinstance(factory, Thinking):
        raise ValueError(f"{game.title} has no thinking level {level!r}")  # noqa: TRY004 -- a level name
    bot = factory(game)
    if iterations is not None:
        bot.seconds, bot.iterations = None, iterations
    elif seconds is not None:
        bot.seconds, bot.iterations = seconds, None
    return bot


def ranked_moves(bot: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> tuple[Any, list[Ranked], int]:
    """(the bot's choice, its root moves ranked by the measure the bot plays by with the choice
    first, the iterations run). Only the seat's real legal moves are ranked."""
    choice = bot.choose(view, list(legal), rng)
    report = bot.last if len(legal) > 1 else None
    if report is None:
        return choice, [Ranked(choice, 0, None)], 0
    return choice, rank(bot, report, choice, legal), report.iterations


# -- the why --------------------------------------------------------------------------------------


def samples(game: Game, view: Any, rng: random.Random, count: int = 3) -> list[tuple[Any, int]]:
    """``count`` states the seat cannot tell from the truth, each with the seed its chance is
    drawn from: every hinted move is tried in the same ones, so they compare fairly."""
    return [(game.determinize(view, rng), rng.getrandbits(64)) for _ in range(count)]


def played(game: Game, seat: int, action: Any, states: Sequence[tuple[Any, int]]) -> list[tuple[Any, Any]]:
    """(before, after) the move in each sampled state (chance and others' hidden choices may
    make them differ)."""
    out = []
    for before, seed in states:
        state = before
        try:
            for event in game.decide(state, seat, action, random.Random(seed)):
                state = game.evolve(state, event)
        except IllegalAction:  # a determinization that guessed a public detail otherwise
            continue
        out.append((before, state))
    return out


def score_change(game: Game, pairs: Sequence[tuple[Any, Any]], seat: int) -> tuple[int, int] | None:
    """The lowest and highest change of the seat's score the move makes at once; None untried."""
    changes = [game.result(a).scores[seat] - game.result(b).scores[seat] for b, a in pairs]
    return (min(changes), max(changes)) if changes else None


def score_text(change: tuple[int, int] | None) -> str:
    """'+4 points now', '+0 to +5 points now', or '' when the move scores nothing at once."""
    if change is None or change == (0, 0):
        return ""
    low, high = change
    if low == high:
        return f"{low:+d} point{'' if abs(low) == 1 else 's'} now"
    return f"{low:+d} to {high:+d} points now"


def chance_change(
    game: Game, evaluate: Callable[[Game, Any], Sequence[float]], pairs: Sequence[tuple[Any, Any]], seat: int
) -> tuple[float, float] | None:
    """The seat's winning chance as the game's evaluation judges the position, before and right
    after the move (no search), averaged over the sampled states; None untried."""
    if not pairs:
        return None
    before = sum(evaluate(game, b)[seat] for b, _ in pairs) / len(pairs)
    after = sum(evaluate(game, a)[seat] for _, a in pairs) / len(pairs)
    return before, after


CHANCE_STEP = 2  # percentage points: smaller changes are noise of the sampled states, not said


def chance_text(change: tuple[float, float] | None) -> str:
    """'lifts your chances from 45 % to 52 % at once', or '' for no visible change."""
    if change is None:
        return ""
    before, after = (round(100 * c) for c in change)
    if abs(after - before) < CHANCE_STEP:
        return ""
    return f"{'lifts' if after > before else 'lowers'} your chances from {before} % to {after} % at once"


def _who(seat: int, me: int | None, names: Sequence[str]) -> str:
    if seat == me:
        return "you"
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def _completion(f: Mapping[str, Any], me: int | None, names: Sequence[str]) -> str:
    # A feature the move completes (Carcassonne: kind, size, the seat that wins it, its points).
    who = f"{_who(f['winner'], me, names)} +{f['points']}" if f["winner"] >= 0 else "nobody scores"
    return f"completes the {f['kind']} of {f['size']}: {who}"


def _castle_score(f: Mapping[str, Any], me: int | None, names: Sequence[str]) -> str:
    # A room placed in a castle (Between Two Castles: the castle's score before and after, a bonus).
    text = f"that castle {f['before']} → {f['after']} points"
    if f["bonus"] == "special":
        return text + ", earns a special room"
    return text + (f", earns the {f['bonus']} bonus" if f["bonus"] else "")


def _walk(f: Mapping[str, Any], me: int | None, names: Sequence[str]) -> str:
    # A figure walked along a path (Castle Builder: the baron's steps, where it stops, coins won).
    if not f["steps"]:
        return ""
    parts = [f"the baron walks {f['distance']} to space {f['to'] + 1}"]
    if f["coins"]:
        parts.append(f"+{f['coins']} coin{'' if f['coins'] == 1 else 's'}")
    if f["tile_space"]:
        parts.append("takes a tile")
    return ", ".join(parts)


# Previews are read by the fields they have (the core knows no game): a shape, then its words.
PREVIEW_SHAPES: tuple[tuple[frozenset[str], Callable[..., str]], ...] = (
    (frozenset({"kind", "size", "winner", "points"}), _completion),
    (frozenset({"before", "after", "bonus"}), _castle_score),
    (frozenset({"steps", "to", "distance", "coins", "tile_space"}), _walk),
)


def preview_text(preview: Any, me: int | None = None, names: Sequence[str] = ()) -> str:
    """A game's ``preview(view, action)`` in words; '' for none. A shape not known here is
    shown as its fields ("name value, ..."), which is plain but never wrong."""
    if preview is None:
        return ""
    if isinstance(preview, (tuple, list)):
        return "; ".join(t for t in (preview_text(p, me, names) for p in preview) if t)
    if not attrs.has(type(preview)):
        return str(preview)
    fields = attrs.asdict(preview, recurse=False)
    for shape, say in PREVIEW_SHAPES:
        if shape <= fields.keys():
            return say(fields, me, names)
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in fields.items())


def search_text(row: Ranked, expert: bool) -> str:
    """What the search thought: the number that placed the move (and that it is the expert's
    pick), and why it stands below the pick where its win chance is higher."""
    if not row.decided:
        return "the only legal move" if expert else ""
    said = f"the expert's pick: {row.decided}" if expert else row.decided
    return f"{said}; {row.reason}" if row.reason else said


def why(
    game: Game,
    view: Any,
    row: Ranked,
    expert: bool,
    states: Sequence[tuple[Any, int]],
    names: Sequence[str] = (),
    evaluate: Callable[..., Sequence[float]] | None = None,
) -> str:
    """One line: what the move does (the game's preview, the score it makes now in the sampled
    ``states``, how the game's evaluation judges the position it leaves), then what the search
    thought of it."""
    pairs = played(game, view.seat, row.action, states)
    parts = [
        preview_text(game.preview(view, row.action), view.seat, names),
        score_text(score_change(game, pairs, view.seat)),
        chance_text(chance_change(game, evaluate, pairs, view.seat)) if evaluate else "",
        search_text(row, expert),
    ]
    return "; ".join(p for p in parts if p)


def named(game: Game, state: Any, seat: int, action: Any, notation: str, names: Sequence[str]) -> str:
    """The move as the move list names it ("Dining Room → Mespelbrunn -2,0"), where that says
    more than the notation: tiles by what the holder shows, not by number."""
    try:
        events = game.decide(state, seat, action, random.Random(0))
    except IllegalAction:
        return ""
    said = game.describe(state, events[0], names) if events else None
    if not said or said == notation:
        return ""
    if said.startswith(notation):  # "94@1a  (#94 7 tower roof)": the words after it
        said = said[len(notation) :].strip().removeprefix("(").removesuffix(")").strip()
    return said


# -- all together ---------------------------------------------------------------------------------


def hints(
    game: Game,
    view: Any,
    legal: Sequence[Any],
    rng: random.Random,
    *,
    level: str = "expert",
    iterations: int | None = None,
    seconds: float | None = None,
    top: int = 3,
    names: Sequence[str] = (),
) -> list[Hint]:
    """The ``top`` moves of the ``level`` bot from ``view``: its own choice first, then the moves
    the bot's own measure ranks next (search_hint_rank). A fixed ``iterations`` makes them reproducible (given ``rng``);
    otherwise ``seconds`` or the level's time budget bounds the search."""
    if not legal:
        return []
    bot = expert_bot(game, level, iterations=iterations, seconds=seconds)
    choice, rows, done = ranked_moves(bot, view, legal, rng)
    states = samples(game, view, random.Random(rng.getrandbits(64)))
    # Notation needs a position: any determinization reads the same to this seat.
    state = game.determinize(view, random.Random(0))
    out = []
    for row in rows[:top]:
        expert = row.action == choice
        notation = game.format_action(state, view.seat, row.action)
        out.append(
            Hint(
                row.action,
                notation,
                row.mean,
                row.visits,
                row.visits / done if done else 0.0,
                why(game, view, row, expert, states, names, bot.evaluate),
                expert,
                row.low,
                row.high,
                named(game, state, view.seat, row.action, notation, names),
                done,
                bot.last.seconds if bot.last is not None and done else 0.0,
            )
        )
    return out
