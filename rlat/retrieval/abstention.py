"""When recall says nothing: the absolute relevance floor every recalled claim must clear.

Relevance in the ranking (``rlat.retrieval.recall``) is BM25 divided by the best eligible
claim's BM25, so *some* claim always has relevance 1.0 — even when the only thing it shares
with the prompt is one everyday word. Ranking needs that relative number; deciding whether to
say anything at all needs an absolute one. This module is that rule, and every number in it
lives here (documented in docs/claims.md, "Abstention", and docs/hooks.md):

* **Content words**: the prompt's analysed terms (tokenizer + stemming, stop words gone),
  distinct, minus ``FILLER`` (words that ask rather than say: "please", "help", "need",
  "thing", …) and lone digits (the pieces of "2.0" and "v18.19.0" share a "0", which says
  nothing). A prompt with no content word recalls nothing.
* **Weight** of a word: its idf in the store (``rlat.retrieval.bm25.smooth_idf``, the recall index's), with N
  at least ``YOUNG_STORE`` (a young store cannot tell an everyday word from a rare one, so no
  word of it weighs next to nothing); a word no claim holds weighs what a word held by one
  claim weighs. So a word most claims share counts little, a rare one counts a lot, and the
  scale follows the store's size.
* **Coverage**: of the weight of the prompt's content words, the share the claim's own words
  (its text, subject and key — not the session context the index adds) hold; and of the
  weight of the claim's own content words, the share the prompt holds.
* **Fit** = the larger of the two shares (the claim's counted ``ONE_WORD_CLAIM_SHARE`` when
  they share a single word) when the shared words weigh at least ``MIN_SHARED`` idf-units,
  else 0 — and 0 when all they share is one concept tag and the prompt is a task, not a
  question (``asks``), or one word the claim has only inside a code name (``CODE_NAME``).
  A claim is admitted when ``fit >= FIT_FLOOR``: it covers most of what the prompt asks, or
  the prompt covers most of what the claim says (a one-line convention mentioned in a long
  prompt). One shared everyday word covers neither.
* **Meaning**: a question is also answered by a lexical candidate whose word-vector cosine
  with it reaches ``MEANING_FLOOR``, whatever its fit, or ``NEAR_MEANING`` with a fit of at
  least ``NEAR_FIT``, or ``BEST_MEANING`` for the best lexical candidate, or ``KIND_MEANING``
  for the first candidate of the kind of answer it asks for (never a task's, never a session
  record). And the other way: a claim
  the words admitted on ``AGREE_WORDS`` shared words or fewer, each known to the table, is
  left out when their meanings disagree (cosine below ``MEANING_AGREES``; not for a claim
  mostly of code, ``CODE_SHARE``): the words were a coincidence. Tasks and questions alike.
* **Session records** (claims of type ``event``, one block per session) are recalled only
  when no other claim clears the floor, only the best one, only when its fit is at least
  ``EVENT_FIT_FLOOR`` (a long record shares some word with almost any prompt), never for a
  question general knowledge answers, and for an order only on one of the tasks the record
  says its session was asked, each alone (``rlat.claims.model.record_tasks``).

Import-light (the prompt hook uses it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .. import patterns
from . import answer_types
from .bm25 import smooth_idf
from .concepts import PREFIX as TAG_PREFIX
from .expansion import stem

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

# Lexical candidates (those the gates admit) looked at per query, best BM25 first: abstention
# and re-ranking decide among these; nothing below them is read.
POOL = 100
# The floor: a claim must cover this share of the prompt's content words (idf-weighted), or
# the prompt this share of the claim's. Chosen on the dev split of bench/dev_eval (facts stored
# as clean claims, paraphrased questions, unrelated prompts): 0.5 recalled 0.23 of the facts,
# 0.25 recalled 0.59 with 0.95 of unrelated prompts getting nothing, 0.2 0.66 with 0.85.
# With the sessions *captured* (facts found by rlat.capture.facts, which carry their situation
# and so are longer than the clean claims), the same split: 0.25 recalled 0.53 (abstention
# 0.95), 0.22 0.59 (0.95), 0.2 0.60 (0.95), 0.18 0.59 (0.95), 0.15 0.60 (0.85). What users'
# stores hold is captured facts, so the floor is 0.2.
FIT_FLOOR = 0.2
# ... and a claim an *order* recalls must clear this one when they share up to ``ORDER_WORDS``
# words, as must a claim sharing a single word with a report: an order shares words with a rule
# incidentally ("fix the failing test in the parser" / "Run the tests
# with make check": one word, a quarter of the prompt; "write a Zig function that counts the
# lines in a file" / a rule on functions that allocate: two everyday words), where a question's
# words are the topic it asks about, and a report asks why. A question (``asks``) clears the
# ordinary floor. History: first for a single shared word only (dev split, captured: 0.2 alone
# recalled 0.60 with 0.95 abstention but injected on one shared word; with it, 0.54 and 0.95;
# 0.34 gave 0.50). Ninth pass, for every order, over the nine tuned splits in-process
# (docs/benchmarks.md, "Ninth pass"): fact recall 0.746 -> 0.746, abstention on unrelated
# prompts 0.817 -> 0.900, unanswered questions unchanged (for every prompt that is no
# question: 0.735 / 0.900, every lost fact a report).
TASK_FLOOR = 0.26
# ... for an order sharing up to this many words: one sharing more ("fix the flaky login test,
# it failed again …" / the gotcha on that test: four words) is about the claim. Costs and
# gains nothing on the ten tuned splits (3 or unlimited: 0.708 / 0.895; 2: 0.708 / 0.880).
ORDER_WORDS = 3
# ... and the words they share must weigh at least this much in all (idf units; a word held by
# one claim in a hundred weighs ~4.2, by half the claims ~0.7).
MIN_SHARED = 1.5
# The prompt's share of a claim, when they share a single word, counts this much: one word is
# "most of what the claim says" only for a one- or two-word claim (a young store's "database"
# must not admit "The staging database is read-only on Fridays" for "rename the database
# column"). Costs nothing on the dev split (0.59 recall, 0.95 abstention either way).
ONE_WORD_CLAIM_SHARE = 0.5
# Word weights are computed as if the store held at least this many claims.
YOUNG_STORE = 50
# A session record (type event) needs this fit, and is recalled only when it alone clears.
# (dev split, sessions captured as records: 0.5 recalled 0.12 of the facts with 1.0
# abstention, 0.35 0.21 with 0.95, 0.25 0.28 with 0.85; at 0.35 "fix the failing test in
# the parser" already gets a young store's session record that ran failing tests. Atomic
# claims, not records, are what a prompt should get: the record stays the last resort.)
EVENT_FIT_FLOOR = 0.5
EVENT_TYPE = "event"
# A captured *remark* (what no rule of capture read: rlat.claims.model.REMARK_KIND) needs this fit:
# it is said in passing as often as it is a fact. Chosen on the 30 tuned dev-eval splits in
# process (docs/benchmarks.md, "Twenty-first pass"): at the ordinary floor remarks cost 0.016 of
# the unrelated prompts' abstention; at 0.4, none, for 0.001 of the facts. (Meaning may still
# admit a remark for a question, as for any claim.)
REMARK_FIT_FLOOR = 0.4
# ... and is admitted on meaning by these routes only (``_meaning_route``): a meaning close on
# its own, or close with words nearly clearing the floor — not as the best lexical candidate
# or the first of the kind asked for, routes that trust the words to have picked out a fact.
# (Nor is it ever the first of a kind: rlat.retrieval.recall, ``first_of_kind``.)
# (Tuned splits: 0.393 of the questions nothing answers got nothing with them, 0.382 without;
# fact recall unchanged.)
REMARK_ROUTES = ("meaning", "near")
# A question (``asks``) is also answered by a lexical candidate whose meaning is this close to
# it: the cosine of prompt and claim in the meaning table (``rlat.retrieval.wordvec.
# meaning_table``), whatever words they share. "has anyone tried letting the compiler find our
# data races?" shares only "compiler" with the strict-concurrency finding it asks about. Tasks never: an order's
# neighbours in meaning are the work it names, not its answer. Chosen on the tuned splits of
# bench/dev_eval (docs/benchmarks.md, "Admitted on meaning"): 0.45 and 0.40 kept every split's
# abstention at 0.90 or more; below 0.40 unrelated questions start to get claims.
MEANING_FLOOR = 0.40
# ... or whose words nearly clear the floor (fit >= NEAR_FIT) while their meanings agree at
# least NEAR_MEANING: two kinds of partial evidence, each short of its own floor, that do not
# contradict each other ("should the new lesson tests extend TestCase like the old ones?" /
# the rule on test base classes, fit 0.18). Chosen on the tuned splits (docs/benchmarks.md,
# "Admitted on meaning"): 0.15 / 0.25 added 0.02 on dev2 and 0.01 on dev3 with every split's
# abstention unchanged; a near-fit of 0.10 let an unrelated question through.
NEAR_FIT = 0.15
NEAR_MEANING = 0.25
# ... or, for the best lexical candidate only (the one sharing the most, weighed, with the
# question), a meaning agreeing at least BEST_MEANING: the words already picked it out of the
# store, the meaning only has to confirm it. Chosen on the tuned splits (docs/benchmarks.md,
# "Fourteenth pass").
BEST_MEANING = 0.30
# ... or, for the first lexical candidate of the kind of answer the question asks for
# (``rlat.retrieval.answer_types.asked_kind``: what was tried here, a version, an address, a
# place) that shares a content word with it, a meaning agreeing at least KIND_MEANING: "has
# anyone tried a long-running php server for this app?" shares only *app* with "Took Octane
# out again: …", but it asks what was tried and that is the project's best-matching report of
# an attempt. (A claim sharing only filler — *tried* — is no candidate of this route: "I've
# tried everything, why won't it work?" would get any report of an attempt.) Chosen on the
# tuned splits (docs/benchmarks.md, "Fifteenth pass").
KIND_MEANING = 0.20
# Words and meaning must not disagree: a claim that clears the floor on one or two shared words
# (``AGREE_WORDS``) while its meaning-table cosine with the prompt is below ``MEANING_AGREES``
# shares them by coincidence ("where are trail difficulty levels defined?" / a Kafka
# consumer's *debug level*). Tasks and questions alike. Not checked: a claim whose shared words
# the table does not know ("bump tailwind": the cosine would be *bump*'s alone) or that are
# concept tags (evidence of meaning already), and a claim at least ``CODE_SHARE`` of whose text
# is code in backticks (the table, fitted on prose, says little about a command: "how do I
# generate the docs site?" / "Use `mkdocs build --strict …` here"). Chosen on the tuned splits
# of bench/dev_eval with the questions nothing answers (docs/benchmarks.md, "Seventh pass"), on
# captured stores and on clean one-line claims (oracle) both — 560 fact questions, 280 prompts
# that should get nothing: 0.15 costs 3 captured and 1 clean recalled facts for 5 and 10 more
# silent prompts; 0.10 costs 2 and 1 for 3 and 7; 0.2 costs 4 and 3 for 7 and 14.
AGREE_WORDS = 2
MEANING_AGREES = 0.15
CODE_SHARE = 0.2


# A question about the world, not this project ("what's the difference between a struct and a
# class?", "what does constexpr actually guarantee?"): general knowledge answers it, so a claim
# answers it only by covering what it asks (``GENERAL_SHARE``, the frame's own words left out),
# meaning admits nothing for it, and no session record answers it.
_EXPLAIN = r"(?:(?:can you |could you |please )?explain(?: to me)? )?"
_GENERAL = rx(
    r"^\W*(?:(?:so|ok|okay|hey)\W+)?(?:(?:can you |could you |please )?explain(?: to me)?|"
    r"what'?s|what is|what are|tell me) (?:the )?(?:(?:practical|real|main|key|actual|big) )?"
    r"difference between\b|"
    # advice on a kind of work, not this project's way ("what is a good way to structure a
    # python package …", "what's a reasonable way to write release notes …"; not "what's the
    # right way to …", which asks for the way here, nor "what's a quick way to tail prod logs?",
    # a shortcut here)
    r"^\W*(?:what'?s|what is|what are) (?:a|an|some) (?:good|reasonable|simple|clean|nice|"
    r"sensible|decent|common|standard|solid|proper|better|idiomatic) (?:ways?|"
    r"approach(?:es)?|patterns?|practices?|rules? of thumb) (?:to|for|of)\b|"
    # ... or on writing or doing a thing well, with people as much as code ("how do I write a
    # good commit message?", "what makes a good commit message?", "give me three tips for
    # writing good commit messages", "how do I politely …", "how long should a retro be …";
    # not this project's: "how do we write a good migration here?" points at it)
    r"^\W*how (?:do|can|should|would) (?:i|you|we|one) (?:write|give|make|run|plan|draft|word) "
    r"(?:a |an |some )?(?:good|great|better|useful|effective|clear|polite|short)\b|"
    r"^\W*what makes (?:a |an )?(?:good|great|useful|effective)\b|"
    r"^\W*(?:give me |any |some )?(?:\w+ )?(?:tips|advice) (?:for|on)\b|"
    r"^\W*how (?:do|can|should) (?:i|you|we) (?:politely|nicely|tactfully|gently|kindly)\b|"
    r"^\W*how long should (?:a|an) \w+|"
    r"^\W*how (?:do|should|would) (?:you|people|teams) (?:estimate|deal with|handle|cope with)\b|"
    r"^\W*" + _EXPLAIN + r"what(?:'s| is| are) (?:a|an)\b(?!\s+(?:\w+\s+)?(?:way|approach|place|"
    r"name|command|option|setting|tool)\b)|"
    r"^\W*" + _EXPLAIN + r"what (?:a|an) [\w:.+#$-]+(?: \w+)? (?:is|are|does)\b|"
    r"^\W*what does (?:a |an |the )?(?:[\w:.+#$-]+(?: \w+)?|['\"‘“][^'\"’”\n]{1,40}['\"’”]|"
    # (a numbered code of a protocol or of the shell: "HTTP status 418", "exit code 137"; not
    # a tool of this project's: "the importer exit code 3")
    r"(?:https?|smtp|grpc|ftp|dns) (?:status |error )?(?:code )?\d+(?: [A-Z][\w-]*){0,2}|"
    r"(?:exit|return) (?:code|status) \d+|errno \d+|signal \d+|sqlstate \w+|"
    # (an operator by its sign: "what does the ? operator expand to?")
    r"\S{1,3} operator|"
    # (a term in quotes: "what does 'timing closure' mean …"; a tool's command with its flag:
    # "what does git rebase --onto do?", not a project's target: "make deploy --dry-run")
    r"(?!(?:make|just|npm|yarn|pnpm|rake|task|invoke|nox|tox)\b)[a-z][\w.+-]* [\w.+-]+ --?[\w-]+)"
    r" (?:actually |usually |really |exactly )?(?:guarantee|mean|do|expand to|desugar to|"
    r"compile (?:down )?to)\b|"
    r"^\W*how (?:is|are|does|do) (?!the\b)[^?\n]{1,40}? (?:differ|different) from\b|"
    # ("what does a p-value actually tell you?": a term's, with its article; not "what does the
    # deploy log tell you", this project's)
    r"^\W*what does (?:a|an) [\w:.+#$-]+(?: \w+)? (?:actually |really )?tell (?:you|us|me)\b|"
    # ("difference between X and Y?", "WP_Query vs get_posts - when would I use which?")
    r"^\W*(?:the )?difference between\b|"
    r"^\W*(?:[\w.:$()-]+ ){0,2}?[\w.:$()-]+ (?:vs\.?|versus) [\w.:$()-]+(?: [\w.:$()-]+)?\W*"
    # (not what "the" points at here: "staging vs prod config - which one does the worker read?")
    r"(?:[-–—,:]\s*(?:when|which|what|how|does it matter|is there (?:a|any) difference)\b"
    r"(?![^?\n]*\bthe\b)"
    r"[^?\n]{0,40})?\??\s*$|"
    # ("explain what the local keyword does in Perl", "what the walrus operator is for")
    # (only "the" keyword or operator of a language: "the cleanup function" is this project's)
    r"^\W*" + _EXPLAIN + r"what (?:(?:a|an) [\w$@%:.<>=!-]+ (?:keyword|operator|builtin|function|"
    r"macro|directive|statement|pragma|modifier|specifier|qualifier)|the [\w$@%:.<>=!-]+ "
    r"(?:keyword|operator|builtin|pragma)) (?:does|is for|means)\b|"
    # ("summarise the pros and cons of WireGuard vs OpenVPN for a small club")
    r"^\W*(?:(?:please )?(?:summari[sz]e|list|give me|what are|compare|weigh)\s+)?(?:the )?"
    r"(?:pros and cons|trade-?offs|advantages and disadvantages) of\b|"
    # ("explain how Minecraft's game tick works …")
    r"^\W*(?:(?:can you |could you |please )?explain|tell me) how (?!(?:we|our|this|the)\b)"
    r"[^?\n]{1,60}? works?\b|"
    # how to do a thing on an operating system ("… holding a serial port open on linux")
    r"^\W*how (?:do|can|would|should) (?:i|you|one) (?![^?\n]*\bthe\b)[^?\n]{3,80}? "
    r"(?:on|in|under) (?:linux|"
    r"macos|mac|windows|ubuntu|debian|unix)\W*$",
    re.IGNORECASE)
# ... "the" after the frame points at a thing of this project ("… for the importer", "the
# staging and prod workers")
_THE = rx(r"(?:^\W*|\b(?:for|of|in|on|to|with|from|at|by|between|and)\s+)the\b",
                  re.IGNORECASE)

# the frame's own words, not what is asked
GENERAL_FRAME = ("difference", "differ", "different", "mean", "means", "explain", "example")
# A claim answers a question general knowledge answers only when it covers this much of what
# the question asks (its own share of the claim does not count): "what's the difference
# between a vector and a list in Clojure?" is not answered by a schema rule about vectors.
GENERAL_SHARE = 0.74  # (three quarters, with room for rounding: 0.7499… is three of four)
# ... unless it points at this project: "what does this error mean?", "our staging and prod
# deploys", a setting's name (REDIS_URL), a path, pasted output. (A lowercase identifier may be
# a library's — "select_related and prefetch_related" — and a claim covering it still answers.)
_OURS = rx(r"\b(?:our|ours|we|us|here|this|these|that|those|it|my|mine)\b|[`/\n]",
                   re.IGNORECASE)
# ... but not the "it" that points back at a term asked about in general ("what's a learning-rate
# warmup and why does it help?"; not "… and why does it keep restarting?", this project's)
_BACK_TO_TERM = rx(r"\band (?:why|how|when) (?:does|do|would|is) it (?:help|matter|work|"
                           r"improve|exist|differ|compare)\b", re.IGNORECASE)
# ... nor the "it" of a closing "and when you'd want it" after any frame ("explain what the
# local keyword does in Perl and when you'd want it"): when to use the thing asked about
_WHEN_TO_USE_IT = rx(r"\s*,?\s*and when (?:(?:would|should|do|does) (?:you|i|one)|you'?d|i'?d|"
                     r"to) (?:want|use|need|pick|choose) it\W*$", re.IGNORECASE)
# ... nor the "that" that only goes on to say what a thing asked about is ("… structure a python
# package that has both a gui and a cli"): a relative pronoun after "a"'s noun, not "that error"
_RELATIVE_THAT = rx(r"(\b(?:a|an)\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+)that\b(?=\s+(?:\w+\s+)?(?:has|have|is|"
                    r"are|was|were|does|do|can|will|would|runs?|counts?|finds?|takes?|returns?|"
                    r"reads?|writes?|works?|holds?|keeps?|lets?|checks?|renders?)\b)",
                    re.IGNORECASE)
# ... nor the "it" of "does it matter which …", the frame's own (after "X vs Y")
_DOES_IT_MATTER = rx(r"\bdoes it matter\b", re.IGNORECASE)
# Words quoted are asked about, not said of this project ("what's a good way to say 'this
# slipped to next week' in a status update?": its "this" points at nothing here)
_QUOTED = rx(r"(?<!\w)'[^'\n]{1,80}'(?!\w)|\"[^\"\n]{1,80}\"|“[^”\n]{1,80}”")
_ARTICLE_END = rx(r"\ban?\W*$")  # (a frame asking about "a …" thing: a term)
_IDENTIFIER = rx(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")
# How to do a thing in git: what git's manual answers, whoever's commits they are ("how do I
# squash my last three commits into one?") — said with git's own nouns (not "rename the release
# branch for march", "split the settings files") and not pointing at this team's ways ("how do
# we name release branches here?").
_GIT_HOWTO = rx(r"^\W*how (?:does|do) git [\w-]+(?: [\w-]+)?(?: --?[\w-]+)? (?:really |actually )?"
                r"work\b|"
                # ("how does git rebase --onto work, i always panic when i need it")
                r"^\W*how (?:do|can|would|should) (?:i|you|one) (?:\w+ ){0,2}?(?:undo|"
                        r"squash|rename|stash|rebase|revert|amend|cherry.pick|reset|delete|"
                        r"recover|unstage|uncommit|split|rewrite)\b[^?\n]{0,60}?"
                        r"\b(?:git|commits?|stash|working tree|on the remote)\b|"
                        # (listing or pruning git's own things: "… list git branches sorted by …",
                        # not "sort imports before i commit")
                        r"^\W*how (?:do|can|would|should) (?:i|you|one) (?:\w+ ){0,2}?(?:list|sort|"
                        r"prune)\b[^?\n]{0,20}?\b(?:git )?(?:branch(?:es)?|tags|remotes|stashes)\b|"
                        # (a git branch tracking a remote one; a file taken out of git's history,
                        # "do" left out or not: "how I remove from git history a big file …")
                        r"^\W*how (?:(?:do|can|would|should) )?(?:i|you|one) [^?\n]{0,30}?\bgit "
                        r"branch\b[^?\n]{0,30}?\b(?:track|follow)\b|"
                        r"^\W*how (?:(?:do|can|would|should) )?(?:i|you|one) (?:\w+ ){0,2}?(?:remove|"
                        r"purge|erase|delete)\b[^?\n]{0,40}?\bgit history\b",
                        re.IGNORECASE)
# A question scoped to a language or tool before its frame ("in Dart, what's the difference
# between final and const?", "quick question: what does SIGPIPE mean?"): the frame is what
# follows.
_SCOPE = rx(r"^\W*(?:(?i:in|for|with|using) (?:[A-Z][\w.+#-]*(?: \d[\w.]*)?|"
                    r"[a-z][\w.+#-]* \d[\w.]*)\s*[,:-]\s*|"
                    r"(?i:quick|random|general|side|dumb|silly) (?i:question)\s*[,:-]?\s*)")
# Verse asked for ("write a limerick about a test that only fails on Fridays"): no claim of the
# project's answers it, whatever it is about.
_VERSE = rx(r"^\W*(?:(?:can you |could you |please )?(?:write|compose) (?:me )?(?:a|an|some) "
                    r"(?:short |little |funny )?(?:poem|limerick|haiku|sonnet|song|rhyme|joke|"
                    r"riddle)s?(?=\s+(?:about|on|for|describing|where|in which)\b|\W*$))",
                    re.IGNORECASE)
_TEAMS = rx(r"\b(?:our|ours|we|us|here|this repo|this project|team)\b|[`/]", re.IGNORECASE)
# An explanation pitched at a learner ("how does HTTPS keep things secret? short version
# please", "explain CORS like I'm new to web development", "how does a bloom filter work,
# roughly"): asked of general knowledge, when it explains (``_EXPLAINING``) and names no thing
# of this project's ("the importer", "our deploy"). The hedge closes the prompt: "roughly how
# much does the bill come to" asks for a quantity, "… roughly half of what it was" states one.
_FOR_A_LEARNER = rx(r"(?:[,.;:?!-]\s*|\s)(?:(?:explain (?:it|this|that) )?like i'?m (?:five|5|a "
                    r"beginner|new to [\w .'-]{1,40})|eli5|for (?:a )?beginners?|(?:the |a )?"
                    r"short version|briefly|roughly|in (?:simple|plain|layman'?s) (?:terms|"
                    r"english|words)|in a nutshell|with (?:a |an )?(?:concrete |simple |quick |"
                    r"real )?example)(?: please)?\W*$", re.IGNORECASE)
# ... of which the field a learner is new to is asked about ("like I'm new to web development")
_NEW_TO = rx(r"\bnew to\b.*", re.IGNORECASE | re.DOTALL)
_EXPLAINING = rx(r"^\W*(?:(?:can you |could you |please )?explain\b|how (?:does|do|is|are)\b|"
                 r"what(?:'s| is| are| does| do)\b)", re.IGNORECASE)
_NAMES_A_THING = rx(r"\bthe\b", re.IGNORECASE)


def pitch(prompt: str) -> str:
    """The words closing ``prompt`` that say how to pitch an explanation (``_FOR_A_LEARNER``:
    "in plain english", "short version please"), not what to explain ("" when none): no part
    of what a claim must cover. (The field a learner is new to is asked about.)"""
    hedge = _FOR_A_LEARNER.search(prompt.strip())
    return "" if hedge is None else _NEW_TO.sub("", hedge.group(0))


def asks_in_general(prompt: str) -> bool:
    """Whether ``prompt`` asks what general knowledge answers (``_GENERAL``, how to do a
    thing in git, ``_GIT_HOWTO``, or an explanation for a learner, ``_FOR_A_LEARNER``; not
    pointing at this project): a claim must cover
    ``GENERAL_SHARE`` of it, without its frame's words (``GENERAL_FRAME``), and meaning admits
    nothing for it."""
    prompt = prompt.strip()
    prompt = _SCOPE.sub("", prompt, count=1)
    if _VERSE.match(prompt):
        return True
    if _GIT_HOWTO.search(prompt) and not _TEAMS.search(prompt) \
            and not _IDENTIFIER.search(prompt):
        return True  # ("how do I undo the last commit but keep the changes in my working tree?")
    frame = _GENERAL.search(prompt)
    if frame is None:
        hedge = _FOR_A_LEARNER.search(prompt)
        if hedge is None or not _EXPLAINING.match(prompt):
            return False
        asked = prompt[:hedge.start()]
        return not _OURS.search(asked) and not _IDENTIFIER.search(asked) \
            and not _NAMES_A_THING.search(asked)
    # (what follows the question is the asker's own: "… tell you? need it in two sentences for
    # a reporter", "…? My niece starts an accounting course next week")
    closed = prompt.find("?", frame.end())
    if closed >= 0:
        prompt = prompt[:closed + 1]
    # (the "it" of "what's a warmup and why does it help?" is the term; of "what does
    # PaymentRouter do and how does it work for refunds?" this project's thing)
    said = _WHEN_TO_USE_IT.sub("", _QUOTED.sub(" ", prompt))
    said = _BACK_TO_TERM.sub("", said) if _ARTICLE_END.search(frame.group(0)) else said
    said = _DOES_IT_MATTER.sub("", _RELATIVE_THAT.sub(r"\1", said))
    return not _OURS.search(said) \
        and not _IDENTIFIER.search(prompt) \
        and not _THE.search(prompt[frame.end():])


def _meaning_route(fit: float, similarity: float, best: bool, kind: str | None) -> str | None:
    """Which way a question's candidate whose ``fit`` missed the floor is admitted for its
    meaning-table ``similarity``: "meaning" (``MEANING_FLOOR``), "near" (``NEAR_FIT`` and
    ``NEAR_MEANING`` together), "best" (the best lexical candidate, ``BEST_MEANING``), "kind"
    (the first candidate of the ``kind`` of answer asked for, ``KIND_MEANING``) — or None."""
    if similarity >= MEANING_FLOOR:
        return "meaning"
    if fit >= NEAR_FIT and similarity >= NEAR_MEANING:
        return "near"
    if best and similarity >= BEST_MEANING:
        return "best"
    return "kind" if kind is not None and similarity >= KIND_MEANING else None


def admits_on_meaning(fit: float, similarity: float, *, best: bool = False,
                      kind: str | None = None, remark: bool = False) -> bool:
    """Whether a question's candidate whose ``fit`` missed the floor is admitted for its
    meaning-table ``similarity`` to the question (``_meaning_route``); a ``remark`` only by
    ``REMARK_ROUTES``."""
    route = _meaning_route(fit, similarity, best, kind)
    return route is not None and (not remark or route in REMARK_ROUTES)


def describe_meaning(similarity: float, fit: float, *, best: bool = False,
                     kind: str | None = None) -> str:
    """``--explain``'s account of a claim admitted on meaning (``admits_on_meaning``)."""
    route = _meaning_route(fit, similarity, best, kind)
    if route == "kind":
        return (f"admitted on meaning: the question asks for {answer_types.NAMES[kind]}, "
                f"this is the best lexical candidate that gives one, and the question and the "
                f"claim's word vectors agree {similarity:.2f} (floor {KIND_MEANING:.2f} for it); "
                f"their shared words do not clear the fit floor")
    if route == "best":
        return (f"admitted on meaning: the best lexical candidate, and the question and the "
                f"claim's word vectors agree {similarity:.2f} (floor {BEST_MEANING:.2f} for the "
                f"best); their shared words do not clear the fit floor")
    if route == "meaning":
        return (f"admitted on meaning: the question and the claim's word vectors agree "
                f"{similarity:.2f} (floor {MEANING_FLOOR:.2f}); their shared words do not "
                f"clear the fit floor")
    return (f"admitted on meaning and words together: fit {fit:.2f} (>= {NEAR_FIT:.2f}) and "
            f"word vectors agreeing {similarity:.2f} (>= {NEAR_MEANING:.2f}), each short of "
            f"its own floor")

