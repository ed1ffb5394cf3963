"""The one ranking: relevance x trust behind source-specific gates."""

from __future__ import annotations

import pytest
from rank_bm25 import BM25Okapi
from trust_history import DAY, T0, WS, propose, session_events

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.claims.log import ClaimLog
from rlat.claims.readmodel import read_model_path, read_projection
from rlat.retrieval import recall as R
from rlat.retrieval.readmodel import REBUILD_AFTER, build_read_model, open_index
from rlat.retrieval.tokenize import tokenize
from rlat.trust import thresholds as T
from rlat.trust.rungs import rung

OTHER = "git:github.com/acme/other"


def _verified(text, **kw):
    """A claim that helped in five sessions (rung verified)."""
    prop = propose(text, **kw)
    events = [prop]
    for i in range(5):
        events += session_events([prop["claim"]], ts=T0 + (i + 1) * DAY)
    return prop, events


def test_equally_relevant_the_more_confident_claim_ranks_first():
    low = propose("Run the integration tests with make check")
    high, history = _verified("Run the integration tests with make verify")
    state = fold([low, *history])
    assert rung(state.claims[low["claim"]]) == "low"
    assert rung(state.claims[high["claim"]]) == "verified"
    # (lexical relevance alone: word vectors tell "verify" from "check", a little)
    hits = R.recall(state, "run the integration tests", workspace=WS, now=T0 + 10 * DAY,
                    rerank=False)
    assert [h.claim.id for h in hits] == [high["claim"], low["claim"]]
    assert hits[0].relevance == hits[1].relevance
    assert hits[0].rung == "verified" and hits[1].rung == "low"


def test_a_much_more_relevant_low_claim_beats_a_slightly_relevant_verified_one():
    low = propose("Postgres migrations run with alembic upgrade head before the API starts")
    high, history = _verified("The API starts behind nginx")
    state = fold([low, *history])
    query = "how are postgres migrations run with alembic for the api"
    # (ranking alone: the floor would rightly leave out a claim sharing only "api")
    hits = R.recall(state, query, workspace=WS, now=T0 + 10 * DAY, abstain=False)
    assert [h.claim.id for h in hits] == [low["claim"], high["claim"]]
    assert hits[0].relevance > hits[1].relevance / T.TRUST_MIN  # the stated bound holds


def test_trust_reorders_only_within_the_bound():
    # the verified claim is relevant, a bit less than the low one: trust lifts it above
    low = propose("Restart the worker after changing the queue settings file")
    high, history = _verified("Restart the worker after changing settings")
    state = fold([low, *history])
    hits = R.recall(state, "restart the worker after changing queue settings", workspace=WS,
                    now=T0 + 10 * DAY)
    assert hits[0].claim.id == high["claim"]
    assert 1 / T.TRUST_MIN > hits[1].relevance / hits[0].relevance > 1


def test_score_is_relevance_times_trust():
    prop = propose("Lint with ruff before pushing")
    (hit,) = R.recall(fold([prop]), "ruff lint", workspace=WS, now=T0)
    assert hit.score == pytest.approx(hit.relevance * hit.trust)
    from rlat.retrieval.abstention import FIT_FLOOR

    assert hit.gate.startswith(f"admitted: same workspace; fit 1.00 >= {FIT_FLOOR:.2f}")


def test_relevance_agrees_with_rank_bm25_order_on_a_big_enough_store():
    texts = [f"note {i} about " + " ".join(["deploy", "staging", "build", "cache"][: 1 + i % 4])
             for i in range(40)]
    props = [propose(t) for t in texts]
    state = fold(props)
    oracle = BM25Okapi([tokenize(t) for t in texts])
    query = "staging cache"
    scores = oracle.get_scores(tokenize(query))
    hits = R.explain(state, query, workspace=WS, now=T0)
    ours = {h.claim.text: h.bm25 for h in hits}
    # same ranking of documents by lexical relevance (idf differs in form, not in order)
    by_oracle = sorted(range(len(texts)), key=lambda i: (-scores[i], i))
    top = [texts[i] for i in by_oracle if scores[i] > 0][:5]
    assert sorted(top, key=lambda t: -ours[t]) == top


