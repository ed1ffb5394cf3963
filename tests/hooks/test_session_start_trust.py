"""SessionStart orders its claims by the trust weight recall uses: contested x0.7 and the
observing agent's calibration multiplier (rlat.trust.lifecycle.trust_weight)."""

from __future__ import annotations

from support.hookrun import run_hook

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path
from rlat.workspace import workspace_id


def _claim(work, text, sessions, *, observed_by="claude-code") -> dict:
    wid = workspace_id(str(work))
    cites = [ev.session_citation(f"s-{text[:6]}-{i}", f"m{i}", f"h{i}", observed_by=observed_by)
             for i in range(sessions)]
    return ev.proposed(text, "convention", citations=cites, workspace=wid,
                       observed_by=observed_by)


def _start(work) -> str:
    return run_hook("session-start", {"session_id": "sess-t", "cwd": str(work),
                                      "source": "startup"}).context


def test_a_contested_claim_weighs_less_at_session_start(workspace):
    # Four sessions against three: uncontested, the first would rank above the second.
    strong = _claim(workspace, "Run the linters with make lint before pushing", 4)
    weaker = _claim(workspace, "Format the code with make fmt before committing", 3)
    other = _claim(workspace, "Never run make lint inside the container", 1)
    store = ClaimLog(memory_store_path())
    store.append([strong, weaker, other])
    store.append([ev.contested(strong["claim"], other["claim"], "test")])
    ctx = _start(workspace)
    assert "CONTESTED" in ctx
    # 4 sessions, contested: trust(1.5) x 0.7 = 0.45 < trust(1.0) = 0.47
    assert ctx.index("make fmt") < ctx.index("make lint before pushing")


def test_the_calibration_multiplier_orders_session_start(workspace):
    # An agent whose predictions failed: multiplier 0.5, so its four sessions count as 0.75
    # points of recurrence against the other agent's three (1.0).
    unreliable = _claim(workspace, "Run the linters with make lint before pushing", 4,
                        observed_by="cc-unreliable")
    neutral = _claim(workspace, "Format the code with make fmt before committing", 3)
    store = ClaimLog(memory_store_path())
    store.append([unreliable, neutral,
                  ev.calibration_scored("cc-unreliable", score=1.0, resolved=40, correct=0,
                                        expired=0, low_sample=False)])
    ctx = _start(workspace)
    assert ctx.index("make fmt") < ctx.index("make lint before pushing")


def test_what_every_trusted_line_says_alike_is_said_once_in_the_heading(workspace):
    """Session start's memory block, like a prompt's: a young store's claims all read
    "[…, by claude-code, 1 independent session, low, verify before relying]"; said once."""
    import re

    from support.hookrun import start

    store = ClaimLog(memory_store_path())
    wid = workspace_id(str(workspace))
    store.append([ev.proposed(text, "convention", workspace=wid, observed_by="claude-code",
                              citations=[ev.session_citation("s1", f"m{i}", f"h{i}")])
                  for i, text in enumerate(["Run the tests with make check.",
                                            "Format with ruff format, not black.",
                                            "Migrations go through alembic revision."])])
    block = start(workspace).context
    memory = block[block.index("What rlat remembers"):]
    heading, *lines = [ln for ln in memory.splitlines() if ln.strip()][:4]
    assert "every line: by claude-code, 1 independent session" in heading
    assert memory.count("independent session") == 1
    assert all(re.match(r"- \[\d{4}-\d{2}-\d{2}\] ", line) for line in lines), lines


def test_session_records_come_after_the_facts_of_the_same_trust(workspace):
    """A session's record is its history: at session start the facts come first, however new
    the record, and it fills only the room they leave (rlat.retrieval.recall.EVENT_WEIGHT)."""
    import time

    now = time.time()
    wid = workspace_id(str(workspace))
    store = ClaimLog(memory_store_path())
    facts = [ev.proposed(text, "convention", workspace=wid, observed_by="claude-code",
                         citations=[ev.session_citation("s1", f"m{i}", f"h{i}")], ts=now - 60)
             for i, text in enumerate(["Run the tests with make check.",
                                       "Format with ruff format, not black."])]
    record = ev.proposed("Goal: fix the flaky upload test. Ran (2 failed): `make check` "
                         "Ended: the upload test passes.", "event", workspace=wid,
                         observed_by="claude-code",
                         citations=[ev.session_citation("s2", "m9", "h9")], ts=now)
    store.append([*facts, record])
    ctx = _start(workspace)
    assert ctx.index("Goal: fix the flaky upload test") > max(
        ctx.index("make check."), ctx.index("ruff format"))


def test_recall_says_a_session_records_score_counts_a_quarter(workspace):
    import time

    from support.cli import run_rlat

    from rlat.retrieval.recall import EVENT_WEIGHT

    now = time.time()
    ClaimLog(memory_store_path()).append([ev.proposed(
        "Goal: migrate the upload bucket to the new region. Ran `aws s3 sync` Ended: the "
        "upload bucket now lives in eu-west-2.", "event", workspace=workspace_id(str(workspace)),
        observed_by="claude-code", citations=[ev.session_citation("s1", "m1", "h1")], ts=now)])
    query = "which region does the upload bucket live in now after the migrate?"
    out = run_rlat("memory", "recall", query, cwd=workspace)
    assert out.returncode == 0, out.stderr
    assert f" x {EVENT_WEIGHT:g}), event, learned" in out.stdout
    out = run_rlat("memory", "recall", query, "--explain", cwd=workspace)
    assert f"(x {EVENT_WEIGHT:g} for a session record)" in out.stdout
