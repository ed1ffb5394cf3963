"""capture_transcript end to end: claims, citations, dedupe, fences, secrets, the scrub log."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from capture_helpers import Builder, fixture, stored_events_text, working_session
from secret_corpus import SECRETS

from rlat.capture.pipeline import CaptureError, capture_transcript, verify_citations
from rlat.capture.session import MAX_CLAIM_CHARS
from rlat.claims import ClaimLog
from rlat.claims.ids import content_hash
from rlat.container import LockTimeout
from rlat.render.fences import fence
from rlat.scrub import ScrubLog
from rlat.workspace import workspace_id

# ---------------------------------------------------------------- real transcripts


def test_tool_failure_session_becomes_one_cited_event_claim(store):
    path = fixture("tool_failure")
    report = capture_transcript(path, store=store)
    assert report.receipt == "[rlat] Captured 2 claim(s) (1 redactions)"
    [claim, rule] = report.claims
    assert claim["action"] == "proposed" and claim["type"] == "event"
    # the rule the user stated in passing becomes a claim of its own, citing their words
    assert rule["action"] == "proposed" and rule["type"] == "convention"
    assert rule["text"] == ("In this repo we always run the tests with `make check`, never with "
                            "pytest directly.")
    assert [c["excerpt"] for c in rule["citations"]] == [rule["text"]]
    text = claim["text"]
    assert text.startswith("Goal: In this repo we always run the tests with `make check`")
    assert "`python3 -m pytest -q tests/` failed (exit 4: ERROR: file or directory not found" in text
    assert "`make check`" in text and "Ended: The tests pass with `make check` (3 passed)." in text
    # the fake token in the prompt is scrubbed before anything is stored
    assert "ghp_FAKE" not in stored_events_text() and "[REDACTED:github-token]" in text
    # the fixture hooks injected fenced context: none of it is captured
    assert "Injected by a fixture hook" not in stored_events_text()
    # every citation names a real JSONL line and the hash of the quoted excerpt
    lines = {json.loads(ln)["uuid"]: ln for ln in path.read_text().splitlines()
             if '"uuid"' in ln}
    for cite in claim["citations"]:
        assert cite["session_id"] == report.session_id and cite["message_id"] in lines
        assert cite["excerpt_hash"] == content_hash(cite["excerpt"])
    state = store.state()
    stored = state.claims[claim["id"]]
    assert stored.type == "event" and stored.source == "experience"
    assert stored.workspaces == [workspace_id("/home/user/project")]
    assert stored.observed_by == "claude-code" and stored.evidence_count == 1


def test_subagent_work_is_part_of_the_session_claim(store):
    report = capture_transcript(fixture("subagent"), store=store)
    text = report.claims[0]["text"]
    assert "Subagents: 1 (Count project files)" in text
    assert "`ls -1 | wc -l`" in text  # run inside the subagent's own transcript
    sources = {c.get("source", "") for c in report.claims[0]["citations"]}
    assert any(s.startswith("agent-") for s in sources)


def test_compacted_session_keeps_both_halves_and_skips_the_summary(store):
    report = capture_transcript(fixture("compact"), store=store)
    text = report.claims[0]["text"]
    assert "Goal: Show me the README." in text and "Then asked: Now run the checks." in text
    assert "`cat README.md`" in text and "`make check`" in text
    assert "continued from a previous conversation" not in text
    assert report.counts["compactions"] == 1


# ---------------------------------------------------------------- triviality, caps, evidence


def test_trivial_session_produces_nothing(tmp_path, store):
    b = Builder()
    b.prompt("hi")
    b.say("Hello! How can I help?")
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store)
    assert report.captured == 0 and report.claims == []
    assert report.skipped.startswith("trivial session")
    assert report.receipt == "[rlat] Captured 0 claim(s) (0 redactions)"
    assert not store.path.exists()


def test_a_long_discussion_without_tools_is_not_trivial(tmp_path, store):
    b = Builder()
    b.prompt("Explain how our retry policy should work for the upstream billing API. " * 6)
    b.say("Use exponential backoff with jitter, cap at 30 s, retry only idempotent calls. " * 4)
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store)
    assert report.captured == 1


def test_claim_is_capped(tmp_path, store):
    b = Builder()
    b.prompt("Refactor everything. " * 200)
    for i in range(40):
        b.run("Bash", {"command": f"python3 tool_{i}.py --flag " + "x" * 200}, "Exit code 1\nboom " * 3,
              is_error=i % 2 == 0)
        b.run("Write", {"file_path": f"/home/user/project/src/module_{i}.py", "content": "x"}, "ok")
    b.say("Done with everything. " * 100)
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store)
    text = report.claims[0]["text"]
    assert len(text) <= MAX_CLAIM_CHARS
    assert "Changed: src/module_0.py" in text and "(+32 more)" in text
    assert len(report.claims[0]["citations"]) <= 10


def test_citations_are_checked_against_the_file_on_disk(tmp_path, store):
    path = working_session(Builder()).write(tmp_path / "t.jsonl")
    report = capture_transcript(path, store=store, dry_run=True)
    cites = report.claims[0]["citations"]
    assert verify_citations(cites, {"": path}) == []
    # the transcript changes under the claim: the goal's excerpt no longer resolves
    path.write_text(path.read_text().replace("Please make the tests pass.", "Something else."))
    bad = verify_citations(cites, {"": path})
    assert [c["excerpt"] for c in bad] == ["Please make the tests pass."]
    # a citation to a line that is not there, or with a wrong hash, does not resolve either
    forged = dict(cites[1], message_id="00000000-0000-0000-0000-000000000000")
    wrong_hash = dict(cites[1], excerpt_hash="0" * 16)
    assert len(verify_citations([forged, wrong_hash], {"": path})) == 2


# ---------------------------------------------------------------- dedupe


def test_same_claim_from_another_session_recurs_instead_of_adding_a_row(tmp_path, store):
    first = working_session(Builder(session_id="aaaaaaaa-0000-0000-0000-000000000001"))
    second = working_session(Builder(session_id="aaaaaaaa-0000-0000-0000-000000000002"))
    r1 = capture_transcript(first.write(tmp_path / "1.jsonl"), store=store)
    r2 = capture_transcript(second.write(tmp_path / "2.jsonl"), store=store)
    assert r1.claims[0]["action"] == "proposed"
    assert r2.claims[0]["action"] == "recurred" and r2.claims[0]["recurrence"] == 2
    assert r1.claims[0]["id"] == r2.claims[0]["id"]
    state = store.state()
    assert len(state.claims) == 1
    claim = state.claims[r1.claims[0]["id"]]
    assert claim.recurrence == 2 and claim.evidence_count == 2
    assert sorted(claim.sessions) == sorted([first.session_id, second.session_id])
    kinds = [e["kind"] for e in store.events()]
    assert kinds == ["proposed", "recurred"]


def test_capturing_the_same_session_twice_adds_nothing(tmp_path, store):
    path = working_session(Builder()).write(tmp_path / "t.jsonl")
    capture_transcript(path, store=store)
    again = capture_transcript(path, store=store)
    assert again.claims[0]["action"] == "already_captured" and again.events_appended == 0
    assert again.captured == 0
    assert store.state().claims[again.claims[0]["id"]].recurrence == 1


def test_same_text_in_another_workspace_is_another_claim(tmp_path, store):
    a = working_session(Builder(session_id="s-a", cwd="/work/alpha"))
    b = working_session(Builder(session_id="s-b", cwd="/work/beta"))
    ra = capture_transcript(a.write(tmp_path / "a.jsonl"), store=store)
    rb = capture_transcript(b.write(tmp_path / "b.jsonl"), store=store)
    assert ra.claims[0]["id"] != rb.claims[0]["id"]
    assert rb.claims[0]["action"] == "proposed" and len(store.state().claims) == 2


def test_resumed_session_supersedes_its_earlier_capture(tmp_path, store):
    b = working_session(Builder())
    path = b.write(tmp_path / "t.jsonl")
    first = capture_transcript(path, store=store)
    b.prompt("Now also update the changelog.")
    b.run("Edit", {"file_path": "/home/user/project/CHANGELOG.md"}, "updated")
    b.say("Changelog updated.")
    b.write(path)
    second = capture_transcript(path, store=store)
    old, new = first.claims[0]["id"], second.claims[0]["id"]
    assert old != new and second.claims[0]["supersedes"] == [old]
    state = store.state()
    assert state.claims[old].superseded_by == new and state.claims[new].superseded_by is None


# ---------------------------------------------------------------- fences and hook context


def test_injected_context_is_never_captured(tmp_path, store):
    injected = fence("- [2026-01-01, 3 sessions, high] Deploys need VPN-SENTINEL access.",
                     kind="memory")
    b = Builder()
    b.attachment({"type": "hook_additional_context", "content": [injected],
                  "hookName": "UserPromptSubmit", "hookEvent": "UserPromptSubmit"})
    b.attachment({"type": "hook_success", "hookEvent": "SessionStart",
                  "stdout": json.dumps({"hookSpecificOutput": {"additionalContext": injected}})})
    b.prompt("Deploy the app. " + injected)
    b.run("Bash", {"command": "rlat memory recall deploy"}, "Recall:\n" + injected)
    b.say("As my context said: " + injected + " Deployed.")
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store)
    assert report.captured == 1
    assert "VPN-SENTINEL" not in stored_events_text()
    assert "Deployed." in report.claims[0]["text"]
    # stripped from the prompt, the command's output and the reply
    assert report.counts["hook_attachments"] == 2 and report.counts["fenced_spans"] == 3


# ---------------------------------------------------------------- secrets


def test_secrets_anywhere_in_a_transcript_never_reach_the_store_or_the_log(tmp_path, store):
    secrets = SECRETS[:12]
    b = Builder()
    b.prompt("Set up deploys. Credentials: " + " ".join(s.snippet for s in secrets[:4]))
    for s in secrets[4:8]:
        b.run("Bash", {"command": f"deploy --token {s.snippet}"}, f"Exit code 1\nbad token {s.snippet}",
              is_error=True)
    b.run("Bash", {"command": "env"}, "\n".join(f"VAR_{i}={s.snippet}" for i, s in
                                              enumerate(secrets[8:])))
    b.say("Configured with " + secrets[0].snippet)
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store)
    # prompt, failing commands and their output are kept (scrubbed); the output of the
    # command that succeeded is never used by the claim, so it is dropped unread
    kept = secrets[:8]
    assert report.captured == 1 and report.redactions >= len(kept)
    everything = stored_events_text() + (store.path.parent / "scrub.log").read_text()
    for s in secrets:
        for fragment in s.fragments():
            assert fragment not in everything, s.family
    log = ScrubLog().read()
    assert {row["rule"] for row in log} >= {s.rule for s in kept}
    assert all(row["session"] == b.session_id and row["message"] for row in log)


def test_secret_file_output_is_withheld_whole(tmp_path, store):
    b = Builder()
    b.prompt("Why does the app not connect to the database?")
    b.run("Read", {"file_path": "/home/user/project/.env"},
          "DATABASE_HOST=db.internal\nDATABASE_NAME=orders\nREGION=eu-west-1")
    b.run("Bash", {"command": "cat ~/.aws/credentials"}, "cat: permission denied: plain-words",
          is_error=True)
    b.run("Bash", {"command": "psql -h db.internal"}, "Exit code 2\npsql: error: connection refused",
          is_error=True)
    b.say("The database host is unreachable from here.")
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store)
    assert report.counts["secret_file_outputs"] == 2 and report.rules["secret-file"] == 2
    stored = stored_events_text()
    assert "DATABASE_NAME" not in stored and "plain-words" not in stored
    text = report.claims[0]["text"]
    assert "`cat ~/.aws/credentials` failed" in text  # the command itself is kept
    assert "psql: error: connection refused" in text


def test_dry_run_stores_and_logs_nothing(tmp_path, store):
    b = working_session(Builder(), goal="Rotate the key ghp_" + "Q7" * 18)
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store, dry_run=True)
    assert report.claims[0]["action"] == "proposed" and report.redactions == 1
    assert report.receipt.endswith("[dry run: nothing stored]")
    assert not store.path.exists() and not (store.path.parent / "scrub.log").exists()


# ---------------------------------------------------------------- workspace, paths, errors


def test_windows_session_paths(tmp_path, store):
    b = Builder(cwd="C:\\Users\\ada\\project")
    b.prompt("Fix the import in app.py")
    b.run("Edit", {"file_path": "C:\\Users\\ada\\project\\src\\app.py"}, "updated")
    b.run("Bash", {"command": "python -m pytest"}, "3 passed")
    b.say("Fixed.")
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store)
    assert report.workspace == workspace_id("C:\\Users\\ada\\project")
    assert report.workspace.startswith("path:c:/")
    assert "Changed: src/app.py" in report.claims[0]["text"]


def test_cwd_argument_sets_the_workspace(tmp_path, store):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:Org/Repo.git\n')
    report = capture_transcript(working_session(Builder()).write(tmp_path / "t.jsonl"),
                                cwd=str(repo / "sub"), store=store)
    assert report.workspace == "git:github.com/org/repo"
    assert store.state().claims[report.claims[0]["id"]].workspaces == ["git:github.com/org/repo"]


def test_missing_and_directory_paths_raise_one_line_errors(tmp_path, store):
    with pytest.raises(CaptureError, match="transcript not found"):
        capture_transcript(tmp_path / "nope.jsonl", store=store)
    with pytest.raises(CaptureError, match="is a directory"):
        capture_transcript(tmp_path, store=store)


@pytest.mark.parametrize("content,reason", [
    (b"", "empty transcript"),
    (bytes(range(256)) * 50, "no conversation"),
    (b'{"type": "queue-operation"}\n{"type": "summary", "summary": "x"}\n', "no conversation"),
    (b'{"type": "user", "message": {"role": "user", "content": "hal', "no conversation"),
])
def test_bad_input_gives_a_clear_outcome(tmp_path, store, content, reason):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    report = capture_transcript(path, store=store)
    assert report.captured == 0 and report.skipped.startswith(reason)
    assert not store.path.exists()


def test_truncated_last_line_is_tolerated(tmp_path, store):
    text = fixture("tool_failure").read_text()
    path = tmp_path / "t.jsonl"
    path.write_text(text + text.splitlines()[3][:40])
    report = capture_transcript(path, store=store)
    assert report.captured == 2 and report.counts["truncated_last_line"] == 1


def test_a_locked_store_times_out_instead_of_hanging(tmp_path, store):
    path = working_session(Builder()).write(tmp_path / "t.jsonl")
    capture_transcript(working_session(Builder(session_id="other")).write(tmp_path / "o.jsonl"),
                       store=store)
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import fcntl, sys, time
        f = open({str(store.path)!r}, "rb+")
        fcntl.flock(f, fcntl.LOCK_EX)
        print("locked", flush=True)
        time.sleep(60)
    """)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(LockTimeout):
            capture_transcript(path, store=store, lock_timeout=0.3)
    finally:
        holder.kill()
        holder.wait()
    assert capture_transcript(path, store=ClaimLog(store.path)).captured == 1


