"""`rlat memory install-hooks` and the plugin's hooks.json."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from support.cli import run_rlat

from rlat.hooks.dispatch import EVENTS, SETTINGS_TIMEOUTS

REPO = Path(__file__).resolve().parents[2]


def settings(project: Path) -> dict:
    return json.loads((project / ".claude" / "settings.json").read_text())


def rlat_commands(data: dict) -> dict[str, list[str]]:
    return {event: [h["command"] for g in groups for h in g["hooks"] if "rlat hook" in h["command"]]
            for event, groups in data.get("hooks", {}).items()}


def test_install_is_idempotent_and_keeps_other_hooks(tmp_path):
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    other = {"type": "command", "command": "echo mine", "timeout": 5}
    original = {"model": "opus", "hooks": {"Stop": [{"matcher": "", "hooks": [other]}],
                                           "PreToolUse": [{"matcher": "Bash", "hooks": [other]}]}}
    (project / ".claude" / "settings.json").write_text(json.dumps(original))
    first = run_rlat("memory", "install-hooks", "--project-dir", str(project))
    assert first.returncode == 0, first.stderr
    once = settings(project)
    second = run_rlat("memory", "install-hooks", "--project-dir", str(project), "--format", "json")
    assert json.loads(second.stdout)["changed"] is False
    assert settings(project) == once
    third = run_rlat("memory", "install-hooks", "--project-dir", str(project))
    assert "already installed" in third.stdout and "Updated" not in third.stdout, third.stdout
    cmds = rlat_commands(once)
    for event, (_module, cc_name) in EVENTS.items():
        assert len(cmds[cc_name]) == 1 and cmds[cc_name][0].endswith(f"rlat hook {event}")
        handler = next(h for g in once["hooks"][cc_name] for h in g["hooks"]
                       if "rlat hook" in h["command"])
        assert handler["timeout"] == SETTINGS_TIMEOUTS[event]
    assert once["model"] == "opus"
    assert once["hooks"]["PreToolUse"] == original["hooks"]["PreToolUse"]
    assert {"matcher": "", "hooks": [other]} in once["hooks"]["Stop"]
    assert (project / ".claude" / "settings.json.rlat-backup").read_text() == json.dumps(original)


def test_installed_command_runs_a_hook(tmp_path):
    project = tmp_path / "p"
    project.mkdir()
    run_rlat("memory", "install-hooks", "--project-dir", str(project))
    import subprocess

    cmd = rlat_commands(settings(project))["UserPromptSubmit"][0]
    proc = subprocess.run(cmd, shell=True, input='{"session_id": "s", "prompt": "hi"}',
                          capture_output=True, text=True, timeout=30, cwd=project)
    assert proc.returncode == 0 and proc.stdout == ""


def test_the_installed_hooks_run_this_rlat_without_pythonpath(tmp_path):
    """Claude Code runs a hook with its own environment, not the one install-hooks ran in: a
    checkout run with PYTHONPATH (or an interpreter that imports another copy of rlat) must
    still get this rlat, as the merge driver does (rlat.cli.launch); the hook command was a
    bare "<python> -P -m rlat", which then failed to import rlat or ran another copy."""
    import subprocess
    import sys

    project = tmp_path / "p"
    project.mkdir()
    assert run_rlat("memory", "install-hooks", "--project-dir", str(project)).returncode == 0
    for event, cmd in rlat_commands(settings(project)).items():
        (cmd,) = cmd
        assert cmd.endswith(" -P -m rlat hook " + cmd.rsplit(" ", 1)[1]), (event, cmd)
        which = cmd.rsplit(" -m rlat hook ", 1)[0] + " -c 'import rlat; print(rlat.__file__)'"
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        proc = subprocess.run(which, shell=True, capture_output=True, text=True, timeout=30,
                              cwd=project, env=env)
        assert proc.returncode == 0, proc.stderr
        assert Path(proc.stdout.strip()).resolve().parent.parent == REPO, (cmd, proc.stdout)
    # RLAT_PYTHON names the interpreter configuration written elsewhere runs (docs/hooks.md)
    other = tmp_path / "q"
    other.mkdir()
    python = tmp_path / "bin" / "python3"
    python.parent.mkdir()
    python.symlink_to(sys.executable)
    assert run_rlat("memory", "install-hooks", "--project-dir", str(other),
                    env={"RLAT_PYTHON": str(python)}).returncode == 0
    for (cmd,) in rlat_commands(settings(other)).values():
        assert cmd.startswith(f"{python} -P -m rlat hook "), cmd


def test_mine_and_uninstall(tmp_path):
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "settings.json").write_text(json.dumps(
        {"env": {"FOO": "bar"}, "hooks": {"Stop": [{"hooks": [{"type": "command",
                                                                "command": "echo keep"}]}]}}))
    assert run_rlat("memory", "install-hooks", "--project-dir", str(project), "--mine").returncode == 0
    assert settings(project)["env"] == {"FOO": "bar", "RLAT_MINE_ATTRIBUTES": "1"}
    run_rlat("memory", "install-hooks", "--project-dir", str(project))  # no flag: unchanged
    assert settings(project)["env"]["RLAT_MINE_ATTRIBUTES"] == "1"
    out = run_rlat("memory", "install-hooks", "--project-dir", str(project), "--uninstall")
    assert out.returncode == 0 and "Removed 5" in out.stdout
    assert settings(project) == {"env": {"FOO": "bar"}, "hooks": {"Stop": [
        {"hooks": [{"type": "command", "command": "echo keep"}]}]}}


def test_the_backup_is_the_users_file_never_one_rlat_wrote(tmp_path):
    project = tmp_path / "p"
    project.mkdir()
    backup = project / ".claude" / "settings.json.rlat-backup"
    # rlat created the file: there is no original of the user's to keep, then or later
    for flags in ((), ("--mine",), ("--uninstall",)):
        out = run_rlat("memory", "install-hooks", "--project-dir", str(project), *flags)
        assert out.returncode == 0, out.stderr
        assert not backup.exists()
    # the user's own file, changed by rlat for the first time: kept as it was
    (project / ".claude" / "settings.json").write_text('{"model": "opus"}')
    run_rlat("memory", "install-hooks", "--project-dir", str(project))
    run_rlat("memory", "install-hooks", "--project-dir", str(project), "--mine")
    assert backup.read_text() == '{"model": "opus"}'


def test_user_settings_default(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    out = run_rlat("memory", "install-hooks", env={"HOME": str(home)})
    assert out.returncode == 0, out.stderr
    data = json.loads((home / ".claude" / "settings.json").read_text())
    assert set(rlat_commands(data)) == {cc for _m, cc in EVENTS.values()}


def test_malformed_settings_are_refused_and_left_untouched(tmp_path):
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    path = project / ".claude" / "settings.json"
    # (1e400 would be written back as Infinity, which Claude Code cannot parse)
    for broken in ('{"hooks": {', "[1, 2]", '{"hooks": []}', '{"cleanupPeriodDays": 1e400}',
                   '{"x": NaN}'):
        path.write_text(broken)
        out = run_rlat("memory", "install-hooks", "--project-dir", str(project))
        assert out.returncode != 0
        assert "left untouched" in out.stderr and "Traceback" not in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1
        assert path.read_text() == broken
    assert not (project / ".claude" / "settings.json.rlat-backup").exists()


@pytest.mark.parametrize("broken", [
    {"hooks": {"Stop": "notalist"}},
    {"hooks": {"Stop": ["notagroup"]}},
    {"hooks": {"Stop": [{"hooks": "notalist"}]}},
    {"hooks": {"Stop": [{"hooks": ["notahandler"]}]}},
    {"env": ["RLAT_MINE_ATTRIBUTES=1"]},
])
def test_settings_of_the_wrong_shape_are_refused_and_left_untouched(tmp_path, broken):
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    path = project / ".claude" / "settings.json"
    text = json.dumps(broken)
    path.write_text(text)
    out = run_rlat("memory", "install-hooks", "--project-dir", str(project))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert "not a list" in out.stderr or "not an object" in out.stderr
    assert "left untouched" in out.stderr
    assert path.read_text() == text


def test_a_symlinked_settings_file_stays_a_symlink(tmp_path):
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "claude-settings.json"
    target.write_text(json.dumps({"model": "opus", "hooks": {}}))
    link = project / ".claude" / "settings.json"
    link.symlink_to(target)
    out = run_rlat("memory", "install-hooks", "--project-dir", str(project))
    assert out.returncode == 0, out.stderr
    assert link.is_symlink() and Path(os.readlink(link)) == target
    data = json.loads(target.read_text())
    assert data["model"] == "opus" and set(rlat_commands(data)) == {cc for _m, cc in
                                                                     EVENTS.values()}
    assert sorted(p.name for p in dotfiles.iterdir()) == ["claude-settings.json"]  # no temp left


def test_a_dangling_settings_symlink_is_refused_and_nothing_is_created(tmp_path):
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    link = project / ".claude" / "settings.json"
    link.symlink_to(tmp_path / "nowhere" / "settings.json")
    out = run_rlat("memory", "install-hooks", "--project-dir", str(project))
    assert out.returncode == 1 and "symlink" in out.stderr and "Traceback" not in out.stderr
    assert not (tmp_path / "nowhere").exists() and link.is_symlink()


def test_a_settings_file_that_is_a_fifo_is_refused_not_waited_on(tmp_path):
    """Reading a FIFO blocks until a writer comes: install-hooks hung on one."""
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    fifo = project / ".claude" / "settings.json"
    os.mkfifo(fifo)
    for extra in ((), ("--uninstall",)):
        out = run_rlat("memory", "install-hooks", "--project-dir", str(project), *extra,
                       timeout=20)
        assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1 and "a FIFO" in out.stderr
    assert sorted(p.name for p in (project / ".claude").iterdir()) == ["settings.json"]


def test_a_settings_file_holding_a_string_or_null_names_its_json_type(tmp_path):
    """Not Python's type names ("a JSON str", "a JSON NoneType")."""
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    path = project / ".claude" / "settings.json"
    for text, kind in (('"hooks"', "a string"), ("null", "null"), ("[]", "a list"),
                       ("true", "a boolean"), ("7", "a number")):
        path.write_text(text)
        out = run_rlat("memory", "install-hooks", "--project-dir", str(project))
        assert out.returncode == 1 and f"holds {kind}, not an object" in out.stderr, out.stderr
        assert path.read_text() == text


