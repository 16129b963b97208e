"""`bergfried bench ssh` with tiny numbers: every part runs against real `bergfried serve`
processes on 127.0.0.1, prints its figures (numbers, measured), and leaves no temporary folder
behind. The figures' values are not asserted (this machine is shared); that they were measured
is."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from tui.cli import main

TINY = [
    "--sessions",
    "3",
    "--typists",
    "2",
    "--typing-seconds",
    "1.5",
    "--logins",
    "2",
    "--bot-tables",
    "1",
    "--bot-level",
    "random",
    "--bot-workers",
    "1",
    "--window",
    "1",
    "--steady-seconds",
    "1",
    "--flood-bytes",
    "65536",
    "--osc52-bytes",
    "32768",
    "--huge",
    "1000",
    "--moves",
    "3",
]
MEASURED = re.compile(r"(\d+(?:\.\d+)?) / (\d+(?:\.\d+)?) ms \(n=(\d+)\)")


def leftovers(folder: Path) -> set[str]:
    """The bench's temporary folders in ``folder``."""
    return {p.name for p in folder.glob("bergfried-bench-*")}


def figure(out: str, label: str) -> str:
    line = next((x for x in out.splitlines() if x.strip().startswith(label)), None)
    assert line is not None, f"no {label!r} in:\n{out}"
    return line


def measured(line: str) -> int:
    """How many samples the line's p50 / p95 came from (at least one, else no figure)."""
    found = MEASURED.search(line)
    assert found is not None and int(found.group(3)) > 0, line
    return int(found.group(3))


def bench(part: str, capsys, monkeypatch) -> str:
    """``bergfried bench ssh --parts PART`` with tiny numbers: what it printed; no folder left.
    (One part a test: the parts wait on servers most of the time, and xdist runs them side by
    side instead of one after the other.)"""
    # The servers it starts skip the template's warm-up (what this test checks is that every
    # part measures, not how fast a warmed session paints): six servers' warm-ups were 2 minutes.
    monkeypatch.setenv("BERGFRIED_WARM_UP", "0")
    # Its temporary folders go to a folder of this test's own: another run of the bench at the
    # same time (another worker, another checkout's tests) has its own. (Short, under /tmp: a
    # PostgreSQL socket's path may not be long.)
    own = Path(tempfile.mkdtemp(prefix="bb-"))
    monkeypatch.setattr(tempfile, "tempdir", str(own))
    try:
        assert main(["bench", "ssh", *TINY, "--parts", part]) == 0
        assert leftovers(own) == set()
    finally:
        shutil.rmtree(own, ignore_errors=True)
    return capsys.readouterr().out


def test_bench_ssh_isolation_measures_every_flood(capsys, monkeypatch):
    out = bench("isolation", capsys, monkeypatch)
    measured(figure(out, "other player's key to frame, no flood"))
    for flood in ("64 KiB of random bytes", "32 KiB of OSC-52"):
        line = figure(out, f"flood: {flood}")
        measured(line)
        assert re.search(r"disconnected in \d+\.\d+ s", line), line  # the limit hung up on it
    huge = figure(out, "flood: a 1000x1000 terminal")
    assert re.search(r"told it is shown clamped in \d+\.\d+ s", huge), huge  # (not "in inf s": never seen)


def test_bench_ssh_scale_measures_typing_chat_logins_and_memory(capsys, monkeypatch):
    out = bench("scale", capsys, monkeypatch)
    assert measured(figure(out, "key to frame p50 / p95")) >= 2
    # the same typist again while the third player talks in the lobby (--chatters: one is left)
    assert measured(figure(out, "key to frame, 1 chatting")) >= 2
    assert "the quiet typing's" in figure(out, "key to frame, 1 chatting")
    measured(figure(out, "a chat line, enter to own screen"))
    assert measured(figure(out, "connect to first frame, 3 idle")) == 2
    assert measured(figure(out, "to the whole screen (its move line)")) == 2
    assert re.search(r"\d+\.\d MiB median, \d+\.\d max \(3 processes\)", figure(out, "private memory per session"))


def test_bench_ssh_hosts_measures_sqlite_and_postgresql(capsys, monkeypatch):
    out = bench("hosts", capsys, monkeypatch)
    measured(figure(out, "SQLite, two server processes"))
    pg = figure(out, "PostgreSQL, two servers")
    assert "skipped: " in pg or measured(pg) >= 2


def test_bench_ssh_refuses_a_bad_flag_in_one_line(capsys):
    assert main(["bench", "ssh", "--parts", "scale,nothing"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "bergfried bench ssh: --parts: no part 'nothing' (choose from isolation, scale, hosts)"
