"""Recall over conversations: a query naming a day, month or year prefers what was said then,
and a reply is lent a share of the relevance of the question it answers (the claim before it
in its session), through an index built in memory, a read model, and claims added since."""

from __future__ import annotations

from datetime import datetime

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.claims.log import ClaimLog
from rlat.retrieval import expansion, temporal
from rlat.retrieval import recall as R
from rlat.retrieval.readmodel import build_read_model, open_index, open_read_model

WS = "path:/chat"
NOW = datetime(2024, 1, 20, 12, 0).timestamp()


def at(year: int, month: int, day: int) -> float:
    return datetime(year, month, day, 15, 0).timestamp()


def turn(session: str, position: int, text: str, day: float) -> dict:
    when = day + 30.0 * position
    cite = ev.session_citation(session, f"{session}/{position}", f"h-{session}-{position}",
                               observed_at=when, workspace=WS)
    return ev.proposed(text, "event", citations=[cite], workspace=WS, ts=when)


def ranked(state, query: str, index=None, top_k: int = 10) -> list[str]:
    hits = R.recall(state, query, workspace=WS, top_k=top_k, now=NOW, include_stale=True,
                    index=index, abstain=False)  # ranking alone; the floor is tested elsewhere
    return [h.claim.text for h in hits]


def days(query: str) -> list[tuple[str, str]]:
    return [(str(datetime.fromtimestamp(a).date()), str(datetime.fromtimestamp(b).date()))
            for a, b in temporal.named_periods(query, NOW)]


def test_a_query_names_a_day_a_month_or_a_year():
    assert days("What did Gina find on 1 February, 2023?") == [("2023-02-01", "2023-02-02")]
    assert days("on October 13, 2023") == days("2023-10-13") == [("2023-10-13", "2023-10-14")]
    assert days("on 8th December, 2023") == [("2023-12-08", "2023-12-09")]
    assert days("in the beginning of November 2022") == [("2022-11-01", "2022-12-01")]
    assert days("the release in 2023") == [("2023-01-01", "2024-01-01")]
    # no year: the most recent one that began by now (NOW is in January 2024)
    assert days("When did we go camping in June?") == [("2023-06-01", "2023-07-01")]
    assert days("what did we decide on January 3") == [("2024-01-03", "2024-01-04")]
    # the verb, a bare month name, a version number: no period
    for query in ("it may take a while", "python 3 may break", "python 3.11 may break",
                  "we march on", "before June", "what changed since the last deploy"):
        assert days(query) == [], query


def test_a_query_naming_a_day_prefers_what_was_said_that_day():
    # Two claims that match the query equally (the same stems), said on different days.
    said_in_may = "We reviewed the cache layout."
    said_in_june = "The cache layout was reviewed."
    state = fold([turn("s1", 0, said_in_may, at(2023, 5, 3)),
                  turn("s2", 0, said_in_june, at(2023, 6, 10))])
    assert ranked(state, "What about the cache layout on 3 May, 2023?")[0] == said_in_may
    assert ranked(state, "What about the cache layout in June 2023?")[0] == said_in_june
    assert ranked(state, "What about the cache layout on 10 June?")[0] == said_in_june


QUESTION = "Who is your favourite basketball team?"
REPLY = "The Wolves, no doubt. Their defence is amazing."
AFTER = "Nice, I should watch a game with you sometime."


def chat(day: float) -> list[dict]:
    return [
        turn("s1", 0, QUESTION, day),
        turn("s1", 1, REPLY, day),
        turn("s1", 2, AFTER, day),
        turn("s2", 0, "The team meeting moved to Fridays.", day + 86_400),
        turn("s2", 1, "Lunch was great today, the soup especially.", day + 86_400),
    ] + [turn(f"s{3 + i}", j, f"We chatted about {topic} and the weather, part {j}.",
              day + 86_400 * (2 + i))
         for i, topic in enumerate(("gardening", "recipes", "movies")) for j in range(3)]


def test_answers_are_the_claims_right_after_a_question_in_the_same_session():
    state = fold(chat(at(2023, 5, 3)))
    by_text = {c.text: c.id for c in state.claims.values()}
    links = expansion.answered_questions(state.claims.values())
    assert links == {by_text[REPLY]: by_text[QUESTION]}
    assert expansion.is_question("Really?  ") and not expansion.is_question("Why? Because.")


def test_a_reply_is_lent_its_questions_relevance(monkeypatch):
    """"The Wolves, no doubt" names nothing of "which basketball team does Tim support?": only
    the question it answers does. Session context gives the reply and the turn after it the
    question's words alike; lent a share of the question's relevance, the reply ranks right
    after its question. Without the loan it does not."""
    state = fold(chat(at(2023, 5, 3)))
    query = "Which basketball team does Tim support?"
    assert ranked(state, query)[:2] == [QUESTION, REPLY]
    monkeypatch.setattr(R, "ANSWER_WEIGHT", 0.0)
    unlent = ranked(state, query, index=R.ClaimIndex.build(state.claims.values()))
    assert unlent.index(AFTER) < unlent.index(REPLY)


def test_the_read_model_keeps_the_answers_and_claims_added_since_get_theirs(rlat_home):
    store = rlat_home / "memory.rlat"
    log = ClaimLog(store)
    log.append(chat(at(2023, 5, 3)))
    build_read_model(store)
    query = "Which basketball team does Tim support?"
    memory = open_read_model(store)
    assert memory.why is None
    index = memory.index()
    assert index.has_answers and index.scope is not None
    in_memory = ranked(memory.state, query, index=R.ClaimIndex.build(
        memory.state.claims.values()))
    assert ranked(memory.state, query, index=index) == in_memory

    # A later session, captured after the build: a delta with its own answer links.
    later = at(2023, 9, 1)
    asked, reply = "Who is your favourite hockey team?", "The Bruins, no doubt. Great goalie."
    log.append([turn("s9", 0, asked, later), turn("s9", 1, reply, later),
                turn("s9", 2, "Nice, I should watch a hockey game with you sometime.", later)])
    state = log.state()
    index = open_index(store, state, persist=False)
    assert index.delta and index.delta_answers
    assert ranked(state, "Which hockey team does Tim support?", index=index)[:2] == [
        asked, reply]