def test_bad_arguments(tmp_path):
    out = run_rlat("memory", "install-hooks", "--project-dir", str(tmp_path / "nope"))
    assert out.returncode != 0 and "no such directory" in out.stderr
    out = run_rlat("memory", "install-hooks", "--user", "--project-dir", str(tmp_path))
    assert out.returncode == 2 and "choose one of --user and --project-dir" in out.stderr


def test_plugin_hooks_match_install_hooks():
    """The plugin's hooks.json runs the same events with the same timeouts, through the
    launcher, via ${CLAUDE_PLUGIN_ROOT}."""
    data = json.loads((REPO / "hooks" / "hooks.json").read_text())
    seen = {}
    for cc_name, groups in data["hooks"].items():
        (handler,) = [h for g in groups for h in g["hooks"]]
        assert handler["command"].startswith('"${CLAUDE_PLUGIN_ROOT}/hooks/rlat-hook" ')
        seen[handler["command"].rsplit(" ", 1)[1]] = (cc_name, handler["timeout"])
    assert seen == {event: (cc, SETTINGS_TIMEOUTS[event]) for event, (_m, cc) in EVENTS.items()}
    assert (REPO / "hooks" / "rlat-hook").stat().st_mode & 0o111
    manifest = json.loads((REPO / ".claude-plugin" / "plugin.json").read_text())
    assert manifest["name"] == "rlat"


