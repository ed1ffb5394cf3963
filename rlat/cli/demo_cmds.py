"""`rlat demo`: the main job end to end on built-in data, inside a temporary directory.

Runs the real commands and hooks as subprocesses (what a user and Claude Code run), printing
each command first, so the demo doubles as a tour. Nothing outside the temp dir is touched.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

from .common import echo, styled
from .parsing import Arg, command

DEMO_PROMPT = "How do I run the tests in this repo?"
DEMO_QUERY = "how is a torn record repaired after a crash"
DEMO_CONSTRAINT = "Never push directly to main; every change goes through a pull request."


def _docs_corpus(checkout_docs: Path | None = None) -> tuple[Path, list[str]]:
    """rlat's own docs and the `rlat build` options they need: the repository's docs/ when
    installed from a checkout, else the installed package's own source (its docstrings
    document it) without this module, whose source holds the demo's query string and would
    find itself."""
    if checkout_docs is None:
        checkout_docs = Path(__file__).resolve().parents[2] / "docs"
    if (checkout_docs / "format.md").exists():
        return checkout_docs, []
    return Path(str(resources.files("rlat"))), ["--exclude", Path(__file__).name]


def _sample_session() -> Path:
    return Path(str(resources.files("rlat") / "data" / "demo-session.jsonl"))


class _Runner:
    def __init__(self, env: dict, cwd: Path) -> None:
        self.env = env
        self.cwd = cwd

    def rlat(self, *args: str, stdin: str | None = None, show: bool = True,
             label: str | None = None) -> subprocess.CompletedProcess:
        if show:
            shown = " ".join(_quote(a) for a in args)
            echo(styled(f"$ {label or 'rlat ' + shown}", "cyan"))
        out = subprocess.run([sys.executable, "-m", "rlat", *args], input=stdin, env=self.env,
                             cwd=self.cwd, capture_output=True, text=True, timeout=120)
        if out.returncode != 0:
            echo(out.stdout + out.stderr, err=True)
            raise SystemExit(out.returncode)  # the boundary exits with the command's status
        return out


def _quote(arg: str) -> str:
    return f'"{arg}"' if (" " in arg or not arg) else arg


def _hook(runner: _Runner, event: str, payload: dict) -> str:
    """Run a hook as Claude Code would, return the context it injected."""
    out = runner.rlat("hook", event, stdin=json.dumps(payload),
                      label=f"echo '{{…\"hook_event_name\": \"{payload['hook_event_name']}\"…}}' | rlat hook {event}")
    if not out.stdout.strip():
        return ""
    return json.loads(out.stdout).get("hookSpecificOutput", {}).get("additionalContext", "")


@command(Arg("--keep", action="store_true", help="Keep the temporary directory to explore it."))
def demo(keep: bool) -> None:
    """Capture a bundled sample session, recall from it in a new one, and search a knowledge
    model built from rlat's own docs — all inside a temporary directory."""
    root = Path(tempfile.mkdtemp(prefix="rlat-demo-"))
    try:
        project = root / "project"
        project.mkdir()
        env = dict(os.environ, RLAT_HOME=str(root / "home"))
        env.pop("RLAT_ATOMIC_CAPTURE", None)
        env.pop("RLAT_MINE_ATTRIBUTES", None)
        run = _Runner(env, project)
        transcript = root / "session-1.jsonl"
        shutil.copy(_sample_session(), transcript)

        echo(styled("\n1. Session 1 ends: the SessionEnd hook captures it", "bold"))
        echo("   (a real Claude Code transcript: a stated convention, a token pasted in "
             "chat, a failing command, then a working one)")
        out = run.rlat("capture", str(transcript), "--cwd", str(project), "--format", "json")
        report = json.loads(out.stdout)
        echo(f"   {report['receipt']}")
        for claim in report["claims"][:3]:
            text = " ".join(str(claim.get("text", "")).split())
            echo(f"   claim {str(claim.get('id', ''))[:12]}: {text[:160]}"
                 f"{'…' if len(text) > 160 else ''}")

        echo(styled("\n2. Session 2 starts in the same project: the prompt hook recalls it",
                    "bold"))
        context = _hook(run, "user-prompt", {
            "session_id": "demo-session-2", "hook_event_name": "UserPromptSubmit",
            "prompt": DEMO_PROMPT, "cwd": str(project),
            "transcript_path": str(root / "session-2.jsonl"),
        })
        echo(_indent(context or "(nothing relevant to inject)"))

        echo(styled("\n3. A standing constraint, served in full at every session start", "bold"))
        run.rlat("capture-attribute", "-", "--kind", "constraint", stdin=DEMO_CONSTRAINT,
                 label=f'rlat capture-attribute - --kind constraint <<< "{DEMO_CONSTRAINT}"')
        context = _hook(run, "session-start", {
            "session_id": "demo-session-3", "hook_event_name": "SessionStart",
            "source": "startup", "cwd": str(project),
            "transcript_path": str(root / "session-3.jsonl"),
        })
        echo(_indent(context or "(no context)"))

        echo(styled("\n4. A knowledge model of rlat's own docs", "bold"))
        km = root / "rlat-docs.rlat"
        corpus, options = _docs_corpus()
        out = run.rlat("build", str(corpus), "-o", str(km), *options)
        echo(_indent(out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""))
        out = run.rlat("search", str(km), DEMO_QUERY, "--top-k", "3")
        echo(_indent(out.stdout.strip()))

        echo(styled("\nDone.", "bold"))
        echo("Next: `rlat memory install-hooks` to capture and recall every Claude Code "
             "session, then `rlat memory list`.")
        if keep:
            echo(f"Demo files kept in {root} (RLAT_HOME={root / 'home'})")
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


def _indent(text: str, prefix: str = "   ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())
