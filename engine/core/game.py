"""The decider protocol every game implements, and the small value types around it.

A game is an object that knows the rules; a state knows the position::

    game = get_game("king-up")
    state = game.replay(GameConfig(players=4), events)

See docs/protocol.md for the whole contract (simultaneous steps, reveals, undo).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import random
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib import resources
from typing import Any, ClassVar, Protocol, TypeGuard, runtime_checkable

import attrs

from .errors import UnknownBotLevel
from .events import EventCodec


def _frozen(variants: Iterable[str]) -> frozenset[str]:
    return frozenset(variants)


@attrs.frozen
class GameConfig:
    """What a match is set up with: the number of players and the rule variants switched on."""

    players: int
    variants: frozenset[str] = attrs.field(default=frozenset(), converter=_frozen)
    # The rules a match is played by: a save file's header says which (see Header); None, the
    # game's current rules. A game whose rules changed keeps an old file's play by asking
    # ``rules_before``, so the file still loads move for move.
    rules_version: int | None = None

    def has(self, variant: str) -> bool:
        return variant in self.variants

    def rules_before(self, version: int) -> bool:
        """Whether this match is played by rules older than ``version`` (a file saved before it).

        >>> GameConfig(2, rules_version=1).rules_before(2), GameConfig(2).rules_before(2)
        (True, False)
        """
        return self.rules_version is not None and self.rules_version < version


@attrs.frozen
class Result:
    """The outcome (or the standing, while unfinished): a score per seat and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool


def _player_counts(counts: Iterable[int]) -> frozenset[int]:
    """A typed converter: attrs reads ``frozenset`` itself as taking sets of anything."""
    return frozenset(counts)


@attrs.frozen
class Variant:
    key: str
    description: str
    # Player counts at which the rule always applies, switched on or not (Between Two Castles:
    # Ludwig always builds with two players), so a form can show it on and fixed there.
    always_with: frozenset[int] = attrs.field(default=frozenset(), converter=_player_counts)


# Every game offers it: with it, undo may also go back past revealed information (see Match.can_undo).
PRACTICE = Variant("practice", "undo may take back bots' replies and revealed cards")


# -- seeds -----------------------------------------------------------------------------------
# A match's seed is a 256-bit secret (64 hex digits) from `secrets`, kept in the save file's
# header. Every draw comes from HMAC-SHA256(secret bound to the set-up, position): nobody who
# sees only moves and their own cards can compute it. Old saves hold a small integer and keep
# the draws they were played with. Reproducible runs (selfplay --seed, tests) derive the
# secret from their integer with `secret_from`; that is never done for a game against humans.

Seed = int | str
SECRET_HEX_DIGITS = 64
LEGACY_SEED_LIMIT = 2**64


