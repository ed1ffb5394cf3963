"""Gate precision of the world-fact miner on a trap-heavy evaluation set (bench/miner_eval/).

Each session in ``bench/miner_eval/*.json`` is a conversation with **planted** world facts (the
user states them in passing) and **traps** (person facts, assistant-stated facts, hypotheticals,
pasted documents, passing states). A fact the miner keeps counts as

* a hit when it matches a planted fact (every ``match`` keyword appears in its text),
* a leak when it matches a trap (a ``person`` trap leaking is a privacy failure),
* a false positive otherwise.

precision = hits / kept; recall = planted facts found / planted facts.

Three runs, side by side:

1. **perfect scripted model** over the real SDK and a loopback Messages API server: it reads the
   prompt, cites every planted fact and classifies every trap's failing gate correctly. Must score
   precision 1.00, recall 1.00, zero leaks — this checks the harness, not the miner.
2. **gullible scripted model**: passes every planted fact *and* every trap with all four gates
   "true". What it drops is what the deterministic checks catch without the model's help; it
   must still keep every planted fact.
3. **the real model** (``RLAT_MODEL``, default claude-haiku-4-5), only when ``ANTHROPIC_API_KEY``
   is set and the API answers; otherwise one row says it was skipped and why. Never part of the
   pass/fail test suite.
"""

from __future__ import annotations

import json
import os
import re
import socket
import sys
from pathlib import Path
from urllib.parse import urlparse

from bench import util
from rlat.llm.evidence import Msg
from rlat.llm.miner import GATES, mine
from rlat.llm.provider import (
    TOOL_NAME,
    AnthropicProvider,
    ProviderError,
    Settings,
)

EVAL_DIR = Path(__file__).resolve().parent / "miner_eval"
COMMAND = "python -m bench --only miner"
# The gate a trap must fail, by trap kind (what a perfect model answers false).
FAILING_GATE = {"person": "about_world", "assistant": "stated_by_user",
                "hypothetical": "stated_by_user", "document": "stated_by_user",
                "transient": "durable"}
SEED_PRECISION = 0.86  # what the seed reports for its miner (E2c)

_MESSAGE_RE = re.compile(r'<message id="(u\d+)" role="user">\n(.*?)\n</message>', re.DOTALL)


