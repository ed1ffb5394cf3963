"""The ``dev32`` split, "a volunteer maintainer's triage month": four open-source projects, ten
planted facts each.

Written in the twentieth pass by a helper that read no rlat code; to be read untuned.

One person maintains four small open-source projects in their evenings. Each has a
co-maintainer (who answers issues, reviews, and posts findings in the project's chat) and a
stream of outside contributors who open issues and pull requests. The maintainer works through
the backlog with the assistant: they paste issue bodies, relay what the co-maintainer wrote,
check out contributors' branches, and ask for replies to be drafted. They type in full
sentences, refer to issues by number, and are not always right. The durable facts arrive the
ways such a month brings them: a house rule laid down before a batch of work, stated after the
assistant did it the other way, found in the contributing guide while reviewing a newcomer's
pull request, or quoted from the co-maintainer; a command that fails and the one that works
(fixed by the assistant and then written into the contributing guide, remembered by the user
after a reporter's wrong one was reproduced, read from the CI workflow or a script, or
explained after the user pastes their own failed attempt); an environment fact found in
config or on a box (plainly, in answer to an outside user's question on an issue, correcting
the co-maintainer's wrong memory, or reported by a subagent); a gotcha (from a bug report
pasted with its trace and closed with an explanation, buried in the long output of the
assistant's own reproduction, found after a clean rebuild changed nothing, or suggested by
the co-maintainer and confirmed); and an approach that was tried and dropped (a contributor's
pull request that fails locally, a feature request closed as won't-fix with the history, the
assistant's suggestion turned down with the story, or tried in the session and reverted).

The projects: gannetrow, a self-hosted read-later and bookmarks server (Crystal, Lucky, Avram
on PostgreSQL, Docker images, a demo on Fly.io); pipitwood, a puzzle game (Godot 4,
GDScript, GUT tests, web build on itch.io, tested on a Steam Deck); dunlinflow, DunlinFlow.jl,
a Julia package for river-gauge flow series (DataFrames, Documenter, the UK flow archive's
API); and godwitlog, an offline-first birding app (Flutter, Riverpod, drift on SQLite, F-Droid
and Play releases, an optional sync server).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (an Edit doing it the other way), ``follow``,
  ``done``, ``doc`` (``(path, text)``: the contributing guide), ``found`` (the assistant's
  reading of it);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the user's words once they
  remember), ``script`` (``(path, text)`` holding the working command);
* environment - ``goal``, ``probe``, ``confirm``, ``asked`` (an outside user's question on an
  issue), ``guess`` (the co-maintainer's wrong belief);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``told`` (the
  co-maintainer's diagnosis), ``repro`` (a command whose long output holds the trace);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (an outside
  user's request), ``offer`` (the assistant's suggestion), ``story`` (the user's account).

Every fact also carries its project's ``comaint`` (the co-maintainer), ``reporters`` (outside
contributors), ``repo`` (owner/name on GitHub), ``chatter`` (ordinary output lines long logs are
padded with) and ``naive`` (a clean-and-rebuild Bash tool that changes nothing).
"""

from __future__ import annotations

import difflib
import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import agent, ask_user, bash, edit, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _num(rng: random.Random) -> int:
    return rng.randint(37, 489)


def _who(s: dict, rng: random.Random) -> str:
    return rng.choice(s["reporters"])


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` somewhere in the middle of a long run of ordinary output."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(10, 14))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(4, len(lines) - 3)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _pr_diff(tool) -> str:
    body = difflib.unified_diff(tool.old.splitlines(), tool.new.splitlines(),
                                f"a/{tool.path}", f"b/{tool.path}", lineterm="")
    return f"diff --git a/{tool.path} b/{tool.path}\n" + "\n".join(body)


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_ground_rule(s: dict, rng: random.Random) -> Episode:
    """The rule is laid down before a batch of work starts."""
    opening = _pick(rng,
                    "before we start on tonight's pile, a standing rule for this repo: {rule}."
                    "\n\nfirst item: {task}",
                    "ground rule, since half the PRs get it wrong: {rule}. with that in mind — "
                    "{task}",
                    "ok, triage evening. one thing up front: {rule}\n\nfirst up, #{n}: {task}")
    return [Step(prompt=opening.format(rule=s["rule"], task=s["task"], n=_num(rng))),
            Step(tools=[todo_write([(s["task"][:60], "in_progress", "Working on it"),
                                    ("Next issue in the queue", "pending", "Triaging")])]),
            Step(text=_pick(rng, "Keeping to that.", "Understood — doing it that way.", ""),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_after_the_fact(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way; the user reads the change and states the rule."""
    objection = _pick(rng, "hm, no. {rule}", "that won't get past {comaint}. {rule}",
                      "please redo that. in this project {rule}",
                      "I see what you did but {rule}")
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Here's a first version.", "Small change, done:", ""),
                 tools=[s["contrary"]]),
            Step(text="That's in; want me to run the checks?"),
            Step(prompt=objection.format(rule=s["rule"], comaint=s["comaint"])),
            Step(text=_pick(rng, "Fair enough — reworking it.", "Got it, changing it.",
                            "Redoing it that way."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_newcomer_pr(s: dict, rng: random.Random) -> Episode:
    """Reviewing a first-time contributor's pull request, the assistant finds the rule in the
    contributing guide; the user has it fixed up on the branch."""
    n, who = _num(rng), _who(s, rng)
    path, text = s["doc"]
    ask = _pick(rng, "review PR #{n} from {who} (first contribution!). it's for: {task}",
                "{who} sent #{n}, which does this: {task}. can you look it over?",
                "new contributor PR #{n} by {who} — {task}. review please")
    return [Step(prompt=ask.format(n=n, who=who, task=s["task"])),
            Step(tools=[bash(f"gh pr diff {n}", _pr_diff(s["contrary"]))]),
            Step(text="Checking it against the project's guide before commenting.",
                 tools=[read(path, text)]),
            Step(text=f"{s['found']} Shall I ask them to change it?"),
            Step(prompt=_pick(rng, "yes, that's the rule. they're new though — just push a fixup "
                                   "commit to their branch and explain in a comment",
                              "right. fix it on their branch yourself, it's their first PR",
                              "correct, and it's still current. push the fix to the branch")),
            Step(tools=[bash(f"gh pr checkout {n}", f"Switched to branch 'pr-{n}'"),
                         *s["follow"]]),
            Step(text=s["done"])]


def conv_relayed(s: dict, rng: random.Random) -> Episode:
    """The co-maintainer's message in the project chat carries the rule."""
    lead = _pick(rng, "{task}. and {comaint} posted this in the chat after the last release, "
                      "please stick to it:\n\n> {rule}",
                 "{comaint} asked me to pass this on: \"{rule}\" — applies to what I need now: "
                 "{task}",
                 "{task}\n\n(from {comaint}, pinned in our matrix room: \"{rule}\")")
    return [Step(prompt=lead.format(task=s["task"], comaint=s["comaint"], rule=s["rule"])),
            Step(text=_pick(rng, "Following that.", "Doing it the way the pinned message "
                                                   "says.", ""), tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_then_document(s: dict, rng: random.Random) -> Episode:
    """The assistant works it out, and the user has it written into the contributing guide."""
    ok = s["ok"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]), Step(text=s["done"]),
            Step(prompt=_pick(rng, "put that in CONTRIBUTING.md, every newcomer trips over this",
                              "can you add the working command to the contributing guide?",
                              "document it please, under Development")),
            Step(tools=[edit("CONTRIBUTING.md", "## Development\n",
                             f"## Development\n\n    {ok.command}\n")]),
            Step(text="Added under Development in CONTRIBUTING.md.")]


def cmd_reporter_wrong(s: dict, rng: random.Random) -> Episode:
    """An issue reports the failing command; the user remembers the one that works."""
    n, who, fail = _num(rng), _who(s, rng), s["fail"]
    body = f"I followed what I thought the docs said and ran `{fail.command}`:\n\n" \
           f"```\n{fail.output}\n```\n\nAm I doing something wrong?"
    return [Step(prompt=f"#{n} from {who}:\n\n{_quote(body)}\n\ncan you reproduce?"),
            Step(tools=[fail]),
            Step(text=_pick(rng, "Same failure here.", "Reproduced — identical error.",
                            "Yes, that fails for me too.")),
            Step(prompt=_pick(rng, "ah, of course it does. {hint}", "right, that's the wrong "
                              "command entirely. {hint}", "oh, I know this one. {hint}")
                 .format(hint=s["hint"])),
            Step(tools=[s["ok"]]), Step(text=f"{s['note']} {s['done']}"),
            Step(prompt="reply to them with the right command"),
            Step(tools=[bash(f"gh issue comment {n} --body 'Thanks for the report! The "
                             f"command to use is `{s['ok'].command}`.'",
                             f"https://github.com/{s['repo']}/issues/{n}#issuecomment-"
                             f"{rng.randint(10**9, 10**10)}")]),
            Step(text=f"Replied on #{n}.")]


def cmd_from_ci(s: dict, rng: random.Random) -> Episode:
    path, text = s["script"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That's not how this repo does it. Checking what CI and the "
                                 "scripts run.", "Failed. Looking for the command the project "
                                                 "itself uses.", ""),
                 tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_pasted_attempt(s: dict, rng: random.Random) -> Episode:
    fail = s["fail"]
    lead = _pick(rng, "{goal}. I tried it myself and got this:", "{goal} — my attempt:",
                 "{goal}. why does this happen?")
    return [Step(prompt=lead.format(goal=s["goal"])
                 + f"\n\n```\n$ {fail.command}\n{fail.output}\n```"),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


# environment
def env_looked_up(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Let me check rather than guess.", "Looking it up.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_issue_question(s: dict, rng: random.Random) -> Episode:
    """An outside user asks on an issue; the assistant looks it up and answers them."""
    n, who = _num(rng), _who(s, rng)
    return [Step(prompt=_pick(rng, "question issue #{n} from {who}:\n\n> {asked}\n\nfind out "
                                   "and draft an answer",
                              "{who} asks in #{n}: \"{asked}\" — can you check and reply?")
                 .format(n=n, who=who, asked=s["asked"])),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nDraft reply:\n\n> Hi {who}, {s['confirm'][:1].lower()}"
                      f"{s['confirm'][1:]}"),
            Step(prompt=_pick(rng, "post it", "good, send that", "fine, post and close")),
            Step(tools=[bash(f"gh issue comment {n} --body-file /tmp/reply.md",
                             f"https://github.com/{s['repo']}/issues/{n}#issuecomment-"
                             f"{rng.randint(10**9, 10**10)}")]),
            Step(text=f"Posted on #{n}.")]


def env_comaint_wrong(s: dict, rng: random.Random) -> Episode:
    """The co-maintainer remembers it wrongly; the assistant checks."""
    ask = _pick(rng, "{comaint} says {guess} — is that right? I'm not sure any more",
                "quick check, {comaint} claims {guess}", "{comaint} thinks {guess}. verify?")
    return [Step(prompt=ask.format(comaint=s["comaint"], guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'Not quite.', 'No, the repo says otherwise.')} "
                      f"{s['confirm']}"),
            Step(prompt=_pick(rng, "thanks, I'll tell them", "ha, ok. good we checked")),
            Step(text=_pick(rng, "Sure.", "No problem."))]


def env_subagent(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text="I'll have a subagent look through the repo and config for that.",
                 tools=[agent("Find: " + s["goal"][:40], f"Answer from the repository and its "
                              f"config: {s['goal']}", s["confirm"],
                              f"a{rng.getrandbits(44):011x}", "Explore", rng.randint(3, 8))]),
            Step(text=_pick(rng, "The subagent's answer (above) is backed by the files it "
                                 "cites.", "That's what the config says.", "There you go."))]


# gotcha
def gotcha_bug_report(s: dict, rng: random.Random) -> Episode:
    """A pasted bug report; fixed, then the issue is closed with the explanation."""
    n, who = _num(rng), _who(s, rng)
    return [Step(prompt=f"bug report #{n} from {who}:\n\n{_quote(s['symptom'])}\n\n```\n"
                        f"{s['trace']}\n```"),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]), Step(text=s["done"]),
            Step(prompt=_pick(rng, "close it with a short explanation", "great — close the issue "
                              "and say why it happened")),
            Step(tools=[bash(f"gh issue close {n} --comment 'Fixed on main. Cause: "
                             f"{s['explain'][:200]}'",
                             f"✓ Closed issue {s['repo']}#{n}")]),
            Step(text=f"Closed #{n} with the cause in the comment.")]


def gotcha_in_the_output(s: dict, rng: random.Random) -> Episode:
    """The assistant reproduces it; the cause is in the middle of long output."""
    return [Step(prompt=s["symptom"]),
            Step(text="Reproducing first.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The relevant lines are in the middle of that.",
                            "Found the error in there."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]), Step(text=s["done"])]


def gotcha_clean_first(s: dict, rng: random.Random) -> Episode:
    """A clean rebuild changes nothing; then the real cause."""
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text="Could be stale state; starting from clean.", tools=[s["naive"]]),
            Step(text="Clean state, same failure. Looking at it properly.", tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]), Step(text=s["done"])]