def test_gates_exclude_other_workspaces_retired_superseded_and_already_injected():
    here = propose("Use the fake gateway in payment tests")
    there = propose("Use the real gateway in payment tests", workspace=OTHER)
    travels = propose("Never log payment card numbers", workspace=OTHER, cross_workspace=True)
    gone = propose("Payment tests need the sandbox key")
    old = propose("Payment tests run nightly")
    new = propose("Payment tests run hourly")
    injected = propose("Payment tests are slow")
    state = fold([here, there, travels, gone, old, new, injected,
                  ev.state_changed(gone["claim"], "retired", "user", ts=T0 + 1),
                  ev.superseded(old["claim"], new["claim"], ts=T0 + 1)])
    query = "payment tests gateway card"
    # (the gates alone: the floor would leave out claims sharing only "payment tests")
    hits = R.recall(state, query, workspace=WS, now=T0 + 2, exclude=[injected["claim"]],
                    top_k=10, abstain=False)
    assert {h.claim.id for h in hits} == {here["claim"], travels["claim"], new["claim"]}
    gates = {h.claim.id: h.gate for h in R.explain(state, query, workspace=WS, now=T0 + 2,
                                                   exclude=[injected["claim"]],
                                                   abstain=False)}
    assert gates[there["claim"]] == "excluded: learned in another workspace"
    assert gates[travels["claim"]] == "admitted: cross-workspace"
    assert gates[gone["claim"]] == "excluded: retired"
    assert gates[old["claim"]].startswith("excluded: superseded by")
    assert gates[injected["claim"]] == "excluded: already injected"
    # a claim marked cross-workspace later travels too
    fold([ev.marked(there["claim"], cross_workspace=True, ts=T0 + 3)], state)
    assert there["claim"] in {h.claim.id for h in R.recall(state, query, workspace=WS,
                                                             now=T0 + 4, top_k=10,
                                                             abstain=False)}


def test_stale_claims_drop_out_unless_asked_for():
    env = propose("The staging cluster runs kubernetes 1.27", "environment")
    state = fold([env])
    assert R.recall(state, "staging kubernetes", workspace=WS, now=T0 + DAY)
    later = T0 + 31 * DAY
    assert R.recall(state, "staging kubernetes", workspace=WS, now=later) == []
    (hit,) = R.recall(state, "staging kubernetes", workspace=WS, now=later, include_stale=True)
    assert hit.state == "stale" and "stale, included on request" in hit.gate


def test_corpus_claims_are_gated_by_staleness_not_workspace():
    cite = ev.passage_citation("p1", "abc", path="docs/retry.md")
    corpus = ev.proposed("The client retries three times with backoff", "insight",
                         citations=[cite], origin="corpus", workspace=OTHER, ts=T0)
    drifted = ev.proposed("The client retries forever", "insight", citations=[cite],
                          origin="corpus", ts=T0)
    state = fold([corpus, drifted,
                  ev.state_changed(drifted["claim"], "stale", "source drifted", ts=T0 + 1)])
    assert R.recall(state, "client retries", workspace=WS, now=T0 + 2) == []  # not requested
    hits = R.recall(state, "client retries", workspace=WS, now=T0 + 2, sources=("corpus",))
    assert [h.claim.id for h in hits] == [corpus["claim"]]
    assert hits[0].gate.startswith("admitted: corpus claim;") and hits[0].rung == "medium"
    both = R.recall(state, "client retries", workspace=WS, now=T0 + 2, sources=("corpus",),
                    include_stale=True)
    assert len(both) == 2


def test_contested_claims_surface_labelled_but_weigh_less():
    a = propose("The API port is 8080")
    b = propose("The API port is 9090")
    state = fold([a, b, *ev_contest(a["claim"], b["claim"])])
    hits = R.recall(state, "API port", workspace=WS, now=T0 + 2)
    assert {h.state for h in hits} == {"contested"}
    plain = R.recall(fold([propose("The API port is 8080")]), "API port", workspace=WS,
                     now=T0 + 2)
    assert hits[0].trust == pytest.approx(plain[0].trust * T.CONTESTED_FACTOR)


def ev_contest(x, y):
    return [ev.contested(x, y, "conflict", ts=T0 + 1), ev.contested(y, x, "conflict", ts=T0 + 1)]


def test_no_match_and_empty_queries_return_nothing():
    state = fold([propose("Lint with ruff")])
    assert R.recall(state, "kubernetes", workspace=WS, now=T0) == []
    assert R.recall(state, "   ", workspace=WS, now=T0) == []
    assert R.recall(fold([]), "ruff", workspace=WS, now=T0) == []


