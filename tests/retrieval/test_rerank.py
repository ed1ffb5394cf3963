"""Hybrid recall: static word vectors re-rank the lexical candidates, "when" questions prefer
claims that state a time, and the hook embeds only the prompt (claim vectors come with the
index the background worker builds)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from support.hookrun import run_hook

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path
from rlat.retrieval import recall as R
from rlat.retrieval import temporal, wordvec
from rlat.retrieval.readmodel import build_read_model, open_index, open_read_model
from rlat.workspace import workspace_id

T0 = 1_800_000_000.0
WS = "git:github.com/acme/app"


def propose(text: str) -> dict:
    return ev.proposed(text, "convention", workspace=WS, citations=[ev.command_citation(text)],
                       origin="user", ts=T0)


def order(state, query, **kw):
    """Claim texts best first (ranking alone: two-claim stores, where the floor is moot)."""
    return [h.claim.text for h in R.recall(state, query, workspace=WS, now=T0, abstain=False,
                                           **kw)]


def test_the_shipped_table_maps_words_to_vectors_that_mean_something():
    table = wordvec.table()
    assert table is not None and table.n > 10_000 and table.dims >= 64
    weigh = lambda term: 1.0  # noqa: E731

    def sim(a, b):
        return sum(x * y for x, y in zip(table.embed(R.query_terms(a), weigh),
                                         table.embed(R.query_terms(b), weigh), strict=True))

    assert sim("puppy", "dog") > sim("puppy", "server") + 0.2
    assert sim("kids", "children") > sim("kids", "tax") + 0.2
    assert table.vector("qqzzxx") is None  # not in the table: skipped, never an error


def test_among_equal_lexical_matches_the_one_that_means_the_prompt_ranks_first():
    state = fold([propose("Walk the server"), propose("Walk the dog")])
    # Lexically a tie ("walk"); the vectors know a puppy is a dog.
    lexical = R.recall(state, "walk the puppy", workspace=WS, now=T0, rerank=False,
                       abstain=False)
    assert lexical[0].relevance == lexical[1].relevance
    assert order(state, "walk the puppy")[0] == "Walk the dog"
    assert order(state, "walk the production box")[0] == "Walk the server"


def test_a_when_question_prefers_the_claim_that_states_a_time():
    undated = "Postgres upgrade notes are in the wiki"
    dated = "We upgraded postgres last week"
    state = fold([propose(undated), propose(dated)])
    assert temporal.asks_when("When did we upgrade postgres?")
    assert order(state, "When did we upgrade postgres?")[0] == dated
    assert order(state, "Where are the postgres upgrade notes?")[0] == undated
    assert temporal.has_time("moved to Berlin in 2019") and temporal.has_time("3 days ago")
    assert not temporal.has_time("the build takes a while")
    # months written out, May only where it cannot be the verb
    assert temporal.has_time("we moved in March") and temporal.has_time("shipped on May 7")
    assert not temporal.has_time("it may take a while")


def test_claim_vectors_are_computed_by_the_worker_not_the_hook():
    ids = []
    for text in ("Run the tests with make check", "Deploys go through the staging pipeline",
                 "The API listens on port 8443 in development"):
        e = ev.proposed(text, "convention", workspace=WS, citations=[ev.command_citation("t")],
                        origin="user")
        ids.append(e["claim"])
        ClaimLog(memory_store_path()).append([e])
    build_read_model(memory_store_path())
    memory = open_read_model(memory_store_path())
    assert memory.why is None
    index = memory.index()
    table = wordvec.table()
    assert index.vectors_of == table.id and len(index.vectors) == 3 * table.dims
    hits = R.recall(memory.state, "how do I run the tests", workspace=WS, now=T0,
                    index=index)
    assert hits[0].claim.id == ids[0] and hits[0].similarity > 0.5
    assert not index._vector_memo  # nothing embedded at recall time but the prompt


def test_without_the_table_recall_still_works_lexically(tmp_path):
    workspace = tmp_path / "project"
    workspace.mkdir()
    wid = workspace_id(str(workspace))
    ClaimLog(memory_store_path()).append([ev.proposed(
        "Run the tests with make check", "convention", workspace=wid,
        citations=[ev.command_citation("t")], origin="user")])
    out = run_hook("user-prompt", {"session_id": "s", "cwd": str(workspace),
                                   "hook_event_name": "UserPromptSubmit",
                                   "prompt": "how do I run the tests"},
                   env={"RLAT_WORDVEC": str(workspace / "missing.bin")})
    assert "make check" in out.context


def test_a_damaged_table_is_ignored_not_fatal(tmp_path):
    good = wordvec.PATH.read_bytes()
    for i, data in enumerate([b"", good[:20], good[:4000], b"RLATWV01" + b"\xff" * 64]):
        path = tmp_path / f"bad{i}.bin"
        path.write_bytes(data)
        code = ("from rlat.retrieval import wordvec; print(wordvec.table() is None)")
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env={**os.environ, "RLAT_WORDVEC": str(path)}, timeout=60)
        assert proc.stdout.strip() == "True", (i, proc.stderr[-500:])


def test_a_table_keyed_by_another_stemmer_is_not_used(tmp_path):
    """Its keys are another analyzer's stems: looked up with ours they would miss, or name
    another word's vector. Recall ranks lexically instead."""
    table = wordvec.table()
    assert table is not None and table.keyed_by == wordvec.KEYED_BY
    keys = ["deploy", "stage", "token"]
    vectors = b"".join(bytes(table.vector(k) and [x & 0xFF for x in table.vector(k)])
                       for k in keys)
    for keyed_by, usable in ((wordvec.KEYED_BY, True), ("tok1+pystemmer0.0-lovins", False)):
        path = tmp_path / f"{usable}.bin"
        path.write_bytes(wordvec.pack(keys, vectors, table.dims, keyed_by))
        code = "from rlat.retrieval import wordvec; print(wordvec.table() is not None)"
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env={**os.environ, "RLAT_WORDVEC": str(path)}, timeout=60)
        assert proc.stdout.strip() == str(usable), proc.stderr[-500:]


