"""Keys, names and the host's actions on both databases: a second key added and the first
removed (never the last), fingerprints as ssh-keygen prints them, renames unique regardless of
case (seats and chat follow), a ban (the name and its keys refused), a closed table that takes
no more moves in any process, and the host's log."""

from __future__ import annotations

import base64
import hashlib
import struct

import pytest

from engine.core import GameStopped
from engine.lobby import Accounts, Login
from engine.together import admin
from engine.together.chat import Chat
from engine.together.keys import AccountError, fingerprint, normal_key
from engine.together.notices import Notices

from . import stores as fixtures
from .stores import lobby_of

stores = fixtures.stores


def make_key(seed: str, comment: str = "me@host") -> str:
    """A well-formed ssh-ed25519 public key line (the server only reads its text)."""
    kind = b"ssh-ed25519"
    body = hashlib.sha256(seed.encode()).digest()
    blob = struct.pack(">I", len(kind)) + kind + struct.pack(">I", len(body)) + body
    return f"ssh-ed25519 {base64.b64encode(blob).decode()} {comment}"


def test_fingerprints_read_as_ssh_keygen_prints_them():
    line = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIErchunhma9BydGYys5hxfijAMx0CJm7+uw51xYnN/Sw one@host"
    assert fingerprint(normal_key(line)) == "SHA256:V09FBP9S2ZknGooEa8OTM/aIsxPpD3rEA5HY8DxQr24"
    for bad in ("", "hello", "ssh-ed25519 !!!", "ssh-rsa " + make_key("x").split()[1]):
        with pytest.raises(AccountError):
            normal_key(bad)


def test_a_second_key_is_added_and_the_first_removed(stores):
    accounts = Accounts(stores())
    first, second = make_key("alice-1"), make_key("alice-2", "laptop")
    accounts.claim("alice", normal_key(first))
    with pytest.raises(AccountError, match="only key"):
        accounts.remove_key("alice", fingerprint(normal_key(first)))
    added = accounts.add_key("alice", second)
    other = Accounts(stores())  # another process: the new key logs in there
    assert other.check("alice", normal_key(second)) is Login.KNOWN
    assert {k.fingerprint for k in other.keys("alice")} == {fingerprint(normal_key(first)), added.fingerprint}
    with pytest.raises(AccountError, match="yours already"):
        accounts.add_key("alice", second)
    accounts.claim("bob", normal_key(make_key("bob")))
    with pytest.raises(AccountError, match="another player's"):
        accounts.add_key("alice", make_key("bob"))
    removed = accounts.remove_key("alice", fingerprint(normal_key(first))[:16])  # enough of it to be unique
    assert removed.text == normal_key(first)
    assert other.check("alice", normal_key(first)) is Login.TAKEN  # that key is nobody's now
    assert [k.text for k in other.keys("alice")] == [normal_key(second)]
    with pytest.raises(AccountError, match="only key"):
        accounts.remove_key("alice", second)
    with pytest.raises(AccountError, match="no key"):
        accounts.remove_key("alice", "SHA256:nothing")


def test_a_rename_is_unique_regardless_of_case_and_everything_follows(stores):
    store = stores()
    accounts = Accounts(store)
    accounts.claim("alice", normal_key(make_key("alice")))
    accounts.claim("bob", normal_key(make_key("bob")))
    lobby = lobby_of(store)
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    Chat(store).say(record.id, "alice", "hello")
    Chat(store).mute("bob", "alice")
    with pytest.raises(AccountError, match="taken"):
        accounts.rename("alice", "BOB")
    with pytest.raises(AccountError, match="not a name"):
        accounts.rename("alice", "9 lives")
    accounts.rename("alice", "Alicia")
    assert accounts.check("alicia", normal_key(make_key("alice"))) is Login.OTHER  # the key is Alicia's
    assert accounts.name_of(normal_key(make_key("alice"))) == "Alicia"
    assert not accounts.exists("alice")
    lobby.poll()
    fresh = lobby.record(record.id)
    assert fresh.creator == "Alicia" and fresh.seats[0].player == "Alicia"
    assert [line.author for line in Chat(store).lines(record.id, "Alicia")] == ["Alicia"]
    assert Chat(store).muted("bob") == ["Alicia"]
    accounts.rename("Alicia", "alicia")  # her own name in another case is hers
    assert accounts.names() == ["alicia", "bob"]
    lobby.close()


def test_a_banned_name_and_its_keys_cannot_log_in(stores):
    store = stores()
    accounts = Accounts(store)
    key = normal_key(make_key("mallory"))
    accounts.claim("mallory", key)
    assert admin.ban(store, "Mallory") == "banned mallory and 1 key"
    assert accounts.check("mallory", key) is Login.BANNED
    assert accounts.check("mallory2", key) is Login.BANNED  # the key claims nothing else
    assert accounts.check("MALLORY", normal_key(make_key("new"))) is Login.BANNED
    with pytest.raises(ValueError):
        accounts.claim("mallory3", key)
    with pytest.raises(AccountError, match="banned already"):
        admin.ban(store, "mallory")
    admin.ban(store, "troll")  # a name nobody has yet
    assert accounts.check("troll", normal_key(make_key("t"))) is Login.BANNED
    assert [p.line.split()[0] for p in admin.players(store) if p.banned] == ["mallory"]
    admin.unban(store, "mallory")
    assert accounts.check("mallory", key) is Login.KNOWN
    assert [line.split(" ", 2)[2] for line in admin.history(store)] == [
        "ban: mallory (1 key)",
        "ban: troll (0 keys)",
        "unban: mallory",
    ]


def test_a_closed_table_takes_no_more_moves_anywhere(stores):
    store = stores()
    accounts = Accounts(store)
    accounts.claim("alice", normal_key(make_key("alice")))
    accounts.claim("bob", normal_key(make_key("bob")))
    lobby = lobby_of(store)
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    table = lobby.table(record.id)
    bob = Notices(store, "bob")
    assert admin.close_table(stores(), record.id, "\x1b[2Jspam") == f"closed table {record.id}"
    seat = min(table.to_act)
    with pytest.raises(GameStopped, match="the host closed this table"):
        table.submit(seat, table.legal_actions(seat)[0])
    lobby.poll()
    assert record.id not in [s.id for s in lobby.summaries("alice", finished=True)]
    assert [(n.kind, n.text) for n in bob.check()] == [("closed", f"The host closed table {record.id} (␛[2Jspam)")]
    with pytest.raises(AccountError, match="closed already"):
        admin.close_table(store, record.id)
    with pytest.raises(AccountError, match="no table"):
        admin.close_table(store, "tnothere")
    assert admin.history(store)[-1].endswith(f"close: {record.id} (␛[2Jspam)")
    lobby.close()


def test_a_closed_table_stops_at_once_in_another_process(stores):
    store = stores()
    accounts = Accounts(store)
    accounts.claim("alice", normal_key(make_key("alice")))
    accounts.claim("bob", normal_key(make_key("bob")))
    lobby = lobby_of(store)
    record = lobby.create("alice", "palais-royal", ["me", "invite:bob"])
    lobby.join(record.id, "bob")
    heard = []
    lobby.table(record.id).attach(0, heard.append)
    admin.close_table(stores(), record.id, "cheating")  # the host, in another process
    lobby.poll()  # what the watcher does as the close is written
    assert [(u.kind, u.message) for u in heard] == [("stopped", "closed by the host: cheating")]
    assert lobby.table(record.id) is None
    lobby.close()
