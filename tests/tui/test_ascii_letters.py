"""--ascii keeps a name readable: a letter with an accent shows as its letter ("Abbé de Sully"
read "Abb? de Sully" in Palais Royal's park), every stand-in as wide as the original."""

from __future__ import annotations

from rich.cells import cell_len

from tui.ascii import to_ascii


def test_accented_letters_keep_their_letter_and_other_signs_keep_their_width():
    assert "".join(to_ascii(c) if not c.isascii() else c for c in "Abbé de Sully, Vendôme, Créqui") == (
        "Abbe de Sully, Vendome, Crequi"
    )
    assert to_ascii("Ç") == "C" and to_ascii("ß") == "?"  # (no one-letter stand-in for ß)
    for char in "→●漢é":
        assert len(to_ascii(char)) == cell_len(char) and to_ascii(char).isascii()
