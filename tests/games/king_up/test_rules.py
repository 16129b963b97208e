"""Every rule of the King Up! summary card (seed 004) and the facts page, one test each."""

from __future__ import annotations

import random

import attrs
import pytest

from engine.core import IllegalAction
from engine.games.king_up import GAME, Climb, Pass, Place, Vote
from engine.games.king_up.catalog import CANDIDATES, ELIMINATED, GOAL_CARDS, OFF_BOARD, THRONE
from engine.games.king_up.events import (
    CandidateEliminated,
    ClimbBegan,
    GameEnded,
    KingElected,
    RoundScored,
    RoundStarted,
    VoteCalled,
)
from engine.games.king_up.state import CLIMBING, OVER, PLACING, VOTING

from .helpers import apply, climbing, fig, fresh


def test_setup_deals_distinct_secret_goals_and_the_vote_cards():
    state = fresh(players=4)
    assert state.phase == PLACING and state.round == 1
    assert len(set(state.goals)) == 4
    assert state.no_cards == (3, 3, 3, 3)  # 4 players: one YES and three NO each
    assert all(fl == OFF_BOARD for fl in state.floors)


@pytest.mark.parametrize("players,each", [(3, 4), (4, 3), (5, 2), (6, 2)])
def test_placement_quota_then_the_rest_go_to_the_ground_floor(players, each):
    state = fresh(players)
    rng = random.Random(players)
    events = []
    while state.phase == PLACING:
        seat = state.turn
        action = rng.choice(list(GAME.legal_actions(state, seat)))
        state, events = apply(state, seat, action)
    assert isinstance(events[-1], ClimbBegan)
    assert sum(1 for fl in state.floors if 1 <= fl <= 4) == players * each
    assert sum(1 for fl in state.floors if fl == 0) == 13 - players * each
    assert state.phase == CLIMBING and state.turn == state.start_player


def test_placing_goes_round_the_table_from_the_start_player():
    state = fresh(players=4, start=2)
    order = []
    for i, initial in enumerate("ABCDE"):
        order.append(state.turn)
        state, _ = apply(state, state.turn, Place(fig(initial), 1 + i % 4))
    assert order == [2, 3, 0, 1, 2]


def test_placing_only_on_floors_one_to_four():
    state = fresh()
    for floor in (0, 5, THRONE):
        with pytest.raises(IllegalAction, match="floors 1 to 4"):
            GAME.decide(state, 0, Place(fig("A"), floor), random.Random())


def test_a_floor_holds_at_most_four_figures_while_placing():
    state = fresh(players=3)
    for initial in "ABCD":
        state, _ = apply(state, state.turn, Place(fig(initial), 2))
    with pytest.raises(IllegalAction, match="floor 2 already holds four"):
        GAME.decide(state, state.turn, Place(fig("E"), 2), random.Random())
    assert all(a.floor != 2 for a in GAME.legal_actions(state, state.turn))


def test_a_figure_is_placed_only_once():
    state = fresh()
    state, _ = apply(state, 0, Place(fig("M"), 3))
    with pytest.raises(IllegalAction, match="already in the castle"):
        GAME.decide(state, 1, Place(fig("M"), 1), random.Random())


def test_climbing_moves_one_figure_up_one_floor():
    state = climbing(floors={"A": 2})
    state, events = apply(state, 0, Climb(fig("A")))
    assert state.floors[fig("A")] == 3 and state.turn == 1


def test_climbing_never_into_a_full_floor():
    state = climbing(floors={"A": 2, "B": 3, "C": 3, "D": 3, "E": 3})
    with pytest.raises(IllegalAction, match="floor 3 is full"):
        GAME.decide(state, 0, Climb(fig("A")), random.Random())
    assert Climb(fig("A")) not in list(GAME.legal_actions(state, 0))


def test_the_ground_floor_has_no_limit():
    state = climbing(floors={})  # all thirteen on floor 0
    assert sum(1 for fl in state.floors if fl == 0) == 13
    assert len(list(GAME.legal_actions(state, 0))) == 13


def test_nothing_happens_when_no_figure_can_move():
    # Everyone left is out of the game: the only move is to pass.
    state = climbing(floors={})
    state = attrs.evolve(state, floors=(ELIMINATED,) * 13)
    assert list(GAME.legal_actions(state, 0)) == [Pass()]
    state, events = apply(state, 0, Pass())
    assert state.turn == 1
    with pytest.raises(IllegalAction, match="only pass"):
        GAME.decide(climbing(floors={"A": 1}), 0, Pass(), random.Random())


