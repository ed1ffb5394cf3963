"""Capture of the twenty-first pass (docs/capture.md, "Twenty-first pass")."""

from __future__ import annotations

from capture_helpers import proposed, session

BUILD_AND_COPY = ("zig build -Doptimize=ReleaseSafe && scp zig-out/bin/quoitfield "
                  "pi@barn-pi-03:/tmp/ && ssh pi@barn-pi-03 /tmp/quoitfield --version")
CROSS_BUILD = ("zig build -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe && file "
               "zig-out/bin/quoitfield && scp zig-out/bin/quoitfield pi@barn-pi-03:/tmp/ && "
               "ssh pi@barn-pi-03 /tmp/quoitfield --version")


def test_a_long_command_that_recovers_one_is_compared_whole(tmp_path):
    # (both commands are longer than their citations: cut after "&& ssh", the one that works
    # lacked words of the one that failed, and no recovery was found)
    assert len(CROSS_BUILD) > 160
    b = session(tmp_path)
    b.prompt("build and copy the new version to barn-pi-03 for testing")
    b.run("Bash", {"command": BUILD_AND_COPY},
          "Exit code 126\nbash: line 1: /tmp/quoitfield: cannot execute binary file: Exec "
          "format error", is_error=True)
    b.say("That fails. Have you done this on this machine before?")
    b.prompt("must be in ~/.zsh_history")
    b.run("Bash", {"command": "grep -n 'zig' ~/.zsh_history | tail -4"},
          "6162:: 1736250721:0;zig build test\n7271:: 1737706500:0;zig build run -- --once")
    b.run("Bash", {"command": CROSS_BUILD},
          "zig-out/bin/quoitfield: ELF 64-bit LSB executable, ARM aarch64, statically linked\n"
          "quoitfield 0.7.3 (ReleaseSafe)")
    b.say("barn-pi-03 has the new build in /tmp and it reports 0.7.3.")
    (fix,) = proposed(b)["recovery"]
    assert fix["text"].startswith("Use `zig build -Dtarget=aarch64-linux-musl")
    assert "Exec format error" in fix["text"]
    # (the long chains are named by the step that does the job, and the shell's "bash: line 1:"
    # is no part of the failure)
    assert fix["text"].startswith("Use `zig build -Dtarget=aarch64-linux-musl "
                                  "-Doptimize=ReleaseSafe` here (`zig build "
                                  "-Doptimize=ReleaseSafe` fails: /tmp/quoitfield: cannot execute")


def test_a_long_chain_is_named_by_its_job_not_by_what_only_looks_before_it(tmp_path):
    looks_then_rolls_back = ("helm list -n notify --short && helm rollback dm-notify -n notify "
                             "--wait && kubectl rollout status -n notify deploy/driftmark-worker "
                             "--timeout=120s")
    b = session(tmp_path)
    b.prompt("roll the notification service back, the new release is sending duplicates")
    b.run("Bash", {"command": "helm rollback driftmark -n notify"},
          "Error: release: not found", is_error=True)
    b.run("Bash", {"command": looks_then_rolls_back},
          "dm-notify\nRollback was a success! Happy Helming!\ndeployment successfully rolled out")
    b.say("Rolled back.")
    (fix,) = proposed(b)["recovery"]
    assert fix["text"].startswith("Use `helm list -n notify --short && helm rollback dm-notify "
                                  "-n notify --wait` here (`helm rollback driftmark -n notify` "
                                  "fails: Error: release: not found)")


def test_a_failure_the_user_says_before_pasting_it_is_one_a_command_recovers(tmp_path):
    # (the pasted output is a snapshot test's diff: nothing in it reads as an error)
    b = session(tmp_path)
    b.prompt("i renamed 'Needletime' to 'Music time' in the PPL return header, fix up the tests "
             "— doesn't work:\n\n```\n$ opam exec -- dune test\nFile \"test/royalty/"
             "test_export.ml\", line 41, characters 0-1:\n------ test/royalty/test_export.ml\n"
             "++++++ test/royalty/test_export.ml.corrected\n```")
    b.say("Those are expect tests; the corrected output gets promoted into the file.")
    b.run("Bash", {"command": "opam exec -- dune runtest --auto-promote; git diff --stat test/"},
          "Promoting _build/default/test/royalty/test_export.ml.corrected to "
          "test/royalty/test_export.ml.\n test/royalty/test_export.ml | 2 +-")
    b.say("The expected header now says 'Music time minutes'.")
    (fix,) = proposed(b)["recovery"]
    assert fix["text"].startswith("Use `opam exec -- dune runtest --auto-promote` here "
                                  "(`opam exec -- dune test` fails")


