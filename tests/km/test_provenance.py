"""`rlat trace`, `rlat audit`, `rlat profile`: provenance down to the source, for review."""

from __future__ import annotations

import json
from pathlib import Path

from km_helpers import GUIDE, cite_claim, passages_of

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog


def _trace(rlat, km: Path, ref: str, *extra: str) -> dict:
    result = rlat("trace", str(km), ref, "--format", "json", *extra)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_trace_claim_to_passages_verified_then_drifted_then_missing(built: Path, corpus: Path,
                                                                   rlat):
    staging = [p for p in passages_of(built, "docs/guide.md") if "2222" in p.text]
    notes = passages_of(built, "docs/notes.txt")
    cid = cite_claim(built, "Staging SSH is on 2222 and sessions expire in ten minutes.",
                     staging + notes[:1])
    info = _trace(rlat, built, cid[:10])
    assert info["kind"] == "claim" and info["id"] == cid
    statuses = {c["path"]: c["status"] for c in info["citations"]}
    assert statuses == {"docs/guide.md": "verified", "docs/notes.txt": "verified"}
    cite = next(c for c in info["citations"] if c["path"] == "docs/guide.md")
    assert cite["lines"] == [staging[0].line_start, staging[0].line_end]
    assert "2222" in cite["text"] and cite["content_hash"] == staging[0].hash

    # edited but not refreshed yet: the file no longer matches the passage
    (corpus / "docs" / "guide.md").write_text(GUIDE.replace("port 2222", "port 2200"))
    (corpus / "docs" / "notes.txt").unlink()
    info = _trace(rlat, built, cid)
    statuses = {c["path"]: c["status"] for c in info["citations"]}
    assert statuses == {"docs/guide.md": "drifted", "docs/notes.txt": "missing"}

    # after refresh the passages left the build; trace still finds and classifies them
    assert rlat("refresh", str(built)).returncode == 0
    info = _trace(rlat, built, cid)
    assert info["state"] == "stale"
    by_path = {c["path"]: c for c in info["citations"]}
    assert by_path["docs/guide.md"]["status"] == "drifted"
    assert by_path["docs/guide.md"]["in_build"] is False
    assert "2222" in by_path["docs/guide.md"]["text"]  # the old passage, from history
    assert by_path["docs/notes.txt"]["status"] == "missing"
    text = rlat("trace", str(built), cid).stdout
    assert "[DRIFTED]" in text and "[MISSING]" in text and "stale" in text


def test_trace_passage_back_to_the_claims_citing_it(built: Path, rlat):
    notes = passages_of(built, "docs/notes.txt")[0]
    a = cite_claim(built, "Sessions expire after ten minutes.", [notes])
    b = cite_claim(built, "Metrics go to Prometheus.", [notes])
    info = _trace(rlat, built, notes.id)
    assert info["kind"] == "passage" and info["status"] == "verified"
    assert info["path"] == "docs/notes.txt" and info["text"] == notes.text
    assert {c["id"] for c in info["claims"]} == {a, b}
    text = rlat("trace", str(built), notes.id[:8]).stdout
    assert "cited by 2 claim(s)" in text


def test_trace_unknown_and_moved_sources(built: Path, corpus: Path, tmp_path: Path, rlat):
    bad = rlat("trace", str(built), "ffffffffffff")
    assert bad.returncode != 0 and "no claim or passage" in bad.stderr
    short = rlat("trace", str(built), "ab")
    assert short.returncode != 0 and "too short" in short.stderr
    notes = passages_of(built, "docs/notes.txt")[0]
    corpus.rename(tmp_path / "elsewhere")
    info = _trace(rlat, built, notes.id)
    assert info["status"] == "missing" and "--source-root" in info["why"]
    info = _trace(rlat, built, notes.id, "--source-root", str(tmp_path / "elsewhere"))
    assert info["status"] == "verified"


