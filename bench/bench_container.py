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


def run(quick: bool) -> list[dict]:
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
        argv = util.rlat_argv("memory", "list", "--format", "json")
        env = {"RLAT_HOME": str(home)}
        util.run_once(argv, env=env)  # settle the page cache after writing the store
        cmp = util.ratio_vs_baseline(argv, n=5 if quick else 11, subject_kwargs={"env": env})
        ok = cmp.subject_median <= LIST_TARGET_S
        rows.append(util.row(
            "open + fold 100,000 events (memory list --format json)",
            f"≤ {LIST_TARGET_S:g} s wall", round(cmp.subject_median, 3), "s", ok,
            util.show_command(argv, env={"RLAT_HOME": "<store of 100k events>"},
                              stdout_to="/dev/null"),
            f"{info['claims']:,} claims, {info['records']:,} event records, "
            f"{info['snapshots']} snapshots; python -c pass = {cmp.baseline_median:.3f} s "
            f"(ratio {cmp.ratio:.1f}x, measured interleaved); store built in {built_s:.0f} s"))
        rss = util.peak_rss(argv, n=1 if quick else 3, env=env)
        rows.append(util.row(
            "peak RSS of memory list on 100k events", "report", round(rss / 2**20, 1), "MiB",
            None, util.show_command(argv, env={"RLAT_HOME": "<store of 100k events>"}),
            ""))

        # ------------------------------------------------------------------ size
        rows.append(util.row(
            "store size per event (as written)", "report",
            round(info["bytes"] / info["events"]), "bytes/event", None,
            "python -m bench --only container",
            f"{util.fmt_bytes(info['bytes'])} for {info['events']:,} events incl. "
            f"{info['snapshots']} periodic snapshots"))
        compact = util.run_once(util.rlat_argv("compact", str(store)), env=env, capture=True)
        if compact.returncode == 0:
            size = store.stat().st_size
            rows.append(util.row(
                "store size per event (after rlat compact)", "report",
                round(size / info["events"]), "bytes/event", None,
                "rlat compact <store>", f"{util.fmt_bytes(size)}; compact took "
                f"{compact.wall:.1f} s"))
            cmp2 = util.ratio_vs_baseline(argv, n=3 if quick else 7, subject_kwargs={"env": env})
            rows.append(util.row(
                "open + fold 100,000 events after compact", "report",
                round(cmp2.subject_median, 3), "s", None,
                util.show_command(argv, stdout_to="/dev/null"),
                f"python -c pass = {cmp2.baseline_median:.3f} s"))
        else:
            rows.append(util.row("rlat compact of the 100k store", "exit 0", compact.returncode,
                                 "exit", False, "rlat compact <store>",
                                 compact.stderr.decode(errors="replace")[-300:]))
    return rows