def describe_job(job: str, fit: Fit, floor: float) -> str:
    """``--explain``'s account of a claim admitted as the command doing one of the project's
    jobs the prompt asks about (``rlat.retrieval.answer_types.JOBS``)."""
    return (f"admitted: the prompt asks {answer_types.NAMES[job]}, and this is the best "
            f"lexical candidate of this workspace that gives a command doing it; "
            f"{fit.describe(floor)}")


def meaning_checked(fit: Fit, text: str, known: Callable[[str], bool]) -> bool:
    """Whether a claim the words admitted must also agree in meaning (``MEANING_AGREES``):
    admitted on ``AGREE_WORDS`` shared words or fewer, each of which the meaning table knows
    (``known``: "bump tailwind" means nothing to it but *bump*, so the cosine says nothing about
    a claim on Tailwind; a concept tag is evidence of meaning already), and not mostly code
    (``CODE_SHARE``)."""
    if len(fit.covered) > AGREE_WORDS or not text:
        return False
    if not all(not t.startswith(TAG_PREFIX) and known(t) for t in fit.covered):
        return False
    code = sum(len(m) + 2 for m in answer_types.CODE_SPAN.findall(text))  # (with its backticks)
    return code < CODE_SHARE * len(text)


def meaning_contradicts(similarity: float) -> bool:
    """Whether a word-admitted claim's meaning-table ``similarity`` to the prompt says the
    shared words are a coincidence."""
    return similarity < MEANING_AGREES


