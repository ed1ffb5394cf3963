"""Recall abstains rather than inject noise: the relevance floor, as a user meets it through the
real UserPromptSubmit hook and `rlat memory recall --explain`."""

from __future__ import annotations

import json

from support.cli import run_rlat
from support.hookrun import add_claim as add
from support.hookrun import prompt

from rlat.claims.model import with_ask
from rlat.paths import state_dir
from rlat.retrieval.abstention import FIT_FLOOR, TASK_FLOOR

FACTS = [
    ("Run the tests with make check, never pytest directly", "convention"),
    ("The staging database is read-only on Fridays", "environment"),
    ("Use pnpm, not npm, for the frontend packages", "convention"),
    ("The API listens on port 8443 in development (8080 is taken by the proxy)", "environment"),
    ("Alembic migrations fail unless DATABASE_URL is set; export it from .env.local first",
     "environment"),
]
# What capture without a model writes for a whole session: one long block, typed event.
SESSION_RECORD = (
    "Goal: add retries to the webhook client so deliveries survive a flaky receiver. "
    "Changed: src/hooks/client.py, src/hooks/backoff.py, tests/test_client.py, README.md. "
    "Ran (8 failed): pytest tests/test_client.py -x; make check; ruff check src. "
    "Decided: exponential backoff capped at 30 seconds, three attempts, jitter on. "
    "Ended: the suite passes and the change is committed on the retries branch.")


def seed(work, *, record=True):
    ids = {text: add(work, text, kind) for text, kind in FACTS}
    if record:
        ids[SESSION_RECORD] = add(work, SESSION_RECORD, "event")
    return ids


def injected(session):
    path = state_dir() / f"{session}.jsonl"
    lines = [json.loads(ln) for ln in path.read_text().splitlines()]
    return [r["injected"] for r in lines if r["event"] == "prompt"]


def test_a_prompt_sharing_one_everyday_word_with_the_store_gets_nothing(workspace):
    seed(workspace)
    unrelated = [
        "rename the database column user_id to account_id",  # "database"
        "fix the failing test in the parser",  # "test", "fail"
        "could you fix the failing test in the parser?",  # the same order, asked politely
        "write a haiku about autumn leaves",  # nothing at all
        "can you help me with this?",  # no content word
    ]
    for i, text in enumerate(unrelated):
        out = prompt(workspace, text, f"quiet-{i}")
        assert out.stdout == "", (text, out.stdout)
        assert injected(f"quiet-{i}") == [[]]


def test_an_order_sharing_two_everyday_words_gets_nothing_a_report_still_its_answer(workspace):
    seed(workspace)
    add(workspace, "Every exported function gets a docstring with a jldoctest example in it - not "
                   "a plain julia code block, so the docs build runs it and it cannot rot",
        "convention")
    add(workspace, "Hot reloading is broken inside docker unless WATCHPACK_POLLING=true is set "
                   "in the web service's environment", "environment")
    order = "write a Julia function that computes a moving average over a vector of daily readings"
    assert prompt(workspace, order, "order-1").stdout == ""  # "julia", "function": incidental
    explained = run_rlat("memory", "recall", order, "--explain", cwd=workspace).stdout
    assert f"< {TASK_FLOOR:.2f}" in explained, explained
    report = prompt(workspace, "hot reloading broke in docker", "report-1")
    assert "WATCHPACK_POLLING" in report.context  # a report asks why, as a question would


def test_an_order_meeting_only_the_prompt_a_fact_was_learned_under_gets_nothing(workspace):
    seed(workspace)
    fact = with_ask("Use `west build -p -b scale_v2 app -- -DBOARD_ROOT=$PWD` here (`west build "
                    "-p -b scale_v2 app` fails: FATAL ERROR: command exited with status 1)",
                    "build the firmware for the v2 board, I changed the tare logic")
    add(workspace, fact, "environment")
    # the new task is in the same corner (firmware, tare), which says nothing of the build
    order = "add a shell command to the firmware that prints the current tare offset"
    assert prompt(workspace, order, "order-asked").stdout == ""
    # ... while a question about that situation is answered by it
    asked = prompt(workspace, "the firmware for the v2 board - how do I build it?", "asked-1")
    assert "-DBOARD_ROOT" in asked.context
    # and a report whose first word looks like an order is still a report
    assert "DBOARD_ROOT" in prompt(workspace, "build shows FATAL ERROR for the v2 board firmware",
                                   "report-2").context


