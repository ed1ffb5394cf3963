"""Issue #2's container targets: append latency, open + fold of a 100k-event store, bytes/event.

* **append one event** — ``ClaimLog.append([event])`` in-process: take the lock, check the
  tail, write one record, fsync. Median over many appends to a store that already holds data.
* **open + fold 100,000 events** — the whole ``rlat memory list --format json > /dev/null``
  process on a store built by bench/storegen.py (10k claims; injections, outcomes, captures,
  housekeeping; snapshots where ``ClaimLog.checkpoint()`` writes them), with its hook view as
  the background worker left it one session earlier: the last ``DELTA_RECORDS`` records (what
  the hooks appended since) are folded on top of it. That is the store a user with the hooks
  installed has. The same store without a view (a full fold from the newest snapshot) and
  compacted are measured in the same interleaved run, with bare ``python -c pass`` for the
  ratio. Medians of repeated whole-process runs.
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
DELTA_RECORDS = 25  # about one session of hook appends (injections, outcomes, a capture)


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


def _view_one_session_ago(store, records: int) -> None:
    """Build ``store``'s hook view as it was ``records`` records before its end (the worker's
    view, then the hooks' appends since). The file ends up byte-for-byte as it was."""
    from rlat.container import Container
    from rlat.hooks.view import build_view

    start = Container(store).scan().refs[-records].offset
    with open(store, "rb") as fh:
        fh.seek(start)
        tail = fh.read()
    with open(store, "r+b") as fh:
        fh.truncate(start)
    build_view(store)
    with open(store, "ab") as fh:
        fh.write(tail)


def _never_request_a_view(home) -> None:
    """Keep a home's listings on the full fold across repeats: its 'view requested' marker
    dated in the future reads as just asked (rlat.hooks.jobs.request_view), so no worker
    starts and builds one."""
    import os

    marker = home / "cache" / "hookview.requested"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.touch()
    future = time.time() + 10 * 86400
    os.utime(marker, (future, future))


def _list_phases(store) -> tuple[dict[str, float], dict[str, float]]:
    """The phases of `memory list --format json` after start-up, timed in this process the way
    the fast path runs them (rlat/cli/fastcli.py: cyclic GC off; JSON as when piped): from the
    view, and by a full fold."""
    import gc

    from rlat import listing
    from rlat.claims import ClaimLog
    from rlat.cli.memory_present import listing_json
    from rlat.hooks.view import open_view

    def finish(rows, marks):
        rows = listing.ordered([r for r in rows if listing.shown(r)])
        marks.append(time.perf_counter())
        listing_json({"store": str(store), "count": len(rows), "claims": rows}, tty=False)
        marks.append(time.perf_counter())

    gc.disable()
    try:
        now = time.time()
        marks = [time.perf_counter()]
        memory, _why = open_view(store)
        marks.append(time.perf_counter())
        rows = memory.listing_rows(now)
        marks.append(time.perf_counter())
        finish(rows, marks)
        names = ("open view + fold delta", "rows", "filter + sort", "JSON")
        from_view = {name: marks[i + 1] - marks[i] for i, name in enumerate(names)}

        marks = [time.perf_counter()]
        state = ClaimLog(store).state()
        marks.append(time.perf_counter())
        rows = [listing.row(claim, now) for claim in state.claims.values()]
        marks.append(time.perf_counter())
        finish(rows, marks)
        names = ("fold", "rows + rungs", "filter + sort", "JSON")
        folded = {name: marks[i + 1] - marks[i] for i, name in enumerate(names)}
    finally:
        gc.enable()
    return from_view, folded


