"""The one `rlat` command line (rlat/cli/main.py, a lazy table of commands): what every command
prints is the same from every entry point; `--help` works at every level; a usage error is one
line and exit status 2; a command imports only its own module; the environment is read once."""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import subprocess
import sys

import pytest
from support.cli import REPO, run_rlat, same_from_every_entry_point

from rlat.__main__ import main
from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.cli.commands import COMMANDS, GroupInfo
from rlat.workspace import workspace_id

T0 = 1.7e9


def every_command() -> list[tuple[str, ...]]:
    """Every runnable command as its words: ("memory", "list"), ("search",), …"""
    out = []
    for name, entry in COMMANDS.items():
        if isinstance(entry, GroupInfo):
            out += [(name, sub) for sub in entry.commands]
        else:
            out.append((name,))
    return out


def function_of(words: tuple[str, ...]):
    entry = COMMANDS[words[0]]
    if isinstance(entry, GroupInfo):
        entry = entry.commands[words[1]]
    return getattr(importlib.import_module(f"rlat.cli.{entry.module}"), entry.function)


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


def listed(*args: str, cwd) -> list[str]:
    out = run_rlat("memory", "list", "--format", "json", *args, cwd=cwd)
    assert out.returncode == 0, out.stderr
    return [row["id"] for row in json.loads(out.stdout)["claims"]]


def test_list_options_filter_as_their_help_says(store, tmp_path):
    assert set(listed(cwd=tmp_path)) == set(store[:4])  # retired claims left out
    assert set(listed("--all", cwd=tmp_path)) == set(store)
    assert set(listed("--type", "convention", cwd=tmp_path)) == {store[0], store[2]}
    assert set(listed("--state", "retired", cwd=tmp_path)) == {store[4]}
    # here: learned in this workspace (1, 3) or cross-workspace (2)
    assert set(listed("--here", cwd=tmp_path)) == {store[1], store[2], store[3]}
    assert listed("--format=json", cwd=tmp_path) == listed(cwd=tmp_path)


CASES = [
    ("memory", "list"),
    ("memory", "list", "--format", "json"),
    ("memory", "list", "--format=json", "--all"),
    ("memory", "list", "--all", "--type", "convention"),
    ("memory", "list", "--here", "--format", "json"),
    ("memory", "list", "--state=retired"),
    ("memory", "list", "--type", "nothing"),
    ("memory", "show", "abcd"),
    ("memory", "--help"),
    ("--help",),
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a) for a in CASES])
def test_every_entry_point_prints_the_same(store, tmp_path, args):
    out = same_from_every_entry_point(*args, cwd=tmp_path)
    assert out.stdout or out.stderr


def test_show_prints_the_same_from_every_entry_point(store, tmp_path):
    for ref in (store[0], store[1][:8], store[2][:6].upper()):
        for extra in ([], ["--format", "json"]):
            out = same_from_every_entry_point("memory", "show", ref, *extra, cwd=tmp_path)
            assert out.returncode == 0 and out.stdout.strip(), out.stderr


