"""Memory and CPU of a server's processes as /proc shows them (``bergfried bench ssh``): the
process tree under a pid, USS and PSS from smaps_rollup, CPU seconds, command lines, the load."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def process_tree(root: int) -> list[int]:
    """``root`` and every process descended from it (the template's session processes, the bot
    pool's workers), as /proc shows them now."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None:
                children.setdefault(int(fields[1]), []).append(int(entry.name))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, ()))
    return tree


def rollup(pid: int) -> dict[str, int]:
    """``/proc/<pid>/smaps_rollup`` in KiB (Rss, Pss, Private_Clean, Private_Dirty, ...)."""
    out: dict[str, int] = {}
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return out
    for line in text.splitlines()[1:]:
        parts = line.split()
        if len(parts) >= 2 and parts[1].isdigit():
            out[parts[0].rstrip(":")] = int(parts[1])
    return out


def uss_kib(pid: int) -> int:
    """Memory only this process holds (its private pages)."""
    r = rollup(pid)
    return r.get("Private_Clean", 0) + r.get("Private_Dirty", 0)


def pss_kib(pid: int) -> int:
    return rollup(pid).get("Pss", 0)


def total_pss_kib(root: int) -> int:
    """The memory of a server and all its processes: PSS adds up (shared pages counted once)."""
    return sum(pss_kib(pid) for pid in process_tree(root))


def cpu_seconds(pids: Iterable[int]) -> float:
    total = 0.0
    for pid in pids:
        fields = _stat(pid)
        if fields is not None:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def cpu_ns(pids: Iterable[int]) -> int:
    """CPU nanoseconds the processes have run (``/proc/PID/schedstat``): exact, where
    ``cpu_seconds`` counts clock ticks (10 ms each: a fraction of a millisecond per process per
    login, summed over 200 processes, needs this)."""
    total = 0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
        except (OSError, IndexError, ValueError):
            pass
    return total


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())
