"""Chunking: a source file's text → passages (character and line spans plus a label).

Every chunk is an exact slice ``text[start:end]`` (so a passage re-reads to exactly its text)
with no blank line at either edge. The boundaries a chunk may start at come in strengths:

===========  =====================================  ======================================
kind         strong (a new section)                 weak (inside a section)
===========  =====================================  ======================================
markdown     a heading line (ATX ``#`` or setext)   a line after a blank line
code         a column-0 line after a blank line     an indented line after a blank line
             (a top-level definition or block)      (a method, a block inside a body)
text         —                                      a line after a blank line (paragraph)
===========  =====================================  ======================================

and, last, any line start. Markdown boundaries never fall inside a fenced code block (```` ``` ````
or ``~~~``), so a fence is never split, even when it is longer than ``max_chars``.

Sections (split at strong boundaries) become chunks; a section shorter than ``min_chars`` is
merged with the next while they fit in ``max_chars``; a section longer than ``max_chars`` is cut
at weak boundaries (then at line starts) and its pieces are packed up to ``max_chars``.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

DEFAULT_MIN_CHARS = 200
DEFAULT_MAX_CHARS = 2000

MARKDOWN_EXTS = frozenset({"md", "markdown", "mdx", "mkd"})
CODE_EXTS = frozenset({
    "py", "pyi", "js", "mjs", "cjs", "jsx", "ts", "tsx", "go", "rs", "java", "kt", "kts", "scala",
    "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "cs", "rb", "php", "swift", "m", "mm", "lua",
    "pl", "pm", "r", "jl", "sh", "bash", "zsh", "fish", "ps1", "sql", "ex", "exs", "erl", "hs",
    "ml", "clj", "dart", "vue", "svelte", "el", "vim", "zig", "nim", "toml", "yaml", "yml",
    "json", "ini", "cfg", "conf", "css", "scss", "html", "htm", "xml", "proto", "tf", "gradle",
    "cmake", "mk", "make", "dockerfile",
})
TEXT_EXTS = frozenset({"txt", "rst", "text", "adoc", "org", "tex", "csv", "tsv", "log"})
DEFAULT_EXTS = tuple(sorted(MARKDOWN_EXTS | CODE_EXTS | TEXT_EXTS))


def kind_for(name: str) -> str:
    """``markdown``, ``code`` or ``text`` for a file name."""
    lower = name.lower()
    base = lower.rsplit("/", 1)[-1]
    if base in ("makefile", "dockerfile", "justfile", "rakefile", "gemfile"):
        return "code"
    ext = base.rsplit(".", 1)[-1] if "." in base else ""
    if ext in MARKDOWN_EXTS:
        return "markdown"
    if ext in CODE_EXTS:
        return "code"
    return "text"


@dataclass(slots=True)
class Chunk:
    start: int  # character offset of the first character
    end: int  # character offset just past the last character
    line_start: int  # 1-based line of the first character
    line_end: int  # 1-based line of the last character (inclusive)
    label: str  # heading path (markdown), first definition line (code), first words (text)


# ----------------------------------------------------------------------- boundary finders
_BLANK_RUN = re.compile(r"\n(?:[ \t]*\n)+")
_PARA = re.compile(r"\n(?:[ \t]*\n)+(?=\S|[ \t]+\S)")
_FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_DEF_WORDS = (
    "def ", "class ", "async def ", "function ", "async function ", "func ", "fn ", "pub fn ",
    "pub(crate) fn ", "pub async fn ", "struct ", "pub struct ", "enum ", "pub enum ", "trait ",
    "pub trait ", "impl ", "impl<", "interface ", "type ", "module ", "object ",
    "export function ", "export class ", "export default ", "export const ", "export async ",
)
# Definition keywords by file extension (labels only); other code uses _DEF_WORDS.
_LANG_DEF_WORDS = {
    "py": ("def ", "class ", "async def "),
    "pyi": ("def ", "class ", "async def "),
    "go": ("func ", "type "),
    "rs": ("fn ", "pub fn ", "pub(crate) fn ", "async fn ", "pub async fn ", "struct ",
           "pub struct ", "enum ", "pub enum ", "trait ", "pub trait ", "impl ", "impl<", "mod ",
           "pub mod "),
    "js": ("function ", "async function ", "class ", "export function ", "export class ",
           "export default ", "export const ", "export async "),
}
for _ext in ("mjs", "cjs", "jsx", "ts", "tsx"):
    _LANG_DEF_WORDS[_ext] = _LANG_DEF_WORDS["js"] + ("interface ", "type ", "export interface ",
                                                     "export type ")


def _starts(regex: re.Pattern, text: str) -> list[int]:
    return [m.end() for m in regex.finditer(text)]


def _code_boundaries(text: str) -> tuple[list[int], list[int]]:
    """(strong, weak): line starts after a blank line, at column 0 (not a closing bracket) or
    indented, found in one pass."""
    strong: list[int] = []
    weak: list[int] = []
    size = len(text)
    for pos in _starts(_BLANK_RUN, text):
        if pos >= size:
            continue
        ch = text[pos]
        if ch == " " or ch == "\t":
            weak.append(pos)
        elif ch not in ")]}\r\n":
            strong.append(pos)
    return strong, weak


def _markdown_boundaries(text: str) -> tuple[list[int], list[int], list[int],
                                             list[tuple[int, int, str]], list[tuple[int, int]]]:
    """(strong, weak, allowed line starts, headings (offset, level, title), fence spans);
    boundaries are never inside a fence."""
    strong: list[int] = []
    weak: list[int] = []
    lines_ok: list[int] = []
    headings: list[tuple[int, int, str]] = []
    fences: list[tuple[int, int]] = []
    fence_start = 0
    fence: str | None = None
    prev_blank = True
    prev_start = -1
    prev_text = ""
    prev_prev_blank = True
    pos = 0
    for line in text.splitlines(keepends=True):
        start = pos
        pos += len(line)
        body = line.rstrip("\r\n")
        blank = not body.strip()
        if fence is not None:
            stripped = body.strip()
            if stripped.startswith(fence[0]) and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
                fence = None
                fences.append((fence_start, pos))
            prev_blank, prev_prev_blank, prev_start, prev_text = False, False, -1, ""
            continue
        opened = _FENCE_OPEN.match(body)
        if opened and not (opened.group(1)[0] == "`" and "`" in opened.group(2)):
            fence = opened.group(1)
            fence_start = start
        lines_ok.append(start)
        if prev_blank and not blank:
            weak.append(start)
        if fence is None:
            atx = _ATX.match(body)
            if atx:
                strong.append(start)
                headings.append((start, len(atx.group(1)), (atx.group(2) or "").strip()))
            elif (_SETEXT.match(body) and not prev_blank and prev_start >= 0 and prev_prev_blank
                  and prev_text.strip()):
                if not strong or strong[-1] != prev_start:
                    strong.append(prev_start)
                headings.append((prev_start, 1 if body.strip()[0] == "=" else 2, prev_text.strip()))
                if weak and weak[-1] == start:
                    weak.pop()
        prev_prev_blank = prev_blank
        prev_blank = blank
        prev_start, prev_text = (start, body) if fence is None else (-1, "")
    if fence is not None:
        fences.append((fence_start, len(text)))
    return strong, weak, lines_ok, headings, fences


_NEWLINE = re.compile(r"\n")


def _line_starts_in(text: str, start: int, end: int) -> list[int]:
    return [m.end() for m in _NEWLINE.finditer(text, start, end - 1)]


# ----------------------------------------------------------------------------- packing
def _between(cands: list[int], start: int, end: int) -> list[int]:
    lo = bisect.bisect_right(cands, start)
    hi = bisect.bisect_left(cands, end)
    return cands[lo:hi]


def _cut(start: int, end: int, points: list[int]) -> list[tuple[int, int]]:
    pieces = []
    prev = start
    for p in points:
        pieces.append((prev, p))
        prev = p
    pieces.append((prev, end))
    return pieces


def _fill(pieces: list[tuple[int, int]], max_chars: int) -> list[tuple[int, int]]:
    """Merge consecutive pieces while the merged piece fits in max_chars."""
    out: list[tuple[int, int]] = []
    for s, e in pieces:
        if out and e - out[-1][0] <= max_chars:
            out[-1] = (out[-1][0], e)
        else:
            out.append((s, e))
    return out


_SENTENCE = re.compile(r"(?<=[.!?;:])[ \t]+(?=\S)")
_WORD = re.compile(r"[ \t]+(?=\S)")


class _Splitter:
    def __init__(self, text: str, levels: list[list[int]], line_ok: list[int] | None,
                 max_chars: int, *, prose: bool = False,
                 fences: list[tuple[int, int]] | None = None) -> None:
        self.text = text
        self.levels = levels  # weaker boundary lists, strongest first
        self.line_ok = line_ok  # allowed line starts (None: every line start)
        self.max_chars = max_chars
        self.prose = prose  # a line longer than max_chars may be cut at sentences, then words
        self.fences = fences or []
        self.fence_starts = [f[0] for f in self.fences]

    def _in_fence(self, pos: int) -> bool:
        i = bisect.bisect_right(self.fence_starts, pos) - 1
        return i >= 0 and pos < self.fences[i][1]

    def _inline(self, regex: re.Pattern, start: int, end: int) -> list[int]:
        return [m.end() for m in regex.finditer(self.text, start, end)
                if start < m.end() < end and not self._in_fence(m.end())]

    def split(self, start: int, end: int, level: int = 0) -> list[tuple[int, int]]:
        if end - start <= self.max_chars:
            return [(start, end)]
        if level < len(self.levels):
            points = _between(self.levels[level], start, end)
        elif level == len(self.levels):
            if self.line_ok is None:
                points = _line_starts_in(self.text, start, end)
            else:
                points = _between(self.line_ok, start, end)
        elif self.prose and level == len(self.levels) + 1:
            points = self._inline(_SENTENCE, start, end)
        elif self.prose and level == len(self.levels) + 2:
            points = self._inline(_WORD, start, end)
        else:
            return [(start, end)]  # nothing left to cut at (e.g. one long fenced block)
        if not points:
            return self.split(start, end, level + 1)
        out: list[tuple[int, int]] = []
        for s, e in _cut(start, end, points):
            out.extend(self.split(s, e, level + 1) if e - s > self.max_chars else [(s, e)])
        return _fill(out, self.max_chars)


def _sections(text: str, strong: list[int], splitter: _Splitter, min_chars: int,
              max_chars: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in _cut(0, len(text), strong):
        pieces = splitter.split(s, e)
        for ps, pe in pieces:
            if out and (out[-1][1] - out[-1][0] < min_chars or _blankish(text, out[-1])) \
                    and pe - out[-1][0] <= max_chars:
                out[-1] = (out[-1][0], pe)
            else:
                out.append((ps, pe))
    # a short tail joins the chunk before it when they fit together
    if len(out) > 1 and out[-1][1] - out[-1][0] < min_chars and out[-1][1] - out[-2][0] <= max_chars:
        out[-2:] = [(out[-2][0], out[-1][1])]
    return out


def _blankish(text: str, span: tuple[int, int]) -> bool:
    return not text[span[0] : span[1]].strip()


# ----------------------------------------------------------------------------- labels
def _heading_label(headings: list[tuple[int, int, str]], offset: int, upto: int) -> str:
    """The heading path in force at ``offset`` (a heading within the chunk's first line counts)."""
    stack: list[tuple[int, str]] = []
    for pos, level, title in headings:
        if pos > upto:
            break
        while stack and stack[-1][0] >= level:
            stack.pop()
        stack.append((level, title))
    return " > ".join(t for _l, t in stack if t)


def _first_line(text: str, start: int, end: int, limit: int = 80) -> str:
    line = text[start:end].lstrip("\n").split("\n", 1)[0].strip()
    return line[: limit - 1] + "…" if len(line) > limit else line


def _def_line(line: str) -> str:
    line = line.strip().rstrip(":{").strip()
    return line[:79] + "…" if len(line) > 80 else line


_DEF_RE: dict[tuple[str, ...], re.Pattern] = {}


def _definitions(text: str, lang: str) -> tuple[list[int], list[int]]:
    """(line starts of every definition line, of the top-level ones)."""
    words = _LANG_DEF_WORDS.get(lang, _DEF_WORDS)
    regex = _DEF_RE.get(words)
    if regex is None:
        regex = _DEF_RE[words] = re.compile(
            r"\n[ \t]*(?:" + "|".join(re.escape(w) for w in words) + ")")
    every: list[int] = []
    top: list[int] = []
    if text.lstrip(" \t").startswith(words):
        every.append(0)
        if text[0] not in " \t":
            top.append(0)
    for m in regex.finditer(text):
        pos = m.start() + 1
        every.append(pos)
        if text[pos] not in " \t":
            top.append(pos)
    return every, top


def _line_at(text: str, pos: int) -> str:
    eol = text.find("\n", pos)
    return text[pos : eol if eol >= 0 else len(text)]


def _code_label(text: str, start: int, end: int, defs: tuple[list[int], list[int]]) -> str:
    """The first definition line in the chunk, else the top-level definition it continues,
    else its first line."""
    every, top = defs
    i = bisect.bisect_left(every, start)
    if i < len(every) and every[i] < end:
        return _def_line(_line_at(text, every[i]))
    if text[start] in " \t":  # starts inside a body: name the definition it continues
        j = bisect.bisect_right(top, start) - 1
        if j >= 0:
            return _def_line(_line_at(text, top[j])) + " (continued)"
    return _first_line(text, start, end)


# ------------------------------------------------------------------------------- entry
def chunk(text: str, kind: str, min_chars: int = DEFAULT_MIN_CHARS,
          max_chars: int = DEFAULT_MAX_CHARS, *, lang: str = "") -> list[Chunk]:
    """Split ``text`` (a whole file) into chunks. ``kind``: markdown, code or text; ``lang``
    (a file extension, e.g. ``py``) picks the definition keywords used for code labels."""
    if max_chars < 1:
        raise ValueError("max_chars must be at least 1")
    min_chars = max(0, min(min_chars, max_chars))
    if not text.strip():
        return []
    headings: list[tuple[int, int, str]] = []
    if kind == "markdown":
        strong, weak, line_ok, headings, fences = _markdown_boundaries(text)
        splitter = _Splitter(text, [weak], line_ok, max_chars, prose=True, fences=fences)
    elif kind == "code":
        strong, weak = _code_boundaries(text)
        splitter = _Splitter(text, [weak], None, max_chars)
    else:
        strong = []
        splitter = _Splitter(text, [_starts(_PARA, text)], None, max_chars, prose=True)
    spans = _sections(text, strong, splitter, min_chars, max_chars)

    defs = _definitions(text, lang.lower()) if kind == "code" else ([], [])
    chunks: list[Chunk] = []
    line = 1
    counted = 0
    for s, e in spans:
        # trim blank lines at the start and whitespace at the end
        body_start = s
        while True:
            nl = text.find("\n", body_start, e)
            if nl < 0 or text[body_start:nl].strip():
                break
            body_start = nl + 1
        body_end = e
        while body_end > body_start and text[body_end - 1].isspace():
            body_end -= 1
        if body_end <= body_start:
            continue
        line += text.count("\n", counted, body_start)
        counted = body_start
        last = line + text.count("\n", body_start, body_end - 1)
        if kind == "markdown":
            eol = text.find("\n", body_start, body_end)
            label = _heading_label(headings, body_start, body_end if eol < 0 else eol)
            label = label or _first_line(text, body_start, body_end)
        elif kind == "code":
            label = _code_label(text, body_start, body_end, defs)
        else:
            label = _first_line(text, body_start, body_end)
        chunks.append(Chunk(body_start, body_end, line, last, label))
    return chunks
