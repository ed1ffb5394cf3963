"""The background worker: slow work a hook may not wait for, in a process that outlives it.

``rlat.hooks.jobs.spawn`` (called by a hook) writes a job file under ``<rlat home>/jobs/``
and starts ``python -P -m rlat.hooks.worker JOB`` detached (``-P``: the working directory, the
user's project, is not put on ``sys.path``, so a directory there named ``rlat`` cannot shadow
rlat): stdin/stdout/stderr on /dev/null (so Claude Code never waits on its pipes) and a new session (``setsid``; on Windows a detached process group),
so neither the end of the hook nor the end of ``claude`` stops it.

Tasks, each independent (one failing is logged and the next runs):

``capture``     the capture pipeline on the job's transcript (from where the last capture
                stopped), when the hook could not do it inline
``atomic``      LLM atomic capture (``RLAT_ATOMIC_CAPTURE=1``): one claim per durable fact
``mine``        the four-gate world-fact miner (``RLAT_MINE_ATTRIBUTES=1``) into the
                workspace's KM
``drain``       apply spooled events (those a hook could not append within its lock timeout)
``checkpoint``  write a store snapshot when enough events follow the last one (and one for each
                of the workspace's world-fact KMs, which the hooks append lineage to)
``view``        rebuild the store's read model (``rlat.retrieval.readmodel``): what lets the
                next hooks and `rlat memory list` open the store in milliseconds
``drift``       for each built KM linked to the job's workspace whose sources changed on
                disk: refresh it (claims on changed passages go stale) and re-check those
                claims against the new passages (``rlat.km.verify.drift_check``)

A capture that fails because of the store (damaged until `rlat doctor` runs, locked, a full
or read-only disk) is not lost: the job is written again for a later worker (``_requeue``, at
most ``MAX_ATTEMPTS`` times), and every worker adopts waiting jobs (``adopt_orphans``).

Every problem is one line in ``hooks.log`` (event ``worker``); what the job did is appended to
the session's signal file as ``{"event": "worker", …}``. The worker may import anything
(including the LLM provider): it is not on a hook's clock.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from pathlib import Path

from .. import patterns
from ..paths import memory_store_path, state_dir
from .capture import capture_and_record, captured_size, transcript_size
from .jobs import job_writer, jobs_dir, write_job
from .log import log_line, log_warnings, safe_id
from .runtime import add_receipt, append_record, read_records, spool_dir, workspace_or_path

WORKER_LOCK_TIMEOUT = None  # the container's one default (RLAT_LOCK_TIMEOUT, rlat/container/lock.py)
PRUNE_AFTER_DAYS = 14


# ----------------------------------------------------------------------------------- run
class Job:
    def __init__(self, data: dict) -> None:
        self.data = data
        self.session_id = str(data.get("session_id") or "unknown-session")
        self.safe_session = safe_id(self.session_id)
        self.transcript = data.get("transcript_path")
        self.cwd = data.get("cwd") or os.getcwd()
        # (a job handed over in a hurry does not name its workspace: the worker works it out)
        self.workspace = data.get("workspace") or (
            workspace_or_path(data["cwd"], self.log) if data.get("cwd") else None)
        self.results: dict[str, object] = {}

    def log(self, message: str) -> None:
        log_line("worker", self.safe_session, message)


def task_capture(job: Job) -> object:
    if job.workspace and job.cwd:
        _follow_earlier_ids(job)
    size = transcript_size(job.transcript)
    if size < 0:
        return "no transcript (missing, or not a regular file)"
    if captured_size(read_records(job.safe_session), job.transcript) >= size:
        return "already captured"
    return capture_and_record(job.transcript, cwd=job.cwd, session_id=job.session_id,
                              workspace=job.workspace, by="worker",
                              lock_timeout=WORKER_LOCK_TIMEOUT)


def _follow_earlier_ids(job: Job) -> None:
    """Claims learned in this project under an earlier id (before its first commit, its first
    origin) follow it to the current one (``rlat.workspace_moves``)."""
    from ..claims.log import ClaimLog
    from ..workspace_moves import follow

    try:
        moved = follow(ClaimLog(memory_store_path()), job.cwd, job.workspace,
                       lock_timeout=WORKER_LOCK_TIMEOUT)
    except Exception as exc:  # noqa: BLE001 - never stops the capture itself
        job.log(f"claims of this project's earlier ids not followed: {exc}")
        return
    if moved:
        job.log(f"{moved} claim(s) of this project's earlier ids now serve as {job.workspace}")


def _llm_task(job: Job, name: str) -> object:
    """Atomic capture or the miner (``rlat.llm.session_tasks``): each falls back or skips on
    its own and returns a result whose ``receipt`` the next SessionStart shows the user. A
    fallback or a skip is one line in hooks.log saying why."""
    from ..llm import session_tasks

    if not job.transcript:
        return "no transcript (missing, or not a regular file)"
    result = getattr(session_tasks, name)(job.transcript, cwd=job.cwd, session_id=job.session_id)
    if result.mode == "single-block":
        job.log(f"atomic capture fell back to the capture without a model: "
                f"{result.fallback_reason}")
    elif result.mode == "skipped":
        job.log(f"mining skipped: {result.fallback_reason}")
    receipt = getattr(result, "receipt", "")
    if receipt and job.workspace:
        add_receipt(job.workspace, receipt)
    return result


def task_atomic(job: Job) -> object:
    return _llm_task(job, "atomic_capture")


def task_mine(job: Job) -> object:
    return _llm_task(job, "mine_world_facts")


def task_drain(job: Job) -> object:
    return drain_spool(job.log)


def task_view(job: Job) -> object:
    from ..retrieval.readmodel import build_read_model

    path = memory_store_path()
    if not path.exists():
        return "no store"
    return build_read_model(path)


def task_checkpoint(job: Job) -> object:
    """Snapshot the store when due — and the workspace's world-fact KMs, which the hooks
    append read lineage and outcomes to (``rlat.hooks.lineage``) and SessionStart folds."""
    from ..claims.log import ClaimLog

    if job.workspace:
        from ..world import world_km_paths

        for km in world_km_paths(job.workspace):
            try:
                ClaimLog(km).checkpoint(lock_timeout=WORKER_LOCK_TIMEOUT)
            except Exception as exc:  # noqa: BLE001 - one KM's problem is that KM's
                job.log(f"checkpoint of {km} failed: {exc}")
    path = memory_store_path()
    if not path.exists():
        return "no store"
    return ClaimLog(path).checkpoint(lock_timeout=WORKER_LOCK_TIMEOUT)


def task_drift(job: Job) -> object:
    from ..km.verify import drift_check
    from ..world import linked_kms

    kms = linked_kms(job.workspace) if job.workspace else []
    if not kms:
        return "no linked knowledge models"
    return drift_check(kms, log=job.log)


TASKS = {
    "capture": task_capture,
    "atomic": task_atomic,
    "mine": task_mine,
    "drain": task_drain,
    "checkpoint": task_checkpoint,
    "view": task_view,
    "drift": task_drift,
}


def drain_spool(log=lambda message: None) -> int:
    """Append every spooled event to the store (each event once, even after a crash midway).
    Returns how many events were appended."""
    directory = spool_dir()
    if not directory.is_dir():
        return 0
    from ..claims.log import ClaimLog

    store = ClaimLog(memory_store_path())
    appended = 0
    for path in sorted(directory.glob("*.jsonl")) + sorted(directory.glob("*.draining")):
        working = path if path.suffix == ".draining" else path.with_suffix(".draining")
        if working != path:
            try:
                os.replace(path, working)
            except OSError:
                continue  # another worker took it
        events = []
        for line in working.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict) and event.get("kind") and event.get("id"):
                events.append(event)
        if path.suffix == ".draining" and events:  # left by a crash: maybe applied already
            known = {e.get("id") for e in store.events()}
            events = [e for e in events if e["id"] not in known]
        try:
            store.append(events, lock_timeout=WORKER_LOCK_TIMEOUT)
        except Exception as exc:  # noqa: BLE001
            log(f"spool {working.name} not applied ({exc}); will retry next time")
            continue
        appended += len(events)
        working.unlink(missing_ok=True)
    return appended


def prune(now: float | None = None) -> None:
    """Forget old bookkeeping: session signal files and stale job files."""
    now = time.time() if now is None else now
    for directory, days in ((state_dir(), PRUNE_AFTER_DAYS), (jobs_dir(), 2)):
        try:
            for path in directory.glob("*.json*"):
                if now - path.stat().st_mtime > days * 86400:
                    path.unlink(missing_ok=True)
        except OSError:
            pass


def run_job(path: Path, *, adopt: bool = True) -> dict:
    """Run the job at ``path`` (claimed first), then, with ``adopt``, any orphaned ones."""
    running = path.with_suffix(".running")
    try:
        os.replace(path, running)  # claim it: a second worker on the same job finds nothing
    except OSError:
        return {}
    try:
        data = json.loads(running.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log_line("worker", "-", f"job {path.name} unreadable: {exc}")
        running.unlink(missing_ok=True)
        return {}
    for key, value in (data.get("env") or {}).items():
        os.environ.setdefault(key, value)
    job = Job(data)
    started = time.time()
    retry: list[str] = []
    for name in data.get("tasks") or ():
        task = TASKS.get(name)
        if task is None:
            job.log(f"unknown task {name!r} skipped")
            continue
        try:
            result = task(job)
            job.results[name] = _jsonable(result)
        except Exception as exc:  # noqa: BLE001 - one task's failure never stops the next
            job.results[name] = f"failed: {exc.__class__.__name__}: {exc}"
            job.log(f"{name} failed: {exc.__class__.__name__}: {exc}")
            if name == "capture" and _store_problem(exc):
                retry.append(name)
    append_record(job.safe_session, {"event": "worker", "ts": time.time(),
                                     "reason": data.get("reason"), "tasks": data.get("tasks"),
                                     "results": job.results,
                                     "seconds": round(time.time() - started, 3)})
    if retry:
        _requeue(data, retry, job)
    running.unlink(missing_ok=True)
    if adopt:
        adopt_orphans()
    prune()
    return job.results


def _store_problem(exc: BaseException) -> bool:
    """Whether a task failed because of the store (damaged, locked, on a full or read-only
    disk) or of rlat's install (a module it needs is missing: ``rlat.missing_dependency``)
    rather than the session: then the session is captured once they are mended."""
    import errno

    from .. import missing_dependency
    from ..container import ContainerError

    return isinstance(exc, ContainerError) or missing_dependency(exc) is not None \
        or isinstance(exc, OSError) and exc.errno in (
            errno.ENOSPC, errno.EROFS, getattr(errno, "EDQUOT", errno.ENOSPC))


def _requeue(data: dict, tasks: list[str], job: Job) -> None:
    """Keep the session for a later worker (each adopts it: ``adopt_orphans``), at most
    ``MAX_ATTEMPTS`` times, instead of losing it to a store that is damaged until `rlat
    doctor` runs."""
    attempts = int(data.get("attempts") or 0) + 1
    if attempts >= MAX_ATTEMPTS:
        job.log(f"{', '.join(tasks)} given up after {attempts} attempts")
        return
    try:
        write_job({**data, "tasks": tasks, "attempts": attempts, "reason": "retry"})
        job.log(f"{', '.join(tasks)} kept for the next worker (attempt {attempts})")
    except OSError as exc:
        job.log(f"{', '.join(tasks)} could not be kept for a retry: {exc}")


def _jsonable(value: object) -> object:
    try:
        json.dumps(value)
        return value
    except TypeError:
        if hasattr(value, "to_dict"):
            return _jsonable(value.to_dict())
        return str(value)


# A job file no worker claimed, whose writer (the hook: its pid is in the file's name) has
# exited or is this old, was left by a hook that ended before it could start a worker (its
# deadline, on a machine busy with many sessions ending at once): the next worker runs it.
ORPHAN_SECONDS = 30.0
MAX_ORPHANS = 8  # per worker run: a backlog is worked off by the workers that follow
MAX_ATTEMPTS = 50  # a session's capture is retried by this many workers while the store fails


def _writer_gone(path: Path) -> bool:
    """Whether the process that wrote the job at ``path`` (``<time>-<pid>-<session>.json``)
    has exited. Not asked on Windows, where ``os.kill`` with any other signal than Ctrl-C
    terminates the process: there only the job's age counts."""
    pid = job_writer(path)
    if os.name == "nt" or pid is None:  # (None: not a name a hook wrote; only its age counts)
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive (another user's process: EPERM)
    return False


def adopt_orphans(now: float | None = None) -> int:
    """Run the job files no worker claimed (``ORPHAN_SECONDS``, ``_writer_gone``), oldest
    first. Returns how many were run (each is claimed like any job: two workers never run the
    same one)."""
    now = time.time() if now is None else now
    try:
        listed = sorted(jobs_dir().glob("*.json"))
    except OSError:
        return 0
    ran = 0
    for path in listed:
        if ran >= MAX_ORPHANS:
            break
        try:
            old = now - path.stat().st_mtime > ORPHAN_SECONDS
        except OSError:
            continue  # another worker claimed it meanwhile
        # (another worker may claim it first: run_job then finds nothing, and this one moves on)
        if (old or _writer_gone(path)) and run_job(path, adopt=False):
            ran += 1
    return ran


def main(argv: list[str]) -> int:
    if not argv:
        sys.stderr.write("usage: python -m rlat.hooks.worker JOB.json\n")
        return 2
    real_stderr, sys.stderr = sys.stderr, io.StringIO()  # (its stderr is /dev/null)
    try:
        run_job(Path(argv[0]))
    except BaseException as exc:  # noqa: BLE001 - detached: nobody would see a traceback
        log_line("worker", "-", f"unexpected {exc.__class__.__name__}: {exc}")
    finally:
        warned, sys.stderr = sys.stderr, real_stderr
        log_warnings("worker", "-", warned)
    try:
        # (the next hooks find the patterns compiled: rlat.patterns)
        patterns.warm()
    except Exception as exc:  # noqa: BLE001 - only a cache: the hooks compile without it
        log_line("worker", "-", f"compiled patterns not saved: {exc.__class__.__name__}: {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
