"""The ``dev7`` split: four projects in stacks no other split uses (a Zig 0.13 command-line tool
that predicts tides from NOAA harmonic constants, with zig-clap, golden-file tests and static
musl release builds for a harbour display; an Ansible repository for a three-node Proxmox VE
homelab on ZFS, with Caddy behind Tailscale and a vault read from 1Password; a Julia 1.10
package that fits phytoplankton growth models with DifferentialEquations.jl, Unitful and
Documenter, run on a SLURM cluster for the long fits; an Erlang/OTP 27 service behind a ferry
operator's ticket gates, with rebar3, cowboy, gen_statem, MQTT and a relx release), ten planted
facts each, and phrasing templates of its own.

Written in the sixth pass as a second untuned reading (after ``dev6``) of the system as it
stands, by someone who had not read how capture or recall work: its facts are said the ways
the other splits never say them (a rule the user wants CI to enforce with a check script, a
rule found as a note under an item of the user's own TODO.md, a rule dug out of the commit that
introduced it, a rule settled in a pasted Slack thread, a rule in the middle of a rambling
tired-evening prompt; a command worked out to answer a colleague's direct message, recalled
later in the same session for a sticky note, saved as a shell alias, or done as one item of a
numbered list; an environment fact filling the blank of a wiki page, correcting a stale setup
doc, written down before a laptop is wiped, or restated after the user misremembers it as the
default; a gotcha pinned by a regression test, written up in a post-mortem, reported by a
non-developer in a forwarded message, or turned into a lesson for an intern; an approach
suggested by another chatbot, the subject of a bet with a colleague, picked off the issue
backlog and closed as not planned, or one that looked fine until the check that mattered).

Slots are the shared ones (``templates.py``) plus: for a convention, ``why`` (the story behind
the rule) and an optional ``forbid`` (``(grep -E pattern, directory, script path)``: what a
check script looks for); for a command, ``how`` (the question as a colleague asks it) and
``alias`` (a shell alias name), with an optional ``fail2`` (a second failed attempt); for an
environment fact, ``short`` (a terse one-line answer) and ``stale`` (the outdated sentence a
setup doc has instead); for a gotcha, ``test`` (the tool call adding a regression test),
``lay`` (the symptom in a non-developer's words) and ``lesson`` (the takeaway in one line); for
a falsified approach, ``pain`` (the complaint that invites it), ``idea`` (the approach in a
phrase) and ``early`` (a check that passes before the one that fails).
"""

from __future__ import annotations

import random
import re

from .templates import cap
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

# Colleagues named in prompts (who wrote the rule, who asks in a DM, who bet on an idea).
COLLEAGUES = ("Ingrid", "Tariq", "Wen", "Olu", "Marisol", "Dmitri")
# People who report a problem in their own words, and newcomers the lessons are written for.
REPORTERS = ("Hilde", "Bartek", "Ama", "Rosalind", "Kenji")
INTERNS = ("Priya", "Lasse", "Zainab", "Mateo")

_HASTE = (("don't ", "dont "), ("I'm ", "im "), ("doesn't ", "doesnt "), (" and ", " adn "),
          (" the ", " the the "), (" with ", " wiht "))


def _hasty(text: str, rng: random.Random) -> str:
    """Typed at the end of a long day: one slip (a lost apostrophe, swapped letters or a
    doubled word), never inside an identifier."""
    slips = list(_HASTE)
    rng.shuffle(slips)
    for good, bad in slips:
        if good in text:
            return text.replace(good, bad, 1)
    return text


def _hex(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _slug(text: str, n: int = 40) -> str:
    """``text`` as a file-name slug of at most ``n`` characters, cut between words."""
    words = re.sub(r"[^a-z0-9]+", " ", text.lower()).split()
    out = ""
    for word in words:
        if out and len(out) + 1 + len(word) > n:
            break
        out = f"{out}-{word}" if out else word[:n]
    return out


def _headline(text: str) -> str:
    """The first clause of a symptom, as a title."""
    for cut in (" - ", ", but ", ", even though ", ". ", "; ", ": "):
        text = text.split(cut)[0]
    text = text.strip()
    return text if "_" in text.split()[0] else cap(text)


_HELPERS = ("ls ", "git diff", "cat ", "which ", "echo ")


def _plain(command: str) -> str:
    """The command a person would type, without what only trimmed or inspected its output in
    the session (`| tail -3`, `2>&1`, `&& git diff --stat`)."""
    command = command.split(" | ")[0].replace(" 2>&1", "")
    parts = [p for p in command.split(" && ") if not p.startswith(_HELPERS)]
    return " && ".join(parts)


def _clock(hour: int, minute: int) -> str:
    """Slack's timestamp: 12-hour clock."""
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


# ------------------------------------------------------------------- phrasing templates
# Conventions: the user wants CI to enforce the rule, the rule is a note under an item of the
# user's TODO.md, the rule comes out of the commit that introduced it, the rule is settled in a
# pasted Slack thread, or the rule sits in the middle of a rambling end-of-day prompt.
def conv_enforce_in_ci(s: dict, rng: random.Random) -> Episode:
    forbid = s.get("forbid")
    if not forbid:
        return conv_slack_thread(s, rng)
    pattern, where, path = forbid
    script = (f"#!/usr/bin/env bash\n# House rule: {s['rule']}.\nset -euo pipefail\n"
              f"if grep -rnE '{pattern}' {where}; then\n  echo 'house rule broken - see the top "
              f"of {path}' >&2\n  exit 1\nfi\n")
    return [Step(prompt=f"{s['task']}.\n\nalso: {s['rule']}. I keep catching that by hand in "
                        f"review and I'm done doing it - add a check to CI that fails when it "
                        f"creeps back in"),
            Step(text="The change first, then the check.", tools=s["follow"]),
            Step(text="Now the guard.",
                 tools=[write(path, script),
                        bash(f"chmod +x {path} && {path} && echo 'no violations'",
                             "no violations"),
                        edit(".github/workflows/ci.yml", "      - name: Tests\n",
                             f"      - name: House rules\n        run: {path}\n\n      - name: "
                             f"Tests\n")]),
            Step(text=f"{s['done']} The new check passes on the tree as it is and runs before "
                      f"the tests in CI, so a violation fails the build with a pointer to "
                      f"{path}.")]


def conv_todo_file(s: dict, rng: random.Random) -> Episode:
    finished = rng.choice(("reply to the dependabot PRs", "look at tuesday's red CI run",
                           "update the changelog for the last release"))
    todo = (f"# TODO\n\n- [x] {finished}\n- [ ] {s['task']}\n  - NB: {s['rule']}\n- [ ] delete "
            f"the stale branches\n- [ ] ask about the conference budget\n")
    return [Step(prompt="back from the long weekend. TODO.md has where I left off - do the next "
                        "open item"),
            Step(tools=[read("TODO.md", todo)]),
            Step(text=f"Next open item: {s['task']}. You left a note on it - {s['rule']} - so "
                      f"that's how I'll do it.", tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt="tick it off"),
            Step(tools=[edit("TODO.md", f"- [ ] {s['task']}\n", f"- [x] {s['task']}\n")]),
            Step(text="Ticked off. Next up would be deleting the stale branches.")]


def conv_from_history(s: dict, rng: random.Random) -> Episode:
    paths = [t.path for t in [*s["follow"], s.get("contrary")] if t is not None and t.path]
    where = paths[0].rsplit("/", 1)[0] + "/" if paths and "/" in paths[0] else "."
    who = rng.choice(COLLEAGUES)
    full = _hex(rng, 40)
    subject = rng.choice(("Make this consistent everywhere", "Follow-up from the incident "
                          "review", "One way of doing this, not three"))
    log = (f"commit {full}\nAuthor: {who} <{who.lower()}@users.noreply.github.com>\nDate:   "
           f"{rng.choice(('Mon', 'Tue', 'Thu'))} {rng.choice(('Mar', 'Apr', 'May', 'Jun'))} "
           f"{rng.randrange(2, 28)} {rng.randrange(9, 18)}:{rng.randrange(10, 59)}:"
           f"{rng.randrange(10, 59)} 2024 +0100\n\n    {subject}\n\n    From now on: "
           f"{s['rule']}.\n\n    Why: {s['why']}.\n")
    return [Step(prompt=f"{s['task']}. before you start - there's one particular way things "
                        f"are done under {where} and I can't remember why. get it from the "
                        f"history, don't guess"),
            Step(tools=[bash(f"git log --format=medium --reverse -- {where} | sed -n 1,12p",
                             log)]),
            Step(text=f"It's deliberate. {who} made it a rule in {full[:7]} (\"{subject}\"): "
                      f"{s['rule']}. The reason in the commit message: {s['why']}."),
            Step(prompt="right, I'd forgotten that was written down anywhere. still holds - do "
                        "it that way"),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_slack_thread(s: dict, rng: random.Random) -> Episode:
    asker, lead = rng.sample(COLLEAGUES, 2)
    hour, minute = rng.randrange(9, 17), rng.randrange(5, 50)
    thread = (f"{asker}  {_clock(hour, minute)}\nare we doing this one consistently or not? I "
              f"see it both ways in review\n{lead}  {_clock(hour, minute + 6)}\n{cap(s['rule'])}."
              f" {cap(s['why'])}.\n{asker}  {_clock(hour, minute + 7)}\nok, that settles it "
              f":+1:\n")
    return [Step(prompt=f"from #dev this morning:\n\n{thread}\nso that's the rule now. {s['task']}"),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_rambling(s: dict, rng: random.Random) -> Episode:
    said = _hasty(f"ok so. long day, bear with me. {s['task']} - that's the main thing. the "
                  f"build was red earlier but I'm fairly sure that was the runner and not us, "
                  f"ignore it. (and {s['rule']}. yes I know I say it every time.) after that "
                  f"there might be something smaller, we'll see", rng)
    return [Step(prompt=said),
            Step(text="Main thing first, and keeping to that rule.", tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt="oh and don't bother running the whole CI locally, I'll push and watch"),
            Step(text="I haven't - only what the change itself needed.")]


# Commands: worked out to answer a colleague's DM, recalled later in the same session for a
# sticky note, saved as a shell alias, or done as one item of a numbered list.
def _tries(s: dict) -> Episode:
    steps: Episode = [Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(text="Another way.", tools=[s["fail2"]]))
    steps.append(Step(text=s["note"], tools=[s["ok"]]))
    return steps


def cmd_answer_dm(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    good = _plain(s["ok"].command)
    return [Step(prompt=f"{who} DM'd me: \"{s['how']}\" - I don't remember offhand. work out "
                        f"what actually works here and draft me a reply"),
            *_tries(s),
            Step(text=f"That works. Draft for {who}:\n\n> `{good}`\n>\n> {s['note']}"),
            Step(prompt="sent, thanks"), Step(text="You're welcome.")]


_ASIDES = (("unrelated, but what's the shortcut to search back through my shell history?",
            "Ctrl+R, then type part of the command; Ctrl+R again steps to older matches."),
           ("side question: how do I see just the files a single commit touched?",
            "`git show --stat <sha>` - drop `--stat` for the full diff."),
           ("random one - hard link vs soft link, one sentence?",
            "A hard link is another name for the same file data; a soft link is a small file "
            "pointing at a path, and it breaks when that path goes away."))


def cmd_sticky_note(s: dict, rng: random.Random) -> Episode:
    aside, answer = rng.choice(_ASIDES)
    return [Step(prompt=s["goal"]), *_tries(s), Step(text=s["done"]),
            Step(prompt=aside), Step(text=answer),
            Step(prompt="going back to earlier - what was the command that finally worked? "
                        "writing it on a sticky note for my monitor"),
            Step(text=f"`{_plain(s['ok'].command)}`")]


def cmd_shell_alias(s: dict, rng: random.Random) -> Episode:
    good = _plain(s["ok"].command).replace("'", "'\\''")
    return [Step(prompt=s["goal"]), *_tries(s), Step(text=s["done"]),
            Step(prompt=f"put that in my ~/.zshrc as an alias called {s['alias']}, I will "
                        f"never remember it otherwise"),
            Step(tools=[edit("/home/dev/.zshrc", "# project shortcuts\n",
                             f"# project shortcuts\nalias {s['alias']}='{good}'\n")]),
            Step(text=f"Added `{s['alias']}` to ~/.zshrc; `source ~/.zshrc` or a new terminal "
                      f"picks it up.")]


def cmd_numbered_list(s: dict, rng: random.Random) -> Episode:
    ahead = rng.randrange(2, 7)
    return [Step(prompt=f"before lunch:\n1. {s['goal']}\n2. how many commits is this branch "
                        f"ahead of main?\n3. then stop, I'll review after"),
            *_tries(s), Step(text=s["done"]),
            Step(tools=[bash("git rev-list --count main..HEAD", str(ahead))]),
            Step(text=f"And the branch is {ahead} commits ahead of main. Stopping there.")]


# Environment facts: filling the blank of a wiki page, correcting a stale setup doc, written down
# before a laptop is wiped, or restated when the user misremembers it as the default.
def env_wiki_blank(s: dict, rng: random.Random) -> Episode:
    question = s["goal"].split("?")[0] + "?" if "?" in s["goal"] else s["goal"]
    section = (f"## Things people ask\n\n- Who to ask: me\n- {cap(question)}\n  - answer: "
               f"???\n")
    return [Step(prompt=f"filling in the project page on the wiki, one blank left:\n\n```\n"
                        f"{section}```\nfind out and give me the line to paste"),
            Step(tools=s["probe"]),
            Step(text=f"{cap(s['confirm'])}\n\nLine to paste:\n\n  - answer: {s['short']}")]


def env_stale_doc(s: dict, rng: random.Random) -> Episode:
    doc = (f"# Setup\n\nClone the repository, then work through the steps below.\n\n"
           f"{s['stale']}\n\nIf anything here is wrong, fix it in the same PR.\n")
    return [Step(prompt=f"{s['goal']} - docs/SETUP.md says something about it but I don't "
                        f"trust that file"),
            Step(tools=[read("docs/SETUP.md", doc)]),
            Step(text=f"The setup doc says: \"{s['stale']}\" Checking the real thing.",
                 tools=s["probe"]),
            Step(text=f"The doc is out of date. {cap(s['confirm'])}"),
            Step(prompt="fix the doc while you're in there"),
            Step(tools=[edit("docs/SETUP.md", s["stale"], f"{cap(s['short'])}.")]),
            Step(text="docs/SETUP.md updated.")]


def env_before_wipe(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_hasty(f"I'm wiping this laptop on friday and setting it up from "
                               f"scratch, so I'm writing down the things I'd otherwise have to "
                               f"rediscover. {s['goal']}", rng)),
            Step(tools=s["probe"]), Step(text=cap(s["confirm"])),
            Step(prompt="perfect, that's going in my reinstall notes"),
            Step(text=f"For the notes: {s['short']}.")]


_DETOURS = (("unrelated - what does `git stash pop` do when it hits a conflict?",
             "It applies what it can, leaves conflict markers, and keeps the stash entry so "
             "nothing is lost; drop it with `git stash drop` once you've resolved things."),
            ("quick one: what's the difference between `>` and `>>` in a shell?",
             "`>` truncates the file and writes; `>>` appends to it."))


def env_misremembered(s: dict, rng: random.Random) -> Episode:
    detour, answer = rng.choice(_DETOURS)
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=cap(s["confirm"])),
            Step(prompt=detour), Step(text=answer),
            Step(prompt="ok, and back to the thing from before - so it's just the usual default "
                        "after all, right?"),
            Step(text=f"No, not the default: {s['short']}."),
            Step(prompt="right, right. long day"), Step(text="No worries.")]


# Gotchas: pinned by a regression test, written up in a post-mortem, reported by a
# non-developer in a forwarded message, or turned into a lesson for an intern.
def gotcha_regression_test(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"]),
            Step(prompt="add a test that would have caught this, so it can't sneak back in "
                        "quietly"),
            Step(tools=[s["test"]]),
            Step(text="Added - it pins down exactly this case.")]


def gotcha_postmortem(s: dict, rng: random.Random) -> Episode:
    day = rng.randrange(3, 28)
    title = _headline(s["symptom"])
    path = f"docs/postmortems/2024-11-{day:02d}-{_slug(title)}.md"
    doc = (f"# Post-mortem: {title}\n\n## What happened\n\n{cap(s['symptom'])}.\n\n## "
           f"Root cause\n\n{s['explain']}\n\n## Resolution\n\n{s['done']}\n\n## Lesson\n\n"
           f"{cap(s['lesson'])}.\n")
    return [Step(prompt=f"{s['symptom']}. this is hurting right now - fix first, questions "
                        f"later"),
            Step(tools=s["probe"]),
            Step(text="Found it. Fixing first, as asked.", tools=s.get("fix", [])),
            Step(text=f"{s['done']}\n\nWhat was going on: {s['explain']}"),
            Step(prompt="ok, breathe. write a short blameless post-mortem in docs/postmortems/"),
            Step(tools=[write(path, doc)]), Step(text=f"Written to {path}.")]


def gotcha_forwarded(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(REPORTERS)
    return [Step(prompt=f"forwarding this from {who} (not a developer):\n\n> Hi, {s['lay']}. "
                        f"Did I do something wrong?\n> {who}\n\ncan you find out what's going "
                        f"on?"),
            Step(text="Reproducing it first.", tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"]),
            Step(prompt=f"write {who} a two-line reply, no jargon"),
            Step(text=f"Hi {who}, you didn't do anything wrong - it was a bug on our side and "
                      f"it's fixed now. Thanks for telling us, that's how we found it.")]


def gotcha_for_the_intern(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(INTERNS)
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"]),
            Step(prompt=f"{who} starts on this code next week. explain what went wrong the way "
                        f"you would to them - the takeaway, not just the diff"),
            Step(text=f"The takeaway: {s['lesson']}.\n\nWhat that looked like here: "
                      f"{s['explain']}")]


# Falsified approaches: suggested by another chatbot, the subject of a bet with a colleague,
# picked off the issue backlog and closed as not planned, or fine until the check that mattered.
def fals_other_chatbot(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['pain']}. I asked ChatGPT and it said:\n\n> The idiomatic solution "
                        f"is {s['idea']}. This is a common pattern and should be "
                        f"straightforward.\n\nnot sure I buy it, but try it: {s['ask']}"),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt="confidently wrong, then. undo it"),
            Step(tools=[s["revert"]]), Step(text="Undone.")]


