"""A game's chances and turning points computed in a process of its own, so the client's keys
never wait for them: in the client's process the evaluation would hold the interpreter's lock,
and every frame would queue behind it (issue 28: key to frame under 50 ms meanwhile).

The child is ``python -m engine.story_process``: it reads one pickled request on stdin and
writes pickled messages on stdout, ("progress", done, total) now and then and ("done", chances,
points) at the end. A plain subprocess, not a multiprocessing pool: a Textual app replaces
sys.stderr with an object without a file descriptor, which multiprocessing's start-up trips over.
The child runs at a lower priority (NICENESS): on a busy machine the client's frames come first.

    for message in story_in_process(game_id, header, entries, steps):
        ...
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from engine.core.story import Steps, chance_series, turning_points

PROGRESS_EVERY = 16  # steps between progress messages
NICENESS = 10  # the child yields the cores to the client (and its keys) whenever both want one


def story_in_process(game_id: str, header: Any, entries: Sequence[Any], steps: Steps) -> Iterator[tuple]:
    """Yield the child's messages: ("progress", done, total) ..., then ("done", chances, points).
    Raises OSError when no child can be started or it ends without an answer."""
    child = subprocess.Popen(
        [sys.executable, "-P", "-m", "engine.story_process"],  # (-P: not the current folder's code)
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert child.stdin is not None and child.stdout is not None
        pickle.dump((game_id, header, tuple(entries), steps), child.stdin)
        child.stdin.close()
        while True:
            try:
                message = pickle.load(child.stdout)
            except (EOFError, pickle.UnpicklingError) as exc:
                raise OSError(f"the story's process ended without an answer ({exc})") from None
            yield message
            if message[0] == "done":
                return
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()


def _answer(game_id: str, header: Any, entries: Sequence[Any], steps: Steps) -> None:
    from engine.games import get_game

    game, out = get_game(game_id), sys.stdout.buffer
    total = len(steps.positions) + 1

    def progress(done: int, _: int) -> None:
        if done % PROGRESS_EVERY == 0:
            pickle.dump(("progress", done, total), out)
            out.flush()

    events = [e.event for e in entries]
    chances = chance_series(game, header.config, events, steps.positions, progress)
    points = turning_points(game, header, entries, steps, chances) if entries else []
    pickle.dump(("done", chances, points), out)
    out.flush()


if __name__ == "__main__":
    if hasattr(os, "nice"):  # (not on Windows: there the child runs at the client's priority)
        os.nice(NICENESS)
    _answer(*pickle.load(sys.stdin.buffer))
