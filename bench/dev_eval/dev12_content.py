"""The ``dev12`` split: four projects in stacks no other split uses (a Flask 3 + htmx app for a
town council's allotment sites - SQLAlchemy 2, plain Alembic, Flask-WTF, Playwright browser
tests, gunicorn; an Angular 17 front-desk app for a chain of veterinary clinics in an Nx
workspace - standalone components, NgRx store / effects, an orval-generated API client, Jest and
Cypress; STM32L4 firmware in C built with PlatformIO for roadside bicycle counters on inductive
loops that report over LoRaWAN through a RAK module; a Java 21 Spring Batch 5 job on Spring Boot
3.2 that imports branch libraries' loan and holdings files into a consortium catalogue, built with
the Maven wrapper and tested with Testcontainers), ten planted facts each, and phrasing templates
of its own.

Written in the tenth pass by a helper who had not read how capture or recall work, as an untuned
reading of the system: its theme is team knowledge arriving second-hand and mixed in with work.
A rule relayed from a teammate in the middle of a task; a rule in a reviewer's comment pasted
after the assistant's first attempt; a rule the user corrects after the assistant did it the
other way; a rule as one terse bullet in a ticket's refinement notes; a rule the assistant reads
in the contributor docs and the user confirms is still current. A command found in a README /
Makefile / CI workflow after the obvious one fails; a command the user points at after two wrong
guesses; a command a teammate gives in a pasted Slack reply; a command the user corrects as "the
old way". An environment fact the user heard from a teammate and wants checked; one the user
corrects after the assistant assumed the usual default; one that a failing command leads to; one
asked for a hand-over note. A gotcha chased past a false lead; one a teammate half remembers; one
whose first fix doesn't hold; one the user has already ruled a cause out of. An approach measured
and reverted; one a teammate warned about and the user tries anyway; one the user measured
themselves and pastes; one timeboxed.

Slots are the shared ones (``templates.py``) plus ``mate`` (the teammate the fact comes from) and:
for a convention, ``terse`` (the rule as a ticket bullet), ``review`` (a reviewer's comment
stating it) and ``doc`` (``(path, content)``: the contributor doc stating it); for a command,
``source`` (``(path, content)``: the README / Makefile / workflow showing the command that
works), ``tip`` (the teammate's Slack answer) and an optional ``fail2``; for an environment fact,
``said`` (the fact as the user heard it), ``wrong`` (the default the assistant assumes) and an
optional ``error`` (a failing command that leads to the fact); for a gotcha, ``lead`` (a dict:
``guess``, ``tool``, ``verdict``, ``phrase`` - a false lead checked and ruled out), ``bad_fix``
(``(tool, claim)``: a first fix that doesn't hold) and ``hint`` (what a teammate remembers); for a
falsified approach, ``idea`` (the approach in a phrase).
"""

from __future__ import annotations

import random

from .templates import cap
from .transcript import bash, edit, grep, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

# Slips of someone typing fast into a terminal (space-delimited words only, never inside an
# identifier or a command).
_SLIPS = ((" the ", " teh "), (" because ", " bc "), (" don't ", " dont "), (" it's ", " its "),
          (" really ", " realy "), (" should ", " shoudl "), (" before ", " befor "),
          (" something ", " somethign "), (" that's ", " thats "), (" what ", " waht "),
          (" doesn't ", " doesnt "), (" just ", " jsut "))


def _sloppy(text: str, rng: random.Random, n: int = 2) -> str:
    """``text`` as typed in a hurry: up to ``n`` common words slipped."""
    slips = list(_SLIPS)
    rng.shuffle(slips)
    done = 0
    for good, bad in slips:
        if done >= n:
            break
        if good in text and rng.random() < 0.7:
            text = text.replace(good, bad, 1)
            done += 1
    return text


def _as_typed(command: str) -> str:
    """A command as someone would type it from memory: without the output trimming."""
    return command.split(" | ")[0].replace(" 2>&1", "")


_FILLERS = ("keep it to one commit if you can", "no changelog entry needed for this one",
            "don't reformat unrelated code in the same diff", "ping me before you push",
            "a test if it's cheap to write", "product wants this before the sprint demo")
_CHANNELS = ("dev", "team-chat", "help-dev", "eng")


# ------------------------------------------------------------------- phrasing templates
# Conventions: relayed from a teammate mid-task, pasted from a review of the first attempt,
# corrected after the assistant did it the other way, one bullet of a ticket's refinement notes,
# or read in the contributor docs and confirmed by the user.
def conv_relayed(s: dict, rng: random.Random) -> Episode:
    mate, rule = s["mate"], s["rule"]
    relay = rng.choice((
        f"{mate} asked me to pass this on since you'll be in this code a lot: {rule}",
        f"also - {mate}'s rule for this part of the codebase, not mine, but it's a good one: "
        f"{rule}",
        f"oh and {mate} said in standup this morning: {rule}",
        f"heads up from {mate}, who reviews everything in here: {rule}",
    ))
    return [Step(prompt=_sloppy(f"{s['task']}. {relay}", rng)),
            Step(text="Understood, I'll do it that way.", tools=list(s["follow"])),
            Step(text=s["done"])]


def conv_review_paste(s: dict, rng: random.Random) -> Episode:
    first = s["contrary"]
    where = f" on `{first.path}`" if first.path else ""
    return [Step(prompt=cap(s["task"])),
            Step(tools=[first]),
            Step(text="First version is in. Want me to push it for review?"),
            Step(prompt=_sloppy(f"pushed it myself, {s['mate']} already reviewed. pasting:\n\n"
                                f"> **{s['mate']}** commented{where}\n> {s['review']}\n\n"
                                f"can you address that", rng)),
            Step(text="Fair point - reworking it.", tools=list(s["follow"])),
            Step(text=s["done"])]


def conv_corrected(s: dict, rng: random.Random) -> Episode:
    rule, mate = s["rule"], s["mate"]
    pushback = rng.choice((
        f"hm no, that's not how we do it here. {rule}",
        f"stop, undo that. {rule}. {mate} flagged the exact same thing on my last PR",
        f"nope - {rule}. sorry, should have said up front",
    ))
    return [Step(prompt=cap(s["task"])),
            Step(text="Starting with the change itself.", tools=[s["contrary"]]),
            Step(prompt=_sloppy(pushback, rng)),
            Step(text="Sorry about that - redoing it.", tools=list(s["follow"])),
            Step(text=s["done"])]


def conv_ticket_bullets(s: dict, rng: random.Random) -> Episode:
    bullets = [s["terse"], *rng.sample(_FILLERS, 2)]
    rng.shuffle(bullets)
    notes = "\n".join(f"- {b}" for b in bullets)
    todos = [(cap(s["task"]), "in_progress", "Working on it"),
             (f"Respect: {s['terse']}", "pending", "Checking the refinement note")]
    return [Step(prompt=f"next ticket: {s['task']}.\n\nnotes from refinement:\n{notes}"),
            Step(tools=[todo_write(todos)]),
            Step(tools=list(s["follow"])),
            Step(text=s["done"])]


def conv_doc_confirmed(s: dict, rng: random.Random) -> Episode:
    path, content = s["doc"]
    yes = rng.choice((f"yes, still current. {s['mate']} wrote that bit and still holds people to "
                      f"it",
                      f"yep that's {s['mate']}'s section, it's enforced in review",
                      "yeah that's still how we do it"))
    return [Step(prompt=cap(s["task"])),
            Step(text="Let me check the contributor notes for this area first.",
                 tools=[read(path, content)]),
            Step(text=f"{path} says: {s['terse']}. Is that still current, or out of date?"),
            Step(prompt=_sloppy(yes, rng)),
            Step(tools=list(s["follow"])),
            Step(text=s["done"])]


