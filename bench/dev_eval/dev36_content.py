"""The ``dev36`` split, "a game-studio tools programmer's crunch month": four projects, ten
planted facts each.

Written in the twenty-second pass by a helper that read no rlat code; to be read untuned.

Pebblewright Games is a studio of about a hundred and twenty people in Dundee, five weeks out
from the beta milestone of Tidecaller, its open-world action game on Unreal Engine 5. The game
itself lives in Perforce; the tools team's own code lives in git. One tools programmer keeps
four of those repositories going through the crunch: the Jenkins shared library that drives
every build of the game, the asset publisher the artists use all day, the cache server that
keeps the build farm and the artists' editors from recompiling shaders, and the service that
sorts the crash reports QA's playtests produce. They write the way people write at eleven at
night in week four of crunch: lower case, typos, fragments, a numbered list for the day with
one rule tucked in brackets under an item, a whole Jenkins console pasted in, a terse "no" and
the rule after the assistant did it the other way, a teammate's review comment or overnight
note forwarded, or a command from their own shell history. Around them: the build engineer who
leads the tools team (Agnieszka), a senior engine programmer (Fergus), the technical artist
the publisher is built for (Dev), the QA lead who owns crash triage (Mei), the studio's IT and
infrastructure person (Rhodri), a producer who wants dates (Bex), and a tools programmer who
left in the spring (Yusuf), whose experiments are all over the history.

The durable facts arrive the ways a crunch month brings them: a rule as one bracketed line of
the day's todo list, said after the assistant's edit (at the permission prompt or after it
ran the build), forwarded from a teammate's review comment, found as a comment in the repo
while doing something else, or added to the assistant's plan before it starts; a command that
fails and the one that works (worked out from the error and the repo's own files, pasted from
the user's Windows terminal, passed on from a teammate's DM, dug out of the shell history, or
written onto the team's wiki page at the user's request); an environment fact looked up,
checked while the user mentions it in passing, corrected after the user misremembers it,
written into the onboarding notes for a new hire, or dug out by a subagent; a gotcha (a pasted
error explained, the cause buried in a long build log, the assistant's clean rebuild changing
nothing until the user says what it is, a teammate's overnight note confirmed, or explained
and then written up for the crunch channel); and an approach that was tried and dropped (a war
story told when the assistant suggests it, tried in the session and reverted, found in the
git log, typed as the user's own answer to the assistant's multiple-choice question, or
written into the repo's decision log so nobody proposes it again).

The projects: cairnkiln, the build farm's Jenkins shared library (Groovy steps in vars/,
JenkinsPipelineUnit tests run with Gradle, the p4 plugin syncing Perforce streams onto Windows
agents, RunUAT BuildGraph for cooks and packages); thimblefen, the artists' asset publisher
(Python 3.11, PySide6, shotgun_api3 against Flow Production Tracking, rez packages, pytest-qt,
launched inside Maya and Houdini); larchvault, the shared derived-data and build-artifact cache
server (Rust, tokio, hyper 1 without a framework, a RocksDB index, blobs on NVMe with MinIO
behind, systemd on two Rocky Linux boxes); and wrackline, the crash-report triage service
(C# on .NET 8, an ASP.NET Core minimal API that takes CrashReportClient uploads, a background
worker that runs minidump-stackwalk, Dapper on Postgres, Jira tickets, xUnit with
Testcontainers, docker compose on a VM).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (a tool doing it the other way), ``follow``,
  ``done``, ``doc`` (``(path, text)``: where the repo already says it), ``grep`` (what the
  assistant searched for when it found it), ``found`` (the assistant's reading of it);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (a teammate's words),
  ``script`` (``(path, text)`` holding the working command), ``histword`` (what to grep the
  shell history for);
* environment - ``goal``, ``probe``, ``confirm``, ``aside`` (a request that mentions the fact
  in passing), ``guess`` (the user's wrong memory), ``asked`` (what a new starter wants to
  know);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``told`` (the
  cause in the user's or a teammate's words), ``repro`` (a command whose long output holds the
  trace);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea as
  someone brings it up), ``offer`` (the assistant suggesting it), ``story`` (what happened last
  time), ``title`` (the commit subject that backed it out).

Every fact also carries its project's ``mates``, ``notes`` (the wiki page or notes file the
team keeps), ``chatter`` (ordinary log lines long output is padded with), ``naive`` (a clean
or restart that changes nothing), ``chores`` (other items of a day's list), ``history`` (other
lines of the user's shell history) and ``shell`` (the prompt of the user's terminal).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, grep, read, refused, todo_write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _sub(text: str, **slots: str) -> str:
    """``text`` with each ``{name}`` replaced; values may hold braces (Groovy, C#, Rust)."""
    for name, value in slots.items():
        text = text.replace("{" + name + "}", value)
    return text


def _mate(s: dict, rng: random.Random) -> str:
    return rng.choice(s["mates"])


def _hex(rng: random.Random, n: int = 12) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _in_the_middle(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` somewhere in the middle of a long run of ordinary output."""
    picked = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(10, 14))))
    lines = [chatter[i] for i in picked]
    cut = rng.randint(3, len(lines) - 3)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _first_sentence(text: str) -> str:
    head, dot, _rest = text.partition(". ")
    return head + "." if dot else text


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_todo_list(s: dict, rng: random.Random) -> Episode:
    """The rule is a bracketed line under one item of the day's numbered list."""
    a, b = rng.sample(s["chores"], 2)
    lead = _pick(rng, "crunch list for today, roughly in order:", "ok. today:",
                 "todo before the nightly kicks off at 8:", "list for today (milestone build "
                 "is tomorrow so keep it tight):")
    ask = (f"{lead}\n1. {s['task']}\n   ({s['rule']})\n2. {a}\n3. {b}\n\n"
           + _pick(rng, "just 1 for now", "start with 1, 2 and 3 can wait till after lunch",
                   "do 1, i'll look at the rest"))
    return [Step(prompt=ask),
            Step(tools=[todo_write([(s["task"][:1].upper() + s["task"][1:], "in_progress",
                                     "Working on item 1"),
                                    (a[:1].upper() + a[1:], "pending", "Waiting"),
                                    (b[:1].upper() + b[1:], "pending", "Waiting")])]),
            Step(text=_pick(rng, "Starting on item 1, with the note under it.", "Item 1:", ""),
                 tools=s["follow"]),
            Step(text=s["done"] + _pick(rng, " Items 2 and 3 are still open.", "",
                                        " Want me to carry on with 2?"))]


def conv_told_off(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way; the user objects, at the prompt or afterwards."""
    if rng.random() < 0.5:
        said = _pick(rng, "no. {rule}", "nope, {rule}", "wait no — {rule}",
                     "dont do it like that, {rule}")
        first: Episode = [Step(text=_pick(rng, "Making the change:", "Here's the edit.", ""),
                               tools=[refused(s["contrary"],
                                              REJECTED + _sub(said, rule=s["rule"]))])]
    else:
        said = _pick(rng, "argh no, sorry, should have said. {rule}",
                     "hmm no. in this repo {rule}", "thats going to bounce in review. {rule}",
                     "ok but no: {rule}")
        first = [Step(text=_pick(rng, "Simple enough.", "On it.", ""), tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Done. Anything else on this?",
                                 "That's in — shall I run the tests?")),
                 Step(prompt=_sub(said, rule=s["rule"]))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "Got it — redoing it that way.", "Sorry, fixing it.",
                            "Understood, changing it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_review_note(s: dict, rng: random.Random) -> Episode:
    """A teammate's review comment, forwarded, states the rule."""
    mate = _mate(s, rng)
    ask = _pick(rng,
                "{mate} left this on my MR, can you deal with it:\n\n> {rule}\n\n(the MR was: "
                "{task})",
                "review comment from {mate}, quote: \"{rule}\"\n\nfor context i was trying to "
                "{task}. redo it their way",
                "{task}\n\nand before you go — {mate} bounced my last one for this, so:\n> "
                "{rule}")
    return [Step(prompt=_sub(ask, mate=mate, rule=s["rule"], task=s["task"])),
            Step(text=_pick(rng, "Fair comment — following it.", "OK, doing it that way.", ""),
                 tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "ty. pushing", "nice, that should shut them up", "ok cool")),
            Step(text=_pick(rng, "Good luck with the review.", "👍"))]


def conv_spotted(s: dict, rng: random.Random) -> Episode:
    """While looking around for the task, the assistant finds the rule written in the repo and
    the user confirms it."""
    path, text = s["doc"]
    ok = _pick(rng, "yeah thats real, {mate} wrote it after the last time",
               "yep still true", "yes. keep to it", "ya")
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Looking at how the rest of the repo does it first.", ""),
                 tools=[grep(s["grep"], [path]), read(path, text)]),
            Step(text=f"{s['found']} {_pick(rng, 'I will stick to that.', 'Is that still the rule?')}"),
            Step(prompt=_sub(ok, mate=_mate(s, rng))),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_plan_amended(s: dict, rng: random.Random) -> Episode:
    """The assistant lays out its plan; the user adds the rule to it."""
    plan = _pick(rng, "Plan: read the code around it, make the change, then run the tests. "
                      "OK to go ahead?",
                 "I'd do this in three steps — look at the existing code, make the change, "
                 "check it builds. Sound right?",
                 "Here's how I'd go about it: find where it belongs, add it, verify. Go?")
    amend = _pick(rng, "mostly yes. but {rule}", "fine, one thing tho: {rule}",
                  "go, and remember {rule}", "ok. {rule}")
    return [Step(prompt=s["task"]), Step(text=plan),
            Step(prompt=_sub(amend, rule=s["rule"])),
            Step(text=_pick(rng, "Will do.", "Right.", ""), tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_from_error(s: dict, rng: random.Random) -> Episode:
    """The first try fails; the assistant reads the error and the repo's own file."""
    path, text = s["script"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That's not how this repo does it — checking.",
                            "Failed. Let me see what the repo itself runs.", ""),
                 tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_terminal(s: dict, rng: random.Random) -> Episode:
    """The user pastes their own terminal: the prompt, the command, what it printed."""
    fail = s["fail"]
    lead = _pick(rng, "{goal}. but:", "{goal} and it does this??", "help. {goal}",
                 "{goal} — what am i doing wrong")
    return [Step(prompt=_sub(lead, goal=s["goal"])
                 + f"\n\n{s['shell']} {fail.command}\n{fail.output}\n{s['shell']}"),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "oh ffs. thanks", "right right. ta", "ok that worked")),
            Step(text=_pick(rng, "No problem.", "Glad it's sorted."))]


def cmd_teammate_dm(s: dict, rng: random.Random) -> Episode:
    """The assistant's try fails; the user asks a teammate and passes the answer on."""
    mate = _mate(s, rng)
    said = _pick(rng, "asked {mate}, they say: {hint}",
                 "{mate} in dms: \"{hint}\"",
                 "ok {mate} just walked past and said {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That failed — output above. Do you know how it's usually run "
                                 "here?", "No luck. Is there a team-specific way to do this?")),
            Step(prompt=_sub(said, mate=mate, hint=s["hint"])),
            Step(tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}")]


def cmd_shell_history(s: dict, rng: random.Random) -> Episode:
    """The user has done it before; the assistant finds it in their shell history."""
    ok, word = s["ok"], s["histword"]
    lines = [line for line in s["history"] if word.lower() in line.lower()]
    lines.insert(rng.randint(0, len(lines)), ok.command)
    if word.lower() in s["fail"].command.lower():
        lines.append(s["fail"].command)
    start = rng.randint(380, 1900)
    hist = "\n".join(f"{start + i:>5}  {line}" for i, line in enumerate(lines))
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text="That didn't work."),
            Step(prompt=_pick(rng, "i did this last week and it worked, its in my history "
                                   "somewhere", "check my shell history, i definitely ran it "
                                   "before", "grep my history for it, cant remember the flags")),
            Step(tools=[bash(f"history | grep -i {word} | tail -8", hist)]),
            Step(text=s["note"], tools=[ok]),
            Step(text=s["done"])]


def cmd_to_wiki(s: dict, rng: random.Random) -> Episode:
    """Worked out in the session, then written onto the team's page at the user's request."""
    ok, notes = s["ok"], s["notes"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]), Step(text=s["done"]),
            Step(prompt=_sub(_pick(rng, "add that to {notes} before i forget again",
                                   "put it in {notes} pls, {mate} asked me the same thing "
                                   "yesterday",
                                   "can you write that down in {notes}"),
                             notes=notes, mate=_mate(s, rng))),
            Step(tools=[edit(notes, "## how to\n", f"## how to\n\n- {s['goal']}:\n  "
                                                   f"`{ok.command}`\n")]),
            Step(text=f"Added it to {notes}.")]


# environment
def env_look(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Checking rather than guessing.", "", "Let me look."),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_passing(s: dict, rng: random.Random) -> Episode:
    """Mentioned in passing inside another request; the assistant checks it."""
    return [Step(prompt=s["aside"]),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'Yes, confirmed.', 'Checked, that is right.', 'Right.')} "
                      f"{s['confirm']}")]


def env_misremembered(s: dict, rng: random.Random) -> Episode:
    """The user has it wrong; the assistant checks and corrects them."""
    ask = _pick(rng, "{guess} iirc? double check for me", "pretty sure {guess}. yes?",
                "{guess} — right?")
    return [Step(prompt=_sub(ask, guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=_pick(rng, "Not quite.", "No, that's changed.", "Not according to the "
                                                                      "config.")
                 + " " + s["confirm"]),
            Step(prompt=_pick(rng, "huh. glad i asked", "ok my bad", "good catch, ty")),
            Step(text=_pick(rng, "No worries.", "Sure."))]


def env_onboarding(s: dict, rng: random.Random) -> Episode:
    """A new starter's question, looked up and written into the onboarding notes."""
    notes = s["notes"]
    ask = _pick(rng, "new contractor starts monday and will ask this first thing: {asked}. "
                     "find out and put the answer in {notes}",
                "writing the onboarding bit of {notes} for the outsource team. they want to "
                "know: {asked}",
                "{asked} <- from the new junior. look it up + add it to {notes}")
    return [Step(prompt=_sub(ask, asked=s["asked"], notes=notes)),
            Step(tools=s["probe"]),
            Step(text=s["confirm"],
                 tools=[edit(notes, "## onboarding\n", f"## onboarding\n\n- {s['confirm']}\n")]),
            Step(text=f"Added under onboarding in {notes}.")]


def env_agent(s: dict, rng: random.Random) -> Episode:
    """A subagent digs through the config; the assistant sums up."""
    ran = "\n\n".join(f"$ {t.command}\n{t.output}" for t in s["probe"] if t.name == "Bash")
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "I'll send an agent through the config for this.", ""),
                 tools=[agent("Find the setting", f"Answer from the repo and the running "
                              f"config, quoting commands: {s['goal']}",
                              f"Here's what I found:\n\n{ran}", _hex(rng, 16), "Explore",
                              rng.randint(2, 6))]),
            Step(text=s["confirm"])]


# gotcha
def gotcha_pasted(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n\n{s['trace']}"),
            Step(text=_pick(rng, "Looking.", "", "Let me check something first."),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_long_log(s: dict, rng: random.Random) -> Episode:
    """The assistant reruns it; the lines that matter sit in the middle of a long log."""
    return [Step(prompt=s["symptom"]),
            Step(text=_pick(rng, "Let me reproduce it first.", "Rerunning to get the full "
                                                              "output."),
                 tools=[bash(s["repro"], _in_the_middle(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "Buried in there is the real error.",
                            "Most of that is normal; the middle part isn't."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_clean_first(s: dict, rng: random.Random) -> Episode:
    """The assistant's clean/restart changes nothing; the user knows the cause."""
    said = _pick(rng, "no, cleaning wont fix it. {told}", "tried that already. {told}",
                 "its not stale state — {told}", "nah. {told}")
    return [Step(prompt=f"{s['symptom']}\n\n{s['trace']}"),
            Step(text="First ruling out stale state.", tools=[s["naive"]]),
            Step(text="Cleaned. If it happens again it's not leftover state."),
            Step(prompt=_sub(said, told=s["told"])),
            Step(tools=s["probe"]),
            Step(text=f"You're right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_overnight(s: dict, rng: random.Random) -> Episode:
    """A teammate's note left overnight on the ticket names the cause."""
    mate = _mate(s, rng)
    ask = _pick(rng, "{symptom}\n\n{mate} left a note on the ticket overnight: \"{told}\". "
                     "confirm and fix pls",
                "morning. {symptom}. {mate} thinks {told} — is that it?")
    return [Step(prompt=_sub(ask, symptom=s["symptom"], mate=mate, told=s["told"])
                 + f"\n\n{s['trace']}"),
            Step(tools=s["probe"]),
            Step(text=f"{mate} is right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_writeup(s: dict, rng: random.Random) -> Episode:
    """Explained and fixed, then written up for the crunch channel."""
    return [Step(prompt=f"{s['symptom']}\n\n{s['trace']}"),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "write me 2-3 lines for #tidecaller-crunch so nobody else "
                                   "loses a morning to this",
                              "can you summarise that for the crunch channel, short")),
            Step(text=f"Something like:\n\n> Heads up: {_first_sentence(s['explain'])} "
                      f"{_first_sentence(s['done'])}")]


# falsified
def fals_war_story(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "god no. {story}", "we did that. {story}", "no no no. {story}",
                 "ha. ask {mate} about that one. {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=_sub(said, story=s["story"], mate=_mate(s, rng))),
            Step(text=_pick(rng, "OK — not going there then.", "Fair enough, dropping it.",
                            "Understood."))]


def fals_tried(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "ok no. back it out", "yeah thats worse. revert", "undo all that pls",
                 "nope. put it back")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_git_log(s: dict, rng: random.Random) -> Episode:
    """Before trying it, the assistant finds in the log that it was tried and backed out."""
    mate = _mate(s, rng)
    sha = _hex(rng, 8)
    return [Step(prompt=s["want"]),
            Step(text=_pick(rng, "Before I start — checking whether this was tried already.",
                            "Let me look at the history first."),
                 tools=[bash("git log --oneline -i -E --grep='revert|back out|remove|drop' "
                             "| head -15",
                             f"{_hex(rng, 8)} Merge branch 'crunch/fixes'\n{sha} {s['title']}\n"
                             f"{_hex(rng, 8)} Remove dead config keys")]),
            Step(tools=[bash(f"git show --stat {sha}",
                             f"commit {sha}{_hex(rng, 32)}\nAuthor: {mate} "
                             f"<{mate.lower()}@pebblewright.games>\nDate:   "
                             f"{_pick(rng, 'Mon', 'Thu', 'Fri')} "
                             f"{_pick(rng, 'Mar', 'Jun', 'Sep')} {rng.randint(2, 27)} "
                             f"{rng.randint(10, 22)}:{rng.randint(10, 59)}:41 2025\n\n    "
                             f"{s['title']}\n\n    {s['story']}\n")]),
            Step(text=f"It was tried — {sha} \"{s['title']}\". {s['conclusion']}"),
            Step(prompt=_pick(rng, "lol right, forgot. leave it", "ah yeah. skip it then",
                              "ok dont")),
            Step(text=_pick(rng, "Leaving it.", "OK."))]


def fals_choice(s: dict, rng: random.Random) -> Episode:
    """The assistant offers it as an option; the user types the history in as their answer."""
    return [Step(prompt=s["want"]),
            Step(tools=[ask_user("How do you want to handle this?", "Approach",
                                 [("Try it", s["offer"]),
                                  ("Keep current", "Leave things as they are")],
                                 s["story"])]),
            Step(text=_pick(rng, "Thanks — keeping it as it is.", "Understood, I won't try "
                                                                  "that."))]


def fals_decision_log(s: dict, rng: random.Random) -> Episode:
    """The user says no and has it recorded in the repo's decision log."""
    mate = _mate(s, rng)
    ask = _pick(rng, "{mate} brought this up again: {want}\nthe answer is no. {story}\nput it "
                     "in docs/decisions.md so it stops coming up",
                "for docs/decisions.md, {mate} keeps suggesting it ({want}). what happened: "
                "{story}")
    return [Step(prompt=_sub(ask, mate=mate, want=s["want"], story=s["story"])),
            Step(tools=[edit("docs/decisions.md", "# Decisions\n",
                             f"# Decisions\n\n## {s['title']} (rejected)\n\n{s['want']}\n\n"
                             f"{s['conclusion']}\n")]),
            Step(text="Added to docs/decisions.md as rejected.")]


TEMPLATES = {
    "convention": [conv_todo_list, conv_told_off, conv_review_note, conv_spotted,
                   conv_plan_amended],
    "command": [cmd_from_error, cmd_terminal, cmd_teammate_dm, cmd_shell_history, cmd_to_wiki],
    "environment": [env_look, env_passing, env_misremembered, env_onboarding, env_agent],
    "gotcha": [gotcha_pasted, gotcha_long_log, gotcha_clean_first, gotcha_overnight,
               gotcha_writeup],
    "falsified": [fals_war_story, fals_tried, fals_git_log, fals_choice, fals_decision_log],
}

UNRELATED = [
    "what's the difference between a mutex and a semaphore, with a concrete example",
    "how does quaternion slerp work and why not just lerp the components",
    "write a bash one-liner that finds the ten biggest files under the current folder",
    "how do i tell my lead i need a day off in the middle of crunch without it being weird",
    "explain what a vtable is and what a virtual call costs",
    "what is a good way to structure a python package that has both a gui and a cli",
    "why are floating point sums not associative, short example please",
    "what does 'const correctness' mean in c++ and is it worth the bother",
    "how do i squash my last four git commits into one",
    "recommend a sane default .editorconfig for a mixed c++ / python repo",
    "what's the practical difference between tcp and udp for a multiplayer game",
    "how do i profile a slow python script without changing its code",
    "explain big-o of a hash map lookup and when it degrades",
    "what is a z-fighting artifact and how do renderers avoid it",
    "how should i name git branches on a small team, any convention worth copying",
    "rust: when do i need Arc<Mutex<T>> versus just passing a reference",
    "what's a reasonable way to write release notes people actually read",
    "how does gamma correction work and why do textures need to be in srgb",
    "c#: difference between a struct and a class, when to use which",
    "tips for staying sane during a long crunch period",
    "how do i convert a windows path to a wsl path and back",
    "what's an arena allocator and why do game engines like them",
]

UNANSWERED: dict[str, list[str]] = {
    "cairnkiln": [
        "how long did last night's full nightly take end to end?",
        "are we getting more build agents before the beta milestone?",
        "what does the build farm cost us in electricity a month?",
        "who approves adding a new platform target to the nightly?",
        "is there a plan to move the build farm to the cloud?",
    ],
    "thimblefen": [
        "how many assets did the art team publish last week?",
        "which outsource studio is doing the creature rigs?",
        "do the artists like the new publisher ui better than the old one?",
        "is the studio renewing the flow production tracking licences this year?",
        "will the publisher support blender at some point?",
    ],
    "larchvault": [
        "what hit rate did the cache have during last night's nightly?",
        "when is the server room getting its new rack?",
        "how much did the nvme drives for the cache boxes cost?",
        "should the remote artists in lisbon use the cache over the vpn?",
        "how many requests per second can the cache take at most?",
    ],
    "wrackline": [
        "what's the top crash in the current playtest build?",
        "how many crash reports came in during the last playtest?",
        "who fixes crashes in the animation system?",
        "is the publisher going to require a crash rate below some number for beta?",
        "do console devkit crashes get sent to the service too?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- cairnkiln
def cairnkiln() -> Project:
    jenkins = "https://jenkins.pebblewright.games"
    console = ("curl -s -u \"$JENKINS_USER:$JENKINS_TOKEN\" "
               f"{jenkins}/job/{{job}}/lastFailedBuild/consoleText | tail -80")
    compiles = bash("./gradlew compileGroovy -q", "")
    facts = [
        Fact("conv-labels", "convention", ["win-ue5"],
             ["i'm adding a job that has to run on one of the windows build machines — can i "
              "just put the machine's name in node()?",
              "how are the pipeline steps in the build library meant to choose which agent "
              "they run on?"],
             "cairnkiln build steps pick Jenkins agents by label, win-ue5 (or 'win-ue5 && nvme' "
             "for cooks and DDC fills), never by a machine name like PW-BUILD07 in node(), because"
             " Windows build machines get reimaged and renamed.",
             {"task": "add a fillDdc step to the library that runs the shader precache "
                      "commandlet on one of the windows boxes overnight",
              "rule": "never pin a job to a box name like PW-BUILD07, they get reimaged and "
                      "renamed every other week. pick by label, `win-ue5 && nvme` for anything "
                      "that cooks or fills ddc",
              "contrary": bash("cat > vars/fillDdc.groovy <<'EOF'\ndef call(Map config = [:])"
                               " {\n  node('PW-BUILD07') {\n    bat \"Engine\\\\Binaries\\\\"
                               "Win64\\\\UnrealEditor-Cmd.exe Tidecaller\\\\Tidecaller.uproject "
                               "-run=DerivedDataCache -fill\"\n  }\n}\nEOF", ""),
              "follow": [bash("cat > vars/fillDdc.groovy <<'EOF'\ndef call(Map config = [:]) "
                              "{\n  String label = config.label ?: 'win-ue5 && nvme'\n  "
                              "node(label) {\n    bat \"Engine\\\\Binaries\\\\Win64\\\\"
                              "UnrealEditor-Cmd.exe Tidecaller\\\\Tidecaller.uproject "
                              "-run=DerivedDataCache -fill -DDC=Shared\"\n  }\n}\nEOF", ""),
                         compiles],
              "done": "vars/fillDdc.groovy asks for an agent by the label 'win-ue5 && nvme' "
                      "(a job can pass config.label to override it) and runs the "
                      "DerivedDataCache fill commandlet there; no machine names anywhere.",
              "doc": ("docs/agents.md",
                      "# Build agents\n\nNever `node('PW-BUILDxx')`: agents are reimaged and "
                      "renamed all the time. Steps select agents by label:\n\n- `win-ue5` - "
                      "any Windows agent with the engine toolchain\n- `win-ue5 && nvme` - "
                      "cooks, packaging, DDC fills\n- `linux` - housekeeping only\n"),
              "grep": "node\\(",
              "found": "docs/agents.md says steps never name a machine in node(): they "
                       "select agents by label, win-ue5 for anything needing the engine "
                       "toolchain and 'win-ue5 && nvme' for cooks, packaging and DDC fills."}),
        Fact("conv-kilnlog", "convention", ["kilnLog"],
             ["my new step prints progress with echo and none of it shows up on the build "
              "dashboard — what should it use?",
              "what's the rule for printing messages from a shared library step?"],
             "cairnkiln steps never print with a bare echo: all output goes through kilnLog "
             "(kilnLog.info / kilnLog.warn), which prefixes each line with [kiln]; the build "
             "dashboard only parses lines that carry that prefix.",
             {"task": "make syncStream say which changelist it synced to and how long the "
                      "sync took",
              "rule": "no bare echo in the library, everything goes through kilnLog.info / "
                      "kilnLog.warn. it puts [kiln] in front and the dashboard only scrapes "
                      "lines with that prefix",
              "contrary": edit("vars/syncStream.groovy", "  return cl\n",
                               "  echo \"Synced ${stream} to CL ${cl} in ${secs}s\"\n  return "
                               "cl\n"),
              "follow": [edit("vars/syncStream.groovy", "  return cl\n",
                              "  kilnLog.info(\"synced ${stream} to CL ${cl} in ${secs}s\")\n"
                              "  return cl\n"), compiles],
              "done": "syncStream now logs the changelist and the sync time through "
                      "kilnLog.info, so the line gets the [kiln] prefix and shows up on the "
                      "dashboard.",
              "doc": ("vars/kilnLog.groovy",
                      "// Every line the library prints goes through here, never a bare echo:\n"
                      "// the build dashboard only scrapes lines that start with [kiln].\n"
                      "def info(String msg) { echo \"[kiln] ${msg}\" }\n"
                      "def warn(String msg) { echo \"[kiln] WARN ${msg}\" }\n"),
              "grep": "echo",
              "found": "vars/kilnLog.groovy: every line the library prints goes through "
                       "kilnLog rather than echo, because the build dashboard only scrapes "
                       "lines starting with [kiln]."}),
        Fact("cmd-tests", "command", ["pipelineTest"],
             ["how do i run the unit tests for the build library? gradle keeps saying no "
              "tests found",
              "which gradle task actually runs the JenkinsPipelineUnit tests?"],
             "cairnkiln's JenkinsPipelineUnit tests run with `./gradlew pipelineTest` (their own "
             "Gradle source set, test/vars; add --tests '*Name*'); `./gradlew test` finds no "
             "tests.",
             {"goal": "run the unit tests for cookContent, i changed the iterative cook flag",
              "fail": bash("./gradlew test --tests '*CookContent*'",
                           "> Task :compileGroovy UP-TO-DATE\n> Task :test FAILED\n\nFAILURE: "
                           "Build failed with an exception.\n\n* What went wrong:\nExecution "
                           "failed for task ':test'.\n> No tests found for given includes: "
                           "[*CookContent*](--tests filter)\n\nBUILD FAILED in 4s", 1),
              "note": "The ordinary test task has nothing in it — the pipeline tests under "
                      "test/vars are a separate source set with their own task.",
              "ok": bash("./gradlew pipelineTest --tests '*CookContent*'",
                         "> Task :compilePipelineTestGroovy\n> Task :pipelineTest\n\n"
                         "CookContentTest > passesIterativeFlag() PASSED\nCookContentTest > "
                         "failsWithoutStream() PASSED\nCookContentTest > "
                         "usesPlatformFromParams() PASSED\n\nBUILD SUCCESSFUL in 38s"),
              "done": "All three CookContent tests pass with the flag change.",
              "hint": "its not `test`, it's `./gradlew pipelineTest`, the pipelineunit tests "
                      "are their own source set",
              "script": ("build.gradle",
                         "sourceSets {\n    pipelineTest {\n        groovy { srcDirs = "
                         "['test'] }\n        compileClasspath += main.output\n        "
                         "runtimeClasspath += main.output\n    }\n}\n\ntasks.register("
                         "'pipelineTest', Test) {\n    testClassesDirs = "
                         "sourceSets.pipelineTest.output.classesDirs\n    classpath = "
                         "sourceSets.pipelineTest.runtimeClasspath\n}\n"),
              "histword": "gradlew"}),
        Fact("cmd-lint", "command", ["pipeline-model-converter/validate"],
             ["how can i check a Jenkinsfile for syntax errors without pushing it and "
              "waiting for the nightly to blow up?",
              "the jenkins cli linter gives me a 403 — what's the other way to lint a "
              "declarative pipeline?"],
             "cairnkiln: lint a Jenkinsfile without pushing by POSTing it to "
             "https://jenkins.pebblewright.games/pipeline-model-converter/validate with curl -u "
             "\"$JENKINS_USER:$JENKINS_TOKEN\" -F \"jenkinsfile=<Jenkinsfile\" "
             "(scripts/lint-jenkinsfile.sh); the jenkins-cli declarative-linter gets a 403 at the "
             "proxy.",
             {"goal": "check jobs/nightly/Jenkinsfile parses before i push it, last time one "
                      "missing brace killed the whole nightly",
              "fail": bash(f"java -jar jenkins-cli.jar -s {jenkins}/ -webSocket "
                           "declarative-linter < jobs/nightly/Jenkinsfile",
                           "io.jenkins.cli.shaded.jakarta.websocket.DeploymentException: "
                           "Handshake error.\nCaused by: io.jenkins.cli.shaded.org.glassfish."
                           "tyrus.client.auth.AuthenticationException: Authentication failed."
                           "\n\tHTTP/1.1 403 Forbidden", 1),
              "note": "The CLI's websocket is refused at the reverse proxy. The same linter is "
                      "exposed as a plain HTTP endpoint that takes the file as a form field, "
                      "authenticated with your API token.",
              "ok": bash("curl -s -u \"$JENKINS_USER:$JENKINS_TOKEN\" -X POST -F "
                         "\"jenkinsfile=<jobs/nightly/Jenkinsfile\" "
                         f"{jenkins}/pipeline-model-converter/validate",
                         "Jenkinsfile successfully validated."),
              "done": "The nightly Jenkinsfile validates — safe to push.",
              "hint": "the cli's blocked at the proxy, curl it to /pipeline-model-converter/"
                      "validate with your api token",
              "script": ("scripts/lint-jenkinsfile.sh",
                         "#!/usr/bin/env bash\n# jenkins-cli is blocked at the proxy, the HTTP "
                         "linter isn't\nset -euo pipefail\nf=${1:-Jenkinsfile}\ncurl -s -u "
                         "\"$JENKINS_USER:$JENKINS_TOKEN\" -X POST -F \"jenkinsfile=<$f\" \\\n"
                         f"  {jenkins}/pipeline-model-converter/validate\n"),
              "histword": "jenkinsfile"}),
        Fact("env-share", "environment", ["pw-nas02"],
             ["where on the network do finished nightly builds get copied to?",
              "qa want the share path for last night's packaged build, what is it?"],
             "cairnkiln publishes Tidecaller's nightly builds to the network share "
             "\\\\pw-nas02\\builds\\tidecaller\\<stream>\\CL<changelist>\\ (publishRoot in "
             "resources/kiln/defaults.yml); the old pw-nas01 share is retired.",
             {"goal": "where do the nightlies end up? qa want the path for the playtest pcs",
              "probe": [bash("grep -rn publishRoot vars/ resources/",
                             "vars/publishBuild.groovy:9:  String root = config.publishRoot ?: "
                             "defaults().publishRoot\nresources/kiln/defaults.yml:4:"
                             "publishRoot: '\\\\pw-nas02\\builds\\tidecaller'")],
              "confirm": "Nightlies are copied to \\\\pw-nas02\\builds\\tidecaller, one folder "
                         "per stream and then per changelist (CL<number>) — publishRoot in "
                         "resources/kiln/defaults.yml, used by publishBuild.",
              "aside": "bump the publish step to keep the last 10 builds instead of 5. they "
                       "still land on pw-nas02 under builds\\tidecaller yeah? check before you "
                       "touch it",
              "guess": "nightlies still get copied to the old pw-nas01 share",
              "asked": "where do I pick up last night's build to install on a playtest PC?"}),
        Fact("env-p4edge", "environment", ["p4edge-dnd"],
             ["what P4PORT do the jenkins agents use when they sync?",
              "do the build machines sync from the main perforce commit server or from "
              "somewhere else?"],
             "cairnkiln's Jenkins agents sync Perforce from the edge server "
             "ssl:p4edge-dnd.pebblewright.local:1667 (p4.port in resources/kiln/defaults.yml, "
             "credential p4-build-svc), not from the commit server p4-commit that people's "
             "workstations use.",
             {"goal": "which perforce server do the agents actually sync from? rhodri needs "
                      "to know for the network switch upgrade",
              "probe": [bash("grep -n -A3 '^p4:' resources/kiln/defaults.yml",
                             "6:p4:\n7:  credential: p4-build-svc\n8:  port: "
                             "ssl:p4edge-dnd.pebblewright.local:1667\n9:  # edge server in the "
                             "server room; p4-commit is for humans")],
              "confirm": "The agents sync from the edge server, "
                         "ssl:p4edge-dnd.pebblewright.local:1667, using the p4-build-svc "
                         "credential — not the commit server (p4-commit), which is what "
                         "workstations talk to.",
              "aside": "adding the new ps5 stream to the sync defaults. agents go through "
                       "p4edge-dnd and not the commit server right? look at defaults.yml first",
              "guess": "the agents sync straight off the commit server, p4-commit:1666",
              "asked": "Which Perforce server should a new build agent point at?"}),
        Fact("gotcha-longpath", "gotcha", ["customWorkspace"],
             ["why does the cook fail with a MAX_PATH error on the newer windows agents when "
              "the older ones are fine?",
              "what jenkins setting keeps the cook's workspace path short enough for windows?"],
             "cairnkiln cook jobs set a short customWorkspace (D:/w/<8 chars>) in the Jenkins "
             "agent block: on the newer Windows agents the default workspace path made Niagara "
             "asset paths exceed the 260-character MAX_PATH and the cook failed with 'Unable to "
             "write file'.",
             {"symptom": "ps5 cook on the new agents (PW-BUILD11/12) dies on the niagara "
                         "content every single time. old agents are fine with the same CL",
              "trace": "LogCook: Error: Unable to write file D:\\jenkins\\workspace\\"
                       "tidecaller-nightly-ps5-cook@2\\Tidecaller\\Saved\\Cooked\\PS5\\"
                       "Tidecaller\\Content\\VFX\\Niagara\\Environment\\Weather\\Storm\\"
                       "NS_Storm_Lightning_Branching_Secondary_Impact.uasset\nLogWindows: "
                       "Error: path is 274 characters, limit is 260 (MAX_PATH)",
              "probe": [bash("grep -n -A4 'agent' jobs/ps5-cook/Jenkinsfile",
                             "3:  agent {\n4:    label params.AGENT_LABEL\n5:  }"),
                        bash("ssh pw-build11 reg query "
                             "HKLM\\SYSTEM\\CurrentControlSet\\Control\\FileSystem /v "
                             "LongPathsEnabled",
                             "    LongPathsEnabled    REG_DWORD    0x0")],
              "explain": "The new agents use Jenkins' default workspace, "
                         "D:\\jenkins\\workspace\\tidecaller-nightly-ps5-cook@2, and that "
                         "prefix plus the deepest Niagara paths goes past Windows' 260 "
                         "characters (long paths are off on these boxes, and the cooker "
                         "doesn't handle them well anyway). The old agents had a short "
                         "customWorkspace set on the job; the ps5 cook job never got one. "
                         "Setting customWorkspace to D:/w/<8 chars> fixes it.",
              "fix": [edit("jobs/ps5-cook/Jenkinsfile",
                           "  agent {\n    label params.AGENT_LABEL\n  }\n",
                           "  agent {\n    node {\n      label params.AGENT_LABEL\n      "
                           "customWorkspace \"D:/w/${env.JOB_BASE_NAME.take(8)}\"\n    }\n"
                           "  }\n")],
              "done": "The ps5 cook now runs in D:/w/<first 8 chars of the job name>, leaving "
                      "plenty of room for the longest asset paths.",
              "told": "the new agents use the default jenkins workspace path and its too long "
                      "for windows. the old jobs had customWorkspace set to something short",
              "repro": _sub(console, job="tidecaller-nightly-ps5-cook")}),
        Fact("gotcha-clobber", "gotcha", ["autoClean"],
             ["the nightly's perforce sync stopped with 'can't clobber writable file' on an "
              "ini — what's going on and what fixes it?",
              "which p4 plugin populate option do we use so files the build edits don't break "
              "the next sync?"],
             "cairnkiln: the nightly p4 sync uses the autoClean populate. With syncOnly it failed "
             "with \"Can't clobber writable file\" on Tidecaller/Config/DefaultGame.ini, which the "
             "stampVersion step writes and leaves writable; autoClean reverts files the build "
             "modified before syncing.",
             {"symptom": "second night in a row the nightly fell over at the sync. nobody "
                         "changed the library since friday",
              "trace": "P4: Task Exception: com.perforce.p4java.exception.P4JavaException: "
                       "Can't clobber writable file d:\\w\\tc-night\\Tidecaller\\Config\\"
                       "DefaultGame.ini\nERROR: P4: Task Exception: Can't clobber writable file "
                       "d:\\w\\tc-night\\Tidecaller\\Config\\DefaultGame.ini",
              "probe": [bash("grep -n -e populate -e DefaultGame vars/*.groovy",
                             "vars/stampVersion.groovy:8:  String ini = "
                             "'Tidecaller/Config/DefaultGame.ini'\nvars/stampVersion.groovy:12:"
                             "  writeFile file: ini, text: stamped\nvars/syncStream.groovy:14:"
                             "      populate: syncOnly(force: false, have: true, quiet: true, "
                             "revert: false),")],
              "explain": "stampVersion writes the build number into DefaultGame.ini, which "
                         "leaves that file writable in the workspace, and syncStream uses a "
                         "syncOnly populate with revert off — so as soon as DefaultGame.ini "
                         "changes in Perforce (Fergus submitted to it on Thursday) the sync "
                         "refuses to overwrite the writable copy. The autoClean populate "
                         "reverts and cleans files the build modified before it syncs.",
              "fix": [edit("vars/syncStream.groovy",
                           "      populate: syncOnly(force: false, have: true, quiet: true, "
                           "revert: false),\n",
                           "      populate: autoClean(delete: true, modtime: false, quiet: "
                           "true, replace: true, tidy: false,\n                          "
                           "parallel: [enable: true, threads: '8']),\n"), compiles],
              "done": "syncStream now uses autoClean, so the stamped DefaultGame.ini is put "
                      "back before every sync; tonight's nightly won't trip on it.",
              "told": "stampVersion writes into DefaultGame.ini and syncOnly won't clobber it. "
                      "the populate has to be autoClean",
              "repro": _sub(console, job="tidecaller-nightly")}),
        Fact("fals-container", "falsified", ["servercore"],
             ["could the cook run inside windows docker containers so every build agent is "
              "identical?",
              "has anyone tried containerising the windows builds, and how did it go?"],
             "Running cairnkiln's UE cooks inside Windows docker containers (a servercore "
             "image with the VS build tools) was tried by Yusuf and dropped: the image was "
             "about 80 GB and the cook took roughly twice as long because bind-mounted file "
             "I/O is slow under Windows container isolation. Agents are reimaged with Packer "
             "instead.",
             {"ask": "lets try the cook in a windows container so every build gets an "
                     "identical toolchain — servercore image with the vs build tools baked in",
              "change": [bash("mkdir -p docker/cook && cat > docker/cook/Dockerfile <<'EOF'\n"
                              "FROM mcr.microsoft.com/windows/servercore:ltsc2022\nADD "
                              "https://aka.ms/vs/17/release/vs_buildtools.exe C:\\\\tmp\\\\\n"
                              "RUN C:\\\\tmp\\\\vs_buildtools.exe --quiet --wait --norestart "
                              "--add Microsoft.VisualStudio.Workload.VCTools "
                              "--includeRecommended\nEOF", ""),
                         bash("docker build -t pw/cook-servercore:ltsc2022 docker/cook",
                              "Successfully built 9d1e33a0c2f4\nSuccessfully tagged "
                              "pw/cook-servercore:ltsc2022")],
              "broke": bash("docker run --rm -v D:\\w\\tc-night:C:\\tc "
                            "pw/cook-servercore:ltsc2022 C:\\tc\\Engine\\Build\\BatchFiles\\"
                            "RunUAT.bat BuildCookRun -project=C:\\tc\\Tidecaller\\"
                            "Tidecaller.uproject -cook -targetplatform=Win64 -skipbuild",
                            "BuildCookRun time: 7412.55 s (same CL on the bare agent: "
                            "3390 s)\nERROR: cook exceeded the 6000 s stage budget", 1),
              "revert": bash("rm -rf docker/cook && docker image rm "
                             "pw/cook-servercore:ltsc2022",
                             "Untagged: pw/cook-servercore:ltsc2022"),
              "conclusion": "Backed out. In the servercore container the same cook took "
                            "7,412 s against 3,390 s on the bare agent — file I/O through the "
                            "bind mount is slow under Windows container isolation — and the "
                            "image weighs about 80 GB. Cooks stay on the agents themselves.",
              "want": "could we run the builds in docker so the agents stop drifting apart?",
              "offer": "Windows containers would give every cook the same clean toolchain — a "
                       "servercore image with the VS build tools baked in. Want me to try it?",
              "story": "yusuf spent a month on servercore containers for the cook last year. "
                       "image was ~80gb, cook took twice as long because file io through the "
                       "mount is awful with windows containers, plus the vs build tools "
                       "licence mess. we reimage the agents with packer instead",
              "title": "Remove the servercore cook container"}),
        Fact("fals-distrib", "falsified", ["FASTBuild"],
             ["is there a distributed compile setup we could use to speed up the editor "
              "build on the farm?",
              "why doesn't the build farm spread c++ compiles across machines?"],
             "Distributed compiles with FASTBuild for cairnkiln's editor builds were tried "
             "(Yusuf, in the spring) and backed out after six weeks: nightlies kept failing on "
             "lost remote workers and unity .obj files that never came back. Each agent "
             "compiles locally with UBT.",
             {"ask": "turn on FASTBuild for the editor build step so the compile gets spread "
                     "over the idle agents at night",
              "change": [edit("resources/kiln/BuildConfiguration.xml",
                              "  <BuildConfiguration>\n",
                              "  <BuildConfiguration>\n    <bAllowFASTBuild>true"
                              "</bAllowFASTBuild>\n  </BuildConfiguration>\n  <FASTBuild>\n    "
                              "<FBuildCoordinator>pw-build01</FBuildCoordinator>\n    "
                              "<bEnableDistribution>true</bEnableDistribution>\n  </FASTBuild>\n"
                              "  <BuildConfiguration>\n")],
              "broke": bash(_sub(console, job="tidecaller-editor") + " | grep -i -e fbuild -e "
                            "error",
                            "FBuild: Error: Remote worker pw-build06 lost connection\nFBuild: "
                            "Error: Failed to build Object (error 4) 'Module.Engine.12.cpp.obj'"
                            "\nERROR: UnrealBuildTool failed with exit code 6\nBUILD FAILED",
                            1),
              "revert": bash("git checkout -- resources/kiln/BuildConfiguration.xml", ""),
              "conclusion": "Reverted: with FASTBuild distribution on, the editor build died on "
                            "a lost remote worker and a unity object that never came back. "
                            "The editor keeps compiling locally on each agent with UBT.",
              "want": "any way to get distributed compiles on the farm? the editor build is "
                      "40 minutes",
              "offer": "UnrealBuildTool supports FASTBuild, which would spread the editor "
                       "compile over the idle agents. Want me to set it up?",
              "story": "yusuf set up FASTBuild workers on every agent in the spring. every "
                       "other nightly died on a lost remote worker or a unity obj that never "
                       "came back and nobody could debug the coordinator. ripped out after 6 "
                       "weeks, we just throw cores at it now",
              "title": "Back out FASTBuild distributed compiles"}),
    ]
    chatter = [
        "[Pipeline] Start of Pipeline",
        "[Pipeline] node",
        "Running on PW-BUILD11 in D:\\w\\tc-night",
        "[Pipeline] {",
        "[Pipeline] stage",
        "[Pipeline] { (Sync)",
        "P4 Task: syncing files at change: 418227",
        "... p4 sync -q D:\\w\\tc-night/...@418227",
        "[Pipeline] { (Cook)",
        "Running: D:\\w\\tc-night\\Engine\\Build\\BatchFiles\\RunUAT.bat BuildCookRun "
        "-project=Tidecaller -cook -iterate",
        "LogInit: Display: Loading text-based GConfig....",
        "LogCook: Display: Cooked packages 11520 Packages Remain 40211 Total 51731",
        "LogCook: Display: Cooked packages 21904 Packages Remain 29827 Total 51731",
        "LogShaderCompilers: Display: Shaders left to compile 1840",
        "LogCook: Display: Cooked packages 33012 Packages Remain 18719 Total 51731",
        "LogDerivedDataCache: Display: Shared: 97.1% hit rate",
        "[Pipeline] }",
        "[Pipeline] // stage",
    ]
    noise: list[Episode] = [
        look("what does buildGame do if nobody passes a stream",
             "vars/buildGame.groovy",
             "def call(Map config = [:]) {\n  String stream = config.stream ?: "
             "'//tidecaller/main'\n  String platform = config.platform ?: 'Win64'\n  "
             "syncStream(stream: stream)\n  cookContent(platform: platform)\n  "
             "packageBuild(platform: platform)\n}\n",
             "It falls back to //tidecaller/main and Win64, then syncs, cooks and packages."),
        find("which jobs still call the old packageGame step", "packageGame\\(",
             ["jobs/demo-2024/Jenkinsfile", "jobs/xbox-package/Jenkinsfile"],
             "Two: the demo-2024 job and xbox-package."),
        tweak("give the package stage 4 hours, it timed out at 3 on the ps5 last night",
              "jobs/nightly/Jenkinsfile", "        timeout(time: 3, unit: 'HOURS') {\n",
              "        timeout(time: 4, unit: 'HOURS') {\n",
              "The package stage now has a four-hour timeout."),
        run("how long is the queue right now",
            f"curl -s -u \"$JENKINS_USER:$JENKINS_TOKEN\" {jenkins}/queue/api/json | jq "
            "'.items | length'", "3", "Three builds waiting in the queue."),
        talk("why can't i just use .each { } with a closure in pipeline code, it does weird "
             "stuff",
             "Pipeline code runs CPS-transformed so it can be paused and resumed; closures "
             "passed to Groovy's collection methods like .each don't survive that "
             "transformation reliably and can stop after the first element. Use a plain "
             "for loop, or move the logic into a method marked @NonCPS if it doesn't call "
             "pipeline steps."),
        steps("what does the BuildGraph script do for the ps5 package",
              [agent("Read the BuildGraph", "Summarise what BuildGraph/Tidecaller.xml does "
                     "for the PS5 package node.",
                     "The 'Package PS5' node depends on 'Cook PS5', runs BuildCookRun with "
                     "-stage -package -pak -iostore -compressed, then copies the package "
                     "folder into the archive directory.", "9a14e0c2b7d35f68", "Explore", 3)],
              "Package PS5 waits for the cook, stages and paks with iostore, then archives."),
        [Step(prompt="checklist for the milestone build friday, quick"),
         Step(tools=[todo_write([("Freeze the milestone stream at a changelist", "pending",
                                  "Freezing the stream"),
                                 ("Run the full nightly on the frozen CL", "pending",
                                  "Running the nightly"),
                                 ("Hand the package to QA for smoke testing", "pending",
                                  "Handing over to QA")])]),
         Step(text="Freeze the CL, full nightly on it, then QA smoke test.")],
        run("what did i change", "git status --short",
            " M vars/cookContent.groovy\n M jobs/nightly/Jenkinsfile\n?? notes.txt",
            "Two modified files (cookContent and the nightly Jenkinsfile) and an untracked "
            "notes.txt."),
    ]
    return Project(
        "cairnkiln", "git@gitlab.pebblewright.games:tools/cairnkiln.git",
        {"README.md": "# cairnkiln\n\nJenkins shared library for Tidecaller builds.\n",
         "docs/howto.md": "# cairnkiln how-to\n\n## how to\n\n## onboarding\n",
         "docs/decisions.md": "# Decisions\n"},
        _equip(facts, mates=["Agnieszka", "Fergus"], notes="docs/howto.md", chatter=chatter,
               naive=bash("./gradlew clean compileGroovy -q", ""),
               chores=["reply to Bex about whether the nightly can start at 7",
                       "look at why the xbox package step got slow",
                       "delete the dead demo-2024 job folder",
                       "update the readme's list of jobs"],
               history=["./gradlew compileGroovy -q", "git pull --rebase",
                        "./gradlew clean", "code jobs/nightly/Jenkinsfile",
                        "git push origin HEAD", "ssh pw-build11 dir D:\\w",
                        "vim jobs/nightly/Jenkinsfile"],
               shell="PS D:\\src\\cairnkiln>"),
        noise, "slack")


# ------------------------------------------------------------------- thimblefen
def thimblefen() -> Project:
    lint = bash("ruff check thimblefen", "All checks passed!")
    browser = "thimblefen/ui/browser.py"
    entities = "thimblefen/publish/entities.py"
    facts = [
        Fact("conv-sudo", "convention", ["sudo_as_login"],
             ["when the publisher creates a published file in flow, how do we make sure it's "
              "recorded as the artist's and not the tool's?",
              "whose name ends up as created_by on things the asset tool writes to production "
              "tracking, and how is that done?"],
             "thimblefen records Flow entities it creates (e.g. a PublishedFile) as the artist's, "
             "not the tool's: it passes sudo_as_login=<artist login> with its script key, so "
             "created_by and the event log show the artist.",
             {"task": "make the publish dialog create the PublishedFile in flow when the artist "
                      "hits publish, linked to the task they picked",
              "rule": "we log in with the script key but every create/update passes "
                      "sudo_as_login=<the artist's login>. otherwise everything shows up as "
                      "'thimblefen script' and the producers can't tell who published what",
              "contrary": edit(entities, "def create_published_file(ctx, path, version):\n",
                               "def create_published_file(ctx, path, version):\n    sg = "
                               "shotgun_api3.Shotgun(SITE_URL, script_name=SCRIPT, "
                               "api_key=ctx.api_key)\n"),
              "follow": [edit(entities, "def create_published_file(ctx, path, version):\n",
                              "def create_published_file(ctx, path, version):\n    sg = "
                              "connection.session(sudo_as_login=ctx.artist.login)\n    return "
                              "sg.create(\"PublishedFile\", {\n        \"code\": path.name, "
                              "\"version_number\": version,\n        \"task\": ctx.task, "
                              "\"entity\": ctx.asset, \"project\": ctx.project,\n        "
                              "\"path\": {\"local_path\": str(path)},\n    })\n"), lint],
              "done": "Publishing now creates the PublishedFile through a session opened with "
                      "sudo_as_login set to the artist's login, so created_by shows the artist "
                      "and not the script.",
              "doc": ("thimblefen/sg/connection.py",
                      "\"\"\"The one place that talks to Flow.\n\nWe authenticate as the "
                      "thimblefen script, but anything that creates or updates\nan entity "
                      "passes sudo_as_login=<artist login>, so created_by and the event log\n"
                      "show the artist, not the script.\n\"\"\"\n"),
              "grep": "Shotgun\\(",
              "found": "thimblefen/sg/connection.py: the tool authenticates with the script "
                       "key, but every create or update goes through a session with "
                       "sudo_as_login set to the artist, so created_by shows the artist."}),
        Fact("conv-pool", "convention", ["run_in_pool"],
             ["my widget freezes maya for a couple of seconds while it loads task data from "
              "flow — how am i supposed to make those calls?",
              "what's the rule for doing network requests from the publisher's qt widgets?"],
             "thimblefen widgets never make Flow or other network requests on the Qt GUI thread "
             "(it freezes Maya): they wrap those calls with run_in_pool(fn, *args, on_done=...) "
             "from thimblefen/ui/workers.py, which uses the QThreadPool.",
             {"task": "show each asset's task status next to it in the browser, pulled from "
                      "flow",
              "rule": "no flow calls on the gui thread ever. wrap them in run_in_pool "
                      "(ui/workers.py) and update the widget from on_done. a 2 second call in "
                      "a slot freezes maya and the artists think it crashed",
              "contrary": edit(browser, "    def refresh(self):\n",
                               "    def refresh(self):\n        tasks = self.sg.find(\"Task\", "
                               "[[\"entity\", \"in\", self.assets]], [\"sg_status_list\", "
                               "\"entity\"])\n        self._apply_statuses(tasks)\n"),
              "follow": [edit(browser, "    def refresh(self):\n",
                              "    def refresh(self):\n        run_in_pool(self._fetch_statuses, "
                              "list(self.assets), on_done=self._apply_statuses)\n\n    def "
                              "_fetch_statuses(self, assets):\n        return "
                              "self.sg.find(\"Task\", [[\"entity\", \"in\", assets]],\n"
                              "                            [\"sg_status_list\", \"entity\"])\n"),
                         lint],
              "done": "The browser fetches task statuses through run_in_pool and fills them in "
                      "from on_done, so the window stays responsive inside Maya while Flow "
                      "answers.",
              "doc": ("thimblefen/ui/workers.py",
                      "\"\"\"Background work for the widgets.\n\nNothing that touches Flow or "
                      "the network runs on the GUI thread: inside Maya a\nblocked slot freezes "
                      "the whole application. Use run_in_pool(fn, *args, on_done=...):\nit runs "
                      "fn on the global QThreadPool and calls on_done back on the GUI thread.\n"
                      "\"\"\"\n"),
              "grep": "QThreadPool",
              "found": "thimblefen/ui/workers.py: nothing that touches Flow or the network "
                       "runs on the GUI thread; widgets use run_in_pool(fn, *args, "
                       "on_done=...), which runs on the QThreadPool and calls back on the GUI "
                       "thread."}),
        Fact("cmd-tests", "command", ["rez test"],
             ["pytest can't import PySide6 when i run the asset tool's tests — how are they "
              "supposed to be run?",
              "what's the command for the publisher's gui test suite?"],
             "thimblefen's tests run through rez: `rez test thimblefen` (or `rez test "
             "thimblefen ui` / `unit` for one suite, defined in package.py's tests), which runs "
             "pytest inside the resolved environment; plain pytest fails with "
             "ModuleNotFoundError: No module named 'PySide6' because PySide6 and shotgun_api3 "
             "only exist in the rez env.",
             {"goal": "run the gui tests for the publish dialog",
              "fail": bash("pytest tests/ui -q",
                           "ImportError while importing test module 'tests/ui/"
                           "test_publish_dialog.py'.\nHint: make sure your test modules/packages "
                           "have valid Python names.\nTraceback:\ntests/ui/test_publish_dialog"
                           ".py:3: in <module>\n    from PySide6 import QtCore\nE   "
                           "ModuleNotFoundError: No module named 'PySide6'\nInterrupted: 1 error "
                           "during collection", 2),
              "note": "PySide6 and shotgun_api3 only exist inside the rez-resolved environment, "
                      "not in the system Python. The suites are declared in package.py and rez "
                      "runs them in that environment.",
              "ok": bash("rez test thimblefen ui",
                         "Running test: ui\nCommand: pytest tests/ui -q\n........\n8 passed in "
                         "6.41s\n\nTest results:\n" + "-" * 60 + "\n1 succeeded, 0 failed, 0 "
                         "skipped"),
              "done": "All 8 UI tests pass.",
              "hint": "tests only run through rez. `rez test thimblefen`, or `rez test "
                      "thimblefen ui` for just the gui ones",
              "script": ("package.py",
                         "name = \"thimblefen\"\nversion = \"2.14.0\"\nrequires = "
                         "[\"python-3.11\", \"pyside6-6.7\", \"shotgun_api3-3.5\"]\n\ntests = {\n"
                         "    \"unit\": \"pytest tests/unit -q\",\n    \"ui\": {\"command\": "
                         "\"pytest tests/ui -q\", \"requires\": [\"pytest_qt\"]},\n}\n\n"
                         "def commands():\n    env.PYTHONPATH.append(\"{root}/python\")\n"),
              "histword": "rez"}),
        Fact("cmd-uic", "command", ["compile_ui.py"],
             ["i edited a .ui form in qt designer — how do i turn it back into the python "
              "module the tool imports?",
              "pyside6-uic won't take all the forms at once, what's the repo's way of "
              "rebuilding the generated ui code?"],
             "thimblefen: after editing a Qt Designer .ui form, rebuild the generated Python UI "
             "modules with `rez env thimblefen -- python tools/compile_ui.py` (runs pyside6-uic "
             "--from-imports per form); pyside6-uic won't take several forms at once.",
             {"goal": "regenerate the python for the publish dialog, i moved widgets around in "
                      "designer",
              "fail": bash("pyside6-uic ui/*.ui -o thimblefen/ui/generated/",
                           "usage: pyside6-uic [options] <ui-file>\npyside6-uic: error: "
                           "unrecognized arguments: ui/publish_dialog.ui ui/settings.ui", 2),
              "note": "pyside6-uic takes one form at a time, and the generated modules here "
                      "need --from-imports so the resource import resolves inside the package. "
                      "The repo's own script loops over ui/ with those flags and rebuilds the "
                      "resource file too.",
              "ok": bash("rez env thimblefen -- python tools/compile_ui.py",
                         "ui/browser.ui -> thimblefen/ui/generated/ui_browser.py\n"
                         "ui/publish_dialog.ui -> thimblefen/ui/generated/ui_publish_dialog.py\n"
                         "ui/settings.ui -> thimblefen/ui/generated/ui_settings.py\n"
                         "resources.qrc -> thimblefen/ui/generated/resources_rc.py"),
              "done": "All three forms and the resource module are regenerated; the layout "
                      "change is in ui_publish_dialog.py.",
              "hint": "dont call uic yourself, `rez env thimblefen -- python "
                      "tools/compile_ui.py` does all of them with --from-imports",
              "script": ("tools/compile_ui.py",
                         "\"\"\"Regenerate thimblefen/ui/generated from ui/*.ui and "
                         "resources.qrc.\n\nRun inside the rez env: rez env thimblefen -- "
                         "python tools/compile_ui.py\n\"\"\"\nimport pathlib\nimport "
                         "subprocess\n\nOUT = pathlib.Path(\"thimblefen/ui/generated\")\nfor ui "
                         "in sorted(pathlib.Path(\"ui\").glob(\"*.ui\")):\n    dst = OUT / "
                         "f\"ui_{ui.stem}.py\"\n    subprocess.run([\"pyside6-uic\", "
                         "\"--from-imports\", str(ui), \"-o\", str(dst)], check=True)\n    "
                         "print(f\"{ui} -> {dst}\")\n"),
              "histword": "compile"}),
        Fact("env-site", "environment", ["pebblewright-staging"],
             ["what's the url of the sandbox production-tracking site we test the publisher "
              "against?",
              "where can i try publishes without them landing in the real tidecaller project "
              "in flow?"],
             "thimblefen: try test publishes on the Flow staging site "
             "https://pebblewright-staging.shotgrid.autodesk.com (a sandbox copy of production, "
             "refreshed every Sunday; --site staging, config/sites.yml), so they never land in the"
             " real Tidecaller project.",
             {"goal": "which flow site do i point the tool at for testing? dont want to spam "
                      "the real tidecaller project",
              "probe": [bash("cat config/sites.yml",
                             "production:\n  url: https://pebblewright.shotgrid.autodesk.com\n"
                             "  script_name: thimblefen\nstaging:\n  url: "
                             "https://pebblewright-staging.shotgrid.autodesk.com\n  "
                             "script_name: thimblefen-dev\n  # cloned from production every "
                             "Sunday night\ndefault: production\n")],
              "confirm": "Test against the staging site, "
                         "https://pebblewright-staging.shotgrid.autodesk.com (script "
                         "thimblefen-dev), which is cloned from production every Sunday night. "
                         "The tool defaults to production, so start it with --site staging.",
              "aside": "add a big red STAGING banner when the tool is pointed at "
                       "pebblewright-staging. that's the staging entry in sites.yml right? "
                       "check",
              "guess": "the test site is pebblewright-sandbox.shotgrid.autodesk.com",
              "asked": "Which Flow site can I test the publisher against without touching "
                       "real production data?"}),
        Fact("env-root", "environment", ["pw-fs01"],
             ["which file server holds the published asset versions?",
              "after an artist publishes, where does the file actually get stored?"],
             "thimblefen copies published files to the publish root \\\\pw-fs01\\tidecaller\\"
             "publish (/mnt/pw-fs01/tidecaller/publish on Linux; config/roots.yml), laid out as "
             "<asset type>/<asset>/<step>/v<NNN>; publishes are not stored in Perforce.",
             {"goal": "where do published files actually get copied to on disk?",
              "probe": [bash("grep -n -A4 '^publish:' config/roots.yml",
                             "1:publish:\n2:  windows: '\\\\pw-fs01\\tidecaller\\publish'\n3:  "
                             "linux: /mnt/pw-fs01/tidecaller/publish\n4:  template: "
                             "'{asset_type}/{asset}/{step}/v{version:03d}'")],
              "confirm": "Published files go under \\\\pw-fs01\\tidecaller\\publish "
                         "(/mnt/pw-fs01/tidecaller/publish from Linux), laid out as <asset "
                         "type>/<asset>/<step>/v<NNN> — the publish root in config/roots.yml.",
              "aside": "the outsourcer's deliveries need to end up in the same publish root, "
                       "pw-fs01\\tidecaller\\publish — make sure roots.yml says that before i "
                       "send them the path",
              "guess": "publishes get checked into perforce under //tidecaller/art/publish",
              "asked": "Where on disk does an asset end up after I press publish?"}),
        Fact("gotcha-qtdll", "gotcha", ["shiboken6"],
             ["why does the publisher crash on import inside maya with a dll error when it "
              "runs fine on its own?",
              "which qt binding does the tool have to use when it's running inside maya?"],
             "thimblefen inside Maya must use Maya's bundled PySide6 and shiboken6: the maya-2025 "
             "rez variant doesn't require pyside6. Pulling pip's PySide6 6.7 in front made the "
             "tool crash on import in Maya with 'DLL load failed while importing QtCore'.",
             {"symptom": "the tool won't even open inside maya 2025 since this morning. "
                         "standalone it's fine",
              "trace": "# Error: ImportError: file C:\\rez\\packages\\thimblefen\\2.14.0\\"
                       "python\\thimblefen\\ui\\browser.py line 3: DLL load failed while "
                       "importing QtCore: The specified procedure could not be found. #",
              "probe": [bash("rez env maya-2025 thimblefen -- rez context | tail -6",
                             "resolved packages:\nmaya-2025.2         C:\\rez\\packages\\maya\\"
                             "2025.2\npyside6-6.7.2       C:\\rez\\packages\\pyside6\\6.7.2\n"
                             "python-3.11.4       C:\\rez\\packages\\python\\3.11.4\n"
                             "shotgun_api3-3.5.1  C:\\rez\\packages\\shotgun_api3\\3.5.1\n"
                             "thimblefen-2.14.0   C:\\rez\\packages\\thimblefen\\2.14.0")],
              "explain": "Maya 2025 ships its own PySide6 (6.5) with a shiboken6 built against "
                         "Maya's Qt. Our package requires pyside6-6.7 unconditionally, so "
                         "inside Maya rez puts pip's PySide6 6.7 and its shiboken6 first on "
                         "the path; QtCore then loads against Maya's Qt DLLs and the symbols "
                         "don't match. The Maya variant mustn't require pyside6 at all.",
              "fix": [edit("package.py",
                           "requires = [\"python-3.11\", \"pyside6-6.7\", "
                           "\"shotgun_api3-3.5\"]\n",
                           "requires = [\"python-3.11\", \"shotgun_api3-3.5\"]\n\nvariants = [\n"
                           "    [\"maya-2025\"],  # Maya's bundled PySide6\n    "
                           "[\"houdini-20\"],\n    [\"standalone\", \"pyside6-6.7\"],\n]\n")],
              "done": "Inside Maya the tool now imports Maya's own PySide6; only the "
                      "standalone variant pulls in 6.7.",
              "told": "maya brings its own pyside6 + shiboken6 and we're shoving pip's 6.7 "
                      "in front of it. the maya variant can't require pyside6",
              "repro": "rez env maya-2025 thimblefen -- mayapy -c \"import "
                       "thimblefen.ui.browser\" 2>&1 | tail -60"}),
        Fact("gotcha-thumbs", "gotcha", ["oiiotool"],
             ["why do texture publishes in flow never get a thumbnail, just the grey "
              "processing image?",
              "what do we convert exr images with before sending them up as thumbnails?"],
             "thimblefen converts EXR/TIFF images with oiiotool to a 512-px 8-bit sRGB PNG before "
             "uploading them as thumbnails: Flow can't thumbnail 32-bit EXRs, so texture publishes"
             " stayed on the grey 'processing' image.",
             {"symptom": "thumbnails for texture publishes are stuck on the grey 'processing' "
                         "placeholder in flow. fbx publishes get theirs fine",
              "trace": "22:41:07 INFO  publish: PublishedFile 88102 created "
                       "(T_Cliff_Rock_A_BaseColor v012)\n22:41:08 INFO  thumbnail: uploaded "
                       "T_Cliff_Rock_A_BaseColor.exr (48.2 MB) -> PublishedFile 88102\n"
                       "22:41:08 INFO  publish: done in 3.9 s",
              "probe": [bash("grep -n -B2 upload_thumbnail thimblefen/publish/thumbs.py",
                             "20:def upload(sg, pf_id, source_path, tmp_dir):\n21:    # "
                             "textures: send the source image as the thumbnail\n22:    "
                             "sg.upload_thumbnail(\"PublishedFile\", pf_id, str(source_path))")],
              "explain": "Flow's thumbnail transcoder only copes with ordinary 8-bit images. "
                         "For textures we upload the source EXR itself — 32-bit float, 48 MB — "
                         "and the transcoder silently gives up, so the placeholder is never "
                         "replaced. Convert it first: oiiotool (already in the rez env) can "
                         "resize it and write an 8-bit sRGB PNG.",
              "fix": [edit("thimblefen/publish/thumbs.py",
                           "    sg.upload_thumbnail(\"PublishedFile\", pf_id, "
                           "str(source_path))\n",
                           "    if source_path.suffix.lower() in (\".exr\", \".tif\", "
                           "\".tiff\"):\n        png = tmp_dir / f\"{source_path.stem}_thumb"
                           ".png\"\n        subprocess.run([\"oiiotool\", str(source_path), "
                           "\"--resize\", \"512x0\", \"--colorconvert\", \"linear\", "
                           "\"sRGB\",\n                        \"-d\", \"uint8\", \"-o\", "
                           "str(png)], check=True)\n        source_path = png\n    "
                           "sg.upload_thumbnail(\"PublishedFile\", pf_id, str(source_path))\n")],
              "done": "EXR and TIFF sources are converted to a 512-px 8-bit sRGB PNG before "
                      "upload, so new texture publishes get real thumbnails.",
              "told": "flow can't thumbnail 32 bit exrs, convert to png with oiiotool first, "
                      "it's in the rez env",
              "repro": "rez env thimblefen -- thimblefen publish --dry-run --verbose "
                       "textures/T_Cliff_Rock_A_BaseColor.exr 2>&1 | tail -60"}),
        Fact("fals-toolkit", "falsified", ["tk-multi-publish2"],
             ["why don't we use autodesk's standard toolkit publish app instead of "
              "maintaining our own publisher?",
              "was the off-the-shelf flow publisher ever used here?"],
             "Replacing thimblefen with the ShotGrid/Flow Toolkit publisher "
             "(tk-multi-publish2 with a pipeline configuration) was tried and dropped: on the "
             "last project its toolkit bootstrap added ~40 s every time Maya opened, every "
             "project needed its own pipeline config and every plugin change a config push; "
             "artists hated it, so Dev wrote thimblefen.",
             {"ask": "lets try swapping our publish dialog for the stock toolkit one, "
                     "tk-multi-publish2, so we stop maintaining our own",
              "change": [bash("git clone -q --depth 1 https://github.com/shotgunsoftware/"
                              "tk-config-default2.git pipeline_config && ls pipeline_config/env",
                              "app_locations.yml  asset.yml  asset_step.yml  includes  "
                              "project.yml  sequence.yml  shot.yml  shot_step.yml"),
                         edit("pipeline_config/env/asset_step.yml",
                              "    tk-multi-publish2: \"@settings.tk-multi-publish2.maya."
                              "asset_step\"\n",
                              "    tk-multi-publish2: \"@settings.tk-multi-publish2.maya."
                              "asset_step\"\n    # tidecaller: texture + fbx publish plugins\n")],
              "broke": bash("rez env maya-2025 -- mayapy tools/time_bootstrap.py --config "
                            "pipeline_config --engine tk-maya",
                            "bootstrapping tk-maya from pipeline_config...\ncaching bundles: "
                            "41 apps/frameworks\nbootstrap complete in 43.8 s\nFAIL: budget "
                            "is 5 s", 1),
              "revert": bash("rm -rf pipeline_config", ""),
              "conclusion": "Removed the toolkit config again: bootstrapping tk-multi-publish2 "
                            "through tk-maya took 44 s against a 5 s budget, before the "
                            "publisher was even opened. Our own dialog stays.",
              "want": "could we drop our own publisher and just use the stock flow toolkit "
                      "one?",
              "offer": "The Toolkit publisher, tk-multi-publish2, handles validation and "
                       "PublishedFile creation out of the box — we'd only write collector and "
                       "publish plugins. Want me to try it?",
              "story": "we ran tk-multi-publish2 for the whole of the last project. 40 seconds "
                       "of toolkit bootstrap every time maya opened, a pipeline config per "
                       "project to babysit, every plugin change needed a config push. artists "
                       "revolted and dev wrote this tool to replace it",
              "title": "Drop the tk-multi-publish2 pipeline config"}),
        Fact("fals-autopublish", "falsified", ["watchdog"],
             ["can the publisher watch the artists' work folders and publish new versions "
              "automatically on save?",
              "was automatic publishing on file save ever tried?"],
             "Auto-publishing in thimblefen with a watchdog file watcher on the artists' WIP "
             "share was tried (Yusuf) and removed: SMB sent several change events per save, "
             "giving about three versions per save, some of them half-written files, and "
             "flooded Flow with versions. Publishing stays an explicit click.",
             {"ask": "add auto-publish: watch the artists' wip folders with watchdog and "
                     "publish a new version whenever a .ma or .spp gets saved",
              "change": [bash("cat > thimblefen/autopublish.py <<'EOF'\nfrom watchdog.events "
                              "import FileSystemEventHandler\nfrom watchdog.observers import "
                              "Observer\n\nclass OnSave(FileSystemEventHandler):\n    def "
                              "on_modified(self, event):\n        if event.src_path.endswith(("
                              "\".ma\", \".spp\")):\n            publish_new_version("
                              "event.src_path)\nEOF", "")],
              "broke": bash("rez env thimblefen watchdog -- python -m thimblefen.autopublish "
                            "--root W:\\wip\\dev --dry-run --for 600",
                            "22:10:03 would publish SM_Crate_A.ma v013 (0 bytes)\n22:10:03 "
                            "would publish SM_Crate_A.ma v014 (1.2 MB, still growing)\n"
                            "22:10:04 would publish SM_Crate_A.ma v015 (3.4 MB)\n1 save -> 3 "
                            "publishes, 2 of them partial files\nFAIL", 1),
              "revert": bash("rm thimblefen/autopublish.py", ""),
              "conclusion": "Dropped it: on the network share the watchdog observer fired "
                            "several events per save, so one save would have made three "
                            "versions, two of them half-written. Publishing stays an explicit "
                            "action.",
              "want": "could the tool just publish by itself whenever an artist saves?",
              "offer": "A file watcher (the watchdog library) on the WIP folders could publish "
                       "a new version on every save. Want me to add it?",
              "story": "yusuf tried a watchdog based auto publish on the wip share. smb fires "
                       "a pile of change events per save so you got 3 versions per save, half "
                       "of them truncated, and a flood of versions in flow. killed it after a "
                       "week. publishing is a deliberate click",
              "title": "Remove watchdog auto-publish"}),
    ]
    chatter = [
        "// Maya 2025.2 (Cut 202409190603) ...",
        "// Initializing plug-ins ...",
        "// Loading: mtoa.mll",
        "// Loading: fbxmaya.mll",
        "// Loading: gameFbxExporter.mll",
        "// Result: Python 3.11.4 (main, Aug 12 2024)",
        "// thimblefen: startup hook (rez) loaded",
        "// Warning: file: C:/Users/dev/Documents/maya/2025/prefs/userPrefs.mel line 122: "
        "Unknown option 'vp2RenderingEngine' //",
        "// Loading: shaderFXPlugin.mll",
        "// Result: color management: ACES 1.2 OCIO config",
        "// Loading: modelingToolkit.mll",
        "// Loading: renderSetup.py",
        "// Result: workspace set to W:/wip/dev/tidecaller",
        "// Scene opened in 4.21 seconds",
        "// Viewport 2.0 DirectX 11",
    ]
    noise: list[Episode] = [
        look("what fields does the browser load for each asset",
             "thimblefen/ui/browser_model.py",
             "FIELDS = [\"code\", \"sg_asset_type\", \"image\", \"description\", "
             "\"updated_at\"]\nORDER = [{\"field_name\": \"code\", \"direction\": \"asc\"}]\n",
             "code, asset type, thumbnail, description and last update, sorted by code."),
        find("where do we read the artist's login from", "get_login\\(",
             ["thimblefen/auth.py", "thimblefen/ui/main_window.py"],
             "thimblefen/auth.py defines it; the main window calls it at startup."),
        tweak("make the settings dialog title say 'Publisher settings' not 'Setings'",
              "ui/settings.ui", "<string>Setings</string>",
              "<string>Publisher settings</string>", "Fixed the title typo."),
        run("what version is installed on the share", "rez search thimblefen --latest",
            "thimblefen-2.13.4", "2.13.4 is the latest released version."),
        talk("qt signals — whats the difference between a direct and a queued connection?",
             "A direct connection calls the slot immediately on the emitting thread, like a "
             "function call. A queued connection posts an event to the receiver's thread and "
             "the slot runs when that thread's event loop gets to it. AutoConnection picks "
             "direct when both objects live in the same thread, queued otherwise."),
        steps("which asset types are there in the tidecaller project",
              [agent("List asset types", "List the values of sg_asset_type the tool knows "
                     "about, from thimblefen/ and config/.",
                     "config/asset_types.yml lists Character, Creature, Environment, Prop, "
                     "Vehicle, FX and UI; the browser's filter menu is built from that file.",
                     "e12b9c3f70a4d855", "Explore", 3)],
              "Seven: Character, Creature, Environment, Prop, Vehicle, FX and UI."),
        [Step(prompt="what's needed to support the new 'Vehicle' asset type"),
         Step(tools=[todo_write([("Add Vehicle to config/asset_types.yml", "pending",
                                  "Adding the asset type"),
                                 ("Add a publish template for vehicles", "pending",
                                  "Adding the template"),
                                 ("Give the browser a vehicle icon", "pending",
                                  "Adding the icon")])]),
         Step(text="Config entry, publish template, icon.")],
        run("what changed since the last release", "git log --oneline v2.13.4..HEAD",
            "a41f0c2 Remember the last filter in the browser\n7b2e9d1 Show file size in the "
            "publish dialog\n0c3d5e8 Bump shotgun_api3 to 3.5.1",
            "Three commits: the remembered filter, file size in the dialog, and the "
            "shotgun_api3 bump."),
    ]
    return Project(
        "thimblefen", "git@gitlab.pebblewright.games:tools/thimblefen.git",
        {"README.md": "# thimblefen\n\nThe asset publisher (PySide6, Flow Production "
                      "Tracking, rez).\n",
         "docs/wiki.md": "# thimblefen wiki\n\n## how to\n\n## onboarding\n",
         "docs/decisions.md": "# Decisions\n"},
        _equip(facts, mates=["Dev", "Agnieszka"], notes="docs/wiki.md", chatter=chatter,
               naive=bash("rez env --no-cache --no-local thimblefen -- python -c \"print('ok')\"",
                          "ok"),
               chores=["fix the typo in the settings dialog title",
                       "answer Dev about the vehicle asset type",
                       "make the browser remember its last filter",
                       "bump shotgun_api3 to 3.5.1"],
               history=["rez env thimblefen -- thimblefen", "rez build --install",
                        "rez env maya-2025 thimblefen -- maya", "git pull --rebase",
                        "python -m compileall -q thimblefen", "ruff check thimblefen",
                        "rez search thimblefen --latest"],
               shell="PS C:\\dev\\thimblefen>"),
        noise, "github")


