"""The rules capture reads a session with, in one place: the patterns that tell a stated rule,
a problem report, an explanation, a remedy, a revert or a verdict, and the small text
predicates and signatures built on them. ``rlat.capture.facts`` applies them, turn by turn
(see its docstring for the kinds of fact and docs/capture.md for every rule in words).

Most rules prefer dropping a fact to inventing one; each comment says which wording a rule
is for ("…"), and which it must leave alone.
"""

from __future__ import annotations

import functools
import re

from .. import patterns
from ..retrieval.expansion import stem
from ..retrieval.tokenize import STOP_WORDS
from ..retrieval.wordvec import meaning_table
from ..retrieval.wordvec import table as word_table
from .folded import Folded
from .session import one_line

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

RECURRENCE_OVERLAP = 0.6  # content-word Jaccard at which a stored claim is the same fact

# A sentence ends at . ! ? followed by a space or the end (a closing quote may come between),
# or at a line break ("15.4" and "setup.py" do not end one).
SENTENCE = rx(r"(?:[^\n.!?]|[.!?](?![\s]|$|[\"”’](?:\s|$)))+(?:[.!?]+[\"”’]?(?=\s|$))?")
# A name in code that ends in "!" ("ig/halt-key!", "swap!", "reset_all!"): its "!" ends no
# sentence. (Prose's "that fixed it! we always …" still does.)
CODE_BANG = rx(r"(?<![\w/-])(?:[\w]+[-/_][\w/-]*|`[^`\n]*)!(?=`?[ \t]+[a-z])")
# An elision standing alone between words ("throws 'Cannot load class ... MinecraftClient in
# …'"): it leaves words out of a quote, it ends no sentence. (A trailing "and then..." still
# does: its dots lean on the word before them.)
ELISION = rx(r"(?<= )(?:\.{3}|…)(?= )")
# An abbreviation's dot before the sentence goes on ("`0 3 * * 1-6`, i.e. Monday to Saturday",
# "a queue, e.g. SQS"): it ends no sentence.
ABBREVIATION = rx(r"\b(?:(?i:i\.e|e\.g)|vs|cf|approx|incl|esp|resp)\.(?=,?\s)|"
                          r"\b(?i:etc)\.(?=,?\s+[a-z0-9(`'\"])")  # ("… etc. Then": a sentence ends)
# Brackets or backticks around a short piece of a line: a mark inside ends no sentence ("The
# schedule's cron(0 18 * * ? *) has no timezone", "`git commit -m 'wip.' --no-verify`").
ENCLOSED = rx(r"\([^()\n]{1,80}\)|`[^`\n]{1,200}`")
# A line wrapped inside a sentence: the next line goes on indented, in lower case or a
# parenthesis ("Pick a label from conf/base.config\n  (process_low, …); the profiles size them").
WRAPPED = rx(r"(?<=[^\s.!?:])\n(?=[ \t]{2,}[a-z(])")
HEDGED = rx(r"\b(?:i doubt|not sure|i don'?t think|i wonder|no idea if|or something|"
                    # ("pretty sure the crash reporter posts straight to the vm's ip …": a guess)
                    r"(?:pretty|fairly|quite) sure|iirc|if i (?:remember|recall) (?:right|"
                    r"correctly)|"
                    r"something about|i don'?t (?:yet )?know (?:how|if|whether|why|what)|can'?t "
                    r"(?:yet )?tell (?:yet )?(?:whether|if))\b", re.IGNORECASE)
# A guess ruled out ("That wasn't it; the error doesn't come from leftover state."): the
# explanation is still to come — unless the rest of the sentence gives it: after a colon
# ("That wasn't it: BCL Convert doesn't accept two index lengths in one sheet."), or denying
# nothing ("… it — lane 3 mixes 10 bp and 8 bp indexes, and BCL Convert needs …"). "It isn't
# that" rules out only where the sentence ends: "It's not that sshd is wedged — full-size
# packets don't …" goes on to say what it is.
RULED_OUT = rx(r"^\W*(?:(?:no|nope|ok(?:ay)?|hm+|so|clean|fine|normal|nothing there|all good)"
               r"\W+)?(?:(?:that|this|it)(?:'s| is| was)"
               r"(?:n'?t| not) (?:(?:that|this)(?=\W*$)|(?:it|the (?:cause|problem|issue|culprit))"
               r"\b(?!\s*:)"
               r"(?=\W*$|[^\n]*?(?:\wn['’]t\b|\b(?:not|never|elsewhere|somewhere else)\b)))|"
               # ("That theory doesn't hold up. Running the full reproduction:")
               r"(?:that|this|the|your|my) (?:theory|hypothesis|guess|hunch|idea) "
               r"(?:doesn'?t|does not|didn'?t|did not|won'?t) hold\b)",
               re.IGNORECASE)
BULLET = rx(r"^\s*(?:(?:[-*+•]|\d+[.)])\s+)?\[[ xX✓]\]\s+|^\s*(?:[-*+•]|\d+[.)])\s+|"
                    r"^\s*#+\s+|^\s*>\s*")

# A question told of, with its own "we" ("Noordhaven support asks which IPs we call them from",
# "she wants to know how we name the buckets"): the rule's words after it ask, not say.
ASKED_OF = rx(r"\b(?:asks?|asked|asking|wants? to know|wanted to know|wondering|wonders|wondered|"
              r"no idea|not sure|doesn'?t know|don'?t know) (?:us |me )?(?:which|what|how|where|"
              r"whether|if|when|who|why)\b", re.IGNORECASE)
# A standing rule the user states. "always"/"never" and friends are what separate a rule
# from a one-off request ("use pnpm to install this" is a task; "we always use pnpm" is not).
RULE = rx(
    r"\b(?:from now on|going forward|by convention|our (?:convention|rule|policy|"
    r"standard|style)|(?:the|a|our) convention|house rule|in this (?:repo|repository|project|"
    r"codebase|team)|(?:here|in this repo),? we|we (?:use|don'?t use|do not use|prefer|avoid|"
    r"deploy|run|keep|name|put|store|pin|write|require|log|talk|handle|format|call|"
    # ("we only deploy on Fridays" — not the story "we only found out when …")
    r"only(?! (?:\w+ed|found|knew|saw|heard|got|had|did|came|went|ran|made|noticed)\b)|"
    r"document|test)|don'?t ever|do not ever|"
    r"make sure (?:to|you)|remember (?:that|to)|is (?:required|mandatory|forbidden|banned)|"
    r"must (?:always|never|be(?! \w+ing\b)|use|not|go|run|pass|stay|live)|should (?:always|"
    r"never)|instead|"
    r"stick (?:to|with)|standardi[sz]ed on|(?:is|are) (?:preferred|not allowed|off.limits)|"
    r"we(?:'re| are) (?:on|using)|(?:don'?t|do not|never|please don'?t) (?:use|add|call|import|"
    r"commit|push|touch|edit|hand.edit|write|mock|catch|log|print|throw|raise|silence|suppress|"
    r"ignore|skip|hard.?code)|we (?:don'?t|do not|never) (?:silence|suppress|ignore|skip|throw|"
    r"ship|merge|deploy)|rather than|instead of)\b"
    # "use tabs, not spaces"; "no unwrap() in library code"; "no partial functions in library
    # code"; "no unsafeRunSync anywhere outside tests"; "no ObservableObject any more" — at the
    # start of a sentence or of a clause ("yes - no …", "second time now: no …")
    r"|^\W*(?:please\s+)?(?:use|prefer|keep)\b[^.\n]{1,60},\s*(?:not|never)\b"
    # ... or an order never to do a thing, opening a sentence or a quote ("never pin a job to a
    # box name like PW-BUILD07, …"; not "never mind", nor "never again" said of a mishap, nor
    # what never happened: "never opened it"; a few marks between the colon or quote and it,
    # not a run: each colon or quote in a line of them scanned the rest, quadratic)
    r"|(?:^\W*|[:;\"“]\W{0,6})(?:(?:and|but|so|also)\s+)?never (?!(?:mind|again|ever|got|had|did|"
    r"saw|knew|ran|made|came|went|was|were|been|heard|found|thought|said|took|left|told|seen|"
    r"done|gone|is|are|has|have|could|would|really|even|understood|forgot)\b)(?![a-z]+ed\b)"
    # (nor what a thing never does: "never fires when the tab is hidden" — an order's verb is
    # bare, "never pass", "never focus")
    r"(?![a-z]*[^su]s\b)[a-z]{2,}\b"
    # ... or where a kind of thing goes ("numbers go in data/balance.tres, not in the scripts")
    r"|\b(?!(?:this|its|was|is|has|does|us)\b)[a-z]{3,}s (?:go|live|belong|stay) (?:in|into|under) "
    r"(?:[^,.;\n]|\.(?=\w)){1,60},\s*"
    r"(?:not|never)\b"
    r"|(?:^|[,:;\"“—–-]\s)\W{0,6}(?:(?:yes|yeah|yep|ok|okay|right|sure)\W+)?"
    r"no (?:[\w.()@!-]+ ){1,4}?"
    r"(?:anywhere|in|for|on|inside|outside)\b"
    r"|\bno [\w.()@!-]+(?: or [\w.()@!-]+)? any ?more\b"
    # ... or a list of what there is none of: "no print(), and no logging.getLogger either",
    # "no `export let` and no writable stores", "no static C# events, no singletons"
    r"|(?:^|[,:;\"“—–-]\s)\W{0,6}no [\w$`'.()@#!-]+(?: [\w$`'.()@#!-]+){0,3}?,? (?:and |or )?no "
    r"[\w$`'.()@#!-]+"
    # "every resource has to carry the common tags"; "tests are written with Pest, not …";
    # "every async method takes a CancellationToken"; "each string goes through the catalog"
    r"|\b(?:every|each|all|any)\b[^.\n]{0,60}?\b(?:has to|have to|must|needs? to|should)\b"
    r"|\b(?:every|each) (?:[\w@.-]+ ){1,4}?(?:takes|goes through|passes|uses|returns|lives in|"
    r"belongs in|carries|follows|starts with|ends with|requires)\b"
    r"|\b(?:is|are) \w+(?:ed|en) (?:with|in|as|using|through|by)\b[^.\n]{1,80}?,\s*(?:not|never)\b",
    re.IGNORECASE)
# How a kind of thing is done here, said in ways that also fit ordinary chat — so read only in
# the user's own statements that give no order and report nothing (``rlat.capture.facts``):
HOW_DONE = rx(
    # "every button / pressable gets a testID", "each job needs a timeout"
    r"\b(?:every|each)\s+(?!(?:time|day|week|month|year|morning|night|run|once)\b)"
    r"(?:[\w@.-]+\s+(?:/\s+|or\s+)?){0,3}?[\w@.-]+\s+(?:gets|needs|takes|has (?:a|an|its|their)|"
    r"goes (?:in|into|through)|"
    # ... "each one writes a versions.yml", "every handler returns a Result" (verbs that say
    # what each one does, not how it went: "every test passes" is a report)
    r"writes|emits|returns (?:a|an|its|their|the)|uses|exposes|extends|implements|imports|"
    r"declares|defines|registers|carries|ships with|lives (?:in|under)|starts with|ends with|"
    r"follows|inherits|wraps|logs (?:through|with|via))\b"
    # "we dont do the active record static methods on entities": a practice the team keeps off
    r"|(?<!why )\bwe (?:don'?t|do not|never) (?:do|use|write|put|call|add|commit|push|store|"
    r"keep|allow|accept|mock|catch|log|print|expose|return|hardcode|hand.edit|import|depend|"
    r"touch|edit|name|run|ship|deploy|merge)\b"
    # "queries go in the repository classes"
    r"|^\W*(?:[\w@./-]+\s+){0,3}?[\w@./-]+s\s+(?:go (?:in|into|under)|live (?:in|under)|"
    r"belong (?:in|under))\b"
    # "flyway migrations are named by timestamp", "errors a user can cause are raised with
    # ereport(…)"
    r"|(?:^|[,;:—–-]\s)\W{0,6}(?:[\w@./-]+\s+){0,5}?are (?:named|called|prefixed|suffixed|numbered|"
    r"versioned|written|registered|declared|defined|raised|handled|logged|validated|formatted|"
    r"wrapped|reported|generated|injected|tested|mocked) (?:by|with|after|as|like|"
    r"through|using|via)\b"
    # "it goes in strings.xml", "elog is only for can't-happen internal errors"
    r"|(?:^|[,;:—–-]\s)\W{0,6}(?:it|they|those) (?:goes|go|belongs?|lives?) (?:in|into|under)\b"
    # "no QThread subclass, that one is old": what is not done any more, and why
    r"|^\W*no [\w:.<>()-]+(?: [\w:.<>()-]+){0,3}?[,;:-]+\s*(?:that|this|it)(?:'s| one is| is| are) "
    r"(?:old|deprecated|legacy|outdated|the old way)\b"
    # "Hardware access stays in the bsp layer"
    r"|\b(?:stays?|lives?|belongs?) (?:in|inside|behind) (?:the|its|their|a|teh) [\w -]{1,30}?"
    r"(?:layer|module|package|folder|directory|crate|service|boundary)\b"
    r"|\b(?:is|are) only (?:for|ever used for|used for|allowed in)\b"
    # "no user-visible text is written inline in a composable"
    r"|(?:^|[,:;\"“—–-]\s)\W{0,6}no (?:[\w.()@!-]+ ){1,4}?(?:is|are) \w+(?:ed|en)\b",
    re.IGNORECASE)
# A note said to be kept for the sessions to come ("one thing worth keeping for next time",
# "notes for next time"; not a bare "for next time": "park the dark mode work for next time: …").
_FOR_NEXT_TIME = (r"(?:one )?(?:thing|note)s? (?:worth (?:keeping|remembering|knowing)|to "
                  r"(?:keep|remember)|for next time)(?: for next time)?")
# A rule the user announces as one ("one thing you couldn't know: …", "we keep forgetting it:
# "…"", "we turned it down: …"): what follows the colon is the rule, in whatever words.
RULE_INTRO = rx(
    r"\b(?:(?:one thing|something) you (?:couldn'?t|could not|can'?t|wouldn'?t|didn'?t|don'?t) "
    r"know|we keep forgetting (?:it|this|that)|we turned (?:it|that|this) down|for future "
    r"reference|(?:one|the|our|house|team) rules?\b[^:.\n]{0,40}|the rule (?:here )?is|"
    r"(?:this|that) is non.negotiable|[^:.\n]{0,30}\b(?:isn'?t|not) up for debate|(?:note )?from me[^:.\n]{0,30}|not in the ticket|"
    # ("before you start, because I know you'll forget: …", "one thing worth keeping for next
    # time: …")
    r"(?:before you start,? )?because (?:i know )?you'?ll forget|" + _FOR_NEXT_TIME + r"|"
    # ("Morag won't approve #142 until this is fixed: station payloads get decoded into …": a
    # reviewer's rule, passed on)
    r"(?:won'?t|will not|refuses? to) (?:approve|merge|sign off on|accept|land) (?:#\d+|it|"
    r"this|that|the (?:pr|mr|change|diff|branch))\b[^:.\n]{0,30}|"
    # ("and one thing about how we do it here: logging is defmt only …")
    r"(?:one thing|something|a thing) about how we do (?:it|things|this) (?:here|in this "
    r"(?:repo|project|codebase))|"
    # ("reminder for anyone touching src/Shared: …", "heads up for whoever deploys: …")
    # (whom it is for is its scope, kept with the rule: ``scope``)
    r"(?:friendly |quick )?(?:reminder|heads.up|fyi|psa) (?P<scope>for (?:anyone|everyone|"
    r"whoever)[^:.\n]{0,40}))\W*?:\s*"
    r"[\"“]?", re.IGNORECASE)
# A line that announces the rules after it, a list or a quoted review comment ("ground rules:",
# "… and it goes for everything from now on:"): each sentence of the block it opens is a rule.
ANNOUNCED = rx(r"^(?!.*\b(?:want|like to|need to|following|to.?do|tasks?|steps?|plan|"
                       r"said|says|output|ticket)\b).*\b(?:(?:ground|house|team|our|review|"
                       r"style|coding) rules|(?:our|team|house) conventions|(?:goes|applies|holds) "
                       r"for everything|from now on|going forward)\b[^\n]{0,60}:\s*$",
                       re.IGNORECASE)
# A user making what came before a rule ("so that's the rule now." after a pasted thread,
# "let's make that the rule"): the statements before it that say how things are done are
# rules (``NORMATIVE``; at most two, from the same message).
RULE_AFTER = rx(r"^(?!.*\b(?:not|n'?t|doubt|unless|if|whether)\b).*(?:\b(?:that'?s|that is|"
                        r"this is) (?:the|our|the new) (?:rule|convention|policy)\b|\bmake "
                        r"(?:that|this|it) (?:the|a|our) (?:rule|convention)\b)", re.IGNORECASE)
# The user saying the assistant did it the wrong way, before saying the right one ("thats not
# how we do it here. it's npm run build:blocks, that passes …"): the next sentence is the rule.
CORRECTED = rx(r"^\W*(?:(?:no|nope|nah|hmm+|wait|oh|ah|uh)\W+)*(?:that'?s|thats|this is|it'?s|"
               r"its) not (?:how|the way) (?:we|you) (?:do (?:it|this|that|things)|\w+ (?:it|them|"
               r"things))(?: (?:here|around here|in this (?:repo|project|codebase|team)))?"
               # (and an apology for not saying so: "…, my bad for not saying", "sorry")
               r"(?:\W+(?:my bad|sorry|oops|should have said)\b[^.!?\n]{0,30})?\W*$",
               re.IGNORECASE)
# ... or says so and the right way in one sentence ("hmm, not in that form — state shared between
# tasks goes through embassy_sync …", "no, not like that: …"): the rule is what follows the dash.
CORRECTED_THEN = rx(r"^\W*(?:(?:hmm+|no|nope|nah|wait)\W+)*(?:not (?:in )?(?:that|this) "
                            r"(?:form|way)|not like (?:that|this))\s*[-–—:;]\s*", re.IGNORECASE)
# The user coming back to what they asked before a question in between ("ok, back to the original
# thing.", "right, where were we? carry on with that.", "anyway - back to it")
RESUMED = rx(r"^\W*(?:(?:ok(?:ay)?|right|anyway|alright|so|sorry)\W+)*(?:(?:back to|"
                     r"(?:let'?s )?get back to|return to) (?:it|that|the (?:original|previous|"
                     r"other|first|main) (?:thing|task|problem|issue|question)|what we were "
                     r"doing|where we were)|where were we\b|carry on\b|continue (?:with )?"
                     r"(?:that|it|where)\b)", re.IGNORECASE)
