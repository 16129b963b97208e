"""The Textual internals the server overrides: fail loudly when an upgrade moves them."""
from __future__ import annotations

import gc
import inspect
import sys
import weakref

import textual.app as textual_app
from textual._xterm_parser import XTermParser

from tui.server import textual_private
from tui.server.textual_private import SessionParser, session_console


def test_textual_still_redirects_stdout_by_these_names():
    source = inspect.getsource(textual_app.App._process_messages)
    assert "redirect_stdout(" in source and "redirect_stderr(" in source


def test_the_server_process_keeps_its_stdout():
    textual_private.install()
    before = sys.stdout
    with textual_app.redirect_stdout(object()):
        assert sys.stdout is before


def test_the_parser_cache_is_still_an_lru_cache_and_ours_has_none():
    assert hasattr(XTermParser._parse_extended_key, "cache_info")
    parser = SessionParser()
    list(parser.feed("\x1b[97u"))
    ref = weakref.ref(parser)
    del parser
    gc.collect()
    assert ref() is None


def test_a_session_console_reads_the_clients_terminal():
    assert session_console({"TERM": "xterm-256color", "COLORTERM": "truecolor"}).color_system == "truecolor"
    assert session_console({"TERM": "xterm-256color"}).color_system == "256"
    assert session_console({"TERM": "dumb"}).color_system is None
