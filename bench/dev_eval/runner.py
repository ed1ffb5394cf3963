"""Run a world through rlat's real entry points and score what the prompt hook injects.

1. **Materialise** the world in a temp dir: each project a real git repository (its own
   ``origin`` remote, so its own workspace id), each session's transcript where Claude Code keeps
   it (``<claude dir>/projects/<cwd with / as ->/<session id>.jsonl``).
2. **Capture** (mode ``captured``): every session, in chronological order, through the real
   SessionEnd hook (``python -m rlat hook session-end``, hook JSON on stdin, cwd = the project,
   ``RLAT_HOME`` = a temp dir); the hook detaches its background worker, and the run waits until
   the worker's job files are gone, so each capture has landed before the next session ends —
   what a user's machine ends up with. Or (mode ``oracle``): each fact written as its clean
   one-line claim with ``rlat memory add`` in its project's cwd — a perfect capture, so what
   is lost there is lost by ranking.
3. **Ask** every prompt through the real UserPromptSubmit hook (``python -m rlat hook
   user-prompt``), each in a new session id, from the cwd the prompt belongs to; the hook's
   ``additionalContext`` is what Claude would have seen.

The environment of every rlat process is the caller's minus ``ANTHROPIC_*`` (no model: the
deterministic path a subscription user has) and minus rlat's own switches that would change what
is measured (``RLAT_HOME``, ``RLAT_HOOKS_DISABLED``, ``RLAT_ATOMIC_CAPTURE``,
``RLAT_MINE_ATTRIBUTES``); ``PYTHONPATH`` starts with this checkout, so the rlat measured is the
one next to this file. Other ``RLAT_*`` settings (e.g. ``RLAT_RECALL_TOP_K``) pass through, for
experiments.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .world import KINDS, ORACLE_TYPES, Prompt, World, contains_key, recalled

REPO_ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
STRIPPED = ("RLAT_HOME", "RLAT_HOOKS_DISABLED", "RLAT_ATOMIC_CAPTURE", "RLAT_MINE_ATTRIBUTES")
WORKER_TIMEOUT = 120.0
SECRET_CHUNK = 12  # a secret counts as leaked when any 12-character piece of it shows


# ------------------------------------------------------------------------ environment
def rlat_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("ANTHROPIC_") and k not in STRIPPED}
    env["RLAT_HOME"] = str(home)
    paths = [str(REPO_ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep)
                                if p and p != str(REPO_ROOT)]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def claude_transcript(claude_dir: Path, cwd: str, session_id: str) -> Path:
    """Where Claude Code keeps a session's transcript."""
    return claude_dir / "projects" / cwd.replace("/", "-").replace(".", "-") / \
        f"{session_id}.jsonl"


# ------------------------------------------------------------------------ materialise
@dataclass
class Layout:
    root: Path
    projects: dict[str, Path]  # name -> working directory
    claude_dir: Path


def workdir_for(root: Path) -> str:
    return str((root / "src").resolve())


def materialise(world: World, root: Path) -> Layout:
    """Git repositories and transcripts on disk under ``root`` (the world was generated with
    ``workdir=workdir_for(root)``)."""
    src = Path(workdir_for(root))
    claude_dir = root / "home" / ".claude"
    projects: dict[str, Path] = {}
    git_env = {**os.environ, "GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
               "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.com",
               "GIT_AUTHOR_DATE": "2026-01-05T10:00:00Z",
               "GIT_COMMITTER_DATE": "2026-01-05T10:00:00Z", "GIT_CONFIG_GLOBAL": os.devnull,
               "GIT_CONFIG_NOSYSTEM": "1"}
    for project in world.projects:
        path = src / project.name
        path.mkdir(parents=True, exist_ok=True)
        for rel, content in project.files.items():
            target = path / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content, encoding="utf-8")
        for argv in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"],
                     ["git", "commit", "-q", "-m", "Initial commit"],
                     ["git", "remote", "add", "origin", project.remote]):
            subprocess.run(argv, cwd=path, env=git_env, check=True, capture_output=True)
        projects[project.name] = path
    for session in world.sessions:
        cwd = str(projects[session.project])
        session.path = str(session.transcript.save(
            claude_transcript(claude_dir, cwd, session.session_id)))
    return Layout(root, projects, claude_dir)


# ------------------------------------------------------------------------ processes
@dataclass
class Call:
    stdout: str
    stderr: str
    returncode: int
    seconds: float