def test_launcher_runs_a_hook_and_never_fails(tmp_path):
    import os
    import subprocess
    import sys

    launcher = REPO / "hooks" / "rlat-hook"
    ok = subprocess.run([str(launcher), "stop"], input='{"session_id": "s"}', text=True,
                        capture_output=True, timeout=30,
                        env={**os.environ, "RLAT_PYTHON": sys.executable})
    assert ok.returncode == 0 and ok.stdout == ""
    broken = subprocess.run([str(launcher), "stop"], input="{}", text=True, capture_output=True,
                            timeout=30, env={**os.environ, "RLAT_PYTHON": "/nonexistent/python"})
    assert broken.returncode == 0 and broken.stdout == ""


def test_the_plugin_puts_a_working_rlat_on_the_bash_tools_path(tmp_path):
    """Claude Code adds the plugin's bin/ to the Bash tool's PATH: the skills' bare `rlat …`
    runs bin/rlat, which finds rlat through $RLAT_PYTHON when no rlat script is installed,
    and passes the exit status on."""
    import subprocess
    import sys

    bare_path = os.pathsep.join([str(REPO / "bin")] + [
        d for d in os.environ["PATH"].split(os.pathsep) if d and not (Path(d) / "rlat").exists()])
    env = {**os.environ, "PATH": bare_path, "RLAT_PYTHON": sys.executable}
    ok = subprocess.run(["sh", "-c", "rlat --version"], env=env, capture_output=True,
                        text=True, timeout=60, cwd=tmp_path)
    assert ok.returncode == 0 and ok.stdout.startswith("rlat "), ok.stderr
    missing = subprocess.run(["sh", "-c", "rlat memory show deadbeef"], env=env,
                             capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert missing.returncode == 1 and "no claim" in missing.stderr
    for skill in (REPO / "skills").glob("*/SKILL.md"):
        assert '"$RLAT_PYTHON" -m rlat' in skill.read_text(), skill


def _pinned_to(python: str) -> dict:
    """Settings as install-hooks writes them, with every hook run by ``python``."""
    return {"hooks": {cc: [{"hooks": [{"type": "command", "timeout": SETTINGS_TIMEOUTS[event],
                                        "command": f"{python} -P -m rlat hook {event}"}]}]
                      for event, (_module, cc) in EVENTS.items()}}


def test_check_names_hooks_pinned_to_an_interpreter_that_is_gone(tmp_path):
    """The venv install-hooks ran in was deleted: every Claude Code session showed failing
    hooks and nothing said why. `install-hooks --check` says which, and how to re-pin them."""
    import sys

    config = tmp_path / "config"  # the user's settings (CLAUDE_CONFIG_DIR)
    config.mkdir()
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    gone = str(tmp_path / "old-venv" / "bin" / "python")
    settings_file = project / ".claude" / "settings.json"
    settings_file.write_text(json.dumps(_pinned_to(gone), indent=2))
    before = settings_file.read_bytes()
    env = {"CLAUDE_CONFIG_DIR": str(config)}
    out = run_rlat("memory", "install-hooks", "--check", "--project-dir", str(project), env=env)
    assert out.returncode == 1, (out.stdout, out.stderr)
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("rlat: error: ") and gone in out.stderr
    assert "no longer exists" in out.stderr
    assert f"run `rlat memory install-hooks --project-dir {project}` again" in out.stderr
    assert out.stdout.count("missing") == len(EVENTS), out.stdout
    assert "no rlat hooks" in out.stdout  # the user's settings hold none
    assert settings_file.read_bytes() == before and not (config / "settings.json").exists()

    data = run_rlat("memory", "install-hooks", "--check", "--project-dir", str(project),
                    "--format", "json", env=env)
    assert data.returncode == 1
    report = json.loads(data.stdout)
    assert report["ok"] is False and report["current"] == sys.executable
    user, proj = report["files"]
    assert (user["scope"], user["installed"], user["hooks"]) == ("user", False, [])
    assert proj["settings"] == str(settings_file) and proj["installed"] is True
    assert proj["reinstall"] == f"rlat memory install-hooks --project-dir {project}"
    assert {h["event"] for h in proj["hooks"]} == {cc for _m, cc in EVENTS.values()}
    for hook in proj["hooks"]:
        assert (hook["interpreter"], hook["status"]) == (gone, "missing")
        assert (hook["exists"], hook["executable"], hook["current"]) == (False, False, False)

    # the same in the user's settings: the fix is the plain command
    (config / "settings.json").write_text(json.dumps(_pinned_to(gone)))
    out = run_rlat("memory", "install-hooks", "--check", env=env)
    assert out.returncode == 1 and "run `rlat memory install-hooks` again" in out.stderr

    # re-pinned as the message says: healthy, run by this interpreter
    assert run_rlat("memory", "install-hooks", env=env).returncode == 0
    assert run_rlat("memory", "install-hooks", "--project-dir", str(project),
                    env=env).returncode == 0
    out = run_rlat("memory", "install-hooks", "--check", "--project-dir", str(project), env=env)
    assert out.returncode == 0, out.stderr
    assert out.stderr == "" and "missing" not in out.stdout
    assert out.stdout.count("this interpreter") == 2 * len(EVENTS), out.stdout
    report = json.loads(run_rlat("memory", "install-hooks", "--check", "--project-dir",
                                 str(project), "--format", "json", env=env).stdout)
    assert report["ok"] is True
    assert all(h["status"] == "ok" and h["current"] for f in report["files"] for h in f["hooks"])


def test_check_says_how_to_install_when_no_hooks_are_there(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    env = {"CLAUDE_CONFIG_DIR": str(config)}
    out = run_rlat("memory", "install-hooks", "--check", env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (
        f"{config / 'settings.json'} (user): no rlat hooks; install them with "
        "`rlat memory install-hooks` (loaded as a plugin, rlat runs its own hooks instead)")
    assert not (config / "settings.json").exists()
    # another interpreter that exists is fine, and said to be another
    other = tmp_path / "bin" / "python3"
    other.parent.mkdir()
    other.symlink_to(__import__("sys").executable)
    (config / "settings.json").write_text(json.dumps(_pinned_to(str(other))))
    out = run_rlat("memory", "install-hooks", "--check", env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("not this interpreter") == len(EVENTS), out.stdout
    # and --uninstall with nothing to take out says so, rather than "Removed 0 rlat hook(s)"
    empty = tmp_path / "q"
    empty.mkdir()
    out = run_rlat("memory", "install-hooks", "--uninstall", "--project-dir", str(empty))
    assert out.returncode == 0
    assert out.stdout.strip() == (f"No rlat hooks in {empty / '.claude' / 'settings.json'}; "
                                  "nothing to remove.")


def test_check_changes_nothing_and_takes_no_install_options(tmp_path):
    for flags in (("--uninstall",), ("--mine",), ("--no-mine",)):
        out = run_rlat("memory", "install-hooks", "--check", *flags,
                       env={"CLAUDE_CONFIG_DIR": str(tmp_path)})
        assert out.returncode == 2 and "choose one of --check and" in out.stderr, out.stderr


def _check_one(tmp_path, commands: list[str]) -> list[dict]:
    """`install-hooks --check --format json` on user settings holding ``commands`` (Stop)."""
    config = tmp_path / "config"
    config.mkdir(exist_ok=True)
    (config / "settings.json").write_text(json.dumps({"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": c} for c in commands]}]}}))
    out = run_rlat("memory", "install-hooks", "--check", "--format", "json",
                   env={"CLAUDE_CONFIG_DIR": str(config)})
    assert "Traceback" not in out.stderr, out.stderr
    return json.loads(out.stdout)["files"][0]["hooks"]


