"""The ``dev39`` split, "a genomics core facility's pipeline developer, during an instrument
upgrade": four projects, ten planted facts each.

Written in the twenty-fourth pass by a helper that read no rlat code; first read untuned (0.675
under seed 7717, which dev3 had; 0.70 re-seeded 7741), tuned on since.

The Calder Street Genomics Core (CSGC) sequences for about ninety labs on a university medical
campus. This June it is retiring its two NovaSeq 6000s for a NovaSeq X Plus (instrument
LH00512): new flow cells (1.5B, 10B, 25B), BCL Convert and sample sheet v2 instead of
bcl2fastq, new run-folder layouts and markers, twice the data per run, and a few weeks of
running both instrument generations side by side. Noor Haddad is the core's only pipeline
developer. Noor types to the assistant the way people type in Slack: lower case, terse, "fwiw",
"iirc", "lmk", "ty", backticks around anything that looks like code, pasted Slack threads from
the core's channels, helpdesk tickets from the labs (CORE-####), and lines from the X Plus
cutover runbook. Around Noor: the lab manager (Bea), a sequencing technician (Luis), the sample
reception lead who lives in the LIMS (Marta), a staff bioinformatician (Ivo), the core's
director (Ruth) and research computing's Slurm admin (Sanjay).

The durable facts come up the way they do in a working week: a rule dropped in as an aside
once the assistant has started, pasted from a Slack thread, given as a correction after the
assistant did it the other way, typed into the permission prompt when an edit is declined, or
typed as the "Other" answer when the assistant asks which way to go; a command that fails and
the one that works (worked out from the error, quoted from a colleague in Slack, found in how
CI runs it, or saved as a make target afterwards); an environment fact looked up (plainly, for a
line of the onboarding doc, to correct the cutover runbook, or to answer a lab's helpdesk
ticket); a gotcha (reported in a ticket, buried in the middle of a long log, found after a first
guess changes nothing, or written up as an incident note); and an approach tried and given up
(tried in the session and rolled back, found as a revert in the git history, vetoed with the
story of last time, or written into the decision log as rejected).

The projects: lanesplit, the demultiplexing and QC pipeline (Nextflow DSL2, BCL Convert in
Apptainer containers, fastp, FastQC, MultiQC, nf-test, the Slurm executor on the talon
cluster); tubetrack, the LIMS (Django 4.2, PostgreSQL, Celery and Redis, django-simple-history
for the audit trail, a tube-rack scanner's CSV import, the sample sheet export); sbatchery, the
core's Slurm job tooling (a Python click CLI called gcjob rendering Jinja sbatch templates, sacct
reports, hatch, pytest); and readsight, the results portal the labs download their data from
(FastAPI, SQLAlchemy and Alembic, Jinja and htmx, Plotly run-QC charts, WeasyPrint PDF reports,
nginx and oauth2-proxy in front, Docker Compose, Playwright end-to-end tests).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (the other way: run, declined, or shown),
  ``follow``, ``done``;
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the working command in a
  colleague's words), ``ci`` (``(path, text)``: where the repo already runs it), ``target`` (a
  make target's name);
* environment - ``goal``, ``probe``, ``confirm``, ``guess`` (what the cutover runbook still
  says), ``ticket`` (a lab's helpdesk question), ``line`` (``(label, value)`` for the
  onboarding doc);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``repro`` (a
  command whose long output holds the trace), ``slug`` (the incident note's file name);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea as
  someone raises it), ``offer`` (the assistant suggesting it), ``story`` (what happened last
  time), ``title``.

Every fact also carries its project's ``mates``, ``channel`` (its Slack channel), ``chatter``
(ordinary log lines long output is padded with), ``naive`` (a first guess that changes
nothing), ``runbook`` (the cutover runbook's path) and ``reverts`` (other revert commits in its
history).
"""

from __future__ import annotations

import random

from .transcript import (
    REJECTED,
    agent,
    ask_user,
    bash,
    edit,
    exit_plan,
    read,
    refused,
    todo_write,
    write,
)
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _fill(text: str, **slots: str) -> str:
    """``text`` with each ``{name}`` replaced (values may hold braces: Groovy, Jinja)."""
    for name, value in slots.items():
        text = text.replace("{" + name + "}", value)
    return text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _first(text: str) -> str:
    head, dot, _rest = text.partition(". ")
    return head + "." if dot else text


def _todo(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n].rsplit(" ", 1)[0] + "…"


def _hash(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(40))


