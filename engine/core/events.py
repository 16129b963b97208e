"""Events: immutable facts with a stable type name and a schema version.

Every game declares its events with :func:`event`::

    @event("FigurePlaced")
    @attrs.frozen
    class FigurePlaced:
        seat: int
        figure: str
        floor: int

An :class:`EventCodec` turns them into JSON-ready dicts and back, upcasting old
schema versions through registered functions. An unknown type is an error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs
import cattrs

from .errors import LogError

EVENT_NAME = "__event_name__"
EVENT_VERSION = "__event_version__"


def event(name: str, version: int = 1):
    """Class decorator: give an attrs event class its stable type name and schema version."""

    def mark(cls):
        setattr(cls, EVENT_NAME, name)
        setattr(cls, EVENT_VERSION, version)
        return cls

    return mark


def event_name(ev: Any) -> str:
    return getattr(type(ev), EVENT_NAME)


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(detailed_validation=False)  # plain messages, and a faster generated path
    # Tuples and frozensets travel as JSON lists; attrs restores them from the annotations.
    conv.register_unstructure_hook(frozenset, lambda s: sorted(conv.unstructure(x) for x in s))
    return conv


class EventCodec:
    """Encodes and decodes one game's events.

    >>> import attrs
    >>> @event("FigurePlaced")
    ... @attrs.frozen
    ... class FigurePlaced:
    ...     seat: int
    ...     figure: str
    ...     floor: int
    >>> codec = EventCodec([FigurePlaced])
    >>> codec.decode(codec.encode(FigurePlaced(0, "A", 1))) == FigurePlaced(0, "A", 1)
    True
    """

    def __init__(self, classes: Iterable[type]):
        self._classes: dict[str, type] = {}
        self._upcasters: dict[tuple[str, int], Callable[[dict], dict]] = {}
        self.converter = _make_converter()
        for cls in classes:
            name = getattr(cls, EVENT_NAME, None)
            if name is None or not attrs.has(cls):
                raise TypeError(f"{cls!r} is not an @event attrs class")
            self._classes[name] = cls
        # Looked up once: loading a log decodes every event, and cattrs' dispatch is per call.
        self._hooks = {cls: self.converter.get_structure_hook(cls) for cls in self._classes.values()}

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self._classes)

    def register_upcaster(self, name: str, from_version: int, fn: Callable[[dict], dict]) -> None:
        """``fn`` turns the data of version ``from_version`` into version ``from_version + 1``."""
        self._upcasters[(name, from_version)] = fn

    def encode(self, ev: Any) -> dict:
        cls = type(ev)
        return {
            "type": getattr(cls, EVENT_NAME),
            "v": getattr(cls, EVENT_VERSION),
            "data": self.converter.unstructure(ev),
        }

    def plain(self, ev: Any) -> dict:
        """``encode(ev)`` as JSON reads it back (lists for tuples): a load compares every logged
        line with the record its move produces.

        >>> from engine.games.king_up.events import FigurePlaced   # any game's event
        >>> codec = EventCodec([FigurePlaced])
        >>> codec.plain(FigurePlaced(0, "A", 1))
        {'type': 'FigurePlaced', 'v': 1, 'data': {'seat': 0, 'figure': 'A', 'floor': 1}}
        """
        return _json_shaped(self.encode(ev))

    def decode(self, record: dict) -> Any:
        try:
            name, version, data = record["type"], record.get("v", 1), record.get("data", {})
        except (KeyError, TypeError):
            raise LogError("an event needs a 'type' and 'data'") from None
        cls = self._classes.get(name)
        if cls is None:
            raise LogError(f"unknown event type {name!r}")
        current = getattr(cls, EVENT_VERSION)
        if not isinstance(version, int) or version > current:
            raise LogError(f"event {name!r} has schema version {version}; this Bergfried reads up to {current}")
        while version < current:
            up = self._upcasters.get((name, version))
            if up is None:
                raise LogError(f"no upcaster for {name!r} version {version}")
            data, version = up(data), version + 1
        try:
            return self._hooks[cls](data, cls)
        except Exception as exc:  # cattrs raises several kinds; all mean "bad data"
            raise LogError(f"event {name!r} has bad data: {exc}") from None


def _json_shaped(value: Any) -> Any:
    """What JSON gives back for ``value``: tuples become lists, recursively."""
    if isinstance(value, (list, tuple)):
        return [_json_shaped(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_shaped(v) for k, v in value.items()}
    return value
