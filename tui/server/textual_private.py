"""The few places where Textual has no public way to host many Apps in one process.

Each is one small override here, checked by tests/server/test_textual_private.py, which fails
loudly when a Textual upgrade moves what it relies on.

* ``App._process_messages`` wraps every running App in ``contextlib.redirect_stdout`` and
  ``redirect_stderr``. Those swap ``sys.stdout`` for the whole process; with many Apps on one
  loop, their exits interleave and leave ``sys.stdout`` pointing at a closed App (pinning it).
  The server logs through ``logging``, so in the server process they become no-ops.
* ``XTermParser._parse_extended_key`` is an ``lru_cache`` on a method: its cache keys on
  ``self``, so every parser (and through it each closed session) would stay in memory.
* ``App.__init__`` builds its console from ``os.environ`` (colour system from TERM/COLORTERM);
  each session's console is rebuilt from the client's own terminal type and environment.
* ``Input._watch_value`` sets the input's ``virtual_size`` (its text's width) on every key, and
  ``Widget.virtual_size`` asks for a layout: every key typed arranged the whole screen again
  (about half of a key's CPU at a play screen). An input's virtual size only matters to its
  own scrolling, so the server sets it first without a layout and repaints the input alone.
* ``FooterKey.compact`` starts True while ``Footer.compact`` starts False: every footer key
  mounted (each footer is built again whenever the keys on offer change, as when the move line
  takes the focus) restyled itself twice, adding then removing ``-compact``. Server keys start
  as their footer does, so both restyles are no-ops.
* ``Footer.bindings_changed`` schedules a full recompose of the footer (every key removed and
  mounted again) each time any binding might have changed: five times while a session starts,
  mostly with the same keys. The server's footers coalesce those calls and recompose only
  when the keys on offer really differ.
* ``Stylesheet._parse_rules`` caches parsed CSS per App, and every App parses the same CSS
  (Textual's widgets', ours) again at start and at each new kind of screen. In the server the
  cache is shared by all Apps, keyed also by the CSS variables (the theme) the rules were
  parsed with: a session starts faster and its App holds no copy of the rules.
* ``Stylesheet.apply`` matches every rule against a node's path from the App down (Textual
  caches the result only within one pass, keyed by the parent node). Every session's play
  screen is the same tree of the same widgets under the same rules, so in the server the
  rules a node gets are kept for all Apps, keyed by the rules (the same parsed objects for
  every App, see above) and by what matching reads on each node of the path: its class, id,
  CSS classes and the pseudo-classes those rules test. Nodes whose rules test a node's place
  among its siblings (``:first-child``, ``:odd``...) are matched as before.
* ``textual._callback.count_parameters`` reads a callback's signature (``inspect.signature``,
  slow) and remembers it on the callable, which helps nothing for the partials and closures
  made anew for each call (a session's start made about 60 such readings). The server reads
  a function's parameters once per code object (a method's, a callable object's class's).
* ``Static.update`` lays out the whole screen unless told the size cannot change, and every
  caller leaves it at that: a status line, a panel's text, ten times a second for a "thinking"
  spinner in every session whose bot is thinking. In the server an update whose text has the
  same lines, each as wide as before and none wider than the widget, is drawn without one,
  and an update to the very text and styles shown is not drawn again at all (a play screen
  redraws its panels whenever it looks at the game, as twice while it first opens).
* A session's first screen is its App's first screen (``get_default_screen``: no empty screen
  composed, styled and laid out beneath it), and ``App.switch_screen`` takes a result callback
  off the screen it replaces, which only ``push_screen`` puts on: ``first_screen`` puts it on.
* How a screen's frames are drawn: see ``textual_frames.py`` (installed from here).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import types
from collections.abc import Mapping

import textual._callback as textual_callback
import textual.app as textual_app
from rich.cells import cell_len
from rich.console import Console
from textual._xterm_parser import XTermParser
from textual.cache import LRUCache
from textual.content import Content
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import Screen
from textual.visual import visualize
from textual.widgets import Footer, Input, Static
from textual.widgets._footer import FooterKey

from .textual_frames import (
    _first_resume_keeps_styles,
    _frames_after_the_batch,
    _no_frame_in_a_batch,
    _update_in_one_frame,
)

_installed = False
#: What install() replaced, so that uninstall() (tests sharing a process with local Apps) can
#: put Textual back as it was.
_ORIGINALS = [
    (textual_app, "redirect_stdout"),
    (textual_app, "redirect_stderr"),
    (Input, "_watch_value"),
    (FooterKey, "__init__"),
    (Stylesheet, "_parse_rules"),
    (Footer, "bindings_changed"),
    (Screen, "_compositor_refresh"),
    (Stylesheet, "apply"),
    (textual_app.App, "_end_batch"),
    (Screen, "_on_timer_update"),
    (Screen, "_on_screen_resume"),
    (textual_callback, "_count_parameters"),
    (Static, "update"),
]
_saved: list = []


def _no_redirect(_target):
    return contextlib.nullcontext()


def install() -> None:
    """The server process's overrides (see above); once per process."""
    global _installed  # a one-time switch of this server process, not per-session state
    if not _installed:
        _saved[:] = [(owner, name, owner.__dict__[name]) for owner, name in _ORIGINALS]
        # (mypy refuses assigning to methods and types: these are the deliberate overrides, so ignored)
        textual_app.redirect_stdout = _no_redirect  # type: ignore[misc, assignment]
        textual_app.redirect_stderr = _no_redirect  # type: ignore[misc, assignment]
        Input._watch_value = _input_value_without_layout(Input._watch_value)  # type: ignore[method-assign]
        FooterKey.__init__ = _footer_key_not_compact(FooterKey.__init__)  # type: ignore[method-assign]
        Stylesheet._parse_rules = _shared_parse_rules(Stylesheet._parse_rules)  # type: ignore[method-assign]
        Stylesheet.apply = _shared_apply(Stylesheet.apply)  # type: ignore[method-assign]
        Footer.bindings_changed = _footer_bindings_changed  # type: ignore[method-assign]
        Screen._compositor_refresh = _no_frame_in_a_batch(Screen._compositor_refresh)  # type: ignore[method-assign]
        textual_app.App._end_batch = _frames_after_the_batch(textual_app.App._end_batch)  # type: ignore[method-assign]
        Screen._on_timer_update = _update_in_one_frame(Screen._on_timer_update)  # type: ignore[method-assign]
        Screen._on_screen_resume = _first_resume_keeps_styles(Screen._on_screen_resume)  # type: ignore[method-assign]
        textual_callback._count_parameters = _parameters_per_code(textual_callback._count_parameters)
        Static.update = _update_without_layout_when_same_size(Static.update)  # type: ignore[method-assign]
        _installed = True


