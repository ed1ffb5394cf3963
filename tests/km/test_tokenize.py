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


# A plain restatement of the expansion rules; the tokenizer's fast paths must agree with it.
def _reference_terms(raw: str) -> tuple[str, ...]:
    import unicodedata

    from rlat.retrieval import tokenize as tk

    if not raw.isascii():
        raw = unicodedata.normalize("NFKC", raw)
        if any(tk._is_cjk(ch) for ch in raw):
            plain, grams = tk._cjk_terms(raw)
            out: list[str] = []
            for piece in plain:
                out.extend(_reference_terms(piece))
            out.extend(g.casefold() for g in grams)
            return tuple(out)
    token = raw.strip("_")
    if not token:
        return ()
    parts: list[str] = []
    for seg in (s for s in token.split("_") if s):
        if seg.isascii():
            parts.extend(tk._ASCII_PART.findall(seg) or [seg])
        else:
            parts.extend(tk._unicode_parts(seg))
    whole = token.casefold()
    out = []
    if len(whole) <= tk.MAX_TOKEN_CHARS and whole not in STOP_WORDS:
        out.append(whole)
    if len(parts) > 1:
        seen = {whole}
        for part in (p.casefold() for p in parts):
            if len(part) >= 2 and part not in seen and part not in STOP_WORDS \
                    and len(part) <= tk.MAX_TOKEN_CHARS:
                seen.add(part)
                out.append(part)
    return tuple(out)


def test_fast_paths_agree_with_the_reference_on_the_stdlib_vocabulary():
    import re
    import sysconfig
    from pathlib import Path

    from rlat.retrieval.tokenize import _expand

    root = Path(sysconfig.get_paths()["stdlib"])
    raws: set[str] = set()
    for path in list((root / "json").glob("*.py")) + list((root / "email").glob("*.py")) \
            + [root / "tarfile.py", root / "unicodedata.py" if (root / "unicodedata.py")
               .exists() else root / "codecs.py"]:
        raws.update(re.findall(r"\w+", path.read_text(encoding="utf-8", errors="replace")))
    assert len(raws) > 3000
    for raw in raws:
        assert _expand(raw) == _reference_terms(raw), raw


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="aZ_09ßÉé日xyQ", min_size=1, max_size=16))
def test_fast_paths_agree_with_the_reference_on_generated_identifiers(raw):
    from rlat.retrieval.tokenize import _expand

    assert _expand(raw) == _reference_terms(raw)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=300))
def test_ascii_fast_split_equals_the_regex(text):
    import re

    from rlat.retrieval.tokenize import TermIds, _raw_tokens

    assert _raw_tokens(text) == re.findall(r"\w+", text)
    ids = TermIds()
    by_id = {ids.terms[k]: v for k, v in ids.counts(text).items()}
    assert list(by_id.items()) == list(term_counts(text).items())
