"""Capture rules of the tenth pass, against what a read-only review of them reproduced: each
test failed on the rules as first written (see docs/benchmarks.md, "Tenth pass")."""

from __future__ import annotations

import pytest
from capture_helpers import facts_of, session, texts

from rlat.capture.pipeline import capture_transcript

SUBAGENT_TRAILER = ("agentId: a19dbd3d0ac2c318a (use SendMessage with to: 'a19dbd3d0ac2c318a', "
                    "summary: '<5-10 word recap>' to continue this agent)\n<usage>subagent_tokens:"
                    " 5610\ntool_uses: 6\nduration_ms: 25864</usage>")
REJECTION = ("The user doesn't want to proceed with this tool use. The tool use was rejected "
             "(eg. if it was a file edit, the new_string was NOT written to the file). To tell "
             "you how to proceed, the user said:\n")
DKIM = ("The mailer signs messages with the old DKIM key, so gmail rejects them while other "
        "providers accept them.")


# ================================================================= 1. subagent boilerplate
@pytest.mark.parametrize("opening", [
    # the stock opening of an Explore/general-purpose report ("need" is a CAUSE word)
    "Perfect! I now have all the information I need. Here's what I found:",
    # the subagent saying where it searched ("since" is a CAUSE word)
    "I searched the mailer module and the worker config since the send path could be in "
    "either place.",
])
def test_subagent_report_boilerplate_is_not_the_gotcha(tmp_path, store, opening):
    """A subagent's stock opening ("Now I have all the information I need", "I searched X
    since …") is process, not a finding. Expected: the gotcha is the report's actual finding
    (the DKIM sentence). Actual: the opening line is kept as the gotcha and the finding is
    lost."""
    b = session(tmp_path)
    b.prompt("password reset emails to gmail addresses fail silently")
    b.run("Agent", {"description": "Investigate", "prompt": "Find out why; read only.",
                    "subagent_type": "Explore"},
          [{"type": "text", "text": opening + "\n\n## Summary\n\n" + DKIM + "\n"},
           {"type": "text", "text": SUBAGENT_TRAILER}])
    b.say("Thanks, fixing it.")
    gotchas = [g["text"] for g in facts_of(capture_transcript(b.write(b.path), store=store))
               .get("gotcha", [])]
    assert gotchas and gotchas[0].startswith("The mailer signs messages with the old DKIM key"), \
        gotchas


# ================================================================= 2. LOOKED_WHERE drops findings
@pytest.mark.parametrize("said", [
    "Looked at the logs: the worker dies on startup because REDIS_URL is not set in the "
    "staging compose file.",
    "Found it in the compose file: REDIS_URL is only set for the web service, so the worker "
    "crashes reading it.",
    "Checked in the compose file, and REDIS_URL is only set for the web service, so the worker "
    "crashes when it reads it.",
])
def test_a_finding_after_where_the_assistant_looked_is_kept(tmp_path, store, said):
    """LOOKED_WHERE was meant to drop sentences that ONLY say where the assistant looked, but
    it matches any sentence that merely opens with "Looked at …"/"Found it in …", dropping
    the cause that follows the colon. Before dc0b942 this explanation was kept as the gotcha;
    now nothing is kept."""
    b = session(tmp_path)
    b.prompt("the worker crashes on startup in the staging container")
    b.run("Bash", {"command": "docker logs worker | tail -3"}, "KeyError: 'REDIS_URL'")
    b.say(said)
    gotchas = facts_of(capture_transcript(b.write(b.path), store=store)).get("gotcha", [])
    assert gotchas and "REDIS_URL" in gotchas[0]["text"], gotchas


# ================================================================= 3. every/each rules lost
@pytest.mark.parametrize("rule", [
    "Every migration has to be reversible, otherwise the deploy fails on rollback.",
    "every handler must catch the error and log it with the request id.",
    "Each endpoint must return 404 for a missing resource, never a 500.",
])
def test_an_every_rule_that_mentions_a_failure_is_still_a_rule(tmp_path, store, rule):
    """The `_reported_lack` extension drops any every/each rule whose sentence contains a
    SYMPTOM word (fails, error, 500 …) — but rules routinely say what goes wrong otherwise.
    Before dc0b942 each of these was kept as a convention; now it is lost."""
    b = session(tmp_path)
    b.prompt(rule)
    b.say("Understood.")
    conventions = facts_of(capture_transcript(b.write(b.path), store=store)).get("convention", [])
    assert conventions, "rule lost"


