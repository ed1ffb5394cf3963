"""The capture pipeline as one call: transcript in, claims appended, a receipt out.

    report = capture_transcript(path, cwd=cwd, session_id=sid)
    print(report.receipt)   # [rlat] Captured 1 claim(s) (2 redactions)

The order is the safety argument, so it is fixed here and nowhere else:

1. **Read** the transcript (and its subagent transcripts) as a stream of turns. The reader has
   already dropped every hook attachment (``hook_success``, ``hook_additional_context``: where
   Claude Code records what rlat's hooks injected) and stripped every fenced span
   (``rlat.render.fences.strip_fenced``) and harness span from every text, *before* anything
   else sees the text. rlat never re-captures what it injected.
2. **Withhold** the whole output of any tool whose input names a secret file (``.env``, an SSH
   key, ``.netrc``…), then **scrub** every remaining text (``rlat.scrub``). Redactions
   are counted and logged (rule and place, never the secret) to ``scrub.log``.
3. **Fold** the turns into a bounded digest and build the session's ``event`` claim
   (``rlat.capture.session``); trivial sessions stop here.
4. **Verify** every citation against the transcript on disk: the cited line is read again,
   cleaned the same way, and must contain the excerpt whose hash is cited. Any citation that
   does not resolve drops the claim: no evidence, no claim.
5. **Deduplicate and append** under the store's lock: a claim whose content id is already in
   the store gets a ``recurred`` event (recurrence + 1, evidence merged) instead of a new row;
   a session already recorded on that claim adds nothing (capturing twice is harmless); an
   older event claim of the same session (the transcript grew since: ``--resume``) is marked
   superseded by the new one.

Imports stay light (no rich, numpy or anthropic): the SessionEnd hook calls this.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .. import scrub as scrubbing
from ..claims import events as ev
from ..claims.fold import FoldState
from ..claims.ids import claim_id, content_hash
from ..claims.log import ClaimLog
from ..claims.model import REMARK_KIND, is_remark, live
from ..container import EVENTS
from ..paths import memory_store_path
from ..workspace import workspace_id
from .facts import (
    FACT_TYPES,
    KIND_TYPES,
    MAX_FACTS,
    MAX_PER_KIND,
    Fact,
    FactExtractor,
    same_fact,
    signature,
)
from .session import Cited, SessionClaim, SessionDigest, build_claim
from .transcript import (
    Block,
    ReadStats,
    Turn,
    iter_entries,
    iter_turns,
    parse_line,
    read_line_at,
    subagent_paths,
)

CLAIM_TYPE = "event"
BATCH_CHARS = 256 * 1024
OBSERVER = "claude-code"


class CaptureError(Exception):
    """The transcript cannot be captured at all (missing, a directory, unreadable). One line."""


def transcript_file(path: str | os.PathLike) -> Path:
    """``path`` as a transcript to read, or CaptureError saying what it is instead: missing, a
    directory, a FIFO or device (which a reader would wait on forever), unreadable."""
    path = Path(path)
    if not path.exists():
        raise CaptureError(f"transcript not found: {path}")
    if path.is_dir():
        raise CaptureError(f"{path} is a directory; pass the session's .jsonl file")
    if not path.is_file():
        from ..special_files import special_kind

        raise CaptureError(f"cannot read {path}: not a regular file "
                           f"({special_kind(path.stat().st_mode)})")
    if not os.access(path, os.R_OK):
        raise CaptureError(f"cannot read {path} (permission denied)")
    return path


@dataclass(slots=True)
class CaptureReport:
    transcript: str
    session_id: str | None = None
    workspace: str | None = None
    cwd: str | None = None
    dry_run: bool = False
    counts: dict = field(default_factory=dict)
    claims: list[dict] = field(default_factory=list)
    redactions: int = 0
    rules: dict[str, int] = field(default_factory=dict)
    events_appended: int = 0
    skipped: str | None = None
    store: str | None = None
    facts_not_kept: int = 0  # found, but made room for later ones (a session's fact limits)
    elapsed_ms: float = 0.0

    @property
    def captured(self) -> int:
        """Claims that landed (or, in a dry run, would land): new or recurred."""
        return sum(1 for c in self.claims if c.get("action") in ("proposed", "recurred"))

    @property
    def receipt(self) -> str:
        line = f"[rlat] Captured {self.captured} claim(s) ({self.redactions} redactions)"
        if self.facts_not_kept:
            line += (f"; {self.facts_not_kept} earlier fact(s) of this session made room for "
                     f"later ones (at most {MAX_PER_KIND} of a kind, {MAX_FACTS} in all)")
        if self.dry_run:
            line += " [dry run: nothing stored]"
        return line

    def to_dict(self) -> dict:
        return {
            "receipt": self.receipt, "captured": self.captured, "transcript": self.transcript,
            "session_id": self.session_id, "workspace": self.workspace, "cwd": self.cwd,
            "dry_run": self.dry_run, "skipped": self.skipped, "claims": self.claims,
            "redactions": self.redactions, "rules": self.rules,
            "events_appended": self.events_appended, "store": self.store,
            "facts_not_kept": self.facts_not_kept,
            "counts": self.counts, "elapsed_ms": round(self.elapsed_ms, 1),
        }


# ---------------------------------------------------------------- cleaning (step 2)


class Cleaner:
    """Secret-file withholding and scrubbing of every turn, counting what fired where."""

    def __init__(self, session_id: str | None = None, *, log_rows: list[dict] | None = None):
        self.session_id = session_id
        self.secret_tools: set[str] = set()
        self.rules: Counter[str] = Counter()
        self.log_rows = log_rows
        self.withheld = 0

    def _note(self, turn: Turn, block: Block, field: str, findings) -> None:
        for f in findings:
            self.rules[f.rule] += f.count
            if self.log_rows is not None:
                self.log_rows.append({
                    "session": self.session_id or turn.session_id,
                    "message": block.uuid or turn.uuid, "field": field, "rule": f.rule,
                    "count": f.count,
                })

    def withhold(self, turn: Turn) -> None:
        """Secret files: a tool whose input names one has its whole output replaced."""
        for block in turn.blocks:
            if block.kind == "tool_use" and block.tool_id and block.input:
                if any(scrubbing.names_secret_file(v) for v in block.input.values()):
                    self.secret_tools.add(block.tool_id)
            elif (block.kind == "tool_result" and block.tool_id in self.secret_tools
                  and not block.withheld):
                block.text = scrubbing.marker(scrubbing.SECRET_FILE_RULE)
                block.withheld = True
                self.withheld += 1
                self._note(turn, block, "tool_result",
                           [scrubbing.Finding(scrubbing.SECRET_FILE_RULE, 1)])

    def clean_many(self, turns: list[Turn], *, outputs: bool = True) -> list[Turn]:
        """Withhold secret-file outputs, then scrub every text of ``turns`` (in one pass per
        context: the same result as scrubbing each text alone, much cheaper). ``outputs=False``
        leaves successful tool output unscrubbed (the capture never stores it whole)."""
        for turn in turns:
            self.withhold(turn)
        slots: dict[str, list[tuple[Turn, Block, str | None]]] = {"text": [], "tool_output": []}
        for turn in turns:
            for block in turn.blocks:
                if block.text and not block.withheld and (
                        outputs or block.kind != "tool_result" or block.is_error):
                    context = "tool_output" if block.kind == "tool_result" else "text"
                    slots[context].append((turn, block, None))
                for key in block.input or ():
                    slots["text"].append((turn, block, key))
        for context, items in slots.items():
            if not items:
                continue
            texts = [b.text if key is None else b.input[key] for _, b, key in items]
            for (turn, block, key), result in zip(
                    items, scrubbing.scrub_many(texts, context=context), strict=True):
                if not result.findings:
                    continue
                if key is None:
                    block.text = result.text
                    self._note(turn, block, turn.kind if block.kind == "text" else block.kind,
                               result.findings)
                else:  # the input fields a tool call was rendered from; counted via its text
                    block.input[key] = result.text
        return turns

    def clean(self, turn: Turn) -> Turn:
        return self.clean_many([turn])[0]


def _drop_unused(turn: Turn) -> None:
    """Forget the text capture never uses, before it is scrubbed or kept: thinking. (A
    successful tool call's output is kept, unscrubbed, only until the fact extractor has seen
    it: see ``_forget_outputs``.)"""
    for block in turn.blocks:
        if block.kind == "thinking" and not block.withheld:
            block.text = ""


def _forget_outputs(turn: Turn) -> None:
    """Blank the successful tool outputs the extractor has seen (never scrubbed, never kept:
    a fact scrubs the one line it cites)."""
    for block in turn.blocks:
        if block.kind == "tool_result" and not block.is_error and not block.withheld:
            block.text = ""


# ---------------------------------------------------------------- verification (step 4)


def verify_citations(cites: list[dict], files: dict[str, Path], *,
                     offsets: dict[tuple[str, str], int] | None = None) -> list[dict]:
    """The citations that do not resolve: their line is missing from the transcript, or the
    line (cleaned as capture cleans it) does not contain the cited excerpt, or the excerpt's
    hash is not the cited hash. ``files`` maps a citation's ``source`` ("" = main transcript)
    to its file; ``offsets`` ((source, message id) → byte offset, known from the first read)
    lets each line be read again directly instead of scanning the file for it.

    Each citation that resolves is stamped with its line's own timestamp (``said_at``): a fork
    of a session copies its lines under new ids but with their times, and the same words said
    at the same instant are one observation (``rlat.claims.model.observation_counts``)."""
    offsets = offsets or {}
    pending: dict[str, list[dict]] = {}
    for cite in cites:
        pending.setdefault(cite.get("source", ""), []).append(cite)
    bad: list[dict] = []
    for source, group in pending.items():
        path = files.get(source)
        if path is None or not path.exists():
            bad.extend(group)
            continue
        texts: dict[str, str] = {}
        stamps: dict[str, str] = {}
        cleaner = Cleaner()
        missing = set()
        for cite in group:
            mid = cite["message_id"]
            offset = offsets.get((source, mid))
            if mid in texts:
                continue
            if offset is None:
                missing.add(mid)
                continue
            obj = read_line_at(path, offset)
            entry = parse_line(obj, ReadStats(), offset=offset) if obj else None
            if entry is not None and mid in entry.uuids:
                texts[mid] = cleaner.clean(entry).line_text(mid)
                stamps[mid] = entry.timestamp
        if missing:  # no offset known: scan the file for those lines
            for entry in iter_entries(path, ReadStats(), want=[m.encode() for m in missing]):
                if entry.uuid in missing and entry.uuid not in texts:
                    texts[entry.uuid] = cleaner.clean(entry).line_text(entry.uuid)
                    stamps[entry.uuid] = entry.timestamp
        for cite in group:
            excerpt = cite.get("excerpt") or ""
            text = texts.get(cite["message_id"])
            if (text is None or not excerpt or excerpt not in text
                    or content_hash(excerpt) != cite.get("excerpt_hash")):
                bad.append(cite)
            elif isinstance(stamps.get(cite["message_id"]), str) and stamps[cite["message_id"]]:
                cite["said_at"] = stamps[cite["message_id"]]
    return bad


# ---------------------------------------------------------------- the pipeline


def _epoch(ts: str) -> float | None:
    if not ts:
        return None
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def capture_transcript(
    path: str | os.PathLike,
    *,
    cwd: str | None = None,
    session_id: str | None = None,
    store: ClaimLog | None = None,
    dry_run: bool = False,
    lock_timeout: float | None = None,
    scrub_log: scrubbing.ScrubLog | None = None,
    subagents: bool = True,
) -> CaptureReport:
    """Capture one Claude Code transcript into the memory store (see the module docstring).

    ``cwd``: the session's directory (its workspace); default: the one the transcript records,
    else the current directory. ``store``: default the user's memory store. ``dry_run``: do
    everything except writing (no store append, no scrub log). Raises CaptureError when the
    file cannot be read at all; odd content is tolerated and counted, never raised."""
    started = time.perf_counter()
    path = transcript_file(path)

    report = CaptureReport(transcript=str(path), dry_run=dry_run)
    stats = ReadStats()
    log_rows: list[dict] = []
    cleaner = Cleaner(session_id, log_rows=log_rows)
    digest = SessionDigest()
    extractor = FactExtractor()
    files: dict[str, Path] = {"": path}

    def feed(turns, source: str, sidechain: bool) -> None:
        # Turns are cleaned in batches (bounded: BATCH_CHARS of text) and folded in order.
        buffer: list[Turn] = []
        size = 0

        def flush() -> None:
            nonlocal size
            digest.source = extractor.source = source
            for turn in cleaner.clean_many(buffer, outputs=False):
                digest.add(turn)
                extractor.add(turn)
                _forget_outputs(turn)
            buffer.clear()
            size = 0

        for turn in turns:
            if sidechain:
                turn.sidechain = True
            cleaner.withhold(turn)
            _drop_unused(turn)
            buffer.append(turn)
            size += sum(len(b.text) for b in turn.blocks)
            if size >= BATCH_CHARS or len(buffer) >= 512:
                flush()
        flush()

    try:
        feed(iter_turns(path, stats, tool_output=True), "", False)
    except OSError as exc:
        raise CaptureError(f"cannot read {path}: {exc.strerror or exc}") from None
    if subagents:
        for sub in subagent_paths(path):
            files[sub.name] = sub
            try:
                feed(iter_turns(sub, stats, tool_output=True), sub.name, True)
            except OSError:
                # (a dangling link, a FIFO, a directory named *.jsonl: that subagent is lost,
                # not the session)
                stats.unreadable_files += 1
    digest.source = ""

    session_id = session_id or digest.session_id or path.stem
    cleaner.session_id = session_id
    for row in log_rows:
        row["session"] = session_id
    cwd = cwd or digest.cwd or os.getcwd()
    if digest.cwd is None:
        digest.cwd = cwd
    workspace = workspace_id(cwd)
    report.session_id, report.cwd, report.workspace = session_id, cwd, workspace
    report.counts = stats.to_dict()
    report.counts["secret_file_outputs"] = cleaner.withheld
    report.counts["tool_calls"] = digest.tool_calls

    claim = build_claim(digest)
    if claim is not None:
        claim = SessionClaim(_final_scrub(claim.text, cleaner), claim.cited)
    extractor.settle()
    facts = [Fact(f.kind, _final_scrub(f.text, cleaner), f.cited, f.subject, f.polarity)
             for f in extractor.facts + extractor.remarks()]
    report.facts_not_kept = extractor.overflow
    report.rules = dict(cleaner.rules)
    report.redactions = sum(cleaner.rules.values())

    observed = _epoch(digest.last_ts) or time.time()
    ready: list[dict] = []  # verified entries, appended together under one lock
    if claim is None:
        if stats.lines == 0:
            report.skipped = "empty transcript"
        elif stats.turns == 0:
            report.skipped = "no conversation in the transcript"
        elif digest.goal is None and digest.goal_command is None:
            report.skipped = "no user prompt in the transcript"
        else:
            report.skipped = "trivial session (no tool use, tiny exchange)"
    else:
        entry = _entry(claim.text, CLAIM_TYPE, claim.cited, session_id, workspace, observed,
                       files, subject=workspace)
        report.claims.append(entry)
        if entry.get("action") == "dropped":
            report.skipped = "no evidence, no claim: " + entry["reason"]
        else:
            ready.append(entry)
    for fact in facts:
        entry = _entry(fact.text, fact.type, fact.cited, session_id, workspace, observed, files,
                       subject=fact.subject, polarity=fact.polarity, kind=fact.kind)
        report.claims.append(entry)
        if entry.get("action") != "dropped":
            ready.append(entry)
    if ready:
        report.skipped = None if any(e["type"] != CLAIM_TYPE for e in ready) or claim \
            else report.skipped
        log = store if store is not None else ClaimLog(memory_store_path())
        report.store = str(log.path)
        if dry_run:
            state = log.state()
            recurrence = _Recurrence(state, workspace)
            for entry in ready:
                entry.update(_decide(state, entry, session_id, workspace, recurrence)[0])
        else:
            _append(log, ready, session_id, workspace, lock_timeout, report)

    if not dry_run and log_rows:
        sink = scrub_log if scrub_log is not None else scrubbing.ScrubLog()
        for row in log_rows:
            row["workspace"] = workspace
            row["transcript"] = str(path)
        try:
            sink.write(log_rows)
        except OSError:
            report.counts["scrub_log_errors"] = 1
    report.elapsed_ms = (time.perf_counter() - started) * 1000
    return report


def _final_scrub(text: str, cleaner: Cleaner) -> str:
    """Scrub a claim's text once more (idempotent on scrubbed parts), counting what fires."""
    final = scrubbing.scrub(text)
    for f in final.findings:
        cleaner.rules[f.rule] += f.count
    return final.text


