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


async def test_openssh_client_logs_in_and_sees_the_lobby(server, tmp_path):
    key = tmp_path / "id_ed25519"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, timeout=10)
    proc = await asyncio.create_subprocess_exec(
        "ssh",
        "-p",
        str(server.port),
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
        "-o",
        "SetEnv=COLORTERM=truecolor",
        "-tt",
        "dora@127.0.0.1",
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