def uninstall() -> None:
    """Textual as it was (for tests that share their process with ordinary Apps)."""
    global _installed
    for owner, name, value in _saved:
        setattr(owner, name, value)
    _saved.clear()
    SHARED_RULES.clear()
    SHARED_STYLES.clear()
    _RULE_LISTS.clear()
    _PARAMETERS.clear()
    _installed = False


def _input_value_without_layout(watch_value):
    @functools.wraps(watch_value)
    def _watch_value(self: Input, value: str) -> None:
        # Textual's watcher then assigns the same size: no change, so no layout.
        # (mypy: Textual types the class's Reactive, read off the class, as its value; set_reactive wants it)
        self.set_reactive(Input.virtual_size, Size(self.content_width, 1))  # type: ignore[arg-type]
        self.refresh()
        watch_value(self, value)

    return _watch_value


class SessionParser(XTermParser):
    """Textual's parser without the cache that would pin every parser ever made."""

    # (mypy: the cached method's type; the override is the plain function it wraps)
    _parse_extended_key = XTermParser._parse_extended_key.__wrapped__  # type: ignore[assignment]


def _footer_key_not_compact(init):
    @functools.wraps(init)
    def __init__(self: FooterKey, *args, **kwargs) -> None:
        init(self, *args, **kwargs)
        # as Footer.compact starts (mypy: as in _input_value_without_layout)
        self.set_reactive(FooterKey.compact, False)  # type: ignore[arg-type]

    return __init__


def _footer_bindings_changed(self: Footer, screen) -> None:
    # Textual's own, but at most one recompose waiting, and none when nothing shown changed.
    self._bindings_ready = True
    if not screen.app.app_focus:
        return
    if self.is_attached and screen is self.screen and not self.__dict__.get("_recompose_due"):
        self.__dict__["_recompose_due"] = True
        self.call_after_refresh(_footer_recompose_if_changed, self)


