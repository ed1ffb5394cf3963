"""The dev evaluation (bench/dev_eval) measures what it claims: its transcripts read as Claude
Code's, its worlds are sound and reproducible, and its metrics count recall, abstention and
leaks correctly — checked on tiny worlds run through the real hooks."""

from __future__ import annotations

import datetime as dt
import importlib
import os
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.dev_eval import (  # noqa: E402
    dev2_content,
    dev3_content,
    dev4_content,
    dev5_content,
    dev6_content,
    dev7_content,
    dev8_content,
    dev9_content,
    dev10_content,
    dev11_content,
    dev12_content,
    dev_content,
    in_process,
    report,
    runner,
    world,
)
from bench.dev_eval.transcript import bash  # noqa: E402
from bench.dev_eval.world import Fact, Project  # noqa: E402
from rlat.capture.transcript import iter_turns  # noqa: E402

NOW = dt.datetime(2026, 11, 20, tzinfo=dt.UTC)


def _fact(fid: str, port: str, service: str) -> Fact:
    return Fact(fid, "environment", [port],
                [f"which port does the local {service} database listen on?",
                 f"what port should I use to connect to the {service} database?"],
                f"The local {service} database listens on port {port}.",
                {"goal": f"why can't I connect to the {service} database?",
                 "probe": [bash("docker compose ps", f"db   Up   0.0.0.0:{port}->5432/tcp")],
                 "confirm": f"The local {service} database listens on port {port}."})


def tiny_content() -> SimpleNamespace:
    def projects():
        return [Project("alphaproj", "git@github.com:acme/alphaproj.git",
                        {"README.md": "# alphaproj\n"}, [_fact("db", "5433", "orders")], [],
                        "github", sessions=1),
                Project("betaproj", "git@github.com:acme/betaproj.git",
                        {"README.md": "# betaproj\n"}, [_fact("db", "6543", "billing")], [],
                        "aws", sessions=1)]
    return SimpleNamespace(projects=projects, TEMPLATES=dev_content.TEMPLATES,
                           UNRELATED=["write a haiku about autumn"],
                           UNANSWERED={"alphaproj": ["how are the orders exported?"]},
                           CROSS_PER_PROJECT=1)


@pytest.fixture
def tiny(tmp_path):
    w = world.generate("tiny", seed=7, now=NOW, workdir=runner.workdir_for(tmp_path),
                       content=tiny_content())
    assert world.check(w) == []
    return w, runner.materialise(w, tmp_path), tmp_path


def test_generated_transcripts_read_as_claude_code_sessions(tmp_path):
    w = world.generate("dev", now=NOW, projects=1, workdir=runner.workdir_for(tmp_path))
    layout = runner.materialise(w, tmp_path)
    session = w.sessions[0]
    assert Path(session.path).parent.parent == layout.claude_dir / "projects"
    turns = list(iter_turns(session.path))
    prompts = [t for t in turns if t.kind == "prompt"]
    replies = [t for t in turns if t.role == "assistant"]
    results = [t for t in turns if t.kind == "tool_result"]
    assert prompts and replies and results
    # One assistant message split over several lines is read back as one turn.
    assert any(len(t.uuids) > 1 for t in replies)
    # Every tool call got its result; the repository has its own workspace (a git origin).
    calls = sum(b.kind == "tool_use" for t in replies for b in t.blocks)
    assert calls == sum(b.kind == "tool_result" for t in results for b in t.blocks)
    assert (layout.projects[session.project] / ".git").is_dir()


