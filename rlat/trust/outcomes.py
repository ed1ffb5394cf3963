"""Outcomes, not verdicts: turn the hooks' per-session turn records into ``outcome`` events.

The hooks write one JSON object per line to ``rlat.paths.state_dir()/<session_id>.jsonl``:

    {"event": "prompt", "ts", "prompt", "intent_id", "workspace", "injected": [[claim_id, rank], …]}
    {"event": "stop", "ts", "intent_id", "tool_calls", "tool_errors",
     "tests": [{"command", "passed"}], "recovered", "last_assistant_message"}
    {"event": "feedback", "ts", "intent_id", "good": bool}          (optional, explicit)

An *intent* is one prompt and the turn that answered it. When it resolves, ``assess_turn``
returns one outcome event: how it went (+1 / 0 / -1), which claims were injected (with rank)
and the credit each is due. Signals, by authority (highest wins when they disagree):

1. ``user`` — explicit feedback (``rlat memory feedback good|bad``, or a feedback record).
2. ``mechanical`` — the turn itself: tests that ran (the last run decides; a failure followed
   by a pass is a success), a command failing then succeeding (``recovered``), or most tool
   calls failing (with no recovery).
3. ``heuristic`` — the next prompt: a correction ("no, that's wrong", "that didn't work",
   "still failing") or an approval ("thanks, that worked").

No signal at all still records the intent, with result 0 (it moves no confidence).
Credit by rank tier (``rlat.trust.rungs.credit_for_rank``): rank 1 gets 1.0, ranks 2–3 0.6,
ranks 4–5 0.35, later 0.2 — claims surfaced together do not split one unit of credit.

``assess_session`` assesses every turn of a session and adds one roll-up: when the session as a
whole went well (more good turns than bad, and it did not end on a failure) or badly, every
claim injected anywhere in it — by a prompt, or by SessionStart (its ``start`` record: standing
facts and most trusted claims, in context for every turn) — gets implicit corroboration
(``IMPLICIT_CREDIT``, heuristic).

Re-assessing a turn is harmless: confidence counts only the highest-authority outcome per
(session, intent), so hooks may call these at the next prompt and again at session end.

This module is on the hook path: standard library and the claim layer only.
"""

from __future__ import annotations

import re

from ..claims import events as ev
from . import thresholds as T
from .rungs import credit_for_rank

SESSION_INTENT = "session"

# ----------------------------------------------------------------------------- signals
_CORRECTION = re.compile(
    r"""^\s*(?:no|nope|wrong|incorrect)\b(?!\s+(?:worries|problem|rush|need))
      | \bthat'?s\s+(?:not\s+(?:right|correct|it|what)|wrong|incorrect)
      | \b(?:that|it|this)\s+(?:is\s+)?(?:wrong|incorrect|broken)\b
      | \b(?:didn'?t|did\s+not|doesn'?t|does\s+not|won'?t|isn'?t|is\s+not)\s+work(?:ing)?\b
      | \bstill\s+(?:fails|failing|broken|not\s+working|doesn'?t|the\s+same\s+error|errors?)\b
      | \bnot\s+what\s+i\s+(?:asked|wanted|meant)\b
      | \byou\s+(?:broke|missed|forgot|ignored)\b
      | \b(?:revert|undo)\s+(?:that|it|this|your)\b
      | \b(?:that|it|this)\s+(?:broke|made\s+it\s+worse)\b
    """,
    re.IGNORECASE | re.VERBOSE,
)
_APPROVAL = re.compile(
    r"""^\s*(?:thanks|thank\s+you|thx|great|perfect|awesome|excellent|nice|lgtm|looks\s+good
              |works|it\s+works|that\s+worked|that\s+did\s+it|brilliant|exactly)\b
      | \b(?:that|it|this)\s+(?:worked|works\s+now|fixed\s+it|did\s+the\s+trick)\b
    """,
    re.IGNORECASE | re.VERBOSE,
)