def describe_contradiction(fit: Fit, similarity: float, floor: float) -> str:
    """``--explain``'s account of a claim whose words cleared the floor but whose meaning
    disagrees (``meaning_contradicts``)."""
    return (f"{fit.describe(floor)}; but their meanings disagree (word vectors "
            f"{similarity:.2f} < {MEANING_AGREES:.2f} on {len(fit.covered)} shared word(s)): "
            f"a coincidence")

# Words that ask rather than say (stemmed like every term): they never count as content.
# Nor do "not" and "vs": they shape what is asked ("when should I NOT rebase", "count(*)
# vs count(column)") but name no thing, and a claim saying "not" or "vs" about something
# else matched them as a shared word (twenty-fifth pass, dev41: two unrelated prompts
# silent, no fact lost on any split).
FILLER = frozenset(stem(w) for w in """
    please pls thanks thank hi hey hello ok okay yes yeah sure
    can could would want wanted need needs needed let lets help know tell show look looking
    like think thing things something anything everything stuff way ways get got give go going
    use using used try trying tried work working make making see seem seems
    now again still actually really maybe just also even already quick quickly bit little
    new one ones some any every much many well good right sorry wondering
    exactly briefly roughly basically simply
    not vs versus
    """.split())


class Fit:
    """How one claim covers one prompt (see the module docstring)."""

    __slots__ = ("covered", "n_prompt", "prompt_share", "claim_share", "shared_weight", "fit",
                 "lone_concept", "in_name", "asks", "orders", "general")

    def __init__(self, covered: tuple[str, ...], n_prompt: int, prompt_share: float,
                 claim_share: float, shared_weight: float, *, asks: bool = False,
                 orders: bool = False, general: bool = False, covering: bool = False) -> None:
        self.covered = covered
        self.n_prompt = n_prompt
        self.prompt_share = prompt_share
        self.claim_share = claim_share
        self.shared_weight = shared_weight
        self.asks = asks
        self.orders = orders
        self.general = general
        claim_part = claim_share * (ONE_WORD_CLAIM_SHARE if len(covered) == 1 else 1.0)
        # One concept alone is a topic, not an answer, for a task ("update the readme" / a docs
        # command): it must share a word of the prompt, or two concepts. A question about the
        # concept ("how do I run the type checker?" / "run tsc with -p tsconfig.app.json") is
        # answered by a claim on it.
        self.lone_concept = len(covered) == 1 and covered[0].startswith(TAG_PREFIX) \
            and not asks
        # One shared word the claim has only inside a code name ("regex for a UK postcode?" /
        # "… runs its assertions as ukUser()"): a coincidence of spelling (``CODE_NAME``; set by
        # ``fit``, which then counts the fit 0).
        self.in_name = False
        # (a general question is answered only by covering what it asks: ``GENERAL_SHARE``)
        self.fit = (prompt_share if general or covering else max(prompt_share, claim_part)) \
            if shared_weight >= MIN_SHARED and not self.lone_concept else 0.0

    def floor(self, floor: float = FIT_FLOOR) -> float:
        return floor_for(len(self.covered), floor, asks=self.asks, orders=self.orders,
                         general=self.general)

    def passes(self, floor: float = FIT_FLOOR) -> bool:
        return self.fit >= self.floor(floor)

    def describe(self, floor: float = FIT_FLOOR) -> str:
        words = ", ".join(self.covered) if self.covered else "none"
        verdict = ">=" if self.passes(floor) else "<"
        floor = self.floor(floor)
        weak = f"; shared weight {self.shared_weight:.1f} < {MIN_SHARED:.1f}" \
            if self.covered and self.shared_weight < MIN_SHARED else ""
        if self.lone_concept:
            weak += "; a concept alone does not answer a task"
        if self.in_name:
            weak += "; the one shared word is only part of a code name in the claim"
        if self.general:
            weak += "; a general question: the claim must cover what it asks"
        elif len(self.covered) == 1 and self.claim_share:
            weak += f"; one shared word: the claim's share counts {ONE_WORD_CLAIM_SHARE:g}x"
        digits = 3 if f"{self.fit:.2f}" == f"{floor:.2f}" else 2  # (never "0.26 < 0.26")
        return (f"fit {self.fit:.{digits}f} {verdict} {floor:.{digits}f} (covers {len(self.covered)} of "
                f"{self.n_prompt} prompt words [{words}]: {self.prompt_share:.2f} of the "
                f"prompt, {self.claim_share:.2f} of the claim{weak})")


