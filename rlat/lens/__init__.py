"""Lenses (.lens): a portable perspective on a knowledge model; several compose into a team lens.

``Lens`` and ``compose`` (model.py) are pure; ``read_lens``/``write_lens``/``lens_from_toml``
(file.py) do the I/O; ``apply_lens`` (apply.py) re-ranks search hits; ``learn`` (learn.py)
turns outcome events into weights. docs/lenses.md explains the rules.
"""

from .apply import apply_lens, hit_weight
from .file import LensFileError, lens_from_toml, read_lens, write_lens
from .model import (
    Contribution,
    Effective,
    Entry,
    Lens,
    LensError,
    Resolver,
    compose,
    glob_match,
)

__all__ = [
    "Contribution",
    "Effective",
    "Entry",
    "Lens",
    "LensError",
    "LensFileError",
    "Resolver",
    "apply_lens",
    "compose",
    "glob_match",
    "hit_weight",
    "lens_from_toml",
    "read_lens",
    "write_lens",
]
