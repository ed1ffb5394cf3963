"""The hooks' detached background worker runs atomic capture and the miner in its own process,
talking to the loopback Messages API through the real SDK."""

from __future__ import annotations

import json
import os
import subprocess
import sys

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
               rlat_home, {"RLAT_HOME": str(rlat_home)})
    stored = ClaimLog(memory_store_path()).state().claims.values()
    # the single block and the facts found without a model: nothing from the session is lost
    assert sorted(c.type for c in stored) == ["convention", "environment", "event"]
    assert not (rlat_home / "workspaces").exists() or not list(
        (rlat_home / "workspaces").glob("*.rlat"))
