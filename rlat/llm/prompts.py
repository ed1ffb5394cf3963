"""Every prompt and every answer schema rlat sends to a model, in one place, versioned.

Change any text or schema here → bump :data:`PROMPT_VERSION`; it is stored with what each
prompt produced (the ``extractor`` field of a citation), so a claim can always be traced to the
prompt that made it. The prompt text is rlat's own.

The schemas use only the subset :mod:`rlat.llm.schema` enforces, and every field the code
relies on is ``required``: an answer missing one is rejected whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PROMPT_VERSION = "rlat-llm-2"

# Transcript rendering budgets (characters). The whole rendering stays under MAX_TRANSCRIPT.
MAX_TRANSCRIPT_CHARS = 60_000
MAX_USER_CHARS = 4_000
MAX_ASSISTANT_CHARS = 2_500
MAX_TOOL_CHARS = 800
MAX_TOOL_CALL_CHARS = 300
MAX_SUMMARY_CHARS = 2_500
MAX_KNOWN_CLAIMS = 40

ATOMIC_TYPES = ("environment", "convention", "outcome", "preference", "hypothesis")
WORLD_KINDS = ("constraint", "falsified", "attribute")


@dataclass(frozen=True, slots=True)
class PromptMessage:
    """One transcript message as a prompt shows it: an alias the model cites, a role, text."""

    alias: str
    role: str  # user | assistant | tool_call | tool_result | summary
    text: str


# --------------------------------------------------------------------------- shared pieces
_EXCERPT_RULE = (
    "Every item must cite its evidence: the id of a message shown above (for example \"m7\") and "
    "an excerpt copied character for character from that message: a phrase of a few words, 8 to "
    "200 characters long. "
    "Do not paraphrase the excerpt, do not join pieces of two messages, and do not cite a "
    "message that does not contain the excerpt. An item you cannot cite this way must be left "
    "out: no evidence, no claim."
)

_CITATION_SCHEMA = {
    "type": "object",
    "properties": {
        "message": {"type": "string", "minLength": 1, "maxLength": 80,
                    "description": "The id of the message the excerpt is copied from."},
        "excerpt": {"type": "string", "minLength": 1, "maxLength": 400,
                    "description": "Verbatim text from that message."},
    },
    "required": ["message", "excerpt"],
    "additionalProperties": False,
}


def _escape(text: str) -> str:
    # Keep the transcript from closing our own message tags.
    return text.replace("</message", "</ message").replace("<message", "< message")


def _clip(text: str, limit: int) -> str:
    text = text.strip()
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    tail = limit - head - 20
    return text[:head].rstrip() + "\n[… clipped …]\n" + text[-tail:].lstrip()


_LIMITS = {"user": MAX_USER_CHARS, "assistant": MAX_ASSISTANT_CHARS,
           "tool_call": MAX_TOOL_CALL_CHARS, "tool_result": MAX_TOOL_CHARS,
           "summary": MAX_SUMMARY_CHARS}


def shown_text(message: PromptMessage) -> str:
    """Exactly the text the model is shown for ``message`` (citations are verified against the
    full message, of which this is an excerpt or the whole)."""
    return _clip(message.text, _LIMITS.get(message.role, MAX_TOOL_CHARS))


def render_transcript(messages: Sequence[PromptMessage],
                      max_chars: int = MAX_TRANSCRIPT_CHARS) -> str:
    """The messages as ``<message id="m3" role="user">…</message>`` blocks within a budget.

    Over budget, tool messages go first (from the middle of the session outwards), then the
    middle of the conversation: the beginning (the goal) and the end (how it went) are kept.
    """
    blocks = [(m, f'<message id="{m.alias}" role="{m.role}">\n{_escape(shown_text(m))}\n'
                  f"</message>") for m in messages]
    total = sum(len(b) + 1 for _, b in blocks)
    keep = [True] * len(blocks)
    if total > max_chars:
        middle_out = sorted(range(len(blocks)), key=lambda i: abs(i - len(blocks) / 2))
        for role_pass in (("tool_result", "tool_call"), None):
            for i in middle_out:
                if total <= max_chars:
                    break
                if keep[i] and (role_pass is None or blocks[i][0].role in role_pass):
                    keep[i] = False
                    total -= len(blocks[i][1]) + 1
    out = []
    dropped = 0
    for i, (_, block) in enumerate(blocks):
        if keep[i]:
            if dropped:
                out.append(f"[… {dropped} message(s) omitted …]")
                dropped = 0
            out.append(block)
        else:
            dropped += 1
    if dropped:
        out.append(f"[… {dropped} message(s) omitted …]")
    return "\n".join(out)


# --------------------------------------------------------------------------- atomic capture
ATOMIC_SYSTEM = """\
You turn one finished Claude Code session into the durable facts worth remembering for future \
sessions in the same project. You are a careful note-taker, not a summariser.

