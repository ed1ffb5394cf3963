"""The hooks' detached background worker runs atomic capture and the miner in its own process,
talking to the loopback Messages API through the real SDK."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from llm_helpers import write_transcript
from support.messages_api import MessagesAPIServer, tool_use
from test_atomic import RUFF, SESSION, model

from rlat.claims.log import ClaimLog
from rlat.llm.provider import TOOL_NAME
from rlat.paths import memory_store_path, state_dir

RULE = {"text": "This repo formats with ruff, never black.", "kind": "constraint",
        "attribute_key": None,
        "gates": {"durable": True, "stated_by_user": True, "premise_bearing": True,
                  "about_world": True},
        "evidence": [{"message": "u2", "excerpt": "we format with ruff, never black"}]}


def run_worker(job: dict, home, env: dict) -> None:
    """``python -m rlat.hooks.worker JOB`` as the SessionEnd hook starts it (without the
    detaching, so the test can wait for it)."""
    jobs = home / "jobs"
    jobs.mkdir(parents=True, exist_ok=True)
    path = jobs / "job.json"
    path.write_text(json.dumps(job), encoding="utf-8")
    full = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    subprocess.run([sys.executable, "-m", "rlat.hooks.worker", str(path)],
                   env={**full, **env}, check=True, timeout=120)


def test_worker_runs_atomic_capture_and_mining(tmp_path, rlat_home):
    transcript = tmp_path / "sess-w.jsonl"
    write_transcript(transcript, SESSION, session_id="sess-w", cwd=str(tmp_path))
    with MessagesAPIServer(model(RUFF), tool_use(TOOL_NAME, {"candidates": [RULE]})) as api:
        env = {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": api.url,
               "RLAT_HOME": str(rlat_home)}
        run_worker({"session_id": "sess-w", "transcript_path": str(transcript),
                    "cwd": str(tmp_path), "reason": "session-end", "tasks": ["atomic", "mine"],
                    "env": {"RLAT_ATOMIC_CAPTURE": "1", "RLAT_MINE_ATTRIBUTES": "1"}},
                   rlat_home, env)
        assert len(api.message_requests()) == 2
    (claim,) = ClaimLog(memory_store_path()).state().claims.values()
    assert claim.type == "convention" and claim.sessions == ["sess-w"]
    (km,) = (rlat_home / "workspaces").glob("*.rlat")
    (fact,) = ClaimLog(km).state().claims.values()
    assert fact.type == "constraint"
    records = [json.loads(line) for line in
               (state_dir() / "sess-w.jsonl").read_text().splitlines()]
    worker = next(r for r in records if r.get("event") == "worker")
    assert worker["results"]["atomic"]["mode"] == "atomic"
    assert worker["results"]["mine"]["receipt"].startswith("[rlat] Learned 1 world fact(s)")


def test_worker_without_a_key_still_captures_the_session(tmp_path, rlat_home):
    transcript = tmp_path / "sess-k.jsonl"
    write_transcript(transcript, SESSION, session_id="sess-k", cwd=str(tmp_path))
    run_worker({"session_id": "sess-k", "transcript_path": str(transcript),
                "cwd": str(tmp_path), "tasks": ["atomic", "mine"],
                "env": {"RLAT_ATOMIC_CAPTURE": "1", "RLAT_MINE_ATTRIBUTES": "1"}},
               rlat_home, {"RLAT_HOME": str(rlat_home), "RLAT_LLM_PROVIDER": "api"})
    stored = ClaimLog(memory_store_path()).state().claims.values()
    # the single block and the facts found without a model: nothing from the session is lost
    assert sorted(c.type for c in stored) == ["convention", "environment", "event"]
    assert not (rlat_home / "workspaces").exists() or not list(
        (rlat_home / "workspaces").glob("*.rlat"))


def _records(session: str) -> list[dict]:
    path = state_dir() / f"{session}.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_the_worker_runs_from_a_directory_with_its_own_rlat_package(tmp_path, rlat_home):
    """A checkout (or any project) with an ``rlat/`` package in the working directory must not
    shadow rlat for the background worker the SessionEnd hook starts there."""
    project = tmp_path / "checkout"
    (project / "rlat" / "hooks").mkdir(parents=True)
    (project / "rlat" / "__init__.py").write_text("raise ImportError('not the rlat you want')\n")
    (project / "rlat" / "hooks" / "__init__.py").write_text("")
    transcript = tmp_path / "sess-shadow.jsonl"
    write_transcript(transcript, SESSION, session_id="sess-shadow", cwd=str(project))
    payload = {"session_id": "sess-shadow", "cwd": str(project),
               "transcript_path": str(transcript), "reason": "other"}
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    # The hook as install-hooks writes it (-P), run where Claude Code runs it: the project.
    subprocess.run([sys.executable, "-P", "-m", "rlat", "hook", "session-end"],
                   input=json.dumps(payload), text=True, cwd=project, env=env, check=True,
                   timeout=60)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if any(r.get("event") == "worker" for r in _records("sess-shadow")):
            break
        time.sleep(0.1)
    worker = [r for r in _records("sess-shadow") if r.get("event") == "worker"]
    assert worker, "the background worker never ran"
    assert worker[0]["tasks"][-2:] == ["view", "drift"]  # every task ran, with the real rlat
    assert not any(str(r).startswith("failed") for r in worker[0]["results"].values())


def _log(home) -> list[str]:
    path = home / "logs" / "hooks.log"
    return path.read_text().splitlines() if path.exists() else []


def test_a_fallback_and_a_skipped_mining_each_say_why_in_hooks_log(tmp_path, rlat_home):
    transcript = tmp_path / "sess-f.jsonl"
    write_transcript(transcript, SESSION, session_id="sess-f", cwd=str(tmp_path))
    run_worker({"session_id": "sess-f", "transcript_path": str(transcript),
                "cwd": str(tmp_path), "tasks": ["atomic", "mine"],
                "env": {"RLAT_ATOMIC_CAPTURE": "1", "RLAT_MINE_ATTRIBUTES": "1"}},
               rlat_home, {"RLAT_HOME": str(rlat_home), "RLAT_LLM_PROVIDER": "api"})
    lines = _log(rlat_home)
    atomic = [line for line in lines if "atomic capture fell back" in line]
    mining = [line for line in lines if "mining skipped" in line]
    assert len(atomic) == 1 and "ANTHROPIC_API_KEY" in atomic[0], lines
    assert len(mining) == 1 and "ANTHROPIC_API_KEY" in mining[0], lines
    assert all("session=sess-f" in line for line in atomic + mining)
