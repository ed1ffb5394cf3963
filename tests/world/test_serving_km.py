"""World facts and lenses through real knowledge models: `rlat search --format context` framings,
`rlat profile` history, and one lens carried across two KMs built from different corpora."""

from __future__ import annotations

import json
import shutil
import sysconfig
from pathlib import Path

import pytest
from support.cli import run_rlat
from support.corpora import reference_markdown

from rlat import world

REFERENCE = reference_markdown()
STDLIB = Path(sysconfig.get_paths()["stdlib"])
CONSTRAINT_FRAMING = "Standing constraints for this environment:"
FALSIFIED_FRAMING = "Tried and falsified in this environment:"


def _ok(proc):
    assert proc.returncode == 0, proc.stderr
    return proc


def _corpus(root: Path, docs: list[str], code: list[str], code_dir: str) -> Path:
    """A small real corpus: Claude Code reference pages under docs/, stdlib modules as code."""
    (root / "docs").mkdir(parents=True)
    (root / code_dir).mkdir()
    for name in docs:
        shutil.copy(REFERENCE / name, root / "docs" / name)
    for name in code:
        shutil.copy(STDLIB / name, root / code_dir / Path(name).name)
    return root


@pytest.fixture(scope="module")
def two_kms(tmp_path_factory):
    base = tmp_path_factory.mktemp("kms")
    pages = [p.name for p in sorted(REFERENCE.glob("*.md"))]
    a = _corpus(base / "a", pages[0::2][:2], ["shlex.py", "glob.py"], "src")
    b = _corpus(base / "b", pages[1::2][:2], ["fnmatch.py", "shutil.py"], "lib")
    km_a, km_b = base / "a.rlat", base / "b.rlat"
    _ok(run_rlat("build", str(a), "-o", str(km_a)))
    _ok(run_rlat("build", str(b), "-o", str(km_b)))
    return km_a, km_b


def _search(km: Path, query: str, *extra: str) -> list[dict]:
    out = _ok(run_rlat("search", str(km), query, "--format", "json", "--top-k", "20", *extra))
    return json.loads(out.stdout)["hits"]


def test_framings_verbatim_and_in_full_when_the_passage_budget_is_exhausted(two_kms, tmp_path):
    km = tmp_path / "km.rlat"
    shutil.copy(two_kms[0], km)
    rules = [f"Rule {i}: every hook command must finish within {i + 2} seconds or be backgrounded, "
             f"and must never print to stdout outside the JSON contract." for i in range(12)]
    for rule in rules:
        _ok(run_rlat("capture-attribute", str(km), rule, "--kind", "constraint", cwd=tmp_path))
    falsified = ("Tried running the capture inline in SessionEnd on 3 MB transcripts; it "
                 "overran the 1.5 s budget in 9 of 10 sessions.")
    _ok(run_rlat("capture-attribute", str(km), falsified, "--kind", "falsified", cwd=tmp_path))

    context = _ok(run_rlat("search", str(km), "hook command timeout settings", "--format",
                           "context", "--budget", "200")).stdout
    lines = context.splitlines()
    assert CONSTRAINT_FRAMING in lines and FALSIFIED_FRAMING in lines
    for rule in rules:
        assert rule in context  # every constraint, whole, although the budget is 200 characters
    assert falsified in context
    at = next(i for i, line in enumerate(lines) if "overran the 1.5 s budget" in line)
    assert [line for line in lines[:at] if line.endswith("environment:")][-1] == FALSIFIED_FRAMING
    assert "more hit(s) left out" in context or "truncated" in context  # the budget did bind
    assert context.index(CONSTRAINT_FRAMING) < context.index('kind="knowledge"')


