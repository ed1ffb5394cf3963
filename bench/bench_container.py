"""Issue #2's container targets: append latency, open + fold of a 100k-event store, bytes/event.

* **append one event** — ``ClaimLog.append([event])`` in-process: take the lock, check the
  tail, write one record, fsync. Median over many appends to a store that already holds data.
* **open + fold 100,000 events** — the whole ``rlat memory list --format json > /dev/null``
  process on a store built by bench/storegen.py (10k claims; injections, outcomes, captures,
  housekeeping; snapshots where ``ClaimLog.checkpoint()`` writes them). Median of repeated
  whole-process runs, interleaved with bare ``python -c pass`` for the ratio.
* **size per event** — the store as written (with its periodic snapshots) and after
  ``rlat compact``.
"""

from __future__ import annotations

import shutil
import time

from bench import util
from bench.storegen import build_store

APPEND_TARGET_MS = 5.0
LIST_TARGET_S = 0.5
N_EVENTS = 100_000


def _append_latency(home, n: int) -> list[float]:
    from rlat.claims import ClaimLog
    from rlat.claims import events as ev

    log = ClaimLog(home / "append.rlat")
    build_store(log.path, n_events=2_000, seed=3)  # not empty: a realistic tail to check
    log.append([ev.proposed("warm-up claim", "convention",
                            citations=[ev.command_citation("bench")])])  # flush dirty pages
    times = []
    for i in range(n):
        event = ev.outcome(1, claims=[(f"{i:016x}", 0, 1.0)], authority="mechanical",
                           signal="tests", session_id="bench", workspace="git:bench")
        start = time.perf_counter()
        log.append([event])
        times.append(time.perf_counter() - start)
    return times


def _list_phases(store) -> dict[str, float]:
    """The phases of `memory list --format json` (after start-up), timed in this process, the
    way the fast path runs them (rlat/cli/fastcli.py: cyclic GC off; JSON as when piped)."""
    import gc

    from rlat.claims import ClaimLog
    from rlat.cli.memory_present import listed, listing_json
    from rlat.trust.rungs import rung

    gc.disable()
    try:
        marks = [time.perf_counter()]
        state = ClaimLog(store).state()
        marks.append(time.perf_counter())
        claims = listed(state)
        rows = [c.summary_dict() for c in claims]
        marks.append(time.perf_counter())
        now = time.time()
        for row, claim in zip(rows, claims, strict=True):
            row["rung"] = rung(claim, now)
        marks.append(time.perf_counter())
        listing_json({"store": str(store), "count": len(rows), "claims": rows}, tty=False)
        marks.append(time.perf_counter())
    finally:
        gc.enable()
    names = ("fold", "summary rows", "rungs", "JSON")
    return {name: marks[i + 1] - marks[i] for i, name in enumerate(names)}


# What `rlat memory list` imports before it reads the store (the typer-free fast path).
_STARTUP = ("import rlat.__main__, rlat.cli.fastcli, rlat.cli.memory_present, rlat.claims, "
            "rlat.paths, rlat.trust.rungs, orjson")