def run(argv: list[str], *, cwd: Path, env: dict, stdin: str | None = None,
        timeout: float = 60) -> Call:
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, input=(stdin or "").encode(),
                          capture_output=True, timeout=timeout)
    seconds = time.perf_counter() - start
    return Call(proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"),
                proc.returncode, seconds)


def hook(event: str, payload: dict, *, cwd: Path, env: dict) -> Call:
    return run([PYTHON, "-m", "rlat", "hook", event], cwd=cwd, env=env,
               stdin=json.dumps(payload))


def wait_for_workers(home: Path, timeout: float = WORKER_TIMEOUT) -> bool:
    """True once no background job is pending or running under ``home`` (a hook writes its
    job file before it returns; the worker deletes it when done)."""
    jobs = home / "jobs"
    deadline = time.monotonic() + timeout
    while True:
        pending = [p for p in jobs.glob("*") if p.suffix in (".json", ".running")] \
            if jobs.is_dir() else []
        if not pending:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.03)


# ------------------------------------------------------------------------ the two stores
def capture(world: World, layout: Layout, home: Path) -> dict:
    """Every session through the SessionEnd hook, oldest first. Returns timings/problems."""
    env = rlat_env(home)
    seconds, problems = [], []
    for session in sorted(world.sessions, key=lambda s: s.start):
        cwd = layout.projects[session.project]
        call = hook("session-end", {"session_id": session.session_id,
                                    "transcript_path": session.path, "cwd": str(cwd),
                                    "hook_event_name": "SessionEnd",
                                    "reason": "prompt_input_exit"}, cwd=cwd, env=env)
        seconds.append(call.seconds)
        if call.returncode != 0 or call.stdout.strip():
            problems.append(f"session-end exit {call.returncode}: {call.stderr.strip()[-200:]}")
        if not wait_for_workers(home):
            problems.append(f"background worker still running after {WORKER_TIMEOUT:.0f} s")
    problems += hook_log(home)
    return {"session_end_seconds": seconds, "problems": problems}


def oracle(world: World, layout: Layout, home: Path) -> dict:
    """Every fact as its clean one-line claim, typed by hand in its project."""
    env = rlat_env(home)
    problems = []
    for fact in world.facts.values():
        call = run([PYTHON, "-m", "rlat", "memory", "add", "--type", ORACLE_TYPES[fact.kind],
                    fact.oracle], cwd=layout.projects[fact.project], env=env)
        if call.returncode != 0:
            problems.append(f"memory add {fact.id}: exit {call.returncode}: "
                            f"{call.stderr.strip()[-200:]}")
    if not wait_for_workers(home):
        problems.append(f"background worker still running after {WORKER_TIMEOUT:.0f} s")
    return {"problems": problems}


def hook_log(home: Path) -> list[str]:
    path = home / "logs" / "hooks.log"
    if not path.exists():
        return []
    return [f"hooks.log: {line}" for line in path.read_text(errors="replace").splitlines()]


# ------------------------------------------------------------------------ asking
@dataclass
class Answer:
    prompt: Prompt
    injected: str
    seconds: float
    recalled: bool | None = None  # fact and cross prompts: the asked fact's keys all shown
    leaked_from: list[str] = field(default_factory=list)  # other projects whose claims showed
    secrets: int = 0  # planted secrets visible in the injected text
    problem: str = ""


PASS_EVERY = 8  # time a bare `python -c pass` after every 8th prompt: the machine's pace


def ask(world: World, layout: Layout, home: Path, baseline: list[float] | None = None
        ) -> list[Answer]:
    """Every prompt through the UserPromptSubmit hook. ``baseline`` collects the wall times of
    a bare ``python -c pass`` taken between prompts (the same machine, the same moment), so a
    hook time can be read against what any Python process costs right then."""
    env = rlat_env(home)
    answers = []
    for i, prompt in enumerate(world.prompts):
        if baseline is not None and i % PASS_EVERY == 0:
            baseline.append(run([PYTHON, "-c", "pass"], cwd=layout.root, env=env).seconds)
        cwd = layout.projects[prompt.project]
        payload = {"session_id": prompt.session_id,
                   "transcript_path": str(claude_transcript(layout.claude_dir, str(cwd),
                                                            prompt.session_id)),
                   "cwd": str(cwd), "permission_mode": "default",
                   "hook_event_name": "UserPromptSubmit", "prompt": prompt.text}
        call = hook("user-prompt", payload, cwd=cwd, env=env)
        injected, problem = "", ""
        if call.returncode != 0:
            problem = f"exit {call.returncode}: {call.stderr.strip()[-200:]}"
        elif call.stdout.strip():
            try:
                out = json.loads(call.stdout)
                injected = (out.get("hookSpecificOutput") or {}).get("additionalContext") or ""
            except ValueError:
                problem = f"stdout is not JSON: {call.stdout[:120]!r}"
        answers.append(score_answer(world, Answer(prompt, injected, call.seconds,
                                                  problem=problem)))
    return answers