def test_reaching_the_throne_calls_a_vote_and_the_crown_goes_to_the_mover():
    state = climbing(floors={"A": 5}, turn=1)
    state, events = apply(state, 1, Climb(fig("A")))
    assert events[-1] == VoteCalled(fig("A"), 1)
    assert state.phase == VOTING and state.crown == 1 and state.on_throne == fig("A")
    assert GAME.to_act(state) == {0, 1, 2}  # every player votes, the mover too


def _vote_all(state, votes):
    events = []
    for seat, yes in enumerate(votes):
        state, ev = apply(state, seat, Vote(yes))
        events += ev
    return state, events


def test_only_yes_cards_elect_the_king_and_end_the_round():
    state = climbing(floors={"A": 5, "B": 4}, turn=1)
    state, _ = apply(state, 1, Climb(fig("A")))
    state, events = _vote_all(state, [True, True, True])
    assert KingElected(fig("A")) in events
    assert any(isinstance(e, RoundScored) for e in events)
    started = events[-1]
    assert isinstance(started, RoundStarted) and started.round == 2
    assert started.start_player == 2  # the player left of the king's maker (seat 1) begins
    assert state.phase == PLACING and all(fl == OFF_BOARD for fl in state.floors)
    assert state.no_cards == (4, 4, 4)  # vote cards back in hand


def test_one_no_card_sends_the_candidate_out_and_the_no_card_is_spent():
    state = climbing(floors={"A": 5}, turn=1)
    state, _ = apply(state, 1, Climb(fig("A")))
    state, events = _vote_all(state, [True, False, True])
    assert any(isinstance(e, CandidateEliminated) for e in events)
    assert state.floors[fig("A")] == ELIMINATED
    assert state.no_cards == (4, 3, 4)  # YES returns to hand, the NO is gone for the round
    assert state.phase == CLIMBING


def test_after_a_failed_vote_without_a_king_the_player_left_of_the_start_player_moves():
    state = climbing(floors={"A": 5}, turn=2)
    state = attrs.evolve(state, first_player=1, start_player=1)
    state, _ = apply(state, 2, Climb(fig("A")))
    state, _ = _vote_all(state, [False, True, True])
    assert state.turn == 2  # left of start player 1


def test_after_a_failed_vote_the_player_left_of_the_old_king_moves():
    state = climbing(floors={"A": 5}, turn=0, king_maker=2, crown=2)
    state, _ = apply(state, 0, Climb(fig("A")))
    assert state.crown == 0
    state, _ = _vote_all(state, [False, True, True])
    assert state.turn == 0  # left of seat 2, the old king
    assert state.crown == 2  # the crown goes back to the old king


def test_no_card_cannot_be_played_when_none_is_left():
    state = climbing(floors={"A": 5}, turn=0)
    state = attrs.evolve(state, no_cards=(0, 4, 4))
    state, _ = apply(state, 0, Climb(fig("A")))
    assert list(GAME.legal_actions(state, 0)) == [Vote(True)]
    with pytest.raises(IllegalAction, match="must vote YES"):
        GAME.decide(state, 0, Vote(False), random.Random())


def test_a_seat_votes_once():
    state = climbing(floors={"A": 5}, turn=0)
    state, _ = apply(state, 0, Climb(fig("A")))
    state, _ = apply(state, 0, Vote(True))
    with pytest.raises(IllegalAction):
        GAME.decide(state, 0, Vote(False), random.Random())


def _goal_with(*initials):
    wanted = {fig(i) for i in initials}
    return next(i for i, card in enumerate(GOAL_CARDS) if wanted <= set(card))


def test_round_scoring_counts_floors_and_ten_for_the_king():
    goal = _goal_with("A")
    card = GOAL_CARDS[goal]
    floors = {CANDIDATES[f].initial: lvl for f, lvl in zip(card, (5, 4, 3, 2, 1, 0))}
    state = climbing(floors=floors, turn=0)
    state = attrs.evolve(state, goals=(goal, goal, goal))
    a = fig("A")
    state = attrs.evolve(state, floors=tuple(5 if f == a else fl for f, fl in enumerate(state.floors)))
    expected = sum(state.floors[f] for f in card) - 5 + 10  # A on the throne scores 10 instead of 5
    state, _ = apply(state, 0, Climb(a))
    _, events = _vote_all(state, [True, True, True])
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points == (expected,) * 3


