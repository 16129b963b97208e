"""The session template runs the installed Bergfried, whatever folder the server was started in:
``python -c`` puts the current folder first on the import path, and a server started from a
folder holding a ``tui/`` ran that code in every player's session (seen in a tryout: a server
started from another checkout served that checkout's screens)."""

from __future__ import annotations

from tui.server.template import READY, start_template


def test_the_template_runs_the_installed_code_not_the_current_folders(tmp_path, monkeypatch):
    fake = tmp_path / "tui" / "server"
    fake.mkdir(parents=True)
    (tmp_path / "tui" / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    # (a template that says something else than READY: start_template refuses it)
    (fake / "template.py").write_text(
        f"import socket\n\ndef main(fd):\n    socket.socket(fileno=fd).send({b'not ' + READY!r})\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BERGFRIED_WARM_UP", "0")
    proc, sock = start_template()
    try:
        assert proc.poll() is None  # the installed template, ready and waiting for sessions
    finally:
        sock.close()  # (its end of file ends it)
        proc.wait(30)
