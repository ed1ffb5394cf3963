"""The ``dev31`` split, "a freelancer's fortnight across four client repos": four projects,
ten planted facts each.

Written in the twentieth pass by a helper that read no rlat code; to be read untuned.

One freelance consultant keeps four clients going at once and switches repository several
times a day. They type tersely, in lower case, and are sometimes wrong: they suggest the
command that doesn't work, "remember" a port or a host that the assistant then checks and
corrects, or paste a long wall of log with the one line that matters buried in it. Each client
has its own people (a contact who emails requests, a reviewer who leaves comments on pull
requests) and its own house rules, which the consultant relays. The durable facts arrive in
the ways such a fortnight brings them: a house rule added halfway through a request, stated
after reading the assistant's diff, picked as the answer to the assistant's question, found
in the client's handbook, or quoted from a reviewer's comment; a command that fails and the
one that works (read from a script, remembered by the user after their own wrong suggestion,
found in their shell history, or fixed after a long pasted log); an environment fact read out
of config or a live box (sometimes correcting the user's wrong memory, sometimes noticed on
the side, sometimes written into the client's handover notes); a gotcha (diagnosed from a
pasted log, confirmed from the user's hunch, found by a subagent during an early-morning
page, or explained in a commit message for "future me"); and an approach that was tried and
backed out, in the session or recounted from an earlier engagement (to the assistant, in a
rejected plan, or in a reply to the client's email).

The projects: osierbank, the schedule and music-royalty reporting app of a community radio
station (OCaml 5, Dream, Caqti with ppx_rapper, dune, an opam switch, a VPS behind Caddy);
quoitfield, a daemon on Raspberry Pis in a farm's barns that polls climate sensors over
Modbus RTU / RS-485 and publishes to MQTT (Zig, cross-compiled); marlpit, the appointment and
recall admin of a small group of dental practices (Laravel 11, Livewire 3, Horizon on Redis,
managed MySQL, Envoy deploys); and sallowmere, a charity's infrastructure repository
(Terraform on Hetzner Cloud, Ansible roles for Debian hosts, Nextcloud behind Caddy, restic
backups).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (an Edit doing it the other way), ``follow``,
  ``done``, ``doc`` (``(path, text)``: the client's handbook), ``found`` (the assistant's
  summary of it), ``review`` (the client reviewer's comment);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the user's words once they
  remember), ``script`` (``(path, text)`` holding the working command);
* environment - ``goal``, ``probe``, ``confirm``, ``guess`` (the user's wrong belief),
  ``while`` (a nearby ask and its answer);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``told`` (the user's hunch),
  ``fix``, ``done``, ``title``;
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want``, ``offer``,
  ``story`` (the user's account of the earlier attempt).

Every fact also carries its project's ``client`` (how the user names the client), ``contact``
and ``reviewer`` (the client's people), ``chatter`` (ordinary log lines the user's pastes are
padded with), ``handover`` (the notes file for the client) and ``history`` (other commands in
the user's shell history).
"""

from __future__ import annotations

import difflib
import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import (
    REJECTED,
    agent,
    ask_user,
    bash,
    edit,
    exit_plan,
    grep,
    read,
    refused,
    todo_write,
    write,
)
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _noisy(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` buried in a long paste of ordinary log lines."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(9, 14))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(3, len(lines) - 2)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _diff(tool) -> str:
    """What ``git diff`` prints for an Edit (the assistant's contrary change)."""
    body = difflib.unified_diff(tool.old.splitlines(), tool.new.splitlines(),
                                f"a/{tool.path}", f"b/{tool.path}", lineterm="")
    return f"diff --git a/{tool.path} b/{tool.path}\n" + "\n".join(body)


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_midway(s: dict, rng: random.Random) -> Episode:
    """The rule is added after the assistant has said how it will go about the task."""
    plan = _pick(rng, "Let me look at how the neighbouring code does it, then make the change.",
                 "I'll make the change and build.", "Starting with the smallest change that "
                 "does it.")
    add = _pick(rng, "oh wait, before you start: {rule}", "one thing — {rule}",
                "forgot to say, this is {client}'s repo so: {rule}",
                "hold on. {rule}")
    return [Step(prompt=s["task"]), Step(text=plan),
            Step(prompt=add.format(rule=s["rule"], client=s["client"])),
            Step(text=_pick(rng, "Noted.", "OK, that way then.", ""), tools=s["follow"]),
            Step(text=s["done"])]


def conv_diff_review(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way; the user reads the diff and states the rule."""
    contrary = s["contrary"]
    nope = _pick(rng, "nope. {rule}", "no, {reviewer} would reject that. {rule}",
                 "redo it: {rule}", "that's not how it's done in this repo. {rule}")
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Done, small change.", "Here it is.", ""), tools=[contrary]),
            Step(prompt=_pick(rng, "show me the diff", "diff?", "git diff pls")),
            Step(tools=[bash("git diff", _diff(contrary))]),
            Step(prompt=nope.format(rule=s["rule"], reviewer=s["reviewer"])),
            Step(text=_pick(rng, "Right — reworking it.", "Understood, redoing it that way.",
                            "Fair. Changing it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_handbook(s: dict, rng: random.Random) -> Episode:
    """The assistant finds the rule in the client's handbook; the user confirms tersely."""
    path, text = s["doc"]
    ok = _pick(rng, "yep. {client}'s rules, not mine, but follow them",
               "yes that's current", "correct. {reviewer} enforces it",
               "yeah. do it like that")
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Checking the repo's own notes before changing anything.",
                            "This client has a handbook in the repo — reading it first.", ""),
                 tools=[read(path, text)]),
            Step(text=f"{s['found']} {_pick(rng, 'I will follow that.', 'Still accurate?')}"),
            Step(prompt=ok.format(client=s["client"], reviewer=s["reviewer"])),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_pr_comment(s: dict, rng: random.Random) -> Episode:
    """The user relays the client reviewer's comment from a previous pull request."""
    lead = _pick(rng, "{task}. and {reviewer} left this on my last PR, so do it their way "
                      "this time:", "{task}\n\nfrom {reviewer}'s review last week, apply it "
                                    "here too:",
                 "{task}. context, {reviewer}'s comment on the previous PR:")
    return [Step(prompt=lead.format(task=s["task"], reviewer=s["reviewer"])
                 + f"\n\n> {s['review']}"),
            Step(text=_pick(rng, "Following the review comment.", "Doing it the way the "
                            "reviewer asked.", ""), tools=s["follow"]),
            Step(text=s["done"])]


def conv_asked(s: dict, rng: random.Random) -> Episode:
    """The assistant asks which way; the user types the rule as the answer."""
    return [Step(prompt=s["task"]),
            Step(text="Before I write it, one question.",
                 tools=[ask_user("How should this be done in this codebase?", "Approach",
                                 [("Quick inline change", "Smallest diff, right where it's "
                                                          "needed"),
                                  ("Match existing code", "Copy whatever the nearest code "
                                                          "does")],
                                 s["rule"])]),
            Step(tools=s["follow"]), Step(text=s["done"])]


# command
def cmd_script(s: dict, rng: random.Random) -> Episode:
    path, text = s["script"]
    lead = _pick(rng, "That isn't it. Looking for how the repo expects it to be run.",
                 "Failed. Checking the repo before trying anything else.", "")
    word = s["ok"].command.split()[0]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=lead, tools=[grep(word, [path]), read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_user_wrong(s: dict, rng: random.Random) -> Episode:
    """The user suggests the command that fails, then remembers the right one."""
    fail = s["fail"]
    says = _pick(rng, "{goal}. just run `{c}`", "{goal} — `{c}` should do it",
                 "{goal}, it's `{c}` i think").format(goal=s["goal"], c=fail.command)
    then = _pick(rng, "ugh right, forgot. {hint}", "ah no sorry, my bad. {hint}",
                 "oh yeah that never works. {hint}")
    return [Step(prompt=says), Step(tools=[fail]),
            Step(text=_pick(rng, "That didn't work (output above).", "It fails — see the "
                            "error.", "No luck with that one.")),
            Step(prompt=then.format(hint=s["hint"])),
            Step(tools=[s["ok"]]), Step(text=f"{s['note']} {s['done']}")]


def cmd_long_paste(s: dict, rng: random.Random) -> Episode:
    """The user pastes a long terminal scrollback with the failure in it."""
    fail = s["fail"]
    lead = _pick(rng, "{goal}. tried myself, here's the whole scrollback:",
                 "{goal}. my attempt (`{c}`), sorry it's long:",
                 "{goal} — doesn't work:")
    keep = sorted(rng.sample(range(len(s["chatter"])), rng.randint(6, 10)))
    before = "\n".join(s["chatter"][i] for i in keep)
    earlier = rng.choice(s["history"])
    return [Step(prompt=lead.format(goal=s["goal"], c=fail.command)
                 + f"\n\n```\n$ {earlier}\n{before}\n$ {fail.command}\n{fail.output}\n```"),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_history(s: dict, rng: random.Random) -> Episode:
    """The user remembers doing it before; the assistant finds it in the shell history."""
    fail, ok = s["fail"], s["ok"]
    word = ok.command.split()[0]
    others = [c for c in s["history"] if c.split()[0] == word][:2]
    stamps = sorted(rng.randrange(1_736_000_000, 1_741_000_000) for _ in range(len(others) + 2))
    lines = [f": {t}:0;{c}" for t, c in zip(stamps, [*others, fail.command, ok.command],
                                             strict=True)]
    nums = sorted(rng.sample(range(1200, 9800), len(lines)))
    out = "\n".join(f"{n}:{line}" for n, line in zip(nums, lines, strict=True))
    return [Step(prompt=s["goal"]), Step(tools=[fail]),
            Step(text="That fails. Have you done this on this machine before?"),
            Step(prompt=_pick(rng, "yeah, a while back. it's in my shell history somewhere",
                              "i did it in feb, grep my history", "must be in ~/.zsh_history")),
            Step(tools=[bash(f"grep -n '{word}' ~/.zsh_history | tail -{len(lines)}", out)]),
            Step(text=f"The last one in your history is the one that worked. {s['note']}",
                 tools=[ok]),
            Step(text=s["done"])]


# environment
def env_check(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Checking on the box.", "Let me look rather than guess.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_wrong_guess(s: dict, rng: random.Random) -> Episode:
    """The user states it wrongly; the assistant checks and corrects them."""
    ask = _pick(rng, "{guess} double-check before i put it in the ticket",
                "{guess} {contact} needs it confirmed", "quick sanity check: {guess}")
    return [Step(prompt=ask.format(guess=s["guess"], contact=s["contact"])),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'Not quite.', 'No — that is not what the config says.')} "
                      f"{s['confirm']}"),
            Step(prompt=_pick(rng, "huh. ok, good thing i asked", "ah. thx", "right, my "
                              "memory is shot")),
            Step(text=_pick(rng, "No problem.", "Easy to mix up across four clients."))]


def env_aside(s: dict, rng: random.Random) -> Episode:
    ask, answer = s["while"]
    lead = _pick(rng, "Also visible in that output:", "Unrelated, but worth knowing:",
                 "And while I was in there:")
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=f"{answer}\n\n{lead} {s['confirm']}")]


def env_handover(s: dict, rng: random.Random) -> Episode:
    """The fact goes into the client's handover notes."""
    path = s["handover"]
    ask = _pick(rng, "i'm writing handover notes for {client}. {goal}",
                "{goal} — then add it to {path}", "{contact} wants this written down: {goal}")
    return [Step(prompt=ask.format(client=s["client"], goal=s["goal"], path=path,
                                   contact=s["contact"])),
            Step(tools=s["probe"]), Step(text=s["confirm"]),
            Step(prompt=_pick(rng, f"good, put that in {path}", f"add to {path} pls",
                              "write it into the handover file")),
            Step(tools=[edit(path, "## Environment\n", f"## Environment\n\n- {s['confirm']}\n")]),
            Step(text=f"Added to {path} under Environment.")]


# gotcha
def gotcha_wall_of_log(s: dict, rng: random.Random) -> Episode:
    lead = _pick(rng, "Found it in there.", "The relevant lines are in the middle of that.",
                 "OK, that explains it.")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{_noisy(s['trace'], s['chatter'], rng)}\n```"),
            Step(text=_pick(rng, "Looking.", "Digging in.", ""), tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]), Step(text=s["done"])]


def gotcha_hunch(s: dict, rng: random.Random) -> Episode:
    unsure = _pick(rng, "Nothing obviously wrong in the code yet. Do you want me to keep "
                        "bisecting?",
                   "That narrows it down, but I can't see the cause yet.",
                   "Hm. The code path looks fine at first sight.")
    yes = _pick(rng, "Yes — that's exactly it.", "That fits everything in the log.",
                "Good instinct, that's the cause.")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"), Step(tools=s["probe"]),
            Step(text=unsure), Step(prompt=s["told"]),
            Step(text=f"{yes} {s['explain']}", tools=s["fix"]), Step(text=s["done"])]


def gotcha_paged(s: dict, rng: random.Random) -> Episode:
    """Paged early; the assistant sends a subagent to investigate."""
    page = _pick(rng, "paged by {client} at 6:40. {symptom}", "{contact} texted me before "
                      "coffee: {symptom}", "on-call thing. {symptom}").format(
        client=s["client"], contact=s["contact"], symptom=s["symptom"])
    return [Step(prompt=f"{page}\n\n```\n{s['trace']}\n```"),
            Step(text="Sending a subagent to dig through the code and config while you wake "
                      "up.",
                 tools=[agent("Investigate " + s["title"].lower(),
                              f"Find the cause of: {s['symptom']} Report the cause and the "
                              f"fix.", s["explain"], f"a{rng.getrandbits(44):011x}",
                              "general-purpose", rng.randint(5, 11))]),
            Step(text=_pick(rng, "The subagent found the cause; applying the fix.",
                            "That's convincing. Fixing it."), tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_commit(s: dict, rng: random.Random) -> Episode:
    """Fixed, then committed with the why in the message for future reference."""
    msg = f"{s['title']}\n\n{s['explain']}"
    sha = f"{rng.getrandbits(28):07x}"
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"), Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]), Step(text=s["done"]),
            Step(prompt=_pick(rng, "commit it. message should say why, future me won't "
                                   "remember", "commit with a proper explanation pls",
                              "commit, and write the cause in the body")),
            Step(tools=[bash(f"git commit -am {msg!r}",
                             f"[main {sha}] {s['title']}\n 1 file changed")]),
            Step(text=f"Committed as {sha} with the explanation in the body.")]


# falsified
def fals_tried_here(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "nope, revert", "that's worse. put it back", "kill it, back it out",
                 "ok no. undo")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_memory(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "no. {story}", "tried that for {client} already. {story}",
                 "don't bother — {story}", "nah. {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"], client=s["client"])),
            Step(text=_pick(rng, "Good to know — dropping it.", "OK, that rules it out.",
                            "Understood; not going down that road again."))]


def fals_client_email(s: dict, rng: random.Random) -> Episode:
    contact = s["contact"]
    ask = _pick(rng, "{contact} emailed: \"{want}\"\n\ndraft a reply. background: {story}",
                "reply to {contact} for me, they asked \"{want}\". we've been there: {story}",
                "{contact} again: \"{want}\" — help me say no politely. {story}")
    return [Step(prompt=ask.format(contact=contact, want=s["want"], story=s["story"])),
            Step(text=f"Draft:\n\nHi {contact},\n\nGood question — we actually tried that "
                      f"before, and it didn't work out: {s['story']}. So I'd rather not go "
                      f"back there; happy to talk through other options.\n\nBest"),
            Step(prompt=_pick(rng, "sent", "good, sent with minor edits", "ok")),
            Step(text=_pick(rng, "👍", "Great.", "Done then."))]


