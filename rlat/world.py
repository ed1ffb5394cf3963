"""World facts: constraints, falsified findings and keyed attributes the user stated.

A world fact is a claim (source ``world``, type = its kind, origin ``user``) in a knowledge
model's claim log, with a command citation as its evidence. This module is the one place that
writes them (``capture_world_fact``: the CLI, the rlat-learn skill and the miner all go
through it) and decides which of them are served (``framed_facts``, ``current_attributes``).

Where world facts live when the user names no knowledge model: every workspace has a default
KM, ``default_km_path(workspace_id)`` = ``<rlat home>/workspaces/<slug>-<hash>.rlat``, created
on first use. It is an ordinary ``.rlat`` container that holds only a claim log (no build
records), so ``rlat profile``, ``rlat compact`` and ``rlat trace`` work on it like on any KM.
When a fact is captured into an explicit KM, that KM is *linked* to the workspace
(``<slug>-<hash>.links``, one absolute path per line) so SessionStart serves its standing facts
in this workspace too; so is a KM ``rlat deep-search`` or ``rlat memory verify`` used here (the
worker re-checks its sources, and its world facts serve here as well).
``world_km_paths(workspace_id)`` lists both.

Layer: pipelines. Imports claims, render, paths; never rich/numpy/anthropic, because the
SessionStart hook imports it.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable
from pathlib import Path

from .claims import events as ev
from .claims.fold import FoldState
from .claims.ids import claim_id, normalise_text, sha256
from .claims.log import ClaimLog
from .claims.model import _FACTORY, Claim
from .claims.policy import WORLD_KINDS
from .container import EVENTS, ContainerError
from .paths import home, open_private, private_dir
from .render.framings import CRITICALITIES, FRAMED_TYPES, framed_claims

MAX_FACT_CHARS = 2000  # one proposition (a falsified finding keeps its evidence: allow a few lines)
MAX_KEY_CHARS = 200
# Write a snapshot after this many event records (the claim log's default is 1,000; world-fact
# KMs are small and read on the SessionStart path, so they checkpoint sooner).
CHECKPOINT_EVERY = 64

__all__ = [
    "CRITICALITIES",
    "WORLD_KINDS",
    "CaptureResult",
    "WorldFactError",
    "capture_world_fact",
    "current_attributes",
    "default_km_path",
    "framed_facts",
    "key_of",
    "km_world_claims",
    "km_world_facts",
    "link_km",
    "linked_kms",
    "load_world_claims",
    "load_world_kms",
    "quarantined_agents",
    "superseded_attribute_ids",
    "world_km_paths",
    "world_profile",
]


class WorldFactError(ValueError):
    """Bad input for a world fact. ``str()`` is one line saying what to do."""


# ------------------------------------------------------------------------------------ where
def _slug(workspace_id: str) -> str:
    digest = sha256(workspace_id.encode("utf-8")).hexdigest()[:12]
    tail = workspace_id.rstrip("/").rsplit("/", 1)[-1].split(":")[-1]
    tail = re.sub(r"[^A-Za-z0-9._-]+", "-", tail).strip("-.")[:40] or "workspace"
    return f"{tail}-{digest}"


def workspaces_dir() -> Path:
    return home() / "workspaces"


def default_km_path(workspace_id: str) -> Path:
    """The workspace's default knowledge model for world facts (may not exist yet).

    A readable name plus a hash of the workspace id, e.g. ``workspaces/rlat-3f2a9c1b7d4e.rlat``
    for ``git:github.com/org/rlat``. Created by the first ``capture_world_fact`` into it."""
    return workspaces_dir() / f"{_slug(workspace_id)}.rlat"


def _links_path(workspace_id: str) -> Path:
    return workspaces_dir() / f"{_slug(workspace_id)}.links"


def linked_kms(workspace_id: str) -> list[Path]:
    """KMs linked to this workspace — a world fact was captured into them from here, or
    deep-search or verify used them here — whether they still exist or not."""
    try:
        text = _links_path(workspace_id).read_text(encoding="utf-8")
    except OSError:
        return []
    out: list[Path] = []
    for line in text.splitlines():
        line = line.strip()
        if line and Path(line) not in out:
            out.append(Path(line))
    return out


def link_km(workspace_id: str, km_path: str | os.PathLike) -> None:
    """Remember that ``km_path`` holds world facts for this workspace (idempotent)."""
    path = Path(km_path).expanduser().resolve()
    if path == default_km_path(workspace_id).resolve() or path in linked_kms(workspace_id):
        return
    links = _links_path(workspace_id)
    private_dir(links.parent)
    with open_private(links, "a") as fh:
        fh.write(str(path) + "\n")


def world_km_paths(workspace_id: str) -> list[Path]:
    """Every existing KM whose world facts serve in this workspace: the default one first,
    then linked ones, each once."""
    out: list[Path] = []
    for path in [default_km_path(workspace_id), *linked_kms(workspace_id)]:
        try:
            resolved = path.resolve()
        except OSError:
            continue
        if resolved not in out and resolved.is_file():
            out.append(resolved)
    return out


# ----------------------------------------------------------------------------------- rules
def key_of(claim: Claim) -> str | None:
    """The normalised attribute key of a keyed attribute (None for everything else)."""
    if claim.type != "attribute" or not claim.attribute_key:
        return None
    return normalise_text(claim.attribute_key)


def _live(claim: Claim) -> bool:
    return claim.source == "world" and not claim.purged and claim.state != "retired"


def _stated_at(claim: Claim) -> tuple:
    return (claim.last_evidence_at, claim.created_at, claim.id)


def current_attributes(state: FoldState) -> list[Claim]:
    """Attributes that serve: unkeyed ones, and for each key the newest live value that no
    newer value superseded. (After a merge of two copies both sides' newest values may be
    unsuperseded; the newest statement wins, by when it was last stated.)"""
    newest: dict[str, Claim] = {}
    out: list[Claim] = []
    for claim in state.claims.values():
        if claim.type != "attribute" or not _live(claim) or claim.superseded_by:
            continue
        key = key_of(claim)
        if key is None:
            out.append(claim)
        elif key not in newest or _stated_at(claim) > _stated_at(newest[key]):
            newest[key] = claim
    out.extend(newest.values())
    out.sort(key=lambda c: (c.created_at, c.id))
    return out


def superseded_attribute_ids(state: FoldState) -> set[str]:
    """Live keyed attributes that do *not* serve because a newer value for their key does.
    Search and recall exclude these; ``rlat profile`` shows them as history."""
    serving = {c.id for c in current_attributes(state)}
    return {
        c.id for c in state.claims.values()
        if c.type == "attribute" and _live(c) and c.id not in serving
    }


def framed_facts(state: FoldState | Iterable[Claim]) -> list[Claim]:
    """Constraints and falsified findings that serve in full (see rlat.render.framings)."""
    claims = state.claims.values() if isinstance(state, FoldState) else state
    groups = framed_claims(c for c in claims if c.source == "world")
    return [c for name in FRAMED_TYPES for c in groups[name]]


# --------------------------------------------------------------------------------- capture
# A record: __init__/__repr__/__eq__ written out, no dataclass — SessionStart imports this
# module (see rlat.claims.model).
class CaptureResult:
    __slots__ = (
        "claim_id", "km", "kind", "new", "superseded", "reinstated", "created_km", "superseded_by",
        "redactions")
    __match_args__ = __slots__
    claim_id: str
    km: Path
    kind: str
    new: bool  # False: the same fact was stated again (recurrence + 1)
    superseded: list[str]  # older values of the same key
    reinstated: bool  # an older value stated again becomes current again
    created_km: bool
    superseded_by: str | None  # a back-dated value: already older than the current one
    redactions: int  # secrets replaced by [REDACTED:<rule>] before storing

    def __init__(self, claim_id: str, km: Path, kind: str, new: bool, superseded=_FACTORY,
                 reinstated: bool = False, created_km: bool = False,
                 superseded_by: str | None = None, redactions: int = 0) -> None:
        self.claim_id = claim_id
        self.km = km
        self.kind = kind
        self.new = new
        self.superseded = [] if superseded is _FACTORY else superseded
        self.reinstated = reinstated
        self.created_km = created_km
        self.superseded_by = superseded_by
        self.redactions = redactions

    def _values(self) -> tuple:
        return (self.claim_id, self.km, self.kind, self.new, self.superseded, self.reinstated,
                self.created_km, self.superseded_by, self.redactions)

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(claim_id={self.claim_id!r}, km={self.km!r}, "
                f"kind={self.kind!r}, new={self.new!r}, superseded={self.superseded!r}, "
                f"reinstated={self.reinstated!r}, created_km={self.created_km!r}, "
                f"superseded_by={self.superseded_by!r}, redactions={self.redactions!r})")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def to_dict(self) -> dict:
        return {"id": self.claim_id, "km": str(self.km), "kind": self.kind, "new": self.new,
                "superseded": list(self.superseded), "reinstated": self.reinstated,
                "created_km": self.created_km, "superseded_by": self.superseded_by,
                "redactions": self.redactions}


def validate(text: str, kind: str, attribute_key: str | None, criticality: str) -> tuple[str, str | None]:
    """Check a world fact's input; returns (text, key) cleaned. Raises WorldFactError."""
    if kind not in WORLD_KINDS:
        raise WorldFactError(f"unknown kind {kind!r}; expected one of: {', '.join(WORLD_KINDS)}")
    if criticality not in CRITICALITIES:
        raise WorldFactError(
            f"unknown criticality {criticality!r}; expected one of: {', '.join(CRITICALITIES)}")
    text = (text or "").strip()
    if not text:
        raise WorldFactError("the fact text is empty; state the fact in one sentence")
    if len(text) > MAX_FACT_CHARS:
        raise WorldFactError(
            f"the fact is {len(text)} characters; a world fact is one proposition "
            f"(at most {MAX_FACT_CHARS}): split it into several facts")
    key = (attribute_key or "").strip() or None
    if key is not None and kind != "attribute":
        raise WorldFactError("--attribute-key applies only to --kind attribute")
    if key is not None and len(key) > MAX_KEY_CHARS:
        raise WorldFactError(f"the attribute key is longer than {MAX_KEY_CHARS} characters")
    return text, key


