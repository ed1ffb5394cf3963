"""A session's durable facts without a model: one claim per fact, each with its citations.

The single ``event`` block (``rlat.capture.session``) records what a session *did*; this module
pulls out what a later session should *know*, one proposition per claim, so that recall can
inject a line instead of a log and the same fact arriving again recognises itself. Five kinds,
each found by a rule that prefers dropping a fact to inventing one:

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
resolve is dropped. ``signature`` is what recurrence compares: the same fact restated in
another session (other words, same ports / commands / variables / content words) lands on the
claim already stored instead of a new one.

The extractor is fed cleaned turns in order and keeps bounded state (the last commands, the
last ``RECENT_OUTPUTS`` successful tool outputs, at most ``MAX_FACTS`` facts). Successful
tool output reaches it fence-stripped but *unscrubbed* (scrubbing every output would cost the
SessionEnd hook most of its budget): the one line a fact cites is scrubbed on its own, and the
pipeline blanks the outputs once the extractor has seen them.
"""

from __future__ import annotations

import copy
import re
from collections import deque
from dataclasses import dataclass, field

from .. import scrub as scrubbing
from ..claims.model import FACT_KINDS
from ..retrieval.tokenize import STOP_WORDS
from .session import ERRORISH, FILE_TOOLS, SHELL_TOOLS, Cited, error_line, one_line, snippet
from .transcript import Block, Turn

MAX_FACTS = 24
MAX_PER_KIND = 8
FACT_CHARS = 360
SENTENCE_MIN = 12
SENTENCE_MAX = 400
RECENT_FAILURES = 4  # how far back a success looks for the failure it recovers from
ASK_CHARS = 100  # of the prompt a situational fact carries
ASK_MIN_CHARS = 40  # ... at least, when the fact's own sentences need the room
ASK_MIN_WORDS = 4  # content words a prompt needs to set a new situation
FOLLOW_UP_CHARS = 300  # a longer prompt asks for more than a write-up of what just happened
ROOM_BESIDE_ASK = FACT_CHARS - ASK_MIN_CHARS - 12  # a fact's own text when it carries [asked: …]
VERDICT_MIN_WORDS = 3  # content words a falsified finding needs beyond its verdict
RECENT_OUTPUTS = 24  # successful tool outputs an environment fact may be backed by
RECURRENCE_OVERLAP = 0.6  # content-word Jaccard at which a stored claim is the same fact

KIND_TYPES = dict(zip(FACT_KINDS, ("convention", "preference", "environment", "environment",
                                   "environment", "outcome"), strict=True))

# ---------------------------------------------------------------- the rules, in one place

# A sentence ends at . ! ? followed by a space or the end (a closing quote may come between),
# or at a line break ("15.4" and "setup.py" do not end one).
_SENTENCE = re.compile(r"(?:[^\n.!?]|[.!?](?![\s]|$|[\"”’](?:\s|$)))+(?:[.!?]+[\"”’]?(?=\s|$))?")
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+|^\s*#+\s+|^\s*>\s*")

# A standing rule the user states. "always"/"never" and friends are what separate a rule
# from a one-off request ("use pnpm to install this" is a task; "we always use pnpm" is not).
_RULE = re.compile(
    r"\b(?:from now on|going forward|by convention|our (?:convention|rule|policy|"
    r"standard|style)|(?:the|a|our) convention|house rule|in this (?:repo|repository|project|"
    r"codebase|team)|(?:here|in this repo),? we|we (?:use|don'?t use|do not use|prefer|avoid|"
    r"deploy|run|keep|name|put|store|pin|write|require|only|log|talk|handle|format|call|"
    r"document|test)|don'?t ever|do not ever|"
    r"make sure (?:to|you)|remember (?:that|to)|is (?:required|mandatory|forbidden|banned)|"
    r"must (?:always|never|be(?! \w+ing\b)|use|not|go|run|pass|stay|live)|should (?:always|"
    r"never)|instead|"
    r"stick (?:to|with)|standardi[sz]ed on|(?:is|are) (?:preferred|not allowed|off.limits)|"
    r"we(?:'re| are) (?:on|using)|(?:don'?t|do not|never|please don'?t) (?:use|add|call|import|"
    r"commit|push|touch|edit|hand.edit|write|mock|catch|log|print|throw|raise|silence|suppress|"
    r"ignore|skip|hard.code)|we (?:don'?t|do not|never) (?:silence|suppress|ignore|skip|throw|"
    r"ship|merge|deploy)|rather than|instead of)\b"
    # "use tabs, not spaces"; "no unwrap() in library code"; "no partial functions in library
    # code"; "no unsafeRunSync anywhere outside tests"; "no ObservableObject any more" — at the
    # start of a sentence or of a clause ("yes - no …", "second time now: no …")
    r"|^\W*(?:please\s+)?(?:use|prefer|keep)\b[^.\n]{1,60},\s*(?:not|never)\b"
    r"|(?:^|[,:;\"“—–-]\s)\W*(?:(?:yes|yeah|yep|ok|okay|right|sure)\W+)?"
    r"no (?:[\w.()@!-]+ ){1,3}?"
    r"(?:anywhere|in|for|on|inside|outside)\b"
    r"|\bno [\w.()@!-]+(?: or [\w.()@!-]+)? any ?more\b"
    # ... or a list of what there is none of: "no print(), and no logging.getLogger either",
    # "no `export let` and no writable stores", "no static C# events, no singletons"
    r"|(?:^|[,:;\"“—–-]\s)\W*no [\w$`'.()@#!-]+(?: [\w$`'.()@#!-]+){0,3}?,? (?:and |or )?no "
    r"[\w$`'.()@#!-]+"
    # "every resource has to carry the common tags"; "tests are written with Pest, not …";
    # "every async method takes a CancellationToken"; "each string goes through the catalog"
    r"|\b(?:every|each|all)\b[^.\n]{0,60}?\b(?:has to|have to|must|needs? to|should)\b"
    r"|\b(?:every|each) (?:[\w@.-]+ ){1,4}?(?:takes|goes through|passes|uses|returns|lives in|"
    r"belongs in|carries|follows|starts with|ends with|requires)\b"
    r"|\b(?:is|are) \w+(?:ed|en) (?:with|in|as|using|through|by)\b[^.\n]{1,80}?,\s*(?:not|never)\b",
    re.IGNORECASE)
# A rule the user announces as one ("one thing you couldn't know: …", "we keep forgetting it:
# "…"", "we turned it down: …"): what follows the colon is the rule, in whatever words.
_RULE_INTRO = re.compile(
    r"\b(?:(?:one thing|something) you (?:couldn'?t|could not|can'?t|wouldn'?t|didn'?t|don'?t) "
    r"know|we keep forgetting (?:it|this|that)|we turned (?:it|that|this) down|for future "
    r"reference|(?:house|team) rule[^:.\n]{0,40}|the rule (?:here )?is|(?:this|that) is "
    r"non.negotiable|(?:note )?from me[^:.\n]{0,30}|not in the ticket)\W*?:\s*"
    r"[\"“]?", re.IGNORECASE)
# ... (never a report of what the user did: "one thing you couldn't know: I already restarted
# the staging worker twice")
_FIRST_PERSON = re.compile(r"\W*(?:i|we)(?:'ve| have| had| already| just)?\s+\w+ed\b", re.IGNORECASE)
# ... except these, in an order: "rewrite it with map instead" is today's task, not a rule;
# and, outside a rule's setting (``_RULE_SETTING``), a report ("the reminders arrive at 8am
# instead of 7am").
_ONE_OFF = frozenset(("instead", "instead of", "rather than"))
# What a rule may follow in its sentence and be no part of ("good that you did it this way,
# no partial functions in library code"); a scope ("outside of migrations, no raw SQL") is.
_PRAISE = re.compile(r"\b(?:good|nice|great|fine|lgtm|thanks|whatever|looks good|well done)\b",
                     re.IGNORECASE)
