"""The claim record: what fold(events) produces. Plain data, no behaviour beyond (de)serialising.

Field meanings are documented in docs/claims.md. Rung and effective state are *not* fields:
the trust layer derives them from the rung inputs below (and the clock).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from .. import patterns
from .ids import normalise_text

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes


def citation_key(cite: dict) -> tuple:
    """Two citations are the same evidence when they point at the same thing."""
    kind = cite.get("kind", "session")
    if kind == "session":
        return ("session", cite.get("session_id"), cite.get("message_id"))
    if kind == "passage":
        return ("passage", cite.get("passage_id"), cite.get("content_hash"))
    return (kind, cite.get("command"), cite.get("observed_at"))


def citation_unit(cite: dict) -> str:
    """The unit evidence is counted in: one session, one passage, one command invocation."""
    kind = cite.get("kind", "session")
    if kind == "session":
        return "s:" + str(cite.get("session_id"))
    if kind == "passage":
        return "p:" + str(cite.get("passage_id"))
    return "c:" + str(cite.get("observed_at"))


def observation_counts(evidence: list[dict], injected: set | frozenset = frozenset()
                       ) -> tuple[int, int]:
    """(observations, independent observations) among ``evidence``.

    An observation is a citation unit (``citation_unit``: one session, passage or command), but
    independence is by content, not by label: session citations quoting the same transcript
    line (same message id and excerpt hash) are one observation whatever session ids they were
    captured under, so one transcript captured twice is not two witnesses; nor are the same
    words quoted from lines written at the same instant (``said_at``, the line's own
    timestamp), which is what a fork of a session is: its lines copied under new ids. An
    observation is not independent when any session it came through had the claim injected
    beforehand, nor when all its citations are unverified (``verified: false``: an agent's
    proposal citing a session whose transcript is not on this machine — any id can be
    typed)."""
    units: set[str] = set()
    unverified: set[str] = set()
    verified: set[str] = set()
    by_content: dict[tuple, str] = {}
    links: list[tuple[str, str]] = []  # (unit, unit) quoting the same transcript line
    for cite in evidence:
        if cite.get("kind", "session") == "session":
            unit = "s:" + str(cite.get("session_id"))
            (unverified if cite.get("verified") is False else verified).add(unit)
            excerpt = cite.get("excerpt_hash")
            keys = []  # what makes two citations the same statement
            if cite.get("message_id"):
                keys.append(("line", cite["message_id"], excerpt))
            if cite.get("said_at"):
                keys.append(("at", cite["said_at"], excerpt))
            for key in keys:
                first = by_content.setdefault(key, unit)
                if first != unit:
                    links.append((first, unit))
        else:
            unit = citation_unit(cite)
        units.add(unit)
    dependent = {"s:" + str(sid) for sid in injected} & units if injected else set()
    if unverified:
        dependent |= unverified - verified
    if not links:  # the common case: every unit is its own observation
        return len(units), len(units) - len(dependent)
    parent = {unit: unit for unit in units}

    def root(unit: str) -> str:
        while parent[unit] != unit:
            parent[unit] = parent[parent[unit]]
            unit = parent[unit]
        return unit

    for a, b in links:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    roots = {root(unit) for unit in units}
    return len(roots), len(roots - {root(unit) for unit in dependent})


def subject_key(claim: Claim) -> str | None:
    """What makes two claims *related* (the same subject): the normalised attribute key, else
    the normalised subject; None for a claim with neither. Contradiction (two related claims
    that disagree) and independence (a session that had a related claim injected is not an
    independent witness) both use it; ``rlat.trust.lifecycle`` re-exports it."""
    if claim.attribute_key:
        return "key:" + normalise_text(claim.attribute_key)
    if claim.subject:
        return "subject:" + normalise_text(claim.subject)
    return None


class _Factory:
    """Marks an argument left to its field's default factory (dataclasses shows ``<factory>``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


