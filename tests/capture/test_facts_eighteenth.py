"""Capture of the eighteenth pass (docs/capture.md, "Eighteenth pass"): incidents where the
assistant rules out a lead before it finds the cause, a cause found for a problem the prompt did
not word as one, a query typed on a command line that does not parse, the reason for a failure
at the end of a long error line, and a setting the user says was changed before and went wrong
when the assistant offers to change it."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, proposed_texts, session

TRACE = """since tonight's hotfix the error log is full of this and the rate limit counters stopped

```
21:03:44 [error] failed to run log_by_lua*: ratelimit.lua:58: API disabled in the context of log_by_lua*
stack traceback:
	[C]: in function 'connect'
```"""


def test_a_lead_ruled_out_gives_way_to_the_cause_found_after_it(tmp_path):
    b = session(tmp_path)
    b.prompt(TRACE)
    b.say("Checking the obvious first.")
    b.run("Bash", {"command": "dig +short api.example.cc"}, "49.12.201.88")
    b.say("Public DNS for the API still points at the load balancer, so clients reach us.")
    b.run("Bash", {"command": "git log --oneline -3 -- lua/ratelimit.lua"},
          "b41e0c2 ratelimit: count after the response (log phase)")
    b.say("Got it. The hotfix moved the counter increment into log_by_lua, and cosockets are "
          "disabled in the log phase. The standard way out is a zero-delay timer from the log "
          "phase, `ngx.timer.at(0, ...)`: the timer runs where cosockets are allowed.")
    found = proposed_texts(proposed(b))
    assert any("cosockets are disabled" in t and "ngx.timer.at" in t for t in found), found
    assert not any("Public DNS" in t for t in found), found


def test_a_lead_is_kept_when_no_cause_is_found_after_it(tmp_path):
    b = session(tmp_path)
    b.prompt(TRACE)
    b.run("Bash", {"command": "dig +short api.example.cc"}, "49.12.201.88")
    b.say("Public DNS for the API points at the old load balancer, so clients never reach us.")
    b.run("Bash", {"command": "git log --oneline -3"}, "b41e0c2 ratelimit: count after")
    b.say("Got it. I'll point the record at the new balancer.")
    assert any("old load balancer" in t for t in proposed_texts(proposed(b)))


COLUMN_ZERO = """added battery_pct to ride_events last week (migration 0039) and it's 0 on every row since

