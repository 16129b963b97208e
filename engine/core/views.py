"""Views as plain data: every view converts to JSON and back.

A view is a frozen attrs class whose fields are ints, strings, bools, None, tuples and
frozensets of those, or further frozen attrs classes made the same way. That is what a
network client, a bot in another process or ``bergfried replay --view`` receives::

    data = view_to_json(view)
    assert view_from_json(type(view), data) == view
"""

from __future__ import annotations

import json
import typing
from typing import Any

import cattrs

_converter = cattrs.Converter(detailed_validation=False)
# Sets travel as sorted lists (JSON has no sets); annotations such as frozenset[int] bring them back.
_converter.register_unstructure_hook_func(
    lambda t: frozenset in (t, typing.get_origin(t)), lambda s: sorted(_converter.unstructure(x) for x in s)
)


def view_to_json(view: Any) -> dict:
    """The view as a JSON-ready dict (tuples become lists)."""
    return _converter.unstructure(view)


def view_from_json(view_class: type, data: Any) -> Any:
    return _converter.structure(data, view_class)


def view_dumps(view: Any) -> str:
    return json.dumps(view_to_json(view), separators=(",", ":"), ensure_ascii=False, sort_keys=True)
