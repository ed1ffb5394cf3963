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
    # (the digest of the lexicon read goes back with the table after the test: left at "none",
    # every read model built later in the process was another analyzer's to a subprocess)
    monkeypatch.setattr(concepts, "_version", concepts.version())
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


def fit_of(prompt: str, claim: str):
    from rlat.retrieval import abstention as A
    from rlat.retrieval import expansion

    claim_terms = expansion.expand_document(claim, tokenize(claim))
    return A.fit(A.content_terms(recall.query_terms(prompt)), claim_terms, lambda _t: 2.0,
                 tag_sources=expansion.tag_sources(tokenize(prompt)),
                 claim_tag_sources=lambda: expansion.tag_sources(tokenize(claim)),
                 asks=A.asks(prompt))


def test_a_concept_counts_when_it_joins_a_prompt_word_to_a_claim_word_neither_holds():
    bridged = fit_of("which assertion library for the unit tests?",
                     "We don't use testify here, plain tests only")
    assert "~testing" in bridged.covered and "test" in bridged.covered
    # of assert, librari, unit, test, ~testing: "assertion" is answered by the concept, so it
    # no longer weighs against the claim (2 of 4, not 2 of 5)
    assert bridged.n_prompt == 5 and bridged.prompt_share == 2 / 4 and bridged.passes()


def test_a_concept_the_shared_word_already_explains_adds_nothing():
    # "release" in both: ~release joins "changelog" only to the very word already shared
    same_word = fit_of("draft a release announcement for the changelog",
                       "Use cargo build --release with rustls")
    assert "~release" not in same_word.covered
    database = fit_of("rename the database column", "The staging database is read-only")
    assert database.covered == ("databas",) and not database.passes()


def test_one_concept_alone_is_a_topic_not_an_answer_to_a_task_but_answers_a_question():
    alone = fit_of("update the readme", "Build the docs with mkdocs build --strict")
    assert alone.covered == ("~docs",) and alone.fit == 0.0
    assert "a concept alone does not answer a task" in alone.describe()
    asked = fit_of("where is the documentation site generated?",
                   "Run mkdocs build --strict for the docs")
    assert asked.covered == ("~docs",) and asked.passes()


def test_a_question_in_a_languages_words_meets_a_claim_in_its_tools_words():
    # "style violations" are a linter's job, and ".kt" files are Kotlin: two concepts join a
    # question that names neither ktlint nor gradle to the command that fixes them
    fit = fit_of("how do I auto-fix kotlin style violations?",
                 "Use `./gradlew ktlintFormat` here (`ktlint -F 'src/**/*.kt'` fails: command "
                 "not found)")
    assert {"~linting", "~kotlin"} <= set(fit.covered) and fit.passes()


def test_a_bridge_is_as_specific_as_the_words_it_joins_not_as_common_as_its_concept():
    from rlat.retrieval import abstention as A
    from rlat.retrieval import expansion

    prompt, claim = ("how do I add a new dependency to this repo?",
                     "In this repo we use pnpm, never npm or yarn")
    claim_terms = expansion.expand_document(claim, tokenize(claim))
    # a store where most claims touch ~packages and name the repo (they weigh little) but
    # "dependency" and "pnpm" are rare words
    weight = lambda t: 0.5 if t in ("~packages", "repo") else 3.0  # noqa: E731
    fit = A.fit(A.content_terms(recall.query_terms(prompt)), claim_terms, weight,
                tag_sources=expansion.tag_sources(tokenize(prompt)),
                claim_tag_sources=lambda: expansion.tag_sources(tokenize(claim)))
    assert fit.covered == ("repo", "~packages") and fit.shared_weight == 3.5 and fit.passes()
    # the concept alone between unrelated everyday words stays as weak as it is common
    assert A.bridge_weight(0.5, [0.7], [3.0]) == 0.7


def test_a_number_in_the_prompt_is_wanted_as_itself_not_as_its_concept():
    # "404" is listed under ~http, but "the 404 page" does not ask about endpoints
    fit = fit_of("make the 404 page a bit friendlier",
                 "The endpoint refuses the socket from the tunnel's host, so the page reloads")
    assert "~http" not in fit.covered and fit.covered == ("page",)
    # on the claim's side a number still answers a question in words
    wide = fit_of("how wide can code lines get?", "We run black with line length 100")
    assert "~linewidth" in wide.covered


@pytest.mark.parametrize("prompt, claim, concept", [
    ("what keeps the perl code formatted the same way?",
     "Everything goes through `tidyall -a` before you commit", "~formatting"),
    ("what base image does the production container use?",
     "Production runs FROM eclipse-temurin:21-jre-alpine", "~container"),
    ("which DNS name should the client allowlist?",
     "The public hostname is invoices.fg-internal.net", "~domain"),
    ("which package manager does the Perl app use?", "Modules come from the cpanfile via carton",
     "~packages"),
])
def test_tools_of_less_common_ecosystems_meet_the_words_of_their_job(prompt, claim, concept):
    assert concept in fit_of(prompt, claim).covered
