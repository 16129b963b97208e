"""Help: each game's rules (the ``rules.md`` its engine package ships) and the keys.

A rules page runs to a few hundred lines at 80x24: ] and [ jump to the next and previous
section, and s lists the page's sections to jump to one. Only the page shown is built: the six
pages together are some 1,700 widgets (3-4 CPU s at every F1), so a page's Markdown is written the
first time its tab is activated."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, OptionList, TabbedContent, TabPane

from engine.games import all_games
from tui.screens.modal import Dialog

KEYS = """\
# Keys

Everything works from the keyboard; the mouse works too. **ctrl+p** opens the command
palette, which lists every action of the screen you are on.

## Everywhere
| key | action |
| --- | --- |
| ctrl+p | command palette: every action, every theme |
| f1 | this help |
| ctrl+s | settings |
| ctrl+q | quit (games are saved as they are played) |

## Title
| key | action |
| --- | --- |
| ↑ ↓ enter | choose a game / menu entry |
| n c l r s h q | new, continue, load, replays, settings, help, quit |

## Playing
| key | action |
| --- | --- |
| ← ↑ → ↓ | move over the board (legal moves are marked) |
| enter | choose the figure or square under the cursor |
| : | type a move in notation, e.g. `A3` or `A^` in King Up! |
| u | undo, when the rules allow it (otherwise the reason is shown) |
| h | in a practice game: what would the expert do? its top three moves, and why |
| space | play the next bot move now instead of waiting |
| a | save a copy of the game as a file |
| l | since your last turn: what the others did that touched you (opens by itself when something did) |
| esc | cancel a half-made move; leave the game (it stays saved) |

## Replays
| key | action |
| --- | --- |
| ← → | step back / forward |
| home end | jump to the start / the end |
| PgUp PgDn, [ ] | previous / next round |
| p, + - | autoplay on/off, faster / slower |
| v | view as each player (once the game is over) |
| ↑ ↓ | walk the move list; the board follows |
| s | the scores so far, every part of them (the final breakdown at the end) |
| c | the game's story: a chart of the scores (and chances) with the step shown marked |
| n | play on from the step shown: a new practice game, each seat yours or a bot's |
| x | share: a transcript and a recording of the replay into the saves folder |

## The story chart
| key | action |
| --- | --- |
| ← → | step back / forward (the replay follows); a click picks a step |
| home end, PgUp PgDn | jump to the start / the end, ten steps back / on |
| w | scores or each player's chance of winning (once the game is over) |
| t | the next costly move, with what the bot would have played instead |
| esc c | back to the replay, at the step chosen |

## Load and Replays
| key | action |
| --- | --- |
| enter | open the saved game |
| d | delete it (asked first) |
| r | rename it |

