"""Save as: a copy of the game in progress, never onto the game's own file, asking before it
replaces another file, and saying where the game itself goes on saving."""

from __future__ import annotations

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
        default = self.app.settings.saves_dir / f"{Path(self._save_name()).stem}-copy.jsonl"
        where = f"The game itself goes on saving to {own.name}." if own else "This game is not saved anywhere."
        self.app.push_screen(PromptScreen(f"Save a copy of this game as:\n{where}", str(default)), self._save_copy)

    def _save_name(self) -> str:
        path = self.table.save_path
        return path.name if path else f"{self.game.id}.jsonl"

    def _save_copy(self, path: str | None, replace: bool = False) -> None:
        if not path or not path.strip():
            return
        target = Path(path.strip()).expanduser()
        if target.suffix != ".jsonl":
            target = target.with_name(target.name + ".jsonl")
        own = self.table.save_path
        try:
            if own is not None and target.resolve() == Path(own).resolve():
                self._refuse("That is this game's own file, saved as you play: choose another name.")
                return
            if target.exists() and not replace:
                self.app.push_screen(
                    ConfirmScreen(f"{target.name} exists already. Replace it?", "Replace", "Keep"),
                    lambda yes: self._save_copy(str(target), True) if yes else None,
                )
                return
            self.table.save_copy(target)
        except (OSError, LogError, IllegalAction) as exc:  # LogError: a folder that cannot be made
            self._refuse(f"Could not save: {getattr(exc, 'strerror', None) or exc}")
            return
        self.notify(f"Saved a copy to {target}; the game goes on in {own.name if own else 'memory'}.")

    def _refuse(self, text: str) -> None:
        self.app.bell()
        self.notify(text, severity="error", timeout=8)
