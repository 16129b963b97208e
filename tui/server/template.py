"""The warm template: a process that has imported Textual, every game and every screen, has
run the App once (headless) so its stylesheets are parsed, and then forks one child per SSH
session.

The front process starts it (``start_template``) before it listens, so neither the template nor
any child ever holds the listening socket or another player's connection. The front sends, for
each session, one message on a ``SOCK_SEQPACKET`` socket: the session's description (JSON:
the player, the client's environment, where the data is) and two file descriptors, the pty's
slave end and the child's end of its control socket. The template forks; the child makes the
pty its controlling terminal, its stdin, stdout and stderr, takes the client's environment as
its own and runs the stock Textual App (``child.run``). The template closes its copies at once,
so the next child inherits nothing of this one.

The template dies with the front: it reads end-of-file on its socket when the front is gone.
"""

from __future__ import annotations

import asyncio
import fcntl
import gc
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import termios
from pathlib import Path

from .shared_pages import clear_lru_caches, fill_allocator_holes, first_calls, place_code_together

READY = b"ready"


def die_with_parent() -> None:
    """This process ends (at most half a second) after its parent does, however the parent ended:
    no orphan outlives a killed server. (Not PR_SET_PDEATHSIG: that follows the parent *thread*,
    and the thread that started a process may end long before the server.)"""
    import threading
    import time

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def start_template(env: dict[str, str] | None = None) -> tuple[subprocess.Popen, socket.socket]:
    """Start the template process; returns it and the front's end of its socket (once ready)."""
    front, back = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    child_env = dict(os.environ if env is None else env)
    child_env["PYTHONIOENCODING"] = "utf-8"
    proc = subprocess.Popen(
        # (-P: the folder the server was started in is not on the import path: from a folder
        # holding a tui/ or engine/, every session ran that code instead of the installed one)
        [sys.executable, "-P", "-c", f"from tui.server.template import main; main({back.fileno()})"],
        pass_fds=[back.fileno()],
        stdin=subprocess.DEVNULL,
        env=child_env,
        start_new_session=True,
    )
    back.close()
    front.settimeout(120)
    try:
        ready = front.recv(64)
    finally:
        front.settimeout(None)
    if ready != READY:
        proc.kill()
        raise RuntimeError("the session template did not start")
    return proc, front


def main(fd: int) -> None:
    sock = socket.socket(fileno=fd)
    warm_up()
    clear_lru_caches()
    gc.collect()
    fill_allocator_holes()
    gc.freeze()  # what every child shares stays shared: collections never write to it
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    sock.send(READY)
    while True:
        try:
            data, fds, _flags, _addr = socket.recv_fds(sock, 1 << 16, 2)
        except InterruptedError:
            continue
        if not data:
            break  # the front process is gone
        if len(fds) != 2:
            for extra in fds:
                os.close(extra)
            continue
        pid = os.fork()
        if pid == 0:
            _child(sock, json.loads(data), *fds)
        for own in fds:
            os.close(own)


def _child(sock: socket.socket, spec: dict, slave: int, control_fd: int) -> None:
    status = 70
    try:
        sock.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.setsid()
        try:
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for n in (0, 1, 2):
                os.dup2(slave, n)
            os.close(slave)
        except OSError:  # the terminal hung up already: the player left before the session began
            status = 0
            return
        os.environ.clear()
        os.environ.update(spec["env"])
        gc.enable()
        from .child import Control, run

        status = run(spec, Control(socket.socket(fileno=control_fd)))
    except BaseException:
        import logging

        logging.getLogger("bergfried.serve").exception("%s: the session's process failed", spec.get("name"))
    finally:
        os._exit(status)


def warm_up() -> None:
    """Import everything a session uses and run the App once, headless, through the lobby and a
    table of every game, under each theme a player is likely to have: what a child then does on
    its first frame is styling and drawing, never importing or parsing. Between the two runs the
    code the first one ran is put together (``place_code_together``); the second specialises
    the copies."""
    from engine.games import GAMES

    from ..games import game_ui, has_ui
    from ..screens import lobby  # noqa: F401  (the play screen, its dialogs, the lobby's)

    # (Textual imports it when a widget first shows a scrollbar: a session whose table scrolled
    # imported it, 0.2 MiB and a few ms of its own.)
    import textual.scrollbar  # noqa: F401

    for game_id in GAMES:
        try:
            if has_ui(game_id):
                game_ui(game_id)
        except Exception:  # that game's tables will say so when opened
            pass
    # (BERGFRIED_WARM_UP=0: imports only, for tests of starting and killing whole servers, where
    # 3 s of CPU a start buys nothing: the first frames are then 3 to 4 times slower.)
    if os.environ.get("BERGFRIED_WARM_UP") == "0":
        return
    with first_calls() as ran:
        _run_once_safely(no_color=False)
    gc.collect()
    fill_allocator_holes()
    place_code_together(ran)
    ran.clear()  # (the originals go)
    _run_once_safely(no_color=True)


def _run_once_safely(no_color: bool) -> None:
    try:
        asyncio.run(_run_once(no_color))
    except Exception:  # a warm-up that fails costs speed, not sessions
        import logging

        logging.getLogger("bergfried.serve").exception("warming up the template failed")


async def _run_once(no_color: bool) -> None:
    from engine.core import TableHost
    from engine.games import GAMES, get_game
    from engine.lobby import Accounts, Lobby

    from ..screens.lobby import LobbyScreen, RemotePlayScreen
    from ..screens.new_table import NewTableScreen
    from ..settings import Settings
    from .child import STYLESHEETS, Player, RemoteApp, css_key

    with tempfile.TemporaryDirectory(prefix="bergfried-warm-") as name:
        tmp = Path(name)
        host = TableHost(get_game, bot_delay=0, durable=False)
        lobby = Lobby(tmp, host)
        accounts = Accounts(tmp / "accounts.json")
        settings = Settings.load(tmp / "me", tmp / "tables", player_name="warm", bot_delay=0, durable=False)
        settings.no_color = no_color
        if no_color:
            settings.theme = "monochrome"
        app = RemoteApp(settings, Player("warm", "", lobby, accounts), tables=host)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for game_id in GAMES:
                game = get_game(game_id)
                seats = ["me"] + ["bot:random"] * (game.min_players - 1)
                try:
                    record = lobby.create("warm", game_id, seats)
                    await app.push_screen(RemotePlayScreen(record.id, lobby.table(record.id), 0))
                    await pilot.pause()
                    app.pop_screen()
                    await pilot.pause()
                except Exception:
                    continue
            await app.push_screen(NewTableScreen([]))
            await pilot.pause()
            app.pop_screen()
            if not isinstance(app.screen, LobbyScreen):
                app.switch_screen(LobbyScreen())
            await pilot.pause()
            STYLESHEETS[css_key(app)] = app.stylesheet
        lobby.close()
