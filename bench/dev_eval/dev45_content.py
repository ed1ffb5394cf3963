"""The ``dev45`` split, "a small indie game studio in Recife and its build tooling": four
projects, ten planted facts each.

Written in the twenty-seventh pass by a helper that read no rlat code; read untuned (0.475 with
the pass's start code), tuned on since.

Estúdio Aratu is three people in a rented room above a print shop in Boa Vista, Recife, making
Maré Baixa, a 2D action-platformer about a mangrove crab, for Steam (Windows, Linux and the
Steam Deck), with a free demo on itch.io. Camila Braga is the lead programmer: careful, formal,
and the author of long pull-request review comments that begin with the file and line and end
with the reason. Duda Ferraz draws every sprite in Aseprite and records most of the sound
effects herself. Thiago Vasconcelos is the tools and build engineer, and the user of every
session here. A fourth person, Beatriz (Bea) Lins, joined a fortnight ago as a junior
programmer; she is still reading everything, and she asks most of the later questions. About
forty playtesters, mostly from Recife and Olinda with a handful of English speakers, report
bugs on the studio's Discord server.

Thiago is a Brazilian Portuguese speaker who types English fast: lowercase, terse, articles
dropped, typos left in ("teh", "becuase", "dont"), a Portuguese or Recife word now and then
("valeu", "beleza", "tá", "oxe", "massa", "putz"). He pastes Camila's review comments verbatim,
and Discord messages from playtesters (often in Portuguese) and from Camila, Duda and Bea. He
keeps a cheat sheet per repository (COLA.md: "cola" is Brazilian slang for a crib sheet), a
decisions log (DECISIONS.md, whose "ja tentamos" section lists what was tried and dropped) and,
since Bea arrived, an ONBOARDING.md.

The durable facts arrive in the ways a small studio's fortnight brings them: a convention said in
passing inside a request (sometimes copied into COLA.md), given as a correction after the
assistant did it the ordinary way (at the permission prompt or after the edit), read out of a
pasted review comment of Camila's, or typed as the answer to the assistant's question; a command
that fails and the one that works (worked out by the assistant, after Thiago's wrong guess and
then written into COLA.md, pasted as his own failed attempt, or pasted as Bea's and then
written into ONBOARDING.md); an environment fact looked up, corrected after Thiago remembered it
wrong, asked on Discord by Camila, Duda or Bea and answered with a drafted reply, or pinned down
for the onboarding document; a gotcha (pasted with its output, chased past Thiago's wrong
theory, reported by a playtester on Discord and reproduced from a long log, or solved from what
a colleague noticed); and an approach tried and reverted in the session, turned down because
"we tried this in the jam build", reverted after Camila's review, or written into the decisions
log.

The later questions are asked partly by Thiago (terse, in his own shorthand) and partly by Bea,
who writes complete, polite, formal sentences and, not yet knowing the tools' names, mostly
describes what she sees.

The projects: manguezal, the game (Godot 4.3 with C# on .NET 8, GdUnit4 tests, export presets
for Windows, Linux and the Steam Deck); fardo, the Rust command-line tool that packs Duda's
Aseprite exports into sprite atlases and her recordings into audio banks; despacho, the release
tooling (steamcmd depot uploads from a self-hosted Windows GitHub Actions runner, itch.io's
butler for the demo); and catador, the Python Discord bot (discord.py, asyncpg) that collects
the playtesters' crash reports into a Postgres table.

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``musing`` (the request with the rule said in passing), ``rule``
  (Thiago's words), ``note`` (its COLA.md line), ``review`` (``(path, words)``: Camila's review
  comment carrying the rule), ``contrary``, ``follow``, ``done``;
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``label`` (its line in COLA.md or
  ONBOARDING.md);
* environment - ``goal``, ``probe``, ``confirm``, ``guess`` (Thiago's wrong memory, lower-case
  start), ``asker`` (``(who, words)``: a Discord message asking it);
* gotcha - ``symptom``, ``musing`` (the symptom with Thiago's wrong theory), ``trace``,
  ``probe``, ``explain``, ``fix``, ``done``, ``repro`` (a command whose long output holds the
  trace), ``hunch`` (``(text, tool)``: checking his theory and ruling it out), ``told``
  (``(who, words)``: what a colleague noticed), ``report`` (``(who, words)``: a playtester's
  Discord message), ``lesson`` (the COLA.md line);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want``, ``offer``,
  ``story`` (what happened in the jam build), ``title``, ``veto`` (``(path, words)``: Camila's
  review asking for the revert).

Every fact also carries its project's ``chatter`` (ordinary output lines a long log is made of).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3
COLA = "COLA.md"
DECISIONS = "DECISIONS.md"
ONBOARDING = "ONBOARDING.md"


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _quoted(text: str) -> str:
    return "\n".join("> " + line if line else ">" for line in text.splitlines())


def _discord(who: str, words: str, rng: random.Random) -> str:
    """A Discord message as Thiago copies it out of the client (Portuguese or English UI)."""
    if rng.random() < 0.5:
        when = f"{_pick(rng, 'hoje', 'ontem')} às {rng.randint(8, 23):02d}:{rng.randrange(60):02d}"
    else:
        when = (f"{_pick(rng, 'Today', 'Yesterday')} at {rng.randint(1, 11)}:"
                f"{rng.randrange(60):02d} {_pick(rng, 'AM', 'PM')}")
    return f"{who} — {when}\n{words}"


def _review(path: str, words: str, rng: random.Random) -> str:
    """One of Camila's pull-request review comments, as pasted from GitHub."""
    pr = rng.randint(120, 340)
    if rng.random() < 0.5:
        return f"cbraga requested changes on #{pr}\n\n{path}\n{_quoted(words)}"
    return f"Camila Braga commented on {path} (#{pr}):\n\n{words}"


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` in the middle of a long run of ordinary output."""
    picked = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(9, 13))))
    lines = [chatter[i] for i in picked]
    at = rng.randint(3, len(lines) - 3)
    return "\n".join([*lines[:at], *trace.splitlines(), *lines[at:]])


OPENERS = ("", "", "", "ok next one. ", "bom dia. ", "beleza, outra coisa: ", "quick one. ",
           "oxe, almost forgot: ")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_midrequest(s: dict, rng: random.Random) -> Episode:
    """The rule said in passing inside the request; sometimes copied into COLA.md."""
    episode = [Step(prompt=_pick(rng, *OPENERS) + s["musing"]),
               Step(text=_pick(rng, "Ok, doing it that way.",
                               "Got it. Looking at how the neighbouring code does it first.",
                               "Understood; following that rule."), tools=s["follow"]),
               Step(text=s["done"])]
    if rng.random() < 0.5:
        episode += [Step(prompt=_pick(rng, "valeu. put that rule in COLA.md under convencoes pls, "
                                           "i say it out loud every week and nobody writes it "
                                           "down",
                                      "beleza. add the rule to the cola (COLA.md, convencoes) "
                                      "so bea sees it too")),
                    Step(tools=[edit(COLA, "## convencoes\n",
                                     f"## convencoes\n\n- {s['note']}\n")]),
                    Step(text="Added to COLA.md under convencoes.")]
    return episode


def conv_corrected(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the ordinary way; Thiago corrects it."""
    if rng.random() < 0.5:
        said = _pick(rng, "no no, not like that. {rule}", "nao. {rule}")
        first: Episode = [Step(text=_pick(rng, "Making the change.", "Editing.", ""),
                               tools=[refused(s["contrary"], REJECTED + said.format(
                                   rule=s["rule"]))])]
    else:
        said = _pick(rng, "hmm wait, thats not how we do it here, my bad for not saying. {rule}",
                     "oxe, no. {rule}")
        first = [Step(text=_pick(rng, "Simple enough.", "Editing now.", ""),
                      tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Done. Want me to build it?",
                                 "That's in. Should I run anything?")),
                 Step(prompt=said.format(rule=s["rule"]))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "Right, redoing it that way.", "Ok, changing it.",
                            "Noted; fixing."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_review(s: dict, rng: random.Random) -> Episode:
    """Camila's review comment on Thiago's draft PR carries the rule."""
    path, words = s["review"]
    comment = _review(path, words, rng)
    ask = _pick(rng, "{task}\n\nalready opened a draft pr and camila got to it first lol:\n\n"
                     "{comment}\n\nfix it her way pls",
                "camila's review on my pr, she's right as usual:\n\n{comment}\n\ncontext, the "
                "task was: {task}")
    return [Step(prompt=ask.format(task=s["task"], comment=comment)),
            Step(text=_pick(rng, "Doing it the way the review asks.",
                            "Following Camila's comment.", ""), tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "valeu, vou responder ela", "massa. resolving the thread")),
            Step(text=_pick(rng, "Sounds good.", "Ok."))]


def conv_answered(s: dict, rng: random.Random) -> Episode:
    """The assistant asks how it should be done; Thiago types the rule as the answer."""
    return [Step(prompt=_pick(rng, *OPENERS) + s["task"]),
            Step(text=_pick(rng, "One question before I write it.", ""),
                 tools=[ask_user(_pick(rng, "Is there a project convention I should follow here?",
                                       "How would you like this done?"),
                                 "Convention",
                                 [("Follow nearby code", "Copy the pattern of the closest file"),
                                  ("Quickest way", "Simplest working version, tidy later")],
                                 s["rule"])]),
            Step(text=_pick(rng, "Clear, thanks.", "Got it.", "Ok."), tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_figured(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_pick(rng, *OPENERS) + s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_guessed(s: dict, rng: random.Random) -> Episode:
    """Thiago guesses the command; it fails; the right one goes into COLA.md."""
    fail, ok = s["fail"], s["ok"]
    lead = _pick(rng, "{goal} acho que é `{cmd}`, tenta ai",
                 "{goal} i think its `{cmd}`? not sure, try it")
    return [Step(prompt=lead.format(goal=s["goal"], cmd=fail.command)),
            Step(tools=[fail]),
            Step(text=s["note"], tools=[ok]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "putz, i always get that one wrong. put the right one in "
                                   "COLA.md under comandos",
                              "ok anota na cola pls (COLA.md, comandos), next month i will type "
                              "the wrong thing again")),
            Step(tools=[edit(COLA, "## comandos\n",
                             f"## comandos\n\n- {s['label']}: `{ok.command}`\n")]),
            Step(text="Added under comandos in COLA.md.")]


def cmd_pasted(s: dict, rng: random.Random) -> Episode:
    """Thiago pastes his own failed attempt."""
    fail = s["fail"]
    lead = _pick(rng, "{goal} tried myself first:", "{goal}\n\nmy attempt:",
                 "{goal} what am i doing wrong here")
    return [Step(prompt=lead.format(goal=s["goal"])
                 + f"\n\n```\n$ {fail.command}\n{fail.output}\n```"),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "ahh. valeu", "ok that makes sense, thx", "beleza, valeu")),
            Step(text=_pick(rng, "No problem.", "Any time."))]


def cmd_for_bea(s: dict, rng: random.Random) -> Episode:
    """Bea's failed attempt, pasted from Discord; the right command goes into ONBOARDING.md."""
    fail = s["fail"]
    ask = _pick(rng, "bea tried this yesterday and it blew up, she pasted it in #dev:\n\n```\n$ "
                     "{cmd}\n{out}\n```\n\n{goal} and then put the right command in "
                     "ONBOARDING.md so she has it",
                "{goal}\n\nbea hit this on her machine:\n\n```\n$ {cmd}\n{out}\n```\n\nfigure out "
                "the right way and write it in ONBOARDING.md under comandos pls")
    ok = s["ok"]
    return [Step(prompt=ask.format(cmd=fail.command, out=fail.output, goal=s["goal"])),
            Step(text=s["note"], tools=[ok]),
            Step(text=s["done"]),
            Step(tools=[edit(ONBOARDING, "## comandos\n",
                             f"## comandos\n\n- {s['label']}: `{ok.command}`\n")]),
            Step(text="And it's in ONBOARDING.md under comandos.")]


# environment
def env_lookup(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_pick(rng, *OPENERS) + s["goal"]),
            Step(text=_pick(rng, "Checking the actual configuration.", "One sec, checking.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_misremembered(s: dict, rng: random.Random) -> Episode:
    """Thiago remembers it wrong; the check corrects him; it goes into COLA.md."""
    ask = _pick(rng, "{guess}, right? just double check before i tell camila",
                "sanity check: {guess}. still true?",
                "{goal} pretty sure {guess} but check")
    return [Step(prompt=ask.format(guess=s["guess"], goal=s["goal"])),
            Step(tools=s["probe"]),
            Step(text=_pick(rng, "Not any more. ", "That's out of date. ", "Not quite. ")
                 + s["confirm"]),
            Step(prompt=_pick(rng, "putz. ok anota na cola em 'onde fica o que' pls",
                              "huh. write that in COLA.md (onde fica o que) before i forget "
                              "again")),
            Step(tools=[edit(COLA, "## onde fica o que\n",
                             f"## onde fica o que\n\n- {s['confirm']}\n")]),
            Step(text="Added to COLA.md.")]


def env_discord(s: dict, rng: random.Random) -> Episode:
    """Someone asks on Discord; the assistant checks and drafts the reply."""
    who, words = s["asker"]
    post = _discord(who, words, rng)
    ask = _pick(rng, "{post}\n\ncan u check and give me a reply to paste back",
                "from discord:\n\n{post}\n\ni dont remember for sure, check it and write me a "
                "short answer")
    return [Step(prompt=ask.format(post=post)),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nA reply you could paste:\n\n> @{who} {s['confirm']}"),
            Step(prompt=_pick(rng, "mandei, valeu", "sent", "done, thx")),
            Step(text=_pick(rng, "Good.", "Great."))]


def env_onboarding(s: dict, rng: random.Random) -> Episode:
    """Pinned down from the real configuration for Bea's onboarding document."""
    return [Step(prompt=_pick(rng, "for bea's onboarding doc: {goal} check the real thing pls, "
                                   "not from memory",
                              "writing ONBOARDING.md for bea. {goal} look it up, dont trust "
                              "me on this one").format(goal=s["goal"])),
            Step(tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=_pick(rng, "boa. add it under onde fica o que",
                              "massa, put it in the doc")),
            Step(tools=[edit(ONBOARDING, "## onde fica o que\n",
                             f"## onde fica o que\n\n- {s['confirm']}\n")]),
            Step(text="Added to ONBOARDING.md.")]


# gotcha
def gotcha_pasted(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_pick(rng, "Looking.", "Let me check.", ""), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_wrong_theory(s: dict, rng: random.Random) -> Episode:
    """Thiago's theory is checked and ruled out; the cause is halfway down a long output."""
    text, tool = s["hunch"]
    return [Step(prompt=s["musing"]),
            Step(text=text, tools=[tool]),
            Step(text=_pick(rng, "So it isn't that. Reproducing it and reading the whole output:",
                            "That theory doesn't hold. Running the full reproduction:"),
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "There, in the middle.", "The real cause is buried in there."),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "putz, wrong theory then. valeu",
                              "oxe. would never have looked there",
                              "ok so i was completely wrong lol. thx")),
            Step(text=_pick(rng, "It hid well.", "Easy one to miss."))]


def gotcha_playtester(s: dict, rng: random.Random) -> Episode:
    """A playtester's Discord report; reproduced from a long log; written into COLA.md."""
    who, words = s["report"]
    post = _discord(who, words, rng)
    ask = _pick(rng, "from #playtest, can u look at this first:\n\n{post}",
                "{post}\n\nthird person reporting this. look pls")
    return [Step(prompt=ask.format(post=post)),
            Step(text="Reproducing it first.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The interesting lines are in the middle.", ""),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "massa. bota na cola em armadilhas, short",
                              "valeu!! add a line to COLA.md under armadilhas, i'll answer "
                              "{who}").format(who=who)),
            Step(tools=[edit(COLA, "## armadilhas\n", f"## armadilhas\n\n- {s['lesson']}\n")]),
            Step(text="Added to COLA.md.")]


def gotcha_noticed(s: dict, rng: random.Random) -> Episode:
    """A colleague noticed a pattern; it is the clue."""
    who, words = s["told"]
    ask = _pick(rng, "{symptom}\n\n{who} noticed something, might be nothing: {words}",
                "{symptom} btw {who} said on discord: \"{words}\" dunno if related")
    return [Step(prompt=ask.format(symptom=s["symptom"], who=who, words=words)),
            Step(tools=s["probe"]),
            Step(text=f"What {who} noticed is the clue. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_reverted(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "ta, no. reverte tudo", "ok thats worse. revert pls",
                 "nope. put it back how it was")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Undoing the changes.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_jam_build(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "nao, we tried this in the jam build. {story}",
                 "no no. we did exactly this in the jam build. {story}",
                 "hmm no, jam build trauma. {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"])),
            Step(text=f"Then I'll leave it alone. {s['conclusion']}")]