def test_worlds_are_sound_reproducible_and_the_splits_differ(tmp_path):
    dev = world.generate("dev", now=NOW)
    again = world.generate("dev", now=NOW)
    heldout = world.generate("heldout", now=NOW)
    assert world.check(dev) == [] and world.check(heldout) == []
    assert [s.transcript.lines for s in dev.sessions] == \
        [s.transcript.lines for s in again.sessions]
    assert len(dev.facts) >= 40 and {f.kind for f in dev.facts.values()} == set(world.KINDS)
    assert not {p.name for p in dev.projects} & {p.name for p in heldout.projects}
    questions = {p.text for p in dev.prompts}
    assert not questions & {p.text for p in heldout.prompts}
    # five questions per project that nothing its sessions said answers, asked from it
    for w in (dev, heldout):
        unanswered = [p for p in w.prompts if p.kind == "unanswered"]
        assert sorted(p.project for p in unanswered) == sorted(
            p.name for p in w.projects for _ in range(5))
    assert len(dev.secrets) == len(dev.projects) and heldout.seed != dev.seed


@pytest.mark.parametrize("split, earlier", [
    ("dev2", (dev_content,)), ("dev3", (dev_content, dev2_content)),
    ("dev4", (dev_content, dev2_content, dev3_content)),
    ("dev5", (dev_content, dev2_content, dev3_content, dev4_content)),
    ("dev6", (dev_content, dev2_content, dev3_content, dev4_content, dev5_content)),
    ("dev7", (dev_content, dev2_content, dev3_content, dev4_content, dev5_content,
              dev6_content)),
    ("dev8", (dev_content, dev2_content, dev3_content, dev4_content, dev5_content,
              dev6_content, dev7_content)),
    ("dev9", (dev_content, dev2_content, dev3_content, dev4_content, dev5_content,
              dev6_content, dev7_content, dev8_content)),
    ("dev10", (dev_content, dev2_content, dev3_content, dev4_content, dev5_content,
               dev6_content, dev7_content, dev8_content, dev9_content)),
    ("dev11", (dev_content, dev2_content, dev3_content, dev4_content, dev5_content,
               dev6_content, dev7_content, dev8_content, dev9_content, dev10_content)),
    ("dev12", (dev_content, dev2_content, dev3_content, dev4_content, dev5_content,
               dev6_content, dev7_content, dev8_content, dev9_content, dev10_content,
               dev11_content)),
    ("dev13", (dev_content, dev2_content, dev3_content, dev4_content, dev5_content,
               dev6_content, dev7_content, dev8_content, dev9_content, dev10_content,
               dev11_content, dev12_content))])
def test_each_further_tuning_split_is_sound_and_shares_nothing_with_the_others(split, earlier):
    tuned = world.generate(split, now=NOW)
    assert world.check(tuned) == []
    assert [s.transcript.lines for s in tuned.sessions] == \
        [s.transcript.lines for s in world.generate(split, now=NOW).sessions]
    # Two facts of every kind in each of its four projects, one secret per project.
    assert len(tuned.projects) == 4 and len(tuned.secrets) == 4
    for project in tuned.projects:
        kinds = [f.kind for f in project.facts]
        assert sorted(kinds) == sorted(world.KINDS * 2), project.name
    for other in [world.generate(name, now=NOW) for name in world.SPLITS if name != split]:
        assert not {p.name for p in tuned.projects} & {p.name for p in other.projects}
        assert not {p.text for p in tuned.prompts} & {p.text for p in other.prompts}
        assert other.seed != tuned.seed
    # Its own phrasing templates, none of an earlier split's, and 3+ of them for every kind.
    content = importlib.import_module(world.SPLITS[split][0])
    own = {f for group in content.TEMPLATES.values() for f in group}
    for module in earlier:
        assert not own & {f for group in module.TEMPLATES.values() for f in group}
    assert set(content.TEMPLATES) == set(world.KINDS)
    assert all(len(group) >= 3 for group in content.TEMPLATES.values())


def test_empty_store_recalls_nothing_and_abstains_everywhere(tiny):
    w, layout, root = tiny
    answers = runner.ask(w, layout, root / "empty-home")
    m = runner.metrics(w, answers)
    assert m["fact_recall"] == 0 and m["abstention"] == 1.0
    assert m["unanswered_prompts"] == 1 and m["abstention_unanswered"] == 1.0
    assert m["chars_median"] == 0 and m["cross_leaks"] == 0 and m["problems"] == []


