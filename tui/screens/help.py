"""Help: each game's rules (the ``rules.md`` its engine package ships) and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, TabbedContent, TabPane

from engine.games import all_games

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
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("home", "edge('home')", "Top", show=False, priority=True),
        Binding("end", "edge('end')", "Bottom", show=False, priority=True),
    ]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        games = all_games()
        initial = f"rules-{self.game_id}" if self.game_id else "keys"
        with TabbedContent(initial=initial):
            with TabPane("Keys", id="keys"):
                with VerticalScroll():
                    yield Markdown(KEYS)
            for game in games:
                # The short title ("Carcassonne"): every tab fits on one 80-column line.
                with TabPane(game.title.split(":")[0], id=f"rules-{game.id}"):
                    with VerticalScroll():
                        yield Markdown(rules_text(game))
        yield Footer()

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

    def _focus_page(self) -> None:
        # Focus the page so up/down/page keys scroll the text straight away.
        tabs = self.query_one(TabbedContent)
        self.call_after_refresh(lambda: tabs.get_pane(tabs.active).query_one(VerticalScroll).focus())
