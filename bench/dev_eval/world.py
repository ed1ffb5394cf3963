"""The evaluation world: projects, their sessions with planted facts, and the later prompts.

A *split* (``dev``, ``dev2`` … ``dev46`` or ``heldout``) is a content module
(``dev_content.py``, ``dev2_content.py`` … ``dev46_content.py``, ``heldout_content.py``: projects,
facts, noise, unrelated prompts, phrasing templates) plus a
seed. :func:`generate` turns it into
a :class:`World` deterministically: which
session each fact lands in and where in it (first prompt or later), which noise surrounds it,
which phrasing template frames it, where secrets go, every uuid and timestamp. Each split has its
own projects, facts *and phrasing templates*, and its own seed; dev, dev2 and dev3 are tuned on,
dev4 was first read untuned (and tuned on since), dev5 (fifth pass), dev6 and dev7 (sixth) were too,
dev8 (eighth pass, first read untuned at 0.66), dev9 and dev10 (ninth pass, 0.34 and 0.40),
dev11, dev12 and dev13 (tenth pass, 0.4875, 0.562 and 0.613 with the code of the pass's start),
dev14 to dev17 (eleventh pass, 0.65, 0.51, 0.54 and 0.49), dev18 (twelfth pass, 0.61; 0.59
with the code of the pass's start), dev19 and dev20 (thirteenth pass, 0.325, and 0.56 after
dev19's fixes — 0.325 with the code of the pass's start), dev21 (fourteenth pass, 0.62),
dev22 (fourteenth pass, 0.65; read in the sixteenth), dev23, dev24 and dev25 (sixteenth pass,
0.45, 0.68 and 0.55 with the code of the pass's start) were too, and dev26 and dev27
(seventeenth pass, 0.56 and 0.39 with the code of the pass's start, 0.60 and 0.39 with the
code of the moment) and dev28 (eighteenth pass, 0.575 with the code of the pass's start and of
the moment) and dev30 (nineteenth pass: 0.6625 with the pass's start code and with its end
code; tuned on since the twentieth) and dev31 (written in the twentieth pass by a helper that
read no rlat code: 0.675 with the pass's start code and with its end code; tuned on since the
twenty-first) too; dev29 (eighteenth pass), dev32 (written at the twentieth pass's end by a
helper that read no rlat code: 0.625 with the pass's start code, 0.65 with its end code),
dev33 and dev34 (written in the twenty-first pass by helpers that read no rlat code: 0.69 and
0.56 with the pass's start code) are read untuned only; heldout never. dev35 (written in the
twenty-first pass by a helper that read no rlat code) is read untuned only. dev36 (written in
the twenty-second pass by a helper that read no rlat code: 0.675 with the pass's start code)
is tuned on since; dev37 (written in the same pass by another such helper: 0.725) is read
untuned only. dev38 (written in the twenty-third pass by a helper that read no rlat code:
0.775 with the pass's start code) is tuned on since. dev39 (written in the twenty-fourth pass
by a helper that read no rlat code: 0.675 with the pass's start code under seed 7717, which
dev3 had; 0.70 re-seeded) is tuned on since.
dev40 (written in the twenty-fourth pass by a helper that read no rlat code: 0.55 with the
pass's start code and its end code) is read untuned
only.
dev41 (written in the twenty-fifth pass by a helper that read no rlat code: 0.675 with the
pass's start code) is tuned on since. dev42 (written in the twenty-fifth pass by a helper that
read no rlat code: 0.525 with the pass's start code) is read untuned only. dev43 (written in the
twenty-sixth pass by a helper that read no rlat code: 0.55 with the pass's start code) is tuned
on since. dev44 (written in the twenty-sixth pass by a helper that read no rlat code) is read
untuned only. dev45 and dev46 (written in the twenty-seventh pass by helpers that read no rlat
code: 0.475 and 0.5875 with the pass's start code) are tuned on since.

A fact counts as recalled when every one of its answer keys appears in the injected context
(:func:`contains_key`: case-insensitive, on word tokens, a trailing plural ``s`` ignored, so
``--line-length 100`` matches "line length 100"). The generator checks its own world
(:func:`check`): every answer key appears in the sessions that plant its fact and in no other
session of the split, every oracle claim holds its keys, and no question contains its own
fact's keys verbatim unless the fact declares it (``key_in_question``) — otherwise the score
would measure the noise, not the memory.
"""

