"""`rlat refresh`: only changed files are re-chunked, unchanged passages keep their ids, and
drift cascades to the claims that cite changed or removed passages."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from km_helpers import GUIDE, cite_claim, lucene_oracle, passages_of

from rlat.km.store import KnowledgeModel
from rlat.retrieval.tokenize import tokenize


def _ids(km: Path) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for p in KnowledgeModel.open(km).passages():
        out.setdefault(p.path, set()).add(p.id)
    return out


def _state(km: Path):
    return KnowledgeModel.open(km).claims()


def test_edit_add_delete_changes_exactly_the_affected_passages(built: Path, corpus: Path, rlat):
    before = _ids(built)
    guide = passages_of(built, "docs/guide.md")
    staging = [p for p in guide if "2222" in p.text]
    rollback = [p for p in guide if "roll back" in p.text]
    assert len(staging) == 1 and rollback and staging[0].id not in {p.id for p in rollback}
    notes = passages_of(built, "docs/notes.txt")
    config = passages_of(built, "src/config.py")
    c_staging = cite_claim(built, "Staging SSH listens on port 2222.", staging)
    c_rollback = cite_claim(built, "Rollbacks never touch the database schema.", rollback)
    c_notes = cite_claim(built, "Session keys expire after ten minutes.", notes[:1])
    c_config = cite_claim(built, "Configuration is JSON.", config[:1])

    # edit one passage of the guide, delete notes, add a new file
    (corpus / "docs" / "guide.md").write_text(GUIDE.replace("port 2222", "port 2200"))
    (corpus / "docs" / "notes.txt").unlink()
    (corpus / "docs" / "new.md").write_text("# New\n\nA new page about feature flags and "
                                            "gradual rollouts across regions.\n")

    dry = rlat("refresh", str(built), "--dry-run", "--format", "json")
    assert dry.returncode == 0, dry.stderr
    planned = json.loads(dry.stdout)
    assert _ids(built) == before  # a dry run writes nothing
    assert set(planned["stale_claims"]) == {c_staging, c_notes}

    result = rlat("refresh", str(built), "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["changed"] == ["docs/guide.md"]
    assert report["added"] == ["docs/new.md"]
    assert report["removed"] == ["docs/notes.txt"]

    after = _ids(built)
    assert after["src/config.py"] == before["src/config.py"]  # untouched file: same ids
    assert "docs/notes.txt" not in after
    gone = before["docs/guide.md"] - after["docs/guide.md"]
    assert gone == {staging[0].id}  # only the edited passage changed its id
    assert len(after["docs/guide.md"] - before["docs/guide.md"]) == 1
    assert set(report["drifted_passages"]) == gone | before["docs/notes.txt"]

    state = _state(built)
    assert state.claims[c_staging].state == "stale"
    assert state.claims[c_notes].state == "stale"
    assert state.claims[c_rollback].state != "stale"
    assert state.claims[c_config].state != "stale"
    assert "docs/guide.md" in state.claims[c_staging].state_reason

    # refreshing again: nothing to do
    again = rlat("refresh", str(built))
    assert again.returncode == 0 and "up to date" in again.stdout


def test_refreshed_index_still_equals_the_oracle_over_the_live_passages(built: Path,
                                                                        corpus: Path, rlat):
    (corpus / "docs" / "guide.md").write_text(GUIDE.replace("Redis", "Memcached") +
                                              "\n## Extra\n\nExtra section about Redis.\n")
    (corpus / "src" / "config.py").unlink()
    assert rlat("refresh", str(built)).returncode == 0
    model = KnowledgeModel.open(built)
    passages = list(model.passages())
    oracle = lucene_oracle([tokenize(p.text) for p in passages])
    for query in ("redis cache expiry", "ssh port staging", "rollback schema", "extra"):
        terms = tokenize(query)
        expected = oracle.get_scores(terms)
        got = model.index.get_scores(terms)
        for p, want in zip(passages, expected, strict=True):
            assert abs(got[p.slot] - want) <= 1e-9 * max(1.0, abs(want))


def test_stale_claims_leave_search_until_include_stale(built: Path, corpus: Path, rlat):
    staging = [p for p in passages_of(built, "docs/guide.md") if "2222" in p.text]
    cid = cite_claim(built, "Staging SSH listens on port 2222 for deploys.", staging)
    hit = rlat("search", str(built), "staging ssh port")
    assert "[INSIGHT]" in hit.stdout and cid[:12] in hit.stdout
    (corpus / "docs" / "guide.md").write_text(GUIDE.replace("port 2222", "port 2200"))
    assert rlat("refresh", str(built)).returncode == 0
    hidden = rlat("search", str(built), "staging ssh port")
    assert cid[:12] not in hidden.stdout
    assert "stale claim(s) matched but are hidden" in hidden.stdout
    shown = rlat("search", str(built), "staging ssh port", "--include-stale")
    assert cid[:12] in shown.stdout and "STALE" in shown.stdout
    data = json.loads(rlat("search", str(built), "staging ssh port", "--include-stale",
                           "--format", "json").stdout)
    insight = [h for h in data["hits"] if h["kind"] == "insight"]
    assert insight and insight[0]["stale"] is True


def test_moved_sources_need_source_root(built: Path, corpus: Path, tmp_path: Path, rlat):
    moved = tmp_path / "moved"
    shutil.move(str(corpus), moved)
    result = rlat("refresh", str(built))
    assert result.returncode != 0
    assert "--source-root" in result.stderr and "moved" in result.stderr
    assert "Traceback" not in result.stderr
    result = rlat("refresh", str(built), "--source-root", str(moved))
    assert result.returncode == 0, result.stderr
    assert "up to date" in result.stdout
    assert KnowledgeModel.open(built).source_root == str(moved.resolve())
    # the new root is remembered
    (moved / "docs" / "guide.md").write_text(GUIDE + "\nOne more paragraph about tags.\n")
    result = rlat("refresh", str(built))
    assert result.returncode == 0 and "1 changed" in result.stdout
    bad = rlat("refresh", str(built), "--source-root", str(tmp_path / "nowhere"))
    assert bad.returncode != 0 and "no such directory" in bad.stderr


def test_many_refreshes_keep_working_and_reindex_when_slots_pile_up(built: Path,
                                                                    corpus: Path, rlat):
    from rlat.km.build import refresh_km

    for i in range(6):
        (corpus / "docs" / "guide.md").write_text(GUIDE + f"\nRevision {i} notes.\n")
        (corpus / "docs" / "notes.txt").write_text(f"Notes revision {i}\n\nmore words {i}\n")
        report = refresh_km(built)
        assert report.changed == ["docs/guide.md", "docs/notes.txt"]
    model = KnowledgeModel.open(built)
    assert len(model.index.dead) <= model.index.n_slots // 2
    texts = {p.path: p for p in model.passages()}
    assert "Revision 5" in (corpus / "docs" / "guide.md").read_text()
    assert any("Revision 5" in p.text for p in model.passages() if p.path == "docs/guide.md")
    assert "docs/notes.txt" in texts
    top = model.index.top_k(tokenize("revision notes"), 3)
    assert top and all(model.passage(slot).text for slot, _ in top)


def test_compact_keeps_the_current_build_and_claims(built: Path, corpus: Path, rlat):
    staging = [p for p in passages_of(built, "docs/guide.md") if "2222" in p.text]
    cid = cite_claim(built, "Staging SSH listens on port 2222.", staging)
    (corpus / "docs" / "guide.md").write_text(GUIDE.replace("port 2222", "port 2200"))
    assert rlat("refresh", str(built)).returncode == 0
    before_ids = _ids(built)
    before_hits = json.loads(rlat("search", str(built), "rollback schema", "--format",
                                  "json").stdout)["hits"]
    size = built.stat().st_size
    result = rlat("compact", str(built))
    assert result.returncode == 0, result.stderr
    assert built.stat().st_size < size  # the old build's records are gone
    assert _ids(built) == before_ids
    after_hits = json.loads(rlat("search", str(built), "rollback schema", "--format",
                                 "json").stdout)["hits"]
    assert [(h["passage_id"], h["score"]) for h in after_hits if h["kind"] == "source"] == \
        [(h["passage_id"], h["score"]) for h in before_hits if h["kind"] == "source"]
    assert _state(built).claims[cid].state == "stale"
    trace = json.loads(rlat("trace", str(built), cid, "--format", "json").stdout)
    assert trace["citations"][0]["status"] == "drifted"
    (corpus / "docs" / "notes.txt").write_text("Rewritten notes about queues.\n")
    again = rlat("refresh", str(built))
    assert again.returncode == 0 and "1 changed" in again.stdout
    assert any("queues" in p.text for p in passages_of(built, "docs/notes.txt"))