# ================================================================= 4. "haven't tried that" is falsified
@pytest.mark.parametrize("said", [
    "switching the queue to rabbitmq might fix the dropped jobs, we haven't tried that yet on "
    "the staging cluster with real traffic.",
    "Moving the session store to redis could fix the random logouts, nobody has tried that on "
    "the production cluster so far.",
])
def test_an_approach_nobody_tried_yet_is_not_falsified(tmp_path, store, said):
    """TRIED_BEFORE's `\\w+` subject matches "haven't" (as "t") and "has"/"never", so a
    suggestion the user explicitly says was NOT tried becomes a falsified finding. Expected:
    no falsified fact."""
    b = session(tmp_path)
    b.prompt(said)
    b.say("Understood.")
    assert "falsified" not in facts_of(capture_transcript(b.write(b.path), store=store))


# ================================================================= 5. "tried it and it helped" is falsified
@pytest.mark.parametrize("said", [
    "The new cache layer is ready, I tried it on staging and the p95 dropped from 800ms to "
    "120ms.",
    "Setting the pool size to 20 sounds reasonable, I tried that on my laptop and the "
    "dashboard loads instantly now.",
])
def test_an_approach_the_user_tried_with_success_is_not_falsified(tmp_path, store, said):
    """WENT_WELL only knows "worked/helped/fixed it/…"; a success said any other way ("p95
    dropped", "loads instantly now") turns the user's good news into a falsified finding.
    Expected: no falsified fact."""
    b = session(tmp_path)
    b.prompt(said)
    b.say("Great.")
    assert "falsified" not in facts_of(capture_transcript(b.write(b.path), store=store))


