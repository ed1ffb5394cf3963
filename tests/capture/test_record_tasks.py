"""A session record says what its session was asked in lines recall reads back
(``rlat.claims.model.record_tasks``): the writer and the reader agree."""

from __future__ import annotations

from capture_helpers import session

from rlat.capture.pipeline import capture_transcript
from rlat.claims.model import record_tasks


def test_the_tasks_a_session_record_holds_are_its_prompts(tmp_path):
    b = session(tmp_path)
    b.prompt("store the report photos in Room as BLOBs instead of loose files")
    b.run("Edit", {"file_path": "app/Report.kt", "old_string": "a", "new_string": "b"}, "ok")
    b.say("Done.")
    b.prompt("add a row of filter chips above the report list")
    b.run("Edit", {"file_path": "app/ReportList.kt", "old_string": "a", "new_string": "b"}, "ok")
    b.say("Added.")
    b.prompt("now bump the version name to 2.4 in the gradle file")
    b.run("Edit", {"file_path": "app/build.gradle.kts", "old_string": "2.3", "new_string": "2.4"},
          "ok")
    b.say("Bumped.")
    report = capture_transcript(b.write(b.path), dry_run=True)
    record = next(c for c in report.claims if c["type"] == "event")
    assert record_tasks(record["text"]) == [
        "store the report photos in Room as BLOBs instead of loose files",
        "add a row of filter chips above the report list",
        "now bump the version name to 2.4 in the gradle file"], record["text"]