def fals_plan_rejected(s: dict, rng: random.Random) -> Episode:
    """The assistant's plan proposes it; the user rejects the plan with the history."""
    plan = (f"## Plan\n\n1. {s['offer']}\n2. Test it on one machine first.\n3. Roll it out "
            f"and watch the logs for a day.")
    why = _pick(rng, "no. {story}", "not this. {story}", "reject — {story}").format(
        story=s["story"])
    return [Step(prompt=_pick(rng, "plan this out first: ", "make a plan, don't change "
                              "anything yet: ", "") + s["want"]),
            Step(tools=[refused(exit_plan(plan, f"plan-{rng.getrandbits(24):06x}"),
                                REJECTED + why)]),
            Step(text=_pick(rng, "Understood — that's off the table. I'll look for another "
                                 "way.",
                            "OK, scrapping that plan given the history.",
                            "Thanks for the context; dropping that approach."))]


TEMPLATES = {
    "convention": [conv_midway, conv_diff_review, conv_handbook, conv_pr_comment, conv_asked],
    "command": [cmd_script, cmd_user_wrong, cmd_long_paste, cmd_history],
    "environment": [env_check, env_wrong_guess, env_aside, env_handover],
    "gotcha": [gotcha_wall_of_log, gotcha_hunch, gotcha_paged, gotcha_commit],
    "falsified": [fals_tried_here, fals_memory, fals_client_email, fals_plan_rejected],
}

UNRELATED = [
    "how should a freelancer word a late-payment reminder that's firm but not rude?",
    "what's a sensible day rate increase to ask for after two years with the same client?",
    "explain the difference between a fixed-price quote and time-and-materials in three "
    "sentences",
    "write an awk one-liner that sums the third column of a csv",
    "how do I politely tell a client that a 'small change' is actually two days of work?",
    "what does the -x flag do in bash when you put it on the shebang line?",
    "suggest a simple folder structure for keeping invoices and contracts per client",
    "is it worth learning vim motions if I already use an IDE every day?",
    "explain what a reverse proxy does to someone who runs a bakery",
    "write a python function that groups a list of dicts by one key",
    "what's the difference between a soft link and a hard link?",
    "how do you say no to scope creep in a weekly client call without sounding difficult?",
    "give me a regex that matches an ISO 8601 date like 2024-02-29",
    "what's a good format for a one-page monthly status report to a non-technical client?",
    "explain optimistic vs pessimistic locking with a library-book analogy",
    "how many hours a week can one person realistically bill without burning out?",
    "write a git alias that shows the last ten commits as one line each",
    "what's the difference between UTF-8 and UTF-16 in two sentences?",
    "how do I convert a markdown file to pdf from the command line?",
    "what should go in a simple freelance contract's liability clause? keep it general",
    "explain what a race condition is with a supermarket-queue example",
    "write a haiku about merge conflicts",
]