# ------------------------------------------------------------------- larchvault
def larchvault() -> Project:
    clippy = bash("cargo clippy --all-targets -- -D warnings",
                  "    Checking larchvault v0.9.3 (/home/dev/src/larchvault)\n    Finished "
                  "`dev` profile [unoptimized + debuginfo] target(s) in 9.84s")
    refs = "src/http/refs.rs"
    content = "src/http/content.rs"
    server = "src/server.rs"
    facts = [
        Fact("conv-errors", "convention", ["CacheError"],
             ["is it ok to unwrap in the cache server's request handlers if the value can't "
              "really be missing?",
              "what should a new http handler in the rust cache return when something goes "
              "wrong?"],
             "larchvault request handlers return Result<Response, CacheError> (src/error.rs) and "
             "never unwrap() or expect(): when something goes wrong a panic would drop the "
             "connection, the editor counts it as a miss, and misses become a rebuild stampede.",
             {"task": "add a HEAD handler for /api/v1/refs/{bucket}/{key} so the editor can "
                      "check a key exists without downloading the blob",
              "rule": "no unwrap or expect anywhere a request goes through. handlers return "
                      "Result<Response, CacheError> and CacheError maps to a status. a panic "
                      "drops the connection, the editor counts it as a miss, and at 9am that's "
                      "a stampede",
              "contrary": edit(refs, "// HEAD\n",
                               "// HEAD\npub async fn head_ref(state: &State, bucket: &str, "
                               "key: &str) -> Response<Body> {\n    let key = "
                               "Key::parse(key).unwrap();\n    let meta = "
                               "state.index.get(bucket, &key).unwrap().unwrap();\n    "
                               "Response::builder().header(CONTENT_LENGTH, meta.size)"
                               ".body(Body::empty()).unwrap()\n}\n"),
              "follow": [edit(refs, "// HEAD\n",
                              "// HEAD\npub async fn head_ref(state: &State, bucket: &str, "
                              "key: &str) -> Result<Response<Body>, CacheError> {\n    let key "
                              "= Key::parse(key).map_err(CacheError::BadKey)?;\n    let meta = "
                              "state.index.get(bucket, &key)?.ok_or(CacheError::NotFound)?;\n"
                              "    Ok(Response::builder()\n        .header(CONTENT_LENGTH, "
                              "meta.size)\n        .body(Body::empty())?)\n}\n"), clippy],
              "done": "head_ref returns Result<Response, CacheError>: a malformed key is "
                      "CacheError::BadKey (400), a missing one CacheError::NotFound (404), "
                      "storage errors a 500 — nothing on that path can panic. Clippy is "
                      "clean.",
              "doc": ("src/error.rs",
                      "//! Every fallible path in request handling returns `Result<_, "
                      "CacheError>`.\n//! No unwrap()/expect() on request paths: a panic drops "
                      "the connection and\n//! Unreal treats that as a miss, so one bad "
                      "request becomes a rebuild stampede.\n\n#[derive(Debug, "
                      "thiserror::Error)]\npub enum CacheError {\n    #[error(\"bad key: "
                      "{0}\")]\n    BadKey(String),\n    #[error(\"not found\")]\n    "
                      "NotFound,\n    #[error(\"storage: {0}\")]\n    Storage(#[from] "
                      "rocksdb::Error),\n}\n"),
              "grep": "unwrap\\(\\)",
              "found": "src/error.rs: request paths never unwrap or expect — everything "
                       "returns Result<_, CacheError>, since a panic drops the connection and "
                       "Unreal counts it as a miss."}),
        Fact("conv-hash", "convention", ["IoHash"],
             ["what hash do we use to address blobs in the cache server, and how is it "
              "written out?",
              "can i use sha-256 for the content ids of the new artifact upload endpoint?"],
             "larchvault addresses content by IoHash: BLAKE3 of the bytes truncated to 20 "
             "bytes, written as 40 lowercase hex characters, the same hash Unreal's DDC uses "
             "(docs/protocol.md); no SHA-256 or other digests, or the editor can't find "
             "anything.",
             {"task": "add a PUT /api/v1/content/{hash} endpoint so the farm can upload build "
                      "artifacts by content hash",
              "rule": "content addresses are IoHash everywhere — blake3 cut to 20 bytes, 40 "
                      "lowercase hex, same as unreal. no sha256 sneaking in or the editor "
                      "can't look anything up",
              "contrary": edit(content, "// PUT\n",
                               "// PUT\nlet digest = sha2::Sha256::digest(&body);\nlet addr = "
                               "hex::encode(digest);\n"),
              "follow": [edit(content, "// PUT\n",
                              "// PUT\nlet addr = IoHash::of(&body); // blake3, first 20 "
                              "bytes\nif addr.to_hex() != expected {\n    return "
                              "Ok(status(StatusCode::BAD_REQUEST));\n}\n"), clippy],
              "done": "PUT /api/v1/content/{hash} computes the IoHash of the body (BLAKE3 "
                      "truncated to 20 bytes) and rejects the upload if it doesn't match the "
                      "40-hex-character hash in the URL.",
              "doc": ("docs/protocol.md",
                      "# Protocol\n\nContent is addressed by **IoHash**: BLAKE3 of the bytes, "
                      "truncated to the first 20\nbytes, written as 40 lowercase hex "
                      "characters - the same hash Unreal's DDC uses.\nNo SHA-256 or any other "
                      "digest: the editor would no longer find anything.\n"),
              "grep": "blake3",
              "found": "docs/protocol.md: content is addressed by IoHash — BLAKE3 truncated "
                       "to 20 bytes, 40 lowercase hex characters, as Unreal's DDC does — and "
                       "no other digest is allowed."}),
        Fact("cmd-it", "command", ["minio-tests"],
             ["how do i run the s3 tiering integration tests for the cache server?",
              "cargo says the tiering test target needs a feature — what's the full command?"],
             "larchvault's S3 tiering integration tests: `docker compose up -d minio && cargo test"
             " --features minio-tests --test tiering -- --test-threads 1` (`just it`); without the"
             " minio-tests feature cargo refuses the tiering test target.",
             {"goal": "run the tiering integration tests, i changed the eviction path",
              "fail": bash("cargo test --test tiering",
                           "error: target `tiering` in package `larchvault` requires the "
                           "features: `minio-tests`\nConsider enabling them by passing, e.g., "
                           "`--features=\"minio-tests\"`", 101),
              "note": "The tiering tests are behind a cargo feature and talk to a real MinIO, "
                      "which the compose file provides; they share one bucket, so one thread.",
              "ok": bash("docker compose up -d minio && cargo test --features minio-tests "
                         "--test tiering -- --test-threads 1",
                         " Container larchvault-minio-1  Started\n    Finished `test` profile "
                         "[unoptimized + debuginfo] target(s) in 31.02s\n     Running "
                         "tests/tiering.rs\n\nrunning 6 tests\ntest evicts_cold_blobs ... ok\n"
                         "test rehydrates_on_get ... ok\ntest survives_minio_restart ... ok\n"
                         "test skips_pinned_buckets ... ok\ntest respects_high_water ... ok\n"
                         "test counts_bytes_moved ... ok\n\ntest result: ok. 6 passed; 0 "
                         "failed; 0 ignored"),
              "done": "All six tiering tests pass with the eviction change.",
              "hint": "those need minio up and the feature: `docker compose up -d minio && "
                      "cargo test --features minio-tests --test tiering -- --test-threads 1`",
              "script": ("justfile",
                         "# integration tests against a real MinIO\nit:\n    docker compose up "
                         "-d minio\n    cargo test --features minio-tests --test tiering -- "
                         "--test-threads 1\n"),
              "histword": "cargo"}),
        Fact("cmd-glibc", "command", ["zigbuild"],
             ["the cache server binary i built on my laptop says GLIBC_2.34 not found on the "
              "servers — how should release builds be made?",
              "what's the command to build a binary of the rust cache that runs on the rocky "
              "8 boxes?"],
             "larchvault release binaries for the Rocky Linux 8 cache boxes (glibc 2.28) are "
             "built with `cargo zigbuild --release --target x86_64-unknown-linux-gnu.2.28`, as "
             "CI does; a plain `cargo build --release` on an Ubuntu laptop fails on the "
             "servers with 'GLIBC_2.34 not found'.",
             {"goal": "build a release binary i can drop on ddc01 to try the eviction fix",
              "fail": bash("cargo build --release && scp target/release/larchvault ddc01:/tmp/ "
                           "&& ssh ddc01 /tmp/larchvault --version",
                           "    Finished `release` profile [optimized] target(s) in 1m 48s\n"
                           "/tmp/larchvault: /lib64/libc.so.6: version `GLIBC_2.34' not found "
                           "(required by /tmp/larchvault)", 1),
              "note": "The boxes run Rocky Linux 8 with glibc 2.28, and a binary linked on "
                      "your Ubuntu 24.04 laptop wants newer symbols. cargo-zigbuild can link "
                      "against an older glibc if you put the version on the target triple.",
              "ok": bash("cargo zigbuild --release --target x86_64-unknown-linux-gnu.2.28 && "
                         "scp target/x86_64-unknown-linux-gnu/release/larchvault ddc01:/tmp/ && "
                         "ssh ddc01 /tmp/larchvault --version",
                         "   Compiling larchvault v0.9.3 (/home/dev/src/larchvault)\n    "
                         "Finished `release` profile [optimized] target(s) in 1m 52s\n"
                         "larchvault 0.9.3"),
              "done": "The binary linked against glibc 2.28 runs on ddc01.",
              "hint": "build it with `cargo zigbuild --release --target "
                      "x86_64-unknown-linux-gnu.2.28`, the boxes are rocky 8 with an old glibc",
              "script": (".gitlab-ci.yml",
                         "release:\n  stage: build\n  image: "
                         "ghcr.io/rust-cross/cargo-zigbuild:0.19\n  script:\n    - cargo "
                         "zigbuild --release --target x86_64-unknown-linux-gnu.2.28\n  "
                         "artifacts:\n    paths: [target/x86_64-unknown-linux-gnu/release/"
                         "larchvault]\n"),
              "histword": "cargo"}),
        Fact("env-port", "environment", ["8558"],
             ["which port should the editor's http derived data cache setting point at?",
              "what does the cache server listen on?"],
             "larchvault serves the editors and build agents over HTTP on port 8558 (listen = "
             "0.0.0.0:8558 in config/larchvault.toml, reached as "
             "http://ddc.pebblewright.local:8558); Prometheus metrics are on 127.0.0.1:9102, "
             "local only.",
             {"goal": "what port does the cache listen on for the editors? writing the "
                      "DefaultEngine.ini snippet for the new prototype project",
              "probe": [bash("grep -n -e listen config/larchvault.toml",
                             "3:listen = \"0.0.0.0:8558\"\n4:metrics_listen = "
                             "\"127.0.0.1:9102\"")],
              "confirm": "Editors and agents reach it over HTTP on port 8558 — "
                         "http://ddc.pebblewright.local:8558 (listen = 0.0.0.0:8558 in "
                         "config/larchvault.toml). Prometheus metrics are on 127.0.0.1:9102, "
                         "local to the box.",
              "aside": "rhodri is opening the firewall for the lisbon vpn and wants the exact "
                       "port — editors hit the cache on 8558 yeah? check the config",
              "guess": "the cache listens on 8080 like everything else here",
              "asked": "What host and port go in the editor's shared cache settings?"}),
        Fact("env-disk", "environment", ["/srv/ddc"],
             ["where on the cache boxes is the blob storage mounted?",
              "which volume fills up when the derived data cache server runs low on space?"],
             "larchvault keeps its blobs and RocksDB index on /srv/ddc (blob_dir "
             "/srv/ddc/blobs, index_dir /srv/ddc/index), a 7 TB md RAID0 of two NVMe drives "
             "on each cache box; eviction starts at 85% full (high_water = 0.85).",
             {"goal": "where do the blobs live on the cache boxes, and how much room is left?",
              "probe": [bash("grep -n -e _dir -e high_water config/larchvault.toml; ssh ddc01 "
                             "df -h /srv/ddc",
                             "7:blob_dir = \"/srv/ddc/blobs\"\n8:index_dir = "
                             "\"/srv/ddc/index\"\n9:high_water = 0.85\nFilesystem      Size  "
                             "Used Avail Use% Mounted on\n/dev/md0        7.0T  5.1T  1.9T  73% "
                             "/srv/ddc")],
              "confirm": "Blobs and the RocksDB index live on /srv/ddc — a 7 TB md RAID0 over "
                         "two NVMe drives, 73% used on ddc01 — and eviction starts at 85% "
                         "(high_water = 0.85).",
              "aside": "ddc01 is moaning about disk again. /srv/ddc is the nvme raid right? "
                       "check how full it is and where eviction kicks in",
              "guess": "the blobs sit on the big spinning-disk volume under /data",
              "asked": "Which disk is the cache data on, in case I ever need to free space?"}),
        Fact("gotcha-nagle", "gotcha", ["set_nodelay"],
             ["why do tiny cache reads take about 40 milliseconds each from the editor when "
              "the server handles them in under one?",
              "what did the cache server have to set on accepted connections so small "
              "responses aren't held back?"],
             "larchvault calls stream.set_nodelay(true) (TCP_NODELAY) on accepted connections: "
             "without it tiny cache reads took ~40 ms each from the editor while the server "
             "handled them in under 1 ms (Nagle plus Windows' delayed ACK held small responses "
             "back).",
             {"symptom": "small gets take a flat ~40ms each from the editor even though the "
                         "server logs say it answers in under a millisecond. big blobs are "
                         "fine. shader lookups at editor startup crawl",
              "trace": "server: GET /api/v1/refs/shaders/9f2c41  200  0.41ms\nserver: GET "
                       "/api/v1/refs/shaders/1a77e0  200  0.38ms\neditor: LogDerivedDataCache: "
                       "Verbose: Http: GET 9f2c41 -> 200 in 40.8 ms\neditor: "
                       "LogDerivedDataCache: Verbose: Http: GET 1a77e0 -> 200 in 41.2 ms",
              "probe": [bash(f"grep -n -e nodelay -e accept -e TcpListener {server}",
                             f"{server}:31:    let listener = TcpListener::bind(cfg.listen)"
                             f".await?;\n{server}:34:        let (stream, peer) = "
                             "listener.accept().await?;")],
              "explain": "That's Nagle plus delayed ACK. A small response goes out as two "
                         "writes (headers, then body); with Nagle on, the second write waits "
                         "for the client's ACK, and Windows delays its ACK by up to ~40 ms. "
                         "Big blobs fill whole segments so they never notice. The accepted "
                         "sockets need TCP_NODELAY: stream.set_nodelay(true) right after "
                         "accept.",
              "fix": [edit(server, "        let (stream, peer) = listener.accept().await?;\n",
                           "        let (stream, peer) = listener.accept().await?;\n        "
                           "stream.set_nodelay(true)?;\n")],
              "done": "Every accepted connection now has TCP_NODELAY; small GETs should come "
                      "back in about a millisecond plus the network.",
              "told": "its nagle. the accepted sockets don't have nodelay, needs "
                      "stream.set_nodelay(true) after accept",
              "repro": "./scripts/bench_small_gets.sh --count 200 --verbose 2>&1 | tail -60"}),
        Fact("gotcha-lock", "gotcha", ["KillMode"],
             ["why does the cache service crash-loop with a rocksdb lock error for a minute "
              "after every restart?",
              "what was wrong in the cache server's systemd unit file?"],
             "larchvault's systemd unit started a wrapper script with KillMode=process, so on "
             "restart the old server process kept running (draining) and held RocksDB's index "
             "LOCK; the new one crash-looped with 'While lock file: ./index/LOCK: Resource "
             "temporarily unavailable'. The unit now uses KillMode=control-group.",
             {"symptom": "after `systemctl restart larchvault` on ddc02 it crash loops for a "
                         "minute or two and then comes up by itself",
              "trace": "larchvault[41822]: Error: opening index\nlarchvault[41822]: Caused "
                       "by: IO error: While lock file: ./index/LOCK: Resource temporarily "
                       "unavailable\nsystemd[1]: larchvault.service: Main process exited, "
                       "code=exited, status=1/FAILURE\nsystemd[1]: larchvault.service: "
                       "Scheduled restart job, restart counter is at 4.",
              "probe": [bash("ssh ddc02 'systemctl cat larchvault | grep -n -e Kill -e "
                             "ExecStart; pgrep -af larchvault'",
                             "5:ExecStart=/usr/local/bin/larchvault-wrapper.sh\n"
                             "6:KillMode=process\n41790 /usr/local/bin/larchvault --config "
                             "/etc/larchvault.toml\n41822 /usr/local/bin/larchvault --config "
                             "/etc/larchvault.toml")],
              "explain": "The unit runs a wrapper script with KillMode=process, so on restart "
                         "systemd only signals the wrapper. The real server (41790 above) "
                         "keeps running while it drains connections, still holding RocksDB's "
                         "LOCK file, and every new instance fails until the old one exits. "
                         "With KillMode=control-group systemd stops the whole group before "
                         "starting the new one.",
              "fix": [bash("ssh ddc02 \"sudo sed -i 's/^KillMode=process/"
                           "KillMode=control-group/' /etc/systemd/system/larchvault.service && "
                           "sudo systemctl daemon-reload && sudo systemctl restart larchvault "
                           "&& systemctl is-active larchvault\"", "active"),
                      edit("deploy/larchvault.service", "KillMode=process\n",
                           "KillMode=control-group\n")],
              "done": "ddc02 now restarts cleanly, first try; the repo's unit file has the "
                      "same change so ddc01 gets it on the next deploy.",
              "told": "the unit has KillMode=process, so the old server is still alive "
                      "holding the rocksdb lock when the new one starts",
              "repro": "ssh ddc02 'sudo systemctl restart larchvault; sleep 30; journalctl -u "
                       "larchvault --since -1min --no-pager'"}),
        Fact("fals-sled", "falsified", ["sled"],
             ["could the cache index use a pure-rust embedded database instead of rocksdb?",
              "what happened the last time someone replaced rocksdb in the cache server?"],
             "larchvault: replacing the RocksDB index with sled, a pure-Rust embedded database, "
             "was tried and reverted last time: ~9x the disk, RAM ballooned, and a power cut "
             "corrupted it. The cache server stays on RocksDB.",
             {"ask": "swap the rocksdb index for sled — pure rust, no more 15 minute C++ "
                     "builds of librocksdb-sys",
              "change": [bash("cargo remove rocksdb && cargo add sled@0.34",
                              "    Removing rocksdb from dependencies\n      Adding sled "
                              "v0.34.7 to dependencies"),
                         edit("src/index.rs", "use rocksdb::{Options, DB};\n",
                              "use sled::Db;\n")],
              "broke": bash("cargo run --release --bin index-soak -- --keys 20000000",
                            "inserted 20000000 keys in 412 s\non-disk size: 61.4 GiB (rocksdb "
                            "baseline: 6.8 GiB)\nRSS peak: 23.9 GiB\nFAIL: space "
                            "amplification 9.0x", 1),
              "revert": bash("git checkout -- Cargo.toml Cargo.lock src/index.rs", ""),
              "conclusion": "Back on RocksDB. With sled the soak test took 61 GB on disk for 20 "
                            "million keys against 6.8 GB, and peaked at 24 GB of RAM. The slow "
                            "librocksdb-sys build is cached in CI anyway.",
              "want": "could we get rid of rocksdb? the C++ build of it takes forever",
              "offer": "sled is an embedded key-value store written in pure Rust — it would "
                       "drop the librocksdb-sys C++ build completely. Want me to try it?",
              "story": "yusuf put the index on sled in the first version. disk use blew up "
                       "~9x, it ate ram, and after one power cut the tree came back corrupted "
                       "and we lost the whole index. rocksdb ever since, the build time is the "
                       "price",
              "title": "Move the index back from sled to RocksDB"}),
        Fact("fals-h2c", "falsified", ["h2c"],
             ["should the cache server talk http/2 to the editors instead of 1.1?",
              "was multiplexing the cache traffic over a single connection ever tried?"],
             "larchvault: HTTP/2 cleartext (h2c) to the editors was tried and reverted; "
             "multiplexing over one connection stalled small lookups behind big blobs and "
             "throughput fell from 8.7 to 3.1 Gbit/s. The cache server stays on HTTP/1.1.",
             {"ask": "turn on http/2 cleartext (h2c) on the listener so the editors can "
                     "multiplex their requests over one connection",
              "change": [edit(server, "        let conn = http1::Builder::new()"
                                      ".serve_connection(io, svc);\n",
                              "        // h2c (prior knowledge) and http/1.1 on one port\n"
                              "        let conn = auto::Builder::new(TokioExecutor::new())"
                              ".serve_connection(io, svc);\n")],
              "broke": bash("./scripts/bench_farm_pull.sh --clients 24 --proto h2c",
                            "clients: 24  proto: h2c (prior knowledge)\nthroughput: 3.1 "
                            "Gbit/s  (http/1.1 baseline: 8.7 Gbit/s)\np99 small GET while a "
                            "2 GB blob streams on the same connection: 1840 ms\nFAIL", 1),
              "revert": bash(f"git checkout -- {server}", ""),
              "conclusion": "Reverted to HTTP/1.1. With h2c each client squeezed onto one TCP "
                            "connection: throughput fell from 8.7 to 3.1 Gbit/s and small GETs "
                            "queued behind big blobs (p99 1.8 s).",
              "want": "shouldn't the cache speak http/2 to the editors by now?",
              "offer": "hyper can serve HTTP/2 cleartext (h2c) next to 1.1, so the editors "
                       "could multiplex requests over one connection. Want me to turn it on?",
              "story": "we turned on h2c last winter. everything multiplexed over one tcp "
                       "connection per client so a 2gb pak blob stalled every tiny shader "
                       "lookup behind it, farm throughput more than halved. back to http/1.1 "
                       "with lots of connections",
              "title": "Revert h2c on the listener"}),
    ]
    chatter = [
        "2025-05-20T08:59:58.102Z  INFO larchvault::server: accepted peer=10.20.4.31:52110",
        "2025-05-20T08:59:58.104Z  INFO larchvault::http: GET /api/v1/refs/shaders/3b9e "
        "200 0.4ms",
        "2025-05-20T08:59:58.119Z  INFO larchvault::http: GET /api/v1/refs/shaders/c01d "
        "200 0.3ms",
        "2025-05-20T08:59:58.230Z  INFO larchvault::http: PUT /api/v1/refs/tex/77aa 201 "
        "2.1ms",
        "2025-05-20T08:59:59.001Z  INFO larchvault::evict: usage 73.1%, nothing to do",
        "2025-05-20T08:59:59.417Z  INFO larchvault::http: GET /api/v1/content/e4f2 200 "
        "18.2ms (41 MB)",
        "2025-05-20T09:00:00.000Z  INFO larchvault::metrics: hits=91.4% req/s=812",
        "2025-05-20T09:00:00.512Z  INFO larchvault::server: accepted peer=10.20.4.77:61022",
        "2025-05-20T09:00:00.530Z  INFO larchvault::http: GET /api/v1/refs/shaders/0f0f "
        "404 0.2ms",
        "2025-05-20T09:00:01.044Z  INFO larchvault::tier: moved 12 cold blobs to s3 (1.4 GB)",
        "2025-05-20T09:00:01.390Z  INFO larchvault::http: GET /api/v1/refs/mesh/91c3 200 "
        "0.5ms",
        "2025-05-20T09:00:02.007Z  INFO larchvault::index: compaction finished in 1.9s",
        "2025-05-20T09:00:02.660Z  INFO larchvault::http: HEAD /api/v1/refs/tex/aa01 200 "
        "0.1ms",
        "2025-05-20T09:00:03.120Z  INFO larchvault::server: closed peer=10.20.4.31:52110",
        "2025-05-20T09:00:03.500Z  INFO larchvault::metrics: hits=91.5% req/s=790",
    ]
    noise: list[Episode] = [
        look("what does the eviction loop do exactly", "src/evict.rs",
             "pub async fn run(state: Arc<State>) {\n    loop {\n        let usage = "
             "state.disk_usage()?;\n        if usage > state.cfg.high_water {\n            "
             "state.evict_lru(state.cfg.evict_batch).await;\n        }\n        "
             "sleep(Duration::from_secs(30)).await;\n    }\n}\n",
             "Every 30 seconds it checks disk usage and, above the high-water mark, evicts a "
             "batch of least-recently-used blobs."),
        find("where do we record hit/miss metrics", "counter!\\(\"larch_",
             ["src/http/refs.rs", "src/metrics.rs"],
             "src/metrics.rs registers them; refs.rs increments them per request."),
        tweak("log the peer address on 5xx responses", "src/http/mod.rs",
              "    error!(status = %status, \"request failed\");\n",
              "    error!(status = %status, peer = %peer, \"request failed\");\n",
              "5xx log lines now include the peer address."),
        run("is it up on both boxes", "for h in ddc01 ddc02; do ssh $h systemctl is-active "
            "larchvault; done", "active\nactive", "Active on both ddc01 and ddc02."),
        talk("tokio: when do i need spawn_blocking instead of just awaiting?",
             "Use spawn_blocking for work that blocks the thread without yielding — "
             "synchronous file or database calls, heavy CPU work like hashing a large blob. "
             "Awaiting only helps for futures that actually yield; blocking inside an async "
             "task stalls every other task on that worker thread."),
        steps("how much traffic did the cache serve yesterday",
              [bash("ssh ddc01 \"journalctl -u larchvault --since yesterday --until today "
                    "| grep -c 'GET /api'\"", "18204417")],
              "About 18.2 million GETs on ddc01 yesterday."),
        steps("check which crates are outdated",
              [agent("Outdated crates", "Run cargo outdated and summarise what's behind.",
                     "tokio 1.37 -> 1.38, hyper-util 0.1.5 -> 0.1.6, tracing-subscriber "
                     "0.3.17 -> 0.3.18; everything else is current.", "47d0ea92c1b8f356",
                     "general-purpose", 2)],
              "Three minor bumps: tokio, hyper-util and tracing-subscriber."),
        [Step(prompt="plan for adding a second region bucket for the lisbon office"),
         Step(tools=[todo_write([("Add a bucket namespace per office", "pending",
                                  "Adding the namespace"),
                                 ("Replicate hot shader refs nightly", "pending",
                                  "Adding replication"),
                                 ("Expose per-office hit rates", "pending",
                                  "Adding metrics")])]),
         Step(text="Namespace, nightly replication of hot refs, per-office metrics.")],
    ]
    return Project(
        "larchvault", "git@gitlab.pebblewright.games:tools/larchvault.git",
        {"README.md": "# larchvault\n\nShared DDC and build-artifact cache (Rust).\n",
         "docs/ops.md": "# larchvault ops\n\n## how to\n\n## onboarding\n",
         "docs/decisions.md": "# Decisions\n"},
        _equip(facts, mates=["Rhodri", "Fergus"], notes="docs/ops.md", chatter=chatter,
               naive=bash("cargo clean && cargo build --release",
                          "     Removed 4121 files, 2.3GiB total\n   Compiling larchvault v0.9.3 "
                          "(/home/dev/src/larchvault)\n    Finished `release` profile "
                          "[optimized] target(s) in 2m 03s"),
               chores=["answer Rhodri about the lisbon firewall",
                       "bump tokio to 1.38", "look at why compaction spikes at 3am",
                       "add the peer address to error logs"],
               history=["cargo build", "cargo clippy --all-targets -- -D warnings",
                        "cargo run -- --config config/dev.toml", "git pull --rebase",
                        "ssh ddc01", "cargo outdated", "docker compose up -d minio"],
               shell="dev@ws-tools03:~/src/larchvault$"),
        noise, "aws")


