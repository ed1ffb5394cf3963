"""Admission on meaning: a question is answered by a claim that means what it asks even when
the words they share are too few for the lexical floor — never a task, never an unrelated
question (the meaning table of ``rlat.retrieval.wordvec``, ``abstention.MEANING_FLOOR``)."""

from __future__ import annotations

import math

import pytest

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path
from rlat.retrieval import recall as R
from rlat.retrieval import wordvec
from rlat.retrieval.abstention import MEANING_FLOOR
from rlat.retrieval.readmodel import build_read_model, open_read_model

T0 = 1_800_000_000.0
WS = "git:github.com/acme/app"
CONCURRENCY = ("Turned strict concurrency checking back off: the compiler reported 214 "
               "Sendable errors in the map code")
FACTS = [
    "Run the tests with make check, never pytest directly",
    "The staging database is read-only on Fridays",
    "Use pnpm, not npm, for the frontend packages",
    "Alembic migrations fail unless DATABASE_URL is set; export it from .env.local first",
    CONCURRENCY,
    "Logs go through structlog with JSON output; no print statements in the service code",
]
ASKED = "has anyone tried letting the compiler find our data races?"


def store():
    return fold([ev.proposed(t, "convention", workspace=WS, citations=[ev.command_citation(t)],
                             origin="user", ts=T0) for t in FACTS])


def recalled(state, prompt):
    return [h.claim.text for h in R.recall(state, prompt, workspace=WS, now=T0)]


def test_a_question_gets_the_claim_it_means_though_they_share_one_word():
    state = store()
    assert recalled(state, ASKED) == [CONCURRENCY]
    [hit] = [h for h in R.explain(state, ASKED, workspace=WS, now=T0) if h.admitted]
    assert "admitted on meaning" in hit.gate and f"floor {MEANING_FLOOR:.2f}" in hit.gate


@pytest.mark.parametrize("damage", ["missing", "truncated", "garbage"])
def test_without_a_usable_meaning_table_the_words_alone_decide(monkeypatch, tmp_path, damage):
    path = tmp_path / f"{damage}.bin"
    if damage == "truncated":
        path.write_bytes(wordvec.MEANING_PATH.read_bytes()[:5000])
    elif damage == "garbage":
        path.write_bytes(wordvec.MAGIC + b"\xff" * 64)
    monkeypatch.setenv("RLAT_MEANING_VEC", str(path))
    assert wordvec.meaning_table() is None
    state = store()
    assert recalled(state, ASKED) == []  # one shared word ("compiler") is below the floor
    # ... and everything the words do clear is still recalled
    assert "Logs go through structlog" in recalled(state, "how should the service log?")[0]


def test_a_task_is_never_admitted_on_meaning():
    state = store()
    assert recalled(state, "let the compiler find our data races") == []
    assert recalled(state, "could you make the compiler find our data races?") == []


def test_a_question_general_knowledge_answers_is_not_admitted_on_meaning():
    state = store()
    # means much what ASKED means, but asks about the world, not this project
    assert recalled(state, "what's the difference between a data race and a race condition "
                           "the compiler can find?") == []
    # ... while shared words still count: the project's own rule is relevant to this one
    assert recalled(state, "what's the difference between pnpm and npm?") == [FACTS[2]]


def test_a_general_questions_frame_is_no_evidence_and_a_question_about_ours_is_not_general():
    from rlat.retrieval.abstention import asks_in_general

    frame = "IL2CPP made no difference to the frame time: the swarm is GPU-bound"
    state = fold([ev.proposed(frame, "outcome", workspace=WS, citations=[ev.command_citation(
        frame)], origin="user", ts=T0)])
    assert recalled(state, "what's the difference between Update and FixedUpdate?") == []
    assert recalled(state, "did IL2CPP make a difference to the frame time?") == [frame]
    assert not asks_in_general("what does this error mean?")
    assert not asks_in_general("what's the difference between our staging and prod deploys?")
    assert not asks_in_general("what does DATABASE_URL mean?")  # (a setting of this project)
    assert asks_in_general("what does constexpr actually guarantee?")


