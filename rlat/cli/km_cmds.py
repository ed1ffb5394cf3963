"""`rlat build|search|refresh|trace|audit|profile`: knowledge models (.rlat).

Module-level imports stay light (the shared helpers): `rlat search` must start fast, so the
knowledge-model machinery each command needs is imported inside it.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from .common import FORMAT_OPTION, SEARCH_FORMATS, echo, emit_json, fail, require_words
from .parsing import Arg, IntRange, command, usage_error

KM_ARGUMENT = Arg("km", type=Path, metavar="KM", help="A knowledge model (.rlat file).")
SOURCE_ROOT_OPTION = Arg("--source-root", type=Path, metavar="DIR",
                         help="Where the sources are now (if they moved).")


def _when(ts: float | None) -> str:
    if not ts:
        return "-"
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


class _Progress:
    """A one-line progress meter on stderr when it is a terminal; silent otherwise."""

    def __init__(self, verb: str) -> None:
        self.verb = verb
        self.on = sys.stderr.isatty()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int, nbytes: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if now - self.last < 0.1 and done != total:
            return
        self.last = now
        extra = f", {_mb(nbytes)}" if nbytes else ""
        sys.stderr.write(f"\r{self.verb}: {done}/{total} files{extra}   ")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()


def _skipped_line(skipped: dict[str, int]) -> str:
    parts = [f"{n} {reason}" for reason, n in sorted(skipped.items())
             if reason not in ("other extension",)]
    return f"; skipped {', '.join(parts)}" if parts else ""


# ------------------------------------------------------------------------------- build
@command(
    Arg("sources", nargs="+", type=Path, metavar="SOURCE",
        help="Files and directories to build from."),
    Arg("-o", "--output", type=Path, required=True, help="The knowledge model to write (.rlat)."),
    Arg("--ext", metavar="EXTS",
        help="Comma-separated file extensions to include, e.g. md,py (default: common text, "
             "doc and code extensions)."),
    Arg("--min-chars", type=IntRange(1), default=200,
        help="Merge passages shorter than this."),
    Arg("--max-chars", type=IntRange(50), default=2000,
        help="Split passages longer than this (a fenced code block is never split)."),
    Arg("--exclude", action="append", default=[], metavar="GLOB",
        help="Leave out paths matching this gitignore-style pattern (relative to the sources' "
             "root). Repeatable."),
    Arg("--no-gitignore", action="store_true", help="Do not apply .gitignore files."),
    Arg("--force", action="store_true",
        help="Rebuild an existing knowledge model's passages (its claims are kept; claims "
             "citing passages that changed go stale)."),
    FORMAT_OPTION,
)
def build(sources: list[Path], output: Path, ext: str | None, min_chars: int, max_chars: int,
          exclude: list[str], no_gitignore: bool, force: bool, fmt: str) -> None:
    """Build a knowledge model: chunk the sources into passages and index them (BM25).

    Markdown is chunked by headings and paragraphs, code by top-level definitions and
    blank-line blocks, text by paragraphs. .gitignore is respected; binary files are skipped
    and counted. Progress shows on a terminal; nothing but the summary when piped."""
    from ..km.build import Settings, build_km

    exts = None
    if ext:
        exts = tuple(e.strip().lstrip(".").lower() for e in ext.split(",") if e.strip())
        if not exts:
            fail("--ext is empty; give extensions like md,py,txt")
    settings = Settings(exts=exts, min_chars=min_chars, max_chars=max_chars,
                        excludes=tuple(exclude), gitignore=not no_gitignore)
    progress = _Progress("building")
    try:
        report = build_km(list(sources), output, settings, progress=progress, force=force)
    finally:
        progress.close()
    if fmt == "json":
        emit_json(report.to_dict())
        return
    ratio = report.km_bytes / report.source_bytes if report.source_bytes else 0
    echo(f"Built {output}: {report.files:,} files, {report.passages:,} passages, "
         f"{_mb(report.source_bytes)} of text → {_mb(report.km_bytes)} "
         f"({ratio:.0%}) in {report.seconds:.1f}s{_skipped_line(report.skipped)}")
    for path, reason in report.skipped_files[:10]:
        echo(f"  skipped {path}: {reason}")
    if len(report.skipped_files) > 10:
        echo(f"  … and {len(report.skipped_files) - 10} more skipped")
    if report.missing_inputs:
        echo(f"  not found: {', '.join(report.missing_inputs)}")
    if report.stale_claims:
        echo(f"  {len(report.stale_claims)} claim(s) went stale (their passages changed); "
             f"see `rlat audit {output}`")


# ------------------------------------------------------------------------------ search
@command(
    KM_ARGUMENT.but(type=str),  # as typed: the output names the KM the way the user did
    Arg("query", help="What to look for."),
    Arg("-k", "--top-k", type=IntRange(1), default=10, help="How many passages to return (and at most as many claims)."),
    FORMAT_OPTION.but(choices=SEARCH_FORMATS,
                      help="text (labelled hits), json, or context (a fenced block for a "
                           "context window)."),
    Arg("--source-only", action="store_true", help="Source passages alone: no claims, no lens."),
    Arg("--include-stale", action="store_true",
        help="Also show claims whose sources drifted (marked STALE)."),
    Arg("--lens", metavar="L", help="Re-weigh hits through this .lens file."),
    Arg("--budget", type=IntRange(200), default=None,
        help="Characters of hits in --format context (default 8000; world facts are served in "
             "full on top)."),
)
def search(km: str, query: str, top_k: int, fmt: str, source_only: bool, include_stale: bool,
           lens: str | None, budget: int) -> None:
    """Search a knowledge model. Every hit is labelled [SOURCE] (a passage) or [INSIGHT]
    (a claim built on the corpus, or a world fact) with file:lines and its score."""
    from ..km.context import DEFAULT_BUDGET
    from ..km.present import render_search
    from ..km.search import load_lens
    from ..km.search import search as search_model
    from ..km.store import KnowledgeModel
    from ..retrieval.tokenize import tokenize

    if budget is not None and fmt != "context":
        usage_error("--budget sizes --format context; give both, or neither", "rlat search")
    require_words(query, has_words=bool(tokenize(query)), to="search for",
                  then="say what to look for")
    lens_obj = None
    if lens and not source_only:
        try:
            lens_obj = load_lens(lens)
        except ValueError as exc:  # (an unreadable lens file reaches the boundary: 3 if damaged)
            fail(str(exc))
    # An unreadable KM raises; the boundary reports it (a damaged one: exit status 3).
    model = KnowledgeModel.open(km, require_build=False)
    result = search_model(model, query, top_k=top_k, source_only=source_only,
                          include_stale=include_stale, lens=lens_obj)
    sys.stdout.write(render_search(result, model, km, fmt,
                                   budget=DEFAULT_BUDGET if budget is None else budget))


# ----------------------------------------------------------------------------- refresh
@command(
    KM_ARGUMENT,
    SOURCE_ROOT_OPTION,
    Arg("--dry-run", action="store_true", help="Report what would change; write nothing."),
    FORMAT_OPTION,
)
def refresh(km: Path, source_root: Path | None, dry_run: bool, fmt: str) -> None:
    """Re-chunk only the files that changed; unchanged passages keep their ids. Claims citing
    a changed or removed passage become stale (and leave search until re-verified)."""
    from ..km.build import refresh_km

    progress = _Progress("checking")
    try:
        report = refresh_km(km, source_root=source_root, dry_run=dry_run,
                            progress=progress)
    finally:
        progress.close()
    if fmt == "json":
        emit_json(report.to_dict())
        return
    prefix = "Would refresh" if dry_run else "Refreshed"
    if report.up_to_date:
        echo(f"{km} is up to date ({report.files:,} files, {report.passages:,} passages)"
             f"{_skipped_line(report.skipped)}")
        return
    again = (f", {len(report.rescrubbed)} read again (rlat's secret rules changed since it "
             f"was built; the files did not)" if report.rescrubbed else "")
    echo(f"{prefix} {km}: {len(report.changed)} changed, {len(report.added)} added, "
         f"{len(report.removed)} removed file(s){again}; passages +{report.passages_added} "
         f"-{report.passages_removed} (now {report.passages:,})"
         f"{_skipped_line(report.skipped)}")
    for label, paths in (("changed", report.changed), ("added", report.added),
                         ("removed", report.removed)):
        for p in paths[:20]:
            echo(f"  {label}: {p}")
    if report.stale_claims:
        verb = "would go" if dry_run else "went"
        echo(f"  {len(report.stale_claims)} claim(s) {verb} stale: "
             f"{', '.join(c[:12] for c in report.stale_claims[:10])}")
        if not dry_run:
            echo(f"  `rlat memory verify {km}` re-checks them against the new passages "
                 "(still faithful → back)")


# ------------------------------------------------------------------------------- trace
@command(
    KM_ARGUMENT,
    Arg("ref", metavar="ID", help="A claim id or a passage id (or a unique prefix)."),
    SOURCE_ROOT_OPTION,
    FORMAT_OPTION,
)
def trace(km: Path, ref: str, source_root: Path | None, fmt: str) -> None:
    """Follow a claim to the exact source passages it cites (file, lines, hash; verified,
    drifted or missing), or a passage back to the claims that cite it."""
    from ..km.provenance import trace as do_trace
    from ..km.store import KnowledgeModel

    model = KnowledgeModel.open(km, require_build=False)
    info = do_trace(model, ref, source_root=source_root)
    if fmt == "json" and info["kind"] != "claim":
        emit_json(info)
        return
    if info["kind"] == "claim":
        from .memory_present import claim_history, history_lines

        events = claim_history(km, info["id"])
        if fmt == "json":
            emit_json(info | {"history": events})
            return
        history = history_lines(events, info["id"])
        state = "purged" if info.get("purged") else info["state"]  # (as `rlat profile` says)
        echo(f"claim {info['id']}  ({info['type']}, {info['source']}, {state}, {info['rung']})")
        echo(f"  {'(text purged)' if info.get('purged') else info['text']}")
        if info["state"] == "stale" and info.get("state_reason"):
            echo(f"  stale: {info['state_reason']}")
        if not info["citations"]:
            echo("  (no citations)")
        for c in info["citations"]:
            if c.get("kind") == "passage":
                lines = c.get("lines")
                where = f"{c.get('path') or '?'}" + (f":{lines[0]}-{lines[1]}" if lines else "")
                echo(f"  → passage {c['passage_id']}  {where}  hash {c.get('content_hash')}"
                     f"  [{c['status'].upper()}] {c.get('why', '')}")
                if c.get("text"):
                    for ln in c["text"].splitlines()[:6]:
                        echo(f"      {ln[:110]}")
            elif c.get("kind") == "command":
                echo("  → stated by command" + (f": {c['command']}" if c.get("command") else
                                                 " (purged with the text)"))
            else:
                echo(f"  → session {c.get('session_id')} message {c.get('message_id')}")
        if history:
            echo("  history:")
            for line in history:
                echo(line)
        return
    echo(f"passage {info['id']}  {info['path']}:{info['lines'][0]}-{info['lines'][1]}  "
         f"hash {info['hash']}  [{info['status'].upper()}] {info['why']}")
    if not info["in_build"]:
        echo("  (no longer in the current build)")
    if info.get("label"):
        echo(f"  {info['label']}")
    for ln in info["text"].splitlines()[:8]:
        echo(f"      {ln[:110]}")
    if info["claims"]:
        echo(f"  cited by {len(info['claims'])} claim(s):")
        for c in info["claims"]:
            echo(f"    {c['id'][:12]}  {c['state']:<9} {c['rung']:<8} {c['text'][:80]}")
    else:
        echo("  cited by no claim")


# ------------------------------------------------------------------------------- audit
@command(KM_ARGUMENT, SOURCE_ROOT_OPTION, FORMAT_OPTION)
def audit(km: Path, source_root: Path | None, fmt: str) -> None:
    """The trust state of a knowledge model: claims by state, rung and type; stale claims;
    orphans (claims citing passages not in the build, unless re-verified against one that is); drifted sources."""
    from ..km.provenance import audit as do_audit
    from ..km.store import KnowledgeModel

    model = KnowledgeModel.open(km, require_build=False)
    info = do_audit(model, source_root=source_root)
    if fmt == "json":
        emit_json(info)
        return

    def counts(d: dict) -> str:
        return ", ".join(f"{k} {v}" for k, v in sorted(d.items())) or "-"

    echo(f"{km}: {info['files']:,} files, {info['passages']:,} passages, "
         f"{info['claims']} claim(s)")
    echo(f"  by state:  {counts(info['by_state'])}")
    echo(f"  by rung:   {counts(info['by_rung'])}")
    echo(f"  by type:   {counts(info['by_type'])}")
    echo(f"  stale:     {len(info['stale'])}")
    for c in info["stale"][:20]:
        echo(f"    {c['id'][:12]}  {c['text'][:70]}  ({c['reason']})")
    echo(f"  orphans:   {len(info['orphans'])}")
    for c in info["orphans"][:20]:
        echo(f"    {c['id'][:12]}  cites {len(c['missing_passages'])} missing passage(s): "
             f"{c['text'][:60]}")
    if not info["has_build"]:
        echo("  sources:   (no build: this file holds claims only)")
    elif not info["sources_checked"]:
        echo(f"  sources:   not checked — {info['source_root']} not found "
             "(pass --source-root DIR)")
    else:
        echo(f"  drifted sources: {len(info['drifted_sources'])}"
             + ("" if not info["drifted_sources"] else f" (run `rlat refresh {km}`)"))
        for d in info["drifted_sources"][:20]:
            echo(f"    {d['status']}: {d['path']}")


# ----------------------------------------------------------------------------- profile
@command(
    KM_ARGUMENT,
    Arg("--delete", metavar="ID",
        help="Retire this claim or world fact (its history is kept; it stops serving)."),
    FORMAT_OPTION,
)
def profile(km: Path, delete: str | None, fmt: str) -> None:
    """What a knowledge model holds: sources, passages, size, build settings, and every world
    fact (by class) and claim with its id, for review."""
    from ..km.provenance import delete_claim
    from ..km.provenance import profile as do_profile
    from ..km.store import KnowledgeModel

    model = KnowledgeModel.open(km, require_build=False)
    if delete:
        claim, already = delete_claim(model, delete)
        if fmt == "json":
            emit_json({"id": claim.id, "retired": True, "already": already})
        elif already:
            echo(f"Claim {claim.id} was already retired.")
        else:
            echo(f"Retired {claim.id} ({claim.type}): {claim.text[:80]} "
                 f"(history kept; `rlat trace {km} {claim.id[:12]}`)")
        return
    info = do_profile(model)
    if fmt == "json":
        emit_json(info)
        return
    echo(f"{km}  ({_mb(info['bytes'])})")
    if info["has_build"]:
        s = info.get("settings") or {}
        echo(f"  built {_when(info.get('built_at'))}"
             + (f", refreshed {_when(info['refreshed_at'])}" if info.get("refreshed_at")
                else ""))
        echo(f"  source root: {info.get('source_root')}  (inputs: "
             f"{', '.join(info.get('inputs') or [])})")
        echo(f"  {info['files']:,} files, {info['passages']:,} passages, "
             f"{_mb(info['source_bytes'])} of text, vocabulary {info['vocabulary']:,}, "
             f"{info['blocks']} passage blocks")
        echo(f"  settings: ext {','.join(s.get('ext') or ['(default)'])}, "
             f"min {s.get('min_chars')} / max {s.get('max_chars')} chars, "
             f"exclude {s.get('exclude') or '-'}, gitignore {s.get('gitignore')}")
        top = sorted(info["sources"], key=lambda x: -x["passages"])[:10]
        echo("  largest sources: " + ", ".join(f"{x['path']} ({x['passages']})" for x in top))
    else:
        echo("  no build (this file holds claims and world facts only)")
    wf = info.get("world_facts") or {}
    total_wf = sum(len(v) for v in wf.values())
    echo(f"  world facts: {total_wf}")
    for kind in ("constraint", "falsified", "attribute"):
        rows = wf.get(kind) or []
        if not rows:
            continue
        echo(f"    {kind} ({len(rows)}):")
        for row in rows:
            serving = "" if row.get("serving") else \
                f" [{'purged' if row.get('purged') else row.get('state')}, not serving]"
            key = f" {row['key']} =" if row.get("key") else ""
            text = "(text purged)" if row.get("purged") else row["text"][:90]
            echo(f"      {row['id'][:12]}{key} {text}{serving}")
            for old in (row.get("history") or [])[1:]:
                mark = "superseded" if old.get("superseded_by") else old.get("state")
                echo(f"        {old['id'][:12]} was: {old['text'][:80]} [{mark}]")
    echo(f"  claims: {len(info['claims'])}")
    for c in info["claims"]:
        echo(f"    {c['id'][:12]}  {c['state']:<9} {c['rung']:<8} {c['type']:<10} "
             f"{' '.join(c['text'].split())[:80]}")
