"""Episode builders shared by the splits' phrasing templates.

A fact's ``slots`` (same names in every split) by kind:

* convention — ``rule`` (the user's words, lower-case start), ``task`` (what the user asks for
  at the same time), ``follow`` (tools the assistant runs obeying the rule), ``done`` (its
  closing reply), optional ``contrary`` (a tool call doing it the other way first);
* command — ``goal``, ``fail`` (a Bash tool that fails), ``note`` (what the assistant says
  next), ``ok`` (the Bash tool that works), ``done``;
* environment — ``goal``, ``probe`` (tools whose output shows the fact), ``confirm`` (the
  assistant stating it);
* gotcha — ``symptom``, ``probe``, ``explain``, optional ``fix`` (tools), ``done``;
* falsified — ``ask``, ``change`` (tools), ``broke`` (a failing tool), ``revert`` (a tool),
  ``conclusion``.

The splits' content modules wrap these in their own wording (``TEMPLATES``).
"""

from __future__ import annotations

from .transcript import bash, edit, grep, read
from .world import Episode, Step


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def tools_then(text: str, tools) -> list[Step]:
    return [Step(text=text, tools=list(tools))]


def command_steps(s: dict, note: str | None) -> Episode:
    steps = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    steps.append(Step(text=s["note"] if note is None else note, tools=[s["ok"]]))
    steps.append(Step(text=s["done"]))
    return steps


def falsified_steps(s: dict, interject: str | None, before_revert: str) -> Episode:
    steps: Episode = [Step(prompt=s["ask"]), Step(tools=list(s["change"])),
                      Step(tools=[s["broke"]])]
    if interject:
        steps.append(Step(prompt=interject))
    steps.append(Step(text=before_revert, tools=[s["revert"]]))
    steps.append(Step(text=s["conclusion"]))
    return steps


# Noise episodes (everyday asks around the planted facts): a read, a search, a small edit, a
# command, a chat, several tools — each closed by the assistant's reply.
def look(ask: str, path: str, content: str, answer: str) -> Episode:
    return [Step(prompt=ask), Step(tools=[read(path, content)]), Step(text=answer)]


def find(ask: str, pattern: str, files: list[str], answer: str) -> Episode:
    return [Step(prompt=ask), Step(tools=[grep(pattern, files)]), Step(text=answer)]


def tweak(ask: str, path: str, old: str, new: str, answer: str = "Fixed.") -> Episode:
    return [Step(prompt=ask), Step(tools=[edit(path, old, new)]), Step(text=answer)]


def run(ask: str, command: str, output: str, answer: str) -> Episode:
    return [Step(prompt=ask), Step(tools=[bash(command, output)]), Step(text=answer)]


def talk(ask: str, answer: str) -> Episode:
    return [Step(prompt=ask), Step(text=answer)]


def steps(ask: str, tools: list, answer: str) -> Episode:
    return [Step(prompt=ask), Step(tools=tools), Step(text=answer)]
