"""Questions that ask for a kind of answer, and claims that give one.

"Which Julia release is this package developed against?" is answered by a claim that names a
version; "what address do I open in the browser?" by one that names a host, a port or a URL,
"which file does the CREATE statement go in?" by one that names a file or a path;
"did we ever try a webgl map renderer?" by one that reports an approach tried and how it
ended (a claim of type ``outcome``). ``asked_type(query)`` tells which value a question asks
for (or None); ``states(kind, text)`` whether a claim states a value of that kind;
``asked_kind(query, value_kind)`` which kind of answer (a value's kind or ``ATTEMPT``) and
``gives(kind, type, stated)`` whether a claim is one. The ranking engine
(``rlat.retrieval.recall``) lends claims stating the value a share of relevance
(``TYPE_WEIGHT`` there), as it does a time to a "when" question (``rlat.retrieval.temporal``);
and the abstention floor lets a question's first lexical candidate of the kind it asks for in
at a lower meaning floor (``rlat.retrieval.abstention.KIND_MEANING``).

Import-light (re only): the prompt hook ranks with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .. import patterns

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

LOCATION = "location"
# Values a question asks for; ranking lends claims that state one ``TYPE_WEIGHT``.
_ASKS = {
    "version": rx(
        r"\b(?:versions?|releases?|toolchain|which (?:\w+ )?(?:sdk|jdk|compiler|runtime)|"
        r"(?:newest|latest|older|newer) \w+|upgrade to)\b", re.IGNORECASE),
    "address": rx(
        r"\b(?:ports?|address|url|host(?:name)?|endpoint|listen(?:s|ing)? on|which server|"
        r"(?:what|which) (?:ip|machine|box))\b", re.IGNORECASE),
    # "where should a new label go?", "which file holds …"
    LOCATION: rx(
        r"\bwhere(?:'s| is| are| do| does| did| can| should| would| will)\b|"
        r"\b(?:which|what) (?:file|folder|directory|path)\b", re.IGNORECASE),
}
# (Each pattern starts a match only where a token starts, ``(?<![\w.-])``: a long run of word
# characters is then tried once, not from each of its positions.)
_STATES = {
    # 1.10.4, v18.19.0, 2022.3.42f1, 21.0.4+7, lts-22.28
    "version": rx(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)?(?:[a-z]\d*|[+-][\w.]+)?(?![\w.]*/)"),
    # localhost:4010, 127.0.0.1:4721, http(s)://…, a host:port
    "address": rx(r"\b(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d{2,5})?\b|https?://\S+|"
                          r"(?<![\w.-])[\w-]+(?:\.[\w-]+)+:\d{2,5}\b|\bport \d{2,5}\b",
                          re.IGNORECASE),
    # a path (~/.local/share/x, /srv/app, ./bin/run, src/app/, docs/adr/0003.md) or a config or
    # data file by name — not "and/or", "HTTP/2", "I/O" or "Pressable/button"
    LOCATION: rx(r"(?<![\w.-])(?:~|\.{1,2})?/[\w.-]+|(?<![\w.-])[\w.-]+/[\w.-]+/|"
                         r"(?<![\w.-])[\w-]+/(?:[\w-]+/)*[\w-]+\.[a-z]{1,5}\b|"
                         r"(?<![\w.-])[\w.-]+\.(?:toml|ya?ml|json|db|cfg|ini|conf|env|lock|"
                         r"sqlite3?|log|csv|sql)\b|"
                         # (a storage URL or a named bucket: "gs://tessel-bank-drop-prod/…", "the
                         # GCS bucket tessel-tfstate-eu")
                         r"(?<![\w.-])(?:gs|s3|az|hdfs|sftp|ftp|https?)://\S|"
                         r"\bbucket (?=[\w.-]*[-.])[\w.-]{3,}"),
}
# A question about what was tried here before, or why an alternative is not used: "has anyone
# tried a long-running php server?", "is there a wrapper tool we evaluated?", "why don't the
# long lists use the CDK's windowing?", "could we precompute it instead of per request?", "why
# did we drop webpack?", "did we ever use graphql?". Not the user trying something now ("when
# I try to compile …", "what should I try next?"), nor telling what they tried ("I've tried
# everything, why won't it work?", "tried that, still broken") — "have we tried …?" asks.
ATTEMPT = "attempt"
_ASKS_ATTEMPT = rx(
    r"^(?!.*\b(?:i|i've|i have|we've|you|(?<!\bhave )(?<!\bhad )we(?: have)?)\s+"
    r"(?:already\s+|just\s+)?tried\b)"
    r"(?!.*\btried (?:that|this|it|everything|your|again)\b).*?"
    r"\b(?:tried|attempted|evaluated|experimented|considered|gave up on|ruled out|abandoned|"
    r"backed out|rolled back|reverted|(?<!\bi )(?<!\bto )try(?! to\b)(?!ing to\b)|"
    r"instead of|rather than|why (?:don't|doesn't|aren't|isn't|didn't|not|did we)\b|"
    r"(?:did|have) we ever\b)",
    re.IGNORECASE)
# The claim type that reports how an approach tried turned out (rlat.claims.model).
_ATTEMPT_TYPE = "outcome"
# A prompt about one of a project's own jobs — running its tests, building it, linting or
# formatting it — asked or ordered: "how do I run the unit tests?", "run the tests for the
# deliveries app", "what's the build invocation for the production pcb?", "how does everyone
# else build?", "lint all the terraform modules". Answered by a claim that gives a command
# doing that job (in backticks: ``_DOES``) — not by the words the two happen to share: "Use
# `zig build test-host` here" shares only *test* with the first. Not writing or fixing a test
# ("add a test for the parser"), nor running another job on tests ("run the linter on the
# test files"), nor how to build a thing in general ("how do I build a REST API in Flask?").
TEST_RUN = "test run"
BUILD = "build"
LINT = "lint"
_ASKS_JOB = {
    TEST_RUN: rx(
        r"\b(?:run|running|runs|execute|kick off)\b"
        r"(?:(?!lint|format|build|deploy|migrat|bench|profil|coverage)[^.?!\n]){0,40}?"
        r"\b(?:tests?|test suite|specs?|suite)\b|"
        r"\b(?:tests?|specs?|suite)\b(?: \w+){0,3} (?:meant|supposed) to (?:be )?run\b|"
        # ("the integration tests panic about a display when I run them over ssh — how are
        # they meant to be run?")
        r"\b(?:tests?|specs?|suite)\b[^?\n]{0,80}?\bhow (?:are|is|do|should) (?:they|these|those|"
        r"it|we|i)\b[^?\n]{0,30}?\brun\b|"
        # ("what's the command for the job tooling's test suite with coverage?" — not another
        # job done for them: "the command for resetting the test database")
        r"\btest (?:command|invocation)\b|"
        r"\b(?:command|invocation) for (?:(?!(?!runn|execut)\w+ing )[\w'’-]+ ){0,4}?"
        r"(?:tests?|test suite|specs?)\b(?! (?:data(?:base)?|db|fixtures?)\b)",
        re.IGNORECASE),
    BUILD: rx(
        r"\bbuild (?:command|invocation|entry ?point|target|script|steps?)\b|"
        r"\bhow (?:do(?:es)?|should|can|would) (?:we|everyone(?: else)?|you all|people|the team|"
        r"ci) build\b|"
        r"^\W*(?:please |now |then )?(?:re)?build (?:the|a|an|our|this|it)\b|"
        # ("make a browser build of the game I can zip")
        r"^\W*(?:please |now |then )?(?:make|do|cut|produce) (?:a|an|the|me a) (?:[\w-]+ ){0,2}"
        r"build\b(?! (?:fail|break|pass|script|server|time)s?\b)",
        re.IGNORECASE),
    LINT: rx(
        r"^\W*(?:please |now |then )?(?:lint|(?:auto-?)?format (?:the |all |all the |my |our )?"
        r"(?:code|files|\w+ files|everything|sources?|modules?|project|repo)|"
        r"clean up the code style)\b|"
        r"\bhow (?:do|should|can) (?:i|we) (?:lint|auto-?format|format the code)\b|"
        r"\b(?:lint|format(?:ter)?) (?:command|step|script)\b",
        re.IGNORECASE),
}
# A command doing each job, in backticks or called (`devtools::test()`): a tool by name or a
# word of the job's own (`make test-unix`, `pio test -e native`, `npx nx e2e desk-e2e`,
# `./gradlew :shared:iosSimulatorArm64Test`, `west build -p`, `-executeMethod …BuildAndroid`,
# `./gradlew spotlessApply`), not one inside another word (`git checkout`, `inspect`).
_DOES = {
    TEST_RUN: rx(
        r"(?<![A-Za-z])(?:tests?|e2e|specs?|check|(?i:pytest|jest|vitest|mocha|rspec|phpunit|"
        r"playwright|cypress|ctest|nextest|installcheck|gametest))(?![A-Za-z])|"
        r"(?:Test|Spec)(?![a-z])"),
    BUILD: rx(r"(?<![A-Za-z])[Bb]uilds?(?![a-z])|Build(?![a-z])|(?<![A-Za-z])(?:cmake|"
                      r"bazel|ninja|assemble\w*|compile\w*)(?![a-z])"),
    # (a formatter, not an option of another command: `rlat memory list --format json`)
    LINT: rx(r"(?i:lint\w*|\w*lint|\w*fmt|(?<![-\w])format\w*|prettier|(?<![-\w])black|"
                     r"ruff|spotless\w*|rubocop|clippy)(?![a-z])"),
}
# Code in backticks (its text): where a claim gives a command.
CODE_SPAN = rx(r"`([^`\n]+)`")
_CALLED = rx(r"\b\w+::(\w+)\(\)")
JOBS = tuple(_ASKS_JOB)
# A question asking the team's rule for something: "what's our policy on resource ceilings
# for containers?", "what's the house style for NgRx actions?", "how are errors supposed to be
# reported from the library code?", "how should we name the buckets?". Answered by a claim of
# type ``convention`` (rlat.claims.model): the claim's type, recorded at capture, says it is a
# rule, which the words "Containers get CPU requests but never CPU limits" do not.
RULE = "rule"
_ASKS_RULE = rx(
    r"\b(?:our|the team's|the house|the project's|this repo's)\s+(?:\w+\s+){0,2}(?:conventions?|"
    r"patterns?|rules?|scheme|style|polic(?:y|ies)|approach|way)\b|"
    r"\bhow (?:should|do|must) (?:i|we) (?:name|structure|organi[sz]e|lay out)\b|"
    r"\bwhat(?:'s| is| are) the (?:\w+\s+){0,2}(?:conventions?|patterns?|rules?|scheme) "
    r"(?:for|on|about|when|with)\b|"
    r"\bis there a (?:\w+ )?(?:rule|convention)\b|"
    # (not "how are they meant to be run": a job, ``JOBS``)
    r"\bhow (?:is|are) (?:\w+\s+){1,3}(?:supposed|meant) to be (?!run)",
    re.IGNORECASE)
_RULE_TYPE = "convention"
# How ``--explain`` names what a question of each kind asks for.
NAMES = {"version": "a version", "address": "an address", LOCATION: "a place",
         ATTEMPT: "what was tried here", TEST_RUN: "how to run the tests", BUILD: "how to build",
         LINT: "how to lint or format the code", RULE: "a rule of the team's"}


def asked_type(query: str) -> str | None:
    """The kind of value a question asks for ("version", "address", ``LOCATION``), or None."""
    for kind, pattern in _ASKS.items():
        if pattern.search(query):
            return kind
    return None


def states(kind: str, text: str) -> bool:
    """Whether ``text`` states a value of ``kind`` (or, for a job in ``JOBS``, gives a command
    doing it)."""
    does = _DOES.get(kind)
    if does is not None:
        return any(does.search(code) for code in (*CODE_SPAN.findall(text),
                                                  *_CALLED.findall(text)))
    return bool(_STATES[kind].search(text))


def asked_kind(query: str, value_kind: str | None, *, question: bool = True) -> str | None:
    """The kind of answer a prompt asks for: ``ATTEMPT`` (what was tried here), a job of
    ``JOBS`` (how to run this project's tests, build it, lint it: asked or ordered), the kind
    of value it asks for (``value_kind``: ``asked_type(query)``, which ranking has computed
    already) or ``RULE`` (the team's rule for something), or None. ``question``: whether
    ``query`` is a question (else only a job applies)."""
    if question and _ASKS_ATTEMPT.search(query):
        return ATTEMPT  # ("has anyone tried running the specs in parallel?")
    for job, asks in _ASKS_JOB.items():
        if asks.search(query):
            return job
    if not question:
        return None
    return value_kind or (RULE if _ASKS_RULE.search(query) else None)


def gives(kind: str, claim_type: str, stated: Callable[[], bool]) -> bool:
    """Whether a claim of ``claim_type`` is an answer of ``kind``; ``stated()``: whether its
    text states a value of ``kind`` (``states``; asked only when it decides, so a caller that
    has already asked can answer from what it kept)."""
    if kind == ATTEMPT:
        return claim_type == _ATTEMPT_TYPE
    if kind == RULE:
        return claim_type == _RULE_TYPE
    return claim_type != "event" and stated()