def fals_bet(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=f"{who} bet me a coffee that {s['idea']} would just work here. I say it "
                        f"won't. settle it: {s['ask']}"),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=f"{s['conclusion']}\n\nSo you win the coffee."),
            Step(prompt="ha. put it back, I'm going to go collect"),
            Step(tools=[s["revert"]]), Step(text="Put back.")]


def fals_backlog_issue(s: dict, rng: random.Random) -> Episode:
    number = rng.randrange(12, 140)
    issue = (f"title:\t{cap(s['idea'])}\nstate:\tOPEN\nauthor:\t{rng.choice(COLLEAGUES).lower()}"
             f"\nlabels:\tidea\n--\n{cap(s['pain'])}. Could we try {s['idea']}?\n")
    return [Step(prompt=f"grab #{number} off the backlog and find out if it's viable"),
            Step(tools=[bash(f"gh issue view {number}", issue)]),
            Step(text="Trying it in the working tree.", tools=s["change"]),
            Step(tools=[s["broke"]]), Step(text=s["conclusion"]),
            Step(prompt="close it with that as the comment, and clean up"),
            Step(tools=[s["revert"], write("/tmp/verdict.md", s["conclusion"] + "\n"),
                        bash(f"gh issue close {number} --reason 'not planned' --comment "
                             f"\"$(cat /tmp/verdict.md)\"",
                             f"✓ Closed issue #{number} ({cap(s['idea'])})")]),
            Step(text=f"#{number} is closed as not planned, with the findings as the comment; "
                      f"the working tree is clean.")]


def fals_looked_fine(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["early"]]),
            Step(text="First signs are good. Before calling it done I'll check the part that "
                      "usually bites.", tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt="glad you checked before I merged it. put it back"),
            Step(tools=[s["revert"]]), Step(text="Back to how it was.")]


TEMPLATES = {
    "convention": [conv_enforce_in_ci, conv_todo_file, conv_from_history, conv_slack_thread,
                   conv_rambling],
    "command": [cmd_answer_dm, cmd_sticky_note, cmd_shell_alias, cmd_numbered_list],
    "environment": [env_wiki_blank, env_stale_doc, env_before_wipe, env_misremembered],
    "gotcha": [gotcha_regression_test, gotcha_postmortem, gotcha_forwarded,
               gotcha_for_the_intern],
    "falsified": [fals_other_chatbot, fals_bet, fals_backlog_issue, fals_looked_fine],
}

# Everyday requests and questions in these stacks, ordered so that each is asked from the
# project it fits (prompt i goes to project i % 4): the first four are about those projects (a
# CSV output flag, packages on every node, another growth model, a per-gate scan counter)
# without needing anything stored about them.
UNRELATED = [
    "add a --csv flag to the predict subcommand",
    "add a task that installs htop and tmux on every node",
    "add a Gompertz growth model next to the logistic one",
    "add a counter for how many scans each gate handled today",
    "what's the difference between a slice and an array in Zig?",
    "what's the difference between defaults and vars in an Ansible role?",
    "explain multiple dispatch in Julia with a small example",
    "what's the difference between a gen_server cast and a call?",
    "write a Zig function that counts the lines in a file",
    "write a Jinja2 expression that joins a list of names with commas",
    "write a Julia function that computes a moving average over a vector",
    "write an Erlang function that reverses a list without using lists:reverse",
    "explain comptime in Zig in two sentences",
    "what's the ARC in ZFS, in plain words?",
    "explain broadcasting with the dot syntax in Julia",
    "explain the 'let it crash' idea in Erlang to someone from Java",
    "how do I rename a git branch locally and on the remote?",
    "write a short poem about the tide coming in",
    "draft an out-of-office message for next week",
    "suggest three names for a harbour-side cafe",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "tidewright": [
        "how are datum offsets applied?",
        "where is the time zone applied?",
        "how does predict decide whether a turning point is a high or a low, and can it report "
        "double highs?",
        "is it ok to publish these predictions for navigation, or should the output carry a "
        "disclaimer?",
        "should the JSON output include sunrise and sunset times, or stick to tide events only?",
    ],
    "hearthlab": [
        "how are TLS certificates issued?",
        "where is Home Assistant's config kept?",
        "which node should a new container go on, and is there a rule for spreading guests "
        "across the three?",
        "is it ok to run the UPS shutdown script from the proxy container, or should a node own "
        "it?",
        "what does the monitoring stack alert on, and where do those alerts get sent?",
    ],
    "phytofit": [
        "how are confidence intervals computed?",
        "which model handles light limitation?",
        "does the community model apply a temperature correction, and can it be switched off "
        "for lab cultures?",
        "is it ok to tag a 1.0 release of the package before the paper is accepted?",
        "should a zooplankton grazing term be its own GrowthModel subtype or an option on the "
        "existing models?",
    ],
    "ferrygate": [
        "how is vessel capacity enforced?",
        "where do sailing times come from?",
        "which gates accept bicycle tickets, and is that rule kept in config or in Postgres?",
        "is it ok to let a ticket through twice within a minute if the passenger bounced off the "
        "turnstile?",
        "should the turnstile beep differently for concession tickets, and where would that "
        "sound be set?",
    ],
}


# ------------------------------------------------------------------- noise
def chores(skim: tuple[str, str, str], used: tuple[str, list[str]], staged: tuple[str, str],
           typo: tuple[str, str, str], check: tuple[str, str, str], chat: tuple[str, str],
           standup: tuple[str, str]) -> list[Episode]:
    """The rest of the sessions: a file skimmed, a symbol's uses found, a commit message
    written, a typo fixed, a check run, a bit of chat, a standup summary, signing off."""
    path, content, summary = skim
    symbol, files = used
    stat, message = staged
    doc, old, new = typo
    what, command, output = check
    question, answer = chat
    log, recap = standup
    return [
        [Step(prompt=f"skim {path} and tell me what it's for"),
         Step(tools=[read(path, content)]), Step(text=summary)],
        [Step(prompt=f"where is {symbol} used?"), Step(tools=[grep(symbol, files)]),
         Step(text=f"`{symbol}` is used in {len(files)} place{'s' if len(files) != 1 else ''}: "
                   f"{', '.join(files)}.")],
        [Step(prompt="write a commit message for what's staged"),
         Step(tools=[bash("git diff --cached --stat", stat)]), Step(text=message)],
        [Step(prompt=f"there's a typo in {doc}, fix it"), Step(tools=[edit(doc, old, new)]),
         Step(text="Fixed.")],
        [Step(prompt=f"run {what}"), Step(tools=[bash(command, output)]),
         Step(text="Clean - nothing to report.")],
        [Step(prompt=question), Step(text=answer)],
        [Step(prompt="what did I get done yesterday? standup in five"),
         Step(tools=[bash("git log --since=yesterday --oneline", log)]), Step(text=recap)],
        [Step(prompt="thanks, that's it for today"),
         Step(text="Cheers - nothing pushed; everything is in the working tree as you left "
                   "it.")],
    ]