def gotcha_comaint_found(s: dict, rng: random.Random) -> Episode:
    lead = _pick(rng, "{symptom}\n\n{comaint} had a look: \"{told}\" — can you confirm and fix?",
                 "{symptom}. {comaint}'s theory: {told}. check it")
    return [Step(prompt=lead.format(symptom=s["symptom"], comaint=s["comaint"], told=s["told"])
                 + f"\n\n```\n{s['trace']}\n```"),
            Step(tools=s["probe"]),
            Step(text=f"{s['comaint']} is right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_contributor_pr(s: dict, rng: random.Random) -> Episode:
    n, who = _num(rng), _who(s, rng)
    return [Step(prompt=_pick(rng, "PR #{n} from {who} says: \"{ask}\". check it out and see "
                                   "if it holds up",
                              "{who} opened #{n}, basically \"{ask}\". try it locally?")
                 .format(n=n, who=who, ask=s["ask"])),
            Step(tools=[bash(f"gh pr checkout {n}", f"Switched to branch 'pr-{n}'"),
                        *[t for t in s["change"] if t.name == "Bash"]]),
            Step(tools=[s["broke"]]),
            Step(prompt=_pick(rng, "as I feared. what's the verdict?", "hm. so?")),
            Step(text=s["conclusion"], tools=[bash("git switch main",
                                                   "Switched to branch 'main'")]),
            Step(prompt="close it kindly, thank them"),
            Step(tools=[bash(f"gh pr close {n} --comment 'Thank you for the work on this! We "
                             f"can't merge it, see the discussion.'",
                             f"✓ Closed pull request {s['repo']}#{n}")]),
            Step(text=f"Closed #{n} with a thank-you.")]


def fals_wontfix(s: dict, rng: random.Random) -> Episode:
    n, who = _num(rng), _who(s, rng)
    return [Step(prompt=_pick(rng, "feature request #{n} from {who}: \"{want}\"\n\nclose as "
                                   "won't-fix, politely. history: {story}",
                              "#{n} ({who}) asks \"{want}\" — we've been there. {story}. write "
                              "the closing comment")
                 .format(n=n, who=who, want=s["want"], story=s["story"])),
            Step(text=f"Draft:\n\n> Thanks for the suggestion, {who}! We actually tried this "
                      f"before and had to back it out: {s['story']}. So we'll keep things as "
                      f"they are for now."),
            Step(prompt=_pick(rng, "good, post it", "ok, close with that")),
            Step(tools=[bash(f"gh issue close {n} --reason 'not planned' --comment-file "
                             f"/tmp/close.md", f"✓ Closed issue {s['repo']}#{n} (not planned)")]),
            Step(text=f"Closed #{n} as not planned.")]


def fals_declined(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "no, please don't. {story}", "been there: {story}",
                 "we tried exactly that. {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"])),
            Step(text=_pick(rng, "Good to know — I'll leave it alone.",
                            "Understood, that's off the table.", "OK, not going there."))]


def fals_in_session(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "ugh. revert it", "ok that's a no. put it back", "back it out please")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_ground_rule, conv_after_the_fact, conv_newcomer_pr, conv_relayed],
    "command": [cmd_then_document, cmd_reporter_wrong, cmd_from_ci, cmd_pasted_attempt],
    "environment": [env_looked_up, env_issue_question, env_comaint_wrong, env_subagent],
    "gotcha": [gotcha_bug_report, gotcha_in_the_output, gotcha_clean_first,
               gotcha_comaint_found],
    "falsified": [fals_contributor_pr, fals_wontfix, fals_declined, fals_in_session],
}

UNRELATED = [
    "how do other open-source maintainers avoid burning out on issue triage?",
    "write a friendly saved reply for GitHub issues that are really support questions",
    "what's the practical difference between the MIT and Apache 2.0 licences?",
    "explain semantic versioning to a contributor who keeps bumping the major version",
    "suggest labels for a small project's issue tracker, no more than eight",
    "how do I write a good 'good first issue' description?",
    "what's a reasonable policy for closing stale issues without annoying people?",
    "write a shell one-liner that lowercases every filename in the current folder",
    "explain what a code of conduct enforcement section should cover, briefly",
    "how do GitHub Sponsors payouts work for an individual in the EU, roughly?",
    "what's the difference between git merge --squash and a rebase merge?",
    "give me a polite way to say a feature is out of scope for the project",
    "how do I find which commit introduced a bug with git bisect, step by step?",
    "write a short thank-you note for a contributor's hundredth merged pull request",
    "explain the CAP theorem using a shared shopping list",
    "what makes a changelog entry useful to users rather than to developers?",
    "how do I sign git commits with an SSH key instead of GPG?",
    "what's a gentle way to hand over maintainership of a project I no longer use?",
    "regex to match a GitHub issue reference like owner/repo#123",
    "summarise the difference between a fork and a branch for a non-programmer",
    "how long should a project wait before removing a deprecated function?",
    "write a short poem about a pull request that sat unreviewed for a year",
]