## Help
| key | action |
| --- | --- |
| ← → | previous / next page |
| ] [ | next / previous section of the page |
| s | list the page's sections and jump to one |
"""


def rules_text(game) -> str:
    try:
        return game.rules_page()
    except OSError:
        return f"# {game.title}\n\nThe rules page is missing from this installation."


class HelpScreen(Screen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("left", "tab(-1)", "Prev page", key_display="←", priority=True),
        Binding("right", "tab(1)", "Next page", key_display="→", priority=True),
        Binding("right_square_bracket", "section(1)", "Next section", key_display="]"),
        Binding("left_square_bracket", "section(-1)", "Prev section", key_display="[", show=False),
        Binding("s", "sections", "Sections"),
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("home", "edge('home')", "Top", show=False, priority=True),
        Binding("end", "edge('end')", "Bottom", show=False, priority=True),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self._target: int | None = None
        # Each page's text, read when its tab is first shown; a page built is taken out.
        self._unbuilt = {"keys": lambda: KEYS} | {f"rules-{g.id}": (lambda g=g: rules_text(g)) for g in all_games()}

    def compose(self) -> ComposeResult:
        initial = f"rules-{self.game_id}" if self.game_id else "keys"
        titles = {"keys": "Keys"} | {f"rules-{g.id}": g.title for g in all_games()}
        with TabbedContent(initial=initial):
            for pane_id, title in titles.items():
                # The short title ("Carcassonne"): every tab fits on one 80-column line.
                with TabPane(title.split(":")[0], id=pane_id):
                    with VerticalScroll():
                        # Only the page shown gets its text now; the others stay blank till shown.
                        yield Markdown(self._unbuilt.pop(pane_id)() if pane_id == initial else None)
        yield Footer()

    @on(TabbedContent.TabActivated)
    async def _build_page(self, event: TabbedContent.TabActivated) -> None:
        """A page's Markdown the first time its tab is shown (by key or by a click on the tab)."""
        text = self._unbuilt.pop(event.pane.id or "", None)
        if text is not None:
            await event.pane.query_one(Markdown).update(text())

    def on_mount(self) -> None:
        self._focus_page()

    def action_tab(self, delta: int) -> None:
        tabs = self.query_one(TabbedContent)
        panes = [pane.id for pane in tabs.query(TabPane)]
        tabs.active = panes[(panes.index(tabs.active) + delta) % len(panes)]
        self._focus_page()

    def action_edge(self, where: str) -> None:
        """Home/End jump at once (no animation), and End again once a long page has laid out."""
        tabs = self.query_one(TabbedContent)
        page = tabs.get_pane(tabs.active).query_one(VerticalScroll)

        def jump() -> None:
            if where == "home":
                page.scroll_home(animate=False, immediate=True)
            else:
                page.scroll_end(animate=False, immediate=True)

        jump()
        self.call_after_refresh(jump)

    def _page(self) -> tuple[VerticalScroll, Markdown]:
        tabs = self.query_one(TabbedContent)
        page = tabs.get_pane(tabs.active).query_one(VerticalScroll)
        return page, page.query_one(Markdown)

    def sections(self) -> list[tuple[str, int]]:
        """The page's sections (its ## headings, and the title) with the line each starts on."""
        page, markdown = self._page()
        out = []
        for level, label, block_id in markdown.table_of_contents:
            if level <= 2:
                heading = markdown.query_one(f"#{block_id}")
                out.append((label, markdown.virtual_region.y + heading.virtual_region.y))
        return out

    def action_section(self, delta: int) -> None:
        page, _ = self._page()
        starts = [y for _, y in self.sections()[1:]]  # (the first is the page's title, at its top)
        # (a jump asked for a moment ago may not have scrolled yet: keys pressed fast go on from it)
        now = self._target if self._target is not None else round(page.scroll_y)
        after = [y for y in starts if (y > now if delta > 0 else y < now)]
        if after:
            self.jump_to(after[0] if delta > 0 else after[-1])

    def jump_to(self, y: int) -> None:
        page, _ = self._page()
        self._target = min(y, round(page.max_scroll_y)) if page.max_scroll_y else y
        page.scroll_to(y=y, animate=False, immediate=True)
        page.focus()
        self.call_after_refresh(self._arrived)

    def _arrived(self) -> None:
        self._target = None

    def action_sections(self) -> None:
        sections = self.sections()
        if sections:
            self.app.push_screen(
                SectionsScreen([label for label, _ in sections]),
                lambda picked: self.jump_to(sections[picked][1]) if picked is not None else None,
            )

    def _focus_page(self) -> None:
        # Focus the page so up/down/page keys scroll the text straight away.
        tabs = self.query_one(TabbedContent)
        self.call_after_refresh(lambda: tabs.get_pane(tabs.active).query_one(VerticalScroll).focus())


class SectionsScreen(Dialog[int | None]):
    """The sections of a help page; enter jumps to the one picked, escape stays where it was."""

    DEFAULT_CSS = """
    SectionsScreen { align: center middle; }
    SectionsScreen OptionList { width: 60; max-width: 100%; height: auto; max-height: 20; border: thick $accent; }
    """
    BINDINGS = [Binding("escape,s", "cancel", "Back")]

    def __init__(self, labels: list[str]) -> None:
        super().__init__()
        self.labels = labels

    def compose(self) -> ComposeResult:
        options = OptionList(*self.labels)
        options.border_title = "Jump to a section"
        yield options

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)
