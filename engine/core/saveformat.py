"""The save file's format: the header (game, rules version, config, seed, seats, created,
branch), one Entry per logged event, their JSON encodings, and ``excerpt`` for quoting bad data.

Everything that reads or writes saves (engine.core.log, .writer, .reader, .replayer, the store)
imports these names from here, so none of them needs another to be loaded first.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import datetime
from operator import itemgetter
from typing import Any, TypeGuard

import attrs

from .errors import LogError
from .game import Game, GameConfig, Seed, bind_seed, is_legacy_seed, is_secret

FORMAT = "bergfried-log"
FORMAT_VERSION = 1


@attrs.frozen
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot:<level>"

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")

    @property
    def bot_level(self) -> str | None:
        return self.kind[4:] if self.is_bot else None

    @property
    def label(self) -> str:
        """The seat as players read it, wherever seats are listed (the game-over ranking, an
        exported transcript): "Ann (human)", "Adalbert (bot expert)"; a bot named after its level,
        as the new-game form names it ("Bot 2 (random)"), is not told its level twice."""
        level = self.bot_level or ""
        if self.is_bot and self.name.endswith(f"({level})"):
            return self.name
        return f"{self.name} ({'bot ' + level if self.is_bot else 'human'})"


@attrs.frozen
class Branch:
    """Where a game branched off another's replay (docs/protocol.md, "Branches"): the original's
    file name, the replay step shown, how many of its whole actions were kept, and its variants,
    which the draws stay keyed to so the new game deals what the original dealt."""

    source: str
    step: int
    actions: int
    variants: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"from": self.source, "step": self.step, "actions": self.actions, "variants": list(self.variants)}

    @classmethod
    def from_json(cls, obj: Any) -> Branch:
        if not isinstance(obj, dict) or obj.keys() != _BRANCH_KEYS:
            raise _line1("the header's branch is not {from, step, actions, variants}")
        source, step, actions, variants = obj["from"], obj["step"], obj["actions"], obj["variants"]
        if not _short_str(source) or type(step) is not int or type(actions) is not int or step < 0 or actions < 0:
            raise _line1("the header's branch does not name a file and a step")
        if not isinstance(variants, list) or not all(_short_str(v) for v in variants):
            raise _line1("the header's branch variants are not a list of names")
        return cls(source, step, actions, tuple(sorted(variants)))


_BRANCH_KEYS = frozenset({"from", "step", "actions", "variants"})


@attrs.frozen
class Header:
    game: str
    rules_version: int
    config: GameConfig
    seed: Seed  # a 64-hex-digit secret; an int in saves from before secrets
    seats: tuple[Seat, ...]
    created: str | None = None  # an ISO timestamp from the caller; the engine reads no clock
    branch: Branch | None = None  # set in a game branched off another's replay
    # The digest line 1 was read with (None: written before headers had one, or made in code);
    # problem() compares it with the fields, so a flipped bit in a name or time shows.
    digest: str | None = attrs.field(default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # The config carries the header's rules version, so every set-up, replay and decision
        # made from it plays by the rules the file was saved under (GameConfig.rules_before).
        if self.config.rules_version != self.rules_version:
            object.__setattr__(self, "config", attrs.evolve(self.config, rules_version=self.rules_version))

    def to_json(self) -> dict:
        out = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "config": {"players": self.config.players, "variants": sorted(self.config.variants)},
            "seed": self.seed,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
        }
        if self.created is not None:
            out["created"] = self.created
        if self.branch is not None:
            out["branch"] = self.branch.to_json()
        out["digest"] = header_digest(out)
        return out

    @property
    def rng_seed(self) -> Seed:
        """What draws are keyed with: the secret bound to the game, player count and variants
        (a branch's: the original's variants, so it deals what the original dealt)."""
        variants = self.config.variants if self.branch is None else self.branch.variants
        return bind_seed(self.seed, f"{self.game}|{self.config.players}|{','.join(sorted(variants))}")

    @property
    def legacy(self) -> bool:
        """A save from before secret seeds (an integer seed, the old undo policy)."""
        return type(self.seed) is int

    def problem(self, game: Game) -> str | None:
        """What makes this header impossible for ``game`` (None when it fits)."""
        players = self.config.players
        if self.game != game.id:
            return f"this is a {self.game} game, not {game.id}"
        if not 1 <= self.rules_version <= game.rules_version:
            return (
                f"rules version {self.rules_version} is not one this Bergfried knows for {game.id} "
                f"(1–{game.rules_version})"
            )
        if not game.min_players <= players <= game.max_players:
            return f"{game.title} is for {game.min_players}–{game.max_players} players, not {players}"
        if len(self.seats) != players:
            return f"{players} players need {players} seats, the header has {len(self.seats)}"
        variants = (
            self.config.variants if self.branch is None else self.config.variants | frozenset(self.branch.variants)
        )
        if variants:  # most games are played without
            unknown = sorted(variants - {v.key for v in game.variants})
            if unknown:
                return f"{game.title} has no variant {unknown[0]!r}"
        levels = None  # asked of the game once, for the first bot
        for i, seat in enumerate(self.seats):
            kind = seat.kind  # "human" or "bot:<one of the game's levels>"
            if kind != "human":
                if levels is None:
                    levels = game.bot_levels
                if kind[:4] != "bot:" or kind[4:] not in levels:
                    return f"seat {i + 1} is {_excerpt(kind)}, not a person or one of the bots {', '.join(levels)}"
        # what the game's own set-up would refuse, then anything changed since it was written
        return game.config_problem(self.config) or self._digest_problem()

    def _digest_problem(self) -> str | None:
        if self.digest is None or self.digest == self.to_json()["digest"]:
            return None
        return "the header does not match its digest: a name, time or setting in it was changed or damaged"

    @classmethod
    def from_json(cls, obj: Any) -> Header:
        """The header of line 1; every field is checked for its type, so nothing is guessed."""
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise _line1("not a Bergfried save file (no bergfried-log header)")
        version = obj.get("format_version")
        if version != FORMAT_VERSION or type(version) is not int:
            raise _line1(f"save format version {_excerpt(version)}; this Bergfried reads version {FORMAT_VERSION}")
        if not obj.keys() <= _HEADER_KEYS:
            raise _line1(f"the header has an unknown field {_excerpt(sorted(obj.keys() - _HEADER_KEYS)[0])}")
        cfg, seed = obj.get("config"), obj.get("seed")
        if not isinstance(cfg, dict) or not cfg.keys() <= _CONFIG_KEYS:
            raise _line1("the header's config is not {players, variants}")
        variants = cfg.get("variants", [])
        if not isinstance(variants, list) or variants and not all(_short_str(v) for v in variants):
            raise _line1("the header's variants are not a list of names")
        seats = _seats(obj.get("seats"))
        if seats is None:
            raise _line1("the header's seats are not a list of {name, kind}")
        for i, seat in enumerate(seats):  # what a person could type: a flipped bit shows
            if not (seat.name.isprintable() and seat.name.strip() == seat.name != ""):
                raise _line1(
                    f"seat {i + 1}'s name {_excerpt(seat.name)} is not printable text without spaces at its ends"
                )
        if not (is_secret(seed) or is_legacy_seed(seed)):
            raise _line1(f"the seed {_excerpt(seed)} is neither 64 hex digits nor a small integer")
        game, rules_version = obj.get("game"), obj.get("rules_version")
        if type(game) is not str:
            raise _line1(f"the header's game is {_excerpt(game)}")
        if type(rules_version) is not int:
            raise _line1(f"the header's rules_version is {_excerpt(rules_version)}")
        created = obj.get("created")
        if created is not None and not _short_str(created):
            raise _line1("the header's created time is not a short text")
        if created is not None and not _iso_time(created):
            raise _line1(f"the header's created time {_excerpt(created)} is not an ISO 8601 time")
        if type(cfg.get("players")) is not int:
            raise _line1(f"the number of players is {_excerpt(cfg.get('players'))}")
        branch = obj.get("branch")
        if branch is not None:
            branch = Branch.from_json(branch)
        digest = obj.get("digest")
        if digest is not None and not _short_str(digest, 64):
            raise _line1(f"the header's digest is {_excerpt(digest)}")
        config = GameConfig(cfg["players"], frozenset(variants), rules_version)
        return Header(game, rules_version, config, seed, seats, created, branch, digest)


_HEADER_KEYS = frozenset(
    {"format", "format_version", "game", "rules_version", "config", "seed", "seats", "created", "branch", "digest"}
)


def header_digest(fields: dict) -> str:
    """A short hash of a header's other fields, written beside them: the seat names and the
    created time are checked against nothing else, so without it a flipped bit there loads."""
    text = json.dumps({k: v for k, v in fields.items() if k != "digest"}, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def _iso_time(text: str) -> bool:
    """Whether ``text`` is a time as Bergfried writes one (``datetime.isoformat``)."""
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _short_str(value: Any, limit: int = 200) -> TypeGuard[str]:
    return type(value) is str and len(value) <= limit


_CONFIG_KEYS = frozenset({"players", "variants"})
_SEAT_KEYS = frozenset({"name", "kind"})


def _seats(obj: Any) -> tuple[Seat, ...] | None:
    """The seats of a header's list of {name, kind} (kind "human" when left out); None for
    anything else."""
    if not isinstance(obj, list):
        return None
    seats = []
    for seat in obj:
        if not isinstance(seat, dict) or not seat.keys() <= _SEAT_KEYS:
            return None
        name, kind = seat.get("name"), seat.get("kind", "human")
        if not (_short_str(name) and _short_str(kind)):
            return None
        seats.append(Seat(name, kind))
    return tuple(seats)


def _line1(text: str) -> LogError:
    return LogError(f"line 1: {text}", line=1)


def excerpt(value: Any, limit: int = 40) -> str:
    """A short quote of bad data for an error message: never more than ``limit`` characters."""
    text = (
        value
        if isinstance(value, str)
        else repr(value)
        if not isinstance(value, (dict, list))
        else type(value).__name__
    )
    text = repr(text) if isinstance(value, str) else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


_excerpt = excerpt


class Entry(tuple):
    """One logged event, with the action batch it belongs to.

    ``act`` numbers the batches: 0 is setup, then one per accepted action. The first entry of a
    batch carries the action's notation in ``move``, so ``check`` can decide it again. ``line``
    says where it was read from (for messages) and takes no part in equality.

    An immutable tuple underneath: a load makes one per logged event, and a tuple is made in C.

    >>> Entry("ev", 1, 0, "A3", line=7) == Entry("ev", 1, 0, "A3")
    True
    """

    __slots__ = ()

    def __new__(
        cls, event: Any, act: int, by: int | None = None, move: str | None = None, line: int | None = None
    ) -> Entry:
        return super().__new__(cls, (event, act, by, move, line))

    event = property(itemgetter(0))
    act = property(itemgetter(1))
    by = property(itemgetter(2))
    move = property(itemgetter(3))
    line = property(itemgetter(4))

    def __eq__(self, other: object) -> bool:
        if type(other) is not Entry:
            return False if isinstance(other, tuple) else NotImplemented
        return self[:4] == other[:4]

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self[:4])

    def __getnewargs__(self) -> tuple:
        return tuple(self)

    def __repr__(self) -> str:
        return f"Entry(event={self[0]!r}, act={self[1]!r}, by={self[2]!r}, move={self[3]!r}, line={self[4]!r})"

    # Tuple order and arithmetic mean nothing for a log entry.
    __lt__ = __le__ = __gt__ = __ge__ = __add__ = __mul__ = __rmul__ = None  # type: ignore[assignment]


def encode_entry(game: Game, entry: Entry, batch_size: int | None = None) -> dict:
    line = {"act": entry.act}
    if batch_size is not None:
        line["n"] = batch_size  # lets a reader tell a batch cut short by a crash
    if entry.by is not None:
        line["by"] = entry.by
    if entry.move is not None:
        line["move"] = entry.move
    line.update(game.codec.encode(entry.event))
    return line


def encode_lines(game: Game, entries: Sequence[Entry]) -> list[str]:
    """JSON lines for ``entries``; the first line of each action batch says how many lines it has."""
    sizes: dict[int, int] = {}
    for e in entries:
        sizes[e.act] = sizes.get(e.act, 0) + 1
    out, prev = [], None
    for e in entries:
        out.append(dumps(encode_entry(game, e, sizes[e.act] if e.act != prev else None)))
        prev = e.act
    return out


def dumps(obj: dict) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


@attrs.frozen
class LoadedLog:
    header: Header
    entries: tuple[Entry, ...]
    warning: str | None = None  # set when a cut-off end was dropped (or a missing set-up made again)
    state: Any = attrs.field(default=None, eq=False)  # the verified final state (None: not verified)
    whole_bytes: int | None = attrs.field(default=None, eq=False)  # where the whole part ends, if not at EOF
    setup_missing: bool = attrs.field(default=False, eq=False)  # the set-up was made again from the header