UNANSWERED: dict[str, list[str]] = {
    "osierbank": [
        "how many volunteer presenters does the station have on the rota now?",
        "is the station planning to stream in stereo in osierbank's player next year?",
        "who pays for the osierbank VPS — the station or the trust behind it?",
        "what did the station's listener survey say about the schedule page?",
        "does osierbank need to report podcast downloads to the licensing bodies too?",
    ],
    "quoitfield": [
        "how many barns does the farm want quoitfield on by the summer?",
        "is the farm thinking about adding CO2 sensors to quoitfield later?",
        "who at the farm decides when quoitfield firmware updates happen?",
        "what's the mobile signal like in the newest barn for quoitfield?",
        "does the analytics company bill the farm per quoitfield sensor?",
    ],
    "marlpit": [
        "how many patients are in marlpit's recall list across the three practices?",
        "is the dental group planning online card payments in marlpit this year?",
        "who at the practices signs off on changes to marlpit's reminder wording?",
        "does marlpit need a data protection impact assessment for the SMS reminders?",
        "what's the no-show rate been since marlpit started sending reminders?",
    ],
    "sallowmere": [
        "what's the monthly Hetzner bill for sallowmere's servers at the moment?",
        "is the charity planning to move email hosting into sallowmere too?",
        "who at the charity has admin access to the sallowmere Nextcloud?",
        "does the charity's insurer require offsite backups in a second country?",
        "how many staff accounts does sallowmere's Nextcloud have?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- osierbank
def osierbank() -> Project:
    export = "lib/royalty/export.ml"
    vps = "radio@studio-vps"
    facts = [
        Fact("conv-logs", "convention", ["Logs.Src.create"],
             ["adding a module for the podcast feed — how is it supposed to log things?",
              "is print_endline fine for a bit of debug output in a handler, or is there a "
              "house way?"],
             "osierbank logs only through the Logs library with one source per module (`let "
             "src = Logs.Src.create \"osierbank.<module>\"` and `module Log = (val "
             "Logs.src_log src : Logs.LOG)`); Printf/print_endline are never used for "
             "logging.",
             {"task": f"add logging to {export} so we can see how many rows each monthly "
                      "return has",
              "rule": "we log through Logs with a source per module: `let src = "
                      "Logs.Src.create \"osierbank.<module>\"` and `module Log = (val "
                      "Logs.src_log src : Logs.LOG)`. no Printf or print_endline for logging, "
                      "ever",
              "contrary": edit(export, "  let rows = rows_for_month db month in\n",
                               "  let rows = rows_for_month db month in\n  Printf.printf "
                               "\"export: %d rows\\n%!\" (List.length rows);\n"),
              "follow": [edit(export, "open Lwt.Syntax\n",
                              "open Lwt.Syntax\n\nlet src = Logs.Src.create "
                              "\"osierbank.royalty\" ~doc:\"monthly royalty returns\"\n"
                              "module Log = (val Logs.src_log src : Logs.LOG)\n"),
                         edit(export, "  let rows = rows_for_month db month in\n",
                              "  let rows = rows_for_month db month in\n  Log.info (fun m -> "
                              "m \"export %s: %d rows\" (Month.to_string month) (List.length "
                              "rows));\n"),
                         bash("opam exec -- dune build 2>&1 | head -5", "")],
              "done": "export.ml has its own Logs source (osierbank.royalty) and logs the row "
                      "count at info level; the build is clean.",
              "doc": ("HACKING.md",
                      "# Hacking on the station app\n\n## Logging\n\nEvery module that logs "
                      "declares its own source:\n\n    let src = Logs.Src.create "
                      "\"osierbank.<module>\"\n    module Log = (val Logs.src_log src : "
                      "Logs.LOG)\n\nNo Printf/print_endline for logging in lib/ or bin/ — CI "
                      "greps for them. Levels are set per source from OSIER_LOG.\n"),
              "found": "HACKING.md says every module that logs declares its own source with "
                       "`Logs.Src.create \"osierbank.<module>\"` and logs through that; "
                       "Printf/print_endline are banned for logging and CI greps for them.",
              "review": "please don't log with Printf — give the module a Logs source "
                        "(`Logs.Src.create \"osierbank.royalty\"`) and use Log.info. we "
                        "filter by source on the server"}),
        Fact("conv-rapper", "convention", ["ppx_rapper"],
             ["where should a new SQL query for the playlist page go, and in what form?",
              "can I just write the query string inline in the handler with Caqti?"],
             "osierbank's SQL lives only in lib/db/queries.ml, written as typed `[%rapper "
             "get_many {sql| ... |sql}]` requests with ppx_rapper; handlers call them through "
             "Dream.sql and never build Caqti requests from raw strings.",
             {"task": "the schedule page needs 'shows by presenter' — add the query and wire "
                      "it into the /presenters/:id handler",
              "rule": "all SQL goes in lib/db/queries.ml as ppx_rapper requests (`[%rapper "
                      "get_many {sql| ... |sql}]`). no hand-rolled Caqti_request strings in "
                      "the handlers",
              "contrary": edit("lib/web/presenters.ml", "let show request =\n",
                               "let show request =\n  let q = Caqti_request.Infix.("
                               "Caqti_type.int ->* Caqti_type.(t2 int string))\n    \"SELECT "
                               "id, title FROM shows WHERE presenter_id = ?\" in\n"),
              "follow": [edit("lib/db/queries.ml", "(* presenters *)\n",
                              "(* presenters *)\nlet shows_by_presenter =\n  [%rapper\n    "
                              "get_many\n      {sql| SELECT @int{id}, @string{title} FROM "
                              "shows\n            WHERE presenter_id = %int{presenter_id} "
                              "ORDER BY title |sql}]\n"),
                         edit("lib/web/presenters.ml", "  let id = int_param request \"id\" "
                                                       "in\n",
                              "  let id = int_param request \"id\" in\n  let%lwt shows = "
                              "Dream.sql request (Db.Queries.shows_by_presenter "
                              "~presenter_id:id) in\n"),
                         bash("opam exec -- dune build", "")],
              "done": "shows_by_presenter is a ppx_rapper request in lib/db/queries.ml and the "
                      "presenter page calls it through Dream.sql; it builds.",
              "doc": ("HACKING.md",
                      "# Hacking on the station app\n\n## Database\n\nQueries live in "
                      "lib/db/queries.ml and nowhere else, as ppx_rapper requests (`[%rapper "
                      "get_one ...]`, `get_many`, `execute`), so column types are checked at "
                      "compile time. Handlers call them through `Dream.sql`.\n"),
              "found": "HACKING.md says every query lives in lib/db/queries.ml as a "
                       "ppx_rapper request, called from handlers through Dream.sql.",
              "review": "the new query in presenters.ml should be a ppx_rapper request in "
                        "lib/db/queries.ml like every other one, not a raw Caqti_request "
                        "built in the handler"}),
        Fact("cmd-promote", "command", ["--auto-promote"],
             ["I changed a heading in the royalty report and now the snapshot tests fail with "
              "a diff — how do I accept the new output?",
              "what's the command to update the expected test output after a deliberate "
              "change?"],
             "osierbank's report tests are ppx_expect snapshot tests: after an intended output "
             "change, accept the new output with `opam exec -- dune runtest --auto-promote` "
             "and review the diff in git; plain `dune test` only fails on the diff.",
             {"goal": "i renamed 'Needletime' to 'Music time' in the PPL return header, fix "
                      "up the tests",
              "fail": bash("opam exec -- dune test",
                           "File \"test/royalty/test_export.ml\", line 41, characters 0-1:\n"
                           "------ test/royalty/test_export.ml\n++++++ test/royalty/"
                           "test_export.ml.corrected\nFile \"test/royalty/test_export.ml\", "
                           "line 41, characters 0-1:\n   let%expect_test \"ppl header\" =\n     "
                           "print_string (Export.header ~station:\"OBR\");\n-|  [%expect {| "
                           "Station,Month,Needletime minutes |}]\n+|  [%expect {| Station,Month,"
                           "Music time minutes |}]", 1),
              "note": "Those are expect tests: they compare against the snapshot written in "
                      "the test file. The new wording is intended, so the corrected output "
                      "gets promoted into the file rather than edited by hand.",
              "ok": bash("opam exec -- dune runtest --auto-promote; git diff --stat test/",
                         "Promoting _build/default/test/royalty/test_export.ml.corrected to "
                         "test/royalty/test_export.ml.\n test/royalty/test_export.ml | 2 +-\n "
                         "1 file changed, 1 insertion(+), 1 deletion(-)"),
              "done": "The expected header in test_export.ml now says 'Music time minutes' "
                      "and a second `dune test` run is clean.",
              "hint": "they're expect tests, you promote them: `opam exec -- dune runtest "
                      "--auto-promote`, then look at the git diff",
              "script": ("Makefile",
                         "test:\n\topam exec -- dune test\n\n# accept new snapshot output "
                         "after an intended change, then review git diff\npromote:\n\topam "
                         "exec -- dune runtest --auto-promote\n")}),
        Fact("cmd-static", "command", ["Dockerfile.musl"],
             ["how do I build the binary that actually runs on the station's server?",
              "the release build I copied to the radio VPS complains about GLIBC — what's "
              "the proper way to build it?"],
             "osierbank's production binary is built statically against musl in Docker: "
             "`docker build -f Dockerfile.musl -o dist .` gives dist/osierbank; a normal "
             "`dune build --profile release` binary needs a newer glibc than the station's "
             "VPS has.",
             {"goal": "build a release and put it on the station server",
              "fail": bash(f"opam exec -- dune build --profile release && scp "
                           f"_build/default/bin/main.exe {vps}:/opt/osierbank/osierbank.new "
                           f"&& ssh {vps} /opt/osierbank/osierbank.new --version",
                           "/opt/osierbank/osierbank.new: /lib/x86_64-linux-gnu/libc.so.6: "
                           "version `GLIBC_2.38' not found (required by "
                           "/opt/osierbank/osierbank.new)", 1),
              "note": "A binary built on this laptop links against its newer glibc, which "
                      "the station's server doesn't have. The deployable one is built "
                      "statically against musl inside a container.",
              "ok": bash("docker build -f Dockerfile.musl -o dist . && file dist/osierbank",
                         "[+] Building 212.4s (14/14) FINISHED\n => exporting to client "
                         "directory\ndist/osierbank: ELF 64-bit LSB executable, x86-64, "
                         "statically linked, stripped"),
              "done": "dist/osierbank is a static musl binary; copied over, it runs on the "
                      "VPS and reports version 0.14.2.",
              "hint": "don't build on the laptop, their server is on an old glibc. "
                      "`docker build -f Dockerfile.musl -o dist .` makes a static one",
              "script": ("scripts/release.sh",
                         "#!/bin/sh\nset -eu\n# static build: the station's VPS has an old "
                         "glibc\ndocker build -f Dockerfile.musl -o dist .\nscp "
                         f"dist/osierbank {vps}:/opt/osierbank/osierbank.new\n")}),
        Fact("env-port", "environment", ["8471"],
             ["what port does the web app listen on behind Caddy on the station box?",
              "I'm writing the Caddyfile for the new server — what should reverse_proxy point "
              "at?"],
             "osierbank (Dream) listens on 127.0.0.1:8471 on studio-vps (OSIER_PORT in "
             "/etc/osierbank/env); Caddy on the same box terminates TLS and reverse-proxies "
             "the schedule site to it.",
             {"goal": "what port is the app on, on the station box? their IT volunteer is "
                      "asking",
              "guess": "the app's on 8080 on the station box, isn't it?",
              "probe": [bash(f"ssh {vps} 'cat /etc/osierbank/env; ss -ltnp | grep osierbank'",
                             "OSIER_PORT=8471\nOSIER_INTERFACE=127.0.0.1\nOSIER_LOG=info\n"
                             "LISTEN 0 4096 127.0.0.1:8471 0.0.0.0:* users:((\"osierbank\","
                             "pid=913,fd=7))")],
              "confirm": "The app listens on 127.0.0.1:8471 — OSIER_PORT in "
                         "/etc/osierbank/env — and Caddy on the same box proxies the schedule "
                         "site to it; it isn't reachable from outside directly.",
              "while": ("is the app bound to localhost only on that box, or to every "
                        "interface?",
                        "Localhost only (OSIER_INTERFACE=127.0.0.1), so everything comes in "
                        "through Caddy.")}),
        Fact("env-asrun", "environment", ["/srv/asrun"],
             ["where does the importer pick up the playout system's logs from?",
              "which directory do the played-track logs land in on the server?"],
             "osierbank's importer reads the playout system's as-run logs (AR<date>.log) from "
             "/srv/asrun on studio-vps, the studio PC's SMB share mounted read-only over CIFS "
             "in /etc/fstab (OSIER_ASRUN_DIR).",
             {"goal": "where do the playout logs come from? i want to look at the raw files "
                      "for tuesday",
              "guess": "the playout logs get copied into /var/lib/osierbank somewhere, right?",
              "probe": [bash(f"ssh {vps} 'grep ASRUN /etc/osierbank/env; grep cifs "
                             "/etc/fstab; ls /srv/asrun | tail -3'",
                             "OSIER_ASRUN_DIR=/srv/asrun\n//studio-pc/asrun  /srv/asrun  cifs  "
                             "ro,credentials=/etc/osierbank/smb.cred,uid=radio  0 0\n"
                             "AR20250311.log\nAR20250312.log\nAR20250313.log")],
              "confirm": "The importer reads from /srv/asrun (OSIER_ASRUN_DIR), which is the "
                         "studio PC's playout share mounted read-only over CIFS from "
                         "/etc/fstab; one AR<date>.log per day.",
              "while": ("is the playout share mounted read-only on the server?",
                        "Yes — the fstab entry mounts it ro over CIFS with the radio user's "
                        "uid.")}),
        Fact("gotcha-csrf", "gotcha", ["csrf_tag"],
             ["the new signup form answers 400 on submit even though the fields are fine — "
              "what's missing?",
              "what do Dream forms need in the template so the POST isn't rejected?"],
             "Dream rejects osierbank form POSTs (Dream.form gives `Missing_token, answered "
             "400) unless the form template includes `<%s! Dream.csrf_tag request %>` inside "
             "the <form>; every .eml.html form needs it.",
             {"symptom": "station manager says the new 'report a music problem' form does "
                         "nothing, browser shows 400. log from the box:",
              "trace": "13.03.25 19:02:11.418  dream.logger  INFO REQ 1842 POST /problems "
                       "10.0.0.7 fd 12 Mozilla/5.0\n13.03.25 19:02:11.420  osierbank.web  "
                       "WARN REQ 1842 form rejected: `Missing_token\n13.03.25 19:02:11.420  "
                       "dream.logger  WARN REQ 1842 400 in 1951 μs",
              "probe": [read("lib/web/templates/problem_form.eml.html",
                             "let render request =\n<form method=\"POST\" action=\"/problems\">"
                             "\n  <label>Track <input name=\"track\"></label>\n  <textarea "
                             "name=\"details\"></textarea>\n  <button>Send</button>\n"
                             "</form>\n")],
              "explain": "Dream checks a CSRF token on every Dream.form POST and returns "
                         "`Missing_token when the form doesn't carry one, which the handler "
                         "turns into a 400. The new template never emits the token — every "
                         "form needs `<%s! Dream.csrf_tag request %>` inside the <form>.",
              "told": "Missing_token... the template needs the csrf thing dream wants, "
                      "doesn't it",
              "fix": [edit("lib/web/templates/problem_form.eml.html",
                           "<form method=\"POST\" action=\"/problems\">\n",
                           "<form method=\"POST\" action=\"/problems\">\n  <%s! "
                           "Dream.csrf_tag request %>\n")],
              "done": "The form carries the token now; a test submission goes through with a "
                      "303.",
              "title": "Forms answer 400 with Missing_token"}),
        Fact("gotcha-tz", "gotcha", ["timestamptz"],
             ["since the clocks changed every show on the schedule page is an hour off — "
              "seen this before?",
              "what column type should show start times use so summer time doesn't shift "
              "them?"],
             "osierbank's show start times were in a `timestamp` (without time zone) column, "
             "so after the switch to BST every show displayed an hour off; start times are "
             "stored as timestamptz and converted to Europe/London only when rendering.",
             {"symptom": "since sunday the whole schedule page is an hour late. breakfast "
                         "says 08:00, it's on at 07:00",
              "trace": "osier=> select id, title, starts_at from shows where id = 12;\n id |"
                       "     title     |      starts_at\n----+---------------+-------------"
                       "--------\n 12 | Breakfast Mix | 2025-03-31 07:00:00\n(1 row)\n\n"
                       "GET /schedule -> <li>08:00 Breakfast Mix</li>",
              "probe": [bash("psql \"$OSIER_DB\" -c '\\d shows' | grep starts_at",
                             " starts_at   | timestamp without time zone |           | not "
                             "null |"),
                        bash("grep -n 'starts_at' lib/web/schedule.ml | head -2",
                             "27:  let local = Ptime.add_span show.starts_at london_offset in")],
              "explain": "starts_at is a `timestamp without time zone`: Postgres keeps the "
                         "wall-clock 07:00 with no offset, Caqti hands it to Ptime as if it "
                         "were UTC, and the page then adds the BST hour on top. The column "
                         "has to be timestamptz, holding real instants, with the Europe/London "
                         "conversion done only when rendering.",
              "told": "it's the column type isn't it. we store local times without a zone",
              "fix": [write("migrations/0019_shows_tz.sql",
                            "ALTER TABLE shows\n  ALTER COLUMN starts_at TYPE timestamptz\n  "
                            "USING starts_at AT TIME ZONE 'Europe/London';\n")],
              "done": "Migration 0019 converts starts_at to timestamptz, reading the stored "
                      "values as London time; on a copy of the database Breakfast Mix renders "
                      "at 07:00 again.",
              "title": "Schedule an hour off after the clocks change"}),
        Fact("fals-sessions", "falsified", ["memory_sessions"],
             ["could we drop the sessions table and keep logins in memory to keep things "
              "simple?",
              "why do login sessions live in postgres instead of in the process?"],
             "Switching osierbank to Dream.memory_sessions (instead of Dream.sql_sessions in "
             "Postgres) was tried and reverted: every restart, so every deploy, logged all "
             "presenters out mid-show; sessions stay in the dream_session table, pruned by a "
             "cron job.",
             {"ask": "the dream_session table keeps growing. just use in-memory sessions",
              "change": [edit("bin/main.ml", "  @@ Dream.sql_sessions\n",
                              "  @@ Dream.memory_sessions\n"),
                         bash("opam exec -- dune build && sudo systemctl restart "
                              "osierbank-dev", "")],
              "broke": bash("./scripts/smoke-login.sh --restart-between",
                            "login as presenter1 ... 303 /studio\nrestart osierbank-dev ... ok\n"
                            "GET /studio ... 303 /login   <- session lost\nFAIL: session did "
                            "not survive a restart", 1),
              "revert": bash("git checkout -- bin/main.ml && opam exec -- dune build", ""),
              "conclusion": "Reverted to Dream.sql_sessions. With Dream.memory_sessions every "
                            "restart — so every deploy — logs every presenter out, including "
                            "whoever is mid-show in the studio. The table's growth is better "
                            "handled by pruning expired rows.",
              "want": "the sessions table is annoying, can't we keep sessions in memory?",
              "offer": "Dream has Dream.memory_sessions as a drop-in — one line in "
                       "bin/main.ml. Switch to it?",
              "story": "did that last autumn, memory_sessions. every deploy logged the "
                       "presenters out mid-show and the station manager got angry calls. "
                       "back to sql sessions, a cron prunes old rows"}),
        Fact("fals-inotify", "falsified", ["inotify"],
             ["can the importer react the moment a new playout log appears instead of "
              "polling every hour?",
              "why is the playout log import an hourly cron job rather than a file watcher?"],
             "Replacing osierbank's hourly cron import of playout logs with an inotify file "
             "watcher was tried and reverted: the logs arrive over a CIFS (SMB) mount from "
             "the studio PC, which raises no inotify events for remote writes, so nothing "
             "was imported; the hourly cron stays.",
             {"ask": "hourly import is too slow for the now-playing widget. watch the "
                     "directory instead",
              "change": [edit("bin/importer.ml",
                              "let () = Lwt_main.run (Import.run_once ())\n",
                              "let () = Lwt_main.run (Import.watch ~on_new:Import.file)  "
                              "(* inotify via lwt_inotify *)\n"),
                         edit("osierbank.opam", "  \"caqti-lwt\"\n",
                              "  \"caqti-lwt\"\n  \"lwt_inotify\"\n")],
              "broke": bash("./scripts/check-import-lag.sh",
                            "newest playout file: AR20250313.log modified 13:30\nnewest "
                            "imported entry: 12:00\nlag: 90 min\nFAIL", 1),
              "revert": bash("git checkout -- bin/importer.ml osierbank.opam && opam exec -- "
                             "dune build", ""),
              "conclusion": "Reverted to the hourly run. The playout files arrive over the "
                            "CIFS mount from the studio PC, and a network mount never raises "
                            "inotify events for writes made on the other machine — the watcher "
                            "saw nothing. If the widget needs fresher data, the cron can run "
                            "every five minutes instead.",
              "want": "could the importer just watch the folder for new playout files?",
              "offer": "lwt_inotify would give us a file watcher — new files imported within "
                       "a second. Wire it in?",
              "story": "tried an inotify watcher in january. the logs come over the smb "
                       "mount from the studio pc and inotify never fires on a network mount, "
                       "so it just sat there. went back to the cron"}),
    ]
    chatter = [
        "13.03.25 18:58:02.114  dream.logger  INFO REQ 1831 GET /schedule 10.0.0.7 fd 9",
        "13.03.25 18:58:02.131  dream.logger  INFO REQ 1831 200 in 17204 μs",
        "13.03.25 18:58:40.007  osierbank.import  INFO imported 14 plays",
        "13.03.25 18:59:13.562  dream.logger  INFO REQ 1832 GET /static/app.css fd 11",
        "13.03.25 18:59:13.563  dream.logger  INFO REQ 1832 200 in 402 μs",
        "13.03.25 18:59:51.240  dream.logger  INFO REQ 1833 GET /presenters/4 fd 9",
        "13.03.25 18:59:51.266  dream.logger  INFO REQ 1833 200 in 25811 μs",
        "13.03.25 19:00:00.001  osierbank.royalty  DEBUG tick",
        "13.03.25 19:00:04.877  dream.logger  INFO REQ 1834 GET /now-playing.json fd 12",
        "13.03.25 19:00:04.880  dream.logger  INFO REQ 1834 200 in 2950 μs",
        "13.03.25 19:00:31.409  dream.logger  INFO REQ 1835 GET /favicon.ico fd 9",
        "13.03.25 19:00:31.410  dream.logger  WARN REQ 1835 404 in 211 μs",
        "13.03.25 19:01:02.555  caqti  DEBUG pool: 3 of 10 connections in use",
        "13.03.25 19:01:44.190  dream.logger  INFO REQ 1836 GET /login fd 11",
        "13.03.25 19:01:44.199  dream.logger  INFO REQ 1836 200 in 8830 μs",
        "13.03.25 19:01:59.903  dream.logger  INFO REQ 1837 GET /now-playing.json fd 12",
    ]
    history = [
        "opam switch list", "opam exec -- dune build", "opam install . --deps-only",
        "docker ps", "docker compose up -d db",
    ]
    noise: list[Episode] = [
        look("how does the now-playing endpoint decide what's on air?",
             "lib/web/now_playing.ml",
             "let handler request =\n  let%lwt play = Dream.sql request "
             "Db.Queries.latest_play in\n  match play with\n  | Some p when Ptime.diff "
             "(Ptime_clock.now ()) p.at < Ptime.Span.of_int_s 600 -> json_of_play p\n  | _ -> "
             "Dream.json \"{\\\"on_air\\\": null}\"\n",
             "It takes the latest imported play and reports it if it's less than ten minutes "
             "old; otherwise it says nothing is on air."),
        find("where's the code that builds the PPL quarterly summary?", "quarterly",
             ["lib/royalty/quarterly.ml", "test/royalty/test_quarterly.ml"],
             "lib/royalty/quarterly.ml, with its tests in test/royalty/test_quarterly.ml."),
        tweak("schedule footer still says 2023", "lib/web/templates/layout.eml.html",
              "&copy; 2023 community radio", "&copy; 2025 community radio",
              "Footer year updated."),
        run("is the app up?", "curl -s -o /dev/null -w '%{http_code}' "
            "https://schedule.osierbank.org/healthz", "200", "Yes, the health check answers "
            "200."),
        talk("what's the difference between Lwt.bind and let* again?",
             "Nothing semantic: `let* x = p in e` is syntax for `Lwt.bind p (fun x -> e)` "
             "once you open Lwt.Syntax."),
        [Step(prompt="what's left before i can invoice the station for march?"),
         Step(tools=[todo_write([("Finish presenter page query", "pending",
                                  "Finishing presenter page"),
                                 ("PPL return header wording", "pending",
                                  "Updating return header"),
                                 ("Write up hours", "pending", "Writing up hours")])]),
         Step(text="Three things: the presenter page, the return header wording, and your "
                   "hours write-up.")],
        steps("how big is the plays table now?",
              [bash("psql \"$OSIER_DB\" -c 'select count(*) from plays'",
                    " count  \n--------\n 381207\n(1 row)")],
              "381,207 rows in plays."),
        steps("summarise what changed since the last release tag",
              [agent("Changes since last tag", "List commits since the latest tag, one line "
                     "each, grouped by area.",
                     "Since v0.14.1: presenter pages; schedule footer; quarterly summary "
                     "totals fix; opam lock refresh.", "a3c90e11d7f2", "Explore", 3)],
              "Presenter pages, the footer, a fix to the quarterly totals and a refreshed "
              "opam lock file."),
    ]
    return Project(
        "osierbank", "git@github.com:osierbank-radio/osierbank.git",
        {"README.md": "# osierbank\n\nSchedule and music reporting for the station.\n",
         "dune-project": "(lang dune 3.16)\n(name osierbank)\n",
         "docs/handover.md": "# Handover notes\n\n## Environment\n"},
        _equip(facts, client="the station", contact="Wendy", reviewer="callum",
               chatter=chatter, handover="docs/handover.md", history=history),
        noise, "postgres")


# ------------------------------------------------------------------- quoitfield
def quoitfield() -> Project:
    frame = "src/modbus/frame.zig"
    mqtt = "src/mqtt/client.zig"
    facts = [
        Fact("conv-testalloc", "convention", ["std.testing.allocator"],
             ["writing tests for the new frame parser — which allocator should they use?",
              "is page_allocator fine inside a unit test here?"],
             "quoitfield's tests always allocate with std.testing.allocator (it fails the test "
             "on any leak or double free), never std.heap.page_allocator or an arena that "
             "hides leaks.",
             {"task": "add a test for the modbus frame decoder with a truncated frame",
              "rule": "tests use std.testing.allocator, always. it fails the test on a leak — "
                      "page_allocator or an arena just hides them",
              "contrary": edit(frame, "// tests\n",
                               "// tests\ntest \"truncated frame\" {\n    const alloc = "
                               "std.heap.page_allocator;\n    try std.testing.expectError("
                               "error.Truncated, decode(alloc, &[_]u8{ 0x01, 0x03 }));\n}\n"),
              "follow": [edit(frame, "// tests\n",
                              "// tests\ntest \"truncated frame\" {\n    const alloc = "
                              "std.testing.allocator;\n    try std.testing.expectError("
                              "error.Truncated, decode(alloc, &[_]u8{ 0x01, 0x03 }));\n}\n"),
                         bash("zig build test --summary all",
                              "Build Summary: 5/5 steps succeeded; 38/38 tests passed\ntest "
                              "success\n+- run test 38 passed 112ms MaxRSS:3M")],
              "done": "The truncated-frame test passes alongside the other 37, with no leaks "
                      "reported.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Tests\n\nEvery test allocates through "
                      "`std.testing.allocator`. It reports leaks and double frees as test "
                      "failures; `page_allocator` and arenas hide them.\n"),
              "found": "CONTRIBUTING.md says every test allocates through "
                       "std.testing.allocator, because it turns leaks into test failures.",
              "review": "tests must use std.testing.allocator, not page_allocator — it's how "
                        "we caught the ring buffer leak last year"}),
        Fact("conv-logscope", "convention", ["std.log.scoped"],
             ["how should the new reconnect code write its log lines?",
              "can I use std.debug.print for diagnostics in the daemon?"],
             "quoitfield logs through one scoped logger per file (`const log = "
             "std.log.scoped(.mqtt);` etc.) so journald output carries the scope and levels "
             "can be filtered per scope; std.debug.print is not used outside tests.",
             {"task": f"log every mqtt reconnect attempt with the backoff delay in {mqtt}",
              "rule": "each file gets `const log = std.log.scoped(.<module>);` at the top and "
                      "logs through that. no std.debug.print in the daemon, it goes to stderr "
                      "without a scope and we filter by scope in the journal",
              "contrary": edit(mqtt, "        self.backoff_ms = next;\n",
                               "        self.backoff_ms = next;\n        std.debug.print("
                               "\"reconnect in {d}ms\\n\", .{next});\n"),
              "follow": [edit(mqtt, "const std = @import(\"std\");\n",
                              "const std = @import(\"std\");\nconst log = "
                              "std.log.scoped(.mqtt);\n"),
                         edit(mqtt, "        self.backoff_ms = next;\n",
                              "        self.backoff_ms = next;\n        log.info(\"reconnect "
                              "attempt {d}, next in {d}ms\", .{ self.attempts, next });\n"),
                         bash("zig build", "")],
              "done": "client.zig has a scoped logger (.mqtt) and logs each reconnect attempt "
                      "with its backoff at info level.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing\n\n## Logging\n\nOne scoped logger per file: `const log "
                      "= std.log.scoped(.modbus);` (or .mqtt, .config, ...). Never "
                      "`std.debug.print` outside tests — it bypasses the log level and the "
                      "scope the journal is filtered on.\n"),
              "found": "CONTRIBUTING.md asks for one scoped logger per file via "
                       "std.log.scoped, and no std.debug.print outside tests.",
              "review": "please use the scoped logger (std.log.scoped(.mqtt)) instead of "
                        "std.debug.print — we filter on scope on the barn pis"}),
        Fact("cmd-cross", "command", ["aarch64-linux-musl"],
             ["how do I build the daemon so it runs on the Pis in the barns?",
              "the binary I copied to a barn Pi says exec format error — what's the right "
              "build command?"],
             "quoitfield is cross-compiled for the barns' Raspberry Pis with `zig build "
             "-Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe` (static, "
             "zig-out/bin/quoitfield); a plain `zig build` makes an x86_64 binary.",
             {"goal": "build and copy the new version to barn-pi-03 for testing",
              "fail": bash("zig build -Doptimize=ReleaseSafe && scp zig-out/bin/quoitfield "
                           "pi@barn-pi-03:/tmp/ && ssh pi@barn-pi-03 /tmp/quoitfield "
                           "--version",
                           "bash: line 1: /tmp/quoitfield: cannot execute binary file: Exec "
                           "format error", 126),
              "note": "That built for this laptop (x86_64); the Pis are 64-bit ARM. Zig "
                      "cross-compiles with -Dtarget, and musl keeps the binary static so the "
                      "Pi's libc doesn't matter.",
              "ok": bash("zig build -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe && "
                         "file zig-out/bin/quoitfield && scp zig-out/bin/quoitfield "
                         "pi@barn-pi-03:/tmp/ && ssh pi@barn-pi-03 /tmp/quoitfield --version",
                         "zig-out/bin/quoitfield: ELF 64-bit LSB executable, ARM aarch64, "
                         "version 1 (SYSV), statically linked, stripped\nquoitfield 0.7.3 "
                         "(ReleaseSafe)"),
              "done": "barn-pi-03 has the new build in /tmp and it reports 0.7.3.",
              "hint": "the pis are arm. `zig build -Dtarget=aarch64-linux-musl "
                      "-Doptimize=ReleaseSafe`",
              "script": ("scripts/deploy-barn.sh",
                         "#!/usr/bin/env bash\nset -euo pipefail\nhost=${1:?barn host}\nzig "
                         "build -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe\nscp "
                         "zig-out/bin/quoitfield \"pi@$host:/tmp/\"\nssh \"pi@$host\" 'sudo "
                         "install /tmp/quoitfield /usr/local/bin/ && sudo systemctl restart "
                         "quoitfield'\n")}),
        Fact("cmd-fetch", "command", ["zig fetch --save"],
             ["how do I add a new package dependency to the build?",
              "the build complains a dependency is missing its hash — how are dependencies "
              "meant to be added?"],
             "quoitfield adds dependencies with `zig fetch --save <tarball url>`, which writes "
             "the url and its hash into build.zig.zon; a hand-written .zon entry without the "
             "hash fails the build.",
             {"goal": "add zcrc v0.3.1 as a dependency, i already put the url in build.zig.zon",
              "fail": bash("zig build",
                           "build.zig.zon:14:20: error: dependency is missing hash field\n"
                           "            .url = \"https://github.com/mkorsak/zcrc/archive/"
                           "refs/tags/v0.3.1.tar.gz\",\n                   ^~~~~~~~~~~~~~~~~~"
                           "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\nnote: expected .hash = "
                           "\"1220b4e6c2a0f8d1e7b3c4a5f6e7d8c9b0a1f2e3d4c5b6a7980f1e2d3c4b5a6"
                           "9788\",", 1),
              "note": "A .zon dependency needs the package hash, which Zig computes when it "
                      "fetches the tarball; fetching with --save writes the url and the hash "
                      "together.",
              "ok": bash("git checkout build.zig.zon && zig fetch --save "
                         "https://github.com/mkorsak/zcrc/archive/refs/tags/v0.3.1.tar.gz && "
                         "git diff build.zig.zon && zig build",
                         "+        .zcrc = .{\n+            .url = \"https://github.com/mkorsak/"
                         "zcrc/archive/refs/tags/v0.3.1.tar.gz\",\n+            .hash = "
                         "\"1220b4e6c2a0f8d1e7b3c4a5f6e7d8c9b0a1f2e3d4c5b6a7980f1e2d3c4b5a69788"
                         "\",\n+        },"),
              "done": "zcrc is in build.zig.zon with its hash and the build passes; "
                      "`b.dependency(\"zcrc\", .{})` can use it now.",
              "hint": "don't hand-edit the zon. `zig fetch --save <url>` adds it with the hash",
              "script": ("docs/deps.md",
                         "# Dependencies\n\nAdd with `zig fetch --save <tarball url>`; it "
                         "writes the url and hash into build.zig.zon. Don't edit the .zon by "
                         "hand.\n")}),
        Fact("env-broker", "environment", ["10.40.2.15"],
             ["what's the address of the MQTT broker the barn Pis publish to?",
              "I need to point a test client at the farm's broker — where is it?"],
             "quoitfield's Pis publish to the farm's Mosquitto broker at 10.40.2.15 port 1883 "
             "(plain MQTT inside the farm VLAN; mqtt.host in /etc/quoitfield/config.json), "
             "not to a cloud VM.",
             {"goal": "where do the pis send their data? the farm's new IT guy wants to "
                      "firewall it",
              "guess": "the pis publish to the broker on the cloud vm, right?",
              "probe": [bash("ssh pi@barn-pi-01 'jq .mqtt /etc/quoitfield/config.json; ss -tn "
                             "state established | grep 1883'",
                             "{\n  \"host\": \"10.40.2.15\",\n  \"port\": 1883,\n  "
                             "\"client_id\": \"barn-pi-01\",\n  \"topic_prefix\": "
                             "\"hollin/barns\"\n}\n0      0      10.40.3.21:50412      "
                             "10.40.2.15:1883")],
              "confirm": "The Pis publish to the Mosquitto broker at 10.40.2.15, port 1883, "
                         "on the farm network (mqtt.host in /etc/quoitfield/config.json) — not "
                         "a cloud VM. It's plain MQTT inside the farm VLAN, so the rule is "
                         "barn VLAN to 10.40.2.15 tcp/1883.",
              "while": ("what topic prefix do the pis publish under?",
                        "hollin/barns — topic_prefix in the config.")}),
        Fact("env-baud", "environment", ["19200"],
             ["what serial settings do the climate sensors use on the RS-485 bus?",
              "setting up a USB RS-485 adapter to sniff the sensor bus — what baud rate?"],
             "quoitfield's barn climate sensors talk Modbus RTU over RS-485 at 19200 baud, 8 "
             "data bits, even parity, 1 stop bit (8E1), slave ids 1-30, on /dev/ttyUSB0 (an "
             "FTDI adapter).",
             {"goal": "what are the serial settings for the sensor bus? i want to sniff it with "
                      "a laptop",
              "guess": "the sensors are 9600 8N1 like everything else, yeah?",
              "probe": [bash("ssh pi@barn-pi-01 'jq .modbus /etc/quoitfield/config.json; stty "
                             "-F /dev/ttyUSB0 | head -1'",
                             "{\n  \"device\": \"/dev/ttyUSB0\",\n  \"baud\": 19200,\n  "
                             "\"parity\": \"even\",\n  \"stop_bits\": 1,\n  \"slave_ids\": [1, "
                             "30]\n}\nspeed 19200 baud; line = 0;")],
              "confirm": "The sensor bus runs Modbus RTU at 19200 baud, 8 data bits, even "
                         "parity, 1 stop bit (8E1) on /dev/ttyUSB0, slave ids 1 to 30. A "
                         "sniffer at 9600/8N1 would only show garbage.",
              "while": ("which device is the RS-485 adapter on the pi?",
                        "/dev/ttyUSB0, the FTDI adapter.")}),
        Fact("gotcha-modem", "gotcha", ["ID_MM_DEVICE_IGNORE"],
             ["a freshly imaged barn Pi gets nothing but CRC errors from the sensors for the "
              "first minute after boot — what was that?",
              "what has to be set up on a new Pi image so nothing else grabs the RS-485 "
              "adapter?"],
             "On a fresh Raspberry Pi OS image ModemManager probes quoitfield's FTDI RS-485 "
             "adapter with AT commands after boot, corrupting the Modbus bus (CRC errors, "
             "timeouts); a udev rule /etc/udev/rules.d/99-rs485.rules sets "
             "ENV{ID_MM_DEVICE_IGNORE}=\"1\" for the adapter (0403:6001).",
             {"symptom": "barn-pi-05 (fresh image): sensors all time out or fail crc for about "
                         "a minute after each boot, then fine. journal:",
              "trace": "Mar 14 06:12:03 barn-pi-05 quoitfield[611]: warning(modbus): slave 4: "
                       "crc mismatch (got 0x3f1a want 0x9b02)\nMar 14 06:12:03 barn-pi-05 "
                       "quoitfield[611]: warning(modbus): slave 5: timeout after 250ms\nMar 14 "
                       "06:12:04 barn-pi-05 quoitfield[611]: warning(modbus): slave 6: "
                       "unexpected byte 0x41 ('A') in frame",
              "probe": [bash("ssh pi@barn-pi-05 'journalctl -b -u ModemManager | tail -2; "
                             "lsusb | grep -i ftdi'",
                             "Mar 14 06:11:58 barn-pi-05 ModemManager[402]: <info>  [device "
                             "/sys/devices/platform/scb/fd500000.pcie/usb1/1-1/1-1.3] creating "
                             "modem with plugin 'generic' and '1' ports\nMar 14 06:12:59 "
                             "barn-pi-05 ModemManager[402]: <warn>  [base-manager] couldn't "
                             "check support for device '/sys/devices/platform/scb/"
                             "fd500000.pcie/usb1/1-1/1-1.3': not supported by any plugin\nBus "
                             "001 Device 004: ID 0403:6001 Future Technology Devices "
                             "International, Ltd FT232 Serial (UART) IC")],
              "explain": "ModemManager on the fresh image probes every new USB serial port "
                         "for a modem by writing AT commands to it — that's the 'A' byte in "
                         "the frames — so for the first minute after boot it is talking on the "
                         "RS-485 bus over the sensors. A udev rule setting "
                         "ENV{ID_MM_DEVICE_IGNORE}=\"1\" for the FTDI adapter (0403:6001) "
                         "makes it leave the port alone.",
              "told": "0x41 is 'A'... AT commands? is modemmanager probing the adapter?",
              "fix": [bash("ssh pi@barn-pi-05 'echo \"ATTRS{idVendor}==\\\"0403\\\", "
                           "ATTRS{idProduct}==\\\"6001\\\", ENV{ID_MM_DEVICE_IGNORE}="
                           "\\\"1\\\"\" | sudo tee /etc/udev/rules.d/99-rs485.rules && sudo "
                           "udevadm control --reload && sudo reboot'",
                           "ATTRS{idVendor}==\"0403\", ATTRS{idProduct}==\"6001\", "
                           "ENV{ID_MM_DEVICE_IGNORE}=\"1\"")],
              "done": "After the reboot ModemManager skips the adapter and the first poll "
                      "cycle reads all 30 sensors cleanly. The rule should go into the image "
                      "build too.",
              "title": "CRC errors for a minute after boot on fresh images"}),
        Fact("gotcha-signed", "gotcha", ["@bitCast"],
             ["the barn temperatures jumped to 6500 degrees last night when it froze — what "
              "causes that?",
              "how should negative sensor readings be decoded from the modbus registers?"],
             "quoitfield's climate sensors report temperature as a signed 16-bit register in "
             "tenths of a degree; reading it as u16 turned -0.5 °C into 6553.1 °C, so the "
             "register is reinterpreted with @bitCast to i16 before scaling.",
             {"symptom": "farm says the dashboard shows barn 2 at 6553 degrees at 3am. it was "
                         "freezing last night. mqtt dump:",
              "trace": "hollin/barns/2/temp {\"sensor\":4,\"raw\":65531,\"celsius\":6553.1,"
                       "\"ts\":1741917600}\nhollin/barns/2/temp {\"sensor\":4,\"raw\":65533,"
                       "\"celsius\":6553.3,\"ts\":1741917660}\nhollin/barns/2/temp "
                       "{\"sensor\":4,\"raw\":2,\"celsius\":0.2,\"ts\":1741917720}",
              "probe": [bash("grep -n 'celsius' src/sensors/climate.zig",
                             "41:    const celsius = @as(f32, @floatFromInt(regs[0])) / 10.0;")],
              "explain": "The temperature register is a signed 16-bit value in tenths of a "
                         "degree, but climate.zig converts the raw u16 straight to float: "
                         "-0.5 °C is 0xFFFB, which read unsigned is 65531, hence 6553.1. The "
                         "register has to be reinterpreted as i16 with @bitCast before "
                         "scaling.",
              "told": "65531 is like -5 in two's complement, isn't it. we read it unsigned",
              "fix": [edit("src/sensors/climate.zig",
                           "    const celsius = @as(f32, @floatFromInt(regs[0])) / 10.0;\n",
                           "    const signed: i16 = @bitCast(regs[0]);\n    const celsius = "
                           "@as(f32, @floatFromInt(signed)) / 10.0;\n"),
                      bash("zig build test", "")],
              "done": "Sub-zero temperatures decode correctly now (65531 is -0.5 °C), with a "
                      "test for it.",
              "title": "Freezing nights report 6553 degrees"}),
        Fact("fals-qos2", "falsified", ["QoS 2"],
             ["should the Pis publish with exactly-once delivery so we never get duplicate "
              "readings?",
              "why do we dedupe readings by sequence number instead of letting MQTT guarantee "
              "it?"],
             "Publishing quoitfield readings at MQTT QoS 2 (exactly once) was tried and "
             "reverted: over the barns' flaky LTE links the in-flight window filled and "
             "publishing stalled for hours; it stays QoS 1, with duplicates dropped by "
             "sequence number on ingest.",
             {"ask": "the analytics people hate duplicate readings. switch publishing to "
                     "exactly-once",
              "change": [edit("src/mqtt/publish.zig", "    .qos = .at_least_once,\n",
                              "    .qos = .exactly_once, // QoS 2\n"),
                         bash("./scripts/deploy-barn.sh barn-pi-02",
                              "quoitfield 0.7.4-dev (ReleaseSafe) installed on barn-pi-02")],
              "broke": bash("ssh pi@barn-pi-02 'journalctl -u quoitfield --since -2h | grep -c "
                            "\"window full\"; journalctl -u quoitfield -n 2'",
                            "214\nMar 12 16:40:02 barn-pi-02 quoitfield[702]: warning(mqtt): "
                            "inflight window full (20/20), publish blocked\nMar 12 16:40:12 "
                            "barn-pi-02 quoitfield[702]: warning(mqtt): inflight window full "
                            "(20/20), publish blocked"),
              "revert": bash("git checkout -- src/mqtt/publish.zig && ./scripts/deploy-barn.sh "
                             "barn-pi-02", "quoitfield 0.7.3 (ReleaseSafe) installed on "
                                           "barn-pi-02"),
              "conclusion": "Reverted to QoS 1. QoS 2 needs a four-step handshake per "
                            "message, and on barn 2's LTE link the round-trips lag so badly "
                            "that the 20-message in-flight window fills and publishing blocks. "
                            "Dropping duplicates by sequence number on ingest is cheaper.",
              "want": "the duplicate readings annoy the analytics people. can we use "
                      "exactly-once delivery?",
              "offer": "MQTT has that built in — QoS 2. It's a one-line change in "
                       "publish.zig. Switch?",
              "story": "we ran QoS 2 for a week in november. over the LTE links the inflight "
                       "window filled up and the pis stopped publishing for hours. back on "
                       "QoS 1, ingest drops dupes by seq number"}),
        Fact("fals-httpclient", "falsified", ["std.http.Client"],
             ["could the daemon send readings straight to the analytics company's API over "
              "HTTPS and skip the broker?",
              "why don't the Pis post directly to the analytics endpoint?"],
             "Having quoitfield POST readings straight to the analytics company's HTTPS API "
             "with Zig's std.http.Client was tried and reverted: the standard library's TLS "
             "client only speaks TLS 1.3 and their endpoint is TLS 1.2 only, so every "
             "handshake failed; readings go through the farm MQTT broker and their bridge.",
             {"ask": "skip mqtt for the analytics feed, post readings straight to their api "
                     "from the pi",
              "change": [write("src/sink/http.zig",
                               "const std = @import(\"std\");\n\npub fn post(alloc: "
                               "std.mem.Allocator, body: []const u8) !void {\n    var client = "
                               "std.http.Client{ .allocator = alloc };\n    defer "
                               "client.deinit();\n    _ = try client.fetch(.{ .location = .{ "
                               ".url = \"https://ingest.agrimetrics-cloud.com/v2/readings\" }, "
                               ".method = .POST, .payload = body });\n}\n"),
                         bash("zig build", "")],
              "broke": bash("./zig-out/bin/quoitfield --sink http --once",
                            "error(sink): POST https://ingest.agrimetrics-cloud.com/v2/readings"
                            " failed: error.TlsInitializationFailed\nerror: "
                            "TlsInitializationFailed", 1),
              "revert": bash("git rm -q src/sink/http.zig && git checkout -- src/main.zig",
                             ""),
              "conclusion": "Removed it again. Zig's std.http.Client uses the standard "
                            "library's TLS client, which only does TLS 1.3, and their ingest "
                            "endpoint only offers TLS 1.2 — the handshake fails every time. "
                            "Readings keep going through the broker.",
              "want": "what if the pis just posted readings to the analytics api directly "
                      "instead of mqtt?",
              "offer": "The standard library's HTTP client can do that with no extra "
                       "dependency — I can add an http sink. Go?",
              "story": "priya tried std.http.Client for exactly that in december. zig's tls "
                       "is 1.3 only and their endpoint is stuck on tls 1.2, handshake fails "
                       "every time. so it stays mqtt and their bridge"}),
    ]
    chatter = [
        "Mar 14 06:11:41 barn-pi-05 systemd[1]: Starting quoitfield.service - barn sensor "
        "relay...",
        "Mar 14 06:11:41 barn-pi-05 systemd[1]: Started quoitfield.service - barn sensor relay.",
        "Mar 14 06:11:42 barn-pi-05 quoitfield[611]: info(config): loaded "
        "/etc/quoitfield/config.json",
        "Mar 14 06:11:42 barn-pi-05 quoitfield[611]: info(mqtt): connecting",
        "Mar 14 06:11:43 barn-pi-05 quoitfield[611]: info(mqtt): connected, session present=0",
        "Mar 14 06:11:52 barn-pi-05 quoitfield[611]: info(poll): cycle 1 started",
        "Mar 14 06:11:55 barn-pi-05 quoitfield[611]: debug(modbus): slave 1: 4 registers ok",
        "Mar 14 06:11:55 barn-pi-05 quoitfield[611]: debug(modbus): slave 2: 4 registers ok",
        "Mar 14 06:11:56 barn-pi-05 quoitfield[611]: debug(modbus): slave 3: 4 registers ok",
        "Mar 14 06:12:02 barn-pi-05 quoitfield[611]: info(poll): cycle 1 done in 10.2s",
        "Mar 14 06:12:05 barn-pi-05 systemd-timesyncd[388]: Initial clock synchronization.",
        "Mar 14 06:12:09 barn-pi-05 quoitfield[611]: info(mqtt): published 27 readings",
        "Mar 14 06:12:12 barn-pi-05 quoitfield[611]: info(poll): cycle 2 started",
        "Mar 14 06:12:21 barn-pi-05 quoitfield[611]: debug(mqtt): ping ok 48ms",
        "Mar 14 06:12:30 barn-pi-05 kernel: usb 1-1.3: FTDI USB Serial Device converter now "
        "attached to ttyUSB0",
    ]
    history = [
        "zig build test", "zig build run -- --once", "zig version",
        "ssh pi@barn-pi-01", "scp zig-out/bin/quoitfield pi@barn-pi-02:/tmp/",
        "git checkout -- build.zig.zon", "git log --oneline -5",
    ]
    noise: list[Episode] = [
        look("how does the poll loop space out requests on the bus?", "src/poll.zig",
             "pub fn cycle(self: *Poller) !void {\n    for (self.slaves) |id| {\n        "
             "self.readClimate(id) catch |err| self.report(id, err);\n        "
             "std.time.sleep(40 * std.time.ns_per_ms);\n    }\n}\n",
             "It reads each slave in turn and sleeps 40 ms between them, so one bad sensor "
             "doesn't stop the cycle."),
        find("where's the humidity conversion?", "humidity",
             ["src/sensors/climate.zig", "src/sensors/climate_test.zig"],
             "src/sensors/climate.zig, tested in climate_test.zig."),
        tweak("typo in the --help text, 'intervall'", "src/cli.zig",
              "--interval <s>   poll intervall in seconds",
              "--interval <s>   poll interval in seconds", "Fixed the help text."),
        run("are all the barn pis online?", "for h in barn-pi-0{1..5}; do ping -c1 -W1 $h "
            ">/dev/null && echo \"$h up\" || echo \"$h DOWN\"; done",
            "barn-pi-01 up\nbarn-pi-02 up\nbarn-pi-03 up\nbarn-pi-04 DOWN\nbarn-pi-05 up",
            "Four of five answer; barn-pi-04 is down (power or the LTE router in barn 4)."),
        talk("what's the difference between a slice and an array in zig, one line?",
             "An array has its length in the type and lives by value; a slice is a pointer "
             "plus a runtime length into some array."),
        [Step(prompt="list what's left for the farm before the spring visit"),
         Step(tools=[todo_write([("Sub-zero temperature test", "pending", "Testing sub-zero"),
                                 ("Image build for barn 6", "pending", "Building image"),
                                 ("Hours for March", "pending", "Writing up hours")])]),
         Step(text="Three items: a sub-zero test, the barn 6 image and your March hours.")],
        steps("how much disk is the journal using on pi-01?",
              [bash("ssh pi@barn-pi-01 'journalctl --disk-usage'",
                    "Archived and active journals take up 48.0M in the file system.")],
              "48 MB, well under the cap."),
        steps("what changed since the last tag?",
              [agent("Changes since last tag", "List commits since the latest tag, one line "
                     "each.", "Since v0.7.2: humidity rounding fix; reconnect backoff cap; "
                     "help text typo; CI cache key.", "a71b2c93e0d4", "Explore", 3)],
              "A humidity rounding fix, a cap on the reconnect backoff, a help-text typo and "
              "a CI cache tweak."),
    ]
    return Project(
        "quoitfield", "git@github.com:hollin-farms/quoitfield.git",
        {"README.md": "# quoitfield\n\nBarn climate sensors to MQTT.\n",
         "build.zig.zon": ".{\n    .name = \"quoitfield\",\n    .version = \"0.7.3\",\n    "
                          ".dependencies = .{},\n}\n",
         "docs/handover.md": "# Handover\n\n## Environment\n"},
        _equip(facts, client="the farm", contact="Gareth", reviewer="priya",
               chatter=chatter, handover="docs/handover.md", history=history),
        noise, "github")


