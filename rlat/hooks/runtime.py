"""What every hook handler shares: its input, its clock, its log, the store, the spool.

A hook is time-bounded and never raises out of a handler: problems become one line in
``rlat.paths.log_dir()/hooks.log`` and the hook goes on without that part. Nothing here imports
rich, numpy or anthropic (``python -X importtime -m rlat hook …`` shows the path).

Settings (environment variables, read per call so tests and users can change them):

=============================  ===========================================================
``RLAT_HOOK_BUDGET_<EVENT>``   seconds the hook may run (EVENT: SESSION_START, USER_PROMPT,
                               STOP, PRE_COMPACT, SESSION_END); defaults in ``BUDGETS``
``RLAT_HOOK_LOCK_TIMEOUT``     seconds to wait for the store's lock (default 0.25); on timeout
                               the events go to the spool and the background worker applies them
``RLAT_CONTEXT_CHARS``         SessionStart's character budget for everything it injects,
                               world facts included (default 6000, capped at 9,500: Claude Code
                               spills anything over 10,000 into a 2 KB preview)
``RLAT_RECALL_TOP_K``          claims UserPromptSubmit injects per prompt (default 3)
``RLAT_RECALL_CHARS``          UserPromptSubmit's character budget, fence and heading included
                               (default 690; nothing is injected when no claim clears the
                               relevance floor, ``rlat.retrieval.abstention``)
``RLAT_HOOKS_DISABLED``        ``1``: every hook exits at once, silently
=============================  ===========================================================
"""

from __future__ import annotations

import json
import math
import os
import re
import time
from pathlib import Path

from ..paths import (
    atomic_write,
    home,
    memory_store_path,
    open_private,
    private_dir,
    state_dir,
)
from .log import log_line, safe_id  # the hooks' one log and file-safe ids, used by every hook

# Seconds each hook may spend. Claude Code's own limits are higher (install-hooks sets them);
# SessionEnd is the tight one: Claude Code gives all SessionEnd hooks ~1.5 s together.
BUDGETS = {
    "session-start": 1.5,
    "user-prompt": 1.0,
    "stop": 0.8,
    "pre-compact": 3.0,
    "session-end": 1.1,
}
# Part of a capture's budget: inline capture is given up (and handed to the worker) when less
# than this is left.
CAPTURE_RESERVE = 0.25
LOCK_TIMEOUT = 0.25
CONTEXT_CHARS = 6000
RECALL_TOP_K = 3
# Per prompt: a few one-line claims, not pages of session records (median target <= 600).
# 725 since the heading says once what every line's provenance says alike (nineteenth pass,
# docs/benchmarks.md: the 28 tuned dev-eval splits recalled 0.770 of their facts at 800 with a
# provenance per line, 0.777 at 725 with it shared, 0.783 at 800 — where two splits' median
# injected characters passed 600). 690 since captured remarks (twenty-first pass: at 725 three
# splits' medians passed 600, at 700 one did (600.5), at 690 the highest is 598.5; 680 cost
# another 0.003 of the facts).
RECALL_CHARS = 690
# A prompt with no usable stored index (the read model is stale or was built by another
# analyzer) builds one in memory only for a store this small (~0.1 s); a larger one recalls
# nothing this once while the worker rebuilds the read model (a 10k-claim build takes ~1 s,
# the whole prompt budget).
RECALL_MAX_BUILD = 2000
STDIN_MAX_BYTES = 16 * 1024 * 1024


class HookTimeout(BaseException):
    """The soft deadline passed (a BaseException so broad `except Exception` cannot eat it).
    Raised by ``dispatch``'s alarm; a handler catches it where it can still hand work over."""



