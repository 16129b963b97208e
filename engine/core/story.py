"""A game's story in numbers, for the replay's chart and `bergfried replay FILE --chart`: every
seat's score after each step, each seat's chance of winning as the thinking bot's evaluation
judges the position, and the turning points, where a seat's own move cost it most.

    steps = story_steps(game, header, entries)        # positions, labels, movers
    scores = score_series(game, config, events, steps.positions)
    chances = chance_series(game, config, events, steps.positions, progress)
    costly = turning_points(game, header, events, steps, chances)

A step is a position worth stopping at: after each event the game describes (the replay
viewer's move list). Chances judge the real position, so they are for finished games, whose
secrets no longer matter; the viewer and the CLI offer them only then.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .cursor import set_up_length, start_label
from .errors import IllegalAction
from .game import Game, GameConfig
from .search_tuning import game_tuning, standing
from .search_hint import hints

Progress = Callable[[int, int], None]  # (done, total)


@attrs.frozen
class Steps:
    positions: tuple[int, ...]  # event counts: the start (past what the set-up said), then after each described event
    labels: tuple[str, ...]  # the move-list line of each step ("start …" for the first)
    movers: tuple[int | None, ...]  # whose move each step shows (None: a consequence, the start)


@attrs.frozen
class TurningPoint:
    step: int  # the step of the costly move
    seat: int
    move: str  # what was played, in notation
    before: float  # the seat's chance before and after it (0..1)
    after: float
    better: str | None  # the move the bot would have played instead (None: the same move)
    why: str  # the hint dialog's line for it


def story_steps(game: Game, header: Any, entries: Sequence[Any]) -> Steps:
    """The replay viewer's steps of a log (the same rule as its move list)."""
    begun = set_up_length(entries)
    positions, labels, movers, set_up = [0], [""], [None], []
    state = game.initial_state(header.config)
    names = [s.name for s in header.seats]
    for i, entry in enumerate(entries):
        text = game.describe(state, entry.event, names)
        state = game.evolve(state, entry.event)
        if text is not None and i < begun:  # the start moves past what the set-up said
            positions[0] = i + 1
            set_up.append(text)
        elif text is not None:
            mover = entry.by if entry.move is not None else None
            positions.append(i + 1)
            labels.append(f"{names[mover]}: {text}" if mover is not None else text)
            movers.append(mover)
    if positions[-1] != len(entries):
        positions.append(len(entries))
        labels.append("end")
        movers.append(None)
    labels[0] = start_label(set_up)
    return Steps(tuple(positions), tuple(labels), tuple(movers))


def _states(game: Game, config: GameConfig, events: Sequence[Any], positions: Sequence[int]):
    """The state at each position (positions ascending), folding the log once."""
    state, at = game.initial_state(config), 0
    for position in positions:
        while at < position:
            state = game.evolve(state, events[at])
            at += 1
        yield state


def score_series(
    game: Game, config: GameConfig, events: Sequence[Any], positions: Sequence[int]
) -> list[tuple[int, ...]]:
    """Every seat's score at each position."""
    return [tuple(game.result(s).scores) for s in _states(game, config, events, positions)]


def evaluation(game: Game) -> Callable[[Game, Any], Sequence[float]]:
    """The thinking bot's evaluation of a position (its search's leaf values): the game's own,
    else the score standing."""
    own = game_tuning(game)[0]
    return own or standing


def chance_series(
    game: Game, config: GameConfig, events: Sequence[Any], positions: Sequence[int], progress: Progress | None = None
) -> list[tuple[float, ...]]:
    """Each seat's chance of winning at each position: the evaluation's per-seat values as
    shares of their sum (they add up to 1; the winners share 1 at the end)."""
    judge, total, out = evaluation(game), len(positions), []
    for done, state in enumerate(_states(game, config, events, positions), start=1):
        result = game.result(state)  # once it is over the result says it, whatever a judge thinks
        values = [max(0.0, float(v)) for v in (standing(game, state) if result.finished else judge(game, state))]
        whole = sum(values)
        out.append(tuple(v / whole for v in values) if whole > 0 else tuple(1 / len(values) for v in values))
        if progress is not None:
            progress(done, total)
    return out


def costly_steps(
    steps: Steps, chances: Sequence[Sequence[float]], top: int = 3, least: float = 0.05
) -> list[tuple[int, int, float]]:
    """(step, seat, fall) of the ``top`` moves after which the mover's own chance fell most
    (by at least ``least``), the biggest fall first."""
    falls = []
    for k in range(1, len(steps.positions)):
        seat = steps.movers[k]
        if seat is not None:
            fall = chances[k - 1][seat] - chances[k][seat]
            if fall >= least:
                falls.append((k, seat, fall))
    return sorted(falls, key=lambda f: (-f[2], f[0]))[:top]


