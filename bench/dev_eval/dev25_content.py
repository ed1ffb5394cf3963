"""The ``dev25`` split, "interrupted days": four projects, ten planted facts each.

Written in the sixteenth pass by a helper that read no rlat code; to be read untuned.

Developers juggling several things at once. Sessions switch topic mid-task, the user presses
Escape on the assistant (``[Request interrupted by user]``) to ask about something unrelated,
pastes long stack traces, device logs or test output into the prompt, asks for an explanation
of something that has nothing to do with the repository, and comes back to a half-finished task
after a meeting. The durable facts arrive the way they do on such days: as a throwaway aside
tacked onto the end of a message about something else ("…also redis is on another port now,
fyi"), noticed by the assistant while it reads a config file for a different question, dug out
of a command that fails before the one that works (the working one sometimes typed by the user
in bash mode, ``<bash-input>``, or pasted into the prompt next to an unrelated question), an
approach that breaks a test and is reverted (sometimes with an unrelated question in between),
a confusing failure the user recognises from having hit it before, or a rule stated while
correcting the assistant's diff.

The projects: cobblewick, a Rails 7.1 + Hotwire app that books repair slots at a network of
repair cafés (Sidekiq, RSpec with Cuprite, Kamal to a Hetzner box); pebblewyrm, a Unity 2022.3
C# mobile puzzle game about a small dragon that eats pebbles (IL2CPP, DOTween, iOS and
Android); saltmarrow, a FastAPI + Postgres service for a ferry operator's timetables, bookings
and boarding passes (SQLAlchemy 2 async on asyncpg, Alembic, arq, uv); and hivethrum, embedded
Rust on embassy for an STM32WL55 beehive scale that reports over LoRaWAN (probe-rs, defmt, an
HX711 load cell, an SHT40). Every fact carries its project's ``detours`` (unrelated questions
with their answers, some with pasted logs) that the templates use as interruptions; the seed
picks the wording and the detour.
"""

from __future__ import annotations

import random

from .templates import cap, find, look, run, steps, talk, tweak
from .transcript import agent, bash, edit, grep, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

_INTERRUPTED = "[Request interrupted by user]"


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _detour(s: dict, rng: random.Random) -> tuple[str, str]:
    return rng.choice(s["detours"])


def _switch(rng: random.Random) -> str:
    return _one(rng, "wait, before I forget —", "sorry, totally different thing:",
                "hold that thought.", "unrelated, while I remember:", "ok pause that a sec.",
                "quick interruption —", "oh, something else first:")


def _back(rng: random.Random) -> str:
    return _one(rng, "ok, back to the original thing.",
                "right, where were we? carry on with that.",
                "sorry, got pulled into a call. keep going with what you were doing.",
                "back. continue where you left off.",
                "ok that's sorted — back to the first thing",
                "cool. now, the thing I actually asked about")


# ------------------------------------------------------------------- phrasing templates
# convention: rule, task, follow, contrary, done
def conv_diff_correction(s: dict, rng: random.Random) -> Episode:
    """The assistant writes it the other way; the user states the rule reviewing the diff."""
    shown = _one(rng, "Here's the change.", "Done — diff above.", "First pass is in.",
                 "That's the edit; want me to run anything?")
    objection = _one(rng, "reading the diff: no. {rule}.",
                      "hmm, not in that form — {rule}. redo that bit please",
                      "can't merge that. {rule}.",
                      "looking at what you wrote… {rule}. fix it?")
    return [Step(prompt=cap(s["task"])), Step(tools=[s["contrary"]]), Step(text=shown),
            Step(prompt=objection.format(rule=s["rule"])),
            Step(text=_one(rng, "Fair — reworking it.", "Understood, changing it.",
                           "Right, fixing that."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_trailing_aside(s: dict, rng: random.Random) -> Episode:
    """The rule is tacked onto the end of an unrelated question; the task comes later."""
    ask, answer = _detour(s, rng)
    tail = _one(rng, "…also, unrelated: {rule}. fyi", "(oh and {rule} — just so you know)",
                "p.s. {rule}, for whenever it comes up", "also fyi, {rule}.")
    ack = _one(rng, "And noted on the other point — I'll keep to that.",
               "Also noted: I'll follow that from here on.",
               "And thanks for the heads-up on the rule; I'll stick to it.")
    later = _one(rng, "ok, real work now: {task}", "next: {task}", "now can you {task}?",
                 "alright. {task}")
    return [Step(prompt=f"{ask}\n\n{tail.format(rule=s['rule'])}"),
            Step(text=f"{answer}\n\n{ack}"),
            Step(prompt=later.format(task=s["task"])), Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_interrupted(s: dict, rng: random.Random) -> Episode:
    """The user stops the assistant, asks something unrelated, then resumes with the rule."""
    ask, answer = _detour(s, rng)
    resume = _one(rng, "ok, back to what I asked. before you write it: {rule}.",
                  "right, the original thing. and {rule}, so keep that in mind.",
                  "back to it — and one thing about how we do it here: {rule}.")
    return [Step(prompt=cap(s["task"])),
            Step(text=_one(rng, "On it — looking at the current code first.",
                           "Sure. Let me find where that lives.", "Starting on that.")),
            Step(prompt=_INTERRUPTED),
            Step(prompt=f"{_switch(rng)} {ask}"), Step(text=answer),
            Step(prompt=resume.format(rule=s["rule"])),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_resumed(s: dict, rng: random.Random) -> Episode:
    """A task left half-done earlier in the day, picked up again with the rule restated."""
    lead = _one(rng, "picking this back up from this morning (got dragged into a call): {task}.",
                "ok, finally back at my desk. the thing from before lunch: {task}.",
                "where was I… right: {task}. didn't get to it earlier.")
    remind = _one(rng, "and remember, {rule}.", "reminder since last time: {rule}.",
                  "same rule as always: {rule}.")
    return [Step(prompt=f"{lead.format(task=s['task'])} {remind.format(rule=s['rule'])}"),
            Step(text=_one(rng, "Checking what's already in the working tree.",
                           "Let me see what state it's in.", ""),
                 tools=[bash("git status --short", "")]),
            Step(text=_one(rng, "Clean tree, nothing half-done — starting fresh.",
                           "Nothing uncommitted, so starting from scratch."),
                 tools=s["follow"]),
            Step(text=s["done"])]


# command: goal, fail, note, ok, hint, done
def cmd_bash_mode(s: dict, rng: random.Random) -> Episode:
    """The assistant's try fails; the user types the working command in bash mode."""
    ok = s["ok"]
    stuck = _one(rng, "That fails. Is there a project-specific way to run this, or should I "
                      "dig through the config?",
                 "That errors out — do you know how it's meant to be invoked here?",
                 "Hmm, not it. Let me look for how the repo expects this to be run.")
    nod = _one(rng, "^ that's how it's run here", "there, that one works. take it from there",
                "that's the incantation. carry on", "see above, that's the one")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=f"<bash-input>{ok.command}</bash-input>"),
            Step(prompt=f"<bash-stdout>{ok.output}</bash-stdout><bash-stderr></bash-stderr>"),
            Step(prompt=nod), Step(text=f"{s['note']} {s['done']}")]


def cmd_hint_and_question(s: dict, rng: random.Random) -> Episode:
    """The user gives the working command and asks about something else in the same breath."""
    ask, answer = _detour(s, rng)
    stuck = _one(rng, "That didn't work — any idea what the right invocation is in this repo?",
                 "That fails. Do you know the intended command?",
                 "No luck with that one. How is this usually run here?")
    joiner = _one(rng, "and while that runs —", "also, unrelated:", "oh and separately,")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=f"{s['hint']}\n\n{joiner} {ask}"),
            Step(text=_one(rng, "Running that.", "Trying it.", ""), tools=[s["ok"]]),
            Step(text=f"{s['done']}\n\nOn your other question: {answer}")]


def cmd_pasted_failure(s: dict, rng: random.Random) -> Episode:
    """The user already tried it in a terminal and pastes what came back."""
    fail = s["fail"]
    lead = _one(rng, "I ran `{cmd}` and got this:", "this is what `{cmd}` gives me:",
                "tried `{cmd}` in my own terminal, no idea what it wants:")
    return [Step(prompt=f"{s['goal']}\n\n{lead.format(cmd=fail.command)}\n\n```\n"
                        f"{fail.output}\n```"),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_interrupted(s: dict, rng: random.Random) -> Episode:
    """The first attempt fails, the user switches topic, then sends the assistant back."""
    ask, answer = _detour(s, rng)
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(prompt=f"{_switch(rng)} {ask}"), Step(text=answer),
            Step(prompt=_back(rng)), Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


# environment: goal, probe, confirm, while (a nearby ask and its answer), aside (the user's
# own words)
def env_spotted(s: dict, rng: random.Random) -> Episode:
    """The assistant reads a config for another question and points the fact out."""
    ask, answer = s["while"]
    lead = _one(rng, "Also worth knowing from that file:", "Separately, something I noticed:",
                "One more thing that stood out:")
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=f"{answer}\n\n{lead} {s['confirm']}")]


def env_trailing_aside(s: dict, rng: random.Random) -> Episode:
    """The fact is a throwaway at the end of a message about something else."""
    ask, answer = s["while"]
    tail = _one(rng, "…also {aside}, fyi", "oh and {aside} btw", "(side note: {aside})",
                "— also, {aside}. just so you know")
    ack = _one(rng, "And thanks for the heads-up — it matches the config:",
               "Noted on the other thing too; confirmed:", "On your side note:")
    return [Step(prompt=f"{ask} {tail.format(aside=s['aside'])}"), Step(tools=s["probe"]),
            Step(text=f"{answer}\n\n{ack} {s['confirm']}")]


def env_after_detour(s: dict, rng: random.Random) -> Episode:
    """The question is asked, pushed aside by something else, then answered."""
    ask, answer = _detour(s, rng)
    return [Step(prompt=s["goal"]),
            Step(prompt=f"actually, first — {ask}"), Step(text=answer),
            Step(prompt=_one(rng, "ok, and my first question?", "thanks. now the first thing",
                             "right. back to what I asked before")),
            Step(text=_one(rng, "Checking.", "Let me look.", ""), tools=s["probe"]),
            Step(text=s["confirm"])]


# gotcha: symptom, trace (a pasted log), probe, explain, told (the user recognising it), fix,
# done
def gotcha_pasted_log(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "Found it.", "That explains it.", "Got it.", "There it is.")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"), Step(tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]), Step(text=s["done"])]


def gotcha_seen_before(s: dict, rng: random.Random) -> Episode:
    unsure = _one(rng, "That shows where it fails but not why yet — let me dig further before "
                       "changing anything.",
                  "Nothing conclusive in that. I'll keep looking.",
                  "Odd; the output doesn't point at a cause directly.")
    agree = _one(rng, "That's it — applying that.", "Makes sense, fixing it that way.",
                 "Right, that fits the output. Changing it.")
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]), Step(text=unsure),
            Step(prompt=s["told"]), Step(text=agree, tools=s["fix"]), Step(text=s["done"])]


def gotcha_parked(s: dict, rng: random.Random) -> Episode:
    ask, answer = _detour(s, rng)
    park = _one(rng, "park that for a sec —", "leave it, one thing first:",
                "before you go down that hole:")
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(prompt=f"{park} {ask}"), Step(text=answer), Step(prompt=_back(rng)),
            Step(text=s["explain"], tools=s["fix"]), Step(text=s["done"])]


