"""The event codec: stable names, versions, upcasting, and refusing what it cannot read."""

from __future__ import annotations

import attrs
import pytest

from engine.core import EventCodec, LogError, event


@event("TowerBuilt", version=2)
@attrs.frozen
class TowerBuilt:
    seat: int
    height: int
    floors: tuple[int, ...] = ()


def codec_with_upcaster():
    codec = EventCodec([TowerBuilt])
    # Version 1 called the height "size" and had no floors.
    codec.register_upcaster("TowerBuilt", 1, lambda d: {"seat": d["seat"], "height": d["size"], "floors": []})
    return codec


def test_events_encode_with_their_name_and_version_and_decode_back():
    codec = codec_with_upcaster()
    record = codec.encode(TowerBuilt(1, 3, (1, 2)))
    assert record == {"type": "TowerBuilt", "v": 2, "data": {"seat": 1, "height": 3, "floors": [1, 2]}}
    assert codec.decode(record) == TowerBuilt(1, 3, (1, 2))


def test_an_old_version_is_upcast_on_load():
    codec = codec_with_upcaster()
    assert codec.decode({"type": "TowerBuilt", "v": 1, "data": {"seat": 0, "size": 4}}) == TowerBuilt(0, 4, ())


def test_an_old_version_without_an_upcaster_is_an_error():
    with pytest.raises(LogError, match="no upcaster for 'TowerBuilt' version 1"):
        EventCodec([TowerBuilt]).decode({"type": "TowerBuilt", "v": 1, "data": {"seat": 0, "size": 4}})


def test_unknown_types_newer_versions_and_bad_data_are_errors():
    codec = codec_with_upcaster()
    with pytest.raises(LogError, match="unknown event type 'Moat'"):
        codec.decode({"type": "Moat", "v": 1, "data": {}})
    with pytest.raises(LogError, match="schema version 3"):
        codec.decode({"type": "TowerBuilt", "v": 3, "data": {}})
    with pytest.raises(LogError, match="bad data"):
        codec.decode({"type": "TowerBuilt", "v": 2, "data": {"seat": 0}})


def test_only_declared_attrs_events_are_accepted():
    class Loose:
        pass

    with pytest.raises(TypeError):
        EventCodec([Loose])