def _entry(text: str, claim_type: str, cited: list[Cited], session_id: str, workspace: str,
           observed: float, files: dict[str, Path], *, subject: str, polarity: str = "factual",
           kind: str | None = None) -> dict:
    """A claim about to be stored, with its citations checked against the transcript: no
    evidence, no claim (``action`` = ``dropped`` with the reason)."""
    cites = [c.citation(session_id, workspace=workspace, observed_at=observed) for c in cited]
    for cite, one in zip(cites, cited, strict=True):
        if one.source:
            cite["source"] = one.source
    entry = {"id": claim_id(text, claim_type, subject), "type": claim_type, "text": text,
             "citations": cites, "subject": subject}
    if kind:
        entry["kind"] = kind
    if polarity != "factual":
        entry["polarity"] = polarity
    if not cites:
        entry.update(action="dropped", reason="nothing in the transcript to cite")
        return entry
    offsets = {(c.source, c.uuid): c.offset for c in cited if c.offset >= 0}
    unresolved = verify_citations(cites, files, offsets=offsets)
    if unresolved:
        entry.update(action="dropped", reason="citations did not resolve: " + ", ".join(
            c["message_id"] for c in unresolved))
    return entry


class _Recurrence:
    """The live stored claims of one workspace, by type, with their signatures: computed once
    per capture (the SessionEnd hook decides every fact of a session against them)."""

    def __init__(self, state: FoldState, workspace: str) -> None:
        self.state, self.workspace = state, workspace
        self._by_type: dict[str, list] = {}

    def _stored(self, kind: str) -> list:
        stored = self._by_type.get(kind)
        if stored is None:
            stored = self._by_type[kind] = [
                (claim, signature(claim.text)) for claim in self.state.claims.values()
                if claim.type == kind and live(claim) and self.workspace in claim.workspaces]
        return stored

    def same_fact(self, entry: dict):
        """A live stored claim of this workspace that states the same fact in other words: of
        the entry's type — or, since a remark is typed ``environment`` whatever it says, a
        stored remark for a fact of any type, a stored fact of any type for a remark. A fact
        before a remark."""
        kind = entry["type"]
        wanted = signature(entry["text"])
        remark = entry.get("kind") == REMARK_KIND
        types = [kind] + [t for t in FACT_TYPES if t != kind and remark]
        facts = (claim for t in types for claim, sig in self._stored(t)
                 if not is_remark(claim) and same_fact(wanted, sig))
        remarks = (claim for claim, sig in self._stored(KIND_TYPES[REMARK_KIND])
                   if is_remark(claim) and same_fact(wanted, sig))
        return next(facts, None) or next(remarks, None)