def test_how_the_session_ended_is_said(tmp_path, store):
    b = Builder()
    b.prompt("Run the migration on staging.")
    b.run("Bash", {"command": "make migrate ENV=staging"}, "Exit code 2\nmigration 0042 failed: "
          "lock timeout", is_error=True, text="Running it.")
    b.prompt([{"type": "text", "text": "[Request interrupted by user for tool use]"}])
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store)
    text = report.claims[0]["text"]
    assert "`make migrate ENV=staging` failed (exit 2: migration 0042 failed: lock timeout)" in text
    assert text.endswith("Ended: Running it. [interrupted by the user]")


def test_a_slash_command_session_takes_the_command_as_its_goal(tmp_path, store):
    b = Builder()
    b.prompt("<command-name>/review</command-name>\n<command-message>review</command-message>\n"
             "<command-args>src/billing.py</command-args>")
    b.run("Read", {"file_path": "/home/user/project/src/billing.py"}, "def charge(): ...")
    b.say("Two issues: charge() ignores currency, and retries are unbounded.")
    report = capture_transcript(b.write(tmp_path / "t.jsonl"), store=store)
    assert report.claims[0]["text"].startswith("Goal: /review src/billing.py\n")


def test_an_unreadable_subagent_transcript_costs_that_subagent_not_the_session(tmp_path, store):
    main = working_session(Builder(cwd=str(tmp_path))).write(tmp_path / "sess.jsonl")
    subagents = tmp_path / "sess" / "subagents"
    subagents.mkdir(parents=True)
    (subagents / "agent-a1.jsonl").symlink_to(tmp_path / "gone.jsonl")  # dangling
    (subagents / "agent-a2.jsonl").mkdir()  # a directory with a transcript's name
    report = capture_transcript(main, store=store)
    assert report.captured >= 1 and store.state().claims
    assert report.counts["unreadable_files"] == 2


