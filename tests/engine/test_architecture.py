"""Import contracts: engine/ never imports Textual or Rich (and runs without them), no game imports
another, and the client reads only each game's public module."""

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
    code = (
        "import sys; sys.modules['textual'] = None; sys.modules['rich'] = None\n"
        "from engine.core.selfplay import play_out\n"
        "from engine.games import all_games\n"
        "for g in all_games():\n"
        "    play_out(g, g.min_players, ['random'] * g.min_players, seed=1)\n"
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ENGINE.parent)
    assert out.stdout.strip() == "ok", out.stderr


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_no_game_imports_another_game():
    games = ENGINE / "games"
    offenders = []
    for package in (p for p in games.iterdir() if (p / "__init__.py").exists()):
        for path in package.rglob("*.py"):
            offenders += [
                f"{path.relative_to(ENGINE)}: {n}"
                for n in _imports(path)
                if n.startswith("engine.games.") and n.split(".")[2] != package.name
            ]
    assert offenders == []


def test_the_client_imports_from_each_game_only_its_public_module():
    """tui/ draws views and sends actions: a game's insides (board, catalog, events…) stay out,
    and a game's client package reads no other game."""
    offenders = []
    for path in (ENGINE.parent / "tui").rglob("*.py"):
        parts = path.relative_to(ENGINE.parent / "tui").parts
        own = parts[1] if len(parts) > 2 and parts[0] == "games" else None
        offenders += [
            f"{path.relative_to(ENGINE.parent)}: {n}"
            for n in _imports(path)
            if n.startswith("engine.games.") and (n.count(".") > 2 or (own is not None and n.split(".")[2] != own))
        ]
    assert offenders == []


def test_the_core_knows_no_game():
    offenders = []
    for path in (ENGINE / "core").rglob("*.py"):
        offenders += [f"{path.name}: {n}" for n in _imports(path) if n.startswith("engine.games")]
    assert offenders == []
