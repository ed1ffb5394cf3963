"""Capture of the seventeenth pass (docs/capture.md, "Seventeenth pass"): pull-request work — a
reviewer's rule passed on, a closed pull request's review, the reason written into a pull
request the assistant opens — and three false findings it showed: "never mind" kept as a rule,
closing a pull request kept as the way to do what failed, and a build that looks at its output
afterwards not kept as a recovery."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, proposed_texts, session, stored_events_text


@pytest.mark.parametrize("relay", [
    "Morag won't approve #142 until this is fixed:",
    "Aoife won't merge the PR until it's done like this:",
])
def test_a_reviewers_rule_passed_on_is_a_convention(tmp_path, store, relay):
    b = session(tmp_path)
    b.prompt(f"{relay} station payloads get decoded into a struct that includes "
             "JSON::Serializable — we don't walk JSON::Any with as_h chains (ADR-0004)")
    b.say("On it.")
    (rule,) = proposed(b, store)["convention"]
    assert rule["text"].startswith("Station payloads get decoded") and "ADR-0004" in rule["text"]


def test_never_mind_is_no_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("can we cache the results page?")
    b.say("Checking closed PRs first.")
    b.prompt("ugh, ok. never mind then")
    b.say("Noted.")
    assert "convention" not in proposed(b)


PR_VIEW = """Build with -Dpreview_mt for parallel polling #111
Closed • priya-n wants to merge 1 commits into main from parallel-poll • about 9 months ago

morag-k (Member) • about 9 months ago • Changes requested
Please revert the -Dpreview_mt flag. We've been here: the PG pool isn't thread-safe and the summary cache has no locks.

