"""Secret scrubbing: nothing that looks like a credential reaches the store, an index or a log.

Every rule here is our own, written from each provider's public description of its token
format (docs/capture.md has the table). A rule is a regex plus the literal keywords that must
appear in the text for it to possibly match: the keyword pre-filter (one ``in`` test on the
lower-cased text per rule) is what keeps scrubbing fast, because most text contains none of them.

Replacements are markers, ``[REDACTED:<rule>]``; for rules keyed on a name (``password=…``,
``Authorization: …``, ``user:pass@host``) only the value is replaced, so the text still says
*what* was there. No marker can be matched by any rule, so scrubbing is idempotent.

Two kinds of rule:

- **format rules** (token families, PEM blocks, JWTs) fire on shape alone. A documented example
  value such as ``AKIAIOSFODNN7EXAMPLE`` has the shape of a real key and is redacted like one:
  we cannot tell a real key that happens to spell EXAMPLE from a fake one, and redacting a doc
  example costs nothing.
- **heuristic rules** (keyword assignments, high-entropy strings) need judgement, so they skip
  obvious placeholders (``changeme``, ``<your-key>``, ``${API_KEY}``, ``xxxx``), code
  references (``os.environ[…]``, ``args.password``) and low-entropy values.

This module imports only the standard library (the hook path imports it).
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import os
import re
import string
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from . import patterns

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

MARK_PREFIX = "[REDACTED:"


# The rule for a URL's password ("postgres://app:secret@db:5432/app"): what is left, where the
# service is, may be kept as a fact (rlat.capture.facts).
URI_CREDENTIALS = "uri-credentials"


def marker(rule: str) -> str:
    return f"{MARK_PREFIX}{rule}]"


_MARKED = rx(re.escape(MARK_PREFIX) + r"([\w-]+)\]")


def marked_rules(text: str) -> list[str]:
    """The rules of the ``marker`` placeholders in ``text``, in order."""
    return _MARKED.findall(text)


# ---------------------------------------------------------------- helpers for heuristic rules

def shannon_entropy(text: str) -> float:
    """Bits per character of ``text`` (0 for empty text)."""
    if not text:
        return 0.0
    counts: dict[str, int] = {}
    for ch in text:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(text)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


_PLACEHOLDER_WORDS = {
    "password", "passwd", "secret", "token", "changeme", "change_me", "change-me", "example",
    "sample", "dummy", "placeholder", "redacted", "hidden", "null", "none", "nil", "true",
    "false", "undefined", "empty", "required", "optional", "string", "str", "test", "testing",
    "default", "your_password", "yourpassword", "mypassword", "my_password", "your_token",
    "your_api_key", "your-api-key", "api_key", "apikey", "secret_key", "xxx", "foo", "bar",
    "foobar", "value", "env", "todo", "tbd", "notset", "not_set", "unset", "off", "on",
}
_PLACEHOLDER_SHAPES = rx(
    r"""^(?:
        [<\[{(].*[>\]})]          # <your-key>, [token], {secret}, (redacted)
      | \$\{?[A-Za-z_][A-Za-z0-9_]*\}?   # $VAR, ${VAR}
      | \{\{.*\}\}                # {{ template }}
      | %\(?[A-Za-z_]+\)?s?%?     # %(password)s, %PASSWORD%
      | (.)\1{2,}                 # xxxx, ****, ....
      | (?:your|my|the|some|example|sample|dummy|fake|test)[_\-]?[a-z_\-]*
      | [a-z_\-]*(?:here|placeholder|example|changeme|redacted)
      | REDACTED.*
    )$""",
    re.IGNORECASE | re.VERBOSE,
)
# A bare reference to something else, not a value: ``args.password``, ``user_password``,
# ``getPassword``, ``os.environ``. Quoted values are never treated as references.
_DOTTED = rx(r"^(?:[A-Za-z_][A-Za-z0-9_]*\.)+[A-Za-z_][A-Za-z0-9_]*$")  # a.b.c
_REFERENCE = rx(
    r"^_*[a-z]+(?:_[a-z0-9]+)+$"                               # snake_case words
    r"|^[a-z]+(?:[A-Z][a-z]+)+[0-9]*$"                         # camelCase words
    r"|^(?:[A-Z][a-z]+)+[0-9]*$"                               # PascalCase words
)
# A password is rarely a bare word, but often words with digits (``Welcome1``, ``BlueSky42``);
# a name in code rarely ends in digits. So for passwords only digit-free words are names.
_WORD_NAME = rx(
    r"^_*[a-z]+(?:_[a-z]+)+$"                                  # snake_case words
    r"|^[a-z]+(?:[A-Z][a-z]+)+$"                               # camelCase words
    r"|^(?:[A-Z][a-z]+)+$"                                     # PascalCase words
)
# After an UPPER_CASE config name that ends in its keyword (DB_PASSWORD=, JWT_SECRET=) a word
# is the value (DB_PASSWORD=Bluebird, POSTGRES_PASSWORD: PurpleElephant): only the shapes of a
# variable in code still read as a name (const DB_PASSWORD = dbPassword; = db_password).
_CODE_NAME = rx(
    r"^_*[a-z]+(?:_[a-z]+)+$"                                  # snake_case words
    r"|^[a-z]+(?:[A-Z][a-z]+)+$"                               # camelCase words
)
# A type after "NAME:" (DB_PASSWORD: SecretStr, API_KEY: Final) is an annotation, not a value:
# a word of it (SecretStr: Secret, Str) is one of these.
_TYPE_WORDS = frozenset({
    "Secret", "Str", "String", "Bytes", "Text", "Final", "Class", "Var", "Optional", "Any",
    "Union", "Annotated", "Literal", "Field", "Type", "Pass", "Password", "Pwd", "Token", "Key",
    "Credential", "Credentials"})
_PASCAL_WORD = rx(r"[A-Z][a-z]*")


def is_placeholder(value: str) -> bool:
    v = value.strip().strip("\"'`")
    if not v or v.startswith(MARK_PREFIX):
        return True
    if v.lower() in _PLACEHOLDER_WORDS:
        return True
    return bool(_PLACEHOLDER_SHAPES.match(v))


def _classes(text: str) -> tuple[int, int, int]:
    upper = lower = digit = 0
    for ch in text:
        if "A" <= ch <= "Z":
            upper += 1
        elif "a" <= ch <= "z":
            lower += 1
        elif "0" <= ch <= "9":
            digit += 1
    return upper, lower, digit


# ---------------------------------------------------------------- rules

Replacer = Callable[["re.Match[str]", str], "str | None"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One scrubbing rule.

    ``triggers`` are the literals of the pre-filter: unless one of them occurs in the text the
    rule costs one substring test. ``exact`` triggers are searched case-sensitively in the text
    and the pattern runs over the whole text (it starts with a literal, so the regex engine
    skips to candidates itself). Otherwise the triggers are lower-case *anchors*: every place
    one occurs in the lower-cased text is a candidate, and the (case-insensitive) pattern is
    matched there, so a keyword rule never scans the text with a slow case-insensitive regex.
    ``boundary``: a match must not follow a letter or digit. ``replace`` returns the
    replacement or None to keep the match (a heuristic said no). ``in_runs``: every match is
    made of token characters (``_RUN_CHARS``), at least ``RUN_MIN`` of them, and holds a
    trigger, so the exact triggers are looked for only in the text's runs of that many token
    characters (collected once per scrub, and short: prose and code are mostly short words)."""

    name: str
    kind: str  # "format" | "heuristic" | "span"
    pattern: re.Pattern[str]
    triggers: tuple[str, ...]
    description: str
    replace: Replacer | None = None
    exact: bool = True
    boundary: bool = True
    contexts: tuple[str, ...] = ()  # empty: every context; else only these ("tool_output", …)
    finder: Callable[[str], Iterable[int]] | None = None  # candidate starts, instead of a scan
    in_runs: bool = False


