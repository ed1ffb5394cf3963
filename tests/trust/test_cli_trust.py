"""The trust commands as a user runs them: real `rlat` processes, real git repositories."""

from __future__ import annotations

import json
import subprocess

from support.cli import run_rlat
from support.hookrun import run_hook
from trust_history import DAY, propose

from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.paths import memory_store_path, state_dir
from rlat.workspace import workspace_id

GIT = ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t",
       "-c", "init.defaultBranch=main"]


def repo(path, message):
    subprocess.run([*GIT, "init", "-q", str(path)], check=True)
    subprocess.run([*GIT, "commit", "-q", "--allow-empty", "-m", message], cwd=path, check=True)
    return path


def ok(*args, **kw):
    result = run_rlat(*args, **kw)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_recalled_in_a_subfolder_of_its_repository_not_in_another(tmp_path):
    a = repo(tmp_path / "app", "app")
    b = repo(tmp_path / "other", "other")
    (a / "src" / "pkg").mkdir(parents=True)
    ok("memory", "add", "Run the tests with make check, never bare pytest", cwd=a)
    here = json.loads(ok("memory", "recall", "how do I run the tests", "--format", "json",
                         cwd=a / "src" / "pkg"))
    assert [h["text"] for h in here["hits"]] == ["Run the tests with make check, never bare pytest"]
    assert here["hits"][0]["gate"].startswith("admitted: same workspace; fit")
    assert here["hits"][0]["rung"] == "high"
    there = ok("memory", "recall", "how do I run the tests", cwd=b)
    assert "No claim matches" in there and "--explain" in there
    # the hint offers only what was not tried already
    unknown = ok("memory", "recall", "zebra migration schedule", "--explain", cwd=b)
    assert "No claim matches" in unknown and "--explain" not in unknown, unknown
    explained = ok("memory", "recall", "how do I run the tests", "--explain", cwd=b)
    assert "excluded: learned in another workspace" in explained
    context = ok("memory", "recall", "run the tests", "--format", "context", cwd=a)
    assert context.startswith('<rlat-context kind="recall">')
    assert "stated by user, high] Run the tests with make check" in context


def _seed_store(events):
    ClaimLog(memory_store_path()).append(events)


