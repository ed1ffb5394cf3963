"""Corpus claims from the command line: `rlat deep-search KM "question"` and
`rlat memory verify [KM]`.

Glue only: the research loop is ``rlat.km.deepsearch``, the gate ``rlat.km.faithful``, the
checks ``rlat.km.verify``, the events ``rlat.trust.verify``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..render.terminal import terminal_safe
from .common import (
    FORMAT_OPTION,
    current_cwd,
    emit_json,
    fail,
    require_words,
    short_text,
    store_path,
)
from .km_cmds import KM_ARGUMENT
from .parsing import Arg, IntRange, command


def _say(message: str) -> None:
    sys.stderr.write(f"rlat: {message}\n")
    sys.stderr.flush()


def _provider(no_model: bool, what: str, fallback: str = "deterministic checks only"):
    """The LLM provider, or None (the deterministic path) with one line on stderr saying why."""
    if no_model:
        return None
    from ..llm.provider import ProviderError, get_provider, unavailable_reason

    why = unavailable_reason()
    if why is None:
        try:
            return get_provider()
        except ProviderError as exc:
            why = str(exc)
    _say(f"{what} runs without a model ({why}): {fallback}")
    return None


def _link(km: Path) -> None:
    """Remember the KM for this workspace, so the hooks' worker re-checks it when its sources
    change (best effort)."""
    try:
        from ..workspace import workspace_id
        from ..world import link_km

        link_km(workspace_id(current_cwd()), km)
    except OSError:
        pass


# --------------------------------------------------------------------------- deep-search
@command(
    KM_ARGUMENT,
    Arg("question", help="The question to research."),
    Arg("--max-hops", type=IntRange(1, 10), default=3,
        help="At most this many retrieve-read-follow-up rounds."),
    FORMAT_OPTION,
    Arg("--dry-run", action="store_true", help="Research and gate, but store no claim."),
    Arg("--no-model", action="store_true",
        help="The deterministic path even when a model is available (a key or the claude CLI)."),
)
def deep_search(km: Path, question: str, max_hops: int, fmt: str, dry_run: bool,
                no_model: bool) -> None:
    """Multi-hop research over a knowledge model: retrieve, read, follow up, answer with
    citations. Every statement of the answer must pass the faithfulness gate (it traces to
    the passage it cites); those that do are stored as corpus claims (type insight) and serve
    at once, marked PROVISIONAL until they earn trust. Progress goes to stderr. Without a
    model (no ANTHROPIC_API_KEY and no claude CLI on PATH, or --no-model) the answer is
    extractive (sentences of the passages read)."""
    from ..km.deepsearch import deep_search as run
    from ..km.store import KnowledgeModel
    from ..retrieval.tokenize import tokenize

    require_words(question, has_words=bool(tokenize(question)), to="research",
                  then="say what to research")
    model = KnowledgeModel.open(km)
    provider = _provider(no_model, "deep-search",
                         "an extractive answer, deterministic checks only")
    result = run(model, question, max_hops=max_hops, provider=provider, save=not dry_run,
                 progress=lambda m: _say(m))
    for note in result.notes:
        _say(note)
    if result.kept and not dry_run:
        _link(km)
    data = result.to_dict()
    if fmt == "json":
        emit_json(data)
        return
    out = [f"Question: {question}"]
    if not result.kept:
        out.append("No faithful answer: nothing read traces to the question"
                   + (" (every statement failed the faithfulness gate)." if result.statements
                      else "."))
    else:
        out.append("Answer:")
        for row in data["answer"]:
            refs = "".join(f"[{n}]" for n in row["cites"] if n)
            out.append(f"  {short_text(row['text'], 200)} {refs}")
        out.append("Sources:")
        for src in data["sources"]:
            lines = src["lines"]
            where = f"{src['path']}:{lines[0]}-{lines[1]}" if lines[0] != lines[1] \
                else f"{src['path']}:{lines[0]}"
            head = f"  {src['heading']}" if src["heading"] else ""
            out.append(f"  [{src['n']}] {where}{head}  (passage {src['passage_id']})")
    if result.dropped:
        out.append(f"Dropped by the faithfulness gate ({len(result.dropped)}):")
        for s in result.dropped:
            out.append(f"  - {short_text(s.text)}  ({s.verdict.reason if s.verdict else '?'})")
    if result.kept:
        if dry_run:
            out.append(f"Dry run: {len(result.kept)} corpus claim(s) would be stored.")
        else:
            stored: dict[str, int] = {}
            for s in result.kept:
                stored[s.stored] = stored.get(s.stored, 0) + 1
            words = {"new": "new", "known": "already known", "back": "re-verified (stale → back)",
                     "retired": "retired earlier (left retired)",
                     "more evidence": "known, now citing one more passage"}
            parts = ", ".join(f"{n} {words.get(k, k)}" for k, n in stored.items())
            out.append(f"Corpus claims in {km}: {parts}. They serve now as PROVISIONAL "
                       f"(rung medium) in `rlat search {km} \"…\"`.")
    sys.stdout.write(terminal_safe("\n".join(out) + "\n"))


# ------------------------------------------------------------------------- memory verify
@command(
    KM_ARGUMENT.but(nargs="?", help="The knowledge model to check against (default: the KMs "
                                    "linked to this workspace)."),
    Arg("--claim", action="append", default=[], metavar="ID",
        help="Check only this claim (id or unique prefix). Repeatable."),
    Arg("--all-workspaces", action="store_true",
        help="Check every workspace's claims, not only this one's."),
    Arg("--dry-run", action="store_true", help="Report; write nothing."),
    Arg("--no-model", action="store_true",
        help="Deterministic checks only, even when a model is available."),
    FORMAT_OPTION,
)
def verify(km: Path | None, claim: list[str], all_workspaces: bool, dry_run: bool,
           no_model: bool, fmt: str) -> None:
    """Check experience claims against a knowledge model with the faithfulness gate: a claim
    a passage entails gains corpus points (+1.5); one a passage contradicts (same subject, a
    number differs or the negation flips) loses them (-2.0); one the KM does not mention is
    left alone. Each check counts once per passage version. The KM's own stale corpus claims
    are re-checked too: one still faithful to its source's current passage comes back."""
    from ..claims.log import ClaimLog
    from ..km import verify as kv
    from ..km.store import KnowledgeModel
    from ..workspace import workspace_id

    paths = [km] if km is not None else _linked_kms()
    if not paths:
        fail("no knowledge model to verify against: pass KM (one built with `rlat build`), or "
             "run `rlat deep-search KM …` here once to link it to this workspace")
    provider = _provider(no_model, "memory verify")
    workspace = None if all_workspaces else workspace_id(current_cwd())
    only = None
    if claim:
        from .common import resolve_claim

        state = ClaimLog(store_path()).state()
        only = [resolve_claim(state, ref).id for ref in claim]
    reports = []
    for path in paths:
        model = KnowledgeModel.open(path)
        mine = kv.verify_store(
            store_path(), model, workspace=workspace, provider=provider, dry_run=dry_run,
            only=only)
        stale = kv.reverify_stale(path, provider=provider, dry_run=dry_run)
        reports.append((path, mine, stale))
        if not dry_run and km is not None:
            _link(km)
    for _path, mine, stale in reports:
        for note in {mine.model_note, stale.model_note} - {""}:
            _say(note)
    if fmt == "json":
        emit_json({"store": str(store_path()), "dry_run": dry_run,
                   "kms": [{"km": str(p), "experience": m.to_dict(), "stale_corpus": s.to_dict()}
                           for p, m, s in reports]})
        return
    marks = {"good": "+ verified", "bad": "- contradicted", "back": "+ back",
             "counted before": "= counted before", "nothing": "  not in the KM"}
    lines = []
    for path, mine, stale in reports:
        lines.append(f"Against {path}:")
        for check in mine.checks + stale.checks:
            mark = marks.get(check.outcome, check.outcome)
            lines.append(f"  {mark:<17} {check.claim.id[:12]}  {short_text(check.claim.text, 70)}")
            if check.passage is not None and check.status != "unsupported":
                lines.append(f"  {'':<17} {'':<12}  {check.passage.where}: {check.reason}")
        counts: dict[str, int] = {}
        for report in (mine, stale):
            for k, n in report.counts().items():
                counts[k] = counts.get(k, 0) + n
        checked = len(mine.checks) + len(stale.checks)
        words = {"good": "verified", "bad": "contradicted", "back": "back from stale",
                 "nothing": "not in the KM"}
        summary = ", ".join(f"{n} {words.get(k, k)}" for k, n in counts.items()) \
            or "nothing to check"
        tail = " (dry run: nothing written)" if dry_run else ""
        lines.append(f"Checked {checked} claim(s): {summary}{tail}.")
    sys.stdout.write(terminal_safe("\n".join(lines) + "\n"))