def _whole(m: re.Match[str], rule: str) -> str:
    return marker(rule)


def _replace_group(m: re.Match[str], idx: int | str, rule: str) -> str:
    start, end = m.span(idx)
    base = m.start()
    whole = m.group(0)
    return whole[: start - base] + marker(rule) + whole[end - base:]


def _group(index: int) -> Replacer:
    """Replace only group ``index`` (the value), keep the rest of the match (the name)."""

    def replace(m: re.Match[str], rule: str) -> str | None:
        value = m.group(index)
        if value is None or is_placeholder(value):
            return None
        return _replace_group(m, index, rule)

    return replace


def _remove(m: re.Match[str], rule: str) -> str:
    return ""


_IDENTIFIER = rx(r"[A-Za-z_][A-Za-z_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def _looks_like_code(value: str, *, names: re.Pattern[str] | None = _REFERENCE,
                     dotted: bool = True) -> bool:
    """A reference to a value rather than a value: a call, an index, a path, a dotted name
    (``dotted``), a name of the shape ``names`` (None: no name is code)."""
    if any(c in value for c in "([{") or "://" in value:
        return True
    if value.startswith(("/", "./", "../", "~/")):
        return True
    if dotted and _DOTTED.match(value):
        return True
    return names is not None and bool(names.match(value))


def _config_style(m: re.Match[str]) -> bool:
    """Is the name UPPER_CASE (an env file, shell export, CI secret) rather than code?"""
    text, i = m.string, m.start()
    while i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_-."):
        i -= 1
    name = text[i:m.start("sep")].strip("\"' \t")
    return any(c.isalpha() for c in name) and name == name.upper()


def _names_a_secret(m: re.Match[str], value: str, quoted: bool) -> bool:
    """Is the name an UPPER_CASE config name ending in its keyword (``DB_PASSWORD``,
    ``PGPASSWORD``, ``REDIS_PASS``, ``JWT_SECRET``, ``GITHUB_TOKEN``; not
    ``PASSWORD_MIN_LENGTH``, ``TOKEN_TYPE``, ``MAX_TOKENS``), given a value rather than a type
    (``DB_PASSWORD: SecretStr``) or a description (``DB_PASSWORD: Password for the app``)?"""
    if not _config_style(m) or m.string[m.end("kw"):m.start("sep")].strip("\"' \t\\"):
        return False
    if m.group("sep").strip() == ":" and not quoted:
        rest = m.string[m.end():m.end() + 2]
        if not _TYPE_WORDS.isdisjoint(_PASCAL_WORD.findall(value)) \
                or (rest[:1] in (" ", "\t") and rest[1:].isalpha()):
            return False
    return True


def _assignment(m: re.Match[str], rule: str) -> str | None:
    """``password = …`` / ``api_key: …``: redact the value when it looks like one."""
    keyword = m.group("kw").lower()
    idx = "dq" if m.group("dq") is not None else "sq" if m.group("sq") is not None else "bare"
    quoted = idx != "bare"
    value = m.group(idx)
    if value is None or is_placeholder(value):
        return None
    if keyword == "pass":  # only as the end of an UPPER_CASE name: REDIS_PASS=, SMTP_PASS=
        start = m.start("kw")
        if m.group("kw") != "PASS" or (start and m.string[start - 1].isalnum()):
            return None
    config = _config_style(m)
    named = _names_a_secret(m, value, quoted)
    if keyword == "pass" and not named:
        return None
    password = keyword.startswith(("pass", "pwd"))
    if password or named:
        if len(value) < 4 or len(set(value)) < 3:
            return None
        if not quoted and "_" in value and _SECRET_WORD.search(value):
            return None  # a name for one (password_field = password_input_2)
        if not password:  # JWT_SECRET=Sunshine is a secret; MAX_TOKEN=4096, API_KEY=OTHER_KEY no
            literal = sum(c.isdigit() for c in value) >= 2
            if value.isdigit() or any(c.isspace() for c in value) \
                    or re.fullmatch(r"[A-Z][A-Z0-9_]*", value) \
                    or _looks_like_code(value, dotted=not literal, names=_CODE_NAME):
                return None
        elif not quoted and (_looks_like_code(value, names=_CODE_NAME if named else _WORD_NAME)
                             or (not config and _IDENTIFIER.fullmatch(value))):
            return None
    else:
        # An env file's or a JSON string's value with digits in it is literal: its dots do not
        # make it a dotted name (VAULT_TOKEN=hvs.CAES3k…, "token": "hvs.…"); a dotted name of
        # words is a reference even there (SECRET_KEY = settings.DJANGO_SECRET_KEY, "apiKey":
        # "process.env.NEXT_PUBLIC_API_KEY", GITHUB_TOKEN = credentials.githubToken2).
        literal = (config or quoted) and sum(c.isdigit() for c in value) >= 2
        # (and its snake_case is no name: SECRET_KEY=prod_a8f93kd02jf8s7)
        if len(value) < 12 or any(c.isspace() for c in value) \
                or _looks_like_code(value, dotted=not literal,
                                    names=None if literal else _REFERENCE):
            return None
        if (not literal and _IDENTIFIER.fullmatch(value)) \
                or re.fullmatch(r"[A-Z][A-Z0-9_]*", value):
            return None  # a name (often of an env variable), not a value
        upper, lower, digit = _classes(value)
        entropy = shannon_entropy(value)
        if entropy < 3.0 or (not digit and not (upper and lower and entropy >= 3.5)):
            return None
    return _replace_group(m, idx, rule)


_LOWER_WORDS = rx(r"[a-z]+(?:[\-_.][a-z]+)*")
_SECRET_WORD = rx(r"pass|pwd|secret|token|key", re.IGNORECASE)


def _credential(index: int, *, prose: bool = False) -> Replacer:
    """Header-style rules: the value after the name, unless it is a placeholder or code. A
    credential may contain dots (``abc.def.ghi``, a JWT): a dotted value is not taken for a
    name here. ``prose``: the name can be an ordinary word ("a bearer token-based scheme"), so
    lower-case words joined by ``-``/``_``/``.`` are kept."""

    def replace(m: re.Match[str], rule: str) -> str | None:
        value = m.group(index)
        if value is None or is_placeholder(value) or _looks_like_code(value, dotted=False):
            return None
        if prose and _LOWER_WORDS.fullmatch(value):
            return None
        return _replace_group(m, index, rule)

    return replace


def _option_value(m: re.Match[str], rule: str) -> str | None:
    """A secret option's value, unless it is a placeholder, another option, a variable
    (``--token $GITHUB_TOKEN`` names where the secret is), a file (``@token.txt``), a path, a
    spec (``--secret id=npmrc,src=…``) or a short lower-case word ("pass --token when …")."""
    idx, value = _matched_value(m)
    if value is None or value.startswith(("$", "@")) or "=" in value \
            or _looks_like_code(value, names=None, dotted=False) \
            or (value.isalpha() and value.islower() and len(value) <= 8):
        return None
    return _replace_group(m, idx, rule)


def _htpasswd(m: re.Match[str], rule: str) -> str | None:
    """``htpasswd`` with ``-b`` takes the password as its last argument: ``-b FILE USER PASS``,
    ``-nb USER PASS`` (flags anywhere before them)."""
    words = list(re.finditer(r"\S+", m.group(1)))
    flags = "".join(w.group(0)[1:] for w in words if w.group(0).startswith("-"))
    args = [w for w in words if not w.group(0).startswith("-")]
    if "b" not in flags or len(args) < (2 if "n" in flags else 3):
        return None
    password = args[-1]
    if is_placeholder(password.group(0)) or password.group(0).startswith("$"):
        return None
    start, end = m.start(1) + password.start(), m.start(1) + password.end()
    return m.string[m.start():start] + marker(rule) + m.string[end:m.end()]


