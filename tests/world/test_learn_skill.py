"""skills/rlat-learn/SKILL.md: valid frontmatter, the four gates, and commands that exist."""

from __future__ import annotations

import re
from pathlib import Path

from support.cli import run_rlat

SKILL = Path(__file__).resolve().parents[2] / "skills" / "rlat-learn" / "SKILL.md"
# Fields Claude Code accepts in SKILL.md frontmatter (reference/claude-code/skills.md).
KNOWN_FIELDS = {
    "name", "description", "when_to_use", "argument-hint", "arguments",
    "disable-model-invocation", "user-invocable", "allowed-tools", "disallowed-tools", "model",
    "effort", "context", "agent", "background", "hooks", "paths", "shell", "metadata",
    "license", "compatibility",
}


def _frontmatter(text: str) -> tuple[dict[str, str], str]:
    assert text.startswith("---\n"), "SKILL.md must open with a --- frontmatter block"
    head, sep, body = text[4:].partition("\n---\n")
    assert sep, "the frontmatter block is not closed with ---"
    fields: dict[str, str] = {}
    for line in head.splitlines():
        key, colon, value = line.partition(":")
        assert colon and re.fullmatch(r"[a-z_-]+", key), f"not a simple field: {line!r}"
        assert key not in fields, f"duplicate field {key}"
        fields[key] = value.strip()
    return fields, body


def test_frontmatter_is_valid_for_claude_code():
    fields, body = _frontmatter(SKILL.read_text(encoding="utf-8"))
    assert set(fields) <= KNOWN_FIELDS
    assert fields["name"] == SKILL.parent.name
    assert re.fullmatch(r"[a-z0-9-]{1,64}", fields["name"])
    assert 50 < len(fields["description"]) <= 1536  # Claude Code truncates the listing at 1,536
    assert not fields["description"].startswith(("'", '"', "|", ">"))  # plain one-line scalar
    assert ": " not in fields["description"]  # would not parse as one YAML scalar
    assert body.strip()


def test_the_skill_states_the_four_gates_and_asks_before_storing():
    text = SKILL.read_text(encoding="utf-8")
    for gate in ("**Durable**", "**Stated by the user**", "**Premise-bearing**",
                 "**About the world, not the person**"):
        assert gate in text
    assert "approve" in text and "Never store a fact the user did not approve" in text
    assert "Standing constraints for this environment:" in text
    assert "Tried and falsified in this environment:" in text
    assert "API key" in text


def test_every_rlat_command_the_skill_names_exists():
    text = SKILL.read_text(encoding="utf-8")
    blocks = "\n".join(re.findall(r"```bash\n(.*?)```", text, re.DOTALL))
    commands = set(re.findall(r"`rlat ([a-z-]+)", text)) | set(
        re.findall(r"^rlat ([a-z-]+)", blocks, re.MULTILINE))
    assert {"capture-attribute", "world-facts", "compact"} <= commands
    for command in sorted(commands):
        if command == "profile":  # the knowledge-model command (its own issue)
            continue
        proc = run_rlat(command, "--help")
        assert proc.returncode == 0, f"rlat {command}: {proc.stderr}"