def test_audit_counts_stale_orphans_and_drifted_sources(built: Path, corpus: Path, rlat):
    staging = [p for p in passages_of(built, "docs/guide.md") if "2222" in p.text]
    config = passages_of(built, "src/config.py")
    stale_one = cite_claim(built, "Staging SSH is on 2222.", staging)
    fine = cite_claim(built, "Configuration is read as JSON.", config[:1])
    orphan = cite_claim(built, "A claim about a passage that never existed.", config[:1])
    ClaimLog(built).append([ev.evidence_added(orphan, [ev.passage_citation(
        "0123456789abcdef", "fedcba9876543210", path="docs/ghost.md")])])
    (corpus / "docs" / "guide.md").write_text(GUIDE.replace("port 2222", "port 2200"))

    info = json.loads(rlat("audit", str(built), "--format", "json").stdout)
    assert info["claims"] == 3 and info["by_type"] == {"insight": 3}
    assert info["drifted_sources"] == [{"path": "docs/guide.md", "status": "changed"}]
    assert [o["id"] for o in info["orphans"]] == [orphan]
    assert info["stale"] == []

    assert rlat("refresh", str(built)).returncode == 0
    info = json.loads(rlat("audit", str(built), "--format", "json").stdout)
    assert [s["id"] for s in info["stale"]] == [stale_one]
    assert info["by_state"].get("stale") == 1
    assert {o["id"] for o in info["orphans"]} == {orphan, stale_one}
    assert info["drifted_sources"] == []
    assert fine not in {s["id"] for s in info["stale"]}
    text = rlat("audit", str(built)).stdout
    assert "stale:     1" in text and "by rung:" in text


def test_profile_lists_sources_world_facts_by_class_and_claims(built: Path, rlat):
    cid = cite_claim(built, "Configuration is read as JSON.",
                     passages_of(built, "src/config.py")[:1])
    cmd = [ev.command_citation("rlat capture-attribute")]
    c1 = ev.proposed("Never deploy on Fridays.", "constraint", source="world", origin="user",
                     citations=cmd)
    old = ev.proposed("The cache runs Redis 6.", "attribute", source="world", origin="user",
                      subject="cache engine", attribute_key="cache engine", citations=cmd,
                      ts=1000.0)
    new = ev.proposed("The cache runs Redis 7.", "attribute", source="world", origin="user",
                      subject="cache engine", attribute_key="cache engine", citations=cmd,
                      ts=2000.0)
    ClaimLog(built).append([c1, old, new, ev.superseded(old["claim"], new["claim"])])
    info = json.loads(rlat("profile", str(built), "--format", "json").stdout)
    assert info["files"] == 3 and info["passages"] >= 3
    assert info["settings"]["max_chars"] == 400
    assert {s["path"] for s in info["sources"]} == {"docs/guide.md", "docs/notes.txt",
                                                    "src/config.py"}
    wf = info["world_facts"]
    assert [r["id"] for r in wf["constraint"]] == [c1["claim"]]
    (attr,) = wf["attribute"]
    assert attr["id"] == new["claim"]
    assert [h["id"] for h in attr["history"]] == [new["claim"], old["claim"]]
    assert [c["id"] for c in info["claims"]] == [cid]
    text = rlat("profile", str(built)).stdout
    assert "constraint (1)" in text and "was: The cache runs Redis 6." in text


def test_profile_delete_retires_with_history_kept(built: Path, rlat):
    cid = cite_claim(built, "Configuration is read as JSON.",
                     passages_of(built, "src/config.py")[:1])
    events_before = len(list(ClaimLog(built).events()))
    result = rlat("profile", str(built), "--delete", cid[:8])
    assert result.returncode == 0 and "Retired" in result.stdout
    log = ClaimLog(built)
    assert len(list(log.events())) == events_before + 1
    claim = log.state().claims[cid]
    assert claim.state == "retired" and claim.text  # kept on disk
    search = json.loads(rlat("search", str(built), "configuration json",
                             "--format", "json").stdout)
    assert cid not in {h.get("claim_id") for h in search["hits"]}
    again = rlat("profile", str(built), "--delete", cid)
    assert "already retired" in again.stdout
    passage = passages_of(built, "src/config.py")[0]
    refused = rlat("profile", str(built), "--delete", passage.id)
    assert refused.returncode != 0 and "passage" in refused.stderr