def new_secret() -> str:
    """A fresh 256-bit secret for a match against people."""
    return secrets.token_hex(SECRET_HEX_DIGITS // 2)


def secret_from(seed: int) -> str:
    """The secret of a reproducible run started with ``seed`` (selfplay, tests, benchmarks).

    >>> secret_from(7) == secret_from(7) and len(secret_from(7)) == 64
    True
    """
    return hashlib.sha256(f"bergfried reproducible run:{int(seed)}".encode()).hexdigest()


def is_secret(seed: Any) -> TypeGuard[str]:
    return type(seed) is str and len(seed) == SECRET_HEX_DIGITS and _HEX_DIGITS.issuperset(seed)


_HEX_DIGITS = frozenset("0123456789abcdef")


def is_legacy_seed(seed: Any) -> TypeGuard[int]:
    return type(seed) is int and -LEGACY_SEED_LIMIT < seed < LEGACY_SEED_LIMIT


def match_seed(seed: Seed | None) -> str:
    """The secret a new match is set up with: fresh for None, derived for an int, kept for a secret."""
    if seed is None:
        return new_secret()
    if is_secret(seed):
        return seed
    if type(seed) is int:
        return secret_from(seed)
    raise ValueError(f"a seed is an integer or {SECRET_HEX_DIGITS} hex digits, not {seed!r}")


def bind_seed(seed: Seed, context: str) -> Seed:
    """Key the draws to the match's set-up (game, players, variants): a header edited afterwards
    (a variant added, a player count changed) then no longer reproduces its own set-up.
    Old integer seeds are returned as they are, so old saves keep their draws."""
    if not isinstance(seed, str):  # an old integer seed
        return seed
    return hmac.digest(bytes.fromhex(seed), context.encode(), "sha256").hex()  # hmac.new(...).hexdigest(), one-shot


class _KeyedRandom(random.Random):
    """A random.Random seeded from HMAC-SHA256(key, message) on its first draw: most decisions
    draw nothing, and replay decides every move again, so the seeding is paid only when used."""

    def __init__(self, key: bytes, message: bytes):  # noqa: D107 -- no super(): seeding is deferred
        self._key, self._message, self._seeded = key, message, False

    def _seed_now(self) -> None:
        self._seeded = True
        random.Random.seed(self, int.from_bytes(hmac.digest(self._key, self._message, "sha256"), "big"))
        # Seeded: draw straight from C (a shuffle draws once per card, through these two names).
        self.random, self.getrandbits = (  # type: ignore[method-assign] # the C methods, bound: the point
            _C_RANDOM.__get__(self),
            _C_GETRANDBITS.__get__(self),
        )

    def random(self) -> float:
        if not self._seeded:
            self._seed_now()
        return _C_RANDOM(self)

    def getrandbits(self, k: int) -> int:
        if not self._seeded:
            self._seed_now()
        return _C_GETRANDBITS(self, k)

    def getstate(self):
        if not self._seeded:
            self._seed_now()
        return super().getstate()

    def seed(self, *args, **kwargs) -> None:
        if hasattr(self, "_seeded"):  # an explicit reseed; random.Random.__new__ seeds before __init__
            self._seeded = True
            super().seed(*args, **kwargs)


_C_RANDOM = random.Random.random
_C_GETRANDBITS = random.Random.getrandbits


def rng_for(seed: Seed, position: int, salt: str = "") -> random.Random:
    """The random source for the decision taken at log ``position`` of a match with ``seed``.

    Drawing from (seed, position) makes a decision reproducible without storing generator state,
    and the outcome is written into the event, so replaying never draws at all. ``seed`` is a
    secret (see :func:`bind_seed`) or, for old saves, an integer.
    """
    if type(seed) is int:
        return random.Random(f"{seed}:{position}:{salt}")
    return _KeyedRandom(_key(seed), f"{position}:{salt}".encode())


@functools.lru_cache(maxsize=64)
def _key(seed: str) -> bytes:
    return bytes.fromhex(seed)


@runtime_checkable
class Game(Protocol):
    """A game's rules as a decider. Implementations are stateless and shareable between matches."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int]
    variants: ClassVar[tuple[Variant, ...]]
    bot_levels: ClassVar[tuple[str, ...]]  # weakest first

    # Games are cached per instance (functools.cache keys on them): say so, as object's hash is
    # not part of a protocol's members for the type checker.
    def __hash__(self) -> int: ...

    codec: EventCodec

    def config_problem(self, config: GameConfig) -> str | None:
        """Why the game cannot be set up with ``config`` (a variant for other player counts),
        beyond the player range and the variants it lists; None when it can. The one check both
        a header (a save file's, a new game's) and ``setup`` use."""

    def initial_state(self, config: GameConfig) -> Any:
        """The empty position before any setup event; pure."""

    def setup(self, config: GameConfig, rng: random.Random) -> list[Any]:
        """The events that set up a match (shuffles and deals drawn from ``rng``)."""

    def decide(self, state: Any, seat: int, action: Any, rng: random.Random) -> list[Any]:
        """The events that ``action`` by ``seat`` causes, with every consequence; or raise IllegalAction."""

    def evolve(self, state: Any, event: Any) -> Any:
        """The position after ``event``; pure: no randomness, I/O or clock."""

    def to_act(self, state: Any) -> frozenset[int]:
        """The seats that owe an action now (several during a simultaneous step, none at the end)."""

    def legal_actions(self, state: Any, seat: int) -> Iterator[Any]:
        """Every action ``seat`` may take now (nothing if it owes none)."""

    def result(self, state: Any) -> Result:
        """Scores and winners; ``finished`` says whether the game is over."""

    def view(self, state: Any, seat: int | None) -> Any:
        """Exactly what ``seat`` may see; ``None`` is a spectator."""

    def format_action(self, state: Any, seat: int, action: Any) -> str:
        """The action in the game's notation, as seen before it is played."""

    def parse_action(self, state: Any, seat: int, text: str) -> Any:
        """Read notation; raise IllegalAction with a helpful message when it cannot be read."""

    def describe(self, before: Any, event: Any, names: Sequence[str] = ()) -> str | None:
        """A one-line text for the move list, or None for bookkeeping events.

        For the event that carries a move, the move in notation (callers prefix the mover's name);
        ``names`` are the seats' names, for consequences that name a seat.
        """

    def reveals(self, event: Any) -> bool:
        """Whether ``event`` shows some seat information it did not have (a draw, a deal, a reveal)."""

    def boundary(self, event: Any) -> str | None:
        """'round' or 'turn' when ``event`` starts a round or a turn; else None (for replay jumps)."""

    def final(self, config: GameConfig, event: Any) -> str | None:
        """Why undo may not take ``event`` back outside practice games (a choice the rulebook
        makes final), in a player's words; None when it may (used by undo)."""

    def make_bot(self, level: str) -> Any:
        """A bot (engine.core.bots.Bot) of one of ``bot_levels``; UnknownBotLevel otherwise."""

    def rules_page(self) -> str:
        """The rules in English, as Markdown."""

    def resample_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """A state ``seat`` cannot tell from ``state`` (its hidden parts redrawn from ``rng``)."""

    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A full state the view's seat cannot tell from the truth: ``view(determinize(v, rng),
        v.seat) == v``, everything hidden from it (other hands, pile orders, face-down things,
        others' secret choices) drawn from ``rng`` consistently with all it saw. The thinking
        bots (engine.core.search) search from such states, so they never read the real one."""

    def preview(self, view: Any, action: Any) -> Any:
        """What ``action`` would do, from ``view`` alone; None where the game has no preview."""

    def recap_notes(self, before: Any, after: Any) -> tuple[str, ...]:
        """What changed for the seat between two of its own views, beyond the move list's words."""


class Rules:
    """Base class of every game's rules object: what all games do the same way.

    A game sets ``bots`` (level -> bot factory, weakest first) and ``view_class`` (the frozen
    attrs class its ``view`` returns) and implements the :class:`Game` protocol's calls::

        class KingUp(Rules):
            bots = {"random": RandomBot, "greedy": GreedyBot}
            view_class = KingUpView
    """

    bots: ClassVar[Mapping[str, Callable[..., Any]]] = {}  # a class, or a Thinking that takes the game
    view_class: ClassVar[type] = object

    @property
    def bot_levels(self) -> tuple[str, ...]:
        return tuple(self.bots)

    def make_bot(self, level: str) -> Any:
        factory = self.bots.get(level)
        if factory is None:
            raise UnknownBotLevel(
                f"{getattr(self, 'title', '?')} has no {level!r} bot (levels: {', '.join(self.bots)})"
            )
        # A thinking bot (engine.core.search.Thinking) searches this game's rules.
        return factory(self) if getattr(factory, "wants_game", False) else factory()

    def config_problem(self, config: GameConfig) -> str | None:
        """Why ``config`` cannot be set up, beyond the player range and the variants listed (see
        :class:`Game`); most games take every such combination."""
        return None

    def rules_page(self) -> str:
        """The rules in English (``rules.md`` shipped inside the game's package)."""
        package = type(self).__module__.rpartition(".")[0]
        return resources.files(package).joinpath("rules.md").read_text("utf-8")

    def final(self, config: GameConfig, event: Any) -> str | None:
        """No move is final by itself in most games: undo's general policy decides (see :class:`Game`)."""
        return None

    def resample_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """A state that ``seat`` cannot tell from ``state``: everything hidden from it redrawn.

        The contract tests use it to prove that a view holds no secret: the view of the
        resampled state must be the same. A game without hidden information keeps the default.
        """
        return state

    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A full state that ``view.seat`` cannot tell from the truth, drawn from ``rng``.

        Everything public is rebuilt from the view; everything hidden from that seat (other
        hands, pile orders, face-down tiles, others' secret choices) is filled in consistently
        with what it saw, so that ``view(determinize(view, rng), view.seat) == view``. The
        thinking bots (engine.core.search) search from such states and never see the real one.
        """
        raise NotImplementedError(f"{getattr(self, 'title', '?')} has no determinizer")

    def preview(self, view: Any, action: Any) -> Any:
        """What ``action`` would do, judged from ``view`` alone (None where a game has no preview)."""
        return None

    def recap_notes(self, before: Any, after: Any) -> tuple[str, ...]:
        """What changed for the seat between two of its own views that the move list does not say
        (which of its tiles a robber took), for the recap (engine.core.recap); none by default."""
        return ()


def replay(game: Game, config: GameConfig, events: Iterable[Any]) -> Any:
    """Fold ``events`` from the initial state. ``replay(g, c, log) == live state`` is a tested invariant."""
    state = game.initial_state(config)
    for ev in events:
        state = game.evolve(state, ev)
    return state


def legal_list(game: Game, state: Any, seat: int) -> Sequence[Any]:
    return list(game.legal_actions(state, seat))