# A rule said as the tail of the sentence before ("Never a DecimalField, never a float.").
_ELLIPTICAL = re.compile(r"\W*(?:never|not) (?:a|an|the|any)\b", re.IGNORECASE)
# What opens a rule stated in a clause of its own (the alternative above that starts there).
_CLAUSE_MARKS = frozenset(',:;"“—–-')
# "always"/"never" make a rule only in a rule's setting: a sentence that opens with them, or
# one that also says where or who ("here", "we", "you", "in this repo") or gives an order.
# ("some events never show up in S3" is a symptom, not a rule.)
_ALWAYS = re.compile(r"\b(?:always|never)\b", re.IGNORECASE)
_RULE_SETTING = re.compile(
    r"^\W*(?:always|never)\b|[-–—;:]\s+never\b|\b(?:here|we|our|you|us|this (?:repo|repository|project|codebase)|"
    r"use|run|do|don'?t|only|lives?|belongs?|goes|go through|written|kept)\b"
    r"|\b(?:is|are) (?:always|never) \w+(?:ed|en)\b",  # "… are always imported …"
    re.IGNORECASE)
_PREFERENCE = re.compile(r"\bI (?:(?:really |strongly )?prefer|'d rather|would rather|like .{1,40} "
                         r"better|hate it when|don'?t like)\b", re.IGNORECASE)
_AVOID = re.compile(r"\b(?:never|don'?t|do not|avoid|not allowed|forbidden|banned|must not)\b",
                    re.IGNORECASE)
# Phrases that make a user's sentence transient or a question rather than a standing fact.
_TRANSIENT = re.compile(
    r"\b(?:this time|for now|right now|for this (?:task|pr|change|one)|today|just this|"
    r"temporarily|for the moment)\b", re.IGNORECASE)
_QUESTION_START = re.compile(
    r"^\s*(?:can|could|would|will|should|shall|do|does|did|is|are|was|were|what|why|how|"
    r"where|when|which|who|have|has)\b", re.IGNORECASE)


def _is_question(text: str) -> bool:
    return text.rstrip().endswith("?") or bool(_QUESTION_START.match(text))

# What a sentence says outside its paths, commands and URLs ("app/Support/x.php" supports
# nothing).
_NOT_PROSE = re.compile(r"`[^`\n]*`|\S*/\S*")
# Work narrated about code, not the environment ("Only app/Models/Tutor.php uses it.").
_ABOUT_CODE = re.compile(
    r"\b(?:uses?|calls?|imports?|references?) (?:it|this|that|them)\W*$|^\W*(?:added|moved|"
    r"renamed|changed|updated|removed|fixed|put) (?:it|this|that|them)\b"
    # ... or the work itself reported: "Added summarise_last_day() in R/fct_summary.R with four
    # tests; the station table can use it"
    r"|^\W*(?:added|created|wrote|documented|extracted|refactored|implemented)\s+\S*(?:\(|_|/|"
    r"\.\w)",
    re.IGNORECASE)


def _states(sentence: str) -> bool:
    """The sentence states something (``_STATE``) in its own words, about the environment."""
    return bool(_STATE.search(_NOT_PROSE.sub(" ", sentence))) \
        and not _ABOUT_CODE.search(sentence)


# Where the assistant says it looked, not what it found ("Found it in src/config/http.py").
_SEARCHED = re.compile(r"\W*(?:found|looking|looked|checked|searched|grepped)\b", re.IGNORECASE)
# The assistant narrating its own next step is never a fact about the environment.
_NARRATION = re.compile(
    r"^\s*(?:let me|let's|i'?ll|i will|i'?m going|i am going|i'?ve|i have|i need|i think|"
    r"now i|next,? i|first,? i|then i|okay|ok|sure|great|done|perfect|alright)\b",
    re.IGNORECASE)
_STATE = re.compile(
    r"\b(?:is|are|runs?|running|uses?|listens?|listening|lives?|located|installed|requires?|"
    r"needs?|expects?|set to|configured|defaults? to|points? to|pinned|served|serves|bound|"
    r"reads?|loads?|must|only works|works only|pins?|comes? from|served from|on port|at port|"
    r"go(?:es)? to|stored in|written to|writes? to|supports?|supported|mapped)\b", re.IGNORECASE)
# A user sentence that gives an order is a task, not a statement of fact.
_IMPERATIVE = re.compile(
    r"^\W*(?:please\s+)?(?:use|run|tag|push|add|fix|make|set|install|update|create|delete|remove|"
    r"deploy|build|check|try|go|write|change|rename|move|open|bump|release|commit|merge|start|"
    r"stop|restart|upload|download|send|copy|put|give|show|tell|find|look|implement|refactor|"
    r"reformat|format|test|debug|investigate|explain|review|clean|upgrade|downgrade|rewrite|"
    r"replace|convert|switch|split|extract|simplify|optimi[sz]e|turn|drop|enable|disable|"
    # (verbs that start a report as nouns — "log rotation doesn't work", "seed data is
    # missing" — are left out)
    r"swap|wire|bump|revert|reset|migrate|generate|regenerate)\b"
    # ... as a verb, not a subject: "release is today and the delete button does nothing"
    r"(?!\s+(?:is|are|was|were|has|have|had|seems?|looks?|keeps?|does|did|doesn'?t|won'?t|"
    r"isn'?t|can'?t|went|got)\b)",
    re.IGNORECASE)
# A user reporting a problem (not asking for a change): the assistant's explanation that
# follows may be a gotcha.
_SYMPTOM = re.compile(
    r"\b(?:hangs?|hung|stuck|dies|died|crash\w*|fails?|failing|broken|breaks|error|errors|"
    r"never (?:finishes|starts|returns|shows)|doesn'?t (?:work|start|run|load|connect|show)|"
    r"won'?t (?:work|start|run|load|connect)|can'?t (?:connect|start|find|reach)|"
    r"not working|slow|times? out|timing out|refused|missing|empty|blank|nothing happens|"
    r"garbage|garbled|weird|wrong|strange|not defined|undefined|disappear\w*|lost|stale|"
    r"throws?|threw|exceptions?|panic\w*|5\d\d(?:s|ing)?|paus(?:es|ed)|quits|blows? up|blew up|"
    r"stops? (?:as soon as|when|whenever|once|after|every)|"
    r"corrupt\w*|flaky|sits?|sitting|freez\w*|frozen|stops? (?:\w+ing|working)|"
    r"stopped (?:\w+ing|working)|keeps? (?:\w+ing)|no longer \w+|but (?:it |they )?still|"
    r"(?:has|have|had) no effect|(?:doesn'?t|don'?t|didn'?t) (?:change|apply|take effect)|"
    r"(?:isn'?t|aren'?t|not) "
    r"(?:being )?(?:picked up|updated|saved|loaded|found|applied|reloading|updating)|"
    # ... or tells of what does not happen, or what differs from elsewhere ("works fine when I
    # run it from the IDE", "shows 14:00 on our chart but 15:00 on their site")
    r"failures?|couldn'?t|does nothing|do nothing|nothing at all|(?:has|shows?) no|"
    r"never (?:stops|ends|arrives|appears|runs|fires|loads|completes|shows up)|"
    r"works? fine|only works|(?:an? )?(?:hour|minute|day)s? (?:off|early|late)|"
    r"but (?:not|never|at|in|on|it|they|only|still)|"
    r"root cause|out of ideas|stared at|no idea why|can'?t figure out)\b",
    re.IGNORECASE)
# A report, not a rule, whatever "never" it has ("the spinner never stops - works fine when I
# run it from the IDE").
_REPORTING = re.compile(r"\bnever (?:stops|ends|finishes|arrives|appears|loads|shows|runs|fires|"
                        r"completes|returns|starts)\b|\bworks? fine\b|\bdoes nothing\b",
                        re.IGNORECASE)
