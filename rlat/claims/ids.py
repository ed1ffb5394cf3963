"""Content-derived identifiers: the same claim from two sessions gets one id."""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata

_SPACE = re.compile(r"\s+")
_EDGE_PUNCT = " \t\n.;:!,"

ID_HEX = 16


def normalise_text(text: str) -> str:
    """The spelling two claims must share to be the same claim: NFKC, case-folded,
    whitespace collapsed, trailing sentence punctuation dropped."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _SPACE.sub(" ", folded).strip(_EDGE_PUNCT)


def claim_id(text: str, claim_type: str, subject: str = "") -> str:
    key = "\x00".join((normalise_text(text), claim_type, normalise_text(subject)))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:ID_HEX]


def fingerprint(text: str) -> str:
    """A claim's portable fingerprint (text only), used by lenses across knowledge models."""
    return hashlib.sha256(normalise_text(text).encode("utf-8")).hexdigest()[:ID_HEX]


def content_hash(text: str) -> str:
    """Hash of exact content (passages, cited excerpts). Not normalised: any change counts."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:ID_HEX]


def new_event_id() -> str:
    return os.urandom(8).hex()
