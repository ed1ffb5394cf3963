"""The ``dev28`` split, "pairing with a junior / learning the codebase": four projects, ten
planted facts each.

Written in the eighteenth pass by a helper that read no rlat code; to be read untuned.

The user is new on each project, or pairing with the assistant while a senior colleague is
around somewhere: they ask it to explain a file, write a small feature, fix a bug, and in
between ask general programming questions to learn (closures, String vs &str, what a
generator is). Messages are lower case, sometimes misspelt, often apologetic. The durable facts
arrive the way they do for someone learning a codebase: a senior colleague's advice relayed
("Priya said we always …"), a convention the assistant reads in CONTRIBUTING or a code comment
and the user confirms, a rule the user remembers only after the assistant did it the other
way, or the answer to the user's own "why does the code do this?"; a command that fails and
the working one found in a Makefile, justfile, package.json or README, named by the user from
what a colleague showed them, or typed after the user pasted their own failed attempt (some
with the user interrupting, ``[Request interrupted by user]``, to ask something unrelated); an
environment fact read out of a config file or tool output and confirmed, sometimes after the
user half-remembers what they were told; a gotcha explained after a confusing bug (sometimes
the user recognises it: "oh right, that's the thing where …", sometimes it goes into the
onboarding notes); an approach tried, broken and reverted with the numbers or the error, or
recounted as a colleague's story before anyone touches anything.

The projects: quernhollow, Odoo 17 custom addons for a cider-apple co-operative (pressing
slot bookings, weigh-ins at the mill, bottle deposits, a member portal; docker compose with
Postgres 15, a Makefile, OCA pre-commit); brackenrig, a Hanami 2.1 app for a fell-running
club's race entries, waitlists and results (Ruby 3.3, ROM-SQL on Postgres, dry-validation,
dry-monads, RSpec, Procfile.dev, SPORTident CSV imports); lanternleaf, an Ember Octane front
end for a county library service's bilingual summer reading challenge (Ember 5.8, .gts with
Glint, ember-data, ember-concurrency, ember-intl, QUnit, ember-cli-mirage, Embroider, pnpm);
and bothywatch, an axum 0.7 + SQLx API that reports the state of a mountain bothy
association's shelters (tokio, Postgres in docker compose, sqlx-cli, just, cargo-nextest).
Each fact carries its project's ``who`` (the colleagues whose advice is relayed), ``learn``
(general programming questions with their answers, used when the user interrupts) and
``onboarding`` (the notes file, and the heading gotchas are added under).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule`` (the user's words, lower-case start), ``contrary`` (a tool
  doing it the other way), ``follow``, ``done``, ``doc`` (``(path, text)``: where the rule is
  written down), ``found`` (the assistant's sentence reading it there), ``why`` (the user's
  learning question that the doc answers);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the user's words naming
  the working command), ``script`` (``(path, text)``: the Makefile / justfile / package.json /
  README showing it);
* environment - ``goal``, ``probe``, ``confirm``, ``while`` (a nearby question answered by the
  same output), ``hunch`` (what the user half remembers being told);
* gotcha - ``symptom``, ``trace`` (pasted output), ``probe``, ``explain``, ``told`` (the user
  recognising it), ``fix``, ``done``, ``title`` (an onboarding-notes heading);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want``, ``offer``,
  ``story`` (a colleague's earlier attempt, as the user relays it).
"""

from __future__ import annotations

import random

from .templates import cap, find, look, run, steps, talk, tweak
from .transcript import agent, bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

_INTERRUPTED = "[Request interrupted by user]"


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _who(s: dict, rng: random.Random) -> str:
    return rng.choice(s["who"])


def _learn(s: dict, rng: random.Random) -> tuple[str, str]:
    return rng.choice(s["learn"])


def _switch(rng: random.Random) -> str:
    return _one(rng, "sorry, random question while i remember:", "wait, unrelated —",
                "off topic but i've been meaning to ask:", "quick learning question first:",
                "hang on, something's been bugging me:")


