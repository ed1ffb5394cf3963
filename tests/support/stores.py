"""Memory stores for tests: a random store of proposed claims, and what happens to a store
afterwards (hooks' injections and outcomes, a capture, housekeeping)."""

from __future__ import annotations

import random

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path

WORDS = ("tests make check pytest deploy staging vault token docker compose postgres redis "
         "ruff lint migrations alembic nginx vite frontend retries timeout cache flaky").split()
WORKSPACES = ["git:github.com/acme/a", "git:github.com/acme/b", "path:/tmp/c"]


def random_store(rng: random.Random, n: int = 300) -> list[str]:
    log = ClaimLog(memory_store_path())
    ids: list[str] = []
    events = []
    for i in range(n):
        text = f"Claim {i}: " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 12)))
        e = ev.proposed(text, rng.choice(["convention", "environment", "event", "outcome"]),
                        workspace=rng.choice(WORKSPACES), cross_workspace=rng.random() < 0.05,
                        citations=[ev.session_citation(f"s{i % 40}", f"m{i}", "h")],
                        origin=rng.choice(["session", "user"]), ts=1.7e9 + i)
        ids.append(e["claim"])
        events.append(e)
    log.append(events)
    return ids


def mutations(rng: random.Random, ids: list[str]) -> list[dict]:
    """What happens to a store after a view is built: hooks' own events, a capture, housekeeping."""
    out = []
    for k in range(30):
        picked = rng.sample(ids, 3)
        out.append(ev.injected(f"late{k}", picked, workspace=rng.choice(WORKSPACES)))
        out.append(ev.outcome(rng.choice([1, -1]), claims=[(c, r + 1, 1.0) for r, c in
                                                            enumerate(picked)],
                              authority="mechanical", signal="tests", session_id=f"late{k}"))
    new = ev.proposed("Always run the tests with make check before pushing", "convention",
                      workspace=WORKSPACES[0], citations=[ev.command_citation("late")],
                      origin="user")
    out.append(new)
    ids.append(new["claim"])
    out.append(ev.state_changed(ids[0], "retired", "test"))
    out.append(ev.superseded(ids[1], ids[2]))
    out.append(ev.marked(ids[3], cross_workspace=True))
    out.append(ev.recurred(ids[4], [ev.session_citation("late-s", "late-s/m", "h")],
                           workspace=WORKSPACES[2]))
    out.append(ev.purged(ids[5]))
    return out


def store_with_delta(rng: random.Random, n: int = 300) -> list[str]:
    """A random store of ``n`` claims whose read model was built, then ``mutations`` appended
    one record each, as the hooks append them: what a reader finds between two rebuilds.
    The claim ids (the mutations' new claim last)."""
    from rlat.retrieval.readmodel import build_read_model

    ids = random_store(rng, n)
    store = memory_store_path()
    assert build_read_model(store)["claims"] == n
    for event in mutations(rng, ids):
        ClaimLog(store).append([event])
    return ids
