"""What each MCP tool does, as plain functions (no MCP SDK here: ``rlat.mcp.server`` wires them).

Every tool returns a :class:`ToolOutput`: ``text`` is what reaches the model — fenced and
attributed exactly as the hooks render it, so capture strips it again and a claim never arrives
as bare fact — and ``data`` is the same result as structured fields (ids, rungs, evidence
counts, dates, scores) that carry no claim or passage text of their own: Claude Code hands a
tool's structured content to the model in place of its text, so any text outside the fence
would reach the context window unattributed and be re-captured as if observed
(docs/mcp.md). The server sends ``text`` as the content and ``{"context": text, **data}`` as
the structured content. A mistake in the call
raises :class:`ToolInputError` with one line saying what to do instead; the server turns it
(and anything else that goes wrong) into a tool error, never a crashed server.

The write rule (docs/claims.md, the ctxlake seed): an agent *proposes*. ``memory_propose``
appends a ``proposed`` event, which folds into a candidate in agent scope observed by the
agent; there is no tool that writes a wider scope, promotes, corroborates or retires. Only the
promotion gate (`rlat memory consolidate` / `rlat memory promote`) widens a claim's scope.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ..capture.pipeline import OBSERVER
from ..claims import events as ev
from ..claims.ids import content_hash
from ..claims.log import ClaimLog
from ..claims.model import Claim, citation_key
from ..claims.policy import POLARITIES, POLICIES
from ..container import EVENTS, ContainerError, NotAContainer, TruncatedContainer
from ..paths import memory_store_path
from ..render.attribution import claim_line, day, provenance
from ..render.fences import fence
from ..scrub import scrub
from ..workspace import project_dir_problem, workspace_id

# The agent a proposal is recorded as, unless the server was started with another
# (`rlat mcp --agent NAME`): the same identity capture gives Claude Code's sessions, so a
# quarantine or a calibration score of that agent covers what it proposes here too.
DEFAULT_AGENT = OBSERVER

SEARCH_TOP_K = 5
KM_TOP_K = 10
MAX_TOP_K = 20
# Characters of fenced text one tool answer may carry: MAX_TOP_K attributed lines (500 chars
# of claim text each, as the prompt hook cuts them) always fit.
TEXT_BUDGET = 12_000
MAX_CLAIM_CHARS = 1_000
MAX_EXCERPT_CHARS = 2_000
MAX_CITATIONS = 20
LOCK_TIMEOUT = 5.0

# What an agent may propose: the experience types a session can observe. Not `event` (a whole
# session, written by capture), not world facts (constraints and falsified findings are served
# in full at every session start: only the user states those) and not corpus insights (earned
# by deep-search's faithfulness gate).
PROPOSABLE_TYPES: tuple[str, ...] = tuple(
    name for name, p in POLICIES.items() if p.source == "experience" and name != "event")

ATTRIBUTE_HEADING = "Attributes of this environment (current values, served by relevance):"


class ToolInputError(ValueError):
    """The call cannot be served as made. ``str()`` is one line for the agent."""


@dataclass(slots=True)
class ToolOutput:
    text: str
    data: dict


# ----------------------------------------------------------------------------- helpers
def default_cwd() -> str:
    """Where the server works: the project Claude Code started it for (it sets
    ``CLAUDE_PROJECT_DIR`` for the servers it launches, plugin servers included), else the
    server's working directory."""
    project = os.environ.get("CLAUDE_PROJECT_DIR", "").strip()
    return project if project and Path(project).is_dir() else os.getcwd()


def resolve_workspace(cwd: str | None) -> str:
    """The workspace id of ``cwd`` (default: ``default_cwd()``)."""
    raw = cwd.strip() if isinstance(cwd, str) and cwd.strip() else default_cwd()
    if project_dir_problem(raw):
        raise ToolInputError(f"cwd {raw!r} is not a directory; give the project's directory "
                             "(or leave cwd out to use the server's)")
    return workspace_id(raw)


