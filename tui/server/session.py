"""One SSH session: a terminal (the channel), a player, and the Textual App that draws for them."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import asyncssh
from textual.screen import Screen

from ..app import BergfriedApp
from ..cli import unicode_ok
from ..settings import Settings
from . import textual_private
from .driver import SSHDriver

if TYPE_CHECKING:
    from engine.lobby import Accounts, Lobby

    from .server import Service

log = logging.getLogger("bergfried.serve")

NO_PTY = b"Bergfried needs a terminal: connect with ssh -t (and without a command).\r\n"


@dataclass
class Player:
    """Who this session is: the account's name and key, and the server's lobby and accounts."""

    name: str
    key: str
    lobby: Lobby
    accounts: Accounts
    claimed: bool = True  # False: the login name was taken; the session first asks for one


class RemoteApp(BergfriedApp):
    """The ordinary Bergfried App, drawn on an SSH channel, with the lobby as its home."""

    # Every session whose bot is thinking (or queued for the bot processes) draws and sends a
    # frame per turn of its spinner: at ten a second, 50 such sessions kept the server busy.
    SPINNER_INTERVAL = 0.25
    # A session's first screen is its App's first screen: no empty screen made beneath it.
    HOME_IS_DEFAULT = True

    def __init__(
        self, settings: Settings, player: Player, terminal: SSHSession, tables: Any, max_output_buffer: int
    ) -> None:
        super().__init__(settings, tables=tables)
        self.player, self.terminal, self.max_output_buffer = player, terminal, max_output_buffer
        self.driver_class = SSHDriver
        self.console = textual_private.session_console(terminal.environ)

    def first_screen(self) -> Screen:
        return textual_private.first_screen(self, self.home_screen())

    def home_screen(self) -> Screen:
        """A player who dropped out of a table starts back at it (the lobby is made only when they
        leave it: half the work of starting a session); anyone else starts in the lobby."""
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

    def go_lobby(self) -> None:
        """Back to the lobby (made now if the session started at a table)."""
        from ..screens.lobby import LobbyScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()
        if not isinstance(self.screen, LobbyScreen):
            self.switch_screen(LobbyScreen())

    def go_title(self) -> None:
        # A session's title screen is its lobby (the local title screen opens the host's files).
        self.go_lobby()


class SSHSession(asyncssh.SSHServerSession):
    """The channel side: PTY, size, input bytes; it runs the App once the shell starts."""

    def __init__(self, service: Service, player: Player, peer: str) -> None:
        self.service, self.player, self.peer = service, player, peer
        self.chan: asyncssh.SSHServerChannel | None = None
        self.size = (80, 24)
        self.environ: dict[str, str] = {}
        self.driver: SSHDriver | None = None
        self.app: RemoteApp | None = None
        self.task: asyncio.Task | None = None
        self.last_input = time.monotonic()
        self._pty = False

    # -- asyncssh callbacks ------------------------------------------------------------------
    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self._pty = True
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        log.info("%s %s: exec refused", self.peer, self.player.name)
        return False

    def subsystem_requested(self, subsystem) -> bool:
        log.info("%s %s: subsystem %s refused", self.peer, self.player.name, subsystem)
        return False

    def session_started(self) -> None:
        chan = self.chan
        if not self._pty:
            chan.write(NO_PTY)
            chan.exit(1)
            return
        width, height = chan.get_terminal_size()[:2]
        self.size = (width or 80, height or 24)
        env = dict(chan.get_environment())
        env["TERM"] = chan.get_terminal_type() or env.get("TERM", "xterm")
        self.environ = env
        self.task = asyncio.get_running_loop().create_task(self.service.run_session(self))

    def data_received(self, data, datatype) -> None:
        self.last_input = time.monotonic()
        if self.driver is not None:
            self.driver.feed(data)

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        self.size = (width or 80, height or 24)
        if self.driver is not None:
            self.driver.resize(*self.size)

    def eof_received(self) -> bool:
        self.end()
        return False

    def connection_lost(self, exc) -> None:
        self.chan = None
        self.end()

    # -- the Terminal the driver draws on -------------------------------------------------------
    def send(self, data: bytes) -> None:
        if self.chan is not None:
            try:
                self.chan.write(data)
            except BrokenPipeError:  # the client is gone; the App is being told
                self.chan = None

    def buffered(self) -> int:
        return self.chan.get_write_buffer_size() if self.chan is not None else 0

    def overflow(self) -> None:
        log.warning(
            "%s %s: output buffer over %d bytes (client not reading): disconnected",
            self.peer,
            self.player.name,
            self.service.limits.max_output_buffer,
        )
        self.close("")

    # -- ending ------------------------------------------------------------------------------
    def end(self) -> None:
        """The client went away: end the App (the seat and the game stay)."""
        if self.app is not None and self.app.is_running:
            self.app.exit()

    def close(self, message: str) -> None:
        """Say ``message`` on the client's screen (after leaving the App's screen) and hang up."""
        self.end()
        chan = self.chan
        if chan is None:
            return
        if message:
            chan.write(b"\x1b[?1049l\x1b[?25h\r\n" + message.encode() + b"\r\n")
        chan.exit(0)

    def settings(self) -> Settings:
        """The player's own settings (theme, ASCII), colours from the client's environment."""
        folder = self.service.data_dir / "players" / self.player.name
        settings = Settings.load(
            folder,
            self.service.data_dir / "tables",
            player_name=self.player.name,
            bot_delay=self.service.bot_delay,
            durable=self.service.durable,
        )
        env = self.environ
        settings.no_color = env.get("NO_COLOR", "") != "" or env.get("TERM") == "dumb"
        if settings.no_color:
            settings.theme = "monochrome"
        if not unicode_ok(None, env):
            settings.ascii = True
        return settings
