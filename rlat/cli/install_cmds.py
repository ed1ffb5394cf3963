"""`rlat memory install-hooks`: put rlat's hooks into a Claude Code settings.json (or take them out).

The merge is idempotent and polite: rlat's own entries (recognised by their ``rlat hook
<event>`` command) are replaced, every other hook and setting is kept as it was, and a file
that is not valid JSON, or not the shape Claude Code's settings have where rlat writes, is
refused with one line and left untouched. Writes are atomic (temp file + rename, at a
symlink's target, so the symlink stays); the first write keeps a copy of the original beside
it (``settings.json.rlat-backup``, with the original's mode: settings may hold API keys).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import stat
import sys
from pathlib import Path

from ..hooks.dispatch import EVENTS, SETTINGS_TIMEOUTS
from ..paths import atomic_write, dir_problem
from .common import FORMAT_OPTION, echo, emit_json, fail
from .hook_settings import installed_entries, is_ours, settings_path
from .parsing import Arg, command

MINE_ENV = "RLAT_MINE_ATTRIBUTES"


def hook_command(event: str, rlat: str | None = None) -> str:
    """The shell command for one hook: ``rlat`` (the command line that starts rlat,
    ``rlat.cli.launch.rlat_command``; default: this interpreter) with ``-P`` (the working
    directory is not put on sys.path, so a folder named ``rlat`` in a project cannot shadow
    the package), then ``hook EVENT``."""
    rlat = rlat or f"{shlex.quote(sys.executable)} -P -m rlat"
    return f"{rlat} hook {event}"


def rlat_hooks(rlat: str | None = None) -> dict[str, list[dict]]:
    """rlat's entries for the settings ``hooks`` object, keyed by Claude Code event name."""
    out: dict[str, list[dict]] = {}
    for event, (_module, cc_name) in EVENTS.items():
        out[cc_name] = [{"hooks": [{"type": "command", "command": hook_command(event, rlat),
                                    "timeout": SETTINGS_TIMEOUTS[event]}]}]
    return out


class SettingsError(ValueError):
    pass


