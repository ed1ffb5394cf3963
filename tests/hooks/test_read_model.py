"""The read model gives hooks exactly what a full fold gives them, caught up with the store."""

from __future__ import annotations

import copy
import random

import pytest
from support.stores import WORDS, WORKSPACES, random_store, store_with_delta

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.claims.readmodel import read_model_path
from rlat.paths import memory_store_path
from rlat.retrieval.readmodel import ReadModel, build_read_model, open_index, open_read_model
from rlat.retrieval.recall import recall


def without_shortcuts(index):
    """The same index with no read-model shortcuts (recall then ranks every candidate)."""
    plain = copy.copy(index)
    plain.scope = None
    return plain


QUERIES = ["how do I run the tests", "deploy to staging with the vault token",
           "postgres migrations with alembic", "flaky cache timeout", "lint the frontend"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_read_model_plus_delta_recalls_what_a_full_fold_recalls(seed):
    rng = random.Random(seed)
    ids = store_with_delta(rng)
    store = memory_store_path()
    memory = open_read_model(store)
    assert memory.why is None and memory.from_projection
    full = ClaimLog(store).state()
    now = 1.8e9
    for query in QUERIES:
        for ws in WORKSPACES + ["path:/nowhere"]:
            for exclude in ((), tuple(ids[6:9])):
                index = memory.index()
                assert index.scope is not None
                got = recall(memory.state, query, workspace=ws, top_k=5, now=now,
                             exclude=exclude, index=without_shortcuts(index))
                fast = recall(memory.state, query, workspace=ws, top_k=5, now=now,
                              exclude=exclude, index=index)
                want = recall(full, query, workspace=ws, top_k=5, now=now, exclude=exclude,
                              index=open_index(store, full, persist=False))
                assert [(h.claim.id, round(h.score, 9), h.rung) for h in got] == \
                       [(h.claim.id, round(h.score, 9), h.rung) for h in want]
                assert [(h.claim.id, h.score, h.rung) for h in fast] == \
                       [(h.claim.id, h.score, h.rung) for h in got]
    # Every claim the delta touched is exactly as the full fold has it.
    for cid in memory.touched:
        assert memory.state.claims[cid].to_row() == full.claims[cid].to_row()
    assert len(memory.touched) < len(ids) // 2  # and nothing else was decoded


def test_a_side_of_a_contest_forgotten_after_the_read_model_settles_the_other():
    rng = random.Random(11)
    random_store(rng, 30)
    store = memory_store_path()
    a = ev.proposed("deploys go out on tuesdays", "convention",
                    citations=[ev.command_citation("a")], workspace=WORKSPACES[0])
    b = ev.proposed("deploys go out on thursdays", "convention",
                    citations=[ev.command_citation("b")], workspace=WORKSPACES[0])
    ClaimLog(store).append([a, b, ev.contested(a["claim"], b["claim"], "disagree"),
                            ev.contested(b["claim"], a["claim"], "disagree")])
    build_read_model(store)
    ClaimLog(store).append([ev.state_changed(b["claim"], "retired", "forgotten")])
    memory = open_read_model(store)
    assert memory.from_projection  # (the retirement is folded from the tail)
    assert memory.state.claims[a["claim"]].state == "candidate"
    assert memory.state.claims[a["claim"]].to_row() == \
        ClaimLog(store).state().claims[a["claim"]].to_row()


def test_session_start_candidates_match_a_full_fold(workspace):
    rng = random.Random(5)
    store_with_delta(rng, 120)
    store = memory_store_path()
    memory = open_read_model(store)
    assert memory.from_projection
    full = ClaimLog(store).state()
    from rlat.hooks.session_start import trusted_lines

    for ws in WORKSPACES:
        assert trusted_lines(memory, ws, 6000, 1.8e9, set()) == \
               trusted_lines(ReadModel(full), ws, 6000, 1.8e9, set())


def test_a_read_model_that_does_not_match_is_not_used():
    rng = random.Random(9)
    random_store(rng, 20)
    store = memory_store_path()
    assert open_read_model(store).why == "no read model yet"
    build_read_model(store)
    assert open_read_model(store).why is None
    # A compact-style rewrite: the same events in other records, renamed into place.
    from rlat.container import EVENTS, RLAT_MAGIC, write_new_file

    events = list(ClaimLog(store).events())
    write_new_file(store, RLAT_MAGIC, [(EVENTS, {"events": [e]}) for e in events])
    memory = open_read_model(store)
    assert memory.why == "store was rewritten since the read model was built"
    assert not memory.from_projection and len(memory.state.claims) == 20
    # its index still seeds recall over the fold (claim ids survive a rewrite): no rebuild
    assert not memory.index().delta and memory.index().scope is None
    read_model_path(store).write_bytes(b"garbage")
    assert open_read_model(store).why == "no read model yet"


def used_store(rng: random.Random, n: int) -> list[str]:
    """A store whose claims share a small vocabulary (every query word is common) and earned
    different trust: outcomes, corroboration, recurrences, contested pairs, some stale."""
    log = ClaimLog(memory_store_path())
    ids: list[str] = []
    events = []
    for i in range(n):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 9))) + f" #{i}"
        ctype = rng.choice(["convention", "environment", "event", "outcome", "preference"])
        e = ev.proposed(text, ctype, workspace=rng.choice(WORKSPACES),
                        cross_workspace=rng.random() < 0.05,
                        citations=[ev.session_citation(f"s{i % 40}", f"m{i}", "h")],
                        origin=rng.choice(["session", "session", "user"]),
                        observed_by=rng.choice(["human", "claude-code"]),
                        ts=1.7e9 + i * 3600 * rng.random())
        cid = e["claim"]
        ids.append(cid)
        events.append(e)
        for k in range(rng.choice((0, 0, 1, 3))):
            events.append(ev.outcome(rng.choice((1, 1, -1)), claims=[(cid, rng.randint(1, 4), 0.8)],
                                     authority=rng.choice(["mechanical", "user", "heuristic"]),
                                     signal="tests", session_id=f"u{i}-{k}",
                                     ts=1.7e9 + 86400 * k))
        if rng.random() < 0.1:
            events.append(ev.recurred(cid, [ev.session_citation(f"r{i}", f"r{i}/m", "h")],
                                      workspace=rng.choice(WORKSPACES)))
        if rng.random() < 0.05:
            events.append(ev.corroborated(cid, good=True))
    for a, b in zip(ids[10:20], ids[20:30], strict=True):
        events.append(ev.contested(a, b, "contradiction"))
    log.append(events)
    return ids