async def _footer_recompose_if_changed(footer: Footer) -> None:
    footer.__dict__["_recompose_due"] = False
    if not footer.is_attached:
        return
    app = footer.app
    shown = tuple(
        (
            binding.key,
            app.get_key_display(binding),
            binding.description,
            binding.action,
            enabled,
            tooltip,
            binding.group,
        )
        for (_node, binding, enabled, tooltip) in footer.screen.active_bindings.values()
        if binding.show
    ) + (footer.show_command_palette, footer.compact)
    if shown != footer.__dict__.get("_shown"):
        footer.__dict__["_shown"] = shown
        await footer.recompose()


#: Parsed CSS shared by every App of the server process (parsed rules are only read).
SHARED_RULES: LRUCache[tuple, list] = LRUCache(1024)


def _shared_parse_rules(parse_rules):
    @functools.wraps(parse_rules)
    def _parse_rules(
        self: Stylesheet, css: str, read_from, is_default_rules: bool = False, tie_breaker: int = 0, scope: str = ""
    ) -> list:
        variables = self._variables
        memo = self.__dict__.get("_shared_key")
        if memo is None or memo[0] is not variables:  # Textual replaces the dict, never edits it
            memo = self.__dict__["_shared_key"] = (variables, tuple(sorted(variables.items())))
        key = (css, read_from, is_default_rules, tie_breaker, scope, memo[1])
        rules = SHARED_RULES.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            SHARED_RULES[key] = rules
        return rules

    return _parse_rules


def _update_without_layout_when_same_size(update):
    @functools.wraps(update)
    def _update(self: Static, content="", *, layout: bool = True) -> None:
        before = self.visual
        if self.is_mounted and isinstance(before, Content):
            visual = visualize(self, content, markup=self._render_markup)
            if isinstance(visual, Content) and visual.plain == before.plain and (visual._spans == before._spans):
                # The same text in the same styles: Textual would draw it again, unchanged.
                # (mypy: Static's private fields, by their mangled names)
                self._Static__content, self._Static__visual = content, visual  # type: ignore[attr-defined]
                return
        if not (layout and self.is_mounted and self.size):
            update(self, content, layout=layout)
            return
        update(self, content, layout=False)
        if not _same_size(before, self.visual, self.size.width):
            self.refresh(layout=True)

    return _update


def _line_widths(visual) -> list[int] | None:
    return [cell_len(line) for line in visual.plain.split("\n")] if isinstance(visual, Content) else None


def _same_size(before, after, width: int) -> bool:
    """Text that takes the same room: the same lines, each as wide, none wrapped."""
    widths = _line_widths(after)
    return widths is not None and widths == _line_widths(before) and max(widths) <= width


#: How many parameters a callback takes, per code object (and kind of callable).
_PARAMETERS: dict[tuple, int] = {}


def _code_of(func) -> tuple | None:
    """What decides ``func``'s parameters, when that is only its code: a plain function, a
    method of one, or an object whose class's ``__call__`` is one (nothing wrapped)."""
    kind = type(func)
    if kind is types.MethodType:
        inner = func.__func__
        return (
            (kind, inner.__code__)
            if type(inner) is types.FunctionType
            and not (hasattr(inner, "__wrapped__") or hasattr(inner, "__signature__"))
            else None
        )
    if kind is types.FunctionType:
        return None if hasattr(func, "__wrapped__") or hasattr(func, "__signature__") else (kind, func.__code__)
    # (ruff B004: the method itself is wanted, for its code, not whether kind is callable)
    call = getattr(kind, "__call__", None)  # noqa: B004
    if type(call) is types.FunctionType and not hasattr(call, "__wrapped__") and not hasattr(func, "__signature__"):
        return (kind, call.__code__)
    return None


def _parameters_per_code(count_parameters):
    @functools.wraps(count_parameters)
    def _count_parameters(func) -> int:
        key = _code_of(func)
        if key is None:
            return count_parameters(func)
        count = _PARAMETERS.get(key)
        if count is None:
            count = _PARAMETERS[key] = count_parameters(func)
        return count

    return _count_parameters


#: The rules each kind of node gets, shared by every App (rule maps are only read); emptied
#: when full (a plain dict: Textual's LRUCache.get cost more than the matching it saved).
SHARED_STYLES: dict[tuple, tuple] = {}
_SHARED_STYLES_MAX = 8192
#: A stylesheet's rules (a list of the shared parsed rule sets) -> a number never given twice;
#: holding the rule sets keeps their ids from being reused while they name a number.
_RULE_LISTS: dict[tuple, tuple[int, tuple]] = {}
_numbers = itertools.count()