def capture_world_fact(km_path: str | os.PathLike, text: str, kind: str, *,
                       attribute_key: str | None = None, criticality: str = "normal",
                       command: str | None = None, citations: list[dict] | None = None,
                       workspace: str | None = None, observed_by: str = "human",
                       origin: str = "user", ts: float | None = None,
                       lock_timeout: float | None = None) -> CaptureResult:
    """Append one world fact to ``km_path``'s claim log (creating the file if missing).

    The same text again is a recurrence of the same claim. A keyed attribute supersedes every
    other live value of its key (``superseded`` events; old values stay on disk); stating an
    old value again makes it current again. Evidence is a command citation (``command``) unless
    ``citations`` are given (the miner cites the session). Validation happens before anything
    is written; the fold and the append happen under the file's lock, so two captures for the
    same key cannot both miss each other. Secrets in the text or the key are redacted first
    (the id is the redacted text's), counted in ``redactions``."""
    text, key = validate(text, kind, attribute_key, criticality)
    text, redactions = ev.scrubbed(text)
    if key is not None:
        key, key_redactions = ev.scrubbed(key)
        redactions += key_redactions
    path = Path(km_path)
    when = time.time() if ts is None else float(ts)
    if citations is None:
        citations = [ev.command_citation(command or "rlat capture-attribute", observed_at=when,
                                         observed_by=observed_by)]
    if not citations:
        raise WorldFactError("no evidence, no claim: a world fact needs a citation")
    subject = key or ""
    cid = claim_id(text, kind, subject)
    log = ClaimLog(path)
    created = not path.exists() or path.stat().st_size == 0
    result = CaptureResult(cid, path, kind, new=True, created_km=created, redactions=redactions)

    def build():
        state = log.state()  # folded under the lock: no capture can land in between
        events: list[dict] = []
        existing = state.claims.get(cid)
        if existing is not None and existing.purged:
            raise WorldFactError(
                f"this fact was purged from {path} (`rlat compact --purge`), and a purged fact "
                "stays purged; to store it again, word it differently (its id is its text)")
        norm = normalise_text(key) if key is not None else None
        newest = None
        if norm is not None:
            newest = next((c for c in current_attributes(state)
                           if key_of(c) == norm and c.id != cid), None)
        # A back-dated statement (e.g. mined from an older session) is history: superseded by
        # the value stated after it, and it supersedes nothing.
        back_dated = newest is not None and newest.last_evidence_at > when
        if existing is None:
            events.append(ev.proposed(
                text, kind, citations=citations, source="world", subject=subject,
                workspace=workspace, observed_by=observed_by, origin=origin,
                attribute_key=key, criticality=criticality, ts=when))
        else:
            result.new = False
            events.append(ev.recurred(cid, citations, workspace=workspace, ts=when))
            if existing.state == "retired":
                events.append(ev.state_changed(cid, "candidate", "stated again by the user",
                                               actor="user", ts=when))
            if existing.superseded_by and not back_dated:
                events.append(ev.reinstated(cid, ts=when))
                result.reinstated = True
        if back_dated:
            if existing is None or existing.superseded_by != newest.id:
                events.append(ev.superseded(cid, newest.id, ts=when))
            result.superseded_by = newest.id
        elif norm is not None:
            for other in state.claims.values():
                if other.id == cid or other.type != "attribute" or not _live(other):
                    continue
                if key_of(other) == norm and not other.superseded_by:
                    events.append(ev.superseded(other.id, cid, ts=when))
                    result.superseded.append(other.id)
        return [(EVENTS, {"events": events})]

    log.container.append_built(build, lock_timeout=lock_timeout)
    if log.records_since_snapshot + 1 >= CHECKPOINT_EVERY:
        # World-fact KMs are read at every session start: keep the fold from a recent snapshot.
        log.checkpoint(force=True, lock_timeout=lock_timeout)
    return result