from __future__ import annotations

import datetime as dt
import importlib
import random
import re
import uuid
from dataclasses import dataclass, field

from .transcript import Tool, Transcript, bash

KINDS = ("convention", "command", "environment", "gotcha", "falsified")
# `rlat memory add --type` for a fact's oracle claim, by kind.
ORACLE_TYPES = {"convention": "convention", "command": "convention",
                "environment": "environment", "gotcha": "constraint",
                "falsified": "falsified"}
SPLITS = {"dev": ("bench.dev_eval.dev_content", 1301),
          "dev2": ("bench.dev_eval.dev2_content", 4157),
          "dev3": ("bench.dev_eval.dev3_content", 7717),
          "dev4": ("bench.dev_eval.dev4_content", 5209),
          "dev5": ("bench.dev_eval.dev5_content", 6131),
          "dev6": ("bench.dev_eval.dev6_content", 8363),
          "dev7": ("bench.dev_eval.dev7_content", 2749),
          "dev8": ("bench.dev_eval.dev8_content", 3571),
          "dev9": ("bench.dev_eval.dev9_content", 6007),
          "dev10": ("bench.dev_eval.dev10_content", 8886),
          "dev11": ("bench.dev_eval.dev11_content", 5381),
          "dev12": ("bench.dev_eval.dev12_content", 7129),
          "dev13": ("bench.dev_eval.dev13_content", 3323),
          "dev14": ("bench.dev_eval.dev14_content", 4421),
          "dev15": ("bench.dev_eval.dev15_content", 6673),
          "dev16": ("bench.dev_eval.dev16_content", 2917),
          "dev17": ("bench.dev_eval.dev17_content", 5557),
          "dev18": ("bench.dev_eval.dev18_content", 7841),
          "dev19": ("bench.dev_eval.dev19_content", 6389),
          "dev20": ("bench.dev_eval.dev20_content", 4783),
          "dev21": ("bench.dev_eval.dev21_content", 5923),
          "dev22": ("bench.dev_eval.dev22_content", 8147),
          "dev23": ("bench.dev_eval.dev23_content", 3917),
          "dev24": ("bench.dev_eval.dev24_content", 6553),
          "dev25": ("bench.dev_eval.dev25_content", 2281),
          "dev26": ("bench.dev_eval.dev26_content", 7393),
          "dev27": ("bench.dev_eval.dev27_content", 1613),
          "dev28": ("bench.dev_eval.dev28_content", 5197),
          "dev29": ("bench.dev_eval.dev29_content", 8861),
          "dev30": ("bench.dev_eval.dev30_content", 6421),
          "dev31": ("bench.dev_eval.dev31_content", 3089),
          "dev32": ("bench.dev_eval.dev32_content", 7489),
          "dev33": ("bench.dev_eval.dev33_content", 5717),
          "dev34": ("bench.dev_eval.dev34_content", 4691),
          "dev35": ("bench.dev_eval.dev35_content", 6247),
          "dev36": ("bench.dev_eval.dev36_content", 3371),
          "dev37": ("bench.dev_eval.dev37_content", 8123),
          "dev38": ("bench.dev_eval.dev38_content", 5903),
          "dev39": ("bench.dev_eval.dev39_content", 7741),
          "dev40": ("bench.dev_eval.dev40_content", 6091),
          "dev41": ("bench.dev_eval.dev41_content", 2663),
          "dev42": ("bench.dev_eval.dev42_content", 4259),
          "dev43": ("bench.dev_eval.dev43_content", 3797),
          "dev44": ("bench.dev_eval.dev44_content", 6823),
          "dev45": ("bench.dev_eval.dev45_content", 5471),
          "dev46": ("bench.dev_eval.dev46_content", 2389),
          "heldout": ("bench.dev_eval.heldout_content", 9473)}


# ------------------------------------------------------------------------ the content
@dataclass
class Step:
    """One step of a conversation: the user types ``prompt``, or the assistant replies with
    ``text`` and/or ``tools``. ``meta``: the prompt is a slash command's expanded body (the CLI
    writes it as an ``isMeta`` line right after the command the user typed)."""

    prompt: str | None = None
    text: str = ""
    tools: list[Tool] = field(default_factory=list)
    meta: bool = False


