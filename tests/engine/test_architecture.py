"""engine/ never imports Textual or Rich, and runs without them."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_no_engine_module_imports_textual_or_rich():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path}: {n}" for n in names if n.split(".")[0] in ("textual", "rich")]
    assert offenders == []


def test_the_engine_runs_with_textual_and_rich_blocked():
    code = ("import sys; sys.modules['textual'] = None; sys.modules['rich'] = None\n"
            "from engine.core.selfplay import play_out\n"
            "from engine.games import all_games\n"
            "for g in all_games():\n"
            "    play_out(g, g.min_players, ['random'] * g.min_players, seed=1)\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ENGINE.parent)
    assert out.stdout.strip() == "ok", out.stderr
