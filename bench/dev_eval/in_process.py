"""The dev evaluation without processes: the same capture and the same recall, ~30x faster.

``runner`` measures what a user's machine does: a SessionEnd hook process per session (and its
background worker), a UserPromptSubmit hook process per prompt. That is the number to report,
and it takes ~11 minutes for every split on this machine. Tuning wants an answer in seconds, so
this module calls, in one process, what those hooks call:

* capture: ``rlat.capture.pipeline.capture_transcript`` on each session's transcript, oldest
  first, with the session's cwd (what the SessionEnd hook's inline capture runs);
* ask: ``rlat.retrieval.recall.recall`` over the folded store, then the prompt hook's own
  ``render`` within ``RECALL_TOP_K`` and ``RECALL_CHARS``; the claims shown earlier in a prompt's
  session are excluded, as the hook excludes what its session was already given;
* oracle: each fact's clean claim written with ``rlat memory add`` run in process from its
  project's directory.

It leaves out what does not change what is injected: hook timing, the read model (recall over
it gives the same ranking as over the fold), the worker's housekeeping. It agrees with the
hook run on every split; ``tests/bench/test_dev_eval.py`` checks that on a small world, and
docs/benchmarks.md ("Twentieth pass") records the comparison over all of them. Report numbers
from ``runner``; use this to try things.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from pathlib import Path

from .runner import Answer, Layout, ModeResult, metrics, score_answer
from .world import ORACLE_TYPES, World


@contextlib.contextmanager
def _rlat_home(home: Path, cwd: Path | None = None) -> Iterator[None]:
    """RLAT_HOME (and the working directory) set for what runs inside, restored after."""
    saved_home, saved_cwd = os.environ.get("RLAT_HOME"), os.getcwd()
    os.environ["RLAT_HOME"] = str(home)
    try:
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        os.chdir(saved_cwd)
        if saved_home is None:
            os.environ.pop("RLAT_HOME", None)
        else:
            os.environ["RLAT_HOME"] = saved_home


def capture(world: World, layout: Layout, home: Path) -> dict:
    from rlat.capture.pipeline import capture_transcript

    with _rlat_home(home):
        for session in sorted(world.sessions, key=lambda s: s.start):
            capture_transcript(session.path, cwd=str(layout.projects[session.project]),
                               session_id=session.session_id, lock_timeout=10)
    return {"problems": []}


def oracle(world: World, layout: Layout, home: Path) -> dict:
    from rlat.__main__ import main as rlat_main

    problems = []
    for fact in world.facts.values():
        with _rlat_home(home, layout.projects[fact.project]), \
                contextlib.redirect_stdout(io.StringIO()):
            status = rlat_main(["memory", "add", "--type", ORACLE_TYPES[fact.kind],
                                fact.oracle])
        if status:
            problems.append(f"memory add {fact.id}: exit {status}")
    return {"problems": problems}


def ask(world: World, layout: Layout, home: Path) -> list[Answer]:
    from rlat.claims import ClaimLog
    from rlat.hooks.user_prompt import recall_limits, render
    from rlat.retrieval.recall import recall
    from rlat.workspace import workspace_id

    top_k, budget = recall_limits()  # (as the hook reads them)
    with _rlat_home(home):
        state = ClaimLog(home / "memory.rlat").state()
        workspaces = {name: workspace_id(str(path)) for name, path in layout.projects.items()}
        shown: dict[str, set[str]] = {}
        answers = []
        for prompt in world.prompts:
            seen = shown.setdefault(prompt.session_id, set())
            hits = recall(state, prompt.text, workspace=workspaces[prompt.project],
                          top_k=top_k, exclude=tuple(seen))
            block, ranked = render(hits, budget)
            seen.update(claim_id for claim_id, _rank in ranked)
            answers.append(score_answer(world, Answer(prompt, block, 0.0)))
    return answers


def evaluate(world: World, layout: Layout, mode: str, home: Path) -> ModeResult:
    setup = capture(world, layout, home) if mode == "captured" else oracle(world, layout, home)
    answers = ask(world, layout, home)
    result = metrics(world, answers)
    result["setup_problems"] = setup["problems"]
    result["in_process"] = True
    return ModeResult(mode, result, answers, setup)
