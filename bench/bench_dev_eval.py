"""Recall quality on generated multi-project sessions with planted facts (issue #13, part 4).

Every split of ``bench/dev_eval`` (dev to dev28, dev30, dev31, dev36, dev38, dev39, dev41 and
dev43: tuned on — dev4 to dev28, dev30, dev31, dev36, dev38, dev39, dev41 and dev43 were first
read untuned,
0.38, 0.44, 0.44, 0.46, 0.66, 0.34, 0.40, 0.49, 0.56, 0.61, 0.65, 0.51, 0.54, 0.49, 0.61, 0.33,
0.56, 0.62, 0.65, 0.45, 0.68, 0.55, 0.60, 0.39, 0.575, 0.6625, 0.675, 0.675, 0.775, 0.70,
0.675 and 0.55 — dev22, written in the fourteenth pass, was read in the sixteenth, dev23 to dev25 were
written in the sixteenth, dev26 and dev27 in the seventeenth, dev28 in the eighteenth, dev30 in
the nineteenth, dev31 in the twentieth, dev36 in the twenty-second, dev38 in the twenty-third,
dev39 in the twenty-fourth, dev41 in the twenty-fifth, dev43 in the twenty-sixth, dev45 and dev46
in the twenty-seventh (all eight by helpers that read no rlat code), each tuned on only after its
untuned number; heldout, dev29 (written in the eighteenth
pass), dev32 (in the twentieth, by a helper that read no rlat code), dev33, dev34 and dev35 (all
in the twenty-first, by helpers that read no rlat code), dev37 (in the twenty-second), dev40
(in the twenty-fourth), dev42 (in the twenty-fifth) and dev44 (in the twenty-sixth, all four by
helpers that read no rlat code): never tuned on), each run
two ways through rlat's real hooks: **captured**
(every session through the SessionEnd
hook, then the prompts through UserPromptSubmit) and **oracle** (every fact typed as a clean
one-line claim with ``rlat memory add``, then the same prompts: the recall engine's ceiling).

Targets (issue #13): fact recall ≥ 0.85 with every kind ≥ 0.70; abstention on unrelated prompts
≥ 0.90; 0 cross-project leaks; median injected characters ≤ 600; and (ours) 0 secrets injected.
Oracle rows report only. ``--quick`` runs the same worlds, with the two modes side by side
(two threads) to finish sooner: its hook timings read high; take timings from a full run.
Per-prompt detail: ``python -m bench.dev_eval --split dev --oracle --verbose``; where the missed
fact prompts were lost (not a candidate, a session record only, left out by the floor, admitted
and not shown): ``python -m bench.dev_eval --split dev --format json --verbose --keep DIR >
A.json`` then ``python -m bench.dev_eval.misses DIR/dev A.json``.
"""

from __future__ import annotations

import math

from bench import util
from bench.dev_eval import evaluate_split
from bench.dev_eval.report import TARGETS
from bench.dev_eval.world import KINDS, SPLITS

COMMAND = "python -m bench --only dev_eval"
# The splits capture and ranking rules may be tuned against; every other split is held out.
TUNED_ON = ("dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10",
            "dev11", "dev12", "dev13", "dev14", "dev15", "dev16", "dev17", "dev18", "dev19",
            "dev20", "dev21", "dev22", "dev23", "dev24", "dev25", "dev26", "dev27", "dev28",
            "dev30", "dev31", "dev36", "dev38", "dev39", "dev41", "dev43", "dev45", "dev46")


def _kinds(m: dict) -> str:
    return ", ".join(f"{k} {m['recall_by_kind'][k]:.2f}" for k in KINDS if k in m["recall_by_kind"])


def _r(value, digits: int = 2):
    return None if value is None or (isinstance(value, float) and math.isnan(value)) \
        else round(value, digits)