# The user reminding the assistant of how things are done ("and remember, live updates go through
# turbo 8 refreshes — …"; not an order: "remember to …"): what follows is the rule.
REMINDED = rx(r"^\W*(?:(?:and|also|oh|ok|okay|so|but)\W+)*(?:remember|don'?t forget|"
                      r"reminder)\s*[,:–—-]\s*(?!to\b)(?=\w)", re.IGNORECASE)
# The user asking to keep what they just said in mind ("… a plain create_index locks the table
# and the ticket office goes down, so keep that in mind."): it, and the sentence before it when
# that names code, are a rule.
KEEP_IN_MIND = rx(r"(?:[,;:–—-]|(?<!\s))\s*(?:so |and )?(?:please )?(?:keep (?:that|this|it) in mind|"
                          r"(?:don'?t|do not) forget (?:that|it|this))\W*$", re.IGNORECASE)
NORMATIVE = rx(r"\b(?:always|never|nowhere|exactly one|every|each|stays?|must|"
                       r"has to|have to|should|not a|instead of)\b|(?:^|[-–—,:;]\s)\W{0,6}no \w",
                       re.IGNORECASE)
# The assistant quoting a rule it was told or found, after a label and a colon ("Ingrid made it
# a rule in 89fe3ae (…): HTTP handlers are cowboy_rest handlers …", "The rule: every ref()
# goes in an import CTE …"): what follows the colon is a rule.
RULE_QUOTED = rx(r"^(?:[^:\n]{0,80}\b(?:made (?:it|that|this) (?:a|the)|(?<!no )house|"
                         r"(?<!no )team) "
                         r"(?:rule|convention)"
                         r"\b[^:\n]{0,80}|\W{0,3}(?:the|our|your) (?:house|team) (?:rule|"
                         r"convention)(?: here)?(?: is)?|"
                         # ... or noted for the sessions to come ("Done - one thing worth keeping
                         # for next time: never set physical names …")
                         r"\W{0,3}(?:done\W{1,4})?" + _FOR_NEXT_TIME + r"|"
                         # ... or a decision record or doc it read ("ADR 0003 is clear on this:
                         # the factor goes into the UCraneTuning data asset …")
                         r"\W{0,3}(?:the )?(?:adr|decision record|decision|rfc|runbook|"
                         r"style ?guide|contributing(?:\.md)?|readme(?:\.md)?|[\w-]+\.md)"
                         r"\b[^:\n]{0,30}?\b(?:is (?:clear|explicit)|says|states|decided|"
                         r"settles it|has (?:a|one|the) (?:rule|convention))\b[^:\n]{0,20})\s*:\**\s+",
                         re.IGNORECASE)
# ... or acknowledged and said back ("Noted for everything else I write here: every
# hyperparameter is a field in a Hydra config …"): a rule only when what follows reads as one
RULE_ACKNOWLEDGED = rx(r"^\W{0,3}(?:noted|understood|got it)\b(?:,? for (?:everything|"
                               r"anything|all|the rest|future)[^:\n]{0,50})?\s*:\s+",
                               re.IGNORECASE)
# ... or the assistant saying what it has learned of the house ways after looking ("Got it: no
# module sets cpus or memory itself - each declares a label …", "Looks like every file here
# registers its logger as …"): a statement about all of a kind of thing, in this project.
RULE_INFERRED = rx(r"^\W*(?:(?:it )?looks like|(?:it )?seems(?: like)?|apparently)\b[^.\n]{0,40}?"
                           r"\b(?:every|each|all|no|none of|nothing)\b[^.\n]{0,120}?\b(?:here|in this "
                           r"(?:repo|repository|project|codebase)|in the (?:repo|codebase)|new code|"
                           r"the (?:repo|project|codebase))\b", re.IGNORECASE)
# (said first: "Got it: no module sets …" — not "… ignores the discount on each line")
UNIVERSAL = rx(r"\W*(?:every|each|all|none|nothing|no (?!(?:problem|worries|idea|"
                       r"luck|change|changes|issue|issues|errors?)\b)\w)", re.IGNORECASE)
# What a report of the work says (a count of what passes or fails, what is done or pending in
# this change, a suggestion): never a finding kept for later, whatever mark or heading is over
# it ("Note: `npm run build` now passes with 0 errors and 3 warnings", "FYI: the branch is
# pushed, PR #482 is open", "Got it: all three tests need updating").
WORK_STATUS = rx(
    r"\b(?:\d+|all|three|two|four|five) (?:(?:pre-?existing|remaining|new|old|failing|lint|type) )?"
    r"(?:errors?|warnings?|failures?|tests?|issues|problems|files)\b|\b(?:all|every|each|no|none of "
    r"the) (?:\w+ )?(?:tests?|errors?|warnings?|failures?|lint)\b|\b(?:pass(?:es|ed|ing)?|yet|"
    r"pre-?existing|remaining|untested|unrelated to|out of scope|todo|follow-?up|consider|"
    r"you (?:may|might) (?:want|need)|after (?:my|this|these|pulling)|"
    r"(?:this|these|my) (?:change|changes|pr|pull request|branch|commit|edit|edits|session|"
    r"ticket)|in this (?:change|pr|session)|is (?:pushed|open|merged|committed)|"
    r"(?:was|were) (?:reformatted|renamed|moved|added|removed) (?:by|in|to)|nothing (?:else|to)|"
    r"no (?:rush|changes?|worries)|then\b|i'?ll|i will|i'?m|i (?:didn'?t|did|have|had|was)|"
    r"breaking change|on this)\b",
    re.IGNORECASE)
# A reaction to what the assistant just did, not a report ("wrong file lol", "nope, still broken")
REACTION = rx(r"\W*(?:wrong|nope|no\b|nah|still|again|ugh|hmm)", re.IGNORECASE)
# A heading in the assistant's message over what it learned, not what it did ("**Conventions I
# followed**", "## Notes for later", "What I learned about the repo:", "Gotchas"): its items
# are findings.
# The words that mark something for whoever reads it later, in a message's lead ("Worth knowing:
# …", ``NOTE_LEAD``) or a heading over a list (``LEARNED_HEADING``).
FOR_LATER = (r"gotchas?|caveats?|heads[- .]?up|good to know|worth (?:knowing|noting|remembering)|"
             r"for (?:future reference|next time|the record)|lessons?(?: learned)?|learnings?|"
             r"(?:one )?things? to (?:know|remember|keep in mind|watch out for)")
LEARNED_HEADING = rx(
    r"(?m)^[ \t]*(?:#{1,4}[ \t]+|\*\*)?(?P<head>(?:house |repo |project )?conventions?"
    r"(?: I (?:followed|kept to|used))?|(?:house|repo|project) rules|"
    r"notes? for (?:later|next time|the future)|"
    r"what I (?:learned|found out|noticed)(?: about [^*:\n]{1,40})?|" + FOR_LATER + r"|"
    r"why (?:the )?(?:first (?:attempt|try|build|run)|it|that|this) (?:failed|broke))"
    r"[ \t]*(?::[ \t]*\**|\**:?)[ \t]*$",
    re.IGNORECASE)
LEARNED_ITEMS = 6  # items kept from one message's learned sections, at most
# Where such a section ends (a blank line not followed by more items, or the next heading), and
# an item of it (a bullet or a number).
LEARNED_SECTION_END = rx(r"\n[ \t]*\n(?![ \t]*(?:[-*•]|\d+[.)]))|\n[ \t]*(?:#|\*\*)")
LIST_ITEM = rx(r"(?m)^[ \t]*(?:[-*•]|\d+[.)])[ \t]+")
LEARNED_WORDS = 4  # content words such an item needs
# The lead of an explanation the assistant gives unasked (after a failure it met itself): "So
# the reason is that …", "Turns out …", "That's because …".
CAUSE_LEAD = rx(r"^\W*(?:so,? )?(?:the (?:reason|cause|problem|issue|culprit) (?:is|was)"
                        r"(?: that)?|(?:it )?turns? out|(?:that'?s|this is|it'?s) because|this "
                        r"happens because|what'?s happening is)\b", re.IGNORECASE)
# Where a statement ends and a question about it starts, in one sentence of the user's ("app id
# is 2715430 if you need it - can you double-check the repo agrees?").
TOLD_THEN_ASKED = rx(r"(?<!\s)\s+[-–—]\s+|;\s+|,\s+(?=(?:can|could|would|will) you\b|"
                             r"(?:pls|please)\b)", re.IGNORECASE)
# ... not a wish told before the question, in the asker's words or a message passed on ("[2:49
# PM] Kim Aldana: want to rehearse the live blog on something that isn't the real site — what's
# the preprod address again?"): what someone wants to do is no value of the setup.
TOLD_WISH = rx(r"^\W*(?:\[[^\]\n]{1,12}\]\s*)?(?:[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,2}:\s*)?"
                       r"(?:(?:i|we|they|she|he)(?:'d| would)? )?(?:really )?(?:want|wants|wanna|"
                       r"like|hoping|trying|planning) to\b", re.IGNORECASE)
# ... and an ask to check it, which reads as no order of its own ("sanity-check that against …")
CHECK_ASKED = rx(r"\W*(?:(?:sanity|double)[- ]?check|check|verify|confirm|see if|make sure)\b",
                         re.IGNORECASE)
# ... not a value of the moment, a credential or a diagnosis ("today's file is /tmp/upload.csv",
# "the sentry dsn is https://<key>@o1.ingest.sentry.io/6", "the bug lives in src/parser.rs")
ONE_OFF_VALUE = rx(r"\b(?:tonight|tomorrow|yesterday|this (?:one|file|run))\b|/tmp/|"
                           r"://[^/\s@]+@|\b(?:bug|issue|problem|error|crash|fix)\b", re.IGNORECASE)
TOLD_WORDS = 1  # content words the statement needs besides its value ("app id is 2715430")
# A chat client's byline ("Marisol  1:30 PM") or a reviewer's ("**Saoirse** commented on …").
# "Tom  9:14 AM" — a name, not a day, a month or a log's word ("Monday 9:30", "Build 10:42")
CHAT_STAMP = (r"(?!(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:jan|feb|mar|apr|may|jun|"
               r"jul|aug|sep|oct|nov|dec)[a-z]*\b|(?:build|step|job|run|stage|started|finished|"
               r"time|date|uptime|elapsed|took|at|eta)\b))[A-Z][\w.'-]*(?: [\w.'-]+){0,2}"
               r"\s{1,4}(?:(?i:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?|yesterday|today)\s+"
               r"(?:at\s+)?)?\d{1,2}:\d{2}(?:\s*[AP]M)?")
CHAT_BYLINE = rx(r"^\W{0,4}" + CHAT_STAMP + r"\s*$")
# Where a message passed on ends: a blank line not followed by more of the quote or by the next
# message's byline.
RELAYED_END = rx(r"\n[ \t]*\n(?![ \t]*[\"“>]|" + CHAT_STAMP + r"|[ \t]*\[\d{1,2}:\d{2})")
# ... whose byline is no rule ("**Saoirse** commented on `loans.clj`").
BYLINE = rx(r"^\W{0,4}[\w.'-]+(?: [\w.'-]+){0,3}\**\s{1,3}(?:commented|replied|wrote|said|"
                    r"reviewed|suggested)\b", re.IGNORECASE)
# ... (never a report of what the user did: "one thing you couldn't know: I already restarted
# the staging worker twice")
FIRST_PERSON = rx(r"\W*(?:i|we)(?:'ve| have| had| already| just)?\s+\w+ed\b", re.IGNORECASE)
# ... except these, in an order: "rewrite it with map instead" is today's task, not a rule;
# and, outside a rule's setting (``RULE_SETTING``), a report ("the reminders arrive at 8am
# instead of 7am").
ONE_OFF = frozenset(("instead", "instead of", "rather than"))
# What a rule may follow in its sentence and be no part of ("good that you did it this way,
# no partial functions in library code"); a scope ("outside of migrations, no raw SQL") is.
PRAISE = rx(r"\b(?:good|nice|great|fine|lgtm|thanks|whatever|looks good|well done)\b",
                     re.IGNORECASE)
# A rule said as the tail of the sentence before ("Never a DecimalField, never a float.").
ELLIPTICAL = rx(r"\W*(?:never|not) (?:a|an|the|any)\b", re.IGNORECASE)
# What opens a rule stated in a clause of its own (the alternative above that starts there).
CLAUSE_MARKS = frozenset(',:;"“—–-')
# "always"/"never" make a rule only in a rule's setting: a sentence that opens with them, or
# one that also says where or who ("here", "we", "you", "in this repo") or gives an order.
# ("some events never show up in S3" is a symptom, not a rule.)
# (not "never mind", which drops what was asked: "ugh, ok. never mind then")
ALWAYS = rx(r"\b(?:always|never(?! ?mind\b))\b", re.IGNORECASE)
RULE_SETTING = rx(
    r"^\W*(?:always|never)\b|[-–—;:]\s+never\b|\b(?:here|we|our|you|us|this (?:repo|repository|project|codebase)|"
    r"use|run|do|don'?t|only|lives?|belongs?|goes|go through|written|kept)\b"
    r"|\b(?:is|are) (?:always|never) \w+(?:ed|en)\b",  # "… are always imported …"
    re.IGNORECASE)
# How every one of a kind is done, said of code ("every schema change is a new numbered .sqm
# migration file", "each rule is its own aws_vpc_security_group_ingress_rule resource"): a
# rule, when the sentence names code and reports nothing ("every plan wants to update the
# service even when nothing changed" is a problem).
EVERY_IS = rx(r"\b(?:every|each) (?!time\b|day\b|week\b|night\b|morning\b)[\w-]+"
                      r"(?: [\w-]+){0,2} (?:is|are|goes|go|lives|gets|needs|must|belongs)\b"
                      # (not what is so of each, and why: "each PR has like 40 files changed
                      # because of the .lock churn")
                      r"(?![^.\n]*\bbecause\b)", re.IGNORECASE)
# ... code by its file type ("a new .sqm migration", "the .sq files")
FILE_TYPE = rx(r"(?<![\w./-])\.[a-z][a-z0-9]{0,5}\b(?![./-]\w)")
PREFERENCE = rx(r"\bI (?:(?:really |strongly )?prefer|'d rather|would rather|like .{1,40} "
                         r"better|hate it when|don'?t like)\b", re.IGNORECASE)
AVOID = rx(r"\b(?:never|don'?t|do not|avoid|not allowed|forbidden|banned|must not)\b",
                    re.IGNORECASE)
# A commit message or a pull request's description the assistant wrote: a revert's subject
# names what was undone ('Revert "Push board updates over SignalR"'); a section under a "how to
# test" heading lists the commands that check the change; any other paragraph is kept when it
# says why (``WHY_SAID``, ``RULE``, a modal, ``GOTCHA``), not only what changed.
REVERT_SUBJECT = rx(r"^\s*Revert\s+[\"“'](.+?)[\"”']\s*$")
MESSAGE_PARTS = 2  # facts one paragraph too long for one is kept as, at most
MESSAGE_HEADING = rx(r"^\s*#{1,6}[ \t]+([^\n]*?)[ \t]*(?:\n|$)")
# ... not a routine commit's, whose message is no why ("WIP: …", "fixup! …", "Merge branch …",
# "chore(deps): bump …")
ROUTINE_SUBJECT = rx(r"^\W*(?:wip\b|fixup!|squash!|amend!|merge (?:branch|pull request|"
                             r"remote|tag)\b|bump\b|(?:chore|build)\(deps|release v?\d|"
                             r"v?\d+\.\d+(?:\.\d+)?\s*$)", re.IGNORECASE)
# ... and a paragraph says why when it gives a rule (a modal, "Every field … is prefixed …"),
# a gotcha, a reason ("because", "unless", "otherwise"), what broke — not a purpose ("… so the
# CLI and the server share it": that is what changed)
WHY_SAID = rx(r"\b(?:because|unless|otherwise|or else|crash(?:es|ed)?|fail(?:s|ed)?|"
                      r"broke|breaks)\b", re.IGNORECASE)
TEST_SECTION = rx(r"^\W*(?:how to (?:test|verify|check)|testing|test(?:ing)? (?:plan|notes)|"
                          r"tests?|to test|verification)\W*$", re.IGNORECASE)


# Claude Code's compaction summary is numbered sections ("2. Key Technical Concepts:", "4. Errors
# and fixes:"). Three hold what the session learned: its concepts, one item a line (a rule, a
# gotcha or a fact about the setup, by their words), its errors with their fixes (gotchas), and
# its problem solving, sentence by sentence. The others say what was asked, which files, what
# is pending: this session's work, where only an abandoned approach or a gotcha counts.
SUMMARY_SECTION = rx(r"^[ \t]*\d+\.[ \t]+([A-Z][^:\n]{2,60}):[ \t]*$", re.MULTILINE)
SUMMARY_LEARNED = {"key technical concepts": "", "errors and fixes": "gotcha",
                   "problem solving": "sentences"}
# ... and, in any section, an approach it says was tried and given up ("KMP-NativeCoroutines was
# prototyped on a branch and abandoned: …")
SUMMARY_TRIED = rx(r"\b(?:tried|trialled|prototyped|tested|evaluated|attempted|piloted)\b"
                           r"[^.;\n]{0,80}?\b(?:and|but|then) (?:\w+ )?(?:abandoned|dropped|reverted|"
                           r"rolled back|backed out|given up|ripped out|removed)\b", re.IGNORECASE)
SUMMARY_WORDS = 6  # content words an item needs to say something (not "Npgsql.FSharp queries")
SUMMARY_ITEMS = 6  # items kept from one summary, at most


# A comment the assistant writes into code that is meant for the next reader: marked as a
# warning or a note ("// WARNING: never Cmd.OfAsync.perform for server calls - …"), or saying
# what was undone ("An indexed master (VBISAM, e40b3c6) was reverted in 7d21f90: …"), or tried
# (``TRIAL``) with why it went.
COMMENT_MARK = rx(r"^\W*(?:(NOTE|N\.B\.|IMPORTANT|WARNING|WARN|CAUTION|HACK|GOTCHA)\b|"
                          r"(?i:(note|important|warning|caution|gotcha|heads.up)):)\W*")
