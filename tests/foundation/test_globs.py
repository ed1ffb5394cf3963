"""One glob language (rlat/globs.py) for .gitignore, --exclude and lens patterns, held to git."""

from __future__ import annotations

import subprocess
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