def test_oracle_claims_are_recalled_in_their_own_project_only(tiny):
    w, layout, root = tiny
    result = runner.evaluate(w, layout, "oracle", root / "oracle-home")
    m = result.metrics
    assert m["setup_problems"] == []
    assert m["fact_recall"] > 0 and m["recall_by_kind"]["environment"] == m["fact_recall"]
    recalled = [a for a in result.answers if a.recalled and a.prompt.kind == "fact"]
    assert "5433" in recalled[0].injected or "6543" in recalled[0].injected
    assert m["cross_leaks"] == 0 and m["secrets_leaked"] == 0
    # The report shows the same numbers, and per prompt what was expected and injected.
    outcome = {"world": w, "results": {"oracle": result}, "problems": []}
    data = report.as_json(outcome, verbose=True)
    assert data["modes"]["oracle"]["fact_recall"] == m["fact_recall"]
    assert any(a["verdict"] == "RECALLED" and a["injected"] for a in data["answers"]["oracle"])
    text = report.as_text(outcome, verbose=True)
    assert f"{m['fact_recall']:.2f}" in text and "keys=['5433']" in text


@pytest.mark.parametrize("mode", ["captured", "oracle"])
def test_the_in_process_run_injects_what_the_hooks_inject(tiny, mode):
    w, layout, root = tiny
    hooks = runner.evaluate(w, layout, mode, root / f"{mode}-hooks")
    fast = in_process.evaluate(w, layout, mode, root / f"{mode}-in-process")
    assert [a.injected for a in fast.answers] == [a.injected for a in hooks.answers]
    assert fast.metrics["fact_recall"] == hooks.metrics["fact_recall"] > 0
    assert fast.metrics["setup_problems"] == []
    # (and the process it ran in is as it was: no RLAT_HOME left set, the same directory)
    assert os.environ.get("RLAT_HOME") != str(root / f"{mode}-in-process")
    assert Path.cwd() != layout.projects["alphaproj"]


def test_the_in_process_run_reads_the_recall_settings_as_the_hook_does(tiny, monkeypatch):
    # (a positive RLAT_RECALL_TOP_K below 1 recalls one claim in the hook)
    monkeypatch.setenv("RLAT_RECALL_TOP_K", "0.5")
    w, layout, root = tiny
    hooks = runner.evaluate(w, layout, "oracle", root / "top-k-hooks")
    fast = in_process.evaluate(w, layout, "oracle", root / "top-k-in-process")
    assert [a.injected for a in fast.answers] == [a.injected for a in hooks.answers]
    assert any(a.injected for a in fast.answers)


def test_a_claim_recalled_in_another_project_is_counted_as_a_leak(tiny):
    w, layout, root = tiny
    home = root / "leaky-home"
    env = runner.rlat_env(home)
    fact = w.facts["alphaproj/db"]
    call = runner.run([runner.PYTHON, "-m", "rlat", "memory", "add", "--cross-workspace",
                       fact.oracle], cwd=layout.projects["alphaproj"], env=env)
    assert call.returncode == 0, call.stderr
    answers = runner.ask(w, layout, home)
    cross = [a for a in answers if a.prompt.kind == "cross" and a.prompt.fact == fact.id]
    assert cross and cross[0].prompt.project == "betaproj"
    assert cross[0].leaked_from == ["alphaproj"]
    assert runner.metrics(w, answers)["cross_leaks"] >= 1
    # The claim-id check finds it too, even with the text check blind to it.
    for answer in answers:
        answer.leaked_from = []
    assert runner.attribute_by_id(layout, home, answers) == "ok"
    assert cross[0].leaked_from == ["alphaproj"]


def test_secrets_and_foreign_keys_in_injected_text_are_counted(tiny):
    w, _layout, _root = tiny
    secret = w.secrets[0]
    prompt = next(p for p in w.prompts if p.kind == "fact" and p.project == "betaproj")
    answer = runner.score_answer(w, runner.Answer(
        prompt, f"- [2026-11-02] alphaproj uses port 5433; token {secret[4:20]}", 0.1))
    assert answer.leaked_from == ["alphaproj"] and answer.secrets == 1
    assert answer.recalled is False  # betaproj's own key (6543) is not in it


