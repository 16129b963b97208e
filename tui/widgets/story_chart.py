"""The story's chart widget: the curves drawn once by plotext, the current step's marker laid over
them on each key.

Re-plotting every series on each step (plotext's build, then the ANSI text parsed back into cells)
cost a chart key tens of milliseconds on a loaded machine while only one column changes. So the
curves are built once per size, theme and series and kept as lines of cells; the marker is
plotext's own upright line (``vline``), built once beside them to learn its cells and the columns
of the first and last steps, and then copied into the column of the step shown. Moving along the
chart repaints two columns and builds nothing.

    chart.draw(series, names, "Scores")   # new curves (built when next painted)
    chart.mark(41)                        # the marker to step 41
    chart.step_at(x)                      # the step under column x (a click)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual_plotext import PlotextPlot

from engine.core.story import draw_story

KEPT = 4  # built charts kept (sizes, themes and the two series seen lately)


@attrs.frozen(eq=False)
class Curves:
    """What the chart draws besides the marker (draw_story's arguments)."""

    series: Sequence[Sequence[float]]
    names: Sequence[str]
    title: str
    percent: bool = False
    marks: Sequence[tuple[int, int]] = ()


@attrs.frozen
class Built:
    """One build of the curves: its lines, and where and how the marker goes over them."""

    lines: list[Strip]
    first: int  # the columns of the first and the last step
    last: int
    steps: int
    marker: dict[int, tuple[str, Strip]]  # row -> (the cell the marker covers, the marker's cell)

    def column(self, step: int) -> int:
        """As plotext places a value: rounded half up, after rounding off float noise."""
        if self.steps < 2:
            return self.first
        return self.first + math.floor(round(0.5 + step * (self.last - self.first) / (self.steps - 1), 8))

    def step(self, x: int) -> int:
        if self.steps < 2 or self.last == self.first:
            return 0
        return max(0, min(self.steps - 1, round((x - self.first) * (self.steps - 1) / (self.last - self.first))))


class StoryChart(PlotextPlot):
    """The story's plot with a step marker that moves without re-plotting; a click on it posts
    the step under the pointer (StoryChart.Picked)."""

    class Picked(Message):
        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.curves: Curves | None = None
        self.current = 0
        self.builds: dict[tuple, Built] = {}  # (curves, size, theme) -> its build, the latest last

    def draw(self, curves: Curves) -> None:
        """Show new curves (the scores or the chances)."""
        if curves is not self.curves:
            self.curves = curves
            self.refresh()

    def mark(self, step: int) -> None:
        """Move the marker to ``step``: only its old and new columns are painted again."""
        if step == self.current:
            return
        built = self.builds.get(self._key()) if self.curves is not None else None
        old, self.current = self.current, step
        if built is None:
            self.refresh()
            return
        height = self.size.height
        self.refresh(Region(built.column(old), 0, 1, height), Region(built.column(step), 0, 1, height))

    def step_at(self, x: int) -> int:
        """The step drawn at column ``x`` of the chart."""
        return self.built().step(x) if self.curves is not None else 0

    def on_click(self, event: Click) -> None:
        if self.curves is not None:
            self.post_message(self.Picked(self.step_at(event.x)))

    def _key(self) -> tuple:
        return (self.curves, self.size.width, self.size.height, self.app.theme)

    def built(self) -> Built:
        """The build of the curves at this size and theme (built now if not yet)."""
        key = self._key()
        built = self.builds.pop(key, None) or self._build()
        self.builds[key] = built  # the latest last: the oldest go first
        while len(self.builds) > KEPT:
            del self.builds[next(iter(self.builds))]
        return built

    def _build(self) -> Built:
        assert self.curves is not None
        c = self.curves
        count = len(c.series)
        draw_story(self.plt, c.series, c.names, None, c.title, c.percent, c.marks, self.size.width or None)
        plain = self._lines()
        # The upright line at the first and last steps (their columns) and at one between, off
        # the axis' ticks, whose cells the marker copies.
        between = max(0, min(count - 1, round((count - 1) / 8)))
        for step in {0, between, count - 1}:
            self.plt.vline(step)
        lined = self._lines()
        changed = sorted(
            {
                (x, y)
                for y, (a, b) in enumerate(zip(plain, lined))
                for x in range(min(a.cell_length, b.cell_length))
                if _cell(a, x) != _cell(b, x)
            }
        )
        if not changed:  # too small to draw a line: no marker
            return Built(plain, 0, 0, count, {})
        columns = sorted({x for x, _ in changed})
        first, last = columns[0], columns[-1]
        inner = _column_of(columns, first + round(between * (last - first) / max(1, count - 1)))
        rows = [y for x, y in changed if x == inner]
        marker = {}
        middle = next((y for y in rows[1:-1]), rows[0])
        for y in range(rows[0], rows[-1] + 1):
            source = y if y in rows else middle  # a curve hid the line there: an inner cell
            covered = _cell(plain[source], inner) if y in rows else " "
            marker[y] = (covered, lined[source].crop(inner, inner + 1))
        return Built(plain, first, last, count, marker)

    def _lines(self) -> list[Strip]:
        """The plot as it stands, built by plotext (through PlotextPlot.render) into lines."""
        width, height = self.size
        return Visual.to_strips(self, visualize(self, self.render()), width, height, self.visual_style)

    def render_line(self, y: int) -> Strip:
        if self.curves is None or not self.size.area:
            return Strip.blank(self.size.width, self.visual_style.rich_style)
        built = self.built()
        line = built.lines[y] if y < len(built.lines) else Strip.blank(self.size.width)
        over = built.marker.get(y)
        x = built.column(self.current)
        if over is None or x >= line.cell_length or _cell(line, x) != over[0]:
            return line  # no marker on this row, or the curves drawn over it (as plotext draws them)
        return Strip.join([line.crop(0, x), over[1], line.crop(x + 1, line.cell_length)])


def _cell(line: Strip, x: int) -> str:
    return line.crop(x, x + 1).text


def _column_of(columns: list[int], near: int) -> int:
    """Of the columns found, the one nearest ``near``."""
    return min(columns, key=lambda x: abs(x - near))
