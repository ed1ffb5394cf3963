"""The ``dev41`` split, "a regional newspaper's data-desk developer, the fortnight before and
during a local election night": four projects, ten planted facts each.

Written in the twenty-fifth pass by a helper that read no rlat code; to be read untuned.

The developer is the one news-apps developer on the data desk of the Bellhaven Courier, a
regional daily covering Merriam County (Central time). The county's general election is on a
Tuesday in early November; the fortnight before it is rehearsals against the county's sandbox
results feed, and then the night itself. Everything they own has to hold up for it: the
results ingester that polls the county's election-night-reporting feed, the live results
graphics, the plugin in the paper's WordPress VIP site that embeds them and runs the live blog,
and the archive of past county elections readers search when a name comes up. They type on
deadline: short lower-case messages, newsroom slang ("EN", "the desk", "slot", "A1", "hed",
"budget"), half-finished thoughts they correct in the next line, and pasted Slack messages from
the politics editor (Denise Okafor), the graphics editor (Theo Brandt), the web producer who
runs the live blog (Kim Aldana), the developer on loan from digital product (Ravi Menon), the
parent company's IT (Glenn Saari) and the archive intern (Sofia Reyes). Later they ask about
what was settled days on, in their own words, not the session's.

The durable facts arrive the ways an election fortnight brings them: a convention dropped in as
an aside once the assistant has said what it will do, a correction after the assistant did it
the usual way (declined at the permission prompt, or after the edit went in), a rule pasted from
an editor's Slack message, or typed as the answer to the assistant's clarifying question; a
command that fails and the one that works (worked out by the assistant, pasted by the user with
their own failed attempt, handed over in a colleague's Slack message, or written into the
election-night runbook afterwards); an environment fact looked up, asked in Slack by someone
outside the code who gets a reply to paste, pinned down for the runbook, or corrected when the
user remembers it wrong; a gotcha (pasted with its output, reported as an editor's panicked
Slack message and reproduced from a long log, chased through a wrong first guess, or diagnosed
by a colleague and confirmed); and an approach tried and reverted in the session, refused
because it was tried in an earlier election, written into the decisions file from the primary's
post-mortem notes, or found as a revert in the git history.

The projects: tallyspur, the results ingester (Python 3.12 with httpx and pydantic v2, psycopg 3
into Postgres 16 behind pgbouncer, plain-SQL migrations, Poetry, pytest with respx, run by a
systemd timer on a VM called elexbox); swingloft, the live results graphics (Observable
Framework with D3, JavaScript data loaders, Vitest, a Playwright print export, static files in a
Google Cloud Storage bucket behind Fastly); inkbarrow, the WordPress VIP plugin (PHP 8.2, VIP's
dev-env and CLI, a dynamic embed block built with @wordpress/scripts, a live blog on a custom
REST route, PHPCS with the VIP standards, PHPUnit through composer, deployed as a submodule of
VIP's site repository); and pollquarry, the past-elections archive (Ruby 3.3, Roda, Sequel over
a read-only SQLite file with FTS5 search rebuilt from keyed canvass CSVs by rake, Minitest,
deployed with Dokku on a droplet, scanned canvasses in DigitalOcean Spaces).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule`` (the user's words), ``from`` and ``memo`` (who posted the rule
  in Slack, and their words), ``contrary`` (a tool doing it the usual way), ``follow``,
  ``done``;
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (``(who, words)``: a
  colleague's Slack message with the working command), ``label`` (its runbook line);
* environment - ``goal``, ``probe``, ``confirm``, ``guess`` (the user's out-of-date belief),
  ``asker`` and ``asked`` (someone's Slack question);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``repro`` (a
  command whose long output holds the trace), ``hunch`` (``(text, tool)``: a wrong first guess
  and the check that rules it out), ``told`` (a colleague's diagnosis), ``panic`` (``(who,
  words)``: an editor's Slack message about it);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea as
  the user raises it), ``offer`` (the assistant proposing it), ``story`` (what happened when it
  was tried before, in the user's words), ``title``.

Every fact also carries its project's ``mates`` (colleagues), ``handles`` (their git author
names), ``channel`` (the Slack channel) and ``chatter`` (ordinary output lines a long log is
made of).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3
RUNBOOK = "docs/election-night.md"
DECISIONS = "docs/decisions.md"


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _first(who: str) -> str:
    return who.split()[0]


def _slack(who: str, text: str, rng: random.Random) -> str:
    """A Slack message as it comes out when copied: name, time, text."""
    hour = rng.randint(1, 11)
    stamp = f"{hour}:{rng.randrange(60):02d} {_pick(rng, 'AM', 'PM', 'PM')}"
    style = rng.randrange(3)
    if style == 0:
        return f"{who}  {stamp}\n{text}"
    if style == 1:
        return f"[{stamp}] {who}: {text}"
    return f"> {who} ({stamp})\n> " + text.replace("\n", "\n> ")


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` in the middle of a long run of ordinary output lines."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(8, 12))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(2, len(lines) - 2)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _mate(s: dict, rng: random.Random) -> tuple[str, str]:
    i = rng.randrange(len(s["mates"]))
    return s["mates"][i], s["handles"][i]


def _sha(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(7))


RUSH = ("on deadline, keeping this short. ", "EN is tuesday. ", "quick one. ",
        "need this before the 4pm news meeting. ", "slot's asking. ", "", "")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_aside(s: dict, rng: random.Random) -> Episode:
    """The user asks for the work; once the assistant says how it will go about it, the rule
    comes as an aside (sometimes after a false start)."""
    plan = _pick(rng, "I'll read the surrounding code first, make the change in the same "
                      "style, then run the tests that cover it.",
                 "Plan: look at how this is done now, change it, run the relevant tests.",
                 "Starting with the current code, then the change, then the tests.")
    aside = _pick(rng, "yep. oh and before you touch it: {rule}",
                  "go. wait, one thing. {rule}",
                  "ok. actually hang on, should've said up top: {rule}",
                  "fine. also (this bit us in the primary) {rule}")
    return [Step(prompt=_pick(rng, *RUSH) + s["task"]),
            Step(text=plan),
            Step(prompt=aside.format(rule=s["rule"])),
            Step(text=_pick(rng, "Got it, doing it that way.", "Noted.", "Understood."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_slack(s: dict, rng: random.Random) -> Episode:
    """The rule is in a colleague's Slack message the user pastes with the request."""
    post = _slack(s["from"], s["memo"], rng)
    first = _first(s["from"]).lower()
    if rng.random() < 0.5:
        ask = (f"{first} in {s['channel']} just now:\n\n{post}\n\nso with that in mind: "
               f"{s['task']}")
    else:
        ask = f"{s['task']}\n\nand follow this pls, {first} posted it this morning:\n\n{post}"
    return [Step(prompt=ask),
            Step(text=_pick(rng, f"Following {_first(s['from'])}'s note.", "Doing it that way.",
                            "OK."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_fix(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the usual way; the user corrects it, at the permission prompt or
    after the edit went in."""
    if rng.random() < 0.5:
        said = _pick(rng, "no no. {rule}", "nope, not like that. {rule}", "stop. {rule}")
        first: Episode = [Step(text=_pick(rng, "Making the change.", "Here's the edit.", ""),
                               tools=[refused(s["contrary"], REJECTED + said.format(
                                   rule=s["rule"]))])]
    else:
        said = _pick(rng, "ugh, my fault for not saying. {rule} redo it pls",
                     "that works but it'll get me yelled at. {rule}",
                     "hm, no. {rule}")
        first = [Step(text=_pick(rng, "Straightforward.", "Making the change.", ""),
                      tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Done. Want me to run the tests?",
                                 "That's in. Run the tests?")),
                 Step(prompt=said.format(rule=s["rule"]))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "Right, redoing it.", "Understood, changing it.", "OK."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_answer(s: dict, rng: random.Random) -> Episode:
    """The assistant asks how it should be done; the user types the rule as the answer."""
    return [Step(prompt=_pick(rng, *RUSH) + s["task"]),
            Step(text=_pick(rng, "Quick question before I write anything.", ""),
                 tools=[ask_user(_pick(rng, "Is there a house rule I should follow for this?",
                                       "Which way do you want this done?"),
                                 "Approach",
                                 [("Match what's there", "Copy the pattern the nearby code "
                                                         "uses"),
                                  ("Fastest fix", "Smallest change now, tidy up after "
                                                  "election night")],
                                 s["rule"])]),
            Step(text=_pick(rng, "Thanks, clear.", "Understood.", "OK, doing that."),
                 tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_plain(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_paste(s: dict, rng: random.Random) -> Episode:
    """The user pastes their own failed attempt."""
    fail = s["fail"]
    lead = _pick(rng, "{goal} tried it myself first:", "{goal}\n\nthis is what i get:",
                 "{goal} fails for me like this:")
    return [Step(prompt=lead.format(goal=s["goal"])
                 + f"\n\n```\n$ {fail.command}\n{fail.output}\n```"
                 + _pick(rng, "\n\nwhat am i doing wrong", "\n\n??", "")),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "ty", "ok. noting that somewhere", "thx, that was driving me "
                                                                      "nuts")),
            Step(text=_pick(rng, "Sure.", "No problem."))]


def cmd_hint(s: dict, rng: random.Random) -> Episode:
    """The obvious command fails; a colleague's Slack message has the one that works."""
    who, words = s["hint"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That's not it. Let me look at how this repo expects it to "
                                 "be run.", "That failed; checking the repo's setup.")),
            Step(prompt=_pick(rng, "hang on, {who} just slacked me:", "nvm, {who} answered in "
                                   "{channel}:").format(who=_first(who).lower(),
                                                        channel=s["channel"])
                 + f"\n\n{_slack(who, words, rng)}"),
            Step(text=_pick(rng, "That matches the error. Running it that way.",
                            "That explains it."), tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_runbook(s: dict, rng: random.Random) -> Episode:
    """Worked out, then written into the election-night runbook."""
    ok = s["ok"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "put that in the EN runbook pls, i will not remember it at "
                                   "11pm", "add that to the runbook. under commands")),
            Step(tools=[edit(RUNBOOK, "## Commands\n",
                             f"## Commands\n\n- {s['label']}: `{ok.command}`\n")]),
            Step(text=f"Added to {RUNBOOK} under Commands.")]


# environment
def env_probe(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Checking the real config.", "Let me look.", "Looking it up."),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_slack_q(s: dict, rng: random.Random) -> Episode:
    """Someone asks in Slack; the assistant finds out and writes a reply to paste."""
    who = s["asker"]
    ask = _pick(rng, "{first} asking in {channel}:\n\n{post}\n\ncan you check + give me "
                     "something to paste back",
                "{post}\n\n^ from {first}. i don't know offhand. check and write me a reply?")
    return [Step(prompt=ask.format(first=_first(who).lower(), channel=s["channel"],
                                   post=_slack(who, s["asked"], rng))),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nReply you could paste:\n\n> {s['confirm']}"),
            Step(prompt=_pick(rng, "sent. ty", "perfect, sent")),
            Step(text=_pick(rng, "Good.", "Great."))]


def env_runbook(s: dict, rng: random.Random) -> Episode:
    """Pinned down for the election-night runbook."""
    return [Step(prompt=_pick(rng, "{goal} it's for the EN runbook so check the actual config, "
                                   "not what we think it is",
                              "runbook stuff, want this right not from memory. {goal}")
                 .format(goal=s["goal"])),
            Step(tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt="add it to the runbook, where-things-live section"),
            Step(tools=[edit(RUNBOOK, "## Where things live\n",
                             f"## Where things live\n\n- {s['confirm']}\n")]),
            Step(text=f"Added to {RUNBOOK}.")]


def env_wrong(s: dict, rng: random.Random) -> Episode:
    """The user remembers it wrongly; the assistant checks."""
    ask = _pick(rng, "{guess}, right? writing it in the runbook",
                "pretty sure {guess}. check before i tell denise",
                "{guess}. or did that change? check pls")
    return [Step(prompt=ask.format(guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=_pick(rng, "Not any more. ", "That's out of date. ", "Not quite. ")
                 + s["confirm"]),
            Step(prompt=_pick(rng, "huh. ok, good thing i asked", "oh. ok. glad i checked",
                              "ha. nobody told me")),
            Step(text=_pick(rng, "Yep.", "Sure."))]


# gotcha
def gotcha_pasted(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_pick(rng, "Looking.", "Digging in.", ""), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_panic(s: dict, rng: random.Random) -> Episode:
    """An editor's panicked Slack message; reproduced from a long log."""
    who, words = s["panic"]
    return [Step(prompt=_pick(rng, "{first} in {channel}:\n\n{post}\n\ncan you look NOW pls",
                              "{post}\n\n^ {first}. help").format(
                first=_first(who).lower(), channel=s["channel"],
                post=_slack(who, words, rng))),
            Step(text="Reproducing it first.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The relevant lines are in the middle there.", ""),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "ok telling {first}. thank you", "phew. ok")
                 .format(first=_first(who).lower())),
            Step(text=_pick(rng, "Sure.", "Good."))]


def gotcha_hunch(s: dict, rng: random.Random) -> Episode:
    """A wrong first guess, ruled out; the cause shows halfway down a long output."""
    text, tool = s["hunch"]
    return [Step(prompt=s["symptom"]),
            Step(text=text, tools=[tool]),
            Step(text=_pick(rng, "Not that. Reproducing it properly:",
                            "That rules that out. Running the whole thing and reading all of "
                            "it."),
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "There, halfway down.", "Found it in the middle of that."),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "oof. ok", "would never have found that at 10pm",
                              "great. one less thing")),
            Step(text=_pick(rng, "It wasn't an obvious one.", "Yes, a sneaky one."))]


def gotcha_colleague(s: dict, rng: random.Random) -> Episode:
    """A colleague's diagnosis, confirmed and fixed."""
    mate, _handle = _mate(s, rng)
    ask = _pick(rng, "{symptom}\n\n{mate} says {told}. is that right? fix if so",
                "{symptom} {mate} reckons {told}. confirm before we change anything")
    return [Step(prompt=ask.format(symptom=s["symptom"], mate=mate.lower(),
                                   told=_lower(s["told"]))),
            Step(tools=s["probe"]),
            Step(text=f"{mate} is right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_try(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "nope. revert", "ok no. put it back", "yeah that's worse. undo")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Putting it back.", "Undoing it."),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_nope(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "no. we did that. {story}", "no no no. {story}",
                 "we've been here. {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"])),
            Step(text=f"Understood, leaving it as it is. {s['conclusion']}")]


def fals_postmortem(s: dict, rng: random.Random) -> Episode:
    """The primary's post-mortem notes, written up as a rejected option."""
    ask = _pick(rng, "cleaning up my notes from the primary post-mortem. this one keeps coming "
                     "back in meetings:\n\n{story}\n\nput it in {path} as tried and dropped "
                     "pls",
                "add to {path}, tried-and-dropped section. my notes:\n\n{story}")
    return [Step(prompt=ask.format(story=s["story"], path=DECISIONS)),
            Step(tools=[edit(DECISIONS, "## Tried and dropped\n",
                             f"## Tried and dropped\n\n### {s['title']}\n\n"
                             f"{s['conclusion']}\n")]),
            Step(text=f"Added under \"Tried and dropped\" in {DECISIONS}.")]


def fals_gitlog(s: dict, rng: random.Random) -> Episode:
    """The assistant checks the history first and finds the revert."""
    mate, handle = _mate(s, rng)
    new, old = _sha(rng), _sha(rng)
    return [Step(prompt=s["want"]),
            Step(text=_pick(rng, "Before suggesting anything, checking whether it's been tried "
                                 "here.", "Let me check the history first."),
                 tools=[bash(f"git log --oneline -i --grep \"{s['title']}\"",
                             f"{new} Revert \"{s['title']}\"\n{old} {s['title']}")]),
            Step(tools=[bash(f"git show --stat {new}",
                             f"commit {new}\nAuthor: {handle}\n\n    Revert \"{s['title']}\"\n\n"
                             f"    {s['conclusion']}\n")]),
            Step(text=f"It was tried and {mate} reverted it. From the revert: "
                      f"{s['conclusion']}"),
            Step(prompt=_pick(rng, "ok. not doing that again then", "right. forget it")),
            Step(text=_pick(rng, "Leaving it.", "OK."))]