def floor_for(shared_words: int, floor: float = FIT_FLOOR, *, asks: bool = False,
              orders: bool = False, general: bool = False) -> float:
    """The floor a fit sharing ``shared_words`` words must clear: for an order (``orders``),
    ``TASK_FLOOR`` up to ``ORDER_WORDS`` shared words; for a report (neither an order nor a question: "hot
    reloading is broken inside docker", which asks why), ``TASK_FLOOR`` on a single shared
    word; for a question, the ordinary floor (its words are the topic it asks about); for a
    question general knowledge answers, ``GENERAL_SHARE``."""
    if general:
        return max(floor, GENERAL_SHARE)
    if asks:
        return floor
    if orders and shared_words <= ORDER_WORDS or shared_words == 1:
        return max(floor, TASK_FLOOR)
    return floor


def weight(df: int, n: int) -> float:
    """The weight of a word held by ``df`` of the ``n`` claims of a store."""
    n = max(n, YOUNG_STORE)
    return smooth_idf(n, max(1, min(df, n)))


# A prompt that asks rather than orders: it ends with "?" or opens like a question.
_QUESTION = rx(r"^\W*(?:what|which|where|when|why|how|who|whose|is|are|can|could|"
                       r"should|would|do|does|did|has|have|any)\b", re.IGNORECASE)
