"""`rlat lens create|show|set-trust|prefer|set-stance|learn|compose|apply`."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from .. import world
from ..claims.ids import fingerprint
from ..claims.log import ClaimLog
from ..claims.model import Claim
from ..container import ContainerError
from ..lens import learn as learning
from ..lens.file import check_output, lens_from_toml, now, read_lens, write_lens
from ..lens.model import (
    MAX_WEIGHT,
    MIN_WEIGHT,
    Lens,
    LensError,
    Resolver,
    check_fingerprint,
    compose,
)
from ..paths import memory_store_path
from ..render.terminal import quoted
from ..workspace import workspace_id
from .common import FORMAT_OPTION, current_cwd, echo, emit_json, fail, read_stdin_text
from .parsing import Arg, FloatRange, command, usage_error

LENS_ARGUMENT = Arg("path", type=Path, metavar="LENS", help="A .lens file.")
WEIGHT_ARGUMENT = Arg("weight", type=FloatRange(MIN_WEIGHT, MAX_WEIGHT), nargs="?",
                      help=f"1 neutral, >1 lean on, <1 lean away, 0 exclude (from "
                           f"{MIN_WEIGHT:g} to {MAX_WEIGHT:g}).")
FORCE_OPTION = Arg("--force", action="store_true", help="Replace an existing file.")


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M") if ts else "-"


def _load(path: Path) -> Lens:
    if not path.exists():
        fail(f"{path}: no such lens; create one with `rlat lens create --name NAME -o {path}`")
    return read_lens(path)


def _save(path: Path, lens: Lens) -> None:
    write_lens(path, lens)


def _lens_error(exc: LensError) -> None:
    fail(str(exc))


# ----------------------------------------------------------------------------------- create
@command(
    Arg("--name", help="Whose perspective this is (e.g. reviewer)."),
    Arg("--stance", type=Path, metavar="FILE",
        help="A text file describing how this lens reads the corpus (- for stdin). With "
             "--from, the stance is the TOML file's."),
    Arg("--from", dest="source", type=Path, metavar="LENS.TOML",
        help="Build from the human-editable source form instead."),
    Arg("-o", "--output", type=Path,
        help="The .lens file to write (with --from: default is the TOML file's name with "
             ".lens)."),
    FORCE_OPTION,
    FORMAT_OPTION,
    one_of=(("--stance", "--from"),),
)
def create(name: str | None, stance: Path | None, source: Path | None, output: Path | None,
           force: bool, fmt: str) -> None:
    """Create a lens: a portable perspective (source patterns, preferred claims, a stance).

    Examples:
      rlat lens create --name reviewer --stance stance.md -o reviewer.lens
      rlat lens create --from lenses/reviewer.toml -o reviewer.lens
    """
    try:
        if source is not None:
            lens = lens_from_toml(source)
            if name:
                lens.name = lens.own().name = name
            out = output or source.with_suffix(".lens")
        else:
            if not name:
                fail("give the lens a --name (or build it --from a lens.toml)")
            if output is None:
                fail("give the output file with -o NAME.lens")
            text = ""
            if stance is not None:
                text = _read_stance(stance)
            lens = Lens.new(name, stance=text, now=now())
            out = output
        check_output(out, force=force)
        _save(out, lens)
    except LensError as exc:
        _lens_error(exc)
    if fmt == "json":
        emit_json({"path": str(out), **lens.to_dict()})
    else:
        own = lens.own()
        echo(f"Created lens {lens.name!r} ({lens.id}) at {out}: "
             f"{len(own.sources)} source pattern(s), {len(own.claims)} claim(s)"
             + (", with a stance" if own.stance else ""))


def _read_stance(path: Path) -> str:
    if str(path) == "-":
        return read_stdin_text()
    from ..special_files import read_regular

    try:
        return read_regular(path).decode("utf-8")  # (a FIFO would block: refused)
    except FileNotFoundError:
        fail(f"{path}: no such stance file")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{path}: cannot read the stance ({getattr(exc, 'strerror', None) or exc})")
    return ""


# ------------------------------------------------------------------------------------ show
@command(LENS_ARGUMENT, FORMAT_OPTION)
def show(path: Path, fmt: str) -> None:
    """Show a lens: its contributors and stances, and every weight with who said what."""
    lens = _load(path)
    if fmt == "json":
        emit_json({"path": str(path), **lens.to_dict()})
        return
    for line in show_lines(lens):
        echo(line)


def show_lines(lens: Lens) -> list[str]:
    contributors = lens.ordered_contributors()
    lines = [f"lens {lens.name!r}  id {lens.id}  updated {_when(lens.updated_at)}  "
             f"{len(contributors)} contributor(s)"]
    names = {c.id: c.name for c in contributors}
    dup = {n for n in names.values() if list(names.values()).count(n) > 1}

    def who(cid: str, name: str) -> str:
        return f"{name}#{cid[:6]}" if name in dup else name

    lines.append("")
    lines.append("Contributors:")
    for c in contributors:
        lines.append(f"  {who(c.id, c.name)}  (revision {c.revision}, {len(c.sources)} pattern(s), "
                     f"{len(c.claims)} claim(s){', this lens' if c.id == lens.id else ''})")
        if c.stance:
            for row in c.stance.splitlines():
                lines.append(f"      | {row}")
    sources = lens.effective_sources()
    claims = lens.effective_claims()
    lines.append("")
    if sources:
        lines.append("Sources (weight used for ranking = median of the votes; the most specific "
                     "matching pattern decides a path):")
        width = min(40, max(len(k) for k in sources))
        for eff in sources.values():
            votes = " · ".join(f"{who(v.contributor, v.name)} {v.weight:g}"
                               + (" (learned)" if v.by == "outcomes" else "") for v in eff.votes)
            flag = "DISPUTED " if eff.disputed else ""
            lines.append(f"  {eff.key:<{width}}  {eff.weight:5.2f}  {flag}{votes}")
    else:
        lines.append("Sources: none (add with `rlat lens set-trust LENS 'docs/**' 1.5`)")
    if claims:
        lines.append("Claims (by fingerprint):")
        for eff in claims.values():
            votes = " · ".join(f"{who(v.contributor, v.name)} {v.weight:g}"
                               + (" (learned)" if v.by == "outcomes" else "") for v in eff.votes)
            flag = "DISPUTED " if eff.disputed else ""
            label = f" \"{eff.label}\"" if eff.label else ""
            lines.append(f"  {eff.key}  {eff.weight:5.2f}  {flag}{votes}{label}")
    else:
        lines.append("Claims: none (add with `rlat lens prefer LENS CLAIM_ID 2`)")
    disputed = [e for e in (*sources.values(), *claims.values()) if e.disputed]
    if disputed:
        lines.append("")
        lines.append(f"{len(disputed)} disputed entr{'y' if len(disputed) == 1 else 'ies'}: "
                     "contributors lean opposite ways; every vote is kept.")
    return lines


# ------------------------------------------------------------------------------ set-trust
@command(
    LENS_ARGUMENT,
    Arg("pattern", help="A glob over source paths: 'docs/**', '*.md', 'src/**/test_*.py'. A "
                        "pattern without / matches file names at any depth."),
    WEIGHT_ARGUMENT,
    Arg("--remove", action="store_true", help="Drop this pattern from the lens instead."),
    FORMAT_OPTION,
)
def set_trust(path: Path, pattern: str, weight: float | None, remove: bool, fmt: str) -> None:
    """Set how much this lens leans on sources matching a pattern."""
    _weight_or_remove("set-trust", weight, remove)
    lens = _load(path)
    try:
        if remove:
            own = lens.own()
            key = next((k for k in own.sources if k == pattern or k == pattern.strip()), None)
            if key is None:
                fail(f"{path}: this lens sets no weight for {pattern!r}")
            del own.sources[key]
            lens._edited(own, now())
            _save(path, lens)
            _done(fmt, path, lens, f"Removed {pattern!r} from {path}")
            return
        entry = lens.set_source(pattern, weight, now=now())
    except LensError as exc:
        _lens_error(exc)
    _save(path, lens)
    _done(fmt, path, lens, f"{path}: sources matching {entry.key!r} weigh {entry.weight:g}")


def _weight_or_remove(name: str, weight: float | None, remove: bool) -> None:
    """Exactly one of WEIGHT and --remove, else a usage error (a weight given with --remove
    would otherwise be dropped without a word)."""
    if remove and weight is not None:
        usage_error("give a WEIGHT or --remove, not both", f"rlat lens {name}")
    if not remove and weight is None:
        usage_error("give a WEIGHT (or --remove)", f"rlat lens {name}")


def _done(fmt: str, path: Path, lens: Lens, message: str) -> None:
    if fmt == "json":
        emit_json({"path": str(path), **lens.to_dict()})
    else:
        echo(message)


# ---------------------------------------------------------------------------------- prefer
def _claim_stores(explicit: list[Path]) -> list[Path]:
    if explicit:
        return explicit
    stores = [memory_store_path(), *world.world_km_paths(workspace_id(current_cwd()))]
    return [p for p in stores if p.exists()]


def find_claim(ref: str, stores: list[Path]) -> Claim:
    """A claim by id or unique prefix across several logs; fails with a clear line."""
    ref = ref.strip().lower()
    if len(ref) < 4:
        fail(f"claim id {quoted(ref)} is too short; give at least 4 characters")
    found: dict[str, Claim] = {}
    for store in stores:
        if not store.exists():
            fail(f"{store}: no such file")
        for cid, claim in ClaimLog(store).state().claims.items():
            if cid.startswith(ref):
                found.setdefault(cid, claim)
    if not found:
        where = ", ".join(str(s) for s in stores) or "no stores"
        fail(f"no claim with id {quoted(ref)} in {where} (name the KM with --km, or pass fp:FINGERPRINT)")
    if len(found) > 1:
        fail(f"claim id {quoted(ref)} is ambiguous: {', '.join(sorted(found)[:5])}")
    claim = next(iter(found.values()))
    if claim.purged or not claim.text:
        fail(f"claim {claim.id} was purged; its text is gone, so it has no fingerprint")
    return claim


@command(
    LENS_ARGUMENT,
    Arg("claim_ref", metavar="CLAIM_ID",
        help="A claim id (or unique prefix) from a KM or your store, or fp:FINGERPRINT."),
    WEIGHT_ARGUMENT,
    Arg("--km", action="append", type=Path, default=[],
        help="Where to look the claim up (repeatable; default: your memory store and this "
             "workspace's world-fact KMs)."),
    Arg("--remove", action="store_true", help="Drop this claim from the lens instead."),
    FORMAT_OPTION,
)
def prefer(path: Path, claim_ref: str, weight: float | None, km: list[Path], remove: bool,
           fmt: str) -> None:
    """Weigh a claim in this lens. Stored by the claim's text fingerprint, so the weight
    applies wherever the same claim appears, in any knowledge model."""
    _weight_or_remove("prefer", weight, remove)
    lens = _load(path)
    label = ""
    try:
        if claim_ref.lower().startswith("fp:"):
            fp = check_fingerprint(claim_ref[3:])
        else:
            claim = find_claim(claim_ref, _claim_stores(km))
            fp, label = fingerprint(claim.text), claim.text
        if remove:
            own = lens.own()
            if fp not in own.claims:
                fail(f"{path}: this lens sets no weight for claim fingerprint {fp}")
            del own.claims[fp]
            lens._edited(own, now())
            _save(path, lens)
            _done(fmt, path, lens, f"Removed claim fingerprint {fp} from {path}")
            return
        entry = lens.set_claim(fp, weight, label=label, now=now())
    except LensError as exc:
        _lens_error(exc)
    _save(path, lens)
    _done(fmt, path, lens, f"{path}: claim fingerprint {entry.key} weighs {entry.weight:g}")


@command(
    LENS_ARGUMENT,
    Arg("stance", type=Path, metavar="FILE",
        help="A text file (- for stdin); an empty file clears the stance."),
    FORMAT_OPTION,
)
def set_stance(path: Path, stance: Path, fmt: str) -> None:
    """Replace this lens's written stance (how it reads the corpus)."""
    lens = _load(path)
    try:
        lens.set_stance(_read_stance(stance), now())
    except LensError as exc:
        _lens_error(exc)
    _save(path, lens)
    _done(fmt, path, lens, f"{path}: stance {'set' if lens.own().stance else 'cleared'}")


