"""Turn records -> outcome events: signals, authority order, credit, and the session roll-up."""

from __future__ import annotations

import pytest

from rlat.trust.outcomes import assess_session, assess_turn, prompt_signal, work_kind

PROMPT = {"event": "prompt", "ts": 100.0, "prompt": "why does the build fail?", "intent_id": "i1",
          "workspace": "git:x/y", "injected": [["c1", 1], ["c2", 2], ["c3", 4]]}


def stop(**kw):
    rec = {"event": "stop", "ts": 110.0, "intent_id": "i1", "tool_calls": 4, "tool_errors": 0,
           "tests": [], "recovered": False, "last_assistant_message": "done"}
    rec.update(kw)
    return rec


def test_tests_passing_is_a_mechanical_success_with_credit_by_rank():
    event = assess_turn(PROMPT, stop(tests=[{"command": "pytest", "passed": True}]), None,
                        session_id="s1")
    assert (event["kind"], event["result"], event["authority"]) == ("outcome", 1, "mechanical")
    assert event["claims"] == [["c1", 1, 1.0], ["c2", 2, 0.6], ["c3", 4, 0.35]]
    assert event["session_id"] == "s1" and event["intent_id"] == "i1"
    assert event["work"] == "debugging@git:x/y"


@pytest.mark.parametrize(("tests", "expected"), [
    ([{"command": "pytest", "passed": False}], -1),
    ([{"command": "pytest", "passed": False}, {"command": "pytest", "passed": True}], 1),
    ([{"command": "pytest", "passed": True}, {"command": "pytest -k x", "passed": False}], -1),
])
def test_the_last_test_run_decides(tests, expected):
    assert assess_turn(PROMPT, stop(tests=tests), None)["result"] == expected


def test_a_command_failing_then_succeeding_is_a_success():
    event = assess_turn(PROMPT, stop(tool_errors=1, recovered=True), None)
    assert (event["result"], event["authority"]) == (1, "mechanical")


def test_most_tool_calls_failing_is_a_failure_but_one_stray_error_is_not():
    assert assess_turn(PROMPT, stop(tool_calls=4, tool_errors=3), None)["result"] == -1
    event = assess_turn(PROMPT, stop(tool_calls=10, tool_errors=1), None)
    assert (event["result"], event["signal"]) == (0, "no signal")


@pytest.mark.parametrize("text", [
    "no, that's wrong", "That didn't work", "it still fails with the same error",
    "this is not what I asked for", "Nope. Revert that.", "that doesn't work either",
])
def test_next_prompt_corrections(text):
    assert prompt_signal(text)[0] == -1
    event = assess_turn(PROMPT, stop(), text)
    assert (event["result"], event["authority"]) == (-1, "heuristic")


@pytest.mark.parametrize("text", ["thanks, that worked", "Perfect!", "great, now add a test",
                                  "LGTM"])
def test_next_prompt_approvals(text):
    assert prompt_signal(text) == (1, "the next prompt approved it")


@pytest.mark.parametrize("text", ["now add logging to the worker", "no worries, next: the docs",
                                  "", None])
def test_neutral_next_prompts_say_nothing(text):
    assert prompt_signal(text) is None


def test_mechanical_outranks_the_next_prompts_heuristic():
    event = assess_turn(PROMPT, stop(tests=[{"command": "make test", "passed": True}]),
                        "no, that's wrong")
    assert (event["result"], event["authority"]) == (1, "mechanical")


def test_explicit_feedback_outranks_everything():
    event = assess_turn(PROMPT, stop(tests=[{"command": "make test", "passed": True}]),
                        "thanks", feedback=False)
    assert (event["result"], event["authority"]) == (-1, "user")


def test_nothing_injected_means_nothing_to_credit():
    assert assess_turn(dict(PROMPT, injected=[]), stop(), "no, wrong") is None
    assert assess_turn("garbage", None, None) is None


def test_work_kinds():
    assert work_kind("the deploy to staging broke the docker image") == "operations"
    assert work_kind("write pytest fixtures for the parser tests") == "testing"
    assert work_kind("hello there") == "general"


def _session(results):
    records = []
    for i, (injected, tests, _next) in enumerate(results):
        records.append({"event": "prompt", "ts": i * 10.0, "prompt": "fix the build",
                        "intent_id": f"i{i}", "workspace": "git:x/y",
                        "injected": [[c, r + 1] for r, c in enumerate(injected)]})
        if tests is not None:
            records.append({"event": "stop", "ts": i * 10.0 + 5, "intent_id": f"i{i}",
                            "tool_calls": 2, "tool_errors": 0,
                            "tests": [{"command": "pytest", "passed": tests}],
                            "recovered": False, "last_assistant_message": ""})
    return records


def test_assess_session_reads_the_next_prompt_and_rolls_up_a_good_session():
    records = _session([(["a"], None, None), (["b"], True, None), ([], True, None)])
    records.insert(1, {"event": "prompt", "ts": 9.0, "prompt": "that didn't work",
                       "intent_id": "ix", "workspace": "git:x/y", "injected": []})
    events = assess_session(records, session_id="s9")
    turns = [e for e in events if e["intent_id"] != "session"]
    rollup = [e for e in events if e["intent_id"] == "session"]
    assert [(e["claims"][0][0], e["result"], e["authority"]) for e in turns] == [
        ("a", -1, "heuristic"), ("b", 1, "mechanical")]
    assert len(rollup) == 1 and rollup[0]["result"] == 1
    assert sorted(c[0] for c in rollup[0]["claims"]) == ["a", "b"]
    assert all(c[2] == 0.25 for c in rollup[0]["claims"])
    assert all(e["session_id"] == "s9" for e in events)


def test_a_session_that_ends_on_a_failure_rolls_up_badly():
    events = assess_session(_session([(["a"], True, None), (["a"], False, None)]),
                            session_id="s")
    (rollup,) = [e for e in events if e["intent_id"] == "session"]
    assert rollup["result"] == -1


def test_feedback_records_and_stray_lines():
    records = _session([(["a"], True, None)])
    records += [{"event": "feedback", "ts": 20.0, "intent_id": "i0", "good": False},
                "not a record", {"event": "stop", "intent_id": "unknown"}]
    (turn, rollup) = assess_session(records, session_id="s")
    assert (turn["result"], turn["authority"]) == (-1, "user")
    assert rollup["result"] == -1


def test_no_signal_and_no_claims_means_no_rollup():
    assert assess_session(_session([([], True, None)]), session_id="s") == []
    assert [e["result"] for e in assess_session(_session([(["a"], None, None)]),
                                                session_id="s")] == [0]
