"""The board column: a castle as a brick wall, your holder and the market below it.

Building takes two choices on the same grid: first a tile (arrows along the holder and the market,
enter), then a place on your castle (the places the tile may go are lit; the line under the grid
says what the place needs and how far the baron would move, with the coins it would win), enter
builds. A place where the tile fits only with its number changed by 1 asks which tile to discard.
``v`` shows the other players' castles in turn, ``d`` draws 2 tiles, ``c`` lists the market coins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from engine.games.castle_builder import Build, Draw, Pass
from engine.core.words import whose
from themes import UNICODE
from themes.palettes import COLOURLESS

from ...widgets.text_line import TextLine
from ..base import ViewContext, ViewPanel
from .dialogs import ChoiceScreen, CoinsScreen, build_options, prompt_for
from .look import look_for
from .panels import BuilderInfo
from .wall import WallGrid, castle_cells, level_row, levels_shown, row_cells

WIDTH = 46  # the board column at 80 columns


def fit(text: str, width: int) -> str:
    """``text`` cut at a word boundary to ``width`` (with an ellipsis when cut)."""
    if len(text) <= width:
        return text
    cut = text[: width - 1].rsplit(" ", 1)[0].rstrip(" ·,:")
    return cut + "…"


class FitLine(TextLine):
    """A line that says the longest of its forms that fits the width it has, cut at a word only
    when none does: the board column is 46 wide at 80 columns and twice that on a large screen,
    where a line cut to 46 ("Coins: Most persons · Most windows…") threw the room away."""

    def __init__(self, id: str, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.forms: tuple[str, ...] = ()

    def say(self, *forms: str) -> None:
        """``forms``: the full text first, then shorter ways to say it."""
        self.forms = forms
        self.update(forms[0])

    def render(self) -> str | Text:
        width = self.size.width or WIDTH
        if not self.forms:
            return self.text
        return next((form for form in self.forms if cell_len(form) <= width), None) or fit(self.forms[-1], width)


class BuilderBoard(ViewPanel, can_focus=True):
    """One castle (yours unless ``v`` picked another), your holder and the market."""

    SIDE_GROWS = True  # the moves' panel widens on a large terminal (board_layout.side_width)

    DEFAULT_CSS = """
    BuilderBoard { height: 100%; width: 100%; }
    BuilderBoard #title { text-style: bold; }
    BuilderBoard #wall { height: 1fr; }
    BuilderBoard .muted { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape", "back", "Other tile"),
        Binding("d", "draw", "Draw 2"),
        Binding("v", "view_next", "Castles"),
        Binding("c", "coins", "Coins", show=False),  # the panel names them; the footer has no room
        Binding("o", "open_choice", "Choose"),
        Binding("p", "pass_turn", "Pass", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ctx: ViewContext | None = None
        self.chosen: int | None = None  # the tile being placed (spot mode)
        self.viewed: int = 0  # whose castle is drawn
        self.builds: dict[int, list[Build]] = {}
        self.levels = 3
        self._prompted: Any = None  # the view whose choice dialog opened by itself
        self._seat: int | None = None  # whose view was drawn last

    def compose(self) -> ComposeResult:
        yield FitLine("title")
        yield WallGrid(id="wall")
        yield FitLine("focus")
        yield FitLine("coins", classes="muted")

    @property
    def grid(self) -> WallGrid:
        return self.query_one("#wall", WallGrid)

    @property
    def me(self) -> int | None:
        return None if self.ctx is None else self.ctx.seat

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        ctx = self.ctx
        if action == "back":
            return self.chosen is not None
        if action == "draw":
            return ctx is not None and Draw() in ctx.legal
        if action == "pass_turn":
            return ctx is not None and Pass() in ctx.legal
        if action == "open_choice":
            return ctx is not None and prompt_for(ctx) is not None
        if action == "view_next":
            return ctx is not None and ctx.view.players > 1
        return True

    # -- drawing --------------------------------------------------------------------------------

    def show(self, ctx: ViewContext) -> None:
        first = self.ctx is None
        if self._prompted is not None and ctx.view != self._prompted:
            self._prompted = None  # the choice was answered: should undo bring it back, it is asked again
        self.ctx = ctx
        self.builds = {}
        for a in ctx.legal:
            if isinstance(a, Build):
                self.builds.setdefault(a.tile, []).append(a)
        if self.chosen not in self.builds:
            self.chosen = None
        if first or ctx.seat != self._seat or not 0 <= self.viewed < ctx.view.players:
            self.viewed = ctx.seat if ctx.seat is not None else 0  # (the replay's "view as" too)
        self._seat = ctx.seat
        if self.chosen is not None:
            self.viewed = ctx.seat
        self.grid.glyphs = ctx.glyphs or UNICODE
        self._draw()
        self.refresh_bindings()
        self.call_after_refresh(self._maybe_prompt)

    def _maybe_prompt(self) -> None:
        """Open the choice dialog once per choice (escape leaves it to look at the board; o again).
        While another screen covers the board (the dialog just answered is still closing, or help)
        it tries again shortly."""
        ctx = self.ctx
        if ctx is None or not ctx.interactive or ctx.view == self._prompted or prompt_for(ctx) is None:
            return
        if self.app.screen is not self.screen:
            self.set_timer(0.1, self._maybe_prompt)
            return
        self._prompted = ctx.view
        self.action_open_choice()

    def _draw(self, cursor_key: Any = None) -> None:
        ctx = self.ctx
        view, look = ctx.view, look_for(ctx.glyphs, self.app.theme in COLOURLESS)
        if not view.castles:  # before the set-up (the replay's first position)
            self.grid.set_board({}, columns=0, rows=0)
            self.query_one("#title", FitLine).say("The game has not begun.")
            return
        castle = view.castles[self.viewed]
        self.levels = levels = levels_shown(castle)
        placing = self.chosen is not None and self.viewed == ctx.seat
        cells, groups = castle_cells(view, castle, look, levels, self._spots() if placing else set())
        holder_row, market_row = 2 * levels + 2, 2 * levels + 4
        pickable = set() if placing else set(self.builds)
        for tiles, row, place in ((self._holder(), holder_row, "holder"), (view.market_tiles, market_row, "market")):
            more, more_groups = row_cells(tiles, row, look, pickable, place)
            cells.update(more)
            groups.update(more_groups)
        labels = [""] * (2 * levels + 5)
        for level in range(1, levels + 1):
            labels[level_row(levels, level)] = str(level)
        labels[holder_row], labels[market_row] = "holder", "market"
        grid = self.grid
        grid.set_groups(groups)
        spots = {(x, level_row(levels, lv)) for (lv, x) in self._spots()} if placing else set()
        if placing:  # the tile being placed stays lit in the holder or the market
            spots |= {a for a in groups.values() if cells.get(a) and cells[a].key == ("tile", self.chosen)}
        grid.set_highlights(spots)
        grid.set_board(
            cells,
            columns=2 * view.ground_places,
            rows=2 * levels + 5,
            row_labels=labels,
            col_labels=tuple(view.columns) + ("",),
        )
        grid.can_focus = bool(ctx.interactive and (self.builds or placing))
        if grid.can_focus:
            target = grid.find(cursor_key) if cursor_key is not None else None
            if target is None and (grid.cursor is None or not grid._can_stop(grid.cursor)):
                target = grid._first_stop()
            if target is not None:
                grid.move_cursor(target)
            if self.screen.focused in (None, grid, self):
                grid.focus()
        elif self.screen.focused in (None, grid):
            self.focus()  # nothing to pick on the grid: keep v, c and o working
        self._texts()
        self.refresh_bindings()

    def _holder(self) -> tuple:
        view = self.ctx.view
        royals = view.royals[self.ctx.seat] if self.ctx.seat is not None and view.royals else ()
        return tuple(view.holder) + tuple(royals)

    def _spots(self) -> set[tuple[int, int]]:
        return {(b.level, b.x) for b in self.builds.get(self.chosen, ())}

    def _texts(self) -> None:
        ctx = self.ctx
        view = ctx.view
        castle = view.castles[self.viewed]
        # A replay (a spectator) shows the castle of a seat named "You": "Your", never "You's".
        owner = "Your" if self.viewed == ctx.seat else whose(ctx.name(self.viewed))
        look = look_for(ctx.glyphs)
        counts = f"{castle.windows}{look.window} {castle.persons}{look.person} {castle.roofs}{look.roof}"
        self.query_one("#title", FitLine).say(f"{owner} castle, {castle.height} high · {counts}")
        coins = " · ".join(c.title for c in view.market_coins)
        # Three coins' names take up to 43 columns: at 80 columns the coin glyph says "Coins:".
        self.query_one("#coins", FitLine).say(f"Coins: {coins}", f"{look.coin} {coins}")
        self._describe()

    def _describe(self) -> None:
        self.query_one("#focus", FitLine).say(focus_text(self))
        for info in self.screen.query(BuilderInfo):  # where the baron would stop, on the path
            info.mark(self._baron_stop())

    def _baron_stop(self) -> int | None:
        cell = self.grid.current
        key = cell.key if cell is not None else None
        if self.chosen is None or not isinstance(key, tuple) or key[0] != "spot":
            return None
        here = [b for b in self.builds[self.chosen] if (b.level, b.x) == key[1:]]
        p = self.ctx.game.preview(self.ctx.view, here[0]) if here else None
        return p.to if p is not None and p.steps else None

    # -- keys ------------------------------------------------------------------------------------

    def on_grid_cursor_moved(self, event) -> None:
        event.stop()
        if self.ctx is not None:
            self._describe()

    def on_grid_selected(self, event) -> None:
        event.stop()
        key = event.cell.key
        if self.ctx is None or not isinstance(key, tuple):
            return
        if key[0] == "tile" and key[1] in self.builds:
            self.chosen, self.viewed = key[1], self.ctx.seat
            self._draw(cursor_key=self._start_spot())
        elif key[0] == "spot" and self.chosen is not None:
            self._build_at(key[1], key[2])

    def point_at(self, action: Any) -> bool:
        """``action``'s tile taken up and the cursor on the place it builds at, with the baron's
        move shown as when the player picks them (esc puts the tile back)."""
        if not isinstance(action, Build) or action not in self.builds.get(action.tile, ()):
            return False
        self.chosen, self.viewed = action.tile, self.ctx.seat
        self._draw(cursor_key=("spot", action.level, action.x))
        return True

    def _start_spot(self) -> Any:
        """The highest place the tile fits as printed, or else the highest at all."""
        builds = self.builds[self.chosen]
        plain = [b for b in builds if b.delta == 0] or builds
        best = max(plain, key=lambda b: (b.level, -abs(b.x - 8)))
        return ("spot", best.level, best.x)

    def _build_at(self, level: int, x: int) -> None:
        choices = [b for b in self.builds[self.chosen] if (b.level, b.x) == (level, x)]
        plain = [b for b in choices if b.delta == 0]
        if plain:  # where it fits as printed, a change would only throw tiles away (type it to do so)
            self.post_message(self.ActionChosen(plain[0]))
            return
        title, options = build_options(self.ctx, choices)
        self.app.push_screen(ChoiceScreen(title, "", options), self._chosen_build)

    def _chosen_build(self, action: Any) -> None:
        if action is not None:
            self.post_message(self.ActionChosen(action))

    def action_back(self) -> None:
        tile, self.chosen = self.chosen, None
        self._draw(cursor_key=("tile", tile))

    def action_draw(self) -> None:
        self.post_message(self.ActionChosen(Draw()))

    def action_pass_turn(self) -> None:
        self.post_message(self.ActionChosen(Pass()))

    def action_view_next(self) -> None:
        ctx = self.ctx
        if not ctx.view.castles:
            return
        self.chosen = None
        self.viewed = (self.viewed + 1) % ctx.view.players
        self._draw()
        self.refresh_bindings()

    def action_open_choice(self) -> None:
        screen = prompt_for(self.ctx)
        if screen is not None:
            self.app.push_screen(screen, self._chosen_build)

    def action_coins(self) -> None:
        self.app.push_screen(CoinsScreen(self.ctx))


def focus_text(board: BuilderBoard) -> str:
    """What the cursor is on: a tile and how many places it fits, or a place and the baron's move."""
    ctx, grid = board.ctx, board.grid
    cell = grid.current if grid.has_focus or grid.cursor is not None else None
    key = cell.key if cell is not None else None
    if not ctx.interactive or key is None:
        if ctx.view.finished:
            return "Game over: " + ", ".join(ctx.name(s) for s in ctx.view.winners) + " won."
        # In the replay viewer v and c are its own keys (View as, Chart): the board's would mislead.
        return "" if ctx.replay else "v: next castle · c: the market coins"
    if key[0] == "tile":
        places = len({(b.level, b.x) for b in board.builds.get(key[1], ())})
        return f"{cell.label.split(' (')[0]} · fits {places} place{'s' if places != 1 else ''}"
    if key[0] == "spot" and board.chosen is not None:
        return spot_text(ctx, board.builds[board.chosen], key[1], key[2])
    return cell.label


def spot_text(ctx: ViewContext, builds: Sequence[Build], level: int, x: int) -> str:
    """``3e: 3 steps → space 19 · 1 coin`` (``±1 costs a tile`` where the number must change)."""
    here = [b for b in builds if (b.level, b.x) == (level, x)]
    if not here:
        return ""
    where = next((s.spot for s in ctx.view.castles[ctx.seat].spots if (s.level, s.x) == (level, x)), "")
    p = ctx.game.preview(ctx.view, here[0])
    change = "" if any(b.delta == 0 for b in here) else " · ±1: discard"
    need = next(
        (
            f" needs {s.need}"
            for s in ctx.view.castles[ctx.seat].spots
            if (s.level, s.x) == (level, x) and s.need is not None
        ),
        "",
    )
    where = f"{where}{need}"
    if p is None or p.steps == 0:
        return f"{where}: the ground; the baron stays{change}"
    coins = f" · {p.coins} coin{'s' if p.coins != 1 else ''}!" if p.coins else ""
    tile = " +tile" if p.tile_space else ""
    return f"{where}: {p.steps} steps → space {p.to + 1}{tile}{coins}{change}"