def test_a_general_question_is_answered_only_by_a_claim_covering_what_it_asks():
    from rlat.retrieval.abstention import asks_in_general

    schema = "Schemas are malli - a vector schema registered in borrowbox.schema"
    state = fold([ev.proposed(schema, "convention", workspace=WS, citations=[
        ev.command_citation(schema)], origin="user", ts=T0)])
    # one of the two things asked about is a topic, not an answer
    assert recalled(state, "what's the difference between a vector and a list in Clojure?") == []
    # ... a question about this project's schemas is no general one
    assert recalled(state, "how do we declare a vector schema here?") == [schema]
    for general in ("explain the difference between a left join and an inner join",
                    "how is $effect different from $derived in Svelte 5?",
                    "what does a devicetree overlay do, in a sentence or two?",
                    "explain what a functor is in OCaml, with a tiny example",
                    "what's the difference between select_related and prefetch_related?",
                    "what's a narrow versus a wide transformation in Spark?",
                    "how do I squash my last three commits into one?",
                    "what is difference between Task.async and spawn_link in elixir?",
                    "how do I undo the last commit but keep the changes in my working tree?",
                    # (eleventh pass)
                    "difference between chrome.scripting.executeScript and a declared content "
                    "script?",
                    "WP_Query vs get_posts - when would I use which?",
                    "explain how Minecraft's game tick works and what a TPS drop means",
                    "how do I find which process is holding a serial port open on linux",
                    # (twelfth pass)
                    "what does 'timing closure' mean in FPGA work?",
                    "what does git rebase --onto do?",
                    "explain what the local keyword does in Perl",
                    "summarise the pros and cons of WireGuard vs OpenVPN for a small club",
                    # (thirteenth pass)
                    "css grid vs flexbox - when do I use which?",
                    # (twenty-second pass)
                    "what's the practical difference between tcp and udp for a multiplayer game",
                    "what's a reasonable way to write release notes people actually read",
                    "what's a good way to name boolean variables?",
                    # (twenty-third pass)
                    "how do I make a local git branch track a remote one?",
                    "how I remove from git history a big file i committed by mistake",
                    "what's a good way to say 'this slipped to next week' in a status update?",
                    'what does "our" mean in Perl?'):
        assert asks_in_general(general), general
    for ours in ("staging vs prod config - which one does the worker read?",
                 "prod vs staging config - which one has the redis url?",
                 "explain how our deploy works",
                 "how do I run the tests on windows",
                 "what does 'make ship' do here?",
                 "what does our deploy script --dry-run do?",
                 "explain what the retry decorator does in our client",
                 "list the trade-offs of the two caching options we discussed",
                 "explain what the cleanup function does",
                 "what does make deploy --dry-run do?",
                 "what's a good way to name our feature flags?",
                 "what's the right way to put a new picture on a page of the site?"):
        assert not asks_in_general(ours), ours


def test_a_question_about_this_projects_ways_with_git_is_no_general_one():
    from rlat.retrieval.abstention import asks_in_general

    for ours in ("how do we name release branches here?",
                 "how should I word the commit message for this change?",
                 "how do I build only my branch's modified models in my sandbox?",
                 "how do I rename the release branch for march?",
                 "how should I rename the migration files?",
                 "how do I make the release branch track main?",
                 "how do we remove secrets from our git history",
                 "how do I remove the old config from the deploy?"):
        assert not asks_in_general(ours), ours


def test_a_session_record_never_answers_a_general_question():
    record = ("Goal: skim roles/unifi/defaults/main.yml and tell me what it's for\nThen asked: "
              "what goes in defaults and what in vars of an Ansible role here")
    state = fold([ev.proposed(record, "event", workspace=WS, citations=[
        ev.command_citation(record)], origin="user", ts=T0)])
    assert recalled(state, "what's the difference between defaults and vars in an Ansible "
                           "role?") == []
    assert recalled(state, "what goes in defaults and vars of our ansible role?") == [record]


def test_an_unrelated_question_sharing_a_word_gets_nothing():
    state = store()
    for question in ("should we rename the database column user_id to account_id?",
                     "who reviews pull requests for the frontend?",
                     "does the map screen need a loading spinner?"):
        assert recalled(state, question) == [], question


def test_a_words_length_says_how_much_it_tells():
    table = wordvec.meaning_table()
    assert table is not None and table.dims >= 64 and table.n > 20_000

    def length(word):
        term = R.query_terms(word)[0]  # (then its concept tags, which have no vector)
        return math.sqrt(sum(x * x for x in table.vector(term)))

    for telling, everyday in (("migration", "use"), ("flaky", "thing"), ("timeout", "various")):
        assert length(telling) > 2 * length(everyday), (telling, everyday)