# What the assistant marks in its own message for whoever reads it later ("Note: `make lint`
# needs ruff >= 0.4 …", "**Worth knowing:** …", "For future reference - …"): a finding it says
# is worth keeping, whether or not a tool's output showed it.
NOTE_LEAD = rx(
    r"^\W*(?:(?:(?:side )?note|n\.?b\.?|important|warning|fyi|psa|keep in mind|separately|"
    # ("One more thing that output shows: Prod is account 519204773310 …")
    r"one more thing(?: (?:that|which|i) [^:\n.]{1,30}?)?|"
    r"(?:one|the (?:only|one)) (?:gotcha|caveat|catch|snag)|side note for next time|" + FOR_LATER
    + r")(?: for (?:later|next time|the future))?(?:\s*(?:\*\*)?\s*[:—–]| -))[\s*_]*",
    re.IGNORECASE)
# (not "One warning: an unused variable in seat_service.ts": a count of what a tool reported)
NOTE_WORDS = 4  # content words a marked note needs after its mark
COMMENT_WARNS = frozenset(("warning", "warn", "caution", "hack", "gotcha", "heads up", "heads-up"))
COMMENT_UNDONE = rx(r"\b(?:was|were|got|has been) (?:\w+ )?(?:reverted|backed out|"
                            r"rolled back|ripped out)\b|\breverted (?:in|by)\b", re.IGNORECASE)
ON_PURPOSE = rx(r"\b(?:on purpose|deliberately|intentionally|by design)\b", re.IGNORECASE)


# A story of an approach the team used for a while and went back from ("we had Layout Builder
# on the reserve pages for about three months in 2023. every save stores … we went back to
# paragraphs."): a time it was in use, then the going back, within ``STORY_SENTENCES``.
IN_USE_FOR = rx(r"\bfor (?:about |around |roughly |nearly |almost |over |just )?(?:a|an|one|"
                        r"two|three|four|five|six|a few|a couple of|several|\d+) (?:days?|weeks?|"
                        r"months?|years?|sprints?|quarters?)\b", re.IGNORECASE)
WENT_BACK = rx(r"\b(?:went|go|going|moved|switched|changed|fell) back to\b|\brolled (?:it |"
                       r"that |them |this |everything )?back\b|\brip(?:ped)? (?:it|them|that|"
                       r"(?:it )?all) out\b|\bgave up on\b|\bbacked (?:it |that |them )?out\b|"
                       r"\breverted (?:it|that|them|to)\b|\bunpick(?:ed|ing)?\b|\bgot rid of (?:it|"
                       r"them|that)\b|\bnot again\b", re.IGNORECASE)
# The user sparing the assistant a suggestion ("and to save you the suggestion: we started with
# UCableComponent in the prototype. … it doesn't carry any load …"): what follows is an approach
# tried before, with why it went.
SUGGESTION_SPARED = rx(r"\b(?:save you the (?:suggestion|trouble|question)|before you "
                               r"(?:suggest|propose)(?: it| that| the obvious(?: thing| one)?)?|so "
                               r"you don'?t (?:suggest|propose) it)\b[^:\n]{0,30}:\s*",
                               re.IGNORECASE)
# Asking to file a record so the approach is not tried again ("add to DECISIONS.md so nobody
# (me) suggests this again. from memory: …", "… so we don't go down this road again"): the
# entry written for it is a falsified approach, named there even when the story told is not.
NOT_AGAIN_FILED = rx(r"\bso (?:that )?(?:nobody|no ?one|no-one|we|you|i|they)\b"
                     r"(?:\s*\([^)\n]{1,20}\))?(?: (?:ever|don'?t|won'?t|never|doesn'?t|do not))?"
                     # (going down a road, not "go hunting for it again": a fix is filed)
                     r" (?:suggests?|proposes?|tr(?:y|ies)|attempts?|go(?:es)? (?:down|back to)|"
                     r"brings? up|reaches for|reach for)\b[^.\n]{0,40}?\bagain\b", re.IGNORECASE)
# Asking to have something written down ("write that down", "put it in the doc", "add a line to
# the notes", "note it in the checklist").
NOTE_ASKED = rx(r"\bwrite (?:it|that|this|them|those) down\b|\b(?:put|write|add|note|jot) (?:it|"
                r"that|this|them|those|a line|a note|the right one)(?: down)? (?:in|into|to|under)"
                r" (?:the |our |my )?(?:doc|docs|notes?|checklist|cheat ?sheet|runbook|wiki|"
                r"readme)\b", re.IGNORECASE)
# A decision log (DECISIONS.md, docs/decisions.md, docs/adr/0007-….md): an entry that says the
# old way stays ("Packing stays single-threaded. With rayon it ran …", "We stay on Forward+.",
# "Uploads keep using the cached login …") records an approach given up.
DECISION_LOG = rx(r"(?:^|/)(?:decisions?|decision[-_ ]log|adrs?)(?:\.[a-z]+)?$|"
                  r"(?:^|/)(?:decisions?|adrs?)/[^/]+$", re.IGNORECASE)
KEPT_OLD_WAY = rx(r"\b(?:stays?|stayed|we stay on|keeps? using|kept|remains?|stick(?:s|ing)? "
                  r"with|still (?:uses?|on)|went back to|reverted|not adopted)\b|"
                  # (a verdict on the entry's own approach, not on the one it replaced: "**Status:**
                  # Rejected", not "We dropped npm for the frontend")
                  r"\bstatus\W{0,4}:?\W{0,4}(?:rejected|superseded|abandoned|withdrawn|"
                  r"declined)\b", re.IGNORECASE)
# ... or one that gives an approach up, with what (``what``: the entry's own approach, when the
# heading names it) or bare ("Rejected.", "Dropped it after a week").
GAVE_UP = rx(r"\b(?:dropped|rejected|abandoned|gave up on|not adopted)\b(?:[ \t]+(?:the[ \t]+|"
             r"our[ \t]+)?(?P<what>(?!it\b|that\b|this\b|them\b|after\b|because\b|in\b|"
             r"for\b|when\b)[\w.-]+))?", re.IGNORECASE)
# How an approach tried went, once given up ("tried and dropped", "tried, then ruled out").
_GONE = r"(?:dropped|abandoned|rejected|reverted|shelved|ruled out|backed out|given up)"
# ... or filing it under the approaches gone ("add to the Q2 IT report under tried-and-dropped:
# Prerendered product pages. Sam added a prerender step …", "dead ends: …", "add it to
# docs/decisions.md under rejected, with why: we tried …"): what follows is one.
DEAD_END_LABEL = rx(r"\b(?P<label>tried[- ]and[- ]" + _GONE + r"|dead[- ]ends?|what didn'?t work|"
                    r"(?:rejected|abandoned|dropped) (?:ideas|approaches|options|alternatives)|"
                    r"(?:(?<=\bunder )|(?<=\bunder [\"'`]))rejected[\"'`]?"
                    r"(?:,? with (?:the )?(?:why|reasons?))?)"
                    # ("… tried-and-dropped section. my notes:": the finding is labelled
                    # "tried-and-dropped: …"; the notes only after the section's name, not
                    # "what went well, what didn't work. my notes: …")
                    r"(?: (?:section|heading|list|part)(?:\W{1,3}(?:(?:my|the|some) )?notes)?)?"
                    r"\W{0,3}:\s+", re.IGNORECASE)
STARTED_WITH = rx(r"\b(?:we|i|they)(?:'d| had)? (?:started|began) (?:out )?with\b|"
                          r"\bused to\b|\boriginally\b", re.IGNORECASE)
STORY_SENTENCES = 4  # from the time it was in use to the going back, at most
# ... not going back to look at something ("went back to the old branch to compare output")
BACK_TO_LOOK = rx(r"\b(?:went|go|going) back to [^.,;]{0,40}?\bto (?:check|compare|look|"
                          r"see|read|verify|confirm|test|find|copy|grab)\b", re.IGNORECASE)
# A fence that opens with a chat byline ("Tom  9:14 AM") is a message the user passes on from
# their team, their words as much as a doc they share, not a tool's output.
FENCED_CHAT = rx(r"```[^\n]*\n\s*" + CHAT_STAMP + r"[ \t]*\n")


# The assistant asking the user about the setup ("What do the drivers' tablets run?", "Do you
# know which code page, and is there a converter in the repo?"): what the user answers is a
# fact about it — a question naming what the setup is made of, not one asking for a go-ahead,
# a choice, an opinion or the error they see ("Shall I …?", "What do you think?", "What's the
# error you're seeing?", "Where should the button go?").
SETUP_ASKED = rx(
    r"^\W*(?:(?:and|so|also)\W+)?(?:(?:what|which)\b[^?\n]{0,60}\b(?:run|runs|use|uses|using|"
    r"version|code page|encoding|port|host|server|machine|box|device|phone|tablet|browser|os|"
    r"database|db|region|account|profile|runner|cluster|bucket|id|key|label|number|address|"
    r"url|endpoint|format|setup|set up|environment|env|config|hardware|model|chip|board|"
    r"command|tool|script)\b|where (?:is|are|does|do|did)\b[^?\n]{0,60}\b(?:live|lives|run|"
    r"runs|hosted|deployed|stored|kept|installed|configured|defined|come from|go)\b|do you "
    r"(?:know|remember) (?:which|what|where|how)|is there (?:a|an) (?:converter|script|tool|"
    r"config|setting|way|command|target)|how (?:do|does|did) (?:you|we|they|it) (?:run|build|"
    r"deploy|test|start|connect|reach|publish|release|install))\b", re.IGNORECASE)
SETUP_ANSWER_WORDS = 4  # content words an answer needs to say something of its own
# The assistant asking how things are done here ("Is there a project convention I should
# follow for this?", "Any house rules for the migrations?"): the user's answer is a rule.
CONVENTION_ASKED = rx(
    r"\b(?:conventions?|house (?:rules?|style)|(?:project|team|code|coding|naming) (?:rules?|"
    r"style|standards?)|(?:a|any) (?:rules?|preference)s? (?:i|we) should|(?:preferred|usual|"
    r"agreed) (?:way|pattern|approach)|how (?:do|does) (?:the team|this (?:project|repo)|your "
    r"team) (?:usually |normally )?(?:do|handle|write|structure))\b[^?\n]{0,80}\?",
    re.IGNORECASE)
# ... not an answer that orders, reports, points at someone or only agrees ("ask Priya", "the
# mailer is actually timing out", "Yep looks right")
NOT_A_RULE_ANSWER = rx(r"^\W*(?:yes|yep|yeah|yup|sure|ok(?:ay)?|no idea|idk)\b|\bask (?:[A-Z]\w+|"
                               r"him|her|them)\b|\b(?:wrote|has|have) (?:them|it) (?:up )?somewhere\b",
                               re.IGNORECASE)


# A message the user passes on from their team, after its byline: "Ines in #wct-dev:", "---
# from Marion (#ops) ---", "Tom  9:14 AM" — or before its first words, as Slack copies one:
# "[9:08 AM] Denise Okafor: Standards reminder …" (``CHAT_LEAD``). What it says of how things
# are done (``RELAYED_RULE``) is a rule, what it says of the setup naming a thing a fact, as the
# team's own words. (Not a log line's level: "[02:14] INFO: …", "[02:15] ERROR: …" — a name is
# not one word in capitals; initials before a surname are: "[9:08 AM] AJ Russo: …".)
_CHAT_TIME_NAME = (r"\[\d{1,2}:\d{2}(?:\s*[AaPp][Mm])?\][ \t]+(?![A-Z][A-Z0-9_]+\b(?! [A-Z][a-z]))"
                   r"[A-Z][\w.'-]*"
                   r"(?: [A-Z][\w.'-]*){0,2}")
CHAT_LEAD = _CHAT_TIME_NAME + r":[ \t]+"
RELAY_LINE = rx(r"^[ \t>]*(?:(?:[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)? (?:in|on) #[\w-]+|-{2,} ?from "
                        r"[A-Z][\w.'-]*[^\n]{0,40}?-{2,}|" + CHAT_STAMP + r"|" + _CHAT_TIME_NAME
                        + r")[ \t]*:?[ \t]*$|"
                        + CHAT_LEAD + r"(?=\S))", re.MULTILINE)
RELAYED_WORDS = 4  # content words a relayed sentence needs to be a rule or a fact
# A sentence whose first words point back at the one before ("DON'T key anything on it, …",
# "those get reused every year"): it is said with that one.
REFERS_BACK = rx(r"^\W*(?:\w+\W+){0,5}?(?:it|them|those|these|that one|this one)\b(?![-'’])",
                         re.IGNORECASE)


# Output pasted into a prompt that failed: "Error: …", "FATAL: …", a stack trace, an uncaught
# exception, a panic — not code that handles one ("except Exception:") or a log line naming
# an error handler.
FAILED_PASTE = rx(r"(?<!except )(?<!catch )\b(?:error|failed|failure|fatal|exception|"
                          r"panic(?:ked)?)(?:\[\w+\])?[:!]|\b(?:traceback|stack (?:begin|trace)|"
                          r"attempt to (?:index|call|compare|perform)|segmentation fault|"
                          r"core dumped|assertionerror|uncaught)\b", re.IGNORECASE)


# A line of output pasted without fences: set out in columns ("ingest-worker-7d9f8b-x2k   0/1
# CrashLoopBackOff   14   37m"), stamped with the time it was logged ("Mar 14 06:12:04
# barn-pi-05 quoitfield[611]: …", "2026-03-14T06:12:04Z …", "[06:12:04] …"), or a stack
# trace's ('File "/app/worker.py", line 88, in run', "at Object.<anonymous> (/app/x.js:3:9)",
# "ValueError: bad crc …"), or logged at a level ("[02:14] INFO: …", "14:02 WARN …") — not
# prose, whose words are one space apart and whose times come after its words ("backups run at
# 03:00").
_LOGGED = (r"^\W{0,2}(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d|[A-Z][a-z]{2} {1,2}\d{1,2} "
           r"\d\d:\d\d:\d\d|\d\d:\d\d:\d\d\b|\d{1,2}:\d\d\]?[ \t]+\[?(?:INFO|WARN(?:ING)?|ERROR|"
           r"DEBUG|TRACE|FATAL|CRITICAL|NOTICE)\b)|"
           r"^\s*(?:File \"[^\"\n]+\", line \d+|at \S+ \(\S+:\d+(?::\d+)?\)|"
           r"[A-Z]\w*(?:Error|Exception): )")
PASTED_LINE = rx(r"\S(?: {3,}|\t)\S.*\S(?: {3,}|\t)\S|" + _LOGGED, re.MULTILINE)
# ... the stamped or traced lines alone: a user's words are not in them, however they read
# ("[02:14] INFO: Reports are always generated from the replica" is no rule of theirs)
LOGGED_LINE = rx(r"(?:" + _LOGGED + r")[^\n]*", re.MULTILINE)


# A compaction summary's item that is the session's work, not what it learned: the user's
# feedback, what the assistant did ("I fixed it by adding a type annotation"), what is still open
SUMMARY_WORK = rx(r"^\W*user (?:feedback|said|asked)\b|\bI (?:fixed|renamed|added|changed|"
                          r"updated|removed|moved|wrote|created|ran)\b|\b(?:still|not \w+ yet|"
                          r"currently|in progress|for now)\b", re.IGNORECASE)
# An answer that puts the question off ("good question, let me check with the data team",
# "whatever is already installed is fine").
NOT_AN_ANSWER = rx(r"\b(?:good question|let me (?:check|ask|find out)|get back to you|"
                           r"not (?:100% |totally |entirely )?sure|whatever|no idea|dunno|"
                           r"don'?t (?:know|care))\b", re.IGNORECASE)
# A comment about something that will not last ("a temporary hack until we migrate").
COMMENT_TEMPORARY = rx(r"\btemporar(?:y|ily)\b|\buntil we\b|\bfor the time being\b|"
                               r"\bTODO\b|\bFIXME\b", re.IGNORECASE)
# ... a story opens with the approach in use ("we had Layout Builder …", "we moved all the walks
# to eventbrite …", "a consultant set up OR-Tools routing …"), not with something that only
# happened ("the deploy failed for three days straight")
IN_USE = rx(r"\b(?:had|have had|'ve had|used|ran|run|moved|switched|migrated|did|set up|"
                    r"adopted|introduced|put|went with|built|deployed|rolled out|turned on|"
                    r"enabled|started with)\b", re.IGNORECASE)
# A relayed sentence states a rule in a rule's words (``NORMATIVE``'s but "should": "never",
# "always", "must", "every", "don't …") — not "we should probably look at it at some point".
RELAYED_RULE = rx(r"\b(?:always|never|nowhere|exactly one|every|each|anything|everything|"
                          r"stays?|must|has to|"
                          r"have to|instead of|additive|required|mandatory|forbidden|don'?t|do not)\b|"
                          r"(?:^|[-–—,:;]\s)\W{0,6}no \w", re.IGNORECASE)


# A soft opening before an order ("just use the modal then"): the order is what follows.
SOFTENER = rx(r"^\W*(?:(?:just|then|ok|okay|so|nah|no)\W+)+", re.IGNORECASE)


# Phrases that make a user's sentence transient or a question rather than a standing fact.
TRANSIENT = rx(
    r"\b(?:this time|for now|right now|for this (?:task|pr|change|one)|today|just this|"
    r"temporarily|for the moment|(?:of|in|for|outside) (?:the scope of )?this (?:ticket|story|"
    r"issue))\b", re.IGNORECASE)
# A section of a spec-style prompt that says what this task is to do or how it is accepted
# ("## Requirements", "## Acceptance criteria", "## Steps"): what its items say is the task's,
# not a rule ("- [ ] No change in match results.").
TASK_SECTION = rx(r"(?im)^[ \t]*#{1,6}[ \t]*(?:acceptance criteria|requirements?|steps|tasks?|"
                  r"to ?dos?|definition of done|deliverables|test plan|how to test|out of scope)"
                  r"\b[^\n]*$")
# ... and one that lists the rules the work keeps to ("## Constraints", "## Conventions",
# "## House rules"): each item is one, as under an announced block of rules.
RULE_SECTION = rx(r"(?im)^[ \t]*#{1,6}[ \t]*(?:constraints|rules|conventions|guidelines|"
                  r"standards|house rules|ground rules|dos and don'?ts|don'?ts)\b[^\n]*$")
# A Markdown heading's line (``title``: its words): where a section ends, where a note's entry
# starts.
HEADING_LINE = rx(r"(?m)^[ \t]*#{1,6}[ \t]+(?P<title>\S[^\n]*)$")
_QUESTION_START = rx(
    r"^\s*(?:can|could|would|will|should|shall|do|does|did|is|are|was|were|what|why|how|"
    r"where|when|which|who|have|has|whats|wheres|hows|whos|whys)\b", re.IGNORECASE)


