"""`rlat doctor`, `rlat compact`, `rlat merge-driver`, `rlat install-merge-driver`, `rlat workspace`."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from ..claims import fold
from ..claims.readmodel import damage as read_model_damage
from ..claims.rewrite import (
    build_file,
    current_build_records,
    newest_build,
    read_all,
    salvaged_events,
    union_events,
)
from ..claims.rewrite import (
    compact as compact_file,
)
from ..claims.shapes import malformed
from ..container import Container, ContainerError, salvage
from ..container.file import RLAT_MAGIC, check_replaceable
from ..km.store import BUILD_RECORD_TYPES, orphaned_build, refuse_orphaned_build
from ..workspace import describe
from .common import FORMAT_OPTION, current_cwd, echo, emit_json, fail, project_dir, store_path
from .parsing import Arg, command


@command(
    Arg("path", nargs="?", type=Path, help="A .rlat file (default: your memory store)."),
    Arg("--purge", action="append", default=[], metavar="ID",
        help="Remove this claim's text from the file entirely (privacy purge). Repeatable."),
    FORMAT_OPTION,
)
def compact(path: Path | None, purge: list[str], fmt: str) -> None:
    """Rewrite a .rlat file atomically: fewer records, one fresh snapshot, same claims.

    Older builds' records and superseded snapshots are dropped; the fresh snapshot is kept as
    well as the events (it is what `rlat doctor` restores claims from when an event record is
    damaged), so a small file with few events can come out a little larger. A damaged file
    (cut short, a record corrupt) is refused, unchanged: `rlat doctor` repairs it first."""
    target = store_path(path)
    if not target.exists():
        if path is None:
            fail(f"no memory store yet at {target}: nothing to compact (claims arrive with "
                 "`rlat memory add` or the hooks: `rlat memory install-hooks`)")
        fail(f"{target}: no such file")
    state = None
    quoting: list[str] = []
    if purge:
        from ..claims.log import ClaimLog
        from ..claims.model import quoting_records

        state = ClaimLog(target).state()
        resolved: list[str] = []
        for ref in purge:
            matches = [cid for cid in state.claims if cid.startswith(ref.lower())]
            if len(matches) != 1:
                fail(f"--purge {ref!r} matches {len(matches)} claims; give a unique id")
            resolved.append(matches[0])
        # the session records that quote a purged fact lose their text too: the words the
        # user wants gone would stay in the file (and be served) through them
        quoting = [c.id for cid in dict.fromkeys(resolved)
                   for c in quoting_records(state.claims.values(), state.claims[cid],
                                            retired=True) if c.id not in resolved]
        quoting = list(dict.fromkeys(quoting))
        purge = list(dict.fromkeys(resolved)) + quoting
    report = compact_file(target, purge, refuse=refuse_orphaned_build)
    if fmt == "json":
        emit_json({"path": str(target), **report})
    else:
        grew = report["bytes_after"] > report["bytes_before"]
        echo(f"Compacted {target}: {report['bytes_before']:,} → {report['bytes_after']:,} bytes, "
             f"{report['events']:,} events kept"
             + (f", purged {len(purge)} claim text(s)" if purge else "")
             + (f" ({len(quoting)} of them session records quoting it)" if purge and quoting
                else "")
             + (" (larger: a fresh snapshot of the claims was added beside the events, as a "
                "backup `rlat doctor` restores from)" if grew else ""))


@command(
    Arg("paths", nargs="*", type=Path, metavar="PATH",
        help="Files to check (default: your memory store)."),
    Arg("--repair", action="store_true", default=True,
        help="Repair what can be repaired (a backup is kept as FILE.bak); the default."),
    Arg("--check-only", dest="repair", action="store_false",
        help="Only check and report; change nothing."),
    FORMAT_OPTION,
    one_of=(("--check-only", "--repair"),),
)
def doctor(paths: list[Path], repair: bool, fmt: str) -> int:
    """Check .rlat files record by record; salvage intact records from a damaged one."""
    from .errors import DAMAGED, USER_ERROR

    targets = list(paths) if paths else [store_path(None)]
    reports = []
    worst = 0
    for target in targets:
        report = _doctor_one(Path(target), repair)
        if report["status"] == "missing" and paths:  # a file named on the command line
            report = {**report, "status": "error", "summary": "no such file"}
        reports.append(report)
        # exit statuses: rlat.cli.errors (a damaged file left unrepaired: DAMAGED)
        worst = max(worst, {"ok": 0, "repaired": 0, "missing": 0,
                            "damaged": DAMAGED}.get(report["status"], USER_ERROR))
    if fmt == "json":
        emit_json({"files": reports})
    else:
        for report in reports:
            line = f"{report['path']}: {report['status']} — {report['summary']}"
            if report["status"] == "error" and not report.get("problems"):
                echo(f"rlat: error: {report['path']}: {report['summary']}", err=True)
                continue
            echo(line)
            for problem in report.get("problems", []):
                echo(f"  - {problem}")
    return worst


def _doctor_one(target: Path, repair: bool) -> dict:
    report: dict = {"path": str(target), "problems": []}
    if not target.exists():
        return {**report, "status": "missing", "summary": "no file yet (nothing to check)"}
    if target.is_dir():
        return {**report, "status": "error", "summary": "is a directory, not an rlat file"}
    if not target.is_file():  # (a device or a FIFO: reading it never ends, or never returns)
        return {**report, "status": "error",
                "summary": "is not a regular file (a device, a pipe or a socket), not an rlat file"}
    container = Container(target)
    try:
        scan = container.scan()
        records = 0
        for ref in scan.refs:
            container.read(ref)
            records += 1
        events = [e for _r, b in container.records([1]) for e in b.get("events", ())]
        state = fold(events)
        damage = orphaned_build(container)
        if damage:
            return _drop_orphaned_build(report, target, damage, repair)
        if scan.torn_bytes:
            report["problems"].append(f"{scan.torn_bytes} bytes of a torn final record")
            if repair:
                container.append([])  # the writer's tail check truncates the torn record
                return {**report, "status": "repaired",
                        "summary": f"truncated a torn final record; {records} records, "
                                   f"{len(state.claims)} claims intact"}
            return {**report, "status": "damaged", "summary": "torn final record (run without --check-only to repair)"}
        if state.malformed:  # (after the torn tail: the rewrite that drops them refuses one)
            return _drop_malformed(report, target, events, repair)
        summary = f"{records} records, {len(events)} events, {len(state.claims)} claims"
        report["problems"].extend(_secrets_held(state, target))
        cache = read_model_damage(target)
        if cache:
            return _rebuild_read_model(report, target, cache, summary, repair)
        return {**report, "status": "ok", "summary": summary}
    except ContainerError as exc:
        report["problems"].append(exc.problem)
        if not repair:
            return {**report, "status": "damaged", "summary": exc.problem}
        # Under the store's lock from the read to the rename: a writer's append check reads
        # only the last record, so hooks and `rlat memory add` go on appending to a file
        # damaged further in, and what they appended after the salvage read would be lost.
        with container.locked():
            try:
                kept, problems = salvage(target)
            except ContainerError as exc2:
                return {**report, "status": "error",
                        "summary": f"cannot salvage: {exc2.problem}"}
            report["problems"].extend(problems)
            backup = _keep_original(target)
            events, restored = salvaged_events(kept)
            # Build records without the table of contents that named them are unusable (a KM
            # is rebuilt from its sources); keep the rest.
            build_file(target, events, [(rtype, body) for rtype, body in kept
                                        if rtype not in (1, 2, 6)
                                        and rtype not in BUILD_RECORD_TYPES])
        again = f", {restored} claim(s) restored from an intact snapshot" if restored else ""
        return {**report, "status": "repaired",
                "summary": f"salvaged {len(events) - restored} events from {len(kept)} intact "
                           f"records{again}; original kept at {backup}"}


def _secrets_held(state, target: Path) -> list[str]:
    """A line for each claim whose text or cited excerpts today's secret rules would redact:
    stored by an older rlat, whose scrubber did not know that form. Nothing rewrites a stored
    claim's text (its id is the redacted text's), so the person purges it."""
    from ..scrub import scrub_many

    claims = [c for c in state.claims.values() if not c.purged]
    texts = [[c.text, *(e.get("excerpt") or "" for e in c.evidence)] for c in claims]
    flat = scrub_many([t for ts in texts for t in ts])
    lines, at = [], 0
    for claim, own in zip(claims, texts, strict=True):
        found = {f.rule for result in flat[at:at + len(own)] for f in result.findings}
        at += len(own)
        if found:
            lines.append(f"claim {claim.id[:12]} holds what today's secret rules redact "
                         f"({', '.join(sorted(found))}; stored by an older rlat): "
                         f"`rlat compact --purge {claim.id[:12]} {target}` removes its text")
    return lines


def _keep_original(target: Path) -> Path:
    """Copy ``target`` to ``NAME.bak`` before a repair rewrites it; the copy's path.

    An earlier repair's backup is never replaced (it may be the only copy of a record that
    repair dropped): the copy then goes to ``NAME.1.bak``, ``NAME.2.bak``, … The copy is on
    disk (fsynced) before the repair renames anything over the original."""
    for n in range(10_000):
        backup = target.with_name(f"{target.name}.{n}.bak" if n else f"{target.name}.bak")
        try:  # (user-only until it takes the original's mode: it holds claim text)
            out = os.fdopen(os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb")
        except FileExistsError:
            continue
        try:
            with out, open(target, "rb") as src:
                shutil.copyfileobj(src, out, 1 << 20)
                out.flush()
                os.fsync(out.fileno())
            shutil.copystat(target, backup)
        except BaseException:
            backup.unlink(missing_ok=True)
            raise
        return backup
    fail(f"{target}: 10,000 backups of earlier repairs sit beside it; move some away")


def _rebuild_read_model(report: dict, target: Path, damage: str, summary: str,
                        repair: bool) -> dict:
    """The store is sound but its read model (a cache beside it) is not: readers set such a
    file aside when it fails them, but one that decodes into wrong claims would not fail."""
    report["problems"].append(damage)
    if not repair:
        return {**report, "status": "damaged",
                "summary": f"{summary}; its read model (a cache) is damaged (run without "
                           f"--check-only to rebuild it)"}
    from ..claims.readmodel import discard
    from ..retrieval.readmodel import build_read_model

    discard(target)
    build_read_model(target)
    return {**report, "status": "repaired", "summary": f"{summary}; rebuilt its read model"}


def _drop_malformed(report: dict, target: Path, events: list[dict], repair: bool) -> dict:
    """Events the fold cannot read (``rlat.claims.shapes``; a copied or merged file, a buggy
    writer): the fold skips them already, so dropping them changes no claim."""
    reasons: dict[str, int] = {}
    for event in events:
        reason = malformed(event)
        if reason is not None:
            reasons[reason] = reasons.get(reason, 0) + 1
    count = sum(reasons.values())
    said = ", ".join(f"{n} {why}" if n > 1 else why for why, n in reasons.items())
    report["problems"].append(f"{count} event(s) the fold cannot read ({said})")
    if not repair:
        return {**report, "status": "damaged",
                "summary": f"{count} unreadable event(s), skipped by every reader (run without "
                           f"--check-only to drop them)"}
    backup = _keep_original(target)
    compact_file(target)  # (its rewrite keeps only the events the fold reads)
    return {**report, "status": "repaired",
            "summary": f"dropped {count} unreadable event(s), every claim kept; original kept "
                       f"at {backup}"}


def _drop_orphaned_build(report: dict, target: Path, damage: str, repair: bool) -> dict:
    """A knowledge model cut short (its build records lost their table of contents): keep its
    claims, drop the unusable build records, and say how to rebuild."""
    report["problems"].append(damage)
    if not repair:
        return {**report, "status": "damaged",
                "summary": f"truncated knowledge model: {damage} (run without --check-only to "
                           f"keep its claims and drop the partial build)"}
    with Container(target).locked():  # (no append lost: see the salvage)
        backup = _keep_original(target)
        events = [e for _r, b in Container(target).records([1]) for e in b.get("events", ())]
        build_file(target, events, [])
    return {**report, "status": "repaired",
            "summary": f"dropped a truncated knowledge-model build, kept {len(events)} claim "
                       f"event(s); original kept at {backup}; rebuild it with "
                       f"`rlat build SOURCES… -o {target}`"}


@command(
    Arg("base", type=Path, help="%O: the common ancestor."),
    Arg("ours", type=Path, help="%A: our version; the result is written here."),
    Arg("theirs", type=Path, help="%B: their version."),
)
def merge_driver(base: Path, ours: Path, theirs: Path) -> None:
    """Git merge driver for *.rlat: the union of both sides' events (append-only logs merge)."""
    # (git always passes our and their versions as files; a base may be missing or empty)
    missing = [str(side) for side in (ours, theirs) if not side.exists() and not side.is_symlink()]
    if missing:
        fail(f"no such file: {', '.join(missing)} (git runs this with its versions of a .rlat "
             "file: `rlat install-merge-driver` sets that up)")
    try:
        sides = []
        for side in (base, ours, theirs):
            if side.exists() and side.stat().st_size > 0:
                # A side this rlat may read but not write would lose what its newer writer added.
                check_replaceable(side, RLAT_MAGIC)
                sides.append(read_all(side))
            else:
                sides.append(([], []))
    except ContainerError as exc:
        fail(f"cannot merge: {exc}")
    events = union_events(*(events for events, _ in sides))
    build = newest_build(sides[1][1], sides[2][1]) or current_build_records(sides[0][1])
    build_file(ours, events, build)


