"""Upgrading rlat: files an older release wrote (tests/fixtures/stores/, each written by the
release its name gives) are read and changed by this one as if it had written them."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from support.cli import run_rlat

STORES = Path(__file__).resolve().parents[1] / "fixtures" / "stores"

MAKE_CHECK, JUST_TEST = "17d0cd055b33bc1e", "56bb34114d136db8"
TUESDAYS, THURSDAYS = "80d6e01d94892782", "1b3d0963c3b04a7e"


def _old_store(rlat_home: Path, name: str) -> Path:
    store = rlat_home / "memory.rlat"
    shutil.copyfile(STORES / name, store)
    return store


def _states(rlat_home: Path) -> dict[str, str]:
    listed = run_rlat("memory", "list", "--all", "--format", "json", cwd=rlat_home)
    assert listed.returncode == 0, listed.stderr
    return {c["id"]: c["state"] for c in json.loads(listed.stdout)["claims"]}


def test_a_snapshot_an_older_rlat_folded_agrees_with_the_full_fold(rlat_home):
    # 1cbd96d kept a claim contested after the other side was forgotten, and wrote that into
    # its snapshot (rows without the state registers); this rlat's rule (a contest needs two
    # sides in play) must hold for that store as for one without a snapshot.
    _old_store(rlat_home, "contested-1cbd96d.rlat")
    states = _states(rlat_home)
    assert states[THURSDAYS] == "retired"
    assert states[TUESDAYS] == "candidate"
    assert states[MAKE_CHECK] == states[JUST_TEST] == "contested"
    # forgetting one side of a contest the older rlat recorded settles the other
    forgot = run_rlat("memory", "forget", MAKE_CHECK, cwd=rlat_home)
    assert forgot.returncode == 0, forgot.stderr
    states = _states(rlat_home)
    assert states[MAKE_CHECK] == "retired"
    assert states[JUST_TEST] == "candidate"


def _flip_a_record(path: Path, index: int) -> None:
    from rlat.container import Container

    refs = Container(path).scan().refs
    data = bytearray(path.read_bytes())
    data[refs[index].offset + 15] ^= 0xFF
    path.write_bytes(bytes(data))


def test_an_older_snapshot_still_serves_when_the_events_before_it_are_damaged(rlat_home):
    # (it is not used while those events can be folded; damaged, they cannot, and the store
    # reads from it until `rlat doctor`, as it did before the upgrade)
    store = _old_store(rlat_home, "contested-1cbd96d.rlat")
    _flip_a_record(store, 0)
    assert set(_states(rlat_home)) == {MAKE_CHECK, JUST_TEST, TUESDAYS, THURSDAYS}


def test_doctor_restores_no_claim_whose_events_an_older_snapshot_was_folded_from(rlat_home):
    # A record after the snapshot is damaged; every event the snapshot was folded from is
    # intact, so no claim of it is "restored" as the older fold held it (Tuesdays contested).
    store = _old_store(rlat_home, "contested-1cbd96d.rlat")
    for text in ("Lint with ruff.", "Format with black."):
        assert run_rlat("memory", "add", text, cwd=rlat_home).returncode == 0
    _flip_a_record(store, 2)  # (0: the events, 1: the snapshot, 2 and 3: the two adds)
    proc = run_rlat("doctor", cwd=rlat_home)
    assert proc.returncode == 0 and "repaired" in proc.stdout, proc.stdout + proc.stderr
    assert "restored" not in proc.stdout
    states = _states(rlat_home)
    assert states[TUESDAYS] == "candidate"
    assert states[MAKE_CHECK] == states[JUST_TEST] == "contested"
    assert len(states) == 5  # (the claim of the damaged record is lost: no snapshot held it)


def test_doctor_calls_an_older_rlats_read_model_no_damage(rlat_home):
    # (every reader ignores a read model of another format version and the worker rebuilds
    # it: after an upgrade that is the expected state, not a damaged cache, exit 3)
    from rlat.claims.readmodel import read_model_path

    store = _old_store(rlat_home, "contested-1cbd96d.rlat")
    cache = read_model_path(store)
    cache.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(STORES / "readmodel-v1-1cbd96d.bin", cache)
    for args in (("doctor", "--check-only"), ("doctor",)):
        proc = run_rlat(*args, cwd=rlat_home)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert ": ok — " in proc.stdout and "damaged" not in proc.stdout, proc.stdout


SECRET = "13a3d4ab988aa35b"  # "Log in with mongosh --password Tr0ub4dor3x --host db1"


def test_doctor_names_a_secret_an_older_rlat_stored_and_how_to_remove_it(rlat_home):
    # 1cbd96d's scrubber did not know mongosh's --password: the claim holds it as typed, and
    # today's rules would have redacted it. Nothing rewrites a stored claim's text, so doctor
    # says which claim holds one and the command that removes it.
    _old_store(rlat_home, "secret-1cbd96d.rlat")
    proc = run_rlat("doctor", cwd=rlat_home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert ": ok — " in proc.stdout
    lines = [ln for ln in proc.stdout.splitlines() if SECRET[:12] in ln]
    assert len(lines) == 1 and "rlat compact --purge 13a3d4ab988a" in lines[0], proc.stdout
    assert "Tr0ub4dor3x" not in proc.stdout
    assert "17d0cd055b33" not in proc.stdout  # (nothing in it to redact)
    assert run_rlat("compact", "--purge", SECRET[:12], cwd=rlat_home).returncode == 0
    again = run_rlat("doctor", cwd=rlat_home)
    assert again.returncode == 0 and SECRET[:12] not in again.stdout, again.stdout


INSIGHT = "8a7c3b16e776"  # km-1cbd96d.rlat's claim on notes.md's passage


def _old_km(tmp_path: Path) -> tuple[Path, Path]:
    km, src = tmp_path / "km.rlat", tmp_path / "src"
    shutil.copyfile(STORES / "km-1cbd96d.rlat", km)
    shutil.copytree(STORES / "km-src", src)
    return km, src


def test_refresh_after_an_upgrade_says_the_secret_rules_changed_not_the_sources(tmp_path):
    # 1cbd96d built the model under older secret rules: this rlat reads every source again
    # (notes.md's passage loses its password, and the claim on it goes stale), but no file
    # changed, and the refresh must not say they did
    km, src = _old_km(tmp_path)
    proc = run_rlat("refresh", str(km), "--source-root", str(src), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "0 changed" in out and "changed: " not in out, out
    assert "6 read again" in out and "secret rules" in out, out
    assert f"1 claim(s) went stale: {INSIGHT}" in out
    report = json.loads(run_rlat("refresh", str(km), "--source-root", str(src), "--dry-run",
                                 "--format", "json", cwd=tmp_path).stdout)
    assert report["changed"] == [] and report.get("rescrubbed") == []  # (read under these rules now)
    trace = run_rlat("trace", str(km), INSIGHT, "--source-root", str(src), cwd=tmp_path).stdout
    stale = [ln for ln in trace.splitlines() if ln.strip().startswith("stale:")]
    assert stale and "secret rules" in stale[0] and "source changed" not in stale[0], trace
    assert "was edited" not in trace, trace


def _relocate(km: Path, root: Path) -> None:
    """Point the model at its sources' copy (a new META and TOC over the same records, as a
    refresh that finds the sources moved writes), keeping everything else it says."""
    from rlat.container import META, TOC, Container
    from rlat.km.store import KnowledgeModel

    model = KnowledgeModel.open(km)
    container = Container(km)
    [offset] = container.append([(META, {**model.meta, "source_root": str(root)})])
    entries = [[META, offset, "meta"]] + [list(e) for e in model.toc["entries"] if e[0] != META]
    container.append([(TOC, {**model.toc, "entries": entries})])


def test_the_workers_drift_check_reads_again_a_model_built_under_older_secret_rules(tmp_path):
    # none of its sources changed, so the drift check called it up to date, and a linked
    # model kept serving the password 1cbd96d's scrubber had left in notes.md's passage
    from rlat.km.verify import drift_check

    km, src = _old_km(tmp_path)
    _relocate(km, src)
    assert "Tr0ub4dor3x" in run_rlat("search", str(km), "mongosh password", "--source-only",
                                     cwd=tmp_path).stdout
    summary = drift_check([km])[str(km)]
    assert summary != "up to date" and summary["stale"] == 1, summary
    found = run_rlat("search", str(km), "mongosh password", "--source-only", cwd=tmp_path)
    assert "mongosh" in found.stdout and "Tr0ub4dor3x" not in found.stdout, found.stdout
    assert drift_check([km]) == {str(km): "up to date"}


def _without_stemmer(tmp_path: Path) -> dict:
    """An environment where rlat's code is newer than its installed dependencies, as after a
    `git pull` into an editable install made before rlat needed PyStemmer: python -S (no
    site-packages) with every other dependency a command or hook here imports put back."""
    import importlib.util
    import os

    site = tmp_path / "site"
    site.mkdir()
    for name in ("msgpack", "zstandard", "platformdirs", "orjson"):
        spec = importlib.util.find_spec(name)
        found = spec.submodule_search_locations[0] if spec.submodule_search_locations \
            else spec.origin
        (site / Path(found).name).symlink_to(found)
    repo = Path(__file__).resolve().parents[2]
    return {**os.environ, "PYTHONPATH": f"{repo}{os.pathsep}{site}"}


def test_a_dependency_missing_after_an_upgrade_is_named_with_the_reinstall(rlat_home, tmp_path):
    import subprocess
    import sys

    assert run_rlat("memory", "add", "Run the tests with make check.", cwd=tmp_path).returncode == 0
    env = _without_stemmer(tmp_path)
    proc = subprocess.run([sys.executable, "-S", "-m", "rlat", "memory", "recall", "tests"],
                          cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    line = proc.stderr.strip()
    assert "\n" not in line and "'Stemmer'" in line and "pip install -e" in line, line
    assert "internal error" not in line and "report it" not in line
    start = subprocess.run([sys.executable, "-S", "-P", "-m", "rlat", "hook", "session-start"],
                           input=json.dumps({"session_id": "s1", "cwd": str(tmp_path),
                                             "source": "startup"}),
                           cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert start.returncode == 0
    message = json.loads(start.stdout)["systemMessage"]
    assert "'Stemmer'" in message and "pip install -e" in message, message
    assert "rlat doctor" not in message  # (the store is fine: doctor has nothing to repair)


def test_a_session_that_ends_while_a_dependency_is_missing_is_captured_after_reinstall(
        rlat_home, tmp_path):
    # (its capture failed on the install, not on the session: it waits for a later worker
    # as it does while the store is damaged, instead of being lost)
    import subprocess
    import sys

    from rlat.hooks.jobs import jobs_dir, write_job
    from rlat.hooks.worker import adopt_orphans

    transcript = Path(__file__).resolve().parents[1] / "fixtures" / "transcripts" / \
        "tool_failure.jsonl"
    job = write_job({"session_id": "sess-noinstall", "transcript_path": str(transcript),
                     "cwd": str(tmp_path), "workspace": None, "reason": "session-end",
                     "tasks": ["capture"], "env": {}})
    worker = subprocess.run([sys.executable, "-S", "-P", "-m", "rlat.hooks.worker", str(job)],
                            cwd=tmp_path, env=_without_stemmer(tmp_path), capture_output=True,
                            text=True, timeout=60)
    assert worker.returncode == 0, worker.stderr
    kept = list(jobs_dir().glob("*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["attempts"] == 1
    assert adopt_orphans(now=time.time() + 60) == 1  # (rlat's dependencies installed again)
    listed = run_rlat("memory", "list", "--format", "json", cwd=tmp_path)
    assert any("make check" in c["text"] for c in json.loads(listed.stdout)["claims"])


def _store_with_snapshot(rlat_home: Path, fold_rules) -> str:
    """A store of one claim whose snapshot holds it retired while its events leave it a
    candidate (as a snapshot folded by other rules would), the snapshot marked ``fold_rules``
    (None: no mark)."""
    from rlat.claims import ClaimLog
    from rlat.claims import events as ev
    from rlat.claims.fold import fold
    from rlat.container import SNAPSHOT

    log = ClaimLog(rlat_home / "memory.rlat")
    proposed = ev.proposed("Run the tests with make check", "convention",
                           workspace="git:github.com/acme/app", ts=1_800_000_000.0,
                           citations=[ev.command_citation("make check")], origin="user")
    log.append([proposed])
    body = fold([proposed]).to_snapshot()
    state_at = body["fields"].index("state")
    body["claims"][0][state_at] = "retired"
    if fold_rules is None:
        body.pop("fold")
    else:
        body["fold"] = fold_rules
    log.container.append([(SNAPSHOT, body)])
    return proposed["claim"]


def test_a_snapshot_folded_by_another_rlat_s_rules_is_not_used(rlat_home):
    # (a newer rlat's snapshot, read by this one after a downgrade: its rows may hold states
    # this rlat's fold would not give; the events are all in the file)
    from rlat.claims.fold import FOLD_RULES

    claim = _store_with_snapshot(rlat_home, FOLD_RULES + 1)
    assert _states(rlat_home)[claim] == "candidate"


def test_a_snapshot_of_this_rlat_s_rules_stands_for_the_events_before_it(rlat_home):
    from rlat.claims.fold import FOLD_RULES

    claim = _store_with_snapshot(rlat_home, FOLD_RULES)
    assert _states(rlat_home)[claim] == "retired"  # (read from the snapshot, as it says)


def test_a_snapshot_written_before_the_mark_with_the_registers_is_of_this_rlat_s_rules(
        rlat_home):
    # (every store checkpointed between the registers and the mark keeps its snapshot)
    claim = _store_with_snapshot(rlat_home, None)
    assert _states(rlat_home)[claim] == "retired"