UNANSWERED: dict[str, list[str]] = {
    "gannetrow": [
        "how many people self-host gannetrow, roughly, going by image pulls?",
        "is anyone working on a browser extension for gannetrow right now?",
        "who designed gannetrow's logo, and can we change it?",
        "does gannetrow have a security contact for vulnerability reports?",
        "what did people vote for in the gannetrow roadmap discussion?",
    ],
    "pipitwood": [
        "how many copies has pipitwood sold on itch so far?",
        "is there a plan to bring pipitwood to the Switch?",
        "who composed the music for pipitwood, and is it licensed CC-BY?",
        "how many levels should pipitwood have before the 1.0 release?",
        "did pipitwood get accepted into the indie showcase this autumn?",
    ],
    "dunlinflow": [
        "which papers cite dunlinflow so far?",
        "is dunlinflow going to support Norwegian gauge data at some point?",
        "who else at the institute uses dunlinflow for their thesis?",
        "does dunlinflow have a logo for the JuliaCon poster yet?",
        "how many stations in the national archive have records longer than 50 years?",
    ],
    "godwitlog": [
        "how many monthly active users does godwitlog have on Play?",
        "is godwitlog going to get an iOS release this year?",
        "who translated godwitlog into Dutch?",
        "does godwitlog plan to export to eBird directly?",
        "what's the average rating of godwitlog on F-Droid's client reviews?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- gannetrow
def gannetrow() -> Project:
    archive = "src/actions/bookmarks/archive.cr"
    tags_page = "src/pages/tags/index_page.cr"
    typecheck = bash("crystal build --no-codegen src/start_server.cr", "")
    facts = [
        Fact("conv-operations", "convention", ["SaveOperation"],
             ["I'm adding an 'archive' button for bookmarks — where should the code that writes "
              "archived_at live?",
              "is it fine to run an UPDATE straight from a Lucky action for a one-off flag?"],
             "gannetrow writes to the database only through Avram SaveOperation classes in "
             "src/operations (e.g. SaveBookmark, ArchiveBookmark); actions never run SQL or "
             "call create/update on a model themselves.",
             {"task": "add an 'archive' action for bookmarks that sets archived_at and "
                      "redirects back to the list",
              "rule": "every database write goes through an Avram SaveOperation class in "
                      "src/operations — actions never run SQL or update models themselves",
              "contrary": edit(archive, "  post \"/bookmarks/:bookmark_id/archive\" do\n",
                               "  post \"/bookmarks/:bookmark_id/archive\" do\n    "
                               "AppDatabase.exec \"UPDATE bookmarks SET archived_at = now() "
                               "WHERE id = $1\", bookmark_id\n"),
              "follow": [write("src/operations/archive_bookmark.cr",
                               "class ArchiveBookmark < Bookmark::SaveOperation\n  before_save "
                               "do\n    archived_at.value = Time.utc\n  end\nend\n"),
                         edit(archive, "  post \"/bookmarks/:bookmark_id/archive\" do\n",
                              "  post \"/bookmarks/:bookmark_id/archive\" do\n    "
                              "ArchiveBookmark.update!(BookmarkQuery.find(bookmark_id))\n    "
                              "redirect to: Bookmarks::Index\n"),
                         typecheck],
              "done": "ArchiveBookmark (a Bookmark::SaveOperation) sets archived_at in its "
                      "before_save; the action only calls ArchiveBookmark.update! and "
                      "redirects. Type-checks clean.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing to gannetrow\n\n## Writing to the database\n\nAll writes "
                      "go through Avram SaveOperation classes in src/operations/, one per use "
                      "case (SaveBookmark, ArchiveBookmark, ...). Actions never call `update!` "
                      "or `create` on a model and never run SQL: validations and callbacks "
                      "live in the operation.\n"),
              "found": "CONTRIBUTING.md is explicit: every write goes through a SaveOperation "
                       "class in src/operations/, and actions never run SQL or update models "
                       "themselves. The PR runs a raw UPDATE inside the action."}),
        Fact("conv-rosetta", "convention", ["Rosetta"],
             ["the new empty-state message on the tags page — can I just type the English "
              "sentence into the page class?",
              "how does UI text get translated in the Lucky pages?"],
             "gannetrow has no hard-coded English in pages or components: every UI string is a "
             "Rosetta key in config/rosetta/en.yml (and every other locale file), rendered "
             "with r(\"key\").t; Rosetta fails the compile when a locale lacks a key.",
             {"task": "the tags page shows a blank area when a user has no tags yet. add an "
                      "empty-state message",
              "rule": "no hard-coded english in pages or components. every string is a Rosetta "
                      "key in config/rosetta/en.yml, rendered with r(\"key\").t — the "
                      "translators on Weblate work from those files",
              "contrary": edit(tags_page, "    if tags.empty?\n",
                               "    if tags.empty?\n      para \"You have no tags yet. Add one "
                               "from any bookmark.\", class: \"empty\"\n"),
              "follow": [edit("config/rosetta/en.yml", "tags:\n",
                              "tags:\n  empty: \"You have no tags yet. Add one from any "
                              "bookmark.\"\n"),
                         edit("config/rosetta/de.yml", "tags:\n",
                              "tags:\n  empty: \"Du hast noch keine Tags.\"\n"),
                         edit(tags_page, "    if tags.empty?\n",
                              "    if tags.empty?\n      para r(\"tags.empty\").t, class: "
                              "\"empty\"\n"),
                         typecheck],
              "done": "The empty state renders r(\"tags.empty\").t; the English text is in "
                      "config/rosetta/en.yml with a German entry in de.yml so Rosetta's "
                      "compile-time locale check passes.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing to gannetrow\n\n## Text in the UI\n\nNo hard-coded "
                      "English in pages or components. Every string is a Rosetta key in "
                      "config/rosetta/*.yml, rendered with `r(\"key\").t`; Rosetta refuses to "
                      "compile when a locale is missing a key. Translators work from these "
                      "files on Weblate.\n"),
              "found": "CONTRIBUTING.md says no hard-coded English in pages: UI text goes into "
                       "config/rosetta/*.yml as Rosetta keys and is rendered with "
                       "r(\"key\").t. The PR puts the sentence straight into the page."}),
        Fact("cmd-specs", "command", ["compose.spec.yml"],
             ["how do I run the test suite locally? it can't find a database",
              "what's the right way to run the specs on my own machine?"],
             "gannetrow's specs need their own Postgres: run them with `docker compose -f "
             "compose.spec.yml run --rm specs`, which starts a throwaway database and runs "
             "crystal spec inside; bare `crystal spec` fails with connection refused on "
             "gannetrow_test.",
             {"goal": "run the specs for the archive change before I merge it",
              "fail": bash("crystal spec",
                           "Unhandled exception: Error connecting to "
                           "'postgres://localhost:5432/gannetrow_test': Connection refused "
                           "(DB::ConnectionRefused)\n  from lib/pg/src/pg/connection.cr:17:5 "
                           "in 'initialize'\n  from spec/spec_helper.cr:9:1 in "
                           "'__crystal_main'", 1),
              "note": "crystal spec expects a test database on localhost that isn't there. The "
                      "repo has a compose file for specs that starts a throwaway Postgres and "
                      "runs the suite inside the container.",
              "ok": bash("docker compose -f compose.spec.yml run --rm specs",
                         "[+] Creating 1/1\n ✔ Container specdb-1  Started\nMigrated "
                         "CreateBookmarks::V20240102110000\n......................................"
                         "....................\n\nFinished in 6.81 seconds\n214 examples, 0 "
                         "failures, 0 errors, 0 pending"),
              "done": "All 214 specs pass against the throwaway database, which is removed "
                      "afterwards.",
              "hint": "nobody runs crystal spec bare here. `docker compose -f compose.spec.yml "
                      "run --rm specs` brings its own postgres",
              "script": (".github/workflows/ci.yml",
                         "name: ci\non: [push, pull_request]\njobs:\n  specs:\n    runs-on: "
                         "ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - "
                         "run: docker compose -f compose.spec.yml run --rm specs\n")}),
        Fact("cmd-lint", "command", ["bin/ameba"],
             ["how do I run the linter before pushing?",
              "the lint job failed on my PR — how can I run the same check locally?"],
             "gannetrow's linter is ameba, pinned as a development shard and built into the "
             "repo by `shards install`: run `./bin/ameba src spec`; there is no global ameba "
             "on PATH.",
             {"goal": "lint the branch before I push it",
              "fail": bash("ameba src spec", "zsh: command not found: ameba", 127),
              "note": "There's no global ameba; the repo pins it as a development dependency in "
                      "shard.yml, and shards install builds it into bin/.",
              "ok": bash("./bin/ameba src spec",
                         "Inspecting 97 files\n............................................."
                         "....................................................\n\n97 "
                         "inspected, 0 failures"),
              "done": "The linter is clean on all 97 files.",
              "hint": "it's a dev dependency, not installed globally: `./bin/ameba src spec`",
              "script": ("Makefile",
                         "lint:\n\t./bin/ameba src spec\n\nformat:\n\tcrystal tool format src "
                         "spec\n")}),
        Fact("env-images", "environment", ["ghcr.io/gannetrow/gannetrow"],
             ["where do the official docker images get published?",
              "a self-hoster asks which registry to pull the container from — what do I tell "
              "them?"],
             "gannetrow's Docker images are published by the release workflow to "
             "ghcr.io/gannetrow/gannetrow (a tag per version, plus :edge from main); nothing "
             "is pushed to Docker Hub any more.",
             {"goal": "where do our docker images actually end up these days? I've lost track",
              "asked": "Is there an official container image, and where do I pull it from? "
                       "Docker Hub only has one from 2022.",
              "guess": "the images still go to docker hub under gannetrow/app",
              "probe": [read(".github/workflows/release.yml",
                             "name: release\non:\n  push:\n    tags: ['v*']\n    branches: "
                             "[main]\njobs:\n  image:\n    runs-on: ubuntu-latest\n    "
                             "permissions:\n      packages: write\n    steps:\n      - uses: "
                             "actions/checkout@v4\n      - uses: docker/login-action@v3\n        "
                             "with:\n          registry: ghcr.io\n      - uses: "
                             "docker/build-push-action@v6\n        with:\n          push: true\n"
                             "          tags: ghcr.io/gannetrow/gannetrow:${{ github.ref_name "
                             "== 'main' && 'edge' || github.ref_name }}\n")],
              "confirm": "The release workflow pushes images to ghcr.io/gannetrow/gannetrow: a "
                         "tag per version and :edge from every push to main. Docker Hub isn't "
                         "used any more; the image there is the stale 2022 one."}),
        Fact("env-demo", "environment", ["gannet-demo"],
             ["what's the fly app called for the public demo instance?",
              "I want to tail the demo's logs — which app do I point flyctl at?"],
             "gannetrow's public demo (demo.gannetrow.org) runs on Fly.io as the app "
             "gannet-demo in region cdg (fly.toml in the repo root); `flyctl logs -a "
             "gannet-demo` shows its logs, and it is reset from seeds nightly.",
             {"goal": "what's the public demo running on again? I want to look at its logs",
              "asked": "Is the public demo hosted somewhere I could copy for my own instance? "
                       "What does it run on?",
              "guess": "the demo runs on the old hetzner box",
              "probe": [bash("head -6 fly.toml; flyctl status -a gannet-demo | head -5",
                             "app = 'gannet-demo'\nprimary_region = 'cdg'\n\n[http_service]\n  "
                             "internal_port = 5000\n  force_https = true\nApp\n  Name     = "
                             "gannet-demo\n  Owner    = gannetrow\n  Hostname = "
                             "gannet-demo.fly.dev\n  Image    = gannet-demo:deployment-01JD2K")],
              "confirm": "The demo at demo.gannetrow.org is the Fly.io app gannet-demo (region "
                         "cdg, fly.toml in the repo root), so `flyctl logs -a gannet-demo` "
                         "gives its logs. It gets reset from seeds every night."}),
        Fact("gotcha-zoneinfo", "gotcha", ["tzdata"],
             ["the docker image crashes when a user picks Europe/Berlin as their timezone — "
              "any idea why?",
              "why would loading a time zone fail inside the container but work on my "
              "laptop?"],
             "gannetrow's Docker runtime stage is plain Alpine with no zoneinfo unless the "
             "tzdata package is installed, so Time::Location.load(\"Europe/Berlin\") raises "
             "InvalidLocationNameError in the container; the Dockerfile must `apk add "
             "tzdata`.",
             {"symptom": "users of the docker image get a 500 after choosing a timezone in "
                         "settings. works fine when running from source",
              "trace": "Unhandled exception: Invalid location name: Europe/Berlin "
                       "(Time::Location::InvalidLocationNameError)\n  from "
                       "/usr/share/crystal/src/time/location.cr:339:7 in 'load'\n  from "
                       "src/actions/settings/update.cr:14:5 in 'call'",
              "probe": [bash("docker run --rm --entrypoint ls gannetrow:local "
                             "/usr/share/zoneinfo",
                             "ls: /usr/share/zoneinfo: No such file or directory", 1),
                        read("Dockerfile",
                             "FROM crystallang/crystal:1.14-alpine AS build\nWORKDIR /app\nCOPY "
                             ". .\nRUN shards install --production && shards build --release "
                             "--static\n\nFROM alpine:3.20\nRUN apk add --no-cache "
                             "ca-certificates\nCOPY --from=build /app/bin/gannetrow "
                             "/usr/local/bin/\nCMD [\"gannetrow\"]\n")],
              "explain": "Crystal loads time zones from the system's zoneinfo files at runtime. "
                         "The image's runtime stage is plain alpine:3.20 with only "
                         "ca-certificates, so /usr/share/zoneinfo doesn't exist and every "
                         "Time::Location.load raises InvalidLocationNameError; from source it "
                         "works because the laptop has zoneinfo. The image needs the tzdata "
                         "package.",
              "fix": [edit("Dockerfile", "RUN apk add --no-cache ca-certificates\n",
                           "RUN apk add --no-cache ca-certificates tzdata\n")],
              "done": "Rebuilt the image: Europe/Berlin loads and the settings page saves.",
              "told": "I bet the alpine runtime image just has no zone files in it",
              "repro": "docker build -t gannetrow:local . && docker run --rm gannetrow:local "
                       "gannetrow tz-check Europe/Berlin"}),
        Fact("gotcha-br", "gotcha", ["brotli"],
             ["saved articles from some news sites come out as garbage characters — what's "
              "going on?",
              "why does the page extractor store binary junk as the title for certain "
              "sites?"],
             "Some CDNs answer gannetrow's fetcher with Content-Encoding: br even when it isn't "
             "offered, and Crystal's HTTP::Client only decodes gzip/deflate, so the extractor "
             "parsed raw brotli bytes and stored junk titles; brotli responses now fail the "
             "fetch and are retried later.",
             {"symptom": "bookmarks from a couple of news sites get titles like "
                         "'\\x1b\\x8b\\x7f' and empty article text",
              "trace": "[extractor] GET https://www.example-news.de/politik/artikel-123 -> 200 "
                       "(content-encoding: br, 51877 bytes)\n[extractor] no <title> found, "
                       "using first bytes: \"\\x1b\\x8b\\x7f\\x00\\xe4\"\n[extractor] "
                       "readability: 0 paragraphs",
              "probe": [bash("curl -sI -H 'Accept-Encoding: gzip, deflate' "
                             "https://www.example-news.de/politik/artikel-123 | grep -i "
                             "content-encoding", "content-encoding: br")],
              "explain": "That CDN answers with Content-Encoding: br (brotli) even when the "
                         "request only offers gzip and deflate. Crystal's HTTP::Client "
                         "decompresses gzip and deflate but has no brotli decoder, so the "
                         "extractor gets the compressed bytes and parses them as HTML — hence "
                         "the junk title and no paragraphs.",
              "fix": [edit("src/extractor/fetcher.cr",
                           "    response = client.get(url, headers: headers)\n",
                           "    response = client.get(url, headers: headers)\n    if "
                           "response.headers[\"Content-Encoding\"]? == \"br\"\n      raise "
                           "FetchError.new(\"#{url}: server sent brotli, which we cannot "
                           "decode\")\n    end\n")],
              "done": "Brotli responses now fail the fetch cleanly (the bookmark keeps its URL "
                      "and is retried later) instead of storing junk; there's a spec with a "
                      "recorded br response.",
              "told": "the CDN sends brotli even though we never ask for it, and crystal can't "
                      "decode that",
              "repro": "crystal run scripts/fetch_debug.cr -- "
                       "https://www.example-news.de/politik/artikel-123"}),
        Fact("fals-search", "falsified", ["Meilisearch"],
             ["search feels basic — should we move it to a dedicated search engine?",
              "why is full-text search still done inside postgres?"],
             "Moving gannetrow's full-text search from Postgres tsvector to Meilisearch was "
             "tried and reverted: the extra service took ~700 MB while indexing and was "
             "OOM-killed on a 2 GB Raspberry Pi, which many self-hosters run; search stays in "
             "Postgres (typo tolerance via pg_trgm).",
             {"ask": "replace the postgres full-text search with Meilisearch, it's much better "
                     "with typos",
              "want": "Could gannetrow use Meilisearch? The current search doesn't handle "
                      "typos at all.",
              "change": [edit("compose.yml", "services:\n",
                              "services:\n  meili:\n    image: getmeili/meilisearch:v1.8\n"),
                         edit("src/search/search_bookmarks.cr",
                              "    BookmarkQuery.new.search_vector.matches(q)\n",
                              "    Meili.client.index(\"bookmarks\").search(q)\n"),
                         bash("docker compose up -d", "[+] Running 3/3")],
              "broke": bash("./scripts/pi-smoke.sh",
                            "pi-smoke: stack on pi4-2gb (1.8 GiB)\napp 38 MiB, db 61 MiB, meili "
                            "684 MiB\nmeili: killed by the OOM killer while indexing 12,400 "
                            "bookmarks\nFAIL", 1),
              "revert": bash("git checkout -- compose.yml src/search/search_bookmarks.cr", ""),
              "conclusion": "Reverted to Postgres search. Meilisearch works, but it's a second "
                            "service that took almost 700 MB while indexing and got OOM-killed "
                            "on the 2 GB Pi — and plenty of self-hosters run exactly that. "
                            "Typo tolerance can come from pg_trgm on the existing database.",
              "offer": "For typo-tolerant search we could run Meilisearch next to the app and "
                       "index bookmarks into it. Want me to wire it up?",
              "story": "we had Meilisearch in a branch for 0.7. it ate ~700 MB indexing and got "
                       "OOM-killed on a 2 GB raspberry pi, and lots of self-hosters run on one. "
                       "search stays in postgres"}),
        Fact("fals-threads", "falsified", ["preview_mt"],
             ["could we turn on multithreading to make big bookmark imports faster?",
              "has anyone tried compiling the server to use several CPU threads?"],
             "Building gannetrow with Crystal's preview_mt multithreading (-Dpreview_mt) was "
             "tried and reverted: the extractor's libxml2 calls aren't thread-safe and imports "
             "segfaulted after a few hundred items; the server stays single-threaded.",
             {"ask": "imports of big Pocket exports are slow. build with preview_mt "
                     "(-Dpreview_mt) and run the fetchers on several threads",
              "want": "Large Pocket imports take ages — could the server use all the cores?",
              "change": [edit("shard.yml", "    main: src/start_server.cr\n",
                              "    main: src/start_server.cr\n    flags: -Dpreview_mt\n"),
                         bash("shards build gannetrow", "Dependencies are satisfied\nBuilding: "
                                                        "gannetrow")],
              "broke": bash("CRYSTAL_WORKERS=4 ./bin/gannetrow import "
                            "spec/fixtures/pocket_export_5000.html",
                            "imported 312/5000 ...\nInvalid memory access (signal 11) at "
                            "address 0x18\n[0x55d3a1c2e4f6] *XML::Node#content:String +22\n"
                            "[0x55d3a1c1b0a1] *Extractor::Readability#paragraphs +145\n"
                            "Segmentation fault (core dumped)", 139),
              "revert": bash("git checkout -- shard.yml && shards build gannetrow",
                             "Dependencies are satisfied\nBuilding: gannetrow"),
              "conclusion": "Reverted the preview_mt build (-Dpreview_mt). The extractor goes through "
                            "libxml2, whose documents aren't safe to use across threads, and "
                            "the import segfaulted inside XML::Node#content after a few hundred "
                            "bookmarks. The server stays single-threaded; imports can use more "
                            "fibers for the network part instead.",
              "offer": "Crystal can run fibers on several threads if we compile with "
                       "preview_mt (-Dpreview_mt); the import fetchers would then use every core. Try it?",
              "story": "Ilse tried the preview_mt flag last winter. the libxml2 parts of the extractor "
                       "aren't thread-safe and imports segfaulted after a few hundred items. we "
                       "stay single-threaded"}),
    ]
    chatter = [
        "[info] Lucky server listening on 0.0.0.0:5000",
        "[info] GET /bookmarks 200 (12.4ms)",
        "[info] POST /bookmarks 303 (48.1ms)",
        "[info] GET /assets/app.css 200 (0.6ms)",
        "[debug] BookmarkQuery SELECT bookmarks.* ... LIMIT 50 (3.2ms)",
        "[info] GET /tags 200 (7.9ms)",
        "[info] import: queued 40 URLs",
        "[info] extractor: fetched https://blog.example.org/post/9 (200, 18 kB)",
        "[info] extractor: fetched https://docs.example.com/guide (200, 44 kB)",
        "[info] GET /bookmarks?page=2 200 (10.8ms)",
        "[debug] TagQuery SELECT tags.* ... (1.1ms)",
        "[info] GET /settings 200 (5.3ms)",
        "[info] worker: 3 jobs done, 0 failed",
        "[info] GET /healthz 200 (0.2ms)",
        "[info] extractor: fetched https://news.example.net/a/77 (200, 31 kB)",
    ]
    noise: list[Episode] = [
        look("what does the bookmark model look like now?", "src/models/bookmark.cr",
             "class Bookmark < BaseModel\n  table do\n    column url : String\n    column title "
             ": String?\n    column archived_at : Time?\n    belongs_to user : User\n    "
             "has_many taggings : Tagging\n  end\nend\n",
             "url, optional title, archived_at, belongs to a user, has many taggings."),
        find("which files touch the import job?", "ImportJob",
             ["src/jobs/import_job.cr", "src/actions/imports/create.cr",
              "spec/jobs/import_job_spec.cr"],
             "The job itself, the create action that queues it, and its spec."),
        tweak("the footer still says 2023", "src/components/footer.cr", "© 2023 gannetrow",
              "© 2023–2025 gannetrow contributors", "Updated the footer."),
        run("how many open issues have the bug label?", "gh issue list -l bug --json number "
            "--jq length", "17", "17 open bug issues."),
        talk("is it worth writing a migration guide for 0.9, or is the changelog enough?",
             "For 0.9 a short guide is worth it: the settings rename touches every instance, "
             "and a changelog line is easy to miss."),
        steps("summarise what's waiting for review",
              [bash("gh pr list --json number,title,author --jq '.[] | \"\\(.number) "
                    "\\(.title) (\\(.author.login))\"'",
                    "241 Keyboard shortcuts on the list page (mfrisch)\n238 Fix typo in "
                    "README (aurelie-v)\n233 Export to Netscape HTML (tobi-k)")],
              "Three open PRs: keyboard shortcuts (#241), a README typo (#238), and Netscape "
              "HTML export (#233)."),
        [Step(prompt="what's left for the 0.9 milestone?"),
         Step(tools=[bash("gh issue list -m 0.9 --json number,title --jq '.[] | "
                          "\"\\(.number) \\(.title)\"'",
                          "229 Settings page rename\n226 Bulk tag editing\n219 Keyboard "
                          "shortcuts")]),
         Step(text="Three left: the settings rename, bulk tag editing, keyboard shortcuts."),
         Step(prompt="shortcuts has a PR, the other two I'll do myself"),
         Step(text="Then #241 closes #219 when merged; #229 and #226 are yours.")],
        steps("anything weird in the dependency updates dependabot opened?",
              [agent("Review dependency bump PRs", "Look at the open dependency update pull "
                     "requests and say if any need care.",
                     "Two bumps: lucky 1.3.0 → 1.3.1 (bug fixes only) and the checkout action "
                     "v4.1 → v4.2. Both are safe to merge.", "a7d3c09e1b42", "Explore", 4)],
              "Both are routine: a Lucky patch release and a GitHub Action bump."),
    ]
    return Project(
        "gannetrow", "git@github.com:gannetrow/gannetrow.git",
        {"README.md": "# gannetrow\n\nA self-hosted read-later server.\n",
         "shard.yml": "name: gannetrow\nversion: 0.9.0-dev\n",
         "CONTRIBUTING.md": "# Contributing\n\n## Development\n"},
        _equip(facts, comaint="Ilse", reporters=["mfrisch", "tobi-k", "aurelie-v"],
               repo="gannetrow/gannetrow", chatter=chatter,
               naive=bash("rm -rf lib .shards && shards install",
                          "Resolving dependencies\nFetching "
                          "https://github.com/luckyframework/lucky.git\nInstalling lucky "
                          "(1.3.0)\nInstalling avram (1.3.0)\nWriting shard.lock")),
        noise, "postgres")