# A record (rlat.records): no dataclass, whose module and generated methods cost every hook
# process ~7 ms at import. ``__init__``, ``__repr__`` and ``__eq__`` do exactly what a dataclass's
# would (tests/hooks/test_hook_path_classes.py compares them with a generated copy); the fields,
# in order, are ``__slots__`` (``CLAIM_FIELDS``); ``rlat.records.replace`` copies one.
class Claim:
    __slots__ = (
        "id", "text", "source", "type", "subject", "polarity", "origin", "observed_by", "scope",
        "workspaces", "cross_workspace", "evidence", "recurrence", "state", "state_reason",
        "state_at", "superseded_by", "attribute_key", "criticality", "resolves_at", "parent_ids",
        "contested_with", "created_at", "updated_at", "last_evidence_at", "last_used_at",
        "outcomes", "user_good", "user_bad", "corpus_good", "corpus_bad", "injected_sessions",
        "state_eid", "cross_workspace_key", "superseded_at", "purged", "created_eid", "scope_key",
        "superseded_eid", "user_votes", "base_state", "contest_key")
    __match_args__ = __slots__
    id: str
    text: str
    source: str  # experience | corpus | world
    type: str
    subject: str
    polarity: str
    origin: str  # starting prior: user | verified_external | single_external | corpus | session
    observed_by: str  # who formed it first
    scope: str
    workspaces: list[str]
    cross_workspace: bool
    evidence: list[dict]
    recurrence: int
    state: str
    state_reason: str
    state_at: float
    superseded_by: str | None
    attribute_key: str | None
    criticality: str
    resolves_at: float | None
    parent_ids: list[str]
    contested_with: list[str]
    created_at: float
    updated_at: float
    last_evidence_at: float
    last_used_at: float  # last time it was injected / recalled into a session
    # Rung inputs (see rlat/trust): earned from outcomes, users and the corpus.
    # outcomes: [ts, result (-1/0/1), credit share, authority, context (kind of work or workspace),
    #            session_id, intent_id]  (the last two may be missing in older snapshots)
    outcomes: list[list]
    user_good: int
    user_bad: int
    corpus_good: int
    corpus_bad: int
    injected_sessions: list[str]
    state_eid: str
    cross_workspace_key: list  # (ts, event id) of the last mark
    superseded_at: float
    purged: bool
    # Last-writer-wins keys (ts, event id) that make the fold independent of arrival order:
    # of the earliest proposal (its first-seen fields), of the newest promotion (scope) and of
    # the newest supersession.
    created_eid: str
    scope_key: list
    superseded_eid: str
    # Each person's latest word on the claim: actor -> [ts, event id, good?]. user_good and
    # user_bad count these (a person's repeated corroboration is one word, not a sum).
    user_votes: dict
    # The two registers ``state`` is settled from (rlat.claims.fold.settle_state): [state,
    # reason, ts, event id] of the newest state_changed or promoted event, and [ts, event id,
    # reason] of the newest contest. Kept apart because a contest never revives a retired or
    # purged claim, and which of them is current must not depend on the order events arrive
    # in. Empty until a state event is folded (and in rows written before they existed): then
    # the state fields say what they hold.
    base_state: list
    contest_key: list

    def __init__(self, id: str, text: str, source: str, type: str, subject: str = "",
                 polarity: str = "factual", origin: str = "session", observed_by: str = "human",
                 scope: str = "agent", workspaces=_FACTORY, cross_workspace: bool = False,
                 evidence=_FACTORY, recurrence: int = 1, state: str = "candidate",
                 state_reason: str = "", state_at: float = 0.0, superseded_by: str | None = None,
                 attribute_key: str | None = None, criticality: str = "normal",
                 resolves_at: float | None = None, parent_ids=_FACTORY, contested_with=_FACTORY,
                 created_at: float = 0.0, updated_at: float = 0.0, last_evidence_at: float = 0.0,
                 last_used_at: float = 0.0, outcomes=_FACTORY, user_good: int = 0,
                 user_bad: int = 0, corpus_good: int = 0, corpus_bad: int = 0,
                 injected_sessions=_FACTORY, state_eid: str = "", cross_workspace_key=_FACTORY,
                 superseded_at: float = 0.0, purged: bool = False, created_eid: str = "",
                 scope_key=_FACTORY, superseded_eid: str = "", user_votes=_FACTORY,
                 base_state=_FACTORY, contest_key=_FACTORY) -> None:
        self.id = id
        self.text = text
        self.source = source
        self.type = type
        self.subject = subject
        self.polarity = polarity
        self.origin = origin
        self.observed_by = observed_by
        self.scope = scope
        self.workspaces = [] if workspaces is _FACTORY else workspaces
        self.cross_workspace = cross_workspace
        self.evidence = [] if evidence is _FACTORY else evidence
        self.recurrence = recurrence
        self.state = state
        self.state_reason = state_reason
        self.state_at = state_at
        self.superseded_by = superseded_by
        self.attribute_key = attribute_key
        self.criticality = criticality
        self.resolves_at = resolves_at
        self.parent_ids = [] if parent_ids is _FACTORY else parent_ids
        self.contested_with = [] if contested_with is _FACTORY else contested_with
        self.created_at = created_at
        self.updated_at = updated_at
        self.last_evidence_at = last_evidence_at
        self.last_used_at = last_used_at
        self.outcomes = [] if outcomes is _FACTORY else outcomes
        self.user_good = user_good
        self.user_bad = user_bad
        self.corpus_good = corpus_good
        self.corpus_bad = corpus_bad
        self.injected_sessions = [] if injected_sessions is _FACTORY else injected_sessions
        self.state_eid = state_eid
        self.cross_workspace_key = [0.0, ""] if cross_workspace_key is _FACTORY \
            else cross_workspace_key
        self.superseded_at = superseded_at
        self.purged = purged
        self.created_eid = created_eid
        self.scope_key = [0.0, ""] if scope_key is _FACTORY else scope_key
        self.superseded_eid = superseded_eid
        self.user_votes = {} if user_votes is _FACTORY else user_votes
        self.base_state = [] if base_state is _FACTORY else base_state
        self.contest_key = [] if contest_key is _FACTORY else contest_key

    def __repr__(self) -> str:
        return (self.__class__.__qualname__ + "("
                + ", ".join(f"{name}={value!r}"
                            for name, value in zip(CLAIM_FIELDS, _all_values(self), strict=True))
                + ")")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return _all_values(self) == _all_values(other)
        return NotImplemented

    # ------------------------------------------------------------ derived counts
    @property
    def evidence_count(self) -> int:
        return observation_counts(self.evidence)[0]

    @property
    def independent_count(self) -> int:
        """Observations from sessions that did not already have this claim injected
        (ctxlake's rule), counted by content (see ``observation_counts``)."""
        return observation_counts(self.evidence, set(self.injected_sessions))[1]

    @property
    def learned_at(self) -> float:
        """When the claim was first observed: the earliest ``observed_at`` its evidence records
        (a session's own time, even when it was captured later), else when it was recorded.
        What attribution shows and what recall's "said in a named period" compares."""
        first = self.created_at
        for cite in self.evidence:
            seen = cite.get("observed_at") if isinstance(cite, dict) else None
            if isinstance(seen, (int, float)) and 0 < seen < first:
                first = float(seen)
        return first

    @property
    def sessions(self) -> list[str]:
        seen: dict[str, None] = {}
        for cite in self.evidence:
            if cite.get("kind", "session") == "session":
                seen.setdefault(str(cite.get("session_id")), None)
        return list(seen)

    def to_row(self) -> list:
        return [getattr(self, name) for name in CLAIM_FIELDS]

    @classmethod
    def from_row(cls, row: list) -> Claim:
        return cls(*row)

    def to_dict(self) -> dict:
        out = {name: getattr(self, name) for name in CLAIM_FIELDS}
        out["evidence_count"] = self.evidence_count
        out["independent_count"] = self.independent_count
        return out

    def summary_dict(self) -> dict:
        """``to_dict`` without the per-event histories (evidence, outcomes, injected sessions),
        which are replaced by their counts: what a listing of many claims needs."""
        out = dict(zip(_SUMMARY_FIELDS, _summary_values(self), strict=True))
        out["evidence_count"] = self.evidence_count
        out["independent_count"] = self.independent_count
        out["outcome_count"] = len(self.outcomes)
        out["injected_count"] = len(self.injected_sessions)
        return out


