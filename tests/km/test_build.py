"""`rlat build`: what gets in, how passages are recorded, and clear messages for bad input."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from km_helpers import passages_of

from rlat.km.store import KnowledgeModel


def test_passages_record_path_lines_chars_and_hash_that_reread_exactly(built: Path,
                                                                       corpus: Path):
    from rlat.claims.ids import content_hash

    model = KnowledgeModel.open(built)
    passages = list(model.passages())
    assert {p.path for p in passages} == {"docs/guide.md", "docs/notes.txt", "src/config.py"}
    for p in passages:
        source = (corpus / p.path).read_text(encoding="utf-8")
        assert source[p.char_start : p.char_end] == p.text
        lines = source.split("\n")
        assert "\n".join(lines[p.line_start - 1 : p.line_end]).find(p.text) >= 0
        assert p.hash == content_hash(p.text)
    assert model.source_root == str(corpus.resolve())
    assert model.settings["min_chars"] == 40 and model.settings["max_chars"] == 400


def test_markdown_fence_stays_in_one_passage(built: Path):
    fenced = [p for p in passages_of(built, "docs/guide.md") if "```bash" in p.text]
    assert len(fenced) == 1
    assert fenced[0].text.count("```") == 2


def test_gitignore_exclude_and_extension_filters(tmp_path: Path, rlat):
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "build").mkdir()
    (root / "docs").mkdir()
    (root / ".gitignore").write_text("build/\n*.log\n!keep.log\n")
    (root / "build" / "out.md").write_text("generated output that must not be indexed\n")
    (root / "debug.log").write_text("noise noise\n")
    (root / "keep.log").write_text("kept log line about deploys\n")
    (root / "docs" / "a.md").write_text("# A\n\nalpha document about deploys\n")
    (root / "docs" / "draft.md").write_text("# Draft\n\ndraft document\n")
    (root / "docs" / "b.py").write_text("def beta():\n    return 1\n")
    km = tmp_path / "km.rlat"
    result = rlat("build", str(root), "-o", str(km), "--ext", "md,log",
                  "--exclude", "docs/draft.md", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    paths = {p.path for p in KnowledgeModel.open(km).passages()}
    assert paths == {"docs/a.md", "keep.log"}
    assert report["skipped"]["ignored"] >= 2 and report["skipped"]["excluded"] == 1


def test_binary_and_unreadable_files_are_skipped_and_counted(tmp_path: Path, rlat):
    root = tmp_path / "src"
    root.mkdir()
    (root / "ok.md").write_text("# Fine\n\nreadable text about caching\n")
    (root / "blob.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00IHDR" + bytes(range(256)))
    os.symlink(root / "gone.md", root / "dangling.md")  # listed, but cannot be read
    km = tmp_path / "km.rlat"
    result = rlat("build", str(root), "-o", str(km))
    assert result.returncode == 0, result.stderr
    assert "1 binary" in result.stdout and "1 unreadable" in result.stdout
    assert "skipped blob.md: binary" in result.stdout
    assert [p.path for p in KnowledgeModel.open(km).passages()] == ["ok.md"]


def test_missing_path_is_a_clear_error_and_writes_nothing(tmp_path: Path, rlat):
    km = tmp_path / "km.rlat"
    result = rlat("build", str(tmp_path / "nope"), "-o", str(km))
    assert result.returncode != 0
    assert "no such file or directory" in result.stderr and "nope" in result.stderr
    assert "Traceback" not in result.stderr
    assert not km.exists()


def test_some_missing_inputs_are_reported_but_the_rest_builds(corpus: Path, tmp_path: Path,
                                                               rlat):
    km = tmp_path / "km.rlat"
    result = rlat("build", str(corpus), str(tmp_path / "nope"), "-o", str(km))
    assert result.returncode == 0, result.stderr
    assert "not found" in result.stdout and "nope" in result.stdout


def test_empty_corpus_is_a_clear_error(tmp_path: Path, rlat):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "image.bin").write_bytes(b"\x00\x01")
    km = tmp_path / "km.rlat"
    result = rlat("build", str(empty), "-o", str(km))
    assert result.returncode != 0
    assert "no text to build from" in result.stderr and "--ext" in result.stderr
    assert not km.exists()


def test_existing_output_needs_force_and_force_keeps_claims(built: Path, corpus: Path, rlat):
    from km_helpers import cite_claim

    result = rlat("build", str(corpus), "-o", str(built))
    assert result.returncode != 0 and "rlat refresh" in result.stderr
    notes = passages_of(built, "docs/notes.txt")
    cid = cite_claim(built, "Session keys expire after ten minutes in Redis.", notes)
    result = rlat("build", str(corpus), "-o", str(built), "--force", "--min-chars", "40",
                  "--max-chars", "400")
    assert result.returncode == 0, result.stderr
    state = KnowledgeModel.open(built).claims()
    assert state.claims[cid].state != "stale"  # same passages, same ids: nothing drifted


def test_bad_sizes_and_output_directory(corpus: Path, tmp_path: Path, rlat):
    result = rlat("build", str(corpus), "-o", str(tmp_path / "k.rlat"), "--min-chars", "500",
                  "--max-chars", "100")
    assert result.returncode != 0 and "--min-chars" in result.stderr
    result = rlat("build", str(corpus), "-o", str(tmp_path))
    assert result.returncode != 0 and "is a directory" in result.stderr


def test_piped_build_prints_no_progress(corpus: Path, tmp_path: Path, rlat):
    result = rlat("build", str(corpus), "-o", str(tmp_path / "k.rlat"))
    assert result.returncode == 0
    assert result.stderr == ""
    assert result.stdout.startswith("Built ")


def test_not_a_knowledge_model(tmp_path: Path, rlat):
    junk = tmp_path / "junk.rlat"
    junk.write_text("hello")
    result = rlat("search", str(junk), "x")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    result = rlat("search", str(tmp_path / "absent.rlat"), "x")
    assert result.returncode != 0 and "rlat build" in result.stderr


def test_progress_shows_on_a_terminal(corpus: Path, tmp_path: Path):
    import os
    import pty
    import subprocess
    import sys

    main, child = pty.openpty()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "rlat", "build", str(corpus), "-o", str(tmp_path / "k.rlat")],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=child, timeout=120)
        os.close(child)
        child = -1
        chunks = []
        while True:
            try:
                data = os.read(main, 4096)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
    finally:
        if child != -1:
            os.close(child)
        os.close(main)
    assert proc.returncode == 0
    assert b"building: 3/3 files" in b"".join(chunks)
    assert proc.stdout.startswith(b"Built ")


def test_first_build_into_a_claims_only_km_keeps_its_world_facts(corpus: Path, tmp_path: Path,
                                                                  rlat):
    from rlat.claims import events as ev
    from rlat.claims.log import ClaimLog

    km = tmp_path / "world.rlat"
    fact = ev.proposed("Never deploy on Fridays.", "constraint", source="world", origin="user",
                       citations=[ev.command_citation("rlat capture-attribute")])
    ClaimLog(km).append([fact])
    result = rlat("build", str(corpus), "-o", str(km))
    assert result.returncode == 0, result.stderr
    model = KnowledgeModel.open(km)
    assert model.has_build and len(list(model.passages())) > 0
    assert fact["claim"] in model.claims().claims
    again = rlat("build", str(corpus), "-o", str(km))
    assert again.returncode != 0 and "--force" in again.stderr


def test_a_table_of_contents_pointing_nowhere_falls_back_to_the_previous_build(built: Path,
                                                                                rlat):
    from rlat.container import TOC, Container

    before = [p.id for p in KnowledgeModel.open(built).passages()]
    Container(built).append([(TOC, {"kind": "knowledge-model", "v": 1, "built_at": 0,
                                    "entries": [[5, 999_999_999, "meta"], [4, 16, "index"]]})])
    result = rlat("search", str(built), "staging", "--source-only", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert "using the previous one" in result.stderr
    assert [p.id for p in KnowledgeModel.open(built).passages()] == before


def test_secrets_in_sources_never_reach_the_knowledge_model(tmp_path: Path, rlat):
    corpus = tmp_path / "corpus"
    (corpus / "config").mkdir(parents=True)
    password, key = "Sup3rS3cretPw", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY1"
    (corpus / "config" / "secrets.yml").write_text(
        f"production:\n  password: {password}\n  aws_secret_access_key: {key}\n")
    (corpus / "guide.md").write_text("# Guide\nThe production password policy is strict.\n")
    km = tmp_path / "km.rlat"
    assert rlat("build", str(corpus), "-o", str(km)).returncode == 0
    found = rlat("search", str(km), "production password aws")
    assert found.returncode == 0 and "[REDACTED:" in found.stdout
    assert password not in found.stdout and key not in found.stdout
    assert password.encode() not in km.read_bytes() and key.encode() not in km.read_bytes()
    # build, refresh and the provenance check read sources alike: nothing looks drifted
    assert "up to date" in rlat("refresh", str(km)).stdout
    assert rlat("audit", str(km)).returncode == 0


def test_a_model_scrubbed_with_older_rules_is_read_again_on_refresh(tmp_path: Path, rlat,
                                                                     monkeypatch):
    from rlat import scrub
    from rlat.km import build, provenance, sources

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "notes.md").write_text("# Staging\n\nDB_PASSWORD=Xk9pQ2mZ7vLs for staging.\n")
    km = tmp_path / "km.rlat"
    with monkeypatch.context() as old:  # a build by an rlat whose rules missed it
        old.setattr(sources, "source_text", sources.decode)
        old.setattr(provenance, "source_text", sources.decode)
        old.setattr(scrub, "rules_version", lambda: "older-rules")
        build.build_km([corpus], km, build.Settings())
    assert b"Xk9pQ2mZ7vLs" in km.read_bytes()
    refreshed = rlat("refresh", str(km))
    assert refreshed.returncode == 0 and "up to date" not in refreshed.stdout
    found = rlat("search", str(km), "staging database password")
    assert "Xk9pQ2mZ7vLs" not in found.stdout and "[REDACTED:" in found.stdout
    assert "up to date" in rlat("refresh", str(km)).stdout  # and it stays so


def test_a_redacted_block_keeps_the_line_numbers_of_what_follows(tmp_path: Path, rlat):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    key = "\n".join(["-----BEGIN RSA PRIVATE KEY-----"]
                    + ["MIIEowIBAAKCAQEAx" + "Q" * 47] * 20 + ["-----END RSA PRIVATE KEY-----"])
    lines = ["# Deploy notes", "", key, ""] + [f"filler line {i}" for i in range(20)] + [
        "", "Deploy the flamingo cluster with make zebra-deploy."]
    (corpus / "README.md").write_text("\n".join(lines) + "\n")
    where = next(i for i, line in enumerate("\n".join(lines).split("\n"), 1) if "flamingo" in line)
    km = tmp_path / "km.rlat"
    assert rlat("build", str(corpus), "-o", str(km), "--min-chars", "50", "--max-chars",
                "300").returncode == 0
    hit = rlat("search", str(km), "flamingo cluster zebra deploy", "-k", "1").stdout
    span = re.search(r"README\.md:(\d+)(?:-(\d+))?", hit)
    assert span and int(span.group(1)) <= where <= int(span.group(2) or span.group(1)), \
        (hit, where)