# Commands: found in a repository file after the obvious one fails, pointed at by the user after
# the assistant's guesses, given by a teammate in a pasted Slack reply, or corrected by the user
# as the old way.
def cmd_found_in_repo(s: dict, rng: random.Random) -> Episode:
    path, content = s["source"]
    return [Step(prompt=_sloppy(s["goal"], rng)),
            Step(tools=[s["fail"]]),
            Step(text=f"That isn't how this repo runs it. Checking {path}.",
                 tools=[read(path, content)]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_stop_guessing(s: dict, rng: random.Random) -> Episode:
    path, content = s["source"]
    steps: Episode = [Step(prompt=_sloppy(s["goal"], rng)), Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(text="Trying another way.", tools=[s["fail2"]]))
    nudge = rng.choice((f"stop guessing lol. it's written down, look at {path}",
                        f"it's in {path} somewhere i'm pretty sure",
                        f"don't make it up, {path} has it"))
    steps += [Step(prompt=_sloppy(nudge, rng)),
              Step(tools=[read(path, content)]),
              Step(text=s["note"], tools=[s["ok"]]),
              Step(text=s["done"])]
    return steps


def cmd_slack_relay(s: dict, rng: random.Random) -> Episode:
    channel = rng.choice(_CHANNELS)
    return [Step(prompt=_sloppy(s["goal"], rng)),
            Step(tools=[s["fail"]]),
            Step(text="That failed - let me work out why."),
            Step(prompt=f"nvm, asked in #{channel}. {s['mate']} says:\n\n> {s['tip']}\n\ntry that"),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_old_way(s: dict, rng: random.Random) -> Episode:
    typed = _as_typed(s["ok"].command)
    fix = rng.choice((f"no that's the old way, {s['mate']} changed it a while ago. it's `{typed}` "
                      f"now",
                      f"that hasn't worked since {s['mate']} redid the setup. use `{typed}`",
                      f"ugh, sorry, should have said. we run `{typed}` for that ({s['mate']} "
                      f"set it up)"))
    return [Step(prompt=_sloppy(s["goal"], rng)),
            Step(text="Running it the usual way.", tools=[s["fail"]]),
            Step(prompt=_sloppy(fix, rng)),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


# Environment facts: heard from a teammate and checked, corrected after the assistant assumed the
# usual default, reached through a failing command, or written up for a hand-over.
def env_heard_it(s: dict, rng: random.Random) -> Episode:
    ask = rng.choice((f"{s['mate']} told me {s['said']}. can you check that against the repo "
                      f"before i build on it?",
                      f"is it true that {s['said']}? that's what {s['mate']} said but they "
                      f"said it from memory"))
    return [Step(prompt=_sloppy(ask, rng)),
            Step(tools=list(s["probe"])),
            Step(text=s["confirm"])]


def env_assumed_default(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_sloppy(s["goal"], rng)),
            Step(text=s["wrong"]),
            Step(prompt=_sloppy(f"no - {s['said']}. {s['mate']} set that up", rng)),
            Step(text="Let me confirm from the repository.", tools=list(s["probe"])),
            Step(text=s["confirm"])]


def env_error_first(s: dict, rng: random.Random) -> Episode:
    error = s.get("error")
    if error is None:
        return env_handover(s, rng)
    return [Step(prompt=_sloppy(s["goal"], rng)),
            Step(tools=[error]),
            Step(text="That failure says something about the setup - looking at the config.",
                 tools=list(s["probe"])),
            Step(text=s["confirm"])]


def env_handover(s: dict, rng: random.Random) -> Episode:
    goal = s["goal"]
    return [Step(prompt=_sloppy(f"{s['mate']} is on leave from monday and i'm covering for "
                                f"them. one for my notes: {goal}", rng)),
            Step(tools=list(s["probe"])),
            Step(text=s["confirm"])]


# Gotchas: chased past a false lead, cracked by what a teammate half remembers, a first fix that
# doesn't hold, or reported with a cause the user has already ruled out.
def gotcha_false_lead(s: dict, rng: random.Random) -> Episode:
    lead = s["lead"]
    again = rng.choice(("ok so what is it then", "hm. any other ideas?",
                        "right, not that then. keep looking"))
    return [Step(prompt=s["symptom"]),
            Step(text=lead["guess"], tools=[lead["tool"]]),
            Step(text=lead["verdict"]),
            Step(prompt=again),
            Step(tools=list(s["probe"])),
            Step(text=s["explain"], tools=list(s.get("fix", ()))),
            Step(text=s["done"])]


def gotcha_mate_remembers(s: dict, rng: random.Random) -> Episode:
    lead = s["lead"]
    return [Step(prompt=s["symptom"]),
            Step(text=lead["guess"], tools=[lead["tool"]]),
            Step(text=lead["verdict"]),
            Step(prompt=_sloppy(f"{s['mate']} says they hit this once, something about "
                                f"{s['hint']}. does that ring a bell?", rng)),
            Step(text="That's a useful pointer - following it.", tools=list(s["probe"])),
            Step(text=s["explain"], tools=list(s.get("fix", ()))),
            Step(text=s["done"])]


def gotcha_fix_didnt_hold(s: dict, rng: random.Random) -> Episode:
    tool, claim = s["bad_fix"]
    undo = [bash(f"git checkout -- {tool.path}", "")] if tool.path else []
    nope = rng.choice(("tried it, no change. still happening", "nope, same thing after that",
                       "didn't help at all"))
    return [Step(prompt=s["symptom"]),
            Step(text=claim, tools=[tool]),
            Step(text="That should sort it - can you try it where it happens?"),
            Step(prompt=nope),
            Step(text="Then that theory was wrong; backing it out and looking properly.",
                 tools=[*undo, *s["probe"]]),
            Step(text=s["explain"], tools=list(s.get("fix", ()))),
            Step(prompt="ok yes that fixed it"),
            Step(text=s["done"])]


def gotcha_ruled_out(s: dict, rng: random.Random) -> Episode:
    phrase = s["lead"]["phrase"]
    return [Step(prompt=_sloppy(f"{s['symptom']}\n\nalready ruled out: {phrase}", rng)),
            Step(tools=list(s["probe"])),
            Step(text=s["explain"], tools=list(s.get("fix", ()))),
            Step(text=s["done"])]


# Falsified approaches: measured and reverted, tried against a teammate's warning, measured by
# the user who pastes the numbers, or timeboxed.
def fals_measured(s: dict, rng: random.Random) -> Episode:
    back = rng.choice(("oof. revert it", "yeah no, undo that", "that's worse. back it out"))
    return [Step(prompt=s["ask"]),
            Step(tools=list(s["change"])),
            Step(text="Change is in; measuring it against main.", tools=[s["broke"]]),
            Step(prompt=back),
            Step(tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_warned(s: dict, rng: random.Random) -> Episode:
    mate = s["mate"]
    return [Step(prompt=_sloppy(f"{mate} reckons we tried {s['idea']} before and it went badly, "
                                f"but nobody wrote down why and i want to see it myself. "
                                f"{s['ask']}", rng)),
            Step(tools=list(s["change"])),
            Step(tools=[s["broke"]]),
            Step(prompt=_sloppy(f"ha ok, {mate} was right. revert", rng)),
            Step(tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_user_measured(s: dict, rng: random.Random) -> Episode:
    broke = s["broke"]
    return [Step(prompt=s["ask"]),
            Step(tools=list(s["change"])),
            Step(text="It's in place. Shall I measure it, or will you try it yourself?"),
            Step(prompt=_sloppy(f"ran it myself:\n\n```\n$ {_as_typed(broke.command)}\n"
                                f"{broke.output}\n```\n\nnot great. revert please", rng)),
            Step(tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_timeboxed(s: dict, rng: random.Random) -> Episode:
    box = rng.choice(("30 min", "an hour", "45 minutes"))
    return [Step(prompt=_sloppy(f"timebox: {box} on {s['idea']}. if the numbers aren't clearly "
                                f"better we drop it and write down why. concretely: {s['ask']}",
                                rng)),
            Step(tools=list(s["change"])),
            Step(tools=[s["broke"]]),
            Step(text="The numbers are in and they aren't better - reverting as agreed.",
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_relayed, conv_review_paste, conv_corrected, conv_ticket_bullets,
                   conv_doc_confirmed],
    "command": [cmd_found_in_repo, cmd_stop_guessing, cmd_slack_relay, cmd_old_way],
    "environment": [env_heard_it, env_assumed_default, env_error_first, env_handover],
    "gotcha": [gotcha_false_lead, gotcha_mate_remembers, gotcha_fix_didnt_hold,
               gotcha_ruled_out],
    "falsified": [fals_measured, fals_warned, fals_user_measured, fals_timeboxed],
}

# Everyday requests, ordered so that each is asked from the project it fits (prompt i goes to
# project i % 4); none needs anything a session stored.
UNRELATED = [
    "add a CSV export of the waitlist to the admin page",
    "add a pipe that formats a pet's age from its date of birth, like '3y 2m'",
    "write a ring buffer for uint16_t samples with a power-of-two size",
    "add a step listener that logs how many items each chunk wrote",
    "what's the difference between flask's g and session?",
    "what's the difference between an Angular signal and a BehaviorSubject?",
    "what does the volatile keyword actually guarantee in C?",
    "what's the difference between a tasklet step and a chunk-oriented step?",
    "write a Jinja macro that renders a form field with its validation errors",
    "write a unit test for a reducer that handles an 'Appointment Cancelled' action",
    "write a CRC-16/CCITT function in C",
    "write a Java record for a MARC 020 field that validates the ISBN checksum",
    "explain what hx-swap=\"outerHTML\" does compared to innerHTML",
    "explain Angular's @defer blocks in a couple of sentences",
    "explain the difference between Stop 1 and Stop 2 low-power modes on an STM32L4",
    "what does @Transactional(propagation = REQUIRES_NEW) do?",
    "git says my branch and origin have diverged - what's the safest way to sort it out?",
    "write a haiku about a bike counter in the rain",
    "draft a polite message declining a meeting on friday afternoon",
    "suggest a name for a library book club for teenagers",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "plotkeeper": [
        "how are waitlist offers expired if a tenant never replies?",
        "where are the plot boundary maps stored?",
        "should site reps be able to see tenants' phone numbers?",
        "should water charges be split per plot or per site?",
        "how are backups of the database taken?",
    ],
    "vetdesk": [
        "are appointment reminders sent to owners by SMS or email?",
        "where are the Welsh translations kept?",
        "which clinics are already on the new billing system?",
        "should vets be able to see other clinics' appointments?",
        "how does the app get onto the reception PCs?",
    ],
    "spokecount": [
        "how do we calibrate the loop for a new installation site?",
        "where is the enclosure's CAD model?",
        "what's the plan for firmware updates over the air?",
        "how does the dashboard turn the counts into hourly totals?",
        "should scooters be counted separately from bikes?",
    ],
    "shelfsync": [
        "how is a patron's personal data anonymised after they leave?",
        "where are the MARC field mappings documented?",
        "which branches still send files in the old format?",
        "should overdue fines be calculated in the import or in the catalogue?",
        "who gets alerted when a nightly run fails?",
    ],
}


# ------------------------------------------------------------------- noise
def everyday(explain: tuple[str, str, str], rename: tuple[str, str, list[tuple[str, str, str]]],
             lint: tuple[str, str, str], chat: tuple[str, str], staged: tuple[str, str],
             week: tuple[str, str], comment: tuple[str, str, str, str],
             skipped: tuple[str, str, str]) -> list[Episode]:
    """The rest of the sessions: an unfamiliar file explained, a symbol renamed, the linter run
    before a push, a bit of chat, a commit message drafted, the week's merges recapped, a doc
    comment added, a skipped test explained."""
    path, content, summary = explain
    old_name, new_name, edits = rename
    lint_cmd, lint_out, lint_verdict = lint
    question, answer = chat
    stat, message = staged
    log, recap = week
    c_path, c_old, c_new, c_ask = comment
    t_path, t_content, t_answer = skipped
    return [
        [Step(prompt=f"what does {path} do? never opened it"),
         Step(tools=[read(path, content)]), Step(text=summary)],
        [Step(prompt=f"rename {old_name} to {new_name} everywhere"),
         Step(tools=[grep(old_name, [p for p, _, _ in edits])]),
         Step(tools=[edit(p, o, n) for p, o, n in edits]),
         Step(text=f"Renamed {old_name} to {new_name} in {len(edits)} "
                   f"file{'s' if len(edits) != 1 else ''}.")],
        [Step(prompt="run the linter before i push"),
         Step(tools=[bash(lint_cmd, lint_out)]), Step(text=lint_verdict)],
        [Step(prompt=question), Step(text=answer)],
        [Step(prompt="write me a commit message for what's staged"),
         Step(tools=[bash("git diff --cached --stat", stat)]), Step(text=message)],
        [Step(prompt="what got merged this week?"),
         Step(tools=[bash("git log --oneline --merges --since='1 week ago'", log)]),
         Step(text=recap)],
        [Step(prompt=c_ask), Step(tools=[edit(c_path, c_old, c_new)]), Step(text="Added.")],
        [Step(prompt=f"why is the test in {t_path} skipped?"),
         Step(tools=[read(t_path, t_content)]), Step(text=t_answer)],
    ]


# ------------------------------------------------------------------- projects
def plotkeeper() -> Project:
    """A Flask 3 + htmx app a town council uses to run its allotment sites: plots, tenants, the
    waitlist and offers. SQLAlchemy 2 with plain Alembic, Flask-WTF, Jinja, Playwright browser
    tests, gunicorn with sync workers on the council's VM, Postgres."""
    detail_view = ("@bp.post(\"/plots/<int:plot_id>/vacate\")\n@login_required\n"
                   "def vacate(plot_id):\n    plot = db.get_or_404(Plot, plot_id)\n"
                   "    plot.status = PlotStatus.VACANT\n    db.session.commit()\n")
    facts = [
        Fact("conv-fragments", "convention", ["templates/fragments"],
             ["where should the html for a new htmx swap go?",
              "how are the templates organised for the bits of a page that get replaced "
              "without a full reload?"],
             "Every htmx endpoint renders its own small template from templates/fragments/ "
             "(named after the element it replaces, e.g. _plot_status.html); views never return "
             "the full page for the client to cut down with hx-select.",
             {"mate": "ines",
              "rule": "anything htmx swaps in gets its own template under templates/fragments/ "
                      "and the view renders just that. no returning the whole page and picking "
                      "bits out with hx-select",
              "terse": "htmx responses = their own template in templates/fragments/, never the "
                       "whole page + hx-select",
              "review": "This returns the whole `plots/detail.html` and relies on `hx-select` "
                        "on the client. Please don't - every htmx target gets its own small "
                        "template in templates/fragments/, otherwise each swap pays for the full "
                        "page render, nav queries and all.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Python\n\n- ruff for lint and format, line length "
                      "100.\n- Views live in `plotkeeper/views/`, one blueprint per area.\n\n"
                      "## Templates\n\n- Pages extend `base.html`.\n- Anything htmx swaps in is "
                      "its own template in `templates/fragments/`, named after the element it "
                      "replaces (`_waitlist_row.html` for `#waitlist-row-<id>`). The view "
                      "returns only that; never return the full page and filter it with "
                      "`hx-select`.\n- No inline `<script>`; put behaviour in "
                      "`static/js/`.\n"),
              "task": "add an inline 'mark as vacant' button on the plot detail page that "
                      "updates the status badge without reloading the page",
              "contrary": edit("plotkeeper/views/plots.py", detail_view,
                               detail_view + "    return render_template(\"plots/detail.html\", "
                               "plot=plot)\n"),
              "follow": [write("plotkeeper/templates/fragments/_plot_status.html",
                               "<span id=\"plot-status\" class=\"badge badge-{{ plot.status."
                               "value }}\">\n  {{ plot.status.label }}\n</span>\n"),
                         edit("plotkeeper/views/plots.py", detail_view,
                              detail_view + "    return render_template(\"fragments/"
                              "_plot_status.html\", plot=plot)\n")],
              "done": "The 'mark as vacant' button posts to /plots/<id>/vacate with "
                      "hx-target=\"#plot-status\", and the view renders only "
                      "templates/fragments/_plot_status.html, so just the badge is replaced."}),
        Fact("conv-pence", "convention", ["pence"],
             ["what column type should the new annual rent on a plot be?",
              "how do we store amounts of money in the models?"],
             "Money is stored as an integer number of pence in columns ending _pence (e.g. "
             "rent_pence), never Numeric/Decimal or float; it's turned into pounds only in "
             "templates with the money filter.",
             {"mate": "tomasz",
              "rule": "money is always an int number of pence, in a column ending _pence. no "
                      "Numeric, no floats, it only becomes pounds in the template via the money "
                      "filter",
              "terse": "money: integer pence in `*_pence` columns, shown with the `money` filter",
              "review": "`Numeric(8, 2)` for the rent? We keep all money as integer pence "
                        "(`rent_pence`) and format it with the `money` Jinja filter at the edge. "
                        "Mixing Decimal in here will bite us in the invoice totals.",
              "doc": ("docs/conventions.md",
                      "# Conventions\n\n## Dates\n\nStore UTC, show Europe/London.\n\n## Money\n"
                      "\nAlways an integer number of pence, in a column whose name ends in "
                      "`_pence` (`rent_pence`, `deposit_pence`). Never `Numeric`, never float. "
                      "Convert to pounds only when displaying, with the `money` filter.\n"),
              "task": "add an annual rent to plots, with a migration, and show it on the plot "
                      "page",
              "contrary": edit("plotkeeper/models.py",
                               "    size_m2: Mapped[int]\n",
                               "    size_m2: Mapped[int]\n    rent: Mapped[Decimal] = "
                               "mapped_column(Numeric(8, 2))\n"),
              "follow": [edit("plotkeeper/models.py", "    size_m2: Mapped[int]\n",
                              "    size_m2: Mapped[int]\n    rent_pence: Mapped[int] = "
                              "mapped_column(Integer, server_default=\"0\")\n"),
                         write("migrations/versions/0038_plot_rent.py",
                               "revision = \"0038\"\ndown_revision = \"0037\"\n\n\n"
                               "def upgrade():\n    op.add_column(\"plots\", sa.Column("
                               "\"rent_pence\", sa.Integer(), nullable=False, server_default="
                               "\"0\"))\n\n\ndef downgrade():\n    op.drop_column(\"plots\", "
                               "\"rent_pence\")\n"),
                         edit("plotkeeper/templates/plots/detail.html",
                              "<dt>Size</dt><dd>{{ plot.size_m2 }} m²</dd>\n",
                              "<dt>Size</dt><dd>{{ plot.size_m2 }} m²</dd>\n<dt>Annual rent"
                              "</dt><dd>{{ plot.rent_pence|money }}</dd>\n")],
              "done": "Plots have a rent_pence integer column (migration 0038, default 0), and "
                      "the plot page shows it through the money filter - 4250 pence renders as "
                      "£42.50."}),
        Fact("cmd-e2e", "command", ["make e2e"],
             ["how do I run the browser tests locally?",
              "the playwright tests all die with connection refused - what's the proper way to "
              "start them?"],
             "Run the Playwright browser tests with `make e2e`: it brings up the seeded database "
             "from compose.e2e.yml, starts the app on port 5055 with FLASK_CONFIG=e2e and runs "
             "pytest tests/e2e with --base-url; bare pytest tests/e2e has no server to hit.",
             {"mate": "sam",
              "goal": "run the e2e tests, i touched the waitlist page and want to know if i "
                      "broke the offer flow",
              "fail": bash("pytest tests/e2e -q",
                           "E   playwright._impl._errors.Error: Page.goto: "
                           "net::ERR_CONNECTION_REFUSED at http://localhost:5000/waitlist\n"
                           "FFFFFFFFFFFFFF\n14 failed in 9.12s", 1),
              "fail2": bash("flask --app plotkeeper run --port 5000 & sleep 2; pytest tests/e2e "
                            "-q",
                            "E   sqlalchemy.exc.ProgrammingError: (psycopg.errors.UndefinedTable) "
                            "relation \"seed_marker\" does not exist\nEEEEEEEEEEEEEE\n14 errors "
                            "in 6.40s", 1),
              "note": "The suite expects its own setup: the Makefile target starts a seeded "
                      "database from compose.e2e.yml, runs the app on port 5055 with "
                      "FLASK_CONFIG=e2e, and points pytest at it with --base-url.",
              "ok": bash("make e2e",
                         "docker compose -f compose.e2e.yml up -d --wait\n ✔ Container "
                         "plotkeeper-e2e-db-1  Healthy\nFLASK_CONFIG=e2e flask --app plotkeeper "
                         "run --port 5055 &\npytest tests/e2e --base-url http://localhost:5055 "
                         "-q\n..............\n14 passed in 41.27s\ndocker compose -f "
                         "compose.e2e.yml down"),
              "source": ("Makefile",
                         ".PHONY: dev test lint e2e\n\ndev:\n\tdocker compose up -d\n\tflask "
                         "--app plotkeeper run --debug\n\ntest:\n\tpytest tests/unit -q\n\n"
                         "lint:\n\truff check . && ruff format --check .\n\n"
                         "# browser tests: seeded db + app on :5055, then playwright\n"
                         "e2e:\n\tdocker compose -f compose.e2e.yml up -d --wait\n"
                         "\tFLASK_CONFIG=e2e flask --app plotkeeper run --port 5055 & echo $$! > "
                         ".e2e.pid\n\tpytest tests/e2e --base-url http://localhost:5055 -q; "
                         "status=$$?; kill `cat .e2e.pid`; docker compose -f compose.e2e.yml "
                         "down; exit $$status\n"),
              "tip": "don't run pytest on tests/e2e directly, it needs the seeded db and the app "
                     "on 5055. `make e2e` does all of it and cleans up after",
              "done": "All 14 browser tests pass with make e2e, including the three on the "
                      "waitlist offer flow - your change didn't break anything."}),
        Fact("cmd-alembic", "command", ["migrations/alembic.ini"],
             ["how do I apply the latest schema changes to my local database?",
              "`flask db upgrade` says there's no such command - what do we use instead?"],
             "There's no Flask-Migrate: migrations are plain Alembic with the config under "
             "migrations/, so run `alembic -c migrations/alembic.ini upgrade head` (and the "
             "same -c for revision --autogenerate).",
             {"mate": "ines",
              "goal": "pull main and bring my local db up to date, ines merged two migrations "
                      "yesterday",
              "fail": bash("git pull -q && flask --app plotkeeper db upgrade",
                           "Usage: flask [OPTIONS] COMMAND [ARGS]...\nTry 'flask --help' for "
                           "help.\n\nError: No such command 'db'.", 2),
              "fail2": bash("alembic upgrade head",
                            "FAILED: No config file 'alembic.ini' found, or file has no "
                            "'[alembic]' section", 255),
              "note": "There's no Flask-Migrate in this app - it's plain Alembic, and its config "
                      "lives in the migrations folder rather than the repo root, so alembic "
                      "needs -c pointing at it.",
              "ok": bash("alembic -c migrations/alembic.ini upgrade head",
                         "INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\n"
                         "INFO  [alembic.runtime.migration] Will assume transactional DDL.\n"
                         "INFO  [alembic.runtime.migration] Running upgrade 0035 -> 0036, "
                         "waitlist offer expiry\nINFO  [alembic.runtime.migration] Running "
                         "upgrade 0036 -> 0037, site notes"),
              "source": ("README.md",
                         "# plotkeeper\n\nAllotment sites, plots, tenants and the waitlist.\n\n"
                         "## Setup\n\n    docker compose up -d\n    pip install -r "
                         "requirements-dev.txt\n\n## Database\n\nWe use Alembic directly (no "
                         "Flask-Migrate). Its config is `migrations/alembic.ini`:\n\n    alembic "
                         "-c migrations/alembic.ini upgrade head\n    alembic -c "
                         "migrations/alembic.ini revision --autogenerate -m \"...\"\n"),
              "tip": "it's plain alembic, no flask-migrate. the config is in migrations/ so you "
                     "need `alembic -c migrations/alembic.ini upgrade head`",
              "done": "Your local database is at head: it ran 0036 (waitlist offer expiry) and "
                      "0037 (site notes)."}),
        Fact("env-mailpit", "environment", ["Mailpit", "8025"],
             ["where do the emails the app sends end up when I run it locally?",
              "how can I preview the plot offer email without it going to a real inbox?"],
             "Locally all outgoing mail goes to the Mailpit container from docker-compose.yml "
             "(SMTP on localhost:1025, per .env.example); read it in Mailpit's web UI at "
             "http://localhost:8025. Nothing is really sent.",
             {"mate": "becca",
              "goal": "where do emails go in dev? i want to see the offer email a tenant gets",
              "probe": [read("docker-compose.yml",
                             "services:\n  db:\n    image: postgres:16-alpine\n    environment:\n"
                             "      POSTGRES_PASSWORD: dev\n    ports:\n      - \"5432:5432\"\n"
                             "  mailpit:\n    image: axllent/mailpit:v1.18\n    ports:\n      - "
                             "\"1025:1025\"\n      - \"8025:8025\"\n"),
                        bash("grep ^MAIL_ .env.example",
                             "MAIL_SERVER=localhost\nMAIL_PORT=1025\nMAIL_USE_TLS=false\n"
                             "MAIL_DEFAULT_SENDER=allotments@example.org")],
              "confirm": "Nothing leaves your machine in dev: .env.example points MAIL_SERVER "
                         "at localhost:1025, which is the Mailpit container in "
                         "docker-compose.yml. Its web UI is at http://localhost:8025 - every "
                         "email the app sends shows up there, including the offer email.",
              "said": "dev mail gets caught by mailpit and you read it on localhost:8025",
              "wrong": "In dev, Flask-Mail setups usually have MAIL_SUPPRESS_SEND on, so the "
                       "offer email would only appear in the server log - I'll trigger an offer "
                       "and look for it in the log.",
              "error": bash("flask --app plotkeeper send-test-mail me@example.org",
                            "Traceback (most recent call last):\n  ...\n  File "
                            "\"/usr/lib/python3.11/smtplib.py\", line 341, in connect\n    "
                            "self.sock = self._get_socket(host, port, self.timeout)\n"
                            "ConnectionRefusedError: [Errno 111] Connection refused", 1)}),
        Fact("env-pg13", "environment", ["PostgreSQL 13"],
             ["what database version does the live site run on?",
              "can I use features from the newest postgres releases in a migration?"],
             "Production is the council's managed PostgreSQL 13 (13.14) while dev's "
             "docker-compose runs 16, so nothing newer than 13 may be used (no MERGE, no NULLS "
             "NOT DISTINCT); it passes locally and fails on deploy.",
             {"mate": "tomasz",
              "goal": "which postgres is prod on? i want to use MERGE for the waitlist import",
              "probe": [bash("grep -n -A1 '^  db:' docker-compose.yml",
                             "2:  db:\n3-    image: postgres:16-alpine"),
                        bash("psql \"$PROD_READONLY_URL\" -Atc 'select version()'",
                             "PostgreSQL 13.14 on x86_64-pc-linux-gnu, compiled by gcc (GCC) "
                             "7.3.1 20180712 (Red Hat 7.3.1-12), 64-bit")],
              "confirm": "Prod is older than dev: the council's managed server runs PostgreSQL "
                         "13 (13.14), while docker-compose gives you 16. MERGE only arrived in "
                         "15, so it would pass locally and fail on deploy - the import has to "
                         "use INSERT ... ON CONFLICT instead.",
              "said": "prod is still on 13 even though compose runs 16",
              "wrong": "docker-compose runs postgres:16, so I'll assume production matches it "
                       "and write the import with MERGE.",
              "error": bash("psql \"$STAGING_URL\" -f sql/waitlist_import.sql",
                            "psql:sql/waitlist_import.sql:1: ERROR:  syntax error at or near "
                            "\"MERGE\"\nLINE 1: MERGE INTO waitlist w\n        ^", 3)}),
        Fact("gotcha-csrf", "gotcha", ["X-CSRFToken"],
             ["why does clicking the new delete button give a 400 bad request?",
              "an hx-delete link gets refused by the server but the normal forms post fine - "
              "what's missing?"],
             "Flask-WTF's CSRFProtect rejects htmx requests outside a <form> (400 'The CSRF "
             "token is missing'); base.html sets hx-headers='{\"X-CSRFToken\": \"{{ csrf_token() "
             "}}\"}' on <body> so htmx sends it - a page on another layout (bare.html, the print "
             "layout) needs the same header.",
             {"mate": "sam",
              "symptom": "the remove-tenant button on the admin plot list just does nothing. "
                         "network tab says 400",
              "lead": {"guess": "A 400 on a POST from the same site is often the session cookie "
                                "not being sent - checking the cookie settings.",
                       "tool": grep("SESSION_COOKIE", ["plotkeeper/config.py"]),
                       "verdict": "SESSION_COOKIE_SAMESITE is Lax and the request is "
                                  "same-origin, so the cookie goes along - that's not it.",
                       "phrase": "the session cookie / samesite stuff, checked it"},
              "bad_fix": (edit("plotkeeper/config.py", "WTF_CSRF_SSL_STRICT = True\n",
                               "WTF_CSRF_SSL_STRICT = False\n"),
                          "Over plain http the strict referrer check can fail; relaxing "
                          "WTF_CSRF_SSL_STRICT."),
              "hint": "the csrf thing and the body tag in base.html",
              "probe": [bash("curl -s -X DELETE -b cookies.txt "
                             "http://localhost:5000/admin/plots/14/tenant",
                             "<!doctype html>\n<title>400 Bad Request</title>\n<h1>Bad Request"
                             "</h1>\n<p>The CSRF token is missing.</p>"),
                        read("plotkeeper/templates/admin/plots.html",
                             "{% extends \"bare.html\" %}\n{% block body %}\n<table>\n"
                             "{% for plot in plots %}\n  <tr id=\"plot-{{ plot.id }}\">\n    "
                             "<td>{{ plot.code }}</td><td>{{ plot.tenant.name }}</td>\n    <td>"
                             "<button hx-delete=\"{{ url_for('admin.remove_tenant', plot_id="
                             "plot.id) }}\" hx-target=\"closest tr\">Remove tenant</button></td>\n"
                             "  </tr>\n{% endfor %}\n</table>\n{% endblock %}\n"),
                        grep("hx-headers", ["plotkeeper/templates/base.html"])],
              "explain": "Found it. CSRFProtect checks every non-GET request, and an htmx "
                         "button outside a <form> has no csrf_token field to send. base.html "
                         "covers that by putting hx-headers='{\"X-CSRFToken\": \"{{ "
                         "csrf_token() }}\"}' on <body>, so every htmx request under it carries "
                         "the header - but the admin plot list extends bare.html (the print "
                         "layout), which doesn't have it. Adding the same attribute to "
                         "bare.html.",
              "fix": [edit("plotkeeper/templates/bare.html", "<body>\n",
                           "<body hx-headers='{\"X-CSRFToken\": \"{{ csrf_token() }}\"}'>\n")],
              "done": "Remove tenant works on the admin list now: the DELETE carries the "
                      "X-CSRFToken header like every page under base.html, and the row "
                      "disappears."}),
        Fact("gotcha-enum", "gotcha", ["ALTER TYPE"],
             ["I added a new status to the plot status enum and generated a migration, but "
              "saving a plot with it still fails - why?",
              "what does autogenerate miss when you add a choice to an enum column?"],
             "Alembic autogenerate doesn't notice new values on a Postgres ENUM (plot_status): "
             "the migration comes out empty and inserts fail with 'invalid input value for "
             "enum'; add the value by hand with op.execute(\"ALTER TYPE plot_status ADD VALUE "
             "IF NOT EXISTS 'reserved'\").",
             {"mate": "becca",
              "symptom": "setting a plot to reserved blows up with `invalid input value for enum "
                         "plot_status: \"reserved\"`. i added it to the PlotStatus enum AND "
                         "made a migration, so wtf",
              "lead": {"guess": "Maybe the migration hasn't been applied to your database yet - "
                                "checking its current revision.",
                       "tool": bash("psql -Atc 'select version_num from alembic_version'",
                                    "0039"),
                       "verdict": "It's at 0039, the new migration, so it has been applied - "
                                  "not that.",
                       "phrase": "the migration not being applied (it is, the db is at 0039)"},
              "bad_fix": (bash("sudo systemctl restart plotkeeper-dev", ""),
                          "The running app may still hold the old enum definition in its "
                          "metadata; restarting it."),
              "hint": "autogenerate being blind to some enum changes",
              "probe": [read("migrations/versions/0039_plot_reserved.py",
                             "\"\"\"plot reserved status\"\"\"\nrevision = \"0039\"\n"
                             "down_revision = \"0038\"\n\n\ndef upgrade():\n    pass\n\n\n"
                             "def downgrade():\n    pass\n"),
                        bash("psql -Atc 'select enum_range(null::plot_status)'",
                             "{vacant,let,overgrown}")],
              "explain": "The migration is empty: autogenerate compares tables and columns but "
                         "doesn't see a new value on an existing Postgres ENUM type, so it "
                         "wrote `pass`, and plot_status in the database still only has vacant, "
                         "let and overgrown. The value has to be added by hand with ALTER TYPE "
                         "in the migration.",
              "fix": [edit("migrations/versions/0039_plot_reserved.py",
                           "def upgrade():\n    pass\n",
                           "def upgrade():\n    op.execute(\"ALTER TYPE plot_status ADD VALUE "
                           "IF NOT EXISTS 'reserved'\")\n"),
                      bash("psql -c \"ALTER TYPE plot_status ADD VALUE IF NOT EXISTS "
                           "'reserved'\"", "ALTER TYPE")],
              "done": "Plots can be set to reserved now. Migration 0039 adds the enum value "
                      "itself, so staging and prod get it on deploy; I applied the same "
                      "statement to your local database by hand."}),
        Fact("fals-cache", "falsified", ["Flask-Caching"],
             ["why isn't the site map page cached?",
              "would putting a cache in front of the plot map view make it faster?"],
             "Caching the /sites/<id>/map view with Flask-Caching was tried and reverted: the "
             "map is per-user (your plot, your waitlist position) so only 11% of requests hit "
             "and p95 moved 310ms -> 290ms, while cached copies showed stale waitlist "
             "positions. The time is in the per-plot queries.",
             {"mate": "tomasz",
              "ask": "the site map page is slow, ~300ms p95. stick Flask-Caching on it with a "
                     "60s timeout, redis is already there",
              "change": [edit("plotkeeper/views/sites.py",
                              "@bp.get(\"/sites/<int:site_id>/map\")\ndef site_map(site_id):\n",
                              "@bp.get(\"/sites/<int:site_id>/map\")\n@cache.cached(timeout=60, "
                              "make_cache_key=map_cache_key)\ndef site_map(site_id):\n"),
                         edit("plotkeeper/__init__.py", "    db.init_app(app)\n",
                              "    db.init_app(app)\n    cache.init_app(app, config={"
                              "\"CACHE_TYPE\": \"RedisCache\", \"CACHE_REDIS_URL\": "
                              "app.config[\"REDIS_URL\"]})\n")],
              "broke": bash("locust -f loadtest/map.py --headless -u 40 -r 10 -t 2m "
                            "--only-summary 2>&1 | tail -3 && redis-cli info stats | grep "
                            "keyspace_",
                            "Name                 # reqs  # fails |  Avg   Min   Max  Med\n"
                            "GET /sites/[id]/map    4812     0(0%) |  262    9   702  270\n"
                            "Response time percentiles: 50% 270 | 95% 290 | 99% 540\n"
                            "keyspace_hits:531\nkeyspace_misses:4281"),
              "revert": bash("git checkout -- plotkeeper/views/sites.py plotkeeper/__init__.py",
                             ""),
              "conclusion": "Not worth it: the map highlights your own plot and your waitlist "
                            "position, so Flask-Caching's key has to include the user, and only "
                            "531 of 4,812 requests (11%) hit the cache - p95 went from about "
                            "310ms to 290ms. Meanwhile a cached copy shows people a waitlist "
                            "position up to a minute old. Reverted; the time goes on the "
                            "per-plot queries, which is what to fix instead.",
              "idea": "caching the site map page"}),
        Fact("fals-sse", "falsified", ["server-sent events"],
             ["could the waitlist counter push updates instead of polling every few seconds?",
              "why does the waitlist badge poll rather than keep a connection open?"],
             "Pushing the waitlist counter over server-sent events (a stream endpoint + the "
             "htmx sse extension) was tried and reverted: gunicorn runs 3 sync workers and each "
             "open stream pins one, so three open tabs made the whole site stop answering. It "
             "stays on hx-trigger=\"every 15s\" polling.",
             {"mate": "sam",
              "ask": "swap the waitlist counter polling for server-sent events with the htmx "
                     "sse extension, polling every 15s feels dumb",
              "change": [write("plotkeeper/views/stream.py",
                               "@bp.get(\"/waitlist/stream\")\ndef waitlist_stream():\n"
                               "    def events():\n        last = None\n        while True:\n"
                               "            n = waitlist_count()\n            if n != last:\n"
                               "                yield f\"event: count\\ndata: {n}\\n\\n\"\n"
                               "                last = n\n            time.sleep(2)\n"
                               "    return Response(events(), mimetype=\"text/event-stream\")\n"),
                         edit("plotkeeper/templates/waitlist/index.html",
                              "<span id=\"wl-count\" hx-get=\"/waitlist/count\" "
                              "hx-trigger=\"every 15s\">",
                              "<span id=\"wl-count\" hx-ext=\"sse\" "
                              "sse-connect=\"/waitlist/stream\" sse-swap=\"count\">")],
              "broke": bash("grep -E '^(workers|worker_class)' gunicorn.conf.py; for i in 1 2 3; "
                            "do curl -sN http://localhost:8000/waitlist/stream > /dev/null & "
                            "done; sleep 1; curl -m 10 -s -o /dev/null -w '%{http_code} "
                            "%{time_total}s\\n' http://localhost:8000/plots",
                            "workers = 3\nworker_class = \"sync\"\n000 10.001s", 28),
              "revert": bash("git checkout -- plotkeeper/templates/waitlist/index.html && rm "
                             "plotkeeper/views/stream.py", ""),
              "conclusion": "Server-sent events don't fit how the app is served: gunicorn runs "
                            "3 sync workers, and every open stream holds one for as long as the "
                            "tab is open. With three tabs on the waitlist page the whole site "
                            "stopped answering - a plain GET /plots timed out after 10 seconds. "
                            "Reverted to hx-trigger=\"every 15s\" polling, which costs one 4ms "
                            "request per tab.",
              "idea": "pushing the waitlist counter over a long-lived stream"}),
    ]
    return Project(
        "plotkeeper", "git@github.com:tenbury-council/plotkeeper.git",
        {"README.md": "# plotkeeper\n\nAllotment sites, plots, tenants and the waitlist.\n",
         "requirements.in": "flask>=3.0\nflask-wtf\nsqlalchemy>=2.0\nalembic\npsycopg[binary]\n"
                            "gunicorn\n"},
        facts,
        everyday(("plotkeeper/waitlist.py",
                  "def next_offer(site):\n    \"\"\"The longest-waiting applicant who wants "
                  "this site and has no open offer.\"\"\"\n    return db.session.scalars(\n"
                  "        select(Applicant)\n        .where(Applicant.site_id == site.id, "
                  "Applicant.offer_id.is_(None))\n        .order_by(Applicant.joined_at)\n"
                  "        .limit(1)\n    ).first()\n\n\ndef make_offer(applicant, plot):\n"
                  "    offer = Offer(applicant=applicant, plot=plot, expires_at=utcnow() + "
                  "OFFER_WINDOW)\n    db.session.add(offer)\n    return offer\n",
                  "It picks who gets offered the next free plot: next_offer returns the "
                  "longest-waiting applicant for that site who doesn't already have an open "
                  "offer, and make_offer creates the offer with an expiry OFFER_WINDOW from "
                  "now. It doesn't commit - the caller does."),
                 ("get_site_reps", "get_site_contacts",
                  [("plotkeeper/sites.py", "def get_site_reps(site):",
                    "def get_site_contacts(site):"),
                   ("plotkeeper/views/sites.py", "reps = get_site_reps(site)",
                    "reps = get_site_contacts(site)")]),
                 ("ruff check . && ruff format --check .",
                  "All checks passed!\n62 files already formatted",
                  "Clean - ruff has nothing to say and formatting is already right."),
                 ("what's the difference between flush and commit in SQLAlchemy again?",
                  "flush sends the pending INSERTs/UPDATEs to the database inside the current "
                  "transaction (so you get ids and constraint errors early), but nothing is "
                  "permanent yet; commit flushes and then ends the transaction, making it "
                  "durable and visible to other connections."),
                 (" plotkeeper/views/applicants.py          | 14 ++++++++++----\n "
                  "plotkeeper/templates/applicants/edit.html |  6 ++++--\n 2 files changed, "
                  "14 insertions(+), 6 deletions(-)",
                  "Suggested message:\n\n    Let applicants change their preferred sites\n\n"
                  "    The edit form now lists every site with a checkbox, and saving\n"
                  "    replaces the applicant's preferences in one go."),
                 ("5c1e0a2 Merge pull request #211 from tenbury-council/site-notes\n"
                  "9d3f7b1 Merge pull request #209 from tenbury-council/offer-expiry\n"
                  "e02aa4c Merge pull request #207 from tenbury-council/ruff-100",
                  "Three merges: site notes (#211), offer expiry (#209) and the switch to a "
                  "100-column ruff config (#207)."),
                 ("plotkeeper/sites.py", "def water_points(site):\n",
                  "def water_points(site):\n    \"\"\"Taps on the site, nearest the gate first."
                  "\"\"\"\n",
                  "add a one-line docstring to water_points in sites.py"),
                 ("tests/unit/test_offers.py",
                  "@pytest.mark.skip(reason=\"flaky around midnight UTC, see #188\")\n"
                  "def test_offer_expires_after_window(offer_factory):\n    offer = "
                  "offer_factory(expires_at=utcnow() - timedelta(seconds=1))\n    assert "
                  "offer.expired\n",
                  "It's skipped on purpose: the marker says it's flaky around midnight UTC and "
                  "points at issue #188 - the factory builds dates from the local day, so "
                  "near midnight the expiry lands on the wrong side. Freezing time in the test "
                  "would let it come back.")),
        "postgres")


def vetdesk() -> Project:
    """An Angular 17 front-desk app for a chain of veterinary clinics, in an Nx workspace:
    standalone components, NgRx store and effects, an API client generated from the backend's
    OpenAPI spec, Jest unit tests and Cypress end-to-end tests."""
    header_ts = ("export class HeaderComponent {\n  private store = inject(Store);\n"
                 "  clinic = input.required<Clinic>();\n")
    day_ts = ("export class DayViewComponent {\n  appointments = input.required<Appointment[]>()"
              ";\n  sorted = signal<Appointment[]>([]);\n\n  sortByVet() {\n"
              "    this.sorted.set(this.appointments().sort((a, b) => a.vetName.localeCompare("
              "b.vetName)));\n  }\n}\n")
    facts = [
        Fact("conv-actiongroup", "convention", ["createActionGroup"],
             ["how should I declare the actions for the new vaccinations feature?",
              "what's the house style for NgRx actions?"],
             "NgRx actions are declared with createActionGroup, one group per source (e.g. "
             "'Reminders Page', 'Reminders API'), events named as what happened; no standalone "
             "createAction calls.",
             {"mate": "lucía",
              "rule": "actions go in a createActionGroup per source, like source 'Reminders "
                      "Page' and 'Reminders API', events named after what happened. no "
                      "standalone createAction() calls",
              "terse": "actions: one createActionGroup per source, no loose createAction",
              "review": "Please don't add loose `createAction`s - we use one `createActionGroup` "
                        "per source (`Reminders Page`, `Reminders API`) so the action types stay "
                        "consistent and the devtools log reads like a story.",
              "doc": ("docs/state.md",
                      "# State management\n\n- One feature per domain, created with "
                      "`createFeature`.\n- Actions: one `createActionGroup` per source - the "
                      "page or API that dispatches them (`Appointments Page`, `Appointments "
                      "API`). Event names say what happened (`Opened`, `Loaded`, `Load "
                      "Failed`). No standalone `createAction`.\n- Side effects only in "
                      "effects.\n"),
              "task": "add state for vaccination reminders: load them when the patient page "
                      "opens, and an action for when the API call fails",
              "contrary": write("libs/reminders/data-access/src/lib/reminders.actions.ts",
                                "import { createAction, props } from '@ngrx/store';\n\n"
                                "export const loadReminders = createAction('[Reminders] Load', "
                                "props<{ patientId: string }>());\nexport const "
                                "loadRemindersSuccess = createAction('[Reminders] Load Success',"
                                " props<{ reminders: Reminder[] }>());\nexport const "
                                "loadRemindersFailure = createAction('[Reminders] Load Failure',"
                                " props<{ error: string }>());\n"),
              "follow": [write("libs/reminders/data-access/src/lib/reminders.actions.ts",
                               "import { createActionGroup, props } from '@ngrx/store';\n\n"
                               "export const RemindersPageActions = createActionGroup({\n"
                               "  source: 'Reminders Page',\n  events: {\n    Opened: props<{ "
                               "patientId: string }>(),\n  },\n});\n\nexport const "
                               "RemindersApiActions = createActionGroup({\n  source: 'Reminders "
                               "API',\n  events: {\n    'Reminders Loaded': props<{ reminders: "
                               "Reminder[] }>(),\n    'Reminders Load Failed': props<{ error: "
                               "string }>(),\n  },\n});\n")],
              "done": "Reminders have two createActionGroup groups - Reminders Page (Opened) and "
                      "Reminders API (Reminders Loaded, Reminders Load Failed) - and the effect "
                      "loads them when the patient page dispatches Opened."}),
        Fact("conv-selectsignal", "convention", ["selectSignal"],
             ["how should a component read data from the store?",
              "is it fine to use the async pipe on store observables in a template?"],
             "Components read the store with store.selectSignal(selector) and call the signal "
             "in the template; no store.select(...) + async pipe in components (being migrated "
             "away).",
             {"mate": "marek",
              "rule": "components read the store with store.selectSignal and call the signal in "
                      "the template. no store.select + async pipe, we're migrating off that",
              "terse": "components read the store via store.selectSignal, no async pipe",
              "review": "Could this be `this.store.selectSignal(selectOverdueCount)` and "
                        "`overdue()` in the template? We're moving every component off "
                        "`store.select` + `async` - new code shouldn't add more of it.",
              "doc": ("docs/state.md",
                      "# State management\n\n## Reading state in components\n\nUse "
                      "`store.selectSignal(selector)` and call the signal in the template. Do "
                      "not use `store.select` with the `async` pipe in components; the "
                      "remaining ones are being migrated.\n"),
              "task": "show the number of overdue invoices as a badge in the header",
              "contrary": edit("apps/desk/src/app/header/header.component.ts", header_ts,
                               header_ts + "  overdue$ = this.store.select(selectOverdueCount);"
                               "\n"),
              "follow": [edit("apps/desk/src/app/header/header.component.ts", header_ts,
                              header_ts + "  overdue = this.store.selectSignal("
                              "selectOverdueCount);\n"),
                         edit("apps/desk/src/app/header/header.component.html",
                              "<span class=\"clinic\">{{ clinic().name }}</span>\n",
                              "<span class=\"clinic\">{{ clinic().name }}</span>\n@if "
                              "(overdue() > 0) {\n  <span class=\"badge\">{{ overdue() }}</span>"
                              "\n}\n")],
              "done": "The header shows a badge with the overdue invoice count; the component "
                      "reads it with store.selectSignal(selectOverdueCount) and the badge hides "
                      "when it's zero."}),
        Fact("cmd-e2e", "command", ["desk-e2e"],
             ["how do I run the end-to-end tests for the front desk app?",
              "cypress can't reach the app when I launch it directly - how are these tests meant "
              "to be run?"],
             "Run the Cypress tests through Nx: `npx nx e2e desk-e2e` (optionally --spec ...); "
             "the target serves the desk app with the mock API on :4300 first. Plain `npx "
             "cypress run` has no app to talk to.",
             {"mate": "hana",
              "goal": "run the cypress tests for booking, i changed the slot picker",
              "fail": bash("npx cypress run --spec 'apps/desk/cypress/e2e/booking.cy.ts'",
                           "Can't run because no spec files were found.\n\nWe searched for "
                           "specs matching this glob pattern:\n\n  > /home/dev/src/vetdesk/apps/"
                           "desk/cypress/e2e/booking.cy.ts", 1),
              "fail2": bash("npx nx e2e desk",
                            "NX   Cannot find configuration for task desk:e2e", 1),
              "note": "The Cypress tests are their own Nx project, desk-e2e; its e2e target "
                      "serves the desk app with the mock API on port 4300 first and then runs "
                      "Cypress against it.",
              "ok": bash("npx nx e2e desk-e2e --spec src/e2e/booking.cy.ts",
                         "> nx run desk-e2e:e2e --spec src/e2e/booking.cy.ts\n\n> nx run "
                         "desk:serve:mock\n** Angular Live Development Server is listening on "
                         "localhost:4300 **\n\n  Running:  booking.cy.ts\n\n  ✔  booking.cy.ts"
                         "   00:21    7    7    -    -    -\n\n  All specs passed!   00:21    7"
                         "    7"),
              "source": (".github/workflows/ci.yml",
                         "name: ci\non: [pull_request]\njobs:\n  main:\n    runs-on: "
                         "ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
                         "      - uses: actions/setup-node@v4\n        with:\n          "
                         "node-version-file: .nvmrc\n      - run: npm ci\n      - run: npx nx "
                         "affected -t lint test build\n      - run: npx nx e2e desk-e2e "
                         "--configuration=ci\n"),
              "tip": "cypress needs the app served with the mock api first, the e2e target on "
                     "desk-e2e does that. `npx nx e2e desk-e2e`, don't call cypress yourself",
              "done": "All 7 booking specs pass against the mock API, slot picker included."}),
        Fact("cmd-orval", "command", ["orval"],
             ["the backend added new endpoints - how do I update the typed API client?",
              "how are the generated API services rebuilt from the spec?"],
             "The typed client in libs/api-client is generated by orval: `npm run gen:api` "
             "(orval --config orval.config.ts, which pulls the spec from the dev backend); "
             "openapi-generator isn't used and needs Java anyway.",
             {"mate": "marek",
              "goal": "the backend team added the /vaccinations endpoints, regenerate the api "
                      "client please",
              "fail": bash("npx @openapitools/openapi-generator-cli generate -i openapi.json -g "
                           "typescript-angular -o libs/api-client/src",
                           "Error: spawn java ENOENT\n    at ChildProcess._handle.onexit "
                           "(node:internal/child_process:286:19)", 1),
              "fail2": bash("npm run generate",
                            "npm ERR! Missing script: \"generate\"\nnpm ERR!\nnpm ERR! To see a "
                            "list of scripts, run:\nnpm ERR!   npm run", 1),
              "note": "The client isn't made with openapi-generator: package.json's gen:api "
                      "script runs orval with orval.config.ts, which fetches the spec from the "
                      "dev backend and writes libs/api-client.",
              "ok": bash("npm run gen:api",
                         "> vetdesk@0.0.0 gen:api\n> orval --config orval.config.ts\n\n🍻 Start "
                         "orval v6.25.0 - A swagger client generator for typescript\n🎉 "
                         "api-client - Your OpenAPI spec has been converted into ready to use "
                         "orval!"),
              "source": ("package.json",
                         "{\n  \"name\": \"vetdesk\",\n  \"version\": \"0.0.0\",\n  \"scripts\": "
                         "{\n    \"start\": \"nx serve desk\",\n    \"build\": \"nx build desk\","
                         "\n    \"gen:api\": \"orval --config orval.config.ts\",\n    \"lint\": "
                         "\"nx run-many -t lint\"\n  },\n  \"private\": true\n}\n"),
              "tip": "we switched to orval last year. `npm run gen:api`, it reads "
                     "orval.config.ts and pulls the spec from the dev backend",
              "done": "libs/api-client has the new VaccinationsService (list, create, cancel) and "
                      "its types; nothing else in the client changed."}),
        Fact("env-node", "environment", ["20.11.1"],
             ["which node version does this need?",
              "npm install complains about the engine - what runtime should I be on?"],
             "The workspace pins Node 20.11.1 exactly (.nvmrc and package.json engines) and "
             ".npmrc sets engine-strict=true, so npm refuses other versions; `nvm install` "
             "picks it up from .nvmrc.",
             {"mate": "hana",
              "goal": "npm ci fails on my new laptop, something about engines",
              "probe": [bash("node --version; cat .nvmrc; grep -A2 '\"engines\"' package.json; "
                             "cat .npmrc",
                             "v22.3.0\n20.11.1\n  \"engines\": {\n    \"node\": \"20.11.1\"\n"
                             "  },\nengine-strict=true")],
              "confirm": "The workspace pins Node 20.11.1 exactly: .nvmrc and the engines field "
                         "in package.json both say so, and .npmrc has engine-strict=true, so "
                         "npm refuses to install on your Node 22.3. Run `nvm install` (it reads "
                         ".nvmrc), then `npm ci`.",
              "said": "we're pinned to node 20.11.1 and npm is strict about it",
              "wrong": "Angular 17 supports Node 18.13+ and 20.9+, and newer majors usually "
                       "work too - I'll assume a transitive dependency is being fussy and retry "
                       "with --engine-strict=false.",
              "error": bash("npm ci",
                            "npm ERR! code EBADENGINE\nnpm ERR! engine Unsupported engine\n"
                            "npm ERR! engine Not compatible with your version of node/npm: "
                            "vetdesk@0.0.0\nnpm ERR! notsup Required: {\"node\":\"20.11.1\"}\n"
                            "npm ERR! notsup Actual:   {\"npm\":\"10.8.1\",\"node\":\"v22.3.0\"}",
                            1)}),
        Fact("env-proxy", "environment", ["proxy.conf.json"],
             ["where do the /api calls go when I run the app locally?",
              "why don't I need CORS configured on my machine during development?"],
             "In local dev the desk app calls /api relative and the Nx dev server proxies it "
             "(apps/desk/proxy.conf.json) to the shared dev backend https://api.dev.pawsure.vet "
             "with changeOrigin; there's no local backend and no CORS setup.",
             {"mate": "lucía",
              "goal": "when i run nx serve desk, where does /api actually go? there's no backend "
                      "running on my machine",
              "probe": [bash("grep -n -B2 -A3 proxyConfig apps/desk/project.json",
                             "31-      \"executor\": \"@angular-devkit/build-angular:dev-server\","
                             "\n32-      \"options\": {\n33:        \"proxyConfig\": "
                             "\"apps/desk/proxy.conf.json\",\n34-        \"port\": 4200\n35-"
                             "      },"),
                        read("apps/desk/proxy.conf.json",
                             "{\n  \"/api\": {\n    \"target\": \"https://api.dev.pawsure.vet\",\n"
                             "    \"secure\": true,\n    \"changeOrigin\": true,\n    \"logLevel\":"
                             " \"info\"\n  }\n}\n")],
              "confirm": "The dev server proxies it: the serve target in apps/desk/project.json "
                         "sets proxyConfig to apps/desk/proxy.conf.json, which forwards "
                         "everything under /api to the shared dev backend at "
                         "https://api.dev.pawsure.vet (changeOrigin on). The browser only ever "
                         "talks to localhost:4200, so there's no backend to run locally and no "
                         "CORS to set up.",
              "said": "the dev server proxies /api to the shared dev backend",
              "wrong": "Angular apps usually take the API base URL from environment.ts - I'll "
                       "look for an apiUrl in apps/desk/src/environments.",
              "error": bash("grep -rn apiUrl apps/desk/src/environments", "", 1)}),
        Fact("gotcha-frozen", "gotcha", ["strictStateImmutability"],
             ["the appointments list crashes with 'cannot assign to read only property' when I "
              "sort it - why?",
              "why does reordering a list work in the production build but throw when I serve "
              "it locally?"],
             "NgRx's runtime check strictStateImmutability (on in dev builds only) freezes store "
             "state, so Array.prototype.sort on a selected array throws 'Cannot assign to read "
             "only property'; sort a copy ([...list].sort()). In prod nothing is frozen and the "
             "sort silently mutates the store.",
             {"mate": "lucía",
              "symptom": "clicking 'sort by vet' on the day view throws `TypeError: Cannot "
                         "assign to read only property '0' of object '[object Array]'` when i "
                         "serve it locally. on staging it works??",
              "lead": {"guess": "That kind of dev-only difference is sometimes a stale build "
                                "cache - resetting the Nx cache and serving again.",
                       "tool": bash("npx nx reset && npx nx serve desk",
                                    "NX   Resetting the Nx cache and stopping the daemon.\n\n"
                                    "** Angular Live Development Server is listening on "
                                    "localhost:4200 **\nERROR TypeError: Cannot assign to read "
                                    "only property '0' of object '[object Array]'\n    at "
                                    "Array.sort (<anonymous>)\n    at DayViewComponent.sortByVet "
                                    "(day-view.component.ts:9:33)"),
                       "verdict": "Same error after a clean rebuild, so it isn't the cache.",
                       "phrase": "the nx cache (ran nx reset, same thing)"},
              "bad_fix": (edit("libs/appointments/feature-day/src/lib/day-view.component.ts",
                               "changeDetection: ChangeDetectionStrategy.OnPush,",
                               "changeDetection: ChangeDetectionStrategy.Default,"),
                          "OnPush components don't notice in-place changes to their inputs; "
                          "switching the day view to default change detection."),
              "hint": "the store freezing things but only in dev mode",
              "probe": [read("libs/appointments/feature-day/src/lib/day-view.component.ts",
                             day_ts),
                        bash("grep -n -A4 runtimeChecks apps/desk/src/app/app.config.ts",
                             "18:      runtimeChecks: {\n19-        strictStateImmutability: "
                             "isDevMode(),\n20-        strictActionImmutability: isDevMode(),\n"
                             "21-      },")],
              "explain": "The sort is the problem: sortByVet calls .sort() on the array that "
                         "came straight out of the store, and Array.prototype.sort sorts in "
                         "place. The strictStateImmutability runtime check deep-freezes store "
                         "state in dev mode, so the in-place sort throws; in the production "
                         "build the check is off, nothing is frozen, and the sort silently "
                         "reorders the store's own array instead - a quieter bug. Sorting a "
                         "copy fixes both.",
              "fix": [edit("libs/appointments/feature-day/src/lib/day-view.component.ts",
                           "this.sorted.set(this.appointments().sort(",
                           "this.sorted.set([...this.appointments()].sort(")],
              "done": "Sorting by vet works when served locally, and on staging it no longer "
                      "reorders the store's array behind everyone's back."}),
        Fact("gotcha-lazy-state", "gotcha", ["provideState"],
             ["why is the invoices widget on the dashboard empty until I've opened the invoices "
              "page once?",
              "the billing selectors return undefined when I land on the dashboard from a fresh "
              "load - what's going on?"],
             "Feature state registered with provideState(...) in a lazy route's providers only "
             "exists once that route has loaded, so the dashboard's selectors on it read "
             "undefined until then; state used outside its route (invoices) is registered in "
             "app.config.ts.",
             {"mate": "marek",
              "symptom": "the overdue invoices widget on the dashboard is empty after a fresh "
                         "load. go to /invoices and back and suddenly it's populated",
              "lead": {"guess": "Maybe the dashboard never asks for the invoices - checking "
                                "whether the widget dispatches its load and the request goes "
                                "out.",
                       "tool": bash("grep -rn 'dispatch(' libs/dashboard/feature/src/lib/"
                                    "overdue-widget.component.ts && curl -s -o /dev/null -w "
                                    "'%{http_code}\\n' localhost:4200/api/invoices?overdue=true",
                                    "22:    this.store.dispatch(OverdueWidgetActions.opened());"
                                    "\n200"),
                       "verdict": "The widget does dispatch on init and the API answers 200, "
                                  "so the data arrives - something drops it after that.",
                       "phrase": "the api (the request goes out and comes back 200)"},
              "bad_fix": (edit("libs/billing/data-access/src/lib/invoices.selectors.ts",
                               "(state) => state.overdue",
                               "(state) => state?.overdue ?? []"),
                          "The selector returns undefined before the first load; defaulting it "
                          "to an empty list."),
              "hint": "lazy routes and where the store slice gets registered",
              "probe": [grep("invoicesFeature", ["apps/desk/src/app/app.routes.ts",
                                                 "libs/billing/data-access/src/lib/"
                                                 "invoices.feature.ts"]),
                        read("apps/desk/src/app/app.routes.ts",
                             "export const appRoutes: Route[] = [\n  { path: '', loadComponent: "
                             "() => import('@vetdesk/dashboard/feature').then((m) => "
                             "m.DashboardComponent) },\n  {\n    path: 'invoices',\n"
                             "    loadChildren: () => import('@vetdesk/billing/feature').then((m)"
                             " => m.routes),\n    providers: [provideState(invoicesFeature), "
                             "provideEffects(InvoicesEffects)],\n  },\n];\n")],
              "explain": "The invoices state is registered with provideState(invoicesFeature) "
                         "inside the lazy /invoices route's providers, so that slice of the "
                         "store only exists once the route has loaded. On a fresh load the "
                         "dashboard dispatches and the API answers, but no reducer for the "
                         "slice is registered yet, so the result goes nowhere and the selector "
                         "reads undefined. Visiting /invoices registers it, which is why it "
                         "works afterwards. Since the dashboard reads it too, the registration "
                         "belongs at the root.",
              "fix": [edit("apps/desk/src/app/app.routes.ts",
                           "    providers: [provideState(invoicesFeature), "
                           "provideEffects(InvoicesEffects)],\n", ""),
                      edit("apps/desk/src/app/app.config.ts", "    provideStore(reducers, {\n",
                           "    provideState(invoicesFeature),\n    provideEffects("
                           "InvoicesEffects),\n    provideStore(reducers, {\n")],
              "done": "The overdue widget fills in on a fresh load now: the invoices slice is "
                      "registered in app.config.ts with provideState, not in the lazy route."}),
        Fact("fals-virtual", "falsified", ["virtual scroll"],
             ["the day view gets sluggish with 300 appointments - has anyone tried rendering "
              "only the rows on screen?",
              "why don't the long lists use the CDK's windowing?"],
             "CDK virtual scroll on the day view was tried and reverted: appointment rows vary "
             "in height (notes, tags), so itemSize=56 clipped 38 rows and layout shift went "
             "0.01 -> 0.27, while scripting only fell 412ms -> 361ms; off-screen appointments "
             "also vanished from Ctrl+F and printing.",
             {"mate": "hana",
              "ask": "put the day view list in a cdk virtual scroll viewport, 300+ appointments "
                     "on a busy saturday is janky",
              "change": [edit("libs/appointments/feature-day/src/lib/day-view.component.html",
                              "@for (a of sorted(); track a.id) {\n  <app-appointment-row "
                              "[appointment]=\"a\" />\n}\n",
                              "<cdk-virtual-scroll-viewport itemSize=\"56\" class=\"day-list\">"
                              "\n  <app-appointment-row *cdkVirtualFor=\"let a of sorted(); "
                              "trackBy: byId\" [appointment]=\"a\" />\n"
                              "</cdk-virtual-scroll-viewport>\n")],
              "broke": bash("npx nx run desk:perf --scenario=saturday-300",
                            "scenario saturday-300 (5 runs, median)\n  scripting      main "
                            "412ms   branch 361ms\n  layout shift   main 0.01    branch 0.27\n"
                            "  rows clipped   main 0       branch 38\nFAIL  layout shift budget "
                            "0.05 exceeded", 1),
              "revert": bash("git checkout -- libs/appointments/feature-day/src/lib/"
                             "day-view.component.html", ""),
              "conclusion": "Virtual scroll is a bad fit for the day view: appointment rows "
                            "aren't a fixed height (notes and tags wrap), so with itemSize=56 "
                            "the viewport miscalculates - 38 rows were clipped and layout shift "
                            "went from 0.01 to 0.27 - and scripting only dropped from 412ms to "
                            "361ms. Off-screen appointments also disappear from Ctrl+F and from "
                            "printing, which reception relies on. Reverted; the list stays a "
                            "plain @for with track a.id.",
              "idea": "rendering only the visible part of the day view"}),
        Fact("fals-ssr", "falsified", ["SSR"],
             ["would rendering pages on the server make the first load faster?",
              "why is the front desk app purely client-side rendered?"],
             "Server-side rendering (SSR, @angular/ssr) was tried and reverted: every screen is "
             "behind login and needs the authenticated API over the clinic VPN, so TTFB went "
             "45ms -> 640ms and LCP didn't improve (1.9s -> 2.0s). The app stays client-rendered; "
             "the 2.4 MB main bundle is what to shrink.",
             {"mate": "lucía",
              "ask": "add SSR with @angular/ssr, the first load on the reception PCs is slow",
              "change": [bash("npx nx g @nx/angular:setup-ssr --project=desk",
                              "CREATE apps/desk/server.ts\nCREATE apps/desk/src/main.server.ts\n"
                              "CREATE apps/desk/src/app/app.config.server.ts\nUPDATE "
                              "apps/desk/project.json\nUPDATE apps/desk/tsconfig.app.json")],
              "broke": bash("npx lhci collect --url=http://localhost:4000/today -n 3 && npx lhci "
                            "assert",
                            "Checking assertions against 1 URL(s), 3 total run(s)\n\n"
                            "server-response-time  main 45 ms   branch 640 ms\n"
                            "largest-contentful-paint  main 1.9 s   branch 2.0 s\n\n"
                            "✘ server-response-time failure for maxNumericValue assertion\n"
                            "  expected: <=200\n     found: 640", 1),
              "revert": bash("git checkout -- apps/desk && git clean -fd apps/desk",
                             "Removing apps/desk/server.ts\nRemoving apps/desk/src/main.server.ts"
                             "\nRemoving apps/desk/src/app/app.config.server.ts"),
              "conclusion": "SSR makes it worse here: every screen is behind login and needs the "
                            "authenticated API, so the server has to make those calls over the "
                            "clinic VPN before it can send anything - time to first byte went "
                            "from 45ms to 640ms, and LCP didn't improve (1.9s before, 2.0s "
                            "after). Reverted; the desk app stays client-rendered. The slow "
                            "first load on the reception PCs is the 2.4 MB main bundle, which is "
                            "the thing to shrink.",
              "idea": "rendering the app on the server"}),
    ]
    return Project(
        "vetdesk", "git@github.com:pawsure-vets/vetdesk.git",
        {"README.md": "# vetdesk\n\nFront desk app for the clinics (Nx workspace).\n",
         "nx.json": "{\n  \"defaultBase\": \"main\"\n}\n"},
        facts,
        everyday(("libs/appointments/util/src/lib/slots.ts",
                  "export function freeSlots(day: ClinicDay, booked: Appointment[], length = 15)"
                  ": Slot[] {\n  const taken = new Set(booked.map((a) => a.start));\n  return "
                  "day.openingMinutes\n    .filter((m) => m % length === 0)\n    .filter((m) "
                  "=> !taken.has(m))\n    .map((m) => ({ start: m, end: m + length }));\n}\n",
                  "It works out which appointment slots are still free on a clinic day: it "
                  "takes the day's opening minutes, keeps those that start a slot of the given "
                  "length (15 minutes by default), drops the ones where an appointment already "
                  "starts, and returns start/end pairs. Note it only compares start times, so "
                  "a 30-minute booking doesn't block the slot after it."),
                 ("ownerLabel", "ownerDisplayName",
                  [("libs/patients/util/src/lib/owner.ts",
                    "export function ownerLabel(owner: Owner)",
                    "export function ownerDisplayName(owner: Owner)"),
                   ("libs/patients/feature/src/lib/patient-card.component.ts",
                    "ownerLabel(this.patient().owner)",
                    "ownerDisplayName(this.patient().owner)")]),
                 ("npx nx run-many -t lint",
                  "\n>  NX   Successfully ran target lint for 14 projects (18s)",
                  "Lint passes on all 14 projects."),
                 ("what's the difference between switchMap and exhaustMap?",
                  "switchMap cancels the inner observable that's still running when a new value "
                  "comes in and switches to the new one - right for searches where only the "
                  "latest answer matters. exhaustMap ignores new values while the current inner "
                  "one is still running - right for a submit button you don't want to fire "
                  "twice."),
                 (" libs/patients/feature/src/lib/patient-card.component.html | 9 ++++++---\n "
                  "libs/patients/feature/src/lib/patient-card.component.scss | 4 ++++\n 2 files "
                  "changed, 10 insertions(+), 3 deletions(-)",
                  "Suggested message:\n\n    Show the pet's microchip number on the patient "
                  "card\n\n    It sits under the species line and is hidden when the\n    pet "
                  "isn't chipped."),
                 ("a7f30c1 Merge pull request #488 from pawsure-vets/microchip-card\n"
                  "04be9d2 Merge pull request #485 from pawsure-vets/angular-17-3\n"
                  "f1c82a0 Merge pull request #481 from pawsure-vets/owner-search-debounce",
                  "Three merges: the microchip number on the patient card (#488), the bump to "
                  "Angular 17.3 (#485) and a debounce on the owner search (#481)."),
                 ("libs/patients/util/src/lib/weight.ts",
                  "export function weightTrend(",
                  "/** Positive when the pet gained weight over the last three visits. */\n"
                  "export function weightTrend(",
                  "add a short doc comment on weightTrend"),
                 ("libs/patients/feature/src/lib/patient-search.component.spec.ts",
                  "describe('PatientSearchComponent', () => {\n  // TODO(#472): re-enable once "
                  "the owner search debounce lands\n  it.skip('shows matching owners after "
                  "typing three letters', async () => {\n    ...\n  });\n});\n",
                  "It was switched off while the owner search had no debounce: the TODO points "
                  "at #472 and says to re-enable it once the debounce lands. That's #481, "
                  "merged this week, so the test can probably come back now - it'll need to "
                  "advance fake timers past the debounce.")),
        "github")


def spokecount() -> Project:
    """STM32L4 firmware in C, built with PlatformIO, for roadside bicycle counters: an inductive
    loop sampled by the MCU, passes counted and sent in batches over LoRaWAN through a radio
    module driven with AT commands; Unity tests on the host; field units flashed over a
    Tag-Connect cable."""
    health_old = ("void health_daily(void)\n{\n    struct health h = health_measure();\n"
                  "    log_info(\"health vbat=%u mV t=%d\", h.vbat_mv, h.temp_c);\n}\n")
    climate_old = "void climate_tick(void)\n{\n}\n"
    facts = [
        Fact("conv-no-heap", "convention", ["malloc"],
             ["can I allocate the uplink buffer on the heap when a packet is queued?",
              "what's the rule on dynamic memory in the firmware?"],
             "No malloc/free (or anything that allocates) after boot: buffers are static or "
             "taken from the fixed pools in src/app/pool.c - the units run unattended for "
             "years and heap fragmentation can't be debugged remotely.",
             {"mate": "olu",
              "rule": "no malloc anywhere after boot. everything is static or comes from the "
                      "fixed pools in src/app/pool.c - a heap on a box that runs two years "
                      "unattended is asking for fragmentation",
              "terse": "no malloc after init - static buffers or pool_take() from "
                       "src/app/pool.c",
              "review": "`malloc` in the queue path? We don't allocate after init, ever. Take "
                        "a block with `pool_take(&uplink_pool)` (src/app/pool.c) or make it "
                        "static. These boxes sit on a pole for two years; fragmentation is not "
                        "a bug we can debug remotely.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## C rules\n\n1. C11, `-Wall -Wextra -Werror`.\n2. No "
                      "malloc/free after init. Buffers are static, or come from the fixed "
                      "pools in `src/app/pool.c` (`pool_take` / `pool_give`).\n3. No floating "
                      "point in interrupt handlers.\n4. Every `while` that waits on hardware "
                      "has a timeout.\n"),
              "task": "queue a status uplink (battery, temperature, pass count) whenever the "
                      "daily health check runs",
              "contrary": edit("src/app/health.c", health_old,
                               "void health_daily(void)\n{\n    struct health h = "
                               "health_measure();\n    uint8_t *buf = malloc(STATUS_LEN);\n"
                               "    status_encode(&h, counter_total(), buf);\n    uplink_queue("
                               "PORT_STATUS, buf, STATUS_LEN);\n    free(buf);\n}\n"),
              "follow": [edit("src/app/health.c", health_old,
                              "static uint8_t status_buf[STATUS_LEN];\n\nvoid health_daily(void)"
                              "\n{\n    struct health h = health_measure();\n    log_info(\"health"
                              " vbat=%u mV t=%d\", h.vbat_mv, h.temp_c);\n    status_encode(&h, "
                              "counter_total(), status_buf);\n    uplink_queue(PORT_STATUS, "
                              "status_buf, STATUS_LEN);\n}\n")],
              "done": "The daily health check now queues a 12-byte status uplink on port 3 from "
                      "a static buffer - no malloc, nothing allocated at runtime."}),
        Fact("conv-bsp", "convention", ["bsp"],
             ["where should the code that talks to a new sensor over I2C go?",
              "can the counting logic call the HAL directly?"],
             "Only the board support layer in src/bsp/ touches the STM32 HAL or registers; app "
             "code in src/app/ calls bsp_* functions and never includes stm32l4xx_hal.h.",
             {"mate": "kasia",
              "rule": "only the bsp layer (src/bsp/) is allowed to touch the HAL or registers. "
                      "app code calls bsp_* functions and never includes stm32l4xx_hal.h",
              "terse": "HAL/registers only inside src/bsp/; app code calls bsp_* functions",
              "review": "app/climate.c includes `stm32l4xx_hal.h` and calls `HAL_I2C_*` "
                        "itself. Hardware access stays in the bsp layer: add a "
                        "`bsp_sht40_read()` in src/bsp/ and call that. Otherwise the native "
                        "test build can't mock it.",
              "doc": ("docs/architecture.md",
                      "# Architecture\n\n```\nsrc/app/   counting, batching, health - pure C, "
                      "testable on the host\nsrc/bsp/   board support: the only code that "
                      "includes the HAL\n```\n\nApp code never includes `stm32l4xx_hal.h` or "
                      "touches registers; it calls `bsp_*` functions, which the native test "
                      "build replaces with mocks.\n"),
              "task": "read the enclosure temperature and humidity from the SHT40 on I2C1 and "
                      "log them with the count every 15 minutes",
              "contrary": edit("src/app/climate.c", climate_old,
                               "#include \"stm32l4xx_hal.h\"\n\nextern I2C_HandleTypeDef hi2c1;"
                               "\n\nvoid climate_tick(void)\n{\n    uint8_t cmd = 0xFD, rx[6];\n"
                               "    HAL_I2C_Master_Transmit(&hi2c1, 0x44 << 1, &cmd, 1, 10);\n"
                               "    HAL_Delay(10);\n    HAL_I2C_Master_Receive(&hi2c1, 0x44 << 1,"
                               " rx, 6, 10);\n}\n"),
              "follow": [write("src/bsp/bsp_sht40.c",
                               "#include \"stm32l4xx_hal.h\"\n#include \"bsp_sht40.h\"\n\n"
                               "extern I2C_HandleTypeDef hi2c1;\n\nint bsp_sht40_read(int16_t "
                               "*centi_c, uint16_t *centi_rh)\n{\n    uint8_t cmd = 0xFD, rx[6];"
                               "\n    if (HAL_I2C_Master_Transmit(&hi2c1, 0x44 << 1, &cmd, 1, 10)"
                               " != HAL_OK) return -1;\n    HAL_Delay(10);\n    if ("
                               "HAL_I2C_Master_Receive(&hi2c1, 0x44 << 1, rx, 6, 10) != HAL_OK) "
                               "return -1;\n    return sht40_convert(rx, centi_c, centi_rh);\n}\n"),
                         edit("src/app/climate.c", climate_old,
                              "#include \"bsp_sht40.h\"\n\nvoid climate_tick(void)\n{\n    "
                              "int16_t t;\n    uint16_t rh;\n    if (bsp_sht40_read(&t, &rh) == "
                              "0)\n        log_info(\"climate t=%d rh=%u count=%lu\", t, rh, "
                              "counter_total());\n}\n")],
              "done": "The SHT40 driver is src/bsp/bsp_sht40.c behind bsp_sht40_read(); "
                      "src/app/climate.c only calls that and logs temperature and humidity "
                      "(in hundredths) with the count every 15 minutes."}),
        Fact("cmd-native", "command", ["pio test -e native"],
             ["how do I run the unit tests without a board plugged in?",
              "running the test suite tries to flash hardware - how do I keep it on my laptop?"],
             "Run the Unity unit tests on the host with `pio test -e native` (HAL mocked from "
             "test/mocks); plain `pio test` uses the default devkit env and tries to upload to "
             "a board.",
             {"mate": "jonas",
              "goal": "run the unit tests, i changed the debounce in counter.c",
              "fail": bash("pio test",
                           "Processing test_counter in devkit environment\n----------------\n"
                           "Building & Uploading...\nError: libusb_open() failed with "
                           "LIBUSB_ERROR_ACCESS\nError: open failed\n*** [upload] Error 1\n"
                           "test_counter [ERRORED]", 1),
              "fail2": bash("pio test --without-uploading",
                            "Processing test_counter in devkit environment\n----------------\n"
                            "Testing...\nIf you don't see any output for the first 10 secs, "
                            "please reset board (press reset button)\n\nError: Could not open "
                            "port '/dev/ttyACM0'", 1),
              "note": "The default env is the dev kit, so pio test builds for the board and "
                      "wants to flash it. The suite is meant to run on the host: platformio.ini "
                      "has a native env with the HAL mocked.",
              "ok": bash("pio test -e native",
                         "Processing test_counter in native environment\n----------------\n"
                         "Building...\nTesting...\ntest/test_counter/test_main.c:41: "
                         "test_debounce_rejects_bounce\t[PASSED]\ntest/test_counter/test_main.c"
                         ":58: test_debounce_keeps_fast_pass\t[PASSED]\n...\n=== 23 test cases:"
                         " 23 succeeded in 00:00:04.118 ==="),
              "source": ("platformio.ini",
                         "[platformio]\ndefault_envs = devkit\n\n[env]\nbuild_flags = -std=c11 "
                         "-Wall -Wextra -Werror\n\n[env:devkit]\nplatform = ststm32\nboard = "
                         "nucleo_l476rg\nframework = stm32cube\n\n; unit tests run on the host, "
                         "HAL mocked:  pio test -e native\n[env:native]\nplatform = native\n"
                         "test_framework = unity\nbuild_flags = ${env.build_flags} -DUNIT_TEST "
                         "-Itest/mocks\n"),
              "tip": "pio test on its own picks the board env and tries to flash. `pio test -e "
                     "native` runs them on your laptop with the hal mocked",
              "done": "All 23 native tests pass, including the two debounce tests that cover "
                      "your change."}),
        Fact("cmd-bmp", "command", ["field_bmp"],
             ["how do I flash one of the units that came back from the road?",
              "the upload can't find an st-link when I connect a production board - what should "
              "I use?"],
             "Field (production) boards have no ST-LINK: flash them through the Black Magic "
             "Probe on the Tag-Connect with `pio run -e field_bmp -t upload` (upload_protocol = "
             "blackmagic); the devkit env only works on the Nucleo.",
             {"mate": "fee",
              "goal": "flash the latest build onto unit 07, it's on my desk with the "
                      "tag-connect cable on",
              "fail": bash("pio run -t upload",
                           "Configuring upload protocol...\nAVAILABLE: blackmagic, cmsis-dap, "
                           "jlink, stlink\nCURRENT: upload_protocol = stlink\nUploading "
                           ".pio/build/devkit/firmware.elf\nError: open failed\nin procedure "
                           "'program'\n** OpenOCD init failed **\n*** [upload] Error 1", 1),
              "fail2": bash("st-flash write .pio/build/devkit/firmware.bin 0x8000000",
                            "st-flash 1.8.0\nFailed to connect to target\nFailed to parse flash"
                            " type or unrecognized flash type", 255),
              "note": "Field boards have no ST-LINK on them - they're programmed over the "
                      "Tag-Connect with the Black Magic Probe, and platformio.ini has its own "
                      "env for that.",
              "ok": bash("pio run -e field_bmp -t upload",
                         "Processing field_bmp (platform: ststm32; board: spokecount_revc)\n"
                         "Configuring upload protocol...\nCURRENT: upload_protocol = blackmagic"
                         "\nUploading .pio/build/field_bmp/firmware.elf\nTarget voltage: 3.3V\n"
                         "Available Targets:\nNo. Att Driver\n 1      STM32L41x/L42x/L43x/L44x "
                         "M4\nLoading section .isr_vector, size 0x18c lma 0x8000000\nLoading "
                         "section .text, size 0xb7a4 lma 0x8000190\nStart address 0x08000190, "
                         "load size 47964\nTransfer rate: 31 KB/sec, 908 bytes/write.\n"
                         "[SUCCESS] Took 6.41 seconds"),
              "source": ("platformio.ini",
                         "[env:field_release]\nplatform = ststm32\nboard = spokecount_revc\n"
                         "framework = stm32cube\nbuild_flags = ${env.build_flags} -Os\n\n"
                         "; field boards have no ST-LINK: flash via the Black Magic Probe on "
                         "the tag-connect\n[env:field_bmp]\nextends = env:field_release\n"
                         "upload_protocol = blackmagic\nupload_port = /dev/ttyBmpGdb\n"),
              "tip": "field units don't have an stlink. use the BMP: `pio run -e field_bmp -t "
                     "upload`",
              "done": "Unit 07 is flashed with the current build (47,964 bytes) through the "
                      "Black Magic Probe and has booted."}),
        Fact("env-radio", "environment", ["RAK3172"],
             ["which radio module is on the counter board?",
              "what LoRa part do we talk to over the serial port, and at what baud?"],
             "The LoRaWAN radio is a RAK3172 module (STM32WLE5 inside, RUI3 AT firmware) on "
             "USART2 at 115200 8N1, EU868, OTAA join; it's driven with AT commands, there's no "
             "SPI radio driver.",
             {"mate": "olu",
              "goal": "which lora module is on the rev C boards? i need the AT command manual",
              "probe": [bash("sed -n '/^## Radio/,/^## Power/p' docs/hardware.md",
                             "## Radio\n\nRAK3172 module (STM32WLE5 inside, RAK's RUI3 AT "
                             "firmware) on USART2, 115200 8N1. Reset on PB2.\nEU868 only, OTAA "
                             "join.\n\n## Power"),
                        bash("python tools/at.py --port /dev/ttyUSB0 'AT+VER=?'",
                             "AT+VER=RUI_4.1.0_RAK3172-E\nOK")],
              "confirm": "Rev C boards carry a RAK3172 (an STM32WLE5 inside, running RAK's RUI3 "
                         "AT firmware) on USART2 at 115200 8N1; the unit on your bench reports "
                         "RUI_4.1.0_RAK3172-E. The manual you want is RAK's RUI3 AT command "
                         "reference. EU868 only, OTAA join.",
              "said": "the radio is a rak3172 on usart2 at 115200",
              "wrong": "Counters like this usually have a Semtech SX1262 on SPI - I'll look for "
                       "the SX126x driver and its SPI setup.",
              "error": bash("grep -rln SX126 src/ include/", "", 1)}),
        Fact("env-mcu", "environment", ["STM32L431"],
             ["how much RAM do we have to play with on the counter?",
              "which microcontroller exactly is on the production board?"],
             "The production board's MCU is an STM32L431 (CCT6: 256 KB flash, 64 KB RAM; the "
             "Nucleo dev kit is an L476 with more); the field build uses ~48% of RAM (31.6 of "
             "64 KB) and ~19% of flash.",
             {"mate": "kasia",
              "goal": "how much ram is left on the counter? i want to grow the detection ring "
                      "buffer",
              "probe": [bash("grep -n mcu boards/spokecount_revc.json",
                             "7:    \"mcu\": \"stm32l431cct6\","),
                        bash("pio run -e field_release | tail -4",
                             "Checking size .pio/build/field_release/firmware.elf\nAdvanced "
                             "Memory Usage is available via \"PlatformIO Home > Project "
                             "Inspect\"\nRAM:   [=====     ]  48.2% (used 31588 bytes from "
                             "65536 bytes)\nFlash: [==        ]  18.7% (used 49012 bytes from "
                             "262144 bytes)")],
              "confirm": "The production board is an STM32L431 (the CCT6 part: 256 KB flash, "
                         "64 KB RAM). The field build uses 31,588 of its 65,536 bytes of RAM "
                         "(48%) and 19% of flash, so about 33 KB is free - room for a bigger "
                         "ring buffer, minus some stack headroom.",
              "said": "it's an l431 with 64k of ram, the nucleo is the bigger L476",
              "wrong": "The dev kit env targets a Nucleo-L476RG, so I'll assume the production "
                       "board has the same 128 KB of RAM.",
              "error": None}),
        Fact("gotcha-iwdg", "gotcha", ["IWDG_STOP"],
             ["why do the counters keep resetting overnight when nobody rides past?",
              "the reset cause says watchdog but only when the unit has been asleep for a while "
              "- what's going on?"],
             "The independent watchdog keeps counting in Stop 2 unless the IWDG_STOP option "
             "byte is 0, and the firmware only feeds it when awake, so quiet spells over ~26 s "
             "reset the unit; every board needs IWDG_STOP=0 (tools/provision.sh sets it).",
             {"mate": "fee",
              "symptom": "units on the canal path reboot a few times every night. reset log "
                         "says watchdog. during the day they're fine",
              "lead": {"guess": "Night-time resets could be brown-outs with a cold battery - "
                                "pulling the reset causes and battery readings.",
                       "tool": bash("python tools/fetch_log.py --unit 12 --since 2d | grep -E "
                                    "'reset|vbat'",
                                    "02:13:07 reset cause=IWDG vbat=3.61V\n02:47:41 reset "
                                    "cause=IWDG vbat=3.61V\n03:22:19 reset cause=IWDG "
                                    "vbat=3.60V"),
                       "verdict": "The cause is the independent watchdog, not brown-out, and "
                                  "the battery holds 3.6 V all night - not a power problem.",
                       "phrase": "brown-outs (the battery is 3.6V all night)"},
              "bad_fix": (edit("src/app/power.c", "    watchdog_init(IWDG_PRESCALER_64);\n",
                               "    watchdog_init(IWDG_PRESCALER_256);\n"),
                          "The watchdog window might be too short for the slow path at night; "
                          "raising the prescaler to the maximum."),
              "hint": "option bytes, she had to set something with the programmer",
              "probe": [bash("STM32_Programmer_CLI -c port=SWD -ob displ | grep -i iwdg",
                             "     IWDG_SW      : 0x1 (Software independent watchdog)\n"
                             "     IWDG_STOP    : 0x1 (IWDG counter active in stop mode)\n"
                             "     IWDG_STDBY   : 0x1 (IWDG counter active in standby mode)"),
                        read("src/app/power.c",
                             "void power_sleep(void)\n{\n    /* refreshed on every wake-up */\n"
                             "    watchdog_feed();\n    enter_stop2_until(next_event());\n}\n")],
              "explain": "That's the cause: the IWDG_STOP option byte is 1, which means the "
                         "independent watchdog keeps counting while the MCU sits in Stop 2. "
                         "The firmware only feeds it when it wakes, and at night there can be "
                         "more than ~26 seconds with no rider and no timer, so it expires "
                         "mid-sleep and resets the unit. In the day riders wake it often "
                         "enough. The option byte needs to be 0 (counter frozen in stop mode) "
                         "on every board, and provisioning should set it.",
              "fix": [bash("STM32_Programmer_CLI -c port=SWD -ob IWDG_STOP=0",
                           "Option Bytes successfully programmed"),
                      edit("tools/provision.sh", "$PROG -c port=SWD -ob RDP=0xAA\n",
                           "$PROG -c port=SWD -ob RDP=0xAA IWDG_STOP=0\n")],
              "done": "Unit 12 has IWDG_STOP=0 now and provision.sh sets it on every new board; "
                      "the other canal-path units need the same option byte written at their "
                      "next visit."}),
        Fact("gotcha-printf", "gotcha", ["_printf_float"],
             ["the battery voltage shows up blank in the debug log - why?",
              "why does formatting a decimal number over the debug uart print nothing?"],
             "The build links newlib-nano (--specs=nano.specs), whose printf drops %f unless "
             "the linker gets -u _printf_float (~8 KB flash); it's only enabled in the devkit "
             "env - release code logs integer millivolts instead.",
             {"mate": "jonas",
              "symptom": "debug log prints `vbat=V` with nothing in between. the adc reading is "
                         "fine in the debugger, 3.61",
              "lead": {"guess": "Perhaps the value isn't ready when it's logged - checking it "
                                "at the log call in the debugger.",
                       "tool": bash("arm-none-eabi-gdb -batch -ex 'target extended-remote "
                                    "/dev/ttyBmpGdb' -ex 'break log_vbat' -ex 'run' -ex 'p v' "
                                    ".pio/build/devkit/firmware.elf",
                                    "Breakpoint 1, log_vbat (v=3.60986328) at "
                                    "src/app/health.c:31\n$1 = 3.60986328"),
                       "verdict": "The value is right at the log call (3.61), so the reading is "
                                  "fine - it's the formatting that loses it.",
                       "phrase": "the adc (the value is right in gdb)"},
              "bad_fix": (edit("src/app/health.c", "log_debug(\"vbat=%.2fV\", v);",
                               "log_debug(\"vbat=%.2lfV\", (double)v);"),
                          "Float arguments to a variadic function are promoted to double; "
                          "making that explicit with %lf."),
              "hint": "nano specs, newlib something",
              "probe": [grep("specs=nano.specs", ["platformio.ini"]),
                        bash("arm-none-eabi-nm .pio/build/devkit/firmware.elf | grep -c "
                             "_printf_float", "0", 1)],
              "explain": "The build links newlib-nano (--specs=nano.specs), and nano's printf "
                         "leaves floating-point formatting out unless the linker is asked for "
                         "it with -u _printf_float - without it %f formats to nothing, which "
                         "is exactly the empty vbat=V. It costs about 8 KB of flash, so I'd "
                         "enable it for the devkit env only and keep release logging in "
                         "integer millivolts.",
              "fix": [edit("platformio.ini",
                           "[env:devkit]\nplatform = ststm32\n",
                           "[env:devkit]\nplatform = ststm32\nbuild_flags = ${env.build_flags} "
                           "-Wl,-u,_printf_float\n")],
              "done": "The devkit build prints vbat=3.61V now; release builds are unchanged and "
                      "log vbat_mv as an integer."}),
        Fact("fals-sampling", "falsified", ["250 Hz"],
             ["could the loop be sampled less often so the battery lasts longer?",
              "why is the detector polled so fast?"],
             "Lowering the loop sampling from 1 kHz to 250 Hz was tried and reverted: average "
             "current only fell 410 µA -> 352 µA (~4 more months of battery) but the test-track "
             "replay missed 37 of 412 passes (9%), nearly all e-bikes over 30 km/h. It stays "
             "at 1 kHz.",
             {"mate": "olu",
              "ask": "drop the loop sampling rate from 1 kHz to 250 Hz, battery life is the "
                     "number one complaint from the council",
              "change": [edit("include/config.h", "#define LOOP_SAMPLE_HZ 1000\n",
                              "#define LOOP_SAMPLE_HZ 250\n")],
              "broke": bash("python tools/replay.py --track data/testtrack_2024-05.csv "
                            "--firmware .pio/build/devkit/firmware.elf",
                            "replay: 412 passes (ground truth from video)\n  detected: 375   "
                            "missed: 37 (9.0%)\n  missed by speed: <20 km/h 0 | 20-30 km/h 4 | "
                            ">30 km/h 33\navg current (PPK2): 352 uA   (1 kHz baseline: 410 "
                            "uA)"),
              "revert": bash("git checkout -- include/config.h", ""),
              "conclusion": "250 Hz isn't worth it: average current only went from 410 µA to "
                            "352 µA (roughly four more months per battery), but the replay of "
                            "the May test-track recording missed 37 of 412 passes - 9% - and "
                            "33 of those were e-bikes above 30 km/h, which cross the loop in "
                            "under 15 ms. Reverted to 1 kHz; undercounting e-bikes is worse "
                            "than an earlier battery swap.",
              "idea": "sampling the loop less often"}),
        Fact("fals-per-pass", "falsified", ["fair use"],
             ["could each detection be sent to the server right away instead of batched?",
              "why does the counter only report every quarter of an hour?"],
             "Sending an uplink per detected pass instead of one batch every 15 min was tried "
             "and reverted: a busy day (1,412 passes) needed 81 s of airtime at SF9, far over "
             "The Things Network's fair use policy of 30 s per device per day, and the 1% duty "
             "cycle delayed 212 uplinks by over 30 s.",
             {"mate": "kasia",
              "ask": "send an uplink for every pass instead of the 15 minute batch, the "
                     "dashboard people want live counts",
              "change": [edit("src/app/uplink.c",
                              "    if (now - last_batch >= BATCH_PERIOD_S) {\n",
                              "    if (pending_passes > 0) {\n")],
              "broke": bash("python tools/airtime.py --log data/unit07_2024-06-08.log --sf 9",
                            "passes: 1412\nuplinks: 1412 (batched: 96)\nairtime: 81.3 s/day "
                            "(batched: 5.5 s/day)\nTTN fair use limit 30 s/day: EXCEEDED\n"
                            "duty-cycle waits: 212 uplinks delayed > 30 s"),
              "revert": bash("git checkout -- src/app/uplink.c", ""),
              "conclusion": "Per-pass uplinks don't work on TTN: on a busy day like 8 June "
                            "(1,412 passes) that's 81 seconds of airtime at SF9, and The Things "
                            "Network's fair use policy allows 30 seconds per device per day - "
                            "on top of that the 1% duty cycle delayed 212 uplinks by more than "
                            "30 s, so 'live' wouldn't have been live anyway. Reverted to one "
                            "batched uplink every 15 minutes (5.5 s of airtime a day).",
              "idea": "one uplink per pass"}),
    ]
    return Project(
        "spokecount", "git@gitlab.com:cyclecount/spokecount.git",
        {"README.md": "# spokecount\n\nFirmware for the roadside bike counters.\n",
         "platformio.ini": "[platformio]\ndefault_envs = devkit\n"},
        facts,
        everyday(("src/app/counter.c",
                  "static uint32_t total;\nstatic uint32_t last_edge_ms;\n\nvoid "
                  "counter_on_edge(uint32_t now_ms)\n{\n    if (now_ms - last_edge_ms < "
                  "DEBOUNCE_MS)\n        return;\n    last_edge_ms = now_ms;\n    total++;\n}\n\n"
                  "uint32_t counter_total(void)\n{\n    return total;\n}\n",
                  "It's the pass counter: counter_on_edge is called on each detection edge from "
                  "the loop, ignores edges closer than DEBOUNCE_MS to the previous one (so one "
                  "bike isn't counted twice), and bumps the total; counter_total reads it. The "
                  "unsigned subtraction handles the millisecond tick wrapping around."),
                 ("batch_flush", "batch_send",
                  [("src/app/uplink.c", "static void batch_flush(void)",
                    "static void batch_send(void)"),
                   ("src/app/uplink.c", "        batch_flush();", "        batch_send();")]),
                 ("pio check -e devkit --skip-packages --severity=medium",
                  "Checking devkit > cppcheck (platform: ststm32; board: nucleo_l476rg)\n"
                  "------------------------------------------------------------\nNo defects "
                  "found\n============ [PASSED] Took 7.82 seconds ============",
                  "cppcheck finds no medium-or-worse defects; good to push."),
                 ("what's the difference between a uint32_t and a uint_fast32_t?",
                  "uint32_t is exactly 32 bits; uint_fast32_t is at least 32 bits but whatever "
                  "the compiler thinks is fastest to work with. On a Cortex-M4 they're both 32 "
                  "bits, so in this firmware there's no difference - it matters when code "
                  "moves to a 64-bit host, like the native test build."),
                 (" src/app/uplink.c      | 11 +++++++----\n test/test_uplink/test_main.c | 24 "
                  "++++++++++++++++++++\n 2 files changed, 31 insertions(+), 4 deletions(-)",
                  "Suggested message:\n\n    Keep unsent passes when a batch uplink fails\n\n"
                  "    The pending count was cleared before the send result was known;\n    "
                  "now it's only cleared on success, with a test for the failure path."),
                 ("3b8e1f0 Merge branch 'sht40-driver' into 'main'\n"
                  "8f02c4d Merge branch 'uplink-retry' into 'main'\n"
                  "c71a9e5 Merge branch 'provision-script' into 'main'",
                  "Three merges: the SHT40 driver, uplink retries and the provisioning "
                  "script."),
                 ("src/app/counter.c", "void counter_on_edge(uint32_t now_ms)\n",
                  "/* Called from the loop ISR on each detection edge; debounced. */\n"
                  "void counter_on_edge(uint32_t now_ms)\n",
                  "add a one-line comment above counter_on_edge saying where it's called from"),
                 ("test/test_batch/test_main.c",
                  "void test_batch_rolls_over_at_midnight(void)\n{\n    TEST_IGNORE_MESSAGE("
                  "\"needs the RTC mock from #57\");\n}\n",
                  "It's ignored with TEST_IGNORE_MESSAGE: the test needs an RTC mock that issue "
                  "#57 is meant to add, so it's a placeholder until then rather than a broken "
                  "test.")),
        "slack")


def shelfsync() -> Project:
    """A Java 21 Spring Batch 5 application on Spring Boot 3.2 that imports the branch
    libraries' nightly loan, holdings and patron files into a library consortium's catalogue
    database (Postgres): Maven wrapper, Flyway, Testcontainers integration tests, an ops
    endpoint on staging that launches jobs."""
    merge_step = ("    @Bean\n    Step mergeDuplicatesStep(JobRepository repo, "
                  "PlatformTransactionManager tx) {\n        return new StepBuilder("
                  "\"mergeDuplicates\", repo)\n")
    blank_old = ("    public LoanRow process(RawLoan item) {\n        var branch = "
                 "branches.byCode(item.branchCode());\n")
    facts = [
        Fact("conv-tuning", "convention", ["shelfsync.jobs"],
             ["where should I set how many records the new step commits at a time?",
              "can I hardcode the chunk size in the step's java config?"],
             "Chunk size, skip limit and retry limit are never hardcoded in a StepBuilder: they "
             "go in application.yml under shelfsync.jobs.<job>.<step> and are injected through "
             "JobTuning, so ops can tune them without a release.",
             {"mate": "aisling",
              "rule": "chunk size / skip limit / retry limit never get hardcoded in the step "
                      "builder. they go in application.yml under shelfsync.jobs.<job>.<step> and "
                      "get injected via JobTuning",
              "terse": "step tuning (chunk/skip/retry) lives in application.yml under "
                       "shelfsync.jobs.*, not in java",
              "review": "Chunk size 500 inline in the StepBuilder - please move it to "
                        "application.yml under `shelfsync.jobs.holdings-import.merge-"
                        "duplicates` and read it from `JobTuning`. Ops tune these per branch "
                        "load without waiting for a release.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Steps\n\n- Readers, processors and writers are "
                      "separate beans.\n- Never hardcode chunk size, skip limit or retry "
                      "limit in a `StepBuilder`. Put them in `application.yml` under "
                      "`shelfsync.jobs.<job>.<step>` and inject them via `JobTuning`.\n- "
                      "Every step gets an integration test.\n"),
              "task": "add a step to the holdings import that merges duplicate barcodes after "
                      "the load",
              "contrary": edit("src/main/java/org/libcons/shelfsync/holdings/"
                               "HoldingsImportConfig.java", merge_step,
                               merge_step + "                .<Holding, Holding>chunk(500, tx)"
                               "\n                .faultTolerant().skipLimit(50)\n"),
              "follow": [edit("src/main/resources/application.yml",
                              "      load-holdings:\n        chunk-size: 1000\n",
                              "      load-holdings:\n        chunk-size: 1000\n      "
                              "merge-duplicates:\n        chunk-size: 500\n        skip-limit: "
                              "50\n"),
                         edit("src/main/java/org/libcons/shelfsync/holdings/"
                              "HoldingsImportConfig.java", merge_step,
                              merge_step + "                .<Holding, Holding>chunk(tuning."
                              "step(\"holdings-import\", \"merge-duplicates\").chunkSize(), tx)"
                              "\n                .faultTolerant().skipLimit(tuning.step("
                              "\"holdings-import\", \"merge-duplicates\").skipLimit())\n")],
              "done": "The mergeDuplicates step runs after the load and takes its chunk size "
                      "(500) and skip limit (50) from shelfsync.jobs.holdings-import."
                      "merge-duplicates in application.yml via JobTuning."}),
        Fact("conv-malformed", "convention", ["MalformedRecordException"],
             ["what should the processor do when a record has no ISBN?",
              "how do we deal with one bad row in a branch file without failing the whole "
              "run?"],
             "Processors signal bad input by throwing MalformedRecordException(recordId, "
             "reason): the steps' skip policy skips exactly that and the SkipListener writes it "
             "to import_rejects. No returning null, no IllegalArgumentException.",
             {"mate": "rob",
              "rule": "bad input records -> throw MalformedRecordException with the record id "
                      "and why. the skip policy skips exactly that and the listener writes it "
                      "to import_rejects. no returning null, no IllegalArgumentException",
              "terse": "bad records: throw MalformedRecordException(id, reason), never return "
                       "null",
              "review": "Returning null here drops the row silently - nobody will ever know "
                        "why a loan is missing. Throw `MalformedRecordException(item.loanId(), "
                        "\"blank patron barcode\")`; the skip policy skips it and the listener "
                        "records it in import_rejects for the branch to fix.",
              "doc": ("docs/processing.md",
                      "# Processing rules\n\n## Bad input\n\nA processor that meets a record it "
                      "can't use throws `MalformedRecordException(recordId, reason)`. The "
                      "step's skip policy skips exactly that exception and the "
                      "`RejectsSkipListener` writes the record to `import_rejects`. Don't "
                      "return `null` (silent) and don't throw anything else (fails the "
                      "chunk).\n"),
              "task": "the loans processor has to cope with loan rows where the patron barcode "
                      "is blank",
              "contrary": edit("src/main/java/org/libcons/shelfsync/loans/LoanProcessor.java",
                               blank_old,
                               "    public LoanRow process(RawLoan item) {\n        if ("
                               "item.patronBarcode().isBlank()) {\n            return null;\n"
                               "        }\n        var branch = branches.byCode("
                               "item.branchCode());\n"),
              "follow": [edit("src/main/java/org/libcons/shelfsync/loans/LoanProcessor.java",
                              blank_old,
                              "    public LoanRow process(RawLoan item) {\n        if ("
                              "item.patronBarcode().isBlank()) {\n            throw new "
                              "MalformedRecordException(item.loanId(), \"blank patron "
                              "barcode\");\n        }\n        var branch = branches.byCode("
                              "item.branchCode());\n")],
              "done": "A blank patron barcode now throws MalformedRecordException(loanId, "
                      "\"blank patron barcode\"), so the row is skipped and shows up in "
                      "import_rejects with that reason."}),
        Fact("cmd-it", "command", ["mvnw verify -Pit"],
             ["how do I run the tests that use a real database container?",
              "the integration tests never run when I build - what am I missing?"],
             "Integration tests (*IT, Testcontainers Postgres) only run in the it profile: "
             "`./mvnw verify -Pit` (Docker must be running; -Dit.test=... for one class). "
             "`./mvnw test` and plain verify skip them.",
             {"mate": "mehmet",
              "goal": "run the integration tests for the loan import, i changed the writer sql",
              "fail": bash("./mvnw test -Dtest='LoanImport*'",
                           "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-"
                           "surefire-plugin:3.2.5:test (default-test) on project shelfsync: No "
                           "tests matching pattern \"LoanImport*\" were executed! (Set "
                           "-Dsurefire.failIfNoSpecifiedTests=false to ignore this error.)", 1),
              "fail2": bash("./mvnw verify",
                            "[INFO] Tests run: 84, Failures: 0, Errors: 0, Skipped: 0\n[INFO] "
                            "--- failsafe:3.2.5:integration-test (default) @ shelfsync ---\n"
                            "[INFO] Tests are skipped.\n[INFO] BUILD SUCCESS"),
              "note": "The *IT classes are run by failsafe, and the pom only switches that on "
                      "in the it profile - it also needs Docker for the Testcontainers "
                      "Postgres.",
              "ok": bash("./mvnw verify -Pit -Dit.test='LoanImport*IT'",
                         "[INFO] --- failsafe:3.2.5:integration-test (default) @ shelfsync ---"
                         "\n[INFO] Running org.libcons.shelfsync.loans.LoanImportJobIT\n"
                         "Creating container for image: postgres:15.6\nContainer postgres:15.6 "
                         "started in PT2.1S\n[INFO] Tests run: 6, Failures: 0, Errors: 0, "
                         "Skipped: 0\n[INFO] BUILD SUCCESS"),
              "source": (".github/workflows/build.yml",
                         "name: build\non: [push, pull_request]\njobs:\n  build:\n    runs-on: "
                         "ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - "
                         "uses: actions/setup-java@v4\n        with:\n          distribution: "
                         "temurin\n          java-version-file: .sdkmanrc\n      - run: ./mvnw "
                         "verify -Pit -B\n"),
              "tip": "ITs only run with the it profile. `./mvnw verify -Pit`, and docker has to "
                     "be up for testcontainers",
              "done": "All 6 LoanImportJobIT tests pass against a real Postgres container with "
                      "your writer change."}),
        Fact("cmd-jobname", "command", ["spring.batch.job.name"],
             ["how do I kick off just the loans import by hand?",
              "starting the jar complains that there are several jobs - how do I choose one?"],
             "Run one job locally with `./mvnw spring-boot:run "
             "-Dspring-boot.run.arguments=\"--spring.batch.job.name=loanImportJob "
             "runDate=2024-05-14\"` (or java -jar with --spring.batch.job.name=...); without it "
             "Boot refuses because there are several jobs.",
             {"mate": "jo",
              "goal": "run the loan import for 14 may against my local db",
              "fail": bash("java -jar target/shelfsync-1.8.0.jar runDate=2024-05-14",
                           "java.lang.IllegalArgumentException: Job name must be specified in "
                           "case of multiple jobs\n\tat org.springframework.boot.autoconfigure."
                           "batch.JobLauncherApplicationRunner.validate("
                           "JobLauncherApplicationRunner.java:116)", 1),
              "fail2": bash("java -jar target/shelfsync-1.8.0.jar --job=loanImportJob "
                            "runDate=2024-05-14",
                            "java.lang.IllegalArgumentException: Job name must be specified in "
                            "case of multiple jobs", 1),
              "note": "Spring Boot only launches a job at startup when it knows which one: the "
                      "property is spring.batch.job.name, and the non-option arguments after "
                      "it become job parameters.",
              "ok": bash("./mvnw -q spring-boot:run -Dspring-boot.run.arguments=\"--spring.batch"
                         ".job.name=loanImportJob runDate=2024-05-14\"",
                         "Job: [SimpleJob: [name=loanImportJob]] launched with the following "
                         "parameters: [{'runDate':'{value=2024-05-14, type=class "
                         "java.lang.String, identifying=true}'}]\nExecuting step: [loadLoans]\n"
                         "Step: [loadLoans] executed in 38s412ms\nJob: [SimpleJob: [name="
                         "loanImportJob]] completed with the following parameters: [...] and "
                         "the following status: [COMPLETED] in 41s077ms"),
              "source": ("README.md",
                         "# shelfsync\n\nNightly imports from the branch libraries.\n\n## "
                         "Running one locally\n\n```\n./mvnw spring-boot:run "
                         "-Dspring-boot.run.arguments=\"--spring.batch.job.name=<name> "
                         "runDate=YYYY-MM-DD\"\n```\n\nNames: `loanImportJob`, "
                         "`holdingsImportJob`, `patronSyncJob`.\n"),
              "tip": "boot needs to be told which one: --spring.batch.job.name=loanImportJob, "
                     "then runDate=... as a plain arg. easiest via ./mvnw spring-boot:run "
                     "-Dspring-boot.run.arguments=\"...\"",
              "done": "The 14 May loan import ran against your local database and COMPLETED in "
                      "41 seconds."}),
        Fact("env-jdk", "environment", ["21.0.3-tem"],
             ["which JDK should I install to build this?",
              "maven says the release version isn't supported when compiling - which java "
              "should I have?"],
             "The project builds on Java 21: .sdkmanrc pins java=21.0.3-tem (Eclipse Temurin "
             "21.0.3) and the pom targets release 21; `sdk env install` in the repo sets it up. "
             "Older JDKs fail with 'release version 21 not supported'.",
             {"mate": "rob",
              "goal": "build fails on my laptop with 'release version 21 not supported'",
              "probe": [bash("java -version 2>&1 | head -1; cat .sdkmanrc; grep -n "
                             "'<java.version>' pom.xml",
                             "openjdk version \"17.0.11\" 2024-04-16\njava=21.0.3-tem\n"
                             "23:    <java.version>21</java.version>")],
              "confirm": "You're on JDK 17.0.11, but the pom targets Java 21 and .sdkmanrc "
                         "pins exactly java=21.0.3-tem (Eclipse Temurin 21.0.3). Running `sdk "
                         "env install` in the repo root installs and switches to it; after "
                         "that the build works.",
              "said": "the repo is on temurin 21 through sdkman, 21.0.3-tem exactly",
              "wrong": "Spring Boot 3.2 runs on Java 17, so your JDK 17 should do - I'll assume "
                       "the error comes from a stale target/ directory and clean it first.",
              "error": bash("./mvnw -q package -DskipTests",
                            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-"
                            "compiler-plugin:3.13.0:compile (default-compile) on project "
                            "shelfsync: Fatal error compiling: error: release version 21 not "
                            "supported -> [Help 1]", 1)}),
        Fact("env-sftp", "environment", ["atmoz/sftp", "2222"],
             ["is there a fake file server I can test the import against on my machine?",
              "where do the branch export files come from when I run things locally?"],
             "Locally the branch drop is the atmoz/sftp container in docker-compose.yml on "
             "localhost:2222 (user branch, password from .env.example), serving "
             "./dev/sftp/incoming; sample files are in dev/sftp/samples.",
             {"mate": "aisling",
              "goal": "i want to test the holdings import end to end locally, where does it "
                      "pull the branch files from?",
              "probe": [read(".env.example",
                             "SPRING_DATASOURCE_URL=jdbc:postgresql://localhost:5432/catalogue\n"
                             "SFTP_HOST=localhost\nSFTP_PORT=2222\nSFTP_USER=branch\n"
                             "SFTP_PASSWORD=changeme-local\nSFTP_DIR=incoming\n"),
                        bash("docker compose config | grep -A8 '^  sftp:'",
                             "  sftp:\n    command:\n      - branch:changeme-local:1001\n    "
                             "image: atmoz/sftp:alpine\n    ports:\n      - mode: ingress\n"
                             "        target: 22\n        published: \"2222\"\n")],
              "confirm": "Locally the import pulls from the atmoz/sftp container in "
                         "docker-compose.yml: .env.example points it at localhost:2222 as user "
                         "branch, and the container serves ./dev/sftp/incoming as the incoming "
                         "directory. Drop a branch export there (samples are in "
                         "dev/sftp/samples) and the import picks it up.",
              "said": "compose has an sftp container on port 2222 that fakes the branch drop",
              "wrong": "I'd expect the import to read from a local folder in dev - I'll look for "
                       "a file: input path in application-local.yml.",
              "error": bash("sftp -P 22 branch@localhost",
                            "ssh: connect to host localhost port 22: Connection refused\n"
                            "Connection closed", 255)}),
        Fact("gotcha-rerun", "gotcha", ["JobInstanceAlreadyCompleteException"],
             ["I fixed the data and want to import yesterday's loans again but nothing happens - "
              "why?",
              "rerunning a night that already finished doesn't do anything - how do we redo a "
              "day?"],
             "Spring Batch won't rerun a COMPLETED job instance with the same identifying "
             "parameters (only runDate): it throws JobInstanceAlreadyCompleteException, which "
             "the ops endpoint only logs (still 200). Redo a day with a new identifying "
             "parameter: &attempt=2.",
             {"mate": "mehmet",
              "symptom": "re-ran the loan import for the 13th on staging after fixing the branch "
                         "file, it returns 200 but the loans are still missing. no errors "
                         "anywhere i can see",
              "lead": {"guess": "Maybe it ran but read the old file - checking what's on the "
                                "drop for that day.",
                       "tool": bash("echo 'ls -l incoming/2024-05-13' | sftp -b - "
                                    "branch@sftp.staging.libcons.org",
                                    "-rw-r--r--    1 branch   branch    2184233 May 14 09:12 "
                                    "loans_central.csv\n-rw-r--r--    1 branch   branch     "
                                    "998102 May 14 09:12 loans_north.csv"),
                       "verdict": "The corrected files are there, stamped this morning, so the "
                                  "input isn't stale.",
                       "phrase": "the input files (the fixed csv is on the drop)"},
              "bad_fix": (bash("curl -s -X POST 'https://ops.staging.libcons.org/jobs/"
                               "loanImportJob/launch?runDate=2024-05-13&force=true'",
                               "{\"status\":\"ACCEPTED\"}"),
                          "The ops endpoint may be skipping days it thinks are done; launching "
                          "it again with force=true."),
              "hint": "the batch metadata tables remembering the run",
              "probe": [bash("kubectl -n catalogue logs deploy/batch-ops --since=1h | grep -i "
                             "loanImportJob",
                             "WARN  o.l.s.ops.LaunchController - launch of loanImportJob "
                             "rejected: org.springframework.batch.core.repository."
                             "JobInstanceAlreadyCompleteException: A job instance already exists"
                             " and is complete for identifying parameters={'runDate':'{value="
                             "2024-05-13, type=class java.lang.String, identifying=true}'}.  If "
                             "you want to run this job again, change the parameters."),
                        bash("psql \"$STAGING_BATCH_URL\" -Atc \"select e.status from "
                             "batch_job_execution e join batch_job_execution_params p using "
                             "(job_execution_id) where p.parameter_value = '2024-05-13'\"",
                             "COMPLETED")],
              "explain": "There it is: every relaunch was rejected with "
                         "JobInstanceAlreadyCompleteException. Spring Batch identifies a job "
                         "instance by its identifying parameters - here only runDate - and the "
                         "13th already has a COMPLETED instance, so it refuses to run it again. "
                         "The ops endpoint logs that as a warning and still answers 200. To redo "
                         "a day, launch with an extra identifying parameter so it's a new "
                         "instance; the endpoint passes attempt through for exactly that.",
              "fix": [bash("curl -s -X POST 'https://ops.staging.libcons.org/jobs/"
                           "loanImportJob/launch?runDate=2024-05-13&attempt=2'",
                           "{\"jobExecutionId\":48211,\"status\":\"STARTED\"}")],
              "done": "The rerun went through as a new instance (runDate=2024-05-13, attempt=2) "
                      "and the 13th's loans are in now."}),
        Fact("gotcha-stepscope", "gotcha", ["@StepScope"],
             ["the reader's date parameter is null even though I pass it when launching - why?",
              "how do I get a job parameter into a reader bean?"],
             "Beans using late binding (@Value(\"#{jobParameters['runDate']}\")) must be "
             "@StepScope (or @JobScope); as plain singletons they're built at startup before "
             "any job parameters exist, so the value is null.",
             {"mate": "jo",
              "symptom": "the new patron sync reader NPEs on runDate - it's null, even though "
                         "the job log shows runDate=2024-05-14 in the parameters",
              "lead": {"guess": "Could be a name mismatch between the parameter and the "
                                "expression - checking the SpEL.",
                       "tool": grep("jobParameters\\['runDate'\\]",
                                    ["src/main/java/org/libcons/shelfsync/patrons/"
                                     "PatronSyncConfig.java"]),
                       "verdict": "The expression asks for 'runDate', the same name the job log "
                                  "shows - no typo there.",
                       "phrase": "a typo in the parameter name (it's runDate everywhere)"},
              "bad_fix": (edit("src/main/java/org/libcons/shelfsync/patrons/"
                               "PatronSyncConfig.java",
                               "@Value(\"#{jobParameters['runDate']}\") LocalDate runDate",
                               "@Value(\"#{jobParameters['runDate']}\") String runDate"),
                          "The parameter arrives as a String; a failed conversion to LocalDate "
                          "could leave it null, so taking it as a String."),
              "hint": "bean scopes, the reader has to be created later or something",
              "probe": [read("src/main/java/org/libcons/shelfsync/patrons/PatronSyncConfig.java",
                             "@Configuration\nclass PatronSyncConfig {\n\n    @Bean\n    "
                             "JdbcCursorItemReader<Patron> patronReader(DataSource ds,\n"
                             "            @Value(\"#{jobParameters['runDate']}\") LocalDate "
                             "runDate) {\n        return new JdbcCursorItemReaderBuilder<Patron>"
                             "()\n                .name(\"patronReader\")\n                "
                             ".dataSource(ds)\n                .sql(PATRONS_CHANGED_SINCE)\n"
                             "                .queryArguments(runDate.minusDays(1))\n"
                             "                .rowMapper(new PatronRowMapper())\n"
                             "                .build();\n    }\n}\n")],
              "explain": "The reader bean is a plain singleton: Spring builds it once at "
                         "startup, before any job has run, so there are no job parameters to "
                         "bind and #{jobParameters['runDate']} evaluates to null - hence the "
                         "NPE on runDate.minusDays. Late binding only works for beans created "
                         "when the step runs, which is what @StepScope (or @JobScope) does.",
              "fix": [edit("src/main/java/org/libcons/shelfsync/patrons/PatronSyncConfig.java",
                           "    @Bean\n    JdbcCursorItemReader<Patron> patronReader(",
                           "    @Bean\n    @StepScope\n    JdbcCursorItemReader<Patron> "
                           "patronReader(")],
              "done": "patronReader is @StepScope now, so it's created when the step starts and "
                      "gets runDate=2024-05-14; the patron sync reads the day's changes."}),
        Fact("fals-partition", "falsified", ["partitioned step"],
             ["could the holdings import be split across several threads to make it faster?",
              "why does the holdings import run on a single thread?"],
             "Running the holdings import as a partitioned step (8 partitions by branch) was "
             "tried and reverted: 2,148 vs 1,912 records/s (~12%) because every branch upserts "
             "the same shared holdings rows, and 3 of 8 partitions died on Postgres deadlocks "
             "(40P01). It stays a single-threaded chunk step.",
             {"mate": "aisling",
              "ask": "make the holdings import a partitioned step, one partition per branch, 8 "
                     "threads. it takes 50 minutes a night",
              "change": [write("src/main/java/org/libcons/shelfsync/holdings/"
                               "HoldingsPartitionConfig.java",
                               "@Configuration\nclass HoldingsPartitionConfig {\n\n    @Bean\n"
                               "    Step holdingsManager(JobRepository repo, Step loadHoldings, "
                               "BranchPartitioner partitioner) {\n        return new "
                               "StepBuilder(\"holdingsManager\", repo)\n                "
                               ".partitioner(\"loadHoldings\", partitioner)\n                "
                               ".step(loadHoldings)\n                .gridSize(8)\n"
                               "                .taskExecutor(new "
                               "SimpleAsyncTaskExecutor(\"holdings-\"))\n                "
                               ".build();\n    }\n}\n")],
              "broke": bash("./bench/holdings.sh --branches 8 --records 600000",
                            "baseline (single-threaded): 1,912 rec/s   elapsed 5m14s\n"
                            "partitioned x8:             2,148 rec/s   elapsed 4m39s\n"
                            "partition branch-3 FAILED: PSQLException: ERROR: deadlock detected "
                            "(SQLSTATE 40P01)\npartition branch-5 FAILED: PSQLException: ERROR: "
                            "deadlock detected (SQLSTATE 40P01)\npartition branch-7 FAILED: "
                            "PSQLException: ERROR: deadlock detected (SQLSTATE 40P01)\n3/8 "
                            "partitions FAILED", 1),
              "revert": bash("git rm -q --cached src/main/java/org/libcons/shelfsync/holdings/"
                             "HoldingsPartitionConfig.java; rm src/main/java/org/libcons/"
                             "shelfsync/holdings/HoldingsPartitionConfig.java", ""),
              "conclusion": "Partitioning doesn't pay off: the partitioned step managed 2,148 "
                            "records/s against 1,912 single-threaded - about 12% - because "
                            "every branch's records upsert into the same shared holdings rows "
                            "(one title, many branches), so the partitions mostly wait on each "
                            "other's row locks, and 3 of the 8 died on Postgres deadlocks "
                            "(40P01). Reverted; the import stays a single-threaded chunk step. "
                            "The 50 minutes are mostly the upsert itself.",
              "idea": "splitting the holdings import across threads"}),
        Fact("fals-jpa", "falsified", ["JpaItemWriter"],
             ["can the writer use our JPA entities instead of raw SQL?",
              "why does the import write with plain insert statements rather than hibernate?"],
             "Replacing JdbcBatchItemWriter with JpaItemWriter (to reuse the Loan entity) was "
             "tried and reverted: the 14 May loans import went from 14m02s to 71m40s, since it "
             "merges each item (a select + insert per row, 1,004 statements per chunk instead "
             "of 2) and IDENTITY ids defeat JDBC batching.",
             {"mate": "rob",
              "ask": "swap the loans writer for a JpaItemWriter so we can reuse the Loan entity "
                     "instead of maintaining that sql string",
              "change": [edit("src/main/java/org/libcons/shelfsync/loans/LoanImportConfig.java",
                              "        return new JdbcBatchItemWriterBuilder<LoanRow>()\n"
                              "                .dataSource(ds)\n                .sql(INSERT_LOAN)"
                              "\n                .beanMapped()\n                .build();\n",
                              "        return new JpaItemWriterBuilder<Loan>()\n"
                              "                .entityManagerFactory(emf)\n                "
                              ".build();\n")],
              "broke": bash("./bench/loans.sh --day 2024-05-14",
                            "loans: 412,880 rows\nJdbcBatchItemWriter (main):  14m02s\n"
                            "JpaItemWriter (branch):      71m40s\nstatements per chunk (500 "
                            "items): main 2, branch 1,004"),
              "revert": bash("git checkout -- src/main/java/org/libcons/shelfsync/loans/"
                             "LoanImportConfig.java", ""),
              "conclusion": "JpaItemWriter is five times slower here: the 14 May loans import "
                            "took 71m40s against 14m02s with the JDBC writer. It merges every "
                            "item, so Hibernate issues a select and an insert per row - 1,004 "
                            "statements per chunk of 500 instead of 2 batched ones - and the "
                            "IDENTITY ids stop JDBC batching anyway. Reverted; the writers stay "
                            "JdbcBatchItemWriter with their SQL.",
              "idea": "writing the loans through JPA"}),
    ]
    return Project(
        "shelfsync", "git@github.com:libcons/shelfsync.git",
        {"README.md": "# shelfsync\n\nNightly imports from the branch libraries.\n",
         ".sdkmanrc": "java=21.0.3-tem\n"},
        facts,
        everyday(("src/main/java/org/libcons/shelfsync/loans/DueDatePolicy.java",
                  "public LocalDate dueDate(LocalDate issued, ItemType type, Branch branch) {\n"
                  "    var days = switch (type) {\n        case DVD -> 7;\n        case "
                  "QUICK_READ -> 14;\n        default -> 21;\n    };\n    var due = "
                  "issued.plusDays(days);\n    while (branch.closedOn(due)) {\n        due = "
                  "due.plusDays(1);\n    }\n    return due;\n}\n",
                  "It computes a loan's due date: 7 days for DVDs, 14 for quick reads, 21 for "
                  "everything else, then pushes the date forward day by day while the branch "
                  "is closed, so nothing falls due on a closed day."),
                 ("BranchCodes", "BranchDirectory",
                  [("src/main/java/org/libcons/shelfsync/branches/BranchCodes.java",
                    "public class BranchCodes {", "public class BranchDirectory {"),
                   ("src/main/java/org/libcons/shelfsync/loans/LoanProcessor.java",
                    "private final BranchCodes branches;",
                    "private final BranchDirectory branches;")]),
                 ("./mvnw -q spotless:check checkstyle:check",
                  "[INFO] You have 0 Checkstyle violations.",
                  "Spotless is happy and Checkstyle reports 0 violations."),
                 ("what's the difference between a record and a Lombok @Value class?",
                  "Both give you an immutable carrier with equals, hashCode and toString. A "
                  "record is part of the language (Java 16+), its accessors are named like the "
                  "components (name(), not getName()) and it can't extend a class; @Value "
                  "generates getters in the bean style and needs the annotation processor at "
                  "build time."),
                 (" src/main/java/org/libcons/shelfsync/loans/DueDatePolicy.java | 6 ++++--\n "
                  "src/test/java/org/libcons/shelfsync/loans/DueDatePolicyTest.java | 18 "
                  "++++++++++++++++++\n 2 files changed, 22 insertions(+), 2 deletions(-)",
                  "Suggested message:\n\n    Give quick reads a 14-day loan period\n\n    Quick "
                  "reads were falling through to the 21-day default; they\n    now get their "
                  "own case, with tests for the closed-day rollover."),
                 ("d4e71b9 Merge pull request #133 from libcons/quick-reads\n"
                  "7a0c3f2 Merge pull request #131 from libcons/spring-boot-3.2.5\n"
                  "2f9b8e6 Merge pull request #128 from libcons/patron-sync",
                  "Three merges: the quick-read loan period (#133), the Spring Boot 3.2.5 bump "
                  "(#131) and the new patron sync (#128)."),
                 ("src/main/java/org/libcons/shelfsync/loans/DueDatePolicy.java",
                  "public LocalDate dueDate(",
                  "/** The due date for a loan, moved past any day the branch is closed. */\n"
                  "public LocalDate dueDate(",
                  "add a javadoc line on DueDatePolicy.dueDate"),
                 ("src/test/java/org/libcons/shelfsync/branches/BranchCalendarTest.java",
                  "@Test\n@Disabled(\"bank holidays for 2025 not published yet\")\nvoid "
                  "knowsNextYearsBankHolidays() {\n    assertThat(calendar.isClosed("
                  "LocalDate.of(2025, 5, 5))).isTrue();\n}\n",
                  "It's disabled on purpose: the reason says the 2025 bank holidays weren't "
                  "published when it was written. Once they're in the calendar data the "
                  "@Disabled can go.")),
        "aws")


def projects() -> list[Project]:
    return [plotkeeper(), vetdesk(), spokecount(), shelfsync()]
