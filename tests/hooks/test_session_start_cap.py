"""SessionStart never exceeds its cap (Claude Code replaces an additionalContext over 10,000
characters with a 2 KB preview), keeps the most important facts, says what it left out, and
survives a huge claim in the store."""

from __future__ import annotations

import json
import time

import pytest
from support.cli import run_rlat
from support.hookrun import add_claim as add
from support.hookrun import run_hook, start

from rlat.paths import state_dir

CONSTRAINTS = "Standing constraints for this environment:"
FALSIFIED = "Tried and falsified in this environment:"


def injected(session="sess-1"):
    lines = (state_dir() / f"{session}.jsonl").read_text().splitlines()
    return [cid for cid, _rank in json.loads(lines[0])["injected"]]


def test_eleven_kb_of_constraints_stay_under_the_cap_and_the_rest_is_counted(workspace):
    now = time.time()
    rule = "Every deploy to the shared cluster needs a change ticket approved by on-call; " * 3
    ids = [add(workspace, f"Rule {i}: {rule}", "constraint", ts=now - 1000 + i)
           for i in range(40)]  # about 11 KB
    falsified = add(workspace, "Tried raising the pool size to 500; the database fell over.",
                    "falsified")
    add(workspace, "Run the tests with make check before pushing")
    ctx = start(workspace).context
    assert 0 < len(ctx) <= 6000
    assert ctx.index(CONSTRAINTS) < ctx.index("more standing constraints")
    shown = [cid for cid in injected() if cid in ids]
    assert shown and len(shown) < 40
    falsified_note = "" if falsified in injected() else ", 1 more falsified findings"
    assert f"({40 - len(shown)} more standing constraints{falsified_note} not shown: " \
           "rlat world-facts)" in ctx
    assert "(1 claims learned here not shown: rlat memory list --here)" in ctx
    # newest first within the class: the last rules written are the ones kept
    assert set(shown) == set(ids[-len(shown):])
    # a budget above Claude Code's spill threshold is capped below it
    big = start(workspace, "sess-2", env={"RLAT_CONTEXT_CHARS": "50000"}).context
    assert 6000 < len(big) < 10_000


def test_a_critical_constraint_is_kept_before_newer_ones(workspace):
    now = time.time()
    severe = add(workspace, "Never run migrations against prod without a snapshot.",
                 "constraint", ts=now - 5000, criticality="severe")
    for i in range(40):
        add(workspace, f"Rule {i}: " + "the staging cluster needs a ticket for changes. " * 5,
            "constraint", ts=now - 1000 + i)
    ctx = start(workspace).context
    assert severe in injected() and "snapshot" in ctx and len(ctx) <= 6000


def test_falsified_findings_and_trusted_claims_fill_what_constraints_leave(workspace):
    add(workspace, "Never deploy on Fridays.", "constraint")
    add(workspace, "Tried raising the pool size to 500; the database fell over.", "falsified")
    add(workspace, "Run the tests with make check before pushing")
    ctx = start(workspace).context
    assert ctx.index("Fridays") < ctx.index(FALSIFIED) < ctx.index("make check")
    assert "not shown" not in ctx


def test_a_huge_claim_never_disables_session_start_or_recall(workspace, tmp_path):
    text = " ".join(f"log line {i}: connection reset by peer at shard {i % 97}"
                    for i in range(7000))
    assert len(text) > 350_000
    import base64

    huge_file = tmp_path / "huge.txt"
    huge_file.write_text(text)
    blob_file = tmp_path / "blob.txt"  # one 360 KB "word"
    blob_file.write_text(base64.b64encode(bytes(range(256)) * 1050).decode())
    for claim_type, source in (("constraint", huge_file), ("convention", huge_file),
                               ("environment", blob_file)):
        with source.open() as stdin:
            import subprocess
            import sys
            proc = subprocess.run([sys.executable, "-m", "rlat", "memory", "add", "--type",
                                   claim_type, "-"], stdin=stdin, cwd=workspace,
                                  capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
    assert run_rlat("memory", "add", "Never deploy on Fridays.", "--type", "constraint",
                    cwd=workspace).returncode == 0
    assert run_rlat("memory", "add", "Run the tests with make check before pushing",
                    cwd=workspace).returncode == 0

    began = time.monotonic()
    ctx = start(workspace).context
    assert time.monotonic() - began < 5
    assert 0 < len(ctx) <= 6000
    assert "Fridays" in ctx and "make check" in ctx
    assert "more characters; rlat world-facts]" in ctx  # the huge constraint, cut with a marker
    began = time.monotonic()
    recall = run_hook("user-prompt", {"session_id": "sess-9", "cwd": str(workspace),
                                      "prompt": "how do I run the tests before pushing?"})
    assert time.monotonic() - began < 5
    assert "make check" in recall.context and len(recall.context) <= 2000


@pytest.mark.parametrize("seed", range(6))
def test_never_over_the_budget_whatever_the_mix(workspace, seed):
    import random

    rng = random.Random(seed)
    for i in range(rng.randint(5, 60)):
        add(workspace, f"fact {i} " + "word " * rng.choice([3, 30, 200, 2000]),
            rng.choice(["constraint", "falsified", "convention", "environment"]),
            criticality=rng.choice(["low", "normal", "high", "severe"]))
    budget = [150, 400, 1200, 3000, 6000, 50000][seed]
    ctx = start(workspace, env={"RLAT_CONTEXT_CHARS": str(budget)}).context
    assert len(ctx) <= min(budget, 9500)
    assert ctx.count("<rlat-context") == ctx.count("</rlat-context>")


def test_a_pasted_multi_megabyte_log_mentioning_the_prompts_words_leaves_recall_working(
        workspace, tmp_path):
    # Every prompt about the tests matches this claim; before claims were matched on their
    # first DOCUMENT_CHARS, each prompt tokenized all 8 MB of it and ran out of its deadline.
    log = tmp_path / "test.log"
    log.write_text("Test log of make check: " + "running tests with make check: test ok " * 200_000)
    assert run_rlat("memory", "add", "In this repo we always run the tests with make check.",
                    cwd=workspace).returncode == 0
    with log.open() as stdin:
        import subprocess
        import sys
        proc = subprocess.run([sys.executable, "-m", "rlat", "memory", "add", "-"], stdin=stdin,
                              cwd=workspace, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    for i in range(2):  # (the first may build the index itself; the second reads the worker's)
        recall = run_hook("user-prompt", {"session_id": f"sess-{i}", "cwd": str(workspace),
                                          "prompt": "how do I run the tests here?"})
        assert "we always run the tests with make check" in recall.context
        assert len(recall.context) <= 800
