"""Which files a knowledge model is built from, and how a source file is read.

* Inputs are files or directories. A directory is walked (sorted, deterministic); a file named
  on the command line is always included (unless it is binary).
* ``.gitignore`` files are respected: those inside the walked directories and those between an
  input and its repository root. Git's rules: last match wins, ``!`` re-includes, a trailing
  ``/`` matches directories only, a pattern with a ``/`` before its end is anchored to its
  ``.gitignore``'s directory, ``**`` spans directories (the glob language: ``rlat.globs``). An
  ignored directory is not entered.
* ``--exclude GLOB`` uses the same pattern language, relative to the source root.
* Always skipped: version-control and cache directories (``ALWAYS_SKIPPED_DIRS``).
* Paths are stored relative to the *source root* (the inputs' common directory), with ``/``.

A file or folder whose name is not UTF-8 (a passage path is UTF-8 text) is skipped with a note,
not the whole build. Reading: only regular files are read. A FIFO, device or socket (named on the command line or
met in a walk, also behind a symlink) is skipped with a note, never opened in a way that could
block, and no read is larger than ``MAX_FILE_BYTES`` + 1. A file whose first 8 KiB contain a NUL byte, or that is not valid UTF-8 in most of its
bytes, is binary and skipped (counted). Otherwise it is decoded as UTF-8 (undecodable bytes
become U+FFFD) with newlines untouched, so a passage's character span re-reads exactly.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..globs import GlobError, glob_regex
from ..special_files import NotRegularFile, read_regular
from .chunk import DEFAULT_EXTS

ALWAYS_SKIPPED_DIRS = frozenset({
    ".git", ".hg", ".svn", ".bzr", "__pycache__", "node_modules", ".venv", ".tox", ".nox",
    ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis",
})
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_IGNORE_BYTES = 1024 * 1024
_SNIFF = 8192


# ------------------------------------------------------------------------------ patterns
@dataclass(slots=True)
class Rule:
    base: str  # directory (relative to the walk's reference point, "" = root) the rule lives in
    regex: re.Pattern
    negate: bool
    dir_only: bool
    source: str  # the original pattern, for messages

    def matches(self, rel: str, is_dir: bool) -> bool:
        if self.dir_only and not is_dir:
            return False
        if self.base:
            if not rel.startswith(self.base + "/"):
                return False
            rel = rel[len(self.base) + 1 :]
        return self.regex.fullmatch(rel) is not None


def compile_pattern(pattern: str, base: str = "") -> Rule | None:
    """One gitignore-style line → a Rule (None for blanks and comments, and, as git does, for
    a line that is not a glob: it matches nothing; ``pattern_problem`` says why)."""
    parsed = _parse_line(pattern)
    if parsed is None:
        return None
    line, negate, dir_only = parsed
    try:
        regex = glob_regex(line)  # git's glob language (rlat.globs), anchored when "/" is in it
    except GlobError:
        return None
    return Rule(base, regex, negate, dir_only, pattern.strip())


def pattern_problem(pattern: str) -> str | None:
    """Why ``pattern`` (a ``--exclude``) is not a glob, or None when it is one."""
    parsed = _parse_line(pattern)
    if parsed is None:
        return None
    try:
        glob_regex(parsed[0])
    except GlobError as exc:
        return str(exc)
    return None


def _parse_line(pattern: str) -> tuple[str, bool, bool] | None:
    """(glob, negated, directories only) of one line; None for a blank or a comment."""
    line = pattern.rstrip("\n\r")
    if not line.strip() or line.startswith("#"):
        return None
    # trailing spaces are ignored unless escaped
    while line.endswith(" ") and not line.endswith("\\ "):
        line = line[:-1]
    negate = line.startswith("!")
    if negate:
        line = line[1:]
    elif line.startswith("\\!") or line.startswith("\\#"):
        line = line[1:]
    dir_only = line.endswith("/")
    line = line.rstrip("/")
    return (line, negate, dir_only) if line else None


def read_ignore_file(path: Path, base: str) -> list[Rule]:
    try:
        text = _read_bounded(path, MAX_IGNORE_BYTES).decode("utf-8", errors="replace")
    except OSError:  # also NotRegularFile: a .gitignore FIFO is no rules, not a hang
        return []
    return [r for r in (compile_pattern(line, base) for line in text.splitlines()) if r]


def ignored(rules: list, rel: str, is_dir: bool) -> bool:
    result = False
    for rule in rules:
        if rule.matches(rel, is_dir):
            result = not rule.negate
    return result


# --------------------------------------------------------------------------------- walking
@dataclass(slots=True)
class SourceFile:
    path: Path  # absolute
    rel: str  # relative to the source root, "/"-separated


@dataclass(slots=True)
class WalkResult:
    root: Path
    files: list[SourceFile] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # inputs that do not exist
    skipped: dict[str, int] = field(default_factory=dict)  # reason -> count (ignored, excluded...)
    noted: list[tuple[str, str]] = field(default_factory=list)  # (shown path, reason) to name

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1

    def unnamed(self, rel: str) -> bool:
        """True (and the path counted and noted as skipped) when ``rel`` holds bytes that are
        not UTF-8 (Python's surrogate escapes): a passage's path is stored as UTF-8 text, so
        such a file cannot be a source; one file so named must not stop the whole build."""
        try:
            rel.encode("utf-8")
        except UnicodeEncodeError:
            self.skip(NAME_NOT_UTF8)
            self.noted.append((shown_path(rel), NAME_NOT_UTF8))
            return True
        return False


NAME_NOT_UTF8 = "name not UTF-8"


def shown_path(rel: str) -> str:
    """``rel`` printable: bytes that are not UTF-8 as ``\\xNN``."""
    return rel.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def common_root(inputs: list[Path]) -> Path:
    """The deepest directory containing every input (a file's own directory for a file)."""
    dirs = [str(p if p.is_dir() else p.parent) for p in inputs]
    return Path(os.path.commonpath(dirs)) if dirs else Path.cwd()


def rel_to(path: Path, root: Path) -> str:
    return Path(os.path.relpath(path, root)).as_posix()


def outside_root(rel: object) -> str:
    """Why ``rel`` (an input or a file path as a KM's META stores it) does not name a path
    inside the source root, or "" when it does: it must be a relative path with no ``..``
    (``"."`` is the root). Lexical only: a symlink is the caller's to resolve."""
    if not isinstance(rel, str):
        return "not a path"
    if "\0" in rel:
        return "a NUL byte in it"
    if rel.startswith(("/", "\\")) or Path(rel).is_absolute() or Path(rel).drive:
        return "an absolute path"
    if any(part == ".." for part in rel.replace("\\", "/").split("/")):
        return "it climbs out with '..'"
    return ""


def _repo_rules(start: Path, root: Path) -> list:
    """.gitignore rules from ``start``'s repository root down to ``start`` (exclusive), with bases
    relative to ``root`` (rules above ``root`` match paths relative to their own directory, so
    they are rebased; a rule that cannot apply below ``root`` is kept and simply never matches)."""
    chain: list[Path] = []
    cur = start
    while True:
        chain.append(cur)
        if (cur / ".git").exists() or cur.parent == cur:
            break
        cur = cur.parent
    if not (chain[-1] / ".git").exists():
        return []  # not in a repository: only .gitignore files inside the walk count
    rules: list = []
    for folder in reversed(chain[1:]):  # ancestors of start, top-down
        ignore = folder / ".gitignore"
        if not ignore.is_file():
            continue
        prefix = rel_to(start, folder)  # start's path relative to that .gitignore's folder
        for rule in read_ignore_file(ignore, ""):
            rules.append(_Rebased(rule, prefix, rel_to(start, root)))
    return rules


class _Rebased:
    """A rule from a .gitignore above the walk: test paths as seen from its own directory."""

    __slots__ = ("inner", "prefix", "start_rel", "negate", "dir_only", "source")

    def __init__(self, inner: Rule, prefix: str, start_rel: str) -> None:
        self.inner = inner
        self.prefix = prefix  # the walked directory relative to the rule's folder
        self.start_rel = "" if start_rel == "." else start_rel  # walked dir relative to root
        self.negate = inner.negate
        self.dir_only = inner.dir_only
        self.source = inner.source

    def matches(self, rel: str, is_dir: bool) -> bool:
        if self.start_rel:
            if not (rel == self.start_rel or rel.startswith(self.start_rel + "/")):
                return False
            rel = rel[len(self.start_rel) :].lstrip("/")
        full = f"{self.prefix}/{rel}" if rel else self.prefix
        return self.inner.matches(full, is_dir)


def walk(inputs: list[Path], root: Path, *, exts: tuple[str, ...] | None = None,
         excludes: tuple[str, ...] = (), gitignore: bool = True) -> WalkResult:
    """Every source file under ``inputs`` (see module docstring), deduplicated, in order."""
    result = WalkResult(root=root)
    wanted = {e.lower().lstrip(".") for e in (exts or DEFAULT_EXTS)}
    exclude_rules = [r for r in (compile_pattern(p) for p in excludes) if r]
    seen: set[str] = set()

    def want_name(name: str) -> bool:
        lower = name.lower()
        ext = lower.rsplit(".", 1)[-1] if "." in lower else lower
        return ext in wanted

    for raw in inputs:
        path = Path(raw)
        if not path.exists():
            result.missing.append(str(raw))
            continue
        path = path.resolve()
        if not path.is_dir():  # a file (a FIFO or device too: read_source skips it, with a note)
            rel = rel_to(path, root)
            if result.unnamed(rel):
                continue
            if rel not in seen:
                seen.add(rel)
                result.files.append(SourceFile(path, rel))
            continue
        base_rules = _repo_rules(path, root) if gitignore else []
        rules_for: dict[str, list] = {}
        for dirpath, dirnames, filenames in os.walk(path):
            here = Path(dirpath)
            rel_dir = rel_to(here, root)
            rel_dir = "" if rel_dir == "." else rel_dir
            parent_rules = rules_for.get(str(here.parent), base_rules) if here != path else base_rules
            rules = parent_rules
            if gitignore and ".gitignore" in filenames:
                rules = parent_rules + read_ignore_file(here / ".gitignore", rel_dir)
            rules_for[str(here)] = rules
            keep_dirs = []
            for d in sorted(dirnames):
                rel = f"{rel_dir}/{d}" if rel_dir else d
                if d in ALWAYS_SKIPPED_DIRS:
                    continue
                if rules and ignored(rules, rel, True):
                    result.skip("ignored")
                    continue
                if exclude_rules and ignored(exclude_rules, rel, True):
                    result.skip("excluded")
                    continue
                if result.unnamed(rel):
                    continue
                keep_dirs.append(d)
            dirnames[:] = keep_dirs
            for name in sorted(filenames):
                rel = f"{rel_dir}/{name}" if rel_dir else name
                if name == ".gitignore":
                    continue
                if not want_name(name):
                    result.skip("other extension")
                    continue
                if rules and ignored(rules, rel, False):
                    result.skip("ignored")
                    continue
                if exclude_rules and ignored(exclude_rules, rel, False):
                    result.skip("excluded")
                    continue
                if result.unnamed(rel):
                    continue
                if rel in seen:
                    continue
                seen.add(rel)
                result.files.append(SourceFile(here / name, rel))
    return result


# --------------------------------------------------------------------------------- reading
@dataclass(slots=True)
class ReadResult:
    text: str | None
    size: int = 0
    mtime_ns: int = 0
    digest: str = ""  # sha256 of the bytes, 16 hex
    problem: str = ""  # "binary", "unreadable: …", "too large"


def file_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def looks_binary(data: bytes) -> bool:
    head = data[:_SNIFF]
    if b"\x00" in head:
        return True
    try:
        head.decode("utf-8")
        return False
    except UnicodeDecodeError as exc:
        if exc.start >= len(head) - 4:  # a multi-byte character cut by the sniff window
            return False
    bad = head.decode("utf-8", errors="replace").count("\ufffd")
    return bad > len(head) // 20  # more than 5% undecodable: not text


def decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def source_text(data: bytes) -> str:
    """A source file's text as a knowledge model holds it: decoded and scrubbed of secrets
    (``rlat.scrub``; a .rlat file is meant to be shared and committed), so a password in a
    config file never reaches a passage, a search result or a session. Build, refresh and the
    provenance check all read sources through this, so their passages and hashes agree."""
    from ..scrub import scrub_text

    return scrub_text(decode(data))


def _read_bounded(path: Path, limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of a regular file (NotRegularFile for anything else)."""
    return read_regular(path, limit + 1)


def read_source(path: Path) -> ReadResult:
    try:
        st = path.stat()
        if st.st_size > MAX_FILE_BYTES:
            return ReadResult(None, st.st_size, st.st_mtime_ns, problem="too large")
        data = _read_bounded(path, MAX_FILE_BYTES)
        if len(data) > MAX_FILE_BYTES:  # grew since the stat
            return ReadResult(None, len(data), st.st_mtime_ns, problem="too large")
    except NotRegularFile as exc:
        return ReadResult(None, problem=f"{exc.strerror}")
    except PermissionError:
        return ReadResult(None, problem="unreadable: permission denied")
    except IsADirectoryError:
        return ReadResult(None, problem="unreadable: is a directory")
    except OSError as exc:
        return ReadResult(None, problem=f"unreadable: {exc.strerror or exc}")
    if looks_binary(data):
        return ReadResult(None, len(data), st.st_mtime_ns, file_digest(data), problem="binary")
    return ReadResult(source_text(data), len(data), st.st_mtime_ns, file_digest(data))