TEMPLATES = {
    "convention": [conv_aside, conv_slack, conv_fix, conv_answer],
    "command": [cmd_plain, cmd_paste, cmd_hint, cmd_runbook],
    "environment": [env_probe, env_slack_q, env_runbook, env_wrong],
    "gotcha": [gotcha_pasted, gotcha_panic, gotcha_hunch, gotcha_colleague],
    "falsified": [fals_try, fals_nope, fals_postmortem, fals_gitlog],
}

UNRELATED = [
    "how do i explain margin of error to a reporter who thinks a 2-point lead in a poll is a "
    "lead",
    "what's the difference between a process and a thread, plain english",
    "regex to match a US phone number in the usual formats (with/without parens, dashes, dots)?",
    "whats a polite way to say no to an editor's 6pm feature request without being a jerk",
    "git rebase vs merge in two sentences, and when should i NOT rebase",
    "what does a p-value actually tell you? need it in two sentences for a reporter",
    "difference between http 502 and 504, which one is my fault",
    "write a js debounce function, no lodash",
    "AP style: is it 'percent' or '%' in body copy these days?",
    "how do ranked-choice voting rounds work? asking for a sidebar explainer, not for code",
    "what's the vim motion to delete everything inside quotes",
    "how do people deal with the crash after a big election cycle? asking for me",
    "uuid v4 vs v7 — does it matter which i use for primary keys",
    "what's the difference between a primary and a runoff, quick version for a new reporter",
    "how should a two-person team split an overnight shift so nobody is useless by 2am",
    "explain what a race condition is with a real-world analogy",
    "what's a good naming scheme for git branches on a tiny team",
    "sql: count(*) vs count(column), is there a difference",
    "recommend a mechanical keyboard switch for someone who types all day? my wrists hate me",
    "how do i tell a reporter their spreadsheet's merged cells are the problem, nicely",
    "median vs mean household income — which one should a story use and why",
    "how do i find which process is listening on port 8080 on a mac",
]