CLAIM_FIELDS = Claim.__slots__
if Claim.__init__.__code__.co_varnames[1:len(CLAIM_FIELDS) + 1] != CLAIM_FIELDS:  # pragma: no cover
    raise TypeError("Claim.__init__ must take exactly the fields (__slots__), in order")
_all_values = attrgetter(*CLAIM_FIELDS)
# Fields that grow with every use of a claim; listings show their counts instead.
HISTORY_FIELDS = frozenset({"evidence", "outcomes", "injected_sessions"})
_SUMMARY_FIELDS = tuple(name for name in CLAIM_FIELDS if name not in HISTORY_FIELDS)
_summary_values = attrgetter(*_SUMMARY_FIELDS)


# ------------------------------------------------------------------ which claims count where
# The one definition of each rule; every reader (recall, the read model, listings, the miner's
# known claims, corpus verification, capture's dedupe) asks these rather than restating them.
def live(claim: Claim) -> bool:
    """Not retired, not purged, not superseded: still part of what is believed."""
    return claim.state != "retired" and not claim.purged and not claim.superseded_by


def visible_everywhere(source: str, workspaces: list[str], cross_workspace: bool) -> bool:
    """A claim served in every workspace: a corpus claim (it comes with a knowledge model, not
    from a workspace's sessions), one marked cross-workspace, or one with no workspace
    recorded (written by hand outside any workspace, or by a version that recorded none)."""
    return source == "corpus" or cross_workspace or not workspaces


# The kinds of fact deterministic capture finds (rlat.capture.facts). A captured claim's
# subject is namespaced by its kind ("environment:port:5433"): the namespace identifies, it
# does not describe, so recall matches a subject without it (rlat.retrieval.recall).
FACT_KINDS = ("convention", "preference", "recovery", "environment", "gotcha", "falsified",
              "remark")