# ... or whose last clause is one, typed without its mark after what it is about ("new ci
# upload, which steam branch should it set live on", "collector's up, no errors, nothing new in
# samples for an hour. what was that last time"; not a relative clause, "the importer, which is
# failing", nor an order's, ``_ORDER``).
_ASKED_LAST = rx(r"[,.;:—–?!]\s+(?!(?:which|who) (?:is|was|are|were|has|had)\b)"
                 # (nor one whose subject comes first: "…, when we switched to the new runner",
                 # "…, where it was before", "…, which the worker reads on startup"; "…, whats
                 # the step im missing" has its verb)
                 r"(?!(?:what|which|where|when|why|how|who) (?:we|i|you|they|it|he|she|"
                 r"the|our|my|its|their|this|that|these|those)\b)(?:what|which|"
                 r"where|when|why|how|who|whats|is there|are there|did we|do we|did you|do i|"
                 r"does it|any idea)\b[^?,.;:—–\n]*$", re.IGNORECASE)
# ... or that ends asking, typed with no mark at all ("notif consumer spamming payment not found
# then fine on retry seen this", "… someone in slack says just flip on loom did we ever try
# that", "… all polish and german names rejected CH16 what do we do", "… off by a cent again what
# type is money supposed to be", "… cant the recon just match close enough refs"; not "… and
# when should i NOT rebase", which a claim answers only by its words).
_ASKED_UNMARKED = rx(r"\b(?:(?!(?<=[,;—–] )(?:which|who) (?:is|was|are|were|has|had)\b)"
                     r"(?:what|which|where|how|why|who)(?: (?!(?:we|i|you|they|it|he|she)\b)\w+)?"
                     r" (?:do|does|did|is|are|"
                     r"was|were|should|can|could|would|must|am|'?s|dont|don'?t|doesn'?t|isn'?t|"
                     r"aren'?t|cant|can'?t) \w+|(?:did|have|has|do|can|could|am) (?:we|you|i|"
                     r"anyone|somebody|someone) (?:ever |already |just )?\w+|is there (?:a|an|"
                     r"any)\b|seen this|any ideas?|cant (?:we|the|it|you|i)\b|can'?t (?:we|the|"
                     r"it|you|i)\b|couldn'?t we)[^?.!\n]*$", re.IGNORECASE)