# ------------------------------------------------------------------- pipitwood
def pipitwood() -> Project:
    hud = "scenes/hud/hud.gd"
    level = "scenes/level/level.gd"
    guide = "CONTRIBUTING.md"
    facts = [
        Fact("conv-typed", "convention", ["untyped_declaration"],
             ["do I need to put types on every variable in GDScript here, or is that "
              "optional?",
              "my new script refuses to load because of a warning about a var — is that a "
              "project setting?"],
             "pipitwood's GDScript is fully statically typed: every var, parameter and return "
             "type is annotated, and project.godot sets the untyped_declaration warning to "
             "error, so untyped code won't load.",
             {"task": "add a move counter to the level HUD that resets when the level restarts",
              "rule": "everything in gdscript is statically typed here — vars, params, return "
                      "types. project.godot has the untyped_declaration warning set to error, "
                      "so an untyped var won't even load",
              "contrary": edit(hud, "extends CanvasLayer\n",
                               "extends CanvasLayer\n\nvar moves = 0\n\nfunc bump():\n\tmoves += "
                               "1\n\t$Moves.text = str(moves)\n"),
              "follow": [edit(hud, "extends CanvasLayer\n",
                              "extends CanvasLayer\n\nvar moves: int = 0\n@onready var "
                              "moves_label: Label = $Moves\n\nfunc bump() -> void:\n\tmoves += "
                              "1\n\tmoves_label.text = str(moves)\n\nfunc reset() -> void:\n\t"
                              "moves = 0\n\tmoves_label.text = \"0\"\n"),
                         bash(f"godot --headless --check-only --script {hud}", "")],
              "done": "The HUD has a typed move counter (bump() per move, reset() on restart) "
                      "and the script loads without warnings.",
              "doc": (guide,
                      "# Contributing\n\n## GDScript style\n\n- Static typing everywhere: every "
                      "`var`, parameter and return type is annotated (`var speed: float = "
                      "2.0`, `func jump() -> void`).\n- project.godot sets "
                      "`debug/gdscript/warnings/untyped_declaration` to Error, so untyped code "
                      "won't load.\n"),
              "found": "CONTRIBUTING.md requires a type on every var, parameter and return, and "
                       "project.godot turns the untyped_declaration warning into an error — "
                       "the PR's `var moves = 0` won't load."}),
        Fact("conv-actions", "convention", ["InputMap"],
             ["how should I detect the player pressing the undo key in the new level script?",
              "can I just test for KEY_Z in _unhandled_input?"],
             "pipitwood never tests raw keycodes or joypad buttons in scripts: every control "
             "is an action in the InputMap (project.godot [input]) with keyboard and gamepad "
             "bindings, used through is_action_pressed, so remapping and the Steam Deck "
             "layout work.",
             {"task": "add undo: ctrl+z (or the left bumper) takes back the last move",
              "rule": "never check raw keys or buttons in code. add an action to the InputMap "
                      "in project.godot with both keyboard and gamepad bindings, then use "
                      "is_action_pressed — the remapping screen and the Steam Deck players "
                      "depend on it",
              "contrary": edit(level, "func _unhandled_input(event: InputEvent) -> void:\n",
                               "func _unhandled_input(event: InputEvent) -> void:\n\tif event "
                               "is InputEventKey and event.pressed and event.keycode == KEY_Z "
                               "and event.ctrl_pressed:\n\t\tundo_last_move()\n"),
              "follow": [edit("project.godot", "[input]\n",
                              "[input]\n\nundo={\n\"deadzone\": 0.5,\n\"events\": "
                              "[Object(InputEventKey,\"keycode\":90,\"ctrl_pressed\":true), "
                              "Object(InputEventJoypadButton,\"button_index\":9)]\n}\n"),
                         edit(level, "func _unhandled_input(event: InputEvent) -> void:\n",
                              "func _unhandled_input(event: InputEvent) -> void:\n\tif "
                              "event.is_action_pressed(\"undo\"):\n\t\tundo_last_move()\n")],
              "done": "Undo is an InputMap action bound to Ctrl+Z and the left bumper, and "
                      "level.gd checks is_action_pressed(\"undo\"), so it also shows up in the "
                      "remapping menu.",
              "doc": (guide,
                      "# Contributing\n\n## Input\n\nNever test keycodes or joypad buttons in "
                      "scripts. Every control is an action in the InputMap (project.godot, "
                      "[input]) with a keyboard *and* a gamepad binding; scripts use "
                      "`is_action_pressed`. The remapping menu and the Steam Deck layout read "
                      "the same actions.\n"),
              "found": "CONTRIBUTING.md says scripts never test keycodes: every control is an "
                       "InputMap action with keyboard and gamepad bindings, checked with "
                       "is_action_pressed. The PR compares against KEY_Z directly."}),
        Fact("cmd-tests", "command", ["gut_cmdln.gd"],
             ["is there a way to run the game's unit tests from a shell, without the Godot editor open?",
              "what command runs the game's test suite headless, the way CI does?"],
             "pipitwood's tests are GUT tests, run headless with `godot --headless -s "
             "addons/gut/gut_cmdln.gd -gdir=res://test -gexit`; `godot --test` is the "
             "engine's own C++ suite and isn't in release builds.",
             {"goal": "run the tests for the undo change from the terminal",
              "fail": bash("godot --headless --test",
                           "ERROR: '--test' was specified on the command line, but this Godot "
                           "binary was compiled without support for unit tests. Aborting.", 1),
              "note": "--test is the engine's own C++ test suite. The project's tests are GUT "
                      "tests, run through GUT's command-line script.",
              "ok": bash("godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -gexit",
                         "--- Gut ---\nres://test/test_board.gd\n    14 passed\n"
                         "res://test/test_undo.gd\n    6 passed\n\nTotals\nScripts:   2\nTests:"
                         "     20\nPassing:   20\n---- All tests passed! ----"),
              "done": "All 20 tests pass, including the 6 new undo ones.",
              "hint": "--test is the engine's thing. we use GUT: `godot --headless -s "
                      "addons/gut/gut_cmdln.gd -gdir=res://test -gexit`",
              "script": (".github/workflows/test.yml",
                         "name: test\non: [push, pull_request]\njobs:\n  gut:\n    runs-on: "
                         "ubuntu-latest\n    container: barichello/godot-ci:4.2.2\n    steps:\n"
                         "      - uses: actions/checkout@v4\n      - run: godot --headless "
                         "-s addons/gut/gut_cmdln.gd -gdir=res://test -gexit\n")}),
        Fact("cmd-itch", "command", ["butler", "html5"],
             ["how do I upload a new web build to the itch page?",
              "what's the command to publish the browser version of the game?"],
             "pipitwood's web build is published with itch.io's butler: `butler push build/web "
             "birdhouse-games/pipitwood:html5` (user/game:channel; html5 is the channel the "
             "itch page plays in the browser).",
             {"goal": "push the new web build to itch",
              "fail": bash("butler push build/web pipitwood:web",
                           "• Pushing build/web to pipitwood:web\nbutler: invalid target "
                           "'pipitwood:web': expected user/game:channel", 1),
              "note": "butler wants user/game:channel, and the itch page plays the html5 "
                      "channel in the browser, so that's the one to push.",
              "ok": bash("butler push build/web birdhouse-games/pipitwood:html5",
                         "• For channel `html5`: last build is 41, downloading its signature\n"
                         "• Pushing 6.31 MiB (14 files, 2 dirs, 0 symlinks)\n✓ Added 2.1 MiB "
                         "fresh data\n• Build is now processing, should be up in a bit."),
              "done": "Build 42 is processing on the html5 channel; it'll be playable on the "
                      "page in a minute or two.",
              "hint": "it's user/game:channel: `butler push build/web "
                      "birdhouse-games/pipitwood:html5`",
              "script": ("scripts/publish-web.sh",
                         "#!/bin/sh\nset -eu\ngodot --headless --export-release \"Web\" "
                         "build/web/index.html\nbutler push build/web "
                         "birdhouse-games/pipitwood:html5\n")}),
        Fact("env-deck", "environment", ["steamdeck.local"],
             ["how do I get a build onto the Steam Deck we test on?",
              "what's the network address of the test handheld?"],
             "pipitwood's test Steam Deck is reached over SSH as deck@steamdeck.local (mDNS "
             "name, the `deck` host in ~/.ssh/config); Linux builds are rsynced to "
             "~/Games/pipitwood-dev on it.",
             {"goal": "where's the steam deck we test on, network-wise? I want to copy "
                      "tonight's linux build over",
              "asked": "Does anyone test on a real Steam Deck? How do you get dev builds onto "
                       "it?",
              "guess": "the deck is at 192.168.1.40 and builds go on its sd card",
              "probe": [bash("grep -A3 'Host deck' ~/.ssh/config; ssh deck 'ls ~/Games'",
                             "Host deck\n    HostName steamdeck.local\n    User deck\n    "
                             "IdentityFile ~/.ssh/id_deck\npipitwood-dev")],
              "confirm": "The test Deck is deck@steamdeck.local (the `deck` host in the SSH "
                         "config, an mDNS name rather than a fixed IP); builds go to "
                         "~/Games/pipitwood-dev on it, e.g. `rsync -a build/linux/ "
                         "deck:Games/pipitwood-dev/`."}),
        Fact("env-save", "environment", ["app_userdata"],
             ["a player wants to back up their progress on linux — where's the save file?",
              "where does the game write its save data on desktop linux?"],
             "pipitwood saves progress to user://save.cfg; with use_custom_user_dir off, on "
             "Linux that is ~/.local/share/godot/app_userdata/Pipitwood/save.cfg.",
             {"goal": "where does the game keep the save file on linux? I want to delete mine "
                      "to test the first-run flow",
              "asked": "I'm moving to a new PC — which file holds my puzzle progress so I can "
                       "copy it?",
              "guess": "saves are in ~/.config/pipitwood like a normal linux app",
              "probe": [bash("grep -n 'SAVE_PATH' scripts/save_game.gd; grep "
                             "use_custom_user_dir project.godot; ls "
                             "~/.local/share/godot/app_userdata/Pipitwood/",
                             "4:const SAVE_PATH := \"user://save.cfg\"\n"
                             "config/use_custom_user_dir=false\nlogs\nsave.cfg\nshader_cache")],
              "confirm": "Progress lives in user://save.cfg, and with use_custom_user_dir off, "
                         "user:// on Linux is ~/.local/share/godot/app_userdata/Pipitwood/ — "
                         "so the file is ~/.local/share/godot/app_userdata/Pipitwood/save.cfg."}),
        Fact("gotcha-isolation", "gotcha", ["SharedArrayBuffer"],
             ["the browser build just shows a grey screen on itch — what's usually the cause?",
              "why would the web export refuse to start with a cross-origin isolation error?"],
             "pipitwood's Godot 4 web export uses threads and needs SharedArrayBuffer, which "
             "browsers only allow on cross-origin-isolated pages; on itch.io the "
             "'SharedArrayBuffer support' embed option must stay ticked, or the game hangs on "
             "a grey screen.",
             {"symptom": "players say the web version is stuck on a grey screen since "
                         "yesterday",
              "trace": "Error: The following features required to run Godot projects on the "
                       "Web are missing:\nCross Origin Isolation - Check web server "
                       "configuration (send correct headers)\nSharedArrayBuffer - Check web "
                       "server configuration (send correct headers)",
              "probe": [bash("curl -sI https://html-classic.itch.zone/html/10422871/index.html "
                             "| grep -i '^cross-origin'", "", 1)],
              "explain": "Godot 4's web export runs on threads, which need SharedArrayBuffer, "
                         "and browsers only expose that on cross-origin-isolated pages "
                         "(COOP/COEP headers). itch sends those headers only when the game "
                         "page has 'SharedArrayBuffer support' ticked in its embed options — "
                         "the response now has no Cross-Origin headers at all, so the option "
                         "got cleared when the page was edited.",
              "fix": [],
              "done": "With 'SharedArrayBuffer support' ticked again on the itch edit page, "
                      "the game boots in Firefox and Chrome.",
              "told": "it's the itch embed setting for SharedArrayBuffer — it got unticked "
                      "when the cover image was changed",
              "repro": "python3 scripts/web_smoke.py --browser firefox"}),
        Fact("gotcha-tree", "gotcha", ["add_child"],
             ["I instance the tile scene and call its setup function, but it crashes saying "
              "the label is null — why?",
              "why are @onready variables still null right after instantiate()?"],
             "In pipitwood, @onready vars (like $Label) are only assigned when the node enters "
             "the scene tree, so calling setup() on a freshly instantiate()d scene before "
             "add_child() hits a null instance; add the node to the tree first.",
             {"symptom": "the new 'hint tile' crashes the level as soon as it's placed",
              "trace": "SCRIPT ERROR: Invalid set index 'text' (on base: 'null instance') "
                       "with value of type 'String'.\n          at: HintTile.setup "
                       "(res://scenes/tiles/hint_tile.gd:12)\n          at: Board.spawn_tile "
                       "(res://scenes/board/board.gd:88)",
              "probe": [read("scenes/board/board.gd",
                             "func spawn_tile(kind: StringName, cell: Vector2i) -> Node2D:\n\t"
                             "var tile: Node2D = TILE_SCENES[kind].instantiate()\n\t"
                             "tile.setup(hints.get(cell, \"\"))\n\ttiles.add_child(tile)\n\t"
                             "tile.position = cell_to_local(cell)\n\treturn tile\n")],
              "explain": "hint_tile.gd sets its label through an @onready var, and @onready "
                         "vars are only filled in when the node enters the scene tree. "
                         "spawn_tile calls setup() right after instantiate() but before "
                         "add_child(), so the label is still null. Calling add_child() first "
                         "fixes it.",
              "fix": [edit("scenes/board/board.gd",
                           "\ttile.setup(hints.get(cell, \"\"))\n\ttiles.add_child(tile)\n",
                           "\ttiles.add_child(tile)\n\ttile.setup(hints.get(cell, \"\"))\n")],
              "done": "spawn_tile now puts the tile in the tree before calling setup(); the "
                      "hint tile shows its text.",
              "told": "it's the onready thing — setup runs before the node is in the tree",
              "repro": "godot --headless res://scenes/levels/level_07.tscn --quit-after 120"}),
        Fact("fals-json", "falsified", ["stringify"],
             ["wouldn't a json save file be easier for players to edit by hand?",
              "why is the save file a .cfg and not json?"],
             "Switching pipitwood's saves from ConfigFile (user://save.cfg) to JSON.stringify "
             "was tried and reverted: Vector2i cell positions and StringName keys came back "
             "as plain strings, so restored boards were scrambled; saves stay ConfigFile.",
             {"ask": "switch the save file to json so players can edit it — JSON.stringify the "
                     "progress dictionary",
              "want": "Could the save be a JSON file? Then people could share and tweak their "
                      "progress.",
              "change": [edit("scripts/save_game.gd", "\tvar cfg := ConfigFile.new()\n",
                              "\tvar file := FileAccess.open(\"user://save.json\", "
                              "FileAccess.WRITE)\n\tfile.store_string(JSON.stringify(progress))"
                              "\n")],
              "broke": bash("godot --headless res://tools/save_roundtrip.tscn --quit-after 10",
                            "roundtrip: level_03 cell (4, 2) -> \"(4, 2)\" (String, expected "
                            "Vector2i)\nroundtrip: FAILED, 12 of 40 values changed type", 1),
              "revert": bash("git checkout -- scripts/save_game.gd", ""),
              "conclusion": "Reverted to ConfigFile. JSON.stringify writes Vector2i cell "
                            "positions and StringName keys as plain strings and they come back "
                            "as strings, so restored boards were wrong. ConfigFile keeps "
                            "Godot's types; saves stay user://save.cfg.",
              "offer": "We could write saves with JSON.stringify instead of ConfigFile — "
                       "readable and easy to share. Switch it?",
              "story": "the jam version did JSON.stringify saves. every Vector2i came back as a "
                       "string like \"(4, 2)\" and boards loaded scrambled. ConfigFile keeps the "
                       "types, so it stays"}),
        Fact("fals-native", "falsified", ["GDExtension"],
             ["the hint solver is slow on big levels — could we rewrite it in Rust or C++?",
              "why is the solver still written in GDScript when it's the slowest part?"],
             "Moving pipitwood's hint solver into a Rust GDExtension (godot-rust) was tried and "
             "reverted: the web export can't load it without a custom wasm build, and every "
             "contributor would need a Rust toolchain; the solver stays in GDScript "
             "(memoising board states instead).",
             {"ask": "port the hint solver to a Rust GDExtension with godot-rust, it's the "
                     "slowest thing we have",
              "want": "The solver takes two seconds on level 30 — could it be written in a "
                      "faster language?",
              "change": [write("solver-rs/Cargo.toml",
                               "[package]\nname = \"pipit_solver\"\nversion = \"0.1.0\"\n"
                               "edition = \"2021\"\n\n[lib]\ncrate-type = [\"cdylib\"]\n\n"
                               "[dependencies]\ngodot = \"0.1\"\n"),
                         write("pipit_solver.gdextension",
                               "[configuration]\nentry_symbol = \"gdext_rust_init\"\n\n"
                               "[libraries]\nlinux.x86_64 = "
                               "\"res://solver-rs/target/release/libpipit_solver.so\"\n"),
                         bash("cargo build --release --manifest-path solver-rs/Cargo.toml",
                              "   Compiling pipit_solver v0.1.0\n    Finished `release` "
                              "profile [optimized] target(s) in 48.12s")],
              "broke": bash("godot --headless --export-release \"Web\" build/web/index.html",
                            "ERROR: GDExtension pipit_solver.gdextension has no library for "
                            "web.wasm32\nERROR: Project export for preset \"Web\" failed.", 1),
              "revert": bash("rm -rf solver-rs pipit_solver.gdextension && git status --short",
                             ""),
              "conclusion": "Removed the GDExtension again. The web export can't load it (it "
                            "would need a wasm build of the extension and a custom web "
                            "template), and it would make a Rust toolchain mandatory for every "
                            "contributor. The solver stays in GDScript; memoising visited "
                            "boards is the cheaper speed-up.",
              "offer": "The solver could move into a Rust GDExtension via godot-rust — likely "
                       "an order of magnitude faster. Set it up?",
              "story": "a friend of Noor's prototyped a rust GDExtension for the solver. the web "
                       "build can't load extensions without a custom wasm template, and most "
                       "players play in the browser. it stays gdscript"}),
    ]
    chatter = [
        "Godot Engine v4.2.2.stable.official.15073afe3 - https://godotengine.org",
        "OpenGL API 3.3.0 NVIDIA 550.107.02 - Compatibility - Using Device: NVIDIA",
        "[level] loaded res://scenes/levels/level_07.tscn (48 tiles)",
        "[audio] bus layout loaded: Master, Music, Sfx",
        "[board] solver cache warm: 312 states",
        "[level] goal check: 3 birds remaining",
        "[hud] theme applied: default_theme.tres",
        "[level] player moved (2, 1) -> (3, 1)",
        "[board] pathing: 14 candidate moves",
        "[save] progress written (level_06 complete)",
        "[level] intro animation finished",
        "[audio] playing res://audio/music/branches.ogg",
        "[board] tiles spawned: 48",
        "[level] camera limits set to 640x360",
        "[hud] move counter visible",
    ]
    noise: list[Episode] = [
        look("what's in the level 7 scene script again?", "scenes/levels/level_07.gd",
             "extends Level\n\nfunc _setup_goals() -> void:\n\tgoals = [Vector2i(6, 2), "
             "Vector2i(7, 5)]\n\tpar_moves = 14\n",
             "Two goal cells, (6, 2) and (7, 5), and a par of 14 moves."),
        find("where do we play the 'bird lands' sound?", "bird_land",
             ["scenes/birds/bird.gd", "audio/sfx/bird_land.wav.import"],
             "In scenes/birds/bird.gd; the other hit is just the import file."),
        tweak("level 12's title has a typo, 'Ceder' should be 'Cedar'",
              "scenes/levels/level_12.tscn", "title = \"Ceder Crossing\"",
              "title = \"Cedar Crossing\"", "Fixed the title."),
        run("how many levels are in the game right now?", "ls scenes/levels/*.tscn | wc -l",
            "31", "31 level scenes."),
        talk("should we do a demo for the next Steam Next Fest or wait?",
             "If the first ten levels are polished, a demo gets wishlists; if not, waiting "
             "for a stronger slice is usually better."),
        steps("what did Noor change this week?",
              [bash("git log --since=1.week --author=Noor --oneline",
                    "4c1e9a2 New background for the cedar levels\n91b0d7f Level 29 layout\n"
                    "2e8f3c4 Bird idle animation, 6 frames")],
              "A cedar-level background, the level 29 layout and a six-frame idle "
              "animation."),
        [Step(prompt="plan the 1.1 content update with me"),
         Step(tools=[ask_user("What should 1.1 focus on?", "Focus",
                              [("New levels", "A ten-level winter world"),
                               ("Quality of life", "Undo history, level select polish")],
                              "New levels")]),
         Step(text="A ten-level winter world then; I'd keep quality-of-life fixes for "
                   "patches.")],
        steps("are there open issues nobody has answered?",
              [agent("Find unanswered issues", "List open issues with no maintainer reply.",
                     "Two: #118 (level 22 softlock when undoing at the goal) and #121 (request "
                     "for a colour-blind palette). Both are over a week old.",
                     "a3f9e2c7d041", "Explore", 3)],
              "#118, a softlock on level 22, and #121, a colour-blind palette request."),
    ]
    return Project(
        "pipitwood", "git@github.com:pipitwood/pipitwood.git",
        {"README.md": "# pipitwood\n\nA puzzle game about birds on branches.\n",
         "project.godot": "[application]\nconfig/name=\"Pipitwood\"\n",
         "CONTRIBUTING.md": "# Contributing\n\n## Development\n"},
        _equip(facts, comaint="Noor", reporters=["skye_plays", "hvdberg", "quietfox"],
               repo="pipitwood/pipitwood", chatter=chatter,
               naive=bash("rm -rf .godot/imported && godot --headless --import",
                          "Reimporting 214 resources...\n[ DONE ] first_scan_filesystem\n"
                          "[ DONE ] update_scripts_classes")),
        noise, "github")


