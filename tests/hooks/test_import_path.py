"""The hook path never imports typer, rich, numpy, anthropic (or click): a hook runs on every
prompt and pays for every import. Checked with `python -X importtime` on real hook runs that
exercise every handler (a store, recall, world facts, capture)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from support.hookrun import FIXTURES

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path
from rlat.workspace import workspace_id
from rlat.world import capture_world_fact, default_km_path

FORBIDDEN = ("typer", "rich", "numpy", "anthropic", "click")
# ... and the hooks on every prompt and session start neither hashlib, which starts OpenSSL
# (~3 ms; rlat.claims.ids has SHA-256 without it), nor dataclasses, which imports inspect (~7 ms;
# the records they use are rlat.records')
FORBIDDEN_PER_PROMPT = ("hashlib", "dataclasses", "inspect")


@pytest.mark.parametrize("event", ["session-start", "user-prompt", "stop", "pre-compact",
                                   "session-end"])
def test_no_heavy_imports(event, workspace):
    wid = workspace_id(str(workspace))
    ClaimLog(memory_store_path()).append([ev.proposed(
        "Run the tests with make check", "convention", workspace=wid,
        citations=[ev.command_citation("t")], origin="user")])
    capture_world_fact(default_km_path(wid), "The tenant is EU-only.", "constraint", workspace=wid)
    payload = {"session_id": "s", "cwd": str(workspace), "prompt": "how do I run the tests",
               "transcript_path": str(FIXTURES / "tool_failure.jsonl"), "source": "startup"}
    proc = subprocess.run([sys.executable, "-X", "importtime", "-P", "-m", "rlat", "hook", event],
                          input=json.dumps(payload), capture_output=True, text=True, timeout=60,
                          env={**os.environ, "RLAT_HOOK_BUDGET_" + event.upper().replace("-", "_"):
                               "20"})
    assert proc.returncode == 0
    modules = {line.rsplit("|", 1)[-1].strip().split(".")[0]
               for line in proc.stderr.splitlines() if line.startswith("import time:")}
    assert "rlat" in modules
    assert not modules & set(FORBIDDEN), sorted(modules & set(FORBIDDEN))
    if event in ("session-start", "user-prompt"):
        assert not modules & set(FORBIDDEN_PER_PROMPT), sorted(modules & set(FORBIDDEN_PER_PROMPT))


def test_an_on_off_setting_means_the_same_to_the_hooks_and_the_cli(monkeypatch, rlat_home):
    from types import SimpleNamespace

    from rlat.cli.settings import Settings
    from rlat.hooks.capture import wanted_background
    from rlat.paths import env_flag

    for value, on in (("1", True), ("true", True), ("On", True), ("0", False), ("", False)):
        monkeypatch.setenv("RLAT_ATOMIC_CAPTURE", value)
        assert env_flag("RLAT_ATOMIC_CAPTURE") is on
        hook = SimpleNamespace(workspace=None)
        assert ("atomic" in wanted_background(hook, capture_done=True)) is on, value
        assert Settings.from_env().atomic_capture is on, value