def _decide(state: FoldState, entry: dict, session_id: str, workspace: str,
            recurrence: _Recurrence) -> tuple[dict, list[dict]]:
    """(what happens to the claim, the events that make it happen) given the store's state."""
    cid = entry["id"]
    existing = state.claims.get(cid)
    if existing is None and entry["type"] != CLAIM_TYPE:
        existing = recurrence.same_fact(entry)
    events: list[dict] = []
    # A fact a rule found, stated before only in a remark: the fact takes the remark's place
    # (recurring on the remark would leave it ranked and floored as a remark) — even a remark
    # of this very session, captured before it was resumed and a rule read what it said.
    noted = existing if existing is not None and is_remark(existing) \
        and entry.get("kind") != REMARK_KIND else None
    if noted is not None:
        existing = None
    if existing is not None and session_id in existing.sessions:
        return {"action": "already_captured", "claim": existing.id}, []
    if existing is not None:
        events.append(ev.recurred(existing.id, entry["citations"], workspace=workspace))
        outcome = {"action": "recurred", "recurrence": existing.recurrence + 1}
        if existing.id != cid:
            outcome["claim"] = existing.id  # the same fact, stored in other words
        return outcome, events
    events.append(ev.proposed(
        entry["text"], entry["type"], citations=entry["citations"], subject=entry["subject"],
        polarity=entry.get("polarity", "factual"), workspace=workspace, observed_by=OBSERVER,
        origin="session",
    ))
    outcome = {"action": "proposed", "recurrence": 1}
    if noted is not None:
        # (not a session the remark was shown to: no witness of the remark, it would be an
        # independent one of the fact, which was never injected there)
        shown = set(noted.injected_sessions)
        earlier = [c for c in noted.evidence if c.get("session_id") != session_id
                   and c.get("session_id") not in shown]
        if earlier:
            # (the remark's sessions said this fact too: their evidence is the fact's, so a
            # fact a rule reads late does not start again at one session)
            events.append(ev.recurred(cid, earlier, workspace=workspace))
            outcome["recurrence"] = 2
        events.append(ev.superseded(noted.id, cid))
        outcome["supersedes"] = [noted.id]
    if entry["type"] != CLAIM_TYPE:
        return outcome, events
    # The same session captured before with a shorter transcript (it was resumed): the new
    # claim covers it, so the old one is superseded (kept on disk, never deleted).
    older = [
        c.id for c in state.claims.values()
        if c.type == CLAIM_TYPE and c.id != cid and c.subject == workspace
        and c.sessions == [session_id] and not c.superseded_by
    ]
    for old in older:
        events.append(ev.superseded(old, cid))
    if older:
        outcome["supersedes"] = older
    return outcome, events


def _append(log: ClaimLog, entries: list[dict], session_id: str, workspace: str,
            lock_timeout: float | None, report: CaptureReport) -> None:
    decided: list[dict] = []

    def build():
        # Decided under the store's lock: two captures of one session cannot both count.
        decided.clear()
        state = log.state()
        recurrence = _Recurrence(state, workspace)
        events: list[dict] = []
        for entry in entries:
            outcome, more = _decide(state, entry, session_id, workspace, recurrence)
            decided.append(outcome)
            events.extend(more)
        report.events_appended = len(events)
        return [(EVENTS, {"events": events})] if events else []

    log.container.append_built(build, lock_timeout=lock_timeout)
    for entry, outcome in zip(entries, decided, strict=True):
        entry.update(outcome)
