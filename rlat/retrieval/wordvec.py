"""Static word vectors for recall, in pure Python: no numpy, nothing loaded up front.

Two tables, each mapping an index term (a stem, exactly as ``rlat.retrieval.tokenize`` and
``rlat.retrieval.expansion`` make it) to ``dims`` int8 numbers, both distilled offline from
the same sentence encoder (source model and licence in the scripts; the decisions in
docs/architecture.md):

* ``rlat/data/wordvec.bin`` (``table()``, by ``bench/distill_wordvec.py``): each word encoded
  alone, unit vectors (x127). Recall blends its cosine into the ranking of the lexical
  candidates, terms weighed by the store's idf.
* ``rlat/data/meaning.bin`` (``meaning_table()``, by ``bench/distill_meaning.py``): fitted so
  that the sum of a sentence's word vectors points where the encoder's embedding of the
  sentence points. A vector's length is how much its word says ("flaky" long, "thing" short),
  so texts are embedded with no other weight. Abstention admits a question's candidate on
  this cosine (``rlat.retrieval.abstention.admits_on_meaning``).

A text's vector is the (weighted) sum of its distinct terms' vectors, normalised; two texts'
similarity is the cosine of theirs.

File layout (little-endian, both tables): ``MAGIC`` (8 bytes), n (u32), dims (u16), k (u16),
then the table's key scheme (k bytes of UTF-8: the tokenizer and stemmer its keys were made
with, as ``KEYED_BY`` names them), then n + 1 u32 offsets into the key blob, the key blob (the n
keys, UTF-8, sorted by bytes, concatenated), zero padding to a multiple of 8, then the n x dims
int8 vectors in key order (one scale for the whole table: only their ratios matter). A hook maps
the file (mmap) and binary-searches only the prompt's terms: opening costs well under a
millisecond whatever the table's size.

Claim vectors are stored quantised and normalised (``quantise``): the recall index computes
them when it is built (the background worker), so a hook embeds only the prompt.

A table whose keys another tokenizer or stemmer made (``KEYED_BY`` differs) is not used: its
stems would silently miss or, worse, name other words' vectors; recall then ranks lexically
(without ``table()``) or admits on words alone (without ``meaning_table()``).
"""

from __future__ import annotations

import math
import mmap
import operator
import os
import struct
import sys
import zlib
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

from .expansion import STEMMER
from .tokenize import TOKENIZER_VERSION

MAGIC = b"RLATWV02"
# The key scheme of a table this rlat can use: its keys are index terms (tokenizer + stemmer).
KEYED_BY = f"tok{TOKENIZER_VERSION}+{STEMMER}"
_HEAD = struct.Struct("<8sIHH")
PATH = Path(__file__).resolve().parent.parent / "data" / "wordvec.bin"
MEANING_PATH = PATH.with_name("meaning.bin")
_LITTLE = sys.byteorder == "little"


def pack(keys: list[str], vectors: bytes, dims: int, keyed_by: str = KEYED_BY) -> bytes:
    """The file for ``keys`` (sorted by their UTF-8 bytes, made by the ``keyed_by`` analyzer)
    and their int8 ``vectors``."""
    blobs = [k.encode("utf-8") for k in keys]
    if blobs != sorted(blobs) or len(vectors) != len(keys) * dims:
        raise ValueError("keys must be sorted by bytes and match the vectors")
    offsets = array("I", [0])
    for b in blobs:
        offsets.append(offsets[-1] + len(b))
    if not _LITTLE:
        offsets.byteswap()
    scheme = keyed_by.encode("utf-8")
    body = (_HEAD.pack(MAGIC, len(keys), dims, len(scheme)) + scheme + offsets.tobytes()
            + b"".join(blobs))
    body += b"\0" * (-len(body) % 8)
    return body + vectors