# ----------------------------------------------------------------------------------- learn
@command(
    LENS_ARGUMENT,
    Arg("--from-outcomes", action="store_true", required=True,
        help="Required: learn from recorded outcomes (the only source today; the flag keeps "
             "room for others)."),
    Arg("--store", action="append", type=Path, default=[],
        help="Claim logs to read outcomes and claims from (repeatable; default: your memory "
             "store and this workspace's KMs)."),
    Arg("--dry-run", action="store_true", help="Show what would change; write nothing."),
    FORMAT_OPTION,
)
def learn(path: Path, from_outcomes: bool, store: list[Path], dry_run: bool, fmt: str) -> None:
    """Learn which sources and claims served well, from outcome events.

    weight = clamp((1 + good) / (1 + bad), 0.25, 4), where good/bad sum the credit of the
    claim's successful/failed outcomes. Hand-set weights are never overwritten."""
    lens = _load(path)
    stores = _claim_stores(store)
    for s in stores:
        if not s.exists():
            fail(f"{s}: no such file")
    try:
        report = learning.learn(lens, stores, now=now(), dry_run=dry_run)
    except LensError as exc:
        _lens_error(exc)
    changed = bool(report.claims or report.sources)
    if changed and not dry_run:
        _save(path, lens)
    if fmt == "json":
        emit_json({"path": str(path), "dry_run": dry_run, "stores": stores, **report.to_dict()})
        return
    verb = "would set" if dry_run else "set"
    echo(f"Read {report.outcomes} outcome(s) from {len(stores)} store(s).")
    for pattern, (w, n) in sorted(report.sources.items()):
        echo(f"  {verb} source {pattern!r} = {w:g}  ({n} outcome(s))")
    for fp, (w, n, label) in sorted(report.claims.items()):
        echo(f"  {verb} claim {fp} = {w:g}  ({n} outcome(s)) \"{label}\"")
    for key in report.kept_hand_set:
        echo(f"  kept the hand-set weight for {key}")
    if not changed:
        echo("Nothing to learn yet: no outcomes name a corpus or world claim.")


