"""``replace``, an ``attrs.evolve`` for game states.

States that use ``replace`` are declared ``@attrs.frozen(slots=False)`` and have no validators or
converters: copying the instance dict is then the whole job, about six times faster than
``attrs.evolve``, which re-runs ``__init__`` over every field.

    state = replace(state, turn=2)
"""

from __future__ import annotations

from typing import TypeVar

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