def test_a_young_store_does_not_turn_one_shared_word_into_a_match(workspace):
    # Two claims: every word is rare, so idf alone cannot tell "database" is incidental here.
    add(workspace, FACTS[0][0], FACTS[0][1])
    add(workspace, FACTS[1][0], FACTS[1][1])
    assert prompt(workspace, "rename the database column user_id", "young-1").stdout == ""
    assert FACTS[1][0] in prompt(workspace, "is the staging database writable on fridays?",
                                 "young-2").context


def test_a_paraphrased_question_gets_its_claim_first(workspace):
    ids = seed(workspace)
    asked = {
        "how do I run the test suite?": FACTS[0][0],
        "which port does the API use when developing locally?": FACTS[3][0],
        "why do the alembic migrations keep failing?": FACTS[4][0],
    }
    for i, (text, fact) in enumerate(asked.items()):
        out = prompt(workspace, text, f"asked-{i}")
        assert fact in out.context, (text, out.stdout)
        (ranked,) = injected(f"asked-{i}")
        assert ranked[0] == [ids[fact], 1], text  # that claim first
        assert ids[SESSION_RECORD] not in [cid for cid, _rank in ranked]
        assert len(out.context) <= 800


def test_a_session_record_is_injected_only_when_nothing_else_matches(workspace):
    ids = seed(workspace)
    alone = prompt(workspace, "add retries with backoff to the webhook client", "s-alone")
    assert "Goal: add retries to the webhook client" in alone.context
    assert injected("s-alone") == [[[ids[SESSION_RECORD], 1]]]
    assert len(alone.context) <= 800  # the long record is cut to the budget, not dropped
    # Once a claim of its own states the fact, the session record is never injected for it.
    fact = add(workspace, "The webhook client retries three times with exponential backoff",
               "convention")
    both = prompt(workspace, "add retries with backoff to the webhook client", "s-both")
    assert "three times with exponential backoff" in both.context
    assert "Goal:" not in both.context
    assert injected("s-both") == [[[fact, 1]]]


def test_an_order_gets_a_session_record_only_for_a_task_that_session_was_asked(workspace):
    add(workspace, "Goal: store the report photos in Room as BLOBs instead of loose files\n"
                   "Then asked: add a row of filter chips above the report list; bump the "
                   "version to 2.4\nChanged: app/src/main/java/reports/ReportListScreen.kt\n"
                   "Ran: ./gradlew connectedCheck\nEnded: pull to refresh still works", "event")
    # its words are all over the record (add, list, report, pull, refresh), but no task of it
    # is this one
    assert prompt(workspace, "add pull-to-refresh to the list of reports", "o-1").stdout == ""
    again = prompt(workspace, "add filter chips above the report list", "o-2")
    assert "Goal: store the report photos" in again.context  # a task it was asked, again


def test_explain_says_why_each_claim_was_admitted_or_abstained(workspace):
    seed(workspace)
    out = run_rlat("memory", "recall", "rename the database column user_id", "--explain",
                   cwd=workspace)
    assert out.returncode == 0, out.stderr
    # the claim sharing "database" is shown, with the floor it missed and how little it covers
    # (one shared word: the higher floor a single word must clear)
    assert "abstained: fit" in out.stdout and f"< {TASK_FLOOR:.2f}" in out.stdout
    assert "covers 1 of" in out.stdout and "[databas]" in out.stdout
    assert "0 admitted" in out.stdout
    plain = run_rlat("memory", "recall", "rename the database column user_id", cwd=workspace)
    assert "No claim matches" in plain.stdout
    asked = run_rlat("memory", "recall", "why do the alembic migrations keep failing",
                     "--explain", "--format", "json", cwd=workspace)
    hits = json.loads(asked.stdout)["hits"]
    admitted = [h for h in hits if h["admitted"]]
    assert [h["text"] for h in admitted] == [FACTS[4][0]]
    assert f">= {FIT_FLOOR:.2f}" in admitted[0]["gate"] and "[alemb, migrat, fail]" in admitted[0]["gate"]
    assert all(h["gate"].startswith(("abstained:", "excluded:")) for h in hits
               if not h["admitted"])


CONCEPT_FACTS = [
    ("We don't use testify in this repo - plain testing package and table-driven tests only",
     "convention"),
    ("Money amounts are always Decimal here, never float", "convention"),
]


