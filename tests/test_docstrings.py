"""Every docstring example in engine/ and tui/ runs and shows what it says (the guide: "a
docstring example is one that runs")."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def modules_with_examples() -> list[str]:
    names = []
    for package in ("engine", "tui"):
        for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            path = ROOT / (info.name.replace(".", "/") + ("/__init__.py" if info.ispkg else ".py"))
            if path.exists() and ">>>" in path.read_text("utf-8"):
                names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", modules_with_examples())
def test_the_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, f"{name}: {result.failed} of {result.attempted} failed"
