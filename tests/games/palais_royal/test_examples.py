"""Every worked example of the rulebook, as a test."""

from __future__ import annotations

from engine.core.fastattrs import replace
from engine.games.palais_royal import GAME, Bring, Done, Draw, Keep, Mint, Recruit
from engine.games.palais_royal.catalog import (
    HONOUR4,
    KOENIG,
    MADAME,
    MOVES,
    NOBLES,
    PENSION,
    RECRUIT,
    ROOMS_STEP,
    SCHREIBSTUBE,
    SUPPLY,
    TOR,
    parse_space,
)
from engine.games.palais_royal.catalog import CARDS as CARDS_STEP
from engine.games.palais_royal.events import SUPPLY as FROM_SUPPLY
from engine.games.palais_royal.scoring import final_scoring, row_counts, row_points
from engine.games.palais_royal.state import FREE
from engine.games.palais_royal.turn import gold_cost, mint_gold

from .helpers import BLACK, GREEN, RED, YELLOW, apply, at_step, find_noble, noble, play, playing, room


# -- Ehrenhof: "Red has 3 servants in the Ehrenhof: 3 onto the Tor, and 1 more with the majority" --


def test_ehrenhof_with_the_majority_puts_four_servants_on_the_tor():
    state = at_step(playing(rooms={"Eh": (3, 2, 0, 0)}), SUPPLY)
    assert state.gate_left == 4
    state = play(state, "+To", "+To", "+To", "+To")
    assert room(state, "To", RED) == 4 and state.supply[RED] == 4
    assert state.step > SUPPLY or state.turn != RED  # nothing is left of action 1


def test_ehrenhof_without_the_majority_puts_three():
    assert at_step(playing(rooms={"Eh": (3, 3, 0, 0)}), SUPPLY).gate_left == 3


# -- Treppenhaus: "Green has 4 servants there: up to 4 moves, 1 more with the majority" ----------


def test_treppenhaus_moves_and_the_count_does_not_change_when_servants_leave_it():
    state = at_step(playing(turn=GREEN, rooms={"Tr": (0, 0, 4, 1)}), MOVES)
    assert state.moves_left == 5
    # The first-game layout: Hi Ka Ko / Mu To Ma / Tr Eh Sc. A servant may go several rooms.
    state = play(state, "Tr>Mu", "Mu>To", "To>Ma", "Tr>Eh")
    assert state.moves_left == 1 and room(state, "Tr", GREEN) == 2
    state = play(state, "Tr>Mu")
    assert state.step > MOVES and room(state, "Ma", GREEN) == 1 and room(state, "Mu", GREEN) == 1


def test_unused_moves_lapse():
    state = at_step(playing(rooms={"Tr": (3, 0, 0, 0), "Mu": (1, 0, 0, 0)}), MOVES)
    state, _ = apply(state, Done())
    assert state.moves_left == 0 and state.step > MOVES


# -- Münzerei: "Yellow has 2 servants: 2 gold, and 1 more with the majority" -------------------


def test_muenzerei_pays_a_coin_per_servant_and_one_for_the_majority():
    state = at_step(playing(turn=YELLOW, rooms={"Mu": (0, 2, 1, 0)}), ROOMS_STEP)
    assert mint_gold(state, YELLOW) == 3
    gold = state.gold[YELLOW]
    state, _ = apply(state, Mint())
    assert state.gold[YELLOW] == gold + 3
    state = at_step(playing(turn=YELLOW, rooms={"Mu": (0, 2, 2, 0)}), ROOMS_STEP)
    assert mint_gold(state, YELLOW) == 2


# -- King and Madame: "Yellow has 2 with the King and 3 with Madame, the majority in both" -------


def test_king_and_madame_majorities_bring_one_more_servant_each():
    state = at_step(
        playing(turn=YELLOW, rooms={"Ko": (1, 2, 0, 0), "Ma": (2, 3, 0, 0), "Sc": (0, 1, 0, 0)}), ROOMS_STEP
    )
    assert state.king_left == 1 and state.madame_left == 1
    state = play(state, "+Ko", "+Ma")
    assert room(state, "Ko", YELLOW) == 3 and room(state, "Ma", YELLOW) == 4  # 3 turquoise, 4 violet seals


# -- Schreibstube: "Yellow has 2 servants there: up to 2 recruits" ----------------------------