def test_a_secret_stored_in_the_memory_store_is_found_at_rest(tiny):
    """The store's records are compressed: the at-rest search decodes them."""
    w, layout, root = tiny
    home = root / "rest-home"
    w.secrets = ["plainpassphrase-marmalade-seventeen"]  # no scrubber rule matches it
    call = runner.run([runner.PYTHON, "-m", "rlat", "memory", "add",
                       f"The staging passphrase is {w.secrets[0]}"],
                      cwd=layout.projects["alphaproj"], env=runner.rlat_env(home))
    assert call.returncode == 0, call.stderr
    assert runner.secrets_at_rest(w, home) == 1
    w.secrets = ["never-stored-passphrase-xyz"]  # the same filled store, a secret it never saw
    assert runner.secrets_at_rest(w, home) == 0


@pytest.mark.parametrize("split", ["dev23", "dev24", "dev25", "dev26", "dev27", "dev28", "dev29",
                                   "dev30", "dev31", "dev32", "dev33", "dev34",
                                   "dev35", "dev36", "dev37", "dev38", "dev39", "dev40",
                                   "dev41", "dev42", "dev43", "dev44", "dev45",
                                   "dev46"])
def test_the_latest_splits_are_sound_and_ask_nothing_another_split_asks(split):
    fresh = world.generate(split, now=NOW)
    assert world.check(fresh) == []
    assert len(fresh.projects) == 4 and len(fresh.secrets) == 4
    for other in [world.generate(name, now=NOW) for name in world.SPLITS if name != split]:
        assert not {p.name for p in fresh.projects} & {p.name for p in other.projects}
        assert not {p.text for p in fresh.prompts} & {p.text for p in other.prompts}
        assert other.seed != fresh.seed


def test_misses_are_placed_where_they_were_lost(tiny, tmp_path):
    """`python -m bench.dev_eval.misses`: a fact no store holds is no candidate; a fact whose
    clean claim the hook admitted is placed by what the hook did with it — outranked, left out
    by the budget, or (counted as missed, yet shown whole when replayed) shown when replayed."""
    from bench.dev_eval import misses

    w, layout, root = tiny
    result = runner.evaluate(w, layout, "oracle", root / "oracle-home")
    rows = report.as_json({"world": w, "results": {"oracle": result}, "problems": []},
                          verbose=True)["answers"]["oracle"]
    facts = [r for r in rows if r["kind"] == "fact"]
    assert facts and all(r["recalled"] for r in facts)
    assert misses.classify(layout.projects, root / "oracle-home", rows) == []
    for r in facts:
        r["recalled"] = False  # (as if the budget had cut them)
    placed = misses.classify(layout.projects, root / "oracle-home", rows)
    assert {r["place"] for r in placed} == {"shown when replayed"}
    assert all(r["gate"].startswith("admitted") for r in placed)
    outranked = misses.classify(layout.projects, root / "oracle-home", rows, top_k=0)
    assert {r["place"] for r in outranked} == {"ranked below the top k"}
    no_room = misses.classify(layout.projects, root / "oracle-home", rows, budget=120)
    assert {r["place"] for r in no_room} == {"left out by the budget"}
    other = root / "other-home"  # (a store holding something else only)
    call = runner.run([runner.PYTHON, "-m", "rlat", "memory", "add",
                       "Release notes are written in docs/changes.md"],
                      cwd=layout.projects["alphaproj"], env=runner.rlat_env(other))
    assert call.returncode == 0, call.stderr
    assert {r["place"] for r in misses.classify(layout.projects, other, rows)} \
        == {"not a candidate"}
    # The command line says what to pass when the world is not a kept one.
    with pytest.raises(SystemExit) as exit_:
        misses.main([str(tmp_path), str(tmp_path / "answers.json")])
    assert exit_.value.code == 2
