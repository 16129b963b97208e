"""Move-list English when a seat is named "You" (issue 9 item 9: "You scores", "You gets")."""

from __future__ import annotations

import random

from engine.core import GameConfig
from engine.core.game import rng_for, secret_from
from engine.core.words import joined, says, whom, whose
from engine.games import get_game


def test_a_verb_agrees_with_you_and_with_several_names():
    assert says("Ann", "scores 4") == "Ann scores 4"
    assert says("You", "scores 4") == "You score 4"
    assert says("You", "catches a thief") == "You catch a thief"
    assert says("You", "has 3") == "You have 3"
    assert says(joined(["Ann", "You"]), "wins") == "Ann and You win"
    assert joined(["Ann", "Ben", "Cid"]) == "Ann, Ben and Cid"
    assert (whose("You"), whose("Ann"), whom("You"), whom("Ann")) == ("Your", "Ann's", "you", "Ann")


def _lines(game_id: str, players: int, seed: int) -> list[str]:
    """Every move-list line of a random game whose first seat is named You."""
    game, rng = get_game(game_id), random.Random(seed)
    config = GameConfig(players)
    state = game.initial_state(config)
    names = ["You"] + [f"Bot {i}" for i in range(1, players)]
    lines, events = [], list(game.setup(config, rng_for(secret_from(seed), 0)))
    for ev in events:
        state = game.evolve(state, ev)
    while not game.result(state).finished and len(events) < 3000:
        seat = min(game.to_act(state))
        action = rng.choice(list(game.legal_actions(state, seat)))
        for ev in game.decide(state, seat, action, rng_for(secret_from(seed), len(events))):
            line = game.describe(state, ev, names)
            lines.append(line or "")
            state = game.evolve(state, ev)
            events.append(ev)
    return lines


WRONG = (
    "You scores",
    "You gets",
    "You takes",
    "You steals",
    "You's",
    "You plays",
    "You wins",
    "You starts",
    "from You",
)


def test_no_move_list_line_says_you_scores_or_you_s():
    for game_id, seeds, right in (("carcassonne-castle", (3, 5), "You score"), ("castle-builder", (1, 2), "You get")):
        text = "\n".join(line for seed in seeds for line in _lines(game_id, 2, seed))
        assert right in text, game_id
        assert [w for w in WRONG if w in text] == [], game_id


def test_a_verb_agrees_with_its_subject_even_before_a_mark_and_with_one_name():
    """Issue 31: Castle Builder said "You starts; barons on …" and "Highest tower: Brunhild get tiles"."""
    from engine.games.castle_builder.events import EffectResolved, GameSetUp

    game = get_game("castle-builder")
    before = game.initial_state(GameConfig(2))
    names = ["You", "Brunhild"]
    assert says("You", "starts; barons on spaces 1–2") == "You start; barons on spaces 1–2"
    assert game.describe(before, GameSetUp(0, (), ()), names) == "You start; barons on spaces 1–2"
    assert game.describe(before, GameSetUp(1, (), ()), names) == "Brunhild starts; barons on spaces 1–2"
    assert game.describe(before, EffectResolved(0, "tower", (1,)), names).endswith("Brunhild gets tiles")
    assert game.describe(before, EffectResolved(0, "tower", (0,)), names).endswith("You get tiles")
    assert game.describe(before, EffectResolved(0, "tower", (1, 0)), names).endswith("Brunhild and You get tiles")