def foreign_tokens(world: World, project: str) -> dict[str, list[str]]:
    """Other project -> the tokens only its claims can carry (its fingerprint, its keys)."""
    out: dict[str, list[str]] = {}
    for other in world.projects:
        if other.name == project:
            continue
        tokens = list(other.fingerprint)
        for fact in other.facts:
            tokens += fact.keys
        out[other.name] = tokens
    return out


def secret_pieces(secret: str) -> list[str]:
    """Every 12-character window of ``secret`` (a partly shown secret is still leaked)."""
    return [secret[i:i + SECRET_CHUNK] for i in range(max(1, len(secret) - SECRET_CHUNK + 1))]


def score_answer(world: World, answer: Answer) -> Answer:
    prompt, text = answer.prompt, answer.injected
    if prompt.kind == "fact":
        answer.recalled = recalled(text, prompt.keys)
    elif prompt.kind == "cross":
        answer.recalled = recalled(text, prompt.keys)
    if text:
        for other, tokens in foreign_tokens(world, prompt.project).items():
            if any(contains_key(text, t) for t in tokens):
                answer.leaked_from.append(other)
        answer.secrets = sum(any(piece in text for piece in secret_pieces(s))
                             for s in world.secrets)
    return answer


def attribute_by_id(layout: Layout, home: Path, answers: list[Answer]) -> str:
    """The second leak check, exact where the first is textual: which claims each prompt's hook
    injected (the ids its session's signal file records) and which workspaces those claims
    were learned in (the store). A claim of another project's workspace is a leak even when
    its text names nothing of that project. Returns "ok", or why the check could not run
    (then only the textual check counts)."""
    try:
        from rlat.claims.log import ClaimLog
        from rlat.hooks.runtime import injected_ids, safe_id
        from rlat.workspace import workspace_id

        store = home / "memory.rlat"
        claims = ClaimLog(store).state().claims if store.exists() else {}
        owner = {workspace_id(str(path)): name for name, path in layout.projects.items()}
        for answer in answers:
            signal = home / "sessions" / f"{safe_id(answer.prompt.session_id)}.jsonl"
            if not signal.exists():
                continue
            records = [json.loads(line) for line in signal.read_text().splitlines() if line]
            for cid in injected_ids(records):
                claim = claims.get(cid)
                for ws in getattr(claim, "workspaces", None) or ():
                    other = owner.get(ws)
                    if other and other != answer.prompt.project \
                            and other not in answer.leaked_from:
                        answer.leaked_from.append(other)
    except Exception as exc:  # noqa: BLE001 - rlat's internals moved: say so, keep the rest
        return f"unavailable ({exc.__class__.__name__}: {exc})"
    return "ok"


def secrets_at_rest(world: World, home: Path) -> int:
    """How many planted secrets appear anywhere under RLAT_HOME: in every file as stored, and
    in every event of every ``.rlat`` container decoded (their records are zstd frames, so
    their raw bytes would hide a secret)."""
    blobs = []
    for path in home.rglob("*"):
        if not path.is_file():
            continue
        try:
            blobs.append(path.read_bytes())
        except OSError:
            continue
        if path.suffix == ".rlat":
            blobs.append(_decoded_events(path))
    found = 0
    for secret in world.secrets:
        pieces = [p.encode() for p in secret_pieces(secret)]
        found += any(piece in blob for blob in blobs for piece in pieces)
    return found


def _decoded_events(path: Path) -> bytes:
    from rlat.claims.log import ClaimLog  # the bench measures rlat; reading its store is fine

    try:
        events = list(ClaimLog(path).events())
    except Exception as exc:  # noqa: BLE001 - an unreadable store is reported, not fatal
        return f"unreadable {path.name}: {exc}".encode()
    return json.dumps(events, ensure_ascii=False, default=str).encode()


