"""The lens model: contributions, effective weights, composition. Pure data and functions.

A lens is a set of *contributions*, one per person (or per team voice). Each contribution has a
name, an optional written stance, and weights on two kinds of key:

- **source patterns**: globs over a passage's source path (``docs/**``, ``*.md``,
  ``src/**/test_*.py``), never a file of one knowledge model, so a lens travels to another KM;
- **claim fingerprints**: ``rlat.claims.ids.fingerprint(text)``, the same for the same claim
  text in any KM.

A weight multiplies a hit's score: 1 is neutral, above 1 leans on, below 1 leans away, 0
excludes. A single-person lens has one contribution. ``compose`` unions contributions (a
contribution is identified by its id; of two versions of one contribution the newer revision
wins), so composition is associative, commutative and idempotent, and nobody's weight or stance
is lost. The weight used for ranking (``Effective.weight``) is derived at read time from every
contribution that weighted a key: the **median** of their weights (for an even count, the mean
of the two middle ones); contributions that said nothing about a key do not vote. A key is
**disputed** when at least one contributor leans on it (weight > 1) and another leans away
(weight < 1, including 0). docs/lenses.md states the rule with examples.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
from dataclasses import dataclass, field

from ..claims.ids import fingerprint
from ..globs import GlobError, glob_regex

LENS_FORMAT = "rlat.lens"
LENS_SCHEMA = 1  # the lens body's own version (the container has another, in its header)
MIN_WEIGHT = 0.0
MAX_WEIGHT = 10.0
NEUTRAL = 1.0
MAX_NAME_CHARS = 100
MAX_STANCE_CHARS = 20_000
MAX_LABEL_CHARS = 80
BY_VALUES = ("hand", "toml", "outcomes")  # how a weight was set: CLI, lens.toml, learned

_FP = re.compile(r"^[0-9a-f]{16}$")


class LensError(ValueError):
    """A lens (or an input for one) is not valid. ``str()`` is one line saying what to do."""


# ------------------------------------------------------------------------------ validation
def check_weight(value: object, what: str = "weight") -> float:
    try:
        weight = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise LensError(f"{what} {value!r} is not a number") from None
    if not math.isfinite(weight) or not MIN_WEIGHT <= weight <= MAX_WEIGHT:
        raise LensError(f"{what} {value!r} is out of range; use {MIN_WEIGHT:g}..{MAX_WEIGHT:g} "
                        f"(1 neutral, >1 lean on, <1 lean away, 0 exclude)")
    return weight


def check_pattern(pattern: object) -> str:
    if not isinstance(pattern, str) or not pattern.strip():
        raise LensError("a source pattern must be a non-empty glob such as 'docs/**' or '*.md'")
    pat = normalise_pattern(pattern)
    if not pat:
        raise LensError(f"source pattern {pattern!r} matches nothing")
    if "\n" in pat or len(pat) > 500:
        raise LensError(f"source pattern {pattern[:40]!r}… is not a glob")
    _glob_regex(pat)  # raises LensError for an unbalanced character class
    return pat


def check_fingerprint(fp: object) -> str:
    if not isinstance(fp, str) or not _FP.match(fp.strip().lower()):
        raise LensError(f"{fp!r} is not a claim fingerprint (16 hex digits; "
                        "`rlat lens prefer` computes it from a claim id)")
    return fp.strip().lower()


def check_name(name: object, what: str = "lens name") -> str:
    if not isinstance(name, str) or not name.strip():
        raise LensError(f"the {what} is empty; give one with --name")
    name = " ".join(name.split())
    if len(name) > MAX_NAME_CHARS:
        raise LensError(f"the {what} is longer than {MAX_NAME_CHARS} characters")
    return name


def check_stance(stance: object) -> str:
    if stance is None:
        return ""
    if not isinstance(stance, str):
        raise LensError("a stance must be text")
    stance = stance.strip()
    if len(stance) > MAX_STANCE_CHARS:
        raise LensError(f"the stance is longer than {MAX_STANCE_CHARS:,} characters")
    return stance


def new_lens_id() -> str:
    return os.urandom(8).hex()


def named_lens_id(name: str) -> str:
    """A reproducible id for a lens built from a source file that gives none."""
    return hashlib.sha256(("lens\x00" + name).encode("utf-8")).hexdigest()[:16]


def label_for(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_LABEL_CHARS else text[: MAX_LABEL_CHARS - 1].rstrip() + "…"


# ---------------------------------------------------------------------------------- globs
def _normalise(text: str) -> str:
    text = text.strip().replace("\\", "/")
    while text.startswith("./"):
        text = text[2:]
    while "//" in text:
        text = text.replace("//", "/")
    return text


def normalise_pattern(pattern: str) -> str:
    """A source pattern in its one spelling (the key it is stored under): ``/`` separators, no
    ``./``; a leading ``/`` kept only where it changes the meaning (``/README.md`` is the root's
    README, ``README.md`` any; ``/docs/**`` is ``docs/**``)."""
    pat = _normalise(pattern)
    rest = pat.lstrip("/")
    return "/" + rest if rest != pat and rest and "/" not in rest else rest


def normalise_path(path: str) -> str:
    if "\\" not in path and "//" not in path and not path.startswith(("./", "/", " ")) \
            and not path.endswith(" "):
        return path  # already canonical: the common case for a KM's relative paths
    return _normalise(path).lstrip("/")


def _glob_regex(pattern: str) -> re.Pattern:
    """A (normalised) source pattern's expression: git's glob language (``rlat.globs``), with
    a trailing ``/`` meaning everything below it (``docs/`` is ``docs/**``)."""
    if pattern.endswith("/"):
        pattern += "**"
    try:
        return glob_regex(pattern)
    except GlobError as exc:
        raise LensError(f"source pattern {pattern!r} is not a glob: {exc}") from None


def glob_match(pattern: str, path: str) -> bool:
    return _glob_regex(normalise_pattern(pattern)).match(normalise_path(path)) is not None


def specificity(pattern: str) -> tuple[int, int]:
    """How specific a pattern is: literal characters first, then length. When several of a
    lens's patterns match one path, the most specific decides its weight."""
    literal = len(re.sub(r"\*+|\?|\[[^\]]*\]", "", pattern))
    return (literal, len(pattern))


# ---------------------------------------------------------------------------- the records
@dataclass(slots=True)
class Entry:
    """One contributor's weight on one key (a source pattern or a claim fingerprint)."""

    key: str
    weight: float
    by: str = "hand"
    n: int = 0  # outcomes a learned weight rests on
    label: str = ""  # claims only: a short excerpt of the claim text, for `rlat lens show`

    def to_body(self) -> dict:
        body: dict = {"key": self.key, "weight": self.weight, "by": self.by}
        if self.n:
            body["n"] = self.n
        if self.label:
            body["label"] = self.label
        return body

    @classmethod
    def from_body(cls, body: dict, kind: str) -> Entry:
        if not isinstance(body, dict):
            raise LensError(f"a {kind} entry is not a map")
        key = check_pattern(body.get("key")) if kind == "source" else check_fingerprint(body.get("key"))
        by = body.get("by", "hand")
        if by not in BY_VALUES:
            by = "hand"
        return cls(key, check_weight(body.get("weight")), by, int(body.get("n", 0) or 0),
                   str(body.get("label", "") or "")[:MAX_LABEL_CHARS])


@dataclass(slots=True)
class Contribution:
    """One person's (or one team voice's) perspective."""

    id: str
    name: str
    stance: str = ""
    revision: int = 1
    updated_at: float = 0.0
    sources: dict[str, Entry] = field(default_factory=dict)
    claims: dict[str, Entry] = field(default_factory=dict)

    def to_body(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "stance": self.stance,
            "revision": self.revision,
            "updated_at": self.updated_at,
            "sources": [self.sources[k].to_body() for k in sorted(self.sources)],
            "claims": [self.claims[k].to_body() for k in sorted(self.claims)],
        }

    @classmethod
    def from_body(cls, body: dict) -> Contribution:
        if not isinstance(body, dict):
            raise LensError("a contribution is not a map")
        cid = body.get("id")
        if not isinstance(cid, str) or not cid:
            raise LensError("a contribution has no id")
        sources = {}
        for item in body.get("sources") or []:
            entry = Entry.from_body(item, "source")
            sources[entry.key] = entry
        claims = {}
        for item in body.get("claims") or []:
            entry = Entry.from_body(item, "claim")
            claims[entry.key] = entry
        return cls(cid, check_name(body.get("name"), "contributor name"),
                   check_stance(body.get("stance")), int(body.get("revision", 1) or 1),
                   float(body.get("updated_at", 0.0) or 0.0), sources, claims)

    def digest(self) -> str:
        """A content hash: the last tiebreak between two versions of one contribution."""
        import msgpack

        return hashlib.sha256(msgpack.packb(self.to_body(), use_bin_type=True)).hexdigest()

    def version_key(self) -> tuple:
        return (self.revision, self.updated_at, self.digest())

    def touch(self, now: float) -> None:
        self.revision += 1
        self.updated_at = max(float(now), self.updated_at)


@dataclass(frozen=True, slots=True)
class Vote:
    contributor: str  # contribution id
    name: str
    weight: float
    by: str


@dataclass(frozen=True, slots=True)
class Effective:
    """A key's weight for ranking, with every vote behind it."""

    key: str
    weight: float
    disputed: bool
    votes: tuple[Vote, ...]
    label: str = ""

    def to_dict(self) -> dict:
        return {"key": self.key, "weight": self.weight, "disputed": self.disputed,
                "label": self.label,
                "votes": [{"contributor": v.contributor, "name": v.name, "weight": v.weight,
                           "by": v.by} for v in self.votes]}


def median(values: list[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return NEUTRAL
    mid = n // 2
    return ordered[mid] if n % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def is_disputed(weights: list[float]) -> bool:
    return any(w > NEUTRAL for w in weights) and any(w < NEUTRAL for w in weights)


def _effective(contributions: list[Contribution], attr: str) -> dict[str, Effective]:
    votes: dict[str, list[tuple[Vote, str]]] = {}
    for contrib in contributions:
        for key, entry in getattr(contrib, attr).items():
            votes.setdefault(key, []).append(
                (Vote(contrib.id, contrib.name, entry.weight, entry.by), entry.label))
    out: dict[str, Effective] = {}
    for key in sorted(votes):
        items = sorted(votes[key], key=lambda item: (item[0].name, item[0].contributor))
        weights = [v.weight for v, _ in items]
        label = next((lab for _, lab in sorted(items, key=lambda i: i[0].contributor) if lab), "")
        out[key] = Effective(key, median(weights), is_disputed(weights),
                             tuple(v for v, _ in items), label)
    return out


@dataclass(slots=True)
class Lens:
    id: str
    name: str
    created_at: float = 0.0
    updated_at: float = 0.0
    contributors: dict[str, Contribution] = field(default_factory=dict)

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, name: str, *, stance: str = "", lens_id: str | None = None,
            now: float = 0.0) -> Lens:
        name = check_name(name)
        lid = lens_id or new_lens_id()
        own = Contribution(lid, name, check_stance(stance), 1, now)
        return cls(lid, name, now, now, {lid: own})

    def own(self) -> Contribution:
        """The lens's own contribution (its author's voice), created when missing (a composed
        lens gets a team voice of its own the first time someone sets a weight on it)."""
        contrib = self.contributors.get(self.id)
        if contrib is None:
            contrib = Contribution(self.id, self.name, "", 0, self.updated_at)
            self.contributors[self.id] = contrib
        return contrib

    def _edited(self, contrib: Contribution, now: float) -> None:
        contrib.touch(now)
        self.updated_at = max(self.updated_at, contrib.updated_at)

    def set_source(self, pattern: str, weight: float, *, by: str = "hand", n: int = 0,
                   now: float = 0.0) -> Entry:
        entry = Entry(check_pattern(pattern), check_weight(weight), by, n)
        own = self.own()
        own.sources[entry.key] = entry
        self._edited(own, now)
        return entry

    def set_claim(self, fp: str, weight: float, *, label: str = "", by: str = "hand",
                  n: int = 0, now: float = 0.0) -> Entry:
        entry = Entry(check_fingerprint(fp), check_weight(weight), by, n, label_for(label))
        own = self.own()
        own.claims[entry.key] = entry
        self._edited(own, now)
        return entry

    def set_stance(self, stance: str, now: float = 0.0) -> None:
        own = self.own()
        own.stance = check_stance(stance)
        self._edited(own, now)

    # ------------------------------------------------------------------- reading
    def ordered_contributors(self) -> list[Contribution]:
        return sorted(self.contributors.values(), key=lambda c: (c.name, c.id))

    def effective_sources(self) -> dict[str, Effective]:
        return _effective(self.ordered_contributors(), "sources")

    def effective_claims(self) -> dict[str, Effective]:
        return _effective(self.ordered_contributors(), "claims")

    def disputed(self) -> list[Effective]:
        return [e for e in (*self.effective_sources().values(), *self.effective_claims().values())
                if e.disputed]

    # ----------------------------------------------------------------- (de)serialise
    def to_body(self) -> dict:
        return {
            "format": LENS_FORMAT,
            "schema": LENS_SCHEMA,
            "id": self.id,
            "name": self.name,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "contributors": [self.contributors[k].to_body() for k in sorted(self.contributors)],
        }

    @classmethod
    def from_body(cls, body: dict) -> Lens:
        if not isinstance(body, dict) or body.get("format") != LENS_FORMAT:
            raise LensError("the file holds no lens body")
        schema = body.get("schema")
        if not isinstance(schema, int) or schema < 1:
            raise LensError(f"unknown lens schema {schema!r}")
        if schema > LENS_SCHEMA:
            raise LensError(f"lens schema {schema} is newer than this rlat reads "
                            f"({LENS_SCHEMA}); upgrade rlat")
        lid = body.get("id")
        if not isinstance(lid, str) or not lid:
            raise LensError("the lens has no id")
        contributors = {}
        for item in body.get("contributors") or []:
            contrib = Contribution.from_body(item)
            contributors[contrib.id] = contrib
        return cls(lid, check_name(body.get("name")), float(body.get("created_at", 0) or 0),
                   float(body.get("updated_at", 0) or 0), contributors)

    def to_dict(self) -> dict:
        """For `rlat lens show --format json`: the body plus effective weights."""
        out = self.to_body()
        out["effective"] = {
            "sources": [e.to_dict() for e in self.effective_sources().values()],
            "claims": [e.to_dict() for e in self.effective_claims().values()],
        }
        return out


# ----------------------------------------------------------------------------- composing
def merge_contributions(*groups: list[Contribution]) -> dict[str, Contribution]:
    """Union by contribution id; of two versions of one contribution the greater
    ``(revision, updated_at, content digest)`` wins (a total order, so the union is
    associative and commutative)."""
    out: dict[str, Contribution] = {}
    for group in groups:
        for contrib in group:
            cur = out.get(contrib.id)
            if cur is None or contrib.version_key() > cur.version_key():
                out[contrib.id] = contrib
    return out


def composed_id(name: str, contributor_ids: list[str]) -> str:
    key = "compose\x00" + name + "\x00" + "\x00".join(sorted(contributor_ids))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def compose(lenses: list[Lens], *, name: str = "team") -> Lens:
    """One team lens holding every contribution of every input (see module docstring).

    Deterministic: the result (id and timestamps included) depends only on the set of
    contributions and the name, never on argument order or grouping."""
    if not lenses:
        raise LensError("compose needs at least one lens")
    name = check_name(name)
    contributors = merge_contributions(*(list(lens.contributors.values()) for lens in lenses))
    stamp = max((c.updated_at for c in contributors.values()), default=0.0)
    lid = composed_id(name, list(contributors))
    return Lens(lid, name, stamp, stamp, {k: contributors[k] for k in sorted(contributors)})


# ----------------------------------------------------------------------------- applying
class Resolver:
    """A lens ready to weigh hits: its source patterns compiled once into one alternation,
    most specific first (so the first alternative that matches decides), with a per-path cache."""

    def __init__(self, sources: list[Effective], claims: dict[str, Effective]) -> None:
        self.ordered = sorted(sources, key=lambda e: (tuple(-x for x in specificity(e.key)),
                                                      e.key))
        self.claims = claims
        self._cache: dict[str, Effective | None] = {}
        if self.ordered:
            alternation = "|".join(f"(?P<p{i}>{_glob_regex(e.key).pattern})"
                                   for i, e in enumerate(self.ordered))
            self._regex: re.Pattern | None = re.compile(alternation, re.DOTALL)
        else:
            self._regex = None

    @classmethod
    def of(cls, lens: Lens) -> Resolver:
        return cls(list(lens.effective_sources().values()), lens.effective_claims())

    def source(self, path: str | None) -> Effective | None:
        """The most specific pattern matching ``path`` (None when no pattern does)."""
        if not path or self._regex is None:
            return None
        try:
            return self._cache[path]
        except KeyError:
            pass
        match = self._regex.match(normalise_path(path))
        eff = self.ordered[int(match.lastgroup[1:])] if match else None
        if len(self._cache) < 100_000:
            self._cache[path] = eff
        return eff

    def claim(self, text: str | None = None, *, fp: str | None = None) -> Effective | None:
        if fp is None:
            if not text:
                return None
            fp = fingerprint(text)
        return self.claims.get(fp)
