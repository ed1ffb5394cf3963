"""What recall matches a claim on: its text, its subject and its attribute key — but not the
namespace capture gives a fact's subject ("environment:port:5433" says what kind of fact it is,
not what it is about)."""

from __future__ import annotations

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.retrieval import recall as R

T0 = 1_800_000_000.0
WS = "git:github.com/acme/app"


def store(*claims: tuple[str, str, str]):
    return fold([ev.proposed(text, claim_type, subject=subject, workspace=WS, ts=T0,
                             citations=[ev.command_citation(text)], origin="user")
                 for text, claim_type, subject in claims])


def recalled(state, query):
    return [h.claim.text for h in R.recall(state, query, workspace=WS, now=T0)]


def test_a_captured_facts_kind_is_not_a_word_it_is_recalled_on():
    state = store(("Postgres listens on 5433 here, not 5432.", "environment",
                   "environment:port:5433"),
                  ("Checkpoints go to /var/lib/app/checkpoints.", "environment",
                   "environment:path:/var/lib/app/checkpoints"))
    # every environment fact's subject starts with "environment:"; a prompt about the staging
    # environment shares that word with none of them
    assert recalled(state, "describe the staging environment") == []
    assert recalled(state, "what environment variables exist?") == []
    assert recalled(state, "which port does postgres listen on?") == [
        "Postgres listens on 5433 here, not 5432."]


def test_a_subject_a_person_gave_is_matched():
    state = store(("Deploys need a second approver.", "constraint", "release freeze"))
    assert recalled(state, "who signs off during the release freeze?") == [
        "Deploys need a second approver."]


def test_recall_asked_for_no_claims_returns_none_rather_than_failing():
    state = store(("Run the tests with make check, never tox.", "convention", ""))
    assert R.recall(state, "how do I run the tests", workspace=WS, now=T0, top_k=3)
    assert R.recall(state, "how do I run the tests", workspace=WS, now=T0, top_k=0) == []
