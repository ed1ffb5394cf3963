"""The dev evaluation's tables: text for people, JSON for tools, rows for bench/RESULTS.md."""

from __future__ import annotations

import math

from .world import KINDS

SPLIT_NOTE = {
    "dev": "the DEV split: tune capture and ranking on this one",
    "dev2": "the DEV2 split: also tuned on (other stacks and phrasings than dev)",
    "dev3": "the DEV3 split: also tuned on (other stacks and phrasings than dev and dev2)",
    "dev4": "the DEV4 split: written in the fifth pass; first read untuned (0.38), tuned on since",
    "dev5": "the DEV5 split: written in the fifth pass; first read untuned (0.44), tuned on since",
    "dev6": "the DEV6 split: written in the sixth pass; first read untuned (0.44), tuned on since",
    "dev7": "the DEV7 split: written in the sixth pass; first read untuned (0.46), tuned on since",
    "dev8": "the DEV8 split: written in the eighth pass by a helper that read no capture or "
            "recall code; first read untuned (0.66), tuned on since",
    "dev9": "the DEV9 split: written in the ninth pass by a helper that read no capture or "
            "recall code; first read untuned (0.34), tuned on since",
    "dev10": "the DEV10 split: written in the ninth pass by a helper that read no capture or "
             "recall code; first read untuned (0.40), tuned on since",
    "dev14": "the DEV14 split: written in the eleventh pass by a helper that read no capture or "
             "recall code; first read untuned (0.65), tuned on since",
    "dev15": "the DEV15 split: written in the eleventh pass by a helper that read no capture or "
             "recall code; first read untuned (0.51), tuned on since",
    "dev16": "the DEV16 split: written in the eleventh pass by a helper that read no rlat code; "
             "first read untuned (0.54), tuned on since",
    "dev17": "the DEV17 split: written in the eleventh pass by a helper that read no rlat code; "
             "first read untuned (0.49), tuned on since the twelfth pass",
    "dev18": "the DEV18 split: written in the twelfth pass by a helper that read no rlat code; "
             "first read untuned (0.61; the pass's start code 0.59), tuned on since",
    "dev19": "the DEV19 split: written in the thirteenth pass by a helper that read no rlat "
             "code; first read untuned (0.325), tuned on since",
    "dev20": "the DEV20 split: written in the thirteenth pass by a helper that read no rlat "
             "code; first read untuned (0.56; the pass's start code 0.325), tuned on since",
    "dev21": "the DEV21 split: written in the fourteenth pass by a helper that read no rlat "
             "code; first read untuned (0.62), tuned on since",
    "dev22": "the DEV22 split: written in the fourteenth pass by a helper that read no rlat "
             "code; read untuned for two passes (0.65), tuned on since the sixteenth",
    "dev23": "the DEV23 split: written in the sixteenth pass by a helper that read no rlat "
             "code; first read untuned (0.45), tuned on since",
    "dev24": "the DEV24 split: written in the sixteenth pass by a helper that read no rlat "
             "code; first read untuned (0.68; 0.70 with dev22 and dev23's fixes), tuned on since",
    "dev25": "the DEV25 split: written in the sixteenth pass by a helper that read no rlat "
             "code; first read untuned (0.55; 0.59 with dev22 to dev24's fixes), tuned on since",
    "dev26": "the DEV26 split: written in the seventeenth pass by a helper that read no rlat "
             "code; first read untuned (0.60; the pass's start code 0.56), tuned on since",
    "dev27": "the DEV27 split: written in the seventeenth pass by a helper that read no rlat "
             "code; first read untuned (0.39, as with the pass's start code), tuned on since",
    "dev28": "the DEV28 split: written in the eighteenth pass by a helper that read no rlat "
             "code; first read untuned (0.575, as with the pass's start code), tuned on since",
    "dev29": "the DEV29 split: written in the eighteenth pass by a helper that read no rlat "
             "code; read untuned only (not tuned on)",
    "dev30": "the DEV30 split: written in the nineteenth pass by a helper that read no rlat "
             "code; first read untuned (0.6625), tuned on since the twentieth",
    "dev31": "the DEV31 split: written in the twentieth pass by a helper that read no rlat "
             "code; first read untuned (0.675), tuned on since the twenty-first",
    "dev32": "the DEV32 split: written in the twentieth pass by a helper that read no rlat "
             "code; read untuned only (not tuned on)",
    "dev33": "the DEV33 split: written in the twenty-first pass by a helper that read no rlat "
             "code; read untuned only (not tuned on)",
    "dev34": "the DEV34 split: written in the twenty-first pass by a helper that read no "
             "rlat code; read untuned only (not tuned on)",
    "dev35": "the DEV35 split: written in the twenty-first pass by a helper that read no "
             "rlat code; read untuned only (not tuned on)",
    "dev36": "the DEV36 split: written in the twenty-second pass by a helper that read no "
             "rlat code; first read untuned (0.675), tuned on since the twenty-second",
    "dev37": "the DEV37 split: written in the twenty-second pass by a helper that read no "
             "rlat code; read untuned only (not tuned on)",
    "dev38": "the DEV38 split: written in the twenty-third pass by a helper that read no "
             "rlat code; first read untuned (0.775), tuned on since the twenty-third",
    "dev39": "the DEV39 split: written in the twenty-fourth pass by a helper that read no "
             "rlat code; first read untuned (0.70), tuned on since the twenty-fourth",
    "dev40": "the DEV40 split: written in the twenty-fourth pass by a helper that read no "
             "rlat code; read untuned only (not tuned on)",
    "dev41": "the DEV41 split: written in the twenty-fifth pass by a helper that read no "
             "rlat code; first read untuned (0.675), tuned on since the twenty-fifth",
    "dev42": "the DEV42 split: written in the twenty-fifth pass by a helper that read no "
             "rlat code; read untuned only (not tuned on)",
    "dev43": "the DEV43 split: written in the twenty-sixth pass by a helper that read no "
             "rlat code; first read untuned (0.55), tuned on since the twenty-sixth",
    "dev44": "the DEV44 split: written in the twenty-sixth pass by a helper that read no "
             "rlat code; read untuned only (not tuned on)",
    "dev45": "the DEV45 split: written in the twenty-seventh pass by a helper that read no "
             "rlat code; first read untuned (0.475), tuned on since",
    "dev46": "the DEV46 split: written in the twenty-seventh pass by a helper that read no "
             "rlat code; first read untuned (0.5875 with the pass's start code), tuned on since",
    "heldout": "the HELDOUT split: never look at it (or its content module) while tuning",
}

