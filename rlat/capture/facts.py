"""A session's durable facts without a model: one claim per fact, each with its citations.

The single ``event`` block (``rlat.capture.session``) records what a session *did*; this module
pulls out what a later session should *know*, one proposition per claim, so that recall can
inject a line instead of a log and the same fact arriving again recognises itself. Five kinds,
each found by a rule that prefers dropping a fact to inventing one (the rules' patterns are in
``rlat.capture.fact_rules``; docs/capture.md says them in words):

=============  =========================================================  ============
kind           found where                                                claim type
=============  =========================================================  ============
convention     a user sentence stating a standing rule ("we always use    convention
               pnpm here, never npm"), anywhere in the session
preference     a user sentence stating a taste ("I prefer tabs")          preference
recovery       a shell command fails, a different one that does the same  environment
               job succeeds soon after: "Use `B` (`A` fails: <error>)"
environment    a port, version, path or environment variable seen in      environment
               tool output and restated by the assistant (or stated by
               the user) in a declarative sentence
gotcha         "X hangs unless REDIS_URL is set", "must be run from …"   environment
falsified      "tried X, it broke Y, reverted"                            outcome
=============  =========================================================  ============

Every fact cites the exact (fence-stripped, scrubbed) text it quotes: the sentence, and for a
recovery or an environment fact also the tool output that backs it. The pipeline verifies the
citations against the transcript like any other claim's; a fact whose citations do not
resolve is dropped. ``signature`` (``fact_rules``) is what recurrence compares: the same fact restated in
another session (other words, same ports / commands / variables / content words) lands on the
claim already stored instead of a new one.

The extractor is fed cleaned turns in order and keeps bounded state (the last commands, the
last ``RECENT_OUTPUTS`` successful tool outputs, at most ``MAX_FACTS`` facts). Successful
tool output reaches it fence-stripped but *unscrubbed* (scrubbing every output would cost the
SessionEnd hook most of its budget): the one line a fact cites is scrubbed on its own, and the
pipeline blanks the outputs once the extractor has seen them.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from dataclasses import dataclass, field

from .. import patterns
from .. import scrub as scrubbing
from ..claims.model import (
    ASKED_CLOSE,
    ASKED_OPEN,
    ASKED_ROOM,
    FACT_KINDS,
    REMARK_KIND,
    REMARK_SUBJECT,
    with_ask,
    without_ask,
)
from ..retrieval.expansion import stem
from .commands import (
    CITED_COMMAND_CHARS,
    TOLD_CHARS,
    Command,
    as_said,
    bare,
    blames,
    command_words,
    failure_line,
    only_looks,
    program,
    recovers,
)
from .fact_rules import (
    ABBREVIATION,
    ACCEPTED,
    ACCEPTED_LAST,
    AFFIRMED,
    ALWAYS,
    ANNOUNCED,
    ANSWER_PAIR,
    ANSWERED_QUESTION,
    ASKED_OF,
    AVOID,
    BACK_TO_LOOK,
    BACKTICK,
    BULLET,
    BYLINE,
    CAUSE,
    CAUSE_LABEL,
    CAUSE_LEAD,
    CAUSE_OF_ITS_OWN,
    CHAT_BYLINE,
    CHECK_ASKED,
    CLAUSE_END,
    CLAUSE_MARKS,
    CLUE,
    CODE_BANG,
    CODEISH,
    COMMENT_MARK,
    COMMENT_TEMPORARY,
    COMMENT_UNDONE,
    COMMENT_WARNS,
    CONFIRM_ASKED,
    CONFIRMS,
    CONSEQUENCE,
    CONVENTION_ASKED,
    CORRECTED,
    CORRECTED_THEN,
    DEAD_END_LABEL,
    DECISION_LOG,
    DEFERRED,
    DIAGNOSIS_START,
    DID_INSTEAD,
    DID_NOTHING,
    DISFLUENCY,
    DISMISSED,
    DOC_SAYS,
    DONE_BEFORE,
    DOUBTED,
    DROPPED_FOR,
    ELISION,
    ELLIPTICAL,
    ENCLOSED,
    ENV_ERROR,
    EVERY_IS,
    FAILED_PASTE,
    FAILS_SAID,
    FALSIFIED,
    FALSIFIED_HINTS,
    FENCED,
    FENCED_CHAT,
    FILE_TYPE,
    FIRST_PERSON,
    FIRST_TRY,
    FIX_ASKED,
    FIX_REJECTED,
    FOLLOW_UP,
    FORBIDS,
    FOUND_CAUSE,
    FOUND_IT,
    FOUND_LEAD,
    GAVE_UP,
    GOING_BACK,
    GOTCHA,
    GOTCHA_HINTS,
    HEADING_LINE,
    HEDGED,
    HOUSEKEEPING,
    HOW_ASKED,
    HOW_DONE,
    HOW_DONE_ASKED,
    IMPERATIVE,
    IN_USE,
    IN_USE_FOR,
    INSTEAD_USE,
    INTENDED,
    INTENT_ASKED,
    INVESTIGATE,
    JUDGED,
    JUST_CHECKED,
    KEEP_IN_MIND,
    KEEP_TO,
    KEPT_OLD_WAY,
    LABEL,
    LEARNED_HEADING,
    LEARNED_ITEMS,
    LEARNED_SECTION_END,
    LEARNED_WORDS,
    LIST_ITEM,
    LOGGED_LINE,
    LOOKED_LEAD,
    LOOKED_WHERE,
    MEMORY_ENVIRONMENT,
    MEMORY_GOTCHAS,
    MESSAGE_HEADING,
    MESSAGE_PARTS,
    NARRATION,
    NEXT_LABEL,
    NO_THEORY,
    NORMATIVE,
    NOT_A_RULE_ANSWER,
    NOT_AGAIN_FILED,
    NOT_AN_ANSWER,
    NOT_TRIED,
    NOT_YET,
    NOTE_ASKED,
    NOTE_LEAD,
    NOTE_WORDS,
    OFFERED_WAYS,
    ON_PURPOSE,
    ONE_OFF,
    ONE_OFF_VALUE,
    OPTION_LINE,
    ORDER,
    OUTPUT_POINTED,
    PAST_TRIAL,
    PASTED_LINE,
    PICKED,
    PLAN_REFUSAL_LEAD,
    PLAN_REFUSED,
    PR_REF,
    PR_VIEW,
    PR_WHY,
    PRAISE,
    PREFERENCE,
    PROPOSAL,
    QUANTIFIED,
    QUOTED_COMMAND,
    QUOTED_OUTPUT,
    REACTION,
    REFERS_BACK,
    REFUSED_OPTION,
    REJECTED_FEEDBACK,
    REJECTED_PREFIX,
    RELAY_LINE,
    RELAYED,
    RELAYED_END,
    RELAYED_RULE,
    RELAYED_WORDS,
    REMEDY,
    REMINDED,
    REPORTED,
    REPORTING,
    REPRODUCED,
    RESUMED,
    REUSE_ASKED,
    REVERT_COMMAND,
    REVERT_DONE,
    REVERT_SAID,
    REVERT_SUBJECT,
    ROUTINE_SUBJECT,
    RULE,
    RULE_ACKNOWLEDGED,
    RULE_AFTER,
    RULE_INFERRED,
    RULE_INTRO,
    RULE_QUOTED,
    RULE_SECTION,
    RULE_SETTING,
    RULED_OUT,
    SAID_COMMAND,
    SAID_DONE,
    SAME_ASKED,
    SEARCHED,
    SENTENCE,
    SETUP_ANSWER_WORDS,
    SETUP_ASKED,
    SHELL_PROMPT_LINE,
    SHELL_PS1_LINE,
    SNAG,
    SNAG_WORDS,
    SOFTENER,
    STARTED_WITH,
    STILL_CURRENT,
    STILL_SO,
    STORY_SENTENCES,
    SUGGEST_LEAD,
    SUGGESTION_SPARED,
    SUMMARY_ITEMS,
    SUMMARY_LEARNED,
    SUMMARY_SECTION,
    SUMMARY_TRIED,
    SUMMARY_WORDS,
    SUMMARY_WORK,
    SYMPTOM,
    SYMPTOM_WEAK,
    TASK_SECTION,
    TEST_SECTION,
    THEORY_LEAD,
    TOLD_THEN_ASKED,
    TOLD_WISH,
    TOLD_WORDS,
    TRANSIENT,
    TRIAL,
    TRIED_ANSWER,
    TRIED_ASKED,
    TRIED_BEFORE,
    TRIED_FOUND,
    TRIED_THAT,
    TYPE_NAME,
    UNIVERSAL,
    UNSURE,
    USED_BEFORE,
    VERDICT_ONLY,
    VERDICT_START,
    VERDICT_WORDS,
    WANTS,
    WENT_BACK,
    WENT_WELL,
    WHERE_EXPLAINED,
    WHICH_WAY,
    WHY_SAID,
    WORK_STATUS,
    WRAPPED,
    YES_THEN_SAYS,
    about_code,
    answered_commands,
    answering_line,
    closed_pr,
    codes_of_things,
    content_words,
    did_nothing_hint,
    fixed_names,
    flags_and_commands,
    given_commands,
    hinted,
    is_question,
    memory_items,
    names_of_things,
    salient_tokens,
    same_fact,
    shared_doc,
    signature,
    states_a_fact,
)
from .session import AGENT_TOOLS, FILE_TOOLS, SHELL_TOOLS, Cited, one_line, snippet
from .transcript import BASH_MODE, ERRORISH, PLAN_TOOL, Block, Turn

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

MAX_FACTS = 24
SINCE_CHARS = 4000  # of the assistant's words since a report, kept to match a pushback
# What Claude Code appends to a subagent's report (its id, to continue it, and its usage).
_SUBAGENT_TRAILER = rx(r"\n+agentId: [\w-]+ \(use SendMessage")
# ... and how it opens, saying what it did rather than what it found ("Perfect! I now have all
# the information I need. Here's what I found:", "I searched X and Y since …", "## Summary").
_REPORT_OPENING = rx(r"\s*(?:#+[^\n]*|(?:perfect|great|okay|ok|done|alright)\W*(?=\s)|"
                             r"(?:(?:now )?i(?:'ve| have)? (?:now )?(?:have|searched|looked|checked|"
                             r"read|went|explored|reviewed|examined|gathered|traced)|here'?s|here is)"
                             r"\b[^\n.!?]*[.!?:])\s*", re.IGNORECASE)
# ... and the first person before a finding ("I think the root cause is that …").
_FINDING_LEAD = rx(r"\s*i (?:think|believe|suspect|found)(?: that)?\s+", re.IGNORECASE)
# ... and where its prose ends: the evidence it quotes (a labelled section, a code block).
_EVIDENCE = rx(r"\n\s*(?:\*\*)?(?:evidence|details|output|logs?|diff)(?:\*\*)?:"
                       r"(?:\*\*)?\s*\n|\n\s*```", re.IGNORECASE)
MAX_PER_KIND = 8
FACT_CHARS = 360
SENTENCE_MIN = 12
MEMORY_WORDS = 4  # a memory file's line with fewer content words is a label, not a rule
REPORT_OPENING = 40  # characters that say a gotcha is a report's opening sentence restated
# ... and a write of more lines than this is a document (/init's CLAUDE.md), not a note: its
# lines would crowd the session's own facts out of their room
MEMORY_LINES = 6
# An idea the user asks not to go back to needs no word of failure, only this much said of how
# it went ("… every swap meant clearing bonds on both ends, and classes started ten minutes late")
GONE_WORDS = 10
# What a prompt's situation is made of: the ask, the problem it reports and how far it got.
SITUATION = ("_ask", "_symptom", "_since_report", "_reverted", "_fixing", "_reported",
             "_facts_at_ask", "_changed", "_ran", "_judged", "_probed", "_explained",
             "_question", "_answered", "_theory")
TURNED_DOWN_SENTENCES = 4  # of the reply, where the time it was in use may be told (after "ok,
# this is what they said:")
TURNED_DOWN_RULE_WORDS = 4  # content words a refusal's feedback needs to be a rule of its own
OFFER_WORDS = 3  # content words an offer needs to say what it offers ("Want me to try it?": no)
# ... and an offer that only asks leans on what came before ("Snowpipe … would load each file
# within a minute. Want me to set up a pipe?")
BARE_ASK = rx(r"\W*(?:want me to|shall i|should i|would you like me to)\b", re.IGNORECASE)
# What announces a fact told in passing ("side thing: …", "oh, before I forget - …", "fyi …")
FACT_ASIDE = rx(r"\W*(?:(?:oh|and|also|ok|okay)\W+)*(?:side (?:thing|note)|before i forget|for the "
                r"record|for reference|just so you know|fyi|btw|by the way|heads up)\b"
                r"[\s,:;.!-]*", re.IGNORECASE)
# A cause guessed and put to the assistant as a tag question ("that's the idle timeout, isn't it")
TAG_THEORY = rx(r"\b(?:that'?s|it'?s|this is|must be|probably|could it be)\b[^?\n]{3,100}?,?\s*"
                r"(?:isn'?t it|aren'?t they|isn'?t that|right|no|surely|innit)\W*\??\s*$",
                re.IGNORECASE)
# A message that ends asking leave to do what it just said ("… and hot deploy. Want me to?")
PERMISSION_ASKED = rx(r"(?:\b(?:want me to|should i|shall i|do you want me to|(?:ok|okay) to "
                      r"(?:go|proceed)|go ahead|do it|try it|give it a (?:go|try))\W*|\bor not|"
                      # ... or in a word or two ("It's a one-line change in publish.zig. Switch?")
                      r"(?:^|[.!;:—–-]\s+)(?!(?:why|what|how|when|where|who|which|really|right|"
                      r"ok|okay|sure|yes|no|thoughts|questions|anything)\b)[A-Za-z]+"
                      r"(?: (?:it|that|this|them|over|now|ahead))?|"
                      # ... or a verb, what it acts on and where ("… catches up when it's back.
                      # Set it up on the canary pair?"), not a question ("Is it the same host?",
                      # "Recognise this from the other stations?", "Seen that on ps09?")
                      r"(?:^|[.!;:—–-]\s+)(?!(?:is|are|was|were|does|do|did|can|could|would|should|"
                      r"has|have|had|will|why|what|how|when|where|who|which|see|seen|saw|"
                      r"recogni[sz]e|remember|recall|know|knew|heard|noticed|met)\b)[A-Za-z]+"
                      r"(?: up| out| in)? (?:it|that|this|them)(?: up| out| in)?(?: [\w.-]+){1,5})\?\s*$",
                      re.IGNORECASE)
# What feedback on a refused call says about that call or its user, not how the team works
# ("wait, first show me the diff of …", "not now, …", "wrong file — I meant …")
ABOUT_THIS_CALL = rx(r"^\W*(?:wait|hold on|not now|not yet)\b|\b(?:i|i'm|i'd|i'll|i've|me|my|"
                     r"myself)\b", re.IGNORECASE)
DECLARED_MIN_WORDS = 5  # a bare statement shorter than this is a reply, not a report
SENTENCE_MAX = 400
# Content words after a verdict's colon that say what was tried ("… didn't work out: had
# Automatic-Reboot on last spring").
TRIED_AFTER_COLON = 2
# A rule this short that names no code, after a sentence that does, ends that sentence's rule.
SHORT_RULE_CHARS = 40
# Remarks (``FactExtractor.remarks``): what no rule read, kept when it says this much (content
# words), at most this long, this many per session (the latest). Chosen on the 30 tuned
# dev-eval splits in process (docs/benchmarks.md, "Twenty-first pass"): 6 words let more
# chatter in (unrelated prompts 0.934 against 0.936), 12 found fewer facts (0.790 against
# 0.792); 280 characters keep the median injected characters under 600 where 360 did not.
REMARK_WORDS = 9
REMARK_CHARS = 280
MAX_REMARKS = 8
# Messages, the latest kept (at most this many) to make remarks of at the end.
UNREAD_KEPT = MAX_REMARKS * 8
# The most of a command's line kept to compare it with others (its citation keeps less).
COMMAND_TEXT_CHARS = 2000
RECENT_FAILURES = 4  # how far back a success looks for the failure it recovers from
FIX_SENTENCES = 3  # of the report after an edit, looked at for the fix's sentence
FIX_CHARS = 200  # of that sentence an explained fact carries, at most
FIX_MIN_CHARS = 60  # ... at least (with less room, the explanation stands alone)
OPENING_CHARS = 160  # of a message's opening sentence an explanation after it carries, at most
MAX_FIX_NAMES = 64
HINT_SAYS_MORE = 5  # words beyond the command by which a user's hint is kept beside its recovery
DOC_RULES = 4  # rules kept from one doc the user shares, at most (a long doc is no list of facts)
DOC_RULE_WORDS = 3  # content words a doc's sentence needs to be a rule
GO_AHEAD_WORDS = 3  # content words of a prompt that only lets the assistant go on ("sure, do it")
ASK_CHARS = 100  # of the prompt a situational fact carries
ASK_MIN_CHARS = 40  # ... at least, when the fact's own sentences need the room
ASK_MIN_WORDS = 4  # content words a prompt needs to set a new situation
SYMPTOM_MIN_WORDS = 3  # ... or a report of a problem ("the image upload is broken")
FOLLOW_UP_CHARS = 300  # a longer prompt asks for more than a write-up of what just happened
ROOM_BESIDE_ASK = FACT_CHARS - ASK_MIN_CHARS - ASKED_ROOM  # a fact's own text when it carries [asked: …]
VERDICT_MIN_WORDS = 3  # content words a falsified finding needs beyond its verdict
RECENT_OUTPUTS = 24  # successful tool outputs an environment fact may be backed by

KIND_TYPES = dict(zip(FACT_KINDS, ("convention", "preference", "environment", "environment",
                                   "environment", "outcome", "environment"), strict=True))
FACT_TYPES = tuple(dict.fromkeys(KIND_TYPES.values()))  # (each once, in that order)

# ---------------------------------------------------------------- facts


@dataclass(slots=True)
class Fact:
    kind: str
    text: str
    cited: list[Cited]
    subject: str = ""
    polarity: str = "factual"
    seq: int = 0  # the order it was kept in (positions shift when an older fact makes room)

    @property
    def type(self) -> str:
        return KIND_TYPES[self.kind]



_ENDS = rx(r"[.!?](?=\s)")
SENTENCES_CACHED = 64  # texts whose sentence spans are kept within a turn


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of ``text``, bullets and headings skipped, so that
    ``text[start:end]`` is an exact excerpt. (A new list each call: callers narrow spans in
    place.)"""
    return list(_sentences(text))


@functools.lru_cache(maxsize=SENTENCES_CACHED)
def _sentences(text: str) -> tuple[tuple[int, int], ...]:
    # (a message is split by several rules in turn — the user's words, the ask, a refusal,
    # a report — so the same text is split several times a turn)
    spans = []
    text_ = text  # (the same length: spans found in it are spans of ``text``)
    if "!" in text_:
        text_ = CODE_BANG.sub(lambda m: m.group(0)[:-1] + "\x00", text_)
    if "..." in text_ or "…" in text_:
        text_ = ELISION.sub(lambda m: "\x00" * len(m.group(0)), text_)
    text_ = ABBREVIATION.sub(lambda m: m.group(0).replace(".", "\x00"), text_)
    if "(" in text_ or "`" in text_:
        text_ = ENCLOSED.sub(lambda m: _ENDS.sub("\x00", m.group(0)), text_)
    if "\n " in text_:
        text_ = WRAPPED.sub(" ", text_)
    for m in SENTENCE.finditer(text_):
        start, end = m.span()
        chunk = text[start:end]
        lead = BULLET.match(chunk)
        if lead:
            start += lead.end()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1] in " \t\n":
            end -= 1
        if end - start >= SENTENCE_MIN:
            spans.append((start, end))
    return tuple(spans)


# What people wrap a stated rule in ("btw, …", "no, stop - …", "… - keep that in mind"): not
# part of the fact, and noise words to every later match.
# (used with .match(text, start): anchored at ``start``, which "^" would not be)
_LEAD_ASIDE = rx(
    r"(?:\(\s*|(?:btw|by the way|also|oh|and|fyi|note|reminder|heads up|thanks|thank you|great|"
    r"actually|just so you know|for the record|for context|(?:and )?since you'?re (?:in there|"
    r"at it|here)|(?:add|put) (?:this|one|it|that) (?:to|on) (?:your|the) (?:todo |to-do )?"
    r"list(?: too)?)\b[\s,:;.!-]*|"
    r"(?:no|nope|nah|don'?t|do not|not like that|not that way|stop|wait|ok|okay|so|yes|yeah|yep|"
    r"right|sure|looks good|lgtm|"
    r"(?:second|third|last) time(?: now)?)\b\s*[,:;.!-]+\s*|"
    # who said it, before the quoted rule: 'Mei posted this in the team channel: "…"'
    r"\w+ (?:posted|said|wrote|shared|mentioned)(?: this| that)?"
    r"(?: in (?:the )?[\w #-]{1,30}?)?(?: (?:this morning|today|yesterday|earlier))?:\s*[\"“]?)+",
    re.IGNORECASE)  # ("no", "so" only with a mark after them: "No print() in library code")
_TAIL_ASIDE = rx(
    r"(?:[\"”]|(?<![\s,;:-]))[\s,;:-]+(?:please )?(?:keep (?:that|this|it) in mind|remember that|just so you know|"
    r"for future reference|fyi)[.!]*$|(?<=[.!])[\"”]$", re.IGNORECASE)