def test_profile_lists_world_facts_by_class_with_the_keyed_history(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    for text in ("The tenant is EU-only.",):
        _ok(run_rlat("capture-attribute", text, "--kind", "constraint", cwd=ws))
    _ok(run_rlat("capture-attribute", "The workspace runs an F64 capacity.", "--kind",
                 "attribute", "--attribute-key", "workspace capacity", cwd=ws))
    _ok(run_rlat("capture-attribute", "The workspace runs an F128 capacity.", "--kind",
                 "attribute", "--attribute-key", "workspace capacity", cwd=ws))
    from rlat.workspace import workspace_id

    km = world.default_km_path(workspace_id(str(ws)))
    data = json.loads(_ok(run_rlat("profile", str(km), "--format", "json")).stdout)
    facts = data["world_facts"]
    assert [r["text"] for r in facts["constraint"]] == ["The tenant is EU-only."]
    (attr,) = facts["attribute"]
    assert attr["text"] == "The workspace runs an F128 capacity." and attr["serving"]
    assert [h["text"] for h in attr["history"]] == [
        "The workspace runs an F128 capacity.", "The workspace runs an F64 capacity."]
    text = _ok(run_rlat("profile", str(km))).stdout
    assert "F128" in text and "F64" in text and attr["id"][:12] in text

    # newest wins at serve time: only F128 is an insight in search
    hits = _search(km, "workspace capacity")
    assert [h["text"] for h in hits if h["kind"] == "insight"] == [
        "The workspace runs an F128 capacity."]

    # --delete retires one; it stops serving, history stays
    cid = facts["constraint"][0]["id"]
    _ok(run_rlat("profile", str(km), "--delete", cid))
    assert "EU-only" not in _ok(run_rlat("world-facts", "--format", "context", cwd=ws)).stdout
    again = json.loads(_ok(run_rlat("profile", str(km), "--format", "json")).stdout)
    assert again["world_facts"]["constraint"][0]["state"] == "retired"


def test_one_lens_applies_to_two_kms_built_from_different_corpora(two_kms, tmp_path):
    km_a, km_b = two_kms
    fact = "Plugins are loaded from the directory given to --plugin-dir."
    for km in (km_a, km_b):  # the same world fact, stated in both models
        _ok(run_rlat("capture-attribute", str(km), fact, "--kind", "attribute", cwd=tmp_path))
    lens = tmp_path / "docs-first.lens"
    _ok(run_rlat("lens", "create", "--name", "docs-first", "-o", str(lens)))
    _ok(run_rlat("lens", "set-trust", str(lens), "docs/**", "4"))
    _ok(run_rlat("lens", "set-trust", str(lens), "*.py", "0.25"))
    fact_id = _search(km_a, "plugin directory")[0]["claim_id"]
    _ok(run_rlat("lens", "prefer", str(lens), fact_id, "3", "--km", str(km_a)))

    for km, code_dir in ((km_a, "src/"), (km_b, "lib/")):
        plain = _search(km, "file path pattern match directory")
        weighed = _search(km, "file path pattern match directory", "--lens", str(lens))
        assert any(h["path"] and h["path"].startswith(code_dir) for h in plain)
        sources = [h for h in weighed if h["kind"] == "source"]
        for h in sources:
            expected = 4.0 if h["path"].startswith("docs/") else 0.25
            assert h["lens_weight"] == expected, h["path"]
        assert sources[0]["path"].startswith("docs/")
        scores = [h["score"] for h in sources]
        assert scores == sorted(scores, reverse=True)
        # the claim preferred by fingerprint on KM a carries its weight into KM b
        insight = next(h for h in _search(km, "plugin directory", "--lens", str(lens))
                       if h["kind"] == "insight")
        assert insight["text"] == fact and insight["lens_weight"] == 3.0

        report = json.loads(_ok(run_rlat("lens", "apply", str(lens), str(km), "--format",
                                         "json")).stdout)
        matched = {r["pattern"] for r in report["sources"] if r["pattern"]}
        assert matched == {"docs/**", "*.py"} and report["unmatched_patterns"] == []
        assert [c["claim"] for c in report["claims"]] == [fact_id]

    # --source-only stays the honest baseline: no lens applied
    raw = _search(km_a, "file path pattern match directory", "--source-only", "--lens", str(lens))
    assert all("lens_weight" not in h for h in raw)
