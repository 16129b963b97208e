"""`bergfried serve` on a damaged data folder or database: one clear line and exit status 2,
never a traceback; nothing is moved or overwritten."""

from __future__ import annotations

import pytest

from tui.cli import main


@pytest.mark.parametrize(
    "name, content, says",
    [
        ("accounts.json", '{"players": {"al', "accounts.json is not JSON"),
        ("tables.json", "", "tables.json is empty"),
        ("bergfried.db", "junk" * 500, "bergfried.db is not a usable database"),
    ],
)
def test_serve_on_damaged_data_says_one_line(tmp_path, capsys, name, content, says):
    from engine.store import store as store_module

    folder = tmp_path / "server"
    folder.mkdir()
    (folder / name).write_text(content)
    try:
        assert main(["serve", "--data-dir", str(folder), "--port", "0"]) == 2
    finally:
        store_module._OPEN.clear()
    err = capsys.readouterr().err
    said = [line for line in err.splitlines() if line.startswith("bergfried serve:")]
    assert len(said) == 1 and says in said[0] and "Traceback" not in err
    assert (folder / name).read_text() == content


def test_serve_on_a_cut_database_says_one_line_as_a_process(tmp_path):
    """The real command, as a host runs it: a database cut short (a full disk, a copy
    interrupted) stops the start with one line on stderr and exit status 2, no traceback."""
    import subprocess
    import sys

    from engine.core import TableHost
    from engine.games import get_game
    from engine.lobby import Lobby
    from engine.store import open_store

    from engine.store import store as store_module

    from tui.server import ensure_host_key

    folder = tmp_path / "server"
    ensure_host_key(folder / "host_key")  # (a server's folder has one: its note is not the point)
    store = open_store(folder, durable=False)
    lobby = Lobby(store, TableHost(get_game, durable=False))
    for _ in range(60):  # a database of several pages
        lobby.create("alice", "king-up", ["me", "open", "open"])
    lobby.close()
    store.close()  # the last connection: the write-ahead log goes into the file
    store_module._OPEN.clear()
    db = folder / "bergfried.db"
    assert not (folder / "bergfried.db-wal").exists() and db.stat().st_size > 4 * 4096
    db.write_bytes(db.read_bytes()[: db.stat().st_size // 2])  # the second half lost
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main(sys.argv[1:]))"]
        + ["serve", "--data-dir", str(folder), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert run.returncode == 2 and len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    assert lines[0].startswith("bergfried serve: ") and "bergfried.db" in lines[0]
