"""The small schema validator enforces exactly the subset our prompts use."""

from __future__ import annotations

import pytest

from rlat.llm import prompts
from rlat.llm.schema import SchemaError, ValidationError, check_schema, is_valid, validate


def test_every_prompt_schema_is_in_the_enforced_subset():
    for schema in (prompts.ATOMIC_SCHEMA, prompts.MINER_SCHEMA):
        check_schema(schema)


def test_a_keyword_we_do_not_enforce_is_refused():
    with pytest.raises(SchemaError):
        check_schema({"type": "object", "properties": {"a": {"type": "string", "format": "date"}}})
    with pytest.raises(SchemaError):
        check_schema({"type": "strnig"})


def fact(**over):
    base = {"text": "This repo formats with ruff.", "type": "convention", "subject": "ruff",
            "polarity": "factual", "resolve_within_days": None, "same_as": None,
            "evidence": [{"message": "m1", "excerpt": "we format with ruff"}]}
    base.update(over)
    return {"facts": [base]}


def test_a_good_atomic_answer_validates():
    validate(fact(), prompts.ATOMIC_SCHEMA)
    validate(fact(type="hypothesis", resolve_within_days=14), prompts.ATOMIC_SCHEMA)


@pytest.mark.parametrize("over, where", [
    ({"type": "opinion"}, "facts[0].type"),
    ({"evidence": []}, "facts[0].evidence"),
    ({"resolve_within_days": 0}, "facts[0].resolve_within_days"),
    ({"resolve_within_days": 3.5}, "facts[0].resolve_within_days"),
    ({"resolve_within_days": True}, "facts[0].resolve_within_days"),
    ({"text": "x" * 301}, "facts[0].text"),
    ({"confidence": 0.9}, "facts[0]"),
    ({"evidence": [{"message": "m1"}]}, "facts[0].evidence[0]"),
])
def test_violations_are_reported_where_they_are(over, where):
    with pytest.raises(ValidationError) as info:
        validate(fact(**over), prompts.ATOMIC_SCHEMA)
    assert info.value.path == where


def test_missing_required_field():
    answer = fact()
    del answer["facts"][0]["same_as"]
    assert not is_valid(answer, prompts.ATOMIC_SCHEMA)
    assert not is_valid({}, prompts.ATOMIC_SCHEMA)
    assert not is_valid([], prompts.ATOMIC_SCHEMA)


def test_miner_gates_must_all_be_classified():
    cand = {"text": "Deploys happen only on Tuesdays.", "kind": "constraint",
            "attribute_key": None,
            "gates": {"durable": True, "stated_by_user": True, "premise_bearing": True,
                      "about_world": True},
            "evidence": [{"message": "u1", "excerpt": "we only deploy on Tuesdays"}]}
    assert is_valid({"candidates": [cand]}, prompts.MINER_SCHEMA)
    del cand["gates"]["about_world"]
    assert not is_valid({"candidates": [cand]}, prompts.MINER_SCHEMA)
    cand["gates"]["about_world"] = "yes"
    assert not is_valid({"candidates": [cand]}, prompts.MINER_SCHEMA)


def test_pattern_and_numbers():
    schema = {"type": "object", "properties": {
        "k": {"type": "string", "pattern": "^[a-z]+$"},
        "n": {"type": "number", "minimum": 0, "maximum": 1}}}
    assert is_valid({"k": "abc", "n": 0.5}, schema)
    assert not is_valid({"k": "ABC"}, schema)
    assert not is_valid({"n": 2}, schema)
    assert not is_valid({"n": "1"}, schema)