@pytest.mark.parametrize("seed", [11, 12])
def test_recall_shortcuts_change_nothing_and_skip_most_claims(seed):
    """The hook's shortcuts (scope mask, trust bounds) on a store big enough for them to
    matter: the same hits as a full fold, with and without a delta, for many queries, and far
    fewer claims decoded than recall without them."""
    rng = random.Random(seed)
    used_store(rng, 600)
    store = memory_store_path()
    build_read_model(store)
    now = 1.8e9
    queries = [" ".join(rng.sample(WORDS, rng.randint(1, 5))) for _ in range(8)] + QUERIES

    def check(memory, full, exclude=(), abstain=True):
        decoded = {"fast": 0, "plain": 0}
        for query in queries:
            for ws in WORKSPACES + ["path:/nowhere"]:
                for k in (1, 4):
                    want = recall(full, query, workspace=ws, top_k=k, now=now, exclude=exclude,
                                  index=open_index(store, full, persist=False), abstain=abstain)
                    for name in ("fast", "plain"):
                        mem = open_read_model(store)  # fresh: count what each one decodes
                        index = mem.index()
                        if name == "fast":
                            assert index.scope.mask(ws) is not None
                            assert index.scope.bound(now, mem.state.calibration) is not None
                        else:
                            index = without_shortcuts(index)
                        got = recall(mem.state, query, workspace=ws, top_k=k, now=now,
                                     exclude=exclude, index=index, abstain=abstain)
                        assert [(h.claim.id, h.score, h.rung, h.gate) for h in got] == \
                               [(h.claim.id, h.score, h.rung, h.gate) for h in want], (name, query)
                        decoded[name] += len(mem.state.claims.decoded()) - len(mem.touched)
        return decoded

    memory = open_read_model(store)
    assert memory.why is None and not memory.touched
    check(memory, ClaimLog(store).state())  # as the hook recalls: with the relevance floor
    # The savings show on ranking alone (with the floor, most random-word queries abstain on
    # every candidate, and each of the POOL candidates must be read to know it).
    counts = check(memory, ClaimLog(store).state(), abstain=False)
    assert counts["fast"] * 2 < counts["plain"], counts
    # Hooks' own appends since the read model was built: injections and outcomes on top claims.
    top = [h.claim.id for h in recall(ClaimLog(store).state(), "tests deploy", workspace=None,
                                      top_k=10, now=now, abstain=False)]
    ClaimLog(store).append([ev.injected("late", top[:5]),
                            ev.outcome(-1, claims=[(c, 1, 1.0) for c in top[:5]],
                                       authority="user", signal="tests", session_id="late",
                                       ts=now - 10)])
    check(None, ClaimLog(store).state(), exclude=tuple(top[5:7]))
    check(None, ClaimLog(store).state(), exclude=tuple(top[5:7]), abstain=False)


