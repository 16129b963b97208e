"""Keeping the template's memory shared with its children.

A child of the template shares every page of its memory until one of them writes to the page;
then the child holds a copy of its own (copy-on-write). A session's private memory is therefore
the pages it writes, and a page costs 4 KiB however little of it changed. Measured on a session
at its table (``bergfried bench ssh``), most of what a child copies is written to only because
what it *uses* lies scattered among what it does not: a reference count raised and lowered
again, a code object's instruction counters, a new object put in a hole between the template's.
What this module does before the template forks, each measured:

- empties the bounded ``functools.lru_cache`` caches (``clear_lru_caches``);
- fills the holes of both allocators, CPython's pools and the C library's heap
  (``fill_allocator_holes``), so a child's new objects go to fresh pages;
- copies the code of every function the warm-up ran, in the order it first ran, onto pages of
  their own (``place_code_together``), so the code every session runs lies together.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from types import CodeType, FrameType, FunctionType
from typing import Any


def clear_lru_caches() -> int:
    """Empty every bounded ``functools.lru_cache`` (Textual's and Rich's colours, cell widths, styles,
    geometry): a hit moves its entry to the front of the cache's list, writing the entry and its
    two neighbours, which the warm-up left scattered over the template's pages; a child's hits
    copied those pages. Emptied, a child's entries are its own, made together."""
    import functools

    wrapper = type(functools.lru_cache(maxsize=1)(len))
    cleared = 0
    for obj in gc.get_objects():
        # (an unbounded cache is a plain dict: a hit writes nothing but reference counts)
        if type(obj) is wrapper and obj.cache_info().maxsize is not None:
            obj.cache_clear()
            cleared += 1
    return cleared


#: Small objects that fill the free blocks the warm-up left in the allocator's pools (see below).
FILLERS: list[object] = []


def fill_allocator_holes() -> None:
    """Take every free block in the template's partly used pymalloc pools, so a child's new small
    objects go to pools of their own instead of into those holes: a hole filled in a child
    copies the whole page it is on (the warm-up leaves some 4.7 MB of holes over some 3000
    pools, and a session's start wrote into most of them). The fillers stay in the template,
    shared by every child and never written. Counts from ``sys._debugmallocstats`` (CPython's
    allocator report, on stderr); without it (another allocator or Python) nothing is done.
    Then the same for the C library's heap (``fill_heap_holes``)."""
    for _ in range(2):  # (the second pass takes the blocks the first one's own work freed)
        for size, free in _malloc_report():
            FILLERS.extend([_block(size) for _ in range(free)])
    fill_heap_holes()


def _block(size: int) -> object:
    """A new object that takes one block of ``size`` bytes (16 to 512, a multiple of 16)."""
    if size == 16:
        return object()
    if size == 32:
        return float(size)  # (24 bytes; a float from the free list now and then does no harm)
    return bytes(size - 33)  # (a bytes object of n bytes takes 33 + n)


def _malloc_report() -> list[tuple[int, int]]:
    """(block size, free blocks in used pools) for each size class, from CPython's report."""
    report_stats = getattr(sys, "_debugmallocstats", None)
    if report_stats is None:
        return []
    with tempfile.TemporaryFile() as out:
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            os.dup2(out.fileno(), 2)
            report_stats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read().decode("ascii", "replace")
    rows = re.findall(r"^\s*\d+\s+(\d+)\s+\d+\s+\d+\s+(\d+)\s*$", text, re.MULTILINE)
    return [(int(size), int(free)) for size, free in rows if int(size) % 16 == 0 and 16 <= int(size) <= 512]


#: Chunks of the C library's heap that fill its free chunks (addresses; never freed, never written).
HEAP_FILLERS: list[int] = []


