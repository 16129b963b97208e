"""What a session's process holds of its own depends on what the template leaves for it to write:
free blocks in the template's allocator pools are filled before the fork, so a child's new small
objects do not copy half-used template pages (about 5 MiB a session). If CPython's allocator
report changes shape, the filling silently stops: these tests say so."""

from __future__ import annotations

import json
import subprocess
import sys

POOL = 16384  # bytes in one of pymalloc's pools (CPython 3.10 and later)

HOLES = """
import json
from tui.server.shared_pages import FILLERS, _malloc_report, fill_allocator_holes

kept = [bytes(size) for size in (15, 47, 95, 150, 300) for _ in range(20000)]
del kept[::2]  # every other block free again: holes in pools that stay in use
before = dict(_malloc_report())
fill_allocator_holes()
after = dict(_malloc_report())
print(json.dumps({"before": sum(before.values()), "after": after, "classes": len(before), "fillers": len(FILLERS)}))
"""


def test_the_template_fills_the_free_blocks_of_its_allocator_pools():
    out = subprocess.run([sys.executable, "-c", HOLES], capture_output=True, text=True, timeout=60, check=True)
    figures = json.loads(out.stdout)
    assert figures["classes"] == 32, figures  # the report was read: one row per size class
    assert figures["before"] >= 50000, figures  # the holes made above, at least
    # What is left in each size class: the rest of the pool its last filler began (the part
    # of it never written stays out of memory until a child uses it) and what the filling freed.
    left = {int(size): free for size, free in figures["after"].items()}
    assert all(free < 2 * POOL // size for size, free in left.items()), left
    assert figures["fillers"] >= figures["before"] - sum(left.values()), figures