def env_number(name: str, default: float) -> float:
    """A positive, finite number from the environment; ``default`` for anything else ("inf",
    "nan", "-1", "fast", unset)."""
    raw = (os.environ.get(name) or "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        return default
    return value if 0 < value < math.inf else default


# The most a hook's budget can be set to: Claude Code's own hook timeout is 600 s by default, and
# a budget past what a timer can hold (1e20) must not break the hook.
MAX_BUDGET = 600.0


def budget_for(event: str) -> float:
    key = "RLAT_HOOK_BUDGET_" + event.upper().replace("-", "_")
    return min(env_number(key, BUDGETS.get(event, 1.0)), MAX_BUDGET)


# ----------------------------------------------------------------------------- privacy
_PLAIN = r"[^\W\d_]+(?:['’][^\W\d_]+)*$"  # compiled on first use (re's cache)


# A plain word is at most this long: longer runs of letters look like keys, not prose.
PLAIN_LETTERS = 24


def plain_words(text: str, limit: int) -> str:
    """Only the prompt's plain words, for the signal file: every whitespace-separated token
    with a digit, a symbol or more than 24 letters is dropped. That keeps what the trust
    engine reads (the kind of work, "that didn't work", "thanks") and drops what a secret looks
    like (keys, tokens, passwords, URLs with credentials), without paying for the scrubber on
    every prompt. The store never sees this file; it is pruned after two weeks."""
    plain = re.compile(_PLAIN).match
    kept = []
    for raw in text.split():
        tok = raw.strip("`'\"()[]{}<>*.,;:!?")
        if tok and len(tok) <= PLAIN_LETTERS and plain(tok):
            kept.append(tok)
    return " ".join(kept)[:limit]


# ------------------------------------------------------------------------------ context
def memory_off(missing: str) -> str:
    """SessionStart's line to the user when a module rlat needs is not installed
    (``missing``: ``rlat.missing_dependency``'s account): what to run, not `rlat doctor` (the
    store is fine)."""
    return f"[rlat] Memory is off: {missing}."


def workspace_or_path(cwd: str, log) -> str:
    """The workspace id of ``cwd``; when it cannot be worked out (``log`` says why), the path
    stands in, so the hook and the worker tag what they capture alike."""
    from ..workspace import workspace_id

    try:
        return workspace_id(cwd)
    except Exception as exc:  # noqa: BLE001
        log(f"workspace of {cwd!r} unknown ({exc}); using the path")
        return "path:" + cwd


class HookContext:
    """One hook invocation: the parsed input and everything the handler may use."""

    def __init__(self, event: str, payload: dict, started: float, budget: float) -> None:
        self.event = event
        self.payload = payload
        self.started = started
        self.deadline = started + budget
        self.session_id = safe_id(payload.get("session_id"))
        cwd = payload.get("cwd")
        self.cwd = cwd if isinstance(cwd, str) and cwd else os.getcwd()
        tp = payload.get("transcript_path")
        self.transcript_path = tp if isinstance(tp, str) and tp else None
        self.problems = 0
        # a job written for the worker that no worker was started on yet (rlat.hooks.capture):
        # if the deadline comes first, the dispatcher starts one on it
        self.handed = None
        self._workspace: str | None = None
        self._memory = None
        self._memory_loaded = False
        self.memory_error: BaseException | None = None  # what reading the store raised

    @property
    def memory_problem(self) -> str:
        """Why the memory store could not be read (``memory``), or ""."""
        exc = self.memory_error
        return "" if exc is None else " ".join(str(exc).split()) or type(exc).__name__

    # -------------------------------------------------------------- clock
    def remaining(self) -> float:
        return self.deadline - time.monotonic()

    def lock_timeout(self) -> float:
        return max(0.0, min(env_number("RLAT_HOOK_LOCK_TIMEOUT", LOCK_TIMEOUT),
                            self.remaining() - 0.1))

    # -------------------------------------------------------------- log
    def log(self, message: str) -> None:
        self.problems += 1
        log_line(self.event, self.session_id, message)

    # -------------------------------------------------------------- facts
    @property
    def workspace(self) -> str:
        if self._workspace is None:
            self._workspace = workspace_or_path(self.cwd, self.log)
        return self._workspace

    def store(self):
        from ..claims.log import ClaimLog

        return ClaimLog(memory_store_path())

    def memory(self):
        """The memory store as this hook sees it (``rlat.retrieval.readmodel.ReadModel``: the
        read model caught up with the store, or a full fold), or None (logged) when it cannot
        be read."""
        if not self._memory_loaded:
            self._memory_loaded = True
            from ..retrieval.readmodel import open_read_model

            try:
                self._memory = open_read_model(memory_store_path())
                why = self._memory.why
            except Exception as exc:  # noqa: BLE001 - corrupt store, permissions, bad version
                self.log(f"memory store unreadable, continuing without it: {exc}")
                self._memory, why = None, None
                self.memory_error = exc
            if why:  # the read model was not usable: folded the slow way; have it rebuilt
                from .jobs import request_view

                request_view(self)
        return self._memory

    def read_model_failed(self, exc: BaseException) -> bool:
        """When ``exc`` came from decoding the store's read model (its bytes damaged — a cache,
        not the store): set it aside and have the worker rebuild it, so the next hook folds the
        store instead of failing the same way (logged). True when it did."""
        from ..claims.readmodel import DECODE_ERRORS

        memory = self._memory
        if memory is None or not memory.from_projection or not isinstance(exc, DECODE_ERRORS):
            return False
        from ..retrieval.readmodel import set_aside
        from .jobs import request_view

        self.log(set_aside(memory_store_path(), exc))
        self._memory, self._memory_loaded = None, False
        request_view(self)
        return True

    # -------------------------------------------------------------- writes
    def append_events(self, events: list[dict], *, durable: bool = True) -> bool:
        """Append to the memory store within the lock timeout, else spool them for the worker.
        True when they reached the store."""
        if not events:
            return True
        try:
            self.store().append(events, lock_timeout=self.lock_timeout(), durable=durable)
            return True
        except Exception as exc:  # noqa: BLE001 - lock busy, full disk, corrupt tail
            spooled = spool_events(self.session_id, events)
            where = f"spooled to {spooled}" if spooled else "and could not be spooled either"
            self.log(f"store append failed ({exc}); {len(events)} event(s) {where}")
            return False


# ---------------------------------------------------------------------------- the spool
def spool_dir() -> Path:
    return home() / "spool"


def spool_events(session: str, events: list[dict]) -> Path | None:
    """Park events the store could not take now; ``rlat.hooks.worker`` applies them later."""
    try:
        directory = private_dir(spool_dir())
        path = directory / f"{time.time():.6f}-{os.getpid()}-{safe_id(session, 40)}.jsonl"
        # Durable: these events are in no store yet. The temp (.NAME.tmpPID) never matches the
        # worker's *.jsonl.
        with atomic_write(path, "w") as fh:
            for event in events:
                fh.write(json.dumps(event, ensure_ascii=False) + "\n")
        return path
    except Exception:  # noqa: BLE001
        return None


# ---------------------------------------------------------------- per-session signal file
def session_file(session: str) -> Path:
    return state_dir() / f"{safe_id(session)}.jsonl"


def append_record(session: str, record: dict) -> bool:
    """One JSON line in the session's signal file (O_APPEND: concurrent writers interleave
    whole lines). False (not raised) on failure."""
    try:
        path = session_file(session)
        private_dir(path.parent)
        data = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)
        return True
    except Exception:  # noqa: BLE001
        return False


