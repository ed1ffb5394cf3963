"""The records on the hook path (rlat.records) are plain classes with __slots__ and their
__init__/__repr__/__eq__ (and __hash__) written out: no dataclass, whose module and generated
methods cost every hook process ~7 ms at import. Each must do exactly what a dataclass would:
compared here with the dataclass generated from the same fields (``__slots__``), defaults (its
``__init__``'s) and options (frozen for ``rlat.records.Frozen``)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from rlat import records
from rlat.claims.fold import FoldState
from rlat.claims.model import _FACTORY, CLAIM_FIELDS, Claim
from rlat.claims.policy import POLICIES, TypePolicy
from rlat.container.file import RecordRef, ScanResult
from rlat.retrieval.recall import Hit
from rlat.trust.lifecycle import Change
from rlat.trust.rungs import Breakdown
from rlat.world import CaptureResult

CLASSES = [Claim, FoldState, TypePolicy, RecordRef, ScanResult, Hit, CaptureResult, Breakdown,
           Change]


def defaults(cls) -> dict:
    """field -> its default: a value, or (factory, the value it makes) for a default made anew
    per instance (``_FACTORY`` in the written-out ``__init__``)."""
    params = inspect.signature(cls).parameters
    required = [f"req-{name}" for name, p in params.items() if p.default is p.empty]
    probe = cls(*required)
    out = {}
    for name, p in params.items():
        if p.default is _FACTORY:
            made = getattr(probe, name)
            out[name] = (lambda made=made: copy.deepcopy(made), made)
        elif p.default is not p.empty:
            out[name] = p.default
    return out


def generated(cls):
    """The class dataclasses would have made from the same fields, defaults and options."""
    given = defaults(cls)
    spec = []
    for name in records.fields(cls):
        if name not in given:
            spec.append((name, object))
        elif isinstance(given[name], tuple) and callable(given[name][0]):
            spec.append((name, object, dataclasses.field(default_factory=given[name][0])))
        else:
            spec.append((name, object, dataclasses.field(default=given[name])))
    return dataclasses.make_dataclass(cls.__name__, spec, frozen=issubclass(cls, records.Frozen),
                                      slots=True, eq=True)


def astuple(record) -> tuple:
    return tuple(copy.deepcopy(getattr(record, name)) for name in records.fields(record))


def sample_values(cls, salt: int) -> list:
    given = defaults(cls)
    values = []
    for i, name in enumerate(records.fields(cls)):
        default = given.get(name)
        if isinstance(default, tuple) and default and callable(default[0]):
            values.append([f"{name}-{salt}", {"k": i}])
        elif isinstance(default, bool):
            values.append(bool((i + salt) % 2))
        elif isinstance(default, (int, float)) and default is not None:
            values.append(type(default)(i * 7 + salt))
        else:
            values.append(f"{name}\n'{salt}\"")
    return values


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_written_out_methods_match_the_generated_ones(cls):
    ref = generated(cls)
    assert not dataclasses.is_dataclass(cls)  # (the point: no dataclass machinery at import)
    # same signature: names, order, kinds and plain defaults
    ours, theirs = inspect.signature(cls), inspect.signature(ref)
    assert list(ours.parameters) == list(theirs.parameters)
    for name, param in theirs.parameters.items():
        mine = ours.parameters[name]
        assert mine.kind == param.kind
        if param.default is param.empty or repr(param.default) == "<factory>":
            assert (mine.default is mine.empty) == (param.default is param.empty), name
            assert repr(mine.default) == repr(param.default), name
        else:
            assert mine.default == param.default and type(mine.default) is type(param.default)
    required = [p for p in theirs.parameters.values() if p.default is p.empty]
    # defaults (factories give a fresh object each time)
    minimal = [f"req-{p.name}" for p in required]
    a, b = cls(*minimal), ref(*minimal)
    assert astuple(a) == dataclasses.astuple(b)
    assert repr(a) == repr(b)
    for name, default in defaults(cls).items():
        if isinstance(default, tuple) and default and callable(default[0]):
            assert getattr(a, name) is not getattr(cls(*minimal), name)
    # every field given, positionally and by keyword
    for salt in (1, 2):
        values = sample_values(cls, salt)
        x, y = cls(*values), ref(*values)
        assert repr(x) == repr(y)
        assert astuple(x) == dataclasses.astuple(y)
        names = list(records.fields(cls))
        assert repr(cls(**dict(zip(names, values, strict=True)))) == repr(y)
        # equality: same class and values only; NotImplemented otherwise
        assert x == cls(*values) and not (x != cls(*values))
        assert x != cls(*sample_values(cls, salt + 5))
        assert (x == y) is False and x.__eq__(y) is NotImplemented
        assert x.__eq__(object()) is NotImplemented
        # hashing: frozen+eq hashes the field tuple, otherwise unhashable
        if ref.__hash__ is None:
            assert cls.__hash__ is None
        else:
            hashable = cls(*[tuple(v) if isinstance(v, list) else v for v in values])
            twin = ref(*[tuple(v) if isinstance(v, list) else v for v in values])
            assert hash(hashable) == hash(twin)
        assert records.replace(x, **{names[0]: "other"}) == cls("other", *values[1:])
        with pytest.raises(TypeError):
            records.replace(x, nonsense=1)
    # errors: missing or unknown arguments, and (frozen) assignment
    if required:
        with pytest.raises(TypeError):
            cls(*minimal[:-1])
    with pytest.raises(TypeError):
        cls(*minimal, nonsense=1)
    if issubclass(cls, records.Frozen):
        with pytest.raises(AttributeError):
            setattr(a, records.fields(cls)[0], 1)
        with pytest.raises(records.FrozenInstanceError):
            delattr(a, records.fields(cls)[0])
    assert cls.__match_args__ == ref.__match_args__
    assert cls.__slots__ == ref.__slots__


def test_copies_and_pickles_round_trip():
    claim = Claim(*sample_values(Claim, 3))
    assert pickle.loads(pickle.dumps(claim)) == claim
    assert copy.deepcopy(claim) == claim
    policy = POLICIES["convention"]
    assert pickle.loads(pickle.dumps(policy)) == policy and hash(policy) == hash(copy.copy(policy))
    ref = RecordRef(16, 1, 100, 7)
    assert pickle.loads(pickle.dumps(ref)) == ref and {ref: 1}[RecordRef(16, 1, 100, 7)] == 1
    assert TypePolicy("x", "experience", None, None, False) in {TypePolicy(
        "x", "experience", None, None, False)}
    assert CLAIM_FIELDS == records.fields(Claim) == Claim.__slots__
    assert pickle.loads(pickle.dumps(Breakdown(*sample_values(Breakdown, 1)))) == \
        Breakdown(*sample_values(Breakdown, 1))