def test_top_k_cuts_after_ranking_not_before():
    props = [propose(f"Caching note number {i} for the build") for i in range(30)]
    boosted, history = _verified("Caching note for the build, proven")
    state = fold([*props, *history])
    # (ranking alone: every word of the query is in every claim, so the floor abstains)
    hits = R.recall(state, "caching note build", workspace=WS, top_k=3, now=T0 + 10 * DAY,
                    abstain=False)
    assert hits[0].claim.id == boosted["claim"] and len(hits) == 3
    full = R.explain(state, "caching note build", workspace=WS, now=T0 + 10 * DAY,
                     abstain=False)
    assert [h.claim.id for h in full[:3]] == [h.claim.id for h in hits]


def _append(store, events):
    ClaimLog(store).append(events)
    return ClaimLog(store).state()


def test_the_stored_index_serves_new_claims_and_matches_a_fresh_build(tmp_path):
    store = tmp_path / "memory.rlat"
    state = _append(store, [propose(f"Service {i} listens on port {8000 + i}") for i in range(20)])
    first = open_index(store, state)  # none yet: the read model is built, index and all
    assert read_model_path(store).exists() and not first.delta
    # a claim arrives after the read model was written: found through the delta
    late = propose("The gateway service listens on port 443")
    state = _append(store, [late])
    cached = open_index(store, state)
    assert list(cached.delta) == [late["claim"]]
    hits = R.recall(state, "gateway port", workspace=WS, now=T0, index=cached)
    assert hits[0].claim.id == late["claim"]
    fresh = R.recall(state, "service 7 port", workspace=WS, now=T0,
                     index=R.ClaimIndex.build(state.claims.values()))
    via_cache = R.recall(state, "service 7 port", workspace=WS, now=T0, index=cached)
    assert [h.claim.id for h in via_cache] == [h.claim.id for h in fresh]
    # a damaged read model is rebuilt, never trusted
    read_model_path(store).write_bytes(b"\x00garbage")
    rebuilt = open_index(store, state)
    assert len(rebuilt) == 21 and not rebuilt.delta


def test_a_read_model_far_behind_is_rebuilt(tmp_path):
    store = tmp_path / "memory.rlat"
    open_index(store, _append(store, [propose("first claim about deploys")]))
    state = _append(store, [propose(f"claim {i} about deploys")
                            for i in range(REBUILD_AFTER + 1)])
    again = open_index(store, state)
    assert not again.delta and len(again.ids) == REBUILD_AFTER + 2
    assert read_projection(store).n == REBUILD_AFTER + 2


def test_a_caller_on_a_deadline_never_pays_for_a_full_build(tmp_path):
    store = tmp_path / "memory.rlat"
    state = _append(store, [propose(f"claim {i} about deploys") for i in range(10)])
    assert open_index(store, state, max_build=5) is None  # none stored, too big to build now
    assert not read_model_path(store).exists()
    assert build_read_model(store)["claims"] == 10  # the background worker builds it
    state = _append(store, [propose(f"late claim {i} about deploys")
                            for i in range(REBUILD_AFTER + 5)])
    behind = open_index(store, state, max_build=5)  # far behind: used anyway, with a delta
    assert behind is not None and len(behind.delta) == REBUILD_AFTER + 5
    # (every claim holds every query word: the floor would abstain; this is about the index)
    assert R.recall(state, "late claim deploys", workspace=WS, now=T0, index=behind,
                    abstain=False)


def test_common_terms_only_add_to_claims_a_rarer_term_matched():
    # "code" is in every claim; "exit" in a fifth of them (enough matches on its own)
    n = R.COMMON_TERM_MIN_MATCHES
    texts = [f"exit status {i} of the code path" for i in range(n)]
    texts += [f"code formatting rule {i}" for i in range(4 * n)]
    state = fold([propose(t) for t in texts])
    index = R.ClaimIndex.build(state.claims.values())
    common_only = R.explain(state, "exit code", workspace=WS, now=T0, index=index)
    assert {h.claim.text.split()[0] for h in common_only} == {"exit"}
    # the claims it does score get exactly the full BM25 score
    terms = R.query_terms("exit code")
    full, pruned = index.bm25.scores(terms), index.bm25.scores_common(terms)
    assert len(pruned) == n and all(pruned[d] == pytest.approx(full[d]) for d in pruned)
    # without enough rare matches, common terms match on their own as usual
    small = fold([propose("exit status of the code path"), propose("code formatting rule"),
                  propose("code review rule")])
    texts_small = {h.claim.text for h in R.explain(small, "exit code", workspace=WS, now=T0)}
    assert texts_small == {"exit status of the code path", "code formatting rule",
                           "code review rule"}