# ... said of a thing even after a verb that usually gives an order ("make run just sits at …").
_REPORTED = re.compile(r"\b(?:hangs|sits|is stuck|gets stuck|dies|"
                       r"crashes|freezes)\b", re.IGNORECASE)
# What makes an explanation one (a cause, a condition, a requirement).
_CAUSE = re.compile(
    r"\b(?:so|because|since|unless|until|when|whenever|which|needs?|has to|have to|must|only|"
    r"without|forever|never|falls? back|runs? out|drops?|ignores?|reads? everything|while|"
    r"as long as|overrides?|by default|defaults? to|instead of|"
    # ... or what a thing will not do ("Postgres won't cast varchar to the enum by itself")
    r"won'?t|can'?t|cannot|doesn'?t|does not|isn'?t|aren'?t|don'?t)\b",
    re.IGNORECASE)
# A sentence that says what to do about a problem just explained.
_REMEDY = re.compile(
    r"^\W*(?:(?:so |then )?(?:set|export|raise|lower|increase|run|start|copy|create|install|"
    r"use|add|point|pass|load|restart|enable|disable|reset|call|wrap|move|register|mark|"
    r"rebuild|regenerate|clear|remove|replace|switch|pin|downgrade|upgrade)\b|.*\b(?:fix(?:es|ed)? it|the fix is|"
    r"works (?:with|once|after)|fix(?:es)? (?:every|all|both|them))\b)", re.IGNORECASE)
# ... or names code (a call, a quoted identifier: 'applies kotlin("plugin.spring")', a
# command-line option: "first with -target=module.eks", "with --include integration", an
# identifier only code has: "pgEnumString", "DateTimeKind.Utc", "explicit_to_json",
# "lubridate::with_tz"; a class name alone,
# "RecordingService never sets it", is more of the cause).
_CODEISH = re.compile(r"\w\(\S|\"[\w.:/@-]{3,}\"|"
                      r"(?<![\w-])(?:-[A-Za-z][\w.-]*=\S|--[a-z][\w-]{2,})|"
                      r"\b[a-z]{2,}[A-Z][a-z]\w*|\b[A-Z]\w*\.[A-Z]\w*\b|"
                      r"\b[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]\b|::\w")
# Where a remedy too long for the room may be cut and still say what to do.
_CLAUSE_END = re.compile(r"[;:](?=\s)|\s[-–—]\s|,\s(?=(?:so|and|but|or|which)\b)")
# The assistant announcing a revert, or the user asking for one: what the assistant says next
# (in a later message) is why the approach failed.
# ... or a command that throws away a change: "git checkout -- project.yml", "git revert".
_REVERT_COMMAND = re.compile(r"^\s*git\s+(?:checkout\s+(?:\S+\s+)?--\s|restore\b|revert\b|"
                             r"reset\s+--hard\b)")
_REVERT_SAID = re.compile(
    r"\b(?:revert(?:ing|ed)?|roll(?:ing|ed)? (?:it |this |that |them )?back|undid|"
    # ("undo it", not "add an undo command")
    r"(?<!\ban )(?<!\bthe )undo(?:ing)?(?! (?:command|button|stack|history|feature|shortcut|"
    r"support|action|functionality|buffer)\b|/redo)|"
    r"drop(?:ping)? (?:it|this|that)\b|"
    r"back(?:ing|ed)? (?:it |this |that )?out|put(?:ting)? (?:it|this|that|them) back|"
    r"restor(?:e|ing|ed) (?:it|the)|tak(?:e|ing) (?:it|this|that) out)\b", re.IGNORECASE)
_VERDICT_START = re.compile(
    r"^\W*(?:reverted|backed out|rolled back|undid|undone|switched back|went back|"
    r"(?:that|this|it) (?:didn'?t|did not|doesn'?t|does not) (?:work|help)|(?:that|this|it) "
    r"(?:broke|made .{1,30} worse|was (?:slower|worse))|no improvement|(?:i'?ve |i have |i |we )?"
    r"(?:reverted|restored|put \w+(?: \w+)? back))\b",
    re.IGNORECASE)

_GOTCHA = re.compile(
    r"\b(?:hangs?|hung|fails?|failing|breaks?|crash(?:es)?|times? out|timed out|errors? out|"
    r"won'?t (?:start|run|work|connect|build)|doesn'?t (?:start|run|work|connect|build)|"
    r"does not (?:start|run|work|connect|build)|silently \w+|deadlocks?|refuses? to \w+|"
    r"stalls?)\b[^.\n]{0,100}?\b(?:unless|if|when|without|until|before|after|because)\b"
    r"|\b(?:only works (?:if|when|with|from)|must be (?:run|started|set|exported|called|loaded|"
    r"imported|built|installed|copied|created) |needs? to be (?:set|exported|running|started|"
    r"run|loaded|imported|built|installed|copied|created) |(?:has|have) to be (?:set|exported|"
    r"running|started|run|loaded|imported|called|built|installed|copied|created))",
    re.IGNORECASE)
_FALSIFIED = re.compile(
    r"\b(?:tried|attempted|experimented with|switching to|switched to|tested)\b[^\n]{0,160}?\b"
    r"(?:broke|broken|breaks|failed|fails|regress\w*|worse|slower|didn'?t work|did not work|"
    r"doesn'?t work|does not work|reverted|rolled back|backed out|had to revert|no improvement|"
    r"didn'?t help|did not help|no faster|made (?:it|things|\w+) worse|went back|switched back|"
    r"put \w+(?: \w+)? back|restored)\b"
    r"|\b(?:reverted|rolled back|backed out|switched back|went back|undid|undone)\b[^\n]{0,120}?"
    r"\b(?:because|since|as it|it broke|broke|after it|which broke|caused|too slow|slower|worse)\b",
    re.IGNORECASE)

# Salient tokens: what an environment fact is about, and what recurrence compares.
_PORT = re.compile(
    r"\bport\s*(?:is\s*|=\s*|:\s*|number\s*)?(\d{2,5})\b|(?<=[\w\]]):(\d{2,5})\b|"
    r"\b(?:listens?|listening|runs?|running|served|bound)\s+on\s+(?:port\s+)?:?(\d{2,5})\b",
    re.IGNORECASE)
_VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)*(?![\w.]*\w)|\b(?:version|v)\s*(\d+)\b",
                      re.IGNORECASE)
_ENV_VAR = re.compile(r"\$\{?([A-Z][A-Z0-9_]{2,})\}?|\b([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])\b|"
                      r"\b([A-Z][A-Z0-9]{2,})=")
_PATH = re.compile(r"(?<![\w:/.])(?:~|\.{1,2})?/(?:[\w.@-]+/)+[\w.@-]*|(?<![\w/.])[\w.@-]+/"
                   r"(?:[\w.@-]+/)*[\w@-]+\.\w{1,8}\b")
_BACKTICK = re.compile(r"`([^`\n]{2,120})`")
# The assistant announcing a problem it ran into on the way.
_SNAG = re.compile(r"\bthere'?s (?:a|one) (?:snag|catch|gotcha|problem|complication)\b|"
                   r"\b(?:one|a) (?:snag|catch|gotcha) first\b|"
                   # "Found the cause. Fixing.", "Small detour: this is a real bug"
                   r"\bfound (?:the|a|its) (?:cause|culprit|problem|bug|issue)\b|"
                   r"\b(?:this|that|it)(?:'s| is) a (?:real|genuine|latent|nasty) "
                   r"(?:bug|problem)\b", re.IGNORECASE)
SNAG_WORDS = 12  # content words an announcement has at most (more: it explains as well)
# A label the explanation opens with ("Root cause: …").
_CAUSE_LABEL = re.compile(r"^\W*(?:(?:the )?root cause|the cause|cause|why|verdict|result)"
                          r"\b[^:.\n*]{0,30}(?::\**|\**:)\s*", re.IGNORECASE)
