"""@frozen classes behave as @dataclass(frozen=True) ones do, for everything the engine asks of them."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from scoring.frozen import FrozenInstanceError, field, frozen


@frozen
class Seat:
    name: str
    tricks: int = 0
    counted: dict = field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class SeatAsDataclass:
    name: str
    tricks: int = 0
    counted: dict = dataclasses.field(default_factory=dict)


def test_fields_by_position_or_keyword_with_defaults():
    assert (Seat("Anna").name, Seat("Anna").tricks, Seat("Anna").counted) == ("Anna", 0, {})
    assert Seat("Anna", 3) == Seat(name="Anna", tricks=3) == Seat("Anna", tricks=3, counted={})
    assert vars(Seat("Anna", 2)) == {"name": "Anna", "tricks": 2, "counted": {}}
    # The fields keep their declared order however they are given (a record written from vars() reads the same).
    assert list(vars(Seat(counted={}, tricks=1, name="Anna"))) == ["name", "tricks", "counted"]
    assert list(vars(Seat(tricks=1, name="Anna"))) == ["name", "tricks", "counted"]


def test_a_factory_default_is_made_for_each_instance_and_is_not_a_class_attribute():
    first, second = Seat("Anna"), Seat("Béla")
    assert first.counted == {} and first.counted is not second.counted
    assert "counted" not in Seat.__dict__ and Seat.tricks == 0  # as dataclasses leave them


def test_repr_equality_and_hash_match_a_dataclass():
    for values in (("Anna",), ("Anna", 3), ("Anna", 3, {"bonus": 1})):
        ours, theirs = Seat(*values), SeatAsDataclass(*values)
        assert repr(ours).replace("Seat(", "X(") == repr(theirs).replace("SeatAsDataclass(", "X(")
    assert Seat("Anna", 1) != Seat("Anna", 2) and Seat("Anna") != SeatAsDataclass("Anna")
    assert Seat("Anna") != ("Anna", 0, {})
    assert hash(Seat("Anna", 1, ())) == hash(Seat("Anna", 1, ())) == hash(("Anna", 1, ()))
    with pytest.raises(TypeError):  # an unhashable field makes the instance unhashable, as with dataclasses
        hash(Seat("Anna"))


def test_fields_cannot_be_changed_or_deleted():
    seat = Seat("Anna")
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'tricks'"):
        seat.tricks = 5
    with pytest.raises(AttributeError):
        del seat.name
    assert seat == Seat("Anna")


def test_wrong_arguments_are_refused_as_a_function_refuses_them():
    with pytest.raises(TypeError, match="missing required argument 'name'"):
        Seat()
    with pytest.raises(TypeError, match="takes 3 arguments but 4 were given"):
        Seat("Anna", 1, {}, 4)
    with pytest.raises(TypeError, match="unexpected keyword argument 'trick'"):
        Seat("Anna", trick=1)
    with pytest.raises(TypeError, match="multiple values for argument 'name'"):
        Seat("Anna", name="Béla")


def test_a_field_without_a_default_may_not_follow_one_with_a_default():
    with pytest.raises(TypeError, match="field 'b' without a default follows one with a default"):
        @frozen
        class Wrong:
            a: int = 0
            b: int


def test_copies_and_pattern_matching_work():
    seat = Seat("Anna", 2, {"mad": 1})
    assert copy.deepcopy(seat) == seat and copy.copy(seat) == seat
    match seat:
        case Seat(name, tricks):
            assert (name, tricks) == ("Anna", 2)
        case _:
            pytest.fail("a @frozen class matches by position")
