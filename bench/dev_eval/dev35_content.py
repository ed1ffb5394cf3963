"""The ``dev35`` split, "the platform engineer at a public radio network": four projects, ten
planted facts each.

Written in the twenty-first pass by a helper that read no rlat code; to be read untuned.

Fenwater is a regional public radio network with a podcast arm. One site-reliability /
platform engineer looks after the plumbing under its newsroom and studios: the Varnish edge in
front of the website, the live streams and the podcast feeds; the HashiCorp Nomad cluster that
runs every service; the Temporal pipeline that turns producers' WAV masters into published
podcast episodes; and the metrics, logs and alerting stack. They move between the four repos
many times a day and write to the assistant the way people at work do: lower case, typos,
half sentences, pasted varnishlog and alloc-status output, long messages that bury a rule in
the middle of the day's plan, and corrections after the assistant did it the other way.
Around them: the web team lead (Hana), the other SRE on the rota (Gus), a platform engineer
who owns the Hetzner side (Ravi), the backend lead of the podcast pipeline (Priya), the head
of podcast production (Marisol), the monitoring-minded SRE who joined last year (Oskar), and a
former contractor (Tobi) whose experiments live on in the git history.

The durable facts arrive the ways a platform week brings them: a rule mentioned in the middle
of a long request, said after the assistant did the opposite (in the permission prompt's
feedback or after the edit landed), relayed from a Slack message, or found in the repo's docs
and confirmed; a command that fails and the one that works (read from the repo's own
scripts, found by a subagent, explained after the user pastes their failed attempt, supplied
by the user from memory, or noted down at the user's request); an environment fact read from
config or live output, mentioned in passing while asking for something else, corrected after
the user misremembered it, or looked up for a teammate; a gotcha (a pasted error explained,
the cause buried in a long log, the assistant's flush-and-retry changing nothing until the
user says what it is, or a teammate's diagnosis confirmed); and an approach that was tried and
dropped (told as a story when the assistant proposes it, tried in the session and reverted,
written up as a rejected ADR, found in the git history, or typed into the assistant's
multiple-choice question as the user's own answer).

The projects: knapweed, the edge (Varnish Cache 7 VCL behind Hitch for TLS, varnishtest
cases, the xkey vmod, three edge nodes in front of the CMS, the feeds service and the live HLS
packager); shinglebay, the platform (HashiCorp Nomad job specs in HCL, Nomad Variables,
Packer-built Hetzner client images); whimbrelcast, the podcast audio pipeline (Go, the
Temporal Go SDK, ffmpeg as a subprocess, Wasabi object storage, Temporal Cloud in production);
and mossgauge, observability (single-node VictoriaMetrics, vmagent, vmalert and vmalert-tool,
Alertmanager, VictoriaLogs fed by Vector, blackbox probes of the Icecast streams).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (a tool doing it the other way), ``follow``,
  ``done``, ``doc`` (``(path, text)``: where the repo writes the rule down), ``found`` (the
  assistant's reading of it);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the user's words when
  they supply it), ``script`` (``(path, text)`` holding the working command);
* environment - ``goal``, ``probe``, ``confirm``, ``aside`` (a request that mentions the fact
  in passing), ``guess`` (the user's wrong memory), ``asked`` (a teammate's question);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``told`` (the
  diagnosis in the user's or a teammate's words), ``repro`` (a command whose long output holds
  the trace);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea
  as someone raises it), ``offer`` (the assistant proposing it), ``story`` (the user's
  account), ``title`` (the subject of the commit or ADR that records it).

Every fact also carries its project's ``mates``, ``notes`` (the file the user keeps commands
in), ``chatter`` (ordinary log lines long output is padded with) and ``naive`` (a flush or
restart that changes nothing).
"""

from __future__ import annotations

import random
import re

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _fill(text: str, **slots: str) -> str:
    """``text`` with each ``{name}`` replaced (values may hold braces: HCL, Go templates)."""
    for name, value in slots.items():
        text = text.replace("{" + name + "}", value)
    return text


def _mate(s: dict, rng: random.Random) -> str:
    return rng.choice(s["mates"])


