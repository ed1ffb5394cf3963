"""Build realistic memory stores for benchmarks and torture tests (deterministic per seed).

A store of N events is shaped like months of real use: sessions that each inject claims into
prompts and record turn outcomes (small records of one or two events, as hooks append them),
end-of-session captures that propose new claims or bump recurrences (one larger record per
session), and occasional state changes, corroborations and marks. A snapshot is written
wherever ``ClaimLog.checkpoint()`` would write one (``rlat.claims.log.checkpoint_due``: the
event bytes after the newest snapshot reach a fraction of its size).
"""

from __future__ import annotations

import random
from pathlib import Path

from rlat.claims import events as ev
from rlat.claims.fold import FoldState, fold
from rlat.claims.log import checkpoint_due
from rlat.container import EVENTS, SNAPSHOT, Container
from rlat.container.file import REC_OVERHEAD, encode_payload

WORDS = (
    "the build uses pytest with xdist and the cache lives under tmp run make lint before "
    "pushing staging deploys need the vpn token from vault migrations are applied by alembic "
    "never edit generated files in src gen the api returns iso dates in utc prefer ruff over "
    "flake8 the ci matrix covers python three eleven and twelve docker compose brings up "
    "postgres redis and the worker use the feature flag service for rollouts the frontend "
    "is built with vite and served by nginx logs go to loki retention is fourteen days the "
    "payments module must not call external services in tests use the fake gateway"
).split()
TYPES = ("event", "environment", "convention", "outcome", "preference", "hypothesis")
WORKSPACES = tuple(f"git:github.com/acme/repo{i}" for i in range(6))


def _text(rng: random.Random, i: int) -> str:
    n = rng.randint(10, 40)
    return f"[{i}] " + " ".join(rng.choice(WORDS) for _ in range(n)) + "."


def build_store(path: Path, n_events: int = 100_000, n_claims: int | None = None,
                seed: int = 7, start_ts: float = 1.7e9) -> dict:
    """Write a store of exactly ``n_events`` events to ``path`` (replaced if present).

    Returns {"events", "claims", "records", "snapshots", "bytes"}."""
    path = Path(path)
    if path.exists():
        path.unlink()
    rng = random.Random(seed)
    n_claims = n_claims or max(1, n_events // 10)
    container = Container(path)
    state = FoldState()
    ids: list[str] = []
    records: list[tuple[int, dict]] = []
    since_snapshot = snapshot_bytes = 0  # event bytes after the newest snapshot; its size
    n_records = n_snapshots = 0
    written = 0
    ts = start_ts
    session = 0

    def flush() -> list[int]:
        nonlocal records
        offsets = container.append(records, durable=False) if records else []
        records = []
        return offsets

    def emit(events: list[dict]) -> None:
        nonlocal since_snapshot, snapshot_bytes, n_records, n_snapshots, written
        events = events[: n_events - written]
        if not events:
            return
        fold(events, state)
        body = {"events": events}
        records.append((EVENTS, body))
        written += len(events)
        n_records += 1
        since_snapshot += len(encode_payload(body)) + REC_OVERHEAD
        if checkpoint_due(since_snapshot, snapshot_bytes):
            records.append((SNAPSHOT, state.to_snapshot()))
            offset = flush()[-1]
            snapshot_bytes = path.stat().st_size - offset
            n_snapshots += 1
            since_snapshot = 0
        if len(records) >= 500:
            flush()

    while written < n_events:
        session += 1
        sid = f"session-{session:06d}"
        workspace = rng.choice(WORKSPACES)
        # Turns: the prompt hook injects up to five claims, the stop hook records the outcome.
        for turn in range(rng.randint(3, 12)):
            ts += rng.uniform(20, 600)
            if not ids:
                break
            picked = rng.sample(ids, min(len(ids), rng.randint(1, 5)))
            emit([ev.injected(sid, picked, workspace=workspace, ts=ts)])
            if written >= n_events:
                break
            credit = 1.0 / len(picked)
            emit([ev.outcome(rng.choice((1, 1, 1, 0, -1)),
                             claims=[(c, r, credit) for r, c in enumerate(picked)],
                             authority=rng.choice(("mechanical", "heuristic")),
                             signal="tests" if turn % 2 else "next-prompt",
                             session_id=sid, intent_id=f"{sid}-{turn}",
                             workspace=workspace, ts=ts + 5)])
        # Session end: capture proposes new claims and bumps recurrences of known ones.
        ts += rng.uniform(60, 3600)
        capture: list[dict] = []
        for k in range(rng.randint(2, 8)):
            cite = ev.session_citation(sid, f"msg-{k}", f"{rng.getrandbits(64):016x}",
                                       observed_at=ts, workspace=workspace)
            if len(ids) < n_claims and (not ids or rng.random() < 0.6):
                event = ev.proposed(_text(rng, len(ids)), rng.choice(TYPES), citations=[cite],
                                    workspace=workspace, observed_by="claude-code", ts=ts)
                ids.append(event["claim"])
            else:
                event = ev.recurred(rng.choice(ids), [cite], workspace=workspace, ts=ts)
            capture.append(event)
        # Housekeeping now and then: promotions, corroborations, retirements.
        for _ in range(rng.randint(0, 2)):
            cid = rng.choice(ids)
            roll = rng.random()
            if roll < 0.5:
                capture.append(ev.state_changed(cid, "active", "promoted by consolidate", ts=ts))
            elif roll < 0.8:
                capture.append(ev.corroborated(cid, ts=ts))
            else:
                capture.append(ev.state_changed(cid, "stale", "ttl expired", ts=ts))
        emit(capture)
    flush()
    return {"events": written, "claims": len(state.claims), "records": n_records,
            "snapshots": n_snapshots, "bytes": path.stat().st_size}
