"""Save as: a copy of the game in progress, never onto the game's own file, asking before it
replaces another file, and saying where the game itself goes on saving."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core import IllegalAction, LogError

from .dialogs import ConfirmScreen, PromptScreen

if TYPE_CHECKING:
    from engine.core import Game, Table
    from tui.app import BergfriedApp


class SaveACopy:
    """The play screen's "save as" (mixed into it: it needs ``table``, ``game``, ``app``)."""

    if TYPE_CHECKING:  # what the play screen it is mixed into has
        app: BergfriedApp
        table: Table
        game: Game
        notify: Callable[..., None]

    def action_save_as(self) -> None:
        own = self.table.save_path
        default = self.app.settings.saves_dir / self._copy_name()
        where = f"The game itself goes on saving to {own.name}." if own else "This game is not saved anywhere."
        question = f"Save a copy of this game as (a name alone goes into {self.app.settings.saves_dir}):\n{where}"
        self.app.push_screen(PromptScreen(question, str(default)), self._save_copy)

    def _copy_name(self) -> str:
        path = self.table.save_path
        return f"{Path(path.name if path else self.game.id).stem}-copy.jsonl"

    def copy_target(self, answer: str) -> Path:
        """Where the answer typed in Save as puts the copy, as a whole path: a name alone (or a
        relative path) goes into the saves folder, not wherever the program was started; a folder
        (one that exists, or an answer ending in /) gets the proposed name inside it; .jsonl is
        added to a name without it."""
        text = answer.strip()
        target = Path(text).expanduser()
        if not target.is_absolute():
            target = self.app.settings.saves_dir.expanduser() / target
        if text.endswith(("/", "\\")) or target.is_dir():
            target = target / self._copy_name()
        if target.suffix != ".jsonl":
            target = target.with_name(target.name + ".jsonl")
        return Path(os.path.abspath(target))

    def _save_copy(self, path: str | None, replace: bool = False) -> None:
        if not path or not path.strip():
            return
        target = self.copy_target(path)
        own = self.table.save_path
        try:
            if own is not None and target.resolve() == Path(own).resolve():
                self._refuse(f"{target} is this game's own file, saved as you play: choose another name.")
                return
            if target.exists() and not replace:
                self.app.push_screen(
                    ConfirmScreen(f"{target} exists already. Replace it?", "Replace", "Keep", default=False),
                    lambda yes: self._save_copy(str(target), True) if yes else self._kept(target),
                )
                return
            self.table.save_copy(target)
        except (OSError, LogError, IllegalAction) as exc:  # LogError: a folder that cannot be made
            self._refuse(f"Could not save {target}: {getattr(exc, 'strerror', None) or exc}")
            return
        self.notify(f"Saved a copy to {target}; the game goes on in {own.name if own else 'memory'}.")

    def _kept(self, target: Path) -> None:
        self.notify(f"Nothing saved: {target} is kept as it was.")

    def _refuse(self, text: str) -> None:
        self.app.bell()
        self.notify(text, severity="error", timeout=8)
