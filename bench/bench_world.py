"""World facts and lenses: what they add to the paths users wait on.

* **SessionStart world-fact block** — what the hook does for KM-held facts
  (``rlat.world.km_world_claims``: read the workspace's serving KMs, the facts as they serve;
  ``rlat.hooks.session_start.world_block_within``: frame them, weigh each one's trust once,
  cut the fenced block to SessionStart's budget) on a KM holding 300
  world facts (150 constraints, 50 falsified findings, 100 keyed attribute values of which 50
  superseded). In process, median of repeated runs. It runs inside the SessionStart hook, whose
  whole budget is 80 ms (issue #5), so the target is a small slice of that: ≤ 10 ms.
* **apply a lens to 1,000 hits** — ``rlat.lens.apply_lens`` with the example team lens
  (lenses/team.lens) on 1,000 passage and claim hits; this is what `rlat search --lens` adds to
  a search (search's own target is ≤ 10 ms in process), so the target is ≤ 5 ms.
* **compose 20 lenses** of 40 patterns and 20 claims each — reported only.
* **`rlat capture-attribute`** — the whole command, median of whole-process runs, with the
  ratio to a bare ``python -c pass`` measured side by side — reported only (start-up
  dominates; it is a command for people, not for hooks).
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from bench import util

CONTEXT_TARGET_MS = 10.0
APPLY_TARGET_MS = 5.0


def _timed(fn, n: int) -> list[float]:
    fn()  # warm-up
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def _world_context(tmp: Path, n: int) -> tuple[float, int]:
    os.environ["RLAT_HOME"] = str(tmp / "home")
    from rlat import world

    wid = "git:example.com/bench/world"
    km = world.default_km_path(wid)
    for i in range(150):
        world.capture_world_fact(km, f"Standing rule {i}: deployments to region {i} need a "
                                     f"change ticket and a second reviewer.", "constraint")
    for i in range(50):
        world.capture_world_fact(km, f"Tried approach {i} for the ingest job; throughput "
                                     f"fell by {i % 7 + 2}x under load.", "falsified")
    for i in range(50):
        for version in (1, 2):
            world.capture_world_fact(km, f"Service {i} runs version {version}.", "attribute",
                                     attribute_key=f"service {i} version")
    from rlat.hooks.session_start import context_budget, world_block_within

    def block() -> str:
        # what SessionStart does for the KMs' part: read the serving KMs, frame, cut to budget
        claims, _km_of, _problems = world.km_world_claims(world.world_km_paths(wid))
        return world_block_within(claims, time.time(), {}, context_budget())[0]

    block_len = len(block())
    times = _timed(block, n)
    return util.median(times) * 1000, block_len


def _hits(n: int) -> list[dict]:
    dirs = ["docs", "tests", "src/rlat", "bench", "skills", "rlat/container", "examples"]
    hits = []
    for i in range(n):
        if i % 5 == 4:
            hits.append({"kind": "claim", "text": f"Claim number {i} about the codebase.",
                         "score": 10.0 - i / n})
        else:
            d = dirs[i % len(dirs)]
            hits.append({"kind": "passage", "path": f"{d}/file_{i % 37}.md",
                         "score": 10.0 - i / n})
    return hits


def _apply(n: int) -> float:
    from rlat.lens import apply_lens, read_lens

    lens = read_lens(util.REPO_ROOT / "lenses" / "team.lens")
    hits = _hits(1000)
    return util.median(_timed(lambda: apply_lens(hits, lens), n)) * 1000


def _compose(n: int) -> float:
    from rlat.claims.ids import fingerprint
    from rlat.lens.model import Lens, compose

    lenses = []
    for k in range(20):
        lens = Lens.new(f"person {k}", now=1.0)
        for p in range(40):
            lens.set_source(f"dir{p}/**", 0.5 + ((p + k) % 5) / 2)
        for c in range(20):
            lens.set_claim(fingerprint(f"claim {c}"), 0.5 + ((c * k) % 4) / 2)
        lenses.append(lens)

    def run() -> None:
        team = compose(lenses)
        team.effective_sources()
        team.effective_claims()

    return util.median(_timed(run, n)) * 1000


def run(quick: bool) -> list[dict]:
    n = 15 if quick else 50
    rows = []
    saved_home = os.environ.get("RLAT_HOME")
    with tempfile.TemporaryDirectory() as tmp:
        try:
            ctx_ms, block_len = _world_context(Path(tmp), n)
        finally:
            if saved_home is None:
                os.environ.pop("RLAT_HOME", None)
            else:
                os.environ["RLAT_HOME"] = saved_home
        rows.append(util.row(
            "SessionStart world-fact block (300 facts in the workspace KM)",
            f"≤ {CONTEXT_TARGET_MS:g} ms", round(ctx_ms, 2), "ms", ctx_ms <= CONTEXT_TARGET_MS,
            "python -m bench --only world",
            f"rlat.world.km_world_claims + rlat.hooks.session_start.world_block_within (the "
            f"hook's path for KM-held facts), in process, median of {n}; block {block_len:,} "
            f"chars (200 framed facts cut to the SessionStart budget)"))
        apply_ms = _apply(n)
        rows.append(util.row(
            "apply a lens to 1,000 search hits", f"≤ {APPLY_TARGET_MS:g} ms",
            round(apply_ms, 2), "ms", apply_ms <= APPLY_TARGET_MS, "python -m bench --only world",
            f"rlat.lens.apply_lens with lenses/team.lens, in process, median of {n}"))
        compose_ms = _compose(n)
        rows.append(util.row(
            "compose 20 lenses (40 patterns + 20 claims each) and derive weights", "report",
            round(compose_ms, 2), "ms", None, "python -m bench --only world",
            f"rlat.lens.compose + effective weights, in process, median of {n}"))

        env = {"RLAT_HOME": str(Path(tmp) / "cli-home")}
        argv = util.rlat_argv("capture-attribute", "A bench rule.", "--kind", "constraint")
        times = util.interleaved({"cli": argv, "python": util.PYTHON_PASS},
                                 n=5 if quick else 9, env=env, cwd=tmp)
        cli, base = util.median(times["cli"]), util.median(times["python"])
        rows.append(util.row(
            "rlat capture-attribute (whole command)", "report", round(cli * 1000, 1), "ms", None,
            util.show_command(argv),
            f"median of whole-process runs; {cli / base:.1f}x a bare `python -c pass` "
            f"({base * 1000:.0f} ms) measured side by side"))
    return rows