# The user asking what a problem just fixed was.
_FOLLOW_UP = re.compile(r"^\W*(?:so\W+)?(?:what was (?:it|that|the (?:problem|issue|cause))|"
                        r"why(?: did (?:it|that) (?:happen|break|fail))?|what happened|"
                        r"what caused (?:it|that))\W*\??\s*$"
                        # ... or for a write-up of it: "a short heads-up for the team channel so
                        # nobody else loses an afternoon to this", "a paragraph on why we're not
                        # doing it"
                        r"|\b(?:heads.up|write.?up|post.?mortem)\b"
                        r"|\b(?:summary|paragraph|explanation|message|note)\b.{0,60}?\b(?:say\w*|"
                        r"on|about|of|explain\w*) (?:\W*why|(?:this|it|that|the (?:problem|issue|"
                        r"bug|fix))\b)",
                        re.IGNORECASE)
# The assistant agreeing with the user's own diagnosis: the diagnosis is the explanation.
_CONFIRMS = re.compile(
    r"^\W*(?:you'?re (?:right|correct)|you are (?:right|correct)|that'?s exactly it|exactly(?: right)?"
    r"\W|(?:yes|yep|yeah)\W+(?:that'?s|this is) (?:it|the (?:problem|cause|issue))|good (?:catch|find)|"
    r"spot on)", re.IGNORECASE)
# An order in the user's words: no remedy, whatever code it names ("please fix it").
_ORDER = re.compile(r"\bplease\b|^\W*(?:can|could|would) you\b|^\W*(?:fix|do|change|make) it\b",
                    re.IGNORECASE)
# Where a user's diagnosis starts inside their sentence ("… and I think I've got it: X").
_DIAGNOSIS_START = re.compile(
    r"\b(?:i think i(?:'ve| have) (?:got|found) it|i (?:think|suspect|bet)|my (?:guess|theory) is|"
    r"turns out|i (?:figured|found) (?:it )?out)\W*:?\s*", re.IGNORECASE)
# ... and a command the user hands over, however long ("ah, here it's `mix hex.repo add …`").
_QUOTED_COMMAND = re.compile(r"`([^`\n]{2,2000})`")
# ... or in double quotes ('Ines says "Rscript -e 'renv::restore()'" - that's what they use').
_SAID_COMMAND = re.compile(r"[\"“]([^\"“”\n]{2,2000})[\"”]")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_+-]{1,}")
# A bold label a write-up opens a sentence with.
_LABEL = re.compile(r"^\*\*[^*\n]{1,60}(?::\*\*|\*\*:)\s*")

_ENV_ERROR = re.compile(
    r"not found|no such|unknown (?:option|command|flag|argument)|unrecognized|not recognized|"
    r"command not found|modulenotfound|no module named|cannot find|can'?t find|permission denied|"
    r"connection refused|could not connect|unable to|not installed|requires|unsupported|"
    r"invalid option|invalid argument|not a valid (?:command|option|argument|key)|usage:|"
    r"enoent|eaddrinuse|address already in use|missing|deprecated|"
    r"not supported|incompatible|lock ?file|mismatch|not set|is required|must be set|"
    r"undefined|not defined|connection (?:reset|timed out)|dial tcp|no route|plugin failed|"
    r"not executable|econnrefused|no package called|not present|not available|"
    r"(?:could not|cannot|can'?t) be found|was not found|"
    r"(?:could not|couldn'?t) find (?:a |the |any )?(?:package|module|library|directory|"
    r"program|executable|command|version|toolchain|sdk)|(?:did not|didn'?t) find",
    re.IGNORECASE)
# A command that "worked" without doing its job ("No tests were found!!!"): a failure to
# recover from all the same.
_DID_NOTHING = re.compile(r"\bno tests (?:were )?(?:found|ran|collected)|\bcollected 0 items\b|"
                          r"\bran 0 tests\b", re.IGNORECASE)

# Cheap first looks (substring tests) before the regexes above: capture runs inside the
# SessionEnd hook's budget, and most sentences name nothing salient.
_GOTCHA_HINTS = ("hang", "hung", "fail", "break", "broke", "crash", "time", "error", "won",
                 "doesn", "does not", "silently", "deadlock", "refuse", "stall", "only works",
                 "must be", "need", "has to be")
_FALSIFIED_HINTS = ("tried", "attempt", "experiment", "switch", "tested", "revert",
                    "rolled back", "backed out", "went back", "restored", "back", "undid",
                    "undone", "didn't help", "worse")
_DIGITS = re.compile(r"\d")
# The assistant saying a command fails, without running it.
_FAILS_SAID = re.compile(r"\b(?:which|that|it|this) (?:fails|failed|breaks|errors out|doesn'?t work)\b|"
                         r"\bfails (?:here|no matter|every time|on every)", re.IGNORECASE)
_VERDICT_WORDS = frozenset(
    "broke broken breaks failed fails worse reverted reverting revert rolled rolling backed "
    "backing undid undone undo didn work worked things change changes stuff tried".split())
# Commands that tidy up rather than do the job: never "the command that worked instead".
# ... nor commands that only look around.
_LOOKS = frozenset("ls list ps status info inspect logs log describe show version doctor env "
                   "config".split())
_HOUSEKEEPING = frozenset(
    "git cd ls cat echo rm cp mv mkdir touch chmod chown head tail grep rg find which pwd sed "
    "awk less more true sleep kill pkill clear history export unset source".split())


def _did_nothing_hint(output: str) -> bool:
    """A cheap first look for ``_DID_NOTHING`` (every successful output passes here)."""
    low = output[:400].lower() + output[-400:].lower()
    return "no tests" in low or "collected 0" in low or "ran 0 tests" in low


def _hinted(low: str, hints: tuple[str, ...]) -> bool:
    return any(h in low for h in hints)


# A name of a thing in the surroundings: a namespace, a host, a runner, a bucket ("studio-prod",
# "forge-win01", "acme-transit-gtfs"), not a hyphenated word of English.
_NAME = re.compile(r"(?<![\w/.@-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w/@-])")
_NOT_NAMES = frozenset(
    "pre-commit read-only non-interactive up-to-date built-in long-running self-hosted "
    "multi-line end-to-end follow-up well-known top-level third-party so-called one-off "
    "half-hour two-way opt-in opt-out add-on plug-in sign-in log-in check-in".split())


def _names(text: str) -> set[str]:
    """Names of things in ``text`` (``_NAME``): what an environment fact may be about when it
    names no port, version, variable or path — backed by tool output like those."""
    return {"name:" + n for n in _NAME.findall(text)
            if n not in _NOT_NAMES and (any(c.isdigit() for c in n) or len(n) >= 10)}


def salient_tokens(text: str) -> set[str]:
    """Ports, versions, environment variables and paths in ``text``."""
    out: set[str] = set()
    if _DIGITS.search(text):
        for m in _PORT.finditer(text):
            out.add("port:" + next(g for g in m.groups() if g))
        for m in _VERSION.finditer(text):
            value = m.group(1) or m.group(0)
            out.add("v:" + value.lower().lstrip("v"))
    if "_" in text or "$" in text or "=" in text:
        for m in _ENV_VAR.finditer(text):
            out.add("env:" + (m.group(1) or m.group(2) or m.group(3)))
    if "/" in text:
        for m in _PATH.finditer(text):
            path = m.group(0).rstrip("/.")
            if len(path) > 3:
                out.add("path:" + path)
    return out


def _answering_line(output: str, sentence: str) -> str:
    """The line of a tool's ``output`` that backs an answer: the first sharing the most words
    with ``sentence`` (Grep's "Found 1 file" header shares none; the path under it does)."""
    words = {w for w in _WORD.findall(sentence.lower()) if len(w) > 2}
    best, best_shared = "", -1
    for line in output.splitlines():
        line = line.strip()
        if not line:
            continue
        shared = len(words & {w for w in _WORD.findall(line.lower())})
        if shared > best_shared:
            best, best_shared = line, shared
    return best