def test_the_worker_stores_claim_vectors_for_meaning_too():
    log = ClaimLog(memory_store_path())
    for text in FACTS:
        log.append([ev.proposed(text, "convention", workspace=WS,
                                citations=[ev.command_citation(text)], origin="user")])
    build_read_model(memory_store_path())
    memory = open_read_model(memory_store_path())
    index = memory.index()
    table = wordvec.meaning_table()
    assert index.meaning_of == table.id and len(index.meaning) == len(FACTS) * table.dims
    assert [h.claim.text for h in R.recall(memory.state, ASKED, workspace=WS,
                                           index=index)] == [CONCURRENCY]
    assert not index._vector_memo  # the hook embedded the prompt only


def _table(path, vectors: dict[str, tuple[int, ...]]):
    keys = sorted(vectors, key=lambda k: k.encode())
    data = b"".join(bytes(x & 0xFF for x in vectors[k]) for k in keys)
    path.write_bytes(wordvec.pack(keys, data, 4))
    return path


@pytest.mark.parametrize(("agreement", "admitted"), [(0.30, True), (0.20, False)])
def test_words_that_nearly_fit_are_admitted_when_the_meaning_agrees(
        monkeypatch, tmp_path, agreement, admitted):
    """Two kinds of partial evidence: a fit just under the floor and a meaning just under its
    own. A table made for the test fixes the meaning: every word of the question points one
    way; "pytest" points elsewhere at the length that makes the run-the-tests rule agree
    ``agreement`` with the question."""
    question = "does alembic need anything set before migrations run?"
    asked = {t: (20, 0, 0, 0) for t in R.query_terms(question) if not t.startswith("~")}
    off = round(20 * math.sqrt(1 / agreement ** 2 - 1))  # (int8: at most 127)
    path = _table(tmp_path / "t.bin", {**asked, "pytest": (0, off, 0, 0)})
    monkeypatch.setenv("RLAT_MEANING_VEC", str(path))
    hits = {h.claim.text: h for h in R.explain(store(), question, workspace=WS, now=T0)}
    run_tests = hits[FACTS[0]]  # shares "run" alone: fit 0.17
    staging = hits[FACTS[1]]  # shares "~database" alone: fit 0.18, no meaning at all
    assert "fit 0.18" in staging.gate and not staging.admitted
    assert run_tests.admitted is admitted, run_tests.gate
    if admitted:
        assert "admitted on meaning and words together" in run_tests.gate
    assert hits[FACTS[3]].admitted  # the alembic rule itself, on its words
    # recall (which judges the floor before ranking) agrees with explain, and says it once
    recalled = {h.claim.text: h for h in R.recall(store(), question, workspace=WS, now=T0)}
    assert (FACTS[0] in recalled) is admitted and FACTS[1] not in recalled
    if admitted:
        assert recalled[FACTS[0]].gate.count("admitted on meaning") == 1, recalled[FACTS[0]].gate


def test_a_claim_admitted_on_meaning_takes_one_place_among_the_candidates(monkeypatch):
    # POOL candidates are looked at; one admitted on meaning must not count twice
    monkeypatch.setattr("rlat.retrieval.abstention.POOL", 1)
    state = fold([ev.proposed(CONCURRENCY, "convention", workspace=WS,
                              citations=[ev.command_citation("c")], origin="user", ts=T0)])
    assert recalled(state, ASKED) == [CONCURRENCY]


def test_a_question_for_a_version_or_an_address_prefers_a_claim_that_states_one():
    from rlat.retrieval.answer_types import asked_type, states

    texts = ["Julia code is formatted with Runic before every commit.",
             "Julia docs are built with Documenter.",
             "The project pins Julia 1.10.4 in its Manifest.",
             "Julia tests run with the Pkg test suite."]
    state = fold([ev.proposed(t, "environment", workspace=WS, citations=[
        ev.command_citation(t)], origin="user", ts=T0) for t in texts])
    hits = R.recall(state, "which Julia release do we use?", workspace=WS, top_k=1, now=T0)
    assert [h.claim.text for h in hits] == [texts[2]]
    assert asked_type("what address do I open in the browser?") == "address"
    assert states("address", "it is up on http://127.0.0.1:4721") and not states(
        "version", "see docs/v2/setup.md")