def test_a_pasted_output_the_user_does_not_call_a_failure_is_none(tmp_path):
    b = session(tmp_path)
    b.prompt("here's the current snapshot diff, just so you see it:\n\n```\n$ opam exec -- dune "
             "test\n------ test/royalty/test_export.ml\n++++++ test/royalty/test_export.ml."
             "corrected\n```")
    b.run("Bash", {"command": "opam exec -- dune runtest --auto-promote"}, "Promoting …")
    b.say("Promoted.")
    assert not proposed(b).get("recovery")


def test_a_short_rule_naming_no_code_ends_the_rule_before_it_that_does(tmp_path):
    b = session(tmp_path)
    b.prompt("add a no-show fee to appointment types, default €25")
    b.say("I'll make the change and build.")
    b.prompt("hold on. money is integer cents (`no_show_fee_cents`) and any maths or formatting "
             "goes through brick/money — Money::ofMinor($cents, 'EUR'). never decimal columns or "
             "floats")
    b.say("OK, that way then.")
    (rule,) = proposed(b)["convention"]
    assert rule["text"].startswith("Money is integer cents (`no_show_fee_cents`)")
    assert rule["text"].endswith("never decimal columns or floats")


def test_what_still_runs_as_before_a_change_is_a_problem_whose_explanation_is_kept(tmp_path):
    b = session(tmp_path)
    b.prompt("deployed the reminder text fix an hour ago, patients still get the old wording. "
             "deploy output was clean")
    b.run("Bash", {"command": "ssh deploy@web1 'ps -o pid,lstart,cmd -C php | grep horizon'"},
          "18233 Mon Mar 10 09:12:55 2025 php /var/www/marlpit/artisan horizon:work redis")
    b.say("Horizon's workers are long-running PHP processes: they loaded the app on Monday at "
          "09:12 and keep executing that code whatever is on disk, and the deploy never tells "
          "them to restart. `php artisan horizon:terminate` makes Horizon finish its current "
          "jobs and exit, supervisor starts it again on the new code — it has to be a deploy "
          "step.")
    (gotcha,) = proposed(b)["gotcha"]
    assert "`php artisan horizon:terminate`" in gotcha["text"]


def test_handing_the_work_to_a_subagent_is_no_explanation_its_report_is(tmp_path):
    b = session(tmp_path)
    b.prompt("paged by the farm at 6:40. barn-pi-05 (fresh image): sensors all time out or fail "
             "crc for about a minute after each boot, then fine. journal:\n\n```\nMar 14 06:12:03 "
             "barn-pi-05 quoitfield[611]: warning(modbus): slave 4: crc mismatch\nMar 14 "
             "06:12:03 barn-pi-05 quoitfield[611]: warning(modbus): slave 5: timeout after "
             "250ms\n```")
    b.say("Sending a subagent to dig through the code and config while you wake up.")
    b.run("Task", {"description": "Investigate crc errors after boot", "prompt": "Find the cause"},
          "ModemManager on the fresh image probes every new USB serial port for a modem by "
          "writing AT commands to it, so for the first minute after boot it is talking on the "
          "RS-485 bus over the sensors. A udev rule setting ENV{ID_MM_DEVICE_IGNORE}=\"1\" for "
          "the FTDI adapter makes it leave the port alone.")
    b.say("The subagent found the cause; applying the fix.")
    gotchas = [f["text"] for f in proposed(b)["gotcha"]]
    assert not any("Sending a subagent" in text for text in gotchas)
    assert any(text.startswith("ModemManager on the fresh image") and "ID_MM_DEVICE_IGNORE" in text
               for text in gotchas)


def test_a_chain_that_puts_a_file_back_first_does_its_next_steps_job(tmp_path):
    b = session(tmp_path)
    b.prompt("add zcrc v0.3.1 as a dependency, i already put the url in build.zig.zon")
    b.run("Bash", {"command": "zig build"},
          "Exit code 1\nbuild.zig.zon:14:20: error: dependency is missing hash field",
          is_error=True)
    b.run("Bash", {"command": "git checkout build.zig.zon && zig fetch --save "
                              "https://github.com/mkorsak/zcrc/archive/refs/tags/v0.3.1.tar.gz "
                              "&& zig build"}, "")
    b.say("zcrc is in build.zig.zon with its hash and the build passes.")
    (fix,) = proposed(b)["recovery"]
    assert fix["text"].startswith("Use `git checkout build.zig.zon && zig fetch --save ")
    assert "(`zig build` fails: build.zig.zon:14:20: error: dependency is missing hash field)" \
        in fix["text"]