# ------------------------------------------------------------------- wrackline
def wrackline() -> Project:
    build = bash("dotnet build src/Wrackline -v q",
                 "  Wrackline -> /home/dev/src/wrackline/src/Wrackline/bin/Debug/net8.0/"
                 "Wrackline.dll\n\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)")
    queries = "src/Wrackline/Buckets/BucketQueries.cs"
    filer = "src/Wrackline/Jira/JiraFiler.cs"
    facts = [
        Fact("conv-sql", "convention", ["SqlText.Get"],
             ["i need a new dapper query for the crash service — where does the sql go?",
              "can i write the sql inline as a string in the c# repository class?"],
             "wrackline: new Dapper SQL goes in src/Wrackline/Sql/<Name>.sql as an embedded "
             "resource loaded with SqlText.Get(\"<Name>\"); no SQL written inline as strings in C#, "
             "because QA (Mei) review the .sql files.",
             {"task": "add a query for the top 20 buckets of a build with their crash counts, "
                      "for mei's dashboard",
              "rule": "no sql strings in the c#. the query goes in Sql/<Name>.sql as an "
                      "embedded resource and gets loaded with SqlText.Get(\"Name\"). mei "
                      "reviews the .sql files, she doesn't read c#",
              "contrary": edit(queries, "    // top buckets\n",
                               "    // top buckets\n    const string TopSql = @\"select "
                               "b.fingerprint, b.title, count(*) as crashes\n        from "
                               "crashes c join buckets b on b.id = c.bucket_id\n        where "
                               "c.build_cl = @cl group by b.id order by crashes desc limit "
                               "20\";\n"),
              "follow": [bash("cat > src/Wrackline/Sql/TopBucketsForBuild.sql <<'EOF'\n"
                              "select b.fingerprint, b.title, count(*) as crashes\nfrom "
                              "crashes c\njoin buckets b on b.id = c.bucket_id\nwhere "
                              "c.build_cl = @cl\ngroup by b.id\norder by crashes desc\nlimit "
                              "20;\nEOF", ""),
                         edit(queries, "    // top buckets\n",
                              "    // top buckets\n    public Task<IEnumerable<BucketCount>> "
                              "TopForBuild(int cl) =>\n        _db.QueryAsync<BucketCount>("
                              "SqlText.Get(\"TopBucketsForBuild\"), new { cl });\n"), build],
              "done": "The query lives in Sql/TopBucketsForBuild.sql (picked up as an embedded "
                      "resource) and BucketQueries.TopForBuild loads it with "
                      "SqlText.Get(\"TopBucketsForBuild\").",
              "doc": ("src/Wrackline/Sql/README.md",
                      "# SQL\n\nEvery query lives here as `<Name>.sql` (an EmbeddedResource, "
                      "see the csproj) and is\nloaded with `SqlText.Get(\"<Name>\")`. No SQL "
                      "string literals in C# - QA review the\n.sql files directly.\n"),
              "grep": "QueryAsync",
              "found": "src/Wrackline/Sql/README.md: every query is a <Name>.sql embedded "
                       "resource loaded with SqlText.Get(\"<Name>\"); no SQL strings in C#, "
                       "because QA review the .sql files."}),
        Fact("conv-jira", "convention", ["wl-auto"],
             ["which jira project and label should automatically filed crash tickets get?",
              "can the crash service open bugs directly on the game team's board?"],
             "wrackline files automatic crash tickets only into the Jira TRIAGE project with "
             "the wl-auto label (docs/jira.md); nothing automatic goes onto Tidecaller's TC "
             "board - Mei's QA team moves real bugs there by hand.",
             {"task": "when a bucket passes 25 crashes in a playtest build, file a jira ticket "
                      "for it automatically",
              "rule": "anything the service files goes to the TRIAGE project with the wl-auto "
                      "label. never straight onto the TC board, mei's team decides what "
                      "becomes a real bug",
              "contrary": edit(filer, "        var fields = new {\n",
                               "        var fields = new {\n            project = new { key = "
                               "\"TC\" },\n            issuetype = new { name = \"Bug\" },\n"),
              "follow": [edit(filer, "        var fields = new {\n",
                              "        var fields = new {\n            project = new { key = "
                              "\"TRIAGE\" },\n            issuetype = new { name = \"Task\" },"
                              "\n            labels = new[] { \"wl-auto\", "
                              "$\"bucket-{bucket.ShortId}\" },\n"), build],
              "done": "Buckets past 25 crashes in a playtest build get a TRIAGE ticket "
                      "labelled wl-auto (plus bucket-<id>); nothing is filed on TC.",
              "doc": ("docs/jira.md",
                      "# Jira\n\nThe service only ever files into the TRIAGE project and tags "
                      "every issue `wl-auto`.\nQA move real bugs to the TC board by hand; "
                      "nothing automatic lands on TC.\n"),
              "grep": "issuetype",
              "found": "docs/jira.md: the service only files into TRIAGE and tags every issue "
                       "wl-auto; QA move real bugs to TC by hand."}),
        Fact("cmd-ryuk", "command", ["TESTCONTAINERS_RYUK_DISABLED"],
             ["the crash service's integration tests can't start ryuk on the podman dev vm — "
              "how do i run them?",
              "what environment variable do the container-based tests need on our dev box?"],
             "wrackline's integration tests need TESTCONTAINERS_RYUK_DISABLED=true on the "
             "rootless-Podman dev VM: `TESTCONTAINERS_RYUK_DISABLED=true dotnet test "
             "tests/Wrackline.IntegrationTests` (scripts/it.sh); otherwise Testcontainers can't "
             "start Ryuk.",
             {"goal": "run the integration tests, i changed the bucket upsert",
              "fail": bash("dotnet test tests/Wrackline.IntegrationTests",
                           "[testcontainers.org] Docker endpoint: "
                           "unix:///run/user/1000/podman/podman.sock\n[testcontainers.org] "
                           "Start Ryuk container testcontainers/ryuk:0.9.0\n  Failed "
                           "Wrackline.IntegrationTests.BucketUpsertTests.MergesSameFingerprint "
                           "[3 s]\n  Error Message:\n   ResourceReaperException: Initialization "
                           "has been cancelled.\nFailed!  - Failed: 9, Passed: 0, Skipped: 0, "
                           "Total: 9", 1),
              "note": "The dev VM runs rootless Podman, which won't start Ryuk, Testcontainers' "
                      "privileged cleanup container. Ryuk can be switched off with an "
                      "environment variable; the tests dispose their containers themselves.",
              "ok": bash("TESTCONTAINERS_RYUK_DISABLED=true dotnet test "
                         "tests/Wrackline.IntegrationTests",
                         "[testcontainers.org] Docker endpoint: "
                         "unix:///run/user/1000/podman/podman.sock\nPassed!  - Failed: 0, "
                         "Passed: 9, Skipped: 0, Total: 9, Duration: 41 s"),
              "done": "All 9 integration tests pass, upsert change included.",
              "hint": "on the podman vm you need TESTCONTAINERS_RYUK_DISABLED=true in front of "
                      "dotnet test",
              "script": ("scripts/it.sh",
                         "#!/usr/bin/env bash\n# integration tests; rootless podman can't run "
                         "ryuk\nset -euo pipefail\nexport DOCKER_HOST=unix:///run/user/$(id "
                         "-u)/podman/podman.sock\nexport TESTCONTAINERS_RYUK_DISABLED=true\n"
                         "dotnet test tests/Wrackline.IntegrationTests \"$@\"\n"),
              "histword": "dotnet"}),
        Fact("cmd-stackwalk", "command", ["--symbols-url"],
             ["how do i get a readable stack out of a crash dump by hand when the ticket only "
              "shows raw addresses?",
              "the pdb share isn't mounted on the triage vm — how does minidump-stackwalk "
              "find the game's debug info?"],
             "wrackline: to get a readable stack from a crash dump by hand run `minidump-stackwalk"
             " --symbols-url http://pw-symbols.pebblewright.local/ UEMinidump.dmp`; the PDB/symbol"
             " share isn't mounted on the triage VM, so --symbols-path fails.",
             {"goal": "re-symbolicate crash 5f0e21c4 by hand, the stack in the ticket is all "
                      "raw addresses",
              "fail": bash("minidump-stackwalk --symbols-path /mnt/symbols "
                           "crashes/5f0e21c4/UEMinidump.dmp",
                           "error: /mnt/symbols: No such file or directory (os error 2)", 1),
              "note": "The symbol share isn't mounted on this VM — symbols are served over "
                      "HTTP by the symbol server in symstore layout, and minidump-stackwalk "
                      "can fetch from it directly.",
              "ok": bash("minidump-stackwalk --symbols-url http://pw-symbols.pebblewright.local/ "
                         "crashes/5f0e21c4/UEMinidump.dmp | head -6",
                         "Operating system: Windows NT 10.0.22631\nCrash reason:  "
                         "EXCEPTION_ACCESS_VIOLATION_READ\n\nThread 0 (crashed)\n 0  "
                         "Tidecaller-Win64-Shipping.exe!UTideSimComponent::TickComponent("
                         "float, ELevelTick, FActorComponentTickFunction*) "
                         "[TideSimComponent.cpp : 212 + 0x1a]\n 1  "
                         "Tidecaller-Win64-Shipping.exe!FActorComponentTickFunction::"
                         "ExecuteTick [ActorComponent.cpp : 1107 + 0x0]"),
              "done": "Symbolicated: an access violation in UTideSimComponent::TickComponent, "
                      "TideSimComponent.cpp line 212.",
              "hint": "the symbols aren't mounted on the vm, use `--symbols-url "
                      "http://pw-symbols.pebblewright.local/`",
              "script": ("src/Wrackline/Symbolication/StackwalkRunner.cs",
                         "    var args = new[] {\n        \"--json\",\n        "
                         "\"--symbols-url\", _options.SymbolServer,  // "
                         "http://pw-symbols.pebblewright.local/\n        dumpPath,\n    };\n"),
              "histword": "stackwalk"}),
        Fact("env-crcurl", "environment", ["crash.pebblewright.local"],
             ["what address does unreal's crash reporter upload to for our game?",
              "which DataRouterUrl is configured in the playtest builds?"],
             "Tidecaller's CrashReportClient uploads to wrackline at "
             "https://crash.pebblewright.local/api/receive (DataRouterUrl in the "
             "[CrashReportClient] section of deploy/DefaultEngine.crc.ini, "
             "bAgreeToCrashUpload=true).",
             {"goal": "what url does the game's crash reporter send to? need it for the new "
                      "ps5 devkit config",
              "probe": [bash("grep -n -A2 'CrashReportClient' deploy/DefaultEngine.crc.ini",
                             "1:[CrashReportClient]\n2:DataRouterUrl=\"https://"
                             "crash.pebblewright.local/api/receive\"\n3:bAgreeToCrashUpload="
                             "true")],
              "confirm": "CrashReportClient posts to https://crash.pebblewright.local/api/"
                         "receive — DataRouterUrl under [CrashReportClient] in "
                         "deploy/DefaultEngine.crc.ini, which the game's config includes — and "
                         "uploads without asking (bAgreeToCrashUpload=true).",
              "aside": "mei says crashes from the lisbon playtest aren't arriving. CRC posts to "
                       "crash.pebblewright.local/api/receive, yes? check what the ini really "
                       "says",
              "guess": "the crash reporter posts straight to the vm's ip on port 5000",
              "asked": "Where does the game send its crash reports?"}),
        Fact("env-vm", "environment", ["crashvm02"],
             ["which vm hosts the crash triage service?",
              "where would i ssh to restart the crash report receiver?"],
             "The crash triage service (wrackline, the crash report receiver) is hosted on the VM "
             "crashvm02: ssh there to restart it; it runs as docker compose in /opt/wrackline (the"
             " old crashvm01 is retired).",
             {"goal": "which machine does the crash service run on? rhodri is patching vms "
                      "tonight and wants to know what he's about to reboot",
              "probe": [bash("cat deploy/hosts.ini; grep -n compose deploy/deploy.sh",
                             "[wrackline]\ncrashvm02.pebblewright.local ansible_user=deploy\n"
                             "6:ssh deploy@crashvm02 'cd /opt/wrackline && docker compose pull "
                             "&& docker compose up -d'")],
              "confirm": "It runs on crashvm02 (Ubuntu 22.04) as a docker compose stack in "
                         "/opt/wrackline — the API, the stackwalk worker and Postgres; "
                         "deploy/deploy.sh pulls and restarts it there.",
              "aside": "bumping the worker count on crashvm02 — thats still where the compose "
                       "stack runs, in /opt/wrackline? verify",
              "guess": "the crash service is still on the old crashvm01",
              "asked": "Which server is the crash service on, and where is it installed?"}),
        Fact("gotcha-bodysize", "gotcha", ["MaxRequestBodySize"],
             ["why do big full-memory crash dumps from the devkits never arrive while normal "
              "crashes do?",
              "what limit did we have to raise in kestrel for large crash uploads?"],
             "wrackline: full-memory dumps from devkits never arrived because Kestrel's "
             "default MaxRequestBodySize (30,000,000 bytes, ~30 MB) rejected them with 413 "
             "and CrashReportClient silently kept them queued. /api/receive now has a 1 GB "
             "request size limit; other endpoints keep the default.",
             {"symptom": "crashes from the devkits with full memory dumps never show up. normal "
                         "player crashes arrive fine",
              "trace": "info: Microsoft.AspNetCore.Server.Kestrel[17]\n      Connection id "
                       "\"0HN3KQ1\" bad request data: \"Request body too large. The max "
                       "request body size is 30000000 bytes.\"\n"
                       "Microsoft.AspNetCore.Server.Kestrel.Core.BadHttpRequestException: "
                       "Request body too large.",
              "probe": [bash("grep -rn -i -e kestrel -e RequestSizeLimit src/Wrackline/"
                             "Program.cs src/Wrackline/appsettings.json || echo 'no limits "
                             "configured'", "no limits configured")],
              "explain": "Kestrel caps request bodies at 30,000,000 bytes unless told "
                         "otherwise, and answers 413 to anything bigger before our endpoint "
                         "ever runs. Full-memory dumps from the devkits are hundreds of MB, so "
                         "they're refused, and CrashReportClient just keeps them queued on the "
                         "devkit without telling anyone. The receive endpoint needs a larger "
                         "MaxRequestBodySize — set per endpoint, so the rest of the API keeps "
                         "the default.",
              "fix": [edit("src/Wrackline/Program.cs",
                           "app.MapPost(\"/api/receive\", ReceiveEndpoint.Handle);\n",
                           "app.MapPost(\"/api/receive\", ReceiveEndpoint.Handle)\n   "
                           ".WithMetadata(new RequestSizeLimitAttribute(1_073_741_824));\n"),
                      build],
              "done": "/api/receive now accepts bodies up to 1 GB; every other endpoint keeps "
                      "Kestrel's 30 MB default.",
              "told": "kestrel's default MaxRequestBodySize is 30mb, the full dumps are way "
                      "bigger and get a 413",
              "repro": "docker compose logs --tail 80 api"}),
        Fact("gotcha-encoding", "gotcha", ["UTF-16"],
             ["why do some crash reports fail with 'Data at the root level is invalid' when "
              "the context xml is parsed?",
              "what text encoding can the crash reporter's context file be in that broke our "
              "parser?"],
             "Some CrashContext.runtime-xml files from CrashReportClient are UTF-16 LE with a "
             "BOM (FF FE); wrackline's ContextParser forced a UTF-8 StreamReader and failed "
             "with 'Data at the root level is invalid. Line 1, position 1.' It now hands "
             "XmlReader the raw stream so the encoding is detected from the BOM.",
             {"symptom": "a chunk of reports are stuck in 'unparsed', all with the same error "
                         "from the context parser",
              "trace": "fail: Wrackline.Ingest.ContextParser[0]\n      Failed to parse "
                       "CrashContext.runtime-xml for report 7c41e0\n      "
                       "System.Xml.XmlException: Data at the root level is invalid. Line 1, "
                       "position 1.\n         at System.Xml.XmlTextReaderImpl.Throw("
                       "Exception e)\n         at Wrackline.Ingest.ContextParser.Parse("
                       "Stream raw)",
              "probe": [bash("head -c 16 crashes/7c41e0/CrashContext.runtime-xml | xxd",
                             "00000000: fffe 3c00 3f00 7800 6d00 6c00 2000 7600  "
                             "..<.?.x.m.l. .v."),
                        bash("grep -n StreamReader src/Wrackline/Ingest/ContextParser.cs",
                             "18:        using var text = new StreamReader(raw, "
                             "Encoding.UTF8);")],
              "explain": "Those files are UTF-16 little-endian — the FF FE byte-order mark at "
                         "the start — which is how CrashReportClient writes them on some "
                         "machines. ContextParser wraps the stream in a StreamReader forced "
                         "to UTF-8, so the XML reader sees garbage at position 1. Given the "
                         "raw stream, XmlReader reads the BOM and picks the encoding itself.",
              "fix": [edit("src/Wrackline/Ingest/ContextParser.cs",
                           "        using var text = new StreamReader(raw, Encoding.UTF8);\n"
                           "        var doc = XDocument.Load(text);\n",
                           "        // CRC writes UTF-16LE on some machines; let XmlReader "
                           "read the BOM\n        using var reader = XmlReader.Create(raw);\n"
                           "        var doc = XDocument.Load(reader);\n"), build],
              "done": "The parser lets the XML reader detect the encoding now; the stuck "
                      "reports can be re-queued.",
              "told": "those context xmls are utf-16 with a BOM and we force utf8 in the "
                      "StreamReader",
              "repro": "dotnet run --project src/Wrackline.Cli -- reparse --state unparsed "
                       "2>&1 | tail -70"}),
        Fact("fals-sentry", "falsified", ["Sentry"],
             ["why do we run our own crash triage service instead of an off-the-shelf crash "
              "reporting product?",
              "was an existing error-tracking platform ever tried for the game's crashes?"],
             "Sentry, an off-the-shelf error-tracking / crash reporting product, was tried "
             "(self-hosted) for the game's crashes and dropped: ~40 containers fell over on a 16 "
             "GB VM and PDB uploads timed out, so we run our own crash triage service, wrackline.",
             {"ask": "spin up self-hosted sentry next to the service and forward the "
                     "minidumps to it, see if its grouping beats ours",
              "change": [bash("git clone -q https://github.com/getsentry/self-hosted.git "
                              "/opt/sentry && cd /opt/sentry && ./install.sh "
                              "--skip-user-prompt",
                              "▶ Parsing command line ...\n▶ Creating volumes for persistent "
                              "storage...\n▶ Bootstrapping and migrating Snuba ...\n▶ Setting "
                              "up / migrating database ...\nYou're all done! Run the "
                              "following command to get Sentry running:\n\n  docker compose "
                              "up -d")],
              "broke": bash("cd /opt/sentry && docker compose up -d && sleep 120 && free -g | "
                            "head -2 && docker compose ps --status exited --format "
                            "'{{.Name}}'",
                            "              total        used        free\nMem:             "
                            "16          15           0\nsentry-self-hosted-kafka-1\n"
                            "sentry-self-hosted-clickhouse-1\nsentry-self-hosted-snuba-api-1\n"
                            "(9 containers exited, OOM killed)", 1),
              "revert": bash("cd /opt/sentry && docker compose down -v && rm -rf /opt/sentry",
                             ""),
              "conclusion": "Torn down again. Self-hosted Sentry wanted nearly 40 containers "
                            "(Kafka, ClickHouse, Snuba…) and on a 16 GB VM nine of them were "
                            "OOM-killed within two minutes. Our own triage service stays.",
              "want": "why don't we just use sentry for the crashes like everyone else?",
              "offer": "Sentry can ingest Unreal minidumps and does its own grouping and "
                       "symbolication. Want me to stand up self-hosted Sentry to compare?",
              "story": "yusuf tried self-hosted sentry in 2023. 40-odd containers, kafka and "
                       "clickhouse on a 16gb vm, fell over every other day, and uploading our "
                       "3gb pdbs timed out. saas is out because the publisher won't let dumps "
                       "leave the building. hence this service",
              "title": "Remove the self-hosted Sentry experiment"}),
        Fact("fals-fuzzy", "falsified", ["Levenshtein"],
             ["could the triage service automatically merge crash groups whose stacks are "
              "almost identical?",
              "did we ever do fuzzy matching of call stacks to combine buckets?"],
             "Auto-merging wrackline crash buckets whose top frames were within a small "
             "Levenshtein edit distance was tried and reverted: it glued unrelated crashes "
             "together (a component's Tick and BeginPlay crashes; 41 of 60 QA-labelled pairs "
             "wrong). Buckets stay exact fingerprints and QA merge by hand.",
             {"ask": "merge near-duplicate buckets automatically — if two buckets' top frames "
                     "are within levenshtein distance 3, fold them together",
              "change": [edit("src/Wrackline/Buckets/Fingerprinter.cs",
                              "    public Bucket Assign(Crash crash) {\n",
                              "    public Bucket Assign(Crash crash) {\n        var near = "
                              "_buckets.FirstOrDefault(b =>\n            "
                              "Levenshtein.Distance(b.TopFrames, crash.TopFrames) <= 3);\n"
                              "        if (near is not null) return near;\n")],
              "broke": bash("dotnet run --project src/Wrackline.Cli -- rebucket --dry-run "
                            "--build 418227",
                            "buckets before: 312\nbuckets after: 97\nmerged "
                            "'UTideSimComponent::TickComponent' into "
                            "'UTideSimComponent::BeginPlay' (distance 3)\nmerged "
                            "'FNiagaraSystemInstance::Tick' into "
                            "'FNiagaraSystemInstance::Init' (distance 3)\nQA-labelled pairs "
                            "wrongly merged: 41 of 60\nFAIL", 1),
              "revert": bash("git checkout -- src/Wrackline/Buckets/Fingerprinter.cs", ""),
              "conclusion": "Reverted. The dry run folded 312 buckets into 97, and 41 of QA's "
                            "60 hand-labelled pairs were merged wrongly — Tick and BeginPlay "
                            "of one component are a few edits apart but different bugs. "
                            "Levenshtein merging is out; buckets stay exact fingerprints.",
              "want": "can we auto-merge crash buckets that look almost the same?",
              "offer": "We could fold together buckets whose top frames are within a small "
                       "edit distance (Levenshtein) of each other. Want me to add that?",
              "story": "we had levenshtein merging of buckets for a month. it glued tick and "
                       "beginplay crashes of the same component together and mei's team "
                       "spent a week splitting them apart again. exact fingerprints only, qa "
                       "merge by hand",
              "title": "Revert Levenshtein bucket merging"}),
    ]
    chatter = [
        "info: Microsoft.Hosting.Lifetime[14]",
        "      Now listening on: http://[::]:8080",
        "info: Microsoft.Hosting.Lifetime[0]",
        "      Application started. Press Ctrl+C to shut down.",
        "info: Wrackline.Ingest.ReceiveEndpoint[0]",
        "      received report 3a91d2 (2.4 MB) from 10.20.6.114",
        "info: Wrackline.Worker.StackwalkWorker[0]",
        "      stackwalk 3a91d2 done in 1840 ms, 38 frames",
        "info: Wrackline.Buckets.Fingerprinter[0]",
        "      report 3a91d2 -> bucket 5b0e (existing, now 212 crashes)",
        "info: Wrackline.Ingest.ReceiveEndpoint[0]",
        "      received report 8f02aa (1.9 MB) from 10.20.6.121",
        "info: Wrackline.Worker.StackwalkWorker[0]",
        "      stackwalk 8f02aa done in 1612 ms, 41 frames",
        "info: Wrackline.Buckets.Fingerprinter[0]",
        "      report 8f02aa -> bucket c7d1 (new)",
    ]
    noise: list[Episode] = [
        look("what does the fingerprint use", "src/Wrackline/Buckets/Fingerprinter.cs",
             "    // top five frames in game modules, offsets and template args stripped\n"
             "    static string Key(IEnumerable<Frame> frames) => string.Join(\"|\", frames\n"
             "        .Where(f => f.Module.StartsWith(\"Tidecaller\"))\n        .Take(5)\n"
             "        .Select(f => StripTemplateArgs(f.Function)));\n",
             "The top five frames from the game's own modules, with offsets and template "
             "arguments stripped, joined with '|'."),
        find("where do we call jira", "JiraClient", ["src/Wrackline/Jira/JiraClient.cs",
                                                     "src/Wrackline/Jira/JiraFiler.cs"],
             "JiraClient.cs wraps the REST calls; JiraFiler.cs is the only caller."),
        tweak("bump the stackwalk worker count from 2 to 4", "src/Wrackline/appsettings.json",
              "    \"StackwalkWorkers\": 2,\n", "    \"StackwalkWorkers\": 4,\n",
              "Four stackwalk workers now."),
        run("how many reports are waiting to be processed", "curl -s "
            "localhost:8080/api/health | jq .queueDepth", "17",
            "17 reports are queued for stackwalking."),
        talk("c#: when should i use ValueTask instead of Task",
             "Use ValueTask when a method usually completes synchronously (a cache hit, say) "
             "and is called very often, to avoid allocating a Task each time. Otherwise stick "
             "to Task: a ValueTask must only be awaited once and is easy to misuse."),
        steps("which builds had the most crashes this week",
              [bash("psql -h localhost -U wrackline -c \"select build_cl, count(*) from "
                    "crashes where received_at > now() - interval '7 days' group by 1 order "
                    "by 2 desc limit 3\"",
                    " build_cl | count \n----------+-------\n   418227 |  1210\n   417954 |"
                    "   688\n   417601 |   402\n(3 rows)")],
              "CL 418227 leads with 1,210 crashes, then 417954 and 417601."),
        steps("check the repo for places that swallow exceptions",
              [agent("Find swallowed exceptions", "Look for catch blocks in src/ that neither "
                     "log nor rethrow.",
                     "Two: JiraFiler.cs line 88 (catch (HttpRequestException) { }) and "
                     "ThumbnailCache.cs line 31. Everything else logs or rethrows.",
                     "5c2e9b1d84f07a63", "Explore", 4)],
              "Two empty catch blocks: JiraFiler.cs:88 and ThumbnailCache.cs:31."),
        [Step(prompt="what do we need for the playtest on thursday"),
         Step(tools=[todo_write([("Make sure the playtest build's symbols are uploaded",
                                  "pending", "Checking symbols"),
                                 ("Clear the unparsed queue", "pending", "Clearing the queue"),
                                 ("Send Mei the dashboard link", "pending",
                                  "Sending the link")])]),
         Step(text="Symbols uploaded, unparsed queue cleared, dashboard link to Mei.")],
    ]
    return Project(
        "wrackline", "git@gitlab.pebblewright.games:tools/wrackline.git",
        {"README.md": "# wrackline\n\nCrash-report triage for Tidecaller (.NET 8).\n",
         "docs/runbook.md": "# wrackline runbook\n\n## how to\n\n## onboarding\n",
         "docs/decisions.md": "# Decisions\n"},
        _equip(facts, mates=["Mei", "Fergus"], notes="docs/runbook.md", chatter=chatter,
               naive=bash("dotnet clean && dotnet build -v q",
                          "Build succeeded.\n    0 Warning(s)\n    0 Error(s)"),
               chores=["send Mei the top-crash list for the playtest build",
                       "bump the stackwalk worker count", "look at the empty catch in "
                       "JiraFiler", "reply to Bex about the crash dashboard"],
               history=["dotnet build", "dotnet run --project src/Wrackline",
                        "docker compose logs -f api", "git pull --rebase",
                        "dotnet format", "minidump-stackwalk --help"],
               shell="dev@wrackline-dev:~/src/wrackline$"),
        noise, "postgres")


def projects() -> list[Project]:
    return [cairnkiln(), thimblefen(), larchvault(), wrackline()]
