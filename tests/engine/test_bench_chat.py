"""`bergfried bench chat` runs (two listening processes, three lines): every line reaches both,
the figures are printed, and its temporary folder is gone afterwards."""

from __future__ import annotations

import tempfile
from pathlib import Path

from engine.cli import main


def test_bench_chat_prints_its_figures_and_cleans_up(capsys):
    before = set(Path(tempfile.gettempdir()).glob("bergfried-bench-chat-*"))
    assert main(["bench", "chat", "--processes", "2", "--lines", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("bench chat: SQLite, 2 listening processes, 3 lines")
    assert out[1].split() == ["deliveries:", "6"]
    assert out[2].split()[:2] == ["line", "to"] and "p95" in out[2]
    assert set(Path(tempfile.gettempdir()).glob("bergfried-bench-chat-*")) == before
    assert main(["bench", "chat", "--database", "mysql://x"]) == 2
