"""Quicker ways to make attrs objects that a load makes thousands of times: ``replace``, an
``attrs.evolve`` for game states, and ``slotted_new``, a constructor for small frozen objects.

States that use ``replace`` are declared ``@attrs.frozen(slots=False)`` and have no validators or
converters: copying the instance dict is then the whole job, about six times faster than
``attrs.evolve``, which re-runs ``__init__`` over every field.

    state = replace(state, turn=2)
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs

T = TypeVar("T")


def replace(inst: T, **changes) -> T:
    old = inst.__dict__
    fields = old.copy()  # a copy of a (key-sharing) instance dict is a block copy, not a re-insert
    fields.update(changes)
    if len(fields) != len(old):  # a name that is not a field (checked after: cheaper than before)
        raise TypeError(f"{type(inst).__name__} has no field(s) {sorted(changes.keys() - old.keys())}")
    new = _new(type(inst))
    _setattr(new, "__dict__", fields)  # object's own setattr: the class is frozen
    return new


_new = object.__new__
_setattr = object.__setattr__


def slotted_new(cls: type[T]) -> Callable[..., T]:
    """``cls(...)`` for a frozen attrs class with slots and no validators or converters, made
    without attrs' ``__init__`` (a bound setattr per field): each slot is set by its descriptor.

    >>> @attrs.frozen
    ... class Tile:
    ...     room: int
    ...     castle: int = -1
    >>> slotted_new(Tile)(12) == Tile(12)
    True
    """
    fields = attrs.fields(cls)
    if any(f.validator or f.converter or isinstance(f.default, attrs.Factory) for f in fields):
        raise TypeError(f"{cls.__name__} checks or converts a field: use its __init__")
    params = ", ".join(f.name if f.default is attrs.NOTHING else f"{f.name}={f.default!r}" for f in fields)
    env = {"_new": object.__new__, "cls": cls} | {f"_set_{f.name}": getattr(cls, f.name).__set__ for f in fields}
    body = "".join(f"    _set_{f.name}(obj, {f.name})\n" for f in fields)
    exec(f"def new({params}):\n    obj = _new(cls)\n{body}    return obj\n", env)  # noqa: S102 -- the class's own field names
    return env["new"]
