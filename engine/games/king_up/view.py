"""What one seat may see of a King Up! position."""

from __future__ import annotations

import attrs

from .catalog import GOAL_CARDS, POINTS
from .state import OVER, VOTING, KingUpState, LastMove, last_moves, to_act


@attrs.frozen
class KingUpView:
    seat: int | None
    players: int
    round: int
    phase: str
    start_player: int
    to_act: frozenset[int]
    floors: tuple[int, ...]  # public: where every figure stands
    crown: int | None
    on_throne: int | None
    king: int | None
    vote_cards: tuple[int, ...]  # how many cards each seat holds (the YES and its NOs left), never which
    voted: tuple[bool, ...]  # who has chosen a card in the current vote
    last_votes: tuple[bool, ...] | None  # the cards of the last vote, once revealed
    scores: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]
    revealed_goals: tuple[tuple[tuple[int, ...], ...], ...]  # per scored round, every seat's goal card
    winners: tuple[int, ...]
    last_moves: tuple[LastMove | None, ...]  # per seat, this round; a vote is secret and no move
    my_goal: tuple[int, ...] | None = None  # the six candidates on this seat's secret card
    my_vote: bool | None = None
    my_no_cards: int | None = None

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def goal_score(self) -> int:
        """This seat's goal card valued at the figures' current floors (0 for a spectator)."""
        return sum(POINTS[self.floors[f]] for f in self.my_goal or ())


def make_view(state: KingUpState, seat: int | None) -> KingUpView:
    voting = state.phase == VOTING
    me = seat if seat is not None and 0 <= seat < state.players and state.goals else None  # a player, not a watcher
    revealed = tuple(tuple(GOAL_CARDS[g] for g in goals) for goals in state.round_goals)
    return KingUpView(
        seat=seat,
        players=state.players,
        round=state.round,
        phase=state.phase,
        start_player=state.start_player,
        to_act=to_act(state),
        floors=state.floors,
        crown=state.crown,
        on_throne=state.on_throne,
        king=state.king,
        vote_cards=tuple(1 + n for n in state.no_cards),
        voted=tuple(v is not None for v in state.votes) if voting else (False,) * state.players,
        last_votes=state.last_votes,
        scores=state.scores or (0,) * state.players,
        round_points=state.round_points,
        revealed_goals=revealed,
        winners=state.winners,
        last_moves=last_moves(state.moves, state.players),
        my_goal=GOAL_CARDS[state.goals[me]] if me is not None else None,
        my_vote=state.votes[me] if me is not None and voting else None,
        my_no_cards=state.no_cards[me] if me is not None else None,
    )
