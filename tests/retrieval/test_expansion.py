"""rlat.retrieval.expansion: the stemmer (Snowball's Porter, from PyStemmer) and session-context
documents, and what they change for a user's recall."""

from __future__ import annotations

import pytest

from rlat.claims import events as ev
from rlat.claims import fold
from rlat.retrieval import expansion
from rlat.retrieval import recall as R
from rlat.retrieval.bm25 import BM25Index

# Porter (1980) stems: the published examples, as Snowball's implementation of the algorithm
# computes them (it follows the paper where the reference C code departs from it:
# "psychology" keeps its "logi", "trekked" its double consonant).
PORTER = {
    "caresses": "caress", "ponies": "poni", "ties": "ti", "caress": "caress", "cats": "cat",
    "feed": "feed", "agreed": "agre", "plastered": "plaster", "bled": "bled",
    "motoring": "motor", "sing": "sing", "conflated": "conflat", "troubled": "troubl",
    "sized": "size", "hopping": "hop", "tanned": "tan", "falling": "fall", "hissing": "hiss",
    "fizzed": "fizz", "failing": "fail", "filing": "file", "happy": "happi", "sky": "sky",
    "relational": "relat", "conditional": "condit", "rational": "ration", "valency": "valenc",
    "hesitancy": "hesit", "digitizer": "digit", "radically": "radic", "differently": "differ",
    "analogously": "analog", "vietnamization": "vietnam", "predication": "predic",
    "operator": "oper", "feudalism": "feudal", "decisiveness": "decis",
    "hopefulness": "hope", "callousness": "callous", "formality": "formal",
    "sensitivity": "sensit", "triplicate": "triplic", "formative": "form",
    "formalize": "formal", "electricity": "electr", "electrical": "electr", "hopeful": "hope",
    "goodness": "good", "revival": "reviv", "allowance": "allow", "inference": "infer",
    "airliner": "airlin", "gyroscopic": "gyroscop", "adjustable": "adjust",
    "defensible": "defens", "irritant": "irrit", "replacement": "replac",
    "adjustment": "adjust", "dependent": "depend", "adoption": "adopt", "communism": "commun",
    "activate": "activ", "angularity": "angular", "homologous": "homolog",
    "effective": "effect", "bowdlerize": "bowdler", "probate": "probat", "rate": "rate",
    "cease": "ceas", "controlling": "control", "rolling": "roll",
    "generalizations": "gener", "oscillators": "oscil", "psychology": "psychologi",
    "trekked": "trekk", "is": "is", "as": "as",
}


@pytest.mark.parametrize("word,expected", sorted(PORTER.items()))
def test_porter_stems(word, expected):
    assert expansion.stem(word) == expected


def test_numbers_identifiers_short_and_non_ascii_terms_are_left_alone():
    for term in ("2023", "py311", "http2", "straße", "日本", "x", "js", "os", "ms"):
        assert expansion.stem(term) == term


def test_the_stemmer_and_its_version_are_in_the_analyzer_key():
    """A cached index (or a word-vector table) made by another stemmer is not used as is."""
    import Stemmer

    assert expansion.STEMMER == f"pystemmer{Stemmer.version()}-{expansion.STEMMER_ALGORITHM}"
    assert expansion.STEMMER in R.analyzer_version()


def test_document_and_query_forms_meet():
    doc = expansion.expand_document("", ["painted", "sunsets", "hiking"])
    query = expansion.expand_query("", ["paintings", "sunset", "hikes"])
    assert doc == query == ["paint", "sunset", "hike"]


def _turn(session: str, position: int, text: str) -> dict:
    cite = ev.session_citation(session, f"m{position}", f"h{position}",
                               observed_at=1000.0 + position)
    return ev.proposed(text, "event", citations=[cite], workspace="w", ts=1000.0 + position)