def fals_vetoed(s: dict, rng: random.Random) -> Episode:
    """Tried on a branch; Camila's review asks for the revert."""
    path, words = s["veto"]
    return [Step(prompt=s["ask"]), Step(tools=s["change"]),
            Step(text=_pick(rng, "Changes are in; pushing them to the draft PR for review.",
                            "Done. Want me to open the PR?")),
            Step(prompt=_pick(rng, "pushed it to the pr. camila:\n\n{comment}\n\nyeah she's "
                                   "right, i forgot the jam. revert pls",
                              "camila already answered lol:\n\n{comment}\n\nok revert")
                 .format(comment=_review(path, words, rng))),
            Step(text=_pick(rng, "Reverting.", "Putting it back."), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_logged(s: dict, rng: random.Random) -> Episode:
    """Written into the decisions log from Thiago's memory."""
    ask = _pick(rng, "add to DECISIONS.md under 'ja tentamos' so nobody (me) suggests this again. "
                     "from memory:\n\n{story}",
                "bea asked about this today so it should be written down. DECISIONS.md, ja "
                "tentamos section. what happened:\n\n{story}")
    return [Step(prompt=ask.format(story=s["story"])),
            Step(tools=[edit(DECISIONS, "## ja tentamos (nao repetir)\n",
                             f"## ja tentamos (nao repetir)\n\n### {s['title']}\n\n"
                             f"{s['conclusion']}\n")]),
            Step(text=f"Recorded in {DECISIONS} under ja tentamos.")]


TEMPLATES = {
    "convention": [conv_midrequest, conv_corrected, conv_review, conv_answered],
    "command": [cmd_figured, cmd_guessed, cmd_pasted, cmd_for_bea],
    "environment": [env_lookup, env_misremembered, env_discord, env_onboarding],
    "gotcha": [gotcha_pasted, gotcha_wrong_theory, gotcha_playtester, gotcha_noticed],
    "falsified": [fals_reverted, fals_jam_build, fals_vetoed, fals_logged],
}

UNRELATED = [
    "how do i cook caranguejo so the meat doesnt go rubbery? doing a caranguejada sunday for "
    "my father in law and he is very critical",
    "my bike chain went orange after the rainy season, is that rust already or just dirt, and "
    "what do i put on it",
    "explain waiting for godot in 3 sentences, my girlfriend got tickets at teatro santa isabel "
    "and i dont want to look lost",
    "best way to steam vegetables without a steamer basket? small kitchen",
    "Could you recommend a book on software architecture for someone early in their career? I "
    "would prefer one with practical examples rather than theory alone.",
    "running shoes for a heavy guy running on asphalt in humid heat, what should i look for",
    "what is a monad, one paragraph, no haskell pls",
    "difference between mutex and semaphore in two lines",
    "tips for a 2 hour bus trip to caruaru with a 3 year old",
    "regex for brazilian cpf format (000.000.000-00), just format not the check digits",
    "how does git rebase --onto work, i always panic when i need it",
    "Would you explain, in simple terms, how a hash table handles two keys that land in the same "
    "bucket?",
    "how many frames should a pixel art walk cycle have for a small character, 16x16ish",
    "how do i say 'saudade' in english without it sounding weird",
    "is a mechanical keyboard worth it if i type all day or is it a meme",
    "what's the difference between MEI and simples nacional, explain like im an engineer not an "
    "accountant",
    "I have been asked to give a short talk about my career path at a university. How should I "
    "structure fifteen minutes so that students find it useful?",
    "laptop fan screams when i compile, is repasting worth it on a 4 year old thinkpad",
    "how do frevo dancers not get dizzy with the umbrella spinning",
    "what is the difference between a process and a thread, short",
    "good name for an orange cat who is very dumb and very loud",
    "Is it better to learn linear algebra from a textbook or from video lectures when one is "
    "working full time?",
    "what's a good beginner atlas of brazilian birds, want to get one for my nephew",
    "how to tell a friend i cant lend him money again without being a jerk",
]

UNANSWERED: dict[str, list[str]] = {
    "manguezal": [
        "how many levels are planned for the full release",
        "Who composed the main musical theme of the game, and is the composer credited in the "
        "menus?",
        "is there any plan for a switch port after launch",
        "What is the expected length of a first playthrough, in hours?",
        "did duda finish the boss animations for the last act yet",
    ],
    "fardo": [
        "does the packer support aseprite slices or only tags",
        "Who originally wrote the rectangle-packing algorithm in the tool, and was it adapted "
        "from a paper?",
        "are we going to open source the packer at some point",
        "What licence covers the sound samples that are not recorded by Duda?",
        "how long does a full repack take on duda's laptop",
    ],
    "despacho": [
        "when does the next steam next fest start and are we signed up",
        "How many times has the demo been downloaded from itch.io so far?",
        "what launch price in reais did camila settle on",
        "Is the studio talking to any publisher about console releases?",
        "how many wishlists do we have right now",
    ],
    "catador": [
        "how many crash reports came in last month",
        "Which playtester has submitted the largest number of reports so far?",
        "does the bot answer in spanish for the argentinian testers",
        "Are there plans to move the reports away from the current hosting provider?",
        "who has admin permission on the discord server besides camila",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


def _files(name: str, readme: str, extra: dict[str, str]) -> dict[str, str]:
    return {"README.md": f"# {name}\n\n{readme}\n",
            COLA: f"# cola ({name})\n\nthings we keep forgetting. keep it short\n\n"
                  "## convencoes\n\n## comandos\n\n## onde fica o que\n\n## armadilhas\n",
            DECISIONS: "# decisoes\n\n## decidido\n\n## ja tentamos (nao repetir)\n",
            ONBOARDING: f"# onboarding ({name})\n\nfor bea, and whoever comes next.\n\n"
                        "## setup\n\n## comandos\n\n## onde fica o que\n",
            **extra}


# ------------------------------------------------------------------- manguezal (the game)
def manguezal() -> Project:
    baiacu = "scripts/enemies/Baiacu.cs"
    pause = "scripts/ui/PauseMenu.cs"
    textos = "i18n/textos.csv"
    settings = "scripts/core/Settings.cs"
    crab = "scripts/player/Caranguejo.cs"
    baiacu_hurt = ("        _hurtbox = GetNode<Area2D>(\"Hurtbox\");\n"
                   "        // TODO hurtbox\n")
    pause_old = ("        _resumeButton.Pressed += OnResumePressed;\n"
                 "        // TODO checkpoint button\n")
    facts = [
        Fact("conv-layers", "convention", ["PhysicsLayers"],
             ["boss arena spikes need to hurt the player, how do i set their collision layer from "
              "c#, is there a rule for that",
              "When I assign, from a script, which physics categories a new Area2D belongs to "
              "and which ones it detects, is there a house rule I should follow instead of "
              "writing the bit values myself?"],
             "manguezal (the Godot C# game): collision layers and masks are set in code only "
             "through the generated PhysicsLayers constants (scripts/core/PhysicsLayers.cs, e.g. "
             "PhysicsLayers.Hazard), never raw numbers or bit shifts; the layers were renumbered "
             "once and every literal pointed at the wrong layer.",
             {"task": "the baiacu (pufferfish enemy) needs to actually hurt the player and get hit "
                      "by the claw attack. Hurtbox Area2D is already in "
                      "scenes/enemies/Baiacu.tscn, script is scripts/enemies/Baiacu.cs",
              "musing": "baiacu enemy needs to hurt the player now, the Hurtbox Area2D is in "
                        "scenes/enemies/Baiacu.tscn but teh script does nothing with it. it "
                        "should hit the player and be hit by the claw. and when u set collision "
                        "layer/mask in code use the PhysicsLayers constants "
                        "(scripts/core/PhysicsLayers.cs, PhysicsLayers.Hazard etc), never raw "
                        "numbers like 1 << 4. camila renumbered the layers in october and every "
                        "hardcoded int silently pointed to the wrong layer, claw went thru "
                        "enemies for a week",
              "rule": "dont put raw layer numbers in code. use the PhysicsLayers constants "
                      "(scripts/core/PhysicsLayers.cs, generated from the layer names in "
                      "project.godot). camila renumbered the layers in october and every "
                      "hardcoded int pointed at the wrong layer, claw passed thru enemies a "
                      "whole week before anyone saw",
              "note": "collision layers/masks in C# only via PhysicsLayers constants "
                      "(scripts/core/PhysicsLayers.cs), never raw ints or bit shifts",
              "review": (baiacu,
                         "Line 31: `_hurtbox.CollisionLayer = 1u << 4;` Please do not hard-code "
                         "layer bits. Use the generated constants in `PhysicsLayers` "
                         "(`PhysicsLayers.Hazard` here, and `PhysicsLayers.Player | "
                         "PhysicsLayers.PlayerClaw` for the mask). When I renumbered the layers "
                         "in October, every literal like this one silently pointed at the wrong "
                         "layer, and the claw attack passed through enemies for a week before "
                         "anyone noticed."),
              "contrary": edit(baiacu, baiacu_hurt,
                               "        _hurtbox = GetNode<Area2D>(\"Hurtbox\");\n"
                               "        _hurtbox.CollisionLayer = 1u << 4;\n"
                               "        _hurtbox.CollisionMask = (1u << 1) | (1u << 2);\n"),
              "follow": [edit(baiacu, baiacu_hurt,
                              "        _hurtbox = GetNode<Area2D>(\"Hurtbox\");\n"
                              "        _hurtbox.CollisionLayer = PhysicsLayers.Hazard;\n"
                              "        _hurtbox.CollisionMask = PhysicsLayers.Player | "
                              "PhysicsLayers.PlayerClaw;\n"
                              "        _hurtbox.AreaEntered += OnHurtboxAreaEntered;\n"),
                         bash("dotnet build --nologo -v q",
                              "MSBuild version 17.8.5+b5265ef37 for .NET\n  MareBaixa -> "
                              "/home/thiago/src/manguezal/.godot/mono/temp/bin/Debug/"
                              "MareBaixa.dll\n\nBuild succeeded.\n    0 Warning(s)\n    0 "
                              "Error(s)")],
              "done": "The baiacu's hurtbox sits on PhysicsLayers.Hazard and watches "
                      "PhysicsLayers.Player | PhysicsLayers.PlayerClaw; OnHurtboxAreaEntered "
                      "damages the player or takes the claw hit. No raw layer numbers, and the "
                      "build is clean."}),
        Fact("conv-textos", "convention", ["textos.csv"],
             ["where do i put the strings for the new shop screen so they get translated",
              "I am adding a dialogue box for the fisherman character. Where should its visible "
              "text be written so that it appears correctly in Portuguese, English and Spanish?"],
             "manguezal: no player-visible string literal in C# or .tscn; every label goes "
             "through Tr(\"KEY\") with an UPPER_SNAKE key (screen prefix, e.g. PAUSE_) added to "
             "i18n/textos.csv (columns keys, pt_BR, en, es), which Duda sends to the translator.",
             {"task": "pause menu needs a 'voltar ao último checkpoint' button (return to last "
                      "checkpoint). add it to scripts/ui/PauseMenu.cs, the node is already in "
                      "the scene as CheckpointButton",
              "musing": "pause menu needs a button 'voltar ao último checkpoint', node "
                        "CheckpointButton already exists in the scene, wire it in "
                        "scripts/ui/PauseMenu.cs to CheckpointService.ReturnToLast(). no "
                        "hardcoded text: label goes thru Tr() with a key in i18n/textos.csv "
                        "(pt_BR, en, es columns), keys UPPER_SNAKE with the screen prefix. duda "
                        "sends that csv to the translator, anything outside it never gets "
                        "translated and we ship portuguese to the gringos",
              "rule": "no string literals the player sees. Tr(\"KEY\") and add the key to "
                      "i18n/textos.csv with pt_BR, en and es, UPPER_SNAKE with screen prefix. "
                      "duda sends that csv to the translator, anything not in it ships "
                      "untranslated",
              "note": "player-visible text only via Tr(\"SCREEN_KEY\") + a row in "
                      "i18n/textos.csv (pt_BR, en, es); no literals in C# or .tscn",
              "review": (pause,
                         "`_checkpointButton.Text = \"Voltar ao checkpoint\";` Player-visible "
                         "text must not be written as a literal. Use `Tr(\"PAUSE_...\")` and add "
                         "the key to `i18n/textos.csv` with the pt_BR, en and es columns filled "
                         "in. That file is what Duda sends to the translator; a literal here "
                         "would ship in Portuguese to every English and Spanish player."),
              "contrary": edit(pause, pause_old,
                               "        _resumeButton.Pressed += OnResumePressed;\n"
                               "        _checkpointButton.Text = \"Voltar ao checkpoint\";\n"
                               "        _checkpointButton.Pressed += OnCheckpointPressed;\n"),
              "follow": [edit(pause, pause_old,
                              "        _resumeButton.Pressed += OnResumePressed;\n"
                              "        _checkpointButton.Text = Tr(\"PAUSE_RETURN_CHECKPOINT\");"
                              "\n        _checkpointButton.Pressed += OnCheckpointPressed;\n"),
                         edit(textos, "PAUSE_RESUME,Continuar,Resume,Continuar\n",
                              "PAUSE_RESUME,Continuar,Resume,Continuar\n"
                              "PAUSE_RETURN_CHECKPOINT,Voltar ao último checkpoint,Return to last "
                              "checkpoint,Volver al último punto de control\n")],
              "done": "CheckpointButton is wired to CheckpointService.ReturnToLast(), and its "
                      "label is Tr(\"PAUSE_RETURN_CHECKPOINT\"), with the pt_BR, en and es rows "
                      "added to i18n/textos.csv next to PAUSE_RESUME."}),
        Fact("cmd-tests", "command", [".runsettings"],
             ["how do i run the c# unit tests outside the editor again, plain dotnet test doesnt "
              "find godot",
              "What is the correct way to execute the game's automated test suite from a "
              "terminal, without opening the Godot editor?"],
             "manguezal: the GdUnit4 C# tests run from a terminal with `dotnet test --settings "
             ".runsettings` (the file sets GODOT_BIN to the Godot 4.3 mono binary and runs it "
             "headless); plain `dotnet test` fails because the adapter can't find Godot.",
             {"goal": "run the gdunit tests from the terminal pls, want to see if the save "
                      "system tests still pass before i push",
              "fail": bash("dotnet test",
                           "  Determining projects to restore...\n  All projects are up-to-date "
                           "for restore.\n  MareBaixa -> /home/thiago/src/manguezal/.godot/mono/"
                           "temp/bin/Debug/MareBaixa.dll\nTest run for /home/thiago/src/"
                           "manguezal/.godot/mono/temp/bin/Debug/MareBaixa.dll (.NETCoreApp,"
                           "Version=v8.0)\nGdUnit4.TestAdapter: Godot runtime is not "
                           "configured. The property 'GODOT_BIN' is not set in the test run "
                           "parameters or the environment.\nNo test is available in /home/"
                           "thiago/src/manguezal/.godot/mono/temp/bin/Debug/MareBaixa.dll.", 1),
              "note": "The GdUnit4 adapter has to launch Godot itself and doesn't know which "
                      "binary. The repository's .runsettings sets GODOT_BIN and the headless "
                      "run parameters; passing it:",
              "ok": bash("dotnet test --settings .runsettings --filter "
                         "\"FullyQualifiedName~SaveSystem\"",
                         "Test run for /home/thiago/src/manguezal/.godot/mono/temp/bin/Debug/"
                         "MareBaixa.dll (.NETCoreApp,Version=v8.0)\nGdUnit4.TestAdapter: "
                         "launching /opt/godot/Godot_v4.3-stable_mono_linux.x86_64 --headless"
                         "\n\nPassed!  - Failed:     0, Passed:    14, Skipped:     0, Total:"
                         "    14, Duration: 9 s - MareBaixa.dll (net8.0)"),
              "done": "All 14 save-system tests pass. From a terminal it's `dotnet test "
                      "--settings .runsettings` (add --filter to narrow it); the settings file "
                      "points GdUnit4 at the Godot 4.3 mono binary and runs it headless.",
              "label": "gdunit tests no terminal"}),
        Fact("cmd-export", "command", ["--build-solutions"],
             ["headless export says it cant load the project assembly, whats the step im "
              "missing",
              "I attempted to produce a Linux executable of the game from the command line on a "
              "freshly cloned copy, and Godot complained that the compiled C# code was missing. "
              "What needs to happen beforehand?"],
             "manguezal: on a fresh checkout a headless export fails with '.NET: Failed to load "
             "project assembly'; run `godot --headless --build-solutions --quit` first, then "
             "`godot --headless --export-release \"<preset>\" <path>`.",
             {"goal": "need a windows build of current main for duda to record trailer footage, "
                      "export it to build/win. this is a fresh clone (mb-trailer), my working "
                      "copy has local changes",
              "fail": bash("godot --headless --export-release \"Windows Desktop\" "
                           "build/win/MareBaixa.exe",
                           "Godot Engine v4.3.stable.mono.official.77dcf97d8 - "
                           "https://godotengine.org\n\nERROR: .NET: Failed to load project "
                           "assembly 'MareBaixa'. The assembly was not found or has not been "
                           "built.\n   at: _load_project_assembly (modules/mono/mono_gd/"
                           "gd_mono.cpp:571)\nERROR: Project export for preset \"Windows "
                           "Desktop\" failed.", 1),
              "note": "A fresh clone has no compiled C# assembly yet, and a headless export "
                      "doesn't compile it. Building the solutions first with the same binary, "
                      "then exporting:",
              "ok": bash("godot --headless --build-solutions --quit && godot --headless "
                         "--export-release \"Windows Desktop\" build/win/MareBaixa.exe",
                         "Godot Engine v4.3.stable.mono.official.77dcf97d8\n  MareBaixa -> "
                         "/home/thiago/src/mb-trailer/.godot/mono/temp/bin/ExportRelease/"
                         "win-x64/MareBaixa.dll\nsavepack: begin: Packing\nsavepack: end\n"
                         "[ DONE ] export: Windows Desktop -> build/win/MareBaixa.exe"),
              "done": "build/win/MareBaixa.exe is exported (with MareBaixa.pck and the "
                      "data_MareBaixa_windows_x86_64 folder next to it); zip the whole folder "
                      "for Duda. On any fresh checkout, `godot --headless --build-solutions "
                      "--quit` has to run before the export.",
              "label": "export num clone novo"}),
        Fact("env-deck", "environment", ["192.168.0.57"],
             ["push the linux build to the deck, which address is it on the lan",
              "How do I reach the studio's handheld test device over the office network in "
              "order to copy a build onto it?"],
             "manguezal: the studio's Steam Deck (devkit mode) is at 192.168.0.57 on the office "
             "LAN, user deck (ssh alias deck in ~/.ssh/config); test builds go into "
             "~/devkit-game/mare-baixa on it.",
             {"goal": "whats the deck's ip on the office lan, and which user do we ssh in as?",
              "probe": [bash("grep -A4 '^Host deck' ~/.ssh/config",
                             "Host deck\n    HostName 192.168.0.57\n    User deck\n    "
                             "IdentityFile ~/.ssh/devkit_ed25519"),
                        bash("ssh deck 'hostnamectl --static; ls ~/devkit-game'",
                             "steamdeck\nmare-baixa")],
              "confirm": "The Steam Deck (in devkit mode) is at 192.168.0.57 on the office LAN, "
                         "user deck; the ssh alias deck in ~/.ssh/config points at it, and test "
                         "builds live in ~/devkit-game/mare-baixa.",
              "guess": "the deck is on 192.168.0.23 and we log in as thiago",
              "asker": ("camila", "Thiago, what is the Deck's address on the office network? I "
                                  "would like to profile the boss fight on it this afternoon.")}),
        Fact("env-sdk", "environment", ["8.0.404"],
             ["which dotnet sdk exactly does the game want, dont want to install the wrong one on "
              "the new laptop",
              "Which release of Microsoft's development kit must be installed for the game "
              "project to compile? Version 9 did not seem to be accepted."],
             "manguezal: global.json pins the .NET SDK to 8.0.404 with rollForward disabled, so "
             "a machine with only .NET 9 can't build the game; install 8.0.404 alongside.",
             {"goal": "which exact .net sdk version does the game build need?",
              "probe": [bash("cat global.json",
                             "{\n  \"sdk\": {\n    \"version\": \"8.0.404\",\n    "
                             "\"rollForward\": \"disable\"\n  }\n}"),
                        bash("dotnet --list-sdks",
                             "8.0.404 [/usr/share/dotnet/sdk]\n9.0.101 [/usr/share/dotnet/sdk]")],
              "confirm": "global.json pins the .NET SDK to exactly 8.0.404, with rollForward "
                         "disabled: no other SDK is accepted, so a machine with only .NET 9 "
                         "gets 'A compatible .NET SDK was not found'. Install 8.0.404 alongside "
                         "whatever else is there.",
              "guess": "global.json just says 8.0 with rollForward latestFeature, so any .net 8 "
                       "works",
              "asker": ("bea", "Good morning. When I open the project, Godot reports that a "
                               "compatible .NET SDK was not found, although I have installed "
                               ".NET 9. Which version should I install?")}),
        Fact("gotcha-jitter", "gotcha", ["physics_interpolation"],
             ["someone with a 165hz monitor says the crab shakes when walking again, what was "
              "the fix last time",
              "A tester with a very fast gaming display describes the main character trembling "
              "while moving, even though the scenery scrolls smoothly. Have we seen this before, "
              "and what was the remedy?"],
             "manguezal gotcha: on high-refresh monitors (144 Hz) the crab jittered because it "
             "moves in _PhysicsProcess at 60 ticks and was drawn only on ticks; fixed by turning "
             "on Godot 4.3's 2D physics interpolation (physics/common/physics_interpolation="
             "true in project.godot) and calling ResetPhysicsInterpolation() on teleports.",
             {"symptom": "playtesters with 144hz monitors say the crab 'treme' (jitters) when "
                         "walking. background and camera look smooth, only the player sprite "
                         "stutters. on my 60hz monitor i see nothing",
              "musing": "playtesters with 144hz monitors say the crab jitters when walking, "
                        "background and camera smooth, only the player stutters. my 60hz "
                        "screen looks fine. i bet its vsync, some of them probably force it off "
                        "in the nvidia panel",
              "trace": "frame 4410 dt=6.94ms tick=no  player.x=1204.00 camera.x=1198.61\n"
                       "frame 4411 dt=6.94ms tick=yes player.x=1208.33 camera.x=1200.42\n"
                       "frame 4412 dt=6.94ms tick=no  player.x=1208.33 camera.x=1202.22\n"
                       "frame 4413 dt=6.94ms tick=no  player.x=1208.33 camera.x=1204.03\n"
                       "frame 4414 dt=6.94ms tick=yes player.x=1212.67 camera.x=1205.84",
              "probe": [bash("grep -n -A3 '^\\[physics\\]' project.godot",
                             "52:[physics]\n53-\n54-common/physics_ticks_per_second=60\n55-2d/"
                             "default_gravity=1400.0"),
                        read(crab,
                             "    public override void _PhysicsProcess(double delta)\n    {\n"
                             "        Velocity = _mover.Step(Velocity, (float)delta);\n"
                             "        MoveAndSlide();\n    }\n\n    public void Respawn(Node2D "
                             "checkpoint)\n    {\n        GlobalPosition = "
                             "checkpoint.GlobalPosition;\n    }\n")],
              "explain": "The crab moves in _PhysicsProcess at 60 ticks a second, but a 144 Hz "
                         "screen draws two or three frames per tick: the sprite stays put for a "
                         "frame or two and then jumps (player.x above only changes on tick "
                         "frames), which reads as jitter. The camera is smoothed every frame, so "
                         "only the player looks wrong. Godot 4.3 added 2D physics "
                         "interpolation: with physics/common/physics_interpolation on, bodies "
                         "are drawn between ticks. Teleports (respawn) then need "
                         "ResetPhysicsInterpolation(), or the crab visibly slides to the "
                         "checkpoint.",
              "fix": [edit("project.godot", "common/physics_ticks_per_second=60\n",
                           "common/physics_ticks_per_second=60\n"
                           "common/physics_interpolation=true\n"),
                      edit(crab, "        GlobalPosition = checkpoint.GlobalPosition;\n",
                           "        GlobalPosition = checkpoint.GlobalPosition;\n"
                           "        ResetPhysicsInterpolation();\n")],
              "done": "With physics_interpolation on, the 144 Hz capture moves the crab every "
                      "frame (no more repeated x values), and a respawn lands without sliding. "
                      "At 60 Hz nothing changes.",
              "repro": "godot --path . --fixed-fps 144 res://scenes/test/JitterProbe.tscn -- "
                       "--log-frames 12",
              "hunch": ("Checking vsync first, since that's your theory.",
                        bash("grep -n vsync project.godot", "41:window/vsync/vsync_mode=1")),
              "told": ("duda", "only people with high refresh monitors have it, the 60hz ones "
                               "never complain"),
              "report": ("dustmoth", "yo so on my 144hz monitor the little crab kinda vibrates "
                                     "when walking?? background is smooth but he's not. tried "
                                     "fullscreen and windowed, same. my 60hz laptop screen is "
                                     "fine"),
              "lesson": "crab jitter on 144Hz = physics at 60 ticks drawn without "
                        "interpolation; physics/common/physics_interpolation=true (Godot 4.3) "
                        "and ResetPhysicsInterpolation() after teleports"}),
        Fact("gotcha-culture", "gotcha", ["InvariantCulture"],
             ["player says music resets to zero every time he reopens the game and ui is tiny, "
              "brazilian windows. didnt we fix this kind of thing before, what was it",
              "Some Brazilian players report that their audio and interface preferences are "
              "lost after a restart, while English-speaking players never see it. What is the "
              "underlying reason?"],
             "manguezal gotcha: Settings.Save wrote floats with ToString(), which follows the "
             "player's Windows culture (pt-BR writes \"0,8\"), and Load's ToFloat() stops at "
             "the comma, so music came back as 0; floats are written with "
             "CultureInfo.InvariantCulture now.",
             {"symptom": "settings broken for some players: after restart music volume is 0 and "
                         "the ui scale goes back to 1 (tiny). config is user://settings.cfg",
              "musing": "settings broken for some players, after restart music volume 0 and ui "
                        "scale back to 1. i think steam cloud is overwriting settings.cfg with "
                        "an old copy, we turned cloud on last sprint",
              "trace": "[audio]\nmusic=\"0,8\"\nsfx=\"0,65\"\n[video]\nui_scale=\"1,25\"\n"
                       "Settings.Load: music=0 sfx=0 ui_scale=1",
              "probe": [read(settings,
                             "    public void Save()\n    {\n        _cfg.SetValue(\"audio\", "
                             "\"music\", MusicVolume.ToString());\n        _cfg.SetValue("
                             "\"audio\", \"sfx\", SfxVolume.ToString());\n        _cfg.SetValue("
                             "\"video\", \"ui_scale\", UiScale.ToString());\n        _cfg.Save("
                             "Path);\n    }\n\n    public void Load()\n    {\n        MusicVolume "
                             "= ((string)_cfg.GetValue(\"audio\", \"music\", \"1\")).ToFloat();"
                             "\n")],
              "explain": "Save() writes the floats with ToString(), which uses the player's "
                         "Windows culture: on a pt-BR machine 0.8 becomes \"0,8\". Load() reads "
                         "them back with Godot's ToFloat(), which is culture-independent and "
                         "stops at the comma, so \"0,8\" comes back as 0 (music silent) and "
                         "\"1,25\" as 1. Only comma-decimal locales see it, which is why the "
                         "English-speaking testers never have. Writing with "
                         "CultureInfo.InvariantCulture fixes new saves; Load also has to accept "
                         "the comma once, to rescue existing files.",
              "fix": [edit(settings, "MusicVolume.ToString()",
                           "MusicVolume.ToString(CultureInfo.InvariantCulture)"),
                      edit(settings, "SfxVolume.ToString()",
                           "SfxVolume.ToString(CultureInfo.InvariantCulture)"),
                      edit(settings, "UiScale.ToString()",
                           "UiScale.ToString(CultureInfo.InvariantCulture)"),
                      edit(settings, "\"1\")).ToFloat();",
                           "\"1\")).Replace(',', '.').ToFloat();")],
              "done": "Settings are written with InvariantCulture now (\"0.8\" on every "
                      "machine), and Load turns an old \"0,8\" into 0.8 once, so players who "
                      "already lost their settings get them back on the next save.",
              "repro": "LC_ALL=pt_BR.UTF-8 godot --headless --path . "
                       "res://scenes/test/SettingsRoundTrip.tscn",
              "hunch": ("Checking the Steam Cloud theory: if the cloud had put back an old "
                        "copy, the file would be older than this session's save.",
                        bash("ls -l --time-style=+%H:%M \"$HOME/.local/share/godot/"
                             "app_userdata/Maré Baixa/settings.cfg\"; date +%H:%M",
                             "-rw-r--r-- 1 thiago thiago 118 14:02 /home/thiago/.local/share/"
                             "godot/app_userdata/Maré Baixa/settings.cfg\n14:02")),
              "told": ("camila", "Only the Brazilian testers have reported it. None of the "
                                 "English-speaking ones, and they play the same build."),
              "report": ("pedrao_do_recife", "mano toda vez q eu fecho e abro o jogo a música "
                                             "some e a interface fica minúscula 😭 já configurei "
                                             "umas 5 vezes"),
              "lesson": "floats in settings.cfg were written with ToString() in the player's "
                        "culture (pt-BR \"0,8\"); always ToString(CultureInfo.InvariantCulture)"}),
        Fact("fals-compat", "falsified", ["gl_compatibility"],
             ["would the opengl renderer fix deck fps? feel like we looked at this once",
              "To improve the frame rate on the handheld console, could we switch Godot to its "
              "lighter, older graphics backend? Has the team evaluated that option?"],
             "manguezal: switching the renderer to gl_compatibility (OpenGL) for Steam Deck "
             "frame rate was tried and dropped: fps rose but the water shader's screen-texture "
             "refraction and the glow didn't render; the game stays on Forward+ and the Deck "
             "frame rate is worked on in the water shader.",
             {"ask": "deck drops to ~40fps in mangue 03. try switching the renderer to the "
                     "opengl one (compatibility), people on reddit say its faster on deck. then "
                     "run the perf capture",
              "change": [edit("project.godot",
                              "renderer/rendering_method=\"forward_plus\"\n",
                              "renderer/rendering_method=\"gl_compatibility\"\n")],
              "broke": bash("godot --path . --rendering-method gl_compatibility "
                            "res://scenes/levels/Mangue03.tscn -- --perf-capture 30 "
                            "--compare-ref captures/mangue03_forward_plus.png",
                            "WARNING: res://shaders/agua_mare.gdshader: hint_screen_texture "
                            "with filter_linear_mipmap is not supported by this renderer\n"
                            "WARNING: Environment glow is not supported by this renderer\n"
                            "perf: avg 58.9 fps, 1% low 51.2\nvisual diff vs reference: 14.2% "
                            "of pixels differ (water refraction missing, glow off)\nFAIL: "
                            "visual regression above 2%", 1),
              "revert": bash("git checkout project.godot && git status --short", ""),
              "conclusion": "We stay on Forward+. gl_compatibility took Mangue 03 to about 59 "
                            "fps, but the water shader's screen-texture refraction and the glow "
                            "don't render there, and the mangrove looks flat. The Deck frame "
                            "rate has to come from the water shader itself (it samples the "
                            "screen twelve times per pixel).",
              "want": "deck perf is bad in the mangue levels. what if the deck build just uses "
                      "the opengl renderer, its lighter right?",
              "offer": "It's possible: rendering_method can be gl_compatibility for the Steam "
                       "Deck preset only, through a feature-tag override. On weak GPUs it's "
                       "often faster. Shall I set it up?",
              "story": "fps went up but the water lost the refraction and glow was gone, the "
                       "whole mangue looked like a flash game. camila spent 2 days trying to "
                       "rewrite the water shader for it and gave up",
              "title": "OpenGL (compatibility) renderer for Steam Deck fps",
              "veto": ("project.godot",
                       "I am going to block this. The Compatibility renderer does not support the "
                       "screen-texture read that the water shader depends on, and glow is "
                       "disabled there; we measured exactly this in the jam build. The frame "
                       "rate problem on the Deck is in the water shader itself, which samples "
                       "the screen twelve times per pixel. Please profile that instead.")}),
        Fact("fals-aot", "falsified", ["PublishAot"],
             ["c# ahead of time compile to cut deck startup, did we try that? what happened",
              "Would it be possible to compile the game's scripting code to machine code in "
              "advance so that it launches faster on the portable console? I seem to recall "
              "someone mentioning an attempt."],
             "manguezal: NativeAOT (PublishAot in MareBaixa.csproj) to speed up startup was "
             "tried and reverted: the trimmer removed the reflection-based Godot C# glue, the "
             "crab's script failed to instantiate and the game aborted; Godot 4.3 doesn't "
             "support NativeAOT for desktop exports.",
             {"ask": "linux build cold start on the deck is like 4s. try NativeAOT for the c# "
                     "part, set PublishAot in the csproj, export linux and see if it starts "
                     "faster",
              "change": [edit("MareBaixa.csproj",
                              "    <TargetFramework>net8.0</TargetFramework>\n",
                              "    <TargetFramework>net8.0</TargetFramework>\n"
                              "    <PublishAot>true</PublishAot>\n")],
              "broke": bash("godot --headless --export-release \"Linux/X11\" "
                            "build/linux/MareBaixa.x86_64 && ./build/linux/MareBaixa.x86_64 "
                            "--headless --quit-after 300",
                            "ILC: Trim analysis warning IL2026: Godot.Bridge.ScriptManagerBridge"
                            ".LookupScriptsInAssembly(Assembly): Using member 'System.Reflection"
                            ".Assembly.GetTypes()' which has 'RequiresUnreferencedCodeAttribute'"
                            "\n[ DONE ] export: Linux/X11\nERROR: Failed to create an instance of "
                            "script 'res://scripts/player/Caranguejo.cs'\nUnhandled exception. "
                            "System.MissingMethodException: No parameterless constructor "
                            "defined for type 'MareBaixa.Player.Caranguejo'.\nAborted (core "
                            "dumped)", 134),
              "revert": bash("git checkout MareBaixa.csproj && rm -rf build/linux && git status "
                             "--short", ""),
              "conclusion": "No NativeAOT. With PublishAot the trimmer removed the Godot C# "
                            "glue that finds scripts and signals by reflection: Caranguejo.cs "
                            "failed to instantiate and the game aborted on start. Godot 4.3 "
                            "doesn't support NativeAOT for desktop exports; startup time has to "
                            "come from elsewhere (the audio import settings are the best "
                            "lead).",
              "want": "deck cold start is like 4 seconds. can we compile the c# ahead of time, "
                      "nativeaot or something",
              "offer": "You can set PublishAot in the csproj: .NET 8's NativeAOT compiles to "
                       "native code, which usually cuts startup time a lot. Shall I try it on "
                       "the Linux export?",
              "story": "camila tried it then: exported fine but the game crashed on start. "
                       "godot finds scripts and signals by reflection and the trimmer ate all "
                       "of it. godot doesnt support that on desktop",
              "title": "NativeAOT for the C# assembly (startup time)",
              "veto": ("MareBaixa.csproj",
                       "Please revert the PublishAot change. Godot 4.3 does not support "
                       "NativeAOT for desktop exports: the engine locates scripts and signals "
                       "through reflection, and the trimmer removes exactly that code. We lost "
                       "an evening to this during the jam. If startup time is the concern, the "
                       "audio import settings are the better lead.")}),
    ]
    chatter = [
        "Godot Engine v4.3.stable.mono.official.77dcf97d8 - https://godotengine.org",
        "Vulkan 1.3.274 - Forward+ - Using Device #0: AMD - AMD Custom GPU 0405 (RADV VANGOGH)",
        "[mare] boot: locale pt_BR, window 1280x800, scale 1.0",
        "[mare] loading res://scenes/levels/Mangue01.tscn",
        "[mare] audio: bus layout res://default_bus_layout.tres (Master, Musica, Efeitos)",
        "[mare] checkpoint registry: 14 checkpoints",
        "[mare] player spawned at (312, 640)",
        "[mare] enemy pool: 24 siris, 6 baiacus, 2 garças",
        "[mare] tide controller: phase=vazante level=0.35",
        "[mare] music: tema_mangue (loop 128 bars)",
        "[mare] hud ready (health 5/5, shells 0)",
        "[mare] frame budget: 16.6ms target, avg 7.9ms",
        "[mare] save slot 1 loaded (act 1, 42% complete)",
        "[mare] shutdown requested",
    ]
    noise: list[Episode] = [
        look("what does the tide controller do when the player is underwater and the tide goes "
             "out",
             "scripts/world/TideController.cs",
             "    private void OnPhaseChanged(TidePhase phase)\n    {\n        if (phase == "
             "TidePhase.Vazante && _player.IsSubmerged)\n        {\n            // give the "
             "player 2s of air before the water level drops below them\n            "
             "_player.GrantAir(2.0f);\n        }\n        _waterLevel.TweenTo(phase.Level(), "
             "4.0f);\n    }\n",
             "When the tide turns to vazante (ebbing) and the crab is submerged, it grants two "
             "seconds of air, then tweens the water level down over four seconds."),
        find("where do we spawn the siris (small crabs)", "SpawnSiri",
             ["scripts/enemies/EnemyPool.cs", "scripts/world/SpawnPoint.cs",
              "test/enemies/EnemyPoolTest.cs"],
             "EnemyPool.cs owns them (pooled, 24 by default); SpawnPoint.cs calls SpawnSiri when "
             "the camera gets close, and EnemyPoolTest covers reuse."),
        tweak("typo on the credits screen: 'Duda Ferraz - arte e son', should be 'som'",
              "scenes/ui/Credits.tscn",
              "text = \"Duda Ferraz - arte e son\"\n",
              "text = \"Duda Ferraz - arte e som\"\n",
              "Fixed the credits line."),
        run("how many scenes do we have now, roughly",
            "find scenes -name '*.tscn' | wc -l", "     87",
            "87 scenes under scenes/, counting the UI and test scenes."),
        talk("quick one: in godot c#, whats the difference between _Ready and _EnterTree, i "
             "always forget which one runs first for children",
             "_EnterTree runs when a node is added to the tree, parents before children. _Ready "
             "runs once the node and all its children are in the tree, so children's _Ready "
             "runs before the parent's. Put things that need the children in _Ready, and "
             "things that must happen as soon as the node joins the tree in _EnterTree."),
        steps("what changed between 0.14.0 and 0.14.2? camila wants it for the patch notes",
              [bash("git log --oneline v0.14.0..v0.14.2",
                    "e91a0c2 tide: 2s of air when the tide turns\n4b7f13d ui: credits typo\n"
                    "a2c55e8 enemies: baiacu inflates before attacking\n07d9be1 fix: "
                    "checkpoint flag animation on respawn")],
              "Four changes: two seconds of air when the tide turns, the credits typo, the "
              "baiacu inflating before it attacks, and the checkpoint flag animation fixed on "
              "respawn."),
        [Step(prompt="make me a todo for the next playtest build: new level mangue 04, boss "
                     "checkpoint, the shell counter bug"),
         Step(tools=[todo_write([("Mangue 04 playable start to end", "pending",
                                  "Making Mangue 04 playable"),
                                 ("Checkpoint before the boss", "pending",
                                  "Adding the boss checkpoint"),
                                 ("Shell counter resets after death", "pending",
                                  "Fixing the shell counter")])]),
         Step(text="Three items on the list."),
         Step(prompt="add 'update the credits' at the end, duda asked"),
         Step(tools=[todo_write([("Mangue 04 playable start to end", "pending",
                                  "Making Mangue 04 playable"),
                                 ("Checkpoint before the boss", "pending",
                                  "Adding the boss checkpoint"),
                                 ("Shell counter resets after death", "pending",
                                  "Fixing the shell counter"),
                                 ("Update the credits", "pending", "Updating the credits")])]),
         Step(text="Added; four items.")],
        steps("which scripts still use GD.Print instead of our Log class? want to clean up "
              "before release",
              [agent("Find GD.Print calls",
                     "Search scripts/ for GD.Print and GD.PrintErr calls outside "
                     "scripts/core/Log.cs and list file:line for each.",
                     "Five calls: scripts/world/TideController.cs:88, scripts/enemies/"
                     "EnemyPool.cs:41 and :57, scripts/ui/Hud.cs:120, scripts/player/"
                     "ClawAttack.cs:33. Everything else goes through Log.",
                     "c4e81a07d2f3", "Explore", 5)],
              "Five left: TideController, two in EnemyPool, Hud and ClawAttack. Everything else "
              "already uses Log."),
        look("how does the claw attack decide if it hit from above", "scripts/player/"
             "ClawAttack.cs",
             "    private bool IsStomp(Node2D target)\n    {\n        var toTarget = "
             "target.GlobalPosition - _owner.GlobalPosition;\n        return toTarget.Y > 4f && "
             "_owner.Velocity.Y > 0f;\n    }\n",
             "It's a stomp when the target is more than 4 px below the crab and the crab is "
             "falling (positive Y velocity); otherwise it's a normal claw hit."),
    ]
    return Project(
        "manguezal", "git@github.com:aratu-games/manguezal.git",
        _files("manguezal", "Maré Baixa, the game. Godot 4.3 (.NET), C#, GdUnit4.",
               {"project.godot": "config_version=5\n\n[application]\n\nconfig/name=\"Maré "
                                 "Baixa\"\nrun/main_scene=\"res://scenes/Boot.tscn\"\n"
                                 "config/features=PackedStringArray(\"4.3\", \"C#\", "
                                 "\"Forward Plus\")\n",
                "MareBaixa.csproj": "<Project Sdk=\"Godot.NET.Sdk/4.3.0\">\n  <PropertyGroup>"
                                    "\n    <TargetFramework>net8.0</TargetFramework>\n    "
                                    "<EnableDynamicLoading>true</EnableDynamicLoading>\n  "
                                    "</PropertyGroup>\n</Project>\n"}),
        _equip(facts, chatter=chatter),
        noise, "slack")


# ------------------------------------------------------------------- fardo (the asset packer)
def fardo() -> Project:
    atlas = "src/atlas.rs"
    index = "src/index.rs"
    bank = "src/bank.rs"
    loop_head = "    for sprite in &sprites {\n"
    index_struct = ("pub struct AtlasIndex {\n    pub pages: Vec<Page>,\n"
                    "    pub sprites: Vec<SpriteEntry>,\n}\n")
    facts = [
        Fact("conv-errors", "convention", ["thiserror"],
             ["new error case in the bank writer, how should it be returned, is anyhow ok there",
              "When a function inside the packing library needs to report a failure, what is the "
              "expected way of defining that failure? I want to be consistent with the rest of "
              "the code."],
             "fardo (the Rust asset packer): anyhow is allowed only in src/main.rs; library "
             "modules (atlas, bank, index) return their own error enums derived with thiserror "
             "(e.g. AtlasError::SpriteTooLarge), because the editor plugin links the crate and "
             "matches on the variants.",
             {"task": "add a check to the atlas packer: if a sprite is bigger than the page "
                      "size, fail with a clear error that says which file",
              "musing": "atlas packer should fail clearly when a sprite is bigger than the page, "
                        "right now it loops forever trying to place it lol. error needs to say "
                        "which file and both sizes. and remember anyhow is only for main.rs, the "
                        "library modules return their own error enum with thiserror, the godot "
                        "editor plugin links fardo as a lib and matches on the variants",
              "rule": "anyhow only in src/main.rs. library modules (atlas, bank, index) return "
                      "their own error enum derived with thiserror, the editor plugin links "
                      "the crate as a lib and needs to match on the variants",
              "note": "anyhow only in src/main.rs; library modules return their own thiserror "
                      "enums (AtlasError, BankError, ...)",
              "review": (atlas,
                         "`anyhow::ensure!` in a library module is not acceptable. Only "
                         "`src/main.rs` may use `anyhow`. Library modules return their own "
                         "error enums derived with `thiserror`, because the editor plugin links "
                         "this crate as a library and has to match on the variants. Please add "
                         "a `SpriteTooLarge` variant to `AtlasError` instead."),
              "contrary": edit(atlas, loop_head,
                               loop_head + "        anyhow::ensure!(sprite.w <= page.w && "
                               "sprite.h <= page.h, \"sprite {} too big\", "
                               "sprite.path.display());\n"),
              "follow": [edit("src/atlas/error.rs",
                              "#[derive(Debug, thiserror::Error)]\npub enum AtlasError {\n",
                              "#[derive(Debug, thiserror::Error)]\npub enum AtlasError {\n"
                              "    #[error(\"sprite {path} is {w}x{h}, larger than the atlas "
                              "page ({page_w}x{page_h})\")]\n    SpriteTooLarge { path: "
                              "String, w: u32, h: u32, page_w: u32, page_h: u32 },\n"),
                         edit(atlas, loop_head,
                              loop_head + "        if sprite.w > page.w || sprite.h > page.h {"
                              "\n            return Err(AtlasError::SpriteTooLarge { path: "
                              "sprite.path.display().to_string(), w: sprite.w, h: sprite.h, "
                              "page_w: page.w, page_h: page.h });\n        }\n"),
                         bash("cargo test --lib atlas",
                              "   Compiling fardo v0.7.3 (/home/thiago/src/fardo)\n    "
                              "Finished `test` profile [unoptimized + debuginfo] target(s) in "
                              "6.02s\n     Running unittests src/lib.rs\n\ntest result: ok. 23 "
                              "passed; 0 failed; 0 ignored")],
              "done": "An oversized sprite now returns AtlasError::SpriteTooLarge (a new "
                      "thiserror variant in src/atlas/error.rs) with the file and both sizes; "
                      "main.rs's anyhow only prints it. The 23 atlas tests pass."}),
        Fact("conv-btree", "convention", ["BTreeMap"],
             ["adding a new map field to the bank manifest, which collection type do i use, is "
              "there a rule",
              "The automated check says the packed sprite sheet changed even though I did not "
              "modify any images. Is there a coding rule about ordering that I might have "
              "broken?"],
             "fardo: anything written to an output file (atlas index JSON, bank manifest) uses "
             "BTreeMap or a sorted Vec, never HashMap, so outputs are byte-identical on every "
             "machine; the game repo commits the atlas hash and CI compares it.",
             {"task": "add a 'tags' section to the atlas index json: for each aseprite tag, the "
                      "list of frame names in order",
              "musing": "add a 'tags' section to the atlas index json, for each aseprite tag the "
                        "frame names in order, camila wants it for the animation player. "
                        "anything that goes into an output file is BTreeMap or sorted vec, never "
                        "HashMap. output has to be byte identical on every machine, the game "
                        "repo commits the hash of the atlas and ci compares",
              "rule": "anything that ends up in an output file uses BTreeMap (or a sorted vec), "
                      "never HashMap. outputs must be byte identical on every machine, the game "
                      "repo commits the atlas hash and ci compares it",
              "note": "anything serialized to an output file: BTreeMap or sorted Vec, never "
                      "HashMap (outputs must be byte-identical, the game commits the hash)",
              "review": (index,
                         "`HashMap` here makes the serialized index non-deterministic: its "
                         "iteration order changes between runs, so the hash committed in the "
                         "game repository would differ on every machine and CI would report a "
                         "change that is not one. Anything written to an output file must use "
                         "`BTreeMap` (or a sorted `Vec`)."),
              "contrary": edit(index, index_struct,
                               "pub struct AtlasIndex {\n    pub pages: Vec<Page>,\n"
                               "    pub sprites: Vec<SpriteEntry>,\n"
                               "    pub tags: HashMap<String, Vec<String>>,\n}\n"),
              "follow": [edit(index, index_struct,
                              "pub struct AtlasIndex {\n    pub pages: Vec<Page>,\n"
                              "    pub sprites: Vec<SpriteEntry>,\n"
                              "    pub tags: BTreeMap<String, Vec<String>>,\n}\n"),
                         bash("cargo run -q --release -- pack atlas --out /tmp/a1 && cargo run "
                              "-q --release -- pack atlas --out /tmp/a2 && sha256sum "
                              "/tmp/a1/index.json /tmp/a2/index.json",
                              "9b2e44c1d0a7f3e5  /tmp/a1/index.json\n9b2e44c1d0a7f3e5  "
                              "/tmp/a2/index.json")],
              "done": "The index has a tags section, a BTreeMap from tag to frame names, so the "
                      "keys come out sorted: two runs give byte-identical index.json (same "
                      "sha256)."}),
        Fact("cmd-insta", "command", ["cargo insta test"],
             ["golden files out of date after a format change, whats the command to regenerate "
              "them",
              "After intentionally changing the output format, several comparison tests fail "
              "against stored reference outputs. How do I refresh those stored references?"],
             "fardo: the snapshot tests use insta; after an intended output change, regenerate "
             "the snapshots with `cargo insta test --accept` (cargo test has no "
             "--update-snapshots flag).",
             {"goal": "i changed the index format, snapshot tests fail now (expected). update "
                      "the snapshots pls",
              "fail": bash("cargo test -- --update-snapshots",
                           "    Finished `test` profile [unoptimized + debuginfo] target(s) in "
                           "0.21s\n     Running unittests src/lib.rs\nerror: Unrecognized "
                           "option: 'update-snapshots'\nerror: test failed, to rerun pass "
                           "`--lib`", 101),
              "note": "The snapshot tests are insta's, and the test harness has no such flag. "
                      "insta's cargo subcommand re-runs the tests and writes the new "
                      "snapshots:",
              "ok": bash("cargo insta test --accept",
                         "    Finished `test` profile [unoptimized + debuginfo] target(s) in "
                         "0.24s\ninsta: 6 snapshots changed\n  tests/snapshots/"
                         "index__tags.snap\n  tests/snapshots/index__pages.snap\n  (+4 more)"
                         "\naccepted: 6 snapshots"),
              "done": "Six snapshots rewritten under tests/snapshots/ with `cargo insta test "
                      "--accept`; look at the git diff before committing, it's the only review "
                      "they get.",
              "label": "atualizar snapshots"}),
        Fact("cmd-xwin", "command", ["cargo xwin"],
             ["duda wants the packer exe again, how do i cross build for windows from my linux "
              "box, link.exe error",
              "I need to produce the Windows version of the packing tool while working on "
              "Linux. The ordinary build command complains about a missing Microsoft linker. "
              "Which command should I use?"],
             "fardo: build the Windows binary from Linux with `cargo xwin build --release "
             "--target x86_64-pc-windows-msvc` (cargo-xwin fetches the MSVC CRT/SDK and links "
             "with lld); a plain cargo build for that target fails with link.exe not found.",
             {"goal": "duda needs the new fardo.exe on her windows machine, build a windows "
                      "release binary from here (linux)",
              "fail": bash("cargo build --release --target x86_64-pc-windows-msvc",
                           "   Compiling fardo v0.7.3 (/home/thiago/src/fardo)\nerror: linker "
                           "`link.exe` not found\n  |\n  = note: No such file or directory (os "
                           "error 2)\n\nnote: the msvc targets depend on the msvc linker but "
                           "`link.exe` was not found", 101),
              "note": "The MSVC target wants Microsoft's linker and SDK libraries. cargo-xwin is "
                      "installed here: it downloads the Windows CRT and SDK and links with "
                      "lld, so:",
              "ok": bash("cargo xwin build --release --target x86_64-pc-windows-msvc",
                         "   Compiling fardo v0.7.3 (/home/thiago/src/fardo)\n    Finished "
                         "`release` profile [optimized] target(s) in 1m 12s"),
              "done": "target/x86_64-pc-windows-msvc/release/fardo.exe is built (6.1 MB); it "
                      "runs on Duda's Windows 11 without any Visual C++ redistributable.",
              "label": "exe de windows a partir do linux"}),
        Fact("env-nas", "environment", ["cacimba"],
             ["which machine hosts the art share that the packer reads sprites from",
              "Where do the illustrator's exported animation files physically reside before the "
              "packing tool picks them up? I could not find them in the repository."],
             "fardo: fardo.toml reads sprites from /mnt/arte/exports, the arte share on cacimba, "
             "the studio's Synology NAS, mounted over SMB (cifs) on the build machine; Duda "
             "exports there from Aseprite.",
             {"goal": "where does the packer read duda's aseprite exports from on the build "
                      "machine?",
              "probe": [bash("grep -n '^source' fardo.toml", "3:source = \"/mnt/arte/exports\""),
                        bash("findmnt /mnt/arte",
                             "TARGET    SOURCE          FSTYPE OPTIONS\n/mnt/arte //cacimba/arte "
                             "cifs   rw,relatime,vers=3.1.1,cache=strict,uid=1000")],
              "confirm": "fardo.toml reads sprites from /mnt/arte/exports, which is the arte "
                         "share on cacimba, the studio's Synology NAS, mounted over SMB (cifs). "
                         "Duda exports there straight from Aseprite; nothing is copied to the "
                         "build machine.",
              "guess": "the exports get synced to the build box with syncthing, into ~/arte",
              "asker": ("duda", "thiago onde eu salvo os exports pro packer pegar? o pc novo não "
                                "tem aquela pasta de antes")}),
        Fact("env-toolchain", "environment", ["1.82.0"],
             ["what rustc does the asset packer use, clippy on my machine disagrees with ci",
              "Which exact compiler release is the packing tool built with? I would like my "
              "local setup to match the automated checks."],
             "fardo: rust-toolchain.toml pins Rust 1.82.0 (with clippy and rustfmt and the "
             "x86_64-pc-windows-msvc target); rustup uses it inside the repo whatever the "
             "default toolchain is.",
             {"goal": "which rust version is the packer pinned to?",
              "probe": [bash("cat rust-toolchain.toml",
                             "[toolchain]\nchannel = \"1.82.0\"\ncomponents = [\"clippy\", "
                             "\"rustfmt\"]\ntargets = [\"x86_64-pc-windows-msvc\"]"),
                        bash("rustc --version", "rustc 1.82.0 (f6e511eec 2024-10-15)")],
              "confirm": "rust-toolchain.toml pins Rust 1.82.0 (with clippy and rustfmt, and "
                         "the x86_64-pc-windows-msvc target), so rustup uses that version "
                         "inside the repository whatever your default toolchain is.",
              "guess": "we just follow stable, theres no pin",
              "asker": ("bea", "Good afternoon. Clippy reports different warnings on my machine "
                               "than in the pull request checks. Which Rust version does the "
                               "project expect?")}),
        Fact("gotcha-bleed", "gotcha", ["extrude"],
             ["hairline seams between ground tiles again when the camera zooms, what did we "
              "change in the packer last time",
              "In the second level, faint dark lines flicker between the floor tiles while the "
              "camera is moving. Is the sprite sheet tool known to cause this, and how was it "
              "addressed?"],
             "fardo gotcha: seams between tiles at non-integer camera zoom came from linear "
             "filtering sampling into the 2 px of transparent padding; tilesets are packed with "
             "extrude = 1 in fardo.toml (edge pixels copied out into the padding).",
             {"symptom": "thin dark lines between the ground tiles in mangue 02, only when the "
                         "camera moves or zooms out for the boss. duda says the tiles are "
                         "perfect in aseprite",
              "musing": "thin dark lines between ground tiles in mangue 02, only when the camera "
                        "moves or zooms. i think duda's exports have semi transparent edges, "
                        "the new brush she uses does antialias",
              "trace": "warn: tileset chao: linear filter hint with no edge bleed border; "
                       "seams likely at non-integer scale\n  sprite chao-lama-03: rect "
                       "130,66 32x32, padding 2 (transparent)",
              "probe": [bash("cargo run -q -- inspect atlas build/atlas/tiles.json --sprite "
                             "chao-lama-03",
                             "rect: 130,66 32x32\npadding: 2 px (transparent)\nedge bleed: "
                             "0 px\nfilter hint: linear")],
              "explain": "The tiles are packed with 2 px of transparent padding and nothing "
                         "copied into it. With linear filtering and a non-integer zoom, the GPU "
                         "samples a little past a tile's edge, into that transparent padding, "
                         "so a faint dark seam appears where tiles meet, and only when the "
                         "camera moves or zooms. Packing with extrude = 1 copies each tile's "
                         "edge pixels outward into the padding, so those samples get the right "
                         "colour.",
              "fix": [edit("fardo.toml", "padding = 2\n",
                           "padding = 2\nextrude = 1  # edge pixels copied out; seams at "
                           "non-integer zoom otherwise\n"),
                      bash("cargo run -q --release -- pack atlas",
                           "packed 412 sprites into 3 pages (2048x2048), extrude 1")],
              "done": "Repacked with extrude = 1: the zoomed capture of Mangue 02 has no seams, "
                      "and the pages are the same size (the padding already had room).",
              "repro": "cargo run --release -- pack atlas --verbose",
              "hunch": ("Checking the edges of Duda's exports first.",
                        bash("cargo run -q -- inspect png /mnt/arte/exports/tiles/"
                             "chao-lama-03.png --edges",
                             "edge alpha: min 255 max 255 (fully opaque)")),
              "told": ("duda", "it only shows when the camera zooms out for the boss, at normal "
                               "zoom never"),
              "report": ("mariaclara.exe", "tem umas linhas pretas finas entre os blocos do chão "
                                           "na fase 2, aparecem e somem quando a câmera anda. "
                                           "mandei print no #bugs-visuais"),
              "lesson": "seams between tiles at non-integer zoom = linear filter sampling into "
                        "transparent padding; pack tilesets with extrude = 1"}),
        Fact("gotcha-rate", "gotcha", ["48000"],
             ["some sound effects sound slowed down and deeper in game, seen this before?",
              "Several of the newer sound effects seem to play back too slowly and at a lower "
              "pitch than in the original recordings. What caused this the previous time?"],
             "fardo gotcha: the audio bank header stored one sample rate for the whole bank "
             "(44100 Hz, from the first file), so recordings made at 48000 Hz played slow and "
             "low in game; the rate is now stored per entry.",
             {"symptom": "some sfx from the bank play slow and low pitched in game, like "
                         "slowmo. mostly the wave splash and the crab clicks",
              "musing": "some sfx play slow and low pitched in game, the wave splash and the "
                        "crab clicks mostly. i think the vorbis quality in the bank config is "
                        "too low, camila lowered it to save space",
              "trace": "bank sfx: rate 44100 Hz (header, from onda_calma_01.wav)\n  entry "
                       "onda_splash_01: source rate 48000 Hz, stored as-is\n  entry "
                       "garra_click_03: source rate 48000 Hz, stored as-is",
              "probe": [bash("cargo run -q -- inspect bank build/audio/sfx.bank | head -4",
                             "bank sfx: 214 entries, rate 44100 Hz (header)\n  onda_calma_01   "
                             "1.92s\n  onda_splash_01  0.88s\n  garra_click_03  0.12s"),
                        bash("soxi -r /mnt/arte/audio/sfx/onda_splash_01.wav "
                             "/mnt/arte/audio/sfx/garra_click_03.wav", "48000\n48000")],
              "explain": "The bank header holds a single sample rate for the whole bank, taken "
                         "from the first file: 44100 Hz. The new splash and click recordings "
                         "are 48000 Hz; their samples are stored unchanged but played at "
                         "44100, so they come out about 8% slower and lower. Storing the rate "
                         "per entry (the game sets AudioStreamWAV.MixRate from it) fixes it "
                         "without resampling anything.",
              "fix": [edit(bank, "    pub struct Entry { name: String, offset: u64, len: u64 "
                                 "}\n",
                           "    pub struct Entry { name: String, offset: u64, len: u64, "
                           "sample_rate: u32 }\n"),
                      bash("cargo run -q --release -- pack bank sfx",
                           "packed sfx.bank: 214 entries (rates: 44100 x 171, 48000 x 43)")],
              "done": "Each bank entry carries its own sample rate now (43 of the 214 are "
                      "48000 Hz) and the game reads it, so the splash and clicks play at the "
                      "right speed. The game side needs the matching reader change before the "
                      "next bank goes in.",
              "repro": "cargo run --release -- pack bank sfx --verbose",
              "hunch": ("Checking the encoder quality setting first.",
                        bash("grep -n quality fardo.toml",
                             "14:quality = 0.6  # vorbis; lower = smaller, noisier")),
              "told": ("duda", "only the sounds i recorded with the new zoom recorder sound "
                               "wrong, the old library ones are fine"),
              "report": ("ghostfrevo", "não sei se é bug ou estilo mas o barulho da onda e o "
                                       "clique do caranguejo tão lentos, grave, tipo câmera "
                                       "lenta. o resto ok"),
              "lesson": "bank played 48000 Hz recordings at the bank's single 44100 Hz rate "
                        "(slow, low); the sample rate is stored per entry now"}),
        Fact("fals-rayon", "falsified", ["rayon"],
             ["atlas packing is slow, can we just use all cores for the decode? pretty sure "
              "someone tried",
              "Packing the sprite sheets takes quite long. Has anyone explored decoding the "
              "images concurrently across several threads, and if so, why was it not kept?"],
             "fardo: decoding the PNGs in parallel with rayon was tried and reverted: packing "
             "got about 3x faster but peak memory went from ~1.1 GB to ~6 GB, over the 2 GB "
             "budget for Duda's 8 GB laptop; packing stays single-threaded.",
             {"ask": "packing all atlases takes 40s on the build box. parallelize the png "
                     "decoding with rayon? should be easy. then run the memory check",
              "change": [bash("cargo add rayon", "    Updating crates.io index\n      Adding "
                                                 "rayon v1.10.0 to dependencies"),
                         edit(atlas,
                              "    let images: Vec<_> = paths.iter().map(load_png).collect::"
                              "<Result<_, _>>()?;\n",
                              "    let images: Vec<_> = paths.par_iter().map(load_png)."
                              "collect::<Result<_, _>>()?;\n")],
              "broke": bash("./scripts/memory-check.sh pack atlas",
                            "wall clock: 0:14.2 (was 0:41.7)\npeak RSS: 6.0 GiB (was 1.1 GiB)"
                            "\nFAIL: peak RSS 6.0 GiB over the 2.0 GiB budget (duda's laptop "
                            "has 8 GiB)", 1),
              "revert": bash("git checkout Cargo.toml Cargo.lock src/atlas.rs && git status "
                             "--short", ""),
              "conclusion": "Packing stays single-threaded. With rayon it ran about three times "
                            "faster but decoded every PNG at once: peak memory went from 1.1 GB "
                            "to 6 GB, far over the 2 GB budget the memory check keeps for "
                            "Duda's 8 GB laptop. A cache keyed on source hashes would speed up "
                            "the build box without that.",
              "want": "atlas packing is slow on the build box. can we use all cores for the png "
                      "decoding?",
              "offer": "Yes: with rayon, changing the decode loop to par_iter is a one-line "
                       "change and should cut the time roughly by the core count. Shall I?",
              "story": "rayon on the decode, exactly that. duda's laptop froze mid pack and the "
                       "oom killer took her browser with all her reference boards. build box is "
                       "fine but the tool has to run on her machine",
              "title": "Parallel PNG decoding with rayon",
              "veto": (atlas,
                       "I would rather we did not merge the rayon change. Decoding all images in "
                       "parallel holds every decoded image in memory at once; in the jam build "
                       "this exhausted Duda's laptop (8 GB) and the OOM killer took her browser "
                       "with it. If the build machine is too slow, a cache keyed on the source "
                       "file hash would help more.")}),
        Fact("fals-opus", "falsified", ["Opus"],
             ["music bank too big, what about switching the codec to the newer one thats better "
              "at low bitrate, did we test that",
              "The audio package is very large. Would a more modern compression format for the "
              "music be an option, or was that already ruled out?"],
             "fardo: encoding the audio bank as Opus instead of Ogg Vorbis was tried and "
             "dropped: the bank shrank from 301 MB to 118 MB but Godot 4.3 can't play Opus "
             "(only WAV, Ogg Vorbis, MP3) without a native GDExtension decoder; the bank stays "
             "Vorbis.",
             {"ask": "music bank is 300MB. try encoding the bank entries as opus instead of "
                     "vorbis, its much better at low bitrate. then run the verify against godot",
              "change": [bash("cargo add audiopus", "      Adding audiopus v0.3.0-rc.0 to "
                                                    "dependencies"),
                         edit(bank, "    Codec::Vorbis => vorbis::encode(&pcm, cfg.quality),\n",
                              "    Codec::Vorbis => opus::encode(&pcm, cfg.bitrate),\n")],
              "broke": bash("cargo run -q --release -- pack bank music && cargo run -q -- "
                            "verify bank build/audio/music.bank --engine godot-4.3",
                            "packed music.bank: 118 MB (was 301 MB)\nverify: entry "
                            "tema_mangue: codec opus has no AudioStream in godot-4.3 "
                            "(playable: wav, oggvorbis, mp3)\nFAIL: 38 of 38 entries not "
                            "playable by the engine", 1),
              "revert": bash("git checkout Cargo.toml Cargo.lock src/bank.rs && git status "
                             "--short", ""),
              "conclusion": "The bank stays Ogg Vorbis. Opus cut it from 301 MB to 118 MB, but "
                            "Godot 4.3 can't play Opus at all (its audio streams are WAV, Ogg "
                            "Vorbis and MP3), so every entry would need a native decoder "
                            "shipped as a GDExtension. Size comes from lower Vorbis quality "
                            "for the ambience instead.",
              "want": "music bank is huge. can the packer encode to opus? way better at low "
                      "bitrate than vorbis",
              "offer": "The packer can encode Opus with the audiopus crate, and at 96 kbps it "
                       "would roughly halve the bank. Want me to add it as a codec option?",
              "story": "we had an opus gdextension in the game for it. crackled on the deck and "
                       "crashed on windows on alt-tab. godot only plays vorbis, mp3 and wav "
                       "natively, not worth it",
              "title": "Opus instead of Vorbis in the audio banks",
              "veto": (bank,
                       "Please do not switch the banks to Opus. Godot 4.3 has no Opus audio "
                       "stream; the only way to play it is a native decoder in a GDExtension, "
                       "which is what we shipped in the jam build, and it crackled on the Deck "
                       "and crashed on Windows when the window lost focus. Lowering the Vorbis "
                       "quality of the ambience tracks is the safer saving.")}),
    ]
    chatter = [
        "   Compiling fardo v0.7.3 (/home/thiago/src/fardo)",
        "    Finished `release` profile [optimized] target(s) in 4.81s",
        "     Running `target/release/fardo pack atlas --verbose`",
        "info: reading fardo.toml (4 atlases, 2 banks)",
        "info: atlas personagens: 96 sprites from 11 aseprite files",
        "info: atlas inimigos: 71 sprites from 9 aseprite files",
        "info: atlas tiles: 188 sprites from 6 tilesets",
        "info: atlas ui: 57 sprites",
        "info: maxrects: page 1/3 placed 170 rects, occupancy 91.4%",
        "info: maxrects: page 2/3 placed 162 rects, occupancy 88.0%",
        "info: maxrects: page 3/3 placed 80 rects, occupancy 47.2%",
        "info: writing build/atlas/tiles.json",
        "info: bank ambiente: 22 entries, 61.3 MB",
        "info: wrote build/atlas (3 pages) in 41.7s",
    ]
    noise: list[Episode] = [
        look("how does the packer pick the page size", "src/atlas/page.rs",
             "pub fn choose_page_size(total_area: u64, largest: (u32, u32)) -> (u32, u32) {\n"
             "    let mut side = 512;\n    while (side as u64 * side as u64) < total_area * 11 / "
             "10 || side < largest.0.max(largest.1) {\n        side *= 2;\n    }\n    (side, "
             "side)\n}\n",
             "It starts at 512 and doubles the side until the page holds the total sprite area "
             "plus 10% slack and is at least as big as the largest sprite; pages are always "
             "square powers of two."),
        find("where do we read aseprite json", "AsepriteSheet",
             ["src/aseprite.rs", "src/atlas.rs", "tests/aseprite_parse.rs"],
             "src/aseprite.rs parses it into AsepriteSheet, src/atlas.rs consumes it, and "
             "tests/aseprite_parse.rs covers the parser."),
        tweak("help text for pack says 'atlasses', fix the typo",
              "src/main.rs",
              "    /// Pack sprite atlasses and audio banks\n",
              "    /// Pack sprite atlases and audio banks\n",
              "Fixed the typo in the help text."),
        run("how many tests do we have in the packer",
            "cargo test -q 2>&1 | grep 'test result'",
            "test result: ok. 61 passed; 0 failed; 0 ignored; 0 measured\ntest result: ok. 9 "
            "passed; 0 failed; 0 ignored; 0 measured",
            "70 tests: 61 unit tests and 9 integration tests, all passing."),
        talk("rust question: whats the practical difference between Box<dyn Error> and a "
             "generic E: Error in a function signature",
             "Box<dyn Error> erases the type: any error fits, at the cost of an allocation and "
             "of callers not knowing which concrete error it is without downcasting. A generic "
             "E: Error keeps the concrete type, so callers can match on it, but every caller "
             "has to name or infer it, and you can't return two different error types from one "
             "function without an enum."),
        steps("what's in the last two releases of the packer, for the changelog",
              [bash("git log --oneline v0.7.1..v0.7.3",
                    "5e1d0a9 bank: ambience tracks loop points from cue chunks\n91c4b27 atlas: "
                    "trim transparent borders before packing\nd30f8e2 cli: --only flag to pack "
                    "one atlas")],
              "Three changes: loop points for ambience tracks read from cue chunks, transparent "
              "borders trimmed before packing, and an --only flag to pack a single atlas."),
        [Step(prompt="todo list for the packer this sprint: trim option per atlas, cue points "
                     "for music, faster ui atlas"),
         Step(tools=[todo_write([("Per-atlas trim option", "pending", "Adding per-atlas trim"),
                                 ("Cue points for music loops", "pending",
                                  "Reading music cue points"),
                                 ("Speed up the ui atlas", "pending", "Speeding up the ui atlas")])
                     ]),
         Step(text="Three items."),
         Step(prompt="first one is done actually, mark it"),
         Step(tools=[todo_write([("Per-atlas trim option", "completed", "Adding per-atlas trim"),
                                 ("Cue points for music loops", "pending",
                                  "Reading music cue points"),
                                 ("Speed up the ui atlas", "pending", "Speeding up the ui atlas")],
                                [("Per-atlas trim option", "pending", "Adding per-atlas trim"),
                                 ("Cue points for music loops", "pending",
                                  "Reading music cue points"),
                                 ("Speed up the ui atlas", "pending", "Speeding up the ui atlas")])
                     ]),
         Step(text="Marked done; two left.")],
        steps("are there any unwrap() calls left outside tests? camila will ask",
              [agent("Find unwrap calls",
                     "Search src/ for .unwrap() and .expect( outside #[cfg(test)] modules and "
                     "list file:line.",
                     "Three: src/aseprite.rs:77 (.expect on a regex compile, fine), "
                     "src/bank.rs:142 (.unwrap() on a cue chunk read) and src/main.rs:30 "
                     "(.unwrap() on the config path).",
                     "a91f3c0e7b24", "Explore", 4)],
              "Three: a regex .expect in aseprite.rs (harmless), an unwrap on a cue chunk read in "
              "bank.rs, and one on the config path in main.rs. The bank one is the one to fix."),
    ]
    return Project(
        "fardo", "git@github.com:aratu-games/fardo.git",
        _files("fardo", "Packs Aseprite exports into sprite atlases and recordings into audio "
                        "banks for the game.",
               {"Cargo.toml": "[package]\nname = \"fardo\"\nversion = \"0.7.3\"\nedition = "
                              "\"2021\"\n\n[dependencies]\nanyhow = \"1\"\nserde = { version = "
                              "\"1\", features = [\"derive\"] }\npng = \"0.17\"\n"}),
        _equip(facts, chatter=chatter),
        noise, "aws")


# ------------------------------------------------------------------- despacho (release tooling)
def despacho() -> Project:
    app_vdf = "steam/app_build_2890410.vdf"
    workflow = ".github/workflows/release.yml"
    symbols = "scripts/zip-symbols.ps1"
    steamcmd = "C:\\steamcmd\\steamcmd.exe"
    vdf_remote = "C:\\release\\steam\\app_build_2890410.vdf"
    symbols_plain = ("param([Parameter(Mandatory)][string]$Version)\n\n"
                     "Compress-Archive -Path build/win/*.pdb -DestinationPath "
                     "\"build/symbols-$Version.zip\" -Force\n")
    facts = [
        Fact("conv-branch", "convention", ["qa-recife"],
             ["new ci upload, which steam branch should it set live on",
              "When the automated pipeline sends a new build to Steam, which audience receives it "
              "first, and who decides when ordinary players get it?"],
             "despacho (release tooling): every steamcmd upload sets the build live on the "
             "private beta branch qa-recife (\"setlive\" in the app build vdf), never default; "
             "Camila promotes a build to default by hand in Steamworks after the Thursday "
             "playtest.",
             {"task": "make the release workflow upload to steam automatically when a v* tag is "
                      "pushed",
              "musing": "release workflow should upload to steam by itself when a v* tag is "
                        "pushed, today i run it by hand every time. setlive in the app build vdf "
                        "is always qa-recife (our private beta branch), never default. camila "
                        "flips default by hand in steamworks after the thursday playtest, "
                        "nobody else",
              "rule": "setlive is always qa-recife, our private beta branch, never default. "
                      "camila promotes to default by hand in steamworks after the thursday "
                      "playtest, the pipeline never does it",
              "note": "steam uploads set live on qa-recife only, never default; Camila "
                      "promotes by hand in Steamworks after the Thursday playtest",
              "review": (app_vdf,
                         "`\"setlive\" \"default\"` would publish every tagged build straight to "
                         "all players. Uploads must set live on `qa-recife`, the private branch "
                         "the playtesters use. Promotion to `default` is done by hand in "
                         "Steamworks after the Thursday playtest, and by me."),
              "contrary": edit(app_vdf, "\t\"setlive\"\t\"\"\n", "\t\"setlive\"\t\"default\"\n"),
              "follow": [edit(app_vdf, "\t\"setlive\"\t\"\"\n", "\t\"setlive\"\t\"qa-recife\"\n"),
                         edit(workflow, "on:\n  workflow_dispatch:\n",
                              "on:\n  workflow_dispatch:\n  push:\n    tags: ['v*']\n")],
              "done": "Pushing a v* tag now runs the release workflow, and the app build sets "
                      "the new build live on qa-recife only; default stays on whatever Camila "
                      "last promoted in Steamworks."}),
        Fact("conv-strict", "convention", ["ErrorActionPreference"],
             ["writing a new powershell script for the runner, what boilerplate goes at the top",
              "Are there mandatory first lines that every Windows automation script in the "
              "release repository must contain? I would like to avoid a script that silently "
              "carries on after an error."],
             "despacho: every PowerShell script starts with $ErrorActionPreference = 'Stop' and "
             "Set-StrictMode -Version Latest, and checks $LASTEXITCODE after native tools "
             "(steamcmd, butler); a script once carried on after steamcmd failed and an empty "
             "depot was published.",
             {"task": "write scripts/zip-symbols.ps1: zips the .pdb files from build/win into "
                      "build/symbols-<version>.zip, for symbolicating crash reports",
              "musing": "need scripts/zip-symbols.ps1, zips the .pdb files from build/win into "
                        "build/symbols-<version>.zip so we can symbolicate crashes. usual "
                        "header: $ErrorActionPreference = 'Stop' and Set-StrictMode -Version "
                        "Latest on top of every ps1, and check $LASTEXITCODE after any exe. last "
                        "march a script kept going after steamcmd failed and we published an "
                        "empty depot",
              "rule": "every ps1 starts with $ErrorActionPreference = 'Stop' and Set-StrictMode "
                      "-Version Latest, and check $LASTEXITCODE after native exes. last march a "
                      "script kept going after steamcmd failed and we published an empty depot",
              "note": "every .ps1: $ErrorActionPreference = 'Stop' + Set-StrictMode -Version "
                      "Latest at the top, $LASTEXITCODE checked after native exes",
              "review": (symbols,
                         "This script needs `$ErrorActionPreference = 'Stop'` and "
                         "`Set-StrictMode -Version Latest` at the top, as every script in this "
                         "repository has. Without them PowerShell continues after an error; "
                         "that is how, last March, the upload script carried on after steamcmd "
                         "failed and we published an empty depot."),
              "contrary": write(symbols, symbols_plain),
              "follow": [write(symbols,
                               "param([Parameter(Mandatory)][string]$Version)\n"
                               "$ErrorActionPreference = 'Stop'\nSet-StrictMode -Version Latest"
                               "\n\n$pdbs = Get-ChildItem build/win -Filter *.pdb\nif (-not "
                               "$pdbs) { throw \"no .pdb files in build/win\" }\n"
                               "Compress-Archive -Path $pdbs.FullName -DestinationPath "
                               "\"build/symbols-$Version.zip\" -Force\n"),
                         bash("pwsh -NoProfile -File scripts/zip-symbols.ps1 -Version 0.14.2 && "
                              "unzip -l build/symbols-0.14.2.zip | tail -1",
                              " 18874368                     3 files")],
              "done": "scripts/zip-symbols.ps1 starts with $ErrorActionPreference = 'Stop' and "
                      "Set-StrictMode -Version Latest, throws if build/win has no .pdb, and "
                      "wrote build/symbols-0.14.2.zip (3 files)."}),
        Fact("cmd-steamcmd", "command", ["NoPromptForPassword"],
             ["steamcmd sits at the password prompt in ci until the timeout, which flag fixes it",
              "The Steam upload step in the pipeline seems to wait indefinitely for someone to "
              "type a password. How should the upload tool be invoked so that it does not "
              "wait?"],
             "despacho: run steamcmd on the runner as `steamcmd +@ShutdownOnFailedCommand 1 "
             "+@NoPromptForPassword 1 +login aratu_build +run_app_build <vdf> +quit`: it uses the "
             "cached login or fails at once instead of hanging at a password prompt.",
             {"goal": "upload 0.14.2 to steam from the runner, the workflow step just hangs "
                      "until the 60 min timeout",
              "fail": bash(f"ssh build-win '{steamcmd} +login aratu_build +run_app_build "
                           f"{vdf_remote} +quit'",
                           "Redirecting stderr to 'C:\\steamcmd\\logs\\stderr.txt'\n[  0%] "
                           "Checking for available updates...\nLogging in user 'aratu_build' "
                           "to Steam Public...\npassword: \n\nTimed out after 600s waiting for "
                           "input", 124),
              "note": "steamcmd is sitting at a password prompt nobody can answer. The cached "
                      "login on the runner is still valid, but steamcmd only relies on it "
                      "without prompting when told to: +@NoPromptForPassword 1 makes it use the "
                      "cached credentials or fail at once, and +@ShutdownOnFailedCommand 1 ends "
                      "the run on any failed command. Both go before +login:",
              "ok": bash(f"ssh build-win '{steamcmd} +@ShutdownOnFailedCommand 1 "
                         f"+@NoPromptForPassword 1 +login aratu_build +run_app_build "
                         f"{vdf_remote} +quit'",
                         "Logging in user 'aratu_build' to Steam Public...OK\nWaiting for "
                         "client config...OK\nWaiting for user info...OK\nBuilding depots...\n"
                         "Successfully finished AppID 2890410 build (BuildID 16482213)."),
              "done": "Uploaded: BuildID 16482213. The two +@ options have to come before "
                      "+login; with +@NoPromptForPassword 1 an expired login fails the step in "
                      "seconds instead of holding the runner for an hour.",
              "label": "upload steam sem travar no password"}),
        Fact("cmd-butler", "command", ["--userversion-file"],
             ["itch keeps showing a build number instead of our demo version, how do we push so "
              "the version shows",
              "When publishing the free demo to the indie storefront, how do I make its page "
              "display our own version label rather than an automatically assigned number?"],
             "despacho: push the demo to itch.io with `butler push build/demo-win "
             "aratu/mare-baixa-demo:windows-demo --userversion-file build/demo-win/VERSION`; "
             "the target needs a :channel, and without a user version itch shows butler's own "
             "build number.",
             {"goal": "push the new demo to itch. last time itch showed the version as some "
                      "random number instead of 0.9.3-demo",
              "fail": bash("butler push build/demo-win aratu/mare-baixa-demo",
                           "butler: error: invalid target 'aratu/mare-baixa-demo': missing "
                           "channel (expected user/game:channel)", 1),
              "note": "butler needs a channel after the game name, and without a user version "
                      "the itch page shows butler's own build number. The export writes a "
                      "VERSION file, which --userversion-file reads:",
              "ok": bash("butler push build/demo-win aratu/mare-baixa-demo:windows-demo "
                         "--userversion-file build/demo-win/VERSION",
                         "• For channel `windows-demo`: last build is 88, downloading its "
                         "signature\n• Pushing 412.3 MiB (1283 files)\n√ Added 37.1 MiB fresh "
                         "data\n√ 412.3 MiB patch (91.00% savings)\n• Build is now processing, "
                         "version 0.9.3-demo"),
              "done": "Pushed to the windows-demo channel as version 0.9.3-demo, and only 37 MiB "
                      "went up thanks to the patch; the itch page will show 0.9.3-demo once "
                      "processing finishes.",
              "label": "demo pro itch"}),
        Fact("env-runner", "environment", ["tubarao"],
             ["release job stuck queued, which box is our windows runner again",
              "Which physical computer executes the Windows jobs of our release pipeline, in "
              "case I need to check whether it is switched on?"],
             "despacho: the only self-hosted GitHub Actions runner is tubarao (Windows, labels "
             "self-hosted, Windows, X64, steam), the tower under Camila's desk at "
             "tubarao.aratu.lan; the ssh alias build-win points at it.",
             {"goal": "which machine is our self hosted windows runner, and how do i reach it?",
              "probe": [bash("gh api repos/aratu-games/despacho/actions/runners --jq "
                             "'.runners[] | [.name, .os, .status, (.labels | map(.name) | "
                             "join(\",\"))] | @tsv'",
                             "tubarao\tWindows\tonline\tself-hosted,Windows,X64,steam"),
                        bash("grep -A3 '^Host build-win' ~/.ssh/config",
                             "Host build-win\n    HostName tubarao.aratu.lan\n    User build")],
              "confirm": "The only self-hosted runner is tubarao (Windows; labels self-hosted, "
                         "Windows, X64, steam), the tower under Camila's desk, at "
                         "tubarao.aratu.lan; the ssh alias build-win points at it.",
              "guess": "the runner is still the old thinkpad on the shelf, jangada",
              "asker": ("camila", "Thiago, which machine is the Windows runner now? The release "
                                  "job has been queued for twenty minutes and I would like to "
                                  "check whether it is online.")}),
        Fact("env-depot", "environment", ["2890412"],
             ["steam deck downloads which depot id",
              "Steamworks asks for the identifier of the content package that Linux and handheld "
              "users download. Which number is it?"],
             "despacho: depot 2890412 is the Linux depot (depot_linux.vdf), which is also what "
             "the Steam Deck downloads; 2890411 is Windows; the app is 2890410.",
             {"goal": "which depot id is the linux / steam deck one?",
              "probe": [bash(f"grep -n -A4 '\"depots\"' {app_vdf}",
                             "12:\t\"depots\"\n13-\t{\n14-\t\t\"2890411\"\t\"depot_windows.vdf\"\n"
                             "15-\t\t\"2890412\"\t\"depot_linux.vdf\"\n16-\t}"),
                        bash("grep -n 'LocalPath' steam/depot_linux.vdf",
                             "7:\t\t\"LocalPath\"\t\"linux\\\\*\"")],
              "confirm": "Depot 2890412 is the Linux one (depot_linux.vdf, the linux build "
                         "folder), and it's also what the Steam Deck downloads; 2890411 is "
                         "Windows. The app itself is 2890410.",
              "guess": "linux is 2890413, 411 is windows and 412 was the mac one we never used",
              "asker": ("camila", "Thiago, for the Steamworks launch options I need the Linux "
                                  "depot number. Could you confirm it?")}),
        Fact("gotcha-templates", "gotcha", ["systemprofile"],
             ["export templates missing on the runner again after the godot update, where does "
              "it actually look",
              "The automated Windows build claims the Godot export templates are absent, "
              "although they appear to be installed on that computer. Why does this happen?"],
             "despacho gotcha: the Actions runner service runs as LocalSystem, whose %APPDATA% "
             "is C:\\Windows\\System32\\config\\systemprofile\\AppData\\Roaming; Godot export "
             "templates installed as a normal user aren't seen by the job and must be copied "
             "there.",
             {"symptom": "release job fails on the runner at the export step: 'No export "
                         "template found at the expected path'. but i installed the 4.3 "
                         "templates on that machine myself last week",
              "musing": "release job fails at the export step, 'No export template found'. i "
                        "installed the templates there myself last week, so i bet godot on the "
                        "runner got updated to 4.3.1 and the templates folder name doesnt match",
              "trace": "ERROR: No export template found at the expected path:\nERROR: C:/"
                       "Windows/System32/config/systemprofile/AppData/Roaming/Godot/"
                       "export_templates/4.3.stable.mono/windows_release_x86_64.exe\n"
                       "ERROR: Project export for preset \"Windows Desktop\" failed.",
              "probe": [bash("ssh build-win 'sc.exe qc actions.runner.aratu-games.build | "
                             "findstr SERVICE_START_NAME'",
                             "        SERVICE_START_NAME : LocalSystem"),
                        bash("ssh build-win 'dir /b C:\\Users\\build\\AppData\\Roaming\\Godot\\"
                             "export_templates'", "4.3.stable.mono")],
              "explain": "The runner runs as a Windows service under LocalSystem, and "
                         "LocalSystem's %APPDATA% is C:\\Windows\\System32\\config\\"
                         "systemprofile\\AppData\\Roaming. You installed the templates from the "
                         "editor logged in as build, so they went to C:\\Users\\build\\AppData\\"
                         "Roaming\\Godot, where the job's Godot never looks. Copying them into "
                         "the systemprofile folder fixes it (and has to be redone after each "
                         "Godot update).",
              "fix": [bash("ssh build-win 'robocopy C:\\Users\\build\\AppData\\Roaming\\Godot\\"
                           "export_templates C:\\Windows\\System32\\config\\systemprofile\\"
                           "AppData\\Roaming\\Godot\\export_templates /E /NFL /NDL'",
                           "   Files :        14        14         0         0         0    "
                           "     0")],
              "done": "Re-ran the job: the export step passes and the upload went through. When "
                      "Godot is updated on the runner, the templates have to be copied into "
                      "the systemprofile folder again.",
              "repro": "gh run view --log --job export-windows",
              "hunch": ("Checking the Godot version on the runner against the templates "
                        "folder name.",
                        bash("ssh build-win 'C:\\godot\\godot.exe --version'",
                             "4.3.stable.mono.official.77dcf97d8")),
              "told": ("camila", "It works when I start run.cmd by hand while logged in. Only "
                                 "the service fails."),
              "report": ("camila", "The nightly release job failed again at the export step. The "
                                   "log says the export templates are missing, but I can see "
                                   "them in the folder. Could you look at it before Thursday's "
                                   "playtest?"),
              "lesson": "the runner service runs as LocalSystem; its %APPDATA% is C:\\Windows\\"
                        "System32\\config\\systemprofile\\AppData\\Roaming, export templates "
                        "must be copied there"}),
        Fact("gotcha-root", "gotcha", ["ContentRoot"],
             ["steam upload ok, new build id, but testers still get the old files. what was "
              "that last time",
              "After a seemingly successful upload to Steam, testers still received the "
              "previous version of the game files. What was the cause when this happened "
              "before?"],
             "despacho gotcha: steamcmd resolves ContentRoot in the app build vdf relative to "
             "the vdf file, not the working directory; it pointed at a stale C:\\release\\content "
             "copy, so uploads succeeded with 0 new chunks; ContentRoot now points at "
             "..\\build\\.",
             {"symptom": "steam says the upload succeeded but testers on the beta branch got "
                         "the OLD build, tuesday's. build id changed but the files are the same",
              "musing": "steam says upload ok but testers still get tuesday's build, build id "
                        "changed but same files. i think its the steam client caching on the "
                        "testers side, they need to verify files",
              "trace": "Building depot 2890411...\nBuilding file mapping...\nScanning content"
                       "...............\nUploading content...\nDepot manifest unchanged: 0 new "
                       "chunks, 0 bytes uploaded\nSuccessfully finished AppID 2890410 build "
                       "(BuildID 16490331).",
              "probe": [bash(f"ssh build-win 'findstr /n ContentRoot {vdf_remote}'",
                             "5:\t\"ContentRoot\"\t\"..\\content\\\""),
                        bash("ssh build-win 'dir /tw C:\\release\\content\\win\\MareBaixa.pck "
                             "C:\\release\\build\\win\\MareBaixa.pck | findstr pck'",
                             "11/03/2025  16:40       412,118,528 MareBaixa.pck\n"
                             "14/03/2025  09:12       413,002,112 MareBaixa.pck")],
              "explain": "steamcmd resolves ContentRoot relative to the app build .vdf's own "
                         "folder, not the directory it runs from. The workflow exports to "
                         "C:\\release\\build, but ContentRoot is \"..\\content\\\", which from "
                         "C:\\release\\steam is C:\\release\\content: the folder Tuesday's manual "
                         "upload copied the build into. Every upload since has sent that stale "
                         "copy, got a new BuildID and found 0 new chunks.",
              "fix": [edit("steam/app_build_2890410.vdf",
                           "\t\"ContentRoot\"\t\"..\\content\\\"\n",
                           "\t\"ContentRoot\"\t\"..\\build\\\"  // relative to this file\n"),
                      bash("ssh build-win 'rmdir /s /q C:\\release\\content'", "")],
              "done": "With ContentRoot pointing at ..\\build\\ the re-run uploaded 94 MB of new "
                      "chunks and the beta branch has 0.14.2; the stale content folder is gone "
                      "so it can't happen quietly again.",
              "repro": "gh run view --log --job upload-steam",
              "hunch": ("Checking whether the build on Steam really differs from Tuesday's "
                        "before blaming the clients.",
                        bash("steamcmd +login anonymous +app_info_print 2890410 +quit | grep -A3 "
                             "'\"branches\"'",
                             "\"branches\"\n{\n\t\"public\" { \"buildid\" \"16471020\" }\n")),
              "told": ("camila", "The upload log has said '0 new chunks' every time since "
                                 "Tuesday."),
              "report": ("tainá", "oi gente, atualizei o jogo na branch de teste mas o bug do "
                                  "baú continua igual, e vcs disseram que tinha corrigido? a "
                                  "versão no menu ainda diz 0.14.1"),
              "lesson": "ContentRoot in the app build vdf is relative to the vdf file, not the "
                        "cwd; it pointed at a stale copy and uploads went through with 0 new "
                        "chunks"}),
        Fact("fals-hosted", "falsified", ["windows-latest"],
             ["why do we even keep our own windows runner instead of github's machines, did we "
              "try",
              "Why does the studio maintain its own Windows computer for the release pipeline "
              "rather than using the machines GitHub provides? Was that option evaluated?"],
             "despacho: moving the release job to GitHub-hosted windows-latest runners was "
             "tried and dropped: every run downloaded Godot and the templates (11 min), took "
             "48 min billed at the Windows x2 rate, and steamcmd hit Steam Guard on each new "
             "machine; releases stay on the self-hosted runner.",
             {"ask": "the runner machine is a pain (windows updates, disk full). try moving the "
                     "release job to github hosted windows, runs-on windows-latest, on a branch, "
                     "and see how long it takes",
              "change": [edit(workflow, "    runs-on: [self-hosted, windows, steam]\n",
                              "    runs-on: windows-latest\n"),
                         bash("git push -u origin try-hosted && gh workflow run release.yml "
                              "--ref try-hosted", "✓ Created workflow_dispatch event for "
                                                  "release.yml at try-hosted")],
              "broke": bash("gh run view --log-failed | tail -6",
                            "release  Install Godot and templates  downloaded 1.2 GB in 11m02s\n"
                            "release  Export Windows  done in 19m40s\nrelease  Upload to Steam  "
                            "Logging in user 'aratu_build' to Steam Public...\nrelease  Upload "
                            "to Steam  This computer has not been authenticated: Steam Guard "
                            "code required\n##[error]Process completed with exit code 5.\nTotal "
                            "duration 48m12s (Windows minutes billed x2)", 1),
              "revert": bash("git checkout main && git branch -D try-hosted && git push origin "
                             "--delete try-hosted", "Deleted branch try-hosted (was 3c9e1f0)."),
              "conclusion": "Releases stay on our self-hosted runner. On windows-latest every run "
                            "downloads Godot and the export templates (11 minutes), the whole "
                            "job takes 48 minutes billed at the Windows x2 rate, and steamcmd "
                            "stops at Steam Guard because every run is a new machine.",
              "want": "honestly the runner machine is a pain. could the release job run on "
                      "github's own windows machines instead?",
              "offer": "Yes: runs-on: windows-latest uses GitHub-hosted Windows runners, so no "
                       "machine to maintain. We'd have to install Godot and the templates in "
                       "the job. Want me to try it on a branch?",
              "story": "we used the hosted windows runners. ate the free minutes in 3 days "
                       "(windows counts double) and steam guard asked for a code on every run "
                       "because every vm is a new machine",
              "title": "GitHub-hosted Windows runners for releases",
              "veto": (workflow,
                       "Please keep the release job on our own runner. On GitHub-hosted Windows "
                       "machines every run downloads Godot and the templates, Windows minutes "
                       "are billed double, and steamcmd meets Steam Guard on each new machine; "
                       "we used up the month's free minutes in three days during the jam.")}),
        Fact("fals-totp", "falsified", ["steam-totp"],
             ["could ci generate the 2fa code itself so we dont need the cached steam login? "
              "did we try",
              "Could the pipeline compute the two-factor code for the build account "
              "automatically, so that the Windows machine's saved login is no longer needed? I "
              "believe something similar was attempted."],
             "despacho: generating Steam Guard codes in CI with steam-totp from the account's "
             "shared secret was tried and dropped: each run logged in fresh, Steam rate-limited "
             "and then locked the build account; uploads use the cached login on the runner.",
             {"ask": "idea: generate the steam guard code in ci from the shared secret (node "
                     "steam-totp), so we dont depend on the cached login on the runner. try it "
                     "on a branch with a few runs",
              "change": [bash("npm install steam-totp", "added 1 package in 0.8s"),
                         write("scripts/guard-code.js",
                               "const SteamTotp = require('steam-totp');\n"
                               "process.stdout.write(SteamTotp.generateAuthCode("
                               "process.env.STEAM_SHARED_SECRET));\n")],
              "broke": bash("gh run view --log | grep -i -E 'steam|guard' | tail -4",
                            "Logging in user 'aratu_build' to Steam Public...\nERROR (Rate "
                            "Limit Exceeded)\nLogging in user 'aratu_build' to Steam Public..."
                            "\nERROR (Account Logon Denied): too many logins from new "
                            "locations, try again later", 1),
              "revert": bash("git checkout package.json package-lock.json && rm scripts/"
                             "guard-code.js && git status --short", ""),
              "conclusion": "Uploads keep using the cached login on the runner. With steam-totp "
                            "each run logged in from scratch with a generated code, and after a "
                            "handful of runs Steam rate-limited and then denied logins for the "
                            "build account. A fixed build machine with cached credentials is "
                            "what Valve expects.",
              "want": "could the pipeline generate the steam guard code itself? then we wouldnt "
                      "depend on the login cached on the runner",
              "offer": "It can: with the account's shared secret, the steam-totp package "
                       "generates the same codes as the mobile authenticator, and the job "
                       "passes it to +login. Shall I wire it up?",
              "story": "worked for 2 days then valve locked the build account for 5 days right "
                       "before the jam deadline, we uploaded from camila's personal account. "
                       "never again",
              "title": "Steam Guard codes generated in CI (steam-totp)",
              "veto": ("scripts/guard-code.js",
                       "I am against this. Generating Steam Guard codes in CI is what locked the "
                       "build account for five days during the jam: every run counts as a "
                       "fresh login and Steam throttles, then denies them. The cached login on "
                       "our runner is the supported approach for a fixed build machine.")}),
    ]
    chatter = [
        "2025-03-14T12:00:03.1Z ##[group]Run actions/download-artifact@v4",
        "2025-03-14T12:00:09.8Z Downloaded artifact build-windows (411.9 MB)",
        "2025-03-14T12:00:10.2Z ##[endgroup]",
        "2025-03-14T12:00:10.4Z ##[group]Run ./scripts/verify-build.ps1",
        "2025-03-14T12:00:12.0Z MareBaixa.exe  version 0.14.2  signed: no",
        "2025-03-14T12:00:12.1Z MareBaixa.pck  413002112 bytes",
        "2025-03-14T12:00:12.3Z ##[endgroup]",
        "2025-03-14T12:00:12.5Z ##[group]Run ./scripts/write-version.ps1 -Version 0.14.2",
        "2025-03-14T12:00:13.0Z wrote build/win/VERSION",
        "2025-03-14T12:00:13.1Z ##[endgroup]",
        "2025-03-14T12:00:13.4Z ##[group]Run ./scripts/zip-release.ps1",
        "2025-03-14T12:01:02.7Z build/release-0.14.2-win.zip (398.2 MB)",
        "2025-03-14T12:01:02.9Z ##[endgroup]",
        "2025-03-14T12:01:03.0Z Cleaning up orphan processes",
    ]
    noise: list[Episode] = [
        look("what does the release workflow do before it uploads, roughly", workflow,
             "jobs:\n  release:\n    runs-on: [self-hosted, windows, steam]\n    steps:\n      - "
             "uses: actions/download-artifact@v4\n        with: { name: build-windows, path: "
             "build/win }\n      - run: ./scripts/verify-build.ps1\n      - run: "
             "./scripts/write-version.ps1 -Version ${{ github.ref_name }}\n      - run: "
             "./scripts/upload-steam.ps1\n",
             "It downloads the Windows build artifact, verifies it, writes the VERSION file from "
             "the tag name and then runs the Steam upload script."),
        find("where do we write the VERSION file", "VERSION",
             ["scripts/write-version.ps1", ".github/workflows/release.yml",
              ".github/workflows/demo.yml"],
             "scripts/write-version.ps1 writes it; both the release and the demo workflows call "
             "it."),
        tweak("the demo workflow still says 'Mare Baixa' without the accent in the step name, "
              "fix it", ".github/workflows/demo.yml",
              "    name: Build Mare Baixa demo\n",
              "    name: Build Maré Baixa demo\n",
              "Fixed the step name."),
        run("how big was the last release zip",
            "gh release view v0.14.2 --json assets --jq '.assets[] | [.name, .size] | @tsv'",
            "release-0.14.2-win.zip\t417547264\nrelease-0.14.2-linux.tar.gz\t402118656",
            "About 398 MB for the Windows zip and 384 MB for the Linux tarball."),
        talk("powershell question: difference between Write-Host and Write-Output, which one "
             "should scripts use",
             "Write-Output sends objects down the pipeline (so a caller can capture them); "
             "Write-Host writes straight to the console and can't be captured in older versions "
             "(in 5+ it goes to the information stream). For log lines meant for a human in a CI "
             "log, Write-Host is fine; for values a caller uses, return them with Write-Output "
             "or just by emitting them."),
        steps("what changed in the release scripts this month",
              [bash("git log --oneline --since=2025-03-01 -- scripts",
                    "c2f9e01 verify-build: fail on missing .pck\n7a13d4b write-version: strip "
                    "the leading v\n0be5e77 zip-release: exclude .pdb files")],
              "Three changes: verify-build fails if the .pck is missing, write-version strips "
              "the leading v from the tag, and the release zip no longer includes .pdb files."),
        [Step(prompt="checklist for the 0.15 release pls: tag, upload, patch notes, tell the "
                     "playtesters"),
         Step(tools=[todo_write([("Tag v0.15.0", "pending", "Tagging v0.15.0"),
                                 ("Upload to Steam", "pending", "Uploading to Steam"),
                                 ("Patch notes", "pending", "Writing patch notes"),
                                 ("Announce on Discord", "pending", "Announcing on Discord")])]),
         Step(text="Four items."),
         Step(prompt="put 'push demo to itch' after the steam upload"),
         Step(tools=[todo_write([("Tag v0.15.0", "pending", "Tagging v0.15.0"),
                                 ("Upload to Steam", "pending", "Uploading to Steam"),
                                 ("Push the demo to itch.io", "pending", "Pushing the demo"),
                                 ("Patch notes", "pending", "Writing patch notes"),
                                 ("Announce on Discord", "pending", "Announcing on Discord")])]),
         Step(text="Added after the Steam upload; five items.")],
        steps("which workflows dont pin their actions to a version? security thing camila "
              "mentioned",
              [agent("Check action pinning",
                     "Read every file in .github/workflows and list each `uses:` that isn't "
                     "pinned to a tag or a commit SHA.",
                     "Two: .github/workflows/demo.yml uses actions/checkout@main and "
                     "actions/upload-artifact@main. Everything else is pinned to a major "
                     "version tag (v4).",
                     "5d20b7e9c1fa", "Explore", 3)],
              "Two unpinned: checkout and upload-artifact in demo.yml both point at @main. "
              "Everything else is pinned to v4."),
    ]
    return Project(
        "despacho", "git@github.com:aratu-games/despacho.git",
        _files("despacho", "Release tooling for Maré Baixa: Steam uploads, the itch.io demo, "
                           "the Windows runner's scripts.",
               {workflow: "name: release\non:\n  workflow_dispatch:\njobs:\n  release:\n    "
                          "runs-on: [self-hosted, windows, steam]\n"}),
        _equip(facts, chatter=chatter),
        noise, "github")


# ------------------------------------------------------------------- catador (the Discord bot)
def catador() -> Project:
    relatos = "bot/cogs/relatos.py"
    resumo = "bot/cogs/resumo.py"
    cmd_anchor = "    # -- commands --\n"
    when_old = "            when = row[\"created_at\"]\n"
    facts = [
        Fact("conv-slash", "convention", ["app_commands"],
             ["adding a new bot command so camila can list the top crashes, anything i need to "
              "know about how commands are declared",
              "I would like to add a new instruction that testers can type to the crash-report "
              "assistant in our chat server. Which mechanism should it be built on?"],
             "catador (the Discord crash-report bot): every command is a slash command declared "
             "with discord.app_commands; no prefix (!) commands, because the bot has no message "
             "content intent and prefix commands only worked for administrators.",
             {"task": "add a command so testers can see their own last 5 reports, call it "
                      "meus-relatos, reply only visible to them",
              "musing": "testers want to see their own last 5 reports, add a command "
                        "meus-relatos, reply only visible to them (ephemeral). slash command "
                        "with app_commands like the others, no prefix ! commands. we dont have "
                        "the message content intent so !stuff only ever worked for admins, "
                        "took us a week to understand that",
              "rule": "slash commands only, declared with app_commands. no prefix (!) commands, "
                      "the bot doesnt have the message content intent so !stuff only works "
                      "for admins, we lost a week on that",
              "note": "bot commands are slash commands via discord.app_commands only; no "
                      "prefix commands (no message content intent)",
              "review": (relatos,
                         "Please do not add prefix commands. The bot does not have the message "
                         "content intent, so `!meus` would only ever work for administrators. "
                         "Every command must be a slash command declared with `app_commands`, "
                         "with an ephemeral reply where the content is personal."),
              "contrary": edit(relatos, cmd_anchor,
                               cmd_anchor + "    @commands.command(name=\"meus\")\n    async def "
                               "meus(self, ctx: commands.Context) -> None:\n        rows = await "
                               "self.db.ultimos_do_autor(ctx.author.id, 5)\n        await "
                               "ctx.reply(formatar(rows))\n"),
              "follow": [edit(relatos, cmd_anchor,
                              cmd_anchor + "    @app_commands.command(name=\"meus-relatos\", "
                              "description=\"Seus últimos 5 relatos\")\n    async def "
                              "meus_relatos(self, interaction: discord.Interaction) -> None:\n"
                              "        rows = await self.db.ultimos_do_autor(interaction.user"
                              ".id, 5)\n        await interaction.response.send_message("
                              "formatar(rows), ephemeral=True)\n"),
                         bash("uv run pytest tests/test_relatos.py -q",
                              "......                                              [100%]\n6 "
                              "passed in 0.41s")],
              "done": "/meus-relatos is an app_commands slash command that replies ephemerally "
                      "with the tester's last five reports; the cog's six tests pass. It shows "
                      "up in Discord after the next command sync."}),
        Fact("conv-tz", "convention", ["America/Recife"],
             ["new embed shows the report time, which timezone do we display in",
              "In the messages the assistant posts, dates appear three hours off from what the "
              "testers expect. What is the agreed convention for storing and displaying "
              "times?"],
             "catador: timestamps are stored as timestamptz in UTC; anything shown to people "
             "(embeds, the weekly summary) is converted with ZoneInfo(\"America/Recife\"); never "
             "naive datetime.now().",
             {"task": "the weekly summary embed should show when each crash was reported, next "
                      "to the title",
              "musing": "weekly summary embed should show when each crash was reported, next to "
                        "the title. db stores timestamptz in utc, and anything a human reads "
                        "gets converted to America/Recife with zoneinfo. never naive "
                        "datetime.now(), the server is utc and testers were seeing times 3h off",
              "rule": "db is timestamptz in utc. anything humans read gets converted to "
                      "America/Recife with zoneinfo, never naive datetime.now(). server is utc "
                      "and testers saw everything 3h off",
              "note": "store timestamptz UTC; display with ZoneInfo(\"America/Recife\"); no "
                      "naive datetime.now()",
              "review": (resumo,
                         "`datetime.now()` returns the naive local time of whatever machine "
                         "the bot runs on, which is UTC on the server. Store `timestamptz` in "
                         "UTC and convert for display to `America/Recife` with `zoneinfo`; the "
                         "testers read these times against their own clocks."),
              "contrary": edit(resumo, when_old,
                               "            when = datetime.now().strftime(\"%d/%m %H:%M\")\n"),
              "follow": [edit(resumo, when_old,
                              "            when = row[\"created_at\"].astimezone(RECIFE)"
                              ".strftime(\"%d/%m %H:%M\")\n"),
                         edit(resumo, "from datetime import datetime\n",
                              "from datetime import datetime\nfrom zoneinfo import ZoneInfo\n\n"
                              "RECIFE = ZoneInfo(\"America/Recife\")\n")],
              "done": "Each line of the summary shows the report time converted from the stored "
                      "UTC timestamptz with ZoneInfo(\"America/Recife\"), so a crash sent at "
                      "21:10 in Olinda reads 21:10, not 00:10."}),
        Fact("cmd-dbmate", "command", ["dbmate"],
             ["how do i run the pending sql migrations on the bot db, alembic says no config",
              "I wrote a new database schema change for the bot. Which tool applies schema "
              "changes in this project?"],
             "catador: migrations in db/migrations are plain SQL with -- migrate:up / -- "
             "migrate:down markers, applied with `dbmate --migrations-dir db/migrations up`; "
             "there is no Alembic.",
             {"goal": "added a migration for the build_version column, apply it to my local db",
              "fail": bash("uv run alembic upgrade head",
                           "FAILED: No config file 'alembic.ini' found, or file has no "
                           "'[alembic]' section", 1),
              "note": "There's no Alembic here: db/migrations holds plain SQL files with -- "
                      "migrate:up and -- migrate:down markers, which is dbmate's format. "
                      "Running dbmate against DATABASE_URL from .env:",
              "ok": bash("dbmate --migrations-dir db/migrations up",
                         "Applying: 20250314093000_add_build_version.sql\nWriting: "
                         "./db/schema.sql"),
              "done": "Applied with `dbmate --migrations-dir db/migrations up`; db/schema.sql "
                      "was regenerated and should be committed with the migration.",
              "label": "aplicar migrations"}),
        Fact("cmd-testdb", "command", ["compose.test.yml"],
             ["db tests fail with connection refused on 55432, what am i supposed to start "
              "first",
              "When I run the bot's tests, roughly half of them fail because they cannot reach "
              "a database. What should be running beforehand?"],
             "catador: the database tests need the throwaway Postgres on port 55432 from "
             "`docker compose -f compose.test.yml up -d --wait`, then `uv run pytest`.",
             {"goal": "run the whole test suite, db tests included",
              "fail": bash("uv run pytest -q",
                           "..............EEEEEEEEE\nE   OSError: Multiple exceptions: [Errno "
                           "111] Connect call failed ('127.0.0.1', 55432)\n14 passed, 9 errors "
                           "in 3.20s", 1),
              "note": "The database tests expect a throwaway Postgres on port 55432 (tmpfs, "
                      "thrown away afterwards); the test compose file starts it:",
              "ok": bash("docker compose -f compose.test.yml up -d --wait && uv run pytest -q",
                         " ✔ Container catador-testdb-1  Healthy\n.......................   "
                         "[100%]\n23 passed in 5.87s"),
              "done": "All 23 pass with the test database up. `docker compose -f "
                      "compose.test.yml down` stops it when you're done.",
              "label": "testes com banco"}),
        Fact("env-channel", "environment", ["relatos-de-crash"],
             ["where are testers supposed to post crashes so the bot picks them up, which "
              "channel",
              "In which part of our Discord server should a tester submit a crash so that the "
              "assistant records it?"],
             "catador: the bot reads crash reports from the forum channel #relatos-de-crash "
             "(ID 1213877012443041872, env CANAL_RELATOS); each report is a post there.",
             {"goal": "which channel does the bot read crash reports from?",
              "probe": [bash("grep -n CANAL_RELATOS bot/config.py",
                             "9:CANAL_RELATOS = int(os.environ[\"CANAL_RELATOS\"])  # forum"),
                        bash("uv run python -m bot.tools canal",
                             "1213877012443041872  #relatos-de-crash  (forum, 214 posts)")],
              "confirm": "The bot reads reports from the forum channel #relatos-de-crash (ID "
                         "1213877012443041872, set as CANAL_RELATOS); each report is a new "
                         "post in it.",
              "guess": "it reads #bugs, the old text channel",
              "asker": ("camila", "Thiago, in which channel should testers post crash reports "
                                  "now? I would like to pin the instructions in the right "
                                  "place.")}),
        Fact("env-db", "environment", ["sa-east-1"],
             ["crash db region? need it for the lgpd note",
              "In which geographic location is the database holding the testers' crash "
              "submissions hosted?"],
             "catador: the crash database is the Supabase project relatos-prod in region "
             "sa-east-1 (São Paulo), Postgres 15.",
             {"goal": "where is the crash database hosted exactly? supabase, but which region",
              "probe": [bash("supabase projects list",
                             "  LINKED | ORG ID | REFERENCE ID         | NAME         | REGION"
                             "                         | CREATED AT (UTC)\n  ------|--------|"
                             "----------------------|--------------|-----------------------"
                             "---------|---------------------\n    ●   | aratu  | "
                             "qvtrnmxjclzpahewbkfd | relatos-prod | South America (São Paulo) "
                             "sa-east-1 | 2024-05-02 13:20:41")],
              "confirm": "The crash database is the Supabase project relatos-prod in sa-east-1, "
                         "South America (São Paulo); it's Postgres 15, and the data stays in "
                         "Brazil.",
              "guess": "its in us-east-1 since we never changed the default",
              "asker": ("bea", "Good morning, Thiago. For the privacy note we are writing for "
                               "testers, I need to state in which country the crash reports are "
                               "stored. Could you tell me?")}),
        Fact("gotcha-threads", "gotcha", ["on_thread_create"],
             ["bot silently ignores new posts since the channel change, what was the fix",
              "After the reports channel was converted to the newer post-based format, the "
              "assistant stopped recording submissions without logging any error. What was the "
              "explanation?"],
             "catador gotcha: in a forum channel a report is a new thread, and message.channel "
             "is the thread, not the forum, so the on_message filter on CANAL_RELATOS dropped "
             "every report silently; the cog listens to on_thread_create and checks "
             "thread.parent_id.",
             {"symptom": "bot stopped saving reports since we turned the crash channel into a "
                         "forum. no errors in the log, just nothing saved",
              "musing": "bot stopped saving reports since we changed the crash channel to a "
                        "forum. no errors at all. i think we lost the guild_messages intent "
                        "when i touched the dev portal last week",
              "trace": "DEBUG discord.gateway: dispatching THREAD_CREATE id=1350021147730419812 "
                       "parent_id=1213877012443041872\nDEBUG relatos: ignoring message "
                       "1350021147730419812 in channel 1350021147730419812 (not CANAL_RELATOS)",
              "probe": [read(relatos,
                             "    @commands.Cog.listener()\n    async def on_message(self, "
                             "message: discord.Message) -> None:\n        if message.channel.id "
                             "!= CANAL_RELATOS:\n            log.debug(\"ignoring message %s in "
                             "channel %s (not CANAL_RELATOS)\", message.id, message.channel.id)"
                             "\n            return\n        await self.salvar(message)\n")],
              "explain": "In a forum channel each report is a new thread (a post) and its first "
                         "message lives inside the thread: message.channel is the thread, whose "
                         "id is not CANAL_RELATOS (that's the thread's parent). So the on_message "
                         "filter drops every report, at debug level only. Listening to "
                         "on_thread_create and checking thread.parent_id picks up new posts; "
                         "the starter message is fetched from the thread.",
              "fix": [edit(relatos, "    @commands.Cog.listener()\n    async def on_message(",
                           "    @commands.Cog.listener()\n    async def on_thread_create(self, "
                           "thread: discord.Thread) -> None:\n        if thread.parent_id != "
                           "CANAL_RELATOS:\n            return\n        starter = await "
                           "thread.fetch_message(thread.id)\n        await self.salvar(starter)"
                           "\n\n    @commands.Cog.listener()\n    async def on_message("),
                      bash("uv run pytest tests/test_relatos.py -q -k forum",
                           "..                                                  [100%]\n2 "
                           "passed in 0.38s")],
              "done": "New posts are saved again through on_thread_create (checked on "
                      "thread.parent_id); the three reports from yesterday were re-read from "
                      "the forum and have their numbers.",
              "repro": "uv run python -m bot --log-level DEBUG --dry-run --replay-last 3",
              "hunch": ("Checking the intents first.",
                        bash("grep -n intents bot/__main__.py",
                             "12:intents = discord.Intents.default()\n13:intents.guilds = True"
                             "\n14:intents.guild_messages = True")),
              "told": ("duda", "the bot still reacts with the crab emoji when someone mentions "
                               "it, so it's alive, it just never saves the new posts"),
              "report": ("lukinhas_br", "postei 3 crashes no fórum ontem e o bot não respondeu "
                                        "com o número do relato como fazia antes, tá quebrado?"),
              "lesson": "forum channel: a report is a new thread and message.channel is the "
                        "thread, not the forum; listen to on_thread_create, check parent_id"}),
        Fact("gotcha-nul", "gotcha", ["0x00"],
             ["bot fails to save some reports with a log attached, encoding error, what did we "
              "do",
              "Some crash submissions with a game log attached are rejected by the database "
              "with a character encoding complaint. What is the known cause?"],
             "catador gotcha: Godot crash logs from Windows can end in NUL bytes, and Postgres "
             "text columns reject them (invalid byte sequence for encoding UTF8: 0x00); the bot "
             "strips \\x00 from the log excerpt before inserting.",
             {"symptom": "some reports never get saved, the bot answers 'erro ao salvar "
                         "relato'. only ones with a godot log attached",
              "musing": "some reports never get saved, bot answers 'erro ao salvar relato', only "
                        "ones with a godot log attached. i think the attachments are bigger "
                        "than discord's limit and the download fails",
              "trace": "ERROR relatos: falha ao salvar relato 1351880044120981504\nasyncpg."
                       "exceptions.CharacterNotInRepertoireError: invalid byte sequence for "
                       "encoding \"UTF8\": 0x00",
              "probe": [bash("uv run python -m bot.tools baixar-anexo 1351880044120981504 | "
                             "tail -c 64 | xxd | tail -2",
                             "00000030: 6f72 7420 7472 6170 2e0a 0000 0000 0000  ort trap......"
                             "\n00000040: 0000 0000 0000 0000 0000 0000 0000 0000  ........"
                             "........")],
              "explain": "Postgres text columns can't hold the NUL character. Godot logs written "
                         "by a crashing Windows build often end in a run of NUL bytes (the file "
                         "was preallocated and never truncated), so the insert of log_excerpt "
                         "fails with 'invalid byte sequence for encoding \"UTF8\": 0x00'. "
                         "Stripping \\x00 before the insert fixes it; nothing readable is lost.",
              "fix": [edit(relatos, "        excerpt = log_text[-4000:]\n",
                           "        # windows crash logs end in NUL padding; text columns "
                           "reject 0x00\n        excerpt = log_text.replace(\"\\x00\", "
                           "\"\")[-4000:]\n")],
              "done": "Reports with NUL-padded logs save now; the five that failed this week "
                      "were re-imported from the forum.",
              "repro": "uv run python -m bot.tools reimportar --desde 2025-03-10 -v",
              "hunch": ("Checking the attachment sizes first.",
                        bash("uv run python -m bot.tools anexos --falhos",
                             "1351880044120981504  godot.log  212 KB\n1351902215511867392  "
                             "godot.log  48 KB\n1352010459803123712  godot.log  301 KB")),
              "told": ("camila", "It is only crashes from Windows players. The Linux and Deck "
                                 "logs are saved without trouble."),
              "report": ("dustmoth", "the bot said 'erro ao salvar relato' when I uploaded my "
                                     "crash log (godot.log). tried twice. want me to DM it to "
                                     "someone?"),
              "lesson": "godot crash logs on windows can end in NUL (0x00) bytes; postgres text "
                        "rejects them; strip before insert"}),
        Fact("fals-sentry", "falsified", ["Sentry"],
             ["why dont we use a hosted error tracking service instead of the bot and postgres, "
              "did we look",
              "Have we considered sending crash data to a commercial error-monitoring platform "
              "instead of our own bot and database? I would like to understand the history."],
             "catador: forwarding crash reports to Sentry instead of keeping them in Postgres "
             "was tried and dropped: the free plan's 5k events a month ran out in a playtest "
             "weekend (events dropped), large attachments were discarded, and testers lost the "
             "report number the bot replies with.",
             {"ask": "what if crashes go to sentry instead of our table? try making the bot "
                     "forward each report to a sentry project and replay last weekend's reports "
                     "through it",
              "change": [bash("uv add sentry-sdk", "Resolved 31 packages in 412ms\n + "
                                                   "sentry-sdk==2.22.0"),
                         edit(relatos, "        await self.db.inserir(relato)\n",
                              "        sentry_sdk.capture_event(relato.como_evento())\n")],
              "broke": bash("uv run python -m bot.tools replay --ultimos 400 --destino sentry",
                            "sent 400 events\nsentry: 212 accepted, 188 dropped (rate limited: "
                            "quota exceeded for org 'aratu', Developer plan, 5k errors/month)\n"
                            "warning: 31 events had attachments over 1 MB, attachments "
                            "dropped", 1),
              "revert": bash("git checkout pyproject.toml uv.lock bot/cogs/relatos.py && git "
                             "status --short", ""),
              "conclusion": "Reports stay in our Postgres table. With Sentry the free plan's "
                            "quota (5k errors a month, already mostly spent by the game's own "
                            "error events) dropped half of one weekend's reports, attachments "
                            "over 1 MB were thrown away, and testers no longer get a report "
                            "number back in Discord.",
              "want": "why dont we just send crashes to a hosted error tracker instead of "
                      "keeping our own table? less code",
              "offer": "Sentry would do it: the bot (or the game itself, with its .NET SDK) "
                       "sends each report as an event, and we get grouping and a dashboard for "
                       "free. Want me to wire the bot to it?",
              "story": "free quota gone in 1 weekend bc one crash loop spammed 4k events and "
                       "the real reports got dropped. and testers liked getting a report number "
                       "back in discord, sentry cant do that",
              "title": "Sentry instead of our own crash table",
              "veto": (relatos,
                       "Please revert the Sentry forwarding. We used Sentry during the jam: a "
                       "single crash loop used up the monthly quota in one weekend and the "
                       "genuine reports were dropped. Testers also lose the report number the "
                       "bot gives them, which is the reason they keep reporting.")}),
        Fact("fals-bytea", "falsified", ["bytea"],
             ["discord attachment urls expire now, can we keep the files in a db column? think "
              "we tried",
              "Since the file links from the chat service stop working after a while, would it "
              "be sensible to store the uploaded files directly inside the crash table? Has "
              "this been attempted?"],
             "catador: storing crash attachments in Postgres as a bytea column was tried and "
             "reverted: the backfill hit Supabase's 500 MB database limit within a few hundred "
             "reports; attachments go to the storage bucket and the table keeps only the object "
             "path.",
             {"ask": "discord cdn links for attachments expire now (signed urls). store the "
                     "attachments themselves in postgres, a bytea column on crash_reports, and "
                     "backfill the last 500",
              "change": [write("db/migrations/20250320110000_anexo_bytea.sql",
                               "-- migrate:up\nALTER TABLE crash_reports ADD COLUMN anexo "
                               "bytea;\n\n-- migrate:down\nALTER TABLE crash_reports DROP "
                               "COLUMN anexo;\n"),
                         edit(relatos, "        relato.anexo_url = anexo.url\n",
                              "        relato.anexo = await anexo.read()\n")],
              "broke": bash("uv run python -m bot.tools backfill-anexos --limite 500",
                            "downloading attachments... 312/500 (1.9 GB)\nERROR: could not "
                            "extend file \"base/16384/41922\": database size limit reached "
                            "(500 MB on the free plan); database is now read-only", 1),
              "revert": bash("uv run python -m bot.tools rollback-anexos && git checkout "
                             "bot/cogs/relatos.py && rm db/migrations/20250320110000_anexo_bytea"
                             ".sql", "column dropped, VACUUM FULL done (database 71 MB)"),
              "conclusion": "No attachments in the database. As a bytea column they filled "
                            "Supabase's 500 MB free database in the first 312 reports (crash "
                            "dumps are several MB each) and the database went read-only. "
                            "Attachments are copied to the storage bucket and the table keeps "
                            "only the object path.",
              "want": "discord attachment links expire now. could we just keep the files in the "
                      "database, a column on crash_reports?",
              "offer": "Yes: a bytea column on crash_reports, filled when the report arrives, "
                       "and a backfill for the old ones. Shall I write the migration?",
              "story": "db hit the supabase 500mb limit in like a week and went read only, we "
                       "lost a weekend of reports",
              "title": "Attachments stored in the database (bytea)",
              "veto": ("db/migrations/20250320110000_anexo_bytea.sql",
                       "Please do not store attachments in the database. Crash dumps are "
                       "several megabytes each; in the jam build this column filled the 500 MB "
                       "free database within a week and it became read-only. Copy the file to "
                       "the storage bucket and keep only the object path in the table.")}),
    ]
    chatter = [
        "2025-03-14 21:02:11 INFO discord.client: logging in using static token",
        "2025-03-14 21:02:12 INFO discord.gateway: Shard ID None has connected to Gateway",
        "2025-03-14 21:02:12 INFO bot: cogs loaded: relatos, resumo, admin",
        "2025-03-14 21:02:13 INFO bot: synced 6 application commands to guild",
        "2025-03-14 21:02:13 INFO db: pool ready (min 1, max 5)",
        "2025-03-14 21:05:40 INFO relatos: relato #1187 salvo (build 0.14.2, windows)",
        "2025-03-14 21:07:02 INFO relatos: relato #1188 salvo (build 0.14.2, deck)",
        "2025-03-14 21:09:55 DEBUG discord.gateway: heartbeat acknowledged (41 ms)",
        "2025-03-14 21:11:30 INFO resumo: weekly summary scheduled for Mon 09:00",
        "2025-03-14 21:14:18 INFO relatos: relato #1189 salvo (build 0.14.2, linux)",
        "2025-03-14 21:15:00 DEBUG discord.gateway: heartbeat acknowledged (39 ms)",
        "2025-03-14 21:20:44 INFO admin: /estatisticas used by cbraga",
        "2025-03-14 21:22:09 INFO relatos: reaction 🦀 added to 1351877761043247114",
        "2025-03-14 21:25:00 DEBUG discord.gateway: heartbeat acknowledged (44 ms)",
    ]
    noise: list[Episode] = [
        look("what does the resumo cog put in the weekly summary", resumo,
             "    async def montar_resumo(self) -> discord.Embed:\n        rows = await "
             "self.db.top_assinaturas(dias=7, limite=5)\n        embed = discord.Embed("
             "title=\"Resumo da semana\", colour=0xE8743B)\n        for row in rows:\n"
             "            embed.add_field(name=row[\"assinatura\"], value=f\"{row['total']} "
             "relatos\", inline=False)\n        return embed\n",
             "The five most frequent crash signatures of the last seven days, each with its "
             "report count, in an orange embed titled 'Resumo da semana'."),
        find("where do we compute the crash signature", "assinatura",
             ["bot/assinatura.py", "bot/cogs/relatos.py", "tests/test_assinatura.py"],
             "bot/assinatura.py computes it (top frames of the stack trace, normalised), "
             "relatos.py stores it with each report, and test_assinatura.py covers the "
             "normalisation."),
        tweak("the bot replies 'relato salvo! numero' without the accent, make it 'número'",
              relatos,
              "            await message.reply(f\"relato salvo! numero {numero}\")\n",
              "            await message.reply(f\"relato salvo! número {numero}\")\n",
              "Fixed the reply text."),
        run("how many rows does the crash table have locally",
            "psql \"$DATABASE_URL\" -Atc 'select count(*) from crash_reports'", "1189",
            "1,189 reports in your local copy."),
        talk("python question: asyncio.gather vs TaskGroup, which should i use in the bot",
             "TaskGroup (3.11+) is the safer default: if one task fails, the others are "
             "cancelled and you get all the errors in an ExceptionGroup. gather keeps running "
             "the other tasks when one fails unless you handle it, and with "
             "return_exceptions=False you only see the first error. For a few concurrent "
             "fetches in a command handler, TaskGroup."),
        steps("what changed in the bot since the last deploy",
              [bash("git log --oneline deploy-2025-03-07..HEAD",
                    "f71c2a0 resumo: orange embed\n2d98b43 relatos: show build version in the "
                    "reply\n80ce1f5 assinatura: ignore godot engine frames")],
              "Three changes: the summary embed is orange, the reply shows the build version, "
              "and crash signatures ignore Godot's engine frames."),
        [Step(prompt="todo for the bot this week: signature grouping, /estatisticas for "
                     "camila, retry on db timeout"),
         Step(tools=[todo_write([("Group reports by signature", "pending",
                                  "Grouping by signature"),
                                 ("/estatisticas command", "pending", "Adding /estatisticas"),
                                 ("Retry inserts on database timeout", "pending",
                                  "Adding insert retries")])]),
         Step(text="Three items."),
         Step(prompt="estatisticas is done already, mark it"),
         Step(tools=[todo_write([("Group reports by signature", "pending",
                                  "Grouping by signature"),
                                 ("/estatisticas command", "completed", "Adding /estatisticas"),
                                 ("Retry inserts on database timeout", "pending",
                                  "Adding insert retries")],
                                [("Group reports by signature", "pending",
                                  "Grouping by signature"),
                                 ("/estatisticas command", "pending", "Adding /estatisticas"),
                                 ("Retry inserts on database timeout", "pending",
                                  "Adding insert retries")])]),
         Step(text="Marked; two left.")],
        steps("which functions in the bot have no type hints? want mypy strict eventually",
              [agent("Find untyped functions",
                     "List every def/async def under bot/ without a return annotation or with "
                     "unannotated parameters.",
                     "Four: bot/tools.py:canal (no return type), bot/tools.py:replay (parameter "
                     "args untyped), bot/assinatura.py:_limpar_frame (no annotations), "
                     "bot/cogs/admin.py:estatisticas (no return type).",
                     "e0b7c49a28d1", "Explore", 4)],
              "Four: two in bot/tools.py, _limpar_frame in assinatura.py and estatisticas in "
              "the admin cog."),
    ]
    return Project(
        "catador", "git@github.com:aratu-games/catador.git",
        _files("catador", "Discord bot that collects the playtesters' crash reports into "
                          "Postgres.",
               {"pyproject.toml": "[project]\nname = \"catador\"\nversion = \"1.6.0\"\n"
                                  "requires-python = \">=3.12\"\ndependencies = [\"discord.py>="
                                  "2.4\", \"asyncpg>=0.30\"]\n"}),
        _equip(facts, chatter=chatter),
        noise, "postgres")


def projects() -> list[Project]:
    return [manguezal(), fardo(), despacho(), catador()]