def test_a_question_for_a_place_prefers_a_claim_that_names_one(monkeypatch):
    from rlat.retrieval import recall

    texts = ["Translations are reviewed by the clinic staff before each release.",
             "Translations for the booking page, the reminder e-mails and the invoices that "
             "patients get are keys in translations/messages.pl.yaml.",
             "Translations must never be machine-generated for patient-facing pages."]
    state = fold([ev.proposed(t, "convention", workspace=WS, citations=[
        ev.command_citation(t)], origin="user", ts=T0) for t in texts])
    question = "where do translations go?"
    assert [h.claim.text for h in R.recall(state, question, workspace=WS, top_k=1,
                                           now=T0)] == [texts[1]]
    # the rule, not the words: without the lent weight another claim comes first
    monkeypatch.setattr(recall, "TYPE_WEIGHT", 0.0)
    assert [h.claim.text for h in R.recall(state, question, workspace=WS, top_k=1,
                                           now=T0)] != [texts[1]]


def test_a_question_about_a_thing_of_this_project_is_not_general():
    from rlat.retrieval.abstention import asks_in_general

    for ours in ("What is a reasonable batch size for the importer?",
                 "How is the staging config different from prod?",
                 "explain the difference between the staging and prod workers"):
        assert not asks_in_general(ours), ours
    deploy = "bin/deploy runs the migrations first and aborts the deploy when a migration fails"
    state = fold([ev.proposed(deploy, "convention", workspace=WS, citations=[
        ev.command_citation(deploy)], origin="user", ts=T0)])
    # general in form, but a claim covering what it asks still answers it
    assert recalled(state, "What does the deploy script do when a migration fails?") == [deploy]


KAFKA = ("The consumer drops records over 1 MB at debug level; raise KAFKA_MAX_MESSAGE_BYTES "
         "for the topic")
MKDOCS = ("Use `mkdocs build --strict -f docs/mkdocs.yml` here (`make docs` fails: make: *** "
          "No rule to make target 'docs')")


def test_a_claim_sharing_a_word_by_coincidence_is_left_out_for_questions_and_tasks():
    state = fold([ev.proposed(t, "convention", workspace=WS, citations=[ev.command_citation(t)],
                              origin="user", ts=T0) for t in FACTS + [KAFKA]])
    for prompt in ("where are trail difficulty levels defined?",  # a question
                   "rename trail level"):  # a task (a third of it is the shared word)
        assert KAFKA not in recalled(state, prompt), prompt
        [hit] = [h for h in R.explain(state, prompt, workspace=WS, now=T0)
                 if h.claim.text == KAFKA]
        assert not hit.admitted and "meanings disagree" in hit.gate
    # prompts that mean what the claim says still get it, on three words or on one
    assert KAFKA in recalled(state, "why are large records dropped by the consumer?")
    assert KAFKA in recalled(state, "what happens to records over a megabyte?")


def test_a_claim_that_is_mostly_a_command_is_not_judged_by_meaning():
    state = fold([ev.proposed(t, "environment", workspace=WS, citations=[ev.command_citation(t)],
                              origin="user", ts=T0) for t in FACTS + [MKDOCS]])
    assert MKDOCS in recalled(state, "how do I generate the documentation site locally?")


def test_a_shared_word_the_meaning_table_does_not_know_is_not_judged_by_meaning():
    # "bump tailwind": the table knows *bump* only, so the cosine says nothing about a claim
    # on Tailwind; the words decide
    tailwind = "Tailwind v4 dropped tailwind.config.js; theme tokens are in app.css under @theme"
    state = fold([ev.proposed(t, "convention", workspace=WS, citations=[ev.command_citation(t)],
                              origin="user", ts=T0) for t in FACTS + [tailwind]])
    assert wordvec.meaning_table().vector("tailwind") is None
    for prompt in ("bump tailwind", "upgrade tailwind", "debug tailwind"):
        assert tailwind in recalled(state, prompt), prompt


PARTIAL = "No partial functions in library code - no head, tail, fromJust or !!"
HOUSE_RULE = "what's the house rule on functions that crash on an empty list?"