# ------------------------------------------------------------------- dunlinflow
def dunlinflow() -> Project:
    guide = "docs/src/contributing.md"
    facts = [
        Fact("conv-doctests", "convention", ["jldoctest"],
             ["I'm adding a public function for baseflow separation — what does its "
              "documentation need?",
              "are the examples in docstrings actually run anywhere?"],
             "Every exported DunlinFlow function has a docstring with an `# Examples` section "
             "written as a jldoctest block; Documenter runs the doctests in CI (doctest = true "
             "in docs/make.jl), so example output must match exactly.",
             {"task": "export baseflow_index(q) — the Lyne–Hollick filter we already use "
                      "internally",
              "rule": "every exported function gets a docstring with an `# Examples` section "
                      "as a jldoctest block — Documenter runs them in CI, so the printed "
                      "output has to match exactly",
              "contrary": edit("src/baseflow.jl",
                               "function baseflow_index(q::AbstractVector{<:Real}; "
                               "alpha=0.925)\n",
                               "# baseflow index, see Lyne & Hollick (1979)\nfunction "
                               "baseflow_index(q::AbstractVector{<:Real}; alpha=0.925)\n"),
              "follow": [edit("src/baseflow.jl",
                              "function baseflow_index(q::AbstractVector{<:Real}; "
                              "alpha=0.925)\n",
                              "\"\"\"\n    baseflow_index(q; alpha=0.925)\n\nShare of total "
                              "flow that is baseflow, by the Lyne–Hollick filter.\n\n# "
                              "Examples\n```jldoctest\njulia> round(baseflow_index([3.0, 2.5, "
                              "2.2, 6.0, 4.1, 3.0]); digits=4)\n0.6537\n```\n\"\"\"\nfunction "
                              "baseflow_index(q::AbstractVector{<:Real}; alpha=0.925)\n"),
                         edit("src/DunlinFlow.jl", "export flow_duration_curve\n",
                              "export flow_duration_curve, baseflow_index\n")],
              "done": "baseflow_index is exported with a docstring whose # Examples section is "
                      "a jldoctest; it passes locally.",
              "doc": (guide,
                      "# Contributing\n\n## Docstrings\n\nEvery exported function has a "
                      "docstring: a signature line, one paragraph, and an `# Examples` "
                      "section written as a jldoctest block. `docs/make.jl` runs Documenter "
                      "with `doctest = true`, so CI fails when an example's printed output "
                      "changes.\n"),
              "found": "docs/src/contributing.md requires a docstring with an # Examples "
                       "section as a jldoctest block for every exported function, and "
                       "Documenter runs them in CI. The PR exports it with only a comment."}),
        Fact("conv-imports", "convention", ["ExplicitImports"],
             ["can I just write `using DataFrames` at the top of a new source file?",
              "how are imports from other packages supposed to be written in src?"],
             "DunlinFlow's src never has a bare `using Package`: names are imported explicitly "
             "(`using DataFrames: DataFrame, combine, groupby`), and the test suite runs "
             "ExplicitImports.jl checks that fail on implicit imports.",
             {"task": "add annual maxima extraction, by water year, in src/annual.jl",
              "rule": "no bare `using SomePackage` in src. name what you use, like `using "
                      "DataFrames: DataFrame, groupby` — the tests run ExplicitImports checks "
                      "and fail otherwise",
              "contrary": edit("src/annual.jl", "# annual statistics\n",
                               "# annual statistics\nusing DataFrames\nusing Dates\n\n"
                               "annual_maxima(df) = combine(groupby(transform(df, :date => "
                               "ByRow(water_year) => :wy), :wy), :flow => maximum => :peak)\n"),
              "follow": [edit("src/annual.jl", "# annual statistics\n",
                              "# annual statistics\nusing DataFrames: DataFrame, ByRow, "
                              "combine, groupby, transform\nusing Dates: Date, month, year\n\n"
                              "annual_maxima(df::DataFrame) = combine(groupby(transform(df, "
                              ":date => ByRow(water_year) => :wy), :wy), :flow => maximum => "
                              ":peak)\n"),
                         bash("julia --project -e 'using DunlinFlow, ExplicitImports; "
                              "check_no_implicit_imports(DunlinFlow)'", "")],
              "done": "annual.jl imports DataFrame, ByRow, combine, groupby, transform and "
                      "Date, month, year by name; check_no_implicit_imports passes.",
              "doc": (guide,
                      "# Contributing\n\n## Imports\n\nNo bare `using Package` in src/: import "
                      "names explicitly (`using DataFrames: DataFrame, combine`). "
                      "test/runtests.jl runs ExplicitImports.jl (`check_no_implicit_imports`, "
                      "`check_no_stale_explicit_imports`) and fails on either.\n"),
              "found": "docs/src/contributing.md bans bare `using Package` in src/: names are "
                       "imported explicitly, and the tests run ExplicitImports.jl's checks. The "
                       "PR has plain `using DataFrames` and `using Dates`."}),
        Fact("cmd-tests", "command", ["Pkg.test"],
             ["what's the right way to run the package's test suite?",
              "running the test file directly complains about missing packages — how should "
              "the tests be run?"],
             "DunlinFlow's tests run with `julia --project -e 'using Pkg; Pkg.test()'`, which "
             "builds the test environment from test/Project.toml; `julia --project "
             "test/runtests.jl` fails because Aqua and ExplicitImports aren't in the package "
             "environment.",
             {"goal": "run the tests for the annual maxima change",
              "fail": bash("julia --project test/runtests.jl",
                           "ERROR: LoadError: ArgumentError: Package Aqua not found in current "
                           "path.\n- Run `import Pkg; Pkg.add(\"Aqua\")` to install the Aqua "
                           "package.\nin expression starting at test/runtests.jl:2", 1),
              "note": "The test-only dependencies live in test/Project.toml, not in the "
                      "package's environment. Running through Pkg builds that environment and "
                      "runs runtests.jl inside it.",
              "ok": bash("julia --project -e 'using Pkg; Pkg.test()'",
                         "     Testing DunlinFlow\n      Status `/tmp/jl_Xb3k/Project.toml`\n"
                         "Test Summary: | Pass  Total  Time\nDunlinFlow    |  318    318  "
                         "41.2s\n     Testing DunlinFlow tests passed"),
              "done": "All 318 tests pass, the Aqua and import checks included.",
              "hint": "the test deps are in test/Project.toml. go through Pkg: `julia --project "
                      "-e 'using Pkg; Pkg.test()'`",
              "script": (".github/workflows/CI.yml",
                         "name: CI\non: [push, pull_request]\njobs:\n  test:\n    runs-on: "
                         "ubuntu-latest\n    strategy:\n      matrix:\n        version: "
                         "['lts', '1']\n    steps:\n      - uses: actions/checkout@v4\n      - "
                         "uses: julia-actions/setup-julia@v2\n        with:\n          "
                         "version: ${{ matrix.version }}\n      - run: julia --project -e "
                         "'using Pkg; Pkg.test()'\n")}),
        Fact("cmd-docs", "command", ["Pkg.develop"],
             ["how do I build the documentation site locally?",
              "docs/make.jl says the package can't be found — what's the setup step I'm "
              "missing?"],
             "To build DunlinFlow's docs locally, first point the docs environment at the "
             "checkout: `julia --project=docs -e 'using Pkg; Pkg.develop(path=\".\"); "
             "Pkg.instantiate()'`, then run `julia --project=docs docs/make.jl`.",
             {"goal": "build the docs locally so I can check the new docstring renders",
              "fail": bash("julia --project=docs docs/make.jl",
                           "ERROR: LoadError: ArgumentError: Package DunlinFlow not found in "
                           "current path.\n- Run `import Pkg; Pkg.add(\"DunlinFlow\")` to "
                           "install the DunlinFlow package.\nin expression starting at "
                           "docs/make.jl:1", 1),
              "note": "The docs environment doesn't know about the package in this checkout; "
                      "it has to be added by path as a development dependency, not from the "
                      "registry.",
              "ok": bash("julia --project=docs -e 'using Pkg; Pkg.develop(path=\".\"); "
                         "Pkg.instantiate()' && julia --project=docs docs/make.jl",
                         "   Resolving package versions...\n    Updating `docs/Project.toml`\n"
                         "  [a7c3e1f2] + DunlinFlow v0.9.3 `..`\n[ Info: SetupBuildDirectory: "
                         "setting up build directory.\n[ Info: Doctest: running doctests.\n"
                         "[ Info: HTMLWriter: rendering HTML pages."),
              "done": "The docs build into docs/build, doctests included.",
              "hint": "the docs env needs the local package devved in first: `julia "
                      "--project=docs -e 'using Pkg; Pkg.develop(path=\".\"); "
                      "Pkg.instantiate()'`",
              "script": ("docs/README.md",
                         "# Building the docs\n\n    julia --project=docs -e 'using Pkg; "
                         "Pkg.develop(path=\".\"); Pkg.instantiate()'\n    julia "
                         "--project=docs docs/make.jl\n\nThen open docs/build/index.html.\n")}),
        Fact("env-api", "environment", ["nrfaapps"],
             ["which web API does the package download gauge data from?",
              "a user behind a university firewall needs to allowlist the data host — which "
              "host is it?"],
             "DunlinFlow downloads gauged daily flows from the UK National River Flow Archive "
             "API at https://nrfaapps.ceh.ac.uk/nrfa/ws (NRFA_BASE in src/download.jl); no "
             "API key is needed.",
             {"goal": "which host does fetch_station actually talk to? a user's firewall "
                      "blocks it",
              "asked": "Our firewall only lets listed hosts through. Which server does "
                       "fetch_station() download from?",
              "guess": "the data comes from the environment agency's flood monitoring API",
              "probe": [bash("grep -n 'NRFA_BASE\\|HTTP.get' src/download.jl",
                             "3:const NRFA_BASE = \"https://nrfaapps.ceh.ac.uk/nrfa/ws\"\n41:"
                             "    resp = HTTP.get(\"$NRFA_BASE/time-series\"; query = "
                             "[\"station\" => id, \"data-type\" => \"gdf\"])")],
              "confirm": "fetch_station downloads from the National River Flow Archive's API "
                         "at https://nrfaapps.ceh.ac.uk/nrfa/ws (NRFA_BASE in "
                         "src/download.jl, the time-series endpoint); it needs no key, so "
                         "allowlisting nrfaapps.ceh.ac.uk over HTTPS is enough."}),
        Fact("env-fixtures", "environment", ["fixtures-v3"],
             ["where do the big test data files come from? they're not in the repo",
              "the test data download is failing in CI — where is that data hosted?"],
             "DunlinFlow's large test fixtures are a lazy Julia artifact (gauge_fixtures in "
             "Artifacts.toml) downloaded from the repository's GitHub release tagged "
             "fixtures-v3, cached in ~/.julia/artifacts afterwards.",
             {"goal": "the tests pull a big data bundle from somewhere — where is it hosted?",
              "asked": "Where do the test fixtures come from? I'd like to run the tests on a "
                       "machine without internet.",
              "guess": "the test data is kept in git lfs",
              "probe": [read("Artifacts.toml",
                             "[gauge_fixtures]\ngit-tree-sha1 = "
                             "\"5b1d0a3c8e7f2d4b6a9c1e3f5a7b9d0c2e4f6a8b\"\nlazy = true\n\n    "
                             "[[gauge_fixtures.download]]\n    url = "
                             "\"https://github.com/dunlinflow/DunlinFlow.jl/releases/download/"
                             "fixtures-v3/gauge_fixtures.tar.gz\"\n")],
              "confirm": "The fixtures are a lazy Julia artifact (gauge_fixtures in "
                         "Artifacts.toml), downloaded from the repository's GitHub release "
                         "tagged fixtures-v3; once fetched they stay in ~/.julia/artifacts, "
                         "so offline runs work after the first download."}),
        Fact("gotcha-gaps", "gotcha", ["skipmissing"],
             ["the annual mean flow comes out as missing for some stations — how do I get a "
              "number?",
              "why does averaging a flow column with gaps return missing?"],
             "Gauge series have gaps, so DunlinFlow's flow columns are Union{Missing, Float64} "
             "and sum/mean/maximum return missing; statistics must use skipmissing (and "
             "report the gap count), never fill zeros.",
             {"symptom": "mean_flow returns missing for about a third of the stations",
              "trace": "julia> mean_flow(fetch_station(39001))\nmissing\n\njulia> "
                       "eltype(fetch_station(39001).flow)\nUnion{Missing, Float64}",
              "probe": [bash("julia --project -e 'using DunlinFlow; df = "
                             "fetch_station(39001); println(count(ismissing, df.flow), \" of \", "
                             "size(df, 1))'", "412 of 18993")],
              "explain": "Those stations have gaps (412 missing days here), so the flow column "
                         "is Union{Missing, Float64}, and mean propagates missing. mean_flow "
                         "has to use skipmissing and report how many days were skipped — "
                         "filling zeros would bias the mean.",
              "fix": [edit("src/stats.jl", "mean_flow(df) = mean(df.flow)\n",
                           "mean_flow(df) = mean(skipmissing(df.flow))\n")],
              "done": "mean_flow skips the gaps now; 39001 gives 31.7 m³/s, and a test covers "
                      "an artificial gap.",
              "told": "it's the gaps: the flow column has missings and mean just passes them "
                      "through",
              "repro": "julia --project scripts/station_report.jl --all"}),
        Fact("gotcha-ids", "gotcha", ["leading zero"],
             ["looking up some stations by code returns nothing after reading our station "
              "catalogue CSV — why?",
              "station codes from the catalogue file don't match what I type in — what's "
              "going on?"],
             "CSV.jl infers DunlinFlow's catalogue station_id column as Int64, which drops "
             "the leading zero (\"027002\" becomes 27002), so string lookups fail; "
             "read_catalogue reads the column as String.",
             {"symptom": "lookup(\"027002\") finds nothing even though that code is in the "
                         "catalogue",
              "trace": "julia> cat = DunlinFlow.read_catalogue(\"data/catalogue.csv\");\n\n"
                       "julia> filter(r -> r.station_id == \"027002\", cat)\n0×5 DataFrame\n\n"
                       "julia> first(cat.station_id, 3)\n3-element Vector{Int64}:\n 27001\n "
                       "27002\n 27003",
              "probe": [read("src/catalogue.jl",
                             "read_catalogue(path) = CSV.read(path, DataFrame)\n")],
              "explain": "CSV.jl infers the station_id column as Int64 because the codes are "
                         "all digits, and that drops the leading zero: \"027002\" becomes "
                         "27002, so string lookups never match. The column has to be read as "
                         "String explicitly.",
              "fix": [edit("src/catalogue.jl",
                           "read_catalogue(path) = CSV.read(path, DataFrame)\n",
                           "read_catalogue(path) = CSV.read(path, DataFrame; types = "
                           "Dict(:station_id => String))\n")],
              "done": "read_catalogue keeps codes as strings; \"027002\" is found, and a test "
                      "checks the code survives a round trip.",
              "told": "CSV is parsing the codes as integers and eating the leading zero",
              "repro": "julia --project test/catalogue_debug.jl"}),
        Fact("fals-timeseries", "falsified", ["TimeArray"],
             ["wouldn't a dedicated time-series type be a better fit than DataFrames for "
              "flow records?",
              "why does the package return DataFrames instead of a time series container?"],
             "Switching DunlinFlow's return type from DataFrame to TimeSeries.jl's TimeArray "
             "was tried and reverted: a TimeArray can't hold missing values (gauge gaps) "
             "without NaN, and users' DataFrames code broke; series stay DataFrames with a "
             ":date column.",
             {"ask": "switch fetch_station to return a TimeSeries.jl TimeArray, it's a time "
                     "series after all",
              "want": "Could fetch_station() return a proper time series object instead of a "
                      "DataFrame?",
              "change": [edit("src/download.jl",
                              "    return DataFrame(date = dates, flow = flows)\n",
                              "    return TimeArray(dates, flows, [:flow])\n"),
                         bash("julia --project -e 'using Pkg; Pkg.add(\"TimeSeries\")'",
                              "   Resolving package versions...\n    Updating "
                              "`Project.toml`\n  [9e3dc215] + TimeSeries v0.24.2")],
              "broke": bash("julia --project -e 'using DunlinFlow; fetch_station(39001)'",
                            "ERROR: MethodError: Cannot `convert` an object of type Missing to "
                            "an object of type Float64\nStacktrace:\n [1] "
                            "TimeArray(timestamp::Vector{Date}, values::Vector{Union{Missing, "
                            "Float64}}, colnames::Vector{Symbol})", 1),
              "revert": bash("git checkout -- src/download.jl Project.toml", ""),
              "conclusion": "Reverted to DataFrames. A TimeArray can't hold missing values and "
                            "gauge records are full of gaps — we'd have to turn them into NaN, "
                            "which silently poisons every statistic — and every user's "
                            "DataFrames code would break. fetch_station keeps returning a "
                            "DataFrame with a :date column.",
              "offer": "TimeSeries.jl's TimeArray would give us lags and moving windows for "
                       "free. Switch fetch_station to return one?",
              "story": "Teodora tried TimeArray in 0.5. it can't hold missing, the gaps became "
                       "NaN and quietly broke the statistics, and users' DataFrames code broke. "
                       "we went back"}),
        Fact("fals-sysimage", "falsified", ["PackageCompiler"],
             ["the command-line tool takes ages to start — can we precompile it into a "
              "custom system image?",
              "why isn't the CLI shipped as a compiled app?"],
             "Shipping DunlinFlow's CLI as a PackageCompiler sysimage was tried and reverted: "
             "it was ~400 MB, tied to one Julia version, and wouldn't load on other CPUs; "
             "startup is improved with PrecompileTools workloads instead.",
             {"ask": "build a sysimage for the dunlin CLI with PackageCompiler so startup isn't "
                     "nine seconds",
              "want": "Starting the command-line tool takes nine seconds — can it start "
                      "instantly?",
              "change": [write("build/sysimage.jl",
                               "using PackageCompiler\ncreate_sysimage([\"DunlinFlow\"]; "
                               "sysimage_path = \"dunlin.so\", precompile_execution_file = "
                               "\"build/warmup.jl\")\n"),
                         bash("julia --project=build build/sysimage.jl",
                              "✔ [04m:12s] PackageCompiler: compiling incremental system "
                              "image")],
              "broke": bash("ls -lh dunlin.so && scp dunlin.so lab-ws2: && ssh lab-ws2 'julia "
                            "-J dunlin.so -e \"using DunlinFlow\"'",
                            "-rw-r--r-- 1 dev dev 412M dunlin.so\nERROR: Unable to find "
                            "compatible target in system image.\nSystem image was built for cpu "
                            "target 'znver3'", 1),
              "revert": bash("rm -f build/sysimage.jl dunlin.so", ""),
              "conclusion": "Dropped the sysimage. It was 412 MB, tied to one Julia version, "
                            "and it refused to load on another machine because it was built "
                            "for this CPU. Startup is better attacked with a PrecompileTools "
                            "workload in the package itself.",
              "offer": "PackageCompiler could bake the package into a custom sysimage — the "
                       "CLI would start in under a second. Set that up?",
              "story": "we shipped a PackageCompiler sysimage with 0.6. 400 MB, rebuilt for "
                       "every julia release, and it crashed for people on other CPUs. "
                       "precompile workloads instead"}),
    ]
    chatter = [
        "[ Info: fetching station 28015 (1970-01-01 to 2024-09-30)",
        "[ Info: station 28015: 19996 days, 0 gaps",
        "[ Info: fetching station 27034",
        "[ Info: station 27034: 20001 days, 3 gaps",
        "[ Info: flow duration curve for 28015 written to out/fdc_28015.csv",
        "[ Info: fetching station 54001",
        "[ Info: station 54001: 18877 days, 0 gaps",
        "[ Info: baseflow index 28015 = 0.48",
        "[ Info: annual maxima 27034: 54 water years",
        "┌ Warning: station 33006 has a rating change in 1998",
        "└ @ DunlinFlow src/download.jl:88",
        "[ Info: fetching station 76007",
        "[ Info: station 76007: 19010 days, 1 gap",
        "[ Info: report page 4/12 written",
        "[ Info: cache hit for station 39020",
    ]
    noise: list[Episode] = [
        look("what does flow_duration_curve return again?", "src/fdc.jl",
             "\"\"\"\n    flow_duration_curve(df; probs = 0.01:0.01:0.99)\n\nExceedance "
             "probability and flow, as a DataFrame with :p and :flow.\n\"\"\"\n",
             "A DataFrame with :p (exceedance probability) and :flow, for probabilities "
             "0.01 to 0.99 by default."),
        find("where is water_year defined?", "water_year",
             ["src/dates.jl", "src/annual.jl", "test/dates.jl"],
             "Defined in src/dates.jl, used in annual.jl and tested in test/dates.jl."),
        tweak("the README still calls it 'FlowTools'", "README.md",
              "FlowTools.jl computes", "DunlinFlow.jl computes", "Fixed the old name."),
        run("what version is on main?", "grep '^version' Project.toml", "version = \"0.9.3\"",
            "0.9.3."),
        talk("is it worth submitting this package to JOSS?",
             "Likely yes: it has documentation, tests, a clear research use and users outside "
             "the lab, which is what their reviewers look for."),
        steps("who has contributed since the last release?",
              [bash("git shortlog -sn v0.9.2..HEAD",
                    "    14  Teodora\n     6  lucia-r\n     2  pjensen")],
              "Teodora (14 commits), lucia-r (6) and pjensen (2)."),
        [Step(prompt="help me plan the 1.0 release"),
         Step(tools=[todo_write([("Freeze the public API", "pending", "Freezing the API"),
                                 ("Write the 1.0 migration notes", "pending",
                                  "Writing migration notes"),
                                 ("Register 1.0 with the registry bot", "pending",
                                  "Registering")])]),
         Step(text="Freeze the exported API, write migration notes, then register 1.0.")],
        steps("are any of the open issues duplicates?",
              [agent("Find duplicate issues", "Compare the open issues and list likely "
                     "duplicates.",
                     "#52 and #61 both ask for monthly aggregation; #58 (plot recipes) is "
                     "distinct. Suggest closing #61 in favour of #52.", "a0c4e8b71d29",
                     "Explore", 4)],
              "#61 duplicates #52 (monthly aggregation); everything else is distinct."),
    ]
    return Project(
        "dunlinflow", "git@github.com:dunlinflow/DunlinFlow.jl.git",
        {"README.md": "# DunlinFlow.jl\n\nRiver gauge flow series in Julia.\n",
         "Project.toml": "name = \"DunlinFlow\"\nversion = \"0.9.3\"\n",
         "CONTRIBUTING.md": "# Contributing\n\n## Development\n"},
        _equip(facts, comaint="Teodora", reporters=["hydro-mk", "pjensen", "lucia-r"],
               repo="dunlinflow/DunlinFlow.jl", chatter=chatter,
               naive=bash("julia --project -e 'using Pkg; Pkg.resolve(); Pkg.precompile()'",
                          "  No Changes to `Project.toml`\nPrecompiling project...\n  1 "
                          "dependency successfully precompiled in 21 seconds")),
        noise, "slack")