def _said_password(m: re.Match[str], rule: str) -> str | None:
    """"the password is X": X when it has a digit (a word after "is" is prose: "stored",
    "correct"), and is no placeholder, path or reference."""
    value = m.group(1).rstrip(".!?:)")
    if len(value) < 6 or not any(c.isdigit() for c in value) or is_placeholder(value) \
            or _looks_like_code(value, names=None, dotted=False):
        return None
    return _replace_group(m, 1, rule)


def _matched_value(m: re.Match[str]) -> tuple[int, str | None]:
    """(the group, its value) of the alternative that matched; None for a placeholder or an
    option ("-…") where a value should be."""
    for idx in range(1, (m.re.groups or 0) + 1):
        value = m.group(idx)
        if value is not None:
            if is_placeholder(value) or value.startswith("-"):
                return idx, None
            return idx, value
    return 0, None


def _first_group(m: re.Match[str], rule: str) -> str | None:
    """Rules with alternatives: replace whichever value group matched (unless a placeholder)."""
    idx, value = _matched_value(m)
    return None if value is None else _replace_group(m, idx, rule)


_IMAGE_MAGIC = ("iVBORw0KGgo", "/9j/", "R0lGOD", "UklGR", "Qk", "AAABAA", "PHN2Zy", "JVBERi")
# Random-looking but public: an ssh public key's base64 body opens with its key type,
# length-prefixed (rsa, ed25519, ecdsa); an IPFS CIDv0 is Qm + 44 base58 characters.
_SSH_KEY_BODIES = ("AAAAB3NzaC1", "AAAAC3NzaC1", "AAAAE2VjZHNh")
# A digest named by its algorithm: npm/SRI integrity (sha512-…), nix (sha256-…), Docker
# (sha256:…), go.sum (h1:…); the run may begin with the label or follow it.
_DIGEST_LABEL = rx(r"(?:sha(?:1|224|256|384|512)|sha3-\d+|md5|blake2[bs](?:-\d+)?)-",
                           re.IGNORECASE)
_LABEL_BEFORE = rx(r"(?:\b(?:sha(?:1|224|256|384|512)|md5|h1|blake2[bs])[:=-]|"
                           r"\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|"
                           r"sk-ssh-ed25519@openssh\.com)\s+)$", re.IGNORECASE)
_LOWER_RUN = rx(r"[a-z]{4,}")
_B64_LINE = rx(r"[A-Za-z0-9+/=_\-]{40,}")


def _expected_entropy(n: int, k: int = 62) -> float:
    """Expected bits/character of n random characters from k symbols (Miller-Madow bias)."""
    return math.log2(k) - (k - 1) / (2 * n * math.log(2))


def _wrapped_block(m: re.Match[str]) -> bool:
    """Is the match one whole line of a wrapped base64 document (an image, a certificate, a
    file), i.e. is the line before or after it also a long base64 line?"""
    text, start, end = m.string, m.start(), m.end()
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end == -1 else line_end
    if text[line_start:start].strip() or text[end:line_end].strip():
        return False  # not alone on its line
    if line_start >= 2:
        prev_start = text.rfind("\n", 0, line_start - 1) + 1
        if _B64_LINE.fullmatch(text[prev_start:line_start - 1].strip()):
            return True
    if line_end < len(text):
        next_end = text.find("\n", line_end + 1)
        next_end = len(text) if next_end == -1 else next_end
        if _B64_LINE.fullmatch(text[line_end + 1:next_end].strip()):
            return True
    return False


_HEX = rx(r"[0-9a-fA-F]+")


def _high_entropy(m: re.Match[str], rule: str) -> str | None:
    """A long random-looking run: upper case, lower case and digits mixed about
    evenly, near the entropy of random text, not made of words. Hex digests, UUIDs, paths,
    identifiers, inline images and wrapped base64 documents are left alone."""
    s = m.group(0)
    n = len(s)
    if n > 256:  # inline images, encoded files: data, not a credential
        return None
    if s.startswith(_IMAGE_MAGIC + _SSH_KEY_BODIES) or (n == 46 and s.startswith("Qm")) or (
            n == 42 and s.startswith("0x") and _HEX.fullmatch(s, 2)):
        return None  # an ssh public key's body, an IPFS CIDv0, an EVM address: public by design
    if _DIGEST_LABEL.match(s) or _LABEL_BEFORE.search(m.string, max(0, m.start() - 40),
                                                      m.start()):
        return None  # a labelled digest (sha512-…, h1:…, sha256:…) or an ssh public key
    if s.count("/") > 2 or s.count("-") > 3 or s.count("_") > 3:
        return None  # paths, slugs, snake_case identifiers
    upper, lower, digit = _classes(s)
    if upper < 2 or lower < 2 or digit < 2:
        return None  # hex digests, UUIDs, words
    if not 0.25 <= upper / (upper + lower) <= 0.75:
        return None  # CamelCase identifiers, CONSTANTS
    if sum(len(w) for w in _LOWER_RUN.findall(s)) * 10 > 4 * n:
        return None  # mostly words
    if shannon_entropy(s) < _expected_entropy(n) - 0.6:
        return None
    if _wrapped_block(m):
        return None
    return marker(rule)


_RUN_CHARS = (string.ascii_letters + string.digits + "+/_-").encode()
_RUN_TABLE = bytes(0x61 if i in _RUN_CHARS else 0x20 for i in range(256))
_RUN_NEEDLE = b"a" * 32


def _long_runs(text: str) -> Iterable[int]:
    """Starts of runs of 32+ token characters, found with bytes.translate and find (C speed)
    instead of a regex that restarts at every position of every short run."""
    # one byte per character (non-latin-1 characters become "?", not a run character)
    mapped = text.encode("latin-1", "replace").translate(_RUN_TABLE)
    pos = mapped.find(_RUN_NEEDLE)
    while pos != -1:
        yield pos
        end = mapped.find(b" ", pos + 32)
        if end == -1:
            return
        pos = mapped.find(_RUN_NEEDLE, end)


# Token characters, for the pre-filter of the token-format rules (``Rule.in_runs``): every
# such token is a run of 24 or more of them (the shortest, a JWT, is eyJ + 8 . eyJ + 8 .).
RUN_MIN = 24
_TOKEN_CHARS = (string.ascii_letters + string.digits + "+/=_.~-").encode()
_TOKEN_TABLE = bytes(0x61 if i in _TOKEN_CHARS else 0x20 for i in range(256))
_TOKEN_NEEDLE = b"a" * RUN_MIN


def _token_runs(text: str) -> str:
    """The text's runs of ``RUN_MIN`` or more token characters, one a line: what the token
    rules' literals are looked for in (bytes.translate and find: C speed, like _long_runs).
    When runs are most of the text (base64, digests) the text itself, as cheap to search."""
    mapped = text.encode("latin-1", "replace").translate(_TOKEN_TABLE)
    runs: list[str] = []
    budget = len(text) // 2
    pos = mapped.find(_TOKEN_NEEDLE)
    while pos != -1:
        end = mapped.find(b" ", pos + RUN_MIN)
        if end == -1:
            end = len(text)
        budget -= end - pos
        if budget < 0:
            return text
        runs.append(text[pos:end])
        pos = mapped.find(_TOKEN_NEEDLE, end)
    return "\n".join(runs)