def turning_points(
    game: Game,
    header: Any,
    entries: Sequence[Any],
    steps: Steps,
    chances: Sequence[Sequence[float]],
    top: int = 3,
    level: str = "casual",
    iterations: int | None = None,
    progress: Progress | None = None,
) -> list[TurningPoint]:
    """The costly moves, each with what the ``level`` bot would have played instead and why,
    in the hint dialog's words (engine.core.search_hint), searched from the mover's view within
    the level's own time budget (or a fixed ``iterations``, for reproducible tests)."""
    names = [s.name for s in header.seats]
    events = [e.event for e in entries]
    costly = costly_steps(steps, chances, top)
    out = []
    for done, (k, seat, _) in enumerate(costly, start=1):
        position = steps.positions[k]
        state = next(_states(game, header.config, events, [position - 1]))
        entry = entries[position - 1]
        legal = list(game.legal_actions(state, seat))
        view = game.view(state, seat)
        try:
            top_moves = hints(
                game, view, legal, random.Random(k), level=level, iterations=iterations, top=1, names=names
            )
        except ValueError:  # no thinking level: the chances still show, without advice
            top_moves = []
        best = top_moves[0] if top_moves else None
        better = None if best is None or same_move(game, state, seat, best.action, entry.move) else best.notation
        why = best.why if best is not None else ""
        out.append(TurningPoint(k, seat, entry.move or "", chances[k - 1][seat], chances[k][seat], better, why))
        if progress is not None:
            progress(done, len(costly))
    return sorted(out, key=lambda t: t.step)


def same_move(game: Game, state: Any, seat: int, action: Any, played: str | None) -> bool:
    """Whether ``action`` is the move written ``played``: the same position after either (a card
    that reads the same turned round may be written two ways, and the bot names one of them)."""
    if played is None:
        return False
    try:
        other = game.parse_action(state, seat, played)
        after = [state, state]
        for i, each in enumerate((action, other)):
            for event in game.decide(state, seat, each, random.Random(0)):  # the same draws for both
                after[i] = game.evolve(after[i], event)
    except IllegalAction:
        return False
    return bool(after[0] == after[1])


def turning_text(point: TurningPoint, names: Sequence[str]) -> str:
    """'step 41: a costly move — Ann played A3 (52 % → 31 %); the bot would play B2: why'."""
    head = (
        f"step {point.step}: a costly move — {names[point.seat]} played {point.move} "
        f"({round(100 * point.before)} % → {round(100 * point.after)} %)"
    )
    if point.better is None:
        return head + "; the bot would have played it too" + (f" ({point.why})" if point.why else "")
    return head + f"; the bot would play {point.better}" + (f": {point.why}" if point.why else "")


MARKERS = "123456"  # each seat's line is drawn with its seat number: readable without colour


def draw_story(
    plt: Any,
    series: Sequence[Sequence[float]],
    names: Sequence[str],
    current: int | None,
    title: str,
    percent: bool = False,
    marks: Sequence[tuple[int, int]] = (),
    columns: int | None = None,
) -> None:
    """Draw one chart onto ``plt``, a plotext module or figure (engine code never imports one):
    a line per seat over the steps, drawn with the seat's number, the ``current`` step as an
    upright line and the (step, seat) ``marks`` (turning points) as "!" on that seat's line.
    ``columns``: the chart's width, where known; a long game's lines are then drawn through two
    steps a column (a column shows no more, and plotext's time grows with the points)."""
    plt.clear_data()
    steps = spread_steps(len(series), 2 * columns if columns else len(series))
    scale = 100 if percent else 1
    for seat, name in enumerate(names):
        plt.plot(steps, [series[k][seat] * scale for k in steps], marker=MARKERS[seat % len(MARKERS)], label=name[:16])
    for step, seat in marks:
        if 0 <= step < len(series):
            plt.scatter([step], [series[step][seat] * scale], marker="!")
    if current is not None:
        plt.vline(current)
    last = max(1, len(series) - 1)
    ticks = sorted({round(last * i / 4) for i in range(5)})
    plt.xticks(ticks, [str(t) for t in ticks])
    plt.title(title)
    plt.xlabel("step")
    if percent:
        plt.ylim(0, 100)


def spread_steps(count: int, most: int) -> list[int]:
    """At most ``most`` of the steps 0..count-1, spread evenly, the first and last among them."""
    if count <= most or most < 2:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})