def test_a_question_sharing_no_word_with_its_claim_meets_it_through_a_concept(workspace):
    seed(workspace)
    ids = {text: add(workspace, text, kind) for text, kind in CONCEPT_FACTS}
    # alone, "test" is one shared word of four: below the floor; "assertion" and "testify"
    # meet in the concept ~testing, and two shared words clear it
    asked = {"which assertion library should the new unit tests use?": CONCEPT_FACTS[0][0]}
    for i, (text, fact) in enumerate(asked.items()):
        out = prompt(workspace, text, f"concept-{i}")
        assert fact in out.context, (text, out.stdout)
        assert ids[fact] in [cid for cid, _rank in injected(f"concept-{i}")[0]]
    # the concepts do not make unrelated prompts match, nor does a shared word count twice
    # through its own concept ("database", ~database), nor does a task that shares only a
    # concept with a claim get it (a topic is not an answer to "do this")
    for i, text in enumerate(["write a haiku about autumn leaves",
                              "rename the variable x to count in utils.py",
                              "show the currency symbol next to the pricing page totals"]):
        assert prompt(workspace, text, f"concept-quiet-{i}").stdout == "", text
    # ... while a question on that concept is answered by the claim on it
    out = prompt(workspace, "how should currency values be represented?", "concept-asks")
    assert "Money amounts are always Decimal here" in out.context, out.stdout
    explained = run_rlat("memory", "recall", "which assertion library should I pick?",
                         "--explain", cwd=workspace)
    assert "~testing" in explained.stdout  # the shared concept, shown as the index holds it


def test_a_question_is_answered_by_the_claim_it_means_through_the_hook(workspace):
    seed(workspace)
    finding = ("Turned strict concurrency checking back off: the compiler reported 214 "
               "Sendable errors in the map code")
    add(workspace, finding, "falsified")
    # one shared word ("compiler"): below the floor, but the question means the finding
    out = prompt(workspace, "has anyone tried letting the compiler find our data races?",
                 "meaning-asks")
    assert finding in out.context, out.stdout
    # the same words as an order get nothing: a task's neighbours in meaning are its work
    assert prompt(workspace, "let the compiler find our data races", "meaning-task").stdout == ""


def test_a_word_the_claim_has_only_inside_a_code_name_matches_nothing_alone(workspace):
    # "uk" and "simple" are parts of ukUser() and umqtt.simple there, not words the claims say
    add(workspace, "The shift tests run their assertions as ukUser() so the org's default time "
                   "zone can't move today under them", "environment")
    add(workspace, "Switched the MQTT client from umqtt.simple to umqtt.robust, which reconnects "
                   "by itself", "outcome")
    # ... while a snake_case name's parts are the words they spell
    add(workspace, "New money fields are integer price_pence columns in the models, never floats",
        "convention")
    assert prompt(workspace, "regex for a UK postcode?", "name-1").stdout == ""
    assert prompt(workspace, "what's a simple way to keep a changelog people read?",
                  "name-2").stdout == ""
    assert "price_pence" in prompt(workspace, "what type should a new price be?",
                                   "name-3").context
    why = run_rlat("memory", "recall", "regex for a UK postcode?", "--explain", cwd=workspace)
    assert "only part of a code name in the claim" in why.stdout


def test_a_code_name_said_whole_is_no_coincidence():
    # (the parts of ukUser and the last word of umqtt.simple are coincidences of spelling, but
    # a question naming PostgreSQL or the umqtt package names what the claim is about)
    from rlat.claims import events as ev
    from rlat.claims.fold import fold
    from rlat.retrieval.abstention import name_parts
    from rlat.retrieval.recall import recall, text_terms

    assert {"postgresql", "umqtt"}.isdisjoint(name_parts(
        "Staging runs PostgreSQL 15; the client went from umqtt.simple to umqtt.robust",
        text_terms))
    assert {"uk", "simpl"} <= name_parts("runs as ukUser() on umqtt.simple", text_terms)
    ws, at = "git:github.com/acme/app", 1_790_000_000.0

    def said(text, kind, session):
        return ev.proposed(text, kind, citations=[ev.session_citation(
            session, "m1", "h" + session, observed_at=at)], origin="session", workspace=ws,
            observed_by="claude-code", ts=at)

    state = fold([said("Staging runs PostgreSQL 15 on the shared RDS box", "environment", "s1"),
                  said("Switched the MQTT client from umqtt.simple to umqtt.robust, which "
                       "reconnects by itself", "outcome", "s2")]
                 + [said(f"Unrelated fact number {i} about the billing queue worker {i}",
                         "environment", f"x{i}") for i in range(20)])
    for question, answer in (("what postgresql version?", "PostgreSQL 15"),
                             ("why did we move off umqtt?", "umqtt.robust")):
        hits = recall(state, question, workspace=ws, top_k=3, now=at + 60)
        assert hits and answer in hits[0].claim.text, question