def is_question(text: str) -> bool:
    """Ends with "?", or opens like a question — unless it opens with a clause of condition and
    ends like a statement ("When a function makes more than one allocation, every allocation
    gets its own errdefer." states)."""
    text = text.rstrip()
    if text.endswith("?"):
        return True
    return bool(_QUESTION_START.match(text)) and not (
        text.endswith((".", "!")) and _CONDITION_FIRST.match(text))


_CONDITION_FIRST = rx(r"^\s*(?:when|whenever|where|wherever|if|once|while)\b[^,;:]{3,}"
                              r"[,;:]\s", re.IGNORECASE)

# What a sentence says outside its paths, commands and URLs ("app/Support/x.php" supports
# nothing).
_NOT_PROSE = rx(r"`[^`\n]*`|\S*/\S*")
# Work narrated about code, not the environment ("Only app/Models/Tutor.php uses it.").
_ABOUT_CODE = rx(
    r"\b(?:uses?|calls?|imports?|references?) (?:it|this|that|them)\W*$|^\W*(?:added|moved|"
    r"renamed|changed|updated|removed|fixed|put) (?:it|this|that|them)\b"
    # ... or the work itself reported: "Added summarise_last_day() in R/fct_summary.R with four
    # tests; the station table can use it"
    r"|^\W*(?:added|created|wrote|documented|extracted|refactored|implemented)\s+\S*(?:\(|_|/|"
    r"\.\w)"
    # ... or where code is used: "`fg_gate_statem:open` is used in 2 places: …"
    r"|\bis (?:used|called|referenced|imported) (?:in|from|by) (?:\d+|one|two|three|only)\b"
    # ... or where it was put: "Written to docs/postmortems/….md", "docs/SETUP.md updated."
    # (the path read from its first '/' or '.', and whole, from where its word starts: "\S*[/.]\S*"
    # after "^\W*" was cubic on a run of dots)
    r"|^\W*(?:written|saved|stored|logged|recorded) (?:to|in|as|under) [^\s/.]*[/.]\S*+\W*$"
    r"|^\W*(?<!\S)[^\s/.]*[/.]\S* (?:updated|created|written|saved|fixed|edited|removed)\W*$"
    # ... or the state the work left things in, which the next session will not find as it
    # was: "The build is clean", "It builds again", "All 64 edit mode tests pass", "`qty` is
    # now `quantity`; … was the only place using it", "Pulled main (a fast-forward, 3 files)",
    # "2 files under src still have a TODO", "Yesterday: …" (not what stays: "Redis is up on
    # port 6380", "deploy-01 still has Node v16", "the agents now have 8 GB")
    r"|\b(?:is|are) (?:now |all )?(?:clean|green|passing)\b"
    r"|\b(?:builds?|works?|passes|starts|looks right) again\b|\ba fast-forward\b"
    r"|\bstill ha(?:s|ve) (?:a |an |\d+ )?(?:TODO|FIXME|XXX)s?\b|^\W*yesterday\b"
    r"|\btests pass(?:ed)?\b(?![^.;]*\b(?:but|unless|except|only|until|when)\b)"
    r"|\bis built(?! for| with| against| from| on| by)\b|\bnow (?:line up|pass(?:es)?)\b"
    r"|\bwas the only (?:place|file|one) using it\b",
    re.IGNORECASE)


def about_code(sentence: str) -> bool:
    """Whether the sentence reports work on code or where code is used (``_ABOUT_CODE``)."""
    return bool(_ABOUT_CODE.search(sentence))


def states_a_fact(sentence: str) -> bool:
    """The sentence states something (``_STATE``) in its own words, about the environment."""
    return bool(_STATE.search(_NOT_PROSE.sub(" ", sentence))) \
        and not _ABOUT_CODE.search(sentence)


# Where the assistant says it looked, not what it found ("Found it in src/config/http.py").
SEARCHED = rx(r"\W*(?:found|looking|looked|checked|searched|grepped)\b", re.IGNORECASE)
# ... and where it looked, which says nothing of what it found ("Found in .devcontainer/…
# and the 'Running it' section of CONTRIBUTING.md.")
LOOKED_WHERE = rx(r"\W*(?:found|looked|checked|searched|grepped)(?: it| them| this| that)?"
                          r" (?:in|under|at|through)\b(?![^:\n]*:\s)(?![^,\n]*,\s*(?:and|so|but)\b)",
                          re.IGNORECASE)
# The assistant narrating its own next step is never a fact about the environment.
NARRATION = rx(
    r"^\s*(?:let me|let's|i'?ll|i will|i'?m going|i am going|i'?ve|i have|i need|i think|"
    r"now i|next,? i|first,? i|then i|okay|ok|sure|great|done|perfect|alright|"
    # ("Agreed - I'll look for a fix that doesn't go down that road"; not "Good point — the
    # page cache key omits the locale, so …")
    r"(?:agreed|fair enough|makes sense|good (?:call|point)|got it|understood)\W+(?:i'?ll|"
    r"i will|let me|i'?m going|i am going|we'?ll)|"
    # ... or hands the work to another instance ("Sending a subagent to dig through the code
    # while you wake up.")
    r"(?:sending|spawning|launching|dispatching|starting|firing off|kicking off|handing (?:\w+ )"
    r"?(?:off|over) to) (?:up )?(?:a |an |the |two |some )?(?:sub-?agents?|agents?|helpers?))\b",
    re.IGNORECASE)
_STATE = rx(
    r"\b(?:is|are|runs?|running|uses?|listens?|listening|lives?|located|installed|requires?|"
    r"needs?|expects?|set to|configured|defaults? to|points? to|pinned|served|serves|bound|"
    r"reads?|loads?|must|only works|works only|pins?|comes? from|served from|on port|at port|"
    r"go(?:es)? to|stored in|written to|writes? to|supports?|supported|mapped)\b", re.IGNORECASE)
# A user sentence that gives an order is a task, not a statement of fact.
# A rule that forbids by naming what is not wanted ("no string literals the player sees.",
# "no raw SQL in the views").
FORBIDS = rx(r"^\W*no\s+(?!(?:idea|problem|worries|way|thanks|luck|clue)\b)\w", re.IGNORECASE)
# The way to do what a rule forbids, said next ("Use the generated constants in `PhysicsLayers`
# …", "Prefer `Tr()` …", "Go through `apperr.ToStatus` …").
INSTEAD_USE = rx(r"^\W*(?:please\s+)?(?:use|prefer|go through|call|put (?:it|them) in)\b",
                 re.IGNORECASE)
