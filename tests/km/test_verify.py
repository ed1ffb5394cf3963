"""`rlat memory verify`, the drift re-check (refresh, the hooks' worker) and consolidate over a
knowledge model's claims: real KMs, real processes, real hooks."""

from __future__ import annotations

import json
import time

import pytest
from corpus_helpers import NO_KEY, QUESTION, build_km
from support.cli import run_rlat
from support.hookrun import run_hook

from rlat.claims.log import ClaimLog
from rlat.km.store import KnowledgeModel
from rlat.paths import state_dir

POSTGRES = "The ledger database runs PostgreSQL 15 on host db-3."
BACKUPS = "Backups of the ledger run nightly at 02:00."


@pytest.fixture
def kb(tmp_path):
    """(corpus root, KM, workspace dir)."""
    root, km = build_km(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    return root, km, work


def _add(work, text, *args):
    out = run_rlat("memory", "add", text, "--type", "environment", *args, cwd=work)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()[2]


def _corpus_points(work, cid):
    out = run_rlat("memory", "confidence", cid, "--format", "json", cwd=work)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)["points"]["corpus"]


def _by_text(km):
    return {c.text: c for c in ClaimLog(km).state().claims.values()}


def test_verify_earns_and_costs_corpus_points_once_per_passage(kb):
    _root, km, work = kb
    good = _add(work, "The ledger database runs PostgreSQL 15.")
    bad = _add(work, "The ledger database runs PostgreSQL 12.")
    other = _add(work, "We deploy on Fridays.")
    out = run_rlat("memory", "verify", str(km), cwd=work, env=NO_KEY)
    assert out.returncode == 0, out.stderr
    assert f"+ verified        {good[:12]}" in out.stdout
    assert f"- contradicted    {bad[:12]}" in out.stdout
    assert "says 12 where the passage says 15" in out.stdout
    assert f"not in the KM   {other[:12]}" in out.stdout
    assert "1 verified, 1 contradicted, 1 not in the KM" in out.stdout
    assert (_corpus_points(work, good), _corpus_points(work, bad),
            _corpus_points(work, other)) == (1.5, -2.0, 0.0)
    # the same check against the same passage counts once
    again = run_rlat("memory", "verify", str(km), cwd=work, env=NO_KEY)
    assert "2 counted before" in again.stdout
    assert (_corpus_points(work, good), _corpus_points(work, bad)) == (1.5, -2.0)


def test_dry_run_and_json(kb):
    _root, km, work = kb
    good = _add(work, "The ledger database runs PostgreSQL 15.")
    out = run_rlat("memory", "verify", str(km), "--dry-run", "--format", "json", cwd=work,
                   env=NO_KEY)
    assert out.returncode == 0, out.stderr
    (entry,) = json.loads(out.stdout)["kms"]
    (check,) = entry["experience"]["checks"]
    assert check["id"] == good and check["verdict"] == "entailed"
    assert check["passage"]["path"] == "databases.md"
    assert _corpus_points(work, good) == 0.0


def test_verify_needs_a_km_or_a_linked_one(kb):
    _root, km, work = kb
    _add(work, "The ledger database runs PostgreSQL 15.")
    out = run_rlat("memory", "verify", cwd=work, env=NO_KEY)
    assert out.returncode == 1 and out.stderr.count("\n") == 1
    assert "no knowledge model to verify against" in out.stderr
    # deep-search in this workspace links the KM; verify then finds it by itself
    assert run_rlat("deep-search", str(km), QUESTION, cwd=work, env=NO_KEY).returncode == 0
    out = run_rlat("memory", "verify", cwd=work, env=NO_KEY)
    assert out.returncode == 0 and "1 verified" in out.stdout


def test_verify_brings_a_drifted_claim_back_and_consolidate_retires_the_lost_one(kb):
    root, km, work = kb
    assert run_rlat("deep-search", str(km), QUESTION, cwd=work, env=NO_KEY).returncode == 0
    before = _by_text(km)
    old_cite = before[POSTGRES].evidence[0]
    doc = root / "databases.md"
    doc.write_text(doc.read_text().replace("02:00", "03:00"), encoding="utf-8")

    out = run_rlat("refresh", str(km))
    assert out.returncode == 0, out.stderr
    assert "2 claim(s) went stale" in out.stdout and "rlat memory verify" in out.stdout
    assert {_by_text(km)[t].state for t in (POSTGRES, BACKUPS)} == {"stale"}

    out = run_rlat("memory", "verify", str(km), cwd=work, env=NO_KEY)
    assert out.returncode == 0, out.stderr
    assert f"+ back            {before[POSTGRES].id[:12]}" in out.stdout
    assert f"- contradicted    {before[BACKUPS].id[:12]}" in out.stdout
    assert "says 02:00 where the passage says 03:00" in out.stdout
    after = _by_text(km)
    back, lost = after[POSTGRES], after[BACKUPS]
    assert back.state == "candidate" and back.corpus_good == 1
    new_cite = next(c for c in back.evidence if c["passage_id"] != old_cite["passage_id"])
    assert KnowledgeModel.open(km).passage_by_id(new_cite["passage_id"]).hash == \
        new_cite["content_hash"]
    assert lost.state == "stale" and lost.corpus_bad == 1
    shown = run_rlat("search", str(km), "ledger PostgreSQL backups nightly").stdout
    assert back.id[:12] in shown and lost.id[:12] not in shown
    # the claim that came back is grounded again, not an orphan of its old passage
    audit = json.loads(run_rlat("audit", str(km), "--format", "json").stdout)
    assert back.id not in {o["id"] for o in audit["orphans"]}
    assert lost.id in {o["id"] for o in audit["orphans"]}

    out = run_rlat("memory", "consolidate", "--km", str(km), cwd=work)
    assert out.returncode == 0, out.stderr
    assert f"retire     {lost.id[:12]}" in out.stdout
    assert "lost its source (every cited passage is gone)" in out.stdout
    assert _by_text(km)[BACKUPS].state == "retired"
    again = run_rlat("memory", "consolidate", "--km", str(km), cwd=work)
    assert f"in {km}: nothing to change" in again.stdout


