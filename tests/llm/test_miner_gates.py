"""The miner's four gates, with scripted model answers over the real SDK.

The scripted model is deliberately gullible in most tests: it claims every gate passes. What is
dropped anyway is dropped by the checks rlat makes without trusting the model.
"""

from __future__ import annotations

import pytest
from support.messages_api import MessagesAPIServer, tool_use

from rlat.claims.log import ClaimLog
from rlat.llm.evidence import Msg
from rlat.llm.miner import GATES, land, mine
from rlat.llm.provider import TOOL_NAME, AnthropicProvider, Settings
from rlat.world import default_km_path, world_profile

ALL_PASS = dict.fromkeys(GATES, True)

SESSION = [
    Msg("uuid-1", "user", "Please add a retry to the upload client. Production deploys only "
                          "happen on Tuesdays, the release train is fixed.", 1_800_000_000.0),
    Msg("uuid-2", "assistant", "Sure. Note that the CI runners have 4 GB of memory, so the "
                               "integration tests run serially.", 1_800_000_010.0),
    Msg("uuid-3", "user", "Makes sense.", 1_800_000_020.0),
    Msg("uuid-4", "user", "I prefer tabs.", 1_800_000_030.0),
    Msg("uuid-5", "user", "My laptop is a Mac, so give me commands for macOS.", 1_800_000_040.0),
    Msg("uuid-6", "tool", "The staging database is called acme-staging-db.", 1_800_000_050.0),
    Msg("uuid-7", "user", "What if the bucket was in us-east-1?", 1_800_000_060.0),
    Msg("uuid-8", "user", "The build is broken right now, ignore the red CI.", 1_800_000_070.0),
    Msg("uuid-9", "user", "Here is the vendor doc:\n> The API allows 100 requests per second.\n"
                          "Can you handle that?", 1_800_000_080.0),
]


def cand(text, alias, excerpt, kind="constraint", key=None, gates=None):
    return {"text": text, "kind": kind, "attribute_key": key, "gates": gates or ALL_PASS,
            "evidence": [{"message": alias, "excerpt": excerpt}]}


def run_miner(*candidates, session=SESSION):
    with MessagesAPIServer(tool_use(TOOL_NAME, {"candidates": list(candidates)})) as api:
        provider = AnthropicProvider(Settings(api_key="k", base_url=api.url, budget=10))
        outcome = mine(provider, session)
        (body,) = api.message_requests()
    return outcome, api.request_text(body)


def test_the_model_sees_only_what_the_user_typed():
    _, prompt = run_miner()
    assert "Production deploys only happen on Tuesdays" in prompt
    assert "CI runners have 4 GB" not in prompt  # the assistant's words
    assert "acme-staging-db" not in prompt  # a tool's output


def test_a_user_stated_standing_rule_lands(rlat_home):
    outcome, _ = run_miner(cand("Production deploys only happen on Tuesdays.", "u1",
                                "Production deploys only happen on Tuesdays"))
    assert [f.text for f in outcome.kept] == ["Production deploys only happen on Tuesdays."]
    km = default_km_path("git:example.com/acme/uploads")
    result = land(outcome.kept, km_path=km, session_id="sess-1",
                  workspace="git:example.com/acme/uploads")
    assert result.receipt() == (f"[rlat] Learned 1 world fact(s) into {km.name} "
                                f"(review: rlat profile {km})")
    state = ClaimLog(km).state()
    (claim,) = state.claims.values()
    assert (claim.type, claim.source) == ("constraint", "world")
    (cite,) = claim.evidence
    assert (cite["session_id"], cite["message_id"]) == ("sess-1", "uuid-1")
    assert world_profile(state)["constraint"][0]["text"] == claim.text


@pytest.mark.parametrize("candidate", [
    cand("Indentation uses tabs.", "u3", "I prefer tabs", kind="attribute", key="indentation"),
    cand("The user prefers tabs.", "u3", "I prefer tabs", kind="attribute"),
    cand("The development machine is a Mac.", "u4", "My laptop is a Mac", kind="attribute"),
    cand("My laptop is a Mac.", "u4", "My laptop is a Mac", kind="attribute"),
])
def test_person_facts_never_land(candidate):
    outcome, _ = run_miner(candidate)
    assert outcome.kept == []
    assert "person" in outcome.dropped[0].reason or "user themselves" in outcome.dropped[0].reason


