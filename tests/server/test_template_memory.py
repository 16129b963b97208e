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


#: What a forked child copies (KiB) to make ``count`` new objects of ``size`` bytes, each from
#: the C library's heap (over 512 bytes: pymalloc hands those on).
CHILD_COPIES = """
import os


def private_kib():
    text = open("/proc/self/smaps_rollup").read().split()
    return sum(int(text[i + 1]) for i, word in enumerate(text) if word in ("Private_Clean:", "Private_Dirty:"))


def copied_by(work):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        before = private_kib()
        work()
        os.write(write, str(private_kib() - before).encode())
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    return int(os.read(read, 64))
"""

HEAP_HOLES = (
    CHILD_COPIES
    + """
import json
from tui.server.shared_pages import HEAP_FILLERS, _free_chunks, _glibc, fill_heap_holes

kept = [bytes(1000 + 300 * (n % 5)) for n in range(12000)]
del kept[::2]  # every other chunk free again, between chunks that stay
libc = _glibc()
before = sum(size * count for size, count in _free_chunks(libc))


made = []


def new_objects():  # (kept: freed, they would go back to the system from a heap's top)
    made.extend(bytes(1000) for _ in range(2000))


idle = copied_by(lambda: None)
unfilled = copied_by(new_objects)
left = fill_heap_holes()
filled = copied_by(new_objects)
print(json.dumps({"before": before, "left": left, "fillers": len(HEAP_FILLERS),
                  "idle": idle, "unfilled": unfilled, "filled": filled}))
"""
)


def test_the_template_fills_the_free_chunks_of_the_c_heap():
    out = subprocess.run([sys.executable, "-c", HEAP_HOLES], capture_output=True, text=True, timeout=60, check=True)
    figures = json.loads(out.stdout)
    assert figures["before"] >= 6000 * 1000, figures  # the holes made above: the report was read
    assert figures["left"] <= figures["before"] // 50, figures
    assert figures["fillers"] >= 6000, figures
    # 2000 new objects of 1 KB: into the holes, each copies a page the template still uses;
    # filled, they take ~2 MB of fresh pages together
    unfilled, filled = figures["unfilled"] - figures["idle"], figures["filled"] - figures["idle"]
    assert unfilled >= 4000, figures
    assert filled * 3 <= unfilled * 2, figures


SCATTERED_CODE = (
    CHILD_COPIES
    + """
import json
from tui.server.shared_pages import fill_allocator_holes, first_calls, place_code_together

# 800 functions whose code lies among other objects, as an import leaves it (each code object
# is over 512 bytes: it and the padding come from the same heap)
body = "".join(f"    y = y + x - {n}\\n" for n in range(12))
functions, padding = [], []
for n in range(800):
    space = {}
    source = f"def f{n}(x, k=7):\\n    y = x\\n{body}    return [y + k + i for i in range(2)][1]\\n"
    exec(compile(source, f"<f{n}>", "exec"), space)
    functions.append(space[f"f{n}"])
    padding.append(bytes(3000))
used = functions[::8]  # what a session runs of them: scattered
expected = [f(3) for f in used]


def run_used():
    for f in used:
        f(3)


idle = copied_by(lambda: None)
scattered = copied_by(run_used)
originals = [f.__code__ for f in used]
spread = max(map(id, originals)) - min(map(id, originals))
with first_calls() as ran:
    run_used()
fill_allocator_holes()
moved = place_code_together(ran)
ran.clear()
together = copied_by(run_used)
addresses = sorted(id(f.__code__) for f in used)
print(json.dumps({
    "moved": moved, "idle": idle, "scattered": scattered, "together": together,
    "same": [f(3) for f in used] == expected,
    "copies": all(f.__code__ is not old and f.__code__ == old for f, old in zip(used, originals)),
    "others": all(f.__code__.co_filename == f"<{f.__name__}>" for f in functions),
    "spread": spread, "span": addresses[-1] - addresses[0],
}))
"""
)


def test_the_code_a_session_runs_is_put_together():
    out = subprocess.run([sys.executable, "-c", SCATTERED_CODE], capture_output=True, text=True, timeout=60, check=True)
    figures = json.loads(out.stdout)
    assert figures["moved"] >= 100 and figures["copies"], figures  # (100 used, and copied_by's own)
    assert figures["same"] and figures["others"], figures  # what they do, and where they say they are
    assert figures["spread"] >= 800 * 3000, figures  # among the padding: the test's premise
    assert figures["span"] * 8 <= figures["spread"], figures  # the copies lie together (~700 bytes each)
    # 100 calls: each wrote its code (its reference count, its instructions' counters), a page
    # apiece while they lay among the padding; what is left is the functions' other objects
    scattered, together = figures["scattered"] - figures["idle"], figures["together"] - figures["idle"]
    assert scattered >= 100 * 4, figures
    assert together * 10 <= scattered * 7, figures