RECORDS_MAX_BYTES = 8 * 1024 * 1024


def read_records(session: str) -> list[dict]:
    """The session's signal records (see ``read_records_at``)."""
    return read_records_at(session_file(session))


def read_records_at(path: str | os.PathLike) -> list[dict]:
    """Signal records from one file (a torn or foreign line is skipped; only a regular file,
    at most its first ``RECORDS_MAX_BYTES``)."""
    import stat

    try:
        with open(path, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                return []
            text = fh.read(RECORDS_MAX_BYTES).decode("utf-8", "replace")
    except OSError:
        return []
    out = []
    for line in text.splitlines():
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(rec, dict):
            out.append(rec)
    return out


def injected_ids(records: list[dict]) -> set[str]:
    """Every claim id already put into this session's context (no repeats within a session)."""
    seen: set[str] = set()
    for rec in records:
        for entry in rec.get("injected") or ():
            if isinstance(entry, (list, tuple)) and entry:
                seen.add(str(entry[0]))
            elif isinstance(entry, str):
                seen.add(entry)
    return seen


# ------------------------------------------------------------------------------ receipts
def receipts_path(workspace: str) -> Path:
    from ..claims.ids import sha256

    return state_dir() / "receipts" / (sha256(workspace.encode()).hexdigest()[:16] + ".txt")


def add_receipt(workspace: str, line: str) -> None:
    """A one-line receipt ("[rlat] Captured …") shown to the user at the next SessionStart."""
    try:
        path = receipts_path(workspace)
        private_dir(path.parent)
        with open_private(path, "a") as fh:
            fh.write(" ".join(line.split()) + "\n")
    except OSError:
        pass


def take_receipts(workspace: str) -> list[str]:
    path = receipts_path(workspace)
    try:
        taken = path.with_suffix(f".{os.getpid()}.taken")
        os.replace(path, taken)
    except OSError:
        return []
    try:
        lines = [ln for ln in taken.read_text(encoding="utf-8").splitlines() if ln.strip()]
        taken.unlink()
    except OSError:
        return []
    return lines[-5:]