def _rules_key(stylesheet: Stylesheet) -> int:
    rules = stylesheet.rules
    memo = stylesheet.__dict__.get("_shared_rules_key")
    if memo is None or memo[0] is not rules:  # parse() makes a new list, never edits one
        ids = tuple(map(id, rules))
        entry = _RULE_LISTS.get(ids)
        if entry is None:
            if len(_RULE_LISTS) >= 64:  # (themes, kinds of screens seen in different orders)
                _RULE_LISTS.clear()
            entry = _RULE_LISTS[ids] = (next(_numbers), tuple(rules))
        memo = stylesheet.__dict__["_shared_rules_key"] = (rules, entry[0])
    return memo[1]


def _node_kind(stylesheet: Stylesheet, rules_key: int, node: DOMNode) -> tuple[tuple, bool]:
    """The pseudo-classes tested by the rules that may apply to ``node`` (whatever its
    ancestors), and whether its rules may be shared: not when they test a node's siblings or
    descendants (``:first-child``, ``:focus-within``...), which Textual's cache leaves out too."""
    kind_key = (rules_key, type(node), node._id, frozenset(node._classes))
    kind = SHARED_STYLES.get(kind_key)
    if kind is None:
        rules_map = stylesheet.rules_map
        pseudo = frozenset().union(
            *(rule.pseudo_classes for name in rules_map.keys() & node._selector_names for rule in rules_map[name])
        )
        shareable = pseudo.isdisjoint(Stylesheet._EXCLUDE_PSEUDO_CLASSES_FROM_CACHE)
        kind = _keep(kind_key, (tuple(sorted(pseudo)), shareable))
    return kind


def _keep(key: tuple, value: tuple) -> tuple:
    if len(SHARED_STYLES) >= _SHARED_STYLES_MAX:
        SHARED_STYLES.clear()
    SHARED_STYLES[key] = value
    return value


def _shared_apply(apply):
    @functools.wraps(apply)
    def _apply(self: Stylesheet, node, *, animate: bool = False, cache=None) -> None:
        rules_key = _rules_key(self)
        pseudo, shareable = _node_kind(self, rules_key, node)
        if not shareable:
            apply(self, node, animate=animate, cache=cache)
            return
        path = []
        walk = node
        while isinstance(walk, DOMNode):  # the path Textual matches: this node up to the App
            has = walk.has_pseudo_class
            path.append((type(walk), walk._id, frozenset(walk._classes), tuple([has(name) for name in pseudo])))
            walk = walk._parent
        key = (rules_key, tuple(path))
        found = SHARED_STYLES.get(key)
        if found is None:
            # Textual matches it, and leaves its rules in a cache of one: they are ours to keep.
            one: dict = {}
            apply(self, node, animate=animate, cache=one)
            _keep(key, (next(iter(one.values())) if one else None,))
            return
        # (what Textual's apply sets from the rules; the others are False for shared rules)
        node._has_hover_style = "hover" in pseudo
        node._has_focus_within = node._has_order_style = node._has_odd_or_even = False
        rules = found[0]
        if rules is not None:  # (no rules at all: Textual leaves the styles as they are)
            if node.styles.base._rules == rules:
                node.notify_style_update()  # all replace_rules would do: every rule is the same
            else:
                self.replace_rules(node, rules, animate=animate)
        self._process_component_classes(node)

    return _apply


def first_screen(app: textual_app.App, screen: Screen) -> Screen:
    """``screen`` made ready to be the App's first screen (``App.get_default_screen``) and yet
    be switched away like a pushed one (``switch_screen`` takes a result callback off the screen
    it replaces, and only ``push_screen`` puts one on)."""
    screen._push_result_callback(app, None)
    return screen


def session_console(environ: Mapping[str, str]) -> Console:
    """A console like the one App.__init__ makes, reading the client's environment instead."""
    from textual import constants
    from textual.app import _NullFile

    env = {k: v for k, v in environ.items() if k != "NO_COLOR"}
    # (mypy: the very arguments App.__init__ passes; Textual's constant is typed str, its _NullFile no IO)
    return Console(
        color_system=constants.COLOR_SYSTEM,  # type: ignore[arg-type]
        file=_NullFile(),  # type: ignore[arg-type]
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ=env,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )
