"""Workspace identity: which project a claim was learned in.

A stable id from the git repository, so subfolders, worktrees and clones agree: the
normalised ``origin`` remote when there is one (a clone of a local repository follows its
local-path origin to that repository's id), else the repository's root commit. Outside git
it is the normalised real path (a Windows drive path, case-folded). Read from ``.git`` files directly where possible, because the
hook path pays for every subprocess.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .paths import dir_problem, normalise_path


def find_git_dir(start: Path) -> tuple[Path, Path] | None:
    """(work-tree root, common git dir) for ``start``, following worktree `.git` files."""
    for folder in (start, *start.parents):
        dotgit = folder / ".git"
        if dotgit.is_dir():
            return folder, dotgit
        if dotgit.is_file():
            try:
                text = dotgit.read_text(encoding="utf-8", errors="replace").strip()
            except OSError:
                return None
            if not text.startswith("gitdir:"):
                return None
            gitdir = (folder / text.split(":", 1)[1].strip()).resolve()
            common = gitdir
            commondir = gitdir / "commondir"
            if commondir.is_file():
                common = (gitdir / commondir.read_text().strip()).resolve()
            return folder, common
    return None


@lru_cache(maxsize=1)
def _scp_like() -> re.Pattern:
    """``user@host:path`` (compiled on first use: an https remote never needs it)."""
    return re.compile(r"^(?:[^@/]+@)?([^:/]+):(.+)$")


def normalise_remote(url: str) -> str:
    """``git@github.com:Org/Repo.git`` and ``https://github.com/org/repo`` → ``github.com/org/repo``."""
    url = url.strip()
    if "://" in url:
        rest = url.split("://", 1)[1]
        rest = rest.split("@", 1)[1] if "@" in rest.split("/", 1)[0] else rest
        host, _, path = rest.partition("/")
        host = host.split(":", 1)[0]
    else:
        match = _scp_like().match(url)
        if not match:
            return url.lower().removesuffix(".git").rstrip("/")
        host, path = match.group(1), match.group(2)
    path = path.strip("/").removesuffix(".git")
    return f"{host.lower()}/{path.lower()}"


ORIGIN_SECTION = 'remote "origin"'


def _origin_url(common: Path) -> str | None:
    """The ``url`` of ``[remote "origin"]`` in the repository's config, as
    ``configparser.ConfigParser(strict=False, interpolation=None)`` reads it (the reference,
    ``_origin_url_configparser``). Read here without importing configparser (~1.5 ms and eight
    regexes for every hook), by the same rules; the rare file this cannot decode is handed to
    configparser itself."""
    try:
        with open(common / "config", encoding="utf-8") as fh:
            text = fh.read()
    except UnicodeDecodeError:
        return _origin_url_configparser(common)
    except OSError:
        return None  # configparser skips a file it cannot open or read
    return _origin_from_text(text)


def _origin_from_text(text: str) -> str | None:
    """configparser's reading (``RawConfigParser._read``: default comment prefixes, no
    inline comments, blank lines kept in values, ``=``/``:`` delimiters, lower-cased option
    names, non-strict) of the lines of ``text``, for the one value asked."""
    import io

    sections: dict[str, dict[str, list[str]]] = {}
    defaults: dict[str, list[str]] = {}
    cursect: dict[str, list[str]] | None = None
    optname: str | None = None
    indent_level = 0
    broken = False  # a line configparser rejects: it raises at the end (no value)
    for line in io.StringIO(text):  # lines as a text-mode file yields them
        value = line.strip()
        if value.startswith(("#", ";")):
            continue  # a full-line comment (not even a blank line in a value)
        if not value:
            if cursect is not None and optname:
                cursect[optname].append("")
            continue
        indent = len(line) - len(line.lstrip())
        if cursect is not None and optname and indent > indent_level:
            cursect[optname].append(value)  # a continuation line
            continue
        indent_level = indent
        close = value.rfind("]")
        if value[0] == "[" and close >= 2:  # a section header: [name], name as permissive as \[(.+)\]
            name = value[1:close]
            if name in sections:
                cursect = sections[name]
            elif name == "DEFAULT":
                cursect = defaults
            else:
                cursect = sections[name] = {}
            optname = None
        elif cursect is None:
            return None  # an option before any section header
        else:
            cuts = [i for i in (value.find("="), value.find(":")) if i >= 0]
            if not cuts:
                broken = True
                continue
            cut = min(cuts)
            if cut == 0:
                broken = True
            optname = value[:cut].rstrip().lower()
            cursect[optname] = [value[cut + 1:].strip()]
    if broken or ORIGIN_SECTION not in sections:
        return None
    found = sections[ORIGIN_SECTION].get("url", defaults.get("url"))
    return None if found is None else "\n".join(found).rstrip()