# Targets from issue #13.
TARGETS = {"fact_recall": 0.85, "min_kind_recall": 0.70, "abstention": 0.90,
           "chars_median": 600}


def _pct(value) -> str:
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) \
        else f"{value:.2f}"


def _num(value, unit: str = "") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:,.0f}{unit}"


def lines_for(metrics: dict) -> list[tuple[str, str]]:
    m = metrics
    rows = [("fact recall", _pct(m["fact_recall"]) + f"  ({m['fact_prompts']} questions)")]
    for kind in KINDS:
        if kind in m["recall_by_kind"]:
            rows.append((f"  {kind}", _pct(m["recall_by_kind"][kind])))
    rows += [
        ("abstention on unrelated", _pct(m["abstention"]) + f"  ({m['unrelated_prompts']})"),
        ("  on unanswered questions", _pct(m.get("abstention_unanswered"))
         + f"  ({m.get('unanswered_prompts', 0)})"),
        ("cross-project leaks", f"{m['cross_leaks']} of {m['cross_prompts']}"
                                + (f" (+{m['other_leaks']} other)" if m["other_leaks"] else "")),
        ("  leak check by claim id", str(m.get("leak_check_by_claim_id", "-"))[:20]),
        ("secrets leaked (injected)", str(m["secrets_leaked"])),
        ("secrets at rest (RLAT_HOME)", str(m.get("secrets_at_rest", "-"))),
        ("injected chars median / p90", f"{_num(m['chars_median'])} / {_num(m['chars_p90'])}"),
        ("  on fact prompts", f"{_num(m['fact_chars_median'])} / "
                              f"{_num(m['fact_chars_p90'])}"),
        ("hook ms median / p90", "- (in process)" if m.get("in_process") else
         f"{_num(m['hook_ms_median'])} / {_num(m['hook_ms_p90'])}"),
        ("  python -c pass ms median", _num(m.get("python_pass_ms_median"))),
    ]
    return rows


