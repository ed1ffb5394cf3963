"""Scripted histories: build claims and sessions the way hooks and capture would."""

from __future__ import annotations

import itertools

from rlat.claims import events as ev
from rlat.claims.fold import FoldState, fold
from rlat.trust.outcomes import assess_session

DAY = 86_400.0
T0 = 1_800_000_000.0  # a fixed clock: 2027-01-15
WS = "git:github.com/acme/app"
_seq = itertools.count(1)


def propose(text: str, claim_type: str = "convention", *, origin: str = "session",
            session: str | None = None, ts: float = T0, workspace: str = WS,
            observed_by: str | None = None, **kw) -> dict:
    """A claim proposed from a session (or, for origin user, typed by a person)."""
    if origin == "user":
        cites = [ev.command_citation(f"rlat memory add {text!r}", observed_at=ts)]
        observed_by = observed_by or "human"
    else:
        sid = session or f"capture-{next(_seq)}"
        cites = [ev.session_citation(sid, f"m{next(_seq)}", "h" + sid, observed_at=ts)]
        observed_by = observed_by or "claude-code"
    return ev.proposed(text, claim_type, citations=cites, origin=origin, workspace=workspace,
                       observed_by=observed_by, ts=ts, **kw)


def session_records(claim_ids: list[str], *, ts: float, tests_pass: bool | None = True,
                    next_prompt: str | None = None, workspace: str = WS,
                    prompt: str = "fix the failing build", turns: int = 1) -> list[dict]:
    """Signal-file records of one session: ``turns`` prompts with ``claim_ids`` injected
    (ranks 1..n) and a stop record whose tests passed / failed (None: no tests ran)."""
    out: list[dict] = []
    for t in range(turns):
        intent = f"i{next(_seq)}"
        out.append({"event": "prompt", "ts": ts + t, "prompt": prompt, "intent_id": intent,
                    "workspace": workspace,
                    "injected": [[cid, r + 1] for r, cid in enumerate(claim_ids)]})
        tests = [] if tests_pass is None else [{"command": "pytest", "passed": tests_pass}]
        out.append({"event": "stop", "ts": ts + t + 0.5, "intent_id": intent, "tool_calls": 3,
                    "tool_errors": 0, "tests": tests, "recovered": False,
                    "last_assistant_message": "done"})
    if next_prompt is not None:
        out.append({"event": "prompt", "ts": ts + turns, "prompt": next_prompt,
                    "intent_id": f"i{next(_seq)}", "workspace": workspace, "injected": []})
    return out


def session_events(claim_ids: list[str], *, ts: float, session: str | None = None,
                   **kw) -> list[dict]:
    """What the hooks append for one session: injected events, then the assessed outcomes."""
    sid = session or f"s{next(_seq)}"
    records = session_records(claim_ids, ts=ts, **kw)
    events = [ev.injected(sid, claim_ids, workspace=kw.get("workspace", WS), ts=ts)]
    return events + assess_session(records, session_id=sid)


def state_of(events: list[dict]) -> FoldState:
    return fold(events)