Episode = list[Step]


@dataclass
class Fact:
    id: str
    kind: str
    keys: list[str]
    questions: list[str]
    oracle: str
    slots: dict
    key_in_question: bool = False
    project: str = ""


@dataclass
class Project:
    name: str
    remote: str
    files: dict[str, str]  # committed to the repository
    facts: list[Fact]
    noise: list[Episode]
    secret: str  # which kind of secret its sessions carry (see SECRETS)
    sessions: int = 4

    @property
    def fingerprint(self) -> list[str]:
        """Tokens only this project's claims can contain (its name: every session touches
        files under it)."""
        return [self.name]


@dataclass
class Session:
    project: str
    session_id: str
    start: dt.datetime
    transcript: Transcript
    facts: list[str]
    secrets: list[str]
    path: str = ""


@dataclass
class Prompt:
    kind: str  # fact | unrelated | unanswered | cross
    text: str
    project: str  # the cwd it is asked from
    session_id: str
    fact: str | None = None  # fact id (fact and cross prompts)
    fact_kind: str | None = None
    keys: list[str] = field(default_factory=list)


@dataclass
class World:
    split: str
    seed: int
    projects: list[Project]
    facts: dict[str, Fact]
    sessions: list[Session]
    prompts: list[Prompt]
    secrets: list[str]  # every planted secret value


# ------------------------------------------------------------------------ matching
_TOKEN = re.compile(r"[a-z0-9]+")


def _tokens(text: str) -> list[str]:
    return [t[:-1] if len(t) > 3 and t.endswith("s") else t for t in _TOKEN.findall(text.lower())]


def contains_key(text: str, key: str) -> bool:
    """``key``'s word tokens appear contiguously in ``text`` (case-insensitive; a plural
    ``s`` ignored)."""
    want = _tokens(key)
    have = _tokens(text)
    if not want:
        return False
    n = len(want)
    return any(have[i:i + n] == want for i in range(len(have) - n + 1))


def recalled(text: str, keys: list[str]) -> bool:
    return bool(keys) and all(contains_key(text, k) for k in keys)


