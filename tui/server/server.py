"""The SSH server's front process: asyncssh accepts, authenticates and enforces the limits; every
session's App runs in its own process (forked from the warm template, ``template.py``) on a
pseudo-terminal whose bytes the front pumps (``session.py``).

    service = Service(data_dir)
    await service.start("127.0.0.1", 2222, host_key)
    ...
    await service.stop()

Logins are by public key only: the first key that logs in under a free name owns it. No
shell, exec, subsystem (sftp) or forwarding of any kind; a session without a PTY is told so.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
import subprocess
import time
from collections import defaultdict, deque
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from engine.lobby import Login
from engine.store.botpool import BotPoolProcess
from engine.together.admin import is_banned

from .idle_warning import warn_idle
from .session import SSHSession, Who, safe
from .stores import open_accounts, open_lobby, open_spec_store

log = logging.getLogger("bergfried.serve")

BANNED = "Bergfried: this name (or this key) is banned on this server."
NO_KEY = "Bergfried logs in with an SSH key, never a password: make one with `ssh-keygen -t ed25519` and connect again."


@dataclass
class Limits:
    max_connections: int = 200
    max_per_address: int = 20
    failed_auth_per_minute: int = 20
    idle_lobby: float = 15 * 60  # seconds since the last key, in the lobby (or no session)
    idle_table: float = 2 * 60 * 60  # ... at a table (people think)
    max_output_buffer: int = 1 << 20  # bytes queued for a client that does not read
    stalled_output: float = 10.0  # seconds a client may not read before it is dropped
    input_rate: int = 4096  # bytes a second a client may send, on average ...
    input_burst: int = 16384  # ... and at once (a pasted move is a few hundred)
    max_width: int = 400  # the largest terminal drawn; larger ones are clamped
    max_height: int = 150
    idle_check: float = 5.0
    away_check: float = 5.0  # seconds between the bot pool's checks for players away (stand-ins)


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


class Template:
    """The warm template process and the front's socket to it (one may serve several Services)."""

    def __init__(self) -> None:
        from .template import start_template

        self.proc, self.sock = start_template()

    def send(self, data: bytes, fds: list[int]) -> None:
        socket.send_fds(self.sock, [data], fds)

    def close(self) -> None:
        self.sock.close()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Service:
    """What the front process keeps: accounts (for logins), limits, the sessions and the template."""

    def __init__(
        self,
        data_dir: Path,
        *,
        allowed: set[str] | None = None,
        limits: Limits | None = None,
        bot_delay: float = 0.6,
        durable: bool = True,
        template: Template | None = None,
        database: str | None = None,
        bot_workers: int = 1,
        bot_nice: int = 10,
    ) -> None:
        """``bot_workers``: the processes of the bot pool that decides every bot move."""
        self.data_dir = Path(data_dir)
        self.allowed, self.limits = allowed, limits or Limits()
        self.bot_delay, self.durable, self.database = bot_delay, durable, database
        self.sessions: set[SSHSession] = set()
        self.open: set[Connection] = set()
        self.connections: dict[str, int] = defaultdict(int)
        self._failures: dict[str, deque[float]] = defaultdict(deque)
        self._server: asyncssh.SSHAcceptor | None = None
        self._idle_task: asyncio.Task | None = None
        self._template, self._own_template = template, template is None
        self.by_context: dict[str, Connection] = {}
        self.store = open_spec_store(self.spec_base())  # StoreError: one line for the host
        self.accounts = open_accounts(self.spec_base(), self.store)
        # Every bot move is decided in the store's bot pool (spawned processes; one process a
        # move, by lease, across every server on the database): neither the front nor the
        # sessions' processes think. The front's lobby restores the tables and lists them.
        self.bots = "pool"
        self.pool = BotPoolProcess(
            self.data_dir,
            database,
            workers=bot_workers,
            bot_delay=bot_delay,
            durable=durable,
            away_every=self.limits.away_check,
            niceness=bot_nice,
        )
        self.lobby = open_lobby(self.spec_base(), self.store, bots="pool")

    def spec_base(self) -> dict:
        return {
            "data_dir": str(self.data_dir),
            "database": self.database,
            "bot_delay": self.bot_delay,
            "durable": self.durable,
        }

    async def start(self, host: str, port: int, host_key: Path) -> asyncssh.SSHAcceptor:
        """Start the template (before listening: it and its children never hold the listening
        socket), then listen."""
        if self._template is None:
            self._template = await asyncio.get_running_loop().run_in_executor(None, Template)
        # The bot pool is spawned (a fresh interpreter: it inherits no socket) before anything
        # listens; its processes end with this one (they watch its pid and a pipe).
        self.pool.start()
        for problem in self.lobby.restore():
            log.warning(problem)
        self.lobby.watch()
        watch_asyncssh_refusals(self)
        self._server = await asyncssh.listen(
            host,
            port,
            server_factory=lambda: Connection(self),
            server_host_keys=[str(host_key)],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=60,
            keepalive_interval=60,
            reuse_address=True,
        )
        self._idle_task = asyncio.get_running_loop().create_task(self._watch_idle())
        return self._server

    @property
    def port(self) -> int:
        return self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Close every session: each player's process ends; every move is stored already."""
        if self._idle_task is not None:
            self._idle_task.cancel()
        if self._server is not None:
            self._server.close()
        for session in list(self.sessions):
            session.close("The server is stopping; your games are saved. Come back soon.")
        for connection in list(self.open):
            if connection.conn is not None:
                connection.conn.close()
        self.lobby.close()
        await asyncio.get_running_loop().run_in_executor(None, self.pool.stop)
        if self._own_template and self._template is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._template.close)
            self._template = None

    # -- sessions ------------------------------------------------------------------------------
    def template_send(self, data: bytes, fds: list[int]) -> None:
        self._template.send(data, fds)

    def session_spec(self, who: Who, env: dict[str, str]) -> dict:
        return {**self.spec_base(), "name": who.name, "key": who.key, "env": env, "bots": self.bots}

    def session_ended(self, session: SSHSession) -> None:
        self.sessions.discard(session)

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(self.limits.idle_check)
            try:
                await warn_idle(self)  # a minute ahead
                await self._check_idle()
            except Exception:
                log.exception("checking for idle sessions failed")

    async def _check_idle(self) -> None:
        # (players away too long: the bot pool runs the stand-in rule)
        limits, now = self.limits, time.monotonic()
        for connection in list(self.open):
            if connection.session is None and now - connection.since > limits.idle_lobby:
                connection.idle_without_session(now - connection.since)
        for session in list(self.sessions):
            idle = now - session.last_input
            if idle <= limits.idle_lobby:
                continue
            limit = limits.idle_lobby
            if idle <= limits.idle_table:  # maybe at a table, where people think longer
                status = await session.status(timeout=2.0)
                if status is not None and status.get("play") is not None:
                    continue
            else:
                limit = limits.idle_table
            log.info("%s %s: idle for %.0f s: disconnected", session.peer, session.player.name, idle)
            session.close(f"Disconnected after {max(limit / 60, 1):.0f} minutes without a key; your seats are kept.")

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
        self.owner: str | None = None  # the name the offered key belongs to (if another's)
        self.refusal: str | None = None
        self.counted = False
        self.told = False
        self.since = time.monotonic()
        self.player: Who | None = None
        self.session: SSHSession | None = None
        self.context = ""

    @property
    def who(self) -> str:
        return self.player.name if self.player is not None else safe(self.username, 24)

    def connection_made(self, conn) -> None:
        self.conn = conn
        self.peer = (conn.get_extra_info("peername") or ("?",))[0]
        self.context = conn.logger.process("", {})[0].strip().strip("[]")
        self.service.by_context[self.context] = self
        self.refusal = self.service.admit(self.peer)
        if self.refusal is not None:
            log.warning("%s: refused: %s", self.peer, self.refusal)
            return  # told in words once the client listens (begin_auth), then disconnected
        self.service.connections[self.peer] += 1
        self.service.open.add(self)
        self.counted = True

    def connection_lost(self, exc) -> None:
        self.service.open.discard(self)
        self.service.by_context.pop(self.context, None)
        if self.counted:
            self.service.connections[self.peer] -= 1
            self.counted = False

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self.refusal is not None:
            self.conn.send_auth_banner(f"Bergfried: {self.refusal}.\r\n")
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, f"Bergfried: {self.refusal}")
        elif is_banned(self.service.store, name=username):  # a name is public: said before any key
            self.refuse_banned(banner=True)
        return True

    def refuse_banned(self, banner: bool = False) -> None:
        log.info("%s: %s: refused: banned", self.peer, safe(self.username, 24))
        self.service.failed(self.peer)
        if banner:  # (only while authenticating: OpenSSH prints it)
            self.conn.send_auth_banner(BANNED + "\r\n")
        self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, BANNED)

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Called for a key the client only offers as well as for one it signs: nothing said here
        # may depend on whose the key is (a public key is public). A key of another name is
        # accepted so that its holder proves it; auth_completed then refuses it in words.
        text = key_text(key)
        service = self.service
        if service.allowed is not None and text not in service.allowed:
            log.info("%s: %s: a key not in the allowed list refused", self.peer, safe(username, 24))
            service.failed(self.peer)
            return False
        login = service.accounts.check(username, text)
        self.key, self.login = text, login
        return True

    def kbdint_auth_supported(self) -> bool:
        return True  # only to tell a client without a usable key how to make one

    def get_kbdint_challenge(self, username, lang, submethods):
        log.info("%s: %s: keyboard-interactive login refused", self.peer, safe(username, 24))
        self.service.failed(self.peer)
        self.conn.send_auth_banner(NO_KEY + "\r\n")
        self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, NO_KEY)
        return False

    def password_auth_supported(self) -> bool:
        return True  # only to log the attempt and say how to log in: every password is refused

    def validate_password(self, username: str, password: str) -> bool:
        log.info("%s: %s: password login refused", self.peer, safe(username, 24))
        self.service.failed(self.peer)
        self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, NO_KEY)
        return False

    def auth_completed(self) -> None:
        accounts = self.service.accounts
        if self.login is Login.BANNED:  # a banned key: told only now, the client proved it holds it
            self.refuse_banned()
            return
        if self.login is Login.OTHER:
            # The client proved it holds the key: only now may it hear whose the key is.
            owner = accounts.name_of(self.key)
            log.info("%s: %s: refused: the key is %s's", self.peer, safe(self.username, 24), owner)
            self.service.failed(self.peer)
            self.conn.disconnect(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, f"Bergfried: this key is {owner}'s; log in as {owner}@"
            )
            return
        if self.login is Login.CLAIM:
            try:
                accounts.claim(self.username, self.key)
                log.info("%s: %s claimed by a new key", self.peer, self.username)
            except ValueError:  # claimed a moment ago by another key (another server, maybe)
                pass
        name = accounts.name_of(self.key) or self.username
        self.player = Who(name, self.key)
        log.info("%s: %s logged in", self.peer, safe(name, 24))

    def session_requested(self):
        if self.player is None or self.session is not None:
            return False
        self.session = SSHSession(self.service, self.player, self.peer)
        return self.session

    def connection_requested(self, *args) -> bool:
        log.info("%s %s: port forwarding refused", self.peer, self.who)
        return False

    def server_requested(self, *args) -> bool:
        log.info("%s %s: remote port forwarding refused", self.peer, self.who)
        return False

    def idle_without_session(self, seconds: float) -> None:
        log.info("%s %s: no session for %.0f s: disconnected", self.peer, self.who, seconds)
        if self.conn is not None:
            self.conn.disconnect(
                asyncssh.DISC_BY_APPLICATION, "Bergfried: disconnected: no session (ssh -N) for too long"
            )


_REFUSED = re.compile(r"\[(conn=\d+)[^\]]*\] (Agent|X11) forwarding request denied")


class _RefusalLog(logging.Handler):
    """asyncssh refuses agent and X11 forwarding itself (both are off); this names who asked."""

    def __init__(self, service: Service) -> None:
        super().__init__(logging.INFO)
        self.service = service

    def emit(self, record: logging.LogRecord) -> None:
        match = _REFUSED.match(record.getMessage())
        if match is None:
            if record.levelno >= logging.WARNING:
                log.log(record.levelno, "asyncssh: %s", safe(record.getMessage(), 300))
            return
        connection = self.service.by_context.get(match.group(1))
        peer, who = (connection.peer, connection.who) if connection else ("?", "?")
        log.info("%s %s: %s forwarding refused", peer, who, match.group(2).replace("Agent", "agent"))


def watch_asyncssh_refusals(service: Service) -> None:
    logger = logging.getLogger("asyncssh")
    for handler in list(logger.handlers):
        if isinstance(handler, _RefusalLog):
            logger.removeHandler(handler)
    logger.addHandler(_RefusalLog(service))
    logger.setLevel(logging.INFO)
    logger.propagate = False  # its own chatter stays out of the server's log
