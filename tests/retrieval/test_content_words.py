"""Which words of a prompt count as content for the abstention floor."""

from __future__ import annotations

import pytest

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.retrieval import abstention as A
from rlat.retrieval import recall as R

T0 = 1_800_000_000.0
WS = "git:github.com/acme/app"


def test_a_lone_digit_is_not_content():
    # "2.0" and "v18.19.0" share the piece "0"; with the version concept that was two shared
    # words and the Node pin was injected into a prompt about the app's own version number
    state = fold([ev.proposed("The repo needs Node 20.11.1 (.nvmrc) but this shell has "
                              "v18.19.0 - run `nvm use` first", "environment", workspace=WS,
                              ts=T0, citations=[ev.command_citation("node -v")], origin="user")])
    assert R.recall(state, "bump the version number to 2.0", workspace=WS, now=T0) == []
    assert "0" not in A.content_terms(R.query_terms("bump the version number to 2.0"))
    # numbers that say something still count
    assert "5433" in A.content_terms(R.query_terms("is postgres on 5433?"))
    assert [h.claim.text for h in R.recall(state, "which node version does the repo need?",
                                           workspace=WS, now=T0)] != []


def test_one_shared_word_answers_a_question_but_not_a_task():
    # the shared word is 0.23 of the prompt: above the floor, below the single-word floor
    assert A.FIT_FLOOR < 0.23 < A.TASK_FLOOR
    weights = {"a": 3.0, "b": 3.0, "c": 3.0}
    weights["error"] = 0.23 * 9.0 / (1 - 0.23)  # error / (error + 9) = 0.23
    prompt = ["error", "a", "b", "c"]
    claim = ["error", "unwrap", "anyhow", "context", "librari", "code"]
    claim_weight = {t: 9.0 for t in claim[1:]}
    weigh = lambda t: weights.get(t) or claim_weight.get(t, 1.0)  # noqa: E731
    asked = A.fit(prompt, claim, weigh, enough=A.FIT_FLOOR, asks=True)
    ordered = A.fit(prompt, claim, weigh, enough=A.FIT_FLOOR, asks=False)
    assert round(asked.prompt_share, 2) == 0.23 and asked.passes() and not ordered.passes()
    assert A.asks("how should errors be handled in the sync module?")
    assert not A.asks("fix the failing test in the parser")
    assert not A.asks("can you fix the failing test in the parser?")  # a polite order
    assert A.asks("can the test suite run concurrently?")


@pytest.mark.parametrize("prompt, is_order", [
    ("write a Zig function that counts the lines in a file", True),
    ("add a filter to the classes page", True),
    ("could you fix the failing test in the parser?", True),
    ("make check fails on main since this morning", False),  # a report: "make" is a noun
    ("build is red again", False),
    ("deploy is stuck at 40%", False),
    ("plan shows a change on the database every time, with no edits", False),  # what it shows
    ("build says the linker is out of memory", False),
    ("show the logs of the last deploy", True),
    ("could you remind me why we pin pip below 25?", False),  # asks to be told: a question
    ("how do I run the tests?", False),
])
def test_orders_are_told_from_reports_and_questions(prompt, is_order):
    assert A.orders(prompt) is is_order


def test_an_order_sharing_many_words_with_a_claim_needs_only_the_ordinary_floor():
    assert A.floor_for(2, orders=True) == A.TASK_FLOOR
    assert A.floor_for(A.ORDER_WORDS + 1, orders=True) == A.FIT_FLOOR
    assert A.floor_for(1) == A.TASK_FLOOR  # a report's single word
    assert A.floor_for(1, asks=True) == A.FIT_FLOOR


def test_not_and_vs_shape_a_question_but_match_nothing():
    # a recovery whose error says "Not Found" met "when should i NOT rebase" on "not" and a
    # concept; a session record's "staging vs main" met "count(*) vs count(column)" on "vs"
    state = fold([ev.proposed("Use `ENR_ENV=sandbox poetry run tallyspur pull --once` here "
                              "(`poetry run tallyspur pull --once` fails: 404 Not Found until "
                              "the polls close)", "environment",
                              workspace=WS, ts=T0, citations=[ev.command_citation("poetry run")],
                              origin="user")])
    for word in ("not", "vs", "versus"):
        terms = A.content_terms(R.query_terms(f"{word} rebase"))
        assert "rebas" in terms and not any(t.startswith(word[:4]) for t in terms)
    assert R.recall(state, "git rebase vs merge in two sentences, and when should i NOT rebase",
                    workspace=WS, now=T0) == []
    # the claim is still found by what it is about
    assert R.recall(state, "why does the tallyspur pull fail before the polls close?",
                    workspace=WS, now=T0) != []


@pytest.mark.parametrize(("prompt", "asked"), [
    # (twenty-seventh pass: a question typed without its mark after what it is about)
    ("new ci upload, which steam branch should it set live on", True),
    ("collector's up, no errors, nothing new in samples for an hour. what was that last time",
     True),
    ("thresholds on panels — where are they supposed to come from", True),
    ("changing the escalation delay in prod. which file", True),
    ("headless export says it cant load the project assembly, whats the step im missing", True),
    ("c# ahead of time compile to cut startup, did we try that? what happened", True),
    ("notif consumer spamming payment not found then fine on retry seen this", True),
    ("someone in slack says just flip on loom did we ever try that", True),
    ("bank rejected all the polish names overnight what do we do", True),
    ("fee off by a cent again what type is money supposed to be in the kotlin code", True),
    ("customer typod the reference again cant the recon just match close enough refs", True),
    ("fix the importer, which is failing on empty rows since monday", False),
    ("the deploy hangs at the migration step since this morning", False),
    ("add a retry to the webhook client, like the one in billing", False),
])
def test_a_question_typed_without_its_mark_after_its_context_is_a_question(prompt, asked):
    assert A.asks(prompt) is asked


@pytest.mark.parametrize("prompt", [
    # (a relative or adverbial clause closing a report is no question typed without its mark)
    "i rewrote the loader last week, which was slow",
    "the deploy hangs since monday, when we switched to the new runner",
    "the cache lives in /var/cache, where it was before",
    "renamed the env var, which the worker reads on startup",
    "the sidebar should collapse how it does on mobile",
])
def test_a_clause_closing_a_report_is_no_question(prompt):
    assert not A.asks(prompt)


def test_only_the_last_clause_of_a_long_unmarked_prompt_decides_whether_it_asks():
    # (the search starts at the last mark that ends a clause: an earlier clause that asks, with
    # a mark after it, makes no question of the prompt)
    told = "the nightly job ran late again. " * 100
    assert A.asks(told + "seen this")
    assert A.asks(told + "bank bounced the file, what do we do")
    assert not A.asks("ok seen this. " + told.strip())
    assert not A.asks("bank bounced the file, what do we do. " + told.strip())