# ------------------------------------------------------------------- projects
def tidewright() -> Project:
    """A Zig 0.13 command-line tool that predicts tides from NOAA harmonic constants: build.zig
    with zig-clap, golden-file tests, static musl release builds, and a Raspberry Pi display on
    the harbour wall that runs it."""
    harmonic_sum = ("pub fn heightAt(cs: []const Constituent, t: f64) f64 {\n    var h: f64 = "
                    "0;\n    for (cs) |c| h += c.amplitude * @cos(c.speed * t + c.phase);\n    "
                    "return h;\n}\n")
    label_before = ("fn stationLabel(station: Station) []const u8 {\n    var buf: [64]u8 = "
                    "undefined;\n    return std.fmt.bufPrint(&buf, \"{s} ({d})\", .{ "
                    "station.name, station.id }) catch \"?\";\n}\n")
    harcon_url = ("    \"https://api.tidesandcurrents.noaa.gov/mdapi/prod/webapi/stations/{d}/"
                  "harcon.json")
    facts = [
        Fact("conv-errdefer", "convention", ["errdefer"],
             ["how should cleanup be written in a function that allocates a couple of buffers "
              "and can still fail afterwards?",
              "is one cleanup block at the bottom of a loader enough when something fails "
              "halfway through?"],
             "When a function makes several allocations and can still fail, every allocation "
             "gets its own `errdefer allocator.free(...)` on the very next line; no single "
             "cleanup block at the end, no leaving it to the caller.",
             {"rule": "when a function makes more than one allocation, every allocation gets its "
                      "own errdefer free on the very next line - not one cleanup block at the "
                      "end, not 'the caller will deal with it'",
              "why": "we leaked the station name on every failed parse for months and only "
                     "found out when the harbour display ran out of memory over a long weekend",
              "task": "make Station.load read the station's name and its constituent list from "
                      "the cached JSON file",
              "follow": [edit("src/station.zig",
                              "pub fn load(allocator: std.mem.Allocator, path: []const u8) "
                              "!Station {\n",
                              "pub fn load(allocator: std.mem.Allocator, path: []const u8) "
                              "!Station {\n    const bytes = try std.fs.cwd().readFileAlloc("
                              "allocator, path, 1 << 20);\n    defer allocator.free(bytes);\n    "
                              "const parsed = try std.json.parseFromSlice(Raw, allocator, bytes, "
                              ".{});\n    defer parsed.deinit();\n\n    const name = try "
                              "allocator.dupe(u8, parsed.value.name);\n    errdefer "
                              "allocator.free(name);\n    const constituents = try "
                              "allocator.dupe(Constituent, parsed.value.constituents);\n    "
                              "errdefer allocator.free(constituents);\n    if (constituents.len "
                              "== 0) return error.NoConstituents;\n\n    return .{ .name = name, "
                              ".id = parsed.value.id, .constituents = constituents };\n")],
              "contrary": edit("src/station.zig",
                               "pub fn load(allocator: std.mem.Allocator, path: []const u8) "
                               "!Station {\n",
                               "pub fn load(allocator: std.mem.Allocator, path: []const u8) "
                               "!Station {\n    const bytes = try std.fs.cwd().readFileAlloc("
                               "allocator, path, 1 << 20);\n    defer allocator.free(bytes);\n  "
                               "  const parsed = try std.json.parseFromSlice(Raw, allocator, "
                               "bytes, .{});\n    defer parsed.deinit();\n\n    const name = try "
                               "allocator.dupe(u8, parsed.value.name);\n    const constituents = "
                               "try allocator.dupe(Constituent, parsed.value.constituents);\n    "
                               "if (constituents.len == 0) return error.NoConstituents;\n"),
              "done": "Station.load reads the name and the constituents from the cache file; a "
                      "station file without constituents returns error.NoConstituents and "
                      "frees the name on the way out - the testing allocator reports no leaks."}),
        Fact("conv-allocator", "convention", ["page_allocator"],
             ["which allocator should a new parsing function under src use?",
              "can a helper just grab memory on its own, or does it have to be handed "
              "something to allocate with?"],
             "Code under src/ never uses std.heap.page_allocator (or a GeneralPurposeAllocator "
             "outside main.zig); every function that allocates takes an std.mem.Allocator as "
             "its first parameter and main.zig decides which one.",
             {"rule": "nothing under src/ reaches for a global allocator - no "
                      "std.heap.page_allocator, no GeneralPurposeAllocator outside main.zig. "
                      "anything that allocates takes an std.mem.Allocator as its first "
                      "parameter and main decides",
              "why": "the golden tests run everything under std.testing.allocator, and a hidden "
                     "page_allocator call is exactly the kind of leak it can't see",
              "task": "parse the harcon table from NOAA's JSON into a slice of constituents "
                      "(name, amplitude, phase, speed)",
              "forbid": ("page_allocator", "src/", "scripts/check-allocators.sh"),
              "follow": [edit("src/noaa.zig",
                              "const Harcon = struct {\n    HarmonicConstituents: []const "
                              "RawConstituent,\n};\n",
                              "const Harcon = struct {\n    HarmonicConstituents: []const "
                              "RawConstituent,\n};\n\npub fn parseHarcon(allocator: "
                              "std.mem.Allocator, bytes: []const u8) ![]Constituent {\n    const "
                              "parsed = try std.json.parseFromSlice(Harcon, allocator, bytes, "
                              ".{ .ignore_unknown_fields = true });\n    defer parsed.deinit();\n"
                              "    const raw = parsed.value.HarmonicConstituents;\n    const out "
                              "= try allocator.alloc(Constituent, raw.len);\n    for (raw, out) "
                              "|r, *c| c.* = .{\n        .name = std.meta.stringToEnum("
                              "ConstituentName, r.name) orelse .other,\n        .amplitude = "
                              "r.amplitude,\n        .phase = std.math.degreesToRadians(r."
                              "phase_GMT),\n        .speed = std.math.degreesToRadians(r.speed),"
                              "\n    };\n    return out;\n}\n")],
              "contrary": edit("src/noaa.zig",
                               "const Harcon = struct {\n    HarmonicConstituents: []const "
                               "RawConstituent,\n};\n",
                               "const Harcon = struct {\n    HarmonicConstituents: []const "
                               "RawConstituent,\n};\n\npub fn parseHarcon(bytes: []const u8) "
                               "![]Constituent {\n    const allocator = std.heap.page_allocator;"
                               "\n    const parsed = try std.json.parseFromSlice(Harcon, "
                               "allocator, bytes, .{ .ignore_unknown_fields = true });\n"),
              "done": "parseHarcon takes the allocator from its caller: main passes its GPA, "
                      "the tests pass std.testing.allocator. All 37 constituents of station "
                      "9414290 come through with their phases in radians."}),
        Fact("cmd-optimize", "command", ["ReleaseSafe"],
             ["how do I get a fast, optimised build of the CLI instead of the debug one?",
              "which optimisation mode do we use when building for real?"],
             "Optimised builds: `zig build -Doptimize=ReleaseSafe` (the mode the releases "
             "ship; the old -Drelease-safe flag no longer exists).",
             {"goal": "build an optimised binary, I want to time the 10-year prediction for a "
                      "station",
              "fail": bash("zig build -Drelease-safe",
                           "error: invalid option: -Drelease-safe\nerror: access the help menu "
                           "with 'zig build -h'", 1),
              "fail2": bash("zig build -Doptimize=release",
                            "error: expected -Doptimize=[enum] value, found 'release'\n  "
                            "valid values: Debug, ReleaseSafe, ReleaseFast, ReleaseSmall", 1),
              "note": "The -Drelease-* flags were dropped from zig build a few versions ago; "
                      "the mode is a single option now, -Doptimize, and this project ships "
                      "ReleaseSafe - optimised, with the safety checks left on, same as the "
                      "release workflow.",
              "ok": bash("zig build -Doptimize=ReleaseSafe && ls -lh zig-out/bin/tidewright",
                         "-rwxr-xr-x 1 dev dev 2.1M Nov 12 14:03 zig-out/bin/tidewright"),
              "done": "The optimised build is in zig-out/bin/tidewright (2.1 MB), ready for the "
                      "timing run.",
              "how": "how do you get an optimised build out of zig build? the release flags "
                     "from the old README don't work",
              "alias": "twrel"}),
        Fact("cmd-fetch", "command", ["zig fetch --save"],
             ["I changed a package url in the manifest and now the build complains about a "
              "hash - how are dependencies supposed to be upgraded?",
              "what's the proper way to pull a new library into the Zig project?"],
             "Add or bump a dependency with `zig fetch --save=<name> <tarball url>` (it writes "
             "the url and the hash into build.zig.zon); changing the url by hand leaves a stale "
             "hash and the build fails with a hash mismatch.",
             {"goal": "bump zig-clap to 0.9.1 - I already changed the url in build.zig.zon, just "
                      "build it",
              "fail": bash("zig build",
                           "build.zig.zon:10:21: error: hash mismatch: manifest declares "
                           "1220f3d83e1ba5ca3e3f4b2f0ae4a5e1e0f9d3c6b1a27e44c1d7f0b8aa38c5e2b91d "
                           "but the fetched package has 122038b2c1ef54f7c2d9f2e1a3b9e8d6c4f0a1b2"
                           "c3d4e5f60718293a4b5c6d7e8f90\n            .hash = \"1220f3d83e1ba5ca"
                           "3e3f4b2f0ae4a5e1e0f9d3c6b1a27e44c1d7f0b8aa38c5e2b91d\",\n"
                           "                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~", 1),
              "fail2": bash("sed -i '/\\.hash/d' build.zig.zon && zig build",
                            "build.zig.zon:8:17: error: dependency is missing hash field\n"
                            "            .url = \"https://github.com/Hejsil/zig-clap/archive/"
                            "refs/tags/0.9.1.tar.gz\",\n                ^~~~\nnote: expected "
                            ".hash = \"122038b2c1ef54f7c2d9f2e1a3b9e8d6c4f0a1b2c3d4e5f607182"
                            "93a4b5c6d7e8f90\",", 1),
              "note": "Changing the url by hand leaves the old hash behind, and Zig refuses a "
                      "package whose content doesn't match it; deleting the hash only trades "
                      "one error for another. zig fetch --save=clap with the tarball url "
                      "downloads it, computes the hash and rewrites the clap entry in "
                      "build.zig.zon in one go.",
              "ok": bash("zig fetch --save=clap https://github.com/Hejsil/zig-clap/archive/"
                         "refs/tags/0.9.1.tar.gz && git diff --stat build.zig.zon && zig build",
                         " build.zig.zon | 4 ++--\n 1 file changed, 2 insertions(+), 2 "
                         "deletions(-)"),
              "done": "zig-clap is on 0.9.1 with the matching hash and the build is clean.",
              "how": "how do you update a dependency in build.zig.zon? I changed the url and now "
                     "it's nothing but hash errors",
              "alias": "zdep"}),
        Fact("env-zig", "environment", ["0.13.0"],
             ["which version of the compiler does this repo expect?",
              "my build fails with errors deep inside the standard library - am I on the "
              "wrong toolchain?"],
             "The project is pinned to Zig 0.13.0 (minimum_zig_version in build.zig.zon and "
             ".zigversion, installed with zvm); the 0.14 dev builds fail inside std.",
             {"goal": "which zig is this project on? the build blows up on my other machine "
                      "with errors inside std",
              "probe": [bash("grep -n minimum_zig_version build.zig.zon && cat .zigversion",
                             "5:    .minimum_zig_version = \"0.13.0\",\n0.13.0"),
                        bash("zig version && zvm ls",
                             "0.14.0-dev.2362+a47aa9dd9\n0.12.1\n0.13.0\nmaster [x]")],
              "confirm": "the project is pinned to Zig 0.13.0 - build.zig.zon's "
                         "minimum_zig_version and the .zigversion file that zvm reads both say "
                         "so. This shell has zvm's master, a 0.14 dev build, active, and std "
                         "has moved on there - hence the errors inside it. `zvm use 0.13.0` "
                         "puts you back on the right one.",
              "short": "Zig 0.13.0, pinned in build.zig.zon (minimum_zig_version) and "
                       ".zigversion, installed with zvm",
              "stale": "Needs Zig 0.12 or newer."}),
        Fact("env-display", "environment", ["arm-linux-musleabihf"],
             ["what architecture should binaries for the screen on the pier be built for?",
              "the binary I copied onto the display's Pi refuses to run - what does it need "
              "to be compiled for?"],
             "The harbour display is a Raspberry Pi on 32-bit Raspbian (armv7l); build for it "
             "with -Dtarget=arm-linux-musleabihf (aarch64 binaries don't run there).",
             {"goal": "what do I cross-compile for so it runs on the harbour display? I built "
                      "for aarch64 and it says cannot execute binary file",
              "probe": [bash("ssh pi@harbour-display.local 'uname -m; getconf LONG_BIT; head -1 "
                             "/etc/os-release'",
                             "armv7l\n32\nPRETTY_NAME=\"Raspbian GNU/Linux 12 (bookworm)\""),
                        bash("grep -n 'target:' .github/workflows/release.yml",
                             "14:        target: [x86_64-linux-musl, aarch64-macos, "
                             "arm-linux-musleabihf]")],
              "confirm": "the harbour display's Pi runs 32-bit Raspbian (armv7l, LONG_BIT 32), "
                         "so an aarch64 binary can't run on it. Build with "
                         "-Dtarget=arm-linux-musleabihf - the release workflow already makes "
                         "that target, statically linked against musl.",
              "short": "the harbour display is a 32-bit armv7l Raspbian Pi: build for "
                       "arm-linux-musleabihf",
              "stale": "The harbour display runs the aarch64 release binary."}),
        Fact("gotcha-label", "gotcha", ["allocPrint"],
             ["the harbour name in the header prints as junk characters in release builds but "
              "fine in debug - what's going on?",
              "how should a helper that formats a string for its caller hand it back safely?"],
             "Never return a slice of a local buffer filled with std.fmt.bufPrint (stationLabel "
             "did: garbage station names in optimised builds); return memory from "
             "std.fmt.allocPrint with the caller's allocator.",
             {"symptom": "station names come out as garbage in the table header - only in "
                         "optimised builds, debug prints them fine",
              "probe": [bash("zig build -Doptimize=ReleaseFast && ./zig-out/bin/tidewright "
                             "predict --station 9414290 --days 1 | head -2",
                             "Station: \ufffd\ufffd\u0001\ufffd@\ufffdFrancisco (9414290)\n"
                             "2024-11-18 03:12  HIGH  1.62 m"),
                        read("src/render.zig", label_before)],
              "explain": "stationLabel formats into `buf`, an array on its own stack frame, and "
                         "returns a slice of it. Once the function returns, that memory belongs "
                         "to whatever is called next: in Debug nothing happens to overwrite it "
                         "before the header is printed, in optimised builds the next call "
                         "reuses the frame and the name turns to garbage. bufPrint into a local "
                         "buffer is only safe while the buffer is alive; a label that outlives "
                         "the function has to come from allocPrint with the caller's allocator "
                         "(or go into a buffer the caller owns).",
              "fix": [edit("src/render.zig", label_before,
                           "fn stationLabel(allocator: std.mem.Allocator, station: Station) "
                           "![]u8 {\n    return std.fmt.allocPrint(allocator, \"{s} ({d})\", "
                           ".{ station.name, station.id });\n}\n")],
              "done": "The header reads 'San Francisco (9414290)' in every build mode; the "
                      "caller frees the label after printing it.",
              "test": edit("src/render.zig", "test \"render table\" {\n",
                           "test \"stationLabel survives its own stack frame\" {\n    const "
                           "label = try stationLabel(std.testing.allocator, .{ .name = \"San "
                           "Francisco\", .id = 9414290, .constituents = &.{} });\n    defer "
                           "std.testing.allocator.free(label);\n    clobberStack();\n    try "
                           "std.testing.expectEqualStrings(\"San Francisco (9414290)\", label);"
                           "\n}\n\ntest \"render table\" {\n"),
              "lay": "the name of the harbour at the top of the tide screen has turned into "
                     "funny symbols since the update. The times underneath look right",
              "lesson": "a slice of a local buffer dies with the function that owns it - hand "
                        "back allocPrint'ed memory instead"}),
        Fact("gotcha-feet", "gotcha", ["units=metric"],
             ["why would the predicted heights for newly added stations be roughly three times "
              "too large?",
              "do the harmonic constants from NOAA come back in meters by default?"],
             "NOAA's harcon.json returns amplitudes in feet unless the url asks for "
             "?units=metric; without it the heights come out 3.28x too large (the fetcher must "
             "request units=metric).",
             {"symptom": "the predicted heights for the new stations are way too big - 5.6 m at "
                         "San Diego, where the range is maybe a metre and a half",
              "probe": [bash("grep -n 'harcon.json' src/noaa.zig", f"41:{harcon_url}\","),
                        bash("curl -s 'https://api.tidesandcurrents.noaa.gov/mdapi/prod/webapi/"
                             "stations/9410170/harcon.json' | jq '.units, "
                             ".HarmonicConstituents[0].amplitude'", "\"feet\"\n1.896")],
              "explain": "The harcon endpoint answers in feet unless it's asked otherwise: the "
                         "url has no ?units=metric, so the amplitudes arrive in feet and we "
                         "treat them as metres - every height is 3.28 times too large. The "
                         "stations cached before the fetcher rewrite still had the parameter, "
                         "which is why only the new ones are off. The url needs ?units=metric, "
                         "and the stations fetched since need fetching again.",
              "fix": [edit("src/noaa.zig", f"{harcon_url}\",", f"{harcon_url}?units=metric\","),
                      bash("zig build && rm ~/.cache/tidewright/stations/9410170.json && "
                           "./zig-out/bin/tidewright fetch 9410170",
                           "fetched 9410170 (San Diego, CA): 37 constituents, units metric")],
              "done": "San Diego looks right again: the highest high this week is 1.71 m, in "
                      "line with the published tables.",
              "test": edit("src/noaa.zig", "test \"parse harcon\" {\n",
                           "test \"the harcon url asks for metres\" {\n    var buf: [256]u8 = "
                           "undefined;\n    const url = try harconUrl(&buf, 9410170);\n    try "
                           "std.testing.expect(std.mem.endsWith(u8, url, \"?units=metric\"));\n"
                           "}\n\ntest \"parse harcon\" {\n"),
              "lay": "the tide heights for San Diego say over five metres. My tide book says a "
                     "metre and a half at most",
              "lesson": "NOAA's harcon endpoint defaults to feet - always ask it for "
                        "units=metric"}),
        Fact("fals-simd", "falsified", ["SIMD"],
             ["would vector instructions speed up the tide height calculation?",
              "has anyone tried to make the harmonic summation faster with data-parallel "
              "math?"],
             "Vectorising the harmonic sum with SIMD (@Vector) was tried: it changes the float "
             "rounding (212 lines of the golden files differ) and brought no speedup, since the "
             "sum isn't the bottleneck; the scalar loop stays.",
             {"ask": "vectorise the harmonic sum with @Vector - the 10-year predictions should "
                     "fly",
              "change": [edit("src/harmonics.zig", harmonic_sum,
                              "pub fn heightAt(cs: []const Constituent, t: f64) f64 {\n    "
                              "const V = @Vector(4, f64);\n    var acc: V = @splat(0);\n    var "
                              "i: usize = 0;\n    while (i + 4 <= cs.len) : (i += 4) {\n        "
                              "const a: V = .{ cs[i].amplitude, cs[i + 1].amplitude, cs[i + 2]."
                              "amplitude, cs[i + 3].amplitude };\n        const w: V = .{ cs[i]."
                              "speed, cs[i + 1].speed, cs[i + 2].speed, cs[i + 3].speed };\n    "
                              "    const p: V = .{ cs[i].phase, cs[i + 1].phase, cs[i + 2].phase,"
                              " cs[i + 3].phase };\n        acc += a * @cos(w * @as(V, @splat(t))"
                              " + p);\n    }\n    var h = @reduce(.Add, acc);\n    while (i < "
                              "cs.len) : (i += 1) h += cs[i].amplitude * @cos(cs[i].speed * t + "
                              "cs[i].phase);\n    return h;\n}\n")],
              "early": bash("zig build && ./zig-out/bin/tidewright predict --station 9414290 "
                            "--days 1",
                            "2024-11-18 03:12  HIGH  1.62 m\n2024-11-18 09:47  LOW   0.31 m\n"
                            "2024-11-18 15:55  HIGH  1.49 m\n2024-11-18 21:20  LOW   0.88 m"),
              "broke": bash("zig build test 2>&1 | tail -6",
                            "test/golden.zig:58:13: golden mismatch for 9414290-2024.txt\n"
                            "-2024-03-10 14:07  HIGH  1.71 m\n+2024-03-10 14:08  HIGH  1.71 m\n"
                            "212 of 70128 lines differ\nerror: 1 of 41 tests failed\nBuild "
                            "Summary: 3/5 steps succeeded; 1 failed", 1),
              "revert": bash("git checkout -- src/harmonics.zig", ""),
              "conclusion": "SIMD doesn't pay here. @Vector adds the terms in a different "
                            "order, so the floating-point sums round differently and 212 lines "
                            "of the 2024 golden file move by a minute - the golden tests exist "
                            "to catch exactly that. And the sum was never the bottleneck: with "
                            "37 constituents per station it's a few hundred nanoseconds per "
                            "point, while the 10-year run spends most of its time formatting "
                            "output. The scalar loop stays; buffering stdout is the cheap win.",
              "pain": "the 10-year prediction for a station takes the better part of half a "
                      "second",
              "idea": "SIMD-vectorising the harmonic sum with @Vector"}),
        Fact("fals-libcurl", "falsified", ["libcurl"],
             ["could the downloads use the C HTTP library everyone uses instead of the "
              "standard library client?",
              "why don't the station downloads go through curl bindings?"],
             "Linking libcurl through @cImport for the NOAA fetches was tried: it breaks the "
             "static cross-compiled release builds (there's no libcurl for each target); "
             "std.http.Client stays, with initDefaultProxies for the proxy.",
             {"ask": "swap the std.http.Client fetching for libcurl through @cImport - it does "
                     "proxies and retries properly and I'm tired of the TLS edge cases",
              "change": [edit("build.zig",
                              "    exe.root_module.addImport(\"clap\", clap.module(\"clap\"));\n",
                              "    exe.root_module.addImport(\"clap\", clap.module(\"clap\"));\n"
                              "    exe.linkSystemLibrary(\"curl\");\n    exe.linkLibC();\n"),
                         edit("src/noaa.zig", "const std = @import(\"std\");\n",
                              "const std = @import(\"std\");\nconst c = @cImport(@cInclude("
                              "\"curl/curl.h\"));\n")],
              "early": bash("zig build && ./zig-out/bin/tidewright fetch 9414290",
                            "fetched 9414290 (San Francisco, CA): 37 constituents"),
              "broke": bash("zig build -Dtarget=x86_64-linux-musl 2>&1 | tail -4",
                            "error: unable to find dynamic system library 'curl' using strategy "
                            "'paths_first'. searched paths:\n  /usr/lib/x86_64-linux-musl/"
                            "libcurl.so\n  /usr/lib/x86_64-linux-musl/libcurl.a\nerror: the "
                            "following command failed with 1 compilation errors", 1),
              "revert": bash("git checkout -- build.zig src/noaa.zig", ""),
              "conclusion": "libcurl isn't worth it: once it's linked, tidewright stops being "
                            "one static binary - every release target (musl Linux, the Pi on "
                            "the harbour wall, macOS) would need its own libcurl and TLS "
                            "library built for it, and the cross build for x86_64 musl already "
                            "fails. The proxy trouble has a much smaller fix: std.http.Client "
                            "honours https_proxy once initDefaultProxies is called, which the "
                            "fetcher never did.",
              "pain": "fetching from NOAA behind the marina's proxy fails half the time with "
                      "std.http",
              "idea": "linking libcurl through @cImport instead of std.http.Client for the "
                      "NOAA fetches"}),
    ]
    return Project(
        "tidewright", "git@github.com:saltmarsh-tools/tidewright.git",
        {"README.md": "# tidewright\n\nTide predictions from NOAA harmonic constants.\n",
         "build.zig.zon": ".{\n    .name = \"tidewright\",\n    .version = \"0.8.2\",\n}\n"},
        facts,
        chores(("src/astro.zig",
                "//! Astronomical arguments for the harmonic constituents.\nconst std = "
                "@import(\"std\");\n\npub const Doodson = [6]i8;\n\n/// Mean longitudes (degrees)"
                " at time t, in Julian centuries since J2000.\npub fn meanLongitudes(t: f64) "
                "[6]f64 {\n    return .{\n        218.3165 + 481267.8813 * t, // moon\n        "
                "280.4665 + 36000.7698 * t, // sun\n        83.3532 + 4069.0137 * t, // lunar "
                "perigee\n        125.0445 - 1934.1363 * t, // lunar node\n        282.9384 + "
                "1.7195 * t, // solar perigee\n        0,\n    };\n}\n",
                "It computes the slowly moving astronomical angles - mean longitudes of the moon "
                "and sun, the lunar perigee and node - that every constituent's phase is built "
                "from via its Doodson numbers. Pure math, no allocation, no I/O."),
               ("Doodson", ["src/astro.zig", "src/harmonics.zig", "src/constituents.zig"]),
               (" src/render.zig | 18 +++++++++++-------\n 1 file changed, 11 insertions(+), 7 "
                "deletions(-)",
                "render: align the height column on the decimal point\n\nHeights with "
                "different widths (-0.12 m, 1.62 m) now line up, so the table reads as a "
                "column again."),
               ("README.md", "Predicitons are computed locally", "Predictions are computed "
                "locally"),
               ("zig fmt over everything", "zig fmt --check src build.zig", ""),
               ("what's the difference between a spring tide and a neap tide?",
                "Spring tides come around new and full moon, when sun and moon pull in line "
                "and the range is largest; neap tides come at the quarter moons, when they pull "
                "at right angles and the range is smallest. Nothing to do with the season."),
               ("4c1e9a2 predict: --days option\n9b70d13 render: align the height column",
                "Yesterday: a --days option for predict, and the height column in the table "
                "now lines up on the decimal point.")),
        "github")


