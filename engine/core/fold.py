"""The one way a game writes ``evolve``: a handler per event type, registered with a decorator.

    evolve = Fold("King Up!")

    @evolve.on(FigurePlaced)
    def _placed(state, ev):
        return replace(state, ...)

    state = evolve(state, FigurePlaced(0, 3, 1))

A decider that folds its events as it goes (to see their consequences) does so with a
:class:`Folder` and may return them as :class:`Decided`, carrying the state they lead to: loading a
save file and playing a move then take that state instead of folding the same events a second time.

    class Folder(fold.Folder):
        evolve = staticmethod(evolve)   # the game's own

    fold = Folder(state)
    fold.add(FigurePlaced(0, 3, 1))
    return fold.decided()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Fold:
    """Dispatches an event to the handler registered for its exact type."""

    def __init__(self, game_title: str):
        self.game_title = game_title
        self._handlers: dict[type, Callable[[Any, Any], Any]] = {}

    def on(self, *event_types: type):
        """Decorator: ``fn(state, event) -> state`` handles these event types."""

        def register(fn):
            for cls in event_types:
                if cls in self._handlers:
                    raise TypeError(f"{cls.__name__} already has a handler")
                self._handlers[cls] = fn
            return fn

        return register

    @property
    def event_types(self) -> frozenset[type]:
        return frozenset(self._handlers)

    def __call__(self, state: Any, event: Any) -> Any:
        handler = self._handlers.get(type(event))
        if handler is None:
            raise TypeError(f"not a {self.game_title} event: {event!r}")
        return handler(state, event)


class Decided(list):
    """The events of one decision and ``after``, the state that folding all of them gives.

    Only for a state reached by folding exactly these events, in order, with the game's evolve.

    >>> events = Decided([1, 2], after="state")
    >>> events, events.after
    ([1, 2], 'state')
    """

    __slots__ = ("after",)

    def __init__(self, events=(), after: Any = None):
        super().__init__(events)
        self.after = after


class Folder:
    """The events of a decision so far, and the state they lead to. Each game subclasses it once,
    naming its ``evolve``; a game whose events change what may follow overrides ``add``.

    >>> class Counter(Folder):
    ...     evolve = staticmethod(lambda state, ev: state + ev)
    >>> fold = Counter(0)
    >>> fold.add(2); fold.add(3)
    >>> fold.decided(), fold.decided().after
    ([2, 3], 5)
    """

    evolve: Callable[[Any, Any], Any]

    def __init__(self, state: Any):
        self.state = state
        self.events: list[Any] = []

    def add(self, ev: Any) -> None:
        self.events.append(ev)
        self.state = self.evolve(self.state, ev)

    def decided(self) -> Decided:
        """The events, carrying the state they lead to."""
        return Decided(self.events, self.state)
