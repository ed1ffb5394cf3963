"""The tokenizer: Unicode, code identifiers (whole + parts), stop words; term_counts agrees."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rlat.retrieval.tokenize import STOP_WORDS, term_counts, tokenize


def test_camel_and_snake_identifiers_keep_the_whole_and_the_parts():
    assert tokenize("parseArgs") == ["parseargs", "parse", "args"]
    assert tokenize("HTTPResponse_code") == ["httpresponse_code", "http", "response", "code"]
    assert tokenize("XMLHttpRequest") == ["xmlhttprequest", "xml", "http", "request"]
    assert tokenize("io_BufferedReader") == ["io_bufferedreader", "io", "buffered", "reader"]


def test_edge_underscores_and_one_letter_parts_are_dropped():
    assert tokenize("__init__") == ["init"]
    assert tokenize("getX") == ["getx", "get"]


def test_query_for_a_part_matches_the_identifier():
    doc = set(tokenize("def load_config_file(path): ..."))
    assert {"config", "load", "file", "load_config_file"} <= doc


def test_stop_words_dropped_but_negations_kept():
    assert tokenize("The cat is on the mat") == ["cat", "mat"]
    assert "never" in tokenize("never use make") and "not" in tokenize("do not use make")
    assert "the" in STOP_WORDS


def test_unicode_is_case_folded_and_normalised():
    assert tokenize("Straße") == tokenize("STRASSE") == ["strasse"]
    assert tokenize("ｆｏｏ") == ["foo"]  # full-width letters (NFKC)
    assert tokenize("Café naïveÉtat") == ["café", "naïveétat", "naïve", "état"]


def test_cjk_text_becomes_unigrams_and_bigrams():
    terms = tokenize("日本語")
    assert set(terms) == {"日", "本", "語", "日本", "本語"}
    assert set(tokenize("本語")) <= set(terms)  # a shorter query still matches


def test_empty_and_punctuation_only_text():
    assert tokenize("") == []
    assert tokenize("... --- !!!") == []


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=200))
def test_term_counts_equals_counter_of_tokenize_in_order(text):
    assert list(term_counts(text).items()) == list(Counter(tokenize(text)).items())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_terms_are_nonempty_lowercase_without_spaces(text):
    for term in tokenize(text):
        assert term and term == term.casefold() and not any(ch.isspace() for ch in term)