def test_a_line_nested_a_thousand_deep_is_one_malformed_line_not_a_lost_session(tmp_path,
                                                                                 store):
    b = working_session(Builder(cwd=str(tmp_path)))
    deep = "1"
    for _ in range(1000):
        deep = '{"a":' + deep + "}"
    b.raw('{"type":"assistant","uuid":"deep-1","message":{"id":"msg_deep","role":"assistant",'
          '"content":[{"type":"tool_use","id":"toolu_deep","name":"mcp__db__query","input":'
          + deep + "}]}}")
    b.say("Done.")
    report = capture_transcript(b.write(tmp_path / "sess.jsonl"), store=store)
    assert report.captured >= 1 and report.counts["malformed"] == 1


def test_a_fork_of_a_session_is_one_witness_not_two(tmp_path, store):
    """A fork (claude --fork-session, /branch) copies the session's lines under a new session
    id and new line ids, keeping their times: the rule it repeats was stated once."""
    original = Builder(session_id="bbbbbbbb-0000-0000-0000-000000000001", cwd=str(tmp_path))
    original.prompt("In this repo we always run the tests with `make check`, never pytest.")
    working_session(original)
    fork_id = "bbbbbbbb-0000-0000-0000-000000000002"
    renamed: dict[str, str] = {}
    fork = Builder(session_id=fork_id, cwd=str(tmp_path))
    for line in original.lines:
        obj = json.loads(line)
        obj["sessionId"] = fork_id
        for key in ("uuid", "parentUuid"):
            if obj.get(key):
                obj[key] = renamed.setdefault(obj[key], f"fork-{len(renamed):04d}")
        fork.raw(obj)
    capture_transcript(original.write(tmp_path / "a.jsonl"), store=store)
    capture_transcript(fork.write(tmp_path / "b.jsonl"), store=store)
    rule = next(c for c in store.state().claims.values() if c.type == "convention")
    assert sorted(rule.sessions) == sorted([original.session_id, fork_id])
    assert rule.independent_count == 1
    # the same rule said again in a session of its own is a second witness
    again = Builder(session_id="bbbbbbbb-0000-0000-0000-000000000003", cwd=str(tmp_path))
    again.prompt("In this repo we always run the tests with `make check`, never pytest.")
    working_session(again)
    capture_transcript(again.write(tmp_path / "c.jsonl"), store=store)
    assert store.state().claims[rule.id].independent_count == 2
