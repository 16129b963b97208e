"""Bergfried's game engine: event-sourced deciders for five castle board games.

Nothing in this package imports Textual or Rich; the terminal client lives in ``tui``.
"""