# Kinds of work, for cross-context accumulation: the first family with the most keyword hits.
WORK_KINDS = (
    ("debugging", "error errors bug bugs fix fixing traceback exception crash crashes broken "
                  "debug fail failed failing fails failure segfault regression"),
    ("testing", "test tests testing pytest unittest coverage spec specs fixture assert"),
    ("build", "build builds compile compiler install dependency dependencies package packaging "
              "cargo npm pip make cmake wheel lockfile"),
    ("operations", "deploy deployment release ci pipeline docker container kubernetes k8s "
                   "staging production prod server ssh helm terraform infra"),
    ("docs", "doc docs documentation readme explain explanation comment comments docstring"),
    ("refactor", "refactor refactoring rename restructure cleanup simplify extract reorganise "
                 "reorganize"),
    ("data", "sql query queries database db migration migrations schema table index"),
    ("feature", "add implement implementing create feature support introduce new"),
)
_WORK_WORDS = [(name, frozenset(words.split())) for name, words in WORK_KINDS]
_TOKEN = re.compile(r"[a-z0-9]+")


def work_kind(prompt: str) -> str:
    """A coarse kind of work for a prompt (``general`` when nothing matches)."""
    words = _TOKEN.findall((prompt or "").lower())
    best, best_hits = "general", 0
    for name, vocab in _WORK_WORDS:
        hits = sum(1 for w in words if w in vocab)
        if hits > best_hits:
            best, best_hits = name, hits
    return best


def context_of(prompt: str, workspace: str | None) -> str:
    """The context an outcome counts in for cross-context accumulation: kind of work @ workspace."""
    kind = work_kind(prompt)
    return f"{kind}@{workspace}" if workspace else kind


def prompt_signal(next_prompt: str | None) -> tuple[int, str] | None:
    """The heuristic reading of the user's next prompt: (-1, why), (+1, why) or None."""
    if not next_prompt:
        return None
    text = next_prompt.strip()[:400]
    if _CORRECTION.search(text):
        return -1, "the next prompt corrected it"
    if _APPROVAL.search(text):
        return 1, "the next prompt approved it"
    return None


def mechanical_signal(stop_rec: dict | None) -> tuple[int, str] | None:
    """The turn's own evidence: tests, recovery, tool errors. (result, why) or None."""
    if not stop_rec:
        return None
    tests = [t for t in (stop_rec.get("tests") or ()) if isinstance(t, dict)]
    if tests:
        failed = sum(1 for t in tests if not t.get("passed"))
        if tests[-1].get("passed"):
            if failed:
                return 1, "tests failed, then passed"
            return 1, f"tests passed ({len(tests)} run{'s' if len(tests) != 1 else ''})"
        return -1, f"tests failed ({failed} of {len(tests)} runs)"
    if stop_rec.get("recovered"):
        return 1, "a failing command then succeeded"
    calls = _int(stop_rec.get("tool_calls"))
    errors = _int(stop_rec.get("tool_errors"))
    if calls > 0 and errors > 0 and errors * 2 >= calls:
        return -1, f"{errors} of {calls} tool calls failed"
    return None


def _int(value) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def turn_signal(stop_rec: dict | None, next_prompt: str | None,
                feedback: bool | None = None) -> tuple[int, str, str]:
    """(result, authority, why) for one turn: the highest-authority signal present."""
    if feedback is not None:
        return (1 if feedback else -1), "user", "explicit feedback"
    mech = mechanical_signal(stop_rec)
    if mech is not None:
        return mech[0], "mechanical", mech[1]
    heur = prompt_signal(next_prompt)
    if heur is not None:
        return heur[0], "heuristic", heur[1]
    return 0, "heuristic", "no signal"


def _injected(prompt_rec: dict) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    seen: set[str] = set()
    for i, item in enumerate(prompt_rec.get("injected") or ()):
        if isinstance(item, (list, tuple)) and item:
            cid, rank = str(item[0]), _int(item[1]) if len(item) > 1 else i + 1
        elif isinstance(item, str):
            cid, rank = item, i + 1
        else:
            continue
        if cid and cid not in seen:
            seen.add(cid)
            out.append((cid, max(1, rank)))
    return out


