"""Text bound for a terminal: no escape sequences or control characters from transcripts.

A claim's text, an excerpt or a path comes from a session transcript, i.e. from whatever a
tool printed or a web page held. Printed raw, an escape sequence in it is executed by the
user's terminal: it can move the cursor and overwrite lines (fake output), retitle the
window, hide text, write the clipboard (OSC 52) or plant a link (OSC 8). So every CLI output
that shows such text passes through here: ``terminal_safe`` for text output, ``json_safe``
for JSON (the encoders already escape C0 controls, ESC included; C1 controls they leave raw).

Only the standard library.
"""

from __future__ import annotations

import re

# Whole sequences are removed (their parameters and payloads mean nothing as text):
# CSI (ESC [ … final byte), the string sequences OSC / DCS / SOS / PM / APC up to their
# terminator (BEL or ST; never across a line, so an unterminated one cannot eat the output),
# their 8-bit C1 forms, and two-character escapes (ESC + one byte).
_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -~]?"
)
# Every other C0 control but newline and tab, DEL, and the C1 controls.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_C1_OR_DEL = re.compile(r"[\x7f-\x9f]")
REPLACEMENT = "\ufffd"  # what a stray control character becomes: visible, harmless


def terminal_safe(text: str) -> str:
    """``text`` with escape sequences removed and other control characters (but newline and
    tab) replaced by U+FFFD. Text without any is returned as is (one regex scan)."""
    if _CONTROL.search(text) is None:
        return text
    text = _SEQUENCE.sub("", text.replace("\r\n", "\n"))
    return _CONTROL.sub(REPLACEMENT, text)


def json_safe(encoded: str) -> str:
    """Encoded JSON with DEL and C1 controls written as ``\\u00XX`` escapes: the same data,
    nothing a terminal executes (they can only occur inside string literals)."""
    if _C1_OR_DEL.search(encoded) is None:
        return encoded
    return _C1_OR_DEL.sub(lambda m: f"\\u{ord(m.group()):04x}", encoded)


def short_text(text: str, n: int = 90) -> str:
    """A claim's or passage's text on one line, for the terminal (it may come from a
    transcript or a corpus, so escape sequences are taken out)."""
    text = " ".join(terminal_safe(text).split())
    return text if len(text) <= n else text[: n - 3] + "..."


def quoted(text: str) -> str:
    """``text`` as a user typed it, quoted for a one-line message ('ab\\xffc'): a byte that was
    not UTF-8 (an argument's undecodable byte, held as a surrogate) shows as ``\\xNN``, as the
    user's shell would show it, not as Python's ``\\udcNN``; controls are escaped, so nothing
    in it acts on the terminal."""
    parts = []
    for ch in text:
        if "\udc80" <= ch <= "\udcff":
            parts.append(f"\\x{ord(ch) - 0xDC00:02x}")
        elif ch == "\\":
            parts.append("\\\\")
        elif ch.isprintable():
            parts.append(ch)
        else:
            parts.append(repr(ch)[1:-1])
    return "'" + "".join(parts) + "'"
