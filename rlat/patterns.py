"""Regular expressions compiled once per machine, not once per hook process.

Every hook runs in a new Python process, and ``re.compile`` works in pure Python: it parses a
pattern, then emits the code the C matcher (``_sre``) runs. rlat's capture rules, scrubber and
recall floor hold ~400 patterns, which cost SessionEnd ~100 ms and UserPromptSubmit ~20 ms of
each run before any work (bench/RESULTS.md; docs/architecture.md, "Compiled patterns"). The
emitted code is a list of integers from which ``_sre`` builds the same pattern object in
microseconds, so it is kept in a file per module (``cache_dir()``) and used when it is there.

A module opts in with ``rx = patterns.compiler(__name__)`` and writes ``rx(r"…", re.I)``
where it wrote ``re.compile``. ``save()`` writes what this process compiled that its files
lacked (the background worker calls it after each job, ``warm()`` first imports every module
the hooks use); a hook never writes.

This leans on CPython's private half of ``re`` — ``re._parser.parse``, ``re._compiler._code``
and ``_sre.compile``, the three steps ``re.compile`` takes. So a file is keyed by the
interpreter's exact build and ``_sre``'s code format, and anything unexpected (another
interpreter, a missing function, a file that does not load, an entry ``_sre`` refuses)
falls back to ``re.compile``: the cache may make a process faster, never give a different
pattern (tests/foundation/test_patterns.py).

Import-light (``marshal`` and ``array`` are built in): every hook imports it.
"""

from __future__ import annotations

import marshal
import os
import re
import sys
from array import array
from pathlib import Path

try:
    import _sre
    from re import _compiler, _parser

    _BUILD = (sys.implementation.name, sys.version, _sre.MAGIC, _sre.CODESIZE)
    _USABLE = sys.implementation.name == "cpython" and _sre.CODESIZE == 4 \
        and callable(getattr(_compiler, "_code", None)) and callable(getattr(_parser, "parse",
                                                                              None))
except (ImportError, AttributeError):  # another interpreter: re.compile it is
    _BUILD, _USABLE = None, False

FORMAT = 1  # what a file holds (bump when the entry shape below changes)
ENV_DISABLE = "RLAT_PATTERN_CACHE"  # "0": compile every pattern with re.compile (no files)
# The hook path's modules that compile patterns at import: what ``warm`` imports, so the
# worker leaves a file for each even when its own job needed none of them.
HOOK_MODULES = (
    "rlat.capture.pipeline", "rlat.hooks.user_prompt", "rlat.retrieval.recall",
    "rlat.hooks.dispatch", "rlat.hooks.stop",
)

_compilers: dict[str, Compiler] = {}


def cache_dir() -> Path:
    """``$RLAT_HOME/cache/patterns`` when RLAT_HOME is set, else the platform's user cache
    dir's ``patterns``. Nothing in it is the user's: rlat's own patterns, compiled."""
    override = os.environ.get("RLAT_HOME")
    if override:
        from .paths import resolve_home

        return resolve_home(override) / "cache" / "patterns"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("rlat", appauthor=False)) / "patterns"


def enabled() -> bool:
    return _USABLE and os.environ.get(ENV_DISABLE, "").strip() != "0"


class Compiler:
    """``re.compile`` for one module, served from that module's file when it holds the
    pattern (see the module docstring)."""

    __slots__ = ("module", "_stored", "_used", "_new")

    def __init__(self, module: str) -> None:
        self.module = module
        self._stored: dict | None = None  # (pattern, flags) -> entry, read on first use
        self._used: dict = {}  # every entry this process compiled or read, to save
        self._new = False

    def path(self) -> Path:
        # (named for the interpreter too: two Pythons running hooks keep a file each instead of
        # overwriting each other's; the build key inside still decides whether one is read)
        return cache_dir() / f"{self.module}.{sys.implementation.cache_tag}.marshal"

    def __call__(self, pattern: str, flags: int = 0) -> re.Pattern:
        flags = int(flags)
        if not isinstance(pattern, str) or flags & re.DEBUG or not enabled():
            return re.compile(pattern, flags)
        key = (pattern, flags)
        entry = self._load().get(key)
        if entry is not None:
            try:
                compiled = _build(pattern, entry)
            except Exception:  # noqa: BLE001 - an entry _sre refuses: compile it afresh
                compiled = None
            if compiled is not None:
                self._used[key] = entry
                return compiled
        try:
            entry = _entry(pattern, flags)
            compiled = _build(pattern, entry)
        except Exception:  # noqa: BLE001 - the private steps changed: re.compile decides
            return re.compile(pattern, flags)
        self._used[key] = entry
        self._new = True
        return compiled

    def _load(self) -> dict:
        if self._stored is None:
            self._stored = {}
            try:
                with open(self.path(), "rb") as fh:
                    data = marshal.load(fh)
                if isinstance(data, tuple) and len(data) == 3 and data[0] == FORMAT \
                        and data[1] == _BUILD and isinstance(data[2], dict):
                    self._stored = data[2]
            except (OSError, EOFError, ValueError, TypeError):
                pass  # no file yet, or one another build or a torn write left: compile
        return self._stored

    def save(self) -> bool:
        """Write this module's file when this process compiled a pattern it lacked: the
        entries this process used, so a pattern the module no longer has is dropped."""
        if not self._new:
            return False
        from .paths import atomic_write, private_dir

        target = self.path()
        private_dir(target.parent)
        with atomic_write(target, durable=False) as fh:
            marshal.dump((FORMAT, _BUILD, self._used), fh)
        self._new = False
        return True


def compiler(module: str) -> Compiler:
    """The ``Compiler`` of ``module`` (``__name__``)."""
    found = _compilers.get(module)
    if found is None:
        found = _compilers[module] = Compiler(module)
    return found


def save() -> list[str]:
    """Write every module's file that lacks a pattern this process compiled; the modules
    written. A file that cannot be written is left to the next process (it is only a cache)."""
    written = []
    for name, comp in list(_compilers.items()):
        try:
            if comp.save():
                written.append(name)
        except OSError:
            pass
    return written


def warm() -> list[str]:
    """Import every hook-path module (their patterns compile, from the files or afresh) and
    ``save``: what the background worker does after a job, so the next hook finds them."""
    if not enabled():
        return []
    import importlib

    for name in HOOK_MODULES:
        importlib.import_module(name)
    return save()


def _entry(pattern: str, flags: int) -> tuple:
    """What ``re.compile`` hands ``_sre.compile`` besides the pattern, as marshal can keep
    it: (flags, code as 32-bit words, groups, group index, index group)."""
    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    state = parsed.state
    groupindex = {str(k): int(v) for k, v in state.groupdict.items()}
    indexgroup = [None] * state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (int(flags | state.flags), array("I", code).tobytes(), int(state.groups - 1),
            groupindex, tuple(indexgroup))


def _build(pattern: str, entry: tuple) -> re.Pattern:
    flags, code, groups, groupindex, indexgroup = entry
    return _sre.compile(pattern, flags, array("I", code).tolist(), groups, groupindex,
                        indexgroup)