def _origin_url_configparser(common: Path) -> str | None:
    import configparser

    config = configparser.ConfigParser(strict=False, interpolation=None)
    try:
        config.read(common / "config", encoding="utf-8")
    except (OSError, configparser.Error):
        return None
    section = ORIGIN_SECTION
    if config.has_section(section) and config.has_option(section, "url"):
        return config.get(section, "url")
    return None


def _root_commit(root: Path) -> str | None:
    import subprocess  # here, not at the top: most hooks never need it and it costs ms to import

    try:
        out = subprocess.run(
            ["git", "rev-list", "--max-parents=0", "HEAD"],
            cwd=root, capture_output=True, text=True, timeout=2,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    commits = sorted(out.stdout.split())
    return commits[0] if out.returncode == 0 and commits else None


def _local_remote(url: str, root: Path) -> Path | None:
    """The directory a local-path remote points at (``git clone /path/a b`` records the path
    ``/path/a`` as origin), or None for a network remote."""
    url = url.strip()
    if url.startswith("file://"):
        url = url[len("file://"):]
    elif "://" in url or _scp_like().match(url) and not (len(url) >= 2 and url[1] == ":"):
        return None
    path = Path(url)
    if not path.is_absolute():
        path = root / path
    try:
        path = path.resolve()
    except OSError:
        return None
    return path if path.is_dir() else None


@lru_cache(maxsize=64)
def project_dir_problem(raw: str) -> str | None:
    """Why ``raw`` cannot name a project's directory here ("no such directory", "not a
    directory"), or None when it can. A workspace id is read from the directory itself (its
    repository), so a path that is not one here gives claims an id no session recalls. A Windows
    path (``C:\\…``) seen from elsewhere passes: its id is its spelling (``workspace_id``)."""
    if len(raw) >= 2 and raw[1] == ":" and raw[0].isalpha():
        return None
    return dir_problem(Path(raw).expanduser())


def workspace_id(cwd: str) -> str:
    """The workspace a directory belongs to (see module docstring)."""
    return _workspace_id(cwd, ())


def _workspace_id(cwd: str, seen: tuple[str, ...]) -> str:
    norm = normalise_path(cwd)
    if len(norm) >= 2 and norm[1] == ":":
        # A Windows path seen from elsewhere: kept as a path, case-folded (Windows paths are
        # case-insensitive, so C:\Users\Me\Repo and c:/users/me/repo are one workspace).
        return "path:" + norm.casefold()
    found = find_git_dir(Path(norm))
    if found:
        root, common = found
        remote = _origin_url(common)
        if remote:
            local = _local_remote(remote, root)
            if local is None:
                return "git:" + normalise_remote(remote)
            # A clone of a local repository is the same project as its source: follow it.
            if str(local) not in seen and str(local) != str(root):
                return _workspace_id(str(local), (*seen, str(root)))
        commit = _root_commit(root)
        if commit:
            return "git-root:" + commit
        return "path:" + normalise_path(str(root))
    return "path:" + norm


def earlier_ids(cwd: str, current: str | None = None) -> list[str]:
    """The ids the project at ``cwd`` had before its current one (``current``, worked out
    when not given): a repository is ``path:`` until its first commit, ``git-root:`` until it
    gets an ``origin``. Claims learned under those are the project's too
    (``rlat.workspace_moves``)."""
    norm = normalise_path(cwd)
    found = find_git_dir(Path(norm))
    if not found:
        return []
    root, common = found
    if _cloned(common):
        return []  # a clone had its origin's id from the start: no earlier id was this project's
    current = current or workspace_id(cwd)
    out = ["path:" + normalise_path(str(root)), "path:" + norm]
    commit = _root_commit(root)
    if commit:
        out.append("git-root:" + commit)
    return [wid for wid in dict.fromkeys(out) if wid != current]


def _cloned(common: Path) -> bool:
    """Whether the repository was made by ``git clone`` (its HEAD log's first entry says so),
    not ``git init``: a clone of a template shares its root commit with every other clone."""
    try:
        with open(common / "logs" / "HEAD", encoding="utf-8", errors="replace") as fh:
            first = fh.readline()
    except OSError:
        return True  # no history to tell: assume the safer answer
    return "\tclone: " in first


def describe(cwd: str) -> dict:
    import hashlib

    wid = workspace_id(cwd)
    found = find_git_dir(Path(normalise_path(cwd)))
    return {
        "workspace": wid,
        "short": hashlib.sha256(wid.encode()).hexdigest()[:8],
        "root": str(found[0]) if found else normalise_path(cwd),
        "kind": wid.split(":", 1)[0],
    }