IMPERATIVE = rx(
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
# What a report says does not happen ("the spinner never stops - works fine when I run it from
# the IDE"): a problem reported, never a rule, whatever "never" it has.
_NOT_HAPPENING = (r"never (?:stops|ends|finishes|starts|returns|shows(?: up)?|arrives|appears|"
                  r"runs|fires|loads|completes|[a-z]{2,}(?:e|[^s])s)|works? fine|does nothing|"
                  # ... or what no longer matches what it should ("never matches the till's
                  # report", "doesn't match", "out of sync")
                  r"(?:doesn'?t|don'?t|didn'?t|no longer) (?:match|add up|line up)|mismatch\w*|"
                  r"out of sync|"
                  # ... or what did not happen when it should have ("the backup didn't run on
                  # sunday", "the cron job didn't fire", "emails weren't sent last night")
                  r"(?:didn'?t|did not|never) (?:run|fire|trigger|start|finish|complete|arrive|"
                  r"send|go out|happen|get (?:sent|called|picked up))|(?:wasn'?t|weren'?t|was not|"
                  r"were not) (?:sent|run|triggered|called|picked up|delivered|created|written)")
# Not what we, I or they did ("we froze the node version", "we stalled the release", "we still
# use the old box"): a choice, not a problem.
_NOT_OURS = r"(?<!\bwe )(?<!\bi )(?<!\bthey )"
SYMPTOM = Folded(  # (lowercase words searched in the lowercased text: rlat.capture.folded)
    r"\b(?:hangs?|hung|stuck|dies|died|crash\w*|fails?|failing|broken|breaks|broke|error|errors|"
    + _NOT_HAPPENING + r"|doesn'?t (?:work|start|run|load|connect|show)|"
    r"won'?t (?:work|start|run|load|connect)|can'?t (?:connect|start|find|reach)|"
    # ... or what users cannot do ("runners without a club can't enter!!")
    r"can'?t (?:enter|log ?in|sign ?in|sign up|save|submit|book|pay|register|upload|check ?out)|"
    r"(?:isn'?t|aren'?t) even|"
    r"not working|slow|times? out|timing out|timed out|refused|refuses to|missing|empty|blank|"
    r"nothing happens|"
    # ... or in other words of software going wrong ("the job errored", "the build stalled",
    # "the worker is wedged", "won't compile", "CI is red"; not a reason given for a choice:
    # "we froze the node version … because the tile builder segfaults on 22")
    r"errored|erroring|" + _NOT_OURS + r"stall(?:s|ed|ing)|wedged|borked|"
    r"flak(?:ed|ing|es)|(?:won'?t|doesn'?t|does not|will not) compile|"
    r"(?:is|are|went|goes|turned) red|lags? behind|"
    r"garbage|garbled|weird|wrong|strange|not defined|undefined|disappear\w*|lost|stale|"
    r"throws?|threw|exceptions?|panic\w*|5\d\d(?:s|ing)?|paus(?:es|ed)|quits|blows? up|blew up|"
    # ... or a client error answered ("webhooks from stripe get 400s", "returns a 403")
    r"4\d\d(?:s|ing)\b|(?:gets?|getting|got|returns?|returning|returned|answers?) (?:an? )?4\d\d\b"
    r"(?!\s+(?:rows|records|items|lines|files|results|entries|tests|users|bytes|ms)\b)|"
    r"stops? (?:as soon as|when|whenever|once|after|every)|"
    r"corrupt\w*|flaky|randomly|even (?:when|though|if|after|with) (?:nothing|no(?:thing)? \w+|"
    r"i|we|it|there)|reboots|rebooting|(?:resets|restarts) (?:itself|on its own)|"
    r"sits?|sitting|freez\w*|frozen|stops? (?:\w+ing|working)|"
    # ("the live blog froze for logged-out readers", not what the team froze: "we froze the node
    # version at 20.11.1")
    + _NOT_OURS + r"froze|"
    r"stopped (?:\w+ing|working)|keeps? (?:\w+ing)|no longer \w+|but (?:it |they )?still|"
    # ... or what is still as it was before a change ("patients still get the old wording"), not
    # what the team still chooses ("we still use the old jenkins box for the arm builds")
    r"(?:" + _NOT_OURS + r"still|still(?! (?:use|run|keep|deploy|build|ship|need|"
    r"support|target|pin|have)s?\b)) (?:\w+ ){1,2}?(?:the |its |their )?(?:old|previous|stale)\b|"
    r"(?:has|have|had) no effect|(?:doesn'?t|don'?t|didn'?t) (?:change|apply|take effect)|"
    r"(?:isn'?t|aren'?t|not) "
    r"(?:being )?(?:picked up|updated|saved|loaded|found|applied|reloading|updating)|"
    # ... or tells of what does not happen, or what differs from elsewhere ("works fine when I
    # run it from the IDE", "shows 14:00 on our chart but 15:00 on their site")
    r"failures?|couldn'?t|do nothing|nothing at all|(?:has|shows?) no|only works|"
    # ... or a value gone wrong, a regression since a change ("loss goes NaN … only since I
    # turned on mixed precision")
    r"(?:goes|went|turns?|turned|becomes?|became) (?:nan|inf|null|undefined|negative)|"
    r"(?:only|ever) since (?:i|we|you|the)\b|(?:a|an|one|two|three|\d+) \w+ off\b|"
    r"off by (?:one|a|an|\d+)|(?:doesn'?t|don'?t|does not|do not) seem to|"
    r"(?:an? )?(?:hour|minute|day)s? (?:off|early|late)|"
    r"but (?:not|never|at|in|on|it|they|only|still)|but (?:the )?[\w-]+ (?:still|keeps?)|"
    r"root cause|out of ideas|stared at|no idea why|can'?t figure out|"
    # ... or what happened twice that should have once ("every entry of 6 November booked twice",
    # "customers charged twice", "double-posted")
    r"(?:booked|charged|billed|paid|sent|posted|processed|counted|imported|delivered|ran|run|"
    r"executed|fired|created|inserted|applied|queued) twice|double[- ](?:booked|charged|billed|"
    r"posted|counted|sent|processed)|duplicated|"
    # ... or of what stopped answering ("nothing in it reacts - not even Esc", "unresponsive")
    r"nothing (?:[\w'-]+ ){0,3}?(?:reacts?|responds?|happens|works|registers)|not even|"
    r"unresponsive|no response|ignores (?:all|every|any|my|the) (?:\w+ )?(?:input|clicks?|keys?|"
    r"events?|taps?|touch\w*)|"
    # ... or a regression, an issue's "Expected:"
    r"(?:it |this |that )?(?:worked|used to work|was fine)\b[^.\n]{0,30}\b(?:ago|before|yesterday|"
    r"last (?:week|month|year|release))|bisect\w*|regress\w*|expected:|"
    # ... or a page: an alert is a problem reported ("pagerduty just went off: …", "[FIRING:1]")
    r"\[firing|firing:\d|pagerduty|paged|(?:alert|alarm|pager) (?:fired|went off|is going off))\b")
REPORTING = rx(r"\b(?:" + _NOT_HAPPENING + r")\b", re.IGNORECASE)
# ... or asking the assistant to find out what is wrong: the explanation that follows is a
# finding too, whatever words the report used ("slither flags X, and a bot initialized Y. dig
# into it and leave notes").
INVESTIGATE = rx(r"\b(?:dig into (?:it|this|that|why)|look into (?:it|this|that|why)|"
                 # ("third person reporting this. look pls", "can you have a look", "take a look
                 # at it"; not "have a look at the README and add …")
                 r"(?:have|take) a look(?: at (?:it|this|that|why))?(?=\s*(?:[.!?,]|pls|please|"
                 r"plz|$))|look (?:pls|please|plz)|(?:pls|please|plz) look|"
                 r"(?:people|players|users|testers|customers|person|player|user|tester|customer)"
                 r"s? (?:are |is |keeps? )?reporting (?:this|it|that|the same)|"
                         r"investigate (?:it|this|that|why|what)|figure out (?:why|what went|"
                         r"how come)|find out why|track (?:it |this )?down|get to the bottom of|"
                         r"diagnose|(?:find|track down|get to|figure out) (?:the |its )?"
                         r"(?:\w+ )?(?:cause|culprit))\b", re.IGNORECASE)
# Weaker signs of a problem, which count only in a prompt that asks for nothing new: a quantity
# that is off, refusing, leaking, what still happens ("caddy is still serving the old config")
# or happens although it should not ("… even though the Caddyfile is the new one").
SYMPTOM_WEAK = rx(r"\b(?:(?:far |way )?too (?:many|few|much|little|high|low|early|late)|"
                          r"repeat(?:s|ed|ing)?|sometimes|now and then|every (?:now and|so) "
                          r"often|"
                          r"refus\w+|leak(?:s|ed|ing)?|(?:is|are|was|were) still \w+ing|"
                          r"even though|although)\b", re.IGNORECASE)
WANTS = rx(r"\b(?:i'?d like|i want|we want|we'?d like|would like|let'?s|add an?|"
                   r"asks? for|asking for|requests?|feature|support for|option)\b", re.IGNORECASE)
# ... said of a thing even after a verb that usually gives an order ("make run just sits at …").
REPORTED = rx(r"\b(?:hangs|sits|is stuck|gets stuck|dies|froze|"
                       r"crashes|freezes)\b", re.IGNORECASE)
# What makes an explanation one (a cause, a condition, a requirement).
CAUSE = rx(
    r"\b(?:so|because|since|unless|until|when|whenever|which|needs?|has to|have to|must|only|"
    r"without|forever|never|falls? back|runs? out|drops?|ignores?|reads? everything|while|"
    r"as long as|overrides?|by default|defaults? to|instead of|"
    # ... or what a thing will not do ("Postgres won't cast varchar to the enum by itself")
    r"won'?t|can'?t|cannot|doesn'?t|does not|isn'?t|aren'?t|don'?t)\b",
    re.IGNORECASE)
# A sentence that says what to do about a problem just explained.
REMEDY = rx(
    r"^\W*+(?:(?:so |then )?(?:set|export|raise|lower|increase|run|start|copy|create|install|"
    r"use|add|put|point|pass|load|restart|enable|disable|reset|call|wrap|move|register|mark|"
    r"rebuild|regenerate|clear|remove|replace|switch|pin|downgrade|upgrade)\b|.*\b(?:fix(?:es|ed)? it|"
    # ("the fix is …", "For async sessions the usual setting is async_sessionmaker(…)")
    r"the (?:usual |right |correct |standard |recommended )?(?:fix|setting|way|approach) is|"
    # ("Annotating the method @Blocking makes Quarkus dispatch it to a worker thread")
    # ("Opening with encoding='utf-8-sig' strips the BOM")
    r"^\W*[a-z]+ing\b[^.\n]{0,80}\b(?:makes|fixes|lets|keeps|stops|solves|avoids|prevents|"
    r"strips|removes|drops|skips)|"
    r"works (?:with|once|after)|fix(?:es)? (?:every|all|both|them)|"
    # ... or what must be, wherever the sentence says it ("Anything measured in time has to use
    # block.timestamp", "The config needs unique_key='sale_id'")
    r"(?:has|have|needs?) to (?:be )?\w+|must (?:be |always |never )?\w+|needs? (?:an?|the|its) \w+)\b)",
    re.IGNORECASE)
# ... or names code (a call, a quoted identifier: 'applies kotlin("plugin.spring")', a
# command-line option: "first with -target=module.eks", "with --include integration", an
# identifier only code has: "pgEnumString", "DateTimeKind.Utc", "explicit_to_json",
# "lubridate::with_tz"; a class name alone,
# "RecordingService never sets it", is more of the cause).
CODEISH = rx(r"\w\(\S|\"[\w.:/@-]{3,}\"|"
                      r"(?<![\w-])(?:-[A-Za-z][\w.-]*=\S|--[a-z][\w-]{2,})|"
                      r"\b[a-z]{2,}[A-Z][a-z]\w*|\b[A-Z]\w*\.[A-Z]\w*\b|"
                      r"\b[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]\b|::\w|"
                      # an annotation ("@Blocking", "@Transactional")
                      r"(?<![\w.@])@[A-Z][a-z]\w+|"
                      # a member of a lowercase name ("block.timestamp", "os.environ")
                      r"\b[a-z_]{2,}\.[a-z_]{2,}\b(?!\.\w)")
# Where a remedy too long for the room may be cut and still say what to do.
CLAUSE_END = rx(r"[;:](?=\s)|\s[-–—]\s|,\s(?=(?:so|and|but|or|which)\b)")
# The assistant announcing a revert, or the user asking for one: what the assistant says next
# (in a later message) is why the approach failed.
# ... or a command that throws away a change: "git checkout -- project.yml", "git revert".
REVERT_COMMAND = rx(r"^\s*git\s+(?:checkout\s+(?:\S+\s+)?--\s|restore\b|revert\b|"
                             r"reset\s+--hard\b)")
REVERT_SAID = Folded(
    # (not what could be done: "so we can roll back even if the cache is gone"; "we need to
    # revert it" still orders one)
    r"(?<!\bcan )(?<!\bcould )(?<!\bmight )(?<!\bable to )"
    r"\b(?:revert(?:ing|ed)?|roll(?:ing|ed)? (?:it |this |that |them )?back|undid|"
    # ("undo it", not "add an undo command")
    r"(?<!\ban )(?<!\bthe )undo(?:ing)?(?! (?:command|button|stack|history|feature|shortcut|"
    r"support|action|functionality|buffer)\b|/redo)|"
    r"drop(?:ping)? (?:it|this|that)\b|"
    r"back(?:ing|ed)? (?:it |this |that )?out|put(?:ting)? (?:it|this|that|them) back|"
    r"restor(?:e|ing|ed) (?:it|the)|tak(?:e|ing) (?:it|this|that) out)\b")
# ... but asking how to undo something is a question, not an order to undo what was just done
# ("how to undo last commit but keep changes").
HOW_ASKED = rx(r"^\W*(?:how(?!\s+(?:about|come)\b)|what'?s the (?:best |right |safest )?way)\b",
                       re.IGNORECASE)
VERDICT_START = rx(
    r"^\W*(?:reverted|backed out|rolled back|undid|undone|switched back|went back|"
    r"(?:that|this|it) (?:didn'?t|did not|doesn'?t|does not) (?:work|help)|"
    # ... or a short verdict with its reason after a dash ("No good - Rapier ignores …")
    # (not "No luck - checking the build config." nor "No good - still failing …, trying X next":
    # where a search stands)
    r"no good(?= *[-–—:,;] )(?![^.!?\n]*\b(?:still|next|trying|checking|looking|let me|i'?ll|"
    r"i will|instead)\b)|"
    r"(?:that|this|it) "
    r"(?:broke|made .{1,30} worse|was (?:slower|worse))|no improvement|(?:i'?ve |i have |i |we )?"
    r"(?:reverted|restored|put \w+(?: \w+)? back))\b",
    re.IGNORECASE)

GOTCHA = rx(
    r"\b(?:hangs?|hung|fails?|failing|breaks?|crash(?:es)?|times? out|timed out|errors? out|"
    r"won'?t (?:start|run|work|connect|build)|doesn'?t (?:start|run|work|connect|build)|"
    r"does not (?:start|run|work|connect|build)|silently \w+|deadlocks?|refuses? to \w+|"
    r"stalls?)\b[^.\n]{0,100}?\b(?:unless|if|when|without|until|before|after|because)\b"
    r"|\b(?:only works (?:if|when|with|from)|must be (?:run|started|set|exported|called|loaded|"
    r"imported|built|installed|copied|created) |needs? to be (?:set|exported|running|started|"
    r"run|loaded|imported|built|installed|copied|created) |(?:has|have) to be (?:set|exported|"
    r"running|started|run|loaded|imported|called|built|installed|copied|created) "
    # the one way a thing runs here ("GameTests only run in a headless server through
    # `./gradlew runGametest`", "the e2e tests need a build made with --mode e2e") ...
    r"|\bonly (?:runs?|works?|builds?|starts?|loads?) (?:in|inside|through|with|under|via|from|"
    r"on)\b"
    r"|\bneeds? (?:a|an|the) (?:\w+ )?(?:made|built|run|started|created|generated|compiled) "
    r"(?:with|by|from|through)\b"
    # ... and what a tool keeps back unless asked ("colcon hides test output by default")
    r"|\b(?:hides?|swallows?|suppresses?|buffers?|captures?|drops?) [^.\n]{0,60}?\bby default\b)",
    re.IGNORECASE)
# The assistant judging an approach it tried or looked into ("core.async is the wrong tool for
# the reminders: …", "IL2CPP isn't worth it for the Windows build", "orjson doesn't buy
# anything"): after a look, a falsified finding.
# ... not what it did instead ("… so I added text-overflow", "I used lru_cache").
DID_INSTEAD = rx(r"\b(?:so |and )?I(?:'ve| have)? (?:added|used|went|changed|kept|made|wrapped|"
                         r"switched|put|wrote|moved)\b")
# A remedy put off ("… needs a rewrite too at some point, but that's separate").
DEFERRED = rx(r"\b(?:at some point|separate(?:ly)?|eventually|another time|later on|"
                      r"unrelated|some day)\b", re.IGNORECASE)
# A prompt asking for a fix: "Found it." then opens the problem it was about.
FIX_ASKED = rx(r"\bfix(?:ed|ing)?\b", re.IGNORECASE)
JUDGED = rx(
    r"\b(?:is|was|'s) the wrong (?:tool|choice|approach|fit|place|layer)\b|"
    r"\b(?:isn'?t|is not|wasn'?t|was not) (?:worth it|a (?:quick )?win|a good (?:fit|home|idea|"
    r"choice|trade))\b|\bnot worth (?:it|the)\b|"
    r"\b(?:doesn'?t|does not|didn'?t|did not) (?:fit|pay off|buy (?:us )?(?:anything|much))\b|"
    r"\bbuys? (?:us )?(?:nothing|little)\b|\bcan'?t work at\b|\ba step back(?:wards?)?\b|"
    r"\bnot an improvement\b", re.IGNORECASE)
# "pls dont suggest server streaming - we tried that last month, the depot wifi …": an
# approach the user names and says was tried already, with the reason after it.
TRIED_BEFORE = rx(r"(?<!['’])\b[a-z]+(?:'ve| have| had)? "
                          r"(?:already |once |actually |even )?tried (?:that|this|it)\b|"
                          # ("we've been here. we had a Mapbox basemap for the 2022 general …",
                          # turning down what was offered: in a report it is the problem met
                          # before, "the deploy broke again, we've been here before, …")
                          r"(?P<been>\bwe(?:'ve| have) been (?:here|there|down this (?:road|"
                          r"path))(?: before)?(?=\s*(?:[.!,;:—–-]|$)))|"
                          r"\b(?:this|that|it) (?:we|i|they) (?:already |once )?tried\b",
                          re.IGNORECASE)
# ... or naming what was tried ("we tried swapping the RMW to Fast DDS", "push through a
# cloudhook was tried", "we trialled chromium in 2023") ...
TRIAL = rx(r"\b(?:we|i|they|he|she|someone|somebody|[A-Z][a-z]+)(?:'ve| have| had)? "
                   r"(?:already |once |actually |even |briefly )?(?:tried|trialled|trialed|"
                   r"tested|evaluated|benchmarked|experimented with|piloted|prototyped)\b|"
                   r"\b(?:was|were|has been|have been|had been|got) (?:already |once )?"
                   r"(?:tried|trialled|trialed|tested|evaluated|attempted)\b")
# ... which is a finding only when it was at another time ("back in winter", "in 2023") or
# given a verdict ("so that's out"), not a report of what was just done ("I tested the login,
# it doesn't work" is a bug).
PAST_TRIAL = rx(r"\b(?:back in|last (?:year|month|week|spring|summer|autumn|fall|winter|"
                        r"quarter|sprint|time)|in (?:19|20)\d\d|(?:a|one|two|three|a few|a "
                        r"couple of) (?:years?|months?|weeks?) ago|before|already|once|twice|"
                        r"(?:two|three|several) times|previously|in the (?:spring|summer|"
                        r"autumn|fall|winter))\b", re.IGNORECASE)
DISMISSED = rx(r"\b(?:so |which is why )?(?:that'?s|it'?s|this is) (?:out|off the table|"
                       r"a non-?starter|a dead end|a no-?go)\b|\bruled (?:it |that )?out\b|"
                       r"\bno[ -]go\b|\bdead end\b|\bdidn'?t pan out\b|\bnot an option\b",
                       re.IGNORECASE)
# The assistant proposing an approach ("One option would be installing API Platform …", "We
# could try …"): what a user's "this we tried already, …" turns down.
PROPOSAL = rx(r"\b(?:one option (?:would be|is)|an option (?:would be|is)|we could (?:try|use|"
                      r"switch|move|add|put)|(?:i )?could try|how about|what about|i(?:'d| would) "
                      r"(?:suggest|propose|try)|"
                      # ("I could give each crow an agent …", "Quickest would be a small Alpine.js
                      # dropdown … — want me to wire it in?")
                      r"i could (?!not\b|tell\b|see\b|find\b|say\b|be\b|imagine\b)\w+|"
                      r"(?:quickest|simplest|easiest|cleanest) (?:would be|is)|"
                      # (an offer to look is no approach: "Want me to look at its logs?")
                      r"(?:want|would you like) me to (?!look|check|dig|investigate|see|find|"
                      r"read|search|run)|shall i)\b", re.IGNORECASE)
# A reply that takes the offer ("yes please, go for it. we had jank for two weeks …"): nothing
# was turned down, whatever history it tells.
ACCEPTED = rx(r"^\W*(?:yes|yep|yeah|yup|sure|ok(?:ay)?(?:,)? (?:do it|go|go ahead)|go (?:for "
                      r"it|ahead)|do it|sounds good|please do|let'?s do it|perfect)\b", re.IGNORECASE)
# ... nor one that takes it at its end ("we used Algolia for the 2022 general, it was expensive
# but fine, so yes go ahead"), not "…, don't do it"
ACCEPTED_LAST = rx(r"(?:^|[.,;!—–-]\s*)(?:(?:so|then|and|but|anyway)\W+)?(?:(?:yes|yep|yeah|"
                           r"sure|ok(?:ay)?)\W+)?(?:go (?:for it|ahead)|do it|please do|"
                           r"let'?s do it)\W*$", re.IGNORECASE)
# ... nor the one made before, there to use ("we made one for the 2024 general, it's in
# components/Ticker.svelte but not wired to the homepage. reuse that", "… just flip it on") or
# waiting ("… it's not switched on yet"): nothing was tried and dropped.
REUSE_ASKED = rx(r"(?:^|[.!?;—–]\s*|\bjust |\bso )(?:re-?use|use|flip|turn|switch|wire|hook|"
                         r"plug) (?:that|it|this|them|that one|the old one)"
                         # (the one made before, not what to use instead: "use that static
                         # image instead", "just use this: static tiles …")
                         r"(?=\s*(?:$|[.,;!?—–]|(?:on|up|in|again|back)\b))", re.IGNORECASE)
NOT_YET = rx(r"[^.;,!?\n]{0,40}?\byet\b", re.IGNORECASE)
# ... but a bare yes answers a question too ("Have you tried it on a phone yet?" — "Yes, photos
# attached to reports show up sideways …": a report): it accepts only when what follows it
# qualifies what was offered ("Yes, and only members with a tier change, not everyone").
YES_THEN_SAYS = rx(r"^\W*(?:yes|yep|yeah|yup|sure)\b(?!\W*(?:(?:and|but)\W+)?(?:only|just|not|no|"
                   r"without|with|except|unless|as long as)\b)", re.IGNORECASE)
# ... turned down with the time it was in use and how that went ("had it for a year, disaster:
# every liveview patch wiped its state"; "we actually had it on the crows for two months last
# year and it was a disaster"): used before, as much as tried.
USED_BEFORE = rx(r"\b(?:had|used|ran|kept|turned|enabled|switched|rolled out|shipped|went to|"
                         r"moved to|changed|put|made|"
                         # ("we did an AMP live blog in 2020": done by someone, not the "did" of
                         # a question, "did you check the folder for the 2024 shapefile?")
                         r"(?:we|i|they|he|she|you|someone|somebody)(?: already| once| actually|"
                         r" also| even)? did|"
                         # (a setting changed: "someone bumped worker_threads to 24 last winter")
                         r"tried out|tried|bumped|raised|lowered|increased|doubled|set)\b"
                         # (a dot inside a name goes on: "tried std.http.Client for that in …")
                         r"(?:[^.;:!?\n]|\.(?=\w)){0,60}?(?:\bfor (?:like |about |"
                         r"around |almost |over |just )?(?:a|an|one|two|three|four|five|six|a few|a "
                         r"couple of|several|\d+) (?:days?|weeks?|months?|years?|sprints?)\b|"
                         r"\blast (?:year|month|sprint|quarter|spring|summer|autumn|fall|winter)\b|"
                         r"\b(?:a|one|two|a few|a couple of) (?:years?|months?|weeks?) ago\b|"
                         # (when, by the calendar or the team's own events: "in january", "before
                         # the autumn drive", "back in 2023")
                         r"\b(?:in|back in|during|over) (?:january|february|march|april|may|june|"
                         r"july|august|september|october|november|december|(?:19|20)\d\d|q[1-4]|"
                         r"the (?:spring|summer|autumn|fall|winter))\b|"
                         r"\bbefore the (?:\w+ ){0,2}(?:drive|launch|release|migration|season|"
                         r"rush|sale|event|conference|holidays?)\b|"
                         # (an occasion named by its year: "we had a Mapbox basemap for the 2022
                         # general")
                         r"\b(?:for|in|during|at|over|through) the (?:\w+ )?(?:19|20)\d\d\b)",
                         re.IGNORECASE)
# A memory file's item: a line that is not a heading, a quote, a table row, a rule, a fence or
# an HTML comment; its bullet or number is not part of it.
_MEMORY_ITEM = rx(r"[ \t]*(?![#>|`]|---|<!--)(?:[-*+][ \t]+|\d+[.)][ \t]+)?(?=\S)")


def memory_items(text: str) -> list[tuple[int, int, str]]:
    """(start, end, section) of each item of what is written into a memory file, where
    ``section`` is the heading above it (or ""); a line indented under a bullet goes on with
    it ("- Always run `make lint` before pushing, because the CI lint job is\n  stricter …"),
    and front matter, fenced code and HTML comments are no items."""
    items: list[tuple[int, int, str]] = []
    section = ""
    fenced = False
    at = 0
    lines = text.splitlines(keepends=True)
    if lines and lines[0].strip() == "---":  # (front matter: up to the next "---")
        close = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
        if close is not None:
            at = sum(len(ln) for ln in lines[:close + 1])
            lines = lines[close + 1:]
    going_on = False  # the line before was an item's (a wrapped line may go on with it)
    for line in lines:
        start, end = at, at + len(line.rstrip())
        at += len(line)
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced, going_on = not fenced, False
            continue
        if fenced or not stripped or stripped.startswith("#"):
            section = stripped if stripped.startswith("#") and not fenced else section
            going_on = False
            continue
        if going_on and line[:1] in " \t" and not BULLET.match(line):
            items[-1] = (items[-1][0], end, items[-1][2])  # (a wrapped line goes on)
            continue
        lead = _MEMORY_ITEM.match(text, start, end)
        going_on = lead is not None
        if lead is not None:
            items.append((lead.end(), end, section))
    return items


# ... and the headings that say its lines are gotchas, or facts of the environment
MEMORY_GOTCHAS = rx(r"\b(?:gotchas?|pitfalls?|caveats?|watch out|warnings?|known (?:issues|"
                            r"problems)|traps?)\b", re.IGNORECASE)
MEMORY_ENVIRONMENT = rx(r"\b(?:environments?|infra\w*|setup|hosts?|servers?|machines?|"
                                r"deploy\w*|accounts?|hardware|services)\b", re.IGNORECASE)
# The user turning down one of the options the assistant listed ("(a) …" / "(b) …",
# ``OPTION_LINE``) by its label: "not (a). the WMS upserts …", "(a) is a no - we had …", "b
# please. a: we tried robust in the first batch …". (A bare letter only before punctuation:
# "not a problem" names no option.)
_LABEL = r"(?:\(([a-e1-9])\)|([a-e1-9])(?=$|[.,:;!]|\s+[-–—]))"
REFUSED_OPTION = rx(
    r"(?:^|(?<=[.!?;]\s)|(?<=\n))[^\w\n]{0,8}(?:(?:not|no to|never|nope,? not)\s+" + _LABEL +
    r"|\(([a-e1-9])\)\s+(?:is|was) (?:a no|out|a non-?starter|a no-?go|not an option)\b"
    # (a letter and a colon only before what was tried: "a: we tried robust …")
    r"|([a-e])\)?\s*:\s(?=[^\n.]{0,40}\b(?:tried|trialled|had|did|ran|used)\b))",
    re.IGNORECASE)
# ... offered as alternatives: options by letter, or said to be ways ("I see two ways:")
OFFERED_WAYS = rx(r"\b(?:two|three|four|a few|several|some) (?:ways|options|approaches|"
                          r"alternatives|choices)\b|^[ \t]*\(?[a-e][).][ \t]", re.IGNORECASE | re.MULTILINE)
# ... and the answer's next label starts what it says of another one ("… 2: yes. 3: yes")
NEXT_LABEL = rx(r"(?:^|(?<=[.!?;]\s)|(?<=\n))[^\w\n]{0,3}\(?[a-e1-9]\)?\s*[:.)]\s")
# The assistant asking whether an approach was ever tried ("Quick history question: was pushing
# board updates over a WebSocket … ever tried?", "has anyone tried X?"): the question names it,
# and an answer that it was, with why it was dropped, is a falsified finding.
_IN_SENTENCE = r"(?:[^?.!\n]|\.(?!\s))"  # (a dot inside a name, "kv.watch", ends nothing)
TRIED_ASKED = rx(r"\b(?:was|were|has|have|had|did)\b" + _IN_SENTENCE + r"{3,200}?\bever\b"
                         + _IN_SENTENCE + r"{0,40}?\b(?:tried|attempted|tested|trialled|looked "
                         r"at)\b" + _IN_SENTENCE + r"{0,40}\?|"
                         r"\b(?:has|have|did) (?:anyone|anybody|somebody|someone|the team)"
                         r" (?:ever |already )?(?:tried|try|attempted|attempt)\b" + _IN_SENTENCE
                         + r"{3,200}\?",
                         re.IGNORECASE)
# ... and an answer that opens by saying it was ("tried in the first winter.", "yes - we had it
# for a month in 2023", "yep, Tobi did that last winter").
_YES = r"ya|yah|yes|yep|yeah|yup|correct|right"
TRIED_ANSWER = rx(r"^\W*(?:(?:" + _YES + r"|sure|oh|ha|we did|it was|once)\W+)*"
                          r"(?:(?:we|i|they|(?-i:[A-Z][a-z]+))(?:'ve| have| had)? )?(?:already |"
                          r"once |actually )?(?:tried|trialled|trialed|tested|(?:had|did|ran|used) "
                          r"(?:it|that|this)\b)", re.IGNORECASE)
# The assistant telling that an idea was tried before, as it found in the history ("It was
# tried — 571af33c "Revert h2c on the listener". Reverted to HTTP/1.1. With h2c …", "This has
# been tried already: …", "Priya tried this before — …"): with why it went, a falsified finding.
TRIED_FOUND = rx(r"^\W*(?:(?:yes|yep|yeah|so|ok(?:ay)?|actually)\W+)?(?:(?:it|this|that)(?: idea|"
                 r" approach| one)? (?:was|has been|'s been|had been) (?:already |actually |"
                 r"once )?tried\b|(?:we|someone|somebody|the team|(?-i:[A-Z][a-z]+)) (?:already |"
                 r"actually )?tried (?:it|this|that) (?:already|before)\b|tried (?:before|"
                 r"already)\b"
                 # ... or the record it found says so ("It's struck through on the parking lot —
                 # tried and dropped."; not that it was not: "Nobody has tried and rejected it")
                 r"|(?:(?!(?:\b(?:not|never|nobody|no one|none|nothing)|n't)\b)[^.?!\n]){0,80}?"
                 r"\btried(?:,| and) (?:then )?" + _GONE + r"\b)", re.IGNORECASE)
# A check just made, not an attempt made before ("I ran it locally", "just now")
JUST_CHECKED = rx(r"\b(?:locally|just now|on my machine|a minute ago)\b", re.IGNORECASE)
# ... not a guess ("maybe tried, I honestly don't remember")
UNSURE = rx(r"\b(?:maybe|not sure|don'?t (?:remember|recall|know)|no idea|i think)\b",
                    re.IGNORECASE)
# A plan the user rejects at plan mode's prompt with why: "not this. atrium had it in 2022. …",
# "can't approve that: Tobi did that last winter …".
_WONT = r"(?:can'?t|cannot|won'?t|will not)"
_NOT_THIS = r"not (?:this|that|like this|like that)|reject(?:ed|ing)?"
PLAN_REFUSED = rx(r"^\W*(?:no|nope|nah|" + _NOT_THIS + "|" + _WONT + r" (?:approve|accept|"
                          r"agree)|(?:don'?t|do not)|absolutely not|hard no)\b", re.IGNORECASE)
# ... whose opening refusal, said before a rule, is not part of it ("can't approve this - money
# is always integer pence - …")
PLAN_REFUSAL_LEAD = rx(r"^\W*(?:" + _WONT + r" (?:approve|accept) (?:this|that|it)|"
                               + _NOT_THIS + r")\s*[-–—:;,.]+\s*", re.IGNORECASE)
# The user asking not to go back to an idea, and naming it: "please don't go back to the old
# idea: no bonding." — what follows says when it was tried and why it went.
GOING_BACK = rx(r"\b(?:(?:don'?t|do not|never) (?:go back to|bring back|revive|"
                        r"suggest|propose)|not again)\b[^:\n]{0,30}:\s*(no\s+\S.{2,80})$",
                        re.IGNORECASE)
# ... the first attempt ("love.physics ropes were the very first prototype")
FIRST_TRY = rx(r"\b(?:was|were) (?:the|our) (?:very )?(?:first|original|old) (?:prototype|"
                       r"attempt|version|approach|try)\b", re.IGNORECASE)
# ... saying it was done before ("rev B did exactly that", "atrium had it in 2022").
DONE_BEFORE = rx(r"\b(?:did|had|ran|tried|used) (?:exactly |just )?(?:that|this|it)\b",
                         re.IGNORECASE)
# The assistant asking whether an odd pattern it found is meant ("… instead of using
# toLocaleTimeString like the profile page. Is there a reason for that, or is it historical?")
# and the user saying it is, and how things are done: "yes, on purpose: any time the crew sees
# is 24h HHmm …", "yep, intended. services.* is nixpkgs' namespace …". Their answer is the rule.
INTENT_ASKED = rx(r"\b(?:is|was) (?:there|that|this|it) (?:a reason|intentional|intended|"
                          r"deliberate|on purpose|by design)\b[^?\n]{0,80}\?|\b(?:or is it|or just|"
                          r"or was it) (?:historical|legacy|an accident|a leftover|accidental)\b"
                          r"[^?\n]{0,20}\?|\b(?:on purpose|intentional|deliberate)\?",
                          re.IGNORECASE)
INTENDED = rx(r"^\W*(?:(?:" + _YES + r"|oh)\W+)?(?:(?:it'?s|that'?s|it is|that is|"
                      r"very much|totally|quite) )?(?:on purpose|intentional(?:ly)?|intended|"
                      r"deliberate(?:ly)?|by design)\b(?!\s+(?:to|for now)\b)(?=\s*[.,:;!–—-]|\s*$)"
                      r"[\s.,:;!–—-]*", re.IGNORECASE)
# ... not when nobody has ("we haven't tried that yet", "nobody has tried that") ...
NOT_TRIED = rx(r"\b(?:nobody|no one|never|not|haven'?t|hasn'?t|didn'?t)\b[^.,;]{0,20}"
                       r"\btried\b|\btried\b[^.,;]{0,60}\byet\b", re.IGNORECASE)
# ... and with a reason that tells why it was dropped ("… isnt worth it", "theres no point",
# "IT wont touch it", "its strictly worse"), not how well it went.
DROPPED_FOR = rx(r"\b(?:not|no|never|nothing|none|worse|slower|broke|broken|breaks|"
                         r"fail\w*|crash\w*|pointless|too|cant|can'?t|wont|won'?t|isnt|isn'?t|"
                         r"doesnt|doesn'?t|didnt|didn'?t|wasnt|wasn'?t|arent|aren'?t|dont|don'?t|"
                         r"couldnt|couldn'?t|wouldnt|wouldn'?t|problems?|issues?|regress\w*|"
                         r"leak\w*|pins?|blocks?|refuse\w*|reverted|rolled back|bottleneck|"
                         # (a decision record's verdict: "**Status:** Rejected")
                         r"rejected|superseded|abandoned|"
                         r"cannot|die[sd]?|dead|slow|too much|unusable|useless|disaster|"
                         r"nightmare|stuck|over budget|wiped|skipp\w*|blank|errors?|ate|lost|"
                         r"stale|wrong|stopped \w+ing|ran out|runs? out|logged out|"
                         # (what it cost: "finance got a $1,900 bill and the page crawled",
                         # "slowed to a crawl"; not "we ran a crawl")
                         r"crawled|(?:to|at) a crawl|overage|expensive|(?:way )?(?:past|over) the "
                         r"(?:free tier|budget|quota|limit))\b",
                         re.IGNORECASE)
# ... of which these only say that it went, not why ("… and we reverted it", "**Status:**
# Rejected"): a verdict, no reason.
VERDICT_ONLY = frozenset({"reverted", "rolled back", "rejected", "superseded", "abandoned"})
# A message the user quotes from what failed ("… throws 'You have attempted to perform a
# blocking operation on a IO thread. This is not allowed, as …'"): output, not their words.
QUOTED_OUTPUT = rx(r"\b(?:throws|threw|raises|raised|fails with|failed with|crashes with|"
                           r"errors? (?:out )?with|complains|prints|logs|shows)\W{0,3}\s*"
                           r"(?P<quoted>'[^'\n]{20,}'|\"[^\"\n]{20,}\"|“[^”\n]{20,}”|‘[^’\n]{20,}’)",
                           re.IGNORECASE | re.MULTILINE)
# ... nor when it went well ("… and the p95 dropped from 800ms to 120ms", "loads instantly now").
WENT_WELL = rx(r"\b(?:worked|works|helped|fixed|solved|(?:was|been) (?:great|fine|solid)|"
                       r"went fine|loved it|never a problem|without (?:any )?(?:issues|problems)|"
                       # (no trouble told with a turn-down's words: "… and nothing broke")
                       r"nothing broke|no (?:issues|problems)(?: since| at all)?(?=\s*(?:[.,;!]|$))|"
                       # ("… it's been our backup since, never missed a text", "no complaints")
                       r"never (?:missed|failed|lost|let us down)|no complaints|"
                       # ("we had redis sessions last year, nothing wrong with it, we just moved
                       # everything to the db": no reason it went)
                       r"nothing (?:was |is )?wrong with (?:it|that|them|this)\b|"
                       # (what fell, not what was lost: "the p95 dropped", not "the real
                       # reports got dropped")
                       r"(?<!\bgot )(?<!\bget )(?<!\bgets )(?<!\bwere )(?<!\bwas )(?<!\bbeen )"
                       r"(?<!\bbeing )(?<!\bare )(?<!\bis )dropped|"
                       r"improved|faster|better|instantly|halved|went down)\b",
                       re.IGNORECASE)
# ... and "dont suggest X - we tried that" says it was dropped, whatever reason follows.
SUGGEST_LEAD = rx(r"\b(?:don'?t|do not) (?:suggest|propose|bring up)|"
                          r"\bbefore you (?:suggest|propose|ask)|(?:^|[,:;—–-]\s)\W{0,6}no\s",
                          re.IGNORECASE)
# What someone else told the user ("jo says they hit this once …", "sam reckons …").
RELAYED = rx(r"^\W*[a-z][\w.'-]* (?:says|said|reckons|thinks|mentioned|remembers|told me)\b",
                     re.IGNORECASE)
# A block the user pasted between ``` fences (to the end when it is left open).
FENCED = rx(r"```.*?(?:```|\Z)", re.DOTALL)
# A rule's quantifier ("every … has to"), which in an order belongs to the task.
QUANTIFIED = rx(r"\W*(?:every|each|all)\b", re.IGNORECASE)
# "X tried exactly that last summer and we reverted it": what was tried is what the assistant
# just proposed, so the sentence names nothing (the finding comes with the explanation).
TRIED_THAT = rx(r"(?<!\bI )(?<!\bwe )\btried (?:exactly |just |all )?(?:that|this|it)\b",
                        re.IGNORECASE)
# What the assistant says when a revert is done, which explains nothing ("Reverted, and written
# up as docs/adr/0029-….md", "Backed out; the working tree is clean again").
REVERT_DONE = rx(
    r"^\W*(?:(?:i'?ve|i have|we'?ve) )?(?:reverted|backed out|rolled back|undid|undone|"
    r"restored|switched back|went back|put (?:\w+ )?back|everything'?s back)\b", re.IGNORECASE)
FALSIFIED = rx(
    r"\b(?:tried|attempted|experimented with|switching to|switched to|tested)\b[^\n]{0,160}?\b"
    r"(?:broke|broken|breaks|failed|fails|regress\w*|worse|slower|didn'?t work|did not work|"
    r"doesn'?t work|does not work|reverted|rolled back|backed out|had to revert|no improvement|"
    r"didn'?t help|did not help|no faster|made (?:it|things|\w+) worse|went back|switched back|"
    r"put \w+(?: \w+)? back|restored)\b"
    r"|\b(?:reverted|rolled back|backed out|switched back|went back|undid|undone)\b[^\n]{0,120}?"
    r"\b(?:because|since|as it|it broke|broke|after it|which broke|caused|too slow|slower|worse)\b",
    re.IGNORECASE)

# Salient tokens: what an environment fact is about, and what recurrence compares.
# (two numbers around a colon that are a ratio, neither a port nor a time of day: "16:10
# aspect", "a 20:80 split")
_NOT_A_RATIO = r"(?!\s*(?:aspect|ratio|split)\b)"
_PORT = rx(
    r"\bport\s*(?:is\s*|=\s*|:\s*|number\s*)?(\d{2,5})\b|"
    r"(?<=[\w\]]):(\d{2,5})\b" + _NOT_A_RATIO + r"|"
    r"\b(?:listens?|listening|runs?|running|served|bound)\s+on\s+(?:port\s+)?:?(\d{2,5})\b",
    re.IGNORECASE)
# A time of day ("7:30 pm", "7:30pm", "00:30", "1:12:07", "at 04:30."): its minutes are no port
# ("host:30" is one); a dot after it ends a sentence, not a version ("1:2.3" is none). An hour
# of the day only, and not a port mapping ("-p 53:53/udp", "- \"22:22\"" in a compose file) nor
# a ratio.
_CLOCK_TIME = rx(r"(?<![\w.:/\]\"'-])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?"
                 r"(?:(?=[ap]m\b)|(?![\w:/\"']|\.\w))" + _NOT_A_RATIO, re.IGNORECASE)
_VERSION = rx(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)*(?![\w.]*\w)|\b(?:version|v)\s*(\d+)\b",
                      re.IGNORECASE)
