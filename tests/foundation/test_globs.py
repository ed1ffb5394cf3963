"""One glob language (rlat/globs.py) for .gitignore, --exclude and lens patterns, held to git."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rlat.globs import GlobError, glob_regex
from rlat.km.build import Settings
from rlat.km.sources import compile_pattern, ignored
from rlat.km.store import KMError
from rlat.lens.model import LensError, check_pattern, glob_match

# (pattern, paths): every pattern is asked about every path of its row, by git and by rlat.
CASES = [
    ("*.md", ["a.md", "docs/a.md", "docs/deep/a.md", "a.mdx", "md"]),
    ("docs/*.md", ["docs/a.md", "docs/x/a.md", "a/docs/a.md"]),
    ("docs/**", ["docs/a.md", "docs/x/y/a.md", "docsy/a.md"]),
    ("**/build", ["build", "x/build", "x/y/build", "xbuild"]),
    ("a/**/b.txt", ["a/b.txt", "a/x/b.txt", "a/x/y/b.txt", "ab.txt", "x/a/b.txt"]),
    ("a**b", ["ab", "axxb", "a/b", "a/x/b", "d/axb"]),  # not a whole segment: a plain *
    ("lib/[ab]*.py", ["lib/alpha.py", "lib/beta.py", "lib/gamma.py"]),
    ("lib/[!ab]*.py", ["lib/alpha.py", "lib/gamma.py"]),
    ("x[]]y", ["x]y", "xay"]),  # a "]" right after "[" is a member
    ("file?.txt", ["file1.txt", "file12.txt", "file/.txt"]),
    ("\\*.txt", ["*.txt", "a.txt"]),  # an escaped wildcard is itself
    ("/top.txt", ["top.txt", "sub/top.txt"]),  # a leading "/" anchors
    ("README", ["README", "sub/README", "README.md"]),
    # several wildcards: each part after a "*" (or a "**") placed at its leftmost fit
    ("*a*b*a", ["aba", "abba", "ab", "xaxbxa", "a/b/a", "d/aaba", "abab"]),
    ("a*?b*[cd]", ["ab1c", "axbyd", "abc", "aab/bd", "aaabbbd"]),
    ("a/**/b/**/c", ["a/b/c", "a/x/b/y/c", "a/b/b/c", "a/c", "a/x/bb/c", "b/a/b/c"]),
    ("**/x*/**/y*z", ["x/yz", "q/x1/r/s/yaz", "x/y", "xa/y/z", "x/a/yzz"]),
]


def git_ignored(tmp_path: Path, pattern: str, paths: list[str]) -> set[str]:
    repo = tmp_path / "repo"
    repo.mkdir(exist_ok=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / ".gitignore").write_text(pattern + "\n")
    out = subprocess.run(["git", "-C", str(repo), "check-ignore", "--no-index", "--stdin"],
                         input="\n".join(paths) + "\n", capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr  # 1: nothing ignored
    return set(out.stdout.split("\n")) - {""}


@pytest.mark.parametrize("pattern,paths", CASES, ids=[c[0] for c in CASES])
def test_gitignore_patterns_match_what_git_matches(tmp_path, pattern, paths):
    rule = compile_pattern(pattern)
    ours = {p for p in paths if ignored([rule], p, is_dir=False)}
    assert ours == git_ignored(tmp_path, pattern, paths)


@pytest.mark.parametrize("pattern,paths", [c for c in CASES if "\\" not in c[0]],
                         ids=[c[0] for c in CASES if "\\" not in c[0]])
def test_a_lens_pattern_matches_files_as_gitignore_does(pattern, paths):
    rule = compile_pattern(pattern)
    for path in paths:
        assert glob_match(pattern, path) is ignored([rule], path, is_dir=False), path


def test_what_the_lens_adds_backslashes_and_a_trailing_slash():
    assert glob_match("docs\\**", "docs/a.md")  # a Windows separator, not an escape
    assert glob_match("docs/", "docs/x/a.md") and not glob_match("docs/", "a/docs/x.md")


def test_a_character_set_never_matches_a_slash():
    assert glob_regex("a[!x]b").match("a/b") is None
    assert glob_regex("a?b").match("a/b") is None


def test_an_unbalanced_bracket_is_refused_where_a_person_typed_it():
    with pytest.raises(GlobError):
        glob_regex("x[ab")
    with pytest.raises(LensError, match="not a glob"):
        check_pattern("src/[ab.py")
    with pytest.raises(KMError, match="--exclude"):
        Settings(excludes=("build/[x",)).validate()
    assert compile_pattern("build/[x") is None  # in a .gitignore: matches nothing, as in git


# ----------------------------------------------------------------------- linear time
# What a plain translation backtracks on exponentially (the reviewer's: 22 s for one name).
HOSTILE = [
    ("*a*a*a*a*a*a*a*a*a*a*b", "a" * 40),
    ("*a*a*a*a*a*a*a*a*a*a*b", "x/" * 30 + "a" * 60),
    ("[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*c", "ab" * 40),
    ("a*?*?*?*?*?*?*?*?*?*?*b", "a" * 50),
    ("**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/b", "/".join("a" * 60)),
    ("/x/**/a*a*a*a*a*/**/a*a*a*a*a*a*b", "x/" + "/".join(["a" * 30] * 30)),
]


@pytest.mark.parametrize("pattern,path", HOSTILE)
def test_many_wildcards_match_in_linear_time(pattern, path):
    regex = glob_regex(pattern)
    started = time.perf_counter()
    assert regex.fullmatch(path) is None and regex.match(path) is None
    assert not ignored([compile_pattern(pattern)], path, is_dir=False)
    assert not glob_match(pattern, path)
    assert time.perf_counter() - started < 0.5  # (was seconds to hours; now ~0.1 ms)


def _plain_translation(pattern: str) -> re.Pattern:
    """The translation the linear one replaced (exponential on HOSTILE, exact otherwise): the
    reference its answers are held to."""
    def segment(seg: str) -> str:
        out, i, n = [], 0, len(seg)
        while i < n:
            ch = seg[i]
            if ch == "*":
                while i + 1 < n and seg[i + 1] == "*":
                    i += 1
                out.append("[^/]*")
            elif ch == "?":
                out.append("[^/]")
            elif ch == "[":
                neg = i + 1 < n and seg[i + 1] in "!^"
                first = i + 2 if neg else i + 1
                end = seg.find("]", first + 1)
                members = "".join("\\" + c if c in "\\]&~|[" else c for c in seg[first:end])
                out.append(("[^/" if neg else "[") + members + "]")
                i = end
            elif ch == "\\" and i + 1 < n:
                i += 1
                out.append(re.escape(seg[i]))
            else:
                out.append(re.escape(ch))
            i += 1
        return "".join(out)

    anchored = "/" in pattern
    segments = pattern.lstrip("/").split("/")
    parts = [] if anchored else ["(?:[^/]*/)*"]
    for i, seg in enumerate(segments):
        last = i == len(segments) - 1
        if seg == "**":
            parts.append(".*" if last else "(?:[^/]*/)*")
        else:
            parts.append(segment(seg) + ("" if last else "/"))
    return re.compile("".join(parts) + r"\Z", re.DOTALL)


def test_the_linear_translation_answers_as_the_plain_one_did():
    rnd = random.Random(1301)
    atoms = ["a", "b", "*", "*", "?", "[ab]", "[!a]", "**", "\\*", "[]]", ".", "/", "/**/"]
    checked = 0
    for _ in range(4000):
        pattern = "".join(rnd.choice(atoms) for _ in range(rnd.randint(1, 8)))
        try:
            ours = glob_regex(pattern)
        except GlobError:
            continue
        plain = _plain_translation(pattern)
        for _ in range(25):
            path = "".join(rnd.choice("ab/.*]") for _ in range(rnd.randint(0, 10)))
            for how in ("match", "fullmatch"):
                want = getattr(plain, how)(path) is not None
                assert (getattr(ours, how)(path) is not None) == want, (pattern, path, how)
                checked += 1
    assert checked > 100_000


def test_a_hostile_pattern_stalls_neither_a_build_nor_a_lens_search(tmp_path):
    """The reviewer's inputs, as real commands: the pattern in a repository's .gitignore
    (`rlat build`) and in a lens (`rlat search --lens`)."""
    name = "a" * 40 + ".md"
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / ".gitignore").write_text("*a*a*a*a*a*a*a*a*a*a*b\n")
    (repo / name).write_text("The payments service stores its data in Postgres.\n")
    (repo / "README.md").write_text("Releases go out on Tuesdays.\n")

    def rlat(*args: str, cwd: Path = tmp_path) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "rlat", *args], cwd=cwd,
                              capture_output=True, text=True, timeout=15)

    started = time.perf_counter()
    built = rlat("build", str(repo), "-o", str(tmp_path / "km.rlat"))
    assert built.returncode == 0, built.stderr
    (tmp_path / "hostile.toml").write_text(
        'name = "hostile"\n[sources]\n"*a*a*a*a*a*a*a*a*a*a*b" = 2.0\n')
    created = rlat("lens", "create", "--from", str(tmp_path / "hostile.toml"),
                   "-o", str(tmp_path / "hostile.lens"))
    assert created.returncode == 0, created.stderr
    found = rlat("search", str(tmp_path / "km.rlat"), "payments", "--lens",
                 str(tmp_path / "hostile.lens"))
    assert found.returncode == 0 and name in found.stdout, found.stderr
    assert time.perf_counter() - started < 15