def hearthlab() -> Project:
    """An Ansible repository for a three-node Proxmox VE 8 homelab (pve1-3): ZFS on each node,
    guests found through the Proxmox inventory plugin, Caddy as the reverse proxy in an LXC
    container, Tailscale for remote access, the vault password read from 1Password."""
    caddyfile = "roles/caddy/templates/Caddyfile.j2"
    caddy_tasks = ("- name: Render the Caddyfile\n  ansible.builtin.template:\n    src: "
                   "Caddyfile.j2\n    dest: /etc/caddy/Caddyfile\n    validate: caddy validate "
                   "--adapter caddyfile --config %s\n  notify: Reload caddy\n\n- name: Wait for "
                   "the upstreams\n  ansible.builtin.uri:\n    url: \"http://{{ item }}\"\n  "
                   "loop: \"{{ caddy_upstreams }}\"\n")
    facts = [
        Fact("conv-tailnet", "convention", ["tailnet_only"],
             ["I want to make the new recipe app reachable - how is a service supposed to be "
              "exposed here?",
              "is a port forward on the router okay for something I only need for a week?"],
             "Every service goes behind Caddy with `import tailnet_only` in its site block "
             "(403 for anything outside the tailnet and the LAN); no port forwards on the "
             "router, nothing exposed on the WAN.",
             {"rule": "every new service goes behind caddy with `import tailnet_only` in its "
                      "site block. nothing gets a port forward on the router, nothing listens "
                      "on the WAN side",
              "why": "the last thing that got a port forward 'just for the weekend' was the "
                     "jellyfin login page, and by sunday it had 4000 login attempts from three "
                     "continents",
              "task": "add paperless-ngx to the caddy config as docs.hearth.home, it's already "
                      "running on the docs VM on port 8000",
              "follow": [edit(caddyfile, "jellyfin.hearth.home {\n",
                              "docs.hearth.home {\n\timport tailnet_only\n\treverse_proxy "
                              "10.20.0.31:8000\n}\n\njellyfin.hearth.home {\n"),
                         read("roles/caddy/templates/snippets/tailnet_only.caddy",
                              "(tailnet_only) {\n\t@outside not remote_ip 100.64.0.0/10 "
                              "10.20.0.0/24\n\trespond @outside 403\n}\n")],
              "contrary": edit(caddyfile, "jellyfin.hearth.home {\n",
                               "docs.hearth.home {\n\treverse_proxy 10.20.0.31:8000\n}\n\n"
                               "jellyfin.hearth.home {\n"),
              "done": "docs.hearth.home proxies to paperless on 10.20.0.31:8000 and imports "
                      "tailnet_only, so anything outside the tailnet and the LAN gets a 403. It "
                      "goes live with the next caddy run."}),
        Fact("conv-changed-when", "convention", ["changed_when"],
             ["the new command task in the backup role shows up as changed on every single "
              "run - is that acceptable?",
              "what does a raw shell task need before it can go into one of the roles?"],
             "Every shell/command task must say when it changed something (changed_when, plus "
             "failed_when if the exit code lies); a task that reports changed on every run is "
             "treated as a bug.",
             {"rule": "any shell or command task has to say when it actually changed something "
                      "- changed_when, and failed_when if the exit code lies. a task that "
                      "reports changed on every run is a bug, not a style issue",
              "why": "the nightly check run reported 14 changes every night for a month, so "
                     "nobody read it, and the one real drift - a node with the enterprise repo "
                     "switched back on - hid in there the whole time",
              "task": "add a task to the proxmox node role that sets the cpu governor to "
                      "powersave",
              "follow": [edit("roles/proxmox_node/tasks/main.yml",
                              "- name: Disable the enterprise repository\n",
                              "- name: Set the CPU governor to powersave\n  "
                              "ansible.builtin.shell: |\n    set -o pipefail\n    current=$(cat "
                              "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor)\n    if "
                              "[ \"$current\" != powersave ]; then\n      echo powersave | tee "
                              "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor >/dev/null"
                              "\n      echo switched\n    fi\n  args:\n    executable: /bin/bash"
                              "\n  register: governor\n  changed_when: \"'switched' in "
                              "governor.stdout\"\n\n- name: Disable the enterprise repository\n")],
              "contrary": edit("roles/proxmox_node/tasks/main.yml",
                               "- name: Disable the enterprise repository\n",
                               "- name: Set the CPU governor to powersave\n  "
                               "ansible.builtin.shell: echo powersave | tee /sys/devices/system/"
                               "cpu/cpu*/cpufreq/scaling_governor\n\n- name: Disable the "
                               "enterprise repository\n"),
              "done": "The governor task only touches nodes that aren't on powersave yet, and "
                      "only then reports a change."}),
        Fact("cmd-vault", "command", ["vault-id homelab"],
             ["the playbook stops immediately saying there are no vault secrets - how do I "
              "run it?",
              "how does ansible get the password for the encrypted group vars?"],
             "Run playbooks with `--vault-id homelab@scripts/op-vault.sh` (vault id homelab, "
             "password from 1Password); without it they stop with 'no vault secrets found'.",
             {"goal": "run the caddy playbook so the new site goes live",
              "fail": bash("ansible-playbook playbooks/caddy.yml",
                           "ERROR! Attempting to decrypt but no vault secrets found", 1),
              "note": "The vault is encrypted under a vault id rather than a bare password - "
                      "group_vars/all/vault.yml starts with $ANSIBLE_VAULT;1.2;AES256;homelab - "
                      "and the password comes out of 1Password through scripts/op-vault.sh. So "
                      "the playbook needs --vault-id homelab@scripts/op-vault.sh.",
              "ok": bash("ansible-playbook playbooks/caddy.yml --vault-id "
                         "homelab@scripts/op-vault.sh 2>&1 | tail -3",
                         "PLAY RECAP *****************************************************\n"
                         "proxy                      : ok=9    changed=1    unreachable=0    "
                         "failed=0    skipped=0    rescued=0    ignored=0"),
              "done": "The caddy play ran against proxy: one change, the Caddyfile, and caddy "
                      "reloaded.",
              "how": "how do you run one of the playbooks? it dies straight away with a vault "
                     "error for me",
              "alias": "hlplay"}),
        Fact("cmd-inventory", "command", ["pve.proxmox.yml"],
             ["how can I see from ansible which guests actually exist on the cluster right "
              "now?",
              "which inventory source has the live VMs and containers rather than just the "
              "three nodes?"],
             "The live list of guests comes from the Proxmox API: `ansible-inventory -i "
             "inventory/pve.proxmox.yml --graph` (the plugin only reads files whose name ends "
             "in proxmox.yml); hosts.yml only lists the nodes.",
             {"goal": "list every VM and container on the cluster with their groups - hosts.yml "
                      "feels out of date",
              "fail": bash("ansible-inventory -i inventory/pve.yml --graph",
                           "[WARNING]: Unable to parse /home/dev/src/hearthlab/inventory/pve.yml "
                           "as an inventory source\n[WARNING]: No inventory was parsed, only "
                           "implicit localhost is available\n@all:\n  |--@ungrouped:"),
              "note": "The guests come from the Proxmox API through the community.general."
                      "proxmox inventory plugin, configured in inventory/pve.proxmox.yml - the "
                      "plugin only accepts files whose name ends in proxmox.yml, which is why "
                      "it's called that. hosts.yml only has the three nodes.",
              "ok": bash("ansible-inventory -i inventory/pve.proxmox.yml --graph",
                         "@all:\n  |--@ungrouped:\n  |--@proxmox_all_running:\n  |  |--docs\n  "
                         "|  |--hass\n  |  |--jellyfin\n  |  |--proxy\n  |  |--unifi\n  |--"
                         "@proxmox_all_lxc:\n  |  |--proxy\n  |  |--unifi\n  |--@proxmox_all_"
                         "qemu:\n  |  |--docs\n  |  |--hass\n  |  |--jellyfin"),
              "done": "Five guests are running: three VMs (docs, hass, jellyfin) and two "
                      "containers (proxy, unifi).",
              "how": "how do you get the current list of VMs out of ansible? hosts.yml only "
                     "has the nodes",
              "alias": "hlinv"}),
        Fact("env-storage", "environment", ["fastpool"],
             ["where should the disk of a new virtual machine be stored on the cluster?",
              "which storage holds the guests' disks here?"],
             "Guest disks go on fastpool, the ZFS mirror of two NVMe drives on each Proxmox "
             "node; local-lvm is disabled and local only holds ISOs and templates.",
             {"goal": "which storage should a new VM's disk go on? the web UI offers local, "
                      "local-lvm and one more",
              "probe": [bash("ssh root@pve1 pvesm status",
                             "Name             Type     Status           Total            Used"
                             "       Available        %\nfastpool      zfspool     active       "
                             "942931968       301727334       641204634   32.00%\nlocal        "
                             "     dir     active        98497780        11204360        "
                             "82243872   11.38%\nlocal-lvm     lvmthin   disabled               "
                             "0               0               0      N/A"),
                        bash("ssh root@pve1 zpool status fastpool | head -8",
                             "  pool: fastpool\n state: ONLINE\nconfig:\n\n\tNAME              "
                             "                      STATE     READ WRITE CKSUM\n\tfastpool    "
                             "                        ONLINE       0     0     0\n\t  mirror-0  "
                             "                        ONLINE       0     0     0\n\t    nvme-"
                             "Samsung_SSD_980_PRO_1TB  ONLINE       0     0     0")],
              "confirm": "new VM disks go on fastpool: a ZFS pool, a mirror of two 1 TB NVMe "
                         "drives, present on every node and the only storage with room - local "
                         "is the 100 GB boot disk for ISOs and templates, and local-lvm is "
                         "disabled. Replication between the nodes only works on ZFS storage "
                         "anyway.",
              "short": "VM and container disks go on fastpool, the ZFS NVMe mirror on each node "
                       "(local-lvm is disabled)",
              "stale": "VM disks live on local-lvm."}),
        Fact("env-tailnet", "environment", ["tail4c2e9.ts.net"],
             ["what's the tailscale DNS name of the reverse proxy when I'm away from home?",
              "which magic DNS domain does our tailnet use?"],
             "The tailnet's MagicDNS suffix is tail4c2e9.ts.net; the proxy is "
             "proxy.tail4c2e9.ts.net (100.101.7.12).",
             {"goal": "what's the full name for reaching the proxy from my phone over "
                      "tailscale? the short name only works on the laptop",
              "probe": [bash("tailscale status --json | jq -r '.MagicDNSSuffix, .Self.DNSName'",
                             "tail4c2e9.ts.net\nlaptop.tail4c2e9.ts.net."),
                        bash("tailscale status | grep proxy",
                             "100.101.7.12    proxy                hearth@      linux   -")],
              "confirm": "the tailnet's MagicDNS suffix is tail4c2e9.ts.net, so from any device "
                         "on the tailnet the proxy is proxy.tail4c2e9.ts.net (100.101.7.12). "
                         "The short name only resolves where that search domain is set, and "
                         "your phone doesn't have it.",
              "short": "the tailnet's MagicDNS domain is tail4c2e9.ts.net - the proxy is "
                       "proxy.tail4c2e9.ts.net (100.101.7.12)",
              "stale": "From outside, use the proxy's Tailscale IP address."}),
        Fact("gotcha-machine-id", "gotcha", ["machine-id"],
             ["after cloning a couple of guests, the router hands them one address between "
              "them - what's wrong?",
              "what has to be cleaned out of a VM before it's turned into a template?"],
             "VMs cloned from a template share /etc/machine-id unless the template's is emptied "
             "before `qm template`; systemd-networkd uses it as the DHCP client id, so the "
             "clones got the same lease.",
             {"symptom": "the two VMs I cloned from the debian template yesterday keep getting "
                         "the same IP from the router and knocking each other off the network",
              "probe": [bash("for h in 10.20.0.41 10.20.0.42; do ssh debian@$h 'hostname; cat "
                             "/etc/machine-id'; done",
                             "clone-a\n4f2b8c1e9d3a47f6b0e5c2d1a8f7e6b3\nclone-b\n"
                             "4f2b8c1e9d3a47f6b0e5c2d1a8f7e6b3"),
                        read("roles/vm_template/tasks/main.yml",
                             "- name: Clean apt caches\n  ansible.builtin.apt:\n    autoclean: "
                             "true\n\n- name: Convert to template\n  ansible.builtin.command: qm "
                             "template {{ template_vmid }}\n  delegate_to: \"{{ pve_node }}\"\n")],
              "explain": "Both clones have the same /etc/machine-id: the template was converted "
                         "without clearing it, so every clone inherits it. systemd-networkd "
                         "derives the DHCP client identifier from the machine-id, not from the "
                         "MAC address, so the router sees one client and hands both VMs the "
                         "same lease. The template role has to empty /etc/machine-id (an empty "
                         "file, not a deleted one) before `qm template`, so each clone "
                         "generates its own on first boot; the two existing clones need theirs "
                         "regenerated.",
              "fix": [edit("roles/vm_template/tasks/main.yml", "- name: Convert to template\n",
                           "- name: Empty the machine-id so every clone gets its own\n  "
                           "ansible.builtin.copy:\n    content: \"\"\n    dest: /etc/machine-id"
                           "\n    mode: \"0444\"\n\n- name: Convert to template\n"),
                      bash("for h in 10.20.0.41 10.20.0.42; do ssh debian@$h 'sudo truncate -s0 "
                           "/etc/machine-id && sudo systemd-machine-id-setup && sudo reboot'; "
                           "done",
                           "Initializing machine ID from random generator.\nInitializing "
                           "machine ID from random generator.")],
              "done": "After the reboot the clones have different machine-ids and the router "
                      "gave them separate leases, 10.20.0.41 and 10.20.0.44.",
              "test": write("roles/vm_template/molecule/default/verify.yml",
                            "- name: Verify\n  hosts: all\n  tasks:\n    - name: Look at the "
                            "machine-id\n      ansible.builtin.stat:\n        path: "
                            "/etc/machine-id\n      register: mid\n\n    - name: The template "
                            "ships an empty machine-id\n      ansible.builtin.assert:\n        "
                            "that: mid.stat.size == 0\n"),
              "lay": "the printer page and the new recipe thing keep kicking each other off - "
                     "one works, then the other, never both at once",
              "lesson": "a template must ship an empty /etc/machine-id, or every clone shares "
                        "one DHCP identity"}),
        Fact("gotcha-handlers", "gotcha", ["flush_handlers"],
             ["the web server on the proxy box keeps using yesterday's settings although the "
              "new file is in place - how come?",
              "why didn't the reload fire when the play died halfway?"],
             "Handlers only run at the end of a play, so when a later task fails a notified "
             "reload never happens; the caddy role runs `meta: flush_handlers` right after "
             "rendering the Caddyfile (--force-handlers does the same for one run).",
             {"symptom": "caddy is still serving the old config after the playbook run, even "
                         "though the Caddyfile on the proxy is the new one",
              "probe": [bash("ssh root@proxy 'stat -c %y /etc/caddy/Caddyfile; systemctl show "
                             "caddy -p ActiveEnterTimestamp'",
                             "2024-11-16 21:04:55.310194771 +0100\nActiveEnterTimestamp=Thu "
                             "2024-11-07 08:12:40 CET"),
                        read("roles/caddy/tasks/main.yml", caddy_tasks),
                        bash("grep -A2 'Wait for the upstreams' logs/last-run.log | tail -3",
                             "fatal: [proxy]: FAILED! => {\"msg\": \"Status code was -1 and not "
                             "[200]: Request failed: <urlopen error [Errno 113] No route to "
                             "host>\", \"url\": \"http://10.20.0.33:8096\"}\n\nNO MORE HOSTS "
                             "LEFT ********************************")],
              "explain": "The Caddyfile changed and notified the reload handler, but handlers "
                         "only run at the end of the play - and a later task in the same play, "
                         "the wait for the upstreams, failed because the jellyfin VM was down. "
                         "The play stopped there and the queued reload never ran: new file on "
                         "disk, old config in memory. The role now runs meta: flush_handlers "
                         "straight after rendering the Caddyfile, so the reload happens before "
                         "anything else can fail (--force-handlers does the same for a single "
                         "run).",
              "fix": [edit("roles/caddy/tasks/main.yml",
                           "  notify: Reload caddy\n\n- name: Wait for the upstreams\n",
                           "  notify: Reload caddy\n\n- name: Apply the new config before "
                           "anything else can fail\n  ansible.builtin.meta: flush_handlers\n\n"
                           "- name: Wait for the upstreams\n"),
                      bash("ssh root@proxy 'systemctl reload caddy && systemctl show caddy -p "
                           "ExecMainStatus'", "ExecMainStatus=0")],
              "done": "Caddy reloaded and serves the new config; from now on the reload happens "
                      "before the upstream checks.",
              "test": write("roles/caddy/molecule/default/verify.yml",
                            "- name: Verify\n  hosts: all\n  tasks:\n    - name: Ask the admin "
                            "API what is loaded\n      ansible.builtin.uri:\n        url: "
                            "http://localhost:2019/config/apps/http/servers/srv0/routes\n        "
                            "return_content: true\n      register: routes\n\n    - name: The "
                            "running config has the newest site\n      ansible.builtin.assert:\n"
                            "        that: \"'docs.hearth.home' in routes.content\"\n"),
              "lay": "the new documents address still shows the old page, even though you said "
                     "you'd set it up",
              "lesson": "handlers wait for the end of the play - a failure in between means no "
                        "reload, so flush them straight away"}),
        Fact("fals-ceph", "falsified", ["Ceph"],
             ["could the cluster use distributed shared storage so migrations are instant?",
              "why aren't the guests on a storage cluster replicated across all three nodes?"],
             "A three-node Ceph cluster instead of ZFS replication was tried: on 1 GbE with one "
             "SATA OSD per node, VM random writes fell to ~300 IOPS at 100 ms latency; ZFS "
             "replication stays.",
             {"ask": "set up ceph across the three nodes so VMs can live-migrate without "
                     "waiting on replication - the proxmox installer makes it look like a "
                     "five-minute job",
              "change": [bash("for n in pve1 pve2 pve3; do ssh root@$n 'pveceph install "
                              "--repository no-subscription >/dev/null && echo $(hostname): "
                              "ok'; done", "pve1: ok\npve2: ok\npve3: ok"),
                         bash("ssh root@pve1 'pveceph init --network 10.20.0.0/24 && for n in "
                              "pve1 pve2 pve3; do ssh $n \"pveceph mon create; pveceph osd "
                              "create /dev/sdb\"; done' | tail -2",
                              "created OSD on /dev/sdb (bluestore)\ncreated OSD on /dev/sdb "
                              "(bluestore)")],
              "early": bash("ssh root@pve1 ceph -s | head -6",
                            "  cluster:\n    id:     7d1c0f2e-4b5a-4e61-9f3d-2a8c6b1e0d97\n    "
                            "health: HEALTH_OK\n\n  services:\n    mon: 3 daemons, quorum "
                            "pve1,pve2,pve3"),
              "broke": bash("ssh root@docs 'fio --name=vm --filename=/var/tmp/f --rw=randwrite "
                            "--bs=4k --iodepth=32 --size=1G --runtime=30 --time_based | grep -E "
                            "\"write:|lat \\(msec\\)\"'",
                            "  write: IOPS=312, BW=1250KiB/s (1280kB/s)(36.6MiB/30001msec)\n"
                            "     lat (msec): min=4, max=1287, avg=102.33"),
              "revert": bash("for n in pve1 pve2 pve3; do ssh root@$n 'pveceph purge --crash "
                             "--logs >/dev/null && echo $(hostname): purged'; done",
                             "pve1: purged\npve2: purged\npve3: purged"),
              "conclusion": "Ceph on this hardware is a step backwards. Each node has one "
                            "gigabit link and a single spare SATA SSD for an OSD, and with "
                            "three replicas every write crosses that link twice: 4k random "
                            "writes inside a VM fell to about 300 IOPS with 100 ms average "
                            "latency, against tens of thousands on the local NVMe pool. Ceph "
                            "wants 10 GbE and several OSDs per node. ZFS replication every 15 "
                            "minutes, and a short wait before a migration, stays.",
              "pain": "migrating a VM between nodes means waiting for ZFS replication to catch "
                      "up first",
              "idea": "replacing ZFS replication with a three-node Ceph cluster"}),
        Fact("fals-pull", "falsified", ["ansible-pull"],
             ["could each machine just apply its own config from the git repo on a timer?",
              "why do the playbooks still get pushed from a workstation?"],
             "Having every host run ansible-pull from cron was tried: each host would need the "
             "vault password on disk, and plays that use the Proxmox API or span several hosts "
             "don't work from one host; pushing from the laptop stays.",
             {"ask": "switch the nodes to ansible-pull from a cron job so they configure "
                     "themselves from the repo and I don't have to run things from my laptop",
              "change": [write("roles/pull/templates/ansible-pull.cron.j2",
                               "*/30 * * * * root ansible-pull -U https://git.hearth.home/"
                               "homelab/hearthlab.git -i localhost, playbooks/site.yml >> "
                               "/var/log/ansible-pull.log 2>&1\n"),
                         bash("ssh root@pve2 'apt-get install -y ansible-core >/dev/null && "
                              "ansible --version | head -1'", "ansible [core 2.14.3]")],
              "early": bash("ssh root@pve2 'ansible-pull -U https://git.hearth.home/homelab/"
                            "hearthlab.git -i localhost, playbooks/ping.yml | tail -1'",
                            "localhost                  : ok=2    changed=0    unreachable=0    "
                            "failed=0"),
              "broke": bash("ssh root@pve2 'ansible-pull -U https://git.hearth.home/homelab/"
                            "hearthlab.git -i localhost, playbooks/site.yml 2>&1 | tail -2'",
                            "Starting Ansible Pull at 2024-11-18 22:30:01\nERROR! Attempting to "
                            "decrypt but no vault secrets found", 1),
              "revert": bash("rm -r roles/pull && ssh root@pve2 'apt-get purge -y ansible-core "
                             ">/dev/null && echo purged'", "purged"),
              "conclusion": "ansible-pull doesn't fit this repo. Every host would need the vault "
                            "password on disk to decrypt group_vars - which turns each node into "
                            "a place the 1Password secret can leak from - and the plays that "
                            "talk to the Proxmox API or span hosts (the proxy config, the guest "
                            "inventory, the template builds) make no sense from a single "
                            "host's point of view. Pushing from the laptop stays; a nightly "
                            "check-mode run from a timer on the laptop covers the 'forgot to "
                            "apply it' part.",
              "pain": "config only gets applied when I remember to run the playbooks from my "
                      "laptop",
              "idea": "having every host run ansible-pull from cron against the git repo"}),
    ]
    return Project(
        "hearthlab", "git@github.com:hearth-home/hearthlab.git",
        {"README.md": "# hearthlab\n\nAnsible for the Proxmox cluster under the stairs.\n",
         "ansible.cfg": "[defaults]\ninventory = inventory/hosts.yml\n"},
        facts,
        chores(("roles/unifi/defaults/main.yml",
                "unifi_version: \"8.5.6\"\nunifi_data_dir: /var/lib/unifi\nunifi_backup_keep: 14"
                "\nunifi_java_heap_mb: 1024\n",
                "Defaults for the UniFi controller role: which controller version to install, "
                "where it keeps its data, how many nightly backups to keep (14) and a 1 GB Java "
                "heap. Anything here can be overridden per host."),
               ("unifi_backup_keep", ["roles/unifi/defaults/main.yml",
                                      "roles/unifi/tasks/backup.yml"]),
               (" roles/unifi/tasks/backup.yml | 9 +++++++--\n 1 file changed, 7 insertions(+), "
                "2 deletions(-)",
                "unifi: prune old controller backups\n\nKeep the newest unifi_backup_keep "
                "backups instead of letting the directory grow forever."),
               ("README.md", "Nodes are re-provisioned from scracth", "Nodes are "
                "re-provisioned from scratch"),
               ("ansible-lint over the roles", "ansible-lint roles/",
                "Passed: 0 failure(s), 0 warning(s) on 61 files. Profile 'production' was "
                "required, and it passed."),
               ("is three mini PCs under the stairs a silly amount of homelab?",
                "Three is the smallest number that gives a Proxmox cluster a proper quorum, so "
                "it's the sensible minimum rather than a silly amount - as long as the stairs "
                "get some airflow."),
               ("a2d94e1 unifi: prune old controller backups\n5fe0b37 jellyfin: bump to 10.10",
                "Yesterday: the UniFi controller prunes its old backups now, and Jellyfin is on "
                "10.10.")),
        "aws")