@pytest.mark.parametrize("ref", ["deadbeef", "ab", ""])
def test_show_errors_are_one_line(store, tmp_path, ref):
    out = run_rlat("memory", "show", ref, cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("rlat: error: ")


def test_a_broken_store_is_one_error_line(rlat_home, tmp_path):
    (rlat_home / "memory.rlat").write_bytes(b"not an rlat file at all, no sir")
    for args in (("memory", "list"), ("memory", "show", "abcd")):
        out = run_rlat(*args, cwd=tmp_path)
        assert out.returncode == 1 and out.stderr.count("\n") == 1
        assert out.stderr.startswith("rlat: error: ") and "memory.rlat" in out.stderr


def test_the_json_listing_carries_every_row_exactly(store, rlat_home, tmp_path):
    """Whichever encoder writes it (orjson when installed), the listing parses back to exactly
    each claim's summary, rung and listed type: floats to the last bit, unicode unescaped."""
    import time

    from rlat.trust.lifecycle import effective_state, stale_reason
    from rlat.trust.rungs import rung

    out = run_rlat("memory", "list", "--all", "--format", "json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    listing = json.loads(out.stdout)
    state = ClaimLog(rlat_home / "memory.rlat").state()
    assert listing["count"] == len(state.claims) == 5
    for row in listing["claims"]:
        claim = state.claims[row["id"]]
        expected = {**claim.summary_dict(), "rung": rung(claim), "listed_type": claim.type,
                    "state": effective_state(claim)}
        if expected["state"] == "stale" and claim.state != "stale":  # (past its TTL: and why)
            expected["state_reason"] = stale_reason(claim, time.time())
        assert row == expected
    assert "«ünïcode»" in out.stdout


@pytest.mark.parametrize("option, valid", [("--type", "convention"), ("--state", "retired")])
def test_an_unknown_type_or_state_is_a_usage_error_listing_the_valid_ones(store, tmp_path,
                                                                         option, valid):
    out = run_rlat("memory", "list", option, "nonsense", cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == "" and out.stderr.count("\n") == 1
    assert "invalid choice: 'nonsense'" in out.stderr and f"'{valid}'" in out.stderr


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


# ------------------------------------------------------------------------ the whole table
@pytest.mark.parametrize("words", every_command(), ids=" ".join)
def test_every_command_has_help_naming_its_arguments(words, capsys):
    assert main([*words, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: rlat {' '.join(words)} ")
    fn = function_of(words)
    first_words = " ".join(fn.__doc__.split()[:4])
    assert first_words in " ".join(out.split())
    for arg in fn.arguments:
        if arg.options.get("help") is not argparse.SUPPRESS:
            name = arg.flags[-1] if arg.flags[0].startswith("-") else \
                arg.options.get("metavar", arg.flags[0].upper())
            assert name in out, (words, name)


@pytest.mark.parametrize("words", every_command(), ids=" ".join)
def test_help_states_each_bound_once_and_each_required_option_in_the_usage(words, capsys):
    """`rlat build --help` said "(at least 1) (at least 1; default: 200)"; `rlat lens learn`
    required --from-outcomes while its usage listed it among the options."""
    from rlat.cli.parsing import IntRange

    assert main([*words, "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    usage = out.split(" [options]")[0]
    for arg in function_of(words).arguments:
        kind = arg.options.get("type")
        if isinstance(kind, IntRange):  # (the layout states it after the help: not twice)
            assert kind.describe() in out, (words, arg.flags)
            assert kind.describe() not in arg.options.get("help", ""), (words, arg.flags)
        if arg.flags[0].startswith("-") and arg.options.get("required"):
            assert arg.flags[0] in usage.split(), (words, arg.flags)


@pytest.mark.parametrize("words", every_command(), ids=" ".join)
def test_a_usage_error_is_one_line_naming_the_help(words, capsys):
    assert main([*words, "--no-such-option"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("rlat: error: ")
    assert f"`rlat {' '.join(words)} --help`" in captured.err


@pytest.mark.parametrize("args, chosen", [
    (("doctor", "--check-only", "--repair", "STORE"), "--check-only and --repair"),
    (("doctor", "--repair", "--check-only", "STORE"), "--check-only and --repair"),
    (("memory", "install-hooks", "--mine", "--no-mine", "--project-dir", "."),
     "--mine and --no-mine"),
    (("memory", "install-hooks", "--no-mine", "--mine", "--project-dir", "."),
     "--mine and --no-mine"),
    (("memory", "install-hooks", "--uninstall", "--mine", "--project-dir", "."),
     "--uninstall and --mine"),
    (("memory", "install-hooks", "--user", "--project-dir", "."), "--user and --project-dir"),
    (("lens", "create", "--from", "x.toml", "--stance", "s.md"), "--stance and --from"),
])
def test_contradicting_options_are_a_usage_error_whatever_their_order(rlat_home, tmp_path,
                                                                       args, chosen):
    """The last of two contradicting options used to win silently: `doctor --check-only
    --repair` repaired (and `--repair --check-only` only checked)."""
    store = rlat_home / "memory.rlat"
    ClaimLog(store).append([ev.proposed("fact", "convention",
                                        citations=[ev.command_citation("c")])])
    with open(store, "ab") as fh:
        fh.write(b"RLR\x01 torn")  # damaged: what a repair would rewrite
    (tmp_path / ".claude").mkdir()
    before = store.read_bytes()
    proc = run_rlat(*[str(store) if a == "STORE" else a for a in args], cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and f"rlat: error: choose one of {chosen};" in proc.stderr
    assert store.read_bytes() == before and not (rlat_home / "memory.rlat.bak").exists()
    assert list((tmp_path / ".claude").iterdir()) == []


def test_every_level_lists_its_commands(capsys):
    assert main(["--help"]) == 0
    top = " ".join(capsys.readouterr().out.split())
    for name, entry in COMMANDS.items():
        assert f"{name} {entry.summary}" in top
        if isinstance(entry, GroupInfo):
            assert main([name, "-h"]) == 0
            group = " ".join(capsys.readouterr().out.split())
            assert group.startswith(f"usage: rlat {name} COMMAND")
            for sub, info in entry.commands.items():
                assert f"{sub} {info.summary}" in group


def test_rlat_alone_shows_the_commands_as_a_usage_error(capsys):
    assert main([]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "memory" in captured.err and "search" in captured.err


def test_an_unknown_command_suggests_the_nearest(capsys):
    assert main(["memory", "shwo"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "did you mean `rlat memory show`?" in err


# ------------------------------------------------------------------------ a fast start
def imported(*args: str, cwd) -> set[str]:
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "rlat", *args], cwd=cwd,
                         capture_output=True, text=True, timeout=120)
    assert "Traceback" not in out.stderr, out.stderr
    return {line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines()
            if line.startswith("import time:")}


@pytest.mark.parametrize("args, own", [
    (("memory", "list"), "memory_cmds"),
    (("memory", "list", "--help"), "memory_cmds"),
    (("memory", "show", "abcd"), "memory_cmds"),
    (("search", "{km}", "query"), "km_cmds"),
    (("--help",), None),
])
def test_a_command_imports_only_its_own_module(store, tmp_path, args, own):
    km = tmp_path / "km.rlat"
    (tmp_path / "doc.md").write_text("# Doc\n\nThe query is answered here.\n")
    assert run_rlat("build", str(tmp_path / "doc.md"), "-o", str(km)).returncode == 0
    modules = imported(*[a.format(km=km) for a in args], cwd=tmp_path)
    commands = {m.rsplit(".", 1)[-1] for m in modules if m.startswith("rlat.cli.")
                and m.endswith("_cmds")}
    assert commands == ({own} if own else set())
    assert not {m.split(".")[0] for m in modules} & {"typer", "click", "rich", "argcomplete"}
    if own == "memory_cmds":  # nothing of knowledge models, lenses, the LLM or capture
        assert not [m for m in modules if m.startswith(("rlat.km", "rlat.lens", "rlat.llm",
                                                        "rlat.capture"))]


def test_the_version():
    out = same_from_every_entry_point("--version")
    assert out.returncode == 0 and out.stdout.startswith("rlat ") and out.stderr == ""


# ------------------------------------------------------------------ settings, read once
def test_no_command_module_reads_the_environment():
    """Only rlat/cli/settings.py reads os.environ; others pass it on to a child at most."""
    readers = []
    for path in sorted((REPO / "rlat" / "cli").glob("*.py")):
        if path.name == "settings.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = ast.unparse(node) if isinstance(node, (ast.Call, ast.Subscript)) else ""
            if text.startswith(("os.environ.get(", "os.getenv(", "os.environ[")):
                readers.append(f"{path.name}: {text}")
    assert readers == []


def test_the_settings_name_the_variables_the_lower_layers_name():
    from rlat.cli import settings
    from rlat.container.lock import LOCK_TIMEOUT_ENV
    from rlat.llm.session_tasks import ATOMIC_ENV

    assert settings.LOCK_TIMEOUT_ENV == LOCK_TIMEOUT_ENV
    assert settings.ATOMIC_CAPTURE_ENV == ATOMIC_ENV
    read = settings.Settings.from_env({"RLAT_LOCK_TIMEOUT": "2.5", "RLAT_ATOMIC_CAPTURE": "yes",
                                       "RLAT_DEBUG": "1", "RLAT_HOME": "/x"})
    assert (read.lock_timeout, read.atomic_capture, read.debug, read.home) == \
        (2.5, True, True, "/x")
    assert settings.Settings.from_env({}).lock_timeout == 10.0