# A *remark* is what a session said that no rule of capture read: a user's statement, or the
# assistant's own words naming code, kept in case it is a fact the rules do not know how to
# find. Recall holds it to a higher floor and ranks it below what the rules found
# (rlat.retrieval.abstention.REMARK_FIT_FLOOR, rlat.retrieval.recall.REMARK_WEIGHT).
REMARK_KIND = "remark"
REMARK_SUBJECT = REMARK_KIND + ":"  # every remark's subject: the kind's namespace, nothing more


def is_remark(claim) -> bool:
    """Whether a claim is a captured remark (its subject is in the remark kind's namespace)."""
    return claim.subject.startswith(REMARK_SUBJECT)


# A captured fact learned under a prompt ends with the words of that prompt:
# "Use `make check` here (`pytest` fails: …) [asked: run the tests]". The words help recall
# find the fact (a later prompt about the same situation shares them); a reader short of room
# can do without them (rlat.hooks.user_prompt drops them before cutting a claim's own text).
ASKED_OPEN = " [asked: "
ASKED_CLOSE = "]"
ASKED_ROOM = len(ASKED_OPEN) + len(ASKED_CLOSE)


def with_ask(text: str, asked: str) -> str:
    """``text`` with the prompt it was learned under appended."""
    return f"{text}{ASKED_OPEN}{asked}{ASKED_CLOSE}"


def without_ask(text: str) -> str:
    """``text`` without a trailing ``[asked: …]`` (unchanged when it has none)."""
    at = text.rfind(ASKED_OPEN)
    if at <= 0 or not text.endswith(ASKED_CLOSE):
        return text
    return text[:at].rstrip()


def subject_words(subject: str) -> str:
    """A subject as recall matches it: without a fact kind's namespace."""
    kind, sep, rest = subject.partition(":")
    return rest if sep and kind in FACT_KINDS else subject


def visible_in(workspace: str | None, source: str, workspaces: list[str],
               cross_workspace: bool) -> bool:
    """Whether a claim with these fields is served in ``workspace`` (None: no workspace given,
    every claim is): one visible everywhere, or one learned there. Takes fields, not a Claim,
    so a listing row (``rlat.listing.row``) is judged by the same rule as the claim."""
    return (workspace is None or workspace in workspaces
            or visible_everywhere(source, workspaces, cross_workspace))


# A session record's lines that say what its session was asked (``rlat.capture.session``
# writes them): the first prompt, then the later ones joined.
RECORD_GOAL = "Goal: "
RECORD_ASKED = "Then asked: "
RECORD_ASKS_JOINED = "; "


def record_tasks(text: str) -> list[str]:
    """What a session record's session was asked, one task each: its goal and each later
    prompt (what it changed, ran and ended with are left out)."""
    tasks: list[str] = []
    for line in text.splitlines():
        if line.startswith(RECORD_GOAL):
            tasks.append(line[len(RECORD_GOAL):])
        elif line.startswith(RECORD_ASKED):
            # (a prompt holding "; " itself comes back in pieces: each a smaller task, which
            # covers less of an order — never more)
            asked = _MORE_ASKED.sub("", line[len(RECORD_ASKED):])
            tasks.extend(asked.split(RECORD_ASKS_JOINED))
    return [t for t in tasks if t.strip()]


def more_suffix(left_out: int) -> str:
    """What ends a record's list when some of it was left out: " (+2 more)" (its
    ``RECORD_ASKED`` line is read back without it: ``_MORE_ASKED``)."""
    return f" (+{left_out} more)" if left_out > 0 else ""


_MORE_ASKED = rx(r" \(\+\d+ more\)$")  # (``more_suffix``'s, read back)


QUOTE_WORDS = 8  # the words of a fact a session record must hold, in order, to quote it
_WORD_RUN = rx(r"\w+")


def quoting_records(claims: Iterable[Claim], fact: Claim, *,
                    retired: bool = False) -> list[Claim]:
    """The session records (``event`` claims; live ones, or retired ones too with
    ``retired``: a purge must reach those as well) of ``fact``'s own sessions that quote it:
    hold its first ``QUOTE_WORDS`` words in order ("Goal: In this repo we always deploy with
    make ship-prod …" quotes "In this repo we always deploy with `make ship-prod` …"). What
    forgetting or purging a fact must take along, or the record serves its words again."""
    words = _WORD_RUN.findall(without_ask(fact.text).lower())[:QUOTE_WORDS]
    sessions = set(fact.sessions)
    if len(words) < 3 or not sessions:
        return []
    needle = " " + " ".join(words) + " "
    return [c for c in claims
            if c.type == "event" and c.id != fact.id and not c.purged
            and (retired or c.state != "retired")
            and sessions & set(c.sessions)
            and needle in " " + " ".join(_WORD_RUN.findall(c.text.lower())) + " "]
