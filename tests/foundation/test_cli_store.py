"""`rlat memory …`, `rlat compact`, `rlat doctor` as a user runs them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from support.cli import REPO, run_rlat

from rlat.claims import ClaimLog
from rlat.container.file import make_header


def test_help_and_python_dash_m_work():
    out = run_rlat("--help")
    assert out.returncode == 0 and "memory" in out.stdout and "compact" in out.stdout


def test_add_list_show_forget_round_trip(tmp_path, rlat_home):
    added = run_rlat("memory", "add", "This repo uses just, not make.", "--format", "json", cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    cid = json.loads(added.stdout)["id"]
    again = run_rlat("memory", "add", "this repo uses JUST, not make", cwd=tmp_path)
    assert "recurrence" in again.stdout

    listing = json.loads(run_rlat("memory", "list", "--format", "json").stdout)
    assert listing["count"] == 1
    claim = listing["claims"][0]
    assert claim["id"] == cid and claim["recurrence"] == 2 and claim["origin"] == "user"

    shown = run_rlat("memory", "show", cid[:8])
    assert shown.returncode == 0 and "uses just" in shown.stdout

    forgot = run_rlat("memory", "forget", cid[:8])
    assert forgot.returncode == 0
    assert json.loads(run_rlat("memory", "list", "--format", "json").stdout)["count"] == 0
    everything = json.loads(run_rlat("memory", "list", "--all", "--format", "json").stdout)
    assert everything["claims"][0]["state"] == "retired"  # history kept


def test_unknown_id_and_bad_flags_are_one_line_errors(tmp_path):
    out = run_rlat("memory", "show", "deadbeef")
    assert out.returncode != 0 and out.stderr.strip().count("\n") == 0 and "no claim" in out.stderr
    out = run_rlat("memory", "add", "x", "--type", "opinion")  # a bad option value: usage
    assert out.returncode == 2 and "invalid choice: 'opinion'" in out.stderr \
        and out.stderr.strip().count("\n") == 0
    out = run_rlat("memory", "add", "   ")
    assert out.returncode != 0 and "empty" in out.stderr


def test_a_recall_query_of_stop_words_alone_is_refused_as_search_refuses_it(tmp_path,
                                                                           rlat_home):
    """`rlat memory recall "the of and"` printed "No claim matches that query" (the engine has
    no term to rank by, so it never could): the same one-line error as `rlat search`."""
    assert run_rlat("memory", "add", "The tests run with make check.", cwd=tmp_path
                    ).returncode == 0
    for args in ((), ("--format", "json"), ("--explain",)):
        out = run_rlat("memory", "recall", "the of and", *args, cwd=tmp_path)
        assert out.returncode == 1 and out.stdout == "", out.stdout
        assert out.stderr.strip().splitlines() == [
            "rlat: error: the query 'the of and' has no word to recall by (only stop words or "
            "punctuation); say what you want to recall"]
    assert run_rlat("memory", "recall", "make check", cwd=tmp_path).returncode == 0


def test_adding_a_forgotten_claim_again_brings_it_back_and_a_purged_one_is_refused(
        tmp_path, rlat_home):
    """`rlat memory add` of a claim you had forgotten said "Recorded again" and left it
    retired (never listed, never recalled); of a purged one, it recorded a recurrence on a claim
    with no text. As `rlat capture-attribute` does for a world fact: a retired claim stated
    again is back in play, and a purged one stays purged (word it differently)."""
    def add(text):
        return run_rlat("memory", "add", text, "--format", "json", cwd=tmp_path)

    def listed(*flags):
        out = run_rlat("memory", "list", "--format", "json", *flags, cwd=tmp_path)
        return {c["id"]: c for c in json.loads(out.stdout)["claims"]}

    cid = json.loads(add("Deploys go out on Tuesdays.").stdout)["id"]
    assert run_rlat("memory", "forget", cid, cwd=tmp_path).returncode == 0
    assert cid not in listed()
    again = add("Deploys go out on Tuesdays.")
    assert again.returncode == 0 and json.loads(again.stdout)["id"] == cid
    assert listed()[cid]["state"] == "candidate"
    text = run_rlat("memory", "add", "Deploys go out on Tuesdays.", cwd=tmp_path).stdout
    assert "Recorded again" in text

    gone = json.loads(add("The vault token lives in ops.env.").stdout)["id"]
    assert run_rlat("compact", "--purge", gone).returncode == 0
    refused = add("The vault token lives in ops.env.")
    assert refused.returncode == 1 and "purged" in refused.stderr, refused.stderr
    assert listed("--all")[gone]["text"] == ""
    assert listed("--all")[gone]["recurrence"] == 1


BAD_FILES = {
    "wrong-version": make_header(b"\x89RLAT\r\n\x1a", read_version=7),
    "random-bytes": os.urandom(300),
    "empty": b"",
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_store_files_give_clear_error_and_nothing_is_written(rlat_home, name):
    store = rlat_home / "memory.rlat"
    store.write_bytes(BAD_FILES[name])
    for args in (("memory", "list"), ("memory", "add", "a fact")):
        out = run_rlat(*args)
        assert out.returncode != 0
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and str(store) in lines[0] and "Traceback" not in out.stderr
    if name != "empty":
        assert store.read_bytes() == BAD_FILES[name]


def test_directory_instead_of_file(tmp_path):
    target = tmp_path / "km.rlat"
    target.mkdir()
    out = run_rlat("compact", str(target))
    assert out.returncode != 0 and "directory" in out.stderr
    out = run_rlat("doctor", str(target))
    assert out.returncode == 1 and "directory" in out.stderr and out.stdout == ""


def test_doctor_on_a_missing_file_is_one_line_and_fails(tmp_path):
    out = run_rlat("doctor", str(tmp_path / "missing.rlat"))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == f"rlat: error: {tmp_path / 'missing.rlat'}: no such file\n"
    default = run_rlat("doctor")  # your own store, not created yet: nothing to check
    assert default.returncode == 0 and "no file yet" in default.stdout


@pytest.mark.parametrize("repair", [True, False])
def test_doctor_on_a_device_or_a_pipe_refuses_at_once(tmp_path, repair):
    fifo = tmp_path / "store.rlat"
    os.mkfifo(fifo)
    for target in ("/dev/zero", str(fifo)):  # (it read /dev/zero until memory ran out)
        out = run_rlat("doctor", target, *([] if repair else ["--check-only"]), timeout=30)
        assert out.returncode == 1 and out.stdout == ""
        assert out.stderr == f"rlat: error: {target}: is not a regular file (a device, a pipe " \
                             f"or a socket), not an rlat file\n"


def test_compact_preserves_the_fold_exactly_and_shrinks(rlat_home, tmp_path):
    for i in range(30):
        assert run_rlat("memory", "add", f"fact number {i % 10}", cwd=tmp_path).returncode == 0
    store = rlat_home / "memory.rlat"
    before = ClaimLog(store).state()
    size = store.stat().st_size
    out = run_rlat("compact", str(store), "--format", "json")
    assert out.returncode == 0, out.stderr
    after = ClaimLog(store).state()
    assert {k: v.to_dict() for k, v in before.claims.items()} == {k: v.to_dict() for k, v in after.claims.items()}
    assert store.stat().st_size < size


def test_privacy_purge_removes_text_bytes_from_the_file(rlat_home, tmp_path):
    secret = "the on-call phone is 555-0199-SECRETISH"
    cid = json.loads(run_rlat("memory", "add", secret, "--format", "json").stdout)["id"]
    run_rlat("memory", "add", secret)  # stated twice: the recurrence carries it too
    run_rlat("memory", "add", "an unrelated fact")
    store = rlat_home / "memory.rlat"
    out = run_rlat("compact", str(store), "--purge", cid[:10])
    assert out.returncode == 0, out.stderr
    import zstandard

    raw = store.read_bytes()
    # Decompress every frame and check the text is gone everywhere.
    from rlat.container import Container

    bodies = [repr(b) for _r, b in Container(store).records()]
    assert not any("555-0199" in b for b in bodies)
    assert b"555-0199" not in raw
    assert zstandard  # frames were decoded above
    state = ClaimLog(store).state()
    assert state.claims[cid].purged and state.claims[cid].text == ""
    assert any(c.text == "an unrelated fact" for c in state.claims.values())


def test_a_purged_claim_leaves_the_listing_of_live_claims(rlat_home, tmp_path):
    """A purged claim is out of play (not live: docs/claims.md), yet `memory list` showed it
    as a live candidate with a blank text. It shows only with --all, marked purged."""
    run_rlat("memory", "add", "an unrelated fact", cwd=tmp_path)
    cid = json.loads(run_rlat("memory", "add", "the pager PIN is 4711", "--format", "json",
                              cwd=tmp_path).stdout)["id"]
    assert run_rlat("compact", "--purge", cid).returncode == 0
    for _reading in ("folded", "from the read model"):  # (the second list reads the view)
        for flags in ((), ("--state", "candidate"), ("--here",)):
            listed = json.loads(run_rlat("memory", "list", "--format", "json", *flags,
                                         cwd=tmp_path).stdout)
            assert [c["text"] for c in listed["claims"]] == ["an unrelated fact"], flags
        text = run_rlat("memory", "list", cwd=tmp_path).stdout
        assert cid[:12] not in text and "1 claim(s)" in text
        everything = run_rlat("memory", "list", "--all", cwd=tmp_path).stdout
        line = next(line for line in everything.splitlines() if line.startswith(cid[:12]))
        assert "purged" in line, everything


def test_doctor_repairs_a_torn_tail_and_salvages_around_corruption(rlat_home):
    for i in range(5):
        run_rlat("memory", "add", f"fact {i}")
    store = rlat_home / "memory.rlat"
    with open(store, "ab") as fh:
        fh.write(b"RLR\x01\x00\x10")
    out = run_rlat("doctor", str(store))
    assert out.returncode == 0 and "repaired" in out.stdout
    assert json.loads(run_rlat("memory", "list", "--format", "json").stdout)["count"] == 5

    from rlat.container import Container

    refs = Container(store).scan().refs
    data = bytearray(store.read_bytes())
    data[refs[2].offset + 15] ^= 0xFF
    store.write_bytes(bytes(data))
    assert run_rlat("memory", "list").returncode != 0  # corruption is reported, not hidden
    out = run_rlat("doctor", str(store))
    assert out.returncode == 0 and "salvaged" in out.stdout, out.stdout
    assert (rlat_home / "memory.rlat.bak").exists()
    assert json.loads(run_rlat("memory", "list", "--format", "json").stdout)["count"] == 4


def test_a_second_repair_keeps_the_first_repairs_backup(rlat_home):
    """The backup is the only copy of the record a repair dropped. Before: the next repair
    copied the file over ``memory.rlat.bak``, and the first original was gone."""
    from rlat.container import Container

    for i in range(5):
        run_rlat("memory", "add", f"fact {i}")
    store = rlat_home / "memory.rlat"
    originals = []
    for victim in (2, 0):
        ref = Container(store).scan().refs[victim]
        data = bytearray(store.read_bytes())
        data[ref.offset + 15] ^= 0xFF
        store.write_bytes(bytes(data))
        originals.append(bytes(data))
        out = run_rlat("doctor", str(store))
        assert out.returncode == 0 and "salvaged" in out.stdout, out.stdout + out.stderr
    first, second = rlat_home / "memory.rlat.bak", rlat_home / "memory.rlat.1.bak"
    assert f"original kept at {second}" in out.stdout, out.stdout
    assert [first.read_bytes(), second.read_bytes()] == originals


def test_doctor_salvages_a_store_whose_header_checksum_is_damaged(rlat_home):
    # The header's versions cannot be trusted then, so they must not stop the salvage.
    for i in range(3):
        run_rlat("memory", "add", f"fact {i}")
    store = rlat_home / "memory.rlat"
    data = bytearray(store.read_bytes())
    data[13] ^= 0xFF  # inside the header checksum
    store.write_bytes(bytes(data))
    assert run_rlat("memory", "list").returncode != 0
    out = run_rlat("doctor", str(store))
    assert out.returncode == 0 and "salvaged" in out.stdout, out.stdout + out.stderr
    assert json.loads(run_rlat("memory", "list", "--format", "json").stdout)["count"] == 3


def test_a_replaced_claim_leaves_the_listing_and_says_so_with_all(rlat_home, tmp_path):
    from rlat.claims import events as ev
    from rlat.paths import memory_store_path

    old = ev.proposed("Goal: format the code. Ran: make fmt (first half of the session)", "event",
                      citations=[ev.command_citation("a")])
    new = ev.proposed("Goal: format the code. Ran: make fmt, make check (the whole session)",
                      "event", citations=[ev.command_citation("b")])
    log = ClaimLog(memory_store_path())
    log.append([old, new, ev.superseded(old["claim"], new["claim"])])
    listed = run_rlat("memory", "list", cwd=tmp_path)
    assert new["claim"][:12] in listed.stdout and old["claim"][:12] not in listed.stdout
    everything = run_rlat("memory", "list", "--all", cwd=tmp_path)
    line = next(x for x in everything.stdout.splitlines() if x.startswith(old["claim"][:12]))
    assert "replaced" in line


def test_a_relative_rlat_home_is_one_store_under_the_home_directory_wherever_rlat_runs(
        tmp_path):
    home = tmp_path / "me"
    env = {"HOME": str(home), "RLAT_HOME": "relhome"}
    for project in ("a", "b"):
        (tmp_path / project).mkdir()
        out = run_rlat("memory", "add", f"a fact from project {project}",
                       cwd=tmp_path / project, env=env)
        assert out.returncode == 0, out.stderr
    assert not (tmp_path / "a" / "relhome").exists() and not (tmp_path / "b" / "relhome").exists()
    listed = run_rlat("memory", "list", "--format", "json", cwd=tmp_path, env=env)
    assert json.loads(listed.stdout)["count"] == 2
    assert (home / "relhome" / "memory.rlat").is_file()


def test_capturing_a_file_that_is_no_transcript_is_a_one_line_error(tmp_path):
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\nnot a transcript\n")
    other = tmp_path / "other.jsonl"
    other.write_text('{"a": 1}\n{"b": 2}\n')
    binary = tmp_path / "binary.jsonl"  # (no newline in it: one unfinished line)
    binary.write_bytes(bytes(range(256)).replace(b"\n", b"") * 8)
    lines = tmp_path / "lines.jsonl"
    lines.write_bytes(b"\x00\xff\xfe garbage\n\x89PNG\r\n\x1a\n" * 5 + b"\x00\x01")
    for path in (notes, other, binary, lines):
        out = run_rlat("capture", str(path))
        assert out.returncode == 1 and "is not a Claude Code transcript" in out.stderr, path
        assert len(out.stderr.strip().splitlines()) == 1


def test_a_byte_that_is_not_utf8_in_a_message_costs_one_character(rlat_home, tmp_path):
    """The stated rule and the secret beside it are captured (the secret redacted), not the
    whole message dropped for one undecodable byte."""
    token = "ghp_" + "FAKEfake0123456789abcdefFAKEfake0123"
    lines = [
        {"type": "user", "uuid": "u1", "sessionId": "s1", "cwd": str(tmp_path),
         "timestamp": "2026-03-01T08:00:00.000Z", "message": {"role": "user", "content":
         f"Always run the tests with make check in this repo. Deploy token {token} caf\u00e9"}},
        {"type": "assistant", "uuid": "a1", "sessionId": "s1", "cwd": str(tmp_path),
         "timestamp": "2026-03-01T08:00:01.000Z", "message": {
             "id": "m1", "role": "assistant", "content": [{"type": "text", "text": "Will do."}]}},
    ]
    transcript = tmp_path / "t.jsonl"
    # "café" cut inside its é: one byte that is not UTF-8
    transcript.write_bytes(b"".join(
        json.dumps(line, ensure_ascii=False).encode().replace("é".encode(), b"\xc3") + b"\n"
        for line in lines))
    out = run_rlat("capture", str(transcript), "--format", "json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    texts = " ".join(claim["text"] for claim in report["claims"])
    assert "make check" in texts and token not in texts and report["redactions"] >= 1
    stored = json.dumps(list(ClaimLog(rlat_home / "memory.rlat").events()))
    assert "make check" in stored and token not in stored


def test_forgetting_a_world_fact_says_where_it_lives_and_how_to_remove_it(tmp_path):
    out = run_rlat("capture-attribute", "Deploys need two approvals.", "--kind", "constraint",
                   "--format", "json", cwd=tmp_path)
    fact = json.loads(out.stdout)["id"]
    forgot = run_rlat("memory", "forget", fact[:12], cwd=tmp_path)
    assert forgot.returncode == 1 and "is a world fact in" in forgot.stderr
    assert f"--delete {fact[:12]}" in forgot.stderr


def test_claims_follow_the_project_when_its_first_commit_and_origin_change_its_id(tmp_path):
    import subprocess

    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-c", "user.email=a@b", "-c", "user.name=a", "-C", str(repo)]
    subprocess.run([*git, "init", "-q"], check=True)
    assert run_rlat("memory", "add", "Start the dev server with make dev on port 3001",
                    cwd=repo).returncode == 0
    for change in (["commit", "-q", "--allow-empty", "-m", "init"],
                   ["remote", "add", "origin", "https://github.com/acme/x"]):
        subprocess.run([*git, *change], check=True)
        out = run_rlat("memory", "recall", "how do I start the dev server", cwd=repo)
        assert out.returncode == 0 and "make dev" in out.stdout, (change, out.stdout)
    # a project next door learns nothing of it
    (tmp_path / "other").mkdir()
    assert "make dev" not in run_rlat("memory", "recall", "how do I start the dev server",
                                      cwd=tmp_path / "other").stdout


def test_a_clone_of_a_template_learns_nothing_of_the_template(tmp_path):
    import subprocess

    git = ["git", "-c", "user.email=a@b", "-c", "user.name=a"]
    template = tmp_path / "tpl"
    subprocess.run([*git, "init", "-q", str(template)], check=True)
    subprocess.run([*git, "-C", str(template), "commit", "-q", "--allow-empty", "-m", "root"],
                   check=True)
    assert run_rlat("memory", "add", "Deploy the template site with make publish-template",
                    cwd=template).returncode == 0
    subprocess.run([*git, "clone", "-q", str(template), str(tmp_path / "other")], check=True)
    subprocess.run([*git, "-C", str(tmp_path / "other"), "remote", "set-url", "origin",
                    "git@github.com:someone/other-project.git"], check=True)
    out = run_rlat("memory", "recall", "deploy publish template", cwd=tmp_path / "other")
    assert "publish-template" not in out.stdout



def test_events_of_the_wrong_shape_are_reported_and_dropped_by_doctor_not_fatal(
        tmp_path, rlat_home):
    """A copied or merged store holding events no rlat wrote (a string timestamp, a list for
    a claim id): every command used to stop with an internal error, doctor included."""
    run_rlat("memory", "add", "This repo uses just, not make.", cwd=tmp_path)
    store = rlat_home / "memory.rlat"
    ClaimLog(store).append([{"kind": "outcome", "id": "e1", "ts": "yesterday", "claims": []},
                            {"kind": "proposed", "id": "e2", "ts": 2.0, "claim": ["x"]}])
    listed = run_rlat("memory", "list", "--format", "json")
    assert listed.returncode == 0, listed.stderr
    assert [c["text"] for c in json.loads(listed.stdout)["claims"]] == \
        ["This repo uses just, not make."]
    assert run_rlat("memory", "recall", "just or make?", cwd=tmp_path).returncode == 0
    assert run_rlat("search", str(store), "make").returncode == 0

    checked = run_rlat("doctor", "--check-only")
    assert checked.returncode == 3
    assert "2 unreadable event(s)" in checked.stdout and "ts is not a number" in checked.stdout
    repaired = run_rlat("doctor")
    assert repaired.returncode == 0 and "dropped 2 unreadable event(s)" in repaired.stdout
    assert (rlat_home / "memory.rlat.bak").exists()
    assert run_rlat("doctor", "--check-only").returncode == 0
    again = json.loads(run_rlat("memory", "list", "--format", "json").stdout)
    assert [c["text"] for c in again["claims"]] == ["This repo uses just, not make."]


def _one_line(out) -> str:
    assert out.returncode == 1 and out.stdout == "", (out.returncode, out.stdout, out.stderr)
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rlat: error: "), out.stderr
    return lines[0]


def test_an_argument_naming_a_project_directory_must_be_one(rlat_home, tmp_path):
    """`rlat workspace FILE` printed a workspace id, and `capture --cwd FILE` stored claims
    under it: an id no session ever recalls."""
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a directory\n")
    transcript = str(tmp_path.parent / "no-such-transcript.jsonl")
    fixture = str(REPO / "tests" / "fixtures" / "transcripts" / "compact.jsonl")
    for path, problem in ((a_file, "not a directory"), (tmp_path / "gone", "no such directory")):
        assert problem in _one_line(run_rlat("workspace", str(path), cwd=tmp_path))
        for args in (("capture", fixture), ("capture", fixture, "--dry-run"),
                     ("mine", transcript, "--dry-run")):
            line = _one_line(run_rlat(*args, "--cwd", str(path), cwd=tmp_path))
            assert f"--cwd {path}: {problem}" in line, args
    assert not (rlat_home / "memory.rlat").exists()


def test_a_directory_option_given_a_file_says_it_is_not_a_directory(rlat_home, tmp_path):
    """Review 26: `install-hooks --project-dir .claude/settings.json` and `refresh KM
    --source-root README.md` said "no such directory" of a file that is right there."""
    a_file = tmp_path / "settings.json"
    a_file.write_text("{}\n")
    line = _one_line(run_rlat("memory", "install-hooks", "--project-dir", str(a_file),
                              cwd=tmp_path))
    assert f"--project-dir {a_file}: not a directory" in line
    src = tmp_path / "docs"
    src.mkdir()
    (src / "guide.md").write_text("# Guide\n\nRun the tests with make check.\n")
    km = tmp_path / "km.rlat"
    assert run_rlat("build", str(src), "-o", str(km), cwd=tmp_path).returncode == 0
    for args in (("refresh", str(km)), ("audit", str(km))):
        line = _one_line(run_rlat(*args, "--source-root", str(a_file), cwd=tmp_path))
        assert f"--source-root {a_file}: not a directory" in line, args
    assert a_file.read_text() == "{}\n"


def test_a_transcript_from_another_machine_is_captured_under_the_directory_it_records(
        rlat_home, tmp_path):
    """Only --cwd must be a directory here; a transcript's own directory is used as recorded
    (it is where the session ran)."""
    fixture = REPO / "tests" / "fixtures" / "transcripts" / "compact.jsonl"
    assert not Path("/home/user/project").exists()
    out = run_rlat("capture", str(fixture), "--format", "json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["workspace"] == "path:/home/user/project"


def test_forget_answers_in_json_with_what_it_retired(tmp_path, rlat_home):
    """`memory forget` had no --format json, unlike `memory add` beside it."""
    added = run_rlat("memory", "add", "Deploys go out on Tuesdays.", "--format", "json",
                     cwd=tmp_path)
    cid = json.loads(added.stdout)["id"]
    store = json.loads(added.stdout)["store"]
    forgot = run_rlat("memory", "forget", cid[:8], "--format", "json", cwd=tmp_path)
    assert forgot.returncode == 0, forgot.stderr
    assert json.loads(forgot.stdout) == {"id": cid, "state": "retired", "changed": True,
                                         "session_records": [], "store": store}
    again = run_rlat("memory", "forget", cid[:8], "--format", "json", cwd=tmp_path)
    assert json.loads(again.stdout)["changed"] is False
    missing = run_rlat("memory", "forget", "ffffffff", "--format", "json", cwd=tmp_path)
    assert missing.returncode == 1 and missing.stdout == ""
    assert missing.stderr.startswith("rlat: error: ") and missing.stderr.count("\n") == 1


def test_an_empty_store_offers_the_hooks_only_when_they_are_not_installed(tmp_path):
    """`memory list` on an empty store said "or install the hooks with `rlat memory
    install-hooks`" to someone who had just installed them."""
    config = tmp_path / "config"  # the user's settings (CLAUDE_CONFIG_DIR)
    config.mkdir()
    project = tmp_path / "project"
    project.mkdir()
    env = {"CLAUDE_CONFIG_DIR": str(config)}

    def listed() -> str:
        out = run_rlat("memory", "list", cwd=project, env=env)
        assert out.returncode == 0 and "No claims yet" in out.stdout, out.stderr
        return out.stdout

    assert "install the hooks with `rlat memory install-hooks`" in listed()
    # installed for the user: the hint says claims come when a session ends
    assert run_rlat("memory", "install-hooks", env=env).returncode == 0
    user = listed()
    assert "install the hooks" not in user, user
    assert f"rlat's hooks are installed ({config / 'settings.json'})" in user
    assert "when a Claude Code session ends" in user and "rlat memory add" in user
    assert run_rlat("memory", "install-hooks", "--uninstall", env=env).returncode == 0
    assert "install the hooks with `rlat memory install-hooks`" in listed()
    # installed only for the project the command runs in
    assert run_rlat("memory", "install-hooks", "--project-dir", str(project),
                    env=env).returncode == 0
    here = listed()
    assert "install the hooks" not in here
    assert f"({project / '.claude' / 'settings.json'})" in here
    # ... and from a directory inside the project, where a session started at its root
    # reads them too; if none arrive, the hint says how to check the hooks still run
    inner = project / "src" / "pkg"
    inner.mkdir(parents=True)
    deeper = run_rlat("memory", "list", cwd=inner, env=env).stdout
    assert f"({project / '.claude' / 'settings.json'})" in deeper, deeper
    assert "rlat memory install-hooks --check" in deeper
    # (other hooks in a settings file are not rlat's)
    (project / ".claude" / "settings.json").write_text(json.dumps({"hooks": {"Stop": [
        {"hooks": [{"type": "command", "command": "echo done"}]}]}}))
    assert "install the hooks with `rlat memory install-hooks`" in listed()