def _bury(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` between two stretches of ordinary output."""
    count = min(len(chatter), rng.randint(8, 12))
    lines = [chatter[i] for i in sorted(rng.sample(range(len(chatter)), count))]
    at = rng.randint(2, len(lines) - 2)
    return "\n".join([*lines[:at], *trace.splitlines(), *lines[at:]])


def _clock(rng: random.Random) -> str:
    return f"{rng.randint(8, 17)}:{rng.randint(0, 59):02d}"


STARTS = ("", "", "ok so ", "quick one: ", "morning. ", "before standup — ",
          "X Plus week, bear with me. ")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_aside(s: dict, rng: random.Random) -> Episode:
    """The assistant has started; the rule arrives as an aside before it writes anything."""
    said = _pick(rng, "oh wait, before you write anything — {rule}",
                 "btw since you're in there: {rule}",
                 "fwiw, applies to the whole repo: {rule}",
                 "one thing i forgot to say. {rule}")
    return [Step(prompt=_pick(rng, *STARTS) + s["task"]),
            Step(text=_pick(rng, "Breaking it down first.", "Plan:", ""),
                 tools=[todo_write([(_todo(_cap(s["task"])), "in_progress", "Making the change"),
                                    ("Run the tests", "pending", "Running the tests")])]),
            Step(prompt=_fill(said, rule=s["rule"])),
            Step(text=_pick(rng, "Good to know — doing it that way.", "Noted, adjusting.",
                            "OK."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_slack(s: dict, rng: random.Random) -> Episode:
    """The rule is in a Slack thread Noor pastes before the task."""
    mate = rng.choice(s["mates"])
    lead = _pick(rng, "context from #{channel}:", "pasting this from #{channel} so you have it:",
                 "this came up in #{channel} yesterday:")
    ask = (_fill(lead, channel=s["channel"]) + f"\n\n> **{mate}** {_clock(rng)}\n> "
           f"{_cap(s['rule'])}\n> **Noor** {_clock(rng)}\n> "
           f"{_pick(rng, '👍', 'ack', 'makes sense, will do')}\n\n"
           + _pick(rng, "so with that in mind: ", "now the actual ask: ", "") + s["task"])
    return [Step(prompt=ask),
            Step(text=_pick(rng, f"Following what {mate} said.", "Keeping to that.", ""),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_redo(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way; Noor corrects it afterwards."""
    said = _pick(rng, "hm, no. {rule}. redo it pls", "that's not how we do it here: {rule}",
                 "nope — {rule}", "ah, should have said. {rule}")
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Simple enough.", "Doing it now.", ""), tools=[s["contrary"]]),
            Step(text=_pick(rng, "Done — want me to run the tests?", "That's in place.")),
            Step(prompt=_fill(said, rule=s["rule"])),
            Step(text=_pick(rng, "Right, redoing it.", "Understood, reworking it.", "Fixing."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_declined(s: dict, rng: random.Random) -> Episode:
    """Noor declines the edit at the permission prompt and types the rule."""
    said = _pick(rng, "no — {rule}", "don't do it like that. {rule}", "{rule}. try again",
                 "not that way: {rule}")
    return [Step(prompt=_pick(rng, *STARTS) + s["task"]),
            Step(text=_pick(rng, "Here's the change:", "Making the edit.", ""),
                 tools=[refused(s["contrary"], REJECTED + _fill(said, rule=s["rule"]))]),
            Step(text=_pick(rng, "Understood, doing it that way instead.", "OK, reworking it.",
                            "Got it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_choice(s: dict, rng: random.Random) -> Episode:
    """The assistant asks which way to go; Noor types the rule as the "Other" answer."""
    question = _pick(rng, "Before I write it: is there a house rule for this part of the code?",
                     "Which way should I do this?",
                     "How do you want this structured?")
    return [Step(prompt=s["task"]),
            Step(tools=[ask_user(question, "Approach",
                                 [("Most direct", "The smallest change that works"),
                                  ("Copy the nearest example", "Whatever the closest similar "
                                                               "code in the repo does")],
                                 s["rule"])]),
            Step(text=_pick(rng, "Got it.", "Thanks — going with that.", ""), tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_self(s: dict, rng: random.Random) -> Episode:
    """Worked out from the error."""
    steps = [Step(prompt=_pick(rng, *STARTS) + s["goal"]), Step(tools=[s["fail"]]),
             Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]
    if rng.random() < 0.5:
        steps += [Step(prompt=_pick(rng, "nice, ty", "ok good", "👍 thanks")),
                  Step(text=_pick(rng, "Sure.", "Anytime."))]
    return steps


def cmd_slack_hint(s: dict, rng: random.Random) -> Episode:
    """It fails; Noor asks in Slack and pastes the answer."""
    mate = rng.choice(s["mates"])
    said = _pick(rng, "asked in #{channel}, {mate} says: \"{hint}\"",
                 "{mate} answered in slack: {hint}",
                 "from {mate}, just now:\n\n> {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That failed (output above). I'm not sure how it's meant to "
                                 "be run here.",
                            "Error above — is there a known way this is run?", "No luck.")),
            Step(prompt=_fill(said, channel=s["channel"], mate=mate, hint=s["hint"])),
            Step(tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}")]


def cmd_ci(s: dict, rng: random.Random) -> Episode:
    """It fails; the assistant looks at where the repo already runs it."""
    path, text = s["ci"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, f"Failed. {path} runs this somewhere, so it must work there — "
                                 f"checking how.",
                            f"That's not it. Let me see what {path} does."),
                 tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_make(s: dict, rng: random.Random) -> Episode:
    """Worked out, then saved as a make target."""
    ok, target = s["ok"], s["target"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]), Step(text=s["done"]),
            Step(prompt=_pick(rng, "put that in the Makefile as `make {t}`? i will not remember "
                                   "it",
                              "add a make target for that pls ({t})",
                              "can we have `make {t}` do exactly that").replace("{t}", target)),
            Step(tools=[edit("Makefile", "# shortcuts\n",
                             f"# shortcuts\n{target}:\n\t{ok.command}\n")]),
            Step(text=f"Added `make {target}`.")]


# environment
def env_check(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_pick(rng, *STARTS) + s["goal"]),
            Step(text=_pick(rng, "Checking rather than guessing.", "Let me look.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_onboarding(s: dict, rng: random.Random) -> Episode:
    """A line for the onboarding doc's "where things are" list."""
    label, value = s["line"]
    ask = _pick(rng, "dawit (rotation student) starts monday. add '{label}' to the where-things-"
                     "are list in docs/onboarding.md — check the real value, don't trust my "
                     "memory",
                "onboarding doc needs a line for '{label}'. look it up and add it pls",
                "filling gaps in docs/onboarding.md before the new starter. next one: "
                "{label}")
    return [Step(prompt=_fill(ask, label=label)),
            Step(tools=s["probe"]),
            Step(text=s["confirm"],
                 tools=[edit("docs/onboarding.md", "## Where things are\n",
                             f"## Where things are\n\n- {label}: {value}\n")]),
            Step(text="Added to the list in docs/onboarding.md.")]


def env_runbook(s: dict, rng: random.Random) -> Episode:
    """The cutover runbook says something else; the assistant checks and corrects it."""
    runbook = s["runbook"]
    ask = _pick(rng, "the cutover runbook says {guess}. still true after the upgrade?",
                "sanity check — {guess}? that's what the runbook has",
                "is this line in the runbook right: \"{guess}\"")
    return [Step(prompt=_fill(ask, guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'No, that line is out of date.', 'Not any more.', 'Not quite.')}"
                      f" {s['confirm']}"),
            Step(prompt=_pick(rng, "ugh. fix the runbook then", f"ok, correct it in {runbook}",
                              "update the line pls")),
            Step(tools=[edit(runbook, f"- {s['guess']}\n", f"- {_first(s['confirm'])}\n")]),
            Step(text=_pick(rng, "Corrected.", f"Updated {runbook}."))]


def env_ticket(s: dict, rng: random.Random) -> Episode:
    """A lab's helpdesk ticket asks; the assistant finds out and drafts the reply."""
    ask = _pick(rng, "helpdesk ticket CORE-{n} from one of the labs:\n\n> {q}\n\ncan you find "
                     "out and draft a reply?",
                "CORE-{n}: \"{q}\" — what do i tell them",
                "got this in the queue (CORE-{n}): {q}\nlook it up pls, short answer")
    return [Step(prompt=_fill(ask, n=str(rng.randint(2100, 2999)), q=s["ticket"])),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nDraft reply:\n\n> Hi,\n> {s['confirm']}\n> Best, "
                      f"Noor (CSGC bioinformatics)"),
            Step(prompt=_pick(rng, "sent, ty", "bit long but fine", "ok")),
            Step(text=_pick(rng, "👍", "Sure."))]


# gotcha
def gotcha_ticket(s: dict, rng: random.Random) -> Episode:
    mate = rng.choice(s["mates"])
    ask = (f"CORE-{rng.randint(2100, 2999)}, {_pick(rng, 'reported by', 'from', 'raised by')} "
           f"{mate}:\n\n{_cap(s['symptom'])}\n\n```\n{s['trace']}\n```\n\n"
           + _pick(rng, "lmk what you find", "can you dig in?", "no idea what this is"))
    return [Step(prompt=ask),
            Step(text=_pick(rng, "Looking.", "", "A couple of checks first."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_buried(s: dict, rng: random.Random) -> Episode:
    """Reproduced; the cause sits in the middle of a long log."""
    return [Step(prompt=s["symptom"]),
            Step(text=_pick(rng, "Reproducing it first.", "Rerunning to read the whole output."),
                 tools=[bash(s["repro"], _bury(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "Most of that is routine; the failure is in the middle.",
                            "Found it halfway down."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_first_guess(s: dict, rng: random.Random) -> Episode:
    """The assistant's first guess changes nothing; the real cause comes after."""
    return [Step(prompt=f"{s['symptom']}\n\n{s['trace']}"),
            Step(text=_pick(rng, "First guess is stale state — clearing it.",
                            "Ruling out leftovers from an earlier run first."),
                 tools=[s["naive"]]),
            Step(text=_pick(rng, "That wasn't it; the error doesn't come from leftover state.",
                            "Clean now, but that can't explain this error. Looking properly.")),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_incident(s: dict, rng: random.Random) -> Episode:
    """Fixed, then written up as an incident note."""
    path = f"docs/incidents/2024-06-{rng.randint(3, 21):02d}-{s['slug']}.md"
    return [Step(prompt=f"{_cap(s['symptom'])}\n\n```\n{s['trace']}\n```"),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "write a short incident note in docs/incidents/ so bea can "
                                   "point people at it",
                              "can you add an incident note for this one? same shape as the "
                                   "others")),
            Step(tools=[write(path, f"# {_first(_cap(s['symptom']))}\n\n**What happened.** "
                                    f"{_cap(s['symptom'])}.\n\n**Why.** {s['explain']}\n\n"
                                    f"**Fix.** {s['done']}\n")]),
            Step(text=f"Wrote {path}.")]


# falsified
def fals_rolled_back(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "yeah no. roll it back", "ok that's worse, revert", "nope, undo that",
                 "hm. put it back the way it was")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Rolling it back.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_history(s: dict, rng: random.Random) -> Episode:
    """The idea comes up; the assistant finds it reverted in the git history."""
    others = rng.sample(s["reverts"], 2)
    mine = _hash(rng)
    log = [f"{_hash(rng)[:7]} Revert \"{others[0]}\"", f"{mine[:7]} Revert \"{s['title']}\"",
           f"{_hash(rng)[:7]} Revert \"{others[1]}\""]
    who = rng.choice(s["mates"])
    return [Step(prompt=s["want"]),
            Step(text=_pick(rng, "Let me check whether this was tried before.",
                            "Checking the history first, this sounds like something someone "
                            "would have tried."),
                 tools=[bash("git log --all --oneline -i --grep=revert | head -20",
                             "\n".join(log))]),
            Step(tools=[bash(f"git show --no-patch {mine[:7]}",
                             f"commit {mine}\nAuthor: {who} <{who.lower()}@csgc.example.edu>\n"
                             f"Date:   {_pick(rng, 'Tue Apr 9', 'Thu Mar 21', 'Mon May 6')} "
                             f"{_clock(rng)}:41 2024 +0100\n\n    Revert \"{s['title']}\"\n\n"
                             f"    {_cap(s['story'])}.\n")]),
            Step(text=f"It was tried and reverted ({mine[:7]}). {s['conclusion']}"),
            Step(prompt=_pick(rng, "right, forgot about that. leave it", "ok, drop it then",
                              "fine, not worth round two")),
            Step(text=_pick(rng, "Leaving it.", "OK."))]


def fals_veto(s: dict, rng: random.Random) -> Episode:
    """The assistant offers it; Noor vetoes with the story of last time."""
    said = _pick(rng, "no — been there. {story}", "we did that already. {story}",
                 "nah. {story}", "ask {mate} about that one lol. {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=_fill(said, story=s["story"], mate=rng.choice(s["mates"]))),
            Step(text=f"{_pick(rng, 'OK, not going there.', 'Fair — dropping it.', 'Understood.')}"
                      f" {s['conclusion']}")]


def fals_decision(s: dict, rng: random.Random) -> Episode:
    """Written into the decision log as rejected."""
    ask = _pick(rng, "people keep suggesting '{title}'. add it to docs/decisions.md under "
                     "rejected, with why: {story}",
                "write up '{title}' in the decision log as rejected. context: {story}",
                "for docs/decisions.md — rejected: {title}. {story}")
    return [Step(prompt=_fill(ask, title=s["title"], story=s["story"])),
            Step(tools=[edit("docs/decisions.md", "## Rejected\n",
                             f"## Rejected\n\n### {s['title']}\n\n{s['conclusion']}\n")]),
            Step(text="Added under Rejected in docs/decisions.md."),
            Step(prompt=_pick(rng, "ty", "good, now i can just link it", "👍")),
            Step(text=_pick(rng, "Sure.", "👍"))]


TEMPLATES = {
    "convention": [conv_aside, conv_slack, conv_redo, conv_declined, conv_choice],
    "command": [cmd_self, cmd_slack_hint, cmd_ci, cmd_make],
    "environment": [env_check, env_onboarding, env_runbook, env_ticket],
    "gotcha": [gotcha_ticket, gotcha_buried, gotcha_first_guess, gotcha_incident],
    "falsified": [fals_rolled_back, fals_history, fals_veto, fals_decision],
}

UNRELATED = [
    "What's the difference between a Phred quality of 20 and 30, in error rates?",
    "Explain paired-end versus single-end sequencing in two short paragraphs.",
    "How does a Bloom filter work, and where would a bioinformatician meet one?",
    "Write a bash one-liner that counts the reads in a gzipped FASTQ file.",
    "What is a k-mer, and why do assemblers care about them?",
    "Explain what an N50 is to someone from a wet lab.",
    "How do I politely tell a PI that their samples can't jump the queue?",
    "What's the difference between a process and a thread in Python, and when does the GIL "
    "matter?",
    "Explain UMI deduplication in single-cell RNA-seq in plain words.",
    "How does git rebase differ from merge, in plain words?",
    "Roughly how many reads per sample does a bulk RNA-seq differential expression study "
    "need?",
    "What's the difference between RAID 5 and RAID 6, and which survives more?",
    "Give me a template for a short methods paragraph about library prep and sequencing.",
    "What does GDPR mean by pseudonymisation as opposed to anonymisation?",
    "How do I make matplotlib figures look decent in a paper without much fuss?",
    "Is MD5 still fine for checking that a file copied correctly, or should I use SHA-256?",
    "What's a sensible on-call rotation for a team of three people?",
    "Explain the difference between TCP keepalive and HTTP keep-alive.",
    "What's the idea behind a CRAM file compared to a BAM?",
    "How should I estimate the storage a sequencing core needs for the next five years?",
    "Explain what a reproducible computational environment means, for a grant application.",
    "Any tips for presenting a technical postmortem to non-technical lab staff?",
]

UNANSWERED: dict[str, list[str]] = {
    "lanesplit": [
        "How many 25B flow cells has the core run since the new instrument arrived?",
        "When will the last of the old sequencers be switched off for good?",
        "What does the service contract for the new instrument cost per year?",
        "Which lab generated the most sequencing data this year?",
        "Is the core going to offer long-read sequencing next year?",
    ],
    "tubetrack": [
        "How many samples did reception log in during May?",
        "Which lab has the most tubes waiting for QC right now?",
        "When is this year's accreditation audit of the LIMS?",
        "Is Marta's team getting a second rack scanner?",
        "What did users say about the sample submission form in the survey?",
    ],
    "sbatchery": [
        "How much of our cluster allocation has the core used this quarter?",
        "When is the next maintenance window on talon?",
        "Is research computing buying more GPU nodes this year?",
        "How many jobs did the core submit last month?",
        "Who approves new cluster accounts while Sanjay is on leave?",
    ],
    "readsight": [
        "How many PIs logged into the portal last month?",
        "Which project downloaded the most data from the portal?",
        "Is the portal moving to the university's cloud tenancy?",
        "When does the portal's TLS certificate expire?",
        "Has Ruth decided whether external collaborators get portal accounts?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


# ------------------------------------------------------------------- lanesplit
def lanesplit() -> Project:
    split_py = "bin/split_samplesheet.py"
    watch_py = "bin/watch_runs.py"
    stub = bash("nextflow run . -stub -profile test --outdir /tmp/stub-out",
                "Launching `./main.nf` [focused_hopper] DSL2 - revision: 8d41c07\n"
                "executor >  local (11)\n"
                "[a1/3f09c2] LANESPLIT:SPLIT_SAMPLESHEET (test_run)  | 1 of 1 ✔\n"
                "[5e/90bb17] LANESPLIT:BCLCONVERT (test_run:lane1)    | 2 of 2 ✔\n"
                "[c4/2d81aa] LANESPLIT:FASTP (S1)                     | 4 of 4 ✔\n"
                "[0f/7c13e5] LANESPLIT:FASTQC (S1)                    | 4 of 4 ✔\n"
                "[91/e0a4d2] LANESPLIT:MULTIQC                        | 1 of 1 ✔\n"
                "Completed at: 05-Jun-2024 11:02:17\nDuration    : 41s\nSucceeded   : 12")
    facts = [
        Fact("conv-publish", "convention", ["publish.config"],
             ["where do a pipeline step's output files get declared for delivery — inside the "
              "process or somewhere central?",
              "I'm adding a new step to the demux workflow; how do I get its results into the "
              "delivery folder?"],
             "In lanesplit (the Nextflow demux/QC pipeline) modules never set publishDir "
             "themselves: everything that gets published is declared in conf/publish.config "
             "with a withName block, the one place the delivery layout lives.",
             {"task": "add an md5sum step after fastp so every delivered fastq.gz gets a .md5 "
                      "file next to it",
              "rule": "modules don't get a publishDir. anything that's published is declared "
                      "in conf/publish.config with a withName block, that's the only place "
                      "the delivery layout is allowed to live",
              "contrary": write("modules/local/md5sum/main.nf",
                                "process MD5SUM {\n    tag \"${meta.id}\"\n    label "
                                "'process_single'\n    publishDir \"${params.outdir}/"
                                "${meta.project}/fastq\", mode: 'copy'\n\n    input:\n    "
                                "tuple val(meta), path(reads)\n\n    output:\n    tuple "
                                "val(meta), path('*.md5'), emit: md5\n\n    script:\n    "
                                "\"\"\"\n    for f in ${reads}; do md5sum \"\\$f\" > "
                                "\"\\$f.md5\"; done\n    \"\"\"\n}\n"),
              "follow": [write("modules/local/md5sum/main.nf",
                               "process MD5SUM {\n    tag \"${meta.id}\"\n    label "
                               "'process_single'\n\n    input:\n    tuple val(meta), "
                               "path(reads)\n\n    output:\n    tuple val(meta), "
                               "path('*.md5'), emit: md5\n\n    script:\n    \"\"\"\n    for f "
                               "in ${reads}; do md5sum \"\\$f\" > \"\\$f.md5\"; done\n    "
                               "\"\"\"\n}\n"),
                         edit("conf/publish.config",
                              "    withName: 'FASTP' {\n",
                              "    withName: 'MD5SUM' {\n        publishDir = [\n            "
                              "path: { \"${params.outdir}/${meta.project}/fastq\" },\n"
                              "            mode: 'copy'\n        ]\n    }\n\n"
                              "    withName: 'FASTP' {\n"),
                         stub],
              "done": "MD5SUM runs on each sample's reads after FASTP; its .md5 files land next "
                      "to the FASTQs through a withName: 'MD5SUM' block in "
                      "conf/publish.config, and the module has no publishDir of its own. The "
                      "stub run passes."}),
        Fact("conv-calver", "convention", ["CalVer"],
             ["how are the pipeline's releases numbered these days, and what revision should "
              "a production run use?",
              "can I launch the real demux straight off the main branch?"],
             "lanesplit releases are tagged CalVer (YYYY.MM.N, e.g. 2024.06.1) with "
             "manifest.version to match, and the production demux is always launched with -r "
             "pinned to a release tag, never straight off the main branch.",
             {"task": "cut a release with the X Plus sample sheet changes so Luis can run it on "
                      "thursday's flow cell",
              "rule": "we tag CalVer now — YYYY.MM.N, so this one is 2024.06.1, no more "
                      "semver. and production only ever runs with -r pointing at a tag, never "
                      "main",
              "contrary": edit("nextflow.config", "    version         = '1.8.0'\n",
                               "    version         = '1.9.0'\n"),
              "follow": [edit("nextflow.config", "    version         = '1.8.0'\n",
                              "    version         = '2024.06.1'  // CalVer: YYYY.MM.N\n"),
                         edit("docs/running.md", "nextflow run csgc/lanesplit -r main \\\n",
                              "nextflow run csgc/lanesplit -r 2024.06.1 \\\n"),
                         bash("git commit -qam 'release 2024.06.1' && git tag -a 2024.06.1 -m "
                              "'X Plus sample sheet v2' && git push -q origin main 2024.06.1",
                              "To gitlab.csgc.example.edu:bioinfo/lanesplit.git\n * [new tag]"
                              "         2024.06.1 -> 2024.06.1")],
              "done": "Tagged and pushed 2024.06.1 (CalVer); manifest.version matches the tag "
                      "and the production example in docs/running.md now pins -r 2024.06.1 "
                      "instead of main."}),
        Fact("cmd-profile", "command", ["-profile calder,apptainer"],
             ["what profiles do I give nextflow to run the demux on the cluster?",
              "nextflow says it has no slurm profile — what's the proper invocation on talon?"],
             "lanesplit runs on the talon cluster with `nextflow run . -profile "
             "calder,apptainer` (calder holds the Slurm executor and queue settings, apptainer "
             "turns on the containers); there is no 'slurm' profile.",
             {"goal": "kick off the demux for the 10B test flow cell on talon, run folder is in "
                      "$RUN",
              "fail": bash("nextflow run . -profile slurm --run_dir $RUN --outdir "
                           "/scratch/csgc/demux/A22KJ7NLT3 -bg",
                           "ERROR ~ Unknown configuration profile: 'slurm'\n\nDid you mean one "
                           "of these?\n    calder\n\n -- Check '.nextflow.log' file for "
                           "details", 1),
              "note": "There's no slurm profile: the Slurm executor settings live in the "
                      "calder profile, and the containers need the apptainer profile on top of "
                      "it.",
              "ok": bash("nextflow run . -profile calder,apptainer --run_dir $RUN --outdir "
                         "/scratch/csgc/demux/A22KJ7NLT3 -bg && sleep 60 && tail -4 "
                         ".nextflow.log",
                         "Launching `./main.nf` [sharp_curie] DSL2 - revision: 4c1e9a2\n"
                         "Jun-05 09:14:51.310 [Task submitter] INFO  nextflow.Session - "
                         "[2b/81f0c3] Submitted process > LANESPLIT:SPLIT_SAMPLESHEET "
                         "(A22KJ7NLT3)\nJun-05 09:15:38.902 [Task monitor] INFO  "
                         "nextflow.processor.TaskProcessor - [2b/81f0c3] Task completed\n"
                         "Jun-05 09:15:40.117 [Task submitter] INFO  nextflow.Session - "
                         "[7e/0d19aa] Submitted process > LANESPLIT:BCLCONVERT "
                         "(A22KJ7NLT3:lane1)"),
              "done": "It's running in the background on talon: the sheet split finished and "
                      "the per-lane BCL Convert jobs are being submitted to Slurm.",
              "hint": "it's -profile calder,apptainer. calder has the slurm executor and queue "
                      "settings, apptainer switches the containers on. there is no slurm "
                      "profile, never was",
              "ci": ("scripts/run_talon.sh",
                     "#!/bin/bash\n# Launch a production demux on talon.\n# usage: "
                     "scripts/run_talon.sh RUN_DIR OUTDIR\nmodule load nextflow/24.04\n"
                     "nextflow run . -profile calder,apptainer \\\n    --run_dir \"$1\" "
                     "--outdir \"$2\" -bg\n"),
              "target": "demux"}),
        Fact("cmd-nxfver", "command", ["NXF_VER=24.04.4"],
             ["nf-test complains the Nextflow on the login node is too old — how do I run the "
              "module tests?",
              "what do I need to put in front of the test command so the pipeline tests use a "
              "new enough nextflow?"],
             "lanesplit's nf-test suite needs Nextflow 24.04 or newer, but talon's default "
             "nextflow module is 23.10.1, so run the tests as `NXF_VER=24.04.4 nf-test test "
             "--profile +apptainer`.",
             {"goal": "run the nf-test suite before i open the MR for the sheet splitter",
              "fail": bash("nf-test test --profile +apptainer",
                           "🚀 nf-test 0.8.4\nhttps://www.nf-test.com\n\nTest Process "
                           "SPLIT_SAMPLESHEET\n\n  Test [3a9f1c02] 'two lanes, one project' "
                           "FAILED (4.112s)\n\n  Assertion failed:\n\n  assert "
                           "process.success\n         |       |\n         |       false\n\n"
                           "  Nextflow stderr:\n\n  ERROR ~ Nextflow version 23.10.1 does not "
                           "match workflow required version: >=24.04.0\n\nFAILURE: Executed 1 "
                           "tests in 4.118s (1 failed)", 1),
              "note": "The nextflow on PATH is the login node's default, 23.10.1, and the "
                      "manifest asks for 24.04 or newer. The launcher honours NXF_VER, so "
                      "pinning the version on the command is enough.",
              "ok": bash("NXF_VER=24.04.4 nf-test test --profile +apptainer",
                         "🚀 nf-test 0.8.4\nhttps://www.nf-test.com\n\nTest Process "
                         "SPLIT_SAMPLESHEET\n\n  Test [3a9f1c02] 'two lanes, one project' "
                         "PASSED (38.905s)\n  Test [b07e45d1] 'single lane' PASSED (31.220s)\n"
                         "\nTest Workflow LANESPLIT\n\n  Test [e1c2d830] 'stub run' PASSED "
                         "(52.614s)\n\nSUCCESS: Executed 3 tests in 122.745s"),
              "done": "All three nf-test tests pass with Nextflow 24.04.4.",
              "hint": "the login node module is still 23.10.1, nobody has bumped the default. "
                      "put NXF_VER=24.04.4 in front of nf-test and the launcher fetches the "
                      "right one",
              "ci": (".gitlab-ci.yml",
                     "stages: [lint, test]\n\nlint:\n  stage: lint\n  script:\n    - "
                     "nextflow lint .\n\ntest:\n  stage: test\n  tags: [talon-shell]\n  "
                     "script:\n    - NXF_VER=24.04.4 nf-test test --profile +apptainer --ci\n"),
              "target": "test"}),
        Fact("env-bclconvert", "environment", ["4.2.7"],
             ["which release of Illumina's FASTQ converter is baked into our container?",
              "Kat from Illumina wants to know what BCL Convert we demux with — which version "
              "is it?"],
             "lanesplit's BCL Convert container (oras://cr.talon.example.edu/csgc/bclconvert:"
             "4.2.7-el8) ships bcl-convert 4.2.7; every demux runs that version.",
             {"goal": "what version of bcl-convert is actually in the container we use? the "
                      "X Plus validation report needs it",
              "probe": [bash("grep -n 'container' modules/local/bclconvert/main.nf",
                             "4:    container 'oras://cr.talon.example.edu/csgc/bclconvert:"
                             "4.2.7-el8'"),
                        bash("apptainer exec oras://cr.talon.example.edu/csgc/bclconvert:"
                             "4.2.7-el8 bcl-convert --version 2>&1 | head -2",
                             "bcl-convert Version 00.000.000.4.2.7\nCopyright (c) 2014-2022 "
                             "Illumina, Inc.")],
              "confirm": "The module pins the csgc/bclconvert:4.2.7-el8 image, and the binary "
                         "inside reports bcl-convert 4.2.7 — that's the version every demux "
                         "runs.",
              "guess": "we demux with bcl-convert 3.9 from when the NextSeq was set up",
              "ticket": "Which software and version do you use to turn the sequencer output "
                        "into FASTQ files? Our methods section needs it.",
              "line": ("BCL Convert version", "4.2.7 (image csgc/bclconvert:4.2.7-el8)")}),
        Fact("env-novax", "environment", ["/seqdata/novax"],
             ["where does the new sequencer drop its run folders on the cluster side?",
              "what path should the run watcher poll for runs from the new instrument?"],
             "The new sequencer, the NovaSeq X Plus (LH00512), drops its run folders on the "
             "cluster side at /seqdata/novax (the Isilon share, mounted read-only on talon); "
             "/seqdata/runs is only the old 6000s, so lanesplit's run watcher polls "
             "/seqdata/novax.",
             {"goal": "where do the X Plus run folders show up on talon? the watcher config "
                      "only has the 6000 path",
              "probe": [bash("findmnt -t nfs4 | grep seqdata",
                             "/seqdata/runs   isilon01.csgc.internal:/ifs/seq/nova6000  nfs4  "
                             "ro,relatime,vers=4.1\n/seqdata/novax  isilon01.csgc.internal:"
                             "/ifs/seq/novaxplus nfs4  ro,relatime,vers=4.1"),
                        bash("ls -1 /seqdata/novax | tail -3",
                             "20240528_LH00512_0029_B22KHW2LT3\n"
                             "20240530_LH00512_0030_A22KJ5TLT3\n"
                             "20240604_LH00512_0033_A22KJ7NLT3")],
              "confirm": "X Plus runs land in /seqdata/novax (the Isilon's /ifs/seq/novaxplus, "
                         "mounted read-only); /seqdata/runs only has the 6000s. The watcher "
                         "needs /seqdata/novax added.",
              "guess": "everything still lands under /seqdata/runs, the X Plus just uses its "
                       "own subfolder",
              "ticket": "Where on the cluster can we find the raw run folders from the new "
                        "NovaSeq, for our own re-analysis?",
              "line": ("X Plus run folders on talon", "/seqdata/novax (read-only NFS)")}),
        Fact("gotcha-override", "gotcha", ["OverrideCycles"],
             ["the converter refuses a lane that has both 8 and 10 base indexes — what's the "
              "fix?",
              "why did demux die on just one lane of the pooled single-cell plus TruSeq "
              "run?"],
             "When one lane pools libraries with different index lengths (e.g. 10 bp 10x "
             "single-cell and 8 bp TruSeq), BCL Convert rejects lanesplit's sheet and demux "
             "dies on that lane; split_samplesheet.py must split such a lane by index length "
             "and give each sub-sheet its own OverrideCycles (e.g. Y151;I8N2;I8N2;Y151 for the "
             "8 bp libraries).",
             {"symptom": "demux for the 10B flow cell died on lane 3 only. lane 3 is the pool "
                         "with the 10x libraries plus some TruSeq stuff",
              "trace": "ERROR: Sample sheet validation failed\nLane 3: index lengths are "
                       "inconsistent (Index: 8, 10; Index2: 8, 10)\nbcl-convert exited with "
                       "status 1",
              "probe": [bash(f"python {split_py} --explain --lane 3 SampleSheet.csv",
                             "lane 3: 96 samples\n  index 10 / index2 10: 88 (10x Dual Index "
                             "TT)\n  index 8 / index2 8: 8 (TruSeq UD)\nwriting 1 sub-sheet "
                             "for lane 3")],
              "explain": "Lane 3 mixes 10 bp and 8 bp dual indexes, and BCL Convert needs a "
                         "single read structure per sheet. The splitter only splits by lane, "
                         "so both kinds went into one sheet. It has to split a lane by index "
                         "length too and give each sub-sheet its own OverrideCycles: "
                         "Y151;I10;I10;Y151 for the 10x libraries, Y151;I8N2;I8N2;Y151 for the "
                         "TruSeq ones.",
              "fix": [edit(split_py, "    groups = group_by_lane(rows)\n",
                           "    # one sub-sheet per (lane, index lengths), each with its own "
                           "read structure\n    groups = group_by_lane_and_index_length(rows)\n"),
                      edit(split_py, "    settings = {\"CreateFastqForIndexReads\": \"0\"}\n",
                           "    settings = {\"CreateFastqForIndexReads\": \"0\",\n"
                           "                \"OverrideCycles\": override_cycles(run_info, "
                           "i1_len, i2_len)}\n")],
              "done": "Lane 3 now goes through as two sub-sheets, 10 bp and 8 bp, and both "
                      "demux cleanly: 96 samples out, 2.1% undetermined.",
              "repro": "nextflow run . -resume -profile test --lanes 3 --outdir "
                       "/scratch/csgc/demux/debug-l3",
              "slug": "lane3-mixed-index-lengths"}),
        Fact("gotcha-copycomplete", "gotcha", ["CopyComplete.txt"],
             ["the watcher started a demux on a run that hadn't finished copying — which "
              "marker file should it wait for?",
              "why did a demux fail on truncated base call files, then work fine when rerun an "
              "hour later?"],
             "On the NovaSeq X Plus, RTAComplete.txt appears about an hour before the run "
             "folder has finished copying to the share; lanesplit's watcher must wait for "
             "CopyComplete.txt before launching a demux, or it reads half-copied CBCL files.",
             {"symptom": "demux of B22KHW2LT3 failed with a truncated cbcl, but when luis "
                         "reran it by hand an hour later it was fine",
              "trace": "[E::BclReader] Failed to read Data/Intensities/BaseCalls/L004/C309.1/"
                       "L004_2.cbcl: unexpected end of file (read 1048576 of 2330112 bytes)",
              "probe": [bash(f"grep -n 'MARKER' {watch_py}",
                             "41:    MARKER = \"RTAComplete.txt\"\n58:        if (run / "
                             "MARKER).exists() and not seen(run):"),
                        bash("cd $RUN && stat -c '%y %n' RTAComplete.txt CopyComplete.txt",
                             "2024-05-29 03:12:44.000000000 +0100 RTAComplete.txt\n"
                             "2024-05-29 04:07:19.000000000 +0100 CopyComplete.txt")],
              "explain": "The watcher launches when RTAComplete.txt appears, which the X Plus "
                         "writes when base calling ends — but the copy to the share finishes "
                         "almost an hour later (CopyComplete.txt at 04:07 against 03:12). The "
                         "6000s copied as they went, so it never showed before. The watcher "
                         "has to wait for CopyComplete.txt.",
              "fix": [edit(watch_py, "    MARKER = \"RTAComplete.txt\"\n",
                           "    # X Plus: RTAComplete.txt comes ~1 h before the copy is done\n"
                           "    MARKER = \"CopyComplete.txt\"\n"),
                      bash("pytest -q tests/test_watch_runs.py && systemctl --user restart "
                           "lanesplit-watcher", "....\n4 passed in 0.31s")],
              "done": "The watcher now waits for CopyComplete.txt; its tests pass and the "
                      "watcher service is restarted.",
              "repro": f"python {watch_py} --once --dry-run --verbose",
              "slug": "demux-started-before-copy-finished"}),
        Fact("fals-onboard", "falsified", ["onboard DRAGEN"],
             ["could we let the sequencer itself produce the FASTQs instead of demultiplexing "
              "on the cluster?",
              "was instrument-side demultiplexing on the new NovaSeq ever tried?"],
             "Letting the NovaSeq X Plus produce the FASTQs itself (onboard DRAGEN BCL "
             "Convert) instead of demultiplexing on the cluster was tried and dropped for "
             "lanesplit: the onboard analysis kept the instrument busy for about three hours "
             "after each run, so the next flow cell couldn't start, and it can't split a lane "
             "by index length; demux stays on talon.",
             {"ask": "let's try switching on onboard DRAGEN fastq generation for the next run "
                     "and have the pipeline just pick up those fastqs instead of running "
                     "bcl-convert",
              "change": [edit("conf/modes.config", "params.fastq_source = 'bclconvert'\n",
                              "params.fastq_source = 'instrument'  // FASTQs from the X Plus\n"),
                         edit("main.nf", "    BCLCONVERT(SPLIT_SAMPLESHEET.out.sheets)\n",
                              "    if (params.fastq_source == 'instrument') {\n        "
                              "ch_fastq = INSTRUMENT_FASTQ(params.run_dir)\n    } else {\n"
                              "        BCLCONVERT(SPLIT_SAMPLESHEET.out.sheets)\n    }\n")],
              "broke": bash("python bin/instrument_status.py LH00512",
                            "instrument: LH00512 (NovaSeq X Plus)\nstate: AnalysisInProgress "
                            "(onboard DRAGEN BCL Convert, run 0033, 2h 51m remaining)\nqueue: "
                            "run 0034 cannot start while secondary analysis is in progress", 1),
              "revert": bash("git checkout -- conf/modes.config main.nf && git status --short",
                             ""),
              "conclusion": "Backed out — lanesplit demuxes on talon again. Onboard DRAGEN "
                            "keeps the X Plus busy for hours after every run, so the next flow "
                            "cell can't be loaded, and it can only use one read structure per "
                            "lane, which our mixed pools can't live with.",
              "want": "luis asked why we don't let the X Plus make the fastqs itself, it has "
                      "DRAGEN built in",
              "offer": "The X Plus can run BCL Convert on its own DRAGEN hardware and write "
                       "FASTQs straight to the share; lanesplit would skip its BCLCONVERT step "
                       "and start from those. Want me to wire that up?",
              "story": "we ran onboard DRAGEN for two runs in april. the instrument sat in "
                       "'analysis in progress' for ~3h after each one so luis couldn't load "
                       "the next flow cell, and it can't split a lane by index length anyway",
              "title": "Onboard DRAGEN demux on the X Plus"}),
        Fact("fals-scratch", "falsified", ["process.scratch"],
             ["would running the Nextflow tasks on the nodes' local disks speed up demux?",
              "why don't our pipeline tasks use node-local storage instead of the shared work "
              "dir?"],
             "Setting process.scratch = true in lanesplit's cluster profile (tasks in "
             "node-local /tmp) was tried and reverted: BCL Convert on a 10B lane filled the "
             "nodes' 240 GB local disks ('No space left on device'); tasks run in the GPFS work "
             "dir.",
             {"ask": "try scratch = true in conf/calder.config so the tasks run on the nodes' "
                     "local nvme, the gpfs work dir is slow",
              "change": [edit("conf/calder.config", "process {\n    executor = 'slurm'\n",
                              "process {\n    executor = 'slurm'\n    scratch  = true\n")],
              "broke": bash("tail -3 work/5c/19e2a7*/.command.err",
                            "[2024-06-05T02:14:09] Writing FASTQ files for lane 1\nERROR: "
                            "std::ios_base::failure: write: No space left on device "
                            "[/tmp/nxf.kGq3RtZw9A/Lane1/Undetermined_S0_L001_R1_001.fastq.gz]\n"
                            "bcl-convert exited with status 1", 1),
              "revert": bash("git checkout -- conf/calder.config && git diff --stat", ""),
              "conclusion": "Reverted; tasks run in the GPFS work dir again. With "
                            "process.scratch = true BCL Convert stages a whole lane's output in "
                            "node-local /tmp, and a 10B lane is bigger than the 240 GB local "
                            "disk — every lane job died with 'No space left on device'.",
              "want": "demux spends ages writing to the gpfs work dir. can't we use the "
                      "nodes' local disks?",
              "offer": "Nextflow can run each task in node-local scratch and copy only the "
                       "outputs back — one setting in the calder profile. Want me to try it "
                       "on the next run?",
              "story": "ivo switched process.scratch on in march. every bcl-convert lane job "
                       "died with no space left on device, the local disks are 240 GB and a "
                       "10B lane doesn't fit",
              "title": "Node-local scratch for Nextflow tasks"}),
    ]
    chatter = [
        "Jun-05 02:01:12.441 [main] INFO  nextflow.cli.CmdRun - N E X T F L O W  ~  "
        "version 24.04.4",
        "Jun-05 02:01:13.018 [main] INFO  nextflow.cli.CmdRun - Launching `./main.nf` "
        "[mad_lovelace] DSL2 - revision: 4c1e9a2",
        "Jun-05 02:01:15.702 [main] DEBUG nextflow.Session - Work-dir: "
        "/scratch/csgc/nxf-work [gpfs]",
        "Jun-05 02:01:16.210 [main] DEBUG nextflow.executor.Executor - [warm up] executor "
        "> slurm",
        "Jun-05 02:01:19.883 [Task submitter] INFO  nextflow.Session - [1d/44a0b9] "
        "Submitted process > LANESPLIT:SPLIT_SAMPLESHEET",
        "Jun-05 02:02:31.590 [Task monitor] DEBUG n.processor.TaskPollingMonitor - "
        "Task completed > SPLIT_SAMPLESHEET; exit: 0",
        "Jun-05 02:02:33.117 [Task submitter] INFO  nextflow.Session - [9f/02c7d1] "
        "Submitted process > LANESPLIT:BCLCONVERT (lane1)",
        "Jun-05 02:02:33.420 [Task submitter] INFO  nextflow.Session - [e4/7b3f10] "
        "Submitted process > LANESPLIT:BCLCONVERT (lane2)",
        "Jun-05 02:02:33.902 [Task submitter] INFO  nextflow.Session - [41/c8d2e6] "
        "Submitted process > LANESPLIT:BCLCONVERT (lane4)",
        "Jun-05 02:31:07.266 [Task monitor] DEBUG n.processor.TaskPollingMonitor - "
        "Task completed > BCLCONVERT (lane1); exit: 0",
        "Jun-05 02:31:08.010 [Task submitter] INFO  nextflow.Session - [77/aa1e52] "
        "Submitted process > LANESPLIT:FASTP (S1)",
        "Jun-05 02:33:44.913 [Task monitor] DEBUG n.processor.TaskPollingMonitor - "
        "Task completed > FASTP (S1); exit: 0",
        "Jun-05 02:33:45.177 [Task submitter] INFO  nextflow.Session - [b2/19e03c] "
        "Submitted process > LANESPLIT:FASTQC (S1)",
        "Jun-05 02:34:02.631 [main] DEBUG nextflow.trace.TraceFileObserver - Flow "
        "writing trace file",
    ]
    noise: list[Episode] = [
        [Step(prompt="what does the fastp step do with poly-G tails again? a PI is asking "
                     "about the trimming"),
         Step(tools=[read("modules/local/fastp/main.nf",
                          "process FASTP {\n    tag \"${meta.id}\"\n    label "
                          "'process_medium'\n\n    input:\n    tuple val(meta), path(reads)\n\n"
                          "    script:\n    \"\"\"\n    fastp -i ${reads[0]} -I ${reads[1]} \\\n"
                          "        -o ${meta.id}_R1.trim.fastq.gz -O ${meta.id}_R2.trim.fastq.gz "
                          "\\\n        --trim_poly_g --poly_g_min_len 10 --length_required 36 "
                          "\\\n        --thread ${task.cpus} --json ${meta.id}.fastp.json\n"
                          "    \"\"\"\n}\n")]),
         Step(text="fastp trims poly-G runs of 10 or more from the 3' end (two-colour "
                   "chemistry reads 'no signal' as G) and drops reads shorter than 36 bp "
                   "afterwards. Adapters are auto-detected for paired-end data.")],
        [Step(prompt="where do we still mention bcl2fastq?"),
         Step(tools=[bash("grep -rln bcl2fastq --include='*.nf' --include='*.config' "
                          "--include='*.md' .",
                          "./docs/history.md\n./modules/legacy/bcl2fastq/main.nf\n"
                          "./conf/legacy.config")]),
         Step(text="Three places: the history doc (fine), the legacy bcl2fastq module and "
                   "conf/legacy.config. The last two are only used if you pass "
                   "--legacy_6000; they can go once the 6000s are switched off.")],
        [Step(prompt="the multiqc report title still says 'CSGC demux', make it the full core "
                     "name"),
         Step(tools=[edit("assets/multiqc_config.yml", "title: \"CSGC demux\"\n",
                          "title: \"Calder Street Genomics Core — demultiplexing report\"\n")]),
         Step(text="Changed the MultiQC title.")],
        [Step(prompt="how many flow cells did we demux in may?"),
         Step(tools=[bash("ls -d /scratch/csgc/demux/2024-05-* | wc -l", "23")]),
         Step(text="23 flow cells have a demux folder dated May.")],
        [Step(prompt="remind me: what's the actual difference between a queue channel and a "
                     "value channel in DSL2"),
         Step(text="A queue channel is consumed: each item goes to one task, and a process "
                   "with two queue inputs pairs them up until the shorter one runs out. A "
                   "value channel holds one value that can be read any number of times — "
                   "that's why a reference genome or a sample sheet usually goes in as a "
                   "value (`Channel.value(...)` or `.first()`), so every task sees it.")],
        [Step(prompt="what went in since the last release?"),
         Step(tools=[bash("git log --oneline $(git describe --tags --abbrev=0)..HEAD",
                          "e91a2f4 fastp: poly-G min length 10\n3b07c11 multiqc: core name "
                          "in title\n5d2e8a0 watcher: log run folder size\n0c44f19 docs: "
                          "running on talon")]),
         Step(text="Four commits: the poly-G length tweak, the MultiQC title, the watcher "
                   "logging run folder size, and the talon docs.")],
        [Step(prompt="Bea wants a way to skip FastQC for the re-demux runs where nobody looks "
                     "at it. Options?"),
         Step(tools=[ask_user("How should skipping FastQC be controlled?", "Switch",
                              [("Param", "--skip_fastqc on the command line"),
                               ("Sample sheet", "A column in the sample sheet per project")],
                              "Param")]),
         Step(tools=[edit("main.nf", "    FASTQC(FASTP.out.reads)\n",
                          "    if (!params.skip_fastqc) {\n        FASTQC(FASTP.out.reads)\n"
                          "    }\n"),
                     edit("nextflow.config", "    skip_multiqc = false\n",
                          "    skip_multiqc = false\n    skip_fastqc  = false\n")]),
         Step(text="Added --skip_fastqc (default false). MultiQC still runs and simply has "
                   "no FastQC section when it's set.")],
        [Step(prompt="have a look at the sample sheet splitter for edge cases that could "
                     "bite us on a full 25B run"),
         Step(tools=[agent("Review sheet splitter", "Read bin/split_samplesheet.py and list "
                           "edge cases that could break on a 25B flow cell with 8 lanes and "
                           "~1500 samples.",
                           "Sample names are checked for spaces but not for slashes, which "
                           "would end up in output paths. Lanes with no samples produce an "
                           "empty sub-sheet instead of being skipped. Everything is read into "
                           "memory, which is fine at 1500 rows.", "c81e2a9f04bd", "Explore",
                           4)]),
         Step(text="Two real ones: slashes in sample names aren't rejected, and empty lanes "
                   "produce empty sub-sheets. Memory isn't a concern at that size.")],
    ]
    return Project(
        "lanesplit", "git@gitlab.csgc.example.edu:bioinfo/lanesplit.git",
        {"README.md": "# lanesplit\n\nDemultiplexing and QC for the CSGC sequencers "
                      "(Nextflow DSL2).\n",
         "main.nf": "nextflow.enable.dsl = 2\n\ninclude { LANESPLIT } from './workflows/"
                    "lanesplit'\n\nworkflow {\n    LANESPLIT()\n}\n",
         "Makefile": "# shortcuts\n",
         "docs/onboarding.md": "# Onboarding\n\n## Where things are\n",
         "docs/cutover-runbook.md": "# X Plus cutover runbook\n\n## Facts\n",
         "docs/decisions.md": "# Decisions\n\n## Rejected\n"},
        _equip(facts, mates=["Luis", "Bea", "Ivo"], channel="seq-ops", chatter=chatter,
               naive=bash("nextflow clean -f -before last -q && rm -rf work/tmp",
                          ""),
               runbook="docs/cutover-runbook.md",
               reverts=["fastqc: run on trimmed reads only", "watcher: poll every 10 s",
                        "multiqc: custom colour scheme", "fastp: dedup on by default"]),
        noise, "aws")