def _hex(rng: random.Random, n: int = 12) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _clock(rng: random.Random) -> str:
    return f"{rng.randint(8, 19)}:{rng.randint(0, 59):02d}"


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` in the middle of a long stretch of ordinary output."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(11, 15))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(4, len(lines) - 4)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_rambling(s: dict, rng: random.Random) -> Episode:
    """The rule sits inside a long message about the day's work."""
    ask = _pick(rng,
                "ok so first thing today: {task}. one thing — {rule}. after that i need to "
                "write the on-call handover so lets keep this quick",
                "{task}\n\nand before you write anything: {rule}",
                "morning!! {task}. (fyi {rule} — got that wrong in a review last week)",
                "need this before the 11:00 sync if we can: {task}. house rule here, {rule}")
    return [Step(prompt=_fill(ask, task=s["task"], rule=s["rule"])),
            Step(text=_pick(rng, "Sure — sticking to that.", "Understood.", ""),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_fixed_after(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way first; the user says the rule."""
    if rng.random() < 0.5:
        said = _pick(rng, "not like that. {rule}", "nah — {rule}", "hold on, {rule}")
        first: Episode = [Step(text=_pick(rng, "Adding it:", "Here's the edit.", ""),
                               tools=[refused(s["contrary"],
                                              REJECTED + _fill(said, rule=s["rule"]))])]
    else:
        said = _pick(rng, "hmm thats the wrong way round for this repo. {rule}",
                     "can you redo that? {rule}", "nope, undo. {rule}")
        first = [Step(text=_pick(rng, "Straightforward:", "Changing it now.", ""),
                      tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Done — want me to run the tests?", "That's in place.")),
                 Step(prompt=_fill(said, rule=s["rule"]))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "My mistake — redoing it.", "Fair, switching to that.",
                            "OK, reworking it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_slack(s: dict, rng: random.Random) -> Episode:
    """A teammate's Slack message carries the rule."""
    mate = _mate(s, rng)
    ask = _pick(rng,
                "{task}\n\n{mate} said this in #platform earlier, so you know:\n> {rule}",
                "fwd from {mate}:\n\n{mate}  {when}\n{rule}\n\nok. with that in mind, {task}",
                "{mate} made me promise to pass this on before anyone touches it: \"{rule}\"\n\n"
                "the actual task: {task}")
    return [Step(prompt=_fill(ask, task=s["task"], rule=s["rule"], mate=mate,
                              when=_clock(rng))),
            Step(text=_pick(rng, "Noted — doing it that way.", "Right, noted.", ""),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_docs(s: dict, rng: random.Random) -> Episode:
    """The assistant finds the rule in the repo's docs and the user confirms it."""
    path, text = s["doc"]
    return [Step(prompt=s["task"]),
            Step(tools=[todo_write([("Check the repo's conventions", "in_progress",
                                     "Checking the repo's conventions"),
                                    ("Make the edit", "pending", "Editing"),
                                    ("Verify it", "pending", "Verifying it")])]),
            Step(tools=[read(path, text)]),
            Step(text=f"{s['found']} Going with that — shout if it's out of date."),
            Step(prompt=_pick(rng, "yep still current", "yes, every time", "correct, go ahead",
                              "yup")),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_repo_scripts(s: dict, rng: random.Random) -> Episode:
    """The first try fails; the assistant reads how the repo runs it."""
    path, text = s["script"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "No luck. Let me see how the repo itself runs this.",
                            "That's not it — checking the scripts.", ""),
                 tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_user_paste(s: dict, rng: random.Random) -> Episode:
    """The user shows the command they ran and what it printed."""
    fail = s["fail"]
    lead = _pick(rng, "{goal}. this is what i get:", "{goal}, but:",
                 "{goal} — why does it do this")
    return [Step(prompt=_fill(lead, goal=s["goal"])
                 + f"\n\n```\n$ {fail.command}\n{fail.output}\n```"),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "ahh ok thanks", "oh. ok", "nice")),
            Step(text=_pick(rng, "Sure.", "Anytime!", "👍"))]


def cmd_user_knows(s: dict, rng: random.Random) -> Episode:
    """The assistant's guess fails; the user supplies the command."""
    said = _pick(rng, "oh right, should have said: {hint}",
                 "thats not how we do it, {mate} showed me: {hint}",
                 "ugh i always forget this too. {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That errored — see above.", "Hm, that didn't work.")),
            Step(prompt=_fill(said, hint=s["hint"], mate=_mate(s, rng))),
            Step(tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}")]


def cmd_subagent(s: dict, rng: random.Random) -> Episode:
    """A subagent finds how the repo normally runs it."""
    path, text = s["script"]
    report = (f"Found it in {path}:\n\n{text}\nThat's the invocation the repo uses; nothing "
              f"else in the tree runs it differently.")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text="Failed. I'll have a subagent find how this is normally run here.",
                 tools=[agent("Find the usual command",
                              f"Search the repository for how this is normally done: "
                              f"{s['goal']}. Report the exact command and where it lives.",
                              report, _hex(rng, 16), "Explore", rng.randint(3, 7))]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_to_notes(s: dict, rng: random.Random) -> Episode:
    """Worked out in the session, then written down at the user's request."""
    ok, notes = s["ok"], s["notes"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]), Step(text=s["done"]),
            Step(prompt=_fill(_pick(rng, "can you add that to {notes}, future me will thank you",
                                    "stick that in {notes} pls",
                                    "write it down in {notes}, ive looked this up three times "
                                    "now"), notes=notes)),
            Step(tools=[edit(notes, "## commands\n", f"## commands\n\n```\n{ok.command}\n```\n")]),
            Step(text=f"Added to {notes} under commands.")]


# environment
def env_lookup(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "I'll check the config rather than guess.", "Let me find out.",
                            ""), tools=s["probe"]),
            Step(text=s["confirm"])]


def env_side_remark(s: dict, rng: random.Random) -> Episode:
    """Said in passing inside another request; the assistant verifies it."""
    return [Step(prompt=s["aside"]),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'Checked — yes.', 'That matches the repo.', 'Right.')} "
                      f"{s['confirm']}")]


def env_wrong(s: dict, rng: random.Random) -> Episode:
    """The user remembers it wrongly; the assistant checks and corrects."""
    ask = _pick(rng, "i think {guess} — can you double check", "{guess}, right?",
                "quick q, am i right that {guess}")
    return [Step(prompt=_fill(ask, guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=_pick(rng, "Not any more.", "Actually, no.",
                            "Not according to the repo.") + " " + s["confirm"]),
            Step(prompt=_pick(rng, "oh. good thing i asked", "huh ok", "right, thx")),
            Step(text=_pick(rng, "Sure.", "np."))]


def env_relay(s: dict, rng: random.Random) -> Episode:
    """A teammate's question, looked up and answered."""
    mate = _mate(s, rng)
    ask = _pick(rng, "{mate} asks: \"{asked}\" — can you look it up",
                "slack from {mate}:\n> {asked}\ncan you check",
                "question from {mate}, {asked}")
    return [Step(prompt=_fill(ask, mate=mate, asked=s["asked"])),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nFor {mate}, something like:\n\n> "
                      f"{_lower_first(s['confirm'])}"),
            Step(prompt=_pick(rng, "sent, ty", "👍", "thanks, forwarded")),
            Step(text=_pick(rng, "Good.", "Great."))]


def env_subagent(s: dict, rng: random.Random) -> Episode:
    """A subagent digs it out; the assistant reports."""
    found = "\n\n".join(f"$ {t.command}\n{t.output}" for t in s["probe"] if t.name == "Bash")
    return [Step(prompt=s["goal"]),
            Step(tools=[agent("Look up the setting", f"Find out from the repository and the "
                              f"live config: {s['goal']}. Quote what you ran.",
                              f"What I ran:\n\n{found}", _hex(rng, 16), "Explore",
                              rng.randint(2, 5))]),
            Step(text=s["confirm"])]


# gotcha
def gotcha_paste(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_pick(rng, "Looking.", "", "Digging in."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_long_log(s: dict, rng: random.Random) -> Episode:
    """The assistant runs it again; the telling lines hide inside a long log."""
    return [Step(prompt=s["symptom"]),
            Step(text="Reproducing before guessing.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The relevant lines are halfway down.",
                            "There, in the middle of all that."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_user_knows(s: dict, rng: random.Random) -> Episode:
    """The assistant's flush-and-retry changes nothing; the user knows the cause."""
    said = _pick(rng, "that wont help. {told}", "no, flushing doesnt fix it. {told}",
                 "pretty sure its not that — {told}")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text="Let me rule out stale state first.", tools=[s["naive"]]),
            Step(text="That's cleared; if it comes back it isn't stale state."),
            Step(prompt=_fill(said, told=s["told"])),
            Step(tools=s["probe"]),
            Step(text=f"Yes, that's it. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_mate(s: dict, rng: random.Random) -> Episode:
    mate = _mate(s, rng)
    ask = _pick(rng, "{symptom}\n\n{mate} looked at it yesterday and thinks {told}",
                "{symptom}. {mate} reckons \"{told}\", can you confirm and fix")
    return [Step(prompt=_fill(ask, symptom=s["symptom"], mate=mate, told=s["told"])
                 + f"\n\n```\n{s['trace']}\n```"),
            Step(tools=s["probe"]),
            Step(text=f"{mate}'s right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_story(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "please no. {story}", "ha, no. {story}", "been down that road. {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=_fill(said, story=s["story"])),
            Step(text=_pick(rng, "Fair enough — leaving that alone.",
                            "OK, that's off the table.", "Understood, not going there."))]


def fals_spike(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "yeah no. revert it", "ok thats a no. undo", "put it back how it was")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Restoring the old version.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_adr(s: dict, rng: random.Random) -> Episode:
    """The user has the history written up as a rejected ADR."""
    mate = _mate(s, rng)
    n = rng.randint(7, 31)
    slug = re.sub(r"[^a-z0-9]+", "-", s["title"].lower()).strip("-")
    path = f"docs/adr/{n:04d}-{slug}.md"
    ask = _pick(rng, "{mate} suggested this again in standup ({want}). write an ADR so its on "
                     "record. what happened last time: {story}",
                "need a rejected ADR for this, {mate} keeps asking: {want}\nbackground: {story}")
    return [Step(prompt=_fill(ask, mate=mate, want=s["want"], story=s["story"])),
            Step(tools=[write(path, f"# {s['title']}\n\nStatus: rejected\n\n## Context\n\n"
                                    f"{s['want']}\n\n## Decision\n\n{s['conclusion']}\n")]),
            Step(text=f"Wrote {path} (status: rejected).")]


def fals_history(s: dict, rng: random.Random) -> Episode:
    """The assistant checks the history before trying it and finds it was backed out."""
    mate = _mate(s, rng)
    sha = _hex(rng, 7)
    return [Step(prompt=s["want"]),
            Step(text=_pick(rng, "Let me check whether this has been tried before.",
                            "Checking git history before touching anything."),
                 tools=[bash("git log --oneline --all -i --grep=revert --grep=remove "
                             "--grep=drop --grep='back out' | head -20",
                             f"{_hex(rng, 7)} Merge branch 'main' of gitlab.fenwater.net\n"
                             f"{sha} {s['title']}\n{_hex(rng, 7)} Remove unused fixtures")]),
            Step(tools=[bash(f"git show --stat {sha}",
                             f"commit {sha}{_hex(rng, 33)}\nAuthor: {mate} "
                             f"<{mate.lower()}@fenwater.org>\nDate:   "
                             f"{_pick(rng, 'Tue', 'Wed', 'Fri')} {_pick(rng, 'Feb', 'May', 'Oct')} "
                             f"{rng.randint(2, 27)} 16:{rng.randint(10, 59)}:07 2024\n\n    "
                             f"{s['title']}\n\n    {s['story']}\n")]),
            Step(text=f"Found it — {sha} \"{s['title']}\". {s['conclusion']}"),
            Step(prompt=_pick(rng, "ah yes. forget it then", "right, i'd forgotten. skip it",
                              "lol ok no")),
            Step(text=_pick(rng, "OK.", "Skipping it."))]


def fals_ask_user(s: dict, rng: random.Random) -> Episode:
    """The assistant offers it as a choice; the user types the history into "Other"."""
    return [Step(prompt=s["want"]),
            Step(tools=[ask_user("Want me to try this?", "Approach",
                                 [("Try it", s["offer"]),
                                  ("Leave it", "Keep the current setup")],
                                 s["story"])]),
            Step(text=_pick(rng, "Thanks for the background — I'll leave it as it is.",
                            "Got it, not doing that then."))]


TEMPLATES = {
    "convention": [conv_rambling, conv_fixed_after, conv_slack, conv_docs],
    "command": [cmd_repo_scripts, cmd_user_paste, cmd_user_knows, cmd_subagent, cmd_to_notes],
    "environment": [env_lookup, env_side_remark, env_wrong, env_relay, env_subagent],
    "gotcha": [gotcha_paste, gotcha_long_log, gotcha_user_knows, gotcha_mate],
    "falsified": [fals_story, fals_spike, fals_adr, fals_history, fals_ask_user],
}

UNRELATED = [
    "how do cache-control max-age and etags interact? explain it like i'm new to http",
    "write a python function that retries a flaky call with exponential backoff and jitter",
    "what's a bloom filter and when would i actually reach for one",
    "how do i read a flame graph without getting lost",
    "what goes into a good blameless postmortem after an outage?",
    "explain consistent hashing with a small worked example",
    "regex to pull the status code and request path out of a combined-format access log line",
    "how do i turn a unix timestamp into a readable date in bash on linux and on a mac",
    "what does p99 latency tell me that the average hides?",
    "sql: how do i get the three newest rows per customer",
    "git: how do i find the commit that introduced a particular line",
    "tips for writing an on-call handover note that people will actually read",
    "how can i push back on a feature request from another team without sounding rude",
    "how does tls session resumption work, roughly",
    "in go, when should a function take a context.Context as its first argument?",
    "explain idempotency keys for an http api that creates orders",
    "what sample rate and bit depth is cd audio, and why those numbers?",
    "typescript: interface or type alias, which one and why",
    "how do yaml anchors and aliases work? short example please",
    "how do i estimate how much disk a log pipeline will need per day",
    "explain the cap theorem with a real-world example, not a textbook one",
    "what's a sensible way to structure a small cli tool's subcommands in python",
]

UNANSWERED: dict[str, list[str]] = {
    "knapweed": [
        "what's our monthly bandwidth bill for the edge nodes?",
        "are we adding a fourth edge node before the general election?",
        "what was the peak request rate on the website last election night?",
        "do we have a contract with a ddos scrubbing provider?",
        "who renews the tls certificates for the website domains?",
    ],
    "shinglebay": [
        "how many allocations are running across the cluster right now?",
        "when does the hetzner contract come up for renewal?",
        "who holds management acl tokens for the cluster?",
        "is there a plan to move the cluster off hetzner?",
        "what do the nomad client servers cost us per month?",
    ],
    "whimbrelcast": [
        "how many episodes did the pipeline publish last month?",
        "which shows publish on a weekly schedule?",
        "who signs off transcripts before an episode goes out?",
        "are video podcasts on the roadmap this year?",
        "what's the average processing time for an hour-long episode?",
    ],
    "mossgauge": [
        "how many alerts fired last week?",
        "who is on call next weekend?",
        "what was the uptime of the live streams last quarter?",
        "are we thinking about a hosted monitoring service instead?",
        "how much free disk is left on the metrics box?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- knapweed
def knapweed() -> Project:
    main = "vcl/main.vcl"
    purge = "vcl/purge.vcl"
    deliver = "vcl/deliver.vcl"
    override = "systemd/varnish.service.d/override.conf"
    compile_check = bash("varnishd -C -f $PWD/vcl/main.vcl > /dev/null && echo compiled",
                         "compiled")
    facts = [
        Fact("conv-xkey", "convention", ["xkey"],
             ["an article got corrected and the edge should drop the old copies when the cms "
              "republishes — what mechanism do we use for that, ban by url?",
              "when I add cache invalidation for the podcast feed pages, how is the vcl "
              "supposed to do it?"],
             "In knapweed (the Varnish edge config) cache invalidation is by surrogate key "
             "with the xkey vmod: backends tag responses with an xkey header (article-<id>, "
             "show-<slug>) and purges call xkey.softpurge() with the key from the xkey-purge "
             "request header. No ban() on req.url regexes: the ban list once grew to 40k "
             "entries and slowed every lookup.",
             {"task": "add purging for the podcast feed pages — the feeds service wants to "
                      "invalidate /podcasts/<show>/feed.xml when an episode publishes",
              "rule": "we dont ban on url regexes, the ban list got to 40k entries last year "
                      "and every lookup crawled. invalidation is surrogate keys through xkey: "
                      "backend sends an xkey header, the purge calls xkey.softpurge",
              "contrary": edit(purge, "sub purge_recv {\n",
                               "sub purge_recv {\n    if (req.method == \"PURGE\" && req.url ~ "
                               "\"^/podcasts/\") {\n        ban(\"req.url ~ \" + req.url);\n"
                               "        return (synth(200, \"banned\"));\n    }\n"),
              "follow": [edit(purge, "sub purge_recv {\n",
                              "sub purge_recv {\n    if (req.method == \"PURGE\" && "
                              "req.http.xkey-purge) {\n        if (client.ip !~ purgers) {\n"
                              "            return (synth(403, \"no\"));\n        }\n        set "
                              "req.http.n-gone = xkey.softpurge(req.http.xkey-purge);\n        "
                              "return (synth(200, \"softpurged \" + req.http.n-gone));\n    }\n"),
                         write("tests/purge_feed.vtc",
                               "varnishtest \"feed pages are softpurged by show key\"\n\n"
                               "server s1 {\n    rxreq\n    txresp -hdr \"xkey: show-the-"
                               "long-wave\" -body \"<rss/>\"\n    rxreq\n    txresp -hdr "
                               "\"xkey: show-the-long-wave\" -body \"<rss v2/>\"\n} -start\n"),
                         compile_check],
              "done": "PURGE with an xkey-purge header now goes through xkey.softpurge (objects "
                      "stay servable in grace while the refetch happens), limited to the "
                      "purgers ACL; the feeds service sends show-<slug> as the key. Added "
                      "tests/purge_feed.vtc.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Invalidation\n\nNo `ban()` on `req.url` regexes — "
                      "the ban list reached 40k entries in 2023 and every lookup walked it. "
                      "Backends tag responses with an `xkey` header (`article-<id>`, "
                      "`show-<slug>`); purges go through `xkey.softpurge()` with the key in "
                      "the `xkey-purge` request header.\n"),
              "found": "CONTRIBUTING.md rules out ban() on URL regexes (the ban list once hit "
                       "40k entries) — invalidation is by surrogate key: backends send an xkey "
                       "header and purges call xkey.softpurge() with the key from xkey-purge."}),
        Fact("conv-prefix", "convention", ["X-Fw-"],
             ["i want the edge to tell me whether a response was a hit and which backend it "
              "came from — what should those debug headers be called?",
              "is there a naming rule for response headers our varnish config adds?"],
             "knapweed names every header it adds with the X-Fw- prefix (X-Fw-Cache, "
             "X-Fw-Backend, X-Fw-TTL), and the strip_debug sub in vcl_deliver removes the "
             "X-Fw- headers unless client.ip is in the office ACL, so debug headers never "
             "reach the public.",
             {"task": "add a response header that says hit or miss and which backend served "
                      "it, im tired of guessing from varnishlog",
              "rule": "anything we add is X-Fw-something, and strip_debug in vcl_deliver takes "
                      "the X-Fw- ones off unless client.ip is in the office acl. nothing debuggy "
                      "goes out to the public",
              "contrary": edit(deliver, "sub vcl_deliver {\n",
                               "sub vcl_deliver {\n    if (obj.hits > 0) {\n        set "
                               "resp.http.X-Cache = \"HIT\";\n    } else {\n        set "
                               "resp.http.X-Cache = \"MISS\";\n    }\n"),
              "follow": [edit(main, "sub vcl_backend_response {\n",
                              "sub vcl_backend_response {\n    set beresp.http.X-Fw-Backend = "
                              "beresp.backend.name;\n"),
                         edit(deliver, "sub vcl_deliver {\n",
                              "sub vcl_deliver {\n    if (obj.hits > 0) {\n        set "
                              "resp.http.X-Fw-Cache = \"HIT \" + obj.hits;\n    } else {\n"
                              "        set resp.http.X-Fw-Cache = \"MISS\";\n    }\n    call "
                              "strip_debug;\n"),
                         edit(deliver, "sub strip_debug {\n",
                              "sub strip_debug {\n    if (client.ip !~ office) {\n        unset "
                              "resp.http.X-Fw-Cache;\n        unset resp.http.X-Fw-Backend;\n"),
                         compile_check],
              "done": "X-Fw-Cache (HIT with the hit count, or MISS) and X-Fw-Backend are set, "
                      "and strip_debug removes both for anyone outside the office ACL.",
              "doc": ("vcl/README.md",
                      "# vcl\n\nmain.vcl includes the rest. Headers we add are always named "
                      "`X-Fw-<Name>`; `strip_debug` (called from vcl_deliver) unsets every "
                      "X-Fw- header unless `client.ip ~ office`.\n"),
              "found": "vcl/README.md: every header we add is named X-Fw-<Name>, and "
                       "strip_debug in vcl_deliver unsets them unless the client is in the "
                       "office ACL."}),
        Fact("cmd-vtc", "command", ["vcl_path"],
             ["the .vtc cases can't find the included files when I run them from my "
              "checkout — how are they meant to be run?",
              "how do I run the varnish test cases locally?"],
             "knapweed's varnishtest cases need the repo's VCL directory passed as a varnishd "
             "parameter: `varnishtest -p vcl_path=$PWD/vcl -j 4 tests/*.vtc` (what `make test` "
             "runs); a plain `varnishtest tests/*.vtc` fails with 'Cannot read file' on the "
             "includes.",
             {"goal": "run the vtc tests before i push the grace change",
              "fail": bash("varnishtest tests/*.vtc",
                           "**** v1    CLI RX|Message from VCC-compiler:\n**** v1    CLI "
                           "RX|Cannot read file 'backends.vcl' (No such file or directory)\n"
                           "**** v1    CLI RX|('<vcl.inline>' Line 4 Pos 9)\n**** v1    CLI "
                           "RX|include \"backends.vcl\";\n#    top  TEST tests/grace.vtc FAILED "
                           "(0.412) exit=2", 2),
              "note": "The test VCL includes backends.vcl and friends by bare name, so varnishd "
                      "needs the repo's vcl/ directory on its include path — that's a varnishd "
                      "parameter, which varnishtest passes through with -p.",
              "ok": bash("varnishtest -p vcl_path=$PWD/vcl -j 4 tests/*.vtc",
                         "#    top  TEST tests/grace.vtc passed (2.710)\n#    top  TEST "
                         "tests/cookies.vtc passed (0.581)\n#    top  TEST tests/acl.vtc passed "
                         "(0.544)\n#    top  TEST tests/redirects.vtc passed (0.602)"),
              "done": "All four test cases pass, including grace.vtc.",
              "hint": "varnishd needs the include dir, `varnishtest -p vcl_path=$PWD/vcl -j 4 "
                      "tests/*.vtc`",
              "script": ("Makefile",
                         "VTC_JOBS ?= 4\n\ntest:\n\tvarnishtest -p vcl_path=$(CURDIR)/vcl -j "
                         "$(VTC_JOBS) tests/*.vtc\n\n.PHONY: test\n")}),
        Fact("cmd-reload", "command", ["varnishreload"],
             ["what's the safe way to put new vcl live on the edge boxes without emptying the "
              "cache?",
              "restarting varnish after a config change throws away everything cached — what "
              "do we run instead?"],
             "To load new VCL on knapweed's edge nodes without losing the cache run `sudo "
             "varnishreload` on each node (compiles, vcl.load and vcl.use the new VCL, "
             "discards old ones); the varnish systemd unit has no reload action and a restart "
             "empties the in-memory cache.",
             {"goal": "get the new vcl onto edge-2, carefully, its the morning peak",
              "fail": bash("ssh edge-2 sudo systemctl reload varnish",
                           "Failed to reload varnish.service: Job type reload is not applicable "
                           "for unit varnish.service.", 1),
              "note": "The unit has no reload action, and a restart would throw away the whole "
                      "in-memory cache mid-peak. The script Varnish ships for this hot-swaps "
                      "the VCL instead: compile, vcl.load, vcl.use, discard the old one.",
              "ok": bash("ssh edge-2 sudo varnishreload",
                         "VCL 'reload_20250312_091544_27311' compiled\nVCL "
                         "'reload_20250312_091544_27311' now active\navailable   0 warm   0 "
                         "boot\nactive      0 warm   0 reload_20250312_091544_27311"),
              "done": "edge-2 is serving with the new VCL and its cache is intact.",
              "hint": "dont restart it!! varnishreload, it hot swaps the vcl",
              "script": ("scripts/deploy.sh",
                         "#!/bin/sh\nset -eu\nfor h in edge-1 edge-2 edge-3; do\n  rsync -a "
                         "vcl/ \"$h\":/etc/varnish/\n  ssh \"$h\" sudo varnishreload\ndone\n")}),
        Fact("env-hitch", "environment", ["6086"],
             ["which port does varnish accept the proxy-protocol connections from the tls "
              "terminator on?",
              "hitch hands decrypted traffic to which local port on the edge nodes?"],
             "On knapweed's edge nodes Hitch terminates TLS on 443 and forwards to Varnish with "
             "PROXY protocol v2 on 127.0.0.1:6086 (varnishd -a 127.0.0.1:6086,PROXY); plain "
             "HTTP arrives on :80.",
             {"goal": "what port does hitch hand connections to varnish on? writing up the "
                      "firewall doc",
              "probe": [bash("grep -n -e backend -e proxy hitch/hitch.conf; grep -n 'PROXY' "
                             f"{override}",
                             "hitch/hitch.conf:7:backend = \"[127.0.0.1]:6086\"\n"
                             "hitch/hitch.conf:8:write-proxy-v2 = on\n"
                             f"{override}:5:  -a 127.0.0.1:6086,PROXY \\")],
              "confirm": "Hitch terminates TLS on 443 and passes connections to Varnish at "
                         "127.0.0.1:6086 with PROXY protocol v2 (write-proxy-v2 = on; varnishd "
                         "listens with -a 127.0.0.1:6086,PROXY). Plain HTTP comes in on :80.",
              "aside": "adding the new cert for podcasts.fenwater.org to hitch. it still hands "
                       "off to varnish on 6086 with proxy v2 right? check the conf before i "
                       "restart hitch",
              "guess": "hitch talks plain http to varnish on 8443",
              "asked": "what port does the TLS terminator pass traffic to varnish on? writing "
                       "the host firewall rules"}),
        Fact("env-storage", "environment", ["malloc,48G"],
             ["how much ram does the cache get on each edge node?",
              "what storage backend and size is varnish configured with on the edge boxes?"],
             "knapweed's edge nodes run varnishd with -s malloc,48G: in-memory storage, 48 GB "
             "of each 64 GB box, plus the default Transient storage; the cache does not "
             "survive a restart.",
             {"goal": "how much memory does varnish get on the edge boxes? finance asked",
              "probe": [bash(f"grep -n -- '-s ' {override}; ssh edge-1 free -g | head -2",
                             f"{override}:6:  -s malloc,48G \\\n               total        "
                             "used        free      shared  buff/cache   available\nMem:         "
                             "     62          51           1           0          10          "
                             "10")],
              "confirm": "Each edge node gives Varnish -s malloc,48G — 48 GB of in-memory "
                         "storage on a 64 GB box — plus Transient storage for short-lived "
                         "objects. Being malloc, a restart starts cold.",
              "aside": "the edge boxes get 128gb ram next month. we give varnish malloc,48G "
                       "now yeah? want to know what to bump it to",
              "guess": "varnish uses file storage on the nvme drives on the edge boxes",
              "asked": "how big is the varnish cache on each edge box? finance wants to know "
                       "if the RAM upgrade is worth it"}),
        Fact("gotcha-vary", "gotcha", ["Vary: User-Agent"],
             ["the hit rate on article pages fell off a cliff after the cms upgrade — what was "
              "behind that?",
              "why was the edge storing a separate copy of every page for each browser?"],
             "After its upgrade the CMS began sending Vary: User-Agent on article pages, so "
             "knapweed's Varnish stored one copy per browser string and the hit rate on /news "
             "collapsed (92% to about 30%); vcl_backend_response now takes User-Agent out of "
             "Vary, since the pages don't differ by browser.",
             {"symptom": "hit rate on /news/* went from ~92% to like 30% since tuesday. no vcl "
                         "changes from us. the cms team shipped their upgrade tuesday though",
              "trace": "MAIN.cache_hit     1183204   112.40 Hits\nMAIN.cache_miss    2764513   "
                       "262.63 Misses\nMAIN.n_object      4912877          .   object structs "
                       "made",
              "probe": [bash("curl -sI https://www.fenwater.org/news/2025/03/flood-defences | "
                             "grep -i -e '^vary' -e '^age'",
                             "vary: Accept-Encoding, User-Agent\nage: 0")],
              "explain": "The CMS upgrade added `Vary: User-Agent` to article responses. "
                         "Varnish honours Vary, so every distinct browser string gets its own "
                         "cached copy — thousands of variants per URL, nearly all misses, and "
                         "n_object balloons. The pages don't actually differ by browser, so "
                         "vcl_backend_response should take User-Agent out of Vary.",
              "fix": [edit(main, "sub vcl_backend_response {\n",
                           "sub vcl_backend_response {\n    # CMS 5.2 varies on the browser; "
                           "our pages don't\n    if (beresp.http.Vary ~ \"User-Agent\") {\n"
                           "        set beresp.http.Vary = regsuball(beresp.http.Vary, "
                           "\",? *User-Agent *\", \"\");\n    }\n"),
                      compile_check],
              "done": "Vary is back to Accept-Encoding on those pages; the hit rate climbs as "
                      "the variants expire. Worth asking the CMS team to drop it at the source "
                      "too.",
              "told": "the cms sends Vary: User-Agent on everything now so we store one copy "
                      "per browser",
              "repro": "ssh edge-1 varnishlog -d -g request -q 'ReqURL ~ \"^/news/\"' -i "
                       "BerespHeader -i VCL_call | head -80"}),
        Fact("gotcha-hdrlen", "gotcha", ["http_resp_hdr_len"],
             ["some cms pages come back from the edge as 503 backend fetch failed but load "
              "fine straight from the origin — why?",
              "which varnishd parameter had to go up because the cms sends enormous response "
              "headers?"],
             "knapweed: some CMS pages (photo galleries) 503'd with 'Backend fetch failed' "
             "because their Link preload header (~11.8 KB) exceeded varnishd's "
             "http_resp_hdr_len (8k by default; varnishlog shows BogoHeader 'Header too long'); "
             "the edge now runs with -p http_resp_hdr_len=32k and -p http_resp_size=64k.",
             {"symptom": "a handful of pages 503 'Backend fetch failed' at the edge but curl "
                         "to the cms origin is fine. mostly the photo gallery pages",
              "trace": "-   BogoHeader     Header too long: Link: </static/gallery/2025/03/"
                       "img-0001.webp>; rel=preload; as=image, </sta\n-   FetchError     http "
                       "format error\n-   BerespStatus   503\n-   BerespReason   Backend fetch "
                       "failed",
              "probe": [bash("curl -s -o /dev/null -D - http://cms-origin.int:8080/galleries/"
                             "spring-floods | awk '/^Link:/ {print length($0)}'", "11873")],
              "explain": "The gallery pages send a Link preload header about 11.8 KB long. "
                         "varnishd rejects any single backend response header longer than "
                         "http_resp_hdr_len (8k by default): it logs BogoHeader 'Header too "
                         "long', abandons the fetch and the client gets the 503. Raising "
                         "http_resp_hdr_len — and http_resp_size, which caps all the headers "
                         "together — fixes it.",
              "fix": [edit(override, "  -p thread_pool_max=2000 \\\n",
                           "  -p thread_pool_max=2000 \\\n  -p http_resp_hdr_len=32k \\\n  -p "
                           "http_resp_size=64k \\\n")],
              "done": "Both parameters are raised in the systemd override; they apply at the "
                      "next varnishd start, or now via `varnishadm param.set`.",
              "told": "the gallery pages have a giant Link preload header and varnish caps a "
                      "header at 8k, http_resp_hdr_len",
              "repro": "ssh edge-3 varnishlog -d -g request -q 'BerespStatus == 503'"}),
        Fact("fals-esi", "falsified", ["ESI"],
             ["could we cache article pages for logged-in members by caching the page and "
              "fetching only the personalised header separately?",
              "has anyone tried edge side includes on our varnish?"],
             "ESI (edge side includes) in knapweed — caching article bodies and including the "
             "member header as an uncached fragment — was tried by Tobi before the 2023 "
             "election and removed: on election night the per-pageview fragment fetches "
             "flattened the CMS, and some browsers got half-gzipped garbage. The member header "
             "is rendered client-side from /api/me instead.",
             {"ask": "members get every page uncached because of the session cookie. lets try "
                     "ESI: cache the article and pull the member header in as an esi include",
              "change": [edit(main, "sub vcl_backend_response {\n",
                              "sub vcl_backend_response {\n    if (bereq.url ~ \"^/news/\") {\n"
                              "        set beresp.do_esi = true;\n    }\n"),
                         edit("vcl/cookies.vcl", "    if (req.url ~ \"^/account/\") {\n",
                              "    if (req.url ~ \"^/fragments/member-header\") {\n        "
                              "return (pass);\n    }\n    if (req.url ~ \"^/account/\") {\n")],
              "broke": bash("k6 run --vus 400 --duration 2m loadtest/members.js",
                            "     http_req_failed................: 38.12%  ✓ 19340  ✗ 31392\n"
                            "     http_req_duration..............: avg=4.1s  p(95)=9.8s\n"
                            "ERRO[0121] cms-origin: 502 on /fragments/member-header (upstream "
                            "overloaded)", 1),
              "revert": bash("git checkout -- vcl/main.vcl vcl/cookies.vcl", ""),
              "conclusion": "Reverted. With ESI every member page view became a cached body "
                            "plus an uncacheable fragment fetch, and under load the fragment "
                            "requests swamped the CMS — 38% of requests failed. The member "
                            "header stays client-side via /api/me.",
              "want": "logged-in member pages are never cached — can the edge cache the body "
                      "and just personalise the header?",
              "offer": "Varnish can do that with ESI: cache the article with beresp.do_esi and "
                       "have the page include the member header as an uncached fragment. Want "
                       "me to wire it up?",
              "story": "Tobi built exactly that with ESI before the 2023 election. on election "
                       "night the member-header fragments (uncached, one per pageview) "
                       "flattened the cms, and a couple of browsers got half-gzipped garbage. "
                       "ripped out the week after, the header is client side from /api/me now",
              "title": "Remove ESI member header"}),
        Fact("fals-m3u8", "falsified", ["m3u8"],
             ["could the edge cache the live radio playlists for a second or two to take load "
              "off the packager?",
              "why do the live hls playlist requests skip the cache completely?"],
             "Caching knapweed's live radio HLS playlists (.m3u8) for 2 s at the edge was "
             "tried by Gus and reverted: with grace on top, players were served stale "
             "playlists and the live streams kept rebuffering. .m3u8 requests are passed to "
             "the packager uncached; only the media segments are cached.",
             {"ask": "the packager is getting hammered by playlist requests on the live "
                     "streams. cache the .m3u8 files for 2s at the edge",
              "change": [edit(main, "    if (req.url ~ \"\\.m3u8$\") {\n        return "
                                    "(pass);\n    }\n", ""),
                         edit(main, "sub vcl_backend_response {\n",
                              "sub vcl_backend_response {\n    if (bereq.url ~ \"\\.m3u8$\") "
                              "{\n        set beresp.ttl = 2s;\n    }\n")],
              "broke": bash("python3 tools/hls_soak.py --stream live/fw1 --players 50 "
                            "--minutes 5",
                            "players: 50\nstale playlist (media sequence went backwards): 137\n"
                            "rebuffer events: 41\nFAIL", 1),
              "revert": bash("git checkout -- vcl/main.vcl", ""),
              "conclusion": "Reverted: .m3u8 requests go back to pass. With a 2 s TTL plus the "
                            "default grace, players kept getting playlists behind the live "
                            "edge — 137 stale playlists and 41 rebuffers in five minutes. The "
                            "segments are what's worth caching.",
              "want": "can the edge take some of the playlist load off the live packager?",
              "offer": "The live playlists are passed straight through; caching the .m3u8 "
                       "files for a second or two would absorb most of those requests. Want "
                       "me to add that?",
              "story": "Gus did that in january, 2s ttl on the m3u8 files. with grace on top "
                       "players got stale playlists and the live stream kept rebuffering, "
                       "listener complaints within the hour. playlists are pass, only the "
                       "segments get cached",
              "title": "Pass live playlists again"}),
    ]
    chatter = [
        "*   << Request  >> 3801127",
        "-   Begin          req 3801126 rxreq",
        "-   ReqMethod      GET",
        "-   ReqURL         /news/2025/03/council-budget",
        "-   ReqHeader      Host: www.fenwater.org",
        "-   VCL_call       RECV",
        "-   VCL_return     hash",
        "-   VCL_call       HASH",
        "-   VCL_call       MISS",
        "-   BereqURL       /news/2025/03/council-budget",
        "-   BerespProtocol HTTP/1.1",
        "-   BerespStatus   200",
        "-   BerespHeader   Content-Type: text/html; charset=utf-8",
        "-   BerespHeader   Cache-Control: public, max-age=120",
        "-   VCL_call       BACKEND_RESPONSE",
        "-   TTL            RFC 120 10 0 1741771544 1741771544",
        "-   VCL_return     deliver",
        "-   End",
    ]
    noise: list[Episode] = [
        look("what does the cookie handling in vcl_recv do again", "vcl/cookies.vcl",
             "sub strip_cookies {\n    if (req.url ~ \"^/account/\") {\n        return;\n    }"
             "\n    unset req.http.Cookie;\n}\n",
             "Outside /account/ every request cookie is dropped before lookup, so anonymous "
             "pages cache; /account/ keeps its cookies and is never cached."),
        find("where's the office acl defined", "acl office",
             ["vcl/acl.vcl", "tests/acl.vtc"],
             "vcl/acl.vcl defines it and tests/acl.vtc exercises it."),
        tweak("bump grace on the homepage to 6h, origin has been flaky", main,
              "        set beresp.grace = 1h;", "        set beresp.grace = 6h;",
              "Homepage grace is now 6h: if the CMS is down, the last good copy is served for "
              "up to six hours."),
        run("how's the hit rate on edge-1 right now",
            "ssh edge-1 varnishstat -1 -f MAIN.cache_hit -f MAIN.cache_miss",
            "MAIN.cache_hit     9182735   402.11 Hits\nMAIN.cache_miss    1093122    47.87 "
            "Misses",
            "About 89% hits since the last restart."),
        talk("whats the difference between grace and keep in varnish again",
             "Grace: how long past its TTL an object may still be served while a background "
             "fetch refreshes it. Keep: how long past TTL+grace it is kept only to supply "
             "If-Modified-Since/If-None-Match for a conditional refetch — never served as is."),
        steps("which backends have health probes and which dont",
              [agent("Audit backend probes", "Read vcl/backends.vcl and list each backend and "
                     "whether it has a .probe.",
                     "cms_a, cms_b and feeds have probes (GET /healthz every 5s, window 5, "
                     "threshold 3). live_packager has none, so a dead packager is only "
                     "noticed when requests fail.", "a3c90e17b25d4f68", "Explore", 3)],
              "Everything except live_packager has a probe; worth adding one there."),
        [Step(prompt="what are the top missed urls on edge-3 right now"),
         Step(tools=[bash("ssh edge-3 \"varnishtop -1 -i BereqURL | head -5\"",
                          "  1412.00 BereqURL /api/me\n   318.00 BereqURL /news/live-blog\n"
                          "   121.00 BereqURL /weather/fragment\n    80.00 BereqURL /\n    "
                          "41.00 BereqURL /podcasts/")]),
         Step(text="/api/me dominates (it's never cached), then the live blog."),
         Step(prompt="live blog is on a 10s ttl right?"),
         Step(tools=[bash("grep -n -B1 -A2 'live-blog' vcl/main.vcl",
                          "41-    if (bereq.url ~ \"^/news/live-blog\") {\n42-        set "
                          "beresp.ttl = 10s;\n43-    }")]),
         Step(text="Yes, 10 seconds.")],
        [Step(prompt="plan out the redirect cleanup for the old /radio/ urls"),
         Step(tools=[todo_write([("List the old /radio/ paths from the logs", "in_progress",
                                  "Listing old paths"),
                                 ("Add 301s in vcl/redirects.vcl", "pending", "Adding 301s"),
                                 ("Extend tests/redirects.vtc", "pending", "Extending tests")])]),
         Step(text="Three steps: collect the old paths, add the 301s, extend the redirect "
                   "test. Starting with the logs.")],
    ]
    return Project(
        "knapweed", "git@gitlab.fenwater.net:sre/knapweed.git",
        {"README.md": "# knapweed\n\nVCL and config for the Fenwater edge (Varnish + Hitch).\n",
         "RUNBOOK.md": "# runbook\n\n## commands\n"},
        _equip(facts, mates=["Hana", "Gus"], notes="RUNBOOK.md", chatter=chatter,
               naive=bash("ssh edge-1 \"sudo varnishadm 'ban req.http.host ~ .'\"", "200")),
        noise, "slack")


# ------------------------------------------------------------------- shinglebay
def shinglebay() -> Project:
    api = "jobs/podcast-api.nomad.hcl"
    validate = bash("nomad job validate jobs/*.nomad.hcl",
                    "Job validation successful\nJob validation successful\nJob validation "
                    "successful")
    facts = [
        Fact("conv-digest", "convention", ["sha256"],
             ["can I point the new job at the :latest tag of its container image?",
              "how should container images be referenced in our nomad job files?"],
             "shinglebay job specs pin every container image by digest "
             "(image = \"registry.fenwater.net/...@sha256:<digest>\"), never by a tag, with the "
             "tag kept in a comment; since someone re-pushed a tag and half the allocations "
             "ran different code, tags are rejected in review.",
             {"task": "add a job for the new transcript-search service, image is "
                      "registry.fenwater.net/podcast/transcript-search:1.3.0, 2 instances",
              "rule": "images are pinned by digest in job files — image@sha256:..., never a "
                      "tag. we got burned when someone re-pushed a tag and half the allocs ran "
                      "different code",
              "contrary": write("jobs/transcript-search.nomad.hcl",
                                "job \"transcript-search\" {\n  group \"web\" {\n    count = 2\n"
                                "    task \"app\" {\n      driver = \"docker\"\n      config {\n"
                                "        image = \"registry.fenwater.net/podcast/transcript-"
                                "search:1.3.0\"\n      }\n    }\n  }\n}\n"),
              "follow": [bash("crane digest registry.fenwater.net/podcast/transcript-search:1.3.0",
                              "sha256:4f0c9e1b7a22d8c35e61f0a9b4d27c8e13f5a6b09d2e47c1a8f3b60e"
                              "9d15c2a7"),
                         write("jobs/transcript-search.nomad.hcl",
                               "job \"transcript-search\" {\n  group \"web\" {\n    count = 2\n"
                               "    task \"app\" {\n      driver = \"docker\"\n      config {\n"
                               "        # 1.3.0\n        image = \"registry.fenwater.net/"
                               "podcast/transcript-search@sha256:4f0c9e1b7a22d8c35e61f0a9b4d27c"
                               "8e13f5a6b09d2e47c1a8f3b60e9d15c2a7\"\n      }\n    }\n  }\n}\n"),
                         validate],
              "done": "transcript-search runs 2 instances of 1.3.0 pinned by its sha256 digest "
                      "(the tag is in a comment for humans); the job validates.",
              "doc": ("docs/conventions.md",
                      "# Job spec conventions\n\n## Images\n\nPin every image by digest: "
                      "`image = \"registry.fenwater.net/<team>/<name>@sha256:<digest>\"`, with "
                      "the tag in a comment above it. Tags are mutable; a re-pushed tag once "
                      "left half of an app's allocations on different code.\n"),
              "found": "docs/conventions.md says images are pinned by digest "
                       "(name@sha256:<digest>) with the tag only in a comment, because a "
                       "re-pushed tag once split an app across two builds."}),
        Fact("conv-vars", "convention", ["nomadVar"],
             ["where should a job's api keys come from — is putting them in the env stanza "
              "ok?",
              "how do secrets get into tasks in our cluster's jobs?"],
             "In shinglebay secrets never go in a job's env block or the repo: they live in "
             "Nomad Variables at nomad/jobs/<job> and reach the task through a template block "
             "using nomadVar (env = true, rendered under secrets/), so they don't show up in "
             "`nomad job inspect`.",
             {"task": "podcast-api needs the new PODSTATS_API_KEY for the downloads-stats "
                      "vendor, wire it in. key is in 1password",
              "rule": "secrets are nomad variables at nomad/jobs/<jobname>, read in a template "
                      "block with nomadVar. never in env {} — env shows up in job inspect for "
                      "anyone with read",
              "contrary": edit(api, "      env {\n",
                               "      env {\n        PODSTATS_API_KEY = \"REPLACE_ME\"\n"),
              "follow": [bash("op read op://platform/podstats/api-key | nomad var put -in "
                              "-  nomad/jobs/podcast-api PODSTATS_API_KEY=-",
                              "Created variable \"nomad/jobs/podcast-api\" with modify index "
                              "91077"),
                         edit(api, "      resources {\n",
                              "      template {\n        data        = <<EOT\n{{ with nomadVar "
                              "\"nomad/jobs/podcast-api\" }}PODSTATS_API_KEY={{ "
                              ".PODSTATS_API_KEY }}{{ end }}\nEOT\n        destination = "
                              "\"secrets/podstats.env\"\n        env         = true\n      }\n\n"
                              "      resources {\n"),
                         validate],
              "done": "The key is stored in the Nomad Variable nomad/jobs/podcast-api and the "
                      "task reads it through a nomadVar template (env = true, rendered under "
                      "secrets/); nothing secret in the job spec.",
              "doc": ("docs/conventions.md",
                      "# Job spec conventions\n\n## Secrets\n\nNever in `env {}` (visible to "
                      "anyone who can read the job). Store them as Nomad Variables under "
                      "`nomad/jobs/<job>` and render them with a `template` block using "
                      "`nomadVar`, `env = true`, destination under `secrets/`.\n"),
              "found": "docs/conventions.md: secrets are Nomad Variables under "
                       "nomad/jobs/<job>, rendered by a template block with nomadVar (env = "
                       "true) — never in env {}."}),
        Fact("cmd-checkindex", "command", ["-check-index"],
             ["what's the safe way to roll out a job change without clobbering someone else's "
              "deploy?",
              "how do we apply an edited job spec to the cluster here?"],
             "shinglebay jobs are rolled out plan-first: `nomad job plan jobs/<job>.nomad.hcl` "
             "prints a Job Modify Index, then `nomad job run -check-index <index> "
             "jobs/<job>.nomad.hcl` submits exactly that plan and is refused if the job "
             "changed in between; the repo's bin/nomad wrapper blocks a bare `nomad job run`.",
             {"goal": "roll out the memory bump for podcast-api",
              "fail": bash(f"nomad job run {api}",
                           "guard: refusing `nomad job run` without -check-index.\nrun `nomad "
                           f"job plan {api}` first and pass the index it prints.", 1),
              "note": "The repo wraps the nomad CLI so jobs only go out plan-first: the plan "
                      "prints a Job Modify Index, and submitting with that index makes Nomad "
                      "reject the run if anyone changed the job since.",
              "ok": bash(f"nomad job plan {api} | tail -3; nomad job run -check-index 18841 "
                         f"{api}",
                         "Job Modify Index: 18841\nTo submit the job with version verification "
                         f"run:\nnomad job run -check-index 18841 {api}\n==> "
                         "2025-03-11T10:02:13Z: Monitoring evaluation \"5d2c1e0a\"\n    "
                         "Evaluation triggered by job \"podcast-api\"\n==> Evaluation "
                         "\"5d2c1e0a\" finished with status \"complete\"\n    Deployment "
                         "\"a41f9c22\" successful"),
              "done": "podcast-api is out with the new memory; deployment a41f9c22 went "
                      "healthy.",
              "hint": "plan first, then run with the index it prints: `nomad job run "
                      "-check-index <idx> jobs/...`",
              "script": ("bin/nomad",
                         "#!/bin/sh\n# jobs go out plan-first: nomad job plan, then\n# nomad "
                         "job run -check-index <Job Modify Index> <file>\nif [ \"$1 $2\" = "
                         "\"job run\" ] && ! printf '%s ' \"$@\" | grep -q -- -check-index; "
                         "then\n  echo 'guard: refusing `nomad job run` without -check-index.' "
                         ">&2\n  exit 1\nfi\nexec /usr/local/bin/nomad \"$@\"\n")}),
        Fact("cmd-packer", "command", ["packer init"],
             ["building the client machine image on a fresh clone complains about missing "
              "plugins — what's the missing step?",
              "what do I have to run before building the hetzner client images?"],
             "shinglebay's Nomad client images need `packer init images/` (installs the "
             "hetznercloud/hcloud plugin from required_plugins) before `packer build "
             "-var-file=images/hel1.pkrvars.hcl images/nomad-client.pkr.hcl`; on a fresh clone "
             "the build fails with 'Missing plugins'.",
             {"goal": "rebuild the client image, the new node_exporter has to be in it",
              "fail": bash("packer build -var-file=images/hel1.pkrvars.hcl "
                           "images/nomad-client.pkr.hcl",
                           "Error: Missing plugins\n\nThe following plugins are required, but "
                           "not installed:\n\n* github.com/hetznercloud/hcloud ~> 1.4\n\nDid "
                           "you run packer init for this project ?", 1),
              "note": "Packer plugins aren't vendored: required_plugins in the template "
                      "declares hcloud, and packer init downloads it into the local plugin "
                      "directory once per clone.",
              "ok": bash("packer init images/ && packer build -var-file=images/hel1.pkrvars.hcl "
                         "images/nomad-client.pkr.hcl",
                         "Installed plugin github.com/hetznercloud/hcloud v1.4.0 in "
                         "\"/home/dev/.config/packer/plugins/github.com/hetznercloud/hcloud/"
                         "packer-plugin-hcloud_v1.4.0_x5.0_linux_amd64\"\nhcloud.client: "
                         "output will be in this color.\n==> hcloud.client: Creating server..."
                         "\n==> hcloud.client: Creating snapshot ...\nBuild 'hcloud.client' "
                         "finished after 6 minutes 12 seconds.\n--> hcloud.client: A snapshot "
                         "was created: 'nomad-client-2025-03-11' (ID: 162884913)"),
              "done": "Snapshot nomad-client-2025-03-11 (ID 162884913) is built with the new "
                      "node_exporter.",
              "hint": "you need `packer init images/` once first, it fetches the hcloud plugin",
              "script": (".gitlab-ci.yml",
                         "image-build:\n  stage: build\n  image: hashicorp/packer:1.11.2\n  "
                         "script:\n    - packer init images/\n    - packer build "
                         "-var-file=images/hel1.pkrvars.hcl images/nomad-client.pkr.hcl\n  "
                         "when: manual\n")}),
        Fact("env-version", "environment", ["1.7.7"],
             ["which nomad release is the cluster running? my cli keeps warning about a "
              "version mismatch",
              "what nomad binary version should I install on my laptop?"],
             "shinglebay's Nomad cluster (three servers and the clients) runs Nomad 1.7.7, and "
             ".tool-versions pins nomad 1.7.7 for the CLI; newer CLIs warn on every command "
             "and can write job fields the servers don't understand.",
             {"goal": "which nomad version is the cluster on? setting up the new laptop",
              "probe": [bash("nomad server members; cat .tool-versions",
                             "Name                Address     Port  Status  Leader  Raft "
                             "Version  Build  Datacenter  Region\nnomad-srv-1.global  "
                             "10.20.0.11  4648  alive   true    3             1.7.7  hel1       "
                             " global\nnomad-srv-2.global  10.20.0.12  4648  alive   false   3 "
                             "            1.7.7  hel1        global\nnomad-srv-3.global  "
                             "10.20.0.13  4648  alive   false   3             1.7.7  hel1       "
                             " global\nnomad 1.7.7\npacker 1.11.2")],
              "confirm": "All three servers report build 1.7.7, and .tool-versions pins nomad "
                         "1.7.7 for the CLI — install exactly that (asdf install picks it up); "
                         "a newer CLI is what produces the mismatch warning.",
              "aside": "going to downgrade my local nomad to match the cluster, 1.7.7 — check "
                       "the servers really are all on that first",
              "guess": "the cluster got upgraded to nomad 1.8 over the winter",
              "asked": "which nomad version do I need locally? I get a version mismatch "
                       "warning on every command"}),
        Fact("env-addr", "environment", ["nomad-hel1.fenwater.net"],
             ["what address should my laptop's nomad cli point at?",
              "where's the cluster's api and web ui reachable from the office vpn?"],
             "shinglebay's Nomad API and UI are at https://nomad-hel1.fenwater.net:4646, "
             "reachable only over the office WireGuard VPN; the repo's .envrc sets NOMAD_ADDR "
             "to it with NOMAD_CACERT=certs/nomad-ca.pem.",
             {"goal": "what should NOMAD_ADDR be on a fresh laptop? direnv isnt set up yet",
              "probe": [bash("cat .envrc",
                             "export NOMAD_ADDR=https://nomad-hel1.fenwater.net:4646\nexport "
                             "NOMAD_CACERT=$PWD/certs/nomad-ca.pem\n# token: op read "
                             "op://platform/nomad/token")],
              "confirm": "NOMAD_ADDR is https://nomad-hel1.fenwater.net:4646 with "
                         "NOMAD_CACERT=certs/nomad-ca.pem (both from .envrc); it only resolves "
                         "and answers over the office WireGuard VPN.",
              "aside": "new laptop, no direnv yet. the cli should point at "
                       "https://nomad-hel1.fenwater.net:4646 yeah? and which ca file does it "
                       "want",
              "guess": "the api is just on the first server's ip, port 4646",
              "asked": "what's the cluster address for the CLI? I'm on the VPN but `nomad "
                       "status` just hangs"}),
        Fact("gotcha-oversub", "gotcha", ["memory-oversubscription"],
             ["why do tasks get oom-killed at their memory value even though memory_max is "
              "set higher?",
              "is the burst memory setting in our job specs actually doing anything on this "
              "cluster?"],
             "On shinglebay's cluster memory_max in a job's resources was silently ignored "
             "until memory oversubscription was enabled in the scheduler config (`nomad "
             "operator scheduler set-config -memory-oversubscription=true`); before that "
             "tasks were OOM-killed at their memory value. Check it with `nomad operator "
             "scheduler get-config`.",
             {"symptom": "audio-worker keeps getting oom killed at 1024mb even though "
                         "memory_max = 4096 in the job",
              "trace": "Recent Events:\nTime                  Type        Description\n"
                       "2025-03-10T22:14:09Z  Terminated  Exit Code: 137, Exit Message: "
                       "\"OOM Killed\"\n2025-03-10T22:13:51Z  Started     Task started by "
                       "client\n\nTask Resources:\nCPU           Memory           Disk\n"
                       "812/2000 MHz  1.0 GiB/1.0 GiB  300 MiB",
              "probe": [bash("nomad operator scheduler get-config",
                             "Scheduler Algorithm           = binpack\nMemory "
                             "Oversubscription       = false\nReject Job Registration       = "
                             "false\nPause Eval Broker             = false\n\nPreemption "
                             "System Scheduler   = true\nPreemption Service Scheduler  = "
                             "false\nPreemption Batch Scheduler    = false")],
              "explain": "memory_max only takes effect when memory oversubscription is enabled "
                         "in the cluster's scheduler configuration, and here it's off (Memory "
                         "Oversubscription = false). Nomad ignores memory_max without a word, "
                         "so the container's hard limit is its memory value — 1024 MB — and "
                         "the kernel OOM-kills it there. Turning it on is `nomad operator "
                         "scheduler set-config -memory-oversubscription=true`.",
              "fix": [bash("nomad operator scheduler set-config -memory-oversubscription=true",
                           "Scheduler configuration updated!")],
              "done": "Oversubscription is on: new audio-worker allocations reserve 1 GiB and "
                      "may burst to 4 GiB. Existing allocations pick it up when replaced.",
              "told": "memory_max does nothing unless memory oversubscription is switched on "
                      "in the scheduler config, and on ours it never was",
              "repro": "nomad alloc status -verbose $(nomad job allocs -t '{{(index . "
                       "0).ID}}' audio-worker)"}),
        Fact("gotcha-template", "gotcha", ["change_mode"],
             ["rotating a secret made every instance of the api restart at the same moment — "
              "how do we stop that?",
              "why does podcast-api blip for half a minute whenever someone updates one of its "
              "variables?"],
             "shinglebay: a template block's default change_mode is \"restart\", so updating a "
             "Nomad Variable re-rendered the template in every podcast-api allocation and "
             "restarted them all at once (~30 s of 502s); config templates now use "
             "change_mode = \"signal\" with change_signal = \"SIGHUP\" and a splay so they "
             "reload staggered.",
             {"symptom": "every time someone rotates a secret podcast-api drops for ~30s, all 4 "
                         "allocs restart at once. happened again at 14:02",
              "trace": "2025-03-07T14:02:11Z  Restart Signaled  Template with change_mode "
                       "restart re-rendered\n2025-03-07T14:02:11Z  Terminated        Exit "
                       "Code: 0\n2025-03-07T14:02:13Z  Restarting        Task restarting in 0s",
              "probe": [bash(f"grep -n -A8 'template {{' {api}",
                             "38:      template {\n39-        data        = "
                             "file(\"templates/app.env.tpl\")\n40-        destination = "
                             "\"secrets/app.env\"\n41-        env         = true\n42-      }")],
              "explain": "The template block has no change_mode, and the default is "
                         "\"restart\": when the variable changes, every allocation re-renders "
                         "it at the same instant and Nomad restarts all four tasks together. "
                         "podcast-api rereads its env on SIGHUP, so change_mode = \"signal\" "
                         "with change_signal = \"SIGHUP\" plus a splay staggers a reload "
                         "instead of a restart.",
              "fix": [edit(api, "        env         = true\n      }\n",
                           "        env         = true\n        change_mode   = \"signal\"\n   "
                           "     change_signal = \"SIGHUP\"\n        splay         = \"20s\"\n"
                           "      }\n"),
                      validate],
              "done": "Next rotation, each allocation reloads on SIGHUP at a random point in a "
                      "20 s window instead of all restarting together.",
              "told": "templates default to change_mode restart so a var update bounces every "
                      "alloc at once",
              "repro": "nomad alloc status $(nomad job allocs -t '{{(index . 0).ID}}' "
                       "podcast-api)"}),
        Fact("fals-csi", "falsified", ["democratic-csi"],
             ["could stateful jobs like postgres use networked storage volumes so they can "
              "move between nodes?",
              "why do the database jobs use host volumes pinned to particular nodes?"],
             "democratic-csi (a CSI plugin over the NAS's NFS) was tried for shinglebay's "
             "stateful jobs in 2024 and dropped: after a node drain the volume stayed claimed "
             "by the dead allocation and Postgres couldn't be placed for 40 minutes during "
             "the morning show. Stateful jobs use host volumes on pinned nodes.",
             {"ask": "set up csi volumes for the postgres job so it can reschedule to any "
                     "client, democratic-csi against the nas is what everyone uses",
              "change": [write("jobs/plugins/democratic-csi-node.nomad.hcl",
                               "job \"plugin-democratic-csi-node\" {\n  type = \"system\"\n  "
                               "group \"node\" {\n    task \"plugin\" {\n      driver = "
                               "\"docker\"\n      csi_plugin {\n        id   = \"nas-nfs\"\n   "
                               "     type = \"node\"\n      }\n    }\n  }\n}\n"),
                         bash("nomad volume create volumes/pg-data.hcl",
                              "Created external volume pg-data with ID pg-data")],
              "broke": bash("nomad node drain -enable -yes fw-client-3 && sleep 60 && nomad "
                            "job status postgres | tail -4",
                            "Placement Failure\nTask Group \"db\" (failed to place 1 "
                            "allocation):\n  * Constraint \"CSI volume pg-data has exhausted "
                            "its available writer claims\": 2 nodes excluded by filter", 1),
              "revert": bash("nomad volume deregister -force pg-data && nomad job stop -purge "
                             "plugin-democratic-csi-node && git checkout -- jobs/", ""),
              "conclusion": "Dropped democratic-csi. After draining a node the volume stayed "
                            "claimed by the dead allocation, so Postgres couldn't be placed "
                            "anywhere — the same failure that cost 40 minutes last time. "
                            "Postgres stays on a host volume on its pinned node.",
              "want": "could postgres use a network volume so it can move to any node?",
              "offer": "A CSI plugin would let Postgres reschedule anywhere — democratic-csi "
                       "can serve volumes from the NAS over NFS. Want me to set it up?",
              "story": "we had democratic-csi on the nas for a couple of months in 2024. first "
                       "real node drain the volume stayed claimed by a dead alloc and postgres "
                       "couldnt be placed for 40 min, during the morning show. ravi ripped it "
                       "out, host volumes + pinned nodes since",
              "title": "Drop democratic-csi volumes"}),
        Fact("fals-autoscaler", "falsified", ["nomad-autoscaler"],
             ["could we add and remove worker machines automatically with load instead of "
              "keeping a fixed count?",
              "has automatic scaling of the cluster's client nodes been tried?"],
             "The nomad-autoscaler with the Hetzner hcloud target plugin was tried on "
             "shinglebay for two weeks and removed: it flapped overnight and scaled clients "
             "in just as the morning show ramped up (podcast-api p99 hit 3 s). Client counts "
             "are fixed and changed by hand.",
             {"ask": "deploy nomad-autoscaler with the hcloud plugin so clients scale on cpu, "
                     "we pay for idle boxes all night",
              "change": [write("jobs/nomad-autoscaler.nomad.hcl",
                               "job \"autoscaler\" {\n  group \"autoscaler\" {\n    task "
                               "\"agent\" {\n      driver = \"docker\"\n      config {\n        "
                               "args = [\"agent\", \"-config\", \"local/policies\"]\n      }\n"
                               "    }\n  }\n}\n")],
              "broke": bash("python3 tools/capacity_report.py --since 3h",
                            "05:58 clients=6\n06:30 clients=3 (autoscaler scale-in)\n06:41 "
                            "podcast-api p99 2.9s\n06:43 clients=6 (autoscaler scale-out)\n"
                            "06:58 clients=4 (autoscaler scale-in)\nFAIL: 3 scaling actions in "
                            "30 min, p99 over SLO", 1),
              "revert": bash("nomad job stop -purge autoscaler && git rm -q "
                             "jobs/nomad-autoscaler.nomad.hcl", ""),
              "conclusion": "Removed the nomad-autoscaler: it scaled in at 06:30 right as "
                            "morning traffic arrived, p99 went to 2.9 s, and it flapped three "
                            "times in half an hour. Client counts stay fixed.",
              "want": "can the cluster grow and shrink its worker nodes on its own?",
              "offer": "HashiCorp's autoscaler can do cluster scaling with an hcloud target "
                       "plugin — add clients on CPU pressure, remove them when idle. Want me "
                       "to deploy it?",
              "story": "gus ran the nomad-autoscaler with the hcloud plugin for two weeks last "
                       "autumn. it flapped all night and scaled us in right as the morning show "
                       "ramped up, podcast-api p99 went to 3s. removed, fixed client count "
                       "since",
              "title": "Remove nomad-autoscaler"}),
    ]
    chatter = [
        "    2025-03-10T22:01:02Z  Received    Task received by client",
        "    2025-03-10T22:01:02Z  Task Setup  Building Task Directory",
        "    2025-03-10T22:01:04Z  Driver      Downloading image",
        "    2025-03-10T22:01:09Z  Started     Task started by client",
        "ID                  = 6f1c2a9e-3b7d-4e51-9a0c-2d8e7f41b3aa",
        "Eval ID             = 0d9b7e21",
        "Name                = audio-worker.worker[0]",
        "Node ID             = 4c0a7e12",
        "Node Name           = fw-client-2",
        "Job ID              = audio-worker",
        "Client Status       = running",
        "Desired Status      = run",
        "Deployment Health   = healthy",
        "Reschedule Attempts = 0/2",
        "Task \"worker\" is \"running\"",
        "Task Resources:",
    ]
    noise: list[Episode] = [
        run("whats running on fw-client-2", "nomad node status -short fw-client-2 | tail -6",
            "Allocations\nID        Job ID         Task Group  Status\n6f1c2a9e  audio-worker  "
            "  worker      running\n91b0d3e4  podcast-api    web         running\n2ab7c8f1  "
            "feeds          web         running",
            "Three allocations: audio-worker, podcast-api and feeds."),
        look("show me the feeds job", "jobs/feeds.nomad.hcl",
             "job \"feeds\" {\n  group \"web\" {\n    count = 2\n    network {\n      port "
             "\"http\" { to = 8080 }\n    }\n    service {\n      name = \"feeds\"\n      "
             "port = \"http\"\n      provider = \"nomad\"\n    }\n  }\n}\n",
             "Two instances, port 8080 in the container, registered with Nomad's built-in "
             "service discovery."),
        find("which jobs dont have a health check", "check {",
             ["jobs/podcast-api.nomad.hcl", "jobs/feeds.nomad.hcl", "jobs/cms.nomad.hcl"],
             "Those three have checks; audio-worker and transcript-search have none."),
        tweak("feeds should run 3 copies, not 2", "jobs/feeds.nomad.hcl", "    count = 2\n",
              "    count = 3\n", "feeds is at 3 instances in the spec; it needs a plan and run "
              "to take effect."),
        talk("spread vs affinity in nomad, which one for keeping podcast-api off a single "
             "node?",
             "spread: it distributes a group's allocations across values of an attribute "
             "(e.g. node.unique.id or a rack), which is what you want. affinity only nudges "
             "placement towards or away from nodes, it doesn't balance."),
        run("clean up dead allocs and evals", "nomad system gc", "",
            "Garbage collection ran; dead evaluations and allocations are gone."),
        steps("go through the job files and flag anything without resource limits",
              [agent("Check job resources", "Read every jobs/*.nomad.hcl and list tasks "
                     "without a resources block or with defaults.",
                     "cms and transcript-search have no resources block, so they get the "
                     "defaults (100 MHz, 300 MB) — both look undersized compared to their "
                     "usage in the metrics.", "77e4b1c02d9f3a58", "Explore", 4)],
              "cms and transcript-search run on the default resources; both should get "
              "explicit values."),
        [Step(prompt="the hetzner maintenance email says fw-client-4 reboots thursday. plan "
                     "it"),
         Step(tools=[todo_write([("Mark fw-client-4 ineligible on wednesday", "pending",
                                  "Marking ineligible"),
                                 ("Drain it thursday morning", "pending", "Draining"),
                                 ("Re-enable after the reboot", "pending", "Re-enabling")])]),
         Step(text="Ineligible the day before, drain on the morning, re-enable after the "
                   "reboot.")],
    ]
    return Project(
        "shinglebay", "git@gitlab.fenwater.net:platform/shinglebay.git",
        {"README.md": "# shinglebay\n\nNomad job specs and client images for the Fenwater "
                      "cluster.\n",
         "docs/ops-notes.md": "# ops notes\n\n## commands\n"},
        _equip(facts, mates=["Ravi", "Gus"], notes="docs/ops-notes.md", chatter=chatter,
               naive=bash("nomad system gc && nomad system reconcile summaries", "")),
        noise, "aws")


# ------------------------------------------------------------------- whimbrelcast
def whimbrelcast() -> Project:
    wf = "workflows/episode.go"
    enc = "activities/encode.go"
    gotest = bash("go test ./...",
                  "ok  \tgithub.com/fenwater/whimbrelcast/activities\t2.031s\nok  \t"
                  "github.com/fenwater/whimbrelcast/workflows\t1.284s")
    facts = [
        Fact("conv-wfnow", "convention", ["workflow.Now"],
             ["inside the episode workflow, how do I get the current time for the publish "
              "timestamp?",
              "is calling time.Now() or time.Sleep in our temporal workflow code ok?"],
             "whimbrelcast's workflow code must be deterministic: it takes the time from "
             "workflow.Now(ctx) and waits with workflow.Sleep / workflow.NewTimer, never "
             "time.Now() or time.Sleep, and does no I/O (that goes in activities); otherwise "
             "replaying a history fails with a nondeterminism error after the next deploy.",
             {"task": "add scheduled publishing to the episode workflow: if publish_at is in "
                      "the future, wait until then before the publish activity",
              "rule": "workflow code stays deterministic — workflow.Now(ctx) and "
                      "workflow.Sleep, never time.Now or time.Sleep, no io in there. the "
                      "replayer blows up on the next deploy otherwise",
              "contrary": edit(wf, "\t// publish\n",
                               "\t// publish\n\tif d := ep.PublishAt.Sub(time.Now()); d > 0 {\n"
                               "\t\ttime.Sleep(d)\n\t}\n"),
              "follow": [edit(wf, "\t// publish\n",
                              "\t// publish\n\tif d := ep.PublishAt.Sub(workflow.Now(ctx)); d > "
                              "0 {\n\t\tif err := workflow.Sleep(ctx, d); err != nil {\n\t\t\t"
                              "return err\n\t\t}\n\t}\n"),
                         gotest],
              "done": "The episode workflow waits for publish_at with workflow.Sleep, measured "
                      "from workflow.Now(ctx), so a replay computes the same timer; tests pass.",
              "doc": ("workflows/README.md",
                      "# workflows\n\nWorkflow code is replayed, so it must be deterministic:\n"
                      "\n- time: `workflow.Now(ctx)`, waiting: `workflow.Sleep` / "
                      "`workflow.NewTimer` — never `time.Now()` / `time.Sleep`\n- no I/O, no "
                      "random, no goroutines: put it in an activity\n"),
              "found": "workflows/README.md: workflow code gets the time from "
                       "workflow.Now(ctx) and waits with workflow.Sleep or NewTimer — never "
                       "time.Now/time.Sleep — and leaves all I/O to activities."}),
        Fact("conv-heartbeat", "convention", ["RecordHeartbeat"],
             ["the new ffmpeg activity can run twenty minutes on a long episode — what does it "
              "need so temporal notices when the worker dies?",
              "what do long-running activities in the audio pipeline have to do while they "
              "work?"],
             "In whimbrelcast every long-running activity (anything that runs ffmpeg) calls "
             "activity.RecordHeartbeat at least every 10 s with its progress and is scheduled "
             "with HeartbeatTimeout: 30s, so a dead worker's task is retried after 30 s "
             "instead of waiting out the 2 h StartToCloseTimeout.",
             {"task": "add a Waveform activity that runs ffmpeg to render the png for the "
                      "episode page",
              "rule": "anything that shells out to ffmpeg heartbeats — activity.RecordHeartbeat "
                      "every ~10s — and gets HeartbeatTimeout 30s in its options. otherwise a "
                      "dead worker means waiting out the whole 2h start-to-close before a retry",
              "contrary": write("activities/waveform.go",
                                "package activities\n\nfunc (a *Activities) Waveform(ctx "
                                "context.Context, in WaveformIn) (string, error) {\n\tcmd := "
                                "exec.CommandContext(ctx, a.FFmpeg, waveformArgs(in)...)\n\t"
                                "return in.Out, cmd.Run()\n}\n"),
              "follow": [write("activities/waveform.go",
                               "package activities\n\nfunc (a *Activities) Waveform(ctx "
                               "context.Context, in WaveformIn) (string, error) {\n\tcmd := "
                               "exec.CommandContext(ctx, a.FFmpeg, waveformArgs(in)...)\n\tif "
                               "err := cmd.Start(); err != nil {\n\t\treturn \"\", err\n\t}\n\t"
                               "tick := time.NewTicker(10 * time.Second)\n\tdefer tick.Stop()\n"
                               "\tdone := make(chan error, 1)\n\tgo func() { done <- cmd.Wait() "
                               "}()\n\tfor {\n\t\tselect {\n\t\tcase err := <-done:\n\t\t\t"
                               "return in.Out, err\n\t\tcase <-tick.C:\n\t\t\t"
                               "activity.RecordHeartbeat(ctx, \"rendering\")\n\t\t}\n\t}\n}\n"),
                         edit(wf, "\twaveOpts := workflow.ActivityOptions{\n\t\t"
                                  "StartToCloseTimeout: 2 * time.Hour,\n",
                              "\twaveOpts := workflow.ActivityOptions{\n\t\tStartToCloseTimeout: "
                              "2 * time.Hour,\n\t\tHeartbeatTimeout:    30 * time.Second,\n"),
                         gotest],
              "done": "Waveform starts ffmpeg and calls activity.RecordHeartbeat every 10 s "
                      "until it exits; its options carry HeartbeatTimeout 30s, so a lost worker "
                      "is noticed in half a minute.",
              "doc": ("activities/README.md",
                      "# activities\n\nAnything that runs ffmpeg is long: call "
                      "`activity.RecordHeartbeat(ctx, progress)` at least every 10 s, and "
                      "schedule it with `HeartbeatTimeout: 30 * time.Second` next to the "
                      "2 h StartToCloseTimeout.\n"),
              "found": "activities/README.md: ffmpeg activities call activity.RecordHeartbeat "
                       "at least every 10 s and are scheduled with a 30 s HeartbeatTimeout."}),
        Fact("cmd-devserver", "command", ["start-dev"],
             ["the worker says it can't reach localhost:7233 — how do I get temporal running "
              "on my laptop for development?",
              "what's the command to bring up a local temporal with the web ui?"],
             "For local whimbrelcast development run the temporal CLI's dev server: `temporal "
             "server start-dev --db-filename .temporal/dev.db --namespace podcasts` (gRPC on "
             "localhost:7233, UI on http://localhost:8233, state kept in the file); the "
             "repo's docker-compose.yml is stale.",
             {"goal": "run the worker locally, i want to step through the chapters activity",
              "fail": bash("go run ./cmd/worker",
                           "2025/03/11 09:12:04 INFO  No logger configured for temporal "
                           "client. Created default one.\n2025/03/11 09:12:09 unable to create "
                           "Temporal client: failed reaching server: context deadline "
                           "exceeded\nexit status 1", 1),
              "note": "Nothing is listening on localhost:7233. This repo doesn't run Temporal "
                      "in Docker any more; it uses the CLI's single-binary dev server with the "
                      "podcasts namespace pre-created and a file-backed DB so workflows "
                      "survive a restart.",
              "ok": bash("temporal server start-dev --db-filename .temporal/dev.db --namespace "
                         "podcasts > /tmp/temporal.log 2>&1 & sleep 3; head -4 "
                         "/tmp/temporal.log; go run ./cmd/worker",
                         "CLI 1.1.2 (Server 1.25.2, UI 2.32.0)\n\nServer:  localhost:7233\n"
                         "UI:      http://localhost:8233\n2025/03/11 09:14:40 INFO  Started "
                         "Worker Namespace podcasts TaskQueue episodes WorkerID "
                         "81234@dev-thinkpad@"),
              "done": "Temporal's dev server is up (UI at http://localhost:8233) and the "
                      "worker is polling the episodes queue in the podcasts namespace.",
              "hint": "`temporal server start-dev --db-filename .temporal/dev.db --namespace "
                      "podcasts`, the compose file is dead",
              "script": ("scripts/dev-up.sh",
                         "#!/bin/sh\n# local Temporal (docker-compose.yml is stale)\nmkdir -p "
                         ".temporal\nexec temporal server start-dev --db-filename "
                         ".temporal/dev.db --namespace podcasts\n")}),
        Fact("cmd-loudness", "command", ["loudnorm"],
             ["how do I measure an episode file's integrated loudness from the command line?",
              "marisol says an episode sounds quiet — what ffmpeg invocation prints its lufs "
              "figures?"],
             "To measure an episode's loudness for whimbrelcast use ffmpeg's loudnorm filter "
             "in analysis mode: `ffmpeg -hide_banner -nostats -i FILE -af "
             "loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json -f null -` (prints input_i, "
             "input_tp, input_lra as JSON; scripts/measure-loudness.sh wraps it); ffprobe "
             "can't measure loudness.",
             {"goal": "check the integrated loudness of the ep-0412 master, marisol thinks its "
                      "too quiet",
              "fail": bash("ffprobe -hide_banner -i masters/ep-0412.wav -af ebur128",
                           "Unrecognized option 'af'.\nError splitting the argument list: "
                           "Option not found", 1),
              "note": "ffprobe only reads container and stream metadata, it has no filters — "
                      "measuring loudness means decoding the whole file through ffmpeg's "
                      "loudness filter in analysis mode and discarding the output.",
              "ok": bash("ffmpeg -hide_banner -nostats -i masters/ep-0412.wav -af "
                         "loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json -f null - 2>&1 | "
                         "tail -12",
                         "[Parsed_loudnorm_0 @ 0x5581c2a0e840]\n{\n\t\"input_i\" : "
                         "\"-21.37\",\n\t\"input_tp\" : \"-4.02\",\n\t\"input_lra\" : "
                         "\"6.80\",\n\t\"input_thresh\" : \"-31.55\",\n\t\"output_i\" : "
                         "\"-16.21\",\n\t\"output_tp\" : \"-1.50\",\n\t\"normalization_type\" "
                         ": \"dynamic\",\n\t\"target_offset\" : \"0.21\"\n}"),
              "done": "The master measures -21.4 LUFS integrated with a -4.0 dBTP true peak — "
                      "about 5 LU under the -16 target, so Marisol is right.",
              "hint": "ffprobe cant do it. ffmpeg with the loudnorm filter and "
                      "print_format=json, output to -f null -",
              "script": ("scripts/measure-loudness.sh",
                         "#!/bin/sh\n# usage: measure-loudness.sh FILE\nffmpeg -hide_banner "
                         "-nostats -i \"$1\" -af loudnorm=I=-16:TP=-1.5:LRA=11:print_format="
                         "json -f null - 2>&1 | sed -n '/^{/,/^}/p'\n")}),
        Fact("env-cloud", "environment", ["fenwater-prod.q7x3m"],
             ["which temporal cloud namespace is production in?",
              "what endpoint do the production audio workers connect to for temporal?"],
             "whimbrelcast's production workers use Temporal Cloud: namespace "
             "fenwater-prod.q7x3m at fenwater-prod.q7x3m.tmprl.cloud:7233 with mTLS (client "
             "cert from TEMPORAL_TLS_CERT/TEMPORAL_TLS_KEY in deploy/worker.nomad.hcl); local "
             "development uses the podcasts namespace on localhost.",
             {"goal": "where does the prod worker connect for temporal? want to look at a "
                      "stuck workflow",
              "probe": [bash("grep -n TEMPORAL_ deploy/worker.nomad.hcl",
                             "31:        TEMPORAL_ADDRESS   = "
                             "\"fenwater-prod.q7x3m.tmprl.cloud:7233\"\n32:        "
                             "TEMPORAL_NAMESPACE = \"fenwater-prod.q7x3m\"\n33:        "
                             "TEMPORAL_TLS_CERT  = \"${NOMAD_SECRETS_DIR}/client.pem\"\n34:    "
                             "    TEMPORAL_TLS_KEY   = \"${NOMAD_SECRETS_DIR}/client.key\"")],
              "confirm": "Production runs on Temporal Cloud: namespace fenwater-prod.q7x3m, "
                         "endpoint fenwater-prod.q7x3m.tmprl.cloud:7233, mTLS with the client "
                         "cert and key from the job's secrets dir (deploy/worker.nomad.hcl). "
                         "The podcasts namespace is only the local dev server.",
              "aside": "priya wants the prod history for ep-0398. we're on temporal cloud, "
                       "fenwater-prod.q7x3m right? check the worker config and ill log into "
                       "the cloud ui",
              "guess": "prod temporal is self-hosted on the nomad cluster like everything else",
              "asked": "which Temporal namespace and endpoint is prod? I want to point the CLI "
                       "at a stuck workflow"}),
        Fact("env-bucket", "environment", ["fw-masters"],
             ["which bucket do the original uploaded episode masters go into?",
              "where in object storage do the producers' raw wav files end up?"],
             "whimbrelcast stores producers' original WAV masters in the Wasabi bucket "
             "fw-masters (endpoint s3.eu-central-2.wasabisys.com, config/prod.toml); the "
             "encoded MP3s the CDN serves go to fw-episodes.",
             {"goal": "which bucket are the raw wav uploads in? need to restore one",
              "probe": [bash("grep -n -e bucket -e endpoint config/prod.toml",
                             "14:masters_bucket  = \"fw-masters\"\n15:episodes_bucket = "
                             "\"fw-episodes\"\n16:s3_endpoint     = "
                             "\"https://s3.eu-central-2.wasabisys.com\"")],
              "confirm": "Raw WAV masters go to the fw-masters bucket on Wasabi "
                         "(s3.eu-central-2.wasabisys.com, per config/prod.toml); the encoded "
                         "MP3s are in fw-episodes.",
              "aside": "need ep-0377's master back for the re-edit. raw uploads are in "
                       "fw-masters on wasabi yeah? whats the endpoint again",
              "guess": "the masters sit in the same bucket as the mp3s under raw/",
              "asked": "which bucket keeps the original wavs? legal wants a copy of one "
                       "interview"}),
        Fact("gotcha-cbr", "gotcha", ["CBR"],
             ["apple podcasts shows the wrong length for long episodes and chapter markers "
              "jump to the wrong spot — what causes that?",
              "why does the encode step use a fixed bitrate for the mp3s instead of vbr?"],
             "whimbrelcast encodes episode MP3s as CBR (libmp3lame -b:a 128k), not VBR "
             "(-q:a): podcast players, Apple's especially, estimate duration and seek offsets "
             "from the bitrate at the start of the file, so long VBR episodes showed wrong "
             "lengths and chapter markers landed minutes off.",
             {"symptom": "listeners say in apple podcasts the 2h election special shows as "
                         "2:41 and tapping a chapter lands minutes off. the file plays fine in "
                         "vlc",
              "trace": "Input #0, mp3, from 'ep-0398.mp3':\n  Duration: 02:03:18.42, start: "
                       "0.025057, bitrate: 97 kb/s\n  Stream #0:0: Audio: mp3, 44100 Hz, "
                       "stereo, fltp, 97 kb/s",
              "probe": [bash(f"grep -n -A1 libmp3lame {enc}",
                             f"{enc}:41:\t\t\"-c:a\", \"libmp3lame\",\n{enc}-42-\t\t\"-q:a\", "
                             "\"4\",")],
              "explain": "The encode step uses VBR (-q:a 4). Podcast players — Apple's in "
                         "particular — don't scan the whole file: they estimate duration and "
                         "seek offsets from the bitrate near the start, which is wrong for "
                         "VBR, and the error grows with length — 38 minutes on a two-hour "
                         "episode, with chapters landing in the wrong place. Constant bitrate "
                         "(CBR) keeps byte offset proportional to time, which is why it's the "
                         "norm for podcasts.",
              "fix": [edit(enc, "\t\t\"-q:a\", \"4\",\n",
                           "\t\t\"-b:a\", \"128k\", // CBR: players seek by byte offset\n"),
                      gotest],
              "done": "Episodes now encode at a constant 128 kb/s. The election special needs "
                      "a re-encode to fix the published file.",
              "told": "its vbr. apple guesses the duration from the first frames so long vbr "
                      "episodes come out wrong, we need cbr",
              "repro": "go test ./activities -run TestEncodeChapters -v"}),
        Fact("gotcha-payload", "gotcha", ["2 MB"],
             ["the peaks activity fails on long episodes but works on short ones — what limit "
              "is it hitting?",
              "can an activity just hand the whole transcript json back to the workflow as "
              "its result?"],
             "In whimbrelcast Temporal refuses any single payload over 2 MB, activity results "
             "included ('Complete result exceeds size limit'), so GeneratePeaks failed for "
             "episodes over ~90 minutes; activities producing big data (peaks, transcripts) "
             "write it to object storage and return only the object key.",
             {"symptom": "GeneratePeaks fails for anything over ~90 min, short ones fine. this "
                         "is from the temporal ui",
              "trace": "ActivityTaskFailed\nActivity type: GeneratePeaks\nFailure: Complete "
                       "result exceeds size limit.\nRetryState: "
                       "RETRY_STATE_NON_RETRYABLE_FAILURE",
              "probe": [bash("go run ./cmd/peaks --in masters/ep-0398.wav --out /tmp/p.json && "
                             "ls -l /tmp/p.json",
                             "-rw-r--r-- 1 dev dev 2841377 Mar 11 10:41 /tmp/p.json")],
              "explain": "Temporal caps each payload — an activity's result included — at "
                         "2 MB. GeneratePeaks returns the peaks array itself, and for an "
                         "episode past about 90 minutes that's ~2.8 MB, so the server refuses "
                         "to record the completion. The peaks have to go to object storage "
                         "and the activity returns just the key.",
              "fix": [edit("activities/peaks.go",
                           "\treturn peaks, nil\n",
                           "\tkey := fmt.Sprintf(\"peaks/%s.json\", in.EpisodeID)\n\tif err "
                           ":= a.Store.PutJSON(ctx, a.EpisodesBucket, key, peaks); err != nil "
                           "{\n\t\treturn \"\", err\n\t}\n\treturn key, nil\n"),
                      gotest],
              "done": "GeneratePeaks uploads peaks/<episode>.json and returns the key; the "
                      "publish step passes the key on to the page builder.",
              "told": "temporal wont take payloads over 2 MB and the peaks json for long "
                      "episodes is bigger than that",
              "repro": "temporal workflow show --workflow-id ep-0398 --namespace podcasts"}),
        Fact("fals-astiav", "falsified", ["go-astiav"],
             ["wouldn't it be cleaner to call ffmpeg's libraries from go directly instead of "
              "running the ffmpeg binary?",
              "why does the pipeline exec an ffmpeg process rather than linking libav?"],
             "Replacing whimbrelcast's exec of a static ffmpeg binary with the go-astiav cgo "
             "bindings to libav was tried by Tobi in 2024 and dropped: cgo broke the static "
             "worker build, and a segfault inside libav on one bad file killed the whole "
             "worker process with every in-flight activity. ffmpeg stays a subprocess.",
             {"ask": "lets try go-astiav instead of exec'ing ffmpeg, parsing stderr for "
                     "progress is gross",
              "change": [bash("go get github.com/asticode/go-astiav@v0.19.0",
                              "go: added github.com/asticode/go-astiav v0.19.0"),
                         edit("activities/ffmpeg.go", "func decode(ctx context.Context, path "
                                                     "string) error {\n",
                              "func decode(ctx context.Context, path string) error {\n\tfc := "
                              "astiav.AllocFormatContext()\n\tdefer fc.Free()\n")],
              "broke": bash("CGO_ENABLED=1 go test ./activities -run TestDecodeCorpus -v",
                            "=== RUN   TestDecodeCorpus/ep-0219_truncated.wav\nSIGSEGV: "
                            "segmentation violation\nPC=0x7f3a2c41d9e0 signal arrived during "
                            "cgo execution\n\ngoroutine 23 [syscall]:\nruntime.cgocall(...)\n"
                            "github.com/asticode/go-astiav._Cfunc_av_read_frame(...)\nFAIL\t"
                            "github.com/fenwater/whimbrelcast/activities\t3.112s", 1),
              "revert": bash("git checkout -- activities/ go.mod go.sum", ""),
              "conclusion": "Backed out go-astiav. One truncated file segfaulted inside libav, "
                            "and with cgo that takes down the whole worker process and every "
                            "activity running in it; a crashing ffmpeg subprocess fails one "
                            "activity. It also ends the static build of the worker image.",
              "want": "could the pipeline use ffmpeg as a library instead of shelling out?",
              "offer": "go-astiav wraps libav for Go, so the activities could decode and "
                       "encode in-process and get progress without parsing stderr. Want me to "
                       "try it?",
              "story": "Tobi spent a sprint on go-astiav in 2024. cgo made the worker image a "
                       "pain (no static build any more) and one bad file segfaulted inside "
                       "libav and killed the whole worker, every running activity with it. a "
                       "subprocess crash only fails one activity. so: exec ffmpeg",
              "title": "Back out go-astiav"}),
        Fact("fals-aac", "falsified", ["AAC"],
             ["could we publish episodes as m4a files to save bandwidth?",
              "why are podcast downloads still mp3 rather than a more efficient codec?"],
             "Publishing whimbrelcast episodes as AAC (.m4a at 64 kb/s) instead of MP3 was "
             "tried for a month by Marisol's team and rolled back: several smart speakers "
             "and older podcast apps couldn't play the enclosures and support complaints "
             "outweighed the bandwidth saving. Episodes stay MP3.",
             {"ask": "switch the encode step to AAC in m4a at 64k, its half the size of our "
                     "mp3s",
              "change": [edit(enc, "\t\t\"-c:a\", \"libmp3lame\",\n",
                              "\t\t\"-c:a\", \"aac\", \"-b:a\", \"64k\", \"-movflags\", "
                              "\"+faststart\",\n"),
                         edit("activities/feed.go", "\tType:   \"audio/mpeg\",\n",
                              "\tType:   \"audio/mp4\",\n")],
              "broke": bash("python3 tools/compat_matrix.py --codec aac",
                            "target                 result\nApple Podcasts          ok\n"
                            "Pocket Casts            ok\nEcho Dot (2nd gen)      FAIL: "
                            "unsupported enclosure type audio/mp4\nSonos S1                "
                            "FAIL: no playable stream\nOld Android podcatcher  FAIL: codec\n3 "
                            "of 9 targets failed", 1),
              "revert": bash(f"git checkout -- {enc} activities/feed.go", ""),
              "conclusion": "Reverted to MP3. AAC in m4a failed on three of nine playback "
                            "targets — older smart speakers and podcatchers — which is the "
                            "same thing that made the feed's one-month AAC trial get rolled "
                            "back.",
              "want": "could we serve episodes in a smaller format than mp3?",
              "offer": "AAC at 64 kb/s in an m4a container sounds as good as our 128k MP3 at "
                       "half the size. Want me to switch the encoder?",
              "story": "marisol's team switched the feed to AAC m4a for a month last spring "
                       "to save bandwidth. a bunch of smart speakers and old podcatchers "
                       "wouldnt play them and the support inbox exploded. back to mp3",
              "title": "Revert AAC enclosures"}),
    ]
    chatter = [
        "2025/03/11 10:40:02 INFO  Started Worker Namespace podcasts TaskQueue episodes",
        "2025/03/11 10:40:05 INFO  workflow started WorkflowID ep-0398",
        "2025/03/11 10:40:05 DEBUG activity FetchMaster attempt 1",
        "2025/03/11 10:40:19 DEBUG FetchMaster done (612 MB)",
        "2025/03/11 10:40:19 DEBUG activity Normalize attempt 1",
        "2025/03/11 10:44:51 DEBUG Normalize done",
        "2025/03/11 10:44:51 DEBUG activity Encode attempt 1",
        "2025/03/11 10:47:30 DEBUG Encode done (118 MB)",
        "2025/03/11 10:47:30 DEBUG activity Chapters attempt 1",
        "2025/03/11 10:47:31 DEBUG Chapters done (14 chapters)",
        "2025/03/11 10:47:31 DEBUG activity GeneratePeaks attempt 1",
        "2025/03/11 10:47:44 DEBUG activity Transcribe attempt 1",
        "2025/03/11 10:47:45 INFO  task queue backlog 3",
        "2025/03/11 10:48:02 DEBUG heartbeat Normalize ep-0401",
        "2025/03/11 10:48:12 DEBUG heartbeat Normalize ep-0401",
        "2025/03/11 10:48:30 INFO  workflow completed WorkflowID ep-0397",
    ]
    noise: list[Episode] = [
        look("remind me what the episode workflow does, in order", wf,
             "func Episode(ctx workflow.Context, ep EpisodeIn) error {\n\tctx = "
             "workflow.WithActivityOptions(ctx, defaultOpts)\n\tmaster := fetchMaster(ctx, "
             "ep)\n\tnorm := normalize(ctx, master)\n\tmp3 := encode(ctx, norm)\n\tchapters(ctx, "
             "mp3, ep.Chapters)\n\ttranscribe(ctx, norm)\n\treturn publish(ctx, ep, mp3)\n}\n",
             "Fetch the master, normalise, encode, write chapters, transcribe, publish — each "
             "an activity with the default options."),
        find("where do we call ffprobe", "ffprobe",
             ["activities/probe.go", "activities/probe_test.go"],
             "Only activities/probe.go (duration and channel layout) and its test."),
        tweak("transcribe should give up after 5 attempts not 10", wf,
              "\t\tMaximumAttempts: 10,\n", "\t\tMaximumAttempts: 5,\n",
              "Transcribe now stops retrying after 5 attempts."),
        run("run the tests", "go test ./...",
            "ok  \tgithub.com/fenwater/whimbrelcast/activities\t1.992s\nok  \t"
            "github.com/fenwater/whimbrelcast/workflows\t1.301s",
            "Both packages pass."),
        talk("signals vs queries in temporal, which one for 'has this episode been approved "
             "yet?'",
             "A query: it reads workflow state without changing it and isn't recorded in the "
             "history. Signals are for pushing an event in, like the approval itself."),
        steps("where is the rss feed actually generated",
              [agent("Find the feed generator", "Find where the podcast RSS feed XML is "
                     "built and what triggers a rebuild.",
                     "activities/feed.go builds the RSS (encoding/xml, iTunes namespace). The "
                     "publish activity calls RebuildFeed for the show after each episode; "
                     "there's no other trigger.", "5be2f07c91d3a846", "Explore", 4)],
              "activities/feed.go builds it, and it's only rebuilt by the publish step."),
        [Step(prompt="list workflows that are still running on my local server"),
         Step(tools=[bash("temporal workflow list --namespace podcasts --query "
                          "\"ExecutionStatus='Running'\"",
                          "  Status   WorkflowId  Type     StartTime\n  Running  ep-0411     "
                          "Episode  2 minutes ago\n  Running  ep-0412     Episode  40 seconds "
                          "ago")]),
         Step(text="Two: ep-0411 and ep-0412."),
         Step(prompt="terminate 0411, its a test"),
         Step(tools=[bash("temporal workflow terminate --namespace podcasts --workflow-id "
                          "ep-0411 --reason test", "Workflow terminated")]),
         Step(text="ep-0411 terminated.")],
        [Step(prompt="break down the chapters-from-markers feature into steps"),
         Step(tools=[todo_write([("Parse the producers' marker CSV", "pending",
                                  "Parsing markers"),
                                 ("Write ID3 CHAP frames", "pending", "Writing CHAP frames"),
                                 ("Add chapters to the feed JSON", "pending",
                                  "Adding chapters to the feed")])]),
         Step(text="Three steps: parse the marker CSV, write the ID3 chapter frames, expose "
                   "them in the feed.")],
    ]
    return Project(
        "whimbrelcast", "git@gitlab.fenwater.net:podcasts/whimbrelcast.git",
        {"README.md": "# whimbrelcast\n\nThe podcast audio pipeline (Temporal, Go, ffmpeg).\n",
         "HACKING.md": "# hacking\n\n## commands\n"},
        _equip(facts, mates=["Priya", "Marisol"], notes="HACKING.md", chatter=chatter,
               naive=bash("go clean -cache -testcache && go build ./...", "")),
        noise, "postgres")


# ------------------------------------------------------------------- mossgauge
def mossgauge() -> Project:
    streams = "rules/streams.yml"
    compose = "compose.yml"
    check_rules = bash("docker compose run --rm vmalert -rule=/rules/*.yml -dryRun",
                       "2025-03-11T10:21:07.412Z\tinfo\tapp/vmalert/main.go:168\tdry run: "
                       "all rules are valid")
    facts = [
        Fact("conv-runbook", "convention", ["runbook_url"],
             ["i'm writing a new alert for the stream encoder — what annotations does it need "
              "before it can be merged?",
              "what does every alerting rule in the monitoring repo have to link to?"],
             "Every mossgauge alert rule carries a severity label (page or ticket) and a "
             "runbook_url annotation pointing at runbooks/<AlertName>.md in the repo, and that "
             "runbook file has to exist; CI rejects rules without one.",
             {"task": "add an alert for when the icecast source for fw1 is disconnected for "
                      "more than a minute",
              "rule": "every alert gets severity (page|ticket) and a runbook_url annotation "
                      "pointing at runbooks/<AlertName>.md — and the runbook has to exist, "
                      "whoever is on call at 3am needs it",
              "contrary": edit(streams, "  rules:\n",
                               "  rules:\n    - alert: IcecastSourceDown\n      expr: "
                               "icecast_source_connected{mount=\"/fw1\"} == 0\n      for: 1m\n"
                               "      annotations:\n        summary: fw1 has no source\n"),
              "follow": [edit(streams, "  rules:\n",
                              "  rules:\n    - alert: IcecastSourceDown\n      expr: "
                              "icecast_source_connected{mount=\"/fw1\"} == 0\n      for: 1m\n"
                              "      labels:\n        severity: page\n      annotations:\n"
                              "        summary: fw1 has no source connected\n        "
                              "runbook_url: https://gitlab.fenwater.net/sre/mossgauge/-/blob/"
                              "main/runbooks/IcecastSourceDown.md\n"),
                         write("runbooks/IcecastSourceDown.md",
                               "# IcecastSourceDown\n\nThe studio encoder for the mount is not "
                               "connected to Icecast.\n\n1. Check the encoder PC in the "
                               "studio (Butt status window).\n2. Check the studio uplink.\n3. "
                               "If the studio is down, start the fallback playlist on the "
                               "Icecast box.\n"),
                         check_rules],
              "done": "IcecastSourceDown pages (severity: page) after a minute without a "
                      "source on /fw1; its runbook_url points at the new "
                      "runbooks/IcecastSourceDown.md, and the rules pass the dry run.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Alert rules\n\n- `labels.severity`: `page` or "
                      "`ticket`, nothing else.\n- `annotations.runbook_url`: link to "
                      "`runbooks/<AlertName>.md` in this repo. The file must exist — CI "
                      "checks.\n"),
              "found": "CONTRIBUTING.md: every alert needs labels.severity (page or ticket) "
                       "and annotations.runbook_url linking runbooks/<AlertName>.md, which "
                       "must exist (CI checks it)."}),
        Fact("conv-recording", "convention", ["level:metric:operations"],
             ["what should I name a new recording rule for listeners summed per mount?",
              "is there a naming scheme for precomputed series in our vmalert rules?"],
             "mossgauge recording rules are named level:metric:operations (e.g. "
             "mount:icecast_listeners:sum, job:http_requests:rate5m) and live in "
             "rules/recording/, separate from alerts; dashboards and alerts query the recorded "
             "series instead of repeating the expression.",
             {"task": "make a recording rule for total listeners per mount so the dashboards "
                      "stop computing the sum themselves",
              "rule": "recording rules are named level:metric:operations like the prometheus "
                      "docs say — so mount:icecast_listeners:sum — and they go in "
                      "rules/recording/, not mixed in with alerts",
              "contrary": edit(streams, "  rules:\n",
                               "  rules:\n    - record: total_listeners_per_mount\n      expr: "
                               "sum by (mount) (icecast_listeners)\n"),
              "follow": [write("rules/recording/icecast.yml",
                               "groups:\n  - name: icecast-recording\n    interval: 30s\n    "
                               "rules:\n      - record: mount:icecast_listeners:sum\n        "
                               "expr: sum by (mount) (icecast_listeners)\n"),
                         check_rules],
              "done": "rules/recording/icecast.yml records mount:icecast_listeners:sum every "
                      "30 s — level:metric:operations naming, as agreed; dashboards can query "
                      "it directly.",
              "doc": ("rules/README.md",
                      "# rules\n\nAlerts in `rules/*.yml`, recording rules in "
                      "`rules/recording/`. Recording rules use the `level:metric:operations` "
                      "naming, e.g. `mount:icecast_listeners:sum`.\n"),
              "found": "rules/README.md keeps recording rules in rules/recording/ and names "
                       "them level:metric:operations, e.g. mount:icecast_listeners:sum."}),
        Fact("cmd-ruletests", "command", ["vmalert-tool"],
             ["how do I run the unit tests for the alert rules?",
              "promtool chokes on our rule test files — what do we test the rules with "
              "instead?"],
             "mossgauge's alert-rule unit tests (tests/rules/*.yml) run with `vmalert-tool "
             "unittest --files tests/rules/*.yml` (the CI job does the same); `promtool test "
             "rules` fails on them because the rules use MetricsQL-only functions such as "
             "range_median.",
             {"goal": "run the rule tests before i open the MR",
              "fail": bash("promtool test rules tests/rules/*.yml",
                           "Unit Testing:  tests/rules/streams_test.yml\n  FAILED:\n    group "
                           "\"streams\": 3:9: parse error: unknown function with name "
                           "\"range_median\"", 1),
              "note": "The rules use MetricsQL functions like range_median that promtool's "
                      "PromQL parser doesn't know. VictoriaMetrics ships its own runner for "
                      "the same test-file format.",
              "ok": bash("vmalert-tool unittest --files tests/rules/*.yml",
                         "Unit Testing: tests/rules/streams_test.yml\n  SUCCESS\nUnit "
                         "Testing: tests/rules/probes_test.yml\n  SUCCESS"),
              "done": "Both rule test files pass.",
              "hint": "we dont use promtool, its `vmalert-tool unittest --files "
                      "tests/rules/*.yml`",
              "script": (".gitlab-ci.yml",
                         "rules-test:\n  stage: test\n  image: "
                         "victoriametrics/vmalert-tool:v1.102.1\n  script:\n    - "
                         "vmalert-tool unittest --files tests/rules/*.yml\n")}),
        Fact("cmd-vector", "command", ["--no-environment"],
             ["how do I check the log shipper's config parses without it trying to connect to "
              "victorialogs?",
              "vector validate fails on my laptop because it can't reach the sinks — is there "
              "a flag for that?"],
             "To check mossgauge's Vector config offline run `vector validate "
             "--no-environment vector/*.toml` (as `make validate` does); plain `vector "
             "validate` also runs every sink's healthcheck and fails without a route to "
             "VictoriaLogs and vmagent.",
             {"goal": "validate the vector config after my remap change",
              "fail": bash("vector validate vector/*.toml",
                           "√ Loaded [\"vector/icecast.toml\", \"vector/sources.toml\", "
                           "\"vector/sinks.toml\"]\n√ Component configuration\nx Health check "
                           "for \"victorialogs\" failed: error trying to connect: dns error: "
                           "failed to lookup address information: Name or service not known\n"
                           "x Health check for \"vmagent_metrics\" failed: error trying to "
                           "connect: dns error", 78),
              "note": "The config itself is fine — validate also runs every sink's "
                      "healthcheck, and the internal hostnames don't resolve from here. "
                      "There's a switch to skip those checks and test just the config.",
              "ok": bash("vector validate --no-environment vector/*.toml",
                         "√ Loaded [\"vector/icecast.toml\", \"vector/sources.toml\", "
                         "\"vector/sinks.toml\"]\n√ Component configuration\n"
                         "------------------------------------\n                          "
                         "Validated"),
              "done": "The config validates, remap change included.",
              "hint": "add --no-environment, otherwise it healthchecks the sinks and you're "
                      "not on the vpn",
              "script": ("Makefile",
                         "validate:\n\tvector validate --no-environment vector/*.toml\n\n"
                         ".PHONY: validate\n")}),
        Fact("env-retention", "environment", ["400d"],
             ["how far back can I query metrics? want last year's election night listener "
              "numbers",
              "what's the retention on the metrics database?"],
             "mossgauge's single-node VictoriaMetrics keeps metrics for 400 days "
             "(-retentionPeriod=400d in compose.yml), so year-on-year comparisons work; "
             "VictoriaLogs keeps logs for 30 days.",
             {"goal": "how long do we keep metrics? need to know if a year-on-year graph is "
                      "possible",
              "probe": [bash(f"grep -n retentionPeriod {compose}",
                             "23:      - -retentionPeriod=400d\n41:      - "
                             "-retentionPeriod=30d")],
              "confirm": "VictoriaMetrics runs with -retentionPeriod=400d (compose.yml line "
                         "23), so metrics reach a bit over a year back; the 30d on line 41 is "
                         "VictoriaLogs.",
              "aside": "pulling last novembers election night listener graph for the board "
                       "deck — retention is 400d so its still there right? check compose",
              "guess": "victoriametrics only keeps 90 days like the old prometheus did",
              "asked": "How far back do the metrics go? I'd like last year's election night "
                       "numbers for a comparison"}),
        Fact("env-paging", "environment", ["Opsgenie"],
             ["where do paging alerts actually get delivered?",
              "which service does alertmanager hand the page-severity alerts to?"],
             "mossgauge's Alertmanager routes severity=page alerts to Opsgenie (the "
             "Broadcast-SRE team, via opsgenie_configs); severity=ticket alerts only go to "
             "the #sre-alerts Slack channel.",
             {"goal": "what actually wakes up the on-call person when a page fires?",
              "probe": [bash("sed -n '1,22p' alertmanager/alertmanager.yml",
                             "route:\n  receiver: slack-sre\n  routes:\n    - matchers: "
                             "[ severity=\"page\" ]\n      receiver: opsgenie-broadcast-sre\n"
                             "receivers:\n  - name: opsgenie-broadcast-sre\n    "
                             "opsgenie_configs:\n      - api_key_file: /run/secrets/opsgenie\n"
                             "        responders:\n          - name: Broadcast-SRE\n            "
                             "type: team\n  - name: slack-sre\n    slack_configs:\n      - "
                             "channel: '#sre-alerts'")],
              "confirm": "severity=page alerts go to Opsgenie, to the Broadcast-SRE team "
                         "(opsgenie_configs in alertmanager.yml); everything else, including "
                         "severity=ticket, only lands in #sre-alerts on Slack.",
              "aside": "first week on call. pages go to opsgenie (broadcast-sre team) and "
                       "tickets only to slack, right? check the routes so i know what wakes "
                       "me",
              "guess": "pages still go to pagerduty and the rota spreadsheet",
              "asked": "if a live stream dies at 3am, which service actually pages the "
                       "on-call person?"}),
        Fact("gotcha-latency", "gotcha", ["-search.latencyOffset"],
             ["why do the last thirty seconds always look empty on graphs from the metrics "
              "database?",
              "the stream-down alert seems to fire half a minute late — what setting delays "
              "the newest samples?"],
             "VictoriaMetrics hides the newest samples from queries for -search.latencyOffset "
             "(30s by default), so mossgauge's graphs ended ~30 s before now and fast alerts "
             "fired late; the single-node server now runs with -search.latencyOffset=5s "
             "(vmagent scrapes every 10 s).",
             {"symptom": "the fw1 silence alert fires like 30-40s after the stream actually "
                         "drops, and the live graph always has an empty gap at the right edge",
              "trace": "$ curl -s 'http://vm:8428/api/v1/query?query=icecast_source_connected"
                       "{mount=\"/fw1\"}' | jq '.data.result[0].value'\n[\n  1741688412.123,\n"
                       "  \"1\"\n]\n$ date +%s\n1741688446",
              "probe": [bash("curl -s http://vm:8428/flags | grep -i latency",
                             "-search.latencyOffset=\"30s\"")],
              "explain": "VictoriaMetrics deliberately doesn't return samples newer than "
                         "-search.latencyOffset (30s by default), so queries never show "
                         "incomplete data from late writes. Every query is therefore answered "
                         "as of ~30 s ago — the gap on the graph, and the delay on an alert "
                         "that should fire on the next scrape. With vmagent scraping every "
                         "10 s, 5s is safe here.",
              "fix": [edit(compose, "      - -dedup.minScrapeInterval=10s\n",
                           "      - -dedup.minScrapeInterval=10s\n      - "
                           "-search.latencyOffset=5s\n"),
                      bash("docker compose up -d victoriametrics",
                           " Container mossgauge-victoriametrics-1  Recreated\n Container "
                           "mossgauge-victoriametrics-1  Started")],
              "done": "Queries now see samples up to 5 s old; the graph's right edge fills in "
                      "and the silence alert should fire within one evaluation of the drop.",
              "told": "vm hides the newest 30s from queries by default, its "
                      "-search.latencyOffset",
              "repro": "docker compose logs --tail 80 victoriametrics vmalert"}),
        Fact("gotcha-dailyseries", "gotcha", ["-remoteWrite.maxDailySeries"],
             ["new metrics from the podcast api just don't show up in the metrics database "
              "but the old ones are fine — why would new series be dropped?",
              "what limit on the scraping agent stops accepting new time series once too many "
              "appear in a day?"],
             "mossgauge's vmagent runs with -remoteWrite.maxDailySeries=300000; when a "
             "user_agent label was added to podcast-api's episode_downloads metric the daily "
             "cap filled up and vmagent silently dropped every new series "
             "(vmagent_daily_series_limit_rows_dropped_total climbing). The label is now "
             "dropped by relabelling.",
             {"symptom": "since yesterday afternoon nothing new shows up — the new "
                         "episode_downloads metric from podcast-api is missing entirely and so "
                         "are the listener series for the new /fw3 mount. old series fine",
              "trace": "vmagent_daily_series_limit_max_series 300000\n"
                       "vmagent_daily_series_limit_current_series 300000\n"
                       "vmagent_daily_series_limit_rows_dropped_total 1849213",
              "probe": [bash(f"grep -n maxDailySeries {compose}",
                             "58:      - -remoteWrite.maxDailySeries=300000")],
              "explain": "vmagent has a cap on unique series per day, "
                         "-remoteWrite.maxDailySeries=300000 here. Yesterday podcast-api "
                         "started putting a user_agent label on episode_downloads — one series "
                         "per podcast app string — and the cap filled; from then on vmagent "
                         "drops every series it hasn't already seen today, which is exactly "
                         "'new metrics missing, old ones fine'. It resets daily but fills "
                         "again while that label is there.",
              "fix": [edit("scrape/vmagent.yml", "  - job_name: podcast-api\n",
                           "  - job_name: podcast-api\n    metric_relabel_configs:\n      - "
                           "action: labeldrop\n        regex: user_agent\n")],
              "done": "The user_agent label is dropped at scrape time for podcast-api; once the "
                      "daily window rolls over, new series get through again.",
              "told": "someone added a user_agent label and we blew through vmagent's "
                      "-remoteWrite.maxDailySeries cap, so every new series gets dropped",
              "repro": "docker compose logs --tail 100 vmagent"}),
        Fact("fals-cluster", "falsified", ["vmstorage"],
             ["should we move to the clustered version of victoriametrics for redundancy?",
              "why is the metrics database a single node rather than a cluster?"],
             "Running the VictoriaMetrics cluster version (vminsert/vmselect/vmstorage) "
             "instead of mossgauge's single node was tried by Oskar and dropped: at ~300k "
             "series it tripled the RAM and moving parts, and every vmstorage restart gave "
             "vmalert partial responses and false alerts. Single node with nightly vmbackup "
             "snapshots is the setup.",
             {"ask": "lets run the victoriametrics cluster flavour so one box dying doesnt "
                     "blind us — 3 vmstorage, 2 vmselect, 2 vminsert",
              "change": [write("compose.cluster.yml",
                               "services:\n  vmstorage-1:\n    image: "
                               "victoriametrics/vmstorage:v1.102.1-cluster\n  vmstorage-2:\n"
                               "    image: victoriametrics/vmstorage:v1.102.1-cluster\n  "
                               "vmstorage-3:\n    image: "
                               "victoriametrics/vmstorage:v1.102.1-cluster\n  vmselect:\n    "
                               "image: victoriametrics/vmselect:v1.102.1-cluster\n  vminsert:"
                               "\n    image: victoriametrics/vminsert:v1.102.1-cluster\n"),
                         bash("docker compose -f compose.cluster.yml up -d",
                              " Container mossgauge-vmstorage-1-1  Started\n Container "
                              "mossgauge-vmstorage-2-1  Started\n Container "
                              "mossgauge-vmstorage-3-1  Started\n Container "
                              "mossgauge-vmselect-1  Started\n Container mossgauge-vminsert-1 "
                              " Started")],
              "broke": bash("docker compose -f compose.cluster.yml restart vmstorage-2 && "
                            "sleep 20 && docker compose -f compose.cluster.yml logs vmalert "
                            "--since 1m | grep -i -e partial -e FIRING",
                            "vmalert  | warn  rule \"IcecastSourceDown\": partial response: "
                            "cannot fetch data from vmstorage-2:8401: connection refused\n"
                            "vmalert  | info  alert IcecastSourceDown{mount=\"/fw2\"} FIRING",
                            1),
              "revert": bash("docker compose -f compose.cluster.yml down && rm "
                             "compose.cluster.yml && docker compose up -d", ""),
              "conclusion": "Back on single node. Restarting one vmstorage node left vmalert "
                            "with partial data, and it fired a false IcecastSourceDown for "
                            "/fw2 — for redundancy the nightly vmbackup snapshots are the "
                            "cheaper answer.",
              "want": "could the metrics database survive a box dying, with a cluster "
                      "setup?",
              "offer": "VictoriaMetrics has a cluster version — vminsert, vmselect and "
                       "vmstorage nodes with replication — so losing one box doesn't blind "
                       "us. Want me to set it up?",
              "story": "oskar moved us to the cluster version last year, 3x vminsert, 2x "
                       "vmselect, 3x vmstorage. it ate 3x the ram for our ~300k series and "
                       "every vmstorage restart gave vmalert partial responses and false "
                       "alerts. back on single node with vmbackup every night",
              "title": "Back to single-node VictoriaMetrics"}),
        Fact("fals-listenerdrop", "falsified", ["IcecastListenerDrop"],
             ["can we page someone when listener numbers suddenly fall? that usually means "
              "the stream broke",
              "was there ever an alert on sudden drops in the live audience?"],
             "mossgauge once had an IcecastListenerDrop alert (listeners down more than 30% in "
             "5 minutes, severity page): it paged at the end of every big show and at "
             "midnight when people switch off, so it was deleted. Real stream breakage is "
             "caught by the StreamSilence alert (audio level below -50 dBFS for 60 s).",
             {"ask": "add a paging alert when listeners on a mount drop more than 30% within "
                     "5 minutes — call it IcecastListenerDrop",
              "change": [edit(streams, "  rules:\n",
                              "  rules:\n    - alert: IcecastListenerDrop\n      expr: "
                              "mount:icecast_listeners:sum < 0.7 * mount:icecast_listeners:sum "
                              "offset 5m\n      labels:\n        severity: page\n")],
              "broke": bash("python3 tools/backtest_rule.py rules/streams.yml --rule "
                            "IcecastListenerDrop --days 14",
                            "IcecastListenerDrop would have fired 37 times in 14 days\n  "
                            "22:00-22:05 (end of the evening show): 12\n  00:00-00:05: 14\n  "
                            "other: 11\nreal stream incidents in the window: 1\nFAIL: "
                            "precision 0.03", 1),
              "revert": bash(f"git checkout -- {streams}", ""),
              "conclusion": "Removed IcecastListenerDrop again: the backtest has it firing 37 "
                            "times in two weeks for one real incident — show endings and "
                            "midnight switch-offs. Stream breakage is StreamSilence's job.",
              "want": "can we alert on the audience suddenly falling off a cliff?",
              "offer": "A rule comparing each mount's listeners with five minutes ago — "
                       "paging on a 30% drop — would catch a stream dying even when the "
                       "source stays connected. Want me to add it?",
              "story": "we had IcecastListenerDrop, pages on a >30% drop in 5m. it went off at "
                       "the end of every big show and every midnight when the audience "
                       "switches off, three pages a night for a month before we deleted it. "
                       "the silence detector on the audio catches real breakage",
              "title": "Delete IcecastListenerDrop"}),
    ]
    chatter = [
        "vmalert  | 2025-03-11T09:58:01.004Z\tinfo\tgroup \"streams\" started; interval=30s",
        "vmalert  | 2025-03-11T09:58:01.112Z\tinfo\tgroup \"probes\" started; interval=30s",
        "vmagent  | 2025-03-11T09:58:02.330Z\tinfo\tscrape config reloaded",
        "vmagent  | 2025-03-11T09:58:02.331Z\tinfo\tstarting service discovery routines",
        "vmagent  | 2025-03-11T09:58:12.019Z\tinfo\tsuccessfully scraped icecast (412 samples)",
        "vmagent  | 2025-03-11T09:58:12.402Z\tinfo\tsuccessfully scraped blackbox (88 samples)",
        "victoriametrics  | 2025-03-11T09:58:14.771Z\tinfo\tflushed 3 parts",
        "victoriametrics  | 2025-03-11T09:58:30.002Z\tinfo\tmerged 6 small parts",
        "vmalert  | 2025-03-11T09:58:31.015Z\tinfo\tgroup \"streams\" evaluated 14 rules",
        "vmalert  | 2025-03-11T09:58:31.120Z\tinfo\tgroup \"probes\" evaluated 6 rules",
        "vmagent  | 2025-03-11T09:58:42.019Z\tinfo\tsuccessfully scraped podcast-api",
        "victoriametrics  | 2025-03-11T09:59:00.011Z\tinfo\tcache stats: hits 98.1%",
        "vmalert  | 2025-03-11T09:59:01.020Z\tinfo\tgroup \"streams\" evaluated 14 rules",
        "vmagent  | 2025-03-11T09:59:12.018Z\tinfo\tsuccessfully scraped icecast (414 samples)",
        "vmalert  | 2025-03-11T09:59:31.017Z\tinfo\tgroup \"probes\" evaluated 6 rules",
        "victoriametrics  | 2025-03-11T09:59:44.771Z\tinfo\tflushed 2 parts",
    ]
    noise: list[Episode] = [
        look("what are the blackbox probes checking on the streams",
             "scrape/blackbox.yml",
             "modules:\n  icecast_mount:\n    prober: http\n    timeout: 5s\n    http:\n      "
             "valid_status_codes: [200]\n      method: GET\n      headers:\n        "
             "Icy-MetaData: \"1\"\n",
             "An HTTP GET per mount with Icy-MetaData set, passing on a 200 within 5 seconds."),
        find("which dashboards use the listener metrics", "icecast_listeners",
             ["dashboards/live-streams.json", "dashboards/overview.json"],
             "Two dashboards: live-streams and overview."),
        tweak("scrape icecast every 10s not 30s", "scrape/vmagent.yml",
              "  - job_name: icecast\n    scrape_interval: 30s\n",
              "  - job_name: icecast\n    scrape_interval: 10s\n",
              "icecast is scraped every 10 s now."),
        run("is everything up", "docker compose ps --format '{{.Name}}\t{{.Status}}'",
            "mossgauge-victoriametrics-1\tUp 9 days\nmossgauge-vmagent-1\tUp 9 days\n"
            "mossgauge-vmalert-1\tUp 2 days\nmossgauge-alertmanager-1\tUp 9 days\n"
            "mossgauge-victorialogs-1\tUp 9 days\nmossgauge-vector-1\tUp 4 hours",
            "All six containers are up; vector restarted four hours ago."),
        talk("histogram vs summary for podcast-api request durations?",
             "Histogram: buckets can be aggregated across instances and you can compute any "
             "quantile afterwards. A summary's quantiles are computed per instance and can't "
             "be combined, which breaks as soon as there are two replicas."),
        steps("how many active series do we have right now",
              [bash("curl -s http://vm:8428/api/v1/status/tsdb | jq .data.totalSeries",
                    "287113")],
              "About 287k series."),
        steps("check the dashboards for panels still querying the old prometheus datasource",
              [agent("Find stale datasources", "Look through dashboards/*.json for panels "
                     "whose datasource is not VictoriaMetrics.",
                     "dashboards/overview.json has two panels on the retired 'prometheus-old' "
                     "datasource (CPU by host, disk by host); every other panel uses the "
                     "VictoriaMetrics datasource.", "c4d18e2a07b95f36", "Explore", 5)],
              "Two panels in overview.json still point at the retired datasource."),
        [Step(prompt="the new /fw3 mount goes live monday. what do we need"),
         Step(tools=[todo_write([("Add /fw3 to the blackbox targets", "pending",
                                  "Adding the probe target"),
                                 ("Add /fw3 to the icecast dashboard", "pending",
                                  "Updating the dashboard"),
                                 ("Extend the stream alerts to /fw3", "pending",
                                  "Extending the alerts")])]),
         Step(text="Probe target, dashboard, alerts — in that order.")],
    ]
    return Project(
        "mossgauge", "git@gitlab.fenwater.net:sre/mossgauge.git",
        {"README.md": "# mossgauge\n\nMetrics, logs and alerting for Fenwater (VictoriaMetrics, "
                      "vmalert, Alertmanager, VictoriaLogs, Vector).\n",
         "notes/cheatsheet.md": "# cheatsheet\n\n## commands\n"},
        _equip(facts, mates=["Oskar", "Gus"], notes="notes/cheatsheet.md", chatter=chatter,
               naive=bash("docker compose restart vmagent vmalert",
                          " Container mossgauge-vmagent-1  Restarting\n Container "
                          "mossgauge-vmalert-1  Restarting\n Container mossgauge-vmagent-1  "
                          "Started\n Container mossgauge-vmalert-1  Started")),
        noise, "github")


def projects() -> list[Project]:
    return [knapweed(), shinglebay(), whimbrelcast(), mossgauge()]