# --------------------------------------------------------------------------------- compose
@command(
    Arg("lenses", nargs="+", type=Path, metavar="LENS",
        help="The .lens files to compose (team lenses too; one alone makes a team of one)."),
    Arg("-o", "--output", type=Path, required=True, help="The team .lens file to write."),
    Arg("--name", default="team", help="The team lens's name."),
    FORCE_OPTION,
    FORMAT_OPTION,
)
def compose_cmd(lenses: list[Path], output: Path, name: str, force: bool, fmt: str) -> None:
    """Compose lenses into a team lens without flattening them.

    Every contributor's weights and stance are kept; where they lean opposite ways the entry
    is marked disputed. The weight used for ranking is the median of the votes. The result
    does not depend on the order or grouping of the inputs. An existing output file, one of
    the inputs included, is replaced only with --force."""
    loaded = [_load(p) for p in lenses]
    try:
        check_output(output, force=force)
        team = compose(loaded, name=name)
    except LensError as exc:
        _lens_error(exc)
    _save(output, team)
    if fmt == "json":
        emit_json({"path": str(output), **team.to_dict()})
        return
    disputed = team.disputed()
    echo(f"Composed {len(loaded)} lens(es) into {output}: {len(team.contributors)} "
         f"contributor(s), {len(team.effective_sources())} source pattern(s), "
         f"{len(team.effective_claims())} claim(s), {len(disputed)} disputed "
         f"(`rlat lens show {output}`)")


