"""One client connection in the front process: admission (the connection caps), the key login
(the first key that logs in under a free name owns it; a key of another name is refused only
after its holder signed), and every refusal logged, with the client's text escaped.

No password, no keyboard-interactive login (both only to say how to log in), no forwarding of
any kind: asyncssh refuses agent and X11 forwarding itself, and ``watch_asyncssh_refusals``
names who asked.
"""

from __future__ import annotations

import logging
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from engine.lobby import Login
from engine.store import StoreError
from engine.together.admin import is_banned

from .session import SSHSession, Who, safe

if TYPE_CHECKING:
    from .server import Service

log = logging.getLogger("bergfried.serve")

BANNED = "Bergfried: this name (or this key) is banned on this server."
AWAY = "Bergfried: the server's database did not answer; connect again in a moment."
NO_KEY = "Bergfried logs in with an SSH key, never a password: make one with `ssh-keygen -t ed25519` and connect again."


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
        try:
            self._admit_name(username)
        except StoreError as exc:
            self.database_away(exc)
        return True

    def _admit_name(self, username: str) -> None:
        if self.refusal is not None:
            self.conn.send_auth_banner(f"Bergfried: {self.refusal}.\r\n")
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, f"Bergfried: {self.refusal}")
        elif is_banned(self.service.store, name=username):  # a name is public: said before any key
            self.refuse_banned(banner=True)

    def database_away(self, exc: StoreError) -> None:
        """A store error while logging in: asyncssh would drop the connection with no word
        (after telling the client it was in), and the log would not say why."""
        log.warning("%s: %s: login failed: %s", self.peer, safe(self.username, 24), exc)
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, AWAY)

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
        try:
            login = service.accounts.check(username, text)
        except StoreError as exc:
            self.database_away(exc)
            return False
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
        try:
            self._log_in()
        except StoreError as exc:
            self.player = None  # no session for a login the store could not record
            self.database_away(exc)

    def _log_in(self) -> None:
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