def rows_for(outcome: dict) -> list[dict]:
    w = outcome["world"]
    split = w.split
    shape = (f"{len(w.projects)} projects, {len(w.sessions)} sessions, {len(w.facts)} facts "
             f"x 2 questions, {sum(p.kind == 'unrelated' for p in w.prompts)} unrelated + "
             f"{sum(p.kind == 'unanswered' for p in w.prompts)} unanswered + "
             f"{sum(p.kind == 'cross' for p in w.prompts)} cross-project prompts, "
             f"{len(w.secrets)} secrets; seed {w.seed}")
    problems = outcome["problems"]
    if problems:
        shape += f"; WORLD PROBLEMS: {'; '.join(problems[:3])}"
    out = []
    res = outcome["results"]
    # Say which split the ranking rules were tuned on (a number tuned on is not a measurement).
    split = f"{split} (tuned on)" if split in TUNED_ON else f"{split} (never tuned on)"
    if "captured" in res:
        m = res["captured"].metrics
        setup = m["setup_problems"] + m["problems"]
        extra = f"; {len(setup)} problem(s): {setup[0][:160]}" if setup else ""
        out += [
            util.row(f"{split}: fact recall (captured)", f">= {TARGETS['fact_recall']}",
                     _r(m["fact_recall"]), "", m["fact_recall"] >= TARGETS["fact_recall"],
                     COMMAND, shape + extra),
            util.row(f"{split}: recall of the weakest kind (captured)",
                     f">= {TARGETS['min_kind_recall']}", _r(m["min_kind_recall"]), "",
                     m["min_kind_recall"] >= TARGETS["min_kind_recall"], COMMAND, _kinds(m)),
            util.row(f"{split}: abstention on unrelated prompts (captured)",
                     f">= {TARGETS['abstention']}", _r(m["abstention"]), "",
                     m["abstention"] >= TARGETS["abstention"], COMMAND,
                     f"share of {m['unrelated_prompts']} unrelated prompts that got nothing"),
            util.row(f"{split}: abstention on unanswered project questions (captured)",
                     f">= {TARGETS['abstention']}", _r(m["abstention_unanswered"]), "",
                     m["abstention_unanswered"] >= TARGETS["abstention"], COMMAND,
                     f"share of {m['unanswered_prompts']} questions about the project that "
                     f"nothing its sessions said answers (in its own words) that got nothing; "
                     f"added in the seventh pass, not tuned on"),
            util.row(f"{split}: cross-project leaks (captured)", "0", m["cross_leaks"],
                     f"of {m['cross_prompts']}", m["cross_leaks"] == 0, COMMAND,
                     f"a question about project A asked in project B that was shown a claim "
                     f"from A (by its text, and by the injected claim ids' workspaces: "
                     f"{m['leak_check_by_claim_id']}); other prompts shown another project's "
                     f"claim: {m['other_leaks']}"),
            util.row(f"{split}: secrets injected (captured)", "0", m["secrets_leaked"],
                     f"of {len(w.secrets)} planted", m["secrets_leaked"] == 0, COMMAND,
                     f"planted secrets found anywhere under RLAT_HOME (store, caches, logs): "
                     f"{m['secrets_at_rest']}"),
            util.row(f"{split}: median injected chars per prompt (captured)",
                     f"<= {TARGETS['chars_median']}", _r(m["chars_median"], 0), "chars",
                     m["chars_median"] <= TARGETS["chars_median"], COMMAND,
                     f"p90 {m['chars_p90']:.0f}; on fact prompts median "
                     f"{m['fact_chars_median']:.0f}, p90 {m['fact_chars_p90']:.0f}"),
            util.row(f"{split}: UserPromptSubmit hook wall time (captured)", "report",
                     _r(m["hook_ms_median"], 0), "ms", None, COMMAND,
                     f"median over {m['prompts']} prompts; p90 {m['hook_ms_p90']:.0f} ms; bare "
                     f"`python -c pass` meanwhile {m['python_pass_ms_median']:.0f} ms; "
                     f"SessionEnd median {m.get('session_end_ms_median', float('nan')):.0f} ms"),
        ]
    if "oracle" in res:
        m = res["oracle"].metrics
        out.append(util.row(
            f"{split}: fact recall (oracle: facts as clean claims)", "report",
            _r(m["fact_recall"]), "", None, COMMAND,
            f"{_kinds(m)}; abstention {m['abstention']:.2f}; cross-project leaks "
            f"{m['cross_leaks']}; median injected chars {m['chars_median']:.0f} (fact prompts "
            f"{m['fact_chars_median']:.0f}); hook median {m['hook_ms_median']:.0f} ms"))
    return out


def run(quick: bool) -> list[dict]:
    rows = []
    for split in SPLITS:
        rows += rows_for(evaluate_split(split, oracle=True, side_by_side=quick))
    return rows


if __name__ == "__main__":
    import json

    for r in run(quick=False):
        print(json.dumps(r))
