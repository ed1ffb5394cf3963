"""Jobs for the background worker: write one, start ``rlat.hooks.worker`` detached on it.

What a hook (``capture``, and ``runtime``'s request for a view rebuild) and a command
(``rlat memory list``) use to hand work over; the worker itself (``rlat.hooks.worker``) runs
the jobs. Kept apart from the worker so that neither a hook nor the runtime imports the
worker's tasks (and the worker can import the capture hook's code without a cycle).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from ..detach import start_detached
from ..paths import home, memory_store_path, open_private, private_dir
from .log import safe_id


def jobs_dir() -> Path:
    return home() / "jobs"


def spawn(ctx, tasks: list[str], *, override: dict | None = None) -> bool:
    """Start a detached worker for ``tasks`` on the hook's session (or ``override``).
    Returns False (after logging) when it could not start."""
    return spawn_job(job_for(ctx, tasks, override=override), ctx.log)


def job_for(ctx, tasks: list[str], *, override: dict | None = None,
            in_a_hurry: bool = False) -> dict:
    """The job a hook hands over: its session, transcript, cwd, workspace, and ``tasks``.
    ``in_a_hurry``: without working out the workspace (it may run git); the worker does."""
    job = {
        "session_id": ctx.payload.get("session_id") or ctx.session_id,
        "transcript_path": ctx.transcript_path,
        "cwd": ctx.cwd,
        "workspace": None if in_a_hurry else ctx.workspace,
        "reason": ctx.event,
        "tasks": list(tasks),
        "created": time.time(),
        "env": {k: v for k, v in os.environ.items()
                if k in ("RLAT_ATOMIC_CAPTURE", "RLAT_MINE_ATTRIBUTES")},
    }
    if override:
        job.update(override)
    return job


def write_job(job: dict) -> Path:
    """Write ``job`` where workers find it. A job whose worker never started (the hook was
    killed first) is run by the next worker (``rlat.hooks.worker.adopt_orphans``)."""
    directory = private_dir(jobs_dir())
    path = directory / f"{time.time():.6f}-{os.getpid()}-{safe_id(job['session_id'], 40)}.json"
    partial = path.with_suffix(".writing")  # (no worker takes it: a full disk leaves no empty job)
    try:
        with open_private(partial, "w") as fh:  # (the name's pid: ``job_writer``)
            fh.write(json.dumps(job))
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return path


def job_writer(path: Path) -> int | None:
    """The pid of the process that wrote the job at ``path`` (``write_job``'s name,
    ``<time>-<pid>-<session>.json``); None for a name it did not make."""
    try:
        return int(path.name.split("-")[1])
    except (IndexError, ValueError):
        return None


def start_job(path: Path, log) -> bool:
    """Start a detached worker on the job at ``path``. False (after ``log``) when it could not."""
    try:
        start_detached(worker_argv(path))
        return True
    except Exception as exc:  # noqa: BLE001
        log(f"background worker not started: {exc}")
        return False


def spawn_job(job: dict, log) -> bool:
    """Write ``job`` (session_id, cwd, reason, tasks, …) and start a detached worker on it.
    Returns False (after ``log``) when it could not start."""
    try:
        path = write_job(job)
    except Exception as exc:  # noqa: BLE001
        log(f"background worker not started: {exc}")
        return False
    return start_job(path, log)


def worker_argv(job_path: Path) -> list[str]:
    """The worker's command line: this interpreter, ``-P`` (the hook runs in the user's
    project; a package named ``rlat`` there must not be imported instead of rlat)."""
    return [sys.executable, "-P", "-m", "rlat.hooks.worker", str(job_path)]




def request_view(ctx) -> bool:
    """Ask a worker to rebuild the store's read model (after draining the spool), at most once
    a minute (``rlat.retrieval.readmodel.rebuild_due``). ``ctx``: the hook asking. True when a
    worker was started."""
    from ..retrieval.readmodel import rebuild_due

    if not rebuild_due(memory_store_path()):
        return False
    return spawn(ctx, ["drain", "view"])
