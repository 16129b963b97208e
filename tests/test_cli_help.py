"""Every command's --help prints and exits 0 (issue 31: `bench --help` crashed on a `%` in a
help text); the top-level help lists every command, `replay --help` documents the headless
options, and `--version` says the version."""

from __future__ import annotations

import pytest

from tui.cli import main

COMMANDS = [
    [],
    ["play"],
    ["replay"],
    ["games"],
    ["selfplay"],
    ["arena"],
    ["check"],
    ["hint"],
    ["bench"],
    ["bench", "engine"],
    ["bench", "bots"],
    ["bench", "tui"],
    ["bench", "chat"],
    ["bench", "ssh"],
    ["serve"],
    ["admin"],
]


def run(capsys, *args):
    try:
        status = main(list(args))
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "bergfried")
def test_every_command_has_help(capsys, command):
    status, out, err = run(capsys, *command, "--help")
    assert status == 0, err
    assert out.startswith("usage: bergfried") and "unexpected" not in err


def test_top_level_help_names_every_command(capsys):
    out = run(capsys, "--help")[1]
    for command in (
        "play",
        "replay",
        "games",
        "selfplay",
        "arena",
        "check",
        "hint",
        "bench engine",
        "bench bots",
        "bench tui",
        "bench chat",
        "bench ssh",
        "serve",
        "admin",
    ):
        assert f"  {command}" in out, command


def test_replay_help_documents_the_headless_options(capsys):
    out = run(capsys, "replay", "--help")[1]
    for option in ("--text", "--json", "--view", "--at"):
        assert option in out, option


def test_version(capsys):
    from importlib.metadata import version

    status, out, _ = run(capsys, "--version")
    assert status == 0 and out.strip() == f"bergfried {version('bergfried')}"


def test_bench_help_lists_every_bench(capsys):
    out = run(capsys, "bench", "--help")[1]
    for target in ("engine", "tui", "story", "chat", "bots", "ssh"):
        assert f"    {target} " in out, target


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "bergfried")
def test_every_help_fits_80_columns(capsys, monkeypatch, command):
    """An 80-column terminal broke help lines of 82 to 102 characters in the middle of a word
    (the themes in the usage line, the game list of arena, the list of headless commands)."""
    monkeypatch.setenv("COLUMNS", "80")
    out = run(capsys, *command, "--help")[1]
    long = [line for line in out.splitlines() if len(line) > 80]
    assert not long, long
