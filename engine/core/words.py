"""Move-list English for seats as the subject of a sentence: the human seat is often named
"You", and "You scores", "You's baron" read as mistakes.

    >>> says("Ann", "scores 4"), says("You", "scores 4"), whose("You"), whom("You")
    ('Ann scores 4', 'You score 4', 'Your', 'you')
"""

from __future__ import annotations

from collections.abc import Sequence

_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go"}


def _plain(verb: str) -> str:
    """The verb as "you" says it, from the form "she" says: takes → take, catches → catch
    (a mark right after it stays: "starts;" → "start;")."""
    bare = verb.rstrip(",;:.!")
    if bare != verb:
        return _plain(bare) + verb[len(bare) :]
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def says(subject: str, predicate: str) -> str:
    """``subject`` + ``predicate`` whose first word is a verb in the "she" form, agreeing with
    a subject that is "You" or several names joined by "and"."""
    if subject != "You" and " and " not in subject:
        return f"{subject} {predicate}"
    verb, _, rest = predicate.partition(" ")
    return f"{subject} {_plain(verb)}" + (f" {rest}" if rest else "")


def whose(name: str) -> str:
    """The possessive of a seat's name: "Your", "Ann's"."""
    return "Your" if name == "You" else f"{name}'s"


def whom(name: str) -> str:
    """A seat's name as the object of a verb: "steals a tile from you"."""
    return "you" if name == "You" else name


def joined(names: Sequence[str]) -> str:
    """Names as a list in a sentence: "Ann", "Ann and Ben", "Ann, Ben and Cid"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