# ... but a polite order is a task, question mark or not ("can you fix the failing test?").
_REQUEST = rx(r"^\W*(?:(?:hey|hi|ok|okay|so|please)\W+)*(?:can|could|would|will)\s+"
                      r"(?:you|u)\b", re.IGNORECASE)


# A prompt that gives an order: it opens with what to do ("add …", "write …", "explain …") or
# asks politely for it ("can you fix …?"). What is neither an order nor a question reports
# something ("hot reloading is broken inside docker"): it asks why, as a question would.
_ORDER = rx(
    r"^\W*(?:(?:hey|hi|ok|okay|so|now|then|also|please|pls)\W+)*(?:add|write|create|make|"
    r"implement|build|fix|update|change|rename|move|remove|delete|drop|refactor|rewrite|explain|"
    r"draft|suggest|generate|convert|translate|set up|bump|upgrade|install|run|test|document|"
    r"describe|summari[sz]e|review|clean|format|tidy|replace|split|extract|show|list|give|tell|"
    r"compose|plan|check|open|close|merge|deploy|release|tag|push|commit|revert|undo|port|"
    r"migrate|optimi[sz]e|speed up|simplify|wire|hook up|turn|enable|disable|increase|decrease|"
    r"raise|lower|sort|filter|count|compute|print|plot|draw|design|sketch|outline|name|"
    r"propose|fill|insert|append|attach|schedule|send|post|email|reply|answer)\b",
    re.IGNORECASE)


