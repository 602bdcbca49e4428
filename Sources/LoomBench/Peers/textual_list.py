"""Textual's side of `loom-bench peers`: a list of N rows in which one row's flag is toggled
UPDATES times, every INTERVAL seconds, drawn by one of Textual's two ways to show many rows:

- `line-api`: a `ScrollView` whose `render_line` draws the rows in view and `refresh_line`
  redraws the changed one (Textual's cheapest list, the peer to beat);
- `datatable`: a `DataTable` (its virtualised table widget, `update_cell`).

It writes "ready" to MARKER before the first toggle and "done" after the last, so the harness
measures the updates alone (not start-up).

usage: python textual_list.py line-api|datatable N UPDATES INTERVAL MARKER
"""
import sys

from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import DataTable

MODE, ROWS, UPDATES, INTERVAL, MARKER = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]


class Rows(ScrollView):
    """The line API: one `Strip` per row in view, and only the changed row redrawn."""

    def __init__(self) -> None:
        super().__init__()
        self.flags = [False] * 10
        self.virtual_size = Size(40, ROWS)

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        if index >= ROWS:
            return Strip.blank(self.size.width)
        flag = "on" if index < 10 and self.flags[index] else "off"
        return Strip([Segment(f"row {index}  item {index}  {flag}")]).crop(0, self.size.width)

    def toggle(self, index: int) -> None:
        self.flags[index] = not self.flags[index]
        self.refresh_line(index - self.scroll_offset.y)


class ListBench(App):
    def compose(self) -> ComposeResult:
        yield Rows() if MODE == "line-api" else DataTable(cursor_type="row")

    def on_mount(self) -> None:
        if MODE != "line-api":
            table = self.query_one(DataTable)
            table.add_column("row", key="row")
            table.add_column("name", key="name")
            table.add_column("flag", key="flag")
            table.add_rows([(f"row {i}", f"item {i}", "off") for i in range(ROWS)])
            self.keys = [row.key for row in table.ordered_rows[:10]]
        self.flags = [False] * 10
        self.count = 0
        self.set_timer(1.0, self.start)

    def start(self) -> None:
        with open(MARKER, "w") as marker:
            marker.write("ready")
        self.set_interval(INTERVAL, self.toggle)

    def toggle(self) -> None:
        index = self.count % 10
        if MODE == "line-api":
            self.query_one(Rows).toggle(index)
        else:
            self.flags[index] = not self.flags[index]
            self.query_one(DataTable).update_cell(self.keys[index], "flag", "on" if self.flags[index] else "off")
        self.count += 1
        if self.count == UPDATES:
            self.set_timer(INTERVAL, self.finish)

    def finish(self) -> None:
        # Done, then a second before exiting, so the harness reads the threads' counts while
        # they are there.
        with open(MARKER, "w") as marker:
            marker.write("done")
        self.set_timer(1.0, self.exit)


ListBench().run()
