"""A Bergfried SSH server on 127.0.0.1 (ephemeral port) and asyncssh clients that log in to it.

Each session's App runs in its own process (forked from the warm template, which the tests of
one pytest process share: it costs a few seconds to start); the tests ask a session what it
shows (``Server.status``) instead of reaching into its App. Every wait has a timeout, so a
broken server fails a test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh
import pytest
import pytest_asyncio

from tui.server import ensure_host_key
from tui.server.server import Limits, Service, Template

from ..waiting import until  # noqa: F401 (the server tests take it from here)

ANSI = re.compile(r"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|[=>])")


def screen_text(data: bytes) -> str:
    """The text a client received, escape sequences removed (good enough to find words)."""
    return ANSI.sub("", data.decode("utf-8", "replace"))


class Client(asyncssh.SSHClientSession):
    """One player's terminal: everything received, and keys to send."""

    def __init__(self) -> None:
        self.received = bytearray()
        self.closed = asyncio.Event()
        self.chan = None
        self.conn = None

    def connection_made(self, chan) -> None:
        self.chan = chan

    def data_received(self, data, datatype) -> None:
        self.received += data

    def connection_lost(self, exc) -> None:
        self.closed.set()

    @property
    def text(self) -> str:
        return screen_text(bytes(self.received))

    async def wait_for(self, needle: str, timeout: float = 15.0) -> None:
        async def poll():
            while needle not in self.text:
                if self.closed.is_set():
                    raise AssertionError(f"closed before {needle!r}; got {self.text[-300:]!r}")
                await asyncio.sleep(0.02)

        try:
            await asyncio.wait_for(poll(), timeout)
        except TimeoutError:
            raise AssertionError(f"no {needle!r} within {timeout}s; got {self.text[-500:]!r}") from None

    def press(self, keys: str) -> None:
        self.chan.write(keys.encode())

    async def close(self) -> None:
        self.conn.close()
        await asyncio.wait_for(self.conn.wait_closed(), 5)


_TEMPLATE: Template | None = None


def shared_template() -> Template:
    """One warm template for every server a pytest process starts."""
    global _TEMPLATE
    if _TEMPLATE is None or _TEMPLATE.proc.poll() is not None:
        _TEMPLATE = Template()
    return _TEMPLATE


class Server:
    def __init__(self, tmp: Path, bot_delay: float = 0.0, database: str | None = None, **limits) -> None:
        self.bot_delay, self.database = bot_delay, database
        self.dir = tmp / "server"
        self.host_key = self.dir / "host_key"
        ensure_host_key(self.host_key)
        self.limits = Limits(**limits)
        self.service: Service | None = None
        self.keys: dict[str, asyncssh.SSHKey] = {}

    async def start(self) -> Service:
        template = await asyncio.get_running_loop().run_in_executor(None, shared_template)
        self.service = Service(
            self.dir,
            limits=self.limits,
            bot_delay=self.bot_delay,
            durable=False,
            template=template,
            bot_workers=1,
            database=self.database,
        )
        await asyncio.wait_for(self.service.start("127.0.0.1", 0, self.host_key), 5)
        return self.service

    async def stop(self) -> None:
        if self.service is not None:
            await asyncio.wait_for(self.service.stop(), 10)
            self.service = None

    @property
    def port(self) -> int:
        return self.service.port

    def key(self, who: str) -> asyncssh.SSHKey:
        if who not in self.keys:
            self.keys[who] = asyncssh.generate_private_key("ssh-ed25519")
        return self.keys[who]

    async def connect(
        self,
        name: str,
        key: str | None = None,
        size=(100, 30),
        env=None,
        term="xterm-256color",
        pty: bool = True,
        wait: str | None = "Welcome",
    ) -> Client:
        # (20 s: many sessions starting at once on a loaded machine wait for each other's Apps)
        conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                self.port,
                username=name,
                client_keys=[self.key(key or name)],
                known_hosts=None,
                preferred_auth="publickey",
            ),
            20,
        )
        kwargs = dict(term_type=term, term_size=size) if pty else {}
        chan, client = await asyncio.wait_for(conn.create_session(Client, env=env or {}, encoding=None, **kwargs), 20)
        client.conn = conn
        if wait:
            await client.wait_for(wait)
        return client

    def session_of(self, name: str):
        return next((s for s in self.service.sessions if s.player.name == name), None)

    async def status(self, name: str) -> dict | None:
        """What ``name``'s App shows now (``tui.server.probe.describe``), None if no session."""
        session = self.session_of(name)
        if session is None:
            return None
        try:
            await asyncio.wait_for(session.started, 20)
        except TimeoutError:
            return None
        return await session.status()


@pytest.fixture
async def server(tmp_path):
    srv = Server(tmp_path)
    await srv.start()
    yield srv
    await srv.stop()


@pytest.fixture
async def away_server(tmp_path):
    """A server whose away rule is checked often and whose bots (the pool's) are slow enough to
    catch a game in progress: for the stand-in tests (tests/server/stand_ins.py)."""
    srv = Server(tmp_path, bot_delay=0.3, idle_check=0.1, away_check=0.1)
    await srv.start()
    yield srv
    await srv.stop()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def shared_server(tmp_path_factory):
    """One server for a module's tests (its template and bot pool start once); the module's
    tests run on the module's event loop (``pytestmark = pytest.mark.asyncio(loop_scope="module")``)
    and use names of their own."""
    srv = Server(tmp_path_factory.mktemp("shared"))
    await srv.start()
    yield srv
    await srv.stop()
