"""Reading moves: the exact patterns for the texts the notation writes must give what the reading
of typed moves gives, for any text they take; any other text is left to the latter."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import UnreadableMove
from engine.games.between_two_castles.notation import parse_action, read_typed
from engine.games.between_two_castles.state import Attend, Choose, Keep, Place, PickBonus

from .helpers import fresh

_ROOMS = ["12", "0", "007", "146", "tower", "Tower", "foyer", "fountain", "x", "", "١٢", "1_2", "+1", "12 "]
_SIDES = ["L", "R", "l", "r", "C2", "C", "X", "", " L", "LR"]
_NUMBERS = [
    "1",
    "0",
    "-1",
    "-0",
    "01",
    "64",
    "-64",
    "65",
    "-65",
    "25",
    "26",
    "-24",
    "-25",
    "16",
    "17",
    "-16",
    "-17",
    "1,2",
    "+1",
    "1_0",
    "٣",
    "",
    "-",
    "--1",
    " 1",
    "1 ",
    "99999999999999999999",
]
_WORDS = ["pick", "take", "Pick", "keep", "attendant", "bonus", "ludwig", "", "pick ", "keep  "]
_ARGS = [
    "12+87",
    "87+12",
    "12+",
    "+12",
    "12+87+1",
    "12 87",
    "12,87",
    "3",
    "0",
    "knight",
    "KNIGHT",
    "food",
    "downstairs",
    "40",
    "٣",
    "",
    "1 2",
    "x",
    "012+3",
    "3+0087",
    "146+147",
    "200+3",
    "-1+3",
    "12+ 87",
]


def _placement():
    return st.tuples(
        st.sampled_from(_ROOMS),
        st.sampled_from(["@", "", " @ ", "@@"]),
        st.sampled_from(_SIDES),
        st.sampled_from(_NUMBERS),
        st.sampled_from([",", "", " , ", ";"]),
        st.sampled_from(_NUMBERS),
        st.sampled_from(["", ")", " "]),
    ).map("".join)


def _word_move():
    return st.tuples(st.sampled_from(_WORDS), st.sampled_from([" ", "", "  "]), st.sampled_from(_ARGS)).map("".join)


@settings(max_examples=600, deadline=None)
@given(text=st.one_of(_placement(), _word_move(), st.text(max_size=12)), seat=st.sampled_from([0, 1, 2, 3, -1, 7]))
def test_a_move_reads_as_typed_whichever_way_it_is_read(text, seat):
    state = fresh(4)
    try:
        typed = read_typed(state, seat, text)
    except (UnreadableMove, ValueError) as exc:  # (ValueError: a digit int() does not take, as before)
        with pytest.raises(type(exc)):
            parse_action(state, seat, text)
    else:
        read = parse_action(state, seat, text)
        assert read == typed and type(read) is type(typed)


@pytest.mark.parametrize(
    "text, action",
    [
        ("12@L1,2", Place(12, 1, 1, 2)),
        ("12@R-1,0", Place(12, 0, -1, 0)),
        ("tower@L2,1", Place(148, 1, 2, 1)),
        ("pick 87+12", Choose((12, 87))),
        ("keep 3", Keep(2)),
        ("attendant knight", Attend("knight")),
        ("bonus food", PickBonus("food")),
    ],
)
def test_the_notation_s_own_texts(text, action):
    assert parse_action(fresh(4), 1, text) == action


@pytest.mark.parametrize(
    "text, action",
    [
        ("12 @ L1,2", Place(12, 1, 1, 2)),
        ("TOWER@l2,1", Place(148, 1, 2, 1)),
        ("take 12 87", Choose((12, 87))),
        ("12@C2(1,2)", Place(12, 1, 1, 2)),
        ("Keep 3", Keep(2)),
    ],
)
def test_typed_moves(text, action):
    assert parse_action(fresh(4), 1, text) == action


@pytest.mark.parametrize(
    "text, action",
    [
        ("012@L1,2", Place(12, 1, 1, 2)),
        ("12@L01,-02", Place(12, 1, 1, -2)),
        ("12@R99,0", Place(12, 0, 99, 0)),
        ("pick 012+3", Choose((3, 12))),
        ("pick 300+3", Choose((3, 300))),
    ],
)
def test_written_forms_the_look_ups_leave_to_the_patterns(text, action):
    assert parse_action(fresh(4), 1, text) == action


def test_a_text_read_neither_way_says_what_moves_look_like():
    with pytest.raises(UnreadableMove, match="pick 12"):
        parse_action(fresh(4), 1, "12@L1")