def _top_k(value: int | None, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TOP_K:
        raise ToolInputError(f"top_k must be a whole number from 1 to {MAX_TOP_K}")
    return value


def _query(query: str | None) -> str:
    text = query.strip() if isinstance(query, str) else ""
    if not text:
        raise ToolInputError("the query is empty; say what to look for")
    return text


def _log(message: str) -> None:
    """One line on stderr (Claude Code keeps an MCP server's stderr in its debug log);
    stdout belongs to the protocol."""
    try:
        sys.stderr.write(f"rlat mcp: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _claim_fields(claim: Claim, rung: str, state: str | None = None) -> dict:
    return {
        "id": claim.id, "type": claim.type, "source": claim.source,
        "rung": rung, "state": state or claim.state, "scope": claim.scope,
        "evidence_count": claim.evidence_count, "sessions": len(claim.sessions),
        "first_learned": day(claim.created_at), "created_at": claim.created_at,
        "observed_by": claim.observed_by, "workspaces": list(claim.workspaces),
        "cross_workspace": claim.cross_workspace, "attribution": provenance(claim, rung),
    }


# ----------------------------------------------------------------------- memory_search
def memory_search(query: str, top_k: int | None = None, cwd: str | None = None, *,
                  session_id: str | None = None, store_path: Path | None = None,
                  now: float | None = None) -> ToolOutput:
    """Recall from the memory store: the engine and gates of `rlat memory recall` and the
    prompt hook (``rlat.retrieval.recall``), scoped to the workspace of ``cwd``.

    ``session_id`` (the Claude Code session the server serves) records what was returned as
    an ``injected`` event, the read lineage independence counting needs."""
    from ..hooks.user_prompt import render
    from ..retrieval.readmodel import open_index
    from ..retrieval.recall import recall, standing

    text = _query(query)
    k = _top_k(top_k, SEARCH_TOP_K)
    workspace = resolve_workspace(cwd)
    now = time.time() if now is None else now
    log = ClaimLog(store_path or memory_store_path())
    state = log.state()
    hits = []
    if state.claims:
        index = open_index(log.path, state)
        hits = recall(state, text, workspace=workspace, top_k=k, now=now, index=index)
    block, ranked = render(hits, TEXT_BUDGET)
    lineage = False
    if ranked and session_id:
        lineage = _record_injection(log, session_id, [cid for cid, _ in ranked], workspace, now)
    rows = []
    for hit in hits:
        row = _claim_fields(hit.claim, hit.rung, hit.state)
        row.update(relevance=round(hit.relevance, 4), trust=round(hit.trust, 4),
                   standing=standing(hit.claim), score=round(hit.score, 4), gate=hit.gate)
        rows.append(row)
    data = {"query": text, "workspace": workspace, "store": str(log.path), "hits": rows,
            "lineage_recorded": lineage}
    if block:
        return ToolOutput(block, data)
    if not state.claims:
        return ToolOutput(f"The memory store ({log.path}) holds no claims yet.", data)
    return ToolOutput(f"No claim learned in this workspace ({workspace}) matches {text!r}.",
                      data)


def _record_injection(log: ClaimLog, session_id: str, ids: list[str], workspace: str,
                      now: float) -> bool:
    try:
        log.append([ev.injected(session_id, ids, workspace=workspace, ts=now)],
                   lock_timeout=LOCK_TIMEOUT, durable=False)
        return True
    except (ContainerError, OSError) as exc:  # the answer still goes out; the lineage is lost
        _log(f"could not record what memory_search returned ({exc})")
        return False


# ---------------------------------------------------------------------- memory_propose
def memory_propose(text: str, claim_type: str, evidence: list | None, *, subject: str = "",
                   polarity: str = "factual", cwd: str | None = None,
                   agent: str = DEFAULT_AGENT, store_path: Path | None = None,
                   now: float | None = None) -> ToolOutput:
    """Propose a claim: a candidate in agent scope, observed by ``agent``, with evidence.

    No evidence, no claim: every citation needs a ``session_id`` and a ``message_id``. When the
    session's transcript is on this machine the citation must resolve in it (the message
    exists; an ``excerpt``, if given, is in that message) and is stored as verified, with the
    transcript's own span and hash. Text, subject and excerpts are scrubbed of secrets before
    anything else reads them."""
    now = time.time() if now is None else now
    if claim_type not in PROPOSABLE_TYPES:
        raise ToolInputError(f"type must be one of: {', '.join(PROPOSABLE_TYPES)} "
                             f"(got {claim_type!r})")
    if polarity not in POLARITIES:
        raise ToolInputError(f"polarity must be one of: {', '.join(POLARITIES)}")
    redactions: dict[str, int] = {}
    clean = _scrubbed(text if isinstance(text, str) else "", redactions).strip()
    subject = _scrubbed(subject if isinstance(subject, str) else "", redactions).strip()
    if not clean:
        raise ToolInputError("the claim text is empty; state one proposition")
    if len(clean) > MAX_CLAIM_CHARS:
        raise ToolInputError(f"the claim is {len(clean)} characters; state one proposition in "
                             f"at most {MAX_CLAIM_CHARS}")
    workspace = resolve_workspace(cwd)
    citations = _citations(evidence, agent=agent, workspace=workspace, now=now,
                           redactions=redactions)
    try:
        event = ev.proposed(clean, claim_type, citations=citations, subject=subject,
                            polarity=polarity, workspace=workspace, observed_by=agent,
                            origin="session", ts=now)
    except ValueError as exc:
        raise ToolInputError(str(exc)) from None
    log = ClaimLog(store_path or memory_store_path())
    decided: dict = {}

    def build():
        # Decided under the store's lock, as capture does: two proposals of one claim
        # cannot both create it.
        state = log.state()
        existing = state.claims.get(event["claim"])
        decided["quarantined"] = state.quarantined(agent)
        if existing is None:
            decided["action"] = "proposed"
            return [(EVENTS, {"events": [event]})]
        if existing.purged:  # (its owner removed its text; evidence on it would serve nothing)
            decided["action"] = "purged"
            return []
        decided["existing"] = existing
        known = {citation_key(c) for c in existing.evidence}
        fresh = [c for c in citations if citation_key(c) not in known]
        if not fresh:
            decided["action"] = "already_recorded"
            return []
        decided["action"] = "recurred"
        return [(EVENTS, {"events": [ev.recurred(event["claim"], fresh, workspace=workspace,
                                                 ts=now)]})]

    log.container.append_built(build, lock_timeout=LOCK_TIMEOUT)
    cid = event["claim"]
    if decided["action"] == "purged":
        raise ToolInputError(f"claim {cid[:12]} with this text was purged by the store's owner "
                             "and stays purged; nothing was recorded")
    existing = decided.get("existing")
    scope = existing.scope if existing is not None else "agent"
    status = existing.state if existing is not None else "candidate"
    verified = sum(1 for c in citations if c.get("verified"))
    data = {"claim_id": cid, "action": decided["action"], "state": status, "scope": scope,
            "type": claim_type, "observed_by": agent, "workspace": workspace,
            "citations": len(citations), "verified_citations": verified,
            "redactions": redactions, "store": str(log.path),
            "agent_quarantined": bool(decided.get("quarantined"))}
    lines = {
        "proposed": f"Proposed claim {cid[:12]} as a candidate in agent scope, observed by "
                    f"{agent}.",
        "recurred": f"Claim {cid[:12]} was already known ({status}, {scope} scope); this "
                    f"evidence was added to it.",
        "already_recorded": f"Claim {cid[:12]} already holds this evidence; nothing was added.",
    }
    out = [lines[decided["action"]],
           f"Evidence: {len(citations)} citation(s), {verified} verified against the "
           "session transcript.",
           "Only the promotion gate widens a claim's scope; its trust is earned from outcomes."]
    if redactions:
        out.append("Secrets were redacted before storing: "
                   + ", ".join(f"{rule} x{n}" for rule, n in sorted(redactions.items())) + ".")
    if data["agent_quarantined"]:
        out.append(f"Agent {agent} is quarantined: its claims are recorded but do not promote.")
    return ToolOutput("\n".join(out), data)


def _scrubbed(text: str, redactions: dict[str, int]) -> str:
    result = scrub(text)
    for finding in result.findings:
        redactions[finding.rule] = redactions.get(finding.rule, 0) + finding.count
    return result.text


def _citations(evidence, *, agent: str, workspace: str, now: float,
               redactions: dict[str, int]) -> list[dict]:
    if not isinstance(evidence, list) or not evidence:
        raise ToolInputError("no evidence, no claim: give at least one citation "
                             "{session_id, message_id, excerpt?} from the session that "
                             "showed it")
    if len(evidence) > MAX_CITATIONS:
        raise ToolInputError(f"at most {MAX_CITATIONS} citations per claim")
    out: list[dict] = []
    for n, raw in enumerate(evidence, start=1):
        if not isinstance(raw, dict):
            raise ToolInputError(f"citation {n} is not an object "
                                 "{session_id, message_id, excerpt?}")
        session_id = str(raw.get("session_id") or "").strip()
        message_id = str(raw.get("message_id") or "").strip()
        missing = [name for name, value in (("session_id", session_id),
                                             ("message_id", message_id)) if not value]
        if missing:
            raise ToolInputError(f"no evidence, no claim: citation {n} has no "
                                 f"{' and no '.join(missing)}")
        excerpt = raw.get("excerpt")
        excerpt = _scrubbed(excerpt, redactions).strip() if isinstance(excerpt, str) else ""
        if len(excerpt) > MAX_EXCERPT_CHARS:
            raise ToolInputError(f"citation {n}: the excerpt is longer than "
                                 f"{MAX_EXCERPT_CHARS} characters; quote the part that shows "
                                 "the claim")
        span, verified = _verify(session_id, message_id, excerpt, n)
        cite = ev.session_citation(session_id, message_id,
                                   content_hash(span) if span else "",
                                   observed_by=agent, observed_at=now, workspace=workspace)
        if span:
            cite["excerpt"] = span
        cite["verified"] = verified
        cite["via"] = "mcp"
        out.append(cite)
    return out


def transcript_for(session_id: str) -> Path | None:
    """The Claude Code transcript of ``session_id`` on this machine: the one rlat's hooks
    recorded for that session, else ``<claude config dir>/projects/*/<session_id>.jsonl``."""
    from ..hooks.runtime import read_records, safe_id

    for record in read_records(session_id):
        path = record.get("transcript")
        if isinstance(path, str) and path and Path(path).is_file():
            return Path(path)
    if safe_id(session_id) != session_id:
        return None  # not a name Claude Code would give a transcript file
    config = os.environ.get("CLAUDE_CONFIG_DIR")
    root = (Path(config).expanduser() if config else Path.home() / ".claude") / "projects"
    try:
        found = sorted(root.glob(f"*/{session_id}.jsonl"))
    except OSError:
        return None
    return found[0] if found else None


def _verify(session_id: str, message_id: str, excerpt: str, n: int) -> tuple[str, bool]:
    """(the transcript's own span the excerpt quotes, or the excerpt as given; verified?)."""
    path = transcript_for(session_id)
    if path is None:
        return excerpt, False
    from ..capture.transcript import iter_turns
    from ..llm.evidence import find_span

    shown: list[str] = []
    found = False
    for turn in iter_turns(path):
        if message_id in turn.uuids or turn.uuid == message_id:
            found = True
            shown.append(turn.line_text(message_id) or turn.text)
        elif turn.message_id == message_id:
            found = True
            shown.append("\n".join(b.text for b in turn.blocks if b.text))
    if not found:
        raise ToolInputError(f"no evidence, no claim: citation {n} names message "
                             f"{message_id!r}, which is not in session {session_id}'s "
                             "transcript")
    if not excerpt:
        return "", True
    span = find_span(scrub("\n".join(shown)).text, excerpt)
    if span is None:
        raise ToolInputError(f"no evidence, no claim: citation {n}'s excerpt is not in message "
                             f"{message_id!r} (quote at least a few words of it exactly)")
    return span, True


# --------------------------------------------------------------------------- km_search
def km_search(km_path: str, query: str, top_k: int | None = None,
              source_only: bool = False) -> ToolOutput:
    """Search a knowledge model (``rlat.km.search``): passages labelled [SOURCE], the claims
    built on them [INSIGHT] (unless ``source_only``), its world facts under their framings."""
    from ..km.context import render_context
    from ..km.present import search_json
    from ..km.search import search
    from ..km.store import KMError, KnowledgeModel

    text = _query(query)
    k = _top_k(top_k, KM_TOP_K)
    raw = km_path.strip() if isinstance(km_path, str) else ""
    if not raw:
        raise ToolInputError("km_path is empty; give the path of a .rlat knowledge model")
    path = Path(raw).expanduser()
    if not path.is_absolute():
        path = Path(default_cwd()) / path
    if path.is_dir():
        raise ToolInputError(f"{path} is a directory; give the path of a .rlat knowledge model "
                             "in it")
    if not path.exists():
        raise ToolInputError(f"{path}: no such knowledge model (build one with "
                             f"`rlat build SOURCES -o {path.name}`)")
    if not path.is_file():  # (a FIFO would block its reader: never opened)
        from ..special_files import special_kind

        raise ToolInputError(f"{path} is {special_kind(path.stat().st_mode)}, not a .rlat "
                             "knowledge model")
    try:
        model = KnowledgeModel.open(path, require_build=False)
        result = search(model, text, top_k=k, source_only=bool(source_only))
    except NotAContainer as exc:
        if isinstance(exc, TruncatedContainer):  # (damaged: its own line says what to do)
            raise ToolInputError(str(exc)) from None
        raise ToolInputError(f"{exc}; give the path of a .rlat knowledge model (`rlat build "
                             "SOURCES -o NAME.rlat` makes one)") from None
    except (KMError, ContainerError) as exc:  # (each names the file and what to do)
        raise ToolInputError(str(exc)) from None
    data = search_json(result, str(path))
    for hit in data["hits"]:
        hit.pop("text", None)  # in the fenced context only (see the module docstring)
    if not result.terms:
        return ToolOutput("The query has no searchable words (only stop words or "
                          "punctuation).", data)
    block = render_context(result, path.name, budget=TEXT_BUDGET)
    if not result.hits:
        note = f"No passage or claim in {path.name} matches {text!r}."
        return ToolOutput(block + "\n\n" + note if block else note, data)
    return ToolOutput(block, data)


# -------------------------------------------------------------------------- world_facts
def world_facts(cwd: str | None = None, *, store_path: Path | None = None,
                now: float | None = None) -> ToolOutput:
    """The world facts that serve in the workspace of ``cwd``: standing constraints and
    falsified findings in full under their framings (what SessionStart injects), and the
    current value of each attribute. Sources: the memory store's world claims learned here and
    the workspace's world-fact KMs (``rlat.world.world_km_paths``)."""
    from .. import world
    from ..render.framings import framed_claims, world_fact_block
    from ..retrieval.recall import gate
    from ..trust.rungs import rung

    workspace = resolve_workspace(cwd)
    now = time.time() if now is None else now
    problems: list[str] = []

    def here(claim: Claim) -> bool:
        return gate(claim, workspace=workspace, now=now, include_stale=False,
                    sources=("world",), exclude=frozenset())[0]

    memory_framed: list[Claim] = []
    memory_attributes: list[Claim] = []
    state = None
    path = store_path or memory_store_path()
    try:
        state = ClaimLog(path).state()
    except (ContainerError, OSError) as exc:
        problems.append(str(exc))
    else:
        memory_framed = [c for c in state.claims.values() if c.source == "world" and here(c)]
        memory_attributes = [c for c in world.current_attributes(state) if here(c)]
    kms = world.world_km_paths(workspace)
    # As SessionStart and recall serve them: a quarantined agent's facts contested.
    quarantined = world.quarantined_agents(state) if state is not None else set()
    km_claims, km_attributes, _km_of, unreadable = world.km_world_facts(
        kms, quarantined=quarantined)
    problems.extend(unreadable)

    def rung_of(claim: Claim) -> str:
        return rung(claim, now)

    served = memory_framed + km_claims
    groups = framed_claims(served)
    attributes: dict[str, Claim] = {}
    for claim in memory_attributes + km_attributes:
        attributes.setdefault(claim.id, claim)
    parts = []
    block = world_fact_block(served, rung_of, now=now)
    if block:
        parts.append(block)
    if attributes:
        lines = [ATTRIBUTE_HEADING]
        for claim in attributes.values():
            line = claim_line(claim, rung_of(claim))
            if claim.attribute_key:
                head, _, rest = line.partition("] ")
                line = f"{head}] {claim.attribute_key} = {rest}"
            lines.append(line)
        parts.append(fence("\n".join(lines), kind="world-attributes",
                           note="values of this environment, stated by the user"))

    def rows(claims) -> list[dict]:
        out = []
        for claim in claims:
            row = _claim_fields(claim, rung_of(claim))
            row.update(criticality=claim.criticality, attribute_key=claim.attribute_key)
            out.append(row)
        return out

    data = {"workspace": workspace, "kms": [str(p) for p in kms],
            "constraints": rows(groups.get("constraint", [])),
            "falsified": rows(groups.get("falsified", [])),
            "attributes": rows(attributes.values()), "problems": problems}
    text = "\n\n".join(parts) if parts else (
        f"No world facts serve in this workspace ({workspace}) yet. The user adds them with "
        "`rlat capture-attribute \"...\" --kind constraint|falsified|attribute`.")
    if problems:
        text += "\n\n" + "\n".join(f"(skipped: {p})" for p in problems)
    return ToolOutput(text, data)