Keep a fact only if a future session would be better off knowing it:
- environment: how this project's machinery is set up ("The test suite needs Postgres 15 \
running on port 5433.")
- convention: how things are done here ("This repo formats with ruff, not black.")
- outcome: something that definitely happened and was checked ("Migrating to pydantic 2 \
passed the full test suite.")
- preference: how the user wants the work done ("The user wants commit messages without emoji.")
- hypothesis: a belief that is not yet confirmed ("The flaky upload test is probably a race \
with the cleanup thread."). Give every hypothesis resolve_within_days: how many days until \
it should be confirmed or dropped (1 to 90).

Rules:
- One proposition per fact. Never two facts joined by "and"; never a paragraph.
- Write each fact so it stands alone: name the tool, file, command or service; no "it", \
"this", "the above".
- Leave out what only mattered inside this session (a typo fixed, a file opened), greetings, \
plans that were not carried out, and anything you are guessing.
- Leave out secrets and anything shown as [REDACTED].
- If a fact is the same as one of the known facts listed, set same_as to its id and copy its \
text exactly; otherwise set same_as to null.
- Zero facts is a fine answer for a session with nothing durable in it.

""" + _EXCERPT_RULE

_FACT_SCHEMA = {
    "type": "object",
    "properties": {
        "text": {"type": "string", "minLength": 3, "maxLength": 300,
                 "description": "One proposition, standing alone."},
        "type": {"type": "string", "enum": list(ATOMIC_TYPES)},
        "subject": {"type": "string", "maxLength": 80,
                    "description": "The one entity it is about: a tool, file, service, command."},
        "polarity": {"type": "string", "enum": ["prefer", "avoid", "factual"]},
        "resolve_within_days": {"type": ["integer", "null"], "minimum": 1, "maximum": 90},
        "same_as": {"type": ["string", "null"], "maxLength": 20},
        "evidence": {"type": "array", "minItems": 1, "maxItems": 5, "items": _CITATION_SCHEMA},
    },
    "required": ["text", "type", "subject", "polarity", "resolve_within_days", "same_as",
                 "evidence"],
    "additionalProperties": False,
}

ATOMIC_SCHEMA = {
    "type": "object",
    "properties": {
        "facts": {"type": "array", "maxItems": 40, "items": _FACT_SCHEMA},
    },
    "required": ["facts"],
    "additionalProperties": False,
}


def atomic_messages(messages: Sequence[PromptMessage],
                    known: Sequence[tuple[str, str, str]] = ()) -> list[dict]:
    """The conversation for one atomic-capture call.

    ``known`` are (alias, type, text) of facts already remembered for this workspace, so a fact
    seen again can name itself (``same_as``) and land on the same claim.
    """
    parts = ["Here is the session transcript. Message ids are in the id attribute.\n",
             "<transcript>", render_transcript(messages), "</transcript>\n"]
    if known:
        parts.append("Known facts already remembered for this project "
                     "(reuse one via same_as when the session states the same fact):")
        for alias, ctype, text in list(known)[:MAX_KNOWN_CLAIMS]:
            parts.append(f"- {alias} [{ctype}] {_escape(' '.join(text.split()))}")
        parts.append("")
    parts.append("Record the durable facts of this session with the one tool you are given.")
    return [{"role": "system", "content": ATOMIC_SYSTEM},
            {"role": "user", "content": "\n".join(parts)}]


# --------------------------------------------------------------------------- world-fact miner
MINER_SYSTEM = """\
You read only what a user typed during a work session and pick out the facts about their \
world that they stated in passing: facts a shared knowledge model of their environment should \
hold. A wrong fact in that model does more harm than a missing one, so when in doubt, leave \
the candidate out.