def _records(session):
    path = state_dir() / f"{session}.jsonl"
    return [json.loads(ln) for ln in path.read_text().splitlines()] if path.exists() else []


def test_the_hooks_worker_rechecks_a_linked_km_whose_sources_changed(kb, rlat_home):
    root, km, work = kb
    assert run_rlat("deep-search", str(km), QUESTION, cwd=work, env=NO_KEY).returncode == 0
    doc = root / "databases.md"
    doc.write_text(doc.read_text().replace("02:00", "04:30"), encoding="utf-8")
    run_hook("session-end", {"session_id": "sess-drift", "cwd": str(work),
                             "transcript_path": "", "reason": "other"})
    deadline = time.monotonic() + 60
    worker = []
    while time.monotonic() < deadline and not worker:
        worker = [r for r in _records("sess-drift") if r.get("event") == "worker"]
        time.sleep(0.1)
    assert worker, "the background worker did not run"
    assert "drift" in worker[0]["tasks"]
    result = worker[0]["results"]["drift"][str(km.resolve())]
    assert result["changed"] == ["databases.md"] and result["back"] == 1
    assert any("04:30" in p.text for p in KnowledgeModel.open(km).passages())
    assert _by_text(km)[POSTGRES].state == "candidate"
    assert _by_text(km)[BACKUPS].state == "stale"


def test_worker_skips_kms_whose_sources_did_not_change(kb, rlat_home):
    _root, km, work = kb
    from rlat.km.verify import drift_check

    assert drift_check([km]) == {str(km): "up to date"}


def test_the_model_can_veto_a_verification_never_grant_one(kb):
    from support.messages_api import MessagesAPIServer, tool_use

    from rlat.llm.provider import TOOL_NAME

    _root, km, work = kb
    vetoed = _add(work, "The ledger database runs PostgreSQL 15.")
    unsupported = _add(work, "We deploy on Fridays.")
    # the checks entail the first claim; the model says the passage contradicts it
    answer = tool_use(TOOL_NAME, {"verdicts": [{"index": 0, "verdict": "contradicted",
                                                "reason": "the passage is about staging"}]})
    with MessagesAPIServer(answer, consume="all") as api:
        env = {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": api.url,
               "RLAT_LLM_TIMEOUT": "5"}
        out = run_rlat("memory", "verify", str(km), cwd=work, env=env)
        assert out.returncode == 0, out.stderr
        (request,) = api.message_requests()
        # only what the checks found went to the model
        assert "PostgreSQL 15" in api.request_text(request)
        assert "Fridays" not in api.request_text(request)
    assert "model: the passage is about staging" in out.stdout
    assert (_corpus_points(work, vetoed), _corpus_points(work, unsupported)) == (-2.0, 0.0)


def test_a_claim_whose_file_was_removed_is_not_contradicted_by_another_subject(tmp_path):
    """The reviewer's case: after its file was removed, a corpus claim about server 3-2 was
    checked against a passage about servers 2-0 and 2-1, called contradicted ("says 8002 where
    the passage says 8000") and lost 2 points; audit said its source "changed"."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "f2.md").write_text(
        "# Staging servers 2-0 and 2-1\n\n"
        "The staging server number 2-0 listens on port 8000 for the deploy user.\n"
        "The staging server number 2-1 listens on port 8001 for the deploy user.\n")
    (docs / "f3.md").write_text(
        "# Staging server 3-2\n\n"
        "The staging server number 3-2 listens on port 8002 for the deploy user.\n")
    km = tmp_path / "km.rlat"
    assert run_rlat("build", str(docs), "-o", str(km)).returncode == 0
    work = tmp_path / "work"
    work.mkdir()
    out = run_rlat("deep-search", str(km), "Which port does staging server number 3-2 use?",
                   "--no-model", cwd=work, env=NO_KEY)
    assert out.returncode == 0, out.stderr
    text = "The staging server number 3-2 listens on port 8002 for the deploy user."
    claim = _by_text(km)[text]
    (docs / "f3.md").unlink()
    assert run_rlat("refresh", str(km)).returncode == 0
    out = run_rlat("memory", "verify", str(km), "--no-model", cwd=work, env=NO_KEY)
    assert out.returncode == 0, out.stderr
    assert "contradicted" not in out.stdout
    assert _by_text(km)[text].corpus_bad == 0
    audit = run_rlat("audit", str(km), cwd=work).stdout
    line = next(ln for ln in audit.splitlines() if claim.id[:12] in ln and "source" in ln)
    assert "source removed: f3.md" in line and "changed" not in line
