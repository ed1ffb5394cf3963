"""README.md's user journeys, followed in order as a new user would: every command in its
``bash`` blocks runs (through a real shell, with ``rlat`` on PATH) and succeeds.

Placeholders are filled from what earlier commands printed (``<id>``: the claim id printed
last; ``<other-id>``: the one before), ``[…]`` option lists are dropped, ``…`` in a query
becomes a query. Lines that need the network, npm or a Claude Code session are skipped (the
end-to-end tests cover those); between journeys 1 and 2 a session is "had" by capturing a
bundled transcript, which is what the installed hooks would do.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "transcripts" / "tool_failure.jsonl"
SKIPPED = ("pip ", "npm ", "claude ", "RLAT_ATOMIC_CAPTURE=", "rlat mine ", "rlat demo",
           "rlat memory install-hooks --mine", "python -m pytest")
ID = re.compile(r"\b[0-9a-f]{12,16}\b")  # full ids, and the 12-character prefixes shown


def journeys() -> list[tuple[str, list[str]]]:
    """(heading, command lines) for each '### N.' section of the README, in order."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    out = []
    for section in re.split(r"^### ", text, flags=re.M)[1:]:
        heading = section.splitlines()[0]
        lines = []
        for block in re.findall(r"```bash\n(.*?)```", section, flags=re.S):
            for line in block.splitlines():
                line = re.sub(r"\s{2,}#.*$", "", line).strip()
                if line and not line.startswith(SKIPPED):
                    lines.append(line)
        out.append((heading, lines))
    return out


def fill(line: str, ids: list[str], km_ids: list[str]) -> str:
    line = re.sub(r"\s*\[[^\]]*\]", "", line)
    line = line.replace("<other-id>", ids[-2] if len(ids) > 1 else "0" * 16)
    # the first claim written into km.rlat (journey 4's constraint, still serving)
    line = line.replace("<claim-or-passage-id>", km_ids[0] if km_ids else "0" * 16)
    line = line.replace("<id>", ids[-1] if ids else "0" * 16)
    line = line.replace("<agent>", "claude-code")
    line = line.replace("~/.claude/projects/<proj>/<session>.jsonl", str(FIXTURE))
    return line.replace('"…"', '"how do I run the tests here"')


def _hook(event: str, payload: dict) -> str:
    return f"printf '%s' {shlex.quote(json.dumps(payload))} | rlat hook {event}"


def test_the_readme_journeys_work_in_order(tmp_path, rlat_home):
    project = tmp_path / "project"
    project.mkdir()
    shutil.copytree(REPO / "docs", project / "docs")
    shutil.copytree(REPO / "lenses", project / "lenses")
    (project / "src").mkdir()
    (project / "src" / "repair.py").write_text(
        "def repair(path):\n    \"\"\"Torn records are repaired by truncating the tail.\"\"\"\n")
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "rlat").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m rlat "$@"\n')
    (bin_dir / "rlat").chmod(0o755)
    env = {**os.environ, "HOME": str(tmp_path), "PATH": f"{bin_dir}{os.pathsep}"
           f"{os.environ['PATH']}", "PYTHONPATH": os.pathsep.join(
               [str(REPO), os.environ.get("PYTHONPATH", "")])}
    km_ids: list[str] = []  # claims in km.rlat, from the output of commands naming it
    ran = 0
    for heading, lines in journeys():
        # <id>: what this journey printed last, else a live claim `rlat memory list` shows
        # (as a user picks one)
        listing = subprocess.run(["sh", "-c", "rlat memory list --format json"], cwd=project,
                                 env=env, capture_output=True, text=True, timeout=300)
        ids = [c["id"] for c in reversed(json.loads(listing.stdout)["claims"])]
        if heading.startswith("2."):
            # Sessions happened: the first one's capture, then the next one starting (its
            # SessionStart injects what the first taught) and a prompt.
            lines = [f"rlat capture {FIXTURE} --cwd .",
                     _hook("session-start", {"session_id": "readme-2", "cwd": str(project),
                                             "source": "startup"}),
                     _hook("user-prompt", {"session_id": "readme-2", "cwd": str(project),
                                           "prompt": "run the tests", "prompt_id": "p1"}),
                     *lines]
        if heading.startswith("8."):  # contest needs two claims: a later session's lesson
            lines = ['rlat memory add "Run the tests with pytest directly, not make."', *lines]
        for line in lines:
            command = fill(line, ids, km_ids)
            proc = subprocess.run(["sh", "-c", command], cwd=project, env=env,
                                  capture_output=True, text=True, timeout=300)
            assert proc.returncode == 0, f"README {heading!r}: {command}\n{proc.stderr}"
            assert "Traceback" not in proc.stderr, command
            if "km.rlat" in command:
                km_ids.extend(ID.findall(proc.stdout))
            for found in ID.findall(proc.stdout):  # the same claim by prefix or in full: once
                ids[:] = [i for i in ids if not (i.startswith(found) or found.startswith(i))]
                ids.append(found)
            ran += 1
    assert ran >= 30
