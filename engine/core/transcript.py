"""A saved game as a readable transcript, for `bergfried export`: the seats, the moves in the
game's notation under round headings with what each caused, and the final breakdown; as plain
text or Markdown.

    lines = transcript(game, loaded, "md")
    moves = transcript_moves("\\n".join(lines))   # [(seat, notation), …]: the moves, read back

Every move line ends in ``(<seat number>): <notation>`` (Markdown: the notation in backticks), so
:func:`transcript_moves` reads the moves back and a new match with the same secret replays them.
An unfinished game's secrets stay secret: its moves are written as a spectator saw them (a vote
as "voted"), not in notation, and its secret is left out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .game import Game

FORMATS = ("text", "md")
_MOVE = re.compile(r"^\s*\d+\.\s.*?\((\d+)\): `?(.+?)`?(?: · .*)?$")


def transcript(game: Game, loaded: Any, fmt: str = "text") -> list[str]:
    """The lines of ``loaded``'s transcript (a LoadedLog, verified) in ``fmt`` ("text" or "md")."""
    if fmt not in FORMATS:
        raise ValueError(f"the transcript formats are {', '.join(FORMATS)}, not {fmt!r}")
    md = fmt == "md"
    header = loaded.header
    names = [s.name for s in header.seats]
    finished = game.result(loaded.state).finished
    out = _heading(game, header, finished, md)
    state, round_no, number = game.initial_state(header.config), 0, 0
    for entry in loaded.entries:
        text = game.describe(state, entry.event, names)
        starts = game.boundary(entry.event)
        state = game.evolve(state, entry.event)
        if starts == "round":
            round_no += 1
            out += ["", f"### Round {round_no}" if md else f"Round {round_no}", ""]
            continue
        if text is None:
            continue
        if entry.move is not None and entry.by is not None:
            number += 1
            out.append(_move_line(number, names[entry.by], entry.by, entry.move if finished else text, text, md))
        else:
            out.append(f"  - {text}" if md else f"        {text}")
    return out + _ending(game, state, names, md)


def _heading(game: Game, header: Any, finished: bool, md: bool) -> list[str]:
    variants = f" · {', '.join(sorted(header.config.variants))}" if header.config.variants else ""
    when = f" · {header.created}" if header.created else ""
    branch = header.branch
    lines = [
        f"# {game.title}" if md else game.title,
        "",
        f"{header.config.players} players{variants}{when}"
        + ("" if finished else " · unfinished: secret moves are shown as the others saw them"),
        "",
    ]
    if branch is not None:
        lines += [f"Branched from {branch.source} at step {branch.step} ({branch.actions} moves kept).", ""]
    for i, seat in enumerate(header.seats):
        lines.append(f"{'- ' if md else '  '}{i + 1} {seat.label}")
    return lines + ["", "## Moves" if md else "Moves"]


def _move_line(number: int, name: str, seat: int, move: str, text: str, md: bool) -> str:
    said = "" if text == move else f" · {text}"
    if md:
        return f"{number}. **{name}** ({seat + 1}): `{move}`{said}"
    return f"{number:>4}. {name} ({seat + 1}): {move}{said}"


def _ending(game: Game, state: Any, names: Sequence[str], md: bool) -> list[str]:
    """The final breakdown (the game's own ``score_lines`` where it has them), the scores and
    the winners."""
    result = game.result(state)
    out = ["", "## Scores" if md else "Scores", ""]
    score_lines = getattr(game, "score_lines", None)
    if score_lines is not None:
        out += [f"{'- ' if md else '  '}{line}" for line in score_lines(state, list(names))]
    else:
        out += [f"{'- ' if md else '  '}{name}: {score}" for name, score in zip(names, result.scores)]
    if result.finished:
        winners = " and ".join(names[s] for s in result.winners) or "nobody"
        out += ["", f"**Winner: {winners}**" if md else f"Winner: {winners}"]
    return out


def transcript_moves(text: str) -> list[tuple[int, str]]:
    """The moves of a transcript (either format), read back: (seat from 0, notation) in order."""
    moves = []
    for line in text.splitlines():
        found = _MOVE.match(line)
        if found:
            moves.append((int(found.group(1)) - 1, found.group(2)))
    return moves
