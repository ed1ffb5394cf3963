"""Hook benchmarks: whole processes with Claude Code's JSON on stdin, as Claude Code runs them.

Rows:
* UserPromptSubmit over a 10,000-claim store (target median ≤ 60 ms wall, wave 1's), and its
  ratio to a bare ``python -c pass`` measured side by side in the same run (target ≤ 2.5x,
  issue #13's: it holds on a slower machine, where the absolute one measures the interpreter);
* SessionStart over the same store plus standing world facts (target ≤ 80 ms);
* SessionEnd's inline part on a 3 MB transcript (target ≤ 300 ms): assess the turns, capture
  the transcript (read, scrub, fold, verify, append) and start the background worker; once with
  an empty store (the target) and once with the 10,000-claim store (reported);
* the ``durationMs`` Claude Code itself records for each rlat hook (``hook_success``
  attachments and the Stop hook summary in the transcript) in a real ``claude`` session against
  the loopback API server, with the 10,000-claim store — when the pinned CLI is installed
  (``npm ci --prefix tests/e2e``).

The store is ``bench.bench_trust.make_store`` (realistic claims over 8 workspaces), then its
read model is built the way the background worker builds it after a session
(``rlat.retrieval.readmodel.build_read_model``). Each timed hook run appends to the store (an
``injected`` event), so runs measure the read model caught up with a growing tail, as in a
real session.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench import util

PROMPT_TARGET_MS = 60.0  # wave 1's absolute target, kept as it was set
PROMPT_TARGET_RATIO = 2.5  # issue #13: the hook against a bare `python -c pass`, side by side
START_TARGET_MS = 80.0
END_TARGET_MS = 300.0
WORKSPACE_REMOTE = "https://github.com/acme/repo1"  # -> git:github.com/acme/repo1
FIXTURES = util.REPO_ROOT / "tests" / "fixtures" / "transcripts"
CACHE = util.REPO_ROOT / "bench" / ".work" / "hooks"
PROMPTS = (
    "how do I run the tests before pushing",
    "the staging deploy needs the vpn token, how do I get it",
    "which python versions does ci cover",
    "postgres redis docker compose worker is failing",
    "where do the logs go and how long are they kept",
)


def _hook_argv(event: str) -> list[str]:
    return [util.PYTHON, "-P", "-m", "rlat", "hook", event]


def _workspace(root: Path) -> Path:
    work = root / "repo1"
    (work / ".git").mkdir(parents=True, exist_ok=True)
    (work / ".git" / "config").write_text(f'[remote "origin"]\n\turl = {WORKSPACE_REMOTE}\n')
    return work


def _store(home: Path, n_claims: int) -> dict:
    """A 10,000-claim store in ``home`` (built once, cached under bench/.work) and its read
    model."""
    from bench.bench_trust import make_store

    CACHE.mkdir(parents=True, exist_ok=True)
    cached = CACHE / f"store-{n_claims}.rlat"
    if not cached.exists():
        make_store(cached, n_claims)
    target = home / "memory.rlat"
    shutil.copyfile(cached, target)
    env = {"RLAT_HOME": str(home)}
    subprocess.run([util.PYTHON, "-c", "import sys; from rlat.retrieval.readmodel import "
                    "build_read_model; build_read_model(sys.argv[1])", str(target)],
                   env={**os.environ, **env},
                   check=True, timeout=600)
    return {"bytes": target.stat().st_size, "claims": n_claims}


def _world_facts(home: Path, work: Path) -> None:
    env = {**os.environ, "RLAT_HOME": str(home)}
    for text, kind in (("The staging tenant is EU-only for data residency.", "constraint"),
                       ("Never deploy on Fridays without a second reviewer.", "constraint"),
                       ("Tried MS MARCO fine-tuning; regressed 4 of 5 corpora.", "falsified")):
        subprocess.run(util.rlat_argv("capture-attribute", text, "--kind", kind), cwd=work,
                       env=env, check=True, capture_output=True, timeout=120)


def _payload(event: str, work: Path, i: int, **extra) -> bytes:
    data = {"session_id": f"bench-{event}-{i}", "cwd": str(work), "hook_event_name": event,
            "transcript_path": "", "source": "startup", "reason": "other"}
    data.update(extra)
    return json.dumps(data).encode()


def _wait_for_workers(home: Path, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    jobs = home / "jobs"
    while time.monotonic() < deadline:
        if not jobs.is_dir() or not any(jobs.iterdir()):
            return
        time.sleep(0.05)


def _timed(argv: list[str], payloads, env: dict, cwd: Path, n: int, home: Path,
           wait_workers: bool = False) -> tuple[list[float], list[float]]:
    """(subject times, baseline times): the hook and `python -c pass`, interleaved."""
    subject: list[float] = []
    baseline: list[float] = []
    for i in range(n + 1):  # the first round is a warm-up
        s = util.run_once(argv, env=env, cwd=cwd, input=payloads(i)).wall
        b = util.run_once(util.PYTHON_PASS).wall
        if wait_workers:
            _wait_for_workers(home)
        if i:
            subject.append(s)
            baseline.append(b)
    return subject, baseline


def _big_transcript(path: Path, target_bytes: int = 3 * 2**20) -> int:
    """A 3 MB transcript made of real Claude Code lines (the tool-failure fixture's turns
    repeated with fresh ids and larger tool outputs), one session."""
    lines = [json.loads(x) for x in (FIXTURES / "tool_failure.jsonl").read_text().splitlines()]
    rng = random.Random(5)
    out: list[str] = []
    size = 0
    turn = 0
    while size < target_bytes:
        turn += 1
        mapping: dict[str, str] = {}
        for line in lines:
            item = json.loads(json.dumps(line))
            for key in ("uuid", "parentUuid", "promptId"):
                value = item.get(key)
                if isinstance(value, str):
                    item[key] = mapping.setdefault(value, f"{value[:24]}{turn:012d}")
            content = (item.get("message") or {}).get("content")
            if isinstance(content, list):
                for block in content:
                    if block.get("type") == "tool_result" and isinstance(block.get("content"), str):
                        noise = " ".join(f"line {k}: {rng.getrandbits(32):08x} ok"
                                         for k in range(60))
                        block["content"] += "\n" + noise
            text = json.dumps(item)
            out.append(text)
            size += len(text) + 1
    path.write_text("\n".join(out) + "\n")
    return path.stat().st_size


def _hook_rows(quick: bool, root: Path) -> list[dict]:
    n_claims = 10_000
    n = 7 if quick else 15
    home = root / "home"
    home.mkdir()
    work = _workspace(root)
    info = _store(home, n_claims)
    _world_facts(home, work)
    util.warm_patterns(home)
    env = {"RLAT_HOME": str(home)}
    rows = []
    cmd = "python -m bench --only hooks"

    times, base = _timed(_hook_argv("user-prompt"),
                         lambda i: _payload("UserPromptSubmit", work, i,
                                            prompt=PROMPTS[i % len(PROMPTS)]),
                         env, work, n, home)
    med, bmed = util.median(times), util.median(base)
    rows.append(util.row(
        "UserPromptSubmit hook, 10,000-claim store (whole process)", f"≤ {PROMPT_TARGET_MS:g} ms",
        round(med * 1000, 1), "ms", med * 1000 <= PROMPT_TARGET_MS, cmd,
        f"median of {n}; store {info['bytes'] / 2**20:.0f} MiB, read model built; p90 "
        f"{util.percentile(times, 90) * 1000:.0f} ms"))
    rows.append(util.row(
        "UserPromptSubmit hook vs bare `python -c pass` (side by side)",
        f"≤ {PROMPT_TARGET_RATIO:g}x", round(med / bmed, 2), "x", med / bmed <= PROMPT_TARGET_RATIO,
        cmd,
        f"python -c pass median {bmed * 1000:.1f} ms in the same run; hook overhead "
        f"{(med - bmed) * 1000:.1f} ms"))

    times, base = _timed(_hook_argv("user-prompt"),
                         lambda i: _payload("UserPromptSubmit", work, i,
                                            prompt=PROMPTS[i % len(PROMPTS)]),
                         {**env, "RLAT_PATTERN_CACHE": "0"}, work, n, home)
    rows.append(util.row(
        "UserPromptSubmit hook vs `python -c pass`, patterns compiled in the process",
        "report", round(util.median(times) / util.median(base), 2), "x", None, cmd,
        "RLAT_PATTERN_CACHE=0: what the first prompt after an upgrade pays, before a worker "
        f"has saved the compiled patterns (rlat.patterns); median {util.median(times) * 1000:.1f}"
        f" ms against {util.median(base) * 1000:.1f} ms"))

    times, base = _timed(_hook_argv("session-start"),
                         lambda i: _payload("SessionStart", work, i), env, work, n, home)
    med, bmed = util.median(times), util.median(base)
    rows.append(util.row(
        "SessionStart hook, 10,000-claim store + 3 world facts (whole process)",
        f"≤ {START_TARGET_MS:g} ms", round(med * 1000, 1), "ms", med * 1000 <= START_TARGET_MS,
        cmd, f"median of {n}; {med / bmed:.1f}x `python -c pass` ({bmed * 1000:.0f} ms) side by "
             "side; injects the framed world facts and the most trusted claims"))

    transcript = root / "big.jsonl"
    tsize = _big_transcript(transcript)
    for label, store_home in (("empty store", root / "home-empty"), ("10,000-claim store", home)):
        store_home.mkdir(exist_ok=True)
        util.warm_patterns(store_home)
        henv = {"RLAT_HOME": str(store_home)}
        times, base = _timed(
            _hook_argv("session-end"),
            lambda i: _payload("SessionEnd", work, i, transcript_path=str(transcript)),
            henv, work, max(3, n // 2), store_home, wait_workers=True)
        med = util.median(times)
        target_row = label == "empty store"
        rows.append(util.row(
            f"SessionEnd hook inline part, {tsize / 2**20:.1f} MB transcript, {label}",
            f"≤ {END_TARGET_MS:g} ms" if target_row else "report", round(med * 1000, 1), "ms",
            (med * 1000 <= END_TARGET_MS) if target_row else None, cmd,
            "assess turns + capture (read, scrub, fold, verify, append) + start the worker; "
            "each run a new session id, so each capture appends"
            + ("" if target_row else "; the capture pipeline folds the whole store under its "
               "lock to deduplicate, which dominates here (the hook hands the capture to the "
               "worker when its 1.1 s budget runs short)")))
    return rows


def _claude_rows(quick: bool, root: Path) -> list[dict]:
    """durationMs as Claude Code records it, in a real session (pinned CLI, loopback API)."""
    sys.path.insert(0, str(util.REPO_ROOT / "tests"))
    try:
        from support.claude_code import CLAUDE_BIN, ClaudeSession, read_jsonl
        from support.messages_api import MessagesAPIServer, text, tool_use
    finally:
        sys.path.pop(0)
    cmd = "python -m bench --only hooks"
    if not CLAUDE_BIN.exists():
        return [util.row("Claude Code durationMs per rlat hook", "report", None, "ms", None, cmd,
                         "the pinned CLI is not installed: npm ci --prefix tests/e2e")]
    home = root / "home"  # the 10,000-claim store from _hook_rows
    cc_home = root / "cc-home"
    cc_home.mkdir()
    work = root / "repo1"
    subprocess.run(util.rlat_argv("memory", "install-hooks", "--user"), check=True,
                   env={**os.environ, "HOME": str(cc_home)}, capture_output=True, timeout=120)
    prompts = list(PROMPTS[: 3 if quick else 5])
    script = []
    for _ in prompts:
        script += [tool_use("Bash", {"command": "echo ok", "description": "check"}),
                   text("Done.")]
    durations: dict[str, list[int]] = {}
    with MessagesAPIServer(*script) as api:
        with ClaudeSession(cwd=work, home=cc_home, api_url=api.url,
                           env={"RLAT_HOME": str(home)}) as session:
            for prompt in prompts:
                session.send(prompt)
        found = list((cc_home / ".claude" / "projects").glob(f"*/{session.session_id}.jsonl"))
    for line in read_jsonl(found[0]) if found else []:
        att = line.get("attachment") or {}
        if line.get("type") == "attachment" and att.get("type") == "hook_success" \
                and "rlat hook" in att.get("command", ""):
            durations.setdefault(att.get("hookEvent", "?"), []).append(int(att["durationMs"]))
        if line.get("subtype") == "stop_hook_summary":
            for info in line.get("hookInfos") or ():
                if "rlat hook" in info.get("command", ""):
                    durations.setdefault("Stop", []).append(int(info["durationMs"]))
    rows = []
    for event in ("SessionStart", "UserPromptSubmit", "Stop", "PreCompact", "SessionEnd"):
        values = durations.get(event)
        if not values:
            rows.append(util.row(
                f"Claude Code durationMs, {event}", "report", None, "ms", None, cmd,
                "not recorded: Claude Code 2.1.197 writes durationMs to the transcript only for "
                "SessionStart (hook_success) and Stop (stop_hook_summary)"))
            continue
        rows.append(util.row(
            f"Claude Code durationMs, {event} (real session, 10,000-claim store)", "report",
            round(util.median(values)), "ms", None, cmd,
            f"median of {len(values)} as recorded in the transcript by Claude Code "
            "(hook_success attachments / Stop hook summary); includes Claude Code's own spawn"))
    return rows


def run(quick: bool) -> list[dict]:
    # Measure what users run: Python caches compiled modules (.pyc). Some sandboxes set
    # PYTHONDONTWRITEBYTECODE, which makes every hook recompile rlat from source (~2x the
    # import time); the warm-up run of each measurement writes the caches.
    saved = os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        return _run(quick)
    finally:
        if saved is not None:
            os.environ["PYTHONDONTWRITEBYTECODE"] = saved


def _run(quick: bool) -> list[dict]:
    with util.temp_home("rlat-bench-hooks-") as root:
        rows = _hook_rows(quick, root)
        try:
            rows += _claude_rows(quick, root)
        except Exception as exc:  # noqa: BLE001 - report, never crash the suite
            rows.append(util.row("Claude Code durationMs per rlat hook", "report", None, "ms",
                                 None, "python -m bench --only hooks", f"failed: {exc}"))
        return rows


if __name__ == "__main__":  # python -m bench.bench_hooks [--quick]
    for r in run("--quick" in sys.argv):
        print(f"{r['name']}: {r['value']} {r['unit']} (target {r['target']}, ok {r['ok']}) "
              f"— {r['notes']}")