```
SELECT fw_version, avg(battery_pct) FROM rides.ride_events GROUP BY fw_version
4.11   0
```"""


def test_a_cause_found_explains_what_was_asked_though_it_read_as_no_problem(tmp_path):
    b = session(tmp_path)
    b.prompt(COLUMN_ZERO)
    b.run("Bash", {"command": "cat schema/migrations/0039_battery_pct.sql"},
          "ALTER TABLE rides.ride_events ADD COLUMN battery_pct UInt8 DEFAULT 0;")
    b.say("There it is. Migration 0039 added the column to the tables but not to the view. A "
          "view's SELECT is fixed when it's created, so every insert fills battery_pct with the "
          "DEFAULT 0. The view has to be changed as well: `ALTER TABLE mv_ride_events MODIFY "
          "QUERY SELECT …`.")
    found = proposed_texts(proposed(b))
    assert any("MODIFY QUERY" in t for t in found), found


SYNTAX = ("Code: 62. DB::Exception: Syntax error: failed at position 13 ('KAFKA') (line 1, col 13):"
          " KAFKA ingest.kafka_rides. Expected one of: REPLICATION QUEUES, MERGES (SYNTAX_ERROR)")


def test_a_query_on_the_command_line_that_does_not_parse_is_recovered_from(tmp_path):
    b = session(tmp_path)
    b.prompt("stop ingestion NOW")
    b.run("Bash", {"command": 'clickhouse-client -q "SYSTEM STOP KAFKA ingest.kafka_rides"'},
          f"Exit code 62\n{SYNTAX}", is_error=True)
    b.run("Bash", {"command": 'clickhouse-client -q "DETACH TABLE ingest.kafka_rides ON CLUSTER '
                              'rides"'}, "ch-1\t9440\t0\t\t0\t0")
    b.say("Ingestion is stopped on all three nodes.")
    found = proposed_texts(proposed(b))
    assert any(t.startswith('Use `clickhouse-client -q "DETACH TABLE') for t in found), found


def test_a_syntax_error_in_the_code_a_command_runs_is_no_recovery(tmp_path):
    b = session(tmp_path)
    b.prompt("run the migrations")
    b.run("Bash", {"command": "psql -f schema/0040.sql"},
          'Exit code 3\npsql:schema/0040.sql:3: ERROR:  syntax error at or near "KAFKA"',
          is_error=True)
    b.run("Edit", {"file_path": "schema/0040.sql", "old_string": "KAFKA", "new_string": "TABLE"},
          "The file has been updated.")
    b.run("Bash", {"command": "psql --single-transaction -f schema/0040.sql"}, "ALTER TABLE")
    b.say("Migrations applied.")
    assert not any(t.startswith("Use `psql") for t in proposed_texts(proposed(b)))


LONG_ERROR = ('error: Internal error occurred: error executing command in container: failed to '
              'exec in container: failed to start exec "3c1f0e9b": OCI runtime exec failed: exec '
              'failed: unable to start container process: exec: "sh": executable file not found '
              'in $PATH: unknown')


def test_the_reason_at_the_end_of_a_long_error_line_is_read(tmp_path):
    b = session(tmp_path)
    b.prompt("I need a shell in a worker pod to see what it resolves the redis endpoint to")
    b.run("Bash", {"command": "kubectl exec -n notify -it worker-7d9c8b6f4-x2kqp -- sh"},
          f"Exit code 1\n{LONG_ERROR}", is_error=True)
    b.run("Bash", {"command": "kubectl debug -n notify -it worker-7d9c8b6f4-x2kqp "
                              "--image=busybox:1.36 --target=worker -- nslookup redis.internal"},
          "Server:\t\t172.20.0.10\nName:\tredis.internal\nAddress: 10.0.3.7")
    b.say("It resolves to 10.0.3.7.")
    (recovery,) = [f for found in proposed(b).values() for f in found
                   if f["text"].startswith("Use `kubectl debug")]
    # (the failure it cites is the part of the line that says why, not the line's start)
    assert any("executable file not found" in c["excerpt"] for c in recovery["citations"])


def test_a_setting_changed_before_and_gone_wrong_turns_the_offer_down(tmp_path):
    b = session(tmp_path)
    b.prompt("highstates take forever to report back from the stores — can the master handle "
             "more at once?")
    b.say("The master's worker_threads is 5; raising it (to 24, say) gives it more MWorker "
          "processes to take returns in parallel. Want me to change it?")
    b.prompt("no, someone bumped worker_threads to 24 last winter. every worker is a 300 meg "
             "process and the master's a 4 gig vm — the OOM killer went to town and the master "
             "stopped answering entirely.")
    b.say("Understood — I'll leave that alone.")
    (tried,) = proposed(b)["falsified"]
    assert "Turned down: no, someone bumped worker_threads to 24" in tried["text"]
    assert "stopped answering" in tried["text"]


def test_that_s_the_cause_opens_the_explanation_however_it_is_worded(tmp_path):
    b = session(tmp_path)
    b.prompt("tillsync on store-031 crash-loops since the api key rotation this afternoon")
    b.run("Bash", {"command": "cat salt/tillsync/config.sls"},
          "/etc/tillsync/tillsync.toml:\n  file.managed:\n    - source: salt://tillsync.toml.j2")
    b.say("That's the cause. The rotation refactor moved the config into config.sls and lost the "
          "`- template: jinja` line on the way.")
    assert any("template: jinja" in t for t in proposed_texts(proposed(b)))


def test_a_plan_after_found_it_is_no_explanation(tmp_path):
    b = session(tmp_path)
    b.prompt("the build fails on linux but it builds fine on my mac. figure out why")
    b.run("Bash", {"command": "swift build"}, "error: cannot find 'URLSession' in scope",
          is_error=True)
    b.say("Found it. Branching off main for the fix.")
    assert not any("Branching off main" in t for t in proposed_texts(proposed(b)))


def test_a_page_is_a_problem_reported_and_the_users_recognition_explains_it(tmp_path):
    b = session(tmp_path)
    b.prompt("pagerduty just went off: moved the nightly export from 02:00 to 23:30 in pillar and "
             "ran a highstate on the stores. they ran it at 02:00 anyway")
    b.run("Bash", {"command": "ssh salt 'sudo salt store-014 pillar.get schedule:export:when'"},
          "store-014:\n    2:00am")
    b.say("That shows where it breaks but not why. Digging further before I change anything.")
    b.prompt("oh, the in-memory pillar. highstate doesn't refresh it and the scheduler keeps the "
             "old one. run saltutil.refresh_pillar on the stores")
    b.say("Makes sense, changing it.")
    b.run("Bash", {"command": "ssh salt \"sudo salt 'store-*' saltutil.refresh_pillar\""}, "38")
    b.say("All 38 stores have the 23:30 export time in their scheduler now.")
    found = proposed_texts(proposed(b))
    assert any(t.startswith("The in-memory pillar. highstate doesn't refresh it")
               and "saltutil.refresh_pillar" in t for t in found), found


def test_a_kilns_firing_date_is_no_page(tmp_path):
    b = session(tmp_path)
    b.prompt("The gallery should show the firing date under each photo")
    b.run("Read", {"file_path": "templates/gallery.html"}, "<img src=\"{{ photo.url }}\">")
    b.say("While I was in there I saw the open issue about it - the kiln photo gallery takes ten "
          "seconds to load on the studio wifi.")
    assert not any("ten seconds" in t for t in proposed_texts(proposed(b)))


# dev28 ("pairing and learning the codebase") shapes.

TSC_PASTED = """can you typecheck everything before i push?

