"""`rlat hook <event>`: read Claude Code's JSON on stdin, act within a budget, always exit 0.

Reached from ``rlat/__main__.py`` before the command line is. The contract with Claude Code:

* stdout carries at most one JSON object (``hookSpecificOutput`` for SessionStart and
  UserPromptSubmit) and nothing else: anything a library prints meanwhile is swallowed;
* the exit code is always 0, so a problem never blocks a prompt, a compaction or a stop;
* the hook ends within its budget (``runtime.budget_for``): a soft deadline interrupts the
  handler (SIGALRM, POSIX) and a watchdog ends the process shortly after, whatever it is doing;
* each problem is one line in ``hooks.log`` under ``rlat.paths.log_dir()``.
"""

from __future__ import annotations

import gc
import io
import json
import os
import sys
import threading
import time

from .log import log_warnings
from .runtime import (
    STDIN_MAX_BYTES,
    HookContext,
    HookTimeout,
    budget_for,
    log_line,
    memory_off,
    safe_id,
)

# event name on the command line -> (module, Claude Code's hookEventName)
EVENTS = {
    "session-start": ("session_start", "SessionStart"),
    "user-prompt": ("user_prompt", "UserPromptSubmit"),
    "stop": ("stop", "Stop"),
    "pre-compact": ("capture", "PreCompact"),
    "session-end": ("capture", "SessionEnd"),
}

# The `timeout` (seconds) install-hooks and the plugin's hooks/hooks.json give Claude Code for
# each hook: a ceiling well above the hook's own budget (runtime.BUDGETS), so a slow machine
# never has Claude Code kill a hook that is about to finish. SessionEnd's also raises Claude
# Code's shared 1.5 s SessionEnd budget a little (it takes the highest per-hook timeout).
SETTINGS_TIMEOUTS = {
    "session-start": 10,
    "user-prompt": 10,
    "stop": 10,
    "pre-compact": 30,
    "session-end": 3,
}

USAGE = (
    "usage: rlat hook {session-start|user-prompt|stop|pre-compact|session-end}\n"
    "Claude Code runs these with its hook JSON on stdin (install them with "
    "`rlat memory install-hooks`, see docs/hooks.md). They always exit 0.\n"
)

# Extra time the watchdog allows past the soft deadline before ending the process outright.
HARD_GRACE = 0.4


# The soft alarm raises only while a handler runs: once ``run`` starts tidying up (its
# ``finally``), a late alarm must not escape as a traceback and a non-zero exit.
_ARMED = [False]


def _read_stdin() -> bytes:
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return b""
    if stream.isatty():
        return b""
    data = stream.read(STDIN_MAX_BYTES + 1)
    return data or b""


TEXT_FIELDS = ("session_id", "transcript_path", "cwd", "prompt", "source", "reason",
               "hook_event_name", "permission_mode")


def _parse(raw: bytes) -> tuple[dict | None, str]:
    if not raw.strip():
        return None, "empty stdin (expected Claude Code's hook JSON)"
    if len(raw) > STDIN_MAX_BYTES:
        return None, f"stdin larger than {STDIN_MAX_BYTES} bytes; ignored"
    try:
        payload = json.loads(raw.decode("utf-8", "replace"))
    except RecursionError:
        return None, "stdin JSON is nested too deeply to read; ignored"
    except ValueError as exc:
        return None, f"stdin is not JSON ({exc.__class__.__name__}: {str(exc)[:80]})"
    if not isinstance(payload, dict):
        return None, f"stdin JSON is a {type(payload).__name__}, expected an object"
    # A lone surrogate escape ("\ud83d": text cut in the middle of an emoji by JSON.stringify)
    # decodes to a str that cannot be encoded again; each becomes "?".
    for key, value in payload.items():
        if isinstance(value, str):
            payload[key] = value.encode("utf-8", "replace").decode("utf-8")
    # Fields Claude Code sends as strings: anything else is dropped, never stored (a list as a
    # session id once went into an outcome event and broke every later read of the store).
    wrong = sorted(k for k in TEXT_FIELDS if k in payload and payload[k] is not None
                   and not isinstance(payload[k], str))
    for key in wrong:
        del payload[key]
    return payload, (f"ignored non-string field(s) {', '.join(wrong)} in the hook JSON"
                     if wrong else "")


def _arm(budget: float, event: str, session_ref: list[str]) -> tuple[object, threading.Timer]:
    """Soft deadline (SIGALRM in the main thread) and hard watchdog (a timer thread)."""
    previous = None
    try:
        import _signal as signal  # the C module: signal.py builds enums (~0.5 ms)

        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            def _soft(_signum, _frame):
                if _ARMED[0]:
                    _ARMED[0] = False
                    raise HookTimeout()

            previous = signal.signal(signal.SIGALRM, _soft)
            signal.setitimer(signal.ITIMER_REAL, budget)
    except (ValueError, OSError):
        previous = None

    def _hard() -> None:
        log_line(event, session_ref[0], f"hard deadline ({budget + HARD_GRACE:.2f}s) reached; "
                                        "exiting without output")
        try:
            sys.__stdout__.flush()
        except Exception:  # noqa: BLE001
            pass
        os._exit(0)

    timer = threading.Timer(budget + HARD_GRACE, _hard)
    timer.daemon = True
    timer.start()
    return previous, timer