"""


def test_a_closed_pull_requests_review_is_the_approach_turned_down(tmp_path, store):
    b = session(tmp_path)
    b.prompt("summaries on the gateways are slow — can the poller use all four cores?")
    b.run("Bash", {"command": "gh pr view 111 --comments"}, PR_VIEW)
    b.say("It was tried in #111 and closed — Morag's review explains why, so I won't suggest "
          "it again.")
    found = proposed(b, store)
    (tried,) = found["falsified"]
    assert tried["text"].startswith("Build with -Dpreview_mt for parallel polling (#111) was "
                                    "closed unmerged: Please revert the -Dpreview_mt flag.")
    # (the assistant's pointer at it says nothing the record does not)
    assert not any("Morag's review explains why" in t for t in proposed_texts(found))


@pytest.mark.parametrize("output", [
    PR_VIEW.replace("Closed •", "Merged •"),  # (it went in)
    PR_VIEW.replace("Changes requested", "Approved"),  # (nobody turned it down)
])
def test_a_pull_request_merged_or_approved_is_no_approach_turned_down(tmp_path, output):
    b = session(tmp_path)
    b.prompt("was parallel polling tried?")
    b.run("Bash", {"command": "gh pr view 111 --comments"}, output)
    b.say("Here is #111.")
    assert "falsified" not in proposed(b)


def test_the_reason_written_into_a_pull_request_is_the_assistants_finding(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the bridge batch gets a 400 from the API, the punches never land - fix it and "
             "open a PR")
    b.run("Edit", {"file_path": "Sources/App/configure.swift", "old_string": "a",
                   "new_string": "b"}, "The file has been updated.")
    b.run("Bash", {"command": "gh pr create --title \"Decode dates as ISO 8601\" --body-file - "
                              "<<'EOF'\n## What\nThe bridge batch is accepted now.\n\n## Why\n"
                              "Vapor's default JSON coders use the .deferredToDate strategy, so "
                              "the ISO 8601 timestamps the bridge sends fail to decode before "
                              "the handler runs.\nEOF"},
          "https://github.com/club/kestrelholm/pull/231")
    b.say("Opened #231.")
    assert any(".deferredToDate" in t for t in proposed_texts(proposed(b, store)))


@pytest.mark.parametrize("told", [
    "gh pr close 108 --comment \"Closing: dylibs break the web build\"",
    # (a reply to a review comment posted through the API: as much a message)
    "gh api repos/club/tarn/pulls/108/comments/17212/replies -F body=@- <<'EOF'\nDylibs break "
    "the web build: not found in wasm32.\nEOF",
])
def test_closing_a_pull_request_is_no_recovery_of_what_failed(tmp_path, told):
    b = session(tmp_path)
    b.prompt("put bevy's dynamic_linking feature in the default features")
    b.run("Bash", {"command": "git push && gh run watch --exit-status"},
          "Exit code 1\nX web / build: error: cannot find `bevy_dylib`: not found for wasm32",
          is_error=True)
    b.run("Bash", {"command": told}, "✓ Done")
    b.say("Closed.")
    assert "recovery" not in proposed(b)


def test_a_build_that_looks_at_its_output_afterwards_recovers_the_one_that_failed(tmp_path, store):
    b = session(tmp_path)
    b.prompt("make a web build? I want to try the new level in the browser")
    b.run("Bash", {"command": "cargo run --release --target wasm32-unknown-unknown"},
          "Exit code 101\nerror: could not execute process `target/wasm32-unknown-unknown/"
          "release/tarnwhistle.wasm` (never executed)\n\nCaused by:\n  Permission denied "
          "(os error 13)", is_error=True)
    b.run("Bash", {"command": "trunk build --release --public-url ./ && ls -lh dist/"},
          " INFO ✅ success\ntotal 13M")
    b.say("dist/ has the web build.")
    (fix,) = proposed(b, store)["recovery"]
    assert fix["text"].startswith("Use `trunk build --release --public-url ./ && ls -lh dist/` "
                                  "here (`cargo run --release --target wasm32-unknown-unknown` "
                                  "fails")


def test_a_chain_that_looks_before_its_last_step_is_still_a_look(tmp_path):
    b = session(tmp_path)
    b.prompt("the plugin doesn't build on my machine")
    b.run("Bash", {"command": "cmake -B build && cmake --build build"},
          "Exit code 1\nCMake Error: add_subdirectory given source \"JUCE\" which is not an "
          "existing directory.", is_error=True)
    b.run("Bash", {"command": "git submodule status && jq -r '.configurePresets[].name' "
                              "CMakePresets.json"}, "-3f2a9c1 JUCE\nninja-release")
    b.say("The JUCE submodule isn't checked out.")
    assert "recovery" not in proposed(b)


def test_a_failure_copied_from_the_terminal_is_recovered_by_the_command_that_works(tmp_path,
                                                                                    store):
    b = session(tmp_path)
    b.prompt("check the config on gw-2 actually parses\n\nthis is what I get:\n\n```\n"
             "$ ssh gw-2.fra.internal 'sudo openresty -t -c conf/nginx.conf'\n"
             "nginx: [emerg] open() \"/usr/local/openresty/nginx/conf/conf/nginx.conf\" failed "
             "(2: No such file or directory)\n```")
    b.run("Bash", {"command": "ssh gw-2.fra.internal 'sudo openresty -p /opt/sorrelgate/ -c "
                              "conf/nginx.conf -t'"},
          "nginx: the configuration file /opt/sorrelgate/conf/nginx.conf syntax is ok")
    b.say("It parses; a relative -c is resolved against the prefix.")
    (fix,) = proposed(b, store)["recovery"]
    assert fix["text"].startswith("Use `ssh gw-2.fra.internal 'sudo openresty -p /opt/sorrelgate/"
                                  " -c conf/nginx.conf -t'` here (`ssh gw-2.fra.internal 'sudo "
                                  "openresty -t -c conf/nginx.conf'` fails")


def test_errors_a_look_shows_are_no_failure_and_two_jobs_on_one_host_are_two_jobs(tmp_path):
    b = session(tmp_path)
    b.prompt("booking-api moved behind the new LB, gateways still 502:\n\n```\n"
             "$ kubectl logs deploy/gateway -n edge --tail 2\n"
             "[error] connect() failed (113: No route to host) while connecting to upstream\n```")
    b.run("Bash", {"command": "kubectl top pods -n edge"},
          "NAME            CPU(cores)   MEMORY(bytes)\ngateway-7d9f    31m          120Mi")
    b.say("Not resource pressure.")
    assert "recovery" not in proposed(b)


def test_a_command_run_over_ssh_does_the_job_of_the_command_it_runs():
    from rlat.capture.commands import command_words, program

    assert program("ssh gw-2.fra 'sudo openresty -t'") == "openresty"
    assert program("ssh -p 2222 deploy@host \"systemctl restart app\"") == "systemctl"
    assert program("ssh host") == "ssh"
    assert "tail" in command_words("ssh gw-1 'tail -n 3 /var/log/app/error.log'")


def test_a_house_rule_labelling_a_list_item_keeps_the_whole_item(tmp_path, store):
    b = session(tmp_path)
    b.prompt("handover note for INC-548 please, Priya is next on call")
    b.say("**Handover — INC-548** (for Priya)\n\n- **Where it stands:** both gateways reloaded "
          "in place.\n- **House rule:** We never restart openresty on the gateways. it's "
          "systemctl reload openresty, always — a restart kills every telematics websocket.\n\n"
          "Ready to paste into the channel.")
    rules = [f["text"] for f in proposed(b, store)["convention"]]
    assert any(r.startswith("We never restart openresty on the gateways. it's systemctl reload "
                            "openresty, always") for r in rules), rules


def test_a_secret_in_a_closed_pull_requests_review_is_never_kept(tmp_path, store):
    token = "ghp_" + "R3vi3wR3vi3wR3vi3wR3vi3wR3vi3wR3vi3w"
    b = session(tmp_path)
    b.prompt("summaries on the gateways are slow — can the poller use all four cores?")
    b.run("Bash", {"command": "gh pr view 111 --comments"},
          PR_VIEW.replace("the summary cache has no locks.",
                          f"the summary cache has no locks. (I tested with {token}.)"))
    b.say("It was tried in #111 and closed.")
    # (the review that carried it is dropped, as a sentence that carried one is: nothing of it
    # is stored, not even as a citation's excerpt)
    assert not any(token in t for t in proposed_texts(proposed(b, store)))
    assert token not in stored_events_text()
