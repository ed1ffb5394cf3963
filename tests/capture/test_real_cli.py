"""Capture a transcript the real Claude Code CLI writes, in this test, with everything capture
must handle at once: a hook injecting fenced context, a tool reading a secret file, a secret
typed by the user, a failing command, a file written."""

from __future__ import annotations

import json
import sys

import pytest
from support.claude_code import find_claude, run_claude, transcripts
from support.messages_api import MessagesAPIServer, text, tool_use

from rlat.capture.pipeline import capture_transcript
from rlat.claims import ClaimLog

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def claude_bin():
    try:
        return find_claude()
    except RuntimeError as exc:  # not installed: fail with the install command, never skip
        pytest.fail(str(exc), pytrace=False)

SENTINEL = "INJECTED-BY-HOOK-7Q"
ENV_SECRET = "Zx9-pass-w0rd-never-stored"
TYPED_TOKEN = "ghp_" + "R4nd0mR4nd0mR4nd0mR4nd0mR4nd0mR4nd0m"[:36]

_HOOK = (
    "import json,sys; e=json.load(sys.stdin)['hook_event_name']; "
    "print(json.dumps({'hookSpecificOutput':{'hookEventName':e,'additionalContext':"
    f"'<rlat-context kind=\"memory\">\\n- [low] {SENTINEL} deploys need a ticket.'"
    "'\\n</rlat-context>'}}))"
)


def test_capture_of_a_real_claude_code_session(tmp_path, rlat_home, claude_bin):
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    (work / ".env").write_text(f"DATABASE_URL=postgres://db.internal/app\nDB_PASSWORD={ENV_SECRET}\n")
    settings = tmp_path / "settings.json"
    cmd = f"{sys.executable} -c \"{_HOOK}\""
    settings.write_text(json.dumps({"hooks": {
        ev: [{"hooks": [{"type": "command", "command": cmd, "timeout": 10}]}]
        for ev in ("SessionStart", "UserPromptSubmit")}}))
    script = [
        tool_use("Bash", {"command": "cat .env", "description": "Read config"},
                 text="Let me look at the configuration."),
        tool_use("Bash", {"command": "python3 -c \"import sys; print('db unreachable'); "
                                     "sys.exit(3)\"", "description": "Probe the database"}),
        tool_use("Write", {"file_path": str(work / "NOTES.md"),
                           "content": "The database host is unreachable from CI.\n"}),
        text("The database is unreachable from here; I wrote NOTES.md with the finding."),
    ]
    with MessagesAPIServer(*script) as api:
        out = run_claude(
            f"Find out why the app cannot reach the database. My token is {TYPED_TOKEN}.",
            cwd=work, home=home, api_url=api.url,
            args=["--settings", str(settings), "--allowedTools", "Write"])
        assert out.returncode == 0, out.stderr[-2000:]
        assert api.remaining == 0
        assert api.saw(SENTINEL)  # the hook really injected it into the session

    [path] = [p for p in transcripts(home) if "subagents" not in p.parts]
    raw = path.read_text()
    assert SENTINEL in raw and ENV_SECRET in raw and TYPED_TOKEN in raw  # all really there

    store = ClaimLog(tmp_path / "memory.rlat")
    report = capture_transcript(path, store=store, cwd=str(work))
    assert report.captured == 1, report.skipped
    claim = report.claims[0]
    text_ = claim["text"]
    assert text_.startswith("Goal: Find out why the app cannot reach the database.")
    assert "[REDACTED:github-token]" in text_
    assert "Changed: NOTES.md" in text_
    assert "failed (exit 3: db unreachable)" in text_
    assert "Ended: The database is unreachable from here" in text_
    assert report.counts["secret_file_outputs"] == 1
    assert report.counts["hook_attachments"] >= 2

    stored = json.dumps(list(store.events())) + (rlat_home / "scrub.log").read_text()
    for leaked in (SENTINEL, ENV_SECRET, TYPED_TOKEN):
        assert leaked not in stored
    # every citation resolves against the real file
    lines = {json.loads(line).get("uuid") for line in raw.splitlines() if line.strip()}
    assert all(c["message_id"] in lines for c in claim["citations"])
    # capturing again (a second SessionEnd, a manual run) adds nothing
    again = capture_transcript(path, store=store, cwd=str(work))
    assert again.claims[0]["action"] == "already_captured" and again.events_appended == 0
