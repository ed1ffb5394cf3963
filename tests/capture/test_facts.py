"""Deterministic atomic capture: one cited claim per durable fact, no model involved."""

from __future__ import annotations

import json

import pytest
from capture_helpers import Builder, facts_of, session, stored_events_text, texts

from rlat.capture.pipeline import capture_transcript
from rlat.claims.ids import content_hash
from rlat.render.fences import fence


def bash_mode(b: Builder, command: str, stdout: str = "", stderr: str = "") -> None:
    """A command the user runs with Claude Code's `!` and its output, as two user lines."""
    b.prompt(f"<bash-input>{command}</bash-input>")
    b.prompt(f"<bash-stdout>{stdout}</bash-stdout><bash-stderr>{stderr}</bash-stderr>")


def test_a_rule_stated_late_in_the_session_is_captured_with_its_citation(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Add a retry to the HTTP client.")
    b.run("Edit", {"file_path": "src/client.py"}, "ok")
    b.say("Added a retry with backoff to src/client.py.")
    b.prompt("Thanks. By the way, we always use pnpm in this repo, never npm.")
    b.say("Understood.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    # the aside is left out, in a prompt's second sentence too
    assert rule["text"] == "We always use pnpm in this repo, never npm."
    assert rule["action"] == "proposed"
    (cite,) = rule["citations"]
    excerpt = "we always use pnpm in this repo, never npm."  # exactly as typed
    assert cite["excerpt"] == excerpt and cite["excerpt_hash"] == content_hash(excerpt)
    stored = store.state().claims[rule["id"]]
    assert stored.type == "convention" and stored.polarity == "prefer"


def test_a_command_recovery_becomes_use_x_not_y(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Run the unit tests.")
    b.run("Bash", {"command": "npm test"},
          "Exit code 1\nnpm ERR! Unsupported engine: this project requires pnpm", is_error=True)
    b.run("Bash", {"command": "pnpm test"}, "Tests: 42 passed")
    b.say("All 42 tests pass.")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    assert fix["text"].startswith("Use `pnpm test` here (`npm test` fails: npm ERR! Unsupported")
    assert store.state().claims[fix["id"]].type == "environment"
    excerpts = [c["excerpt"] for c in fix["citations"]]
    assert "pnpm test" in excerpts[0] and "Unsupported engine" in excerpts[1]


def test_rerunning_the_same_command_after_a_fix_is_not_a_recovery(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Make the tests pass.")
    b.run("Bash", {"command": "pytest -q"}, "Exit code 1\nFAILED test_a.py::test_x - assert 1 == 2",
          is_error=True)
    b.run("Edit", {"file_path": "a.py"}, "ok")
    b.run("Bash", {"command": "pytest -q"}, "3 passed")
    b.run("Bash", {"command": "pytest -q tests/test_b.py"}, "1 passed")
    b.say("Fixed.")
    report = capture_transcript(b.write(b.path), store=store)
    assert "recovery" not in facts_of(report)


def test_an_environment_fact_needs_tool_output_and_the_assistants_statement(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Why can't the app reach the database?")
    b.run("Bash", {"command": "docker compose ps"},
          "db   postgres:15.4   Up   0.0.0.0:5433->5432/tcp")
    b.say("The database container runs Postgres 15.4 and listens on port 5433, not 5432. "
          "Let me update the config.")
    b.say("I think port 9999 might also be free.")  # narration: not a fact
    report = capture_transcript(b.write(b.path), store=store)
    (env,) = facts_of(report)["environment"]
    assert env["text"] == ("The database container runs Postgres 15.4 and listens on port 5433, "
                           "not 5432.")
    # cites the statement and the tool output line that backs it
    assert any("5433" in c["excerpt"] and "postgres:15.4" in c["excerpt"]
               for c in env["citations"])


def test_gotchas_and_falsified_approaches(tmp_path, store):
    b = session(tmp_path)
    b.prompt("The worker hangs unless REDIS_URL is set, so export it before running it.")
    b.run("Bash", {"command": "REDIS_URL=redis://localhost:6379 python worker.py"}, "started")
    b.say("Worker started.")
    b.prompt("Note: I tried switching the JSON parser to orjson last month and it broke the "
             "date handling, so we reverted it.")
    b.say("Noted.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    assert [g["text"] for g in found["gotcha"]] == [
        "The worker hangs unless REDIS_URL is set, so export it before running it."]
    (falsified,) = found["falsified"]
    assert "orjson" in falsified["text"] and "reverted" in falsified["text"]
    assert store.state().claims[falsified["id"]].type == "outcome"


def test_questions_requests_and_transient_asks_are_not_facts(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Should we always use pnpm here? Can you check which port the API uses?")
    b.run("Bash", {"command": "grep -r PORT .env.example"}, "API_PORT=8080")
    b.say("Let me check the config first.")
    b.prompt("Use the staging database for now.")
    b.say("Okay, I'll use staging.")
    report = capture_transcript(b.write(b.path), store=store)
    assert texts(report) == []


def test_injected_context_never_becomes_a_fact(tmp_path, store):
    injected = fence("- [2026-01-01, 2 sessions, high] We always deploy with VPN-SENTINEL.",
                     kind="recall")
    b = session(tmp_path)
    b.prompt("Deploy it. " + injected)
    b.run("Bash", {"command": "make deploy"}, "deployed")
    b.say("Deployed. " + injected)
    report = capture_transcript(b.write(b.path), store=store)
    assert not any("VPN-SENTINEL" in t for t in texts(report))


def test_a_sentence_that_carried_a_secret_is_not_kept_as_a_fact(tmp_path, store):
    b = session(tmp_path)
    b.prompt("We always authenticate the deploy with ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
             " as the token. We always deploy from the release branch.")
    b.run("Bash", {"command": "make deploy"}, "deployed")
    b.say("Done.")
    report = capture_transcript(b.write(b.path), store=store)
    assert texts(report) == ["We always deploy from the release branch."]
    assert "ghp_" not in stored_events_text()


def test_the_same_fact_in_other_words_recurs_on_the_stored_claim(tmp_path, store):
    first = session(tmp_path, "a", "aaaaaaaa-2222-3333-4444-555555555555")
    first.prompt("Start the API.")
    first.run("Bash", {"command": "npm start"},
              "Exit code 1\nnpm ERR! This project requires pnpm", is_error=True)
    first.run("Bash", {"command": "pnpm start"}, "listening on :3000")
    first.say("The API is up.")
    one = capture_transcript(first.write(first.path), store=store)
    (fix,) = facts_of(one)["recovery"]

    second = session(tmp_path, "b", "bbbbbbbb-2222-3333-4444-555555555555")
    second.prompt("Run the API again please.")
    second.run("Bash", {"command": "npm start"},
               "Exit code 1\nnpm ERR! Unsupported engine: use pnpm", is_error=True)
    second.run("Bash", {"command": "pnpm start"}, "listening on :3000")
    second.say("Running.")
    two = capture_transcript(second.write(second.path), store=store)
    (again,) = facts_of(two)["recovery"]
    assert again["action"] == "recurred" and again["claim"] == fix["id"]
    stored = store.state().claims[fix["id"]]
    assert stored.recurrence == 2 and len(stored.sessions) == 2
    # capturing a session twice never counts twice
    assert facts_of(capture_transcript(second.path, store=store))["recovery"][0]["action"] \
        == "already_captured"


@pytest.mark.parametrize("said, then", [
    ("Never push to the main branch.", "Always push to the main branch."),
    ("Always indent with 2 spaces.", "Always indent with 4 spaces, never 2."),
    ("We use yarn in this repo.", "Never yarn in this repo; pnpm only."),
])
def test_a_rule_contradicting_a_stored_one_is_no_second_witness_for_it(tmp_path, store, said,
                                                                       then):
    ids = []
    for name, sid, rule in (("a", "aaaaaaaa-2222-3333-4444-555555555555", said),
                            ("b", "bbbbbbbb-2222-3333-4444-555555555555", then)):
        b = session(tmp_path, name, sid)
        b.prompt(f"Update the config. {rule}")
        b.say("Done.")
        (fact,) = facts_of(capture_transcript(b.write(b.path), store=store))["convention"]
        assert fact["action"] == "proposed", fact
        ids.append(fact["id"])
    claims = store.state().claims
    assert ids[0] != ids[1] and all(claims[i].recurrence == 1 for i in ids)


def test_a_session_past_its_fact_limit_keeps_the_latest_and_says_so(tmp_path, store):
    b = session(tmp_path)
    topics = ["pnpm", "ruff", "mypy", "pytest", "black", "docker", "make", "poetry", "tox",
              "Fridays"]
    for topic in topics:
        b.prompt(f"From now on we never use {topic} in this repo.")
        b.say("Noted.")
    report = capture_transcript(b.write(b.path), store=store)
    kept = [c["text"] for c in facts_of(report)["convention"]]
    assert len(kept) == 8 and "Fridays" in kept[-1] and not any("pnpm" in t for t in kept)
    assert report.facts_not_kept == 2 and "2 earlier fact(s)" in report.receipt


def test_an_explanation_written_as_a_comment_at_the_fix_is_the_gotcha(tmp_path, store):
    b = session(tmp_path)
    b.prompt("notes added with :MarginaliaAdd land on the line below the cursor, and on the "
             "last line of a buffer it errors out of range")
    b.run("Read", {"file_path": "lua/marginalia/notes.lua"}, "local row = cursor[1]")
    b.say("Found it. The why goes in a comment right at the fix, so it's there the next time "
          "someone reads this code.")
    b.run("Edit", {"file_path": "lua/marginalia/notes.lua", "old_string": "local row = cursor[1]",
                   "new_string": "-- nvim_win_get_cursor returns a 1-based row, while extmarks\n"
                                 "-- count rows from 0, so the row has to be shifted by one\n"
                                 "-- before it is used as an extmark position.\n"
                                 "local row = cursor[1] - 1"}, "ok")
    b.say("Notes land on the cursor's line now.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert gotcha["text"].startswith("Nvim_win_get_cursor returns a 1-based row") \
        or gotcha["text"].startswith("nvim_win_get_cursor returns a 1-based row"), gotcha["text"]
    assert "The why goes in a comment" not in " ".join(texts(report))


def test_a_comment_an_edit_only_carries_over_is_no_explanation(tmp_path, store):
    comment = ("# Rows are grouped by customer, which keeps the CSV stable when the job is "
               "re-run later on")
    b = session(tmp_path)
    b.prompt("the export job crashes with KeyError: 'region' on the March data")
    b.run("Read", {"file_path": "jobs/export.py"}, "row['region']")
    b.run("Edit", {"file_path": "jobs/export.py",
                   "old_string": f"{comment}\nregion = row['region']",
                   "new_string": f"{comment}\nregion = row.get('region', 'unknown')"}, "ok")
    b.say("The March export has rows from the new web shop, which has no region column, so "
          "the lookup raises a KeyError; it now falls back to 'unknown'.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert gotcha["text"].startswith("The March export has rows from the new web shop"), \
        gotcha["text"]


def test_a_report_of_what_no_longer_reacts_is_a_problem_not_a_rule(tmp_path, store):
    b = session(tmp_path)
    b.prompt("after login the settings drawer is dead - no taps, no swipes, not even the back "
             "button closes it")
    b.run("Read", {"file_path": "lib/settings_drawer.dart"}, "IgnorePointer(ignoring: busy)")
    b.say("The drawer stays wrapped in IgnorePointer while busy is true, and busy is never "
          "reset after the login request, so every gesture is swallowed. Reset busy in the "
          "finally block of the login call.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    assert "convention" not in found, found["convention"]
    (gotcha,) = found["gotcha"]
    assert "IgnorePointer" in gotcha["text"]


def test_a_rule_the_assistant_calls_a_house_rule_is_a_convention(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add a helper that formats durations")
    b.run("Read", {"file_path": "setup.cfg"}, "[mypy]\ndisallow_untyped_defs = True")
    b.say("That's a house rule, not the default - the comment in setup.cfg says so: every "
          "function gets full type annotations and mypy runs with disallow_untyped_defs.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    assert rule["text"].startswith("Every function gets full type annotations"), rule["text"]


def test_reproducing_a_problem_is_not_its_explanation(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the upload test is flaky - it fails about once in ten runs on CI. have a look?")
    b.run("Bash", {"command": "for i in $(seq 30); do pytest tests/test_upload.py -q; done"},
          "4 failed, 26 passed")
    b.say("4 failures in 30, so it reproduces here. Now the cause.")
    b.run("Read", {"file_path": "tests/test_upload.py"}, "tmp = '/tmp/upload.bin'")
    b.say("Every run writes the same fixed path, /tmp/upload.bin, so two test workers running "
          "at once overwrite each other's file. Use the tmp_path fixture instead.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert "tmp_path" in gotcha["text"] and "reproduces" not in gotcha["text"], gotcha["text"]


def test_a_request_to_find_the_cause_opens_a_problem(tmp_path, store):
    b = session(tmp_path)
    b.prompt("months ago I worked around this by clearing the cache on every deploy: the "
             "thumbnails show the previous image after an upload. I want the workaround gone "
             "- find the actual cause")
    b.run("Read", {"file_path": "app/thumbs.py"}, "key = f'thumb:{user_id}'")
    b.say("The thumbnail cache key is only the user id, so a new upload is served the old "
          "entry until it expires. The key has to include the image's content hash.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert "content hash" in gotcha["text"], gotcha["text"]


def test_a_practice_the_assistant_proposes_and_the_user_confirms_is_a_convention(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add an endpoint that lists the open orders")
    b.say("One thing to settle first. From what I can see in the code, handlers never touch the "
          "ORM directly - every query goes through a repository class in app/repos/. I'll keep "
          "to that here too - correct?")
    b.prompt("yes")
    b.run("Write", {"file_path": "app/repos/orders.py", "content": "class OrderRepo: ..."}, "ok")
    b.say("Added OrderRepo.open_orders() and the endpoint uses it.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    assert rule["text"].startswith("Handlers never touch the ORM directly"), rule["text"]


def test_an_option_the_user_picks_by_its_label_is_a_convention(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add a created-at column to the reports table")
    b.say("The migrations do it two ways:\n(a) timestamps are stored as UTC with time zone "
          "and converted only in the templates\n(b) naive local times (only the legacy "
          "importer does that)\nWhich should the new column follow?")
    b.prompt("a. the other is on its way out")
    b.say("(a) it is.")
    unrelated = session(tmp_path, name="u", session_id="22222222-3333-4444-5555-666666666666")
    unrelated.prompt("add a created-at column to the invoices table")
    unrelated.say("Two ways are in use:\n(a) timestamps are stored as UTC with time zone and "
                  "converted only in the templates\n(b) naive local times, as the legacy "
                  "importer writes them\nWhich should the new column follow?")
    unrelated.prompt("a quick question first: does anything still read the legacy importer's "
                     "columns")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    assert rule["text"].startswith("Timestamps are stored as UTC"), rule["text"]
    # a reply that opens with the article "a" picks nothing
    other = capture_transcript(unrelated.write(unrelated.path), store=store)
    assert "convention" not in facts_of(other)


def test_an_explanation_that_opens_with_so_starts_at_the_sentence_before(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the importer drops every row for Namibia, even though NA is in the country list")
    b.run("Read", {"file_path": "config/countries.yaml"}, "countries: [ZA, NA, BW]")
    b.say("It's the null problem: the YAML loader reads a bare NA as a missing value, like "
          "null and ~. So the list reaches the importer as ['ZA', None, 'BW'] and Namibia is "
          "never matched. Quoting the codes keeps them strings.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert "reads a bare NA as a missing value" in gotcha["text"], gotcha["text"]


def test_a_fix_the_user_sends_back_drops_its_wrong_explanation(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the nightly export sometimes writes the same order twice")
    b.say("I think I know this one.")
    b.run("Edit", {"file_path": "jobs/export.py", "old_string": "a", "new_string": "b"}, "ok")
    b.say("The cursor is read before the lock is taken, so two runs can start from the same "
          "offset; taking the lock first fixes it.")
    b.prompt("nope, still happening - duplicates again last night, and only one run was scheduled")
    b.run("Read", {"file_path": "jobs/export.py"}, "retry(upload, times=3)")
    b.say("The upload is retried after a timeout even when the first attempt went through, "
          "because the client never checks for the order id before sending it again. Pass "
          "the order id as the idempotency key.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert "idempotency key" in gotcha["text"] and "cursor" not in gotcha["text"], gotcha["text"]


def test_a_clue_the_user_adds_keeps_the_problem_open(tmp_path, store):
    b = session(tmp_path)
    b.prompt("a few invoices are a penny off what the accountant's spreadsheet says")
    b.run("Read", {"file_path": "lib/prorate.py"}, "return round(monthly * days / total)")
    b.prompt("oh wait, forgot to say - it's only ever the part-month lines. dunno if that matters")
    b.run("Bash", {"command": "python -c 'print(round(2.5), round(3.5))'"}, "2 4")
    b.say("Python's round() doesn't round halves up: it rounds an exact half to the even "
          "neighbour, so 2.5p becomes 2 while 3.5p becomes 4. Round with Decimal and "
          "ROUND_HALF_UP instead.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert "ROUND_HALF_UP" in gotcha["text"], gotcha["text"]


@pytest.mark.parametrize("report", [
    "loss goes NaN after a few hundred steps - only since I turned on mixed precision",
    "changed the feature flags in values, argo says synced, but the pods still serve the old ones",
    "the random crops repeat: batches 0-7 have exactly the same offsets as 8-15",
    "booking the last seat sometimes leaves a class with 9 bookings for 8 seats",
])
def test_reports_in_other_words_open_a_problem(tmp_path, store, report):
    b = session(tmp_path)
    b.prompt(report)
    b.run("Read", {"file_path": "src/main.py"}, "x = 1")
    b.say("The value is computed before the cache is warmed, which leaves every worker with "
          "the same stale copy; warm the cache in the worker's start hook.")
    found = facts_of(capture_transcript(b.write(b.path), store=store))
    assert [g["text"][:20] for g in found.get("gotcha", [])] == ["The value is compute"]


def test_a_revert_report_saying_what_is_left_keeps_the_verdict_before_it(tmp_path, store):
    b = session(tmp_path)
    b.prompt("bump the worker's replicas to 3")
    b.say("Done. While I was in there: autoscaling the worker on memory might help with the "
          "backlog; want me to try it on the side?")
    b.prompt("sure, if it's quick")
    b.run("Write", {"file_path": "charts/worker/hpa.yaml", "content": "kind: HPA"}, "ok")
    b.run("Bash", {"command": "kubectl get hpa worker"}, "worker 81%/75% 10")
    b.say("An HPA on memory doesn't work for the worker: it's a JVM, and the heap grows to its "
          "maximum and stays there, so every pod sits above the target for good.")
    b.run("Bash", {"command": "git checkout -- charts/worker"}, "")
    b.say("Backed out; only the change you asked for is left in the tree.")
    report = capture_transcript(b.write(b.path), store=store)
    (finding,) = facts_of(report)["falsified"]
    assert "JVM" in finding["text"] and "Backed out" not in finding["text"], finding["text"]


def test_a_rule_the_assistant_acknowledges_and_says_back_is_a_convention(tmp_path, store):
    b = session(tmp_path)
    b.prompt("yeah that check exists because people kept forgetting. good")
    b.say("Noted for everything else I write here: every setting is a field in a pydantic "
          "Settings class under app/config/ - no os.environ lookups scattered in modules.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    assert rule["text"].startswith("Every setting is a field in a pydantic Settings class")


@pytest.mark.parametrize("said", [
    "every page I open in the admin takes 10 seconds to load",
    "each of the three failing jobs uses the old runner image, can you check why",
])
def test_a_report_about_every_thing_is_no_rule(tmp_path, store, said):
    b = session(tmp_path)
    b.prompt(said)
    b.say("Looking.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), store=store))


def test_an_answer_found_in_output_the_user_pasted_is_an_environment_fact(tmp_path, store):
    b = session(tmp_path)
    b.prompt("which port does the metrics sidecar listen on? dumped what I had:\n```\n"
             "$ ss -ltnp | grep sidecar\nLISTEN 0 128 0.0.0.0:9464 users:((\"sidecar\"))\n"
             "$ cat .env\nLOG_LEVEL=info\n```")
    b.say("Most of that is beside the point. The part that answers it: the metrics sidecar "
          "listens on port 9464, on every interface.")
    report = capture_transcript(b.write(b.path), store=store)
    (env,) = facts_of(report)["environment"]
    assert env["text"].startswith("The metrics sidecar listens on port 9464"), env["text"]


def test_the_answer_to_a_setup_question_may_name_a_model_code(tmp_path, store):
    b = session(tmp_path)
    b.prompt("how much GPU memory is on the build box? it's either two L4s or two H100s, I "
             "never remember")
    b.run("Bash", {"command": "ssh buildbox nvidia-smi --query-gpu=name,memory.total "
                              "--format=csv"}, "name, memory.total\nNVIDIA H100, 81559 MiB\n"
                                               "NVIDIA H100, 81559 MiB")
    b.say("It's two H100s with 80 GB each, not L4s.")
    report = capture_transcript(b.write(b.path), store=store)
    (env,) = facts_of(report)["environment"]
    assert "H100" in env["text"], env["text"]


REJECTION = ("The user doesn't want to proceed with this tool use. The tool use was rejected "
             "(eg. if it was a file edit, the new_string was NOT written to the file). To tell "
             "you how to proceed, the user said:\n")


def test_feedback_given_when_turning_a_tool_call_down_is_the_users_words(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add a dao method that loads the open routes")
    b.run("Edit", {"file_path": "app/RouteDao.kt", "old_string": "}", "new_string": "fun x()"},
          REJECTION + "nope - DAO methods must always be suspend funs or return a Flow, "
                      "never a blocking call", is_error=True)
    b.say("Reworking it as a suspend function.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    assert rule["text"].startswith("DAO methods must always be suspend funs"), rule["text"]
    assert "recovery" not in facts_of(report)  # nothing ran, nothing failed


def test_an_answer_typed_into_the_other_box_of_a_question_is_the_users_words(tmp_path, store):
    b = session(tmp_path)
    b.prompt("flag meter reads that went backwards")
    b.run("AskUserQuestion", {"questions": [{"question": "How should the check be written?",
                                             "header": "Approach", "multiSelect": False,
                                             "options": [{"label": "A UDF", "description": ""},
                                                         {"label": "SQL", "description": ""}]}]},
          'User has answered your questions: "How should the check be written?"="no plain '
          'Python UDFs in the jobs - use the built-in pyspark.sql.functions instead". You can '
          "now continue with the user's answers in mind.")
    b.run("AskUserQuestion", {"questions": [{"question": "Which colour?", "header": "Colour",
                                             "multiSelect": False, "options": []}]},
          'User has answered your questions: "Which colour?"="Amber". You can now continue '
          "with the user's answers in mind.")
    b.say("Going with yours.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    assert rule["text"].startswith("No plain Python UDFs in the jobs"), rule["text"]


def test_a_required_variable_named_by_an_error_and_restated_is_a_fact(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Start the billing worker.")
    b.run("Bash", {"command": "python -m billing.worker"},
          "Exit code 1\nRuntimeError: STRIPE_API_BASE is not set", is_error=True)
    b.run("Bash", {"command": "STRIPE_API_BASE=http://localhost:12111 python -m billing.worker"},
          "worker ready")
    b.say("The billing worker requires STRIPE_API_BASE to be set; locally it points to the "
          "stripe-mock on port 12111.")
    report = capture_transcript(b.write(b.path), store=store)
    (env,) = facts_of(report)["environment"]
    assert env["text"].startswith("The billing worker requires STRIPE_API_BASE to be set")
    assert len(env["citations"]) == 2


def test_the_same_command_with_a_missing_flag_is_a_recovery(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Run the migrations check before I open the PR.")
    b.run("Bash", {"command": "python manage.py makemigrations --check"},
          "Exit code 1\ndjango.core.exceptions.ImproperlyConfigured: settings are not configured.",
          is_error=True)
    b.run("Bash", {"command": "python manage.py makemigrations --check --settings=app.settings.ci"},
          "No changes detected")
    b.run("Bash", {"command": "python manage.py makemigrations --check --settings=app.settings.ci "
                              "app/models.py"}, "No changes detected")
    b.say("No missing migrations.")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    assert fix["text"].startswith(
        "Use `python manage.py makemigrations --check --settings=app.settings.ci` here")
    # the situation it was learned in travels with it, cited
    assert fix["text"].endswith("[asked: Run the migrations check before I open the PR.]")
    assert fix["citations"][-1]["excerpt"] == "Run the migrations check before I open the PR."


def test_a_claim_shows_the_day_its_session_happened_not_the_day_it_was_captured(tmp_path, store):
    from rlat.render.attribution import claim_line
    from rlat.trust.rungs import rung

    b = session(tmp_path)  # the Builder's sessions happen on 2026-03-01
    b.prompt("From now on we deploy only from the release branch.")
    b.run("Bash", {"command": "make deploy"}, "deployed")
    b.say("Deployed.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    claim = store.state().claims[rule["id"]]
    assert claim_line(claim, rung(claim)).startswith(
        "- [2026-03-01, by claude-code, 1 independent session, ")


def test_a_verdict_in_the_first_person_is_a_falsified_finding_with_its_situation(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Replace requests with httpx in the API client, it should be faster.")
    b.run("Edit", {"file_path": "client.py"}, "ok")
    b.run("Bash", {"command": "pytest -q tests/test_client.py"},
          "Exit code 1\nFAILED tests/test_client.py::test_proxy - ProxyError", is_error=True)
    b.say("I've reverted it: httpx ignores our HTTPS_PROXY settings, so the proxy tests fail.")
    b.say("That broke things; reverting.")  # a bare verdict says nothing worth keeping
    report = capture_transcript(b.write(b.path), store=store)
    (finding,) = facts_of(report)["falsified"]
    assert finding["text"] == (
        "I've reverted it: httpx ignores our HTTPS_PROXY settings, so the proxy tests fail. "
        "[asked: Replace requests with httpx in the API client, it should be faster.]")


def test_the_asides_around_a_stated_rule_are_not_part_of_it(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Reformat the invoice module.")
    b.run("Bash", {"command": "black invoices.py"}, "reformatted invoices.py")
    b.prompt("no, stop - we run black with line length 100 in this repo, never the default 88 "
             "- keep that in mind")
    b.say("Understood.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    assert rule["text"] == "We run black with line length 100 in this repo, never the default 88"
    # the citation quotes exactly what the user typed, asides left out
    assert rule["citations"][0]["excerpt"] == (
        "we run black with line length 100 in this repo, never the default 88")


def test_another_tool_right_after_an_environmental_failure_is_a_recovery(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Run the integration tests.")
    b.run("Bash", {"command": "go test ./... -tags integration"},
          "Exit code 1\n--- FAIL: TestKafkaRoundTrip (30.01s)\n    kafka_test.go:41: dial tcp "
          "127.0.0.1:9092: connect: connection refused\nFAIL", is_error=True)
    b.run("Bash", {"command": "make itest"}, "ok  \tgithub.com/acme/ingest\t12.3s")
    b.say("Integration tests pass.")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    # the line that says why it failed, not the test runner's "--- FAIL: TestX"
    assert fix["text"].startswith("Use `make itest` here (`go test ./... -tags integration` "
                                  "fails: kafka_test.go:41: dial tcp")


def test_another_tool_is_not_a_recovery_after_a_code_failure_or_a_new_prompt(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Run the unit tests.")
    b.run("Bash", {"command": "pytest -q"},
          "Exit code 1\nFAILED test_a.py::test_x - assert 1 == 2", is_error=True)
    b.run("Bash", {"command": "make lint"}, "all good")  # the code failed, not the setup
    b.prompt("Start the app.")
    b.run("Bash", {"command": "curl localhost:8000"},
          "Exit code 7\ncurl: (7) Failed to connect: Connection refused", is_error=True)
    b.prompt("Now run the linter.")
    b.run("Bash", {"command": "ruff check ."}, "All checks passed!")  # another ask altogether
    report = capture_transcript(b.write(b.path), store=store)
    assert "recovery" not in facts_of(report)


def test_a_problem_reported_in_other_words_gets_its_explanation_and_remedy(tmp_path, store):
    b = session(tmp_path)
    b.prompt("next dev stops picking up my edits after a few minutes")
    b.run("Bash", {"command": "cat /proc/sys/fs/inotify/max_user_watches"}, "8192")
    b.say("The container's inotify watch limit (8192) runs out, so the watcher goes quiet. "
          "With WATCHPACK_POLLING=true next dev polls instead.")
    b.prompt("make run just sits at 'connecting to sink'")
    b.run("Bash", {"command": "curl -s localhost:9000/dev"}, "NoSuchBucket")
    b.say("The local minio has no bucket yet and the sink retries forever without logging. "
          "Create it with `mc mb local/dev`.")
    b.prompt("ugh. after pulling main every page throws a 500 about some manifest. any idea?")
    b.run("Bash", {"command": "tail -n 1 storage/logs/laravel.log"},
          "local.ERROR: Vite manifest not found at: public/build/manifest.json")
    b.say("public/build is gitignored and the layout's @vite directive needs its manifest: "
          "either keep `npm run dev` running or build the assets once with `npm run build`.")
    b.prompt("the staging plan suddenly fails with connection refused on localhost port 80, I "
             "only changed the cluster's subnets")
    b.run("Bash", {"command": "terraform plan"}, "Exit code 1\nError: dial tcp 127.0.0.1:80: "
          "connect: connection refused", is_error=True)
    b.say("New subnets force the EKS cluster to be replaced, so its endpoint is unknown until "
          "apply and the kubernetes provider configured from it falls back to localhost:80. Plan "
          "and apply the cluster alone first with -target=module.eks; after that the full plan "
          "works.")
    report = capture_transcript(b.write(b.path), store=store)
    gotchas = [g["text"] for g in facts_of(report)["gotcha"]]
    assert any("WATCHPACK_POLLING=true" in g and "inotify" in g for g in gotchas), gotchas
    # a long explanation keeps its remedy (an option named in prose) before the prompt's tail
    (eks,) = [g for g in gotchas if "EKS" in g]
    assert "-target=module.eks" in eks and "[asked: the staging plan suddenly fails" in eks \
        and len(eks) <= 360, eks
    assert any("mc mb local/dev" in g and "[asked: make run just sits" in g for g in gotchas)
    assert any("`npm run build`" in g and "[asked: ugh. after pulling main" in g
               for g in gotchas), gotchas


def test_rules_in_other_shapes_are_conventions_and_one_off_orders_are_not(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Add the export button.")
    b.say("Added.")
    b.prompt("Use tabs for indentation in the Makefile, not spaces.")
    b.say("Noted.")
    b.prompt("No print() in library code, use the logger.")
    b.say("Noted.")
    b.prompt("We stick to sqlx for database access.")
    b.say("Noted.")
    b.prompt("Rewrite the loop with map rather than a for loop.")
    b.say("Done.")
    b.prompt("heads up: validation lives in Form Request classes, never inside a controller")
    b.say("Noted.")
    b.prompt("for the record, every resource has to carry local.common_tags")
    b.say("Noted.")
    b.prompt("New tests are written with Pest, not PHPUnit test classes.")
    b.say("Noted.")
    report = capture_transcript(b.write(b.path), store=store)
    rules = [c["text"] for c in facts_of(report)["convention"]]
    assert rules == ["Use tabs for indentation in the Makefile, not spaces.",
                     "No print() in library code, use the logger.",
                     "We stick to sqlx for database access.",
                     "Validation lives in Form Request classes, never inside a controller",
                     "Every resource has to carry local.common_tags",
                     "New tests are written with Pest, not PHPUnit test classes."]


def test_rules_stated_as_what_every_thing_does_or_what_there_is_none_of(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add the cancel endpoint")
    b.say("Before I start: is there a convention in this repo I should follow?")
    b.prompt("yes - every async method takes a CancellationToken as its last parameter")
    b.say("Done.")
    b.prompt("same thing again. second time now: no unsafeRunSync anywhere outside tests")
    b.say("Done.")
    b.prompt("looks good, no partial functions in library code - pattern match instead. lgtm")
    b.say("Thanks.")
    b.prompt("view models use @Observable now - no ObservableObject any more")
    b.say("Noted.")
    b.prompt("Data.Map and Data.Text are always imported qualified, the names clash")
    b.say("Noted.")
    b.prompt('Mei posted this in the team channel this morning: "Nullable warnings are errors '
             'and we don\'t silence them with the null-forgiving operator." keep it in mind. '
             'now: add the patient email field')
    b.say("Noted.")
    # ... and what only sounds like one
    b.prompt("every time I run it, it hangs. we don't know why. all the tests pass locally")
    b.say("Let me look.")
    report = capture_transcript(b.write(b.path), store=store)
    rules = [c["text"] for c in facts_of(report).get("convention", [])]
    assert any(r.startswith("Every async method takes a CancellationToken") for r in rules), rules
    assert "No unsafeRunSync anywhere outside tests" in rules  # not "Second time now: …"
    assert any(r.startswith("No partial functions in library code") for r in rules)
    assert any("no ObservableObject any more" in r for r in rules)
    assert any("always imported qualified" in r for r in rules)
    # the rule itself, without who posted it or the quotes around it
    assert "Nullable warnings are errors and we don't silence them with the null-forgiving " \
        "operator." in rules
    assert not any("hangs" in r or "tests pass" in r or "don't know" in r for r in rules), rules


def test_why_an_approach_was_reverted_is_the_finding_whatever_its_first_words(tmp_path, store):
    b = session(tmp_path)
    b.prompt("switch the queue driver from redis to sqs")
    b.run("Edit", {"file_path": ".env"}, "ok")
    b.run("Bash", {"command": "php artisan test"}, "Exit code 1\n3 failed", is_error=True)
    b.say("That's worse than what we have; reverting.")
    b.run("Edit", {"file_path": ".env"}, "ok")
    b.say("Switched the driver to redis again: SQS caps message delays at 900 seconds and the "
          "reminders are dispatched with a 24-hour delay. Moving them to the scheduler comes "
          "first.")
    report = capture_transcript(b.write(b.path), store=store)
    (finding,) = facts_of(report)["falsified"]
    assert finding["text"].startswith("Switched the driver to redis again: SQS caps message "
                                      "delays at 900 seconds")
    assert finding["text"].endswith("[asked: switch the queue driver from redis to sqs]")


def test_a_finding_reverted_on_the_users_word_is_asked_under_the_request_that_tried_it(
        tmp_path, store):
    b = session(tmp_path)
    b.prompt("the order queries time out at the dinner peak, bump the repo's pool to 50")
    b.run("Edit", {"file_path": "config/runtime.exs"}, "ok")
    b.run("Bash", {"command": "mix run priv/load/dinner_rush.exs"},
          "Exit code 1\nFATAL 53300 (too_many_connections) sorry, too many clients already",
          is_error=True)
    b.prompt("oh right, that's exactly what happened when we tried it last year. undo it")
    b.run("Bash", {"command": "git checkout -- config/runtime.exs"}, "")
    b.say("Put the pool back to 10: with three app nodes at 50 connections each we exceed the "
          "database's max_connections of 100 and Postgres refuses clients.")
    report = capture_transcript(b.write(b.path), store=store)
    (finding,) = facts_of(report)["falsified"]
    # what a later "would a bigger pool help with the timeouts?" shares words with is the
    # request, not "undo it"
    assert finding["text"].endswith("[asked: the order queries time out at the dinner peak, "
                                    "bump the repo's pool to 50]")


def test_a_command_the_user_hands_over_after_a_failure_is_a_recovery_in_its_situation(
        tmp_path, store):
    b = session(tmp_path)
    b.prompt("regenerate the api docs, I added the packages endpoint")
    b.run("Bash", {"command": "php artisan scribe:generate"},
          'Exit code 1\nThere are no commands defined in the "scribe" namespace.', is_error=True)
    b.say("That failed - let me figure out why.")
    b.prompt("ah, in this repo it's `php artisan l5-swagger:generate`")
    b.run("Bash", {"command": "php artisan l5-swagger:generate"}, "Regenerating docs default")
    b.say("The docs are regenerated.")
    b.prompt("now get the deps installed")
    b.run("Bash", {"command": "mix hex.organization auth oban"},
          'Exit code 1\n** (Mix) No organization with name "oban"', is_error=True)
    long = ("mix hex.repo add oban https://getoban.pro/repo --fetch-public-key "
            "SHA256:4/OSKi0NRF91QVVXlGAhb/BIMLnK8NHcx/EWs+aIWPc --auth-key $OBAN_LICENSE_KEY "
            "--trust-this-key-forever")
    b.prompt(f"ah, in this repo it's `{long}`")
    b.run("Bash", {"command": long}, "Resolution completed")
    report = capture_transcript(b.write(b.path), store=store)
    found = [f["text"] for kind in facts_of(report).values() for f in kind
             if "l5-swagger:generate" in f["text"]]
    # one fact, saying what failed and what it was for (a later "how do I rebuild the api
    # docs?" shares words with the request, not with the bare hint)
    assert found == ["Use `php artisan l5-swagger:generate` here (`php artisan scribe:generate` "
                     'fails: There are no commands defined in the "scribe" namespace.) [asked: '
                     "regenerate the api docs, I added the packages endpoint]"]
    # a long command handed over is one too
    (oban,) = [f["text"] for f in facts_of(report)["recovery"] if "hex.repo add" in f["text"]]
    assert oban.startswith("Use `mix hex.repo add oban") and "(`mix hex.organization auth " \
        "oban` fails" in oban


def test_a_recovery_names_what_failed_not_the_build_tools_banner(tmp_path, store):
    b = session(tmp_path)
    b.prompt("start the service locally, I want to click through the tracking page")
    b.run("Bash", {"command": "./gradlew bootRun"},
          "Exit code 1\n> Task :bootRun FAILED\n\n***************************\nAPPLICATION FAILED "
          "TO START\n***************************\n\nDescription:\n\nFailed to configure a "
          "DataSource: 'url' attribute is not specified\n\nFAILURE: Build failed with an "
          "exception.", is_error=True)
    b.run("Bash", {"command": "SPRING_PROFILES_ACTIVE=local ./gradlew bootRun"}, "Started")
    b.prompt("now the tests")
    b.run("Bash", {"command": "python -m pytest"},
          "Exit code 1\nTraceback (most recent call last):\n  File \"conftest.py\", line 1\n"
          "ModuleNotFoundError: No module named 'pytest_django'", is_error=True)
    b.run("Bash", {"command": "uv run pytest"}, "12 passed")
    report = capture_transcript(b.write(b.path), store=store)
    recoveries = [f["text"] for f in facts_of(report)["recovery"]]
    assert any("fails: Failed to configure a DataSource: 'url' attribute is not specified)" in t
               for t in recoveries), recoveries
    assert any("fails: ModuleNotFoundError: No module named 'pytest_django')" in t
               for t in recoveries), recoveries


def test_a_change_thrown_away_by_a_command_is_a_falsified_finding(tmp_path, store):
    b = session(tmp_path)
    b.prompt("on a scratch branch: turn on complete strict concurrency checking")
    b.run("Edit", {"file_path": "project.yml"}, "ok")
    b.run("Bash", {"command": "xcodebuild build"}, "Exit code 65\n214 errors", is_error=True)
    b.say("That isn't going to work.")  # no revert word: the command says it
    b.run("Bash", {"command": "git checkout -- project.yml"}, "")
    b.say("Turned strict concurrency back off: with SWIFT_STRICT_CONCURRENCY=complete the app "
          "has 214 errors in 37 files, a migration of its own.")
    b.prompt("now review the ride card PR")
    b.run("Bash", {"command": "gh pr checks"}, "Exit code 1\nsnapshot tests failed", is_error=True)
    b.prompt('Aylin reviewed it: "we went down this road before, please drop it"')
    b.say("Dropping it.")
    b.say("Took the snapshot tests out again: references recorded on your simulator don't "
          "match the CI runner's, so 38 of 40 failed on CI.")
    report = capture_transcript(b.write(b.path), store=store)
    found = [f["text"] for f in facts_of(report)["falsified"]]
    assert any(f.startswith("Turned strict concurrency back off") for f in found), found
    assert any(f.startswith("Took the snapshot tests out again") for f in found), found


def test_a_failure_the_user_pasted_is_recovered_from_like_one_run_here(tmp_path, store):
    b = session(tmp_path)
    b.prompt("run only the fare calculator spec. I tried `sbt testOnly FareCalculatorSpec` "
             "myself and got this:\n\n[info] Passed: Total 412\n[error] Not a valid command: "
             "FareCalculatorSpec")
    b.say("sbt takes every argument as a command, so the spec goes inside the quotes.")
    b.run("Bash", {"command": 'sbt "core/testOnly farebox.fares.FareCalculatorSpec"'},
          "[info] FareCalculatorSpec: 17 passed")
    report = capture_transcript(b.write(b.path), store=store)
    (fact,) = facts_of(report)["recovery"]
    assert fact["text"].startswith('Use `sbt "core/testOnly farebox.fares.FareCalculatorSpec"` '
                                   "here (`sbt testOnly FareCalculatorSpec` fails: [error] Not a "
                                   "valid command: FareCalculatorSpec)"), fact["text"]
    assert fact["action"] == "proposed"  # its citations (the prompt's excerpts) resolve


def test_a_problem_met_on_the_way_or_explained_when_asked_is_a_gotcha(tmp_path, store):
    b = session(tmp_path)
    b.prompt("import last month's appointments from the clinic's CSV export")
    b.run("Bash", {"command": "dotnet run --project tools/Import"},
          "Exit code 1\nCannot write DateTime with Kind=Unspecified", is_error=True)
    b.say("Before I can do that there's a snag. Npgsql only accepts UTC DateTimes for "
          "timestamptz columns, so parsed dates need DateTimeKind.Utc before the insert.")
    b.prompt("recording a ride stops as soon as I lock the phone, the track just ends there")
    b.run("Read", {"file_path": "Ridelog/Info.plist"}, "UIBackgroundModes: location")
    b.say("Found it - fixing it first.")
    b.run("Edit", {"file_path": "Ridelog/Recording/LocationRecorder.swift"}, "ok")
    b.say("Recording keeps going with the screen locked now.")
    b.prompt("what was it?")
    b.say("Info.plist declares the background mode, but the location manager also needs "
          "allowsBackgroundLocationUpdates = true, or its updates stop in the background.")
    report = capture_transcript(b.write(b.path), store=store)
    gotchas = [g["text"] for g in facts_of(report)["gotcha"]]
    assert any(g.startswith("Npgsql only accepts UTC DateTimes") for g in gotchas), gotchas
    assert any("allowsBackgroundLocationUpdates = true" in g and "[asked: recording a ride "
               "stops" in g for g in gotchas), gotchas


def test_a_gotcha_keeps_the_remedy_that_comes_after_more_of_the_cause(tmp_path, store):
    b = session(tmp_path)
    # the cause, one more sentence of it, then what to do
    b.prompt("the nightly export dies with an error about naive datetimes")
    b.run("Bash", {"command": "python -m export --nightly"},
          "Exit code 1\nTypeError: can't compare offset-naive and offset-aware datetimes",
          is_error=True)
    b.say("The report window is built from aware datetimes, but rows come back naive because "
          "the driver drops the zone. Nothing in the query layer attaches one again. "
          "Attach it with `row.replace(tzinfo=UTC)` when the rows are read.")
    # a diagnosis in the "won't" form, met on the way, whose remedy is an identifier
    b.prompt("seed the staging database with the two demo tenants")
    b.run("Bash", {"command": "sbt seed"},
          "[error] column \"plan\" is of type plan_kind but expression is of type text",
          is_error=True)
    b.say("Before I can do that there's a snag. The mapping sends Plan as text, and Postgres "
          "won't cast text to the plan_kind enum by itself. doobie's postgres module has "
          "pgEnumString for exactly this case.")
    # a remedy too long for the room keeps its first clause
    b.prompt("saving an edited invoice throws because some other instance is already tracked")
    b.run("Bash", {"command": "dotnet test"}, "InvalidOperationException: cannot be tracked",
          is_error=True)
    b.say("The handler loads the invoice, so the context tracks it, and then calls Update() "
          "on a second mapped instance with the same Id - EF won't track two of them at once. "
          "Either change the loaded entity in place or load it with AsNoTracking() when the "
          "read is only there for the validation step; in this handler the validation step "
          "only needs the customer id and the invoice date, so AsNoTracking() on that first "
          "read is the smallest change that makes the save work again.")
    report = capture_transcript(b.write(b.path), store=store)
    gotchas = [g["text"] for g in facts_of(report)["gotcha"]]
    (naive,) = [g for g in gotchas if "aware datetimes" in g]
    assert "row.replace(tzinfo=UTC)" in naive, naive
    (enum,) = [g for g in gotchas if "plan_kind" in g]
    assert "pgEnumString" in enum, enum
    (tracked,) = [g for g in gotchas if "track" in g]
    # (a remedy cut at a clause says so)
    assert "load it with AsNoTracking() when the read is only there for the validation " \
        "step… [asked:" in tracked and len(tracked) <= 360, tracked
    # each part is cited by its exact words
    cited = {c["excerpt"] for g in facts_of(report)["gotcha"] for c in g["citations"]}
    assert "Attach it with `row.replace(tzinfo=UTC)` when the rows are read." in cited


def test_a_rule_said_after_praise_starts_at_its_own_clause(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Add the supplier import.")
    b.say("Added.")
    b.prompt("read the diff. naming's a bit long but fine - and good that you did it this way, "
             "no mutable globals in library code. lgtm")
    b.say("Thanks.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    assert rule["text"] == "No mutable globals in library code.", rule["text"]
    assert rule["citations"][0]["excerpt"] == "no mutable globals in library code."


def test_the_answer_to_a_question_about_the_setup_is_an_environment_fact(tmp_path, store):
    b = session(tmp_path)
    b.prompt("where can I see the emails the app sends in development?")
    # (Claude Code's Grep tool answers in several lines: a multi-line output must still be
    # cited by an excerpt the verifier finds, or the fact is dropped)
    b.run("Grep", {"pattern": "mailbox"}, "Found 1 file\nlib/app_web/router.ex")
    b.say("Nothing is sent in development: the router mounts the preview at "
          "http://localhost:4000/dev/mailbox.")
    b.prompt("thanks. Only lib/app_web/router.ex uses it.")  # narrated code, not the setup
    b.say("Right.")
    b.prompt("add a helper that formats the mailbox subject lines")
    b.run("Write", {"file_path": "lib/app/mail_subject.ex"}, "File created: lib/app/mail_subject.ex")
    b.say("Added subject_line/1 in lib/app/mail_subject.ex with two tests; the mailer can use "
          "it for every message.")  # the work reported, not the setup
    report = capture_transcript(b.write(b.path), store=store)
    (env,) = facts_of(report)["environment"]
    assert "localhost:4000/dev/mailbox" in env["text"] and "[asked: where can I see" in env["text"]
    # the output line that backs the answer, not the tool's header line
    assert any(c["excerpt"] == "lib/app_web/router.ex" for c in env["citations"])


def test_a_question_inside_a_prompt_of_several_requests_is_answered_too(tmp_path, store):
    b = session(tmp_path)
    b.prompt("two things. first, delete my local branches that are already merged. second: "
             "where's the local database connection string? appsettings.Development.json "
             "doesn't have one")
    b.run("Bash", {"command": "git branch --merged main | grep -v 'main$' | xargs -r git "
                              "branch -d"}, "Deleted branch tidy-logging (was 9c0d7b4).")
    b.run("Bash", {"command": "dotnet user-secrets list --project src/Api"},
          "ConnectionStrings:Clinic = Host=localhost;Database=clinic")
    b.say("It isn't in any appsettings file: local settings come from dotnet user-secrets, "
          "stored outside the repo under ~/.microsoft/usersecrets/.")
    report = capture_transcript(b.write(b.path), store=store)
    (env,) = facts_of(report)["environment"]
    assert "dotnet user-secrets" in env["text"] and "[asked: two things." in env["text"]


def test_a_command_run_from_another_directory_is_named_by_its_program(tmp_path, store):
    b = session(tmp_path)
    b.prompt("init terraform for staging")
    b.run("Bash", {"command": "cd envs/staging && terraform init"},
          'Exit code 1\nError: "bucket": required field is not set', is_error=True)
    b.run("Bash", {"command": "cd envs/staging && terraform init "
                   "-backend-config=../../backends/staging.hcl"}, "Terraform has been initialized!")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    assert "-backend-config=../../backends/staging.hcl" in fix["text"]


def test_each_reverted_experiment_of_a_session_gets_its_finding(tmp_path, store):
    b = session(tmp_path)
    for ask, tool, why in (
            ("try terragrunt for the staging env", "cd envs/staging && terragrunt plan",
             "Backed terragrunt out: its generated state key isn't ours, so the plan wants to "
             "recreate all 143 resources."),
            ("bump the aws provider to 5.0", "cd envs/staging && terraform validate",
             "Back on ~> 4.67: provider 5.x dropped the name argument of aws_db_instance, so "
             "validate fails in the rds module.")):
        b.prompt(ask)
        b.run("Edit", {"file_path": "envs/staging/main.tf"}, "ok")
        b.run("Bash", {"command": tool}, "Exit code 1\nPlan: 143 to add, 143 to destroy",
              is_error=True)
        b.say("Same wall as last time, it seems. Rolling it back.")
        b.run("Bash", {"command": "cd envs/staging && terraform init -upgrade"}, "ok")
        b.say(why)
    report = capture_transcript(b.write(b.path), store=store)
    findings = [f["text"] for f in facts_of(report)["falsified"]]
    assert [f[:20] for f in findings] == ["Backed terragrunt ou", "Back on ~> 4.67: pro"]
    # the revert step is not "the command that works instead of" the experiment
    assert "recovery" not in facts_of(report)


def test_rules_announced_as_rules_are_kept_without_their_wrapping(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Add a favourites tab.")
    b.say("Here's how I'd go about it: a new screen, a test, the diff. OK to go ahead?")
    b.prompt("plan's fine. one thing you couldn't know: new screens get their state from a "
             "generated provider, no hand-written ChangeNotifier any more")
    b.say("Good to know.")
    b.prompt('put this in CONTRIBUTING.md, we keep forgetting it: "Every query goes through '
             'the repository layer, not raw SQL." then add the export button')
    b.say("Done.")
    # a report that says "never" is no rule
    b.prompt("the upload spinner never stops on the staging build - works fine when I run it "
             "locally")
    b.say("Looking.")
    report = capture_transcript(b.write(b.path), store=store)
    rules = [c["text"] for c in facts_of(report).get("convention", [])]
    assert rules == ["New screens get their state from a generated provider, no hand-written "
                     "ChangeNotifier any more",
                     "Every query goes through the repository layer, not raw SQL."], rules


def test_a_diagnosis_the_user_brings_and_the_assistant_confirms_is_a_gotcha(tmp_path, store):
    b = session(tmp_path)
    b.prompt("saving the form with an empty title does nothing at all. I think I've got it: "
             "the controller re-renders with a 200, so the client ignores the response. "
             "Rendering with status 422 fixes it. can you double-check and fix it?")
    b.run("Read", {"file_path": "app/controllers/posts_controller.rb"}, "render :new")
    b.say("You're right, that's exactly it. Fixing.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert gotcha["text"].startswith("The controller re-renders with a 200, so the client "
                                     "ignores the response. Rendering with status 422 fixes "
                                     "it. [asked: saving the form"), gotcha["text"]
    assert "convention" not in facts_of(report)


def test_an_explanation_asked_for_after_the_fact_is_still_the_finding(tmp_path, store):
    b = session(tmp_path)
    # a gotcha explained in a write-up for the team, after the fix
    b.prompt("the nightly report job fails with record not found every few runs")
    b.run("Bash", {"command": "grep RecordNotFound log/worker.log | tail -1"},
          "RecordNotFound: Couldn't find Report")
    b.say("Got it - fixing first, explanation after.")
    b.run("Edit", {"file_path": "app/models/report.rb"}, "ok")
    b.say("Fixed; the job runs clean now.")
    b.prompt("write me a short heads-up for the team channel about this")
    b.say("> **Why, and the fix:** The job is enqueued in after_save, which runs before the "
          "transaction commits, so the worker can't see the row yet. Enqueue it from "
          "after_commit instead.")
    # a falsified approach explained for the ticket, after the revert
    b.prompt("switch the cache store to memcached, redis is too slow")
    b.run("Edit", {"file_path": "config/production.rb"}, "ok")
    b.run("Bash", {"command": "bin/bench cache"}, "p95 41 ms (was 38 ms)", is_error=True)
    b.say("That doesn't hold up; putting it back.")
    b.run("Bash", {"command": "git checkout -- config/production.rb"}, "")
    b.say("Reverted.")
    b.prompt("ok. give me a short paragraph on why we're not doing it, for the ticket")
    b.say("Memcached made the cache slower here: p95 went from 38 to 41 ms, since our "
          "payloads are large hashes that redis stores natively.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    (gotcha,) = [g["text"] for g in found["gotcha"] if "after_save" in g["text"]]
    assert gotcha.startswith("The job is enqueued in after_save") and "after_commit" in gotcha \
        and "[asked: the nightly report job" in gotcha, gotcha
    (why,) = [f["text"] for f in found["falsified"]]
    assert why.startswith("Memcached made the cache slower here") \
        and "[asked: switch the cache store to memcached" in why, why


def test_recoveries_found_without_an_environmental_error_or_a_failing_exit(tmp_path, store):
    b = session(tmp_path)
    # nothing edited in between, a variant of the same job works
    b.prompt("reset the demo data")
    b.run("Bash", {"command": "bin/rails db:seed"},
          "ActiveRecord::RecordNotUnique: duplicate key value", is_error=True)
    b.run("Bash", {"command": "bin/rails db:seed:replant"}, "Seeded 3 markets.")
    # a run that "passed" without doing its job
    b.prompt("run the unit tests")
    b.run("Bash", {"command": "ctest --output-on-failure"}, "No tests were found!!!")
    b.run("Bash", {"command": "ctest --test-dir build/dev --output-on-failure"}, "38 passed")
    # a command a colleague sent, in double quotes
    b.prompt("the app won't start, some package is missing")
    b.run("Bash", {"command": "Rscript -e 'shiny::runApp()'"},
          "Error in loadNamespace(x) : there is no package called 'arrow'", is_error=True)
    b.prompt("Ines says \"Rscript -e 'renv::restore()'\" - that's what they always use")
    b.run("Bash", {"command": "Rscript -e 'renv::restore()'"}, "Restored 12 packages.")
    # not recoveries: a look around after an environmental failure, a step added after an edit
    b.prompt("run the integration tests")
    b.run("Bash", {"command": "./gradlew integrationTest"},
          "Could not find a valid Docker environment", is_error=True)
    b.run("Bash", {"command": "docker context ls"}, "default *  unix:///var/run/docker.sock")
    b.prompt("fix the widget test")
    b.run("Bash", {"command": "flutter test test/widget_test.dart"}, "Some tests failed.",
          is_error=True)
    b.run("Edit", {"file_path": "build.yaml"}, "ok")
    b.run("Bash", {"command": "dart run build_runner build && flutter test "
                              "test/widget_test.dart"}, "All tests passed!")
    report = capture_transcript(b.write(b.path), store=store)
    used = sorted(f["text"].split("`")[1] for f in facts_of(report)["recovery"])
    assert used == ["Rscript -e 'renv::restore()'", "bin/rails db:seed:replant",
                    "ctest --test-dir build/dev --output-on-failure"], used
    assert "convention" not in facts_of(report)  # the relayed command is the recovery's


def test_shapes_of_findings_that_start_or_end_off_the_usual_path(tmp_path, store):
    b = session(tmp_path)
    # the first answer to a question about the setup, with no verb of its own
    b.prompt("which R version are we supposed to be on?")
    b.run("Bash", {"command": "grep -A1 '\"R\"' renv.lock"}, '"Version": "4.3.3",')
    b.say("R 4.3.3, as recorded in renv.lock.")
    # the verdict names what was tried; the finding follows
    b.prompt("turn on unity builds, clean builds are slow")
    b.run("Edit", {"file_path": "CMakeLists.txt"}, "ok")
    b.run("Bash", {"command": "./tools/buildtime.sh"}, "incremental: 41 s (was 6 s)",
          is_error=True)
    b.prompt("hm. back it out")
    b.run("Bash", {"command": "git checkout -- CMakeLists.txt"}, "")
    b.say("Unity builds are off again. Touching one file now recompiles its whole batch, 41 s "
          "instead of 6 s.")
    # "release" is the subject here, not an order; "undo" a feature, not a revert
    b.prompt("release is today and the delete button only works on the first row. help")
    b.run("Read", {"file_path": "src/panels/layers.cpp"}, "ImGui::Button(\"Delete\")")
    b.say("Dear ImGui identifies a widget by its label hashed into the current ID stack, and "
          "every row uses the same labels in the same window, so all the rows' buttons share "
          "one ID and only the first one reacts to a click. Pushing the row index onto the ID "
          "stack - ImGui::PushID(i) at the start of each row and ImGui::PopID() at its end - "
          "makes every one of them distinct again.")
    b.prompt("add an undo command for the brush tool so ctrl+z works")
    b.run("Edit", {"file_path": "src/brush.cpp"}, "ok")
    b.say("Done. I went with the usual command pattern; happy to switch if you prefer another.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    assert any(e["text"].startswith("R 4.3.3, as recorded in renv.lock.")
               for e in found["environment"]), found["environment"]
    (unity,) = found["falsified"]
    assert unity["text"].startswith("Unity builds are off again. Touching one file"), unity
    (ids,) = found["gotcha"]
    # the remedy does not fit beside the whole cause: the cause is cut at a clause
    assert "… Pushing the row index" in ids["text"] and "ImGui::PushID(i)" in ids["text"] \
        and len(ids["text"]) <= 360, ids["text"]


def test_shapes_that_must_not_become_facts(tmp_path, store):
    """Ordinary sessions the looser rules must leave alone (each was a misfire once)."""
    b = session(tmp_path)
    # "You're right" with no diagnosis brought: the assistant's own explanation is the gotcha
    b.prompt("the dashboard shows wrong timestamps. It only happens in production. can you look?")
    b.run("Read", {"file_path": "src/time.ts"}, "new Date(ts)")
    b.say("You're right, the times are shifted by exactly one hour. The server sends naive UTC "
          "strings, so the browser reads them as local time. Parse them with "
          "`parseISO(ts + 'Z')` instead.")
    # a new task that mentions a summary is no write-up of the problem
    b.prompt("great. now add a summary section to the README and link it from the docs index")
    b.say("The README doesn't have a table of contents yet, so I'll put the section after the "
          "intro.")
    # narrowing the tests is no recovery; an install with nothing to do is no failure
    b.prompt("run the tests")
    b.run("Bash", {"command": "make test"}, "FAILED tests/integration/test_sync.py::test_push",
          is_error=True)
    b.run("Bash", {"command": "make test-unit"}, "120 passed")
    b.prompt("install the postgres client")
    b.run("Bash", {"command": "sudo dnf install -y postgresql"},
          "Package postgresql is already installed. Nothing to do. Complete!")
    b.run("Bash", {"command": "sudo dnf install -y postgresql-devel"}, "Complete!")
    # a report of what the user did is no rule; praise is no symptom
    b.prompt("one thing you couldn't know: I already restarted the staging worker twice.")
    b.say("Noted.")
    b.prompt("Nice work on the CSV parser, but tabs should be accepted as separators too")
    b.run("Read", {"file_path": "src/csv.py"}, "split(',')")
    b.say("The tokenizer only splits on commas right now, so I'll add a tab as a separator.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    (gotcha,) = found["gotcha"]
    assert gotcha["text"].startswith("The server sends naive UTC strings"), gotcha["text"]
    assert "recovery" not in found and "convention" not in found, found


def test_rules_keep_their_scope_quote_and_bold_and_undo_is_still_a_revert(tmp_path, store):
    b = session(tmp_path)
    b.prompt("outside of migrations, no raw SQL anywhere in the app.")
    b.say("Understood.")
    b.prompt('we keep forgetting this: "no secrets in fixtures" and then fix the lint errors')
    b.say("Done.")
    b.prompt("**never push directly to main.** open a PR for the import")
    b.say("Opening one.")
    b.prompt("switch the session store to memcached")
    b.run("Edit", {"file_path": "config/session.rb"}, "ok")
    b.run("Bash", {"command": "bin/rspec spec/requests/login_spec.rb"}, "3 failures",
          is_error=True)
    b.prompt("that broke login. undo what you just did")
    b.run("Bash", {"command": "git checkout -- config/session.rb"}, "")
    b.say("Back on the cookie store: the dalli gem drops the session on every redirect, which "
          "logs everyone out after the first request.")
    report = capture_transcript(b.write(b.path), store=store)
    rules = [c["text"] for c in facts_of(report)["convention"]]
    assert "Outside of migrations, no raw SQL anywhere in the app." in rules, rules
    assert "No secrets in fixtures" in rules, rules
    assert any(r.startswith("**never push directly to main.**") for r in rules), rules
    (why,) = facts_of(report)["falsified"]
    assert why["text"].startswith("Back on the cookie store"), why["text"]


def test_a_cause_found_on_the_way_and_the_commit_message_that_says_why(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the second time I press play the score starts where the last run ended")
    b.run("Read", {"file_path": "Assets/Scripts/ScoreKeeper.cs"}, "static int Score;")
    b.say("Found the cause. Fixing.")
    b.run("Edit", {"file_path": "Assets/Scripts/ScoreKeeper.cs"}, "ok")
    b.say("The score resets on every play now.")
    b.prompt("commit it, and make the message say *why* - future me will want to know")
    b.run("Bash", {"command": "git commit -a -m 'fix: reset statics'"}, "[main 1a2b3c4] fix")
    b.say("Committed; the body explains it:\n\nDomain reload is off, so static fields keep "
          "their values between play sessions. Reset them in a "
          "[RuntimeInitializeOnLoadMethod] hook.")
    # a command the assistant says fails, then the one that works
    b.prompt('commit what\'s staged, something like "tidy up"')
    b.run("Bash", {"command": 'git commit -m "tidy up"'}, "pytest-quick....Failed",
          is_error=True)
    b.say("The commit was blocked: the hook runs `uv run pytest -x -q`, which fails here no "
          "matter what, since it picks the local settings.")
    b.run("Bash", {"command": "uv run pytest --ds=config.settings.test -x -q"}, "212 passed")
    # a name of a thing, backed by tool output
    b.prompt("which namespace is production in?")
    b.run("Bash", {"command": "kubectl config get-contexts"}, "*  do-ams3-studio  studio-prod")
    b.say("Production is the studio-prod namespace behind the do-ams3-studio context.")
    # rules as lists of what there is none of, with their tail and their code
    b.prompt("note from me: money is an integer number of pence. never a DecimalField, never "
             "a float.")
    b.say("Noted.")
    b.prompt("yes - no heap in the firmware. fixed-size pools come from K_MEM_SLAB_DEFINE")
    b.say("Noted.")
    b.prompt("and since you're in there - components never fetch('/api/...') in onMount")
    b.say("Noted.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    (gotcha,) = found["gotcha"]
    assert gotcha["text"].startswith("Domain reload is off, so static fields keep their "
                                     "values") and "RuntimeInitializeOnLoadMethod" in gotcha["text"]
    (fix,) = found["recovery"]
    assert fix["text"].startswith("Use `uv run pytest --ds=config.settings.test -x -q` here "
                                  "(`uv run pytest -x -q` fails)"), fix["text"]
    assert any("studio-prod namespace" in e["text"] for e in found["environment"]), found
    rules = [c["text"] for c in found["convention"]]
    assert rules == ["Money is an integer number of pence. never a DecimalField, never a float.",
                     "No heap in the firmware. fixed-size pools come from K_MEM_SLAB_DEFINE",
                     "Components never fetch('/api/...') in onMount"], rules


def test_a_verdict_given_before_the_revert_is_the_finding(tmp_path, store):
    b = session(tmp_path)
    b.prompt("switch the uplinks to confirmed messages. I'm in meetings - try it and leave me "
             "a verdict")
    b.run("Edit", {"file_path": "app/src/uplink.c"}, "ok")
    b.run("Bash", {"command": "python3 tools/field_sim.py --compare unconfirmed,confirmed"},
          "confirmed: 1,873 retries", is_error=True)
    b.say("Verdict for when you're back: confirmed uplinks make delivery worse, because every "
          "ack is a downlink and the gateway's duty cycle runs out. Say the word and I'll "
          "revert it.")
    b.prompt("back. read it, agree. revert")
    b.run("Bash", {"command": "git checkout -- app/src/uplink.c"}, "")
    b.say("Reverted.")
    report = capture_transcript(b.write(b.path), store=store)
    (why,) = facts_of(report)["falsified"]
    assert why["text"].startswith("Confirmed uplinks make delivery worse, because every ack") \
        and "[asked: switch the uplinks to confirmed messages" in why["text"], why["text"]
    assert "environment" not in facts_of(report)


def test_a_dictated_rule_starts_after_the_filler_that_ends_the_task_before_it(tmp_path, store):
    b = session(tmp_path)
    b.prompt("okay so add the beer style to the sales fact from dim_beers and um one thing every "
             "ref() goes in an import cte at the top of the model yeah that's just how we do it "
             "in this repo")
    b.run("Edit", {"file_path": "models/fct_sales.sql"}, "ok")
    b.say("Added beer_style to fct_sales.")
    report = capture_transcript(b.write(b.path), store=store)
    (rule,) = facts_of(report)["convention"]
    assert rule["text"].startswith("One thing every ref() goes in an import cte"), rule["text"]
    assert "dim_beers" not in rule["text"]


def test_reports_of_the_state_work_left_things_in_are_not_environment_facts(tmp_path, store):
    b = session(tmp_path)
    b.prompt("pull the latest main")
    b.run("Bash", {"command": "git pull"}, "Fast-forward\n src/app.py | 3 ++-")
    b.say("Pulled main (a fast-forward, 3 files).")
    b.prompt("how many TODOs are left under src?")
    b.run("Grep", {"pattern": "TODO", "output_mode": "files_with_matches"},
          "Found 2 files\nsrc/Governance.sol\nsrc/ShareRegistry.sol")
    b.say("2 files under src still have a TODO: src/Governance.sol, src/ShareRegistry.sol.")
    b.prompt("rename qty to quantity everywhere")
    b.run("Edit", {"file_path": "src/Hedgerow/Orders.hs"}, "ok")
    b.run("Bash", {"command": "stack build"}, "Completed 2 action(s).")
    b.say("`qty` is now `quantity`; src/Hedgerow/Orders.hs was the only place using it.")
    b.prompt("what did I get done yesterday?")
    b.run("Bash", {"command": "git log --since=yesterday --oneline"},
          "71be0c4 plots: residual panel (src/plots.jl)")
    b.say("Yesterday: a residual panel under the fit plots in src/plots.jl.")
    report = capture_transcript(b.write(b.path), store=store)
    assert "environment" not in facts_of(report), facts_of(report)


def test_a_status_report_after_the_revert_does_not_replace_the_verdict_before_it(
        tmp_path, store):
    b = session(tmp_path)
    b.prompt("grab #105 off the backlog and find out if it's viable")
    b.run("Edit", {"file_path": "src/fit.jl"}, "ok")
    b.run("Bash", {"command": "julia --project -e 'fit_growth(load_example(:community))'"},
          "ERROR: Mutating arrays is not supported", is_error=True)
    b.say("Zygote can't differentiate the objective as it stands: the community model's "
          "right-hand side writes into du in place, which Zygote refuses. ForwardDiff stays.")
    b.prompt("close it with that as the comment, and clean up")
    b.run("Bash", {"command": "git checkout -- src/fit.jl"}, "")
    b.run("Bash", {"command": "gh issue close 105 --reason 'not planned'"}, "Closed issue #105")
    b.say("#105 is closed as not planned, with the findings as the comment; the working tree "
          "is clean.")
    report = capture_transcript(b.write(b.path), store=store)
    (why,) = facts_of(report)["falsified"]
    assert why["text"].startswith("Zygote can't differentiate the objective"), why["text"]
    assert "closed as not planned" not in " ".join(texts(report)[1:])


def test_a_command_that_works_three_requests_later_recovers_nothing(tmp_path, store):
    b = session(tmp_path)
    b.prompt("try the community model with the new gradient")
    b.run("Bash", {"command": "julia --project -e 'fit_growth(load_example(:community))'"},
          "ERROR: Mutating arrays is not supported", is_error=True)
    b.say("That fails inside the gradient.")
    b.prompt("ok, leave it and close the issue")
    b.run("Bash", {"command": "gh issue close 105"}, "Closed issue #105")
    b.say("Closed.")
    b.prompt("what did I get done yesterday?")
    b.run("Bash", {"command": "git log --since=yesterday --oneline"}, "71be0c4 plots")
    b.say("A residual panel under the fit plots.")
    b.prompt("the October bloom fit is slow, time it")
    b.run("Bash", {"command": "julia --project -e '@time fit_growth(load_example(:october))'"},
          "6.8 seconds")
    b.say("The October bloom fit takes 6.8 s.")
    report = capture_transcript(b.write(b.path), store=store)
    assert "recovery" not in facts_of(report), facts_of(report)


def test_a_recovery_after_a_follow_up_question_is_still_one(tmp_path, store):
    b = session(tmp_path)
    b.prompt("run the tests")
    b.run("Bash", {"command": "npm test"}, "npm ERR! This project requires pnpm", is_error=True)
    b.say("That failed.")
    b.prompt("why did it fail?")
    b.say("npm refuses to run here.")
    b.prompt("ok then run them with pnpm")
    b.run("Bash", {"command": "pnpm test"}, "12 passed")
    b.say("All 12 pass.")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    assert fix["text"].startswith("Use `pnpm test` here (`npm test` fails"), fix["text"]


def test_the_working_command_the_assistant_refines_right_after_a_recovery_replaces_it(
        tmp_path, store):
    b = session(tmp_path)
    b.prompt("a fuzz test failed in CI (seed 180355742) but passes for me - rerun it exactly "
             "the way CI did")
    b.run("Bash", {"command": "npx elm-test --fuzz-seed 180355742 tests/BasketTests.elm"},
          "error: unknown option '--fuzz-seed'", is_error=True)
    b.run("Bash", {"command": "npx elm-test tests/BasketTests.elm"}, "TEST RUN PASSED")
    b.say("The flag is --seed, and CI runs 1000 fuzz iterations.")
    b.run("Bash", {"command": "npx elm-test --seed 180355742 --fuzz 1000 tests/BasketTests.elm"},
          "shares add up to the charge: 3399 /= 3400")
    b.say("Reproduced.")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    assert fix["text"].startswith("Use `npx elm-test --seed 180355742 --fuzz 1000 "
                                  "tests/BasketTests.elm` here"), fix["text"]


def test_a_contract_address_the_assistant_confirms_from_tool_output_is_an_environment_fact(
        tmp_path, store):
    proxy = "0x5aE3cF0d29B14a6E7c81D9f2b0a4C63E18d7B5c9"
    b = session(tmp_path)
    b.prompt("someone on the forum wants the registry's address - check the deploy record "
             "and write it in the notes")
    b.run("Bash", {"command": "jq -r '.transactions[0].contractAddress' run-latest.json"},
          proxy)
    b.say(f"The address to give out is the proxy, {proxy}, on Base mainnet - that's what the "
          f"deploy broadcast recorded.")
    report = capture_transcript(b.write(b.path), store=store)
    (fact,) = facts_of(report)["environment"]
    assert proxy in fact["text"]


def test_rules_in_a_block_the_user_announces_are_each_kept(tmp_path, store):
    b = session(tmp_path)
    b.prompt("Saoirse left this on my last PR and it goes for everything from now on:\n\n"
             "> **Saoirse** commented on `src/loans.clj`\n"
             "> Schemas are malli - a vector schema registered in borrowbox.schema. "
             "no clojure.spec in anything new.\n\n"
             "so keep to that. next thing: add an endpoint to extend a loan")
    b.run("Edit", {"file_path": "src/routes.clj"}, "ok")
    b.say("Added the endpoint.")
    b.prompt("ground rules for today's session:\n- one commit per change\n"
             "- printer tests are inline ppx_expect tests, right under the function\n\n"
             "first up: make the chart printer show repeat brackets")
    b.say("Will do.")
    report = capture_transcript(b.write(b.path), store=store)
    rules = [c["text"] for c in facts_of(report)["convention"]]
    assert "Schemas are malli - a vector schema registered in borrowbox.schema." in rules
    assert "Printer tests are inline ppx_expect tests, right under the function" in rules
    # neither the announcement, the byline nor the task after the block is a rule
    assert not [r for r in rules if "from now on" in r or "commented on" in r
                or "repeat brackets" in r or "ground rules" in r]


def test_a_regression_reported_in_new_words_gets_one_explanation_with_its_remedy(tmp_path, store):
    b = session(tmp_path)
    b.prompt("our daily revenue never matches the till's report for sales just after midnight. "
             "it worked a month ago - can you bisect it?")
    b.run("Bash", {"command": "git bisect run ./repro.sh"}, "first bad commit: 1d5fc7a")
    b.say("The till stores sold_at in UTC and the model takes date(sold_at), so our day ends at "
          "midnight UTC. The date has to be taken in the taproom's timezone, "
          "date(sold_at, 'Europe/Berlin').")
    b.run("Edit", {"file_path": "models/sales.sql"}, "ok")
    b.say("Rebuilt; the totals match the till now.")
    b.prompt("great. write the closing comment for the issue")
    b.say("Fixed on main. What was going on: the till stores sold_at in UTC and the model takes "
          "date(sold_at), so our day ends at midnight UTC.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    (gotcha,) = found["gotcha"]  # (the closing comment says it again: not a second finding)
    assert "sold_at in UTC" in gotcha["text"] and "'Europe/Berlin'" in gotcha["text"]
    assert "convention" not in found  # ("never matches" reports; it sets no rule)


def test_a_name_ending_in_an_exclamation_mark_does_not_end_the_sentence(tmp_path, store):
    b = session(tmp_path)
    b.prompt("postgres starts refusing connections after a few resets in the repl")
    b.run("Read", {"file_path": "src/db.clj"}, "(defmethod ig/init-key ::pool ...)")
    b.say("With no matching ig/halt-key! the old HikariDataSource is never closed, so every "
          "reset leaks connections. Any key that opens a resource needs an ig/halt-key! that "
          "closes it.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert "With no matching ig/halt-key! the old HikariDataSource is never closed" \
        in gotcha["text"]
    assert "needs an ig/halt-key! that closes it" in gotcha["text"]


def test_a_recovery_pairs_with_the_failed_command_it_contains(tmp_path, store):
    b = session(tmp_path)
    b.prompt("dune can't find menhirLib in this terminal. build it")
    b.run("Bash", {"command": "dune build"},
          'Exit code 1\nError: Library "menhirLib" not found.', is_error=True)
    b.run("Bash", {"command": "opam install . --deps-only"},
          "Exit code 20\n[ERROR] Package conflict!", is_error=True)
    b.run("Bash", {"command": "eval $(opam env --switch=. --set-switch) && dune build 2>&1 | "
                              "tail -2 && which ocaml"}, "")
    b.run("Bash", {"command": "dune fmt"}, "")
    b.say("Built with the local switch.")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    assert fix["text"].startswith("Use `eval $(opam env --switch=. --set-switch) && dune build` "
                                  "here (`dune build` fails")
    # (what only trimmed or checked the output in the session is left out of the command)


def test_commands_the_user_runs_in_bash_mode_count_as_run(tmp_path, store):
    b = session(tmp_path)
    bash_mode(b, "fly apps list", "NAME             STATUS\nlend-shed-prod   deployed\n"
                                  "lend-shed-staging   suspended")
    b.prompt("output's above. which fly app is production?")
    b.say("Production is the Fly app lend-shed-prod; lend-shed-staging is suspended.")
    bash_mode(b, "clojure -X:test", stderr="No function found on command line or in :exec-fn")
    b.prompt("^ run the tests, I touched the fee calculation")
    b.say("The repo moved to Kaocha: the entry point is the bin/kaocha wrapper. So in your "
          "terminal: `bin/kaocha unit`.")
    bash_mode(b, "bin/kaocha unit", "42 tests, 187 assertions, 0 failures.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    # the output backs the assistant's answer
    assert any("lend-shed-prod" in f["text"] for f in found["environment"])
    # the command the assistant told the user to run, which then worked, recovers the failure
    (fix,) = found["recovery"]
    assert fix["text"].startswith("Use `bin/kaocha unit` here (`clojure -X:test` fails: No "
                                  "function found")
    assert fix["text"].endswith("[asked: ^ run the tests, I touched the fee calculation]")
    # and no bash-mode line is taken for something the user asked or said
    assert not [t for t in texts(report) if "<bash" in t]


def test_a_remedy_with_its_code_is_kept_whole_past_more_cause(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the governance vote closed after about a day, but it's supposed to stay open for "
             "a week")
    b.run("Bash", {"command": "grep -n VOTING_PERIOD src/Governance.sol"}, "12: 50400")
    b.say("VOTING_PERIOD is 50,400 blocks, which is a week on Ethereum mainnet at 12 s per block "
          "- but Base makes a block every 2 seconds, so 50,400 blocks is 28 hours, the "
          "day-and-a-bit you saw (the two timestamps are 100,800 s apart). Anything measured in "
          "time on an L2 has to use block.timestamp - deadline = block.timestamp + 7 days - "
          "never block.number.")
    b.prompt("the sales after midnight land on the wrong day. it worked a month ago")
    b.run("Bash", {"command": "git bisect run ./repro.sh"}, "first bad commit: 1d5fc7a")
    b.say("The till stores sold_at in UTC and the model takes date(sold_at), so our day ends at "
          "midnight UTC. The till's report uses local days, so a sale at 00:41 local time "
          "counts for the day before. The date has to be taken in the taproom's timezone, "
          "date(sold_at, 'Europe/Berlin').")
    report = capture_transcript(b.write(b.path), store=store)
    voting, berlin = facts_of(report)["gotcha"]
    # the whole remedy, the cause shortened to a clause to make room for it
    assert voting["text"].startswith("VOTING_PERIOD is 50,400 blocks")
    assert "has to use block.timestamp - deadline = block.timestamp + 7 days - never "\
           "block.number." in voting["text"]
    # past the sentence of more cause to the remedy that names the code
    assert "date(sold_at, 'Europe/Berlin')" in berlin["text"]
    assert "00:41" not in berlin["text"]


def test_a_verdict_on_an_approach_is_kept_and_a_bare_revert_report_is_not(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add a distributeAll() that loops over every member and sends their credits, so "
             "nobody has to claim")
    b.run("Edit", {"file_path": "src/CreditDistributor.sol"}, "ok")
    b.run("Bash", {"command": "forge test --match-test test_distributeAll"},
          "Exit code 1\n[FAIL: OutOfGas]", is_error=True)
    b.say("A push-style distributeAll() can't work at our size: with 2,318 members it runs out "
          "of gas after 1,342 payouts.")
    b.prompt("ok, revert. and write it up as an ADR so it stops getting proposed")
    b.run("Bash", {"command": "git checkout -- src/CreditDistributor.sol"}, "")
    b.say("Reverted, and written up as docs/adr/0013-reject-distributeall.md.")
    b.prompt("Piotr's PR replaces the outbox polling with a core.async channel. check whether "
             "it holds up")
    b.run("Bash", {"command": "clojure -M:dev -m chaos --kill-after-enqueue 50"},
          "delivered: 17 / 50 - lost: 33")
    b.say("core.async is the wrong tool for the reminders: the channel lives in the JVM's memory, "
          "so a crash loses whatever is queued.")
    b.prompt("the enemy AI coroutines are painful to read")
    b.say("One option would be async methods awaiting Task.Delay. Want me to try that?")
    b.prompt("no - Lars tried exactly that last summer and we reverted it")
    b.say("Understood, something else then.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    falsified = [f["text"] for f in found["falsified"]]
    assert any(t.startswith("A push-style distributeAll() can't work at our size") for t in falsified)
    assert any(t.startswith("core.async is the wrong tool") for t in falsified)
    # a report of the revert, and a reference to an attempt that names nothing, are no findings
    assert not [t for t in falsified if "written up" in t or "tried exactly that" in t]
    assert "convention" not in found  # (the order's "every … has to" is the task)


def test_what_is_pasted_or_summarised_is_not_what_the_user_said(tmp_path, store):
    b = session(tmp_path)
    b.prompt("one rule that isn't up for debate: reverts use custom errors, never require "
             "strings.")
    b.say("Noted.")
    b.prompt("CI is green with this, here's the step:\n```\n2024-11-08T07:14:11Z Run forge "
             "script --sender 0x9C41e2b7A0d5F36c81E4b2a9D07c5E3f1A6b8d24 on port 8545\n```")
    b.say("Thanks.")
    b.prompt("<bash-input>git revert HEAD</bash-input>")
    b.prompt("This session is being continued from a previous conversation that ran out of "
             "context. The conversation is summarized below:\nNo files modified in the last part "
             "of the conversation; nothing is left half-done.")
    b.say("Picking up the pending question. The summary has an answer, but it was never "
          "re-checked, so I'll verify it.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    (rule,) = found["convention"]
    assert rule["text"] == "Reverts use custom errors, never require strings."
    assert not [t for t in texts(report) if "2024-11-08" in t or "summary" in t
                or "No files modified" in t]


def test_a_diagnosis_written_into_notes_is_a_finding(tmp_path, store):
    b = session(tmp_path)
    b.prompt("slither flags CreditDistributor as an unprotected upgradeable contract. I'm "
             "logging off - dig into it and leave notes in NOTES.md, don't change any code yet")
    b.run("Bash", {"command": "slither src/CreditDistributor.sol"}, "unprotected-upgrade: 1")
    b.run("Write", {"file_path": "NOTES.md", "content": (
        "# Slither flags CreditDistributor\n\n## What's going on\n\nCreditDistributor has no "
        "constructor, so anyone can call initialize() on the implementation itself. It needs a "
        "constructor calling _disableInitializers(), which locks the implementation for good.\n")},
        "File created successfully at: NOTES.md")
    b.run("Write", {"file_path": "src/Fix.sol", "content": "// so anyone can call it, which "
                    "must be a constructor calling _unrelatedCode()"}, "ok")
    b.say("Notes are in NOTES.md; no code changed.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert "has no constructor, so anyone can call initialize()" in gotcha["text"]
    assert "_disableInitializers()" in gotcha["text"]
    assert "_unrelatedCode" not in " ".join(texts(report))  # (code files are not read)
    assert gotcha["citations"][0]["excerpt"] in gotcha["text"]


def test_rules_said_in_an_aside_a_pasted_thread_or_quoted_by_the_assistant(tmp_path, store):
    b = session(tmp_path)
    b.prompt("ok so. long day. write the audit record asynchronously - that's the main thing. "
             "(and no bare spawn anywhere in the app - every process is started by a supervisor, "
             "as a dynamic child under fg_worker_sup. yes I know I say it every time.)")
    b.say("Main thing first, and keeping to that rule.")
    b.prompt("from #dev this morning:\n\nTariq  1:24 PM\nare we doing this consistently or not?\n"
             "Marisol  1:30 PM\nUnits stay on everything at the API boundary. ustrip happens in "
             "exactly one place, right before the ODE kernel, and nowhere else.\nTariq  1:31 PM\n"
             "ok, that settles it :+1:\n\nso that's the rule now. make read_fluorometer return "
             "the time column as a proper time")
    b.say("Will do.")
    b.prompt("add a status endpoint. there's one particular way handlers are done here - get it "
             "from the history, don't guess")
    b.run("Bash", {"command": "git log --reverse -- src/"}, "commit 89fe3ae\n    One way of doing this")
    b.say("It's deliberate. Ingrid made it a rule in 89fe3ae (\"One way of doing this\"): HTTP "
          "handlers are cowboy_rest handlers, never a plain init/2 that calls cowboy_req:reply.")
    report = capture_transcript(b.write(b.path), store=store)
    rules = [c["text"] for c in facts_of(report)["convention"]]
    assert rules == [
        "No bare spawn anywhere in the app - every process is started by a supervisor, as a "
        "dynamic child under fg_worker_sup.",
        "Units stay on everything at the API boundary.",
        "Ustrip happens in exactly one place, right before the ODE kernel, and nowhere else.",
        "HTTP handlers are cowboy_rest handlers, never a plain init/2 that calls cowboy_req:reply."]


def test_a_name_only_tool_output_knows_and_a_problem_that_still_happens(tmp_path, store):
    b = session(tmp_path)
    b.prompt("which storage should a new VM's disk go on?")
    b.run("Bash", {"command": "ssh root@pve1 pvesm status"},
          "Name        Type      Status\nfastpool    zfspool   active\nlocal       dir       active")
    b.say("New VM disks go on fastpool: a ZFS pool on every node. Written to docs/SETUP.md.")
    b.prompt("caddy is still serving the old config after the playbook run, even though the "
             "Caddyfile on the proxy is the new one")
    b.run("Bash", {"command": "grep -A2 upstreams logs/last-run.log"}, "fatal: [proxy]: FAILED!")
    b.say("Found it. Fixing first.")
    b.run("Edit", {"file_path": "roles/caddy/tasks/main.yml"}, "ok")
    b.say("Caddy serves the new config.\n\nWhat was going on: handlers only run at the end of the "
          "play, and a later task failed, so the queued reload never ran. The role now runs "
          "meta: flush_handlers straight after rendering the Caddyfile.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    (env,) = found["environment"]  # ("Written to docs/SETUP.md." reports work)
    assert env["text"].startswith("New VM disks go on fastpool")
    (gotcha,) = found["gotcha"]
    assert gotcha["text"].startswith("Handlers only run at the end of the play")
    assert "flush_handlers" in gotcha["text"]


def test_where_code_is_used_is_no_fact_about_the_environment(tmp_path, store):
    b = session(tmp_path)
    b.prompt("where is fg_gate_statem:open used?")
    b.run("Grep", {"pattern": "fg_gate_statem:open"},
          "Found 2 files\napps/ferrygate/src/fg_scan_handler.erl\napps/ferrygate/src/fg_override.erl")
    b.say("`fg_gate_statem:open` is used in 2 places: apps/ferrygate/src/fg_scan_handler.erl, "
          "apps/ferrygate/src/fg_override.erl.")
    report = capture_transcript(b.write(b.path), store=store)
    assert texts(report) == []


def test_a_conditional_rule_a_found_it_and_an_old_failure_of_another_task(tmp_path, store):
    b = session(tmp_path)
    b.prompt("from #dev:\n\nDmitri  12:23 PM\nWhen a function makes more than one allocation, "
             "every allocation gets its own errdefer free on the very next line. We only found "
             "out when the display ran out of memory.\n\nso that's the rule now. make "
             "Station.load read the cached file")
    b.say("Will do.")
    b.prompt("run the formatter")
    b.run("Bash", {"command": "erlfmt -w apps/ferrygate/src/*.erl"},
          "Exit code 127\nbash: erlfmt: command not found", is_error=True)
    b.run("Bash", {"command": "rebar3 fmt -w"}, "ok")
    b.prompt("the node on quay02 fell over on sunday night. fix first, questions later")
    b.run("Bash", {"command": "ssh quay02 'head -3 /opt/ferrygate/erl_crash.dump'"},
          "Slogan: no more index entries in atom_tab")
    b.say("Found it. Fixing first, as asked.")
    b.run("Edit", {"file_path": "apps/ferrygate/src/fg_mqtt.erl"}, "ok")
    b.say("Fixed.\n\nWhat was going on: fg_mqtt turns every gate id into an atom with "
          "binary_to_atom, and atoms are never garbage collected. Ids from outside must never "
          "become new atoms: binary_to_existing_atom accepts only the gates we know.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    assert [c["text"] for c in found["convention"]] == [
        "When a function makes more than one allocation, every allocation gets its own errdefer "
        "free on the very next line."]
    (fix,) = found["recovery"]
    assert fix["text"].startswith("Use `rebar3 fmt -w` here (`erlfmt -w")  # (not the ssh)
    (gotcha,) = found["gotcha"]
    assert "binary_to_existing_atom accepts only the gates we know" in gotcha["text"]


def test_a_command_restated_as_the_answer_and_a_verdict_on_a_change_made_by_commands(
        tmp_path, store):
    b = session(tmp_path)
    b.prompt("list every VM on the cluster - hosts.yml feels out of date")
    b.run("Bash", {"command": "ansible-inventory -i inventory/pve.proxmox.yml --graph"},
          "@all:\n  |--@proxmox_all_running:\n  |  |--docs")
    b.say("Five guests are running.")
    b.prompt("going back to earlier - what was the command that finally worked?")
    b.say("`ansible-inventory -i inventory/pve.proxmox.yml --graph`")
    b.prompt("try it: set up ceph across the three nodes so VMs can live-migrate")
    b.run("Bash", {"command": "ssh root@pve1 'pveceph init --network 10.20.0.0/24'"}, "ok")
    b.run("Bash", {"command": "ssh root@docs 'fio --name=vm --rw=randwrite'"}, "write: IOPS=312")
    b.say("Ceph on this hardware is a step backwards: every write crosses the one gigabit link "
          "twice, so 4k random writes fell to about 300 IOPS.")
    b.prompt("confidently wrong, then. undo it")
    b.run("Bash", {"command": "ssh root@pve1 'pveceph purge'"}, "purged")
    b.say("Undone.")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    assert any(f["text"].startswith("Use `ansible-inventory -i inventory/pve.proxmox.yml "
                                    "--graph`. [asked: going back") for f in found["environment"])
    (finding,) = found["falsified"]
    assert finding["text"].startswith("Ceph on this hardware is a step backwards")


def test_review_counterexamples_of_the_sixth_pass(tmp_path, store):
    b = session(tmp_path)
    # a recovery right after the user's correction
    b.prompt("Run the unit tests for the billing module and tell me what fails.")
    b.run("Bash", {"command": "npm test"}, "Exit code 1\nnpm ERR! Unsupported engine",
          is_error=True)
    b.prompt("Right, this repo is on pnpm, not npm. Try again with pnpm.")
    b.run("Bash", {"command": "pnpm test"}, "Tests: 42 passed")
    # a verdict word used for what was done instead; a feature asked for in problem words
    b.prompt("Issue #42 asks for CSV export even though nobody uses it, with too many columns "
             "by default; add a toggle")
    b.run("Read", {"file_path": "src/export.py"}, "def export(): ...")
    b.say("The sidebar label doesn't fit at 320px, so I added text-overflow: ellipsis. The config "
          "is read in src/config.py, so the new setting goes there.")
    # announcements that are no rules; a doubt; a quantifier in a report; "!" in prose
    b.prompt("Guidelines from the ticket:\n- The failure shows up around the 30th run.\n\n"
             "Since this morning every request gets a 502 from the proxy. I doubt any of this "
             "has to be async. nice, that fixed it! we always deploy with make ship.")
    b.say("Noted.")
    b.run("Write", {"file_path": "CHANGELOG.md", "content": "- Fixed a crash when uploading."},
          "ok")
    b.run("Write", {"file_path": "notes/passwords.md",
                    "content": "The staging database user admin has password hunter2horse."},
          "ok")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    assert [f["text"] for f in found.get("recovery", [])] == [
        "Use `pnpm test` here (`npm test` fails: npm ERR! Unsupported engine) [asked: Run the "
        "unit tests for the billing module and tell me what fails.]"]
    assert [f["text"] for f in found.get("convention", [])] == [
        "We always deploy with make ship."]
    assert "falsified" not in found and "gotcha" not in found
    assert not [t for t in texts(report) if "hunter2horse" in t or "Fixed a crash" in t]


def test_a_remedy_put_off_is_not_the_remedy_and_bash_progress_on_stderr_is_no_failure(
        tmp_path, store):
    b = session(tmp_path)
    b.prompt("the nightly report is wrong for the last day of the month")
    b.run("Read", {"file_path": "report.py"}, "start = month_start(now_utc())")
    b.say("The report is wrong because the month boundary is computed in UTC while the shop is "
          "in Europe/Berlin. Converting with the shop's timezone fixes it. The old "
          "cron_report.py script needs a rewrite too at some point, but that's separate.")
    bash_mode(b, "cargo build", stderr="   Compiling zcli v0.1.0\n    Finished dev profile")
    b.prompt("now with the cli feature")
    b.run("Bash", {"command": "cargo build --features cli"}, "Finished")
    report = capture_transcript(b.write(b.path), store=store)
    found = facts_of(report)
    (gotcha,) = found["gotcha"]
    assert "Converting with the shop's timezone fixes it." in gotcha["text"]
    assert "recovery" not in found


def test_a_python_error_on_stderr_in_bash_mode_is_a_failure(tmp_path, store):
    b = session(tmp_path)
    bash_mode(b, "python manage.py test", stderr="ModuleNotFoundError: No module named 'django'")
    b.prompt("^ the tests won't even start")
    b.run("Bash", {"command": "uv run python manage.py test"}, "Ran 12 tests\nOK")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    assert fix["text"].startswith("Use `uv run python manage.py test` here (`python manage.py "
                                  "test` fails: ModuleNotFoundError")


def test_forgetting_a_fact_takes_the_session_record_that_quotes_it_along(tmp_path, rlat_home):
    from support.cli import run_rlat

    work = tmp_path / "repo"
    work.mkdir()
    b = session(tmp_path)
    b.prompt("In this repo we always deploy with `make ship-prod`, never with the deploy "
             "script. Fix the typo in the deploy docs first.", cwd=str(work))
    b.run("Edit", {"file_path": "docs/deploy.md", "old_string": "teh", "new_string": "the"},
          "ok")
    b.say("Fixed the typo in docs/deploy.md.")
    captured = run_rlat("capture", str(b.write(b.path)), "--cwd", str(work), "--format", "json")
    claims = json.loads(captured.stdout)["claims"]
    rule = next(c for c in claims if c.get("kind") == "convention")
    record = next(c for c in claims if c["type"] == "event")
    assert "ship-prod" in record["text"]  # the session's record quotes the rule
    out = run_rlat("memory", "forget", rule["id"][:12], cwd=work)
    assert out.returncode == 0 and record["id"][:12] in out.stdout, out.stdout
    asked = run_rlat("memory", "recall", "how do we deploy in this repo?", "--format",
                     "context", cwd=work)
    assert "ship-prod" not in asked.stdout


def test_purging_a_fact_purges_the_session_record_that_quotes_it(tmp_path, rlat_home):
    from support.cli import run_rlat

    from rlat.paths import memory_store_path

    work = tmp_path / "repo"
    work.mkdir()
    b = session(tmp_path)
    b.prompt("We always sign releases with the key in ZEBRAVAULT-7, never a personal key. Fix "
             "the typo in the release notes first.", cwd=str(work))
    b.run("Edit", {"file_path": "NOTES.md", "old_string": "teh", "new_string": "the"}, "ok")
    b.say("Fixed the typo in NOTES.md.")
    captured = run_rlat("capture", str(b.write(b.path)), "--cwd", str(work), "--format", "json")
    rule = next(c for c in json.loads(captured.stdout)["claims"] if c.get("kind") == "convention")
    def stored() -> str:
        from rlat.claims.log import ClaimLog

        return json.dumps(list(ClaimLog(memory_store_path()).events()))

    assert stored().count("ZEBRAVAULT") >= 2  # the rule and the session's record
    out = run_rlat("compact", "--purge", rule["id"][:12], cwd=work)
    assert out.returncode == 0 and "session records quoting it" in out.stdout, out.stdout
    assert "ZEBRAVAULT" not in stored()


def test_ordinary_replies_are_no_fix_sent_back_no_pick_and_no_agreement(tmp_path, store):
    # a thank-you after an explanation keeps the gotcha (no fix was sent back)
    b = session(tmp_path)
    b.prompt("the nightly export writes the same order twice and I have no idea why")
    b.run("Read", {"file_path": "jobs/export.py"}, "retry(upload, times=3)")
    b.say("The upload is retried after a timeout even when the first attempt went through, "
          "because the client never checks for the order id before sending it again.")
    b.prompt("no, that's all for now - thanks!")
    assert facts_of(capture_transcript(b.write(b.path), store=store))["gotcha"]
    # numbered questions answered by number, a yes to "right?" about a deletion
    b = session(tmp_path, name="q", session_id="22222222-3333-4444-5555-666666666666")
    b.prompt("add a CSV export of the orders page")
    b.say("Before I start, a few questions:\n1. Should the export include archived orders?\n"
          "2. Which timezone should the timestamps use?\n3. Do you want CSV only?")
    b.prompt("1. no\n2. UTC\n3. CSV only")
    b.say("There are 14 merged branches older than six months on the remote. Deleting all of "
          "them, right?")
    b.prompt("yep")
    b.say("Understood: the total ignores the discount field on each line item entirely.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), store=store))


def test_a_rule_given_when_turning_a_call_down_keeps_its_negation(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add the orders client")
    b.run("Edit", {"file_path": "src/client.ts", "old_string": "a", "new_string": "b"},
          REJECTION + "don't hardcode the API base url in components, it always comes from "
                      "config.apiBase", is_error=True)
    b.run("Bash", {"command": "npm test"}, REJECTION.split(" To tell")[0], is_error=True)
    b.run("Bash", {"command": "pnpm test"}, "ok")
    b.say("Reworking it.")
    found = facts_of(capture_transcript(b.write(b.path), store=store))
    assert found["convention"][0]["text"].startswith("Don't hardcode the API base url")
    assert "recovery" not in found  # a call turned down without a word failed nothing either


def test_what_a_plan_says_it_found_is_the_assistants_statement(tmp_path, store):
    b = session(tmp_path)
    b.prompt("point the dev build at my local backend for the new reports endpoint")
    b.run("Grep", {"pattern": "API_BASE_URL", "path": "app/build.gradle.kts"},
          'buildConfigField("String", "API_BASE_URL", "\\"http://10.0.2.2:8080/\\"")')
    b.run("ExitPlanMode", {"plan": "## Plan: point the dev build at the reports endpoint\n\n"
                                   "### Context (checked, nothing changed yet)\n"
                                   "- The dev flavor's API base URL is http://10.0.2.2:8080/, "
                                   "the emulator's alias for the host's localhost.\n\n"
                                   "### Steps\n1. Make the change on a branch\n"},
          "User has approved your plan. You can now start coding.")
    report = capture_transcript(b.write(b.path), store=store)
    (env,) = facts_of(report)["environment"]
    assert env["text"].startswith("The dev flavor's API base URL is http://10.0.2.2:8080/")


SUBAGENT_TRAILER = ("agentId: a19dbd3d0ac2c318a (use SendMessage with to: 'a19dbd3d0ac2c318a', "
                    "summary: '<5-10 word recap>' to continue this agent)\n<usage>subagent_tokens:"
                    " 5610\ntool_uses: 6\nduration_ms: 25864</usage>")


def test_a_subagents_report_explains_the_problem_it_was_sent_to_find(tmp_path, store):
    b = session(tmp_path)
    b.prompt("photos attached to reports show up sideways on the council's web map. they look "
             "fine in the app")
    b.run("Agent", {"description": "Investigate the photo compression step",
                    "prompt": "Read only; report what you find with evidence.",
                    "subagent_type": "general-purpose"},
          [{"type": "text", "text": "Found it: Bitmap.compress drops the EXIF Orientation tag, "
                                    "so photos must be rotated by the angle ExifInterface reports"
                                    " before re-encoding.\n\nEvidence:\n\n```\nval bitmap = "
                                    "BitmapFactory.decodeFile(source.path)\n```"},
           {"type": "text", "text": SUBAGENT_TRAILER}])
    b.say("Rotating the bitmap before it is compressed.")
    report = capture_transcript(b.write(b.path), store=store)
    # (the report itself, in words no symptom list has, is a remark: facts_of(report)["remark"])
    (gotcha,) = [c for kind, cs in facts_of(report).items() for c in cs if kind != "remark"]
    assert gotcha["text"].startswith("Bitmap.compress drops the EXIF Orientation tag"), \
        gotcha["text"]
    assert "Evidence" not in gotcha["text"] and "agentId" not in gotcha["text"]


@pytest.mark.parametrize("report, kept", [
    # a bare statement of how something behaves, in words no symptom list has
    ("photos attached to reports show up sideways on the council's web map. they look fine "
     "in the app", True),
    # an order, whatever its verb, is no report
    ("kick off the dawn chorus experiment on the gpus, the sideways photos can wait", False),
    ("acc is a terrible name, call it stitches", False),
])
def test_a_bare_statement_of_behaviour_is_a_problem_brought_to_the_assistant(
        tmp_path, store, report, kept):
    b = session(tmp_path)
    b.prompt(report)
    b.run("Read", {"file_path": "core/photo/PhotoCompressor.kt"},
          "val scaled = bitmap.scaleToMax(1600)")
    b.say("The camera doesn't rotate the pixels: it writes an EXIF Orientation tag, and "
          "Bitmap.compress writes no EXIF at all, so the tag is lost and the pixels stay "
          "sideways.")
    report = capture_transcript(b.write(b.path), store=store)
    gotchas = facts_of(report).get("gotcha", [])
    assert bool(gotchas) == kept, gotchas
    if kept:
        assert "EXIF Orientation tag" in gotchas[0]["text"]


def test_where_the_assistant_looked_is_no_fact(tmp_path, store):
    b = session(tmp_path)
    b.prompt("how do I start the dev server in the container?")
    b.run("Read", {"file_path": ".devcontainer/devcontainer.json"},
          '"postAttachCommand": "pnpm tauri dev"')
    b.say("Found in .devcontainer/devcontainer.json (its postAttachCommand) and the "
          "'Running it' section of CONTRIBUTING.md.")
    report = capture_transcript(b.write(b.path), store=store)
    assert not any("Found in" in t for t in texts(report)), texts(report)


def test_a_falsified_finding_names_what_the_attempt_brought_in(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the catalogue page is slow because it asks for availability 30 times per render")
    b.say("One option is caching the availability lookups. Should I try it on a branch?")
    b.prompt("ok try it")
    b.run("Edit", {"file_path": "app/AvailabilityService.java",
                   "old_string": "    public Availability forIsbn(String isbn) {\n",
                   "new_string": "    @CacheResult(cacheName = \"availability\")\n"
                                 "    public Availability forIsbn(String isbn) {\n"},
          "The file app/AvailabilityService.java has been updated.")
    b.run("Bash", {"command": "./scripts/two-pod-check.sh"},
          "FAIL: 2/3 pods disagree for up to 300s", is_error=True)
    b.say("The cache lives in each pod's memory: a checkout on one pod clears only that pod's "
          "entry, and the other two keep showing the copy on the shelf until it expires.")
    b.prompt("accuracy beats speed here. revert")
    b.run("Bash", {"command": "git checkout -- app/AvailabilityService.java"}, "")
    b.say("Reverted.")
    report = capture_transcript(b.write(b.path), store=store)
    (finding,) = facts_of(report)["falsified"]
    assert finding["text"].startswith("Tried @CacheResult: The cache lives in each pod's memory")


def test_an_approach_the_user_says_was_tried_already_is_a_falsified_finding(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the rota cache is slow to load on the older android phones. oh and pls dont "
             "suggest moving the cache to react-native-mmkv - we tried that in the spring, half "
             "the volunteers test through expo go on their own phones. any other ideas?")
    b.say("Understood, that one's off the table. I can split the cache per plot instead.")
    report = capture_transcript(b.write(b.path), store=store)
    (finding,) = facts_of(report)["falsified"]
    assert "react-native-mmkv - we tried that in the spring" in finding["text"]
    # with the situation said just before it
    assert finding["text"].startswith("The rota cache is slow to load"), finding["text"]


@pytest.mark.parametrize("said, kept", [
    ("found the sms time thing. the window columns were plain timestamp not timestamptz, so "
     "pgx gives them back as utc and summer times are an hour off. can you fix it properly?",
     "Found the sms time thing. the window columns were plain timestamp not timestamptz"),
    ("ok the enum thing: autogenerate doesnt notice new values on a postgres enum so the "
     "migration was empty. you need ALTER TYPE by hand. fix it and add a comment",
     "The enum thing: autogenerate doesnt notice new values on a postgres enum"),
])
def test_what_the_user_says_they_found_is_the_gotcha_in_their_words(tmp_path, store, said,
                                                                      kept):
    b = session(tmp_path)
    b.prompt(said)
    b.run("Read", {"file_path": "db/schema.sql"}, "window_start timestamp NOT NULL")
    b.say("Yep, that's the one. Because the fix is a migration, I'll write it now.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert gotcha["text"].startswith(kept), gotcha["text"]
    assert "[asked:" not in gotcha["text"]


def test_a_problem_the_assistant_runs_into_is_explained_like_a_reported_one(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add a little bounce when a plot card gets marked done")
    b.run("Bash", {"command": "npx expo start --ios"},
          "ERROR [Reanimated] Failed to create a worklet.")
    b.say("Hm, something's off there. Digging in first.")
    b.run("Read", {"file_path": "babel.config.js"}, "plugins: ['react-native-reanimated/plugin']")
    b.say("Reanimated's babel plugin has to be the last one in the plugins list, because it "
          "rewrites worklet functions and a plugin after it transforms them again.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert gotcha["text"].startswith("Reanimated's babel plugin has to be the last one")


def test_pushing_back_on_a_first_theory_keeps_the_problem_open(tmp_path, store):
    b = session(tmp_path)
    b.prompt("login works on the iphone sim but on the android emulator it just says Network "
             "request failed. same code")
    b.run("Bash", {"command": "grep -rn usesCleartextTraffic android/app/src/"},
          'android:usesCleartextTraffic="true"')
    b.prompt("nah cleartext is on for debug builds, and the calls to the hosted stuff work on "
             "android. its only the local backend")
    b.run("Bash", {"command": "adb shell curl -s http://10.0.2.2:54321/rest/v1/"}, "401")
    b.say("Inside the Android emulator, localhost is the emulator itself, so nothing listens "
          "on 54321 there; the emulator reaches the host at 10.0.2.2.")
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert "10.0.2.2" in gotcha["text"], gotcha["text"]


@pytest.mark.parametrize("said, rule", [
    ("add a skip button. oh and every button / pressable gets a testID, kebab case like "
     "'rota-mark-done', the maestro flows find everything by id",
     "Every button / pressable gets a testID"),
    ("add the overdue query. and btw queries go in the PanacheRepository classes, we dont do "
     "the active record static methods on entities",
     "Queries go in the PanacheRepository classes"),
    ("new one. oh and flyway migrations are named by timestamp, V<yyyyMMddHHmm>__what.sql",
     "Flyway migrations are named by timestamp"),
    # (eleventh pass: what each one does, in a verb of its own)
    ("write a bcftools stats module. reminder: each one writes a versions.yml and emits it as "
     "`versions`", "Each one writes a versions.yml"),
])
def test_how_a_kind_of_thing_is_done_here_is_a_convention(tmp_path, store, said, rule):
    b = session(tmp_path)
    b.prompt(said)
    b.say("Okay.")
    report = capture_transcript(b.write(b.path), store=store)
    (kept,) = facts_of(report)["convention"]
    assert kept["text"].startswith(rule), kept["text"]


@pytest.mark.parametrize("said", [
    "valentina keeps asking why we don't just go with a materialized view for the mart",
    "every time I open the page it takes ten seconds",
    "every build goes green on my machine but CI is red",
    "run 12 ranks with 4 threads each instead of 48 ranks per node",
    "every fresh julia session spends ages loading the package",
])
def test_a_story_or_a_report_about_every_time_is_no_convention(tmp_path, store, said):
    b = session(tmp_path)
    b.prompt(said)
    b.say("Okay.")
    report = capture_transcript(b.write(b.path), store=store)
    assert "convention" not in facts_of(report), texts(report)


@pytest.mark.parametrize("asked", [
    "the return reminder jobs arent running locally, is the arq worker even pointed at the "
    "right redis",
    "setting up the firebase project for push notifications, whats the android package name",
])
def test_a_question_typed_casually_in_a_later_clause_gets_its_answer_kept(tmp_path, store,
                                                                          asked):
    b = session(tmp_path)
    b.prompt(asked)
    b.run("Read", {"file_path": "app.json"}, '"package": "org.greenlane.plotpal"\n'
                                             "REDIS_DB=2")
    b.say("It's org.greenlane.plotpal for both platforms, and the worker reads redis "
          "database 2.")
    report = capture_transcript(b.write(b.path), store=store)
    (env,) = facts_of(report)["environment"]
    assert "org.greenlane.plotpal" in env["text"], env["text"]


def test_a_recovery_leaves_out_a_git_look_at_what_it_changed(tmp_path, store):
    b = session(tmp_path)
    b.prompt("i changed dispatch.proto, regen the go code pls")
    b.run("Bash", {"command": "buf generate"},
          "Failure: could not read buf.gen.yaml: file does not exist", is_error=True)
    b.run("Bash", {"command": "buf generate --template buf.gen.go.yaml && git status --short "
                              "gen/"}, " M gen/dispatch/v1/dispatch.pb.go")
    b.say("Regenerated.")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    assert fix["text"].startswith("Use `buf generate --template buf.gen.go.yaml` here"), \
        fix["text"]


def test_a_name_in_backticks_inside_pasted_output_is_not_the_command_that_failed(tmp_path,
                                                                                   store):
    b = session(tmp_path)
    b.prompt("build the native executable. i ran `./mvnw package -Dnative -DskipTests` and got "
             "this:\n```\n[ERROR] Failed to build quarkus application: Cannot find the "
             "`native-image` in the GRAALVM_HOME, JAVA_HOME and System PATH.\n```\nhelp")
    b.run("Bash", {"command": "./mvnw package -Dnative -DskipTests "
                              "-Dquarkus.native.container-build=true"}, "[INFO] BUILD SUCCESS")
    b.say("Built in the builder container.")
    report = capture_transcript(b.write(b.path), store=store)
    (fix,) = facts_of(report)["recovery"]
    assert "(`./mvnw package -Dnative -DskipTests` fails" in fix["text"], fix["text"]


@pytest.mark.parametrize("remedy", [
    "For async sessions the usual setting is async_sessionmaker(engine, expire_on_commit=False).",
    "Annotating the method @Blocking makes Quarkus dispatch it to a worker thread.",
])
def test_an_explanation_keeps_its_remedy_in_other_words(tmp_path, store, remedy):
    b = session(tmp_path)
    b.prompt("returning a keg gives a 500 with MissingGreenlet in the log")
    b.run("Read", {"file_path": "app/db.py"}, "SessionLocal = async_sessionmaker(engine)")
    b.say("After the commit SQLAlchemy expires every loaded object, so reading an attribute "
          "needs a load the async session can't do there. The commit itself went through. "
          + remedy)
    report = capture_transcript(b.write(b.path), store=store)
    (gotcha,) = facts_of(report)["gotcha"]
    assert remedy[:-1] in gotcha["text"], gotcha["text"]


def test_a_message_the_user_quotes_from_a_failure_is_not_their_rule(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the new availability endpoint throws 'You have attempted to perform a blocking "
             "operation on a IO thread. This is not allowed, as blocking the IO thread will "
             "cause major performance issues' - fix it")
    b.say("Looking.")
    report = capture_transcript(b.write(b.path), store=store)
    assert "convention" not in facts_of(report), texts(report)


@pytest.mark.parametrize("said, rule", [
    ("put this on the list too: no user-visible text is written inline in a composable - it "
     "goes in strings.xml", "No user-visible text is written inline in a composable"),
    ("don't - errors a user can cause are raised with ereport(ERROR, errmsg(...)) - elog is "
     "only for can't-happen internal errors", "Errors a user can cause are raised with ereport"),
])
def test_rules_said_in_the_passive_are_conventions(tmp_path, store, said, rule):
    b = session(tmp_path)
    b.prompt(said)
    b.say("Okay.")
    report = capture_transcript(b.write(b.path), store=store)
    (kept,) = facts_of(report)["convention"]
    assert kept["text"].startswith(rule), kept["text"]


def test_a_report_of_what_is_not_shown_lately_is_no_rule(tmp_path, store):
    b = session(tmp_path)
    b.prompt("no data is shown on the dashboard since yesterday, can you look")
    b.say("Looking.")
    report = capture_transcript(b.write(b.path), store=store)
    assert "convention" not in facts_of(report), texts(report)