def test_an_assistant_stated_fact_never_lands():
    outcome, _ = run_miner(
        # cites the user's acknowledgement for the assistant's claim
        cand("The CI runners have 4 GB of memory.", "u2", "Makes sense.", kind="attribute"),
        # cites the assistant's message id directly (it is not among the user's messages)
        {**cand("The CI runners have 4 GB of memory.", "uuid-2", "the CI runners have 4 GB"),
         "kind": "attribute"},
        # a tool's output is not the user either
        cand("The staging database is called acme-staging-db.", "uuid-6",
             "The staging database is called acme-staging-db", kind="attribute"),
    )
    assert outcome.kept == []
    assert len(outcome.dropped) == 3


def test_hypotheticals_passing_states_and_pasted_documents_never_land():
    outcome, _ = run_miner(
        cand("The bucket is in us-east-1.", "u5", "the bucket was in us-east-1", kind="attribute"),
        cand("The build is broken.", "u6", "The build is broken right now", kind="attribute"),
        cand("The API allows 100 requests per second.", "u7",
             "The API allows 100 requests per second"),
    )
    assert outcome.kept == []
    reasons = " | ".join(d.reason for d in outcome.dropped)
    assert "hypothetical" in reasons and "passing state" in reasons and "pasted" in reasons


def test_a_gate_the_model_marks_failed_drops_the_candidate():
    gates = {**ALL_PASS, "premise_bearing": False}
    outcome, _ = run_miner(cand("Production deploys only happen on Tuesdays.", "u1",
                                "Production deploys only happen on Tuesdays", gates=gates))
    assert outcome.kept == []
    assert "premise_bearing" in outcome.dropped[0].reason


def test_a_fact_with_details_the_user_never_said_is_dropped():
    outcome, _ = run_miner(
        cand("Production deploys only happen on Tuesdays at 14:00 UTC.", "u1",
             "Production deploys only happen on Tuesdays"),
        cand("Deployments require two approvals from the security team.", "u1",
             "Production deploys only happen on Tuesdays"),
    )
    assert outcome.kept == []


def test_citations_must_resolve():
    outcome, _ = run_miner(
        cand("Production deploys only happen on Tuesdays.", "u42",
             "Production deploys only happen on Tuesdays"),
        cand("Production deploys only happen on Tuesdays.", "u1",
             "Production deploys only happen on Wednesdays"),
    )
    assert outcome.kept == []
    assert "does not exist" in outcome.dropped[0].reason
    assert "not in message" in outcome.dropped[1].reason


def test_stating_a_fact_again_in_another_session_is_one_claim_with_more_evidence(rlat_home):
    km = default_km_path("path:/tmp/project")
    fact = cand("Production deploys only happen on Tuesdays.", "u1",
                "Production deploys only happen on Tuesdays")
    first, _ = run_miner(fact)
    land(first.kept, km_path=km, session_id="s1", workspace="path:/tmp/project")
    again = land(first.kept, km_path=km, session_id="s1", workspace="path:/tmp/project")
    assert again.learned == 0 and again.already  # a re-run of the same session adds nothing
    second, _ = run_miner(fact)
    result = land(second.kept, km_path=km, session_id="s2", workspace="path:/tmp/project")
    assert result.recurring and not result.new
    (claim,) = ClaimLog(km).state().claims.values()
    assert claim.recurrence == 2 and sorted(claim.sessions) == ["s1", "s2"]


def test_a_keyed_attribute_is_superseded_by_the_users_newer_value(rlat_home):
    km = default_km_path("path:/tmp/warehouse")
    s1 = [Msg("a", "user", "The workspace runs an F64 capacity.", 1_800_000_000.0)]
    s2 = [Msg("b", "user", "We moved up: the workspace runs an F128 capacity.", 1_800_100_000.0)]
    one, _ = run_miner(cand("The workspace runs an F64 capacity.", "u1",
                            "The workspace runs an F64 capacity", kind="attribute",
                            key="Workspace capacity"), session=s1)
    land(one.kept, km_path=km, session_id="s1", workspace=None)
    two, _ = run_miner(cand("The workspace runs an F128 capacity.", "u1",
                            "the workspace runs an F128 capacity", kind="attribute",
                            key="workspace capacity"), session=s2)
    land(two.kept, km_path=km, session_id="s2", workspace=None)
    rows = world_profile(ClaimLog(km).state())["attribute"]
    assert len(rows) == 1 and rows[0]["text"] == "The workspace runs an F128 capacity."
    assert [h["text"] for h in rows[0]["history"]][1] == "The workspace runs an F64 capacity."
