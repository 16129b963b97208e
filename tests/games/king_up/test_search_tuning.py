"""The King Up! search's own helpers: the rollout move read from the state plays as the greedy bot,
the determinizer reads the others' goal cards from the castle and the votes, and the evaluation
expects high candidates to be voted out while the NO cards last."""

from __future__ import annotations

import math
import random

import attrs

from engine.core.game import GameConfig
from engine.games.king_up import GAME
from engine.games.king_up.bots import GreedyBot, greedy_move
from engine.games.king_up.catalog import ELIMINATED, GOAL_CARDS
from engine.games.king_up.determinize import GOAL_INDEX, card_weights
from engine.games.king_up.evaluate import expected_worth
from engine.games.king_up.state import VOTING

from .helpers import NO_CARDS, climbing, fig


def _set_up(players: int, rng: random.Random):
    """A new game's state once its set-up is dealt."""
    state = GAME.initial_state(GameConfig(players))
    for ev in GAME.setup(GameConfig(players), rng):
        state = GAME.evolve(state, ev)
    return state


def random_positions(games: int, players: int, seed: int):
    rng = random.Random(seed)
    for _ in range(games):
        state = _set_up(players, rng)
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            legal = list(GAME.legal_actions(state, seat))
            yield state, seat, legal
            for ev in GAME.decide(state, seat, legal[rng.randrange(len(legal))], rng):
                state = GAME.evolve(state, ev)


def test_the_rollout_move_is_one_the_greedy_bot_values_most():
    bot, rng, seen = GreedyBot(), random.Random(3), 0
    for players in (3, 4, 6):
        for state, seat, legal in random_positions(4, players, players):
            values = bot.values(GAME.view(state, seat), legal)
            move = greedy_move(state, seat, rng)
            assert move in legal
            assert values[legal.index(move)] == max(values), (state, seat, move)
            seen += 1
    assert seen > 500


def test_the_determinizer_draws_the_others_true_cards_more_often_than_a_uniform_draw():
    """Greedy players push their own candidates and vote NO on the others: over positions of
    greedy games, the card weights give the true cards clearly more than the uniform chance."""
    rng, gained, asked = random.Random(4), 0.0, 0
    bot = GreedyBot()
    for players in (4, 6):
        positions = list(_greedy_positions(6, players, rng))
        for state, observer in positions[::7]:
            view = GAME.view(state, observer)
            seen = {GOAL_INDEX[c] for r in view.revealed_goals for c in r} | {GOAL_INDEX[view.my_goal]}
            pool = [g for g in range(len(GOAL_CARDS)) if g not in seen]
            for s in range(players):
                if s != observer:
                    weights = card_weights(view, s, pool)
                    top = max(weights)
                    total = sum(math.exp(w - top) for w in weights)
                    chance = math.exp(weights[pool.index(state.goals[s])] - top) / total
                    gained += math.log(chance * len(pool))
                    asked += 1
    assert bot and asked > 200
    assert gained / asked > 0.4  # measured: about 1.0 at 4 players, 0.5 at 6


def test_a_seat_that_kept_its_no_cards_through_a_vote_is_drawn_with_that_candidate():
    """Seat 1 still holds all its NO cards after Merlino was voted out: it voted YES, so its card
    names Merlino (a greedy player says NO to every candidate not on its card)."""
    state = climbing(
        4,
        {"M": ELIMINATED, "A": 3, "B": 2},
        turn=0,
        no_cards=(NO_CARDS[4] - 1, NO_CARDS[4], NO_CARDS[4] - 1, NO_CARDS[4] - 1),
    )
    view = GAME.view(state, 0)
    drawn = [GAME.determinize(view, random.Random(i)).goals[1] for i in range(40)]
    assert all(fig("M") in GOAL_CARDS[g] for g in drawn)
    # seat 2 spent a NO: most likely on Merlino (a soft weight: a player need not be greedy)
    named = sum(fig("M") in GOAL_CARDS[GAME.determinize(view, random.Random(i)).goals[2]] for i in range(40))
    assert named <= 8


def _greedy_positions(games: int, players: int, rng: random.Random):
    for _ in range(games):
        state = _set_up(players, rng)
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            if len(state.round_goals) < state.round:
                yield state, rng.randrange(players)
            for ev in GAME.decide(state, seat, greedy_move(state, seat, rng), rng):
                state = GAME.evolve(state, ev)


def test_early_in_a_round_a_candidate_on_floor_5_is_worth_less_than_one_on_floor_3():
    """With every NO card still in hand, a candidate on floor 5 is soon pushed onto the throne and
    voted out; once the NO cards are spent it is the likely king."""
    early = climbing(4, {"A": 5, "B": 3}, no_cards=(NO_CARDS[4],) * 4)
    worth = expected_worth(early)
    assert worth[fig("A")] < worth[fig("B")]
    late = climbing(4, {"A": 5, "B": 3}, no_cards=(0, 0, 0, 1))
    worth = expected_worth(late)
    assert worth[fig("A")] > 5 > worth[fig("B")]


def test_during_a_vote_the_goal_cards_decide_it_as_greedy_players_vote():
    goals = tuple(GOAL_INDEX[card] for card in _cards_with(fig("A"), 4))
    base = attrs.evolve(
        climbing(4, {"A": 6, "B": 3}, goals=goals), phase=VOTING, on_throne=fig("A"), votes=(True, None, None, None)
    )
    assert expected_worth(base)[fig("A")] == 10  # on every card: crowned, the round ends
    refused = attrs.evolve(base, votes=(False, None, None, None))
    assert expected_worth(refused)[fig("A")] == 0


def _cards_with(figure: int, count: int) -> list[tuple[int, ...]]:
    return [card for card in GOAL_CARDS if figure in card][:count]
