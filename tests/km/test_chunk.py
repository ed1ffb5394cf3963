"""Chunking: fenced code blocks are never split; spans re-read exactly; sizes are bounded."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from support.corpora import reference_markdown

from rlat.km.chunk import chunk, kind_for

REFERENCE = reference_markdown()
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def fence_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of fenced code blocks (opening line to closing line), CommonMark-ish."""
    spans = []
    pos = 0
    opened = None
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        if opened is None:
            m = FENCE.match(body)
            if m and not (m.group(1)[0] == "`" and "`" in body[m.end():]):
                opened = (pos, m.group(1))
        else:
            s = body.strip()
            marker = opened[1]
            if s and set(s) == {marker[0]} and len(s) >= len(marker):
                spans.append((opened[0], pos + len(body)))
                opened = None
        pos += len(line)
    if opened is not None:  # runs to the end of the document's content (not its blank tail,
        # which no chunk holds: spans are exact, right-stripped)
        spans.append((opened[0], opened[0] + len(text[opened[0]:].rstrip())))
    return spans


def assert_fences_whole(text: str, chunks) -> None:
    for fs, fe in fence_spans(text):
        inside = [c for c in chunks if c.start < fe and c.end > fs]
        assert len(inside) == 1, f"fence at {fs} split across {len(inside)} chunks"
        assert inside[0].start <= fs and inside[0].end >= fe - 1


def assert_spans_exact(text: str, chunks) -> None:
    for c in chunks:
        body = text[c.start : c.end]
        assert body.strip(), "empty chunk"
        assert body == body.rstrip() and not body.startswith("\n")
        assert c.line_start == text.count("\n", 0, c.start) + 1
        assert c.line_end == c.line_start + body.count("\n")
    starts = [c.start for c in chunks]
    assert starts == sorted(starts)
    assert all(a.end <= b.start for a, b in zip(chunks, chunks[1:], strict=False))


def test_reference_markdown_never_splits_a_fence_and_spans_are_exact():
    files = sorted(REFERENCE.glob("*.md"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        chunks = chunk(text, "markdown", 200, 1200)
        assert_fences_whole(text, chunks)
        assert_spans_exact(text, chunks)
        # no non-whitespace character is lost
        covered = "".join(text[c.start : c.end] for c in chunks)
        assert "".join(covered.split()) == "".join(text.split())


def test_a_fence_longer_than_max_chars_stays_whole():
    code = "\n".join(f"line_{i} = {i}" for i in range(200))
    text = f"# Title\n\nIntro paragraph.\n\n```python\n{code}\n\n\nmore = 1\n```\n\nAfter.\n"
    chunks = chunk(text, "markdown", 10, 300)
    assert_fences_whole(text, chunks)
    assert any("```python" in text[c.start : c.end] and text[c.start : c.end].rstrip()
               .endswith("```") for c in chunks)


def test_headings_start_sections_and_label_the_path():
    text = ("# Guide\n\nIntro " + "x " * 150 + "\n\n## Install\n\n" + "Run it. " * 40
            + "\n\n### On Linux\n\n" + "apt " * 80 + "\n")
    chunks = chunk(text, "markdown", 100, 600)
    labels = [c.label for c in chunks]
    assert "Guide > Install" in labels
    assert "Guide > Install > On Linux" in labels
    for c in chunks:
        if c.label == "Guide > Install > On Linux":
            assert text[c.start : c.end].startswith("### On Linux")


def test_code_is_chunked_by_top_level_definitions():
    funcs = [f"def f{i}(x):\n    y = x + {i}\n    return y * {'z' * 120}\n" for i in range(6)]
    text = "import os\n\n\n" + "\n\n".join(funcs)
    chunks = chunk(text, "code", 100, 400)
    assert_spans_exact(text, chunks)
    labels = [c.label for c in chunks]
    assert "def f3(x)" in labels
    for c in chunks:
        body = text[c.start : c.end]
        assert body.count("def ") <= 2  # whole definitions, grouped only while small


def test_a_long_function_is_cut_inside_and_names_what_it_continues():
    body = "\n\n".join(f"    step_{i} = compute({i})\n    check(step_{i})" for i in range(60))
    text = f"def long_one():\n{body}\n"
    chunks = chunk(text, "code", 50, 300)
    assert len(chunks) > 3
    assert chunks[0].label == "def long_one()"
    assert chunks[1].label == "def long_one() (continued)"
    assert max(c.end - c.start for c in chunks) <= 300


def test_text_paragraphs_and_sizes():
    paras = [("word " * n).strip() for n in (10, 60, 5, 200, 30)]
    text = "\n\n".join(paras) + "\n"
    chunks = chunk(text, "text", 100, 500)
    assert_spans_exact(text, chunks)
    assert all(c.end - c.start <= 500 for c in chunks)


def test_empty_and_whitespace_files_give_no_chunks():
    assert chunk("", "markdown") == []
    assert chunk("\n\n   \n", "code") == []


def test_kind_for_extensions():
    assert kind_for("docs/a.MD") == "markdown"
    assert kind_for("src/x.py") == "code" and kind_for("Makefile") == "code"
    assert kind_for("notes.txt") == "text" and kind_for("README") == "text"


md_line = st.one_of(
    st.sampled_from(["", "# H1", "## H2 title", "### h3", "plain words here", "- item",
                     "> quote", "Setext", "===", "---", "    indented", "| a | b |"]),
    st.text(alphabet="abc #`~-=*\t", max_size=30),
)
fence_block = st.builds(
    lambda marker, lines: "\n".join([marker + "lang", *lines, marker]),
    st.sampled_from(["```", "~~~", "````"]),
    st.lists(st.sampled_from(["", "# not a heading", "x = 1", "", "## also not", "text"]),
             max_size=12),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(md_line, fence_block), max_size=60),
       st.integers(0, 300), st.integers(40, 400))
def test_generated_markdown_never_splits_fences(lines, min_chars, max_chars):
    text = "\n".join(lines) + "\n"
    chunks = chunk(text, "markdown", min(min_chars, max_chars), max_chars)
    assert_fences_whole(text, chunks)
    assert_spans_exact(text, chunks)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab \n\tdefclass:()_=", max_size=600), st.integers(30, 300))
def test_generated_code_spans_are_exact_and_bounded(text, max_chars):
    chunks = chunk(text, "code", 20, max_chars)
    assert_spans_exact(text, chunks)
    for c in chunks:
        # only a single line longer than max_chars may exceed it
        body = text[c.start : c.end]
        assert len(body) <= max_chars or "\n" not in body.strip("\n")


def test_an_unclosed_fence_followed_by_blank_lines_is_one_whole_chunk():
    # found by hypothesis: the oracle counted the blank tail as part of the fence
    text = "```\n\n"
    chunks = chunk(text, "markdown", 0, 40)
    assert [(c.start, c.end) for c in chunks] == [(0, 3)]
    assert_fences_whole(text, chunks)


def test_crlf_files_keep_exact_spans_and_whole_fences():
    text = ("# Title\r\n\r\nIntro line one.\r\n\r\n```sh\r\necho a\r\n\r\necho b\r\n```\r\n\r\n"
            "## Next\r\n\r\n" + "More words here. " * 30 + "\r\n")
    chunks = chunk(text, "markdown", 20, 120)
    assert_spans_exact(text, chunks)
    assert_fences_whole(text, chunks)
