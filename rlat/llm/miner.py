"""The world-fact miner: durable facts about the user's world, stated in passing.

Opt-in (``RLAT_MINE_ATTRIBUTES=1``, set by ``rlat memory install-hooks --mine``). It reads only
what the user typed, asks the model for candidates, and keeps a candidate only if it passes all
four gates — when in doubt it drops, because a wrong fact in a shared knowledge model does more
harm than a missing one:

1. **durable**: true before the session and after it;
2. **stated by the user**: not the assistant's words, not a pasted document, not a hypothetical;
3. **premise-bearing**: knowing it changes the right answer to a future question;
4. **about the world, not the person**: facts about the user are dropped entirely.

Each gate is enforced twice. The model must classify every gate for every candidate (the
schema requires all four booleans; one ``false`` drops it). Then the checks we can make
without a model run, and any one of them also drops it:

* the citation must resolve to a *user* message and quote it verbatim;
* the quoted passage must not sit in a code block or a ``>`` quote (a pasted document), nor
  repeat what the assistant or a tool said earlier in the session (an echo);
* the sentence quoted must not be a question, a hypothetical or a hedge ("what if", "maybe",
  "I think"), nor mark a passing state ("right now", "for now", "today");
* the fact text must not be about the person: no first-person singular, no "the user"; and the
  quoted sentence must not be a personal statement ("I prefer…", "my laptop…", "I'm a…");
* the fact must not be an opinion, nor quote one ("X is better", "Y is overkill", "in my
  opinion"): a judgement is not a fact about the world;
* the fact text must be supported by the user's words: most of its content words appear in the
  cited message, and it agrees with the sentence it quotes (:mod:`rlat.capture.agreement`:
  every number and identifier in it is there, and it denies something exactly when the user
  did — "never on Tuesdays" citing "only on Tuesdays" is dropped).

Kept facts land in the workspace's KM (``rlat.world.default_km_path``) through
``rlat.world.capture_world_fact`` as constraint / falsified / attribute, citing the session.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..capture.agreement import disagreement, opinion, quote_context
from ..retrieval.expansion import stem
from ..retrieval.tokenize import STOP_WORDS
from .evidence import Msg, Resolver, Verified, with_aliases
from .prompts import MINER_SCHEMA, PROMPT_VERSION, WORLD_KINDS, miner_messages
from .provider import Provider

OBSERVED_BY = "rlat-miner"
GATES = ("durable", "stated_by_user", "premise_bearing", "about_world")
MIN_SUPPORT = 0.6  # share of the fact's content words found in the user's cited message(s)

# ---------------------------------------------------------------- deterministic gate checks
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|i'm|i've|i'll|i'd)\b", re.IGNORECASE)
_ABOUT_USER = re.compile(
    r"\b(?:the user|user's|users'|the developer|developer's|the engineer's|the person)\b",
    re.IGNORECASE)
_PERSONAL_STATEMENT = re.compile(
    r"\bI\s+(?:usually|normally|often|always|generally|mostly|rarely|never|tend\s+to"
    r"|personally)\b"
    r"|\bI\s+(?:really\s+|just\s+)?"
    r"(?:prefer|like|love|hate|dislike|enjoy|favou?r|tend\s+to|use|work\s+(?:at|for|as|from|on)"
    r"|live|own|have\s+a|code\s+in|type)\b"
    r"|\bmy\s+(?:own\s+|personal\s+|new\s+|old\s+|main\s+)?(?:laptop|machine|computer|desktop"
    r"|workstation|mac|macbook|pc|editor|ide|keyboard|mouse|monitor|shell|terminal|os|setup"
    r"|dotfiles|config|role|job|title|name|age|manager|boss|preference|preferences|habit"
    r"|habits|favou?rite|home|family|wife|husband|partner|kids?|email|phone|address|salary"
    r"|schedule|timezone|time\s+zone|calendar|vacation|health|team\s+role|background"
    r"|experience|style)\b"
    r"|\bI(?:'m|\s+am)\s+(?:a|an|the|based|located|from|on\s+(?:a|the|my)|in\s+charge)\b"
    r"|\bI(?:'ve|\s+have)\s+been\s+(?:a|an|working|coding|programming)\b",
    re.IGNORECASE)
_NOT_ASSERTED = re.compile(
    r"\b(?:what\s+if|suppose|supposing|imagine|hypothetical(?:ly)?|let's\s+say|say\s+we"
    r"|maybe|perhaps|might|probably|possibly|presumably|i\s+think|i\s+guess|i\s+believe"
    r"|i\s+suspect|i\s+assume|not\s+sure|wonder|could\s+it|would\s+it|should\s+we|do\s+we"
    r"|is\s+it\s+true|(?:as|like)\s+you\s+(?:said|mentioned|noted|suggested|wrote)"
    r"|you\s+(?:said|mentioned|suggested))\b",
    re.IGNORECASE)
_TRANSIENT = re.compile(
    r"\b(?:right\s+now|at\s+the\s+moment|for\s+now|for\s+the\s+moment|temporarily|today"
    r"|tonight|this\s+(?:morning|afternoon|evening|session)|just\s+now|currently\s+(?:down"
    r"|broken|failing|offline|out)|at\s+this\s+point)\b",
    re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*")
# What the support check ignores: the analyzer's English function words (one list, in
# rlat.retrieval.tokenize), plus words a model's restatement may add or drop without changing
# what is claimed — negations and always/never (polarity is agreement.disagreement's job, not
# this word count's), contractions, a few function words that list lacks, and the words every
# statement about a team's setup or attempts uses.
_STOP = STOP_WORDS | frozenset("""
not no never always don’t dont it's done every onto us whose less least
team project environment environments use used uses using tried try trying regressed failed fail
""".split())


def content_words(text: str) -> set[str]:
    return {stem(w.lower().strip(".-+_")) for w in _WORD.findall(text)
            if w.lower() not in _STOP and (len(w) > 2 or any(c.isdigit() for c in w))}


def in_pasted_block(text: str, span: str) -> bool:
    """Is the span inside a fenced code block or on ``>``-quoted lines (pasted material)?"""
    start = text.find(span)
    if start < 0:
        return False
    if text.count("```", 0, start) % 2 == 1:
        return True
    line_start = text.rfind("\n", 0, start) + 1
    lines = text[line_start:start + len(span)].split("\n")
    return all(line.lstrip().startswith(">") for line in lines if line.strip())


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


@dataclass(slots=True)
class MinedFact:
    text: str
    kind: str
    attribute_key: str | None
    evidence: list[Verified]


@dataclass(slots=True)
class Dropped:
    text: str
    reason: str


@dataclass(slots=True)
class MineOutcome:
    kept: list[MinedFact] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)


def check_candidate(candidate: dict, resolver: Resolver,
                    session: Sequence[Msg]) -> tuple[MinedFact | None, str]:
    """Apply every gate to one model candidate: (fact, "") or (None, why it was dropped)."""
    text = " ".join(str(candidate.get("text", "")).split())
    kind = candidate.get("kind")
    if kind not in WORLD_KINDS:
        return None, f"unknown kind {kind!r}"
    gates = candidate.get("gates") or {}
    failed = [g for g in GATES if gates.get(g) is not True]
    if failed:
        return None, f"model says it fails the {', '.join(failed)} gate(s)"
    # Gate 4 (about the world, not the person), on the fact's own words.
    if _FIRST_PERSON.search(text) or _ABOUT_USER.search(text):
        return None, "about the person, not the world"
    judged = opinion(text)
    if judged:
        return None, f"an opinion ({judged!r}), not a fact"
    verified: list[Verified] = []
    quoted: list[str] = []
    reasons: list[str] = []
    for cite in candidate.get("evidence") or []:
        found, why = resolver.verify(cite, roles=("user",))
        if found is None:
            reasons.append(why)
            continue
        msg_text = found.message.text
        sentence = quote_context(msg_text, found.span)
        # Gate 2 (stated by the user): not pasted, not an echo, not a question or hypothetical.
        if in_pasted_block(msg_text, found.span):
            reasons.append("quotes pasted material (a code block or a quote), not the user")
            continue
        if len(_norm(found.span)) >= 20 and _echoes_earlier(found, session):
            reasons.append("repeats what the assistant or a tool said earlier")
            continue
        if sentence.rstrip().endswith("?") or _NOT_ASSERTED.search(sentence):
            reasons.append("a question, hypothetical or hedge, not a statement")
            continue
        judged = opinion(sentence)
        if judged:
            reasons.append(f"quotes an opinion ({judged!r}), not a fact")
            continue
        # Gate 1 (durable).
        if _TRANSIENT.search(sentence) or _TRANSIENT.search(text):
            reasons.append("a passing state, not a durable fact")
            continue
        # Gate 4 again, on what the user actually said.
        if _PERSONAL_STATEMENT.search(sentence):
            reasons.append("a statement about the user themselves")
            return None, reasons[-1]  # a person fact is dropped entirely, never re-cited
        verified.append(found)
        quoted.append(sentence)
    if not verified:
        return None, "; ".join(dict.fromkeys(reasons)) or "no evidence, no claim"
    # The fact must be the user's words, not the model's: content words and every number.
    support = " ".join(v.message.text for v in verified)
    have = content_words(support)
    want = content_words(text)
    if not want:
        return None, "says nothing checkable"
    why = disagreement(text, " ".join(quoted))
    if why:
        return None, why
    share = len(want & have) / len(want)
    if share < MIN_SUPPORT:
        return None, f"not supported by the user's words ({share:.0%} of its content words)"
    key = candidate.get("attribute_key")
    key = " ".join(str(key).split()).lower() if kind == "attribute" and key else None
    return MinedFact(text, kind, key or None, verified), ""


def _echoes_earlier(found: Verified, session: Sequence[Msg]) -> bool:
    needle = _norm(found.span)
    for msg in session:
        if msg.id == found.message.id:
            return False
        if msg.role != "user" and needle in _norm(msg.text):
            return True
    return False


def mine(provider: Provider, session: Sequence[Msg], *,
         timeout: float | None = None) -> MineOutcome:
    """One model call over the user's messages, then every gate. Raises ProviderError."""
    users = with_aliases([m for m in session if m.role == "user" and m.text.strip()], "u")
    outcome = MineOutcome()
    if not users:
        return outcome
    answer = provider.complete(miner_messages([m.prompt() for m in users]), MINER_SCHEMA,
                               timeout)
    resolver = Resolver(users)
    seen: set[str] = set()
    for candidate in answer["candidates"]:
        fact, why = check_candidate(candidate, resolver, session)
        if fact is None:
            outcome.dropped.append(Dropped(str(candidate.get("text", "")), why))
            continue
        norm = _norm(fact.text)
        if norm in seen:
            continue
        seen.add(norm)
        outcome.kept.append(fact)
    return outcome


