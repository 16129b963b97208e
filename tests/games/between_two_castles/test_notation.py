"""Reading moves: the quick reading of the texts the notation writes must give exactly what the
reading of typed moves gives, for any text it takes; any other text is left to the latter."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import UnreadableMove
from engine.games.between_two_castles.notation import canonical, parse_action, read_typed
from engine.games.between_two_castles.state import Attend, Choose, Keep, Place, PickBonus

from .helpers import fresh

_ROOMS = ["12", "0", "007", "146", "tower", "Tower", "foyer", "fountain", "x", "", "١٢", "1_2", "+1", "12 "]
_SIDES = ["L", "R", "l", "r", "C2", "C", "X", "", " L", "LR"]
_NUMBERS = ["1", "0", "-1", "-0", "01", "+1", "1_0", "٣", "", "-", "--1", " 1", "1 ", "99999999999999999999"]
_WORDS = ["pick", "take", "Pick", "keep", "attendant", "bonus", "ludwig", "", "pick ", "keep  "]
_ARGS = ["12+87", "87+12", "12+", "+12", "12+87+1", "12 87", "12,87", "3", "0", "knight", "KNIGHT", "food",
         "downstairs", "40", "٣", "", "1 2", "x"]


def _placement():
    return st.tuples(st.sampled_from(_ROOMS), st.sampled_from(["@", "", " @ ", "@@"]), st.sampled_from(_SIDES),
                     st.sampled_from(_NUMBERS), st.sampled_from([",", "", " , ", ";"]),
                     st.sampled_from(_NUMBERS), st.sampled_from(["", ")", " "])).map("".join)


def _word_move():
    return st.tuples(st.sampled_from(_WORDS), st.sampled_from([" ", "", "  "]), st.sampled_from(_ARGS)).map("".join)


@settings(max_examples=600, deadline=None)
@given(text=st.one_of(_placement(), _word_move(), st.text(max_size=12)), seat=st.sampled_from([0, 1, 2, 3, -1, 7]))
def test_the_quick_reading_agrees_with_the_typed_reading(text, seat):
    state = fresh(4)
    quick = canonical(state, seat, text)
    if quick is not None:
        assert read_typed(state, seat, text) == quick
        assert type(quick) is type(read_typed(state, seat, text))


@pytest.mark.parametrize("text, action", [
    ("12@L1,2", Place(12, 1, 1, 2)), ("12@R-1,0", Place(12, 0, -1, 0)), ("pick 87+12", Choose((12, 87))),
    ("keep 3", Keep(2)), ("attendant knight", Attend("knight")), ("bonus food", PickBonus("food")),
])
def test_the_notation_s_own_texts_are_read_quickly(text, action):
    assert canonical(fresh(4), 1, text) == action == parse_action(fresh(4), 1, text)


@pytest.mark.parametrize("text", ["12 @ L1,2", "TOWER@l2,1", "take 12 87", "12@C2(1,2)", "Keep 3"])
def test_a_typed_move_is_read_by_the_patterns(text):
    state = fresh(4)
    assert canonical(state, 1, text) is None and parse_action(state, 1, text) is not None


def test_a_text_read_neither_way_says_what_moves_look_like():
    with pytest.raises(UnreadableMove, match="pick 12"):
        parse_action(fresh(4), 1, "12@L1")
