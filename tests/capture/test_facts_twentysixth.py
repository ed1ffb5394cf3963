"""Capture rules of the twenty-sixth pass."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, proposed_texts, session

from rlat.capture import fact_rules


def test_a_pasted_log_line_is_no_rule_of_the_user_s(tmp_path):
    # (the review's open note: "[02:14] INFO: …" read as a chat message passed on, and its
    # "always" as the user's rule, with the next log line glued on)
    b = session(tmp_path)
    b.prompt("the worker keeps dying overnight, here's the tail:\n\n[02:14] INFO: Reports are "
             "always generated from the replica database at 10.0.4.12\n[02:15] ERROR: lost "
             "connection to broker\n\nany idea?")
    b.say("The broker connection drops; I'll look at the heartbeat settings.")
    found = proposed(b)
    assert not found.get("convention"), found
    assert not any(t.startswith(("[02:14]", "Reports are always")) for t in proposed_texts(found))


@pytest.mark.parametrize("line,logged", [
    ("[02:14] INFO: cache warmed", True),
    ("14:02 WARN disk at 91%", True),
    ("12:04:11 WARN load volume out of range", True),
    ("[9:08 AM] Denise Okafor: Standards reminder", False),
    ("[14:02] Ravi: dokku app still deploys from master", False),
    ("backups run at 03:00 INFO is in the log", False),
])
def test_a_line_logged_at_a_level_is_output_not_words(line, logged):
    assert bool(fact_rules.LOGGED_LINE.match(line)) is logged


def test_a_log_level_is_no_name_in_a_chat_byline():
    assert fact_rules.RELAY_LINE.search("x\n[02:14] INFO: Reports are generated nightly") is None


@pytest.mark.parametrize("answer", ["yes", "yep", "correct"])
def test_a_practice_found_and_asked_to_be_kept_to_is_a_rule_once_confirmed(tmp_path, answer):
    # ("Same for this one?" asks only whether to do as the code already does: the sentence
    # before it is the practice, whatever its words — dev43)
    b = session(tmp_path)
    b.prompt("new alarm text for chlorine residual low")
    b.run("Bash", {"command": "grep -rn 'fit_gsm7' src/ | head -3"},
          "src/sms.rs:12:pub fn fit_gsm7(s: &str) -> String {\n"
          "src/templates.rs:18:    Alarm::LevelHi { .. } => fit_gsm7(&format!(")
    b.say("Every existing alarm template wraps its text in sms::fit_gsm7 before it goes to "
          "Tonewire; the function maps non-GSM characters and caps at 160. Same for this one?")
    b.prompt(answer)
    rules = [f["text"] for f in proposed(b).get("convention", [])]
    assert any(r.startswith("Every existing alarm template wraps its text in sms::fit_gsm7")
               for r in rules), rules


def test_a_practice_found_and_declined_is_no_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("new alarm text for chlorine residual low")
    b.say("Every existing alarm template wraps its text in sms::fit_gsm7 before it goes to "
          "Tonewire; the function maps non-GSM characters and caps at 160. Same for this one?")
    b.prompt("no, this one goes out as voice only")
    assert not proposed(b).get("convention")


@pytest.mark.parametrize("asked,same", [
    ("Same for this one?", True),
    ("Follow that here?", True),
    ("Should I do the same for the counters?", True),
    ("Same error on ps14?", False),
    ("Is it the same host?", False),
    ("Same as the others?", True),
    ("Do it like the rest?", True),
    ("Same error as before?", False),
    ("Is it like the others?", False),
])
def test_asking_to_do_the_same_is_asking_to_keep_to_a_practice(asked, same):
    assert bool(fact_rules.SAME_ASKED.match(asked)) is same


@pytest.mark.parametrize("text,byline", [
    ("x\nGrady Pettersen   Tue 4:47 AM\nif you're renaming boards", "Grady Pettersen   Tue 4:47 AM"),
    ("x\n[9:53 AM] Grady Pettersen\nrota: swaps", "[9:53 AM] Grady Pettersen"),
    ("x\n[02:14] INFO\nstarting", None),
    ("x\nBuild   Tue 4:47 AM\n", None),
])
def test_a_chat_byline_as_teams_copies_it(text, byline):
    found = fact_rules.RELAY_LINE.search(text)
    assert (found.group(0) if found else None) == byline


def test_a_message_copied_from_teams_gives_its_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("rename reservoir-levels to 'Storage: reservoir levels'. uid too\n\nGrady Pettersen"
             "   Tue 4:47 AM\nif you're renaming boards: anything tagged hmi-linked keeps its "
             "uid forever. title is fine")
    b.say("Renaming the title only.")
    rules = [f["text"] for f in proposed(b).get("convention", [])]
    assert any("anything tagged hmi-linked keeps its uid forever" in r and "4:47" not in r
               for r in rules), rules


def test_an_offer_turned_down_with_its_story_told_over_several_sentences(tmp_path):
    # (what was tried, then why it went, a sentence or three later — dev43)
    b = session(tmp_path)
    b.prompt("pushing to 40 pis over flaky lte is slow. can't they pull")
    b.say("ansible-pull fits that: each gateway clones the repo on a timer and applies its own "
          "host's play, so a station that was offline catches up when it's back. Set it up on "
          "the canary pair?")
    b.prompt("ugh. grady set up ansible-pull last spring. the clone lives in ram on these things "
             "so it re-clones every boot, the vault password has to be on the pi. and on the lte "
             "ones half the runs died halfway. push from here, it's slow but we see it")
    b.say("Dropping the idea, then.")
    found = proposed(b)
    texts = [f["text"] for f in found.get("falsified", [])]
    assert len(texts) == 1 and texts[0].lower().startswith("ansible-pull fits that") \
        and "grady set up ansible-pull last spring" in texts[0], texts
    # (the story is the finding's: its "every boot" is no rule of the user's)
    assert not found.get("convention"), found


def test_an_offer_turned_down_with_no_reason_however_long_is_no_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("pushing to 40 pis over flaky lte is slow. can't they pull")
    b.say("ansible-pull fits that: each gateway clones the repo on a timer. Set it up on the "
          "canary pair?")
    b.prompt("hm. grady set up ansible-pull last spring. he liked it. we moved offices after "
             "that. push from here for now")
    b.say("Pushing from HQ.")
    assert not proposed(b).get("falsified")


def test_an_idea_passed_on_and_answered_tried_before_is_a_falsified_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("Shauna Kerr   Mon 3:51 AM\nFYI the city mail relay can send to the carriers' text "
             "gateways. free backup for your alerting if the phone vendor goes down?\n\nwe tried "
             "this. grady did that during the tonewire outage in october. texts showed up 20-40 "
             "min late, some never, and at&t turned their gateway off anyway.\ndraft me "
             "something polite for shauna")
    b.say("Draft: Hi Shauna, thanks — we've tried it.")
    found = proposed(b)
    (finding,) = found["falsified"]
    assert finding["text"].startswith("FYI the city mail relay can send to the carriers' text "
                                      "gateways.") and "Tried before:" in finding["text"] \
        and "20-40 min late" in finding["text"], finding
    assert not found.get("convention"), found  # (the story is no rule of the user's)


def test_an_idea_passed_on_and_tried_with_no_reason_is_no_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("Shauna Kerr   Mon 3:51 AM\nFYI the city mail relay can send to the carriers' text "
             "gateways. free backup for your alerting?\n\nwe tried this. grady set it up in "
             "october.\ndraft me something polite for shauna")
    b.say("Draft: Hi Shauna, thanks.")
    assert not proposed(b).get("falsified")


def test_a_later_command_sharing_only_a_filter_recovers_nothing(tmp_path):
    # (a failed "ansible … | grep -i 'out of memory'", then, asked for something else, "env |
    # grep ^AWS_": they share "grep", no job — dev43 had "Use `env | grep ^AWS_` here
    # (`ansible ps22 …` fails: …)")
    b = session(tmp_path)
    b.prompt("why did the bridge die on ps22")
    b.run("Bash", {"command": "ansible ps22 -b -a 'df -h /media/root-rw' && ansible ps22 -b -a "
                              "'journalctl -k -o cat' | grep -i 'out of memory'"},
          "Exit code 1\ntmpfs  462M  455M  7.0M  99% /media/root-rw", is_error=True)
    b.prompt("nope. undo all of it")
    b.say("Rolling it back.")
    b.prompt("check which aws credentials this shell is using")
    b.run("Bash", {"command": "env | grep ^AWS_"}, "AWS_DEFAULT_REGION=eu-west-1")
    b.say("The shell uses static keys from the environment.")
    assert not proposed(b).get("recovery"), proposed(b)


@pytest.mark.parametrize("said,ruled_out", [
    ("Clean — it isn't that.", True),
    ("Fine, it's not this.", True),
    ("it isn't that simple: the pool is too small", False),
    ("it is not that bad", False),
])
def test_a_check_that_rules_a_guess_out_is_no_explanation(said, ruled_out):
    assert bool(fact_rules.RULED_OUT.match(said)) is ruled_out


def test_the_explanation_after_a_guess_ruled_out_is_the_one_kept(tmp_path):
    b = session(tmp_path)
    b.prompt("ps31 tunnel up, ping fine, ssh hangs after the banner")
    b.say("Maybe sshd on ps31 is wedged. Checking whether the port answers at all.")
    b.run("Bash", {"command": "nc -vz -w3 10.77.0.131 22"},
          "Connection to 10.77.0.131 22 port [tcp/ssh] succeeded!")
    b.say("Clean — it isn't that.")
    b.prompt("no. look at the log")
    b.run("Bash", {"command": "ping -c2 -M do -s 1352 10.77.0.131; ping -c2 -M do -s 1392 "
                              "10.77.0.131"},
          "1360 bytes from 10.77.0.131: icmp_seq=1 ttl=64 time=71 ms\n2 packets transmitted, 0 "
          "received, 100% packet loss")
    b.say("Small packets cross the tunnel and full-size ones don't: a 1380-byte packet gets "
          "through, a 1420-byte one vanishes.")
    texts = proposed_texts(proposed(b))
    assert not any(t.startswith("Clean") for t in texts), texts
    assert any(t.startswith("Small packets cross the tunnel") for t in texts), texts


@pytest.mark.parametrize("text,number", [
    ("Alarm texts come from +1 (360) 555-0187, the Tonewire number", "tel:+13605550187"),
    ("the service desk is on 555-0187", "tel:5550187"),
    ("+44 20-7946-0958 rings the control room", "tel:+442079460958"),
])
def test_a_telephone_number_is_a_value_of_the_setup(text, number):
    assert number in fact_rules.salient_tokens(text)


@pytest.mark.parametrize("text", ["released 2026-12-05", "the collector is at 10.30.0.21",
                                  "bumped to 1.22.2"])
def test_a_date_an_address_or_a_version_is_no_telephone_number(text):
    assert not any(t.startswith("tel:") for t in fact_rules.salient_tokens(text))


def test_the_number_found_for_a_question_is_kept(tmp_path):
    b = session(tmp_path)
    b.prompt("what number do the alarm texts come from")
    b.run("Bash", {"command": "curl -s https://api.tonewire.net/v2/numbers | jq '.numbers[]'"},
          '{"number": "+13605550187", "friendly_name": "(360) 555-0187"}')
    b.say("Alarm texts and call-outs come from +1 (360) 555-0187, the Tonewire number on the "
          "PAW-ALARMS campaign — not the main line.")
    assert any("555-0187" in t for t in proposed_texts(proposed(b)))


# ---------------------------------------------------------------- review of the pass


@pytest.mark.parametrize("said", [
    "It isn't that the disk is full: the inode table is exhausted, because the thumbnailer "
    "never deletes its temp files.",
    "It's not that sshd is wedged — full-size packets don't make it through the tunnel.",
])
def test_it_is_not_that_x_it_is_y_is_an_explanation_not_a_guess_ruled_out(said):
    # ("it isn't that" ends a check when it ends the sentence; "it isn't that <clause>" goes
    # on to say what it is)
    assert not fact_rules.RULED_OUT.match(said)


def test_the_explanation_that_says_what_it_is_not_first_is_kept(tmp_path):
    b = session(tmp_path)
    b.prompt("ssh to ps31 hangs after the banner")
    b.run("Bash", {"command": "ping -c2 -M do -s 1392 10.77.0.131"},
          "2 packets transmitted, 0 received, 100% packet loss")
    b.say("It's not that sshd is wedged — full-size packets don't make it through the tunnel, "
          "so the key exchange stalls.")
    texts = proposed_texts(proposed(b))
    assert any(t.startswith("It's not that sshd is wedged") for t in texts), texts


def test_a_name_that_opens_with_initials_is_still_a_chat_byline(tmp_path):
    # ("AJ Russo" is a name; only a capitals word alone — a log level — is none)
    assert fact_rules.RELAY_LINE.search("x\n[9:08 AM] AJ Russo: every migration gets a down "
                                        "script").group(0) == "[9:08 AM] AJ Russo: "
    b = session(tmp_path)
    b.prompt("add the migration for the new readings table\n\n[9:08 AM] AJ Russo: Standards "
             "reminder: every migration gets a matching down script in db/down/\n\nkeep it small")
    b.say("Adding the migration.")
    rules = [f["text"] for f in proposed(b).get("convention", [])]
    assert any(r.startswith("Standards reminder: every migration gets a matching down script")
               for r in rules), rules


@pytest.mark.parametrize("done", [
    "Added a null check to parse_header in src/decoder.rs and a test for the empty frame.",
    "I changed the retry limit in worker/queue.py from 3 to 5 and logged each retry.",
    # (nor is what it said before the change)
    "The pump alarms live in src/alarms/pumps.rs next to the level ones. Added the chlorine "
    "alarm there with its text wrapped in fit_gsm7.",
])
def test_a_change_just_made_and_asked_to_be_repeated_is_no_practice(tmp_path, done):
    # ("Same for parse_footer?" after what the assistant did asks to do it again there; the
    # change is no rule of how things are done)
    b = session(tmp_path)
    b.prompt("add a null check to the decoder")
    b.say(done + " Same for parse_footer?")
    b.prompt("yes")
    assert not proposed(b).get("convention")


@pytest.mark.parametrize("story", [
    "grady set it up during the tonewire outage in october and it's been our backup since, "
    "never missed a text.",
    "no complaints, texts arrive within a minute and grady kept it on as the fallback.",
])
def test_an_idea_passed_on_that_was_tried_and_went_well_is_no_falsified_finding(tmp_path, story):
    # ("never missed", "no complaints": what went well, told in a turn-down's words)
    b = session(tmp_path)
    b.prompt("Shauna Kerr   Mon 3:51 AM\nFYI the city mail relay can send to the carriers' text "
             "gateways. free backup for your alerting if the phone vendor goes down?\n\nwe tried "
             f"this. {story}\ndraft me something polite for shauna saying we already have it")
    b.say("Draft: Hi Shauna, thanks — we already use it.")
    assert not proposed(b).get("falsified")


@pytest.mark.parametrize("text", ["the customer's card 4539 1488 0343-6467 was charged twice",
                                  "card 4539-1488 0343 6467 on file"])
def test_the_last_groups_of_a_longer_number_are_no_telephone_number(text):
    # (a card number typed in groups is no value of the setup: it must not make its sentence a
    # fact to store)
    assert not any(t.startswith("tel:") for t in fact_rules.salient_tokens(text))


def test_a_card_number_told_is_not_kept_as_a_fact(tmp_path):
    b = session(tmp_path)
    b.prompt("which card number does the payment sandbox test use")
    b.run("Bash", {"command": "grep -rn CARD tests/"}, "tests/pay.py:3: CARD='4000 0027 6000-3184'")
    b.say("The sandbox tests pay with card 4000 0027 6000-3184, expiry 12/34.")
    assert not any("3184" in t for t in proposed_texts(proposed(b)))


@pytest.mark.parametrize("asked", ["Recognise this from the other stations?",
                                   "Seen that on the other sites?",
                                   "Remember that from the migration last year?"])
def test_asking_whether_the_user_knows_a_thing_is_no_offer(tmp_path, asked):
    # (what the assistant found, put to the user as a question, is no approach turned down:
    # the user's own trial is their finding, not "<the finding> Turned down: …")
    b = session(tmp_path)
    b.prompt("ps14 keeps rebooting at night")
    b.say(f"The kernel log shows the watchdog firing right after the modem resets. {asked}")
    b.prompt("hm. we tried disabling the watchdog on ps09 last year and it hung for two days "
             "because nothing rebooted it. find another way")
    b.say("OK, looking at the modem side.")
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    assert texts and not any("Turned down" in t for t in texts), texts


def test_a_command_naming_a_key_file_that_works_recovers_the_one_that_failed(tmp_path):
    # (what it printed is withheld — it names a .pem — but that it worked is no secret)
    b = session(tmp_path)
    b.prompt("need the node ids under KP/FLT3. browse the server")
    b.run("Bash", {"command": "uals -u opc.tcp://scada-opc01:48010 -n 'ns=2;s=KP/FLT3' -l"},
          "Exit code 1\nasyncua.ua.uaerrors._auto.BadSecurityModeRejected: The security mode "
          "does not meet the requirements set by the server.", is_error=True)
    b.prompt("try with the cert")
    b.run("Bash", {"command": "uals -u opc.tcp://scada-opc01:48010 --security Basic256Sha256,"
                              "SignAndEncrypt,certs/collector.der,certs/collector.key.pem -n "
                              "'ns=2;s=KP/FLT3' -l"},
          "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----")
    b.say("Under KP/FLT3: AIT-301, FIT-301 and LIT-301.")
    found = proposed(b)
    (recovery,) = found["recovery"]
    assert recovery["text"].startswith("Use `uals -u opc.tcp://scada-opc01:48010 --security")
    # (and nothing it printed is kept anywhere)
    assert not any("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" in str(f) for fs in found.values()
                   for f in fs)


def test_an_approach_nothing_was_wrong_with_was_not_turned_down_for_a_reason(tmp_path):
    # (the last pass's open note: "nothing wrong with it" counted as why it went)
    b = session(tmp_path)
    b.prompt("sessions are slow to load. could they live in redis?")
    b.say("Redis-backed sessions would take the session reads off Postgres. Want me to set it up?")
    b.prompt("no need, we had redis sessions for a few months last year, nothing wrong with "
             "it, we just consolidated on postgres")
    b.say("Leaving them in Postgres.")
    assert not proposed(b).get("falsified")


def test_an_approach_that_went_wrong_is_still_turned_down(tmp_path):
    b = session(tmp_path)
    b.prompt("sessions are slow to load. could they live in redis?")
    b.say("Redis-backed sessions would take the session reads off Postgres. Want me to set it up?")
    b.prompt("no. we had redis sessions last year and it kept logging everyone out after every "
             "failover, so we moved them back to the db")
    b.say("Leaving them in Postgres.")
    assert proposed(b).get("falsified")


def test_a_fact_said_of_it_carries_the_question_that_named_it(tmp_path):
    b = session(tmp_path)
    b.prompt("where does the collector actually run")
    b.run("Bash", {"command": "cat deploy/hosts.ini"},
          "[collector]\not-collect01 ansible_host=10.30.0.21")
    b.say("It runs on ot-collect01 (10.30.0.21, OT DMZ, VLAN 30) as stillwell.service.")
    texts = proposed_texts(proposed(b))
    assert any(t.startswith("It runs on ot-collect01") and "collector" in t for t in texts), texts


def test_a_fact_naming_its_subject_carries_no_question(tmp_path):
    b = session(tmp_path)
    b.prompt("where does the collector actually run")
    b.run("Bash", {"command": "cat deploy/hosts.ini"},
          "[collector]\not-collect01 ansible_host=10.30.0.21")
    b.say("The collector runs on ot-collect01 (10.30.0.21, OT DMZ, VLAN 30) as stillwell.service.")
    texts = proposed_texts(proposed(b))
    assert any(t.startswith("The collector runs on ot-collect01") and "[asked:" not in t
               for t in texts), texts