def phytofit() -> Project:
    """A Julia 1.10 package that fits phytoplankton growth models (logistic, Monod, Droop, a
    community model) to fluorometer time series: DifferentialEquations.jl, Optimization.jl,
    Unitful, CSV/DataFrames, Documenter with CairoMakie figures, SLURM for the long fits."""
    solve_line = "    sol = solve(prob, Tsit5(); saveat = t, abstol = 1e-8, reltol = 1e-6)\n"
    facts = [
        Fact("conv-doctest", "convention", ["jldoctest"],
             ["what should the documentation of a newly exported function include?",
              "is an ordinary code example in the docstring good enough for a new public "
              "function?"],
             "Every exported function needs a docstring with a jldoctest example (not a plain "
             "julia code block), so the docs build runs it and it can't go stale.",
             {"rule": "every exported function gets a docstring with a jldoctest example in it - "
                      "not a plain julia code block, a jldoctest, so the docs build runs it and "
                      "it can't rot",
              "why": "the README example for fit_growth was wrong for two releases and the "
                     "first we heard of it was a reviewer of the paper trying it",
              "task": "export a doubling_time function that takes a fitted model and gives the "
                      "doubling time",
              "follow": [edit("src/PhytoFit.jl", "export fit_growth, predict\n",
                              "export fit_growth, predict, doubling_time\n"),
                         edit("src/fit.jl", "# --- derived quantities\n",
                              "# --- derived quantities\n\n\"\"\"\n    doubling_time(fit::"
                              "GrowthFit)\n\nDoubling time implied by the fitted maximum growth "
                              "rate `μmax`, in hours.\n\n```jldoctest\njulia> fit = GrowthFit("
                              "Logistic(), (μmax = log(2) / u\"d\", K = 1.2e6u\"mL^-1\", N0 = "
                              "1.0e4u\"mL^-1\"));\n\njulia> doubling_time(fit)\n24.0 hr\n```\n"
                              "\"\"\"\ndoubling_time(fit::GrowthFit) = uconvert(u\"hr\", log(2) "
                              "/ fit.params.μmax)\n")],
              "contrary": edit("src/fit.jl", "# --- derived quantities\n",
                               "# --- derived quantities\n\n\"\"\"\n    doubling_time(fit::"
                               "GrowthFit)\n\nDoubling time implied by the fitted maximum growth "
                               "rate, in hours.\n\n```julia\ndoubling_time(fit)  # 24.0 hr for "
                               "μmax = ln 2 per day\n```\n\"\"\"\ndoubling_time(fit::GrowthFit) "
                               "= uconvert(u\"hr\", log(2) / fit.params.μmax)\n"),
              "done": "doubling_time is exported and documented; its example runs as a doctest "
                      "in the docs build and gives 24.0 hr for a growth rate of ln 2 per day."}),
        Fact("conv-units", "convention", ["ustrip"],
             ["should functions in the package take plain floats or quantities with units?",
              "where is it ok to drop the units from the measurements?"],
             "Units (Unitful quantities) stay on every public input and output; ustrip happens "
             "in one place only, right before values enter the ODE kernel (fit_growth's "
             "_strip_units).",
             {"rule": "units stay on everything at the API boundary - rates, concentrations and "
                      "times go in and come out as Unitful quantities. ustrip happens in exactly "
                      "one place, right before the numbers go into the ODE kernel, and nowhere "
                      "else",
              "why": "we once fitted a whole season with rates per hour read as per day, and "
                     "the paper draft had growth rates 24 times too small",
              "task": "make read_fluorometer return the time column as a proper time instead "
                      "of raw minutes",
              "follow": [edit("src/io.jl", "    t = df.minutes\n",
                              "    t = df.minutes .* u\"minute\"\n"),
                         read("src/fit.jl",
                              "function _rhs!(du, N, p, t)\n    # p and t arrive unitless: see "
                              "_strip_units in fit_growth\n    μ, K = p\n    du[1] = μ * N[1] * "
                              "(1 - N[1] / K)\nend\n\n_strip_units(t, N, θ) = (ustrip.(u\"d\", "
                              "t), ustrip.(u\"mL^-1\", N), map(ustrip, θ))\n")],
              "contrary": edit("src/io.jl", "    t = df.minutes\n",
                               "    t = df.minutes ./ (60 * 24)  # in days, unitless\n"),
              "done": "read_fluorometer returns the times as minutes with their unit attached; "
                      "fit_growth converts them to days on the way into the kernel, so nothing "
                      "downstream had to change."}),
        Fact("cmd-test", "command", ["Pkg.test"],
             ["running the test script directly can't find the package - how are the tests "
              "meant to be started?",
              "is there a way to do only the fast checks before I push?"],
             "Run the tests with `julia --project -e 'using Pkg; Pkg.test(test_args=[\"fast\"])'`"
             " (Pkg.test sets up the test/Project.toml dependencies); `julia test/runtests.jl` "
             "can't load the package.",
             {"goal": "run the tests, I changed the logistic model's initial guess",
              "fail": bash("julia test/runtests.jl",
                           "ERROR: LoadError: ArgumentError: Package PhytoFit not found in "
                           "current path.\n- Run `import Pkg; Pkg.add(\"PhytoFit\")` to install "
                           "the PhytoFit package.\nin expression starting at /home/dev/src/"
                           "phytofit/test/runtests.jl:1", 1),
              "fail2": bash("julia --project test/runtests.jl",
                            "ERROR: LoadError: ArgumentError: Package SafeTestsets not found, "
                            "but a package named SafeTestsets is available from a registry.\n"
                            "- Install the package with `Pkg.add(\"SafeTestsets\")`", 1),
              "note": "runtests.jl isn't meant to be run as a script: the test-only "
                      "dependencies (SafeTestsets, StableRNGs) live in test/Project.toml, and "
                      "only Pkg.test builds the temporary environment that combines them with "
                      "the package. The quick subset is picked with test_args.",
              "ok": bash("julia --project -e 'using Pkg; Pkg.test(test_args=[\"fast\"])' 2>&1 | "
                         "tail -3",
                         "Test Summary: | Pass  Total   Time\nPhytoFit      |  118    118  "
                         "41.2s\n     Testing PhytoFit tests passed "),
              "done": "118 tests pass, the logistic fits included.",
              "how": "how do you run the test suite? julia test/runtests.jl can't even find the "
                     "package",
              "alias": "pft"}),
        Fact("cmd-docs", "command", ["project=docs"],
             ["the documentation build script can't find Documenter - how should it be run?",
              "what's the command to render the manual on my machine?"],
             "Build the docs with `julia --project=docs docs/make.jl` (after `julia "
             "--project=docs -e 'using Pkg; Pkg.instantiate()'`); docs/ has its own environment "
             "with Documenter.",
             {"goal": "build the docs locally, I want to see how the new tutorial page renders",
              "fail": bash("julia docs/make.jl",
                           "ERROR: LoadError: ArgumentError: Package Documenter not found in "
                           "current path.\n- Run `import Pkg; Pkg.add(\"Documenter\")` to "
                           "install the Documenter package.\nin expression starting at "
                           "/home/dev/src/phytofit/docs/make.jl:1", 1),
              "note": "The docs have their own environment in docs/Project.toml - Documenter, "
                      "CairoMakie for the figures, and the package itself dev'ed in - so "
                      "make.jl has to run with --project=docs, after instantiating that "
                      "environment once.",
              "ok": bash("julia --project=docs -e 'using Pkg; Pkg.instantiate()' && julia "
                         "--project=docs docs/make.jl 2>&1 | tail -3",
                         "[ Info: Populate: populating indices.\n[ Info: RenderDocument: "
                         "rendering document.\n[ Info: HTMLWriter: rendering HTML pages."),
              "done": "The docs are built into docs/build; the new page is "
                      "docs/build/tutorial/index.html.",
              "how": "how do you build the documentation locally? make.jl says Documenter isn't "
                     "installed",
              "alias": "pfdocs"}),
        Fact("env-julia", "environment", ["1.10.4"],
             ["which Julia release is this package developed against?",
              "is it fine to use the newest Julia here, or is a particular one expected?"],
             "The project runs on Julia 1.10.4: a juliaup override pins the directory to the "
             "1.10 channel and the Manifest records julia_version 1.10.4 (the default channel "
             "is 1.11).",
             {"goal": "which julia does this project run on? juliaup status lists a couple",
              "probe": [bash("juliaup status",
                             " Default  Channel  Version                 Update \n"
                             "-------------------------------------------------\n       *  "
                             "release  1.11.1+0.x64.linux.gnu          \n          1.10     "
                             "1.10.4+0.x64.linux.gnu          "),
                        bash("juliaup override status; grep -n julia_version Manifest.toml",
                             "Path                        Channel\n/home/dev/src/phytofit      "
                             "1.10\n3:julia_version = \"1.10.4\"")],
              "confirm": "this project runs on Julia 1.10.4: juliaup has an override for the "
                         "directory pointing at the 1.10 channel (1.10.4 installed), and the "
                         "Manifest was resolved with julia_version 1.10.4. Your default "
                         "channel is 1.11.1, which is what you get outside this directory - "
                         "using it here would re-resolve the Manifest.",
              "short": "Julia 1.10.4 - a juliaup override on the 1.10 channel, Manifest "
                       "julia_version 1.10.4 - not the 1.11 default",
              "stale": "Tested with Julia 1.9."}),
        Fact("env-partition", "environment", ["bio-long"],
             ["my cluster job got killed after four hours - where should multi-day fits be "
              "submitted?",
              "which queue on the HPC machine allows jobs longer than a day?"],
             "Long fits (over 4 h) go to the bio-long SLURM partition on the kelp cluster "
             "(3-day limit); the default short partition stops jobs at 4 hours.",
             {"goal": "the season-long refit needs about 30 hours - which partition on the "
                      "cluster takes a job that long?",
              "probe": [bash("ssh kelp sinfo -o '%P %l %D %c %m' | column -t",
                             "PARTITION  TIMELIMIT   NODES  CPUS  MEMORY\nshort*     4:00:00     "
                             "40     48    192000\nbio-long   3-00:00:00  6      64    512000\n"
                             "gpu        1-00:00:00  4      32    256000"),
                        read("scripts/refit_season.sbatch",
                             "#!/bin/bash\n#SBATCH --job-name=refit\n#SBATCH --partition=short\n"
                             "#SBATCH --time=04:00:00\n#SBATCH --cpus-per-task=32\n\nmodule load "
                             "julia\nsrun julia --project -t 32 scripts/refit_season.jl\n")],
              "confirm": "that's bio-long on kelp: a 3-day time limit, 6 nodes with 64 cores and "
                         "512 GB each. The default partition, short, stops jobs after 4 hours - "
                         "and the sbatch script still says short with --time=04:00:00, which is "
                         "why the last refit was cancelled at the limit.",
              "short": "long jobs go to the bio-long partition on kelp (3-day limit; the "
                       "default, short, stops at 4 hours)",
              "stale": "Submit the refit to the default partition."}),
        Fact("gotcha-stiff", "gotcha", ["Rodas5P"],
             ["why does fitting the nutrient-quota model take forever and warn about the "
              "maximum number of iterations?",
              "which ODE solver should a stiff growth model use?"],
             "The Droop (nutrient-quota) model is stiff: with the explicit Tsit5 its fits run "
             "into maxiters; it uses the implicit Rodas5P (solver(::Droop)), the other models "
             "keep Tsit5.",
             {"symptom": "fitting the nutrient-limited model to the October bloom just hangs for "
                         "minutes and then spits out maxiters warnings",
              "probe": [bash("julia --project -e 'using PhytoFit; d = PhytoFit.load_example("
                             ":october_bloom); @time fit_growth(d, Droop())' 2>&1 | tail -3",
                             "┌ Warning: Interrupted. Larger maxiters is needed. If you are "
                             "using an integrator for non-stiff ODEs or an automatic switching "
                             "algorithm (the default), you may want to consider using a method "
                             "for stiff equations.\n└ @ SciMLBase ~/.julia/packages/SciMLBase/"
                             "src/integrator_interface.jl:600\n213.447812 seconds (1.91 G "
                             "allocations: 96.2 GiB, 11.36% gc time)"),
                        grep("Tsit5", ["src/fit.jl"])],
              "explain": "The Droop model is stiff: the internal nutrient quota relaxes within "
                         "minutes while the population changes over days, and Tsit5 - an "
                         "explicit solver, hard-coded in fit_growth - has to take tiny steps to "
                         "stay stable, so every evaluation of the objective runs into maxiters. "
                         "The warning says as much. A stiff model needs an implicit solver, and "
                         "Rodas5P handles these well at our tolerances. The solver becomes a "
                         "function of the model, so logistic and Monod keep Tsit5.",
              "fix": [edit("src/fit.jl", solve_line,
                           "    sol = solve(prob, solver(model); saveat = t, abstol = 1e-8, "
                           "reltol = 1e-6)\n"),
                      edit("src/models.jl", "struct Droop <: GrowthModel end\n",
                           "struct Droop <: GrowthModel end\n\nsolver(::GrowthModel) = Tsit5()\n"
                           "solver(::Droop) = Rodas5P()  # stiff: quota in minutes, cells in "
                           "days\n")],
              "done": "The October bloom fit finishes in 6.8 s, and the Droop parameters sit "
                      "inside the bounds from the paper.",
              "test": edit("test/runtests.jl",
                           "@safetestset \"fits\" begin include(\"fits.jl\") end\n",
                           "@safetestset \"fits\" begin include(\"fits.jl\") end\n@safetestset "
                           "\"the stiff Droop fit finishes\" begin\n    using PhytoFit\n    d = "
                           "PhytoFit.load_example(:october_bloom)\n    stats = @timed "
                           "fit_growth(d, Droop())\n    @test stats.value.retcode == :Success\n"
                           "    @test stats.time < 60\nend\n"),
              "lay": "the fitting run for the October samples has been going since lunch and "
                     "the progress bar hasn't moved",
              "lesson": "a stiff model needs an implicit solver - an explicit one crawls until "
                        "it hits maxiters"}),
        Fact("gotcha-na", "gotcha", ["missingstring"],
             ["why does loading the new instrument's CSV give a numeric column full of "
              "strings?",
              "how do we make 'NA' cells in the raw data count as missing values?"],
             "The new fluorometer writes NA for dropped readings; CSV.read needs missingstring "
             "= [\"\", \"NA\"] (in read_fluorometer), or the column is typed as strings and "
             "arithmetic on it fails.",
             {"symptom": "read_fluorometer chokes on the new instrument's export: MethodError: "
                         "no method matching *(::String7, ::Unitful.FreeUnits)",
              "probe": [bash("head -4 data/raw/2024-10-22_fluoro.csv",
                             "minutes,chl_rfu,temp_c\n0,412.8,14.1\n5,NA,14.1\n10,418.2,14.2"),
                        bash("julia --project -e 'using CSV, DataFrames; df = CSV.read("
                             "\"data/raw/2024-10-22_fluoro.csv\", DataFrame); println(eltype.("
                             "eachcol(df)))'", "DataType[Int64, String7, Float64]")],
              "explain": "The new fluorometer writes dropped readings as the text NA. CSV.jl "
                         "only treats empty fields as missing by default, so a single NA makes "
                         "it type the whole chl_rfu column as strings, and the first arithmetic "
                         "on it fails. read_fluorometer has to tell CSV.read that NA means "
                         "missing - missingstring = [\"\", \"NA\"] - and the fit already skips "
                         "missing readings.",
              "fix": [edit("src/io.jl", "    df = CSV.read(path, DataFrame)\n",
                           "    df = CSV.read(path, DataFrame; missingstring = [\"\", \"NA\"])\n")],
              "done": "The October 22 file reads cleanly: chl_rfu is Union{Missing, Float64} "
                      "with 3 missing readings, and the fit runs on the rest.",
              "test": write("test/io.jl",
                            "using PhytoFit, Test\n\n@testset \"NA readings are missing\" begin"
                            "\n    path = tempname() * \".csv\"\n    write(path, \"minutes,"
                            "chl_rfu,temp_c\\n0,1.0,14.1\\n5,NA,14.1\\n\")\n    df = PhytoFit."
                            "read_fluorometer(path)\n    @test eltype(df.chl_rfu) == Union{"
                            "Missing, Float64}\nend\n"),
              "lay": "the new machine's files won't load into the fitting program at all, it "
                     "says something about a MethodError. The old machine's files still work",
              "lesson": "CSV.jl only treats empty cells as missing - tell it about NA with "
                        "missingstring"}),
        Fact("fals-zygote", "falsified", ["Zygote"],
             ["would reverse-mode automatic differentiation make the parameter fits faster?",
              "why do the fits still use forward-mode derivatives?"],
             "Switching the fit gradient to Zygote (reverse-mode AD) was tried: it fails on the "
             "in-place ODE right-hand sides (mutating arrays isn't supported), and with ~9 "
             "parameters forward mode is the right choice anyway; ForwardDiff stays.",
             {"ask": "switch the gradient in the fitting objective from ForwardDiff to Zygote - "
                     "reverse mode should be way faster",
              "change": [edit("src/fit.jl",
                              "    optf = OptimizationFunction(loss, Optimization."
                              "AutoForwardDiff())\n",
                              "    optf = OptimizationFunction(loss, Optimization.AutoZygote())"
                              "\n"),
                         edit("Project.toml",
                              "ForwardDiff = \"f6369f11-7733-5829-9624-2563aa707210\"\n",
                              "ForwardDiff = \"f6369f11-7733-5829-9624-2563aa707210\"\nZygote = "
                              "\"e88e6eb3-aa80-5325-afca-941959d7151f\"\n")],
              "early": bash("julia --project -e 'using PhytoFit; fit_growth(PhytoFit."
                            "load_example(:june_culture), Logistic())' 2>&1 | tail -1",
                            "GrowthFit{Logistic}(μmax = 0.81 d^-1, K = 1.31e6 mL^-1, N0 = 9.7e3"
                            " mL^-1)"),
              "broke": bash("julia --project -e 'using PhytoFit; fit_growth(PhytoFit."
                            "load_example(:community_2023), Community())' 2>&1 | head -3",
                            "ERROR: Mutating arrays is not supported -- called setindex!(Vector"
                            "{Float64}, ...)\nThis error occurs when you ask Zygote to "
                            "differentiate operations that change the elements of arrays in "
                            "place (e.g. setting values with x .= ...)", 1),
              "revert": bash("git checkout -- src/fit.jl Project.toml", ""),
              "conclusion": "Zygote can't differentiate the objective as it stands: the "
                            "community model's right-hand side writes into du in place, which "
                            "Zygote refuses (the logistic fit only got through because it has a "
                            "closed-form solution). Making it work means rewriting every model "
                            "out-of-place plus SciMLSensitivity adjoints - and with 9 "
                            "parameters forward mode is already the efficient choice; reverse "
                            "mode pays off with hundreds. ForwardDiff stays; caching the ODE "
                            "problem between iterations is the better lever.",
              "pain": "fitting the 9-parameter community model is slow, and most of the time "
                      "goes into gradients",
              "idea": "computing the objective's gradient with Zygote instead of ForwardDiff"}),
        Fact("fals-sysimage", "falsified", ["PackageCompiler"],
             ["could we ship a precompiled system image so loading the package is instant?",
              "why don't we use a custom Julia image to get rid of the load latency?"],
             "A custom sysimage built with PackageCompiler was tried: an 18-minute build, a "
             "912 MB image, and Revise can't track the baked-in package; rejected in favour of "
             "the package's precompile workload.",
             {"ask": "build a custom sysimage with PackageCompiler so `using PhytoFit` stops "
                     "taking forever in every fresh session",
              "change": [write("scripts/build_sysimage.jl",
                               "using PackageCompiler\ncreate_sysimage([\"PhytoFit\", "
                               "\"DifferentialEquations\", \"CairoMakie\"];\n    sysimage_path "
                               "= \"phytofit.so\",\n    precompile_execution_file = "
                               "\"scripts/precompile_workload.jl\")\n")],
              "early": bash("time julia --project scripts/build_sysimage.jl 2>&1 | tail -3",
                            "✔ [17m42s] PackageCompiler: compiling incremental system image\n\n"
                            "real\t17m51.204s"),
              "broke": bash("ls -lh phytofit.so && julia --project -J phytofit.so -e 'using "
                            "Revise, PhytoFit; Revise.track(PhytoFit)' 2>&1 | tail -2",
                            "-rw-r--r-- 1 dev dev 912M Nov 19 11:02 phytofit.so\n┌ Warning: "
                            "PhytoFit is in the system image; Revise cannot track changes to "
                            "its source files\n└ @ Revise ~/.julia/packages/Revise/src/"
                            "packagedef.jl:1247"),
              "revert": bash("rm -f phytofit.so scripts/build_sysimage.jl", ""),
              "conclusion": "The PackageCompiler sysimage isn't worth it for working on the "
                            "package: the build takes almost 18 minutes, the image is 912 MB, "
                            "and with PhytoFit baked in, Revise can't track src/ - every edit "
                            "would mean rebuilding the image. Most of the load time it saves "
                            "is already gone on 1.10, where `using PhytoFit` takes about 6 s "
                            "with the package's own precompile workload; extending that "
                            "workload to the plotting calls is the cheap improvement.",
              "pain": "every fresh julia session spends ages loading the package before the "
                      "first fit",
              "idea": "baking the package and its dependencies into a custom sysimage with "
                      "PackageCompiler"}),
    ]
    return Project(
        "phytofit", "git@github.com:plankton-lab/phytofit.git",
        {"README.md": "# PhytoFit.jl\n\nGrowth models for phytoplankton time series.\n",
         "Project.toml": "name = \"PhytoFit\"\nversion = \"0.6.1\"\n"},
        facts,
        chores(("src/models.jl",
                "abstract type GrowthModel end\n\n\"Logistic growth towards a carrying "
                "capacity K.\"\nstruct Logistic <: GrowthModel end\n\n\"Monod: growth limited "
                "by one external nutrient.\"\nstruct Monod <: GrowthModel end\n\nnparams(::"
                "Logistic) = 3\nnparams(::Monod) = 4\n",
                "It declares the model types the fitter dispatches on - Logistic and Monod "
                "here, each a singleton subtype of GrowthModel - and how many parameters each "
                "has. The equations themselves live in fit.jl."),
               ("nparams", ["src/models.jl", "src/fit.jl", "test/fits.jl"]),
               (" src/plots.jl | 22 ++++++++++++++++------\n 1 file changed, 16 insertions(+), 6 "
                "deletions(-)",
                "plots: show the fit residuals under the time series\n\nA second panel with the "
                "residuals makes a systematic misfit visible at a glance."),
               ("docs/src/index.md", "phytoplankton grwoth curves", "phytoplankton growth "
                "curves"),
               ("JuliaFormatter over src and test",
                "julia -e 'using JuliaFormatter; println(format(\"src\"), \" \", "
                "format(\"test\"))'", "true true"),
               ("what's the difference between chlorophyll fluorescence and cell counts as a "
                "measure of biomass?",
                "Cell counts measure how many cells there are; chlorophyll fluorescence "
                "measures how much pigment they carry, which changes with light and nutrients. "
                "Fluorescence is cheap and continuous, but it's a proxy - counts calibrate it."),
               ("71be0c4 plots: residual panel\nd03a9e5 models: Monod half-saturation bounds",
                "Yesterday: a residual panel under the fit plots, and tighter bounds for the "
                "Monod half-saturation constant.")),
        "slack")