def test_the_best_lexical_candidate_needs_less_meaning_to_answer_a_question(monkeypatch):
    from rlat.retrieval import abstention as A

    state = fold([ev.proposed(t, "convention", workspace=WS, citations=[ev.command_citation(t)],
                              origin="user", ts=T0) for t in [PARTIAL, *FACTS]])
    # one shared word (functions), and a meaning short of MEANING_FLOOR, but the words already
    # picked it out of the store: BEST_MEANING is enough
    assert recalled(state, HOUSE_RULE) == [PARTIAL]
    [hit] = [h for h in R.explain(state, HOUSE_RULE, workspace=WS, now=T0) if h.admitted]
    assert "the best lexical candidate" in hit.gate
    monkeypatch.setattr(A, "BEST_MEANING", A.MEANING_FLOOR)
    # (it asks the house rule, so the first convention may come in by its kind too: that route
    # is tested below, with the question's words leaving the floor short)
    monkeypatch.setattr(A, "KIND_MEANING", A.MEANING_FLOOR)
    assert recalled(state, HOUSE_RULE) == []
    # ... and only the best: behind a claim sharing more of the question's words, the same
    # agreement in meaning is not enough
    monkeypatch.undo()
    crash = "House rule: crash reports go to the on-call channel, not to email"
    state = fold([ev.proposed(t, "convention", workspace=WS, citations=[ev.command_citation(t)],
                              origin="user", ts=T0) for t in [PARTIAL, crash, *FACTS]])
    assert PARTIAL not in recalled(state, HOUSE_RULE)


def test_a_general_question_about_a_term_and_why_it_helps_stays_general():
    from rlat.retrieval.abstention import asks_in_general

    assert asks_in_general("what's a learning-rate warmup and why does it help?")
    # ("it" is this project's when it does something: a report, not a definition)
    assert not asks_in_general("what is a sidecar and why does it keep restarting?")
    # (and only after "what's a …": "what does PaymentRouter do and how does it work …" asks
    # about this project's thing)
    assert not asks_in_general("what does PaymentRouter do and how does it work for refunds?")


@pytest.mark.parametrize("asked", [
    "explain what the local keyword does in Perl and when you'd want it",
    "explain what a monad is and when to use it",
])
def test_a_general_question_closing_with_when_to_use_it_stays_general(asked):
    from rlat.retrieval.abstention import asks_in_general

    assert asks_in_general(asked)


def test_when_to_use_our_own_thing_is_no_general_question():
    from rlat.retrieval.abstention import asks_in_general

    assert not asks_in_general("what does our deploy script do and when would I use it")


OCTANE = ("Took Octane out again: the app is booted once per worker and keeps state between "
          "requests, so users saw each other's lessons. [asked: try running the app under "
          "Octane to cut the response times]")
PHP_INI = "The app's PHP settings live in docker/php.ini; restart the container after editing it"
LONG_RUNNING = "has anyone tried a long-running php server?"


def attempts(*outcomes, typ="outcome"):
    """A store of ``FACTS`` and ``PHP_INI`` plus ``outcomes`` as claims of type ``typ``."""
    return fold([ev.proposed(t, "convention", workspace=WS, citations=[ev.command_citation(t)],
                             origin="user", ts=T0) for t in [*FACTS, PHP_INI]]
                + [ev.proposed(t, typ, workspace=WS, citations=[ev.command_citation(t)],
                               origin="user", ts=T0) for t in outcomes])


def test_a_question_about_what_was_tried_gets_the_report_of_the_attempt(monkeypatch):
    from rlat.retrieval import abstention as A

    # one shared word (php goes to the ini claim, run to the tests rule); the report of the
    # Octane attempt shares only *run* and means it less than BEST_MEANING — but it is the
    # project's first candidate of the kind of answer asked for
    assert OCTANE in recalled(attempts(OCTANE), LONG_RUNNING)
    [hit] = [h for h in R.explain(attempts(OCTANE), LONG_RUNNING, workspace=WS, now=T0)
             if h.admitted and h.claim.text == OCTANE]
    assert "asks for what was tried here" in hit.gate and "floor 0.20" in hit.gate
    # the rule, not the words: the same text as a convention is no report of an attempt
    assert OCTANE not in recalled(attempts(OCTANE, typ="convention"), LONG_RUNNING)
    monkeypatch.setattr(A, "KIND_MEANING", A.MEANING_FLOOR)
    assert OCTANE not in recalled(attempts(OCTANE), LONG_RUNNING)


def test_only_the_first_report_of_an_attempt_gets_the_lower_floor():
    # a report sharing more of the question's words comes first; the Octane one is then no
    # longer the project's best answer of that kind
    disk = "Reverted the long log retention on the mail server: the disk filled in two days"
    got = recalled(attempts(OCTANE, disk), LONG_RUNNING)
    assert disk in got and OCTANE not in got


