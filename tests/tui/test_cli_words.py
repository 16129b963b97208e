"""Issue 9 item 18: the command line's defaults and messages."""

from __future__ import annotations

from tui.cli import main


def test_selfplay_defaults_the_player_count(tmp_path, capsys):
    assert main(["selfplay", "carcassonne-castle", "--out", str(tmp_path / "a")]) == 0
    assert main(["selfplay", "king-up", "--bots", "greedy,random,random,greedy", "--out", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert "1 game of Carcassonne" in out and "1 games" not in out
    assert out.count("greedy") >= 2 and "4     greedy" in out


def test_unknown_commands_and_variants_list_what_exists(capsys):
    assert main(["nonsense"]) == 2
    err = capsys.readouterr().err
    assert all(c in err for c in ("play", "replay", "selfplay", "games", "serve"))
    assert main(["play", "king-up", "--variant", "nonsense"]) == 2
    assert "its variants: practice" in capsys.readouterr().err


def test_a_set_up_the_game_refuses_is_one_line_and_status_2(tmp_path, capsys):
    assert (
        main(
            [
                "play",
                "between-two-castles",
                "--seat",
                "human",
                "--seat",
                "bot:random",
                "--seat",
                "bot:random",
                "--variant",
                "ludwig",
                "--saves-dir",
                str(tmp_path),
                "--config-dir",
                str(tmp_path),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err == "bergfried: Between Two Castles: the Ludwig variant is for two players\n"


def test_play_help_names_each_game_s_variants_from_the_registry(capsys):
    """`play --help` and `play --variant --help` named no variant; they now list every game's,
    as the games themselves declare them, and a bare or wrong --variant is answered with them."""
    import pytest

    from engine.games import all_games

    for argv in (["play", "--help"], ["play", "--variant", "--help"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        out = capsys.readouterr().out
        assert stop.value.code == 0 and out.startswith("usage: bergfried play")
        listed = out[out.index("variants (") :]
        for game in all_games():
            assert game.id in listed, game.id
            for variant in game.variants:
                assert f"{variant.key}: " in listed, (game.id, variant.key)
        assert max(len(line) for line in out.splitlines()) <= 80
    assert main(["play", "palais-royal", "--variant"]) == 2
    assert capsys.readouterr().err == (
        "bergfried: --variant needs a name; Palais Royal's variants: practice, first-game\n"
    )