# ----------------------------------------------------------------------------------- read
def load_world_kms(paths: Iterable[str | os.PathLike]) -> tuple[list[tuple[Path, FoldState]], list[str]]:
    """Each readable KM's folded claim log, with its path; and one line per KM that could not
    be read. Never raises for a broken file: the hook path must keep going."""
    out: list[tuple[Path, FoldState]] = []
    problems: list[str] = []
    for path in paths:
        try:
            out.append((Path(path), ClaimLog(path).state()))
        except (ContainerError, OSError) as exc:
            problems.append(str(exc))
    return out, problems


def load_world_claims(paths: Iterable[str | os.PathLike]) -> tuple[list[Claim], list[str]]:
    """World claims from several KMs (each id once), and one line per KM that could not be read.
    Never raises for a broken file: the hook path must keep going."""
    kms, problems = load_world_kms(paths)
    claims: dict[str, Claim] = {}
    for _path, state in kms:
        for claim in state.claims.values():
            if claim.source == "world":
                claims.setdefault(claim.id, claim)
    return list(claims.values()), problems


QUARANTINE_REASON = "its agent {agent!r} is quarantined"


def quarantined_agents(*states: FoldState) -> set[str]:
    """Agents under quarantine in any of ``states`` (the memory store, where ``rlat
    quarantine`` records it, and each KM's own log)."""
    return {agent for state in states for agent in state.agents if state.quarantined(agent)}