def _disarm(previous, timer: threading.Timer) -> None:
    try:
        import _signal as signal

        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            signal.setitimer(signal.ITIMER_REAL, 0)  # first: no alarm while disarming
            if previous is not None:
                signal.signal(signal.SIGALRM, previous)
    except (ValueError, OSError):
        pass
    timer.cancel()


# Hooks whose session must reach the worker even when their deadline ends them first (on a
# machine busy with many sessions ending at once, a hook can spend its whole budget starting).
HANDS_OVER = ("session-end", "pre-compact")


def _hand_over(ctx: HookContext) -> None:
    """The soft deadline ended a capturing hook before it started its worker: start one now,
    on the job it wrote or on a new one (the watchdog leaves ``HARD_GRACE`` for this)."""
    try:
        from .capture import wanted_background
        from .jobs import job_for, start_job, write_job

        path = ctx.handed
        if path is None and ctx.transcript_path:
            path = write_job(job_for(ctx, wanted_background(ctx, capture_done=False),
                                     in_a_hurry=True))
        if path is not None:
            start_job(path, ctx.log)
            ctx.log("handed the session to the worker")
    except BaseException as exc:  # noqa: BLE001 - a hook never raises
        log_line(ctx.event, ctx.session_id, f"session not handed over: {exc}")


def run(event: str, raw: bytes | None = None) -> dict | None:
    """Run one hook; returns the JSON object to print (or None). Never raises."""
    started = time.monotonic()
    budget = budget_for(event)
    session_ref = ["-"]
    context: list[HookContext | None] = [None]
    module_name, hook_name = EVENTS[event]
    _ARMED[0] = True
    previous, timer = _arm(budget, event, session_ref)
    real_stdout, real_stderr = sys.stdout, sys.stderr
    sys.stdout = io.StringIO()  # whatever else gets printed must not reach Claude Code
    sys.stderr = io.StringIO()  # …nor what rlat warns of on stderr: that goes to hooks.log
    try:
        if raw is None:
            raw = _read_stdin()
        payload, problem = _parse(raw)
        if payload is None:
            log_line(event, "-", problem)
            return None
        session_ref[0] = safe_id(payload.get("session_id"))
        if problem:  # (a payload read with fields dropped: said once, then handled)
            log_line(event, session_ref[0], problem)
        ctx = HookContext(event, payload, started, budget)
        context[0] = ctx
        import importlib

        handler = importlib.import_module(f"{__package__}.{module_name}")
        out = handler.handle(ctx)
        if not out:
            return None
        if "hookSpecificOutput" in out:
            out["hookSpecificOutput"]["hookEventName"] = hook_name
        json.dumps(out)  # must serialise; a TypeError here is a bug, logged below
        return out
    except HookTimeout:
        log_line(event, session_ref[0], f"soft deadline ({budget:.2f}s) reached; gave up quietly")
        if context[0] is not None and event in HANDS_OVER:
            _hand_over(context[0])
        return None
    except BaseException as exc:  # noqa: BLE001 - a hook never raises
        from .. import missing_dependency

        if missing := missing_dependency(exc):  # (rlat's code is newer than its install)
            log_line(event, session_ref[0], missing)
            return {"systemMessage": memory_off(missing)} if event == "session-start" else None
        log_line(event, session_ref[0],
                 f"unexpected {exc.__class__.__name__}: {exc} (please report; the session "
                 "was not affected)")
        if context[0] is not None:
            try:
                context[0].read_model_failed(exc)
            except Exception:  # noqa: BLE001, S110 - a hook never raises
                pass
        return None
    finally:
        _ARMED[0] = False
        warned, sys.stdout, sys.stderr = sys.stderr, real_stdout, real_stderr
        _disarm(previous, timer)
        log_warnings(event, session_ref[0], warned)




def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0
    event = argv[0]
    if os.environ.get("RLAT_HOOKS_DISABLED") == "1":
        return 0
    if event not in EVENTS:
        log_line(event[:40], "-", f"unknown hook event {event!r}; expected one of: "
                                  f"{', '.join(EVENTS)}")
        return 0
    # A hook is a short process: the cyclic garbage collector would only spend milliseconds
    # walking the objects imports and msgpack create (~15 collections a prompt), so it is off
    # for the hook's run (memory is returned when the process exits moments later).
    collecting = gc.isenabled()
    gc.disable()
    try:
        out = run(event)
    except HookTimeout:  # the soft deadline fired while run() was already finishing
        log_line(event, "-", "soft deadline reached while finishing; gave up quietly")
        out = None
    finally:
        if collecting:
            gc.enable()
    if out:
        try:
            sys.stdout.write(json.dumps(out))
            sys.stdout.write("\n")
            sys.stdout.flush()
        except Exception:  # noqa: BLE001 - a closed pipe: Claude Code went away
            pass
    if _whole_process(argv):
        _leave()
    return 0


def _whole_process(argv: list[str]) -> bool:
    """True when this process was started to run exactly this hook (``rlat hook <event>``,
    ``python -m rlat hook <event>``), not called from other code, and nothing is profiling or
    tracing it (a profiler reports at exit)."""
    return sys.argv[1:] == ["hook", *argv] and sys.getprofile() is None \
        and sys.gettrace() is None


def _leave() -> None:
    """End the process now, exit code 0, without the interpreter's teardown: freeing every
    module and object the hook loaded takes ~7 ms, a tenth of a prompt hook's whole run, and
    nothing of the hook's is left to flush (its files are written unbuffered or closed; the
    watchdog is a daemon thread), so only stdio is flushed first."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a closed pipe: nothing to deliver anyway
            pass
    os._exit(0)
