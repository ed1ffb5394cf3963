"""Each hook as Claude Code runs it: what it injects, what it records, what it hands over."""

from __future__ import annotations

import json
import os
import time

import pytest
from support.cli import run_rlat
from support.hookrun import FIXTURES, log_lines, prompt, records, run_hook, start, wait_for
from support.hookrun import add_claim as add

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path, state_dir
from rlat.workspace import workspace_id
from rlat.world import capture_world_fact, default_km_path

FRAMING_CONSTRAINT = "Standing constraints for this environment:"
FRAMING_FALSIFIED = "Tried and falsified in this environment:"


def store_events(kind):
    return [e for e in ClaimLog(memory_store_path()).events() if e["kind"] == kind]


# ------------------------------------------------------------------------- SessionStart
def test_session_start_serves_world_facts_in_full_then_trusted_claims(workspace, tmp_path):
    wid = workspace_id(str(workspace))
    long_rule = "The tenant is EU-only for data residency; " + "every replica stays in eu-west. " * 30
    capture_world_fact(default_km_path(wid), long_rule, "constraint", workspace=wid)
    capture_world_fact(default_km_path(wid), "Tried MS MARCO fine-tuning; regressed 4 of 5 corpora.",
                       "falsified", workspace=wid)
    add(workspace, "Run the tests with make check, never pytest directly")
    other = tmp_path / "elsewhere"
    other.mkdir()
    add(other, "Deploys go through the blue cluster")  # another workspace's lesson

    ctx = start(workspace).context
    assert ctx.index(FRAMING_CONSTRAINT) < ctx.index(FRAMING_FALSIFIED) < ctx.index("make check")
    assert long_rule.strip() in ctx  # in full, never truncated
    assert "regressed 4 of 5 corpora" in ctx
    assert ctx.count("<rlat-context") == 2 and ctx.count("</rlat-context>") == 2
    assert "stated by user" in ctx and "blue cluster" not in ctx
    # A different workspace gets neither this workspace's facts nor its claims.
    assert start(other, session="sess-2").context.count("EU-only") == 0


def test_session_start_stays_within_its_budget(workspace):
    for i in range(200):
        add(workspace, f"Convention number {i}: the widget {i} is configured with flag-{i} " * 3)
    ctx = start(workspace).context
    assert 0 < len(ctx) <= 6000
    injected = records()[0]["injected"]
    assert 3 <= len(injected) <= 12
    smaller = run_hook("session-start", {"session_id": "s-small", "cwd": str(workspace),
                                         "source": "startup"},
                       env={"RLAT_CONTEXT_CHARS": "1200"}).context
    assert len(smaller) <= 1200


def test_session_start_records_what_it_injected(workspace):
    cid = add(workspace, "Run the tests with make check")
    start(workspace)
    assert records()[0]["event"] == "start"
    assert records()[0]["injected"] == [[cid, 1]]
    injected = store_events("injected")
    assert injected and injected[0]["claims"] == [cid] and injected[0]["session_id"] == "sess-1"


def test_session_start_with_nothing_to_say_prints_nothing(workspace, rlat_home):
    run = start(workspace)
    assert run.stdout == "" and log_lines(rlat_home) == []


def test_receipts_reach_the_user_not_the_model(workspace):
    from rlat.hooks.runtime import add_receipt

    add_receipt(workspace_id(str(workspace)), "[rlat] Captured 1 claim(s) (0 redactions)")
    out = start(workspace).output
    assert out["systemMessage"] == "[rlat] Captured 1 claim(s) (0 redactions)"
    assert "hookSpecificOutput" not in out
    assert start(workspace, session="again").output is None  # shown once


