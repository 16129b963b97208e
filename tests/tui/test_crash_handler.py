"""When the client itself fails, the user reads one line and exit status 70: never Textual's
traceback, which prints every frame's locals (a game's state: every hand, the deck order)."""

from __future__ import annotations

from tui.cli import INTERNAL_ERROR, run_app

from .conftest import make_settings


def test_a_crash_says_one_line_and_shows_no_locals(tmp_path, capfd):
    def start(app):
        secret_hand = "SECRET-HAND-OF-SEAT-2"  # a local, as a game's state is in a real crash
        raise RuntimeError(f"broken while holding {len(secret_hand)} cards")

    assert run_app(make_settings(tmp_path), start, headless=True) == 70
    out, err = capfd.readouterr()
    assert "SECRET-HAND" not in out + err
    assert "Traceback" not in out + err
    assert err.strip() == INTERNAL_ERROR
