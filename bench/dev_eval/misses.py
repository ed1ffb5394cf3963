"""`python -m bench.dev_eval.misses WORLD ANSWERS.json [--mode captured|oracle] [--verbose]`:
where a split's missed fact prompts were lost.

``WORLD`` is a world kept by ``python -m bench.dev_eval --split S --keep DIR`` (``DIR/S``: its
``src/<project>`` and ``rlat-home-<mode>``), ``ANSWERS.json`` that run's ``--format json
--verbose`` output. Each missed fact prompt is asked again, in process, of the store the hooks
built, with every gate shown (``rlat.retrieval.recall.explain``: the hooks' ranking), and put in
one of four places — the breakdown the eighteenth pass measured first (docs/benchmarks.md):

* ``not a candidate``: no claim holding the fact's keys is among the prompt's best ``TOP``
  lexical candidates in its workspace — capture missed the fact, or the prompt shares none of
  its words;
* ``session record only``: only a session record (type ``event``) holds the keys;
* ``left out by the floor``: a claim holding the keys is a candidate, and the relevance floor
  (``rlat.retrieval.abstention``) left it out — its gate says why;

and, when it was admitted (the nineteenth pass split what had been one place, "admitted, not
shown"):

* ``ranked below the top k``: other admitted claims outranked it (``RLAT_RECALL_TOP_K``);
* ``left out by the budget``: it was among the top k, and the lines above it filled the
  prompt's characters (``RLAT_RECALL_CHARS``; ``rlat.hooks.user_prompt.render``);
* ``shown with its key cut``: its line was cut to fit before the words the fact is scored on;
* ``shown when replayed``: asked alone it is shown whole — the hook had left it out as already
  injected earlier in the same session (or the store changed after the prompt was asked).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # `python bench/dev_eval/misses.py`
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    __package__ = "bench.dev_eval"

from bench.dev_eval.world import recalled  # noqa: E402

TOP = 12  # the lexical candidates looked at, best first
PLACES = ("not a candidate", "session record only", "left out by the floor",
          "ranked below the top k", "left out by the budget", "shown with its key cut",
          "shown when replayed")


def classify(projects: dict[str, Path], home: Path, answers: list[dict], *,
             top_k: int | None = None, budget: int | None = None) -> list[dict]:
    """Each missed fact prompt of ``answers`` (``report.as_json`` rows of one mode) with its
    ``place`` (one of ``PLACES``) and, when a claim holding its keys was a candidate, that
    claim's ``gate`` and ``text``; ``projects`` maps a project to its working directory,
    ``home`` is the RLAT_HOME the hooks used; ``top_k`` and ``budget`` the hook's (its
    defaults when None)."""
    from rlat.claims import ClaimLog
    from rlat.hooks.runtime import RECALL_CHARS, RECALL_TOP_K
    from rlat.hooks.user_prompt import render
    from rlat.retrieval.readmodel import open_index
    from rlat.retrieval.recall import explain
    from rlat.workspace import workspace_id

    top_k = RECALL_TOP_K if top_k is None else top_k
    budget = RECALL_CHARS if budget is None else budget
    store = ClaimLog(home / "memory.rlat")
    state = store.state()
    index = open_index(store.path, state, persist=False) if state.claims else None
    workspaces: dict[str, str] = {}
    out = []
    for answer in answers:
        if answer["kind"] != "fact" or answer["recalled"]:
            continue
        project = answer["project"]
        if project not in workspaces:
            workspaces[project] = workspace_id(str(projects[project]))
        hits = explain(state, answer["prompt"], workspace=workspaces[project],
                       index=index) if index is not None else []
        hits = [h for h in hits if "another workspace" not in h.gate][:TOP]
        holding = [h for h in hits if recalled(h.claim.text, answer["keys"])]
        row = {"fact": answer.get("fact", ""), "fact_kind": answer.get("fact_kind", ""),
               "prompt": answer["prompt"], "gate": "", "text": ""}
        if not holding:
            row["place"] = PLACES[0]
        else:
            atomic = [h for h in holding if h.claim.type != "event"]
            shown = next((h for h in atomic if h.admitted), atomic[0] if atomic else holding[0])
            row["gate"], row["text"] = shown.gate, shown.claim.text
            if not atomic:
                row["place"] = PLACES[1]
            elif not shown.admitted:
                row["place"] = PLACES[2]
            else:
                row["place"] = _admitted_place(hits, shown, answer["keys"], top_k, budget,
                                               render)
        out.append(row)
    return out


def _admitted_place(hits, holder, keys: list[str], top_k: int, budget: int, render) -> str:
    """Where an admitted claim holding the keys was lost: the hook's top k, then its block."""
    top = [h for h in hits if h.admitted][:top_k]
    if holder not in top:
        return PLACES[3]
    block, ranked = render(top, budget)
    if holder.claim.id not in {cid for cid, _rank in ranked}:
        return PLACES[4]
    return PLACES[6] if recalled(block, keys) else PLACES[5]


def summary(rows: list[dict]) -> str:
    """The misses counted by place, then by kind of fact and place."""
    by_place = Counter(r["place"] for r in rows)
    lines = [f"{len(rows)} missed fact prompts"]
    lines += [f"  {place:<24} {by_place.get(place, 0)}" for place in PLACES]
    kinds = sorted({r["fact_kind"] for r in rows})
    for kind in kinds:
        counts = Counter(r["place"] for r in rows if r["fact_kind"] == kind)
        lines.append(f"  {kind:<12} " + ", ".join(f"{p}: {counts[p]}" for p in PLACES
                                                   if counts.get(p)))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.dev_eval.misses",
        description="Where a kept dev-eval world's missed fact prompts were lost: not a "
                    "candidate, a session record only, left out by the floor, ranked below the "
                    "top k, left out by the budget, shown with its key cut, or shown when "
                    "replayed alone.")
    parser.add_argument("world", type=Path, help="a world kept with --keep (DIR/<split>)")
    parser.add_argument("answers", type=Path,
                        help="that run's `--format json --verbose` output")
    parser.add_argument("--mode", choices=("captured", "oracle"), default="captured")
    parser.add_argument("--verbose", action="store_true", help="each miss, with its gate")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    home = args.world / f"rlat-home-{args.mode}"
    if not (home / "memory.rlat").exists():
        parser.error(f"{home} holds no memory store: pass the directory --keep made for the "
                     f"split (it holds src/ and rlat-home-{args.mode}/)")
    try:
        data = json.loads(args.answers.read_text(encoding="utf-8"))
        answers = data[0]["answers"][args.mode]
    except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:
        parser.error(f"{args.answers}: not the --format json --verbose output of a run with "
                     f"the {args.mode} mode ({exc.__class__.__name__})")
    projects = {p.name: p for p in (args.world / "src").iterdir() if p.is_dir()}
    rows = classify(projects, home, answers)
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    print(summary(rows))
    if args.verbose:
        for row in rows:
            print(f"\n[{row['place']}] {row['fact']} ({row['fact_kind']}): {row['prompt']}")
            if row["gate"]:
                print(f"    {row['gate']}\n    {row['text'][:200]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
