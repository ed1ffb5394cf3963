"""Capture of the fifteenth pass (docs/capture.md): a rule said in two or three words, as a
sentence of its own after a request ("… use it in the SearchBar. no default exports.")."""

from __future__ import annotations

import pytest
from capture_helpers import facts_of, session

from rlat.capture.pipeline import capture_transcript


def captured(b) -> dict[str, list[str]]:
    report = capture_transcript(b.write(b.path), dry_run=True)
    return {kind: [f["text"] for f in found] for kind, found in facts_of(report).items()
            if kind != "event"}


def edit(b, path):
    b.run("Edit", {"file_path": path, "old_string": "a", "new_string": "b"},
          "The file has been updated.")


@pytest.mark.parametrize("rule", ["no default exports.", "no default exports please.",
                                  "No barrel files.", "no console.log!"])
def test_a_rule_in_two_or_three_words_after_a_request_is_a_convention(tmp_path, rule):
    b = session(tmp_path)
    b.prompt(f"add a useDebounce hook under src/hooks and use it in the SearchBar. {rule} "
             "named only.")
    edit(b, "src/hooks/useDebounce.ts")
    b.say("Added `src/hooks/useDebounce.ts` and wired it into `SearchBar`.")
    assert any(rule.rstrip(".!").lower() in c.lower()
               for c in captured(b).get("convention", []))


@pytest.mark.parametrize("said", ["no worries.", "no rush", "no tests yet.", "no errors.",
                                  "no logs.", "No, the other one.", "no more than 3 retries.",
                                  "No - not that."])
def test_chat_results_and_lacks_in_three_words_are_no_rules(tmp_path, said):
    b = session(tmp_path)
    b.prompt(f"add a useDebounce hook under src/hooks and use it in the SearchBar. {said}")
    edit(b, "src/hooks/useDebounce.ts")
    b.say("Added `src/hooks/useDebounce.ts` and wired it into `SearchBar`.")
    assert not captured(b).get("convention")