def content_words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)
            if w.lower() not in STOP_WORDS and len(w) > 2} - _FILLER


_FILLER = frozenset(
    "use uses used using always never here please make sure remember also just really "
    "instead don't dont won't can't should must would could need needs thing things way "
    "time work works project repo repository codebase".split())


def signature(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(salient tokens, content words) of a fact's text: what recurrence compares."""
    ticks = {"cmd:" + one_line(t) for t in _BACKTICK.findall(text)}
    return frozenset(salient_tokens(text) | ticks), frozenset(content_words(text))


def same_fact(a: tuple[frozenset, frozenset], b: tuple[frozenset, frozenset]) -> bool:
    """Whether two signatures name the same fact: the same salient tokens (when there are
    any) and mostly the same content words."""
    tokens_a, words_a = a
    tokens_b, words_b = b
    if tokens_a != tokens_b:
        return False
    if not words_a or not words_b:
        return bool(tokens_a)
    overlap = len(words_a & words_b) / len(words_a | words_b)
    return overlap >= (RECURRENCE_OVERLAP / 2 if tokens_a else RECURRENCE_OVERLAP)


# ---------------------------------------------------------------- facts


@dataclass(slots=True)
class Fact:
    kind: str
    text: str
    cited: list[Cited]
    subject: str = ""
    polarity: str = "factual"

    @property
    def type(self) -> str:
        return KIND_TYPES[self.kind]



@dataclass(slots=True)
class _Command:
    text: str
    cited: Cited
    failed: bool
    error: str = ""
    error_cited: Cited | None = None
    recovered: bool = False
    asked_after: bool = False  # the user said something after it ran
    edited_after: bool = False  # a file was written after it failed
    ask: Cited | None = None  # the prompt it ran under
    facts_before: int = 0  # facts kept before it failed
    hints: set = field(default_factory=set)  # commands the user quoted after it failed


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of ``text``, bullets and headings skipped, so that
    ``text[start:end]`` is an exact excerpt."""
    spans = []
    for m in _SENTENCE.finditer(text):
        start, end = m.span()
        chunk = text[start:end]
        lead = _BULLET.match(chunk)
        if lead:
            start += lead.end()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1] in " \t\n":
            end -= 1
        if end - start >= SENTENCE_MIN:
            spans.append((start, end))
    return spans


# What people wrap a stated rule in ("btw, …", "no, stop - …", "… - keep that in mind"): not
# part of the fact, and noise words to every later match.
# (used with .match(text, start): anchored at ``start``, which "^" would not be)
_LEAD_ASIDE = re.compile(
    r"(?:(?:btw|by the way|also|oh|and|fyi|note|reminder|heads up|thanks|thank you|great|"
    r"actually|just so you know|for the record|for context|(?:and )?since you'?re (?:in there|"
    r"at it|here))\b[\s,:;.!-]*|"
    r"(?:no|stop|wait|ok|okay|so|yes|yeah|yep|right|sure|looks good|lgtm|"
    r"(?:second|third|last) time(?: now)?)\b\s*[,:;.!-]+\s*|"
    # who said it, before the quoted rule: 'Mei posted this in the team channel: "…"'
    r"\w+ (?:posted|said|wrote|shared|mentioned)(?: this| that)?"
    r"(?: in (?:the )?[\w #-]{1,30}?)?(?: (?:this morning|today|yesterday|earlier))?:\s*[\"“]?)+",
    re.IGNORECASE)  # ("no", "so" only with a mark after them: "No print() in library code")
_TAIL_ASIDE = re.compile(
    r"[\"”]?[\s,;:-]+(?:please )?(?:keep (?:that|this|it) in mind|remember that|just so you know|"
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


_CD_FIRST = re.compile(r"^\s*(?:cd|pushd)\s+\S+\s*(?:&&|;)\s*")


def _program(command: str) -> str:
    """The program a shell command runs (after env assignments, sudo, `uv run` and friends)."""
    command = _CD_FIRST.sub("", command)  # "cd envs/staging && terraform init": terraform
    words = [w for w in command.split() if "=" not in w or w.startswith("-")]
    while words and words[0] in ("sudo", "env", "time", "exec", "nohup", "command", "timeout"):
        words = words[2:] if words[0] == "timeout" and len(words) > 1 and words[1][:1].isdigit() \
            else words[1:]
    if len(words) >= 2 and words[0] in ("uv", "poetry", "pipenv", "npx", "pnpm", "yarn",
                                        "bunx", "bundle") and words[1] in ("run", "exec", "dlx"):
        return " ".join(words[:3])
    return words[0] if words else ""


def _command_words(command: str) -> set[str]:
    """What a command does, in words (not the directory it was run from)."""
    return {w.lower().strip("'\"") for w in re.findall(r"[\w.:-]+", _CD_FIRST.sub("", command))
            if len(w) > 1 and not w.startswith("-")}


def _recovers(failed: _Command, good: str, *, newest: bool = False) -> bool:
    """Whether ``good`` does ``failed``'s job another way: the command the user quoted after
    the failure, or not the same command again, sharing a word of what it does, and either a
    different program or an environmental error.
    ``newest``: ``failed`` is the last command run before ``good``."""
    bad = failed.text
    if one_line(bad) == one_line(good) or _program(good) in _HOUSEKEEPING:
        return False
    said = one_line(good)  # (a long command is cited by its first 160 characters)
    if any(hint.startswith(said) for hint in failed.hints):
        return True  # the user handed it over after the failure ("ah, here it's `X`")
    bad_words, good_words = _command_words(bad), _command_words(good)
    if bad_words and bad_words < good_words and any(
            w.startswith("-") or "=" in w or w in ("&&", ";")
            for w in set(good.split()) - set(bad.split())) and (
            not failed.edited_after or _ENV_ERROR.search(failed.error)):
        # the same command with what it lacked: a flag, a setting, a step before it (after
        # an edit, unless the failure was the surroundings', it may be the edit that fixed it)
        return True
    shared = bad_words & good_words
    if not shared:
        # Another tool altogether ("protoc" fails, "buf generate" works) is a recovery only
        # when it ran right after the failure, with no word from the user in between, and the
        # failure was the surroundings' (not found, connection refused), not the code's.
        return newest and not failed.asked_after and _program(bad) != _program(good) \
            and _program(bad) not in _HOUSEKEEPING and bool(_ENV_ERROR.search(failed.error)) \
            and not good_words & _LOOKS  # ("docker context ls" looks; it does not do the job)
    if _program(bad) != _program(good):
        return not failed.edited_after or bool(_ENV_ERROR.search(failed.error))
    if not failed.edited_after and any(g.startswith(b + ":") for b in bad_words - shared
                                       for g in good_words - shared):
        # nothing was changed in between, and the command that works names a variant of the
        # job that failed ("db:seed" fails, "db:seed:replant" works)
        return True
    return bool(_ENV_ERROR.search(failed.error))


@dataclass(slots=True)
class FactExtractor:
    """Fold cleaned turns into facts (see the module docstring)."""

    source: str = ""
    facts: list[Fact] = field(default_factory=list)
    _pending: dict[str, tuple[Cited, str]] = field(default_factory=dict)
    _commands: list[_Command] = field(default_factory=list)
    _outputs: deque = field(default_factory=lambda: deque(maxlen=RECENT_OUTPUTS))
    _keys: set = field(default_factory=set)
    _ask: Cited | None = None  # the latest prompt: the situation a fact was learned in
    _symptom: bool = False  # that prompt reports a problem (not a request)
    _probed: bool = False  # a tool ran since it
    _explained: bool = False  # the assistant already explained it
    _question: bool = False  # the latest prompt asks something
    _answered: bool = False  # ... and the assistant answered it with a fact about the setup
    _reported: Block | None = None  # the prompt that reported the problem (its diagnosis too)
    _facts_at_ask: int = 0  # facts kept before that prompt
    _changed: bool = False  # a file was written since that prompt (something was tried)
    _judged: Block | None = None  # ... and the assistant's latest judgement of it
    _fallback: Block | None = None  # that judgement, once a revert came: the finding if none follows
    # Since the latest prompt: IDLE; REVERTING (a revert was said or asked for: the next
    # explanation says why); or FOUND (a falsified finding was kept: look for no other).
    _revert: str = "idle"

    def add(self, turn: Turn) -> None:
        if len(self.facts) >= MAX_FACTS:
            return
        if turn.kind == "prompt" and not turn.sidechain:
            said = " ".join(b.text for b in turn.blocks if b.kind == "text" and b.text)
            # a new word from the user: a new finding to look for, and "hmm, that's worse.
            # undo it" asks for a revert whose reason comes next
            follow_up = len(said) <= FOLLOW_UP_CHARS and bool(_FOLLOW_UP.search(said.strip()))
            # "give me a paragraph on why we're not doing it": the reason is still to come
            kept = follow_up and self._revert == "reverting"
            if not kept:
                self.settle()  # a revert that no explanation followed: its judgement stands
            self._revert = "reverting" if kept or (_REVERT_SAID.search(said) and len(said) < 200) \
                else "idle"
            if self._commands:
                self._commands[-1].asked_after = True
            if self._revert == "reverting" and not kept:
                self._fallback, self._judged = self._judged, None
            follow_up = follow_up and (self._symptom or kept)
            if follow_up and self._symptom:
                self._explained = False  # "what was it?": the explanation is still to come
            quoted = {one_line(t) for t in _QUOTED_COMMAND.findall(said)
                      + _SAID_COMMAND.findall(said)}
            for command in self._commands[-RECENT_FAILURES:] if quoted else ():
                if command.failed and not command.recovered:
                    command.hints |= quoted
            # ("undo it" is no new situation: what it reverts was learned under the request
            # that tried it)
            first = self._revert != "reverting" and not follow_up
            for block in turn.blocks:
                if block.kind == "text" and block.text:
                    if first:
                        self._asked(block)
                        first = False
                    self._pasted_failure(block)
                    self._user_text(block)
        elif turn.kind == "tool_result":
            self._probed = True
            for block in turn.blocks:
                if block.kind == "tool_result":
                    self._result(block)
        elif turn.role == "assistant":
            for block in turn.blocks:
                if block.kind == "text" and block.text and not turn.sidechain:
                    self._assistant_text(block)
                elif block.kind == "tool_use" and block.tool_id:
                    if len(self._pending) >= 512:
                        self._pending.pop(next(iter(self._pending)))
                    first = block.text.splitlines()[0] if block.text else ""
                    if self._revert == "idle" and block.tool in SHELL_TOOLS \
                            and _REVERT_COMMAND.match(first):
                        self._revert = "reverting"  # its reason comes next
                        self._fallback, self._judged = self._judged or self._fallback, None
                    self._pending[block.tool_id] = (
                        Cited(block.uuid, snippet(first, 160), "command", self.source,
                              block.offset), block.tool or "")

    # ------------------------------------------------------------ texts
    def _cite(self, block: Block, start: int, end: int, role: str) -> Cited:
        return Cited(block.uuid, block.text[start:end], role, self.source, block.offset)

    def _asked(self, block: Block) -> None:
        text = block.text.strip()
        if len(content_words(text)) < ASK_MIN_WORDS:
            if _is_question(text) and len(content_words(text)) >= 2:
                # "which R are we on?" asks all the same ("so what's the verdict?" is no new
                # situation)
                self._ask = Cited(block.uuid, snippet(text, ASK_CHARS), "prompt", self.source,
                                  block.offset)
                self._question, self._answered, self._probed = True, False, False
                self._symptom, self._reported = False, None
                self._facts_at_ask = len(self.facts)
            return  # "ok, do that", "hmm, that's worse. undo it": the situation is unchanged
        self._ask = Cited(block.uuid, snippet(text, ASK_CHARS), "prompt", self.source,
                          block.offset)
        self._symptom = bool(_SYMPTOM.search(text)) and (
            not _IMPERATIVE.match(text) or bool(_REPORTED.search(text)))
        self._reported = block if self._symptom else None
        self._facts_at_ask = len(self.facts)
        self._changed, self._judged = False, None
        # output pasted into the prompt is the look a probe would have taken
        self._probed = "\n" in text and len(text) > 80
        self._explained = False
        # any of its sentences: "two things. first, pull main. second: where's the local
        # connection string? …" asks about the setup as much as a prompt that only asks
        self._question = _is_question(text) or any(
            _is_question(text[a:b]) for a, b in (_trim_asides(text, *span)
                                                 for span in sentences(text)))
        self._answered = False

    def _in_context(self, kind: str, sentence: str, cited: list[Cited]) -> None:
        """Keep a fact the assistant stated about a situation, with the prompt that set it up
        (what was asked is what a later prompt about the same thing will share words with)."""
        ask = self._ask
        if ask is None or one_line(ask.excerpt) in one_line(sentence):
            self._keep(kind, sentence, cited)
            return
        # the fact first: a remedy sentence is worth more than the end of the prompt
        head = snippet(one_line(sentence), ROOM_BESIDE_ASK)
        asked = snippet(one_line(ask.excerpt), FACT_CHARS - len(head) - 12)
        self._keep(kind, sentence, cited + [ask], text=f"{head} [asked: {asked}]")

    def _user_text(self, block: Block) -> None:
        text = block.text
        spans = sentences(text)
        taken = -1  # a sentence already kept as part of the one before
        for at, (start, end) in enumerate(spans):
            if at <= taken or end - start > 2 * SENTENCE_MAX:
                continue  # (an over-long "sentence" is no rule; trimming it costs quadratic time)
            start, end = _trim_asides(text, start, end)
            sentence = text[start:end]
            if len(sentence) > SENTENCE_MAX or _is_question(sentence) \
                    or _TRANSIENT.search(sentence):
                continue
            kind = None
            low = sentence.lower()
            intro = _RULE_INTRO.search(sentence)
            if intro and end - (start + intro.end()) >= SENTENCE_MIN \
                    and not _FIRST_PERSON.match(sentence, intro.end()):
                quoted = intro.group(0)[-1:] in "\"“"
                start += intro.end()  # the rule is what follows its announcement
                close = text.find("”" if intro.group(0).endswith("“") else '"', start, end)
                if quoted and close > start + SENTENCE_MIN:
                    end = close  # (the quote alone: "… forgetting it: "X" then fix the lint")
                _start, end, taken = self._whole_rule(text, spans, at, start, end)
                sentence = text[start:end]
                self._keep("convention", sentence, [self._cite(block, start, end, "fact")])
                continue
            if _hinted(low, _FALSIFIED_HINTS) and _FALSIFIED.search(sentence):
                kind = "falsified"
            elif _hinted(low, _GOTCHA_HINTS) and _GOTCHA.search(sentence):
                kind = "gotcha"
            elif _PREFERENCE.search(sentence):
                kind = "preference"
            elif (rule := _RULE.search(sentence)) and not (
                    rule.group(0).lower() in _ONE_OFF and (
                        _IMPERATIVE.match(sentence) or not _RULE_SETTING.search(sentence))):
                kind = "convention"
                if rule.group(0)[:1] in _CLAUSE_MARKS and _PRAISE.search(
                        text, start, start + rule.start()) and not _CODEISH.search(
                        text, start, start + rule.start()):
                    # "good that you did it this way, no partial functions in library code":
                    # the rule starts at its clause; the praise before it is no part of it
                    start += rule.start() + 1
                    while start < end and not text[start].isalnum():
                        start += 1
                    sentence = text[start:end]
            elif _ALWAYS.search(sentence) and (_RULE_SETTING.search(sentence) or _CODEISH.search(
                    sentence)) and not _REPORTING.search(sentence):  # (or about code)
                kind = "convention"
            elif not _IMPERATIVE.match(sentence) and _states(sentence) and any(
                    t.startswith(("port:", "env:", "v:")) for t in salient_tokens(sentence)):
                kind = "environment"
            if kind == "convention":
                start, end, taken = self._whole_rule(text, spans, at, start, end)
                sentence = text[start:end]
            if kind:
                self._keep(kind, sentence, [self._cite(block, start, end, "fact")])

    @staticmethod
    def _whole_rule(text: str, spans: list[tuple[int, int]], at: int, start: int,
                    end: int) -> tuple[int, int, int]:
        """A rule's span with the sentences that belong to it: the one before, when the rule
        is only its elliptical tail ("money is an integer number of pence. Never a
        DecimalField, never a float."); the one after, when it gives the rule's code ("no
        heap in the firmware. fixed-size pools come from K_MEM_SLAB_DEFINE") or is such a
        tail. Returns (start, end, index of the last sentence used)."""
        last = at
        if at and _ELLIPTICAL.match(text, start, end):
            before = spans[at - 1]
            said = text[before[0]:before[1]]
            if not _is_question(said) and end - before[0] <= SENTENCE_MAX:
                start = before[0]
        if at + 1 < len(spans):
            after = spans[at + 1]
            said = text[after[0]:after[1]]
            if not (_is_question(said) or _IMPERATIVE.match(said) or _TRANSIENT.search(said)) \
                    and (_CODEISH.search(said) or _BACKTICK.search(said) or salient_tokens(said)
                         or _ELLIPTICAL.match(said)) and after[1] - start <= FACT_CHARS:
                end, last = after[1], at + 1
        return start, end, last

    def _assistant_text(self, block: Block) -> None:
        text = block.text
        spans = sentences(text)
        if self._revert == "reverting":
            if self._why_reverted(block, spans):
                self._fallback = None
                return  # (the finding is this message: nothing else to read in it)
        elif self._revert == "idle":
            if self._changed and any(
                    _CAUSE.search(text[a:b]) and not _NARRATION.match(text[a:b])
                    and len(content_words(text[a:b]) - _VERDICT_WORDS) >= VERDICT_MIN_WORDS
                    for a, b in spans):
                self._judged = copy.copy(block)  # ("Verdict for when you're back: …")
            if _REVERT_SAID.search(text):
                self._revert = "reverting"
        if self._symptom and self._probed and not self._explained and spans \
                and self._reported is not None and _CONFIRMS.match(text[spans[0][0]:spans[0][1]]):
            self._explained = self._confirmed(self._reported)
        for at, (start, end) in enumerate(spans):
            sentence = text[start:end]
            if len(sentence) > SENTENCE_MAX or sentence.rstrip().endswith("?"):
                continue
            low = sentence.lower()
            cited = [self._cite(block, start, end, "fact")]
            # (before the narration filter: "I've reverted it: …" is a verdict, not a plan)
            if _VERDICT_START.match(sentence) or (
                    _hinted(low, _FALSIFIED_HINTS) and _FALSIFIED.search(sentence)):
                if len(content_words(sentence) - _VERDICT_WORDS) >= VERDICT_MIN_WORDS \
                        and self._revert != "found":  # ("Backed out; the tree is clean again.")
                    self._in_context("falsified", sentence, cited)
                    self._revert = "found"
                continue
            if _SNAG.search(sentence) and len(content_words(sentence)) <= SNAG_WORDS:
                # "Before I can do that there's a snag." — a problem found on the way, as
                # good as one the user reported: its explanation comes next
                self._symptom, self._explained = True, False
                continue
            if "`" in sentence and _FAILS_SAID.search(sentence) \
                    and self._said_failure(block, start, end):
                continue  # (what fails is for the recovery to say)
            if _NARRATION.match(sentence):
                continue
            if self._symptom and self._probed and not self._explained \
                    and _CAUSE.search(sentence):
                # The first explanation of a problem the user reported, after looking into it,
                # with the remedy when the next sentence gives one ("Raise X", "Run it with …").
                self._explained = True
                room = ROOM_BESIDE_ASK if self._ask is not None else FACT_CHARS
                label = _CAUSE_LABEL.match(sentence)
                if label:
                    spans[at] = (start + label.end(), end)
                pieces = _with_remedy(text, spans, at, room)
                sentence = _joined(text, pieces, spans)
                cited = [self._cite(block, a, b, "fact") for a, b in pieces]
                self._in_context("gotcha", sentence, cited + self._backing(
                    salient_tokens(sentence)))
                continue
            gotcha = _hinted(low, _GOTCHA_HINTS) and _GOTCHA.search(sentence)
            tokens = salient_tokens(sentence) or _names(sentence)
            # (the first answer needs no verb of its own: "R 4.3.3, as recorded in renv.lock")
            answering = self._question and self._probed and not self._answered \
                and len(self.facts) == self._facts_at_ask and not _REMEDY.match(sentence) \
                and not _SEARCHED.match(sentence)
            if not tokens or (not gotcha and not _states(sentence) and not answering):
                continue
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
                line = scrubbing.scrub(_answering_line(output, sentence),
                                       context="tool_output").text
                self._in_context("environment", sentence,
                                 cited + [Cited(uuid, snippet(line, 160), "output", self.source,
                                                offset)])

    def _confirmed(self, report: Block) -> bool:
        """The user's own diagnosis in the prompt that reported the problem, which the
        assistant has just confirmed after looking ("… I think I've got it: X ignores NULL by
        default … can you double-check?" — "You're right, that's exactly it."). Whether one
        was kept."""
        text = report.text
        spans = sentences(text)
        diagnosing = False  # only what follows "I think I've got it" is the user's diagnosis
        for at, (start, end) in enumerate(spans[1:], 1):  # (the first is the symptom)
            sentence = text[start:end]
            lead = _DIAGNOSIS_START.search(sentence)
            if lead:
                diagnosing = True
                start += lead.end()
                spans[at] = (start, end)
                sentence = text[start:end]
            if not diagnosing or _is_question(sentence) or _IMPERATIVE.match(sentence) \
                    or not _CAUSE.search(sentence) or end - start < SENTENCE_MIN:
                continue
            pieces = _with_remedy(text, spans, at, ROOM_BESIDE_ASK, said_by_user=True)
            kept = text[pieces[0][0]:pieces[-1][1]]
            # (what was read from these sentences before is part of the diagnosis: "… so the
            # errors never appear" is no rule, "the fix is to define X" no fact of its own)
            self._forget([f for f in self.facts if any(
                c.uuid == report.uuid and c.role == "fact" and c.excerpt in kept
                for c in f.cited)])
            self._in_context("gotcha", _joined(text, pieces, spans),
                             [self._cite(report, a, b, "fact") for a, b in pieces])
            return True
        return False

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
                    or _NARRATION.match(sentence):
                continue
            if len(content_words(sentence) - _VERDICT_WORDS) < VERDICT_MIN_WORDS:
                if verdict is None and at == 0:
                    verdict = start
                continue
            if verdict is not None and end - verdict < room:
                start = verdict  # (the verdict first: it names what was tried)
            label = _CAUSE_LABEL.match(text, start, end)  # ("Verdict for when you're back: …")
            if label and end - label.end() >= SENTENCE_MIN:
                start = label.end()
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
              text: str | None = None, subject: str | None = None) -> None:
        text = text or snippet(one_line(sentence), FACT_CHARS)
        text = _LABEL.sub("", text)  # ("**Why, and the fix:** By default …")
        if re.match(r"[a-z]+(?:'[a-z]+)?\b(?![._:(/])", text):  # not "observeEvent", "data.table"
            text = text[:1].upper() + text[1:]  # a rule quoted from mid-sentence reads as one
        if len(text) < SENTENCE_MIN or scrubbing.MARK_PREFIX in sentence:
            return  # a sentence that carried a secret is an instruction, not a fact to keep
        key = signature(text)
        if any(same_fact(key, k) for k in self._keys):
            return
        if sum(1 for f in self.facts if f.kind == kind) >= MAX_PER_KIND \
                or len(self.facts) >= MAX_FACTS:
            return
        self._keys.add(key)
        polarity = "factual"
        if kind in ("convention", "preference"):
            polarity = "avoid" if _AVOID.search(sentence) and not re.search(
                r"\balways\b|\binstead\b|\bprefer\b", sentence, re.IGNORECASE) else "prefer"
        if subject is None:
            tokens = sorted(key[0])
            subject = f"{kind}:{' '.join(tokens)}" if tokens and kind != "falsified" else ""
        self.facts.append(Fact(kind, text, cited, subject=subject, polarity=polarity))

    def _pasted_failure(self, block: Block) -> None:
        """A command the user ran and whose failing output they pasted ("I tried `X` myself
        and got this: …"): a failure the assistant's next commands may recover from."""
        text = block.text
        quoted = _QUOTED_COMMAND.findall(text)
        if not quoted or "\n" not in text:
            return
        command = quoted[-1]
        pasted = text[text.rfind(command) + len(command):]
        if not (ERRORISH.search(pasted) or _ENV_ERROR.search(pasted)):  # it failed
            return
        error, error_cited = _error(block, self.source, pasted)
        if error_cited is None or _program(command) in _HOUSEKEEPING:
            return
        self._commands.append(_Command(
            one_line(command), Cited(block.uuid, command, "command", self.source, block.offset),
            True, error, error_cited, ask=self._ask, facts_before=len(self.facts)))
        del self._commands[:-16]

    def _said_failure(self, block: Block, start: int, end: int) -> bool:
        """A command the assistant says fails ("the hook runs `uv run pytest -x -q`, which fails
        here no matter what"): a failure the next commands may recover from, as if it had run."""
        text = block.text
        for m in _BACKTICK.finditer(text, start, end):
            command = m.group(1)
            if " " not in command or _program(command) in _HOUSEKEEPING:
                continue
            # (no error line: the sentence that says so is cited instead)
            self._commands.append(_Command(
                one_line(command), self._cite(block, m.start(1), m.end(1), "command"), True,
                "", self._cite(block, start, end, "failure"), ask=self._ask,
                facts_before=len(self.facts)))
            del self._commands[:-16]
            return True
        return False

    def _forget(self, facts: list[Fact]) -> None:
        for fact in facts:
            self.facts.remove(fact)
            self._keys.discard(signature(fact.text))

    # ------------------------------------------------------------ tools
    def _result(self, block: Block) -> None:
        opened = self._pending.pop(block.tool_id or "", None)
        if opened is None or block.withheld:
            return
        cited, tool = opened
        if block.text:  # an error ("REDIS_URL is not set") backs a fact as well as a success
            self._outputs.append((block.uuid, block.offset, block.text))
        if tool in FILE_TOOLS and not block.is_error:
            self._changed = True
            for command in self._commands:
                command.edited_after = True  # what works next may be the code's fix
        if tool not in SHELL_TOOLS or not cited.excerpt:
            return
        command = cited.excerpt
        if block.is_error or (_did_nothing_hint(block.text) and _DID_NOTHING.search(block.text)):
            error, error_cited = _error(block, self.source)
            self._commands.append(_Command(command, cited, True, error, error_cited,
                                           ask=self._ask, facts_before=len(self.facts)))
            del self._commands[:-16]
            return
        same = one_line(command)
        for failed in reversed([c for c in self._commands if c.failed][-RECENT_FAILURES:]):
            if one_line(failed.text) == same:
                failed.recovered = True  # it works now (the code was fixed): nothing to learn
            if failed.recovered or not _recovers(failed, command,
                                                 newest=failed is self._commands[-1]):
                continue
            failed.recovered = True
            said = [f for f in self.facts if same in one_line(f.text)]
            if any(at < failed.facts_before or f.kind != "convention"
                   for at, f in enumerate(self.facts) if f in said):
                break  # already said ("we always run the tests with `make check`")
            # The user's hint after the failure ("ah, in this repo it's `X`") says less than
            # the recovery (what failed, why, what was asked): the recovery replaces it.
            self._forget(said)
            why = f": {one_line(failed.error)}" if failed.error else ""
            text = f"Use `{one_line(command)}` here (`{one_line(failed.text)}` fails{why})"
            cites = [cited] + ([failed.error_cited] if failed.error_cited else [failed.cited])
            ask = failed.ask or self._ask  # the situation it failed in, not the hint
            if ask is not None:
                text = snippet(text, FACT_CHARS - ASK_CHARS - 12)
                text += f" [asked: {one_line(ask.excerpt)}]"
                cites.append(ask)
            # (no sentence: a command with a redacted secret is still worth knowing)
            self._keep("recovery", "", cites, text=text,
                       subject="recovery:" + " ".join(command.split()[:3]))
            break
        self._commands.append(_Command(command, cited, False))
        del self._commands[:-16]


def _remedial(sentence: str) -> bool:
    """Whether a sentence says what to do about a problem: an order, code, a salient value
    (never a question: "can you double-check and fix it?")."""
    if sentence.rstrip().endswith("?") or len(sentence) > SENTENCE_MAX:
        return False
    return bool(_REMEDY.search(sentence) or _BACKTICK.search(sentence)
                or _CODEISH.search(sentence) or salient_tokens(sentence))


def _with_remedy(text: str, spans: list[tuple[int, int]], at: int, room: int, *,
                 said_by_user: bool = False) -> list[tuple[int, int]]:
    """The explanation at ``spans[at]`` with the remedy that follows it, as exact spans of
    ``text`` within ``room`` characters: the next sentences while they say what to do, or,
    past one that does not ("DateTime.ParseExact returns Kind=Unspecified."), the first that
    does. A remedy too long for the room keeps its first clauses ("read it with AsNoTracking()
    when it's only needed for the check; here …"). ``said_by_user``: the user's words, whose
    orders ("please fix it") are no remedy."""
    pieces = [spans[at]]
    skipped = False
    for start, end in spans[at + 1:at + 4]:
        used = sum(b - a for a, b in pieces) + len(pieces) - 1
        if not _remedial(text[start:end]) or (said_by_user and _ORDER.search(text[start:end])):
            if skipped or len(pieces) > 1 or pieces[0][1] != spans[at][1]:
                break
            skipped = True  # one sentence of more cause, then the remedy
            continue
        fits = room - used - 1
        cut = end
        if end - start > fits:
            cuts = [m.start() for m in _CLAUSE_END.finditer(text, start, start + fits)]
            cut = next((c for c in reversed(cuts) if c - start >= SENTENCE_MIN
                        and _remedial(text[start:c])), 0)
            if not cut and len(pieces) == 1:
                # the whole remedy, and the cause up to a clause that leaves room for it
                # ("… the current ID stack, and every row uses …" + "Pushing … PushID(i) …")
                first, last = pieces[0]
                most = first + room - (end - start) - 1 - (start - last if not skipped else 0)
                shorter = [m.start() for m in _CLAUSE_END.finditer(text, first, max(first, most))]
                if shorter and shorter[-1] - first >= ASK_MIN_CHARS:
                    pieces[0] = (first, shorter[-1])
                    pieces.append((start, end))
                break
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


def _error(block: Block, source: str, output: str | None = None) -> tuple[str, Cited | None]:
    """The most telling line of a failed command's output (``output``, else the block's
    text), and its citation (in ``block``)."""
    output = block.text if output is None else output
    _code, line = error_line(output)
    # A test runner's "--- FAIL: TestX" says less than the "connection refused" under it.
    for candidate in output.splitlines():
        if _ENV_ERROR.search(candidate):
            line = candidate.strip()
            break
    if not line:
        return "", None
    line = snippet(line, 110)
    return line, Cited(block.uuid, line, "failure", source, block.offset)
