"""Notation round trips, the move list, refusals of unreadable text, and the bots."""

from __future__ import annotations

import random

import pytest

from engine.core import GameConfig, Match, Seat
from engine.core.errors import UnreadableMove
from engine.core.selfplay import game_seed, play_out
from engine.games.palais_royal import GAME, Bring, Done, Move, PlayCard, Recruit
from engine.games.palais_royal.catalog import MADAME, MOVES, MUENZEREI, PENSION, TOR, TREPPENHAUS, parse_space
from engine.games.palais_royal.events import SUPPLY as FROM_SUPPLY
from engine.games.palais_royal.events import CardKept, CardsDrawn, NobleRecruited

from .helpers import RED, at_step, find_noble, playing
from .test_properties import play_random


def test_every_legal_action_round_trips_through_notation_along_random_games():
    for seed in range(12):
        config, _, events = play_random(seed, 2 + seed % 3, check=False)
        state = GAME.initial_state(config)
        for ev in events:
            state = GAME.evolve(state, ev)
            for seat in GAME.to_act(state):
                for action in GAME.legal_actions(state, seat):
                    text = GAME.format_action(state, seat, action)
                    assert GAME.parse_action(state, seat, text) == action, text


@pytest.mark.parametrize(
    "text,action",
    [
        ("Tr>Mu", Move(TREPPENHAUS, MUENZEREI)),
        ("treppenhaus > münzerei", Move(TREPPENHAUS, MUENZEREI)),
        ("+to", Bring(TOR, FROM_SUPPLY)),
        ("+Ma<Mu", Bring(MADAME, MUENZEREI)),
        ("c4", Recruit(parse_space("c4"))),
        ("a4<Mu", Recruit(parse_space("a4"), source=MUENZEREI)),
        ("a4", Recruit(parse_space("a4"), source=FROM_SUPPLY)),
        ("c4*KM", Recruit(parse_space("c4"), 1, 1)),
        ("play royal pension", PlayCard(PENSION)),
        ("next", Done()),
    ],
)
def test_typed_moves(text, action):
    state = at_step(playing(rooms={"Tr": (1, 0, 0, 0)}), MOVES)
    assert GAME.parse_action(state, RED, text) == action


@pytest.mark.parametrize("text", ["", "Xx>Mu", "play Joker", "g7", "c4*Q", "hello"])
def test_unreadable_text_is_refused_with_a_hint(text):
    with pytest.raises(UnreadableMove):
        GAME.parse_action(playing(), RED, text)


def test_the_move_list_keeps_drawn_cards_and_face_down_nobles_secret():
    _, state, events = play_random(2, 3, check=False)
    before = GAME.initial_state(GameConfig(3))
    lines = []
    for ev in events:
        line = GAME.describe(before, ev, ["Ann", "Bob", "Cy"])
        before = GAME.evolve(before, ev)
        if isinstance(ev, (CardsDrawn, CardKept)):
            assert "Pen" not in line and "Ho" not in line
        if isinstance(ev, NobleRecruited) and find_noble(benefit="") is not None:
            lines.append(line)
    assert lines and all(" for " in line for line in lines)
    assert GAME.describe(before, events[-1], ["Ann", "Bob", "Cy"]).startswith("game over")


def test_greedy_beats_random():
    wins = 0
    for i in range(6):
        levels = ["random", "random"]
        levels[i % 2] = "greedy"
        match = play_out(GAME, 2, levels, game_seed(3, i))
        wins += (i % 2) in match.result.winners
    assert wins >= 5


def test_bots_play_every_player_count_from_the_view_alone():
    for players in (3, 4):
        match = play_out(GAME, players, ["greedy"] * players, seed=players)
        assert match.finished


def test_greedy_takes_the_obvious_recruit():
    n = find_noble(gold=6, king=1, madame=1, benefit="")
    state = at_step(
        playing(rooms={"Sc": (1, 0, 0, 0), "Ko": (1, 0, 0, 0), "Ma": (1, 0, 0, 0)}, park={"c3": n}, gold=(9, 0, 0, 0)),
        4,
    )
    legal = list(GAME.legal_actions(state, RED))
    choice = GAME.make_bot("greedy").choose(GAME.view(state, RED), legal, random.Random(0))
    assert isinstance(choice, Recruit)


