"""`rlat mine` as a user runs it: a real process, the real SDK, a loopback Messages API."""

from __future__ import annotations

import json

from llm_helpers import write_transcript
from support.cli import run_rlat
from support.messages_api import MessagesAPIServer, malformed, tool_use

from rlat.claims.log import ClaimLog
from rlat.llm.provider import TOOL_NAME
from rlat.world import linked_kms

PASS = {"durable": True, "stated_by_user": True, "premise_bearing": True, "about_world": True}
SESSION = [("user", "Set up the nightly export. The tenant is EU-only for data residency."),
           ("assistant", "I'll pick the EU region for the export."),
           ("user", "I prefer tabs, by the way.")]
ANSWER = {"candidates": [
    {"text": "The tenant is EU-only for data residency.", "kind": "constraint",
     "attribute_key": None, "gates": PASS,
     "evidence": [{"message": "u1", "excerpt": "The tenant is EU-only for data residency"}]},
    {"text": "Indentation uses tabs.", "kind": "attribute", "attribute_key": "indentation",
     "gates": PASS, "evidence": [{"message": "u2", "excerpt": "I prefer tabs"}]},
]}


def env_for(api, home) -> dict:
    return {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": api.url,
            "RLAT_HOME": str(home)}


def test_mine_lands_the_world_fact_and_shows_what_it_dropped(tmp_path, rlat_home):
    transcript = tmp_path / "s.jsonl"
    write_transcript(transcript, SESSION, session_id="s-cli", cwd=str(tmp_path))
    km = tmp_path / "team.rlat"
    with MessagesAPIServer(tool_use(TOOL_NAME, ANSWER)) as api:
        out = run_rlat("mine", str(transcript), "--km", str(km), env=env_for(api, rlat_home))
    assert out.returncode == 0, out.stderr
    first = out.stdout.splitlines()[0]
    assert first.startswith("[rlat] Learned 1 world fact(s) into team.rlat (review: rlat profile ") and first.endswith("team.rlat)")
    assert "dropped: Indentation uses tabs." in out.stdout
    (claim,) = ClaimLog(km).state().claims.values()
    assert claim.text == "The tenant is EU-only for data residency."
    from rlat.workspace import workspace_id
    assert km.resolve() in linked_kms(workspace_id(str(tmp_path)))


def test_dry_run_writes_nothing_and_json_is_data(tmp_path, rlat_home):
    transcript = tmp_path / "s.jsonl"
    write_transcript(transcript, SESSION, session_id="s-dry", cwd=str(tmp_path))
    with MessagesAPIServer(tool_use(TOOL_NAME, ANSWER)) as api:
        out = run_rlat("mine", str(transcript), "--dry-run", "--format", "json",
                       env=env_for(api, rlat_home))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["claims"] == ["The tenant is EU-only for data residency."]
    assert data["dropped"][0]["text"] == "Indentation uses tabs."
    assert not (rlat_home / "workspaces").exists()


def test_no_key_is_one_line_and_a_non_zero_exit(tmp_path, rlat_home):
    transcript = tmp_path / "s.jsonl"
    write_transcript(transcript, SESSION)
    out = run_rlat("mine", str(transcript), env={"ANTHROPIC_API_KEY": "", "RLAT_HOME": str(rlat_home)})
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "ANTHROPIC_API_KEY is not set" in out.stderr
    assert "Traceback" not in out.stderr


def test_without_a_model_the_error_points_at_the_skill(tmp_path, rlat_home):
    transcript = tmp_path / "s.jsonl"
    write_transcript(transcript, SESSION)
    out = run_rlat("mine", str(transcript), env={"ANTHROPIC_API_KEY": "", "RLAT_HOME": str(rlat_home)})
    assert out.returncode == 1 and "the rlat-learn skill mines" in out.stderr


def test_a_model_that_answers_garbage_is_not_a_missing_key(tmp_path, rlat_home):
    transcript = tmp_path / "s.jsonl"
    write_transcript(transcript, SESSION)
    with MessagesAPIServer(*[malformed()] * 5, consume="all") as api:
        out = run_rlat("mine", str(transcript), env={**env_for(api, rlat_home),
                                                     "RLAT_LLM_TIMEOUT": "5"})
    assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
    assert "without a key" not in out.stderr and "rlat-learn" not in out.stderr


def test_a_missing_transcript_is_a_clear_error(tmp_path):
    out = run_rlat("mine", str(tmp_path / "nope.jsonl"))
    assert out.returncode == 1 and "transcript not found" in out.stderr


def test_a_directory_or_fifo_is_named_for_what_it_is_not_missing(tmp_path):
    """As `rlat capture` says: a path that exists is never "not found"."""
    import os

    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for path, needle in ((tmp_path, "is a directory; pass the session's .jsonl file"),
                         (fifo, "not a regular file (a FIFO)")):
        out = run_rlat("mine", str(path), "--dry-run", timeout=30)
        assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
        assert needle in out.stderr and "not found" not in out.stderr, out.stderr
