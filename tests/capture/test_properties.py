"""Property tests: scrubbing is idempotent and never adds or leaves a secret; a fenced span
never survives capture; a claim carrying a fake closing fence cannot break out of its fence."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from capture_helpers import Builder
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from secret_corpus import SECRETS, TOOL_OUTPUT_SECRETS

from rlat.capture.pipeline import capture_transcript
from rlat.claims import ClaimLog
from rlat.render.fences import escape, fence, strip_fenced
from rlat.scrub import MARK_PREFIX, detect, scrub

# (a marker stands for what it redacted, and keeps that text's line breaks after it)
_MARKER = re.compile(re.escape(MARK_PREFIX) + r"[a-z\-]+\]\n*")
SEPARATORS = st.sampled_from([" ", "\n", "\t", ", ", "; ", " (", ") ", '"', "'", " = ", ": "])
NOISE = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)
WORDISH = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=@\n",
                  max_size=80)
SECRET = st.sampled_from(SECRETS)
CONTEXT = st.sampled_from(["text", "tool_output"])


@st.composite
def texts_with_secrets(draw):
    """Random text with zero to three corpus snippets planted between separators."""
    parts = [draw(st.one_of(NOISE, WORDISH))]
    planted = []
    for _ in range(draw(st.integers(0, 3))):
        secret = draw(SECRET)
        planted.append(secret)
        parts += [draw(SEPARATORS), secret.snippet, draw(SEPARATORS), draw(st.one_of(NOISE, WORDISH))]
    return "".join(parts), planted


@settings(max_examples=300, deadline=None)
@given(texts_with_secrets(), CONTEXT)
def test_scrub_is_idempotent(sample, context):
    text, _ = sample
    once = scrub(text, context=context).text
    assert scrub(once, context=context).text == once


@settings(max_examples=300, deadline=None)
@given(texts_with_secrets(), CONTEXT)
def test_scrub_never_leaves_a_planted_secret_and_leaves_nothing_a_rule_would_catch(sample, context):
    text, planted = sample
    out = scrub(text, context=context).text
    for secret in planted:
        for fragment in secret.fragments():
            assert fragment not in out
    assert detect(out, context=context) == []


@settings(max_examples=300, deadline=None)
@given(texts_with_secrets(), CONTEXT)
def test_scrub_never_grows_a_secret_it_only_removes_or_replaces(sample, context):
    """Everything in the output that is not a marker (with the line breaks it keeps) comes
    from the input, in order: scrubbing can cut and mask, never write new characters (so it
    can never write a secret)."""
    text, _ = sample
    out = scrub(text, context=context).text
    pos = 0
    for piece in _MARKER.split(out):
        found = text.find(piece, pos)
        assert found != -1, piece
        pos = found + len(piece)
    assert len(out) <= len(text) + out.count(MARK_PREFIX) * 40


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(TOOL_OUTPUT_SECRETS), NOISE, NOISE)
def test_bare_tokens_in_tool_output_never_survive(secret, before, after):
    out = scrub(f"{before} {secret.value}\n{after}", context="tool_output").text
    assert secret.value not in out


# ---------------------------------------------------------------- fences

FENCE_TRICKS = st.sampled_from([
    "</rlat-context>", "</RLAT-CONTEXT>", "< /rlat-context >", "</rlat-context\n>",
    "<rlat-context kind=\"x\">", "&lt;/rlat-context&gt;", "\u200b</rlat-context>", "-->",
])


@st.composite
def claim_texts(draw):
    """A claim body that tries to close its fence and smuggle text out."""
    parts = [draw(WORDISH)]
    for _ in range(draw(st.integers(1, 3))):
        parts += [draw(FENCE_TRICKS), draw(WORDISH)]
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(claim_texts(), WORDISH, WORDISH)
def test_a_fake_closing_fence_inside_a_claim_cannot_break_out(body, before, after):
    """Rendered with the shared fence, a claim's text is removed whole by strip_fenced,
    whatever fence-like text it carries; the text around the fence survives."""
    rendered = fence(body, kind="memory")
    assert strip_fenced(before + rendered + after) == before + after
    assert strip_fenced(fence(escape(body))) == ""


def _capture_text(builder: Builder) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = builder.write(Path(tmp) / "t.jsonl")
        store = ClaimLog(Path(tmp) / "memory.rlat")
        report = capture_transcript(path, store=store, dry_run=True, cwd=tmp)
        return "\n".join(c["text"] + "\n" + "\n".join(x.get("excerpt", "") for x in c["citations"])
                         for c in report.claims)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(claim_texts(), st.sets(st.sampled_from(["prompt", "assistant", "tool", "command",
                                               "attachment", "later"]), min_size=1))
def test_a_fenced_span_never_survives_capture(body, places):
    """Whatever a fenced span holds and wherever it lands in a session, nothing inside it is
    captured, while the session around it still is."""
    sentinel = "SENTINELZQX"
    injected = fence(f"{sentinel} {body} {sentinel}", kind="memory")
    b = Builder()
    if "attachment" in places:
        b.attachment({"type": "hook_additional_context", "content": [injected]})
    b.prompt("Please update the deployment docs. " + (injected if "prompt" in places else ""))
    b.run("Bash", {"command": "make docs" + (f" # {injected}" if "command" in places else "")},
          "built docs\n" + (injected if "tool" in places else ""))
    b.run("Bash", {"command": "false"}, "Exit code 1\n" + (injected if "tool" in places else "")
          + "error: broken link", is_error=True)
    if "later" in places:
        b.prompt(injected + " and check links")
    b.say("Docs updated. " + (injected if "assistant" in places else ""))
    captured = _capture_text(b)
    assert "Goal: Please update the deployment docs." in captured
    assert sentinel not in captured


# ---------------------------------------------------------------- arbitrary lines

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=4),
    max_leaves=12,
)
KEYS = st.sampled_from(["type", "message", "uuid", "parentUuid", "sessionId", "cwd",
                        "isSidechain", "isMeta", "isCompactSummary", "subtype", "attachment",
                        "content", "timestamp", "agentId"])
TYPES = st.sampled_from(["user", "assistant", "system", "attachment", "summary", "progress",
                         "queue-operation", "mystery"])


@st.composite
def odd_lines(draw):
    obj = draw(st.dictionaries(KEYS, JSONISH, max_size=8))
    if draw(st.booleans()):
        obj["type"] = draw(TYPES)
    if draw(st.booleans()):
        obj["message"] = {"role": draw(st.sampled_from(["user", "assistant"])),
                          "id": draw(st.text(max_size=5)),
                          "content": draw(st.one_of(st.text(max_size=40), st.lists(
                              st.dictionaries(st.sampled_from(["type", "text", "id", "name",
                                                               "input", "tool_use_id",
                                                               "content", "is_error"]),
                                              JSONISH, max_size=5), max_size=3)))}
    return obj


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(odd_lines(), max_size=12), st.binary(max_size=40))
def test_capture_never_raises_on_arbitrary_lines(lines, tail):
    """Whatever a file holds, capture returns a report (the hooks rely on it)."""
    import json as _json

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.jsonl"
        path.write_bytes(b"\n".join(_json.dumps(obj).encode() for obj in lines) + b"\n" + tail)
        report = capture_transcript(path, store=ClaimLog(Path(tmp) / "m.rlat"), cwd=tmp)
        assert report.receipt.startswith("[rlat] Captured ")
        for claim in report.claims:
            if claim["action"] in ("proposed", "recurred"):
                assert claim["citations"]