def test_a_match_plays_from_typed_notation():
    match = Match.new(GAME, GameConfig(2), [Seat("A"), Seat("B")], seed=5, durable=False)
    first = match.state.turn
    for _ in range(5):
        match.play(first, "+Sc")
    assert match.state.rooms[6][first] == 5 and match.state.turn != first


def test_docstring_examples_run():
    import doctest

    from engine.games.palais_royal import catalog, notation, scoring

    for module in (catalog, notation, scoring):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_reveals_and_boundaries():
    from engine.games.palais_royal.events import (
        CardPlayed,
        DeckReshuffled,
        GameSetUp,
        ServantMoved,
        StepBegan,
        TurnBegan,
    )

    assert GAME.reveals(CardsDrawn(0, (1, 2))) and GAME.reveals(CardPlayed(0, 1))
    assert GAME.reveals(DeckReshuffled((1,))) and GAME.reveals(GameSetUp(0, (), (), (), ()))
    assert not GAME.reveals(ServantMoved(0, 2, 3)) and not GAME.reveals(CardKept(0, 1))
    assert GAME.boundary(TurnBegan(0, 2, False, True)) == "round"
    assert GAME.boundary(TurnBegan(1, 2, False, False)) == "turn"
    assert GAME.boundary(StepBegan(0, 2)) is None


def test_every_event_of_a_game_has_a_line_or_is_bookkeeping():
    from engine.games.palais_royal.events import StepBegan, TurnBegan

    _, _, events = play_random(7, 4, check=False)
    state = GAME.initial_state(GameConfig(4))
    for ev in events:
        line = GAME.describe(state, ev, ["A", "B", "C", "D"])
        state = GAME.evolve(state, ev)
        assert line is not None or isinstance(ev, (StepBegan, TurnBegan))


def test_a_step_passed_over_is_named_with_why_in_the_move_list():
    """Issue 31: a step with nothing to do vanished from the step bar unexplained (the Nobles
    step of a player with nobody in the Writing Room, the Cards step without the Back Door)."""
    from engine.games.palais_royal.catalog import CARDS, HINTEREINGANG, RECRUIT, SCHREIBSTUBE, STEP_NAMES
    from engine.games.palais_royal.events import StepBegan, TurnBegan
    from engine.games.palais_royal.state import PLAYING
    from engine.games.palais_royal.turn import has_work

    seen: set[object] = set()
    for seed in range(12):
        _, _, events = play_random(seed, 3, check=False)
        state = GAME.initial_state(GameConfig(3))
        for ev in events:
            line = GAME.describe(state, ev, ["Ann", "Bob", "Cy"]) or ""
            if state.phase == PLAYING and isinstance(ev, (StepBegan, TurnBegan)):
                last = ev.step if isinstance(ev, StepBegan) else CARDS + 1
                jumped = range(max(state.step + 1, 1), last)
                for step in jumped:
                    name = STEP_NAMES[step].split(", ")[1]
                    assert f"{name} (" in line, (step, line)
                    seen.add(step)
                if jumped:
                    assert line.startswith(f"{['Ann', 'Bob', 'Cy'][state.turn]} passed over: "), line
                if "Nobles (nobody in the Writing Room)" in line:
                    assert state.count(SCHREIBSTUBE, state.turn) == 0
                if "Cards (nobody at the Back Door)" in line:
                    assert state.count(HINTEREINGANG, state.turn) == 0
                ended_early = state.step == RECRUIT and state.count(SCHREIBSTUBE, state.turn) > 0
                if ended_early and not jumped and not has_work(state):  # recruited, no other in reach
                    assert "Nobles (no other noble affordable)" in line, line
                    seen.add("ended early")
            state = GAME.evolve(state, ev)
    assert {RECRUIT, CARDS, "ended early"} <= seen, seen
