"""Text from other players made inert: shown as written, never acted on by a terminal or markup.

One function, :func:`inert`, for every line a player typed that others see (chat, and names in
notices): control characters become their visible pictures (ESC is ``␛``, so an escape sequence
arrives as harmless text such as ``␛[2J``), the C1 controls, bidirectional overrides and other
invisible format characters become ``<U+202E>``-style tags, and the text is cut to a length. It
is idempotent (inert text stays as it is), so the store keeps inert text and a reader may apply
it again. Square brackets stay: screens show chat as plain text (never Rich markup).
"""

from __future__ import annotations

import unicodedata

LONGEST = 300  # characters in one chat line

# Format characters a line may keep: joiners inside emoji and scripts that need them.
_KEPT_FORMAT = {"\u200c", "\u200d"}


def _shown(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟: the Unicode control pictures
    if code == 0x7F:
        return "\u2421"  # ␡
    category = unicodedata.category(char)
    if category in ("Cc", "Cs", "Co", "Cn") or (category == "Cf" and char not in _KEPT_FORMAT):
        return f"<U+{code:04X}>"
    if category in ("Zl", "Zp"):  # line and paragraph separators would break the line
        return f"<U+{code:04X}>"
    return char


def inert(text: str, longest: int = LONGEST) -> str:
    """``text`` as it may be shown to others: one line, every control visible, at most
    ``longest`` characters (an ellipsis marks a cut)."""
    out = "".join(_shown(c) for c in text)
    if len(out) > longest:
        out = out[: longest - 1] + "…"
    return out