def fill_heap_holes(rounds: int = 30) -> int:
    """Take every free chunk of glibc's main heap, as ``fill_allocator_holes`` does for CPython's
    pools. The heap holds what pymalloc does not: objects over 512 bytes (code objects, dict
    tables, classes) and the memory of C libraries. The warm-up leaves ~4 MB of free chunks
    scattered over it, and a child's new allocations went into them, a copied page each: a
    session's SQLite connection alone copied 2.7 MiB, and 1.0 MiB once they were filled. A
    chunk taken from a larger free one leaves the rest free, hence rounds until none is left.
    Counts from glibc's ``malloc_info``; with another C library nothing is done. Returns the
    bytes left free."""
    libc = _glibc()
    if libc is None:
        return 0
    left = 0
    for _ in range(rounds):
        free = _free_chunks(libc)
        left = sum(size * count for size, count in free)
        if not free:
            break
        for size, count in free:
            for _ in range(count):
                # (the report gives a bin's least chunk size plus one; a chunk of n bytes serves
                # requests of n - 23 to n - 8, so this asks for a chunk of exactly that size)
                address = libc.malloc(size - 16)
                if address:
                    HEAP_FILLERS.append(address)
    return left


def _glibc() -> Any:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    if libc is None or not all(hasattr(libc, f) for f in ("malloc_info", "malloc", "fopen", "fclose")):
        return None
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
    libc.fopen.restype, libc.fopen.argtypes = ctypes.c_void_p, [ctypes.c_char_p, ctypes.c_char_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    return libc


def _free_chunks(libc: Any) -> list[tuple[int, int]]:
    """(smallest chunk size, count) for each bin of the main heap (the first ``<heap>`` of
    ``malloc_info``'s report) that holds free chunks."""
    with tempfile.NamedTemporaryFile(prefix="bergfried-malloc-") as out:
        stream = libc.fopen(out.name.encode(), b"w")
        if not stream:
            return []
        libc.malloc_info(0, stream)
        libc.fclose(stream)
        text = out.read().decode("ascii", "replace")
    main_heap = text.split("</heap>")[0]
    rows = re.findall(r'<(?:size|unsorted) from="(\d+)" to="\d+" total="\d+" count="(\d+)"/>', main_heap)
    return [(int(size), int(count)) for size, count in rows if int(count) and int(size) >= 32]


@contextlib.contextmanager
def first_calls() -> Iterator[dict[int, CodeType]]:
    """The code objects run while inside, in the order they first ran (by ``id``: code objects
    compare by value, and two equal ones in two files are still two)."""
    ran: dict[int, CodeType] = {}

    def called(frame: FrameType, event: str, _arg: object) -> None:
        if event == "call" and id(frame.f_code) not in ran:
            ran[id(frame.f_code)] = frame.f_code

    sys.setprofile(called)
    try:
        yield ran
    finally:
        sys.setprofile(None)


def place_code_together(ran: dict[int, CodeType]) -> int:
    """Give every function whose code ran a copy of it (``CodeType.replace``), made in the order
    the code first ran, nested code (comprehensions, inner functions) with its function's. The
    code Python imported lies in the order of the modules' source, among everything else the
    import made; a session runs a few functions of each module and copied their pages: each call
    raises and lowers its code's reference count and its instructions' counters are written. The
    copies lie together, what every session runs first; the originals are freed. Call it with
    the allocators' holes filled (``fill_allocator_holes``), so the copies go to fresh pages, and
    run the code again after: a copy starts unspecialised. Returns how many functions' code moved."""
    order = {code_id: n for n, code_id in enumerate(ran)}
    functions: dict[int, list[FunctionType]] = {}
    for obj in gc.get_objects():
        if type(obj) is FunctionType and id(obj.__code__) in order:
            functions.setdefault(id(obj.__code__), []).append(obj)
    moved = 0
    for code_id in sorted(functions, key=order.__getitem__):
        copy = _copy(ran[code_id], order)
        for function in functions[code_id]:
            function.__code__ = copy
            moved += 1
    return moved


def _copy(code: CodeType, order: dict[int, int]) -> CodeType:
    consts = tuple(_copy(c, order) if type(c) is CodeType and id(c) in order else c for c in code.co_consts)
    return code.replace(co_consts=consts)
