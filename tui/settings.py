"""What the client is configured with, and where that is kept.

The App never reads the environment or the config file itself: ``tui.cli`` builds a
:class:`Settings` once at start-up (or a test builds one pointing at a temporary directory)
and passes it in. That keeps one process able to host many Apps with different settings.
"""

from __future__ import annotations

import json
from pathlib import Path

from dataclasses import dataclass

from themes import DEFAULT_THEME, THEME_NAMES

CONFIG_FILE = "config.json"

#: Fields the user may change and that survive restarts; the rest describe the terminal.
PERSISTED = ("theme", "bot_delay", "player_name", "ascii", "bell")


@dataclass
class Settings:
    config_dir: Path
    saves_dir: Path
    theme: str = DEFAULT_THEME
    ascii: bool = False
    no_color: bool = False
    #: Seconds between shown bot moves; 0 shows them as fast as they come.
    bot_delay: float = 0.6
    player_name: str = "You"
    #: Ring the terminal bell with a notice (over SSH: your turn elsewhere, an invitation).
    bell: bool = False
    #: Tests switch these off so screenshots do not depend on timing.
    cursor_blink: bool = True
    animations: bool = True
    #: Saving the config is off in tests that must not touch the disk afterwards.
    persist: bool = True
    #: fsync the save file after every move; tests that do not test durability switch it off.
    durable: bool = True

    @property
    def config_path(self) -> Path:
        return self.config_dir / CONFIG_FILE

    def save(self) -> None:
        if not self.persist:
            return
        self.config_dir.mkdir(parents=True, exist_ok=True)
        data = {name: getattr(self, name) for name in PERSISTED}
        tmp = self.config_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        tmp.replace(self.config_path)

    @classmethod
    def load(cls, config_dir: Path, saves_dir: Path | None = None, **overrides) -> Settings:
        """Settings from ``config_dir`` (defaults where absent or unreadable), then ``overrides``."""
        settings = cls(
            config_dir=Path(config_dir), saves_dir=Path(saves_dir) if saves_dir else Path(config_dir) / "saves"
        )
        for name, value in _read_config(settings.config_path).items():
            setattr(settings, name, value)
        for name, value in overrides.items():
            setattr(settings, name, value)
        return settings


def _read_config(path: Path) -> dict:
    """The valid persisted fields in ``path``; a damaged file counts as empty, not as a crash."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    checks = {
        "theme": lambda v: v in THEME_NAMES,
        "bot_delay": lambda v: isinstance(v, (int, float)) and 0 <= v <= 10,
        "player_name": lambda v: isinstance(v, str) and 0 < len(v) <= 24,
        "ascii": lambda v: isinstance(v, bool),
        "bell": lambda v: isinstance(v, bool),
    }
    return {k: v for k, v in data.items() if k in checks and checks[k](v)}