# ------------------------------------------------------------------- tubetrack
def tubetrack() -> Project:
    importer = "racks/importers.py"
    sheet = "runs/samplesheet.py"
    backfill = ("from django.db import migrations\n\n\ndef forwards(apps, schema_editor):\n"
                "    Run = apps.get_model(\"runs\", \"Run\")\n    for run in Run.objects."
                "filter(folder__contains=\"_LH00512_\"):\n        run.flowcell_type = "
                "flowcell_type_from_folder(run.folder)\n        run.save(update_fields="
                "[\"flowcell_type\"])\n\n\n")
    facts = [
        Fact("conv-runpython", "convention", ["RunPython"],
             ["can I fill in the new column in the same migration that adds it?",
              "what's the house rule for migrations that change data rather than the schema "
              "in the LIMS?"],
             "In tubetrack (the Django LIMS) a data migration (RunPython) always goes in its "
             "own migration file, never in the same one as a schema change like AddField: "
             "together they hold the ALTER's table lock for the whole backfill (reception "
             "couldn't scan tubes for 40 minutes once).",
             {"task": "add a flowcell_type field to Run (1.5B / 10B / 25B) and fill it in for "
                      "the existing X Plus runs from the run folder name",
              "rule": "the schema change and the backfill go in separate migrations, the "
                      "RunPython one on its own. when they were in one file the ALTER held "
                      "the lock on the runs table for the whole backfill and reception "
                      "couldn't scan anything for 40 minutes",
              "contrary": write("runs/migrations/0031_run_flowcell_type.py",
                                backfill + "class Migration(migrations.Migration):\n    "
                                "dependencies = [(\"runs\", \"0030_run_instrument\")]\n    "
                                "operations = [\n        migrations.AddField(\"run\", "
                                "\"flowcell_type\", models.CharField(max_length=8, "
                                "blank=True)),\n        migrations.RunPython(forwards, "
                                "migrations.RunPython.noop),\n    ]\n"),
              "follow": [write("runs/migrations/0031_run_flowcell_type.py",
                               "from django.db import migrations, models\n\n\nclass "
                               "Migration(migrations.Migration):\n    dependencies = "
                               "[(\"runs\", \"0030_run_instrument\")]\n    operations = [\n"
                               "        migrations.AddField(\"run\", \"flowcell_type\", "
                               "models.CharField(max_length=8, blank=True)),\n    ]\n"),
                         write("runs/migrations/0032_backfill_flowcell_type.py",
                               backfill + "class Migration(migrations.Migration):\n    "
                               "dependencies = [(\"runs\", \"0031_run_flowcell_type\")]\n    "
                               "operations = [migrations.RunPython(forwards, "
                               "migrations.RunPython.noop)]\n"),
                         bash("python manage.py makemigrations --check --dry-run && python "
                              "manage.py sqlmigrate runs 0031",
                              "No changes detected\nBEGIN;\n--\n-- Add field flowcell_type to "
                              "run\n--\nALTER TABLE \"runs_run\" ADD COLUMN \"flowcell_type\" "
                              "varchar(8) DEFAULT '' NOT NULL;\nALTER TABLE \"runs_run\" "
                              "ALTER COLUMN \"flowcell_type\" DROP DEFAULT;\nCOMMIT;")],
              "done": "0031 only adds Run.flowcell_type; 0032 is the RunPython backfill from "
                      "the run folder name, with a no-op reverse. makemigrations --check is "
                      "clean and the ALTER in 0031 is instant."}),
        Fact("conv-transition", "convention", ["Sample.transition"],
             ["how am I meant to change a sample's status from code?",
              "is it fine to just set the status field and save when marking tubes as "
              "received?"],
             "In tubetrack a sample's status only ever changes through "
             "Sample.transition(new_status, by=user), which checks the move is allowed and "
             "writes the audit-trail row the accreditation auditor reads; never assign "
             "sample.status and save().",
             {"task": "add a bulk 'mark as received' action to the sample admin list for "
                      "marta's team",
              "rule": "status changes only go through Sample.transition(...), never "
                      "sample.status = ... and save(). transition checks the move is allowed "
                      "and writes the audit row, and the accreditation auditor reads those "
                      "rows",
              "contrary": edit("samples/admin.py", "    actions = [\"export_csv\"]\n",
                               "    actions = [\"export_csv\", \"mark_received\"]\n\n    "
                               "@admin.action(description=\"Mark as received\")\n    def "
                               "mark_received(self, request, queryset):\n        "
                               "queryset.update(status=Sample.Status.RECEIVED)\n"),
              "follow": [edit("samples/admin.py", "    actions = [\"export_csv\"]\n",
                              "    actions = [\"export_csv\", \"mark_received\"]\n\n    "
                              "@admin.action(description=\"Mark as received\")\n    def "
                              "mark_received(self, request, queryset):\n        refused = []\n"
                              "        for sample in queryset:\n            try:\n"
                              "                sample.transition(Sample.Status.RECEIVED, "
                              "by=request.user)\n            except InvalidTransition:\n"
                              "                refused.append(sample.tube_label)\n        if "
                              "refused:\n            self.message_user(request, f\"Not "
                              "received: {', '.join(refused)}\", level=messages.WARNING)\n"),
                         bash("pytest samples/tests/test_admin.py -q",
                              "....\n4 passed in 2.31s")],
              "done": "Added 'Mark as received' to the sample admin. It calls "
                      "Sample.transition for each selected tube, so every one gets its audit "
                      "row, and tubes that can't move to received are listed back to the user "
                      "instead of silently skipped."}),
        Fact("cmd-createdb", "command", ["--create-db"],
             ["the tests blow up saying a column doesn't exist although the migration is "
              "there — how do I run them?",
              "how do I get pytest to rebuild its test database from scratch?"],
             "tubetrack's pytest.ini sets --reuse-db, so after a new migration the kept test "
             "database is stale ('column ... does not exist'); run `pytest --create-db` once "
             "to rebuild it.",
             {"goal": "run the tests, i just pulled ivo's rack position migration",
              "fail": bash("pytest -q",
                           "E   django.db.utils.ProgrammingError: column "
                           "racks_rackslot.position_label does not exist\nE   LINE 1: ...ELECT "
                           "\"racks_rackslot\".\"id\", \"racks_rackslot\".\"position_label\"...\n"
                           "\nFAILED racks/tests/test_import.py::test_import_full_rack - "
                           "django.db.utils.ProgrammingError\n17 failed, 112 passed in 9.84s",
                           1),
              "note": "pytest.ini has --reuse-db, so pytest-django kept the test database from "
                      "before Ivo's migration. Rebuilding it once fixes that.",
              "ok": bash("pytest -q --create-db",
                         "........................................................................"
                         " [ 55%]\n........................................................."
                         "                [100%]\n129 passed in 31.07s"),
              "done": "All 129 tests pass once the test database is rebuilt.",
              "hint": "pytest.ini has --reuse-db so the test db goes stale after any new "
                      "migration. run it once with --create-db",
              "ci": (".gitlab-ci.yml",
                     "test:\n  image: python:3.11\n  services:\n    - postgres:15\n  "
                     "variables:\n    DATABASE_URL: postgres://postgres@postgres/test\n  "
                     "script:\n    - pip install -r requirements/dev.txt\n    - pytest "
                     "--create-db --junitxml=report.xml\n"),
              "target": "test-fresh"}),
        Fact("cmd-celeryq", "command", ["-Q default,samplesheets"],
             ["sample sheet exports sit there pending forever on my laptop — how should the "
              "worker be started?",
              "which queues does a local celery worker need to consume for the LIMS?"],
             "tubetrack routes its sample sheet export tasks to a 'samplesheets' Celery queue, "
             "so a local worker must be started with `celery -A config worker -Q "
             "default,samplesheets -l info`; a plain worker only consumes 'default' and the "
             "exports stay PENDING.",
             {"goal": "the export sample sheet button just spins locally. start a worker and "
                      "get an export through for run 0033",
              "fail": bash("celery -A config worker -l info --detach && python manage.py shell "
                           "-c \"from runs.tasks import export_samplesheet as t; "
                           "print(t.delay(412).get(timeout=30))\"",
                           "Traceback (most recent call last):\n  File \"<string>\", line 1, "
                           "in <module>\n  File \"/home/nhaddad/.venvs/lims/lib/python3.11/"
                           "site-packages/celery/result.py\", line 251, in get\n    return "
                           "self.backend.wait_for_pending(\ncelery.exceptions.TimeoutError: "
                           "The operation timed out.", 1),
              "note": "The worker only consumes the default queue, and CELERY_TASK_ROUTES "
                      "sends export_samplesheet to its own 'samplesheets' queue, so the task "
                      "sat there with nobody listening.",
              "ok": bash("celery -A config control shutdown && celery -A config worker -Q "
                         "default,samplesheets -l info --detach && python manage.py shell -c "
                         "\"from runs.tasks import export_samplesheet as t; "
                         "print(t.delay(412).get(timeout=30))\"",
                         "-> celery@noor-lt: OK\n    shutdown, worker will stop\n"
                         "media/samplesheets/20240604_LH00512_0033_A22KJ7NLT3.csv"),
              "done": "With the worker on both queues the export finished in a couple of "
                      "seconds; the sheet is in media/samplesheets/.",
              "hint": "exports are routed to their own queue. start the worker with -Q "
                      "default,samplesheets or they never get picked up",
              "ci": ("Procfile.dev",
                     "web: python manage.py runserver 0.0.0.0:8000\nworker: celery -A config "
                     "worker -Q default,samplesheets -l info\nbeat: celery -A config beat -l "
                     "info\n"),
              "target": "worker"}),
        Fact("env-pgport", "environment", ["5433"],
             ["what port is the production LIMS database on? my psql keeps reaching the wrong "
              "one",
              "host and port for the LIMS Postgres, please?"],
             "tubetrack's production PostgreSQL 15.6 is on lims-db01.csgc.internal port 5433; "
             "the default port 5432 on that host is the old PostgreSQL 12 cluster kept "
             "read-only for the archive.",
             {"goal": "which port is the prod LIMS db on? marta's report query has to run "
                      "against the real one, not the old cluster",
              "probe": [bash("grep -n 'DATABASE_URL' deploy/prod.env.example",
                             "3:DATABASE_URL=postgres://tubetrack@lims-db01.csgc.internal:"
                             "5433/tubetrack"),
                        bash("psql -h lims-db01.csgc.internal -p 5433 -U tubetrack_ro -d "
                             "tubetrack -Atc 'show server_version' -c 'show port'",
                             "15.6\n5433")],
              "confirm": "Production is PostgreSQL 15.6 on lims-db01.csgc.internal, port "
                         "5433. Port 5432 on that host is the old PostgreSQL 12 cluster kept "
                         "read-only for the archive, so anything that leaves the port off gets "
                         "the old data.",
              "guess": "prod is on the default port like everything else",
              "ticket": "Which host and port should we use for read-only reporting access to "
                        "the LIMS database?",
              "line": ("LIMS database (prod)", "lims-db01.csgc.internal:5433, PostgreSQL "
                                               "15.6")}),
        Fact("env-rackscans", "environment", ["/srv/rackscans/incoming"],
             ["where does the tube rack scanner save its files for the importer to find?",
              "which folder does the rack import pick files up from on the server?"],
             "tubetrack's rack importer picks up the tube-rack scanner's CSV files from "
             "/srv/rackscans/incoming on the app server lims-app01 (the scanner saves to the "
             "\\\\labfs\\rackscans share mounted there) and moves processed files to "
             "/srv/rackscans/done.",
             {"goal": "where does the rack scanner's csv end up on the server? marta scanned "
                      "rack FX0419 and says nothing imported",
              "probe": [bash("grep -n 'RACKSCAN' config/settings/prod.py",
                             "88:RACKSCAN_INBOX = Path(\"/srv/rackscans/incoming\")\n"
                             "89:RACKSCAN_DONE = Path(\"/srv/rackscans/done\")"),
                        bash("ssh lims-app01 'ls -lt /srv/rackscans/incoming | head -3; "
                             "findmnt /srv/rackscans'",
                             "total 8\n-rw-r--r-- 1 svc-lims lims 3911 Jun  5 09:41 "
                             "FX0419_20240605_094102.csv\nTARGET         SOURCE            "
                             "FSTYPE OPTIONS\n/srv/rackscans //labfs/rackscans cifs   "
                             "rw,relatime,vers=3.0")],
              "confirm": "The scanner writes to the \\\\labfs\\rackscans share, which "
                         "lims-app01 mounts at /srv/rackscans; the importer polls "
                         "/srv/rackscans/incoming and moves what it has processed to "
                         "/srv/rackscans/done. Marta's FX0419 file is sitting in the inbox, so "
                         "it arrived — the importer just hasn't taken it yet.",
              "guess": "the scanner uploads straight into the app through the web form",
              "ticket": "Our lab wants to scan racks ourselves before drop-off. Where would "
                        "the scanner files need to go for the LIMS to pick them up?",
              "line": ("Rack scanner inbox", "/srv/rackscans/incoming on lims-app01")}),
        Fact("gotcha-bom", "gotcha", ["utf-8-sig"],
             ["the rack import dies with a KeyError on the first column although the header "
              "looks right — why?",
              "since the scanner PC was updated its files won't import; what's different "
              "about them?"],
             "Since its software update the rack scanner writes CSVs that start with a UTF-8 "
             "byte-order mark, so the first header read as '\\ufeffRack ID' and tubetrack's "
             "importer raised KeyError: 'Rack ID'; the importer opens the files with "
             "encoding='utf-8-sig'.",
             {"symptom": "rack imports stopped working after the scanner PC got updated on "
                         "monday. every file fails the same way",
              "trace": "Traceback (most recent call last):\n  File \"/srv/tubetrack/racks/"
                       "importers.py\", line 57, in import_rack_csv\n    rack_id = row[\"Rack "
                       "ID\"]\nKeyError: 'Rack ID'",
              "probe": [bash("head -c 32 tmp/FX0419_20240605_094102.csv | xxd",
                             "00000000: efbb bf52 6163 6b20 4944 2c54 7562 6520  ...Rack ID,"
                             "Tube \n00000010: 4944 2c50 6f73 6974 696f 6e0d 0a46 5830  ID,"
                             "Position..FX0"),
                        bash(f"grep -n 'open(' {importer}",
                             "51:    with open(path, newline=\"\", encoding=\"utf-8\") as fh:")],
              "explain": "The updated scanner software puts a UTF-8 byte-order mark (EF BB BF) "
                         "at the start of every file. Read as plain utf-8 the BOM stays glued "
                         "to the first header, so the column is '\\ufeffRack ID' and "
                         "row['Rack ID'] raises KeyError. Opening with encoding='utf-8-sig' "
                         "strips the BOM and still reads files that don't have one.",
              "fix": [edit(importer, "    with open(path, newline=\"\", encoding=\"utf-8\") as "
                                     "fh:\n",
                           "    # the scanner writes a BOM since its June update\n    with "
                           "open(path, newline=\"\", encoding=\"utf-8-sig\") as fh:\n"),
                      bash("pytest racks/tests -q -k bom", "..\n2 passed, 31 deselected in "
                                                           "0.88s")],
              "done": "Rack imports read the new files again (with a test on a BOM-prefixed "
                      "CSV); FX0419 imported with all 96 tubes.",
              "repro": "python manage.py import_racks --file tmp/FX0419_20240605_094102.csv "
                       "--verbosity 2",
              "slug": "rack-import-keyerror-after-scanner-update"}),
        Fact("gotcha-i5", "gotcha", ["forward strand"],
             ["nearly everything went to undetermined on the first run off a LIMS sheet with "
              "the new sequencer — what's wrong with the sheet?",
              "does the second index still need reverse-complementing for the new "
              "instrument?"],
             "tubetrack's sample sheet export reverse-complemented index2 (i5) for every run, "
             "which the NovaSeq 6000 with v1.5 reagents needs; the NovaSeq X Plus sheet takes "
             "i5 as the forward strand sequence, so the revcomp only applies to the 6000 "
             "(INSTRUMENT_I5_REVCOMP) — otherwise ~94% of reads end up undetermined.",
             {"symptom": "first real X Plus run off the LIMS sheet: 94% undetermined. luis "
                         "swears the libraries are fine and the phiX looks normal",
              "trace": "Top unknown barcodes (lane 1):\n  index       index2      count\n  "
                       "TAAGGCGA    TAGATCGC    41,822,117\n  CGTACTAG    CTCTCTAT    "
                       "39,904,561\n  AGGCAGAA    TATCCTCT    38,117,040",
              "probe": [bash("python manage.py shell -c \"from runs.models import Run; "
                             "r = Run.objects.get(folder__endswith='A22KJ5TLT3'); "
                             "s = r.samples.first(); print(s.index2, "
                             "r.samplesheet_rows()[0]['Index2'])\"",
                             "TAGATCGC GCGATCTA"),
                        bash(f"grep -n 'revcomp' {sheet}",
                             "73:        row[\"Index2\"] = revcomp(s.index2)  # NovaSeq v1.5 "
                             "chemistry")],
              "explain": "The export reverse-complements every i5, which is what the NovaSeq "
                         "6000 with v1.5 reagents wanted. The X Plus sheet takes index2 as the "
                         "forward strand sequence — the top unknown barcodes are exactly our "
                         "i5s as stored. So the reverse complement has to depend on the "
                         "instrument: yes for the 6000, no for the X Plus.",
              "fix": [edit(sheet, "        row[\"Index2\"] = revcomp(s.index2)  # NovaSeq v1.5 "
                                  "chemistry\n",
                           "        # the 6000 (v1.5 reagents) wants i5 reverse-complemented\n"
                           "        row[\"Index2\"] = (revcomp(s.index2) if run.instrument."
                           "model in INSTRUMENT_I5_REVCOMP\n                         else "
                           "s.index2)\n"),
                      edit("runs/constants.py", "RUN_FOLDER_RE = re.compile(RUN_FOLDER)\n",
                           "RUN_FOLDER_RE = re.compile(RUN_FOLDER)\n\n# instruments whose "
                           "sheets want index2 reverse-complemented\nINSTRUMENT_I5_REVCOMP = "
                           "{\"NovaSeq 6000\"}\n")],
              "done": "Re-exported the sheet for A22KJ5TLT3 and Luis re-ran lane 1: 1.8% "
                      "undetermined.",
              "repro": "python manage.py export_samplesheet --run "
                       "20240530_LH00512_0030_A22KJ5TLT3 --compare-unknown "
                       "Top_Unknown_Barcodes.csv",
              "slug": "x-plus-run-mostly-undetermined"}),
        Fact("fals-bulkupdate", "falsified", ["bulk_update"],
             ["the rack import is slow — could we write all the tube positions in a single "
              "query?",
              "why does the rack importer save each tube on its own?"],
             "Replacing the per-tube save() in tubetrack's rack importer with "
             "QuerySet.bulk_update was tried and reverted: bulk_update skips save() and "
             "signals, so django-simple-history wrote no history rows and the audit trail "
             "lost the position changes; the importer saves tube by tube.",
             {"ask": "rack import takes ~40s for a 96 rack, switch the per-tube save() loop to "
                     "bulk_update",
              "change": [edit(importer, "    for tube, slot in placements:\n        tube.slot "
                                        "= slot\n        tube.save()\n",
                              "    for tube, slot in placements:\n        tube.slot = slot\n"
                              "    Tube.objects.bulk_update([t for t, _ in placements], "
                              "[\"slot\"], batch_size=500)\n")],
              "broke": bash("pytest racks/tests/test_audit.py -q",
                            "F\n___________ test_rack_import_writes_history ___________\n    "
                            "assert tube.history.count() == 2\nE   assert 1 == 2\n1 failed in "
                            "1.42s", 1),
              "revert": bash(f"git checkout -- {importer} && pytest racks/tests/test_audit.py "
                             f"-q", ".\n1 passed in 1.38s"),
              "conclusion": "Reverted to saving each tube. bulk_update goes straight to SQL "
                            "without save() or signals, so django-simple-history never "
                            "records the position change — the audit test caught the missing "
                            "history rows. For an accredited lab that isn't worth 40 seconds.",
              "want": "marta says importing a full rack takes forever. can we speed the "
                      "importer up?",
              "offer": "The importer saves each of the 96 tubes separately; collecting them "
                       "into one bulk_update would be one query instead of 96. Want me to "
                       "switch it?",
              "story": "ivo put bulk_update in there last year. it skips the history signals, "
                       "so the audit trail had no position changes for two weeks before the "
                       "auditor noticed",
              "title": "bulk_update in the rack importer"}),
        Fact("fals-importexport", "falsified", ["django-import-export"],
             ["is there a package we could use instead of maintaining our own rack CSV "
              "importer?",
              "did we ever try an off-the-shelf admin import for the scanner files?"],
             "django-import-export (an off-the-shelf package with an admin import button) was "
             "tried for tubetrack's rack scanner CSV files and dropped: it imports row by row, so it can't reject a rack whose positions are off the plate "
             "map or that lists a tube twice before writing anything; the hand-written "
             "racks/importers.py stays.",
             {"ask": "try replacing our rack importer with django-import-export — a "
                     "TubeResource and the admin import button",
              "change": [bash("pip install 'django-import-export==4.0.7'",
                              "Successfully installed django-import-export-4.0.7 "
                              "tablib-3.6.1"),
                         write("racks/resources.py",
                               "from import_export import fields, resources\n\nfrom .models "
                               "import Tube\n\n\nclass TubeResource(resources.ModelResource):\n"
                               "    rack = fields.Field(attribute=\"rack__barcode\", "
                               "column_name=\"Rack ID\")\n    position = fields.Field("
                               "attribute=\"slot__label\", column_name=\"Position\")\n\n    "
                               "class Meta:\n        model = Tube\n        import_id_fields = "
                               "(\"barcode\",)\n")],
              "broke": bash("pytest racks/tests/test_import.py -q",
                            "...F..F\nFAILED racks/tests/test_import.py::"
                            "test_rejects_position_outside_plate_map - AssertionError: import "
                            "succeeded, expected rejection of slot I13\nFAILED racks/tests/"
                            "test_import.py::test_duplicate_tube_in_two_slots - "
                            "AssertionError: 2 rows written, expected 0\n2 failed, 5 passed in "
                            "3.12s", 1),
              "revert": bash("git checkout -- . && git clean -fdq racks/ && pip uninstall -y "
                             "django-import-export tablib",
                             "Successfully uninstalled django-import-export-4.0.7\n"
                             "Successfully uninstalled tablib-3.6.1"),
              "conclusion": "Backed out django-import-export. It imports row by row with no "
                            "view of the whole rack, so it can't refuse a file with a "
                            "position off the plate map or a tube in two slots before "
                            "anything is written — our importer checks the whole rack first. "
                            "racks/importers.py stays.",
              "want": "why do we maintain our own csv importer for racks? isn't there a "
                      "package for that",
              "offer": "There's a well-known Django package that does CSV imports with an "
                       "admin button and a preview. We could define a resource for tubes and "
                       "drop most of racks/importers.py — want me to try?",
              "story": "we tried django-import-export when the scanner arrived. it writes row "
                       "by row so a bad rack got half imported, it can't check the plate map "
                       "up front",
              "title": "django-import-export for rack CSVs"}),
    ]
    chatter = [
        "[2024-06-05 10:14:02,118] INFO racks.importers: scanning inbox (3 files)",
        "[2024-06-05 10:14:02,131] INFO racks.importers: FX0417_20240605_093011.csv: 96 rows",
        "[2024-06-05 10:14:02,402] INFO racks.importers: FX0417: plate map ok (96/96)",
        "[2024-06-05 10:14:03,977] INFO racks.importers: FX0417: 96 tubes placed",
        "[2024-06-05 10:14:03,980] INFO racks.importers: FX0418_20240605_093544.csv: 96 rows",
        "[2024-06-05 10:14:04,215] INFO racks.importers: FX0418: plate map ok (96/96)",
        "[2024-06-05 10:14:05,733] INFO racks.importers: FX0418: 96 tubes placed",
        "[2024-06-05 10:14:05,736] INFO racks.importers: FX0419_20240605_094102.csv: 96 rows",
        "[2024-06-05 10:14:05,740] DEBUG racks.importers: header sniffed, delimiter ','",
        "[2024-06-05 10:14:05,902] INFO samples.signals: 0 pending notifications",
        "[2024-06-05 10:14:06,011] DEBUG django.db.backends: (0.002) SELECT 1; args=()",
        "[2024-06-05 10:14:06,020] INFO racks.importers: moving processed files",
        "[2024-06-05 10:14:06,024] INFO racks.importers: done in 3.9 s",
    ]
    noise: list[Episode] = [
        [Step(prompt="what statuses can a sample be in? bea wants the list for the SOP"),
         Step(tools=[read("samples/models.py",
                          "class Sample(TimeStampedModel):\n    class Status(models."
                          "TextChoices):\n        REGISTERED = \"registered\"\n        "
                          "RECEIVED = \"received\"\n        QC_PASSED = \"qc_passed\"\n        "
                          "QC_FAILED = \"qc_failed\"\n        LIBRARY = \"library\"\n        "
                          "POOLED = \"pooled\"\n        SEQUENCED = \"sequenced\"\n        "
                          "DELIVERED = \"delivered\"\n\n    tube_label = models.CharField("
                          "max_length=20, unique=True)\n    status = models.CharField("
                          "max_length=16, choices=Status.choices)\n")]),
         Step(text="Eight: registered, received, qc_passed / qc_failed, library, pooled, "
                   "sequenced, delivered.")],
        [Step(prompt="where do we email the PIs from?"),
         Step(tools=[bash("grep -rln 'send_mail\\|EmailMessage' --include='*.py' .",
                          "./notifications/emails.py\n./runs/signals.py\n"
                          "./samples/management/commands/remind_overdue.py")]),
         Step(text="notifications/emails.py has the helpers; runs/signals.py sends the "
                   "'run delivered' mail and the remind_overdue command nags about samples "
                   "registered but never dropped off.")],
        [Step(prompt="typo on the reception page, it says 'Recieved'"),
         Step(tools=[edit("samples/templates/samples/reception.html",
                          "<th>Recieved</th>", "<th>Received</th>")]),
         Step(text="Fixed.")],
        [Step(prompt="which migrations haven't been applied on my local db?"),
         Step(tools=[bash("python manage.py showmigrations --plan | grep '\\[ \\]'",
                          "[ ]  racks.0014_rackslot_position_label\n[ ]  "
                          "notifications.0006_digest_frequency")]),
         Step(text="Two pending locally: Ivo's rack position label and the notification "
                   "digest frequency.")],
        [Step(prompt="select_related vs prefetch_related, one more time, short"),
         Step(text="select_related follows foreign keys (and one-to-ones) with a SQL JOIN in "
                   "the same query. prefetch_related does a second query per relation and "
                   "joins in Python, which is what you need for many-to-many and reverse "
                   "foreign keys, like run.samples.")],
        [Step(prompt="what Django and Python are we actually on?"),
         Step(tools=[bash("python --version && python -m django --version",
                          "Python 3.11.9\n4.2.13")]),
         Step(text="Python 3.11.9 and Django 4.2.13 (the LTS).")],
        [Step(prompt="bea wants a monthly count of samples received per lab as a CSV. what's "
                     "the least annoying way?"),
         Step(tools=[ask_user("Where should the monthly count live?", "Delivery",
                              [("Admin action", "A button on the sample admin"),
                               ("Management command", "A command Bea's cron mails her")],
                              "Management command")]),
         Step(tools=[write("samples/management/commands/monthly_received.py",
                           "from django.core.management.base import BaseCommand\nfrom "
                           "django.db.models import Count\nfrom django.db.models.functions "
                           "import TruncMonth\n\nfrom samples.models import Sample\n\n\nclass "
                           "Command(BaseCommand):\n    help = \"Samples received per lab per "
                           "month, as CSV\"\n\n    def handle(self, *args, **opts):\n        "
                           "rows = (Sample.objects.filter(received_at__isnull=False)\n"
                           "                .annotate(month=TruncMonth(\"received_at\"))\n"
                           "                .values(\"month\", \"lab__name\").annotate("
                           "n=Count(\"id\")).order_by(\"month\"))\n        self.stdout.write("
                           "\"month,lab,received\")\n        for r in rows:\n            "
                           "self.stdout.write(f\"{r['month']:%Y-%m},{r['lab__name']},{r['n']}\")"
                           "\n")]),
         Step(text="`python manage.py monthly_received` prints the CSV; Bea's cron can mail "
                   "it.")],
        [Step(prompt="can you check the sample sheet download view for permission holes?"),
         Step(tools=[agent("Review sheet download view", "Read runs/views.py and check who "
                           "can download a run's sample sheet.",
                           "download_samplesheet requires login and staff status. It looks up "
                           "the run by primary key, so any staff member can fetch any run's "
                           "sheet — probably intended. No CSRF concerns (GET only). The "
                           "filename comes from the run folder, which is validated by "
                           "RUN_FOLDER_RE.", "4be09c1d7a22", "Explore", 3)]),
         Step(text="Nothing alarming: staff only, GET only, and the filename is validated. "
                   "Any staff member can fetch any run's sheet, which I assume is intended.")],
    ]
    return Project(
        "tubetrack", "git@gitlab.csgc.example.edu:bioinfo/tubetrack.git",
        {"README.md": "# tubetrack\n\nThe core's sample-tracking LIMS (Django).\n",
         "manage.py": "#!/usr/bin/env python\nimport os\nimport sys\n\nif __name__ == "
                      "\"__main__\":\n    os.environ.setdefault(\"DJANGO_SETTINGS_MODULE\", "
                      "\"config.settings.dev\")\n    from django.core.management import "
                      "execute_from_command_line\n    execute_from_command_line(sys.argv)\n",
         "Makefile": "# shortcuts\n",
         "docs/onboarding.md": "# Onboarding\n\n## Where things are\n",
         "docs/cutover-runbook.md": "# X Plus cutover runbook (LIMS)\n\n## Facts\n",
         "docs/decisions.md": "# Decisions\n\n## Rejected\n"},
        _equip(facts, mates=["Marta", "Bea", "Ivo"], channel="lims", chatter=chatter,
               naive=bash("find . -name '*.pyc' -delete && python manage.py clear_cache",
                          "Cache cleared."),
               runbook="docs/cutover-runbook.md",
               reverts=["samples: soft delete", "reception: autofocus scanner field",
                        "racks: accept 48-tube racks", "emails: HTML only"]),
        noise, "postgres")


