"""Typed records for the modules every hook imports, without the ``dataclasses`` module.

``dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``): ~6 ms of every
hook process's start, for a handful of classes whose methods are written out anyway. The records
on the hook path (``Claim``, ``FoldState``, ``Hit``, …) are therefore plain classes with
``__slots__`` naming their fields in order; ``fields`` and ``replace`` do for them what the
functions of the same names in ``dataclasses`` do for a dataclass, and ``Frozen`` makes one
immutable as ``@dataclass(frozen=True)`` would. tests/hooks/test_hook_path_classes.py compares
each with the dataclass generated from the same fields and defaults.

Import-light (nothing): every hook imports it.
"""

from __future__ import annotations


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record (as ``dataclasses.FrozenInstanceError``)."""


def fields(record) -> tuple[str, ...]:
    """The field names of a record class or instance, in order (its ``__slots__``)."""
    cls = record if isinstance(record, type) else record.__class__
    return cls.__slots__


def replace(record, **changes):
    """A copy of ``record`` with ``changes`` (field name -> new value); raises TypeError for a
    name that is not one of its fields, as ``dataclasses.replace`` does."""
    values = {name: getattr(record, name) for name in fields(record)}
    unknown = set(changes) - set(values)
    if unknown:
        raise TypeError(f"{record.__class__.__qualname__} has no field(s) "
                        f"{', '.join(sorted(unknown))}")
    values.update(changes)
    return record.__class__(**values)


class Record:
    """The ``__repr__`` and ``__eq__`` a dataclass would have, over the fields in
    ``__slots__`` (a record on a hot path writes its own, over its fields by name)."""

    __slots__ = ()

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}("
                + ", ".join(f"{name}={value!r}"
                            for name, value in zip(self.__slots__, self._values(), strict=True))
                + ")")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    __hash__ = None  # (as a dataclass with eq and without frozen)


class Frozen(Record):
    """A record whose fields are set once, in ``__init__`` (through ``object.__setattr__``), and
    never assigned again; it hashes, pickles and copies by its field values."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self):
        return self.__class__, tuple(getattr(self, name) for name in fields(self))
