"""Checking claims against a knowledge model: ``rlat memory verify`` and the drift re-check.

For each claim: retrieve the passages that best match its text (BM25, ``VERIFY_TOP_K``), run
the faithfulness gate (``rlat.km.faithful``) against each, and take the verdict — the first
entailing passage, else a contradicting one, else unsupported. The model, when a provider is
given, is a second opinion on what the checks found (entailed or contradicted): it may weaken
a verdict (to contradicted or unsupported), never make a claim faithful. The events a verdict
makes come from ``rlat.trust.verify``.

Two callers:

* ``verify_store`` — experience claims of the memory store against a KM (``rlat memory
  verify``): good → ``corpus_good`` + 1, contradicted → ``corpus_bad`` + 1.
* ``reverify_stale`` — the KM's own corpus claims that a refresh marked stale (drift): a claim
  still faithful to the passage its source now has comes back (``rlat memory verify``, and the
  hooks' background worker — ``drift_check`` — when a linked KM's sources changed).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..claims import events as ev
from ..claims.log import ClaimLog
from ..claims.model import Claim, live, visible_in
from ..trust import verify as V
from . import faithful as F
from .store import KnowledgeModel, Passage

VERIFY_TOP_K = 5


@dataclass(slots=True)
class Check:
    claim: Claim
    status: str  # entailed | contradicted | unsupported
    reason: str
    passage: Passage | None = None
    events: list[dict] = field(default_factory=list)
    model: str = ""  # the model's verdict, when it gave one

    @property
    def outcome(self) -> str:
        """What the check did: good, bad, back (re-activated), counted-before, or nothing."""
        kinds = [(e["kind"], e.get("good"), e.get("to")) for e in self.events]
        if any(k == ev.STATE_CHANGED for k, _g, _t in kinds):
            return "back"
        if any(k == ev.VERIFIED and g for k, g, _t in kinds):
            return "good"
        if any(k == ev.VERIFIED for k, _g, _t in kinds):
            return "bad"
        if self.status in (F.ENTAILED, F.CONTRADICTED):
            return "counted before"
        return "nothing"

    def to_dict(self) -> dict:
        out = {"id": self.claim.id, "text": self.claim.text, "source": self.claim.source,
               "type": self.claim.type, "verdict": self.status, "reason": self.reason,
               "outcome": self.outcome}
        if self.passage is not None:
            out["passage"] = {"id": self.passage.id, "path": self.passage.path,
                              "lines": [self.passage.line_start, self.passage.line_end],
                              "hash": self.passage.hash}
        if self.model:
            out["model"] = self.model
        return out


@dataclass(slots=True)
class Report:
    km: str
    checks: list[Check] = field(default_factory=list)
    model_note: str = ""  # why the model was not (or not fully) consulted
    dry_run: bool = False

    @property
    def events(self) -> list[dict]:
        return [e for c in self.checks for e in c.events]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for check in self.checks:
            out[check.outcome] = out.get(check.outcome, 0) + 1
        return out

    def to_dict(self) -> dict:
        return {"km": self.km, "dry_run": self.dry_run, "checked": len(self.checks),
                "counts": self.counts(), "model_note": self.model_note or None,
                "checks": [c.to_dict() for c in self.checks]}


def citation_of(p: Passage) -> dict:
    return ev.passage_citation(p.id, p.hash, path=p.path)


def judge(km: KnowledgeModel, claims: Iterable[Claim], *, provider=None,
          report: Report) -> list[tuple[Claim, F.Verdict, Passage | None, str]]:
    """(claim, verdict, passage, the model's verdict or "") for each claim against the KM."""
    judged = []
    for claim in claims:
        passages = km.matching(claim.text, VERIFY_TOP_K)
        verdict = F.best_verdict(claim.text, passages)
        passage = next((p for p in passages if p.id == verdict.passage_id), None)
        judged.append([claim, verdict, passage, ""])
    asked = [row for row in judged if row[1].status in (F.ENTAILED, F.CONTRADICTED)
             and row[2] is not None]
    if provider is not None and asked:
        from ..llm.provider import ProviderError

        try:
            opinions = F.second_opinion(provider, [(row[0].text, row[2].text) for row in asked])
        except ProviderError as exc:
            report.model_note = f"model second opinion skipped: {exc}"
        else:
            for row, (verdict, why) in zip(asked, opinions, strict=True):
                row[3] = verdict
                if verdict != F.ENTAILED and verdict != row[1].status:
                    row[1] = F.Verdict(verdict, f"model: {why or verdict}", row[1].coverage,
                                       row[1].support, row[1].passage_id)
    return [(c, v, p, m) for c, v, p, m in judged]


def _check_all(km: KnowledgeModel, claims: list[Claim], done: set, *, provider, now: float,
               report: Report) -> None:
    for claim, verdict, passage, model in judge(km, claims, provider=provider, report=report):
        events: list[dict] = []
        if passage is not None:
            events = V.verification_events(claim, verdict.status, citation_of(passage),
                                           km=str(km.path), now=now, done=done,
                                           reason=verdict.reason)
        report.checks.append(Check(claim, verdict.status, verdict.reason, passage, events, model))


def experience_claims(state, *, workspace: str | None) -> list[Claim]:
    """Experience claims worth checking: live, one proposition (not a session block), and in
    scope for ``workspace`` (None: every workspace)."""
    out = []
    for claim in state.claims.values():
        if claim.source != "experience" or claim.type == "event":
            continue
        if not live(claim) or not visible_in(workspace, claim.source, claim.workspaces,
                                             claim.cross_workspace):
            continue
        out.append(claim)
    return sorted(out, key=lambda c: (c.created_at, c.id))


def verify_store(store_path: Path, km: KnowledgeModel, *, workspace: str | None,
                 provider=None, dry_run: bool = False, now: float | None = None,
                 only: list[str] | None = None) -> Report:
    """Check the memory store's experience claims against ``km``; append the events."""
    now = time.time() if now is None else now
    report = Report(str(km.path), dry_run=dry_run)
    log = ClaimLog(store_path)
    if not log.exists():
        return report
    state = log.state()
    claims = [state.claims[cid] for cid in only] if only else \
        experience_claims(state, workspace=workspace)
    done = V.done_keys(log.events())
    _check_all(km, claims, done, provider=provider, now=now, report=report)
    if report.events and not dry_run:
        log.append(report.events)
    return report


def stale_corpus_claims(state) -> list[Claim]:
    return sorted((c for c in state.claims.values() if c.source == "corpus"
                   and c.state == "stale" and not c.purged and not c.superseded_by),
                  key=lambda c: (c.created_at, c.id))


def reverify_stale(km_path: Path, *, provider=None, dry_run: bool = False,
                   now: float | None = None) -> Report:
    """Re-check the KM's stale corpus claims against its current passages; a claim still
    faithful comes back (see module docstring)."""
    now = time.time() if now is None else now
    km = KnowledgeModel.open(km_path)
    report = Report(str(km_path), dry_run=dry_run)
    log = km.claim_log()
    claims = stale_corpus_claims(log.state())
    if not claims:
        return report
    done = V.done_keys(log.events())
    _check_all(km, claims, done, provider=provider, now=now, report=report)
    if report.events and not dry_run:
        log.append(report.events)
    return report


def passage_alive(km: KnowledgeModel):
    """consolidate's ``source_alive`` for this KM: is a cited passage still in its build?"""
    def alive(cite: dict) -> bool | None:
        if not km.has_build:
            return None
        return km.slot_of(str(cite.get("passage_id"))) is not None
    return alive


def consolidate_km(km_path: Path, *, dry_run: bool = False, now: float | None = None,
                   lock_timeout: float | None = None):
    """`rlat memory consolidate` over a KM's own claims, with its passages as the source check:
    a corpus claim whose every cited passage left the build has lost its source."""
    from ..trust import consolidate as consolidation

    km = KnowledgeModel.open(km_path, require_build=False)
    log = km.claim_log()
    plan = consolidation.plan(log.state(), now, source_alive=passage_alive(km))
    if plan.events and not dry_run:
        log.append(plan.events, lock_timeout=lock_timeout)
    return plan


def drift_check(paths: Iterable[Path], *, log=lambda message: None) -> dict:
    """The drift re-check the hooks' background worker runs: for each built KM in ``paths``
    whose sources changed on disk (size/mtime, then content) or that was scrubbed by other
    secret rules (``other_secret_rules``: an older rlat's), refresh it and re-check the
    claims that went stale. Returns {km: summary}; a KM that cannot be refreshed is logged."""
    from .build import other_secret_rules, refresh_km
    from .provenance import SourceReader, drifted_sources

    out: dict[str, object] = {}
    for path in paths:
        try:
            if not Path(path).is_file():
                continue
            km = KnowledgeModel.open(path, require_build=False)
            if not km.has_build:
                continue
            reader = SourceReader.for_km(km, None)
            # (a model an older rlat built is read again under these secret rules: its
            # passages may hold what they redact now)
            if not reader.reachable or not (other_secret_rules(km)
                                            or drifted_sources(km, reader)):
                out[str(path)] = "up to date"
                continue
            report = refresh_km(Path(path))
            recheck = reverify_stale(Path(path)) if report.stale_claims else Report(str(path))
            out[str(path)] = {"changed": report.changed, "added": report.added,
                              "removed": report.removed, "stale": len(report.stale_claims),
                              "back": recheck.counts().get("back", 0)}
        except Exception as exc:  # noqa: BLE001 - the worker logs one line and goes on
            log(f"drift check of {path} failed: {exc.__class__.__name__}: {exc}")
            out[str(path)] = f"failed: {exc}"
    return out