def load_sessions(eval_dir: Path = EVAL_DIR) -> list[dict]:
    sessions = []
    for path in sorted(eval_dir.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        data["msgs"] = [Msg(f"{data['name']}-{i}", m["role"], m["text"], 1_800_000_000.0 + i)
                        for i, m in enumerate(data["messages"])]
        sessions.append(data)
    return sessions


def _matches(text: str, item: dict) -> bool:
    low = text.lower()
    return all(k.lower() in low for k in item["match"])


def score(session: dict, kept_texts: list[str]) -> dict:
    found: set[str] = set()
    hits = leaks = person_leaks = false_pos = 0
    leaked: list[str] = []
    for text in kept_texts:
        planted = [p for p in session["planted"] if _matches(text, p)]
        if planted:
            hits += 1
            found.update(p["id"] for p in planted)
            continue
        traps = [t for t in session["traps"] if _matches(text, t)]
        if traps:
            leaks += 1
            person_leaks += any(t["trap"] == "person" for t in traps)
            leaked.extend(t["id"] for t in traps)
        else:
            false_pos += 1
    return {"kept": len(kept_texts), "hits": hits, "found": len(found),
            "planted": len(session["planted"]), "traps": len(session["traps"]),
            "leaks": leaks, "person_leaks": person_leaks, "false_pos": false_pos,
            "leaked": leaked,
            "person_traps": sum(t["trap"] == "person" for t in session["traps"])}


def total(scores: list[dict]) -> dict:
    out = {k: sum(s[k] for s in scores) for k in
           ("kept", "hits", "found", "planted", "traps", "leaks", "person_leaks", "false_pos",
            "person_traps")}
    out["leaked"] = [x for s in scores for x in s["leaked"]]
    out["precision"] = out["hits"] / out["kept"] if out["kept"] else 1.0
    out["recall"] = out["found"] / out["planted"] if out["planted"] else 1.0
    return out


def evaluate(provider, sessions: list[dict]) -> dict:
    scores = []
    for session in sessions:
        outcome = mine(provider, session["msgs"])
        scores.append(score(session, [f.text for f in outcome.kept]))
    return total(scores)


# ----------------------------------------------------------------- scripted loopback models
def _aliases(body: dict) -> dict[str, str]:
    """alias -> the user message text, read back from the prompt the miner sent."""
    prompt = "\n".join(m["content"] for m in body["messages"] if isinstance(m["content"], str))
    return {alias: text for alias, text in _MESSAGE_RE.findall(prompt)}


def scripted_model(sessions: list[dict], *, gullible: bool):
    """An Answer-producing callable for the loopback server (see tests/support/messages_api)."""
    from support.messages_api import tool_use  # noqa: PLC0415 (tests/ on sys.path)

    def answer(body: dict):
        aliases = _aliases(body)
        candidates = []
        for session in sessions:
            items = [(p, None) for p in session["planted"]]
            items += [(t, FAILING_GATE[t["trap"]]) for t in session["traps"]]
            for item, failing in items:
                alias = next((a for a, text in aliases.items() if item["excerpt"] in text), None)
                if alias is None:
                    continue
                gates = {g: gullible or g != failing for g in GATES}
                candidates.append({
                    "text": item["text"], "kind": item.get("kind", "constraint"),
                    "attribute_key": item.get("attribute_key"), "gates": gates,
                    "evidence": [{"message": alias, "excerpt": item["excerpt"]}]})
        return tool_use(TOOL_NAME, {"candidates": candidates})

    return answer


def run_scripted(sessions: list[dict], *, gullible: bool) -> dict:
    tests_dir = str(Path(__file__).resolve().parents[1] / "tests")
    if tests_dir not in sys.path:
        sys.path.insert(0, tests_dir)
    from support.messages_api import MessagesAPIServer  # noqa: PLC0415

    model = scripted_model(sessions, gullible=gullible)
    with MessagesAPIServer(fallback=model, consume="all") as api:
        provider = AnthropicProvider(Settings(model="claude-loopback", api_key="bench",
                                              base_url=api.url, budget=15))
        return evaluate(provider, sessions)


# ----------------------------------------------------------------------------- real model
def real_model_skip_reason(env=os.environ) -> str | None:
    settings = Settings.from_env(env)
    if not settings.api_key:
        return "ANTHROPIC_API_KEY is not set"
    url = urlparse(settings.base_url or "https://api.anthropic.com")
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        with socket.create_connection((url.hostname, port), timeout=3):
            pass
    except OSError as exc:
        return f"the API at {url.hostname}:{port} is unreachable ({exc.__class__.__name__})"
    return None


def run(quick: bool) -> list[dict]:
    sessions = load_sessions()
    n_planted = sum(len(s["planted"]) for s in sessions)
    n_traps = sum(len(s["traps"]) for s in sessions)
    n_person = sum(t["trap"] == "person" for s in sessions for t in s["traps"])
    shape = (f"{len(sessions)} sessions, {n_planted} planted facts, {n_traps} traps "
             f"({n_person} person)")
    rows = []

    perfect = run_scripted(sessions, gullible=False)
    ok = perfect["precision"] == 1.0 and perfect["recall"] == 1.0 and perfect["leaks"] == 0
    rows.append(util.row(
        "miner harness: perfect scripted model (loopback)", "P 1.00, R 1.00, 0 leaks",
        f"P {perfect['precision']:.2f}, R {perfect['recall']:.2f}, {perfect['leaks']} leaks",
        "", ok, COMMAND, f"checks the scoring, not the miner; {shape}"))

    gullible = run_scripted(sessions, gullible=True)
    caught = n_traps - gullible["leaks"]
    rows.append(util.row(
        "miner deterministic gates alone (model passes every trap)", "report",
        round(caught / n_traps, 2) if n_traps else 1.0, f"of traps dropped ({caught}/{n_traps})",
        None, COMMAND,
        "leaked without the model's gates: " + (", ".join(gullible["leaked"]) or "none")))
    rows.append(util.row(
        "miner deterministic gates keep every planted fact", "R 1.00",
        round(gullible["recall"], 2), "recall", gullible["recall"] == 1.0, COMMAND,
        "a check that dropped a true, user-stated world fact would show here"))

    reason = real_model_skip_reason()
    if reason:
        rows.append(util.row("miner gate precision (real model)", f"P >= {SEED_PRECISION}",
                             "skipped", "", None, COMMAND, f"skipped: {reason}"))
        return rows
    settings = Settings.from_env()
    try:
        real = evaluate(AnthropicProvider(settings), sessions)
    except ProviderError as exc:
        rows.append(util.row("miner gate precision (real model)", f"P >= {SEED_PRECISION}",
                             "skipped", "", None, COMMAND, f"skipped: {exc}"))
        return rows
    note = f"{settings.model}; {shape}; leaked: {', '.join(real['leaked']) or 'none'}"
    rows.append(util.row("miner gate precision (real model)", f">= {SEED_PRECISION}",
                         round(real["precision"], 2), "precision",
                         real["precision"] >= SEED_PRECISION, COMMAND, note))
    rows.append(util.row("miner recall (real model)", ">= 0.90", round(real["recall"], 2),
                         "recall", real["recall"] >= 0.9, COMMAND, note))
    rows.append(util.row("miner person-fact leaks (real model)", "0", real["person_leaks"],
                         f"of {n_person} person traps", real["person_leaks"] == 0, COMMAND,
                         note))
    return rows


if __name__ == "__main__":
    for r in run(quick=False):
        print(json.dumps(r))