def _linked_kms() -> list[Path]:
    """The built KMs linked to this workspace (world facts captured, deep-search, verify)."""
    from ..workspace import workspace_id
    from ..world import linked_kms

    out = []
    for path in linked_kms(workspace_id(current_cwd())):
        if path.is_file():
            try:
                from ..km.store import KnowledgeModel

                if KnowledgeModel.open(path, require_build=False).has_build:
                    out.append(path)
            except Exception:  # noqa: BLE001 - a broken linked KM is skipped, not fatal
                continue
    return out


# ---------------------------------------------------------------- memory consolidate --km
class KMPlan:
    def __init__(self, path: Path, plan) -> None:
        self.path = path
        self.plan = plan
        self.label = f" in {path}"

    def to_dict(self) -> dict:
        return {"km": str(self.path), **self.plan.to_dict()}


def consolidate_kms(paths: list[Path], *, dry_run: bool, lock_timeout: float) -> list[KMPlan]:
    """`rlat memory consolidate` over knowledge models: ``paths``, or (none given) the built
    KMs linked to this workspace. A KM that cannot be read is one line on stderr, not a stop."""
    from ..container import ContainerError
    from ..km.store import KMError
    from ..km.verify import consolidate_km

    explicit = bool(paths)
    if not explicit:
        paths = _linked_kms()
    out = []
    for path in paths:
        try:
            plan = consolidate_km(path, dry_run=dry_run, lock_timeout=lock_timeout)
        except (KMError, ContainerError) as exc:
            if explicit:
                raise  # (the boundary gives it its status: damaged 3, locked 4)
            _say(f"{path} not consolidated: {exc}")
            continue
        out.append(KMPlan(path, plan))
    return out
