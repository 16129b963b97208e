"""The template empties every bounded ``functools.lru_cache`` before it forks: a hit moves the
entry to the front of the cache's list, writing it and its neighbours, so a child's hits on the
warm-up's entries copied the template pages they lie on (about 1.1 MiB a session in
``bergfried bench ssh``). Here a cache of scattered entries, hit by a forked child: the pages the
child copies, with the entries left and after ``clear_lru_caches``."""

from __future__ import annotations

import json
import subprocess
import sys

HITS = """
import functools, json, os
from tui.server.shared_pages import clear_lru_caches

@functools.lru_cache(maxsize=8192)
def boxed(n):
    return [n]

@functools.lru_cache(maxsize=None)
def unbounded(n):
    return n

spread = []
for n in range(8192):
    boxed(n)
    spread.append(bytes(400))  # other objects between the entries, as a warm-up leaves them
unbounded(1)


def private_kib():
    text = open("/proc/self/smaps_rollup").read().split()
    return sum(int(text[i + 1]) for i, word in enumerate(text) if word in ("Private_Clean:", "Private_Dirty:"))


def copied_by_hits(step=16):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        before = private_kib()
        for n in range(0, 8192 * bool(step), step or 1):
            boxed(n)
        os.write(write, str(private_kib() - before).encode())
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    return int(os.read(read, 64))


idle = copied_by_hits(0)  # what a child copies anyway (its stack, the interpreter's state)
kept = copied_by_hits()
cleared = clear_lru_caches()
print(json.dumps({
    "idle": idle, "kept": kept, "cleared": copied_by_hits(), "caches": cleared,
    "boxed": boxed.cache_info().currsize, "unbounded": unbounded.cache_info().currsize,
}))
"""


def test_a_childs_cache_hits_no_longer_copy_the_templates_pages():
    out = subprocess.run([sys.executable, "-c", HITS], capture_output=True, text=True, timeout=60, check=True)
    figures = json.loads(out.stdout)
    assert figures["caches"] >= 1 and figures["boxed"] == 0, figures
    assert figures["unbounded"] == 1, figures  # (a plain dict: its hits write no list)
    # 512 hits over ~4 MB of entries and other objects: most touch a page of their own
    kept, cleared = figures["kept"] - figures["idle"], figures["cleared"] - figures["idle"]
    assert kept >= 1024, figures
    assert cleared * 4 <= kept, figures