def test_feedback_without_an_id_credits_the_latest_turns_claims(tmp_path):
    here = workspace_id(str(tmp_path))
    first = propose("Rebuild the wheel cache before installing", workspace=here)
    second = propose("Pin pip below 25 for the legacy build", workspace=here)
    _seed_store([first, second])
    sessions = state_dir()
    sessions.mkdir(parents=True, exist_ok=True)
    records = [
        {"event": "prompt", "ts": 1.0, "prompt": "install deps", "intent_id": "i1",
         "workspace": here, "injected": [[second["claim"], 1]]},
        {"event": "prompt", "ts": 2.0, "prompt": "build the wheel", "intent_id": "i2",
         "workspace": here, "injected": [[first["claim"], 1], [second["claim"], 2]]},
        {"event": "prompt", "ts": 3.0, "prompt": "thanks", "intent_id": "i3",
         "workspace": here, "injected": []},
    ]
    (sessions / "sess-1.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    out = json.loads(ok("memory", "feedback", "good", "--format", "json", cwd=tmp_path))
    assert (out["session"], out["intent"]) == ("sess-1", "i2")
    assert [(c["id"], c["rank"]) for c in out["claims"]] == [(first["claim"], 1),
                                                             (second["claim"], 2)]
    assert [c["after"] for c in out["claims"]] == ["medium", "low"]  # credit by rank
    state = ClaimLog(memory_store_path()).state()
    entry = state.claims[first["claim"]].outcomes[-1]
    assert entry[1:4] == [1, 1.0, "user"] and entry[5:] == ["sess-1", "i2"]
    bad = ok("memory", "feedback", "bad", second["claim"][:8])
    assert "Recorded bad for" in bad and "(rank 2)" in bad


def test_feedback_after_an_ordinary_session_rates_what_it_had_in_context(tmp_path):
    """SessionStart injected the claims; the last prompt recalled nothing new (they were
    already in context): feedback without an id rates them, for this workspace's session."""
    work = tmp_path / "work"
    work.mkdir()
    claim = propose("Run the tests with make check before pushing",
                    workspace=workspace_id(str(work)))
    _seed_store([claim])
    start = run_hook("session-start", {"session_id": "s-ordinary", "cwd": str(work),
                                       "source": "startup"})
    assert "make check" in start.context
    run_hook("user-prompt", {"session_id": "s-ordinary", "cwd": str(work),
                             "prompt": "please run the tests", "prompt_id": "p1"})
    run_hook("stop", {"session_id": "s-ordinary", "cwd": str(work), "prompt_id": "p1",
                      "last_assistant_message": "Done."})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run_hook("session-start", {"session_id": "s-later-elsewhere", "cwd": str(elsewhere),
                               "source": "startup"})
    out = json.loads(ok("memory", "feedback", "good", "--format", "json", cwd=work))
    assert out["session"] == "s-ordinary" and out["intent"] == "p1"
    assert [c["id"] for c in out["claims"]] == [claim["claim"]]
    # Where no session ran, it says so, and where the claims were.
    missing = run_rlat("memory", "feedback", "good", cwd=elsewhere)
    assert missing.returncode == 1 and missing.stderr.count("\n") == 1
    assert "the latest session in this workspace (s-later-elsewhere" in missing.stderr
    assert "had no claims injected" in missing.stderr and "name the claim" in missing.stderr
    nowhere = tmp_path / "nowhere"
    nowhere.mkdir()
    never = run_rlat("memory", "feedback", "good", cwd=nowhere)
    assert "no Claude Code session with rlat's hooks has run in this workspace" in never.stderr
    assert "the latest one with claims (s-ordinary) ran in" in never.stderr


def test_feedback_and_corroborate_errors_are_one_line():
    result = run_rlat("memory", "feedback", "good")
    assert result.returncode != 0
    assert result.stderr.strip().count("\n") == 0 and "name the claim" in result.stderr
    result = run_rlat("memory", "corroborate", "ffffffff")
    assert result.returncode != 0 and "no claim with id" in result.stderr
    result = run_rlat("memory", "feedback", "meh")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    result = run_rlat("memory", "recall", "  ")
    assert result.returncode != 0 and "query is empty" in result.stderr


def test_corroborate_lifts_a_claim_and_confidence_explains_it():
    claim = propose("The nightly job runs at 02:00 UTC", workspace="path:/w")
    _seed_store([claim])
    out = ok("memory", "corroborate", claim["claim"][:10])
    assert "rung low -> high" in out
    data = json.loads(ok("memory", "confidence", claim["claim"], "--format", "json"))
    assert data["rung"] == "high" and data["points"]["user"] == 2.5


def test_consolidate_prints_what_changed_and_why_and_twice_is_once(tmp_path):
    import time

    now = time.time()
    idle = propose("An old session block nobody ever used", "event", ts=now - 60 * DAY)
    mine = propose("My own note from long ago", "event", origin="user", ts=now - 60 * DAY)
    conv = propose("This repo formats with black", "convention", session="sA", ts=now - DAY)
    _seed_store([idle, mine, conv,
                 ev.recurred(conv["claim"], [ev.session_citation("sB", "sB/m", "h")], ts=now)])
    dry = json.loads(ok("memory", "consolidate", "--dry-run", "--format", "json"))
    assert dry["dry_run"] is True and dry["counts"] == {"promote": 1, "retire": 1}
    text = ok("memory", "consolidate")
    assert "retire" in text and "stayed at rung low for 60 days" in text
    assert "promote" in text and "2 independent observation(s)" in text
    assert "Consolidated 3 claim(s): 1 promoted, 1 retired." in text
    again = json.loads(ok("memory", "consolidate", "--format", "json"))
    assert again["changes"] == [] and again["events"] == 0
    state = ClaimLog(memory_store_path()).state()
    assert state.claims[idle["claim"]].state == "retired"
    assert state.claims[mine["claim"]].state == "candidate"  # user-written: protected


def test_quarantine_calibration_and_unquarantine():
    a = propose("cc-03 found the port is 8080", "environment", observed_by="cc-03",
                workspace="path:/w")
    _seed_store([a, ev.promoted(a["claim"], "repo", "gate")])
    out = ok("quarantine", "cc-03", "--reason", "rising contradiction rate")
    assert "1 active claim(s) now contested" in out
    rows = {r["agent"]: r for r in json.loads(ok("memory", "calibration", "--format",
                                                   "json"))["agents"]}
    assert rows["cc-03"]["quarantined"] is True and rows["cc-03"]["contradiction_rate"] == 1.0
    assert "already quarantined" in ok("quarantine", "cc-03")
    ok("unquarantine", "cc-03")
    result = run_rlat("unquarantine", "cc-03")
    assert result.returncode != 0 and "is not quarantined" in result.stderr
    state = ClaimLog(memory_store_path()).state()
    assert state.claims[a["claim"]].state == "contested"  # lifting is not a rollback
    promote = run_rlat("memory", "promote", a["claim"][:8])
    assert promote.returncode == 0 and "Promoted" in promote.stdout


def test_one_transcript_captured_under_two_session_ids_is_one_observation():
    from pathlib import Path

    transcript = Path(__file__).parents[1] / "fixtures" / "transcripts" / "tool_failure.jsonl"
    for session in ("first-label", "second-label"):
        ok("capture", str(transcript), "--session-id", session)
    claims = json.loads(ok("memory", "list", "--format", "json"))["claims"]
    # the session block and the convention stated in it: each one claim, observed once
    assert sorted(c["type"] for c in claims) == ["convention", "event"]
    for claim in claims:
        assert claim["recurrence"] == 2
        assert claim["evidence_count"] == 1 and claim["independent_count"] == 1
    claims = [c for c in claims if c["type"] == "event"]
    data = json.loads(ok("memory", "confidence", claims[0]["id"], "--format", "json"))
    assert data["points"]["recurrence"] == 0.0


def test_a_persons_latest_word_on_a_claim_stands_not_a_sum():
    claim = propose("The staging database is restored every Sunday", workspace="path:/w")
    _seed_store([claim])
    cid = claim["claim"]

    def user_points():
        return json.loads(ok("memory", "confidence", cid, "--format", "json"))["points"]["user"]

    ok("memory", "corroborate", cid)
    ok("memory", "corroborate", cid)
    ok("memory", "corroborate", cid)
    assert user_points() == 2.5  # one person confirming three times is one confirmation
    ok("memory", "corroborate", cid, "--refute")
    assert user_points() == -3.0  # they changed their mind: the refutation stands alone
    ok("memory", "corroborate", cid, "--refute")
    assert user_points() == -3.0
    ok("memory", "corroborate", cid)
    assert user_points() == 2.5


def test_feedback_on_a_claim_is_one_standing_word_whatever_the_day():
    """Feedback on a claim no turn injected: the person's newest verdict replaces the older
    ones — the same outcome key (session, intent) every time, not one per calendar day, so
    saying "bad" on three days is one bad, and "good" after it stands alone."""
    claim = propose("The cache is warmed by the 06:00 cron job", workspace="path:/w")
    _seed_store([claim])
    cid = claim["claim"]
    for verdict in ("bad", "bad", "good"):
        ok("memory", "feedback", verdict, cid)
    outcomes = [e for e in ClaimLog(memory_store_path()).events() if e["kind"] == "outcome"]
    assert len({(e["session_id"], e["intent_id"]) for e in outcomes}) == 1
    assert not any(ch.isdigit() for ch in outcomes[0]["session_id"])  # no date in the key
    data = json.loads(ok("memory", "confidence", cid, "--format", "json"))
    assert data["points"]["outcomes"] == 1.5  # the latest word (good, user authority) alone


def test_quarantine_refuses_an_agent_that_observed_nothing_unless_forced():
    _seed_store([propose("The nightly job runs at 02:00 UTC", workspace="path:/w")])
    typo = run_rlat("quarantine", "claude-cdoe")
    assert typo.returncode == 1 and typo.stderr.count("\n") == 1
    assert "no claim in this store was observed by 'claude-cdoe'" in typo.stderr
    assert "--force" in typo.stderr
    state = ClaimLog(memory_store_path()).state()
    assert not state.quarantined("claude-cdoe")
    forced = run_rlat("quarantine", "future-agent", "--force")
    assert forced.returncode == 0, forced.stderr
    assert ClaimLog(memory_store_path()).state().quarantined("future-agent")


def test_a_forgotten_or_purged_claim_cannot_be_contested_back_into_play():
    ids = {}
    for text in ("claim alpha one", "claim gamma three", "claim delta four"):
        ok("memory", "add", text)
    for claim in json.loads(ok("memory", "list", "--format", "json"))["claims"]:
        ids[claim["text"]] = claim["id"]
    alpha, gamma, delta = ids["claim alpha one"], ids["claim gamma three"], ids["claim delta four"]
    ok("memory", "forget", gamma)
    ok("compact", "--purge", delta)
    for pair, why in (((gamma, alpha), "retired"), ((alpha, gamma), "retired"),
                      ((delta, alpha), "purged")):
        result = run_rlat("memory", "contest", *pair)
        assert result.returncode == 1, result.stdout
        assert result.stderr.count("\n") == 1 and f"{why}" in result.stderr, result.stderr
        assert "cannot contest" in result.stderr
    listed = {c["id"]: c["state"] for c in json.loads(ok("memory", "list", "--all",
                                                         "--format", "json"))["claims"]}
    assert listed == {alpha: "candidate", gamma: "retired", delta: "candidate"}
    recalled = json.loads(ok("memory", "recall", "claim gamma three", "--format", "json"))
    assert gamma not in [h["id"] for h in recalled["hits"]]


def test_forgetting_one_side_of_a_contradiction_settles_the_other():
    for text in ("deploys go out on tuesdays", "deploys go out on thursdays"):
        ok("memory", "add", text)
    ids = {c["text"]: c["id"] for c in json.loads(ok("memory", "list", "--format",
                                                     "json"))["claims"]}
    tuesday, thursday = ids["deploys go out on tuesdays"], ids["deploys go out on thursdays"]
    ok("memory", "contest", tuesday, thursday)

    def states():
        return {c["id"]: c["state"] for c in json.loads(
            ok("memory", "list", "--all", "--format", "json"))["claims"]}

    assert states() == {tuesday: "contested", thursday: "contested"}
    ok("memory", "forget", thursday)  # the wrong one: the other stands uncontested
    assert states() == {tuesday: "candidate", thursday: "retired"}
    # stated again, it is a candidate newer than the contest; the other side is disputed again
    ok("memory", "add", "deploys go out on thursdays")
    assert states() == {tuesday: "contested", thursday: "candidate"}


def test_governance_commands_answer_in_json_for_scripts():
    """promote, contest, quarantine and unquarantine had no --format json: a script had to
    scrape 'Promoted 1a2b3c… to repo scope (active).' for what it had just done."""
    a = propose("cc-07 found the port is 8080", "environment", observed_by="cc-07",
                workspace="path:/w")
    b = propose("cc-07 found the port is 9090", "environment", observed_by="cc-07",
                workspace="path:/w")
    _seed_store([a, b])
    store = str(memory_store_path())
    contested = json.loads(ok("memory", "contest", a["claim"][:8], b["claim"][:8],
                              "--format", "json"))
    assert contested == {"id": a["claim"], "other": b["claim"], "state": "contested",
                         "reason": "contested by a person", "store": store}
    promoted = json.loads(ok("memory", "promote", a["claim"][:8], "--format", "json"))
    assert promoted == {"id": a["claim"], "scope": "repo", "state": "active", "store": store}
    quarantined = json.loads(ok("quarantine", "cc-07", "--format", "json"))
    assert quarantined == {"agent": "cc-07", "quarantined": True, "changed": True,
                           "contested": [a["claim"]], "reason": "quarantined by a person",
                           "store": store}
    again = json.loads(ok("quarantine", "cc-07", "--format", "json"))
    assert (again["changed"], again["contested"]) == (False, [])
    lifted = json.loads(ok("unquarantine", "cc-07", "--format", "json"))
    assert lifted == {"agent": "cc-07", "quarantined": False, "changed": True,
                      "reason": "lifted by a person", "store": store}
    # an error under --format json is what it is in text: one line on stderr, no JSON
    for args in (("unquarantine", "cc-07"), ("memory", "promote", "ffffffff"),
                 ("memory", "contest", a["claim"][:8], a["claim"][:8]),
                 ("quarantine", "nobody-seen")):
        result = run_rlat(*args, "--format", "json")
        assert result.returncode == 1 and result.stdout == "", (args, result.stdout)
        assert result.stderr.startswith("rlat: error: ") and result.stderr.count("\n") == 1


def test_feedback_after_a_resumed_session_rates_the_last_prompts_claims(tmp_path):
    """A session resumed later injects its most trusted claims again at its new SessionStart;
    feedback without an id still rates what the last prompt injected (docs/claims.md), and
    feedback on a claim last injected at SessionStart finds it there."""
    here = workspace_id(str(tmp_path))
    asked = propose("Rebuild the wheel cache before installing", workspace=here)
    standing = propose("Pin pip below 25 for the legacy build", workspace=here)
    _seed_store([asked, standing])
    sessions = state_dir()
    sessions.mkdir(parents=True, exist_ok=True)
    records = [
        {"event": "start", "ts": 1.0, "workspace": here, "injected": [[standing["claim"], 1]]},
        {"event": "prompt", "ts": 2.0, "prompt": "build the wheel", "intent_id": "i1",
         "workspace": here, "injected": [[asked["claim"], 1]]},
        {"event": "start", "ts": 3.0, "workspace": here, "source": "resume",
         "injected": [[standing["claim"], 1]]},
    ]
    (sessions / "sess-r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    out = json.loads(ok("memory", "feedback", "good", "--format", "json", cwd=tmp_path))
    assert [c["id"] for c in out["claims"]] == [asked["claim"]], out
    named = json.loads(ok("memory", "feedback", "good", standing["claim"][:8], "--format",
                          "json", cwd=tmp_path))
    assert named["session"] == "sess-r" and named["claims"][0]["rank"] == 1, named