def test_no_trust_bounds_when_they_might_not_hold():
    rng = random.Random(4)
    used_store(rng, 250)
    store = memory_store_path()
    build_read_model(store)
    memory = open_read_model(store)
    scope = memory.index().scope
    assert scope.bound(1.8e9, memory.state.calibration) is not None
    # The clock before the newest outcome the bounds include: recall must compute every trust.
    assert scope.bound(1.7e9, memory.state.calibration) is None
    # A calibration score since the build: every recurrence is worth something else now.
    ClaimLog(store).append([ev.calibration_scored("claude-code", score=0.1, resolved=40, correct=36,
                                                   expired=0, low_sample=False)])
    memory = open_read_model(store)
    scope = memory.index().scope
    assert scope.bound(1.8e9, memory.state.calibration) is None
    assert scope.mask(WORKSPACES[0]) is not None


def test_a_truncated_read_model_is_not_used():
    rng = random.Random(21)
    random_store(rng, 30)
    store = memory_store_path()
    build_read_model(store)
    path = read_model_path(store)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 100])  # the rows section runs past the end now
    memory = open_read_model(store)
    assert memory.why == "no read model yet" and not memory.from_projection
    assert len(memory.state.claims) == 30


def test_old_caches_are_ignored_and_removed_by_the_next_build(rlat_home):
    """The hook view and recall index files earlier versions kept: never read (garbage in them
    breaks nothing), deleted when the read model of their store is written."""
    from rlat.claims.readmodel import _digest

    rng = random.Random(31)
    random_store(rng, 25)
    store = memory_store_path()
    cache = rlat_home / "cache"
    cache.mkdir(mode=0o700, exist_ok=True)
    digest = _digest(store)
    old = [cache / f"hookview-{digest}.bin", cache / f"recall-{digest}.idx"]
    other = cache / "recall-0123456789abcdef.idx"  # another store's: not ours to delete
    for path in (*old, other):
        path.write_bytes(b"RLATHVW1" + bytes(64))
    memory = open_read_model(store)
    assert memory.why == "no read model yet" and len(memory.state.claims) == 25
    assert recall(memory.state, "how do I run the tests", workspace=WORKSPACES[0],
                  index=memory.index(), abstain=False) is not None
    build_read_model(store)
    assert not any(path.exists() for path in old) and other.exists()
    assert open_read_model(store).from_projection
    assert sorted(p.name for p in cache.iterdir() if p.name.startswith("readmodel-")) == \
        [read_model_path(store).name]