def test_neighbours_are_the_claims_around_it_in_the_same_session_only():
    events = [_turn("a", i, f"turn a{i}") for i in range(6)] + [_turn("b", 0, "turn b0")]
    events.append(ev.proposed("typed by hand", "convention",
                              citations=[ev.command_citation("rlat memory add")]))
    state = fold(events)
    by_text = {c.text: c.id for c in state.claims.values()}
    near = expansion.session_neighbours(state.claims.values(), window=2)
    assert near[by_text["turn a0"]] == [by_text["turn a1"], by_text["turn a2"]]
    assert near[by_text["turn a3"]] == [by_text[f"turn a{i}"] for i in (2, 4, 1, 5)]
    assert by_text["turn b0"] not in near and by_text["typed by hand"] not in near


def test_context_documents_weight_the_claim_itself_above_its_neighbours():
    state = fold([_turn("s", 0, "alpha"), _turn("s", 1, "beta"), _turn("s", 2, "gamma"),
                  ev.proposed("lonely", "convention",
                              citations=[ev.command_citation("rlat memory add")])])
    by_text = {c.text: c for c in state.claims.values()}
    docs = expansion.contextual_documents(state.claims.values(), lambda c: [c.text],
                                          window=1, self_weight=2)
    assert docs[by_text["beta"].id] == ["beta", "beta", "alpha", "gamma"]
    assert docs[by_text["lonely"].id] == ["lonely"]  # no session: unchanged


def test_session_context_lets_recall_find_a_reply_that_never_names_its_topic():
    """"Yes, it was amazing!" answers a question about a concert: with session context the
    reply is recalled for "concert"; with its own words only it cannot be."""
    events = [
        _turn("s1", 0, "Did you go to the jazz concert downtown last Friday?"),
        _turn("s1", 1, "Yes, it was amazing! The saxophonist played for two hours."),
        _turn("s1", 2, "I love that. I need to get out more."),
        _turn("s2", 0, "My dog learned a new trick yesterday."),
        _turn("s2", 1, "The vet says he is healthy."),
    ] + [_turn(f"other{i}", j, f"unrelated chat {i}.{j} about gardening and {w}")
         for i, w in enumerate(("tomatoes", "roses", "compost", "rain")) for j in range(3)]
    state = fold(events)
    reply = next(c for c in state.claims.values() if c.text.startswith("Yes"))
    claims = list(state.claims.values())

    ids = [c.id for c in claims]
    plain = R.ClaimIndex(BM25Index.build([R.document_terms(c) for c in claims],
                                         **R.bm25_params()), ids)
    docs = expansion.contextual_documents(claims, R.document_terms)
    context = R.ClaimIndex(BM25Index.build([docs[c.id] for c in claims], **R.bm25_params()), ids)
    shipped = R.ClaimIndex.build(claims)  # what rlat's recall builds: with session context

    def found(index) -> list[str]:
        hits = R.recall(state, "what was the concert like", workspace="w", top_k=3,
                        now=2000.0, include_stale=True, index=index,
                        abstain=False)  # ranking with session context; not the floor
        return [h.claim.id for h in hits]

    assert reply.id not in found(plain)
    assert reply.id in found(context)
    # what rlat builds indexes the same context documents (its answer links aside)
    assert found(R.ClaimIndex(shipped.bm25, shipped.ids)) == found(context)
    assert reply.id in found(shipped)


def test_an_index_built_by_another_stemmer_is_rebuilt_not_read(tmp_path, monkeypatch):
    from rlat.claims.log import ClaimLog
    from rlat.retrieval import readmodel

    store = tmp_path / "memory.rlat"
    ClaimLog(store).append([ev.proposed("Deploys run from the staging branch", "convention",
                                        workspace="w", citations=[ev.command_citation("t")])])
    with monkeypatch.context() as patched:
        # what rlat wrote with its hand-written Porter stemmer
        patched.setattr(R, "analyzer_version", lambda: "tok1+exp1+ctx")
        assert readmodel.build_read_model(store) is not None
    assert readmodel.open_current(store) == (None, "read model indexed by another analyzer")
    state = ClaimLog(store).state()
    index = readmodel.open_index(store, state)
    assert index.analyzer == R.analyzer_version()
    assert readmodel.open_current(store)[0] is not None  # rebuilt with this analyzer
    hits = R.recall(state, "deploying from staging", workspace="w", index=index, abstain=False)
    assert [h.claim.text for h in hits] == ["Deploys run from the staging branch"]
