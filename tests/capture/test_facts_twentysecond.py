"""Capture of the twenty-second pass (docs/capture.md, "Twenty-second pass")."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, session

VALIDATE = ('curl -s -u "$JENKINS_USER:$JENKINS_TOKEN" -X POST -F '
            '"jenkinsfile=<jobs/nightly/Jenkinsfile" '
            "https://jenkins.pebblewright.games/pipeline-model-converter/validate")


def test_a_long_command_is_named_by_its_start_and_what_it_acts_on(tmp_path):
    # (longer than a fact names a command: cut from the end, it lost the URL it posts to)
    assert len(VALIDATE) > 160
    b = session(tmp_path)
    b.prompt("check jobs/nightly/Jenkinsfile parses before i push it")
    b.run("Bash", {"command": "java -jar jenkins-cli.jar -s https://jenkins.pebblewright.games/ "
                              "-webSocket declarative-linter < jobs/nightly/Jenkinsfile"},
          "Exit code 1\nio.jenkins.cli.shaded.jakarta.websocket.DeploymentException: Handshake "
          "error.\n\tHTTP/1.1 403 Forbidden", is_error=True)
    b.say("The CLI's websocket is refused; the same linter is a plain HTTP endpoint.")
    b.run("Bash", {"command": VALIDATE}, "Jenkinsfile successfully validated.")
    b.say("The nightly Jenkinsfile validates — safe to push.")
    (fix,) = proposed(b)["recovery"]
    assert fix["text"].startswith('Use `curl -s -u "$JENKINS_USER:$JENKINS_TOKEN" -X POST -F … '
                                  "https://jenkins.pebblewright.games/pipeline-model-converter/"
                                  "validate` here")


def _history(b, subject):
    b.run("Bash", {"command": "git log --oneline -i -E --grep='revert|back out|remove' | head"},
          f"1b82f13e Merge branch 'crunch/fixes'\n571af33c {subject}\n8d628892 Remove dead keys")


def test_the_assistant_finding_an_idea_tried_before_keeps_why_it_went(tmp_path):
    b = session(tmp_path)
    b.prompt("shouldn't the cache speak http/2 to the editors by now?")
    b.say("Let me look at the history first.")
    _history(b, "Revert h2c on the listener")
    b.say('It was tried — 571af33c "Revert h2c on the listener". Reverted to HTTP/1.1. With h2c '
          "each client squeezed onto one TCP connection: throughput fell from 8.7 to 3.1 Gbit/s "
          "and small GETs queued behind big blobs (p99 1.8 s).")
    b.prompt("ah yeah. skip it then")
    b.say("Leaving it.")
    (found,) = proposed(b)["falsified"]
    assert found["text"].startswith('It was tried — 571af33c "Revert h2c on the listener". '
                                    "Reverted to HTTP/1.1. With h2c each client")
    assert "[asked: shouldn't the cache speak http/2" in found["text"]


def test_that_an_idea_was_tried_says_nothing_without_why(tmp_path):
    b = session(tmp_path)
    b.prompt("shouldn't the cache speak http/2 to the editors by now?")
    _history(b, "Revert h2c on the listener")
    b.say('It was tried — 571af33c "Revert h2c on the listener".')
    assert not proposed(b).get("falsified")


@pytest.mark.parametrize("said", [
    "This was tried in the last commit. Let me look at the diff of `src/cache.py` to see what "
    "changed in the eviction loop.",
    "It has been tried. I'll now add the retry wrapper around `fetch_user()` in "
    "`api/client.py` and run the integration suite again.",
    "It was tried already: I ran `pytest tests/test_api.py` just now and all 42 tests passed. "
    "The retry wrapper goes around `fetch_user()` in `api/client.py` next.",
])
def test_that_an_idea_was_tried_says_nothing_with_only_the_work_to_come_or_a_fresh_check(
        tmp_path, said):
    # (what the assistant will do next, or a check it just made, is no reason an idea went)
    b = session(tmp_path)
    b.prompt("can we make the api client retry on 503s?")
    b.say(said)
    assert not proposed(b).get("falsified")


def test_a_sentence_only_pointing_at_the_output_is_no_explanation(tmp_path):
    b = session(tmp_path)
    b.prompt("crashes from the devkits with full memory dumps never show up. normal player "
             "crashes arrive fine")
    b.say("Let me reproduce it first.")
    b.run("Bash", {"command": "docker compose logs --tail 80 api"},
          "info: received report 3a91d2 (2.4 MB)\nConnection id \"0HN3KQ1\" bad request data: "
          "\"Request body too large.\"\ninfo: stackwalk 3a91d2 done in 1840 ms")
    b.say("Most of that is normal; the middle part isn't.")
    b.run("Bash", {"command": "grep -rn -i kestrel src/Wrackline/Program.cs || echo none"}, "none")
    b.say("Kestrel caps request bodies at 30,000,000 bytes unless told otherwise, and answers "
          "413 to anything bigger before our endpoint ever runs. The receive endpoint needs a "
          "larger MaxRequestBodySize, set per endpoint.")
    (gotcha,) = proposed(b)["gotcha"]
    assert gotcha["text"].startswith("Kestrel caps request bodies at 30,000,000 bytes")


@pytest.mark.parametrize("said", ["The middle part fails because the disk is full.",
                                  "That last line is because of the full disk."])
def test_a_sentence_about_a_part_of_the_output_that_says_why_is_an_explanation(tmp_path, said):
    b = session(tmp_path)
    b.prompt("crashes from the devkits with full memory dumps never show up. normal player "
             "crashes arrive fine")
    b.say("Let me reproduce it first.")
    b.run("Bash", {"command": "docker compose logs --tail 80 api"},
          "info: received report 3a91d2 (2.4 MB)\nwrite /tmp/dumps/3a91d2.dmp: no space left on "
          "device\ninfo: stackwalk 3a91d2 failed")
    b.say(said)
    (gotcha,) = proposed(b)["gotcha"]
    assert gotcha["text"].startswith(said)


def test_a_command_pasted_with_the_terminals_whole_prompt_is_a_failure_to_recover(tmp_path):
    b = session(tmp_path)
    b.prompt("re-symbolicate crash 5f0e21c4 by hand, it does this??\n\n"
             "dev@wrackline-dev:~/src/wrackline$ minidump-stackwalk --symbols-path /mnt/symbols "
             "crashes/5f0e21c4/UEMinidump.dmp\nerror: /mnt/symbols: No such file or directory "
             "(os error 2)\ndev@wrackline-dev:~/src/wrackline$")
    b.say("The symbol share isn't mounted on this VM; the symbol server serves them over HTTP.")
    b.run("Bash", {"command": "minidump-stackwalk --symbols-url http://pw-symbols.local/ "
                              "crashes/5f0e21c4/UEMinidump.dmp | head -6"},
          "Operating system: Windows NT 10.0.22631\nCrash reason:  EXCEPTION_ACCESS_VIOLATION_READ")
    b.say("Symbolicated: an access violation in UTideSimComponent::TickComponent.")
    (fix,) = proposed(b)["recovery"]
    assert fix["text"].startswith("Use `minidump-stackwalk --symbols-url http://pw-symbols.local/ "
                                  "crashes/5f0e21c4/UEMinidump.dmp` here (`minidump-stackwalk "
                                  "--symbols-path /mnt/symbols")


def test_what_the_user_is_pretty_sure_of_is_a_guess_not_a_fact(tmp_path):
    b = session(tmp_path)
    b.prompt("pretty sure the crash reporter posts straight to the vm's ip on port 5000. yes?")
    b.say("Checking the config.")
    assert not proposed(b).get("environment")


def test_an_order_never_to_do_a_thing_is_a_rule_and_what_never_happened_is_not(tmp_path):
    b = session(tmp_path)
    b.prompt('review comment from Agnieszka, quote: "never pin a job to a box name like '
             "PW-BUILD07, they get reimaged and renamed every other week. pick by label, "
             '`win-ue5 && nvme` for anything that cooks or fills ddc"')
    b.say("Understood.")
    b.prompt("what does src/loans/DueDatePolicy.java do? never opened it")
    b.say("It computes a loan's due date.")
    (rule,) = proposed(b)["convention"]
    assert "never pin a job to a box name like PW-BUILD07" in rule["text"]


@pytest.mark.parametrize("report", [
    "the nightly export job to the warehouse bucket: never finishes when the orders table is "
    "over 2 million rows",
    "Never happens on my laptop with the docker compose stack, only on the staging cluster "
    "behind the ingress",
    "Never fires when the browser tab is hidden, the visibilitychange listener in "
    "src/sync/poller.ts just stops",
    "tried the cache thing: never works after the first reload of the dashboard page in safari",
    "never understood why the webhook handler in billing/stripe.py retries three times before "
    "giving up on the event",
])
def test_what_never_happens_or_was_never_understood_is_no_rule(tmp_path, report):
    # (what a thing never does is a problem reported, not an order: an order's verb is bare)
    b = session(tmp_path)
    b.prompt(report)
    b.say("Understood.")
    assert not proposed(b).get("convention")


def test_looking_for_never_after_a_colon_or_a_quote_takes_linear_time():
    # (the lead after each colon or quote ran to the end of a run of them: quadratic on a
    # pasted line of quotes or empty JSON strings)
    import time

    from rlat.capture.fact_rules import RULE

    started = time.perf_counter()
    assert RULE.search('"' * 20_000) is None and RULE.search('"":' * 7_000) is None
    assert time.perf_counter() - started < 0.5  # (was ~20 s)
    assert RULE.search('quote: "never pin a job to a box name')
    assert RULE.search("review said:  **never commit the generated protos")