@dataclass(slots=True)
class LandResult:
    km: Path
    new: list[str] = field(default_factory=list)
    recurring: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)  # this session already gave this fact

    @property
    def learned(self) -> int:
        return len(self.new) + len(self.recurring)

    def receipt(self) -> str:
        return (f"[rlat] Learned {self.learned} world fact(s) into {self.km.name} "
                f"(review: rlat profile {self.km})")


def land(facts: Sequence[MinedFact], *, km_path: str | Path, session_id: str,
         workspace: str | None) -> LandResult:
    """Write kept facts into the KM's claim log. A fact this session already contributed is
    not counted twice (a re-run of the worker is harmless)."""
    from ..claims.ids import claim_id
    from ..claims.log import ClaimLog
    from ..world import capture_world_fact

    km = Path(km_path)
    result = LandResult(km)
    state = ClaimLog(km).state() if km.exists() else None
    for fact in facts:
        cid = claim_id(fact.text, fact.kind, fact.attribute_key or "")
        existing = state.claims.get(cid) if state else None
        if existing is not None and session_id in existing.sessions:
            result.already.append(cid)
            continue
        citations = [v.citation(session_id, workspace=workspace, observed_by=OBSERVED_BY,
                                extractor=PROMPT_VERSION) for v in fact.evidence]
        ts = max((v.message.ts for v in fact.evidence if v.message.ts), default=None)
        res = capture_world_fact(km, fact.text, fact.kind, attribute_key=fact.attribute_key,
                                 citations=citations, workspace=workspace,
                                 observed_by=OBSERVED_BY, origin="user", ts=ts)
        (result.new if res.new else result.recurring).append(res.claim_id)
    return result