def test_an_eliminated_candidate_scores_nothing():
    goal = _goal_with("A", "B")
    state = climbing(floors={"A": 5, "B": 5}, turn=0)
    state = attrs.evolve(state, goals=(goal, goal, goal))
    state, _ = apply(state, 0, Climb(fig("A")))
    state, _ = _vote_all(state, [False, True, True])  # A is out
    state, _ = apply(state, state.turn, Climb(fig("B")))
    _, events = _vote_all(state, [True, True, True])
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points == (10, 10, 10)  # B is king; A, out, scores 0; the rest stand on the ground


def test_exactly_zero_in_round_three_scores_33_but_not_earlier():
    zero_goal = next(i for i, c in enumerate(GOAL_CARDS) if fig("A") not in c)
    for round_, expected in ((1, 0), (3, 33)):
        state = climbing(floors={"A": 5}, turn=0, round=round_)
        state = attrs.evolve(state, goals=(zero_goal,) * 3, scores=(0, 0, 0))
        state, _ = apply(state, 0, Climb(fig("A")))
        _, events = _vote_all(state, [True, True, True])
        scored = next(e for e in events if isinstance(e, RoundScored))
        assert scored.points == (expected,) * 3


def test_the_game_ends_after_three_rounds_with_the_most_points_winning():
    goal_a = _goal_with("A")
    other = next(i for i, c in enumerate(GOAL_CARDS) if fig("A") not in c)
    state = climbing(floors={"A": 5}, turn=0, round=3)
    state = attrs.evolve(state, goals=(goal_a, other, other), scores=(20, 20, 26))
    state, _ = apply(state, 0, Climb(fig("A")))
    state, events = _vote_all(state, [True, True, True])
    # Seat 0 scores 10 for the king; seats 1 and 2 score exactly 0, which in round 3 is 33.
    assert state.scores == (30, 53, 59)
    assert events[-1] == GameEnded((2,))
    assert state.phase == OVER and GAME.result(state).finished


def _tied_final(goal0: int, goal1: int, floors: dict[str, int]):
    state = climbing(floors=floors, turn=0, round=3)
    return attrs.evolve(state, goals=(goal0, goal1, goal1), scores=(40, 40, 0))


def test_tie_break_more_goal_candidates_still_in_the_castle():
    from engine.games.king_up.rules import _winners

    goal0 = 0
    goal1 = min(range(1, 26), key=lambda i: len(set(GOAL_CARDS[i]) & set(GOAL_CARDS[goal0])))
    all_of_0 = {CANDIDATES[f].initial: 1 for f in GOAL_CARDS[goal0]}
    one_of_1 = {CANDIDATES[GOAL_CARDS[goal1][0]].initial: 2}
    assert _winners(_tied_final(goal0, goal1, {**all_of_0, **one_of_1})) == (0,)
    # The ground floor does not count as standing in the castle; a full tie shares the win.
    assert _winners(_tied_final(goal0, goal1, {})) == (0, 1)


def test_new_rounds_deal_goal_cards_never_seen_before():
    state = fresh(players=6)
    used = set(state.goals)
    for r in (2, 3):
        ev = GAME.decide(
            attrs.evolve(climbing(players=6, floors={"A": 5}, turn=0), used_goals=frozenset(used), round=r - 1),
            0,
            Climb(fig("A")),
            random.Random(r),
        )
        assert isinstance(ev[-1], VoteCalled)
    from engine.games.king_up.rules import _deal_round

    dealt = _deal_round(attrs.evolve(state, used_goals=frozenset(range(20))), 2, 0, random.Random(3))
    assert set(dealt.goals) == set(range(20, 26))


def test_illegal_actions_have_reasons_a_player_understands():
    state = fresh()
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.decide(state, 1, Place(fig("A"), 1), random.Random())
    with pytest.raises(IllegalAction, match="after everyone has placed"):
        GAME.decide(state, 0, Climb(fig("A")), random.Random())
    with pytest.raises(IllegalAction, match="no vote"):
        GAME.decide(state, 0, Vote(True), random.Random())