def test_each_schreibstube_servant_allows_one_recruit():
    cheap = [n.index for n in NOBLES if n.king + n.madame <= 1][:3]
    state = playing(
        turn=YELLOW,
        rooms={"Sc": (0, 2, 0, 0), "Ko": (0, 3, 0, 0), "Ma": (0, 3, 0, 0)},
        park={"c3": cheap[0], "d3": cheap[1], "c4": cheap[2]},
        gold=(0, 30, 0, 0),
        bank=3,
    )
    state = at_step(state, RECRUIT)
    state = play(state, "c3", "d3")
    assert room(state, "Sc", YELLOW) == 0
    assert state.park[parse_space("c4")] == cheap[2]
    assert not any(isinstance(a, Recruit) for a in GAME.legal_actions(state, YELLOW))
    assert len(state.nobles[YELLOW]) == 2


# -- Recruiting: the 4-gold noble with 2 turquoise seals, +2 gold every turn, 3 points ----------


def test_recruiting_the_printed_gold_noble():
    toulouse = find_noble(gold=4, king=2, madame=0, benefit="gold2")
    assert NOBLES[toulouse].published and NOBLES[toulouse].points == 3
    state = playing(
        rooms={"Sc": (1, 0, 0, 0), "Ko": (2, 0, 0, 0), "Mu": (1, 0, 0, 0)}, park={"c3": toulouse}, gold=(5, 1, 2, 3)
    )
    state = at_step(state, RECRUIT)
    supply = state.supply[RED]
    state, events = apply(state, Recruit(parse_space("c3")))
    assert state.gold[RED] == 1 and room(state, "Ko", RED) == 0 and room(state, "Sc", RED) == 0
    assert state.supply[RED] == supply + 3
    assert state.nobles[RED] == (toulouse,)
    # From then on, the Münzerei pays 2 more every turn.
    nxt = at_step(replace(state, step=0, minted=False), ROOMS_STEP)
    assert mint_gold(nxt, RED) == 1 + 1 + 2


def test_the_printed_points_noble():
    anjou = noble("Duc d'Anjou")
    assert (NOBLES[anjou].gold, NOBLES[anjou].king, NOBLES[anjou].madame, NOBLES[anjou].points) == (6, 1, 1, 6)
    assert NOBLES[anjou].face_down


# -- Gold discount: example 1 (6 gold less 3 free neighbours = 3), example 2 (decorations) -------


def test_example_1_three_free_neighbours_take_three_gold_off():
    anjou = noble("Duc d'Anjou")
    state = playing(park={"c3": anjou})
    for free in ("b2", "c2", "d4"):
        state = replace(state, park=tuple(FREE if i == parse_space(free) else n for i, n in enumerate(state.park)))
    assert gold_cost(state.park, parse_space("c3")) == 3


def test_example_2_decorations_break_adjacency():
    """a3 has a lion above it and a statue to its right: of the three free spaces around it only the
    diagonal one counts, so the 6-gold noble costs 5."""
    anjou = noble("Duc d'Anjou")
    state = playing(park={"a3": anjou})
    for free in ("a2", "b3", "b2"):
        state = replace(state, park=tuple(FREE if i == parse_space(free) else n for i, n in enumerate(state.park)))
    assert gold_cost(state.park, parse_space("a3")) == 5


def test_the_discount_never_goes_below_zero():
    cheap = find_noble(gold=1, benefit="")
    state = playing(park={"c3": cheap}, full_park=False)
    assert gold_cost(state.park, parse_space("c3")) == 0


def test_a_border_servant_counts_as_a_free_space():
    anjou = noble("Duc d'Anjou")
    state = playing(park={"b2": anjou})
    state = replace(
        state,
        park=tuple(FREE if i == parse_space("a1") else n for i, n in enumerate(state.park)),
        marks=tuple(RED if i == parse_space("a1") else m for i, m in enumerate(state.marks)),
    )
    assert gold_cost(state.park, parse_space("b2")) == 5


# -- Hintereingang: "Green has 3 servants there, draws 3, keeps 2, takes 2 servants back" ----------


def test_hintereingang_draw_three_keep_two():
    state = playing(turn=GREEN, rooms={"Hi": (0, 0, 3, 0)}, deck=(PENSION, HONOUR4, 0, 1, 2))
    state = at_step(state, CARDS_STEP)
    supply = state.supply[GREEN]
    state, _ = apply(state, Draw())
    assert state.drawn == (PENSION, HONOUR4, 0) and state.deck == (1, 2)
    state, _ = apply(state, Keep(PENSION))
    state, _ = apply(state, Keep(HONOUR4))
    state, _ = apply(state, Done())
    assert sorted(state.hands[GREEN]) == sorted([PENSION, HONOUR4])
    assert room(state, "Hi", GREEN) == 1 and state.supply[GREEN] == supply + 2
    assert state.discard[-1:] == (0,)