# ----------------------------------------------------------------------- UserPromptSubmit
def test_prompt_recalls_attributed_claims_without_repeats(workspace):
    make = add(workspace, "Run the tests with make check, never pytest directly")
    add(workspace, "The staging database is read-only on Fridays")
    first = prompt(workspace, "how do I run the tests here?", prompt_id="p1")
    assert "make check" in first.context and "[" in first.context and "high]" in first.context
    assert first.context.startswith("<rlat-context") and "Fridays" not in first.context
    again = prompt(workspace, "run the tests again please", prompt_id="p2")
    assert "make check" not in again.context  # already injected in this session
    rec = [r for r in records() if r["event"] == "prompt"]
    assert rec[0]["injected"] == [[make, 1]] and rec[0]["intent_id"] == "p1"
    assert rec[1]["injected"] == []
    assert [e["claims"] for e in store_events("injected")] == [[make]]
    # A new session may recall it again.
    assert "make check" in prompt(workspace, "how do I run tests", session="sess-2").context


@pytest.mark.parametrize("setting", ["0.5", "0.999"])
def test_a_recall_size_below_one_recalls_one_claim(workspace, rlat_home, setting):
    """RLAT_RECALL_TOP_K=0.5 is a positive number (env_number keeps it) that int() made 0:
    recall failed on it (IndexError), the hook took that for a damaged read model, set the
    read model aside and injected nothing. At least one claim is recalled."""
    add(workspace, "Run the tests with make check, never pytest directly")
    run = run_hook("user-prompt", {"session_id": "k", "cwd": str(workspace),
                                   "prompt": "how do I run the tests here?"},
                   env={"RLAT_RECALL_TOP_K": setting})
    assert run.returncode == 0 and "make check" in run.context, log_lines(rlat_home)
    assert not [line for line in log_lines(rlat_home) if "failed" in line or "damaged" in line]


def test_sessions_whose_ids_read_alike_keep_their_own_signal_files(workspace):
    """`a/b`, `a b`, `a:b` and `a-b` all used to write sessions/a-b.jsonl: what one session
    had injected was never shown to the others."""
    make = add(workspace, "Run the tests with make check, never pytest directly")
    sessions = ["a/b", "a b", "a:b", "a-b"]
    for session in sessions:
        shown = prompt(workspace, "how do I run the tests here?", session=session).context
        assert "make check" in shown, session
    files = sorted(p.name for p in state_dir().glob("*.jsonl"))
    assert len(files) == 4 and "a-b.jsonl" in files
    for path in state_dir().glob("*.jsonl"):
        lines = [json.loads(ln) for ln in path.read_text().splitlines()]
        assert [r["injected"] for r in lines if r["event"] == "prompt"] == [[[make, 1]]]
    # a plain id (Claude Code's UUIDs) keeps the file name it always had
    uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"
    prompt(workspace, "how do I run the tests here?", session=uuid)
    assert records(uuid) and records(uuid)[0]["event"] == "prompt"


def test_every_file_named_after_a_session_tells_distinct_sessions_apart():
    """The signal file, a job and a spool file: one rule, distinct ids get distinct names."""
    from rlat.hooks.jobs import write_job
    from rlat.hooks.runtime import session_file, spool_events

    ids = ["a/b", "a b", "a:b", "a-b", "-a-b", "x" * 200, "x" * 200 + "y", "é", "è"]

    def session_part(path):  # (<time>-<pid>-<session>.json[l])
        return path.name.split("-", 2)[2]

    signal = [session_file(sid).name for sid in ids]
    jobs = [session_part(write_job({"session_id": sid, "tasks": []})) for sid in ids]
    spooled = [session_part(spool_events(sid, [{"id": "e1"}])) for sid in ids]
    for names in (signal, jobs, spooled):
        assert len(set(names)) == len(ids), names
    uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"
    assert session_file(uuid).name == f"{uuid}.jsonl"
    assert write_job({"session_id": uuid, "tasks": []}).name.endswith(f"-{uuid}.json")


def test_a_falsified_finding_recalled_at_a_prompt_carries_its_verdict(workspace):
    add(workspace, "Raising the ingest worker pool to 64 threads fixes the ingest latency",
        "falsified")
    shown = prompt(workspace, "how do I fix the ingest latency of the worker pool?").context
    line = next(ln for ln in shown.splitlines() if "64 threads" in ln)
    assert "Tried and falsified in this environment: Raising the ingest" in line, line
    listed = run_rlat("memory", "recall", "how do I fix the ingest latency of the worker pool?",
                      cwd=workspace).stdout
    assert "Tried and falsified in this environment: Raising the ingest" in listed, listed
    # and once, under its heading, where a session's start serves it
    started = start(workspace, session="sess-2").context
    assert started.count("Tried and falsified in this environment:") == 1