_ENV_VAR = rx(r"\$\{?([A-Z][A-Z0-9_]{2,})\}?|\b([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])\b|"
                      r"\b([A-Z][A-Z0-9]{2,})=")
_PATH = rx(r"(?<![\w:/.])(?:~|\.{1,2})?/(?:[\w.@-]+/)+[\w.@-]*|(?<![\w/.])[\w.@-]+/"
                   r"(?:[\w.@-]+/)*[\w@-]+\.\w{1,8}\b")
BACKTICK = rx(r"`([^`\n]{2,120})`")
# A type's name, by its humps ("FixedBufferAllocator", "NavigationAgent2D"; not a product's:
# "JavaScript", "ChatGPT", "PostgreSQL"): a sentence naming one after a rule says in code how
# the rule is kept.
TYPE_NAME = rx(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+(?:[A-Z][a-z]+|\d+[A-Z]?)\b")
# The assistant announcing a problem it ran into on the way.
SNAG = rx(r"\bthere'?s (?:a|one) (?:snag|catch|gotcha|problem|complication)\b|"
                   # "Hm, something's off there. Digging in first."
                   r"\bsomething(?:'s| is) (?:off|wrong|not right)\b|"
                   r"\b(?:one|a) (?:snag|catch|gotcha) first\b|"
                   # "Found the cause. Fixing.", "Small detour: this is a real bug"
                   r"\bfound (?:the|a|its) (?:cause|culprit|problem|bug|issue)\b|"
                   r"\b(?:this|that|it)(?:'s| is) a (?:real|genuine|latent|nasty) "
                   r"(?:bug|problem)\b", re.IGNORECASE)
# ... or opening its message with "Found it." (too short a sentence to be read as one).
FOUND_IT = rx(r"\W*found it\s*[.!:]", re.IGNORECASE)
# A message that opens on having found the cause ("Got it.", "There it is:", "Found the
# culprit."): what an earlier message offered as the cause was a lead checked on the way
# ("Got it" — ``ack`` — also only acknowledges: it makes no report a problem).
FOUND_CAUSE = rx(r"\W*(?:(?P<ack>got it)|found it|there it is|here it is|bingo|"
                         r"found (?:the|our) (?:root )?(?:culprit|cause|problem|bug|issue)|"
                         r"(?:here'?s|here is|that'?s) (?:the|our) (?:root )?"
                         r"(?:culprit|cause|problem|bug|issue))\s*[.!:—-]",
                         re.IGNORECASE)
SNAG_WORDS = 12  # content words an announcement has at most (more: it explains as well)
# A label the explanation opens with ("Root cause: …").
CAUSE_LABEL = rx(r"^\W*(?:(?:the )?root cause|the cause|cause|why|verdict|result|"
                          r"what was going on|what happened|the (?:problem|issue|bug))"
                          r"\b[^:.\n*]{0,30}(?::\**|\**:)\s*", re.IGNORECASE)
# The user asking what a problem just fixed was.
FOLLOW_UP = rx(r"^\W*(?:so\W+)?(?:what was (?:it|that|the (?:problem|issue|cause))|"
                        r"why(?: did (?:it|that) (?:happen|break|fail))?|what happened|"
                        r"what caused (?:it|that))\W*\??\s*$"
                        # ... or for a write-up of it: "a short heads-up for the team channel so
                        # nobody else loses an afternoon to this", "a paragraph on why we're not
                        # doing it"
                        r"|\b(?:heads.up|write.?up|post.?mortem)\b"
                        r"|\b(?:closing|resolution|release) (?:comment|note)\b"
                        r"|\b(?:summary|paragraph|explanation|message|note)\b.{0,60}?\b(?:say\w*|"
                        r"on|about|of|explain\w*) (?:\W*why|(?:this|it|that|the (?:problem|issue|"
                        r"bug|fix))\b)",
                        re.IGNORECASE)
# The question that offers options must ask which way to do something ("Which one should new
# code follow?"), not ask several questions or list steps.
WHICH_WAY = rx(r"\bwhich (?:one|way|style|of (?:these|them|the two)|should|do you want)\b",
                       re.IGNORECASE)
# ... and a confirmation must ask to keep to a practice ("I'll keep to that here too - correct?")
KEEP_TO = rx(r"\b(?:keep|stick|stay) (?:to|with)\b|\bfollow (?:that|it|the same)\b|"
                     r"\bdo the same\b|\bsame (?:way|here)\b", re.IGNORECASE)
# ... or the question is only whether to do the same as what it just found ("Every existing
# alarm template wraps its text in sms::fit_gsm7 …. Same for this one?", "Follow that here?"):
# the sentence before it is the practice, whatever its words
SAME_ASKED = rx(r"^\W*(?:(?:and|so|ok|okay)\W+)?(?:(?:the )?same (?:for|with|on|in|here|again|as)\b|"
                r"(?:(?:do|write|make|keep) (?:it|this one|the new one) )?(?:like|as with) the "
                r"(?:others|rest|existing ones)\b|"
                r"(?:shall|should) i (?:do the same|keep to (?:that|it)|stick (?:to|with) (?:that|it)|"
                r"follow (?:that|it|suit))\b|follow (?:that|suit|the same)\b|do the same\b)"
                r"[^?\n]{0,30}\?\s*$", re.IGNORECASE)
# ... but not when that sentence tells a change it just made ("Added a null check to
# parse_header in src/decoder.rs. Same for parse_footer?"): the question is whether to make it
# again, and the change is no practice
SAID_DONE = rx(r"^\W*(?:i (?:just |also )?)?(?:added|changed|fixed|updated|removed|renamed|moved|"
               r"replaced|bumped|deleted|wrote|created|refactored|implemented|switched|converted|"
               r"patched|edited|raised|lowered|increased|reduced|dropped)\b", re.IGNORECASE)
# The assistant asking the user to confirm what it says it will keep to ("From what I can see,
# templates include the yardlib helpers. I'll keep to that here too - correct?") ...
CONFIRM_ASKED = rx(
    r"(?:\b(?:correct|right|ok|okay|agreed|yes|fine)|\bsounds? (?:right|good)|\bis that "
    r"(?:right|correct|ok|okay)|\b(?:shall|should) i (?:keep|stick) (?:to|with) (?:that|it)[^?]*)"
    r"\s*\?\s*$",
    re.IGNORECASE)
# ... and the user saying yes, and nothing more ("ya", "ya, always", "yes, correct").
AFFIRMED = rx(
    r"^\W*(?:" + _YES + r"|exactly|sure|confirmed|ok|okay|that'?s right|"
    r"please do)\b(?:\W+(?:always|exactly|that'?s right|correct|please|pls|thanks|thx|ty|keep "
    r"to (?:it|that)|(?:this|that) one|like (?:this|that)|this way))*\W*$", re.IGNORECASE)
# ... or asking whether what a doc says is still how things are done ("docs/state.md says:
# actions: one createActionGroup per source. Is that still current, or out of date?"), and the
# user saying it is ("yeah thats still how we do it").
STILL_CURRENT = rx(r"\b(?:still (?:current|valid|true|right|accurate|the case|how (?:we|you) "
                           r"do (?:it|things)|how (?:the team|we|you) works?|in use|the rule)|"
                           r"out of date|up to date)\b[^?\n]*\?\s*$",
                           re.IGNORECASE)
STILL_SO = rx(r"^\W*(?:" + _YES + r"|still is|it is)\b"
                      r"(?![^\n]*\b(?:but|not|no longer|out of date|outdated|deprecated|stale|"
                      r"moved|changed|replaced|old|any ?more|except)\b)[^\n]{0,60}$",
                      re.IGNORECASE)
# What a doc says, as the assistant quotes it ("docs/state.md says: …", "CONTRIBUTING.md has:").
DOC_SAYS = rx(r"^\W*[\w./-]+\.(?:md|rst|txt|adoc)\b[^:\n]{0,20}\b(?:says|has|reads|states)"
                      r"(?:\W*:\s*|\s+(?:that\s+)?)", re.IGNORECASE)
# The part of the assistant's sentence that says it looked, before what it found: "From what I
# can see in the repo, …", "Looking at the existing modules, …".
LOOKED_LEAD = rx(
    r"^\W*(?:from what i (?:can )?(?:see|saw|found|read)|as far as i can (?:see|tell)|it looks like|"
    r"looking at|judging by|in (?:this|the) (?:repo|codebase|code)(?: so far)?)\b[^,:]{0,60}[,:]\s*",
    re.IGNORECASE)
# Options the assistant offers, one per line ("(a) …", "b) …", "1. …", "**A** …"), and the
# user picking one by its label ("a. b is the old way", "option 2", "go with (b)").
OPTION_LINE = rx(
    r"(?m)^[ \t]*(?:\(([a-e1-9])\)|([a-e1-9])[).]|\*\*\(?([a-e1-9])[).:]?\*\*[).:]?)[ \t]+(\S.*?)[ \t]*$",
    re.IGNORECASE)
PICKED = rx(r"^\W*(?:(?:(?:let'?s )?go with |option |take |pick )\(?([a-e1-9])\)?(?=$|\W)|"
                    r"\(?([a-e1-9])\)?(?=$|[.,:;!)]))", re.IGNORECASE)  # (never the article: "a few …")
# The assistant agreeing with the user's own diagnosis: the diagnosis is the explanation.
CONFIRMS = rx(
    r"^\W*(?:you'?re (?:right|correct)|you are (?:right|correct)|that'?s exactly it|exactly(?: right)?"
    r"\W|(?:yes|yep|yeah)\W+(?:that'?s|this is) (?:exactly )?(?:it|the (?:problem|cause|issue))|"
    r"good (?:catch|find|memory)|"
    r"spot on|"
    # ("That's it — applying that.", "Makes sense, fixing it that way.")
    r"(?:(?:right|yes|yeah|yep|ok|okay|ah)\W+)?(?:that'?s it\b(?! for)|(?:that )?makes sense\b|"
    r"good call\b|that (?:would )?explains? it\b|that (?:matches|fits) (?:the|what)\b))",
    re.IGNORECASE)
# ... but not when it goes on to doubt it ("That matches what the log says. But the erase is only
# 80ms, so something else …", "Makes sense. Let me confirm with a timing trace first.")
DOUBTED = rx(r"\bbut\b|\bnot (?:it|that|the cause)\b|\bsomething else\b|\blet me "
                     r"(?:confirm|verify|check|double.check|test)\b|\bafter this\b", re.IGNORECASE)
# ... nor a plan, a decision or another problem said after a lead ("i think we should also add a
# regression test", "i guess we can ship on friday", "i think the sensor readings are also off")
NO_THEORY = rx(r"\b(?:we should|we can|we could|should we|let'?s|also|btw|by the way|"
                       r"another|unrelated|different)\b", re.IGNORECASE)
# The user offering a theory of the problem being looked into ("ahh i bet its the watchdog",
# "maybe it's the cache?"): what follows is their diagnosis.
THEORY_LEAD = rx(r"^\W*(?:(?:oh+|ah+|hm+|wait|ok(?:ay)?)\W+)*(?:i (?:bet|think|suspect|"
                         r"guess|reckon)\b|(?:maybe|probably|perhaps) (?:it'?s|its|the)\b|"
                         # ("seen this before: pgbouncer in transaction mode vs …")
                         r"(?:i'?ve |we'?ve )?(?:seen|had|hit) (?:this|that) (?:one )?before\b)|"
                         # ... or recognised by name ("oh, the in-memory pillar. highstate doesn't
                         # refresh it …")
                         r"^\W*(?:oh+|ah+)\W+(?:right\W+)?(?=(?:it'?s |that'?s )?the [\w-]+(?: [\w-]+)?\.|"
                         # ("oh right, that's the thing where odoo stores everything in utc …")
                         r"(?:it'?s |that'?s |this is )the (?:[\w-]+ )?(?:thing|one|bug|issue|problem|gotcha) "
                         r"(?:where|with|when)\b)",
                         re.IGNORECASE)
# An order in the user's words: no remedy, whatever code it names ("please fix it").
ORDER = rx(r"\bplease\b|^\W*(?:can|could|would) you\b|^\W*(?:fix|do|change|make) it\b",
                    re.IGNORECASE)
# The user bringing what they found themselves ("found the lazy init thing on the holds
# endpoint. forBranch didnt fetch …", "ok the enum thing: autogenerate doesnt notice …"):
# what follows the lead is their diagnosis.
FOUND_LEAD = rx(
    # (after waving off the assistant's first theory: "no, is not this. i found why …", "not
    # this. i found it, the free hours are in redis …", "no no. the cut spectrum problem: …")
    r"^\W*(?:(?:ok(?:ay)?|so|ah|right|alright|finally|no|nope|nah|wrong)\W+)*"
    r"(?:(?:it'?s |its |is |that'?s )?not (?:this|that|it)\W+)?"
    r"(?P<lead>(?:i(?:'ve)? )?(?:found|figured out|tracked down|worked out|cracked|nailed)\s+"
    r"(?:it\s*,|(?:the|that|what|why|it)\b[^\n]{0,60}?[.:](?=\s|$))|"
    r"the [\w -]{1,40} (?:thing|issue|problem|bug)\s*:)\s*", re.IGNORECASE)
# Where a user's diagnosis starts inside their sentence ("… and I think I've got it: X").
DIAGNOSIS_START = rx(
    r"\b(?:i think i(?:'ve| have) (?:got|found) it|i (?:think|suspect|bet)|my (?:guess|theory) is|"
    r"turns out|i (?:figured|found) (?:it )?out)\W*:?\s*", re.IGNORECASE)
# ... and a command the user hands over, however long ("ah, here it's `mix hex.repo add …`").
QUOTED_COMMAND = rx(r"`([^`\n]{2,2000})`")
# ... or a line copied from a terminal with its prompt, in a fence ("$ make deploy", "% go test";
# not "# …", a comment in a pasted script as often as a root prompt).
SHELL_PROMPT_LINE = rx(r"^[ \t]*[$%][ \t]+(\S[^\n]{1,2000})$", re.MULTILINE)
# ... or with the whole prompt of a terminal, user, host and directory, fenced or not: nothing
# else looks like it ("dev@wrackline-dev:~/src/wrackline$ minidump-stackwalk …").
SHELL_PS1_LINE = rx(r"^[ \t]*(?:\([\w.-]+\)[ \t]*)?[\w.-]+@[\w.-]+:[~/][^\s$#]*[$#][ \t]+"
                    r"(\S[^\n]{1,2000})$", re.MULTILINE)
# ... or in double quotes ('Ines says "Rscript -e 'renv::restore()'" - that's what they use').
SAID_COMMAND = rx(r"[\"“]([^\"“”\n]{2,2000})[\"”]")
_WORD = rx(r"[A-Za-z][A-Za-z0-9_+-]{1,}")
# A speaker's filler in dictated text: a new thought starts after it.
DISFLUENCY = rx(r"\b(?:u+m+|u+h+|e+r+m+|uhm)\b[\s,.-]*", re.IGNORECASE)
# The assistant saying where it wrote the explanation down, not giving it ("The why goes in a
# comment right at the fix", "I explained it in a comment above the call"): the comment is it.
WHERE_EXPLAINED = rx(
    r"\b(?:goes|go|went|is|are|put|wrote|written|left|added|explained\w*|documented)\b[^.\n]{0,30}"
    r"\b(?:in|into|as)\s+(?:a|the|an)\s+(?:\w+\s+)?(?:code\s+)?comments?\b", re.IGNORECASE)
# A sentence that only points at a part of the output it read ("Most of that is normal; the
# middle part isn't.", "The last line is the one that matters.", "… the lines in the middle
# aren't."): the explanation is to come — not one that says why that part fails ("The middle
# part fails because the disk is full.").
_PART_OF_OUTPUT = (r"(?:(?:the|that|this) (?:first|middle|last|top|bottom|second|third) (?:part|bit|"
                   r"lines?|one|half)|the (?:part|bit|lines?|ones?) (?:in|at|near) the (?:middle|"
                   r"top|bottom|end|start|beginning))")
OUTPUT_POINTED = rx(r"^(?!.*\b(?:because|due to|caused by)\b)"
                    r"\W*(?:most of (?:that|this|it|the output|the log)|" + _PART_OF_OUTPUT + r")"
                    r"\b[^.;]{0,40}[.;]\s*(?:(?:but |and )?" + _PART_OF_OUTPUT + r"\b[^.;]{0,30})?"
                    r"[.!]?\s*$", re.IGNORECASE)
# A sentence that draws the consequence of the one before it ("So countries: [SE, NO] reaches
# the template as ["SE", false]"): the explanation starts one sentence earlier.
CONSEQUENCE = rx(r"^\W*(?:so|thus|hence|that'?s why|which is why|this means|that means|"
                         r"as a result)\b", re.IGNORECASE)
# The user sending a fix back: the problem is open again, and what explained it was wrong
# ("nope. still 9 of 8 when two people book at once", "that didn't fix it").
FIX_REJECTED = rx(
    r"^\W*(?:(?:nope|nah|no)[\s.,!-]+)?(?:still (?:the same|broken|happening|failing|there|\d)|"
    r"same (?:problem|error|result)(?: again)?\b|(?:that|it) (?:didn'?t|did not|doesn'?t) "
    r"(?:work|help|fix (?:it|anything))|not fixed|(?:that|it|this) (?:changed|fixed|did) nothing|"
    r"nothing changed|(?:that|it|this) made no difference|no difference)\b", re.IGNORECASE)
# The user adding a clue to a problem still being looked into ("oh wait, forgot to say - it's
# only ever the part-month lines. dunno if that matters"): the same problem, still open.
CLUE = rx(r"^\W*(?:(?:oh|ah|also|and)\W+)*(?:wait\W+)?(?:i )?(?:forgot to (?:say|mention|"
                  r"tell you)|(?:dunno|not sure|no idea) if (?:it|this|that) (?:matters|helps)|"
                  r"in case it (?:matters|helps)|one more (?:clue|data point|thing I noticed)|"
                  r"might be relevant|fwiw)\b", re.IGNORECASE)
# The user's own words that come back as a tool's result: the feedback typed when turning down
# a tool call at the permission prompt, and an answer typed into AskUserQuestion's "Other" box.
REJECTED_PREFIX = "The user doesn't want to proceed with this tool use."
REJECTED_FEEDBACK = rx(re.escape(REJECTED_PREFIX) + r"[^\n]*?the user said:\s*\n?(.+)",
                               re.DOTALL)
ANSWERED_QUESTION = rx(r'^User has answered your questions?: (.+?)\.? You can now '
                               r'continue', re.DOTALL)
ANSWER_PAIR = rx(r'"((?:[^"\\]|\\.)*)"="((?:[^"\\]|\\.)*)"')
# ... unless it gives a cause of its own ("The bug reproduces only on a cold cache, because …")
CAUSE_OF_ITS_OWN = rx(r"\b(?:because|unless|since|whenever|as long as|only (?:on|when|if|"
                              r"with|under))\b", re.IGNORECASE)
# The assistant saying it has reproduced the problem, not why it happens ("3 failures in 20,
# so it reproduces here. Now why."): the explanation is still to come.
REPRODUCED = rx(r"\b(?:(?:it|that|this|the \w+) (?:reproduces|reproduced)|(?:can|could) "
                        r"reproduce (?:it|this|that)|repro(?:duced|s)? (?:here|locally|in \d+ "
                        r"lines?))\b|^\W*reproduced\b[^.]{0,40}$", re.IGNORECASE)
# A bold label a write-up opens a sentence with.
LABEL = rx(r"^\*\*[^*\n]{1,60}(?::\*\*|\*\*:)\s*|"
                   # ... or a plain one that says an answer follows ("The part that answers it:")
                   r"^\W*(?:the (?:part that answers (?:it|that|your question)|short answer|"
                   r"answer|bottom line)|short answer|tl;?dr|in short)\s*:\s*", re.IGNORECASE)

ENV_ERROR = Folded(
    r"not found|no such|unrecognized|not recognized|"
    # (what the command named is unknown to its program: "Unknown configuration profile:
    # 'slurm'", "unknown option '--fast'", "unknown shorthand flag" — not an option a file
    # names: "PytestConfigWarning: Unknown config option: asyncio_mode", "Unknown
    # distribution option")
    r"unknown (?:option|argument|(?:[a-z-]+ )?(?:command|flag|profile|preset|subcommand))|"
    r"command not found|modulenotfound|no module named|cannot find|can'?t find|permission denied|"
    r"connection refused|could not connect|unable to|not installed|requires|unsupported|"
    r"invalid option|invalid argument|not a valid (?:command|option|argument|key)|usage:|"
    r"enoent|eaddrinuse|address already in use|missing|deprecated|"
    r"not supported|incompatible|lock ?file|mismatch|not set|is required|must be set|"
    r"undefined|not defined|connection (?:reset|timed out)|dial tcp|no route|plugin failed|"
    r"not executable|econnrefused|no package called|not present|not available|"
    r"(?:could not|cannot|can'?t) be found|was not found|"
    r"(?:could not|couldn'?t) find (?:a |the |any )?(?:package|module|library|directory|"
    r"program|executable|command|version|toolchain|sdk)|(?:did not|didn'?t) find|"
    # (a build tool asked for a job this project's build does not define: "no step named
    # 'flash'", "No rule to make target 'deploy'")
    r"no (?:step|task|target|rule|script|recipe)s? (?:named|called|to make)|"
    # ("task 'iosTest' is ambiguous in project ':shared'. Candidates are: …"; not a query's
    # 'column reference "id" is ambiguous')
    r"\b(?:task|command|target|step|recipe|script) '[^'\n]{1,60}' is ambiguous\b|"
    # ('add_subdirectory given source "extern/JUCE" which is not an existing directory'; not a
    # test's "customer 42 does not exist")
    r"\bnot an existing (?:directory|file|path)\b|"
    r"\b(?:directory|file|path|folder)\b[^\n]{0,80}\b(?:does not|doesn'?t) exist\b|"
    r"\bjustfile does not contain recipe\b")
# A command that "worked" without doing its job ("No tests were found!!!"): a failure to
# recover from all the same.
DID_NOTHING = rx(r"\bno tests (?:were )?(?:found|ran|collected)|\bcollected 0 items\b|"
                          r"\bran 0 tests\b|\bno tests matching\b[^\n]{0,80}\bwere executed\b",
                          re.IGNORECASE)

# Cheap first looks (substring tests) before the regexes above: capture runs inside the
# SessionEnd hook's budget, and most sentences name nothing salient.
GOTCHA_HINTS = ("hang", "hung", "fail", "break", "broke", "crash", "time", "error", "won",
                 "doesn", "does not", "silently", "deadlock", "refuse", "stall", "only works",
                 "must be", "need", "has to be", "only run", "only build", "only start",
                 "only load", "by default")
FALSIFIED_HINTS = ("tried", "attempt", "experiment", "switch", "tested", "revert",
                    "rolled back", "backed out", "went back", "restored", "back", "undid",
                    "undone", "didn't help", "worse")
_DIGITS = rx(r"\d")
# The assistant saying a command fails, without running it.
FAILS_SAID = rx(r"\b(?:which|that|it|this) (?:fails|failed|breaks|errors out|doesn'?t work)\b|"
                         r"\bfails (?:here|no matter|every time|on every)", re.IGNORECASE)
VERDICT_WORDS = frozenset(
    "broke broken breaks failed fails worse reverted reverting revert rolled rolling backed "
    "backing undid undone undo didn work worked things change changes stuff tried".split())
# Commands that tidy up rather than do the job: never "the command that worked instead".
# ... nor commands that only look around.
LOOKS = frozenset("ls list ps status info inspect logs log describe show version doctor env "
                   "config".split())
# Programs that only read what a file or a medium is (its sample rate, size, type, bytes): run
# after a failure they look at it, and do no job of the one that failed.
INSPECTS = frozenset("soxi ffprobe mediainfo exiftool identify file stat xxd hexdump od wc du df "
                     "tree".split())
HOUSEKEEPING = frozenset(
    "git cd ls cat echo rm cp mv mkdir touch chmod chown head tail grep rg find which pwd sed "
    "awk less more true sleep kill pkill clear history export unset source".split())


def did_nothing_hint(output: str) -> bool:
    """A cheap first look for ``DID_NOTHING`` (every successful output passes here)."""
    low = output[:400].lower() + output[-400:].lower()
    return "no tests" in low or "collected 0" in low or "ran 0 tests" in low


def hinted(low: str, hints: tuple[str, ...]) -> bool:
    return any(h in low for h in hints)


# A name of a thing in the surroundings: a namespace, a host, a runner, a bucket ("studio-prod",
# "forge-win01", "acme-transit-gtfs"), not a hyphenated word of English.
_NAME = rx(r"(?<![\w/.@-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w/@-])")
_NOT_NAMES = frozenset(
    "pre-commit read-only non-interactive up-to-date built-in long-running self-hosted "
    "multi-line end-to-end follow-up well-known top-level third-party so-called one-off "
    "half-hour two-way opt-in opt-out add-on plug-in sign-in log-in check-in".split())


def names_of_things(text: str) -> set[str]:
    """Names of things in ``text`` (``_NAME``): what an environment fact may be about when it
    names no port, version, variable or path — backed by tool output like those. A name is
    hyphenated (with a digit or ten characters: "forge-win01", "acme-transit-gtfs",
    "lend-shed-prod"), an address in hex ("0x5aE3…"), or one word no dictionary knows
    ("fastpool"): the meaning table's vocabulary is the dictionary."""
    names = {"name:" + n for n in _NAME.findall(text)
             if n not in _NOT_NAMES and (any(c.isdigit() for c in n) or len(n) >= 10)}
    names.update("name:" + n for n in _HEX_NAME.findall(text))
    names.update("name:" + n for n in _DOTTED_NAME.findall(text))
    words = _WORD_NAME.findall(_QUOTED.sub(" ", text))  # (not in a quoted subject)
    if words:
        tables = tuple(t for t in (meaning_table(), word_table()) if t is not None)
        names.update("name:" + word for word in words if _unknown(word, tables))
    return names


# ... or an address in hex, four digits at least: a contract's ("0x5aE3…b5c9"), a memory
# region's ("0x08000000")
_HEX_NAME = rx(r"(?<![\w/.@$-])0x[0-9a-fA-F]{4,}(?![\w/@-])")
# ... or a dotted name of three parts or more: an application id, a package ("org.greenlane.
# plotpal", "io.quarkus.cache")
_DOTTED_NAME = rx(r"(?<![\w/.@$-])[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*){2,}(?![\w/@(-])")
# ... or an identifier with underscores, in any case ("rest_cookie_invalid_nonce", "sync_dist",
# "VotingPrecincts_2024"), or a URL
_SNAKE_NAME = rx(r"(?<![\w/.@$-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w/@(-])")
# ... or a config file by its name ("places.toml"), or an id of seven digits or more ("place
# 17402211893")
_CONFIG_FILE = rx(r"(?<![\w/.@-])[\w-]+\.(?:toml|ya?ml|json|ini|cfg|conf|env|lock|xml|"
                          r"properties|gradle|tf|tfvars|nix|bicep|plist)(?![\w/@-])")
_LONG_NUMBER = rx(r"(?<![\w.:/-])\d{7,}(?![\w.:/-])")
_URL = rx(r"\bhttps?://[^\s)>\]`'\"]+[\w/]")
_QUOTED = rx(r"\"[^\"\n]*\"|“[^”\n]*”")
_WORD_NAME = rx(r"(?<![\w/.@$-])[a-z][a-z0-9]{5,}(?![\w/@(-])")


# A product or model code: capitals and at least two digits ("A6000", "A100", "RTX4090",
# "EU868"), a plural "s" allowed ("four RTX A6000s").
_CODE_NAME = rx(r"(?<![\w/.@$-])([A-Z](?=[A-Z0-9]*?\d[A-Z0-9]*?\d)[A-Z0-9]+)s?(?![\w/@-])")


def codes_of_things(text: str) -> set[str]:
    """Product and model codes in ``text`` (``_CODE_NAME``), names in their own case
    (``identifiers_in_case``), snake-case identifiers, URLs, config files by name and long ids:
    what the answer to a question about the setup may name instead of a port or a path ("It's
    four RTX A6000s, not two A100s.", "Galaxy XCover6 Pro phones", "place 17402211893 in
    places.toml"). Only an answer looks for them: in the assistant's running commentary they
    name this session's work ("newArchEnabled is false.")."""
    return {"code:" + m.group(1) for m in _CODE_NAME.finditer(text)} \
        | {"code:" + w for w in identifiers_in_case(text)} \
        | {"code:" + n for rule in (_SNAKE_NAME, _URL, _CONFIG_FILE, _LONG_NUMBER)
           for n in rule.findall(text)}


_CASED_WORD = rx(r"(?<![\w/.@$-])[A-Za-z][A-Za-z0-9]{3,}(?![\w/@(-])")
_INNER_CAPITAL = rx(r"[a-z0-9][A-Z]|[A-Z]{2}[a-z]")
_CASE_OR_DIGIT = rx(r"[a-z0-9][A-Z]|[A-Z]{2}[a-z]|[A-Z][a-z]*\d")


def identifiers_in_case(text: str) -> set[str]:
    """Words whose case or digits say they are names, not English: a capital inside the word
    ("TriggerHandler", "collectAsStateWithLifecycle", "XCover6"), or letters with a digit and
    a capital ("RP2040"). Not a sentence's words in capitals ("NOT")."""
    if not _CASE_OR_DIGIT.search(text):  # (most prose has neither: no word to look at)
        return set()
    return {w for w in _CASED_WORD.findall(text)
            if _INNER_CAPITAL.search(w) or (any(c.isdigit() for c in w)
                                           and any(c.isupper() for c in w))}


@functools.lru_cache(maxsize=4096)
def _unknown(word: str, tables: tuple) -> bool:
    """Whether ``word`` is no word of English or of software: not a stop word, and none of
    ``tables`` (the word tables in use) has its stem (never, without tables). Cached: a
    session's prose says the same words again and again, and a capture asks for each."""
    return bool(tables) and word not in STOP_WORDS and all(
        t.vector(stem(word)) is None for t in tables)


# A telephone number written with dashes or dots in its last groups ("+1 (360) 555-0187",
# "555-0187", "+44 20-7946-0958"): what a service sends from or a desk answers on. Not a date
# ("2026-12-05") nor an address ("10.30.0.21"); an id in the same shape ("1234-5678") is read
# as one, and is as salient. Not the groups of a longer number either ("card 4539 1488
# 0343-6467"): a card's number is no value of the setup.
_PHONE = rx(r"(?<![\w.+-])(?<!\d[ .-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,5}\)[ .-]?|\d{2,4}[ .-])?"
            r"\d{3,4}[.-]\d{4}(?![\w.-])(?! \d{4}\b)")


def salient_tokens(text: str) -> set[str]:
    """Ports, versions, times of day, telephone numbers, environment variables and paths in
    ``text``."""
    out: set[str] = set()
    if _DIGITS.search(text):
        for m in _PHONE.finditer(text) if "-" in text or "." in text else ():
            out.add("tel:" + "".join(ch for ch in m.group(0) if ch.isdigit() or ch == "+"))
        clocks = [m.span() for m in _CLOCK_TIME.finditer(text)] if ":" in text else ()
        for a, b in clocks:
            out.add("time:" + text[a:b])  # ("the import runs from cron at 04:30 UTC")
        for m in _PORT.finditer(text):
            if m.group(2) and any(a < m.start() < b for a, b in clocks):
                continue  # (the minutes or seconds of a time of day are no port)
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


_FLAG = rx(r"(?<![\w-])--?[a-zA-Z][\w-]*(?:=\S+)?")


def flags_and_commands(text: str) -> set[str]:
    """Command-line flags ("--mode", "-DBOARD_ROOT=…") and commands in backticks in ``text``:
    what a gotcha about how a thing must be run names when it names no port, path or name."""
    out = {"flag:" + m.group(0) for m in _FLAG.finditer(text) if len(m.group(0)) > 2}
    out.update("code:" + m.group(1) for m in BACKTICK.finditer(text))
    return out


# What introduces a doc the user shares in a fence: its file or its kind, at the end of the
# line before the fence ("from CONTRIBUTING.md:", "this bit of README.md:", "the runbook says").
_DOC_INTRO = rx(r"(?:\b[\w./-]+\.(?:md|rst|adoc|txt)|\b(?:readme|contributing|runbook|"
                        r"wiki|handbook|guidelines?|docs?|onboarding|playbook|styleguide|"
                        r"style guide)\b)[^\n`]{0,40}$", re.IGNORECASE)
_PROSE_LINE = rx(r"^\s*(?:[-*+]\s+|\d+[.)]\s+|#+\s+)?[A-Za-z][^\n]*\b[a-z]+ [a-z]+ [a-z]+")
DOC_INTRO_CHARS = 120


def shared_doc(text: str, start: int, end: int) -> bool:
    """Whether the fence ``text[start:end]`` is a doc the user shares (introduced as one,
    ``_DOC_INTRO``, and mostly prose lines): its rules are theirs, not pasted output."""
    before = text[max(0, start - DOC_INTRO_CHARS):start].rstrip()
    if not _DOC_INTRO.search(before.rsplit("\n", 1)[-1].rstrip(":").rstrip()):
        return False
    lines = [ln for ln in text[start:end].strip("`").splitlines() if ln.strip()]
    return bool(lines) and sum(bool(_PROSE_LINE.match(ln)) for ln in lines) * 2 >= len(lines)


_COMMAND_LINE = rx(r"^(?:\$ )?(?:\./|[a-z][\w.-]*(?:/[\w.-]+)*\s)[^\n]*$")
MAX_GIVEN_LINES = 3


# The assistant asking how a thing is done here ("How are deploys normally done here - colmena,
# or nixos-rebuild …?", "which command runs the e2e tests?"): a command the answer names is the
# way, where one named after "want me to push the branch too?" is only an order.
HOW_DONE_ASKED = rx(
    r"\bhow (?:are|is|do|does|should|would)\b[^?\n]{0,60}\b(?:normally|usually|done|run|built|"
    r"deployed|started|set up|here)\b|\bwhich (?:command|tool|script|target|task|flags?)\b|"
    r"\bwhat(?:'s| is) the (?:command|right way|usual way|way)\b", re.IGNORECASE)


def answered_commands(text: str) -> list[tuple[int, int]]:
    """Spans of the commands an answer gives inline in backticks ("colmena, always. I think it's
    `colmena apply --on @office --keep-result`…"): each a command line of more than one word."""
    return [m.span(1) for m in QUOTED_COMMAND.finditer(text)
            if " " in m.group(1).strip() and _COMMAND_LINE.match(m.group(1) + " ")]


def given_commands(text: str, start: int, end: int, *, doc: bool) -> list[tuple[int, int]]:
    """Spans of the commands the fence ``text[start:end]`` gives: all its lines, when it holds
    one to ``MAX_GIVEN_LINES`` lines that each look like a command; in a shared doc, the lines
    indented four spaces or opened by "$ "."""
    bare_lines = []
    at = text.find("\n", start)  # (the fence's own first line: ``` and its language)
    at = start + 3 if at < 0 or at > end else at + 1
    for line in text[at:end].splitlines(keepends=True):
        body = line.rstrip("\n")
        stripped = body.strip()
        lead = len(body) - len(body.lstrip())
        if stripped and not stripped.startswith("```"):
            a = at + lead + (2 if stripped.startswith("$ ") else 0)
            b = at + len(body.rstrip())
            item = (a, b, lead >= 4 or stripped.startswith("$ "))
            bare_lines.append(item)
        at += len(line)
    if doc:
        return [(a, b) for a, b, marked in bare_lines
                if marked and _COMMAND_LINE.match(text[a:b] + " ")]
    if 1 <= len(bare_lines) <= MAX_GIVEN_LINES and all(
            _COMMAND_LINE.match(text[a:b] + " ") and text[b - 1:b] not in ".?!:"
            for a, b, _m in bare_lines):
        return [(a, b) for a, b, _m in bare_lines]
    return []


def answering_line(output: str, sentence: str) -> str:
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


# A clause's negation ("never push to main", "no unwrap() in library code"), and where a
# sentence's clauses part.
_NEGATION = rx(r"\b(?:never|not|no|nor|without|avoid|don'?t|do not|doesn'?t|"
                       r"does not|won'?t|shouldn'?t|mustn'?t|can'?t|cannot)\b", re.IGNORECASE)
_CLAUSES = rx(r"[,;:.()\n]|\s-\s|\s—\s|\b(?:but|instead)\b", re.IGNORECASE)
# ... and what introduces the alternative a rule rejects ("pnpm instead of npm"): said as "not".
_REJECTED = rx(r"\b(?:instead of|rather than)\b", re.IGNORECASE)
_NUMBER = rx(r"(?<![\w.])\d+(?:\.\d+)*")


def _clauses(text: str) -> list[tuple[str, str]]:
    """(clause, what follows its negation, "" when it has none), clause by clause."""
    text = _REJECTED.sub(", not", text.replace("()", ""))  # (a call's parentheses part nothing)
    out = []
    for clause in _CLAUSES.split(text):
        if clause.strip():
            said = _NEGATION.search(clause)
            out.append((clause, clause[said.end():] if said else ""))
    return out


def stance(text: str) -> tuple[tuple[frozenset[str], frozenset[str]], frozenset[str]]:
    """((content words said only under a negation, content words said only without one), the
    plain numbers said outside a negated clause), clause by clause: "never push to main" and
    "always push to main" take opposite stances on *push*; "pnpm instead of npm" is "pnpm, not
    npm"; "port 3000 (not 8080)" says 3000."""
    negated: set[str] = set()
    affirmed: set[str] = set()
    numbers: set[str] = set()
    for clause, after in _clauses(text):
        rejected = content_words(after) if after else set()
        negated |= rejected
        affirmed |= content_words(clause) - rejected
        if not after:
            numbers.update(_NUMBER.findall(clause))
    return (frozenset(negated - affirmed), frozenset(affirmed - negated)), frozenset(numbers)


Signature = tuple[frozenset, frozenset, tuple[frozenset, frozenset], frozenset]


def signature(text: str) -> Signature:
    """(salient tokens, content words, ``stance``, plain numbers) of a fact's text: what
    recurrence compares."""
    ticks = {"cmd:" + one_line(t) for t in BACKTICK.findall(text)}
    words, numbers = stance(text)
    return (frozenset(salient_tokens(text) | ticks), frozenset(content_words(text)), words,
            numbers)


def same_fact(a: Signature, b: Signature) -> bool:
    """Whether two signatures name the same fact: the same salient tokens (when there are
    any), no word one says under a negation and the other without ("never push to main" /
    "always push to main"), the same plain numbers when both have some ("2-space" /
    "4-space"), and mostly the same content words. A contradiction is never a second witness."""
    tokens_a, words_a, (negated_a, affirmed_a), numbers_a = a
    tokens_b, words_b, (negated_b, affirmed_b), numbers_b = b
    if tokens_a != tokens_b:
        return False
    if negated_a & affirmed_b or affirmed_a & negated_b:
        return False
    if numbers_a and numbers_b and numbers_a != numbers_b:
        return False
    if not words_a or not words_b:
        return bool(tokens_a)
    overlap = len(words_a & words_b) / len(words_a | words_b)
    return overlap >= (RECURRENCE_OVERLAP / 2 if tokens_a else RECURRENCE_OVERLAP)




# A name in the lines an edit added that a report of the fix would repeat: a code identifier
# with a mark of code in it (an underscore, a dot, an inner capital: "updateListeners",
# "hass.async_add_executor_job", "Channel.value") or a quoted literal ('lenient').
_ADDED_NAME = rx(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
_QUOTED_LITERAL = rx(r"""(?<![\w])['"]([A-Za-z][\w.-]{2,40})['"]""")
_MARKED = rx(r"_|\.|[a-z][A-Z]")


def fixed_names(added: str) -> set[str]:
    """The names the added lines of an edit bring in (``_ADDED_NAME`` with a mark of code,
    ``_QUOTED_LITERAL``), and each dotted name's last part ("world.updateListeners" is reported
    as "updateListeners")."""
    names = set()
    for m in _ADDED_NAME.finditer(added):
        name = m.group(0)
        if len(name) >= 4 and _MARKED.search(name):
            names.add(name)
            last = name.rsplit(".", 1)[-1]
            if len(last) >= 4 and _MARKED.search(last):
                names.add(last)
    names.update(m.group(1) for m in _QUOTED_LITERAL.finditer(added))
    return names


# ------------------------------------------------------------------ closed pull requests
# ``gh pr view N --comments``: the title line ("Build with -Dpreview_mt for parallel polling
# #111"), the state line ("Closed • priya-n wants to merge 1 commits into main from …"), then
# each comment under its byline ("morag-k (Member) • about 9 months ago • Changes requested").
PR_VIEW = rx(r"\s*gh\s+pr\s+view\s+#?(\d+)\b")
# The "Why" section of the body of a pull request the assistant opens with ``gh pr create``
# (a heredoc's text, up to the next heading or the heredoc's end).
PR_WHY = rx(r"\bgh\s+pr\s+create\b[^\n]*<<-?\s*['\"]?(?:EOF|BODY|END)['\"]?\n"
                    r"(?:(?!^(?:EOF|BODY|END)$)[^\n]*\n)*?^#+\s*why\b[^\n]*\n"
                    r"((?:(?!^#+\s|^(?:EOF|BODY|END)$)[^\n]*\n?)+)", re.IGNORECASE | re.MULTILINE)
PR_REF = rx(r"(?<![\w&])#(\d+)\b")
_PR_TITLE = rx(r"^[ \t]*(\S.{3,150}?) #(\d+)[ \t]*$", re.MULTILINE)
_PR_CLOSED = rx(r"^[ \t]*Closed\b", re.MULTILINE)
_CHANGES_REQUESTED = rx(r"^[ \t]*\S+(?: \([A-Za-z]+\))? • [^\n]* • Changes requested[ \t]*$",
                                re.MULTILINE)


def closed_pr(output: str, number: str) -> tuple[str, tuple[int, int]] | None:
    """(the title, the span of the first review asking for changes) of pull request ``number``
    as ``gh pr view`` shows it, when it was closed unmerged after such a review; else None."""
    title = next((m for m in _PR_TITLE.finditer(output) if m.group(2) == number), None)
    if title is None:
        return None
    closed = _PR_CLOSED.search(output, title.end())
    review = _CHANGES_REQUESTED.search(output, title.end())
    if closed is None or review is None or closed.start() > review.start():
        return None
    start = review.end() + 1
    while start < len(output) and output[start].isspace():
        start += 1
    end = output.find("\n\n", start)
    end = len(output.rstrip()) if end < 0 else end
    return (title.group(1).strip(), (start, end)) if end - start >= 20 else None
