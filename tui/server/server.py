"""The SSH server: one process, one event loop, one Textual App per connection, shared tables.

    service = Service(data_dir)
    server = await service.start("127.0.0.1", 2222)
    ...
    await service.stop()

Logins are by public key only: the first key that logs in under a free name owns it. No
shell, exec, subsystem (sftp) or forwarding of any kind; a session without a PTY is told so.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict, deque
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from engine.core import TableHost
from engine.games import get_game
from engine.lobby import Accounts, Lobby, Login

from . import textual_private
from .collector import Collector
from .session import Player, RemoteApp, SSHSession

log = logging.getLogger("bergfried.serve")

NO_KEY = "Bergfried logs in with an SSH key, never a password: make one with `ssh-keygen -t ed25519` and connect again."


@dataclass
class Limits:
    max_connections: int = 200
    max_per_address: int = 20
    failed_auth_per_minute: int = 20
    idle_lobby: float = 15 * 60  # seconds since the last key, in the lobby
    idle_table: float = 2 * 60 * 60  # ... at a table (people think)
    max_output_buffer: int = 1 << 20  # bytes queued for a client that does not read
    idle_check: float = 5.0


def key_text(key: asyncssh.SSHKey) -> str:
    """A public key as OpenSSH writes it, without the comment."""
    return " ".join(key.export_public_key("openssh").decode().split()[:2])


def read_allowed(path: Path) -> set[str]:
    """The keys of an authorized_keys file (options and comments ignored)."""
    allowed = set()
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        start = next((i for i, w in enumerate(words) if w.startswith(("ssh-", "ecdsa-", "sk-"))), None)
        if start is not None and start + 1 < len(words):
            allowed.add(key_text(asyncssh.import_public_key(" ".join(words[start : start + 2]))))
    return allowed


def warm_up() -> None:
    """Load what every session's App loads on first use (the lobby and play screens, each game's
    board) before a player waits for it: the first login cost twice the CPU of the next ones."""
    from engine.games import GAMES

    from ..games import game_ui, has_ui
    from ..screens import lobby  # noqa: F401  (the play screen, its dialogs, the lobby's)

    for game_id in GAMES:
        try:
            if has_ui(game_id):
                game_ui(game_id)
        except Exception:  # that game's tables will say so when opened; the others are served
            log.exception("loading %s's screen failed", game_id)


class Service:
    """Everything the sessions share: accounts, the lobby and its tables, the limits."""

    def __init__(
        self,
        data_dir: Path,
        *,
        allowed: set[str] | None = None,
        limits: Limits | None = None,
        executor: Executor | None = None,
        bot_delay: float = 0.6,
        durable: bool = True,
    ):
        textual_private.install()
        self.data_dir = Path(data_dir)
        self.allowed, self.limits = allowed, limits or Limits()
        self.bot_delay, self.durable = bot_delay, durable
        self.accounts = Accounts(self.data_dir / "accounts.json")
        self.host = TableHost(get_game, executor=executor, bot_delay=bot_delay, durable=durable)
        self.lobby = Lobby(self.data_dir, self.host)
        self.sessions: set[SSHSession] = set()
        self.connections: dict[str, int] = defaultdict(int)
        self._failures: dict[str, deque[float]] = defaultdict(deque)
        self._server: asyncssh.SSHAcceptor | None = None
        self._idle_task: asyncio.Task | None = None
        self.collector = Collector()
        self._gc_task: asyncio.Task | None = None

    async def start(self, host: str, port: int, host_key: Path) -> asyncssh.SSHAcceptor:
        warm_up()
        for problem in self.lobby.restore():
            log.warning(problem)
        self._server = await asyncssh.create_server(
            lambda: Connection(self),
            host,
            port,
            server_host_keys=[str(host_key)],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=60,
            keepalive_interval=60,
        )
        self._idle_task = asyncio.get_running_loop().create_task(self._watch_idle())
        self.collector.start()
        self._gc_task = asyncio.get_running_loop().create_task(self._collect())
        return self._server

    @property
    def port(self) -> int:
        return self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Close every session and table: every move is on disk already."""
        for task in (self._idle_task, self._gc_task):
            if task is not None:
                task.cancel()
        if self._server is not None:
            self._server.close()
        for session in list(self.sessions):
            session.close("The server is stopping; your games are saved. Come back soon.")
        tasks = [s.task for s in self.sessions if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        self.lobby.close()
        self.collector.close()

    async def _collect(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.collector.tick()

    # -- one session's App ------------------------------------------------------------------
    async def run_session(self, session: SSHSession) -> None:
        self.sessions.add(session)
        log.info(
            "%s %s: session at %dx%d, TERM=%s",
            session.peer,
            session.player.name,
            *session.size,
            session.environ.get("TERM"),
        )
        try:
            app = RemoteApp(session.settings(), session.player, session, self.host, self.limits.max_output_buffer)
            session.app = app
            await app.run_async(size=session.size)
            if app.return_code not in (0, None):
                log.error("%s %s: the session's App failed; that session ended", session.peer, session.player.name)
        except Exception:
            log.exception("%s %s: the session crashed; that session ended", session.peer, session.player.name)
        finally:
            self.sessions.discard(session)
            self.collector.session_ended()
            session.app = None
            if session.chan is not None:
                session.chan.exit(0)
            log.info("%s %s: session ended", session.peer, session.player.name)

    async def _watch_idle(self) -> None:
        from ..screens.play import PlayScreen

        while True:
            await asyncio.sleep(self.limits.idle_check)
            try:
                self.lobby.check_away()  # players away too long: their tables' stand-in bots play
            except Exception:
                log.exception("checking for players away failed")
            now = time.monotonic()
            for session in list(self.sessions):
                app = session.app
                at_table = app is not None and any(isinstance(s, PlayScreen) for s in app.screen_stack)
                limit = self.limits.idle_table if at_table else self.limits.idle_lobby
                if now - session.last_input > limit:
                    log.info(
                        "%s %s: idle for %.0f s: disconnected",
                        session.peer,
                        session.player.name,
                        now - session.last_input,
                    )
                    session.close(f"Disconnected after {limit / 60:.0f} minutes without a key; your seats are kept.")

    # -- admission ---------------------------------------------------------------------------
    def admit(self, peer: str) -> str | None:
        """Why a new connection from ``peer`` is refused, or None."""
        if sum(self.connections.values()) >= self.limits.max_connections:
            return "the server is full; try again later"
        if self.connections[peer] >= self.limits.max_per_address:
            return "too many connections from your address"
        failures = self._failures[peer]
        while failures and failures[0] < time.monotonic() - 60:
            failures.popleft()
        if len(failures) >= self.limits.failed_auth_per_minute:
            return "too many failed logins from your address; wait a minute"
        return None

    def failed(self, peer: str) -> None:
        self._failures[peer].append(time.monotonic())


class Connection(asyncssh.SSHServer):
    """One client connection: admission, key login, and its one session."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.username = ""
        self.key: str | None = None
        self.login: Login | None = None
        self.counted = False
        self.told = False  # the client heard why its key was refused

    def connection_made(self, conn) -> None:
        self.conn = conn
        self.peer = (conn.get_extra_info("peername") or ("?",))[0]
        refusal = self.service.admit(self.peer)
        if refusal is not None:
            log.warning("%s: refused: %s", self.peer, refusal)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, f"Bergfried: {refusal}")
            return
        self.service.connections[self.peer] += 1
        self.counted = True

    def connection_lost(self, exc) -> None:
        if self.counted:
            self.service.connections[self.peer] -= 1
            self.counted = False

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        text = key_text(key)
        service = self.service
        if service.allowed is not None and text not in service.allowed:
            service.failed(self.peer)
            return False
        login = service.accounts.check(username, text)
        if login is Login.OTHER:
            owner = service.accounts.name_of(text)
            self.conn.send_auth_banner(f"Bergfried: this key is {owner}'s; log in as {owner}@\r\n")
            self.told = True
            service.failed(self.peer)
            return False
        self.key, self.login = text, login
        return True

    def kbdint_auth_supported(self) -> bool:
        return True  # only to tell a client without a usable key how to make one

    def get_kbdint_challenge(self, username, lang, submethods):
        self.service.failed(self.peer)
        if not self.told:
            self.conn.send_auth_banner(NO_KEY + "\r\n")
        return False

    def password_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        accounts = self.service.accounts
        if self.login is Login.CLAIM:
            accounts.claim(self.username, self.key)
            log.info("%s: %s claimed by a new key", self.peer, self.username)
        name = accounts.name_of(self.key) or self.username
        self.player = Player(
            name, self.key, self.service.lobby, accounts, claimed=accounts.name_of(self.key) is not None
        )
        log.info("%s: %s logged in", self.peer, name)

    def session_requested(self):
        return SSHSession(self.service, self.player, self.peer)

    def connection_requested(self, *args) -> bool:
        log.info("%s: port forwarding refused", self.peer)
        return False

    def server_requested(self, *args) -> bool:
        log.info("%s: remote port forwarding refused", self.peer)
        return False
