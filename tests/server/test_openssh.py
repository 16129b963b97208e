"""End to end with OpenSSH's own client, when the machine has one (127.0.0.1 only)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess

import pytest

from .conftest import screen_text

pytestmark = pytest.mark.skipif(
    not (shutil.which("ssh") and shutil.which("ssh-keygen")), reason="no OpenSSH client here"
)


def make_key(tmp_path):
    key = tmp_path / "id_ed25519"
    if not key.exists():
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, timeout=10)
    return key


def ssh_command(port: int, key, tmp_path, *options: str) -> list[str]:
    """OpenSSH's client to 127.0.0.1:port with ``key`` only, never asking anything."""
    return [
        "ssh",
        "-p",
        str(port),
        "-i",
        str(key),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        f"UserKnownHostsFile={tmp_path / 'known_hosts'}",
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "BatchMode=yes",
        *options,
    ]


async def test_openssh_client_logs_in_and_sees_the_lobby(server, tmp_path):
    key = make_key(tmp_path)
    proc = await asyncio.create_subprocess_exec(
        *ssh_command(server.port, key, tmp_path, "-o", "SetEnv=COLORTERM=truecolor", "-tt", "dora@127.0.0.1"),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    seen = b""
    try:

        async def read_until(needle: bytes):
            nonlocal seen
            while needle not in screen_text(seen).encode():
                chunk = await proc.stdout.read(65536)
                if not chunk:
                    raise AssertionError(f"ssh ended before {needle!r}: {screen_text(seen)[-300:]!r}")
                seen += chunk

        try:
            await asyncio.wait_for(read_until(b"Welcome, dora"), 40)
        except TimeoutError:
            raise AssertionError(f"no lobby within 40 s: {screen_text(seen)[-400:]!r}") from None
        session = next(s for s in server.service.sessions if s.player.name == "dora")
        assert session.environ.get("COLORTERM") == "truecolor"
        assert (await server.status("dora"))["color_system"] == "truecolor"
        proc.stdin.write(b"q")  # quitting asks first
        await proc.stdin.drain()
        await asyncio.wait_for(read_until(b"Quit Bergfried?"), 20)
        proc.stdin.write(b"y")
        await proc.stdin.drain()
        assert await asyncio.wait_for(proc.wait(), 10) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert server.service.accounts.exists("dora")


async def test_ssh_n_without_a_session_is_closed_like_an_idle_one(tmp_path, caplog):
    import logging

    from .conftest import Server

    caplog.set_level(logging.INFO, logger="bergfried.serve")
    srv = Server(tmp_path, idle_lobby=0.5, idle_check=0.2)
    await srv.start()
    try:
        proc = await asyncio.create_subprocess_exec(
            *ssh_command(srv.port, make_key(tmp_path), tmp_path, "-N", "erin@127.0.0.1"),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            _, err = await asyncio.wait_for(proc.communicate(), 15)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        assert proc.returncode != 0 and b"no session (ssh -N) for too long" in err
        assert any("erin: no session for" in r.getMessage() for r in caplog.records)
        assert not srv.service.open  # nothing of it is left in the server
    finally:
        await srv.stop()
