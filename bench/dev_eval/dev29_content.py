"""The ``dev29`` split, "an open-source maintainer's week": four projects, ten planted facts
each.

Written in the eighteenth pass by a helper that read no rlat code; to be read untuned.

The user maintains four open-source packages, mostly alone, sometimes with one co-maintainer.
A week of that work: triaging issues users filed (the issue body pasted into the prompt or read
with ``gh issue view``), reviewing and merging contributors' pull requests (``gh pr diff``,
``gh pr checkout``, pushing a fix to the contributor's branch, requesting changes), cutting
releases (changelogs, version bumps, tags, uploading to the package registry), keeping a CI
matrix of language versions and operating systems green, backporting fixes to a maintenance
branch and answering users in GitHub Discussions. Messages are short, often lower case, with
the odd typo; CI logs and issue bodies are pasted whole.

The durable facts arrive the way they do in that work: a project rule stated while reviewing a
contributor's pull request - with the request, when turning down the assistant's merge, when
confirming what CONTRIBUTING says, or in the answer to the contributor's "why do I need
this?"; a release or test command that fails and the working one (found in RELEASING.md, a
Makefile, a justfile, a noxfile or a tests README, named by the user, or after the user pasted
their own failed attempt, sometimes with an issue triaged in between after an interruption,
``[Request interrupted by user]``); an environment fact read out of CI configuration, a
package manifest or tool output (the supported version range, the registry account or
namespace, a token's environment variable, the docs host), sometimes to answer a user's
question in Discussions; a gotcha explained after a confusing CI failure or bug report
(sometimes recognised by the user, sometimes answered on the issue and written into the
project's known-issues notes); and an approach that was tried, broke users and was reverted -
in the session, recounted with the issue numbers before anything is touched, or when a user
files an issue asking for exactly that again.

The projects: spindrift, a fuzzy string matching library for Python with a Rust core (PyO3,
maturin, abi3 wheels built by maturin-action, PyPI through trusted publishing, nox, news
fragments, Read the Docs, a 2.3.x maintenance branch); peatlink, a Go command-line link checker
for documentation sites (cobra, golden-file tests, golangci-lint, goreleaser publishing GitHub
releases, a Homebrew tap and a container image, a release-0.9 maintenance branch); tormentil, a
Haskell iCalendar (RFC 5545) library on Hackage (cabal, attoparsec, tasty with hedgehog and
golden tests, a haskell-ci generated workflow, a 0.6 maintenance branch); and whinchat, a
pure-Lua CSV reader and writer on LuaRocks (busted, luacheck, LDoc, a CI matrix over Lua 5.1 to
5.4 and LuaJIT, a justfile). Each fact carries its project's ``repo`` (the GitHub slug),
``detours`` (unrelated maintainer asks with their answers, used when the user interrupts) and
``notes`` (the known-issues file and the heading entries go under).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``pr`` (number, contributor's login, title of a PR that breaks the rule),
  ``probe`` (tools showing the PR), ``rule`` (the user's words, lower-case start), ``follow``
  (tools bringing the PR in line), ``done``, ``doc`` (``(path, text)``: where the rule is
  written), ``found`` (the assistant's sentence reading it there), ``asked`` (the
  contributor's question on the PR);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the user's words naming
  the working command), ``script`` (``(path, text)``: the file that shows it);
* environment - ``goal``, ``probe``, ``confirm``, ``while`` (a nearby question answered by the
  same output), ``discussion`` (``(login, text)``: a user's question in Discussions);
* gotcha - ``symptom``, ``trace`` (the pasted CI log or issue body), ``probe``, ``explain``,
  ``told`` (the user recognising it), ``fix``, ``done``, ``ref`` (``("issue" | "pr", number)``
  to answer on), ``title`` (a known-issues heading);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want``, ``offer``,
  ``story`` (the user's account of the earlier attempt, a clause in the maintainers' "we"),
  ``request`` (``(number, login, title, body)``: a new issue asking for the same thing).
"""

from __future__ import annotations

import random

from .templates import cap, find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, bash, edit, grep, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

_INTERRUPTED = "[Request interrupted by user]"


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


def _detour(s: dict, rng: random.Random) -> tuple[str, str]:
    return rng.choice(s["detours"])


def _switch(rng: random.Random) -> str:
    return _one(rng, "wait, before that —", "sorry, something else came in:",
                "park that a sec.", "hold on, quick one first:", "unrelated, while i remember:")


def _back(rng: random.Random) -> str:
    return _one(rng, "ok thanks. back to the first thing", "right. carry on with what you were "
                "doing", "ty. ok, where were we", "cool. continue")


def _heredoc(command: str, body: str) -> str:
    return f"{command} --body-file - <<'EOF'\n{body}\nEOF"


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_review(s: dict, rng: random.Random) -> Episode:
    """The user asks for a review of a contributor's PR and states the rule with it."""
    n, login, title = s["pr"]
    ask = _one(rng, "review #{n} from @{login} ({title}). one thing to hold it to: {rule}",
               "can you go through @{login}'s PR #{n}, \"{title}\"? reminder: {rule}",
               "#{n} needs a review — {title}, by @{login}. in case the repo doesn't make it "
               "obvious, {rule}",
               "pls look at PR {n} ({title}). @{login} is a first-time contributor so be kind. "
               "and {rule}")
    fix = _one(rng, "The change itself is fine, but it doesn't meet that yet — sorting it out.",
               "Code looks good. It falls short on exactly that point, so I'll fix it up.",
               "Reviewed. One gap, the one you mentioned; handling it now.")
    return [Step(prompt=ask.format(n=n, login=login, title=title, rule=s["rule"])),
            Step(text=_one(rng, "Pulling up the PR.", "Let me look at the diff first.", ""),
                 tools=s["probe"]),
            Step(text=fix, tools=s["follow"]),
            Step(text=s["done"])]


