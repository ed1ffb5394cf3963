"""`rlat deep-search` as a user runs it: a real KM built from a small corpus, real processes,
the real anthropic SDK against the loopback Messages API for the model path."""

from __future__ import annotations

import json
import re

import pytest
from corpus_helpers import NO_KEY, QUESTION, build_km
from support.cli import run_rlat
from support.messages_api import MessagesAPIServer, tool_use

from rlat.claims.log import ClaimLog
from rlat.km import faithful as F
from rlat.km.store import KnowledgeModel
from rlat.llm.provider import TOOL_NAME


@pytest.fixture
def km(tmp_path):
    return build_km(tmp_path)[1]


# --------------------------------------------------------------------- the gate, directly
PASSAGE = ("## Staging\n\nStaging SSH listens on port 2222. Connect with "
           "`ssh -p 2222 deploy@staging`.\nThe deploy user owns /srv/app.\n\n"
           "Rollbacks never touch the database schema. Metrics are exported every fifteen "
           "seconds.\n")


@pytest.mark.parametrize("statement, status", [
    ("Staging SSH listens on port 2222.", F.ENTAILED),
    ("Staging accepts SSH connections on port 2222.", F.ENTAILED),  # a paraphrase
    ("Metrics are exported every 15 seconds.", F.ENTAILED),  # number word = digits
    ("Staging SSH listens on port 22.", F.CONTRADICTED),  # the number differs
    ("Metrics are exported every 30 seconds.", F.CONTRADICTED),
    ("Rollbacks touch the database schema.", F.CONTRADICTED),  # negation dropped
    ("Staging SSH never listens on port 2222.", F.CONTRADICTED),  # negation added
    ("The deploy user owns /srv/web.", F.UNSUPPORTED),  # an identifier not in the passage
    ("The cache layer uses Memcached.", F.UNSUPPORTED),  # another subject
    ("Rollbacks never touch the production cluster.", F.UNSUPPORTED),  # too little coverage
    # a "never" about something else in the passage is no contradiction
    ("Deploys use ruff for formatting.", F.ENTAILED),
])
def test_the_gate_traces_numbers_identifiers_negations_and_words(statement, status):
    verdict = F.check(statement, PASSAGE + "\nDeploys use ruff for formatting, never black.\n")
    assert verdict.status == status, verdict.reason


SERVERS = ("The staging server number 2-0 listens on port 8000 for the deploy user.\n"
           "The staging server number 2-1 listens on port 8001 for the deploy user.\n")


@pytest.mark.parametrize("statement, passage, status", [
    # the same words about another server: not a contradiction (docs/claims.md: same subject)
    ("The staging server number 3-2 listens on port 8002 for the deploy user.", SERVERS,
     F.UNSUPPORTED),
    ("The staging server number 3 listens on port 8002.",
     "The staging server number 2 listens on port 8000.", F.UNSUPPORTED),
    # the same server with another port is
    ("The staging server number 2-0 listens on port 8002 for the deploy user.", SERVERS,
     F.CONTRADICTED),
    ("The build host runs Python v3.11.", "The build host runs Python 3.12.",
     F.CONTRADICTED),  # (v3.11 and 3.11: one number)
])
def test_a_contradiction_needs_the_same_subject(statement, passage, status):
    verdict = F.check(statement, passage)
    assert verdict.status == status, verdict.reason