def _back(rng: random.Random) -> str:
    return _one(rng, "ok thanks! back to the thing i asked", "cool. ok, carry on with the first "
                "thing", "makes sense. sorry, where were we", "ty. ok back to it")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_relayed(s: dict, rng: random.Random) -> Episode:
    """The user relays a senior colleague's advice together with the task."""
    ask = _one(rng, "{Task}. oh and {who} said {rule}",
               "{Task}. fyi {who} told me in standup that {rule}, so pls stick to that",
               "can you {task}? (paired with {who} yesterday — they said {rule})",
               "next one: {task}. {who} was really clear that {rule}")
    return [Step(prompt=ask.format(Task=cap(s["task"]), task=s["task"], who=_who(s, rng),
                                   rule=s["rule"])),
            Step(text=_one(rng, "Got it — I'll do it that way.", "Understood, following that.",
                           "Makes sense. On it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_doc_confirmed(s: dict, rng: random.Random) -> Episode:
    """The assistant reads the rule in the repository's notes or a comment; the user
    confirms it is current."""
    path, text = s["doc"]
    new = _one(rng, "", ". i'm new here so explain what you're doing as you go",
               " (still finding my way around this repo)")
    look_first = _one(rng, "Before I write anything, let me see if the repo has notes on this.",
                      "Let me check how the codebase expects this to be done first.",
                      "Checking what the repo says about this first.")
    ask = _one(rng, "Is that still how the team works?", "Do you know if that's still current?",
                "I'll follow that unless you know it's out of date.")
    yes = _one(rng, "yes, {who} said the same thing on my first day",
               "yep, still current. {who} is strict about it in review",
               "yeah that's right, {who} mentioned it too", "yes. follow it")
    return [Step(prompt=f"{s['task']}{new}"), Step(text=look_first, tools=[read(path, text)]),
            Step(text=f"{s['found']} {ask}"), Step(prompt=yes.format(who=_who(s, rng))),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_corrected(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way; the user remembers what a colleague told them."""
    shown = _one(rng, "Here's a first version.", "First pass done — have a look.",
                 "Done, the change is above.")
    fix = _one(rng, "hmm wait. {who} told me {rule}. sorry, should've said that up front",
               "ah no — {who} said {rule}. can you redo it?",
               "looks ok to me but {who} will bounce it in review: {rule}")
    return [Step(prompt=cap(s["task"])), Step(tools=[s["contrary"]]), Step(text=shown),
            Step(prompt=fix.format(who=_who(s, rng), rule=s["rule"])),
            Step(text=_one(rng, "No problem — redoing it that way.",
                           "Good to know. Reworking it.", "Fair, changing it."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_why(s: dict, rng: random.Random) -> Episode:
    """The user asks why the code looks the way it does; the answer is the rule; then the
    task."""
    path, text = s["doc"]
    after = _one(rng, "ahh ok. so basically {rule}. good to know. ok, can you {task}?",
                 "oh that makes sense. so {rule} — got it. next: {task}",
                 "right, {who} mentioned that actually: {rule}. ok then, {task}")
    return [Step(prompt=s["why"]),
            Step(text=_one(rng, "Good question — there's a reason, and it's written down.",
                           "Let me show you where that comes from.", ""),
                 tools=[read(path, text)]),
            Step(text=s["found"]),
            Step(prompt=after.format(rule=s["rule"], task=s["task"], who=_who(s, rng))),
            Step(tools=s["follow"]), Step(text=s["done"])]


# command
def cmd_script(s: dict, rng: random.Random) -> Episode:
    """The obvious command fails; the assistant finds the real one in the repository."""
    path, text = s["script"]
    dig = _one(rng, "That's not how this repo runs it. Let me see what {path} says.",
               "Failed. {path} probably has the project's way of doing this.",
               "Hm. Checking {path} before guessing again.").format(path=path)
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=dig, tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_senior(s: dict, rng: random.Random) -> Episode:
    """The try fails; the user remembers what a colleague showed them."""
    stuck = _one(rng, "That fails. Is there a project-specific way to do this, or should I dig "
                      "through the config?",
                 "Not it. Do you know how it's meant to be run here?",
                 "That errors out — I can look for how the repo expects it, unless you know?")
    said = _one(rng, "oh wait, {who} showed me this one — {hint}",
                "ahh i remember now, {who} did it on my first day: {hint}",
                "hmm {who} said something about this… yes: {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=said.format(who=_who(s, rng), hint=s["hint"])),
            Step(text=_one(rng, "Running that.", "Thanks — trying it.", ""), tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}")]


def cmd_pasted(s: dict, rng: random.Random) -> Episode:
    """The user already tried it and pastes the terminal, asking what they did wrong."""
    fail = s["fail"]
    lead = _one(rng, "i tried `{cmd}` myself and got this:", "this is what `{cmd}` gives me:",
                "ran `{cmd}` and no idea what it wants:").format(cmd=fail.command)
    tail = _one(rng, "what am i doing wrong?", "sorry if this is obvious", "help :(")
    return [Step(prompt=f"{s['goal']}\n\n{lead}\n\n```\n{fail.output}\n```\n\n{tail}"),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_interrupted(s: dict, rng: random.Random) -> Episode:
    """The try fails; the user interrupts with a learning question; then the real one."""
    path, text = s["script"]
    ask, answer = _learn(s, rng)
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_one(rng, "That didn't work. Let me check how the repo runs it —",
                           "Failed. Looking for the intended command —")),
            Step(prompt=_INTERRUPTED), Step(prompt=f"{_switch(rng)} {ask}"),
            Step(text=answer), Step(prompt=_back(rng)),
            Step(text=_one(rng, "Sure. Checking the repo's scripts.", "Back to it.", ""),
                 tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


# environment
def env_read(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, "Let me check rather than guess.", "Looking at the config.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_while(s: dict, rng: random.Random) -> Episode:
    """The fact shows up in output the assistant read for another question."""
    ask, answer = s["while"]
    lead = _one(rng, "Also worth knowing, since you're new to the repo:",
                "One more thing from the same output that'll save you time later:",
                "Separately, from that:")
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=f"{answer}\n\n{lead} {s['confirm']}")]


def env_hunch(s: dict, rng: random.Random) -> Episode:
    """The user half remembers what a colleague told them and wants it checked."""
    wrap = _one(rng, "({who} told me {hunch}, but i wasn't really listening)",
                "— {who} said {hunch}? can you check",
                "… i think {who} mentioned {hunch} but don't trust me on that")
    return [Step(prompt=f"{s['goal']} {wrap.format(who=_who(s, rng), hunch=s['hunch'])}"),
            Step(text=_one(rng, "Checking.", "Let me look rather than guess.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_bash_mode(s: dict, rng: random.Random) -> Episode:
    """The user runs a probe in bash mode and asks what it means."""
    shell = [tool for tool in s["probe"] if tool.name == "Bash"]
    if not shell:
        return env_read(s, rng)
    first = shell[0]
    rest = [tool for tool in s["probe"] if tool is not first]
    ask = _one(rng, "^ {goal}", "{goal} (ran that above, not sure how to read it)",
               "see above. {goal}")
    out: Episode = [Step(prompt=f"<bash-input>{first.command}</bash-input>"),
                    Step(prompt=f"<bash-stdout>{first.output}</bash-stdout><bash-stderr>"
                                f"</bash-stderr>"),
                    Step(prompt=ask.format(goal=s["goal"]))]
    if rest:
        out.append(Step(text=_one(rng, "Checking one more thing.", "Let me confirm in the "
                                  "config.", ""), tools=rest))
    out.append(Step(text=s["confirm"]))
    return out


# gotcha
def gotcha_explained(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "Found it.", "Here's what's going on.", "Got it — this one's sneaky.",
                "That explains it.")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_one(rng, "Let me look.", "Checking the code involved.", ""),
                 tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_recognised(s: dict, rng: random.Random) -> Episode:
    unsure = _one(rng, "That shows where it happens but not why yet. Digging further before I "
                       "change anything.",
                  "Nothing obviously wrong in there at first glance. Let me keep looking.",
                  "Odd — the code looks reasonable. I want to understand it before I touch it.")
    agree = _one(rng, "Yes — that's exactly it.", "Right, that fits what we're seeing.",
                 "Good memory — that's the cause.")
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]), Step(text=unsure),
            Step(prompt=s["told"]),
            Step(text=f"{agree} {s['explain']}", tools=s["fix"]), Step(text=s["done"])]


def gotcha_onboarding(s: dict, rng: random.Random) -> Episode:
    """Explained and fixed; the user has it written into the onboarding notes."""
    path, anchor = s["onboarding"]
    ask = _one(rng, "{who} literally warned me about this in my first week and i forgot 🙃 can "
                    "you add it to {path} so the next new person doesn't lose an afternoon",
               "ugh. ok, put that in {path} pls, i'll definitely forget again",
               "thanks!! can you write that up in {path}? {who} said to add gotchas there")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(tools=s["probe"]),
            Step(text=f"{_one(rng, 'Found it.', 'That explains it.')} {s['explain']}",
                 tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=ask.format(who=_who(s, rng), path=path)),
            Step(tools=[edit(path, anchor, f"{anchor}### {cap(s['title'])}\n\n{s['explain']}"
                                           f"\n\n")]),
            Step(text=f"Added a \"{s['title']}\" entry to {path}.")]


# falsified
def fals_reverted(s: dict, rng: random.Random) -> Episode:
    undo = _one(rng, "oh no. put it back?", "hm that's worse, revert pls",
                "ok that's clearly not it. undo", "yikes. roll it back")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_one(rng, "Reverting.", "Undoing it.", "Rolling it back."),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_relayed(s: dict, rng: random.Random) -> Episode:
    """Before anything is touched the user relays a colleague's earlier attempt."""
    said = _one(rng, "wait, {who} said they tried exactly that: {story}",
                "hmm, actually i asked {who} about this last week — {story}",
                "no wait, {who} warned me: {story}")
    ok = _one(rng, "Good to know — that rules it out. I'll leave it alone.",
              "Thanks, that saves us repeating it. Not going down that road.",
              "Understood — scrapping that idea.")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(who=_who(s, rng), story=s["story"])), Step(text=ok)]


def fals_interrupted(s: dict, rng: random.Random) -> Episode:
    ask, answer = _learn(s, rng)
    then = _one(rng, "ok back — that change broke stuff right? undo it",
                "right. the thing you tried: revert it, that output looked bad",
                "ty. and throw away that change, it didn't work")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=_INTERRUPTED), Step(prompt=f"{_switch(rng)} {ask}"),
            Step(text=answer), Step(prompt=then),
            Step(text=_one(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_relayed, conv_doc_confirmed, conv_corrected, conv_why],
    "command": [cmd_script, cmd_senior, cmd_pasted, cmd_interrupted],
    "environment": [env_read, env_while, env_hunch, env_bash_mode],
    "gotcha": [gotcha_explained, gotcha_recognised, gotcha_onboarding],
    "falsified": [fals_reverted, fals_relayed, fals_interrupted],
}

UNRELATED = [
    "what's the difference between git merge and git rebase, and which should a beginner use?",
    "explain big-O notation like I'm five, with an example of something that's O(n log n)",
    "how do I write a good commit message? is there a convention people follow?",
    "what's a closure? explain with a small javascript example",
    "write a python function that checks whether a string is a palindrome, ignoring spaces and "
    "punctuation",
    "which HTTP methods count as idempotent, and why does it matter for retries?",
    "how do i undo `git add` for one file before committing?",
    "whats the difference between unit tests, integration tests and end-to-end tests",
    "explain what a database index is and why it makes lookups faster",
    "any tips for asking good questions when pairing with a senior dev? i always feel like i'm "
    "wasting their time",
    "what is dependency injection, in plain words?",
    "write a shell one-liner that lists the five biggest directories in my home folder",
    "how does HTTPS actually keep things secret? short version please",
    "what's the difference between a process and a thread?",
    "explain what a race condition is with a simple example",
    "what's a good way to start reading a big unfamiliar codebase?",
    "write a SQL query that returns each customer's most recent order",
    "whats the difference between cookies, localStorage and sessionStorage",
    "how do regex lookaheads work? give an example that requires at least one digit in a password",
    "what does 'technical debt' mean, and how do teams decide when to pay it down?",
    "recommend a few books for a junior developer who wants to get better at software design",
    "how do I get out of vim? git opened it for a commit message and i'm stuck",
    "explain the difference between TCP and UDP in two sentences each",
    "what do the three numbers in semantic versioning mean?",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "quernhollow": [
        "who decides which members get the Saturday pressing slots first?",
        "how much is the bottle deposit per bottle this season?",
        "is there a plan to move us to the next major Odoo release?",
        "how do the co-op's invoices get to the accountant at the end of the year?",
        "should the weigh-in tablet at the mill use the normal web client or a separate app?",
    ],
    "brackenrig": [
        "how many runners can enter the Borrowdale race before it goes to a waitlist?",
        "who approves refunds when a runner withdraws?",
        "do we have to send our results to the national fell running association, and in what "
        "format?",
        "is there a plan to let runners pay for entries by bank transfer?",
        "how long does the club keep old entries with runners' personal details?",
    ],
    "lanternleaf": [
        "which badges can a child earn in the first week of the challenge?",
        "how many library branches take part in the reading challenge this year?",
        "do branch staff get notified when a child finishes the challenge?",
        "is there a plan to build a native phone app for the reading challenge?",
        "who designs the badge artwork?",
    ],
    "bothywatch": [
        "how often do volunteers inspect each bothy?",
        "who is allowed to post a closure notice for a bothy?",
        "is there a public status page for walkers, or is the API only used by the app?",
        "are old condition reports ever deleted?",
        "should we move the API to a different hosting provider?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- quernhollow
def quernhollow() -> Project:
    slot_py = "addons/quern_pressing/models/pressing_slot.py"
    slot_xml = "addons/quern_pressing/views/pressing_slot_views.xml"
    portal = "addons/quern_portal/controllers/portal.py"
    delivery = "addons/quern_pressing/models/delivery.py"
    totals = "addons/quern_pressing/report/season_totals.py"
    psql = "docker compose exec db psql -U odoo quern_dev -c"
    facts = [
        Fact("conv-manifest", "convention", ["manifest version"],
             ["I added a new field to the delivery model and put it on the form — anything else "
              "I have to touch before it goes out?",
              "what do I need to do so the data migration script I wrote for the pressing addon "
              "actually runs on the server?"],
             "In quernhollow every change to an addon's models, views or data bumps the "
             "manifest version in __manifest__.py (17.0.x.y.z): the deploy only upgrades "
             "modules whose version went up, and the scripts in migrations/<version>/ only run "
             "on a version change.",
             {"task": "add a bottle_count integer field to pressing slots and show it on the "
                      "slot form",
              "rule": "any change to a model or a data file means bumping the manifest version "
                      "in __manifest__.py — the deploy only upgrades modules whose version went "
                      "up, and the migration scripts key off that number",
              "contrary": edit(slot_py,
                               "    variety_id = fields.Many2one('quern.apple.variety')\n",
                               "    variety_id = fields.Many2one('quern.apple.variety')\n"
                               "    bottle_count = fields.Integer(string='Bottles')\n"),
              "follow": [edit(slot_py,
                              "    variety_id = fields.Many2one('quern.apple.variety')\n",
                              "    variety_id = fields.Many2one('quern.apple.variety')\n"
                              "    bottle_count = fields.Integer(string='Bottles')\n"),
                         edit(slot_xml, "                <field name=\"variety_id\"/>\n",
                              "                <field name=\"variety_id\"/>\n"
                              "                <field name=\"bottle_count\"/>\n"),
                         edit("addons/quern_pressing/__manifest__.py",
                              "    'version': '17.0.1.3.0',",
                              "    'version': '17.0.1.4.0',")],
              "done": "bottle_count is on quern.pressing.slot and on the form under the apple "
                      "variety, and quern_pressing's manifest version went from 17.0.1.3.0 to "
                      "17.0.1.4.0 so the deploy upgrades it.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing to the co-op addons\n\n## Versions\n\nBump the manifest "
                      "version in `__manifest__.py` on every change that touches models, "
                      "views or data. The deploy script only runs `-u` for modules whose "
                      "version changed, and `migrations/<version>/pre-*.py` and `post-*.py` "
                      "only run when the installed version is lower.\n\nFormat: "
                      "`17.0.MAJOR.MINOR.PATCH`.\n\n## Pre-commit\n\nRun `pre-commit install` "
                      "once; the OCA hooks (pylint-odoo, prettier for XML) run on commit.\n"),
              "found": "CONTRIBUTING.md says any change that touches models, views or data "
                       "needs a manifest version bump in __manifest__.py: the deploy only "
                       "upgrades modules whose version changed, and the migrations/<version>/ "
                       "scripts run off that number.",
              "why": "why does every addon in here have a migrations folder with names like "
                     "17.0.1.2.0? never seen that in django"}),
        Fact("conv-portal", "convention", ["_document_check_access"],
             ["the member portal page for deposit refunds — how should the controller make "
              "sure the logged-in member is allowed to see that record?",
              "add a portal route so members can download their pressing receipt as a PDF"],
             "quernhollow's portal controllers never call .sudo() on a member-supplied id: "
             "every route fetches through self._document_check_access(model, id, "
             "access_token), which checks record rules or the access token before handing "
             "the record back; otherwise members can open each other's records by editing the "
             "URL.",
             {"task": "add a portal page at /my/deposits/<id> that shows one deposit return "
                      "with its bottles",
              "rule": "portal routes never call sudo() themselves — it's always "
                      "self._document_check_access(...), which checks the member can see the "
                      "record (or has the access token) before handing it back",
              "contrary": edit(portal, "class QuernPortal(CustomerPortal):\n",
                               "class QuernPortal(CustomerPortal):\n\n    @http.route("
                               "'/my/deposits/<int:deposit_id>', type='http', auth='user', "
                               "website=True)\n    def portal_deposit(self, deposit_id, **kw):"
                               "\n        deposit = request.env['quern.deposit.return']."
                               "sudo().browse(deposit_id)\n        return request.render("
                               "'quern_portal.portal_deposit', {'deposit': deposit})\n"),
              "follow": [edit(portal, "class QuernPortal(CustomerPortal):\n",
                              "class QuernPortal(CustomerPortal):\n\n    @http.route("
                              "'/my/deposits/<int:deposit_id>', type='http', auth='public', "
                              "website=True)\n    def portal_deposit(self, deposit_id, "
                              "access_token=None, **kw):\n        try:\n            "
                              "deposit_sudo = self._document_check_access(\n                "
                              "'quern.deposit.return', deposit_id, access_token)\n        "
                              "except (AccessError, MissingError):\n            return "
                              "request.redirect('/my')\n        return request.render("
                              "'quern_portal.portal_deposit', {'deposit': deposit_sudo})\n"),
                         write("addons/quern_portal/views/portal_deposit.xml",
                               "<odoo>\n  <template id=\"portal_deposit\" name=\"Deposit "
                               "return\">\n    <t t-call=\"portal.portal_layout\">\n      <h3 "
                               "t-field=\"deposit.name\"/>\n      <t t-foreach=\"deposit."
                               "line_ids\" t-as=\"line\">\n        <div><span t-field=\"line."
                               "bottle_type\"/>: <span t-field=\"line.quantity\"/></div>\n      "
                               "</t>\n    </t>\n  </template>\n</odoo>\n")],
              "done": "/my/deposits/<id> goes through _document_check_access: a member opening "
                      "someone else's deposit id is redirected to /my instead of seeing it, "
                      "and a link with the record's access token still works when logged out.",
              "doc": (portal,
                      "from odoo import http\nfrom odoo.exceptions import AccessError, "
                      "MissingError\nfrom odoo.http import request\n\nfrom odoo.addons."
                      "portal.controllers.portal import CustomerPortal\n\n# NOTE: never "
                      ".sudo() a member-supplied id in this file. Every route fetches\n# "
                      "through self._document_check_access(model, id, access_token), which "
                      "checks\n# record rules / the access token first. In 2023 any member "
                      "could open any\n# receipt by editing the number in the URL.\n\n\n"
                      "class QuernPortal(CustomerPortal):\n"),
              "found": "There's a note at the top of the portal controller: a member-supplied "
                       "id is never passed to .sudo() — every route fetches the record through "
                       "self._document_check_access, which checks the record rules or the "
                       "access token first (it mentions that in 2023 members could open other "
                       "people's receipts by editing the URL).",
              "why": "why don't the portal routes just do request.env[...].browse(id)? all "
                     "that try/except stuff looks like boilerplate to me"}),
        Fact("cmd-tests", "command", ["--test-tags"],
             ["run the unit tests for the deposit addon",
              "pytest doesn't find anything in the odoo addons — how do you actually run one "
              "module's tests here?"],
             "quernhollow's tests run with Odoo's own runner inside the container on a "
             "throwaway database: `docker compose run --rm odoo odoo -d quern_test -i <module> "
             "--test-tags /<module> --stop-after-init` (`make test MOD=<module>`); pytest on "
             "the host can't even import odoo.",
             {"goal": "can you run the tests for quern_pressing? want to make sure i didn't "
                      "break anything with the bottle count thing",
              "fail": bash("python -m pytest addons/quern_pressing/tests",
                           "ImportError while importing test module '/home/dev/src/"
                           "quernhollow/addons/quern_pressing/tests/test_slot.py'.\nHint: make "
                           "sure your test modules/packages have valid Python names.\n"
                           "Traceback:\naddons/quern_pressing/tests/test_slot.py:1: in "
                           "<module>\n    from odoo.tests import TransactionCase, tagged\nE   "
                           "ModuleNotFoundError: No module named 'odoo'\n=========== short "
                           "test summary info ===========\nERROR addons/quern_pressing/tests/"
                           "test_slot.py\n!!!!!!! Interrupted: 1 error during collection "
                           "!!!!!!!\n1 error in 0.21s", 2),
              "note": "Odoo tests don't run under pytest on the host — they use Odoo's own "
                      "runner inside the container. The right invocation spins up a throwaway "
                      "database, installs the module and runs only that module's tagged "
                      "tests.",
              "ok": bash("docker compose run --rm odoo odoo -d quern_test -i quern_pressing "
                         "--test-tags /quern_pressing --stop-after-init --log-level=test",
                         "INFO quern_test odoo.modules.loading: loading 48 modules...\n"
                         "INFO quern_test odoo.addons.quern_pressing.tests.test_slot: Starting "
                         "TestPressingSlot.test_bottle_count ...\nINFO quern_test odoo.addons."
                         "quern_pressing.tests.test_slot: Starting TestPressingSlot."
                         "test_overlapping_slots_rejected ...\nINFO quern_test odoo.tests."
                         "stats: quern_pressing: 14 tests 0.87s 212 queries\nINFO quern_test "
                         "odoo.tests.result: 0 failed, 0 error(s) of 14 tests when loading "
                         "database 'quern_test'"),
              "hint": "it's the make target, make test MOD=quern_pressing — that does the "
                      "docker compose run with --test-tags /quern_pressing on a throwaway db",
              "script": ("Makefile",
                         "MOD ?= quern_pressing\n\nup:\n\tdocker compose up -d\n\nlogs:\n\t"
                         "docker compose logs -f odoo\n\n# tests run on a throwaway database, "
                         "never on quern_dev\ntest:\n\tdocker compose run --rm odoo odoo -d "
                         "quern_test -i $(MOD) --test-tags /$(MOD) --stop-after-init "
                         "--log-level=test\n"),
              "done": "All 14 quern_pressing tests pass, including test_bottle_count."}),
        Fact("cmd-upgrade", "command", ["no-http"],
             ["I changed the deposit form XML and the browser still shows the old form even "
              "after restarting — how do I apply it?",
              "apply my model changes to the local database without taking the whole compose "
              "stack down"],
             "To upgrade a quernhollow module while the dev stack is running: `docker compose "
             "exec odoo odoo -d quern_dev -u <module> --stop-after-init --no-http`; without "
             "--no-http the second Odoo process tries to bind 8069 inside the container and "
             "dies with 'Address already in use'.",
             {"goal": "i changed the list view for deposit returns but nothing changes in the "
                      "browser even after a hard refresh. how do i get odoo to pick it up?",
              "fail": bash("docker compose exec odoo odoo -d quern_dev -u quern_deposit "
                           "--stop-after-init",
                           "INFO ? odoo: Odoo version 17.0-20240611\nINFO ? odoo: addons paths: "
                           "['/usr/lib/python3/dist-packages/odoo/addons', '/mnt/extra-addons']"
                           "\nINFO ? odoo.service.server: HTTP service (werkzeug) running on "
                           "0.0.0.0:8069\nERROR ? odoo.service.server: Failed to bind "
                           "0.0.0.0:8069\nTraceback (most recent call last):\n  ...\nOSError: "
                           "[Errno 98] Address already in use", 1),
              "note": "Views live in the database, so the module has to be upgraded (-u), not "
                      "just reloaded. But the exec'd process is a second Odoo inside the same "
                      "container, and it tries to open the web port the running server "
                      "already holds — it has to be told not to start its HTTP service at "
                      "all.",
              "ok": bash("docker compose exec odoo odoo -d quern_dev -u quern_deposit "
                         "--stop-after-init --no-http",
                         "INFO quern_dev odoo.modules.loading: updating modules list\nINFO "
                         "quern_dev odoo.modules.loading: Loading module quern_deposit (41/48)"
                         "\nINFO quern_dev odoo.modules.loading: 48 modules loaded in 2.31s, "
                         "118 queries\nINFO quern_dev odoo.modules.loading: Modules loaded.\n"
                         "INFO quern_dev odoo.service.server: Initiating shutdown"),
              "hint": "add --no-http, otherwise the second odoo fights the running one for the "
                      "port: docker compose exec odoo odoo -d quern_dev -u quern_deposit "
                      "--stop-after-init --no-http",
              "script": ("docs/dev-setup.md",
                         "# Local development\n\n## Applying changes\n\nPython changes need a "
                         "restart (`docker compose restart odoo`). View, data and field "
                         "changes need a module upgrade against the running stack:\n\n    "
                         "docker compose exec odoo odoo -d quern_dev -u <module> "
                         "--stop-after-init --no-http\n\n`--no-http` matters: without it the "
                         "second process tries to bind 8069 and fails.\n"),
              "done": "quern_deposit is upgraded on quern_dev — reload the page and the new "
                      "columns are there."}),
        Fact("env-port", "environment", ["8169"],
             ["what URL do I open to get to my local odoo in the browser?",
              "point the label-printing script at my local co-op instance"],
             "quernhollow's local Odoo is published on http://localhost:8169 "
             "(docker-compose.yml maps 8169:8069 because 8069 is left for the old v14 "
             "instance on the shared dev box); the dev database is quern_dev.",
             {"goal": "localhost:8069 just gives me connection refused. where is odoo?",
              "probe": [bash("docker compose ps --format 'table {{.Service}}\\t{{.Status}}\\t"
                             "{{.Ports}}'",
                             "SERVICE   STATUS        PORTS\ndb        Up 2 hours    5432/tcp\n"
                             "odoo      Up 2 hours    0.0.0.0:8169->8069/tcp, 8072/tcp"),
                        read("docker-compose.yml",
                             "services:\n  odoo:\n    image: odoo:17.0\n    depends_on: [db]\n"
                             "    ports:\n      - \"8169:8069\"   # 8069 is the old v14 "
                             "instance on the shared dev box\n    volumes:\n      - ./addons:"
                             "/mnt/extra-addons\n      - ./config:/etc/odoo\n  db:\n    image: "
                             "postgres:15\n")],
              "confirm": "Odoo is published on port 8169 on your machine — docker-compose.yml "
                         "maps 8169:8069 (the comment says 8069 is kept for the old v14 "
                         "instance). So it's http://localhost:8169, database quern_dev.",
              "while": ("is the odoo container actually running? the browser says connection "
                        "refused",
                        "Yes — db and odoo have both been up for two hours; the refusal is "
                        "about which port you're hitting, not the container."),
              "hunch": "it's not on the default port"}),
        Fact("env-scale", "environment", ["4001"],
             ["where does odoo read the weighbridge at the mill from — what address and port?",
              "the weigh-in screen says it can't reach the scale, check the connection to it"],
             "quernhollow reads the mill's weighbridge through a Moxa serial-to-network box at "
             "10.44.0.21, TCP port 4001 (system parameters quern.scale_host / "
             "quern.scale_port, seeded noupdate in addons/quern_pressing/data/"
             "ir_config_parameter.xml).",
             {"goal": "where does odoo get the weights from when someone weighs apples at the "
                      "mill? i have to debug the weigh-in wizard next week",
              "probe": [grep("scale_", ["addons/quern_pressing/data/ir_config_parameter.xml",
                                        "addons/quern_pressing/models/scale.py",
                                        "addons/quern_pressing/wizards/weigh_in.py"]),
                        read("addons/quern_pressing/data/ir_config_parameter.xml",
                             "<odoo>\n  <data noupdate=\"1\">\n    <record id=\"param_scale_"
                             "host\" model=\"ir.config_parameter\">\n      <field name=\"key\">"
                             "quern.scale_host</field>\n      <field name=\"value\">10.44.0.21"
                             "</field>\n    </record>\n    <record id=\"param_scale_port\" "
                             "model=\"ir.config_parameter\">\n      <field name=\"key\">quern."
                             "scale_port</field>\n      <field name=\"value\">4001</field>\n"
                             "    </record>\n  </data>\n</odoo>\n")],
              "confirm": "The weigh-in wizard opens a TCP socket to the mill's "
                         "serial-to-network box (a Moxa) at 10.44.0.21, port 4001 — system "
                         "parameters quern.scale_host and quern.scale_port, seeded from "
                         "data/ir_config_parameter.xml. It's noupdate, so the live values may "
                         "have been changed in Settings → Technical → System Parameters.",
              "while": ("how does the weigh-in wizard actually get the number off the scale? "
                        "does someone type it in?",
                        "Nobody types it — the wizard's action_read_scale calls models/"
                        "scale.py, which asks the indicator for a stable weight over a socket "
                        "and parses the reply."),
              "hunch": "it's some box on the mill network, not usb"}),
        Fact("gotcha-tz", "gotcha", ["context_timestamp"],
             ["the pressing schedule PDF shows every slot an hour earlier than the form does "
              "— where is that coming from?",
              "add the slot's start time to the confirmation email members get"],
             "Odoo stores Datetime fields in UTC: in quernhollow's QWeb reports and emails, "
             "slot times must be converted to the member's timezone — "
             "fields.Datetime.context_timestamp(record, value) in Python, t-field with the "
             "datetime widget in QWeb; printing start_at raw shows UTC, an hour early in "
             "summer.",
             {"symptom": "members are complaining the pressing schedule pdf says their slot is "
                         "at 9:00 when they booked 10:00. the form view shows 10:00 "
                         "correctly?? only the pdf is wrong",
              "trace": "Slot PS/2024/0412   Member: Hollins Farm   Variety: Dabinett\n  "
                       "form view:   Start 14/09/2024 10:00:00\n  PDF report:  Start "
                       "2024-09-14 09:00:00",
              "probe": [read("addons/quern_pressing/report/schedule_report.xml",
                             "<t t-foreach=\"docs\" t-as=\"slot\">\n  <tr>\n    <td><t "
                             "t-esc=\"slot.name\"/></td>\n    <td><t t-esc=\"slot.start_at\"/>"
                             "</td>\n    <td><t t-esc=\"slot.member_id.name\"/></td>\n  </tr>\n"
                             "</t>\n"),
                        bash(f"{psql} \"select name, start_at from quern_pressing_slot where "
                             "name = 'PS/2024/0412'\"",
                             "     name     |      start_at\n--------------+------------------"
                             "---\n PS/2024/0412 | 2024-09-14 09:00:00\n(1 row)")],
              "explain": "Odoo keeps every Datetime in the database in UTC, and the web client "
                         "converts it to the user's timezone for display — that's why the form "
                         "says 10:00. The report prints start_at raw with t-esc, so it shows "
                         "the UTC value, an hour early during British Summer Time. In Python "
                         "convert with fields.Datetime.context_timestamp(slot, slot.start_at); "
                         "in QWeb use t-field with the datetime widget so the converter "
                         "applies the timezone.",
              "told": "oh right, that's the thing where odoo stores everything in utc and the "
                      "report doesn't convert it — it needs context_timestamp or the datetime "
                      "widget",
              "fix": [edit("addons/quern_pressing/report/schedule_report.xml",
                           "    <td><t t-esc=\"slot.start_at\"/></td>",
                           "    <td><span t-field=\"slot.start_at\" t-options='{\"widget\": "
                           "\"datetime\", \"tz_name\": slot.member_id.tz or \"Europe/London\"}'"
                           "/></td>")],
              "done": "The schedule PDF now shows 10:00 for PS/2024/0412, same as the form.",
              "title": "times in reports come out in UTC"}),
        Fact("gotcha-depends", "gotcha", ["api.depends"],
             ["the total kilos on a delivery don't change when someone corrects one of the "
              "weighing lines — why?",
              "add a total_bottles field on the deposit return that adds up its lines"],
             "quernhollow: a stored computed field is only recomputed when something listed in "
             "its @api.depends changes — quern.delivery's total_kg depended on 'line_ids' only, "
             "so editing a line's weight_kg never recomputed it; the dependency must name the "
             "sub-field ('line_ids.weight_kg').",
             {"symptom": "bug report from the mill: they corrected a weighing line on a "
                         "delivery from 420 to 240 kg and the delivery total didn't change. "
                         "adding or deleting a line does update it though??",
              "trace": "Delivery DLV/2024/0188 (Hollins Farm)\n  line 1  Dabinett          530 "
                       "kg\n  line 2  Yarlington Mill   540 kg\n  line 3  Dabinett          "
                       "240 kg   <- corrected, was 420\n  Total                      1490 kg  "
                       " <- still the old total, should be 1310",
              "probe": [read(delivery,
                             "class Delivery(models.Model):\n    _name = 'quern.delivery'\n    "
                             "_description = 'Apple delivery'\n\n    line_ids = fields."
                             "One2many('quern.delivery.line', 'delivery_id')\n    total_kg = "
                             "fields.Float(compute='_compute_total_kg', store=True)\n\n    "
                             "@api.depends('line_ids')\n    def _compute_total_kg(self):\n        "
                             "for delivery in self:\n            delivery.total_kg = sum("
                             "delivery.line_ids.mapped('weight_kg'))\n")],
              "explain": "total_kg is a stored computed field, and Odoo only recomputes a "
                         "stored field when something listed in its @api.depends changes. It "
                         "depends on 'line_ids' alone, so adding or removing lines triggers it "
                         "but changing a line's weight_kg doesn't, and the old total stays in "
                         "the database. The dependency has to name the sub-field: "
                         "@api.depends('line_ids.weight_kg').",
              "told": "oh wait, is this the thing where the api.depends only lists line_ids, "
                      "so editing a weight on a line never recomputes the stored total?",
              "fix": [edit(delivery, "    @api.depends('line_ids')\n",
                           "    @api.depends('line_ids.weight_kg')\n")],
              "done": "Fixed the dependency, so edits to a line's weight recompute the total. "
                      "Totals that are already wrong in the database need a one-off "
                      "recompute; I'd put that in a post-migration script with the next "
                      "release.",
              "title": "stored totals not recomputed after editing a line"}),
        Fact("fals-queuejob", "falsified", ["queue_job"],
             ["the deposit reminder emails take ages to go out from the scheduled action — "
              "could each email be handed to a background worker instead?",
              "did anyone ever try OCA's background jobs module for the reminder mails? what "
              "happened?"],
             "Moving quernhollow's deposit reminder mails from the ir.cron to OCA queue_job "
             "was tried and reverted: queue_job's runner needs server_wide_modules and "
             "workers > 0, the co-op's odoo.conf runs workers = 0, and 1,240 reminder jobs "
             "sat in pending without a single mail sent; the reminders stay on the cron, "
             "batched.",
             {"ask": "the deposit reminder cron takes like 20 min and blocks the other crons. "
                     "can we push each email into a background job instead? Tomasz said "
                     "there's an OCA module for that",
              "change": [bash("git submodule add -q -b 17.0 https://github.com/OCA/queue "
                              "vendor/oca-queue",
                              "Cloning into '/home/dev/src/quernhollow/vendor/oca-queue'..."),
                         edit("addons/quern_deposit/__manifest__.py",
                              "    'depends': ['quern_pressing', 'mail'],",
                              "    'depends': ['quern_pressing', 'mail', 'queue_job'],"),
                         edit("addons/quern_deposit/models/deposit_return.py",
                              "            deposit._send_reminder()",
                              "            deposit.with_delay(channel='root.reminders')."
                              "_send_reminder()")],
              "broke": bash("./scripts/check_reminders.sh",
                            "reminder jobs queued:          1240\nreminder mails sent (30 min):"
                            "  0\njob runner:                    not running (queue_job not in "
                            "server_wide_modules, workers = 0)\nFAIL", 1),
              "revert": bash("git checkout -- addons/quern_deposit && git submodule deinit -q "
                             "-f vendor/oca-queue && git rm -q -f vendor/oca-queue",
                             "Cleared directory 'vendor/oca-queue'"),
              "conclusion": "Reverted to the cron. queue_job only runs jobs when its job runner "
                            "is loaded — it has to be in server_wide_modules and Odoo must run "
                            "with workers > 0 — and the co-op's config runs workers = 0, so all "
                            "1,240 reminder jobs sat in pending and not one mail went out. "
                            "Batching the cron (200 mails a run, committing between batches) "
                            "is the way to stop it blocking the others.",
              "want": "the deposit reminder cron is slow and hogs the cron thread. is there a "
                      "way to send those mails in the background?",
              "offer": "OCA's queue_job would do it: each reminder becomes a job "
                       "(with_delay()), and a job runner works through them outside the cron. "
                       "Want me to add it?",
              "story": "they tried queue_job last autumn. it needs server_wide_modules and "
                       "workers > 0 and our odoo.conf has workers = 0, so 1,240 reminder jobs "
                       "just sat in pending for a whole day and nobody got a reminder. they "
                       "took it out and batched the cron instead"}),
        Fact("fals-rawsql", "falsified", ["cr.execute"],
             ["the season totals report per member is slow — couldn't we just write it as "
              "plain SQL?",
              "speed up the per-member kilos summary"],
             "Rewriting quernhollow's per-member season totals as raw SQL with "
             "self.env.cr.execute was tried and reverted: 4.1 s → 0.3 s, but it bypassed the "
             "record rules and test_multi_company_isolation caught Cwm Perllan's deliveries "
             "counted into Quern Hollow's totals; it stays on the ORM (read_group).",
             {"ask": "the member season totals report takes 4 seconds to open. can you rewrite "
                     "it as one SQL query? the ORM loop looks silly",
              "change": [edit(totals,
                              "        for member in members:\n            kilos[member.id] = "
                              "sum(self.env['quern.delivery'].search([\n                "
                              "('member_id', '=', member.id), ('season', '=', season),\n"
                              "            ]).mapped('total_kg'))\n",
                              "        self.env.cr.execute(\"\"\"\n            SELECT "
                              "member_id, SUM(total_kg) FROM quern_delivery\n            WHERE "
                              "season = %s GROUP BY member_id\n        \"\"\", [season])\n        "
                              "kilos = dict(self.env.cr.fetchall())\n")],
              "broke": bash("./scripts/timeit.sh season_totals && make test MOD=quern_pressing",
                            "season_totals: 0.31s (was 4.12s)\n...\nFAIL: "
                            "test_multi_company_isolation (odoo.addons.quern_pressing.tests."
                            "test_season_totals.TestSeasonTotals)\nAssertionError: 18450.0 != "
                            "12200.0 : Cwm Perllan deliveries counted in Quern Hollow totals\n"
                            "odoo.tests.result: 1 failed, 0 error(s) of 15 tests", 2),
              "revert": bash(f"git checkout -- {totals}", ""),
              "conclusion": "Reverted. The raw query was fast (4.1 s down to 0.3 s) but "
                            "self.env.cr.execute goes straight to Postgres and skips the ORM's "
                            "record rules, so the multi-company test caught Cwm Perllan's "
                            "deliveries being added into Quern Hollow's totals. Staying on the "
                            "ORM — a read_group over quern.delivery grouped by member gets "
                            "most of the speed without going around the rules.",
              "want": "the season totals report is really slow. any reason not to do it in "
                      "plain sql?",
              "offer": "It loops over members and searches deliveries one member at a time. A "
                       "single self.env.cr.execute with GROUP BY member_id would do it in one "
                       "query. Shall I?",
              "story": "they did exactly that with cr.execute in the spring. fast, 4 seconds "
                       "down to 0.3, but it skips record rules and the multi-company test "
                       "caught the other co-op's kilos (Cwm Perllan) in our totals. so it "
                       "went back to the orm"}),
    ]
    learn = [
        ("what does `yield` do in a python function? i see it in some test helpers",
         "It turns the function into a generator: calling it returns an iterator, and each "
         "`yield` hands one value out and pauses the function until the next value is asked "
         "for. In test helpers it's often a fixture: code before the yield is setup, code "
         "after it is teardown."),
        ("what's the difference between `is` and `==` in python?",
         "`==` asks whether two objects are equal (it calls __eq__); `is` asks whether they "
         "are the very same object in memory. Use `is` only for singletons like None."),
        ("what is an xpath, in simple terms?",
         "A path language for picking nodes out of an XML tree — like a file path, but with "
         "conditions: //field[@name='partner_id'] means 'any field element whose name "
         "attribute is partner_id, anywhere in the document'."),
        ("why do people say 'don't use mutable default arguments' in python?",
         "Because the default is created once, when the function is defined, and shared by "
         "every call: def f(items=[]) appends into the same list each time. Use None and "
         "create the list inside the function."),
    ]
    noise: list[Episode] = [
        look("can you walk me through the pressing slot model? i've never used odoo before",
             slot_py,
             "from odoo import api, fields, models\nfrom odoo.exceptions import "
             "ValidationError\n\n\nclass PressingSlot(models.Model):\n    _name = "
             "'quern.pressing.slot'\n    _description = 'Pressing slot'\n    _order = "
             "'start_at'\n\n    name = fields.Char(readonly=True, default='/')\n    member_id "
             "= fields.Many2one('res.partner', required=True)\n    start_at = "
             "fields.Datetime(required=True)\n    duration_h = fields.Float(default=1.0)\n    "
             "variety_id = fields.Many2one('quern.apple.variety')\n    state = "
             "fields.Selection([('booked', 'Booked'), ('pressed', 'Pressed'), ('cancelled', "
             "'Cancelled')], default='booked')\n\n    @api.constrains('start_at', "
             "'duration_h')\n    def _check_overlap(self):\n        ...\n",
             "It's one Odoo model, quern.pressing.slot: each record is a booking of the press. "
             "The fields are declared as class attributes — member_id links to a contact, "
             "start_at is when the slot begins, state moves booked → pressed (or cancelled). "
             "Odoo creates the table and columns from these declarations. The @api.constrains "
             "method runs whenever start_at or duration_h change and raises a ValidationError "
             "if the slot overlaps another one."),
        talk("whats the difference between a Many2one and a One2many in odoo? sorry if dumb",
             "Not dumb. A Many2one is a real column: many records point at one other record "
             "(many deliveries → one member). A One2many is its reverse and has no column of "
             "its own: from the member you see all the deliveries whose Many2one points back. "
             "A One2many always names the Many2one field on the other model it mirrors."),
        find("where do we send the pressing confirmation email from?",
             "mail_template_pressing_confirm",
             ["addons/quern_pressing/data/mail_templates.xml",
              "addons/quern_pressing/models/pressing_slot.py"],
             "The template is defined in data/mail_templates.xml, and pressing_slot.py sends "
             "it from action_confirm with message_post_with_source."),
        tweak("typo on the slot form, it says 'Varitey'", slot_xml,
              "<field name=\"variety_id\" string=\"Varitey\"/>",
              "<field name=\"variety_id\" string=\"Variety\"/>",
              "Fixed the label on the slot form."),
        run("is odoo even up right now?",
            "docker compose ps --format '{{.Service}} {{.Status}}'",
            "db Up 3 hours\nodoo Up 3 hours",
            "Both containers are up, for three hours now."),
        talk("what's the difference between a list comprehension and a generator expression "
             "in python?",
             "Square brackets build the whole list in memory right away; round brackets give a "
             "generator that produces items one at a time as you loop. Use the generator when "
             "you only iterate once, e.g. sum(x.weight for x in lines)."),
        steps("what's been happening in the deposit addon lately?",
              [bash("git log --oneline -5 -- addons/quern_deposit",
                    "3e9a1c2 deposit: refund by bank transfer\n91f0d4b deposit: crate "
                    "returns\n0c7e2aa deposit: fix rounding on 33cl bottles\n5b2d9f1 deposit: "
                    "portal list of returns\n8a11e03 deposit: initial module")],
              "Five commits: refunds by bank transfer, crate returns, a rounding fix for 33cl "
              "bottles, a portal list of returns, and the initial module."),
        look("what's in the odoo config file? trying to understand the setup",
             "config/odoo.conf",
             "[options]\naddons_path = /mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/"
             "addons\ndb_host = db\ndb_user = odoo\nworkers = 0\nmax_cron_threads = 1\n"
             "log_level = info\nlist_db = False\n",
             "It points Odoo at the co-op's addons plus the standard ones, connects to the db "
             "container, and runs single-process (workers = 0) with one cron thread — fine "
             "for development. list_db = False hides the database manager page."),
        [Step(prompt="explain what this xpath in the inherited partner view does"),
         Step(text="Sure — opening the view first."),
         Step(prompt=_INTERRUPTED),
         Step(prompt="nvm, Priya just explained it. it adds the member number after the vat "
                     "field"),
         Step(text="Right — an xpath with position=\"after\" inserts the new field right "
                   "after the matched node in the parent view.")],
        [Step(prompt="which places in the code send emails? i want a list"),
         Step(tools=[agent("List email-sending code",
                           "Find every place in addons/ that sends email (mail templates, "
                           "message_post, mail.mail).",
                           "Four: quern_pressing sends the slot confirmation (action_confirm) "
                           "and the day-before reminder (cron); quern_deposit sends deposit "
                           "reminders (cron) and the refund notice (action_refund). All use "
                           "mail templates in data/mail_templates.xml of their module.",
                           "a41c9e07d2b1", "Explore", 6)]),
         Step(text="Four places: slot confirmation and day-before reminder in quern_pressing; "
                   "deposit reminders and refund notice in quern_deposit. All go through mail "
                   "templates.")],
    ]
    return Project(
        "quernhollow", "git@github.com:quernhollow-coop/quernhollow.git",
        {"README.md": "# quernhollow\n\nOdoo 17 addons for the cider co-operative: pressing "
                      "slots, weigh-ins, deposits, member portal.\n",
         "addons/quern_pressing/__init__.py": "from . import models\n"},
        _equip(facts, who=("Priya", "Tomasz"), learn=learn,
               onboarding=("docs/onboarding.md", "## Gotchas\n\n")),
        noise, "postgres")


# ------------------------------------------------------------------- brackenrig
def brackenrig() -> Project:
    promote = "slices/entries/operations/promote_from_waitlist.rb"
    contract = "slices/entries/contracts/new_entry.rb"
    importer = "slices/results/operations/import_si.rb"
    member_repo = "slices/results/repos/member_repo.rb"
    facts = [
        Fact("conv-deps", "convention", ["include Deps"],
             ["in the new waitlist operation, how should I get hold of the entry repo — just "
              "call EntryRepo.new?",
              "wire the results importer up to the race repo"],
             "In brackenrig, operations, actions and mailers get their collaborators with "
             "`include Deps[\"repos.entry_repo\", ...]` (injection from the slice container), "
             "never by calling SomeRepo.new inside the class, so specs can stub them through "
             "the container.",
             {"task": "write a PromoteFromWaitlist operation in the entries slice that moves "
                      "the first waitlisted runner into a freed place and emails them",
              "rule": "operations never new up repos or other operations themselves — it's "
                      "include Deps[...] at the top of the class, so the specs can stub them "
                      "through the container",
              "contrary": write(promote,
                                "module Entries\n  module Operations\n    class "
                                "PromoteFromWaitlist < Entries::Operation\n      def "
                                "initialize\n        @entry_repo = Entries::Repos::EntryRepo."
                                "new\n        @mailer = Entries::Mailers::PlaceOffered.new\n"
                                "      end\n\n      def call(race_id)\n        entry = "
                                "@entry_repo.first_waitlisted(race_id)\n        return "
                                "Failure(:waitlist_empty) unless entry\n\n        "
                                "@entry_repo.promote(entry.id)\n        @mailer.deliver(entry)"
                                "\n        Success(entry)\n      end\n    end\n  end\nend\n"),
              "follow": [write(promote,
                               "module Entries\n  module Operations\n    class "
                               "PromoteFromWaitlist < Entries::Operation\n      include Deps["
                               "\"repos.entry_repo\", \"mailers.place_offered\"]\n\n      def "
                               "call(race_id)\n        entry = entry_repo.first_waitlisted("
                               "race_id)\n        return Failure(:waitlist_empty) unless entry"
                               "\n\n        entry_repo.promote(entry.id)\n        "
                               "place_offered.deliver(entry)\n        Success(entry)\n      end"
                               "\n    end\n  end\nend\n"),
                         write("spec/slices/entries/operations/promote_from_waitlist_spec.rb",
                               "RSpec.describe Entries::Operations::PromoteFromWaitlist do\n  "
                               "subject(:operation) { described_class.new(entry_repo:, "
                               "place_offered:) }\n\n  let(:entry_repo) { instance_double("
                               "Entries::Repos::EntryRepo, promote: true) }\n  let("
                               ":place_offered) { instance_double(Entries::Mailers::"
                               "PlaceOffered, deliver: true) }\n\n  it \"fails when nobody is "
                               "waiting\" do\n    allow(entry_repo).to receive("
                               ":first_waitlisted).and_return(nil)\n    expect(operation.call("
                               "7)).to be_failure\n  end\nend\n")],
              "done": "PromoteFromWaitlist is in slices/entries/operations/ with the entry repo "
                      "and the place-offered mailer injected through Deps; the spec passes "
                      "doubles in as keyword arguments and covers the empty-waitlist Failure.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Dependencies\n\nNever instantiate repos, operations "
                      "or mailers inside another class (`EntryRepo.new`). Declare them with "
                      "`include Deps[\"repos.entry_repo\"]` so they resolve from the slice "
                      "container and specs can pass doubles in.\n\n## Results\n\nResults "
                      "are matched to members by SI card number.\n"),
              "found": "CONTRIBUTING.md is explicit: repos, operations and mailers are never "
                       "instantiated inside another class — they're declared with include "
                       "Deps[\"...\"] so they come from the slice container and specs can pass "
                       "doubles in.",
              "why": "why does every operation start with that Deps[...] line instead of just "
                     "making the repo? feels like magic"}),
        Fact("conv-pence", "convention", ["fee_pence"],
             ["I need to add a late-entry surcharge to races — what type should the amount "
              "column be?",
              "show the entry fee on the race page in pounds"],
             "brackenrig stores every money amount as an integer number of pence in a column "
             "ending _pence (fee_pence, late_surcharge_pence) — never decimal or float pounds; "
             "formatting to £ happens only in the view helper (money).",
             {"task": "add a late entry surcharge to races — a column, and add it to the "
                      "total when an entry comes in after the cutoff",
              "rule": "money is always integer pence in a column ending _pence, like "
                      "fee_pence — no decimals, no floats, and turning it into pounds only "
                      "happens in the view helper",
              "contrary": write("config/db/migrate/20240917093012_add_late_surcharge_to_"
                                "races.rb",
                                "ROM::SQL.migration do\n  change do\n    alter_table :races do"
                                "\n      add_column :late_surcharge, :decimal, size: [6, 2]\n"
                                "    end\n  end\nend\n"),
              "follow": [write("config/db/migrate/20240917093012_add_late_surcharge_pence_to_"
                               "races.rb",
                               "ROM::SQL.migration do\n  change do\n    alter_table :races do"
                               "\n      add_column :late_surcharge_pence, Integer, null: false,"
                               " default: 0\n    end\n  end\nend\n"),
                         edit("slices/entries/operations/create_entry.rb",
                              "        total_pence = race.fee_pence\n",
                              "        total_pence = race.fee_pence\n        total_pence += "
                              "race.late_surcharge_pence if race.past_cutoff?(now)\n")],
              "done": "Added late_surcharge_pence (integer, default 0) to races, and "
                      "CreateEntry adds it to total_pence when the entry is after the cutoff. "
                      "The race page shows it through the money helper.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Money\n\nAll amounts are integers in pence, in "
                      "columns named `*_pence` (`fee_pence`, `refund_pence`). Never `decimal`"
                      " or `float`. Convert to pounds only for display, with "
                      "`money(amount_pence)` from the view helpers.\n"),
              "found": "CONTRIBUTING.md: all amounts are integer pence in columns ending "
                       "_pence (fee_pence, refund_pence) — never decimal or float — and they "
                       "only become pounds for display, through the money view helper.",
              "why": "why is the entry fee stored as 800 in the races table? is that a bug? "
                     "the race is £8"}),
        Fact("cmd-dbprep", "command", ["hanami db prepare"],
             ["on a fresh clone every spec fails with 'relation does not exist' — how do I set "
              "up the test database?",
              "get the club app's test suite running on my new laptop"],
             "In brackenrig the test database is prepared separately: `HANAMI_ENV=test bundle "
             "exec hanami db prepare` (creates and migrates brackenrig_test; rerun after "
             "pulling new migrations), then `bundle exec rspec`; otherwise specs fail with "
             "PG::UndefinedTable.",
             {"goal": "can u run the entries specs? want to see if they pass before i touch "
                      "anything",
              "fail": bash("bundle exec rspec spec/slices/entries",
                           "Randomized with seed 41207\nFFFFFFFFFFFFFFFFFFFFFFF\n\nFailures:\n\n"
                           "  1) Entries::Operations::CreateEntry creates an entry for an open "
                           "race\n     Failure/Error: races.insert(name: \"Borrowdale Fell Race"
                           "\", starts_at: Time.now + 86_400)\n\n     Sequel::DatabaseError:\n"
                           "       PG::UndefinedTable: ERROR:  relation \"races\" does not "
                           "exist\n       LINE 1: INSERT INTO \"races\" (\"name\", \"starts_at"
                           "\") VALUES ('Borrowdale...\n...\nFinished in 0.412 seconds (files "
                           "took 1.21 seconds to load)\n23 examples, 23 failures", 1),
              "note": "The test database exists but has no tables — migrations only ran against "
                      "development. Hanami's db prepare creates the database if needed and "
                      "migrates it, and HANAMI_ENV=test points it at the test one.",
              "ok": bash("HANAMI_ENV=test bundle exec hanami db prepare && bundle exec rspec "
                         "spec/slices/entries",
                         "=> database brackenrig_test created\n=> database brackenrig_test "
                         "migrated in 0.8421s\n\nRandomized with seed 8812\n"
                         ".......................\n\nFinished in 1.94 seconds (files took 1.18 "
                         "seconds to load)\n23 examples, 0 failures"),
              "hint": "you have to prepare the test db first — HANAMI_ENV=test bundle exec "
                      "hanami db prepare, then rspec",
              "script": ("README.md",
                         "# brackenrig\n\nRace entries, waitlists and results for Bracken Rig "
                         "Fell Runners.\n\n## Running the specs\n\n```sh\nHANAMI_ENV=test bundle "
                         "exec hanami db prepare   # once, and after pulling new migrations\n"
                         "bundle exec rspec\n```\n"),
              "done": "23 examples, 0 failures. Rerun the prepare step whenever you pull new "
                      "migrations."}),
        Fact("cmd-dev", "command", ["bin/dev"],
             ["start the app locally so I can click through the entry form",
              "hanami server starts but the pages have no styles and blow up about assets — "
              "what's the right way to run it?"],
             "brackenrig runs locally with `bin/dev` (overmind with Procfile.dev: the Hanami "
             "server plus the assets watcher) on http://localhost:2300; `bundle exec hanami "
             "server` alone fails with Hanami::Assets::ManifestMissingError because nothing "
             "compiled the assets.",
             {"goal": "how do i run the app locally? want to click through the entry form",
              "fail": bash("bundle exec hanami server",
                           "Puma starting in single mode...\n* Listening on http://0.0.0.0:2300"
                           "\n2024-09-18 14:02:19 - Hanami::Assets::ManifestMissingError: "
                           "Missing manifest file at \"public/assets/assets.json\". Have you "
                           "compiled the assets?\n\t/home/dev/.gem/ruby/3.3.0/gems/hanami-"
                           "assets-2.1.0/lib/hanami/assets.rb:71:in `manifest'", 1),
              "note": "The server on its own never builds the CSS and JS — Procfile.dev runs "
                      "the assets watcher next to the web process, and the dev script starts "
                      "both under overmind.",
              "ok": bash("bin/dev",
                         "14:03:40 system   | web.1 started with pid 48211\n14:03:40 system   "
                         "| assets.1 started with pid 48212\n14:03:41 assets.1 | [hanami] "
                         "assets compiled in 612ms, watching for changes\n14:03:42 web.1    | "
                         "* Listening on http://0.0.0.0:2300"),
              "hint": "it's bin/dev, that runs overmind with the Procfile.dev so the assets get "
                      "built as well",
              "script": ("bin/dev",
                         "#!/usr/bin/env sh\n# Local dev: web server + assets watcher (see "
                         "Procfile.dev)\nif ! command -v overmind >/dev/null 2>&1; then\n  echo "
                         "\"overmind is needed: brew install overmind\" >&2\n  exit 1\nfi\nexec "
                         "overmind start -f Procfile.dev \"$@\"\n"),
              "done": "It's up on http://localhost:2300 with the assets watcher running; the "
                      "entry form is at /races/borrowdale/enter."}),
        Fact("env-pg", "environment", ["5433"],
             ["which port is my local club database on? I want to connect with TablePlus",
              "open a psql session on my development database"],
             "brackenrig's local Postgres runs in docker compose and is published on "
             "localhost:5433 (5432 stays free for a system Postgres): DATABASE_URL="
             "postgres://brackenrig:brackenrig@localhost:5433/brackenrig_development in "
             ".env.development.",
             {"goal": "tableplus won't connect to the dev database on 5432. what port does "
                      "this project use?",
              "probe": [bash("grep DATABASE_URL .env.development .env.test",
                             ".env.development:DATABASE_URL=postgres://brackenrig:brackenrig@"
                             "localhost:5433/brackenrig_development\n.env.test:DATABASE_URL="
                             "postgres://brackenrig:brackenrig@localhost:5433/brackenrig_test"),
                        bash("docker compose port postgres 5432", "0.0.0.0:5433")],
              "confirm": "Postgres runs in docker compose and is published on localhost:5433, "
                         "not 5432 — .env.development has DATABASE_URL=postgres://brackenrig:"
                         "brackenrig@localhost:5433/brackenrig_development (user and password "
                         "both brackenrig). The test database lives on the same server.",
              "while": ("is the postgres container even running? tableplus just times out",
                        "It's running — compose shows the postgres service up and publishing "
                        "its port."),
              "hunch": "it's not the usual port because of some clash"}),
        Fact("env-mail", "environment", ["8025"],
             ["where do emails go when I'm running the club app locally? I want to see the "
              "entry confirmation",
              "show me what the waitlist place-offered email looks like in development"],
             "In brackenrig development, mail goes to Mailpit from docker compose: SMTP on "
             "localhost:1025 (SMTP_HOST / SMTP_PORT in .env.development) and the web inbox at "
             "http://localhost:8025.",
             {"goal": "i submitted a test entry — where does the confirmation email end up "
                      "locally? it obviously shouldn't go to a real person",
              "probe": [bash("grep -n SMTP .env.development config/settings.rb",
                             ".env.development:4:SMTP_HOST=localhost\n.env.development:5:"
                             "SMTP_PORT=1025\nconfig/settings.rb:12:    setting :smtp_host, "
                             "default: \"localhost\", constructor: Types::String\nconfig/"
                             "settings.rb:13:    setting :smtp_port, default: 1025, "
                             "constructor: Types::Params::Integer"),
                        bash("docker compose ps mailpit --format '{{.Name}} {{.Ports}}'",
                             "brackenrig-mailpit-1 0.0.0.0:1025->1025/tcp, 0.0.0.0:8025->"
                             "8025/tcp")],
              "confirm": "Nothing leaves your machine: in development the app sends over SMTP "
                         "to Mailpit on localhost:1025 (SMTP_HOST/SMTP_PORT in "
                         ".env.development), and Mailpit's inbox is at http://localhost:8025 — "
                         "your entry confirmation will be sitting there.",
              "while": ("is there anything in the dev setup that could email a real runner by "
                        "accident?",
                        "No — development SMTP points at a local catcher container, not a real "
                        "relay."),
              "hunch": "some mail catcher thing in docker"}),
        Fact("gotcha-encoding", "gotcha", ["Windows-1252"],
             ["the results import crashed on Saturday's file with an invalid byte sequence "
              "error — what's wrong with the file?",
              "import the timing results from Sunday's race"],
             "The SPORTident exports brackenrig imports are Windows-1252, semicolon-separated: "
             "read them with CSV.read(path, col_sep: \";\", encoding: \"Windows-1252:UTF-8\") "
             "— read as UTF-8 they crash (CSV::InvalidEncodingError) on names like Órla "
             "Ó Súilleabháin.",
             {"symptom": "results import blew up on saturday's file. it worked for the last "
                         "race??",
              "trace": "$ bundle exec hanami results:import tmp/si/borrowdale-2024.csv\n"
                       "CSV::InvalidEncodingError: Invalid byte sequence in UTF-8 in line 47.\n"
                       "  /home/dev/.gem/ruby/3.3.0/gems/csv-3.2.8/lib/csv/parser.rb:1147:in "
                       "`parse_quotable_robust'\n  slices/results/operations/import_si.rb:14:"
                       "in `call'",
              "probe": [bash("file tmp/si/borrowdale-2024.csv",
                             "tmp/si/borrowdale-2024.csv: ISO-8859 text, with CRLF line "
                             "terminators"),
                        bash("sed -n 47p tmp/si/borrowdale-2024.csv | iconv -f WINDOWS-1252 "
                             "-t UTF-8",
                             "214;Órla;Ó Súilleabháin;Bracken Rig FR;01:12:44;OK")],
              "explain": "SPORTident exports the results in Windows-1252, not UTF-8. The last "
                         "race happened to have no accented names; this one has Órla Ó "
                         "Súilleabháin on line 47, and the byte for Ó isn't valid UTF-8. The "
                         "importer has to tell CSV the source encoding and let Ruby transcode: "
                         "encoding: \"Windows-1252:UTF-8\" (with col_sep: \";\" as before).",
              "told": "ohh right, this is the thing where sportident exports in windows-1252 "
                      "and anyone with a fada in their name breaks the import",
              "fix": [edit(importer,
                           "        rows = CSV.read(path, col_sep: \";\", headers: true)",
                           "        # SPORTident exports Windows-1252: transcode on read\n"
                           "        rows = CSV.read(path, col_sep: \";\", headers: true, "
                           "encoding: \"Windows-1252:UTF-8\")"),
                      bash("bundle exec hanami results:import tmp/si/borrowdale-2024.csv",
                           "imported 312 results for Borrowdale Fell Race 2024 (0 unmatched "
                           "cards)")],
              "done": "All 312 results imported, and line 47 reads Órla Ó Súilleabháin "
                      "properly.",
              "title": "timing exports are not UTF-8"}),
        Fact("gotcha-maybe", "gotcha", ["maybe(:string)"],
             ["the entry form says 'club must be filled' when a runner leaves club empty, but "
              "club is optional — why?",
              "add an optional emergency contact phone number to the entry form"],
             "In brackenrig's dry-validation contracts a field a form may leave blank must be "
             "`optional(:club).maybe(:string)`: an HTML form sends a blank field as \"\", "
             "which filled(:string) rejects ('must be filled'); with maybe the params "
             "processor turns \"\" into nil and accepts it.",
             {"symptom": "runners without a club can't enter!! the form says 'club must be "
                         "filled' but the field isn't even required",
              "trace": "POST /races/borrowdale/enter\nparams: {\"entry\"=>{\"first_name\"=>"
                       "\"Tom\", \"last_name\"=>\"Ashworth\", \"club\"=>\"\", \"si_card\"=>"
                       "\"2081744\"}}\n=> 422 {\"club\"=>[\"must be filled\"]}",
              "probe": [read(contract,
                             "module Entries\n  module Contracts\n    class NewEntry < "
                             "Dry::Validation::Contract\n      params do\n        required("
                             ":first_name).filled(:string)\n        required(:last_name)."
                             "filled(:string)\n        optional(:club).filled(:string)\n        "
                             "optional(:si_card).filled(:integer)\n      end\n    end\n  end\n"
                             "end\n")],
              "explain": "optional(:club) only means the key may be missing — but a form "
                         "always sends every field, and a blank one arrives as an empty "
                         "string, which filled(:string) rejects. For a field a form can leave "
                         "blank the schema needs optional(:club).maybe(:string): the params "
                         "processor turns \"\" into nil, and maybe accepts nil.",
              "told": "oh right, that's the dry-schema thing where the form sends an empty "
                      "string rather than nothing — it needs maybe(:string), not filled",
              "fix": [edit(contract,
                           "        optional(:club).filled(:string)\n        optional("
                           ":si_card).filled(:integer)",
                           "        optional(:club).maybe(:string)\n        optional(:si_card)"
                           ".maybe(:integer)"),
                      bash("bundle exec rspec spec/slices/entries/contracts/new_entry_spec.rb",
                           "......\n\nFinished in 0.05 seconds (files took 0.9 seconds to "
                           "load)\n6 examples, 0 failures")],
              "done": "A blank club (and a blank SI card, same problem) now comes through as "
                      "nil; I added a spec for the empty-string case.",
              "title": "blank optional form fields rejected"}),
        Fact("fals-parallel", "falsified", ["parallel_tests"],
             ["the spec suite takes 9 minutes — can we spread it over several CPU cores?",
              "make the club app's test suite faster"],
             "Running brackenrig's specs with the parallel_tests gem (4 processes) was tried "
             "and reverted: every process used the same brackenrig_test database, so 37 "
             "examples failed on unique violations and deadlocks; it would need one database "
             "per process (TEST_ENV_NUMBER), which isn't set up.",
             {"ask": "the full spec run takes 9 minutes on my laptop. can we run it in "
                     "parallel? i've got 8 cores doing nothing",
              "change": [edit("Gemfile", "group :test do\n  gem \"rspec\"",
                              "group :test do\n  gem \"parallel_tests\"\n  gem \"rspec\""),
                         bash("bundle install --quiet", "")],
              "broke": bash("bundle exec parallel_rspec -n 4 spec/",
                            "4 processes for 61 specs, ~ 15 specs per process\n...\n"
                            "PG::UniqueViolation: ERROR:  duplicate key value violates unique "
                            "constraint \"runners_si_card_key\"\n...\nPG::TRDeadlockDetected: "
                            "ERROR:  deadlock detected\n...\n412 examples, 37 failures\n\nTook "
                            "161 seconds (2:41)", 1),
              "revert": bash("git checkout -- Gemfile Gemfile.lock && bundle install --quiet",
                             ""),
              "conclusion": "Reverted. parallel_tests did cut the run to under three minutes, "
                            "but all four processes used the same brackenrig_test database, so "
                            "37 examples failed — unique violations on runners' SI cards and "
                            "deadlocks from the table cleaning between examples. It only works "
                            "with one database per process (TEST_ENV_NUMBER in DATABASE_URL, "
                            "each prepared separately), which this setup doesn't have.",
              "want": "the spec suite is painfully slow. is there a way to run it in "
                      "parallel?",
              "offer": "The parallel_tests gem splits the suite across processes "
                       "(parallel_rspec -n 4) — with 8 cores that should cut it to a third or "
                       "so. Want me to add it?",
              "story": "they tried parallel_tests in the spring. all 4 processes hit the same "
                       "test database, 37 failures from unique violations and deadlocks. "
                       "you'd need a separate db per process and nobody set that up, so it got "
                       "pulled"}),
        Fact("fals-trgm", "falsified", ["pg_trgm"],
             ["lots of race results don't get matched to club members because of spelling "
              "differences — could we match names fuzzily?",
              "link the unmatched results from the last race to the right members "
              "automatically"],
             "Fuzzy-matching imported results to brackenrig members by name (pg_trgm "
             "similarity > 0.4) was tried and reverted: 23 of 188 links contradicted the SI "
             "card numbers (Ciara Byrne → Ciaran Byrne); results match on SI card number only "
             "and the rest go to the manual review queue.",
             {"ask": "half the results from the Ennerdale import didn't match any member "
                     "because of name spellings. can you match on similar names instead of "
                     "exact ones?",
              "change": [write("config/db/migrate/20240921101500_enable_pg_trgm.rb",
                               "ROM::SQL.migration do\n  up { run \"CREATE EXTENSION IF NOT "
                               "EXISTS pg_trgm\" }\n  down { run \"DROP EXTENSION pg_trgm\" }\n"
                               "end\n"),
                         edit(member_repo,
                              "members.where(first_name: first, last_name: last).one",
                              "members.where(Sequel.lit(\"similarity(first_name || ' ' || "
                              "last_name, ?) > 0.4\", \"#{first} #{last}\")).order(Sequel.lit("
                              "\"similarity(first_name || ' ' || last_name, ?) DESC\", \"#{first}"
                              " #{last}\")).first")],
              "broke": bash("bundle exec hanami results:rematch --season 2023 --dry-run",
                            "would link 188 results\ncross-checked against SI card numbers: 23 "
                            "conflicts\n  Ciara Byrne (card 2044918) -> member Ciaran Byrne "
                            "(card 8650213)\n  J. Harker -> member Jo Harker (club: Keswick AC)"
                            "\n  ...\nFAIL: 23 links contradict card numbers", 1),
              "revert": bash(f"git checkout -- {member_repo} && rm config/db/migrate/"
                             "20240921101500_enable_pg_trgm.rb", ""),
              "conclusion": "Reverted. Trigram similarity over 0.4 linked 188 results, but 23 "
                            "of them contradict the SI card numbers — Ciara Byrne went to "
                            "Ciaran Byrne, J. Harker to a Jo Harker from another club. Names "
                            "are too alike for fuzzy matching to be safe; results stay "
                            "matched by SI card number and the unmatched ones go to the review "
                            "queue for a person to check.",
              "want": "loads of results don't match a member just because someone typed "
                      "their name differently at registration. can the importer be smarter "
                      "about names?",
              "offer": "Postgres' pg_trgm extension can rank members by name similarity — we "
                       "could link when the similarity is over about 0.4. Want me to try it?",
              "story": "they tried pg_trgm on the 2023 results and it linked Ciara Byrne to "
                       "Ciaran Byrne and a bunch of others to the wrong person, 23 wrong links "
                       "in one go. so we only match on the SI card number and a human checks "
                       "the rest"}),
    ]
    learn = [
        ("what's the difference between a symbol and a string in ruby? like :name vs \"name\"",
         "A symbol is an immutable, interned name — every :name is the same object — so it's "
         "cheap to compare and used for identifiers like hash keys and method names. A string "
         "is mutable text you build, change and show to people."),
        ("can you explain block vs proc vs lambda in ruby? i keep mixing them up",
         "A block is the chunk of code you pass to a method with do…end or {}; it isn't an "
         "object until captured. A proc is a block turned into an object. A lambda is a proc "
         "that checks its argument count and whose `return` only leaves the lambda itself, "
         "like a method."),
        ("what does `&.` do in ruby?",
         "It's the safe navigation operator: a&.b calls b only if a isn't nil, and returns nil "
         "otherwise — a shorter version of a && a.b."),
        ("what's a monad, in practical terms? people keep saying Success and Failure",
         "For day-to-day purposes: a wrapper for a result that lets you chain steps and stop "
         "at the first failure without nested ifs. Success(value) carries on to the next step, "
         "Failure(reason) skips the rest and comes out the end."),
    ]
    noise: list[Episode] = [
        look("how do views work in hanami? what's this class vs the .html.erb file?",
             "slices/entries/views/races/show.rb",
             "module Entries\n  module Views\n    module Races\n      class Show < "
             "Entries::View\n        expose :race\n\n        expose :places_left do |race:|\n"
             "          race.entry_limit - race.entries_count\n        end\n      end\n    end\n"
             "  end\nend\n",
             "The class decides what the template can see: each expose is a value passed to "
             "templates/races/show.html.erb. places_left is computed from race, so the "
             "template can just write <%= places_left %>. The action calls the view; the view "
             "renders the template."),
        talk("what's the difference between `puts` and `p` in ruby?",
             "puts prints the to_s of the value and returns nil; p prints the inspect form "
             "(quotes around strings, nil shown as nil) and returns the value itself, which is "
             "why it's handy for debugging in the middle of an expression."),
        find("where do we send the entry confirmation email?", "EntryConfirmed",
             ["slices/entries/mailers/entry_confirmed.rb",
              "slices/entries/operations/create_entry.rb"],
             "The mailer is slices/entries/mailers/entry_confirmed.rb, and CreateEntry sends it "
             "as its last step once the entry is saved."),
        tweak("the seeds spell it 'Borowdale', fix that", "config/db/seeds.rb",
              "races.insert(name: \"Borowdale Fell Race\"",
              "races.insert(name: \"Borrowdale Fell Race\"",
              "Fixed the race name in the seeds."),
        run("what's the newest migration?", "ls config/db/migrate | tail -3",
            "20240902141100_create_waitlist_entries.rb\n20240910083000_add_si_card_to_runners."
            "rb\n20240915120000_add_cutoff_to_races.rb",
            "The newest is 20240915120000_add_cutoff_to_races.rb, before that the SI card "
            "column on runners and the waitlist table."),
        talk("why do people write `frozen_string_literal: true` at the top of ruby files?",
             "It makes every string literal in that file frozen (immutable), which saves "
             "allocations and catches accidental mutation. Code that needs to change a string "
             "has to dup it or use String.new."),
        steps("what's landed on main this week?",
              [bash("git log --oneline --since=1.week",
                    "c07e1a9 results: show DNF separately\n5a3d8e2 entries: waitlist position "
                    "on the confirmation page\n9b1f6c4 races: cutoff time\n2f8a0d7 deps: "
                    "bump hanami to 2.1.2")],
              "Four commits: DNFs listed separately in results, waitlist position on the "
              "confirmation page, a race cutoff time, and a Hanami patch bump."),
        [Step(prompt="explain what the results slice does, start from the import operation"),
         Step(text="Sure — reading the import operation first."),
         Step(prompt=_INTERRUPTED),
         Step(prompt="sorry, Dougie's just walked me through it. skip that"),
         Step(text="No problem — shout if anything in it is unclear later.")],
        [Step(prompt="what happens to the waitlist when someone withdraws? i want to "
                     "understand the flow"),
         Step(tools=[agent("Trace the withdrawal flow",
                           "Follow what happens in slices/entries when an entry is withdrawn, "
                           "up to any waitlist change and emails.",
                           "WithdrawEntry marks the entry withdrawn and publishes "
                           "entries.withdrawn; a listener in slices/entries/listeners enqueues "
                           "nothing — it calls PromoteFromWaitlist synchronously, which takes "
                           "the first waitlisted entry (by position), promotes it and emails "
                           "the runner. If the race has started no promotion happens.",
                           "5f0b2e9c7a31", "Explore", 7)]),
         Step(text="Withdrawing marks the entry withdrawn and fires an event; a listener "
                   "promotes the first person on the waitlist straight away and emails them — "
                   "unless the race has already started.")],
        talk("is it bad that i don't understand half of the ROM code? feeling a bit lost",
             "Not at all — ROM is unusual if you've come from ActiveRecord. The short "
             "version: relations describe tables and queries, repos are the app-facing "
             "methods built on them, and structs are the plain read-only objects you get "
             "back. Reading one repo end to end is the fastest way in."),
    ]
    return Project(
        "brackenrig", "git@github.com:bracken-rig-fr/brackenrig.git",
        {"README.md": "# brackenrig\n\nRace entries, waitlists and results for Bracken Rig "
                      "Fell Runners (Hanami 2.1).\n",
         "Gemfile": "source \"https://rubygems.org\"\n\ngem \"hanami\", \"~> 2.1\"\n"},
        _equip(facts, who=("Dougie", "Aisling"), learn=learn,
               onboarding=("docs/new-starters.md", "## Things that bit us\n\n")),
        noise, "stripe")


# ------------------------------------------------------------------- lanternleaf
def lanternleaf() -> Project:
    card = "app/components/badge-card.gts"
    board = "app/components/leaderboard.gts"
    log_form = "app/components/reading-log-form.gts"
    facts = [
        Fact("conv-droptask", "convention", ["dropTask"],
             ["kids double-click 'log a book' and sometimes it saves twice — how are we "
              "supposed to handle async buttons in components?",
              "add a 'claim badge' button to the badge card that posts to the API"],
             "In lanternleaf, async work in components is an ember-concurrency task and submit "
             "buttons use a dropTask (`claim = dropTask(async () => …)`, the button disabled on "
             "claim.isRunning) — never an async action with an isLoading flag; that's what "
             "stops double-clicks creating duplicate reading logs.",
             {"task": "add a 'claim badge' button to the BadgeCard component that posts the "
                      "claim and then shows the badge as claimed",
              "rule": "anything async in a component is an ember-concurrency task, and submit "
                      "buttons are always a dropTask so a double-click can't fire it twice — "
                      "no async methods with an isLoading flag",
              "contrary": edit(card,
                               "export default class BadgeCard extends Component<Signature> "
                               "{\n",
                               "export default class BadgeCard extends Component<Signature> "
                               "{\n  @tracked isLoading = false;\n\n  @action async claim() {\n"
                               "    this.isLoading = true;\n    await this.store.createRecord("
                               "'badge-claim', { badge: this.args.badge }).save();\n    "
                               "this.isLoading = false;\n  }\n"),
              "follow": [edit(card,
                              "export default class BadgeCard extends Component<Signature> {\n",
                              "export default class BadgeCard extends Component<Signature> {\n"
                              "  @service declare store: StoreService;\n\n  claim = dropTask("
                              "async () => {\n    await this.store.createRecord('badge-claim', "
                              "{ badge: this.args.badge }).save();\n  });\n"),
                         edit(card, "    <span class=\"badge-card__name\">{{@badge.name}}"
                                    "</span>\n",
                              "    <span class=\"badge-card__name\">{{@badge.name}}</span>\n"
                              "    <button type=\"button\" {{on \"click\" this.claim.perform}}"
                              " disabled={{this.claim.isRunning}}>\n      {{t \"badges.claim"
                              "\"}}\n    </button>\n")],
              "done": "BadgeCard has a claim dropTask; the button is disabled while it runs "
                      "and the card flips to claimed once the save resolves. The integration "
                      "test double-clicks it and asserts a single POST.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Async in components\n\nUse ember-concurrency tasks "
                      "for anything async. Buttons that submit use `dropTask`: a second click "
                      "while the task runs is dropped. Do not write `@action async` methods "
                      "with an `isLoading` flag — in 2023 double-clicks created duplicate "
                      "reading logs.\n"),
              "found": "CONTRIBUTING.md says async work in components is always an "
                       "ember-concurrency task, and submit buttons use dropTask so a second "
                       "click while it runs is dropped — no async actions with an isLoading "
                       "flag (double-clicks created duplicate reading logs in 2023).",
              "why": "why are all the buttons in here wired to some `.perform` thing instead "
                     "of a normal click handler? what even is perform"}),
        Fact("conv-welsh", "convention", ["cy.yaml"],
             ["I'm adding a new heading to the leaderboard page — where does the text go?",
              "put a 'Well done!' message on the badge popup"],
             "lanternleaf is bilingual: every user-facing string is an ember-intl key ({{t}}) "
             "with an entry in both translations/en-gb.yaml and translations/cy.yaml (Welsh); "
             "a key missing from cy.yaml fails the build (errorOnMissingTranslations).",
             {"task": "add a 'Books this week' heading above the leaderboard list",
              "rule": "no literal text in templates — every string is a {{t}} key, and it goes "
                      "into translations/cy.yaml as well as en-gb.yaml. the challenge is "
                      "bilingual and a key missing from the welsh file fails the build",
              "contrary": edit(board, "  <ol class=\"leaderboard\">\n",
                               "  <h2>Books this week</h2>\n  <ol class=\"leaderboard\">\n"),
              "follow": [edit(board, "  <ol class=\"leaderboard\">\n",
                              "  <h2>{{t \"leaderboard.this-week\"}}</h2>\n  <ol class="
                              "\"leaderboard\">\n"),
                         edit("translations/en-gb.yaml", "leaderboard:\n",
                              "leaderboard:\n  this-week: Books this week\n"),
                         edit("translations/cy.yaml", "leaderboard:\n",
                              "leaderboard:\n  this-week: Llyfrau'r wythnos hon\n")],
              "done": "The heading is in, behind the leaderboard.this-week key, with the "
                      "English and the Welsh strings. Worth getting a Welsh speaker to check "
                      "the wording.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Text\n\nThe challenge runs in English and Welsh. "
                      "No literal strings in templates: use `{{t \"key\"}}` and add the key "
                      "to **both** `translations/en-gb.yaml` and `translations/cy.yaml`. "
                      "`errorOnMissingTranslations` is on, so a key missing from cy.yaml "
                      "fails the build. No Welsh yet? Put the English in with a `# TODO "
                      "cy` comment and ask in the team channel.\n"),
              "found": "CONTRIBUTING.md: no literal strings in templates — every piece of text "
                       "is a {{t}} key added to both translations/en-gb.yaml and "
                       "translations/cy.yaml, and the build fails on a key missing from the "
                       "Welsh file.",
              "why": "why does the build fail when i put plain text in a template? the error "
                     "says something about a missing translation"}),
        Fact("cmd-tests", "command", ["test:ember"],
             ["run just the badge tests",
              "pnpm test takes forever and dies on lint before any test runs — how do I run "
              "only the app's tests, filtered?"],
             "lanternleaf: run the Ember tests on their own (optionally filtered) with `pnpm "
             "test:ember --filter \"badge\"`; plain `pnpm test` runs every lint script first "
             "(concurrently) and kills everything at the first lint error.",
             {"goal": "run the badge tests pls",
              "fail": bash("pnpm test -- --filter badge",
                           "> lanternleaf@0.0.0 test /home/dev/src/lanternleaf\n> concurrently "
                           "\"pnpm:lint\" \"pnpm:test:*\" --names \"lint,test:\"\n\n[lint] > "
                           "eslint . --cache\n[lint] /home/dev/src/lanternleaf/app/components/"
                           "reading-log-form.gts\n[lint]   14:7  error  'formatDate' is "
                           "defined but never used  no-unused-vars\n[lint] ✖ 1 problem (1 "
                           "error, 0 warnings)\n[lint] pnpm run lint exited with code 1\n--> "
                           "Sending SIGTERM to other processes..", 1),
              "note": "`pnpm test` is the CI aggregate — it runs the linters and the tests "
                      "together and kills everything on the first lint error (an unused "
                      "import in reading-log-form, nothing to do with badges). package.json "
                      "has a script that runs only the Ember tests and passes --filter "
                      "through.",
              "ok": bash("pnpm test:ember --filter \"badge\"",
                         "> lanternleaf@0.0.0 test:ember /home/dev/src/lanternleaf\n> ember "
                         "test \"--filter\" \"badge\"\n\nBuilding...\nok 1 Chrome 126.0 - [412 "
                         "ms] - Integration | Component | badge-card: renders the badge name\n"
                         "ok 2 Chrome 126.0 - [98 ms] - Integration | Component | badge-card: "
                         "button is disabled while claiming\nok 3 Chrome 126.0 - [121 ms] - "
                         "Acceptance | badges: a reader sees their earned badges\n...\n1..9\n# "
                         "tests 9\n# pass  9\n# skip  0\n# todo  0\n# fail  0\n\n# ok"),
              "hint": "use pnpm test:ember --filter badge, plain pnpm test runs all the "
                      "linters first",
              "script": ("package.json",
                         "{\n  \"name\": \"lanternleaf\",\n  \"private\": true,\n  \"scripts\": "
                         "{\n    \"build\": \"ember build --environment=production\",\n    "
                         "\"lint\": \"concurrently \\\"pnpm:lint:*(!fix)\\\" --names "
                         "\\\"lint:\\\"\",\n    \"lint:hbs\": \"ember-template-lint .\",\n    "
                         "\"lint:js\": \"eslint . --cache\",\n    \"start\": \"ember serve\",\n"
                         "    \"test\": \"concurrently \\\"pnpm:lint\\\" \\\"pnpm:test:*\\\" "
                         "--names \\\"lint,test:\\\"\",\n    \"test:ember\": \"ember test\"\n  "
                         "}\n}\n"),
              "done": "9 badge tests, all passing. (The unused formatDate import in "
                      "reading-log-form.gts is what broke the full run — want me to remove "
                      "it?)"}),
        Fact("cmd-types", "command", ["glint"],
             ["how do I type-check this project? tsc gives me hundreds of errors in the "
              "component files",
              "check the types before I open the PR"],
             "lanternleaf's .gts components are type-checked with Glint: `pnpm lint:types` "
             "(runs `glint`); plain `tsc --noEmit` can't parse the <template> blocks and "
             "reports hundreds of bogus errors.",
             {"goal": "can you typecheck everything before i push? i changed the badge model",
              "fail": bash("pnpm exec tsc --noEmit",
                           "app/components/badge-card.gts(24,3): error TS1109: Expression "
                           "expected.\napp/components/badge-card.gts(25,5): error TS17008: JSX "
                           "element 'template' has no corresponding closing tag.\napp/"
                           "components/leaderboard.gts(31,3): error TS1109: Expression "
                           "expected.\n...\nFound 214 errors in 31 files.", 2),
              "note": "tsc doesn't understand .gts files — the <template> blocks look like "
                      "broken TypeScript to it. The project type-checks with a template-aware "
                      "wrapper around tsc, and package.json has a script for it.",
              "ok": bash("pnpm lint:types",
                         "> lanternleaf@0.0.0 lint:types /home/dev/src/lanternleaf\n> glint\n"),
              "hint": "pnpm lint:types — that runs glint, tsc on its own doesn't get the "
                      "template files",
              "script": ("package.json",
                         "{\n  \"name\": \"lanternleaf\",\n  \"private\": true,\n  \"scripts\": "
                         "{\n    \"build\": \"ember build --environment=production\",\n    "
                         "\"lint:hbs\": \"ember-template-lint .\",\n    \"lint:js\": \"eslint "
                         ". --cache\",\n    \"lint:types\": \"glint\",\n    \"start\": \"ember "
                         "serve\"\n  }\n}\n"),
              "done": "Glint is clean — no type errors in the templates or the TypeScript "
                      "after the badge model change."}),
        Fact("env-node", "environment", ["20.12.2"],
             ["which node version should I be on for the reading challenge frontend?",
              "set up the right node for this repo on my new laptop"],
             "lanternleaf pins Node 20.12.2 and pnpm 9.4.0 with Volta (the \"volta\" block in "
             "package.json; engines allows >= 20.11 < 21); CI's setup-node reads the same "
             "pin.",
             {"goal": "pnpm install gives me engine warnings, what node version am i meant to "
                      "use here?",
              "probe": [bash("node --version && pnpm --version", "v22.3.0\n9.4.0"),
                        bash("jq '.volta, .engines' package.json",
                             "{\n  \"node\": \"20.12.2\",\n  \"pnpm\": \"9.4.0\"\n}\n{\n  "
                             "\"node\": \">= 20.11 < 21\"\n}")],
              "confirm": "The repo pins Node 20.12.2 (and pnpm 9.4.0) in the volta block of "
                         "package.json, and engines says >= 20.11 < 21 — you're on 22.3.0, "
                         "hence the warnings. With Volta installed it switches by itself in "
                         "this directory; with nvm it's `nvm install 20.12.2`.",
              "while": ("why is pnpm install complaining about engines? will it break "
                        "anything?",
                        "It's a warning because your Node doesn't satisfy the engines range in "
                        "package.json; the install itself finished."),
              "hunch": "it's a 20-something"}),
        Fact("env-api", "environment", ["3060"],
             ["what address does the frontend expect the library API on when I'm developing?",
              "point my local frontend at the API that's running in docker"],
             "In development lanternleaf calls the reading-challenge API at "
             "http://localhost:3060 (config/environment.js: apiHost = process.env.API_HOST || "
             "'http://localhost:3060'); Mirage is only on with MIRAGE=1.",
             {"goal": "the staff dashboard is empty when i run it locally, where does the "
                      "frontend expect the api to be?",
              "probe": [bash("grep -n \"apiHost\\|MIRAGE\" config/environment.js",
                             "18:      apiHost: process.env.API_HOST || 'http://localhost:"
                             "3060',\n41:    ENV['ember-cli-mirage'] = { enabled: process.env."
                             "MIRAGE === '1' };"),
                        bash("curl -s -o /dev/null -w '%{http_code}\\n' http://localhost:3060/"
                             "api/health", "000")],
              "confirm": "In development the app calls the API at http://localhost:3060 "
                         "(apiHost in config/environment.js, overridable with API_HOST), and "
                         "Mirage only runs with MIRAGE=1. Nothing answers on 3060 right now, "
                         "which is why the dashboard's empty — start the API's compose stack, "
                         "or run `MIRAGE=1 pnpm start` for fake data.",
              "while": ("the staff dashboard shows nothing locally — is the frontend broken or "
                        "am i missing data?",
                        "The frontend's fine — it just gets no answer from the API it's "
                        "configured to talk to."),
              "hunch": "some port in the 3000s"}),
        Fact("gotcha-tracked", "gotcha", ["tracked-built-ins"],
             ["I push a new item into a tracked array in my component and the list on screen "
              "doesn't change — why?",
              "make the reading log form add each book to the list underneath as soon as it's "
              "saved"],
             "In lanternleaf (Octane), @tracked only notices reassignment: this.books.push(x) "
             "mutates the array without re-rendering. Use TrackedArray from tracked-built-ins "
             "(already a dependency) or reassign (this.books = [...this.books, x]).",
             {"symptom": "when you log a book the form clears but the book doesn't show up in "
                         "the list below until you reload the page. the save worked, it's in "
                         "the network tab",
              "trace": "POST /api/reading-logs 201 Created (148 ms)\n{\"data\":{\"id\":\"8812\","
                       "\"type\":\"reading-logs\",\"attributes\":{\"title\":\"The Boy at the "
                       "Back of the Class\",\"pages\":304}}}",
              "probe": [read(log_form,
                             "export default class ReadingLogForm extends Component<Signature> "
                             "{\n  @service declare store: StoreService;\n  @tracked books: "
                             "ReadingLog[] = [...this.args.logs];\n\n  save = task(async "
                             "(draft: Draft) => {\n    const log = await this.store."
                             "createRecord('reading-log', draft).save();\n    this.books."
                             "push(log);\n    this.args.onSaved?.();\n  });\n")],
              "explain": "@tracked only notices when the property itself is assigned — "
                         "this.books.push(log) changes the array in place, so Glimmer never "
                         "learns anything changed and the list doesn't re-render until the "
                         "component is rebuilt. Either reassign (this.books = [...this.books, "
                         "log]) or make it a TrackedArray from tracked-built-ins, which tracks "
                         "push itself; the repo already depends on it.",
              "told": "oh right, that's the thing where push on a tracked array doesn't "
                      "rerender because tracked only sees assignment. we use tracked-built-ins "
                      "for that",
              "fix": [edit(log_form,
                           "  @tracked books: ReadingLog[] = [...this.args.logs];",
                           "  books = new TrackedArray<ReadingLog>(this.args.logs);"),
                      edit(log_form, "import Component from '@glimmer/component';",
                           "import Component from '@glimmer/component';\nimport { "
                           "TrackedArray } from 'tracked-built-ins';")],
              "done": "A logged book now shows up in the list straight away; I added an "
                      "assertion for it to the reading-log-form integration test.",
              "title": "push() on a tracked array doesn't re-render"}),
        Fact("gotcha-polling", "gotcha", ["isTesting"],
             ["every acceptance test that opens the leaderboard hangs until it times out — "
              "what's causing it?",
              "add a live counter to the branch dashboard that refreshes every minute"],
             "lanternleaf's polling tasks (the leaderboard's while (true) { await "
             "timeout(30_000) } loop) never settle, so acceptance tests that render them hang "
             "until 'Test took longer than 60000ms'; guard the loop with "
             "macroCondition(isTesting()) from @embroider/macros so tests refresh once.",
             {"symptom": "every acceptance test that goes to /leaderboard times out. they "
                         "passed last week?? the page works fine in the browser",
              "trace": "not ok 14 Chrome 126.0 - [60012 ms] - Acceptance | leaderboard: shows "
                       "the top readers for the branch\n    ---\n        actual: >\n          "
                       "  null\n        stack: >\n            Error: Test took longer than "
                       "60000ms; test timed out.\n        message: >\n            Test took "
                       "longer than 60000ms; test timed out.",
              "probe": [bash(f"git log --oneline -3 -- {board}",
                             "c41d9e2 leaderboard: refresh every 30s\n8a0f3b7 leaderboard: "
                             "branch filter\n2e61d0a leaderboard: show avatars"),
                        read(board,
                             "  poll = restartableTask(async () => {\n    while (true) {\n      "
                             "await this.refresh();\n      await timeout(30_000);\n    }\n  });"
                             "\n")],
              "explain": "The new refresh loop never ends, and acceptance tests wait for the "
                         "app to settle — pending timers included — after every visit(). An "
                         "ember-concurrency timeout inside an endless loop is a pending timer "
                         "forever, so settled() never resolves and QUnit kills the test at "
                         "60 s. Don't loop under test: guard it with macroCondition(isTesting()) "
                         "from @embroider/macros and refresh once instead.",
              "told": "oh, that's the polling thing — an endless timeout loop means the test "
                      "never settles. we wrap those in macroCondition(isTesting()) so they only "
                      "refresh once in tests",
              "fix": [edit(board,
                           "    while (true) {\n      await this.refresh();\n      await "
                           "timeout(30_000);\n    }",
                           "    await this.refresh();\n    // an endless loop never lets tests "
                           "settle: poll only outside tests\n    if (macroCondition(isTesting()"
                           ")) return;\n    while (true) {\n      await timeout(30_000);\n      "
                           "await this.refresh();\n    }"),
                      bash("pnpm ember test --filter leaderboard",
                           "ok 1 Chrome 126.0 - [688 ms] - Acceptance | leaderboard: shows the "
                           "top readers for the branch\nok 2 Chrome 126.0 - [402 ms] - "
                           "Acceptance | leaderboard: filters by branch\n1..2\n# tests 2\n# "
                           "pass  2\n# fail  0\n\n# ok")],
              "done": "The leaderboard acceptance tests pass again in under a second each; in "
                      "the browser it still refreshes every 30 seconds.",
              "title": "endless polling hangs acceptance tests"}),
        Fact("fals-static", "falsified", ["staticComponents"],
             ["the production JS bundle is huge — can't Embroider leave out the components we "
              "don't use?",
              "make the reading challenge app's JavaScript bundle smaller"],
             "Turning on Embroider's staticComponents (with staticHelpers / staticModifiers) "
             "in lanternleaf was tried and reverted: badge icons are rendered by name with "
             "{{component (concat \"badge-icon/\" @badge.kind)}}, which static resolution "
             "can't follow, so the build failed with 'Unsafe dynamic component'; it would need "
             "every icon imported into a lookup map first.",
             {"ask": "the production build is 1.9mb of js and lighthouse is shouting at us. "
                     "can we turn on the embroider static options so unused components get "
                     "dropped?",
              "change": [edit("ember-cli-build.js",
                              "  return require('@embroider/compat').compatBuild(app, Webpack, "
                              "{\n",
                              "  return require('@embroider/compat').compatBuild(app, Webpack, "
                              "{\n    staticHelpers: true,\n    staticModifiers: true,\n    "
                              "staticComponents: true,\n")],
              "broke": bash("pnpm build",
                            "> lanternleaf@0.0.0 build /home/dev/src/lanternleaf\n> ember build "
                            "--environment=production\n\nBuilding into /tmp/embroider/"
                            "4e1a9f\nBuild Error (PackagerRunner)\n\nUnsafe dynamic component: "
                            "(concat \"badge-icon/\" @badge.kind) in app/components/"
                            "badge-card.gts", 1),
              "revert": bash("git checkout -- ember-cli-build.js", ""),
              "conclusion": "Reverted. With staticComponents on, Embroider has to know at "
                            "build time which component every {{component}} call renders, and "
                            "the badge icons are picked by name at runtime ({{component (concat "
                            "\"badge-icon/\" @badge.kind)}}, forty-odd icons) — so the build "
                            "stops with 'Unsafe dynamic component'. It would need every badge "
                            "icon imported into a lookup map first; until then the static "
                            "flags stay off.",
              "want": "lighthouse says our js bundle is way too big. is there an embroider "
                      "setting to drop the components we aren't using?",
              "offer": "Embroider's staticComponents flag (with staticHelpers and "
                       "staticModifiers) resolves components at build time and leaves unused "
                       "ones out of the bundle. Want me to switch it on?",
              "story": "they turned on staticComponents last term and the build died with "
                       "'unsafe dynamic component' — the badge icons are looked up by name "
                       "with the component helper and concat, so embroider can't tell which "
                       "ones are used. it'd need all the icons imported into a map first"}),
        Fact("fals-msw", "falsified", ["msw"],
             ["Mirage feels really dated — could we fake the API in tests with something more "
              "modern?",
              "swap out the API mocking library our tests use"],
             "Replacing ember-cli-mirage with MSW (Mock Service Worker) in lanternleaf's tests "
             "was tried and reverted: the service worker registers asynchronously, so the "
             "first request of each acceptance test escaped to the network — 31 of 47 "
             "acceptance tests failed with 'Failed to fetch'; Mirage stays.",
             {"ask": "can we try msw instead of mirage for the tests? Noor said mirage is "
                     "basically unmaintained",
              "change": [bash("pnpm add -D msw && pnpm exec msw init public/ --save",
                              "Packages: +27\n+++++++++++++++++++++++++++\nProgress: resolved "
                              "1342, reused 1315, downloaded 27, added 27, done\n\nMock "
                              "Service Worker successfully created the worker script at:\n  - "
                              "public/mockServiceWorker.js"),
                         write("tests/helpers/msw.ts",
                               "import { setupWorker } from 'msw/browser';\nimport { handlers "
                               "} from './handlers';\n\nexport const worker = setupWorker("
                               "...handlers);\n\nexport function setupMsw(hooks: NestedHooks) "
                               "{\n  hooks.before(() => {\n    void worker.start({ quiet: true "
                               "});\n  });\n  hooks.after(() => worker.stop());\n}\n")],
              "broke": bash("pnpm ember test --filter Acceptance",
                            "...\nnot ok 2 Chrome 126.0 - [88 ms] - Acceptance | badges: a "
                            "reader sees their earned badges\n    message: >\n        "
                            "TypeError: Failed to fetch\n...\n1..47\n# tests 47\n# pass  16\n# "
                            "fail  31", 1),
              "revert": bash("git checkout -- package.json pnpm-lock.yaml tests/ && rm -f "
                             "public/mockServiceWorker.js tests/helpers/msw.ts && pnpm install "
                             "--silent", ""),
              "conclusion": "Reverted to Mirage. The MSW service worker registers "
                            "asynchronously, and each acceptance test's first request went out "
                            "before the worker controlled the page — 31 of 47 acceptance tests "
                            "failed with 'Failed to fetch'. Mirage intercepts synchronously "
                            "inside the app, so it stays for now.",
              "want": "mirage seems kind of abandoned. is there a more modern way to fake the "
                      "api in our tests?",
              "offer": "MSW (Mock Service Worker) is the usual modern choice — it intercepts "
                       "fetch at the network level, and the same handlers could serve the dev "
                       "server. Want me to swap Mirage for it?",
              "story": "they tried msw in the spring. the service worker registers async, so "
                       "the first request in each acceptance test escaped to the real network "
                       "— 31 failures with 'Failed to fetch'. mirage stays"}),
    ]
    learn = [
        ("what's the difference between == and === in javascript, really?",
         "=== compares without type conversion: same type and same value. == converts first, "
         "so 0 == '' and null == undefined are true. Use === unless you specifically want "
         "null and undefined to count as equal."),
        ("can you explain promises vs async/await? i never know which to use",
         "They're the same thing underneath: an async function returns a promise, and await "
         "waits for one. async/await just lets you write the .then() chain as straight-line "
         "code with try/catch; use it by default, and reach for Promise.all when things can "
         "run at once."),
        ("what does `?.` do in typescript?",
         "Optional chaining: a?.b gives undefined instead of throwing when a is null or "
         "undefined, and a?.() only calls a if it's a function."),
        ("what is a decorator, like the @something above a property?",
         "A function that the language runs on the class member when the class is defined, "
         "so it can wrap or register it — @service injects a service, @action binds the "
         "method to the instance."),
    ]
    noise: list[Episode] = [
        look("what does the badge model look like?", "app/models/badge.ts",
             "import Model, { attr, belongsTo } from '@ember-data/model';\n\nexport default "
             "class Badge extends Model {\n  @attr('string') declare name: string;\n  "
             "@attr('string') declare kind: string;\n  @attr('number') declare booksNeeded: "
             "number;\n  @attr('date') declare earnedAt: Date | null;\n  @belongsTo('reader', "
             "{ async: true, inverse: 'badges' }) declare reader: Reader;\n}\n",
             "A badge has a name, a kind (which picks the icon), the number of books needed, "
             "and earnedAt, which is null until the reader earns it. It belongs to one reader; "
             "the inverse is the reader's badges list."),
        talk("what's the difference between a route and a controller in ember?",
             "The route loads data for a URL (its model hook) and handles transitions; the "
             "controller is the long-lived object behind the route's template, for things "
             "like query params. In modern Ember most logic lives in the route and in "
             "components, and controllers stay thin."),
        find("where is the branch picker used?", "BranchPicker",
             ["app/components/staff-dashboard.gts", "app/components/leaderboard.gts"],
             "Two places: the staff dashboard header and the leaderboard filter."),
        tweak("typo in the english translations, 'Leaderbaord'", "translations/en-gb.yaml",
              "  title: Leaderbaord", "  title: Leaderboard",
              "Fixed the leaderboard title in en-gb.yaml."),
        run("what branch am i on and is it clean?", "git status -sb",
            "## feat/badge-claim...origin/feat/badge-claim\n M app/components/badge-card.gts",
            "You're on feat/badge-claim, tracking origin, with one modified file: "
            "badge-card.gts."),
        look("what does the dashboard route do?", "app/routes/staff/dashboard.ts",
             "export default class StaffDashboardRoute extends Route {\n  @service declare "
             "store: StoreService;\n  @service declare session: SessionService;\n\n  "
             "beforeModel(transition: Transition) {\n    this.session.requireAuthentication("
             "transition, 'login');\n  }\n\n  model() {\n    return this.store.query('reading-"
             "log', { branch: this.session.branchId, since: 'week' });\n  }\n}\n",
             "It sends anyone not logged in to the login page, then loads this week's reading "
             "logs for the logged-in staff member's branch; the template gets them as @model."),
        steps("are any of our dependencies badly out of date?",
              [bash("pnpm outdated --format list",
                    "ember-source 5.8.0 → 5.11.0\n@embroider/compat 3.5.1 → 3.6.1\nqunit-dom "
                    "3.1.2 → 3.2.0")],
              "Three minor updates: ember-source (5.8 → 5.11), @embroider/compat and "
              "qunit-dom. Nothing major."),
        [Step(prompt="explain the leaderboard component to me line by line"),
         Step(text="Sure — reading it first."),
         Step(prompt=_INTERRUPTED),
         Step(prompt="actually nvm, Femi is going to go through it with me after lunch"),
         Step(text="Sounds good — I'm here if anything's still unclear afterwards.")],
        talk("what does the @ in `@badge` mean in templates, vs `this.`?",
             "@badge is an argument the parent passed in (read-only, from this.args); "
             "this.something is state or a getter on the component itself."),
        talk("honestly the ember docs confuse me. is it normal to feel this slow in a new "
             "framework?",
             "Completely normal. Ember has strong conventions, so the first couple of weeks "
             "are about learning where things live; after that it gets faster than most "
             "frameworks because every app is laid out the same way."),
    ]
    return Project(
        "lanternleaf", "git@github.com:county-libraries/lanternleaf.git",
        {"README.md": "# lanternleaf\n\nThe summer reading challenge (Ember Octane), in English "
                      "and Welsh.\n",
         "package.json": "{\n  \"name\": \"lanternleaf\",\n  \"private\": true\n}\n"},
        _equip(facts, who=("Femi", "Noor"), learn=learn,
               onboarding=("docs/onboarding.md", "## Gotchas\n\n")),
        noise, "github")


