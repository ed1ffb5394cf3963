"""`python -m bench.dev_eval [--split dev|dev2|…|dev27|heldout] [--oracle] [--format json] [--verbose]`.

Generates the split's world, captures it through the real SessionEnd hook, asks its prompts
through the real UserPromptSubmit hook and prints the table (with ``--oracle``, next to the same
prompts asked of a store holding each fact as a clean one-line claim). ``--verbose`` prints,
per prompt, what was expected and what was injected. Without ``--split``, every split runs.
``--in-process`` does the same without hook processes (``bench.dev_eval.in_process``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # `python bench/dev_eval/__main__.py`
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    __package__ = "bench.dev_eval"

from bench.__main__ import compile_bytecode  # noqa: E402
from bench.dev_eval import evaluate_split, report  # noqa: E402
from bench.dev_eval.world import SPLITS  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.dev_eval",
        description="rlat's recall quality on generated Claude Code sessions, through the real "
                    "SessionEnd and UserPromptSubmit hooks (issue #13; method in "
                    "docs/benchmarks.md).")
    parser.add_argument("--split", choices=sorted(SPLITS), action="append",
                        help="which split (repeatable; default: all of them)")
    parser.add_argument("--oracle", action="store_true",
                        help="also ask a store holding every fact as a clean one-line claim")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--verbose", action="store_true",
                        help="per prompt: what was expected and what was injected")
    parser.add_argument("--seed", type=int, help="another seed (default: the split's own)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="build the world in DIR and leave it there (transcripts, repos, "
                             "RLAT_HOMEs) to inspect")
    parser.add_argument("--in-process", action="store_true",
                        help="capture and ask in this process instead of through hook "
                             "processes: the same injected text ~30x faster, no hook timings "
                             "(for trying things; report the hook run)")
    args = parser.parse_args(argv)

    splits = args.split or list(SPLITS)
    compile_bytecode()
    outcomes = []
    for split in splits:
        started = time.perf_counter()
        keep = args.keep / split if args.keep else None
        try:
            outcome = evaluate_split(split, oracle=args.oracle, seed=args.seed, keep=keep,
                                     in_process=args.in_process)
        except FileExistsError as exc:
            print(f"python -m bench.dev_eval: error: {exc}", file=sys.stderr)
            return 2
        outcome["seconds"] = time.perf_counter() - started
        outcomes.append(outcome)
    if args.format == "json":
        print(json.dumps([report.as_json(o, verbose=args.verbose) for o in outcomes],
                         indent=2, ensure_ascii=False))
    else:
        for outcome in outcomes:
            print(report.as_text(outcome, verbose=args.verbose))
    return 0


if __name__ == "__main__":
    sys.exit(main())
