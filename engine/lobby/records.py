"""The lobby's records: a table (its game, seats and stand-in rule) and the line of the list
one player sees for it."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass
class SeatRecord:
    kind: str = "human"  # "human" or "bot:<level>"
    player: str | None = None  # the account sitting here (or the name invited here)
    joined: bool = False  # False while only invited
    away_since: str | None = None  # when the player was last seen at the table (if not there now)
    stand_in: bool = False  # a bot plays this seat until its player comes back

    @property
    def is_open(self) -> bool:
        return self.kind == "human" and self.player is None

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")


@dataclass
class TableRecord:
    id: str
    game: str
    creator: str
    created: str
    seats: list[SeatRecord]
    status: str = "waiting"  # waiting, playing, finished, damaged
    message: str = ""  # why a damaged table cannot be opened
    stand_in_after: float | None = None  # seconds a player may be away before a bot plays for them
    stand_in_level: str = ""  # that bot's level
    lines: int = 0  # how many lines its log has in the store
    to_act: str = ""  # whose turn it is: seat numbers, comma-separated (for the list)

    @property
    def path_name(self) -> str:
        return f"{self.id}.jsonl"

    def seat_of(self, name: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.player == name and s.joined), None)

    def invited(self, name: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.player == name and not s.joined), None)

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.is_open), None)

    def seat_name(self, i: int) -> str:
        s = self.seats[i]
        if s.is_bot:
            return f"{s.kind[4:].capitalize()} bot {i + 1}"
        return s.player or f"(open seat {i + 1})"

    def shown_name(self, i: int) -> str:
        """The seat's name in the lobby: a stand-in says so."""
        return self.seat_name(i) + (" (a bot for now)" if self.seats[i].stand_in else "")

    @property
    def to_act_seats(self) -> tuple[int, ...]:
        return tuple(int(s) for s in self.to_act.split(",") if s)

    @classmethod
    def from_json(cls, data: dict) -> TableRecord:
        """From the store's row (or an old ``tables.json`` item)."""
        data = dict(data)
        seats = [
            SeatRecord(s["kind"], s["player"], bool(s["joined"]), s["away_since"], bool(s["stand_in"]))
            for s in data.pop("seats")
        ]
        return cls(seats=seats, **data)

    def to_json(self) -> dict:
        """The store's row."""
        out = asdict(self)
        for s in out["seats"]:
            s["joined"], s["stand_in"] = int(s["joined"]), int(s["stand_in"])
        return out


@dataclass(frozen=True)
class TableSummary:
    """One line of the lobby as one player sees it."""

    id: str
    title: str
    status: str
    seats: tuple[str, ...]  # a name per seat ("(open seat 2)", "Greedy bot 3")
    free: int
    bots: int
    watchers: int
    to_act: tuple[str, ...]  # whose turn it is, by name
    your_seat: int | None  # the viewer's seat, if they sit here
    invited: bool  # the viewer is invited to a seat here
    your_turn: bool

    @property
    def yours(self) -> bool:
        return self.your_seat is not None or self.invited
