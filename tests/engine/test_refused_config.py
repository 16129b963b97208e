"""A header that is well formed but sets up a game its rules refuse (Between Two Castles' Ludwig
variant with three players): the header check asks the game (``config_problem``, the same check
its set-up makes), so every reader tells it as the file's one-line problem."""

from __future__ import annotations

import io
import json
import sqlite3
from contextlib import redirect_stderr, redirect_stdout

import pytest

from engine.cli import main as cli_main
from engine.core import GameConfig, IllegalAction, LogError, Match, Seat, read_log
from engine.core.log import Header
from engine.core.selfplay import play_out
from engine.games import get_game

BTC = get_game("between-two-castles")


def ludwig_for_three(tmp_path):
    """A finished two-player game whose header was edited to three players with Ludwig."""
    path = tmp_path / "btc.jsonl"
    play_out(BTC, 2, ["random", "random"], 3, path=path)
    lines = path.read_text("utf-8").split("\n")
    header = json.loads(lines[0])
    header["config"] = {"players": 3, "variants": ["ludwig"]}
    header["seats"].append({"name": "Third", "kind": "human"})
    path.write_text("\n".join([json.dumps(header), *lines[1:]]), "utf-8")
    return path


def test_the_game_is_asked_about_the_configuration():
    config = GameConfig(3, frozenset({"ludwig"}))
    assert BTC.config_problem(config) == "the Ludwig variant is for two players"
    assert BTC.config_problem(GameConfig(2, frozenset({"ludwig"}))) is None
    header = Header(BTC.id, BTC.rules_version, config, 7, tuple(Seat(f"P{i}") for i in range(3)))
    assert header.problem(BTC) == "the Ludwig variant is for two players"
    with pytest.raises(IllegalAction, match="Ludwig variant is for two players"):
        BTC.setup(config, None)
    with pytest.raises(IllegalAction, match="Ludwig variant is for two players"):
        Match.new(BTC, config, [Seat(f"P{i}") for i in range(3)], 7)


def test_a_refused_configuration_is_the_files_one_line_problem(tmp_path):
    path = ludwig_for_three(tmp_path)
    with pytest.raises(LogError, match="line 1: the Ludwig variant is for two players") as refused:
        read_log(path, get_game)
    assert refused.value.line == 1
    with pytest.raises(LogError):
        Match.load(path, get_game, durable=False)
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        status = cli_main(["check", str(path)])
    assert status == 1 and "please report" not in err.getvalue()
    assert "Ludwig variant is for two players" in err.getvalue()


def test_the_saves_list_shows_it_as_damaged(tmp_path):
    from tui.saves import describe_save

    info = describe_save(ludwig_for_three(tmp_path))
    assert info.status == "damaged" and "Ludwig" in info.error


async def test_a_server_table_whose_file_the_game_refuses_restores_as_damaged(tmp_path):
    """As a table's save file it stopped ``bergfried serve`` from starting."""
    from engine.core import TableHost
    from engine.lobby import Lobby

    lobby = Lobby(tmp_path, TableHost(get_game, durable=False))
    record = lobby.create("alice", BTC.id, ["me", "bot:random", "bot:random"])
    assert record.status == "playing"
    lobby.close()
    db = sqlite3.connect(tmp_path / "bergfried.db")  # the table's header line, edited in the store
    (line,) = db.execute("SELECT line FROM events WHERE table_id = ? AND seq = 0", (record.id,)).fetchone()
    header = json.loads(line)
    header["config"]["variants"] = ["ludwig"]
    db.execute("UPDATE events SET line = ? WHERE table_id = ? AND seq = 0", (json.dumps(header), record.id))
    db.commit()
    db.close()
    again = Lobby(tmp_path, TableHost(get_game, durable=False))
    problems = again.restore()
    assert len(problems) == 1 and "the Ludwig variant is for two players" in problems[0]
    again.close()
