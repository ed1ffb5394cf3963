"""rlat's hooks in Claude Code's settings.json: where the file is, and which entries are rlat's.

Shared by `rlat memory install-hooks` (which writes and checks them) and `rlat memory list`
(whose hint on an empty store depends on whether they are installed): a small module of its
own, so `memory list` reads one or two small files without loading the installer.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..hooks.dispatch import EVENTS

# `rlat hook <event>` in any spelling we ever wrote: a console script, `python -m rlat`, the
# plugin launcher.
_OURS = re.compile(r"(?:\brlat(?:\.exe)?['\"]?|rlat-hook['\"]?)\s+(?:hook\s+)?(?:"
                   + "|".join(map(re.escape, EVENTS)) + r")\b")


def is_ours(handler: object) -> bool:
    return isinstance(handler, dict) and isinstance(handler.get("command"), str) \
        and bool(_OURS.search(handler["command"]))


def settings_path(project_dir: Path | None, claude_config_dir: str | None) -> Path:
    """Claude Code's settings.json: the project's, else the user's (in ``CLAUDE_CONFIG_DIR``
    when that is set)."""
    if project_dir is not None:
        return Path(project_dir).expanduser() / ".claude" / "settings.json"
    config = claude_config_dir
    base = Path(config).expanduser() if config else Path.home() / ".claude"
    return base / "settings.json"


def installed_entries(data: dict) -> list[tuple[str, str]]:
    """(Claude Code event, command) of each of rlat's handlers in settings ``data``."""
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return []
    return [(event, handler["command"]) for event, groups in hooks.items()
            if isinstance(groups, list) for group in groups
            if isinstance(group, dict) and isinstance(group.get("hooks"), list)
            for handler in group["hooks"] if is_ours(handler)]


def has_rlat_hooks(path: Path) -> bool:
    """Whether the settings file at ``path`` holds any of rlat's hooks (False when it is
    missing or unreadable). Cheap: one small file read, no validation beyond JSON."""
    from ..special_files import read_regular

    try:
        data = json.loads(read_regular(path, 1 << 20))  # (a FIFO: refused, never waited on)
    except (OSError, ValueError):  # (NotRegularFile is an OSError)
        return False
    return isinstance(data, dict) and bool(installed_entries(data))


def hooks_installed_at(claude_config_dir: str | None) -> Path | None:
    """The settings file that holds rlat's hooks for a session started here: the user's,
    else the project settings (``.claude/settings.json``) of the current directory or of a
    directory above it, up to the repository's root (a session is usually started there, and
    ``rlat`` run anywhere inside); None when none does. A few small files read: cheap enough
    for a hint."""
    candidates = [settings_path(None, claude_config_dir)]
    try:
        here = Path(os.getcwd())
    except OSError:  # (the working directory is gone: only the user's settings)
        here = None
    for directory in (here, *here.parents) if here is not None else ():
        candidates.append(settings_path(directory, claude_config_dir))
        if (directory / ".git").exists():
            break  # (the repository's root: a project above it is another project)
    return next((path for path in candidates if has_rlat_hooks(path)), None)
