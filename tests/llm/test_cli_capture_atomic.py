"""`rlat capture` honours RLAT_ATOMIC_CAPTURE, as the SessionEnd hook's worker does: a real
process, the real SDK, a loopback Messages API."""

from __future__ import annotations

import json

from llm_helpers import write_transcript
from support.cli import run_rlat
from support.messages_api import MessagesAPIServer
from test_atomic import POSTGRES, RUFF, SESSION, model

from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path


def env_for(api, home, **extra) -> dict:
    return {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": api.url,
            "RLAT_HOME": str(home), "RLAT_LLM_TIMEOUT": "10", **extra}


def stored():
    return ClaimLog(memory_store_path()).state().claims.values()


def test_capture_with_atomic_capture_on_stores_one_claim_per_fact(tmp_path, rlat_home):
    transcript = tmp_path / "s.jsonl"
    write_transcript(transcript, SESSION, session_id="s-atomic", cwd=str(tmp_path))
    with MessagesAPIServer(model(POSTGRES, RUFF)) as api:
        out = run_rlat("capture", str(transcript),
                       env=env_for(api, rlat_home, RLAT_ATOMIC_CAPTURE="1"))
        assert len(api.message_requests()) == 1
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("[rlat] Captured 2 atomic claim(s)"), out.stdout
    assert sorted(c.type for c in stored()) == ["convention", "environment"]


def test_capture_with_atomic_capture_on_falls_back_and_says_why(tmp_path, rlat_home):
    transcript = tmp_path / "s.jsonl"
    write_transcript(transcript, SESSION, session_id="s-fallback", cwd=str(tmp_path))
    with MessagesAPIServer() as api:  # answers with plain text: no structured answer
        out = run_rlat("capture", str(transcript), "--format", "json",
                       env=env_for(api, rlat_home, RLAT_ATOMIC_CAPTURE="1"))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["mode"] == "single-block" and "LLM answer rejected" in data["fallback_reason"]
    # nothing from the session is lost: the block and the facts found without a model
    assert sorted(c.type for c in stored()) == ["convention", "environment", "event"]


def test_capture_without_the_switch_is_the_single_block(tmp_path, rlat_home):
    transcript = tmp_path / "s.jsonl"
    write_transcript(transcript, SESSION, session_id="s-block", cwd=str(tmp_path))
    with MessagesAPIServer(model(POSTGRES, RUFF)) as api:
        out = run_rlat("capture", str(transcript), env=env_for(api, rlat_home))
        assert api.message_requests() == []
    assert out.returncode == 0, out.stderr
    assert sorted(c.type for c in stored()) == ["convention", "environment", "event"]


def test_a_dry_run_with_atomic_capture_on_says_the_model_step_is_skipped(tmp_path, rlat_home):
    transcript = tmp_path / "s.jsonl"
    write_transcript(transcript, SESSION, session_id="s-dry", cwd=str(tmp_path))
    with MessagesAPIServer(model(POSTGRES, RUFF)) as api:
        out = run_rlat("capture", str(transcript), "--dry-run",
                       env=env_for(api, rlat_home, RLAT_ATOMIC_CAPTURE="1"))
        as_json = run_rlat("capture", str(transcript), "--dry-run", "--format", "json",
                           env=env_for(api, rlat_home, RLAT_ATOMIC_CAPTURE="1"))
        assert api.message_requests() == []
    assert out.returncode == 0 and "model step is skipped in a dry run" in out.stdout, out.stdout
    assert json.loads(as_json.stdout)["model_step"] == "skipped: dry run"
    assert not list(stored())
