"""Shared helpers for rlat's benchmarks: whole-process timing, side-by-side ratios, peak RSS.

Every benchmark module (`bench/bench_*.py`) exposes ``run(quick: bool) -> list[dict]`` and
builds its rows with :func:`row`. The machines this runs on are small and noisy (2 cores,
other work in parallel), so:

* a timing is the **median** of N repeated runs, never a single run or a mean;
* a comparison (rlat vs rank-bm25, a hook vs a bare ``python -c pass``) is a **ratio measured
  side by side in the same run**, the contenders interleaved round-robin so that a noisy
  moment hits both (:func:`interleaved`, :func:`ratio_vs_baseline`).

Nothing here imports rlat, so a benchmark can time rlat's own import cost.
"""

from __future__ import annotations

import contextlib
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

PYTHON = sys.executable
REPO_ROOT = Path(__file__).resolve().parents[1]

# The baseline every whole-process timing of a Python command is compared with.
PYTHON_PASS = (PYTHON, "-c", "pass")


# --------------------------------------------------------------------------- result rows
def row(name: str, target: str, value: float | int | str | None, unit: str, ok: bool | None,
        command: str, notes: str = "") -> dict:
    """One result row, the shape `python -m bench` collects and writes to bench/RESULTS.md.

    ``ok`` is True/False against ``target``, or None for a row that only reports a number."""
    return {"name": name, "target": target, "value": value, "unit": unit, "ok": ok,
            "command": command, "notes": notes}


def rlat_argv(*args: str) -> list[str]:
    """The real CLI, as a user runs it (`python -m rlat …` of the interpreter running bench)."""
    return [PYTHON, "-m", "rlat", *args]


def show_command(argv: Sequence[str], *, stdout_to: str | None = None,
                 env: dict | None = None) -> str:
    """A copy-pasteable spelling of ``argv`` for a result row (interpreter path shortened)."""
    parts = ["python" if a == PYTHON else a for a in argv]
    if parts[:3] == ["python", "-m", "rlat"]:
        parts = ["rlat", *parts[3:]]
    text = " ".join(shlex.quote(p) for p in parts)
    if env:
        text = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items()) + " " + text
    if stdout_to:
        text += f" > {stdout_to}"
    return text


# --------------------------------------------------------------------------- statistics
def median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100), nearest-rank; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1)))))
    return float(ordered[k])


# --------------------------------------------------------------------------- processes
@dataclass(slots=True)
class RunResult:
    wall: float  # seconds, spawn to reap
    returncode: int
    max_rss: int  # bytes, peak resident set of the child itself
    stdout: bytes
    stderr: bytes


# Runs the measured command for run_once. A child forked from a big process (the benchmark
# harness after building a 100k-event store, or pytest) inherits that process's resident size
# into its ru_maxrss, which survives exec; so the command is spawned from this small process,
# which also times it, leaving its own start-up out of the measurement.
_SPAWNER = """
import os, sys, time
report, argv = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, os.environ)
_pid, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
with open(report, "w") as fh:
    fh.write(f"{wall!r} {usage.ru_maxrss} {status}")
"""


def warm_patterns(home: Path) -> None:
    """Leave ``home`` the compiled patterns ``rlat memory install-hooks`` and every background worker
    leave (``rlat.patterns.warm``): what a process finds on a machine where rlat has run."""
    subprocess.run([PYTHON, "-P", "-c", "from rlat import patterns; patterns.warm()"],
                   env={**os.environ, "RLAT_HOME": str(home)}, check=True)


def run_once(argv: Sequence[str], *, env: dict | None = None, cwd: str | os.PathLike | None = None,
             input: bytes | str | None = None, capture: bool = False,
             timeout: float | None = 120) -> RunResult:
    """Run ``argv`` once; measure its wall time (spawn to reap) and the peak RSS of that
    process alone (wait4's rusage, taken by a small spawner process: see ``_SPAWNER``).

    stdout/stderr go to /dev/null unless ``capture``. ``env`` *adds to* the current
    environment."""
    full_env = dict(os.environ)
    if env:
        full_env.update({k: str(v) for k, v in env.items()})
    if isinstance(input, str):
        input = input.encode()
    with tempfile.TemporaryDirectory(prefix="rlat-bench-run-") as tmp, \
            tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        report = os.path.join(tmp, "report")
        proc = subprocess.Popen(
            [PYTHON, "-S", "-c", _SPAWNER, report, *[str(a) for a in argv]],
            env=full_env, cwd=cwd, start_new_session=True,
            stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
            stdout=out_file if capture else subprocess.DEVNULL,
            stderr=err_file if capture else subprocess.DEVNULL,
        )
        if input is not None:
            try:
                proc.stdin.write(input)
            except BrokenPipeError:
                pass
            proc.stdin.close()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
            raise TimeoutError(f"command timed out: {show_command([str(a) for a in argv])}") \
                from None
        try:
            with open(report, encoding="utf-8") as fh:
                wall_s, rss_s, status_s = fh.read().split()
        except (OSError, ValueError):
            raise RuntimeError(f"could not run {show_command([str(a) for a in argv])} "
                               f"(spawner exit {proc.returncode})") from None
        stdout = stderr = b""
        if capture:
            out_file.seek(0)
            err_file.seek(0)
            stdout, stderr = out_file.read(), err_file.read()
    # ru_maxrss is kilobytes on Linux, bytes on macOS.
    scale = 1 if sys.platform == "darwin" else 1024
    return RunResult(float(wall_s), os.waitstatus_to_exitcode(int(status_s)),
                     int(rss_s) * scale, stdout, stderr)


