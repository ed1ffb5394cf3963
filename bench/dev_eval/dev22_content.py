"""The ``dev22`` split, "an ordinary fortnight": four projects, ten planted facts each.

Written in the fourteenth pass by a helper that read no rlat code; read untuned only (0.65
at the pass's start and at its end): never tuned on.

Everyday Claude Code use by four developers with different temperaments: a terse senior
(ploverbook, an Elixir/Phoenix booking app for a bouldering gym), a chatty junior (yewbarrow, a
Godot 4 graveyard-gardening game), a non-native English speaker (tidewell, an R Shiny
water-level dashboard for a water board) and someone who types in lowercase with typos
(gustlog, Zig firmware for an RP2040 wind logger on a buoy). Durable facts come up in passing:
a rule mentioned while asking for something else or as a correction, an environment detail
noticed in tool output, a command that fails before the working one is found, a confusing
failure explained by the assistant or the user, an approach tried and abandoned in the session
or recounted by the user. Every template picks its wording among variants with the seed, and
the user's lines follow the project's voice (the ``voice`` slot).
"""

from __future__ import annotations

import random

from .templates import cap
from .transcript import agent, ask_user, bash, edit, grep, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


# ------------------------------------------------------------------- voices
# How each project's developer phrases the user lines the templates add around a fact's slots.
VOICES: dict[str, dict[str, list[str]]] = {
    "terse": {
        "with_rule": ["{Task}. {Rule}.", "{Task}. And {rule}, as always.",
                      "{Task} — {rule}."],
        "btw": ["also: {rule}.", "fyi, {rule}.", "for next time: {rule}."],
        "correct": ["no. {rule}.", "wrong. {rule}. redo.", "stop — {rule}."],
        "ack": ["ok.", "k.", "noted."],
        "undo": ["worse. revert.", "no. undo it.", "back it out."],
        "go": ["do it.", "go.", "yes."],
    },
    "chatty": {
        "with_rule": ["hiii 👋 could you {task}? oh and like always, {rule} :)",
                      "ok next thing!! can you {task}? (reminder: {rule})",
                      "could you {task} please? btw {rule}, in case nobody told you yet!"],
        "btw": ["yay thank you!! oh btw, {rule} — just so you know for next time 😊",
                "perfect!! also fyi {rule}",
                "love it. oh one thing I forgot to mention: {rule}"],
        "correct": ["oh wait nooo, sorry I should've said — {rule}!",
                    "hmm no, {rule} 🙈 can you redo it?",
                    "ahh wait, not like that! {rule}"],
        "ack": ["ohh good to know, thanks!! 🙏", "ahh okay that makes sense!",
                "ooh noted, thank you!"],
        "undo": ["oof that's worse 😬 can you undo it?", "ahh no, that broke it, let's go back",
                 "nooo okay that's not great, revert it please"],
        "go": ["yes please!! 🙏", "omg yes, do it", "sounds good, go for it!"],
    },
    "nonnative": {
        "with_rule": ["Please can you {task}? Note that {rule}.",
                      "I need that you {task}. And please remember: {rule}.",
                      "Can you {task}, please? In this project {rule}."],
        "btw": ["Thank you. By the way, {rule}. Please keep this in mind.",
                "Good. One thing for the future: {rule}.",
                "Okay, thanks. Also important: {rule}."],
        "correct": ["No, this is not how we do it. {Rule}.",
                    "Please not like this. {Rule}. Can you change it?",
                    "Hm, no. {Rule}."],
        "ack": ["Okay, thank you, this is good to know.", "Ah, I understand. Thanks.",
                "Good, now it is clear for me."],
        "undo": ["This is worse. Please undo it.", "No, this does not work. Please go back.",
                 "Hmm, now it is broken. Please revert it."],
        "go": ["Yes, please do that.", "Okay, please fix it like this.", "Yes, go ahead."],
    },
    "sloppy": {
        "with_rule": ["{task} pls. and {rule} like always", "can u {task}? {rule}",
                      "{task}. reminder {rule}"],
        "btw": ["nice. btw {rule}", "ok cool. fyi {rule}, keep that in mind",
                "thx. oh and {rule}"],
        "correct": ["no no, {rule}", "nope, {rule}. redo pls", "wait no. {rule}"],
        "ack": ["ok good to know", "ah k thx", "oh ok makes sense"],
        "undo": ["ugh thats worse, undo pls", "nope revert that", "hmm no thats broken, go back"],
        "go": ["ya do it", "ok go", "yep pls"],
    },
}


def _say(s: dict, what: str, rng: random.Random, **fields: str) -> str:
    line = rng.choice(VOICES[s.get("voice", "terse")][what])
    if fields:
        fields.update({k[:1].upper() + k[1:]: cap(v) for k, v in list(fields.items())})
        line = line.format(**fields)
    return line


def _opening(s: dict) -> str:
    """The bare request, in the voice's own casing (the chatty and sloppy typists don't
    capitalize)."""
    return s["task"] if s.get("voice") in ("chatty", "sloppy") else cap(s["task"])


# ------------------------------------------------------------------- phrasing templates
# convention: rule, task, follow, contrary, done
def conv_in_passing(s: dict, rng: random.Random) -> Episode:
    """The rule rides along with the request."""
    opener = rng.choice(["On it.", "Sure — keeping to that.", "Will do.", ""])
    return [Step(prompt=_say(s, "with_rule", rng, task=s["task"], rule=s["rule"])),
            Step(text=opener, tools=s["follow"]), Step(text=s["done"])]


def conv_afterthought(s: dict, rng: random.Random) -> Episode:
    """The user mentions the rule once the work is done."""
    reply = rng.choice(["Noted — that's how the change above does it, and I'll keep to it.",
                        "Good to know. I'll follow that for everything else in this repo.",
                        "Understood, I'll stick to that from now on."])
    return [Step(prompt=_opening(s)), Step(tools=s["follow"]), Step(text=s["done"]),
            Step(prompt=_say(s, "btw", rng, rule=s["rule"])), Step(text=reply)]


def conv_set_straight(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way first and is corrected."""
    sorry = rng.choice(["Sorry — redoing it that way.", "Right, fixing that.",
                        "Got it, changing it."])
    return [Step(prompt=_opening(s)), Step(tools=[s["contrary"]]),
            Step(prompt=_say(s, "correct", rng, rule=s["rule"])),
            Step(text=sorry, tools=s["follow"]), Step(text=s["done"])]


def conv_planned(s: dict, rng: random.Random) -> Episode:
    """The rule comes with the request and ends up on the assistant's todo list."""
    todos = [(cap(s["task"]), "in_progress", "Working on it"),
             (f"Keep to the house rule: {s['rule']}", "pending", "Checking the house rule"),
             ("Report back", "pending", "Reporting back")]
    done = [(t, "completed", a) for t, _, a in todos]
    return [Step(prompt=_say(s, "with_rule", rng, task=s["task"], rule=s["rule"])),
            Step(tools=[todo_write(todos)]), Step(tools=s["follow"]),
            Step(text=s["done"], tools=[todo_write(done, todos)])]


# command: goal, fail, note, ok, hint, done
def cmd_figured_out(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_user_knows(s: dict, rng: random.Random) -> Episode:
    stuck = rng.choice(["That fails — is there a project-specific way to run this, or should "
                        "I dig through the config?",
                        "That errors out. Do you know the intended invocation here?",
                        "Hmm, that's not it. Any idea what the right command is in this repo?"])
    thanks = rng.choice(["Thanks, running that.", "Ah, that makes sense.", "Trying that."])
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=s["hint"]), Step(text=thanks, tools=[s["ok"]]), Step(text=s["done"])]


def cmd_second_try(s: dict, rng: random.Random) -> Episode:
    retry = rng.choice(["", "Trying it the way the repo is set up.", "One more attempt."])
    close = s["done"] if rng.random() < 0.5 else f"{s['done']} ({s['note']})"
    return [Step(prompt=s["goal"]), Step(text=rng.choice(["Running it.", ""]), tools=[s["fail"]]),
            Step(text=retry, tools=[s["ok"]]), Step(text=close)]


# environment: goal, probe, confirm, while (a nearby ask and its answer)
def env_answered(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=s["confirm"])]


def env_noted(s: dict, rng: random.Random) -> Episode:
    close = rng.choice(["Anything else?", "👍", "Sure."])
    return [Step(prompt=s["goal"]),
            Step(text=rng.choice(["Let me check.", "Checking.", "Looking."]), tools=s["probe"]),
            Step(text=s["confirm"]), Step(prompt=_say(s, "ack", rng)), Step(text=close)]


def env_in_passing(s: dict, rng: random.Random) -> Episode:
    ask, answer = s["while"]
    aside = rng.choice(["Also worth knowing from that output:", "Side note:",
                        "One more thing I noticed there:"])
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=f"{answer} {aside} {s['confirm']}")]


# gotcha: symptom, probe, explain (the assistant), told (the user), fix, done
def gotcha_tracked_down(s: dict, rng: random.Random) -> Episode:
    lead = rng.choice(["Found it.", "That explains it.", "Got it."])
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]), Step(text=s["done"])]


def gotcha_user_remembers(s: dict, rng: random.Random) -> Episode:
    unsure = rng.choice(["That shows where it goes wrong but not why yet. Let me dig further "
                         "before changing anything.",
                         "Nothing obvious in this yet — I'll keep looking.",
                         "Odd. The output doesn't point at a cause directly."])
    agree = rng.choice(["That's it — applying that.", "Makes sense, fixing it that way.",
                        "Right, that matches the output. Changing it."])
    return [Step(prompt=s["symptom"]),
            Step(text=rng.choice(["Let me look.", "Checking.", ""]), tools=s["probe"]),
            Step(text=unsure), Step(prompt=s["told"]), Step(text=agree, tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_asks_first(s: dict, rng: random.Random) -> Episode:
    offer = rng.choice(["Want me to fix it?", "Shall I change it?", "Should I apply that?"])
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text=f"{s['explain']} {offer}"), Step(prompt=_say(s, "go", rng)),
            Step(tools=s["fix"]), Step(text=s["done"])]


# falsified: ask, change, broke, revert, conclusion (the assistant); want, offer, story (the
# user recounting it)
def fals_backs_out(s: dict, rng: random.Random) -> Episode:
    oops = rng.choice(["That broke things; reverting.", "That's worse — backing it out.",
                       "Not good. Undoing the change."])
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=oops, tools=[s["revert"]]), Step(text=s["conclusion"])]


