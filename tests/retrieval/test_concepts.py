"""The concept lexicon (rlat/data/concepts.txt): its format, and that its words can match."""

from __future__ import annotations

import pytest

from rlat.retrieval import concepts, recall
from rlat.retrieval.tokenize import tokenize


def test_the_format_names_concepts_and_ignores_comments_and_blank_lines():
    table = concepts.parse("# a comment\n\nformatting: black Ruff  # trailing\nlinting: ruff\n")
    assert table == {"black": ("~formatting",), "ruff": ("~formatting", "~linting")}
    assert concepts.parse("") == {}


@pytest.mark.parametrize("line", ["formatting black", ": black", "bad name: black",
                                  "formatting:", "formatting:   # only a comment"])
def test_a_malformed_line_is_refused_with_its_number(line):
    with pytest.raises(ValueError, match="concepts line 2"):
        concepts.parse(f"ok: fine\n{line}\n")


def test_every_shipped_word_is_a_token_the_tokenizer_yields():
    # a word the tokenizer never yields whole ("clang-format", "go.mod") could never match
    table = concepts.table()
    assert len(table) > 500
    assert [w for w in table if w not in tokenize(w)] == []


def test_tags_are_added_once_per_text_after_the_stemmed_terms():
    terms = recall.query_terms("black or ruff? black formats code")
    assert terms.count("~formatting") == 1 and "~linting" in terms
    assert terms.index("~formatting") > terms.index("black")


def test_another_lexicon_changes_the_analyzer_key(tmp_path, monkeypatch):
    shipped = recall.analyzer_version()
    other = tmp_path / "concepts.txt"
    other.write_text("formatting: black\n")
    monkeypatch.setattr(concepts, "LEXICON", other)
    monkeypatch.setattr(concepts, "_table", None)
    assert recall.analyzer_version() != shipped  # indexes built with the shipped one rebuild
    assert concepts.tags(["ruff", "black"]) == ["~formatting"]
    monkeypatch.setattr(concepts, "LEXICON", tmp_path / "missing.txt")
    monkeypatch.setattr(concepts, "_table", None)
    assert concepts.tags(["black"]) == []  # no lexicon: recall goes on without tags
    monkeypatch.setattr(concepts, "_table", None)  # (the next test reads the shipped file)