# ------------------------------------------------------------------ deterministic path
def test_multi_hop_answer_is_gated_stored_and_served_as_provisional(km, tmp_path):
    out = run_rlat("deep-search", str(km), QUESTION, env=NO_KEY, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    # the second hop followed what the first read: the payments service → the ledger database
    assert "hop 1/3" in out.stderr and "hop 2/3: 'ledger database'" in out.stderr
    assert "without a model (ANTHROPIC_API_KEY is not set" in out.stderr
    assert "The payments service stores its data in the ledger database. [1]" in out.stdout
    assert "The ledger database runs PostgreSQL 15 on host db-3. [2]" in out.stdout
    assert re.search(r"\[1\] services\.md:\d+-\d+", out.stdout)
    assert re.search(r"\[2\] databases\.md:\d+-\d+", out.stdout)

    state = ClaimLog(km).state()
    model = KnowledgeModel.open(km)
    texts = {c.text: c for c in state.claims.values()}
    claim = texts["The ledger database runs PostgreSQL 15 on host db-3."]
    assert (claim.type, claim.source, claim.origin, claim.observed_by) == \
        ("insight", "corpus", "corpus", "deep-search")
    (cite,) = claim.evidence
    passage = model.passage_by_id(cite["passage_id"])
    assert passage.path == "databases.md" and cite["content_hash"] == passage.hash
    assert claim.text in passage.text

    shown = run_rlat("search", str(km), "PostgreSQL ledger")
    line = next(ln for ln in shown.stdout.splitlines() if claim.id[:12] in ln)
    assert line.startswith("[INSIGHT]") and "(insight, medium PROVISIONAL)" in line
    data = json.loads(run_rlat("search", str(km), "PostgreSQL ledger", "--format",
                               "json").stdout)
    hit = next(h for h in data["hits"] if h.get("claim_id") == claim.id)
    assert hit["provisional"] is True and hit["rung"] == "medium"


def test_running_it_again_adds_no_duplicate(km, tmp_path):
    assert run_rlat("deep-search", str(km), QUESTION, env=NO_KEY, cwd=tmp_path).returncode == 0
    before = ClaimLog(km).state()
    again = run_rlat("deep-search", str(km), QUESTION, env=NO_KEY, cwd=tmp_path)
    assert again.returncode == 0 and "already known" in again.stdout
    after = ClaimLog(km).state()
    assert after.claims.keys() == before.claims.keys()
    assert all(c.recurrence == 1 for c in after.claims.values())


def test_json_output_and_dry_run_store_nothing(km, tmp_path):
    out = run_rlat("deep-search", str(km), QUESTION, "--format", "json", "--dry-run",
                   "--max-hops", "1", env=NO_KEY, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["mode"] == "deterministic" and data["saved"] is False
    assert len(data["hops"]) == 1  # --max-hops 1: no follow-up
    assert data["answer"][0]["text"] == "The payments service stores its data in the ledger database."
    assert data["answer"][0]["verdict"]["status"] == "entailed"
    assert data["sources"][0]["path"] == "services.md"
    assert not ClaimLog(km).state().claims


def test_errors_are_one_line(tmp_path):
    out = run_rlat("deep-search", str(tmp_path / "nope.rlat"), "anything", env=NO_KEY)
    assert out.returncode == 1 and "no such knowledge model" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_question_of_stop_words_alone_is_refused_as_search_refuses_it(km, tmp_path):
    out = run_rlat("deep-search", str(km), "the of", env=NO_KEY, cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.strip() == ("rlat: error: the query 'the of' has no word to research "
                                  "(only stop words or punctuation); say what to research")


# -------------------------------------------------------------------------- model path
def _label(body: dict, words: str) -> str | None:
    """The label the research request gave the passage containing ``words``."""
    text = MessagesAPIServer.request_text(body)
    for label, passage in re.findall(r'<passage label="(P\d+)"[^>]*>(.*?)</passage>', text,
                                     re.DOTALL):
        if words in passage:
            return label
    return None


def _is_opinion(body: dict) -> bool:
    return "faithful to source passages" in MessagesAPIServer.request_text(body)


def test_model_answer_goes_through_the_gate_and_the_second_opinion(km, tmp_path):
    opinions = []

    def answer(body: dict):
        if _is_opinion(body):
            items = re.findall(r"<statement>(.*?)</statement>",
                               MessagesAPIServer.request_text(body))
            opinions.append(items)
            verdicts = [{"index": i, "verdict": "unsupported" if "billing" in s else "entailed",
                         "reason": "the passage names no owner" if "billing" in s else "ok"}
                        for i, s in enumerate(items)]
            return tool_use(TOOL_NAME, {"verdicts": verdicts})
        services = _label(body, "payments service stores")
        databases = _label(body, "ledger database runs")
        if databases is None:  # first hop: the model asks for the ledger database
            return tool_use(TOOL_NAME, {"statements": [], "follow_up": ["ledger database host"],
                                        "done": False})
        return tool_use(TOOL_NAME, {"done": True, "follow_up": [], "statements": [
            {"text": "The payments service stores its data in the ledger database.",
             "cites": [services]},
            {"text": "The ledger database runs PostgreSQL 14 on host db-3.", "cites": [databases]},
            {"text": "The ledger database runs PostgreSQL 15 on host db-3.", "cites": [databases]},
            {"text": "The payments service is owned by the billing team.", "cites": [services]},
        ]})

    with MessagesAPIServer(fallback=answer) as api:
        env = {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": api.url,
               "RLAT_MODEL": "claude-test-model", "RLAT_LLM_TIMEOUT": "10"}
        out = run_rlat("deep-search", str(km), QUESTION, "--format", "json", env=env,
                       cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        assert api.saw("The ledger database runs PostgreSQL 15 on host db-3.")
    data = json.loads(out.stdout)
    assert data["mode"] == "model"
    assert [h["query"] for h in data["hops"]] == [QUESTION, "ledger database host"]
    kept = [a["text"] for a in data["answer"]]
    assert kept == ["The payments service stores its data in the ledger database.",
                    "The ledger database runs PostgreSQL 15 on host db-3."]
    dropped = {d["text"]: d["verdict"]["reason"] for d in data["dropped"]}
    # the deterministic checks caught the wrong version; the model vetoed the owner
    assert dropped["The ledger database runs PostgreSQL 14 on host db-3."] == \
        "says 14 where the passage says 15"
    assert dropped["The payments service is owned by the billing team."].startswith("model:")
    # the model was asked only about what the checks let through
    assert opinions and not any("PostgreSQL 14" in s for s in opinions[0])
    texts = sorted(c.text for c in ClaimLog(km).state().claims.values())
    assert texts == sorted(kept)


def test_a_rejected_key_falls_back_to_the_deterministic_path(km, tmp_path):
    from support.messages_api import error

    with MessagesAPIServer(error(401, "invalid x-api-key"), consume="all") as api:
        env = {"ANTHROPIC_API_KEY": "bad-key", "ANTHROPIC_BASE_URL": api.url,
               "RLAT_LLM_TIMEOUT": "5"}
        out = run_rlat("deep-search", str(km), QUESTION, "--format", "json", env=env,
                       cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "model unavailable mid-research" in out.stderr and "Traceback" not in out.stderr
    data = json.loads(out.stdout)
    assert data["mode"] == "deterministic"
    assert data["answer"][0]["text"] == "The payments service stores its data in the ledger database."