def fals_told_to_undo(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=_say(s, "undo", rng)),
            Step(text=rng.choice(["Reverting.", "Undoing it.", "Rolling it back."]),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_been_there(s: dict, rng: random.Random) -> Episode:
    ok = rng.choice(["Understood — I'll leave that alone.",
                     "Good to know, I won't go down that road then.",
                     "Thanks for the history; that rules it out."])
    return [Step(prompt=s["want"]), Step(text=s["offer"]), Step(prompt=s["story"]),
            Step(text=ok)]


TEMPLATES = {
    "convention": [conv_in_passing, conv_afterthought, conv_set_straight, conv_planned],
    "command": [cmd_figured_out, cmd_user_knows, cmd_second_try],
    "environment": [env_answered, env_noted, env_in_passing],
    "gotcha": [gotcha_tracked_down, gotcha_user_remembers, gotcha_asks_first],
    "falsified": [fals_backs_out, fals_told_to_undo, fals_been_there],
}

UNRELATED = [
    "what's the difference between a mutex and a semaphore, in plain words?",
    "write a bash one-liner that counts the lines in every .py file under the current folder",
    "explain why binary search is O(log n)",
    "suggest a name for a little CLI that renames photos by the date they were taken",
    "how do I undo my last git commit but keep the changes in my working tree?",
    "write a python function that flattens an arbitrarily nested list",
    "what is a race condition? short answer please",
    "draft a polite message asking a reviewer to take another look at my pull request",
    "convert 72 fahrenheit to celsius",
    "give me a regex that matches an ISO 8601 date like 2024-06-01",
    "explain CORS like I'm new to web development",
    "what's the practical difference between TCP and UDP?",
    "write a SQL query that finds duplicate email addresses in a users table",
    "how do I create a directory and all its missing parents in one command?",
    "what does idempotent mean for an HTTP method?",
    "write a limerick about a flaky test",
    "how do I pretty-print a JSON file from the terminal?",
    "what's the average time complexity of inserting into a hash map?",
    "explain tail recursion with a tiny example",
    "sort a list of dicts by one of their keys in python",
    "how can I see which process is listening on a given port on linux?",
    "summarize the difference between git merge and git rebase",
    "what's a good way to name boolean variables?",
    "explain what a closure is in javascript with a short example",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "ploverbook": [
        "how do members pay for a booking, is there a payment provider behind it?",
        "where are the waivers that new members sign stored?",
        "what happens to existing bookings when a wall is closed for route setting?",
        "is there a page for the front desk staff to check people in?",
        "should waitlist promotion happen inline when someone cancels, or in a background job?",
    ],
    "yewbarrow": [
        "how fast does the day/night cycle run and where is that configured?",
        "where are the gravekeeper's dialogue lines stored?",
        "does the game support gamepads yet?",
        "how are the Steam achievements hooked up?",
        "should the new beekeeping minigame be its own scene or a state on the player?",
    ],
    "tidewell": [
        "how often are new measurements loaded into the database?",
        "who can open the dashboard, is there a login?",
        "where do the high-water alarm thresholds come from?",
        "can the app export the plotted data to a CSV file?",
        "should the new rainfall module get its own tab or go on the overview page?",
    ],
    "gustlog": [
        "how does the data get from the buoy to shore?",
        "what battery life do we get at the current sampling rate?",
        "how is the anemometer calibrated?",
        "can the firmware be updated over the radio link?",
        "should wind direction be stored in degrees or as a compass sector?",
    ],
}


def _voiced(facts: list[Fact], voice: str) -> list[Fact]:
    for fact in facts:
        fact.slots["voice"] = voice
    return facts


# ------------------------------------------------------------------- ploverbook
def ploverbook() -> Project:
    booking_ex = "lib/ploverbook/bookings/booking.ex"
    show_live = "lib/ploverbook_web/live/session_live/show.ex"
    facts = [
        Fact("conv-utc", "convention", ["utc_datetime_usec"],
             ["I need a refunded_at timestamp on the payments table, which Ecto type do I give "
              "it?",
              "what's our rule for datetime columns in migrations and schemas?"],
             "In ploverbook every timestamp column and schema field is :utc_datetime_usec, "
             "never :naive_datetime (migrations and Ecto schemas alike).",
             {"rule": "timestamps are utc_datetime_usec, never naive_datetime",
              "task": "add a cancelled_at column to bookings",
              "follow": [write("priv/repo/migrations/20240611093012_add_cancelled_at_to_"
                               "bookings.exs",
                               "defmodule Ploverbook.Repo.Migrations.AddCancelledAtToBookings "
                               "do\n  use Ecto.Migration\n\n  def change do\n    alter "
                               "table(:bookings) do\n      add :cancelled_at, "
                               ":utc_datetime_usec\n    end\n  end\nend\n"),
                         edit(booking_ex, "    field :status, Ecto.Enum, values: [:booked, "
                              ":attended, :no_show]",
                              "    field :status, Ecto.Enum, values: [:booked, :attended, "
                              ":no_show]\n    field :cancelled_at, :utc_datetime_usec")],
              "contrary": write("priv/repo/migrations/20240611093012_add_cancelled_at_to_"
                                "bookings.exs",
                                "defmodule Ploverbook.Repo.Migrations.AddCancelledAtToBookings"
                                " do\n  use Ecto.Migration\n\n  def change do\n    alter "
                                "table(:bookings) do\n      add :cancelled_at, "
                                ":naive_datetime\n    end\n  end\nend\n"),
              "done": "Migration and schema field are in; run `mix ecto.migrate` when you're "
                      "ready."}),
        Fact("conv-gettext", "convention", ["gettext"],
             ["add a flash message telling the member their booking was cancelled",
              "how do we deal with translating the text that users see?"],
             "All user-facing text in ploverbook (flash messages, labels, emails) must be "
             "wrapped in gettext because the app ships a Dutch (nl) translation; never "
             "hard-code strings.",
             {"rule": "every user-facing string goes through gettext, we ship nl too",
              "task": "flash an error when someone tries to book a full session",
              "follow": [edit(show_live, "      {:error, :full} ->\n        {:noreply, socket}",
                              "      {:error, :full} ->\n        {:noreply, put_flash(socket, "
                              ":error, gettext(\"This session is full.\"))}")],
              "contrary": edit(show_live, "      {:error, :full} ->\n        {:noreply, socket}",
                               "      {:error, :full} ->\n        {:noreply, put_flash(socket,"
                               " :error, \"This session is full.\")}"),
              "done": "Booking a full session now flashes an error. Run `mix gettext.extract "
                      "--merge` to pick up the new msgid for the nl translation."}),
        Fact("cmd-seed", "command", ["mix ploverbook.seed"],
             ["my local database is empty, how do I load the demo gyms and members?",
              "the seeds script crashes with an undefined function error — give me the command "
              "that actually fills the dev db"],
             "Seed the ploverbook dev database with `mix ploverbook.seed --demo` (demo gyms, "
             "walls, sessions, members); priv/repo/seeds.exs is a dead stub that crashes with "
             "UndefinedFunctionError.",
             {"goal": "seed the dev db with demo data",
              "fail": bash("mix run priv/repo/seeds.exs",
                           "** (UndefinedFunctionError) function Ploverbook.Seeds.run/1 is "
                           "undefined (module Ploverbook.Seeds is not available)\n    "
                           "Ploverbook.Seeds.run(:dev)\n    priv/repo/seeds.exs:3: (file)", 1),
              "note": "seeds.exs is a stub left over from the generator; the real seeding is "
                      "the mix task in lib/mix/tasks/, with a --demo flag for fake members.",
              "ok": bash("mix ploverbook.seed --demo",
                         "Seeding gyms... 2\nSeeding walls... 14\nSeeding sessions for the "
                         "next 14 days... 336\nSeeding demo members... 40\nDone."),
              "hint": "seeds.exs is dead. mix ploverbook.seed --demo.",
              "done": "Dev database seeded: 2 gyms, 14 walls, 336 sessions, 40 demo members."}),
        Fact("cmd-assets", "command", ["assets.deploy"],
             ["how do I produce the minified production js and css bundle?",
              "npm run build says missing script, what's the right way to compile the frontend "
              "for prod?"],
             "ploverbook's production assets (esbuild + tailwind, minified and digested) are "
             "built with `MIX_ENV=prod mix assets.deploy`; there is no npm build script in "
             "assets/.",
             {"goal": "build prod assets. want to see the bundle size",
              "fail": bash("cd assets && npm run build",
                           "npm ERR! Missing script: \"build\"\nnpm ERR!\nnpm ERR! To see a "
                           "list of scripts, run:\nnpm ERR!   npm run", 1),
              "note": "There's no npm build script — esbuild and tailwind run through mix "
                      "aliases here.",
              "ok": bash("MIX_ENV=prod mix assets.deploy",
                         "Rebuilding...\nDone in 412ms.\n\n  ../priv/static/assets/app.js  "
                         "187.4kb\n\nCheck your digested files at \"priv/static\""),
              "hint": "no npm. MIX_ENV=prod mix assets.deploy.",
              "done": "app.js comes out at 187.4 kB minified; the digested files are in "
                      "priv/static."}),
        Fact("env-port", "environment", ["4101"],
             ["which localhost port do I open to see the booking app in development?",
              "the browser says connection refused on the usual phoenix port, where is the dev "
              "server listening?"],
             "The ploverbook dev server (Phoenix endpoint) listens on localhost port 4101, not "
             "the usual 4000 (config/dev.exs, overridable with the PORT env var).",
             {"goal": "app's not on 4000. where is it",
              "probe": [bash("grep -n 'http:' config/dev.exs",
                             "12:  http: [ip: {127, 0, 0, 1}, port: String.to_integer("
                             "System.get_env(\"PORT\") || \"4101\")],")],
              "confirm": "The dev endpoint listens on port 4101, not Phoenix's usual 4000 "
                         "(config/dev.exs, overridable with PORT) — open "
                         "http://localhost:4101.",
              "while": ("check the dev endpoint config. want debug_errors on",
                        "debug_errors is already true in config/dev.exs, nothing to change.")}),
        Fact("env-fly", "environment", ["ploverbook-prod"],
             ["I want a remote iex console on production — which fly app name do I target?",
              "where is the live booking site hosted and under what app name?"],
             "The live ploverbook booking site (production) is hosted on Fly.io under the app "
             "name ploverbook-prod (primary region ams); each deploy runs migrations via the "
             "release_command /app/bin/migrate.",
             {"goal": "which fly app is prod? about to run migrations there",
              "probe": [bash("head -8 fly.toml",
                             "app = 'ploverbook-prod'\nprimary_region = 'ams'\nkill_signal = "
                             "'SIGTERM'\n\n[deploy]\n  release_command = '/app/bin/migrate'\n\n"
                             "[env]")],
              "confirm": "Production is the Fly app ploverbook-prod in region ams. Migrations "
                         "run automatically through the release_command (/app/bin/migrate) on "
                         "every deploy, so there's no need to run them by hand.",
              "while": ("what does a deploy do besides swapping the image?",
                        "Besides the image swap, each deploy runs /app/bin/migrate as the "
                        "release command before the new machines take traffic.")}),
        Fact("gotcha-tzdata", "gotcha", ["tzdata"],
             ["converting a booking time to the gym's local timezone returns an error tuple in "
              "dev, what's missing?",
              "shifting datetimes to Amsterdam time works on prod but blows up in tests"],
             "In ploverbook DateTime.shift_zone returns {:error, :utc_only_time_zone_database} "
             "in dev/test unless `config :elixir, :time_zone_database, "
             "Tzdata.TimeZoneDatabase` is in config/config.exs (it used to sit only in the prod "
             "block of runtime.exs).",
             {"symptom": "reminder test fails. utc_only_time_zone_database?? works on prod",
              "probe": [bash("mix test test/ploverbook/reminders_test.exs",
                             "  1) test reminder text uses gym local time (Ploverbook."
                             "RemindersTest)\n     ** (MatchError) no match of right hand side "
                             "value: {:error, :utc_only_time_zone_database}\n     code: "
                             "{:ok, local} = DateTime.shift_zone(starts_at, \"Europe/Amsterdam\")"
                             "\n\nFinished in 0.3 seconds\n4 tests, 1 failure", 2),
                        grep("time_zone_database", ["config/runtime.exs"])],
              "explain": "DateTime.shift_zone/2 only works with a real time zone database. "
                         "Elixir ships a UTC-only one, and `config :elixir, :time_zone_database, "
                         "Tzdata.TimeZoneDatabase` sits inside the prod block of "
                         "config/runtime.exs, so dev and test get {:error, "
                         ":utc_only_time_zone_database}. It belongs in config/config.exs.",
              "told": "right. tzdata is only configured in the prod block of runtime.exs. "
                      "move it to config.exs.",
              "fix": [edit("config/config.exs",
                           "config :ploverbook, ecto_repos: [Ploverbook.Repo]",
                           "config :ploverbook, ecto_repos: [Ploverbook.Repo]\n\nconfig "
                           ":elixir, :time_zone_database, Tzdata.TimeZoneDatabase")],
              "done": "Reminder tests pass; shift_zone works in every environment now."}),
        Fact("gotcha-oban", "gotcha", ["drain_queue"],
             ["my new test enqueues a background job but the side effect never happens, what "
              "am I missing?",
              "write a test that checks the waitlist email goes out when a spot frees up"],
             "In ploverbook tests Oban runs with testing: :manual, so emails sent from "
             "background jobs (reminders, waitlist notices) never go out: a test that checks an "
             "email is sent must call Oban.drain_queue(queue: :mailers) before asserting.",
             {"symptom": "mailer test fails. job never runs?",
              "probe": [read("config/test.exs",
                             "import Config\n\nconfig :ploverbook, Oban, testing: :manual\n\n"
                             "config :ploverbook, Ploverbook.Mailer, adapter: "
                             "Swoosh.Adapters.Test\n"),
                        bash("mix test test/ploverbook/booking_mailer_test.exs",
                             "  1) test sends a reminder 24h before the session (Ploverbook."
                             "BookingMailerTest)\n     Assertion failed, no matching message "
                             "after 100ms\n     code: assert_email_sent(subject: \"Your session "
                             "tomorrow\")\n\n1 test, 1 failure", 2)],
              "explain": "In test, Oban runs with `testing: :manual`: inserted jobs sit in the "
                         "queue and never execute on their own, so no email is sent. The test "
                         "has to run them with `Oban.drain_queue(queue: :mailers)` before it "
                         "asserts.",
              "told": "oban is testing: :manual in test. jobs don't run by themselves. "
                      "Oban.drain_queue(queue: :mailers) before the assert.",
              "fix": [edit("test/ploverbook/booking_mailer_test.exs",
                           "    assert_email_sent(subject: \"Your session tomorrow\")",
                           "    assert %{success: 1} = Oban.drain_queue(queue: :mailers)\n    "
                           "assert_email_sent(subject: \"Your session tomorrow\")")],
              "done": "The mailer test passes."}),
        Fact("fals-asyncstream", "falsified", ["async_stream"],
             ["can we send the nightly reminder emails concurrently so the run finishes faster?",
              "what went wrong when reminder delivery was parallelised?"],
             "Sending ploverbook's reminder emails in parallel with Task.async_stream failed: "
             "the SMTP relay rejects concurrent connections (421) and about a third of the "
             "reminders were lost; delivery stays sequential.",
             {"ask": "send tomorrow's reminders in parallel. nightly run takes 20 min",
              "change": [edit("lib/ploverbook/reminders.ex",
                              "    Enum.each(bookings, &deliver_reminder/1)",
                              "    bookings\n    |> Task.async_stream(&deliver_reminder/1, "
                              "max_concurrency: 20, timeout: 30_000)\n    |> Stream.run()")],
              "broke": bash("mix run -e 'Ploverbook.Reminders.send_for(~D[2024-06-12])'",
                            "[error] Task #PID<0.812.0> started from #PID<0.790.0> terminating"
                            "\n** (Swoosh.DeliveryError) delivery error: {:smtp_error, \"421 "
                            "4.7.0 Too many concurrent SMTP connections from this IP\"}\n"
                            "[error] 137 of 412 reminders failed", 1),
              "revert": bash("git checkout -- lib/ploverbook/reminders.ex", ""),
              "conclusion": "Back to sending one at a time. With Task.async_stream the 20 "
                            "concurrent connections hit the mail relay's limit (421 too many "
                            "concurrent SMTP connections) and 137 of 412 reminders failed. If "
                            "it has to go faster, an Oban queue with a small concurrency limit "
                            "is the safer route.",
              "want": "nightly reminder run takes 20 min. speed it up?",
              "offer": "The reminders go out one by one in Reminders.send_for/1. I could fan "
                       "them out with Task.async_stream at ~20 concurrent deliveries — want me "
                       "to try that?",
              "story": "no. we did async_stream there last spring. the relay throttles at a "
                       "handful of connections, 421s everywhere, a third of the reminders never "
                       "arrived. keep it sequential."}),
        Fact("fals-alpine", "falsified", ["Alpine"],
             ["should I pull in a small client-side js framework for the dropdown menus?",
              "why don't we use a lightweight js library for the interactive bits on top of "
              "liveview?"],
             "Alpine.js on top of LiveView was tried and removed from ploverbook: LiveView "
             "patches wipe Alpine's state (menus snap shut); use LiveView JS commands "
             "(JS.toggle) or hooks for client-side interactivity.",
             {"ask": "grade filter needs a dropdown. try Alpine, quickest",
              "change": [bash("cd assets && npm install alpinejs@3.14.1",
                              "added 1 package, and audited 38 packages in 1s"),
                         edit("assets/js/app.js",
                              "let liveSocket = new LiveSocket(\"/live\", Socket, {params: "
                              "{_csrf_token: csrfToken}})",
                              "import Alpine from \"alpinejs\"\nwindow.Alpine = Alpine\n"
                              "Alpine.start()\n\nlet liveSocket = new LiveSocket(\"/live\", "
                              "Socket, {\n  params: {_csrf_token: csrfToken},\n  dom: { "
                              "onBeforeElUpdated(from, to) { if (from._x_dataStack) "
                              "window.Alpine.clone(from, to) } }\n})")],
              "broke": bash("mix test --only feature test/features/grade_filter_test.exs",
                            "  1) feature grade menu stays open while the schedule updates "
                            "(Ploverbook.Features.GradeFilterTest)\n     ** (Wallaby."
                            "ExpectationNotMetError) Expected to find 1 visible element that "
                            "matched the css '#grade-menu' but 0 visible elements were found."
                            "\n\n1 feature, 1 failure", 2),
              "revert": bash("git checkout -- assets/js/app.js assets/package.json "
                             "assets/package-lock.json", ""),
              "conclusion": "Took Alpine back out: every LiveView patch re-renders the schedule "
                            "and wipes the Alpine state on the menu, so the dropdown snaps shut "
                            "whenever a slot updates. A LiveView JS command (JS.toggle) keeps it "
                            "in sync without a second framework.",
              "want": "grade filter needs a dropdown. quickest way?",
              "offer": "Quickest would be a small Alpine.js dropdown (x-data / x-show) on the "
                       "filter button — want me to wire Alpine into app.js?",
              "story": "no alpine. had it for a year, disaster: every liveview patch wiped its "
                       "state, menus snapping shut, onBeforeElUpdated hacks everywhere. "
                       "JS.toggle or a hook."}),
    ]
    noise: list[Episode] = [
        [Step(prompt="what does Bookings.book/2 do"),
         Step(tools=[read("lib/ploverbook/bookings.ex",
                          "  def book(member, session) do\n    Repo.transaction(fn ->\n      "
                          "session = Repo.one!(from s in Session, where: s.id == ^session.id, "
                          "lock: \"FOR UPDATE\")\n\n      if session.booked >= session.capacity,"
                          "\n        do: Repo.rollback(:full),\n        else: insert_booking("
                          "member, session)\n    end)\n  end\n")]),
         Step(text="It locks the session row (FOR UPDATE), rolls back with `:full` once the "
                   "capacity is reached and otherwise inserts the booking — all in one "
                   "transaction, so two members can't both take the last spot.")],
        [Step(prompt="run bookings tests"),
         Step(tools=[bash("mix test test/ploverbook/bookings_test.exs",
                          "........\nFinished in 0.6 seconds (0.00s async, 0.6s sync)\n8 tests,"
                          " 0 failures")]),
         Step(text="8 tests, all green.")],
        [Step(prompt="who calls Bookings.cancel"),
         Step(tools=[grep("Bookings.cancel", ["lib/ploverbook_web/live/session_live/show.ex",
                                              "lib/ploverbook_web/controllers/api/"
                                              "booking_controller.ex"])]),
         Step(text="Two callers: the session LiveView (the cancel button) and the API booking "
                   "controller used by the kiosk app.")],
        [Step(prompt="typo in the Bookings moduledoc. 'capcity'"),
         Step(tools=[edit("lib/ploverbook/bookings.ex",
                          "  Books members into sessions and enforces capcity.",
                          "  Books members into sessions and enforces capacity.")]),
         Step(text="Fixed.")],
        [Step(prompt="state of my branch?"),
         Step(tools=[bash("git status --short",
                          " M lib/ploverbook/bookings.ex\n M test/ploverbook/bookings_test.exs"),
                     bash("git log --oneline -3",
                          "b71e2c0 Walls: sort by sector\n4c09d3a Session card shows coach\n"
                          "e2f18aa Bump phoenix_live_view to 0.20.14")]),
         Step(text="Two modified files (bookings.ex and its test) on top of the three commits "
                   "above; nothing staged.")],
        [Step(prompt="map pattern match with a missing key. crash or nil?"),
         Step(text="Crash: a map pattern only matches when every key in the pattern is "
                   "present, so `%{coach: c} = %{}` raises MatchError. Use `Map.get/3` when the "
                   "key is optional.")],
        [Step(prompt="format check failing in CI. fix"),
         Step(tools=[bash("mix format --check-formatted",
                          "** (Mix) mix format failed due to --check-formatted.\nThe following "
                          "files are not formatted:\n\n  * lib/ploverbook_web/live/"
                          "schedule_live/index.ex", 1),
                     bash("mix format && mix format --check-formatted", "")]),
         Step(text="Formatted schedule_live/index.ex; the check passes now.")],
        [Step(prompt="find every System.get_env outside config/"),
         Step(tools=[agent("Find runtime env reads",
                           "List every System.get_env call in lib/ and say whether it runs at "
                           "compile time or at runtime.",
                           "Two places. lib/ploverbook/mailer.ex reads SMTP_HOST in a module "
                           "attribute, so it's baked in at compile time and should move to "
                           "config/runtime.exs. lib/ploverbook/release.ex reads DATABASE_URL "
                           "inside a function at runtime, which is fine.", "a41f9c2d07",
                           "Explore", 5)]),
         Step(text="Only the mailer's SMTP_HOST is a problem: it's read at compile time. I'd "
                   "move it to runtime.exs; the release module's read is fine.")],
        [Step(prompt="plan for the coach availability page. no code yet"),
         Step(tools=[todo_write([("Schema for coach availability slots", "pending",
                                  "Designing the schema"),
                                 ("Context functions in Ploverbook.Coaches", "pending",
                                  "Writing context functions"),
                                 ("LiveView page with a week grid", "pending",
                                  "Building the LiveView"),
                                 ("Tests for overlapping slots", "pending", "Writing tests")])]),
         Step(text="Four steps: schema, context, LiveView, then the overlap tests. Say when to "
                   "start.")],
        [Step(prompt="Enum vs Stream. one line"),
         Step(text="Enum is eager and builds every intermediate list; Stream is lazy and "
                   "runs the whole pipeline per element only when something consumes it.")],
    ]
    return Project(
        "ploverbook", "git@github.com:cruxhall/ploverbook.git",
        {"README.md": "# ploverbook\n\nSession booking for bouldering gyms.\n",
         "mix.exs": "defmodule Ploverbook.MixProject do\n  use Mix.Project\nend\n"},
        _voiced(facts, "terse"), noise, "github")


# ------------------------------------------------------------------- yewbarrow
def yewbarrow() -> Project:
    facts = [
        Fact("conv-typed", "convention", ["untyped_declaration"],
             ["I'm writing a new script for the bats — any rules about how variables and "
              "functions should be declared?",
              "the game refuses to load my script because of a warning about a variable "
              "without a type, why is that an error?"],
             "yewbarrow's GDScript is fully statically typed: every var, parameter and return "
             "has a type, and the untyped_declaration warning is set to error in the project "
             "settings, so untyped code fails to load.",
             {"rule": "we type every variable and function in GDScript here, the "
                      "untyped_declaration warning is set to error in the project settings so "
                      "untyped code won't even load",
              "task": "add a signal for when a plant gets harvested, plus a harvest function",
              "follow": [edit("scripts/garden/plant.gd", "signal watered",
                              "signal watered\nsignal harvested(plant: Plant, yield_count: int)"
                              "\n\nfunc harvest() -> void:\n\tharvested.emit(self, stage + 1)\n"
                              "\tqueue_free()")],
              "contrary": edit("scripts/garden/plant.gd", "signal watered",
                               "signal watered\nsignal harvested(plant, yield_count)\n\nfunc "
                               "harvest():\n\tharvested.emit(self, stage + 1)\n\tqueue_free()"),
              "done": "Added the `harvested(plant: Plant, yield_count: int)` signal and "
                      "`harvest() -> void`, which emits it and frees the plant."}),
        Fact("conv-balance", "convention", ["balance.tres"],
             ["where should I put the price of the new seed packets so the designer can tweak "
              "it?",
              "I want to tune how fast the ghosts drift — where do numbers like that go?"],
             "In yewbarrow no magic numbers go in scripts: every tunable gameplay value "
             "(speeds, cooldowns, prices, timers) lives in res://data/balance.tres, read "
             "through the Balance autoload, so the designer can tweak it.",
             {"rule": "no magic numbers in scripts, every tunable value (speeds, timers, "
                      "prices) lives in res://data/balance.tres so the designer can tweak it "
                      "in the inspector",
              "task": "make the crows a bit slower and give them a 3 second scare cooldown",
              "follow": [edit("data/balance.tres", "crow_speed = 140.0",
                              "crow_speed = 115.0\ncrow_scare_cooldown = 3.0"),
                         edit("scripts/enemies/crow.gd", "\t_scared = true",
                              "\t_scared = true\n\t_scare_timer = Balance.crow_scare_cooldown")],
              "contrary": edit("scripts/enemies/crow.gd", "const SPEED: float = 140.0",
                               "const SPEED: float = 115.0\nconst SCARE_COOLDOWN: float = 3.0"),
              "done": "Crows now move at 115 and wait 3 s after a scare; both values can be "
                      "tuned in the balance resource."}),
        Fact("cmd-export", "command", ["Linux/X11"],
             ["how do I export a linux build from the command line for the playtesters?",
              "the headless export says the preset name is invalid, which one should I pass?"],
             "Export the yewbarrow Linux build headless with `godot --headless --export-release "
             "\"Linux/X11\" build/linux/yewbarrow.x86_64`: the preset is named Linux/X11 "
             "(\"Linux\" gives Invalid export preset name).",
             {"goal": "can you make a linux build for the playtest on friday? 🙏",
              "fail": bash("godot --headless --export-release \"Linux\" "
                           "build/linux/yewbarrow.x86_64",
                           "Godot Engine v4.2.2.stable.official.15073afe3 - "
                           "https://godotengine.org\nERROR: Invalid export preset name: Linux.\n"
                           "   at: _fs_changed (editor/editor_node.cpp:1006)", 1),
              "note": "The preset isn't called 'Linux' — export_presets.cfg names it "
                      "'Linux/X11'.",
              "ok": bash("godot --headless --export-release \"Linux/X11\" "
                         "build/linux/yewbarrow.x86_64",
                         "Godot Engine v4.2.2.stable.official.15073afe3 - "
                         "https://godotengine.org\nsavepack: begin: Packing step: 0\n[ 100% ] "
                         "savepack | Storing File: res://.godot/global_script_class_cache.cfg\n"
                         "savepack: end"),
              "hint": "ohh it's 'Linux/X11' with the slash!! that's the preset name in "
                      "export_presets.cfg (it's the old 3.x name lol)",
              "done": "The build is at build/linux/yewbarrow.x86_64, ready for the "
                      "playtesters."}),
        Fact("cmd-gut", "command", ["gexit"],
             ["how do I run the GUT unit tests from a terminal?",
              "our CI test job hangs until the timeout even though every test passes — fix the "
              "test command"],
             "Run yewbarrow's GUT unit tests with `godot --headless -s "
             "addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit`; without -gexit Godot "
             "never exits after the tests finish and the run hangs (CI timeout).",
             {"goal": "can you run the unit tests? i want to make sure i didn't break the "
                      "inventory 😅",
              "fail": bash("timeout 300 godot --headless -s addons/gut/gut_cmdln.gd "
                           "-gdir=res://test/unit",
                           "---  GUT  ---\nres://test/unit/test_inventory.gd\n.............\n"
                           "---- All tests finished ----\nPassing tests 41", 124),
              "note": "The tests actually passed, but GUT keeps the engine running afterwards "
                      "unless it's told to quit, so the command never returned and the timeout "
                      "killed it.",
              "ok": bash("godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit "
                         "-gexit",
                         "---  GUT  ---\n---- All tests finished ----\nPassing tests 41\nRun "
                         "complete, exiting with 0"),
              "hint": "oh nooo sorry, you need -gexit at the end or gut just sits there "
                      "forever after the tests finish",
              "done": "All 41 unit tests pass, inventory included."}),
        Fact("env-userdata", "environment", ["app_userdata"],
             ["I need to wipe my local save games to test the new-game flow, where are they on "
              "disk?",
              "a playtester's settings seem corrupted — which folder should I tell them to "
              "clear?"],
             "yewbarrow's user:// folder (save slots slot_1.json, slot_2.json, settings.cfg) "
             "is ~/.local/share/godot/app_userdata/Yewbarrow on Linux.",
             {"goal": "where do the save files actually end up on my machine? i want to delete "
                      "my test save",
              "probe": [bash("godot --headless --quit -s tools/print_paths.gd",
                             "user:// -> /home/dev/.local/share/godot/app_userdata/Yewbarrow\n"
                             "files: slot_1.json slot_2.json settings.cfg")],
              "confirm": "user:// maps to ~/.local/share/godot/app_userdata/Yewbarrow on Linux: "
                         "your saves are slot_1.json and slot_2.json in that folder, next to "
                         "settings.cfg.",
              "while": ("can you check the print_paths tool still works after the 4.2 "
                        "upgrade?",
                        "Yes, tools/print_paths.gd still runs fine on 4.2.")}),
        Fact("env-renderer", "environment", ["gl_compatibility"],
             ["which rendering backend does the game run on?",
              "a shader from a Forward+ tutorial looks wrong in our game — what renderer are "
              "we on?"],
             "yewbarrow uses Godot's Compatibility renderer (rendering_method "
             "gl_compatibility, OpenGL 3), not Forward+ or Mobile, so Forward+ shaders and "
             "effects behave differently.",
             {"goal": "why don't my new glow shaders look like the tutorial? 😅",
              "probe": [bash("grep -n -A4 '^\\[rendering\\]' project.godot",
                             "42:[rendering]\n43-\n44-renderer/rendering_method="
                             "\"gl_compatibility\"\n45-renderer/rendering_method.mobile="
                             "\"gl_compatibility\"\n46-textures/canvas_textures/"
                             "default_texture_filter=0")],
              "confirm": "The project runs on the Compatibility renderer "
                         "(rendering_method=\"gl_compatibility\", OpenGL 3) rather than Forward+, "
                         "so glow and other effects from Forward+ tutorials behave differently "
                         "here.",
              "while": ("can you see if pixel art filtering is set to nearest in the project "
                        "settings?",
                        "Yes: default_texture_filter=0 is Nearest.")}),
        Fact("gotcha-shared", "gotcha", ["resource_local_to_scene"],
             ["changing a shader parameter on one enemy changes it on every enemy of that type, "
              "why?",
              "I set a property on one instance's material and all the copies of the scene "
              "change too — how do I stop that?"],
             "In yewbarrow (Godot) instances of a scene share its sub-resources such as a "
             "ShaderMaterial, so changing one instance's material changes all of them unless "
             "resource_local_to_scene is enabled on it (or it is duplicated).",
             {"symptom": "ok this is so weird, when one gravestone gets damaged ALL the "
                         "gravestones show the crack?? only the one I hit should",
              "probe": [read("scenes/props/gravestone.tscn",
                             "[gd_scene load_steps=3 format=3]\n\n[ext_resource type=\"Script\""
                             " path=\"res://scripts/props/gravestone.gd\" id=\"1\"]\n\n"
                             "[sub_resource type=\"ShaderMaterial\" id=\"ShaderMaterial_k2x8p\"]"
                             "\nshader_parameter/crack_amount = 0.0\n\n[node name=\"Gravestone\""
                             " type=\"Sprite2D\"]\nmaterial = SubResource(\"ShaderMaterial_k2x8p"
                             "\")\nscript = ExtResource(\"1\")\n"),
                        grep("set_shader_parameter", ["scripts/props/gravestone.gd"])],
              "explain": "Every instance of gravestone.tscn shares the same ShaderMaterial "
                         "sub-resource, so set_shader_parameter(\"crack_amount\", …) on one "
                         "changes the material they all use. Resources are shared between "
                         "instances unless the material has resource_local_to_scene enabled "
                         "(or you duplicate() it in _ready).",
              "told": "OHHH wait I remember this from the jam, materials are shared between "
                      "instances!! you have to tick resource_local_to_scene on the material or "
                      "every instance uses the same one",
              "fix": [edit("scenes/props/gravestone.tscn",
                           "[sub_resource type=\"ShaderMaterial\" id=\"ShaderMaterial_k2x8p\"]",
                           "[sub_resource type=\"ShaderMaterial\" id=\"ShaderMaterial_k2x8p\"]\n"
                           "resource_local_to_scene = true")],
              "done": "Each gravestone gets its own copy of the material now, so only the one "
                      "you hit cracks."}),
        Fact("gotcha-weekday", "gotcha", ["WEEKDAY_SUNDAY"],
             ["the Friday fishing event is happening on the wrong day of the week, what's off?",
              "how should I check which day of the week it is in the calendar code?"],
             "Godot's weekday numbering starts at Sunday (Time.WEEKDAY_SUNDAY = 0, Monday = "
             "1): yewbarrow's calendar compared weekday to raw numbers assuming Monday = 0, so "
             "weekly events landed a day early; compare against the Time.WEEKDAY_* constants.",
             {"symptom": "soooo the Monday ghost market is opening on SUNDAYS 👻 which is kind "
                         "of funny but also wrong",
              "probe": [read("scripts/world/calendar.gd",
                             "func is_market_day() -> bool:\n\tvar today: Dictionary = "
                             "Time.get_datetime_dict_from_system()\n\treturn today.weekday == 0"
                             "  # Monday\n"),
                        bash("godot --headless --quit -s tools/print_weekday.gd",
                             "2024-06-09 weekday=0\n2024-06-10 weekday=1")],
              "explain": "Godot numbers weekdays from Sunday: Time.WEEKDAY_SUNDAY is 0 and "
                         "Monday is 1. calendar.gd compares against 0 thinking it's Monday, so "
                         "the market opens a day early. Compare against the Time.WEEKDAY_* "
                         "constants instead of raw numbers.",
              "told": "ahh godot weeks start on sunday!! WEEKDAY_SUNDAY is 0, monday is 1. we "
                      "should use the Time constants, not numbers",
              "fix": [edit("scripts/world/calendar.gd",
                           "\treturn today.weekday == 0  # Monday",
                           "\treturn today.weekday == Time.WEEKDAY_MONDAY")],
              "done": "The ghost market opens on Mondays again."}),
        Fact("fals-navagent", "falsified", ["NavigationAgent2D"],
             ["could we use Godot's built-in navigation with avoidance for the crow flock "
              "instead of the grid pathfinding?",
              "why does the enemy movement use a hand-rolled grid path rather than the engine's "
              "nav agents?"],
             "Moving yewbarrow's crows to NavigationAgent2D with avoidance failed (60 crows: "
             "19.4 ms physics frame, over the 16.6 ms budget, many stuck at the gate); the "
             "game keeps AStarGrid2D grid pathfinding.",
             {"ask": "could the crows path around the gravestones properly? maybe use the "
                     "built-in navigation agents with avoidance?",
              "change": [edit("scenes/enemies/crow.tscn",
                              "[node name=\"Crow\" type=\"CharacterBody2D\"]",
                              "[node name=\"Crow\" type=\"CharacterBody2D\"]\n\n[node name="
                              "\"Nav\" type=\"NavigationAgent2D\" parent=\".\"]\n"
                              "avoidance_enabled = true\nradius = 12.0"),
                         edit("scripts/enemies/crow.gd",
                              "\tvar next: Vector2 = _grid.get_point_path(from, to)[1]",
                              "\tvar next: Vector2 = $Nav.get_next_path_position()")],
              "broke": bash("godot --headless -s tools/bench_crows.gd -- --crows=60",
                            "crows=60 frames=600\nphysics frame avg 19.4 ms (budget 16.6 ms)\n"
                            "stuck crows after 10 s: 23\nFAIL: over budget", 1),
              "revert": bash("git checkout -- scenes/enemies/crow.tscn scripts/enemies/crow.gd",
                             ""),
              "conclusion": "Put the AStarGrid2D pathing back. With NavigationAgent2D avoidance "
                            "a 60-crow flock took 19.4 ms per physics frame (budget 16.6 ms) "
                            "and 23 crows jammed at the gate. Grid pathing is cheaper, and the "
                            "graveyard is tile-based anyway.",
              "want": "the crows keep bumping into gravestones :( is there a smarter way to "
                      "move them?",
              "offer": "Godot has NavigationAgent2D with built-in avoidance — I could give each "
                       "crow an agent on a navigation mesh instead of the AStarGrid2D path. Want "
                       "me to try it?",
              "story": "ooh no we actually had NavigationAgent2D on the crows for like two "
                       "months last year and it was a disaster 😭 with 60 crows the frame time "
                       "went way over budget and half of them got stuck at the gate. that's why "
                       "it's AStarGrid2D now. maybe just mark the gravestones as solid cells on "
                       "the grid?"}),
        Fact("fals-tres", "falsified", ["ResourceSaver"],
             ["could we store the save games as Godot resources to cut down the serialization "
              "code?",
              "why are save files plain JSON instead of the engine's own resource format?"],
             "yewbarrow saves stay JSON via FileAccess: saving as .tres with ResourceSaver was "
             "reverted because loading a .tres can run an embedded script (a shared save "
             "executed code).",
             {"ask": "can we save the game as a .tres resource instead of the json? it'd be way "
                     "less code to serialize!",
              "change": [edit("scripts/save/save_game.gd",
                              "\tvar file := FileAccess.open(path, FileAccess.WRITE)\n\t"
                              "file.store_string(JSON.stringify(data))",
                              "\tvar res: SaveData = SaveData.from_dict(data)\n\t"
                              "ResourceSaver.save(res, path.replace(\".json\", \".tres\"))")],
              "broke": bash("godot --headless --quit -s tools/check_save.gd -- "
                            "res://test/fixtures/evil_slot.tres",
                            "Loading res://test/fixtures/evil_slot.tres\n[evil_slot] hello "
                            "from inside a save file, I could call OS.execute here\nFAIL: "
                            "loading a save executed embedded script code", 1),
              "revert": bash("git checkout -- scripts/save/save_game.gd", ""),
              "conclusion": "Back to JSON. A .tres written by ResourceSaver and read back "
                            "through ResourceLoader can carry an embedded GDScript, and the "
                            "fixture save ran its code on load — with players sharing saves "
                            "that's arbitrary code execution. JSON through FileAccess stays.",
              "want": "the save code is sooo long, is there an easier way to serialize all the "
                      "garden state?",
              "offer": "We could make the save a custom Resource and write it with "
                       "ResourceSaver.save() as a .tres — Godot serializes every exported "
                       "property for you. Want me to switch it over?",
              "story": "hmm no!! we had ResourceSaver .tres saves in the first demo and it was "
                       "a disaster — someone on the discord shared a save with a script "
                       "embedded in it and it ran code when you loaded it 😬 so saves are json "
                       "now, always"}),
    ]
    noise: list[Episode] = [
        [Step(prompt="hey! what does the plant growth script do exactly? 🌱"),
         Step(tools=[read("scripts/garden/plant.gd",
                          "extends Node2D\nclass_name Plant\n\nsignal watered\n\n@export var "
                          "stages: Array[Texture2D] = []\nvar stage: int = 0\nvar water: float "
                          "= 0.0\n\nfunc _on_day_passed() -> void:\n\tif water >= 1.0 and stage"
                          " < stages.size() - 1:\n\t\tstage += 1\n\t\t$Sprite.texture = "
                          "stages[stage]\n\twater = 0.0\n")]),
         Step(text="Each new day, a plant that got enough water moves to its next growth stage "
                   "and swaps its sprite; the water level resets either way. A plant that "
                   "wasn't watered just stays where it is.")],
        [Step(prompt="could you run the linter on the scripts folder pls?"),
         Step(tools=[bash("gdlint scripts/", "Success: no problems found")]),
         Step(text="gdlint is happy — no problems in scripts/.")],
        [Step(prompt="where do we emit day_passed? I want to hook the compost bin into it"),
         Step(tools=[grep("day_passed.emit", ["scripts/world/clock.gd"])]),
         Step(text="Only scripts/world/clock.gd emits it. Connect the compost bin to "
                   "`Clock.day_passed` in its script and you'll get a call every in-game "
                   "morning.")],
        [Step(prompt="there's a typo in the README, it says 'graveyrad' lol"),
         Step(tools=[edit("README.md", "A cozy graveyrad gardening game.",
                          "A cozy graveyard gardening game.")]),
         Step(text="Fixed the typo.")],
        [Step(prompt="what have I changed so far today? I lose track haha"),
         Step(tools=[bash("git status --short",
                          " M scripts/garden/plant.gd\n?? scenes/props/lantern.tscn"),
                     bash("git log --oneline -3",
                          "9af01c3 Compost bin sprite\n53d2e7b Crow scare sound\n0c8e114 Fix "
                          "watering can z-index")]),
         Step(text="You've modified plant.gd and added a new lantern scene (not committed yet); "
                   "the last commits are the compost sprite, the crow sound and the z-index "
                   "fix.")],
        [Step(prompt="sorry if this is a dumb question but what's the difference between "
                     "_process and _physics_process?"),
         Step(text="Not dumb at all! `_process(delta)` runs every rendered frame, so its rate "
                   "varies; `_physics_process(delta)` runs at the fixed physics tick (60 Hz by "
                   "default). Put movement and collisions in `_physics_process`, and visual "
                   "stuff like animations or UI in `_process`.")],
        [Step(prompt="can we add a sound when the lantern turns on?"),
         Step(tools=[ask_user("Which sound should play when the lantern lights up?", "Sound",
                              [("lantern_click.ogg", "Short mechanical click"),
                               ("lantern_whoosh.ogg", "Soft flame whoosh")],
                              "lantern_whoosh.ogg")]),
         Step(tools=[edit("scripts/props/lantern.gd", "func turn_on() -> void:",
                          "func turn_on() -> void:\n\t$LightSound.play()")]),
         Step(text="The lantern plays lantern_whoosh.ogg through its LightSound player when it "
                   "turns on.")],
        [Step(prompt="which scenes still use the old pixel font? I want to swap them all"),
         Step(tools=[agent("Find old font usage",
                           "Find every .tscn and .tres that still references "
                           "res://fonts/old_pixel.ttf.",
                           "Three scenes still use res://fonts/old_pixel.ttf: "
                           "scenes/ui/shop_panel.tscn, scenes/ui/tooltip.tscn and "
                           "scenes/ui/pause_menu.tscn. Everything else uses the theme's "
                           "default font.", "b07c3e91fa", "Explore", 4)]),
         Step(text="Three UI scenes still reference the old font: shop_panel, tooltip and "
                   "pause_menu. Switching them to the theme default would cover it.")],
        [Step(prompt="ok can you help me plan the lantern feature? no code yet!"),
         Step(tools=[todo_write([("Lantern scene with a PointLight2D", "pending",
                                  "Building the lantern scene"),
                                 ("Turn lanterns on at dusk via the clock", "pending",
                                  "Hooking up dusk"),
                                 ("Let the player carry one lantern", "pending",
                                  "Adding carrying")])]),
         Step(text="Three steps: the scene itself, switching on at dusk, then carrying. "
                   "Tell me when you want to start!")],
        [Step(prompt="quick q!! is it bad to call get_node() every frame in _process? 🤔"),
         Step(text="Not terrible, but wasteful: each call walks the path. Grab the node once "
                   "with `@onready var sprite: Sprite2D = $Sprite` and use the variable in "
                   "`_process`.")],
    ]
    return Project(
        "yewbarrow", "git@github.com:lanternmoth/yewbarrow.git",
        {"README.md": "# yewbarrow\n\nA cozy graveyard gardening game.\n",
         "project.godot": "config_version=5\n\n[application]\nconfig/name=\"Yewbarrow\"\n"},
        _voiced(facts, "chatty"), noise, "slack")


# ------------------------------------------------------------------- tidewell
def tidewell() -> Project:
    facts = [
        Fact("conv-pipe", "convention", ["magrittr"],
             ["which pipe operator should I use in the new module code?",
              "rewrite the %>% pipe chains in the rainfall module the way we write them here"],
             "tidewell code writes its pipe chains with the native R pipe |> only, never the "
             "magrittr pipe %>% (magrittr was removed from the dependencies).",
             {"rule": "we use always the native pipe |> and not the magrittr pipe, we removed "
                      "magrittr from the dependencies",
              "task": "make a function that computes the daily mean salinity per station",
              "follow": [write("R/fct_salinity.R",
                               "daily_mean_salinity <- function(measurements) {\n  "
                               "measurements |>\n    dplyr::mutate(day = as.Date(measured_at))"
                               " |>\n    dplyr::group_by(station_id, day) |>\n    "
                               "dplyr::summarise(mean_psu = mean(salinity_psu, na.rm = TRUE), "
                               ".groups = \"drop\")\n}\n")],
              "contrary": write("R/fct_salinity.R",
                                "daily_mean_salinity <- function(measurements) {\n  "
                                "measurements %>%\n    dplyr::mutate(day = as.Date(measured_at"
                                ")) %>%\n    dplyr::group_by(station_id, day) %>%\n    "
                                "dplyr::summarise(mean_psu = mean(salinity_psu, na.rm = TRUE),"
                                " .groups = \"drop\")\n}\n"),
              "done": "Added daily_mean_salinity() in R/fct_salinity.R."}),
        Fact("conv-palette", "convention", ["tw_palette"],
             ["what colours should the new rainfall chart use?",
              "make the bars in the discharge plot use our standard colours"],
             "All tidewell plot colours come from tw_palette() (the colour-blind-safe house "
             "palette, via scale_colour_manual / scale_fill_manual), never ggplot's default "
             "colours.",
             {"rule": "the colours of plots come always from tw_palette(), not the ggplot "
                      "default colours, because it is colour-blind safe and the house style "
                      "of the board",
              "task": "add a plot of the water level for the selected stations",
              "follow": [edit("R/mod_levels.R",
                              "  output$level_plot <- renderPlot({\n    NULL\n  })",
                              "  output$level_plot <- renderPlot({\n    ggplot2::ggplot(levels()"
                              ", ggplot2::aes(measured_at, level_cm_nap, colour = station_name))"
                              " +\n      ggplot2::geom_line() +\n      ggplot2::"
                              "scale_colour_manual(values = tw_palette(length(input$stations)))"
                              " +\n      ggplot2::labs(x = NULL, y = \"cm NAP\", colour = "
                              "\"Station\")\n  })")],
              "contrary": edit("R/mod_levels.R",
                               "  output$level_plot <- renderPlot({\n    NULL\n  })",
                               "  output$level_plot <- renderPlot({\n    ggplot2::ggplot("
                               "levels(), ggplot2::aes(measured_at, level_cm_nap, colour = "
                               "station_name)) +\n      ggplot2::geom_line()\n  })"),
              "done": "The level plot is in mod_levels.R, one line per selected station."}),
        Fact("cmd-test", "command", ["devtools::test"],
             ["how do I run the unit tests of the dashboard package?",
              "the tests complain that they could not find my functions, what is the right "
              "command to start them?"],
             "Run tidewell's tests with `Rscript -e 'devtools::test()'` (it loads the package "
             "first); testthat::test_dir() fails with 'could not find function'.",
             {"goal": "Please run the tests, I changed the station lookup.",
              "fail": bash("Rscript -e 'testthat::test_dir(\"tests/testthat\")'",
                           "✖ | 1        0 | station_lookup\n──────────────────────\nError "
                           "(test-station_lookup.R:4:3): lookup returns the station name\n"
                           "Error in `lookup_station(\"RW-014\")`: could not find function "
                           "\"lookup_station\"\n══ Results ═══\n[ FAIL 1 | WARN 0 | SKIP 0 | "
                           "PASS 0 ]", 1),
              "note": "test_dir() runs the test files without loading the package, so none of "
                      "tidewell's functions exist there; devtools::test() loads it first.",
              "ok": bash("Rscript -e 'devtools::test()'",
                         "ℹ Testing tidewell\n✔ | F W  S  OK | Context\n✔ |          6 | "
                         "station_lookup\n✔ |         14 | salinity\n\n══ Results ══\n[ FAIL 0 "
                         "| WARN 0 | SKIP 0 | PASS 20 ]"),
              "hint": "Ah, this does not work with test_dir, it does not load the package. You "
                      "must use devtools::test(), then it works.",
              "done": "All 20 tests pass, the station lookup ones included."}),
        Fact("cmd-deploy", "command", ["wsdata"],
             ["publish the latest dashboard to our Posit Connect server",
              "rsconnect asks me which account to deploy with — which one is right for the "
              "production dashboard?"],
             "Deploy tidewell to the board's Posit Connect with rsconnect::deployApp(appName = "
             "\"tidewell\", account = \"wsdata\", server = \"connect.rijnwaard.nl\"): the shared "
             "wsdata account, never a personal shinyapps.io one.",
             {"goal": "Can you deploy the new version to the Connect server? The colleagues "
                      "want to see the salinity page.",
              "fail": bash("Rscript -e 'rsconnect::deployApp()'",
                           "Error in `rsconnect::deployApp()`:\n! Please specify the account "
                           "you want to use.\nAvailable accounts: wsdata@connect.rijnwaard.nl, "
                           "tkuipers@shinyapps.io\nExecution halted", 1),
              "note": "Two rsconnect accounts are configured; the dashboard belongs on the "
                      "board's own Connect server, under the shared wsdata account.",
              "ok": bash("Rscript -e 'rsconnect::deployApp(appName = \"tidewell\", account = "
                         "\"wsdata\", server = \"connect.rijnwaard.nl\", forceUpdate = TRUE)'",
                         "── Preparing for deployment ──\n✔ Deploying \"tidewell\" using "
                         "\"server: connect.rijnwaard.nl / username: wsdata\"\nℹ Bundling 38 "
                         "files\n✔ Successfully deployed to "
                         "<https://connect.rijnwaard.nl/tidewell/>"),
              "hint": "Not my personal account! Always the shared account wsdata on "
                      "connect.rijnwaard.nl, my shinyapps account is only for experiments.",
              "done": "Deployed: https://connect.rijnwaard.nl/tidewell/ has the new version."}),
        Fact("env-dsn", "environment", ["TIDEDB_RO"],
             ["which database connection should my new query module use to read the gauge "
              "measurements?",
              "I want to query the measurements from Power BI, what data source name do I "
              "use?"],
             "tidewell reads measurements from SQL Server through the read-only ODBC DSN "
             "TIDEDB_RO (ODBC Driver 18); TIDEDB_ETL is the loader's read-write DSN.",
             {"goal": "With which ODBC data source does the app read the measurements? I need "
                      "it for a report in Excel.",
              "probe": [bash("Rscript -e 'odbc::odbcListDataSources()'",
                             "        name                   description\n1  TIDEDB_RO  ODBC "
                             "Driver 18 for SQL Server\n2 TIDEDB_ETL  ODBC Driver 18 for SQL "
                             "Server"),
                        grep("dsn = \"TIDEDB_RO\"", ["R/utils_db.R"])],
              "confirm": "The app connects through the ODBC DSN TIDEDB_RO (SQL Server, ODBC "
                         "Driver 18, read-only) in R/utils_db.R. TIDEDB_ETL is the loader's "
                         "read-write one, so use TIDEDB_RO for the Excel report as well.",
              "while": ("Please check which ODBC drivers are installed on this machine, the "
                        "DBA asks.",
                        "Only ODBC Driver 18 for SQL Server is in use here.")}),
        Fact("env-r", "environment", ["4.3.3"],
             ["which R release should I install on the build server for the dashboard?",
              "renv restore rebuilds every package on my machine, is my R version wrong?"],
             "tidewell's renv.lock pins R 4.3.3 (Posit Package Manager CRAN snapshot of "
             "2024-03-15); use that R version, not 4.4.",
             {"goal": "I got a new laptop. Which R version I must install for this project?",
              "probe": [bash("head -11 renv.lock",
                             "{\n  \"R\": {\n    \"Version\": \"4.3.3\",\n    \"Repositories\":"
                             " [\n      {\n        \"Name\": \"CRAN\",\n        \"URL\": "
                             "\"https://packagemanager.posit.co/cran/2024-03-15\"\n      }\n"
                             "    ]\n  },\n  \"Packages\": {"),
                        bash("R --version | head -1",
                             "R version 4.4.1 (2024-06-14) -- \"Race for Your Life\"")],
              "confirm": "renv.lock pins R 4.3.3, with the Posit Package Manager CRAN snapshot "
                         "of 2024-03-15. This machine has 4.4.1, so install 4.3.3 (rig makes "
                         "that easy) before renv::restore(), or every package gets rebuilt "
                         "against the wrong R.",
              "while": ("renv::status() says something is out of sync, can you look?",
                        "The lockfile itself is consistent; the mismatch is the R "
                        "installation.")}),
        Fact("gotcha-met", "gotcha", ["Etc/GMT-1"],
             ["the gauge readings are shifted by an hour in summer, which timezone must the "
              "timestamps be parsed with?",
              "convert the new rainfall timestamps to POSIXct correctly"],
             "tidewell gauge timestamps are MET (UTC+1 all year, no summer time): parse them "
             "with as.POSIXct(..., tz = \"Etc/GMT-1\"); Europe/Amsterdam shifts summer "
             "readings by one hour.",
             {"symptom": "The water levels in the plot are one hour shifted compared to the "
                         "Rijkswaterstaat website, but only since end of March. In the winter "
                         "it was correct.",
              "probe": [read("R/utils_db.R",
                             "read_levels <- function(con, from, to) {\n  df <- "
                             "DBI::dbGetQuery(con, sql_levels(from, to))\n  df$measured_at <- "
                             "as.POSIXct(df$measured_at, tz = \"Europe/Amsterdam\")\n  df\n}\n"),
                        bash("Rscript -e 'format(as.POSIXct(\"2024-06-01 12:00\", tz = "
                             "\"Europe/Amsterdam\"), tz = \"UTC\")'",
                             "[1] \"2024-06-01 10:00:00\"")],
              "explain": "The gauge clocks run on MET, which is UTC+1 all year with no summer "
                         "time, but read_levels() parses the timestamps as Europe/Amsterdam, "
                         "which jumps to UTC+2 in summer. From the switch at the end of March "
                         "every reading is an hour off. Parse them with tz = \"Etc/GMT-1\" (the "
                         "POSIX sign is inverted: Etc/GMT-1 means UTC+1).",
              "told": "Ah wait, I know it now. The measurements are always in MET, winter time "
                      "the whole year, no summer time! So you must use tz = \"Etc/GMT-1\", not "
                      "Europe/Amsterdam. The minus is strange but it is correct.",
              "fix": [edit("R/utils_db.R",
                           "  df$measured_at <- as.POSIXct(df$measured_at, tz = "
                           "\"Europe/Amsterdam\")",
                           "  # gauge clocks run on MET (UTC+1) all year; Etc/GMT-1 is UTC+1\n"
                           "  df$measured_at <- as.POSIXct(df$measured_at, tz = "
                           "\"Etc/GMT-1\")")],
              "done": "The timestamps match the Rijkswaterstaat site again, summer and "
                      "winter."}),
        Fact("gotcha-cache", "gotcha", ["bindCache"],
             ["the discharge chart does not react when I change the period filter but it does "
              "for the station filter, why?",
              "I want to add caching to the rainfall plot, anything I need to be careful "
              "about?"],
             "In tidewell, a chart that doesn't react to the date/period filter (but does to "
             "the station filter) is Shiny's bindCache silently serving a stale cached plot: "
             "every input the output depends on (e.g. input$daterange) must be in the "
             "bindCache() key.",
             {"symptom": "When I change the date range, the salinity plot stays the same. Only "
                         "when I change the station it updates. Is this a bug of Shiny?",
              "probe": [read("R/mod_salinity.R",
                             "  output$salinity_plot <- renderPlot({\n    plot_salinity("
                             "salinity_data())\n  }) |>\n    bindCache(input$stations)\n")],
              "explain": "Not a Shiny bug: the plot is wrapped in bindCache(input$stations), "
                         "and bindCache silently serves the cached plot whenever its key "
                         "matches. The date range isn't part of the key, so changing only the "
                         "dates returns the old plot. Every input the plot depends on has to "
                         "be in the cache key.",
              "told": "Oh no, I remember! bindCache uses only the keys you give, and we forgot "
                      "the date range. Then it gives the old plot from the cache, without any "
                      "warning.",
              "fix": [edit("R/mod_salinity.R", "    bindCache(input$stations)",
                           "    bindCache(input$stations, input$daterange)")],
              "done": "The salinity plot follows both the stations and the date range now."}),
        Fact("fals-plotly", "falsified", ["ggplotly"],
             ["can we make the water level chart interactive with hover tooltips using plotly?",
              "why is the level page a static plot and not an interactive one?"],
             "Converting the tidewell level plot to plotly with ggplotly was reverted: a year "
             "of 10-minute data made the page take ~11.7 s (budget 3 s); use renderPlot hover "
             "(nearPoints) for exact values instead.",
             {"ask": "Can you make the level plot interactive with hover? Maybe with plotly, "
                     "the colleagues like to see the exact values.",
              "change": [edit("R/mod_levels.R",
                              "  output$level_plot <- renderPlot({\n    plot_levels(levels())\n"
                              "  })",
                              "  output$level_plot <- plotly::renderPlotly({\n    "
                              "plotly::ggplotly(plot_levels(levels()), tooltip = c(\"x\", "
                              "\"y\"))\n  })"),
                         edit("R/mod_levels.R", "    plotOutput(ns(\"level_plot\"))",
                              "    plotly::plotlyOutput(ns(\"level_plot\"))")],
              "broke": bash("Rscript -e 'shinytest2::test_app(\".\", filter = \"levels\")'",
                            "✖ | 1        3 | levels\nFailure (test-levels.R:18:3): the level "
                            "page renders a full year in under 3 s\n`elapsed` is not less than "
                            "3.\n`actual`: 11.7\n[ FAIL 1 | WARN 0 | SKIP 0 | PASS 3 ]", 1),
              "revert": bash("git checkout -- R/mod_levels.R", ""),
              "conclusion": "I took ggplotly out again: a year of 10-minute readings is about "
                            "52,000 points per station, and the page needed 11.7 s instead of "
                            "under 3. A hover on the normal renderPlot (nearPoints on "
                            "plot_hover) shows exact values without that cost.",
              "want": "The colleagues want to see the exact values when they point at the "
                      "level plot. What is the simplest way?",
              "offer": "The simplest is wrapping the existing ggplot in plotly::ggplotly() and "
                       "switching to renderPlotly — hover tooltips come for free. Shall I do "
                       "that?",
              "story": "No, please not. We had ggplotly on the level page last year and it was "
                       "a disaster: with a full year of 10-minute values the page needed more "
                       "than 10 seconds, and the browser hung on the old laptops. We removed "
                       "it. Better something with the hover of the normal renderPlot."}),
        Fact("fals-async", "falsified", ["future_promise"],
             ["can we run the slow database queries asynchronously so one user doesn't block "
              "the others?",
              "what happened when someone tried making the dashboard's data loading async?"],
             "Making tidewell's queries async with promises::future_promise failed: the ODBC "
             "connection's external pointer is invalid in the future worker (communication "
             "link failure); reverted.",
             {"ask": "The dashboard blocks for everybody when one person loads a long period. "
                     "Can you make the queries async?",
              "change": [bash("Rscript -e 'renv::install(c(\"future\", \"promises\"))'",
                              "✔ Installed future 1.33.2\n✔ Installed promises 1.3.0"),
                         edit("R/mod_levels.R",
                              "  levels <- reactive({\n    read_levels(con, input$daterange[1],"
                              " input$daterange[2])\n  })",
                              "  levels <- reactive({\n    from <- input$daterange[1]\n    to "
                              "<- input$daterange[2]\n    promises::future_promise("
                              "read_levels(con, from, to))\n  })")],
              "broke": bash("Rscript -e 'shiny::runApp(port = 7411, launch.browser = FALSE)'",
                            "Listening on http://127.0.0.1:7411\nWarning: Error in : external "
                            "pointer is not valid\nUnhandled promise error: nanodbc/nanodbc.cpp"
                            ":1021: 08S01: [Microsoft][ODBC Driver 18 for SQL Server]"
                            "Communication link failure", 1),
              "revert": bash("git checkout -- R/mod_levels.R renv.lock", ""),
              "conclusion": "Reverted. The ODBC connection lives in the main R process and "
                            "can't be handed to a future worker: inside future_promise its "
                            "external pointer is invalid and the query dies with a "
                            "communication link failure. Async would mean a new connection per "
                            "worker; limiting the date range or pre-aggregating is simpler.",
              "want": "When one person loads five years of data, the app is stuck for all the "
                      "others. What can we do?",
              "offer": "One option is to run the slow query asynchronously with "
                       "promises::future_promise(), so one long load doesn't block the other "
                       "sessions. Shall I set that up in the levels module?",
              "story": "Hmm, no. We tried future_promise already in the spring, it was a "
                       "disaster: the ODBC connection does not survive in the future worker, "
                       "every query failed with 'external pointer is not valid'. We removed it "
                       "again. Maybe we limit the period?"}),
    ]
    noise: list[Episode] = [
        [Step(prompt="Can you explain me what mod_stations.R does?"),
         Step(tools=[read("R/mod_stations.R",
                          "mod_stations_ui <- function(id) {\n  ns <- NS(id)\n  "
                          "selectizeInput(ns(\"stations\"), \"Stations\", choices = NULL, "
                          "multiple = TRUE)\n}\n\nmod_stations_server <- function(id, "
                          "stations) {\n  moduleServer(id, function(input, output, session) {\n"
                          "    updateSelectizeInput(session, \"stations\", choices = "
                          "stations$name, server = TRUE)\n    reactive(input$stations)\n  })\n"
                          "}\n")]),
         Step(text="It's the station picker: the UI part is a multi-select box, and the server "
                   "part fills it with the station names (server-side, so the long list stays "
                   "fast) and returns the selection as a reactive for the other modules.")],
        [Step(prompt="Please run lintr on the R folder."),
         Step(tools=[bash("Rscript -e 'lintr::lint_dir(\"R\")'", "No lints found.")]),
         Step(text="lintr finds nothing in R/.")],
        [Step(prompt="Where we use the function read_levels?"),
         Step(tools=[grep("read_levels\\(", ["R/mod_levels.R", "R/mod_overview.R"])]),
         Step(text="In two modules: mod_levels.R (the level page) and mod_overview.R (the "
                   "small sparkline per station).")],
        [Step(prompt="In the UI there is a typo, it says 'Staions'. Can you correct it?"),
         Step(tools=[edit("R/app_ui.R", "      title = \"Staions\",",
                          "      title = \"Stations\",")]),
         Step(text="Corrected to \"Stations\".")],
        [Step(prompt="What did I change until now on this branch?"),
         Step(tools=[bash("git status --short", " M R/mod_stations.R\n M R/app_ui.R"),
                     bash("git log --oneline -3",
                          "f3a90c1 Overview: sparkline per station\n72d4e0b Station picker "
                          "server-side\n1e6b5d2 Update README screenshots")]),
         Step(text="You changed mod_stations.R and app_ui.R (not committed), on top of the "
                   "three commits shown.")],
        [Step(prompt="What is the difference between reactive() and observe()? I mix them "
                     "up always."),
         Step(text="`reactive()` computes a value and caches it; other code reads it by "
                   "calling it, and it only recalculates when its inputs change. `observe()` "
                   "returns nothing — it's for side effects (updating an input, writing a log) "
                   "and runs whenever its dependencies change. Rule of thumb: if you need the "
                   "result, use reactive(); if you only want something to happen, observe().")],
        [Step(prompt="The dates in the station table, can you format them nicer?"),
         Step(tools=[ask_user("Which date format should the station table show?", "Format",
                              [("dd-mm-yyyy", "Dutch style, e.g. 01-06-2024"),
                               ("yyyy-mm-dd", "ISO style, e.g. 2024-06-01")],
                              "dd-mm-yyyy")]),
         Step(tools=[edit("R/mod_stations.R", "    DT::datatable(tbl)",
                          "    DT::datatable(tbl) |>\n      DT::formatDate(\"installed_on\", "
                          "method = \"toLocaleDateString\", params = list(\"nl-NL\"))")]),
         Step(text="The installation dates now show as dd-mm-yyyy (Dutch locale).")],
        [Step(prompt="Can you find all places where we call library() inside the R folder? "
                     "This is not allowed in a package."),
         Step(tools=[agent("Find library() calls",
                           "Search R/ for library() or require() calls and report file and "
                           "line.",
                           "One hit: R/mod_overview.R line 3 has library(sparkline). "
                           "Everything else uses pkg::fun() or the NAMESPACE imports.",
                           "c52e8a1b3d", "Explore", 3)]),
         Step(text="Only R/mod_overview.R calls library(sparkline). It should become an import "
                   "in the NAMESPACE (or sparkline:: calls).")],
        [Step(prompt="Please make a plan for the new tab with the water quality. No code yet."),
         Step(tools=[todo_write([("Query for oxygen and turbidity", "pending",
                                  "Writing the query"),
                                 ("Module mod_quality with a plot per parameter", "pending",
                                  "Building the module"),
                                 ("Add the tab to app_ui.R", "pending", "Adding the tab")])]),
         Step(text="Three steps: the query, a mod_quality module, then the tab in the UI. Tell "
                   "me when I can start.")],
        [Step(prompt="R CMD check gives 'no visible binding for global variable'. What means "
                     "this?"),
         Step(text="It means check sees a bare column name such as `station_id` inside a dplyr "
                   "call and can't tell it is a column. Use `.data$station_id`, or declare the "
                   "names once with `utils::globalVariables()`; the code itself is fine.")],
    ]
    return Project(
        "tidewell", "git@gitlab.rijnwaard.nl:data/tidewell.git",
        {"README.md": "# tidewell\n\nWater level and salinity dashboard.\n",
         "DESCRIPTION": "Package: tidewell\nTitle: Water Level Dashboard\nVersion: 0.9.2\n"},
        _voiced(facts, "nonnative"), noise, "postgres")


# ------------------------------------------------------------------- gustlog
def gustlog() -> Project:
    facts = [
        Fact("conv-static", "convention", ["FixedBufferAllocator"],
             ["the new NMEA parser needs some scratch memory, how should I get it?",
              "can I use std.heap.page_allocator in the sensor driver?"],
             "gustlog firmware never heap-allocates: memory is static, and code that really "
             "needs an std.mem.Allocator gets a FixedBufferAllocator over a static buffer "
             "(no page_allocator or GeneralPurposeAllocator).",
             {"rule": "no heap allocs in the firmware, ever. if something realy needs an "
                      "allocator it gets a FixedBufferAllocator over a static buffer",
              "task": "add a ring buffer for the last 10 min of gust samples",
              "follow": [write("src/gusts.zig",
                               "const std = @import(\"std\");\n\n/// Last 10 minutes of 1 Hz "
                               "gust samples.\nvar storage: [600]u16 = undefined;\n\npub const "
                               "GustRing = struct {\n    buf: []u16 = &storage,\n    head: "
                               "usize = 0,\n    len: usize = 0,\n\n    pub fn push(self: "
                               "*GustRing, v: u16) void {\n        self.buf[self.head] = v;\n"
                               "        self.head = (self.head + 1) % self.buf.len;\n        "
                               "if (self.len < self.buf.len) self.len += 1;\n    }\n};\n")],
              "contrary": write("src/gusts.zig",
                                "const std = @import(\"std\");\n\npub const GustRing = struct {"
                                "\n    buf: []u16,\n    head: usize = 0,\n\n    pub fn init() "
                                "!GustRing {\n        return .{ .buf = try "
                                "std.heap.page_allocator.alloc(u16, 600) };\n    }\n};\n"),
              "done": "GustRing keeps its 600 samples in a static array — no allocator "
                      "involved."}),
        Fact("conv-try", "convention", ["catch unreachable"],
             ["how should the new humidity driver deal with i2c errors?",
              "is it ok to assume a sensor read never fails in driver code?"],
             "In gustlog drivers never use `catch unreachable`: propagate errors with try so "
             "the main loop can log them and reset the I2C bus.",
             {"rule": "no catch unreachable in the drivers, errors get propagated with try so "
                      "the main loop can log them and reset the bus",
              "task": "wire up the bme280 read in the sampling loop",
              "follow": [edit("src/main.zig", "    const wind = try anemometer.sample();",
                              "    const wind = try anemometer.sample();\n    const env = try "
                              "bme280.read(&i2c0);")],
              "contrary": edit("src/main.zig", "    const wind = try anemometer.sample();",
                               "    const wind = try anemometer.sample();\n    const env = "
                               "bme280.read(&i2c0) catch unreachable;"),
              "done": "The sampling loop reads the BME280 every tick; a bus error bubbles up to "
                      "the main loop's handler."}),
        Fact("cmd-flash", "command", ["picotool"],
             ["how do I put new firmware on the logger board over usb?",
              "zig build has no step for flashing — what do I run to load the uf2 onto the "
              "pico?"],
             "Put new firmware on the gustlog logger board over USB with `zig build "
             "-Doptimize=ReleaseSmall && picotool load -x zig-out/firmware/gustlog.uf2 -f` "
             "(there is no `zig build flash` step).",
             {"goal": "flash the board pls, its plugged in",
              "fail": bash("zig build flash",
                           "error: no step named 'flash'\n  access the help menu with 'zig "
                           "build -h'", 1),
              "note": "build.zig has no flash step, it only produces the UF2; picotool can "
                      "force the board into BOOTSEL, load it and reboot.",
              "ok": bash("zig build -Doptimize=ReleaseSmall && picotool load -x "
                         "zig-out/firmware/gustlog.uf2 -f",
                         "Tracking device serial number E6614C311B7E5D2F for reboot\nThe device"
                         " was asked to reboot into BOOTSEL mode so the command can be "
                         "executed.\n\nLoading into Flash: [==============================]  "
                         "100%\n\nThe device was asked to reboot back into application mode."),
              "hint": "theres no flash step lol. zig build -Doptimize=ReleaseSmall then "
                      "picotool load -x zig-out/firmware/gustlog.uf2 -f",
              "done": "Flashed the ReleaseSmall build; the board rebooted into the app."}),
        Fact("cmd-tests", "command", ["test-host"],
             ["how do I run the unit tests on my laptop?",
              "the tests fail saying the host can't execute binaries from the thumb target, "
              "what should I run instead?"],
             "Run gustlog's unit tests on the dev machine with `zig build test-host`; plain "
             "`zig build test` targets thumb-freestanding-eabi (the RP2040) and the host "
             "can't execute it.",
             {"goal": "run the unit tests",
              "fail": bash("zig build test",
                           "test\n└─ run test\n   error: the host system (x86_64-linux-gnu) is "
                           "unable to execute binaries from the target "
                           "(thumb-freestanding-eabi)\nBuild Summary: 2/4 steps succeeded; 1 "
                           "failed", 1),
              "note": "The default test step builds for the RP2040, which can't run here; "
                      "build.zig has a separate step that compiles the pure-logic modules for "
                      "the machine you're on.",
              "ok": bash("zig build test-host",
                         "Build Summary: 3/3 steps succeeded; 47/47 tests passed\ntest-host "
                         "success\n└─ run test 47 passed 18ms MaxRSS:2M"),
              "hint": "ah the normal test step is for the pico target, it cant run on ur "
                      "machine. use zig build test-host",
              "done": "47 of 47 tests pass."}),
        Fact("env-tty", "environment", ["ttyACM0"],
             ["which device file do I open to see the logger's debug output?",
              "picocom can't find the board, what port is it on?"],
             "The gustlog logger's debug output goes to its USB serial console, device file "
             "/dev/ttyACM0 at 115200 baud (src/console.zig); watch it with picocom.",
             {"goal": "wheres the serial console? want to watch the log",
              "probe": [bash("ls -l /dev/serial/by-id/",
                             "lrwxrwxrwx 1 root root 13 Jun 11 09:12 usb-Raspberry_Pi_Pico_"
                             "E6614C311B7E5D2F-if00 -> ../../ttyACM0"),
                        grep("baud_rate = 115200", ["src/console.zig"])],
              "confirm": "The board's USB serial shows up as /dev/ttyACM0, and src/console.zig "
                         "runs it at 115200 baud — `picocom -b 115200 /dev/ttyACM0` to watch "
                         "the log.",
              "while": ("whats plugged in on usb rn? want to make sure its the right pico",
                        "Only one Pico is connected, serial E6614C311B7E5D2F.")}),
        Fact("env-layout", "environment", ["0x100000"],
             ["I want to read out the stored wind logs from flash, at which address do they "
              "begin?",
              "how is the 2 MB flash chip divided up between firmware, config and logs?"],
             "gustlog's flash layout (W25Q16, 2 MB): firmware up to 0x0F0000, config sector at "
             "0x0F0000, the append-only log ring from offset 0x100000 to 0x200000.",
             {"goal": "where does the log storage start in flash? want to dump it",
              "probe": [read("src/flash_layout.zig",
                             "//! W25Q16 2 MB flash layout\npub const firmware_max = 0x0F0000;"
                             "\npub const config_sector = 0x0F0000;\npub const log_start = "
                             "0x100000; // 1 MiB append-only ring\npub const log_end = "
                             "0x200000;\n")],
              "confirm": "The log ring starts at flash offset 0x100000 and runs to the end of "
                         "the 2 MB chip (0x200000), so it's the upper 1 MiB; the firmware may "
                         "use up to 0x0F0000 and the config sector sits just below the log. "
                         "For a dump, the XIP address is 0x10000000 plus the offset.",
              "while": ("how much room is left for the firmware image? the build is getting "
                        "big",
                        "The firmware may grow to 0x0F0000 (960 KiB); the current image is far "
                        "below that.")}),
        Fact("gotcha-clocks", "gotcha", ["clocks.init"],
             ["serial output is garbled after I reordered the startup code, what's the rule?",
              "in what order do the peripherals need to be initialised in main?"],
             "In gustlog main, clocks.init() must run before the console/UART, I2C or PWM "
             "init: otherwise their dividers are computed from the 6 MHz boot oscillator and "
             "the serial output turns to garbage after the switch to the 125 MHz PLL.",
             {"symptom": "uart is printing garbage agian after i moved the init stuff around "
                         "in main. like ÿþ€ junk",
              "probe": [read("src/main.zig",
                             "pub fn main() !void {\n    console.init(115200);\n    "
                             "clocks.init();\n    i2c0.init(.{ .sda = 4, .scl = 5 });\n    "
                             "try run();\n}\n")],
              "explain": "console.init() now runs before clocks.init(). The UART divisor is "
                         "computed from the current peripheral clock, which is still the 6 MHz "
                         "ring oscillator at that point; once clocks.init() switches to the 125 "
                         "MHz PLL the real baud rate is way off, hence the garbage. "
                         "clocks.init() has to come before anything that derives a rate from "
                         "the clock (UART, I2C, PWM).",
              "told": "ohh wait i moved console.init above clocks.init. the uart divisor gets "
                      "computed from the boot clock then. clocks.init has to be the very first "
                      "thing",
              "fix": [edit("src/main.zig", "    console.init(115200);\n    clocks.init();",
                           "    clocks.init(); // must come first: UART/I2C dividers derive "
                           "from clk_peri\n    console.init(115200);")],
              "done": "Clean log output again at 115200."}),
        Fact("gotcha-midnight", "gotcha", ["watchdog"],
             ["the logger resets itself every night around 00:00, what could cause that?",
              "I'm adding a routine that erases old config sectors — anything that could "
              "reboot the board while it runs?"],
             "gustlog resets at the midnight log rotation unless the watchdog (500 ms timeout) "
             "is fed inside the flash sector erase loop: erasing a day's 16 sectors (~45 ms "
             "each) outlasts it. Call watchdog.update() per sector.",
             {"symptom": "board reboots randomly, seems to happen arround midnight when it "
                         "rotates the log??",
              "probe": [bash("tail -4 logs/serial-2024-06-10.txt",
                             "23:59:59.812 log: rotating day 161 -> 162\n23:59:59.813 flash: "
                             "erase 0x1a0000..0x1b0000 (16 sectors)\n00:00:00.331 boot: reset "
                             "reason = WATCHDOG\n00:00:00.332 boot: gustlog 0.7.3 starting"),
                        read("src/logstore.zig",
                             "pub fn rotate(self: *LogStore) !void {\n    var addr = "
                             "self.nextDayStart();\n    while (addr < self.nextDayEnd()) : "
                             "(addr += sector_size) {\n        try flash.eraseSector(addr);\n"
                             "    }\n}\n")],
              "explain": "At midnight the rotation erases 16 flash sectors in one loop. Each "
                         "erase takes ~45 ms and nothing feeds the watchdog in between, so "
                         "after 500 ms the hardware watchdog resets the board. Feed it inside "
                         "the erase loop (or erase one sector per main-loop tick).",
              "told": "ahh i bet its the watchdog. erasing the whole day of sectors in one go "
                      "takes longer than the 500ms timeout and nothing feeds it. needs a "
                      "watchdog.update() in that loop",
              "fix": [edit("src/logstore.zig", "        try flash.eraseSector(addr);",
                           "        try flash.eraseSector(addr);\n        watchdog.update(); "
                           "// a day's erase (~16 x 45 ms) outlasts the 500 ms timeout")],
              "done": "The rotation feeds the watchdog after every sector now; a simulated "
                      "midnight rollover runs through without a reset."}),
        Fact("fals-core1", "falsified", ["core1"],
             ["could we use the second cpu core on the pico to sample the anemometer?",
              "why does the firmware run everything on one core when the chip has two?"],
             "Moving gustlog's wind sampling to the RP2040's second core (core1, "
             "multicore.launchCore1) gave torn records with CRC mismatches because both cores "
             "touch the ring buffer; reverted, the firmware stays single-core.",
             {"ask": "the main loop misses gust peaks while it writes flash. move the sampling "
                     "to the second core?",
              "change": [edit("src/main.zig",
                              "    while (true) {\n        try sampleAndStore();",
                              "    multicore.launchCore1(samplerLoop);\n    while (true) {\n"
                              "        try storeFromQueue();")],
              "broke": bash("python3 tools/hil_gust.py --minutes 5",
                            "feeding 300 s of synthetic gusts at 4 Hz...\nrecords written: "
                            "1187, expected: 1200\ntorn records: 9 (crc mismatch)\nFAIL", 1),
              "revert": bash("git checkout -- src/main.zig src/sampler.zig", ""),
              "conclusion": "Backed out the core1 sampler. Both cores touch the sample ring "
                            "without a lock, so records came out torn (9 CRC mismatches) and 13 "
                            "went missing in five minutes. Sampling the pulse counter from the "
                            "timer interrupt on one core is the simpler fix for missed peaks.",
              "want": "the main loop misses gust peaks while its busy writing to flash, any "
                      "ideas?",
              "offer": "We could move sampling onto the RP2040's second core (core1) with "
                       "multicore.launchCore1, so flash writes on core0 never block it. Want me "
                       "to try?",
              "story": "nah we had sampling on core1 for a while last winter, total mess. both "
                       "cores poking the ring buffer, torn records with bad crcs, a whole week "
                       "of logs we couldnt trust. keep it single core, maybe do it in the timer "
                       "irq"}),
        Fact("fals-fs", "falsified", ["littlefs"],
             ["should we store the logs in a proper filesystem on the flash chip?",
              "why is the flash log a raw append-only ring instead of files?"],
             "A flash filesystem (littlefs) for gustlog's logs was abandoned: power cuts during "
             "writes left it unmountable (LFS_ERR_CORRUPT) and data was lost; logs stay in the "
             "raw append-only ring.",
             {"ask": "can we put a real filesystem on the flash instead of the raw ring? would "
                     "make getting files off way easier",
              "change": [bash("zig fetch --save https://github.com/littlefs-project/littlefs/"
                              "archive/refs/tags/v2.9.3.tar.gz", ""),
                         edit("build.zig", "    fw.root_module.addImport(\"logstore\", "
                              "logstore);",
                              "    fw.root_module.addImport(\"logstore\", logstore);\n    "
                              "fw.addCSourceFiles(.{ .root = lfs.path(\".\"), .files = &.{ "
                              "\"lfs.c\", \"lfs_util.c\" } });")],
              "broke": bash("python3 tools/hil_powercut.py --cycles 50",
                            "cutting power during writes, 50 cycles...\ncycle 17: mount "
                            "failed: LFS_ERR_CORRUPT\ncycle 31: mount failed: LFS_ERR_CORRUPT\n"
                            "survived 48/50\nFAIL: 2 unmountable filesystems", 1),
              "revert": bash("git checkout -- build.zig build.zig.zon src/logstore.zig", ""),
              "conclusion": "Back to the raw append-only ring. Under the power-cut test "
                            "littlefs came up unmountable twice in 50 cycles (LFS_ERR_CORRUPT) "
                            "— on a buoy with a flaky solar supply that means losing the whole "
                            "log, while the ring loses at most the record being written.",
              "want": "getting logs off the board is such a pain, could we store them as files "
                      "somehow?",
              "offer": "We could put littlefs on the log partition — it's designed to survive "
                       "power loss and you'd get one file per day. Want me to try integrating "
                       "it?",
              "story": "no no. we ran littlefs on the first two buoys, absolute disaster, power "
                       "cuts during writes left the fs unmountable and we lost weeks of data. "
                       "the dumb append-only ring is on purpose"}),
    ]
    noise: list[Episode] = [
        [Step(prompt="wat does anemometer.zig do exactly"),
         Step(tools=[read("src/anemometer.zig",
                          "const pulses_per_rev = 2;\n\npub fn sample() !WindSample {\n    "
                          "const n = counter.takeAndReset();\n    const hz: f32 = "
                          "@as(f32, @floatFromInt(n)) / pulses_per_rev;\n    return .{ .speed_ms"
                          " = 0.765 * hz + 0.35 };\n}\n")]),
         Step(text="It reads and resets the reed-switch pulse counter, turns the pulses into "
                   "revolutions per second (two pulses per turn) and converts that to m/s with "
                   "the cup's linear fit, 0.765 × Hz + 0.35.")],
        [Step(prompt="fmt check is red in ci, fix it"),
         Step(tools=[bash("zig fmt --check src", "src/bme280.zig", 1),
                     bash("zig fmt src && zig fmt --check src", "src/bme280.zig")]),
         Step(text="Formatted src/bme280.zig; the fmt check passes now.")],
        [Step(prompt="where do we read the battery adc"),
         Step(tools=[grep("adc.read", ["src/power.zig"])]),
         Step(text="Only in src/power.zig.")],
        [Step(prompt="theres a typo in the comment on top of power.zig, 'voltgae'"),
         Step(tools=[edit("src/power.zig", "//! Battery voltgae via the 1:3 divider on ADC2.",
                          "//! Battery voltage via the 1:3 divider on ADC2.")]),
         Step(text="Fixed.")],
        [Step(prompt="what did i change so far"),
         Step(tools=[bash("git status --short", " M src/power.zig\n M src/bme280.zig"),
                     bash("git log --oneline -3",
                          "5e2a9f0 bme280: forced mode\nc41d7b3 anemometer: linear fit from "
                          "tunnel test\n88f02e1 power: read battery every 60 s")]),
         Step(text="power.zig and bme280.zig are modified and uncommitted, on top of the three "
                   "commits above.")],
        [Step(prompt="whats the diff between comptime and inline in zig, i always mix them up"),
         Step(text="`comptime` means \"evaluate this at compile time\" — a comptime parameter or "
                   "block must be known while compiling. `inline` is about code generation: an "
                   "inline fn is always inlined at the call site, and `inline for` unrolls a "
                   "loop (which also makes the loop variable comptime-known). So comptime is "
                   "about *when* a value exists, inline about *how* code is emitted.")],
        [Step(prompt="how big is the release image rn"),
         Step(tools=[bash("zig build -Doptimize=ReleaseSmall && arm-none-eabi-size "
                          "zig-out/firmware/gustlog.elf",
                          "   text\t   data\t    bss\t    dec\t    hex\tfilename\n  41872\t    "
                          "312\t   6120\t  48304\t   bcb0\tzig-out/firmware/gustlog.elf")]),
         Step(text="About 41.9 KB of code plus 312 B of initialised data in flash, and 6.1 KB "
                   "of bss in RAM.")],
        [Step(prompt="look thru the drivers and tell me which ones still busy-wait"),
         Step(tools=[agent("Find busy-wait delays",
                           "List the drivers in src/ that still call time.sleepUs or spin in a "
                           "loop waiting on a status bit.",
                           "Two drivers busy-wait: src/bme280.zig polls the status register in "
                           "a loop after triggering a forced measurement (up to ~10 ms), and "
                           "src/eeprom.zig calls time.sleepUs(5000) after every page write. "
                           "The anemometer and power code don't block.", "d93b0e7c41",
                           "Explore", 6)]),
         Step(text="bme280.zig (status polling after a forced measurement) and eeprom.zig (5 ms "
                   "sleep per page write) still block; the rest don't.")],
        [Step(prompt="make a plan for the gps time sync thing, no code yet"),
         Step(tools=[todo_write([("Parse RMC sentences from the GPS UART", "pending",
                                  "Parsing RMC sentences"),
                                 ("Set the RTC from the first valid fix", "pending",
                                  "Setting the RTC"),
                                 ("Resync once a day", "pending", "Adding the daily resync")])]),
         Step(text="Three steps: parse the RMC sentences, set the RTC on the first fix, resync "
                   "daily. Say go when you want it.")],
        [Step(prompt="does @intCast panic in ReleaseSmall if it overflows"),
         Step(text="No: ReleaseSmall and ReleaseFast turn safety checks off, so an overflowing "
                   "@intCast is undefined behaviour there. Debug and ReleaseSafe panic with "
                   "\"integer cast truncated bits\".")],
    ]
    return Project(
        "gustlog", "git@github.com:northbuoy/gustlog.git",
        {"README.md": "# gustlog\n\nWind logger firmware for the RP2040 buoys.\n",
         "build.zig.zon": ".{\n    .name = \"gustlog\",\n    .version = \"0.7.3\",\n}\n"},
        _voiced(facts, "sloppy"), noise, "aws")


def projects() -> list[Project]:
    return [ploverbook(), yewbarrow(), tidewell(), gustlog()]
