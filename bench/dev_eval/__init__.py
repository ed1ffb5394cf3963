"""rlat's own recall-quality evaluation (issue #13, part 4).

Generated Claude Code sessions for several projects, with planted durable facts of five kinds
(convention, command recovery, environment fact, gotcha, falsified approach) and planted
secrets, go through the real SessionEnd hook; later prompts go through the real
UserPromptSubmit hook. Reported: fact recall (overall, by kind), abstention on unrelated
prompts, cross-project leaks, secrets leaked, injected characters per prompt, hook wall time;
and the same with every fact stored as a clean one-line claim (the *oracle*: the recall
engine's ceiling, separating capture loss from ranking loss).

Fourteen splits: ``dev``, ``dev2`` and ``dev3`` (tune on them; different projects, stacks and
phrasing templates, so a rule fitted to one split's wording shows), ``dev4`` (written in the
fifth pass for a fresh out-of-sample reading; first measured untuned, tuned on since), ``dev5``
(a second untuned reading, also written in the fifth pass), ``dev6`` and ``dev7`` (a third and
a fourth, written in the sixth pass), ``dev8`` … ``dev13`` (written in the eighth, ninth and
tenth passes by helpers that read no capture or recall code; each first read untuned, tuned on
since) and ``heldout`` (other projects, facts, phrasing templates and seed again; never look at
it while tuning). Modules:
``world`` (the generator), ``transcript`` (the JSONL writer), ``dev_content`` / ``dev2_content``
/ ... / ``dev13_content`` / ``heldout_content`` (the splits), ``runner`` (hooks, scoring),
``report`` (tables), ``in_process`` (the same run without processes, for tuning). Run ``python -m bench.dev_eval --help``; method in docs/benchmarks.md.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from . import runner, world


def evaluate_split(split: str, *, oracle: bool = True, seed: int | None = None,
                   keep: Path | None = None, now: dt.datetime | None = None,
                   projects: int | None = None, facts_per_project: int | None = None,
                   side_by_side: bool = False, in_process: bool = False) -> dict:
    """Generate ``split``, run it captured (and as the oracle), return
    ``{"world": World, "results": {mode: ModeResult}, "problems": [...]}``.

    ``keep``: build the world in this directory and leave it there (transcripts, repositories,
    the RLAT_HOMEs) for debugging. ``in_process``: capture and ask without hook processes
    (``in_process``: the same injected text, no timings)."""
    if keep is not None and keep.exists() and any(keep.iterdir()):
        raise FileExistsError(f"{keep} exists and is not empty (--keep needs a new directory)")
    root = keep.resolve() if keep else runner.temp_root()
    root.mkdir(parents=True, exist_ok=True)
    try:
        w = world.generate(split, seed=seed, now=now, projects=projects,
                           facts_per_project=facts_per_project,
                           workdir=runner.workdir_for(root))
        problems = world.check(w)
        layout = runner.materialise(w, root)
        modes = ("captured", "oracle") if oracle else ("captured",)
        results = runner.run_split(w, layout, modes, side_by_side=side_by_side,
                                   in_process=in_process)
        return {"world": w, "results": results, "problems": problems, "root": str(root)}
    finally:
        if keep is None:
            runner.remove(root)
