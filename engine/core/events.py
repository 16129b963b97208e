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

import types
import typing
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
        self._plain = {cls: _plain_encoder(cls, self.converter) for cls in self._classes.values()}
        self.plain_encoders: dict[type, Callable[[Any], dict]] = dict(self._plain)  # class -> plain, for loops
        # class -> same(ev, record): the record's type, v and data are plain(ev)'s (a load asks it per line)
        self.matchers: dict[type, Callable[[Any, dict], bool]] = {
            cls: _matcher(cls, self.converter) for cls in self._classes.values()}

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self._classes)

    def register_upcaster(self, name: str, from_version: int, fn: Callable[[dict], dict]) -> None:
        """``fn`` turns the data of version ``from_version`` into version ``from_version + 1``."""
        self._upcasters[(name, from_version)] = fn

    def encode(self, ev: Any) -> dict:
        cls = type(ev)
        return {"type": getattr(cls, EVENT_NAME), "v": getattr(cls, EVENT_VERSION),
                "data": self.converter.unstructure(ev)}

    def plain(self, ev: Any) -> dict:
        """``encode(ev)`` as JSON reads it back (lists for tuples), built directly: a load
        compares every logged line with the record its move produces, without a JSON round trip.

        >>> from engine.games.king_up.events import FigurePlaced   # any game's event
        >>> codec = EventCodec([FigurePlaced])
        >>> codec.plain(FigurePlaced(0, "A", 1))
        {'type': 'FigurePlaced', 'v': 1, 'data': {'seat': 0, 'figure': 'A', 'floor': 1}}
        """
        fn = self._plain.get(type(ev))
        if fn is None:
            return _json_shaped(self.encode(ev))
        return fn(ev)

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


# -- plain encoders ----------------------------------------------------------------------------
_SIMPLE = (int, str, bool, float, type(None))


def _json_shaped(value: Any) -> Any:
    """What JSON gives back for ``value``: tuples become lists, recursively."""
    if isinstance(value, (list, tuple)):
        return [_json_shaped(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_shaped(v) for k, v in value.items()}
    return value


def _field_code(tp: Any, expr: str, env: dict, converter: cattrs.Converter) -> str:
    """Python source turning ``expr`` of type ``tp`` into its JSON-read form."""
    if tp in _SIMPLE:
        return expr
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType) and all(a in _SIMPLE for a in args):
        return expr
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        inner = _field_code(args[0], "x", env, converter)
        return f"list({expr})" if inner == "x" else f"[{inner} for x in {expr}]"
    if origin is tuple and args and Ellipsis not in args and all(a in _SIMPLE for a in args):
        return f"list({expr})"
    # Anything else: the converter's own form, made JSON-shaped (slower, always right).
    name = f"_slow{len(env)}"
    env[name] = lambda v, tp=tp: _json_shaped(converter.unstructure(v, unstructure_as=tp))
    return f"{name}({expr})"


def _matcher(cls: type, converter: cattrs.Converter) -> Callable[[Any, dict], bool]:
    """``same(ev, record)``: record's "type", "v" and "data" equal ``plain(ev)``'s (with ``==``, as
    comparing the dicts would), without building them; other keys of record are not looked at.

    >>> from engine.games.king_up.events import FigurePlaced   # any game's event
    >>> same = EventCodec([FigurePlaced]).matchers[FigurePlaced]
    >>> same(FigurePlaced(0, "A", 1), {"type": "FigurePlaced", "v": 1, "data": {"seat": 0, "figure": "A", "floor": 1}})
    True
    """
    hints = typing.get_type_hints(cls)
    env: dict[str, Any] = {}
    kind = [f"r['type'] == {getattr(cls, EVENT_NAME)!r}", f"r['v'] == {getattr(cls, EVENT_VERSION)!r}"]
    codes = {f.name: _field_code(hints.get(f.name, f.type), f"ev.{f.name}", env, converter) for f in attrs.fields(cls)}
    if cls.__dictoffset__ and all(code == f"ev.{name}" for name, code in codes.items()):
        # Fields kept in the instance dict, each as JSON reads it back: one dict comparison, in C.
        # (An instance dict holding more than the fields only compares unequal: the careful path.)
        tests = kind + ["d == ev.__dict__"]
    else:
        tests = kind + ["type(d) is dict", f"len(d) == {len(codes)}"]
        tests += [f"d[{name!r}] == {code}" for name, code in codes.items()]
    # Subscripts, not .get: a load asks this of every line, and a missing key (KeyError) equals
    # nothing. An if, not a returned chain of ands: Python 3.11 specializes a comparison of ints
    # or strings only where a jump follows it.
    source = (f"def same(ev, r):\n    try:\n        d = r['data']\n        if {' and '.join(tests)}:\n"
              "            return True\n    except KeyError:\n        pass\n    return False\n")
    exec(source, env)  # noqa: S102 -- generated from the class's own field names
    return env["same"]


def _plain_encoder(cls: type, converter: cattrs.Converter) -> Callable[[Any], dict]:
    hints = typing.get_type_hints(cls)
    env: dict[str, Any] = {}
    items = []
    for field in attrs.fields(cls):
        tp = hints.get(field.name, field.type)
        code = _field_code(tp, f"ev.{field.name}", env, converter)
        items.append(f"{field.name!r}: {code}")
    source = (f"def plain(ev):\n    return {{'type': {getattr(cls, EVENT_NAME)!r}, "
              f"'v': {getattr(cls, EVENT_VERSION)!r}, 'data': {{{', '.join(items)}}}}}\n")
    exec(source, env)  # noqa: S102 -- generated from the class's own field names
    return env["plain"]