class Table:
    """A word-vector file, mapped; ``vector(term)`` reads one entry on demand."""

    def __init__(self, data) -> None:
        magic, n, dims, scheme = _HEAD.unpack_from(data, 0)
        if magic != MAGIC or not dims:
            raise ValueError("not an rlat word-vector file")
        self.n, self.dims = n, dims
        mv = memoryview(data)
        start = _HEAD.size + scheme
        self.keyed_by = bytes(mv[_HEAD.size:start]).decode("utf-8", "replace")
        if start + 4 * (n + 1) > len(data):
            raise ValueError("word-vector file is truncated")
        self._offsets = mv[start:start + 4 * (n + 1)].cast("I") if _LITTLE else \
            _swapped(mv[start:start + 4 * (n + 1)])
        self._keys_at = start + 4 * (n + 1)
        end = self._keys_at + self._offsets[n]
        self._vectors_at = end + (-end % 8)
        if self._vectors_at + n * dims > len(data):
            raise ValueError("word-vector file is truncated")
        self._mv = mv
        self._data = data
        self._cache: dict[str, tuple | None] = {}
        # identifies the table (claim vectors made with another one are recomputed): its size
        # and a checksum of 64 samples spread over its vectors (reading all would cost the
        # hook milliseconds; the first bytes alone are a rare stem's, alike across tables)
        span = n * dims
        samples = b"".join(bytes(mv[self._vectors_at + i * span // 64:
                                    self._vectors_at + i * span // 64 + 16]) for i in range(64))
        self.id = f"wv{n}x{dims}-{zlib.crc32(samples):08x}"

    def _key(self, i: int) -> bytes:
        at = self._keys_at
        return self._data[at + self._offsets[i]:at + self._offsets[i + 1]]

    def vector(self, term: str) -> tuple | None:
        """The int8 vector of ``term`` (a tuple of ints), or None when the table lacks it."""
        cache = self._cache
        if term in cache:
            return cache[term]
        key = term.encode("utf-8", "surrogatepass")
        lo, hi = 0, self.n
        while lo < hi:
            mid = (lo + hi) >> 1
            if self._key(mid) < key:
                lo = mid + 1
            else:
                hi = mid
        out = None
        if lo < self.n and self._key(lo) == key:
            at = self._vectors_at + lo * self.dims
            out = tuple(self._mv[at:at + self.dims].cast("b"))
        cache[term] = out
        return out

    def embed(self, terms: Iterable[str],
              weight: Callable[[str], float] | None = None) -> list[float] | None:
        """The unit vector of a text from its terms (each distinct term once, its vector times
        ``weight(term)``, or as it is without ``weight``), or None when no term is in the
        table."""
        acc = None
        for term in set(terms):
            vec = self.vector(term)
            if vec is None:
                continue
            if weight is not None:
                w = weight(term)
                vec = [w * x for x in vec]
            acc = list(vec) if acc is None else list(map(operator.add, acc, vec))
        if acc is None:
            return None
        norm = math.sqrt(sum(a * a for a in acc))
        return [a / norm for a in acc] if norm else None


def _swapped(mv: memoryview) -> array:
    out = array("I")
    out.frombytes(bytes(mv))
    out.byteswap()
    return out


def quantise(vec: list[float] | None, dims: int) -> bytes:
    """A unit vector as int8 bytes (x127); zeros for None (similarity 0 to everything)."""
    if vec is None:
        return bytes(dims)
    return array("b", [max(-127, min(127, round(x * 127))) for x in vec]).tobytes()


def cosine(prompt: list[float], stored: bytes | memoryview) -> float:
    """The cosine of a unit prompt vector and a quantised unit vector (``quantise``)."""
    return sum(map(float.__mul__, prompt, memoryview(stored).cast("b"))) / 127.0


# (keyed by the path as given: capture asks for a table once per unknown-looking word, and
# building a Path to look it up cost more than the lookup)
_tables: dict[str, Table | None] = {}


def _open(path: Path | str) -> Table | None:
    """The table at ``path`` (mapped on first use), or None when it is missing, unreadable or
    keyed by another analyzer (``KEYED_BY``)."""
    key = os.fspath(path)
    if key not in _tables:
        found = None
        try:
            with open(key, "rb") as fh:
                data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
            found = Table(data)
        except (OSError, ValueError, IndexError, struct.error):
            found = None  # (a damaged table must never stop recall)
        if found is not None and found.keyed_by != KEYED_BY:
            found = None
        _tables[key] = found
    return _tables[key]


def table() -> Table | None:
    """The re-ranking table (``RLAT_WORDVEC`` or the shipped one), or None when it is missing,
    unreadable or keyed by another analyzer — recall then ranks lexically."""
    return _open(os.environ.get("RLAT_WORDVEC") or PATH)


def meaning_table() -> Table | None:
    """The meaning table (``RLAT_MEANING_VEC`` or the shipped one), or None when it is
    missing, unreadable or keyed by another analyzer — abstention then judges words alone."""
    return _open(os.environ.get("RLAT_MEANING_VEC") or MEANING_PATH)