def conv_merge_declined(s: dict, rng: random.Random) -> Episode:
    """The user asks for a merge; the assistant merges; the user turns the call down with the
    rule typed at the permission prompt."""
    n, login, title = s["pr"]
    ask = _one(rng, "#{n} is green and @{login} has been waiting a week, merge it",
               "ci passed on \"{title}\" (#{n}). go ahead and squash it",
               "merge @{login}'s #{n} pls", "#{n} lgtm, merge")
    why = _one(rng, "no, wait. {rule}", "not yet — {rule}", "hold on: {rule}",
               "don't merge that as is. {rule}").format(rule=s["rule"])
    merge = bash(f"gh pr merge {n} --squash --delete-branch")
    return [Step(prompt=ask.format(n=n, login=login, title=title)),
            Step(text=_one(rng, "Checking the PR before merging.", ""), tools=s["probe"]),
            Step(text=_one(rng, "Small diff and the checks pass — squash-merging.",
                           "Looks clean. Merging."),
                 tools=[refused(merge, REJECTED + why)]),
            Step(text=_one(rng, "Understood — not merging yet.", "Right, sorting that first.",
                           "Fair. Fixing that before anything gets merged."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_doc(s: dict, rng: random.Random) -> Episode:
    """The assistant reads the rule in the repository's contributor docs; the user confirms
    it in their own words."""
    n, login, title = s["pr"]
    path, text = s["doc"]
    ask = _one(rng, "triage: look at #{n} from @{login} ({title}) and tell me if it's mergeable",
               "is @{login}'s #{n} good to go? ({title})",
               "quick review of #{n} please — {title}")
    check = _one(rng, "Still how you want it?", "Is that still current?",
                 "I'll hold the PR to that unless it's outdated.")
    yes = _one(rng, "yes. {rule}", "yep, still the rule — {rule}",
               "correct, {rule}. fix it up for them, they've allowed maintainer edits")
    return [Step(prompt=ask.format(n=n, login=login, title=title)),
            Step(tools=s["probe"]),
            Step(text=_one(rng, "Before judging, let me see what the contributor docs ask for.",
                           "Checking the project's own rules for this.", ""),
                 tools=[read(path, text)]),
            Step(text=f"{s['found']} {check}"),
            Step(prompt=yes.format(rule=s["rule"])),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_contributor_asks(s: dict, rng: random.Random) -> Episode:
    """A contributor asks on the PR why; the user has the assistant answer with the rule and
    then bring the PR in line."""
    n, login, title = s["pr"]
    lead = _one(rng, "@{login} asked this on #{n}:", "comment from @{login} on their PR #{n} "
                "({title}):", "got this on #{n}:").format(n=n, login=login, title=title)
    want = _one(rng, "reply for me. short version: {rule}", "answer them nicely — {rule}",
                "can you write the answer? basically {rule}. they're new, be friendly")
    body = (f"Thanks for asking, @{login}! It's a project rule: {s['rule']}. I'll push the "
            f"change to your branch so you don't have to — shout if anything's unclear.")
    then = _one(rng, "and yes, push it to their branch yourself", "go ahead with the push",
                "thanks. do the fix on their branch too")
    return [Step(prompt=f"{lead}\n\n{_quoted(s['asked'])}\n\n"
                        f"{want.format(rule=s['rule'])}"),
            Step(tools=[bash(_heredoc(f"gh pr comment {n}", body),
                             f"https://github.com/{s['repo']}/pull/{n}#issuecomment-"
                             f"{rng.randrange(2_000_000_000, 2_400_000_000)}")]),
            Step(text="Replied on the PR."),
            Step(prompt=then),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_script(s: dict, rng: random.Random) -> Episode:
    """The obvious command fails; the assistant finds the project's way in the repository."""
    path, text = s["script"]
    dig = _one(rng, "That's not how this project does it. Let me see what {path} says.",
               "Failed. {path} probably has the intended way.",
               "Hm. Checking {path} before guessing again.").format(path=path)
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=dig, tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_hint(s: dict, rng: random.Random) -> Episode:
    """The try fails; the user names the working command from memory."""
    stuck = _one(rng, "That fails. Is there a project-specific way to do this, or shall I dig "
                      "through the repo?",
                 "Not it. Do you know how it's meant to be run here?",
                 "That errors out — I can go looking for the intended way, unless you know it?")
    said = _one(rng, "ugh, forgot to say. {hint}", "yeah that never works. {hint}",
                "oh right — {hint}", "{hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=said.format(hint=s["hint"])),
            Step(text=_one(rng, "Running that.", "Trying it.", ""), tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}")]


def cmd_pasted(s: dict, rng: random.Random) -> Episode:
    """The user already tried it and pastes the terminal."""
    fail = s["fail"]
    lead = _one(rng, "tried `{cmd}` and got:", "this is what `{cmd}` gives me:",
                "`{cmd}` says:").format(cmd=fail.command)
    tail = _one(rng, "what now?", "what am i missing", "fix pls", "??")
    return [Step(prompt=f"{s['goal']}\n\n{lead}\n\n```\n{fail.output}\n```\n\n{tail}"),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_detour(s: dict, rng: random.Random) -> Episode:
    """The try fails; the user interrupts with something else; then the real command."""
    path, text = s["script"]
    ask, answer = _detour(s, rng)
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_one(rng, "That didn't work. Let me check how the repo does it —",
                           "Failed. Looking for the intended command —")),
            Step(prompt=_INTERRUPTED), Step(prompt=f"{_switch(rng)} {ask}"),
            Step(text=answer), Step(prompt=_back(rng)),
            Step(text=_one(rng, "Sure. Checking the repo.", "Back to it.", ""),
                 tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


# environment
def env_read(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, "Let me check rather than guess.", "Looking at the config.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_while(s: dict, rng: random.Random) -> Episode:
    """The fact shows up in output the assistant read for another question."""
    ask, answer = s["while"]
    lead = _one(rng, "Also worth knowing from the same output:", "Separately, from that:",
                "One more thing that's in there:")
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=f"{answer}\n\n{lead} {s['confirm']}")]


def env_discussion(s: dict, rng: random.Random) -> Episode:
    """A user's question in Discussions, pasted; the assistant checks and answers."""
    login, text = s["discussion"]
    lead = _one(rng, "from discussions:", "new discussion post, from @{login}:",
                "someone asks in discussions:").format(login=login)
    ask = _one(rng, "what's the actual answer? check, don't guess", "{goal}",
                "help me answer this — {goal}").format(goal=s["goal"])
    return [Step(prompt=f"{lead}\n\n{_quoted(text)}\n\n{ask}"),
            Step(text=_one(rng, "Checking the repo.", ""), tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=_one(rng, "thanks, i'll answer them", "perfect, posting that",
                             "ok good")),
            Step(text=_one(rng, "👍", "Sounds good.", "Great."))]


def env_bash_mode(s: dict, rng: random.Random) -> Episode:
    """The user runs a probe in bash mode and asks about it."""
    shell = [tool for tool in s["probe"] if tool.name == "Bash"]
    if not shell:
        return env_read(s, rng)
    first = shell[0]
    rest = [tool for tool in s["probe"] if tool is not first]
    ask = _one(rng, "^ {goal}", "{goal} (see above)", "see above. {goal}")
    out: Episode = [Step(prompt=f"<bash-input>{first.command}</bash-input>"),
                    Step(prompt=f"<bash-stdout>{first.output}</bash-stdout><bash-stderr>"
                                f"</bash-stderr>"),
                    Step(prompt=ask.format(goal=s["goal"]))]
    if rest:
        out.append(Step(text=_one(rng, "Checking one more thing.", "Let me confirm.", ""),
                        tools=rest))
    out.append(Step(text=s["confirm"]))
    return out


# gotcha
def gotcha_pasted(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "Found it.", "Here's what's going on.", "Got it — this one's sneaky.",
                "That explains it.")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_one(rng, "Let me look.", "Checking the code involved.", ""),
                 tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_recognised(s: dict, rng: random.Random) -> Episode:
    unsure = _one(rng, "That shows where it happens but not why yet. Digging further before I "
                       "change anything.",
                  "Nothing obviously wrong in there at first glance. Let me keep looking.",
                  "Odd — the code looks reasonable. I want to understand it before I touch it.")
    agree = _one(rng, "Yes — that's exactly it.", "Right, that fits what we're seeing.",
                 "Good memory — that's the cause.")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(tools=s["probe"]), Step(text=unsure),
            Step(prompt=s["told"]),
            Step(text=f"{agree} {s['explain']}", tools=s["fix"]), Step(text=s["done"])]


def gotcha_answered(s: dict, rng: random.Random) -> Episode:
    """Explained and fixed; the user has it answered on the issue or PR and written into the
    project's known-issues notes."""
    path, anchor = s["notes"]
    kind, n = s["ref"]
    ask = _one(rng, "good. post that on #{n} and add it to {path} so i stop rediscovering it",
               "comment on #{n} with the explanation pls, and put an entry in {path}",
               "ok. explain it on #{n}, and note it in {path} — this will come back")
    comment = bash(_heredoc(f"gh {kind} comment {n}", s["explain"]),
                   f"https://github.com/{s['repo']}/{'pull' if kind == 'pr' else 'issues'}/{n}"
                   f"#issuecomment-{rng.randrange(2_000_000_000, 2_400_000_000)}")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(tools=s["probe"]),
            Step(text=f"{_one(rng, 'Found it.', 'That explains it.')} {s['explain']}",
                 tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=ask.format(n=n, path=path)),
            Step(tools=[comment,
                        edit(path, anchor, f"{anchor}### {cap(s['title'])}\n\n{s['explain']}"
                                           f"\n\n")]),
            Step(text=f"Commented on #{n} and added a \"{s['title']}\" entry to {path}.")]


# falsified
def fals_reverted(s: dict, rng: random.Random) -> Episode:
    undo = _one(rng, "nope. put it back", "that's worse, revert", "ok no. undo it",
                "yikes. roll it back")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_one(rng, "Reverting.", "Undoing it.", "Rolling it back."),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_recounted(s: dict, rng: random.Random) -> Episode:
    """Before anything is touched the user recounts the earlier attempt."""
    said = _one(rng, "no — been there. {story}", "hah, no. {story}",
                "don't. {story}", "we tried that, it went badly: {story}")
    ok = _one(rng, "Good to know — that rules it out. Leaving it alone.",
              "Thanks, that saves repeating it. Not going down that road.",
              "Understood — scrapping that idea.")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"])), Step(text=ok)]


def fals_issue(s: dict, rng: random.Random) -> Episode:
    """A user files an issue asking for the same thing; the user recounts the history and has
    the assistant close it kindly."""
    n, login, title, body = s["request"]
    lead = _one(rng, "new issue #{n} from @{login}, \"{title}\":",
                "#{n} ({title}) just came in:", "issue #{n} by @{login}:")
    want = _one(rng, "we've been here: {story}. close it, friendly, with the history",
                "no. {story}. close it as not planned, be nice about it",
                "this again. {story}. explain that and close it")
    comment = (f"Thanks for the suggestion, @{login}! We've actually been down this road "
               f"before: {s['story']}. So we're keeping the current behaviour — closing this, "
               f"but if you have an idea that avoids those problems we're all ears.")
    return [Step(prompt=f"{lead.format(n=n, login=login, title=title)}\n\n{_quoted(body)}\n\n"
                        f"{want.format(story=s['story'])}"),
            Step(tools=[bash(f"gh issue close {n} --reason 'not planned' "
                             f"--comment \"$(cat <<'EOF'\n{comment}\nEOF\n)\"",
                             f"✓ Closed issue {s['repo']}#{n} ({title})")]),
            Step(text=_one(rng, f"Closed #{n} as not planned with the history and a link back "
                                f"to the old reports.",
                           f"Done — #{n} is closed with a note explaining the earlier attempt."))]


def fals_detour(s: dict, rng: random.Random) -> Episode:
    ask, answer = _detour(s, rng)
    then = _one(rng, "ok back — that change broke stuff right? undo it",
                "right. the thing you tried: revert it, that output looked bad",
                "ty. and throw away that change, it didn't work")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=_INTERRUPTED), Step(prompt=f"{_switch(rng)} {ask}"),
            Step(text=answer), Step(prompt=then),
            Step(text=_one(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_review, conv_merge_declined, conv_doc, conv_contributor_asks],
    "command": [cmd_script, cmd_hint, cmd_pasted, cmd_detour],
    "environment": [env_read, env_while, env_discussion, env_bash_mode],
    "gotcha": [gotcha_pasted, gotcha_recognised, gotcha_answered],
    "falsified": [fals_reverted, fals_recounted, fals_issue, fals_detour],
}

UNRELATED = [
    "what's the practical difference between the MIT and Apache-2.0 licences for a small "
    "library?",
    "write a GitHub Actions `if:` expression that only runs a step when a tag is pushed",
    "how do I politely decline a feature request that doesn't fit the project's scope?",
    "explain what a software bill of materials (SBOM) is in two short paragraphs",
    "write a bash loop that renames every *.jpeg in a directory to *.jpg",
    "what does `git rebase --onto` do? give me a concrete example",
    "how do i avoid burning out as a mostly-solo open source maintainer?",
    "whats the difference between a fork and a branch, for someone making their first PR?",
    "write a python function that splits a list into chunks of n elements",
    "what does semantic versioning say about pre-releases like 1.0.0-rc.1 — do they sort before "
    "1.0.0?",
    "what's a reasonable way to ask companies that use my library to sponsor it?",
    "how do I find the commit that introduced a bug with git bisect?",
    "explain the difference between UTF-8 and UTF-16 in two sentences",
    "give me a regex that matches an ISO 8601 calendar date like 2024-09-14",
    "what is a CLA and does a small project need one?",
    "explain optimistic vs pessimistic locking with a tiny example",
    "write a SQL query that returns the top 5 customers by total order value",
    "what does `--force-with-lease` do differently from `--force` on git push?",
    "how should I answer a rude issue comment without making it worse?",
    "in Rust, what's the difference between Box<dyn Trait> and impl Trait in a return type?",
    "suggest a name for a little tool that summarises my GitHub notifications every morning",
    "explain the birthday paradox in a few sentences",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "spindrift": [
        "is there a plan to add a Damerau-Levenshtein scorer?",
        "how many downloads a month does spindrift get?",
        "do we have a code of conduct, and who handles reports under it?",
        "what would we break if we ever did a 3.0?",
        "should spindrift apply to join a fiscal sponsor like NumFOCUS?",
    ],
    "peatlink": [
        "does peatlink check links inside PDF files?",
        "is there a plan to ship an official GitHub Action wrapper for peatlink?",
        "what's missing before peatlink can call itself 1.0?",
        "who designed the peatlink logo, and under what licence is it?",
        "how many people actually use peatlink in their CI?",
    ],
    "tormentil": [
        "does tormentil support the JSCalendar JSON format?",
        "how many packages on Hackage depend on tormentil?",
        "should tormentil move into a GitHub organisation with more maintainers?",
        "is there a plan to bundle the timezone database with tormentil?",
        "what's the roadmap to a 1.0 of tormentil?",
    ],
    "whinchat": [
        "can whinchat read .xlsx files?",
        "is there a plan to ship Teal type definitions for whinchat?",
        "who maintains the Debian package of whinchat, if there is one?",
        "should whinchat move to the lunarmodules organisation?",
        "how many downloads does the whinchat rock get?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- spindrift
def spindrift() -> Project:
    repo = "spindrift-py/spindrift"
    process = "python/spindrift/process.py"
    facts = [
        Fact("conv-fragment", "convention", ["towncrier"],
             ["#447 from @tkimura (a score_hint option for cdist) is approved and green — "
              "anything it still needs before I press merge?",
              "a first-time contributor asks where they should write the line about their change "
              "that ends up in the release notes"],
             "spindrift never merges a pull request without a news fragment in changes/ named "
             "<PR number>.<type>.md (feature, bugfix, deprecation, removal, doc, misc); "
             "towncrier assembles CHANGELOG.md from the fragments when a release is cut.",
             {"pr": (431, "lenaschmidt", "Fix jaro_winkler prefix weight for short strings"),
              "probe": [bash("gh pr view 431",
                             "title:\tFix jaro_winkler prefix weight for short strings\n"
                             "state:\tOPEN\nauthor:\tlenaschmidt\nlabels:\tbug, scorer\n"
                             "number:\t431\nadditions:\t24\ndeletions:\t3\n--\nThe prefix bonus "
                             "used a fixed length of 4 even when one string is shorter, so "
                             "jaro_winkler(\"ab\", \"abc\", prefix_weight=0.25) came out above "
                             "1.0. Clamp the prefix to the shorter string. Two new tests."),
                        bash("gh pr diff 431 --name-only",
                             "src/scorers/jaro.rs\ntests/test_scorers.py")],
              "rule": "nothing gets merged without a news fragment in changes/ — "
                      "<PR number>.<type>.md, towncrier builds the changelog out of those when "
                      "we cut a release",
              "follow": [bash("gh pr checkout 431", "Switched to branch 'jw-prefix'"),
                         write("changes/431.bugfix.md",
                               "`jaro_winkler` no longer returns a similarity above 1.0 when "
                               "one string is shorter than the prefix length. Contributed by "
                               "@lenaschmidt.\n"),
                         bash("towncrier build --draft --version 2.4.1 | sed -n '1,8p'",
                              "## 2.4.1 (unreleased)\n\n### Bug fixes\n\n- `jaro_winkler` no "
                              "longer returns a similarity above 1.0 when one string is "
                              "shorter than the prefix length. Contributed by @lenaschmidt. "
                              "(#431)"),
                         bash("git add changes/431.bugfix.md && git commit -qm 'Add news "
                              "fragment' && git push",
                              "To github.com:lenaschmidt/spindrift.git\n   4be1c0d..9f3a27e  "
                              "jw-prefix -> jw-prefix")],
              "done": "Pushed changes/431.bugfix.md to @lenaschmidt's branch; the towncrier "
                      "draft for 2.4.1 now lists the fix under Bug fixes with #431. The code "
                      "change itself is good to merge once CI re-runs.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing to spindrift\n\nThanks for helping! A few things every "
                      "pull request needs.\n\n## Tests\n\nAdd a test next to the scorer you "
                      "touched (tests/test_scorers.py or tests/test_process.py).\n\n## News "
                      "fragments\n\nEvery pull request needs a news fragment in `changes/`, "
                      "named `<PR number>.<type>.md`, where type is one of `feature`, "
                      "`bugfix`, `deprecation`, `removal`, `doc` or `misc`. towncrier "
                      "assembles CHANGELOG.md from them when a release is cut. A PR without a "
                      "fragment is not merged.\n"),
              "found": "CONTRIBUTING.md is explicit: every PR needs a news fragment in "
                       "changes/ named <PR number>.<type>.md, towncrier assembles the changelog "
                       "from them at release time, and a PR without one isn't merged. #431 "
                       "doesn't have one.",
              "asked": "Do I really need to add a file in changes/ for a three-line fix? "
                       "Other projects I contribute to just write the changelog at release "
                       "time."}),
        Fact("conv-deprecation", "convention", ["SpindriftDeprecationWarning"],
             ["@tkimura wants to drop the `processor` argument from cdist and tell people to "
              "preprocess themselves — can that go into 2.5.0?",
              "get rid of the old extractOne alias, nobody should be using it any more"],
             "spindrift's public API goes through a one-minor deprecation cycle: a renamed or "
             "removed name keeps working for one minor release and emits "
             "SpindriftDeprecationWarning (via spindrift._compat._deprecated), and is removed "
             "in the following minor at the earliest — never in a patch release.",
             {"pr": (452, "tkimura", "Rename score_cutoff to min_score in extract/extractOne"),
              "probe": [bash("gh pr diff 452 | sed -n '1,14p'",
                             f"diff --git a/{process} b/{process}\n@@ -31,7 +31,7 @@\n-def "
                             "extract(query, choices, *, scorer=WRatio, score_cutoff=0, "
                             "limit=5):\n+def extract(query, choices, *, scorer=WRatio, "
                             "min_score=0, limit=5):\n@@ -58,7 +58,7 @@\n-def extractOne(query, "
                             "choices, *, scorer=WRatio, score_cutoff=0):\n+def extractOne("
                             "query, choices, *, scorer=WRatio, min_score=0):")],
              "rule": "public API never just breaks in a minor: the old name keeps working for "
                      "one full minor and warns with SpindriftDeprecationWarning (the _deprecated "
                      "helper does it), and it only goes away in the minor after that",
              "follow": [bash("gh pr checkout 452", "Switched to branch 'min-score'"),
                         edit(process,
                              "def extract(query, choices, *, scorer=WRatio, min_score=0, "
                              "limit=5):\n",
                              "def extract(query, choices, *, scorer=WRatio, min_score=0, "
                              "limit=5, score_cutoff=_MISSING):\n    if score_cutoff is not "
                              "_MISSING:\n        _deprecated(\"score_cutoff\", \"min_score\", "
                              "removed_in=\"2.6\")\n        min_score = score_cutoff\n"),
                         edit("tests/test_process.py", "# --- deprecations\n",
                              "# --- deprecations\n\ndef test_score_cutoff_still_works_and_"
                              "warns():\n    with pytest.warns(SpindriftDeprecationWarning, "
                              "match=\"min_score\"):\n        got = extract(\"abc\", [\"abd\"], "
                              "score_cutoff=50)\n    assert got\n"),
                         bash("python -m pytest tests/test_process.py -q -k score_cutoff",
                              "..                                                        "
                              "[100%]\n2 passed, 64 deselected in 0.31s")],
              "done": "score_cutoff still works in 2.5 but emits SpindriftDeprecationWarning "
                      "pointing at min_score and naming 2.6 for the removal (same for "
                      "extractOne); there's a test for the warning, pushed to @tkimura's "
                      "branch.",
              "doc": ("docs/dev/api-policy.md",
                      "# Public API policy\n\nEverything importable from `spindrift` or "
                      "`spindrift.process` without a leading underscore is public.\n\n## "
                      "Deprecation cycle\n\nA public name or parameter is never removed or "
                      "renamed outright. The old spelling keeps working for at least one "
                      "minor release and emits `SpindriftDeprecationWarning` (use "
                      "`spindrift._compat._deprecated(old, new, removed_in=...)`). It can be "
                      "removed in the next minor at the earliest. Nothing is ever removed in "
                      "a patch release.\n"),
              "found": "docs/dev/api-policy.md says public API changes go through a one-minor "
                       "deprecation cycle: the old spelling keeps working and emits "
                       "SpindriftDeprecationWarning via _compat._deprecated, and it can go in "
                       "the next minor at the earliest. #452 simply drops score_cutoff.",
              "asked": "Why keep score_cutoff around at all? It's a one-word rename and "
                       "min_score is clearly the better name. A shim feels like clutter."}),
        Fact("cmd-release", "command", ["gh release create"],
             ["ship 2.4.2 to PyPI, the windows path fix is merged",
              "my upload to pypi from the laptop got a 403 — what's the proper way to get a new "
              "spindrift version out?"],
             "spindrift releases are published by creating a GitHub release: `gh release create "
             "v<version> --target main --notes-file build/release-notes.md`; wheels.yml runs on "
             "release: published, builds all wheels and uploads them to PyPI with trusted "
             "publishing. There is no PyPI token — `maturin publish` from a laptop fails with "
             "403.",
             {"goal": "ok, 2.4.1 time. the version bump PR is merged and the notes are in "
                      "build/release-notes.md. get it onto pypi",
              "fail": bash("maturin publish --skip-existing",
                           "🔗 Found pyo3 bindings with abi3 support for Python ≥ 3.9\n📦 "
                           "Built wheel for abi3 Python ≥ 3.9 to target/wheels/spindrift-2.4.1-"
                           "cp39-abi3-manylinux_2_28_x86_64.whl\n📦 Built source distribution "
                           "to target/wheels/spindrift-2.4.1.tar.gz\n🚀 Uploading 2 packages\n"
                           "💥 maturin failed\n  Caused by: Failed to upload the wheel with "
                           "status 403: Invalid or non-existent authentication information. "
                           "See https://pypi.org/help/#invalid-auth for more information.", 1),
              "note": "PyPI rejects it because there's no token to upload with: the project "
                      "uses trusted publishing, so only the wheels.yml workflow may publish, "
                      "and it runs when a GitHub release is published. It also builds the "
                      "wheels for every platform, which a laptop upload wouldn't.",
              "ok": bash("gh release create v2.4.1 --target main --title 'spindrift 2.4.1' "
                         "--notes-file build/release-notes.md",
                         "https://github.com/spindrift-py/spindrift/releases/tag/v2.4.1"),
              "done": "v2.4.1 is published on GitHub; wheels.yml picked it up, is building the "
                      "sdist and the wheel matrix, and its last job uploads to PyPI through "
                      "trusted publishing — usually about 25 minutes.",
              "hint": "don't upload from the laptop, pypi only trusts the workflow. "
                      "`gh release create v2.4.1 --target main --notes-file "
                      "build/release-notes.md` and wheels.yml does the rest",
              "script": ("RELEASING.md",
                         "# Releasing spindrift\n\n1. Main is green and every merged PR has "
                         "its news fragment.\n2. `nox -s bump -- X.Y.Z` bumps the version in "
                         "Cargo.toml and pyproject.toml and writes the notes to "
                         "build/release-notes.md. Open a PR with it and merge.\n3. Publish a "
                         "GitHub release:\n\n       gh release create vX.Y.Z --target main "
                         "--notes-file build/release-notes.md\n\n   `.github/workflows/"
                         "wheels.yml` runs on `release: published`, builds the sdist and the "
                         "wheels for Linux, macOS and Windows, and uploads them to PyPI with "
                         "trusted publishing.\n\nThere is no PyPI API token. Don't upload "
                         "from a laptop — `maturin publish` is rejected.\n"),
              }),
        Fact("cmd-devbuild", "command", ["maturin develop"],
             ["i edited the partial_ratio code in rust and the python tests still show the old "
              "behaviour — what step am i missing?",
              "set me up to run the test suite from a fresh clone"],
             "spindrift's Python tests need the Rust extension built into the active venv "
             "first: `maturin develop --release --extras test` (what nox -s tests does), re-run "
             "after every change under src/; otherwise pytest fails with No module named "
             "'spindrift._core' or tests a stale build.",
             {"goal": "run the python tests against my change to the token_set scorer",
              "fail": bash("python -m pytest tests/test_scorers.py -q",
                           "ImportError while importing test module '/home/dev/src/spindrift/"
                           "tests/test_scorers.py'.\nHint: make sure your test modules/packages "
                           "have valid Python names.\nTraceback:\ntests/test_scorers.py:3: in "
                           "<module>\n    import spindrift\npython/spindrift/__init__.py:3: in "
                           "<module>\n    from ._core import ratio, partial_ratio, "
                           "token_set_ratio, jaro_winkler\nE   ModuleNotFoundError: No module "
                           "named 'spindrift._core'\n=========== short test summary info "
                           "===========\nERROR tests/test_scorers.py\n1 error in 0.34s", 2),
              "note": "The Python package imports the compiled spindrift._core, and nothing has "
                      "built it into this virtualenv — an editable pip install doesn't rebuild "
                      "the Rust either. maturin has to compile the crate and install it into "
                      "the active venv first, and again after every change under src/.",
              "ok": bash("maturin develop --release --extras test && python -m pytest "
                         "tests/test_scorers.py -q",
                         "🔗 Found pyo3 bindings with abi3 support for Python ≥ 3.9\n   "
                         "Compiling spindrift v2.4.0 (/home/dev/src/spindrift)\n    Finished "
                         "`release` profile [optimized] target(s) in 38.12s\n📦 Built wheel "
                         "for abi3 Python ≥ 3.9 to /tmp/.tmpQ3kdWx/spindrift-2.4.0-cp39-abi3-"
                         "linux_x86_64.whl\n✏️  Setting installed package as editable\n🛠 "
                         "Installed spindrift-2.4.0\n.................................... "
                         "[ 70%]\n...............                      [100%]\n51 passed in "
                         "1.92s"),
              "done": "All 51 scorer tests pass against the rebuilt extension, including the "
                      "token_set cases you changed.",
              "hint": "you have to build the rust bit into the venv first — `maturin develop "
                      "--release --extras test`, then pytest. every time you touch src/",
              "script": ("noxfile.py",
                         "import nox\n\nnox.options.default_venv_backend = \"uv\"\n\n\n"
                         "@nox.session(python=[\"3.9\", \"3.10\", \"3.11\", \"3.12\", "
                         "\"3.13\"])\ndef tests(session):\n    session.install(\"maturin\")\n"
                         "    # builds the Rust extension into this venv; pytest alone can't "
                         "import spindrift._core\n    session.run(\"maturin\", \"develop\", "
                         "\"--release\", \"--extras\", \"test\")\n    session.run(\"pytest\", "
                         "*session.posargs)\n\n\n@nox.session\ndef lint(session):\n    "
                         "session.install(\"ruff\")\n    session.run(\"ruff\", \"check\", "
                         "\"python\", \"tests\")\n"),
              }),
        Fact("env-abi3", "environment", ["abi3-py39"],
             ["a user asks whether we'll have wheels for python 3.14 on release day or whether "
              "they should expect a source build — what do I tell them?",
              "why does the PyPI page only have one wheel per OS instead of one per python "
              "version?"],
             "spindrift's wheels use the stable ABI (pyo3 feature abi3-py39 in Cargo.toml): one "
             "cp39-abi3 wheel per platform covers CPython 3.9 and every later version, so new "
             "Pythons need no rebuild; 3.8 and older are not supported.",
             {"goal": "someone's asking if we have wheels for python 3.13 yet or if they need to "
                      "wait for us to rebuild",
              "probe": [bash("grep -n '^pyo3\\|^\\[lib\\]\\|^name' Cargo.toml",
                             "2:name = \"spindrift\"\n7:[lib]\n8:name = \"_core\"\n12:pyo3 = "
                             "{ version = \"0.22\", features = [\"abi3-py39\"] }"),
                        bash("pip download spindrift==2.4.0 --no-deps --only-binary=:all: "
                             "--python-version 3.13 -d /tmp/w -q && ls /tmp/w",
                             "spindrift-2.4.0-cp39-abi3-manylinux_2_28_x86_64.whl")],
              "confirm": "They don't need to wait. The extension is built against the stable "
                         "ABI — Cargo.toml turns on pyo3's abi3-py39 feature — so each wheel is "
                         "tagged cp39-abi3 and one wheel per platform works on CPython 3.9 and "
                         "everything newer; pip resolves the 2.4.0 cp39-abi3 wheel for 3.13. "
                         "Python 3.8 and older get nothing.",
              "while": ("which pyo3 version are we on? a contributor wants to use the Bound API",
                        "pyo3 0.22 — the Bound API is there, so they can use it."),
              "discussion": ("rmehta-data",
                             "Are there wheels for Python 3.13 yet? Our CI just moved to 3.13 "
                             "and I don't want it compiling Rust on every run.")}),
        Fact("env-docs", "environment", ["spindrift-fuzzy"],
             ["what's the URL for our documentation? I want to link it from a blog post",
              "fix the broken docs link in the README"],
             "spindrift's documentation is on Read the Docs under the project slug "
             "spindrift-fuzzy: https://spindrift-fuzzy.readthedocs.io/en/stable/ (the plain "
             "spindrift slug belongs to another project and 404s); built from .readthedocs.yaml "
             "with Rust installed.",
             {"goal": "issue #498 says the docs link in the README is dead. where are our docs "
                      "actually hosted?",
              "probe": [bash("grep -n 'readthedocs' README.md pyproject.toml",
                             "README.md:9:Docs: https://spindrift.readthedocs.io\n"
                             "pyproject.toml:38:Documentation = \"https://spindrift-fuzzy."
                             "readthedocs.io/en/stable/\""),
                        bash("curl -s -o /dev/null -w '%{http_code} %{url}\\n' "
                             "https://spindrift.readthedocs.io/ https://spindrift-fuzzy."
                             "readthedocs.io/en/stable/",
                             "404 https://spindrift.readthedocs.io/\n200 https://spindrift-"
                             "fuzzy.readthedocs.io/en/stable/"),
                        read(".readthedocs.yaml",
                             "version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: "
                             "\"3.12\"\n    rust: \"1.82\"\nsphinx:\n  configuration: "
                             "docs/conf.py\npython:\n  install:\n    - method: pip\n      path: "
                             ".\n      extra_requirements: [docs]\n")],
              "confirm": "The docs are on Read the Docs under the project slug spindrift-fuzzy "
                         "— https://spindrift-fuzzy.readthedocs.io/en/stable/ answers 200, and "
                         "that's the Documentation URL in pyproject.toml. The plain spindrift "
                         "slug belongs to somebody else's project and 404s; the README still "
                         "points there.",
              "while": ("does RTD have rust when it builds? the API page looked empty once",
                        "Yes — .readthedocs.yaml installs Rust 1.82 next to Python 3.12 and "
                        "pip-installs the package with the docs extra, so autodoc can import "
                        "the compiled module."),
              "discussion": ("jhallberg",
                             "The documentation link in the README gives me a 404. Is there a "
                             "new docs site?")}),
        Fact("gotcha-musl", "gotcha", ["musllinux"],
             ["someone says installing us in their python alpine docker image takes five "
              "minutes and wants a rust compiler — why, and can we fix that on our side?",
              "which linux flavours do we actually ship prebuilt binaries for?"],
             "spindrift only built manylinux (glibc) wheels, so pip on Alpine (musl libc) fell "
             "back to the sdist and needed Rust/cargo (#502); wheels.yml now also builds "
             "musllinux_1_2 wheels for x86_64 and aarch64.",
             {"symptom": "new issue, #502. is this us?",
              "trace": "### Describe the bug\n\n`pip install spindrift==2.4.0` fails in a "
                       "`python:3.12-alpine` image:\n\n    Collecting spindrift==2.4.0\n      "
                       "Downloading spindrift-2.4.0.tar.gz (61 kB)\n      Installing build "
                       "dependencies ... done\n      Getting requirements to build wheel ... "
                       "done\n      Preparing metadata (pyproject.toml) ... error\n      error: "
                       "subprocess-exited-with-error\n      × Preparing metadata "
                       "(pyproject.toml) did not run successfully.\n      ╰─> [4 lines of "
                       "output]\n          Cargo, the Rust package manager, is not installed "
                       "or is not on PATH.\n          This package requires Rust and Cargo to "
                       "compile extensions.\n\nWorks on `python:3.12-slim`.\n\n### "
                       "Environment\n\nspindrift 2.4.0, python:3.12-alpine3.20, x86_64",
              "probe": [bash("gh release view v2.4.0 --json assets -q '.assets[].name'",
                             "spindrift-2.4.0-cp39-abi3-macosx_10_12_x86_64.whl\nspindrift-"
                             "2.4.0-cp39-abi3-macosx_11_0_arm64.whl\nspindrift-2.4.0-cp39-abi3-"
                             "manylinux_2_28_aarch64.whl\nspindrift-2.4.0-cp39-abi3-manylinux_2"
                             "_28_x86_64.whl\nspindrift-2.4.0-cp39-abi3-win_amd64.whl\n"
                             "spindrift-2.4.0.tar.gz"),
                        bash("sed -n '/^  linux:/,/args:/p' .github/workflows/wheels.yml",
                             "  linux:\n    runs-on: ubuntu-latest\n    strategy:\n      "
                             "matrix:\n        target: [x86_64, aarch64]\n    steps:\n      - "
                             "uses: actions/checkout@v4\n      - uses: PyO3/maturin-action@v1\n"
                             "        with:\n          target: ${{ matrix.target }}\n          "
                             "manylinux: 2_28\n          args: --release --out dist")],
              "explain": "Alpine uses musl libc, and every Linux wheel we publish is a manylinux "
                         "(glibc) wheel — wheels.yml has no musllinux build. pip on Alpine can't "
                         "use any of them, so it falls back to the sdist and tries to compile "
                         "the Rust extension, which fails without cargo (or takes minutes if "
                         "cargo is there). Adding musllinux_1_2 targets to the wheel matrix "
                         "fixes it for everyone on Alpine.",
              "told": "wait, it's alpine — that's the musl thing isn't it. we only ship glibc "
                      "wheels so pip goes for the sdist",
              "fix": [edit(".github/workflows/wheels.yml",
                           "  linux:\n    runs-on: ubuntu-latest\n",
                           "  musl:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n"
                           "        target: [x86_64, aarch64]\n    steps:\n      - uses: "
                           "actions/checkout@v4\n      - uses: PyO3/maturin-action@v1\n"
                           "        with:\n          target: ${{ matrix.target }}\n          "
                           "manylinux: musllinux_1_2\n          args: --release --out dist\n\n"
                           "  linux:\n    runs-on: ubuntu-latest\n")],
              "done": "wheels.yml now builds musllinux_1_2 wheels for x86_64 and aarch64 next to "
                      "the manylinux ones, so the next release installs on Alpine without "
                      "Rust. Until then the reporter can `apk add cargo` or use a slim image.",
              "ref": ("issue", 502),
              "title": "pip builds from source on Alpine"}),
        Fact("gotcha-linking", "gotcha", ["extension-module"],
             ["add a CI job that runs the rust unit tests in src/scorers",
              "why can't I just run cargo test in the repo? I get a wall of undefined reference "
              "errors for Py* functions"],
             "spindrift's crate enables pyo3's extension-module feature by default (it stops "
             "pyo3 linking libpython), so a plain `cargo test` binary fails to link with "
             "undefined Py* symbols; Rust unit tests must run with `cargo test "
             "--no-default-features` (fixed in #459's rust-tests job).",
             {"symptom": "@okafor-dev's PR #459 adds a cargo test step to ci.yml and it dies at "
                         "link time on linux and mac. the tests themselves are trivial. what?",
              "trace": "Run cargo test --locked\n   Compiling pyo3-build-config v0.22.5\n   "
                       "Compiling pyo3-ffi v0.22.5\n   Compiling pyo3 v0.22.5\n   Compiling "
                       "spindrift v2.4.0 (/home/runner/work/spindrift/spindrift)\nerror: linking "
                       "with `cc` failed: exit status: 1\n  |\n  = note: /usr/bin/ld: /home/"
                       "runner/work/spindrift/spindrift/target/debug/deps/libpyo3-4f2c1b9e1d0c8"
                       "a3e.rlib(pyo3-4f2c1b9e1d0c8a3e.pyo3.6a1b2c3d-cgu.09.rcgu.o): in function "
                       "`pyo3::err::PyErr::take':\n          undefined reference to "
                       "`PyErr_Fetch'\n          /usr/bin/ld: undefined reference to "
                       "`PyExc_TypeError'\n          /usr/bin/ld: undefined reference to "
                       "`_Py_Dealloc'\n          /usr/bin/ld: undefined reference to "
                       "`PyUnicode_AsUTF8AndSize'\n          collect2: error: ld returned 1 exit "
                       "status\n\nerror: could not compile `spindrift` (lib test) due to 1 "
                       "previous error\nError: Process completed with exit code 101.",
              "probe": [bash("sed -n '/^\\[features\\]/,$p' Cargo.toml",
                             "[features]\ndefault = [\"extension-module\"]\nextension-module = "
                             "[\"pyo3/extension-module\"]"),
                        bash("gh pr diff 459 | sed -n '/rust-tests/,$p'",
                             "+  rust-tests:\n+    runs-on: ${{ matrix.os }}\n+    strategy:\n+"
                             "      matrix:\n+        os: [ubuntu-latest, macos-latest]\n+    "
                             "steps:\n+      - uses: actions/checkout@v4\n+      - uses: "
                             "dtolnay/rust-toolchain@stable\n+      - run: cargo test --locked")],
              "explain": "pyo3's extension-module feature tells it not to link against "
                         "libpython, because a Python extension gets those symbols from the "
                         "interpreter that loads it. Our Cargo.toml turns that feature on by "
                         "default, so a standalone cargo test binary has no interpreter and no "
                         "libpython — PyErr_Fetch, PyExc_TypeError and the rest are undefined at "
                         "link time. The Rust tests have to build without the default features: "
                         "`cargo test --no-default-features`.",
              "told": "oh, it's the extension-module feature isn't it — the one that stops pyo3 "
                      "linking libpython. cargo test can't run with it on",
              "fix": [bash("gh pr checkout 459", "Switched to branch 'rust-unit-tests'"),
                      edit(".github/workflows/ci.yml", "      - run: cargo test --locked\n",
                           "      # the default features skip linking libpython\n      - "
                           "run: cargo test --locked --no-default-features\n"),
                      bash("git commit -qam 'ci: run cargo tests without default features' && "
                           "git push",
                           "To github.com:okafor-dev/spindrift.git\n   a1c93e0..c0de5b7  "
                           "rust-unit-tests -> rust-unit-tests")],
              "done": "Pushed the fix to #459: the rust-tests job runs cargo test with "
                      "--no-default-features and now passes on Linux and macOS.",
              "ref": ("pr", 459),
              "title": "cargo test fails to link with undefined Python symbols"}),
        Fact("fals-rayon", "falsified", ["rayon"],
             ["could cdist just use every core without people having to pass an argument?",
              "why is multi-threading in the batch scoring functions something users have to "
              "switch on themselves?"],
             "Making spindrift's cdist parallel by default with a rayon thread pool was tried in "
             "2.2.0 and reverted: processes that fork after importing spindrift (gunicorn, "
             "Celery prefork) hung on the first cdist (#318, #321); 2.2.0 was yanked and "
             "parallelism is opt-in through workers=.",
             {"ask": "cdist on 20k x 20k strings takes forever on one thread. make it parallel "
                     "by default? it's embarrassingly parallel",
              "change": [edit("Cargo.toml", "unicode-normalization = \"0.1\"\n",
                              "unicode-normalization = \"0.1\"\nrayon = \"1.10\"\n"),
                         edit("src/process.rs",
                              "    let rows: Vec<Vec<f64>> = queries.iter().map(|q| "
                              "score_row(q, &choices, scorer)).collect();\n",
                              "    let rows: Vec<Vec<f64>> = py.allow_threads(|| {\n        "
                              "queries.par_iter().map(|q| score_row(q, &choices, scorer))."
                              "collect()\n    });\n")],
              "broke": bash("nox -s tests-3.12 -- tests/test_fork_safety.py -q -x "
                            "--timeout 60",
                            "nox > Running session tests-3.12\nnox > Re-using existing "
                            "virtual environment at .nox/tests-3-12.\nF\n"
                            "=================================== FAILURES "
                            "===================================\n_________________ "
                            "test_cdist_in_forked_child _________________\n\n    def "
                            "test_cdist_in_forked_child():\n        spindrift.cdist([\"warm\"], "
                            "[\"up\"])\n        pid = os.fork()\n        if pid == 0:\n>           "
                            "spindrift.cdist(QUERIES, CHOICES)\nE       Failed: Timeout >60.0s\n"
                            "1 failed in 61.07s", 1),
              "revert": bash("git checkout -- Cargo.toml src/process.rs", ""),
              "conclusion": "Reverted. The fork-safety test hangs: once the rayon pool exists in "
                            "the parent, a child made by os.fork() inherits a pool whose worker "
                            "threads didn't survive the fork, and its first parallel cdist "
                            "waits forever — exactly what gunicorn and Celery prefork workers "
                            "do. Parallelism stays opt-in through the existing workers= "
                            "argument, where the caller decides.",
              "want": "cdist uses one core by default and people keep benchmarking us against "
                      "libraries that use all of them. can we flip that?",
              "offer": "It's easy: run the rows on a rayon thread pool inside py.allow_threads, "
                       "so cdist uses every core unless told otherwise. Make that the default?",
              "story": "we did exactly that in 2.2.0 — rayon pool on by default — and everyone "
                       "who forks after importing us (gunicorn, celery prefork) got workers that "
                       "hung forever on their first cdist (#318, #321). 2.2.0 got yanked, 2.2.1 "
                       "went back to one thread and parallelism became opt-in with workers=",
              "request": (517, "pbrandt", "Use all CPU cores in cdist by default",
                          "cdist only uses one core unless I pass `workers=-1`. Other "
                          "libraries parallelise automatically. Could the default be all "
                          "cores? Happy to send a PR.")}),
        Fact("fals-strict", "falsified", ["NaN"],
             ["should extract() refuse anything in choices that isn't a string? seems safer",
              "a user wants a hard error when choices contains None or numbers — has that been "
              "considered before?"],
             "Making spindrift's extract() raise TypeError on non-str choices was tried in 2.3.0 "
             "and reverted in 2.3.1: pandas columns with missing values hold NaN floats and "
             "every such user broke (#377); non-str choices are str()-ed instead.",
             {"ask": "make extract() raise TypeError when a choice isn't a str instead of "
                     "quietly str()-ing it. lena asked for it and it'd catch real bugs",
              "change": [edit(process, "        choice = str(choice)\n",
                              "        if not isinstance(choice, str):\n            raise "
                              "TypeError(f\"choices must be str, got {type(choice).__name__}\")"
                              "\n")],
              "broke": bash("python -m pytest tests/test_pandas_compat.py -q",
                            "F.F\n=================================== FAILURES "
                            "===================================\n______ "
                            "test_extract_from_series_with_missing ______\ntests/"
                            "test_pandas_compat.py:18: in test_extract_from_series_with_missing"
                            "\n    spindrift.extract(\"acme\", df[\"company\"])\n"
                            f"{process}:44: in extract\n    raise TypeError(f\"choices must be "
                            "str, got {type(choice).__name__}\")\nE   TypeError: choices must "
                            "be str, got float\n2 failed, 1 passed in 0.88s", 1),
              "revert": bash(f"git checkout -- {process}", ""),
              "conclusion": "Reverted. A pandas column with missing values holds NaN floats, and "
                            "the pandas-compat tests pass a Series like that straight to "
                            "extract() — the check turns every such call into a TypeError. "
                            "str()-ing keeps them working (NaN just scores low against real "
                            "names). If we want the check, it has to be an opt-in strict=True.",
              "want": "extract() quietly str()s anything that isn't a string. someone wants a "
                      "TypeError instead — sounds right to me?",
              "offer": "I can make extract() check each choice and raise TypeError on non-str "
                       "values; a few lines in process.py. Go ahead?",
              "story": "we made extract strict about non-str choices in 2.3.0 and it blew up for "
                       "every pandas user whose column had missing values — those are NaN "
                       "floats (#377, a dozen thumbs-up in a day). 2.3.1 went back to str()-ing "
                       "them",
              "request": (520, "lenaschmidt", "extract() should reject non-string choices",
                          "Passing `[1, 2, None]` as choices silently scores `'None'` against "
                          "the query. I spent an hour on this. A TypeError would be much "
                          "friendlier.")}),
    ]
    detours = [
        ("quick one from discussions: is ratio('abc', 'cba') the same as ratio('cba', 'abc')? "
         "someone says no",
         "It is — ratio is symmetric, it's built on the normalised Indel distance, which "
         "doesn't care about argument order. partial_ratio is the one that isn't strictly "
         "symmetric, because it slides the shorter string along the longer one."),
        ("what's a polite way to say 'please fill in the issue template' without sounding like "
         "a bot?",
         "Something like: \"Thanks for the report! Could you add the version you're on, your "
         "Python version and a small snippet that shows it? That's usually all we need.\" "
         "Naming exactly what's missing reads much friendlier than pointing at the template."),
        ("should I turn on GitHub's private vulnerability reporting for the repo?",
         "Yes — it gives people a private channel for security reports instead of public "
         "issues, costs nothing, and a short SECURITY.md can point at it."),
    ]
    noise: list[Episode] = [
        run("dependabot's pyo3 PR — safe to merge?",
            "gh pr view 524 --json title,statusCheckRollup -q '.title, (.statusCheckRollup[] | "
            ".name + \": \" + .conclusion)'",
            "Bump pyo3 from 0.22.5 to 0.22.6\ntest (ubuntu-latest, 3.9): SUCCESS\ntest "
            "(ubuntu-latest, 3.13): SUCCESS\ntest (macos-14, 3.12): SUCCESS\ntest "
            "(windows-latest, 3.12): SUCCESS\nlint: SUCCESS\nbench: SUCCESS",
            "A patch bump of pyo3 (0.22.5 → 0.22.6) and every check is green, including the "
            "bench job. Safe to merge."),
        [Step(prompt="triage #509 pls:\n\n> token_sort_ratio(\"New York Mets\", \"mets, new "
                     "york\") gives 100 but token_sort_ratio(\"New York Mets\", \"Mets - New "
                     "York\") gives 93. Bug?\n\nbug or expected?"),
         Step(tools=[bash("python -c \"from spindrift import token_sort_ratio as t, "
                          "utils; print(t('New York Mets', 'Mets - New York')); "
                          "print(t('New York Mets', 'Mets - New York', "
                          "processor=utils.default_process))\"", "92.85714285714286\n100.0")]),
         Step(text="Expected. Without a processor the hyphen is a token of its own and the "
                   "comma case only matched because of how the tokens happened to sort; with "
                   "processor=utils.default_process (lower-case, strip punctuation) both give "
                   "100. I'd label it question and answer with that snippet.")],
        tweak("typo in the extract docstring, 'similiarity'", process,
              "        Minimum similiarity a choice needs to be returned.",
              "        Minimum similarity a choice needs to be returned.",
              "Fixed the typo in the extract docstring."),
        steps("which issues are labelled needs-repro and haven't moved in a month?",
              [bash("gh issue list --label needs-repro --search 'updated:<2024-08-15' --json "
                    "number,title -q '.[] | \"#\\(.number) \\(.title)\"'",
                    "#471 partial_ratio segfault on very long strings?\n#466 Different "
                    "results on Windows\n#455 extractOne returns None with score 0")],
              "Three: #471 (a possible crash on very long strings, no reproducer), #466 "
              "(different results on Windows, no example given) and #455 (extractOne returning "
              "None at score 0). All are waiting on the reporters."),
        [Step(prompt="bench job on main went red overnight, log below. do we care?\n\n```\n"
                     "Run pytest benchmarks/ --benchmark-only --benchmark-compare=0007 "
                     "--benchmark-compare-fail=mean:10%\n---------------------------------- "
                     "benchmark: 6 tests ----------------------------------\nName (time in us)"
                     "                       Mean              StdDev\n------------------------"
                     "-----------------------------------------------------\ntest_ratio_short "
                     "(0007)                1.9120 (1.0)       0.0811\ntest_ratio_short (NOW)"
                     "                  1.9433 (1.02)      0.0920\ntest_partial_ratio_long "
                     "(0007)        48.2231 (1.0)       2.1177\ntest_partial_ratio_long (NOW)"
                     "          54.0114 (1.12)      9.8402\ntest_cdist_1k (0007)         "
                     "   8120.4412 (1.0)     120.0033\ntest_cdist_1k (NOW)              "
                     "8167.9101 (1.01)    133.7712\n-------------------------------------------"
                     "----------------------------------\nPerformance has regressed:\n\t"
                     "test_partial_ratio_long (0007) - Field 'mean' has failed "
                     "PerformanceRegression: 5.788 > 4.822\nError: Process completed with exit "
                     "code 1.\n```"),
         Step(tools=[bash("git log --oneline -3 origin/main",
                          "e2b91f0 docs: clarify processor argument\n7d1e0a2 Fix path "
                          "handling in utils on Windows (#488)\nc4f5a1b Bump ruff to 0.6.9")]),
         Step(text="Probably not. partial_ratio_long is 12% slower but its standard deviation "
                   "quadrupled (2.1 → 9.8 µs), which is what a noisy shared runner looks like, "
                   "and nothing merged overnight touches the scorers — a docs change, a "
                   "Windows path fix and a ruff bump. Re-run the job; if it fails again with a "
                   "tight stddev, then it's real.")],
        [Step(prompt="explain how WRatio decides which scorer to use"),
         Step(text="Opening process and the WRatio implementation."),
         Step(prompt=_INTERRUPTED),
         Step(prompt="nvm, found it in the docs. it switches to partial scorers when the "
                     "lengths differ by more than 1.5x"),
         Step(text="Right — below that ratio it uses ratio and the token scorers; above it, "
                   "the partial variants, scaled down a little.")],
        [Step(prompt="what's changed since 2.4.0? rough list for the release post"),
         Step(tools=[agent("Summarise changes since 2.4.0",
                           "List merged PRs since the v2.4.0 tag with one line each.",
                           "Since v2.4.0: #431 jaro_winkler prefix clamp for short strings; "
                           "#488 Windows path handling in utils; #491 faster token_set_ratio "
                           "for short inputs (~15%); #494 docs for the processor argument; "
                           "plus dependency bumps (pyo3 0.22.5, ruff 0.6.9).",
                           "b17c40e9a2d3", "Explore", 5)]),
         Step(text="Since 2.4.0: the jaro_winkler short-string fix (#431), Windows path "
                   "handling (#488), token_set_ratio ~15% faster on short inputs (#491), "
                   "processor docs (#494), and dependency bumps.")],
        run("backport the windows path fix (#488) to 2.3.x",
            "git switch 2.3.x && git cherry-pick 7d1e0a2 && git push origin 2.3.x",
            "Switched to branch '2.3.x'\n[2.3.x 1b7e2c9] Fix path handling in utils on Windows "
            "(#488)\n 2 files changed, 19 insertions(+), 6 deletions(-)\nTo github.com:"
            "spindrift-py/spindrift.git\n   8d02aa4..1b7e2c9  2.3.x -> 2.3.x",
            "Cherry-picked cleanly onto 2.3.x and pushed; it'll be in the next 2.3 patch."),
        talk("someone in discussions asks the difference between partial_ratio and "
             "token_set_ratio. 3 lines max",
             "partial_ratio finds the best-matching substring of the longer string, so "
             "\"york\" vs \"new york mets\" scores high. token_set_ratio splits both into word "
             "sets and compares the shared words against the rest, so word order and repeats "
             "don't matter. Use the first for abbreviations, the second for reordered names."),
        run("is ci green on main?", "gh run list --branch main -L 3",
            "STATUS  TITLE                                   WORKFLOW  BRANCH  EVENT  ELAPSED\n"
            "✓       docs: clarify processor argument        ci        main    push   7m12s\n"
            "✓       Fix path handling in utils on Windows   ci        main    push   7m40s\n"
            "✓       Bump ruff to 0.6.9                      ci        main    push   6m58s",
            "Green — the last three runs on main all passed."),
    ]
    return Project(
        "spindrift", f"git@github.com:{repo}.git",
        {"README.md": "# spindrift\n\nFast fuzzy string matching for Python, with a Rust "
                      "core.\n",
         "pyproject.toml": "[build-system]\nrequires = [\"maturin>=1.7,<2\"]\nbuild-backend = "
                           "\"maturin\"\n"},
        _equip(facts, repo=repo, detours=detours,
               notes=("docs/known-issues.md", "## Known issues\n\n")),
        noise, "aws")


# ------------------------------------------------------------------- peatlink
def peatlink() -> Project:
    repo = "peatlink/peatlink"
    client = "internal/fetch/client.go"
    facts = [
        Fact("conv-titles", "convention", ["conventional commits"],
             ["the 0.10.0 release notes dumped half the changes into an 'Others' section — how "
              "do I stop that happening next time?",
              "what should @jkowalczyk call his PR before I squash it?"],
             "peatlink PR titles must follow Conventional Commits (feat:, fix:, docs:, perf:, "
             "chore:, optionally scoped like fix(fetch):): PRs are squash-merged so the title "
             "becomes the commit on main, and goreleaser's changelog groups by that prefix — "
             "anything else lands under Others.",
             {"pr": (702, "mbarros", "Added support for checking mailto links"),
              "probe": [bash("gh pr view 702 --json title,files,statusCheckRollup -q '.title, "
                             "(.files[].path), ([.statusCheckRollup[].conclusion] | unique)'",
                             "Added support for checking mailto links\ninternal/check/mailto.go"
                             "\ninternal/check/mailto_test.go\ndocs/cli.md\n[\"SUCCESS\"]")],
              "rule": "PR titles follow conventional commits — feat:, fix:, docs:, chore: and so "
                      "on. we squash-merge, the title becomes the commit, and goreleaser sorts "
                      "the release notes by that prefix",
              "follow": [bash("gh pr edit 702 --title 'feat(check): validate mailto: links'",
                              "https://github.com/peatlink/peatlink/pull/702"),
                         bash("gh pr merge 702 --squash --delete-branch",
                              "✓ Squashed and merged pull request #702 (feat(check): validate "
                              "mailto: links)\n✓ Deleted branch mailto-links")],
              "done": "Retitled #702 to `feat(check): validate mailto: links` and squash-merged "
                      "it, so it lands under Features in the next release notes instead of "
                      "Others.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing to peatlink\n\n## Pull request titles\n\nWe squash-merge, "
                      "so the PR title becomes the commit message on main. Titles must follow "
                      "Conventional Commits: `feat:`, `fix:`, `docs:`, `perf:`, `refactor:`, "
                      "`test:`, `chore:`, optionally with a scope (`fix(fetch): ...`). "
                      "goreleaser's changelog groups commits by that prefix; anything else "
                      "ends up under \"Others\".\n\n## Tests\n\n`go test ./...` must pass. "
                      "Report output is checked against files in testdata/golden.\n"),
              "found": "CONTRIBUTING.md says PR titles must follow Conventional Commits — feat:, "
                       "fix:, docs: and so on, optionally scoped — because PRs are "
                       "squash-merged and goreleaser groups the release notes by that prefix. "
                       "\"Added support for checking mailto links\" would land under Others.",
              "asked": "Why does the PR title matter? My commit messages are already "
                       "descriptive and I'd rather not rename things."}),
        Fact("conv-backport", "convention", ["cherry-pick -x"],
             ["the sitemap crash fix (#714) also has to go out in a 0.9.x for people still on "
              "the old config format — how do I get it there?",
              "@jkowalczyk sent his fix against the maintenance branch instead of main. ok to "
              "just merge it?"],
             "peatlink backports: nothing is committed to release-0.9 directly — fixes merge to "
             "main first, then the squashed commit is copied onto release-0.9 with `git "
             "cherry-pick -x <sha>` so it records the original; PRs opened against release-0.9 "
             "are retargeted to main.",
             {"pr": (709, "aiyana-r", "fix: don't follow redirects to non-http schemes"),
              "probe": [bash("gh pr view 709 --json baseRefName,headRefName -q '.baseRefName + "
                             "\" <- \" + .headRefName'",
                             "release-0.9 <- aiyana-r:redirect-scheme")],
              "rule": "fixes never go straight onto release-0.9. they land on main first, then "
                      "we `git cherry-pick -x` the squashed commit onto release-0.9 so the "
                      "backport says where it came from",
              "follow": [bash("gh pr edit 709 --base main",
                              "https://github.com/peatlink/peatlink/pull/709"),
                         bash("gh pr merge 709 --squash",
                              "✓ Squashed and merged pull request #709 (fix: don't follow "
                              "redirects to non-http schemes)"),
                         bash("git fetch -q && git switch release-0.9 && git cherry-pick -x "
                              "$(git rev-parse origin/main) && git push origin release-0.9",
                              "Switched to branch 'release-0.9'\n[release-0.9 5e2a9d1] fix: "
                              "don't follow redirects to non-http schemes (#709)\n 2 files "
                              "changed, 31 insertions(+), 4 deletions(-)\nTo github.com:"
                              "peatlink/peatlink.git\n   b71c0e4..5e2a9d1  release-0.9 -> "
                              "release-0.9")],
              "done": "#709 is retargeted to main and merged there; the squashed commit is "
                      "cherry-picked onto release-0.9 with its \"(cherry picked from commit "
                      "…)\" line and pushed, ready for 0.9.5.",
              "doc": ("docs/maintainers.md",
                      "# Maintainer notes\n\n## Backports\n\n`release-0.9` is the maintenance "
                      "branch for users still on the v1 config format. Nothing is committed "
                      "to it directly: fixes land on `main` first, then the squashed commit "
                      "is copied over with `git cherry-pick -x <sha>` so the backport records "
                      "the original commit. PRs opened against `release-0.9` get retargeted "
                      "to `main`.\n"),
              "found": "docs/maintainers.md covers it: nothing goes onto release-0.9 directly — "
                       "fixes land on main, then the squashed commit is backported with `git "
                       "cherry-pick -x <sha>` so it records the original, and PRs opened "
                       "against release-0.9 get retargeted. #709 targets release-0.9.",
              "asked": "I opened this against release-0.9 because that's the version we run at "
                       "work. Is that wrong? Happy to rebase."}),
        Fact("cmd-dryrun", "command", ["--snapshot"],
             ["check the goreleaser config still produces every archive after my change, "
              "without publishing anything",
              "how do I rehearse the whole release build on my own machine?"],
             "To rehearse a peatlink release locally: `goreleaser release --snapshot --clean` "
             "(make release-dry) — it skips the git and tag checks and all publishing and "
             "writes every archive into dist/; plain `goreleaser release --clean` fails on a "
             "dirty tree and would publish.",
             {"goal": "i added a linux/riscv64 build to .goreleaser.yaml. try the release "
                      "locally before i tag anything",
              "fail": bash("goreleaser release --clean",
                           "  • starting release...\n  • loading                          "
                           "path=.goreleaser.yaml\n  • loading environment variables\n    • "
                           "using token from  \"$GITHUB_TOKEN\"\n  • getting and validating git "
                           "state\n    • git state      commit=3f1c9ab branch=main "
                           "current_tag=v0.10.0 previous_tag=v0.9.4 dirty=true\n  ⨯ release "
                           "failed after 0s  error=git is in a dirty state\nPlease check in "
                           "your pipeline what can be changing the following files:\n M "
                           ".goreleaser.yaml", 1),
              "note": "A real release wants a clean tree and a new tag, and if it got further it "
                      "would publish to GitHub, the tap and the registry. For a rehearsal "
                      "goreleaser has a mode that skips the git checks, makes up a version and "
                      "never publishes anything.",
              "ok": bash("goreleaser release --snapshot --clean",
                         "  • starting release...\n  • loading                          "
                         "path=.goreleaser.yaml\n  • skipping announce, publish and "
                         "validate...\n  • building binaries\n    • building   binary=dist/"
                         "peatlink_linux_riscv64/peatlink\n    • building   binary=dist/"
                         "peatlink_linux_amd64_v1/peatlink\n    • building   binary=dist/"
                         "peatlink_darwin_arm64/peatlink\n    • building   binary=dist/"
                         "peatlink_windows_amd64_v1/peatlink.exe\n  • archives\n    • "
                         "archiving  name=dist/peatlink_0.10.1-SNAPSHOT-3f1c9ab_linux_riscv64."
                         "tar.gz\n  • release succeeded after 41s"),
              "done": "The dry run builds every target including linux/riscv64 and writes "
                      "peatlink_0.10.1-SNAPSHOT-3f1c9ab_linux_riscv64.tar.gz into dist/; nothing "
                      "was published.",
              "hint": "goreleaser release --snapshot --clean. skips the tag check, never "
                      "publishes, everything lands in dist/",
              "script": ("Makefile",
                         "BINARY := peatlink\n\nbuild:\n\tgo build -o bin/$(BINARY) "
                         "./cmd/peatlink\n\ntest:\n\tgo test -race ./...\n\nlint:\n\t"
                         "golangci-lint run\n\n# rehearsal of the release: builds every target "
                         "into dist/, publishes nothing\nrelease-dry:\n\tgoreleaser release "
                         "--snapshot --clean\n"),
              }),
        Fact("cmd-tag", "command", ["git tag -s"],
             ["cut 0.10.2 — main has the redirect fix and it's green",
              "the release job stopped at its first step with 'cannot verify a non-tag object' "
              "— how is the version tag supposed to be made?"],
             "peatlink releases start from a signed annotated tag: `git tag -s vX.Y.Z -m "
             "'peatlink X.Y.Z'` then `git push origin vX.Y.Z`; release.yml's first job runs "
             "git tag -v and stops on a lightweight or unsigned tag.",
             {"goal": "tag v0.10.1 and push it so the release workflow runs",
              "fail": bash("git tag v0.10.1 && git push origin v0.10.1 && sleep 20 && gh run "
                           "watch --exit-status $(gh run list -w release.yml -L1 --json "
                           "databaseId -q '.[0].databaseId')",
                           "To github.com:peatlink/peatlink.git\n * [new tag]         v0.10.1 "
                           "-> v0.10.1\n\nX release.yml · v0.10.1\nJOBS\nX verify-tag in 4s\n  "
                           "✓ Set up job\n  ✓ Run actions/checkout@v4\n  X Verify tag "
                           "signature\nANNOTATIONS\nX error: v0.10.1: cannot verify a non-tag "
                           "object of type commit.\n  Release tags must be annotated and signed "
                           "by a maintainer key (see RELEASING.md).\nX Process completed with "
                           "exit code 128.", 1),
              "note": "The release workflow refuses lightweight tags: its first job runs git tag "
                      "-v and only carries on for an annotated tag signed with a maintainer "
                      "key. The pushed v0.10.1 has to be deleted and made again as a signed "
                      "tag.",
              "ok": bash("git push --delete origin v0.10.1 && git tag -d v0.10.1 && git tag -s "
                         "v0.10.1 -m 'peatlink 0.10.1' && git push origin v0.10.1",
                         "To github.com:peatlink/peatlink.git\n - [deleted]         v0.10.1\n"
                         "Deleted tag 'v0.10.1' (was 3f1c9ab)\nTo github.com:peatlink/"
                         "peatlink.git\n * [new tag]         v0.10.1 -> v0.10.1"),
              "done": "v0.10.1 is now a signed annotated tag; release.yml got past verify-tag "
                      "and goreleaser is running.",
              "hint": "it has to be a signed tag, the workflow checks. delete that one, then "
                      "git tag -s v0.10.1 -m 'peatlink 0.10.1' and push again",
              "script": ("RELEASING.md",
                         "# Releasing peatlink\n\n1. Make sure main is green.\n2. Create a "
                         "**signed, annotated** tag and push it:\n\n       git tag -s vX.Y.Z "
                         "-m 'peatlink X.Y.Z'\n       git push origin vX.Y.Z\n\n   "
                         "`release.yml` starts with `git tag -v` and stops on lightweight or "
                         "unsigned tags.\n3. goreleaser builds the archives, the Homebrew "
                         "formula, the Scoop manifest and the container image.\n4. Edit the "
                         "GitHub release if the generated notes need a summary on top.\n"),
              }),
        Fact("env-tap", "environment", ["HOMEBREW_TAP_GITHUB_TOKEN"],
             ["the brew formula is stuck on the previous version again — which secret do I have "
              "to rotate?",
              "what credential does the release pipeline use to write to our formula "
              "repository?"],
             "peatlink's Homebrew formula is pushed by goreleaser to peatlink/homebrew-tap "
             "using the HOMEBREW_TAP_GITHUB_TOKEN environment variable (a repository secret "
             "release.yml passes in; the default GITHUB_TOKEN can't write to another repo); a "
             "401 there leaves the formula on the old version.",
             {"goal": "brew upgrade still gives people 0.9.4 even though 0.10.0 is out. how does "
                      "the formula get updated — what credentials does that step use?",
              "probe": [bash("sed -n '/^brews:/,/^[a-z]/p' .goreleaser.yaml",
                             "brews:\n  - name: peatlink\n    repository:\n      owner: "
                             "peatlink\n      name: homebrew-tap\n      token: \"{{ .Env."
                             "HOMEBREW_TAP_GITHUB_TOKEN }}\"\n    directory: Formula\n    "
                             "homepage: https://github.com/peatlink/peatlink\n    description: "
                             "Fast link checker for documentation sites\n    test: |\n      "
                             "system \"#{bin}/peatlink\", \"version\""),
                        bash("gh run view --log --job 29510334417 | grep -i -A1 'homebrew'",
                             "release  goreleaser  • homebrew tap formula\nrelease  goreleaser "
                             "   ⨯ release failed after 3m12s  error=homebrew tap formula: "
                             "failed to publish artifacts: PUT https://api.github.com/repos/"
                             "peatlink/homebrew-tap/contents/Formula/peatlink.rb: 401 Bad "
                             "credentials []")],
              "confirm": "goreleaser pushes the formula to the peatlink/homebrew-tap repository "
                         "itself, with a token read from the HOMEBREW_TAP_GITHUB_TOKEN "
                         "environment variable — release.yml passes it in from the repository "
                         "secret of the same name, because the default GITHUB_TOKEN can't "
                         "write to another repo. For 0.10.0 that push got 401 Bad credentials, "
                         "so the secret has most likely expired and the formula is still at "
                         "0.9.4.",
              "while": ("did the 0.10.0 release job fail completely or just the brew part? the "
                        "binaries are on the release page",
                        "Only the formula step failed — the archives, checksums and container "
                        "image had already gone out before goreleaser reached the tap."),
              "discussion": ("dvoigt",
                             "Homebrew still installs 0.9.4 for me after `brew update`. Is "
                             "0.10.0 coming to the tap?")}),
        Fact("env-image", "environment", ["ghcr.io/peatlink-dev"],
             ["what image name do I give people who want to run the link checker in a "
              "container?",
              "where do our container images get pushed?"],
             "peatlink's container images are published by goreleaser to "
             "ghcr.io/peatlink-dev/peatlink (the peatlink-dev organisation, not Docker Hub), "
             "tagged with the version and latest, linux/amd64 only; release.yml logs in to "
             "ghcr.io as peatlink-dev-bot.",
             {"goal": "someone asks if there's a docker image they can use in gitlab ci. which "
                      "registry and name do we push to?",
              "probe": [bash("sed -n '/^dockers:/,/^[a-z]/p' .goreleaser.yaml",
                             "dockers:\n  - image_templates:\n      - \"ghcr.io/peatlink-dev/"
                             "peatlink:{{ .Version }}\"\n      - \"ghcr.io/peatlink-dev/"
                             "peatlink:latest\"\n    dockerfile: Dockerfile.release\n    "
                             "build_flag_templates:\n      - \"--platform=linux/amd64\"\n      "
                             "- \"--label=org.opencontainers.image.source=https://github.com/"
                             "peatlink/peatlink\""),
                        bash("grep -n -A4 'docker/login-action' .github/workflows/release.yml",
                             "31:      - uses: docker/login-action@v3\n32-        with:\n33-   "
                             "       registry: ghcr.io\n34-          username: peatlink-dev-bot"
                             "\n35-          password: ${{ secrets.GHCR_PAT }}")],
              "confirm": "Images go to GitHub's container registry under the peatlink-dev "
                         "organisation — not the main org and not Docker Hub: "
                         "ghcr.io/peatlink-dev/peatlink, tagged with each version and latest, "
                         "linux/amd64 only. In GitLab CI that's `image: "
                         "ghcr.io/peatlink-dev/peatlink:0.10.0`.",
              "while": ("is the image multi-arch? someone's on an arm runner",
                        "No — build_flag_templates only builds linux/amd64, so an arm runner "
                        "would need emulation."),
              "discussion": ("kleinschmidt-ops",
                             "Is there an official container image? I'd like to run the checker "
                             "as a step in GitLab CI without installing Go.")}),
        Fact("gotcha-crlf", "gotcha", [".gitattributes"],
             ["the windows job says my golden output differs on every line, but the diff it "
              "prints looks identical",
              "a contributor on windows says go test fails in the report package on a fresh "
              "clone — what's up?"],
             "peatlink's golden files in testdata/ must be byte-exact: Windows checkouts with "
             "core.autocrlf turn them into CRLF and every line differs; .gitattributes has "
             "`testdata/** -text` so git never converts them.",
             {"symptom": "windows leg of the matrix is red on every PR since yesterday, golden "
                         "tests. the diff it prints looks identical to me??",
              "trace": "Run go test ./...\nok  \tgithub.com/peatlink/peatlink/internal/check\t"
                       "0.882s\nok  \tgithub.com/peatlink/peatlink/internal/fetch\t1.204s\n--- "
                       "FAIL: TestReportGolden (0.03s)\n    --- FAIL: TestReportGolden/"
                       "broken_anchors (0.00s)\n        golden_test.go:41: output differs from "
                       "testdata/golden/broken_anchors.txt:\n            -docs/index.md:12: "
                       "https://example.test/#install  anchor not found\n            "
                       "-docs/index.md:19: https://example.test/missing  404 Not Found\n        "
                       "    +docs/index.md:12: https://example.test/#install  anchor not found\n"
                       "            +docs/index.md:19: https://example.test/missing  404 Not "
                       "Found\n    --- FAIL: TestReportGolden/summary (0.00s)\n        "
                       "golden_test.go:41: output differs from testdata/golden/summary.txt\n"
                       "FAIL\nFAIL\tgithub.com/peatlink/peatlink/internal/report\t0.412s\n"
                       "Error: Process completed with exit code 1.",
              "probe": [bash("git log --oneline -3 -- .github/workflows/ci.yml",
                             "e41d7c2 ci: drop the autocrlf step, runners are fine by default\n"
                             "9a0b3f8 ci: add go 1.23 to the matrix\n51c22d0 ci: cache go "
                             "build"),
                        bash("git show e41d7c2 | tail -5",
                             "-      - name: keep LF line endings\n-        if: runner.os == "
                             "'Windows'\n-        run: git config --global core.autocrlf "
                             "false\n       - uses: actions/checkout@v4")],
              "explain": "The Windows runners check out with core.autocrlf=true, so git turns "
                         "the golden files in testdata/ into CRLF while the report writes plain "
                         "\\n — every line differs by an invisible \\r. Yesterday's commit "
                         "removed the step that switched autocrlf off. The durable fix belongs "
                         "in the repo rather than the workflow: a .gitattributes entry "
                         "`testdata/** -text`, so git never converts those files on any "
                         "machine.",
              "told": "oh hell. line endings, isn't it — windows checks the golden files out as "
                      "crlf. we need the .gitattributes -text thing",
              "fix": [write(".gitattributes",
                            "# golden files are compared byte for byte: never convert line "
                            "endings\ntestdata/** -text\n"),
                      bash("git add .gitattributes && git commit -qm 'test: keep testdata "
                           "line endings as committed' && git push", "")],
              "done": "Added .gitattributes with `testdata/** -text` and pushed; the Windows "
                      "job passes on the re-run, and contributors on Windows won't hit it "
                      "locally either.",
              "ref": ("pr", 716),
              "title": "golden tests fail only on Windows"}),
        Fact("gotcha-999", "gotcha", ["999"],
             ["a user says every link to their colleagues' linkedin profiles fails the check but "
              "opens fine in a browser — do we need to fix something?",
              "what does it mean when the checker reports a status code that isn't in the HTTP "
              "spec for a social-media link?"],
             "LinkedIn answers HTTP status 999 to non-browser clients, so peatlink reports "
             "linkedin.com links as broken though they work (#711); nothing to fix in "
             "peatlink — exclude linkedin.com in .peatlink.yaml (docs/faq.md has the snippet).",
             {"symptom": "new issue #711. bug on our side?",
              "trace": "**peatlink version:** 0.10.0 (brew)\n\nEvery LinkedIn link on our team "
                       "page is reported broken, but they all open fine in a browser:\n\n    $ "
                       "peatlink check ./site\n    site/team.md:8: https://www.linkedin.com/in/"
                       "asha-k/  status 999\n    site/team.md:14: https://www.linkedin.com/in/"
                       "tomvdb/  status 999\n    site/team.md:21: https://www.linkedin.com/"
                       "company/fernhill-labs/  status 999\n\n    3 broken links in 1 file "
                       "(412 checked)\n\nIs 999 even a real status code?",
              "probe": [bash("curl -s -o /dev/null -w '%{http_code}\\n' -A 'peatlink/0.10.0' "
                             "https://www.linkedin.com/in/tomvdb/; curl -s -o /dev/null -w "
                             "'%{http_code}\\n' -A 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) "
                             "Gecko/20100101 Firefox/131.0' https://www.linkedin.com/in/tomvdb/",
                             "999\n200")],
              "explain": "It isn't a real HTTP status: LinkedIn answers 999 to anything it takes "
                         "for a bot — our user agent gets 999, a browser's gets 200 for the same "
                         "URL — so the links are fine and there's nothing to fix in how peatlink "
                         "fetches. The reporter should exclude linkedin.com in .peatlink.yaml; "
                         "on our side the FAQ should say so.",
              "told": "lol. linkedin and its 999. they block anything that isn't a browser",
              "fix": [edit("docs/faq.md",
                           "## Why is a link reported broken when it works in my browser?\n",
                           "## Why is a link reported broken when it works in my browser?\n\n"
                           "### LinkedIn links report status 999\n\nLinkedIn answers 999 to "
                           "non-browser clients. Exclude it in `.peatlink.yaml`:\n\n```yaml\n"
                           "exclude:\n  - \"^https://(www\\\\.)?linkedin\\\\.com/\"\n```\n")],
              "done": "Added a LinkedIn entry to docs/faq.md with the exclude snippet; the "
                      "reporter can put the same exclude in their .peatlink.yaml.",
              "ref": ("issue", 711),
              "title": "LinkedIn links reported broken"}),
        Fact("fals-concurrency", "falsified", ["8 per host"],
             ["can we make the checker faster out of the box by firing more requests at once?",
              "why is the default parallelism so low? a user is asking"],
             "Raising peatlink's default concurrency from 8 to 64 was tried in 0.8.0 and "
             "reverted in 0.8.1: users' CI runners got rate-limited and IP-banned by GitHub "
             "Pages and Cloudflare-fronted sites (#540, #544); the default stays 8 per host and "
             "--concurrency raises it.",
             {"ask": "the checker takes 20 minutes on our own docs. bump the default concurrency "
                     "from 8 to 64",
              "change": [edit("internal/config/defaults.go",
                              "\tDefaultConcurrency = 8 // requests in flight, per host\n",
                              "\tDefaultConcurrency = 64 // requests in flight, per host\n")],
              "broke": bash("go test ./internal/fetch -run TestPoliteness -v",
                            "=== RUN   TestPoliteness\n=== RUN   TestPoliteness/"
                            "rate_limited_host\n    politeness_test.go:57: 64 concurrent "
                            "requests to one host: server answered 429 to 51 of 64 (limit "
                            "10/s)\n--- FAIL: TestPoliteness (2.31s)\n    --- FAIL: "
                            "TestPoliteness/rate_limited_host (2.30s)\nFAIL\nFAIL\tgithub.com/"
                            "peatlink/peatlink/internal/fetch\t2.338s", 1),
              "revert": bash("git checkout -- internal/config/defaults.go", ""),
              "conclusion": "Reverted to 8 per host. The politeness test shows what 64 does: a "
                            "rate-limited host answers 429 to most of the requests, and real "
                            "sites go further and ban the runner's IP. Users who want a faster "
                            "run on their own site can pass --concurrency; the default stays "
                            "conservative.",
              "want": "people keep saying the checker is slow on big docs sites. could we just "
                      "raise the default number of parallel requests?",
              "offer": "The default is 8 requests in flight for each host. 64 would cut a big "
                       "site's run time a lot. Change the default?",
              "story": "we did that in 0.8.0 — default went from 8 to 64 — and within a week "
                       "people's CI runners were getting banned by github pages and "
                       "cloudflare-fronted sites (#540, #544). 0.8.1 put it back to 8 per host "
                       "and anyone who wants more passes --concurrency",
              "request": (731, "sdevlin", "Make the default concurrency higher",
                          "Checking our 9,000-page docs site takes 25 minutes with the "
                          "defaults. With `--concurrency 48` it's under 4. Could the default "
                          "be higher? Most machines can handle it.")}),
        Fact("fals-head", "falsified", ["HEAD request"],
             ["could the checker stop downloading whole pages just to look at the status code?",
              "a user suggests asking servers only for the headers to save bandwidth — was "
              "that ever tried?"],
             "Switching peatlink's fetcher from GET to HEAD requests was tried in 0.9.0 and "
             "reverted in 0.9.1: S3 presigned URLs answer 403 and many servers 405 to a HEAD "
             "request, so working links were reported broken (#602, #607).",
             {"ask": "we download whole pages just to check the status code. switch the fetcher "
                     "to HEAD, saves bandwidth",
              "change": [edit(client,
                              "\treq, err := http.NewRequestWithContext(ctx, http.MethodGet, u, "
                              "nil)\n",
                              "\treq, err := http.NewRequestWithContext(ctx, http.MethodHead, "
                              "u, nil)\n")],
              "broke": bash("go test ./internal/fetch -run TestRealWorldServers -v",
                            "=== RUN   TestRealWorldServers/s3_presigned\n    "
                            "servers_test.go:88: HEAD https://fixtures.test/s3/report.pdf?"
                            "X-Amz-Signature=...: got 403, GET gives 200\n=== RUN   "
                            "TestRealWorldServers/method_not_allowed\n    servers_test.go:88: "
                            "HEAD https://fixtures.test/app/download: got 405, GET gives 200\n"
                            "--- FAIL: TestRealWorldServers (0.14s)\nFAIL\tgithub.com/peatlink/"
                            "peatlink/internal/fetch\t0.171s", 1),
              "revert": bash(f"git checkout -- {client}", ""),
              "conclusion": "Reverted to GET. The real-world server fixtures show why: presigned "
                            "S3 URLs are signed for GET, so a HEAD request gets 403, and plenty "
                            "of app servers answer HEAD with 405 while GET works — each of those "
                            "would be a false 'broken'. The fetcher already stops reading after "
                            "the headers for non-HTML responses, so the bandwidth saving would "
                            "be small anyway.",
              "want": "fetching full pages only to look at the status code seems wasteful. any "
                      "reason we don't just ask for the headers?",
              "offer": "Switching the fetcher to http.MethodHead is a one-line change in "
                       "internal/fetch/client.go and skips every body. Do it?",
              "story": "we switched to HEAD requests in 0.9.0 and got a pile of false 'broken' "
                       "reports — S3 presigned links 403 on HEAD, loads of servers 405 it "
                       "(#602, #607). 0.9.1 went back to GET",
              "request": (735, "tanvir-h", "Use HEAD instead of GET",
                          "peatlink downloads entire pages (and PDFs!) just to check links. "
                          "HEAD would be much faster and kinder to servers.")}),
    ]
    detours = [
        ("side thing: a user asks how to exclude everything under /api/ from the check. glob or "
         "regex in the config?",
         "A regex — exclude entries in .peatlink.yaml are Go regular expressions matched "
         "against the full URL, so \"^https://example\\.com/api/\" does it."),
        ("quick one: what's the difference between `go install` and `go get` these days?",
         "`go install pkg@version` builds and installs a binary without touching any go.mod; "
         "`go get` only manages dependencies in the current module. For installing a CLI, "
         "it's always go install."),
        ("someone wants a 'good first issue' — which open one is small enough?",
         "#719 (a --quiet flag that hides the progress bar) is self-contained: one flag in "
         "cmd/peatlink and a check in the reporter. I'd label that one."),
    ]
    noise: list[Episode] = [
        run("renovate's golang.org/x/net PR, fine to merge?",
            "gh pr checks 721",
            "lint                     pass  41s\ntest (ubuntu-latest, 1.22)   pass  1m12s\n"
            "test (ubuntu-latest, 1.23)   pass  1m09s\ntest (macos-latest, 1.23)    pass  "
            "1m31s\ntest (windows-latest, 1.23)  pass  2m02s",
            "Every check passes on all three OSes and both Go versions. It's a minor bump of "
            "x/net; merge away."),
        talk("someone in discussions asks what the difference between an anchor and a fragment "
             "is. short answer?",
             "Same thing from two sides: the fragment is the part of the URL after # "
             "(#install), the anchor is the element in the page it points to (an id=\"install\" "
             "or a heading's generated slug). peatlink reports 'anchor not found' when the "
             "fragment names no such element."),
        tweak("typo in the usage text: 'recieved'", "cmd/peatlink/root.go",
              "\tShort: \"Check every link recieved from a docs site\",",
              "\tShort: \"Check every link received from a docs site\",",
              "Fixed the usage text."),
        [Step(prompt="issue #718, can you look:\n\n> peatlink hangs forever on our site. "
                     "Last line before it stops:\n>\n> ```\n> GET https://docs.example.org/v2/"
                     " -> 301 https://docs.example.org/v2 -> 301 https://docs.example.org/v2/ "
                     "-> ...\n> ```\n>\n> peatlink 0.7.3, installed from the .deb\n\nknown?"),
         Step(tools=[read("internal/fetch/redirect.go",
                          "package fetch\n\n// maxRedirects bounds redirect chains; a loop is "
                          "reported as broken.\nconst maxRedirects = 10\n\nfunc checkRedirect("
                          "req *http.Request, via []*http.Request) error {\n\tif len(via) >= "
                          "maxRedirects {\n\t\treturn ErrRedirectLoop\n\t}\n\treturn nil\n}\n"),
                     bash("git log --oneline -S maxRedirects -- internal/fetch | tail -1",
                          "4c1f0e2 fetch: cap redirect chains at 10 (#590)")]),
         Step(text="Known and fixed: 0.7.3 had no cap on redirect chains, so a trailing-slash "
                   "loop spins forever. #590 added the limit of 10 and reports the link as a "
                   "redirect loop; it shipped in 0.8.0. Suggest they upgrade — and fix the "
                   "slash loop on their server.")],
        steps("what's open and labelled bug?",
              [bash("gh issue list --label bug",
                    "#718  peatlink hangs on redirect loop           bug        2d\n#711  "
                    "LinkedIn links reported broken                bug        3d\n#706  "
                    "--format json escapes & in URLs            bug        9d")],
              "Three open bugs: #718 (a redirect loop on an old version), #711 (LinkedIn "
              "links) and #706 (JSON output escaping & in URLs)."),
        [Step(prompt="rewrite the sitemap parser to stream instead of loading the whole file"),
         Step(text="Reading the parser first."),
         Step(prompt=_INTERRUPTED),
         Step(prompt="actually no, not today. leave it"),
         Step(text="OK, leaving the sitemap parser alone.")],
        run("lint is red on my branch", "golangci-lint run ./...",
            "internal/report/json.go:48:2: ineffectual assignment to err (ineffassign)\n\terr "
            "= enc.Encode(summary)\n\t^\n1 issues:\n* ineffassign: 1",
            "One finding: json.go line 48 assigns err from enc.Encode and never checks it. "
            "Return it (or handle it) and lint is clean."),
        find("where do we parse sitemaps?", "sitemap",
             ["internal/crawl/sitemap.go", "internal/crawl/sitemap_test.go",
              "cmd/peatlink/check.go"],
             "internal/crawl/sitemap.go does the parsing (tests next to it); cmd/peatlink/"
             "check.go only wires up the --sitemap flag."),
        [Step(prompt="go through the 10 oldest open issues and tell me which ones we can just "
                     "close"),
         Step(tools=[agent("Triage oldest issues",
                           "Read the 10 oldest open issues and classify: close (fixed, stale, "
                           "duplicate), keep, needs info.",
                           "Close: #402 (fixed by #590), #417 (duplicate of #455), #431 (no "
                           "reply in 8 months). Needs info: #438, #460. Keep: #409 "
                           "(robots.txt support), #421, #444, #452, #463 (feature requests "
                           "still wanted).",
                           "d93a07b1e4c2", "general-purpose", 12)]),
         Step(text="Three can go: #402 was fixed by #590, #417 duplicates #455, #431 has been "
                   "silent for eight months. #438 and #460 need info; the other five are "
                   "feature requests worth keeping.")],
    ]
    return Project(
        "peatlink", f"git@github.com:{repo}.git",
        {"README.md": "# peatlink\n\nA fast link checker for documentation sites.\n",
         "go.mod": "module github.com/peatlink/peatlink\n\ngo 1.22\n"},
        _equip(facts, repo=repo, detours=detours,
               notes=("docs/known-issues.md", "## Known issues\n\n")),
        noise, "slack")


# ------------------------------------------------------------------- tormentil
def tormentil() -> Project:
    repo = "tormentil-hs/tormentil"
    parser = "src/Text/ICalendar/Parser.hs"
    facts = [
        Fact("conv-pvp", "convention", ["PVP"],
             ["@dgorski's PR renames the evSummary field of VEvent to summary — what version "
              "does the next release get?",
              "I want to ship the new rrule helpers together with the dtstart type change — "
              "which number goes up?"],
             "tormentil follows the PVP (A.B.C.D): removing an export or changing its type is a "
             "major bump (A.B), additions bump C, anything else D; every build-depends has an "
             "upper bound (< next major).",
             {"pr": (214, "sofiamendes", "Return Either ParseError from parseCalendar"),
              "probe": [bash("gh pr diff 214 | grep '^[-+][a-z]'",
                             "-parseCalendar :: Text -> Maybe VCalendar\n+parseCalendar :: "
                             "Text -> Either ParseError VCalendar\n-version:            0.7.0\n"
                             "+version:            0.7.1")],
              "rule": "we follow the PVP to the letter: removing anything exported or changing "
                      "its type is a major bump (A.B), additions are a minor (C), and every "
                      "build-depends gets an upper bound",
              "follow": [bash("gh pr checkout 214", "Switched to branch 'either-errors'"),
                         edit("tormentil.cabal", "version:            0.7.1\n",
                              "version:            0.8.0\n"),
                         edit("CHANGELOG.md", "## 0.7.1 (unreleased)\n",
                              "## 0.8.0 (unreleased)\n\n* **Breaking:** `parseCalendar` "
                              "returns `Either ParseError VCalendar` instead of `Maybe "
                              "VCalendar` (#214).\n"),
                         bash("git commit -qam 'Version 0.8.0: parseCalendar type change is "
                              "breaking' && git push",
                              "To github.com:sofiamendes/tormentil.git\n   7c1d2e9..b4a8f30  "
                              "either-errors -> either-errors")],
              "done": "#214 now bumps to 0.8.0 instead of 0.7.1 — a new type for parseCalendar "
                      "breaks every caller, so it's a major change — and CHANGELOG.md lists "
                      "it under 0.8.0 as breaking.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing to tormentil\n\n## Versioning\n\ntormentil follows the "
                      "Haskell Package Versioning Policy (PVP), A.B.C.D:\n\n* removing an "
                      "export, or changing the type of one, bumps A.B (major);\n* adding "
                      "exports bumps C (minor);\n* anything else bumps D.\n\nEvery "
                      "`build-depends` entry has an upper bound (`< next major`). Don't bump "
                      "the version in a PR without checking which part moves.\n"),
              "found": "CONTRIBUTING.md says tormentil follows the PVP: removing an export or "
                       "changing its type bumps A.B, additions bump C, and every build-depends "
                       "has an upper bound. #214 changes parseCalendar's type but only goes "
                       "from 0.7.0 to 0.7.1.",
              "asked": "I bumped the last number because it's a small change to one function. "
                       "Is that not right?"}),
        Fact("conv-fourmolu", "convention", ["fourmolu"],
             ["which code formatter does tormentil use, and with what settings?",
              "@sofiamendes's VALARM PR also reformats the whole of Types.hs — fine?"],
             "tormentil is formatted with fourmolu using the repo's fourmolu.yaml (CI checks "
             "changed files); PRs must not reformat code they don't otherwise touch — "
             "whole-file reformats break git blame and backports.",
             {"pr": (219, "dgorski", "Support VTODO components"),
              "probe": [bash("gh pr view 219 --json additions,deletions,files -q '\"+\\(."
                             "additions) -\\(.deletions)\", (.files[] | \"\\(.path) "
                             "+\\(.additions) -\\(.deletions)\")'",
                             "+1184 -902\nsrc/Text/ICalendar/Types.hs +96 -0\nsrc/Text/"
                             "ICalendar/Parser.hs +611 -512\nsrc/Text/ICalendar/Render.hs "
                             "+402 -390\ntest/Main.hs +75 -0")],
              "rule": "formatting is fourmolu with the repo's fourmolu.yaml, and a PR only "
                      "formats the lines it actually changes — no whole-file reformats from "
                      "contributors, they wreck git blame and make backports conflict",
              "follow": [bash(_heredoc("gh pr review 219 --request-changes",
                                       "Thanks a lot for VTODO support! Could you drop the "
                                       "reformatting of Parser.hs and Render.hs from this PR? "
                                       "We format with fourmolu using the repo's "
                                       "fourmolu.yaml, and only the lines a PR touches — "
                                       "whole-file reformats make blame and backports "
                                       "painful. Running fourmolu on just your new code is "
                                       "perfect."),
                              "- Requested changes to pull request tormentil-hs/tormentil#219")],
              "done": "Requested changes on #219: the VTODO code is welcome, but the ~900 lines "
                      "of reformatting in Parser.hs and Render.hs have to come out; I pointed "
                      "@dgorski at fourmolu.yaml.",
              "doc": ("docs/style.md",
                      "# Code style\n\nWe format with fourmolu, configured by `fourmolu.yaml` "
                      "in the repository root; CI runs `fourmolu --mode check` on the files a "
                      "PR changes. Please don't reformat code your PR doesn't otherwise touch: "
                      "whole-file reformats break `git blame` and make backports to the "
                      "maintenance branch conflict.\n\nhlint suggestions are advisory.\n"),
              "found": "docs/style.md: formatting is fourmolu with the repo's fourmolu.yaml, "
                       "checked by CI on changed files, and PRs shouldn't reformat code they "
                       "don't otherwise touch. #219 reformats most of Parser.hs and Render.hs "
                       "— about 900 of its changed lines are formatting only.",
              "asked": "My editor formats on save, that's where the reformatting came from. "
                       "Which formatter and settings do you want?"}),
        Fact("cmd-docs", "command", ["--haddock-for-hackage"],
             ["the package page for the new release says documentation isn't available — sort "
              "it out",
              "how do we get haddocks onto the package site when their doc builder fails?"],
             "When Hackage's doc builder fails for tormentil, build and upload the docs by "
             "hand: `cabal haddock --haddock-for-hackage --enable-doc`, then `cabal upload -d "
             "--publish dist-newstyle/tormentil-X.Y.Z-docs.tar.gz`; plain `cabal haddock` makes "
             "no tarball.",
             {"goal": "0.7.0's hackage page still says 'Documentation not available' after two "
                      "days, the doc builder choked again. upload the docs ourselves",
              "fail": bash("cabal haddock && cabal upload -d --publish "
                           "dist-newstyle/tormentil-0.7.0-docs.tar.gz",
                           "Resolving dependencies...\nBuild profile: -w ghc-9.8.2 -O1\n"
                           "In order, the following will be built (use -v for more details):\n"
                           " - tormentil-0.7.0 (lib) (first run)\nPreprocessing library for "
                           "tormentil-0.7.0..\nRunning Haddock on library for tormentil-0.7.0"
                           "..\nDocumentation created: dist-newstyle/build/x86_64-linux/ghc-"
                           "9.8.2/tormentil-0.7.0/doc/html/tormentil/index.html\nError: "
                           "[Cabal-7128]\nThe file does not exist 'dist-newstyle/"
                           "tormentil-0.7.0-docs.tar.gz'.", 1),
              "note": "Plain `cabal haddock` only writes local HTML; it doesn't make the tarball "
                      "Hackage wants, with links rewritten for hackage.haskell.org. The docs "
                      "have to be built in Hackage's layout first, which produces "
                      "dist-newstyle/tormentil-0.7.0-docs.tar.gz.",
              "ok": bash("cabal haddock --haddock-for-hackage --enable-doc && cabal upload -d "
                         "--publish dist-newstyle/tormentil-0.7.0-docs.tar.gz",
                         "Running Haddock on library for tormentil-0.7.0..\nDocumentation "
                         "tarball created: dist-newstyle/tormentil-0.7.0-docs.tar.gz\n"
                         "Uploading documentation dist-newstyle/tormentil-0.7.0-docs.tar.gz..."
                         "\nOk"),
              "done": "The docs tarball is built and uploaded; 0.7.0's Hackage page now links "
                      "the module docs instead of 'Documentation not available'.",
              "hint": "hackage wants its own tarball: cabal haddock --haddock-for-hackage "
                      "--enable-doc, then cabal upload -d --publish on the tarball that makes",
              "script": ("RELEASING.md",
                         "# Releasing tormentil\n\n1. Bump `version:` in tormentil.cabal and "
                         "move the CHANGELOG entries under it.\n2. `cabal sdist`, then upload a "
                         "candidate: `cabal upload dist-newstyle/sdist/tormentil-X.Y.Z.tar.gz`"
                         ". Check the candidate page.\n3. Publish: `cabal upload --publish "
                         "dist-newstyle/sdist/tormentil-X.Y.Z.tar.gz`.\n4. Hackage's doc "
                         "builder often fails for us. If the docs haven't appeared within a "
                         "day, build and upload them yourself:\n\n       cabal haddock "
                         "--haddock-for-hackage --enable-doc\n       cabal upload -d --publish "
                         "dist-newstyle/tormentil-X.Y.Z-docs.tar.gz\n\n5. Tag `vX.Y.Z` and "
                         "push the tag.\n"),
              }),
        Fact("cmd-golden", "command", ["--test-options=--accept"],
             ["I changed how commas in DESCRIPTION are escaped, on purpose — the golden tests "
              "fail now, refresh them",
              "what's the command to make the expected-output .ics files match the new "
              "renderer?"],
             "To regenerate tormentil's golden .ics files after an intentional renderer change: "
             "`cabal test --test-options=--accept` (tasty-golden's flag, passed through to the "
             "test suite; `cabal test --accept` is rejected by cabal), then review the diff.",
             {"goal": "render now puts DTSTAMP straight after UID, on purpose — outlook is "
                      "picky. update the golden .ics files",
              "fail": bash("cabal test --accept",
                           "Error: [Cabal-7043]\ncabal: unrecognized 'test' option `--accept'",
                           1),
              "note": "--accept belongs to the test program (tasty-golden), not to cabal, so it "
                      "has to be passed through to the test suite; tasty-golden then rewrites "
                      "the golden files with the current output.",
              "ok": bash("cabal test --test-options=--accept && git status --short test/golden",
                         "Running 1 test suites...\nTest suite tormentil-test: RUNNING...\n"
                         "golden\n  render\n    simple-event.ics:     OK (0.01s)\n      "
                         "Accepted the new version\n    recurring-weekly.ics: OK (0.01s)\n"
                         "      Accepted the new version\n    all-day.ics:          OK\n      "
                         "Accepted the new version\n\nAll 148 tests passed (0.62s)\nTest suite "
                         "tormentil-test: PASS\n M test/golden/all-day.ics\n M test/golden/"
                         "recurring-weekly.ics\n M test/golden/simple-event.ics"),
              "done": "Accepted the new output: three golden files changed, each only moving "
                      "the DTSTAMP line up under UID. Worth a look at the diff before you "
                      "commit.",
              "hint": "cabal doesn't know --accept, it's tasty's flag. cabal test "
                      "--test-options=--accept",
              "script": ("test/README.md",
                         "# Tests\n\n`cabal test` runs the tasty suite: unit tests, hedgehog "
                         "round-trip properties and golden tests against `test/golden/*.ics`."
                         "\n\nIf a renderer change is intentional, regenerate the golden files "
                         "and review the diff:\n\n    cabal test --test-options=--accept\n\n"
                         "Hedgehog prints a seed on failure; replay it with `cabal test "
                         "--test-options='--hedgehog-replay \"<seed>\"'`.\n"),
              }),
        Fact("env-ghc", "environment", ["9.4.8"],
             ["what's the oldest compiler version we promise to work with?",
              "can someone on a Stackage LTS with GHC 9.2 use the latest release?"],
             "tormentil supports GHC 9.4.8 through 9.10.1: tested-with in tormentil.cabal lists "
             "9.4.8, 9.6.6, 9.8.2 and 9.10.1, the haskell-ci matrix runs exactly those, and "
             "base >=4.17 && <4.21 means nothing older than GHC 9.4 solves.",
             {"goal": "a user on an older stackage LTS asks which GHCs we support. what's the "
                      "oldest we actually test?",
              "probe": [bash("grep -n -A1 '^tested-with' tormentil.cabal; grep -n ' base ' "
                             "tormentil.cabal",
                             "12:tested-with:\n13:  GHC ==9.4.8 || ==9.6.6 || ==9.8.2 || "
                             "==9.10.1\n31:    , base >=4.17 && <4.21"),
                        bash("grep -n 'compiler: ghc-' .github/workflows/haskell-ci.yml",
                             "31:          - compiler: ghc-9.10.1\n36:          - compiler: "
                             "ghc-9.8.2\n41:          - compiler: ghc-9.6.6\n46:          - "
                             "compiler: ghc-9.4.8")],
              "confirm": "The oldest GHC tormentil supports is 9.4.8: tested-with in "
                         "tormentil.cabal lists 9.4.8, 9.6.6, 9.8.2 and 9.10.1, the CI matrix "
                         "runs exactly those four, and base >=4.17 (GHC 9.4's base) is the "
                         "lower bound. An LTS on GHC 9.2 won't even get a build plan.",
              "while": ("is 9.10 in CI yet? someone asked in the migration thread",
                        "Yes — ghc-9.10.1 is the newest entry in the matrix."),
              "discussion": ("yusuf-lts",
                             "We're on Stackage LTS 20 (GHC 9.2.8). Does tormentil 0.7 support "
                             "that, or do we need to stay on 0.5?")}),
        Fact("env-maintainers", "environment", ["tsvetanka"],
             ["if I'm unreachable, who else can push a release of this library to the package "
              "registry?",
              "who has upload rights for tormentil besides me?"],
             "tormentil's Hackage maintainer group has two accounts: AstridHolm (the user) and "
             "tsvetanka — the only other person who can upload a release; the cabal file's "
             "maintainer field grants no upload rights.",
             {"goal": "i'm away for three weeks from friday. who else can upload tormentil to "
                      "hackage if 0.7.2 needs to go out?",
              "probe": [bash("curl -s -H 'Accept: application/json' https://hackage.haskell."
                             "org/package/tormentil/maintainers/",
                             "{\"description\":\"Maintainers for tormentil\",\"group\":{"
                             "\"users\":[{\"userid\":2214,\"username\":\"AstridHolm\"},{"
                             "\"userid\":4087,\"username\":\"tsvetanka\"}]}}"),
                        bash("grep -n '^maintainer\\|^author' tormentil.cabal",
                             "8:author:             Astrid Holm\n9:maintainer:         "
                             "astrid@holm.dev")],
              "confirm": "Besides you (AstridHolm), the only account in tormentil's Hackage "
                         "maintainer group is tsvetanka, so she's the one who can publish a "
                         "0.7.2 while you're away. The maintainer field in the cabal file only "
                         "has your address — that field doesn't grant upload rights, the "
                         "Hackage group does.",
              "while": ("is my email still right in the cabal file? people keep writing to an "
                        "old address",
                        "Yes — maintainer: astrid@holm.dev is what tormentil.cabal says."),
              "discussion": ("emeka-o",
                             "Is tormentil still maintained? Who can cut a release if the "
                             "maintainer is unavailable?")}),
        Fact("gotcha-fold", "gotcha", ["75 octets"],
             ["outlook refuses invites whose title has emoji or CJK text but gmail takes them — "
              "what's going on?",
              "what's the rule for how long a single line of a generated .ics may be?"],
             "RFC 5545 folds content lines at 75 octets of UTF-8, not 75 characters: "
             "tormentil's foldLine counted Text characters, so CJK and emoji SUMMARY lines ran "
             "past 200 bytes and Outlook rejected the file (#226); foldLine now splits by "
             "octets, never inside a code point.",
             {"symptom": "issue #226, from someone with japanese event titles. outlook rejects "
                         "our .ics, google calendar is fine",
              "trace": "When the SUMMARY contains Japanese text, Outlook 365 refuses the file "
                       "(\"We couldn't import this calendar\"). Google Calendar imports it "
                       "fine. Repro:\n\n    renderCalendar $ calendar [event { evSummary = "
                       "\"チーム定例ミーティング（第３四半期の予算レビューと来期の採用計画について"
                       "）\" }]\n\nThe output looks folded, but the first SUMMARY line is 229 "
                       "bytes long when I check it with `wc -c`. tormentil 0.7.0, GHC 9.8.2.",
              "probe": [read("src/Text/ICalendar/Fold.hs",
                             "module Text.ICalendar.Fold (foldLine) where\n\nimport qualified "
                             "Data.Text as T\n\n-- | Fold a content line, RFC 5545 section "
                             "3.1.\nfoldLine :: T.Text -> T.Text\nfoldLine t\n  | T.length t "
                             "<= 75 = t\n  | otherwise = T.take 75 t <> \"\\r\\n \" <> foldLine "
                             "(T.drop 75 t)\n")],
              "explain": "RFC 5545 limits content lines to 75 octets, not 75 characters. "
                         "foldLine counts Text characters, so ASCII titles are fine, but a "
                         "Japanese SUMMARY — three bytes a character in UTF-8 — produces lines "
                         "of 200+ bytes. Google tolerates that; Outlook rejects the whole file. "
                         "The fold has to measure the UTF-8 encoding and break before 75 "
                         "octets, never in the middle of a character.",
              "told": "ohh. it folds by characters instead of bytes, doesn't it. the rfc says "
                      "octets",
              "fix": [edit("src/Text/ICalendar/Fold.hs",
                           "foldLine t\n  | T.length t <= 75 = t\n  | otherwise = T.take 75 t "
                           "<> \"\\r\\n \" <> foldLine (T.drop 75 t)\n",
                           "foldLine t\n  | utf8Length t <= 75 = t\n  | otherwise =\n      let "
                           "(a, b) = splitAtOctets 75 t\n       in a <> \"\\r\\n \" <> foldLine "
                           "b\n\n-- | Longest prefix whose UTF-8 encoding fits in n octets; "
                           "never splits a code point.\nsplitAtOctets :: Int -> T.Text -> "
                           "(T.Text, T.Text)\nsplitAtOctets n t = T.splitAt (go 0 0 (T.unpack "
                           "t)) t\n  where\n    go i _ [] = i\n    go i used (c : cs)\n      | "
                           "used + w > n = i\n      | otherwise = go (i + 1) (used + w) cs\n"
                           "      where\n        w = utf8Width c\n"),
                      bash("cabal test --test-options='-p fold'",
                           "fold\n  ascii line under the limit:          OK\n  japanese "
                           "summary folds at 75 octets: OK\n  no line longer than 75 octets:   "
                           "    OK (0.09s)\n      ✓ 100 tests passed\n\nAll 3 tests passed "
                           "(0.10s)")],
              "done": "foldLine now measures UTF-8 octets and never splits a character; the "
                      "Japanese title folds into lines of at most 75 octets, and a hedgehog "
                      "property checks no rendered line is longer.",
              "ref": ("issue", 226),
              "title": "folding counted characters, not octets"}),
        Fact("gotcha-regen", "gotcha", ["haskell-ci regenerate"],
             ["add GHC 9.12 to the CI matrix",
              "a contributor edited the github actions yaml to add a step and it vanished a week "
              "later — what's the right way to change CI in this repo?"],
             "tormentil's .github/workflows/haskell-ci.yml is generated: `haskell-ci "
             "regenerate` rewrites it from tested-with in tormentil.cabal and the options in "
             "cabal.haskell-ci, wiping hand edits (#231's 9.12 job and docspec step); change "
             "tested-with / cabal.haskell-ci and regenerate instead.",
             {"symptom": "ran the usual ci refresh last night and now the ghc 9.12 job "
                         "@sofiamendes added in #231 is gone from the workflow, and so is her "
                         "docspec step. where did they go??",
              "trace": "$ git show --stat HEAD\ncommit 0e3b7aa (HEAD -> main)\n    ci: refresh "
                       "workflow\n\n .github/workflows/haskell-ci.yml | 14 ++------\n\n$ git "
                       "show HEAD | grep '^-  '\n-          - compiler: ghc-9.12.1\n-            "
                       "compilerKind: ghc\n-            compilerVersion: 9.12.1\n-            "
                       "setup-method: ghcup\n-            allow-failure: false\n-      - name: "
                       "docspec\n-        run: $CABAL_DIR/bin/cabal-docspec --timeout 30",
              "probe": [bash("head -10 .github/workflows/haskell-ci.yml",
                             "# This GitHub workflow config has been generated by a script "
                             "via\n#\n#   haskell-ci 'github' 'tormentil.cabal'\n#\n# To "
                             "regenerate the script (for example after adjusting tested-with) "
                             "run\n#\n#   haskell-ci regenerate\n#\n# For more information, see "
                             "https://github.com/haskell-CI/haskell-ci\n#"),
                        bash("cat cabal.haskell-ci",
                             "branches: main 0.6\ninstalled: +all -Cabal -text\ndocspec: "
                             "False")],
              "explain": "The workflow is generated: haskell-ci builds it from tested-with in "
                         "tormentil.cabal plus the options in cabal.haskell-ci, and `haskell-ci "
                         "regenerate` overwrites the whole file. #231 added the 9.12 job and "
                         "the docspec step by hand in the YAML, so last night's refresh threw "
                         "both away. To make them stick, 9.12.1 goes into tested-with and "
                         "docspec is switched on in cabal.haskell-ci, then regenerate.",
              "told": "ugh — right, the workflow is generated. haskell-ci regenerate rebuilds it "
                      "from tested-with, so her hand edits got wiped",
              "fix": [edit("tormentil.cabal", "==9.8.2 || ==9.10.1\n",
                           "==9.8.2 || ==9.10.1 || ==9.12.1\n"),
                      edit("cabal.haskell-ci", "docspec: False\n", "docspec: True\n"),
                      bash("haskell-ci regenerate && git diff --stat",
                           " .github/workflows/haskell-ci.yml | 16 +++++++++++++++-\n "
                           "cabal.haskell-ci                 |  2 +-\n tormentil.cabal        "
                           "          |  2 +-\n 3 files changed, 17 insertions(+), 3 "
                           "deletions(-)")],
              "done": "9.12.1 is in tested-with and docspec is on in cabal.haskell-ci; after "
                      "regenerating, the workflow has the ghc-9.12.1 job and the docspec step "
                      "again, and they'll survive the next refresh.",
              "ref": ("pr", 231),
              "title": "hand edits to haskell-ci.yml disappear"}),
        Fact("fals-strict", "falsified", ["otherProps"],
             ["should the parser fail on properties it doesn't recognise? a typo like SUMARY "
              "currently gets swallowed",
              "was a strict parsing mode ever the default?"],
             "Making tormentil's parser reject unknown properties by default was tried in 0.5.0 "
             "and reverted in 0.5.1: Google, Outlook and Apple exports are full of vendor X- "
             "properties and nearly every real calendar failed (#143, #145); unknown "
             "properties are kept in otherProps.",
             {"ask": "the parser quietly keeps properties it doesn't know. make unknown ones a "
                     "parse error by default? dgorski says it'd catch typos like SUMARY",
              "change": [edit(parser,
                              "    _ -> pure ev {otherProps = prop : otherProps ev}\n",
                              "    _ -> failWith (UnknownProperty (propName prop))\n")],
              "broke": bash("cabal test --test-options='-p real-world'",
                            "real-world\n  google-calendar-export.ics: FAIL\n    test/Main.hs:88:"
                            "\n    Left (UnknownProperty \"X-GOOGLE-CONFERENCE\")\n  "
                            "outlook-invite.ics:         FAIL\n    Left (UnknownProperty "
                            "\"X-MICROSOFT-CDO-BUSYSTATUS\")\n  apple-calendar.ics:         "
                            "FAIL\n    Left (UnknownProperty \"X-APPLE-TRAVEL-ADVISORY-"
                            "BEHAVIOR\")\n\n3 out of 3 tests failed (0.02s)", 1),
              "revert": bash(f"git checkout -- {parser}", ""),
              "conclusion": "Reverted. Every real-world fixture fails: Google, Outlook and "
                            "Apple all put vendor X- properties into ordinary exports, so "
                            "rejecting unknown properties rejects almost every calendar users "
                            "actually have. They stay in otherProps; a typo check would have to "
                            "be an opt-in lint over otherProps, not a parse error.",
              "want": "properties the parser doesn't know end up collected without a peep. "
                      "shouldn't it be strict by default?",
              "offer": "I could make the parser fail with UnknownProperty instead of collecting "
                       "them, with a lenient option for people who need it. Want that?",
              "story": "we made unknown properties a parse error by default in 0.5.0 and it "
                       "rejected basically every google and outlook export — they're full of "
                       "X-GOOGLE-* and X-MICROSOFT-* (#143, #145). 0.5.1 went back to "
                       "collecting them in otherProps",
              "request": (238, "ravindra-k", "Strict parsing: reject unknown properties",
                          "A typo like `SUMARY:` is silently accepted and the event has no "
                          "summary. Could the parser reject unknown properties, at least by "
                          "default?")}),
        Fact("fals-megaparsec", "falsified", ["megaparsec"],
             ["would switching the parsing library get us errors with line and column numbers?",
              "why are we still on attoparsec?"],
             "Porting tormentil's parser from attoparsec to megaparsec (#201) was tried and "
             "reverted: a 40 MB export went from 2.1 s to 13.9 s (6.6x slower); line numbers "
             "were added to the attoparsec parser by hand instead.",
             {"ask": "the parse errors are awful ('not enough input'). port the parser from "
                     "attoparsec to megaparsec, it'd give line/column errors for free",
              "change": [edit("tormentil.cabal", "    , attoparsec >=0.14 && <0.15\n",
                              "    , megaparsec >=9.6 && <9.7\n"),
                         edit(parser, "import Data.Attoparsec.Text\n",
                              "import Text.Megaparsec\nimport Text.Megaparsec.Char\n")],
              "broke": bash("cabal bench --benchmark-options='-m prefix parse'",
                            "benchmarking parse/small-10-events\ntime                 61.2 μs"
                            "\nbenchmarking parse/large-40MB-export\ntime                 13.9 "
                            "s\n\nbaseline (main): parse/large-40MB-export 2.1 s\nREGRESSION: "
                            "parse/large-40MB-export is 6.6x slower than baseline", 1),
              "revert": bash(f"git checkout -- tormentil.cabal {parser}", ""),
              "conclusion": "Reverted to attoparsec. The megaparsec port parses the 40 MB export "
                            "in 13.9 s against 2.1 s on main — 6.6x slower — which hurts the "
                            "people syncing whole shared calendars. Better errors can come from "
                            "tracking line numbers in the existing parser.",
              "want": "users hate our parse errors. would a different parser library get us "
                      "line and column numbers?",
              "offer": "megaparsec reports line and column with a caret out of the box; porting "
                       "Parser.hs from attoparsec is about a day. Shall I start?",
              "story": "we tried the megaparsec port in #201 — the errors were lovely but a 40 "
                       "MB export went from 2.1 s to 13.9 s and the people syncing shared "
                       "calendars screamed. reverted, and we added line numbers to the "
                       "attoparsec parser by hand instead",
              "request": (241, "hjaramillo", "Better parse error messages",
                          "`Left \"not enough input\"` for a 2,000-line file is not helpful. "
                          "Could errors say which line is wrong? Maybe switch to a parser "
                          "library with good errors?")}),
    ]
    detours = [
        ("unrelated: is there still any difference between `cabal build` and `cabal v2-build`?",
         "No — since cabal 3.0 the v2 commands are the defaults, so build is v2-build; the old "
         "behaviour lives on only as v1-build."),
        ("quick question from discussions: does tormentil handle RRULE with BYSETPOS?",
         "Yes for monthly and yearly rules — Recurrence.hs implements BYSETPOS there and the "
         "rrule tests cover it. Weekly rules with BYSETPOS aren't supported."),
        ("side thing: is it worth being on Stackage at all for a small library?",
         "Usually yes: Stackage users can only depend on you easily if you're in the package set, "
         "and the curators' build failures are an early warning for upper bounds. The cost is "
         "answering the odd bounds issue they open."),
    ]
    noise: list[Episode] = [
        run("anything outdated in our deps?", "cabal outdated",
            "Outdated dependencies:\ntext >=2.0 && <2.1 (latest: 2.1.2)\ncontainers >=0.6 && "
            "<0.7 (latest: 0.7)",
            "Two bounds are behind: text (we allow <2.1, 2.1.2 is out) and containers (<0.7, "
            "0.7 is out). Both are worth a build against the new versions and, if it passes, "
            "a Hackage metadata revision to relax the bounds."),
        talk("someone asks in discussions what the difference between RRULE and RDATE is. two "
             "sentences",
             "RRULE describes a repeating pattern (every second Tuesday until June), RDATE "
             "lists extra individual occurrences added on top of it. tormentil expands both and "
             "then removes anything in EXDATE."),
        tweak("typo in the haddock for VEvent: 'occurence'", "src/Text/ICalendar/Types.hs",
              "-- | A single occurence of an event, after recurrence expansion.",
              "-- | A single occurrence of an event, after recurrence expansion.",
              "Fixed the haddock typo."),
        [Step(prompt="issue #229:\n\n> TRIGGER:-PT15M on a VALARM is parsed as 15 minutes "
                     "*after* the event, not before. Reminders in our app fire late.\n>\n> "
                     "tormentil 0.6.2\n\nis this the one we already fixed?"),
         Step(tools=[bash("git log --oneline --grep TRIGGER",
                          "a51c0d7 Parse negative TRIGGER durations (#207)"),
                     bash("git branch -r --contains a51c0d7", "  origin/main")]),
         Step(text="Yes — #207 fixed negative TRIGGER durations, but only on main (it's in "
                   "0.7.0). The 0.6 branch doesn't contain it, and they're on 0.6.2. Either "
                   "tell them to upgrade or backport a51c0d7 to 0.6 for a 0.6.3.")],
        run("backport a51c0d7 to 0.6 then",
            "git switch 0.6 && git cherry-pick a51c0d7 && git push origin 0.6",
            "Switched to branch '0.6'\n[0.6 e90b213] Parse negative TRIGGER durations (#207)\n"
            " 2 files changed, 22 insertions(+), 3 deletions(-)\nTo github.com:tormentil-hs/"
            "tormentil.git\n   71a9c3e..e90b213  0.6 -> 0.6",
            "Backported onto 0.6 and pushed; it'll be in 0.6.3."),
        steps("open PRs?",
              [bash("gh pr list",
                    "#244  Column numbers in parse errors (draft)  hjaramillo:columns  draft\n"
                    "#236  Add VJOURNAL support                  lgreve:vjournal       open\n"
                    "#233  Bump actions/cache to v4              dependabot:cache-v4   open")],
              "Three: #236 adds VJOURNAL (needs a review), #233 is a dependabot bump of "
              "actions/cache, and #244 is still a draft."),
        [Step(prompt="write the release announcement for 0.7.0"),
         Step(text="Reading the changelog first."),
         Step(prompt=_INTERRUPTED),
         Step(prompt="later. i'll do it after the docs are up"),
         Step(text="Sure — I'll leave the announcement for later.")],
        look("what's in the changelog for 0.7.0?", "CHANGELOG.md",
             "# Changelog\n\n## 0.7.0\n\n* RFC 7986 properties (COLOR, IMAGE).\n* Negative TRIGGER "
             "durations in VALARM (#207).\n* RRULE: BYSETPOS for monthly and yearly rules.\n* "
             "Faster recurrence expansion for long COUNT rules (~3x).\n\n## 0.6.2\n\n* Accept "
             "bare LF line endings.\n",
             "0.7.0 added the RFC 7986 COLOR and IMAGE properties, negative TRIGGER "
             "durations, BYSETPOS for monthly and yearly rules, and about 3x faster "
             "expansion for long COUNT rules. 0.6.2 before it accepted bare LF line endings."),
        run("run hlint over src", "hlint src",
            "src/Text/ICalendar/Recurrence.hs:112:9-38: Suggestion: Use concatMap\nFound:\n  "
            "concat (map expandDay days)\nPerhaps:\n  concatMap expandDay days\n\n1 hint",
            "One suggestion: Recurrence.hs line 112 can use concatMap instead of concat . map. "
            "Cosmetic; take it or leave it."),
        talk("how do i tell a contributor their PR will take a while to review without "
             "sounding like i'm brushing them off? i'm swamped",
             "Be specific and honest: \"Thanks, this looks like a solid addition! I'm short on "
             "time for the next couple of weeks, so I'll be able to review it properly around "
             "the end of the month.\" A date, even a rough one, is what makes it feel like a "
             "plan rather than a brush-off."),
    ]
    return Project(
        "tormentil", f"git@github.com:{repo}.git",
        {"README.md": "# tormentil\n\nParse and render iCalendar (RFC 5545) in Haskell.\n",
         "tormentil.cabal": "cabal-version: 3.0\nname: tormentil\nversion: 0.7.0\n"},
        _equip(facts, repo=repo, detours=detours,
               notes=("docs/known-issues.md", "## Known issues\n\n")),
        noise, "postgres")


# ------------------------------------------------------------------- whinchat
def whinchat() -> Project:
    repo = "whinchat-lua/whinchat"
    reader = "whinchat/reader.lua"
    writer = "whinchat/writer.lua"
    facts = [
        Fact("conv-rockspec", "convention", ["rockspec revision"],
             ["the published 1.5.0 rock forgot to list a module and `require` fails for users "
              "— how do I fix the package without cutting a new release?",
              "@wkoh opened a PR that edits the existing 1.4.0 rockspec's source URL. can I merge "
              "it?"],
             "whinchat never edits a rockspec that is already on luarocks.org: a packaging-only "
             "fix gets a new rockspec revision (e.g. whinchat-1.4.0-2.rockspec with version "
             "\"1.4.0-2\", same source tag), and code changes get a new version.",
             {"pr": (96, "haakon-n", "Add missing whinchat.dialect module to rockspec"),
              "probe": [bash("gh pr diff 96",
                             "diff --git a/rockspecs/whinchat-1.4.0-1.rockspec b/rockspecs/"
                             "whinchat-1.4.0-1.rockspec\n@@ -24,6 +24,7 @@ build = {\n    "
                             "modules = {\n       [\"whinchat\"] = \"whinchat/init.lua\",\n      "
                             " [\"whinchat.reader\"] = \"whinchat/reader.lua\",\n       "
                             "[\"whinchat.writer\"] = \"whinchat/writer.lua\",\n+      "
                             "[\"whinchat.dialect\"] = \"whinchat/dialect.lua\",\n    }\n }")],
              "rule": "a rockspec that's on luarocks.org never gets edited. packaging-only fixes "
                      "get a new rockspec revision (1.4.0-2), anything touching code gets a new "
                      "version",
              "follow": [bash("gh pr checkout 96", "Switched to branch 'rockspec-dialect'"),
                         bash("cp rockspecs/whinchat-1.4.0-1.rockspec rockspecs/"
                              "whinchat-1.4.0-2.rockspec && git checkout origin/main -- "
                              "rockspecs/whinchat-1.4.0-1.rockspec", ""),
                         edit("rockspecs/whinchat-1.4.0-2.rockspec", "version = \"1.4.0-1\"",
                              "version = \"1.4.0-2\""),
                         bash("git add rockspecs && git commit -qm 'rockspec 1.4.0-2: add "
                              "whinchat.dialect' && git push",
                              "To github.com:haakon-n/whinchat.git\n   3a9c0f1..e7d21b4  "
                              "rockspec-dialect -> rockspec-dialect")],
              "done": "#96 now leaves whinchat-1.4.0-1.rockspec exactly as published and adds "
                      "whinchat-1.4.0-2.rockspec with the dialect module and the same source "
                      "tag; once merged, that revision can be uploaded without a code "
                      "release.",
              "doc": ("CONTRIBUTING.md",
                      "# Contributing to whinchat\n\n## Rockspecs\n\nA rockspec that has been "
                      "uploaded to luarocks.org is never edited. If only the packaging is "
                      "wrong (a missing module, a bad URL), add a new rockspec revision: "
                      "`whinchat-1.4.0-2.rockspec` with `version = \"1.4.0-2\"` and the same "
                      "source tag. Any change to the Lua code needs a new version instead.\n"),
              "found": "CONTRIBUTING.md says a rockspec already on luarocks.org is never edited: "
                       "a packaging-only fix like this one goes into a new rockspec revision "
                       "(whinchat-1.4.0-2.rockspec, same source tag), and code changes need a "
                       "new version. #96 edits 1.4.0-1 in place.",
              "asked": "The 1.4.0 rock is broken without whinchat.dialect, so I fixed the "
                       "rockspec. Why would we want two files for the same version?"}),
        Fact("conv-compat", "convention", ["compat.lua"],
             ["@wkoh wants to use the utf8 library to validate the input encoding — fine to "
              "merge?",
              "can I use integer division and bit operators in the new quoting code?"],
             "whinchat code must run on Lua 5.1 and LuaJIT as well as 5.2–5.4: no //, bitwise "
             "operators, goto or the utf8 library; anything like that goes through a shim in "
             "whinchat/compat.lua (e.g. compat.idiv).",
             {"pr": (102, "bruna-l", "Faster field splitting with a binary search"),
              "probe": [bash("gh pr diff 102 | grep '^+' | grep -v '^+++'",
                             "+    local mid = (lo + hi) // 2\n+      if byte == QUOTE then goto "
                             "continue end\n+      ::continue::"),
                        bash("gh pr checks 102",
                             "lua 5.1      fail  14s\nluajit 2.1   fail  12s\nlua 5.2      "
                             "pass  15s\nlua 5.3      pass  15s\nlua 5.4      pass  16s\n"
                             "luacheck     pass   6s")],
              "rule": "everything has to run on plain Lua 5.1 and LuaJIT — no `//`, no bitwise "
                      "operators, no goto, no utf8 library. if you need one of those it goes "
                      "through whinchat/compat.lua",
              "follow": [edit(reader, "    local mid = (lo + hi) // 2\n",
                              "    local mid = compat.idiv(lo + hi, 2)\n"),
                         edit(reader, "      if byte == QUOTE then goto continue end\n",
                              "      if byte ~= QUOTE then\n"),
                         bash("git commit -qam 'reader: 5.1-compatible division and loop' && "
                              "git push && gh pr checks 102 --watch",
                              "lua 5.1      pass  14s\nluajit 2.1   pass  12s\nlua 5.2      "
                              "pass  15s\nlua 5.3      pass  15s\nlua 5.4      pass  15s\n"
                              "luacheck     pass   6s")],
              "done": "Reworked #102 for 5.1: the division goes through compat.idiv from "
                      "whinchat/compat.lua and the goto became an if block. All six checks "
                      "pass, 5.1 and LuaJIT included, and the speed-up is intact.",
              "doc": ("docs/style.md",
                      "# Style\n\n## Lua versions\n\nwhinchat runs on Lua 5.1, 5.2, 5.3, 5.4 "
                      "and LuaJIT from one source tree. Don't use syntax or libraries newer "
                      "than 5.1: no `//`, no bitwise operators, no `goto`, no `utf8`. When you "
                      "need one of them, use or add a shim in `whinchat/compat.lua`.\n\n## "
                      "Lint\n\nluacheck must be clean (`.luacheckrc` sets `std = \"max\"`).\n"),
              "found": "docs/style.md: the same source has to run on Lua 5.1 through 5.4 and "
                       "LuaJIT, so no `//`, bitwise operators, goto or utf8 — anything like "
                       "that goes through a shim in whinchat/compat.lua. #102 uses both // and "
                       "goto, which is why 5.1 and LuaJIT fail.",
              "asked": "Does anyone still run Lua 5.1? goto makes the loop so much cleaner."}),
        Fact("cmd-publish", "command", ["just publish"],
             ["put 1.5.1 on the rock server, the quoting fix is merged",
              "luarocks upload keeps failing with 'remote branch not found' — what's the proper "
              "way to release this thing?"],
             "whinchat releases are published with `just publish X.Y.Z` (RELEASING.md): it "
             "creates and pushes the annotated tag vX.Y.Z first, then runs luarocks upload with "
             "$LUAROCKS_API_KEY; uploading before the tag exists fails packing the source rock "
             "(Remote branch v1.5.0 not found).",
             {"goal": "1.5.0 is merged and its rockspec is in rockspecs/. upload it to luarocks",
              "fail": bash("luarocks upload rockspecs/whinchat-1.5.0-1.rockspec "
                           "--api-key=$LUAROCKS_API_KEY",
                           "Sending rockspecs/whinchat-1.5.0-1.rockspec ...\nWill now pack the "
                           "source rock...\nCloning into 'whinchat'...\nwarning: Could not find "
                           "remote branch v1.5.0 to clone.\nfatal: Remote branch v1.5.0 not "
                           "found in upstream origin\n\nError: Failed packing "
                           "whinchat-1.5.0-1.src.rock: Failed fetching files from GIT while "
                           "cloning", 1),
              "note": "luarocks packs the source rock by cloning the tag the rockspec names, and "
                      "v1.5.0 isn't on GitHub yet. The project has a recipe that does it in the "
                      "right order — tag, push the tag, then pack and upload.",
              "ok": bash("just publish 1.5.0",
                         "git tag -a v1.5.0 -m 'whinchat 1.5.0'\ngit push origin v1.5.0\nTo "
                         "github.com:whinchat-lua/whinchat.git\n * [new tag]         v1.5.0 -> "
                         "v1.5.0\nluarocks upload rockspecs/whinchat-1.5.0-1.rockspec "
                         "--api-key=$LUAROCKS_API_KEY\nSending rockspecs/whinchat-1.5.0-1."
                         "rockspec ...\nWill now pack the source rock...\nSending "
                         "whinchat-1.5.0-1.src.rock ...\nDone: https://luarocks.org/modules/"
                         "whinchat/whinchat/1.5.0-1"),
              "done": "v1.5.0 is tagged and pushed, and whinchat 1.5.0-1 is on luarocks.org — "
                      "rockspec plus source rock.",
              "hint": "use the justfile — `just publish 1.5.0`. it tags, pushes the tag and only "
                      "then uploads",
              "script": ("RELEASING.md",
                         "# Releasing whinchat\n\n1. Add `rockspecs/whinchat-X.Y.Z-1.rockspec` "
                         "(copy the last one, bump version and source.tag) and update "
                         "CHANGELOG.md. Merge to main.\n2. Run `just publish X.Y.Z`. It "
                         "creates and pushes the annotated tag `vX.Y.Z` first (luarocks packs "
                         "the source rock from that tag), then runs `luarocks upload` with "
                         "`$LUAROCKS_API_KEY`.\n3. Check https://luarocks.org/modules/whinchat/"
                         "whinchat and write the GitHub release.\n\nNever upload before the "
                         "tag exists on GitHub.\n"),
              }),
        Fact("cmd-versions", "command", ["hererocks"],
             ["run the test suite on lua 5.1 on my machine, a user says 1.5.0 is broken there",
              "how do I test against several Lua versions locally without messing up my system "
              "install?"],
             "whinchat's specs are run per Lua version from hererocks trees: `hererocks "
             ".lua/luajit -j 2.1 -r latest` (or `.lua/5.1 -l 5.1`), then that tree's `luarocks "
             "make --deps-only`, `luarocks install busted` and `.lua/<v>/bin/busted`; the "
             "system busted is 5.4-only and fails under --lua=luajit.",
             {"goal": "issue says the reader breaks on luajit. reproduce it here — run the "
                      "specs under luajit",
              "fail": bash("busted --lua=luajit spec/reader_spec.lua",
                           "luajit: /usr/local/share/lua/5.4/busted/runner.lua:3: module "
                           "'busted.core' not found:\n\tno field package.preload['busted.core']"
                           "\n\tno file './busted/core.lua'\n\tno file '/usr/local/share/"
                           "luajit-2.1/busted/core.lua'\n\tno file '/usr/local/share/lua/5.1/"
                           "busted/core.lua'\nstack traceback:\n\t[C]: in function 'require'\n"
                           "\t/usr/local/share/lua/5.4/busted/runner.lua:3: in main chunk", 1),
              "note": "The system busted is installed for Lua 5.4, so pointing it at luajit "
                      "can't find its own modules. The project keeps a separate Lua + LuaRocks "
                      "tree per version, built with hererocks, and runs each version's busted "
                      "from its own tree.",
              "ok": bash("hererocks .lua/luajit -j 2.1 -r latest >/dev/null && .lua/luajit/bin/"
                         "luarocks make --deps-only >/dev/null && .lua/luajit/bin/luarocks "
                         "install busted >/dev/null && .lua/luajit/bin/busted "
                         "spec/reader_spec.lua",
                         "●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●◼◼\n30 successes / 2 failures / 0 "
                         "errors / 0 pending : 0.041 seconds\n\nFailure → spec/reader_spec.lua "
                         "@ 88\nreader handles a quoted field spanning a chunk boundary\n"
                         "spec/reader_spec.lua:97: Expected objects to be equal."),
              "done": "Reproduced under LuaJIT 2.1: two reader specs fail on quoted fields that "
                      "span a chunk boundary. The same specs pass on 5.4, so it's "
                      "LuaJIT-specific.",
              "hint": "the system busted is 5.4 only. use hererocks — `hererocks .lua/luajit -j "
                      "2.1 -r latest`, then that tree's luarocks and busted",
              "script": ("spec/README.md",
                         "# Specs\n\nCI runs the specs on 5.1, 5.2, 5.3, 5.4 and LuaJIT. "
                         "Locally, make one tree per version with hererocks and run that "
                         "tree's busted:\n\n    hererocks .lua/5.1 -l 5.1 -r latest\n    "
                         "hererocks .lua/luajit -j 2.1 -r latest\n    .lua/luajit/bin/luarocks "
                         "make --deps-only\n    .lua/luajit/bin/luarocks install busted\n    "
                         ".lua/luajit/bin/busted\n\n`.lua/` is in .gitignore.\n"),
              }),
        Fact("env-luaversions", "environment", ["lua >= 5.1, < 5.5"],
             ["luarocks won't install our rock on the new lua 5.5 beta — is that deliberate?",
              "which Lua versions does the published rock allow?"],
             "whinchat's rockspec declares the dependency `lua >= 5.1, < 5.5`, so luarocks won't "
             "install it on Lua 5.5; CI tests 5.1, 5.2, 5.3, 5.4 and LuaJIT 2.1.",
             {"goal": "someone in discussions asks if whinchat works on the lua 5.5 beta. what "
                      "does the rock actually declare?",
              "probe": [bash("grep -n -A2 '^dependencies' rockspecs/whinchat-1.4.0-1.rockspec",
                             "14:dependencies = {\n15-   \"lua >= 5.1, < 5.5\",\n16-}"),
                        bash("grep -n 'lua: \\[' .github/workflows/test.yml",
                             "11:        lua: [\"5.1\", \"5.2\", \"5.3\", \"5.4\", "
                             "\"luajit-2.1\"]")],
              "confirm": "The rockspec declares `lua >= 5.1, < 5.5`, so luarocks refuses to "
                         "install it on 5.5 for now, and CI only tests 5.1, 5.2, 5.3, 5.4 and "
                         "LuaJIT 2.1. Supporting 5.5 means adding it to the matrix and widening "
                         "that bound in the next rockspec.",
              "while": ("does CI test luajit at all? a bug report mentions openresty",
                        "Yes — luajit-2.1 is one of the five entries in test.yml's matrix."),
              "discussion": ("nilsbergqvist",
                             "Has anyone tried whinchat on the Lua 5.5 beta? luarocks refuses "
                             "to install it for me.")}),
        Fact("env-docs", "environment", ["whinchat-lua.github.io"],
             ["what's the link to the api reference for the csv library?",
              "a user can't find our API docs — where are they served from?"],
             "whinchat's LDoc API reference is built by the docs workflow (`ldoc .` into docs/, "
             "pushed to the gh-pages branch) and served by GitHub Pages at "
             "https://whinchat-lua.github.io/whinchat/.",
             {"goal": "where do the ldoc docs end up? i want to link the api reference in a "
                      "discussion answer",
              "probe": [read("config.ld",
                             "project = \"whinchat\"\ntitle = \"whinchat reference\"\nfile = "
                             "{\"whinchat\"}\ndir = \"docs\"\nformat = \"markdown\"\n"),
                        bash("grep -n -A5 'run: ldoc' .github/workflows/docs.yml",
                             "14:      - run: ldoc .\n15-      - uses: peaceiris/actions-gh-"
                             "pages@v4\n16-        with:\n17-          github_token: ${{ "
                             "secrets.GITHUB_TOKEN }}\n18-          publish_dir: ./docs\n19-     "
                             "     publish_branch: gh-pages"),
                        bash("gh api repos/whinchat-lua/whinchat/pages -q .html_url",
                             "https://whinchat-lua.github.io/whinchat/")],
              "confirm": "LDoc builds the reference into docs/, the docs workflow pushes that to "
                         "the gh-pages branch, and GitHub Pages serves it at "
                         "https://whinchat-lua.github.io/whinchat/ — the organisation's Pages "
                         "address, there's no custom domain.",
              "while": ("which branch does the site get published from?",
                        "gh-pages — the docs workflow's peaceiris/actions-gh-pages step pushes "
                        "the generated docs/ folder there."),
              "discussion": ("marta-fz",
                             "Is there API documentation somewhere? The README only shows two "
                             "examples.")}),
        Fact("gotcha-float", "gotcha", ["%.14g"],
             ["a user says the csv written on lua 5.4 has 42.0 where 5.1 wrote 42 — bug in the "
              "writer?",
              "write numbers in the new JSON-lines exporter the same way the csv writer does"],
             "On Lua 5.3+ tostring() of a float with an integral value gives \"3.0\" (integer "
             "and float subtypes) while 5.1, 5.2 and LuaJIT give \"3\"; whinchat's writer "
             "formats numbers with string.format(\"%.14g\", v) so output is the same on every "
             "version (#108).",
             {"symptom": "matrix is red on 5.3 and 5.4 only, after @wkoh's number formatting PR "
                         "(#108). 5.1, 5.2 and luajit pass",
              "trace": "Run .lua/bin/busted -o utfTerminal\n●●●●●●●●●●●●●●◼●●●●●●●●●●●●●●●●"
                       "●●●●●●●●●●\n41 successes / 1 failure / 0 errors / 0 pending : 0.052 "
                       "seconds\n\nFailure → spec/writer_spec.lua @ 63\nwriter writes integral "
                       "numbers without a decimal point\nspec/writer_spec.lua:66: Expected "
                       "objects to be equal.\nPassed in:\n(string) 'id,qty\\n7,3.0\\n'\n"
                       "Expected:\n(string) 'id,qty\\n7,3\\n'\nError: Process completed with "
                       "exit code 1.",
              "probe": [bash("gh pr diff 108 | grep '^+' | grep -v '^+++'",
                             "+      local v = row[i]\n+      if type(v) == \"number\" then v = "
                             "tostring(v) end"),
                        grep("qty", ["spec/writer_spec.lua"])],
              "explain": "Since Lua 5.3 numbers have an integer and a float subtype, and "
                         "tostring(3.0) is \"3.0\" there, while 5.1, 5.2 and LuaJIT print "
                         "\"3\". The spec's qty comes out of arithmetic as a float (6 / 2), so "
                         "5.3 and 5.4 write 3.0. The writer shouldn't rely on tostring for "
                         "numbers: string.format(\"%.14g\", v) gives 3 on every version and "
                         "keeps 14 significant digits for real fractions.",
              "told": "oh, the 5.3 float subtype thing — tostring(3.0) is '3.0' there. format "
                      "it with %.14g",
              "fix": [edit(writer,
                           "      if type(v) == \"number\" then v = tostring(v) end\n",
                           "      if type(v) == \"number\" then v = string.format(\"%.14g\", v) "
                           "end\n"),
                      bash(".lua/5.4/bin/busted spec/writer_spec.lua && .lua/5.1/bin/busted "
                           "spec/writer_spec.lua",
                           "42 successes / 0 failures / 0 errors / 0 pending : 0.049 seconds\n"
                           "42 successes / 0 failures / 0 errors / 0 pending : 0.051 seconds")],
              "done": "The writer formats numbers with %.14g now; writer_spec passes on 5.4 and "
                      "5.1, and #108's checks should go green on all five.",
              "ref": ("pr", 108),
              "title": "3.0 instead of 3 on Lua 5.3 and later"}),
        Fact("gotcha-bom", "gotcha", ["\\239\\187\\191"],
             ["the first column's header lookup returns nil for files saved from excel but works "
              "for libreoffice files — why?",
              "what invisible bytes does Excel put at the start of its UTF-8 CSV exports?"],
             "Excel's \"CSV UTF-8\" export starts with a UTF-8 byte-order mark (EF BB BF, "
             "\"\\239\\187\\191\" in a Lua string), which whinchat's reader glued onto the first "
             "header so row.<first column> was nil (#111); the reader now strips a leading "
             "BOM.",
             {"symptom": "issue #111 — excel exports. row.name is nil, only for the first column",
              "trace": "Reading a file saved from Excel as \"CSV UTF-8 (Comma delimited)\":\n\n"
                       "    local whinchat = require \"whinchat\"\n    for row in "
                       "whinchat.rows(\"members.csv\", { header = true }) do\n      "
                       "print(row.name, row.email)\n    end\n\nprints `nil  ana@example.org` "
                       "for every row. `row.email` works. A file saved from LibreOffice works. "
                       "whinchat 1.4.0, Lua 5.4.",
              "probe": [bash("head -c 16 spec/fixtures/excel-utf8.csv | od -c | head -1",
                             "0000000 357 273 277   n   a   m   e   ,   e   m   a   i   l  \\n"
                             "   7"),
                        bash("lua -e 'local r = require(\"whinchat\").reader(io.open(\"spec/"
                             "fixtures/excel-utf8.csv\")); for _, h in ipairs(r:headers()) do "
                             "print((\"%q\"):format(h)) end'",
                             "\"\\239\\187\\191name\"\n\"email\"")],
              "explain": "Excel's \"CSV UTF-8\" starts the file with a byte-order mark, EF BB BF "
                         "— \"\\239\\187\\191\" in a Lua string — and the reader treats those "
                         "three bytes as part of the first header, so the column is called "
                         "\"\\239\\187\\191name\" and row.name is nil. The reader has to drop a "
                         "leading BOM from the first chunk before parsing.",
              "told": "ugh, excel and its BOM. the first header gets the bom bytes glued on, "
                      "right?",
              "fix": [edit(reader, "  local chunk = self.source:read(CHUNK)\n",
                           "  local chunk = self.source:read(CHUNK)\n  if self.first and chunk "
                           "and chunk:sub(1, 3) == \"\\239\\187\\191\" then\n    chunk = "
                           "chunk:sub(4)\n  end\n  self.first = false\n"),
                      bash(".lua/5.4/bin/busted spec/reader_spec.lua",
                           "33 successes / 0 failures / 0 errors / 0 pending : 0.038 "
                           "seconds")],
              "done": "The reader strips a leading UTF-8 BOM now; row.name works on the Excel "
                      "fixture and there's a spec for it.",
              "ref": ("issue", 111),
              "title": "first column nil on Excel exports"}),
        Fact("fals-lpeg", "falsified", ["LPeg"],
             ["would you take a PR that makes parsing faster with a C-backed grammar library?",
              "why is the parser a hand-written byte loop instead of a proper grammar library?"],
             "An LPeg-based field splitter in whinchat 1.2.0 (3x faster) was reverted in 1.2.1: "
             "LPeg is a C module, Windows users without a compiler couldn't install the rock "
             "and pure-Lua hosts like Defold couldn't load it (#71, #73); whinchat stays pure "
             "Lua.",
             {"ask": "the reader is slow on big files. rewrite the field splitter with lpeg? "
                     "should be way faster",
              "change": [edit("rockspecs/whinchat-scm-1.rockspec", "dependencies = {\n",
                              "dependencies = {\n   \"lpeg >= 1.1\",\n"),
                         edit(reader, "local M = {}\n",
                              "local lpeg = require \"lpeg\"\nlocal P, C, Cs, Ct = lpeg.P, "
                              "lpeg.C, lpeg.Cs, lpeg.Ct\n\nlocal M = {}\n")],
              "broke": bash("git push -q origin lpeg-splitter && gh workflow run test.yml --ref "
                            "lpeg-splitter && sleep 120 && gh run view --log-failed | tail -4",
                            "test (windows-latest, 5.4)  Install deps  Installing https://"
                            "luarocks.org/lpeg-1.1.0-2.src.rock\ntest (windows-latest, 5.4)  "
                            "Install deps  'cl' is not recognized as an internal or external "
                            "command\ntest (windows-latest, 5.4)  Install deps  Error: Build "
                            "error: Failed compiling object lpcap.obj\ntest (windows-latest, "
                            "5.4)  Install deps  Process completed with exit code 1.", 1),
              "revert": bash("git checkout -- rockspecs/whinchat-scm-1.rockspec whinchat/"
                             "reader.lua && git push -q origin --delete lpeg-splitter", ""),
              "conclusion": "Reverted. The LPeg splitter is about 3x faster on Linux, but LPeg "
                            "is a C module: the Windows job can't even install it without a "
                            "compiler, and hosts that embed plain Lua with no C modules (Defold "
                            "and similar game engines) can't load it at all. Being pure Lua is "
                            "the point of whinchat, so the splitter stays hand-written.",
              "want": "the reader is slowish on million-row files. would a pattern-grammar "
                      "library speed it up a lot?",
              "offer": "LPeg would do it: a small grammar for quoted and unquoted fields is "
                       "usually several times faster than the byte loop. It adds a dependency "
                       "on the lpeg rock. Want me to try it?",
              "story": "we shipped an LPeg splitter in 1.2.0 — 3x faster — and then windows "
                       "users without a compiler couldn't install the rock and everyone "
                       "embedding whinchat in defold or other pure-lua hosts couldn't load it "
                       "at all (#71, #73). 1.2.1 went back to pure lua",
              "request": (115, "oskar-ln", "Use LPeg for parsing?",
                          "For a 1M-row file whinchat takes ~5 s, an LPeg-based parser takes "
                          "~1.5 s. Would you accept a PR that uses LPeg?")}),
        Fact("fals-cjson", "falsified", ["cjson"],
             ["could a row answer to both its column name and its position at the same time?",
              "someone wants rows to behave as arrays and as dicts at once — any history "
              "there?"],
             "Returning whinchat rows with an __index metatable so both row.name and row[1] "
             "work was tried in 1.3.0 and reverted in 1.3.1: lua-cjson and other "
             "pairs()-based encoders saw plain arrays and the field names vanished (#97).",
             {"ask": "rows as plain tables are awkward. make each row support both row.name and "
                     "row[1] via a metatable, so people don't have to pick header mode",
              "change": [edit(reader, "  return fields\n",
                              "  return setmetatable(fields, { __index = function(t, k)\n    "
                              "local i = self.header_index[k]\n    return i and rawget(t, i)\n  "
                              "end })\n")],
              "broke": bash(".lua/5.4/bin/busted spec/interop_spec.lua",
                            "●◼●\n2 successes / 1 failure / 0 errors / 0 pending : 0.019 "
                            "seconds\n\nFailure → spec/interop_spec.lua @ 12\ninterop rows "
                            "round-trip through lua-cjson as objects\nspec/interop_spec.lua:18: "
                            "Expected objects to be equal.\nPassed in:\n(string) '[\"7\",\"Ana\","
                            "\"ana@example.org\"]'\nExpected:\n(string) '{\"email\":\"ana@"
                            "example.org\",\"id\":\"7\",\"name\":\"Ana\"}'", 1),
              "revert": bash(f"git checkout -- {reader}", ""),
              "conclusion": "Reverted. With the metatable a row's real contents are its array "
                            "part, so lua-cjson — and anything else that walks the table with "
                            "pairs — sees an array and the field names vanish; the interop spec "
                            "shows an object turning into a list. Header mode keeps returning "
                            "plain keyed tables.",
              "want": "people keep asking for both row.name and row[1] on the same row. can we "
                      "give them both?",
              "offer": "A metatable whose __index maps header names to positions would give "
                       "both without copying anything. Shall I add it?",
              "story": "we did that with an __index metatable in 1.3.0 and it broke everybody "
                       "who json-encodes rows — cjson saw plain arrays and the field names "
                       "disappeared from their APIs (#97). reverted in 1.3.1",
              "request": (118, "ffaure", "Access fields by name and by index",
                          "It'd be great if rows supported both `row.name` and `row[2]`, so I "
                          "don't have to choose between `header = true` and not.")}),
    ]
    detours = [
        ("unrelated: what's the difference between `#t` and `select('#', ...)` in Lua?",
         "#t is the length of a table's sequence part and is unreliable with holes (nils); "
         "select('#', ...) counts the actual arguments passed to a vararg function, trailing "
         "nils included."),
        ("quick: a user asks if whinchat can write TSV. can it?",
         "Yes — pass { delimiter = \"\\t\" } to the writer; the quoting rules stay the same, "
         "fields containing tabs get quoted."),
        ("side thing: how do I make a GitHub issue form with a required 'Lua version' "
         "dropdown?",
         "Create .github/ISSUE_TEMPLATE/bug.yml with a `dropdown` element, list the versions "
         "under attributes.options, and set validations: required: true."),
    ]
    noise: list[Episode] = [
        run("luacheck before i push", "luacheck whinchat spec",
            "Checking whinchat/init.lua                        OK\nChecking whinchat/reader.lua "
            "                     1 warning\n\n    whinchat/reader.lua:142:11: unused variable "
            "'len'\n\nChecking whinchat/writer.lua                      OK\n\nTotal: 1 warning "
            "/ 0 errors in 14 files",
            "One warning: an unused local `len` at reader.lua:142. Delete it and luacheck is "
            "clean."),
        talk("someone in discussions asks how quoting works in RFC 4180, in plain words",
             "A field that contains a comma, a double quote or a line break is wrapped in "
             "double quotes, and any double quote inside it is doubled (\"\" ). Everything else "
             "can be written bare. whinchat follows that when writing and accepts it when "
             "reading."),
        tweak("README typo: 'seperator'", "README.md",
              "Pass `delimiter` to use a different seperator.",
              "Pass `delimiter` to use a different separator.",
              "Fixed the README typo."),
        [Step(prompt="macos leg failed on main, no code changed. log:\n\n```\nRun leafo/"
                     "gh-actions-lua@v10\n  with:\n    luaVersion: 5.4\nDownloading "
                     "https://www.lua.org/ftp/lua-5.4.7.tar.gz\ncurl: (28) Failed to connect "
                     "to www.lua.org port 443 after 75012 ms: Couldn't connect to server\n"
                     "Error: The process 'curl' failed with exit code 28\n```"),
         Step(text="That's the setup step failing to download the Lua source from lua.org — a "
                   "network timeout on the runner, before any of our code ran. Nothing to fix "
                   "here; re-run the failed job.",
              tools=[bash("gh run rerun --failed $(gh run list -b main -L1 --json databaseId "
                          "-q '.[0].databaseId')", "✓ Requested rerun of failed jobs")]),
         Step(text="Re-run requested for the failed job.")],
        steps("what's open?",
              [bash("gh issue list",
                    "#111  First column nil on Excel exports         bug       1d\n#109  "
                    "Option to trim whitespace around fields      feature   6d\n#104  Docs: "
                    "streaming example for large files         docs      2w")],
              "Three open issues: #111 (a bug with Excel exports), #109 (a request for field "
              "trimming) and #104 (a docs request for a streaming example)."),
        [Step(prompt="add a `trim` option to the reader"),
         Step(text="Looking at how options are parsed in the reader."),
         Step(prompt=_INTERRUPTED),
         Step(prompt="actually wait for the person who asked in #109 to send the PR, they "
                     "offered"),
         Step(text="Fine — leaving #109 to them.")],
        [Step(prompt="what's left before 1.5.0? make me a list"),
         Step(tools=[todo_write([("Merge #102 (faster field splitting)", "pending",
                                  "Merging #102"),
                                 ("Fix #111 (Excel exports)", "pending", "Fixing #111"),
                                 ("CHANGELOG entry for 1.5.0", "pending",
                                  "Writing the CHANGELOG entry"),
                                 ("Add rockspecs/whinchat-1.5.0-1.rockspec", "pending",
                                  "Adding the 1.5.0 rockspec")])]),
         Step(text="Four things: merge #102, fix the Excel bug (#111), write the CHANGELOG "
                   "entry and add the 1.5.0 rockspec. #109 (trim) can wait for 1.6.")],
        find("where do we read files line by line? someone says we use io.lines and that breaks "
             "quoted newlines", "io.lines",
             ["spec/helpers.lua"],
             "Only the spec helpers use io.lines (to load fixtures). The reader itself reads "
             "fixed-size chunks, so quoted newlines inside a field are handled."),
        look("explain how the writer decides to quote a field", writer,
             "local M = {}\n\nlocal function needs_quotes(s, delim)\n  return s:find('[\"\\r\\n"
             "]') or s:find(delim, 1, true)\nend\n\nfunction M.field(s, delim)\n  if "
             "needs_quotes(s, delim) then\n    return '\"' .. s:gsub('\"', '\"\"') .. '\"'\n  "
             "end\n  return s\nend\n\nreturn M\n",
             "A field is quoted when it contains a double quote, a CR, an LF or the delimiter "
             "(searched as plain text). Quoting doubles every inner double quote and wraps the "
             "field in quotes; anything else is written as is."),
        [Step(prompt="summarise what users have asked for in the last 3 months of issues"),
         Step(tools=[agent("Summarise recent feature requests",
                           "Read issues opened in the last 3 months and group the feature "
                           "requests.",
                           "Requests since June: field trimming (#109), a streaming example in "
                           "the docs (#104), TSV/other delimiters (answered: already "
                           "supported), a row count without parsing (#99, closed as "
                           "won't-fix). Bugs: Excel exports (#111).",
                           "e5a20c7f93b1", "Explore", 7)]),
         Step(text="Mostly small things: trimming (#109), a streaming docs example (#104), "
                   "questions about delimiters (already supported) and one won't-fix (#99, "
                   "row count without parsing). One bug, the Excel one (#111).")],
    ]
    return Project(
        "whinchat", f"git@github.com:{repo}.git",
        {"README.md": "# whinchat\n\nA pure-Lua CSV reader and writer.\n",
         "whinchat/init.lua": "return require(\"whinchat.reader\")\n"},
        _equip(facts, repo=repo, detours=detours,
               notes=("docs/known-issues.md", "## Known issues\n\n")),
        noise, "github")


def projects() -> list[Project]:
    return [spindrift(), peatlink(), tormentil(), whinchat()]