def test_an_offer_asking_leave_in_a_word_is_turned_down_by_what_was_tried(tmp_path):
    b = session(tmp_path)
    b.prompt("the duplicate readings annoy the analytics people. can we use exactly-once "
             "delivery?")
    b.say("MQTT has that built in — QoS 2. It's a one-line change in publish.zig. Switch?")
    b.prompt("don't bother — we ran QoS 2 for a week in november. over the LTE links the inflight "
             "window filled up and the pis stopped publishing for hours. back on QoS 1")
    b.say("OK, that rules it out.")
    (dropped,) = proposed(b)["falsified"]
    assert "Turned down: don't bother — we ran QoS 2 for a week in november." in dropped["text"]
    # (what the offer answered travels with it)
    assert dropped["text"].endswith("[asked: the duplicate readings annoy the analytics people. "
                                    "can we use exactly-once delivery?]")


def test_a_one_word_question_that_asks_something_else_offers_nothing(tmp_path):
    b = session(tmp_path)
    b.prompt("the duplicate readings annoy the analytics people")
    b.say("Ingest already drops them by sequence number. Thoughts?")
    b.prompt("we ran QoS 2 for a week in november and the pis stopped publishing for hours")
    b.say("Noted.")
    assert not proposed(b).get("falsified")


def test_who_tried_it_and_when_turns_an_offer_down_however_the_name_is_typed(tmp_path):
    b = session(tmp_path)
    b.prompt("what if the pis just posted readings to the analytics api directly instead of "
             "mqtt?")
    b.say("The standard library's HTTP client can do that with no extra dependency — I can add "
          "an http sink. Go?")
    b.prompt("no. priya tried std.http.Client for exactly that in december. zig's tls is 1.3 "
             "only and their endpoint is stuck on tls 1.2, handshake fails every time. so it "
             "stays mqtt")
    b.say("Good to know — dropping it.")
    (dropped,) = proposed(b)["falsified"]
    assert "Turned down: priya tried std.http.Client for exactly that in december." \
        in dropped["text"]
    assert "[asked: what if the pis just posted readings to the analytics api" in dropped["text"]


def test_what_was_tried_after_a_verdicts_colon_stays_with_the_story(tmp_path):
    b = session(tmp_path)
    b.prompt("reply to Maggie for me, they asked \"can't unattended-upgrades just reboot the boxes "
             "itself when a kernel needs it?\"")
    b.say("Draft:\n\nHi Maggie,\n\nGood question — we actually tried that before, and it didn't "
          "work out: had Automatic-Reboot on last spring. the nextcloud box rebooted mid-backup "
          "at 3am and nextcloud came up before the data volume mounted. so we reboot by hand "
          "with the playbook.\n\nBest")
    (tried,) = proposed(b)["falsified"]
    assert tried["text"].startswith("Had Automatic-Reboot on last spring. the nextcloud box "
                                    "rebooted mid-backup")


def test_a_recovery_names_long_commands_by_what_their_citations_keep(tmp_path):
    # (compared whole, up to 2,000 characters, a command is named as its citation keeps it:
    # the fact named both whole, some 3,000 characters)
    defined = " ".join(f"--define=FLAG_{i}=value_{i}" for i in range(60))
    b = session(tmp_path)
    b.prompt("regenerate the fixtures")
    b.run("Bash", {"command": f"python3 tools/gen.py {defined}"},
          "Exit code 1\nerror: unable to open database file tools/gen.db", is_error=True)
    b.run("Bash", {"command": f"python3 tools/gen.py --db /tmp/gen.db {defined}"},
          "generated 12 files")
    b.say("Done.")
    (recovery,) = proposed(b)["recovery"]
    assert recovery["text"].startswith("Use `python3 tools/gen.py --db /tmp/gen.db --define")
    assert recovery["text"].endswith("fails: error: unable to open database file tools/gen.db)")
    assert len(recovery["text"]) < 2 * 160 + 100  # (commands.CITED_COMMAND_CHARS)