def _trim_asides(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of ``text[start:end]`` without the asides around a stated rule (still an
    exact excerpt of ``text``)."""
    lead = _LEAD_ASIDE.match(text, start, end)
    if lead and end - lead.end() >= SENTENCE_MIN:
        start = lead.end()
    tail = _TAIL_ASIDE.search(text, start, end)
    if tail and tail.start() - start >= SENTENCE_MIN:
        end = tail.start()
    return start, end


@dataclass(slots=True)
class FactExtractor:
    """Fold cleaned turns into facts (see the module docstring)."""

    source: str = ""
    facts: list[Fact] = field(default_factory=list)
    _pending: dict[str, tuple[Cited, str, str]] = field(default_factory=dict)
    _remarks: list[tuple[Block, bool, int]] = field(default_factory=list)  # (``_unread``)
    # what facts let go of since cited (message uuid -> excerpts): read, if not kept (``_forget``)
    _let_go: dict[str, list[str]] = field(default_factory=dict)
    _commands: list[Command] = field(default_factory=list)
    _outputs: deque = field(default_factory=lambda: deque(maxlen=RECENT_OUTPUTS))
    _keys: set = field(default_factory=set)
    # what a user's message told as the story of a finding (message uuid -> spans): none of it
    # is a rule of theirs ("… the clone lives in ram on these things so it re-clones every boot")
    _stories: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    _closed_prs: set = field(default_factory=set)  # numbers of closed PRs kept as falsified
    _ask: Cited | None = None  # the latest prompt: the situation a fact was learned in
    _symptom: bool = False  # that prompt reports a problem (not a request)
    _probed: bool = False  # a tool ran since it
    _explained: bool = False  # the assistant already explained it
    _question: bool = False  # the latest prompt asks something
    _answered: bool = False  # ... and the assistant answered it with a fact about the setup
    _reported: Block | None = None  # the prompt that reported the problem (its diagnosis too)
    # the user's theory of that problem, given while it was looked into ("ahh i bet its the
    # watchdog. erasing … takes longer than the 500ms timeout"): the explanation, once the
    # assistant agrees
    _theory: Block | None = None
    # the situation a new prompt replaced (``SITUATION``), for when the user comes back to it
    # (``RESUMED``)
    _interrupted: tuple | None = None
    _facts_at_ask: int = 0  # facts kept before that prompt (``_kept`` then)
    _kept: int = 0  # facts kept so far, those that made room for later ones included
    _changed: bool = False  # a file was written since that prompt (something was tried)
    _ran: bool = False  # ... or a command that is more than a look ran since it
    _fixing: bool = False  # that prompt asks for a fix ("fix first, questions later")
    _project: str = ""  # the name of the directory the session ran in
    _judged: Block | None = None  # ... and the assistant's latest judgement of it
    _fallback: Block | None = None  # that judgement, once a revert came: the finding if none follows
    # Since the latest prompt: IDLE; REVERTING (a revert was said or asked for: the next
    # explanation says why); or FOUND (a falsified finding was kept: look for no other).
    _revert: str = "idle"
    overflow: int = 0  # facts that made room for later ones (``MAX_PER_KIND``, ``MAX_FACTS``)
    # the latest recovery since the latest prompt: (its fact, the failed command, the one that
    # worked), which a refinement of that command replaces (``_refined``)
    _recovery: tuple | None = None
    # the assistant's latest message since the latest prompt: what a bare "ya" or "a." answers
    _said: Block | None = None
    _explanation_kept: Fact | None = None  # the gotcha the latest explanation became
    # the latest fact the assistant's prose explained a problem with, before anything was
    # edited for it: the report of the edit that fixes it completes it (``_fix_reported``)
    _fix_for: Fact | None = None
    _fix_names: set = field(default_factory=set)  # names the edits since it brought in
    _offered: Block | None = None  # the options the assistant's latest question offered
    _planned: Block | None = None  # the plan it last put before the user (plan mode)
    _answering: bool = False  # the latest prompt answers the assistant's question
    _asked_in: Block | None = None  # the latest prompt (a problem when its fix is sent back)
    # commands the latest prompt gave -> (where, the ask they are learned under or None): in
    # its fences, or inline answering the assistant's question how a thing is done (that ask)
    _given: dict = field(default_factory=dict)
    # what the latest edits brought in by name (``added`` blocks): what an attempt tried
    _brought: deque = field(default_factory=lambda: deque(maxlen=RECENT_OUTPUTS))
    _reverted: tuple[str, ...] = ()  # the paths the latest revert command named (() = all)
    # the latest prompt asked to file a record so an approach is not tried again, and told no
    # dead end of its own: the next note written is one (``NOT_AGAIN_FILED``)
    _filing_dead_end: bool = False
    _latest_prompt: str = ""  # what the user last said (a note they ask for: ``_asked_to_note``)
    _since_report: str = ""  # what the assistant said since the latest report (a few KB)

    def add(self, turn: Turn) -> None:
        _sentences.cache_clear()  # (one turn's: what a session repeats is split again)
        if isinstance(turn.cwd, str) and turn.cwd and not self._project:
            self._project = turn.cwd.rstrip("/").rsplit("/", 1)[-1].lower()
        if turn.kind == "prompt" and not turn.sidechain:
            said = " ".join(b.text for b in turn.blocks if b.kind == "text" and b.text)
            # a new word from the user: a new finding to look for, and "hmm, that's worse.
            # undo it" asks for a revert whose reason comes next
            follow_up = len(said) <= FOLLOW_UP_CHARS and bool(FOLLOW_UP.search(said.strip()))
            # "give me a paragraph on why we're not doing it": the reason is still to come
            kept = follow_up and self._revert == "reverting"
            if not kept:
                self.settle()  # a revert that no explanation followed: its judgement stands
            self._revert = "reverting" if kept or (REVERT_SAID.search(said) and len(said) < 200
                                                   and not HOW_ASKED.match(said)) \
                else "idle"
            self._recovery = None  # (a refinement comes before the user says anything)
            for command in self._commands:
                command.prompts_after += 1
            if self._revert == "reverting" and not kept:
                self._fallback, self._judged = self._judged, None
            follow_up = follow_up and (self._symptom or kept)
            # ("what was it?": the explanation is still to come, unless one was kept before
            # the fix — a closing comment for the issue would only say it again)
            self._hint(QUOTED_COMMAND.findall(said) + SAID_COMMAND.findall(said), told=said)
            # ("undo it" is no new situation: what it reverts was learned under the request
            # that tried it)
            first = self._revert != "reverting" and not follow_up and not self._sent_back(said)
            if len(content_words(said)) > GO_AHEAD_WORDS:  # ("yes, fix it" lets the fix follow)
                self._fix_for, self._fix_names = None, set()
            said_before, self._said = self._said, None
            last = sentences(said_before.text)[-1:] if said_before is not None else []
            # (the answer to the assistant's question about a problem being looked into — "does
            # it fail on every signup or only some?" — keeps the problem open)
            self._answering = bool(last) and is_question(said_before.text)
            # (asked how something is done, the user names the command: one that then works
            # is how it is done here, learned under that question)
            how_asked = self._cite(said_before, *last[0], "prompt") if self._answering \
                and HOW_DONE_ASKED.search(said_before.text, *last[0]) else None
            self._given = {}  # (what the previous prompt gave and nothing ran is not followed)
            ask_before = self._ask  # (the situation an answer to the assistant is given in)
            gone_before = sum(f.kind == "falsified" for f in self.facts)
            self._latest_prompt = said
            for block in turn.blocks:
                if block.kind == "text" and block.text:
                    replying, said_before = said_before, None  # (its first text replies)
                    if replying is not None:
                        self._agreed(replying, block)
                        self._turned_down(replying, block)
                        self._option_refused(replying, block)
                        self._answered_tried(replying, block)
                    found = self._asked(block) if first else None
                    first = False
                    self._pasted_failure(block)
                    self._user_text(block)
                    self._unread(block, by_user=True)
                    if replying is not None:  # (after its rules are kept: they come first)
                        self._intent_explained(replying, block)
                        self._setup_answered(replying, block, ask_before)
                    if how_asked is not None:
                        for a, b in answered_commands(block.text):
                            self._given.setdefault(one_line(block.text[a:b]),
                                                   (self._cite(block, a, b, "fact"), how_asked))
                    if found is not None:
                        self._explained = self._found(block, found)
            # (a dead end the user told whole is the finding; else the entry written for it)
            self._filing_dead_end = NOT_AGAIN_FILED.search(said) is not None \
                and sum(f.kind == "falsified" for f in self.facts) == gone_before
        elif turn.kind == "compact_summary":
            # the conversation was compacted: what was pending before is not continued
            self.settle()
            self._revert, self._fallback, self._judged = "idle", None, None
            self._symptom = self._question = self._probed = False
            self._reported = None
            if not turn.sidechain:
                for block in turn.blocks:
                    if block.kind == "text" and block.text:
                        self._summarised(block)
        elif turn.kind == "tool_result":
            self._probed = True
            for block in turn.blocks:
                if block.kind == "tool_result":
                    self._result(block)
        elif turn.role == "assistant" or turn.kind == "bash_input":
            for block in turn.blocks:
                if block.kind == "note" and block.text and not turn.sidechain:
                    if block.tool == PLAN_TOOL:
                        self._planned = block
                    elif (self._filing_dead_end or _decision_log(block)) \
                            and self._filed_entry(block, settled=not self._filing_dead_end):
                        self._filing_dead_end = False
                        continue
                    elif _asked_to_note(self._latest_prompt, block) and self._remembered(
                            block, anchor=block.input.get("anchor") or "", listed=True):
                        continue  # (kept as the user wanted it written down)
                    # what it wrote into notes, a record, a doc: a finding, never the reason for
                    # a revert (the message that says why comes before or after the record)
                    self._assistant_text(block, note=True)
                elif block.kind == "message" and block.text and not turn.sidechain:
                    self._committed(block)
                elif block.kind == "comment" and block.text and not turn.sidechain:
                    self._commented(block)
                elif block.kind == "added" and block.text and not turn.sidechain:
                    if self._revert == "idle":  # (not what a revert puts back)
                        self._brought.append(block)
                elif block.kind == "memory" and block.text and not turn.sidechain:
                    self._remembered(block)
                elif block.kind == "options" and block.text and not turn.sidechain:
                    self._offered = block
                elif block.kind == "changed" and not turn.sidechain:
                    if self._fix_for is not None and len(self._fix_names) < MAX_FIX_NAMES:
                        self._fix_names |= fixed_names(block.text)
                elif block.kind == "text" and block.text and not turn.sidechain:
                    if self._reported is not None and len(self._since_report) < SINCE_CHARS:
                        self._since_report += " " + block.text[:SINCE_CHARS]
                    # (the command the assistant tells the user to run instead: "So in your
                    # terminal: `bin/kaocha unit`.")
                    self._hint(QUOTED_COMMAND.findall(block.text), advised=True)
                    if self._fix_names:
                        self._fix_reported(block)
                    kept = self._kept
                    self._assistant_text(block)
                    self._explains(kept)
                    self._unread(block, by_user=False)
                    if turn.kind != "bash_input":
                        self._said = block
                elif block.kind == "tool_use" and block.tool_id:
                    self._called(block)

    def _hint(self, quoted: list[str], *, advised: bool = False, told: str = "") -> None:
        """Commands quoted after a failure — by the user, or ``advised`` by the assistant:
        one of them that then works recovers it. ``told``: what the user said (a command they
        typed in it unquoted, run as they typed it, recovers it too)."""
        quoted = {one_line(t) for t in quoted}
        told = one_line(told)
        for command in self._commands[-RECENT_FAILURES:] if quoted or told else ():
            if command.failed and not command.recovered:
                if advised:
                    command.advised |= quoted
                else:
                    command.hints |= quoted
                    if told and len(command.told) < TOLD_CHARS:
                        command.told = (command.told + "\n" + told)[:TOLD_CHARS]

    def _called(self, block: Block) -> None:
        """A tool call (the assistant's, or a command the user ran in bash mode): its result
        comes later (``_result``)."""
        if len(self._pending) >= 512:
            self._pending.pop(next(iter(self._pending)))
        first = block.text.splitlines()[0] if block.text else ""
        if self._revert == "idle" and block.tool in SHELL_TOOLS and REVERT_COMMAND.match(first):
            self._revert = "reverting"  # its reason comes next
            self._reverted = _reverted_paths(first)
            self._fallback, self._judged = self._judged or self._fallback, None
        # (cited by its first CITED_COMMAND_CHARS; compared whole: "… && ssh pi@barn-pi-03 …" cut
        # after "ssh" would share fewer words with the command it recovers)
        self._pending[block.tool_id] = (
            Cited(block.uuid, snippet(first, CITED_COMMAND_CHARS), "command", self.source,
                  block.offset),
            block.tool or "", first.strip()[:COMMAND_TEXT_CHARS])
        if block.tool in SHELL_TOOLS and (why := PR_WHY.search(block.text)) is not None:
            # the reason the assistant wrote into a pull request it opened ("gh pr create
            # --body-file - <<'EOF' … ## Why …"): its own explanation, said to the reviewers
            self._assistant_text(Block("note", why.group(1).strip(), uuid=block.uuid,
                                       offset=block.offset), note=True)

    # ------------------------------------------------------------ remarks
    def _unread(self, block: Block, *, by_user: bool) -> None:
        """A message of the user's or the assistant's: what no rule read of it may make a
        remark (``remarks``, which reads only the latest messages: a remark is made of few)."""
        self._remarks.append((block, by_user, self._kept))
        if len(self._remarks) > UNREAD_KEPT:
            del self._remarks[:-UNREAD_KEPT // 2]  # (trimmed in halves: amortised)
            kept = {b.uuid for b, _, _ in self._remarks}
            self._let_go = {uuid: cut for uuid, cut in self._let_go.items() if uuid in kept}

    def remarks(self) -> list[Fact]:
        """The session's remarks, oldest first: at most ``MAX_REMARKS``, the latest, none that a
        fact of the session says already. Made apart from the facts, so a remark neither takes
        a fact's place in the session's quota nor stops a fact said later as already said."""
        made: list[Fact] = []
        for block, by_user, seq in reversed(self._remarks):
            remark = self._remark(block, seq) if by_user else self._assistant_remark(block, seq)
            if remark is not None and not any(same_fact(signature(remark.text), key)
                                              for key in self._keys):
                made.append(remark)
                if len(made) == MAX_REMARKS:
                    break
        return made[::-1]

    def _remark(self, block: Block, seq: int) -> Fact | None:
        """What no rule read of a user's message, as a remark: its statements (no question,
        order or report of a problem, nothing pasted between fences) may be a fact said in a way
        no rule knows ("priya's box still has the 2.x cli, so the deploy script pins it"). None
        when they say too little or the message guesses."""
        text = block.text
        fenced = [m.span() for m in FENCED.finditer(text)] if "```" in text else []
        spans = [(a, b) for a, b in sentences(text) if not any(x <= a < y for x, y in fenced)]
        if any(_guesses(text[a:b]) for a, b in spans):
            return None  # (what follows a guess is the guess: "i bet its the watchdog. …")
        return self._remarked(block, [(a, b) for a, b in spans if not _no_remark(text[a:b])],
                              seq)

    def _assistant_remark(self, block: Block, seq: int) -> Fact | None:
        """What no rule read of the assistant's message, as a remark: its statements naming code
        (no narration, no report of the work done) may be a finding said in a way no rule
        knows. (Without code its statements are mostly about the work.)"""
        text = block.text
        if "```" in text or _PLAN_HEADING.search(text):
            # (a message with code blocks shows work, one with a plan or a summary of changes
            # lists it; their findings are elsewhere)
            return None
        said = [(a, b) for a, b in sentences(text)
                if not is_question(text[a:b]) and not NARRATION.match(text[a:b])
                and not WORK_STATUS.search(text[a:b]) and not about_code(text[a:b])
                and not _offers(text[a:b])]
        if said and _names_code(" ".join(text[a:b] for a, b in said)):
            return self._remarked(block, said, seq)
        return None

    def _remarked(self, block: Block, said: list[tuple[int, int]], seq: int) -> Fact | None:
        """The sentences ``said`` of ``block`` that no fact of the session cites, as a remark,
        when they say enough. (Nor one a fact let go of cited: a rule read it, and the fact went
        for a reason — a wrong explanation the user sent back, a hint a recovery says better,
        the oldest of its kind making room.)"""
        excerpts = [c.excerpt for f in self.facts for c in f.cited if c.uuid == block.uuid] \
            + self._let_go.get(block.uuid, [])
        read = [(at, at + len(excerpt)) for excerpt in excerpts
                if excerpt and (at := block.text.find(excerpt)) >= 0]
        said = [(a, b) for a, b in said if not any(x < b and a < y for x, y in read)]
        if not said:
            return None
        whole = one_line(" ".join(block.text[a:b] for a, b in said))
        text = snippet(whole, REMARK_CHARS)
        if len(content_words(whole)) < REMARK_WORDS or scrubbing.MARK_PREFIX in whole:
            # (a sentence that carried a secret is an instruction, not a fact — looked for in
            # all it said, not in the remark's cut: "… and it pulls its images with the token
            # [REDACTED:…]" cut before the token is still that sentence)
            return None
        if re.match(r"[a-z]+(?:'[a-z]+)?\b(?![._:(/])", text):
            text = text[:1].upper() + text[1:]
        # (cited by each run of the sentences its text says, as the message has them: a remark
        # of several sentences rests on all of them, not on its first)
        runs: list[tuple[int, int]] = []
        at = 0
        for a, b in said:
            if at >= len(text):
                break  # (past the cut)
            at += len(one_line(block.text[a:b])) + 1
            if runs and not block.text[runs[-1][1]:a].strip():
                runs[-1] = (runs[-1][0], b)
            else:
                runs.append((a, b))
        return Fact(REMARK_KIND, text, [self._cite(block, a, b, "fact") for a, b in runs],
                    subject=REMARK_SUBJECT, seq=seq)

    # ------------------------------------------------------------ texts
    def _cite(self, block: Block, start: int, end: int, role: str) -> Cited:
        return Cited(block.uuid, block.text[start:end], role, self.source, block.offset)

    def _explains(self, kept_before: int) -> None:
        """After an assistant message: the latest gotcha or environment fact it stated, when
        nothing was edited since the prompt, is what a fix may follow (``_fix_reported``)."""
        if self._kept == kept_before or self._changed:
            return
        latest = max(self.facts, key=lambda f: f.seq, default=None)
        # (an environment fact explains only a problem reported or a question asked: after an
        # order it reports work done — "The prune timer fires on Sundays at 04:30 now")
        if latest is not None and latest.seq >= kept_before and (
                latest.kind == "gotcha"
                or latest.kind == "environment" and (self._symptom or self._question)):
            self._fix_for, self._fix_names = latest, set()

    def _fix_reported(self, block: Block) -> None:
        """The assistant's report of the edit that followed an explanation ("setContents now
        calls world.updateListeners after markDirty, …"): its sentence naming what the edit
        brought in completes the explained fact — the cause says why, the fix what to do.
        Looked for once, in the first message after the edit."""
        fact, names = self._fix_for, self._fix_names
        self._fix_for, self._fix_names = None, set()
        if fact not in self.facts:
            return
        text = block.text
        head = without_ask(fact.text)
        for start, end in sentences(text)[:FIX_SENTENCES]:
            sentence = text[start:end]
            if len(sentence) > SENTENCE_MAX or is_question(sentence) \
                    or NARRATION.match(sentence):
                continue
            # (a name the explanation has already — the function it blamed — is no fix; and a
            # report that shares no name and one word at most with the explanation reports
            # other work)
            shared = content_words(sentence) & content_words(head)
            if not any(n not in head and re.search(rf"(?<![\w.]){re.escape(n)}(?!\w)", sentence)
                       for n in names) or not (len(shared) >= 2 or any(
                           n in head and n in sentence for n in names)):
                continue
            # Room: the cause whole, and the words of the prompt it was asked under (a later
            # question about the symptom shares them), come first; the fix gets what is left.
            asked = fact.text[len(head):]  # (" [asked: …]", or nothing)
            words = asked[len(ASKED_OPEN):-len(ASKED_CLOSE)] if asked else ""
            kept_ask = ASKED_ROOM + min(len(words), ASK_MIN_CHARS) if asked else 0
            room = FACT_CHARS - len(head) - 1 - kept_ask
            if room < FIX_MIN_CHARS:
                return
            fix = snippet(one_line(sentence), min(FIX_CHARS, room))
            asked = with_ask("", snippet(words, FACT_CHARS - len(head) - 1 - len(fix)
                                         - ASKED_ROOM)) if asked else ""
            fact.text = head + " " + fix + asked
            fact.cited.append(self._cite(block, start, start + len(fix), "fact"))
            self._keys.add(signature(fix))  # (the report's sentence is not a fact again)
            return

    def _sent_back(self, said: str) -> bool:
        """The user sending the fix of a reported problem back ("nope. still 9 of 8 … did u
        actually check?"): the same problem is open again, and the explanation that led to
        the fix was wrong — its gotcha goes. Whether it was."""
        if not (self._changed or self._ran) or not FIX_REJECTED.match(said):
            return False
        if self._reported is None:
            # (what was asked did not read as a problem, but what was done for it did not fix
            # it: "run finished green but results/bam has ONE bam" — "still broken.")
            if self._asked_in is None:
                return False
            self._reported = self._asked_in
        elif not self._explained:
            return False
        if self._explanation_kept in self.facts:
            self._forget([self._explanation_kept])
        self._explanation_kept = None
        self._changed, self._ran, self._judged = False, False, None
        self._probed, self._explained, self._symptom = False, False, True
        return True

    def _asked(self, block: Block) -> re.Match | None:
        """A new prompt: the situation later facts are learned in. The lead of the user's own
        finding in it ("found the sms time thing. the window columns were …"), if it has one."""
        text = block.text.strip()
        self._asked_in = block
        if RESUMED.match(text) and self._interrupted is not None:
            # ("ok, back to the original thing.", "right, where were we? carry on with that."):
            # the situation before the question in between is the one again
            for name, value in zip(SITUATION, self._interrupted, strict=True):
                setattr(self, name, value)
            self._interrupted = None
            return None
        words = len(content_words(text))
        if words < ASK_MIN_WORDS and not (words >= 2 and is_question(text)) and not (
                words >= SYMPTOM_MIN_WORDS and SYMPTOM.search(text)
                and not IMPERATIVE.match(text) and not REACTION.match(text)):
            # "ok, do that", "hmm, that's worse. undo it", "so what's the verdict?": the
            # situation is unchanged ("which R are we on?" sets one all the same, and so does
            # a short report: "the image upload is broken" — not "run the regression tests")
            return None
        found = FOUND_LEAD.match(block.text)
        declared = _declares(text)
        if self._awaiting_explanation and self._reported is not None and found is None \
                and not is_question(text) and not ORDER.search(text) \
                and not NO_THEORY.search(text) \
                and (THEORY_LEAD.match(text) or "?" not in text and self._shared_with_the_problem(text)
                     and (_names_code(text) or TYPE_NAME.search(text)) and any(
                         CAUSE.search(text, a, b) or REMEDY.match(text[a:b])
                         for a, b in sentences(text))):
            # (without a lead, a theory names the code it blames — "i moved console.init above
            # clocks.init …" — and asks nothing: "patients can't book slots …" is a new report,
            # 'reviewer asks: "why does the config need …?"' a new request)
            self._theory = block  # (the problem stays open, under the prompt that reported it)
            return None
        if self._awaiting_explanation and self._reported is not None and found is None \
                and TAG_THEORY.search(text) and not ORDER.search(text):
            # ("dies at 15s flat? that's hypnotoad's idle timeout, isn't it": a guess put to
            # the assistant, whose answer explains the problem still open — not a new ask, and
            # no explanation of its own)
            return None
        if self._symptom and not self._explained and self._reported is not None \
                and found is None and not SYMPTOM.search(text) and (CLUE.match(text) or (
                    declared or HEDGED.search(text) or self._answering
                    or (is_question(text) and RELAYED.search(text)))
                    and self._about_the_problem(text)):
            # (a clue to the problem being looked into, or the user pushing back on a first
            # theory — "nah cleartext is on for debug builds … its only the local backend": it
            # stays open, as it was asked)
            return None
        # (kept, in case the user comes back to it after this: a question in between)
        self._interrupted = tuple(getattr(self, name) for name in SITUATION) \
            if self._ask is not None else None
        markup = len(text[:ASK_CHARS]) - len(_asked_words(text[:ASK_CHARS]))
        self._ask = Cited(block.uuid, snippet(text, ASK_CHARS + max(0, markup)), "prompt",
                          self.source, block.offset)
        for command in self._commands:
            if command.failed and command.ask is None and not command.recovered:
                command.ask = self._ask  # (run in bash mode: the start of what is asked now)
        # (or asks the assistant to investigate: "dig into it and leave notes", "find out why")
        reporting = not IMPERATIVE.match(text) or bool(REPORTED.search(text))
        self._symptom = bool(SYMPTOM.search(text)) and reporting \
            or bool(INVESTIGATE.search(text)) \
            or bool(SYMPTOM_WEAK.search(text)) and reporting and not WANTS.search(text) \
            or declared or found is not None or _pastes_failure(text)
        self._since_report = ""
        self._reverted = ()
        self._fixing = bool(FIX_ASKED.search(text))
        self._reported = block if self._symptom else None
        self._theory = None
        self._facts_at_ask = self._kept
        self._changed, self._ran, self._judged = False, False, None
        # output pasted into the prompt is the look a probe would have taken, and backs what
        # the answer finds in it as a tool's output would
        self._probed = "\n" in text and len(text) > 80
        if self._probed:
            self._outputs.append((block.uuid, block.offset, text))
        self._explained = False
        # any of its sentences: "two things. first, pull main. second: where's the local
        # connection string? …" asks about the setup as much as a prompt that only asks
        # ... or any clause: "the return reminder jobs arent running locally, is the arq worker
        # even pointed at the right redis"
        self._question = is_question(text) or any(
            is_question(text[a:b]) or any(_ASKED_CLAUSE.match(c) for c in
                                          _CLAUSE_OPENING.split(text[a:b])[1:])
            for a, b in (_trim_asides(text, *span) for span in sentences(text)))
        self._answered = False
        return found

    def _found(self, report: Block, found: re.Match) -> bool:
        """What the user says they found, in their words: the sentences after the lead, up to
        an order or a question ("… can you fix it properly"), as many as fit — in whatever
        words they explain it ("readyRead not mean all data arrived … need read only when
        canReadLine"). Whether it was kept."""
        text = report.text
        # (the diagnosis is what follows the lead, in its sentence or the next)
        spans = [(max(a, found.end()), b) for a, b in sentences(text) if b > found.end()]
        lead = (found.start("lead"), len(text[:found.end()].rstrip()))
        pieces: list[tuple[int, int]] = []
        for start, end in spans:
            sentence = text[start:end]
            if is_question(sentence) or ORDER.search(sentence) or IMPERATIVE.match(sentence) \
                    or _VERB_OBJECT.match(sentence) and not CAUSE.search(sentence):
                break
            if end - lead[0] > FACT_CHARS:
                break
            pieces.append((start, end))
        if not pieces or not any(CAUSE.search(text[a:b]) or REMEDY.search(text[a:b])
                                 for a, b in pieces) \
                or _STATUS_UPDATE.search(text, lead[0], pieces[-1][1]):
            return False  # (nor "found the same thing on staging. … still blank after your fix")
        kept = text[pieces[0][0]:pieces[-1][1]]
        self._forget([f for f in self.facts if any(
            c.uuid == report.uuid and c.role == "fact" and c.excerpt in kept for c in f.cited)])
        self._keep("gotcha", _joined(text, [lead] + pieces, spans + [lead]),
                   [self._cite(report, a, b, "fact") for a, b in [lead] + pieces])
        return True

    def _turned_down(self, said: Block, reply: Block) -> None:
        """The user turning down the approach the assistant just proposed because it was tried
        before ("One option would be keeping the history in SQLite with ecto_sqlite3." — "no.
        this we tried already two times, sd card die in few months like this"): the proposal
        and their reason are a falsified finding."""
        answer = reply.text
        spans = sentences(answer)
        if not spans or ACCEPTED.match(answer) or ACCEPTED_LAST.search(answer) \
                or REUSE_ASKED.search(answer):
            return  # (taken up, whatever history it tells: "yes please, go for it. we had …",
            # "… so yes go ahead"; or the one made before is there to use: "… reuse that")
        for at, (a, b) in enumerate(spans[:TURNED_DOWN_SENTENCES]):
            before = TRIED_BEFORE.search(answer, a, b)
            tried = before or TRIAL.search(answer, a, b) or USED_BEFORE.search(answer, a, b) \
                or FIRST_TRY.search(answer, a, b)
            if not tried or NOT_TRIED.search(answer, a, b):
                continue
            # (how it went comes after what was tried: not the "no" that turns it down)
            after = at + 1
            while not _dropped_for(answer, tried.end(), b) and after < len(spans) \
                    and spans[after][1] - a <= FACT_CHARS:
                b = spans[after][1]  # (how it went may be the next sentences: "we had
                # workmanager doing an hourly sync last sprint. iOS basically never ran it …",
                # "grady set up ansible-pull last spring. the clone lives in ram …. and on the
                # lte ones half the runs died halfway.")
                after += 1
            if not _dropped_for(answer, tried.end(), b) or _went_well(answer[a:b], 0) \
                    or not before and not _gives_reason(answer[tried.end():b]):
                continue  # (and a reason, not only "… last summer and we reverted it")
            spans_said = sentences(said.text)
            proposed = [i for i, (x, y) in enumerate(spans_said)
                        if PROPOSAL.search(said.text, x, y)]
            if not proposed and spans_said and PERMISSION_ASKED.search(said.text):
                # ("Easy — bump the workers to 16 and hot deploy. Want me to?": what it asks
                # leave to do is the proposal)
                proposed = [len(spans_said) - 1]
            if not proposed:
                return
            x, y = spans_said[proposed[-1]]
            if proposed[-1] and (len(content_words(said.text[x:y])) < OFFER_WORDS
                                 or BARE_ASK.match(said.text, x)
                                 or REFERS_BACK.match(said.text[x:y])):
                x = spans_said[proposed[-1] - 1][0]  # ("… I could give each crow an agent.
                # Want me to try it?", "… catches up when it's back. Set it up on the canary
                # pair?": what "it" is comes before)
            self._falsified_offer(said, x, said.text[x:y], reply, a, b)
            return

    def _remembered(self, block: Block, *, anchor: str = "", listed: bool = False) -> bool:
        """What the assistant writes into a memory file (CLAUDE.md, AGENTS.md, .claude/rules/),
        or into notes the user asked to have it written down in (``_asked_to_note``), a line
        at a time ("- Run specs with `busted --helper=spec/love_stub.lua` (stubs the love
        global); plain busted errors on 'love' being nil."): each is a rule for every session,
        kept as it is written — a gotcha under a heading of gotchas, an environment fact under
        one of the environment. Headings and short labels are not, nor a write of more than
        ``MEMORY_LINES`` lines, nor the lines already there that an edit was anchored on
        (``anchor``); ``listed``: only a list's items (notes: a paragraph written there is read
        sentence by sentence, as the assistant's words are). Whether any was kept."""
        text = block.text
        items = [(start, end, section) for start, end, section in memory_items(text)
                 if not (anchor and text[start:end].strip() in anchor)
                 and not (listed and not _listed(text, start))]
        if len(items) > MEMORY_LINES:
            return False  # (a whole file written at once — /init's — describes)
        kept = self._kept
        for start, end, section in items:
            kind = "gotcha" if MEMORY_GOTCHAS.search(section) else \
                "environment" if MEMORY_ENVIRONMENT.search(section) else "convention"
            if end - start > FACT_CHARS:  # (a paragraph: its first sentences that fit)
                spans = [(a, b) for a, b in sentences(text[start:end]) if b <= FACT_CHARS]
                if not spans:
                    continue
                end = start + spans[-1][1]
            if len(content_words(text[start:end])) >= MEMORY_WORDS:
                self._keep(kind, text[start:end], [self._cite(block, start, end, "fact")])
        return self._kept != kept

    def _option_refused(self, said: Block, reply: Block) -> None:
        """The user turning down, by its label, one of the options the assistant listed in its
        message ("(a) switching on Duplicate Rules …" / "(b) …" — "not (a). the WMS upserts
        donors in bulk …"), with why: the option and the reason are a falsified finding."""
        answer = reply.text
        refused = REFUSED_OPTION.search(answer)
        if refused is None:
            return
        label = next(g for g in refused.groups() if g).lower()
        options: dict[str, str] = {}
        for m in OPTION_LINE.finditer(said.text):  # (the first: "(a) looks simpler to me.")
            options.setdefault((m.group(1) or m.group(2) or m.group(3)).lower(), m.group(4))
        option = options.get(label)
        if len(options) < 2 or option is None or len(content_words(option)) < 3 \
                or not OFFERED_WAYS.search(said.text):
            return  # (a numbered list of questions or steps offers no alternatives)
        reason = answer[refused.end():]
        other = NEXT_LABEL.search(reason)  # ("… 2: yes. 3: yes" answers other items)
        if other is not None:
            reason = reason[:other.start()]
        first = sentences(reason)[:1]
        if len(content_words(reason)) < 4 or not first or _went_well(reason[:first[0][1]], 0) \
                or not (_gives_reason(reason) or PAST_TRIAL.search(reason)
                        or TRIAL.search(reason)):
            return
        self._falsified_offer(said, said.text.find(option), option, reply, refused.end(),
                              refused.end() + len(reason.rstrip()))

    def _answered_tried(self, said: Block, reply: Block) -> None:
        """The assistant asking whether an approach was ever tried ("was pushing board updates
        over a WebSocket … ever tried?") and the user answering that it was, and why it was
        dropped ("tried in the first winter. the boathouse tablets … kill the socket …")."""
        # (the last such question: the one the reply answers)
        asked = ([None] + list(TRIED_ASKED.finditer(said.text)))[-1]
        answer = reply.text
        first = sentences(answer)[:1]
        if asked is None or not first or not TRIED_ANSWER.match(answer) \
                or NOT_TRIED.search(answer) or UNSURE.search(answer) \
                or not _gives_reason(answer) or is_question(answer[:first[0][1]]) \
                or _went_well(answer[:first[0][1]], 0) or len(content_words(answer)) < 6:
            return
        # (from its verb: "Quick history question: was pushing … ever tried?" keeps its lead out)
        self._falsified_offer(said, asked.start(), asked.group(0), reply, 0, len(reply.text),
                              label="Tried before:")

    def _intent_explained(self, said: Block, reply: Block) -> None:
        """The assistant asking whether an odd pattern it found is meant ("Is there a reason for
        that, or is it historical?") and the user saying it is, with how things are done here
        ("yes, on purpose: any time the crew sees is 24h HHmm, no colon - via fmtHHmm in
        lib/time.ts. …"): their answer, up to two sentences, is a convention."""
        spans = sentences(said.text)
        if not spans or not INTENT_ASKED.search(said.text, spans[-1][0]):
            return
        lead = INTENDED.match(reply.text)
        if lead is None or TRANSIENT.search(reply.text) \
                or any(c.uuid == reply.uuid for f in self.facts for c in f.cited):
            return  # (a rule the answer states is kept as such: "so: our own modules live …")
        kept = [(a, b) for a, b in sentences(reply.text) if b > lead.end()][:2]
        if not kept:
            return
        start, end = max(kept[0][0], lead.end()), kept[-1][1]
        if len(content_words(reply.text[start:end])) >= 5 and end - start <= FACT_CHARS:
            self._keep("convention", reply.text[start:end],
                       [self._cite(reply, start, end, "fact")])

    def _setup_answered(self, said: Block, reply: Block, ask: Cited | None) -> None:
        """The assistant asking about the setup (``SETUP_ASKED``) and the user answering
        ("the drivers tabs are stuck on chrome 109, intune pins it …"): their answer, up to two
        sentences, is a fact about the setup, kept with the question and the prompt it came up
        under (``ask``: "use the popover attribute … on the driver screen — What do the drivers'
        tablets run?"; a later prompt may share words with either). Not an order, a question
        back, a doubt, or an answer already kept as something else."""
        spans = sentences(said.text)
        if not spans or not is_question(said.text[spans[-1][0]:spans[-1][1]]):
            return
        question = next((said.text[a:b] for a, b in reversed(spans)
                         if SETUP_ASKED.match(said.text[a:b]) and is_question(said.text[a:b])),
                        None)
        if question is not None:
            self._setup_answer(reply, 0, len(reply.text), question, ask)
            return
        last = said.text[spans[-1][0]:spans[-1][1]]
        if CONVENTION_ASKED.search(last) and self._rule_answer(reply.text):
            self._setup_answer(reply, 0, len(reply.text), last, ask, kind="convention")

    @staticmethod
    def _rule_answer(said: str) -> bool:
        """Whether an answer to a question about the project's conventions says one: in a rule's
        words or naming code, not an order, a report, a pointer to someone or a bare yes."""
        normative = NORMATIVE.search(said)
        return not (ORDER.search(said) or SYMPTOM.search(said) and not normative
                    or NOT_A_RULE_ANSWER.search(said)) \
            and bool(normative or _names_code(said) or TYPE_NAME.search(said))

    def _setup_answer(self, reply: Block, start: int, end: int, question: str,
                      ask: Cited | None, *, kind: str = "environment") -> None:
        """Keep ``reply.text[start:end]``, the user's answer to the assistant's ``question``
        about the setup, up to two sentences, with the question and the prompt it came up
        under (``ask``) — unless it is an order, a question back, a doubt, says too little
        (``SETUP_ANSWER_WORDS``, unless it gives a number: "84/512/0033. same one for
        sandbox"), or was kept as something else already."""
        text = reply.text
        kept = [(a + start, b + start) for a, b in sentences(text[start:end])][:2]
        said = text[start:end]
        if not kept or is_question(said) or IMPERATIVE.match(SOFTENER.sub("", said)) \
                or UNSURE.search(text[start:kept[-1][1]]) or TRANSIENT.search(said) \
                or NOT_AN_ANSWER.search(said) \
                or any(c.uuid == reply.uuid and c.excerpt in said
                       for f in self.facts for c in f.cited):
            return
        start, end = kept[0][0], kept[-1][1]
        words = len(content_words(text[start:end]))
        if words < SETUP_ANSWER_WORDS and not (words and any(c.isdigit()
                                                             for c in text[start:end])):
            return
        head = snippet(one_line(text[start:end]), ROOM_BESIDE_ASK)
        room = FACT_CHARS - len(head) - ASKED_ROOM
        asked = one_line(question)
        if ask is not None and len(asked) + ASK_MIN_CHARS < room:
            before = snippet(_asked_words(ask.excerpt), room - len(asked) - 3)
            asked = f"{before} — {asked}" if before else asked
        asked = snippet(asked, room)
        self._keep(kind, text[start:end], [self._cite(reply, start, end, "fact")],
                   text=with_ask(head, asked))

    def _plan_refused(self, plan: Block, result: Block, start: int) -> None:
        """The user rejecting a plan at plan mode's prompt and saying why it was dropped before
        ("not this. atrium had it in 2022. it upgraded and rebooted at 04:00 … the reboot ate a
        half-saved Revit central model"): the plan's approach and the reason are a falsified
        finding. (A plain "not yet" or a change of scope says nothing was tried.)"""
        feedback = result.text[start:]
        first = sentences(feedback)[:1]
        # (it was tried, not only "already" there: "no, the column already exists"; and not
        # a check just made: "nope, I ran it locally and it's not what I want")
        if not first or not PLAN_REFUSED.match(feedback) or not _gives_reason(feedback) \
                or not (TRIAL.search(feedback) or TRIED_BEFORE.search(feedback)
                        or DONE_BEFORE.search(feedback)) \
                or NOT_TRIED.search(feedback) or JUST_CHECKED.search(feedback) \
                or len(content_words(feedback)) < 6:
            return
        spans = [(a, b) for a, b in sentences(plan.text) if b - a >= SENTENCE_MIN]
        if not spans:
            return
        a, b = spans[0]
        lead = PLAN_REFUSAL_LEAD.match(feedback)  # ("rejecting: Payment Links were tried …")
        self._falsified_offer(plan, a, plan.text[a:b], result,
                              start + (lead.end() if lead else 0), len(result.text))

    def _relayed_tried(self, block: Block, spans: list[tuple[int, int]], relayed: int,
                       relayed_end: int) -> None:
        """An idea passed on from someone ("Shauna Kerr   Mon 3:51 AM / FYI the city mail relay
        can send to the carriers' text gateways. free backup for your alerting …?") that the
        user answers was tried already, in a sentence of its own, and how it went ("we tried
        this. grady did that during the tonewire outage in october. texts showed up 20-40 min
        late, some never …"): the idea and the story are a falsified finding (its story's
        spans go to ``_stories``: no rules of the user's)."""
        text = block.text
        idea = [(a, b) for a, b in spans if relayed <= a and b <= relayed_end]
        after = [(a, b) for a, b in spans if a >= relayed_end]
        if not idea or not after:
            return
        first, last = after[0]
        told = TRIED_BEFORE.search(text, first, last)
        if told is None or told.group("been") is not None \
                or len(content_words(text[first:last])) > TRIED_NAMED_WORDS:
            return  # (a bare "we tried this." — what "this" is was passed on)
        end = last
        for _a, b in after[1:]:
            if _dropped_for(text, last, end) or b - first > FACT_CHARS:
                break
            end = b
        if not _dropped_for(text, last, end) or _went_well(text[last:end], 0) \
                or not _gives_reason(text[last:end]):
            return
        start = idea[0][0]
        offer_end = idea[-1][1]
        while offer_end - start > FACT_CHARS // 2 and len(idea) > 1:
            idea.pop()
            offer_end = idea[-1][1]
        self._falsified_offer(block, start, text[start:offer_end], block, last, end,
                              label="Tried before:")

    def _falsified_offer(self, said: Block, at: int, offer: str, reply: Block,
                         start: int, end: int, *, label: str = "Turned down:") -> None:
        """Keep what the assistant offered (``offer``, at ``at`` in its message) and the user's
        reason for turning it down (``reply.text[start:end]``) as one falsified finding."""
        reason = reply.text[start:end]
        offer = offer.strip()
        ended = offer if offer[-1:] in ".?!" else offer + "."
        text = snippet(one_line(f"{ended} {label} {one_line(reason).lstrip(' .,;:!-–—')}"),
                       FACT_CHARS)
        cites = [self._cite(said, at, at + len(offer), "fact"),
                 self._cite(reply, start, end, "fact")]
        ask = self._ask
        if ask is not None and ask.uuid not in (said.uuid, reply.uuid) \
                and len(text) <= ROOM_BESIDE_ASK:
            # (what the offer answered, in the room the story leaves: "what if the pis just
            # posted readings to the analytics api directly?" names what "an http sink" does)
            text = with_ask(text, snippet(_asked_words(ask.excerpt),
                                          FACT_CHARS - len(text) - ASKED_ROOM))
            cites.append(ask)
        if self._keep("falsified", "", cites, text=text):
            self._keys.add(signature(reason))  # (their reason is not a fact again)
            self._stories.setdefault(reply.uuid, []).append((start, end))

    def _about_the_problem(self, text: str) -> bool:
        """Whether a statement speaks of the problem being looked into: it shares a word with
        the report or with what the assistant said since ("nah cleartext is on for debug
        builds …" after "First thought is cleartext HTTP")."""
        shared = self._shared_with_the_problem(text)
        return len(shared) >= 2 or bool(shared) and bool(
            _PUSHBACK.match(text) or RELAYED.search(text) or HEDGED.search(text))

    def _shared_with_the_problem(self, text: str) -> set[str]:
        """The words a message shares with the problem being looked into (its report, and what
        the assistant said since); none when it opens another ("different thing: the checkout
        page shows prices in dollars"). A theory of the problem needs one ("static framework
        doesn't link sqlite3 by itself …" after "iOS build fails at the link step"): it is
        only kept when the assistant agrees."""
        if _NEW_PROBLEM.match(text):
            return set()
        said = self._reported.text if self._reported is not None else ""
        return content_words(text) & content_words(said + " " + self._since_report)

    def _agreed(self, said: Block, reply: Block) -> None:
        """The user's one-word answer to the assistant's proposal: a practice it says it will
        keep to, confirmed ("… they include the yardlib helpers. I'll keep to that here too -
        correct?" — "ya, always"), or one of the options it offered, picked by its label
        ("(a) money is always integer pence …" — "a. b is the old way"). Either is a rule the
        user made theirs."""
        answer = reply.text.strip()
        text = said.text
        picked = PICKED.match(answer)
        options = {(m.group(1) or m.group(2) or m.group(3)).lower(): m.span(4)
                   for m in OPTION_LINE.finditer(text)} if picked else {}
        one_pick = not re.search(r"\n\s*\(?[a-e1-9][).:]", answer) \
            and not answer.lower().startswith("e.g")
        if len(options) >= 2 and text.rstrip().endswith("?") and one_pick \
                and WHICH_WAY.search(text[text.rstrip().rfind("\n") + 1:]):
            span = options.get((picked.group(1) or picked.group(2)).lower())
            if span is not None and span[1] - span[0] >= SENTENCE_MIN \
                    and not text[span[0]:span[1]].rstrip().endswith("?"):
                self._keep("convention", text[span[0]:span[1]],
                           [self._cite(said, *span, "fact"), self._cite(reply, 0, len(reply.text),
                                                                        "fact")])
            return
        spans = sentences(text)
        if spans and STILL_CURRENT.search(text[spans[-1][0]:spans[-1][1]]) \
                and STILL_SO.match(answer):
            for start, end in reversed(spans[:-1]):  # (what the doc says, before the question)
                lead = DOC_SAYS.match(text[start:end])  # (sliced: the pattern opens with ^)
                if lead is None:
                    continue
                start += lead.end()
                if end - start >= SENTENCE_MIN and len(content_words(text[start:end])) >= 3:
                    self._keep("convention", text[start:end],
                               [self._cite(said, start, end, "fact"),
                                self._cite(reply, 0, len(reply.text), "fact")])
                return
            return
        if not AFFIRMED.match(answer):
            return
        asked = text[spans[-1][0]:spans[-1][1]] if spans else ""
        same = bool(SAME_ASKED.match(asked))
        if not spans or not same and not (CONFIRM_ASKED.search(asked) and KEEP_TO.search(asked)):
            return  # (a confirmation of anything else — "Deleting all of them, right?" — is no rule)
        for start, end in reversed(spans[:-1]):  # the practice, said before the question
            sentence = text[start:end]
            lead = LOOKED_LEAD.match(sentence)
            if lead:
                start += lead.end()
            ruled = RULE.search(text[start:end]) or ALWAYS.search(text[start:end])
            if same and not ruled and SAID_DONE.match(text[start:end]):
                return  # (the same again of a change just made: "Added a null check to …")
            if NARRATION.match(sentence) or end - start < SENTENCE_MIN or is_question(sentence) \
                    or len(content_words(text[start:end])) < 4 or not (same or ruled):
                continue
            self._keep("convention", text[start:end],
                       [self._cite(said, start, end, "fact"), self._cite(reply, 0, len(reply.text),
                                                                         "fact")])
            return

    def _tried_found(self, block: Block, spans: list[tuple[int, int]]) -> bool:
        """The assistant's message telling that an idea was tried before (``TRIED_FOUND``:
        "It was tried — 571af33c "Revert h2c on the listener". Reverted to HTTP/1.1. With h2c
        each client …"), kept whole as a falsified finding, when it says why too. Whether it
        was kept."""
        text = block.text
        # (what it will do next is no reason the idea went, nor is a check it just made)
        said = [(a, b) for a, b in spans if not is_question(text[a:b])
                and not _offers(text[a:b]) and not NARRATION.match(text[a:b])]
        if len(said) < 2 or said[0][0] != spans[0][0]:
            return False  # (the lead alone says nothing of why)
        if JUST_CHECKED.search(text, said[0][0], said[-1][1]):
            return False
        start, end = said[0][0], said[-1][1]
        if len(content_words(text[said[1][0]:end])) < TRIED_NAMED_WORDS:
            return False
        if self._in_context("falsified", text[start:end],
                            [self._cite(block, start, end, "fact")]) is None:
            return False
        self._revert = "found"
        return True

    def _in_context(self, kind: str, sentence: str, cited: list[Cited]) -> Fact | None:
        """Keep a fact the assistant stated about a situation, with the prompt that set it up
        (what was asked is what a later prompt about the same thing will share words with).
        The fact kept, if it was."""
        ask = self._ask
        tried, tried_cited = self._tried(sentence) if kind == "falsified" else ("", [])
        if kind == "gotcha" and ask is not None:
            # (the report's opening kept as a gotcha — "the new build hangs right after boot on
            # the straps" — is the problem this explains, which its [asked: …] says; a gotcha
            # said later in that prompt — "fyi the staging API only works on the VPN" — stays)
            opening = one_line(ask.excerpt)[:REPORT_OPENING]
            self._forget([f for f in self.facts if f.kind == "gotcha" and f.cited
                          and all(c.uuid == ask.uuid for c in f.cited)
                          and one_line(f.cited[0].excerpt)[:REPORT_OPENING] == opening])
        if ask is None or one_line(ask.excerpt) in one_line(sentence):
            if not tried:
                return self._keep(kind, sentence, cited)
            return self._keep(kind, sentence, cited + tried_cited,
                              text=tried + snippet(one_line(sentence), FACT_CHARS - len(tried)))
        # the fact first: a remedy sentence is worth more than the end of the prompt
        head = tried + snippet(one_line(sentence), ROOM_BESIDE_ASK - len(tried))
        cited = cited + tried_cited
        asked = snippet(_asked_words(ask.excerpt), FACT_CHARS - len(head) - ASKED_ROOM)
        return self._keep(kind, sentence, cited + [ask], text=with_ask(head, asked))

    def _tried(self, finding: str) -> tuple[str, list[Cited]]:
        """What the attempt a falsified finding is about brought in by name, when the finding
        names none of it ("Tried @CacheResult: the cache lives in each pod's memory …"), and
        the edits that show it; ("", []) otherwise. The attempt's edits are those since the
        prompt it was asked under."""
        since = self._ask.offset if self._ask is not None else -1
        names: list[str] = []
        cited: list[Cited] = []
        taken_out: set[str] = set()  # (put back later is restored, not tried)
        for block in self._brought:
            path = (block.input or {}).get("file_path", "")
            if block.offset <= since or (self._reverted and not any(
                    _under(path, p) for p in self._reverted)):
                continue
            found = [n for n in brought_names(block.text)
                     if n not in names and n not in taken_out]
            taken_out.update(brought_names((block.input or {}).get("removed", "")))
            if found:
                names += found
                cited.append(self._cite(block, 0, len(block.text), "tried"))
        low = finding.lower()
        if not names or any(n.lower().lstrip("@") in low for n in names):
            return "", []
        return f"Tried {', '.join(names[:TRIED_NAMES])}: ", cited

    def _user_text(self, block: Block, *, start: int = 0) -> None:
        """``start``: where the user's words begin in ``block.text`` (what comes back as a
        tool's result holds them after the harness's own words)."""
        text = block.text
        spans = [(a + start, b + start) for a, b in sentences(text[start:])] if start \
            else sentences(text)
        taken = -1  # a sentence already kept as part of the one before
        announced = -1  # where the block of rules the user announced ends
        # what the user pasted between ``` fences is output, not something they said, nor is a
        # message they quote from what failed
        pasted = []
        docs: list[list[int]] = []  # [start, end, rules kept] of each doc the user shares
        for m in FENCED.finditer(text) if "```" in text else ():
            if FENCED_CHAT.match(text, m.start()):
                continue  # (a message from the team, passed on: said, not output)
            doc = shared_doc(text, m.start(), m.end())
            shown = self._given_in(block, m.start(), m.end(), doc=doc)
            if doc:  # (a doc the user shares is theirs: "from CONTRIBUTING.md: ```…```")
                docs.append([m.start(), m.end(), 0])
                pasted += shown  # (its commands are the doc's examples, not its rules)
            else:
                pasted.append(m.span())
        if "'" in text or '"' in text or "“" in text or "‘" in text:
            pasted += [m.span("quoted") for m in QUOTED_OUTPUT.finditer(text)]
        pasted += [m.span() for m in LOGGED_LINE.finditer(text)]
        relayed, relayed_end = len(text), len(text)
        if "\n" in text and (line := RELAY_LINE.search(text)) is not None:
            # (the message passed on runs to the end of its paragraph, or of the quote)
            relayed = line.end()
            gap = RELAYED_END.search(text, relayed + 1)
            relayed_end = gap.start() if gap else len(text)
            self._relayed_tried(block, spans, relayed, relayed_end)
        pasted += self._stories.get(block.uuid, [])  # (a story a finding told: no rule in it)
        ruled = []  # (a spec's "## Constraints", "## Conventions": each item is a rule)
        if "#" in text:
            pasted += _sections(text, TASK_SECTION)  # (a spec's requirements and criteria are
            # the task's)
            ruled = _sections(text, RULE_SECTION)
        for at, (start, end) in enumerate(spans):
            if pasted and any(a <= start < b for a, b in pasted):
                continue
            if at <= taken or end - start > 2 * SENTENCE_MAX:
                continue  # (an over-long "sentence" is no rule; trimming it costs quadratic time)
            start, end = _trim_asides(text, start, end)
            if start < relayed < end:
                # (a message copied with its byline in front: "[9:08 AM] Denise Okafor: …"; what
                # she says starts after it)
                start = relayed
            sentence = text[start:end]
            if start >= announced and ANNOUNCED.search(sentence):
                # (the rules, not their announcement: "ground rules for today's session:")
                announced = _block_after(text, end)
                continue
            if len(sentence) <= SENTENCE_MAX and self._told_then_asked(
                    block, start, end, relayed=relayed <= start < relayed_end) \
                    or is_question(sentence):
                continue
            if len(sentence) > SENTENCE_MAX \
                    or TRANSIENT.search(sentence) or HEDGED.search(sentence):
                continue  # (nor a doubt: "I doubt any of this has to be async")
            if start < announced or ruled and any(a <= start < b for a, b in ruled):
                if not BYLINE.match(sentence) and len(content_words(sentence)) >= 2:
                    self._keep("convention", sentence, [self._cite(block, start, end, "fact")])
                continue
            doc = next((d for d in docs if d[0] <= start < d[1]), None)
            if doc is not None:  # (what a shared doc says is how things are done here)
                if doc[2] < DOC_RULES and len(content_words(sentence)) >= DOC_RULE_WORDS:
                    doc[2] += 1
                    self._keep("convention", sentence, [self._cite(block, start, end, "fact")])
                continue
            if RULE_AFTER.search(sentence) and len(content_words(sentence)) <= 4:
                self._rules_before(block, spans, at)
                continue
            if (IN_USE_FOR.search(sentence) or PAST_TRIAL.search(sentence)
                    or TRIAL.search(sentence)) and not NOT_TRIED.search(sentence):
                told = self._story(block, spans, at, start)
                if told is not None:
                    taken = told
                    continue
            if (spared := SUGGESTION_SPARED.search(sentence)) is not None:
                told = self._spared(block, spans, at, start + spared.end())
                if told is not None:
                    taken = told
                    continue
            # (the label may run into the next sentence: "… tried-and-dropped section. my
            # notes: …")
            label = DEAD_END_LABEL.search(text, start, spans[at + 1][1] if at + 1 < len(spans)
                                          else end)
            if label is not None and label.start() < end:
                told = self._filed_as_dead_end(block, spans, at, label)
                if told is not None:
                    taken = told
                    continue
            if (back := GOING_BACK.search(sentence)) and at + 1 < len(spans):
                # ("please don't go back to the old idea: no bonding. bonding was tried in the
                # pilot. the straps are shared between patients …")
                tried = spans[at + 1:at + 3]
                told = text[tried[0][0]:tried[-1][1]]
                if (TRIAL.search(told) or FIRST_TRY.search(told) or PAST_TRIAL.search(told)) \
                        and (_gives_reason(told) or len(content_words(told)) >= GONE_WORDS) \
                        and not NOT_TRIED.search(told) \
                        and tried[-1][1] - (start + back.start(1)) <= FACT_CHARS:
                    a = start + back.start(1)
                    self._keep("falsified", text[a:tried[-1][1]],
                               [self._cite(block, a, end, "fact")]
                               + [self._cite(block, x, y, "fact") for x, y in tried])
                    taken = at + len(tried)
                    continue
            # ("and remember, live updates go through …", "hmm, not in that form — state
            # shared between tasks goes through …": the rule follows its lead)
            lead = REMINDED.match(sentence) or CORRECTED_THEN.match(sentence)
            if lead and not is_question(sentence) \
                    and len(content_words(sentence[lead.end():])) >= 3:
                a, end, taken = self._whole_rule(text, spans, at, start + lead.end(), end)
                self._keep("convention", text[a:end], [self._cite(block, a, end, "fact")])
                continue
            # (read before the asides are trimmed: "keep that in mind" is one)
            if (mind := KEEP_IN_MIND.search(text, spans[at][0], spans[at][1])) \
                    and mind.start() > start and not is_question(sentence):
                a, b = start, min(end, mind.start())
                before = text[spans[at - 1][0]:spans[at - 1][1]] if at else ""
                if before and at - 1 != taken and _names_code(before) \
                        and not is_question(before) and b - spans[at - 1][0] <= FACT_CHARS:
                    a = spans[at - 1][0]  # ("indexes get built concurrently: op.create_index(…
                    # postgresql_concurrently=True) …. a plain create_index locks the table …")
                if len(content_words(text[a:b])) >= 3:
                    self._keep("convention", text[a:b], [self._cite(block, a, b, "fact")])
                    continue
            if CORRECTED.match(sentence):
                if at + 1 < len(spans):
                    a, b = spans[at + 1]
                    right = text[a:b]
                    if b - a <= SENTENCE_MAX and not is_question(right) \
                            and len(content_words(right)) >= 3 \
                            and not any(x <= a < y for x, y in pasted):
                        a, b, taken = self._whole_rule(text, spans, at + 1, a, b)
                        if taken == at + 1 and b - a <= SHORT_RULE_CHARS and at + 2 < len(spans):
                            # (a short rule runs into the statement after it: "anyhow only in
                            # src/main.rs. library modules … return their own error enum …")
                            x, y = spans[at + 2]
                            more = text[x:y]
                            if y - a <= FACT_CHARS and len(content_words(more)) >= 4 \
                                    and not (is_question(more) or IMPERATIVE.match(more)
                                             or TRANSIENT.search(more) or HEDGED.search(more)):
                                b, taken = y, at + 2
                        self._keep("convention", text[a:b], [self._cite(block, a, b, "fact")])
                continue
            kind = None
            low = sentence.lower()
            intro = RULE_INTRO.search(sentence)
            if intro and end - (start + intro.end()) >= SENTENCE_MIN \
                    and not FIRST_PERSON.match(sentence, intro.end()):
                quoted = intro.group(0)[-1:] in "\"“"
                # the rule is what follows its announcement (with whom it is for, if said)
                start += intro.start("scope") if intro.group("scope") else intro.end()
                close = text.find("”" if intro.group(0).endswith("“") else '"', start, end)
                if quoted and close > start + SENTENCE_MIN:
                    end = close  # (the quote alone: "… forgetting it: "X" then fix the lint")
                _start, end, taken = self._whole_rule(text, spans, at, start, end)
                sentence = text[start:end]
                self._keep("convention", sentence, [self._cite(block, start, end, "fact")])
                continue
            if _tried_before(sentence):
                kind = "falsified"
                if at and _declares(text[spans[at - 1][0]:spans[at - 1][1]]) \
                        and end - spans[at - 1][0] <= FACT_CHARS:
                    # (with the situation said just before it: "the live map lags behind …
                    # pls dont suggest server streaming - we tried that …")
                    self._keep(kind, text[spans[at - 1][0]:end],
                               [self._cite(block, *spans[at - 1], "fact"),
                                self._cite(block, start, end, "fact")])
                    continue
            elif hinted(low, FALSIFIED_HINTS) and FALSIFIED.search(sentence):
                if TRIED_THAT.search(sentence) or BACK_TO_LOOK.search(sentence):
                    continue  # (nor "… went back to the old branch to compare the output")
                kind = "falsified"
            elif hinted(low, GOTCHA_HINTS) and GOTCHA.search(sentence):
                kind = "gotcha"
            elif PREFERENCE.search(sentence):
                kind = "preference"
            elif (rule := RULE.search(sentence)) and not (
                    rule.group(0).lower() in ONE_OFF and (
                        IMPERATIVE.match(sentence) or not RULE_SETTING.search(sentence))) \
                    and not (QUANTIFIED.match(rule.group(0)) and IMPERATIVE.match(sentence)) \
                    and not _reported_lack(sentence, rule) \
                    and not ASKED_OF.search(sentence, 0, rule.start()):
                # (an order's "every …": "add a distributeAll() that loops over every member
                # and sends their credits, so nobody has to claim" is a task)
                kind = "convention"
                if rule.group(0)[:1] in CLAUSE_MARKS and PRAISE.search(
                        text, start, start + rule.start()) and not CODEISH.search(
                        text, start, start + rule.start()):
                    # "good that you did it this way, no partial functions in library code":
                    # the rule starts at its clause; the praise before it is no part of it
                    start += rule.start() + 1
                    while start < end and not text[start].isalnum():
                        start += 1
                    sentence = text[start:end]
                else:
                    # dictated, one run-on "sentence": the rule is the thought it is said in,
                    # after the last "um" before it ("okay so add the beer style to the fact
                    # and um one thing every ref() goes in an import cte … that's how we do it
                    # in this repo")
                    said = [m.end() for m in DISFLUENCY.finditer(text, start, start + rule.start())]
                    if said and end - said[-1] >= SENTENCE_MIN:
                        start = said[-1]
                        sentence = text[start:end]
            elif ALWAYS.search(sentence) and (RULE_SETTING.search(sentence) or CODEISH.search(
                    sentence)) and not REPORTING.search(sentence) \
                    and not _NEVER_DID.search(sentence):  # (or about code)
                kind = "convention"
            elif (every := EVERY_IS.search(sentence)) and (
                    CODEISH.search(sentence) or BACKTICK.search(sentence)
                    or FILE_TYPE.search(sentence) or TYPE_NAME.search(sentence)) \
                    and not SYMPTOM.search(sentence, every.start()) \
                    and not REPORTING.search(sentence):
                kind = "convention"  # (the clause of the rule reports nothing: "… are frozen,
                # every schema change is a new numbered .sqm migration file")
            elif _how_done(sentence):
                kind = "convention"
            elif not IMPERATIVE.match(sentence) and states_a_fact(sentence) and any(
                    t.startswith(("port:", "env:", "v:", "time:")) for t in salient_tokens(sentence)):
                kind = "environment"
            if kind is None and (aside := FACT_ASIDE.match(text, spans[at][0], end)) is not None:
                # ("side thing: photos are in R2, bucket lot-media", "oh, before I forget - kiosk
                # builds happen on steiger"): a fact told in passing, announced as one
                told_at = max(start, aside.end())
                told = text[told_at:end]
                if not is_question(told) and not IMPERATIVE.match(told) \
                        and not HEDGED.search(told) and not TRANSIENT.search(told) \
                        and len(content_words(told)) >= RELAYED_WORDS \
                        and states_a_fact(told) and (salient_tokens(told) or names_of_things(told)):
                    self._keep("convention" if RELAYED_RULE.search(told) else "environment",
                               told, [self._cite(block, told_at, end, "fact")])
                    continue
            if kind is None and relayed <= start < relayed_end and not IMPERATIVE.match(sentence) \
                    and len(content_words(sentence)) >= RELAYED_WORDS:
                # (what a teammate's message passed on says: "changes to the remoting API
                # records are additive only …", "every booking gets pushed to Beacon CRM …")
                byline = RELAY_LINE.search(sentence)
                if byline and not sentence[:byline.start()].strip():
                    start += byline.end()  # (the next message, its byline in front of it)
                    sentence = text[start:end]
                elif byline:  # (the next message's byline ends this one's sentence)
                    end = start + byline.start()
                    sentence = text[start:end].rstrip()
                if at and spans[at - 1][0] >= relayed and REFERS_BACK.search(sentence) \
                        and end - spans[at - 1][0] <= FACT_CHARS:
                    start = spans[at - 1][0]  # ("… is the management tag. DON'T key anything
                    sentence = text[start:end]  # on it": what "it" is comes with the rule)
                if len(content_words(sentence)) < RELAYED_WORDS or HEDGED.search(sentence) \
                        or DEFERRED.search(sentence):
                    pass
                elif RELAYED_RULE.search(sentence):
                    self._keep("convention", sentence, [self._cite(block, start, end, "fact")])
                elif states_a_fact(sentence) and (salient_tokens(sentence)
                                                  or names_of_things(sentence)):
                    self._keep("environment", sentence, [self._cite(block, start, end, "fact")])
                continue
            if kind == "convention":
                start, end, taken = self._whole_rule(text, spans, at, start, end)
                sentence = text[start:end]
            if kind:
                self._keep(kind, sentence, [self._cite(block, start, end, "fact")])

    def _told_then_asked(self, block: Block, start: int, end: int, *,
                         relayed: bool = False) -> bool:
        """A value of the setup the user states before asking something of it, in one sentence
        ("app id is 2715430 if you need it - can you double-check the repo agrees?", "the db on
        the server is /srv/refdb/k2_pluspf btw - sanity-check that against the repo"): the
        statement, as a fact about the setup; in a message passed on (``relayed``), naming a
        thing as its other statements do ("[2:49 PM] Kim Aldana: the preprod address is
        bhcourier-preprod.go-vip.net - can you check it still answers?"). Whether it was
        kept."""
        text = block.text
        split = TOLD_THEN_ASKED.search(text, start, end)
        if split is None:
            return False
        told, then = text[start:split.start()].rstrip(), text[split.end():end]
        if not (is_question(then) or IMPERATIVE.match(then) or ORDER.search(then)
                or CHECK_ASKED.match(then)) \
                or is_question(told) or IMPERATIVE.match(told) or SYMPTOM.search(told) \
                or TOLD_WISH.match(told) \
                or HEDGED.search(told) or len(content_words(told)) < TOLD_WORDS \
                or TRANSIENT.search(told) or ONE_OFF_VALUE.search(told) \
                or not states_a_fact(told):
            return False
        # (a rule told before the order that follows it: "every DAO method in app/data is a
        # suspend fun - can you fix InvoiceDao to match?")
        rule = RULE.search(told) or ALWAYS.search(told) or UNIVERSAL.match(told)
        if not rule and not (salient_tokens(told) or codes_of_things(told)
                             or relayed and names_of_things(told)):
            return False
        return self._keep("convention" if rule else "environment", told,
                          [self._cite(block, start, split.start(), "fact")]) is not None

    def _spared(self, block: Block, spans: list[tuple[int, int]], at: int,
                start: int) -> int | None:
        """What the user says after sparing the assistant a suggestion ("to save you the
        suggestion: we started with UCableComponent in the prototype. … it doesn't carry any
        load …"), when it tells of a trial and why it went: a falsified approach, from ``start``
        up to three sentences. The index of the last sentence kept, if it was."""
        text = block.text
        last = _told_to(spans, at, start, 2)
        told = text[start:spans[last][1]]
        if len(told) < SENTENCE_MIN or NOT_TRIED.search(told) or not _gives_reason(told) \
                or IMPERATIVE.match(SOFTENER.sub("", told)) \
                or not (TRIAL.search(told) or FIRST_TRY.search(told)
                        or STARTED_WITH.search(told) or IN_USE_FOR.search(told)):
            return None  # (not an order: "before you suggest it: just use the helper …")
        self._keep("falsified", told, [self._cite(block, start, spans[last][1], "fact")])
        return last

    def _filed_as_dead_end(self, block: Block, spans: list[tuple[int, int]], at: int,
                           labelled: re.Match) -> int | None:
        """What the user files under the approaches gone (``DEAD_END_LABEL``: "… under
        tried-and-dropped: Prerendered product pages. Sam added a prerender step in the spring.
        Stock got baked in at build time, …"): a falsified approach, the label and up to three
        sentences after it, when they say enough (``GONE_WORDS``) and deny no trial. The index of
        the last sentence kept, if it was."""
        text = block.text
        label, start = labelled.start(), labelled.end()
        last = _told_to(spans, at, label, 3)
        told = text[start:spans[last][1]]
        if len(content_words(told)) < GONE_WORDS or NOT_TRIED.search(told) \
                or is_question(told):
            return None
        # (the label as said, without the section or notes it names: "tried-and-dropped: …")
        said = f"{labelled.group('label')}: {one_line(told)}" \
            if labelled.end("label") < labelled.end() - 3 else None
        self._keep("falsified", text[label:spans[last][1]],
                   [self._cite(block, label, spans[last][1], "fact")], text=said)
        return last

    def _filed_entry(self, block: Block, *, settled: bool = False) -> bool:
        """The entry the assistant writes into a record the user asked for so that an approach
        is not tried again (``NOT_AGAIN_FILED``), or into a decision log saying the old way
        stays or its own approach went (``settled``: ``KEPT_OLD_WAY`` or ``_gave_up_entry`` in
        its first sentences): its last heading and what
        follows, as far as its sentences fit, is a falsified approach ("### Steam Guard codes
        generated in CI (steam-totp). Uploads keep using the cached login … With steam-totp each
        run …"). Whether it was kept."""
        text = block.text
        # (the last heading opens the entry just written: "### Steam Guard codes generated in CI
        # (steam-totp)." — the transcript reader ends a heading with a full stop)
        titles = [m.start("title") for m in HEADING_LINE.finditer(text)]
        start = titles[-1] if titles else len(text) - len(text.lstrip())
        spans = [(start + a, start + b) for a, b in sentences(text[start:])]
        fitting = [span for span in spans if span[1] - start <= FACT_CHARS]
        if not fitting:
            return False
        told = text[start:fitting[-1][1]]
        if len(content_words(told)) < GONE_WORDS or NOT_TRIED.search(told):
            return False
        opening = text[start:fitting[min(2, len(fitting)) - 1][1]]
        if settled and not KEPT_OLD_WAY.search(opening) \
                and not _gave_up_entry(opening, text[start:spans[0][1]]):
            return False  # (a decision taken, not an approach given up)
        return self._keep("falsified", told,
                          [self._cite(block, start, fitting[-1][1], "fact")]) is not None

    def _story(self, block: Block, spans: list[tuple[int, int]], at: int, start: int) -> int | None:
        """The story of an approach used for a while and gone back from, told from the
        sentence at ``at`` (which says when, or that it was tried) to the one that goes back
        (``WENT_BACK``, within ``STORY_SENTENCES``) and why: a falsified approach. The index of
        the last sentence kept, if it was."""
        text = block.text
        last = None
        for i in range(at, min(at + STORY_SENTENCES, len(spans))):
            if i > at and is_question(text[spans[i][0]:spans[i][1]]):
                break  # (a question ends the story: what comes after is another matter)
            if WENT_BACK.search(text, spans[i][0], spans[i][1]):
                last = i
                break
        if last is None:
            return None
        if last + 1 < len(spans) and spans[last + 1][1] - start <= FACT_CHARS \
                and not is_question(text[spans[last + 1][0]:spans[last + 1][1]]):
            last += 1  # (the reason may come after the going back)
        end = spans[last][1]
        while last > at and end - start > FACT_CHARS:
            last -= 1
            end = spans[last][1]
        told = text[start:end]
        opening = text[start:spans[at][1]]
        went_back = WENT_BACK.search(told)
        if len(content_words(told)) < GONE_WORDS or _went_well(told, 0) \
                or not (_gives_reason(told) or went_back and not BACK_TO_LOOK.search(told)) \
                or not (TRIAL.search(opening) or IN_USE.search(opening)):
            return None  # (used, and it went wrong: not "the deploy failed for three days")
        self._keep("falsified", told, [self._cite(block, start, end, "fact")])
        return last

    def _rules_before(self, block: Block, spans: list[tuple[int, int]], at: int) -> None:
        """The user made what came before a rule ("so that's the rule now."): of the eight
        sentences before, those that say how things are done (``NORMATIVE``) — not bylines,
        questions, or what was kept already — are rules, at most two."""
        text = block.text
        kept = 0
        for start, end in spans[max(0, at - 8):at]:
            sentence = text[start:end]
            if kept >= 2 or len(sentence) > SENTENCE_MAX or is_question(sentence) \
                    or CHAT_BYLINE.match(sentence) or BYLINE.match(sentence) \
                    or not NORMATIVE.search(sentence) or len(content_words(sentence)) < 4 \
                    or any(c.excerpt == sentence for f in self.facts for c in f.cited):
                continue
            self._keep("convention", sentence, [self._cite(block, start, end, "fact")])
            kept += 1

    @staticmethod
    def _whole_rule(text: str, spans: list[tuple[int, int]], at: int, start: int,
                    end: int) -> tuple[int, int, int]:
        """A rule's span with the sentences that belong to it: the one before, when the rule
        is only its elliptical tail ("money is an integer number of pence. Never a
        DecimalField, never a float.") or a short rule naming no code after one that does; the
        one after, when it gives the rule's code ("no
        heap in the firmware. fixed-size pools come from K_MEM_SLAB_DEFINE") or is such a
        tail. Returns (start, end, index of the last sentence used)."""
        last = at
        elliptical = at and ELLIPTICAL.match(text, start, end)
        # (a short rule naming no code after a sentence that names it is the end of that
        # sentence's rule: "money is integer cents … goes through brick/money. never decimal
        # columns or floats")
        bare = at and not elliptical and end - start <= SHORT_RULE_CHARS \
            and not _names_code(text[start:end])
        if elliptical or bare:
            before = spans[at - 1]
            said = text[before[0]:before[1]]
            if not is_question(said) and end - before[0] <= SENTENCE_MAX \
                    and not _new_item(text, before[1], start) and (
                    elliptical or _names_code(said)):
                start = before[0]
        if at + 1 < len(spans):
            after = spans[at + 1]
            said = text[after[0]:after[1]]
            # (what to use instead of what a rule forbids is its other half: "Please do not
            # hard-code layer bits. Use the generated constants in `PhysicsLayers` …")
            instead = INSTEAD_USE.match(said) and AVOID.search(text, start, end) \
                and (BACKTICK.search(said) or CODEISH.search(said))
            if not (is_question(said) or IMPERATIVE.match(said) and not instead
                    or TRANSIENT.search(said) or _new_item(text, end, after[0])) \
                    and (CODEISH.search(said) or BACKTICK.search(said) or salient_tokens(said)
                         or TYPE_NAME.search(said) and not (
                             SYMPTOM.search(said) or REPORTING.search(said)
                             or FIRST_PERSON.match(said) or NEW_TOPIC.match(said))
                         or ELLIPTICAL.match(said)) \
                    and after[1] - start <= FACT_CHARS:
                end, last = after[1], at + 1
        return start, end, last

    def _assistant_text(self, block: Block, *, note: bool = False) -> None:
        text = block.text
        spans = sentences(text)
        if not note and self._revert == "idle" and TRIED_FOUND.match(text) \
                and self._tried_found(block, spans):
            return  # (the finding is this message, whatever revert it tells of)
        # (a note is never a revert's reason, nor a verdict to fall back on)
        if not note and self._revert == "reverting":
            # (with a judgement made before the revert, a message after it that judges nothing
            # — "#105 is closed, the working tree is clean" — is a report: the judgement stands)
            if (self._fallback is None or self._judges_attempt(text, spans)) \
                    and self._why_reverted(block, spans):
                self._fallback = None
                return  # (the finding is this message: nothing else to read in it)
        elif not note and self._revert == "idle":
            # (something was changed — a file, or the machine by a command: "pveceph install")
            if (self._changed or self._ran) and self._judges_attempt(text, spans):
                self._judged = block  # ("Verdict for when you're back: …")
            if REVERT_SAID.search(text):
                self._revert = "reverting"
        if self._awaiting_explanation and self._reported is not None and (
                CONFIRMS.match(text)  # (a short "That's it." is no sentence of its own)
                or spans and CONFIRMS.match(text[spans[0][0]:spans[0][1]])) \
                and not DOUBTED.search(text, 0, spans[min(1, len(spans) - 1)][1] if spans
                                       else len(text)):
            self._explained = self._theory is not None and self._theory_confirmed(
                self._theory) or self._confirmed(self._reported)
        if self._question and not self._answered and self._restates_command(block):
            return
        if not note and self._commands and self._commands[-1].failed \
                and not self._commands[-1].recovered:
            failed = self._commands[-1]
            failed.blamed = failed.blamed or blames(failed, (text[a:b] for a, b in spans))
        if LEARNED_HEADING.search(text):
            self._learned_sections(block)
        found_cause = lead = None
        if FOUND_IT.match(text) and self._fixing:
            self._symptom, self._explained = True, False  # ("Found it. Fixing first.")
        elif (found_cause := FOUND_CAUSE.match(text)) is not None and self._probed:
            if self._symptom and self._explained and self._explanation_kept is not None \
                    and all(c.uuid != block.uuid for c in self._explanation_kept.cited):
                # ("Public DNS still points at the load balancer, so clients reach us." …
                # "Got it. The hotfix moved the counter into log_by_lua, …": the first was a
                # lead ruled out, once this message explains it instead)
                lead, self._explained = self._explanation_kept, False
            elif not self._symptom and found_cause.group("ack") is None:
                # ("added battery_pct last week and it's 0 on every row since" … "There it is.
                # Migration 0039 added the column to the tables but not to the view.": what was
                # asked was a problem, and this explains it — not "Got it: all three tests need
                # updating", which only acknowledges)
                self._symptom, self._explained = True, False
        for at, (start, end) in enumerate(spans):
            sentence = text[start:end]
            if len(sentence) > SENTENCE_MAX or sentence.rstrip().endswith("?"):
                continue
            if self._closed_prs and any(ref in self._closed_prs
                                        for ref in PR_REF.findall(sentence)):
                continue  # ("It was tried in #111 and closed — Morag's review explains why":
                # the pull request's own record, kept, says what and why)
            low = sentence.lower()
            cited = [self._cite(block, start, end, "fact")]
            # (before the narration filter: "I've reverted it: …" is a verdict, not a plan)
            if not note and (VERDICT_START.match(sentence) and not _reports_revert(sentence) or (
                    hinted(low, FALSIFIED_HINTS) and FALSIFIED.search(sentence)) or (
                    (self._ran or self._changed) and _judges(sentence))):
                if len(content_words(sentence) - VERDICT_WORDS) >= VERDICT_MIN_WORDS \
                        and self._revert != "found":  # ("Backed out; the tree is clean again.")
                    after = text[spans[at + 1][0]:spans[min(at + 2, len(spans) - 1)][1]] \
                        if at + 1 < len(spans) else ""
                    nxt = text[spans[at + 1][0]:spans[at + 1][1]] if after else ""
                    if not _names_something(sentence) and after \
                            and (_names_something(after) or CODEISH.search(after)) \
                            and not (is_question(nxt) or PROPOSAL.search(nxt)
                                     or NEW_TOPIC.match(nxt) or FIRST_PERSON.match(nxt)
                                     or _PROPOSED.search(nxt)) \
                            and self._ask is not None \
                            and _stems(after) & _stems(self._ask.excerpt):
                        # ("- Tried it, it broke, reverted; the tree is back to where it
                        # started.\n- Took CELERY_TASK_ALWAYS_EAGER back out. In eager mode
                        # …": what was tried, and why it went, is what follows)
                        # (what was tried may end the verdict's own sentence, after a colon:
                        # "… and it didn't work out: had Automatic-Reboot on last spring.")
                        told = sentence.rfind(": ")
                        tried = start + told + 2 if told > 0 and len(content_words(
                            sentence[told + 2:])) >= TRIED_AFTER_COLON else None
                        start, end = spans[at + 1]
                        if at + 2 < len(spans) and spans[at + 2][1] - start < ROOM_BESIDE_ASK:
                            end = spans[at + 2][1]
                        if tried is not None and end - tried <= ROOM_BESIDE_ASK:
                            start = tried
                        sentence = text[start:end]
                        cited = [self._cite(block, start, end, "fact")]
                    self._in_context("falsified", sentence, cited)
                    self._revert = "found"
                continue
            quoting = RULE_QUOTED.match(sentence)
            if quoting is None and (said_back := RULE_ACKNOWLEDGED.match(sentence)) \
                    and (RULE.search(sentence, said_back.end())
                         or ALWAYS.search(sentence, said_back.end())
                         or UNIVERSAL.match(sentence, said_back.end())
                         and not WORK_STATUS.search(sentence) and _names_something(sentence)):
                quoting = said_back  # ("Noted …: every hyperparameter is a field in …")
            if quoting and end - start - quoting.end() >= SENTENCE_MIN:
                start += quoting.end()
                line_start = text.rfind("\n", 0, start) + 1
                line_end = text.find("\n", end)
                line_end = len(text) if line_end < 0 else line_end
                if text[end:line_end].strip() and line_end - start <= FACT_CHARS \
                        and LIST_ITEM.match(text, line_start):
                    end = line_end  # (the whole item it labels: "- **House rule:** We never
                    # restart openresty. it's systemctl reload openresty, always — …")
                self._keep("convention", text[start:end], [self._cite(block, start, end, "fact")])
                continue
            if RULE_INFERRED.match(sentence) and not HEDGED.search(sentence) \
                    and not _PROPOSED.search(sentence) and not WORK_STATUS.search(sentence) \
                    and _names_something(sentence):
                # ("Looks like every file here registers its logger as
                # `LOG_MODULE_REGISTER(<name>, CONFIG_BRINE_LOG_LEVEL)` …")
                self._keep("convention", sentence, cited)
                continue
            if CAUSE_LEAD.match(sentence) and self._probed and not self._explained \
                    and (self._changed or self._ran or self._failed_lately()) \
                    and not _ITS_OWN.search(sentence):
                self._symptom = True  # (an explanation given unasked, of a failure it met)
            if SNAG.search(sentence) and len(content_words(sentence)) <= SNAG_WORDS:
                # "Before I can do that there's a snag." — a problem found on the way, as
                # good as one the user reported: its explanation comes next
                self._symptom, self._explained = True, False
                continue
            if "`" in sentence and FAILS_SAID.search(sentence) \
                    and self._said_failure(block, start, end):
                continue  # (what fails is for the recovery to say)
            if NARRATION.match(sentence) or LOOKED_WHERE.match(sentence) \
                    and not CAUSE.search(sentence) \
                    or (REPRODUCED.search(sentence) and not CAUSE_OF_ITS_OWN.search(sentence)):
                continue
            # (after "Got it." / "There it is.", a sentence saying what is, or naming code, is
            # the cause, however worded — not "Branching off main for the fix.")
            if self._awaiting_explanation and (CAUSE.search(sentence) or (
                    found_cause is not None and start >= found_cause.end()
                    and (states_a_fact(sentence) or _names_code(sentence)))) \
                    and not WHERE_EXPLAINED.search(sentence) and not _OWN_SLIP.match(sentence) \
                    and not OUTPUT_POINTED.match(sentence):
                if HEDGED.search(sentence) or RULED_OUT.match(sentence):
                    continue  # ("… but I can't tell yet whether that's it", "That wasn't it;
                    # …": no explanation)
                self._explanation(block, spans, at)
                continue
            if (marked := NOTE_LEAD.match(sentence)) is not None and self._noted(
                    block, start + marked.end(), end):
                continue
            gotcha = hinted(low, GOTCHA_HINTS) and GOTCHA.search(sentence)
            tokens = salient_tokens(sentence) or names_of_things(sentence)
            if gotcha and not tokens:  # (the way it runs may be a flag or a command: "need a
                tokens = flags_and_commands(sentence)  # build made with --mode e2e")
            # (the first answer needs no verb of its own: "R 4.3.3, as recorded in renv.lock")
            answering = self._question and self._probed and not self._answered \
                and self._kept == self._facts_at_ask and not REMEDY.match(sentence) \
                and not SEARCHED.match(sentence) and not about_code(sentence)
            if answering and not tokens:  # (or a model's code: "It's four RTX A6000s")
                tokens = codes_of_things(sentence)
            if not tokens or (not gotcha and not states_a_fact(sentence) and not answering):
                continue
            if note and not gotcha and _PROPOSED.search(sentence):
                continue  # (a plan's "The public API will get a slowapi Limiter": once done)
            backing = self._backing(tokens)
            if gotcha:
                self._keep("gotcha", sentence, cited + backing)
            elif backing:
                self._keep("environment", sentence, cited + backing)
            elif self._question and self._probed and not self._answered and self._outputs:
                # The answer to the user's question about the setup, after looking: what the
                # assistant found, with what it looked at ("the router mounts the preview at
                # http://localhost:4000/dev/mailbox").
                self._answered = True
                uuid, offset, output = self._outputs[-1]
                line = scrubbing.scrub(answering_line(output, sentence),
                                       context="tool_output").text
                self._in_context("environment", sentence,
                                 cited + [Cited(uuid, snippet(line, 160), "output", self.source,
                                                offset)])
        if lead is not None:
            if self._explanation_kept is not None and self._explanation_kept is not lead:
                self._forget([lead])
            else:  # ("Got it. I'll point the record at the new balancer.": it stands)
                self._explanation_kept, self._explained = lead, True

    def _failed_lately(self) -> bool:
        """Whether a command failed since the user last asked."""
        return any(c.failed and c.ask is self._ask for c in self._commands)

    def _learned_sections(self, block: Block) -> None:
        """The items under a heading of the assistant's message that says they were learned,
        not done (``LEARNED_HEADING``: "**Conventions I followed**", "## Notes for later"): a
        rule, a gotcha or a fact about the setup, by their words, when they name something."""
        text = block.text
        heads = list(LEARNED_HEADING.finditer(text))
        kept = 0
        for head in heads:
            rules = re.search(r"convention|rule", head.group("head"), re.IGNORECASE)
            ends = LEARNED_SECTION_END.search(text, head.end())
            end = ends.start() if ends else len(text)
            starts = [head.end() + m.start() for m in LIST_ITEM.finditer(text[head.end():end])]
            if not starts:
                continue  # (prose, a fence or "None that I know of." under it: no items)
            for a, b in zip(starts, [*starts[1:], end], strict=True):
                bullet = BULLET.match(text[a:b])
                a += bullet.end() if bullet else 0
                item = text[a:b].strip()
                if kept >= LEARNED_ITEMS or len(content_words(item)) < LEARNED_WORDS \
                        or SUMMARY_WORK.search(item) or NARRATION.match(item) \
                        or WORK_STATUS.search(item) or TRANSIENT.search(item) \
                        or FIRST_PERSON.match(item) or _PROPOSED.search(item) \
                        or _ITS_OWN.search(item) \
                        or is_question(item) or not _names_something(item):
                    continue
                low = item.lower()
                kind = "gotcha" if hinted(low, GOTCHA_HINTS) and GOTCHA.search(item) else \
                    "convention" if rules or RULE.search(item) or NORMATIVE.search(item) else \
                    "environment"
                start = text.find(item, a)
                if self._keep(kind, item, [self._cite(block, start, start + len(item),
                                                      "fact")]) is not None:
                    kept += 1

    def _noted(self, block: Block, start: int, end: int) -> bool:
        """A finding the assistant marks for whoever reads it later (``NOTE_LEAD``: "Note:
        `make lint` needs ruff >= 0.4 - the pinned 0.1.9 doesn't know `--output-format`"): kept
        without a tool's output to back it — the mark says it is worth keeping — when it names
        something and is no plan of the assistant's. A gotcha when it says why or what goes
        wrong, else a fact about the setup. Whether it was kept."""
        said = block.text[start:end]
        if len(content_words(said)) < NOTE_WORDS or NARRATION.match(said) \
                or FIRST_PERSON.match(said) or _OWN_SLIP.match(said) or _PROPOSED.search(said) \
                or WORK_STATUS.search(said) or TRANSIENT.search(said) or _ITS_OWN.search(said):
            return False
        tokens = salient_tokens(said) or names_of_things(said) or flags_and_commands(said) \
            or codes_of_things(said)  # (a marked note may name an id: "Prod is account 5192…")
        if not tokens:
            return False
        low = said.lower()
        gotcha = (hinted(low, GOTCHA_HINTS) and GOTCHA.search(said)) or CAUSE.search(said)
        self._keep("gotcha" if gotcha else "environment", said,
                   [self._cite(block, start, end, "fact")] + self._backing(tokens))
        return True

    def _restates_command(self, block: Block) -> bool:
        """The answer to "what was the command that worked?": a command in backticks that ran
        and worked in this session is kept as what to run, with the question. Whether it was."""
        worked = {one_line(c.text): c for c in self._commands if not c.failed}
        for m in BACKTICK.finditer(block.text):
            command = worked.get(one_line(m.group(1)))
            if command is None or only_looks(command.text):
                continue
            self._answered = True
            self._in_context("environment", f"Use `{bare(command.text)}`.",
                             [self._cite(block, m.start(1), m.end(1), "fact"), command.cited])
            return True
        return False

    def _confirmed(self, report: Block) -> bool:
        """The user's own diagnosis in the prompt that reported the problem, which the
        assistant has just confirmed after looking ("… I think I've got it: X ignores NULL by
        default … can you double-check?" — "You're right, that's exactly it."); or, ``found``
        where it starts, what the user says they found ("found the sms time thing. the window
        columns were plain timestamp …": their finding needs no one's confirmation). Whether
        one was kept."""
        text = report.text
        spans = sentences(text)
        diagnosing = False  # only what follows "I think I've got it" is a diagnosis
        for at, (start, end) in enumerate(spans[1:], 1):  # (the first is the symptom)
            sentence = text[start:end]
            lead = DIAGNOSIS_START.search(sentence)
            if lead:
                diagnosing = True
                start += lead.end()
                spans[at] = (start, end)
                sentence = text[start:end]
            if not diagnosing or is_question(sentence) or IMPERATIVE.match(sentence) \
                    or not CAUSE.search(sentence) or end - start < SENTENCE_MIN:
                continue
            self._diagnosis(report, spans, _with_remedy(text, spans, at, ROOM_BESIDE_ASK,
                                                        said_by_user=True))
            return True
        return False

    def _diagnosis(self, said: Block, spans: list[tuple[int, int]],
                   pieces: list[tuple[int, int]]) -> None:
        """Keep the user's diagnosis (``pieces`` of ``said``) as the problem's explanation."""
        text = said.text
        kept = text[pieces[0][0]:pieces[-1][1]]
        # (what was read from these sentences before is part of the diagnosis: "… so the
        # errors never appear" is no rule, "the fix is to define X" no fact of its own)
        self._forget([f for f in self.facts if any(
            c.uuid == said.uuid and c.role == "fact" and c.excerpt in kept for c in f.cited)])
        self._in_context("gotcha", _joined(text, pieces, spans),
                         [self._cite(said, a, b, "fact") for a, b in pieces])

    def _theory_confirmed(self, theory: Block) -> bool:
        """The user's theory (``_theory``), agreed with: the explanation is their message —
        what it blames, why, and what to do ("i moved console.init above clocks.init. the uart
        divisor gets computed from the boot clock then. clocks.init has to be the very first
        thing"; 'Dana says they've seen this before: "it's the 4 MiB default message limit …"')
        — from its first sentence that says something (not the one passing it on: "pinged
        Tomasz, who ran into it last month:"), as much as fits beside the report's ask."""
        text = theory.text
        spans = sentences(text)
        lead = THEORY_LEAD.match(text) or DIAGNOSIS_START.match(text)
        pieces = []
        for start, end in spans:
            if lead and start < lead.end():
                start = lead.end()
                while start < end and not text[start].isalnum():
                    start += 1  # ("seen this before: pgbouncer …")
            said = text[start:end]
            if not pieces and (said.rstrip().endswith(":") and not _names_code(said)
                               or end - start < SENTENCE_MIN):
                continue  # (who passed it on, not what it says)
            if pieces and end - pieces[0][0] > ROOM_BESIDE_ASK:
                break
            pieces.append((start, end))
        told = text[pieces[0][0]:pieces[-1][1]] if pieces else ""
        if not told or not (CAUSE.search(told) or _names_code(told)):
            return False
        self._diagnosis(theory, spans, pieces)
        return True

    @property
    def _awaiting_explanation(self) -> bool:
        """A problem the user reported was looked into and is not explained yet."""
        return self._symptom and self._probed and not self._explained

    def _explanation(self, block: Block, spans: list[tuple[int, int]], at: int) -> None:
        """The first explanation of a problem the user reported, after looking into it, with
        the remedy when the next sentence gives one ("Raise X", "Run it with …")."""
        text = block.text
        start, end = spans[at]
        opening = None
        consequence = at > 0 and CONSEQUENCE.match(text[start:end]) is not None
        # ("Windows' USB selective suspend is on in the bay PC's power plan, … After a quiet
        # night Windows suspends the adapter, …": the message opens with the condition the
        # explanation tells the way of — kept when the remedy leaves room)
        opens = not consequence and at == 1 and spans[0][1] - spans[0][0] <= OPENING_CHARS
        if (consequence or opens) and _states_a_cause(text[spans[at - 1][0]:spans[at - 1][1]]):
            if consequence:
                at, (start, end) = at - 1, spans[at - 1]  # ("It's X: … So …": the cause first)
            else:
                opening = spans[0]
        self._explained = True
        room = ROOM_BESIDE_ASK if self._ask is not None else FACT_CHARS
        label = CAUSE_LABEL.match(text[start:end])
        if label:
            spans[at] = (start + label.end(), end)
        pieces = _with_remedy(text, spans, at, room)
        sentence = _joined(text, pieces, spans)
        if opening is not None and not label \
                and opening[1] - opening[0] + 1 + len(sentence) <= room:
            pieces = [opening, *pieces]
            sentence = _joined(text, pieces, spans)
        cited = [self._cite(block, a, b, "fact") for a, b in pieces]
        self._explanation_kept = self._in_context(
            "gotcha", sentence, cited + self._backing(salient_tokens(sentence)))

    def _summarised(self, block: Block) -> None:
        """What Claude Code's compaction summary says the session learned: each item of its
        "Key Technical Concepts" (a rule, a gotcha or a fact about the setup, by its words),
        of its "Errors and fixes" (a gotcha) and each sentence of its "Problem Solving" (by
        its words, ``_summary_kind``), when it says enough (``SUMMARY_WORDS``); in the other
        sections (the files, the request, the work) only an item that reads as an approach
        abandoned or a gotcha."""
        text = block.text
        heads = list(SUMMARY_SECTION.finditer(text))
        kept = 0
        for at, head in enumerate(heads):
            section = head.group(1).strip().lower()
            learned = SUMMARY_LEARNED.get(section)
            end = heads[at + 1].start() if at + 1 < len(heads) else len(text)
            if learned == "sentences":
                items = [(head.end() + a, head.end() + b)
                         for a, b in sentences(text[head.end():end])]
            else:
                starts = [head.end() + m.start() for m in
                          re.finditer(r"(?m)^[ \t]*[-*•][ \t]+", text[head.end():end])]
                items = list(zip(starts, [*starts[1:], end], strict=True)) if starts else []
            for a, b in items:
                item = text[a:b].strip()
                bullet = BULLET.match(item)
                item = item[bullet.end():] if bullet else item
                if len(content_words(item)) < SUMMARY_WORDS or kept >= SUMMARY_ITEMS:
                    continue
                kind = _summary_kind(item, learned)
                if kind is None:
                    continue
                start = text.find(item, a)
                if self._keep(kind, item, [self._cite(block, start, start + len(item),
                                                      "fact")]) is not None:
                    kept += 1

    def _committed(self, block: Block) -> None:
        """A commit message or pull request description the assistant wrote: the why of the
        change, said for whoever comes next. Its first paragraph that says why, after the
        subject ("Rename walk fields to the field_fw_ prefix: Every field the trust defines is
        prefixed field_fw_ …"); a revert's, as what was tried ('Reverted "Push board updates
        over SignalR": …'); and the commands a "how to test" section gives."""
        text = block.text
        subject, _, body = text.partition("\n")
        subject = subject.strip()
        reverted = REVERT_SUBJECT.match(subject)
        if not reverted and ROUTINE_SUBJECT.match(subject):
            return  # (a WIP, fixup, merge or dependency bump: no why to keep)
        heading, explained = "", False
        for paragraph in re.split(r"\n\s*\n", body):
            title = MESSAGE_HEADING.match(paragraph)
            if title:  # (its content may follow on the next line: "## Test plan\n- [ ] …")
                heading, paragraph = title.group(1), paragraph[title.end():]
            start = text.find(paragraph.strip()) if paragraph.strip() else -1
            if start < 0:
                continue
            end = start + len(paragraph.strip())
            said = text[start:end]
            cited = [self._cite(block, start, end, "fact")]
            if TEST_SECTION.match(heading):
                commands = [BULLET.sub("", line).strip() for line in said.splitlines()
                            if BACKTICK.search(line)]
                if commands:
                    lead = f"To test ({subject.rstrip('.')}): " if subject else "To test: "
                    self._keep("environment", said, cited, text=lead + snippet(
                        one_line("; ".join(commands)), FACT_CHARS - len(lead)))
                continue
            if explained or BULLET.match(said):
                continue  # (a list says what changed, item by item: "- Remove unused imports")
            if not reverted and not any(
                    WHY_SAID.search(s) or RULE.search(s) or _MODAL.search(s) or GOTCHA.search(s)
                    or QUANTIFIED.match(s) for s in (said[a:b] for a, b in sentences(said))):
                continue  # (a revert's message is its why, in whatever words)
            explained = True
            if reverted:
                kind, lead = "falsified", f'Reverted "{reverted.group(1)}": '
            else:
                kind = "gotcha" if GOTCHA.search(said) else "convention" if (
                    RULE.search(said) or NORMATIVE.search(said)) else "environment"
                lead = f"{subject.rstrip('.:')}: " if subject and not MESSAGE_HEADING.match(
                    subject) else ""
            # (a paragraph too long for one fact is kept as up to MESSAGE_PARTS, each its own
            # run of whole sentences after the lead: the why is often in the second half)
            room = FACT_CHARS - len(lead)
            parts: list[tuple[int, int]] = []
            for a, b in sentences(said):
                if parts and b - parts[-1][0] <= room:
                    parts[-1] = (parts[-1][0], b)
                else:
                    parts.append((a, b))
            for a, b in parts[:MESSAGE_PARTS]:
                self._keep(kind, said[a:b], [self._cite(block, start + a, start + b, "fact")],
                           text=lead + snippet(one_line(said[a:b]), room))

    def _commented(self, block: Block) -> None:
        """A comment the assistant wrote into code: while a reported problem waits for its
        explanation, the comment may be it ("Found it. The why goes in a comment at the fix");
        otherwise each one meant for the next reader (``_noted_in_code``)."""
        if self._awaiting_explanation:
            reported = self._reported.text if self._reported is not None else ""
            # (a comment about something else: the problem is not what it explains)
            if _topic_words(block.text) & _topic_words(reported):
                spans = sentences(block.text)
                for at, (start, end) in enumerate(spans):
                    sentence = block.text[start:end]
                    if len(sentence) <= SENTENCE_MAX and not NARRATION.match(sentence) \
                            and CAUSE.search(sentence):
                        self._explanation(block, spans, at)
                        return
        start = 0
        for paragraph in block.text.split("\n\n"):
            self._noted_in_code(block, start, paragraph)
            start += len(paragraph) + 2

    def _noted_in_code(self, block: Block, start: int, comment: str) -> None:
        """A comment marked for the next reader (``COMMENT_MARK``: a warning is a gotcha, a note
        a rule or a fact by its words), one that says what was undone, or tried and why it went
        (falsified), or one worded as a gotcha. Not one that will not last, nor a comment that
        explains the code it sits on."""
        mark = COMMENT_MARK.match(comment)
        said = comment[mark.end():] if mark else comment
        marked = (mark.group(1) or mark.group(2) or "").lower() if mark else ""
        if TRANSIENT.search(said) or COMMENT_TEMPORARY.search(said):
            return  # ("NOTE: this is a temporary hack until we migrate …": not for long)
        if COMMENT_UNDONE.search(said) or TRIAL.search(said) and _gives_reason(said):
            kind = "falsified"
        elif marked in COMMENT_WARNS or GOTCHA.search(said):
            kind = "gotcha"
        elif marked and (RULE.search(said) or NORMATIVE.search(said) or ON_PURPOSE.search(said)):
            kind = "convention"
        elif marked and (salient_tokens(said) or codes_of_things(said)):
            kind = "environment"  # (a note naming a thing of the setup, not the code below)
        else:
            # (a comment that explains the code it sits on — "must be a constructor calling
            # X()" — says what the code says again)
            return
        at = start + (mark.end() if mark else 0)
        self._keep(kind, said, [self._cite(block, at, start + len(comment), "fact")])

    @staticmethod
    def _judges_attempt(text: str, spans: list[tuple[int, int]]) -> bool:
        """Whether a message judges what was tried: a sentence giving a cause or a verdict
        (``CAUSE``, ``JUDGED``) that is not narration and names enough beyond the verdict."""
        return any((CAUSE.search(text[a:b]) or JUDGED.search(text[a:b]))
                   and not NARRATION.match(text[a:b]) and not _reports_revert(text[a:b])
                   and len(content_words(text[a:b]) - VERDICT_WORDS) >= VERDICT_MIN_WORDS
                   for a, b in spans)

    def settle(self) -> None:
        """End a revert no explanation followed, after the assistant had already judged the
        attempt ("Verdict for when you're back: … say the word and I'll revert it." —
        "revert" — "Reverted."): that judgement is the finding. Called at each new prompt and
        once the session has been read."""
        if self._fallback is not None and self._revert == "reverting":
            judged, self._fallback = self._fallback, None
            # (read before as a fact of another kind — its numbers made it "environment")
            earlier = [f for f in self.facts if any(c.uuid == judged.uuid for c in f.cited)]
            self._forget(earlier)
            if not self._why_reverted(judged, sentences(judged.text)):
                for fact in earlier:
                    self._keep(fact.kind, "", fact.cited, text=fact.text, subject=fact.subject)

    def _why_reverted(self, block: Block, spans: list[tuple[int, int]]) -> bool:
        """After a revert: the assistant's first explanation (with the sentence after it when
        both fit) is the falsified finding ("Took Octane out again: the app is booted once per
        worker, …")."""
        text = block.text
        room = ROOM_BESIDE_ASK
        verdict = None  # a short verdict before it names what went: "Unity builds are off again."
        for at, (start, end) in enumerate(spans):
            sentence = text[start:end]
            if len(sentence) > SENTENCE_MAX or sentence.rstrip().endswith("?") \
                    or NARRATION.match(sentence):
                continue
            if _reports_revert(sentence) and len(
                    content_words(sentence) - VERDICT_WORDS) >= VERDICT_MIN_WORDS:
                continue
            if len(content_words(sentence) - VERDICT_WORDS) < VERDICT_MIN_WORDS \
                    or _ACKNOWLEDGED.match(sentence):  # ("Understood, something else then.")
                if verdict is None and at == 0 and not SEARCHED.match(sentence) \
                        and not _ACKNOWLEDGED.match(sentence):
                    # ("Found the revert, with the numbers in it." names nothing tried)
                    verdict = start
                continue
            if verdict is not None and end - verdict < room:
                start = verdict  # (the verdict first: it names what was tried)
            # ("Verdict for when you're back: …"; matched on the slice: the pattern's ^ never
            # matches at a position past the text's start)
            label = CAUSE_LABEL.match(text[start:end])
            if label and end - start - label.end() >= SENTENCE_MIN:
                start += label.end()
            if at + 1 < len(spans) and spans[at + 1][1] - start < room:
                end = spans[at + 1][1]
            self._revert = "found"
            self._in_context("falsified", text[start:end],
                             [self._cite(block, start, end, "fact")])
            return True
        return False

    def _backing(self, tokens: set[str]) -> list[Cited]:
        """The newest tool output line that shows one of ``tokens`` (scrubbed; [] if none,
        or if scrubbing took the token away)."""
        for token in sorted(tokens):
            value = token.split(":", 1)[1]
            for uuid, offset, output in reversed(self._outputs):
                at = output.find(value)
                if at < 0:
                    continue
                start = output.rfind("\n", 0, at) + 1
                end = output.find("\n", at)
                line = output[start:end if end >= 0 else len(output)].strip()
                if len(line) > SENTENCE_MAX:
                    continue
                line = scrubbing.scrub(line, context="tool_output").text
                if value in line:
                    return [Cited(uuid, line, "output", self.source, offset)]
        return []

    def _keep(self, kind: str, sentence: str, cited: list[Cited], *,
              text: str | None = None, subject: str | None = None) -> Fact | None:
        text = text or snippet(one_line(sentence), FACT_CHARS)
        text = LABEL.sub("", text)  # ("**Why, and the fix:** By default …")
        if re.match(r"[a-z]+(?:'[a-z]+)?\b(?![._:(/])", text):  # not "observeEvent", "data.table"
            text = text[:1].upper() + text[1:]  # a rule quoted from mid-sentence reads as one
        if len(text) < SENTENCE_MIN or scrubbing.MARK_PREFIX in sentence and any(
                rule != scrubbing.URI_CREDENTIALS for rule in scrubbing.marked_rules(sentence)):
            # a sentence that carried a secret is an instruction, not a fact to keep — but a
            # connection string's password, redacted, leaves where the database is
            # ("DATABASE_URL=postgres://bothy:[REDACTED:uri-credentials]@localhost:55432/…")
            return None
        # (the prompt it was learned under is no part of what it says: "[asked: members are
        # complaining the pdf says 9:00 …]" makes no explanation the report's own sentence)
        key = signature(without_ask(text))
        if any(same_fact(key, k) for k in self._keys):
            return None
        if kind != "falsified" and ASKED_OPEN not in text and _PRONOUN_LEAD.match(text) \
                and self._ask is not None and one_line(self._ask.excerpt) not in one_line(sentence) \
                and len(text) <= ROOM_BESIDE_ASK:
            # (what "it" is was said in the prompt: "It runs on ot-collect01 …" answers "where
            # does the collector actually run"; a later question names the collector, not "it")
            text = with_ask(text, snippet(_asked_words(self._ask.excerpt),
                                          FACT_CHARS - len(text) - ASKED_ROOM))
            cited = cited + [self._ask]
        # Full: the oldest fact of the kind (or of all) makes room: a later statement is as
        # often the correction of an earlier one; what made room is counted (the receipt).
        same_kind = [f for f in self.facts if f.kind == kind]
        if len(same_kind) >= MAX_PER_KIND or len(self.facts) >= MAX_FACTS:
            self._forget([same_kind[0] if len(same_kind) >= MAX_PER_KIND else self.facts[0]])
            self.overflow += 1
        self._keys.add(key)
        polarity = "factual"
        if kind in ("convention", "preference"):
            polarity = "avoid" if AVOID.search(sentence) and not re.search(
                r"\balways\b|\binstead\b|\bprefer\b", sentence, re.IGNORECASE) else "prefer"
        if subject is None:
            tokens = sorted(key[0])
            subject = f"{kind}:{' '.join(tokens)}" if tokens and kind != "falsified" else ""
        fact = Fact(kind, text, cited, subject=subject, polarity=polarity, seq=self._kept)
        self.facts.append(fact)
        self._kept += 1
        return fact

    def _turned_down_rule(self, said: Block, start: int) -> None:
        """The words typed when turning a tool call down (``said.text`` from ``start``), when
        no rule was found in them: their first sentence that names code and is neither a
        question, a doubt nor for now is how things are done here ("nope. everything goes
        through `tidyall -a` before you commit")."""
        text = said.text
        before = None  # (the sentence before, when it forbids: "no string literals the player
        # sees. Tr("KEY") and add the key to i18n/textos.csv …" — what not to do, then how)
        for a, b in sentences(text[start:]):
            a, b = a + start, b + start
            sentence = text[a:b]
            if is_question(sentence) or TRANSIENT.search(sentence) or HEDGED.search(sentence) \
                    or ABOUT_THIS_CALL.search(sentence):
                before = None
                continue
            if b - a <= SENTENCE_MAX and len(content_words(sentence)) >= TURNED_DOWN_RULE_WORDS \
                    and ("`" in sentence or _names_code(sentence)):
                if before is not None and b - before <= SENTENCE_MAX:
                    a = before
                self._keep("convention", text[a:b], [self._cite(said, a, b, "fact")])
                return
            before = a if (FORBIDS.match(sentence) or AVOID.search(sentence)) \
                and len(content_words(sentence)) >= 2 else None

    def _users_words(self, block: Block) -> bool:
        """What the user typed that comes back as a tool's result — the feedback given when
        turning a call down at the permission prompt ("no. every DAO method is a suspend
        fun …"), an answer typed into AskUserQuestion's "Other" box — read as their words in
        a prompt. Whether the result was a turned-down call."""
        text = block.text or ""
        if block.is_error and text.startswith(REJECTED_PREFIX):
            # (its opening refusal — "nope -", "no." — goes with the asides of every sentence)
            m = REJECTED_FEEDBACK.match(text)
            if m and m.group(1).strip():
                # (a refusal of the plan is no part of the rule after it: "can't approve this -
                # money is always integer pence - …")
                refused = PLAN_REFUSAL_LEAD.match(m.group(1))
                kept = self._kept
                said_from = m.start(1) + (refused.end() if refused else 0)
                said = Block("text", text.rstrip(), uuid=block.uuid, offset=block.offset)
                self._user_text(said, start=said_from)
                if self._kept == kept:
                    self._turned_down_rule(said, said_from)
                planned, self._planned = self._planned, None
                if planned is not None and planned.tool_id == block.tool_id:
                    self._plan_refused(planned, block, m.start(1))
            return True
        if not block.is_error and (m := ANSWERED_QUESTION.match(text)):
            # (a label picked from the options is a choice, not an answer in the user's words)
            labels = {line.partition(": ")[0].strip() for line in self._offered.text.splitlines()} \
                if self._offered is not None else set()
            for pair in ANSWER_PAIR.finditer(m.group(1)):
                said = pair.group(2)
                at = m.start(1)  # (the pairs' positions are in the answers' part)
                if len(content_words(said)) >= 4:  # (a picked label is no statement)
                    self._user_text(Block("text", text[:at + pair.end(2)], uuid=block.uuid,
                                          offset=block.offset), start=at + pair.start(2))
                    self._option_turned_down(block, at + pair.start(2), at + pair.end(2))
                question = pair.group(1)
                picked = all(x.strip() in labels for x in said.split(","))
                if CONVENTION_ASKED.search(question) and not picked and self._rule_answer(said):
                    # ("Is there a project convention I should follow for this?"="No
                    # expect/actual classes for platform services — an interface in …")
                    self._setup_answer(block, at + pair.start(2), at + pair.end(2), question,
                                       self._ask, kind="convention")
                elif (SETUP_ASKED.match(question) or HOW_DONE_ASKED.search(question)) \
                        and not picked:
                    # (an answer typed into the "Other" box to a question about the setup —
                    # "How do you run the test suites here?"="dotnet run -- RunTests from root")
                    self._setup_answer(block, at + pair.start(2), at + pair.end(2), question,
                                       self._ask)
        return False

    def _option_turned_down(self, answer: Block, start: int, end: int) -> None:
        """An option the assistant offered (AskUserQuestion) that the answer turns down with a
        reason: by name ("not on-device model - the 2.1 beta had a model on-device, reporters'
        chromebooks crawled …"), or by picking another and saying this one was tried ("split
        the fastqs. concordance … dropped to 96% when we tried minimap2, …"). The option as
        offered, and the answer, are a falsified finding."""
        offered, self._offered = self._offered, None
        said = answer.text[start:end]
        if offered is None or len(content_words(said)) < 4:
            return
        low = said.lower()
        for line in offered.text.splitlines():
            label = line.partition(": ")[0].strip()
            if len(label) < 3:
                continue
            named = re.search(rf"\b(?:not|no|nope|never|without)\W+(?:the\W+)?"
                              rf"{re.escape(label.lower())}", low)
            names = [w for w in re.findall(r"[\w.+#-]{4,}", label) if w.lower() in low]
            tried = TRIED_BEFORE.search(said) or TRIAL.search(said)
            if not named and not (names and tried and not low.startswith(label.lower())
                                  and not NOT_TRIED.search(said)):
                continue
            self._falsified_offer(offered, offered.text.find(line), line, answer, start, end)
            return

    def _pasted_failure(self, block: Block) -> None:
        """A command the user ran and whose failing output they pasted ("I tried `X` myself
        and got this: …"): a failure the assistant's next commands may recover from."""
        text = block.text
        if "\n" not in text:
            return
        # (not a name in backticks inside the pasted output: "Cannot find the `native-image`")
        fenced = [m.span() for m in FENCED.finditer(text)
                  if "\n" in m.group(0)] if "```" in text else []
        quoted = [m for m in QUOTED_COMMAND.finditer(text)
                  if not any(a <= m.start() < b for a, b in fenced)]
        # ... or copied from the terminal with its prompt ("```\n$ ssh gw-2 'sudo openresty -t
        # -c conf/nginx.conf'\nnginx: [emerg] open() … failed\n```"): the last such line
        prompted = [m for m in SHELL_PROMPT_LINE.finditer(text)
                    if any(a <= m.start() < b for a, b in fenced)]
        # ... or with the terminal's whole prompt, fenced or not
        prompted = sorted(prompted + list(SHELL_PS1_LINE.finditer(text)), key=lambda m: m.start())
        if prompted and (not quoted or prompted[-1].start() > quoted[-1].start()):
            quoted = prompted
        if not quoted:
            return
        command = quoted[-1].group(1)
        pasted = text[quoted[-1].end():]
        # it failed, as its output says, or as the user says before pasting it ("fix up the
        # tests — doesn't work: ```$ dune test …```", where the output is a snapshot's diff)
        if not (ERRORISH.search(pasted) or ENV_ERROR.search(pasted)
                or fenced and SYMPTOM.search(text[:fenced[0][0]])):
            return
        error, error_cited = failure_line(block, self.source, pasted)
        if error_cited is None or program(command) in HOUSEKEEPING or only_looks(command):
            return  # (what a look shows may be errors: "$ ssh gw-1 'tail error.log'")
        self._commands.append(Command(
            one_line(command), Cited(block.uuid, command, "command", self.source, block.offset),
            True, error, error_cited, ask=self._ask, facts_before=self._kept))
        del self._commands[:-16]

    def _said_failure(self, block: Block, start: int, end: int) -> bool:
        """A command the assistant says fails ("the hook runs `uv run pytest -x -q`, which fails
        here no matter what"): a failure the next commands may recover from, as if it had run."""
        text = block.text
        for m in BACKTICK.finditer(text, start, end):
            command = m.group(1)
            if " " not in command or program(command) in HOUSEKEEPING:
                continue
            # (no error line: the sentence that says so is cited instead)
            self._commands.append(Command(
                one_line(command), self._cite(block, m.start(1), m.end(1), "command"), True,
                "", self._cite(block, start, end, "failure"), ask=self._ask,
                facts_before=self._kept))
            del self._commands[:-16]
            return True
        return False

    def _forget(self, facts: list[Fact]) -> None:
        for fact in facts:
            self.facts.remove(fact)
            self._keys.discard(signature(without_ask(fact.text)))
            for cited in fact.cited:  # (read, not kept: no remark either, ``_remarked``)
                self._let_go.setdefault(cited.uuid, []).append(cited.excerpt)

    # ------------------------------------------------------------ tools
    def _closed_pr(self, block: Block, number: str) -> None:
        """A pull request closed unmerged after a review asked for changes (``gh pr view N
        --comments``): an approach tried and turned down, with the reviewer's reason."""
        record = closed_pr(block.text, number)
        if record is None or number in self._closed_prs:
            return
        title, (start, end) = record
        # (successful output is never scrubbed whole: the lines a fact keeps are, as a backing
        # line is; a review that carried a secret keeps none of it)
        review = scrubbing.scrub(block.text[start:end], context="tool_output").text
        said = scrubbing.scrub(title, context="tool_output").text
        kept = self._keep("falsified", review,
                          [Cited(block.uuid, review, "output", self.source, block.offset)],
                          text=snippet(f"{said} (#{number}) was closed unmerged: "
                                       f"{one_line(review)}", FACT_CHARS))
        if kept is not None:
            self._closed_prs.add(number)

    def _result(self, block: Block) -> None:
        opened = self._pending.pop(block.tool_id or "", None)
        if opened is None:
            return
        cited, tool, whole = opened
        # (a command naming a key file has what it printed withheld, but that it ran and worked
        # is no secret: "uals … --security …,certs/collector.key.pem …" recovers the call that
        # lacked the certificate)
        if block.withheld and (block.is_error or tool not in SHELL_TOOLS):
            return
        if self._users_words(block):
            return  # (a call turned down at the permission prompt ran nothing: no failure)
        if block.text and not block.withheld:
            # (an error, "REDIS_URL is not set", backs a fact as well as a success)
            self._outputs.append((block.uuid, block.offset, block.text))
        if tool in AGENT_TOOLS and not block.is_error and block.text:
            # a subagent's report is the assistant's own finding, said by another instance of
            # it ("Found it: Bitmap.compress drops the EXIF Orientation tag, so …")
            report = _EVIDENCE.split(_SUBAGENT_TRAILER.split(block.text, 1)[0], 1)[0]
            while (m := FOUND_IT.match(report) or _REPORT_OPENING.match(report)
                   or _FINDING_LEAD.match(report)) is not None and m.end():
                report = report[m.end():]  # ("Perfect! I now have all the information I need.")
            self._assistant_text(Block("note", report, uuid=block.uuid, offset=block.offset),
                                 note=True)
        if tool in FILE_TOOLS and not block.is_error:
            self._changed = True
            for command in self._commands:
                command.edited_after = True  # what works next may be the code's fix
        if tool not in SHELL_TOOLS or not cited.excerpt:
            return
        command = whole
        if not block.is_error and (viewed := PR_VIEW.match(command)) is not None:
            self._closed_pr(block, viewed.group(1))
        if block.is_error or (did_nothing_hint(block.text) and DID_NOTHING.search(block.text)):
            error, error_cited = failure_line(block, self.source)
            # (a command the user ran in bash mode is the start of what they ask next)
            ask = None if (block.tool_id or "").startswith(BASH_MODE) else self._ask
            self._commands.append(Command(command, cited, True, error, error_cited,
                                           ask=ask, facts_before=self._kept,
                                           did_nothing=bool(DID_NOTHING.search(block.text))))
            del self._commands[:-16]
            return
        if not only_looks(command):
            self._ran = True
        same = one_line(command)
        good_words = command_words(command)
        # Newest first — but a failed command this one contains goes first whenever it ran
        # ("dune build" fails, then "opam install" fails, then "eval $(opam env) && dune
        # build" works: it recovers the build, not the install)
        recent = [c for c in self._commands if c.failed][-RECENT_FAILURES:][::-1]
        recent.sort(key=lambda c: not command_words(c.text) <= good_words)
        for failed in recent:
            if one_line(failed.text) == same:
                failed.recovered = True  # it works now (the code was fixed): nothing to learn
            if failed.recovered or not recovers(
                    failed, command, project=self._project, newest=failed is self._commands[-1],
                    by_user=(block.tool_id or "").startswith(BASH_MODE)):
                continue
            failed.recovered = True
            said = [f for f in self.facts if same in one_line(f.text)]
            if any(f.seq < failed.facts_before or f.kind != "convention" for f in said):
                break  # already said ("we always run the tests with `make check`")
            # The user's hint after the failure ("ah, in this repo it's `X`") says less than
            # the recovery (what failed, why, what was asked): the recovery replaces it —
            # unless it also says what the command does ("it's npm run build:blocks, that
            # passes --webpack-src-dir=blocks so every block.json … gets built").
            self._forget([f for f in said if len(content_words(f.text) - command_words(command))
                          < HINT_SAYS_MORE])
            self._recovery_fact(failed, command, cited, ran=script_run(command, block, self.source))
            break
        else:
            self._refined(command, cited)
            self._given_worked(command, cited)
        self._commands.append(Command(command, cited, False))
        del self._commands[:-16]

    def _given_in(self, block: Block, start: int, end: int, *,
                  doc: bool) -> list[tuple[int, int]]:
        """The commands a fence the user pasted gives (``given_commands``: a fence of one to
        three command lines — "ok got it: ```./gradlew runGametest```" — or a doc's indented
        or "$ " lines), remembered until the next prompt: one that then works is how it is
        done here (``_given_worked``). Their spans."""
        spans = given_commands(block.text, start, end, doc=doc)
        for a, b in spans:
            self._given[one_line(block.text[a:b])] = (self._cite(block, a, b, "fact"), None)
        return spans

    def _given_worked(self, command: str, cited: Cited) -> None:
        """A command the user gave (in a fence, or inline answering how a thing is done), run
        as given (or with more arguments) and working: "Use `X` here [asked: …]", cited by
        where it was given and the run. (After a failure the recovery says it, with what
        failed.)"""
        ran = one_line(command)
        for given, (given_cited, asked) in self._given.items():
            if ran == given or ran.startswith(given + " "):
                del self._given[given]
                text = f"Use `{given}` here."
                ask = asked or self._ask
                cites = [given_cited, cited]
                if ask is not None and one_line(ask.excerpt) not in given:
                    text = with_ask(snippet(text, FACT_CHARS - ASK_CHARS - ASKED_ROOM),
                                    _asked_words(ask.excerpt))
                    cites.append(ask)
                self._keep("convention", "", cites, text=text,
                           subject="convention:" + " ".join(given.split()[:3]))
                return

    def _recovery_fact(self, failed: Command, command: str, cited: Cited,
                       ran: tuple[str, Cited] | None = None) -> None:
        """"Use `B` here (`A` fails: <error>) [asked: …]", cited by both; with ``ran`` (what a
        package script runs, from its output), "Use `B` (runs `C`) here …"."""
        why = f": {one_line(failed.error)}" if failed.error else ""
        runs = f" (runs `{ran[0]}`)" if ran is not None else ""
        text = (f"Use `{as_said(command, recovering=failed.text)}`{runs} here "
                f"(`{as_said(failed.text)}` fails{why})")
        cites = [cited] + ([failed.error_cited] if failed.error_cited else [failed.cited]) \
            + ([ran[1]] if ran is not None else [])
        ask = failed.ask or self._ask  # the situation it failed in, not the hint
        if ask is not None:
            text = with_ask(snippet(text, FACT_CHARS - ASK_CHARS - ASKED_ROOM),
                            _asked_words(ask.excerpt))
            cites.append(ask)
        # (no sentence: a command with a redacted secret is still worth knowing)
        fact = self._keep("recovery", "", cites, text=text,
                          subject="recovery:" + " ".join(command.split()[:3]))
        if fact is not None:
            self._recovery = (fact, failed, command)

    def _refined(self, command: str, cited: Cited) -> None:
        """The same command with more options, working right after a recovery (no word from
        the user between): the first success only ran; this one is what the job needed
        ("--fuzz-seed" fails, "elm-test FILE" passes, "elm-test --seed N --fuzz 1000 FILE"
        reproduces). It replaces the recovery."""
        if self._recovery is None:
            return
        fact, failed, worked = self._recovery
        before, now = command_words(worked), command_words(command)
        added = set(command.split()) - set(worked.split())
        if fact in self.facts and before and before < now \
                and any(w.startswith("-") for w in added):
            self._forget([fact])
            self._recovery = None
            self._recovery_fact(failed, command, cited)


# A package script run (npm, pnpm, yarn, bun) and the line its output starts with to say
# what the script runs ("> lanternleaf@0.0.0 lint:types /home/dev/src/lanternleaf\n> glint").
_SCRIPT_RUN = rx(r"^\s*(?:npm|pnpm|yarn|bun)\s+(?:run(?:-script)?\s+)?([\w:.-]+)\s*$")
_SCRIPT_BANNER = rx(r"^> \S+@\S* (\S+)(?: \S+)?\n> ([^\n]{1,120})$", re.MULTILINE)


def script_run(command: str, block: Block, source: str) -> tuple[str, Cited] | None:
    """What a package script ``command`` ran, as its output's banner says (scrubbed), and the
    citation of that line; None for another command or an output without the banner."""
    script = _SCRIPT_RUN.match(command)
    if script is None or "> " not in block.text:
        return None
    for banner in _SCRIPT_BANNER.finditer(block.text, 0, 2000):
        if banner.group(1) == script.group(1):
            line = scrubbing.scrub(banner.group(0).splitlines()[1],
                                   context="tool_output").text
            return line[2:].strip(), Cited(block.uuid, line, "output", source, block.offset)
    return None


# The assistant announcing a plan, a list of next steps or a summary of its changes ("Here's the
# plan:", "Next steps:", "## Summary of changes", "I've made the following changes:", as a line of
# its own or before a colon): what follows is work to do or done, no finding,
# whatever code it names (the session record says what changed). (Its lead stays on its line:
# run across lines, it made every line's start scan the rest of a block of blank lines, rules
# or box drawing — seconds for one message.)
_PLAN_HEADING = rx(r"^(?:[^\w\n]|\d)*(?:(?:so |ok(?:ay)?,? )?here'?s |here is )?"
                   r"(?:the |my |a |our )?(?:(?:rough |proposed )?plan|next steps?|"
                   r"(?:summary of |list of )?(?:the )?changes(?: (?:made|so far))?|to-?do"
                   r"(?: list)?|what (?:i|we)(?:'ll| will)? (?:changed?|do|did)|"
                   r"(?:i'?ve |i have |we'?ve )?(?:made|applied) (?:the following|these|a few|"
                   # (a colon after it, or the line's end within two more words: not "- Plan
                   # files are in `plans/`", a statement that starts with the word)
                   r"some) changes)\b(?:[^.:\n]{0,40}:|(?:[ \t]+[^\s.:]+){0,2}[ \t]*\**[ \t]*$)",
                   re.IGNORECASE | re.MULTILINE)

# The assistant offering more work ("If you want, I can also add a retry around it.", "I can
# wire it into the CI job too."): no finding, whatever code it names.
_OFFERS_MORE = rx(r"\b(?:if you (?:want|like|'d like|prefer)|want me to|i can (?:also )?(?:add|"
                  r"make|write|set up|change|wire|turn|switch|open|draft|run))\b", re.IGNORECASE)


# A fact whose subject is a pronoun ("It's tb-replica-2 on port 3307", "It runs on …"): what it
# is was said before, in the prompt it answers.
_PRONOUN_LEAD = rx(r"(?:It|They|That|This|These|Those)(?:'s| is| are| was| runs?| uses?| has| "
                   r"have)\b")


def _offers(sentence: str) -> bool:
    """Whether an assistant's sentence proposes rather than finds: an option, a plan ("X will
    get …"), more work offered — no part of a remark."""
    return bool(PROPOSAL.search(sentence) or _PROPOSED.search(sentence)
                or _OFFERS_MORE.search(sentence))


def _no_remark(sentence: str) -> bool:
    """Whether a user's sentence is no part of a remark however long: a question, an order, a
    report of a problem (its explanation is the fact; "nope, still happening" sends a fix
    back), output pasted without fences (a failure, a table, a log), a question told of
    ("Noordhaven support asks which IPs we call them from")."""
    return is_question(sentence) or bool(
        IMPERATIVE.match(sentence) or SYMPTOM.search(sentence) or FIX_REJECTED.match(sentence)
        or ASKED_OF.search(sentence)
        or FAILED_PASTE.search(sentence) or PASTED_LINE.search(sentence))


def _guesses(sentence: str) -> bool:
    """Whether a user's sentence guesses ("i bet its the watchdog", "not sure, but …", "that's
    the idle timeout, isn't it"): their message is no remark."""
    return bool(HEDGED.search(sentence) or THEORY_LEAD.match(sentence)
                or TAG_THEORY.search(sentence))


def _stems(text: str) -> set[str]:
    """``text``'s content words, stemmed ("tasks" and "task" are one)."""
    return {stem(w) for w in content_words(text)}


def _names_something(text: str) -> bool:
    """Whether a finding names a thing of the project — a path, port, version or setting, a
    name, an identifier in its own case, or anything in backticks — rather than saying how the
    work went."""
    return bool(salient_tokens(text) or names_of_things(text) or codes_of_things(text)
                or BACKTICK.search(text))


def _block_after(text: str, end: int) -> int:
    """Where the block that a line ending at ``end`` announces ends: the next paragraph (its
    list or quote), or -1 when the line does not end there."""
    rest = text[end:]
    if rest.strip() and not rest.lstrip(" \t").startswith("\n"):
        return -1
    first = len(rest) - len(rest.lstrip())
    gap = re.search(r"\n[ \t>]*\n", rest[first:])
    return end + first + (gap.start() if gap else len(rest) - first)


def _summary_kind(item: str, learned: str | None) -> str | None:
    """The kind of a compaction summary's item, by its section (``learned``: ``SUMMARY_LEARNED``)
    and its words: an approach tried and abandoned, a gotcha, a rule; in the concepts, a fact
    about the setup when it names something. Elsewhere (the files, the work) only an approach
    abandoned or a gotcha: "… which must never be skipped" there describes the code."""
    if SUMMARY_WORK.search(item):
        return None  # (the user's feedback, what the assistant did, what is still open)
    if SUMMARY_TRIED.search(item):
        return "falsified"
    if learned == "gotcha" or GOTCHA.search(item):
        return "gotcha"
    if learned is not None and (RULE.search(item) or NORMATIVE.search(item)):
        return "convention"
    if learned == "" and (salient_tokens(item) or names_of_things(item)
                          or BACKTICK.search(item)):
        return "environment"  # (not a concept with nothing of the setup in it: "Elmish board")
    return None


def _pastes_failure(text: str) -> bool:
    """Whether a prompt pastes output that failed, in a fence ("its the streaming thing again i
    think … ```…attempt to index nil with 'Position' … Stack End``` fix pls"): a problem
    reported, whatever the words around it say."""
    return "```" in text and any("\n" in m.group(0) and FAILED_PASTE.search(m.group(0))
                                 for m in FENCED.finditer(text))


def _topic_words(text: str) -> set[str]:
    """Content words with the parts of identifiers ("nvim_win_get_cursor": cursor, …)."""
    return {part for word in content_words(text) for part in re.split(r"[_.\-]+", word)
            if len(part) > 2}


def _reported_lack(sentence: str, rule: re.Match) -> bool:
    """A report listing what a broken thing no longer does, not a rule of what there is none
    of ("once the menu is open nothing in it reacts - no clicks, no keys, not even Esc")."""
    clause = rule.group(0).lstrip(",:;\"“—–- \t").lower()
    if clause.startswith("no ") and _LATELY.search(sentence):
        return True  # ("no data is shown on the dashboard since yesterday")
    if clause.startswith(("every ", "each ")) and _REPORTED_HOW.search(sentence) \
            and not _MODAL.search(sentence):
        return True  # ("each request takes like 8 seconds on staging"; not "… has to …")
    return rule.start() > 0 and clause.startswith("no ") and bool(SYMPTOM.search(sentence))


# What the assistant proposes to make so, not what is: "X will get / will be / is going to …".
_PROPOSED = rx(r"\b(?:will (?:get|be|have|add|use|run|go|move|become|need|live)|"
                       r"(?:is|are) going to|would (?:get|be|have|add|use))\b", re.IGNORECASE)
_MODAL = rx(r"\b(?:has to|have to|must|should|needs? to|never|always)\b", re.IGNORECASE)
# What says a problem goes on, not why: "found the same thing on staging", "still blank".
_STATUS_UPDATE = rx(r"\bfound the same\b|\bstill\b|\bsame as before\b", re.IGNORECASE)
# What opens another matter than the one before ("Next up: …", "Unrelated: …", "btw …")
NEW_TOPIC = rx(r"\W*(?:next(?: up)?|unrelated|separately|also|btw|by the way|on another "
                       r"note)\b", re.IGNORECASE)
# A new problem, not more about the one open: "different thing: …", "another bug: …".
_NEW_PROBLEM = rx(r"\W*(?:(?:a |one )?(?:different|other|separate|unrelated) (?:thing|issue|"
                          r"problem|bug)|another (?:thing|issue|problem|bug)|also,? there'?s)\b",
                          re.IGNORECASE)
# ... and a pushback on the theory being looked into: "nah …", "no, …", "not that …".
_PUSHBACK = rx(r"\W*(?:nah|nope|no|not (?:that|this|it)|that'?s not|it'?s not|but)\b",
                       re.IGNORECASE)
# The assistant's own part in a failure, anywhere in what it says ("Turns out I forgot to import
# csv", "my typo"): its slip explains nothing about the project.
_ITS_OWN = rx(r"\b(?:I|I'd|I'?ve|my)\b")
# The assistant explaining its own slip ("My edit went into the logged-in branch, so …"): no
# gotcha of the project's.
_OWN_SLIP = rx(r"\W*(?:my (?:edit|change|fix|patch|mistake|bad|earlier)|i (?:put|made|"
                       r"edited|changed|forgot|missed|broke|added|wrote|used))\b", re.IGNORECASE)
# "(I) never opened it", "always forgot": what someone did, in the past, is no rule (said first
# in the sentence: "are always imported qualified - never unqualified" is one).
_NEVER_DID = rx(r"^\W*(?:i |we |they )?(?:always|never) (?:\w*[^e\W]ed|been|had|did|was|were|"
                        r"saw|knew|got|went|"
                        r"ran|made|wrote|found|read|thought|heard|understood)\b", re.IGNORECASE)
# What tells of a change, not a standing rule: "since yesterday", "suddenly" (not the "since"
# of a reason, "since you'll be in this code a lot"; and "no X any more" is a rule: a practice
# changed).
_LATELY = rx(r"\b(?:since (?:yesterday|this morning|today|(?:mon|tues|wednes|thurs|fri|satur|"
                     r"sun)day)|suddenly|today|yesterday|this morning)\b", re.IGNORECASE)


def _judges(sentence: str) -> bool:
    """Whether a sentence is the assistant's verdict on an approach (``JUDGED``) — said as a
    verdict, with its reason after a colon or on its own, not as what it did instead ("…
    doesn't fit at 320px, so I added text-overflow")."""
    m = JUDGED.search(sentence)
    if m is None or DID_INSTEAD.search(sentence):
        return False
    return ":" in sentence[m.end():m.end() + 80] or len(content_words(sentence)) <= 10


def _tried_before(sentence: str) -> bool:
    """The user naming an approach and saying it was tried already, with why it was dropped
    ("dont suggest moving the cache to react-native-mmkv - we tried that in the spring, half
    the volunteers test through expo go"): the approach before, the reason after. Or naming
    it as what was tried, at another time or with a verdict ("we tried swapping the RMW to Fast
    DDS back in winter and the lidar rate dropped to 4 Hz, so that's out"; "before you suggest
    it: a cloudhook was tried; the vendor allows one webhook …")."""
    if NOT_TRIED.search(sentence):
        return False
    # (not "we've been here": said unprompted, it is a problem met before)
    m = next((m for m in TRIED_BEFORE.finditer(sentence) if m.group("been") is None), None)
    if m is not None:
        return not _went_well(sentence, m.end()) \
            and bool(DROPPED_FOR.search(sentence) or SUGGEST_LEAD.search(sentence, 0, m.start())) \
            and len(content_words(sentence[:m.start()])) >= TRIED_NAMED_WORDS \
            and len(content_words(sentence[m.end():])) >= TRIED_NAMED_WORDS
    m = TRIAL.search(sentence)
    # (what was tried and why it went, not "Lars tried exactly that last summer and we
    # reverted it": that names nothing)
    if m is None or len(content_words(sentence)) < 2 * TRIED_NAMED_WORDS \
            or len(content_words(PAST_TRIAL.sub(" ", sentence[m.end():]))) < TRIED_NAMED_WORDS:
        return False
    if DISMISSED.search(sentence, m.end()):
        return True
    return not _went_well(sentence, m.end()) and (
        bool(SUGGEST_LEAD.search(sentence, 0, m.start()))
        or bool(PAST_TRIAL.search(sentence)) and _gives_reason(sentence[m.end():]))


_ACKNOWLEDGED = rx(r"^\W*(?:understood|got it|noted|fair enough|makes sense|good to know)"
                           r"\b[^.!?]{0,40}[.!?]?\s*$", re.IGNORECASE)


def _dropped_for(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` says why an attempt went (``DROPPED_FOR``), not only that
    it is still to come ("it's not switched on yet")."""
    return any(not NOT_YET.match(text, m.end(), end)
               for m in DROPPED_FOR.finditer(text, start, end))


def _gives_reason(text: str) -> bool:
    """Whether ``text`` says why an attempt was dropped (``DROPPED_FOR``), not only that it was
    ("… and we reverted it")."""
    return any(m.group(0).lower() not in VERDICT_ONLY for m in DROPPED_FOR.finditer(text))


def _under(path: str, reverted: str) -> bool:
    """Whether a file an edit wrote (often an absolute path) is one a revert named (relative:
    "app/", "src/x.ts")."""
    path, reverted = "/" + path.replace("\\", "/").lstrip("./"), reverted.strip("./")
    return path.endswith("/" + reverted) or ("/" + reverted.rstrip("/") + "/") in path


def _reverted_paths(command: str) -> tuple[str, ...]:
    """The paths a revert command names (``git checkout -- app/``, ``git restore src/x.ts``);
    () when it reverts everything (``git checkout .``, ``git reset --hard``)."""
    words = command.split()
    if len(words) > 1 and words[1] in ("reset", "revert"):
        return ()  # (a commit or a branch, not files: everything)
    if "--" in words:
        words = words[words.index("--") + 1:]
    else:
        words = words[2:]
    return tuple(w for w in words if w not in (".", "./", "HEAD") and "~" not in w
                 and not w.startswith("-"))


def _sections(text: str, heading: re.Pattern) -> list[tuple[int, int]]:
    """The spans of the sections of ``text`` whose heading ``heading`` matches, each to the
    next heading (a spec-style prompt's ``TASK_SECTION`` or ``RULE_SECTION``)."""
    spans = []
    for m in heading.finditer(text):
        after = HEADING_LINE.search(text, m.end())
        spans.append((m.start(), after.start() if after else len(text)))
    return spans


def _new_item(text: str, end: int, start: int) -> bool:
    """Whether a list's next item starts between ``end`` and ``start`` of ``text`` (each item is
    a rule of its own)."""
    line = text.rfind("\n", end, start)
    return line >= 0 and bool(BULLET.match(text[line + 1:start + 1]))


def _listed(text: str, start: int) -> bool:
    """Whether the item starting at ``start`` of ``text`` is a list's (a bullet or a number
    before it on its line), and no task's to do (an unticked box: "- [ ] Audit the other
    Stripe calls …")."""
    line = text.rfind("\n", 0, start) + 1
    lead = text[line:start]
    return bool(lead.strip()) and bool(BULLET.match(lead)) \
        and not _TO_DO_ITEM.match(text, line, start + 3)


# A task still to do in notes ("- [ ] …") and a to-do list (TODO.md, tasks.md, BACKLOG.md): what
# is written there is work to do, not how things are here.
_TO_DO_ITEM = rx(r"\s*(?:(?:[-*+•]|\d+[.)])\s+)?\[ \]")
_TO_DO_FILE = rx(r"^(?:to-?dos?|tasks?|backlog|roadmap)\b", re.IGNORECASE)


def _note_path(block: Block) -> str:
    """The path a note was written to, with forward slashes ("" when it has none: a plan)."""
    path = block.input.get("file_path") if isinstance(block.input, dict) else None
    return path.replace("\\", "/") if isinstance(path, str) else ""


def _asked_to_note(said: str, block: Block) -> bool:
    """Whether the user's latest words (``said``) ask to have it written down in the notes
    ``block`` was written to: they name the file ("put the right one in COLA.md under
    comandos") or ask for a note (``NOTE_ASKED``: "write that down", "put it in the doc")."""
    path = _note_path(block)
    if not path or not said:
        return False
    name = path.rsplit("/", 1)[-1].lower()
    if _TO_DO_FILE.match(name):
        return False
    return (len(name) > 3 and name in said.lower()) or bool(NOTE_ASKED.search(said))


def _gave_up_entry(opening: str, heading: str) -> bool:
    """Whether an entry's ``opening`` sentences give up the approach its ``heading`` names
    ("### Parallel decoding with rayon. Dropped rayon: …", "Rejected."), not the one it
    replaced ("### Frontend packages move to pnpm. We dropped npm for the frontend")."""
    named = _stems(heading)
    for m in GAVE_UP.finditer(opening):
        gone = m.group("what")
        # (said with no subject, at a sentence's start, it is the entry's own: "Dropped
        # auto-ingest: …"; "We dropped npm …" names who gave up what)
        opens = not opening[:m.start()].strip() or opening[:m.start()].rstrip()[-1:] in ".:;!"
        if not gone or opens or _stems(gone) & named:
            return True
    return False


def _decision_log(block: Block) -> bool:
    """Whether ``block`` is a note written into a decision log (``DECISION_LOG``)."""
    return bool(DECISION_LOG.search(_note_path(block)))


def _went_well(text: str, start: int) -> bool:
    """Whether ``text`` after ``start`` says an attempt went well ("… and the p95 dropped"),
    not that it did not ("it was no faster", "didnt make it any better")."""
    for m in WENT_WELL.finditer(text, start):
        if not _NEGATED.search(text[max(start, m.start() - 30):m.start()]):
            return True
    return False


_NEGATED = rx(r"\b(?:no|not|never|n'?t|didnt|wasnt|isnt|hardly|any)\b(?:\W+\w+){0,3}\W*$",
                      re.IGNORECASE)


def _how_done(sentence: str) -> bool:
    """How a kind of thing is done here (``HOW_DONE``: "every button gets a testID", "we dont
    do the active record static methods", "migrations are named by timestamp") — in a
    statement that gives no order and reports nothing ("both fixes go in the same commit
    please", "every test is green", "since this morning every request gets a 502")."""
    m = HOW_DONE.search(sentence)
    # (a wish before it makes it a request; after it, the rule's remedy: "… stays in the bsp
    # layer: add a bsp_sht40_read() in src/bsp/ and call that")
    if m is None or ORDER.search(sentence) or _LATELY.search(sentence) \
            or PRAISE.search(sentence) or WANTS.search(sentence, 0, m.start()):
        return False
    # (what every one of a kind does wrong is a report: "every request gets a 502", "each
    # request takes like 8 seconds on staging", "the bug stays in the payment service")
    return not (QUANTIFIED.match(m.group(0)) and SYMPTOM.search(sentence)
                or _REPORTED_HOW.search(sentence))


# (a rule may name errors — "errors a user can cause are raised with ereport" — but not these)
_REPORTED_HOW = rx(r"\b\d+(?:\.\d+)?\s*(?:ms|s|secs?|seconds?|mins?|minutes?)\b|"
                           r"\b(?:bug|issue|problem|hard reload|times? out|timing out|crash\w*|"
                           r"hangs?|stuck|blank|broken|fails?|failing)\b", re.IGNORECASE)


TRIED_NAMED_WORDS = 3  # content words naming the approach, and giving the reason, at least
TRIED_NAMES = 2  # names of what an attempt brought in, at most, before its finding
_MODULE = rx(r"[\"']([@\w][\w./@-]*[\w])[\"']")
_ANNOTATION = rx(r"@[A-Z]\w+")
_IMPORTED = rx(r"^(?:from\s+[\w.]+\s+import\s+\(?\s*(\w+)|(?:import|use|using)\s+"
                       r"(?:static\s+)?([\w.:]+[\w]))")
# What every program of its language imports, which names no attempt.
_STANDARD_LIBRARY = ("java.", "javax.", "kotlin.", "kotlinx.", "scala.", "android.", "System.",
                     "std::", "std.", "core::", "Foundation", "UIKit", "node:", "@Override",
                     "@Deprecated", "@SuppressWarnings", "@Test", "@Transactional", "@Inject")
# A name specific enough to say what was tried: not "time" or "os" ("expo-background-fetch",
# "@CacheResult", "StreamingHttpResponse", "io.quarkus.cache").
_SPECIFIC = rx(r"[-_@/.]|[a-z][A-Z]|^[A-Z]\w*[a-z]\w*[A-Z]")


def brought_names(lines: str) -> list[str]:
    """The names the lines of an ``added`` block bring in: annotations, quoted modules and
    dependencies, imported names — the first of each line."""
    names: list[str] = []
    for line in lines.splitlines():
        m = _ANNOTATION.match(line) or _MODULE.search(line) or _IMPORTED.match(line)
        if m is None:
            continue
        name = m.group(m.lastindex or 0)
        if name not in names and len(name) >= 3 and _SPECIFIC.search(name) \
                and not name.startswith(_STANDARD_LIBRARY):
            names.append(name)
    return names


def _told_to(spans: list[tuple[int, int]], at: int, start: int, more: int) -> int:
    """The index of the last sentence of what is told from ``start`` (in the sentence at
    ``at``): up to ``more`` sentences after it, as long as the whole fits in a fact."""
    last = at
    while last + 1 < len(spans) and last < at + more and spans[last + 1][1] - start <= FACT_CHARS:
        last += 1
    return last


def _states_a_cause(sentence: str) -> bool:
    """Whether a sentence before an explanation's states what the explanation follows from: a
    statement of fact, not narration, a question, praise, a guess, a pointer at the output or
    a nod to the user ("You're right, the times are shifted by exactly one hour.")."""
    return len(sentence) <= SENTENCE_MAX and not NARRATION.match(sentence) \
        and not CONFIRMS.match(sentence) and not _ACKNOWLEDGED.match(sentence) \
        and not REPORTING.search(sentence) and not about_code(sentence) \
        and not sentence.rstrip().endswith("?") and len(content_words(sentence)) >= 3 \
        and not PRAISE.search(sentence) and not OUTPUT_POINTED.match(sentence) \
        and not HEDGED.search(sentence) and bool(CAUSE.search(sentence) or states_a_fact(sentence))


def _declares(text: str) -> bool:
    """A prompt that only says how something behaves — no order, no question, no wish, no
    rule ("photos attached to reports show up sideways on the council's web map. they look
    fine in the app"): said to an agent, that is a problem brought to it, in whatever words.
    Not a yes to what the assistant asked or offered ("Yes, and only members with a tier
    change, not everyone": how it wants the thing done; a yes answering a question may say
    more: "Yes, photos attached to reports show up sideways …")."""
    if len(content_words(text)) < DECLARED_MIN_WORDS or is_question(text) \
            or ACCEPTED.match(text) and not YES_THEN_SAYS.match(text) \
            or WANTS.search(text) or RULE.search(text) or NORMATIVE.search(text) \
            or PRAISE.match(text.lstrip(" \t\n\"'*-")) or FIRST_PERSON.match(text):
        return False
    # (an order in any sentence or clause: "on a scratch branch: switch the tests to …")
    if ORDER.search(text):
        return False
    starts = [0] + [m.end() for m in _CLAUSE_OPENING.finditer(text)]
    # (sliced: the patterns are anchored with ^, which a start position does not move; and
    # short, so a pasted table of "│  │" lines costs no more than prose)
    return not any(IMPERATIVE.match(seg) or ORDER.match(seg) or _VERB_OBJECT.match(seg)
                   for seg in (text[at:at + CLAUSE_LOOK] for at in starts[:MAX_CLAUSES]))


CLAUSE_LOOK = 120  # characters of a clause an order is recognised in
MAX_CLAUSES = 64  # clauses of a prompt looked at for an order


# ... a clause shaped as a question: an auxiliary first, or a question word with one ("is the
# arq worker even pointed at …", "whats the android package name", "how do i get one"; not
# "what we have now only stores the date")
_ASKED_CLAUSE = rx(
    r"\W*(?:(?:is|are|was|were|can|could|should|will|would|has|have)\s+"
    r"(?:the|a|an|it|this|that|there|we|i|you|my|our|they|\w+s)\b|(?:do|does|did)\s+(?:i|you|"
    r"we|they|it|my|our|this|that|these|those)\b|(?:whats|wheres|hows|whos|"
    r"what'?s|where'?s|how'?s|who'?s)\b|(?:what|where|which|who|how|why|when)\s+(?:is|are|was|"
    r"were|do|does|did|can|could|should|would|will)\b)", re.IGNORECASE)
_CLAUSE_OPENING = rx(r"[.!?:;,]\s+|\s[-–—]\s+|\n+")
# Any verb with its object first, whatever the verb ("submit the run", "spin me up a cluster",
# "call it stitches", "kick off the …"): the verb lists above cannot hold every order. A
# subject starts a statement instead ("photos attached to reports show up sideways", "the build
# hangs", "release is today").
_VERB_OBJECT = rx(
    r"\W*(?:(?:ok(?:ay)?|so|now|also|then|and|hey|right|alright|next)\W+)*"
    r"(?!(?:the|a|an|my|our|your|their|his|her|its|this|that|these|those|it|they|we|i|you|he|"
    r"she|there|here|every|each|all|some|no|none|nothing|something|everything|anything|one|"
    r"when|whenever|after|before|since|if|once|while|but|because|only|just|still|even|also|and|"
    r"or|so|then|nah|no|yes|yeah|yep|ok|okay|hmm|well|oh|ah|its|it's|in|on|at|for|with|from|by|"
    r"to|of|into|onto|over|under|during|yesterday|tomorrow|sometimes|usually|now|there)\b)"
    # (not a gerund: "keeping the pydantic classes … in sync is tedious" is a statement)
    r"(?:(?![a-z]+ing\b)[a-z]+(?:\s+(?:up|off|out|in|on|over|down|back|through|away))?\s+"
    r"(?:the|a|an|me|us|it|them|my|our|this|that|these|those|all|every|each|some|how|what|why|"
    r"which|where|whether|your|its)\b"
    # ... or a verb by its ending, with any object ("paginate results …", "memoize selectors …")
    r"|[a-z]{3,}(?:ize|ise|ify)\s+\w|(?:paginate|validate|migrate|deprecate|automate|"
    r"consolidate|separate|isolate|truncate|aggregate|duplicate|populate|rotate|debounce|"
    r"throttle|batch|cache|stub|mock|inline|refactor|dedupe|dedup|lint|bundle|vendor)\s+\w)",
    re.IGNORECASE)


def _asked_words(excerpt: str) -> str:
    """A prompt's excerpt as a claim quotes it: one line, without the markdown of a pasted issue
    or quote ("> ### After a couple of hours" reads "After a couple of hours")."""
    # (and not what it pastes in a fence: "run the tests, this bit of README.md: ```…")
    return one_line(_MARKUP.sub(" ", excerpt.split("```", 1)[0] or excerpt))


_MARKUP = rx(r"(?m)^\s*(?:>\s*)+(?:#+\s*)?|^\s*#+\s+|\*\*")


def _reports_revert(sentence: str) -> bool:
    """Whether a sentence only reports a revert, giving no reason ("Reverted, and written up
    as docs/adr/0029-….md", "Backed out; the working tree is clean again"), unlike "Backed out
    maplibre: the bundle went from 180 kB to 910 kB"."""
    # ("only" says what is left, not why: "Backed out; only the change you asked for is left")
    return bool(REVERT_DONE.match(sentence)) and ":" not in sentence \
        and all(m.group(0).lower() == "only" for m in CAUSE.finditer(sentence))


def _remedial(sentence: str) -> bool:
    """Whether a sentence says what to do about a problem: an order, code, a salient value
    (never a question: "can you double-check and fix it?")."""
    if sentence.rstrip().endswith("?") or len(sentence) > SENTENCE_MAX:
        return False
    return bool(REMEDY.search(sentence)) or _names_code(sentence)


def _names_code(text: str) -> bool:
    """Whether ``text`` names code or a salient value (a command in backticks, an identifier
    only code has, a port, a path)."""
    return bool(BACKTICK.search(text) or CODEISH.search(text) or salient_tokens(text))


def _with_remedy(text: str, spans: list[tuple[int, int]], at: int, room: int, *,
                 said_by_user: bool = False) -> list[tuple[int, int]]:
    """The explanation at ``spans[at]`` with the remedy that follows it, as exact spans of
    ``text`` within ``room`` characters: the next sentences while they say what to do, or,
    past one that does not ("DateTime.ParseExact returns Kind=Unspecified."), the first that
    does. A remedy too long for the room keeps its first clauses ("read it with AsNoTracking()
    when it's only needed for the check; here …"). ``said_by_user``: the user's words, whose
    orders ("please fix it") are no remedy."""
    pieces = [spans[at]]
    window = spans[at + 1:at + 4]
    # A remedy said as one (an order, an obligation, "the fix is …") with the code it takes is
    # worth the sentences of cause before it: straight to it ("… counts for the 16th. The date
    # has to be taken in the taproom's timezone, date(sold_at, 'Europe/Berlin').")
    first = next((i for i, (a, b) in enumerate(window)
                  if REMEDY.search(text[a:b]) and _remedial(text[a:b])
                  and not (said_by_user and ORDER.search(text[a:b]))), None)
    # (only the first remedy said as one, and not one put off: "… needs a rewrite too at some
    # point, but that's separate")
    said = first if first and _names_code(text[window[first][0]:window[first][1]]) \
        and not DEFERRED.search(text[window[first][0]:window[first][1]]) else 0
    skipped = said > 0
    for start, end in window[said:]:
        used = sum(b - a for a, b in pieces) + len(pieces) - 1
        if not _remedial(text[start:end]) or (said_by_user and ORDER.search(text[start:end])):
            if skipped or len(pieces) > 1 or pieces[0][1] != spans[at][1]:
                break
            skipped = True  # one sentence of more cause, then the remedy
            continue
        fits = room - used - 1
        cut = end
        if end - start > fits:
            if len(pieces) == 1:
                # the whole remedy, and the cause up to a clause that leaves room for it
                # ("… the current ID stack, and every row uses …" + "Pushing … PushID(i) …")
                first, last = pieces[0]
                most = first + room - (end - start) - 1 - (start - last if not skipped else 0)
                shorter = [m.start() for m in CLAUSE_END.finditer(text, first, max(first, most))]
                if shorter and shorter[-1] - first >= ASK_MIN_CHARS:
                    pieces[0] = (first, shorter[-1])
                    pieces.append((start, end))
                    break
            cuts = [m.start() for m in CLAUSE_END.finditer(text, start, start + fits)]
            coded = _names_code(text[start:end])
            # (a cut that drops the remedy's code keeps only its obligation: "The content has
            # to be rebuilt before every player build" without "BuildPlayerContent()")
            cut = next((c for c in reversed(cuts) if c - start >= SENTENCE_MIN
                        and _remedial(text[start:c])
                        and (not coded or _names_code(text[start:c]))), 0)
            if not cut:
                break
        if not skipped and pieces[-1][1] <= start:  # the sentence right after: one excerpt
            pieces[-1] = (pieces[-1][0], cut)
        else:
            pieces.append((start, cut))
        if cut != end or skipped:
            break
    return pieces


def _joined(text: str, pieces: list[tuple[int, int]], spans: list[tuple[int, int]]) -> str:
    """The pieces of ``text`` as one statement; a piece cut short of its sentence (``spans``)
    ends in "…"."""
    ends = {b for _a, b in spans}
    return " ".join(text[a:b] + ("" if b in ends else "…") for a, b in pieces)
