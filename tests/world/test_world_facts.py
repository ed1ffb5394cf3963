"""World facts: capture, keyed supersession, serving framings, review, purge, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.cli import run_rlat
from support.hookrun import start

from rlat import world
from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.claims.policy import POLICIES
from rlat.render.fences import strip_fenced
from rlat.render.framings import world_fact_block
from rlat.workspace import workspace_id

CONSTRAINT_FRAMING = "Standing constraints for this environment:"
FALSIFIED_FRAMING = "Tried and falsified in this environment:"


@pytest.fixture
def ws(tmp_path) -> Path:
    """A plain (non-git) workspace directory."""
    d = tmp_path / "project"
    d.mkdir()
    return d


def _capture(ws: Path, *args: str, input: str | None = None):
    return run_rlat("capture-attribute", *args, cwd=ws, input=input)


def served_block(ws: Path) -> str:
    """The world-fact block that serves in ``ws`` (`rlat world-facts --format context`)."""
    return _ok(run_rlat("world-facts", "--format", "context", cwd=ws)).stdout


def _ok(proc):
    assert proc.returncode == 0, proc.stderr
    return proc


def test_policy_framings_are_the_measured_strings():
    # The seed's exact wording: anything else is an unmeasured framing.
    assert POLICIES["constraint"].framing == CONSTRAINT_FRAMING
    assert POLICIES["falsified"].framing == FALSIFIED_FRAMING
    assert POLICIES["attribute"].framing is None


def test_capture_goes_to_the_workspace_default_km_and_serves_at_session_start(ws):
    out = _ok(_capture(ws, "The tenant is EU-only for data residency.", "--kind", "constraint",
                       "--format", "json"))
    data = json.loads(out.stdout)
    km = world.default_km_path(workspace_id(str(ws)))
    assert data["default_km"] is True and Path(data["km"]) == km and km.exists()
    _ok(_capture(ws, "Tried MS MARCO fine-tuning; regressed 4 of 5 corpora.", "--kind", "falsified"))

    claim = ClaimLog(km).state().claims[data["id"]]
    assert (claim.source, claim.type, claim.origin) == ("world", "constraint", "user")
    assert claim.evidence and claim.evidence[0]["kind"] == "command"

    listed = _ok(run_rlat("world-facts", cwd=ws))
    assert data["id"] in listed.stdout and listed.stderr == ""  # no KM skipped
    block = served_block(ws)
    assert CONSTRAINT_FRAMING in block and FALSIFIED_FRAMING in block
    assert "The tenant is EU-only for data residency." in block
    assert "Tried MS MARCO fine-tuning; regressed 4 of 5 corpora." in block
    # fenced: capture strips it, so rlat never re-learns what it injected
    assert strip_fenced(block).strip() == ""
    # what SessionStart injects first, when it fits the budget
    assert start(ws).context.startswith(block.strip())


def test_a_new_explicit_km_is_created_and_a_mistyped_path_is_refused(ws, tmp_path):
    new = tmp_path / "km.rlat"
    proc = _ok(_capture(ws, str(new), "Deploys need a change ticket.", "--kind", "constraint"))
    assert proc.stdout.startswith(f"Created {new}: a knowledge model holding world facts")
    assert new.resolve() in world.world_km_paths(workspace_id(str(ws)))
    # (a missing directory is the file system's refusal, status 5, as for `rlat build -o`)
    for wrong, status in ((tmp_path / "nope" / "km.rlat", 5), (tmp_path / "notes.txt", 1)):
        proc = _capture(ws, str(wrong), "A rule.", "--kind", "constraint")
        assert proc.returncode == status and proc.stderr.count("\n") == 1 and not wrong.exists()
    # `rlat build` later adds passages to it, keeping the fact
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("Staging SSH listens on port 2222 for deploys.\n")
    _ok(run_rlat("build", str(tmp_path / "docs"), "-o", str(new)))
    assert "change ticket" in _ok(run_rlat("world-facts", cwd=ws)).stdout


def test_explicit_km_is_linked_to_the_workspace(ws, tmp_path):

    km = tmp_path / "team.rlat"
    ClaimLog(km).append([ev.proposed("seed", "insight", citations=[ev.command_citation("x")])])
    _ok(_capture(ws, str(km), "Staging SSH listens on 2222.", "--kind", "constraint"))
    paths = world.world_km_paths(workspace_id(str(ws)))
    assert km.resolve() in paths
    assert "Staging SSH listens on 2222." in served_block(ws)


def test_text_from_stdin(ws):
    _ok(_capture(ws, "-", "--kind", "constraint", input="Never force-push to main.\n"))
    assert "Never force-push to main." in served_block(ws)


def test_newer_keyed_value_replaces_older_at_serve_time_and_both_stay_in_profile(ws):
    _ok(_capture(ws, "The workspace runs an F64 capacity.", "--kind", "attribute",
                 "--attribute-key", "workspace capacity"))
    out = _ok(_capture(ws, "The workspace runs an F128 capacity.", "--kind", "attribute",
                       "--attribute-key", "Workspace Capacity", "--format", "json"))
    newer = json.loads(out.stdout)
    assert len(newer["superseded"]) == 1
    older_id = newer["superseded"][0]

    served = json.loads(_ok(run_rlat("world-facts", "--format", "json", cwd=ws)).stdout)
    assert [a["text"] for a in served["attributes"]] == ["The workspace runs an F128 capacity."]

    km = world.default_km_path(workspace_id(str(ws)))
    state = ClaimLog(km).state()
    assert state.claims[older_id].superseded_by == newer["id"]  # history kept on disk
    assert world.superseded_attribute_ids(state) == {older_id}
    profile = world.world_profile(state)
    (row,) = profile["attribute"]
    assert row["id"] == newer["id"] and row["serving"]
    assert [h["id"] for h in row["history"]] == [newer["id"], older_id]
    assert [h["serving"] for h in row["history"]] == [True, False]

    # stating the old value again makes it current again (and supersedes the other)
    _ok(_capture(ws, "The workspace runs an F64 capacity.", "--kind", "attribute",
                 "--attribute-key", "workspace capacity"))
    state = ClaimLog(km).state()
    assert [c.id for c in world.current_attributes(state)] == [older_id]
    assert state.claims[newer["id"]].superseded_by == older_id


def test_an_attribute_without_a_key_says_nothing_will_replace_it(ws):
    """An unkeyed attribute is a standing fact: kept (docs/lenses.md), but the person who
    typed it learns that a later value will not supersede it, while they can still add a key."""
    out = _ok(_capture(ws, "The cluster runs 12 nodes.", "--kind", "attribute")).stdout
    assert "no --attribute-key, so no later value replaces it" in out
    keyed = _ok(_capture(ws, "The cluster runs 14 nodes.", "--kind", "attribute",
                         "--attribute-key", "cluster size")).stdout
    assert "no --attribute-key" not in keyed


def test_workspace_attributes_are_the_current_values_across_its_kms(ws, tmp_path):
    wid = workspace_id(str(ws))
    _ok(_capture(ws, "Python is 3.11.", "--kind", "attribute", "--attribute-key", "python"))
    _ok(_capture(ws, "Python is 3.12.", "--kind", "attribute", "--attribute-key", "python"))
    km = tmp_path / "team.rlat"
    ClaimLog(km).append([ev.proposed("seed", "insight", citations=[ev.command_citation("x")])])
    _ok(_capture(ws, str(km), "The CI has two cores.", "--kind", "attribute"))
    _claims, attrs, _km_of, problems = world.km_world_facts(world.world_km_paths(wid))
    assert problems == []
    assert sorted(c.text for c in attrs) == ["Python is 3.12.", "The CI has two cores."]


def test_different_keys_do_not_supersede_each_other(tmp_path):
    km = tmp_path / "w.rlat"
    world.capture_world_fact(km, "Python is 3.11.", "attribute", attribute_key="python version")
    world.capture_world_fact(km, "Postgres is 16.", "attribute", attribute_key="postgres version")
    world.capture_world_fact(km, "The CI runs on two cores.", "attribute")
    state = ClaimLog(km).state()
    assert len(world.current_attributes(state)) == 3
    assert world.superseded_attribute_ids(state) == set()


def test_a_back_dated_value_is_history_not_the_current_value(tmp_path):
    # The miner may land a value stated in an older session after a newer one was captured.
    km = tmp_path / "w.rlat"
    new = world.capture_world_fact(km, "Node is 22.", "attribute", attribute_key="node", ts=2000.0)
    old = world.capture_world_fact(km, "Node is 18.", "attribute", attribute_key="node", ts=1000.0)
    assert old.superseded_by == new.claim_id and old.superseded == []
    state = ClaimLog(km).state()
    assert [c.id for c in world.current_attributes(state)] == [new.claim_id]
    assert state.claims[old.claim_id].superseded_by == new.claim_id


def test_a_purged_fact_cannot_be_stored_again_silently(tmp_path, ws):
    km = tmp_path / "w.rlat"
    res = world.capture_world_fact(km, "Secret rule.", "constraint")
    _ok(run_rlat("compact", str(km), "--purge", res.claim_id))
    proc = _capture(ws, str(km), "Secret rule.", "--kind", "constraint")
    assert proc.returncode != 0 and "purged" in proc.stderr and "Traceback" not in proc.stderr
    assert "word it differently" in proc.stderr  # what to do about it
    traced = _ok(run_rlat("trace", str(km), res.claim_id)).stdout
    assert "(text purged)" in traced and "None" not in traced and "Secret rule" not in traced
    assert "history:" in traced and "text purged" in traced.split("history:")[1]


def test_retiring_keeps_a_history_trace_shows_and_compact_says_why_a_file_grew(tmp_path):
    km = tmp_path / "w.rlat"
    res = world.capture_world_fact(km, "The tenant is EU-only.", "constraint")
    world.capture_world_fact(km, "Tried MS MARCO fine-tuning; it regressed.", "falsified")
    _ok(run_rlat("profile", str(km), "--delete", res.claim_id))
    traced = _ok(run_rlat("trace", str(km), res.claim_id)).stdout
    history = traced.split("history:")[1]
    assert "proposed" in history and "state -> retired" in history
    before = km.stat().st_size
    compacted = _ok(run_rlat("compact", str(km))).stdout
    # a small file: the snapshot outweighs what was dropped, and the output says so
    assert km.stat().st_size > before and "larger: a fresh snapshot" in compacted, compacted
    assert ClaimLog(km).state().claims[res.claim_id].state == "retired"


def test_framings_verbatim_and_in_full_however_long_and_never_falsified_without_verdict(tmp_path):
    km = tmp_path / "w.rlat"
    long_rule = "Every deploy needs two approvals. " + " ".join(f"clause-{i}" for i in range(180))
    assert 1500 < len(long_rule) <= world.MAX_FACT_CHARS
    world.capture_world_fact(km, long_rule, "constraint", criticality="severe")
    many = [f"Rule number {i} always holds." for i in range(60)]
    for rule in many:
        world.capture_world_fact(km, rule, "constraint")
    world.capture_world_fact(km, "Tried sharding by tenant; hot partitions returned.", "falsified")
    world.capture_world_fact(km, "The cluster has 3 nodes.", "attribute")
    state = ClaimLog(km).state()
    block = world_fact_block(world.framed_facts(state))
    assert long_rule in block  # not truncated, whatever its length
    assert all(rule in block for rule in many)  # and never a "top few": every one of them
    assert block.index(long_rule) < block.index(many[0])  # severe first
    lines = block.splitlines()
    assert CONSTRAINT_FRAMING in lines and FALSIFIED_FRAMING in lines
    falsified_line = next(i for i, line in enumerate(lines) if "hot partitions" in line)
    heading = max(i for i, line in enumerate(lines[:falsified_line]) if line.endswith(":"))
    assert lines[heading] == FALSIFIED_FRAMING
    assert "The cluster has 3 nodes." not in block  # attributes serve by relevance, not here
    assert "[criticality: severe]" in block


def test_retired_and_purged_facts_are_not_served(tmp_path):
    km = tmp_path / "w.rlat"
    keep = world.capture_world_fact(km, "Keep this rule.", "constraint")
    gone = world.capture_world_fact(km, "Drop this rule.", "constraint")
    ClaimLog(km).append([ev.state_changed(gone.claim_id, "retired", "user", actor="user")])
    block = world_fact_block(world.framed_facts(ClaimLog(km).state()))
    assert "Keep this rule." in block and "Drop this rule." not in block
    assert keep.claim_id != gone.claim_id
    # stated again after being retired: it serves again
    world.capture_world_fact(km, "Drop this rule.", "constraint")
    assert "Drop this rule." in world_fact_block(world.framed_facts(ClaimLog(km).state()))


def test_same_fact_twice_is_one_claim_with_more_evidence(tmp_path):
    km = tmp_path / "w.rlat"
    a = world.capture_world_fact(km, "Releases ship on Tuesdays.", "constraint", command="one")
    b = world.capture_world_fact(km, "releases ship on tuesdays", "constraint", command="two")
    assert a.claim_id == b.claim_id and a.new and not b.new
    claim = ClaimLog(km).state().claims[a.claim_id]
    assert claim.recurrence == 2 and claim.evidence_count == 2


@pytest.mark.parametrize("args,needle", [
    (["A fact.", "--kind", "opinion"], "invalid choice: 'opinion'"),
    (["   ", "--kind", "constraint"], "empty"),
    (["A fact.", "--kind", "constraint", "--attribute-key", "k"], "--attribute-key"),
    (["A fact.", "--kind", "constraint", "--criticality", "apocalyptic"], "criticality"),
])
def test_bad_input_is_one_clear_line_and_writes_nothing(ws, rlat_home, args, needle):
    proc = _capture(ws, *args)
    assert proc.returncode != 0
    assert needle in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert not (rlat_home / "workspaces").exists() or not any((rlat_home / "workspaces").iterdir())


def test_bad_input_into_an_existing_km_leaves_its_bytes_untouched(ws, tmp_path):
    km = tmp_path / "w.rlat"
    world.capture_world_fact(km, "An existing rule.", "constraint")
    before = km.read_bytes()
    for args in (["--kind", "nonsense"], ["--kind", "attribute", "--criticality", "x"]):
        proc = _capture(ws, str(km), "text", *args)
        assert proc.returncode != 0
    proc = _capture(ws, str(km), "", "--kind", "constraint")
    assert proc.returncode != 0
    assert km.read_bytes() == before


def test_corrupt_km_is_a_clear_error_and_is_not_written(ws, tmp_path):
    km = tmp_path / "broken.rlat"
    km.write_bytes(b"this is not a knowledge model at all")
    before = km.read_bytes()
    proc = _capture(ws, str(km), "A rule.", "--kind", "constraint")
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert str(km) in proc.stderr
    assert km.read_bytes() == before


def test_purge_removes_the_fact_text_from_the_file_entirely(ws):
    secret = "The vault unseal quorum is 3 of 5 officers named Zyx."
    out = _ok(_capture(ws, secret, "--kind", "constraint", "--format", "json"))
    cid = json.loads(out.stdout)["id"]
    _ok(_capture(ws, secret, "--kind", "constraint"))  # stated twice: two events carry evidence
    km = world.default_km_path(workspace_id(str(ws)))
    assert b"Zyx" in _every_record_decoded(km)  # the check below can see the text

    _ok(run_rlat("compact", str(km), "--purge", cid, cwd=ws))
    assert b"Zyx" not in _every_record_decoded(km)  # events, snapshot, every record
    assert b"Zyx" not in km.read_bytes()
    state = ClaimLog(km).state()
    assert state.claims[cid].purged and not world.framed_facts(state)


def _every_record_decoded(path: Path) -> bytes:
    """Every record's payload, decompressed, concatenated (msgpack strings are raw UTF-8)."""
    import zstandard

    from rlat.container import Container

    container = Container(path)
    data = path.read_bytes()
    out = b""
    for ref in container.scan().refs:
        payload = data[ref.offset + 12 : ref.offset + 12 + ref.length]
        out += zstandard.ZstdDecompressor().decompress(payload)
    return out