def test_prompt_does_not_repeat_what_session_start_served(workspace):
    add(workspace, "Run the tests with make check, never pytest directly")
    assert "make check" in start(workspace).context
    assert prompt(workspace, "how do I run the tests?").stdout == ""


def test_prompt_recall_is_scoped_to_the_workspace(workspace, tmp_path):
    add(workspace, "Run the tests with make check")
    other = tmp_path / "other"
    other.mkdir()
    assert prompt(other, "how do I run the tests?").stdout == ""
    add(workspace, "Always run the linter with ruff before tests", cross=True)
    assert "ruff" in prompt(other, "how do I run the tests and the linter?",
                            session="s3").context


def test_slash_commands_and_injected_text_are_not_queries(workspace):
    add(workspace, "Run the tests with make check")
    assert prompt(workspace, "/compact").stdout == ""
    fenced = '<rlat-context kind="recall">\n- tests make check\n</rlat-context> hello'
    assert prompt(workspace, fenced, session="s4").stdout == ""


# ---------------------------------------------------------------------------------- Stop
def test_stop_records_tool_errors_tests_and_recovery_from_a_real_transcript(workspace):
    run = run_hook("stop", {"session_id": "sess-1", "cwd": str(workspace),
                            "transcript_path": str(FIXTURES / "tool_failure.jsonl"),
                            "prompt_id": "0cf11170-3530-491c-9182-24423694719a",
                            "last_assistant_message": "The tests pass with `make check`."})
    assert run.stdout == ""
    stop = records()[-1]
    assert stop["event"] == "stop" and stop["intent_id"] == "0cf11170-3530-491c-9182-24423694719a"
    assert stop["tool_calls"] == 2 and stop["tool_errors"] == 1 and stop["recovered"] is True
    assert stop["tests"] == [{"command": "pytest", "passed": False},  # (its plain words)
                             {"command": "make check", "passed": True}]
    # Only plain words are kept (a secret never lands in the signal file).
    assert stop["last_assistant_message"] == "The tests pass with make check"


def test_signal_file_keeps_no_secret(workspace):
    token = "ghp_" + "FAKEfake0123456789abcdefFAKEfake0123"
    prompt(workspace, f"deploy with token {token} and password=hunter2 please")
    text = (state_dir() / "sess-1.jsonl").read_text()
    assert token not in text and "hunter2" not in text and "deploy with token" in text


def test_signal_file_drops_a_run_of_letters_longer_than_a_word(workspace):
    # (docs/hooks.md: a token of more than 24 letters is dropped — it reads like a key)
    long_word, longer_word = "a" * 24, "b" * 25
    prompt(workspace, f"rename {long_word} to {longer_word} please")
    text = (state_dir() / "sess-1.jsonl").read_text()
    assert long_word in text and longer_word not in text and "please" in text