def run(quick: bool) -> list[dict]:
    from rlat.claims import ClaimLog

    rows: list[dict] = []
    with util.temp_home() as home:
        # ---------------------------------------------------------------- append
        times = _append_latency(home, 60 if quick else 300)
        med = util.median(times) * 1000
        rows.append(util.row(
            "append one event (lock, write, fsync)", f"median ≤ {APPEND_TARGET_MS:g} ms",
            round(med, 2), "ms", med <= APPEND_TARGET_MS,
            "python -m bench --only container",
            f"ClaimLog.append of one outcome event, {len(times)} appends; "
            f"p90 {util.percentile(times, 90) * 1000:.2f} ms"))

        # ---------------------------------------------------------- open + fold
        store = home / "memory.rlat"
        start = time.perf_counter()
        info = build_store(store, n_events=N_EVENTS)
        built_s = time.perf_counter() - start
        # A compacted copy of the same store, measured in the same interleaved run.
        compacted_home = home / "compacted"
        compacted_home.mkdir()
        shutil.copyfile(store, compacted_home / "memory.rlat")
        compact = util.run_once(util.rlat_argv("compact", str(compacted_home / "memory.rlat")),
                                capture=True)
        argv = util.rlat_argv("memory", "list", "--format", "json")
        env = {"RLAT_HOME": str(home)}
        env_c = {"RLAT_HOME": str(compacted_home)}
        contenders = {"as written": argv, "python -c pass": list(util.PYTHON_PASS)}
        opts = {"as written": {"env": env}}
        if compact.returncode == 0:
            contenders["compacted"] = argv
            opts["compacted"] = {"env": env_c}
        times = util.interleaved(contenders, n=5 if quick else 11, kwargs=opts)
        med = {name: util.median(t) for name, t in times.items()}
        fold_s = util.median(util.time_call(lambda: ClaimLog(store).state(), n=3 if quick else 7))
        ok = med["as written"] <= LIST_TARGET_S
        shown = util.show_command(argv, env={"RLAT_HOME": "<store of 100k events>"},
                                  stdout_to="/dev/null")
        rows.append(util.row(
            "open + fold 100,000 events (memory list --format json)",
            f"≤ {LIST_TARGET_S:g} s wall", round(med["as written"], 3), "s", ok, shown,
            f"{info['claims']:,} claims, {info['records']:,} event records, "
            f"{info['snapshots']} snapshots; python -c pass = {med['python -c pass']:.3f} s "
            f"(ratio {med['as written'] / med['python -c pass']:.1f}x, interleaved); of which "
            f"ClaimLog.state() {fold_s:.3f} s in-process; the rest is start-up, summary rows "
            f"and rungs of every claim and 10 MB of JSON (phases below); store built in "
            f"{built_s:.0f} s"))
        rows.append(util.row(
            "open + fold 100,000 events: ClaimLog.state() in-process", "report",
            round(fold_s, 3), "s", None, "python -m bench --only container",
            "decode the newest snapshot, fold the event records after it"))
        phases = _list_phases(store)
        startup = util.median(util.time_command([util.PYTHON, "-c", _STARTUP],
                                                n=5 if quick else 11))
        phases = {"start-up": startup, **phases}
        rows.append(util.row(
            "memory list on 100k events: where the time goes (in-process)", "report",
            " / ".join(f"{k} {v * 1000:.0f} ms" for k, v in phases.items()), "", None,
            "python -m bench --only container",
            "what `memory list --format json` does, phase by phase: start-up = a whole "
            "`python -c` process importing what the fast path imports; the rest in-process"))
        rss = util.peak_rss(argv, n=1 if quick else 3, env=env)
        rows.append(util.row(
            "peak RSS of memory list on 100k events", "report", round(rss / 2**20, 1), "MiB",
            None, util.show_command(argv, env={"RLAT_HOME": "<store of 100k events>"}), ""))

        # ------------------------------------------------------------------ size
        rows.append(util.row(
            "store size per event (as written)", "report",
            round(info["bytes"] / info["events"]), "bytes/event", None,
            "python -m bench --only container",
            f"{util.fmt_bytes(info['bytes'])} for {info['events']:,} events incl. "
            f"{info['snapshots']} periodic snapshots"))
        if compact.returncode == 0:
            size = (compacted_home / "memory.rlat").stat().st_size
            rows.append(util.row(
                "store size per event (after rlat compact)", "report",
                round(size / info["events"]), "bytes/event", None,
                "rlat compact <store>", f"{util.fmt_bytes(size)}; compact took "
                f"{compact.wall:.1f} s"))
            rows.append(util.row(
                "open + fold 100,000 events after compact", "report",
                round(med["compacted"], 3), "s", None, shown,
                "same run, interleaved with the as-written store"))
        else:
            rows.append(util.row("rlat compact of the 100k store", "exit 0", compact.returncode,
                                 "exit", False, "rlat compact <store>",
                                 compact.stderr.decode(errors="replace")[-300:]))
    return rows