# ... unless the verb is a noun the report goes on about ("make check fails on main", "build is
# red", "deploy is stuck"), or the request asks to be told something ("could you remind me why
# …?" is a question).
_REPORTED_AFTER = rx(
    r"^\W*(?:\w+\W+){1,2}?(?:is|are|was|were|fails?|failed|failing|keeps|doesn'?t|don'?t|won'?t|"
    r"can'?t|has|have|had|broke|hangs?|crashe[sd]|returns?|times? out|went|got|shows?|showed|says|said|"
    r"prints?|printed|gives?|gave|lists?|listed|throws?|threw)\b", re.IGNORECASE)
_TELL_ME = rx(r"\s+(?:please\s+)?(?:remind me|tell me|explain|say)\b", re.IGNORECASE)


def orders(prompt: str) -> bool:
    """Whether ``prompt`` gives an order (``_ORDER``, or a polite request), not a question nor
    a report whose first word only looks like a verb (``_REPORTED_AFTER``)."""
    if request := _REQUEST.match(prompt):
        return not _TELL_ME.match(prompt, request.end())
    return bool(_ORDER.match(prompt)) and not asks(prompt) and not _REPORTED_AFTER.match(prompt)


def asks(prompt: str) -> bool:
    """Whether ``prompt`` is a question (``fit``'s ``asks``)."""
    if _REQUEST.match(prompt):
        return False
    return prompt.rstrip().endswith("?") or bool(_QUESTION.match(prompt)) \
        or _asks_last(prompt) and not _ORDER.match(prompt)


def _asks_last(prompt: str) -> bool:
    """Whether the last clause of ``prompt`` asks, typed without its question mark
    (``_ASKED_LAST``, ``_ASKED_UNMARKED``). Each is searched from the last mark that ends a
    clause on: a match must run to the end without one, so a search from the start would try
    every earlier word and scan to that mark each time (quadratic on a long prompt)."""
    last = max(map(prompt.rfind, "?,.;:—–\n"))
    ended = max(map(prompt.rfind, "?.!\n"))
    return bool(_ASKED_LAST.search(prompt, max(last, 0))
                or _ASKED_UNMARKED.search(prompt, ended + 1))


def bridge_weight(tag: float, prompt_words: list[float], claim_words: list[float]) -> float:
    """What a concept tag weighs where it bridges a prompt word to a claim word: as much as
    the less specific side of the link (each side's rarest word), and never less than the tag.
    "dependency" to "pnpm" is specific evidence even in a store where most claims touch
    ``~packages``; the tag's own weight says only how common the concept is."""
    return max(tag, min(max(prompt_words), max(claim_words)))


def content_terms(terms: Iterable[str]) -> list[str]:
    """The distinct analysed terms that carry content (order kept)."""
    out: list[str] = []
    seen: set[str] = set()
    for term in terms:
        if term not in seen and term not in FILLER and not (len(term) == 1 and term.isdigit()):
            seen.add(term)
            out.append(term)
    return out


