"""`rlat memory list|show` take a typer-free fast path (rlat/cli/fastcli.py); it prints exactly
what the typer commands print, and hands everything it does not understand to them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from support.cli import run_rlat

from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.workspace import workspace_id

TYPER = ("import sys; from rlat.cli.app import run; from rlat.cli.errors import guarded; "
         "sys.exit(guarded(lambda: run(sys.argv[1:])))")
T0 = 1.7e9


def _typer(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", TYPER, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture
def store(rlat_home, tmp_path):
    here = workspace_id(str(tmp_path))
    events = []
    ids = []
    for i, (text, kind) in enumerate([
        ("The build uses pytest with xdist; run make check before pushing.", "convention"),
        ("Staging deploys need the VPN token from vault — «ünïcode» too.", "environment"),
        ("Never edit generated files in src/gen " + "and more words " * 10, "convention"),
        ("Prefer ruff over flake8.", "preference"),
        ("The payments tests use the fake gateway.", "outcome"),
    ]):
        cite = ev.session_citation(f"s{i}", "m1", f"{i:016x}", workspace=here if i % 2 else "git:x")
        event = ev.proposed(text, kind, citations=[cite], workspace=here if i % 2 else "git:x",
                            origin="user" if i == 3 else "session", ts=T0 + i)
        events.append(event)
        ids.append(event["claim"])
    events.append(ev.recurred(ids[0], [ev.session_citation("s9", "m2", "ff" * 8)], ts=T0 + 10))
    events.append(ev.outcome(1, claims=[(ids[0], 0, 1.0), (ids[2], 1, 0.6)], authority="mechanical",
                             signal="tests", session_id="s9", intent_id="s9-1", workspace=here,
                             ts=T0 + 20))
    events.append(ev.state_changed(ids[4], "retired", "wrong", ts=T0 + 30))
    events.append(ev.marked(ids[2], cross_workspace=True, ts=T0 + 40))
    ClaimLog(rlat_home / "memory.rlat").append(events)
    return ids


CASES = [
    ("memory", "list"),
    ("memory", "list", "--format", "json"),
    ("memory", "list", "--format=json", "--all"),
    ("memory", "list", "--all", "--type", "convention"),
    ("memory", "list", "--here", "--format", "json"),
    ("memory", "list", "--state", "active", "--format", "json"),
    ("memory", "list", "--state=retired"),
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a[1:]) for a in CASES])
def test_list_fast_path_prints_what_the_typer_command_prints(store, tmp_path, args):
    fast = run_rlat(*args, cwd=tmp_path)
    slow = _typer(*args, cwd=tmp_path)
    assert fast.returncode == slow.returncode == 0, (fast.stderr, slow.stderr)
    assert fast.stdout == slow.stdout and fast.stdout
    assert fast.stderr == slow.stderr == ""


def test_show_fast_path_prints_what_the_typer_command_prints(store, tmp_path):
    for ref in (store[0], store[1][:8], store[2][:6].upper()):
        for extra in ([], ["--format", "json"]):
            fast = run_rlat("memory", "show", ref, *extra, cwd=tmp_path)
            slow = _typer("memory", "show", ref, *extra, cwd=tmp_path)
            assert fast.returncode == slow.returncode == 0, (fast.stderr, slow.stderr)
            assert fast.stdout == slow.stdout and fast.stdout.strip()


@pytest.mark.parametrize("ref", ["deadbeef", "ab", ""])
def test_show_errors_are_the_same_one_line(store, tmp_path, ref):
    fast = run_rlat("memory", "show", ref, cwd=tmp_path)
    slow = _typer("memory", "show", ref, cwd=tmp_path)
    assert fast.returncode == slow.returncode == 1
    assert fast.stderr == slow.stderr and fast.stderr.count("\n") == 1
    assert fast.stderr.startswith("rlat: error: ") and fast.stdout == slow.stdout == ""


def test_a_broken_store_gives_the_same_error(rlat_home, tmp_path):
    (rlat_home / "memory.rlat").write_bytes(b"not an rlat file at all, no sir")
    for args in (("memory", "list"), ("memory", "show", "abcd")):
        fast = run_rlat(*args, cwd=tmp_path)
        slow = _typer(*args, cwd=tmp_path)
        assert fast.returncode == slow.returncode == 1
        assert fast.stderr == slow.stderr and "rlat: error:" in fast.stderr


@pytest.mark.parametrize("args", [
    ("memory", "list", "--help"),
    ("memory", "list", "--format", "yaml"),
    ("memory", "list", "--bogus"),
    ("memory", "list", "extra"),
    ("memory", "show"),
    ("memory", "show", "a", "b"),
    ("memory", "list", "--type"),
    ("memory", "list", "--type=nothing"),
    ("memory", "list", "--state", "bogus"),
])
def test_what_the_fast_path_does_not_understand_goes_to_typer(store, tmp_path, args):
    fast = run_rlat(*args, cwd=tmp_path)
    slow = _typer(*args, cwd=tmp_path)
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout,
                                                           slow.stderr)
    assert "Usage" in fast.stdout + fast.stderr or "Error" in fast.stderr


def test_the_fast_path_does_not_import_typer(store, tmp_path):
    code = ("import sys; from rlat.__main__ import main; "
            "code = main(['memory', 'list', '--format', 'json']); "
            "sys.stderr.write(str(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('typer', 'click', 'rich')))); sys.exit(code)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0 and out.stderr == "[]"
    assert json.loads(out.stdout)["count"] == 4


def test_the_json_listing_carries_every_row_exactly(store, rlat_home, tmp_path):
    """Whichever encoder writes it (orjson when installed), the listing parses back to exactly
    each claim's summary and rung: floats to the last bit, unicode unescaped."""
    from rlat.trust.rungs import rung

    out = run_rlat("memory", "list", "--all", "--format", "json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    listing = json.loads(out.stdout)
    state = ClaimLog(rlat_home / "memory.rlat").state()
    assert listing["count"] == len(state.claims) == 5
    for row in listing["claims"]:
        claim = state.claims[row["id"]]
        assert row == {**claim.summary_dict(), "rung": rung(claim)}
    assert "«ünïcode»" in out.stdout


@pytest.mark.parametrize("option, valid", [("--type", "convention"), ("--state", "retired")])
def test_an_unknown_type_or_state_is_a_usage_error_listing_the_valid_ones(store, tmp_path,
                                                                         option, valid):
    out = run_rlat("memory", "list", option, "nonsense", cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == ""
    assert "'nonsense' is not one of" in out.stderr and f"'{valid}'" in out.stderr


def test_a_filter_that_matches_nothing_does_not_call_the_store_empty(store, tmp_path):
    out = run_rlat("memory", "list", "--type", "insight", cwd=tmp_path)
    assert out.returncode == 0 and "No claims yet" not in out.stdout
    assert "matches those options" in out.stdout


def test_show_tells_the_claims_history(store, tmp_path):
    out = run_rlat("memory", "show", store[0], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    history = out.stdout.split("  history:\n", 1)[1].splitlines()
    assert "proposed (session, observed by human)" in history[0]
    assert "recurred: 1 citation(s) from session s9" in history[1]
    assert "outcome +1 (mechanical: tests), rank 0, session s9" in history[2]
    retired = run_rlat("memory", "show", store[4], "--format", "json", cwd=tmp_path)
    kinds = [e["kind"] for e in json.loads(retired.stdout)["history"]]
    assert kinds == ["proposed", "state_changed"]
    marked = run_rlat("memory", "show", store[2], cwd=tmp_path).stdout
    assert "cross-workspace on" in marked