def as_served(claim: Claim, quarantined: set[str] | frozenset[str]) -> Claim:
    """A world fact from a KM as it may serve: a quarantined agent's fact (the miner's, say)
    serves as contested — labelled CONTESTED with "verify before relying", weighed x0.7 — as
    that agent's claims in the memory store are contested by the quarantine. A copy: the KM is
    not written (quarantine lives in the memory store, and lifting it restores the facts)."""
    if claim.observed_by not in quarantined or claim.state in ("contested", "retired"):
        return claim
    from .records import replace

    return replace(claim, state="contested",
                   state_reason=QUARANTINE_REASON.format(agent=claim.observed_by))


def km_world_facts(paths: Iterable[str | os.PathLike], *,
                   quarantined: set[str] | frozenset[str] = frozenset()
                   ) -> tuple[list[Claim], list[Claim], dict[str, Path], list[str]]:
    """The world facts of these KMs as they serve, from one read of each KM: (every world
    claim, the attributes that serve — ``current_attributes``: each key's current value, never
    a superseded one, what recall ranks by relevance —, the KM each claim id came from,
    problems). Each id once (the first KM holding it); a quarantined agent's facts (named in
    ``quarantined`` or in the KM's own log) contested (``as_served``)."""
    kms, problems = load_world_kms(paths)
    claims: dict[str, Claim] = {}
    attributes: dict[str, Claim] = {}
    km_of: dict[str, Path] = {}
    for path, state in kms:
        agents = set(quarantined) | quarantined_agents(state)
        current = {c.id for c in current_attributes(state)}
        for claim in state.claims.values():
            if claim.source != "world" or claim.id in claims:
                continue
            claims[claim.id] = served = as_served(claim, agents)
            km_of[claim.id] = path
            if claim.id in current:
                attributes[claim.id] = served
    return list(claims.values()), list(attributes.values()), km_of, problems


