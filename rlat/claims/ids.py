"""Content-derived identifiers: the same claim from two sessions gets one id."""

from __future__ import annotations

import os
import unicodedata

try:  # the SHA-256 module itself: hashlib would load OpenSSL (~3 ms), a cost every hook pays
    from _sha256 import sha256
except ImportError:  # pragma: no cover - other builds and Python versions
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

_EDGE_PUNCT = " \t\n.;:!,"

ID_HEX = 16


def normalise_text(text: str) -> str:
    """The spelling two claims must share to be the same claim: NFKC, case-folded,
    whitespace collapsed, trailing sentence punctuation dropped."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(folded.split()).strip(_EDGE_PUNCT)


def claim_id(text: str, claim_type: str, subject: str = "") -> str:
    key = "\x00".join((normalise_text(text), claim_type, normalise_text(subject)))
    return sha256(key.encode("utf-8")).hexdigest()[:ID_HEX]


def fingerprint(text: str) -> str:
    """A claim's portable fingerprint (text only), used by lenses across knowledge models."""
    return sha256(normalise_text(text).encode("utf-8")).hexdigest()[:ID_HEX]


def content_hash(text: str) -> str:
    """Hash of exact content (passages, cited excerpts). Not normalised: any change counts."""
    return sha256(text.encode("utf-8")).hexdigest()[:ID_HEX]


def new_event_id() -> str:
    return os.urandom(8).hex()