def test_a_test_command_with_secrets_in_it_leaves_none_in_the_signal_file(workspace, tmp_path):
    key = "sk_live_" + "51HxFAKEfake0123456789abcdef"
    command = f"STRIPE_KEY={key} API_TOKEN=Zq8Xw7pL2mN4 pytest -q"
    lines = [
        {"type": "user", "uuid": "u1", "promptId": "p1", "sessionId": "sess-1",
         "message": {"role": "user", "content": "run the tests"}},
        {"type": "assistant", "uuid": "a1", "sessionId": "sess-1",
         "message": {"role": "assistant", "content": [
             {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": command}}]}},
        {"type": "user", "uuid": "u2", "sessionId": "sess-1",
         "message": {"role": "user", "content": [
             {"type": "tool_result", "tool_use_id": "t1", "content": "3 passed"}]}},
    ]
    transcript = tmp_path / "t.jsonl"
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines))
    run_hook("stop", {"session_id": "sess-1", "cwd": str(workspace), "prompt_id": "p1",
                      "transcript_path": str(transcript), "last_assistant_message": "done"})
    assert records()[-1]["tests"] == [{"command": "pytest", "passed": True}]
    text = (state_dir() / "sess-1.jsonl").read_text()
    assert key not in text and "Zq8Xw7pL2mN4" not in text


def test_stop_reads_a_tool_result_holding_a_byte_that_is_not_utf8(workspace, tmp_path):
    lines = [
        {"type": "user", "uuid": "u1", "promptId": "p1", "sessionId": "sess-1",
         "message": {"role": "user", "content": "run the tests"}},
        {"type": "assistant", "uuid": "a1", "sessionId": "sess-1",
         "message": {"role": "assistant", "content": [
             {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "pytest"}}]}},
        {"type": "user", "uuid": "u2", "sessionId": "sess-1",
         "message": {"role": "user", "content": [
             {"type": "tool_result", "tool_use_id": "t1", "content": "1 failed BAD",
              "is_error": True}]}},
    ]
    transcript = tmp_path / "t.jsonl"
    # (a tool printed a byte that is not UTF-8: the line is still this turn's failed test)
    transcript.write_bytes(b"".join(json.dumps(line).encode().replace(b"BAD", b"\xff") + b"\n"
                                    for line in lines))
    run_hook("stop", {"session_id": "sess-1", "cwd": str(workspace), "prompt_id": "p1",
                      "transcript_path": str(transcript), "last_assistant_message": "done"})
    stop = records()[-1]
    assert stop["tool_errors"] == 1 and stop["tests"] == [{"command": "pytest", "passed": False}]


def test_stop_ignores_a_subagents_own_tool_calls(workspace):
    run_hook("stop", {"session_id": "sess-1", "cwd": str(workspace),
                      "transcript_path": str(FIXTURES / "subagent.jsonl"),
                      "last_assistant_message": "2 files"})
    stop = records()[-1]
    assert stop["tool_calls"] == 1 and stop["tool_errors"] == 0 and stop["tests"] == []


def test_stop_before_the_transcript_is_on_disk_records_the_turn_quietly(workspace, rlat_home,
                                                                      tmp_path):
    # Claude Code writes a turn without tool calls to its transcript after the Stop hook has
    # run: that is no problem to report. A transcript path that cannot be read is.
    run_hook("stop", {"session_id": "sess-1", "cwd": str(workspace),
                      "transcript_path": str(tmp_path / "not-yet.jsonl"),
                      "last_assistant_message": "Yes."})
    assert records()[-1]["event"] == "stop" and records()[-1]["tool_calls"] == 0
    assert log_lines(rlat_home) == []
    run_hook("stop", {"session_id": "sess-1", "cwd": str(workspace),
                      "transcript_path": str(tmp_path), "last_assistant_message": "Yes."})
    assert len([r for r in records() if r["event"] == "stop"]) == 2
    assert any("transcript unreadable" in ln for ln in log_lines(rlat_home))


# ------------------------------------------------------------------ SessionEnd / worker
def test_session_end_captures_scrubbed_assesses_and_hands_over(workspace, rlat_home):
    make = add(workspace, "Run the tests with make check, never pytest directly")
    transcript = str(FIXTURES / "tool_failure.jsonl")
    prompt(workspace, "please run the tests", prompt_id="0cf11170-3530-491c-9182-24423694719a")
    run_hook("stop", {"session_id": "sess-1", "cwd": str(workspace), "transcript_path": transcript,
                      "prompt_id": "0cf11170-3530-491c-9182-24423694719a",
                      "last_assistant_message": "pass"})
    run = run_hook("session-end", {"session_id": "sess-1", "cwd": str(workspace),
                                   "transcript_path": transcript, "reason": "other"})
    assert run.stdout == ""
    state = ClaimLog(memory_store_path()).state()
    events = [c for c in state.claims.values() if c.type == "event"]
    assert len(events) == 1
    assert "ghp_" not in events[0].text and "make check" in events[0].text
    assert {c["session_id"] for c in events[0].evidence} == {"sess-1"}
    outcome = store_events("outcome")
    assert outcome and outcome[0]["result"] == 1 and outcome[0]["claims"][0][0] == make
    # the session block and the convention stated in it
    assert any(r["event"] == "captured" and r["claims"] == 2 for r in records())
    worker = wait_for(lambda: [r for r in records() if r["event"] == "worker"
                               and r["reason"] == "session-end"])
    # (the job is written before the inline capture, in case the deadline ends the hook; its
    # capture task then finds the inline capture and does nothing)
    assert worker[0]["tasks"] == ["capture", "drain", "checkpoint", "view", "drift"]
    assert worker[0]["results"]["drift"] == "no linked knowledge models"
    assert worker[0]["results"]["capture"] == "already captured"
    assert worker[0]["results"]["view"]["claims"] == 3
    # Capturing the same transcript again adds nothing.
    run_hook("session-end", {"session_id": "sess-1", "cwd": str(workspace),
                             "transcript_path": transcript, "reason": "other"})
    assert len([c for c in ClaimLog(memory_store_path()).state().claims.values()
                if c.type == "event"]) == 1
    assert log_lines(rlat_home) == []


def test_worker_drains_the_spool_once(workspace, rlat_home):
    from rlat.hooks.runtime import spool_events
    from rlat.hooks.worker import drain_spool

    cid = add(workspace, "Run the tests with make check")
    event = ev.injected("sess-9", [cid], workspace=workspace_id(str(workspace)))
    spool_events("sess-9", [event])
    # A crash after appending but before deleting leaves a .draining file: not applied twice.
    leftover = rlat_home / "spool" / "0-crashed.draining"
    leftover.write_text(json.dumps(event) + "\n")
    assert drain_spool() == 1
    assert [e["id"] for e in store_events("injected")] == [event["id"]]
    assert list((rlat_home / "spool").iterdir()) == []


def test_capture_after_clear_is_handed_to_the_worker(workspace, tmp_path):
    """SessionStart(source=clear): the previous session of this workspace was never captured
    (its SessionEnd did not run); the worker captures it."""
    transcript = tmp_path / "old.jsonl"
    transcript.write_text((FIXTURES / "tool_failure.jsonl").read_text())
    start(workspace, session="old", transcript_path=str(transcript))
    start(workspace, session="new", source="clear", transcript_path=str(tmp_path / "new.jsonl"))
    captured = wait_for(lambda: [r for r in records("old") if r["event"] == "captured"])
    assert captured and captured[0]["by"] == "worker"
    claims = ClaimLog(memory_store_path()).state().claims.values()
    assert any(c.type == "event" and c.sessions == ["old"] for c in claims)


def test_a_session_end_the_deadline_cuts_short_is_still_captured_by_the_worker(workspace):
    """Many sessions ending at once on a busy machine: a hook may spend its whole budget
    starting. Its session is handed to the worker all the same (it was lost before: a deadline
    this short fires while the hook imports its handler, before it could hand anything over)."""
    transcript = str(FIXTURES / "tool_failure.jsonl")
    run_hook("session-end", {"session_id": "sess-late", "cwd": str(workspace),
                             "transcript_path": transcript, "reason": "other"},
             env={"RLAT_HOOK_BUDGET_SESSION_END": "0.008"})
    captured = wait_for(lambda: [r for r in records("sess-late") if r["event"] == "captured"])
    assert captured
    claims = ClaimLog(memory_store_path()).state().claims.values()
    assert any(c.type == "event" and c.sessions == ["sess-late"] for c in claims)


def test_a_job_whose_hook_died_before_starting_a_worker_is_run_by_the_next_worker(
        workspace, rlat_home):
    from rlat.hooks.jobs import jobs_dir, spawn_job

    transcript = str(FIXTURES / "tool_failure.jsonl")
    orphan = {"session_id": "sess-orphan", "transcript_path": transcript, "cwd": str(workspace),
              "workspace": None, "reason": "session-end", "tasks": ["capture"], "env": {}}
    jobs_dir().mkdir(parents=True, exist_ok=True)
    # (the name a hook gives its job: time, its pid — here one that is not running — session)
    (jobs_dir() / "1.000000-999999999-sess-orphan.json").write_text(json.dumps(orphan))
    assert spawn_job({"session_id": "sess-other", "transcript_path": None,
                      "cwd": str(workspace), "reason": "test", "tasks": ["drain"]}, print)
    captured = wait_for(lambda: [r for r in records("sess-orphan") if r["event"] == "captured"])
    assert captured and captured[0]["by"] == "worker"
    assert not list(jobs_dir().glob("*.json"))


def test_orphans_are_adopted_past_files_another_worker_took_meanwhile(workspace, rlat_home):
    from rlat.hooks import worker
    from rlat.hooks.jobs import jobs_dir

    transcript = str(FIXTURES / "tool_failure.jsonl")
    jobs_dir().mkdir(parents=True, exist_ok=True)
    # (a name listed a moment ago whose file another worker has claimed: stat fails)
    (jobs_dir() / "0.000000-999999999-taken.json").symlink_to(jobs_dir() / "gone.running")
    job = {"session_id": "sess-orphan2", "transcript_path": transcript, "cwd": str(workspace),
           "reason": "session-end", "tasks": ["capture"], "env": {}}
    (jobs_dir() / "1.000000-999999999-sess-orphan2.json").write_text(json.dumps(job))
    assert worker.adopt_orphans() == 1
    assert any(r["event"] == "captured" for r in records("sess-orphan2"))


def test_on_windows_the_orphan_check_never_signals_the_writer(monkeypatch, tmp_path):
    """os.kill(pid, 0) terminates the process on Windows: there only a job's age counts."""
    from rlat.hooks import worker

    calls = []
    monkeypatch.setattr(worker.os, "name", "nt")
    monkeypatch.setattr(worker.os, "kill", lambda *a: calls.append(a))
    assert worker._writer_gone(tmp_path / f"1.0-{os.getpid()}-sess.json") is False
    assert calls == []


def test_a_session_that_ends_while_the_store_is_damaged_is_captured_once_it_is_mended(
        workspace, rlat_home):
    from rlat.container import Container
    from rlat.hooks import worker
    from rlat.hooks.jobs import jobs_dir, write_job

    for text in ("Staging SSH listens on 2222", "Deploys go through the blue-green script"):
        add(workspace, text)
    store = memory_store_path()
    refs = Container(store).scan().refs
    data = bytearray(store.read_bytes())
    data[refs[0].offset + 15] ^= 0xFF  # damaged until `rlat doctor` runs
    store.write_bytes(bytes(data))
    job = write_job({"session_id": "sess-damaged", "transcript_path": str(FIXTURES /
                     "tool_failure.jsonl"), "cwd": str(workspace), "workspace": None,
                     "reason": "session-end", "tasks": ["capture"], "env": {}})
    told = start(workspace)  # the user learns that memory is off, and what to do
    assert "Memory is off" in json.loads(told.stdout)["systemMessage"]
    assert "rlat doctor" in json.loads(told.stdout)["systemMessage"]
    results = worker.run_job(job, adopt=False)
    assert results["capture"].startswith("failed: CorruptRecord")
    (kept,) = jobs_dir().glob("*.json")  # the session waits for a later worker
    assert json.loads(kept.read_text())["attempts"] == 1
    from support.cli import run_rlat
    assert run_rlat("doctor").returncode == 0
    assert worker.adopt_orphans(now=time.time() + 60) == 1
    captured = [r for r in records("sess-damaged") if r["event"] == "captured"]
    assert captured and captured[0]["by"] == "worker"
    assert not list(jobs_dir().glob("*.json"))


def test_a_job_that_cannot_be_written_leaves_no_empty_job_behind(rlat_home, monkeypatch):
    import errno

    from rlat.hooks import jobs

    real = jobs.open_private

    def full_disk(path, mode):
        fh = real(path, mode)

        def write(_text):
            raise OSError(errno.ENOSPC, "No space left on device")
        fh.write = write
        return fh

    monkeypatch.setattr(jobs, "open_private", full_disk)
    with pytest.raises(OSError):
        jobs.write_job({"session_id": "sess-full", "tasks": ["capture"]})
    assert not [p for p in jobs.jobs_dir().iterdir()]  # a worker would have dropped it
