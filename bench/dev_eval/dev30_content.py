"""The ``dev30`` split, "a small team's release week on unfamiliar stacks": four projects, ten
planted facts each.

Written in the nineteenth pass by a helper that read no rlat code; to be read untuned.

A team of four or five people ships four things in the same week, each on a stack most of them
picked up recently, so half the questions are "how does this thing even work here". The user
(whoever has the keyboard) relays what teammates said in chat, pastes terminal output from
the shared box, is interrupted by the release checklist, and types quickly: lower case,
missing words, the odd typo. The durable facts arrive mid-task: a team rule said with the
request, after the assistant did it the other way, at the permission prompt, or confirmed
after the assistant found it in the repository; a build, test or deploy command that fails and
the one that works (found in a script, named by the user, relayed from a teammate, or after the
user pasted their own failed try); an environment fact read out of config or tool output,
sometimes while answering something else or for a handover note; a gotcha found while
debugging the release candidate (sometimes recognised by the user, sometimes written into the
release runbook); and an approach that was tried and reverted, in the session or recounted
before anyone repeats it.

The projects: sorrelwick, a volunteer-shift scheduler for a food-bank network (Perl 5,
Mojolicious, Mojo::Pg, Minion, hypnotoad behind nginx, carton); quillmere, the server of a
small online turn-based board game (Haxe 4.3 compiled for HashLink, lix-pinned libraries,
utest, a WebSocket protocol shared with the browser client); fennelgate, an invoice-ingestion
API for an accounting firm (Java 21, Micronaut 4, Micronaut Data JDBC, Gradle, PDF parsing);
and larchbury, the headless CMS behind a regional museum's collection site (Strapi 5 on
Node, Postgres, pm2, object storage for media).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (a tool doing it the other way), ``follow``,
  ``done``, ``doc`` (``(path, text)``), ``found`` (the assistant reading the rule there);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the user's or a
  teammate's words naming the working command), ``script`` (``(path, text)``);
* environment - ``goal``, ``probe``, ``confirm``, ``while`` (a nearby ask and its answer);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``told``, ``fix``, ``done``,
  ``title`` (the runbook heading);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want``, ``offer``,
  ``story`` (the user's account of the earlier attempt).

Every fact also carries its project's ``mates`` (teammates' first names), ``detours``
(unrelated asks with answers, for interruptions) and ``runbook`` (the release runbook's path
and the heading new entries go under).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, bash, edit, read, refused, todo_write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

_CUT = "[Request interrupted by user]"


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _mate(s: dict, rng: random.Random) -> str:
    return rng.choice(s["mates"])


def _aside(s: dict, rng: random.Random) -> tuple[str, str]:
    return rng.choice(s["detours"])


def _interject(rng: random.Random) -> str:
    return _one(rng, "sec, other thing first:", "brb — actually quick q:",
                "before i forget,", "ugh, release checklist pinged me:")


def _resume(rng: random.Random) -> str:
    return _one(rng, "ok. back to it", "thx. carry on where you were", "right, continue",
                "k, resume")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_upfront(s: dict, rng: random.Random) -> Episode:
    """The rule comes with the request."""
    ask = _one(rng, "{task}. fyi {rule}", "{task} — and remember {rule}",
               "{task}. (house rule: {rule})", "can you {task}? note that {rule}")
    return [Step(prompt=ask.format(task=s["task"], rule=s["rule"])),
            Step(text=_one(rng, "On it.", "Sure — doing it that way.", ""), tools=s["follow"]),
            Step(text=s["done"])]


def conv_corrected(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way; the user corrects it with the rule."""
    nope = _one(rng, "no no. {rule}", "hm, not like that — {rule}", "undo that pls. {rule}",
                "that's not how we do it here: {rule}")
    return [Step(prompt=s["task"]),
            Step(text=_one(rng, "Doing that now.", "Straightforward enough.", ""),
                 tools=[s["contrary"]]),
            Step(prompt=nope.format(rule=s["rule"])),
            Step(text=_one(rng, "Got it — redoing it that way.", "Understood, fixing.",
                           "Ah, ok. Switching over."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_refused(s: dict, rng: random.Random) -> Episode:
    """The user turns the assistant's call down at the permission prompt, with the rule."""
    why = _one(rng, "nope. {rule}", "don't. {rule}", "stop — {rule}").format(rule=s["rule"])
    return [Step(prompt=s["task"]),
            Step(text=_one(rng, "Making the change.", "Quick edit.", ""),
                 tools=[refused(s["contrary"], REJECTED + why)]),
            Step(text=_one(rng, "Fair — doing it the team's way.", "Right, sorry. Redoing it.",
                           "Noted."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_doc(s: dict, rng: random.Random) -> Episode:
    """The assistant finds the rule in the repository and the user confirms it."""
    path, text = s["doc"]
    ask = _one(rng, "Does that still hold?", "Is that current, or stale docs?",
                "Going with that unless you say otherwise.")
    yes = _one(rng, "yes. {rule}", "yep — {rule}", "still true. {rule}",
               "correct, {rule}. {mate} will yell otherwise")
    return [Step(prompt=s["task"]),
            Step(text=_one(rng, "Checking whether the repo has a convention for this first.",
                           "Let me see what the team notes say.", ""),
                 tools=[read(path, text)]),
            Step(text=f"{s['found']} {ask}"),
            Step(prompt=yes.format(rule=s["rule"], mate=_mate(s, rng))),
            Step(tools=s["follow"]), Step(text=s["done"])]


# command
def cmd_script(s: dict, rng: random.Random) -> Episode:
    path, text = s["script"]
    look_ = _one(rng, "Nope. {path} probably says how it's meant to be run.",
                 "That's not it. Reading {path}.",
                 "Failed — checking {path} before guessing again.").format(path=path)
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=look_, tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_hint(s: dict, rng: random.Random) -> Episode:
    stuck = _one(rng, "That fails. Do you know the intended way here, or shall I go digging?",
                 "No luck. Is there a project-specific invocation?",
                 "Errors out. Want me to search the repo for how it's run?")
    said = _one(rng, "oh yeah. {hint}", "my bad, should've said: {hint}", "{hint}",
                "lol that never works. {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=said.format(hint=s["hint"])),
            Step(text=_one(rng, "Running that.", "Trying it.", ""), tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}")]


def cmd_pasted(s: dict, rng: random.Random) -> Episode:
    fail = s["fail"]
    lead = _one(rng, "i ran `{c}`:", "`{c}` gives me this:", "tried `{c}`, got").format(
        c=fail.command)
    tail = _one(rng, "wat", "what's wrong", "help", "??")
    return [Step(prompt=f"{s['goal']}\n\n{lead}\n\n```\n{fail.output}\n```\n{tail}"),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_relay(s: dict, rng: random.Random) -> Episode:
    """The try fails; the user interrupts, then relays what a teammate said in chat."""
    ask, answer = _aside(s, rng)
    relay = _one(rng, "{mate} says in chat: \"{hint}\"", "asked {mate}. quote: {hint}",
                 "{mate} to the rescue — {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_one(rng, "That failed. Let me look for the intended way —",
                           "Not working; searching the repo —")),
            Step(prompt=_CUT), Step(prompt=f"{_interject(rng)} {ask}"), Step(text=answer),
            Step(prompt=relay.format(mate=_mate(s, rng), hint=s["hint"])),
            Step(tools=[s["ok"]]), Step(text=f"{s['note']} {s['done']}")]


# environment
def env_read(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, "Checking instead of guessing.", "Let me look.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_while(s: dict, rng: random.Random) -> Episode:
    ask, answer = s["while"]
    lead = _one(rng, "Also in that output:", "Side note from the same files:",
                "And something else that's in there:")
    return [Step(prompt=ask), Step(tools=s["probe"]), Step(text=f"{answer}\n\n{lead} "
                                                                f"{s['confirm']}")]


def env_bash_mode(s: dict, rng: random.Random) -> Episode:
    shell = [t for t in s["probe"] if t.name == "Bash"]
    if not shell:
        return env_read(s, rng)
    first = shell[0]
    rest = [t for t in s["probe"] if t is not first]
    out: Episode = [Step(prompt=f"<bash-input>{first.command}</bash-input>"),
                    Step(prompt=f"<bash-stdout>{first.output}</bash-stdout><bash-stderr>"
                                f"</bash-stderr>"),
                    Step(prompt=_one(rng, "^ {g}", "see above — {g}", "{g}").format(
                        g=s["goal"]))]
    if rest:
        out.append(Step(text=_one(rng, "One more check.", ""), tools=rest))
    out.append(Step(text=s["confirm"]))
    return out


def env_handover(s: dict, rng: random.Random) -> Episode:
    """Asked for a handover note to a teammate taking over for the release."""
    mate = _mate(s, rng)
    ask = _one(rng, "{mate} takes over tomorrow and will ask me this. {goal}",
                "writing up handover notes for {mate}. {goal}",
                "for the release doc ({mate} is on call): {goal}")
    return [Step(prompt=ask.format(mate=mate, goal=s["goal"])),
            Step(tools=s["probe"]), Step(text=s["confirm"]),
            Step(prompt=_one(rng, "ta, pasting that", "perfect", "ok good, thx")),
            Step(text=_one(rng, "👍", "Good luck with the release.", "Anytime."))]


# gotcha
def gotcha_pasted(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "Found it.", "OK, this one's subtle.", "That explains it.",
                "Here's the cause.")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_one(rng, "Looking.", "Let me dig in.", ""), tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]), Step(text=s["done"])]


def gotcha_recognised(s: dict, rng: random.Random) -> Episode:
    unsure = _one(rng, "Nothing obviously wrong there yet. Keep digging before touching "
                       "anything?",
                  "That narrows it down but I don't see the why yet.",
                  "Hm, the code itself looks fine.")
    yes = _one(rng, "Yes, that's it.", "Right — that fits.", "Good call, that's the cause.")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"), Step(tools=s["probe"]),
            Step(text=unsure), Step(prompt=s["told"]),
            Step(text=f"{yes} {s['explain']}", tools=s["fix"]), Step(text=s["done"])]


def gotcha_runbook(s: dict, rng: random.Random) -> Episode:
    """Explained and fixed, then written into the release runbook."""
    path, anchor = s["runbook"]
    ask = _one(rng, "ugh. put that in {path} so the next person doesn't lose a day",
               "add it to {path} pls, under known issues",
               "write that down in {path}. {mate} will hit it otherwise")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"), Step(tools=s["probe"]),
            Step(text=f"{_one(rng, 'Found it.', 'Got it.')} {s['explain']}", tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=ask.format(path=path, mate=_mate(s, rng))),
            Step(tools=[edit(path, anchor, f"{anchor}### {s['title']}\n\n{s['explain']}\n\n")]),
            Step(text=f"Added a \"{s['title']}\" entry to {path}.")]


# falsified
def fals_reverted(s: dict, rng: random.Random) -> Episode:
    undo = _one(rng, "ok that's broken. revert", "nope, back it out", "bad idea. undo",
                "welp. put it back how it was")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_one(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_recounted(s: dict, rng: random.Random) -> Episode:
    said = _one(rng, "no. {story}", "we did that already. {story}", "nah — {story}",
                "been there: {story}")
    ok = _one(rng, "Good to know — dropping it.", "Thanks, that rules it out.",
              "Understood, not going there again.")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"])), Step(text=ok)]


def fals_standup(s: dict, rng: random.Random) -> Episode:
    """A teammate proposes it again; the user recounts the history for the reply."""
    mate = _mate(s, rng)
    lead = _one(rng, "{mate} in standup: \"{want}\"", "{mate} asks: {want}",
                "from {mate}'s PR description: {want}").format(mate=mate, want=s["want"])
    ask = _one(rng, "draft me a reply. context: {story}",
                "help me say no nicely — {story}", "reply pls. short version: {story}")
    return [Step(prompt=f"{lead}\n\n{ask.format(story=s['story'])}"),
            Step(text=f"Something like:\n\n> Hey {mate} — we actually tried this before: "
                      f"{s['story']}. So let's leave it as it is for the release; happy to "
                      f"revisit if there's a way around that."),
            Step(prompt=_one(rng, "sent, thx", "good enough", "ok")),
            Step(text=_one(rng, "👍", "Great.", "Cool."))]


def fals_detour(s: dict, rng: random.Random) -> Episode:
    ask, answer = _aside(s, rng)
    back = _one(rng, "ok and that change — it broke things right? revert it",
                "right, throw away what you just tried, that output was bad",
                "back to it. undo that change")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=_CUT), Step(prompt=f"{_interject(rng)} {ask}"), Step(text=answer),
            Step(prompt=back),
            Step(text=_one(rng, "Reverting.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_upfront, conv_corrected, conv_refused, conv_doc],
    "command": [cmd_script, cmd_hint, cmd_pasted, cmd_relay],
    "environment": [env_read, env_while, env_bash_mode, env_handover],
    "gotcha": [gotcha_pasted, gotcha_recognised, gotcha_runbook],
    "falsified": [fals_reverted, fals_recounted, fals_standup, fals_detour],
}

UNRELATED = [
    "how do I write a good release announcement email for non-technical users? give me a "
    "skeleton",
    "what's the difference between a feature freeze and a code freeze?",
    "explain blue-green deployment vs canary releases in four sentences",
    "write a bash one-liner that prints the 10 biggest files under the current dir",
    "how long should a retro be for a team of five after a rough release?",
    "what does idempotent mean for an HTTP method, with one example of each",
    "give me a jq filter that pulls every `name` field out of an array of objects",
    "is it rude to decline a meeting invite without a message?",
    "explain the CAP theorem like I'm a product manager",
    "write a python snippet that retries a function 3 times with exponential backoff",
    "what is a rollback plan supposed to contain, minimum?",
    "difference between `git revert` and `git reset --hard`, briefly",
    "suggest three names for an internal status page",
    "what's the Pomodoro technique and does it actually work for coding?",
    "write a cron expression for 02:30 every weekday",
    "how do you estimate work on a stack nobody on the team knows well?",
    "explain what a memory leak is to a junior dev, no jargon",
    "what's the difference between TCP keepalive and HTTP keep-alive?",
    "write a regex for a UK postcode, roughly",
    "how do i convert a unix timestamp to a date in a spreadsheet?",
    "what's a good way to say 'this slipped to next week' in a status update?",
    "explain the difference between concurrency and parallelism with a kitchen analogy",
]

UNANSWERED: dict[str, list[str]] = {
    "sorrelwick": [
        "how many food banks are signed up to sorrelwick right now?",
        "is there a plan for an SMS reminder channel in sorrelwick?",
        "who owns the sorrelwick domain registration?",
        "does sorrelwick need a GDPR data processing agreement with each food bank?",
        "what's the average number of shifts booked per week on sorrelwick?",
    ],
    "quillmere": [
        "how many concurrent matches can one quillmere server handle?",
        "is a mobile app for quillmere on the roadmap?",
        "who drew the board art for quillmere?",
        "does quillmere have a ranked ladder planned?",
        "what did the quillmere playtest survey say about the tutorial?",
    ],
    "fennelgate": [
        "which invoice formats besides PDF will fennelgate accept next quarter?",
        "how many invoices a day does fennelgate ingest at peak?",
        "has fennelgate been through a penetration test?",
        "who signs off on fennelgate API changes on the accounting side?",
        "is there an SLA agreed for fennelgate with the client?",
    ],
    "larchbury": [
        "how many objects from the collection are published in larchbury so far?",
        "does the museum want a visitor login on the larchbury site eventually?",
        "who at the museum approves new collection records in larchbury?",
        "is there a budget for a search service in front of larchbury?",
        "when does the larchbury hosting contract renew?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- sorrelwick
def sorrelwick() -> Project:
    shifts = "lib/Sorrelwick/Controller/Shifts.pm"
    facts = [
        Fact("conv-tidy", "convention", ["tidyall"],
             ["about to push my change to the shifts controller — anything I'm supposed to run "
              "over the perl files first?",
              "what does the team use to keep the perl code formatted the same way?"],
             "sorrelwick's Perl code is formatted only by running `tidyall -a` (Code::TidyAll "
             "with the repo's .perltidyrc and tidyall.ini) before committing; nobody "
             "hand-formats or runs perltidy with personal settings, and CI fails untidy files.",
             {"task": f"add a `volunteer_count` field to the JSON that {shifts} returns for a "
                      "shift",
              "rule": "everything goes through `tidyall -a` before you commit — it uses the "
                      "repo's .perltidyrc, don't hand-format and don't run perltidy with your "
                      "own settings, CI rejects untidy files",
              "contrary": bash(f"perltidy -b -i=4 {shifts}", ""),
              "follow": [edit(shifts, "    return $c->render(json => {id => $shift->{id}, "
                                      "starts => $shift->{starts}});\n",
                              "    return $c->render(json => {\n        id              => "
                              "$shift->{id},\n        starts          => $shift->{starts},\n"
                              "        volunteer_count => $shift->{volunteer_count},\n    });"
                              "\n"),
                         bash("carton exec -- tidyall -a",
                              "[tidied]  lib/Sorrelwick/Controller/Shifts.pm\n[checked] "
                              "lib/Sorrelwick.pm\n[checked] lib/Sorrelwick/Model/Rota.pm"),
                         bash("git diff --stat", " lib/Sorrelwick/Controller/Shifts.pm | 7 "
                                                 "++++++-\n 1 file changed, 6 insertions(+), 1 "
                                                 "deletion(-)")],
              "done": "volunteer_count is in the shift JSON, and tidyall -a reformatted the "
                      "controller with the repo's settings — the diff is just the new field.",
              "doc": ("CONTRIBUTING.md",
                      "# Working on the scheduler\n\n## Formatting\n\nRun `tidyall -a` before "
                      "every commit (it reads tidyall.ini and .perltidyrc). Don't hand-format "
                      "and don't run perltidy with your own flags; the lint job runs `tidyall "
                      "-a --check-only` and fails on any untidy file.\n"),
              "found": "CONTRIBUTING.md says every commit is formatted with `tidyall -a`, "
                       "driven by the repo's tidyall.ini and .perltidyrc, and the lint job "
                       "checks it."}),
        Fact("conv-migrations", "convention", ["share/migrations.sql"],
             ["I need an extra column on the shifts table — where does that change live?",
              "how are database schema changes written in this codebase?"],
             "sorrelwick's schema changes are written only as a new numbered `-- N up` / `-- N "
             "down` block appended to share/migrations.sql (Mojo::Pg::Migrations applies them "
             "at startup); existing blocks are never edited, even for a typo.",
             {"task": "the volunteers table needs a `phone_verified_at timestamptz` column for "
                      "the sms pilot",
              "rule": "schema changes are only ever a new numbered block appended at the end "
                      "of share/migrations.sql (`-- N up` and `-- N down`), Mojo::Pg::Migrations "
                      "runs it on startup. never edit an old block, even to fix a typo",
              "contrary": edit("share/migrations.sql",
                               "  email text not null unique,\n",
                               "  email text not null unique,\n  phone_verified_at "
                               "timestamptz,\n"),
              "follow": [bash("tail -n 6 share/migrations.sql",
                              "-- 13 up\ncreate index shifts_starts_idx on shifts (starts);\n"
                              "-- 13 down\ndrop index shifts_starts_idx;\n"),
                         edit("share/migrations.sql",
                              "-- 13 down\ndrop index shifts_starts_idx;\n",
                              "-- 13 down\ndrop index shifts_starts_idx;\n\n-- 14 up\nalter "
                              "table volunteers add column phone_verified_at timestamptz;\n-- "
                              "14 down\nalter table volunteers drop column phone_verified_at;"
                              "\n"),
                         bash("TEST_DB=postgresql:///wick_scratch carton exec -- perl -Ilib -E "
                              "'use Mojo::Pg; my $pg = Mojo::Pg->new($ENV{TEST_DB}); "
                              "$pg->migrations->from_file(\"share/migrations.sql\")->migrate; "
                              "say $pg->migrations->active'", "14")],
              "done": "Added migration 14 (up adds phone_verified_at, down drops it) at the end "
                      "of share/migrations.sql; it applies cleanly on a scratch database and "
                      "the active version is 14.",
              "doc": ("docs/dev-notes.md",
                      "## Database\n\nAll schema changes are appended to "
                      "`share/migrations.sql` as a new `-- N up` / `-- N down` pair. "
                      "Mojo::Pg::Migrations applies them when the app starts. Never edit a "
                      "block that has been merged — prod has already run it.\n"),
              "found": "docs/dev-notes.md says schema changes are appended to "
                       "share/migrations.sql as a new numbered up/down pair, applied at "
                       "startup, and merged blocks are never edited."}),
        Fact("cmd-dbtests", "command", ["TEST_ONLINE"],
             ["the shift tests all just say skipped — how do I make them actually talk to the "
              "database?",
              "what needs setting so the postgres-backed tests run locally?"],
             "sorrelwick's database tests skip unless TEST_ONLINE holds a Postgres URL: run "
             "`TEST_ONLINE=postgresql:///wick_test carton exec -- prove -l t/` (the wick_test "
             "database is created by `createdb wick_test`).",
             {"goal": "run the shift booking tests, i touched the overlap check",
              "fail": bash("carton exec -- prove -l t/booking.t",
                           "t/booking.t .. skipped: set TEST_ONLINE to enable this test\n"
                           "Files=1, Tests=0,  0 wallclock secs\nResult: NOTESTS"),
              "note": "Without TEST_ONLINE the database tests skip themselves, so that run "
                      "proved nothing. They need a Postgres URL in it — the local wick_test "
                      "database.",
              "ok": bash("TEST_ONLINE=postgresql:///wick_test carton exec -- prove -l t/",
                         "t/auth.t ....... ok\nt/booking.t .... ok\nt/reminders.t .. ok\n"
                         "t/rota.t ....... ok\nAll tests successful.\nFiles=4, Tests=61,  4 "
                         "wallclock secs\nResult: PASS"),
              "done": "61 tests across 4 files pass, including the overlap cases in "
                      "t/booking.t.",
              "hint": "they skip unless TEST_ONLINE is set. `TEST_ONLINE=postgresql:///"
                      "wick_test carton exec -- prove -l t/`",
              "script": ("t/README",
                         "Tests that need Postgres skip unless TEST_ONLINE is set:\n\n"
                         "    createdb wick_test\n    TEST_ONLINE=postgresql:///wick_test "
                         "carton exec -- prove -l t/\n")}),
        Fact("cmd-deploy", "command", ["hypnotoad script/sorrelwick"],
             ["how do we put a new build of sorrelwick live on the web box?",
              "I don't have sudo on the app server — how am I supposed to restart the app "
              "after pulling?"],
             "sorrelwick is deployed by hot deployment as the deploy user, without sudo: on "
             "wick-app2, `cd /srv/sorrelwick && git pull --ff-only && carton install "
             "--deployment && carton exec hypnotoad script/sorrelwick` (hypnotoad swaps "
             "workers with no dropped requests); `systemctl restart` needs sudo and fails.",
             {"goal": "release branch is merged, deploy it to prod",
              "fail": bash("ssh deploy@wick-app2 'cd /srv/sorrelwick && git pull --ff-only && "
                           "sudo systemctl restart sorrelwick-web'",
                           "Updating 3f9a1c2..8be04d7\nFast-forward\n lib/Sorrelwick/"
                           "Controller/Shifts.pm | 9 ++++++---\n 1 file changed\nsudo: a "
                           "terminal is required to read the password; either use the -S "
                           "option to read from standard input or configure an askpass "
                           "helper", 1),
              "note": "The deploy user has no sudo, and it doesn't need it: running hypnotoad "
                      "again against a running server does a hot deployment — new workers "
                      "start, old ones finish their requests.",
              "ok": bash("ssh deploy@wick-app2 'cd /srv/sorrelwick && carton install "
                         "--deployment && carton exec hypnotoad script/sorrelwick'",
                         "Complete! Modules were installed into /srv/sorrelwick/local\n"
                         "Starting hot deployment for Hypnotoad server 40211."),
              "done": "Hot deployment started; the manager pid stays 40211 and the workers "
                      "roll over to 8be04d7.",
              "hint": "no sudo for deploy, on purpose. just rerun hypnotoad as deploy: `cd "
                      "/srv/sorrelwick && carton install --deployment && carton exec "
                      "hypnotoad script/sorrelwick`, it hot-swaps",
              "script": ("ops/DEPLOY.md",
                         "# Deploying\n\nAs `deploy@wick-app2` (no sudo):\n\n    cd "
                         "/srv/sorrelwick\n    git pull --ff-only\n    carton install "
                         "--deployment\n    carton exec hypnotoad script/sorrelwick\n\n"
                         "Re-running hypnotoad against the running server is a hot "
                         "deployment: zero dropped requests.\n")}),
        Fact("env-perl", "environment", ["5.38.2"],
             ["which perl do the servers run?",
              "a CPAN module says it wants perl 5.36 or newer — are we fine on prod?"],
             "sorrelwick runs on perl 5.38.2, installed with perlbrew under /opt/perlbrew on "
             "the app servers and pinned in .perl-version; the system perl is not used.",
             {"goal": "what perl version is prod on? kofi wants to use the new class feature",
              "probe": [bash("ssh deploy@wick-app2 'cat /srv/sorrelwick/.perl-version; which "
                             "perl; perl -e \"print $^V\"'",
                             "perl-5.38.2\n/opt/perlbrew/perls/perl-5.38.2/bin/perl\nv5.38.2")],
              "confirm": "Prod runs perl 5.38.2 from perlbrew (/opt/perlbrew/perls/perl-5.38.2), "
                         "pinned in .perl-version — not the distro perl. The class feature "
                         "exists there but is still experimental in 5.38.",
              "while": ("is perl on the app box the distro one or our own build?",
                        "Our own — perlbrew under /opt/perlbrew, not /usr/bin/perl.")}),
        Fact("env-listen", "environment", ["127.0.0.1:8085"],
             ["what address and port does the app listen on behind nginx?",
              "writing the nginx upstream block for the new box — where do I point it?"],
             "sorrelwick's hypnotoad listens on http://127.0.0.1:8085 (sorrelwick.yml, "
             "hypnotoad.listen) with 6 workers; nginx on the same host proxies to it.",
             {"goal": "where does nginx actually send traffic for the scheduler?",
              "probe": [bash("ssh deploy@wick-app2 'grep -A4 hypnotoad "
                             "/srv/sorrelwick/sorrelwick.yml; grep proxy_pass "
                             "/etc/nginx/sites-enabled/wick.conf'",
                             "hypnotoad:\n  listen: ['http://127.0.0.1:8085']\n  workers: 6\n"
                             "  proxy: 1\n    proxy_pass http://127.0.0.1:8085;")],
              "confirm": "nginx proxies to hypnotoad on http://127.0.0.1:8085 — that's "
                         "hypnotoad.listen in sorrelwick.yml, with 6 workers and proxy mode "
                         "on so X-Forwarded-For is trusted.",
              "while": ("how many worker processes does the web app run?",
                        "Six — hypnotoad.workers in sorrelwick.yml.")}),
        Fact("gotcha-timeout", "gotcha", ["inactivity_timeout"],
             ["the big rota PDF download cuts off after a few seconds in prod — known "
              "problem?",
              "long-running report requests die with an empty response, which setting was "
              "that?"],
             "hypnotoad closes a connection that sends nothing for 15 seconds by default, so "
             "sorrelwick's slow rota PDF export died with an empty reply; hypnotoad "
             "inactivity_timeout is set to 120 in sorrelwick.yml (nginx proxy_read_timeout "
             "matches).",
             {"symptom": "marta says the month rota PDF fails every time for the big food bank. "
                         "nginx log:",
              "trace": "2025/03/11 09:14:52 [error] 1187#1187: *5521 upstream prematurely "
                       "closed connection while reading response header from upstream, "
                       "client: 10.20.0.14, server: rota.foodnet.org, request: \"GET "
                       "/rota/2025-04.pdf?bank=7 HTTP/1.1\", upstream: "
                       "\"http://wick_backend/rota/2025-04.pdf?bank=7\"",
              "probe": [bash("ssh deploy@wick-app2 'grep -B2 -A8 \"^hypnotoad\" "
                             "/srv/sorrelwick/sorrelwick.yml'",
                             "hypnotoad:\n  workers: 6\n  proxy: 1"),
                        bash("time curl -s -o /dev/null -w '%{http_code}\\n' "
                             "'https://rota.foodnet.org/rota/2025-04.pdf?bank=7'",
                             "000\n\nreal\t0m15.012s")],
              "explain": "hypnotoad drops any connection that's silent for 15 seconds — its "
                         "default inactivity_timeout — and the PDF for a big bank takes ~40s "
                         "to render before the first byte. The curl dies at exactly 15.0s. "
                         "Setting inactivity_timeout: 120 under hypnotoad in sorrelwick.yml "
                         "(and nginx's proxy_read_timeout to match) lets it finish.",
              "told": "dies at 15s flat? that's hypnotoad's idle timeout, isn't it",
              "fix": [edit("sorrelwick.yml", "  proxy: 1\n",
                           "  proxy: 1\n  inactivity_timeout: 120\n"),
                      edit("ops/nginx/wick.conf", "    proxy_pass http://wick_backend;\n",
                           "    proxy_pass http://wick_backend;\n    proxy_read_timeout "
                           "120s;\n")],
              "done": "Config changed in both places; it takes effect with the next deploy.",
              "title": "Rota PDF cut off after 15 seconds"}),
        Fact("gotcha-queue", "gotcha", ["-q reminders"],
             ["reminder emails get enqueued but never go out — what did we figure out last "
              "time?",
              "how does the background worker have to be started so shift reminders are "
              "processed?"],
             "sorrelwick enqueues shift reminder jobs on the Minion queue named reminders, but "
             "a worker only takes jobs from the default queue unless told; the worker unit "
             "must run `script/sorrelwick minion worker -q default -q reminders`.",
             {"symptom": "nobody got a shift reminder since monday. minion admin shows this:",
              "trace": "Jobs\n  inactive   412\n  active       0\n  failed       0\nWorkers\n"
                       "  wick-app2:40377  idle  queues: default",
              "probe": [bash("grep -rn \"enqueue(send_reminder\" lib/",
                             "lib/Sorrelwick/Model/Rota.pm:88:    $self->minion->enqueue("
                             "send_reminder => [$shift_id] => {queue => 'reminders', delay => "
                             "0});"),
                        bash("ssh deploy@wick-app2 'systemctl cat wick-minion | grep "
                             "ExecStart'",
                             "ExecStart=/usr/bin/env carton exec -- "
                             "/srv/sorrelwick/script/sorrelwick minion worker")],
              "explain": "The reminder jobs go onto the Minion queue called 'reminders' (Ines "
                         "moved them there last week), but the worker was started without "
                         "-q, so it only dequeues from 'default' — 412 jobs sit inactive. The "
                         "worker has to be started with `-q default -q reminders`.",
              "told": "wait — ines moved reminders to their own queue. the worker only listens "
                      "on default unless you pass -q",
              "fix": [edit("ops/systemd/wick-minion.service",
                           "script/sorrelwick minion worker\n",
                           "script/sorrelwick minion worker -q default -q reminders\n")],
              "done": "The unit file now starts the worker on both queues; once ops reloads it "
                      "the 412 waiting jobs drain.",
              "title": "Shift reminders stuck in the queue"}),
        Fact("fals-workers", "falsified", ["max_connections"],
             ["prod crawls when the rota publishes — can we just give the web server more "
              "worker processes?",
              "why does the app run so few workers on a machine with that many cores?"],
             "Raising sorrelwick's hypnotoad workers from 6 to 16 for the rota-publish spike "
             "was tried and reverted: each worker keeps its own Mojo::Pg pool, Postgres hit "
             "max_connections (100) and requests failed with 'too many clients'; workers stay "
             "at 6.",
             {"ask": "rota publish day is brutal. bump hypnotoad to 16 workers",
              "change": [edit("sorrelwick.yml", "  workers: 6\n", "  workers: 16\n")],
              "broke": bash("carton exec -- perl script/loadtest.pl --rps 80 --for 60",
                            "req 1 .. 4800\nerrors: 1312\n  DBI connect failed: FATAL:  sorry, "
                            "too many clients already\n  (max_connections = 100)", 1),
              "revert": bash("git checkout -- sorrelwick.yml", ""),
              "conclusion": "Reverted to 6 workers. Every worker holds its own Mojo::Pg "
                            "connection pool plus the Minion worker's, so 16 workers blow past "
                            "Postgres max_connections (100) and a quarter of requests fail "
                            "with 'too many clients'. More workers would need pgbouncer "
                            "first.",
              "want": "can we just crank up the number of web workers for publish day?",
              "offer": "Easy — bump hypnotoad's workers in sorrelwick.yml to 16 and hot "
                       "deploy. Want me to?",
              "story": "we went to 16 workers in january and postgres ran out of connections "
                       "— every worker keeps its own pool, max_connections is 100, and a "
                       "quarter of requests died with 'too many clients'. back to 6 until "
                       "someone sets up pgbouncer"}),
        Fact("fals-samesite", "falsified", ["SameSite=Strict"],
             ["should we make the login cookie as strict as possible about cross-site "
              "requests?",
              "security review wants a tighter session cookie — has anybody tried that "
              "here?"],
             "Setting sorrelwick's session cookie to SameSite=Strict was tried and reverted: "
             "volunteers who clicked the shift link in a reminder email arrived logged out "
             "(the cookie is not sent on cross-site navigation); it stays SameSite=Lax.",
             {"ask": "security checklist says session cookie should be strict samesite. do "
                     "it",
              "change": [edit("lib/Sorrelwick.pm", "  $self->sessions->samesite('Lax');\n",
                              "  $self->sessions->samesite('Strict');\n")],
              "broke": bash("carton exec -- perl script/click-from-email.pl "
                            "--link '/shifts/8812/confirm'",
                            "GET /shifts/8812/confirm (Referer: mail.example.net)\n-> 302 "
                            "/login  (no session cookie sent)", 1),
              "revert": bash("git checkout -- lib/Sorrelwick.pm", ""),
              "conclusion": "Reverted to Lax. With SameSite=Strict the browser doesn't send "
                            "the session cookie when someone arrives from a link in their "
                            "webmail, so every 'confirm your shift' click lands on the login "
                            "page. Lax still blocks cross-site POSTs, which is what the "
                            "checklist cares about.",
              "want": "pentest report says the session cookie should be samesite strict. "
                      "quick win?",
              "offer": "One line in lib/Sorrelwick.pm — sessions->samesite('Strict'). Should "
                       "I?",
              "story": "we set SameSite=Strict before the autumn drive and every volunteer "
                       "clicking 'confirm shift' in their email landed logged out, the cookie "
                       "isn't sent on a cross-site click. we went back to Lax the next "
                       "day"}),
    ]
    detours = [
        ("what's the difference between `local our` and `my` in perl, one line?",
         "`my` makes a new lexical variable; `local our $x` temporarily swaps the value of a "
         "package variable for the dynamic scope and restores it afterwards."),
        ("how do i tell a volunteer coordinator 'the release moved to thursday' without "
         "sounding alarming?",
         "\"Quick heads-up: we're doing the update on Thursday instead of Wednesday so we "
         "can test it a little longer. Nothing changes for you before then.\""),
        ("is `say` available without `use feature`?",
         "Only if the file enables it — `use v5.10` or later, `use feature 'say'`, or "
         "Mojo::Base -strict with a version; Mojolicious apps usually have it via -signatures."),
    ]
    noise: list[Episode] = [
        look("what does the rota model do when two shifts overlap?",
             "lib/Sorrelwick/Model/Rota.pm",
             "sub overlaps ($self, $vol, $starts, $ends) {\n  return $self->pg->db->query(\n"
             "    'select 1 from bookings b join shifts s on s.id = b.shift_id\n     where "
             "b.volunteer_id = ? and s.starts < ? and s.ends > ?',\n    $vol, $ends, $starts\n"
             "  )->rows;\n}\n",
             "It refuses the booking: overlaps() checks for any existing booking whose shift "
             "starts before the new one ends and ends after it starts, and the controller "
             "returns 409 when that finds a row."),
        find("where do we send the welcome email?", "welcome", [
            "lib/Sorrelwick/Controller/Signup.pm", "templates/mail/welcome.html.ep"],
             "Signup.pm sends it right after the volunteer row is created, rendering "
             "templates/mail/welcome.html.ep."),
        tweak("typo on the signup page: 'voluntere'", "templates/signup/form.html.ep",
              "<h1>Become a voluntere</h1>", "<h1>Become a volunteer</h1>",
              "Fixed the heading."),
        run("any open PRs waiting on me?", "gh pr list --search 'review-requested:@me'",
            "#212  Export volunteer hours as CSV   marta/hours-csv\n#215  Dark mode for the "
            "rota view   kofi/dark-rota",
            "Two: Marta's hours CSV export (#212) and Kofi's dark mode for the rota (#215)."),
        talk("what's Mojolicious's equivalent of flask's url_for?",
             "It's also url_for — `$c->url_for('shift_show', id => 7)` in a controller, "
             "`url_for` or `link_to` in templates, using the route's name."),
        [Step(prompt="make a todo list for release day"),
         Step(tools=[todo_write([("Merge release branch", "pending", "Merging release branch"),
                                 ("Deploy to prod", "pending", "Deploying"),
                                 ("Smoke test booking flow", "pending", "Smoke testing"),
                                 ("Post in coordinators' channel", "pending", "Posting")])]),
         Step(text="Four items: merge, deploy, smoke-test booking, tell the coordinators.")],
        run("how big is the bookings table these days?",
            "psql -d wick_dev -c \"select pg_size_pretty(pg_total_relation_size('bookings'))\"",
            " pg_size_pretty \n----------------\n 212 MB\n(1 row)",
            "About 212 MB on the dev copy, indexes included."),
        [Step(prompt="explain what `has` does at the top of the controller"),
         Step(text="Looking at the controller."),
         Step(prompt=_CUT),
         Step(prompt="never mind, it's Mojo::Base's accessor generator, got it"),
         Step(text="Yes — `has pg => sub {...}` declares a lazily built attribute.")],
        steps("kofi's dark mode PR — does it touch anything besides css?",
              [bash("gh pr diff 215 --name-only", "public/css/rota.css\ntemplates/layouts/"
                                                  "default.html.ep")],
              "Only the stylesheet and one line in the default layout that adds the "
              "prefers-color-scheme class. Low risk."),
    ]
    return Project(
        "sorrelwick", "git@github.com:foodnet-coop/sorrelwick.git",
        {"README.md": "# sorrelwick\n\nVolunteer shift scheduling for the food bank network.\n",
         "cpanfile": "requires 'Mojolicious', '>= 9.35';\nrequires 'Mojo::Pg';\n"
                     "requires 'Minion';\n"},
        _equip(facts, mates=["ines", "kofi", "marta"], detours=detours,
               runbook=("ops/RELEASE.md", "## Known issues\n\n")),
        noise, "postgres")


# ------------------------------------------------------------------- quillmere
def quillmere() -> Project:
    proto = "src/shared/Protocol.hx"
    facts = [
        Fact("conv-lix", "convention", ["haxe_libraries"],
             ["how do I add a new haxe library to the game server?",
              "what's the team's way of pinning dependency versions here?"],
             "quillmere's Haxe dependencies are pinned with lix: add one with `npx lix install "
             "haxelib:<name>#<version>`, which writes haxe_libraries/<name>.hxml that gets "
             "committed; nobody runs `haxelib install` into the global repository.",
             {"task": "we need hxWebSockets 1.4 for the reconnect fix, add it",
              "rule": "deps go through lix only — `npx lix install haxelib:name#version`, it "
                      "writes haxe_libraries/<name>.hxml and that file gets committed. never "
                      "`haxelib install`, the global repo is different on every machine",
              "contrary": bash("haxelib install hxWebSockets 1.4.0",
                               "Downloading hxWebSockets-1.4.0.zip...\nInstalling hxWebSockets "
                               "in /usr/local/lib/haxe/lib/hxWebSockets\nDone"),
              "follow": [bash("npx lix install haxelib:hxWebSockets#1.4.0",
                              "[lix] Installing hxWebSockets@1.4.0\n[lix] Writing "
                              "haxe_libraries/hxWebSockets.hxml"),
                         bash("git status --short", "?? haxe_libraries/hxWebSockets.hxml"),
                         bash("git add haxe_libraries/hxWebSockets.hxml && git commit -qm "
                              "'Pin hxWebSockets 1.4.0'", "")],
              "done": "hxWebSockets 1.4.0 is pinned in haxe_libraries/hxWebSockets.hxml and "
                      "committed, so everyone's build resolves the same version.",
              "doc": ("HACKING.md",
                      "## Dependencies\n\nWe use lix. Add or bump a library with `npx lix "
                      "install haxelib:name#version`; commit the file it writes under "
                      "`haxe_libraries/`. Do not use `haxelib install` — the global "
                      "repository differs on every machine.\n"),
              "found": "HACKING.md says libraries are added with `npx lix install "
                       "haxelib:name#version` and the generated file under haxe_libraries/ is "
                       "committed; `haxelib install` is ruled out."}),
        Fact("conv-opcodes", "convention", ["RESERVED"],
             ["I'm deleting the old emote message from the network protocol — anything to "
              "watch out for?",
              "what's the rule for numbering a new message type between client and server?"],
             "quillmere's message numbers in src/shared/Protocol.hx are never reused or "
             "renumbered: a retired message keeps its line as `// 0xNN RESERVED (name)` and a "
             "new message takes the next number after the highest, because old browser "
             "clients stay cached for days.",
             {"task": f"drop the `Emote` message from {proto}, the feature's gone",
              "rule": "opcodes are never reused or renumbered — a dead message's line stays "
                      "as `// 0x17 RESERVED (Emote)`, new messages get the next number after "
                      "the highest. cached clients stick around for days",
              "contrary": edit(proto, "  var Emote = 0x17;\n  var Resign = 0x18;\n",
                               "  var Resign = 0x17;\n"),
              "follow": [edit(proto, "  var Emote = 0x17;\n",
                              "  // 0x17 RESERVED (Emote, removed in 0.9)\n"),
                         bash("grep -rn 'Emote' src/",
                              "src/shared/Protocol.hx:41:  // 0x17 RESERVED (Emote, removed "
                              "in 0.9)\nsrc/server/handlers/EmoteHandler.hx:1:package "
                              "server.handlers;"),
                         bash("git rm -q src/server/handlers/EmoteHandler.hx", "")],
              "done": "Emote is gone, its handler deleted, and 0x17 stays marked RESERVED so "
                      "Resign keeps 0x18 and nothing shifts under old clients.",
              "doc": ("src/shared/README.md",
                      "# Protocol\n\nOpcodes are forever. When a message is removed, keep its "
                      "line as a comment: `// 0xNN RESERVED (Name)`. New messages take the "
                      "next number after the highest. Browsers keep old clients cached for "
                      "days.\n"),
              "found": "src/shared/README.md says opcodes are never reused: a removed message "
                       "stays as a `// 0xNN RESERVED (Name)` comment and new ones take the "
                       "next number."}),
        Fact("cmd-build", "command", ["npx haxe server.hxml"],
             ["the haxe on my PATH throws syntax errors on the server code — how am I meant "
              "to compile it?",
              "what's the command that produces the server bytecode?"],
             "quillmere's server is compiled with the lix-managed compiler, `npx haxe "
             "server.hxml` (Haxe 4.3.4 from .haxerc), producing bin/server.hl; a global "
             "`haxe` is 4.2.x on most machines and fails on the `?.` operator.",
             {"goal": "build the server so i can try the resign fix locally",
              "fail": bash("haxe server.hxml",
                           "src/server/Lobby.hx:57: characters 22-24 : Unexpected ?.\n"
                           "src/server/Lobby.hx:57: characters 22-24 : Expected ; or }", 1),
              "note": "That's the system Haxe (4.2.5), which predates the `?.` operator. The "
                      "repo pins 4.3.4 in .haxerc and lix provides it through npx.",
              "ok": bash("npx haxe server.hxml && ls -la bin/server.hl",
                         "-rw-r--r-- 1 dev dev 2874113 Mar 12 10:41 bin/server.hl"),
              "done": "bin/server.hl is built with Haxe 4.3.4; run it with `hl bin/server.hl`.",
              "hint": "global haxe is too old. `npx haxe server.hxml`, lix gives you the "
                      "pinned 4.3.4",
              "script": ("package.json",
                         "{\n  \"private\": true,\n  \"scripts\": {\n    \"build:server\": "
                         "\"npx haxe server.hxml\",\n    \"build:client\": \"npx haxe "
                         "client.hxml\"\n  },\n  \"devDependencies\": {\"lix\": \"^15.12.0\"}"
                         "\n}\n")}),
        Fact("cmd-tests", "command", ["--interp"],
             ["how do I run the test suite on my laptop without HashLink installed?",
              "the test build wants the hl binary and I don't have it — what else works?"],
             "quillmere's utest suite runs on Haxe's built-in eval interpreter, no HashLink "
             "needed: `npx haxe tests.hxml --interp`; tests.hxml alone only emits bin/tests.hl.",
             {"goal": "run the tests before i open the PR",
              "fail": bash("npx haxe tests.hxml && hl bin/tests.hl",
                           "bash: hl: command not found", 127),
              "note": "There's no HashLink VM on this machine, but the tests don't need one: "
                      "Haxe's eval interpreter runs them straight from the compiler.",
              "ok": bash("npx haxe tests.hxml --interp",
                         "utest.ui.text.PrintReport\nassertations: 214\nsuccesses: 214\n"
                         "errors: 0\nfailures: 0\nwarnings: 0\nexecution time: 1.37\n\n"
                         "results: ALL TESTS OK (success: true)"),
              "done": "214 assertions, all OK.",
              "hint": "you don't need hl for tests. `npx haxe tests.hxml --interp`",
              "script": ("tests/README.md",
                         "# Tests\n\nRun them on the eval interpreter (no HashLink needed):\n\n"
                         "    npx haxe tests.hxml --interp\n\nCI also runs bin/tests.hl on "
                         "HashLink.\n")}),
        Fact("env-port", "environment", ["7406"],
             ["which port does the game server take websocket connections on?",
              "firewall ticket for the new host — which inbound port does the game need?"],
             "quillmere's game server listens for WebSocket connections on port 7406 "
             "(config/server.json); Caddy terminates TLS for wss://play.quillmere.gg and "
             "proxies to it.",
             {"goal": "what port is the ws server bound to on the game host?",
              "probe": [bash("ssh tomasz@qm-game-01 'ss -ltnp | grep hl; cat "
                             "/opt/quillmere/config/server.json'",
                             "LISTEN 0 128 0.0.0.0:7406 0.0.0.0:* users:((\"hl\",pid=2231))\n"
                             "{\n  \"port\": 7406,\n  \"maxRooms\": 200,\n  \"dataDir\": "
                             "\"/var/lib/quillmere\"\n}")],
              "confirm": "The server (the `hl` process) listens on port 7406 — that's "
                         "\"port\" in config/server.json. Caddy in front handles TLS for "
                         "wss://play.quillmere.gg.",
              "while": ("how many rooms can the live server host at once?",
                        "200 — maxRooms in config/server.json.")}),
        Fact("env-db", "environment", ["matches.db"],
             ["where does the server keep finished match records?",
              "I want to back up the match history on the game host — which file is it?"],
             "quillmere stores finished matches in a SQLite file, "
             "/var/lib/quillmere/matches.db on qm-game-01 (WAL mode; back it up with sqlite3 "
             ".backup, not cp).",
             {"goal": "where do match results end up once a game finishes?",
              "probe": [bash("grep -rn 'sqlite' src/server/ | head -3",
                             "src/server/Store.hx:12:  final db = "
                             "sys.db.Sqlite.open(Path.join([cfg.dataDir, \"matches.db\"]));"),
                        bash("ssh tomasz@qm-game-01 'ls -la /var/lib/quillmere/'",
                             "-rw-r--r-- 1 qm qm 88219648 Mar 12 09:02 matches.db\n-rw-r--r-- "
                             "1 qm qm   4194304 Mar 12 09:02 matches.db-wal")],
              "confirm": "They go to SQLite: /var/lib/quillmere/matches.db on qm-game-01 "
                         "(Store.hx opens it from dataDir). It's in WAL mode, so back it up "
                         "with `sqlite3 matches.db .backup` rather than copying the file.",
              "while": ("what's using disk on the game host?",
                        "Mostly the match database, about 88 MB plus its WAL.")}),
        Fact("gotcha-int", "gotcha", ["Int64"],
             ["turn timers come out negative on the server but look fine in the browser — "
              "seen that before?",
              "what type should hold millisecond timestamps in server-side code?"],
             "On HashLink quillmere's Int is 32-bit, so millisecond epoch timestamps "
             "overflowed and turn deadlines went negative (the JS client has 53-bit numbers "
             "and was fine); server timestamps are haxe.Int64 (or Float), never Int.",
             {"symptom": "players in the eu room say the turn timer shows -2147483 seconds. "
                         "only on the server side, client math is fine. log:",
              "trace": "[Room 41] turn deadline=-1894211560 now=-1894241112 remaining=29552\n"
                       "[Room 41] turn deadline=-1894181560 now=1759132770 "
                       "remaining=-3653314330",
              "probe": [bash("grep -n 'deadline' src/server/Room.hx",
                             "22:  var deadline:Int;\n88:    deadline = Std.int(Date.now()"
                             ".getTime()) + turnMs;")],
              "explain": "On HashLink Int is a 32-bit integer, and a millisecond epoch "
                         "timestamp is ~1.7e12, so Std.int() wraps and the deadline goes "
                         "negative. The browser client runs on JS, where numbers are doubles, "
                         "so it never shows. Server-side timestamps have to be haxe.Int64 "
                         "(or Float), never Int.",
              "told": "oh. Int is 32 bit on hashlink isn't it, and we store millis",
              "fix": [edit("src/server/Room.hx", "  var deadline:Int;\n",
                           "  var deadline:haxe.Int64;\n"),
                      edit("src/server/Room.hx",
                           "    deadline = Std.int(Date.now().getTime()) + turnMs;\n",
                           "    deadline = haxe.Int64.fromFloat(Date.now().getTime()) + "
                           "turnMs;\n")],
              "done": "Room.hx keeps the deadline as haxe.Int64 now; the eval test for a "
                      "30-second turn passes.",
              "title": "Negative turn timers on the server"}),
        Fact("gotcha-dce", "gotcha", ["-dce full"],
             ["a message handler class comes out null at runtime on the server even though "
              "everything compiles — why?",
              "classes we only look up by name disappear from the server build, what causes "
              "that?"],
             "quillmere's server.hxml uses `-dce full`, so handler classes that are only "
             "reached through Type.resolveClass are stripped from the build and resolve to "
             "null; handlers are marked @:keep (or listed in Handlers.hx) to survive.",
             {"symptom": "Resign does nothing on the dev server. the client sends it, server "
                         "says:",
              "trace": "[Dispatch] no handler for opcode 0x18 "
                       "(server.handlers.ResignHandler)\nType.resolveClass returned null",
              "probe": [bash("cat server.hxml",
                             "-cp src\n-main server.Main\n-dce full\n-D analyzer-optimize\n"
                             "-hl bin/server.hl"),
                        bash("grep -n 'resolveClass' src/server/Dispatch.hx",
                             "31:    var cls = Type.resolveClass('server.handlers.' + name);")],
              "explain": "server.hxml builds with -dce full, which throws away every class the "
                         "compiler can't see being used. ResignHandler is only ever reached "
                         "by name through Type.resolveClass, so dead code elimination drops "
                         "it and the lookup returns null. Handler classes need @:keep.",
              "told": "it's dead code elim again, isn't it. the handlers are only referenced "
                      "by string",
              "fix": [edit("src/server/handlers/ResignHandler.hx",
                           "class ResignHandler implements Handler {",
                           "@:keep\nclass ResignHandler implements Handler {")],
              "done": "ResignHandler carries @:keep now; after a rebuild Resign dispatches "
                      "normally.",
              "title": "Handler classes missing from the server build"}),
        Fact("fals-hlc", "falsified", ["HL/C"],
             ["could we compile the server to native code for more speed?",
              "why does the server run as bytecode on the VM instead of a native binary?"],
             "Compiling quillmere's server through HL/C (Haxe to C, then gcc) for speed was "
             "tried and reverted: the CI runner couldn't link it (missing libuv/mbedtls "
             "headers for the hl native libs) and the gain was ~8%; the server stays on "
             "HashLink bytecode with the JIT.",
             {"ask": "server cpu is at 70% in the evening peak. compile it to C with hashlink "
                     "instead of the jit, should be faster",
              "change": [edit("server.hxml", "-hl bin/server.hl\n", "-hl out/c/main.c\n"),
                         edit(".github/workflows/server.yml",
                              "      - run: npm run build:server\n",
                              "      - run: npm run build:server\n      - run: gcc -O2 -o "
                              "bin/server -I out/c out/c/main.c -lhl -luv -lmbedtls\n")],
              "broke": bash("gh run watch --exit-status",
                            "X build-server\n  out/c/hl/natives.h:4:10: fatal error: uv.h: No "
                            "such file or directory\n  compilation terminated.\n"
                            "  Process completed with exit code 1.", 1),
              "revert": bash("git checkout -- server.hxml .github/workflows/server.yml", ""),
              "conclusion": "Reverted to the JIT. The HL/C build needs the C headers of every "
                            "native library hl links (libuv, mbedtls, sqlite) on the build "
                            "box, and a local benchmark only showed ~8% less CPU — not worth a "
                            "new toolchain in release week.",
              "want": "should we compile the server to C for prod instead of running "
                      "bytecode?",
              "offer": "HashLink can do that — output C with `-hl out/c/main.c` and build it "
                       "with gcc. Want me to switch the build?",
              "story": "tomasz tried HL/C in february. CI couldn't link it without libuv and "
                       "mbedtls headers, and once he got it building locally it was ~8% "
                       "faster. not worth it, we stayed on the jit"}),
        Fact("fals-tick", "falsified", ["60 Hz"],
             ["can the server push state updates more often so piece movement looks "
              "smoother?",
              "why does the server only send snapshots twenty times a second?"],
             "Raising quillmere's snapshot rate from 20 to 60 Hz was tried and reverted: "
             "bandwidth per match tripled and mobile players on 3G started timing out; it "
             "stays at 20 and the client interpolates instead.",
             {"ask": "animation looks choppy. bump the server tick to 60",
              "change": [edit("src/server/Config.hx", "  public static inline var TICK_HZ = "
                                                      "20;\n",
                              "  public static inline var TICK_HZ = 60;\n")],
              "broke": bash("npm run bench:bandwidth",
                            "BandwidthTest.fourPlayerMatch: FAILURE\n  expected <= 48 kB/s per "
                            "client, got 139 kB/s\n  3G profile: 7 of 20 simulated clients "
                            "timed out", 1),
              "revert": bash("git checkout -- src/server/Config.hx", ""),
              "conclusion": "Reverted to 20. At 60 Hz a four-player match sends ~139 kB/s per "
                            "client, nearly three times the budget, and simulated 3G clients "
                            "time out. Smoothness has to come from client-side "
                            "interpolation.",
              "want": "pieces glide kind of jerkily. can the server just send updates "
                      "faster?",
              "offer": "I can raise TICK_HZ in Config.hx — 60 would make it match the "
                       "display refresh. Do it?",
              "story": "we ran at 60 Hz for the november playtest: bandwidth tripled and "
                       "people on phones kept dropping. went back to 20 and bea added "
                       "interpolation on the client"}),
    ]
    detours = [
        ("what's the difference between `final` and `var` in haxe?",
         "`final` can't be reassigned after initialisation; `var` can. Neither makes the "
         "object itself immutable."),
        ("can you write a one-paragraph itch.io devlog teaser for the 0.9 update?",
         "\"0.9 is out tomorrow: resigning a lost position, reconnecting after a dropped "
         "connection, and a faster lobby. Thanks to everyone who played the weekend tests!\""),
        ("what's the keyboard shortcut in vscode to go to a symbol?",
         "Ctrl+Shift+O (Cmd+Shift+O on macOS) for the current file, Ctrl+T for the "
         "workspace."),
    ]
    noise: list[Episode] = [
        look("how does the lobby pick a room for a new player?", "src/server/Lobby.hx",
             "public function place(p:Player):Room {\n  for (r in rooms)\n    if (r.open && "
             "r.rating.near(p.rating)) return r.add(p);\n  return newRoom().add(p);\n}\n",
             "First open room whose rating band is near the player's; otherwise it opens a "
             "new room."),
        find("where's the reconnect logic?", "reconnect", [
            "src/client/Net.hx", "src/server/Session.hx"],
             "Client side in Net.hx (backoff and resume token), server side in Session.hx "
             "which keeps a seat for 60 seconds."),
        tweak("board tooltip says 'Catle' lol", "src/client/ui/Tooltips.hx",
              "\"Catle: move the king two squares\"", "\"Castle: move the king two squares\"",
              "Fixed the tooltip."),
        run("anything failing on main?", "gh run list --branch main -L 3",
            "✓  Pin hxWebSockets         server  main  push  3m2s\n✓  Lobby rating bands    "
            "server  main  push  2m58s\n✓  Update tooltips        client  main  push  1m40s",
            "All green."),
        talk("what's a good way to explain 'elo' to playtesters in one line?",
             "\"Your rating goes up when you beat someone and down when you lose — more if "
             "they were rated higher than you.\""),
        [Step(prompt="plan the 0.9 release tasks"),
         Step(tools=[todo_write([("Freeze main", "pending", "Freezing main"),
                                 ("Build and upload client to itch", "pending", "Uploading"),
                                 ("Deploy server", "pending", "Deploying server"),
                                 ("Post devlog", "pending", "Posting devlog")])]),
         Step(text="Four steps: freeze, ship the client, deploy the server, post the devlog.")],
        steps("how many players were online at peak yesterday?",
              [bash("ssh tomasz@qm-game-01 'grep -c \"joined\" /var/log/quillmere/"
                    "2025-03-11.log'", "1843")],
              "1,843 joins logged yesterday; that's joins, not concurrent players."),
        [Step(prompt="explain how the elo update is computed in Rating.hx"),
         Step(text="Opening Rating.hx."),
         Step(prompt=_CUT),
         Step(prompt="nvm aiko explained it, standard K=32"),
         Step(text="OK — standard Elo with K=32, then.")],
        steps("summarise what changed since 0.8 for the devlog",
              [agent("Changes since 0.8", "List merged PRs since tag v0.8.0, one line each.",
                     "Since v0.8.0: resign message; reconnect with resume token; lobby "
                     "rating bands; tooltip fixes; hxWebSockets bump.", "a41c9e0b7d21",
                     "Explore", 4)],
              "Resign, reconnect with a resume token, rating-band matchmaking, tooltip fixes "
              "and a websocket library bump."),
    ]
    return Project(
        "quillmere", "git@github.com:quillmere-games/quillmere.git",
        {"README.md": "# quillmere\n\nServer and client of the quillmere board game.\n",
         ".haxerc": "{\"version\": \"4.3.4\", \"resolveLibs\": \"scoped\"}\n"},
        _equip(facts, mates=["tomasz", "aiko", "bea"], detours=detours,
               runbook=("docs/release-runbook.md", "## Known issues\n\n")),
        noise, "github")


# ------------------------------------------------------------------- fennelgate
def fennelgate() -> Project:
    pkg = "src/main/java/net/fennelgate/ingest"
    facts = [
        Fact("conv-serde", "convention", ["@Serdeable"],
             ["new response type for the batch endpoint — how should it be declared?",
              "the Jackson annotations do nothing on my record, what do we use instead?"],
             "fennelgate's request and response types are Java records annotated @Serdeable "
             "(micronaut-serde, compile-time); no Jackson annotations or jackson-databind, "
             "and no mutable POJOs.",
             {"task": "add a response type for GET /batches/{id} with id, status and "
                      "invoiceCount",
              "rule": "DTOs are records with @Serdeable, we're on micronaut-serde. no "
                      "@JsonProperty / jackson-databind stuff, no POJOs with setters",
              "contrary": edit(f"{pkg}/api/BatchView.java", "",
                               "@JsonIgnoreProperties(ignoreUnknown = true)\npublic class "
                               "BatchView {\n    private String id;\n    public void setId("
                               "String id) { this.id = id; }\n}\n"),
              "follow": [edit(f"{pkg}/api/BatchView.java", "",
                              "@Serdeable\npublic record BatchView(String id, BatchStatus "
                              "status, int invoiceCount) {}\n"),
                         bash("./gradlew compileJava -q", "")],
              "done": "BatchView is a @Serdeable record (id, status, invoiceCount) and it "
                      "compiles; serde generates the (de)serializer at build time.",
              "doc": ("docs/conventions.md",
                      "## API types\n\nRequest/response types are Java records annotated "
                      "`@Serdeable` (micronaut-serde-jackson does the JSON at compile time). "
                      "Don't add Jackson databind annotations or mutable beans.\n"),
              "found": "docs/conventions.md says API types are records annotated @Serdeable, "
                       "handled by micronaut-serde at compile time, with no Jackson databind "
                       "annotations."}),
        Fact("conv-config", "convention", ["@ConfigurationProperties"],
             ["I need a tunable retry limit for the PDF parser — how do settings get wired "
              "in this codebase?",
              "is it okay to read a setting from application.yml with @Value here?"],
             "fennelgate reads configuration only through a @ConfigurationProperties record "
             "per area (prefix fennelgate.<area>) injected where needed; @Value and "
             "Environment lookups are not used.",
             {"task": "make the max pages per invoice configurable, currently hardcoded 40 in "
                      "PdfSplitter",
              "rule": "config always goes in a @ConfigurationProperties record under the "
                      "fennelgate.* prefix, injected. no @Value, no env lookups sprinkled "
                      "around",
              "contrary": edit(f"{pkg}/pdf/PdfSplitter.java",
                               "    private static final int MAX_PAGES = 40;\n",
                               "    @Value(\"${pdf.max-pages:40}\")\n    int maxPages;\n"),
              "follow": [edit(f"{pkg}/pdf/PdfProperties.java", "",
                              "@ConfigurationProperties(\"fennelgate.pdf\")\npublic record "
                              "PdfProperties(@Bindable(defaultValue = \"40\") int maxPages) "
                              "{}\n"),
                         edit(f"{pkg}/pdf/PdfSplitter.java",
                              "    private static final int MAX_PAGES = 40;\n",
                              "    private final PdfProperties props;\n\n    PdfSplitter("
                              "PdfProperties props) { this.props = props; }\n"),
                         edit("src/main/resources/application.yml", "fennelgate:\n",
                              "fennelgate:\n  pdf:\n    max-pages: 40\n")],
              "done": "fennelgate.pdf.max-pages (default 40) is bound to a PdfProperties "
                      "record that PdfSplitter gets injected.",
              "doc": ("docs/conventions.md",
                      "## Configuration\n\nEvery setting lives under `fennelgate.<area>` and "
                      "is bound to a `@ConfigurationProperties` record that is injected. "
                      "Don't use `@Value` or read the Environment directly.\n"),
              "found": "docs/conventions.md says each area's settings go under "
                       "fennelgate.<area>, bound to an injected @ConfigurationProperties "
                       "record."}),
        Fact("cmd-run", "command", ["MICRONAUT_ENVIRONMENTS=dev"],
             ["how do I start the API on my machine against the compose database?",
              "./gradlew run dies on startup trying to reach the production database — "
              "what am I missing?"],
             "fennelgate runs locally with `docker compose up -d db && "
             "MICRONAUT_ENVIRONMENTS=dev ./gradlew run`; without the dev environment it loads "
             "only application.yml, whose datasource points at the prod host via "
             "JDBC_URL, and startup fails.",
             {"goal": "start the service locally so i can poke at the batch endpoint",
              "fail": bash("./gradlew run",
                           "> Task :run\n10:02:11.402 [main] ERROR i.m.runtime.Micronaut - "
                           "Error starting Micronaut server: Bean definition "
                           "[javax.sql.DataSource] could not be loaded: Failed to initialize "
                           "pool: The connection attempt failed.\nCaused by: "
                           "java.net.UnknownHostException: pg-prod.fg-db", 1),
              "note": "Without an environment it only loads application.yml, whose datasource "
                      "points at the production database. application-dev.yml points at the "
                      "compose Postgres; it's picked up when the dev environment is active.",
              "ok": bash("docker compose up -d db && MICRONAUT_ENVIRONMENTS=dev ./gradlew run",
                         " ✔ Container fennelgate-db-1  Started\n> Task :run\n10:03:40.118 "
                         "[main] INFO  i.m.context.env.DefaultEnvironment - Established active "
                         "environments: [dev]\n10:03:41.902 [main] INFO  "
                         "io.micronaut.runtime.Micronaut - Startup completed in 1784ms. "
                         "Server Running: http://localhost:8080"),
              "done": "It's up on http://localhost:8080 with the dev environment and the "
                      "compose database.",
              "hint": "you need the dev env or it goes for prod config. `docker compose up -d "
                      "db && MICRONAUT_ENVIRONMENTS=dev ./gradlew run`",
              "script": ("README.md",
                         "# fennelgate\n\n## Running locally\n\n    docker compose up -d db\n"
                         "    MICRONAUT_ENVIRONMENTS=dev ./gradlew run\n\n"
                         "application-dev.yml points the datasource at the compose "
                         "database.\n")}),
        Fact("cmd-it", "command", ["integrationTest"],
             ["how do I run only the tests that need a real Postgres?",
              "`--tests '*IT'` matches nothing — where did the database tests go?"],
             "fennelgate's database-backed tests live in the src/integrationTest source set "
             "and run with `./gradlew integrationTest` (Testcontainers, Docker required); "
             "`./gradlew test` runs unit tests only.",
             {"goal": "run the repository tests for the batch table, i changed the query",
              "fail": bash("./gradlew test --tests '*BatchRepositoryIT'",
                           "> Task :test FAILED\n\nFAILURE: Build failed with an exception.\n\n"
                           "* What went wrong:\nExecution failed for task ':test'.\n> No "
                           "tests found for given includes: [*BatchRepositoryIT]"
                           "(--tests filter)", 1),
              "note": "The repository tests aren't in the test source set — they're in "
                      "src/integrationTest, which has its own Gradle task.",
              "ok": bash("./gradlew integrationTest --tests '*BatchRepositoryIT'",
                         "> Task :integrationTest\nBatchRepositoryIT > findsOpenBatches() "
                         "PASSED\nBatchRepositoryIT > countsInvoices() PASSED\n"
                         "BatchRepositoryIT > marksFailed() PASSED\n\nBUILD SUCCESSFUL in "
                         "41s"),
              "done": "All three BatchRepositoryIT tests pass against a throwaway Postgres "
                      "container.",
              "hint": "those are in the separate source set. `./gradlew integrationTest`, "
                      "needs docker running",
              "script": ("build.gradle.kts",
                         "testing {\n    suites {\n        register<JvmTestSuite>(\""
                         "integrationTest\") {\n            dependencies {\n"
                         "                implementation(project())\n"
                         "                implementation(\"org.testcontainers:postgresql\")\n"
                         "            }\n        }\n    }\n}\n")}),
        Fact("env-image", "environment", ["21-jre-alpine"],
             ["what base image does the production container use?",
              "which Java runtime are we shipping in the image?"],
             "fennelgate's production image is built FROM eclipse-temurin:21-jre-alpine "
             "(Dockerfile.prod), running the shadow jar with -XX:MaxRAMPercentage=75.",
             {"goal": "what's the prod container based on? jonas asked about the CVE scan",
              "probe": [read("Dockerfile.prod",
                             "FROM eclipse-temurin:21-jre-alpine\nWORKDIR /app\nCOPY "
                             "build/libs/fennelgate-all.jar app.jar\nENTRYPOINT [\"java\", "
                             "\"-XX:MaxRAMPercentage=75\", \"-jar\", \"app.jar\"]\n")],
              "confirm": "Production is FROM eclipse-temurin:21-jre-alpine — a Temurin 21 JRE "
                         "on Alpine — running the shadow jar with MaxRAMPercentage=75. That's "
                         "the image the CVE scan should target.",
              "while": ("how much heap does the container give the JVM?",
                        "75% of the container's memory limit (MaxRAMPercentage=75).")}),
        Fact("env-host", "environment", ["fg-internal.net"],
             ["what's the internal hostname of the invoice API?",
              "the client's IT wants to know which DNS name to allowlist for our service"],
             "fennelgate is served at https://invoices.fg-internal.net through the Traefik "
             "instance on the firm's VM (router 'invoices', TLS from the internal CA).",
             {"goal": "what url does the accounting team's tool call us on?",
              "probe": [bash("grep -n 'traefik.http' deploy/compose.prod.yml",
                             "14:      - traefik.http.routers.invoices.rule=Host(`invoices."
                             "fg-internal.net`)\n15:      - traefik.http.routers.invoices.tls="
                             "true"),
                        bash("curl -s https://invoices.fg-internal.net/health",
                             "{\"status\":\"UP\"}")],
              "confirm": "They call https://invoices.fg-internal.net — Traefik routes that "
                         "host to the service (router 'invoices', TLS on), and /health "
                         "answers UP.",
              "while": ("is prod healthy right now?", "Yes, /health says UP.")}),
        Fact("gotcha-processor", "gotcha", ["annotationProcessor"],
             ["my new @Singleton is never injected, 'No bean of type' — what's going on?",
              "I added a gradle submodule and none of its beans exist at runtime, why?"],
             "Micronaut wires beans at compile time, so a fennelgate Gradle module without "
             "`annotationProcessor(\"io.micronaut:micronaut-inject-java\")` produces no bean "
             "definitions and injection fails with NoSuchBeanException; every new module "
             "needs the processor.",
             {"symptom": "rahel's new ocr module compiles but the app won't start:",
              "trace": "io.micronaut.context.exceptions.NoSuchBeanException: No bean of type "
                       "[net.fennelgate.ocr.OcrClient] exists. Make sure the bean is not "
                       "disabled by bean requirements and that the class is annotated as a "
                       "bean.",
              "probe": [bash("cat ocr/build.gradle.kts",
                             "plugins { id(\"java-library\") }\ndependencies {\n    "
                             "implementation(\"io.micronaut:micronaut-inject\")\n}"),
                        bash("unzip -l ocr/build/libs/ocr.jar | grep -c '\\$Definition'", "0")]
              ,
              "explain": "Micronaut builds its bean definitions at compile time with an "
                         "annotation processor; the ocr module only has the runtime "
                         "dependency, not annotationProcessor(\"io.micronaut:micronaut-inject-"
                         "java\"), so its jar contains zero $Definition classes and the "
                         "context never learns OcrClient exists.",
              "told": "ugh is it the annotation processor thing? new module, no "
                      "micronaut-inject-java",
              "fix": [edit("ocr/build.gradle.kts",
                           "    implementation(\"io.micronaut:micronaut-inject\")\n",
                           "    implementation(\"io.micronaut:micronaut-inject\")\n    "
                           "annotationProcessor(\"io.micronaut:micronaut-inject-java\")\n")],
              "done": "With the processor added the ocr jar has its bean definitions and the "
                      "app starts.",
              "title": "No bean of type ... in a new module"}),
        Fact("gotcha-size", "gotcha", ["max-request-size"],
             ["uploading a 14 MB scanned invoice gets a 413 — where is that limit?",
              "what caps the size of an upload the server will take?"],
             "Micronaut's server rejects bodies over 10 MB by default, so fennelgate returned "
             "413 for big scanned PDFs; micronaut.server.max-request-size is 50MB in "
             "application.yml (and multipart.max-file-size to match).",
             {"symptom": "sunniva's scanned invoices fail to upload, small ones are fine:",
              "trace": "HTTP/1.1 413 Request Entity Too Large\n{\"message\":\"Request Entity "
                       "Too Large\",\"_embedded\":{\"errors\":[{\"message\":\"The content "
                       "length [14680311] exceeds the maximum allowed content length "
                       "[10485760]\"}]}}",
              "probe": [bash("grep -n -A3 '^micronaut:' src/main/resources/application.yml",
                             "1:micronaut:\n2-  application:\n3-    name: fennelgate\n4-  "
                             "server:\n5-    port: 8080")],
              "explain": "10485760 bytes is Micronaut's default 10 MB body limit, and we never "
                         "raised it. micronaut.server.max-request-size (plus "
                         "multipart.max-file-size for the upload part) has to be set higher — "
                         "50MB covers the biggest scans.",
              "told": "10485760 — that's the default body limit in micronaut right? we never "
                      "set it",
              "fix": [edit("src/main/resources/application.yml", "  server:\n    port: 8080\n",
                           "  server:\n    port: 8080\n    max-request-size: 50MB\n    "
                           "multipart:\n      max-file-size: 50MB\n")],
              "done": "Both limits are 50MB now; the 14 MB scan uploads.",
              "title": "413 on large scanned invoices"}),
        Fact("fals-vthreads", "falsified", ["virtual threads"],
             ["could the blocking endpoints move to Loom to take more concurrent uploads?",
              "why is the blocking executor still a plain thread pool on Java 21?"],
             "Running fennelgate's blocking endpoints on virtual threads was tried and "
             "reverted: PDFBox and the JDBC driver pin carrier threads in synchronized "
             "blocks, and under load requests stalled until timeouts; the IO executor stays "
             "a fixed pool of 64.",
             {"ask": "we're on 21, switch the blocking executor to virtual threads",
              "change": [edit("src/main/resources/application.yml",
                              "    io:\n      type: fixed\n      n-threads: 64\n",
                              "    io:\n      type: fixed\n      virtual: true\n")],
              "broke": bash("k6 run load/upload.js",
                            "http_req_failed................: 31.20%\nhttp_req_duration"
                            "..............: p(95)=30s\nWARN  jdk.tracePinnedThreads: "
                            "org.apache.pdfbox.io.RandomAccessReadBuffer.read <== monitors:1",
                            1),
              "revert": bash("git checkout -- src/main/resources/application.yml", ""),
              "conclusion": "Reverted. With virtual threads PDFBox's synchronized reads pin "
                            "the carrier threads, so under the upload load test requests "
                            "stall until the 30s timeout and 31% fail. The fixed pool of 64 "
                            "stays.",
              "want": "java 21 — can we put the blocking stuff on loom threads?",
              "offer": "One config change: make the io executor use virtual threads. Try it?",
              "story": "jonas switched us to virtual threads in february; PDFBox and the "
                       "postgres driver pin carrier threads in synchronized blocks and under "
                       "load uploads just hung till timeout. back to the fixed pool of 64"}),
        Fact("fals-native", "falsified", ["GraalVM"],
             ["can we ship a native binary to cut startup time?",
              "why is prod on the JVM image rather than a native executable?"],
             "Shipping fennelgate as a GraalVM native image was tried and reverted: PDFBox "
             "loads fonts and AFM metrics reflectively and failed at runtime on real "
             "invoices despite reflection config; prod stays on the JVM image.",
             {"ask": "startup is 6s, try the native image build for prod",
              "change": [edit("Dockerfile.prod", "FROM eclipse-temurin",
                              "FROM ghcr.io/graalvm/native-image-community:21 AS build\n"
                              "RUN ./gradlew nativeCompile\nFROM eclipse-temurin")],
              "broke": bash("docker run --rm fg-native:test parse samples/acme-0391.pdf",
                            "Exception in thread \"main\" java.lang.ExceptionInInitializerError"
                            "\nCaused by: java.io.IOException: resource "
                            "'/org/apache/pdfbox/resources/afm/Helvetica.afm' not found", 1),
              "revert": bash("git checkout -- Dockerfile.prod", ""),
              "conclusion": "Reverted to the JVM image. The GraalVM native binary starts in "
                            "0.1s but PDFBox loads its font metrics reflectively from "
                            "resources, and real invoices blow up at parse time. Six seconds "
                            "of startup isn't worth that.",
              "want": "startup time is annoying, can we go native?",
              "offer": "Micronaut supports native images well — I can add a native build to "
                       "the Dockerfile. Want me to?",
              "story": "we shipped a GraalVM native build for a week in january; PDFBox loads "
                       "fonts reflectively and half the real invoices crashed at parse time "
                       "even with the reflection config. went back to the JVM jar"}),
    ]
    detours = [
        ("record vs class in java for a value object — any downside to record?",
         "Records are final and shallowly immutable with fixed accessors; if you need "
         "inheritance or lazy fields, use a class. Otherwise records are the better default."),
        ("how do I phrase 'the API will be down 10 minutes tonight' for the accountants?",
         "\"Tonight between 20:00 and 20:10 invoice uploads will be paused for an update. "
         "Anything sent in that window will go through automatically afterwards.\""),
        ("what's the gradle flag to see why a dependency version was picked?",
         "`./gradlew dependencyInsight --dependency <name> --configuration runtimeClasspath`."),
    ]
    noise: list[Episode] = [
        look("what does the batch status enum have?", f"{pkg}/api/BatchStatus.java",
             "public enum BatchStatus { RECEIVED, PARSING, NEEDS_REVIEW, EXPORTED, FAILED }\n",
             "Five states: RECEIVED, PARSING, NEEDS_REVIEW, EXPORTED and FAILED."),
        find("where do we compute the VAT totals?", "vatTotal", [
            f"{pkg}/parse/TotalsExtractor.java", f"{pkg}/export/DatevExport.java"],
             "TotalsExtractor computes them from the parsed lines; DatevExport only formats "
             "them."),
        tweak("log message says 'recieved'", f"{pkg}/api/BatchController.java",
              "LOG.info(\"batch {} recieved\", id);", "LOG.info(\"batch {} received\", id);",
              "Fixed the spelling."),
        run("what's in the release branch that's not on main?",
            "git log --oneline main..release/1.4",
            "c1e04a2 Retry OCR on timeouts\n9ab2f11 Batch view endpoint",
            "Two commits: OCR retries on timeouts and the batch view endpoint."),
        talk("what's the difference between @Singleton and @Prototype in micronaut?",
             "@Singleton gives one shared instance per context; @Prototype creates a new "
             "instance for every injection point."),
        [Step(prompt="release checklist for 1.4 pls"),
         Step(tools=[todo_write([("Tag 1.4.0", "pending", "Tagging"),
                                 ("Build and push image", "pending", "Building image"),
                                 ("Deploy on the firm's VM", "pending", "Deploying"),
                                 ("Tell the accountants", "pending", "Notifying")])]),
         Step(text="Tag, build and push the image, deploy, then tell the accounting team.")],
        steps("how many invoices failed parsing this week?",
              [bash("psql -d fg_dev -c \"select count(*) from invoices where status='FAILED' "
                    "and received_at > now() - interval '7 days'\"",
                    " count \n-------\n    23\n(1 row)")],
              "23 failures in the last 7 days on the dev copy."),
        [Step(prompt="explain the retry annotation on OcrClient"),
         Step(text="Opening OcrClient."),
         Step(prompt=_CUT),
         Step(prompt="nvm, @Retryable with 3 attempts, I see it"),
         Step(text="Yes — three attempts with the default delay.")],
        steps("is the dependency update PR safe?",
              [bash("gh pr view 88 --json title,statusCheckRollup -q '.title'",
                    "Bump micronaut-platform to 4.6.3")],
              "A patch bump of the Micronaut platform with green checks — safe."),
    ]
    return Project(
        "fennelgate", "git@github.com:fg-dev/fennelgate.git",
        {"README.md": "# fennelgate\n\nInvoice ingestion API.\n",
         "settings.gradle.kts": "rootProject.name = \"fennelgate\"\ninclude(\"ocr\")\n"},
        _equip(facts, mates=["rahel", "jonas", "sunniva"], detours=detours,
               runbook=("docs/RELEASING.md", "## Known issues\n\n")),
        noise, "aws")


# ------------------------------------------------------------------- larchbury
def larchbury() -> Project:
    artwork = "src/api/artwork/content-types/artwork/schema.json"
    facts = [
        Fact("conv-schema", "convention", ["npm run develop"],
             ["I want a 'provenance' field on artworks — can I just add it in the admin on "
              "prod?",
              "where do content type definitions get changed so they end up in git?"],
             "larchbury's content types are changed only locally (Content-Type Builder in "
             "`npm run develop`, or by editing src/api/*/content-types/*/schema.json) and "
             "committed; the builder is unavailable on staging and prod, which run `strapi "
             "start`, and nobody edits models there.",
             {"task": "add a `provenance` rich text field to the artwork type",
              "rule": "content types only change locally — builder in `npm run develop` or "
                      "straight in the schema.json under src/api — and get committed. prod and "
                      "staging run `strapi start`, nobody touches models there",
              "contrary": bash("curl -s -X POST https://cms-staging.larchbury-museum.org/"
                               "content-type-builder/content-types -H 'Authorization: Bearer "
                               "$ADMIN_JWT' -d @provenance.json",
                               "{\"error\":{\"status\":403,\"name\":\"ForbiddenError\"}}"),
              "follow": [edit(artwork, "    \"title\": {\n",
                              "    \"provenance\": {\n      \"type\": \"richtext\"\n    },\n"
                              "    \"title\": {\n"),
                         bash("npm run develop -- --no-watch-admin & sleep 20; curl -s "
                              "localhost:1337/_health -o /dev/null -w '%{http_code}'", "204"),
                         bash(f"git add {artwork} && git commit -qm 'artwork: provenance "
                              "field'", "")],
              "done": "provenance is in the artwork schema.json, the local server restarted "
                      "cleanly with it, and it's committed — it reaches staging with the next "
                      "deploy.",
              "doc": ("CONTRIBUTING.md",
                      "## Content types\n\nModel changes happen locally only: use the "
                      "Content-Type Builder in `npm run develop`, or edit "
                      "`src/api/<name>/content-types/<name>/schema.json`, and commit. Staging "
                      "and prod run `strapi start`, where the builder is disabled.\n"),
              "found": "CONTRIBUTING.md says model changes happen locally — builder in "
                       "develop mode or the schema.json under src/api — and get committed; "
                       "staging and prod have the builder disabled."}),
        Fact("conv-i18n", "convention", ["localized: true"],
             ["new content type for temporary exhibitions — anything special so it works in "
              "both languages?",
              "what setting makes a content type translatable in this project?"],
             "Every larchbury content type and its text fields is translatable: "
             "pluginOptions.i18n has localized: true, French (fr) is the default locale and "
             "English (en) the second; the site shows nothing for a type without it.",
             {"task": "create a `loan` content type: lender, start_date, end_date, note",
              "rule": "every content type gets i18n on — pluginOptions i18n localized: true, "
                      "on the type and on its text fields. fr is default, en second",
              "contrary": bash("npx strapi generate content-type --plop loan --attributes "
                               "'lender:string,start_date:date,end_date:date,note:text' "
                               "--no-i18n",
                               "✔ ++ /src/api/loan/content-types/loan/schema.json"),
              "follow": [edit("src/api/loan/content-types/loan/schema.json",
                              "  \"options\": {\n    \"draftAndPublish\": true\n  },\n",
                              "  \"options\": {\n    \"draftAndPublish\": true\n  },\n  "
                              "\"pluginOptions\": {\n    \"i18n\": {\n      localized: true\n"
                              "    }\n  },\n"),
                         edit("src/api/loan/content-types/loan/schema.json",
                              "    \"note\": {\n      \"type\": \"text\"\n",
                              "    \"note\": {\n      \"type\": \"text\",\n      "
                              "\"pluginOptions\": {\"i18n\": {localized: true}}\n")],
              "done": "loan is created with i18n on (localized: true) for the type and the "
                      "note field, so editors get fr and en versions.",
              "doc": ("docs/editorial-model.md",
                      "# Content model\n\nThe site is bilingual. French (`fr`) is the default "
                      "locale, English (`en`) the second. Every content type sets "
                      "`pluginOptions.i18n` with `localized: true`, and so does every text "
                      "field.\n"),
              "found": "docs/editorial-model.md says the site is bilingual and every type and "
                       "text field sets i18n with localized: true (fr default, en second)."}),
        Fact("cmd-build", "command", ["max-old-space-size=4096"],
             ["the admin panel build gets killed on the VM — how do we build it there?",
              "npm run build runs out of memory, what's the usual way to run it?"],
             "larchbury's admin build needs more Node heap than the default on the 4 GB VM: "
             "`NODE_OPTIONS=--max-old-space-size=4096 npm run build`; plain `npm run build` "
             "dies with 'JavaScript heap out of memory'.",
             {"goal": "build the admin for the release on the vm",
              "fail": bash("npm run build",
                           "> larchbury@2.3.0 build\n> strapi build\n\n- Building admin "
                           "panel\n<--- Last few GCs --->\nFATAL ERROR: Reached heap limit "
                           "Allocation failed - JavaScript heap out of memory", 134),
              "note": "The admin bundle is bigger than Node's default heap on this box; "
                      "giving Node a 4 GB old-space limit lets the build finish.",
              "ok": bash("NODE_OPTIONS=--max-old-space-size=4096 npm run build",
                         "> larchbury@2.3.0 build\n> strapi build\n\n✔ Compiling TS (1.9s)\n"
                         "✔ Building admin panel (94.2s)"),
              "done": "Admin panel built in about 95 seconds.",
              "hint": "it always OOMs on the vm. `NODE_OPTIONS=--max-old-space-size=4096 npm "
                      "run build`",
              "script": ("deploy/release.sh",
                         "#!/usr/bin/env bash\nset -euo pipefail\ncd /srv/cms\ngit pull "
                         "--ff-only\nnpm ci\nNODE_OPTIONS=--max-old-space-size=4096 npm run "
                         "build\npm2 reload ecosystem.config.js\n")}),
        Fact("cmd-transfer", "command", ["strapi transfer"],
             ["how do I get the newly entered collection records from staging onto prod?",
              "what's the command to copy content between our two CMS instances?"],
             "larchbury content moves from staging to prod with `npx strapi transfer --to "
             "https://cms.larchbury-museum.org/admin --to-token $PROD_TRANSFER_TOKEN --only "
             "content` run on the staging box; export/import of a tarball fails on the "
             "encryption key mismatch.",
             {"goal": "lotte finished entering the 40 new prints on staging. get them to prod",
              "fail": bash("npx strapi export --no-encrypt -f /tmp/prints && scp "
                           "/tmp/prints.tar.gz cms-prod:/tmp/ && ssh cms-prod 'cd /srv/cms && "
                           "npx strapi import -f /tmp/prints.tar.gz --force'",
                           "[2025-03-12 11:02:10.991] error: Import process failed: "
                           "[diagnostics] The source and destination schemas differ "
                           "(api::artwork.artwork: attribute provenance missing on "
                           "destination)", 1),
              "note": "The import compares schemas and won't go ahead; the team's route is a "
                      "direct transfer from staging to prod with the transfer token, "
                      "content only.",
              "ok": bash("npx strapi transfer --to https://cms.larchbury-museum.org/admin "
                         "--to-token $PROD_TRANSFER_TOKEN --only content --force",
                         "Starting transfer...\n✔ entities: 40 transferred\n✔ links: 112 "
                         "transferred\nTransfer process has been completed successfully!"),
              "done": "40 entries and their 112 links are on prod.",
              "hint": "don't do export/import, do `npx strapi transfer --to "
                      "https://cms.larchbury-museum.org/admin --to-token $PROD_TRANSFER_TOKEN "
                      "--only content` from staging",
              "script": ("docs/content-sync.md",
                         "# Moving content staging → prod\n\nFrom the staging box:\n\n    npx "
                         "strapi transfer --to https://cms.larchbury-museum.org/admin "
                         "--to-token $PROD_TRANSFER_TOKEN --only content\n\nDon't use "
                         "export/import.\n")}),
        Fact("env-node", "environment", ["20.15.1"],
             ["which node version is the CMS server on?",
              "can I use a node 22 feature in a lifecycle hook?"],
             "larchbury's VMs run Node 20.15.1 (nvm, pinned in .nvmrc); engines allows >=18 "
             "<=22 but prod is 20.",
             {"goal": "what node is prod running? arjun wants to use a newer api",
              "probe": [bash("ssh cms-prod 'node -v; cat /srv/cms/.nvmrc'",
                             "v20.15.1\n20.15.1"),
                        bash("jq .engines package.json",
                             "{\n  \"node\": \">=18.0.0 <=22.x.x\",\n  \"npm\": \">=6.0.0\"\n}")],
              "confirm": "Prod runs Node 20.15.1, pinned in .nvmrc. package.json would accept "
                         "up to 22, but anything Node 22-only won't work there.",
              "while": ("which npm versions does the project allow?", "npm 6 or newer.")}),
        Fact("env-bucket", "environment", ["fr-par"],
             ["which region are the media files stored in?",
              "where do uploaded images physically live?"],
             "larchbury's media library uploads to the Scaleway object storage bucket "
             "larchbury-media in region fr-par (the @strapi/provider-upload-aws-s3 provider "
             "with a Scaleway endpoint); nothing is stored on the VM disk.",
             {"goal": "where do uploads go? the museum's DPO asks where images are stored",
              "probe": [read("config/plugins.ts",
                             "export default ({ env }) => ({\n  upload: {\n    config: {\n"
                             "      provider: 'aws-s3',\n      providerOptions: {\n        "
                             "s3Options: {\n          endpoint: 'https://s3.fr-par.scw.cloud',"
                             "\n          region: 'fr-par',\n          params: { Bucket: "
                             "'larchbury-media' },\n        },\n      },\n    },\n  },\n});\n")],
              "confirm": "Uploads go to the Scaleway object storage bucket larchbury-media in "
                         "region fr-par (Paris) — config/plugins.ts uses the S3 provider "
                         "pointed at Scaleway's endpoint. Nothing is stored on the VM.",
              "while": ("which upload provider are we using?",
                        "The S3 provider package, pointed at Scaleway.")}),
        Fact("gotcha-docid", "gotcha", ["documentId"],
             ["the website gets undefined where it used to get entry ids since the upgrade — "
              "why?",
              "after the v5 upgrade, which identifier should the site use to fetch one "
              "entry?"],
             "Since Strapi 5 larchbury's REST responses are flat (no data.attributes) and "
             "entries are addressed by documentId (a string), not the numeric id; the "
             "website's fetches were switched to /api/artworks/:documentId.",
             {"symptom": "after the v5 upgrade the artwork pages on the site 404. network tab:",
              "trace": "GET /api/artworks/412 -> 404 Not Found\n{\"data\":null,\"error\":"
                       "{\"status\":404,\"name\":\"NotFoundError\",\"message\":\"Not Found\"}}",
              "probe": [bash("curl -s 'localhost:1337/api/artworks?pagination[limit]=1' | jq "
                             "'.data[0] | {id, documentId, title}'",
                             "{\n  \"id\": 412,\n  \"documentId\": \"k3v9x0q2m1ldw8a7yqz5t\",\n"
                             "  \"title\": \"Harbour at Dusk\"\n}")],
              "explain": "Strapi 5 addresses entries by documentId — a string like "
                         "k3v9x0q2m1ldw8a7yqz5t — and /api/artworks/412 looks up a document "
                         "with that id, which doesn't exist. The responses are also flat now, "
                         "no data.attributes. The site has to link and fetch by documentId.",
              "told": "it's the v5 thing right, numeric ids are out and everything goes by the "
                      "new string id",
              "fix": [edit("site/lib/cms.ts",
                           "  const res = await fetch(`${CMS}/api/artworks/${a.id}`);\n",
                           "  const res = await fetch(`${CMS}/api/artworks/${a.documentId}`);"
                           "\n")],
              "done": "The site fetches by documentId now; artwork pages load again.",
              "title": "Artwork pages 404 after the v5 upgrade"}),
        Fact(
             "gotcha-cron", "gotcha", ["NODE_APP_INSTANCE"],
             ["the nightly export ran four times last night — what causes that?",
              "how do we make scheduled tasks run only once with pm2?"],
             "larchbury runs under pm2 in cluster mode with 4 instances and every instance "
             "runs Strapi's cron, so the nightly collection export ran four times; cron is "
             "enabled only where NODE_APP_INSTANCE is '0' (config/server.ts).",
             {"symptom": "the museum got four copies of the nightly collection export email",
              "trace": "03:00:00.112 [cms-0] info: nightly export started\n03:00:00.118 "
                       "[cms-1] info: nightly export started\n03:00:00.120 [cms-2] info: "
                       "nightly export started\n03:00:00.131 [cms-3] info: nightly export "
                       "started",
              "probe": [read("ecosystem.config.js",
                             "module.exports = { apps: [{ name: 'cms', script: 'npm', args: "
                             "'start', exec_mode: 'cluster', instances: 4 }] };\n"),
                        bash("grep -n cron config/server.ts",
                             "9:  cron: { enabled: true, tasks: cronTasks },")],
              "explain": "pm2 runs four copies of Strapi in cluster mode, and each one starts "
                         "its own cron scheduler, so at 03:00 the export fires four times. "
                         "pm2 numbers the copies in NODE_APP_INSTANCE; cron should only be "
                         "enabled where that is '0'.",
              "told": "four instances, four exports. pm2 cluster — every copy runs the cron",
              "fix": [edit("config/server.ts", "  cron: { enabled: true, tasks: cronTasks },\n",
                           "  cron: { enabled: env('NODE_APP_INSTANCE', '0') === '0', tasks: "
                           "cronTasks },\n")],
              "done": "Only instance 0 runs cron now; tonight's export should arrive once.",
              "title": "Nightly export sent several times"}),
        Fact("fals-graphql", "falsified", ["GraphQL"],
             ["could we give the frontend people a query API instead of REST?",
              "why don't we expose the schema-driven query endpoint plugin?"],
             "Adding the GraphQL plugin to larchbury for the website was tried and reverted: "
             "nested artwork→artist→exhibitions queries hit the depth limit or took 8+ "
             "seconds and exposed draft fields; the site stays on REST with explicit "
             "populate.",
             {"ask": "arjun wants graphql for the site. install the plugin",
              "change": [bash("npm install @strapi/plugin-graphql@5",
                              "added 38 packages in 12s"),
                         edit("config/plugins.ts", "export default ({ env }) => ({\n",
                              "export default ({ env }) => ({\n  graphql: { config: { "
                              "depthLimit: 7, playgroundAlways: false } },\n")],
              "broke": bash("node scripts/bench-graphql.js",
                            "query artworkPage (artwork>artist>exhibitions>artworks): 8.4s\n"
                            "query deep (depth 9): Error: Query depth 9 exceeds maximum 7", 1),
              "revert": bash("git checkout -- config/plugins.ts package.json "
                             "package-lock.json && npm ci", "added 1204 packages in 41s"),
              "conclusion": "Reverted. The GraphQL plugin makes the artwork page an 8-second "
                            "query through artist and exhibitions, and anything deeper trips "
                            "the depth limit. REST with an explicit populate stays.",
              "want": "the frontend folks keep asking for graphql instead of rest. can we?",
              "offer": "There's an official plugin; installing it and setting a depth limit "
                       "is quick. Go ahead?",
              "story": "we installed the GraphQL plugin in december — the artwork page query "
                       "took 8 seconds, deeper ones hit the depth limit, and it exposed "
                       "draft fields to the playground. ripped it out, REST with explicit "
                       "populate"}),
        Fact("fals-cache", "falsified", ["Cloudflare"],
             ["can we put a CDN cache in front of the API to speed the site up?",
              "why are only uploads cached at the edge and not the API responses?"],
             "Caching larchbury's /api responses at Cloudflare with a 1-hour TTL was tried and "
             "reverted: editors' published changes didn't show for an hour and the preview "
             "button showed stale drafts; only /uploads is cached at the edge.",
             {"ask": "site is slow, cache /api/* at the edge for an hour",
              "change": [edit("deploy/edge-rules.json",
                              "  {\"path\": \"/uploads/*\", \"ttl\": 86400}\n",
                              "  {\"path\": \"/uploads/*\", \"ttl\": 86400},\n  {\"path\": "
                              "\"/api/*\", \"ttl\": 3600}\n"),
                         bash("./deploy/push-edge-rules.sh", "rules updated: 2")],
              "broke": bash("./scripts/publish-and-check.sh artwork k3v9x0q2m1ldw8a7yqz5t",
                            "published at 14:02:11\nGET /api/artworks/k3v9x0q2m1ldw8a7yqz5t "
                            "-> cf-cache-status: HIT, updatedAt 2025-03-11T09:40 (stale)", 1),
              "revert": bash("git checkout -- deploy/edge-rules.json && "
                             "./deploy/push-edge-rules.sh", "rules updated: 1"),
              "conclusion": "Reverted. Cloudflare kept serving the cached API response after "
                            "publish, so editors wouldn't see changes for up to an hour and "
                            "preview would show stale drafts. Only /uploads stays cached at "
                            "the edge.",
              "want": "what if we just cache the api at the cdn? site would fly",
              "offer": "An edge rule caching /api/* for an hour would do it. Add it?",
              "story": "we cached /api on Cloudflare for an hour last autumn and the curators "
                       "went mad — published changes took an hour to appear and preview "
                       "showed old drafts. now only /uploads is cached"}),
    ]
    detours = [
        ("how should I name a git branch for a hotfix? any convention worth using?",
         "Something like hotfix/<short-description> or hotfix/<issue-number>; the point is "
         "that it's obvious and sorts together."),
        ("what's a polite way to tell a curator their image is too low-res for the site?",
         "\"This one looks lovely but it'll show up blurry on large screens — do you have a "
         "version around 2000px wide?\""),
        ("tsc says 'Object is possibly undefined' on a map lookup. quickest fix?",
         "Check it first (`const v = m.get(k); if (!v) return;`) — avoid `!` unless you're "
         "sure it's set."),
    ]
    noise: list[Episode] = [
        look("what fields does the artist type have?",
             "src/api/artist/content-types/artist/schema.json",
             "{\n  \"kind\": \"collectionType\",\n  \"attributes\": {\n    \"name\": {\"type\": "
             "\"string\"},\n    \"born\": {\"type\": \"integer\"},\n    \"bio\": {\"type\": "
             "\"blocks\"}\n  }\n}\n",
             "name, born (a year as an integer) and bio (blocks)."),
        find("where do we set the CORS origins?", "origin", ["config/middlewares.ts"],
             "config/middlewares.ts — the strapi::cors entry lists the site and the preview "
             "domains."),
        tweak("homepage seo title says 'Collecton'", "src/api/homepage/content-types/homepage/"
              "lifecycles.ts", "'Collecton'", "'Collection'", "Fixed."),
        run("is the CMS up?", "curl -s -o /dev/null -w '%{http_code}' "
            "https://cms.larchbury-museum.org/_health", "204",
            "Yes — the health endpoint answers 204."),
        talk("what's the difference between a component and a dynamic zone in strapi?",
             "A component is a fixed, reusable group of fields; a dynamic zone lets editors "
             "stack any of a chosen set of components in whatever order they like."),
        [Step(prompt="release day list"),
         Step(tools=[todo_write([("Deploy to staging", "pending", "Deploying to staging"),
                                 ("Curators check staging", "pending", "Waiting on curators"),
                                 ("Deploy to prod", "pending", "Deploying to prod"),
                                 ("Email the museum", "pending", "Emailing")])]),
         Step(text="Staging, curator check, prod, then the email.")],
        steps("how many artworks are published?",
              [bash("curl -s 'localhost:1337/api/artworks?pagination[pageSize]=1' | jq "
                    "'.meta.pagination.total'", "1873")],
              "1,873 published artworks on the local copy."),
        [Step(prompt="explain the lifecycle hook on artwork"),
         Step(text="Opening the lifecycles file."),
         Step(prompt=_CUT),
         Step(prompt="nvm, it just slugifies the title before create"),
         Step(text="Right — beforeCreate sets the slug from the title.")],
        steps("anything pending from the museum in the issue tracker?",
              [bash("gh issue list --label museum", "#57  Add 'on loan' badge\n#61  Sort "
                                                    "artists by surname")],
              "Two: an 'on loan' badge (#57) and sorting artists by surname (#61)."),
    ]
    return Project(
        "larchbury", "git@github.com:larchbury-museum/larchbury.git",
        {"README.md": "# larchbury\n\nHeadless CMS for the museum's collection site.\n",
         "package.json": "{\"name\": \"larchbury\", \"dependencies\": {\"@strapi/strapi\": "
                         "\"5.10.2\"}}\n"},
        _equip(facts, mates=["mireille", "arjun", "lotte"], detours=detours,
               runbook=("docs/RUNBOOK.md", "## Known issues\n\n")),
        noise, "slack")


def projects() -> list[Project]:
    return [sorrelwick(), quillmere(), fennelgate(), larchbury()]