def test_check_reads_the_interpreter_that_runs_rlat_not_the_first_word(tmp_path):
    """A hook edited by hand to `cd /srv && /venv/bin/python -m rlat hook stop`: --check said
    the interpreter `cd` no longer exists, exited 1 and told the user to reinstall (which would
    overwrite the edit); `timeout 30 /gone/python -m rlat hook stop` was "ok", the interpreter
    being /usr/bin/timeout. The interpreter is the word that runs `-m rlat` (or rlat itself)."""
    import sys

    gone = str(tmp_path / "old-venv" / "bin" / "python")
    checkout = str(tmp_path / "old-checkout")
    hooks = _check_one(tmp_path, [
        f"cd {tmp_path} && {sys.executable} -P -m rlat hook stop",
        f"cd {tmp_path} && {gone} -m rlat hook stop",
        f"timeout 30 {gone} -X utf8 -P -m rlat hook stop",
        f"env PYTHONPATH={checkout} {sys.executable} -m rlat hook stop",
        f"bash -c '{gone} -m rlat hook stop'",
    ])
    assert [(h["interpreter"], h["status"]) for h in hooks] == [
        (sys.executable, "ok"), (gone, "missing"), (gone, "missing"),
        (sys.executable, "pythonpath missing"), (None, "unknown")]