A candidate is kept only if it passes all four gates. Answer each gate honestly for every \
candidate you list; list a candidate that fails a gate only with that gate set to false.
1. durable: it was true before this session and stays true after it. Not a passing state \
("the build is broken right now"), not something discovered during the session.
2. stated_by_user: the user asserts it as fact in their own words. Not something the \
assistant said that the user merely acknowledged, not text the user pasted from a document, \
log or web page, not a question, a guess, a plan or a hypothetical ("what if", "suppose", \
"maybe").
3. premise_bearing: knowing it would change the correct answer to some future question \
about this environment.
4. about_world: it is true of the shared world (the project, the team, the systems, the \
data, the rules), not of the user as a person. The user's role, machine, habits, tastes, \
preferences and personal details fail this gate, always: the model is a file that is shared.

Classify each kept fact:
- constraint: a standing rule that must not be broken ("Production deploys happen only on \
Tuesdays.")
- falsified: an approach that was tried and failed; keep the evidence of the failure in the \
text ("Fine-tuning on MS MARCO was tried and regressed 4 of 5 corpora.")
- attribute: a plain value of the environment; give attribute_key, a short lower-case name \
for what the value is of ("warehouse capacity"), so a newer value can replace it.

Write text as a standalone statement about the world in the third person, using only what the \
user said; never add details they did not state.

""" + _EXCERPT_RULE.replace('"m7"', '"u3"')

_GATES_SCHEMA = {
    "type": "object",
    "properties": {
        "durable": {"type": "boolean"},
        "stated_by_user": {"type": "boolean"},
        "premise_bearing": {"type": "boolean"},
        "about_world": {"type": "boolean"},
    },
    "required": ["durable", "stated_by_user", "premise_bearing", "about_world"],
    "additionalProperties": False,
}

_CANDIDATE_SCHEMA = {
    "type": "object",
    "properties": {
        "text": {"type": "string", "minLength": 3, "maxLength": 300},
        "kind": {"type": "string", "enum": list(WORLD_KINDS)},
        "attribute_key": {"type": ["string", "null"], "maxLength": 60},
        "gates": _GATES_SCHEMA,
        "evidence": {"type": "array", "minItems": 1, "maxItems": 3, "items": _CITATION_SCHEMA},
    },
    "required": ["text", "kind", "attribute_key", "gates", "evidence"],
    "additionalProperties": False,
}

MINER_SCHEMA = {
    "type": "object",
    "properties": {
        "candidates": {"type": "array", "maxItems": 30, "items": _CANDIDATE_SCHEMA},
    },
    "required": ["candidates"],
    "additionalProperties": False,
}


def miner_messages(user_messages: Sequence[PromptMessage]) -> list[dict]:
    """The conversation for one mining call: only the user's own messages are shown."""
    body = render_transcript(user_messages)
    return [{"role": "system", "content": MINER_SYSTEM},
            {"role": "user", "content":
                "These are the messages the user typed in one session, in order. Message ids "
                "are in the id attribute.\n\n<user_messages>\n" + body + "\n</user_messages>\n\n"
                "List the candidate world facts with the one tool you are given."}]