def test_a_read_model_indexed_by_another_analyzer_is_stale_not_rebuilt_per_prompt(
        tmp_path, monkeypatch):
    from rlat.claims import events as ev
    from rlat.claims.log import ClaimLog
    from rlat.retrieval import readmodel, recall

    store = tmp_path / "memory.rlat"
    ClaimLog(store).append([ev.proposed("Run the tests with make check", "convention",
                                        citations=[ev.command_citation("make check")],
                                        origin="user")])
    assert readmodel.build_read_model(store) is not None
    model, why = readmodel.open_current(store)
    assert model is not None and why is None
    # an upgrade changes how text is analysed (another stemmer, another lexicon)
    monkeypatch.setattr(recall, "analyzer_version", lambda: "tok9+other")
    model, why = readmodel.open_current(store)
    assert model is None and why == "read model indexed by another analyzer"


def test_a_prompt_never_builds_a_large_index_itself(rlat_home, monkeypatch, tmp_path):
    import json

    from support.hookrun import log_lines, run_hook

    from rlat.retrieval import recall as R

    store = memory_store_path()
    ClaimLog(store).append([ev.proposed("Run the tests with make check, never pytest",
                                        "convention", citations=[ev.command_citation("make")],
                                        origin="user")] + [
        ev.proposed(f"Filler claim number {i} about {w}", "convention",
                    citations=[ev.command_citation(f"c{i}")], origin="user")
        for i, w in enumerate(WORDS[:5])])
    with monkeypatch.context() as patched:  # an upgrade changed how text is analysed
        patched.setattr(R, "analyzer_version", lambda: "tok9+other")
        assert build_read_model(store) is not None
    payload = {"session_id": "s-cap", "cwd": str(tmp_path), "hook_event_name":
               "UserPromptSubmit", "prompt": "how do I run the tests with make?"}
    # more claims than a prompt may index: nothing this once, and the log says why
    small_cap = run_hook("user-prompt", payload, env={"RLAT_RECALL_MAX_BUILD": "3"})
    assert small_cap.returncode == 0 and small_cap.stdout == ""
    assert any("recall index not ready (6 claims" in line for line in log_lines(rlat_home))
    # a store this small is indexed in the prompt
    payload["session_id"] = "s-nocap"
    recalled = run_hook("user-prompt", payload)
    assert "make check" in json.loads(recalled.stdout)["hookSpecificOutput"]["additionalContext"]


def test_a_read_model_embedded_before_an_upgrade_gets_its_vectors_from_the_worker(
        rlat_home, monkeypatch, tmp_path):
    """A read model built before the meaning table shipped (or with another table) holds no
    current meaning vectors: the prompt still recalls, and asks the worker to re-embed, so
    later prompts do not embed candidates on the fly."""
    from support.hookrun import log_lines, run_hook, wait_for

    from rlat.retrieval import wordvec

    store = memory_store_path()
    ClaimLog(store).append([ev.proposed("Run the tests with make check, never pytest",
                                        "convention", citations=[ev.command_citation("make")],
                                        origin="user")])
    # built by a worker before the table shipped (a process of its own, as the worker is:
    # this one's analyzer may carry other tests' module state)
    import os
    import subprocess
    import sys

    subprocess.run([sys.executable, "-m", "rlat.retrieval.readmodel", str(store)], check=True,
                   env={**os.environ, "RLAT_MEANING_VEC": str(tmp_path / "none.bin")},
                   timeout=60)
    assert open_read_model(store).index().meaning is None
    payload = {"session_id": "s-up", "cwd": str(tmp_path), "hook_event_name":
               "UserPromptSubmit", "prompt": "how do I run the tests?"}
    out = run_hook("user-prompt", payload)
    assert "make check" in out.context
    assert any("re-embedding" in line for line in log_lines(rlat_home)), log_lines(rlat_home)
    wait_for(lambda: open_read_model(store).index().meaning_of == wordvec.meaning_table().id,
             timeout=60)


