"""Finding text that a screen cuts off: every word a text widget holds must show whole.

The screen is rendered to lines of plain text; for each visible widget that holds text (a
Static, a Button, an option list's options, a data table's cells) the words of its text
must all appear inside the widget's part of the screen. A status line too long for its one
row, a cell cropped by its column or an option that wraps shows up as a missing word.
"""

from __future__ import annotations

import re

from textual.errors import NoWidget
from textual.geometry import Region
from textual.widgets import Button, DataTable, OptionList, Static

WORD = re.compile(r"[\w'’–./:+-]+")


def screen_lines(app) -> list[str]:
    """The screen as lines of text, through Textual's public calls: each row is read in runs of
    the widget on top at each cell (Screen.get_widget_at), from that widget's own rendering."""
    screen = app.screen
    width, height = screen.size
    return [_row(screen, y, width) for y in range(height)]


def _row(screen, y: int, width: int) -> str:
    runs, x = [], 0
    while x < width:
        try:
            widget, region = screen.get_widget_at(x, y)
        except NoWidget:
            runs.append(" ")
            x += 1
            continue
        end = x + 1
        while end < min(width, region.right) and _widget_at(screen, end, y) is widget:
            end += 1
        line = widget.render_lines(Region(0, y - region.y, region.width, 1))[0]
        runs.append(line.crop(x - region.x, end - region.x).text)
        x = end
    return "".join(runs)


def _widget_at(screen, x: int, y: int):
    try:
        return screen.get_widget_at(x, y)[0]
    except NoWidget:
        return None


def visible_widgets(screen):
    """(widget, region, clip) of every widget the screen has laid out (Screen.find_widget)."""
    for widget in screen.query("*"):
        try:
            geometry = screen.find_widget(widget)
        except NoWidget:
            continue  # not shown: display off, or not laid out yet
        yield widget, geometry.region, geometry.clip


def region_text(lines: list[str], region) -> str:
    rows = lines[region.y : region.y + region.height]
    return "\n".join(row[region.x : region.x + region.width] for row in rows)


def _plain(renderable) -> str:
    plain = getattr(renderable, "plain", None)
    return plain if isinstance(plain, str) else str(renderable)


def _missing(words_of: str, shown: str) -> list[str]:
    seen = set(WORD.findall(shown))
    return [w for w in WORD.findall(words_of) if w not in seen]


def cut_text(app) -> list[str]:
    """Descriptions of every piece of text the current screen does not show whole."""
    lines = screen_lines(app)
    problems: list[str] = []
    for widget, region, clip in visible_widgets(app.screen):
        if region.area == 0 or clip.intersection(region) != region:
            continue  # scrolled partly out of sight on purpose (a long help page): not cut
        if isinstance(widget, (Static, Button)) and not widget.children:
            text = _plain(widget.render())
            if text.startswith("RichVisual("):
                continue  # a Rich table: its columns are laid out by Rich itself
            missing = _missing(text, region_text(lines, region))
            if missing:
                problems.append(f"{widget!r} cuts {missing[:4]} of {text!r:.160}")
        elif isinstance(widget, OptionList) and widget.id == "moves":
            # A move-list line may take two rows (named voters), wrapped at a word, never cut.
            width = widget.scrollable_content_region.width
            for i in range(widget.option_count):
                prompt = _plain(widget.get_option_at_index(i).prompt)
                if any(len(word) > width for word in prompt.split()):
                    problems.append(f"{widget!r} cuts a word of {prompt!r} ({width} columns)")
        elif isinstance(widget, OptionList):
            width = widget.scrollable_content_region.width
            for i in range(widget.option_count):
                prompt = _plain(widget.get_option_at_index(i).prompt)
                if any(len(line.rstrip()) > width for line in prompt.splitlines()):
                    problems.append(f"{widget!r} wraps option {prompt!r} ({width} columns)")
        elif isinstance(widget, DataTable):
            if widget.virtual_size.width > widget.scrollable_content_region.width:
                problems.append(f"{widget!r} is wider than its place")
    return problems