# ================================================================= 6. new RULE alternatives on chat
@pytest.mark.parametrize("said", [
    # every X is … : a status report
    "ok now every test is green, thanks for sorting out the fixtures.",
    # we don't <verb> : a problem report, and a purpose clause
    "we don't receive any webhooks from stripe on the staging environment.",
    "lets put it behind a feature flag so we don't break the mobile app.",
    # Xs go in / are stored in : a one-off order, and a problem report
    "both fixes go in the same commit please.",
    "uploads are stored in the tmp folder and never cleaned up.",
])
def test_ordinary_chat_is_not_a_convention(tmp_path, store, said):
    """The new RULE alternatives (every X is/has…, "we don't <verb>", "Xs go in / are stored
    in") fire on status reports, problem reports, purpose clauses and one-off orders. None of
    these was a convention before dc0b942; none should be."""
    b = session(tmp_path)
    b.prompt(said)
    b.say("Sure.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), store=store))


# ================================================================= 7. NARRATION swallows explanations
@pytest.mark.parametrize("opening", ["Good point — ", "Makes sense now: "])
def test_an_explanation_opened_by_good_point_is_kept(tmp_path, store, opening):
    """The NARRATION additions ("good point", "makes sense", "agreed", "fair enough") skip the
    whole sentence, including an explanation that follows in the same sentence. Before
    dc0b942 this was kept as the gotcha; now it is lost."""
    b = session(tmp_path)
    b.prompt("german users sometimes get the english homepage, it's random")
    b.run("Bash", {"command": "grep -n cache_key web/home.py"},
          "web/home.py:8: key = f'home:{user.segment}'")
    b.say(opening + "the page cache key omits the locale, so whichever language renders first "
          "is served to everyone in that segment.")
    gotchas = facts_of(capture_transcript(b.write(b.path), store=store)).get("gotcha", [])
    assert gotchas and "cache key omits the locale" in gotchas[0]["text"], gotchas


# ================================================================= 8. FOUND_LEAD cuts at a dot in a path
@pytest.mark.parametrize("said, whole", [
    ("found the culprit in src/db/pool.py. the pool size stays at 5 because the env var is "
     "read before dotenv loads.", "src/db/pool.py"),
    ("found the bug on github.com/psf/requests/issues/6432: the adapter ignores the timeout "
     "when a proxy is set, so the call hangs.", "github.com/psf/requests/issues/6432"),
])
def test_a_found_lead_with_a_file_name_is_not_cut_in_the_middle(tmp_path, store, said, whole):
    """FOUND_LEAD's `[^.:\\n]{0,60}[.:]` ends the lead at the first dot, i.e. inside
    "pool.py" or "github.com". The kept gotcha reads "Found the culprit in src/db/pool. the
    pool size …" / "Found the bug on github. com/…". Expected: the file name / URL intact."""
    b = session(tmp_path)
    b.prompt(said)
    b.say("Okay.")
    gotchas = facts_of(capture_transcript(b.write(b.path), store=store)).get("gotcha", [])
    assert gotchas and whole in gotchas[0]["text"], gotchas


# ================================================================= 9. inline ```cmd``` loses recovery
def test_a_command_in_inline_triple_backticks_is_still_the_command_that_failed(tmp_path, store):
    """`_pasted_failure` now ignores backticks inside ``` fences, but a command typed in inline
    triple backticks (```npm run build```) IS such a fence, so the command is never found and
    the recovery is lost. Before dc0b942 this gave "Use `npm ci && npm run build` here (`npm
    run build` fails: Error: Cannot find module 'vite')"."""
    b = session(tmp_path)
    b.prompt("the build is broken on my machine. i ran ```npm run build``` and got this:\n"
             "```\nError: Cannot find module 'vite'\n```\nhelp")
    b.run("Bash", {"command": "npm ci && npm run build"},
          "vite v5.2.0 building for production...\n✓ built in 3.1s")
    b.say("Reinstalled the dependencies; the build works.")
    found = facts_of(capture_transcript(b.write(b.path), store=store))
    assert "recovery" in found and "`npm run build` fails" in found["recovery"][0]["text"]


# ================================================================= 10. wrong "Tried X:" names
def test_tried_names_leave_out_what_the_revert_restored(tmp_path, store):
    """A revert done with Edit re-adds the original import; `_brought` takes it as something
    the attempt brought in. Actual: "Tried StreamingHttpResponse, HttpResponse: …".
    Expected: only StreamingHttpResponse (HttpResponse is what was there before)."""
    b = session(tmp_path)
    b.prompt("the csv export of the orders report times out for big date ranges on the admin")
    b.say("I could stream the response instead of building it in memory. Want me to try?")
    b.prompt("ok try it")
    b.run("Edit", {"file_path": "reports/views.py",
                   "old_string": "from django.http import HttpResponse\n",
                   "new_string": "from django.http import StreamingHttpResponse\n"},
          "The file reports/views.py has been updated.")
    b.run("Bash", {"command": "pytest -q tests/test_export.py"},
          "FAILED tests/test_export.py::test_gzip - AssertionError: Content-Length missing",
          is_error=True)
    b.run("Edit", {"file_path": "reports/views.py",
                   "old_string": "from django.http import StreamingHttpResponse\n",
                   "new_string": "from django.http import HttpResponse\n"},
          "The file reports/views.py has been updated.")
    b.say("I've reverted it: the GZip middleware needs a Content-Length, so a streamed response "
          "skips compression and the CDN rejects it.")
    (finding,) = facts_of(capture_transcript(b.write(b.path), store=store))["falsified"]
    assert "HttpResponse:" not in finding["text"].replace("StreamingHttpResponse:", ""), \
        finding["text"]
    assert ", HttpResponse" not in finding["text"], finding["text"]


def test_tried_names_are_not_standard_library_imports(tmp_path, store):
    """A Java file written for an attempt starts with ordinary imports; every dotted import is
    "specific", so the prefix names java.time.Duration and java.util.Map. Actual: "Tried
    java.time.Duration, java.util.Map: The cache lives …". Expected: "Tried @CacheResult" (or
    io.quarkus.cache.CacheResult), never java.* imports."""
    java = ("package app.cache;\n\nimport java.time.Duration;\nimport java.util.Map;\n"
            "import io.quarkus.cache.CacheResult;\n\npublic class AvailabilityCache {\n"
            "    @CacheResult(cacheName = \"availability\")\n"
            "    public Availability forIsbn(String isbn) { return null; }\n}\n")
    b = session(tmp_path)
    b.prompt("the catalogue page is slow because it asks for availability 30 times per render")
    b.say("One option is caching the availability lookups. Should I try it on a branch?")
    b.prompt("ok try it")
    b.run("Write", {"file_path": "app/AvailabilityCache.java", "content": java},
          "File created successfully at: app/AvailabilityCache.java")
    b.run("Bash", {"command": "./scripts/two-pod-check.sh"},
          "FAIL: 2/3 pods disagree for up to 300s", is_error=True)
    b.say("The cache lives in each pod's memory: a checkout on one pod clears only that pod's "
          "entry, and the other two keep showing the copy on the shelf until it expires.")
    b.prompt("accuracy beats speed here. revert")
    b.run("Bash", {"command": "git checkout -- app/"}, "")
    b.say("Reverted.")
    (finding,) = facts_of(capture_transcript(b.write(b.path), store=store))["falsified"]
    assert "java.time" not in finding["text"] and "java.util" not in finding["text"], \
        finding["text"]


def test_tried_names_leave_out_an_earlier_attempt_that_worked(tmp_path, store):
    """All edits since the prompt count, so the virtualizer that WORKED (and was kept) is named
    as what the reverted debounce attempt tried. Actual: "Tried @tanstack/react-virtual,
    lodash.debounce: I've reverted the debounce: …". Expected: @tanstack/react-virtual is not
    named (and the finding already names the debounce)."""
    b = session(tmp_path)
    b.prompt("the product list page lags badly when you scroll through the long catalogue on "
             "mobile")
    b.run("Edit", {"file_path": "src/ProductList.tsx",
                   "old_string": "import React from \"react\";\n",
                   "new_string": "import React from \"react\";\nimport { useVirtualizer } from "
                                 "\"@tanstack/react-virtual\";\n"},
          "The file src/ProductList.tsx has been updated.")
    b.run("Bash", {"command": "npm run test:perf"}, "scroll fps: 58")
    b.say("Virtualizing the list brought scrolling to 58 fps. I'll also try debouncing the "
          "search box.")
    b.run("Edit", {"file_path": "src/SearchBox.tsx",
                   "old_string": "import React from \"react\";\n",
                   "new_string": "import React from \"react\";\nimport debounce from "
                                 "\"lodash.debounce\";\n"},
          "The file src/SearchBox.tsx has been updated.")
    b.run("Bash", {"command": "npm test"},
          "FAIL src/SearchBox.test.tsx - expected 3 results, got 0", is_error=True)
    b.run("Bash", {"command": "git checkout -- src/SearchBox.tsx"}, "")
    b.say("I've reverted the debounce: the search box test types faster than the 300 ms delay, "
          "so results never arrive before the assertion.")
    (finding,) = facts_of(capture_transcript(b.write(b.path), store=store))["falsified"]
    assert "react-virtual" not in finding["text"], finding["text"]


# ================================================================= 11. plans turned into junk
def test_a_plans_title_is_not_the_explanation(tmp_path, store):
    """A plan's markdown title ("# Fix launch crash when the theme preference is missing") is
    turned into a sentence and, holding "when", is taken as the explanation; the Context
    sentence that actually explains the crash is lost, and an unrelated step is glued on as the
    remedy. Actual: "Fix launch crash when the theme preference is missing. Default the theme
    to "system" in Prefs.kt." Expected: the gotcha is "Prefs.kt force-unwraps the theme
    preference, which is null until …"."""
    b = session(tmp_path)
    b.prompt("the app crashes on launch for users who never opened the settings screen")
    b.run("Bash", {"command": "grep -rn getString app/src/main/java/Prefs.kt"},
          "Prefs.kt:14: val theme = prefs.getString(\"theme\", null)!!")
    plan = ("# Fix launch crash when the theme preference is missing\n\n## Context\n"
            "Prefs.kt force-unwraps the theme preference, which is null until the settings "
            "screen saves it, so the first launch throws a NullPointerException.\n\n"
            "## Steps\n1. Default the theme to \"system\" in Prefs.kt.\n"
            "2. Add a unit test for a fresh install.\n")
    b.run("ExitPlanMode", {"plan": plan}, "User has approved your plan. You can now start coding.")
    b.say("Starting with Prefs.kt.")
    gotchas = facts_of(capture_transcript(b.write(b.path), store=store)).get("gotcha", [])
    assert gotchas and gotchas[0]["text"].startswith("Prefs.kt force-unwraps"), gotchas


def test_a_plans_proposal_is_not_an_environment_fact(tmp_path, store):
    """What a plan proposes ("The public API will get a slowapi Limiter …") is not how the
    environment is, yet it is kept as the environment fact answering the user's "how would
    we …?". Expected: no environment fact from the proposal."""
    b = session(tmp_path)
    b.prompt("how would we add rate limiting to the public api? plan it first, dont change "
             "anything yet")
    b.run("Grep", {"pattern": "middleware", "path": "api/"},
          "api/app.py:12: app.add_middleware(CORSMiddleware)")
    plan = ("# Plan: Rate limiting for the public API\n\nThe public API will get a slowapi "
            "Limiter with a default of 100 requests per minute per key.\n\n## Steps\n"
            "1. Add slowapi to requirements.txt.\n2. Register the limiter middleware in "
            "api/app.py.\n")
    b.run("ExitPlanMode", {"plan": plan}, "User has approved your plan. You can now start coding.")
    b.say("Starting with requirements.txt.")
    assert not [t for t in texts(capture_transcript(b.write(b.path), store=store))
                if "will get a slowapi" in t]


# ================================================================= 12. pushback rule keeps a stale ask
def test_a_new_problem_said_as_a_statement_gets_its_own_ask(tmp_path, store):
    """While an earlier problem is unexplained, any bare statement is taken as pushback on it
    and the earlier ask stays — so a NEW problem's explanation is filed under the OLD one.
    Actual: "The PDF renderer hardcodes USD … [asked: the login page is blank on safari …]".
    Expected: [asked: the invoice pdf shows all the totals in dollars …]."""
    b = session(tmp_path)
    b.prompt("the login page is blank on safari since yesterday's deploy")
    b.run("Bash", {"command": "git log --oneline -3"}, "a1b2c3 bump webpack\n9f8e7d add csp header")
    b.say("Two deploys yesterday: a webpack bump and a CSP header. Let me look closer.")
    b.prompt("the invoice pdf shows all the totals in dollars for our german customers")
    b.run("Bash", {"command": "grep -rn currency invoices/pdf.py"},
          "invoices/pdf.py:31: fmt = money_format(total, 'USD')")
    b.say("The PDF renderer hardcodes USD in money_format, so every total prints in dollars "
          "whatever the customer's locale.")
    gotchas = facts_of(capture_transcript(b.write(b.path), store=store)).get("gotcha", [])
    assert gotchas and "safari" not in gotchas[0]["text"] and "invoice" in gotchas[0]["text"], \
        gotchas


# ================================================================= 13. SNAG on the assistant's own slip
def test_the_assistant_correcting_its_own_edit_is_no_gotcha(tmp_path, store):
    """SNAG now opens a problem on "that's not right"; the assistant's note about its own
    misplaced edit becomes a project gotcha. Actual: "My edit went into the logged-in branch,
    so the guest path never reaches the new check. [asked: Add a guest checkout …]".
    Expected: no gotcha (it says nothing durable about the project)."""
    b = session(tmp_path)
    b.prompt("Add a guest checkout option to the cart page.")
    b.run("Edit", {"file_path": "src/cart.py", "old_string": "if user:",
                   "new_string": "if user or guest:"}, "The file src/cart.py has been updated.")
    b.run("Bash", {"command": "pytest -q tests/test_cart.py"},
          "Exit code 1\nFAILED tests/test_cart.py::test_guest - AssertionError", is_error=True)
    b.say("Hm, that's not right.")
    b.say("My edit went into the logged-in branch, so the guest path never reaches the new "
          "check.")
    b.run("Edit", {"file_path": "src/cart.py", "old_string": "if user or guest:",
                   "new_string": "if user:"}, "ok")
    b.run("Bash", {"command": "pytest -q tests/test_cart.py"}, "12 passed")
    b.say("Guest checkout works; 12 tests pass.")
    assert "gotcha" not in facts_of(capture_transcript(b.write(b.path), store=store))


# ================================================================= 14. orders misread as reports
@pytest.mark.parametrize("order, said", [
    ("paginate results from the orders endpoint in pages of fifty",
     "The orders endpoint returns the whole queryset because the view has no pagination class."),
    ("memoize expensive selectors in the redux store for the dashboard widgets",
     "The dashboard selectors recompute on every render since none of them uses "
     "createSelector."),
])
def test_an_order_with_a_bare_plural_object_is_not_a_problem_report(tmp_path, store, order,
                                                                       said):
    """`_VERB_OBJECT` only knows an order by a determiner after the verb, so "paginate
    results …", "memoize expensive selectors …" read as bare statements of a problem; the
    assistant's description of the code BEFORE the change is then kept as a gotcha (stale
    the moment the order is done). Expected: no gotcha."""
    b = session(tmp_path)
    b.prompt(order)
    b.run("Bash", {"command": "grep -rn list_orders api/"}, "api/orders.py:3: def list_orders():")
    b.say(said)
    assert "gotcha" not in facts_of(capture_transcript(b.write(b.path), store=store))


# ================================================================= 15. a clause opened by "what"
def test_an_order_with_a_relative_what_clause_is_not_a_question(tmp_path, store):
    """`_ASKING_CLAUSE` makes any clause opened by what/which/where/when a question, so the
    order "add a created_at column …, what we have now only stores the date" counts as a
    question and the assistant's report of its own migration is kept as the environment
    answer. Expected: no environment fact (nothing was asked)."""
    b = session(tmp_path)
    b.prompt("add a created_at column to the orders table, what we have now only stores the "
             "date")
    b.run("Bash", {"command": "alembic upgrade head"},
          "INFO  [alembic.runtime.migration] Running upgrade 3f2a -> 9c1d, add created_at")
    b.say("The migration 9c1d adds orders.created_at as a timestamptz column.")
    assert "environment" not in facts_of(capture_transcript(b.write(b.path), store=store))


# ================================================================= 16. tried-before glues any sentence
@pytest.mark.parametrize("before", ["Great work on the parser today.",
                                    "Fix the flaky login test on CI."])
def test_tried_before_does_not_glue_praise_or_an_order(tmp_path, store, before):
    """The sentence before "… we tried that …" is prepended whenever it is not a question, so
    praise or an unrelated order becomes part of the falsified finding. Expected: the finding
    starts at the approach ("Increasing the worker count …" / "Don't bother adding …")."""
    tail = {"Great work on the parser today.":
            "Increasing the worker count for the importer won't help, we tried that in march and "
            "the database became the bottleneck.",
            "Fix the flaky login test on CI.":
            "Don't bother adding the pytest rerun plugin, we tried that last year and it just "
            "hid the real failures."}[before]
    b = session(tmp_path)
    b.prompt(before + " " + tail)
    b.say("Understood.")
    (finding,) = facts_of(capture_transcript(b.write(b.path), store=store))["falsified"]
    assert before not in finding["text"], finding["text"]


# ================================================================= 17. "what's a …" abstains
def test_whats_a_safe_way_about_this_project_still_recalls():
    """Adding "what's a" to the general-knowledge frame makes "what's a safe way to run alembic
    migrations locally?" a general question; the project's own rule no longer covers 74% of
    it and nothing is recalled. Before dc0b942 the rule was recalled (as it still is for "how
    do I run alembic migrations locally?")."""
    from rlat.claims import events as ev
    from rlat.claims.fold import fold
    from rlat.retrieval import recall as R

    ws, t0 = "git:github.com/acme/app", 1_800_000_000.0
    rule = ("Alembic migrations fail unless DATABASE_URL is set; export it from .env.local "
            "first")
    state = fold([ev.proposed(rule, "convention", workspace=ws,
                              citations=[ev.command_citation(rule)], origin="user", ts=t0)])
    hits = [h.claim.text for h in R.recall(state, "what's a safe way to run alembic migrations "
                                                  "locally?", workspace=ws, now=t0)]
    assert hits == [rule]


def test_what_someone_never_did_is_no_rule(tmp_path, store):
    """"what does src/app/counter.c do? never opened it": a remark about the past, said in three
    projects, became one convention shared by all three (a leak between projects)."""
    b = session(tmp_path)
    b.prompt("what does src/app/counter.c do? never opened it")
    b.say("It counts the loop pulses.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), store=store))


def test_a_rule_passed_on_with_a_reason_after_since_is_kept(tmp_path, store):
    """"since" gives a reason here, not a time: the rule stays a rule."""
    b = session(tmp_path)
    b.prompt("queue a status uplink whenever the daily health check runs. olu asked me to pass "
             "this on since you'll be in this code a lot: no malloc anywhere after boot.")
    b.say("Done, from a static buffer.")
    (rule,) = facts_of(capture_transcript(b.write(b.path), store=store))["convention"]
    assert "no malloc anywhere after boot" in rule["text"], rule["text"]


# ---------------------------------------------------------------- found in dev12 (tenth pass)
def test_a_command_that_ran_and_did_nothing_is_recovered_by_the_one_that_works(tmp_path, store):
    b = session(tmp_path)
    b.prompt("run teh integration tests for the loan import, i changed the writer sql")
    b.run("Bash", {"command": "./mvnw test -Dtest='LoanImport*'"},
          "Exit code 1\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-"
          "plugin:3.2.5:test (default-test) on project shelfsync: No tests matching pattern "
          "\"LoanImport*\" were executed!", is_error=True)
    b.run("Bash", {"command": "./mvnw verify -Pit -Dit.test='LoanImport*IT'"},
          "[INFO] Tests run: 6, Failures: 0\n[INFO] BUILD SUCCESS")
    b.say("All 6 pass.")
    (fix,) = facts_of(capture_transcript(b.write(b.path), store=store))["recovery"]
    assert fix["text"].startswith("Use `./mvnw verify -Pit -Dit.test='LoanImport*IT'` here"), \
        fix["text"]


def test_a_hedged_tip_from_a_teammate_keeps_the_problem_open_and_is_no_fact(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the new patron sync reader NPEs on runDate - it's null, even though the job log "
             "shows runDate in the parameters")
    b.run("Grep", {"pattern": "runDate"}, "src/main/java/PatronSyncConfig.java")
    b.prompt("jo says they hit this once, somethign about bean scopes, teh reader has to be "
             "created later or something. does that ring a bell?")
    b.run("Read", {"file_path": "src/main/java/PatronSyncConfig.java"}, "@Bean\nJdbcCursorItemReader")
    b.say("The reader bean is a plain singleton: Spring builds it once at startup, before any "
          "job has run, so there are no job parameters to bind and runDate is null. It needs "
          "@StepScope.")
    (gotcha,) = facts_of(capture_transcript(b.write(b.path), store=store))["gotcha"]
    assert gotcha["text"].startswith("The reader bean is a plain singleton"), gotcha["text"]


def test_a_doc_rule_the_user_confirms_is_still_current_is_a_convention(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add the reminders state to the patient page")
    b.run("Read", {"file_path": "docs/state.md"},
          "- Actions: one `createActionGroup` per source. No standalone `createAction`.")
    b.say("docs/state.md says: actions: one createActionGroup per source, no loose "
          "createAction. Is that still current, or out of date?")
    b.prompt("yeah thats still how we do it")
    b.say("Following it.")
    (rule,) = facts_of(capture_transcript(b.write(b.path), store=store))["convention"]
    assert rule["text"].startswith("actions: one createActionGroup per source"), rule["text"]


def test_a_layer_rule_in_a_pasted_review_comment_is_a_convention(tmp_path, store):
    b = session(tmp_path)
    b.prompt("pushed it myself, kasia already reviewed. pasting:\n\n> **kasia** commented on "
             "`src/app/climate.c`\n> app/climate.c calls `HAL_I2C_*` itself. Hardware access "
             "stays in teh bsp layer: add a `bsp_sht40_read()` in src/bsp/ and call that.\n\n"
             "can you address that")
    b.say("Moved the I2C calls into src/bsp/bsp_sht40.c.")
    (rule,) = facts_of(capture_transcript(b.write(b.path), store=store))["convention"]
    assert rule["text"].startswith("Hardware access stays in teh bsp layer"), rule["text"]


# ---------------------------------------------------------------- found in dev13 (tenth pass)
@pytest.mark.parametrize("said, starts", [
    ("no, is not this. i found why diesel price is of yesterday. {{ ds }} is not the day of run, "
     "is the start of interval, so run of today 18h has ds of yesterday",
     "I found why diesel price is of yesterday. {{ ds }} is not the day of run"),
    ("not this. i found it, the free hours are in redis cache, pool cache.slots, 15 minutes, "
     "and when schedule change nobody clear it", "I found it, the free hours are in redis cache"),
    ("no no. the cut spectrum problem: readyRead not mean all data arrived, reply of 18 KB come "
     "in pieces and we parse half. need read only when canReadLine",
     "The cut spectrum problem: readyRead not mean all data arrived"),
])
def test_a_finding_after_waving_off_the_first_theory_is_the_users_gotcha(tmp_path, store, said,
                                                                         starts):
    b = session(tmp_path)
    b.prompt("booking page show still old free hours after reception change them")
    b.run("Bash", {"command": "curl -sI localhost:8000/api/slots | grep -i cache-control"},
          "Cache-Control: no-cache, private")
    b.prompt(said)
    b.run("Read", {"file_path": "src/Booking/SlotProvider.php"}, "$this->cache->get(...)")
    b.say("Yes, that's the cause.")
    (gotcha,) = facts_of(capture_transcript(b.write(b.path), store=store))["gotcha"]
    assert gotcha["text"].startswith(starts), gotcha["text"]


def test_an_approach_turned_down_as_tried_before_is_falsified_with_the_proposal(tmp_path, store):
    b = session(tmp_path)
    b.prompt("we lose the irrigation history when controller reboot. what we can do?")
    b.say("One option would be keeping the history in SQLite on the device with ecto_sqlite3.")
    b.prompt("no. this we tried already two times, sd card die in few months like this. other "
             "idea")
    b.say("Okay, not that then.")
    (finding,) = facts_of(capture_transcript(b.write(b.path), store=store))["falsified"]
    assert finding["text"].startswith("One option would be keeping the history in SQLite") \
        and "sd card die" in finding["text"], finding["text"]


@pytest.mark.parametrize("asked, answer, rule", [
    ("So on a worker thread - a QThread subclass like AcquisitionThread, or something else?",
     "no QThread subclass, that one is old. QtConcurrent::run with QFutureWatcher",
     "No QThread subclass, that one is old"),
    ("No widget here touches QSerialPort: every instrument command goes through DeviceLink. "
     "Should I keep to that?", "yes this one", "No widget here touches QSerialPort"),
])
def test_terse_answers_that_make_a_rule(tmp_path, store, asked, answer, rule):
    b = session(tmp_path)
    b.prompt("add in toolbar button 'Dark' that take a dark spectrum and save it as reference")
    b.say(asked)
    b.prompt(answer)
    b.say("Got it.")
    kept = facts_of(capture_transcript(b.write(b.path), store=store))["convention"]
    assert any(k["text"].startswith(rule) for k in kept), kept


# ---------------------------------------------------------------- the final read (tenth pass)
@pytest.mark.parametrize("said", [
    "Looked at the logs and the worker dies on startup because REDIS_URL is not set in the "
    "staging compose file.",
])
def test_where_it_looked_then_why_is_kept(tmp_path, store, said):
    b = session(tmp_path)
    b.prompt("the worker crashes on startup in the staging container")
    b.run("Bash", {"command": "docker logs worker | tail -3"}, "KeyError: 'REDIS_URL'")
    b.say(said)
    gotchas = facts_of(capture_transcript(b.write(b.path), store=store)).get("gotcha", [])
    assert gotchas and "REDIS_URL" in gotchas[0]["text"], gotchas


@pytest.mark.parametrize("rule", [
    "we always need a review from the platform team before merging to main",
    "never exceed 50 connections per pod, the db caps at 200",
    "no raw sql in the views since the last security audit, everything goes through the orm",
    "the settings page shows 'Saved' but nothing is stored. btw we always use pnpm, never npm "
    "in this repo",
])
def test_rules_with_words_that_look_like_a_story_or_a_report_stay_rules(tmp_path, store, rule):
    b = session(tmp_path)
    b.prompt(rule)
    b.say("Understood.")
    assert facts_of(capture_transcript(b.write(b.path), store=store)).get("convention"), rule


@pytest.mark.parametrize("said", [
    "each request takes like 8 seconds on staging, locally its instant",
    "the bug stays in the payment service even after a restart of the pod",
])
def test_a_report_said_like_a_practice_is_no_convention(tmp_path, store, said):
    b = session(tmp_path)
    b.prompt(said)
    b.say("Looking.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), store=store))


def test_tried_names_match_the_absolute_path_an_edit_wrote(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the catalogue page is slow because it asks for availability 30 times per render")
    b.run("Edit", {"file_path": "/home/user/project/app/AvailabilityService.java",
                   "old_string": "    public Availability forIsbn(String isbn) {\n",
                   "new_string": "    @CacheResult(cacheName = \"availability\")\n"
                                 "    public Availability forIsbn(String isbn) {\n"}, "ok")
    b.run("Bash", {"command": "./scripts/two-pod-check.sh"}, "FAIL: 2/3 pods disagree",
          is_error=True)
    b.run("Bash", {"command": "git checkout -- app/AvailabilityService.java"}, "")
    b.say("Reverted it: the cache lives in each pod's memory, so the other pods keep showing "
          "the copy on the shelf until it expires.")
    (finding,) = facts_of(capture_transcript(b.write(b.path), store=store))["falsified"]
    assert finding["text"].startswith("Tried @CacheResult:"), finding["text"]


def test_a_report_after_a_leading_preposition_is_still_a_report(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the csv export skips the last row of the spreadsheet. on the api it is complete")
    b.run("Read", {"file_path": "export/csv.py"}, "for i in range(len(rows) - 1):")
    b.say("The loop stops one short because it runs to len(rows) - 1, so the last row never "
          "gets written.")
    assert facts_of(capture_transcript(b.write(b.path), store=store)).get("gotcha")


def test_a_doc_rule_the_user_says_is_outdated_is_not_kept(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add the reminders state to the patient page")
    b.say("docs/state.md says: actions: one createActionGroup per source file. Is that still "
          "current, or out of date?")
    b.prompt("yeah thats outdated, we moved to signals last quarter")
    b.say("Using signals.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), store=store))


def test_a_new_problem_sharing_one_word_is_no_pushback(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the login page is blank on safari after the last deploy")
    b.run("Bash", {"command": "git log --oneline -2"}, "a1b2c3 bump webpack")
    b.prompt("different thing: the checkout page shows prices in dollars for uk users")
    b.run("Bash", {"command": "grep -rn currency checkout/"}, "checkout/price.py: 'USD'")
    b.say("The price formatter hardcodes USD, so every total prints in dollars whatever the "
          "locale.")
    (gotcha,) = facts_of(capture_transcript(b.write(b.path), store=store))["gotcha"]
    assert "safari" not in gotcha["text"], gotcha["text"]


def test_a_subagent_finding_in_the_first_person_is_kept(tmp_path, store):
    b = session(tmp_path)
    b.prompt("password reset emails to gmail addresses fail silently")
    b.run("Agent", {"description": "Investigate", "prompt": "Find out why.",
                    "subagent_type": "Explore"},
          [{"type": "text", "text": "I think the root cause is that the mailer signs messages "
                                    "with the old DKIM key, so gmail rejects them."},
           {"type": "text", "text": SUBAGENT_TRAILER}])
    b.say("Fixing it.")
    assert facts_of(capture_transcript(b.write(b.path), store=store)).get("gotcha")


def test_a_status_update_after_a_found_lead_is_no_gotcha(tmp_path, store):
    b = session(tmp_path)
    b.prompt("found the same thing on staging. the dashboard has been blank since the deploy "
             "on monday")
    b.say("Looking.")
    assert "gotcha" not in facts_of(capture_transcript(b.write(b.path), store=store))


def test_tried_that_and_it_was_no_faster_is_falsified(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the report page is slow. pls dont suggest bumping the pool size - we tried that "
             "last month and it was no faster")
    b.say("Understood.")
    assert facts_of(capture_transcript(b.write(b.path), store=store)).get("falsified")