@pytest.mark.parametrize("prompt", [
    "try a long-running php server",  # an order: the work it names, not what was tried
    "when I try to start a long-running php server it crashes, why?",  # trying now
])
def test_trying_now_or_asking_to_try_is_no_question_about_what_was_tried(prompt):
    assert OCTANE not in recalled(attempts(OCTANE), prompt)


def test_which_kind_of_answer_a_question_asks_for():
    from rlat.retrieval.answer_types import ATTEMPT, asked_type, states
    from rlat.retrieval.answer_types import asked_kind as asked_with_value
    from rlat.retrieval.answer_types import gives as gives_stated

    def asked_kind(query):
        return asked_with_value(query, asked_type(query))

    def gives(kind, claim_type, text):
        return gives_stated(kind, claim_type, lambda: states(kind, text))

    for asked in ("has anyone tried a long-running php server for this app?",
                  "is there a wrapper tool we evaluated for keeping the envs in sync?",
                  "why don't the long lists use the CDK's windowing?",
                  "could we precompute the prices instead of computing them per request?",
                  "did we ever try a different physics backend, and what broke?"):
        assert asked_kind(asked) == ATTEMPT, asked
    for asked in ("why did we drop webpack?", "did we ever use graphql?",
                  "what have we already tried to cut the build times?"):
        assert asked_kind(asked) == ATTEMPT, asked
    for other in ("when I try to compile it fails, why?", "what should I try next?",
                  # (what the user tried, not what was tried here before)
                  "I've tried everything, why won't it work?",
                  "tried that, still broken. any other idea?",
                  "we tried that already, what else could it be?",
                  "what went wrong with the login page?", "why is it slow?"):
        assert asked_kind(other) is None, other
    assert asked_kind("which go toolchain should I install?") == "version"
    assert asked_kind("where does the config file live?") == "location"
    assert gives(ATTEMPT, "outcome", "Backed out maplibre: the bundle tripled")
    assert not gives(ATTEMPT, "convention", "Backed out maplibre: the bundle tripled")
    assert gives("location", "environment", "Everything lives in ~/.local/share/app/notes.db")
    assert not gives("version", "event", "Goal: upgrade to 1.2.3")
    # a place is a path or a config file, not prose with a slash in it
    for prose in ("use one and/or the other", "the proxy is on HTTP/2 already",
                  "every Pressable/button gets a testID", "async I/O"):
        assert not gives("location", "convention", prose), prose
    for place in ("~/.local/share/app", "config/mail.yml", "tallyrix--1.3.sql", "src/app/"):
        assert gives("location", "environment", f"it is in {place}"), place


CEILINGS = ("Containers get CPU requests but never CPU limits - the throttling hurt more than it "
            "helped - and the memory limit is set equal to the memory request")


def test_a_question_asking_the_teams_rule_gets_the_convention_that_answers_it():
    # "policy" and "ceilings" are not the rule's words; the claim's type says it is a rule
    prompt = "what's our policy on resource ceilings for containers?"

    def state(typ):
        # (reports that mention containers too: the word alone picks out none of them)
        reports = ["The worker containers restart nightly at 03:00 UTC",
                   "Containers pull from the registry mirror at registry.internal:5000",
                   "The api containers log JSON to stdout"]
        return fold([ev.proposed(t, "environment", workspace=WS, origin="user", ts=T0,
                                 citations=[ev.command_citation(t)]) for t in [*FACTS, *reports]]
                    + [ev.proposed(CEILINGS, typ, workspace=WS, origin="user", ts=T0,
                                   citations=[ev.command_citation(CEILINGS)])])

    assert CEILINGS in recalled(state("convention"), prompt)
    [hit] = [h for h in R.explain(state("convention"), prompt, workspace=WS, now=T0)
             if h.claim.text == CEILINGS]
    assert "asks for a rule of the team's" in hit.gate
    # the same words as a report of how something went are no rule
    assert CEILINGS not in recalled(state("environment"), prompt)


