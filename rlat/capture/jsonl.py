"""One line of a Claude Code transcript (JSONL) as a JSON value: the one decoding rule for the
transcript reader (``rlat.capture.transcript``) and the hook that reads a transcript's tail
itself (Stop).

Standard library only: the hook path imports it.
"""

from __future__ import annotations

import json

_decode = json.JSONDecoder().decode


def line_value(raw: bytes) -> object:
    """The JSON value on ``raw``, one line. A byte that is not UTF-8 becomes U+FFFD: one bad
    byte (a tool's binary output, a file cut mid-character) costs one character, not the whole
    line and the message it held. A byte-order mark opening the line (a transcript saved by an
    editor that writes one) is not part of the JSON. Raises ValueError (or RecursionError, for
    JSON nested ~1,000 deep) when the line is not JSON."""
    return _decode(raw.decode("utf-8", "replace").removeprefix("\ufeff"))