def test_concurrent_captures_for_one_key_leave_exactly_one_current_value(tmp_path):
    km = tmp_path / "w.rlat"
    code = (
        "import sys; from rlat import world\n"
        "world.capture_world_fact(sys.argv[1], f'The region is r{sys.argv[2]}.', 'attribute',"
        " attribute_key='region')\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", code, str(km), str(i)]) for i in range(6)]
    assert all(p.wait(timeout=60) == 0 for p in procs)
    state = ClaimLog(km).state()
    assert len(state.claims) == 6
    current = world.current_attributes(state)
    assert len(current) == 1
    # every other value was superseded by an event (not merely hidden at serve time)
    assert sum(1 for c in state.claims.values() if c.superseded_by) == 5


def test_hook_path_module_imports_no_heavy_libraries():
    code = ("import sys, rlat.world, rlat.render.framings\n"
            "bad = [m for m in ('typer', 'rich', 'numpy', 'anthropic') if m in sys.modules]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_world_kms_keep_a_recent_snapshot_and_it_folds_to_the_same_facts(tmp_path):
    from rlat.claims import fold
    from rlat.container import SNAPSHOT, Container

    km = tmp_path / "w.rlat"
    for i in range(world.CHECKPOINT_EVERY + 5):
        world.capture_world_fact(km, f"Rule {i} holds.", "constraint")
    assert any(ref.rtype == SNAPSHOT for ref in Container(km).scan().refs)
    log = ClaimLog(km)
    from_snapshot = log.state()
    assert log.records_since_snapshot < world.CHECKPOINT_EVERY
    replayed = fold(list(log.events()))
    assert {c.id: c.to_row() for c in from_snapshot.claims.values()} == {
        c.id: c.to_row() for c in replayed.claims.values()}