def _c(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return rx(pattern, flags)


_I = re.IGNORECASE
_KEYWORDS = (
    r"password|passwd|passphrase|pass|pwd|secret|api[_\-]?key|access[_\-]?key|token|"
    r"private[_\-]?key|credentials?|(?:master|encryption|signing)[_\-]?key"
)
# Where a keyword can begin (each found with one substring search of the lower-cased text).
_KEYWORD_ANCHORS = ("pass", "pwd", "secret", "api", "access", "token", "private", "credential",
                    "master", "encryption", "signing")
# A value given to a command-line flag: quoted, or a run up to whitespace or a shell operator.
# (Never a shell operator: ``--with-token < token.txt`` redirects a file, it names no secret.)
_FLAG_VALUE = r"""(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"`<>|&;][^\s;|&`'"]*))"""
# After a command's name, the rest of its line up to the flag that follows (not across a pipe
# or into the next command).
_ON_ITS_LINE = r"\b[^\n|;&]*?[ \t]"


def _user_and(sep: str) -> str:
    """``USER<sep>PASSWORD`` (lftp -u user,pass; smbclient -U user%pass): the password."""
    return (f"(?:'[^'{sep}\\n]*{sep}([^'\\n]+)'|\"[^\"{sep}\\n]*{sep}([^\"\\n]+)\""
            f"|[^\\s{sep}'\"]+{sep}([^\\s;|&`'\"]+))")


# Commands that take a password as a flag: mysql -pPASS, sshpass -p PASS, docker login -p PASS.
_MYSQL = r"(?:mysql(?:dump|admin|import|show|check|slap)?|mariadb(?:-dump|-admin)?)\b"
_REGISTRY_LOGIN = r"(?:docker|podman|nerdctl|buildah|skopeo|helm[ \t]+registry|oras)[ \t]+login\b"
_MONGO = r"mongo(?:sh|dump|restore|export|import|stat|top|files)?"
_LDAP = r"ldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn|exop|url)"
_PASSWORD_COMMAND = rx(
    f"{_MYSQL}|sshpass\\b|{_REGISTRY_LOGIN}|(?:{_MONGO}|{_LDAP}|openssl|(?:un)?zip|7z[arz]?"
    f"|sqlcmd|bcp|osql|influx|lftp|(?:smb|rpc)client)\\b")
_NAME_CHARS = frozenset(string.ascii_letters + string.digits + "_.-")
# The short flags those commands take a password with (--password and -password hold -p).
_PASSWORD_FLAG = rx(r"-[pPwkKuU]")
# Long options that take a secret as their value (``--password-stdin`` and ``--token-file``
# are other options: the name must end at a space or "=").
_SECRET_OPTION = (r"--(?:[a-z0-9]+-)*(?:password|passwd|passphrase|pass|token|secret|api-?key)"
                  r"(?:[ \t]+|=)")


def _password_commands(text: str) -> Iterable[int]:
    """Where a password-taking command starts, on lines that hold one of their flags (``-p``,
    which ``--password`` contains too, ``-P``, ``-w``, ``-k``, ``-u``, …): one scan of the text
    (a regex starting with the literal ``-``, as fast as a substring search), then only those
    lines."""
    starts: list[int] = []
    search = _PASSWORD_FLAG.search
    m = search(text)
    while m is not None:
        pos = m.start()
        if pos and text[pos - 1] not in " \t-":  # inside a word: site-packages, non-unique
            m = search(text, pos + 2)
            continue
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        line_end = len(text) if line_end == -1 else line_end
        for c in _PASSWORD_COMMAND.finditer(text, line_start, line_end):
            start = c.start()
            # a command's name, not part of a word, a file name or an option (gzip, x.7z), and
            # followed by its arguments (not prose: "Build the feed zip: ./gradlew … -Pkey=v")
            if (not start or text[start - 1] not in _NAME_CHARS) \
                    and text[c.end():c.end() + 1] in (" ", "\t"):
                starts.append(start)
        m = search(text, line_end)
    return starts


_PORT_FIELD = rx(r":(?:\d{2,5}|\*):")


def _pgpass_lines(text: str) -> Iterable[int]:
    """Starts of lines of five colon-separated fields, the second a port or ``*`` (a .pgpass
    line): only the lines holding ":5432:" or ":*:" are looked at."""
    starts: list[int] = []
    for m in _PORT_FIELD.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        if (starts and starts[-1] == start) or text.count(":", start, m.start()) != 0:
            continue  # (the port is the second field: no colon before it on its line)
        end = text.find("\n", m.end())
        if text.count(":", start, len(text) if end == -1 else end) == 4:
            starts.append(start)
    return starts


def _azure_keys(text: str) -> Iterable[int]:
    """Where ``AccountKey=`` / ``SharedAccessKey=`` start: one scan for ``Key=``."""
    starts: list[int] = []
    pos = text.find("Key=")
    while pos != -1:
        for name in ("Account", "SharedAccess"):
            if pos >= len(name) and text.startswith(name, pos - len(name)):
                starts.append(pos - len(name))
        pos = text.find("Key=", pos + 4)
    return starts


def _private_spans(text: str) -> Iterable[int]:
    """Where private spans start: each ``<private>`` (in any case) not inside the span before
    it, except the tag named alone in backticks (`` `<private>` ``, then no letter or digit)
    when no ``</private>`` closes it before the text's end (or a NUL): that is a mention, as
    docs naming the tag make it. One pass: the next closing tag and the next NUL are looked up
    again only once the scan has passed them, so many tags, spans or mentions cost no more
    than one."""
    low = _lowered(text)
    starts: list[int] = []
    close = nul = -2  # (-2: not looked up yet; -1: none after this point)
    pos = low.find("<private>")
    while pos != -1:
        if close != -1 and close < pos:
            close = low.find("</private>", pos)
        if nul != -1 and nul < pos:
            nul = text.find("\x00", pos)
        end = len(text) if nul == -1 else nul
        closed = close != -1 and close < end
        after = pos + 9
        while text[after:after + 1] == "`":
            after += 1
        if closed or text[pos - 1:pos] != "`" or after == pos + 9 \
                or text[after:after + 1].isalnum():  # (`<private>`12 Elm St: typed after it)
            starts.append(pos)
            pos = close + 10 if closed else end
        else:
            pos += 9
        pos = low.find("<private>", pos)
    return starts


def _literal_finder(*literals: str, back: int = 0) -> Callable[[str], Iterable[int]]:
    """Candidate starts: where any of ``literals`` occurs (one substring scan each), ``back``
    characters before it (for a token whose fixed part is not at its start)."""

    def find(text: str) -> Iterable[int]:
        starts: set[int] = set()
        for literal in literals:
            pos = text.find(literal)
            while pos != -1:
                if pos >= back:
                    starts.add(pos - back)
                pos = text.find(literal, pos + 1)
        return sorted(starts)

    return find


_PIPED_FROM = rx(r"\b(?:echo|printf)\b")


def _argument_commands(text: str) -> Iterable[int]:
    """Where a command taking a secret as a plain argument starts: ``git config``, ``npm``/
    ``yarn``/``pnpm config set``, ``rabbitmqctl``, and the ``echo``/``printf`` on the line of a
    ``|`` into ``sudo``/``chpasswd``/``passwd`` (found from the pipe, one fast scan for a single
    character: never a scan for echo)."""
    starts: set[int] = set()
    for literal in ("git config", "rabbitmqctl"):
        pos = text.find(literal)
        while pos != -1:
            starts.add(pos)
            pos = text.find(literal, pos + len(literal))
    pos = text.find(" config set")
    while pos != -1:
        for tool in ("npm", "yarn", "pnpm"):
            if text.startswith(tool, pos - len(tool)):
                starts.add(pos - len(tool))
        pos = text.find(" config set", pos + 11)
    pos = text.find("|")
    while pos != -1:
        after = pos + 1
        while text[after:after + 1] in (" ", "\t"):
            after += 1
        if text.startswith(("sudo", "chpasswd", "passwd"), after):
            for m in _PIPED_FROM.finditer(text, text.rfind("\n", 0, pos) + 1, pos):
                starts.add(m.start())
        pos = text.find("|", pos + 1)
    return sorted(starts)


def _auth_values(text: str) -> Iterable[int]:
    """Where ``"auth"`` / ``_auth`` (one scan for ``auth``) and ``eyJhdXRocyI6`` start."""
    starts: list[int] = []
    pos = text.find("auth")
    while pos != -1:
        if pos and text[pos - 1] in "\"_":
            starts.append(pos - 1)
        pos = text.find("auth", pos + 4)
    pos = text.find("eyJhdXRocyI6")
    while pos != -1:
        starts.append(pos)
        pos = text.find("eyJhdXRocyI6", pos + 12)
    return sorted(starts)


def _argument_value(m: re.Match[str], rule: str) -> str | None:
    """A secret given as a plain argument, unless a placeholder, a variable (``"$PW"``), an
    option, a file (``@file``) or a path: a lower-case word is a value here (``echo hunter |
    sudo -S`` is no sentence)."""
    idx, value = _matched_value(m)
    if value is None or value.startswith(("$", "@")) \
            or _looks_like_code(value, names=None, dotted=False):
        return None
    return _replace_group(m, idx, rule)


def _b64_bytes(value: str) -> bytes | None:
    """``value`` base64-decoded (padding added), or None when it is no base64."""
    try:
        return base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None


def _private_key(m: re.Match[str], rule: str) -> str | None:
    """A PEM block as it is, or base64-wrapped (a kubeconfig's ``client-key-data``, a
    Kubernetes secret's ``tls.key``): a base64 PEM is a secret only if its header, decoded,
    says PRIVATE KEY (a base64 certificate is public)."""
    whole = m.group(0)
    if whole.startswith("LS0t"):
        head = "".join(whole[:160].split())[:96]
        decoded = _b64_bytes(head[: len(head) // 4 * 4])
        if decoded is None or b"PRIVATE KEY" not in decoded.split(b"\n", 1)[0]:
            return None
    return marker(rule)


def _basic_credential(m: re.Match[str], rule: str) -> str | None:
    """Docker's ``"auth": "<base64 of user:password>"``, .npmrc's ``_auth=``: redacted when the
    value decodes to ``user:password`` (so ``"auth": "required"`` stays); a base64 Docker
    config (``.dockerconfigjson``, ``{"auths": …`` encoded) always."""
    idx, value = _matched_value(m)
    if value is None:
        return None
    if not value.startswith("eyJhdXRocyI6"):
        decoded = _b64_bytes(value)
        try:
            text = "" if decoded is None else decoded.decode("utf-8")
        except UnicodeDecodeError:
            return None
        if ":" not in text or not text.isprintable():
            return None
    return _replace_group(m, idx, rule)


RULES: tuple[Rule, ...] = (
    # Spans first: a private span or a PEM block may contain anything.
    Rule("private", "span",
         _c(r"<private>[^\x00]*?(?:</private>|(?=\x00)|\Z)", _I),
         ("<private>",),
         "<private>…</private> spans are removed entirely (unclosed: to the end of the text; "
         "the tag alone in backticks, `<private>`, is a mention)",
         _remove, exact=False, boundary=False, finder=_private_spans),
    Rule("private-key", "format",
         _c(r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----[^\x00]*?"
            r"(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|(?=\x00)|\Z)"
            # base64 of "-----BEGIN": the run, and the lines of base64 that continue it
            r"|LS0tLS1CRUdJTi[A-Za-z0-9+/]*={0,2}"
            r"(?:[ \t]*\r?\n[ \t]*(?:[A-Za-z0-9+/]{16,}={0,2}|[A-Za-z0-9+/]{2,}={1,2})"
            r"(?=[ \t]*(?:\r?\n|\Z)))*"),
         ("PRIVATE KEY", "LS0tLS1CRUdJTi"),
         "PEM / OpenSSH / PGP private-key blocks, across lines (unclosed: to the end); also "
         "base64-encoded (LS0tLS1CRUdJTi…, a kubeconfig's client-key-data) when the decoded "
         "header says PRIVATE KEY", _private_key, boundary=False),
    Rule("aws-access-key", "format",
         _c(r"A(?:KIA|SIA|BIA|CCA|GPA|IDA|ROA|IPA|NPA|NVA|PKA)[A-Z2-7]{16}\b"),
         (),
         "AWS access key ids: AKIA/ASIA/AROA/… + 16 base32 characters"),
    Rule("aws-secret-key", "format",
         _c(r"(?:aws_?secret_?(?:access_?)?key|secretaccesskey)[\"']?[ \t]*(?::=|=>|[:=])"
            r"[ \t]*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])", _I),
         ("aws_secret", "awssecret", "secretaccesskey"),
         "AWS secret access keys: 40 base64 characters after an aws_secret_access_key name",
         _group(1), exact=False, boundary=False),
    Rule("github-token", "format",
         _c(r"gh[pousr]_[A-Za-z0-9]{36,255}\b|github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59,}\b"),
         (),
         "GitHub tokens: ghp_/gho_/ghu_/ghs_/ghr_ + 36 characters; fine-grained github_pat_…"),
    Rule("gitlab-token", "format",
         _c(r"gl(?:pat|dt|rt|ptt|ft|soat|cbt|imt|agent)-[A-Za-z0-9_\-]{20,}"),
         (),
         "GitLab tokens: glpat- (personal), gldt- (deploy), glrt- (runner), … + 20 or more"),
    Rule("slack-webhook", "format",
         _c(r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_+\-]+"),
         ("hooks.slack.com/",), "Slack incoming-webhook and workflow URLs", boundary=False,
         in_runs=True),
    Rule("slack-token", "format",
         _c(r"x(?:ox[abposrce]|app)-[A-Za-z0-9\-]{10,}"),
         (),
         "Slack tokens: xoxb-, xoxp-, xoxa-, xoxo-, xoxs-, xoxr-, xoxc-, xoxe-, xapp-"),
    Rule("stripe-key", "format",
         _c(r"(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}\b|whsec_[A-Za-z0-9]{24,}\b"),
         ("k_live_", "k_test_", "whsec_"),
         "Stripe keys: sk_/rk_/pk_ + live|test + 16 or more; webhook secrets whsec_…",
         in_runs=True),
    Rule("anthropic-key", "format",
         _c(r"sk-ant-[A-Za-z0-9_\-]{20,}"), ("sk-ant-",),
         "Anthropic API keys: sk-ant-api03-…, sk-ant-admin01-…", in_runs=True),
    Rule("openai-key", "format",
         _c(r"sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_\-]{20,}|sk-[A-Za-z0-9]{32,}\b"),
         ("sk-",), "OpenAI keys: sk-proj-…, sk-svcacct-…, legacy sk- + 32 or more alphanumerics",
         in_runs=True),
    Rule("google-api-key", "format",
         _c(r"AIza[0-9A-Za-z_\-]{35}(?![0-9A-Za-z_\-])"), ("AIza",),
         "Google API keys: AIza + 35 characters", in_runs=True),
    Rule("google-oauth", "format",
         _c(r"GOCSPX-[A-Za-z0-9_\-]{24,}|ya29\.[A-Za-z0-9_\-]{20,}"), ("GOCSPX-", "ya29."),
         "Google OAuth client secrets (GOCSPX-…) and access tokens (ya29.…)", in_runs=True),
    Rule("npm-token", "format",
         _c(r"npm_[A-Za-z0-9]{36}\b"), ("npm_",), "npm access tokens: npm_ + 36 characters",
         in_runs=True),
    Rule("pypi-token", "format",
         _c(r"pypi-AgE[A-Za-z0-9_\-]{50,}"), ("pypi-AgE",),
         "PyPI API tokens: pypi-AgE… (a macaroon, 50 or more characters)", in_runs=True),
    Rule("huggingface-token", "format",
         _c(r"(?:hf_|api_org_)[A-Za-z0-9]{30,}\b"), ("hf_", "api_org_"),
         "Hugging Face tokens: hf_ + 30 or more; organisation tokens api_org_…", in_runs=True),
    Rule("sendgrid-key", "format",
         _c(r"SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{16,64}"), ("SG.",),
         "SendGrid API keys: SG.<id>.<secret>", in_runs=True),
    Rule("shopify-token", "format",
         _c(r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b"), ("shp",),
         "Shopify access tokens: shpat_/shpca_/shppa_/shpss_ + 32 hex", in_runs=True),
    Rule("digitalocean-token", "format",
         _c(r"do[opr]_v1_[a-f0-9]{64}\b"), ("_v1_",),
         "DigitalOcean tokens: dop_v1_/doo_v1_/dor_v1_ + 64 hex", in_runs=True),
    Rule("discord-webhook", "format",
         _c(r"discord(?:app)?\.com/api/webhooks/(\d{5,30}/[A-Za-z0-9_\-]{20,})"),
         ("/api/webhooks/",),
         "Discord webhook URLs: discord.com/api/webhooks/ID/TOKEN (also discordapp.com); the "
         "id and token replaced", _group(1), in_runs=True),
    Rule("age-secret-key", "format",
         _c(r"AGE-SECRET-KEY-1[0-9A-Z]{50,}"), ("AGE-SECRET-KEY-1",),
         "age secret keys: AGE-SECRET-KEY-1 + 58 bech32 characters", in_runs=True),
    Rule("supabase-token", "format",
         _c(r"sbp_(?:v0_)?[a-f0-9]{40}\b"), ("sbp_",),
         "Supabase access tokens: sbp_ + 40 hex", in_runs=True),
    Rule("postman-key", "format",
         _c(r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b"), ("PMAK-",),
         "Postman API keys: PMAK- + 24 hex - 34 hex", in_runs=True),
    Rule("rubygems-key", "format",
         _c(r"rubygems_[a-f0-9]{48}\b"), ("rubygems_",),
         "RubyGems API keys: rubygems_ + 48 hex", in_runs=True),
    Rule("databricks-token", "format",
         _c(r"dapi[a-f0-9]{32}(?:-\d+)?\b"), ("dapi",),
         "Databricks personal access tokens: dapi + 32 hex", in_runs=True),
    Rule("mailgun-key", "format",
         _c(r"key-(?=[a-z]*[0-9])[a-z0-9]{32}\b"), ("key-",),
         "Mailgun API keys: key- + 32 lower-case hex (a digit among them: key-value is a word)",
         in_runs=True),
    Rule("sentry-token", "format",
         _c(r"sntryu_[a-f0-9]{64}\b|sntrys_[A-Za-z0-9+/=_]{40,}"), ("sntry",),
         "Sentry auth tokens: user sntryu_ + 64 hex, organisation sntrys_…", in_runs=True),
    Rule("planetscale-token", "format",
         _c(r"pscale_(?:pw|tkn|oauth)_[A-Za-z0-9_=.\-]{32,}"), ("pscale_",),
         "PlanetScale passwords and tokens: pscale_pw_ / pscale_tkn_ / pscale_oauth_ + 32 or more",
         in_runs=True),
    Rule("azure-client-secret", "format",
         _c(r"[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}(?![A-Za-z0-9_~.\-])"), ("Q~",),
         "Azure (Entra ID) client secrets: 3 characters, a digit, Q~, 31-34 more",
         finder=_literal_finder("Q~", back=4), in_runs=True),
    Rule("vault-token", "format",
         _c(r"hv[sbr]\.[A-Za-z0-9_\-]{24,}"), ("hvs.", "hvb.", "hvr."),
         "HashiCorp Vault tokens: hvs. (service), hvb. (batch), hvr. (recovery) + 24 or more",
         in_runs=True),
    Rule("twilio-key", "format",
         _c(r"SK[0-9a-f]{32}\b"), (), "Twilio API key SIDs: SK + 32 hex"),
    Rule("jwt", "format",
         _c(r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*"), ("eyJ",),
         "JSON Web Tokens: base64url header.payload.signature, eyJ….eyJ….…", in_runs=True),
    Rule(URI_CREDENTIALS, "heuristic",
         # (a token an earlier rule replaced in the user's place is a user: https://[REDACTED:
         # github-token]@host has no password, https://[REDACTED:…]:PASSWORD@host has one)
         _c(r"://(?:\[REDACTED:[a-z0-9-]+\]|[^\s/:@\"'<>\[]*):([^\s/@\"'<>]+)@"
            r"[A-Za-z0-9.\-\[]"),
         (), "Passwords in URIs, any scheme: scheme://user:PASSWORD@host, also with no user "
         "(redis://:PASSWORD@host); user and host kept",
         _group(1), boundary=False),
    Rule("authorization-header", "heuristic",
         _c(r"(?:proxy-)?authorization[\"']?[ \t]*[:=][ \t]*[\"']?"
            r"(?:(?:bearer|basic|token|bot|digest|apikey|sso-key)[ \t]+)?([^\s\"',;)]{8,})", _I),
         ("authorization",), "Authorization headers: the credential after the scheme, dots "
         "and all", _credential(1), exact=False),
    Rule("bearer-token", "heuristic",
         _c(r"bearer[ \t]+([A-Za-z0-9\-._~+/]{16,}=*)", _I), ("bearer",),
         "Bearer tokens anywhere: 'Bearer' + 16 or more token characters (lower-case words "
         "such as 'token-based-authentication' are prose)", _credential(1, prose=True),
         exact=False),
    Rule("api-key-header", "heuristic",
         _c(r"(?:x-(?:api|auth)-(?:key|token)|ocp-apim-subscription-key)[\"']?[ \t]*[:=][ \t]*"
            r"[\"']?([^\s\"',;)]{8,})", _I),
         ("x-api-", "x-auth-", "ocp-apim-"),
         "X-API-Key / X-Auth-Token / Ocp-Apim-Subscription-Key (Azure API Management) headers",
         _credential(1), exact=False),
    Rule("basic-auth-flag", "heuristic",
         _c(r"(?:-u|--user)(?:[ \t]+|=)[\"']?[^\s:\"'=]+:(?!//)([^\s\"']+)"), (),
         "curl -u user:PASSWORD, --user=user:PASSWORD (user kept; -u scheme://… is a URL, "
         "left to uri-credentials)", _group(1)),
    Rule("password-short-flag", "heuristic",
         _c(r"redis-cli\b[^\n|;&]*?[ \t]-a[ \t]+" + _FLAG_VALUE
            + r"|az login\b[^\n|;&]*?[ \t]-p[ \t]+" + _FLAG_VALUE
            + r"|(?:storepass|keypass)[ \t]+" + _FLAG_VALUE
            + r"|-pass(?:in|out|word)?[ \t]+pass:" + _FLAG_VALUE, _I),
         ("redis-cli", "az login", "storepass", "keypass", "-pass"),
         "Passwords as short flags: redis-cli -a PASSWORD, az login -p PASSWORD, keytool "
         "-storepass|-keypass PASSWORD, openssl -passin|-passout|-password pass:PASSWORD",
         _option_value, exact=False, boundary=False),  # (-srcstorepass ends in storepass)
    Rule("htpasswd", "heuristic",
         _c(r"htpasswd\b([^\n|;&]*)"), ("htpasswd",),
         "htpasswd -b: the password, its last argument (-b FILE USER PASSWORD, -nb USER "
         "PASSWORD, flags in any order)", _htpasswd),
    Rule("secret-argument", "heuristic",
         _c(r"(?:git|npm|yarn|pnpm)[ \t]+config[ \t]+(?:(?:set|--global|--local|--system|"
            r"--worktree|--add|--replace-all|-g|--location[ =]\S+|--file[ =]\S+|-f[ \t]+\S+)"
            r"[ \t]+)*[^\s=]*?(?i:token|passw(?:or)?d|secret|_auth|api[_\-]?key)[^\s=]*[ \t]+"
            + _FLAG_VALUE
            + r"|rabbitmqctl" + _ON_ITS_LINE + r"(?:add_user|change_password)[ \t]+"
            r"(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"]+)[ \t]+" + _FLAG_VALUE
            + r"|(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)?"
            r"(?:'[^'\n]*%s[^'\n]*'[ \t]+|\"[^\"\n]*%s[^\"\n]*\"[ \t]+)?" + _FLAG_VALUE
            + r"[ \t]*\|[ \t]*(?:sudo\b[^\n|;&]*?[ \t]-[A-Za-z]*S[A-Za-z]*\b|passwd[ \t]+--stdin\b)"
            r"|echo[ \t]+(?:-[neE]+[ \t]+)?" + _user_and(":")
            + r"[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd\b"),
         (),
         "Secrets as plain arguments: git/npm/yarn/pnpm config [set] KEY VALUE with a secret "
         "KEY (github.token, hub.oauthtoken, //registry/:_authToken), rabbitmqctl add_user|"
         "change_password USER PASSWORD, echo PASSWORD | sudo -S, echo USER:PASSWORD | "
         "chpasswd, echo PASSWORD | passwd --stdin", _argument_value,
         finder=_argument_commands),
    Rule("basic-auth-base64", "heuristic",
         _c(r"\"auth\\?\"[ \t]*:[ \t]*\\?\"([A-Za-z0-9+/]{8,}={0,2})(?=\\?\")"
            r"|_auth[ \t]*=[ \t]*[\"']?([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])"
            r"|(?<![A-Za-z0-9+/])(eyJhdXRocyI6[A-Za-z0-9+/]{8,}={0,2})"),
         (),
         "Base64 user:password: Docker's config.json \"auth\": \"…\" and .npmrc's _auth= when "
         "the value decodes to user:password; a base64 Docker config (eyJhdXRocyI6…, "
         ".dockerconfigjson) whole", _basic_credential,
         finder=_auth_values, boundary=False),
    Rule("netrc-password", "heuristic",
         _c(r"machine[ \t]+(?:[\w\-]+\.[\w.\-]+|localhost)"
            r"(?:[ \t\n]+(?:login|account)[ \t]+\S+)*[ \t\n]+password[ \t]+"
            r"(?:\"([^\"\n]+)\"|(\S+))"), ("machine",),
         ".netrc entries: machine HOST [login USER] password PASSWORD (quoted too)",
         _first_group, exact=False),
    Rule("pgpass-line", "heuristic",
         _c(r"^(?!https?:|ftp:)(?:\*|[A-Za-z0-9\-]*[A-Za-z.][A-Za-z0-9.\-]*):(?:\d{2,5}|\*):"
            r"[^:\s]+:[^:\s]+:(\S+)$", re.MULTILINE), (),
         ".pgpass lines: host:port:database:user:PASSWORD", _first_group,
         finder=_pgpass_lines),
    Rule("password-said", "heuristic",
         _c(r"pass(?:word|phrase|wd)[ \t]+(?:is|was)[ \t]+[\"'`]?([^\s\"'`,;]{6,})", _I),
         ("pass",),
         "A password said in a sentence: 'the password is X' (X with a digit in it)",
         _said_password, exact=False),
    Rule("password-flag", "heuristic",
         _c(_MYSQL + r"[^\n|;&]*?[ \t]-p" + _FLAG_VALUE
            + r"|sshpass\b[^\n|;&]*?[ \t]-p[ \t]*" + _FLAG_VALUE
            + r"|" + _REGISTRY_LOGIN + r"[^\n|;&]*?[ \t](?:-p|--password)(?:[ \t]+|=)"
            + _FLAG_VALUE
            + r"|" + _MONGO + _ON_ITS_LINE + r"-p[ \t]*" + _FLAG_VALUE
            + r"|" + _LDAP + _ON_ITS_LINE + r"-w[ \t]*" + _FLAG_VALUE
            + r"|openssl" + _ON_ITS_LINE + r"-[kK][ \t]+" + _FLAG_VALUE
            + r"|(?:un)?zip" + _ON_ITS_LINE + r"-P[ \t]*" + _FLAG_VALUE
            + r"|7z[arz]?" + _ON_ITS_LINE + r"-p" + _FLAG_VALUE
            + r"|(?:sqlcmd|bcp|osql)" + _ON_ITS_LINE + r"-P[ \t]*" + _FLAG_VALUE
            + r"|influx" + _ON_ITS_LINE + r"-password[ \t]+" + _FLAG_VALUE
            + r"|lftp" + _ON_ITS_LINE + r"-u[ \t]+" + _user_and(",")
            + r"|(?:smb|rpc)client" + _ON_ITS_LINE + r"(?:-U[ \t]*|--user(?:name)?[ \t=]+)"
            + _user_and("%")),
         (),
         "Passwords on command lines: mysql/mariadb -pPASSWORD (attached; a bare -p prompts), "
         "sshpass -p PASSWORD, docker/podman/helm registry login -p|--password PASSWORD "
         "(--password-stdin is not a value), mongosh/mongodump/… -p PASSWORD, ldapsearch/"
         "ldapadd/… -w PASSWORD (-W prompts), openssl enc -k PASSWORD (-K KEY), zip/unzip -P "
         "PASSWORD, 7z -pPASSWORD, sqlcmd/bcp/osql -P PASSWORD, influx -password PASSWORD, "
         "lftp -u USER,PASSWORD, smbclient -U USER%PASSWORD", _argument_value,
         finder=_password_commands),
    Rule("azure-key", "format",
         _c(r"(?:Account|SharedAccess)Key=([A-Za-z0-9+/]{8,}={0,2})(?=[;\s\"']|$)"), (),
         "Azure storage / Service Bus connection strings: AccountKey= and SharedAccessKey= "
         "values", _group(1), finder=_azure_keys),
    Rule("keyword-assignment", "heuristic",
         _c(r"(?P<kw>" + _KEYWORDS + r")s?(?:[_.\-][A-Za-z0-9_.\-]*)?(?:\\?[\"'])?"
            r"(?P<sep>[ \t]*(?::=|=>|[:=]))[ \t]*"
            r"(?:\\?\"(?P<dq>[^\"\\\n]{1,300})\\?\"|\\?'(?P<sq>[^'\\\n]{1,300})\\?'"
            r"|(?P<bare>[^\s\"',;}{)\]<>`\\]{1,300}))", _I),
         _KEYWORD_ANCHORS,
         "password= / api_key: / token= / secret: … assignments (env files, YAML, JSON, "
         "shell); passwords need 4+ characters, other values 12+ with >= 3 bits/character; "
         "placeholders and code references are skipped", _assignment, exact=False,
         boundary=False),
    Rule("secret-option", "heuristic",
         _c(_SECRET_OPTION + _FLAG_VALUE, _I),
         ("--",),
         "Secrets given as long options: --password, --pass, --passphrase, --token, --secret, "
         "--api-key, also with a prefix (--db-password, --auth-token, --client-secret), with a "
         "space or =; a $VARIABLE, @file, path, spec (id=…) or short lower-case word is no "
         "value", _option_value, exact=False),
    # (everywhere, not only in tool output: a key the assistant reads out of `printenv` and
    # repeats, or one the user pastes in a sentence, is as secret in prose)
    Rule("high-entropy", "heuristic",
         _c(r"[A-Za-z0-9+/_\-]{32,}={0,2}"), (),
         "High-entropy strings: 32-256 characters mixing upper case, lower case "
         "and digits, within 0.6 bits/character of random text, not made of words; hex "
         "digests, UUIDs, paths, identifiers, images and wrapped base64 blocks are left alone",
         _high_entropy, finder=_long_runs),
)

RULE_NAMES = tuple(r.name for r in RULES)


def rules_version() -> str:
    """A short digest of the rules: a knowledge model records the one its passages were
    scrubbed with, and `rlat refresh` re-reads every source when it differs."""
    import hashlib

    # the module's own text as well as the patterns: a rule's logic (a finder, a value check)
    # changes what it redacts as surely as its pattern does
    spec = "\n".join(f"{r.name}\t{r.kind}\t{r.pattern.pattern}" for r in RULES)
    digest = hashlib.sha256(spec.encode())
    try:
        digest.update(Path(__file__).read_bytes())
    except OSError:  # (a frozen or zipped install: the patterns alone)
        pass
    return digest.hexdigest()[:12]

# Secret files: a tool whose input names one of these has its whole output withheld.
SECRET_FILE = rx(
    r"""(?:^|[\s/\\'"=:])(
        \.env(?:\.[A-Za-z0-9_\-]+)*
      | \.aws[/\\]credentials
      | \.netrc | _netrc | \.npmrc | \.pypirc | \.pgpass | \.git-credentials
      | id_(?:rsa|dsa|ecdsa|ed25519)(?!\.pub)
      | [A-Za-z0-9_.\-]+\.(?:pem|key|p12|pfx|keystore|jks)
    )(?=$|[\s'";|&>)<])""",
    re.VERBOSE,
)
SECRET_FILE_RULE = "secret-file"


def names_secret_file(text: str) -> bool:
    """Does a tool input (a path, a shell command) name a secret file?"""
    return bool(text) and SECRET_FILE.search(text) is not None


# ---------------------------------------------------------------- scrubbing


@dataclass(slots=True)
class Finding:
    rule: str
    count: int


@dataclass(slots=True)
class Scrubbed:
    text: str
    findings: list[Finding] = field(default_factory=list)

    @property
    def redactions(self) -> int:
        return sum(f.count for f in self.findings)


def _lowered(text: str) -> str:
    """``text`` with ASCII letters lower-cased and every other character kept or replaced by
    one character, so indexes match ``text`` (the anchors are ASCII). Through latin-1 bytes:
    C speed whatever the text holds."""
    if text.isascii():
        return text.lower()
    return text.encode("latin-1", "replace").lower().decode("latin-1")


def _candidates(rule: Rule, text: str, low: str | None) -> Iterable[re.Match[str]]:
    if rule.finder is not None:
        match = rule.pattern.match
        for pos in rule.finder(text):
            m = match(text, pos)
            if m is not None:
                yield m
        return
    if rule.exact or low is None:
        yield from rule.pattern.finditer(text)
        return
    starts: set[int] = set()
    for anchor in rule.triggers:
        pos = low.find(anchor)
        while pos != -1:
            starts.add(pos)
            pos = low.find(anchor, pos + 1)
    match = rule.pattern.match
    for pos in sorted(starts):
        m = match(text, pos)
        if m is not None:
            yield m


def _apply(rule: Rule, text: str, low: str | None) -> tuple[str, int]:
    replace = rule.replace or _whole
    out: list[str] = []
    last = 0
    count = 0
    for m in _candidates(rule, text, low):
        start = m.start()
        if start < last:
            continue
        if rule.boundary and start and text[start - 1].isalnum():
            continue
        rep = replace(m, rule.name)
        if rep is None:
            continue
        lost = m.group(0).count("\n") - rep.count("\n")
        if lost > 0:  # (a redacted block keeps its lines: what follows keeps its line numbers)
            rep += "\n" * lost
        out.append(text[last:start])
        out.append(rep)
        last = m.end()
        count += 1
    if not count:
        return text, 0
    out.append(text[last:])
    return "".join(out), count


def scrub(text: str, *, context: str = "text") -> Scrubbed:
    """Scrub one piece of text. ``context`` is ``text`` (prose, prompts, commands) or
    ``tool_output`` (also runs the high-entropy rule)."""
    if not text:
        return Scrubbed(text)
    findings: list[Finding] = []
    low: str | None = None
    runs: str | None = None
    for rule in RULES:
        if rule.contexts and context not in rule.contexts:
            continue
        if rule.triggers:
            if rule.exact:  # the pre-filter: one substring test per literal
                if rule.in_runs:
                    if runs is None:
                        runs = _token_runs(text)
                    haystack = runs
                else:
                    haystack = text
                if not any(t in haystack for t in rule.triggers):
                    continue
            elif low is None:  # anchored: finding the anchors is the pre-filter
                low = _lowered(text)
        new, count = _apply(rule, text, low)
        if count:
            findings.append(Finding(rule.name, count))
            text = new
            low = runs = None
    return Scrubbed(text, findings)


# Joins many texts for one pass. Every rule stops at a newline except the two span rules,
# which stop at NUL: so no match can cross from one text into the next.
_SEP = "\n\x00\n"


def scrub_many(texts: list[str], *, context: str = "text") -> list[Scrubbed]:
    """Scrub many texts as if one by one, in one pass over their concatenation (the per-call
    cost of every rule dominates on short texts). Texts containing NUL are done one by one."""
    results: list[Scrubbed | None] = [None] * len(texts)
    batch = []
    for i, text in enumerate(texts):
        if not text:
            results[i] = Scrubbed(text)
        elif "\x00" in text:
            results[i] = scrub(text, context=context)
        else:
            batch.append(i)
    if batch:
        joined = scrub(_SEP.join(texts[i] for i in batch), context=context)
        if not joined.findings:
            for i in batch:
                results[i] = Scrubbed(texts[i])
        else:
            pieces = joined.text.split(_SEP)
            if len(pieces) != len(batch):  # cannot happen; stay correct if it does
                pieces = [None] * len(batch)
            for i, piece in zip(batch, pieces, strict=True):
                # a changed text is scrubbed again alone, for its own findings
                results[i] = Scrubbed(texts[i]) if piece == texts[i] else scrub(
                    texts[i], context=context)
    return results  # type: ignore[return-value]


def scrub_text(text: str, *, context: str = "text") -> str:
    return scrub(text, context=context).text


def detect(text: str, *, context: str = "text") -> list[str]:
    """Names of the rules that would fire on ``text`` (empty when it is clean)."""
    return [f.rule for f in scrub(text, context=context).findings]


# ---------------------------------------------------------------- the scrub log


class ScrubLog:
    """Append-only JSONL: which rule fired where, how often. Never the secret, never a hash of
    it (a hash of a short password can be reversed by guessing)."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        if path is None:
            from .paths import home

            path = home() / "scrub.log"
        self.path = Path(path)

    def write(self, entries: Iterable[dict]) -> int:
        rows = [e for e in entries if e.get("count")]
        if not rows:
            return 0
        from .paths import private_dir

        private_dir(self.path.parent)
        now = time.time()
        data = "".join(
            json.dumps({"ts": round(now, 3), **row}, ensure_ascii=False, sort_keys=True) + "\n"
            for row in rows
        )
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, data.encode("utf-8"))
        finally:
            os.close(fd)
        return len(rows)

    def read(self) -> list[dict]:
        if not self.path.exists():
            return []
        out = []
        with self.path.open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    continue
        return out