def test_check_expands_a_pythonpath_as_the_shell_does(tmp_path):
    """`PYTHONPATH=$HOME/rlat-checkout python -m rlat hook stop`, a hook that works: --check
    said the PYTHONPATH directory `$HOME/rlat-checkout` no longer exists and exited 1 (it
    expanded `$HOME` and `~` in the interpreter but not in PYTHONPATH)."""
    import sys

    home = tmp_path / "home"
    (home / "rlat-checkout").mkdir(parents=True)
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": f"PYTHONPATH={p}/rlat-checkout {sys.executable} -m rlat "
                                       "hook stop"} for p in ("$HOME", "~", "${HOME}")]}]}}))
    out = run_rlat("memory", "install-hooks", "--check", "--format", "json",
                   env={"CLAUDE_CONFIG_DIR": str(config), "HOME": str(home)})
    assert out.returncode == 0, (out.stdout, out.stderr)
    assert [h["status"] for h in json.loads(out.stdout)["files"][0]["hooks"]] == ["ok"] * 3


def test_check_reads_a_project_hook_as_claude_code_runs_it(tmp_path):
    """Project hooks run in the project with $CLAUDE_PROJECT_DIR set. A project's own venv,
    `"$CLAUDE_PROJECT_DIR"/.venv/bin/python -m rlat hook stop` or `.venv/bin/python …`, was
    reported missing by `--check --project-dir p` (the variable left as is, the relative path
    read from wherever rlat ran), exit 1. In the user's settings neither can be told."""
    import sys

    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    (project / ".venv" / "bin").mkdir(parents=True)
    (project / ".venv" / "bin" / "python").symlink_to(sys.executable)
    commands = ['"$CLAUDE_PROJECT_DIR"/.venv/bin/python -m rlat hook stop',
                "${CLAUDE_PROJECT_DIR}/.venv/bin/python -m rlat hook stop",
                ".venv/bin/python -P -m rlat hook stop"]
    settings_json = json.dumps({"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": c} for c in commands]}]}})
    (project / ".claude" / "settings.json").write_text(settings_json)
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(settings_json)
    env = {"CLAUDE_CONFIG_DIR": str(config)}
    out = run_rlat("memory", "install-hooks", "--check", "--project-dir", str(project),
                   "--format", "json", cwd=tmp_path, env=env)
    assert out.returncode == 0, (out.stdout, out.stderr)
    user, proj = json.loads(out.stdout)["files"]
    assert [(h["interpreter"], h["status"]) for h in proj["hooks"]] == \
        [(str(project / ".venv" / "bin" / "python"), "ok")] * 3
    assert [(h["interpreter"], h["status"]) for h in user["hooks"]] == [(None, "unknown")] * 3
    (project / ".venv" / "bin" / "python").unlink()  # the venv deleted: now it is missing
    out = run_rlat("memory", "install-hooks", "--check", "--project-dir", str(project),
                   "--format", "json", cwd=tmp_path, env=env)
    assert out.returncode == 1
    assert [h["status"] for h in json.loads(out.stdout)["files"][1]["hooks"]] == ["missing"] * 3