def test_which_questions_ask_the_teams_rule():
    from rlat.retrieval.answer_types import RULE, asked_kind

    for asked in ("what's our policy on resource ceilings for containers?",
                  "what's the house style for NgRx actions?",
                  "how are errors supposed to be reported from the library code?",
                  "what's our rule for datetime columns in migrations?",
                  "how should we name the S3 buckets?"):
        assert asked_kind(asked, None) == RULE, asked
    for other in ("what's the rule here?", "how do I add a new loot table?",
                  "how are they meant to be run here?",  # (the tests: a job)
                  "fix our naming of the buckets"):
        assert asked_kind(other, None, question=other.endswith("?")) != RULE, other


def test_a_report_of_an_attempt_sharing_only_the_word_tried_is_not_let_in_by_its_kind():
    # "tried" is filler: the user telling what they tried shares nothing with the store's
    # report of an attempt, however the question is worded
    tried = ("Tried moving the sessions to Redis: logins broke for everyone on the old app, so "
             "that went back out")
    state = attempts(tried)
    for prompt in ("has anyone tried turning it off and on again?",
                   "did anyone try a standing desk?", "has anyone here tried a standing desk?"):
        admitted = [h for h in R.explain(state, prompt, workspace=WS, now=T0) if h.admitted]
        assert not any("asks for what was tried" in h.gate for h in admitted), prompt


@pytest.mark.parametrize("general", [
    "in Dart, what's the difference between final and const?",  # (scoped to a language)
    "quick question: what's the difference between a mutex and a semaphore?",
    "what does HTTP status 418 mean?",  # (a protocol's numbered code)
    "what does exit code 137 mean?",
    "how do I list git branches sorted by the date of their last commit?",
    "what does HTTP 409 Conflict usually mean in a REST API?",  # (the code's name, an adverb)
    "in Rust, what does the ? operator expand to?",  # (an operator by its sign)
    "write a limerick about a test that only fails on Fridays",  # (verse, whatever its topic)
    "could you write me a haiku?",
])
def test_a_general_question_scoped_or_about_a_numbered_code_is_still_general(general):
    from rlat.retrieval.abstention import asks_in_general

    assert asks_in_general(general)


@pytest.mark.parametrize("ours", [
    "for the importer, what does exit code 3 mean?",  # (this project's tool)
    "in this repo, what's the difference between the two configs?",
    "what does exit code 137 mean here?",
    "how do I list our release branches?",
])
def test_a_question_scoped_to_this_project_is_not_general(ours):
    from rlat.retrieval.abstention import asks_in_general

    assert not asks_in_general(ours)


@pytest.mark.parametrize("ours", [
    "what does the importer exit code 3 mean?",  # (a numbered code of this project's tool)
    "what does syncd error 1234 mean?",
    "in prod, what's the difference between the two queues?",  # (a place of this project)
    "how do i sort imports before i commit?",  # (no git how-to)
    "how do I prune the old feature flags before the commit?",
    "what does our retry operator do?",
    "write a song title generator for the cli",  # (a song's title: work, not verse)
    "write a test for the flaky parser",
])
def test_a_projects_codes_places_and_chores_are_not_general(ours):
    from rlat.retrieval.abstention import asks_in_general

    assert not asks_in_general(ours)


@pytest.mark.parametrize(("asked", "general"), [
    # (twenty-sixth pass: advice on doing a thing well, with people as much as code)
    ("how do I write a good commit message?", True),
    ("what makes a good commit message?", True),
    ("give me three tips for writing good commit messages", True),
    ("how long should a retro be for a team of five after a rough release?", True),
    ("how do I write a polite email pushing back on an unrealistic deadline", True),
    ("how do we write a good migration here?", False),
    ("how do I write a good test for the parser in this repo?", False),
    ("how long should the cache live?", False),
    ("any tips for the staging deploy?", False),
    # (a relative "that" points at nothing here; "that error" does)
    ("what is a good way to structure a python package that has both a gui and a cli", True),
    ("what does that error mean?", False),
    ("what's a good way to name a flag that our importer reads?", False),
])
def test_advice_on_doing_a_thing_well_is_a_general_question(asked, general):
    from rlat.retrieval.abstention import asks_in_general

    assert asks_in_general(asked) is general


def test_advice_asked_in_general_gets_no_claim_sharing_its_words():
    rule = "Commit messages here follow Conventional Commits: feat:, fix:, chore: prefixes"
    state = fold([ev.proposed(rule, "convention", workspace=WS, citations=[
        ev.command_citation(rule)], origin="user", ts=T0)])
    assert recalled(state, "how do I write a good commit message?") == []
    assert recalled(state, "how should commit messages be written here?") == [rule]