def ferrygate() -> Project:
    """An Erlang/OTP 27 service behind a ferry operator's ticket gates: rebar3 umbrella,
    cowboy for the HTTP API, a gen_statem per gate, an ETS ticket cache loaded from Postgres,
    MQTT from the turnstiles, a relx release on two quay nodes."""
    src = "apps/ferrygate/src"
    scan_open = "    ok = fg_gate_statem:open(GateId),\n"
    cache_load = ("    [ets:insert(?TAB, {binary_to_list(Id), Valid}) || #{id := Id, "
                  "valid_until := Valid} <- Rows],\n")
    facts = [
        Fact("conv-supervised", "convention", ["fg_worker_sup"],
             ["can a cowboy handler fire off a quick process for background work?",
              "how should a short-lived background task be started in the gate service?"],
             "No bare spawn/spawn_link in the app: every process, even a short-lived one, is "
             "started by a supervisor (a dynamic child of fg_worker_sup).",
             {"rule": "no bare spawn or spawn_link anywhere in the app - every process is "
                      "started by a supervisor, even the short-lived ones, as a dynamic child "
                      "under fg_worker_sup",
              "why": "a spawned audit writer died silently on a malformed ticket and we lost a "
                     "whole morning of gate audit records before anyone noticed",
              "task": "after a successful scan, write the audit record asynchronously so the "
                      "gate doesn't wait on Postgres",
              "forbid": (r"\bspawn(_link)?\(fun", f"{src}/", "scripts/check-no-bare-spawn.sh"),
              "follow": [edit(f"{src}/fg_scan_handler.erl", scan_open,
                              f"{scan_open}    {{ok, _}} = fg_worker_sup:start_child(fg_audit_"
                              f"writer, [#{{gate => GateId, ticket => TicketId,\n              "
                              f"                                                 at => erlang:"
                              f"system_time(millisecond)}}]),\n"),
                         write(f"{src}/fg_audit_writer.erl",
                               "-module(fg_audit_writer).\n-export([start_link/1, init/1]).\n\n"
                               "start_link(Record) ->\n    {ok, proc_lib:spawn_link(?MODULE, "
                               "init, [Record])}.\n\ninit(Record) ->\n    ok = fg_db:insert_audit("
                               "Record).\n")],
              "contrary": edit(f"{src}/fg_scan_handler.erl", scan_open,
                               f"{scan_open}    spawn(fun() -> fg_db:insert_audit(GateId, "
                               f"TicketId) end),\n"),
              "done": "Scans open the gate first and hand the audit record to an "
                      "fg_audit_writer child; if the insert fails, the crash shows up in the "
                      "supervisor report instead of vanishing."}),
        Fact("conv-rest", "convention", ["cowboy_rest"],
             ["what shape should a new HTTP endpoint module have in the gate service?",
              "is it ok to build the response with cowboy_req:reply in the handler's init?"],
             "HTTP handlers are cowboy_rest handlers (allowed_methods, content_types_provided, "
             "resource_exists ...); never a plain init/2 that calls cowboy_req:reply itself.",
             {"rule": "HTTP handlers are cowboy_rest handlers - allowed_methods, "
                      "content_types_provided and friends - never a plain init/2 that calls "
                      "cowboy_req:reply itself",
              "why": "the hand-rolled handlers each answered wrong methods and missing Accept "
                     "headers in their own way, and the ops dashboard broke on every one of "
                     "them",
              "task": "add GET /gates/:id/status returning the gate's state as JSON for the ops "
                      "dashboard",
              "follow": [write(f"{src}/fg_gate_status_h.erl",
                               "-module(fg_gate_status_h).\n-behaviour(cowboy_rest).\n-export(["
                               "init/2, allowed_methods/2, content_types_provided/2,\n         "
                               "resource_exists/2, to_json/2]).\n\ninit(Req, State) -> "
                               "{cowboy_rest, Req, State}.\n\nallowed_methods(Req, State) -> "
                               "{[<<\"GET\">>], Req, State}.\n\ncontent_types_provided(Req, "
                               "State) ->\n    {[{<<\"application/json\">>, to_json}], Req, "
                               "State}.\n\nresource_exists(Req, State) ->\n    case "
                               "fg_gate_statem:status(cowboy_req:binding(id, Req)) of\n        "
                               "{ok, Status} -> {true, Req, State#{status => Status}};\n        "
                               "{error, not_found} -> {false, Req, State}\n    end.\n\n"
                               "to_json(Req, #{status := Status} = State) ->\n    {json:encode("
                               "Status), Req, State}.\n"),
                         edit(f"{src}/fg_app.erl", "        {\"/scan\", fg_scan_handler, #{}}\n",
                              "        {\"/scan\", fg_scan_handler, #{}},\n        {\"/gates/:id/"
                              "status\", fg_gate_status_h, #{}}\n")],
              "contrary": write(f"{src}/fg_gate_status_h.erl",
                                "-module(fg_gate_status_h).\n-export([init/2]).\n\ninit(Req0, "
                                "State) ->\n    {ok, Status} = fg_gate_statem:status(cowboy_req:"
                                "binding(id, Req0)),\n    Req = cowboy_req:reply(200, #{<<"
                                "\"content-type\">> => <<\"application/json\">>},\n              "
                                "             json:encode(Status), Req0),\n    {ok, Req, State}."
                                "\n"),
              "done": "GET /gates/:id/status answers with the gate's state as JSON; an unknown "
                      "gate gets a 404 and any other method a 405, both from cowboy itself."}),
        Fact("cmd-remote", "command", ["remote_console"],
             ["how do I attach an interactive shell to the running release on the quay "
              "server?",
              "connecting with erl -remsh gets refused - what's the right way in?"],
             "Attach to the live node with `sudo -u ferrygate /opt/ferrygate/bin/ferrygate "
             "remote_console` on quay01 (the release script knows the node name and cookie); a "
             "hand-started `erl -remsh` is rejected. Leave with Ctrl+G then q, never q().",
             {"goal": "check I can get a shell on the live node at the quay - I'll need it "
                      "during tonight's maintenance window",
              "fail": bash("erl -sname dbg -remsh ferrygate@quay01",
                           "Could not connect to \"ferrygate@quay01\"\n*** ERROR: Shell process "
                           "terminated! (^G to start new job) ***", 1),
              "fail2": bash("ssh quay01 'erl -sname dbg -remsh ferrygate@quay01'",
                            "*** ERROR: Shell process terminated! (^G to start new job) ***", 1),
              "note": "The release runs as the ferrygate user with its own cookie under "
                      "/opt/ferrygate/releases, so a hand-started erl is turned away at the "
                      "handshake. The release's own start script knows the node name and the "
                      "cookie: run it as that user with remote_console.",
              "ok": bash("ssh -t quay01 sudo -u ferrygate /opt/ferrygate/bin/ferrygate "
                         "remote_console",
                         "Erlang/OTP 27 [erts-15.1.2] [source] [64-bit] [smp:4:4] [ds:4:4:10] "
                         "[async-threads:1] [jit]\n\nEshell V15.1.2 (press Ctrl+G to abort, "
                         "type help(). for help)\n(ferrygate@quay01)1> \n*** Terminating remote "
                         "shell: no terminal attached"),
              "done": "That gets in: the remote shell comes up as ferrygate@quay01 (here it "
                      "ended at once because there's no terminal). In your terminal it's "
                      "interactive - leave it with Ctrl+G then q, not q(), which would stop the "
                      "node itself.",
              "how": "how do you get an erlang shell on the production node? -remsh just gets "
                     "rejected",
              "alias": "fgsh"}),
        Fact("cmd-fmt", "command", ["rebar3 fmt"],
             ["CI complains about formatting in the Erlang code - what do I run locally to fix "
              "it?",
              "how is the code formatter invoked in this project?"],
             "Format with `rebar3 fmt -w` (erlfmt as a rebar3 plugin; CI runs `rebar3 fmt "
             "--check`); there's no erlfmt on the path, and `rebar3 format` is a different "
             "plugin.",
             {"goal": "format the files I touched, CI's lint step failed on formatting",
              "fail": bash("erlfmt -w apps/ferrygate/src/*.erl", "bash: erlfmt: command not "
                                                                 "found", 127),
              "fail2": bash("rebar3 format", "===> Command format not found", 1),
              "note": "erlfmt isn't installed as a standalone escript here; it's wired in as a "
                      "rebar3 plugin in rebar.config, and the erlfmt plugin's task is called "
                      "fmt (format belongs to a different plugin). rebar3 fmt -w rewrites the "
                      "files with the repo's settings; CI runs rebar3 fmt --check.",
              "ok": bash("rebar3 fmt -w && git diff --stat",
                         "===> Fetching erlfmt v1.5.0\n===> Analyzing applications...\n "
                         "apps/ferrygate/src/fg_gate_statem.erl  | 14 ++++++++------\n "
                         "apps/ferrygate/src/fg_scan_handler.erl |  6 +++---\n 2 files changed, "
                         "11 insertions(+), 9 deletions(-)"),
              "done": "Two files reformatted; the lint step's check passes on them now.",
              "how": "how do you run the formatter on this repo? erlfmt isn't on my path",
              "alias": "fgfmt"}),
        Fact("env-otp", "environment", ["OTP 27.1.2"],
             ["what Erlang/OTP release is the gate service running on in production?",
              "can I rely on modules that only exist in the newest OTP on the quay servers?"],
             "Production runs OTP 27.1.2 (the release bundles ERTS 15.1.2; .tool-versions pins "
             "erlang 27.1.2, rebar.config has minimum_otp_vsn 27).",
             {"goal": "which OTP does production run? I want to use the json module and I'm "
                      "not sure it's there",
              "probe": [bash("ssh quay01 'cat /opt/ferrygate/releases/start_erl.data; ls "
                             "/opt/ferrygate | grep erts'", "15.1.2 1.14.0\nerts-15.1.2"),
                        bash("grep -n erlang .tool-versions; grep -n minimum_otp_vsn "
                             "rebar.config", "1:erlang 27.1.2\n3:{minimum_otp_vsn, \"27\"}.")],
              "confirm": "production runs OTP 27.1.2: the release bundles its own ERTS 15.1.2, "
                         "which is the runtime of OTP 27.1.2, the version .tool-versions pins "
                         "for development, and rebar.config requires OTP 27 at least. The json "
                         "module arrived in OTP 27, so it's there wherever the release runs.",
              "short": "OTP 27.1.2 (ERTS 15.1.2 bundled in the release; .tool-versions pins "
                       "erlang 27.1.2)",
              "stale": "Runs on Erlang/OTP 26."}),
        Fact("env-broker", "environment", ["quay-broker"],
             ["what host and port should a load generator connect to so it reaches the same "
              "pub/sub server as the turnstiles?",
              "what's the address of the message broker the turnstiles talk to?"],
             "The gates publish scans to the Mosquitto broker quay-broker.ferry.internal:8883 "
             "(TLS), topic gates/+/scan.",
             {"goal": "where do the turnstiles publish their scans? I need the broker address "
                      "for the load test",
              "probe": [bash("grep -n -A5 '{mqtt' config/sys.config",
                             "15:    {mqtt, #{host => \"quay-broker.ferry.internal\",\n16:      "
                             "       port => 8883,\n17:             ssl => true,\n18:            "
                             " topic => <<\"gates/+/scan\">>,\n19:             client_id => <<"
                             "\"ferrygate-quay01\">>}}"),
                        bash("ssh quay01 'ss -tnp | grep 8883'",
                             "ESTAB 0 0 10.40.2.11:51744 10.40.2.5:8883 users:((\"beam.smp\","
                             "pid=1187,fd=41))")],
              "confirm": "the gates publish to the Mosquitto broker quay-broker.ferry.internal "
                         "(10.40.2.5) on port 8883 with TLS, topic gates/+/scan, and ferrygate "
                         "subscribes as ferrygate-quay01. Point the load test at the same host "
                         "and port - plain 1883 isn't open.",
              "short": "the gates' MQTT broker is quay-broker.ferry.internal:8883 (TLS), topic "
                       "gates/+/scan",
              "stale": "Gates publish to the MQTT broker on localhost:1883."}),
        Fact("gotcha-charlist", "gotcha", ["charlist"],
             ["passengers with good tickets get turned away, but looking the ticket up by "
              "hand in the console finds it - why?",
              "what type should ticket ids be kept as in the ETS cache?"],
             "Ticket ids are binaries end to end: the ETS cache keyed them as charlists "
             "(binary_to_list), so lookups with the binary from cowboy missed and valid tickets "
             "were rejected; the cache keeps the binary.",
             {"symptom": "valid tickets get rejected at the gate as unknown since yesterday's "
                         "deploy, but fg_ticket_cache:lookup finds them when I try it in the "
                         "shell",
              "probe": [bash("ssh quay01 'grep unknown_ticket /var/log/ferrygate/erlang.log.1 | "
                             "tail -2'",
                             "2024-11-18T07:41:12.118+01:00 warning: gate=gate_2 ticket=<<\"FT-"
                             "20931\">> result=unknown_ticket\n2024-11-18T07:41:40.512+01:00 "
                             "warning: gate=gate_1 ticket=<<\"FT-20944\">> result=unknown_ticket"),
                        read(f"{src}/fg_ticket_cache.erl",
                             f"load(Rows) ->\n{cache_load}    ok.\n\nlookup(Id) ->\n    case "
                             f"ets:lookup(?TAB, Id) of\n        [{{_, Valid}}] -> {{ok, Valid}};"
                             f"\n        [] -> {{error, unknown_ticket}}\n    end.\n")],
              "explain": "Since yesterday's refactor the cache stores ticket ids as charlists - "
                         "load/1 converts them with binary_to_list - but the scan handler looks "
                         "them up with the binary it gets from cowboy, <<\"FT-20931\">>. A "
                         "charlist and a binary are different terms in Erlang, so ets:lookup "
                         "finds nothing. In the shell it works because a string literal typed "
                         "there is a charlist too. Ticket ids stay binaries end to end: the "
                         "cache keeps the binary from the database.",
              "fix": [edit(f"{src}/fg_ticket_cache.erl", cache_load,
                           "    [ets:insert(?TAB, {Id, Valid}) || #{id := Id, valid_until := "
                           "Valid} <- Rows],\n")],
              "done": "Deployed to quay01; of the last 200 scans, none of the valid tickets "
                      "came back as unknown.",
              "test": edit("apps/ferrygate/test/fg_ticket_cache_SUITE.erl",
                           "all() -> [expired_ticket_rejected].\n",
                           "all() -> [expired_ticket_rejected, binary_id_found].\n\n"
                           "binary_id_found(_Config) ->\n    ok = fg_ticket_cache:load([#{id => "
                           "<<\"FT-1\">>, valid_until => 4102444800}]),\n    {ok, _} = "
                           "fg_ticket_cache:lookup(<<\"FT-1\">>).\n"),
              "lay": "since yesterday morning the gates keep saying 'ticket not recognised' to "
                     "people with perfectly good tickets, we've been waving them through by "
                     "hand",
              "lesson": "a charlist and a binary never compare equal - keep ticket ids binaries "
                        "from the database to the gate"}),
        Fact("gotcha-atoms", "gotcha", ["binary_to_existing_atom"],
             ["one of the quay nodes crashed after weeks of uptime with the atom table full - "
              "what causes that?",
              "can I convert identifiers that arrive over the message bus into atoms?"],
             "Never create atoms from input: fg_mqtt used binary_to_atom on MQTT gate ids, the "
             "atom table filled up after weeks and the node crashed; it uses "
             "binary_to_existing_atom now (unknown ids are dropped).",
             {"symptom": "the node on quay02 fell over on sunday night and left an "
                         "erl_crash.dump behind. it had been up for five weeks without trouble",
              "probe": [bash("ssh quay02 'head -3 /opt/ferrygate/erl_crash.dump'",
                             "=erl_crash_dump:0.5\nSun Nov 17 23:48:02 2024\nSlogan: no more "
                             "index entries in atom_tab (max=1048576)"),
                        bash("grep -rn 'binary_to_atom' apps/ferrygate/src",
                             "apps/ferrygate/src/fg_mqtt.erl:52:    Gate = binary_to_atom("
                             "GateBin),")],
              "explain": "The atom table filled up. fg_mqtt turns the gate id in every MQTT "
                         "topic into an atom with binary_to_atom, and atoms are never garbage "
                         "collected. The gates themselves are fine, but the handheld scanners "
                         "publish under gates/hh-<random suffix>/scan, a new id per session, "
                         "so every session minted a new atom - after five weeks the node hit "
                         "the limit of 1,048,576 and the VM aborted. Ids from outside must "
                         "never become new atoms: binary_to_existing_atom accepts only the "
                         "gates we know (their atoms exist from the config) and anything else "
                         "is dropped.",
              "fix": [edit(f"{src}/fg_mqtt.erl", "    Gate = binary_to_atom(GateBin),\n",
                           "    Gate = try binary_to_existing_atom(GateBin) catch error:badarg "
                           "-> unknown_gate end,\n")],
              "done": "Fixed and deployed to both quay nodes; 10,000 scans under random gate "
                      "ids leave the atom count where it was.",
              "test": edit("apps/ferrygate/test/fg_mqtt_SUITE.erl",
                           "all() -> [scan_opens_gate].\n",
                           "all() -> [scan_opens_gate, unknown_gate_mints_no_atom].\n\n"
                           "unknown_gate_mints_no_atom(_Config) ->\n    Before = erlang:"
                           "system_info(atom_count),\n    [fg_mqtt:handle_topic(<<\"gates/hh-\","
                           " (integer_to_binary(N))/binary, \"/scan\">>, <<>>)\n     || N <- "
                           "lists:seq(1, 1000)],\n    Before = erlang:system_info(atom_count).\n"),
              "lay": "all four gates on the second quay went dead at about midnight on sunday "
                     "and only came back when the night man switched the box off and on",
              "lesson": "atoms are never freed - never make one out of input, use "
                        "binary_to_existing_atom"}),
        Fact("fals-mnesia", "falsified", ["mnesia"],
             ["could the two quay nodes share ticket data through Erlang's built-in "
              "distributed database instead of Postgres?",
              "why isn't the ticket cache replicated between the nodes natively?"],
             "Replicating tickets between the quay nodes with mnesia disc_copies was tried: "
             "after a network partition mnesia reports inconsistent_database and the nodes keep "
             "diverging copies; Postgres plus the nightly reload stays.",
             {"ask": "move the ticket cache into mnesia with disc_copies on both quay nodes - "
                     "then we don't need the nightly reload from Postgres at all",
              "change": [write(f"{src}/fg_mnesia.erl",
                               "-module(fg_mnesia).\n-export([setup/1]).\n\nsetup(Nodes) ->\n   "
                               " ok = mnesia:create_schema(Nodes),\n    rpc:multicall(Nodes, "
                               "application, start, [mnesia]),\n    {atomic, ok} = mnesia:"
                               "create_table(ticket, [{disc_copies, Nodes},\n                    "
                               "                           {attributes, [id, valid_until]}]),\n"
                               "    ok.\n")],
              "early": bash("rebar3 ct --suite apps/ferrygate/test/fg_mnesia_SUITE --case "
                            "two_nodes_agree 2>&1 | tail -1", "All 1 tests passed."),
              "broke": bash("rebar3 ct --suite apps/ferrygate/test/fg_mnesia_SUITE --case "
                            "netsplit_heals 2>&1 | tail -5",
                            "%%% fg_mnesia_SUITE ==> netsplit_heals: FAILED\n%%% fg_mnesia_SUITE"
                            " ==> {badmatch,{[{ticket,<<\"FT-1\">>,1731970800}],[{ticket,<<\"FT"
                            "-1\">>,1731884400}]}}\n=INFO REPORT==== mnesia_event: {"
                            "inconsistent_database,running_partitioned_network,'ferrygate@"
                            "quay02'}\nFailed 1 tests. Passed 0 tests.", 1),
              "revert": bash(f"rm {src}/fg_mnesia.erl && rm -rf Mnesia.*", ""),
              "conclusion": "mnesia is the wrong fit. The two quay nodes sit on a link that "
                            "drops now and then, and after a partition mnesia doesn't merge "
                            "anything - it reports inconsistent_database and both sides keep "
                            "their own copy of the ticket, as the netsplit test shows: one node "
                            "still thinks FT-1 expired a day earlier. Healing that needs "
                            "hand-written merge logic, and Postgres stays the source of truth "
                            "for sales anyway. The nightly reload stays; it just needs a retry.",
              "pain": "the nightly ticket reload from Postgres is one more moving part that "
                      "can fail",
              "idea": "replicating the tickets between the quay nodes with mnesia disc_copies "
                      "instead of reloading them from Postgres"}),
        Fact("fals-relup", "falsified", ["relup"],
             ["could we upgrade the running nodes in place without restarting them?",
              "has hot code loading for deploys been considered?"],
             "Hot upgrades with relups were tried: dependencies like cowlib and ranch ship no "
             "appups (ranch 1.8 to 2.1 changes its supervision tree), so generating the relup "
             "fails; the quay nodes are deployed one at a time instead.",
             {"ask": "let's do hot upgrades with relups for the next release instead of "
                     "restarting - the gates go dark for 20 seconds every deploy",
              "change": [edit("rebar.config",
                              "{relx, [{release, {ferrygate, \"1.14.0\"}, [ferrygate, sasl]},\n",
                              "{relx, [{release, {ferrygate, \"1.15.0\"}, [ferrygate, sasl]},\n"
                              "        {generate_start_script, true},\n        "
                              "{extended_start_script, true},\n"),
                         write(f"{src}/ferrygate.appup.src",
                               "{\"1.15.0\",\n [{\"1.14.0\", [{update, fg_gate_statem, {advanced,"
                               " []}}, {load_module, fg_scan_handler}]}],\n [{\"1.14.0\", [{"
                               "update, fg_gate_statem, {advanced, []}}, {load_module, "
                               "fg_scan_handler}]}]}.\n")],
              "early": bash("rebar3 release -n ferrygate 2>&1 | tail -1",
                            "===> Release successfully assembled: _build/default/rel/ferrygate"),
              "broke": bash("rebar3 relup -n ferrygate -v 1.15.0 -u 1.14.0 2>&1 | tail -3",
                            "===> Errors generating relup\n    cowlib: No valid upgrade "
                            "instructions (appup) found for version 2.12.1 -> 2.13.0\n    "
                            "ranch: No valid upgrade instructions (appup) found for version "
                            "1.8.0 -> 2.1.0", 1),
              "revert": bash(f"git checkout -- rebar.config && rm {src}/ferrygate.appup.src",
                             ""),
              "conclusion": "A relup isn't a realistic path: every dependency that changed "
                            "between releases needs an appup too - cowlib and ranch ship none, "
                            "and ranch's jump from 1.8 to 2.1 changes its supervision tree, "
                            "which no appup can paper over. On top of that fg_gate_statem's "
                            "state would need a code_change clause every release. Much simpler: "
                            "deploy the two quay nodes one after the other, so each gate always "
                            "has a live node to fail over to.",
              "pain": "every deploy restarts the nodes and the gates go dark for about twenty "
                      "seconds",
              "idea": "hot code upgrades with relups instead of restarting the release"}),
    ]
    return Project(
        "ferrygate", "git@github.com:harbourline/ferrygate.git",
        {"README.md": "# ferrygate\n\nTicket gate controller for the quay turnstiles.\n",
         "rebar.config": "{erl_opts, [debug_info]}.\n"},
        facts,
        chores((f"{src}/fg_gate_statem.erl",
                "-module(fg_gate_statem).\n-behaviour(gen_statem).\n\ncallback_mode() -> "
                "state_functions.\n\nidle({call, From}, {scan, Ticket}, Data) ->\n    case "
                "fg_ticket_cache:lookup(Ticket) of\n        {ok, _} -> {next_state, open, Data,"
                " [{reply, From, ok}, {state_timeout, 4000, close}]};\n        Error -> "
                "{keep_state_and_data, [{reply, From, Error}]}\n    end.\n\nopen(state_timeout,"
                " close, Data) ->\n    {next_state, idle, Data}.\n",
                "One gen_statem per turnstile: in idle it checks a scanned ticket against the "
                "cache and either opens (and closes again after a 4-second state timeout) or "
                "replies with the error and stays idle."),
               ("fg_gate_statem:open", [f"{src}/fg_scan_handler.erl",
                                        f"{src}/fg_manual_override.erl"]),
               (" apps/ferrygate/src/fg_manual_override.erl | 12 ++++++++----\n 1 file changed, 8 "
                "insertions(+), 4 deletions(-)",
                "manual override: log who opened the gate\n\nThe override endpoint now records "
                "the staff id with every manual opening, for the end-of-day report."),
               ("README.md", "Gates are controled per quay", "Gates are controlled per quay"),
               ("xref", "rebar3 xref", "===> Verifying dependencies...\n===> Analyzing "
                "applications...\n===> Compiling ferrygate\n===> Running cross reference "
                "analysis..."),
               ("how does a gen_statem state timeout differ from a generic timeout?",
                "A state timeout is cancelled automatically when the state changes; a generic "
                "timeout is named and survives state changes until you cancel or it fires. For "
                "'close the gate after 4 s unless something happens', the state timeout is the "
                "natural fit."),
               ("3e8d1a0 manual override: log the staff id\nb61f2c7 gate_statem: 4 s open time",
                "Yesterday: the manual override logs who opened the gate, and gates stay open "
                "for 4 seconds instead of 3.")),
        "postgres")


def projects() -> list[Project]:
    return [tidewright(), hearthlab(), phytofit(), ferrygate()]