def _flip(section: str) -> None:
    """Flip bytes at the start of one section of the store's read model, as a failing disk or
    a hostile hand would: the file keeps its length and its header."""
    from rlat.claims.readmodel import read_projection

    store = memory_store_path()
    start, length = read_projection(store).header["sections"][section]
    path = read_model_path(store)
    data = bytearray(path.read_bytes())
    for i in range(start, start + min(20, length)):
        data[i] ^= 0xA5
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("section", ["offsets", "members", "rows"])
def test_a_damaged_read_model_is_set_aside_and_the_prompt_still_recalls(
        section, rlat_home, tmp_path):
    """A hostile review flipped 20 bytes of the read model: every prompt then logged an error
    and injected nothing, SessionStart said memory was off, and doctor said "ok"."""
    import json

    from support.hookrun import add_claim, log_lines, prompt

    add_claim(tmp_path, "The staging server listens on port 8443")
    for i, word in enumerate(WORDS[:6]):
        add_claim(tmp_path, f"Filler claim number {i} about {word}")
    build_read_model(memory_store_path())
    _flip(section)
    first = prompt(tmp_path, "what port does the staging server listen on?", session="s-1")
    assert "8443" in json.loads(first.stdout)["hookSpecificOutput"]["additionalContext"]
    assert any("read model damaged" in line and "set aside" in line
               for line in log_lines(rlat_home))
    assert not any("memory store unreadable" in line for line in log_lines(rlat_home))
    # ... and the next reader does not meet the damage again (the worker rebuilds the cache)
    again = prompt(tmp_path, "which port is staging on?", session="s-2")
    assert "8443" in json.loads(again.stdout)["hookSpecificOutput"]["additionalContext"]


@pytest.mark.parametrize("section", ["listing", "index.post_docs", "rows"])
def test_doctor_finds_a_damaged_read_model_and_rebuilds_it(section, tmp_path):
    from support.cli import run_rlat
    from support.hookrun import add_claim

    add_claim(tmp_path, "The staging server listens on port 8443")
    build_read_model(memory_store_path())
    assert run_rlat("doctor", "--check-only").returncode == 0
    _flip(section)
    checked = run_rlat("doctor", "--check-only")
    assert checked.returncode == 3 and "read model (a cache) is damaged" in checked.stdout
    assert f"section {section} does not match its checksum" in checked.stdout
    repaired = run_rlat("doctor")
    assert repaired.returncode == 0 and "rebuilt its read model" in repaired.stdout
    assert run_rlat("doctor", "--check-only").returncode == 0


def test_memory_list_over_a_damaged_read_model_lists_the_store_and_sets_it_aside(tmp_path):
    from support.cli import run_rlat
    from support.hookrun import add_claim

    add_claim(tmp_path, "The staging server listens on port 8443")
    build_read_model(memory_store_path())
    _flip("listing")
    listed = run_rlat("memory", "list")
    assert listed.returncode == 0 and "8443" in listed.stdout
    assert not read_model_path(memory_store_path()).exists()  # no reader meets it again


def test_memory_show_over_a_damaged_row_shows_the_claim_from_the_store(tmp_path):
    from support.cli import run_rlat
    from support.hookrun import add_claim

    cid = add_claim(tmp_path, "The staging server listens on port 8443")
    build_read_model(memory_store_path())
    _flip("rows")
    shown = run_rlat("memory", "show", cid[:12])
    assert shown.returncode == 0, shown.stderr
    assert "8443" in shown.stdout
    assert not read_model_path(memory_store_path()).exists()  # set aside, as every reader does