# ------------------------------------------------------------------- godwitlog
def godwitlog() -> Project:
    guide = "CONTRIBUTING.md"
    filt = "lib/features/sightings/sightings_filter.dart"
    manifest = "android/app/src/main/AndroidManifest.xml"
    fine = "    <uses-permission android:name=\"android.permission.ACCESS_FINE_LOCATION\" />\n"
    facts = [
        Fact("conv-state", "convention", ["riverpod_generator"],
             ["what should the new species filter's state use — setState, a ChangeNotifier, "
              "something else?",
              "how are providers written in this codebase?"],
             "godwitlog's shared state is Riverpod only, with providers written as "
             "@riverpod-annotated classes/functions generated by riverpod_generator (part "
             "'x.g.dart'); no ChangeNotifier or hand-written providers for shared state.",
             {"task": "add a species filter to the sightings list that the map screen also "
                      "respects",
              "rule": "shared state is riverpod only, written with the @riverpod annotation so "
                      "riverpod_generator makes the providers. no ChangeNotifier, no "
                      "hand-written StateNotifierProvider",
              "contrary": edit(filt, "// filter state\n",
                               "// filter state\nclass SightingsFilter extends ChangeNotifier {"
                               "\n  String? species;\n  void set(String? s) { species = s; "
                               "notifyListeners(); }\n}\n"),
              "follow": [edit(filt, "// filter state\n",
                              "// filter state\npart 'sightings_filter.g.dart';\n\n@riverpod\n"
                              "class SpeciesFilter extends _$SpeciesFilter {\n  @override\n  "
                              "String? build() => null;\n\n  void select(String? species) => "
                              "state = species;\n}\n"),
                         bash("dart run build_runner build",
                              "[INFO] Running build completed, took 9.8s\n[INFO] Succeeded "
                              "after 9.9s with 3 outputs")],
              "done": "SpeciesFilter is a generated @riverpod notifier; the list and the map "
                      "both watch speciesFilterProvider.",
              "doc": (guide,
                      "# Contributing\n\n## State\n\nShared state lives in Riverpod providers "
                      "written with the `@riverpod` annotation and generated by "
                      "riverpod_generator (`part 'x.g.dart';`). Don't add ChangeNotifier or "
                      "hand-written StateNotifierProviders; setState is for purely local "
                      "widget state.\n"),
              "found": "CONTRIBUTING.md: shared state is Riverpod providers written with "
                       "@riverpod and generated by riverpod_generator; ChangeNotifier isn't "
                       "allowed. The PR's filter is a ChangeNotifier."}),
        Fact("conv-goldens", "convention", ["matchesGoldenFile"],
             ["I built a new species detail screen — what kind of test does it need before "
              "merging?",
              "how do we test what screens look like, and where do the reference images get "
              "made?"],
             "Every new godwitlog screen gets a golden test (expectLater(..., "
             "matchesGoldenFile('goldens/<screen>.png'))) in test/goldens, and golden images "
             "are generated only in the Linux Flutter container, never on a Mac, because "
             "font rendering differs.",
             {"task": "finish the species detail screen and get it merge-ready",
              "rule": "every new screen gets a golden test with matchesGoldenFile under "
                      "test/goldens, and goldens are only ever generated on linux in the CI "
                      "image — a mac renders fonts differently and the diffs are useless",
              "contrary": edit("test/widgets/species_detail_test.dart", "void main() {\n",
                               "void main() {\n  testWidgets('shows the name', (tester) async "
                               "{\n    await tester.pumpWidget(wrap(const SpeciesDetail(code: "
                               "'bartgo')));\n    expect(find.text('Bar-tailed Godwit'), "
                               "findsOneWidget);\n  });\n"),
              "follow": [write("test/goldens/species_detail_golden_test.dart",
                               "void main() {\n  testWidgets('species detail', (tester) async "
                               "{\n    await tester.pumpWidget(wrap(const SpeciesDetail(code: "
                               "'bartgo')));\n    await expectLater(find.byType(SpeciesDetail),"
                               " matchesGoldenFile('goldens/species_detail.png'));\n  });\n}\n"),
                         bash("docker run --rm -v \"$PWD\":/app -w /app "
                              "ghcr.io/cirruslabs/flutter:3.24.3 flutter test --update-goldens "
                              "test/goldens/species_detail_golden_test.dart",
                              "00:14 +1: All tests passed!")],
              "done": "The screen has a golden test in test/goldens using matchesGoldenFile, "
                      "and its reference image was generated in the Linux Flutter container.",
              "doc": (guide,
                      "# Contributing\n\n## Tests\n\nEvery new screen gets a golden test in "
                      "test/goldens using `matchesGoldenFile`. Golden images are generated in "
                      "the Linux CI container only (`flutter test --update-goldens` inside "
                      "ghcr.io/cirruslabs/flutter) — never on macOS, where font rendering "
                      "differs.\n"),
              "found": "CONTRIBUTING.md wants a golden test (matchesGoldenFile, under "
                       "test/goldens) for every new screen, with the images generated only in "
                       "the Linux container. The PR only has a text-finder widget test."}),
        Fact("cmd-codegen", "command", ["--delete-conflicting-outputs"],
             ["code generation errors out after I switch branches — how do I regenerate "
              "cleanly?",
              "what's the command to rebuild the generated .g.dart files?"],
             "godwitlog's generated code (drift, riverpod_generator, freezed) is rebuilt with "
             "`dart run build_runner build --delete-conflicting-outputs`; after a branch "
             "switch a plain build refuses because stale generated files conflict.",
             {"goal": "I switched to the sync branch, regenerate the generated code",
              "fail": bash("flutter pub run build_runner build",
                           "Deprecated. Use `dart run` instead.\n[SEVERE] Conflicting outputs "
                           "were detected and the build is unable to prompt for permission to "
                           "remove them. These outputs must be removed manually or the build "
                           "can be run with `--delete-conflicting-outputs`. The outputs are: "
                           "lib/data/db.g.dart, lib/features/sync/sync_state.g.dart", 78),
              "note": "The stale generated files from the other branch conflict with what the "
                      "build wants to write, and build_runner only replaces them when told "
                      "to.",
              "ok": bash("dart run build_runner build --delete-conflicting-outputs",
                         "[INFO] Deleting 2 declared outputs which already existed on disk.\n"
                         "[INFO] Running build completed, took 14.2s\n[INFO] Succeeded after "
                         "14.3s with 27 outputs"),
              "done": "Generated code is rebuilt: 27 outputs, the stale drift and sync files "
                      "replaced.",
              "hint": "right, after a branch switch it's always `dart run build_runner build "
                      "--delete-conflicting-outputs`",
              "script": ("tool/gen.sh",
                         "#!/bin/sh\n# regenerate drift / riverpod / freezed code\ndart run "
                         "build_runner build --delete-conflicting-outputs\n")}),
        Fact("cmd-play", "command", ["--flavor play"],
             ["how do I build the bundle we upload to the Play Store?",
              "the release appbundle build fails about a missing signing config — what's the "
              "actual command?"],
             "godwitlog's Play Store bundle is built with `flutter build appbundle --flavor "
             "play --dart-define-from-file=env/play.json`; without a flavor Gradle picks the "
             "unsigned fdroid flavor and fails on signing.",
             {"goal": "build the release bundle for the play store upload",
              "fail": bash("flutter build appbundle --release",
                           "FAILURE: Build failed with an exception.\n\n* What went wrong:\n"
                           "Execution failed for task ':app:signFdroidReleaseBundle'.\n> "
                           "SigningConfig \"release\" is missing required property "
                           "\"storeFile\".", 1),
              "note": "Without a flavor it builds the fdroid one, which has no upload signing "
                      "config. The Play build is its own flavor with its own dart-defines.",
              "ok": bash("flutter build appbundle --flavor play "
                         "--dart-define-from-file=env/play.json",
                         "Running Gradle task 'bundlePlayRelease'...    142.7s\n✓ Built "
                         "build/app/outputs/bundle/playRelease/app-play-release.aab (31.4MB)"),
              "done": "app-play-release.aab (31.4 MB) is built and signed with the upload key, "
                      "ready for the Play console.",
              "hint": "it needs the flavor: `flutter build appbundle --flavor play "
                      "--dart-define-from-file=env/play.json`",
              "script": ("fastlane/Fastfile",
                         "platform :android do\n  lane :beta do\n    sh(\"cd .. && flutter "
                         "build appbundle --flavor play --dart-define-from-file=env/play.json"
                         "\")\n    upload_to_play_store(track: \"beta\")\n  end\nend\n")}),
        Fact("env-sync", "environment", ["PocketBase"],
             ["what's running on the sync server behind the app?",
              "a contributor wants to self-host the sync backend — what software is it?"],
             "godwitlog's optional sync backend at https://sync.godwitlog.app is a PocketBase "
             "server; the app talks to it with the pocketbase Dart SDK (URL overridable with "
             "SYNC_URL), and its collections are in sync/pb_migrations.",
             {"goal": "what's actually behind sync.godwitlog.app? I forget what we deployed",
              "asked": "Can I run my own sync server? What software is behind "
                       "sync.godwitlog.app?",
              "guess": "sync is a supabase project",
              "probe": [bash("curl -s https://sync.godwitlog.app/api/health; grep -rn "
                             "'pocketbase\\|PocketBase(' pubspec.yaml lib/data/sync/",
                             "{\"code\":200,\"message\":\"API is healthy.\",\"data\":{}}\n"
                             "pubspec.yaml:41:  pocketbase: ^0.18.1\n"
                             "lib/data/sync/client.dart:7:final pb = PocketBase(const "
                             "String.fromEnvironment('SYNC_URL', defaultValue: "
                             "'https://sync.godwitlog.app'));")],
              "confirm": "sync.godwitlog.app is a PocketBase server — the /api/health answer is "
                         "PocketBase's, and the app uses the pocketbase Dart SDK "
                         "(lib/data/sync/client.dart, URL overridable with SYNC_URL). "
                         "Self-hosting means running PocketBase with the collections from "
                         "sync/pb_migrations."}),
        Fact("env-android", "environment", ["minSdk 23"],
             ["what's the oldest Android version the app still supports?",
              "someone on Android 5 can't install it — what's our minimum API level?"],
             "godwitlog's Android minimum is minSdk 23 (Android 6.0), set in android/app/build.gradle "
             "(targetSdk 34); older devices can't install it.",
             {"goal": "what's our minimum android version? someone with an old tablet is "
                      "asking",
              "asked": "The app won't install on my old Android 5.1 tablet. Which Android "
                       "versions are supported?",
              "guess": "we still support api 21",
              "probe": [bash("grep -n 'minSdk\\|targetSdk' android/app/build.gradle",
                             "14:        minSdk 23\n15:        targetSdk 34")],
              "confirm": "minSdk 23 in android/app/build.gradle, i.e. Android 6.0 and newer "
                         "(targetSdk 34); Android 5.x devices can't install it."}),
        Fact("gotcha-migration", "gotcha", ["schemaVersion"],
             ["after updating, the app crashes for existing users with a 'no such column' "
              "error — what did we miss?",
              "what do I have to do when I add a column to a drift table?"],
             "godwitlog uses drift: adding a column needs both a schemaVersion bump in "
             "lib/data/db.dart and its step in MigrationStrategy.onUpgrade (m.addColumn); "
             "otherwise existing installs crash with 'no such column' while fresh installs "
             "work.",
             {"symptom": "after 2.3.0 the app crashes on open for people who already had it "
                         "installed; fresh installs are fine",
              "trace": "E/flutter (12233): Unhandled Exception: SqliteException(1): while "
                       "preparing statement, no such column: sightings.breeding_code, SQL "
                       "logic error (code 1)\n  Causing statement: SELECT * FROM \"sightings\" "
                       "ORDER BY \"observed_at\" DESC;",
              "probe": [bash("git log -1 --format=%s -- lib/data/tables.dart; grep -n "
                             "'schemaVersion\\|onUpgrade\\|from <' lib/data/db.dart",
                             "Add breeding code to sightings (#231)\n22:  int get "
                             "schemaVersion => 6;\n26:    onUpgrade: (m, from, to) async {\n27:"
                             "      if (from < 6) { /* TODO */ }")],
              "explain": "The breeding_code column was added to the drift table and "
                         "schemaVersion bumped to 6, but the onUpgrade step for 6 is an empty "
                         "TODO. Fresh installs create the whole table, so they work; existing "
                         "databases get the version bump without the ALTER TABLE, and the "
                         "first query naming the column fails. Every column change needs the "
                         "schemaVersion bump and its m.addColumn step together.",
              "fix": [edit("lib/data/db.dart", "  int get schemaVersion => 6;\n",
                           "  int get schemaVersion => 7;\n"),
                      edit("lib/data/db.dart", "      if (from < 6) { /* TODO */ }\n",
                           "      if (from < 7) {\n        await m.addColumn(sightings, "
                           "sightings.breedingCode);\n      }\n")],
              "done": "Upgrades now add breeding_code (version 7, so phones already marked 6 "
                      "get it too); a drift migration test from the v5 schema passes.",
              "told": "we bumped the schema version without writing the migration step",
              "repro": "flutter test test/migrations/"}),
        Fact("gotcha-location", "gotcha", ["ACCESS_COARSE_LOCATION"],
             ["on some newer Android phones the location permission prompt never shows up — "
              "why?",
              "what does the manifest need for GPS to work on Android 12 and later?"],
             "On Android 12+ godwitlog's location request is denied without a dialog unless "
             "AndroidManifest.xml declares ACCESS_COARSE_LOCATION alongside "
             "ACCESS_FINE_LOCATION (users may choose approximate location).",
             {"symptom": "users on a Pixel 7 with Android 14 say tapping 'use my location' "
                         "does nothing, no permission popup",
              "trace": "W/Geolocator(8812): Location permissions are not declared correctly "
                       "in the AndroidManifest.xml\nI/flutter (8812): permission: "
                       "LocationPermission.denied (requestPermission returned immediately)",
              "probe": [bash(f"grep -n 'permission' {manifest}",
                             "3:    <uses-permission android:name=\"android.permission."
                             "ACCESS_FINE_LOCATION\" />\n4:    <uses-permission android:name="
                             "\"android.permission.INTERNET\" />")],
              "explain": "Since Android 12 a precise location request must come with "
                         "ACCESS_COARSE_LOCATION declared as well, because the system dialog "
                         "lets the user pick approximate location. The manifest declares only "
                         "ACCESS_FINE_LOCATION, so the request is denied on the spot without "
                         "a dialog.",
              "fix": [edit(manifest, fine,
                           fine + "    <uses-permission android:name=\"android.permission."
                                  "ACCESS_COARSE_LOCATION\" />\n")],
              "done": "The manifest declares both; on the Android 14 emulator the dialog "
                      "appears with precise and approximate choices.",
              "told": "android 12 and up wants the coarse permission declared too, not just "
                      "fine",
              "repro": "adb logcat -d | grep -i -E 'flutter|geolocator'"}),
        Fact("fals-store", "falsified", ["Isar"],
             ["drift feels verbose — would a NoSQL local database be simpler?",
              "why do we keep sightings in SQLite instead of an object database?"],
             "Replacing godwitlog's drift/SQLite storage with Isar was tried and reverted: "
             "Isar ships prebuilt native libraries, which F-Droid's scanner rejects, so the "
             "F-Droid build failed; storage stays drift on SQLite.",
             {"ask": "migrate local storage from drift to Isar, the queries would be much "
                     "shorter",
              "want": "Could the app swap drift for something less verbose, like an object "
                      "database?",
              "change": [edit("pubspec.yaml", "  drift: ^2.20.0\n",
                              "  isar: ^3.1.0\n  isar_flutter_libs: ^3.1.0\n"),
                         bash("flutter pub get", "Resolving dependencies...\n+ isar 3.1.0+1\n"
                                                 "+ isar_flutter_libs 3.1.0+1\nChanged 2 "
                                                 "dependencies!")],
              "broke": bash("fdroid build -v -l org.godwitlog.app",
                            "ERROR: Found prebuilt binary: "
                            "build/isar_flutter_libs/jni/arm64-v8a/libisar.so\nERROR: Could not "
                            "build app org.godwitlog.app: Can't build due to 1 error while "
                            "scanning", 1),
              "revert": bash("git checkout -- pubspec.yaml pubspec.lock && flutter pub get",
                             "Resolving dependencies...\nGot dependencies!"),
              "conclusion": "Back on drift. Isar ships prebuilt native libraries (libisar.so), "
                            "and F-Droid's scanner refuses apps with prebuilt binaries, so the "
                            "F-Droid build can't happen with it. Storage stays drift on "
                            "SQLite.",
              "offer": "Isar would make the storage layer much terser than drift — annotated "
                       "classes, no SQL. Want me to migrate?",
              "story": "we tried Isar for 2.0. it ships prebuilt native libs and F-Droid's "
                       "scanner rejected the build. staying on drift"}),
        Fact("fals-background", "falsified", ["WorkManager"],
             ["can sightings sync in the background every so often, even when the app is "
              "closed?",
              "why does sync only happen while the app is open?"],
             "Periodic background sync in godwitlog via WorkManager (every 15 minutes) was "
             "tried and reverted: Android deferred the jobs for hours anyway and users saw "
             "battery drain; sync runs on app start and pull-to-refresh only.",
             {"ask": "add background sync with the workmanager plugin, every 15 minutes",
              "want": "Can the app sync in the background so my sightings are online before I "
                      "get home?",
              "change": [edit("lib/main.dart",
                              "  runApp(const ProviderScope(child: GodwitApp()));\n",
                              "  await Workmanager().initialize(syncDispatcher);\n  await "
                              "Workmanager().registerPeriodicTask('sync', 'sync', frequency: "
                              "const Duration(minutes: 15));\n  runApp(const ProviderScope("
                              "child: GodwitApp()));\n"),
                         bash("flutter pub add workmanager", "Resolving dependencies...\n+ "
                                                            "workmanager 0.5.2\nChanged 1 "
                                                            "dependency!")],
              "broke": bash("adb shell dumpsys jobscheduler | grep -A2 workmanager",
                            "JOB #u0a211/412: "
                            "androidx.work.impl.background.systemjob.SystemJobService\n    Last "
                            "run: -7h12m (deferred: app standby bucket RARE)\n    Battery: "
                            "4.1% attributed in 24h"),
              "revert": bash("git checkout -- lib/main.dart pubspec.yaml pubspec.lock", ""),
              "conclusion": "Reverted. With WorkManager the 15-minute job was still deferred "
                            "for hours by Android's standby buckets, and it cost about 4% "
                            "battery a day — the worst of both. Sync stays on app start and "
                            "pull-to-refresh.",
              "offer": "The workmanager plugin could run a periodic WorkManager job that syncs "
                       "every 15 minutes in the background. Add it?",
              "story": "Kofi tried WorkManager background sync last year. android deferred it "
                       "for hours anyway and people complained about battery. sync is on app "
                       "open and pull-to-refresh"}),
    ]
    chatter = [
        "I/flutter (12233): [sync] pulled 0 changes",
        "D/EGL_emulation(12233): app_time_stats: avg=16.64ms min=15.90ms max=17.45ms count=60",
        "I/flutter (12233): [db] opened godwit.sqlite (412 sightings)",
        "I/flutter (12233): [map] tiles cached: 96",
        "D/ProfileInstaller(12233): Installing profile for org.godwitlog.app",
        "I/flutter (12233): [ui] route /sightings",
        "I/Choreographer(12233): Skipped 31 frames! The application may be doing too much work.",
        "I/flutter (12233): [species] list loaded: 611 taxa",
        "I/flutter (12233): [ui] route /map",
        "D/EGL_emulation(12233): app_time_stats: avg=16.70ms min=15.82ms max=19.02ms count=59",
        "I/flutter (12233): [sync] last sync 3h ago",
        "I/flutter (12233): [ui] route /sightings/new",
        "W/OnBackInvokedCallback(12233): enableOnBackInvokedCallback is not set",
        "I/flutter (12233): [gps] provider: fused",
        "I/flutter (12233): [db] write ok (1 row)",
    ]
    noise: list[Episode] = [
        look("what columns does the sightings table have?", "lib/data/tables.dart",
             "class Sightings extends Table {\n  IntColumn get id => integer()."
             "autoIncrement()();\n  TextColumn get speciesCode => text()();\n  "
             "IntColumn get count => integer().withDefault(const Constant(1))();\n  "
             "DateTimeColumn get observedAt => dateTime()();\n  RealColumn get lat => real()"
             ".nullable()();\n}\n",
             "id, speciesCode, count (default 1), observedAt and a nullable lat."),
        find("where do we format counts like '12 birds'?", "birdCount",
             ["lib/l10n/format.dart", "lib/features/sightings/sighting_tile.dart"],
             "lib/l10n/format.dart defines it; the sighting tile uses it."),
        tweak("the about screen links to the old website", "lib/features/about/about.dart",
              "https://godwitlog.github.io", "https://godwitlog.app", "Link updated."),
        run("how many translations do we ship?", "ls lib/l10n/*.arb | wc -l", "9",
            "Nine ARB files, so nine languages."),
        talk("should the app ask for a rating after the tenth sighting?",
             "Asking at a moment of success is fine, but keep it to once and never on F-Droid "
             "builds, where the Play review API isn't available anyway."),
        steps("what changed since 2.3.0?",
              [bash("git log --oneline v2.3.0..HEAD",
                    "b91e2c0 Dutch translation update\n7a0d3f1 Map: cluster markers above 200 "
                    "sightings\nc3e81a4 Fix crash when species list is empty")],
              "Dutch translation update, marker clustering on the map, and a crash fix for an "
              "empty species list."),
        [Step(prompt="the F-Droid metadata needs a new changelog for 2.4"),
         Step(tools=[write("fastlane/metadata/android/en-US/changelogs/240.txt",
                           "• Species filter on the list and map\n• Breeding codes\n• Fixes "
                           "for location on newer phones\n")]),
         Step(text="Wrote changelogs/240.txt for versionCode 240.")],
        steps("go through the new issues and sort them for me",
              [agent("Sort new issues", "Read the issues opened this week and group them.",
                     "Bugs: #244 (map blank offline), #246 (date picker in Turkish). "
                     "Requests: #245 (CSV export of a single trip). Questions: #247 (how to "
                     "merge two lists).", "a51b7e0c9f23", "Explore", 5)],
              "Two bugs (#244, #246), one feature request (#245) and a question (#247)."),
    ]
    return Project(
        "godwitlog", "git@github.com:godwitlog/godwitlog.git",
        {"README.md": "# godwitlog\n\nOffline-first birding notebook.\n",
         "pubspec.yaml": "name: godwitlog\nversion: 2.4.0+240\n",
         "CONTRIBUTING.md": "# Contributing\n\n## Development\n"},
        _equip(facts, comaint="Kofi", reporters=["marta.s", "rjb", "wader-watcher"],
               repo="godwitlog/godwitlog", chatter=chatter,
               naive=bash("flutter clean && flutter pub get",
                          "Deleting build...\nDeleting .dart_tool...\nResolving dependencies..."
                          "\nGot dependencies!")),
        noise, "aws")


def projects() -> list[Project]:
    return [gannetrow(), pipitwood(), dunlinflow(), godwitlog()]
