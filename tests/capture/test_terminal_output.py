"""Escape sequences a transcript carries (a tool's coloured output, a hostile web page: cursor
moves, window titles, OSC 52 clipboard writes, OSC 8 links, 8-bit CSI) never reach the
user's terminal through `rlat capture`, `memory list`, `memory show` or `memory recall`, in
any output format (issue 14)."""

from __future__ import annotations

import json
import re

import pytest
from capture_helpers import Builder, working_session
from support.cli import run_rlat

from rlat.render.terminal import json_safe, terminal_safe

ESCAPES = ("\x1b[2J\x1b[H", "\x1b]0;owned\x07", "\x1b]52;c;ZWNobyBwd25lZA==\x1b\\",
           "\x1b]8;;https://evil.example\x1b\\", "\x9b31m", "\r", "\x08\x08", "\x07")
# Anything a terminal acts on: C0 controls but newline and tab, DEL, C1 controls.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _hostile_session(tmp_path):
    b = Builder(cwd=str(tmp_path))
    working_session(b, goal="Please fix the deploy script " + "".join(ESCAPES)
                    + " and rerun the zebra tests.")
    return b.write(tmp_path / "hostile.jsonl")


def _assert_clean(proc):
    assert proc.returncode == 0, proc.stderr
    found = CONTROL.findall(proc.stdout)
    assert not found, f"raw control characters printed: {found!r}"


def test_capture_list_show_recall_print_no_escape_codes(tmp_path):
    transcript = _hostile_session(tmp_path)
    for fmt in ("text", "json"):
        _assert_clean(run_rlat("capture", str(transcript), "--dry-run", "--format", fmt,
                               cwd=tmp_path))
    captured = run_rlat("capture", str(transcript), cwd=tmp_path)
    _assert_clean(captured)
    assert "deploy script" in captured.stdout or "Captured 1" in captured.stdout
    listing = run_rlat("memory", "list", "--format", "json", cwd=tmp_path)
    _assert_clean(listing)
    cid = json.loads(listing.stdout)["claims"][0]["id"]
    assert "\\u001b" in listing.stdout  # the data is kept, escaped: JSON stays faithful
    for args in (("memory", "list"), ("memory", "show", cid),
                 ("memory", "show", cid, "--format", "json"),
                 ("memory", "recall", "zebra deploy"),
                 ("memory", "recall", "zebra deploy", "--explain"),
                 ("memory", "recall", "zebra deploy", "--format", "json"),
                 ("memory", "recall", "zebra deploy", "--format", "context")):
        proc = run_rlat(*args, cwd=tmp_path)
        _assert_clean(proc)
        assert "deploy script" in proc.stdout, args  # the text around the escapes is shown


@pytest.mark.parametrize("raw,shown", [
    ("red \x1b[31mtext\x1b[0m", "red text"),
    ("title \x1b]0;owned\x07done", "title done"),
    ("clip \x1b]52;c;ZXZpbA==\x1b\\x", "clip x"),
    ("cut \x1b]0;no end\nnext", "cut \nnext"),  # an unterminated OSC cannot eat the output
    ("8-bit \x9b2J csi", "8-bit  csi"),
    ("over\rwrite", "over\ufffdwrite"),
    ("tabs\tand\nnewlines stay", "tabs\tand\nnewlines stay"),
    ("windows line\r\n", "windows line\n"),
])
def test_terminal_safe(raw, shown):
    assert terminal_safe(raw) == shown


def test_json_safe_escapes_c1_and_keeps_the_data():
    encoded = json.dumps({"t": "a\x9bb\x7fc"}, ensure_ascii=False)
    safe = json_safe(encoded)
    assert not CONTROL.search(safe) and json.loads(safe) == {"t": "a\x9bb\x7fc"}
