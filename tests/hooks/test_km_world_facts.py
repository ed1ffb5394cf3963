"""World facts held in the workspace's knowledge models, as the hooks serve them: attributes
recalled by relevance (current values only), their read lineage and outcomes written where
they live, and quarantine reaching them."""

from __future__ import annotations

import time

from support.cli import run_rlat
from support.hookrun import FIXTURES, prompt, records, run_hook, start

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.lens.learn import tally_outcomes
from rlat.paths import memory_store_path
from rlat.workspace import workspace_id
from rlat.world import capture_world_fact, default_km_path

TESTS_PROMPT_ID = "0cf11170-3530-491c-9182-24423694719a"  # the fixture's prompt: tests pass


def km_events(km, kind):
    return [e for e in ClaimLog(km).events() if e["kind"] == kind]


def capacities(work):
    wid = workspace_id(str(work))
    km = default_km_path(wid)
    t0 = time.time() - 100
    old = capture_world_fact(km, "The workspace runs an F64 capacity.", "attribute",
                             attribute_key="workspace capacity", workspace=wid, ts=t0)
    new = capture_world_fact(km, "The workspace runs an F128 capacity.", "attribute",
                             attribute_key="workspace capacity", workspace=wid, ts=t0 + 10)
    capture_world_fact(km, "Releases are cut from the release branch on Tuesdays.",
                       "attribute", workspace=wid, ts=t0 + 20)
    return km, old.claim_id, new.claim_id


def test_prompt_recalls_the_current_attribute_value_by_relevance(workspace):
    km, old, new = capacities(workspace)
    run = prompt(workspace, "which capacity does the workspace run?", prompt_id="p1")
    assert "F128" in run.context and "F64" not in run.context  # never a superseded value
    assert "stated by user" in run.context
    assert "Tuesdays" not in run.context  # not relevant to this prompt
    rec = [r for r in records() if r["event"] == "prompt"][0]
    assert rec["injected"] == [[new, 1]] and rec["kms"] == {new: str(km.resolve())}
    # Its read lineage is in its own KM, where the trust engine folds it onto the claim.
    assert [e["claims"] for e in km_events(km, "injected")] == [[new]]
    assert ClaimLog(km).state().claims[new].injected_sessions == ["sess-1"]
    # An unrelated prompt gets nothing: the same abstention floor as every claim.
    assert prompt(workspace, "rename the variable foo to bar", prompt_id="p2").stdout == ""
    # Not restated in the same session.
    assert "F128" not in prompt(workspace, "what capacity again?", prompt_id="p3").context


def test_memory_recall_ranks_km_attributes_with_the_store(workspace):
    capacities(workspace)
    out = run_rlat("memory", "recall", "which capacity does the workspace run", cwd=workspace)
    assert out.returncode == 0, out.stderr
    assert "F128" in out.stdout and "F64" not in out.stdout
    explained = run_rlat("memory", "recall", "capacity", "--explain", cwd=workspace)
    assert "world fact of this workspace's knowledge model" in explained.stdout


def test_session_start_facts_from_a_km_get_lineage_and_outcome_credit(workspace):
    wid = workspace_id(str(workspace))
    km = default_km_path(wid)
    rule = capture_world_fact(km, "The tenant is EU-only for data residency.", "constraint",
                              workspace=wid).claim_id
    convention = ev.proposed("Run the tests with make check, never pytest directly",
                             "convention", workspace=wid, origin="user",
                             citations=[ev.command_citation("test")])
    ClaimLog(memory_store_path()).append([convention])

    ctx = start(workspace).context
    assert "EU-only" in ctx and "make check" in ctx
    assert records()[0]["kms"] == {rule: str(km.resolve())}
    # Each claim's read lineage where it lives: the KM fact in its KM, the rest in the store.
    assert [e["claims"] for e in km_events(km, "injected")] == [[rule]]
    store = ClaimLog(memory_store_path())
    assert [e["claims"] for e in store.events() if e["kind"] == "injected"] \
        == [[convention["claim"]]]

    transcript = str(FIXTURES / "tool_failure.jsonl")
    prompt(workspace, "please run the tests", prompt_id=TESTS_PROMPT_ID)
    run_hook("stop", {"session_id": "sess-1", "cwd": str(workspace),
                      "transcript_path": transcript, "prompt_id": TESTS_PROMPT_ID,
                      "last_assistant_message": "pass"})
    run_hook("session-end", {"session_id": "sess-1", "cwd": str(workspace),
                             "transcript_path": transcript, "reason": "other"})
    # The session went well: what SessionStart served shares its roll-up.
    km_outcomes = km_events(km, "outcome")
    assert [(e["result"], [c[0] for c in e["claims"]]) for e in km_outcomes] == [(1, [rule])]
    assert ClaimLog(km).state().claims[rule].outcomes[0][1] == 1
    credited = {c[0] for e in store.events() if e["kind"] == "outcome" for c in e["claims"]}
    assert convention["claim"] in credited and rule not in credited
    # `rlat lens learn --from-outcomes` joins them by claim id across the store and the KM.
    _claims, tallies, _n = tally_outcomes([memory_store_path(), km])
    assert tallies[rule].good > 0


