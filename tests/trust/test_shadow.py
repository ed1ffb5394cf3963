"""Shadow mode (RLAT_SHADOW=1): the belief layer still promotes, but no fleet-scope claim
reaches an agent — not SessionStart, not the prompt hook, not `rlat memory recall`."""

from __future__ import annotations

import json

from support.cli import run_rlat
from support.hookrun import run_hook

SHADOW = {"RLAT_SHADOW": "1"}
FLEET = "Deploys always go through the release branch"
REPO = "Deploys run the smoke suite before traffic shifts"


def _ok(*args, cwd, env=None):
    out = run_rlat(*args, cwd=cwd, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout


def _setup(work):
    fleet = _ok("memory", "add", FLEET, "--type", "environment", cwd=work).split()[2]
    repo = _ok("memory", "add", REPO, "--type", "environment", cwd=work).split()[2]
    _ok("memory", "promote", fleet, "--scope", "fleet", cwd=work)
    _ok("memory", "promote", repo, "--scope", "repo", cwd=work)
    return fleet, repo


def _hooks(work, env):
    ctx = run_hook("session-start", {"session_id": "s-shadow", "cwd": str(work),
                                     "hook_event_name": "SessionStart", "source": "startup"},
                   env=env).context
    ctx += run_hook("user-prompt", {"session_id": "s-shadow2", "cwd": str(work),
                                    "hook_event_name": "UserPromptSubmit",
                                    "prompt": "how do deploys reach traffic?"}, env=env).context
    return ctx


def test_fleet_claims_are_not_read_in_shadow_mode(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    fleet, _repo = _setup(work)
    shadow = _hooks(work, SHADOW)
    assert REPO in shadow and FLEET not in shadow
    data = json.loads(_ok("memory", "recall", "deploys release branch", "--format", "json",
                          "--explain", cwd=work, env=SHADOW))
    rows = {h["id"]: h for h in data["hits"]}
    assert rows[fleet]["admitted"] is False and "shadow mode" in rows[fleet]["gate"]
    explained = _ok("memory", "recall", "deploys release branch", "--explain", cwd=work,
                    env=SHADOW)
    assert "shadow mode" in explained
    # the same store without shadow mode serves it
    assert FLEET in _hooks(work, {"RLAT_SHADOW": ""})


def test_the_belief_layer_still_promotes_in_shadow_mode(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    cid = _ok("memory", "add", "Staging SSH listens on 2222", "--type", "environment",
              cwd=work).split()[2]
    out = _ok("memory", "consolidate", cwd=work, env=SHADOW)
    assert f"promote    {cid[:12]}" in out
