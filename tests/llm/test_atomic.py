"""Atomic capture end to end: a transcript on disk, the real SDK, a loopback Messages API."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from llm_helpers import T0, write_transcript
from support.messages_api import error, hang, malformed, tool_use

from rlat.claims.ids import content_hash
from rlat.claims.log import ClaimLog
from rlat.claims.policy import DAY
from rlat.llm.provider import TOOL_NAME
from rlat.llm.session_tasks import atomic_capture
from rlat.paths import memory_store_path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "transcripts"

SESSION = [
    ("user", "The integration tests need Postgres 15 running on port 5433. "
             "Please fix the failing login test."),
    ("assistant", "I'll run the login tests first."),
    ("tool_error", "pytest tests/test_login.py",
     "FAILED tests/test_login.py::test_expired - AssertionError\n1 failed"),
    ("assistant", "The token expiry check used local time; switching it to UTC."),
    ("tool", "pytest tests/test_login.py", "1 passed"),
    ("user", "Great. In this repo we format with ruff, never black."),
    ("assistant", "Noted. I ran ruff format on the changed file."),
]

_MSG = re.compile(r'<message id="(m\d+)" role="([a-z_]+)">\n(.*?)\n</message>', re.DOTALL)


def alias_of(body: dict, excerpt: str) -> str:
    """What a model would cite: the prompt's id for the message holding ``excerpt`` (an
    invented excerpt is pinned on the first message)."""
    prompt = "\n".join(m["content"] for m in body["messages"])
    for alias, _role, text in _MSG.findall(prompt):
        if excerpt in text:
            return alias
    return "m1"


def fact(text, ctype, excerpt, *, message=None, subject="", days=None, same_as=None,
         polarity="factual"):
    return {"text": text, "type": ctype, "subject": subject, "polarity": polarity,
            "resolve_within_days": days, "same_as": same_as,
            "evidence": [{"message": message, "excerpt": excerpt}]}


def model(*facts):
    """A scripted model that cites by reading the prompt (message=None → find the alias)."""
    def answer(body):
        out = []
        for f in facts:
            f = {**f, "evidence": [dict(e) for e in f["evidence"]]}
            for e in f["evidence"]:
                if e["message"] is None:
                    e["message"] = alias_of(body, e["excerpt"])
            out.append(f)
        return tool_use(TOOL_NAME, {"facts": out})
    return answer


POSTGRES = fact("The integration tests need Postgres 15 running on port 5433.", "environment",
                "need Postgres 15 running on port 5433", subject="postgres")
RUFF = fact("This repo formats with ruff, never black.", "convention",
            "we format with ruff, never black", subject="ruff")


def claims(store=None):
    return ClaimLog(store or memory_store_path()).state().claims


@pytest.fixture
def transcript(tmp_path):
    path = tmp_path / "sess-1.jsonl"
    ids = write_transcript(path, SESSION, session_id="sess-1")
    return path, ids


def test_one_claim_per_fact_with_verified_citations(llm_env, transcript):
    path, ids = transcript
    llm_env.script(model(POSTGRES, RUFF))
    result = atomic_capture(path, cwd="/home/user/project")
    assert result.mode == "atomic", result.fallback_reason
    assert result.receipt.startswith("[rlat] Captured 2 atomic claim(s)")
    stored = claims()
    assert sorted(c.type for c in stored.values()) == ["convention", "environment"]
    env = next(c for c in stored.values() if c.type == "environment")
    assert env.text == POSTGRES["text"] and env.subject == "postgres"
    (cite,) = env.evidence
    # The transcript's own line id and a hash of the transcript's own text, not the model's.
    assert cite["session_id"] == "sess-1" and cite["message_id"] == ids[0]
    assert cite["excerpt"] == "need Postgres 15 running on port 5433"
    assert cite["excerpt_hash"] == content_hash("need Postgres 15 running on port 5433")
    assert cite["observed_at"] == T0
    assert not any(c.type == "event" for c in stored.values())  # instead of the block


def test_the_model_sees_no_secret_and_no_injected_context(llm_env):
    # A real Claude Code transcript: a GitHub-format token in the prompt and a fenced
    # <rlat-context> injected by a hook.
    llm_env.script(model(fact("Tests in this repo run with make check, never pytest directly.",
                              "convention", "we always run the tests with `make check`")))
    result = atomic_capture(FIXTURES / "tool_failure.jsonl")
    assert result.mode == "atomic", result.fallback_reason
    (body,) = llm_env.message_requests()
    sent = llm_env.request_text(body)
    assert "ghp_" not in sent and "FAKEfake" not in sent
    assert "[REDACTED" in sent
    assert "Injected by a fixture hook" not in sent and "rlat-context" not in sent
    (claim,) = claims().values()
    assert claim.type == "convention"


@pytest.mark.parametrize("bad", [
    fact("The integration tests need Postgres 15 running on port 5433.", "environment",
         "need Postgres 15 running on port 5433", message="m99"),           # no such message
    fact("The integration tests need Postgres 15 running on port 5433.", "environment",
         "need Postgres 16 running on port 5433"),                          # not in any message
    fact("The integration tests need Postgres 15 running on port 5433.", "environment",
         "need Postgres 15 running on port 5433", message="m2"),            # wrong message
    fact("The integration tests need Postgres 15 running on port 5433.", "environment",
         "need Postgres 15 running on port 5433", message="not-a-uuid"),
    fact("The integration tests need Postgres 15 running on port 5433.", "environment",
         "Postgres"),                                                        # too short to check
])
def test_a_fact_that_cannot_cite_yields_no_claim(llm_env, transcript, bad):
    path, _ = transcript
    llm_env.script(model(bad))
    result = atomic_capture(path)
    # (the deterministic capture keeps the user's own sentence, under its own subject)
    assert not any(c.text == bad["text"] and c.subject == bad["subject"]
                   for c in claims().values())
    assert result.dropped and result.mode == "single-block"  # nothing survived: the block
    assert "citation" in result.fallback_reason


def test_valid_facts_land_and_invalid_ones_are_dropped(llm_env, transcript):
    path, _ = transcript
    invented = fact("Deploys need two approvals.", "convention", "deploys need two approvals")
    llm_env.script(model(POSTGRES, invented))
    result = atomic_capture(path)
    assert result.mode == "atomic"
    assert [c.text for c in claims().values()] == [POSTGRES["text"]]
    assert result.dropped[0]["text"] == invented["text"]


def test_a_preference_must_rest_on_what_the_user_said(llm_env, transcript):
    path, _ = transcript
    pref = fact("The user wants tests fixed with UTC timestamps.", "preference",
                "switching it to UTC", polarity="prefer")  # the assistant's words
    llm_env.script(model(POSTGRES, pref))
    atomic_capture(path)
    assert [c.type for c in claims().values()] == ["environment"]


def test_a_hypothesis_gets_a_resolution_date(llm_env, transcript):
    path, _ = transcript
    hyp = fact("The login test failed because the expiry check used local time.", "hypothesis",
               "The token expiry check used local time", days=7)
    llm_env.script(model(hyp))
    atomic_capture(path)
    (claim,) = claims().values()
    session_end = T0 + 10 * (len(SESSION) - 1)
    assert claim.resolves_at == pytest.approx(session_end + 7 * DAY)


FAILURES = {
    "429": [error(429, retry_after=0)] * 3,
    "500": [error(500)] * 3,
    "timeout": [hang(4)] * 2,
    "malformed": [malformed()],
    "schema": [tool_use(TOOL_NAME, {"facts": [{"text": "x", "type": "opinion"}]})],
    "text": [tool_use("some_other_tool", {"facts": []})],
}


@pytest.mark.parametrize("mode", sorted(FAILURES))
def test_every_llm_failure_falls_back_to_the_single_block(llm_env, transcript, monkeypatch,
                                                         mode):
    monkeypatch.setenv("RLAT_LLM_TIMEOUT", "1.5")
    path, _ = transcript
    llm_env.script(*FAILURES[mode], model(POSTGRES))  # a good answer comes too late
    result = atomic_capture(path)
    assert result.mode == "single-block"
    assert "fell back" in result.receipt and result.fallback_reason
    # the session is still captured: one block, and the facts found without a model
    (claim,) = [c for c in claims().values() if c.type == "event"]
    assert claim.type == "event" and claim.sessions == ["sess-1"]
    lines = {json.loads(line)["uuid"] for line in path.read_text().splitlines()}
    assert claim.evidence and {c["message_id"] for c in claim.evidence} <= lines
    assert not any(c.text == POSTGRES["text"] and c.subject == POSTGRES["subject"]
                   for c in claims().values())


def test_no_key_falls_back_with_a_clear_reason(transcript, monkeypatch, api):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    path, _ = transcript
    result = atomic_capture(path)
    assert result.mode == "single-block"
    assert result.fallback_reason == "LLM unavailable: ANTHROPIC_API_KEY is not set"
    assert api.message_requests() == []
    # no model: the block, and the two facts the user stated, found without one
    assert sorted(c.type for c in claims().values()) == ["convention", "environment", "event"]


def test_the_same_fact_in_a_later_session_lifts_the_same_claim(llm_env, tmp_path):
    first = tmp_path / "a.jsonl"
    write_transcript(first, SESSION, session_id="sess-a")
    llm_env.script(model(RUFF))
    atomic_capture(first)
    (claim,) = claims().values()

    later = [("user", "Reminder: we format with ruff here, not black. Fix the lint errors."),
             ("tool", "ruff check --fix .", "Found 3 errors (3 fixed, 0 remaining)."),
             ("assistant", "Fixed 3 lint errors with ruff.")]
    second = tmp_path / "b.jsonl"
    write_transcript(second, later, session_id="sess-b")
    # The model words it differently but recognises the known claim it was shown.
    llm_env.script(model(fact("Code here is formatted with ruff rather than black.",
                              "convention", "we format with ruff here, not black",
                              same_as="K1")))
    result = atomic_capture(second)
    assert result.recurring == 1 and result.new == 0
    body = llm_env.message_requests()[-1]
    assert "K1 [convention] This repo formats with ruff, never black." in \
        llm_env.request_text(body)
    (again,) = claims().values()
    assert again.id == claim.id
    assert again.recurrence == 2 and sorted(again.sessions) == ["sess-a", "sess-b"]

    # Capturing the same session again adds nothing.
    llm_env.script(model(RUFF))
    atomic_capture(first)
    assert claims()[claim.id].recurrence == 2


def test_atomic_claims_supersede_a_block_the_hook_captured_inline(llm_env, transcript):
    from rlat.capture.pipeline import capture_transcript

    path, _ = transcript
    capture_transcript(path)  # what the SessionEnd hook does inline
    (block,) = [c for c in claims().values() if c.type == "event"]
    llm_env.script(model(POSTGRES))
    atomic_capture(path)
    stored = claims()
    assert stored[block.id].superseded_by in stored  # kept on disk, no longer current
    assert stored[stored[block.id].superseded_by].type == "environment"


def test_an_unreadable_transcript_is_a_clear_error(llm_env, tmp_path):
    from rlat.capture.pipeline import CaptureError

    with pytest.raises(CaptureError):
        atomic_capture(tmp_path / "missing.jsonl")


def test_copy_of_real_transcript_is_untouched(tmp_path, llm_env):
    copy = tmp_path / "t.jsonl"
    shutil.copy(FIXTURES / "tool_failure.jsonl", copy)
    before = copy.read_bytes()
    llm_env.script(error(500), error(500), error(500))
    atomic_capture(copy)
    assert copy.read_bytes() == before


def test_a_session_with_nothing_the_user_said_asks_no_model(llm_env, tmp_path):
    path = tmp_path / "empty.jsonl"
    write_transcript(path, [("assistant", "Hello.")])
    result = atomic_capture(path)
    assert result.mode == "single-block" and llm_env.message_requests() == []
    assert claims() == {}  # a trivial session: the block pipeline stores nothing either


def test_no_transcript_path_is_a_capture_error():
    from rlat.capture.pipeline import CaptureError

    with pytest.raises(CaptureError):
        atomic_capture(None)
