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
import socket
import subprocess
import time
from collections import defaultdict, deque
from pathlib import Path

import asyncssh

from engine.store import StoreError
from engine.store.social_schema import PRESENCE
from engine.store.botpool import BotPoolProcess
from engine.store.prune import Pruner
from engine.store.watch import Watcher
from engine.together.presence import LOBBY

from .idle_warning import warn_idle
from .connection import Connection, key_text, read_allowed, watch_asyncssh_refusals
from .limits import Limits
from .session import SSHSession, Who
from .routing import TABLES, changed_since
from .session_process import CHANGED, ONLINE
from .stores import open_accounts, open_lobby, open_spec_store

__all__ = ["Limits", "Service", "Template", "key_text", "read_allowed"]

log = logging.getLogger("bergfried.serve")
#: Seconds between looks at the bot pool and the session template (one that ended or hung is
#: started again).
HELPERS_CHECK = 5.0


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
        self._memory_task: asyncio.Task | None = None
        self._helpers_task: asyncio.Task | None = None
        self._reviving = False  # a new session template is starting
        self._stopping = False
        self._revive_task: asyncio.Task | None = None
        self._watcher: Watcher | None = None
        self._counters: dict[int, int] = {}  # the store's change counters, as last read
        self._template, self._own_template = template, template is None
        self.by_context: dict[str, Connection] = {}
        self.store = open_spec_store(self.spec_base())  # StoreError: one line for the host
        self.pruner = Pruner(self.store)  # forgets the old ``changed`` rows (every front does)
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
        # One watcher for the whole server, on either database, which tells each session only
        # what concerns it (``_store_changed``). A watcher per session needed an inotify
        # instance each with SQLite (Linux allows 128 per user: past that, 200 idle sessions
        # polled at 0.6 cores) and, with PostgreSQL, a LISTENing connection each that every
        # write anywhere woke. On several hosts each front listens and tells its own sessions.
        self._counters = dict(self.store.db.query("SELECT id, n FROM counter"))
        self._watcher = Watcher(self.store, self._store_changed)
        self._watcher.start()
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
        self._memory_task = asyncio.get_running_loop().create_task(self._watch_memory())
        self._helpers_task = asyncio.get_running_loop().create_task(self._watch_helpers())
        return self._server

    @property
    def port(self) -> int:
        return self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Close every session: each player's process ends; every move is stored already."""
        self._stopping = True
        for task in (self._idle_task, self._memory_task, self._helpers_task):
            if task is not None:
                task.cancel()
        if self._watcher is not None:
            self._watcher.stop()
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
        # told: the session hears of changes from this process (it watches nothing itself)
        return {**self.spec_base(), "name": who.name, "key": who.key, "env": env, "bots": self.bots, "told": True}

    def _store_changed(self) -> None:
        """Another process wrote: each session is told only what may change its screen. The
        counters say what moved (one query here instead of a few in every session), and what
        each count was about whom: a table's change (a move, a seat, a take-back) its players
        and spectators, whoever sits at it elsewhere (their turn notices) and the lobby; a chat
        line its room; a notice its player; who is where (a login, a logout, a seat opened)
        only the lobby, whose online list shows it; a write that counts nowhere (the table a
        player was last at) nobody."""
        try:
            counters = dict(self.store.db.query("SELECT id, n FROM counter"))
            moved = {k for k in counters.keys() | self._counters.keys() if counters.get(k) != self._counters.get(k)}
            about = changed_since(self.store, self._counters, moved)
        except StoreError:
            counters, moved, about = {}, set(), None  # the database is away: everyone looks for themselves
        self._counters = counters
        self.pruner.read(counters.get(TABLES))
        if about is None or about:
            try:
                self.lobby.poll()
            except StoreError:
                pass  # the database is away for a moment: the next change tries again
            for session in list(self.sessions):
                if about is None or about.concerns(session.place, session.player.name):
                    session.tell_line(CHANGED)
        if not counters or PRESENCE in moved:
            for session in list(self.sessions):
                if session.place == LOBBY:
                    session.tell_line(ONLINE)

    def session_ended(self, session: SSHSession) -> None:
        self.sessions.discard(session)

    def process_ended(self, process: str) -> None:
        """A session's process ends: its player's seats are away from now (engine.store)."""
        try:
            self.store.ended(process)
        except StoreError as exc:  # (a dead process's rows are not counted as present anyway)
            log.error("the database did not take a session's leaving: %s", exc)

    async def _watch_helpers(self) -> None:
        """A bot worker that ended or hung is started again (its tables' bots waited for it), and
        so is the session template (every login after it ended was refused)."""
        while True:
            await asyncio.sleep(HELPERS_CHECK)
            try:
                for line in await asyncio.get_running_loop().run_in_executor(None, self.pool.revive):
                    log.error(line)
                await self.revive_template()
            except Exception:
                log.exception("checking the bot pool and the session template failed")

    def template_failed(self) -> None:
        """A session could not be handed to the template: start another now if it ended."""
        if self._revive_task is None or self._revive_task.done():
            self._revive_task = asyncio.get_running_loop().create_task(self.revive_template())

    async def revive_template(self) -> None:
        """Start the session template again if it ended (the logins meanwhile are told to try
        again soon). A template given to this Service is its giver's to restart."""
        template = self._template
        if template is None or not self._own_template or template.proc.poll() is None or self._reviving:
            return
        if self._stopping:  # (it ends with the server: nothing to start)
            return
        self._reviving = True
        try:
            log.error(
                "the session template (pid %d) ended (exit code %s); starting another",
                template.proc.pid,
                template.proc.returncode,
            )
            template.sock.close()
            try:
                self._template = await asyncio.get_running_loop().run_in_executor(None, Template)
            except (OSError, RuntimeError) as exc:  # (the next look tries again)
                log.error("could not start a session template: %s", exc)
                return
            log.info("the new session template (pid %d) is ready", self._template.proc.pid)
        finally:
            self._reviving = False

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(self.limits.idle_check)
            try:
                await warn_idle(self)  # a minute ahead
                await self._check_idle()
            except Exception:
                log.exception("checking for idle sessions failed")

    async def _watch_memory(self) -> None:
        while True:
            await asyncio.sleep(self.limits.memory_check)
            for session in list(self.sessions):
                session.check_memory(self.limits.max_session_memory)

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
