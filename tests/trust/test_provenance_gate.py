"""The promotion gate's provenance check and the order of the gates (quarantine → evidence →
contradiction → provenance → independence), as the fleet seed states them."""

from __future__ import annotations

import time

from support.cli import run_rlat
from support.hookrun import run_hook

from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.claims.fold import FoldState
from rlat.claims.model import Claim
from rlat.paths import memory_store_path
from rlat.trust.lifecycle import promotion_block

DAY = 86_400.0


def _cite(session, at):
    return ev.session_citation(session, f"m-{at:.0f}", "h", observed_by="cc-01", observed_at=at)


def test_the_gates_run_in_the_seeds_order():
    now = 1_800_000_000.0
    window = {"s1": (now - 600, now)}.get
    inside, outside = _cite("s1", now - 60), _cite("s1", now - 5 * DAY)
    claim = Claim(id="c1", text="Staging SSH listens on 2222", source="experience",
                  type="environment", observed_by="cc-01", evidence=[outside], state="contested",
                  created_at=now - 60, last_evidence_at=now - 60)
    state = FoldState(claims={"c1": claim}, agents={"cc-01": [True, now, "e", "drifting"]})

    def block():
        return promotion_block(state, claim, now, window_of=window) or ""

    assert "quarantined" in block()
    state.agents.clear()
    claim.evidence = []
    assert block().startswith("no evidence")
    claim.evidence = [outside]
    assert block().startswith("contested")
    claim.state = "candidate"
    assert block().startswith("provenance: citation")
    claim.evidence = [inside]
    assert block() == ""
    # without a way to tell the session's window, provenance is not checked
    claim.evidence = [outside]
    assert promotion_block(state, claim, now) is None


def test_consolidate_does_not_promote_a_citation_from_outside_its_session(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    # the real hooks see session s-prov now: its window is "now"
    run_hook("session-start", {"session_id": "s-prov", "cwd": str(work),
                               "hook_event_name": "SessionStart", "source": "startup"})
    run_hook("user-prompt", {"session_id": "s-prov", "cwd": str(work),
                             "hook_event_name": "UserPromptSubmit", "prompt": "deploy staging"})
    now = time.time()
    good = ev.proposed("Staging SSH listens on port 2222", "environment",
                       citations=[_cite("s-prov", now)], observed_by="cc-01")
    forged = ev.proposed("Production SSH listens on port 2200", "environment",
                         citations=[_cite("s-prov", now - 3 * DAY)], observed_by="cc-01")
    unseen = ev.proposed("The bastion host is bastion-2", "environment",
                         citations=[_cite("s-elsewhere", now - 3 * DAY)], observed_by="cc-01")
    ClaimLog(memory_store_path()).append([good, forged, unseen])
    out = run_rlat("memory", "consolidate", cwd=work)
    assert out.returncode == 0, out.stderr
    assert f"promote    {good['claim'][:12]}" in out.stdout
    assert f"promote    {unseen['claim'][:12]}" in out.stdout  # no window known: not checked
    assert forged["claim"][:12] not in out.stdout
    state = ClaimLog(memory_store_path()).state()
    assert state.claims[forged["claim"]].state == "candidate"