def km_world_claims(paths: Iterable[str | os.PathLike], *,
                    quarantined: set[str] | frozenset[str] = frozenset(),
                    attributes_only: bool = False
                    ) -> tuple[list[Claim], dict[str, Path], list[str]]:
    """``km_world_facts`` for callers that want one list: (the world claims, or with
    ``attributes_only`` the attributes that serve; the KM of each; problems)."""
    claims, attributes, km_of, problems = km_world_facts(paths, quarantined=quarantined)
    return (attributes if attributes_only else claims), km_of, problems


# -------------------------------------------------------------------------------- profile
def world_profile(state: FoldState) -> dict:
    """Every world fact by class, with ids, state and history, for review (``rlat profile``).

    ``{"constraint": [...], "falsified": [...], "attribute": [...]}``; each entry is a dict
    with id, text, state, serving (bool), criticality, created_at, recurrence and, for keyed
    attributes, ``key`` and ``history`` (every value of that key, newest first, including
    superseded and retired ones)."""
    serving = {c.id for c in framed_facts(state)} | {c.id for c in current_attributes(state)}
    out: dict[str, list[dict]] = {kind: [] for kind in WORLD_KINDS}
    by_key: dict[str, list[Claim]] = {}
    for claim in state.claims.values():
        if claim.source == "world" and key_of(claim):
            by_key.setdefault(key_of(claim), []).append(claim)
    for values in by_key.values():
        values.sort(key=_stated_at, reverse=True)

    def entry(claim: Claim) -> dict:
        row = {
            "id": claim.id,
            "text": "" if claim.purged else claim.text,
            "purged": claim.purged,
            "state": claim.state,
            "serving": claim.id in serving,
            "criticality": claim.criticality,
            "created_at": claim.created_at,
            "stated_at": claim.last_evidence_at,
            "recurrence": claim.recurrence,
            "superseded_by": claim.superseded_by,
        }
        return row

    shown_keys: set[str] = set()
    for claim in sorted(state.claims.values(), key=lambda c: (c.created_at, c.id)):
        if claim.source != "world" or claim.type not in out:
            continue
        key = key_of(claim)
        if key is None:
            out[claim.type].append(entry(claim))
            continue
        if key in shown_keys:
            continue  # one row per key; every value is in that row's history
        shown_keys.add(key)
        history = by_key[key]
        head = next((c for c in history if c.id in serving), history[0])
        row = entry(head)
        row["key"] = head.attribute_key
        row["history"] = [entry(c) for c in history]
        out[claim.type].append(row)
    return out
