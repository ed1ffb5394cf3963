"""A fact must say what its quote says: rlat checks, it does not trust the model.

The scripted model over the real SDK is gullible here: it cites real quotes and states
something else (a different database and port, the negation of what the user said, an opinion).
"""

from __future__ import annotations

import pytest
from support.messages_api import MessagesAPIServer, tool_use
from test_atomic import RUFF, claims, fact, model

from rlat.capture.agreement import disagreement, opinion, quote_context
from rlat.llm.evidence import Msg
from rlat.llm.miner import GATES, mine
from rlat.llm.provider import TOOL_NAME, AnthropicProvider, Settings
from rlat.llm.session_tasks import atomic_capture

ALL_PASS = dict.fromkeys(GATES, True)


@pytest.mark.parametrize("fact_text,quote,agrees", [
    ("The integration tests need Postgres 15 on port 5433.",
     "The integration tests need Postgres 15 running on port 5433.", True),
    ("The integration tests need MySQL 8 on port 3306.",
     "The integration tests need Postgres 15 running on port 5433.", False),
    ("The service needs Postgres 15.", "we run PostgreSQL 15.4 there, Postgres 15 really", True),
    ("The service needs Python 3.1.", "the service needs python 3.11", False),
    ("The staging database is acme-staging-db.", "staging database is called acme-staging-db",
     True),
    ("The staging database is acme-prod-db.", "staging database is called acme-staging-db",
     False),
    ("Tests run with `make check`.", "we always run the tests with `make check`", True),
    ("Production deploys happen on Mondays.", "Production deploys only happen on Tuesdays.",
     False),
    # negation
    ("Production deploys never happen on Tuesdays.",
     "Production deploys only happen on Tuesdays, the release train is fixed.", False),
    ("Production deploys happen on Fridays.", "we never deploy on Fridays", False),
    ("This repo formats with ruff, not black.", "we format with ruff, never black", True),
    ("This repo uses ruff instead of black.", "we format with ruff, never black", True),
    ("This repo formats with ruff.", "we format with ruff, never black", True),
    ("This repo never formats with ruff.", "we format with ruff, never black", False),
    ("This repo formats with ruff and black.", "we format with ruff, never black", False),
    ("The service listens on port 5433.", "No, it listens on localhost:5433.", True),
])
def test_a_fact_agrees_with_its_quote_or_is_told_why_not(fact_text, quote, agrees):
    why = disagreement(fact_text, quote)
    assert (why is None) is agrees, why


def test_opinions_are_named():
    assert opinion("Jenkins is a terrible CI server.") == "terrible"
    assert opinion("In my opinion the monorepo is overkill.") is not None
    assert opinion("Deliveries are best-effort.") is None  # an identifier, not a judgement
    assert opinion("Production deploys only happen on Tuesdays.") is None


def test_the_quote_is_the_sentence_the_excerpt_touches():
    text = "Thanks. We never deploy on Fridays. Tests need Postgres 15."
    assert quote_context(text, "deploy on Fridays") == "We never deploy on Fridays."


# --------------------------------------------------------------------------- atomic capture
WRONG_DB = fact("The integration tests need MySQL 8 running on port 3306.", "environment",
                "need Postgres 15 running on port 5433", subject="mysql")
DENIED = fact("The integration tests do not need Postgres 15 on port 5433.", "environment",
              "need Postgres 15 running on port 5433", subject="postgres")


def test_atomic_capture_drops_a_fact_its_quote_contradicts(llm_env, transcript):
    path, _ = transcript
    llm_env.script(model(WRONG_DB, DENIED, RUFF))
    result = atomic_capture(path)
    assert result.mode == "atomic", result.fallback_reason
    assert [c.text for c in claims().values()] == [RUFF["text"]]
    reasons = {d["text"]: d["reason"] for d in result.dropped}
    assert "MySQL" in reasons[WRONG_DB["text"]] and "3306" in reasons[WRONG_DB["text"]]
    assert "denies" in reasons[DENIED["text"]]


def test_atomic_capture_with_only_contradicted_facts_keeps_the_session(llm_env, transcript):
    path, _ = transcript
    llm_env.script(model(WRONG_DB))
    result = atomic_capture(path)
    assert result.mode == "single-block"  # nothing from the session is lost
    assert not any("MySQL" in c.text for c in claims().values())


# --------------------------------------------------------------------------- the miner
SESSION = [
    Msg("uuid-1", "user", "Please add a retry to the upload client. Production deploys only "
                          "happen on Tuesdays, the release train is fixed.", 1_800_000_000.0),
    Msg("uuid-2", "user", "Jenkins is a terrible CI server, the nightly job runs on it.",
        1_800_000_010.0),
    Msg("uuid-3", "user", "The upload bucket lives in eu-west-1.", 1_800_000_020.0),
]


def cand(text, alias, excerpt, kind="constraint", key=None):
    return {"text": text, "kind": kind, "attribute_key": key, "gates": ALL_PASS,
            "evidence": [{"message": alias, "excerpt": excerpt}]}


def run_miner(*candidates):
    with MessagesAPIServer(tool_use(TOOL_NAME, {"candidates": list(candidates)})) as api:
        provider = AnthropicProvider(Settings(api_key="k", base_url=api.url, budget=10))
        return mine(provider, SESSION)


def test_the_miner_drops_the_negation_of_what_the_user_said():
    outcome = run_miner(
        cand("Production deploys never happen on Tuesdays.", "u1",
             "Production deploys only happen on Tuesdays"),
        cand("The upload bucket lives in eu-west-2.", "u3", "upload bucket lives in eu-west-1",
             kind="attribute", key="upload bucket region"),
        cand("The upload bucket lives in eu-west-1.", "u3", "upload bucket lives in eu-west-1",
             kind="attribute", key="upload bucket region"))
    assert [f.text for f in outcome.kept] == ["The upload bucket lives in eu-west-1."]
    reasons = {d.text: d.reason for d in outcome.dropped}
    assert "denies" in reasons["Production deploys never happen on Tuesdays."]
    assert "eu-west-2" in reasons["The upload bucket lives in eu-west-2."]


def test_the_miner_drops_an_opinion():
    outcome = run_miner(
        cand("Jenkins is a terrible CI server.", "u2", "Jenkins is a terrible CI server"),
        cand("The nightly job runs on Jenkins.", "u2", "Jenkins is a terrible CI server",
             kind="attribute", key="nightly job ci"))
    assert outcome.kept == []
    assert len(outcome.dropped) == 2 and all("opinion" in d.reason for d in outcome.dropped)


@pytest.fixture
def transcript(tmp_path):
    from llm_helpers import write_transcript
    from test_atomic import SESSION as ATOMIC_SESSION

    path = tmp_path / "sess-1.jsonl"
    return path, write_transcript(path, ATOMIC_SESSION, session_id="sess-1")


def test_function_words_are_one_list_the_checks_share():
    """The analyzer's stop words carry no content for the miner's support check or for
    agreement's clause words either (one list: rlat.retrieval.tokenize.STOP_WORDS); a word
    added there is ignored everywhere at once."""
    from rlat.llm.miner import content_words
    from rlat.retrieval.tokenize import STOP_WORDS

    bare = content_words("Postgres listens on port 5433")
    for word in sorted(STOP_WORDS):
        assert content_words(f"Postgres {word} listens {word} on port 5433") == bare, word