# ------------------------------------------------------------------- marlpit
def marlpit() -> Project:
    web = "deploy@web1.bkdental.ie"
    day = "app/Livewire/DayView.php"
    facts = [
        Fact("conv-actions", "convention", ["app/Actions"],
             ["where should the logic for rescheduling an appointment live — in the Livewire "
              "component?",
              "how is business logic organised in this Laravel app?"],
             "marlpit keeps business logic in single-purpose action classes under app/Actions "
             "(one public handle() method, e.g. RescheduleAppointment); Livewire components "
             "and controllers only validate input and call an action.",
             {"task": "the 'move appointment' button on the day view should reschedule and "
                      "notify the patient",
              "rule": "logic goes in an action class in app/Actions with a handle() method, "
                      "the livewire component just validates and calls it",
              "contrary": edit(day, "    public function move(int $id, string $slot): void\n"
                                    "    {\n",
                               "    public function move(int $id, string $slot): void\n    {\n"
                               "        $appt = Appointment::findOrFail($id);\n        "
                               "$appt->update(['starts_at' => $slot]);\n        "
                               "$appt->patient->notify(new AppointmentMoved($appt));\n"),
              "follow": [write("app/Actions/Appointments/RescheduleAppointment.php",
                               "<?php\n\nnamespace App\\Actions\\Appointments;\n\nuse "
                               "App\\Models\\Appointment;\nuse App\\Notifications\\"
                               "AppointmentMoved;\nuse Carbon\\CarbonImmutable;\n\nclass "
                               "RescheduleAppointment\n{\n    public function handle("
                               "Appointment $appt, CarbonImmutable $slot): Appointment\n    {\n"
                               "        $appt->update(['starts_at' => $slot]);\n        "
                               "$appt->patient->notify(new AppointmentMoved($appt));\n\n        "
                               "return $appt;\n    }\n}\n"),
                         edit(day, "    public function move(int $id, string $slot): void\n"
                                   "    {\n",
                              "    public function move(int $id, string $slot): void\n    {\n"
                              "        $this->validate(['slot' => 'required|date|after:now'])"
                              ";\n        app(RescheduleAppointment::class)->handle("
                              "Appointment::findOrFail($id), CarbonImmutable::parse($slot));\n"),
                         bash("php artisan test --filter=DayView",
                              "   PASS  Tests\\Feature\\DayViewTest\n  ✓ it moves an "
                              "appointment  0.41s\n\n  Tests:    6 passed (14 assertions)")],
              "done": "RescheduleAppointment is an action with a handle() method; DayView::move "
                      "validates the slot and calls it. Day view tests pass.",
              "doc": ("docs/ARCHITECTURE.md",
                      "# Architecture\n\n## Where code goes\n\n- Business logic: one class "
                      "per use case in `app/Actions/<Area>/`, with a single public "
                      "`handle()` method.\n- Livewire components and controllers validate "
                      "input and call an action — no queries or notifications in them.\n"),
              "found": "docs/ARCHITECTURE.md says each use case is an action class in "
                       "app/Actions/<Area>/ with one handle() method, and Livewire components "
                       "only validate and call actions.",
              "review": "DayView shouldn't update the appointment or send notifications "
                        "itself — put it in an action under app/Actions with handle(), the "
                        "component only validates and calls it"}),
        Fact("conv-money", "convention", ["brick/money"],
             ["adding a no-show fee to the booking — how should I store and calculate the "
              "amount?",
              "is a decimal column ok for the deposit amount?"],
             "marlpit stores money as integer cents in *_cents columns and does all "
             "arithmetic and formatting with brick/money (Money::ofMinor($cents, 'EUR')); no "
             "float or decimal amounts.",
             {"task": "add a no-show fee to appointment types, default €25, and show it on the "
                      "booking summary",
              "rule": "money is integer cents (`no_show_fee_cents`) and any maths or "
                      "formatting goes through brick/money — Money::ofMinor($cents, 'EUR'). "
                      "never decimal columns or floats",
              "contrary": edit("database/migrations/2025_03_10_120000_add_no_show_fee.php",
                               "        Schema::table('appointment_types', function "
                               "(Blueprint $table) {\n",
                               "        Schema::table('appointment_types', function "
                               "(Blueprint $table) {\n            $table->decimal("
                               "'no_show_fee', 8, 2)->default(25.00);\n"),
              "follow": [edit("database/migrations/2025_03_10_120000_add_no_show_fee.php",
                              "        Schema::table('appointment_types', function "
                              "(Blueprint $table) {\n",
                              "        Schema::table('appointment_types', function "
                              "(Blueprint $table) {\n            $table->unsignedInteger("
                              "'no_show_fee_cents')->default(2500);\n"),
                         edit("app/Livewire/BookingSummary.php",
                              "            'deposit' => $this->depositLabel(),\n",
                              "            'deposit' => $this->depositLabel(),\n            "
                              "'noShowFee' => Money::ofMinor($this->type->no_show_fee_cents, "
                              "'EUR')->formatTo('en_IE'),\n"),
                         bash("php artisan migrate && php artisan test "
                              "--filter=BookingSummary",
                              "   INFO  Running migrations.\n  2025_03_10_120000_add_no_show_fee "
                              "..... 18ms DONE\n\n   PASS  Tests\\Feature\\BookingSummaryTest\n"
                              "  Tests:    4 passed (9 assertions)")],
              "done": "no_show_fee_cents (default 2500) is on appointment_types and the "
                      "booking summary shows it as €25.00 via brick/money.",
              "doc": ("docs/ARCHITECTURE.md",
                      "# Architecture\n\n## Money\n\nAmounts are integer cents in `*_cents` "
                      "columns. PHP code wraps them in brick/money "
                      "(`Money::ofMinor($cents, 'EUR')`) for arithmetic and formatting. No "
                      "floats, no decimal columns.\n"),
              "found": "docs/ARCHITECTURE.md says amounts are integer cents in *_cents "
                       "columns, handled in PHP with brick/money.",
              "review": "the fee should be integer cents (no_show_fee_cents) and formatted "
                        "with brick/money, not number_format() on a float"}),
        Fact("cmd-dusk", "command", ["dusk:chrome-driver --detect"],
             ["the browser tests can't start a chromedriver session — how do I get them "
              "running?",
              "how do I run the browser test suite on my machine after Chrome updated?"],
             "marlpit's Dusk browser tests need a chromedriver matching the installed Chrome: "
             "run `php artisan dusk:chrome-driver --detect` (again after every Chrome update), "
             "then `php artisan dusk`.",
             {"goal": "run the browser tests for the booking flow",
              "fail": bash("php artisan dusk --filter=BookingFlowTest",
                           "  FAILED  Tests\\Browser\\BookingFlowTest > patient can book a "
                           "checkup\n  Facebook\\WebDriver\\Exception\\"
                           "SessionNotCreatedException\n  session not created: This version "
                           "of ChromeDriver only supports Chrome version 122\nCurrent browser "
                           "version is 124.0.6367.91", 1),
              "note": "The installed chromedriver is older than the local Chrome. Dusk can "
                      "download the driver that matches the Chrome version it detects.",
              "ok": bash("php artisan dusk:chrome-driver --detect && php artisan dusk "
                         "--filter=BookingFlowTest",
                         "ChromeDriver binary successfully installed for version "
                         "124.0.6367.91.\n\n   PASS  Tests\\Browser\\BookingFlowTest\n  ✓ "
                         "patient can book a checkup  4.21s\n  ✓ patient sees deposit before "
                         "confirming  3.87s\n\n  Tests:    2 passed (9 assertions)"),
              "done": "Both booking-flow browser tests pass with the matching driver.",
              "hint": "chrome auto-updated again probably. `php artisan dusk:chrome-driver "
                      "--detect` then rerun",
              "script": ("docs/testing.md",
                         "# Testing\n\n## Browser tests (Dusk)\n\nChrome updates itself; when "
                         "Dusk says the session can't be created, fetch the matching "
                         "driver:\n\n    php artisan dusk:chrome-driver --detect\n    php "
                         "artisan dusk\n")}),
        Fact("cmd-envoy", "command", ["envoy run deploy"],
             ["how do I ship the latest main to the practices' production server?",
              "what's the deploy command for the dental app — there's no production git "
              "remote?"],
             "marlpit deploys with Laravel Envoy from the laptop: `php vendor/bin/envoy run "
             "deploy` (Envoy.blade.php: pull, composer install --no-dev, migrate --force, "
             "build assets, reload php8.3-fpm on web1); there is no push-to-deploy remote.",
             {"goal": "ship main to production, the practice manager wants the new reminder "
                      "text live today",
              "fail": bash("git push production main",
                           "fatal: 'production' does not appear to be a git repository\n"
                           "fatal: Could not read from remote repository.\n\nPlease make sure "
                           "you have the correct access rights\nand the repository exists.",
                           128),
              "note": "There's no push-to-deploy remote; deploys go through Laravel Envoy, "
                      "whose Envoy.blade.php has a deploy story for web1.",
              "ok": bash("php vendor/bin/envoy run deploy",
                         "[deploy@web1.bkdental.ie]: From github.com:bkdental/marlpit\n"
                         "[deploy@web1.bkdental.ie]: Installing dependencies from lock file\n"
                         "[deploy@web1.bkdental.ie]:    INFO  Nothing to migrate.\n"
                         "[deploy@web1.bkdental.ie]: vite v5.2.8 building for production...\n"
                         "[deploy@web1.bkdental.ie]: ✓ built in 6.12s\n"
                         "[deploy@web1.bkdental.ie]: Reloading php8.3-fpm"),
              "done": "main is live on web1: dependencies installed, nothing to migrate, "
                      "assets built and fpm reloaded.",
              "hint": "there's no git remote for prod. `php vendor/bin/envoy run deploy` from "
                      "the repo root",
              "script": ("Envoy.blade.php",
                         "@servers(['web' => 'deploy@web1.bkdental.ie'])\n\n@story('deploy')\n"
                         "    pull\n    composer\n    migrate\n    assets\n    reload\n"
                         "@endstory\n\n@task('pull', ['on' => 'web'])\n    cd /var/www/marlpit "
                         "&& git pull --ff-only origin main\n@endtask\n")}),
        Fact("env-dbport", "environment", ["25060"],
             ["what port is the production MySQL on? the default one doesn't connect",
              "connecting TablePlus to the practices' managed database — which port?"],
             "marlpit's production database is a DigitalOcean managed MySQL 8 cluster on port "
             "25060 (not 3306), TLS required, reachable only from web1 (trusted source); "
             "DB_PORT=25060 in the server's .env.",
             {"goal": "what's the db host and port in prod? need a read-only report for the "
                      "practice manager",
              "guess": "prod db is the usual mysql on 3306 on the web box, right?",
              "probe": [bash(f"ssh {web} 'grep ^DB_ /var/www/marlpit/.env | grep -v "
                             "PASSWORD'",
                             "DB_CONNECTION=mysql\nDB_HOST=bkdental-db-do-user-1184302-0.b.db."
                             "ondigitalocean.com\nDB_PORT=25060\nDB_DATABASE=marlpit\n"
                             "DB_USERNAME=marlpit_app")],
              "confirm": "Production uses a DigitalOcean managed MySQL, not a local server: "
                         "host bkdental-db-do-user-1184302-0.b.db.ondigitalocean.com, port "
                         "25060 (DO's managed port, not 3306), TLS required. It only accepts "
                         "connections from web1, so the report has to run from there.",
              "while": ("is the prod database on the web server itself or separate?",
                        "Separate — a DigitalOcean managed MySQL cluster.")}),
        Fact("env-tz", "environment", ["Europe/Dublin"],
             ["what timezone does the app treat appointment times in?",
              "reminder texts go out at 18:00 — 18:00 in which zone?"],
             "marlpit's app timezone is Europe/Dublin (APP_TIMEZONE in the server .env "
             "overrides config/app.php's UTC default); appointment times and the 18:00 "
             "reminder run are Irish local time.",
             {"goal": "what timezone are appointments in? writing the spec for the new sms "
                      "provider",
              "guess": "the app's on UTC isn't it?",
              "probe": [bash(f"grep -n \"'timezone'\" config/app.php; ssh {web} 'grep "
                             "APP_TIMEZONE /var/www/marlpit/.env'",
                             "73:    'timezone' => env('APP_TIMEZONE', 'UTC'),\n"
                             "APP_TIMEZONE=Europe/Dublin"),
                        bash("grep -n Reminders routes/console.php",
                             "12:Schedule::job(new SendReminders)->dailyAt('18:00');")],
              "confirm": "The app runs in Europe/Dublin — APP_TIMEZONE in the server's .env "
                         "overrides the UTC default in config/app.php — so appointment times "
                         "and the 18:00 reminder run are Irish local time, summer time "
                         "included.",
              "while": ("what time do the reminder messages go out each day?",
                        "18:00 — SendReminders is scheduled dailyAt('18:00') in "
                        "routes/console.php.")}),
        Fact("gotcha-wiremodel", "gotcha", ["wire:model.live"],
             ["the patient search box on the front desk screen doesn't filter as you type "
              "anymore — why?",
              "in Livewire 3 how do you make an input update the component on every "
              "keystroke?"],
             "Since marlpit moved to Livewire 3, plain wire:model is deferred (it syncs only "
             "with the next request), so the front-desk patient search stopped filtering "
             "while typing; inputs that must update live use wire:model.live (with "
             ".debounce.300ms).",
             {"symptom": "front desk says patient search stopped filtering as they type since "
                         "the upgrade. only updates if they click somewhere else. console:",
              "trace": "livewire.js?id=cc800bf4:4316 [Livewire] patient-search: no commit on "
                       "input\n(no network requests while typing; POST /livewire/update fires "
                       "on blur)",
              "probe": [bash("grep -n 'wire:model' "
                             "resources/views/livewire/patient-search.blade.php",
                             "3:    <input type=\"search\" wire:model=\"query\" "
                             "placeholder=\"Name, phone or PPS\">"),
                        bash("composer show livewire/livewire | grep versions",
                             "versions : * v3.4.10")],
              "explain": "In Livewire 3 a plain wire:model is deferred: the value only goes to "
                         "the server with the next request, which here happens on blur. The "
                         "v2 behaviour — update on every keystroke — is now wire:model.live; "
                         "with .debounce.300ms it won't send a request per letter.",
              "told": "livewire 3 made wire:model lazy by default, didn't it",
              "fix": [edit("resources/views/livewire/patient-search.blade.php",
                           "wire:model=\"query\"", "wire:model.live.debounce.300ms=\"query\"")],
              "done": "The search filters as they type again, one request per pause rather "
                      "than per letter.",
              "title": "Patient search stopped live-filtering after the Livewire 3 upgrade"}),
        Fact("gotcha-horizon", "gotcha", ["horizon:terminate"],
             ["I deployed a fix to the reminder job but the queue still runs the old code — "
              "what's the missing step?",
              "after a deploy, how do the queue workers pick up the new code?"],
             "marlpit's queue workers are long-running Horizon processes that keep the code "
             "they booted with; every deploy must run `php artisan horizon:terminate` "
             "(supervisor restarts Horizon on the new code), now a step in Envoy.blade.php.",
             {"symptom": "deployed the reminder text fix an hour ago, patients still get the "
                         "old wording. deploy output was clean",
              "trace": "[2025-03-12 18:00:04] production.INFO: SendReminders dispatched 41 "
                       "messages {\"template\":\"v1\"}\n[2025-03-12 18:00:04] "
                       "production.INFO: worker booted 2025-03-10 09:12:55 pid 18233",
              "probe": [bash(f"ssh {web} 'ps -o pid,lstart,cmd -C php | grep horizon'",
                             "18233 Mon Mar 10 09:12:55 2025 php /var/www/marlpit/artisan "
                             "horizon:work redis --name=default --supervisor=web1-Xk2p"),
                        bash("grep -n 'artisan' Envoy.blade.php",
                             "18:    php artisan migrate --force\n19:    php artisan "
                             "config:cache")],
              "explain": "Horizon's workers are long-running PHP processes: they loaded the "
                         "app on Monday at 09:12 and keep executing that code whatever is on "
                         "disk, and the deploy never tells them to restart. `php artisan "
                         "horizon:terminate` makes Horizon finish its current jobs and exit, "
                         "supervisor starts it again on the new code — it has to be a deploy "
                         "step.",
              "told": "horizon never restarted, did it. the workers are still on monday's "
                      "code",
              "fix": [edit("Envoy.blade.php", "    php artisan config:cache\n",
                           "    php artisan config:cache\n    php artisan horizon:terminate\n"),
                      bash(f"ssh {web} 'cd /var/www/marlpit && php artisan horizon:terminate'",
                           "   INFO  Sending TERM signal to processes.")],
              "done": "Horizon restarted on the current code and the deploy now terminates it "
                      "every time; tonight's reminders go out with the new wording.",
              "title": "Queue keeps running old code after a deploy"}),
        Fact("fals-poll", "falsified", ["wire:poll"],
             ["can the day board refresh itself every couple of seconds so reception sees new "
              "bookings?",
              "why doesn't the appointments board just keep asking the server for updates?"],
             "Refreshing marlpit's reception day board with Livewire wire:poll every 2 seconds "
             "was tried and reverted: with ~15 screens open it exhausted the managed MySQL's "
             "connections ('Too many connections'); the board updates from broadcast events "
             "instead.",
             {"ask": "reception wants the day board to update by itself. just poll every 2s",
              "change": [edit("resources/views/livewire/day-board.blade.php", "<div>\n",
                              "<div wire:poll.2s>\n")],
              "broke": bash("k6 run tests/load/day-board.js",
                            "     ✗ status is 200\n      ↳  71% — ✓ 1213 / ✗ 497\n     "
                            "http_req_duration....: avg=3.1s p(95)=9.8s\nERRO[0121] "
                            "SQLSTATE[HY000] [1040] Too many connections", 99),
              "revert": bash("git checkout -- resources/views/livewire/day-board.blade.php",
                             ""),
              "conclusion": "Reverted. wire:poll.2s makes every open board re-run the whole "
                            "day's query every two seconds; with fifteen screens the load test "
                            "hit the managed MySQL's connection limit. Pushing an event when a "
                            "booking changes keeps the board current without that.",
              "want": "reception want the day board to refresh itself. can it just poll?",
              "offer": "Livewire makes that one attribute — wire:poll.2s on the board's root "
                       "element. Add it?",
              "story": "declan did wire:poll on the board last year. fifteen screens polling "
                       "every 2s and the managed mysql ran out of connections on a monday "
                       "morning. the board updates from broadcast events now"}),
        Fact("fals-dbqueue", "falsified", ["QUEUE_CONNECTION=database"],
             ["could we drop Redis and run the job queue on MySQL to save a bit of money?",
              "why do we pay for a Redis instance just for background jobs?"],
             "Moving marlpit's queue from Redis to the database driver "
             "(QUEUE_CONNECTION=database) to save the Redis bill was tried and reverted: at "
             "the 18:00 reminder batch the workers deadlocked on the jobs table and retried "
             "jobs sent duplicate reminders; the queue stays on Redis with Horizon.",
             {"ask": "the redis droplet costs €15 a month just for the queue. move the queue "
                     "to the database",
              "change": [bash("php artisan make:queue-table && php artisan migrate",
                              "   INFO  Migration created successfully.\n   INFO  Running "
                              "migrations.\n  2025_03_12_101500_create_jobs_table ....... 21ms "
                              "DONE"),
                         edit(".env.staging", "QUEUE_CONNECTION=redis\n",
                              "QUEUE_CONNECTION=database\n")],
              "broke": bash("php artisan reminders:simulate --env=staging --patients=600",
                            "Dispatched 600 reminder jobs\n  SQLSTATE[40001]: Serialization "
                            "failure: 1213 Deadlock found when trying to get lock; try "
                            "restarting transaction (SQL: select * from `jobs` where `queue` = "
                            "default ... for update)\nduplicates sent: 37", 1),
              "revert": bash("git checkout -- .env.staging && php artisan migrate:rollback "
                             "--step=1", "   INFO  Rolling back migrations.\n  "
                                         "2025_03_12_101500_create_jobs_table ....... 9ms DONE"),
              "conclusion": "Reverted to Redis. With QUEUE_CONNECTION=database the workers "
                            "locking rows of the jobs table at the reminder batch deadlock on "
                            "MySQL, and the retries sent 37 duplicate reminders in the "
                            "simulation. The Redis droplet is cheaper than that.",
              "want": "could we save the redis cost and just use the database for queues?",
              "offer": "Laravel's database queue driver would do it: a jobs table and one env "
                       "change. Switch?",
              "story": "did that in the autumn, QUEUE_CONNECTION=database. the 6pm reminder "
                       "batch deadlocked on the jobs table and a bunch of patients got two "
                       "texts. back to redis"}),
    ]
    chatter = [
        "[2025-03-12 09:00:01] production.INFO: schedule:run started",
        "[2025-03-12 09:00:01] production.INFO: Running [App\\Jobs\\SyncRecalls] ....... 212ms "
        "DONE",
        "[2025-03-12 09:02:14] production.INFO: GET /day/2025-03-12 200 184ms",
        "[2025-03-12 09:02:15] production.INFO: POST /livewire/update 200 61ms",
        "[2025-03-12 09:03:40] production.WARNING: Slow query (1204ms): select * from "
        "`appointments` where date(`starts_at`) = ?",
        "[2025-03-12 09:04:02] production.INFO: GET /patients/1842 200 97ms",
        "[2025-03-12 09:05:10] production.INFO: POST /livewire/update 200 58ms",
        "[2025-03-12 09:06:33] production.INFO: Horizon: 3 processes running on web1",
        "[2025-03-12 09:07:12] production.INFO: GET /recalls?practice=2 200 211ms",
        "[2025-03-12 09:08:45] production.NOTICE: Login user=reception2 ip=10.8.0.12",
        "[2025-03-12 09:09:03] production.INFO: POST /livewire/update 200 73ms",
        "[2025-03-12 09:10:00] production.INFO: schedule:run started",
        "[2025-03-12 09:10:19] production.INFO: GET /day/2025-03-12 200 176ms",
        "[2025-03-12 09:11:30] production.INFO: Mail sent: RecallLetter to patient 9921",
        "[2025-03-12 09:12:02] production.INFO: POST /livewire/update 200 66ms",
    ]
    history = [
        "php artisan test", "php artisan migrate:status", "php artisan tinker",
        "php artisan horizon:status", "composer install", "npm run dev",
    ]
    noise: list[Episode] = [
        look("how does the recall list decide who's due?", "app/Queries/DueRecalls.php",
             "return Patient::query()\n    ->whereDate('last_checkup_at', '<=', "
             "now()->subMonths(6))\n    ->whereNull('recall_opt_out_at')\n    "
             "->orderBy('last_checkup_at');\n",
             "Patients whose last checkup was six or more months ago and who haven't opted "
             "out, oldest first."),
        find("where are the SMS templates?", "Reminder",
             ["resources/views/sms/reminder.blade.php", "app/Notifications/Reminder.php"],
             "The text is in resources/views/sms/reminder.blade.php; the notification class is "
             "app/Notifications/Reminder.php."),
        tweak("the booking summary says 'Appointmnet'",
              "resources/views/livewire/booking-summary.blade.php",
              "Appointmnet details", "Appointment details", "Fixed."),
        run("is the site up?", "curl -s -o /dev/null -w '%{http_code}' "
            "https://app.bkdental.ie/up", "200", "Yes — /up answers 200."),
        talk("what's the difference between a Livewire component and a Blade component?",
             "A Blade component is rendered once on the server; a Livewire component keeps "
             "state and re-renders over AJAX when the user interacts with it."),
        [Step(prompt="what's left for the practices this week?"),
         Step(tools=[todo_write([("No-show fee on bookings", "pending", "Adding fee"),
                                 ("Reminder wording change", "pending", "Changing wording"),
                                 ("Invoice for February", "pending", "Invoicing")])]),
         Step(text="The no-show fee, the reminder wording, and the February invoice.")],
        steps("how many appointments are booked for tomorrow?",
              [bash("php artisan tinker --execute=\"echo App\\\\Models\\\\Appointment::"
                    "whereDate('starts_at', today()->addDay())->count();\"", "87")],
              "87 appointments tomorrow across the three practices."),
        steps("anything open from the practices on github?",
              [bash("gh issue list --label practice", "#112  Print recall letters in "
                                                      "batches\n#118  Hide cancelled from day "
                                                      "view")],
              "Two: batch printing of recall letters (#112) and hiding cancelled appointments "
              "from the day view (#118)."),
    ]
    return Project(
        "marlpit", "git@github.com:bkdental/marlpit.git",
        {"README.md": "# marlpit\n\nAppointments and recalls for the practices.\n",
         "composer.json": "{\"name\": \"bkdental/marlpit\", \"require\": {\"php\": \"^8.3\", "
                          "\"laravel/framework\": \"^11.0\", \"livewire/livewire\": \"^3.4\"}}"
                          "\n",
         "docs/handover.md": "# Handover\n\n## Environment\n"},
        _equip(facts, client="the practices", contact="Siobhan", reviewer="declan",
               chatter=chatter, handover="docs/handover.md", history=history),
        noise, "stripe")


