"""Folded patterns (rlat.capture.folded): case-insensitive tests of lowercase words, run on the
lowercased text because Python's re is ~8x slower with IGNORECASE over an alternation."""

from __future__ import annotations

import re

import pytest

from rlat.capture.fact_rules import ENV_ERROR, SYMPTOM
from rlat.capture.folded import Folded
from rlat.capture.transcript import ERRORISH


@pytest.mark.parametrize(("pattern", "text"), [
    (ERRORISH, "TypeError: 'NoneType' object is not subscriptable"),
    (ERRORISH, "npm ERR! code ENOENT: No Such file"),
    (SYMPTOM, "The Worker HANGS after the first job"),
    (ENV_ERROR, "bash: Make: command NOT FOUND"),
])
def test_matches_whatever_the_case_of_the_text(pattern, text):
    assert pattern.search(text)
    assert pattern.search(text.upper()) and pattern.search(text.lower())


def test_it_says_what_the_case_insensitive_regex_says():
    folded = Folded(r"\b(?:not found|no such \w+|fail(?:ed|s)?)\b")
    plain = re.compile(folded.pattern, re.IGNORECASE)
    for text in ("Not Found", "NO SUCH FILE", "it FAILED twice", "nothing to see", "failure",
                 "exit 0", "Unfound"):
        assert bool(folded.search(text)) == bool(plain.search(text)), text
    assert folded.search("ok. Failed", 4) and not folded.search("Failed. ok", 7)


def test_an_uppercase_letter_in_the_pattern_is_refused():
    # (it could never match the lowercased text)
    with pytest.raises(ValueError, match="lowercase"):
        Folded(r"TypeError|fail")
    Folded(r"\bfail\w*\S")  # escapes such as \S and \W are not letters of the pattern
