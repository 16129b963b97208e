"""What an attacker tries: forged log lines, learning whose a public key is, every kind of login
and forwarding the server refuses (each logged), and a connection over the cap (told in words).
OpenSSH's own client where it matters (how it offers keys, agents and X11), asyncssh otherwise;
127.0.0.1 only."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import signal
import subprocess

import asyncssh
import pytest

from ..waiting import until
from .conftest import Server
from .test_openssh import make_key, ssh_command

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.skipif(not (shutil.which("ssh") and shutil.which("ssh-agent")), reason="no OpenSSH client here"),
]


def messages(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bergfried.serve"]


async def openssh(*command: str, env: dict | None = None, stdin=asyncio.subprocess.DEVNULL):
    return await asyncio.create_subprocess_exec(
        *command,
        stdin=stdin,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, **(env or {})},
    )


async def finished(proc, timeout: float = 15) -> tuple[bytes, bytes]:
    try:
        return await asyncio.wait_for(proc.communicate(), timeout)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_client_text_is_escaped_in_the_log(shared_server, caplog):
    caplog.set_level(logging.INFO, logger="bergfried.serve")
    forged = "xterm\x1b[2J\n2026-01-01 00:00:00 127.0.0.1: root logged in"
    mallory = await shared_server.connect("mallory", term=forged)
    await until(lambda: any("mallory: session at" in m for m in messages(caplog)), what="the session logged")
    said = messages(caplog)
    assert any("TERM=xterm\\x1b[2J\\n2026" in m for m in said)
    assert not any("\n" in m or "\x1b" in m for m in said)
    await mallory.close()


async def test_an_offered_public_key_tells_nobody_whose_it_is(shared_server, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bergfried.serve")
    key = make_key(tmp_path)
    shared_server.service.accounts.claim("olga", " ".join(key.with_suffix(".pub").read_text().split()[:2]))
    public_only = tmp_path / "public-only"
    public_only.mkdir()
    shutil.copy(key.with_suffix(".pub"), public_only / "id.pub")
    # Someone with olga's public key only: OpenSSH offers it, the server accepts the offer (as
    # for any key: what it says may not depend on whose it is), the client cannot sign.
    proc = await openssh(
        *ssh_command(shared_server.port, public_only / "id.pub", tmp_path, "-v", "-T", "ivan@127.0.0.1")
    )
    _, err = await finished(proc)
    assert b"Server accepts key" in err and b"Permission denied" in err
    assert b"olga" not in err and not any("olga" in m for m in messages(caplog))
    # The key's holder signs: only then is she told whose it is (and the log says so).
    proc = await openssh(*ssh_command(shared_server.port, key, tmp_path, "-tt", "ivan@127.0.0.1"))
    _, err = await finished(proc)
    assert b"this key is olga's; log in as olga@" in err
    assert any("ivan: refused: the key is olga's" in m for m in messages(caplog))


async def test_every_refusal_is_logged(shared_server, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bergfried.serve")
    for method in ("password", "keyboard-interactive"):
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncio.wait_for(
                asyncssh.connect(
                    "127.0.0.1",
                    shared_server.port,
                    username="paula",
                    password="secret",
                    client_keys=None,
                    known_hosts=None,
                    preferred_auth=method,
                    kbdint_auth=method != "password",
                ),
                5,
            )
    key = make_key(tmp_path)
    # no PTY (ssh -T): told to use -t
    out, _ = await finished(await openssh(*ssh_command(shared_server.port, key, tmp_path, "-T", "paula@127.0.0.1")))
    assert b"needs a terminal: connect with ssh -t" in out
    # agent and X11 forwarding, asked by OpenSSH with a running agent and a display
    agent = subprocess.run(
        ["ssh-agent", "-s", "-a", str(tmp_path / "agent")], capture_output=True, text=True, check=True, timeout=10
    )
    agent_pid = int(agent.stdout.split("SSH_AGENT_PID=")[1].split(";")[0])
    try:
        proc = await openssh(
            *ssh_command(shared_server.port, key, tmp_path, "-A", "-X", "-tt", "paula@127.0.0.1"),
            env={"SSH_AUTH_SOCK": str(tmp_path / "agent"), "DISPLAY": ":99"},
            stdin=asyncio.subprocess.PIPE,
        )
        await until(
            lambda: (
                {"agent forwarding refused", "X11 forwarding refused"}
                <= {m.split(": ", 1)[-1] for m in messages(caplog) if "paula" in m}
            ),
            what="both forwardings refused",
        )
        proc.stdin.close()
        await finished(proc)
    finally:
        os.kill(agent_pid, signal.SIGTERM)
    said = [m for m in messages(caplog) if "paula" in m]
    for refusal in ("password login refused", "keyboard-interactive login refused", "a session without a PTY refused"):
        assert any(refusal in m for m in said), refusal


async def test_a_connection_over_the_cap_is_told_in_words(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bergfried.serve")
    srv = Server(tmp_path, max_per_address=2)
    await srv.start()
    try:
        first, second = await srv.connect("a"), await srv.connect("b")
        _, err = await finished(
            await openssh(*ssh_command(srv.port, make_key(tmp_path), tmp_path, "-tt", "c@127.0.0.1"))
        )
        assert b"Bergfried: too many connections from your address" in err
        assert any("refused: too many connections from your address" in m for m in messages(caplog))
        await asyncio.gather(first.close(), second.close())
    finally:
        await srv.stop()


async def test_names_are_unique_regardless_of_case_and_the_files_are_the_hosts_alone(shared_server):
    nina = await shared_server.connect("nina")
    impostor = await shared_server.connect("NINA", key="impostor", wait="is taken")  # asked for another name
    from tui.server.server import key_text

    assert shared_server.service.accounts.name_of(key_text(shared_server.key("nina"))) == "nina"
    assert shared_server.service.accounts.name_of(key_text(shared_server.key("impostor"))) is None
    folder = shared_server.dir
    assert folder.stat().st_mode & 0o777 == 0o700
    for name in ("bergfried.db", "host_key"):
        assert (folder / name).stat().st_mode & 0o777 == 0o600, name
    await asyncio.gather(nina.close(), impostor.close())