# ----------------------------------------------------------------------------------- apply
@command(
    LENS_ARGUMENT,
    Arg("km", type=Path, help="A knowledge model (.rlat) to apply the lens to."),
    FORMAT_OPTION,
)
def apply(path: Path, km: Path, fmt: str) -> None:
    """Show how a lens maps onto a knowledge model: which of its patterns match which sources,
    and the weight each source gets. (To search through a lens: `rlat search KM "…" --lens L`.)"""
    lens = _load(path)
    if not km.exists():
        fail(f"{km}: no such knowledge model")
    paths = km_source_paths(km)
    resolver = Resolver.of(lens)
    rows = []
    matched: dict[str, int] = {}
    for source in paths:
        eff = resolver.source(source)
        if eff is not None:
            matched[eff.key] = matched.get(eff.key, 0) + 1
        rows.append({"path": source, "weight": eff.weight if eff else 1.0,
                     "pattern": eff.key if eff else None,
                     "disputed": bool(eff and eff.disputed)})
    unused = [k for k in lens.effective_sources() if k not in matched]
    claims_here = _claims_in(km)
    claim_hits = [(fp, eff) for fp, eff in lens.effective_claims().items() if fp in claims_here]
    if fmt == "json":
        emit_json({"lens": str(path), "km": str(km), "sources": rows,
                   "unmatched_patterns": unused,
                   "claims": [{"fingerprint": fp, "claim": claims_here[fp], **eff.to_dict()}
                              for fp, eff in claim_hits]})
        return
    echo(f"lens {lens.name!r} on {km}: {len(matched)} of {len(lens.effective_sources())} "
         f"pattern(s) match {sum(matched.values())} of {len(paths)} source file(s); "
         f"{len(claim_hits)} of {len(lens.effective_claims())} weighted claim(s) present")
    for row in rows:
        if row["pattern"] is not None:
            flag = " DISPUTED" if row["disputed"] else ""
            echo(f"  {row['weight']:5.2f}  {row['path']}  ({row['pattern']}){flag}")
    for fp, eff in claim_hits:
        echo(f"  {eff.weight:5.2f}  claim {claims_here[fp]}  (fingerprint {fp})")
    if unused:
        echo(f"  patterns matching nothing here: {', '.join(unused)}")


def km_source_paths(km: Path) -> list[str]:
    """The source paths of a KM's current build (none for a KM that holds only claims; a
    damaged KM raises, as for every other reader)."""
    from ..km.store import open_km

    model = open_km(km, require_build=False)
    return sorted(model.files) if model.has_build else []


def _claims_in(km: Path) -> dict[str, str]:
    """fingerprint -> claim id for every live claim in the KM."""
    try:
        state = ClaimLog(km).state()
    except ContainerError:
        raise
    return {fingerprint(c.text): c.id for c in state.claims.values()
            if c.text and not c.purged and c.state != "retired"}
