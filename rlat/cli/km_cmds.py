"""`rlat build|search|refresh|trace|audit|profile`: knowledge models (.rlat).

Module-level imports stay light (typer and the shared helpers): every `rlat` invocation imports
this module, so the knowledge-model machinery is imported inside each command.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import typer

from .common import FORMAT_OPTION, OutputFormat, SearchFormat, emit_json, fail
from .groups import app

_KM_ARG = typer.Argument(..., metavar="KM", help="A knowledge model (.rlat file).")


def _km_errors(fn):
    """Run a command body, turning knowledge-model and container errors into one-line fails."""
    from ..container import ContainerError
    from ..km.store import KMError

    try:
        return fn()
    except (KMError, ContainerError) as exc:
        fail(str(exc))


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
@app.command("build")
def build(
    sources: list[Path] = typer.Argument(..., metavar="SOURCES...",
                                         help="Files and directories to build from."),
    output: Path = typer.Option(..., "-o", "--output", help="The knowledge model to write (.rlat)."),
    ext: str | None = typer.Option(None, "--ext", metavar="EXTS",
                                   help="Comma-separated file extensions to include, e.g. md,py "
                                        "(default: common text, doc and code extensions)."),
    min_chars: int = typer.Option(200, "--min-chars", help="Merge passages shorter than this."),
    max_chars: int = typer.Option(2000, "--max-chars",
                                  help="Split passages longer than this (a fenced code block "
                                       "is never split)."),
    exclude: list[str] = typer.Option([], "--exclude", metavar="GLOB",
                                      help="Leave out paths matching this gitignore-style "
                                           "pattern (relative to the sources' root). Repeatable."),
    no_gitignore: bool = typer.Option(False, "--no-gitignore",
                                      help="Do not apply .gitignore files."),
    force: bool = typer.Option(False, "--force",
                               help="Rebuild an existing knowledge model's passages (its claims "
                                    "are kept; claims citing passages that changed go stale)."),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
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
        report = _km_errors(lambda: build_km(list(sources), output, settings, progress=progress,
                                             force=force))
    finally:
        progress.close()
    if fmt is OutputFormat.json:
        emit_json(report.to_dict())
        return
    ratio = report.km_bytes / report.source_bytes if report.source_bytes else 0
    typer.echo(f"Built {output}: {report.files:,} files, {report.passages:,} passages, "
               f"{_mb(report.source_bytes)} of text → {_mb(report.km_bytes)} "
               f"({ratio:.0%}) in {report.seconds:.1f}s{_skipped_line(report.skipped)}")
    for path, reason in report.skipped_files[:10]:
        typer.echo(f"  skipped {path}: {reason}")
    if len(report.skipped_files) > 10:
        typer.echo(f"  … and {len(report.skipped_files) - 10} more skipped")
    if report.missing_inputs:
        typer.echo(f"  not found: {', '.join(report.missing_inputs)}")
    if report.stale_claims:
        typer.echo(f"  {len(report.stale_claims)} claim(s) went stale (their passages changed); "
                   f"see `rlat audit {output}`")


# ------------------------------------------------------------------------------ search
@app.command("search")
def search(
    km: Path = _KM_ARG,
    query: str = typer.Argument(..., help="What to look for."),
    top_k: int = typer.Option(10, "--top-k", "-k", min=1, help="How many passages to return."),
    fmt: SearchFormat = typer.Option(SearchFormat.text, "--format",
                                     help="text (labelled hits), json, or context (a fenced "
                                          "block for a context window)."),
    source_only: bool = typer.Option(False, "--source-only",
                                     help="Source passages alone: no claims, no lens."),
    include_stale: bool = typer.Option(False, "--include-stale",
                                       help="Also show claims whose sources drifted (marked "
                                            "STALE)."),
    lens: str | None = typer.Option(None, "--lens", metavar="L",
                                    help="Re-weigh hits through this .lens file."),
    budget: int = typer.Option(8000, "--budget", min=200,
                               help="Characters of hits in --format context (world facts are "
                                    "served in full on top)."),
) -> None:
    """Search a knowledge model. Every hit is labelled [SOURCE] (a passage) or [INSIGHT]
    (a claim built on the corpus, or a world fact) with file:lines and its score."""
    from ..km import search as km_search
    from ..km.store import KnowledgeModel

    if not query.strip():
        fail("the query is empty; say what to look for")
    lens_obj = None
    if lens and not source_only:
        try:
            lens_obj = km_search.load_lens(lens)
        except ValueError as exc:
            fail(str(exc))
    model = _km_errors(lambda: KnowledgeModel.open(km, require_build=False))
    result = _km_errors(lambda: km_search.search(
        model, query, top_k=top_k, source_only=source_only, include_stale=include_stale,
        lens=lens_obj))
    from ..km.present import render_search

    sys.stdout.write(render_search(result, model, str(km), fmt.value, budget=budget))


# ----------------------------------------------------------------------------- refresh
@app.command("refresh")
def refresh(
    km: Path = _KM_ARG,
    source_root: Path | None = typer.Option(None, "--source-root", metavar="DIR",
                                            help="Where the sources are now (if they moved)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Report what would change; write "
                                                          "nothing."),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
    """Re-chunk only the files that changed; unchanged passages keep their ids. Claims citing
    a changed or removed passage become stale (and leave search until re-verified)."""
    from ..km.build import refresh_km

    progress = _Progress("checking")
    try:
        report = _km_errors(lambda: refresh_km(km, source_root=source_root, dry_run=dry_run,
                                               progress=progress))
    finally:
        progress.close()
    if fmt is OutputFormat.json:
        emit_json(report.to_dict())
        return
    prefix = "Would refresh" if dry_run else "Refreshed"
    if report.up_to_date:
        typer.echo(f"{km} is up to date ({report.files:,} files, {report.passages:,} passages)"
                   f"{_skipped_line(report.skipped)}")
        return
    typer.echo(f"{prefix} {km}: {len(report.changed)} changed, {len(report.added)} added, "
               f"{len(report.removed)} removed file(s); passages +{report.passages_added} "
               f"-{report.passages_removed} (now {report.passages:,})"
               f"{_skipped_line(report.skipped)}")
    for label, paths in (("changed", report.changed), ("added", report.added),
                         ("removed", report.removed)):
        for p in paths[:20]:
            typer.echo(f"  {label}: {p}")
    if report.stale_claims:
        verb = "would go" if dry_run else "went"
        typer.echo(f"  {len(report.stale_claims)} claim(s) {verb} stale: "
                   f"{', '.join(c[:12] for c in report.stale_claims[:10])}")
        if not dry_run:
            typer.echo(f"  `rlat memory verify {km}` re-checks them against the new passages "
                       "(still faithful → back)")


# ------------------------------------------------------------------------------- trace
@app.command("trace")
def trace(
    km: Path = _KM_ARG,
    ref: str = typer.Argument(..., metavar="ID", help="A claim id or a passage id (or a unique "
                                                      "prefix)."),
    source_root: Path | None = typer.Option(None, "--source-root", metavar="DIR",
                                            help="Where the sources are now (if they moved)."),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
    """Follow a claim to the exact source passages it cites (file, lines, hash; verified,
    drifted or missing), or a passage back to the claims that cite it."""
    from ..km.provenance import trace as do_trace
    from ..km.store import KnowledgeModel

    model = _km_errors(lambda: KnowledgeModel.open(km, require_build=False))
    info = _km_errors(lambda: do_trace(model, ref, source_root=source_root))
    if fmt is OutputFormat.json:
        emit_json(info)
        return
    if info["kind"] == "claim":
        typer.echo(f"claim {info['id']}  ({info['type']}, {info['source']}, {info['state']}, "
                   f"{info['rung']})")
        typer.echo(f"  {info['text']}")
        if info["state"] == "stale" and info.get("state_reason"):
            typer.echo(f"  stale: {info['state_reason']}")
        if not info["citations"]:
            typer.echo("  (no citations)")
        for c in info["citations"]:
            if c.get("kind") == "passage":
                lines = c.get("lines")
                where = f"{c.get('path') or '?'}" + (f":{lines[0]}-{lines[1]}" if lines else "")
                typer.echo(f"  → passage {c['passage_id']}  {where}  hash {c.get('content_hash')}"
                           f"  [{c['status'].upper()}] {c.get('why', '')}")
                if c.get("text"):
                    for ln in c["text"].splitlines()[:6]:
                        typer.echo(f"      {ln[:110]}")
            elif c.get("kind") == "command":
                typer.echo(f"  → stated by command: {c.get('command')}")
            else:
                typer.echo(f"  → session {c.get('session_id')} message {c.get('message_id')}")
        return
    typer.echo(f"passage {info['id']}  {info['path']}:{info['lines'][0]}-{info['lines'][1]}  "
               f"hash {info['hash']}  [{info['status'].upper()}] {info['why']}")
    if not info["in_build"]:
        typer.echo("  (no longer in the current build)")
    if info.get("label"):
        typer.echo(f"  {info['label']}")
    for ln in info["text"].splitlines()[:8]:
        typer.echo(f"      {ln[:110]}")
    if info["claims"]:
        typer.echo(f"  cited by {len(info['claims'])} claim(s):")
        for c in info["claims"]:
            typer.echo(f"    {c['id'][:12]}  {c['state']:<9} {c['rung']:<8} {c['text'][:80]}")
    else:
        typer.echo("  cited by no claim")


# ------------------------------------------------------------------------------- audit
@app.command("audit")
def audit(
    km: Path = _KM_ARG,
    source_root: Path | None = typer.Option(None, "--source-root", metavar="DIR",
                                            help="Where the sources are now (if they moved)."),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
    """The trust state of a knowledge model: claims by state, rung and type; stale claims;
    orphans (claims citing passages no longer in the build); drifted sources."""
    from ..km.provenance import audit as do_audit
    from ..km.store import KnowledgeModel

    model = _km_errors(lambda: KnowledgeModel.open(km, require_build=False))
    info = _km_errors(lambda: do_audit(model, source_root=source_root))
    if fmt is OutputFormat.json:
        emit_json(info)
        return

    def counts(d: dict) -> str:
        return ", ".join(f"{k} {v}" for k, v in sorted(d.items())) or "-"

    typer.echo(f"{km}: {info['files']:,} files, {info['passages']:,} passages, "
               f"{info['claims']} claim(s)")
    typer.echo(f"  by state:  {counts(info['by_state'])}")
    typer.echo(f"  by rung:   {counts(info['by_rung'])}")
    typer.echo(f"  by type:   {counts(info['by_type'])}")
    typer.echo(f"  stale:     {len(info['stale'])}")
    for c in info["stale"][:20]:
        typer.echo(f"    {c['id'][:12]}  {c['text'][:70]}  ({c['reason']})")
    typer.echo(f"  orphans:   {len(info['orphans'])}")
    for c in info["orphans"][:20]:
        typer.echo(f"    {c['id'][:12]}  cites {len(c['missing_passages'])} missing passage(s): "
                   f"{c['text'][:60]}")
    if not info["has_build"]:
        typer.echo("  sources:   (no build: this file holds claims only)")
    elif not info["sources_checked"]:
        typer.echo(f"  sources:   not checked — {info['source_root']} not found "
                   "(pass --source-root DIR)")
    else:
        typer.echo(f"  drifted sources: {len(info['drifted_sources'])}"
                   + ("" if not info["drifted_sources"] else f" (run `rlat refresh {km}`)"))
        for d in info["drifted_sources"][:20]:
            typer.echo(f"    {d['status']}: {d['path']}")


# ----------------------------------------------------------------------------- profile
@app.command("profile")
def profile(
    km: Path = _KM_ARG,
    delete: str | None = typer.Option(None, "--delete", metavar="ID",
                                      help="Retire this claim or world fact (its history is "
                                           "kept; it stops serving)."),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
    """What a knowledge model holds: sources, passages, size, build settings, and every world
    fact (by class) and claim with its id, for review."""
    from ..km.provenance import delete_claim
    from ..km.provenance import profile as do_profile
    from ..km.store import KnowledgeModel

    model = _km_errors(lambda: KnowledgeModel.open(km, require_build=False))
    if delete:
        claim, already = _km_errors(lambda: delete_claim(model, delete))
        if fmt is OutputFormat.json:
            emit_json({"id": claim.id, "retired": True, "already": already})
        elif already:
            typer.echo(f"Claim {claim.id} was already retired.")
        else:
            typer.echo(f"Retired {claim.id} ({claim.type}): {claim.text[:80]} "
                       f"(history kept; `rlat trace {km} {claim.id[:12]}`)")
        return
    info = _km_errors(lambda: do_profile(model))
    if fmt is OutputFormat.json:
        emit_json(info)
        return
    typer.echo(f"{km}  ({_mb(info['bytes'])})")
    if info["has_build"]:
        s = info.get("settings") or {}
        typer.echo(f"  built {_when(info.get('built_at'))}"
                   + (f", refreshed {_when(info['refreshed_at'])}" if info.get("refreshed_at")
                      else ""))
        typer.echo(f"  source root: {info.get('source_root')}  (inputs: "
                   f"{', '.join(info.get('inputs') or [])})")
        typer.echo(f"  {info['files']:,} files, {info['passages']:,} passages, "
                   f"{_mb(info['source_bytes'])} of text, vocabulary {info['vocabulary']:,}, "
                   f"{info['blocks']} passage blocks")
        typer.echo(f"  settings: ext {','.join(s.get('ext') or ['(default)'])}, "
                   f"min {s.get('min_chars')} / max {s.get('max_chars')} chars, "
                   f"exclude {s.get('exclude') or '-'}, gitignore {s.get('gitignore')}")
        top = sorted(info["sources"], key=lambda x: -x["passages"])[:10]
        typer.echo("  largest sources: " + ", ".join(f"{x['path']} ({x['passages']})" for x in top))
    else:
        typer.echo("  no build (this file holds claims and world facts only)")
    wf = info.get("world_facts") or {}
    total_wf = sum(len(v) for v in wf.values())
    typer.echo(f"  world facts: {total_wf}")
    for kind in ("constraint", "falsified", "attribute"):
        rows = wf.get(kind) or []
        if not rows:
            continue
        typer.echo(f"    {kind} ({len(rows)}):")
        for row in rows:
            serving = "" if row.get("serving") else f" [{row.get('state')}, not serving]"
            key = f" {row['key']} =" if row.get("key") else ""
            typer.echo(f"      {row['id'][:12]}{key} {row['text'][:90]}{serving}")
            for old in (row.get("history") or [])[1:]:
                mark = "superseded" if old.get("superseded_by") else old.get("state")
                typer.echo(f"        {old['id'][:12]} was: {old['text'][:80]} [{mark}]")
    typer.echo(f"  claims: {len(info['claims'])}")
    for c in info["claims"]:
        typer.echo(f"    {c['id'][:12]}  {c['state']:<9} {c['rung']:<8} {c['type']:<10} "
                   f"{' '.join(c['text'].split())[:80]}")