def assess_turn(prompt_rec: dict, stop_rec: dict | None, next_prompt: str | None, *,
                session_id: str | None = None, feedback: bool | None = None) -> dict | None:
    """One outcome event for one resolved intent, or None when no claim was injected into it
    (there is nothing to credit)."""
    if not isinstance(prompt_rec, dict):
        return None
    injected = _injected(prompt_rec)
    if not injected:
        return None
    result, authority, why = turn_signal(stop_rec, next_prompt, feedback)
    workspace = prompt_rec.get("workspace")
    ts = (stop_rec or {}).get("ts") or prompt_rec.get("ts")
    return ev.outcome(
        result,
        claims=[(cid, rank, credit_for_rank(rank)) for cid, rank in injected],
        authority=authority, signal=why,
        session_id=session_id or prompt_rec.get("session_id"),
        intent_id=prompt_rec.get("intent_id"),
        work=context_of(prompt_rec.get("prompt") or "", workspace),
        workspace=workspace, ts=ts,
    )


def _turns(records: list[dict]) -> list[tuple[dict, dict | None, str | None, bool | None]]:
    """(prompt, its stop, the next prompt's text, explicit feedback) for every prompt. A stop or
    feedback record belongs to the prompt with its intent id, else to the latest prompt."""
    turns: list[dict] = []
    by_intent: dict[str, dict] = {}
    for r in records:
        if not isinstance(r, dict):
            continue
        kind = r.get("event")
        if kind == "prompt":
            turn = {"prompt": r, "stop": None, "feedback": None}
            turns.append(turn)
            if r.get("intent_id"):
                by_intent[str(r["intent_id"])] = turn
            continue
        if kind not in ("stop", "feedback"):
            continue
        iid = r.get("intent_id")
        turn = by_intent.get(str(iid)) if iid else None
        if turn is None and turns and not iid:
            turn = turns[-1]
        if turn is None:
            continue
        if kind == "stop":
            turn["stop"] = r  # the newest stop for an intent wins
        elif "good" in r:
            turn["feedback"] = bool(r.get("good"))
    out = []
    for i, turn in enumerate(turns):
        nxt = turns[i + 1]["prompt"].get("prompt") if i + 1 < len(turns) else None
        out.append((turn["prompt"], turn["stop"], nxt, turn["feedback"]))
    return out


def assess_session(records: list[dict], *, session_id: str | None = None) -> list[dict]:
    """Outcome events for every turn that had claims injected, plus the session roll-up."""
    session_id = session_id or next(
        (str(r["session_id"]) for r in records if isinstance(r, dict) and r.get("session_id")),
        None)
    events: list[dict] = []
    good = bad = 0
    last_signalled = 0
    all_injected: dict[str, int] = {}
    contexts: dict[str, int] = {}  # the roll-up counts in the session's main context
    end_ts = None
    workspace = None
    # What SessionStart served (standing facts, most trusted claims) was in context for every
    # turn: it shares the session's roll-up (its own ranks), not each turn's credit.
    for rec in records:
        if isinstance(rec, dict) and rec.get("event") == "start":
            for cid, rank in _injected(rec):
                all_injected[cid] = min(rank, all_injected.get(cid, rank))
            workspace = rec.get("workspace") or workspace
    for prompt_rec, stop_rec, nxt, fb in _turns(records):
        result, _authority, _why = turn_signal(stop_rec, nxt, fb)
        if result > 0:
            good += 1
        elif result < 0:
            bad += 1
        if result:
            last_signalled = result
        event = assess_turn(prompt_rec, stop_rec, nxt, session_id=session_id, feedback=fb)
        if event is not None:
            events.append(event)
        for cid, rank in _injected(prompt_rec):
            all_injected[cid] = min(rank, all_injected.get(cid, rank))
        if event is not None:
            contexts[event["work"]] = contexts.get(event["work"], 0) + 1
        end_ts = (stop_rec or {}).get("ts") or prompt_rec.get("ts") or end_ts
        workspace = prompt_rec.get("workspace") or workspace
    if all_injected and (good or bad):
        if good > bad and last_signalled >= 0:
            result, why = 1, f"the session went well ({good} good turn(s), {bad} bad)"
        elif bad > good or (bad and last_signalled < 0):
            result, why = -1, f"the session went badly ({bad} bad turn(s), {good} good)"
        else:
            result = 0
        if result:
            events.append(ev.outcome(
                result,
                claims=[(cid, rank, T.IMPLICIT_CREDIT) for cid, rank in all_injected.items()],
                authority="heuristic", signal=why, session_id=session_id,
                intent_id=SESSION_INTENT if session_id else None,
                work=max(contexts, key=contexts.__getitem__) if contexts else "", workspace=workspace, ts=end_ts,
            ))
    return events