# ------------------------------------------------------------------------ secrets
_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _rand(rng: random.Random, n: int, alphabet: str = _ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def make_secret(kind: str, rng: random.Random) -> tuple[str, Episode]:
    """A secret of ``kind`` (formats real credentials have; random, never a credential) and
    the episode that exposes it the way sessions do: pasted by the user, or printed by a
    tool."""
    if kind == "github":
        value = "ghp_" + _rand(rng, 36)
        return value, [
            Step(prompt=f"use this token for the release upload: {value} — tag v0.9.0 and "
                        f"push it"),
            Step(text="Tagging and pushing the release.",
                 tools=[bash("git tag v0.9.0 && git push origin v0.9.0",
                             "To origin\n * [new tag]         v0.9.0 -> v0.9.0")]),
            Step(text="Tagged v0.9.0 and pushed the tag; the release workflow picks it up."),
        ]
    if kind == "aws":
        key_id = "AKIA" + _rand(rng, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        secret = _rand(rng, 40, _ALNUM + "/+")
        return secret, [
            Step(prompt="check which aws credentials this shell is using"),
            Step(tools=[bash("env | grep ^AWS_",
                             f"AWS_ACCESS_KEY_ID={key_id}\nAWS_SECRET_ACCESS_KEY={secret}\n"
                             f"AWS_DEFAULT_REGION=eu-west-1")]),
            Step(text="The shell uses static keys from the environment (region eu-west-1), not "
                      "an SSO profile."),
        ]
    if kind == "postgres":
        password = _rand(rng, 20)
        return password, [
            Step(prompt="connect to the staging database and count the rows in the jobs table"),
            Step(tools=[bash(f"psql 'postgresql://app:{password}@staging-db.internal:5432/app'"
                             f" -c 'select count(*) from jobs'",
                             " count \n-------\n 48213\n(1 row)")]),
            Step(text="The jobs table on staging has 48,213 rows."),
        ]
    if kind == "stripe":
        value = "sk_live_" + _rand(rng, 32)
        return value, [
            Step(prompt=f"the webhook test needs a key, use {value} and run it once"),
            Step(tools=[bash(f"STRIPE_API_KEY={value} ./scripts/webhook-smoke.sh",
                             "POST /webhooks/stripe -> 200 OK (signature verified)")]),
            Step(text="The webhook smoke test passed: 200 OK with a verified signature."),
        ]
    if kind == "slack":
        value = "xoxb-" + "-".join(_rand(rng, n, "0123456789") for n in (12, 13)) + "-" + \
            _rand(rng, 24)
        return value, [
            Step(prompt=f"post the build status to slack with this bot token {value}"),
            Step(tools=[bash("curl -s -X POST https://slack.com/api/chat.postMessage -H "
                             f"'Authorization: Bearer {value}' -d channel=C0BUILDS "
                             "-d text='build green'", '{"ok":true,"channel":"C0BUILDS"}')]),
            Step(text="Posted the build status to the builds channel."),
        ]
    raise ValueError(f"unknown secret kind {kind}")


# ------------------------------------------------------------------------ generation
def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def load_content(split: str):
    module_name, _seed = SPLITS[split]
    return importlib.import_module(module_name)


def generate(split: str, *, seed: int | None = None, now: dt.datetime | None = None,
             projects: int | None = None, facts_per_project: int | None = None,
             workdir: str = "/home/dev/src", content=None) -> World:
    """The world of ``split``: every session transcript (in memory) and every later prompt.

    ``now``: sessions are dated in the three weeks before it (the store's time-to-live rules
    see a recent history). ``projects`` / ``facts_per_project`` shrink the world (tests).
    ``workdir``: the directory the projects live in (their ``cwd``). ``content``: a content
    module's stand-in (``projects()``, ``TEMPLATES``, ``UNRELATED``, ``CROSS_PER_PROJECT``)
    instead of the split's (tests build tiny worlds with it)."""
    content = content or load_content(split)
    seed = SPLITS.get(split, ("", 0))[1] if seed is None else seed
    rng = random.Random(f"rlat-dev-eval:{split}:{seed}")
    now = now or dt.datetime.now(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    chosen: list[Project] = list(content.projects())[:projects]
    facts: dict[str, Fact] = {}
    for project in chosen:
        if facts_per_project is not None:
            project.facts = _spread(project.facts, facts_per_project)
        for fact in project.facts:
            fact.project = project.name
            fact.id = f"{project.name}/{fact.id}"
            facts[fact.id] = fact
    templates = content.TEMPLATES

    plans: list[tuple[Project, list[Episode], list[str], list[str]]] = []
    secrets: list[str] = []
    for project in chosen:
        n = max(1, min(project.sessions, len(project.facts) or 1))
        buckets: list[list[Fact]] = [[] for _ in range(n)]
        order = list(project.facts)
        rng.shuffle(order)
        for i, fact in enumerate(order):
            buckets[i % n].append(fact)
        noise = list(project.noise)
        rng.shuffle(noise)
        secret_session = rng.randrange(n)
        for i, bucket in enumerate(buckets):
            episodes: list[tuple[Episode, str | None]] = []
            for fact in bucket:
                template = rng.choice(templates[fact.kind])
                episodes.append((template(fact.slots, rng), fact.id))
            for _ in range(2 if len(noise) >= 2 * n else 1):
                if noise:
                    episodes.append((noise.pop(), None))
            rng.shuffle(episodes)
            session_secrets = []
            if i == secret_session:
                value, episode = make_secret(project.secret, rng)
                episodes.insert(rng.randrange(len(episodes) + 1), (episode, None))
                session_secrets.append(value)
                secrets.append(value)
            plans.append((project, [e for e, _ in episodes],
                          [f for _, f in episodes if f], session_secrets))

    # Chronological order across projects, as one developer's last three weeks.
    rng.shuffle(plans)
    sessions: list[Session] = []
    span = dt.timedelta(days=21)
    for i, (project, episodes, fact_ids, session_secrets) in enumerate(plans):
        start = now - span + span * (i + 0.5) / len(plans) + dt.timedelta(
            minutes=rng.randrange(0, 240))
        sid = _uuid(rng)
        transcript = Transcript(sid, f"{workdir}/{project.name}", start, rng)
        for episode in episodes:
            for step in episode:
                if step.prompt is not None:
                    transcript.prompt(step.prompt, meta=step.meta)
                else:
                    transcript.reply(step.text, step.tools)
        sessions.append(Session(project.name, sid, start, transcript, fact_ids, session_secrets))

    prompts: list[Prompt] = []
    for fact in facts.values():
        for question in fact.questions:
            prompts.append(Prompt("fact", question, fact.project, _uuid(rng), fact.id,
                                  fact.kind, list(fact.keys)))
    names = [p.name for p in chosen]
    for i, text in enumerate(content.UNRELATED):
        prompts.append(Prompt("unrelated", text, names[i % len(names)], _uuid(rng)))
    # questions about a project that nothing its sessions said answers, in its own words: what
    # a user asks most days, and the hardest prompts to say nothing to
    unanswered = getattr(content, "UNANSWERED", {})
    for name in names:
        for text in unanswered.get(name, ()):
            prompts.append(Prompt("unanswered", text, name, _uuid(rng)))
    if len(chosen) > 1:
        for i, project in enumerate(chosen):
            other = names[(i + 1) % len(names)]
            picks = rng.sample(project.facts, min(content.CROSS_PER_PROJECT, len(project.facts)))
            for fact in picks:
                prompts.append(Prompt("cross", fact.questions[0], other, _uuid(rng), fact.id,
                                      fact.kind, list(fact.keys)))
    return World(split, seed, chosen, facts, sessions, prompts, secrets)


def _spread(facts: list[Fact], n: int) -> list[Fact]:
    """``n`` facts, as many kinds as possible (first fact of each kind first)."""
    by_kind: dict[str, list[Fact]] = {}
    for fact in facts:
        by_kind.setdefault(fact.kind, []).append(fact)
    out: list[Fact] = []
    depth = 0
    while len(out) < n and any(len(v) > depth for v in by_kind.values()):
        for kind in KINDS:
            group = by_kind.get(kind, [])
            if len(group) > depth and len(out) < n:
                out.append(group[depth])
        depth += 1
    return out


# ------------------------------------------------------------------------ self-check
def check(world: World) -> list[str]:
    """Problems that would make the world measure the wrong thing (empty: sound)."""
    problems: list[str] = []
    texts = {s.session_id: s.transcript.text() for s in world.sessions}
    planted_in: dict[str, set[str]] = {}
    for session in world.sessions:
        for fid in session.facts:
            planted_in.setdefault(fid, set()).add(session.session_id)
    for fact in world.facts.values():
        homes = planted_in.get(fact.id, set())
        if not homes:
            problems.append(f"{fact.id}: planted in no session")
        for key in fact.keys:
            for session in world.sessions:
                inside = contains_key(texts[session.session_id], key)
                if session.session_id in homes and not inside:
                    problems.append(f"{fact.id}: key {key!r} missing from its planting session")
                elif session.session_id not in homes and inside:
                    problems.append(f"{fact.id}: key {key!r} also in a session of "
                                    f"{session.project} that does not plant it")
        if not fact.key_in_question:
            for question in fact.questions:
                if any(contains_key(question, k) for k in fact.keys):
                    problems.append(f"{fact.id}: question gives the answer away: {question!r}")
        missing = [k for k in fact.keys if not contains_key(fact.oracle, k)]
        if missing:
            problems.append(f"{fact.id}: oracle claim lacks key(s) {missing}")
        if len(fact.questions) != 2:
            problems.append(f"{fact.id}: {len(fact.questions)} questions (want 2)")
    for project in world.projects:
        for other in world.projects:
            if other is project:
                continue
            for token in project.fingerprint:
                for session in world.sessions:
                    if session.project == other.name and contains_key(
                            texts[session.session_id], token):
                        problems.append(f"{project.name}'s fingerprint {token!r} appears in a "
                                        f"session of {other.name}")
    for prompt in world.prompts:
        if prompt.kind in ("unrelated", "unanswered"):
            for fact in world.facts.values():
                if any(contains_key(prompt.text, k) for k in fact.keys):
                    problems.append(f"{prompt.kind} prompt {prompt.text!r} names {fact.id}'s "
                                    f"key")
    return problems