# falsified: ask, change, broke, revert, conclusion; want, offer, story (the user recounting)
def fals_user_reverts(s: dict, rng: random.Random) -> Episode:
    undo = _one(rng, "ugh. revert it.", "no, that's worse — back it out", "kill it, undo that",
                "nope. put it back the way it was")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_one(rng, "Reverting.", "Rolling it back.", "Undoing it."),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_interjection(s: dict, rng: random.Random) -> Episode:
    ask, answer = _detour(s, rng)
    leave = _one(rng, "ugh, red. leave it for a sec —", "ok that's broken. before you touch it:",
                 "hm. park that —")
    then = _one(rng, "right. that experiment: throw it away.", "ok, and undo the change, it's "
                "not worth it", "back to the red build — just revert it")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=f"{leave} {ask}"), Step(text=answer), Step(prompt=then),
            Step(text=_one(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_recounted(s: dict, rng: random.Random) -> Episode:
    ask, answer = _detour(s, rng)
    ok = _one(rng, "Understood — I'll leave that alone.",
              "Good to know; I won't go down that road.",
              "Thanks for the history, that rules it out.")
    return [Step(prompt=f"{ask}\n\nalso, separate thing: {s['want']}"),
            Step(text=f"{answer}\n\nOn the other thing: {s['offer']}"),
            Step(prompt=s["story"]), Step(text=ok)]


TEMPLATES = {
    "convention": [conv_diff_correction, conv_trailing_aside, conv_interrupted, conv_resumed],
    "command": [cmd_bash_mode, cmd_hint_and_question, cmd_pasted_failure, cmd_interrupted],
    "environment": [env_spotted, env_trailing_aside, env_after_detour],
    "gotcha": [gotcha_pasted_log, gotcha_seen_before, gotcha_parked],
    "falsified": [fals_user_reverts, fals_interjection, fals_recounted],
}

UNRELATED = [
    "what's the difference between a Rails concern and a plain Ruby module?",
    "write a Ruby method that groups an array of hashes by one key and counts each group",
    "explain the order Unity calls Awake, OnEnable and Start in",
    "give me a C# extension method that shuffles a List<T> in place",
    "in SQLAlchemy 2.0, when would I use session.get versus session.scalar(select(...))?",
    "what does #[repr(C)] do on a Rust struct?",
    "explain the difference between a Signal and a Channel in embassy-sync",
    "write a bash loop that retries a command up to five times with a pause in between",
    "how do I squash my last three commits into one before pushing?",
    "what's the big-O of list.pop(0) in Python, and why?",
    "explain the difference between a Turbo Frame and a Turbo Stream",
    "write a Stimulus controller that copies the text of an element to the clipboard",
    "how does a ScriptableObject differ from a MonoBehaviour?",
    "when should I use Decimal instead of float in Python?",
    "draft a short changelog entry for a release that fixes a crash on older Android phones",
    "explain how the LoRa spreading factor trades range against airtime",
    "what's the difference between I2C and SPI, in two sentences?",
    "write a FastAPI dependency that reads an API key from a request header",
    "how do I rename a git branch both locally and on origin?",
    "explain optimistic versus pessimistic locking with a database example",
    "how do I find which folder under my home directory takes the most disk space?",
    "write a haiku about a dragon that eats pebbles",
    "what's the difference between a process and a thread, briefly?",
    "how do I write a Rails validation that checks an end date comes after a start date?",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "cobblewick": [
        "how do fixers hear about a new repair café event in their area?",
        "can visitors cancel a booking without logging in?",
        "how do we handle a visitor asking for all their data to be deleted?",
        "where is the list of repair categories maintained?",
        "should the donation page move to a hosted checkout or stay embedded?",
    ],
    "pebblewyrm": [
        "how many levels ship in the first world?",
        "do we send an analytics event when a player quits a level halfway?",
        "which languages is the game going to be translated into?",
        "how are in-app purchases validated?",
        "should the daily challenge seed come from a server or be generated on the phone?",
    ],
    "saltmarrow": [
        "how are refunds worked out when a sailing is cancelled for weather?",
        "who can call the admin endpoints and how do they authenticate?",
        "can a return trip be booked in a single request?",
        "how long is boarding pass data kept before it's deleted?",
        "should the vehicle deck capacity check live in the database or in the service code?",
    ],
    "hivethrum": [
        "how long does a hive node last on one battery charge at the moment?",
        "how is the scale calibrated after a new load cell is fitted?",
        "can the firmware be updated over the air?",
        "how often does a node send a reading, and who decided that?",
        "should swarm detection run on the node or on the backend?",
    ],
}


def _equip(facts: list[Fact], detours: list[tuple[str, str]]) -> list[Fact]:
    for fact in facts:
        fact.slots["detours"] = detours
    return facts


# ------------------------------------------------------------------- cobblewick
def cobblewick() -> Project:
    repairs_ctrl = "app/controllers/repairs_controller.rb"
    bookings_ctrl = "app/controllers/bookings_controller.rb"
    facts = [
        Fact("conv-audit", "convention", ["update_columns"],
             ["I want to mark a batch of old repairs as archived quickly, skipping validations "
              "— what's the approved way to write that?",
              "are there ActiveRecord write methods we're not supposed to use in this app, and "
              "why?"],
             "In cobblewick never call update_column / update_columns on Repair or Booking: "
             "they skip callbacks, so paper_trail records no version and the audit log gets a "
             "hole; use update! even for a single flag.",
             {"rule": "we never use update_column or update_columns on repairs or bookings — "
                      "they skip callbacks, so paper_trail writes no version and the audit log "
                      "has a hole. update! even for one flag",
              "task": "add a 'mark as collected' button for fixers that sets collected_at on "
                      "the repair",
              "contrary": edit(repairs_ctrl, "  def show\n",
                               "  def collect\n    @repair.update_columns(collected_at: "
                               "Time.current)\n    redirect_to @repair\n  end\n\n  def show\n"),
              "follow": [edit(repairs_ctrl, "  def show\n",
                              "  def collect\n    @repair.update!(collected_at: Time.current)\n"
                              "    redirect_to @repair, notice: \"Marked as collected.\"\n  end"
                              "\n\n  def show\n"),
                         edit("config/routes.rb",
                              "  resources :repairs, only: %i[index show edit update]\n",
                              "  resources :repairs, only: %i[index show edit update] do\n    "
                              "patch :collect, on: :member\n  end\n")],
              "done": "The button PATCHes /repairs/:id/collect, which sets collected_at through "
                      "update!, so the change shows up in the repair's version history."}),
        Fact("conv-morph", "convention", ["broadcasts_refreshes"],
             ["the fixer dashboard should update live when a new booking comes in — how do we "
              "normally wire that up?",
              "what's our pattern for pushing real-time page updates from models?"],
             "Live updates in cobblewick use Turbo 8 page refreshes with morphing: "
             "`broadcasts_refreshes` in the model (plus touch: true on children) and "
             "`turbo_refreshes_with method: :morph` in the layout; no hand-written "
             "broadcast_replace_to / broadcast_append_to streams with partials.",
             {"rule": "live updates go through turbo 8 refreshes — broadcasts_refreshes on the "
                      "model and morphing in the layout. no hand-rolled broadcast_replace_to "
                      "with partials, we ripped all of those out in the spring",
              "task": "make the event page's free-seat counter update live when someone books",
              "contrary": edit("app/models/booking.rb",
                               "  belongs_to :event, counter_cache: true\n",
                               "  belongs_to :event, counter_cache: true\n\n  after_commit -> "
                               "{\n    broadcast_replace_to event, target: \"seats_#{event.id}"
                               "\",\n      partial: \"events/seats\", locals: { event: event }\n"
                               "  }, on: :create\n"),
              "follow": [edit("app/models/event.rb", "class Event < ApplicationRecord\n",
                              "class Event < ApplicationRecord\n  broadcasts_refreshes\n"),
                         edit("app/models/booking.rb",
                              "  belongs_to :event, counter_cache: true\n",
                              "  belongs_to :event, counter_cache: true, touch: true\n"),
                         edit("app/views/events/show.html.erb",
                              "<% content_for :title, @event.title %>\n",
                              "<% content_for :title, @event.title %>\n<%= turbo_stream_from "
                              "@event %>\n")],
              "done": "A booking now touches its event, the event broadcasts a refresh, and the "
                      "show page subscribes with turbo_stream_from — the seat count morphs in "
                      "without a reload."}),
        Fact("cmd-system", "command", ["CHROME_URL", "3333"],
             ["the browser-driven feature specs all fail straight away with a Ferrum timeout "
              "on my machine — how are they meant to be run?",
              "run the system specs for the booking flow, I changed the form partial"],
             "cobblewick's system specs (Cuprite) use a Chrome container: start it with "
             "`docker compose up -d chrome` and run `CHROME_URL=http://localhost:3333 bundle "
             "exec rspec spec/system`; without CHROME_URL Ferrum looks for a local Chrome and "
             "times out.",
             {"goal": "run the system specs, I touched the booking form",
              "fail": bash("bundle exec rspec spec/system",
                           "Failures:\n\n  1) Booking a slot as a visitor books the first free "
                           "slot\n     Failure/Error: visit event_path(event)\n\n     "
                           "Ferrum::ProcessTimeoutError:\n       Browser did not produce "
                           "websocket url within 10 seconds, try to increase "
                           "`:process_timeout`. See https://github.com/rubycdp/ferrum#"
                           "customization\n     # ./spec/system/booking_spec.rb:9:in `block (2 "
                           "levels) in <top (required)>'\n\nFinished in 61.2 seconds (files "
                           "took 2.1 seconds to load)\n6 examples, 6 failures", 1),
              "note": "Cuprite can't start a browser on the host. spec/support/cuprite.rb "
                      "connects to a remote Chrome when CHROME_URL is set, and the compose file "
                      "has a `chrome` service (browserless) published on port 3333.",
              "ok": bash("docker compose up -d chrome && CHROME_URL=http://localhost:3333 "
                         "bundle exec rspec spec/system",
                         " ✔ Container cobblewick-chrome-1  Started\n......\n\nFinished in 18.4"
                         " seconds (files took 2.04 seconds to load)\n6 examples, 0 failures"),
              "hint": "the specs need the chrome container: docker compose up -d chrome, then "
                      "CHROME_URL=http://localhost:3333 in front of rspec. spec/support/"
                      "cuprite.rb picks it up",
              "done": "All 6 system specs pass, the booking form ones included."}),
        Fact("cmd-console", "command", ["kamal app exec", "--reuse"],
             ["I need to poke at a production record in a rails console — how do I get one on "
              "the server?",
              "get me into a prod rails console, I want to look at yesterday's cancelled "
              "bookings"],
             "cobblewick has no `kamal console` alias; open a production Rails console with "
             "`kamal app exec -i --reuse \"bin/rails console\"` (-i interactive, --reuse to exec "
             "in the running container instead of booting a new one).",
             {"goal": "I need a prod console to check whether last night's venue import ran",
              "fail": bash("kamal console",
                           "ERROR: Could not find command \"console\".\nDid you mean?  \"app\"",
                           1),
              "note": "config/deploy.yml defines no aliases, so there's no `kamal console`. It "
                      "has to be an interactive exec: -i, plus --reuse so it attaches to the "
                      "running web container instead of starting a fresh one from the image.",
              "ok": bash("kamal app exec -i --reuse \"bin/rails console\"",
                         "Launching interactive command with version 3f9c1e2 via SSH from "
                         "existing container on 95.217.40.12...\nLoading production environment"
                         " (Rails 7.1.3.4)\nirb(main):001> Venue.where('created_at > ?', "
                         "1.day.ago).count\n=> 3\nirb(main):002> exit"),
              "hint": "there's no alias for that. kamal app exec -i --reuse \"bin/rails "
                      "console\"",
              "done": "The import ran: 3 venues were created in the last 24 hours."}),
        Fact("env-redis", "environment", ["6380"],
             ["Sidekiq can't connect to Redis on my laptop — which port should it point at?",
              "write me a .env.development for a fresh checkout so background jobs and the "
              "cache work"],
             "In development cobblewick's Redis (Sidekiq and the cache) is on host port 6380, "
             "not 6379: docker-compose maps 6380:6379 and REDIS_URL=redis://localhost:6380/0.",
             {"goal": "sidekiq in dev keeps logging connection refused — which redis is this "
                      "app supposed to use?",
              "probe": [bash("grep -n -A3 '  redis:' docker-compose.yml",
                             "14:  redis:\n15-    image: redis:7.2-alpine\n16-    ports:\n17-"
                             "      - \"6380:6379\""),
                        bash("grep REDIS_URL .env.development",
                             "REDIS_URL=redis://localhost:6380/0")],
              "confirm": "This app's Redis is published on host port 6380 (docker-compose maps "
                         "6380:6379) and .env.development points REDIS_URL at "
                         "redis://localhost:6380/0 — anything still using the default 6379 "
                         "gets connection refused.",
              "while": ("can you check the compose file — is redis still on the alpine image?",
                        "Yes, it's redis:7.2-alpine."),
              "aside": "I moved this app's redis to 6380 on the host because my other project "
                       "squats on the default port"}),
        Fact("env-photos", "environment", ["fixit-photos"],
             ["where do the photos fixers attach to a repair end up in production?",
              "I need to clean up orphaned repair photos on prod storage — which bucket am I "
              "looking at?"],
             "cobblewick's Active Storage in production uses the :hetzner service, an "
             "S3-compatible bucket named fixit-photos on Hetzner Object Storage (endpoint "
             "fsn1.your-objectstorage.com); only development stores files on local disk.",
             {"goal": "where does active storage put the repair photos in prod?",
              "probe": [read("config/storage.yml",
                             "local:\n  service: Disk\n  root: <%= Rails.root.join(\"storage\") "
                             "%>\n\nhetzner:\n  service: S3\n  endpoint: https://fsn1.your-"
                             "objectstorage.com\n  region: fsn1\n  bucket: fixit-photos\n  "
                             "access_key_id: <%= Rails.application.credentials.dig(:hetzner, "
                             ":access_key_id) %>\n  secret_access_key: <%= Rails.application."
                             "credentials.dig(:hetzner, :secret_access_key) %>\n"),
                        bash("grep -n active_storage.service config/environments/production.rb",
                             "37:  config.active_storage.service = :hetzner")],
              "confirm": "In production Active Storage uses the `hetzner` service: an "
                         "S3-compatible bucket called fixit-photos on Hetzner Object Storage "
                         "(endpoint fsn1.your-objectstorage.com). Only development keeps files "
                         "on local disk.",
              "while": ("does storage.yml still have the old amazon entry? I want to delete "
                        "dead config",
                        "No — storage.yml only has `local` and `hetzner` now; nothing dead to "
                        "remove."),
              "aside": "the photo bucket is fixit-photos on hetzner object storage now, we left "
                       "amazon last month"}),
        Fact("gotcha-422", "gotcha", ["unprocessable_entity"],
             ["when the volunteer sign-up form has an error, nothing happens on submit — no "
              "messages, no page change. what's going on?",
              "add validation to the venue form so a missing postcode shows an error message"],
             "With Turbo in cobblewick a form that fails validation must re-render with "
             "`status: :unprocessable_entity` (422); rendering with the default 200 makes Turbo "
             "ignore the response, so the errors never appear.",
             {"symptom": "the booking form is broken when you leave the email empty — you click "
                         "Book and literally nothing happens. no error, no reload",
              "trace": "Started POST \"/events/41/bookings\" for 127.0.0.1 at 2024-06-13 "
                       "10:02:11 +0200\nProcessing by BookingsController#create as "
                       "TURBO_STREAM\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", "
                       "\"booking\"=>{\"name\"=>\"Ines\", \"email\"=>\"\", \"item\"=>"
                       "\"toaster\"}, \"event_id\"=>\"41\"}\n  Event Load (0.4ms)  SELECT "
                       "\"events\".* FROM \"events\" WHERE \"events\".\"id\" = $1 LIMIT $2  "
                       "[[\"id\", 41], [\"LIMIT\", 1]]\n  TRANSACTION (0.1ms)  BEGIN\n  "
                       "TRANSACTION (0.1ms)  ROLLBACK\n  Rendering layout layouts/application."
                       "html.erb\n  Rendering bookings/new.html.erb within layouts/application\n"
                       "  Rendered bookings/_form.html.erb (Duration: 3.9ms | Allocations: "
                       "2210)\n  Rendered layout layouts/application.html.erb (Duration: 11.2ms"
                       " | Allocations: 6012)\nCompleted 200 OK in 19ms (Views: 12.1ms | "
                       "ActiveRecord: 1.0ms | Allocations: 8710)",
              "probe": [read(bookings_ctrl,
                             "  def create\n    @booking = @event.bookings.new(booking_params)\n"
                             "    if @booking.save\n      redirect_to @event, notice: \"You're "
                             "booked in.\"\n    else\n      render :new\n    end\n  end\n"),
                        bash("grep -n 'Completed' log/development.log | tail -2",
                             "8812:Completed 200 OK in 19ms (Views: 12.1ms | ActiveRecord: "
                             "1.0ms | Allocations: 8710)\n8840:Completed 200 OK in 17ms (Views:"
                             " 11.0ms | ActiveRecord: 0.9ms | Allocations: 8522)")],
              "explain": "The failed save re-renders :new with 200 OK. Turbo only uses the HTML "
                         "of a form submission when it's a redirect or an error status, so a "
                         "200 render is silently dropped and the errors never show. The render "
                         "needs `status: :unprocessable_entity` (422).",
              "told": "oh I've been bitten by this before — turbo drops a 200 response to a form "
                      "post on the floor. the failing render has to be status: "
                      ":unprocessable_entity",
              "fix": [edit(bookings_ctrl, "      render :new\n",
                           "      render :new, status: :unprocessable_entity\n")],
              "done": "Submitting without an email now shows \"Email can't be blank\" under the "
                      "field."}),
        Fact("gotcha-commit", "gotcha", ["after_create_commit"],
             ["the confirmation email job sometimes blows up saying the booking doesn't exist, "
              "but it's right there in the database — why?",
              "queue a welcome email job whenever a new fixer signs up"],
             "In cobblewick a job enqueued from an after_create callback can run before the "
             "transaction commits and fail with ActiveJob::DeserializationError / "
             "RecordNotFound; enqueue jobs from after_create_commit instead.",
             {"symptom": "BookingConfirmationJob fails in sidekiq maybe one time in ten with "
                         "RecordNotFound, and when it retries it works",
              "trace": "ActiveJob::DeserializationError: Error while trying to deserialize "
                       "arguments: Couldn't find Booking with 'id'=9184\n  activejob (7.1.3.4) "
                       "lib/active_job/arguments.rb:49:in `rescue in deserialize'\n  activejob "
                       "(7.1.3.4) lib/active_job/arguments.rb:44:in `deserialize'\n  activejob "
                       "(7.1.3.4) lib/active_job/core.rb:201:in `deserialize_arguments'\n  "
                       "activejob (7.1.3.4) lib/active_job/execution.rb:57:in `perform_now'\n  "
                       "sidekiq (7.2.4) lib/sidekiq/processor.rb:202:in `execute_job'\nCaused "
                       "by: ActiveRecord::RecordNotFound: Couldn't find Booking with 'id'=9184\n"
                       "  activerecord (7.1.3.4) lib/active_record/core.rb:258:in `find'",
              "probe": [grep("BookingConfirmationJob", ["app/models/booking.rb",
                                                        "app/jobs/booking_confirmation_job.rb"]),
                        read("app/models/booking.rb",
                             "class Booking < ApplicationRecord\n  belongs_to :event\n\n  "
                             "after_create :send_confirmation\n\n  private\n\n  def "
                             "send_confirmation\n    BookingConfirmationJob.perform_later(self)"
                             "\n  end\nend\n")],
              "explain": "The job is enqueued from `after_create`, which runs inside the save "
                         "transaction. Sidekiq can pick it up before the COMMIT, so the worker "
                         "doesn't see the row yet and deserialization fails with "
                         "RecordNotFound; the retry works because by then it's committed. "
                         "Enqueue from `after_create_commit` instead.",
              "told": "ugh, I know this one — the job is enqueued inside the transaction and "
                      "sidekiq is faster than the commit. it has to be after_create_commit, not "
                      "after_create",
              "fix": [edit("app/models/booking.rb", "  after_create :send_confirmation\n",
                           "  after_create_commit :send_confirmation\n")],
              "done": "The confirmation job is only enqueued once the booking is committed, so "
                      "the worker always finds it."}),
        Fact("fals-throttle", "falsified", ["rack-attack"],
             ["bots are hammering the booking endpoint — can we rate-limit it per IP inside the "
              "app?",
              "has anyone tried throttling requests in the Rails app before? what happened?"],
             "Per-IP throttling with rack-attack was tried in cobblewick and removed: behind "
             "Kamal's proxy every request came from the proxy's address (172.18.0.x), so all "
             "visitors shared one bucket and got 429s; throttling would have to key on the "
             "forwarded client IP or live at the edge.",
             {"ask": "the spam bookings are back. add per-IP throttling on POST "
                     "/events/:id/bookings, say 5 a minute",
              "change": [bash("bundle add rack-attack",
                              "Fetching gem metadata from https://rubygems.org/...\nInstalling "
                              "rack-attack 6.7.0\nBundle complete!"),
                         write("config/initializers/rack_attack.rb",
                               "class Rack::Attack\n  throttle(\"bookings/ip\", limit: 5, "
                               "period: 1.minute) do |req|\n    req.ip if req.post? && "
                               "req.path.match?(%r{\\A/events/\\d+/bookings\\z})\n  end\nend\n")],
              "broke": bash("bundle exec rspec spec/requests/throttling_spec.rb",
                            "Failures:\n\n  1) throttling lets two visitors behind the proxy "
                            "book independently\n     Failure/Error: expect(response).to "
                            "have_http_status(:found)\n       expected the response to have "
                            "status code :found (302) but it was :too_many_requests (429)\n     "
                            "# ./spec/requests/throttling_spec.rb:27\n\n  req.ip for both "
                            "visitors: 172.18.0.3\n\n2 examples, 1 failure", 1),
              "revert": bash("git checkout -- Gemfile Gemfile.lock && rm "
                             "config/initializers/rack_attack.rb", ""),
              "conclusion": "Backed out rack-attack. Behind Kamal's proxy, req.ip is the proxy "
                            "container's address (172.18.0.3) for everyone, so every visitor "
                            "lands in the same throttle bucket and the second one gets a 429. "
                            "It would have to key on the forwarded client IP with the proxy "
                            "trusted — or the limit belongs at the edge.",
              "want": "the spam bookings are back, could we rate-limit the booking endpoint?",
              "offer": "The usual tool is rack-attack: a throttle on POST /events/:id/bookings "
                       "keyed by req.ip, say 5 a minute. Want me to add it?",
              "story": "we had rack-attack in there last year — didn't work. behind the kamal "
                       "proxy every request shows up with the proxy's IP, so everyone shared "
                       "one bucket and real visitors got 429s on event day. took it straight "
                       "back out"}),
        Fact("fals-splitrun", "falsified", ["parallel_tests"],
             ["CI takes forever — could we split the spec suite across several processes?",
              "why does CI run the specs in a single process instead of using all the cores?"],
             "Running cobblewick's suite with the parallel_tests gem was tried and reverted: "
             "the system specs share one Chrome container and Active Storage's tmp/storage, so "
             "they broke each other (Ferrum::DeadBrowserError, missing blobs); CI stays "
             "single-process.",
             {"ask": "CI is at 14 minutes. can you set the suite up to run on 4 processes?",
              "change": [bash("bundle add parallel_tests --group development,test",
                              "Installing parallel_tests 4.7.1\nBundle complete!"),
                         edit("config/database.yml", "  database: cobblewick_test\n",
                              "  database: cobblewick_test<%= ENV['TEST_ENV_NUMBER'] %>\n"),
                         edit(".github/workflows/ci.yml", "      - run: bundle exec rspec\n",
                              "      - run: bundle exec rake parallel:setup\n      - run: "
                              "bundle exec parallel_rspec -n 4\n")],
              "broke": bash("bundle exec rake parallel:setup && bundle exec parallel_rspec -n 4",
                            "4 processes for 212 specs, ~ 53 specs per process\n\nFailures:\n\n"
                            "  1) Repair photos attaching a photo shows a thumbnail\n     "
                            "Failure/Error: expect(page).to have_css(\"img.thumb\")\n     "
                            "Ferrum::DeadBrowserError:\n       Browser is dead or given window "
                            "is closed\n\n  2) Repair photos deleting a photo removes the blob\n"
                            "     ActiveStorage::FileNotFoundError\n\n212 examples, 9 failures",
                            1),
              "revert": bash("git checkout -- Gemfile Gemfile.lock config/database.yml "
                             ".github/workflows/ci.yml", ""),
              "conclusion": "Reverted the parallel_tests setup. The four processes share one "
                            "Chrome container and the same tmp/storage directory, so system "
                            "specs killed each other's browser sessions (DeadBrowserError) and "
                            "deleted each other's blobs — 9 failures that never happen in a "
                            "single process.",
              "want": "CI is at 14 minutes, can we make use of more cores?",
              "offer": "The parallel_tests gem would split the suite over 4 processes with a "
                       "test database each. Want me to set it up?",
              "story": "tried parallel_tests in january, no luck. the system specs all share "
                       "the one chrome container and tmp/storage, so they stepped on each other "
                       "— dead browsers, vanished blobs. flaky as hell, we went back to one "
                       "process"}),
    ]
    detours = [
        ("quick one: what does the `&.` operator do in ruby again?",
         "It's the safe navigation operator: `user&.name` calls `name` only when `user` isn't "
         "nil and returns nil otherwise."),
        ("what's the actual difference between `includes` and `preload`?",
         "`preload` always runs a separate query per association; `includes` does the same "
         "unless you reference the association's table in a where/order, in which case it "
         "switches to one LEFT OUTER JOIN (like `eager_load`)."),
        ("my colleague asked what `git rebase --onto` is for — two sentences?",
         "It moves a range of commits onto a different base: `git rebase --onto main A B` "
         "replays the commits after A up to B on top of main. Handy when a branch was cut from "
         "another feature branch and you want it on main without the other branch's commits."),
        ("explain what target=\"_top\" does on a turbo frame",
         "Links and forms inside that frame then navigate the whole page instead of replacing "
         "just the frame's contents — the frame \"breaks out\" to the top-level document."),
        ("random, but my terminal printed this when I opened a new tab, should I worry?\n\n"
         "```\nwarning: the running version of Bundler (2.5.6) is older than the version that "
         "created the lockfile (2.5.11). We suggest you to upgrade to the version that created "
         "the lockfile by running `gem install bundler:2.5.11`.\n```",
         "Nothing's broken — the lockfile was written by a newer Bundler. Run `gem install "
         "bundler:2.5.11` once and the warning goes away."),
        ("what's the difference between `let` and `let!` in rspec, short version?",
         "`let` is lazy — evaluated the first time the example uses it; `let!` is evaluated "
         "before every example, whether it's used or not (handy for records that must exist)."),
    ]
    noise: list[Episode] = [
        look("what does Event#full? check exactly?", "app/models/event.rb",
             "class Event < ApplicationRecord\n  belongs_to :venue\n  has_many :bookings\n\n  "
             "def full?\n    bookings_count >= seats\n  end\nend\n",
             "It compares the counter-cached bookings_count with the event's seats — no query, "
             "it trusts the counter cache."),
        run("run the model specs", "bundle exec rspec spec/models",
            "..........................\n\nFinished in 1.9 seconds (files took 2.3 seconds to "
            "load)\n26 examples, 0 failures", "26 model specs, all green."),
        find("where do we send the thank-you email after a repair is logged?", "ThankYouMailer",
             ["app/mailers/thank_you_mailer.rb", "app/controllers/repairs_controller.rb"],
             "The mailer lives in app/mailers/thank_you_mailer.rb and the repairs controller "
             "triggers it when a fixer saves the outcome."),
        tweak("typo on the event page: 'Reapir café'", "app/views/events/show.html.erb",
              "<h2>Reapir café</h2>", "<h2>Repair café</h2>"),
        steps("what state is my branch in?",
              [bash("git status --short", " M app/models/event.rb\n?? spec/models/venue_spec.rb"),
               bash("git log --oneline -3",
                    "c81e0a2 Venues: show opening hours\n4b2f9d1 Fixers can add skills\n"
                    "a09c3e7 Bump turbo-rails to 2.0.5")],
              "One modified model and a new, untracked venue spec on top of the three commits "
              "above; nothing staged."),
        talk("in ruby, what's the difference between `==` and `equal?`",
             "`==` is value equality and classes override it (two strings with the same "
             "characters are ==); `equal?` is identity — true only for the very same object."),
        steps("rubocop is red in CI, fix it",
              [bash("bundle exec rubocop", "app/models/venue.rb:14:5: C: [Correctable] "
                    "Style/RedundantReturn: Redundant return detected.\n\n87 files inspected, "
                    "1 offense detected, 1 offense autocorrectable", 1),
               bash("bundle exec rubocop -a app/models/venue.rb",
                    "1 file inspected, 1 offense detected, 1 offense corrected")],
              "One redundant `return` in venue.rb, autocorrected; rubocop is clean now."),
        steps("plan the fixer availability calendar, no code yet",
              [todo_write([("Availability model (fixer, weekday, from, to)", "pending",
                            "Designing the model"),
                           ("Form on the fixer profile", "pending", "Building the form"),
                           ("Show available fixers on the event page", "pending",
                            "Wiring the event page"),
                           ("Specs for overlapping ranges", "pending", "Writing specs")])],
              "Four steps: model, profile form, event page, then the overlap specs. Say when to "
              "start."),
        talk("what's the values API in a stimulus controller for?",
             "It declares typed values read from data attributes — `static values = { count: "
             "Number }` maps `data-counter-count-value` to `this.countValue`, and a "
             "`countValueChanged()` callback fires whenever the attribute changes."),
        [Step(prompt="which controllers still don't have request specs?"),
         Step(tools=[agent("Find untested controllers",
                           "List the controllers in app/controllers that have no matching file "
                           "under spec/requests.",
                           "Three controllers have no request specs: VenuesController, "
                           "SkillsController and Admin::ReportsController. Everything else has "
                           "at least one spec under spec/requests.", "a7c30f19e2b4",
                           "Explore", 4)]),
         Step(text="VenuesController, SkillsController and Admin::ReportsController have no "
                   "request specs yet.")],
    ]
    return Project(
        "cobblewick", "git@github.com:mendnet/cobblewick.git",
        {"README.md": "# cobblewick\n\nBook a slot at your local repair café.\n",
         "Gemfile": "source \"https://rubygems.org\"\n\ngem \"rails\", \"~> 7.1.3\"\n"},
        _equip(facts, detours), noise, "stripe")


# ------------------------------------------------------------------- pebblewyrm
def pebblewyrm() -> Project:
    banner = "Assets/Scripts/UI/LevelCompleteBanner.cs"
    shop = "Assets/Scripts/Shop/HatShop.cs"
    facts = [
        Fact("conv-async", "convention", ["UniTask"],
             ["I want the wyrm to wait a moment before it burps after eating the last pebble — "
              "how should I write the delay?",
              "what's our house style for asynchronous gameplay code — coroutines or something "
              "else?"],
             "pebblewyrm's new async gameplay code uses UniTask (async UniTaskVoid, "
             "UniTask.Delay) with the object's destroyCancellationToken; no new coroutines "
             "(StartCoroutine / IEnumerator).",
             {"rule": "no new coroutines — async stuff is UniTask, and always pass "
                      "destroyCancellationToken so it dies with the object",
              "task": "make the level-complete banner wait 1.5 seconds before the next-level "
                      "button appears",
              "contrary": edit(banner,
                               "    public void Show()\n    {\n        gameObject.SetActive("
                               "true);\n        nextButton.SetActive(false);\n    }\n",
                               "    public void Show()\n    {\n        gameObject.SetActive("
                               "true);\n        nextButton.SetActive(false);\n        "
                               "StartCoroutine(RevealNext());\n    }\n\n    private IEnumerator "
                               "RevealNext()\n    {\n        yield return new WaitForSeconds("
                               "1.5f);\n        nextButton.SetActive(true);\n    }\n"),
              "follow": [edit(banner,
                              "    public void Show()\n    {\n        gameObject.SetActive("
                              "true);\n        nextButton.SetActive(false);\n    }\n",
                              "    public void Show()\n    {\n        gameObject.SetActive("
                              "true);\n        nextButton.SetActive(false);\n        "
                              "RevealNextAsync(destroyCancellationToken).Forget();\n    }\n\n"
                              "    private async UniTaskVoid RevealNextAsync(CancellationToken "
                              "ct)\n    {\n        await UniTask.Delay(TimeSpan.FromSeconds("
                              "1.5f), cancellationToken: ct);\n        nextButton.SetActive("
                              "true);\n    }\n")],
              "done": "The banner reveals the next-level button after 1.5 s; if the banner is "
                      "destroyed first (quitting to the map), the delay is cancelled instead of "
                      "touching a dead object."}),
        Fact("conv-loading", "convention", ["Addressables"],
             ["how should I load the sprite sheet for the new desert world at runtime?",
              "I put a prefab in a Resources folder and the reviewer flagged it — what's the "
              "rule for loading assets?"],
             "In pebblewyrm every runtime asset load goes through Addressables "
             "(Addressables.LoadAssetAsync / LoadAssetsAsync by address or label, handle "
             "released when done); Resources.Load and Resources folders are banned and the CI "
             "check fails on them.",
             {"rule": "nothing gets loaded with Resources.Load — everything goes through "
                      "Addressables, and the CI check fails the build if anything shows up in a "
                      "Resources folder",
              "task": "load the hat cosmetics for the shop screen",
              "contrary": edit(shop, "    private void Start()\n    {\n",
                               "    private void Start()\n    {\n        var hats = "
                               "Resources.LoadAll<HatDefinition>(\"Hats\");\n        "
                               "Populate(hats);\n"),
              "follow": [edit(shop, "    private void Start()\n    {\n",
                              "    private AsyncOperationHandle<IList<HatDefinition>> "
                              "_hatsHandle;\n\n    private void Start()\n    {\n        "
                              "_hatsHandle = Addressables.LoadAssetsAsync<HatDefinition>("
                              "\"hats\", null);\n        _hatsHandle.Completed += h => "
                              "Populate(h.Result);\n"),
                         edit(shop, "    private void OnDestroy()\n    {\n",
                              "    private void OnDestroy()\n    {\n        if (_hatsHandle."
                              "IsValid()) Addressables.Release(_hatsHandle);\n")],
              "done": "The shop loads everything labelled `hats` and releases the handle in "
                      "OnDestroy, so the hat sprites leave memory with the screen."}),
        Fact("cmd-build", "command", ["BuildAndroid"],
             ["how do I produce an Android build from the terminal without opening the "
              "editor?",
              "the headless build complains it can't find the class I passed — which entry "
              "point is it?"],
             "Build pebblewyrm for Android headless with `\"$UNITY\" -batchmode -quit "
             "-projectPath . -buildTarget Android -executeMethod "
             "Wyrm.EditorTools.CI.BuildAndroid -logFile -`; the old BuildScript class is gone.",
             {"goal": "make an android build for the testers from the command line, I don't "
                      "want to open the editor",
              "fail": bash("\"$UNITY\" -batchmode -quit -projectPath . -buildTarget Android "
                           "-executeMethod BuildScript.Build -logFile -",
                           "[Licensing::Module] Serial-based license found\nLoading project "
                           "...\nexecuteMethod class 'BuildScript' could not be found.\n"
                           "Argument was -executeMethod BuildScript.Build\n(Filename: "
                           "./Runtime/Utilities/Argv.cpp Line: 376)\n\nExiting without the bug "
                           "reporter. Application will terminate with return code 1", 1),
              "note": "There's no BuildScript class in this project any more — the entry points "
                      "live in Assets/Editor/CI/CI.cs under Wyrm.EditorTools, and the Android "
                      "one is CI.BuildAndroid.",
              "ok": bash("\"$UNITY\" -batchmode -quit -projectPath . -buildTarget Android "
                         "-executeMethod Wyrm.EditorTools.CI.BuildAndroid -logFile -",
                         "[Licensing::Module] Serial-based license found\nLoading project ...\n"
                         "[CI] Building Android (IL2CPP, ARM64) -> Builds/Android/"
                         "pebblewyrm.aab\nBuild Finished, Result: Success.\n[CI] Build size: "
                         "148.2 MB\nExiting batchmode successfully now!"),
              "hint": "it's -executeMethod Wyrm.EditorTools.CI.BuildAndroid, the old "
                      "BuildScript class got deleted",
              "done": "The Android App Bundle is at Builds/Android/pebblewyrm.aab (148.2 MB)."}),
        Fact("cmd-tests", "command", ["-runTests", "-testPlatform EditMode"],
             ["how do I run the edit-mode unit tests from a terminal?",
              "my command-line test run exits after a few seconds and never writes a results "
              "file — what's wrong with it?"],
             "Run pebblewyrm's EditMode tests headless with `\"$UNITY\" -batchmode -projectPath "
             ". -runTests -testPlatform EditMode -testResults Logs/editmode.xml` and no -quit: "
             "with -quit Unity exits before the test run starts and writes no results.",
             {"goal": "run the editmode tests from the CLI, I want to check the pebble grid "
                      "logic before I push",
              "fail": bash("\"$UNITY\" -batchmode -quit -projectPath . -runTests -testPlatform "
                           "EditMode -testResults Logs/editmode.xml && cat Logs/editmode.xml",
                           "Loading project ...\nExiting batchmode successfully now!\ncat: "
                           "Logs/editmode.xml: No such file or directory", 1),
              "note": "-quit makes Unity exit as soon as the project has loaded, before the test "
                      "runner starts; with -runTests Unity quits by itself when the run is "
                      "finished, so -quit has to go.",
              "ok": bash("\"$UNITY\" -batchmode -projectPath . -runTests -testPlatform EditMode "
                         "-testResults Logs/editmode.xml -logFile - | tail -3",
                         "Executed 57 tests: 57 passed, 0 failed, 0 skipped\nSaving results to:"
                         " Logs/editmode.xml\nTest run completed. Exiting with code 0 (Ok). Run "
                         "completed."),
              "hint": "drop the -quit. -runTests exits on its own when it's done, -quit kills "
                      "it before the tests even start",
              "done": "All 57 EditMode tests pass, the pebble grid ones included; results are "
                      "in Logs/editmode.xml."}),
        Fact("env-editor", "environment", ["2022.3.41f1"],
             ["which exact Unity editor version do I need to install from the Hub to open the "
              "game?",
              "set up a GitHub Actions job that builds the game — which editor version should "
              "the runner use?"],
             "pebblewyrm is pinned to Unity 2022.3.41f1 (ProjectSettings/ProjectVersion.txt); "
             "use exactly that editor, a newer 2022.3 patch reimports the whole project.",
             {"goal": "what unity version is this project on? I'm installing the hub on my new "
                      "laptop",
              "probe": [read("ProjectSettings/ProjectVersion.txt",
                             "m_EditorVersion: 2022.3.41f1\nm_EditorVersionWithRevision: "
                             "2022.3.41f1 (0f988161febf)\n")],
              "confirm": "The project is pinned to Unity 2022.3.41f1 "
                         "(ProjectSettings/ProjectVersion.txt) — install exactly that one from "
                         "the Hub's archive; a newer 2022.3 patch would reimport the whole "
                         "Library and show up as a version bump in the diff.",
              "while": ("is ProjectVersion.txt tracked in git or ignored?",
                        "It's tracked — it lives in ProjectSettings/, which is committed."),
              "aside": "we're staying on 2022.3.41f1, don't let the hub talk you into an "
                       "upgrade"}),
        Fact("env-keystore", "environment", ["wyrm-release.keystore"],
             ["where's the Android signing key for store uploads kept?",
              "the release build fails at the signing step on my machine — where should the "
              "key file be?"],
             "pebblewyrm's Android upload keystore is ~/keys/wyrm-release.keystore (alias wyrm) "
             "on each build machine, overridable with WYRM_KEYSTORE_PATH; it is not in the "
             "repo.",
             {"goal": "where does the release build look for the android keystore?",
              "probe": [bash("grep -n -A2 'keystoreName' Assets/Editor/CI/CI.cs",
                             "41:        PlayerSettings.Android.keystoreName = Environment."
                             "GetEnvironmentVariable(\"WYRM_KEYSTORE_PATH\")\n42-            ?? "
                             "Path.Combine(Home, \"keys\", \"wyrm-release.keystore\");\n43-     "
                             "   PlayerSettings.Android.keyaliasName = \"wyrm\";")],
              "confirm": "The release build signs with ~/keys/wyrm-release.keystore (alias "
                         "`wyrm`) unless WYRM_KEYSTORE_PATH points elsewhere — the file isn't "
                         "in the repo, so every build machine needs its own copy.",
              "while": ("does the CI build script set the key alias, or does it come from the "
                        "player settings?",
                        "The script sets it: keyaliasName = \"wyrm\" in CI.cs."),
              "aside": "the upload key lives at ~/keys/wyrm-release.keystore on every build "
                       "machine now"}),
        Fact("gotcha-strip", "gotcha", ["link.xml"],
             ["saves load fine in the editor, but on an actual phone the game crashes reading "
              "the save file — why?",
              "add a SaveSettings class that gets deserialized from JSON at startup"],
             "pebblewyrm's IL2CPP managed code stripping removes constructors only used through "
             "reflection, so Newtonsoft JSON deserialization of save classes works in the "
             "editor but throws on device; list the save types in Assets/link.xml (or mark "
             "them [Preserve]).",
             {"symptom": "the android build crashes on the title screen for everyone who has a "
                         "save file. editor is fine",
              "trace": "06-12 21:14:03.551 E Unity   : JsonSerializationException: Unable to "
                       "find a constructor to use for type Wyrm.Save.SaveData. A class should "
                       "either have a default constructor, one constructor with arguments or a "
                       "constructor marked with the JsonConstructor attribute. Path 'version', "
                       "line 1, position 11.\n06-12 21:14:03.551 E Unity   :   at "
                       "Newtonsoft.Json.Serialization.JsonSerializerInternalReader."
                       "CreateNewObject (Newtonsoft.Json.JsonReader reader, Newtonsoft.Json."
                       "Serialization.JsonObjectContract objectContract, Newtonsoft.Json."
                       "Serialization.JsonProperty containerMember) [0x00000] in "
                       "<00000000000000000000000000000000>:0\n06-12 21:14:03.551 E Unity   :   "
                       "at Newtonsoft.Json.JsonConvert.DeserializeObject[T] (System.String "
                       "value) [0x00000] in <00000000000000000000000000000000>:0\n06-12 "
                       "21:14:03.551 E Unity   :   at Wyrm.Save.SaveSystem.Load () [0x00000] in"
                       " <00000000000000000000000000000000>:0\n06-12 21:14:03.552 E Unity   :   "
                       "at Wyrm.UI.TitleScreen.Start () [0x00000] in "
                       "<00000000000000000000000000000000>:0",
              "probe": [bash("adb logcat -d -s Unity | grep -m1 JsonSerializationException",
                             "06-12 21:14:03.551 E Unity   : JsonSerializationException: Unable "
                             "to find a constructor to use for type Wyrm.Save.SaveData."),
                        bash("grep -n managedStrippingLevel ProjectSettings/ProjectSettings.asset",
                             "612:  managedStrippingLevel:\n613:    Android: 2\n614:    iPhone: 2")],
              "explain": "It's IL2CPP code stripping: SaveData's parameterless constructor is "
                         "only ever called through reflection by Newtonsoft, so the linker "
                         "removes it from the device build (stripping level Medium). The "
                         "editor runs on Mono without stripping, which is why it works there. "
                         "The save types have to be preserved in Assets/link.xml.",
              "told": "I've seen exactly this before — the stripper throws away constructors "
                      "that only Newtonsoft calls via reflection. the save classes have to be "
                      "listed in link.xml",
              "fix": [write("Assets/link.xml",
                            "<linker>\n  <assembly fullname=\"Wyrm.Runtime\">\n    <namespace "
                            "fullname=\"Wyrm.Save\" preserve=\"all\"/>\n  </assembly>\n"
                            "</linker>\n")],
              "done": "With the Wyrm.Save namespace preserved, the rebuilt APK loads existing "
                      "saves on the test phone."}),
        Fact("gotcha-paused", "gotcha", ["SetUpdate(true)"],
             ["the pause menu never slides in when the game is paused, it just stays "
              "off-screen — what's going on?",
              "add a little bounce animation to the settings panel that also plays while the "
              "game is paused"],
             "pebblewyrm pauses with Time.timeScale = 0, which freezes DOTween tweens; UI "
             "tweens that must play while paused need .SetUpdate(true) (unscaled time).",
             {"symptom": "pause button: the game freezes like it should but the pause menu "
                         "never slides in, it's stuck off screen",
              "trace": "[PauseMenu] Show() called, timeScale=0\n[PauseMenu] panel "
                       "anchoredPosition=(0.0, -1400.0)\n[PauseMenu] panel anchoredPosition="
                       "(0.0, -1400.0)\n[PauseMenu] panel anchoredPosition=(0.0, -1400.0)\n"
                       "[PauseMenu] panel anchoredPosition=(0.0, -1400.0)",
              "probe": [read("Assets/Scripts/UI/PauseMenu.cs",
                             "    public void Show()\n    {\n        Time.timeScale = 0f;\n     "
                             "   panel.DOAnchorPosY(0f, 0.35f).SetEase(Ease.OutBack);\n    }\n")],
              "explain": "Pausing sets Time.timeScale to 0, and DOTween tweens run on scaled "
                         "time by default — so the slide-in starts but never advances. Tweens "
                         "that should play while paused need `.SetUpdate(true)` to run on "
                         "unscaled time.",
              "told": "oh right, I hit this on the last game too — dotween uses scaled time and "
                      "timeScale is 0 while paused. the tween needs SetUpdate(true)",
              "fix": [edit("Assets/Scripts/UI/PauseMenu.cs",
                           "        panel.DOAnchorPosY(0f, 0.35f).SetEase(Ease.OutBack);",
                           "        panel.DOAnchorPosY(0f, 0.35f).SetEase(Ease.OutBack)"
                           ".SetUpdate(true);")],
              "done": "The pause menu slides in while the game is frozen now."}),
        Fact("fals-touch", "falsified", ["EnhancedTouch"],
             ["could we move swipe detection over to Unity's newer input package for better "
              "multi-touch?",
              "why is the game still on the legacy Input Manager?"],
             "Switching pebblewyrm's swipe input to the new Input System's EnhancedTouch "
             "(Active Input Handling = Input System only) was tried and reverted: the UI's "
             "StandaloneInputModule and legacy Input calls threw InvalidOperationException and "
             "menus stopped taking taps; the game stays on the legacy Input Manager.",
             {"ask": "swipes feel laggy on the cheap android phones. try the new input "
                     "system's touch API for the swipe detector?",
              "change": [edit("ProjectSettings/ProjectSettings.asset",
                              "  activeInputHandler: 0\n", "  activeInputHandler: 1\n"),
                         edit("Assets/Scripts/Input/SwipeDetector.cs",
                              "    private void Update()\n    {\n        if (Input.touchCount "
                              "== 0) return;\n",
                              "    private void OnEnable() => EnhancedTouchSupport.Enable();\n"
                              "\n    private void Update()\n    {\n        if (Touch."
                              "activeTouches.Count == 0) return;\n")],
              "broke": bash("./ci/playmode.sh",
                            "PlayMode: 31 passed, 6 failed\n  MainMenu_TapPlay_OpensLevelSelect"
                            ": InvalidOperationException: You are trying to read Input using "
                            "the UnityEngine.Input class, but you have switched active Input "
                            "handling to Input System package in Player Settings.\n    at "
                            "UnityEngine.EventSystems.StandaloneInputModule.UpdateModule ()\n"
                            "  Settings_ToggleSound: InvalidOperationException (same)", 1),
              "revert": bash("git checkout -- ProjectSettings/ProjectSettings.asset "
                             "Assets/Scripts/Input/SwipeDetector.cs", ""),
              "conclusion": "Back on the legacy Input Manager. With Active Input Handling set "
                            "to the Input System package, the UI's StandaloneInputModule and "
                            "every remaining `Input.` call throw InvalidOperationException, so "
                            "menus stop taking taps (6 PlayMode failures). EnhancedTouch would "
                            "mean porting the whole UI input stack first, not just the swipe "
                            "detector.",
              "want": "swipes feel laggy on cheap android phones, any ideas?",
              "offer": "One option is the new Input System's EnhancedTouch API for the swipe "
                       "detector — per-frame touch history with timestamps. Want me to try "
                       "switching?",
              "story": "nope, been there. we flipped to EnhancedTouch last autumn and the whole "
                       "UI died — StandaloneInputModule throws InvalidOperationException once "
                       "active input handling is the new system, no menu took a tap. reverted "
                       "the same day. the lag is something else"}),
        Fact("fals-atlas", "falsified", ["4096"],
             ["could we pack every level's sprites into one big atlas to cut draw calls?",
              "why does each world have its own sprite atlas instead of one shared one?"],
             "A single 4096 px sprite atlas for all of pebblewyrm's worlds was tried and "
             "dropped: it stays resident (~64 MB) and 2 GB Android phones were killed by the "
             "low-memory killer; atlases stay per world at 2048 px max.",
             {"ask": "draw calls on the level select are high. pack all the world sprites into "
                     "one atlas?",
              "change": [write("Assets/Art/Atlases/AllWorlds.spriteatlasv2",
                               "%YAML 1.1\n--- !u!612988286 &1\nSpriteAtlasAsset:\n  "
                               "m_MasterAtlas: {fileID: 0}\n  m_ImporterData:\n    packables:\n"
                               "    - {fileID: 102900000, guid: 3c1f, type: 3}\n  "
                               "m_TextureSettings:\n    maxTextureSize: 4096\n"),
                         bash("git rm -q Assets/Art/Atlases/World1.spriteatlasv2 "
                              "Assets/Art/Atlases/World2.spriteatlasv2 "
                              "Assets/Art/Atlases/World3.spriteatlasv2", "")],
              "broke": bash("./ci/device-smoke.sh --device galaxy-a10 --scene LevelSelect",
                            "installing Builds/Android/pebblewyrm.apk on galaxy-a10 (2 GB RAM)"
                            "...\nLevelSelect: draw calls 38 (was 112)\nopening world 3...\n"
                            "lowmemorykiller: Kill 'com.mossgate.pebblewyrm' (5121), adj 0, to "
                            "free 201836kB\nFAIL: app process died", 1),
              "revert": bash("git checkout HEAD -- Assets/Art/Atlases/ && git clean -fq "
                             "Assets/Art/Atlases/", ""),
              "conclusion": "Put the per-world atlases back. One 4096 × 4096 atlas cut the "
                            "level-select draw calls from 112 to 38, but it's ~64 MB resident "
                            "and the 2 GB test phone's low-memory killer took the game down on "
                            "world 3. Per-world atlases at 2048 keep only one world's sprites "
                            "in memory.",
              "want": "draw calls on the level select screen are really high, thoughts?",
              "offer": "We could pack every world's sprites into one 4096 atlas — the level "
                       "select would batch into a handful of draw calls. Want me to try?",
              "story": "we did the one-big-4096-atlas thing before launch. draw calls were "
                       "great, then the 2 GB phones got killed by the low memory killer on "
                       "world 3 — the whole thing sits in memory all the time. that's why it's "
                       "one atlas per world at 2048"}),
    ]
    detours = [
        ("quick: what does `readonly struct` actually buy me in C#?",
         "The compiler guarantees no member mutates the struct, so it can skip the defensive "
         "copies it otherwise makes when you call members through `in` parameters or readonly "
         "fields — and it documents intent."),
        ("explain quaternions vs euler angles in two sentences, my designer asked",
         "Euler angles are three rotations around x, y and z — easy to read but they can "
         "gimbal-lock and interpolate badly. Quaternions encode a rotation as one axis-angle "
         "value, so they blend smoothly and never lock, which is why Unity stores rotations "
         "that way."),
        ("what's a good commit message for 'fixed the thing where pebbles counted twice'?",
         "Something like: \"Count each eaten pebble once\" — then a body line saying the "
         "trigger fired on both colliders of the pebble prefab."),
        ("unrelated, Android Studio keeps showing this, can I ignore it?\n\n```\nWARNING: We "
         "recommend using a newer Android Gradle plugin to use compileSdk = 34\n\nThis Android "
         "Gradle plugin (7.4.2) was tested up to compileSdk = 33.\n```",
         "You can: it's a compatibility warning, not an error. The build works; it goes away "
         "when the Gradle plugin is bumped to a version tested with SDK 34."),
        ("what does LTS mean for unity releases, short version?",
         "Long Term Support: the last release of a yearly cycle, which gets two years of bug "
         "and security fixes and no new features — the safe choice for shipping games."),
        ("difference between `is` and `as` casts in C#, one line each?",
         "`x is Foo f` tests the type and binds f if it matches; `x as Foo` converts or gives "
         "null (reference and nullable types only), never throwing."),
    ]
    noise: list[Episode] = [
        look("what does WyrmController.Eat do?", "Assets/Scripts/Gameplay/WyrmController.cs",
             "    public void Eat(Pebble pebble)\n    {\n        belly += pebble.Weight;\n        "
             "pebble.Consume();\n        if (belly >= level.Goal) LevelCompleted?.Invoke();\n  "
             "  }\n",
             "It adds the pebble's weight to the belly, consumes the pebble and raises "
             "LevelCompleted once the belly reaches the level's goal."),
        find("who subscribes to LevelCompleted?", "LevelCompleted +=",
             ["Assets/Scripts/UI/LevelCompleteBanner.cs", "Assets/Scripts/Meta/Progress.cs"],
             "Two listeners: the banner (shows the results) and Progress (unlocks the next "
             "level and saves)."),
        tweak("the tooltip on the hint button says 'Tpa to get a hint'",
              "Assets/Scripts/UI/HintButton.cs", "tooltip = \"Tpa to get a hint\";",
              "tooltip = \"Tap to get a hint\";"),
        steps("what's uncommitted?",
              [bash("git status --short",
                    " M Assets/Scripts/Gameplay/WyrmController.cs\n M Assets/Scenes/World2.unity"),
               bash("git log --oneline -3",
                    "9e4b1c0 World 2: ice pebbles slide\n2d7f6a3 Hint button\n"
                    "b13c8e5 Bump DOTween to 1.2.765")],
              "WyrmController.cs and the World2 scene are modified, nothing staged; the last "
              "commit is the sliding ice pebbles."),
        talk("what's the difference between Awake and Start again?",
             "Awake runs when the object is loaded, even if the component is disabled, and is "
             "for wiring up the object itself; Start runs just before the first Update, only if "
             "enabled, after every Awake in the scene — so it's safe to talk to other objects "
             "there."),
        steps("plan the daily challenge feature, no code yet",
              [todo_write([("Generate a seeded level from the date", "pending",
                            "Generating seeded levels"),
                           ("Daily challenge button on the map", "pending",
                            "Adding the map button"),
                           ("Streak counter in the save", "pending", "Adding the streak"),
                           ("Tests for seed stability", "pending", "Writing seed tests")])],
              "Four steps: seeded generation, map button, streak in the save, seed-stability "
              "tests. Say go when you want it."),
        [Step(prompt="find anything that allocates every frame in Update"),
         Step(tools=[agent("Find per-frame allocations",
                           "Look through Assets/Scripts for Update/LateUpdate methods that "
                           "allocate (LINQ, string concatenation, new lists, GetComponent in a "
                           "loop).",
                           "Two hot spots: ScoreLabel.Update builds a string with $\"{score}\" "
                           "every frame even when the score is unchanged, and "
                           "PebbleSpawner.Update calls FindObjectsOfType<Pebble>() each frame. "
                           "Nothing else allocates per frame.", "a2f61d09c8e7", "Explore", 7)]),
         Step(text="ScoreLabel rebuilds its string every frame and PebbleSpawner calls "
                   "FindObjectsOfType each frame; caching both would remove the per-frame "
                   "garbage.")],
        run("how many files are in git lfs?", "git lfs ls-files | wc -l", "412",
            "412 files are tracked by Git LFS."),
        look("what's in the level file for 2-7?", "Assets/Levels/2-7.json",
             "{\n  \"goal\": 14,\n  \"moves\": 22,\n  \"grid\": [\n    \"..o.#\",\n    "
             "\".#o..\",\n    \"W..oo\"\n  ]\n}\n",
             "Level 2-7: eat 14 weight worth of pebbles in 22 moves on a 5-wide grid; `W` is "
             "the start, `o` pebbles, `#` rocks."),
        talk("struct or class for the grid cell type?",
             "A struct: a cell is a small value (a couple of enums and a byte), lives in an "
             "array, and copying it is cheaper than a heap object per cell — just keep it "
             "immutable or pass it by ref when you change it."),
    ]
    return Project(
        "pebblewyrm", "git@github.com:mossgate/pebblewyrm.git",
        {"README.md": "# pebblewyrm\n\nA small dragon, a lot of pebbles. Unity mobile puzzle.\n",
         "Packages/manifest.json": "{\n  \"dependencies\": {\n    \"com.unity.ugui\": "
                                   "\"1.0.0\"\n  }\n}\n"},
        _equip(facts, detours), noise, "slack")


# ------------------------------------------------------------------- saltmarrow
def saltmarrow() -> Project:
    mig = "alembic/versions/20240612_1032_ix_boarding_passes_booking_id.py"
    mig_head = ("\"\"\"index boarding_passes.booking_id\n\nRevision ID: 5b0e7d2c9a13\nRevises: "
                "3f5a8b61c0d2\n\"\"\"\nfrom alembic import op\n\nrevision = \"5b0e7d2c9a13\"\n"
                "down_revision = \"3f5a8b61c0d2\"\n\n\n")
    schemas = "src/saltmarrow/schemas/booking.py"
    bookings_api = "src/saltmarrow/api/bookings.py"
    facts = [
        Fact("conv-index", "convention", ["postgresql_concurrently"],
             ["I need an index on bookings.departure_id — how should the migration create it?",
              "any rules for Alembic migrations that add indexes to the big tables?"],
             "saltmarrow migrations build indexes with op.create_index(..., "
             "postgresql_concurrently=True) inside `with op.get_context().autocommit_block():` "
             "(drop_index likewise), never a plain create_index that locks a live table.",
             {"rule": "indexes get built concurrently: op.create_index(..., "
                      "postgresql_concurrently=True) inside an autocommit_block. a plain "
                      "create_index locks the table and the ticket office goes down",
              "task": "add an index on boarding_passes.booking_id, the lookups are slow",
              "contrary": write(mig, mig_head + "def upgrade() -> None:\n    op.create_index("
                                "\"ix_boarding_passes_booking_id\", \"boarding_passes\", "
                                "[\"booking_id\"])\n\n\ndef downgrade() -> None:\n    "
                                "op.drop_index(\"ix_boarding_passes_booking_id\", table_name="
                                "\"boarding_passes\")\n"),
              "follow": [write(mig, mig_head + "def upgrade() -> None:\n    with "
                               "op.get_context().autocommit_block():\n        op.create_index("
                               "\n            \"ix_boarding_passes_booking_id\",\n            "
                               "\"boarding_passes\",\n            [\"booking_id\"],\n            "
                               "postgresql_concurrently=True,\n        )\n\n\ndef downgrade() "
                               "-> None:\n    with op.get_context().autocommit_block():\n        "
                               "op.drop_index(\n            \"ix_boarding_passes_booking_id\",\n"
                               "            table_name=\"boarding_passes\",\n            "
                               "postgresql_concurrently=True,\n        )\n")],
              "done": "Revision 5b0e7d2c9a13 builds the index without blocking writes to "
                      "boarding_passes; apply it whenever you're ready."}),
        Fact("conv-strict", "convention", ["extra=\"forbid\""],
             ["I'm adding a request body model for changing a booking's seat — anything it "
              "must have?",
              "what should our Pydantic schemas do about fields in a payload that they don't "
              "declare?"],
             "Every saltmarrow Pydantic request schema (the *In models) sets model_config = "
             "ConfigDict(extra=\"forbid\"), so unknown fields are a 422 instead of being "
             "silently dropped.",
             {"rule": "every request schema gets model_config = ConfigDict(extra=\"forbid\") — "
                      "unknown fields must be a 422, not silently dropped. the partner "
                      "integrations kept sending typos nobody noticed",
              "task": "add the request schema for changing the vehicle on a booking (plate and "
                      "vehicle length)",
              "contrary": edit(schemas, "class BookingOut(BaseModel):\n",
                               "class VehicleChangeIn(BaseModel):\n    plate: str\n    "
                               "length_m: Decimal = Field(gt=0, le=18)\n\n\nclass "
                               "BookingOut(BaseModel):\n"),
              "follow": [edit(schemas, "class BookingOut(BaseModel):\n",
                              "class VehicleChangeIn(BaseModel):\n    model_config = "
                              "ConfigDict(extra=\"forbid\")\n\n    plate: str\n    length_m: "
                              "Decimal = Field(gt=0, le=18)\n\n\nclass BookingOut(BaseModel):\n")],
              "done": "VehicleChangeIn is in schemas/booking.py; a payload with a stray field "
                      "like `lenght_m` now gets a 422 instead of being quietly ignored."}),
        Fact("cmd-migrate", "command", ["--env-file .env.local"],
             ["how do I apply the database migrations on my machine?",
              "alembic crashes with a KeyError for the DSN variable when I try to upgrade — "
              "what's the right invocation?"],
             "Run saltmarrow's Alembic locally as `uv run --env-file .env.local alembic upgrade "
             "head`: alembic/env.py reads SALTMARROW_DB_DSN from the environment and nothing "
             "loads .env.local automatically.",
             {"goal": "apply the new migrations to my local db",
              "fail": bash("uv run alembic upgrade head",
                           "Traceback (most recent call last):\n  File \"/home/dev/src/"
                           "saltmarrow/.venv/bin/alembic\", line 8, in <module>\n    "
                           "sys.exit(main())\n  File \"/home/dev/src/saltmarrow/alembic/env.py\""
                           ", line 14, in <module>\n    config.set_main_option(\"sqlalchemy."
                           "url\", os.environ[\"SALTMARROW_DB_DSN\"])\n  File \"<frozen os>\", "
                           "line 714, in __getitem__\nKeyError: 'SALTMARROW_DB_DSN'", 1),
              "note": "alembic/env.py takes the DSN from SALTMARROW_DB_DSN and doesn't load any "
                      "dotenv file itself; the local value lives in .env.local, so uv has to "
                      "pass it in with --env-file.",
              "ok": bash("uv run --env-file .env.local alembic upgrade head",
                         "INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\nINFO  "
                         "[alembic.runtime.migration] Will assume transactional DDL.\nINFO  "
                         "[alembic.runtime.migration] Running upgrade 7c1d0e2a9b44 -> "
                         "3f5a8b61c0d2, add vehicle length to bookings"),
              "hint": "alembic needs the dsn from .env.local and nothing loads it for you: uv "
                      "run --env-file .env.local alembic upgrade head",
              "done": "Your local database is at head (3f5a8b61c0d2, vehicle length on "
                      "bookings)."}),
        Fact("cmd-timetable", "command", ["saltmarrow-admin"],
             ["my local database has no sailings at all — how do I get a season's timetable "
              "into it?",
              "load the winter timetable into my dev database so I can try the booking flow"],
             "Timetables are loaded into saltmarrow with the console script `uv run "
             "saltmarrow-admin timetable load --season <season> <gtfs zip>` (e.g. "
             "data/gtfs/summer-2024.zip); scripts/import_timetable.py no longer exists.",
             {"goal": "my local db has no departures, load the summer timetable from data/gtfs",
              "fail": bash("uv run python scripts/import_timetable.py data/gtfs/summer-2024.zip",
                           "/home/dev/src/saltmarrow/.venv/bin/python: can't open file "
                           "'/home/dev/src/saltmarrow/scripts/import_timetable.py': [Errno 2] "
                           "No such file or directory", 2),
              "note": "The old import script is gone; pyproject.toml now exposes a console "
                      "script, saltmarrow-admin, with a `timetable load` subcommand.",
              "ok": bash("uv run saltmarrow-admin timetable load --season summer-2024 "
                         "data/gtfs/summer-2024.zip",
                         "Reading data/gtfs/summer-2024.zip\n  routes: 6\n  stops: 11\n  trips:"
                         " 1,482\nInserted 1,482 departures for season summer-2024 (0 "
                         "skipped)."),
              "hint": "that script's long gone. uv run saltmarrow-admin timetable load --season "
                      "summer-2024 data/gtfs/summer-2024.zip",
              "done": "1,482 departures for summer-2024 are in your local database."}),
        Fact("env-pool", "environment", ["6432"],
             ["what port does the app use to reach Postgres in staging and production?",
              "set up my DBeaver connection to the prod database the same way the app "
              "connects"],
             "In staging and production saltmarrow connects through PgBouncer (transaction "
             "pooling) at db-pool.internal on port 6432, not to Postgres directly.",
             {"goal": "what's the db port in the prod config? I'm setting up a read-only client",
              "probe": [bash("grep -n DB_DSN deploy/prod.env.example",
                             "3:SALTMARROW_DB_DSN=postgresql+asyncpg://saltmarrow:"
                             "${DB_PASSWORD}@db-pool.internal:6432/saltmarrow"),
                        bash("grep -n -B1 -A1 'pool_mode' deploy/pgbouncer.ini",
                             "7-listen_port = 6432\n8:pool_mode = transaction\n9-max_client_conn"
                             " = 400")],
              "confirm": "In prod (and staging) the app doesn't talk to Postgres directly: it "
                         "goes through PgBouncer at db-pool.internal, port 6432, in transaction "
                         "pooling mode.",
              "while": ("how many client connections does pgbouncer allow in prod?",
                        "max_client_conn is 400."),
              "aside": "prod and staging go through pgbouncer on 6432 now, not straight to "
                       "postgres"}),
        Fact("env-apiport", "environment", ["8087"],
             ["which localhost port is the API on when I bring up docker compose?",
              "update the README quickstart with the URL where the local API's docs page "
              "lives"],
             "saltmarrow's API in docker compose is published on host port 8087 (compose maps "
             "8087:8000), so locally it's http://localhost:8087 and the docs are at "
             "http://localhost:8087/docs.",
             {"goal": "compose is up but localhost:8000 gives connection refused — where's the "
                      "api?",
              "probe": [bash("docker compose ps --format '{{.Service}}\\t{{.Ports}}'",
                             "api\t0.0.0.0:8087->8000/tcp\ndb\t0.0.0.0:55432->5432/tcp\n"
                             "redis\t6379/tcp")],
              "confirm": "The API container is published on host port 8087 (compose maps "
                         "8087:8000), so it's http://localhost:8087 — the interactive docs are "
                         "at http://localhost:8087/docs.",
              "while": ("is the db container exposed to the host at all? I want to connect "
                        "with psql",
                        "Yes — on host port 55432."),
              "aside": "the api's on 8087 on the host now, 8000 kept clashing with my other "
                       "stuff"}),
        Fact("gotcha-prepared", "gotcha", ["statement_cache_size"],
             ["staging randomly throws errors about a prepared statement that already exists "
              "— what causes that?",
              "set up a second async engine for the reporting module that connects the same "
              "way the main one does"],
             "saltmarrow reaches Postgres through PgBouncer in transaction mode, where asyncpg's "
             "prepared-statement cache causes DuplicatePreparedStatementError (prepared "
             "statement \"__asyncpg_stmt_…\" already exists); engines must be created with "
             "connect_args={\"statement_cache_size\": 0, \"prepared_statement_cache_size\": 0}.",
             {"symptom": "staging is throwing 500s on maybe 5% of requests, something about "
                         "prepared statements",
              "trace": "sqlalchemy.exc.ProgrammingError: (sqlalchemy.dialects.postgresql."
                       "asyncpg.ProgrammingError) <class 'asyncpg.exceptions."
                       "DuplicatePreparedStatementError'>: prepared statement "
                       "\"__asyncpg_stmt_1a__\" already exists\nHINT:\nNOTE: pgbouncer with "
                       "pool_mode set to \"transaction\" or\n\"statement\" does not support "
                       "prepared statements properly.\n[SQL: SELECT departures.id, "
                       "departures.route_id, departures.sails_at FROM departures WHERE "
                       "departures.route_id = $1::INTEGER]\n(Background on this error at: "
                       "https://sqlalche.me/e/20/f405)",
              "probe": [bash("grep -c DuplicatePreparedStatementError logs/staging-api.log",
                             "212"),
                        read("src/saltmarrow/db.py",
                             "engine = create_async_engine(\n    settings.db_dsn,\n    "
                             "pool_size=10,\n    pool_pre_ping=True,\n)\n")],
              "explain": "Staging goes through PgBouncer in transaction mode, so successive "
                         "transactions on one asyncpg connection can land on different server "
                         "connections — and asyncpg's statement cache then re-prepares names "
                         "that already exist there. The engine has to turn it off: "
                         "connect_args={\"statement_cache_size\": 0}, plus "
                         "prepared_statement_cache_size 0 for SQLAlchemy's own cache.",
              "told": "seen this before: pgbouncer in transaction mode vs asyncpg's prepared "
                      "statement cache. connect_args statement_cache_size 0 on the engine and "
                      "it goes away",
              "fix": [edit("src/saltmarrow/db.py", "    pool_pre_ping=True,\n)",
                           "    pool_pre_ping=True,\n    connect_args={\"statement_cache_size\":"
                           " 0, \"prepared_statement_cache_size\": 0},\n)")],
              "done": "With the statement caches off, staging hasn't logged the error in the "
                      "last 20 minutes."}),
        Fact("gotcha-loop", "gotcha", ["loop_scope"],
             ["my new async test passes on its own but fails with 'attached to a different "
              "loop' when I run the whole suite — why?",
              "write an async test for cancelling a booking that uses the shared database "
              "session fixture"],
             "saltmarrow's async engine fixture lives on the session-wide event loop, so every "
             "async test module must use pytest.mark.asyncio(loop_scope=\"session\"); a plain "
             "asyncio mark gets its own loop and fails with 'Future attached to a different "
             "loop'.",
             {"symptom": "test_refunds.py passes on its own but when I run the full suite it "
                         "dies with some 'attached to a different loop' error",
              "trace": "_________________ test_refund_cancels_boarding_pass _________________\n"
                       "\nsession = <sqlalchemy.ext.asyncio.session.AsyncSession object at "
                       "0x7f3b2c1d9e50>\n\n    async def test_refund_cancels_boarding_pass("
                       "session):\n>       booking = await make_booking(session)\n\n"
                       "tests/test_refunds.py:18:\n.venv/lib/python3.12/site-packages/"
                       "sqlalchemy/ext/asyncio/session.py:461: in execute\n    result = await "
                       "greenlet_spawn(\nE   RuntimeError: Task <Task pending name='Task-212' "
                       "coro=<test_refund_cancels_boarding_pass() running at tests/"
                       "test_refunds.py:18>> got Future <Future pending cb=[Protocol."
                       "_on_waiter_completed()]> attached to a different loop\n\n========= "
                       "short test summary info =========\nFAILED tests/test_refunds.py::"
                       "test_refund_cancels_boarding_pass - RuntimeError: Task <Task pending> "
                       "got Future attached to a different loop",
              "probe": [read("tests/conftest.py",
                             "@pytest_asyncio.fixture(scope=\"session\", loop_scope=\"session\")"
                             "\nasync def engine():\n    ...\n\n\n@pytest_asyncio.fixture("
                             "loop_scope=\"session\")\nasync def session(engine):\n    ...\n"),
                        read("tests/test_refunds.py",
                             "import pytest\n\npytestmark = pytest.mark.asyncio\n\n\nasync def "
                             "test_refund_cancels_boarding_pass(session):\n")],
              "explain": "The engine fixture in conftest.py is session-scoped and runs on the "
                         "session-wide event loop (loop_scope=\"session\"), but test_refunds.py "
                         "uses a plain `pytest.mark.asyncio`, which gives each test its own "
                         "loop. asyncpg's connections belong to the session loop, hence "
                         "'attached to a different loop'. The module needs "
                         "`pytest.mark.asyncio(loop_scope=\"session\")` like the others.",
              "told": "argh, this again. the engine lives on the session loop, so every async "
                      "test module has to say pytest.mark.asyncio(loop_scope=\"session\"). the "
                      "plain mark gets its own loop",
              "fix": [edit("tests/test_refunds.py", "pytestmark = pytest.mark.asyncio\n",
                           "pytestmark = pytest.mark.asyncio(loop_scope=\"session\")\n")],
              "done": "The full suite passes now, test_refunds.py included."}),
        Fact("fals-inproc", "falsified", ["BackgroundTasks"],
             ["can we send the booking confirmation email straight from the endpoint after "
              "responding, without the job queue?",
              "why do confirmation emails go through arq instead of FastAPI's built-in "
              "after-response hook?"],
             "Sending saltmarrow's confirmation emails with FastAPI BackgroundTasks was tried "
             "and reverted: the task runs inside the API worker, so restarts (every deploy) "
             "cancel it and the email is lost with no retry; emails stay on the arq queue.",
             {"ask": "the arq worker is one more thing to run. send the booking confirmation "
                     "email from the endpoint itself, after the response",
              "change": [edit(bookings_api,
                              "    await arq_pool.enqueue_job(\"send_confirmation\", "
                              "booking.id)\n",
                              "    background_tasks.add_task(send_confirmation, booking.id)\n"),
                         edit(bookings_api,
                              "async def create_booking(payload: BookingIn, session: "
                              "SessionDep):",
                              "async def create_booking(payload: BookingIn, session: "
                              "SessionDep, background_tasks: BackgroundTasks):")],
              "broke": bash("uv run pytest tests/integration/test_confirmation_delivery.py -q",
                            "F.\n=================== FAILURES ===================\n___ "
                            "test_confirmation_survives_worker_restart ___\n    assert "
                            "outbox.count(booking_id) == 1\nE   assert 0 == 1\n---- Captured "
                            "log call ----\nINFO     uvicorn.error: Shutting down\nINFO     "
                            "uvicorn.error: Waiting for background tasks to complete. (CTRL+C "
                            "to force quit)\nWARNING  uvicorn.error: Cancel 1 running task(s), "
                            "timeout graceful shutdown exceeded\n1 failed, 1 passed in 7.82s",
                            1),
              "revert": bash(f"git checkout -- {bookings_api}", ""),
              "conclusion": "Back on the arq queue. With BackgroundTasks the email runs inside "
                            "the API worker process, so a restart mid-send (every deploy) "
                            "cancels it and the email is simply lost — no persistence, no "
                            "retry. The integration test caught exactly that.",
              "want": "the arq worker is one more moving part — can we drop it for the "
                      "confirmation emails?",
              "offer": "FastAPI's BackgroundTasks could send the email in-process right after "
                       "the response, no separate worker. Want me to switch the booking "
                       "endpoint over?",
              "story": "we tried BackgroundTasks for exactly that in the first season. every "
                       "deploy restarts the workers and whatever was mid-send just vanished — "
                       "no retry, passengers without confirmations. the arq queue stays"}),
        Fact("fals-bootmigrate", "falsified", ["lifespan"],
             ["could the app just bring the database schema up to date by itself when it "
              "boots?",
              "why is there a separate migrate step in the deploy instead of the service doing "
              "it on startup?"],
             "Running saltmarrow's Alembic upgrade from the FastAPI lifespan at startup was "
             "tried and reverted: the four uvicorn workers each ran the same upgrade at once "
             "and crashed ('column already exists'), so the app failed to start; migrations "
             "stay a separate step before the rollout.",
             {"ask": "I keep forgetting to migrate staging after deploys. make the app run "
                     "alembic upgrade head when it starts",
              "change": [edit("src/saltmarrow/main.py",
                              "@asynccontextmanager\nasync def lifespan(app: FastAPI):\n    "
                              "yield\n",
                              "@asynccontextmanager\nasync def lifespan(app: FastAPI):\n    "
                              "await run_in_threadpool(command.upgrade, alembic_cfg, \"head\")\n"
                              "    yield\n")],
              "broke": bash("docker compose -f compose.staging-sim.yml up "
                            "--abort-on-container-exit api",
                            "api-1  | INFO:     Waiting for application startup.\napi-1  | INFO"
                            "  [alembic.runtime.migration] Running upgrade 9d2e4c7a1b90 -> "
                            "e61b3f08c5d7, add refund reason\napi-1  | INFO  [alembic.runtime."
                            "migration] Running upgrade 9d2e4c7a1b90 -> e61b3f08c5d7, add "
                            "refund reason\napi-1  | ERROR:    Traceback (most recent call "
                            "last):\napi-1  | sqlalchemy.exc.ProgrammingError: (sqlalchemy."
                            "dialects.postgresql.asyncpg.ProgrammingError) <class 'asyncpg."
                            "exceptions.DuplicateColumnError'>: column \"refund_reason\" of "
                            "relation \"refunds\" already exists\napi-1  | ERROR:    "
                            "Application startup failed. Exiting.\napi-1 exited with code 3", 1),
              "revert": bash("git checkout -- src/saltmarrow/main.py", ""),
              "conclusion": "Took the startup migration back out. Every uvicorn worker runs "
                            "the lifespan, so all four started the same upgrade at once — one "
                            "won and the rest died on 'column already exists', taking the app "
                            "down. Migrations stay a separate step before the rollout; a "
                            "pre-deploy job is the place to automate them.",
              "want": "I keep forgetting to migrate staging after a deploy — could the app just "
                      "do it when it starts?",
              "offer": "We could call Alembic's command.upgrade(cfg, \"head\") from the FastAPI "
                       "lifespan so every start brings the schema up to date. Want me to wire "
                       "that in?",
              "story": "no, we had the upgrade in the lifespan once. four uvicorn workers, four "
                       "simultaneous upgrades, three of them crashing on 'already exists' — "
                       "staging didn't come up. migrations stay a separate step"}),
    ]
    detours = [
        ("quick question: when should a FastAPI endpoint be `async def` and when plain `def`?",
         "Use `async def` when everything it awaits is async (our DB session, httpx); use "
         "plain `def` when it calls blocking libraries, because FastAPI runs those in a "
         "threadpool instead of blocking the event loop."),
        ("give me a regex for a Portuguese postcode like 1234-567",
         "`^\\d{4}-\\d{3}$` — four digits, a hyphen, three digits."),
        ("my pre-commit printed this, what does it mean?\n\n```\nruff.........................."
         "...............Failed\n- hook id: ruff\n- files were modified by this hook\n\nFound "
         "3 errors (3 fixed, 0 remaining).\n```",
         "ruff found three issues and fixed them itself, which changed files, so pre-commit "
         "stops the commit. Stage the modified files and commit again — it'll pass."),
        ("what does `git bisect` do, roughly?",
         "It binary-searches your history for the commit that introduced a bug: you mark one "
         "good and one bad commit, it checks out the midpoint, you say good or bad, and it "
         "narrows down until it names the culprit."),
        ("explain the difference between a list and a tuple for a junior, one line",
         "A list is a mutable sequence you add to and change; a tuple is a fixed, immutable "
         "record — use it for things like coordinates that shouldn't change."),
        ("unrelated: what's the `-x` flag on pytest again?",
         "`-x` (--exitfirst) stops the run at the first failing test."),
    ]
    noise: list[Episode] = [
        look("what does the seat check in create_booking do?", bookings_api,
             "    departure = await session.get(Departure, payload.departure_id, with_for_update="
             "True)\n    if departure.seats_left < payload.passengers:\n        raise "
             "HTTPException(409, \"not enough seats\")\n    departure.seats_left -= "
             "payload.passengers\n",
             "It locks the departure row (SELECT … FOR UPDATE), returns 409 when there aren't "
             "enough seats left and otherwise decrements seats_left in the same transaction."),
        run("run the unit tests", "uv run pytest tests/unit -q",
            "........................................                                 [100%]\n"
            "40 passed in 1.12s", "40 unit tests, all passing."),
        find("where do we generate the boarding pass QR code?", "qrcode.make",
             ["src/saltmarrow/passes/render.py"],
             "Only in src/saltmarrow/passes/render.py."),
        tweak("typo in the departures docstring: 'sialing'", "src/saltmarrow/api/departures.py",
              "    \"\"\"List sialing times for a route.\"\"\"",
              "    \"\"\"List sailing times for a route.\"\"\""),
        steps("what's on my branch?",
              [bash("git status --short",
                    " M src/saltmarrow/api/departures.py\n?? tests/unit/test_fares.py"),
               bash("git log --oneline -3",
                    "a4c2e91 Fares: child discount\n7b0d5f3 Departures: filter by date\n"
                    "e19f6c2 Bump fastapi to 0.111.0")],
              "departures.py modified and a new, untracked test_fares.py, on top of the three "
              "commits above."),
        talk("what's the difference between `Field(default_factory=list)` and `= []` in "
             "pydantic?",
             "In Pydantic both are safe — it copies mutable defaults per instance — but "
             "default_factory is explicit and is what you need for anything computed, like "
             "`default_factory=datetime.utcnow`."),
        steps("ruff is failing in CI, sort it",
              [bash("uv run ruff check src", "src/saltmarrow/api/fares.py:3:1: F401 [*] "
                    "`decimal.ROUND_HALF_UP` imported but unused\nFound 1 error.\n[*] 1 fixable "
                    "with the `--fix` option.", 1),
               bash("uv run ruff check --fix src", "Found 1 error (1 fixed, 0 remaining).")],
              "One unused import in fares.py, fixed; ruff is clean."),
        steps("plan the waitlist for sold-out sailings, no code yet",
              [todo_write([("Waitlist table (departure, passenger, created_at)", "pending",
                            "Designing the table"),
                           ("POST /departures/{id}/waitlist", "pending", "Adding the endpoint"),
                           ("arq job that offers freed seats in order", "pending",
                            "Writing the job"),
                           ("Tests for ordering and expiry", "pending", "Writing tests")])],
              "Four steps: table, endpoint, the offer job, then tests. Say go."),
        [Step(prompt="which endpoints have no tests at all?"),
         Step(tools=[agent("Find untested endpoints",
                           "List the FastAPI routes in src/saltmarrow/api and say which ones no "
                           "test under tests/ calls.",
                           "Three routes have no test: GET /routes/{id}/stops, DELETE "
                           "/bookings/{id}/vehicle and GET /admin/stats. Everything else is hit "
                           "by at least one unit or integration test.", "a90d3e5c17b2",
                           "Explore", 6)]),
         Step(text="GET /routes/{id}/stops, DELETE /bookings/{id}/vehicle and GET /admin/stats "
                   "have no tests.")],
        talk("is `datetime.utcnow()` still ok to use?",
             "It's deprecated since Python 3.12 because it returns a naive datetime; use "
             "`datetime.now(timezone.utc)` to get an aware one."),
    ]
    return Project(
        "saltmarrow", "git@github.com:tidewaymarine/saltmarrow.git",
        {"README.md": "# saltmarrow\n\nTimetables, bookings and boarding passes for the island "
                      "ferries.\n",
         "pyproject.toml": "[project]\nname = \"saltmarrow\"\nrequires-python = \">=3.12\"\n"},
        _equip(facts, detours), noise, "postgres")


# ------------------------------------------------------------------- hivethrum
def hivethrum() -> Project:
    fw_toml = "firmware/Cargo.toml"
    facts = [
        Fact("conv-logging", "convention", ["defmt::Format"],
             ["I want to log the whole Reading struct in the sampling task — what do I need to "
              "add to it?",
              "what's the rule for printing debug output from the firmware?"],
             "hivethrum logs only through defmt: types that get logged derive defmt::Format and "
             "go through the defmt macros; no core::fmt Debug impls or write!/format-style "
             "formatting on the device (it pulls ~12 KB of fmt code into flash).",
             {"rule": "logging is defmt only — derive defmt::Format on whatever you want to "
                      "print, no core::fmt Debug impls or write!-formatting on the device, it "
                      "drags in ~12 KB of fmt machinery",
              "task": "log the raw and tared scale values every time a weight sample is taken",
              "contrary": edit("firmware/src/scale.rs",
                               "#[derive(Clone, Copy)]\npub struct WeightSample {",
                               "#[derive(Clone, Copy, Debug)]\npub struct WeightSample {"),
              "follow": [edit("firmware/src/scale.rs",
                              "#[derive(Clone, Copy)]\npub struct WeightSample {",
                              "#[derive(Clone, Copy, defmt::Format)]\npub struct WeightSample {"),
                         edit("firmware/src/tasks/sample.rs",
                              "        let sample = scale.read().await?;\n",
                              "        let sample = scale.read().await?;\n        "
                              "defmt::debug!(\"weight sample: {}\", sample);\n")],
              "done": "Each sample is now logged at debug level with the raw count and the "
                      "tared grams."}),
        Fact("conv-sharing", "convention", ["CriticalSectionRawMutex"],
             ["the LoRa task needs the latest temperature the sensor task read — how should "
              "the two tasks share it?",
              "is it ok to keep the battery voltage in a global mutable variable that both "
              "tasks touch?"],
             "hivethrum shares state between embassy tasks only through embassy_sync "
             "primitives on CriticalSectionRawMutex (a Signal, Mutex or Channel in a static) — "
             "never static mut.",
             {"rule": "state shared between tasks goes through embassy_sync with "
                      "CriticalSectionRawMutex — a Signal or a Mutex in a static. no static "
                      "mut, ever, not even 'just for a flag'",
              "task": "make the uplink task send the most recent humidity reading from the "
                      "climate task",
              "contrary": edit("firmware/src/tasks/climate.rs", "use crate::sht40::Sht40;\n",
                               "use crate::sht40::Sht40;\n\npub static mut LAST_HUMIDITY: "
                               "Option<u16> = None;\n"),
              "follow": [edit("firmware/src/tasks/climate.rs", "use crate::sht40::Sht40;\n",
                              "use crate::sht40::Sht40;\nuse embassy_sync::blocking_mutex::raw"
                              "::CriticalSectionRawMutex;\nuse embassy_sync::signal::Signal;\n"
                              "\npub static HUMIDITY: Signal<CriticalSectionRawMutex, u16> = "
                              "Signal::new();\n"),
                         edit("firmware/src/tasks/uplink.rs",
                              "    let humidity = 0; // TODO\n",
                              "    let humidity = climate::HUMIDITY.try_take().unwrap_or("
                              "last_humidity);\n")],
              "done": "The climate task signals each humidity reading and the uplink task takes "
                      "the newest one, falling back to the previous value if nothing new "
                      "arrived."}),
        Fact("cmd-flash", "command", ["--connect-under-reset"],
             ["flashing fails because the probe can't connect to the chip — how do I get the "
              "board programmed?",
              "flash the latest release build onto the scale board on my desk"],
             "hivethrum's firmware sleeps with the debug domain off, so probe-rs can't attach "
             "normally and `cargo run` fails; flash with `probe-rs run --chip STM32WL55JCIx "
             "--connect-under-reset target/thumbv7em-none-eabi/release/hivethrum`.",
             {"goal": "flash the release build onto the board on my desk",
              "fail": bash("cargo run --release",
                           "    Finished `release` profile [optimized + debuginfo] target(s) in "
                           "0.21s\n     Running `probe-rs run --chip STM32WL55JCIx target/"
                           "thumbv7em-none-eabi/release/hivethrum`\nError: Connecting to the "
                           "chip was unsuccessful.\n\nCaused by:\n    0: An ARM specific error "
                           "occurred.\n    1: Error using access port.\n    2: Failed to read "
                           "register DRW at address 0xd0c\n    3: An error occurred in the "
                           "communication with an access port or debug port.", 1),
              "note": "The chip spends nearly all its time asleep with the debug domain "
                      "powered down, so probe-rs can't attach to a running core — it has to "
                      "hold the chip in reset while connecting.",
              "ok": bash("probe-rs run --chip STM32WL55JCIx --connect-under-reset "
                         "target/thumbv7em-none-eabi/release/hivethrum",
                         "      Erasing ✔ 100% [####################]  96.00 KiB @  41.20 "
                         "KiB/s\n  Programming ✔ 100% [####################]  96.00 KiB @  "
                         "22.86 KiB/s\n     Finished in 6.41s\n0.000000 INFO  hivethrum 0.4.2 "
                         "booting\n0.001221 INFO  scale: tare loaded from flash"),
              "hint": "cargo run won't attach, it sleeps too deep. probe-rs run --chip "
                      "STM32WL55JCIx --connect-under-reset target/thumbv7em-none-eabi/release/"
                      "hivethrum",
              "done": "Flashed 0.4.2; it boots and loads the tare from flash."}),
        Fact("cmd-hosttests", "command", ["hive-core", "x86_64-unknown-linux-gnu"],
             ["how do I run the unit tests for the weight-filter logic on my laptop?",
              "cargo test dies with \"can't find crate for `test`\" — what's the right "
              "command?"],
             "hivethrum's unit tests live in the no_std hive-core crate and run on the host: "
             "`cargo test -p hive-core --target x86_64-unknown-linux-gnu`; plain `cargo test` "
             "builds for the workspace's default thumbv7em-none-eabi target and fails with "
             "E0463.",
             {"goal": "run the unit tests, I changed the moving-average filter",
              "fail": bash("cargo test",
                           "   Compiling hive-core v0.4.2 (/home/dev/src/hivethrum/hive-core)\n"
                           "error[E0463]: can't find crate for `test`\n\nFor more information "
                           "about this error, try `rustc --explain E0463`.\nerror: could not "
                           "compile `hive-core` (lib test) due to 1 previous error", 101),
              "note": "The workspace's .cargo/config.toml sets build.target to "
                      "thumbv7em-none-eabi, which has no `test` crate; the logic tests live in "
                      "hive-core and have to be built for the host.",
              "ok": bash("cargo test -p hive-core --target x86_64-unknown-linux-gnu",
                         "   Compiling hive-core v0.4.2 (/home/dev/src/hivethrum/hive-core)\n"
                         "    Finished `test` profile [unoptimized + debuginfo] target(s) in "
                         "2.87s\n     Running unittests src/lib.rs (target/x86_64-unknown-linux"
                         "-gnu/debug/deps/hive_core-5e0c1b7a2d94f318)\n\nrunning 23 tests\n"
                         ".......................\ntest result: ok. 23 passed; 0 failed; 0 "
                         "ignored; 0 measured; 0 filtered out; finished in 0.01s"),
              "hint": "the tests only run on the host: cargo test -p hive-core --target "
                      "x86_64-unknown-linux-gnu",
              "done": "All 23 tests pass, the filter ones included."}),
        Fact("env-region", "environment", ["EU868"],
             ["which LoRaWAN frequency plan does the firmware use?",
              "register a new hive node on The Things Network for me — which band settings "
              "should I pick?"],
             "hivethrum's LoRaWAN stack is built for the EU868 region only (lorawan-device "
             "feature region-eu868), so gateways and TTN devices use the Europe 863-870 MHz "
             "plan; the US915 build was dropped.",
             {"goal": "which lora region is the firmware built for? I'm setting up a new "
                      "gateway",
              "probe": [bash(f"grep -n -A4 'lorawan-device' {fw_toml}",
                             "31:lorawan-device = { version = \"0.12\", default-features = "
                             "false, features = [\n32-    \"embassy-time\",\n33-    "
                             "\"region-eu868\",\n34-    \"defmt\",\n35-] }")],
              "confirm": "The firmware is built for EU868 only (lorawan-device with the "
                         "region-eu868 feature, no other region enabled), so the gateway and "
                         "the TTN device entries need the Europe 863-870 MHz frequency plan.",
              "while": ("which version of lorawan-device are we on?",
                        "0.12, with default features off."),
              "aside": "we're EU868-only now, the US915 build is dead"}),
        Fact("env-pins", "environment", ["PB8", "PB9"],
             ["which pins is the load-cell amplifier wired to on the current board?",
              "write a quick bring-up routine that pulses the HX711 clock line and reads the "
              "data line"],
             "On hivethrum's board rev C the HX711 load-cell amplifier is on PB8 (DOUT, input) "
             "and PB9 (PD_SCK, clock output; held high >60 µs it powers the HX711 down).",
             {"goal": "which pins does the scale use on rev C? I'm probing with the scope",
              "probe": [read("firmware/src/board.rs",
                             "//! Pin assignments, board rev C.\n\npub struct ScalePins {\n    "
                             "/// HX711 DOUT (data ready / data out)\n    pub dout: "
                             "peripherals::PB8,\n    /// HX711 PD_SCK (clock; held high it "
                             "powers the chip down)\n    pub sck: peripherals::PB9,\n}\n")],
              "confirm": "On rev C the HX711 sits on PB8 (DOUT, an input on our side) and PB9 "
                         "(PD_SCK, the clock we drive — held high for more than 60 µs it powers "
                         "the HX711 down).",
              "while": ("is board.rs up to date for rev C or still rev B?",
                        "It's rev C — the header says so and the pin map matches."),
              "aside": "rev C moved the scale to PB8 (data) and PB9 (clock)"}),
        Fact("gotcha-tcxo", "gotcha", ["Ctrl1V7"],
             ["the radio never transmits on the Nucleo board — join requests time out and the "
              "gateway sees nothing. why?",
              "write the radio init for the little example in examples/ so it can send a "
              "single test packet"],
             "On hivethrum's STM32WL boards the SubGHz radio's reference is a TCXO the radio "
             "must power at 1.7 V: without `tcxo_ctrl: Some(TcxoCtrlVoltage::Ctrl1V7)` in the "
             "sx126x config every transmit times out (join fails with TransmitTimeout).",
             {"symptom": "joins time out on the nucleo. gateway sees nothing at all",
              "trace": "0.000000 INFO  hivethrum 0.4.2 booting\n1.204551 INFO  lorawan: join "
                       "attempt 1 (OTAA)\n7.210338 WARN  lorawan: join failed: Radio("
                       "TransmitTimeout)\n13.218772 INFO  lorawan: join attempt 2 (OTAA)\n"
                       "19.224105 WARN  lorawan: join failed: Radio(TransmitTimeout)\n"
                       "25.231960 INFO  lorawan: join attempt 3 (OTAA)\n31.237410 WARN  "
                       "lorawan: join failed: Radio(TransmitTimeout)",
              "probe": [read("firmware/src/radio.rs",
                             "    let config = sx126x::Config {\n        chip: Stm32wl { "
                             "use_high_power_pa: true },\n        tcxo_ctrl: None,\n        "
                             "use_dcdc: true,\n        rx_boost: false,\n    };\n")],
              "explain": "The radio config has `tcxo_ctrl: None`, but on these boards the "
                         "radio's 32 MHz reference is a TCXO that the radio itself has to "
                         "power, at 1.7 V. Without it the radio never gets a clock and every "
                         "transmit times out. It needs `tcxo_ctrl: "
                         "Some(TcxoCtrlVoltage::Ctrl1V7)`.",
              "told": "oh I remember this from the first bring-up: the TCXO on these boards is "
                      "powered by the radio, and lora-phy only switches it on if you give it a "
                      "voltage. tcxo_ctrl: Some(TcxoCtrlVoltage::Ctrl1V7)",
              "fix": [edit("firmware/src/radio.rs", "        tcxo_ctrl: None,\n",
                           "        tcxo_ctrl: Some(TcxoCtrlVoltage::Ctrl1V7),\n")],
              "done": "The join goes through on the first attempt now; the gateway shows the "
                      "request and the accept."}),
        Fact("gotcha-timedriver", "gotcha", ["time-driver-any"],
             ["the firmware fails to link with an undefined embassy time symbol after I bumped "
              "the HAL crate — what's missing?",
              "set up a minimal embassy binary for the STM32WL in examples/ that blinks an LED "
              "once a second"],
             "hivethrum's embassy-stm32 dependency must enable a time driver feature "
             "(time-driver-any); without it Timer/Ticker fail to link with `undefined symbol: "
             "_embassy_time_now` / `_embassy_time_schedule_wake`.",
             {"symptom": "after bumping embassy-stm32 the build fails at link time with some "
                         "undefined embassy time symbol",
              "trace": "error: linking with `rust-lld` failed: exit status: 1\n  |\n  = note: "
                       "rust-lld: error: undefined symbol: _embassy_time_now\n          >>> "
                       "referenced by lib.rs:170 (src/lib.rs:170)\n          >>>               "
                       "embassy_time_driver-3a1f0c.o:(embassy_time_driver::now)\n\n          "
                       "rust-lld: error: undefined symbol: _embassy_time_schedule_wake\n       "
                       "   >>> referenced by lib.rs:177 (src/lib.rs:177)\n\nerror: could not "
                       "compile `hivethrum` (bin \"hivethrum\") due to 1 previous error",
              "probe": [bash(f"grep -n 'embassy-stm32' {fw_toml}",
                             "24:embassy-stm32 = { version = \"0.2.0\", features = "
                             "[\"stm32wl55jc-cm4\", \"memory-x\", \"unstable-pac\", \"exti\", "
                             "\"defmt\"] }")],
              "explain": "The bump rewrote the embassy-stm32 feature list and dropped the time "
                         "driver. embassy-time only declares `now()` and `schedule_wake()`; the "
                         "HAL implements them on a hardware timer, but only with a "
                         "time-driver-* feature enabled. Without one the linker finds no "
                         "implementation — hence `undefined symbol: _embassy_time_now`. "
                         "`time-driver-any` has to go back in.",
              "told": "ahh the feature list. embassy-stm32 needs time-driver-any or nothing "
                      "provides the time driver — that's the undefined _embassy_time_now. I "
                      "lost an afternoon to this once",
              "fix": [edit(fw_toml, "\"exti\", \"defmt\"] }",
                           "\"exti\", \"time-driver-any\", \"defmt\"] }")],
              "done": "It links again; the image is 94.3 KiB of flash."}),
        Fact("fals-deepsleep", "falsified", ["STOP2"],
             ["could we save battery by dropping the MCU into its deepest RAM-retaining sleep "
              "mode between measurements?",
              "why doesn't the firmware use the chip's lowest-power stop mode between samples?"],
             "Putting hivethrum into STOP2 between samples (embassy-stm32's low-power executor) "
             "was tried and reverted: after waking, the coarse RTC-based timer opened the "
             "LoRaWAN RX1 window ~40 ms late and about half the join-accepts were missed; the "
             "firmware stays in Stop 1.",
             {"ask": "battery life is worse than the spreadsheet says. switch to the low-power "
                     "executor so it drops into STOP2 between samples?",
              "change": [edit(fw_toml, "\"memory-x\",", "\"memory-x\", \"low-power\","),
                         edit("firmware/src/main.rs", "#[embassy_executor::main]",
                              "#[embassy_executor::main(executor = "
                              "\"embassy_stm32::low_power::Executor\")]")],
              "broke": bash("python3 tools/join_soak.py --joins 20",
                            "20 OTAA joins with STOP2 between attempts...\njoin  1: accept "
                            "missed (RX1 opened +41 ms late)\njoin  2: ok\njoin  3: accept "
                            "missed (RX1 opened +39 ms late)\n...\n11/20 joins succeeded\nFAIL",
                            1),
              "revert": bash("git checkout -- firmware/Cargo.toml firmware/src/main.rs", ""),
              "conclusion": "Reverted to the normal executor. Coming out of STOP2 the clocks "
                            "restart and the RTC-based timer is coarse enough that the RX1 "
                            "window opened ~40 ms late, so 9 of 20 join-accepts were missed. "
                            "Stop 1 between samples stays; the battery gap has to be found "
                            "elsewhere.",
              "want": "battery life is worse than the spreadsheet says — what can we squeeze?",
              "offer": "The biggest lever would be STOP2 between samples via embassy-stm32's "
                       "low-power executor — the lowest mode that keeps RAM. Want me to try "
                       "it?",
              "story": "no, STOP2 was the first thing we tried. the wake-up plus the coarse rtc "
                       "timer made the rx1 window open late and half the join accepts went "
                       "missing. we stay in stop 1, the drain is somewhere else"}),
        Fact("fals-textpayload", "falsified", ["serde-json-core"],
             ["could the uplink payload be JSON so the backend team can read it without a "
              "decoder?",
              "why are the uplinks packed binary instead of something human-readable?"],
             "Encoding hivethrum's uplinks as JSON with serde-json-core was tried and reverted: "
             "the payload grew to 78 bytes, over the 51-byte maximum at DR0 (SF12), so far "
             "hives couldn't send; uplinks stay a packed 11-byte binary frame.",
             {"ask": "the backend folks hate the binary decoder. send the uplink as JSON "
                     "instead?",
              "change": [bash("cargo add serde-json-core@0.6 --no-default-features -p "
                              "hivethrum",
                              "    Updating crates.io index\n      Adding serde-json-core "
                              "v0.6.0 to dependencies"),
                         edit("firmware/src/payload.rs",
                              "pub fn encode(r: &Reading, buf: &mut [u8; 11]) -> usize {",
                              "pub fn encode(r: &Reading, buf: &mut [u8; 96]) -> usize {\n    "
                              "serde_json_core::to_slice(r, buf).unwrap_or(0)\n}\n\npub fn "
                              "encode_packed(r: &Reading, buf: &mut [u8; 11]) -> usize {")],
              "broke": bash("python3 tools/airtime.py --payload-from-fw --dr 0",
                            "payload: 78 bytes ({\"w\":41235,\"t\":342,\"h\":612,\"b\":3712,"
                            "\"s\":3})\nDR0 (SF12/125kHz) max application payload: 51 bytes\n"
                            "FAIL: payload too large for DR0", 1),
              "revert": bash("git checkout -- firmware/Cargo.toml firmware/src/payload.rs "
                             "Cargo.lock", ""),
              "conclusion": "Back to the packed 11-byte frame. As JSON via serde-json-core the "
                            "reading is 78 bytes, and at DR0 (SF12) the maximum payload is 51 — "
                            "the far hives that run at SF12 couldn't send at all. A payload "
                            "formatter on the network server is the way to give the backend "
                            "readable JSON.",
              "want": "the backend folks keep complaining about decoding the binary uplink — "
                      "could we make it readable?",
              "offer": "We could serialize the reading as JSON on the device with "
                       "serde-json-core (no_std, no allocator). Want me to try it?",
              "story": "been there — serde-json-core uplinks were the first prototype. 78 "
                       "bytes, and the far hives sit at SF12 where you get 51, so they just "
                       "stopped reporting. packed binary stays, the backend can use a payload "
                       "formatter"}),
    ]
    detours = [
        ("what's the difference between `impl Trait` in argument position and a generic "
         "parameter?",
         "Almost none — `fn f(x: impl Read)` is sugar for `fn f<R: Read>(x: R)`. The one "
         "difference: callers can't name the type with turbofish when you use `impl Trait`."),
        ("explain what `Pin` is for, one paragraph",
         "Some values — most async state machines — hold references into themselves, so moving "
         "them in memory would leave those references dangling. `Pin<P>` wraps a pointer and "
         "promises the pointee won't move again until it's dropped, which is what lets "
         "`Future::poll` take `self: Pin<&mut Self>` safely."),
        ("unrelated: the beekeeping club asked how much a full honey super weighs, rough "
         "number?",
         "A full shallow super is usually around 15–20 kg, a full deep one can reach 30 kg or "
         "more — it depends on the frame count and how capped the comb is."),
        ("my shell says permission denied on /dev/ttyACM0, what now?",
         "Your user isn't in the group that owns the serial device: `sudo usermod -aG dialout "
         "$USER`, then log out and back in."),
        ("is this normal when I plug the probe in?\n\n```\n[81234.5521] usb 3-2: new "
         "full-speed USB device number 9 using xhci_hcd\n[81234.6803] usb 3-2: New USB device "
         "found, idVendor=0483, idProduct=374e\n[81234.6811] cdc_acm 3-2:1.2: ttyACM0: USB ACM "
         "device\n```",
         "Yes — that's the ST-LINK enumerating and exposing its virtual COM port as ttyACM0. "
         "Nothing wrong there."),
        ("explain two's complement quickly, a new hire asked",
         "Negative numbers are stored as the bit-inverse plus one, so −1 in 8 bits is "
         "11111111; addition then works the same for signed and unsigned values and there's "
         "only one zero."),
    ]
    noise: list[Episode] = [
        look("what does sht40.rs do on a measurement?", "firmware/src/sht40.rs",
             "pub async fn measure(&mut self) -> Result<Climate, Error> {\n    "
             "self.i2c.write(ADDR, &[0xFD]).await?;\n    Timer::after_millis(9).await;\n    let "
             "mut buf = [0u8; 6];\n    self.i2c.read(ADDR, &mut buf).await?;\n    "
             "Climate::from_raw(&buf)\n}\n",
             "It sends the high-precision measure command (0xFD), waits 9 ms, reads six bytes "
             "(temperature and humidity, each with a CRC) and converts them."),
        find("where do we call Timer::after in the tasks?", "Timer::after",
             ["firmware/src/tasks/sample.rs", "firmware/src/tasks/uplink.rs",
              "firmware/src/sht40.rs"],
             "Three places: the sample and uplink tasks and the SHT40 driver."),
        tweak("typo in the comment on the uplink task, 'recieve'",
              "firmware/src/tasks/uplink.rs", "// wait for the recieve windows to close",
              "// wait for the receive windows to close"),
        steps("what have I got uncommitted?",
              [bash("git status --short", " M firmware/src/tasks/uplink.rs\n M README.md"),
               bash("git log --oneline -3",
                    "3d81f0a uplink: include battery millivolts\n9c2e4b7 sht40: retry once on "
                    "CRC error\n51a7e0d scale: store tare in flash")],
              "uplink.rs and the README are modified, nothing staged, on top of the three "
              "commits above."),
        talk("what's the difference between `&'static T` and `T: 'static`?",
             "`&'static T` is a reference that's valid for the whole program; `T: 'static` "
             "only says the type holds no non-static borrows — an owned String satisfies it "
             "even though it can be dropped any time."),
        talk("what's memory.x for in an embedded rust project?",
             "It's the linker script fragment that tells cortex-m-rt where FLASH and RAM start "
             "and how big they are, so the linker can place code, data and the stack."),
        steps("how big is the release image?",
              [bash("cargo size --release -- -A | head -6",
                    "hivethrum  :\nsection     size        addr\n.vector_table  332   "
                    "0x8000000\n.text       91604   0x800014c\n.rodata      4120   "
                    "0x80165e0\n.data         56  0x20000000")],
              "About 91.6 KB of code plus 4.1 KB of read-only data, and 56 bytes of "
              "initialised data."),
        [Step(prompt="which drivers still busy-wait?"),
         Step(tools=[agent("Find blocking waits",
                           "List places in firmware/src that spin in a loop or use a blocking "
                           "delay instead of awaiting.",
                           "One: the HX711 driver in firmware/src/hx711.rs spins on the data "
                           "line with a cortex_m::asm::delay between clock pulses (a few µs "
                           "each, by design — the HX711 needs tight timing). Everything else "
                           "awaits embassy timers or I2C futures.", "a5e81c02d9f4",
                           "Explore", 5)]),
         Step(text="Only the HX711 driver spins, and on purpose — its clock pulses need "
                   "microsecond timing. Everything else awaits.")],
        steps("plan swarm-alert uplinks, no code yet",
              [todo_write([("Detect a sudden weight drop (> 1.5 kg in 10 min)", "pending",
                            "Detecting the drop"),
                           ("Send an immediate confirmed uplink", "pending",
                            "Sending the alert uplink"),
                           ("Rate-limit alerts to one per hour", "pending",
                            "Rate-limiting alerts")])],
              "Three steps: detect the drop, send a confirmed uplink right away, rate-limit. "
              "Say go when you want it."),
        run("clippy please", "cargo clippy --release -p hivethrum",
            "warning: this `if` has identical blocks\n  --> firmware/src/tasks/uplink.rs:48:9\n"
            "\nwarning: `hivethrum` (bin \"hivethrum\") generated 1 warning",
            "One warning: an `if` in uplink.rs line 48 has identical branches — one of them "
            "is probably meant to do something else."),
    ]
    return Project(
        "hivethrum", "git@github.com:apiarylabs/hivethrum.git",
        {"README.md": "# hivethrum\n\nBeehive scale firmware (STM32WL55, LoRaWAN).\n",
         "Cargo.toml": "[workspace]\nmembers = [\"firmware\"]\nresolver = \"2\"\n"},
        _equip(facts, detours), noise, "github")


def projects() -> list[Project]:
    return [cobblewick(), pebblewyrm(), saltmarrow(), hivethrum()]