# What `rlat memory list` imports before it reads the store (the typer-free fast path).
_STARTUP = ("import rlat.__main__, rlat.cli.fastcli, rlat.cli.memory_present, rlat.claims, "
            "rlat.paths, rlat.trust.rungs, rlat.hooks.view, rlat.listing, orjson")


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
        # The same store with no view (full fold), and compacted (no view either).
        homes = {"no view": home / "noview", "compacted": home / "compacted"}
        for other in homes.values():
            other.mkdir()
            shutil.copyfile(store, other / "memory.rlat")
            _never_request_a_view(other)
        compact = util.run_once(util.rlat_argv("compact", str(homes["compacted"] / "memory.rlat")),
                                capture=True)
        start = time.perf_counter()
        _view_one_session_ago(store, DELTA_RECORDS)
        view_s = time.perf_counter() - start
        argv = util.rlat_argv("memory", "list", "--format", "json")
        contenders = {"from view": argv, "no view": argv, "python -c pass": list(util.PYTHON_PASS)}
        opts = {"from view": {"env": {"RLAT_HOME": str(home)}},
                "no view": {"env": {"RLAT_HOME": str(homes["no view"])}}}
        if compact.returncode == 0:
            contenders["compacted"] = argv
            opts["compacted"] = {"env": {"RLAT_HOME": str(homes["compacted"])}}
        times = util.interleaved(contenders, n=5 if quick else 11, kwargs=opts)
        med = {name: util.median(t) for name, t in times.items()}
        fold_s = util.median(util.time_call(lambda: ClaimLog(store).state(), n=3 if quick else 7))
        ok = med["from view"] <= LIST_TARGET_S
        shown = util.show_command(argv, env={"RLAT_HOME": "<store of 100k events>"},
                                  stdout_to="/dev/null")
        base = med["python -c pass"]
        rows.append(util.row(
            "open + fold 100,000 events (memory list --format json)",
            f"≤ {LIST_TARGET_S:g} s wall", round(med["from view"], 3), "s", ok, shown,
            f"{info['claims']:,} claims, {info['records']:,} event records, "
            f"{info['snapshots']} snapshots; the hook view as the worker left it one session "
            f"earlier, the last {DELTA_RECORDS} records folded on top; python -c pass = "
            f"{base:.3f} s (ratio {med['from view'] / base:.1f}x, interleaved); store built "
            f"in {built_s:.0f} s, view in {view_s:.1f} s"))
        rows.append(util.row(
            "open + fold 100,000 events, no view (full fold)", "report",
            round(med["no view"], 3), "s", None, shown,
            f"same store, no hook view (e.g. right after `rlat compact`, before the worker "
            f"rebuilds it): the newest snapshot plus the records after it, every claim's rows "
            f"and rung recomputed; ratio {med['no view'] / base:.1f}x python -c pass"))
        some_id = next(iter(ClaimLog(store).state().claims))
        show = util.rlat_argv("memory", "show", some_id[:12])
        show_times = util.interleaved({"from view": show, "no view": show},
                                      n=5 if quick else 11, kwargs=opts)
        show_med = {name: util.median(t) for name, t in show_times.items()}
        rows.append(util.row(
            "memory show ID on 100,000 events", "report",
            f"{show_med['from view']:.3f} s from the view, {show_med['no view']:.3f} s without",
            "", None, util.show_command(show, env={"RLAT_HOME": "<store of 100k events>"}),
            "from the view only the claim shown is decoded; without one the store is folded"))
        rows.append(util.row(
            "open + fold 100,000 events: ClaimLog.state() in-process", "report",
            round(fold_s, 3), "s", None, "python -m bench --only container",
            "decode the newest snapshot, fold the event records after it"))
        from_view, folded = _list_phases(store)
        startup = util.median(util.time_command([util.PYTHON, "-c", _STARTUP],
                                                n=5 if quick else 11))
        for label, phases in (("from the view", from_view), ("full fold", folded)):
            phases = {"start-up": startup, **phases}
            rows.append(util.row(
                f"memory list on 100k events, {label}: where the time goes", "report",
                " / ".join(f"{k} {v * 1000:.0f} ms" for k, v in phases.items()), "", None,
                "python -m bench --only container",
                "phase by phase: start-up = a whole `python -c` process importing what the "
                "fast path imports; the rest in-process"))
        for label, env in (("from the view", {"RLAT_HOME": str(home)}),
                           ("full fold", {"RLAT_HOME": str(homes["no view"])})):
            rss = util.peak_rss(argv, n=1 if quick else 3, env=env)
            rows.append(util.row(
                f"peak RSS of memory list on 100k events, {label}", "report",
                round(rss / 2**20, 1), "MiB", None,
                util.show_command(argv, env={"RLAT_HOME": "<store of 100k events>"}), ""))

        # ------------------------------------------------------------------ size
        rows.append(util.row(
            "store size per event (as written)", "report",
            round(info["bytes"] / info["events"]), "bytes/event", None,
            "python -m bench --only container",
            f"{util.fmt_bytes(info['bytes'])} for {info['events']:,} events incl. "
            f"{info['snapshots']} periodic snapshots"))
        if compact.returncode == 0:
            size = (homes["compacted"] / "memory.rlat").stat().st_size
            rows.append(util.row(
                "store size per event (after rlat compact)", "report",
                round(size / info["events"]), "bytes/event", None,
                "rlat compact <store>", f"{util.fmt_bytes(size)}; compact took "
                f"{compact.wall:.1f} s"))
            rows.append(util.row(
                "open + fold 100,000 events after compact (no view)", "report",
                round(med["compacted"], 3), "s", None, shown,
                "same run, interleaved with the others"))
        else:
            rows.append(util.row("rlat compact of the 100k store", "exit 0", compact.returncode,
                                 "exit", False, "rlat compact <store>",
                                 compact.stderr.decode(errors="replace")[-300:]))
    return rows