# ------------------------------------------------------------------------ metrics
def _median(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    mid = len(ordered) // 2
    return float(ordered[mid]) if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def _p90(values: list[float]) -> float:
    """Nearest-rank 90th percentile."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1)))))
    return float(ordered[k])


def metrics(world: World, answers: list[Answer]) -> dict:
    facts = [a for a in answers if a.prompt.kind == "fact"]
    unrelated = [a for a in answers if a.prompt.kind == "unrelated"]
    unanswered = [a for a in answers if a.prompt.kind == "unanswered"]
    cross = [a for a in answers if a.prompt.kind == "cross"]
    by_kind = {}
    for kind in KINDS:
        group = [a for a in facts if a.prompt.fact_kind == kind]
        if group:
            by_kind[kind] = sum(bool(a.recalled) for a in group) / len(group)
    chars_all = [len(a.injected) for a in answers]
    chars_fact = [len(a.injected) for a in facts]
    seconds = [a.seconds for a in answers]
    return {
        "prompts": len(answers),
        "fact_prompts": len(facts),
        "fact_recall": sum(bool(a.recalled) for a in facts) / len(facts) if facts else None,
        "recall_by_kind": by_kind,
        "min_kind_recall": min(by_kind.values()) if by_kind else None,
        "unrelated_prompts": len(unrelated),
        "abstention": (sum(not a.injected for a in unrelated) / len(unrelated)
                       if unrelated else None),
        "unanswered_prompts": len(unanswered),
        "abstention_unanswered": (sum(not a.injected for a in unanswered) / len(unanswered)
                                  if unanswered else None),
        "cross_prompts": len(cross),
        "cross_leaks": sum(bool(a.leaked_from) for a in cross),
        "other_leaks": sum(bool(a.leaked_from) for a in answers if a.prompt.kind != "cross"),
        "secrets_leaked": sum(a.secrets for a in answers),
        "chars_median": _median(chars_all), "chars_p90": _p90(chars_all),
        "fact_chars_median": _median(chars_fact), "fact_chars_p90": _p90(chars_fact),
        "hook_ms_median": _median(seconds) * 1000, "hook_ms_p90": _p90(seconds) * 1000,
        "problems": [f"{a.prompt.text!r}: {a.problem}" for a in answers if a.problem],
    }


# ------------------------------------------------------------------------ one whole run
@dataclass
class ModeResult:
    mode: str  # captured | oracle
    metrics: dict
    answers: list[Answer]
    setup: dict


def evaluate(world: World, layout: Layout, mode: str, home: Path) -> ModeResult:
    setup = capture(world, layout, home) if mode == "captured" else oracle(world, layout, home)
    baseline: list[float] = []
    answers = ask(world, layout, home, baseline)
    wait_for_workers(home)
    id_check = attribute_by_id(layout, home, answers)
    result = metrics(world, answers)
    result["leak_check_by_claim_id"] = id_check
    result["python_pass_ms_median"] = _median(baseline) * 1000
    result["secrets_at_rest"] = secrets_at_rest(world, home)
    result["setup_problems"] = setup.get("problems", [])
    if setup.get("session_end_seconds"):
        result["session_end_ms_median"] = _median(setup["session_end_seconds"]) * 1000
    return ModeResult(mode, result, answers, setup)


def run_split(world: World, layout: Layout, modes: tuple[str, ...], *,
              side_by_side: bool = False, in_process: bool = False) -> dict[str, ModeResult]:
    """Each mode in its own RLAT_HOME under the layout's root. ``side_by_side``: the modes run
    at the same time (two threads, each spawning its own hooks) — quicker, but every hook then
    shares the machine with the other mode's, so its wall time reads high."""
    def one(mode: str) -> ModeResult:
        home = layout.root / f"rlat-home-{mode}"
        home.mkdir(parents=True, exist_ok=True)
        if in_process:  # (no hooks, no workers: bench.dev_eval.in_process)
            from .in_process import evaluate as evaluate_in_process

            return evaluate_in_process(world, layout, mode, home)
        try:
            return evaluate(world, layout, mode, home)
        finally:
            wait_for_workers(home, timeout=10)

    if side_by_side and len(modes) > 1 and not in_process:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(len(modes)) as pool:
            return dict(zip(modes, pool.map(one, modes), strict=True))
    return {mode: one(mode) for mode in modes}


def temp_root(prefix: str = "rlat-dev-eval-") -> Path:
    return Path(tempfile.mkdtemp(prefix=prefix)).resolve()


def remove(root: Path) -> None:
    for _attempt in range(5):
        shutil.rmtree(root, ignore_errors=True)
        if not root.exists():
            return
        time.sleep(0.2)
