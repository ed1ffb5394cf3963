"""Remarks (docs/capture.md, "Remarks"): what a session said that no rule of capture read is
kept as a *remark* — a user's statement, or the assistant's words naming code — which recall
holds to a higher floor and ranks below what the rules found."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, session

from rlat.capture.facts import MAX_PER_KIND, MAX_REMARKS, REMARK_CHARS
from rlat.capture.pipeline import capture_transcript
from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.claims.model import REMARK_KIND, is_remark
from rlat.retrieval.recall import REMARK_WEIGHT, recall

T0 = 1_790_000_000.0

STATEMENT = ("the barn pis are on the 2.x mosquitto client because the 3.x one drops the "
             "retained readings whenever the lte link flaps")


def test_a_statement_no_rule_reads_is_kept_as_a_remark(tmp_path):
    b = session(tmp_path)
    b.prompt(STATEMENT)
    b.say("Understood.")
    (remark,) = proposed(b)[REMARK_KIND]
    assert remark["text"] == STATEMENT[:1].upper() + STATEMENT[1:]
    assert remark["type"] == "environment"
    assert remark["subject"] == "remark:"


def test_questions_orders_and_pasted_output_are_no_remarks(tmp_path):
    b = session(tmp_path)
    b.prompt("why do the barn pis keep dropping the retained readings whenever the lte link "
             "flaps on the mosquitto client?")
    b.say("Looking.")
    b.prompt("add a retry with backoff around the publish call in publish.zig and run all "
             "the unit tests for the modbus decoder too")
    b.say("On it.")
    b.prompt("```\nMar 14 06:12:03 barn-pi-05 quoitfield[611]: warning(modbus): slave 4: crc "
             "mismatch on the retained readings whenever the lte link flaps\n```")
    b.say("Seen.")
    assert not proposed(b).get(REMARK_KIND)


def test_a_short_statement_is_no_remark(tmp_path):
    b = session(tmp_path)
    b.prompt("the barn pis are on the old client")
    b.say("Understood.")
    assert not proposed(b).get(REMARK_KIND)


def test_what_a_rule_keeps_is_no_remark_and_takes_no_remarks_room(tmp_path):
    b = session(tmp_path)
    b.prompt("we always run the test suite with `zig build test --summary all` before pushing, "
             "the plain one hides which step failed on the barn pis")
    b.say("Will do.")
    found = proposed(b)
    assert found.get("convention") and not found.get(REMARK_KIND)


def test_the_sentences_of_a_message_no_rule_read_are_a_remark_beside_its_fact(tmp_path):
    b = session(tmp_path)
    b.prompt("we always run the test suite with `zig build test --summary all` before pushing."
             "\n\nthe office build box belongs to priya and the vendor sdk for the modbus gateway "
             "only compiles on that machine")
    b.say("Will do.")
    found = proposed(b)
    (rule,) = found["convention"]
    (remark,) = found[REMARK_KIND]
    assert "zig build test --summary all" in rule["text"] and "priya" not in rule["text"]
    assert remark["text"] == ("The office build box belongs to priya and the vendor sdk for the "
                              "modbus gateway only compiles on that machine")


def test_the_assistants_words_are_a_remark_only_when_they_name_code(tmp_path):
    b = session(tmp_path)
    b.prompt("what is on the sensor bus?")
    b.say("The sensor bus carries thirty sensors across six barns, each polled twice a minute "
          "by the daemon, and the readings go out over the farm's mobile link to the broker.")
    assert not proposed(b).get(REMARK_KIND)
    b = session(tmp_path / "coded")
    b.prompt("what is on the sensor bus?")
    b.say("The sensor bus carries thirty sensors polled by `modbus.poll` twice a minute, and "
          "the readings go to the broker at 10.40.2.15 over the farm's mobile link.")
    (remark,) = proposed(b)[REMARK_KIND]
    assert "`modbus.poll`" in remark["text"]


def test_a_session_keeps_its_latest_remarks_only_and_never_at_a_facts_expense(tmp_path):
    b = session(tmp_path)
    for n in range(MAX_REMARKS + 3):
        b.prompt(f"barn {n} has its own lte router and its own pi, and the sensors there are "
                 f"wired in a daisy chain of {n + 4} units on shielded cable")
        b.say("Noted.")
    for n in range(MAX_PER_KIND):
        b.prompt(f"always tag barn {n} images with `quoitfield-barn{n}` before flashing")
        b.say("Will do.")
    found = proposed(b)
    remarks = [r["text"] for r in found[REMARK_KIND]]
    assert len(remarks) == MAX_REMARKS
    assert remarks[-1].startswith(f"Barn {MAX_REMARKS + 2} has its own lte router")
    assert len(found["convention"]) == MAX_PER_KIND


def _capture(tmp_path, b, store):
    return capture_transcript(b.write(b.path), store=store, cwd=str(tmp_path))


WS = "git:github.com/acme/barns"
SAID = ("The barn pis publish readings to the broker with qos 1 and the ingest side drops "
        "duplicate readings by sequence number")


def _proposed(text: str, subject: str, session_id: str) -> dict:
    cites = [ev.session_citation(session_id, "m1", "h" + session_id, observed_at=T0)]
    return ev.proposed(text, "environment", citations=cites, origin="session", workspace=WS,
                       observed_by="claude-code", ts=T0, subject=subject)


def test_recall_ranks_a_remark_below_a_fact_as_relevant():
    remark = _proposed(SAID, "remark:", "s1")
    fact = _proposed(SAID + ".", "", "s2")
    hits = recall(fold([remark, fact]), "which qos do the barn readings publish with?",
                  workspace=WS, top_k=5, now=T0 + 60)
    assert [h.claim.id for h in hits] == [fact["claim"], remark["claim"]]
    assert hits[1].score == pytest.approx(hits[0].score * REMARK_WEIGHT, rel=0.05)


def test_a_remark_must_cover_more_of_an_order_than_a_fact_must():
    order = "add client tracing to the broker qos"  # (two of its words: a third of it)
    as_remark = recall(fold([_proposed(SAID, "remark:", "s1")]), order, workspace=WS,
                       now=T0 + 60)
    as_fact = recall(fold([_proposed(SAID, "", "s1")]), order, workspace=WS, now=T0 + 60)
    assert as_fact and not as_remark


def test_a_fact_a_later_session_finds_takes_the_place_of_the_remark_that_said_it(tmp_path):
    store = ClaimLog(tmp_path / "memory.rlat")
    first = session(tmp_path, "first", session_id="11111111-2222-3333-4444-000000000001")
    first.prompt(STATEMENT)
    first.say("Understood.")
    _capture(tmp_path, first, store)
    (remark,) = [c for c in store.state().claims.values() if is_remark(c)]
    later = session(tmp_path, "later", session_id="11111111-2222-3333-4444-000000000002")
    later.prompt("which mosquitto client do the barn pis run?")
    later.run("Bash", {"command": "ssh pi@barn-pi-01 'mosquitto_pub --help | head -1'"},
              "mosquitto_pub version 2.0.18 running on libmosquitto 2.0.18.")
    later.say(STATEMENT[:1].upper() + STATEMENT[1:] + ".")
    report = _capture(tmp_path, later, store)
    (fact,) = [c for c in report.claims if c["type"] != "event"]
    assert fact["kind"] == "environment" and fact["supersedes"] == [remark.id]
    state = store.state()
    assert state.claims[remark.id].superseded_by == fact["id"]
    assert not is_remark(state.claims[fact["id"]])
    # (the remark's session said it too: the fact does not start again at one session)
    assert sorted(state.claims[fact["id"]].sessions) == sorted(
        [first.session_id, later.session_id])
    assert state.claims[fact["id"]].recurrence == 2 and fact["recurrence"] == 2


def test_a_fact_taking_a_remarks_place_takes_no_session_the_remark_was_shown_to(tmp_path):
    # (a session that had the remark injected and said it again is no independent witness of
    # the remark: carried over to the fact, it must not become one of the fact)
    from rlat.claims.fold import independent_count

    store = ClaimLog(tmp_path / "memory.rlat")
    first = session(tmp_path, "first", session_id="11111111-2222-3333-4444-000000000001")
    first.prompt(STATEMENT)
    first.say("Understood.")
    _capture(tmp_path, first, store)
    (remark,) = [c for c in store.state().claims.values() if is_remark(c)]
    shown = "11111111-2222-3333-4444-0000000000aa"
    store.append([ev.injected(shown, [remark.id], workspace=remark.workspaces[0]),
                  ev.recurred(remark.id, [ev.session_citation(shown, "m9", "h9")],
                              workspace=remark.workspaces[0])])
    assert independent_count(store.state(), store.state().claims[remark.id]) == 1
    later = session(tmp_path, "later", session_id="11111111-2222-3333-4444-000000000002")
    later.prompt("which mosquitto client do the barn pis run?")
    later.run("Bash", {"command": "ssh pi@barn-pi-01 'mosquitto_pub --help | head -1'"},
              "mosquitto_pub version 2.0.18 running on libmosquitto 2.0.18.")
    later.say(STATEMENT[:1].upper() + STATEMENT[1:] + ".")
    report = _capture(tmp_path, later, store)
    (fact,) = [c for c in report.claims if c["type"] != "event"]
    assert fact["supersedes"] == [remark.id]
    state = store.state()
    assert independent_count(state, state.claims[fact["id"]]) == 2  # first and later


def test_session_start_lists_remarks_after_the_facts_even_when_they_are_newer(tmp_path):
    from rlat.claims.fold import fold as fold_events
    from rlat.hooks.session_start import trusted_lines
    from rlat.retrieval.readmodel import ReadModel

    fact = _proposed("Deploys go out with `make release` from the build box", "", "s1")
    remark = dict(_proposed(SAID, "remark:", "s2"), ts=T0 + 3600)
    (_heading, lines, ids) = trusted_lines(ReadModel(fold_events([fact, remark])), WS, 6000,
                                           T0 + 7200, set())
    assert ids == [fact["claim"], remark["claim"]]


def test_a_fact_takes_the_place_of_a_remark_its_own_session_made_before_it_was_resumed(tmp_path):
    # (a session is captured at each compaction and at its end: what a rule reads after the
    # first capture must not be lost as "already captured" to the remark that said it)
    store = ClaimLog(tmp_path / "memory.rlat")
    b = session(tmp_path, "resumed", session_id="11111111-2222-3333-4444-000000000003")
    b.prompt(STATEMENT)
    b.say("Understood.")
    _capture(tmp_path, b, store)
    (remark,) = [c for c in store.state().claims.values() if is_remark(c)]
    b.prompt("which mosquitto client do the barn pis run?")
    b.run("Bash", {"command": "ssh pi@barn-pi-01 'mosquitto_pub --help | head -1'"},
          "mosquitto_pub version 2.0.18 running on libmosquitto 2.0.18.")
    b.say(STATEMENT[:1].upper() + STATEMENT[1:] + ".")
    report = _capture(tmp_path, b, store)
    (fact,) = [c for c in report.claims if c["type"] != "event"]
    assert fact["kind"] == "environment" and fact["action"] == "proposed"
    assert fact["supersedes"] == [remark.id]
    assert store.state().claims[remark.id].superseded_by == fact["id"]
    again = _capture(tmp_path, b, store)  # (and a third capture changes nothing)
    assert [c["action"] for c in again.claims if c["type"] != "event"] == ["already_captured"]


SAID_IN_PASSING = ("the deploy script for the barn firmware pins the 2.x mosquitto cli on priya's "
                   "office box because the 3.x one drops retained readings")
SAID_AS_A_RULE = ("we always pin the 2.x mosquitto cli in the deploy script for the barn firmware "
                  "on priya's office box because the 3.x one drops retained readings")


def _said(tmp_path, store, name: str, n: int, text: str):
    b = session(tmp_path, name, session_id=f"11111111-2222-3333-4444-00000000001{n}")
    b.prompt(text)
    b.say("Understood.")
    report = _capture(tmp_path, b, store)
    return [c for c in report.claims if c["type"] != "event"]


def test_a_rule_of_another_type_than_a_remark_takes_its_place_too(tmp_path):
    # (a remark is typed environment whatever it says: a convention that says it is the same
    # fact, not a second claim beside a remark left ranked and floored as one)
    store = ClaimLog(tmp_path / "memory.rlat")
    (remark,) = _said(tmp_path, store, "passing", 1, SAID_IN_PASSING)
    (rule,) = _said(tmp_path, store, "rule", 2, SAID_AS_A_RULE)
    assert remark["kind"] == REMARK_KIND and rule["kind"] == "convention"
    assert rule["action"] == "proposed" and rule["supersedes"] == [remark["id"]]
    assert store.state().claims[remark["id"]].superseded_by == rule["id"]


def test_a_remark_of_a_stored_rule_is_its_recurrence_not_a_second_claim(tmp_path):
    store = ClaimLog(tmp_path / "memory.rlat")
    (rule,) = _said(tmp_path, store, "rule", 1, SAID_AS_A_RULE)
    (remark,) = _said(tmp_path, store, "passing", 2, SAID_IN_PASSING)
    assert rule["kind"] == "convention" and remark["kind"] == REMARK_KIND
    assert remark["action"] == "recurred" and remark["claim"] == rule["id"]
    assert [c.id for c in store.state().claims.values() if c.type != "event"] == [rule["id"]]


def test_a_sentence_that_carried_a_secret_past_the_remarks_cut_is_no_remark(tmp_path):
    b = session(tmp_path)
    said = ("the barn pis publish their readings to the broker on the farm office box over the "
            "lte link, and the ingest service on the analytics side de-duplicates them by "
            "sequence number before they reach the warehouse tables that the vets read every "
            "morning, and it pulls its images from the registry with the token "
            "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB")
    assert said.index("ghp_") > REMARK_CHARS
    b.prompt(said)
    b.say("Understood.")
    assert not proposed(b).get(REMARK_KIND)


def test_a_remark_of_several_sentences_cites_each_it_says(tmp_path):
    b = session(tmp_path)
    b.prompt("the staging deploy goes through the jump host bastion-2 and the ansible inventory "
             "lives in infra/hosts.ini. the group vars carry the ports. what does the playbook "
             "do first? the database replica in fra is read only and nobody writes to it except "
             "the nightly etl job")
    b.say("Understood.")
    (remark,) = proposed(b, ClaimLog(tmp_path / "memory.rlat"))[REMARK_KIND]  # (stored: verified)
    assert [c["excerpt"] for c in remark["citations"]] == [
        "the staging deploy goes through the jump host bastion-2 and the ansible inventory lives "
        "in infra/hosts.ini. the group vars carry the ports.",
        "the database replica in fra is read only and nobody writes to it except the nightly "
        "etl job"]
    assert "nightly etl job" in remark["text"] and "playbook" not in remark["text"]


CROSS_BUILT = ("The office box cross compiles the quoitfield daemon with `zig build "
               "-Dtarget=aarch64-linux-musl` because the pis themselves are far too slow for it")
BUILT = "Use `zig build firmware -Dboard=v2` here (`zig build` fails: error: no board selected)"


def test_a_remark_is_never_the_first_answer_of_the_kind_asked_for():
    # (the route that admits a project's build command whatever its fit trusts the words to
    # have picked out a fact: a remark takes it neither past its floor nor from the fact after
    # it, which it would have got with no remark in the store)
    remark, fact = _proposed(CROSS_BUILT, "remark:", "s1"), _proposed(BUILT, "", "s2")
    assert not recall(fold([remark]), "build the firmware for the v2 board", workspace=WS,
                      now=T0 + 60)
    hits = recall(fold([remark, fact]), "build the daemon for the office", workspace=WS,
                  now=T0 + 60)
    assert [h.claim.id for h in hits] == [remark["claim"], fact["claim"]]
    assert "gives a command doing it" in hits[1].gate



def test_recall_says_what_a_remarks_score_is_made_of(tmp_path):
    import json
    import time

    from support.cli import run_rlat

    from rlat.mcp.tools import memory_search
    from rlat.paths import memory_store_path
    from rlat.workspace import workspace_id

    now = time.time()
    cites = [ev.session_citation("s1", "m1", "h1", observed_at=now)]
    ClaimLog(memory_store_path()).append([ev.proposed(
        SAID, "environment", citations=cites, origin="session", observed_by="claude-code",
        workspace=workspace_id(str(tmp_path)), ts=now, subject="remark:")])
    query = "which qos do the barn readings publish with?"
    out = run_rlat("memory", "recall", query, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert f" x {REMARK_WEIGHT:g}), environment remark," in out.stdout
    out = run_rlat("memory", "recall", query, "--explain", cwd=tmp_path)
    assert f"score = relevance x trust (x {REMARK_WEIGHT:g} for a remark)" in out.stdout
    out = run_rlat("memory", "recall", query, "--format", "json", cwd=tmp_path)
    (hit,) = json.loads(out.stdout)["hits"]
    (row,) = memory_search(query, cwd=str(tmp_path)).data["hits"]
    for found in (hit, row):
        assert found["standing"] == REMARK_WEIGHT
        assert found["score"] == pytest.approx(
            found["relevance"] * found["trust"] * REMARK_WEIGHT, abs=1e-3)


@pytest.mark.parametrize("pasted", [
    "Traceback (most recent call last):\n  File \"/app/ingest/worker.py\", line 88, in run\n"
    "    rows = self.decoder.decode(frame)\n  File \"/app/ingest/decoder.py\", line 41, in "
    "decode\n    raise ValueError(f\"bad crc on frame {frame.seq} from slave {frame.slave}\")\n"
    "ValueError: bad crc on frame 1182 from slave 4 of the barn bus",
    "Mar 14 06:12:04 barn-pi-05 quoitfield[611]: info(modbus): reconnecting to the broker at "
    "10.40.2.15 port 1883 with the session present and the retained readings",
    "here's what it shows\n\nNAME                       READY   STATUS    RESTARTS   AGE\n"
    "ingest-worker-7d9f8b-p9q   1/1     Running   0          37m\n"
    "broker-0                   1/1     Running   0          2d",
])
def test_output_pasted_without_fences_is_no_remark(tmp_path, pasted):
    # (what a user pastes is output as much between fences as without them: not their words)
    b = session(tmp_path)
    b.prompt(pasted)
    b.say("Understood.")
    assert not proposed(b).get(REMARK_KIND)



@pytest.mark.parametrize("said", [
    "priya swaps the sd cards of the barn pis at 14:30 every second friday",
    "the 2026-03-14 outage was the lte router in barn 3, not the pi",
    "the vendor's ValueError class is what the decoder raises on a bad crc",
])
def test_prose_with_a_time_or_an_error_name_in_it_may_still_be_a_remark(said):
    from rlat.capture.facts import _no_remark

    assert not _no_remark(said)


def test_an_explanation_the_user_sent_back_is_no_remark(tmp_path):
    # (its fact was let go of because the fix did not fix it: it was read, and is wrong)
    b = session(tmp_path)
    b.prompt("the nightly export sometimes writes the same order twice")
    b.say("I think I know this one.")
    b.run("Edit", {"file_path": "jobs/export.py", "old_string": "a", "new_string": "b"}, "ok")
    b.say("The cursor in `jobs/export.py` is read before the lock is taken, so two runs can "
          "start from the same offset; taking the lock first fixes it.")
    b.prompt("nope, still happening - duplicates again last night")
    b.run("Read", {"file_path": "jobs/export.py"}, "retry(upload, times=3)")
    b.say("The upload is retried after a timeout even when the first attempt went through, "
          "because the client never checks for the order id before sending it again. Pass "
          "the order id as the idempotency key.")
    found = proposed(b)
    assert [g["text"] for g in found["gotcha"]][0].startswith("The upload is retried")
    assert not [r for r in found.get(REMARK_KIND, []) if "cursor" in r["text"]]


def test_a_fix_sent_back_is_a_report_of_the_problem_not_a_remark(tmp_path):
    b = session(tmp_path)
    b.prompt("the nightly export sometimes writes the same order twice")
    b.run("Edit", {"file_path": "jobs/export.py", "old_string": "a", "new_string": "b"}, "ok")
    b.say("Taking the lock before the cursor is read should fix it.")
    b.prompt("nope, still happening - duplicates again last night, and only one run of the "
             "export job was scheduled on the box")
    b.say("Looking again.")
    assert not proposed(b).get(REMARK_KIND)


def test_memory_list_and_show_name_a_remark_as_one(tmp_path):
    from support.cli import run_rlat

    b = session(tmp_path)
    b.prompt(STATEMENT)
    b.say("Understood.")
    captured = run_rlat("capture", str(b.write(b.path)), "--cwd", str(tmp_path))
    assert captured.returncode == 0, captured.stderr
    listed = run_rlat("memory", "list")
    (line,) = [ln for ln in listed.stdout.splitlines() if "mosquitto client" in ln]
    claim_id, _state, _rung, kind = line.split()[:4]
    assert kind == "remark"
    shown = run_rlat("memory", "show", claim_id)
    assert "type:        environment" in shown.stdout and "a remark:" in shown.stdout
    # (filtered by the type the listing shows: a remark is found as one, not as environment)
    remarks = run_rlat("memory", "list", "--type", "remark")
    assert remarks.returncode == 0, remarks.stderr
    assert claim_id in remarks.stdout
    assert claim_id not in run_rlat("memory", "list", "--type", "environment").stdout
    # (and a script reading the JSON listing sees the same name, beside the stored type)
    import json

    rows = json.loads(run_rlat("memory", "list", "--format", "json").stdout)["claims"]
    (row,) = [r for r in rows if r["id"].startswith(claim_id)]
    assert (row["listed_type"], row["type"]) == ("remark", "environment")


@pytest.mark.parametrize("offer", [
    "If you want, I can also add a retry with exponential backoff around `publish()` in "
    "publish.zig so a flapping LTE link drops fewer barn readings overnight.",
    "I can also set up `mosquitto_sub -t barns/#` on the office box, logging every retained "
    "reading the Pis publish overnight to a file for the farm.",
    "Next the deploy script will get a `--barn` flag, and publish.zig will use qos 1 for every "
    "reading the Pis send overnight through the farm's mobile link.",
])
def test_the_assistant_offering_more_work_makes_no_remark(tmp_path, offer):
    b = session(tmp_path)
    b.prompt("ok")
    b.say(offer)
    assert not proposed(b).get(REMARK_KIND)


@pytest.mark.parametrize("listing", [
    "Here's the plan:\n\n1. Move the retry loop out of `publish()` in publish.zig into its own "
    "`retryPublish` helper.\n2. Add a `--barn` flag to deploy.sh so one barn can be redeployed "
    "alone.",
    "## Summary of changes\n\n- `publish.zig`: publish() now retries three times with "
    "exponential backoff before giving up on the barn's broker.\n- `deploy.sh`: a new `--barn` "
    "flag limits the rollout to one barn's Pis.",
    "I've made the following changes:\n1. `config/barns.toml` lists the new barn IDs and the "
    "broker each barn's Pis publish their retained readings to.",
    "Next steps: update `config/barns.toml` with the new barn IDs, regenerate the systemd units "
    "with `make units`, and redeploy the Pis one barn at a time.",
])
def test_the_assistants_plan_or_summary_of_changes_makes_no_remark(tmp_path, listing):
    b = session(tmp_path)
    b.prompt("go ahead")
    b.say(listing)
    assert not proposed(b).get(REMARK_KIND)


def test_what_the_team_still_uses_is_a_remark_not_a_problem_reported(tmp_path):
    b = session(tmp_path)
    b.prompt("we still use the old jenkins box for the arm builds of the barn firmware because "
             "the new runners have no qemu")
    b.say("Understood.")
    (remark,) = proposed(b)[REMARK_KIND]
    assert "old jenkins box" in remark["text"]


def test_looking_for_a_plan_heading_takes_linear_time():
    # (each line's start is tried: a lead allowed to run across lines made a message of blank
    # lines and rules quadratic — seconds for one message at the 4,000 characters kept)
    import time

    from rlat.capture.facts import _PLAN_HEADING

    started = time.perf_counter()
    assert _PLAN_HEADING.search("---\n\n" * 800 + "\n" * 4000) is None
    assert time.perf_counter() - started < 0.5  # (was ~4 s)
    assert _PLAN_HEADING.search("Done.\n\n---\n\n## Summary of changes\n\n- `publish.zig`")


def test_a_statement_opening_with_the_word_plan_is_no_plan_heading(tmp_path):
    # (the heading is the line's whole, or ends in a colon: "- Plan files are in `plans/` …"
    # states where the project keeps them)
    b = session(tmp_path)
    b.prompt("where do the rollout plans live?")
    b.say("- Plan files are in `plans/`\n- Each barn has one TOML file there, and `make units` "
          "reads it when it regenerates the systemd units for that barn's Pis.")
    assert any("make units" in r["text"] for r in proposed(b)[REMARK_KIND])
