"""Compiled patterns kept between processes (rlat.patterns): a pattern served from the cache
is the pattern ``re.compile`` makes, whatever state the cache file is in, and the background
worker — never a hook — leaves the files the hooks read."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.hookrun import FIXTURES, records, run_hook, wait_for

from rlat import patterns

SAMPLES = [
    (r"(?P<word>\w+)\s+(?P=word)", 0),
    (r"(?<![\w.])v?\d+\.\d+(?:\.\d+)?", 0),
    (r"^\s*(?:#|//)\s*(NOTE|WARNING):", re.M),
    (r"""(?x) \b (?: got \s+ it | there \s+ it \s+ is ) \b""", re.I),
    (r"[^\W\d_]+(?:['’][^\W\d_]+)*$", 0),
    (r"(?s)<rlat-context\b[^>]*>.*?(?:</rlat-context>|\Z)", re.I),
]


def fresh(module: str = "t") -> patterns.Compiler:
    """A compiler as a new process has it: nothing read yet."""
    return patterns.Compiler(module)


def test_a_pattern_from_the_cache_is_the_pattern_re_compile_makes():
    first = fresh()
    for pattern, flags in SAMPLES:
        assert first(pattern, flags) == re.compile(pattern, flags)
    assert first.save()
    assert first.path().is_file()
    second = fresh()
    for pattern, flags in SAMPLES:
        served = second(pattern, flags)
        assert served == re.compile(pattern, flags)
        assert served.groupindex == re.compile(pattern, flags).groupindex
    assert not second.save()  # everything came from the file: nothing to write


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab1 .#/\n'’<>-vNOTEgotihsr", max_size=40))
def test_cached_patterns_match_what_re_compile_matches(text):
    compiler = fresh("prop")
    for pattern, flags in SAMPLES:
        compiler(pattern, flags)
    compiler.save()
    served = fresh("prop")
    for pattern, flags in SAMPLES:
        mine, theirs = served(pattern, flags), re.compile(pattern, flags)
        assert [m.span() for m in mine.finditer(text)] == \
            [m.span() for m in theirs.finditer(text)]
        found = mine.search(text)
        assert (found and found.groupdict()) == (theirs.search(text) and
                                                  theirs.search(text).groupdict())


def test_every_capture_and_recall_pattern_comes_back_identical():
    """The real modules, compiled once, then served from their files in a new process."""
    code = ("import rlat.capture.pipeline, rlat.hooks.user_prompt, rlat.retrieval.recall\n"
            "from rlat import patterns\n"
            "import re\n"
            "bad = []\n"
            "for comp in patterns._compilers.values():\n"
            "    for (p, f) in comp._used:\n"
            "        if comp(p, f) != re.compile(p, f): bad.append(p)\n"
            "print(len(bad), sum(len(c._used) for c in patterns._compilers.values()))\n"
            "patterns.save()\n")
    cold = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    warm = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    bad_cold, total = map(int, cold.stdout.split())
    bad_warm, total_warm = map(int, warm.stdout.split())
    assert (bad_cold, bad_warm) == (0, 0)
    assert total == total_warm and total > 300  # (the capture rules alone hold ~200)


@pytest.mark.parametrize("damage", [b"", b"not marshal at all", b"\xe3\x00\x00garbage"])
def test_a_damaged_file_is_compiled_around_and_rewritten(damage):
    compiler = fresh()
    compiler(*SAMPLES[0])
    compiler.save()
    compiler.path().write_bytes(damage)
    again = fresh()
    assert again(*SAMPLES[0]) == re.compile(*SAMPLES[0])
    assert again.save()  # the file is rewritten whole
    assert fresh()(*SAMPLES[0]) == re.compile(*SAMPLES[0])


def test_an_entry_the_matcher_refuses_is_compiled_afresh():
    """A file another build or a tampering hand left: _sre validates the code it is given."""
    import marshal

    compiler = fresh()
    compiler(*SAMPLES[1])
    compiler.save()
    fmt, build, entries = marshal.loads(compiler.path().read_bytes())
    key = next(iter(entries))
    flags, code, groups, groupindex, indexgroup = entries[key]
    entries[key] = (flags, b"\x07\x00\x00\x00" * 3, groups, groupindex, indexgroup)
    compiler.path().write_bytes(marshal.dumps((fmt, build, entries)))
    assert fresh()(*SAMPLES[1]) == re.compile(*SAMPLES[1])


def test_another_interpreter_builds_file_is_not_read(monkeypatch):
    compiler = fresh()
    compiler(*SAMPLES[2])
    compiler.save()
    monkeypatch.setattr(patterns, "_BUILD", ("cpython", "another version", 0, 4))
    other = fresh()
    assert other(*SAMPLES[2]) == re.compile(*SAMPLES[2])
    assert other._new  # compiled, not read


def test_the_cache_can_be_turned_off(monkeypatch):
    monkeypatch.setenv(patterns.ENV_DISABLE, "0")
    compiler = fresh()
    assert compiler(*SAMPLES[0]) == re.compile(*SAMPLES[0])
    assert not compiler.save()
    assert not compiler.path().exists()


def test_the_cache_lives_under_rlat_home(rlat_home):
    assert fresh("rlat.scrub").path() == rlat_home / "cache" / "patterns" / \
        f"rlat.scrub.{sys.implementation.cache_tag}.marshal"


def test_the_worker_leaves_the_files_the_hooks_read_and_a_hook_writes_none(rlat_home,
                                                                         tmp_path):
    cache = rlat_home / "cache" / "patterns"
    work = tmp_path / "project"
    work.mkdir()
    run_hook("user-prompt", {"session_id": "sess-1", "cwd": str(work),
                             "prompt": "how do I run the tests"})
    assert not cache.exists()  # a hook never writes: it is on the user's clock
    run_hook("session-end", {"session_id": "sess-1", "cwd": str(work),
                             "transcript_path": str(FIXTURES / "tool_failure.jsonl"),
                             "reason": "other"})
    assert wait_for(lambda: [r for r in records() if r["event"] == "worker"])
    wanted = {f"{module}.{sys.implementation.cache_tag}.marshal" for module in ("rlat.capture.fact_rules", "rlat.scrub",
                                                 "rlat.retrieval.abstention",
                                                 "rlat.retrieval.answer_types")}
    # (the worker writes them one by one after its job: wait for all of them)
    written = wait_for(lambda: wanted <= {p.name for p in cache.glob("*.marshal")})
    assert written, sorted(p.name for p in cache.glob("*.marshal"))
    # ... and the next hook serves its patterns from them
    code = ("import rlat.retrieval.abstention\nfrom rlat import patterns\n"
            "c = patterns.compiler('rlat.retrieval.abstention')\n"
            "print(len(c._used), c._new)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "RLAT_HOME": str(rlat_home)})
    used, new = out.stdout.split()
    assert int(used) > 5 and new == "False"


def test_every_module_warm_imports_exists():
    for name in patterns.HOOK_MODULES:
        importlib.import_module(name)
