"""`rlat demo`: the README's first command does the main job on built-in data."""

from __future__ import annotations

from support.cli import run_rlat


def test_demo_captures_recalls_serves_and_searches(rlat_home, tmp_path):
    out = run_rlat("demo", cwd=tmp_path, timeout=300)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    # the session block and the convention the user stated in it
    assert "[rlat] Captured 2 claim(s) (1 redactions)" in text
    # Session 2 receives the captured claim inside rlat's fence, with its provenance.
    recall = text.split("2. Session 2", 1)[1].split("3. A standing", 1)[0]
    assert '<rlat-context kind="recall">' in recall and "make check" in recall
    assert "ghp_" not in text  # the token pasted in session 1 never comes back
    start = text.split("3. A standing", 1)[1].split("4. A knowledge", 1)[0]
    assert "Standing constraints for this environment:" in start
    assert "Never push directly to main" in start
    search = text.split("4. A knowledge", 1)[1]
    assert "[SOURCE]" in search
    # built from this checkout's docs/: no --exclude for a file that is not in it
    assert "rlat build" in search and "--exclude" not in search
    # The demo works in a temp dir: the user's store is untouched.
    assert not (rlat_home / "memory.rlat").exists()


def test_the_demo_leaves_its_own_source_out_only_when_it_builds_from_the_package(tmp_path):
    from rlat.cli.demo_cmds import _docs_corpus

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "format.md").write_text("# Format\n")
    assert _docs_corpus(docs) == (docs, [])
    corpus, options = _docs_corpus(tmp_path / "no-docs")  # (installed without a checkout)
    assert (corpus / "cli" / "demo_cmds.py").is_file()
    assert options == ["--exclude", "demo_cmds.py"]
