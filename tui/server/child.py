"""One player's process: the stock Textual App on its own pseudo-terminal.

The template (``template.py``) forks this for every SSH session with the session's pty as its
stdin, stdout and stderr and the client's settings (``TERM``, ``COLORTERM``, ``NO_COLOR``,
``LANG``) in its environment, so Textual's own driver draws exactly as it would in a local
terminal. A second socket, the *control* socket, joins it to the front process: the child says
who it is (its pid) and answers questions about what it shows (the tests and the idle watcher
ask: the screen, its size, the seat, the moves shown); the front tells it when a resize was
clamped. Log lines go to the front over the same socket, never to the player's screen.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass
from typing import Any

from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen

from engine.store import StoreError
from engine.store.watch import BEAT

from ..app import BergfriedApp
from ..cli import unicode_ok
from ..settings import Settings
from .session_process import CHANGED, ONLINE

log = logging.getLogger("bergfried.serve")


@dataclass
class Player:
    """Who this session is: the account's name and key, and the server's lobby and accounts."""

    name: str
    key: str
    lobby: Any
    accounts: Any
    claimed: bool = True  # False: the login name was taken; the session first asks for one
    told: bool = False  # the front tells this session of every change to the store (it watches none)


class RemoteApp(BergfriedApp):
    """The ordinary Bergfried App for one SSH player, with the lobby as its home."""

    # Every session whose bot is thinking draws and sends a frame per turn of its spinner.
    SPINNER_INTERVAL = 0.25
    #: Over SSH the settings screen shows no host path and no name field (the key names you).
    remote = True
    #: The session's playing-together hooks (tui/server/together_hooks.py), made by its first screen.
    together: Any = None

    def __init__(self, settings: Settings, player: Player, tables: Any = None, control: Control | None = None) -> None:
        super().__init__(settings, tables=tables)
        self.player, self.control = player, control
        shared = STYLESHEETS.get(css_key(self))
        if shared is not None:
            # The template parsed every stylesheet this App will read (the same sources under
            # the same theme variables): Textual adds identical sources without parsing again.
            self.stylesheet = shared

    #: The size the screens were last told of (None: not yet told).
    sized: Size | None = None

    def on_resize(self, event: Resize) -> None:
        """A resize to the size the screens were told of already goes no further. Textual's driver
        announces the terminal's size as it starts, just after the App sized itself: passed on,
        the screens laid out and drew everything once more (a layout and a full frame, ~10 ms of
        a session's ~75 to its first frame). (``prevent_default``: public; Textual's own handler
        and BergfriedApp's are not called.)"""
        if event.size == self.sized:
            event.prevent_default()
        self.sized = event.size

    # Textual runs BergfriedApp.on_mount too (handlers run for every class in the MRO): calling it
    # here as well pushed the home screen twice (two lobbies, or two tables, made per login).
    def on_mount(self) -> None:
        watch = getattr(self.player.lobby, "watch", None)
        if watch is not None and not self.player.told:  # other processes' moves reach this one at once
            watch()
        elif self.player.told and self.player.lobby.store.beats:
            # PostgreSQL: nothing watches here to say this process is alive (its open seats
            # count as present while it does), so a timer says it, on the one connection.
            self.set_interval(BEAT, self._beat)
        if self.control is not None:
            self.control.attach(self)

    def _beat(self) -> None:
        try:
            self.player.lobby.store.beat()
        except StoreError:
            pass  # the database is away for a moment: the next beat tries again

    def home_screen(self) -> Screen:
        """A player who dropped out of a table starts back at it (the lobby is made only when they
        leave it); anyone else starts in the lobby."""
        from ..screens.lobby import ChooseNameScreen, LobbyScreen

        if not self.player.claimed:
            return ChooseNameScreen(self.player.name)
        return self._table_to_return_to() or LobbyScreen()

    def _table_to_return_to(self) -> Screen | None:
        from ..screens.lobby import RemotePlayScreen

        player = self.player
        table_id = player.accounts.last_table(player.name)
        if table_id is None:
            return None
        try:
            record = player.lobby.record(table_id)
            table = player.lobby.table(table_id)
        except Exception:  # the table is gone or damaged: the lobby it is
            return None
        if table is None or record.status != "playing":
            return None
        return RemotePlayScreen(table_id, table, record.seat_of(player.name))

    def named(self, name: str) -> None:
        """The player's name changed (renamed, or a new key chose one): the front logs them by it."""
        self.player.name = name
        if self.control is not None:
            self.control.send({"name": name})

    def go_lobby(self) -> None:
        """Back to the lobby (made now if the session started at a table)."""
        from ..screens.lobby import LobbyScreen

        # (the stack's bottom is Textual's default screen, then the home screen)
        while len(self.screen_stack) > 2 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()
        if not isinstance(self.screen, LobbyScreen):
            self.switch_screen(LobbyScreen())

    def go_title(self) -> None:
        # A session's title screen is its lobby (the local title screen opens the host's files).
        self.go_lobby()


#: Parsed stylesheets the template made, by the CSS variables they were parsed with.
STYLESHEETS: dict[str, Any] = {}


def css_key(app: BergfriedApp) -> str:
    return json.dumps(app.get_css_variables(), sort_keys=True)


def session_settings(spec: dict, environ: dict[str, str]) -> Settings:
    """The player's own settings (theme, ASCII), colours from the client's environment."""
    from pathlib import Path

    data_dir = Path(spec["data_dir"])
    settings = Settings.load(
        data_dir / "players" / spec["name"],
        data_dir / "tables",
        player_name=spec["name"],
        bot_delay=spec["bot_delay"],
        durable=spec["durable"],
    )
    settings.no_color = environ.get("NO_COLOR", "") != "" or environ.get("TERM") == "dumb"
    if settings.no_color:
        settings.theme = "monochrome"
    if not unicode_ok(None, environ):
        settings.ascii = True
    return settings


class Control:
    """The child's end of its control socket: JSON lines both ways."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.app: RemoteApp | None = None
        self.clamped: dict | None = None  # the client announced a larger terminal (the front's message)
        self._buffer = b""
        self._catching_up = False
        self._online_due = False

    def send(self, message: dict) -> None:
        try:
            self.sock.sendall(json.dumps(message).encode() + b"\n")
        except OSError:  # the front is gone: the pty's hangup ends this process too
            pass

    def attach(self, app: RemoteApp) -> None:
        self.app = app
        self.sock.setblocking(False)
        asyncio.get_running_loop().add_reader(self.sock.fileno(), self._readable)
        if self.clamped:
            self._handle(self.clamped)

    def _readable(self) -> None:
        try:
            data = self.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the front process is gone
            if self.app is not None:
                self.app.exit()
            return
        *lines, self._buffer = (self._buffer + data).split(b"\n")
        for line in lines:
            if line == CHANGED:
                self._handle({"changed": True})
            elif line == ONLINE:
                self._handle({"online_changed": True})
            else:
                self._handle(json.loads(line))

    def _catch_up(self) -> None:
        from engine.store import StoreError

        self._catching_up = False
        app = self.app
        if app is None:
            return
        try:
            app.player.lobby.poll()
        except StoreError:
            pass  # the database is away for a moment: the next change tries again
        # chat and notices follow the same word (the online list its own: the front tells it
        # to the lobby alone)
        for waker in list(app.player.lobby.store.wakers):
            try:
                waker()
            except StoreError:
                pass

    def _online_caught_up(self) -> None:
        from engine.store.watch import run_online_wakers

        self._online_due = False
        if self.app is not None:
            run_online_wakers(self.app.player.lobby.store)

    def _handle(self, message: dict) -> None:
        from .probe import describe

        app = self.app
        if message.get("ask") == "status" and app is not None:
            self.send({"status": describe(app), "id": message.get("id")})
        elif "changed" in message and app is not None:  # another process wrote to the store
            if not self._catching_up:  # (words that came together are one catch-up)
                self._catching_up = True
                asyncio.get_running_loop().call_soon(self._catch_up)
        elif "online_changed" in message and app is not None:  # (the lobby's word only)
            if not self._online_due:
                self._online_due = True
                asyncio.get_running_loop().call_soon(self._online_caught_up)
        elif "idle_warning" in message and app is not None:
            from .idle_warning import warning_text

            text = warning_text(message["idle_warning"], message["limit"])
            app.notify(text, title="Idle", severity="warning", timeout=min(60, message["idle_warning"]))
        elif "clamped" in message and app is not None:
            width, height = message["clamped"]
            asked = "x".join(str(n) for n in message.get("asked", ()))
            app.notify(
                f"Your terminal ({asked}) is larger than this server draws: shown at {width}x{height}.", timeout=8
            )


class ControlLog(logging.Handler):
    """Log records of the child, sent to the front process (which writes the server's log)."""

    def __init__(self, control: Control) -> None:
        super().__init__()
        self.control = control

    def emit(self, record: logging.LogRecord) -> None:
        self.control.send({"log": record.levelname, "text": record.getMessage()})


class _Discard:
    """Where Textual's error pages go: never onto the player's screen (a traceback might show a
    state), and the front logs the failure from the exit status."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def run(spec: dict, control: Control) -> int:
    """Run one session's App in this (forked) process; returns its exit status."""
    from .stores import open_accounts, open_lobby, open_spec_store

    logging.getLogger().handlers[:] = [ControlLog(control)]
    logging.getLogger().setLevel(logging.INFO)
    control.send({"pid": os.getpid()})
    control.clamped = spec.get("clamped")
    sys.stdout = sys.stderr = _Discard()
    store = open_spec_store(spec)
    control.send({"process": store.process_id()})  # (what its rows are named: the front clears them if it dies)
    accounts = open_accounts(spec, store)
    lobby = open_lobby(spec, store, bots=spec.get("bots", "here"))
    name = accounts.name_of(spec["key"]) or spec["name"]
    claimed = accounts.name_of(spec["key"]) is not None
    player = Player(name, spec["key"], lobby, accounts, claimed=claimed, told=bool(spec.get("told")))
    app = RemoteApp(
        session_settings({**spec, "name": name}, dict(os.environ)), player, tables=lobby.host, control=control
    )
    try:
        app.run()
    finally:
        try:
            if app.together is not None:
                app.together.close()  # out of the online list
            lobby.close()
            store.close()
        except Exception:
            log.exception("%s: closing the lobby failed", name)
    if app.return_code not in (0, None):
        log.error("%s: the session's App failed; that session ended", name)
        return 1
    return 0
