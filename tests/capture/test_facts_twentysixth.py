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