@command(Arg("--repo", type=Path, default=Path("."), help="The git repository to configure."),
         FORMAT_OPTION)
def install_merge_driver(repo: Path, fmt: str, settings) -> None:
    """Register the *.rlat merge driver in a repository (.gitattributes + git config)."""
    repo = repo.resolve()
    try:
        subprocess.run(["git", "-C", str(repo), "rev-parse", "--git-dir"], check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        fail(f"{repo} is not a git repository")
    from ..special_files import NotRegularFile, read_regular
    from .launch import rlat_command

    attributes = repo / ".gitattributes"
    line = "*.rlat merge=rlat -diff -text"
    existing: list[str] = []
    if attributes.exists():  # (read first: nothing is configured for a file it cannot use)
        try:
            existing = read_regular(attributes).decode("utf-8").splitlines()
        except NotRegularFile as exc:
            fail(f"{attributes} is {exc.kind}, not a file; move it, then run this again")
    name = "rlat: union of append-only claim logs"
    # Not a bare `rlat`: git runs the driver with whatever PATH it has (rlat.cli.launch).
    driver = rlat_command(settings, "merge-driver", "%O", "%A", "%B")
    changed = line not in existing
    for key, value in (("merge.rlat.name", name), ("merge.rlat.driver", driver)):
        was = subprocess.run(["git", "-C", str(repo), "config", "--get", key],
                             capture_output=True, text=True)
        changed |= was.returncode != 0 or was.stdout.rstrip("\n") != value
        subprocess.run(["git", "-C", str(repo), "config", key, value], check=True)
    if line not in existing:
        with open(attributes, "a", encoding="utf-8") as fh:
            if existing and existing[-1] != "":
                fh.write("\n")
            fh.write(line + "\n")
    if fmt == "json":
        emit_json({"repo": str(repo), "gitattributes": str(attributes), "attribute": line,
                   "driver": driver, "changed": changed})
        return
    echo(f"Registered the rlat merge driver in {repo} (.gitattributes: {line})")


@command(
    Arg("path", nargs="?", type=Path,
        help="A project directory on this machine (default: the current one)."),
    FORMAT_OPTION,
)
def workspace(path: Path | None, fmt: str) -> None:
    """Show the workspace id claims learned here are tagged with."""
    info = describe(project_dir(path) or current_cwd())
    if fmt == "json":
        emit_json(info)
    else:
        echo(f"{info['workspace']}\n  root: {info['root']}\n  kind: {info['kind']}")