def test_quarantine_reaches_the_miners_km_facts(workspace):
    wid = workspace_id(str(workspace))
    km = default_km_path(wid)
    capture_world_fact(km, "The staging cluster is shared with the data team.", "constraint",
                       workspace=wid, observed_by="rlat-miner")
    capture_world_fact(km, "The workspace runs an F128 capacity.", "attribute",
                       attribute_key="workspace capacity", workspace=wid,
                       observed_by="rlat-miner")
    assert "CONTESTED" not in start(workspace, session="before").context

    out = run_rlat("quarantine", "rlat-miner", cwd=workspace)
    assert out.returncode == 0, out.stderr  # known: its facts are in this workspace's KM

    ctx = start(workspace).context
    line = next(ln for ln in ctx.splitlines() if "staging cluster" in ln)
    assert "CONTESTED" in line and "verify before relying" in line
    recalled = prompt(workspace, "which capacity does the workspace run?").context
    assert "F128" in recalled and "CONTESTED" in recalled
    # Lifting quarantine restores them (nothing was written to the KM).
    assert run_rlat("unquarantine", "rlat-miner", cwd=workspace).returncode == 0
    assert "CONTESTED" not in start(workspace, session="after").context


def test_a_mined_attribute_is_recalled_as_stated_by_user(workspace):
    wid = workspace_id(str(workspace))
    cite = ev.session_citation("sess-0", "sess-0/m4", "h4", observed_by="rlat-miner",
                               observed_at=time.time())
    capture_world_fact(default_km_path(wid), "The workspace runs an F128 capacity.",
                       "attribute", attribute_key="workspace capacity", workspace=wid,
                       observed_by="rlat-miner", citations=[cite])
    context = prompt(workspace, "which capacity does the workspace run?").context
    assert "by rlat-miner, stated by user in 1 session" in context


def test_the_worker_checkpoints_a_km_the_hooks_append_lineage_to(workspace):
    from rlat.hooks.worker import Job, task_checkpoint

    wid = workspace_id(str(workspace))
    km = default_km_path(wid)
    rule = capture_world_fact(km, "The tenant is EU-only for data residency.", "constraint",
                              workspace=wid).claim_id
    log = ClaimLog(km)
    for i in range(700):  # a long-lived workspace's sessions, each shown the rule
        log.append([ev.injected(f"session-{i:04d}-{'x' * 40}", [rule])], durable=False)
    before = ClaimLog(km)
    before.state()
    assert before.records_since_snapshot >= 700
    task_checkpoint(Job({"session_id": "sess-w", "workspace": wid}))
    after = ClaimLog(km)
    assert len(after.state().claims[rule].injected_sessions) == 700
    assert after.records_since_snapshot == 0  # SessionStart folds from a fresh snapshot


def test_world_facts_context_matches_session_start_under_quarantine(workspace):
    wid = workspace_id(str(workspace))
    capture_world_fact(default_km_path(wid), "The staging cluster is shared with the data team.",
                       "constraint", workspace=wid, observed_by="rlat-miner")
    assert run_rlat("quarantine", "rlat-miner", cwd=workspace).returncode == 0
    out = run_rlat("world-facts", "--format", "context", cwd=workspace)
    assert out.returncode == 0, out.stderr
    assert "CONTESTED" in out.stdout and "verify before relying" in out.stdout