# ------------------------------------------------------------------- sbatchery
def sbatchery() -> Project:
    tpl = "src/gcjob/templates"
    report = "src/gcjob/report.py"
    facts = [
        Fact("conv-fakeslurm", "convention", ["FakeSlurm"],
             ["how should tests deal with sbatch and squeue — is it ok to call the real ones "
              "from the login node?",
              "what do I use in a unit test instead of actually submitting a job?"],
             "In sbatchery no test calls the real sbatch, squeue or sacct: tests use the "
             "FakeSlurm fixture from tests/conftest.py, which records submissions and returns "
             "canned squeue/sacct output (a test run once put 300 jobs in talon's queue).",
             {"task": "write tests for the new `gcjob resubmit` command",
              "rule": "tests never touch the real scheduler. use the FakeSlurm fixture from "
                      "conftest, it records what would have been submitted and fakes "
                      "squeue/sacct. a test run once put 300 jobs in the queue and research "
                      "computing was not amused",
              "contrary": write("tests/test_resubmit.py",
                                "import subprocess\n\n\ndef test_resubmit_failed_array():\n"
                                "    out = subprocess.run([\"gcjob\", \"resubmit\", "
                                "\"4817702\"], capture_output=True, text=True)\n    assert "
                                "\"Submitted batch job\" in out.stdout\n"),
              "follow": [write("tests/test_resubmit.py",
                               "from tests.fakes import FakeSlurm\n\n\ndef "
                               "test_resubmit_only_failed_tasks(fake_slurm: FakeSlurm, cli):\n"
                               "    fake_slurm.sacct_returns(\"4817702\", {\"4817702_1\": "
                               "\"COMPLETED\", \"4817702_3\": \"FAILED\",\n"
                               "                                        \"4817702_7\": "
                               "\"OUT_OF_MEMORY\"})\n    result = cli(\"resubmit\", "
                               "\"4817702\")\n    assert result.exit_code == 0\n    assert "
                               "fake_slurm.submitted[0].array == \"3,7\"\n\n\ndef "
                               "test_resubmit_nothing_failed(fake_slurm: FakeSlurm, cli):\n"
                               "    fake_slurm.sacct_returns(\"4817702\", {\"4817702_1\": "
                               "\"COMPLETED\"})\n    assert cli(\"resubmit\", \"4817702\")."
                               "exit_code == 0\n    assert fake_slurm.submitted == []\n"),
                         bash("hatch run test:pytest tests/test_resubmit.py -q",
                              "..\n2 passed in 0.29s")],
              "done": "tests/test_resubmit.py uses the FakeSlurm fixture: one test checks "
                      "that only the failed and out-of-memory array tasks get resubmitted, "
                      "the other that nothing is submitted when all tasks completed. Nothing "
                      "reaches the real sbatch."}),
        Fact("conv-timefmt", "convention", ["D-HH:MM:SS"],
             ["how should wall-clock limits be written in the job templates?",
              "can I just put --time=90 in a template for an hour and a half?"],
             "sbatchery's job templates write every --time limit in Slurm's D-HH:MM:SS form "
             "(e.g. 0-01:30:00), never as a bare number: Slurm reads a bare number as minutes "
             "and people kept reading it as hours.",
             {"task": "add an sbatch template for the X Plus md5 verification step, 4 cpus, "
                      "8G, an hour and a half should be plenty",
              "rule": "time limits are always D-HH:MM:SS in the templates, like 0-01:30:00. "
                      "no bare numbers — slurm reads 90 as minutes and people kept reading "
                      "it as hours",
              "contrary": write(f"{tpl}/md5verify.sbatch.j2",
                                "{% extends \"_header.sbatch.j2\" %}\n{% block resources %}\n"
                                "#SBATCH --cpus-per-task=4\n#SBATCH --mem=8G\n#SBATCH "
                                "--time=90\n{% endblock %}\n{% block body %}\nmd5sum -c "
                                "{{ manifest }}\n{% endblock %}\n"),
              "follow": [write(f"{tpl}/md5verify.sbatch.j2",
                               "{% extends \"_header.sbatch.j2\" %}\n{% block resources %}\n"
                               "#SBATCH --cpus-per-task=4\n#SBATCH --mem=8G\n# time limit: "
                               "D-HH:MM:SS, never bare minutes\n#SBATCH --time=0-01:30:00\n"
                               "{% endblock %}\n{% block body %}\nmd5sum -c {{ manifest }}\n"
                               "{% endblock %}\n"),
                         bash("hatch run test:pytest tests/test_templates.py -q",
                              "......\n6 passed in 0.41s")],
              "done": "Added md5verify.sbatch.j2: 4 CPUs, 8G and --time=0-01:30:00 in "
                      "D-HH:MM:SS form. The template tests pass."}),
        Fact("cmd-seff", "command", ["slurm-contribs"],
             ["seff isn't found on talon — how do I see a finished job's CPU and memory "
              "efficiency?",
              "how can I check how much memory a completed job really used?"],
             "On talon `seff` isn't on the default PATH: load it with `module load "
             "slurm-contribs`, then `seff <jobid>` shows a finished job's CPU and memory "
             "efficiency.",
             {"goal": "how efficient was yesterday's bcl-convert array, job 4817702? want to "
                      "see if we can ask for less memory",
              "fail": bash("seff 4817702", "bash: seff: command not found", 127),
              "note": "seff isn't on the default PATH on talon; it ships in the "
                      "slurm-contribs module.",
              "ok": bash("module load slurm-contribs && seff 4817702",
                         "Job ID: 4817710\nArray Job ID: 4817702_8\nCluster: talon\n"
                         "User/Group: nhaddad/csgc\nState: COMPLETED (exit code 0)\nNodes: 1\n"
                         "Cores per node: 32\nCPU Utilized: 09:41:17\nCPU Efficiency: 61.22% "
                         "of 15:49:52 core-walltime\nJob Wall-clock time: 00:29:41\nMemory "
                         "Utilized: 71.33 GB\nMemory Efficiency: 37.15% of 192.00 GB"),
              "done": "Lane 8 used 71 GB of the 192 GB it asked for (37%) and 61% of its CPU "
                      "time. 96G would still leave plenty of headroom.",
              "hint": "seff lives in the slurm-contribs module. module load slurm-contribs "
                      "first",
              "ci": ("docs/cheatsheet.md",
                     "# talon cheatsheet\n\n## After a job\n\n- efficiency: `module load "
                     "slurm-contribs && seff <jobid>`\n- accounting: `sacct -j <jobid> -o "
                     "JobID,State,Elapsed,MaxRSS`\n"),
              "target": "seff"}),
        Fact("cmd-hatch", "command", ["hatch run test:cov"],
             ["plain pytest can't import the package — how are this repo's tests meant to be "
              "run?",
              "what's the command for the job tooling's test suite with coverage?"],
             "sbatchery's tests run in the hatch 'test' environment: `hatch run test:cov` "
             "(pytest under coverage, with the package installed); plain `python -m pytest` "
             "fails with ModuleNotFoundError: No module named 'gcjob'.",
             {"goal": "run the tests before i push the resubmit branch",
              "fail": bash("python -m pytest -q",
                           "ImportError while loading conftest '/home/nhaddad/src/sbatchery/"
                           "tests/conftest.py'.\ntests/conftest.py:5: in <module>\n    from "
                           "gcjob.cli import main\nE   ModuleNotFoundError: No module named "
                           "'gcjob'", 4),
              "note": "The package isn't installed in this interpreter; the tests are meant "
                      "to run in hatch's test environment, which installs gcjob in dev mode "
                      "and wraps pytest in coverage.",
              "ok": bash("hatch run test:cov",
                         "cmd [1] | coverage run -m pytest tests\n"
                         ".......................................... [100%]\n42 passed in "
                         "3.18s\ncmd [2] | coverage report --fail-under=85\nTOTAL    1104     "
                         "97    91%"),
              "done": "42 passed, coverage 91% (the floor is 85).",
              "hint": "don't use bare pytest in that repo, it's hatch run test:cov. the test "
                      "env installs the package, bare python doesn't have it",
              "ci": (".gitlab-ci.yml",
                     "test:\n  image: python:3.11\n  before_script:\n    - pip install "
                     "hatch\n  script:\n    - hatch run test:cov\n"),
              "target": "check"}),
        Fact("env-slurmver", "environment", ["23.11.6"],
             ["which Slurm release is the cluster on? I want to know if a newer sbatch option "
              "exists there",
              "what version of the scheduler does talon run now?"],
             "The talon cluster runs Slurm 23.11.6 (sinfo --version and the controller "
             "agree).",
             {"goal": "which slurm version is talon on now? i want --gres-flags="
                      "allow-task-sharing and i'm not sure it exists there",
              "probe": [bash("sinfo --version; scontrol show config | grep -E "
                             "'^(SLURM_VERSION|ClusterName)'",
                             "slurm 23.11.6\nClusterName             = talon\nSLURM_VERSION   "
                             "        = 23.11.6")],
              "confirm": "talon runs Slurm 23.11.6 — the client and the controller agree. "
                         "--gres-flags=allow-task-sharing arrived in 23.11, so it's there.",
              "guess": "talon is still on 22.05",
              "ticket": "Which Slurm version does the cluster run? Our data management plan "
                        "asks us to describe the software environment.",
              "line": ("Slurm on talon", "23.11.6")}),
        Fact("env-himem", "environment", ["himem"],
             ["which partition has the large-memory nodes for the 25B flow cells?",
              "where do I send jobs that need more than a terabyte of RAM?"],
             "On talon the large-memory nodes (tn-m01 to tn-m04, 1.5 TB RAM each) are the "
             "himem partition (3-day limit, the csgc account is allowed); the default compute "
             "partition tops out at 384 GB per node.",
             {"goal": "which partition should the 25B demux jobs go to? they'll want way more "
                      "memory than the regular nodes have",
              "probe": [bash("sinfo -p compute,himem,gpu -o '%P %l %m %D %N'",
                             "PARTITION TIMELIMIT MEMORY NODES NODELIST\ncompute* 2-00:00:00 "
                             "384000 112 tn-c[001-112]\nhimem 3-00:00:00 1536000 4 "
                             "tn-m[01-04]\ngpu 1-00:00:00 512000 8 tn-g[01-08]"),
                        bash("scontrol show partition himem | grep -E 'AllowAccounts|MaxTime'",
                             "   AllowGroups=ALL AllowAccounts=csgc,hpc-admin AllowQos=ALL\n"
                             "   MaxNodes=1 MaxTime=3-00:00:00 MinNodes=0 LLN=NO")],
              "confirm": "The big-memory nodes are tn-m01 to tn-m04 in the himem partition: "
                         "1.5 TB each, a 3-day limit, and our csgc account is on its allow "
                         "list. The default compute partition stops at 384 GB per node.",
              "guess": "the big-memory nodes are part of the gpu partition",
              "ticket": "Our lab needs to assemble a large plant genome — which partition has "
                        "nodes with more than 1 TB of memory?",
              "line": ("Large-memory partition", "himem (tn-m01..04, 1.5 TB, 3 days)")}),
        Fact("gotcha-export", "gotcha", ["--export=NONE"],
             ["jobs die on the compute nodes with a GLIBC version error but run fine on the "
              "login node — what's going on?",
              "why shouldn't a submitted job inherit my login shell's environment?"],
             "sbatch copies the submitting shell's environment into the job by default, so "
             "jobs submitted with a conda env active picked up its python and failed on the "
             "compute nodes with 'GLIBC_2.34 not found'; every sbatchery template sets "
             "#SBATCH --export=NONE and loads its own modules.",
             {"symptom": "the md5 jobs from ivo's account fail instantly, mine work. same "
                         "template",
              "trace": "/home/ipetrov/miniforge3/envs/scrna/bin/python3: /lib64/libc.so.6: "
                       "version `GLIBC_2.34' not found (required by /home/ipetrov/miniforge3/"
                       "envs/scrna/bin/python3)",
              "probe": [bash("sacct -j 4822190 -o JobID,State,ExitCode,NodeList -X",
                             "JobID             State ExitCode        NodeList\n------------ "
                             "---------- -------- ---------------\n4822190          FAILED      "
                             "1:0         tn-c044"),
                        bash(f"grep -n 'SBATCH' {tpl}/_header.sbatch.j2",
                             "2:#SBATCH --job-name={{ job_name }}\n3:#SBATCH "
                             "--account=csgc\n4:#SBATCH --output=logs/%x-%j.out")],
              "explain": "sbatch copies the submitting shell's whole environment into the job "
                         "unless told not to. Ivo submits with a conda env active, so the "
                         "job's PATH starts with that env's python, built against a newer "
                         "glibc than the compute nodes' OS has. The templates need #SBATCH "
                         "--export=NONE so every job starts from a clean login environment and "
                         "loads its own modules.",
              "fix": [edit(f"{tpl}/_header.sbatch.j2",
                           "#SBATCH --job-name={{ job_name }}\n",
                           "#SBATCH --job-name={{ job_name }}\n#SBATCH --export=NONE\n"),
                      bash("hatch run test:pytest tests/test_templates.py -q",
                           ".......\n7 passed in 0.44s")],
              "done": "Every template now starts with --export=NONE; Ivo's md5 job ran fine "
                      "when resubmitted from inside his conda env.",
              "repro": "gcjob submit md5verify --flowcell A22KJ7NLT3 --as ipetrov --wait "
                       "--verbose",
              "slug": "jobs-inherit-conda-env"}),
        Fact("gotcha-starttime", "gotcha", ["--starttime"],
             ["the job report says nothing ran yesterday but I know it did — why is it empty?",
              "how far back does sacct look by default?"],
             "By default sacct (Slurm's job accounting) only looks back to midnight today "
             "unless given a window, so `gcjob report --day <yesterday>` came back empty; "
             "sbatchery's report passes --starttime and --endtime explicitly.",
             {"symptom": "gcjob report for yesterday's run says 0 jobs. there were like 60",
              "trace": "$ gcjob report --day 2024-06-04\nFlowcell  Jobs  Failed  CPU-h\n(no "
                       "jobs)",
              "probe": [bash(f"grep -n 'sacct' {report}",
                             "34:    cmd = [\"sacct\", \"-X\", \"-P\", \"-n\", \"-o\", FIELDS, "
                             "\"-u\", user]"),
                        bash("sacct -X -n -u nhaddad -S 2024-06-04 -E 2024-06-05 | wc -l",
                             "61")],
              "explain": "report.py calls sacct without a time window, and sacct's default is "
                         "'since midnight today' — so asking about yesterday can never find "
                         "anything. It has to pass --starttime and --endtime for the day "
                         "asked about; with them, 61 jobs show up.",
              "fix": [edit(report, "    cmd = [\"sacct\", \"-X\", \"-P\", \"-n\", \"-o\", "
                                   "FIELDS, \"-u\", user]\n",
                           "    # sacct defaults to 'since midnight today': always pass the "
                           "window\n    cmd = [\"sacct\", \"-X\", \"-P\", \"-n\", \"-o\", "
                           "FIELDS, \"-u\", user,\n           f\"--starttime={day:%Y-%m-%d}\", "
                           "f\"--endtime={day + ONE_DAY:%Y-%m-%d}\"]\n")],
              "done": "gcjob report --day 2024-06-04 now lists the 61 jobs, 3 of them failed "
                      "(all lane 8).",
              "repro": "gcjob report --day 2024-06-04 --debug",
              "slug": "empty-job-report"}),
        Fact("fals-afterok", "falsified", ["afterok"],
             ["could the steps for a flow cell just be chained with Slurm job dependencies?",
              "why does the job tool wait and poll between steps instead of submitting the "
              "whole chain up front?"],
             "Chaining sbatchery's per-flowcell steps with Slurm dependencies "
             "(--dependency=afterok) was tried and dropped: when one lane failed, everything "
             "downstream sat PENDING with reason DependencyNeverSatisfied and had to be "
             "cancelled by hand; gcjob submits each step after checking the previous one.",
             {"ask": "change gcjob run so it submits all the steps up front, chained with "
                     "--dependency=afterok, instead of polling between steps",
              "change": [edit("src/gcjob/pipeline.py",
                              "        job = submit(step, flowcell)\n        "
                              "wait_for(job)\n",
                              "        deps = f\"--dependency=afterok:{prev}\" if prev else "
                              "None\n        prev = submit(step, flowcell, extra=deps)\n")],
              "broke": bash("gcjob run --flowcell A22KJ7NLT3 --inject-failure lane3 && sleep "
                            "300 && gcjob status --flowcell A22KJ7NLT3",
                            "Submitted 14 jobs\nstep       state    reason\nbclconvert "
                            "FAILED   lane3 exit 1\nmd5        PENDING  "
                            "DependencyNeverSatisfied\nfastqc     PENDING  "
                            "DependencyNeverSatisfied\nmultiqc    PENDING  "
                            "DependencyNeverSatisfied\ndeliver    PENDING  "
                            "DependencyNeverSatisfied\nerror: 4 steps can never start", 1),
              "revert": bash("git checkout -- src/gcjob/pipeline.py && scancel 4823011 "
                             "4823012 4823013 4823014", ""),
              "conclusion": "Reverted to submit-and-check. With afterok chains a single "
                            "failed lane leaves everything after it PENDING with "
                            "DependencyNeverSatisfied — Slurm never cleans those up, and a "
                            "retry means cancelling and resubmitting the whole tail by hand. "
                            "Polling between steps lets gcjob retry the failed lane and carry "
                            "on.",
              "want": "gcjob run sits there polling for hours. can't slurm run the steps in "
                      "order by itself?",
              "offer": "Slurm can chain jobs on its own: submit every step up front, each "
                       "depending on the previous job's success, and gcjob could exit right "
                       "away. Want me to switch it?",
              "story": "sanjay's old scripts did afterok chains. one failed lane and the rest "
                       "sat pending forever with DependencyNeverSatisfied, he had a cron job "
                       "cancelling them",
              "title": "afterok dependency chains for flow cell steps"}),
        Fact("fals-scavenger", "falsified", ["scavenger"],
             ["can the QC jobs run on the preemptible partition so they don't eat our "
              "allocation?",
              "did anyone try putting FastQC on the cheap low-priority nodes?"],
             "Running sbatchery's FastQC jobs on talon's preemptible scavenger partition "
             "(with --requeue) was tried and dropped: they were preempted and restarted seven "
             "times, and QC for one flow cell took almost nine hours instead of 40 minutes; "
             "QC stays on the compute partition.",
             {"ask": "move the fastqc template to the scavenger partition with --requeue, it "
                     "doesn't count against our fairshare",
              "change": [edit(f"{tpl}/fastqc.sbatch.j2", "#SBATCH --partition=compute\n",
                              "#SBATCH --partition=scavenger\n#SBATCH --requeue\n")],
              "broke": bash("gcjob status --flowcell A22KJ5TLT3 --step fastqc",
                            "step     state     restarts  elapsed\nfastqc   RUNNING   7         "
                            "08:52:10\nwarning: fastqc requeued 7 times (PREEMPTED)", 1),
              "revert": bash(f"git checkout -- {tpl}/fastqc.sbatch.j2 && git status --short",
                             ""),
              "conclusion": "Reverted; FastQC is back on the compute partition. On scavenger "
                            "the jobs get preempted whenever a paying job wants the node, and "
                            "with --requeue they start over from zero — seven restarts and "
                            "almost nine hours for QC that normally takes 40 minutes.",
              "want": "we're burning fairshare on fastqc of all things. anything cheaper?",
              "offer": "talon has a preemptible partition that isn't charged to fairshare; "
                       "with --requeue a preempted QC job just starts again. Want me to move "
                       "the FastQC template there?",
              "story": "tried it in april on the scavenger partition. preempted and requeued 7 "
                       "times, QC for one flow cell took 9 hours instead of 40 min",
              "title": "FastQC on the scavenger partition"}),
    ]
    chatter = [
        "gcjob 0.14.2 (talon)",
        "reading flowcell config: flowcells/A22KJ7NLT3.yaml",
        "user nhaddad, account csgc, partition compute",
        "rendering template md5verify.sbatch.j2",
        "rendering template fastqc.sbatch.j2",
        "sbatch --parsable logs/render/A22KJ7NLT3-md5.sbatch",
        "submitted 4822190",
        "polling squeue every 30 s",
        "4822190 PENDING (Priority)",
        "4822190 RUNNING on tn-c044",
        "writing logs/A22KJ7NLT3/jobs.tsv",
        "1 job(s) tracked, 0 retried",
        "done in 41.3 s",
    ]
    noise: list[Episode] = [
        [Step(prompt="what does the fastqc template ask for again?"),
         Step(tools=[read(f"{tpl}/fastqc.sbatch.j2",
                          "{% extends \"_header.sbatch.j2\" %}\n{% block resources %}\n"
                          "#SBATCH --partition=compute\n#SBATCH --cpus-per-task=8\n#SBATCH "
                          "--mem=16G\n#SBATCH --array=0-{{ n_files - 1 }}%50\n{% endblock %}\n"
                          "{% block body %}\nmodule load fastqc/0.12.1\nfastqc -t 8 -o "
                          "{{ outdir }} \"${FILES[$SLURM_ARRAY_TASK_ID]}\"\n{% endblock %}\n")]),
         Step(text="8 CPUs and 16G per task on the compute partition, as an array over the "
                   "FASTQs with at most 50 tasks running at once, FastQC 0.12.1.")],
        [Step(prompt="where do we shell out directly instead of going through the slurm "
                     "wrapper?"),
         Step(tools=[bash("grep -rn 'subprocess.run(' src/",
                          "src/gcjob/slurm.py:22:    proc = subprocess.run(argv, "
                          "capture_output=True, text=True, check=False)\n"
                          "src/gcjob/deliver.py:61:    subprocess.run([\"rsync\", \"-a\", src, "
                          "dst], check=True)")]),
         Step(text="Only two: slurm.py is the wrapper itself, and deliver.py runs rsync, which "
                   "isn't a Slurm call. Nothing bypasses the wrapper.")],
        [Step(prompt="the --help for resubmit says 'resubmits all tasks', it's only the "
                     "failed ones"),
         Step(tools=[edit("src/gcjob/cli.py",
                          "@click.command(help=\"Resubmit all tasks of an array job.\")",
                          "@click.command(help=\"Resubmit the failed tasks of an array job.\")")]),
         Step(text="Help text fixed.")],
        [Step(prompt="what have i got running right now?"),
         Step(tools=[bash("squeue --me -o '%i %j %T %M %R'",
                          "JOBID NAME STATE TIME NODELIST(REASON)\n4824410_[3-8] "
                          "gc-A22KJ7NLT3-fastqc PENDING 0:00 (Priority)\n4824410_1 "
                          "gc-A22KJ7NLT3-fastqc RUNNING 4:12 tn-c017\n4824410_2 "
                          "gc-A22KJ7NLT3-fastqc RUNNING 4:12 tn-c018")]),
         Step(text="The FastQC array for A22KJ7NLT3: two tasks running for about four "
                   "minutes, six waiting on priority.")],
        [Step(prompt="--ntasks vs --cpus-per-task, which one does a multithreaded tool "
                     "want?"),
         Step(text="--cpus-per-task. --ntasks is for separate processes (MPI ranks or srun "
                   "steps); a single multithreaded program like fastp or bcl-convert is one "
                   "task that wants several CPUs, so --ntasks=1 --cpus-per-task=N and pass N "
                   "to its thread option.")],
        [Step(prompt="how's our fairshare looking?"),
         Step(tools=[bash("sshare -A csgc -o Account,User,RawShares,EffectvUsage,FairShare",
                          "Account  User      RawShares  EffectvUsage  FairShare\n"
                          "csgc                  100       0.081320      0.412\n"
                          "csgc     nhaddad    parent    0.052110      0.412\n"
                          "csgc     ipetrov    parent    0.029210      0.412")]),
         Step(text="The csgc account's fairshare factor is 0.41 — we've used more than our "
                   "share lately (mostly your jobs), so new jobs will queue a bit longer.")],
        [Step(prompt="i'd like a dry run mode for gcjob submit that just prints the rendered "
                     "script"),
         Step(tools=[exit_plan("1. Add `--dry-run` to `gcjob submit`.\n2. When set, render "
                               "the template and print it instead of calling sbatch.\n3. Test "
                               "it with the existing template fixtures.", "gcjob-dry-run")]),
         Step(tools=[edit("src/gcjob/cli.py",
                          "@click.option(\"--wait\", is_flag=True)\n",
                          "@click.option(\"--wait\", is_flag=True)\n@click.option(\"--dry-run\","
                          " is_flag=True, help=\"Print the script, don't submit.\")\n")]),
         Step(text="`gcjob submit ... --dry-run` now prints the rendered script and exits "
                   "without submitting.")],
        [Step(prompt="review the delivery code for anything that could copy to the wrong "
                     "place"),
         Step(tools=[agent("Review delivery", "Read src/gcjob/deliver.py and look for ways a "
                           "delivery could go to the wrong project folder.",
                           "The destination is built from the project ID in the flowcell "
                           "YAML, with no check that it exists in the LIMS export. rsync runs "
                           "without --delete, so a wrong delivery adds files but never "
                           "removes any. Paths are joined with os.path.join, so a project "
                           "ID starting with '/' would escape the delivery root.",
                           "9d1f2e07ab35", "Explore", 4)]),
         Step(text="One real risk: a project ID starting with '/' would escape the delivery "
                   "root, so it should be validated. The rest is defensive enough.")],
    ]
    return Project(
        "sbatchery", "git@gitlab.csgc.example.edu:bioinfo/sbatchery.git",
        {"README.md": "# sbatchery\n\ngcjob: the core's Slurm job tooling for talon.\n",
         "pyproject.toml": "[project]\nname = \"gcjob\"\nversion = \"0.14.2\"\n",
         "Makefile": "# shortcuts\n",
         "docs/onboarding.md": "# Onboarding\n\n## Where things are\n",
         "docs/cutover-runbook.md": "# X Plus cutover runbook (cluster side)\n\n## Facts\n",
         "docs/decisions.md": "# Decisions\n\n## Rejected\n"},
        _equip(facts, mates=["Sanjay", "Ivo"], channel="hpc-help", chatter=chatter,
               naive=bash("rm -rf ~/.cache/gcjob logs/render && gcjob cache --clear",
                          "cache cleared (212 entries)"),
               runbook="docs/cutover-runbook.md",
               reverts=["submit: default to the gpu partition", "report: colour output",
                        "cli: drop python 3.10", "status: poll every 5 s"]),
        noise, "github")


