"""The workspace id reads a repository's ``origin`` URL without configparser (the hook path
pays ~1.5 ms to import it): the result must be configparser's, for any config file."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rlat.workspace import _origin_url, _origin_url_configparser, workspace_id

HEADERS = ['[remote "origin"]', '[remote "origin"] # trailing', '  [remote "origin"]',
           "[DEFAULT]", "[core]", "[]", "[x]]", '[remote "origin"]]', '[ remote "origin" ]',
           "\ufeff[core]", '[remote "origin"]\turl = same line']
CONTENTS = [
    "url = https://github.com/acme/repo", "url = git@github.com:acme/repo.git",
    "URL: ssh://git@host/x", "url=a:b", "url :  spaced value  ", "url", "url =", "= x", ":y",
    "fetch = +refs/heads/*:refs/remotes/origin/*", "junk line", "# comment", "; comment",
    "", "continued part", "more = continued", "url = x # not a comment",
    "\u3000url = ideographic space", "url\u2003= em space", "url = second",
]
INDENTS = st.sampled_from(["", "", " ", "  ", "\t", "\t\t", "   "])
GOOD = ["url = https://github.com/acme/repo", "url = git@github.com:acme/repo.git", "",
        "URL: ssh://git@host/x", "fetch = +refs/heads/*:refs/remotes/origin/*", "continued",
        "# comment", "; comment", "url = second"]
BODY_LINE = st.builds(lambda indent, content: indent + content, INDENTS,
                      st.one_of(st.sampled_from(GOOD), st.sampled_from(GOOD),
                                st.sampled_from(CONTENTS),
                                st.text(alphabet=st.sampled_from(list("=:#; \t\"aurlURL")),
                                        max_size=8)))
BLOCK = st.builds(lambda header, body: [header, *body], st.sampled_from(HEADERS),
                  st.lists(BODY_LINE, max_size=6))
ENDINGS = st.sampled_from(["\n", "\r\n", "\r"])


@settings(max_examples=600, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lead=st.lists(BODY_LINE, max_size=2), blocks=st.lists(BLOCK, max_size=4),
       ending=ENDINGS, final=st.booleans())
def test_origin_url_is_configparsers(tmp_path: Path, lead, blocks, ending, final):
    lines = lead + [line for block in blocks for line in block]
    text = ending.join(lines) + (ending if final else "")
    (tmp_path / "config").write_bytes(text.encode("utf-8"))
    assert _origin_url(tmp_path) == _origin_url_configparser(tmp_path), text


CASES = {
    '[DEFAULT]\nurl = d\n[remote "origin"]\nfetch = f\n': "d",
    '[remote "origin"]\n  url = a\n\n      continued\n': "a\n\ncontinued",
    '[remote "origin"]\nurl = a\n\n\n': "a",
    '[remote "origin"]\n\turl = a\n\t\tmore\n\tfetch = x\n': "a\nmore",
    '[remote "origin"]\nurl = a\n= x\n': None,
    '[remote "origin"]\nurl = a\njunk\n': None,
    '; c\n[remote "origin"]\n url = a\n  ; note\n   b\n': "a\nb",
    '[remote "origin"]\nurl = a\n[core]\n[remote "origin"]\nURL = b\n': "b",
    'url = a\n[remote "origin"]\n': None,
    '\n# c\n[remote "origin"] x\nurl : a = b\n': "a = b",
    '[remote "origin"]\r\n\turl = a\r\n': "a",
    '[remote "origin"]\rurl = a\r  b\r': "a\nb",
    '[]\n[remote "origin"]\nurl = a\n': None,
    '\ufeff[remote "origin"]\nurl = a\n': None,
}


def test_known_cases(tmp_path: Path):
    for text, want in CASES.items():
        (tmp_path / "config").write_bytes(text.encode("utf-8"))
        assert _origin_url_configparser(tmp_path) == want, text  # the reference agrees
        assert _origin_url(tmp_path) == want, text


def test_undecodable_and_missing_configs(tmp_path: Path):
    (tmp_path / "config").write_bytes(b'[core]\n\tbare\n[remote "origin"]\n\turl = \xff\xfe\n')
    try:
        want = _origin_url_configparser(tmp_path)
    except UnicodeDecodeError:
        want = "raised"
    try:
        got = _origin_url(tmp_path)
    except UnicodeDecodeError:
        got = "raised"
    assert got == want
    assert _origin_url(tmp_path / "nowhere") is None is _origin_url_configparser(
        tmp_path / "nowhere")


def test_a_typical_clone(tmp_path: Path):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "config").write_text(
        "[core]\n\trepositoryformatversion = 0\n\tbare = false\n"
        '[remote "origin"]\n\turl = git@github.com:Acme/Repo.git\n'
        "\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
        '[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n')
    (repo / "sub").mkdir()
    assert workspace_id(str(repo / "sub")) == "git:github.com/acme/repo"
