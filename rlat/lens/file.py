"""Reading and writing `.lens` files, and building one from its source form (``lens.toml``).

A `.lens` file is the shared container (``rlat/container/file.py``) with the ``LENS_MAGIC``
header, holding META records whose body is a lens (``Lens.to_body()``); the newest META record
is the lens. rlat writes a lens whole, atomically (temp file, fsync, rename), so a lens file
holds exactly one record. Byte layout: docs/format.md, "The .lens format".
"""

from __future__ import annotations

import errno
import os
import time
import tomllib
from pathlib import Path

from ..claims.ids import fingerprint
from ..container import (
    META,
    Container,
    ContainerError,
    CorruptRecord,
    TruncatedContainer,
    UnsupportedVersion,
)
from ..container.file import LENS_MAGIC, RLAT_MAGIC, write_new_file
from ..special_files import open_regular, read_regular
from .model import (
    Contribution,
    Entry,
    Lens,
    LensError,
    check_fingerprint,
    check_name,
    check_pattern,
    check_stance,
    check_weight,
    label_for,
    named_lens_id,
)

TOML_KEYS = {"name", "id", "stance", "stance_file", "sources", "claims", "prefer"}


class LensFileError(ContainerError):
    """A `.lens` file that opens as a container but does not hold a valid lens."""


class LensDamaged(LensFileError):
    """A `.lens` file whose records are damaged (the CLI's status 3, like a damaged KM's)."""


def now() -> float:
    """Wall clock, or ``SOURCE_DATE_EPOCH`` when set (reproducible example lenses)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        try:
            return float(int(epoch))
        except ValueError:
            pass
    return time.time()


def read_lens(path: str | os.PathLike) -> Lens:
    """The lens in ``path``. Raises ContainerError (one line naming the file) when it is
    missing, not a lens, corrupt, or written by a newer rlat."""
    path = Path(path)
    container = Container(path, LENS_MAGIC)
    try:
        bodies = [body for _ref, body in container.records([META])]
    except (CorruptRecord, TruncatedContainer) as exc:
        raise LensDamaged(path, exc.problem, "the lens is damaged; rebuild it from its "
                          "lens.toml or get a fresh copy") from None
    except ContainerError as exc:
        if "this is a .rlat file" in exc.problem:
            raise LensFileError(path, "is a knowledge model (.rlat), not a lens") from None
        raise
    if not bodies:
        raise LensFileError(path, "holds no lens", "was it truncated? rebuild it with "
                            "`rlat lens create`")
    try:
        return Lens.from_body(bodies[-1])
    except LensError as exc:
        if "newer than this rlat" in str(exc):
            raise UnsupportedVersion(path, str(exc).split(";")[0], "upgrade rlat") from None
        raise LensFileError(path, f"invalid lens: {exc}") from None


def is_lens_file(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            return fh.read(len(LENS_MAGIC)) == LENS_MAGIC
    except OSError:
        return False


def check_output(path: Path, *, force: bool, replacing_lens: bool = False) -> None:
    """Refuse to clobber something that is not ours. Raises LensError with what to do."""
    if path.is_dir():
        raise LensError(f"{path} is a directory; give a file name such as team.lens")
    if not path.exists():
        if not path.parent.exists():
            # (an OSError, not a LensError: the CLI's "cannot access" status)
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
        return
    with open(path, "rb") as fh:
        head = fh.read(len(RLAT_MAGIC))
    if head == RLAT_MAGIC:
        raise LensError(f"{path} is a knowledge model (.rlat); refusing to overwrite it with a lens")
    if replacing_lens and head == LENS_MAGIC:
        return
    if not force:
        raise LensError(f"{path} already exists; pass --force to replace it")


def write_lens(path: str | os.PathLike, lens: Lens) -> None:
    """Write ``lens`` to ``path`` atomically (temp file + fsync + rename)."""
    path = Path(path)
    records = [(META, lens.to_body())]
    if path.exists() and is_lens_file(path):
        Container(path, LENS_MAGIC).rewrite(records)
    else:
        write_new_file(path, LENS_MAGIC, records)


# ------------------------------------------------------------------------- the source form
def lens_from_toml(path: str | os.PathLike, *, stamp: float | None = None) -> Lens:
    """Build a lens from its human-editable source form. Raises LensError on bad input.

    ``name`` (required), ``id`` (default: derived from the name, so rebuilding gives the same
    lens), ``stance`` or ``stance_file`` (relative to the TOML file), ``[sources]`` pattern =
    weight, ``[claims]`` fingerprint = weight, ``[[prefer]]`` with ``text`` and ``weight``
    (fingerprinted here)."""
    path = Path(path)
    try:
        with os.fdopen(open_regular(path), "rb") as fh:  # a FIFO would block: refused
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise LensError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as exc:
        raise LensError(f"{path}: not valid TOML ({exc})") from None
    except OSError as exc:
        raise LensError(f"{path}: cannot read ({exc.strerror})") from None
    unknown = sorted(set(data) - TOML_KEYS)
    if unknown:
        raise LensError(f"{path}: unknown key(s) {', '.join(unknown)}; "
                        f"expected: {', '.join(sorted(TOML_KEYS))}")
    try:
        name = check_name(data.get("name"))
    except LensError:
        raise LensError(f"{path}: the lens needs a name (name = \"…\")") from None
    lid = data.get("id") or named_lens_id(name)
    if not isinstance(lid, str):
        raise LensError(f"{path}: id must be a string")
    stance = data.get("stance", "")
    if "stance_file" in data:
        if stance:
            raise LensError(f"{path}: give stance or stance_file, not both")
        stance_path = (path.parent / str(data["stance_file"])).resolve()
        try:
            stance = read_regular(stance_path).decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = getattr(exc, "strerror", None) or "not UTF-8 text"
            raise LensError(f"{path}: stance_file {stance_path} cannot be read ({why})") from None
    when = now() if stamp is None else stamp
    own = Contribution(lid, name, _ctx(path, check_stance, stance), 1, when)
    sources = data.get("sources", {})
    if not isinstance(sources, dict):
        raise LensError(f"{path}: [sources] must be a table of \"pattern\" = weight")
    for pattern, weight in sources.items():
        entry = Entry(_ctx(path, check_pattern, pattern),
                      _ctx(path, check_weight, weight, f"weight for {pattern!r}"), "toml")
        own.sources[entry.key] = entry
    claims = data.get("claims", {})
    if not isinstance(claims, dict):
        raise LensError(f"{path}: [claims] must be a table of fingerprint = weight")
    for fp, weight in claims.items():
        entry = Entry(_ctx(path, check_fingerprint, fp),
                      _ctx(path, check_weight, weight, f"weight for {fp!r}"), "toml")
        own.claims[entry.key] = entry
    prefer = data.get("prefer", [])
    if not isinstance(prefer, list):
        raise LensError(f"{path}: prefer must be an array of tables ([[prefer]])")
    for item in prefer:
        if not isinstance(item, dict) or not str(item.get("text", "")).strip():
            raise LensError(f"{path}: each [[prefer]] needs text = \"the claim's text\"")
        text = str(item["text"])
        entry = Entry(fingerprint(text),
                      _ctx(path, check_weight, item.get("weight"), f"weight for {text[:30]!r}"),
                      "toml", 0, label_for(text))
        own.claims[entry.key] = entry
    return Lens(lid, name, when, when, {lid: own})


def _ctx(path: Path, check, *args):
    try:
        return check(*args)
    except LensError as exc:
        raise LensError(f"{path}: {exc}") from None