# ------------------------------------------------------------------- bothywatch
def bothywatch() -> Project:
    reports = "src/routes/reports.rs"
    status = "src/routes/status.rs"
    cargo_ok = ("    Checking bothywatch v0.4.0 (/home/dev/src/bothywatch)\n    Finished `dev` "
                "profile [unoptimized + debuginfo] target(s) in 2.87s")
    facts = [
        Fact("conv-errors", "convention", ["AppError"],
             ["in the new occupancy endpoint, what should the handler do when the database "
              "call fails — unwrap is fine there, right?",
              "add an endpoint that returns a single bothy's latest condition report"],
             "bothywatch handlers return Result<_, AppError> (src/error.rs: it implements "
             "IntoResponse, maps sqlx RowNotFound to 404 and logs the rest as 500) and "
             "propagate with ?; no unwrap() or expect() in handlers.",
             {"task": "add GET /bothies/:id/reports/latest that returns the most recent "
                      "condition report for a bothy, 404 if there isn't one",
              "rule": "handlers never unwrap — they return Result<Json<...>, AppError> and use "
                      "?, and AppError turns RowNotFound into a 404 and logs everything else",
              "contrary": write(reports,
                                "pub async fn latest(\n    State(state): State<AppState>,\n    "
                                "Path(bothy_id): Path<i64>,\n) -> Json<Report> {\n    let "
                                "report = sqlx::query_as!(\n        Report,\n        \"SELECT * "
                                "FROM reports WHERE bothy_id = $1 ORDER BY created_at DESC "
                                "LIMIT 1\",\n        bothy_id\n    )\n    .fetch_one(&state.db)"
                                "\n    .await\n    .unwrap();\n    Json(report)\n}\n"),
              "follow": [write(reports,
                               "pub async fn latest(\n    State(state): State<AppState>,\n    "
                               "Path(bothy_id): Path<i64>,\n) -> Result<Json<Report>, AppError> "
                               "{\n    let report = sqlx::query_as!(\n        Report,\n        "
                               "\"SELECT * FROM reports WHERE bothy_id = $1 ORDER BY created_at "
                               "DESC LIMIT 1\",\n        bothy_id\n    )\n    .fetch_one("
                               "&state.db)\n    .await?;\n    Ok(Json(report))\n}\n"),
                         edit("src/routes/mod.rs",
                              "        .route(\"/bothies/:id\", get(bothies::show))\n",
                              "        .route(\"/bothies/:id\", get(bothies::show))\n        "
                              ".route(\"/bothies/:id/reports/latest\", get(reports::latest))\n")],
              "done": "GET /bothies/:id/reports/latest is in: it returns the newest report, and "
                      "a bothy with none gets a 404 through AppError's RowNotFound mapping. Two "
                      "tests cover both cases.",
              "doc": ("src/error.rs",
                      "//! Every handler returns `Result<T, AppError>`. Don't `unwrap()` or\n"
                      "//! `expect()` in handlers: a panic drops the connection with no\n//! "
                      "response and no log line with the request id. Use `?` and let\n//! "
                      "`AppError` pick the status.\n\npub enum AppError {\n    NotFound,\n    "
                      "Validation(String),\n    Internal(anyhow::Error),\n}\n\nimpl From<sqlx::"
                      "Error> for AppError {\n    fn from(e: sqlx::Error) -> Self {\n        "
                      "match e {\n            sqlx::Error::RowNotFound => AppError::NotFound,\n"
                      "            other => AppError::Internal(other.into()),\n        }\n    }\n"
                      "}\n"),
              "found": "The module doc in src/error.rs spells it out: every handler returns "
                       "Result<T, AppError>, no unwrap() or expect() in handlers (a panic drops "
                       "the connection with no response and no log line), errors go up with ? "
                       "and AppError picks the status — RowNotFound becomes a 404.",
              "why": "why do the handlers all return Result<..., AppError> instead of just the "
                     "Json? seems like extra typing"}),
        Fact("conv-migrations", "convention", ["migrate add -r"],
             ["I need a new table for fuel deliveries — how do I create the migration file?",
              "add a column for the roof inspection date to the bothies table"],
             "bothywatch migrations are always reversible pairs created with `sqlx migrate add "
             "-r <name>` (.up.sql + .down.sql), and the down must really undo the up: CI runs "
             "migrate run, revert and run again on a fresh database.",
             {"task": "add a last_roof_inspection date column to bothies",
              "rule": "migrations are always reversible — sqlx migrate add -r, so there's an "
                      "up and a down, and the down has to really undo it because CI runs them "
                      "up, down and up again",
              "contrary": write("migrations/20240918094512_add_last_roof_inspection.sql",
                                "ALTER TABLE bothies ADD COLUMN last_roof_inspection date;\n"),
              "follow": [bash("rm -f migrations/*_add_last_roof_inspection.sql && sqlx "
                              "migrate add -r add_last_roof_inspection",
                              "Creating migrations/20240918094530_add_last_roof_inspection.up."
                              "sql\nCreating migrations/20240918094530_add_last_roof_"
                              "inspection.down.sql"),
                         write("migrations/20240918094530_add_last_roof_inspection.up.sql",
                               "ALTER TABLE bothies ADD COLUMN last_roof_inspection date;\n"),
                         write("migrations/20240918094530_add_last_roof_inspection.down.sql",
                               "ALTER TABLE bothies DROP COLUMN last_roof_inspection;\n"),
                         bash("sqlx migrate run && sqlx migrate revert && sqlx migrate run",
                              "Applied 20240918094530/migrate add last roof inspection "
                              "(4.112ms)\nApplied 20240918094530/revert add last roof "
                              "inspection (2.087ms)\nApplied 20240918094530/migrate add last "
                              "roof inspection (3.950ms)")],
              "done": "Added the up/down pair for last_roof_inspection and ran it up, down and "
                      "up again locally — all three went through.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Migrations\n\nAlways create migrations with `sqlx "
                      "migrate add -r <name>` so you get `.up.sql` and `.down.sql`. The down "
                      "must undo the up exactly: CI runs `sqlx migrate run`, `sqlx migrate "
                      "revert` and `sqlx migrate run` again on a fresh database.\n"),
              "found": "CONTRIBUTING.md says migrations are always created reversible with "
                       "sqlx migrate add -r (an .up.sql and a .down.sql), and the down must "
                       "really undo the up because CI runs run, revert, run on a fresh "
                       "database.",
              "why": "why do some migrations in here come in pairs, up.sql and down.sql? the "
                     "tutorial i followed only had one file per migration"}),
        Fact("cmd-tests", "command", ["nextest"],
             ["cargo test panics with 'DATABASE_URL must be set' in half the tests — how are "
              "they meant to be run?",
              "run the test suite for the reports module"],
             "bothywatch's tests run with `just test` (loads .env.test, starts Postgres with "
             "docker compose, runs `cargo nextest run --workspace`); plain `cargo test` fails "
             "every #[sqlx::test] with 'DATABASE_URL must be set'.",
             {"goal": "run the tests? want to see if the latest-report endpoint works",
              "fail": bash("cargo test",
                           "    Finished `test` profile [unoptimized + debuginfo] target(s) in "
                           "0.38s\n     Running unittests src/main.rs (target/debug/deps/"
                           "bothywatch-4a1c9e2f7b0d3e18)\n\nrunning 38 tests\ntest routes::"
                           "reports::tests::latest_returns_404_without_reports ... FAILED\n...\n"
                           "---- routes::reports::tests::latest_returns_404_without_reports "
                           "stdout ----\nthread 'routes::reports::tests::latest_returns_404_"
                           "without_reports' panicked at /home/dev/.cargo/registry/src/"
                           "index.crates.io-6f17d22bba15001f/sqlx-core-0.7.4/src/testing/"
                           "mod.rs:141:14:\nDATABASE_URL must be set: EnvVar(NotPresent)\n...\n"
                           "test result: FAILED. 12 passed; 26 failed; 0 ignored; 0 measured",
                           101),
              "note": "The database tests use #[sqlx::test], which needs DATABASE_URL pointing "
                      "at a Postgres where it can create throwaway databases — plain cargo "
                      "test doesn't load .env.test. The justfile's test recipe starts the "
                      "database, loads the env file and runs the suite with nextest.",
              "ok": bash("just test",
                         "docker compose up -d postgres\n set -a && . ./.env.test && set +a "
                         "&& cargo nextest run --workspace\n    Finished `test` profile "
                         "[unoptimized + debuginfo] target(s) in 0.41s\n    Starting 38 tests "
                         "across 2 binaries\n        PASS [   0.212s] bothywatch routes::"
                         "reports::tests::latest_returns_404_without_reports\n        PASS [   "
                         "0.230s] bothywatch routes::reports::tests::latest_returns_newest\n"
                         "...\n     Summary [   3.118s] 38 tests run: 38 passed, 0 skipped"),
              "hint": "use `just test` — it loads .env.test and runs nextest, plain cargo test "
                      "doesn't get the database url",
              "script": ("justfile",
                         "default:\n    just --list\n\ndb:\n    docker compose up -d postgres\n"
                         "\ntest *args: db\n    set -a && . ./.env.test && set +a && cargo "
                         "nextest run --workspace {{args}}\n\nlint:\n    cargo clippy "
                         "--all-targets -- -D warnings\n"),
              "done": "38 tests, all green — including the two for the latest-report "
                      "endpoint."}),
        Fact("cmd-prepare", "command", ["cargo sqlx prepare"],
             ["CI fails on my PR with 'no cached data for this query' — what did I forget?",
              "I changed a query in the bothies repo — get the branch ready so the build "
              "passes in CI"],
             "bothywatch's CI builds with SQLX_OFFLINE=true from the .sqlx/ query cache: after "
             "adding or changing a query!/query_as! macro, run `cargo sqlx prepare -- "
             "--all-targets` with the database up and commit .sqlx/, or CI fails with 'no "
             "cached data for this query'.",
             {"goal": "CI is red on my branch, the build step. it compiles fine on my "
                      "machine?? can you reproduce it",
              "fail": bash("SQLX_OFFLINE=true cargo build --locked",
                           "   Compiling bothywatch v0.4.0 (/home/dev/src/bothywatch)\nerror: "
                           "`SQLX_OFFLINE=true` but there is no cached data for this query, "
                           "run `cargo sqlx prepare` to update the query cache or unset "
                           "`SQLX_OFFLINE`\n  --> src/routes/reports.rs:31:18\n   |\n31 |     "
                           "let report = sqlx::query_as!(\n   |                  "
                           "^^^^^^^^^^^^^^^^\n\nerror: could not compile `bothywatch` (bin "
                           "\"bothywatch\") due to 1 previous error", 101),
              "note": "CI compiles offline (SQLX_OFFLINE=true): the query macros are checked "
                      "against the cached query metadata in .sqlx/ instead of a live "
                      "database. The new query in reports.rs has no cache entry yet — "
                      "regenerating the cache with the database up fixes it, and the .sqlx/ "
                      "files need committing.",
              "ok": bash("just db && cargo sqlx prepare -- --all-targets && git status "
                         "--short .sqlx",
                         "docker compose up -d postgres\nquery data written to .sqlx in the "
                         "current directory; please check this into version control\n?? "
                         ".sqlx/query-5c1e8a0d3f7b2e94c6a1d8f0b3e7c2a9.json"),
              "hint": "you need to run cargo sqlx prepare and commit the .sqlx folder, CI "
                      "builds offline",
              "script": (".github/workflows/ci.yml",
                         "name: ci\non: [push, pull_request]\njobs:\n  build:\n    runs-on: "
                         "ubuntu-latest\n    env:\n      SQLX_OFFLINE: \"true\"\n    steps:\n"
                         "      - uses: actions/checkout@v4\n      - uses: actions-rust-lang/"
                         "setup-rust-toolchain@v1\n      - run: cargo install sqlx-cli "
                         "--no-default-features --features postgres\n      - name: Query "
                         "cache is current\n        run: cargo sqlx prepare --check -- "
                         "--all-targets\n      - run: cargo build --locked\n"),
              "done": "Generated the missing cache file for the new query; with .sqlx/ "
                      "committed the offline build passes, and the --check step in CI will "
                      "catch it if the cache goes stale again."}),
        Fact("env-db", "environment", ["55432"],
             ["what's the connection string for my local bothy database? I want to poke at it "
              "with psql",
              "connect to the local database and show me what's in the bothies table"],
             "bothywatch's local Postgres (docker compose service postgres) is published on "
             "localhost:55432: DATABASE_URL=postgres://bothy:bothy@localhost:55432/bothywatch "
             "in .env.",
             {"goal": "psql can't connect to the local db on the default port — what's the "
                      "connection string for this project?",
              "probe": [read(".env",
                             "DATABASE_URL=postgres://bothy:bothy@localhost:55432/bothywatch\n"
                             "RUST_LOG=bothywatch=debug,tower_http=info\nBIND_ADDR=127.0.0.1:"
                             "8080\n"),
                        bash("docker compose port postgres 5432", "0.0.0.0:55432")],
              "confirm": "Local Postgres is published on port 55432, not 5432: .env has "
                         "DATABASE_URL=postgres://bothy:bothy@localhost:55432/bothywatch, so "
                         "`psql postgres://bothy:bothy@localhost:55432/bothywatch` gets you "
                         "in.",
              "while": ("is postgres even running? psql just says connection refused",
                        "It's running — the compose service is up and publishing its port."),
              "hunch": "it's some odd high port so it doesn't clash"}),
        Fact("env-toolchain", "environment", ["1.79.0"],
             ["which Rust version does the bothy API build with?",
              "install the right compiler version for this repo on my machine"],
             "bothywatch pins Rust 1.79.0 in rust-toolchain.toml (with clippy and rustfmt); "
             "rustup switches to it automatically inside the repo, and CI reads the same "
             "file.",
             {"goal": "which rust is this repo on? i installed the newest stable yesterday and "
                      "want to make sure i'm not building with the wrong one",
              "probe": [bash("rustup show active-toolchain",
                             "1.79.0-x86_64-unknown-linux-gnu (overridden by '/home/dev/src/"
                             "bothywatch/rust-toolchain.toml')"),
                        read("rust-toolchain.toml",
                             "[toolchain]\nchannel = \"1.79.0\"\ncomponents = [\"clippy\", "
                             "\"rustfmt\"]\n")],
              "confirm": "The repo pins Rust 1.79.0 in rust-toolchain.toml (with clippy and "
                         "rustfmt), and rustup is already honouring it here — the active "
                         "toolchain is 1.79.0, overridden by that file — so your new stable "
                         "isn't used in this directory.",
              "while": ("does it matter that i installed the newest stable rust yesterday? "
                        "will it mess this project up?",
                        "No — inside this repo rustup switches to the toolchain the repo pins, "
                        "whatever your default is."),
              "hunch": "it's pinned to something older than the current stable"}),
        Fact("gotcha-extractor", "gotcha", ["debug_handler"],
             ["my new handler gives a giant 'the trait bound ... Handler<_, _> is not "
              "satisfied' error — how do I find out what's actually wrong?",
              "add a POST endpoint where rangers send in a condition report with notes and a "
              "photo count"],
             "In bothywatch (axum 0.7) a handler whose body extractor (Json, Form, Bytes) "
             "isn't the last argument fails with an unreadable 'Handler<_, _> is not "
             "satisfied' error: put Json last, and annotate the handler with "
             "#[axum::debug_handler] to get the real message.",
             {"symptom": "i wrote the post handler for condition reports and it won't compile, "
                         "and the error makes zero sense to me",
              "trace": "error[E0277]: the trait bound `fn(Json<NewReport>, State<AppState>, "
                       "Path<i64>) -> impl Future<Output = ...> {create}: Handler<_, _>` is "
                       "not satisfied\n   --> src/routes/mod.rs:24:44\n    |\n24  |         "
                       ".route(\"/bothies/:id/reports\", post(reports::create))\n    |       "
                       "                                 ---- ^^^^^^^^^^^^^^^ the trait "
                       "`Handler<_, _>` is not implemented for fn item\n    |               "
                       "                          |\n    |                                  "
                       "       required by a bound introduced by this call",
              "probe": [read(reports,
                             "pub async fn create(\n    Json(new): Json<NewReport>,\n    "
                             "State(state): State<AppState>,\n    Path(bothy_id): Path<i64>,\n) "
                             "-> impl IntoResponse {\n    let id = insert_report(&state.db, "
                             "bothy_id, &new).await;\n    (StatusCode::CREATED, Json(id))\n}\n")],
              "explain": "In axum the request body can only be read once, so an extractor that "
                         "consumes it — Json, Form, Bytes — has to be the last argument; State "
                         "and Path only look at the request parts and can come in any order "
                         "before it. The compiler can't say that, so you get the opaque "
                         "Handler<_, _> error. Putting #[axum::debug_handler] on the handler "
                         "makes axum name the argument that's wrong; here Json is first and "
                         "needs to move to the end.",
              "told": "oh wait, is this the thing where Json has to be the last argument? "
                      "there's a debug_handler macro that gives a proper error for it",
              "fix": [edit(reports,
                           "pub async fn create(\n    Json(new): Json<NewReport>,\n    "
                           "State(state): State<AppState>,\n    Path(bothy_id): Path<i64>,\n)",
                           "#[axum::debug_handler]\npub async fn create(\n    State(state): "
                           "State<AppState>,\n    Path(bothy_id): Path<i64>,\n    Json(new): "
                           "Json<NewReport>,\n)"),
                      bash("cargo check", cargo_ok)],
              "done": "It compiles: Json moved to the end, and I left #[axum::debug_handler] "
                      "on it — it only adds its checks in debug builds.",
              "title": "the body extractor must come last"}),
        Fact("gotcha-send", "gotcha", ["MutexGuard"],
             ["why does the compiler say my handler's future 'cannot be sent between threads "
              "safely' when I await inside the status cache update?",
              "make the bothy status cache reload from the database when it's older than five "
              "minutes"],
             "In bothywatch, holding a std::sync::MutexGuard (the status cache lock) across an "
             ".await makes the handler's future !Send and axum rejects it ('future cannot be "
             "sent between threads safely'): take the lock only before/after the await, or use "
             "tokio::sync::Mutex.",
             {"symptom": "trying to make the status endpoint refresh the cache when it's stale "
                         "and now it won't compile. something about Send?",
              "trace": "error: future cannot be sent between threads safely\n   --> src/routes/"
                       "status.rs:18:1\n    |\n18  | pub async fn status(State(state): State<"
                       "AppState>) -> Json<Vec<BothyStatus>> {\n    | "
                       "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ future "
                       "returned by `status` is not `Send`\n    |\n    = help: within `impl "
                       "Future<Output = Json<Vec<BothyStatus>>>`, the trait `Send` is not "
                       "implemented for `std::sync::MutexGuard<'_, StatusCache>`\nnote: future "
                       "is not `Send` as this value is used across an await\n   --> src/routes"
                       "/status.rs:22:45\n    |\n20  |     let mut cache = state.cache.lock()."
                       "unwrap();\n    |         --------- has type `std::sync::MutexGuard<'_, "
                       "StatusCache>` which is not `Send`\n21  |     if cache.is_stale() {\n22  "
                       "|         cache.rows = load_status(&state.db).await;\n    |              "
                       "                               ^^^^^ await occurs here",
              "probe": [read("src/state.rs",
                             "#[derive(Clone)]\npub struct AppState {\n    pub db: PgPool,\n    "
                             "pub cache: Arc<std::sync::Mutex<StatusCache>>,\n}\n")],
              "explain": "The handler holds the std::sync::MutexGuard from state.cache.lock() "
                         "while it awaits the database. That guard isn't Send — it has to be "
                         "released on the thread that took it — and axum needs handler futures "
                         "to be Send, because tokio may move them between worker threads at an "
                         ".await. Load the rows first with no lock held and only then lock to "
                         "swap them in (or switch the cache to tokio::sync::Mutex, whose guard "
                         "may be held across an await).",
              "told": "ugh it's the MutexGuard across an await thing isn't it. the std mutex "
                      "guard isn't Send. load first, then lock",
              "fix": [edit(status,
                           "    let mut cache = state.cache.lock().unwrap();\n    if cache."
                           "is_stale() {\n        cache.rows = load_status(&state.db).await;\n"
                           "    }",
                           "    let stale = state.cache.lock().unwrap().is_stale();\n    if "
                           "stale {\n        // never hold the std lock across .await: its "
                           "guard isn't Send\n        let rows = load_status(&state.db).await;"
                           "\n        state.cache.lock().unwrap().replace(rows);\n    }"),
                      bash("cargo check", cargo_ok)],
              "done": "Compiles again — the lock is only taken for the staleness check and the "
                      "swap, never across the database call. Two requests can both reload at "
                      "the moment it goes stale, which is harmless here.",
              "title": "a lock held across .await"}),
        Fact("fals-pool", "falsified", ["max_connections"],
             ["the API gets slow on Saturday mornings when everyone checks bothy status — would "
              "a bigger database connection pool help?",
              "tune the database pool so the bothy API copes with the weekend rush"],
             "Raising bothywatch's sqlx pool (PgPoolOptions max_connections) from 10 to 100 "
             "was tried and reverted: the managed Postgres allows 50 connections in total and "
             "there are 3 API replicas, so it answered 'sorry, too many clients already', 29% "
             "of requests failed and p95 went from 240 ms to 1.8 s; the pool stays at 10 per "
             "replica.",
             {"ask": "saturday mornings the status endpoint is slow, 240ms p95. Mei thinks "
                     "requests are waiting for a connection — can you bump the pool size way "
                     "up, like 100?",
              "change": [edit("src/db.rs", "        .max_connections(10)\n",
                              "        .max_connections(100)\n"),
                         bash("./scripts/deploy.sh staging",
                              "building bothywatch:9f2c1a4 ... pushed\nstaging: rolled out 3/3 "
                              "replicas")],
              "broke": bash("./scripts/load-test.sh staging saturday",
                            "  ✗ status is 200\n      ↳  71% — ✓ 4260 / ✗ 1740\n\n  "
                            "http_req_duration..............: avg=912ms p(95)=1.81s\n  "
                            "http_req_failed................: 29.00% ✓ 1740 ✗ 4260\n\napi "
                            "logs (last 60s): 1740 x error returned from database: sorry, too "
                            "many clients already\nFAIL: thresholds crossed", 99),
              "revert": bash("git checkout -- src/db.rs && ./scripts/deploy.sh staging",
                             "building bothywatch:8e0d7b2 ... pushed\nstaging: rolled out 3/3 "
                             "replicas"),
              "conclusion": "Reverted to 10. The managed Postgres only allows 50 connections "
                            "in total and there are 3 API replicas, so with max_connections "
                            "100 each pool tried to open far more than the server permits — it "
                            "answered 'sorry, too many clients already', 29% of requests "
                            "failed and p95 went from 240 ms to 1.8 s. The pool isn't the "
                            "bottleneck; 10 per replica leaves headroom for migrations and "
                            "psql.",
              "want": "the status endpoint crawls on saturday mornings. could a bigger "
                      "connection pool fix that?",
              "offer": "The pool is PgPoolOptions::new().max_connections(10) in src/db.rs; "
                       "raising it to 50–100 would let more requests hit the database at once. "
                       "Want me to bump it?",
              "story": "they bumped max_connections to 100 last winter. the managed postgres "
                       "only takes 50 in total and we run 3 replicas, so it started answering "
                       "'too many clients' and p95 went to almost 2 seconds. it stays at 10"}),
        Fact("fals-lto", "falsified", ["codegen-units"],
             ["the release binary is 38 MB — could we turn on the heavier compiler "
              "optimisations to make it smaller?",
              "shrink the bothy API's release binary"],
             "Setting lto = \"fat\" and codegen-units = 1 in bothywatch's release profile was "
             "tried and reverted: the binary went 38 → 29 MB but the release build took ~18 "
             "minutes instead of 4 and CI cancelled it at the runner's 15-minute limit; the "
             "profile stays at lto = \"thin\".",
             {"ask": "release binary is 38mb which seems silly. can we turn on full lto and "
                     "codegen-units = 1? saw it in a blog post",
              "change": [edit("Cargo.toml", "[profile.release]\nlto = \"thin\"\n",
                              "[profile.release]\nlto = \"fat\"\ncodegen-units = 1\n"),
                         bash("time cargo build --release && ls -lh target/release/bothywatch",
                              "    Finished `release` profile [optimized] target(s) in 17m "
                              "48s\n\nreal\t17m48.204s\nuser\t19m02.117s\nsys\t0m41.380s\n"
                              "-rwxr-xr-x 2 dev dev 29M Sep 19 11:02 target/release/"
                              "bothywatch")],
              "broke": bash("git commit -qam 'release: fat lto' && git push -q && gh run "
                            "watch --exit-status",
                            "✓ ci / build in 3m12s\nX release / build in 15m0s\n  "
                            "##[error]The job running on runner GitHub Actions 14 has exceeded "
                            "the maximum execution time of 15 minutes.", 1),
              "revert": bash("git revert --no-edit HEAD && git push -q",
                             "[lto-experiment 5d2e9a1] Revert \"release: fat lto\"\n 1 file "
                             "changed, 1 insertion(+), 2 deletions(-)"),
              "conclusion": "Reverted. Fat LTO with codegen-units = 1 did shrink the binary "
                            "from 38 to 29 MB, but it makes the end of the release build "
                            "single-threaded: 4 minutes became about 18 locally, and in CI the "
                            "release job hit the runner's 15-minute limit and was cancelled. "
                            "Not worth it for 9 MB — the profile stays on thin LTO.",
              "want": "the release binary is huge, 38 mb. are there cargo profile settings "
                      "that would make it smaller?",
              "offer": "Full LTO plus codegen-units = 1 in [profile.release] usually shaves a "
                       "good chunk off. Want me to set lto = \"fat\" and codegen-units = 1?",
              "story": "they tried fat lto with codegen-units = 1 last year. binary went from "
                       "38 to 29mb but the release build took 18 minutes and ci kills jobs at "
                       "15. it stays on thin lto"}),
    ]
    learn = [
        ("what's the difference between String and &str in rust? sorry, still learning",
         "String owns its text on the heap and can grow; &str is a borrowed view into some "
         "text owned elsewhere (a String, or a literal baked into the binary). Functions "
         "usually take &str so they accept both."),
        ("when do i need Arc instead of Rc?",
         "When the value is shared between threads. Rc's reference count isn't atomic, so "
         "it's faster but not Send; Arc uses an atomic count and can cross threads — which is "
         "why shared app state in a tokio server is always Arc."),
        ("what does the ? operator actually do in rust?",
         "On a Result it returns early with the error (converted with From into the "
         "function's error type) or unwraps the Ok value; on an Option it returns early with "
         "None. It's shorthand for a match that propagates the failure."),
        ("what's the difference between a 401 and a 403?",
         "401 means 'I don't know who you are' — missing or bad credentials; 403 means 'I "
         "know who you are and you're not allowed'."),
    ]
    noise: list[Episode] = [
        look("can you walk me through main.rs? i've never seen an axum app before",
             "src/main.rs",
             "#[tokio::main]\nasync fn main() -> anyhow::Result<()> {\n    tracing_subscriber::"
             "fmt().with_env_filter(EnvFilter::from_default_env()).init();\n    let config = "
             "Config::from_env()?;\n    let db = db::connect(&config.database_url).await?;\n    "
             "let state = AppState::new(db);\n    let app = routes::router(state)\n        "
             ".layer(TraceLayer::new_for_http());\n    let listener = tokio::net::TcpListener::"
             "bind(&config.bind_addr).await?;\n    axum::serve(listener, app).await?;\n    "
             "Ok(())\n}\n",
             "It's the whole startup: set up logging from RUST_LOG, read the config from the "
             "environment, connect to Postgres, wrap the pool in the shared AppState, build "
             "the router (every route lives in src/routes), add request tracing, and serve on "
             "the configured address. #[tokio::main] turns main into the async runtime's entry "
             "point."),
        talk("what's a trait in rust, compared to an interface in java?",
             "Close cousins: both declare methods a type promises to have. Traits can also "
             "carry default methods and be implemented for types you didn't write (even "
             "String), and they're used for generics at compile time far more than for "
             "runtime polymorphism."),
        find("where do we set up logging?", "tracing_subscriber",
             ["src/main.rs", "tests/common/mod.rs"],
             "In main.rs for the server, and in tests/common/mod.rs so tests can log too."),
        tweak("typo in the README, 'bohty'", "README.md",
              "Status of every bohty in the network", "Status of every bothy in the network",
              "Fixed."),
        run("is clippy happy?", "cargo clippy --all-targets -- -D warnings",
            "    Checking bothywatch v0.4.0 (/home/dev/src/bothywatch)\n    Finished `dev` "
            "profile [unoptimized + debuginfo] target(s) in 6.02s",
            "Clippy is clean, no warnings."),
        talk("what's the difference between a Vec and a slice?",
             "A Vec owns a growable buffer; a slice (&[T]) is a borrowed view of a run of "
             "elements in some buffer — a Vec, an array, part of either. Take &[T] in function "
             "arguments when you only read."),
        steps("what's changed this week?",
              [bash("git log --oneline --since=1.week",
                    "a7d2f10 status: include fuel store level\n3c9e8b4 reports: photos count"
                    "\n0e5a7d2 bothies: sort by region\nd41b9c6 deps: bump tower-http to "
                    "0.5.2")],
              "Four commits: the fuel store level in the status response, a photo count on "
              "reports, bothies sorted by region, and a tower-http bump."),
        [Step(prompt="explain how the router in src/routes/mod.rs fits together"),
         Step(text="Sure — opening it."),
         Step(prompt=_INTERRUPTED),
         Step(prompt="sorry, Ruairidh is showing me on his screen now. ignore that"),
         Step(text="No problem.")],
        [Step(prompt="which endpoints don't need a ranger token?"),
         Step(tools=[agent("Find unauthenticated routes",
                           "In src/routes, list the routes that are not behind the "
                           "require_ranger middleware.",
                           "Three: GET /health, GET /bothies and GET /bothies/:id/status are "
                           "public (merged before the route_layer with require_ranger). Every "
                           "POST and the reports endpoints require a ranger token.",
                           "c3e19a7b5d20", "Explore", 4)]),
         Step(text="Three public ones: /health, the bothy list and each bothy's status. "
                   "Everything that writes, and the reports, needs a ranger token.")],
        talk("i feel like i'm fighting the borrow checker all day. does that get better?",
             "Yes — usually within a few weeks. Most fights come from a handful of patterns "
             "(holding a borrow too long, returning references to locals); once you "
             "recognise them you start designing around them and the errors mostly stop."),
    ]
    return Project(
        "bothywatch", "git@github.com:bothy-network/bothywatch.git",
        {"README.md": "# bothywatch\n\nStatus of every bothy in the network (axum + SQLx).\n",
         "Cargo.toml": "[package]\nname = \"bothywatch\"\nversion = \"0.4.0\"\nedition = "
                       "\"2021\"\n"},
        _equip(facts, who=("Ruairidh", "Mei"), learn=learn,
               onboarding=("docs/onboarding.md", "## Gotchas\n\n")),
        noise, "aws")


def projects() -> list[Project]:
    return [quernhollow(), brackenrig(), lanternleaf(), bothywatch()]