this is what `pnpm exec tsc --noEmit` gives me:

```
app/components/badge-card.gts(24,3): error TS1109: Expression expected.
Found 214 errors in 31 files.
```"""


def test_a_tool_the_assistant_says_cannot_do_the_job_is_recovered_from(tmp_path):
    b = session(tmp_path)
    b.prompt(TSC_PASTED)
    b.say("tsc doesn't understand .gts files — the <template> blocks look like broken "
          "TypeScript to it. package.json has a script for it.")
    b.run("Bash", {"command": "pnpm lint:types"},
          "> lanternleaf@0.0.0 lint:types /home/dev/src/lanternleaf\n> glint\n")
    b.say("Clean: no type errors.")
    (recovery,) = [t for t in proposed_texts(proposed(b)) if t.startswith("Use `pnpm lint:types`")]
    # (and what the script runs, as its output's banner says)
    assert recovery.startswith("Use `pnpm lint:types` (runs `glint`) here (`pnpm exec tsc")


def test_a_tool_not_blamed_is_no_recovery_by_another_tool(tmp_path):
    b = session(tmp_path)
    b.prompt(TSC_PASTED)
    b.say("tsc found real errors in the badge card; fixing them.")
    b.run("Bash", {"command": "pnpm lint:types"},
          "> lanternleaf@0.0.0 lint:types /home/dev/src/lanternleaf\n> glint\n")
    b.say("Clean now.")
    assert not any(t.startswith("Use `pnpm lint:types`") for t in proposed_texts(proposed(b)))


@pytest.mark.parametrize("recognition", [
    "oh right, that's the thing where odoo stores everything in utc and the report doesn't "
    "convert it — it needs context_timestamp or the datetime widget",
    "ohh right, this is the odoo thing where datetimes are stored in utc and the report doesn't "
    "convert them — it needs context_timestamp or the datetime widget",
])
def test_the_user_recognising_the_thing_where_is_the_explanation(tmp_path, recognition):
    b = session(tmp_path)
    b.prompt("members are complaining the schedule pdf says their slot is at 9:00 when they "
             "booked 10:00. the form view shows 10:00 correctly")
    b.run("Read", {"file_path": "report/schedule_report.xml"}, '<t t-esc="slot.start_at"/>')
    b.say("That shows where it happens but not why yet. Digging further before I change "
          "anything.")
    b.prompt(recognition)
    b.say("Good memory — that's the cause. The report prints start_at raw.")
    assert any("context_timestamp" in t and "[asked: members are complaining" in t
               for t in proposed_texts(proposed(b)))


@pytest.mark.parametrize("report", [
    "runners without a club can't enter!! the form says 'club must be filled'",
    "the form says 'club must be filled' for runners without a club. the field isn't even "
    "required",
])
def test_what_users_cannot_do_is_a_problem_reported(tmp_path, report):
    b = session(tmp_path)
    b.prompt(report)
    b.run("Read", {"file_path": "contracts/new_entry.rb"}, "optional(:club).filled(:string)")
    b.say("That shows where it happens but not why yet.")
    b.prompt("oh right, that's the dry-schema thing where the form sends an empty string rather "
             "than nothing — it needs maybe(:string), not filled")
    b.say("Yes — that's exactly it.")
    assert any("maybe(:string)" in t and "[asked: " in t for t in proposed_texts(proposed(b)))


def test_what_a_doc_says_without_a_colon_confirmed_current_is_a_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("add a column for the roof inspection date to the bothies table")
    b.run("Read", {"file_path": "CONTRIBUTING.md"}, "## Migrations\n\nAlways create migrations "
          "with `sqlx migrate add -r <name>`.")
    b.say("CONTRIBUTING.md says migrations are always created reversible with sqlx migrate add "
          "-r (an .up.sql and a .down.sql). Is that still how the team works?")
    b.prompt("yep, still current. Mei is strict about it in review")
    b.say("Creating it that way.")
    (rule,) = proposed(b)["convention"]
    assert rule["text"].startswith("Migrations are always created reversible with sqlx migrate")


def test_a_connection_string_is_kept_with_its_password_redacted(tmp_path):
    b = session(tmp_path)
    b.prompt("psql can't connect to the local db on the default port — what's the connection "
             "string for this project?")
    b.run("Read", {"file_path": ".env"},
          "DATABASE_URL=postgres://bothy:hunter2secret@localhost:55432/bothywatch")
    b.run("Bash", {"command": "docker compose port postgres 5432"}, "0.0.0.0:55432")
    b.say("Local Postgres is published on port 55432, not 5432: .env has DATABASE_URL="
          "postgres://bothy:hunter2secret@localhost:55432/bothywatch, so `psql postgres://bothy:"
          "hunter2secret@localhost:55432/bothywatch` gets you in.")
    found = proposed_texts(proposed(b))
    (kept,) = [t for t in found if "55432" in t]
    assert "[REDACTED:uri-credentials]" in kept and "hunter2secret" not in kept


def test_a_sentence_carrying_a_token_is_still_no_fact(tmp_path):
    b = session(tmp_path)
    b.prompt("where does the release upload go?")
    b.run("Read", {"file_path": "RELEASING.md"}, "upload to https://uploads.example.org:8443")
    b.say("Releases upload to https://uploads.example.org:8443 with the token "
          "ghp_Fq9sWVsKe3gr8vPFufi4eSlf0cFyuCrcKUQh.")
    assert not any("8443" in t for t in proposed_texts(proposed(b)))
