"""The fast paths' parser: what it accepts, and that it hands everything else to typer."""

from __future__ import annotations

import pytest

from rlat import argv

SPEC = {"valued": {"--top-k": argv.int_at_least(1), "--format": argv.choice("text", "json")},
        "flags": ("--all",), "aliases": {"-k": "--top-k"}, "positional": 1}


def test_accepts_values_equals_aliases_flags_and_double_dash():
    opts, rest = argv.parse(["-k", "3", "--format=json", "--all", "--", "-query"], **SPEC)
    assert opts == {"--top-k": 3, "--format": "json", "--all": True} and rest == ["-query"]
    assert argv.parse(["-"], **SPEC) == ({"--all": False}, ["-"])


@pytest.mark.parametrize("args", [
    ["q", "--help"], ["q", "--unknown"], ["q", "--top-k"], ["q", "--top-k", "0"],
    ["q", "--top-k", "x"], ["q", "--format", "yaml"], ["q", "--all=yes"], [], ["a", "b"],
    ["q", "--top-k", "-1"],
])
def test_anything_else_is_handed_to_typer(args):
    assert argv.parse(args, **SPEC) is None