# -- The Kardinal: Red 2, Yellow 1, Black 1, Green 0 there --------------------------------------

KARDINAL = (2, 1, 0, 1)


def test_kardinal_case_1_red_breaks_the_tie_on_the_treppenhaus():
    state = at_step(playing(turn=RED, rooms={"Ka": KARDINAL, "Tr": (3, 3, 0, 0)}), MOVES)
    assert state.moves_left == 4


def test_kardinal_case_2_no_majority_in_the_muenzerei_no_help_from_the_kardinal():
    state = at_step(playing(turn=RED, rooms={"Ka": KARDINAL, "Mu": (2, 3, 0, 0), "Sc": (1, 0, 0, 0)}), ROOMS_STEP)
    assert mint_gold(state, RED) == 2


def test_kardinal_case_3_yellow_beats_green_at_madame():
    state = at_step(playing(turn=YELLOW, rooms={"Ka": KARDINAL, "Ma": (1, 2, 2, 0)}), ROOMS_STEP)
    assert state.madame_left == 1
    state, _ = apply(state, Bring(MADAME, FROM_SUPPLY))
    assert room(state, "Ma", YELLOW) == 3


def test_kardinal_case_4_a_tie_at_the_kardinal_too_gives_no_bonus():
    state = at_step(playing(turn=YELLOW, rooms={"Ka": KARDINAL, "Eh": (0, 2, 0, 2)}), SUPPLY)
    assert state.gate_left == 2


# -- Park rows: the lion row and the vase row ---------------------------------------------------


def _marks(**by_space: int) -> tuple[int, ...]:
    marks = [FREE] * 36
    for name, seat in by_space.items():
        marks[parse_space(name)] = seat
    return tuple(marks)


def test_lion_row_red_first_black_second_green_nothing():
    # Lion row = column a. a2 counts double.
    marks = _marks(a2=RED, a4=RED, a3=BLACK, a5=BLACK, a1=GREEN)
    counts = row_counts(marks, tuple(parse_space(f"a{r}") for r in range(1, 7)))
    assert counts == {RED: 3, BLACK: 2, GREEN: 1}
    assert row_points(counts) == {RED: 6, BLACK: 2}


def test_vase_row_a_tie_for_first_pays_two_each():
    # Vase row = row 6. a6 is the corner (lion and vase rows), e6 counts double.
    marks = _marks(a6=BLACK, b6=BLACK, c6=BLACK, e6=GREEN, f6=GREEN, d6=RED)
    counts = row_counts(marks, tuple(parse_space(f"{c}6") for c in "abcdef"))
    assert counts == {BLACK: 3, GREEN: 3, RED: 1}
    assert row_points(counts) == {BLACK: 2, GREEN: 2}
    lion = row_counts(marks, tuple(parse_space(f"a{r}") for r in range(1, 7)))
    assert lion == {BLACK: 1}  # the corner counts for the lion row as well


def test_a_tie_for_second_pays_nothing():
    assert row_points({RED: 4, BLACK: 2, GREEN: 2}) == {RED: 6}


# -- Red's 53 points: nobles 41, 2 unplayed cards, a played 4-point card, 6 in the park ----------


def test_reds_53_points():
    # Nobles worth 41 points.
    picked, total = [], 0
    for n in sorted(NOBLES, key=lambda n: -n.points):
        if total + n.points <= 41:
            picked.append(n.index)
            total += n.points
    assert total == 41
    state = playing(
        nobles=(tuple(picked), (), (), ()),
        hands=((PENSION, 0), (), (), ()),
        honours=((HONOUR4,), (), (), ()),
        marks=_marks(a3=RED, a4=RED),
    )
    ended = final_scoring(state)
    assert (ended.nobles[RED], ended.hands[RED], ended.played[RED], ended.park[RED]) == (41, 2, 4, 6)
    assert ended.totals[RED] == 53 and ended.winners == (RED,)


def test_wrong_step_actions_are_refused_with_a_reason():
    import pytest

    from engine.core.errors import IllegalMove

    state = at_step(playing(rooms={"Tr": (3, 0, 0, 0)}), MOVES)
    with pytest.raises(IllegalMove, match="action 3"):
        GAME.decide(state, RED, Mint(), None)
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.decide(state, YELLOW, Done(), None)
    with pytest.raises(IllegalMove):
        GAME.decide(state, RED, "Tr>Mu", None)
    with pytest.raises(IllegalMove):
        GAME.decide(state, RED, Bring(TOR, 99), None)
    assert KOENIG != SCHREIBSTUBE