def load_settings(path: Path) -> dict:
    if not path.exists():
        return {}
    if path.is_dir():
        raise SettingsError(f"{path} is a directory, not a settings file")
    from ..special_files import NotRegularFile, read_regular

    try:
        text = read_regular(path).decode("utf-8")  # (a FIFO would block: refused)
    except NotRegularFile as exc:
        raise SettingsError(f"{path} is {exc.kind}, not a settings file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SettingsError(f"cannot read {path}: {exc}") from None
    if not text.strip():
        return {}
    try:
        # (a number JSON can say but not round-trip, 1e400, would be written back as Infinity,
        # which Claude Code cannot parse: refused like any other invalid JSON)
        data = json.loads(text, parse_constant=_not_json)
        json.dumps(data, allow_nan=False)
    except ValueError as exc:
        raise SettingsError(
            f"{path} is not valid JSON ({exc}); fix or move it, then run this again "
            "(the file was left untouched)") from None
    if not isinstance(data, dict):
        kind = _JSON_TYPES.get(type(data), type(data).__name__)
        raise SettingsError(f"{path} holds {kind}, not an object; "
                            "fix it, then run this again (the file was left untouched)")
    problem = shape_problem(data)
    if problem:
        raise SettingsError(f"{path}: {problem}; fix it, then run this again "
                            "(the file was left untouched)")
    return data


def _not_json(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


_JSON_TYPES = {dict: "an object", list: "a list", str: "a string", bool: "a boolean",
               int: "a number", float: "a number", type(None): "null"}


def shape_problem(data: dict) -> str:
    """What makes ``data`` not the shape Claude Code's settings have where rlat writes ("" if
    nothing): ``hooks`` an object of lists of groups (objects) whose ``hooks`` is a list of
    objects; ``env`` an object. Merging into another shape would mangle it (a string iterated
    as a list of characters), so such a file is refused instead."""
    def kind(value: object) -> str:
        return _JSON_TYPES.get(type(value), type(value).__name__)

    if "env" in data and not isinstance(data["env"], dict):
        return f'"env" is {kind(data["env"])}, not an object'
    if "hooks" not in data:
        return ""
    hooks = data["hooks"]
    if not isinstance(hooks, dict):
        return f'"hooks" is {kind(hooks)}, not an object'
    for event, groups in hooks.items():
        if not isinstance(groups, list):
            return f'"hooks.{event}" is {kind(groups)}, not a list'
        for i, group in enumerate(groups):
            if not isinstance(group, dict):
                return f'"hooks.{event}[{i}]" is {kind(group)}, not an object'
            handlers = group.get("hooks", [])
            if not isinstance(handlers, list):
                return f'"hooks.{event}[{i}].hooks" is {kind(handlers)}, not a list'
            for j, handler in enumerate(handlers):
                if not isinstance(handler, dict):
                    return f'"hooks.{event}[{i}].hooks[{j}]" is {kind(handler)}, not an object'
    return ""


def strip_ours(hooks: dict) -> tuple[dict, int]:
    """``hooks`` without rlat's handlers (empty groups and events dropped); how many went."""
    removed = 0
    out: dict = {}
    for event, groups in hooks.items():
        if not isinstance(groups, list):
            out[event] = groups
            continue
        kept_groups = []
        for group in groups:
            if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
                kept_groups.append(group)
                continue
            handlers = [h for h in group["hooks"] if not is_ours(h)]
            removed += len(group["hooks"]) - len(handlers)
            if handlers:
                kept_groups.append({**group, "hooks": handlers})
            elif len(group["hooks"]) == 0:
                kept_groups.append(group)
        if kept_groups:
            out[event] = kept_groups
    return out, removed


def merge(settings: dict, *, install: bool, mine: bool | None,
          rlat: str | None = None) -> tuple[dict, dict]:
    """The new settings and a summary. Pure: never touches a file."""
    result = dict(settings)
    hooks, removed = strip_ours(dict(settings.get("hooks") or {}))
    others = sum(len(g.get("hooks", [])) for groups in hooks.values() if isinstance(groups, list)
                 for g in groups if isinstance(g, dict) and isinstance(g.get("hooks"), list))
    if install:
        for event, groups in rlat_hooks(rlat).items():
            hooks.setdefault(event, [])
            hooks[event] = list(hooks[event]) + groups
    if hooks:
        result["hooks"] = hooks
    else:
        result.pop("hooks", None)
    env = dict(result.get("env") or {}) if isinstance(result.get("env"), dict) else None
    if env is None and "env" in result:
        raise SettingsError("\"env\" in the settings is not an object; fix it, then run this again")
    env = env or {}
    if not install or mine is False:
        env.pop(MINE_ENV, None)
    elif mine:
        env[MINE_ENV] = "1"
    if env:
        result["env"] = env
    else:
        result.pop("env", None)
    summary = {"installed": install, "events": sorted(EVENTS) if install else [],
               "replaced": removed, "kept_other_hooks": others,
               "mine": env.get(MINE_ENV) == "1"}
    return result, summary


def keep_original(path: Path, current: dict) -> None:
    """Copy ``path`` (``current``: what it holds) to ``settings.json.rlat-backup`` before rlat
    first changes it: once, and only while it holds none of rlat's hooks — a file rlat created
    or already changed is not the user's original, and a backup of it would restore rlat's
    hooks to someone undoing rlat. The copy takes the original's mode: settings.json may hold
    API keys in its ``env``, and a 0600 file must not get a world-readable twin."""
    backup = path.with_name(path.name + ".rlat-backup")
    if backup.exists() or backup.is_symlink() or strip_ours(current.get("hooks") or {})[1]:
        return
    try:
        with open(path, "rb") as fh:  # (through a symlink: the user's file itself)
            original = fh.read()
            mode = stat.S_IMODE(os.fstat(fh.fileno()).st_mode) & 0o777
    except FileNotFoundError:
        return  # nothing of the user's to keep: rlat creates the file
    with atomic_write(backup, file_mode=mode) as out:
        out.write(original)


def write_settings(path: Path, data: dict, current: dict) -> None:
    """Atomically, at the file's real location: a settings.json that is a symlink (into a
    dotfiles repository, say) stays a symlink and its target gets the new content. ``current``:
    what the file holds now (``keep_original``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    keep_original(path, current)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if not target.parent.is_dir():  # (a dangling link: its target's directory is not ours to make)
        raise SettingsError(f"{path} is a symlink to {target}, whose directory does not "
                            "exist; fix or remove the link, then run this again")
    with atomic_write(target, "w", encoding="utf-8") as fh:  # keeps an existing file's mode
        fh.write(json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n")


# ------------------------------------------------------------------------------------ --check


def _program(command: str, project: str | None = None) -> tuple[str | None, list[str]]:
    """The program that runs rlat in a hook command (``PYTHON [options] -m rlat hook EVENT``:
    the interpreter; else the ``rlat`` or ``rlat-hook`` word itself), read in the part of the
    command that runs it (not a ``cd … &&`` before it, nor a wrapper such as ``timeout 30`` or
    ``env``), ``~`` and ``$VARS`` expanded as the shell would, and the PYTHONPATH directories
    set for it; (None, []) when rlat cannot tell (``bash -c '…'``, unbalanced quotes).
    ``project``: the directory a project's hooks run in, with ``$CLAUDE_PROJECT_DIR`` set to
    it (None for the user's hooks, which run in whichever project a session starts in: a path
    relative to it or naming ``$CLAUDE_PROJECT_DIR`` cannot be told there)."""
    lex = shlex.shlex(command, posix=True, punctuation_chars=True)
    lex.whitespace_split, lex.commenters = True, ""
    try:
        tokens = list(lex)
    except ValueError:
        return None, []
    segments: list[list[str]] = [[]]
    for token in tokens:  # (split at ; && || | & ( ): one simple command each)
        if token and set(token) <= set(";&|()"):
            segments.append([])
        else:
            segments[-1].append(token)
    for n, words in enumerate(segments):
        for i in range(len(words)):
            if not _runs_rlat(words, i):
                continue
            j = i
            if i >= 1 and words[i - 1] == "-m":  # back over the interpreter's options
                j = i - 2
                while j >= 0 and (words[j].startswith("-")
                                  or j >= 1 and words[j - 1] in _WITH_VALUE):
                    j -= 1
                if j < 0:
                    return None, []
            # (after a `cd … &&` a relative path is relative to somewhere else)
            where = project if n == 0 else None
            value = next((w.partition("=")[2] for w in reversed(words[:j])
                          if w.startswith("PYTHONPATH=")), "")
            pythonpath = [e for d in value.split(os.pathsep) if d and (e := _expand(d, where))]
            program = _expand(words[j], where)
            return (program, pythonpath) if program else (None, [])
    return None, []


def _expand(word: str, project: str | None) -> str:
    """``word`` with ``~`` and ``$VARS`` expanded as the shell would (in an assignment's value
    too), made absolute in ``project``; "" when that cannot be told here (a variable rlat does
    not have, a relative path in the user's hooks)."""
    word = _PROJECT_VAR.sub(lambda _m: project or "$CLAUDE_PROJECT_DIR", word)
    word = os.path.expandvars(os.path.expanduser(word))
    if "$" in word:
        return ""
    if os.sep in word and not os.path.isabs(word):
        return os.path.join(project, word) if project else ""
    return word


_PROJECT_VAR = re.compile(r"\$(?:\{CLAUDE_PROJECT_DIR\}|CLAUDE_PROJECT_DIR\b)")


_WITH_VALUE = ("-X", "-W")  # (python's options whose value is the next word)
_RLAT_WORDS = ("rlat", "rlat.exe", "rlat-hook")


def _runs_rlat(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is the rlat of ``rlat hook EVENT`` / ``rlat-hook EVENT``."""
    if re.split(r"[\\/]", words[i])[-1] not in _RLAT_WORDS:
        return False
    rest = words[i + 1:i + 3]
    return bool(rest) and (rest[0] in EVENTS or rest[0] == "hook" and rest[1:] and rest[1] in EVENTS)


def check_entry(event: str, command: str, current: str, project: str | None = None) -> dict:
    """What one of rlat's hook entries runs, and whether that still can: ``status`` is ok,
    missing, not executable, pythonpath missing (the checkout it imports rlat from is gone),
    or unknown (a command rlat cannot read). ``current``: the interpreter install-hooks would
    pin now; ``project``: the project directory the hook runs in (``_program``)."""
    program, pythonpath = _program(command, project)
    entry = {"event": event, "command": command, "interpreter": program, "exists": False,
             "executable": False, "current": False, "status": "unknown"}
    if program is None:
        return entry
    found = program if os.sep in program else shutil.which(program)
    if found:
        entry["interpreter"] = found
    exists = bool(found) and os.path.exists(found)
    executable = exists and os.path.isfile(found) and os.access(found, os.X_OK)
    gone = [d for d in pythonpath if not os.path.isdir(d)]
    entry.update(exists=exists, executable=executable,
                 current=bool(found) and os.path.abspath(found) == os.path.abspath(current),
                 status="missing" if not exists else "not executable" if not executable
                 else "pythonpath missing" if gone else "ok")
    if gone:
        entry["pythonpath_missing"] = gone
    return entry


def _reinstall(project_dir: Path | None) -> str:
    return "rlat memory install-hooks" + (
        f" --project-dir {shlex.quote(str(project_dir))}" if project_dir is not None else "")


_WHY = {"missing": "an interpreter that no longer exists",
        "not executable": "an interpreter that is not executable",
        "pythonpath missing": "a PYTHONPATH directory that no longer exists"}


def _what_is_gone(entries: list[dict]) -> str:
    """``name an interpreter that no longer exists (/old/venv/bin/python)``, for the broken
    ``entries`` of one settings file."""
    kinds = list(dict.fromkeys(_WHY[e["status"]] for e in entries))
    paths = list(dict.fromkeys(p for e in entries for p in (
        e.get("pythonpath_missing") if e["status"] == "pythonpath missing"
        else [e["interpreter"]])))
    return f"name {' or '.join(kinds)} ({', '.join(paths)})"


def check_hooks(project_dir: Path | None, fmt: str, settings) -> int:
    """`install-hooks --check`: report, change nothing (see ``install_hooks``)."""
    from .errors import USER_ERROR, report

    current = settings.python or sys.executable
    scopes = [("user", None)] + ([("project", project_dir)] if project_dir is not None else [])
    files = []
    for scope, directory in scopes:
        path = settings_path(directory, settings.claude_config_dir)
        try:
            data = load_settings(path)
        except SettingsError as exc:
            fail(str(exc))
        where = None if directory is None else os.path.abspath(Path(directory).expanduser())
        hooks = [check_entry(event, cmd, current, where)
                 for event, cmd in installed_entries(data)]
        files.append({"settings": str(path), "scope": scope, "installed": bool(hooks),
                      "reinstall": _reinstall(directory), "hooks": hooks})
    broken = [(f, [h for h in f["hooks"] if h["status"] not in ("ok", "unknown")])
              for f in files]
    broken = [(f, bad) for f, bad in broken if bad]
    if fmt == "json":
        emit_json({"ok": not broken, "current": current, "files": files})
        return USER_ERROR if broken else 0
    for f in files:
        if not f["installed"]:
            echo(f"{f['settings']} ({f['scope']}): no rlat hooks; install them with "
                 f"`{f['reinstall']}` (loaded as a plugin, rlat runs its own hooks instead)")
            continue
        echo(f"{f['settings']} ({f['scope']}): {len(f['hooks'])} rlat hook(s)")
        width = max(len(h["event"]) for h in f["hooks"])
        for h in f["hooks"]:
            if h["status"] == "ok":
                said = "ok, this interpreter" if h["current"] else \
                    f"ok, not this interpreter ({current})"
            elif h["status"] == "unknown":
                said = "cannot tell: not a command rlat can read"
            elif h["status"] == "pythonpath missing":
                said = f"PYTHONPATH missing: {', '.join(h['pythonpath_missing'])}"
            else:
                said = h["status"]
            echo(f"  {h['event']:<{width}}  {h['interpreter'] or h['command']}  {said}")
    if not broken:
        return 0
    problems = []
    for f, bad in broken:
        problems.append(f"{len(bad)} rlat hook(s) in {f['settings']} {_what_is_gone(bad)}")
    fixes = " and ".join(f"`{f['reinstall']}`" for f, _bad in broken)
    report(f"{'; '.join(problems)}; run {fixes} again to re-pin them to {current}")
    return USER_ERROR


@command(
    Arg("--user", action="store_true",
        help="Install into your user settings (~/.claude/settings.json, or "
             "$CLAUDE_CONFIG_DIR/settings.json when that is set; the default)."),
    Arg("--project-dir", type=Path, metavar="DIR",
        help="Install into DIR/.claude/settings.json instead (this project only)."),
    Arg("--mine", action=argparse.BooleanOptionalAction,
        help=f"Also mine world facts you state, in the background (sets {MINE_ENV}=1 in the "
             "settings' env; needs a model: ANTHROPIC_API_KEY or the claude CLI on PATH). --no-mine turns it off."),
    Arg("--uninstall", action="store_true",
        help="Remove rlat's hooks (and its env setting); keep the rest. Not with --mine."),
    Arg("--check", action="store_true",
        help="Change nothing: report whether the interpreter each of rlat's hooks names (in "
             "your user settings and, with --project-dir, the project's) still exists, and "
             "whether it is this one. Exit status 1 when one is gone."),
    FORMAT_OPTION,
    one_of=(("--user", "--project-dir"), ("--mine", "--no-mine"), ("--uninstall", "--mine"),
            ("--check", "--uninstall"), ("--check", "--mine", "--no-mine")),
)
def install_hooks(user: bool, project_dir: Path | None, mine: bool | None, uninstall: bool,
                  check: bool, fmt: str, settings) -> int | None:
    """Install rlat's Claude Code hooks (capture at session end, recall at each prompt).

    Idempotent: running it again replaces rlat's entries and keeps everyone else's hooks.
    Each hook has a timeout and always exits 0, so it can never block a session. Each names
    the Python interpreter it runs: after that virtualenv is deleted or Python is upgraded,
    `--check` says which hooks name an interpreter that is gone, and running install-hooks
    again (with the same --project-dir) re-pins them. See docs/hooks.md for what each hook
    does."""
    if project_dir is not None and (problem := dir_problem(Path(project_dir).expanduser())):
        fail(f"--project-dir {project_dir}: {problem}")
    if check:
        return check_hooks(project_dir, fmt, settings)
    path = settings_path(project_dir, settings.claude_config_dir)
    try:
        current = load_settings(path)
        # Claude Code runs the hooks in its own environment: the interpreter and, if it
        # would not import this rlat by itself, PYTHONPATH, as for every configuration rlat
        # writes elsewhere (rlat.cli.launch)
        from .launch import rlat_command

        launcher = None if uninstall else rlat_command(settings)
        new, summary = merge(current, install=not uninstall, mine=mine, rlat=launcher)
        if new != current or not path.exists() and not uninstall:
            write_settings(path, new, current)
            summary["changed"] = True
        else:
            summary["changed"] = False
    except SettingsError as exc:
        fail(str(exc))
    summary["settings"] = str(path)
    if not uninstall:
        from .. import patterns

        try:
            patterns.warm()  # (so the first session's hooks find the patterns compiled)
        except Exception:  # noqa: BLE001 - only a cache: the hooks compile without it
            pass
    if fmt == "json":
        emit_json(summary)
        return
    if uninstall and not summary["replaced"]:
        echo(f"No rlat hooks in {path}; nothing to remove.")
        return
    if uninstall:
        echo(f"Removed {summary['replaced']} rlat hook(s) from {path}"
             f" (kept {summary['kept_other_hooks']} other hook(s)).")
        return
    if not summary["changed"]:
        echo(f"rlat hooks already installed in {path}, unchanged: "
             f"{', '.join(summary['events'])}.")
        return
    verb = "Updated" if summary["replaced"] else "Installed"
    echo(f"{verb} rlat hooks in {path}: {', '.join(summary['events'])}"
         f" (kept {summary['kept_other_hooks']} other hook(s)).")
    if summary["mine"]:
        echo(f"World-fact mining is on ({MINE_ENV}=1); it needs a model "
             "(ANTHROPIC_API_KEY, or the claude CLI on PATH).")
    from ..paths import log_dir

    echo("Every new Claude Code session is now captured and recalled. Hooks never "
         f"interrupt a session; their problems go to {log_dir() / 'hooks.log'}.")