# ------------------------------------------------------------------- sallowmere
def sallowmere() -> Project:
    nc = "envs/prod/nextcloud.tf"
    occ = "sudo -u www-data php /var/www/nextcloud/occ"
    facts = [
        Fact("conv-vault", "convention", ["vault.yml"],
             ["where do I put the SMTP password for the new mail relay role?",
              "can a secret go straight into the group vars file if the repo is private?"],
             "sallowmere keeps every secret in the ansible-vault-encrypted "
             "group_vars/<group>/vault.yml as a vault_-prefixed variable, referenced from the "
             "plain vars.yml (e.g. `mail_relay_password: \"{{ vault_mail_relay_password }}\"`); "
             "no secret is ever written in a plain vars file.",
             {"task": "the mail relay role needs the mailgun smtp password for the nextcloud "
                      "group",
              "rule": "secrets only ever go in group_vars/<group>/vault.yml (encrypted, "
                      "`ansible-vault edit`), named vault_something, and vars.yml references "
                      "them. nothing secret in plain vars, private repo or not",
              "contrary": edit("group_vars/nextcloud/vars.yml",
                               "mail_relay_host: smtp.eu.mailgun.org\n",
                               "mail_relay_host: smtp.eu.mailgun.org\nmail_relay_password: "
                               "\"<paste password here>\"\n"),
              "follow": [edit("group_vars/nextcloud/vars.yml",
                              "mail_relay_host: smtp.eu.mailgun.org\n",
                              "mail_relay_host: smtp.eu.mailgun.org\nmail_relay_password: "
                              "\"{{ vault_mail_relay_password }}\"\n"),
                         bash("ansible-vault view group_vars/nextcloud/vault.yml "
                              "--vault-password-file .vault-pass | sed 's/:.*/: (hidden)/'",
                              "vault_nextcloud_admin_password: (hidden)\nvault_db_password: "
                              "(hidden)\nvault_restic_password: (hidden)")],
              "done": "vars.yml now takes mail_relay_password from vault_mail_relay_password. "
                      "Add the value yourself with `ansible-vault edit "
                      "group_vars/nextcloud/vault.yml` — I haven't written the password "
                      "anywhere in plain text.",
              "doc": ("docs/conventions.md",
                      "# Conventions\n\n## Secrets\n\nEvery secret lives in "
                      "`group_vars/<group>/vault.yml`, encrypted with ansible-vault, as "
                      "`vault_<name>`. The plain `vars.yml` next to it refers to it: "
                      "`db_password: \"{{ vault_db_password }}\"`. Nothing secret goes in a "
                      "plain file, private repo or not.\n"),
              "found": "docs/conventions.md says secrets live only in the encrypted "
                       "group_vars/<group>/vault.yml as vault_-prefixed variables, referenced "
                       "from the plain vars.yml.",
              "review": "mail_relay_password is in plain vars.yml — it belongs in the "
                        "encrypted vault.yml as vault_mail_relay_password, and vars.yml "
                        "references it"}),
        Fact("conv-labels", "convention", ["common_labels"],
             ["new hcloud volume for the backups — anything it has to carry in the terraform "
              "code?",
              "how do we tag resources in the Hetzner terraform code?"],
             "Every sallowmere Terraform resource that takes labels gets `labels = "
             "merge(local.common_labels, {...})` (owner, env, managed_by from locals.tf); the "
             "cost report and the firewall label selectors rely on them.",
             {"task": "add a 100G hcloud volume for the nextcloud data and attach it to nc-01",
              "rule": "every resource gets `labels = merge(local.common_labels, { role = ... "
                      "})` — the cost report and the firewall selectors go by those labels",
              "contrary": edit(nc, "# volumes\n",
                               "# volumes\nresource \"hcloud_volume\" \"nc_data\" {\n  name     "
                               "= \"nc-data\"\n  size     = 100\n  location = \"fsn1\"\n}\n"),
              "follow": [edit(nc, "# volumes\n",
                              "# volumes\nresource \"hcloud_volume\" \"nc_data\" {\n  name     "
                              "= \"nc-data\"\n  size     = 100\n  location = \"fsn1\"\n  "
                              "labels   = merge(local.common_labels, { role = "
                              "\"nextcloud-data\" })\n}\n\nresource "
                              "\"hcloud_volume_attachment\" \"nc_data\" {\n  volume_id = "
                              "hcloud_volume.nc_data.id\n  server_id = hcloud_server.nc01.id\n"
                              "}\n"),
                         bash("terraform -chdir=envs/prod plan -out=vol.plan | tail -3",
                              "Plan: 2 to add, 0 to change, 0 to destroy.\n\nSaved the plan "
                              "to: vol.plan")],
              "done": "The volume carries the common labels plus role=nextcloud-data, and the "
                      "attachment to nc-01 is in the same plan (2 to add). Apply when you're "
                      "ready.",
              "doc": ("docs/conventions.md",
                      "# Conventions\n\n## Terraform\n\nEvery resource that takes labels gets "
                      "`labels = merge(local.common_labels, {...})`. `local.common_labels` "
                      "(locals.tf) sets owner, env and managed_by; the cost report and the "
                      "firewall label selectors depend on them.\n"),
              "found": "docs/conventions.md says every labelled resource merges "
                       "local.common_labels (owner, env, managed_by); the cost report and the "
                       "firewall selectors depend on it.",
              "review": "hcloud_volume.nc_data has no labels — merge local.common_labels in "
                        "like everything else, the cost report misses it otherwise"}),
        Fact("cmd-init", "command", ["-backend-config=backend.hcl"],
             ["terraform init in the prod folder fails talking to the state backend — how is "
              "it meant to be initialised?",
              "how do I set up terraform on a fresh clone of the infra repo?"],
             "sallowmere's Terraform state is in an S3-compatible bucket on Hetzner Object "
             "Storage; each env is initialised with `terraform -chdir=envs/prod init "
             "-backend-config=backend.hcl` (endpoint, region and the skip_* flags live in "
             "envs/<env>/backend.hcl); a bare init tries AWS STS and fails.",
             {"goal": "fresh clone on the new laptop, get terraform working for prod",
              "fail": bash("terraform -chdir=envs/prod init",
                           "Initializing the backend...\n╷\n│ Error: Retrieving AWS account "
                           "details: validating provider credentials: retrieving caller "
                           "identity from STS: operation error STS: GetCallerIdentity, https "
                           "response error StatusCode: 403, RequestID: 5c1e0e4b, api error "
                           "InvalidClientTokenId: The security token included in the request "
                           "is invalid.\n╵", 1),
              "note": "Without the backend settings, init treats the bucket as real AWS S3 "
                      "and asks STS about the credentials. The endpoint and skip flags for "
                      "Hetzner's object storage are in envs/prod/backend.hcl, passed at init.",
              "ok": bash("terraform -chdir=envs/prod init -backend-config=backend.hcl",
                         "Initializing the backend...\n\nSuccessfully configured the backend "
                         "\"s3\"! Terraform will automatically\nuse this backend unless the "
                         "backend configuration changes.\nInitializing provider plugins...\n- "
                         "Installing hetznercloud/hcloud v1.48.1...\n\nTerraform has been "
                         "successfully initialized!"),
              "done": "Prod is initialised against the remote state; a plan shows no "
                      "changes.",
              "hint": "it needs the backend file. `terraform -chdir=envs/prod init "
                      "-backend-config=backend.hcl`",
              "script": ("envs/prod/README.md",
                         "# prod\n\nState lives in Hetzner Object Storage (S3 API). Initialise "
                         "with\n\n    terraform -chdir=envs/prod init "
                         "-backend-config=backend.hcl\n\nbackend.hcl holds the endpoint and the "
                         "skip_* flags S3-compatible storage needs.\n")}),
        Fact("cmd-galaxy", "command", ["collections/requirements.yml"],
             ["ansible says it couldn't resolve the ufw module — what did I forget to "
              "install?",
              "what do I run on a new machine before the playbooks work?"],
             "sallowmere's playbooks need the Galaxy collections pinned in "
             "collections/requirements.yml (community.general, ansible.posix): run "
             "`ansible-galaxy collection install -r collections/requirements.yml` before "
             "ansible-playbook, or modules like community.general.ufw can't be resolved.",
             {"goal": "apply the base role to the new mail relay box",
              "fail": bash("ansible-playbook -i inventory/prod.yml site.yml --limit mail-01 "
                           "--tags base",
                           "ERROR! couldn't resolve module/action 'community.general.ufw'. "
                           "This often indicates a misspelling, missing collection, or "
                           "incorrect module path.\n\nThe error appears to be in "
                           "'roles/base/tasks/firewall.yml': line 2, column 3", 4),
              "note": "The collections the roles use aren't installed on this machine. They're "
                      "pinned in the repo; installing them from the requirements file fixes "
                      "the module lookup.",
              "ok": bash("ansible-galaxy collection install -r collections/requirements.yml "
                         "&& ansible-playbook -i inventory/prod.yml site.yml --limit mail-01 "
                         "--tags base",
                         "Installing 'community.general:9.4.0' to '/home/dev/.ansible/"
                         "collections/ansible_collections/community/general'\nInstalling "
                         "'ansible.posix:1.6.2' to '/home/dev/.ansible/collections/"
                         "ansible_collections/ansible/posix'\n\nPLAY RECAP "
                         "*********************************************************\n"
                         "mail-01 : ok=23 changed=9 unreachable=0 failed=0 skipped=2"),
              "done": "The base role is applied to mail-01 (9 changes: packages, firewall, "
                      "users).",
              "hint": "collections aren't installed. `ansible-galaxy collection install -r "
                      "collections/requirements.yml` first",
              "script": ("README.md",
                         "# sallowmere\n\n## Setup\n\n    pipx install ansible-core==2.17.*\n"
                         "    ansible-galaxy collection install -r "
                         "collections/requirements.yml\n")}),
        Fact("env-sshport", "environment", ["2222"],
             ["which port do I SSH to the charity's servers on?",
              "my ssh to the nextcloud box just times out on the default port — what's it "
              "listening on?"],
             "sallowmere's servers run sshd on port 2222 (port 22 is closed in the hcloud "
             "firewall); ansible_port: 2222 is set in group_vars/all/vars.yml.",
             {"goal": "what port is ssh on for the charity boxes? setting up ssh config on "
                      "the new laptop",
              "guess": "ssh is on the normal port on those boxes, isn't it?",
              "probe": [bash("grep -rn ansible_port inventory/ group_vars/all/",
                             "group_vars/all/vars.yml:3:ansible_port: 2222"),
                        bash("grep -n -B1 -A4 'direction' envs/prod/firewall.tf | head -6",
                             "13:  rule {\n14:    direction  = \"in\"\n15:    protocol   = "
                             "\"tcp\"\n16:    port       = \"2222\"\n17:    source_ips = "
                             "[\"0.0.0.0/0\", \"::/0\"]\n18:  }")],
              "confirm": "SSH is on port 2222 on all of them — ansible_port in "
                         "group_vars/all/vars.yml — and the hcloud firewall only opens "
                         "tcp/2222 for it, so port 22 just times out. Put `Port 2222` in the "
                         "Host block of your ssh config.",
              "while": ("does the hetzner firewall let anything in besides web traffic?",
                        "Only SSH on its non-standard port, plus 80 and 443.")}),
        Fact("env-storagebox", "environment", ["u381204"],
             ["where do the nightly restic backups go?",
              "I need to restore a file from backup — which storage box holds the "
              "repository?"],
             "sallowmere's restic backups go over SFTP to the Hetzner Storage Box u381204 "
             "(u381204.your-storagebox.de port 23, one repository per host under /restic/), "
             "nightly at 02:30 from a systemd timer.",
             {"goal": "where do the backups go? the charity's auditor wants to know",
              "guess": "backups go to the B2 bucket, right?",
              "probe": [bash("grep -rn RESTIC_REPOSITORY roles/backup/",
                             "roles/backup/templates/restic.env.j2:1:RESTIC_REPOSITORY=sftp:"
                             "u381204@u381204.your-storagebox.de:23/restic/{{ "
                             "inventory_hostname }}"),
                        bash("grep -n OnCalendar roles/backup/templates/restic-backup.timer.j2",
                             "4:OnCalendar=*-*-* 02:30:00")],
              "confirm": "Backups go over SFTP to the Hetzner Storage Box u381204 "
                         "(u381204.your-storagebox.de, port 23), one restic repository per "
                         "host under /restic/, every night at 02:30 from a systemd timer. "
                         "It's with Hetzner in Germany, like the servers.",
              "while": ("what time do the backups run?",
                        "02:30 every night, from a systemd timer.")}),
        Fact("gotcha-userdata", "gotcha", ["ignore_changes"],
             ["terraform wants to destroy and recreate the nextcloud server after I touched "
              "the cloud-init file — how do we avoid that?",
              "a plan shows 'must be replaced' for a server because of user_data — what's "
              "our fix?"],
             "On sallowmere's hcloud servers a change to user_data (cloud-init) forces "
             "replacement, so editing the cloud-init template made Terraform plan to destroy "
             "nc-01; servers carry `lifecycle { ignore_changes = [user_data, image] }` and "
             "later configuration is done by Ansible.",
             {"symptom": "wanted to add a package to the cloud-init template and the plan "
                         "wants to DESTROY nc-01?? excerpt:",
              "trace": "  # hcloud_server.nc01 must be replaced\n-/+ resource \"hcloud_server\""
                       " \"nc01\" {\n      ~ id          = \"48210573\" -> (known after apply)\n"
                       "      ~ user_data   = \"b1f0c3e9\" -> \"7de2a941\" # forces replacement"
                       "\n        name        = \"nc-01\"\n    }\n\nPlan: 1 to add, 0 to "
                       "change, 1 to destroy.",
              "probe": [bash(f"grep -n -A5 'resource \"hcloud_server\" \"nc01\"' {nc}",
                             "12:resource \"hcloud_server\" \"nc01\" {\n13:  name        = "
                             "\"nc-01\"\n14:  server_type = \"cx32\"\n15:  image       = "
                             "\"debian-12\"\n16:  user_data   = templatefile(\"${path.module}/"
                             "cloud-init.yaml\", {})\n17:}")],
              "explain": "user_data on an hcloud_server can only be set at creation, so any "
                         "change to the cloud-init template forces a replacement — destroying "
                         "nc-01 and its local disk. cloud-init only runs at first boot "
                         "anyway; the server needs `lifecycle { ignore_changes = [user_data, "
                         "image] }`, and the package belongs in the Ansible base role.",
              "told": "user_data forces replacement doesn't it. we need the lifecycle ignore "
                      "thing",
              "fix": [edit(nc, "  user_data   = templatefile(\"${path.module}/cloud-init.yaml\""
                               ", {})\n}\n",
                           "  user_data   = templatefile(\"${path.module}/cloud-init.yaml\", "
                           "{})\n\n  lifecycle {\n    ignore_changes = [user_data, image]\n  }"
                           "\n}\n"),
                      bash("terraform -chdir=envs/prod plan | tail -1",
                           "No changes. Your infrastructure matches the configuration.")],
              "done": "The plan is clean again and nc-01 stays; the package goes into "
                      "roles/base instead.",
              "title": "Plan wants to replace a server after a cloud-init edit"}),
        Fact("gotcha-overwrite", "gotcha", ["overwriteprotocol"],
             ["Nextcloud login keeps bouncing back to the login page behind the proxy — "
              "what's the setting?",
              "the Nextcloud share links come out as http:// instead of https — what did we "
              "set last time?"],
             "Behind Caddy, sallowmere's Nextcloud saw plain HTTP from the proxy, so logins "
             "looped and generated links were http://; config.php sets 'overwriteprotocol' "
             "=> 'https' and trusted_proxies to Caddy's address (occ config:system:set).",
             {"symptom": "the ops lead can't log in to nextcloud since the caddy swap, it "
                         "bounces back to the login page. caddy + nextcloud log:",
              "trace": "{\"level\":\"info\",\"logger\":\"http.log.access\",\"msg\":\"handled "
                       "request\",\"request\":{\"method\":\"POST\",\"uri\":\"/login\",\"host\":"
                       "\"cloud.sallowtrust.org.uk\"},\"status\":303,\"resp_headers\":"
                       "{\"Location\":[\"http://cloud.sallowtrust.org.uk/apps/dashboard/\"]}}\n"
                       "{\"reqId\":\"Zf1k2a\",\"level\":2,\"app\":\"core\",\"message\":"
                       "\"Session cookie not sent: request is not over https\"}",
              "probe": [bash(f"ssh nc-01 '{occ} config:system:get trusted_proxies; {occ} "
                             "config:system:get overwrite.cli.url'", "\nhttp://localhost")],
              "explain": "Caddy terminates TLS and talks plain HTTP to Nextcloud, which isn't "
                         "told about it: trusted_proxies is empty, so it ignores "
                         "X-Forwarded-Proto, believes the request is http, and redirects to "
                         "http:// where the secure session cookie isn't sent — so the login "
                         "loops. Setting 'overwriteprotocol' to https and trusting Caddy's "
                         "address fixes the loop and the http:// links.",
              "told": "it's the overwriteprotocol thing isn't it, nextcloud thinks it's on "
                      "http behind caddy",
              "fix": [bash(f"ssh nc-01 '{occ} config:system:set overwriteprotocol "
                           f"--value=https && {occ} config:system:set trusted_proxies 0 "
                           "--value=127.0.0.1'",
                           "System config value overwriteprotocol set to string https\nSystem "
                           "config value trusted_proxies => 0 set to string 127.0.0.1")],
              "done": "Logins go through and new share links are https. Both settings should "
                      "also go into the nextcloud role so a rebuild keeps them.",
              "title": "Nextcloud login loop behind Caddy"}),
        Fact("fals-workspaces", "falsified", ["terraform workspace"],
             ["could we use one terraform folder for staging and prod and switch between "
              "them instead of copying envs?",
              "why are staging and prod separate directories in the infra repo?"],
             "Using Terraform workspaces (`terraform workspace select staging|prod`) for "
             "sallowmere's environments was tried and reverted: with the environment decided "
             "by whichever workspace happened to be selected, a plan with staging's sizes "
             "targeted prod's state and would have shrunk live servers; envs/staging and "
             "envs/prod stay separate directories with their own state.",
             {"ask": "envs/staging and envs/prod are 90% copy paste. collapse them into one "
                     "dir with workspaces",
              "change": [bash("git mv envs/prod envs/main && git rm -rq envs/staging && "
                              "terraform -chdir=envs/main workspace new staging",
                              "Created and switched to workspace \"staging\"!"),
                         edit("envs/main/locals.tf", "  env = \"prod\"\n",
                              "  env = terraform.workspace\n")],
              "broke": bash("terraform -chdir=envs/main workspace select default && terraform "
                            "-chdir=envs/main plan | tail -3",
                            "Switched to workspace \"default\".\n  ~ server_type = \"cx32\" -> "
                            "\"cx22\"\nPlan: 0 to add, 3 to change, 0 to destroy."),
              "revert": bash("git reset --hard HEAD && terraform -chdir=envs/prod plan | tail "
                             "-1", "HEAD is now at 4c1e9a2 nextcloud: raise php memory limit\nNo "
                                   "changes. Your infrastructure matches the configuration."),
              "conclusion": "Reset back to the two directories. With terraform workspace the "
                            "environment is whatever workspace happens to be selected — prod's "
                            "state sits in 'default', and a plan there with staging's sizes "
                            "wanted to shrink three live servers. Separate envs/staging and "
                            "envs/prod with their own state can't be mixed up that way.",
              "want": "staging and prod dirs are mostly copy paste, couldn't we use "
                      "workspaces?",
              "offer": "Terraform workspaces would let one directory serve both, with "
                       "terraform.workspace picking the sizes. Want me to merge them?",
              "story": "tom tried terraform workspace for staging/prod two years ago. someone "
                       "applied with the wrong workspace selected and a prod server got "
                       "resized mid-day. separate dirs since then, the copy paste is the price"}),
        Fact("fals-autoreboot", "falsified", ["Automatic-Reboot"],
             ["can unattended upgrades just reboot the servers by themselves at night when a "
              "kernel update needs it?",
              "why do we reboot the boxes by hand after kernel updates?"],
             "Letting unattended-upgrades reboot sallowmere's servers automatically "
             "(Unattended-Upgrade::Automatic-Reboot \"true\") was tried and reverted: the "
             "Nextcloud box rebooted at 03:00 in the middle of the restic backup and Nextcloud "
             "came up before its data volume was mounted; reboots are done by hand with the "
             "reboot playbook.",
             {"ask": "i'm tired of rebooting for kernel updates. turn on automatic reboots in "
                     "unattended-upgrades",
              "change": [edit("roles/base/templates/50unattended-upgrades.j2",
                              "Unattended-Upgrade::Automatic-Reboot \"false\";\n",
                              "Unattended-Upgrade::Automatic-Reboot \"true\";\n"
                              "Unattended-Upgrade::Automatic-Reboot-Time \"03:00\";\n"),
                         bash("ansible-playbook -i inventory/staging.yml site.yml --tags "
                              "unattended", "PLAY RECAP ***\nstg-nc-01 : ok=6 changed=1 "
                                            "unreachable=0 failed=0")],
              "broke": bash("ssh stg-nc-01 'journalctl -b -1 -n 1 --no-pager; journalctl -b "
                            "-u php8.2-fpm -n 1 --no-pager; mountpoint /mnt/nc-data'",
                            "Mar 13 03:00:01 stg-nc-01 unattended-upgrade: Rebooting system "
                            "(restic backup still running: pid 2214)\nMar 13 03:01:12 "
                            "stg-nc-01 php-fpm[812]: Nextcloud data directory is invalid: "
                            "/mnt/nc-data/data\n/mnt/nc-data is not a mountpoint", 1),
              "revert": bash("git checkout -- roles/base/templates/50unattended-upgrades.j2 "
                             "&& ansible-playbook -i inventory/staging.yml site.yml --tags "
                             "unattended", "PLAY RECAP ***\nstg-nc-01 : ok=6 changed=1 "
                                           "unreachable=0 failed=0"),
              "conclusion": "Reverted. With Automatic-Reboot on, staging's Nextcloud box "
                            "rebooted at 03:00 in the middle of the restic run, and Nextcloud "
                            "started before the data volume was mounted, so it reported an "
                            "invalid data directory. Reboots stay manual, through the reboot "
                            "playbook.",
              "want": "can't unattended-upgrades just reboot the boxes itself when a kernel "
                      "needs it?",
              "offer": "Yes — set Unattended-Upgrade::Automatic-Reboot to true plus a reboot "
                       "time in the base role's template. Enable it?",
              "story": "had Automatic-Reboot on last spring. the nextcloud box rebooted "
                       "mid-backup at 3am and nextcloud came up before the data volume "
                       "mounted, the charity saw an empty nextcloud in the morning. so we "
                       "reboot by hand with the playbook"}),
    ]
    chatter = [
        "TASK [base : Install base packages] *****************************************",
        "ok: [web-01]",
        "ok: [nc-01]",
        "TASK [base : Configure unattended-upgrades] *********************************",
        "ok: [web-01]",
        "changed: [nc-01]",
        "TASK [users : Ensure admin users exist] *************************************",
        "ok: [web-01] => (item=tom)",
        "ok: [nc-01] => (item=tom)",
        "TASK [caddy : Template Caddyfile] *******************************************",
        "ok: [web-01]",
        "RUNNING HANDLER [caddy : reload caddy] **************************************",
        "TASK [nextcloud : Set background jobs to cron] ******************************",
        "skipping: [web-01]",
        "ok: [nc-01]",
        "hcloud_firewall.base: Refreshing state... [id=1380524]",
        "hcloud_network.private: Refreshing state... [id=4120991]",
    ]
    history = [
        "terraform -chdir=envs/prod plan", "terraform fmt -recursive",
        "ansible-playbook -i inventory/prod.yml site.yml --check --diff",
        "ansible-inventory -i inventory/prod.yml --graph", "ssh nc-01",
    ]
    noise: list[Episode] = [
        look("what does the caddy role put in front of nextcloud?",
             "roles/caddy/templates/Caddyfile.j2",
             "cloud.sallowtrust.org.uk {\n    reverse_proxy 127.0.0.1:8080\n    header "
             "Strict-Transport-Security \"max-age=31536000\"\n    redir /.well-known/carddav "
             "/remote.php/dav 301\n}\n",
             "TLS and HSTS for cloud.sallowtrust.org.uk, proxying to Nextcloud on "
             "127.0.0.1:8080, plus the CardDAV well-known redirect."),
        find("where's the website server defined?", "hcloud_server", ["envs/prod/web.tf",
                                                                      "envs/prod/nextcloud.tf"],
             "envs/prod/web.tf for the website box; nextcloud.tf has the Nextcloud one."),
        tweak("the motd template says 'Sallow Trust' without the 'mere'",
              "roles/base/templates/motd.j2", "Welcome to Sallow Trust infrastructure",
              "Welcome to the Sallowmere Trust infrastructure", "Fixed the motd."),
        run("is nextcloud up?", "curl -s https://cloud.sallowtrust.org.uk/status.php | jq -c "
            "'{installed, maintenance, versionstring}'",
            "{\"installed\":true,\"maintenance\":false,\"versionstring\":\"29.0.4\"}",
            "Yes — installed, not in maintenance mode, version 29.0.4."),
        talk("what's the difference between count and for_each in terraform, briefly?",
             "count makes N numbered copies; for_each makes one per key of a map or set, so "
             "removing one in the middle doesn't renumber the rest."),
        [Step(prompt="charity's quarterly maintenance list"),
         Step(tools=[todo_write([("Debian point release on all hosts", "pending",
                                  "Upgrading hosts"),
                                 ("Nextcloud 29 to 30", "pending", "Upgrading Nextcloud"),
                                 ("Test a restore", "pending", "Testing a restore")])]),
         Step(text="Point release on the hosts, the Nextcloud major upgrade, and a restore "
                   "test.")],
        steps("how full is the nextcloud data disk?",
              [bash("ssh nc-01 'df -h /mnt/nc-data | tail -1'",
                    "/dev/sdb        98G   61G   33G  65% /mnt/nc-data")],
              "65% used: 61 GB of 98 GB."),
        steps("what did we change in the infra repo this month?",
              [agent("Infra changes this month", "Summarise this month's commits in the "
                     "infra repo, one line each.",
                     "This month: php memory limit raised on nextcloud; motd text; caddy HSTS "
                     "header; hcloud provider bump.", "a5d81f0c2b73", "Explore", 3)],
              "PHP memory limit for Nextcloud, the motd, an HSTS header in Caddy, and a "
              "provider version bump."),
    ]
    return Project(
        "sallowmere", "git@github.com:sallowmere-trust/sallowmere.git",
        {"README.md": "# sallowmere\n\nInfrastructure for the trust.\n",
         "envs/prod/locals.tf": "locals {\n  env = \"prod\"\n}\n",
         "docs/handover.md": "# Handover\n\n## Environment\n"},
        _equip(facts, client="the charity", contact="Maggie", reviewer="tom",
               chatter=chatter, handover="docs/handover.md", history=history),
        noise, "aws")


def projects() -> list[Project]:
    return [osierbank(), quoitfield(), marlpit(), sallowmere()]