def time_command(argv: Sequence[str], n: int = 7, *, warmup: int = 1, check: bool = True,
                 **kwargs) -> list[float]:
    """Wall times (seconds) of ``n`` whole-process runs of ``argv`` after ``warmup`` runs."""
    for _ in range(warmup):
        _checked(argv, run_once(argv, **kwargs), check)
    return [_checked(argv, run_once(argv, **kwargs), check).wall for _ in range(n)]


def _checked(argv: Sequence[str], result: RunResult, check: bool) -> RunResult:
    if check and result.returncode != 0:
        raise RuntimeError(f"benchmark command failed (exit {result.returncode}): "
                           f"{show_command(argv)}\n{result.stderr.decode(errors='replace')[-2000:]}")
    return result


def interleaved(commands: dict[str, Sequence[str]], n: int = 7, *, warmup: int = 1,
                check: bool = True, kwargs: dict[str, dict] | None = None,
                **common) -> dict[str, list[float]]:
    """Time several commands round-robin (a, b, a, b, …) so noise hits each alike.

    ``kwargs[name]`` adds per-command options for :func:`run_once` (env, input, cwd…) on top of
    ``common``. Returns name -> list of n wall times."""
    kwargs = kwargs or {}
    opts = {name: {**common, **kwargs.get(name, {})} for name in commands}
    for _ in range(warmup):
        for name, argv in commands.items():
            _checked(argv, run_once(argv, **opts[name]), check)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(n):
        for name, argv in commands.items():
            times[name].append(_checked(argv, run_once(argv, **opts[name]), check).wall)
    return times


@dataclass(slots=True)
class Comparison:
    subject_median: float
    baseline_median: float
    ratio: float  # subject / baseline, of medians
    overhead: float  # subject - baseline, seconds
    subject_times: list[float]
    baseline_times: list[float]


def ratio_vs_baseline(subject: Sequence[str], baseline: Sequence[str] = PYTHON_PASS, n: int = 9,
                      *, subject_kwargs: dict | None = None, baseline_kwargs: dict | None = None,
                      warmup: int = 1, check: bool = True) -> Comparison:
    """Median wall of ``subject`` vs ``baseline`` (default: bare ``python -c pass``), measured
    interleaved in this one run. The ratio is of the medians."""
    times = interleaved({"subject": subject, "baseline": baseline}, n, warmup=warmup, check=check,
                        kwargs={"subject": subject_kwargs or {}, "baseline": baseline_kwargs or {}})
    s, b = median(times["subject"]), median(times["baseline"])
    return Comparison(s, b, s / b if b else float("inf"), s - b, times["subject"],
                      times["baseline"])


def peak_rss(argv: Sequence[str], n: int = 3, **kwargs) -> int:
    """Median peak resident set size (bytes) of ``argv`` over ``n`` runs."""
    return int(median([run_once(argv, **kwargs).max_rss for _ in range(n)]))


# --------------------------------------------------------------------------- in-process
def time_call(fn: Callable[[], object], n: int = 7, *, warmup: int = 1) -> list[float]:
    """Wall times (seconds) of ``n`` in-process calls of ``fn`` after ``warmup`` calls."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


# --------------------------------------------------------------------------- sandboxes
@contextlib.contextmanager
def temp_home(prefix: str = "rlat-bench-") -> Iterator[Path]:
    """A throwaway RLAT_HOME (the caller passes it in ``env``; the process env is untouched).

    Removal tolerates files still being written (a hook's detached worker may outlive the
    benchmark's command by a moment): it retries, then leaves what it cannot remove."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield tmp
    finally:
        for _attempt in range(5):
            shutil.rmtree(tmp, ignore_errors=True)
            if not tmp.exists():
                break
            time.sleep(0.2)


# --------------------------------------------------------------------------- the machine
def machine_info() -> dict:
    """Cores, memory, Python, CPU model, OS: what a reader needs to compare numbers."""
    info = {
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "os": f"{platform.system()} {platform.release()}",
        "cpu": _cpu_model(),
        "memory_gib": _memory_gib(),
    }
    return info


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory_gib() -> float | None:
    try:
        pages = os.sysconf("SC_PHYS_PAGES")
        size = os.sysconf("SC_PAGE_SIZE")
        return round(pages * size / 2**30, 1)
    except (ValueError, OSError, AttributeError):
        return None


def fmt_seconds(value: float) -> str:
    if value < 0.001:
        return f"{value * 1e6:.0f} µs"
    if value < 1:
        return f"{value * 1e3:.1f} ms"
    return f"{value:.2f} s"


def fmt_bytes(value: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(value) < 1024 or unit == "GiB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GiB"