def fit(prompt: list[str], claim_terms: Iterable[str], weight: Callable[[str], float], *,
        enough: float | None = None, tag_sources: dict[str, frozenset[str]] | None = None,
        claim_tag_sources: Callable[[], dict[str, frozenset[str]] | None] | None = None,
        asks: bool = False, orders: bool = False, general: bool = False,
        covering: bool = False,
        name_parts: Callable[[], frozenset[str]] | None = None) -> Fit:
    """The fit of a claim (its own analysed terms) to a prompt (``content_terms`` of it).

    ``enough``: when the prompt share alone reaches the floor that applies (``floor_for``
    ``enough``), or the shared words weigh less than ``MIN_SHARED``, the claim share is not
    computed (it could only raise the fit, or could not make it count); its place in the
    result then holds 0.

    ``tag_sources`` / ``claim_tag_sources()``: concept tag -> the prompt's / the claim's terms it
    came from (``rlat.retrieval.concepts``; the claim's asked for only when a tag is shared).
    A shared tag *bridges* when it joins a prompt word the claim lacks (not a number) to a
    claim word the prompt lacks ("assertion" to "testify"): it then counts as a shared word,
    weighing ``bridge_weight``, and stands for the prompt words it joined (they leave the
    prompt's weight). Any other shared tag says nothing the shared words don't ("database" and
    its ``~database``; "release" in both, "changelog" in the prompt) and is left out, so one
    shared word stays one.

    ``asks``: the prompt is a question (``asks``): one concept alone may answer it, and one
    shared word clears the ordinary floor. ``general``: it asks what general knowledge answers
    (``asks_in_general``): only the prompt's share counts, against ``GENERAL_SHARE``.
    ``covering``: only the prompt's share counts (a session record's task must cover an
    order: a short task the order happens to hold most of is another task).
    ``name_parts()``: the claim's terms found only inside its code names (``name_parts``),
    asked for only when a single word is shared: such a word alone fits nothing.
    """
    own = set(claim_terms)
    asked = set(prompt)
    prompt_weight = 0.0
    shared = 0.0
    covered: list[str] = []
    bridged: dict[str, float] = {}  # bridging tag -> what it weighs
    answered: set[str] = set()  # prompt words a bridging tag stands for
    if tag_sources:
        claim_sources = None  # computed only when a tag is shared (it re-reads the claim)
        for tag, sources in tag_sources.items():
            if tag not in own:
                continue
            # (a number the prompt names is wanted as itself: "the 404 page" is not asking
            # about any endpoint)
            joined = [s for s in sources if s not in own and not s.isdigit()]
            if not joined:
                continue
            if claim_sources is None:
                claim_sources = (claim_tag_sources() if claim_tag_sources else None) or {}
            if claim_tag_sources is None:
                bridged[tag] = weight(tag)
                answered.update(joined)
                continue
            named = [s for s in claim_sources.get(tag, ()) if s not in asked]
            if named:
                bridged[tag] = bridge_weight(weight(tag), [weight(s) for s in joined],
                                             [weight(s) for s in named])
                answered.update(joined)
    for term in prompt:
        if term in answered or (tag_sources and term in tag_sources and term in own
                                and term not in bridged):
            continue
        w = bridged[term] if term in bridged else weight(term)
        prompt_weight += w
        if term in own:
            shared += w
            covered.append(term)
    prompt_share = shared / prompt_weight if prompt_weight else 0.0
    floor = floor_for(len(covered), enough, asks=asks, orders=orders, general=general) \
        if enough is not None else 0.0
    if not covered or enough is not None and (
            prompt_share >= floor or shared < MIN_SHARED or general or covering):
        # (below MIN_SHARED the fit is 0 whatever the claim's share: most candidates)
        found = Fit(tuple(covered), len(prompt), prompt_share, 0.0, shared, asks=asks,
                    orders=orders, general=general, covering=covering)
    else:
        # the claim's own words, and of its concept tags those that bridged to the prompt
        claim_weight = sum(bridged[t] if t in bridged else weight(t) for t in own
                           if t not in FILLER and (not t.startswith(TAG_PREFIX) or t in bridged))
        found = Fit(tuple(covered), len(prompt), prompt_share,
                    shared / claim_weight if claim_weight else 0.0, shared, asks=asks,
                    orders=orders, general=general, covering=covering)
    # (the code names are read only when the one shared word would clear the floor, or the
    # near fit a question's meaning may complete: ``name_parts`` reads the claim's text again,
    # and most candidates fall short of both)
    if len(covered) == 1 and name_parts is not None and found.fit > 0 \
            and found.fit >= min(floor, NEAR_FIT) and covered[0] in name_parts():
        found.in_name, found.fit = True, 0.0
    return found


# Code names whose parts are not the words they spell: a camelCase or PascalCase name
# ("ukUser", "createActionGroup", "TimeZoneSidKey"), names joined by "::" ("QLocale::c"), a
# dotted name ending in a word ("umqtt.simple"; not a file's extension, "config.toml"). (A
# snake_case name's parts, and a path's, are the words they spell: "price_pence", "src/assets".)
# Measured on the tuned dev-eval splits in process (docs/benchmarks.md, "Twenty-second pass").
CODE_NAME = rx(r"(?<!\w)\w*::\w+|\b[a-z]+[A-Z]\w*|\b[A-Z]+[a-z]+[A-Z]\w*|"
               r"\b\w+(?:\.\w+){0,8}\.[A-Za-z_]\w{4,}\b")  # (bounded: a run of "a.a.a…" was quadratic)


def name_parts(text: str, terms_of: Callable[[str], list[str]]) -> frozenset[str]:
    """The terms (``terms_of``) ``text`` has only inside its code names (``CODE_NAME``)."""
    names = CODE_NAME.findall(text)
    if not names:
        return frozenset()
    parts = {term for name in names for term in terms_of(name)}
    # (the name said whole is no coincidence: "postgresql" of PostgreSQL, the package "umqtt"
    # of umqtt.simple — its first segment, what the rest is of)
    whole = {term for name in names for term in terms_of(re.split(r"[.:]", name.lower())[0])}
    return frozenset(parts.difference(whole, terms_of(CODE_NAME.sub(" ", text))))