# ------------------------------------------------------------------- readsight
def readsight() -> Project:
    reports_py = "app/routers/reports.py"
    ingest_py = "app/qc/ingest.py"
    downloads_py = "app/routers/downloads.py"
    facts = [
        Fact("conv-access", "convention", ["require_project_access"],
             ["what check does every new route that hands out a lab's data need?",
              "do admins get to skip the project permission check on download pages?"],
             "In readsight (the results portal) every route that returns a project's data or "
             "files depends on require_project_access — no exceptions, admins included, so "
             "every access is logged for the data-access audit.",
             {"task": "add an endpoint that zips a run's MultiQC report for download",
              "rule": "every route that returns a project's data goes through "
                      "require_project_access, admins too. no is_admin shortcut, every "
                      "access has to end up in the log for the data-access audit",
              "contrary": edit(reports_py, "router = APIRouter(prefix=\"/projects\")\n",
                               "router = APIRouter(prefix=\"/projects\")\n\n\n@router.get("
                               "\"/{project_id}/runs/{run_id}/multiqc.zip\")\ndef "
                               "multiqc_zip(project_id: str, run_id: str, user: User = "
                               "Depends(current_user)):\n    if not user.is_admin and "
                               "project_id not in user.project_ids:\n        raise "
                               "HTTPException(status_code=403)\n    return "
                               "zip_response(multiqc_dir(project_id, run_id))\n"),
              "follow": [edit(reports_py, "router = APIRouter(prefix=\"/projects\")\n",
                              "router = APIRouter(prefix=\"/projects\")\n\n\n@router.get("
                              "\"/{project_id}/runs/{run_id}/multiqc.zip\")\ndef "
                              "multiqc_zip(run_id: str, project: Project = "
                              "Depends(require_project_access)):\n    return "
                              "zip_response(multiqc_dir(project.id, run_id))\n"),
                         bash("pytest tests/test_reports.py -q", "....\n4 passed in 1.12s")],
              "done": "GET /projects/{project_id}/runs/{run_id}/multiqc.zip depends on "
                      "require_project_access like the other data routes, so admin downloads "
                      "are logged too. The tests cover a stranger's 403 and a logged admin "
                      "download."}),
        Fact("conv-thresholds", "convention", ["qc_thresholds.yaml"],
             ["where do the red and amber limits for Q30 on the run page come from?",
              "the new instrument needs different pass/fail numbers than the old ones — where "
              "do I put them?"],
             "readsight never hardcodes QC pass/fail limits (%Q30, yield, % undetermined) in "
             "templates or views: they live per instrument model in qc_thresholds.yaml, which "
             "the run page reads through qc.grade().",
             {"task": "colour the %≥Q30 column on the run page red/amber/green. for the X Plus "
                      "runs red below 85, amber below 90",
              "rule": "no numbers in the template or the view. qc limits live in "
                      "qc_thresholds.yaml per instrument model, the lab tunes them and we just "
                      "reload",
              "contrary": edit("app/templates/run_detail.html",
                               "<td>{{ lane.pct_q30 }}</td>",
                               "<td class=\"{% if lane.pct_q30 < 85 %}bg-red{% elif "
                               "lane.pct_q30 < 90 %}bg-amber{% else %}bg-green{% endif %}\">"
                               "{{ lane.pct_q30 }}</td>"),
              "follow": [edit("qc_thresholds.yaml", "NovaSeq 6000:\n",
                              "NovaSeq X Plus:\n  pct_q30: {red: 85, amber: 90}\n  "
                              "undetermined_pct: {amber: 5, red: 10}\nNovaSeq 6000:\n"),
                         edit("app/templates/run_detail.html", "<td>{{ lane.pct_q30 }}</td>",
                              "<td class=\"{{ qc.grade(run.instrument_model, 'pct_q30', "
                              "lane.pct_q30) }}\">{{ lane.pct_q30 }}</td>"),
                         bash("pytest tests/test_qc_grades.py -q", "......\n6 passed in 0.37s")],
              "done": "The Q30 column is coloured from qc_thresholds.yaml: the X Plus entry has "
                      "red below 85 and amber below 90, and the template only asks qc.grade() "
                      "for the class."}),
        Fact("cmd-composeexec", "command", ["docker compose exec api"],
             ["running the database migrations from my shell can't find the db host — how "
              "are they supposed to be run?",
              "how do I apply the alembic migrations for the portal on my machine?"],
             "readsight's Alembic migrations run inside the api container: `docker compose "
             "exec api alembic upgrade head`; from the host shell alembic fails with 'could "
             "not translate host name \"db\"' because that host only resolves on the compose "
             "network.",
             {"goal": "apply the new migration for the lane metrics table on my local stack",
              "fail": bash("alembic upgrade head",
                           "INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\n"
                           "Traceback (most recent call last):\n  File \"/home/nhaddad/.venvs/"
                           "portal/bin/alembic\", line 8, in <module>\n    "
                           "sys.exit(main())\nsqlalchemy.exc.OperationalError: "
                           "(psycopg.OperationalError) could not translate host name \"db\" to "
                           "address: Name or service not known", 1),
              "note": "The database URL points at the compose service name db, which only "
                      "resolves inside the compose network, so migrations have to run in the "
                      "api container.",
              "ok": bash("docker compose exec api alembic upgrade head",
                         "INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\n"
                         "INFO  [alembic.runtime.migration] Will assume transactional DDL.\n"
                         "INFO  [alembic.runtime.migration] Running upgrade 7c2e91d4a0b3 -> "
                         "e5f04a7d19c2, lane metrics: pct_q30 per lane"),
              "done": "Migration e5f04a7d19c2 is applied; the lane metrics table exists.",
              "hint": "migrations run in the container: docker compose exec api alembic "
                      "upgrade head. db is only a hostname inside compose",
              "ci": ("deploy/release.sh",
                     "#!/bin/sh\nset -e\ndocker compose pull\ndocker compose up -d\ndocker "
                     "compose exec api alembic upgrade head\n"),
              "target": "migrate"}),
        Fact("cmd-e2e", "command", ["compose.e2e.yml"],
             ["how do I run the browser tests for the portal? they can't connect to anything",
              "the end-to-end tests fail with connection refused on localhost — what's the "
              "right way to start them?"],
             "readsight's Playwright end-to-end tests need their own seeded stack: run them "
             "with `docker compose -f compose.e2e.yml up --build --abort-on-container-exit "
             "--exit-code-from e2e`; plain `pytest tests/e2e` fails with "
             "ERR_CONNECTION_REFUSED.",
             {"goal": "run the e2e tests, i changed the run list page",
              "fail": bash("pytest tests/e2e -q",
                           "E   playwright._impl._errors.Error: Page.goto: "
                           "net::ERR_CONNECTION_REFUSED at http://localhost:8080/runs\nE   "
                           "Call log:\nE   navigating to \"http://localhost:8080/runs\", "
                           "waiting until \"load\"\nERROR tests/e2e/test_runs.py::"
                           "test_run_list_sorts_by_date\n9 errors in 6.02s", 1),
              "note": "Nothing listens on 8080: the e2e tests expect the seeded test stack "
                      "(portal, database with fixtures, a stub login instead of the SSO "
                      "proxy) with the tests running as its e2e service.",
              "ok": bash("docker compose -f compose.e2e.yml up --build "
                         "--abort-on-container-exit --exit-code-from e2e",
                         "e2e-1  | ......... [100%]\ne2e-1  | 9 passed in 41.77s\ne2e-1 "
                         "exited with code 0\nAborting on container exit...\n Container "
                         "e2e-portal-1  Stopped\n Container e2e-db-1  Stopped"),
              "done": "All 9 end-to-end tests pass against the seeded stack.",
              "hint": "e2e needs the whole seeded stack: docker compose -f compose.e2e.yml up "
                      "--abort-on-container-exit --exit-code-from e2e. pytest alone has "
                      "nothing to talk to",
              "ci": (".gitlab-ci.yml",
                     "e2e:\n  stage: test\n  services: [docker:24-dind]\n  script:\n    - "
                     "docker compose -f compose.e2e.yml up --build "
                     "--abort-on-container-exit --exit-code-from e2e\n"),
              "target": "e2e"}),
        Fact("env-header", "environment", ["X-Forwarded-Email"],
             ["how does the portal know who's logged in — what does the auth proxy pass to "
              "it?",
              "which request header carries the user's identity from the SSO proxy?"],
             "readsight does no login itself: nginx checks each request with oauth2-proxy "
             "(logged in against the university Keycloak) and passes the user's identity to "
             "the app in the X-Forwarded-Email header, which app/auth.py reads; nginx sets it "
             "itself, so clients can't supply their own.",
             {"goal": "how does the app find out who the user is? ruth wants it for the data "
                      "protection form",
              "probe": [read("deploy/nginx.conf",
                             "server {\n    listen 443 ssl;\n    server_name "
                             "results.csgc.example.edu;\n\n    location /oauth2/ {\n        "
                             "proxy_pass http://oauth2-proxy:4180;\n    }\n    location / {\n"
                             "        auth_request /oauth2/auth;\n        auth_request_set "
                             "$email $upstream_http_x_auth_request_email;\n        "
                             "proxy_set_header X-Forwarded-Email $email;\n        proxy_pass "
                             "http://api:8000;\n    }\n}\n"),
                        bash("grep -n 'headers.get' app/auth.py",
                             "12:    email = request.headers.get(\"X-Forwarded-Email\")")],
              "confirm": "The app never handles a password: nginx asks oauth2-proxy (logged in "
                         "against the university Keycloak) about every request and passes the "
                         "user's email to the app in the X-Forwarded-Email header, which is "
                         "all app/auth.py reads. nginx sets that header itself, so a client "
                         "can't send its own.",
              "guess": "the app does the SAML login itself with python3-saml",
              "ticket": "For our data protection impact assessment: how are results portal "
                        "users authenticated, and what identity does the application receive?",
              "line": ("Portal identity", "oauth2-proxy (Keycloak), user in the "
                                          "X-Forwarded-Email header")}),
        Fact("env-retention", "environment", ["RETENTION_DAYS=45"],
             ["how long are FASTQs downloadable from the portal before they expire?",
              "a PI says her download link died — how many days do deliveries stay online?"],
             "readsight keeps delivered FASTQs downloadable for 45 days in production "
             "(DOWNLOAD_RETENTION_DAYS=45 in deploy/prod.env; the code default of 30 only "
             "applies in dev); after that the nightly purge removes them and only the tape "
             "copy remains.",
             {"goal": "how long do deliveries stay downloadable on the portal? a PI is asking "
                      "before she books her bioinformatician's time",
              "probe": [bash("grep -n RETENTION deploy/prod.env app/settings.py",
                             "deploy/prod.env:7:DOWNLOAD_RETENTION_DAYS=45\napp/settings.py:21:"
                             "    download_retention_days: int = 30"),
                        bash("ssh portal01 'docker compose -f /srv/portal/compose.yml run "
                             "--rm api python -c \"from app.settings import settings; "
                             "print(settings.download_retention_days)\"'", "45")],
              "confirm": "Deliveries stay downloadable for 45 days: production sets "
                         "DOWNLOAD_RETENTION_DAYS=45 (the default of 30 in the code only "
                         "applies in dev). After that the nightly purge takes them off the "
                         "portal; the tape copy stays.",
              "guess": "files stay up for 30 days",
              "ticket": "How long can we download our sequencing data from the results "
                        "portal?",
              "line": ("Download retention (prod)", "DOWNLOAD_RETENTION_DAYS=45")}),
        Fact("gotcha-qualmetrics", "gotcha", ["Quality_Metrics.csv"],
             ["why do runs from the new instrument show no Q30 numbers on the portal?",
              "yield and quality are blank on the run page for the newest runs — where should "
              "the ingest read them from?"],
             "readsight's QC ingest read %Q30 and yield from bcl2fastq's Stats/Stats.json, "
             "which BCL Convert (used for the NovaSeq X Plus runs) doesn't write; for those "
             "runs it must read Reports/Quality_Metrics.csv (and Demultiplex_Stats.csv), or "
             "the run page shows blanks.",
             {"symptom": "all the X Plus runs on the portal have empty Q30 and yield columns. "
                         "the 6000 runs are fine",
              "trace": "2024-06-05 06:00:14 WARNING app.qc.ingest: "
                       "20240604_LH00512_0033_A22KJ7NLT3: no Stats/Stats.json, skipping lane "
                       "metrics\n2024-06-05 06:00:14 INFO app.qc.ingest: "
                       "20240604_LH00512_0033_A22KJ7NLT3: 0 lanes ingested",
              "probe": [bash("ls /data/deliveries/A22KJ7NLT3/Reports/",
                             "Adapter_Cycle_Metrics.csv\nAdapter_Metrics.csv\n"
                             "Demultiplex_Stats.csv\nIndex_Hopping_Counts.csv\n"
                             "Quality_Metrics.csv\nRunInfo.xml\nTop_Unknown_Barcodes.csv\n"
                             "fastq_list.csv"),
                        bash(f"grep -n 'Stats.json' {ingest_py}",
                             "44:    stats = json.loads((fc_dir / \"Stats\" / "
                             "\"Stats.json\").read_text())")],
              "explain": "The ingest only knows bcl2fastq's Stats/Stats.json. The X Plus runs "
                         "are demultiplexed with BCL Convert, which writes CSVs under Reports/ "
                         "instead: yield and %≥Q30 per lane and sample are in "
                         "Quality_Metrics.csv, reads per sample in Demultiplex_Stats.csv. The "
                         "parser needs a BCL Convert branch.",
              "fix": [edit(ingest_py, "    stats = json.loads((fc_dir / \"Stats\" / "
                                      "\"Stats.json\").read_text())\n",
                           "    if (fc_dir / \"Reports\" / \"Quality_Metrics.csv\").exists():"
                           "\n        return parse_bclconvert_reports(fc_dir / \"Reports\")\n"
                           "    stats = json.loads((fc_dir / \"Stats\" / "
                           "\"Stats.json\").read_text())\n"),
                      bash("pytest tests/test_ingest.py -q", ".....\n5 passed in 0.66s")],
              "done": "Re-ingested the five X Plus runs; their run pages show Q30 and yield "
                      "again.",
              "repro": "python -m app.qc.ingest --run 20240604_LH00512_0033_A22KJ7NLT3 "
                       "--verbose",
              "slug": "x-plus-runs-missing-qc"}),
        Fact("gotcha-kaleido", "gotcha", ["kaleido"],
             ["the PDF run report has empty boxes where the charts should be — why?",
              "how do the charts get into the downloadable PDF report?"],
             "readsight's PDF run reports are rendered by WeasyPrint, which doesn't run "
             "JavaScript, so the interactive Plotly charts came out as empty boxes; for the "
             "PDF the figures are rendered server-side to PNGs with kaleido "
             "(fig.to_image) and embedded.",
             {"symptom": "ruth says the PDF report she sent a PI has empty boxes where the "
                         "yield and Q30 charts should be",
              "trace": "WARNING weasyprint: Ignored `<script src=\"/static/plotly-2.32.0.min."
                       "js\">`: JavaScript is not supported",
              "probe": [bash("grep -n 'Plotly\\|plotly' app/templates/report_pdf.html",
                             "18:<script src=\"/static/plotly-2.32.0.min.js\"></script>\n41:"
                             "<div id=\"yield-chart\"></div><script>Plotly.newPlot("
                             "'yield-chart', {{ yield_fig|tojson }});</script>")],
              "explain": "The PDF is made by WeasyPrint, which lays out HTML and CSS but never "
                         "runs JavaScript, so the Plotly divs stay empty. For the PDF the "
                         "figures have to be rendered on the server to static images — "
                         "fig.to_image(format='png') with kaleido installed — and embedded as "
                         "data URIs.",
              "fix": [bash("pip install 'kaleido==0.2.1' && echo 'kaleido==0.2.1' >> "
                           "requirements.txt", "Successfully installed kaleido-0.2.1"),
                      edit("app/reports/pdf.py", "    charts = {name: fig.to_json() for name, "
                                                 "fig in figs.items()}\n",
                           "    # WeasyPrint runs no JavaScript: embed static PNGs\n    "
                           "charts = {name: png_data_uri(fig.to_image(format=\"png\", "
                           "scale=2))\n              for name, fig in figs.items()}\n")],
              "done": "PDF reports embed PNG charts now; the one Ruth sent has its yield and "
                      "Q30 charts again.",
              "repro": "python -m app.reports.pdf --run A22KJ7NLT3 --out /tmp/report.pdf",
              "slug": "pdf-report-empty-charts"}),
        Fact("fals-streaming", "falsified", ["StreamingResponse"],
             ["could the FastAPI app send the FASTQ downloads itself instead of going through "
              "nginx?",
              "why do downloads get handed off to the web server rather than served by the "
              "app?"],
             "Serving readsight's FASTQ downloads from the app with FastAPI's "
             "StreamingResponse was tried and reverted: every download held an app worker "
             "for its whole duration and big files were cut off at the proxy timeout; the app "
             "only checks access and nginx sends the file (X-Accel-Redirect).",
             {"ask": "replace the X-Accel-Redirect download with a StreamingResponse from the "
                     "app, so we can count bytes per download",
              "change": [edit(downloads_py,
                              "    return Response(headers={\"X-Accel-Redirect\": "
                              "f\"/protected/{rel}\"})\n",
                              "    return StreamingResponse(iter_file(path, counter), "
                              "media_type=\"application/gzip\",\n                             "
                              "headers={\"Content-Disposition\": f\"attachment; "
                              "filename={path.name}\"})\n")],
              "broke": bash("curl -sS -o /dev/null -w '%{http_code} %{size_download}\\n' -b "
                            "cookies.txt https://results.csgc.example.edu/projects/P0412/"
                            "files/A22KJ7NLT3_S1_L001_R1_001.fastq.gz",
                            "curl: (18) transfer closed with 74823145472 bytes remaining to "
                            "read\n200 8381120000", 18),
              "revert": bash(f"git checkout -- {downloads_py} && docker compose restart api",
                             " Container readsight-api-1  Restarting\n Container "
                             "readsight-api-1  Started"),
              "conclusion": "Back to X-Accel-Redirect. With StreamingResponse every download "
                            "holds an app worker for its whole duration, and an 80 GB FASTQ "
                            "got cut off at nginx's proxy timeout. The app should only check "
                            "access and let nginx send the file.",
              "want": "ruth wants byte counts per download for the usage report. can the app "
                      "serve the files itself so we can count?",
              "offer": "FastAPI can stream the file from the app and we'd count bytes as they "
                       "go out. Want me to switch the download route over?",
              "story": "ivo tried StreamingResponse for downloads at the start. 80 GB fastqs "
                       "tied up the workers and got cut off at the proxy timeout",
              "title": "Serving FASTQs from the app with StreamingResponse"}),
        Fact("fals-lrucache", "falsified", ["lru_cache"],
             ["could we cache the run list in memory to make the front page faster?",
              "why isn't the runs overview cached inside the app?"],
             "Caching readsight's run list in-process with functools.lru_cache was tried and "
             "reverted: each gunicorn worker kept its own stale copy with no way to "
             "invalidate it, so newly delivered runs were missing from PIs' run lists.",
             {"ask": "the runs page takes 2s. slap an lru_cache on list_runs_for_user and see",
              "change": [edit("app/services/runs.py",
                              "def list_runs_for_user(user_id: int) -> list[RunRow]:\n",
                              "@lru_cache(maxsize=512)\ndef list_runs_for_user(user_id: int) "
                              "-> list[RunRow]:\n")],
              "broke": bash("pytest tests/test_runs_list.py -q",
                            "F.\n___________ test_new_delivery_shows_up ___________\n    "
                            "assert \"A22KJ9ALT3\" in page.text\nE   AssertionError: new run "
                            "not listed\n1 failed, 1 passed in 0.94s", 1),
              "revert": bash("git checkout -- app/services/runs.py && pytest "
                             "tests/test_runs_list.py -q", "..\n2 passed in 0.88s"),
              "conclusion": "Reverted. lru_cache keeps a copy per gunicorn worker with no way "
                            "to invalidate it when a run is delivered, so new runs are missing "
                            "from the list until that worker restarts — the test for a fresh "
                            "delivery fails straight away. The slowness needs an index, not an "
                            "in-process cache.",
              "want": "the runs page is slow for PIs with lots of runs. can we cache it?",
              "offer": "The quickest win is memoising list_runs_for_user in the process — one "
                       "decorator from functools. Want me to add it?",
              "story": "we had lru_cache on the run list in the pilot. every worker had its "
                       "own stale copy and PIs kept emailing that their delivered run wasn't "
                       "on the page",
              "title": "In-process lru_cache for the run list"}),
    ]
    chatter = [
        "2024-06-05 06:00:01 INFO app.qc.ingest: nightly ingest starting",
        "2024-06-05 06:00:01 INFO app.qc.ingest: 7 delivered run folders since last ingest",
        "2024-06-05 06:00:02 INFO app.qc.ingest: 20240528_A01788_0412_BHJ7KLDSXC: 4 lanes",
        "2024-06-05 06:00:04 INFO app.qc.ingest: 20240528_A01788_0412_BHJ7KLDSXC: 212 samples",
        "2024-06-05 06:00:05 INFO app.qc.ingest: 20240529_A01544_0398_AHJ7M2DSXC: 2 lanes",
        "2024-06-05 06:00:06 INFO app.qc.ingest: 20240529_A01544_0398_AHJ7M2DSXC: 64 samples",
        "2024-06-05 06:00:06 DEBUG sqlalchemy.engine: COMMIT",
        "2024-06-05 06:00:07 INFO app.notify: 3 delivery emails queued",
        "2024-06-05 06:00:09 INFO app.qc.ingest: purging deliveries past retention: 2",
        "2024-06-05 06:00:11 DEBUG sqlalchemy.engine: COMMIT",
        "2024-06-05 06:00:12 INFO app.qc.ingest: refreshing materialized view run_summary",
        "2024-06-05 06:00:13 INFO app.qc.ingest: nightly ingest done in 12.4 s",
    ]
    noise: list[Episode] = [
        [Step(prompt="how does the run list decide what a PI can see?"),
         Step(tools=[read("app/routers/runs.py",
                          "@router.get(\"/runs\", response_class=HTMLResponse)\ndef "
                          "run_list(request: Request, user: User = Depends(current_user), "
                          "db: Session = Depends(get_db)):\n    rows = "
                          "list_runs_for_user(db, user.id)\n    return templates."
                          "TemplateResponse(request, \"run_list.html\", {\"runs\": rows})\n")]),
         Step(text="It calls list_runs_for_user with the logged-in user's ID; the filtering "
                   "happens in that query (runs joined to the projects the user is a member "
                   "of), not in the template.")],
        [Step(prompt="any TODOs left in the app code?"),
         Step(tools=[bash("grep -rn 'TODO' app/ | head",
                          "app/notify.py:33:    # TODO: batch emails per PI\n"
                          "app/templates/run_detail.html:7:  {# TODO: lane tooltips #}")]),
         Step(text="Two: batching delivery emails per PI, and lane tooltips on the run page.")],
        [Step(prompt="the footer still has the old helpdesk address, it's "
                     "genomics-help@csgc.example.edu now"),
         Step(tools=[edit("app/templates/base.html",
                          "<a href=\"mailto:seqcore@csgc.example.edu\">",
                          "<a href=\"mailto:genomics-help@csgc.example.edu\">")]),
         Step(text="Footer updated.")],
        [Step(prompt="is the local stack up?"),
         Step(tools=[bash("docker compose ps --format '{{.Service}} {{.State}}'",
                          "api running\ndb running\nnginx running\noauth2-proxy running")]),
         Step(text="All four services are running.")],
        [Step(prompt="htmx: hx-swap outerHTML vs innerHTML, which do i want for replacing a "
                     "table row"),
         Step(text="outerHTML. innerHTML puts the response inside the target, so you'd get a "
                   "<tr> nested in the old <tr>; outerHTML replaces the target element itself "
                   "with the returned row.")],
        [Step(prompt="what did the api log in the last few minutes?"),
         Step(tools=[bash("docker compose logs --since 5m api | tail -4",
                          "api-1  | INFO:     172.19.0.5:41822 - \"GET /runs HTTP/1.1\" 200\n"
                          "api-1  | INFO:     172.19.0.5:41830 - \"GET /runs/A22KJ7NLT3 "
                          "HTTP/1.1\" 200\napi-1  | INFO:     172.19.0.5:41836 - \"GET "
                          "/static/app.css HTTP/1.1\" 304\napi-1  | INFO:     "
                          "172.19.0.5:41840 - \"GET /healthz HTTP/1.1\" 200")]),
         Step(text="Only ordinary traffic: the run list, one run page, a stylesheet and the "
                   "health check, all fine.")],
        [Step(prompt="PIs want to sort the run table. what should the default be?"),
         Step(tools=[ask_user("Default sort for the run table?", "Sort",
                              [("Newest first", "By delivery date, descending"),
                               ("Flow cell", "By flow cell ID")], "Newest first")]),
         Step(tools=[edit("app/services/runs.py", "    .order_by(Run.flowcell_id)\n",
                          "    .order_by(Run.delivered_at.desc())\n")]),
         Step(text="The run table now sorts newest delivery first by default.")],
        [Step(prompt="plan out a 'download manifest' button: a text file with all of a "
                     "run's file URLs and checksums"),
         Step(tools=[exit_plan("1. New route GET /projects/{id}/runs/{run}/manifest.txt.\n2. "
                               "List the run's files with size and md5 from the delivery "
                               "table.\n3. One line per file: URL, size, md5.\n4. Link it "
                               "next to the MultiQC report on the run page.",
                               "download-manifest")]),
         Step(text="Plan approved; I'll start with the route and a test for the manifest "
                   "format.")],
    ]
    return Project(
        "readsight", "git@gitlab.csgc.example.edu:bioinfo/readsight.git",
        {"README.md": "# readsight\n\nThe CSGC results portal (FastAPI).\n",
         "compose.yml": "services:\n  api:\n    build: .\n  db:\n    image: postgres:16\n",
         "Makefile": "# shortcuts\n",
         "docs/onboarding.md": "# Onboarding\n\n## Where things are\n",
         "docs/cutover-runbook.md": "# X Plus cutover runbook (portal)\n\n## Facts\n",
         "docs/decisions.md": "# Decisions\n\n## Rejected\n"},
        _equip(facts, mates=["Ruth", "Ivo"], channel="portal-dev", chatter=chatter,
               naive=bash("docker compose restart api && docker compose exec -T db psql -U "
                          "portal -c 'DISCARD ALL'",
                          " Container readsight-api-1  Restarting\n Container readsight-api-1"
                          "  Started\nDISCARD ALL"),
               runbook="docs/cutover-runbook.md",
               reverts=["runs: infinite scroll", "auth: remember-me cookie",
                        "qc: log-scale yield chart", "notify: Slack instead of email"]),
        noise, "slack")


def projects() -> list[Project]:
    return [lanesplit(), tubetrack(), sbatchery(), readsight()]