UNANSWERED: dict[str, list[str]] = {
    "tallyspur": [
        "how many requests did we send the county's server in total on primary night?",
        "is the county switching election-night-reporting vendors next year?",
        "who at the county elections office do we call if their feed goes down on the night?",
        "did we ever pull the secretary of state's statewide feed in an earlier cycle?",
        "how much is the company paying for the server the puller runs on?",
    ],
    "swingloft": [
        "how many pageviews did the results graphics get on primary night?",
        "is theo planning a separate graphic for the sales-tax measure this time?",
        "did our election graphics win anything at the state press awards last year?",
        "are we doing a spanish-language version of the results page this cycle?",
        "what did readers say about the results page in the post-primary survey?",
    ],
    "inkbarrow": [
        "how many people are on the web desk on election night?",
        "when does the paper's contract with VIP come up for renewal?",
        "is the election live blog sponsored this year?",
        "who decides which races get their own live blog entry?",
        "what time does the morning-after newsletter go out?",
    ],
    "pollquarry": [
        "how many searches does the elections archive get in a typical month?",
        "when did the courier start covering county elections at all?",
        "are we adding state legislative races from before 2002?",
        "who paid for the intern who keyed the old results?",
        "is the county library interested in hosting a copy of the archive?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


def _files(name: str, readme: str, extra: dict[str, str]) -> dict[str, str]:
    return {"README.md": f"# {name}\n\n{readme}\n",
            RUNBOOK: "# Election night runbook\n\n## Commands\n\n## Where things live\n",
            DECISIONS: "# Decisions\n\n## Settled\n\n## Tried and dropped\n",
            **extra}


DENISE = "Denise Okafor"
THEO = "Theo Brandt"
KIM = "Kim Aldana"
RAVI = "Ravi Menon"
GLENN = "Glenn Saari"
SOFIA = "Sofia Reyes"


# ------------------------------------------------------------------- tallyspur
def tallyspur() -> Project:
    store = "tallyspur/store.py"
    models = "tallyspur/models.py"
    feed = "tallyspur/feed.py"
    facts = [
        Fact("conv-slugs", "convention", ["races.yaml"],
             ["the county's contest numbers in tonight's feed don't match what we saw in "
              "testing. how are races identified on our side?",
              "adding the late water district race to the ingest. where does a new race get "
              "defined?"],
             "In tallyspur (the election results ingester) every race is keyed by our own slug "
             "defined in races.yaml (matched on the county's contest name), never by the "
             "county's contest_id, which the county renumbers between its sandbox and live "
             "feeds; new races are added to races.yaml.",
             {"task": "add the 3 school board races (bellhaven USD seats 2, 4, 5) to the ingest. "
                      "county has them in the sandbox now",
              "rule": "don't key anything on the county's contest id. they renumber them "
                      "between the sandbox and the live feed, did it in the primary too. every "
                      "race gets our own slug in races.yaml, matched on the contest name, and "
                      "the db only ever sees our slug",
              "from": RAVI,
              "memo": "reminder for whoever adds races this week: the county's contest_id is "
                      "NOT stable. they renumbered everything between sandbox and live in "
                      "august and we spent 20 min mapping by hand. our slug lives in "
                      "races.yaml, matched on the contest name, and that's the only id the db "
                      "and the graphics ever see",
              "contrary": edit(f"{feed}",
                               "CONTESTS: dict[int, str] = {\n",
                               "CONTESTS: dict[int, str] = {\n    1187: \"bhusd-seat-2\",\n"
                               "    1188: \"bhusd-seat-4\",\n    1189: \"bhusd-seat-5\",\n"),
              "follow": [edit("races.yaml",
                              "# one entry per race we cover; matched on the county's contest "
                              "name\n",
                              "# one entry per race we cover; matched on the county's contest "
                              "name\n\nbhusd-seat-2:\n  county_name: \"BELLHAVEN USD GOVERNING "
                              "BOARD SEAT 2\"\n  nonpartisan: true\nbhusd-seat-4:\n  "
                              "county_name: \"BELLHAVEN USD GOVERNING BOARD SEAT 4\"\n  "
                              "nonpartisan: true\nbhusd-seat-5:\n  county_name: \"BELLHAVEN "
                              "USD GOVERNING BOARD SEAT 5\"\n  nonpartisan: true\n"),
                         bash("poetry run pytest tests/test_race_map.py -q",
                              "....\n4 passed in 0.31s")],
              "done": "Added bhusd-seat-2, -4 and -5 to races.yaml, matched on the county's "
                      "contest names; the mapping tests resolve all three from the sandbox "
                      "fixture, whatever contest ids it carries."}),
        Fact("conv-append", "convention", ["results_snapshots"],
             ["a campaign says we had the wrong numbers up around 10 last night. can we "
              "actually tell what we were showing then?",
              "when the county revises a count after the fact, what happens to the old figures "
              "in our db?"],
             "tallyspur keeps every version of the results in results_snapshots, so if "
             "someone says we had the wrong numbers up we can tell exactly what we were "
             "showing at any time: pulls only INSERT new rows (with fetched_at), never UPDATE "
             "or DELETE; the current numbers are the latest row per race, and county "
             "corrections are kept alongside the old figures.",
             {"task": "county's sandbox has a correction flag now, `amended: true` on a "
                      "contest. handle it. when a contest comes through amended the new numbers "
                      "should win",
              "rule": "we never UPDATE or DELETE result rows. any pull that changes something "
                      "inserts new rows in results_snapshots with fetched_at, current is just "
                      "the latest per race. when the county corrects a number we keep the old "
                      "one too, denise has to be able to say what we showed at 10:14 if "
                      "someone complains",
              "from": DENISE,
              "memo": "Standards thing for Tuesday. If a candidate, a campaign or a reader "
                      "says we \"had the wrong numbers up\", I need to be able to say exactly "
                      "what we showed and when. So nothing gets overwritten, ever. Ravi says "
                      "the table that keeps every version is results_snapshots — new rows "
                      "only, please.",
              "contrary": edit(store,
                               "def apply_amendment(cur, race_slug: str, rows: list[Row]) -> "
                               "None:\n    ...\n",
                               "def apply_amendment(cur, race_slug: str, rows: list[Row]) -> "
                               "None:\n    for r in rows:\n        cur.execute(\"UPDATE "
                               "results SET votes = %s WHERE race_slug = %s AND "
                               "candidate_id = %s\",\n                    (r.votes, race_slug, "
                               "r.candidate_id))\n"),
              "follow": [edit(store,
                              "def apply_amendment(cur, race_slug: str, rows: list[Row]) -> "
                              "None:\n    ...\n",
                              "def apply_amendment(cur, race_slug: str, rows: list[Row]) -> "
                              "None:\n    # append-only: the old figures stay for the record\n"
                              "    cur.executemany(\n        \"INSERT INTO results_snapshots "
                              "(race_slug, candidate_id, votes, amended, fetched_at) \"\n"
                              "        \"VALUES (%s, %s, %s, true, now())\",\n        "
                              "[(race_slug, r.candidate_id, r.votes) for r in rows])\n"),
                         bash("poetry run pytest tests/test_store.py -q -k amended",
                              "..\n2 passed, 14 deselected in 0.58s")],
              "done": "Amended contests now insert new results_snapshots rows flagged "
                      "amended = true; the current view takes the latest row per race, and the "
                      "earlier figures stay in the table."}),
        Fact("cmd-sandbox", "command", ["ENR_ENV=sandbox"],
             ["how do I do a single pull by hand before the polls close, just to see data "
              "come through?",
              "the puller 404s when i run it manually today. how do i point one run at the "
              "county's test data?"],
             "To run one tallyspur pull by hand before polls close, use `ENR_ENV=sandbox "
             "poetry run tallyspur pull --once`: the county's live endpoint 404s until 7 p.m. "
             "on election day, and ENR_ENV picks the county's sandbox feed.",
             {"goal": "run one pull against the county so i can see the school board races "
                      "come through. just once, not the timer",
              "fail": bash("poetry run tallyspur pull --once",
                           "INFO  pulling https://enr.merriamcounty.gov/api/v2/contests\n"
                           "Traceback (most recent call last):\n  ...\nhttpx.HTTPStatusError: "
                           "Client error '404 Not Found' for url "
                           "'https://enr.merriamcounty.gov/api/v2/contests'\nbody: {\"error\": "
                           "\"results are not published before 7:00 PM on election day\"}", 1),
              "note": "The live endpoint 404s until the polls close; before that only the "
                      "county's sandbox has data, and the CLI picks the feed from ENR_ENV.",
              "ok": bash("ENR_ENV=sandbox poetry run tallyspur pull --once",
                         "INFO  pulling https://enr-sandbox.merriamcounty.gov/api/v2/contests\n"
                         "INFO  41 contests (3 new: bhusd-seat-2, bhusd-seat-4, bhusd-seat-5)\n"
                         "INFO  wrote 212 rows in 0.8s"),
              "done": "One pull from the sandbox: 41 contests, the three school board seats "
                      "among them.",
              "hint": (RAVI, "live feed 404s till polls close, that's normal. for a manual "
                             "run do `ENR_ENV=sandbox poetry run tallyspur pull --once`"),
              "label": "one manual pull against the county sandbox"}),
        Fact("cmd-migrate", "command", ["dbmate"],
             ["wrote a new .sql migration for the ingest db. what's the command that applies "
              "it?",
              "there's no make target for migrations in the ingest repo. what runs them?"],
             "tallyspur's schema migrations are plain SQL files in sql/migrations applied with "
             "dbmate: `dbmate --migrations-dir sql/migrations --no-dump-schema up` (with "
             "DATABASE_URL set); there is no make target and no Alembic, and --no-dump-schema "
             "because the schema dump needs pg_dump 16.",
             {"goal": "apply the new migration to my local db. the precincts_pct one",
              "fail": bash("make migrate",
                           "make: *** No rule to make target 'migrate'.  Stop.", 2),
              "note": "No make target. The migrations are plain SQL files in sql/migrations "
                      "with `-- migrate:up` markers, which is dbmate's format, and it reads "
                      "DATABASE_URL. Skipping its schema dump, which wants a pg_dump as new as "
                      "the server.",
              "ok": bash("dbmate --migrations-dir sql/migrations --no-dump-schema up",
                         "Applying: 20251021140312_add_precincts_pct.sql\nApplied: "
                         "20251021140312_add_precincts_pct.sql in 11.2ms"),
              "done": "Applied 20251021140312_add_precincts_pct.sql; nothing else pending.",
              "hint": (RAVI, "no make target, it's dbmate. `dbmate --migrations-dir "
                             "sql/migrations --no-dump-schema up` — the dump-schema step "
                             "needs pg_dump 16 and you've probably got 14"),
              "label": "apply schema migrations"}),
        Fact("env-timer", "environment", ["enr-poll.timer"],
             ["what schedules the results pull on the server, and how often does it run?",
              "if the county starts sending garbage mid-night, what do I switch off to stop us "
              "pulling?"],
             "tallyspur's results pull runs on the elexbox VM as a systemd timer, "
             "enr-poll.timer (starting enr-poll.service 45 seconds after each run; no cron); "
             "stop pulling with `sudo systemctl stop enr-poll.timer`.",
             {"goal": "how is the pull actually scheduled on elexbox? cron? need to know what "
                      "to stop if the county feed goes sideways on the night",
              "probe": [bash("ssh elexbox 'crontab -l; systemctl list-timers --all | grep "
                             "-i enr'",
                             "no crontab for deploy\nTue 2025-11-04 19:00:45 CST  31s left  "
                             "Tue 2025-11-04 19:00:00 CST  13s ago  enr-poll.timer  "
                             "enr-poll.service"),
                        bash("ssh elexbox 'systemctl cat enr-poll.timer'",
                             "# /etc/systemd/system/enr-poll.timer\n[Unit]\nDescription=Pull "
                             "county ENR results\n\n[Timer]\nOnBootSec=1min\n"
                             "OnUnitActiveSec=45s\nAccuracySec=1s\n\n[Install]\n"
                             "WantedBy=timers.target")],
              "confirm": "No cron: it's a systemd timer on elexbox. enr-poll.timer starts "
                         "enr-poll.service 45 seconds after each run (OnUnitActiveSec=45s). To "
                         "stop pulling, `sudo systemctl stop enr-poll.timer`; start it again to "
                         "resume.",
              "guess": "the pull is still the cron job on elexbox, every minute",
              "asker": KIM,
              "asked": "dumb q — if the county feed goes haywire at 9pm how do we stop the "
                       "numbers updating on our end? is there an off switch someone can hit?"}),
        Fact("env-db", "environment", ["elexnight"],
             ["where does the ingest actually store results — which postgres and which "
              "database?",
              "theo wants to query the raw numbers from his notebook. what connection details "
              "do i give him?"],
             "Connection details for querying tallyspur's raw results: the ingest writes to "
             "the Postgres database elexnight on the newsroom server pgnews.internal, port 6432 "
             "(pgbouncer, PostgreSQL 16), not a local database on elexbox; read-only logins "
             "come from Glenn.",
             {"goal": "which db does the ingest write to on elexbox? theo wants read access "
                      "from a notebook",
              "probe": [bash("ssh elexbox 'sudo grep -v PASSWORD /etc/tallyspur/env'",
                             "PGHOST=pgnews.internal\nPGPORT=6432\nPGDATABASE=elexnight\n"
                             "PGUSER=tallyspur_rw\nENR_TIMEOUT=8"),
                        bash("ssh elexbox 'set -a; . /etc/tallyspur/env; psql -Atc "
                             "\"select current_database()\" -c \"show server_version\"'",
                             "elexnight\n16.4")],
              "confirm": "The ingest writes to the elexnight database on the newsroom Postgres, "
                         "pgnews.internal, through pgbouncer on port 6432 (PostgreSQL 16.4). "
                         "For Theo it'd be a read-only role on elexnight.",
              "guess": "the ingest has its own postgres on elexbox itself, port 5432",
              "asker": THEO,
              "asked": "can I get at the raw results from a notebook on EN? which host and "
                       "database is it, I'll ask Glenn for a read-only login"}),
        Fact("gotcha-tz", "gotcha", ["America/Chicago"],
             ["why would every race show as hours stale when the pulls are running fine?",
              "the county's feed times — are those UTC or local, and how do we handle them?"],
             "tallyspur gotcha: the county feed's lastUpdated timestamps carry no UTC offset and "
             "are local Merriam County time; a pydantic validator in models.py gives them the "
             "America/Chicago zone before they are stored, otherwise every race looks 5-6 hours "
             "stale.",
             {"symptom": "graphic says 'updated 5 hours ago' on every race in the sandbox "
                         "rehearsal even though the timer's running fine",
              "trace": "select race_slug, county_updated_at, fetched_at from latest_results "
                       "limit 2;\n county-exec | 2025-10-28 19:42:10+00 | 2025-10-29 "
                       "00:42:31+00\n sheriff     | 2025-10-28 19:41:55+00 | 2025-10-29 "
                       "00:42:31+00",
              "probe": [read(models,
                             "class Contest(BaseModel):\n    contest_id: int\n    name: str\n"
                             "    last_updated: datetime = Field(alias=\"lastUpdated\")\n"
                             "    precincts_reporting: int = Field(alias=\"precinctsReporting\")"
                             "\n"),
                        bash("curl -s \"$ENR_BASE/contests\" | jq -r "
                             "'.contests[0].lastUpdated'", "2025-10-28T19:42:10")],
              "explain": "The county's lastUpdated has no UTC offset: it's Merriam County wall "
                         "clock time. pydantic parses it as a naive datetime and psycopg writes "
                         "it into the timestamptz column as if it were UTC, so every race looks "
                         "five hours stale (six after the clocks change). The fix is to attach "
                         "the county's zone, America/Chicago, in a validator before it reaches "
                         "the database.",
              "fix": [edit(models, "from pydantic import BaseModel, Field\n",
                           "from zoneinfo import ZoneInfo\n\nfrom pydantic import BaseModel, "
                           "Field, field_validator\n\nCOUNTY_TZ = "
                           "ZoneInfo(\"America/Chicago\")\n"),
                      edit(models,
                           "    last_updated: datetime = Field(alias=\"lastUpdated\")\n",
                           "    last_updated: datetime = Field(alias=\"lastUpdated\")\n\n"
                           "    @field_validator(\"last_updated\")\n    @classmethod\n    def "
                           "_county_clock(cls, v: datetime) -> datetime:\n        # the county "
                           "sends local wall-clock time with no offset\n        return "
                           "v.replace(tzinfo=COUNTY_TZ) if v.tzinfo is None else v\n")],
              "done": "Re-pulled: county_updated_at reads 19:42-05 now and the cards say "
                      "'updated 1 min ago'.",
              "repro": "poetry run pytest tests/test_freshness.py -v",
              "hunch": ("Could be the timer lagging. Checking when the last pulls actually ran.",
                        bash("ssh elexbox 'journalctl -u enr-poll.service --since \"-5 min\" "
                             "-o cat | grep -c Finished'", "6")),
              "told": "The county sends its timestamps without a timezone and we store them as "
                      "UTC",
              "panic": (DENISE, "why does every race on the rehearsal page say updated 5 HOURS "
                                "ago?? if that happens tuesday readers will think we went "
                                "home")}),
        Fact("gotcha-redirect", "gotcha", ["follow_redirects"],
             ["the county moved their results server and our pull fell over even though the "
              "old link still opened in chrome. what was that about?",
              "if the feed address starts bouncing to another url, will our puller cope?"],
             "tallyspur gotcha: httpx does not follow redirects by default, so when the county "
             "moved the feed (301 from enr.merriamcounty.gov to results.merriamcounty.gov) "
             "every pull failed; the client is built with follow_redirects=True and enr_base "
             "points at the new host.",
             {"symptom": "pull's been failing since about 2. county says they 'moved the feed "
                         "to the new server' but the old url still works in my browser",
              "trace": "httpx.HTTPStatusError: Redirect response '301 Moved Permanently' for "
                       "url 'https://enr.merriamcounty.gov/api/v2/contests'\nRedirect location: "
                       "'https://results.merriamcounty.gov/enr/api/v2/contests'\nFor more "
                       "information check: https://developer.mozilla.org/en-US/docs/Web/HTTP/"
                       "Status/301",
              "probe": [bash("curl -sI https://enr.merriamcounty.gov/api/v2/contests | head -3",
                             "HTTP/2 301\nlocation: https://results.merriamcounty.gov/enr/api/"
                             "v2/contests\ncache-control: max-age=300"),
                        read(feed,
                             "def client() -> httpx.Client:\n    return httpx.Client(base_url="
                             "settings.enr_base, timeout=8.0,\n                        headers="
                             "{\"User-Agent\": UA})\n")],
              "explain": "The county now answers the old address with a 301 to "
                         "results.merriamcounty.gov. Browsers (and curl -L) follow that; httpx "
                         "doesn't unless asked, follow_redirects is False by default, so "
                         "raise_for_status() raises on the 301 and the pull fails. Turning on "
                         "follow_redirects=True on the client fixes it, and pointing enr_base at "
                         "the new host saves the extra hop on every pull.",
              "fix": [edit(feed, "timeout=8.0,\n",
                           "timeout=8.0, follow_redirects=True,\n"),
                      edit(".env.example", "ENR_BASE=https://enr.merriamcounty.gov/api/v2\n",
                           "ENR_BASE=https://results.merriamcounty.gov/enr/api/v2\n")],
              "done": "Pulls succeed again: the last run got 200 from results.merriamcounty.gov, "
                      "41 contests.",
              "repro": "poetry run pytest tests/test_feed_live.py -v",
              "hunch": ("First guess: the county blocking our IP. Checking from elexbox.",
                        bash("ssh elexbox 'curl -s -o /dev/null -w \"%{http_code}\\n\" "
                             "https://enr.merriamcounty.gov/api/v2/contests'", "301")),
              "told": "The county is redirecting the old address and our http client isn't "
                      "following it",
              "panic": (DENISE, "ingest dashboard is all red. county IT says nothing's wrong on "
                                "their end, \"everything moved this morning and redirects are "
                                "in place\". are we broken??")}),
        Fact("fals-async", "falsified", ["AsyncClient"],
             ["why don't we pull the precinct pages in parallel? the loop is slow",
              "did anyone ever try fetching the precinct endpoints concurrently?"],
             "tallyspur: pulling the 143 precinct detail endpoints concurrently with "
             "httpx.AsyncClient and asyncio.gather was tried and reverted — the county's "
             "firewall allows about 2 requests a second per IP and answered 429 with a "
             "10-minute Retry-After lockout; precinct pulls stay sequential, only for contests "
             "whose totals changed.",
             {"ask": "pull the 143 precinct detail endpoints concurrently instead of one by "
                     "one, the full loop takes like 70s which is longer than the timer. use "
                     "httpx's async client and gather them",
              "change": [write("tallyspur/precincts.py",
                               "import asyncio\n\nimport httpx\n\nfrom .settings import "
                               "settings\n\n\nasync def pull_all(ids: list[str]):\n    async "
                               "with httpx.AsyncClient(base_url=settings.enr_base, timeout=8.0) "
                               "as c:\n        return await asyncio.gather(*(c.get("
                               "f\"/precincts/{i}\") for i in ids))\n")],
              "broke": bash("poetry run tallyspur precincts --all",
                            "INFO  requesting 143 precincts\nERROR pulled 38/143\n"
                            "httpx.HTTPStatusError: Client error '429 Too Many Requests' for "
                            "url '.../precincts/0039'\nRetry-After: 600", 1),
              "revert": bash("git checkout -- tallyspur/precincts.py && git status --short", ""),
              "conclusion": "Precinct pulls stay sequential. The county's firewall allows about 2 "
                            "requests a second per IP; firing all 143 precinct requests at once "
                            "through httpx.AsyncClient gets a 429 with Retry-After: 600, ten "
                            "minutes locked out, which on the night is ten minutes of no results. "
                            "So the loop stays sequential and only fetches precincts for contests "
                            "whose totals changed.",
              "want": "precinct pulls are slow, 70 seconds a loop. can't we just fire them all "
                      "at once?",
              "offer": "I could swap the loop for httpx.AsyncClient with asyncio.gather: all "
                       "143 precinct requests in flight together, probably under five seconds. "
                       "Want me to?",
              "story": "ravi did exactly that for the primary. county's firewall allows like "
                       "2 req/s per IP, we fired 143 at once, got a 429 with a 10 minute "
                       "lockout right at 8:15. ten minutes of nothing on the page. sequential "
                       "and only changed contests, that's the rule now",
              "title": "Concurrent precinct pulls with httpx.AsyncClient"}),
        Fact("fals-daemon", "falsified", ["supervisord"],
             ["why isn't the puller just one long-running service instead of being started "
              "over and over?",
              "did we ever run the ingest as a daemon? how did that go?"],
             "tallyspur: running the puller as a long-running loop under supervisord was tried "
             "(August primary) and dropped — a hung county connection left the process alive "
             "but pulling nothing for 40 minutes and supervisord saw nothing wrong; each pull "
             "runs as a fresh process from the systemd timer with TimeoutStartSec instead.",
             {"ask": "turn the pull into one long-running process, loop + sleep 45, under "
                     "supervisord, so we keep the http connection warm instead of a new python "
                     "every run. then run the soak test",
              "change": [write("deploy/supervisord/tallyspur.conf",
                               "[program:tallyspur]\ncommand=/opt/tallyspur/.venv/bin/tallyspur "
                               "pull --loop --interval 45\nautorestart=true\nstopwaitsecs=10\n"),
                         edit("tallyspur/cli.py",
                              "@click.option(\"--once\", is_flag=True)\n",
                              "@click.option(\"--once\", is_flag=True)\n@click.option("
                              "\"--loop\", is_flag=True)\n@click.option(\"--interval\", "
                              "default=45)\n")],
              "broke": bash("poetry run pytest tests/test_soak.py -v",
                            "tests/test_soak.py::test_loop_survives_hung_socket FAILED\n\n"
                            "E   AssertionError: no pull completed in 300s\nE   (last pull "
                            "started at +45s, still waiting on read; process alive, "
                            "supervisord state RUNNING)\n\n1 failed, 2 passed in 318.44s", 1),
              "revert": bash("git checkout -- tallyspur/cli.py && rm -r deploy/supervisord && "
                             "git status --short", ""),
              "conclusion": "The puller stays on the systemd timer. Under supervisord a long-"
                            "running loop is only restarted when it dies; when the county's server"
                            " hangs a connection mid-read, the process stays alive pulling nothing"
                            " and supervisord reports it RUNNING. The timer starts each pull as a "
                            "fresh process with TimeoutStartSec=40, so a hung pull gets killed and"
                            " the next one starts on time.",
              "want": "spawning a fresh python every 45s feels wasteful. should the puller "
                      "just be a daemon?",
              "offer": "It could run as a long-lived loop under supervisord (autorestart on) "
                       "with one warm httpx client, which saves interpreter start-up and a TLS "
                       "handshake each cycle. Want that?",
              "story": "we ran it as a supervisord daemon in the august primary. county server "
                       "hung a connection around 11, the process sat there alive doing nothing "
                       "for 40 min, supervisord thought everything was fine. nobody noticed "
                       "till denise asked why the sheriff race hadn't moved. that's why it's a "
                       "timer with a timeout",
              "title": "Long-running puller under supervisord"}),
    ]
    chatter = [
        "INFO  pulling contests (etag W/\"a81f\")",
        "INFO  304 not modified, nothing to write",
        "INFO  41 contests, 0 changed",
        "DEBUG request took 212ms",
        "INFO  precincts: 0 contests changed, skipping detail pull",
        "tests/test_race_map.py::test_unknown_contest_is_logged PASSED",
        "tests/test_store.py::test_latest_view_one_row_per_candidate PASSED",
        "tests/test_models.py::test_write_in_candidate PASSED",
        "tests/test_models.py::test_precinct_counts_as_ints PASSED",
        "DEBUG pool: 1/4 connections in use",
        "INFO  run finished in 1.31s",
        "WARNING county returned 0 precincts reporting for bhusd-seat-5",
        "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0",
        "plugins: respx-0.21.1, anyio-4.6.2",
    ]
    noise: list[Episode] = [
        look("what does Candidate do with write-ins again",
             models,
             "class Candidate(BaseModel):\n    candidate_id: int = Field(alias=\"candidateId\")"
             "\n    name: str = Field(alias=\"ballotName\")\n    party: str | None = None\n"
             "    votes: int\n\n    @property\n    def is_write_in(self) -> bool:\n        return "
             "self.name.upper().startswith(\"WRITE-IN\")\n",
             "Write-ins come through as ordinary candidates; is_write_in just checks whether the "
             "name starts with WRITE-IN, so the graphics can fold them into 'other'."),
        find("where do we log how long the county takes to answer", "elapsed",
             [feed, "tallyspur/cli.py"],
             "feed.py logs response.elapsed on every request at DEBUG, and cli.py prints the "
             "whole run's time at the end."),
        tweak("typo in the log line, 'contets'", "tallyspur/cli.py",
              "log.info(\"%d contets, %d changed\", total, changed)",
              "log.info(\"%d contests, %d changed\", total, changed)", "Fixed."),
        run("how many contests in the sandbox right now",
            "curl -s \"$ENR_BASE/contests\" | jq '.contests | length'", "41",
            "41 contests."),
        talk("pydantic: model_validate vs model_validate_json, does it matter which",
             "model_validate takes Python objects you've already parsed (say, from "
             "response.json()); model_validate_json takes the raw JSON string or bytes and "
             "parses and validates in one pass in Rust, which is faster and skips building the "
             "intermediate dicts. For a feed you fetch as bytes, model_validate_json on "
             "response.content is the better fit."),
        steps("what's gone in since monday",
              [bash("git log --oneline --since=monday",
                    "4be19a0 precincts: skip detail pull when totals unchanged\n"
                    "91c07d2 models: write-in helper\n2f3a8e5 ci: pin poetry 1.8.4\n"
                    "0d61b4c settings: ENR_TIMEOUT from env")],
              "Four commits: skipping precinct detail when totals haven't changed, the "
              "write-in helper, pinning Poetry in CI and the timeout setting."),
        [Step(prompt="rehearsal plan for thursday, make me a list"),
         Step(tools=[todo_write([("Point elexbox at the sandbox", "pending",
                                  "Pointing elexbox at the sandbox"),
                                 ("Watch three pulls land", "pending", "Watching pulls"),
                                 ("Check the graphics pick them up", "pending",
                                  "Checking the graphics"),
                                 ("Switch back to live config", "pending",
                                  "Switching back")])]),
         Step(text="Four steps: sandbox config on elexbox, watch three pulls, check the "
                   "graphics, switch back."),
         Step(prompt="add 'tell denise when it starts' first"),
         Step(tools=[todo_write([("Tell Denise the rehearsal is starting", "pending",
                                  "Telling Denise"),
                                 ("Point elexbox at the sandbox", "pending",
                                  "Pointing elexbox at the sandbox"),
                                 ("Watch three pulls land", "pending", "Watching pulls"),
                                 ("Check the graphics pick them up", "pending",
                                  "Checking the graphics"),
                                 ("Switch back to live config", "pending",
                                  "Switching back")])]),
         Step(text="Added it at the top.")],
        steps("anywhere we make an http call without a timeout?",
              [agent("Find HTTP calls without timeouts",
                     "Search the tallyspur package for httpx calls or clients created without "
                     "an explicit timeout and list them with file and line.",
                     "Every httpx call goes through feed.client(), which sets timeout=8.0. "
                     "One exception: scripts/backfill_precincts.py calls httpx.get() directly "
                     "with the default 5s timeout. Nothing in the tallyspur package itself.",
                     "c41e9a07b2d3", "Explore", 5)],
              "All of the package goes through feed.client() with an 8-second timeout; only "
              "scripts/backfill_precincts.py calls httpx.get() directly, on the default."),
    ]
    return Project(
        "tallyspur", "git@github.com:bellhaven-courier/tallyspur.git",
        _files("tallyspur", "Pulls Merriam County's election-night results feed into Postgres "
                            "for the Courier's graphics.",
               {"pyproject.toml": "[tool.poetry]\nname = \"tallyspur\"\nversion = \"0.9.0\"\n",
                "races.yaml": "# one entry per race we cover; matched on the county's contest "
                              "name\n"}),
        _equip(facts, mates=["Ravi", "Glenn"], handles=["ravim", "gsaari"],
               channel="#elex-desk", chatter=chatter),
        noise, "postgres")


# ------------------------------------------------------------------- swingloft
def swingloft() -> Project:
    card = "src/components/raceCard.js"
    measure = "src/components/measureCard.js"
    pmap = "src/components/precinctMap.js"
    facts = [
        Fact("conv-calls", "convention", ["called_by_desk"],
             ["sheriff race is at 100% of precincts and the card still doesn't show a winner. "
              "bug?",
              "what actually makes the check mark appear next to a candidate?"],
             "swingloft (the live results graphics): a race card shows the winner check mark "
             "only when the politics desk's call sheet (calls.json) has called_by_desk: true "
             "for the race, marking the candidate the desk named — never computed from 100% of "
             "precincts reporting or from the margin.",
             {"task": "theo wants the winner check mark on the race cards before EN. add it to "
                      "the race card",
              "rule": "the check only ever comes from the desk's call, called_by_desk in "
                      "calls.json, which is denise's call sheet. never from 100% precincts in "
                      "or a big margin. we don't call races off math, denise does",
              "from": DENISE,
              "memo": "Graphics folks: NOTHING on our pages says a candidate won until the "
                      "politics desk has made the call. Not at 100% of precincts, not with a "
                      "30-point lead. When we call it, the call sheet flips called_by_desk and "
                      "the check mark shows up. That is the only path.",
              "contrary": edit(card,
                               "  const leader = d3.greatest(race.candidates, (c) => c.votes);\n",
                               "  const leader = d3.greatest(race.candidates, (c) => c.votes);\n"
                               "  const winner = race.precinctsReporting === race.precinctsTotal"
                               " ? leader : null;\n"),
              "follow": [edit(card,
                              "  const leader = d3.greatest(race.candidates, (c) => c.votes);\n",
                              "  const leader = d3.greatest(race.candidates, (c) => c.votes);\n"
                              "  // only the desk calls races (calls.json), never the math\n"
                              "  const call = calls.get(race.slug);\n  const winner = "
                              "call?.called_by_desk\n    ? race.candidates.find((c) => c.id === "
                              "call.winner_id)\n    : null;\n"),
                         bash("npm test -- raceCard",
                              " ✓ test/raceCard.test.js (5 tests) 41ms\n   ✓ no check at 100% "
                              "reporting without a desk call\n   ✓ check on the named "
                              "candidate once called\n\n Test Files  1 passed (1)\n      Tests  "
                              "5 passed (5)")],
              "done": "The check mark appears only when calls.json has called_by_desk: true for "
                      "the race, on the candidate the desk named. A race at 100% reporting with "
                      "no call shows no check."}),
        Fact("conv-palette", "convention", ["partyColor"],
             ["what's the rule for candidate colors on the cards? theo was fussy about it",
              "the school board races, what color do their bars get?"],
             "swingloft: every candidate/party colour on the results graphics comes from "
             "partyColor() in src/components/palette.js; nonpartisan contests (school board, "
             "judges, ballot measures) get its grey ramp — no d3 colour schemes or hard-coded "
             "hex in components.",
             {"task": "measure A (the sales tax) card needs its yes/no bars colored, and the "
                      "school board cards too. do it",
              "rule": "colors come from partyColor() in palette.js, always. nonpartisan races "
                      "(school board, judges, the sales tax thing) get the grey ramp, no party "
                      "colors. theo will kill me if he sees schemeCategory10",
              "from": THEO,
              "memo": "For EN: every candidate/party color goes through partyColor() in "
                      "src/components/palette.js. It knows our dem/rep/lib/ind tokens and "
                      "hands back the neutral greys for nonpartisan contests (school board, "
                      "judicial, ballot measures). No d3 schemes, no hex codes pasted into "
                      "components please!!",
              "contrary": edit(measure, "    .attr(\"fill\", \"#999\")",
                               "    .attr(\"fill\", (d, i) => d3.schemeCategory10[i])"),
              "follow": [edit(measure, "    .attr(\"fill\", \"#999\")",
                              "    .attr(\"fill\", (d, i) => partyColor(d.party, "
                              "{nonpartisan: race.nonpartisan, index: i}))"),
                         edit(card, "import * as d3 from \"npm:d3\";\n",
                              "import * as d3 from \"npm:d3\";\nimport {partyColor} from "
                              "\"./palette.js\";\n"),
                         bash("npm test -- palette measureCard",
                              " ✓ test/palette.test.js (6 tests) 12ms\n ✓ "
                              "test/measureCard.test.js (3 tests) 30ms\n\n Test Files  2 passed "
                              "(2)")],
              "done": "Measure A's yes/no bars and the school board cards take their fills from "
                      "partyColor(), which gives the grey ramp for nonpartisan contests."}),
        Fact("cmd-ship", "command", ["scripts/ship.sh"],
             ["how do I get a new build of the graphics up on staging?",
              "npm run deploy wants an observable login. what's the real way we ship the "
              "graphics?"],
             "swingloft is shipped with `./scripts/ship.sh staging` (or `prod`): it builds, "
             "syncs dist/ to the bucket behind the CDN and purges Fastly; `npm run deploy` is "
             "Observable's own hosted deploy, which we don't use.",
             {"goal": "push the current build to staging so theo can look on his phone",
              "fail": bash("npm run deploy",
                           "> swingloft@0.4.0 deploy\n> observable deploy\n\n┌   observable "
                           "deploy\n│\n■  You are not signed in to Observable.\n│  To sign in, "
                           "run: observable login\n└", 1),
              "note": "npm run deploy is the Framework template's script for Observable's own "
                      "hosting, which we don't use. Ours go to our bucket behind the CDN "
                      "through the repo's ship script: it builds, syncs dist/ and purges "
                      "Fastly.",
              "ok": bash("./scripts/ship.sh staging",
                         "> observable build\n  42 pages built in 3.1s\nsyncing dist/ -> "
                         "gs://$BUCKET/elex/2025/ (118 files, 2 changed)\npurging surrogate "
                         "key elex2025 ... ok\nstaging: https://staging-graphics."
                         "bellhavencourier.com/elex/2025/"),
              "done": "Staging is updated: https://staging-graphics.bellhavencourier.com/elex/"
                      "2025/",
              "hint": (RAVI, "don't use npm run deploy, that's observable cloud and it'll just "
                             "ask you to log in. it's ./scripts/ship.sh staging (or prod). "
                             "builds, syncs, purges fastly"),
              "label": "ship the graphics (staging or prod)"}),
        Fact("cmd-print", "command", ["npm run print"],
             ["the print desk wants a PDF of a race card for tomorrow's paper. what's the "
              "command?",
              "how did we make the printable versions of the race graphics last time?"],
             "swingloft: print PDFs of a race card for the paper come from `npm run print -- "
             "--race <slug> --width 4.9in` (scripts/print.mjs, output in print/); on a new "
             "machine run `npx playwright install chromium` first. There's no export:print "
             "script.",
             {"goal": "print desk wants the county exec card as a PDF for wednesday's A1. "
                      "4.9in wide, two columns. how",
              "fail": bash("npm run export:print -- --race county-exec",
                           "npm ERR! Missing script: \"export:print\"\nnpm ERR!\nnpm ERR! To "
                           "see a list of scripts, run:\nnpm ERR!   npm run", 1),
              "note": "The script is just called print, and it drives headless Chromium "
                      "through Playwright, whose browser isn't installed on this machine yet. "
                      "Installing it, then running the script.",
              "ok": bash("npx playwright install chromium && npm run print -- --race "
                         "county-exec --width 4.9in",
                         "Downloading Chromium 130.0.6723.31 ... done\n\n> swingloft@0.4.0 "
                         "print\n> node scripts/print.mjs --race county-exec --width 4.9in\n\n"
                         "rendered county-exec -> print/county-exec.pdf (4.9in x 3.2in)"),
              "done": "print/county-exec.pdf, 4.9 inches wide.",
              "hint": (THEO, "it's `npm run print -- --race <slug> --width 4.9in`. first time "
                             "on a machine you need `npx playwright install chromium` or it "
                             "dies"),
              "label": "PDF of a race card for print"}),
        Fact("env-bucket", "environment", ["bhc-interactives"],
             ["where do the built graphics files actually live in the cloud?",
              "glenn's asking which storage bucket the prod graphics deploy writes to. what do "
              "I tell him?"],
             "swingloft's production graphics live in the Google Cloud Storage bucket "
             "bhc-interactives (under elex/2025/), staging in bhc-interactives-staging; Fastly "
             "serves them at graphics.bellhavencourier.com.",
             {"goal": "what bucket do the staging and prod graphics live in? glenn needs it "
                      "for the permissions thing",
              "probe": [bash("grep -n BUCKET .env.production .env.staging",
                             ".env.production:1:BUCKET=bhc-interactives\n.env.staging:1:"
                             "BUCKET=bhc-interactives-staging"),
                        bash("gcloud storage ls gs://bhc-interactives/elex/2025/ | head -3",
                             "gs://bhc-interactives/elex/2025/index.html\n"
                             "gs://bhc-interactives/elex/2025/_file/\n"
                             "gs://bhc-interactives/elex/2025/races/")],
              "confirm": "Production graphics are in the Google Cloud Storage bucket "
                         "bhc-interactives, under elex/2025/; staging is bhc-interactives-"
                         "staging. Fastly serves both, at graphics.bellhavencourier.com and "
                         "staging-graphics.",
              "guess": "the graphics still go to the old S3 bucket from 2022",
              "asker": GLENN,
              "asked": "setting up the service account for election night. which GCS "
                       "bucket(s) does the graphics deploy write to? need exact names"}),
        Fact("env-precincts", "environment", ["VotingPrecincts_2024"],
             ["the county redrew precincts a while back. are the shapes on our results map "
              "current?",
              "what's the source layer for the precinct polygons on the map?"],
             "swingloft's precinct map is built from Merriam County GIS's VotingPrecincts_2024 "
             "layer (143 precincts, after the 2023 redistricting), not the 2020 boundaries "
             "(131 precincts).",
             {"goal": "which precinct shapes is the map built from? county redistricted in 2023 "
                      "i think",
              "probe": [bash("head -c 240 src/data/precincts.meta.json",
                             "{\"source\": \"Merriam County GIS, layer VotingPrecincts_2024\", "
                             "\"downloaded\": \"2025-09-12\", \"features\": 143, \"simplified\": "
                             "\"mapshaper -simplify 12%\"}"),
                        bash("npx mapshaper src/data/precincts.json -info 2>&1 | grep -E "
                             "'Records|Geometry'", "Records: 143\nGeometry: polygon")],
              "confirm": "The map uses the county GIS layer VotingPrecincts_2024: 143 "
                         "precincts, downloaded 12 September, so it has the 2023 redraw. The "
                         "2020 layer had 131.",
              "guess": "the precinct map still uses the 2020 precinct boundaries",
              "asker": DENISE,
              "asked": "A reader says our precinct map uses the old boundaries, from before the "
                       "2023 redraw. True? Which precinct file is it built on?"}),
        Fact("gotcha-loader", "gotcha", [".observablehq/cache"],
             ["i rebuilt the graphics but the candidate list is still last week's. why?",
              "how do I make the data loaders actually re-fetch when I build?"],
             "swingloft gotcha: Observable Framework reuses a data loader's cached output from "
             "src/.observablehq/cache unless the loader file itself changed, so rebuilds kept "
             "a stale candidates list; delete the cached output to re-run loaders (package.json's "
             "prebuild now clears it).",
             {"symptom": "county marked hal brennan withdrawn (still on the printed ballots) "
                         "and i rebuilt, but our sheriff card still lists him as a candidate",
              "trace": "$ npm run build\n  ...\n  load src/data/candidates.json → cached "
                       "(3 days ago)\n  42 pages built in 2.9s",
              "probe": [bash("ls -l src/.observablehq/cache/data/",
                             "-rw-r--r--  1 dev  staff  18211 Oct 24 16:02 candidates.json\n"
                             "-rw-r--r--  1 dev  staff   4410 Oct 24 16:02 races.json"),
                        bash("git log -1 --format=%cr -- src/data/candidates.json.js",
                             "9 days ago")],
              "explain": "Framework only re-runs a data loader when the loader's own file "
                         "changes; otherwise the build serves its last output from "
                         "src/.observablehq/cache. The loader script hasn't changed in nine "
                         "days, only the county's candidate list did, so the build reused a "
                         "three-day-old candidates.json. Deleting the cached output forces the "
                         "loader to run again.",
              "fix": [bash("rm -rf src/.observablehq/cache/data && npm run build",
                           "  load src/data/candidates.json.js → ran (1.4s)\n  load "
                           "src/data/races.json.js → ran (0.6s)\n  42 pages built in 4.8s"),
                      edit("package.json", "    \"build\": \"observable build\",\n",
                           "    \"prebuild\": \"rm -rf src/.observablehq/cache/data\",\n"
                           "    \"build\": \"observable build\",\n")],
              "done": "Rebuilt: Brennan shows as withdrawn. package.json's prebuild now clears "
                      "the cached data, so every build re-runs the loaders.",
              "repro": "npm run build 2>&1",
              "hunch": ("Maybe the county's API still has him active. Checking the source.",
                        bash("curl -s \"$ENR_BASE/candidates?contest=sheriff\" | jq -r '.[] | "
                             "select(.ballotName|test(\"BRENNAN\")) | .status'", "withdrawn")),
              "told": "The build isn't re-running the candidates loader, it's using a cached "
                      "copy",
              "panic": (DENISE, "why is Hal Brennan still on our sheriff card as a candidate?? "
                                "he withdrew last week, WE RAN A STORY ON IT")}),
        Fact("gotcha-winding", "gotcha", ["geojson-rewind"],
             ["the precinct map turned into one big filled rectangle after the shapes were "
              "re-exported. what causes that?",
              "anything I need to do to precinct geojson out of QGIS before d3 can draw it?"],
             "swingloft gotcha: GeoJSON exported from QGIS uses RFC 7946 (counter-clockwise) "
             "ring winding, which d3-geo reads as the whole globe minus the precinct, so the "
             "map became one filled rectangle; precinct shapes are rewound clockwise with "
             "@mapbox/geojson-rewind (rewind(gj, true)) before drawing.",
             {"symptom": "precinct map renders as one solid blob over the whole svg since i "
                         "re-exported the precincts from QGIS",
              "trace": "d3.geoBounds(precincts) -> [[-180, -90], [180, 90]]\n<path "
                       "class=\"precinct\" d=\"M0,0L960,0L960,600L0,600Z M412.3,188.1...\">",
              "probe": [bash("node -e \"const g=require('./src/data/precincts.json'); "
                             "const d3=require('d3-geo'); console.log(d3.geoArea("
                             "g.features[0]))\"", "12.566289342"),
                        bash("jq -r '.features[0].geometry.coordinates[0][0:3]' "
                             "src/data/precincts.json",
                             "[[-94.6121, 38.9012], [-94.5987, 38.9012], [-94.5987, "
                             "38.9120]]")],
              "explain": "QGIS wrote the new GeoJSON with RFC 7946 winding, exterior rings "
                         "counter-clockwise. d3-geo works on the sphere and reads ring order "
                         "the other way: a counter-clockwise exterior means everything except "
                         "this polygon, so each precinct fills the globe, which is why geoArea "
                         "is about 4π. Rewinding the rings clockwise with "
                         "@mapbox/geojson-rewind before the map draws fixes it.",
              "fix": [bash("npm i @mapbox/geojson-rewind", "added 2 packages in 1s"),
                      edit(pmap, "const shapes = precincts;\n",
                           "import rewind from \"npm:@mapbox/geojson-rewind\";\n\n// QGIS "
                           "exports RFC 7946 winding; d3-geo wants clockwise\nconst shapes = "
                           "rewind(precincts, true);\n")],
              "done": "The map draws all 143 precincts again.",
              "repro": "npm run build && node scripts/smoke-map.mjs",
              "hunch": ("Maybe the re-export changed the coordinate system. Checking the CRS.",
                        bash("jq '.crs' src/data/precincts.json", "null")),
              "told": "It's the ring order in the new export, d3 wants them the other way round",
              "panic": (THEO, "precinct map on staging is just a giant orange rectangle. did "
                              "someone break the shapes??")}),
        Fact("fals-socket", "falsified", ["WebSocket"],
             ["could we push updates to the results page instead of the browser checking "
              "every 30 seconds? tried before?",
              "why does the live page poll for new numbers instead of getting them pushed?"],
             "swingloft: pushing live results to readers over a WebSocket relay was tried and "
             "abandoned — every reader holds a connection to one box the CDN can't absorb, and "
             "it fell over under load (2024 primary; again at 20,000 simulated readers); the "
             "page polls the Fastly-cached results JSON every 30 seconds.",
             {"ask": "instead of every reader polling latest.json every 30s, push updates over "
                     "a websocket from a tiny node relay on elexbox. try it and run the load "
                     "test",
              "change": [write("relay/server.mjs",
                               "import {WebSocketServer} from \"ws\";\n\nconst wss = new "
                               "WebSocketServer({port: 8099});\nexport function broadcast(json) "
                               "{\n  for (const c of wss.clients) c.send(json);\n}\n"),
                         edit("src/components/liveResults.js",
                              "setInterval(refresh, 30_000);",
                              "connectRelay(\"wss://relay.bellhavencourier.com\");")],
              "broke": bash("k6 run load/readers.js --vus 20000 --duration 2m",
                            "  ws_sessions..........: 20000\n  ws_connecting........: "
                            "avg=4.1s p(95)=11.8s\n  ✗ update within 60s\n   ↳  41% — ✓ 8213 "
                            "/ ✗ 11787\nrelay: FATAL ERROR: Reached heap limit Allocation "
                            "failed - JavaScript heap out of memory", 99),
              "revert": bash("git checkout -- src/components/liveResults.js && rm -r relay && "
                             "git status --short", ""),
              "conclusion": "The page keeps polling. With a WebSocket relay every reader holds a "
                            "connection to our one box, the CDN can't cache or absorb any of it, "
                            "and under election-night load the relay runs out of memory and most "
                            "readers never get an update. Polling the CDN-cached JSON every 30 "
                            "seconds puts the load on Fastly, where it belongs.",
              "want": "polling every 30s feels so 2012. could the results page get pushed "
                      "updates instead?",
              "offer": "A small WebSocket relay could push each new results JSON to connected "
                       "readers as soon as the ingest writes it, instead of them polling. Want "
                       "me to sketch it?",
              "story": "ravi built a websocket relay for the 2024 primary. 35k people on the "
                       "page at 9pm, every one of them holding a socket to one box, the CDN "
                       "can't help you there, it fell over in ten minutes and we were dark "
                       "till 9:40. polling the json off fastly has never fallen over",
              "title": "Push results to readers over a WebSocket relay"}),
        Fact("fals-basemap", "falsified", ["Mapbox GL"],
             ["theo asked again about roads and town names under the precinct map. did we "
              "ever have a real slippy basemap?",
              "why is the precinct map flat svg instead of an interactive tile map?"],
             "swingloft: a Mapbox GL basemap under the precinct map was tried (2022 general) "
             "and rejected — per-load billing ran up a $1,900 overage, mapbox-gl blew the "
             "page's 250 kB JS budget and was slow on phones; the precinct map stays flat SVG "
             "with our own town labels.",
             {"ask": "theo wants a real basemap under the precinct map, roads and towns. add "
                     "mapbox gl with the precincts layered on top and run the budget check",
              "change": [bash("npm i mapbox-gl", "added 1 package in 2s"),
                         write("src/components/precinctBasemap.js",
                               "import mapboxgl from \"npm:mapbox-gl\";\n\nexport function "
                               "basemap(el, precincts) {\n  const map = new mapboxgl.Map({"
                               "container: el, style: \"mapbox://styles/mapbox/light-v11\"});\n"
                               "  map.on(\"load\", () => map.addSource(\"precincts\", {type: "
                               "\"geojson\", data: precincts}));\n  return map;\n}\n")],
              "broke": bash("npm run build && npm run budget",
                            "precinct page JS: 1,412 kB (budget 250 kB)\n  mapbox-gl.js "
                            "1,103 kB\n  d3 + app 309 kB\nFAIL over budget by 1,162 kB", 1),
              "revert": bash("npm uninstall mapbox-gl && git checkout -- src && git clean -fq "
                             "src/components && git status --short", "removed 1 package"),
              "conclusion": "No Mapbox GL basemap. mapbox-gl alone is over a megabyte of "
                            "JavaScript, several times the precinct page's 250 kB budget, and "
                            "Mapbox bills every map load, which on a big night is the overage we "
                            "had in 2022. The flat SVG precinct map with town labels from our own "
                            "layer stays.",
              "want": "theo keeps asking for roads and town names under the precinct map. can "
                      "we get a proper basemap in there?",
              "offer": "Mapbox GL JS with a light style and the precincts as a fill layer on "
                       "top would give roads and labels for free. Want me to wire it up?",
              "story": "we had a Mapbox basemap for the 2022 general. 240k map loads on the "
                       "night, way past the free tier, finance got a $1,900 bill and the page "
                       "crawled on phones. theo's own words: flat svg, our own town labels, "
                       "never again",
              "title": "Mapbox GL basemap under the precinct map"}),
    ]
    chatter = [
        "> swingloft@0.4.0 build",
        "> observable build",
        "  load src/data/races.json.js → cached",
        "  copy src/assets/courier-logo.svg",
        "  build src/index.md",
        "  build src/races/[slug].md (41 pages)",
        "  build src/precincts.md",
        " ✓ test/format.test.js (9 tests) 8ms",
        " ✓ test/palette.test.js (6 tests) 12ms",
        "  42 pages built in 3.4s",
        "(node:41872) ExperimentalWarning: CommonJS module loading is experimental",
        "[smoke] GET /elex/2025/ 200 (31 ms)",
        "[smoke] GET /elex/2025/races/sheriff 200 (18 ms)",
        "[smoke] page weight 212 kB",
    ]
    noise: list[Episode] = [
        look("how does formatPct round? theo says 49.95 showed as 50.0",
             "src/components/format.js",
             "export const formatPct = (x) => d3.format(\".1%\")(x);\n"
             "export const formatVotes = d3.format(\",\");\n",
             "formatPct is d3.format(\".1%\"), which rounds half away from zero, so 0.4995 "
             "becomes 50.0%. If Theo wants a 49.95% candidate never to read as 50, it needs to "
             "truncate instead of round."),
        find("which pages use the precinct map component", "precinctMap",
             ["src/precincts.md", "src/races/[slug].md"],
             "Two: the precincts overview page and the per-race page template."),
        tweak("hed on the index page should say 'Merriam County results', not 'Results'",
              "src/index.md", "# Results\n", "# Merriam County results\n", "Changed the hed."),
        run("how big is the build right now",
            "du -sh dist && find dist -name '*.js' | xargs du -ch | tail -1",
            "4.1M\tdist\n612K\ttotal", "dist/ is 4.1 MB in total, 612 KB of it JavaScript."),
        talk("d3.scaleLinear vs d3.scaleSqrt for sizing circles by votes?",
             "Use scaleSqrt (or scaleRadial) for circle radii: a circle's area grows with the "
             "square of its radius, so a linear radius scale makes a candidate with twice the "
             "votes look four times as big. scaleSqrt keeps area proportional to the value."),
        steps("what's different on staging vs main",
              [bash("git log --oneline origin/staging..main",
                    "7a3d19e race card: tighter spacing on mobile\n2c0e5f8 format: "
                    "thousands separators in precinct tooltips")],
              "Two commits on main that aren't on staging: mobile spacing on the race card and "
              "thousands separators in the precinct tooltips."),
        [Step(prompt="list of things theo wants before thursday's rehearsal"),
         Step(tools=[todo_write([("Tighter race cards on mobile", "completed",
                                  "Tightening race cards"),
                                 ("Tooltip copy for precincts with 0 reporting", "pending",
                                  "Writing tooltip copy"),
                                 ("Dark mode check", "pending", "Checking dark mode")])]),
         Step(text="Three items; the mobile cards are done, tooltip copy and the dark mode "
                   "check are left."),
         Step(prompt="tooltip copy done too, mark it"),
         Step(tools=[todo_write([("Tighter race cards on mobile", "completed",
                                  "Tightening race cards"),
                                 ("Tooltip copy for precincts with 0 reporting", "completed",
                                  "Writing tooltip copy"),
                                 ("Dark mode check", "pending", "Checking dark mode")])]),
         Step(text="Marked. Only the dark mode check left.")],
        steps("is there anything in the race pages that isn't accessible to screen readers?",
              [agent("Audit race pages for screen-reader gaps",
                     "Read src/races/[slug].md and the components it uses; list anything a "
                     "screen reader would miss (unlabelled SVGs, colour-only meaning, missing "
                     "table alternatives).",
                     "The race card's bars have no text alternative: the SVG has no <title> or "
                     "aria-label and the percentages are drawn as SVG text only. The precinct "
                     "map has a visually hidden table. Leading candidate is also indicated by "
                     "bold weight only.",
                     "9e2b71c0d4fa", "Explore", 6)],
              "Two gaps: the race card's bar chart has no text alternative (no <title> or "
              "aria-label), and the leader is shown by bold weight alone. The precinct map "
              "already has a hidden table."),
    ]
    return Project(
        "swingloft", "git@github.com:bellhaven-courier/swingloft.git",
        _files("swingloft", "The Courier's live election results graphics (Observable "
                            "Framework + D3).",
               {"observablehq.config.js": "export default {\n  title: \"Merriam County "
                                          "results\",\n  root: \"src\",\n};\n"}),
        _equip(facts, mates=["Theo", "Ravi"], handles=["tbrandt", "ravim"],
               channel="#graphics", chatter=chatter),
        noise, "aws")


# ------------------------------------------------------------------- inkbarrow
def inkbarrow() -> Project:
    embed = "inc/class-embed-block.php"
    blog = "inc/class-liveblog.php"
    rest = "inc/class-liveblog-rest.php"
    facts = [
        Fact("conv-remote", "convention", ["vip_safe_wp_remote_get"],
             ["what's the approved way to make an http request from the plugin's php on VIP?",
              "i need to pull a json file from the graphics server inside a block's php. "
              "anything i have to use?"],
             "inkbarrow (the WordPress VIP plugin): every outbound HTTP request from PHP uses "
             "vip_safe_wp_remote_get( $url, $fallback, 3, 2 ) with a short timeout and a "
             "fallback value — never wp_remote_get, file_get_contents or curl (VIP's code "
             "review rejects them).",
             {"task": "the embed block needs the race's display name server-side for the "
                      "fallback text. fetch it from the graphics' races.json",
              "rule": "on VIP we don't use wp_remote_get. anything outbound goes through "
                      "vip_safe_wp_remote_get() with a short timeout and a fallback, so if the "
                      "graphics host is slow the article page doesn't hang. VIP's review "
                      "bounces it otherwise",
              "from": RAVI,
              "memo": "PSA before anyone touches the plugin this week: VIP's review bot bounced "
                      "our PR again. Any HTTP call from PHP = vip_safe_wp_remote_get( $url, "
                      "$fallback, 3, 2 ). Not wp_remote_get, not file_get_contents, not curl. "
                      "It fails fast and backs off when the other end is slow.",
              "contrary": edit(embed, "\t\t$title = $slug;\n",
                               "\t\t$response = wp_remote_get( INKBARROW_GRAPHICS_BASE . "
                               "'races.json' );\n\t\t$races    = json_decode( "
                               "wp_remote_retrieve_body( $response ), true );\n\t\t$title    = "
                               "$races[ $slug ]['name'] ?? $slug;\n"),
              "follow": [edit(embed, "\t\t$title = $slug;\n",
                              "\t\t$races = wp_cache_get( 'races', 'inkbarrow' );\n\t\tif ( "
                              "false === $races ) {\n\t\t\t$body  = vip_safe_wp_remote_get( "
                              "INKBARROW_GRAPHICS_BASE . 'races.json', '', 3, 2 );\n\t\t\t"
                              "$races = is_wp_error( $body ) ? [] : (array) json_decode( "
                              "wp_remote_retrieve_body( $body ), true );\n\t\t\t"
                              "wp_cache_set( 'races', $races, 'inkbarrow', MINUTE_IN_SECONDS "
                              ");\n\t\t}\n\t\t$title = $races[ $slug ]['name'] ?? $slug;\n"),
                         bash("composer test -- --filter Embed_Block_Test",
                              "PHPUnit 9.6.21 by Sebastian Bergmann and contributors.\n\n"
                              ".....                                                5 / 5 "
                              "(100%)\n\nOK (5 tests, 11 assertions)")],
              "done": "The block fetches races.json through vip_safe_wp_remote_get (2-second "
                      "timeout, empty fallback) and caches the list for a minute in the object "
                      "cache; if the graphics host is slow the title falls back to the race "
                      "slug."}),
        Fact("conv-updates", "convention", ["lb-update"],
             ["kim fixed a wrong number in a published live blog post by just editing it. is "
              "that allowed?",
              "how are corrections to live blog entries supposed to look?"],
             "inkbarrow live blog rule (standards): a published entry is never silently "
             "edited — the original text stays and the correction is appended as a <p "
             "class=\"lb-update\"> line with the AP-style time ('Updated 9:42 p.m.: ...').",
             {"task": "kim wants an 'edit entry' button in the live blog admin so she can fix "
                      "numbers on an entry that's already published. build the save handler",
              "rule": "never silently edit a published live blog entry. corrections get "
                      "appended as a <p class=\"lb-update\"> line with the time, AP style "
                      "('Updated 9:42 p.m.: ...'), and the original text stays. standards "
                      "rule, not mine",
              "from": DENISE,
              "memo": "Standards reminder for the live blog Tuesday: if an entry was wrong, we "
                      "don't quietly fix it. Leave the original and add an update line at the "
                      "bottom (\"Updated 9:42 p.m.: ...\"). Kim says the plugin has a style for "
                      "it, the lb-update paragraph. Use it.",
              "contrary": edit(blog,
                               "\tpublic function save_edit( int $entry_id, string $note ): "
                               "void {\n\t}\n",
                               "\tpublic function save_edit( int $entry_id, string $note ): "
                               "void {\n\t\twp_update_post( [ 'ID' => $entry_id, "
                               "'post_content' => wp_kses_post( $note ) ] );\n\t}\n"),
              "follow": [edit(blog,
                              "\tpublic function save_edit( int $entry_id, string $note ): "
                              "void {\n\t}\n",
                              "\tpublic function save_edit( int $entry_id, string $note ): "
                              "void {\n\t\t$entry = get_post( $entry_id );\n\t\tif ( 'publish' "
                              "!== $entry->post_status ) {\n\t\t\twp_update_post( [ 'ID' => "
                              "$entry_id, 'post_content' => wp_kses_post( $note ) ] );\n\t\t\t"
                              "return;\n\t\t}\n\t\t// published: keep the original, append a "
                              "dated update line\n\t\t$stamp = wp_date( 'g:i' ) . ( 'am' === "
                              "wp_date( 'a' ) ? ' a.m.' : ' p.m.' );\n\t\t$line  = sprintf( '<p "
                              "class=\"lb-update\">Updated %s: %s</p>', esc_html( $stamp ), "
                              "wp_kses_post( $note ) );\n\t\twp_update_post( [ 'ID' => "
                              "$entry_id, 'post_content' => $entry->post_content . $line ] );\n"
                              "\t}\n"),
                         bash("composer test -- --filter Liveblog_Edit_Test",
                              "....                                                 4 / 4 "
                              "(100%)\n\nOK (4 tests, 9 assertions)")],
              "done": "Editing a published entry keeps the original text and appends a <p "
                      "class=\"lb-update\"> line ('Updated 9:42 p.m.: ...') with Kim's note; "
                      "drafts are still edited in place."}),
        Fact("cmd-devenv", "command", ["vip dev-env exec"],
             ["how do I run wp-cli commands against my local copy of the site?",
              "the plugin's seed command says it can't find a wordpress install. what's the "
              "right way to run it?"],
             "inkbarrow: WP-CLI commands for the local site run inside VIP's dev-env "
             "containers, e.g. `vip dev-env exec --slug=courier -- wp inkbarrow seed-races`; "
             "plain `wp` on the host finds no WordPress install.",
             {"goal": "seed the local site with the EN races so i can test the embed block. "
                      "there's a wp-cli command for it in the plugin",
              "fail": bash("wp inkbarrow seed-races",
                           "Error: This does not seem to be a WordPress installation.\nThe used "
                           "path is: /home/dev/src/inkbarrow/\nPass --path=`path/to/wordpress` "
                           "or run `wp core download`.", 1),
              "note": "WP-CLI on the host has no WordPress to talk to: the local site runs in "
                      "VIP's dev-env containers, so WP-CLI has to run in there.",
              "ok": bash("vip dev-env exec --slug=courier -- wp inkbarrow seed-races",
                         "Running command in courier...\nSeeded 41 races (3 nonpartisan)\n"
                         "Success: Done."),
              "done": "Seeded 41 races into the local courier site.",
              "hint": (RAVI, "wp-cli runs inside the dev-env, not on your laptop. `vip dev-env "
                             "exec --slug=courier -- wp <whatever>`"),
              "label": "WP-CLI against the local site"}),
        Fact("cmd-phpcs", "command", ["vendor/bin/phpcs"],
             ["how do i lint the plugin against VIP's coding standards locally?",
              "phpcs on my laptop says the VIP sniffs don't exist. what's the right way to run "
              "it?"],
             "inkbarrow: check VIP's coding standards with the repo's own `vendor/bin/phpcs -p "
             "-s` after `composer install` (.phpcs.xml.dist selects WordPress-VIP-Go); a "
             "global phpcs has no VIP sniffs.",
             {"goal": "run the VIP standards check before i open the PR, ravi says VIP's bot "
                      "will bounce it otherwise",
              "fail": bash("phpcs --standard=WordPress-VIP-Go .",
                           "ERROR: Referenced sniff \"WordPress-VIP-Go\" does not exist", 3),
              "note": "The global phpcs doesn't have the VIP standards. The repo pins them in "
                      "composer (the installer plugin registers them) and .phpcs.xml.dist "
                      "already selects WordPress-VIP-Go, so the project's own binary needs no "
                      "--standard.",
              "ok": bash("vendor/bin/phpcs -p -s",
                         "........W.. 11 / 11 (100%)\n\nFILE: inc/class-embed-block.php\n"
                         "-----------------------------------------------------------\nFOUND 0 "
                         "ERRORS AND 1 WARNING AFFECTING 1 LINE\n 64 | WARNING | json_encode() "
                         "is discouraged. Use wp_json_encode() instead.\n    |         "
                         "(WordPress.WP.AlternativeFunctions.json_encode_json_encode)\n\nTime: "
                         "1.9 secs; Memory: 18MB"),
              "done": "No errors, one warning: line 64 of the embed block uses json_encode where "
                      "VIP wants wp_json_encode.",
              "hint": (RAVI, "global phpcs won't have the VIP sniffs. composer install, then "
                             "`vendor/bin/phpcs -p -s`, the ruleset's in .phpcs.xml.dist"),
              "label": "VIP coding standards"}),
        Fact("env-preprod", "environment", ["bhcourier-preprod"],
             ["where can kim rehearse the live blog without touching the real site?",
              "what's the address of the non-production VIP environment?"],
             "inkbarrow: to rehearse or test (the live blog, the embed block) without touching "
             "the real site, use the WordPress VIP preprod environment "
             "https://bhcourier-preprod.go-vip.net (app 4128, login-protected); production is "
             "www.bellhavencourier.com (app 4127).",
             {"goal": "where's the preprod site on VIP? want to test the block against real "
                      "content",
              "probe": [bash("vip app bellhaven-courier",
                             "┌──────┬────────────┬────────────┬──────────────────────────────"
                             "───┐\n│ id   │ name       │ type       │ primaryDomain         "
                             "           │\n│ 4127 │ production │ production │ "
                             "www.bellhavencourier.com         │\n│ 4128 │ preprod    │ "
                             "preprod    │ bhcourier-preprod.go-vip.net     │\n└──────┴──────"
                             "──────┴────────────┴─────────────────────────────────┘"),
                        bash("curl -sI https://bhcourier-preprod.go-vip.net/ | head -2",
                             "HTTP/2 302\nlocation: https://bhcourier-preprod.go-vip.net/"
                             "wp-login.php?redirect_to=%2F")],
              "confirm": "Preprod is the VIP environment at https://bhcourier-preprod.go-vip.net "
                         "(app 4128). It's login-protected, so sign in with your VIP account. "
                         "Production is www.bellhavencourier.com (app 4127).",
              "guess": "preprod is still staging.bellhavencourier.com like the old setup",
              "asker": KIM,
              "asked": "want to rehearse the live blog on something that isn't the real site "
                       "— what's the preprod address again and do I need a login?"}),
        Fact("env-deploy", "environment", ["wpcomvip/bellhaven-courier"],
             ["i merged a fix to the plugin and the live site didn't change. what's the actual "
              "deploy path?",
              "which repo do i have to merge into for a plugin change to reach production?"],
             "inkbarrow reaches the live site only through VIP's repository "
             "wpcomvip/bellhaven-courier, where it's a submodule at plugins/inkbarrow: bump the "
             "submodule there and merge to its preprod branch (preprod) or master "
             "(production); merging in inkbarrow alone deploys nothing.",
             {"goal": "how does the plugin actually get onto the live site? i merged to main "
                      "last week and nothing changed",
              "probe": [bash("git -C ../vip-site remote get-url origin && git -C ../vip-site "
                             "submodule status",
                             "git@github.com:wpcomvip/bellhaven-courier.git\n 3f1c2a9 "
                             "plugins/inkbarrow (v1.7.2)"),
                        bash("gh api repos/wpcomvip/bellhaven-courier/branches --jq '.[].name'",
                             "develop\nmaster\npreprod")],
              "confirm": "The live site deploys from VIP's repository, wpcomvip/bellhaven-"
                         "courier, where the plugin is a submodule at plugins/inkbarrow "
                         "(still at v1.7.2). Merging here deploys nothing by itself: bump the "
                         "submodule in wpcomvip/bellhaven-courier and merge that to its preprod "
                         "branch for preprod, and to master for production.",
              "guess": "merging to main in the plugin repo deploys it to the site",
              "asker": DENISE,
              "asked": "The fix for the live blog timestamps: is that on the real site yet? How "
                       "do I know when something you merged is actually live?"}),
        Fact("gotcha-edge", "gotcha", ["rest_post_dispatch"],
             ["logged-out readers were seeing a live blog several minutes behind. what was "
              "causing it?",
              "how long does the edge cache keep the live blog's json for anonymous "
              "visitors, and where's that set?"],
             "inkbarrow gotcha: VIP's edge cache served the live blog REST route "
             "(/wp-json/inkbarrow/v1/entries) to logged-out readers with the default "
             "max-age=300, so they saw entries up to five minutes old; a rest_post_dispatch "
             "filter now sets Cache-Control max-age=10 on that route.",
             {"symptom": "live blog froze for logged-out readers in the rehearsal. logged in "
                         "(me) it updates fine, incognito shows entries from 5 min ago",
              "trace": "$ curl -sI 'https://www.bellhavencourier.com/wp-json/inkbarrow/v1/"
                       "entries?post=88121' | grep -iE 'cache|age'\ncache-control: "
                       "max-age=300, must-revalidate\nx-cache: hit\nage: 241",
              "probe": [read(rest,
                             "\tpublic function register(): void {\n\t\tregister_rest_route( "
                             "'inkbarrow/v1', '/entries', [\n\t\t\t'methods'             => "
                             "'GET',\n\t\t\t'callback'            => [ $this, 'entries' ],\n"
                             "\t\t\t'permission_callback' => '__return_true',\n\t\t] );\n\t}\n")],
              "explain": "Logged-out requests to our REST route are served from VIP's edge "
                         "cache, and since the route sends no Cache-Control of its own it gets "
                         "the default five minutes (max-age=300): anonymous readers polling for "
                         "new entries get the same cached list for up to five minutes. "
                         "Logged-in requests bypass the cache, which is why it looked fine to "
                         "you. A rest_post_dispatch filter that sets a short max-age on the "
                         "entries route fixes it.",
              "fix": [edit(rest,
                           "\tpublic function register(): void {\n",
                           "\tpublic function register(): void {\n\t\tadd_filter( "
                           "'rest_post_dispatch', [ $this, 'short_cache' ], 10, 3 );\n"),
                      edit(rest, "\tpublic function entries( WP_REST_Request $request ) {\n",
                           "\tpublic function short_cache( $response, $server, $request ) {\n"
                           "\t\tif ( str_starts_with( $request->get_route(), "
                           "'/inkbarrow/v1/entries' ) ) {\n\t\t\t$response->header( "
                           "'Cache-Control', 'max-age=10, must-revalidate' );\n\t\t}\n\t\treturn "
                           "$response;\n\t}\n\n\tpublic function entries( WP_REST_Request "
                           "$request ) {\n")],
              "done": "Anonymous requests to the entries route now come back with max-age=10; "
                      "an incognito window picks up a new entry within about ten seconds.",
              "repro": "npx playwright test tests/e2e/liveblog-anon.spec.ts",
              "hunch": ("Maybe the front-end poller stopped. Checking the interval first.",
                        bash("grep -n setInterval src/liveblog/poller.js",
                             "14:  setInterval(fetchEntries, 15000);")),
              "told": "VIP's edge cache is holding the entries endpoint for anonymous readers",
              "panic": (KIM, "LIVE BLOG IS STUCK for readers?? my partner's phone shows the "
                             "8:50 entry, it's 8:56 and we've posted 3 since")}),
        Fact("gotcha-kses", "gotcha", ["render_callback"],
             ["why did the results embed vanish from posts written by contributors but not "
              "from mine?",
              "how does the embed block get its iframe onto the page, given stringers can't "
              "save raw html?"],
             "inkbarrow gotcha: the results embed block (courier/elex-embed) renders its "
             "iframe in PHP through a render_callback (save() returns null) because "
             "contributors and authors lack unfiltered_html, and kses stripped the saved "
             "<iframe> so the embed vanished from their posts but not from editors'.",
             {"symptom": "stringer posts with the results embed come out empty. the block is "
                         "there in the editor but on the page, nothing. my own posts are fine",
              "trace": "post 88140 (author: tmercer, role: contributor)\npost_content:\n<!-- "
                       "wp:courier/elex-embed {\"race\":\"county-exec\"} -->\n<div "
                       "class=\"wp-block-courier-elex-embed\"></div>\n<!-- "
                       "/wp:courier/elex-embed -->",
              "probe": [read("blocks/elex-embed/save.js",
                             "export default function save( { attributes } ) {\n\treturn (\n"
                             "\t\t<div { ...useBlockProps.save() }>\n\t\t\t<iframe src={ "
                             "graphicsUrl( attributes.race ) } title={ attributes.title } />\n"
                             "\t\t</div>\n\t);\n}\n")],
              "explain": "The block saves its <iframe> into post_content from the editor. "
                         "Contributors and authors don't have the unfiltered_html capability, "
                         "so WordPress's kses filter strips the iframe when they save and "
                         "leaves the empty div; editors and admins keep it, which is why your "
                         "posts work. The fix is a dynamic block: save only the attributes and "
                         "render the iframe in PHP through a render_callback, so nothing in "
                         "post_content has to survive kses.",
              "fix": [edit("blocks/elex-embed/save.js",
                           "export default function save( { attributes } ) {\n\treturn (\n"
                           "\t\t<div { ...useBlockProps.save() }>\n\t\t\t<iframe src={ "
                           "graphicsUrl( attributes.race ) } title={ attributes.title } />\n"
                           "\t\t</div>\n\t);\n}\n",
                           "// dynamic block: PHP renders the iframe (kses strips it for "
                           "contributors)\nexport default function save() {\n\treturn null;\n"
                           "}\n"),
                      edit(embed, "\t\tregister_block_type( INKBARROW_DIR . "
                                  "'blocks/elex-embed' );\n",
                           "\t\tregister_block_type( INKBARROW_DIR . 'blocks/elex-embed', [\n"
                           "\t\t\t'render_callback' => [ $this, 'render' ],\n\t\t] );\n")],
              "done": "Re-saved 88140 as the stringer: the page renders the county-exec iframe. "
                      "Older posts work as they are, since the markup comes from PHP now.",
              "repro": "composer test -- --filter Embed_Block_Roles_Test",
              "hunch": ("Maybe the block's front-end assets aren't loading. Checking the "
                        "rendered page.",
                        bash("curl -s 'https://www.bellhavencourier.com/?p=88140' | grep -c "
                             "'elex-embed'", "3")),
              "told": "Kses is stripping the iframe because stringers don't have "
                      "unfiltered_html",
              "panic": (KIM, "all 4 stringer posts from the candidate forums have EMPTY results "
                             "boxes. mine work?? what is different")}),
        Fact("fals-cron", "falsified", ["WP-Cron"],
             ["why doesn't wordpress fetch the totals on a schedule and render them "
              "server-side?",
              "was a scheduled pull inside the plugin ever tried for the sidebar numbers?"],
             "inkbarrow: pulling results totals into post meta on a one-minute WP-Cron schedule "
             "was tried (August primary) and dropped — VIP's cron runner fired the events "
             "minutes late and each post meta write purged the article's page cache; the "
             "sidebar reads the CDN's results JSON in the browser.",
             {"ask": "have the plugin pull the latest totals into post meta every minute with "
                     "WP-Cron, so the article sidebar can show numbers without the browser "
                     "fetching the graphics json. then run the freshness test",
              "change": [edit("inkbarrow.php", "require_once INKBARROW_DIR . "
                                               "'inc/class-liveblog.php';\n",
                              "require_once INKBARROW_DIR . 'inc/class-liveblog.php';\n\n"
                              "add_action( 'init', function () {\n\tif ( ! wp_next_scheduled( "
                              "'inkbarrow_pull_totals' ) ) {\n\t\twp_schedule_event( time(), "
                              "'inkbarrow_minute', 'inkbarrow_pull_totals' );\n\t}\n} );\n")],
              "broke": bash("composer test -- --filter Sidebar_Freshness_Test",
                            "F..                                                  3 / 3 "
                            "(100%)\n\n1) Sidebar_Freshness_Test::test_totals_no_older_than_90s"
                            "\nFailed asserting that 312 is less than 90.\n(event "
                            "inkbarrow_pull_totals ran at +0s, +312s; scheduled every 60s)\n\n"
                            "FAILURES!\nTests: 3, Assertions: 7, Failures: 1.", 1),
              "revert": bash("git checkout -- inkbarrow.php && git status --short", ""),
              "conclusion": "The sidebar doesn't use WP-Cron. WP-Cron events don't run on a clock:"
                            " on VIP the cron runner picks up due events in batches, so a one-"
                            "minute event runs minutes late, which on the night is a sidebar "
                            "minutes behind the graphics. Every run also writes post meta, which "
                            "purges the article's page cache each time. The sidebar keeps reading "
                            "the results JSON from the CDN in the browser.",
              "want": "could the sidebar numbers come from wordpress itself, pulled on a "
                      "schedule, instead of the browser grabbing the json?",
              "offer": "A WP-Cron event every minute could pull the totals into post meta and "
                       "the sidebar would render them server-side. Want me to add it?",
              "story": "we tried WP-Cron for exactly this in the august primary. events fired "
                       "whenever VIP's cron runner felt like it, 4-6 min late, and every meta "
                       "write purged the article page cache so the site got hammered. kim had "
                       "readers emailing that our sidebar was behind channel 9. browser reads "
                       "the CDN json, full stop",
              "title": "Pull totals into post meta with WP-Cron"}),
        Fact("fals-amp", "falsified", ["amp-live-list"],
             ["seo keeps asking whether we should do an AMP version of the election live "
              "blog. have we?",
              "did the live blog ever have a google-cache mobile version? how did that go?"],
             "inkbarrow: an AMP live blog with amp-live-list was tried (2020) and rejected — "
             "the results embeds became amp-iframes that wouldn't render near the top of the "
             "page and it lagged the real blog; Google no longer requires AMP for Top Stories, "
             "so there's only the normal live blog.",
             {"ask": "make the live blog work as AMP, amp-live-list so google's cache updates "
                     "it. AMP plugin's already on the site. build the template and validate a "
                     "rehearsal post",
              "change": [write("templates/amp/liveblog.php",
                               "<amp-live-list id=\"election-blog\" data-poll-interval=\"15000\" "
                               "data-max-items-per-page=\"20\">\n\t<button update "
                               "on=\"tap:election-blog.update\">New updates</button>\n\t<div "
                               "items>\n\t\t<?php inkbarrow_amp_entries(); ?>\n\t</div>\n"
                               "</amp-live-list>\n")],
              "broke": bash("npx amphtml-validator 'http://courier.vipdev.lndo.site/"
                            "?p=88121&amp=1'",
                            "http://courier.vipdev.lndo.site/?p=88121&amp=1:41:6 The tag "
                            "'iframe' may only appear as a descendant of tag 'noscript'. Did "
                            "you mean 'amp-iframe'?\nhttp://courier.vipdev.lndo.site/?p=88121"
                            "&amp=1:41:6 amp-iframe: must not appear in the first 75% of the "
                            "viewport or 600px from the top\nFAIL", 1),
              "revert": bash("rm -r templates/amp && git status --short", ""),
              "conclusion": "No AMP live blog. amp-live-list can't poll faster than every 15 "
                            "seconds, and the results embeds would have to become amp-iframes, "
                            "which AMP won't show near the top of the page, so readers get a live "
                            "blog without the live numbers. Google stopped requiring AMP for Top "
                            "Stories anyway; the normal live blog stays the only one.",
              "want": "the seo person says AMP would get the live blog into google's top "
                      "stories carousel. worth doing?",
              "offer": "The AMP plugin plus an amp-live-list template would let Google's AMP "
                       "cache serve and refresh the live blog. Want me to build the template?",
              "story": "we did an AMP live blog in 2020 with amp-live-list. the embeds got "
                       "mangled into amp-iframes that wouldn't render above the fold, people on "
                       "google's cache saw a live blog with no numbers, and it lagged ours by "
                       "minutes. google dropped the AMP requirement for top stories in 2021 "
                       "anyway. no",
              "title": "AMP live blog with amp-live-list"}),
    ]
    chatter = [
        "PHPUnit 9.6.21 by Sebastian Bergmann and contributors.",
        "Runtime:       PHP 8.2.24",
        "Configuration: /home/dev/src/inkbarrow/phpunit.xml.dist",
        "Installing WordPress test suite ... done",
        "Not running ajax tests. To execute these, use --group ajax.",
        "Running 3 tests using 1 worker",
        "  ✓  1 [chromium] › liveblog.spec.ts:12:5 › shows the newest entry first (2.1s)",
        "  ✓  2 [chromium] › liveblog.spec.ts:31:5 › pins the top entry (1.4s)",
        "[WebServer] GET /wp-json/inkbarrow/v1/entries?post=88121 200",
        "Time: 00:02.114, Memory: 40.50 MB",
        "OK, but there were issues!",
        "Deprecated: Creation of dynamic property is deprecated in wp-includes/class-wp.php",
        "[webpack-cli] Compiled successfully in 1822 ms",
        "asset index.js 14.2 KiB [emitted] [minimized] (name: index)",
    ]
    noise: list[Episode] = [
        look("what does the live blog's pin feature actually store",
             blog,
             "\tpublic function pin( int $entry_id ): void {\n\t\tupdate_post_meta( "
             "$this->post_id, '_inkbarrow_pinned', $entry_id );\n\t}\n",
             "Just the pinned entry's ID, in the live blog post's _inkbarrow_pinned meta; one "
             "pinned entry per live blog, and pinning another replaces it."),
        find("where do we register the liveblog_entry post type", "register_post_type",
             ["inc/class-liveblog.php"],
             "Only in inc/class-liveblog.php."),
        tweak("the block's label in the inserter says 'Elex embed', make it 'Election "
              "results'", "blocks/elex-embed/block.json", "\"title\": \"Elex embed\",",
              "\"title\": \"Election results\",", "Renamed in block.json."),
        run("is the block js build current or do i need to rebuild",
            "npm run build 2>&1 | tail -3",
            "asset index.js 14.2 KiB [emitted] [minimized] (name: index)\nasset "
            "index.asset.php 178 bytes [emitted] (name: index)\nwebpack 5.95.0 compiled "
            "successfully in 1822 ms",
            "Rebuilt; it compiled cleanly. Commit build/ if the block changed."),
        talk("esc_html vs esc_attr vs wp_kses_post, when do i use which",
             "esc_html for text that goes between tags, esc_attr for anything inside an HTML "
             "attribute value, esc_url for URLs in href/src, and wp_kses_post when the value "
             "is HTML you want to allow a safe subset of (post content). Escape as late as "
             "possible, at the point of output."),
        steps("what changed in the plugin since the last release",
              [bash("git log --oneline v1.7.2..HEAD",
                    "e81c0a4 liveblog: pin an entry\n5d2b9f3 embed: aspect-ratio for mobile\n"
                    "a07e6d1 i18n: load text domain on init")],
              "Three commits since v1.7.2: entry pinning, a mobile aspect ratio for the embed, "
              "and loading the text domain on init."),
        [Step(prompt="list for the live blog rehearsal with kim"),
         Step(tools=[todo_write([("Create rehearsal live blog post", "pending",
                                  "Creating the rehearsal post"),
                                 ("Post 10 entries from two accounts", "pending",
                                  "Posting entries"),
                                 ("Check pinning and embeds on mobile", "pending",
                                  "Checking pinning and embeds")])]),
         Step(text="Three steps: the rehearsal post, ten entries from two accounts, then "
                   "pinning and embeds on mobile."),
         Step(prompt="and delete the rehearsal post after"),
         Step(tools=[todo_write([("Create rehearsal live blog post", "pending",
                                  "Creating the rehearsal post"),
                                 ("Post 10 entries from two accounts", "pending",
                                  "Posting entries"),
                                 ("Check pinning and embeds on mobile", "pending",
                                  "Checking pinning and embeds"),
                                 ("Delete the rehearsal post", "pending",
                                  "Deleting the rehearsal post")])]),
         Step(text="Added the clean-up at the end.")],
        steps("are all the strings in the admin screens translatable?",
              [agent("Find untranslated admin strings",
                     "Look through inc/ and the block's JS for user-facing strings that aren't "
                     "wrapped in __(), esc_html__() or the JS i18n functions with the "
                     "inkbarrow text domain.",
                     "Two strings aren't wrapped: 'Pin entry' in inc/class-liveblog.php (line "
                     "212, a raw string in a button) and 'Race' in the block's inspector panel "
                     "label (edit.js line 40). Everything else uses the inkbarrow text domain.",
                     "5b07d3e2aa19", "Explore", 5)],
              "Two misses: the 'Pin entry' button label in class-liveblog.php and the 'Race' "
              "panel label in the block's edit.js."),
    ]
    return Project(
        "inkbarrow", "git@github.com:bellhaven-courier/inkbarrow.git",
        _files("inkbarrow", "The Courier's WordPress VIP plugin: election embeds and the live "
                            "blog.",
               {"inkbarrow.php": "<?php\n/**\n * Plugin Name: inkbarrow\n */\n",
                "composer.json": "{\n  \"name\": \"bellhaven-courier/inkbarrow\"\n}\n"}),
        _equip(facts, mates=["Kim", "Ravi"], handles=["kaldana", "ravim"],
               channel="#webdesk", chatter=chatter),
        noise, "github")


# ------------------------------------------------------------------- pollquarry
def pollquarry() -> Project:
    importer = "lib/importers/canvass_csv.rb"
    facts = [
        Fact("conv-names", "convention", ["ballot_name"],
             ["a reader says we misspelled a candidate in the 2004 results. should i correct "
              "it in the archive?",
              "how should candidate names be stored when importing an old year, cleaned up or "
              "as-is?"],
             "pollquarry (the past-elections archive): candidate names are stored in "
             "ballot_name exactly as printed on that year's ballot (nicknames, initials, Jr.), "
             "never normalized or corrected; the same person across years is linked by "
             "person_id from people.csv.",
             {"task": "sofia finished keying 2006. import it. heads up the names are messy, "
                      "lots of nicknames and Jr variants",
              "rule": "candidate names go in exactly as printed on that year's ballot, "
                      "nicknames, middle initials, Jr, whatever, into ballot_name. don't "
                      "normalize or fix them. the person link across years is person_id from "
                      "people.csv, that's where 'same human' lives",
              "from": DENISE,
              "memo": "From the research desk, via me: please do not \"clean up\" candidate "
                      "names in the archive. 'Bob' Hendricks in 2004 and Robert J. Hendricks in "
                      "2016 are how the ballots printed them, and that's the historical record. "
                      "Ravi says the column is ballot_name, and people.csv is what ties the "
                      "same person together.",
              "contrary": edit(importer, "      name: row[\"candidate\"],\n",
                               "      name: normalize_name(row[\"candidate\"]),  # title-case, "
                               "strip nicknames/suffixes\n"),
              "follow": [edit(importer, "      name: row[\"candidate\"],\n",
                              "      ballot_name: row[\"candidate\"],  # exactly as printed; "
                              "never normalized\n      person_id: people[row[\"candidate\"]],\n"),
                         bash("bundle exec ruby -Itest test/importers/canvass_csv_test.rb",
                              "Run options: --seed 4412\n\n# Running:\n\n......\n\nFinished in "
                              "0.214s, 28.03 runs/s\n6 runs, 14 assertions, 0 failures, 0 "
                              "errors, 0 skips")],
              "done": "2006 imports with every name in ballot_name exactly as keyed ('\"Bob\" "
                      "Hendricks', 'Lyle Marsh Jr.'), and person_id links the 9 returning "
                      "candidates through people.csv."}),
        Fact("conv-source", "convention", ["source_doc"],
             ["found an old results spreadsheet with nothing saying where the numbers came "
              "from. can it go into the archive?",
              "what does every row in the archive need before it's allowed in?"],
             "pollquarry: no source, no import — every results row going into the archive "
             "must carry source_doc, the filename of the scanned certified canvass its numbers "
             "came from; a file or spreadsheet that doesn't say where its numbers came from "
             "can't go in (the importer refuses rows without source_doc).",
             {"task": "import the 1998 special election file ravi found on the shared drive",
              "rule": "every results row needs source_doc, the filename of the scanned canvass "
                      "it was keyed from. no source, no import. if someone asks where'd you "
                      "get that number, we point at the scan",
              "from": DENISE,
              "memo": "Archive rule, and I will be checking: every number in the archive has "
                      "to trace back to the county's certified canvass. If a file doesn't say "
                      "which canvass document it came from, it doesn't go in. Ravi tells me "
                      "that's the source_doc field.",
              "contrary": edit(importer, "      source_doc: row[\"source_doc\"],\n",
                               "      source_doc: row[\"source_doc\"] || \"unknown\",\n"),
              "follow": [bash("head -3 data/canvass/1998-special/results.csv",
                              "precinct,contest,candidate,votes\n0007,County Commission "
                              "D2,Arlene Posey,412\n0007,County Commission D2,Walt "
                              "Oyelaran,388"),
                         edit(importer, "      source_doc: row[\"source_doc\"],\n",
                              "      source_doc: row.fetch(\"source_doc\") { raise "
                              "MissingSource, \"#{path}:#{lineno} has no source_doc\" },\n"),
                         bash("bundle exec ruby -Itest test/importers/canvass_csv_test.rb -n "
                              "/source/",
                              "Run options: -n /source/ --seed 1190\n\n..\n\n2 runs, 3 "
                              "assertions, 0 failures, 0 errors, 0 skips")],
              "done": "Didn't import 1998: the file has no source_doc column, so none of its "
                      "212 rows can be traced to a canvass. The importer now refuses rows "
                      "without source_doc instead of loading them blank. Once someone matches "
                      "it to the scanned canvass, it can go in."}),
        Fact("cmd-ingest", "command", ["canvass:ingest"],
             ["how do i load a newly keyed year of results into the archive db?",
              "rake keeps saying 'no matches found' when I pass it a year. what's the right "
              "way to call the import?"],
             "pollquarry: load a year of keyed results into the archive with `bundle exec rake "
             "'canvass:ingest[2006]'` — quoted, or zsh globs the brackets ('no matches "
             "found'); there is no import task.",
             {"goal": "load 2006 into the local archive db",
              "fail": bash("bundle exec rake import[2006]",
                           "zsh: no matches found: import[2006]", 1),
              "note": "zsh reads the square brackets as a glob, so rake never ran; the "
                      "argument needs quoting. The task is also canvass:ingest, not import.",
              "ok": bash("bundle exec rake 'canvass:ingest[2006]'",
                         "reading data/canvass/2006/*.csv (14 files)\n2006: 38 contests, 4,911 "
                         "precinct rows\nrebuilding search index ... done"),
              "done": "2006 is in: 38 contests, 4,911 precinct rows, and the search index is "
                      "rebuilt.",
              "hint": (RAVI, "it's `bundle exec rake 'canvass:ingest[2006]'`, quotes matter in "
                             "zsh or the brackets get globbed"),
              "label": "load a year into the archive"}),
        Fact("cmd-dokku", "command", ["main:master"],
             ["pushing the archive to dokku gets rejected by the pre-receive hook. what's the "
              "right push?",
              "how do I deploy the elections archive?"],
             "To deploy pollquarry (the elections archive) run `git push dokku main:master`: "
             "the Dokku app still deploys from master, so pushing main is rejected by the "
             "pre-receive hook.",
             {"goal": "deploy the archive, the 2006 data and the search fix",
              "fail": bash("git push dokku main",
                           "Enumerating objects: 23, done.\nremote:  !     Not deploying "
                           "branch main: this app deploys from master\nTo "
                           "newsapps-2.bellhaven.tools:pollquarry\n ! [remote rejected] main -> "
                           "main (pre-receive hook declined)\nerror: failed to push some refs to "
                           "'newsapps-2.bellhaven.tools:pollquarry'", 1),
              "note": "The Dokku app still deploys from master (it was set up before the repo "
                      "renamed its branch), so the push has to land on master on the remote.",
              "ok": bash("git push dokku main:master",
                         "remote: -----> Building pollquarry from herokuish\nremote: -----> "
                         "Ruby app detected\nremote: =====> Application deployed:\nremote:"
                         "        https://archive.bellhavencourier.com\nTo "
                         "newsapps-2.bellhaven.tools:pollquarry\n   8c1e2d4..b07a9f1  main -> "
                         "master"),
              "done": "Deployed: archive.bellhavencourier.com is serving b07a9f1.",
              "hint": (RAVI, "dokku app still deploys from master, we never renamed it there. "
                             "`git push dokku main:master`"),
              "label": "deploy the archive"}),
        Fact("env-storage", "environment", ["data/storage/pollquarry"],
             ["where is the live archive's sqlite file stored on the server?",
              "glenn wants the path of the archive's data for the backup job. what is it?"],
             "pollquarry's production SQLite database (archive.sqlite3) lives on a Dokku "
             "persistent storage mount, /var/lib/dokku/data/storage/pollquarry on newsapps-2, "
             "mounted at /app/db in the container; it is not baked into the image.",
             {"goal": "where does the prod archive db actually live? if the droplet dies do we "
                      "lose it",
              "probe": [bash("ssh dokku@newsapps-2.bellhaven.tools storage:list pollquarry",
                             "pollquarry volume bind-mounts:\n     "
                             "/var/lib/dokku/data/storage/pollquarry:/app/db"),
                        bash("ssh newsapps-2.bellhaven.tools 'ls -lh "
                             "/var/lib/dokku/data/storage/pollquarry'",
                             "-rw-r--r-- 1 32767 32767 412M Oct 27 03:10 archive.sqlite3")],
              "confirm": "Production's archive.sqlite3 (412 MB) is on a Dokku persistent "
                         "storage mount: /var/lib/dokku/data/storage/pollquarry on newsapps-2, "
                         "mounted into the container at /app/db. A redeploy keeps it; losing "
                         "the droplet loses it unless it's backed up somewhere else.",
              "guess": "the prod archive db gets baked into the image at deploy",
              "asker": GLENN,
              "asked": "doing a backup audit. the elections archive: is its data inside the "
                       "container or on a volume? path please"}),
        Fact("env-scans", "environment", ["courier-canvass-scans"],
             ["where do scanned canvass pdfs get uploaded so the archive can link them?",
              "which storage bucket holds the old canvass scans?"],
             "pollquarry's scanned canvass PDFs live in the DigitalOcean Spaces bucket "
             "courier-canvass-scans (region nyc3), one folder per year; the archive links to "
             "them from there.",
             {"goal": "where do the scanned canvass PDFs live? the archive links to them",
              "probe": [bash("grep -n SCANS config/settings.rb .env.example",
                             "config/settings.rb:9:  SCANS_BUCKET = ENV.fetch(\"SCANS_BUCKET\", "
                             "\"courier-canvass-scans\")\nconfig/settings.rb:10:  SCANS_REGION "
                             "= \"nyc3\"\n.env.example:4:SCANS_BUCKET=courier-canvass-scans"),
                        bash("s3cmd ls s3://courier-canvass-scans/ | head -3",
                             "                          DIR  s3://courier-canvass-scans/1998/\n"
                             "                          DIR  s3://courier-canvass-scans/2000/\n"
                             "                          DIR  s3://courier-canvass-scans/2002/")],
              "confirm": "The scanned canvass PDFs are in the DigitalOcean Spaces bucket "
                         "courier-canvass-scans (region nyc3), one folder per year; the archive "
                         "links to them there.",
              "guess": "the canvass scans are still in the google drive folder the interns "
                       "used",
              "asker": SOFIA,
              "asked": "where do I upload the 2006 canvass scans when I'm done? still the drive "
                       "folder or somewhere else now?"}),
        Fact("gotcha-fts", "gotcha", ["fts_quote"],
             ["why does the archive search crash on hyphenated or apostrophe names?",
              "what do we do to readers' search text before it goes into sqlite's full-text "
              "search?"],
             "pollquarry gotcha: readers' search text is quoted term by term with fts_quote "
             "(lib/fts_quote.rb) before it goes into SQLite FTS5 MATCH; unquoted, hyphenated "
             "or apostrophe names (Smith-Jones, O'Brien) and words like OR/NOT/NEAR are FTS5 "
             "query syntax and crashed the archive search ('fts5: syntax error').",
             {"symptom": "archive search 500s on some names. 'Posey' is fine, 'Smith-Jones' "
                         "and O'Brien blow up",
              "trace": "Sequel::DatabaseError: SQLite3::SQLException: fts5: syntax error near "
                       "\"-\"\n  app.rb:41:in `block (2 levels) in <class:App>'",
              "probe": [read("app.rb",
                             "      r.get \"search\" do\n        q = r.params[\"q\"].to_s.strip\n"
                             "        @hits = DB[:search].where(Sequel.lit(\"search MATCH ?\", "
                             "q)).limit(50).all\n        view \"search\"\n      end\n")],
              "explain": "The search box passes whatever the reader typed straight into FTS5's "
                         "MATCH, and FTS5 parses it as its own query language: a hyphen or an "
                         "apostrophe in a bare word is a syntax error, and OR, NOT and NEAR "
                         "are operators. Each term has to be wrapped as an FTS5 string (double "
                         "quotes, inner quotes doubled) before it goes into MATCH, which is what "
                         "a small fts_quote helper does.",
              "fix": [write("lib/fts_quote.rb",
                            "# Quote each word as an FTS5 string so readers' input is never "
                            "parsed as query syntax.\ndef fts_quote(q)\n  q.split.map { |t| "
                            "%(\"#{t.gsub('\"', '\"\"')}\") }.join(\" \")\nend\n"),
                      edit("app.rb", "Sequel.lit(\"search MATCH ?\", q)",
                           "Sequel.lit(\"search MATCH ?\", fts_quote(q))")],
              "done": "Smith-Jones, O'Brien and Near (Dale Near, 2002 council) all return "
                      "results now.",
              "repro": "bundle exec ruby -Itest test/search_test.rb",
              "hunch": ("Could be the index missing those rows. Checking the FTS table.",
                        bash("sqlite3 db/archive.sqlite3 \"select rowid, name from search "
                             "where name like 'Carla Smith%'\"", "8812|Carla Smith-Jones")),
              "told": "The search hands the raw input to FTS5 MATCH and the hyphen is being "
                      "read as query syntax",
              "panic": (DENISE, "archive search throws an error page for 'Smith-Jones'. she's "
                                "running for commission, people WILL search her tonight")}),
        Fact("gotcha-encoding", "gotcha", ["Windows-1252"],
             ["accented names from the older elections show up as garbage characters. why?",
              "what encoding are the county's pre-2006 results files in?"],
             "pollquarry gotcha: the county's pre-2006 canvass CSVs are Windows-1252, not UTF-8 "
             "(ñ is byte 0xF1), so names were mangled or the import raised 'invalid byte "
             "sequence'; the importer opens them with encoding 'Windows-1252:UTF-8'.",
             {"symptom": "1998-2004 imports: names like Peña and Nuñez come out as 'PeÃ±a' or "
                         "the import just dies",
              "trace": "ArgumentError: invalid byte sequence in UTF-8\n  "
                       "lib/importers/canvass_csv.rb:22:in `split'\n  "
                       "(data/canvass/2002/commission.csv line 118: \"Ruiz Pe\\xF1a, Tomas\")",
              "probe": [bash("file data/canvass/2002/*.csv | head -2",
                             "data/canvass/2002/commission.csv: ISO-8859 text, with CRLF line "
                             "terminators\ndata/canvass/2002/sheriff.csv:    ISO-8859 text, "
                             "with CRLF line terminators"),
                        bash("file data/canvass/2016/*.csv | head -1",
                             "data/canvass/2016/commission.csv: UTF-8 Unicode text")],
              "explain": "The pre-2006 files came out of the county's old Windows system and "
                         "are Windows-1252, not UTF-8: byte 0xF1 is ñ there and invalid in "
                         "UTF-8. Ruby reads them as UTF-8 and either raises or, where it gets "
                         "through, mangles the name. They have to be opened with encoding "
                         "\"Windows-1252:UTF-8\" (transcoded on read); 2006 on is UTF-8 "
                         "already.",
              "fix": [edit(importer, "    CSV.foreach(path, headers: true) do |row|\n",
                           "    # the county's pre-2006 exports are Windows-1252\n    enc = year "
                           "< 2006 ? \"Windows-1252:UTF-8\" : \"UTF-8\"\n    CSV.foreach(path, "
                           "headers: true, encoding: enc) do |row|\n")],
              "done": "Re-imported 2002: 'Tomas Ruiz Peña' and 'Nuñez' are right in the db and "
                      "on the search page.",
              "repro": "bundle exec ruby scripts/check_years.rb 1998 2004",
              "hunch": ("Maybe it's the page's font or charset, not the data. Checking the "
                        "stored bytes.",
                        bash("sqlite3 db/archive.sqlite3 \"select hex(name) from candidates "
                             "where name like 'Tomas Ruiz%'\"", "546F6D61732052756978205065C3"
                             "83C2B161")),
              "told": "The old county files aren't UTF-8, they're some Windows encoding",
              "panic": (DENISE, "archive has 'Tomas Ruiz PeÃ±a' on the 2002 commission race. "
                                "that's a real person who's running again, please fix before "
                                "someone screenshots it")}),
        Fact("fals-postgres", "falsified", ["pg_trgm"],
             ["could the archive do fuzzy name search with a proper database? was that ever "
              "attempted?",
              "why is the archive still on sqlite?"],
             "pollquarry: moving the archive to Postgres with pg_trgm for fuzzy name search "
             "was tried (spring 2023) and reverted — Postgres got OOM-killed on the 1 GB "
             "droplet and fuzzy queries were slow; the archive stays a read-only SQLite file "
             "with FTS5, rebuilt from the CSVs.",
             {"ask": "move the archive search off sqlite onto postgres with pg_trgm for fuzzy "
                     "name matching, people misspell candidates constantly. try it against a "
                     "local pg with the droplet's memory limits and run the search bench",
              "change": [edit("Gemfile", "gem \"sqlite3\", \"~> 2.1\"", "gem \"pg\", \"~> 1.5\""),
                         write("db/pg/001_trgm.sql",
                               "create extension if not exists pg_trgm;\ncreate index "
                               "candidates_name_trgm on candidates using gin (name "
                               "gin_trgm_ops);\n")],
              "broke": bash("bundle exec ruby scripts/bench_search.rb --db "
                            "postgres://localhost/pollquarry --memory 1g",
                            "query 'smith'            p95   38 ms\nquery 'jonson' (fuzzy)   "
                            "p95  410 ms\npostgres killed by the OOM killer in 4/10 runs (1g "
                            "limit)\nFAIL: p95 over the 150 ms budget", 1),
              "revert": bash("git checkout -- Gemfile && rm -r db/pg && bundle install --quiet "
                             "&& git status --short", ""),
              "conclusion": "The archive stays on SQLite. Postgres with pg_trgm does fuzzy "
                            "matching, but a database server next to the app on the 1 GB droplet "
                            "gets OOM-killed, fuzzy queries are slow, and a live database needs "
                            "backing up where a file rebuilt from the CSVs doesn't. A single read-"
                            "only SQLite file with FTS5 prefix search it is.",
              "want": "readers misspell names constantly. shouldn't the archive do fuzzy "
                      "matching like a real search engine?",
              "offer": "Postgres with the pg_trgm extension gives trigram similarity search, "
                       "so 'Jonson' finds 'Johnson'. Want me to move the archive to Postgres?",
              "story": "ravi moved it to postgres + pg_trgm in spring 2023 for exactly this. "
                       "the droplet is 1GB, postgres plus the app kept getting OOM-killed, and "
                       "suddenly we had to back up a live db instead of a file we can rebuild "
                       "from the CSVs. he moved it back to sqlite within a week",
              "title": "Archive search on Postgres with pg_trgm"}),
        Fact("fals-ocr", "falsified", ["Tesseract"],
             ["can we automate getting the numbers out of the old scanned canvasses instead of "
              "typing them in?",
              "has anyone tried machine-reading the 1990s canvass pdfs? how did it go?"],
             "pollquarry: OCR of the 1990s canvass scans with Tesseract was tried (2019 intern; "
             "again on 1994) and dropped — it misread digits (1 as 7, 3 as 8) and most "
             "contests didn't sum to the certified totals; old results are hand-keyed with "
             "double entry and checked against the certified totals.",
             {"ask": "instead of sofia typing the 1990s precinct results in by hand, OCR the "
                     "canvass scans with tesseract and parse the tables. try it on 1994 and "
                     "check the totals",
              "change": [bash("brew install tesseract",
                              "==> Pouring tesseract--5.4.1.arm64_sonoma.bottle.tar.gz\n🍺  "
                              "/opt/homebrew/Cellar/tesseract/5.4.1: 75 files, 33.2MB"),
                         write("scripts/ocr_canvass.rb",
                               "# OCR a year's canvass scans into precinct CSVs\nrequire "
                               "\"open3\"\n\nyear = ARGV.fetch(0)\nDir[\"scans/#{year}/*.pdf\"]"
                               ".each do |pdf|\n  text, _ = Open3.capture2(\"tesseract\", pdf, "
                               "\"-\", \"--psm\", \"6\")\n  File.write(\"data/canvass/#{year}/"
                               "#{File.basename(pdf, '.pdf')}.csv\", parse_table(text))\nend\n")],
              "broke": bash("bundle exec ruby scripts/ocr_canvass.rb 1994 && bundle exec ruby "
                            "scripts/check_totals.rb 1994",
                            "OCR 1994: 61 pages, 3,812 cells\ncheck_totals 1994: precinct sums "
                            "vs certified county totals\n  County Commission D1: sum 14,271 vs "
                            "certified 14,871 (diff 600)\n  Sheriff: sum 38,904 vs certified "
                            "38,964 (diff 60)\n  ...\nFAIL: 23 of 31 contests don't match the "
                            "certified totals", 1),
              "revert": bash("rm scripts/ocr_canvass.rb && rm -r data/canvass/1994 && git "
                             "status --short", ""),
              "conclusion": "Old results stay hand-keyed. Tesseract misreads digits on the 1990s "
                            "scans (7 for 1, 8 for 3), and most contests don't add up to the "
                            "certified totals afterwards; a number we can't trust can't go in the "
                            "archive. Hand-keying with double entry, checked against the certified"
                            " totals, stays.",
              "want": "hand-keying the 90s results is taking sofia forever. can't a computer "
                      "read the scans?",
              "offer": "Tesseract OCR on the canvass scans plus a table parser could produce "
                       "the precinct CSVs automatically. Want me to try it?",
              "story": "the 2019 intern tried OCR with tesseract on the 1990s scans. 1s read as "
                       "7s, 3s as 8s, half the contests didn't sum to the certified county "
                       "totals. we spent longer checking the OCR than keying would've taken. "
                       "double-keying by hand it is",
              "title": "OCR the 1990s canvass scans with Tesseract"}),
    ]
    chatter = [
        "Run options: --seed 30517",
        "# Running:",
        "reading data/canvass/2016/*.csv (16 files)",
        "2016: 44 contests, 5,702 precinct rows",
        "people.csv: 1,208 people, 3 new",
        "rebuilding search index ... done (11,904 rows)",
        "Finished in 1.482s, 20.24 runs/s, 61.38 assertions/s.",
        "I, [2025-10-27T03:10:04 #1]  INFO -- : GET /search?q=posey 200 12ms",
        "I, [2025-10-27T03:10:09 #1]  INFO -- : GET /races/2016/sheriff 200 31ms",
        "checking 2002: 31 contests",
        "  Sheriff: sum 41,227 vs certified 41,227 ok",
        "  County Commission D3: sum 9,118 vs certified 9,118 ok",
        "warning: data/canvass/2002/readme.txt skipped (not a csv)",
        "Puma starting in single mode...",
    ]
    noise: list[Episode] = [
        look("what does the race page show when a precinct reported zero votes",
             "views/race.erb",
             "<% @precincts.each do |p| %>\n  <tr>\n    <td><%= p.code %></td>\n    <td><%= "
             "p.votes.zero? ? \"—\" : fmt(p.votes) %></td>\n  </tr>\n<% end %>\n",
             "An em dash instead of 0, so a precinct with no votes reads as blank rather than "
             "as a result."),
        find("where do we set the page titles", "@title",
             ["app.rb", "views/layout.erb"],
             "app.rb sets @title in each route and views/layout.erb puts it in the <title>."),
        tweak("footer still says 'Archive beta', drop the beta", "views/layout.erb",
              "<footer>Archive beta", "<footer>Courier elections archive",
              "Updated the footer."),
        run("how many years do we have in the local db",
            "sqlite3 db/archive.sqlite3 'select count(distinct year), min(year), max(year) from "
            "contests'", "14|1998|2024",
            "14 election years, 1998 through 2024."),
        talk("roda vs sinatra, what does roda's routing tree actually buy us",
             "Roda matches routes as a tree: each r.on / r.is block is only entered when the "
             "path segment matches, so shared setup (loading a year, say) runs once at the "
             "branch instead of in every route, and requests don't scan a flat list of "
             "patterns. Sinatra's flat route list is simpler to read but repeats that setup."),
        steps("what's changed since the last deploy",
              [bash("git log --oneline dokku/master..main",
                    "c2a8e11 race page: em dash for zero-vote precincts\n6f09b3d people.csv: "
                    "2006 returning candidates")],
              "Two commits not deployed yet: the em dash for zero-vote precincts and the 2006 "
              "additions to people.csv."),
        [Step(prompt="years sofia still has to key, in order"),
         Step(tools=[todo_write([("Key 1994", "in_progress", "Keying 1994"),
                                 ("Key 1996", "pending", "Keying 1996"),
                                 ("Key 1990 and 1992", "pending", "Keying 1990 and 1992")])]),
         Step(text="1994 in progress, then 1996, then 1990 and 1992."),
         Step(prompt="1992 is a priority actually, denise wants it for a story. put it second"),
         Step(tools=[todo_write([("Key 1994", "in_progress", "Keying 1994"),
                                 ("Key 1992", "pending", "Keying 1992"),
                                 ("Key 1996", "pending", "Keying 1996"),
                                 ("Key 1990", "pending", "Keying 1990")])]),
         Step(text="Reordered: 1994, then 1992, 1996, 1990.")],
        steps("which candidates have run in more than five elections? denise wants a list",
              [agent("List perennial candidates",
                     "Using db/archive.sqlite3 and people.csv, list every person_id that "
                     "appears in more than five election years, with their name on the most "
                     "recent ballot and the years.",
                     "Four people: Arlene Posey (7 elections, 1998-2016), Walt Oyelaran (6, "
                     "2002-2022), Dale Near (6, 1998-2014) and Marguerite Tillis (6, "
                     "2004-2024).",
                     "d8e4f01b63a2", "general-purpose", 4)],
              "Four: Arlene Posey (7 elections), Walt Oyelaran, Dale Near and Marguerite "
              "Tillis (6 each)."),
    ]
    return Project(
        "pollquarry", "git@github.com:bellhaven-courier/pollquarry.git",
        _files("pollquarry", "Searchable archive of Merriam County election results since "
                             "1998.",
               {"Gemfile": "source \"https://rubygems.org\"\n\ngem \"roda\"\ngem \"sequel\"\n"
                           "gem \"sqlite3\", \"~> 2.1\"\n"}),
        _equip(facts, mates=["Ravi", "Sofia"], handles=["ravim", "sreyes"],
               channel="#elex-desk", chatter=chatter),
        noise, "slack")


def projects() -> list[Project]:
    return [tallyspur(), swingloft(), inkbarrow(), pollquarry()]