@pytest.mark.parametrize(("asked", "general"), [
    # (twenty-seventh pass: an explanation pitched at a learner is asked of general knowledge)
    ("how does HTTPS actually keep things secret? short version please", True),
    ("explain CORS like I'm new to web development", True),
    ("what does Hardy-Weinberg equilibrium mean, in simple terms?", True),
    ("how does a bloom filter work, roughly", True),
    ("how do vector clocks and lamport clocks relate? explain it like i'm five", True),
    ("what is a write-ahead log, with an example", True),
    # (but not of this project's things, however briefly asked)
    ("how does the importer pick its batch size, roughly?", False),
    ("how does our deploy work, short version", False),
    ("explain what `sync_ledger` does like I'm new to the codebase", False),
    ("what is STRIPE_WEBHOOK_SECRET used for, briefly?", False),
    # (a quantity, not a hedge; a request to act, not to explain)
    ("roughly how much does the SMS bill come to each month?", False),
    ("why is the cache hit rate roughly half of what it was?", False),
    ("summarise the release notes briefly", False),
    # ("X vs Y — does it matter which …": the frame's "it", not this project's)
    ("uuid v4 vs v7 — does it matter which i use for primary keys", True),
    ("staging vs prod config - does it matter which one the worker reads", False),
    # (what follows the question is the asker's own, not the project's)
    ("what does a p-value actually tell you? need it in two sentences for a reporter", True),
    ("What is the difference between a ledger and a journal? My niece starts a course", True),
    ("what does the deploy log tell you about the outage?", False),
    ("how does git rebase --onto work, i always panic when i need it", True),
])
def test_an_explanation_for_a_learner_is_a_general_question(asked, general):
    from rlat.retrieval.abstention import asks_in_general

    assert asks_in_general(asked) is general


def test_a_brief_explanation_asked_in_general_gets_no_claim_sharing_its_words():
    fact = "Staging serves HTTPS with a certificate from the internal CA, renewed every 30 days"
    state = fold([ev.proposed(fact, "environment", workspace=WS, citations=[
        ev.command_citation(fact)], origin="user", ts=T0)])
    assert recalled(state, "how does HTTPS keep things secret, roughly?") == []
    assert recalled(state, "which CA issues the certificate staging serves over HTTPS?") == [fact]


@pytest.mark.parametrize(("text", "place"), [
    ("All Terraform state lives in the GCS bucket tessel-tfstate-eu", True),
    ("The drop is gs://tessel-bank-drop-prod/noordhaven/", True),
    ("Uploads go to https://data.example.gov/gtfs/feed.zip", True),
    ("The bucket is nearly full", False),
])
def test_a_bucket_or_a_storage_url_is_a_place(text, place):
    from rlat.retrieval import answer_types

    assert answer_types.states("location", text) is place


def test_a_claim_naming_the_place_asked_for_is_not_refused_for_its_meaning(monkeypatch):
    # (dev46: "… need to look at the state file itself where does it live" shares *state* and
    # *live* with the answer, whose word vectors the table reads as unrelated, 0.07)
    from rlat.retrieval import recall

    fact = "All Terraform state lives in the GCS bucket tessel-tfstate-eu, one prefix per stack"
    state = fold([ev.proposed(fact, "environment", workspace=WS, citations=[
        ev.command_citation(fact)], origin="user", ts=T0)])
    question = "atlantis says state lock error need to look at the state file itself where " \
               "does it live"
    assert [h.claim.text for h in R.recall(state, question, workspace=WS, now=T0)] == [fact]
    # the rule, not the words: a claim naming no place is judged by its meaning as before
    monkeypatch.setattr(recall.answer_types, "states", lambda kind, text: False)
    assert R.recall(state, question, workspace=WS, now=T0) == []


def test_the_words_pitching_an_explanation_are_not_asked_about():
    # ("in plain english" says how to explain, not what: a claim saying what sync_ledger does
    # covers what is asked)
    fact = "sync_ledger copies settled payments from Stripe into the ledger table every 10 minutes"
    state = fold([ev.proposed(fact, "environment", workspace=WS, citations=[
        ev.command_citation(fact)], origin="user", ts=T0)])
    for asked in ("what does sync_ledger do, in plain english", "what does sync_ledger do?"):
        assert recalled(state, asked) == [fact], asked
