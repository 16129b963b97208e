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