def test_opening_the_table_reads_only_what_the_prompt_needs():
    # mmap + binary search: a fresh process opens it and embeds a prompt in a few ms
    code = ("import time; t = time.perf_counter(); from rlat.retrieval import wordvec;"
            "tb = wordvec.table(); v = tb.embed(['deploy', 'stage', 'token'], lambda t: 1.0);"
            "print(json.dumps([time.perf_counter() - t, len(tb._cache)]))")
    proc = subprocess.run([sys.executable, "-c", "import json;" + code], capture_output=True,
                          text=True, env={**os.environ}, timeout=60)
    elapsed, looked_up = json.loads(proc.stdout)
    assert looked_up == 3 and elapsed < 0.05, (elapsed, proc.stderr)


def test_the_shortcut_never_changes_the_verdict_for_a_single_shared_word():
    # A one-word claim whose prompt share is between the floor and the one-word floor: the
    # claim share decides, with or without the shortcut the prompt hook takes.
    from rlat.retrieval.abstention import FIT_FLOOR, TASK_FLOOR, fit

    prompt = ["pnpm", "a", "b", "c"]
    share = (FIT_FLOOR + TASK_FLOOR) / 2  # the prompt share of the shared word
    rest = (1 - share) / share / 3
    weights = {"pnpm": 3.0, "a": 3 * rest, "b": 3 * rest, "c": 3 * rest, "x": 0.3}
    full = fit(prompt, ["pnpm", "x"], weights.get)
    fast = fit(prompt, ["pnpm", "x"], weights.get, enough=FIT_FLOOR)
    assert full.passes() and fast.passes() == full.passes()


def test_an_index_built_on_the_fly_embeds_nothing_and_a_persisted_one_embeds_all(rlat_home):
    # A hook that must build an index (no view yet) pays for postings only; the vectors of the
    # few claims a query reads are computed then, and a saved index carries every vector.
    from rlat.retrieval import recall as R

    events = [ev.proposed(f"fact number {i} about caching", "convention",
                          citations=[ev.command_citation(f"t{i}")], origin="user")
              for i in range(5)]
    state = fold(events)
    built = R.ClaimIndex.build(state.claims.values())
    assert built.vectors is None
    store = rlat_home / "memory.rlat"
    ClaimLog(store).append(events)
    saved = open_index(store, ClaimLog(store).state(), persist=True)
    assert saved.vectors is not None and open_read_model(store).index().vectors is not None