def as_text(outcome: dict, *, verbose: bool = False) -> str:
    w = outcome["world"]
    results = outcome["results"]
    modes = list(results)
    note = SPLIT_NOTE.get(w.split, "a custom world")
    out = [f"== rlat dev eval: split {w.split} (seed {w.seed}) — {note}",
           f"   {len(w.projects)} projects, {len(w.sessions)} sessions, {len(w.facts)} facts, "
           f"{len(w.prompts)} prompts, {len(w.secrets)} secrets planted; "
           f"{outcome.get('seconds', 0):.0f} s"]
    for problem in outcome["problems"]:
        out.append(f"   WORLD PROBLEM: {problem}")
    table = {mode: dict(lines_for(results[mode].metrics)) for mode in modes}
    labels = [label for label, _ in lines_for(results[modes[0]].metrics)]
    out.append(f"   {'':32}" + "".join(f"{mode:>22}" for mode in modes))
    for label in labels:
        out.append(f"   {label:32}" + "".join(f"{table[mode].get(label, '-'):>22}"
                                               for mode in modes))
    for mode in modes:
        m = results[mode].metrics
        if "session_end_ms_median" in m:
            out.append(f"   SessionEnd hook median: {m['session_end_ms_median']:.0f} ms "
                       f"({mode})")
        for problem in m["setup_problems"] + m["problems"]:
            out.append(f"   PROBLEM ({mode}): {problem}")
    if verbose:
        for mode in modes:
            out.append("")
            out.append(f"-- per prompt ({mode}) --")
            for a in results[mode].answers:
                out.extend(verbose_lines(a))
    return "\n".join(out) + "\n"


def verdict(answer) -> str:
    p = answer.prompt
    if p.kind == "fact":
        verdict = "RECALLED" if answer.recalled else "MISSED"
    elif p.kind == "cross":
        verdict = "LEAK" if answer.leaked_from else ("clean" if not answer.injected
                                                     else "clean (own claims)")
    else:
        verdict = "abstained" if not answer.injected else "NOISE"
    if p.kind != "cross" and answer.leaked_from:
        verdict += " +LEAK"
    if answer.secrets:
        verdict += f" +{answer.secrets} SECRET"
    return verdict


def verbose_lines(answer) -> list[str]:
    p = answer.prompt
    head = f"[{p.kind}{'/' + p.fact_kind if p.fact_kind else ''}] ({p.project}) {p.text!r}"
    if p.fact:
        head += f"  fact={p.fact} keys={p.keys}"
    lines = [head, f"    -> {verdict(answer)}; {len(answer.injected)} chars; "
                   f"{answer.seconds * 1000:.0f} ms"
             + (f"; leaked from {', '.join(answer.leaked_from)}" if answer.leaked_from else "")
             + (f"; PROBLEM {answer.problem}" if answer.problem else "")]
    for line in answer.injected.splitlines():
        lines.append(f"    | {line}")
    return lines


def as_json(outcome: dict, *, verbose: bool = False) -> dict:
    w = outcome["world"]
    data = {"split": w.split, "seed": w.seed,
            "note": SPLIT_NOTE.get(w.split, "a custom world"),
            "projects": [p.name for p in w.projects], "sessions": len(w.sessions),
            "facts": len(w.facts), "prompts": len(w.prompts), "secrets": len(w.secrets),
            "world_problems": outcome["problems"], "seconds": round(outcome.get("seconds", 0), 1),
            "modes": {mode: r.metrics for mode, r in outcome["results"].items()}}
    if verbose:
        data["answers"] = {
            mode: [{"kind": a.prompt.kind, "fact_kind": a.prompt.fact_kind,
                    "fact": a.prompt.fact, "project": a.prompt.project,
                    "prompt": a.prompt.text, "keys": a.prompt.keys,
                    "verdict": verdict(a), "recalled": a.recalled,
                    "leaked_from": a.leaked_from, "secrets": a.secrets,
                    "injected": a.injected, "ms": round(a.seconds * 1000, 1)}
                   for a in r.answers]
            for mode, r in outcome["results"].items()}
    return data
