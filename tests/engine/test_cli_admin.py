"""`bergfried admin` on SQLite and a real PostgreSQL: players listed, a key removed (never the
last), a name banned, a table closed, each in the host's log; every bad input one line on
stderr and exit status 2, never a traceback."""

from __future__ import annotations

import pytest

from engine.lobby import Accounts, Login
from engine.store.store import open_store
from engine.together.keys import fingerprint, normal_key
from tui.cli import main

from .stores import lobby_of
from .test_together_accounts import make_key


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request, tmp_path):
    """(the admin command's options, the store) of a server with alice (two keys) and bob."""
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    store = open_store(tmp_path / "server", url, durable=False)
    accounts = Accounts(store)
    accounts.claim("alice", normal_key(make_key("alice-1")))
    accounts.add_key("alice", make_key("alice-2"))
    accounts.claim("bob", normal_key(make_key("bob")))
    options = ["--data-dir", str(tmp_path / "server")] + (["--database", url] if url else [])
    yield options, store
    store.close()


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["admin", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_host_lists_removes_a_key_bans_and_closes(server, capsys):
    options, store = server
    status, out, err = run(capsys, *options, "players")
    assert status == 0 and not err
    assert out.splitlines()[0].split()[:3] == ["alice", "2", "keys"]
    status, out, _ = run(capsys, *options, "keys", "ALICE")
    first = fingerprint(normal_key(make_key("alice-1")))
    assert status == 0 and first in out and len(out.splitlines()) == 2
    status, out, _ = run(capsys, *options, "remove-key", "alice", first)
    assert status == 0 and out.strip() == f"removed alice's key {first}"
    status, _, err = run(capsys, *options, "remove-key", "alice", fingerprint(normal_key(make_key("alice-2"))))
    assert status == 2 and err.count("\n") == 1 and "only key" in err
    assert run(capsys, *options, "ban", "bob")[1].strip() == "banned bob and 1 key"
    assert Accounts(store).check("bob", normal_key(make_key("bob"))) is Login.BANNED
    lobby = lobby_of(store)
    record = lobby.create("alice", "king-up", ["me", "open", "bot:random"])
    status, out, _ = run(capsys, *options, "close", record.id, "--reason", "test over")
    assert status == 0 and out.strip() == f"closed table {record.id}"
    lobby.close()
    log = run(capsys, *options, "log")[1].splitlines()
    assert [line.split(" ", 2)[2] for line in log] == [
        f"remove-key: alice {first}",
        "ban: bob (1 key)",
        f"close: {record.id} (test over)",
    ]
    assert "banned" in run(capsys, *options, "players")[1].splitlines()[1]


@pytest.mark.parametrize(
    "args, words",
    [
        (["keys", "nobody"], "no player"),
        (["remove-key", "alice", "SHA256:zzzz"], "no key"),
        (["remove-key", "alice", "  "], "name the key"),
        (["remove-key", "alice", "SHA256:"], "several keys"),
        (["close", "tnothere"], "no table"),
        (["ban", "9 lives"], "not a name"),
        (["unban", "alice"], "not banned"),
        (["shout"], "invalid choice"),
        (["log", "--last", "0"], "not a count"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(server, capsys, args, words):
    options, _store = server
    status, out, err = run(capsys, *options, *args)
    assert status == 2 and not out
    assert err.count("\n") == 1 and err.startswith("bergfried: ") and words in err


def test_no_server_data_is_one_line(tmp_path, capsys):
    status, _, err = run(capsys, "--data-dir", str(tmp_path / "nothing"), "players")
    assert status == 2 and "no server's data" in err and err.count("\n") == 1
    assert not (tmp_path / "nothing").exists()  # nothing made where nothing was
    status, _, err = run(capsys, "--data-dir", str(tmp_path / "nothing"), "--database", "mysql://x", "players")
    assert status == 2 and "postgresql://" in err and not (tmp_path / "nothing").exists()


def test_a_table_is_exported_with_its_chat_beside_it(server, capsys, tmp_path):
    from engine.together.chat import Chat

    options, store = server
    lobby = lobby_of(store)
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    seat = min(table.to_act)
    table.submit(seat, table.legal_actions(seat)[0])
    Chat(store).say(record.id, "bob", "\x1b[31mnice")
    out_file = tmp_path / "out" / "game.jsonl"
    status, out, err = run(capsys, *options, "export", record.id, str(out_file), "--chat")
    assert status == 0 and not err and out.splitlines() == [f"wrote {out_file}", f"wrote {out_file}.chat.txt"]
    assert main(["check", str(out_file)]) == 0
    assert "nice" not in out_file.read_text()  # the save file is the moves alone
    assert (tmp_path / "out" / "game.jsonl.chat.txt").read_text().endswith(" bob: ␛[31mnice\n")
    assert oct((tmp_path / "out" / "game.jsonl.chat.txt").stat().st_mode & 0o777) == "0o600"
    status, _, err = run(capsys, *options, "export", "tnothere", str(tmp_path / "x.jsonl"))
    assert status == 2 and "no moves" in err and err.count("\n") == 1
    lobby.close()
