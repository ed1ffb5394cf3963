"""The ``dev6`` split: four projects in stacks no other split uses (a Clojure web API on
deps.edn with Integrant, Reitit and next.jdbc, tested with Kaocha and hosted on Fly.io; an OCaml
command-line tool built with dune in a local opam switch, with a Menhir grammar and a
js_of_ocaml playground; Solidity contracts built with Foundry and deployed behind UUPS proxies
on Base; a dbt project on BigQuery, linted with sqlfluff and run by Dagster), ten planted facts
each, and phrasing templates of its own.

Written in the sixth pass as an untuned reading of the system as it stands, by someone who had
not read how capture or recall work: its facts are said the ways the other splits never say them
(a rule given after the user interrupts the assistant mid-edit, a rule dictated by voice with
the punctuation lost, a rule with the war story behind it, a rule in a session's opening ground
rules or in a colleague's pasted review comment; a command dug out of the user's shell history,
read off a pasted CI log, corrected when the user repeats it back wrongly, or run by the user
in Claude Code's ``!`` bash mode; an environment fact the user probed in bash mode, carried
across a context compaction summary, that differs from the defaults of the user's other
repositories, or needed for a security questionnaire; a gotcha found by ``git bisect``, brought
in as an issue from the tracker, investigated overnight into a notes file, or fenced off with a
warning comment at the fix; an approach from a blog post, written up as a rejected decision
record, judged on a colleague's pull request, or tried to answer product's "why don't we
just...").

Slots are the shared ones (``templates.py``) plus: for a convention, ``why`` (the story behind
the rule, in the user's words); for an environment fact, ``short`` (a terse one-line answer);
for a gotcha, ``culprit`` (the subject of the commit that brought the bug in) and ``guard`` (the
one-line warning comment left at the fix); for a falsified approach, ``pain`` (the complaint
that invites it) and ``idea`` (the approach in a phrase). Commands may carry an optional
``fail2`` (a second failed attempt).
"""

from __future__ import annotations

import random
import re

from .templates import cap
from .transcript import Tool, bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

# Colleagues named in prompts (who reviewed, who opened a pull request, who asks from product).
COLLEAGUES = ("Noor", "Emeka", "Saoirse", "Jun", "Valentina", "Piotr")

_SLIPS = ((" you ", " yuo "), (" have ", " ahve "), (" know ", " konw "),
          (" about ", " abuot "), (" before ", " befroe "), (" it ", " ti "))


def _slip(text: str, rng: random.Random) -> str:
    """Typed on the way to a meeting: one common word transposed (never an identifier)."""
    slips = list(_SLIPS)
    rng.shuffle(slips)
    for good, bad in slips:
        if good in text:
            return text.replace(good, bad, 1)
    return text


def _dictated(text: str) -> str:
    """Voice dictation as it lands in the prompt box: lower case, no backticks, and the
    punctuation between words dropped."""
    text = text.replace("`", "")
    text = re.sub(r"[.,;:!?]+(\s|$)", r"\1", text)
    return text.lower().strip()


def _sha(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _bare(command: str) -> str:
    """A command without what trimmed its output for the session (`| tail -3`)."""
    return command.split(" | ")[0].split(" && cat ")[0].removesuffix(" 2>&1")


def _slug(text: str, n: int = 48) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:n].rstrip("-")


def _subject(task: str) -> str:
    """A commit subject made from the request (its first words)."""
    words = task.replace("`", "").split()
    return " ".join(words[:8]).rstrip(",.:;-")


def _comment(path: str, text: str) -> str:
    """``text`` as a one-line comment in the language of ``path``."""
    if path.endswith((".clj", ".cljc", ".edn")):
        return f";; {text}"
    if path.endswith((".ml", ".mli", ".mly")):
        return f"(* {text} *)"
    if path.endswith((".sol", ".ts", ".js")):
        return f"// {text}"
    if path.endswith(".sql"):
        return f"-- {text}"
    if path.endswith("dune"):
        return f"; {text}"
    return f"# {text}"


def _as_shell(tool: Tool) -> tuple[str, str, int]:
    """A probe as the user would type it in a shell: (command, output, exit code)."""
    if tool.name == "Read":
        return f"cat {tool.path}", tool.output, 0
    if tool.name == "Grep":
        return f"grep -rl '{tool.pattern}' .", tool.output, 0
    return tool.command, tool.output, tool.exit_code


def _bang(tool: Tool) -> Episode:
    """The user runs ``tool`` in Claude Code's bash mode (`!`): the command and its output land
    in the conversation as the user's own messages."""
    command, output, code = _as_shell(tool)
    stdout, stderr = ("", output) if code else (output, "")
    return [Step(prompt=f"<bash-input>{command}</bash-input>"),
            Step(prompt=f"<bash-stdout>{stdout}</bash-stdout><bash-stderr>{stderr}"
                        f"</bash-stderr>")]


# ------------------------------------------------------------------- phrasing templates
# Conventions: given after the user interrupts the assistant mid-edit, dictated by voice, told
# with the war story behind it, listed in the session's opening ground rules, or quoted from a
# colleague's review comment on an earlier pull request.
def conv_interrupted(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    if not contrary:
        return conv_ground_rules(s, rng)
    return [Step(prompt=cap(s["task"])),
            Step(text="Making the change.", tools=[contrary]),
            Step(prompt="[Request interrupted by user]"),
            Step(prompt=_slip(f"sorry, had to stop you there - {s['rule']}. redo that part",
                              rng)),
            Step(text="Understood - redoing it that way.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_dictated(s: dict, rng: random.Random) -> Episode:
    said = _dictated(f"okay so {s['task']} and um one thing {s['rule']} yeah that's just how "
                     f"we do it in this repo")
    return [Step(prompt=said),
            Step(text=f"Let me check the dictation came through right. The task: "
                      f"{s['task']}. The rule: {s['rule']}. Going ahead on that basis.",
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_war_story(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_slip(f"{cap(s['task'])}. and one rule that isn't up for debate: "
                              f"{s['rule']}. ask me about it over a beer sometime - short "
                              f"version, {s['why']}", rng)),
            Step(text="That's a good reason to be strict about it. Following it.",
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_ground_rules(s: dict, rng: random.Random) -> Episode:
    subject = _subject(s["task"])
    return [Step(prompt=f"ground rules for today's session:\n- don't push anything, I push "
                        f"myself\n- one commit per change\n- {s['rule']}\n\nfirst up: "
                        f"{s['task']}"),
            Step(tools=s["follow"]), Step(text=s["done"]),
            Step(prompt="commit that"),
            Step(tools=[bash(f"git add -A && git commit -qm \"{subject}\" && git log "
                             f"--oneline -1", f"{_sha(rng)} {subject}")]),
            Step(text="Committed; nothing pushed.")]


def conv_pasted_review(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    paths = [t.path for t in [s.get("contrary"), *s["follow"]] if t is not None and t.path]
    where = paths[0] if paths else "the diff"
    return [Step(prompt=f"{who} left this on my last PR and it goes for everything from now "
                        f"on:\n\n> **{who}** commented on `{where}`\n> {cap(s['rule'])}. Can "
                        f"we stick to that going forward?\n\nso keep to that. next thing: "
                        f"{s['task']}"),
            Step(tools=s["follow"]), Step(text=s["done"]),
            Step(prompt=f"would {who} be happy with that one?"),
            Step(text="Yes - it keeps to the rule from the review comment, and nothing in the "
                      "change goes the other way.")]


# Commands: dug out of the user's shell history, read off a CI log the user pastes, corrected
# when the user repeats it back wrongly, or run by the user in bash mode (`!`).
def cmd_shell_history(s: dict, rng: random.Random) -> Episode:
    fail, ok = s["fail"], s["ok"]
    good = _bare(ok.command)
    word = good.split()[0]
    stamp = rng.randrange(1_715_000_000, 1_728_000_000)
    line = rng.randrange(20_000, 60_000)
    history = []
    for offset, command in ((0, _bare(fail.command)), (96, good), (131, "git status")):
        if word in command:
            history.append(f"{line + len(history)}:: {stamp + offset}:0;{command}")
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[fail])]
    if s.get("fail2"):
        steps.append(Step(text="Trying a variant.", tools=[s["fail2"]]))
    steps += [Step(prompt=_slip("wait, I know I had this working a few weeks ago. it'll be in "
                                "my zsh history - look there before you guess more", rng)),
              Step(tools=[bash(f"grep -a -n '{word}' ~/.zsh_history | tail -4",
                               "\n".join(history))]),
              Step(text=f"Found it: a few weeks ago you ran `{good}`. {s['note']}",
                   tools=[ok]),
              Step(text=s["done"])]
    return steps


def cmd_pasted_ci_log(s: dict, rng: random.Random) -> Episode:
    ok = s["ok"]
    good = _bare(ok.command)
    day, hour, minute = rng.randrange(4, 28), rng.randrange(6, 10), rng.randrange(10, 40)
    second = rng.randrange(0, 20)
    lines = [f"##[group]Run {good}", good, "shell: /usr/bin/bash -e {0}", "##[endgroup]",
             *ok.output.splitlines()[-4:]]
    fractions = sorted(rng.randrange(1_000_000, 9_999_999) for _ in lines)
    log = []
    for i, line in enumerate(lines):
        second += 0 if i < 4 else rng.randrange(1, 9)
        log.append(f"2024-11-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}."
                   f"{fractions[i]}Z {line}")
    block = "\n".join(log)
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(tools=[s["fail2"]]))
    steps += [Step(text="Neither of those works here as they stand." if s.get("fail2")
                   else "That doesn't work here as it stands."),
              Step(prompt=f"weird, CI does this on every push and it's green. here's the step "
                          f"from this morning's run:\n```\n{block}\n```\nwhat's it doing that "
                          f"we aren't?"),
              Step(text=f"CI doesn't run what I ran - it runs `{good}`. {s['note']}",
                   tools=[ok]),
              Step(text=s["done"])]
    return steps


def cmd_teach_back(s: dict, rng: random.Random) -> Episode:
    fail, ok = s["fail"], s["ok"]
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[fail])]
    if s.get("fail2"):
        steps.append(Step(tools=[s["fail2"]]))
    steps += [Step(text=s["note"], tools=[ok]), Step(text=s["done"]),
              Step(prompt=_slip(f"ok. so next time I just run `{_bare(fail.command)}` again and "
                                f"it'll work now that you fixed whatever it was?", rng)),
              Step(text=f"No - nothing was broken, that invocation fails the same way every "
                        f"time. Next time run `{_bare(ok.command)}` directly."),
              Step(prompt="got it, thanks"), Step(text="Any time.")]
    return steps


def cmd_bang_mode(s: dict, rng: random.Random) -> Episode:
    good = _bare(s["ok"].command)
    steps: Episode = list(_bang(s["fail"]))
    steps += [Step(prompt=f"^ {s['goal']} - that's what I get"),
              Step(text=f"{s['note']} So in your terminal: `{good}`."),
              *_bang(s["ok"]),
              Step(prompt="there we go"), Step(text=s["done"])]
    return steps


# Environment facts: probed by the user in bash mode, carried over a context compaction summary,
# different from the defaults of the user's other repositories, or needed for a security
# questionnaire.
def env_bang_mode(s: dict, rng: random.Random) -> Episode:
    steps: Episode = []
    for tool in s["probe"]:
        steps += _bang(tool)
    steps += [Step(prompt=f"poked around myself first, output's above. {s['goal']}"),
              Step(text=cap(s["confirm"]))]
    return steps


def env_after_compact(s: dict, rng: random.Random) -> Episode:
    summary = (
        "This session is being continued from a previous conversation that ran out of context. "
        "The conversation is summarized below:\nAnalysis:\nThe conversation was a run of small "
        "maintenance requests in this repository; nothing is left half-done.\n\nSummary:\n1. "
        "Primary Request and Intent:\n   The user asked for a series of small fixes and checks "
        "and reviewed each before moving on.\n2. Key Technical Concepts:\n   - Looked up once "
        f"early on and not re-verified since: {s['short']}\n3. Files and Code Sections:\n   - "
        "No files modified in the last part of the conversation.\n4. Pending Tasks:\n   - "
        f"Re-check and answer: {s['goal']}\n\nPlease continue the conversation from where we "
        "left it off without asking the user any further questions. Continue with the last "
        "task that you were asked to work on.")
    return [Step(prompt=summary),
            Step(text="Picking up the pending question. The summary has an answer, but it "
                      "was never re-checked, so I'll verify it.", tools=s["probe"]),
            Step(text=cap(s["confirm"])),
            Step(prompt="ok good, so the summary was right"),
            Step(text="It was - and it's confirmed against the live setup now.")]


def env_not_the_default(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_slip(f"{s['goal']} - every other repo I have just uses the defaults "
                              f"for this, so I assumed this one does too", rng)),
            Step(tools=s["probe"]),
            Step(text=f"This one doesn't. {cap(s['confirm'])}"),
            Step(prompt="huh. ok, good to know"),
            Step(text="Worth keeping in mind for this repo - it's the odd one out.")]


def env_questionnaire(s: dict, rng: random.Random) -> Episode:
    whose = rng.choice(("the insurer's", "a funder's", "the auditor's", "a partner's"))
    return [Step(prompt=f"filling in {whose} security questionnaire and one of the questions "
                        f"comes down to this: {s['goal']}"),
            Step(tools=s["probe"]), Step(text=cap(s["confirm"])),
            Step(prompt="give me a one-liner I can paste into the form"),
            Step(text=f"{cap(s['short'])}.")]


# Gotchas: found with git bisect, brought in as an issue from the tracker, investigated
# overnight into a notes file, or fenced off with a warning comment at the fix.
def gotcha_bisect(s: dict, rng: random.Random) -> Episode:
    first = next((t for t in s["probe"] if t.name == "Bash"), None)
    check = first.command if first else "./scripts/check.sh"
    who = rng.choice(COLLEAGUES)
    full = _sha(rng, 40)
    repro = (f"#!/usr/bin/env bash\n# exits non-zero while the bug is there: {s['symptom']}\n"
             f"set -euo pipefail\n{check}\n")
    out = (f"Bisecting: 19 revisions left to test after this (roughly 4 steps)\n...\n{full} is "
           f"the first bad commit\ncommit {full}\nAuthor: {who} <{who.lower()}@users.noreply."
           f"github.com>\nDate:   Thu Oct {rng.randrange(2, 28)} {rng.randrange(9, 18)}:"
           f"{rng.randrange(10, 59)}:{rng.randrange(10, 59)} 2024 +0200\n\n    "
           f"{s['culprit']}\n\nbisect found first bad commit")
    return [Step(prompt=f"{s['symptom']}. it worked a month ago - can you bisect it?"),
            Step(text="I'll write a small repro script and let git bisect drive it.",
                 tools=[write("/tmp/repro.sh", repro),
                        bash("chmod +x /tmp/repro.sh && git bisect start HEAD HEAD~40 && git "
                             "bisect run /tmp/repro.sh | tail -9 && git bisect reset", out)]),
            Step(text=f"The first bad commit is \"{s['culprit']}\". Now to why it broke "
                      f"things.", tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"])]


def gotcha_issue_report(s: dict, rng: random.Random) -> Episode:
    number = rng.randrange(40, 400)
    title = " ".join(s["symptom"].replace("`", "").split()[:9]).rstrip(",.:;-")
    return [Step(prompt=f"new issue #{number} from the tracker:\n\n> ### {cap(title)}\n> "
                        f"{cap(s['symptom'])}.\n>\n> **Expected:** works like it did before.\n"
                        f"> **Seen on:** main @ {_sha(rng)}\n\ncan you take this one?"),
            Step(text="Taking it. Reproducing first.", tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"]),
            Step(prompt=f"great. write the closing comment for #{number}"),
            Step(text=f"Fixed on main, thanks for the report. What was going on: "
                      f"{s['explain']}")]


def gotcha_overnight(s: dict, rng: random.Random) -> Episode:
    notes = (f"# {cap(s['symptom'])}\n\n## What's going on\n\n{s['explain']}\n\n## Status\n\n"
             f"Diagnosed, fix not applied yet.\n")
    return [Step(prompt=_slip(f"{s['symptom']}. I'm logging off - dig into it and leave notes in "
                              f"NOTES.md, don't change any code yet", rng)),
            Step(tools=s["probe"]),
            Step(tools=[write("NOTES.md", notes)]),
            Step(text="Notes are in NOTES.md; no code changed."),
            Step(prompt="morning. read your notes, agree. apply the fix"),
            Step(tools=s.get("fix", [])), Step(text=s["done"])]


def gotcha_guard_comment(s: dict, rng: random.Random) -> Episode:
    edits = [t for t in s.get("fix", []) if t.name == "Edit"]
    if not edits:
        return gotcha_issue_report(s, rng)
    last = edits[-1]
    indent = last.new[:len(last.new) - len(last.new.lstrip())]
    guarded = f"{indent}{_comment(last.path, s['guard'])}\n{last.new}"
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]), Step(text=s["done"]),
            Step(prompt="leave a comment right at the fix so nobody 'tidies it up' again later"),
            Step(tools=[edit(last.path, last.new, guarded)]),
            Step(text=f"Added a one-line warning above the fix in {last.path}.")]


# Falsified approaches: from a blog post, written up as a rejected decision record, judged on a
# colleague's pull request, or tried to answer product's "why don't we just...".
def fals_blog_post(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['pain']}. a blog post I read last night swears by {s['idea']}. "
                        f"let's try it: {s['ask']}"),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt="so much for the blog post. put it back"),
            Step(tools=[s["revert"]]), Step(text="Put back.")]


def fals_decision_record(s: dict, rng: random.Random) -> Episode:
    number = rng.randrange(7, 31)
    path = f"docs/adr/{number:04d}-reject-{_slug(s['idea'])}.md"
    record = (f"# {number}. Rejected: {s['idea']}\n\nStatus: rejected\n\n## Context\n\n"
              f"{cap(s['pain'])}.\n\n## What we tried\n\n{cap(s['idea'])}.\n\n## Outcome\n\n"
              f"{s['conclusion']}\n")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt="ok, revert. and write it up as an ADR so it stops getting proposed "
                        "every quarter"),
            Step(tools=[s["revert"], write(path, record)]),
            Step(text=f"Reverted, and written up as {path}.")]


def fals_colleague_pr(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    number = rng.randrange(100, 600)
    paths = sorted({t.path for t in s["change"] if t.path}) or ["(no file changes)"]
    branch = f"{who.lower()}/{_slug(s['idea'], 30)}"
    return [Step(prompt=f"{who} opened #{number}: {s['idea']}. before I review it, check it out "
                        f"and see whether it holds up"),
            Step(tools=[bash(f"gh pr checkout {number} && gh pr diff {number} --name-only",
                             f"Switched to branch '{branch}'\n" + "\n".join(paths))]),
            Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt=f"ok, that's my review on #{number} then. back to main please"),
            Step(tools=[bash("git checkout main", "Switched to branch 'main'\nYour branch is up "
                                                  "to date with 'origin/main'.")]),
            Step(text="Back on main.")]


def fals_product_asks(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=_slip(f"{who} from product keeps asking why we don't just go with "
                              f"{s['idea']}. give it an honest try so I have a real answer for "
                              f"them", rng)),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=f"{s['conclusion']} That's the answer for {who}."),
            Step(prompt="perfect, forwarding that. put everything back"),
            Step(tools=[s["revert"]]), Step(text="Everything's back as it was.")]


TEMPLATES = {
    "convention": [conv_interrupted, conv_dictated, conv_war_story, conv_ground_rules,
                   conv_pasted_review],
    "command": [cmd_shell_history, cmd_pasted_ci_log, cmd_teach_back, cmd_bang_mode],
    "environment": [env_bang_mode, env_after_compact, env_not_the_default, env_questionnaire],
    "gotcha": [gotcha_bisect, gotcha_issue_report, gotcha_overnight, gotcha_guard_comment],
    "falsified": [fals_blog_post, fals_decision_record, fals_colleague_pr, fals_product_asks],
}

# Everyday requests and questions in these stacks, ordered so that each is asked from the
# project it fits (prompt i goes to project i % 4): the first four are about those projects (a
# most-borrowed list, a new stitch, a share-change event, a keg-size column) without needing
# anything stored about them.
UNRELATED = [
    "add an endpoint that lists the five most borrowed tools this month",
    "add the m1l (make one left) increase to the abbreviations table",
    "add an event that's emitted whenever a member's share count changes",
    "add a column with the keg size in litres to dim_beers",
    "what's the difference between a vector and a list in Clojure?",
    "explain what a functor is in OCaml, with a tiny example",
    "what's the difference between memory and calldata in Solidity?",
    "what's the difference between a view and a table in BigQuery, cost-wise?",
    "write a transducer that keeps only the even numbers and squares them",
    "write an OCaml function that reverses the order of the words in a string",
    "write a minimal ERC-721 contract with a fixed maximum supply",
    "write a SQL query that returns the top three beers by revenue for each month",
    "explain what a Clojure protocol is in two sentences",
    "what does the rec keyword do in OCaml?",
    "explain reentrancy attacks to someone who isn't a developer",
    "explain the difference between a left join and an inner join with an example",
    "how do I undo my last commit but keep the changes?",
    "write a limerick about a knitting robot",
    "draft a short newsletter blurb for the co-op's winter update",
    "suggest a name for our new pale ale",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "borrowbox": [
        "how do members get verified?",
        "where are tool categories defined?",
        "which tools need a safety briefing before they can be borrowed, and where is that flag "
        "stored?",
        "is it ok to let a member hold more than three tools at once, or is there a limit "
        "somewhere?",
        "should deposits for expensive tools be taken when the loan starts or only charged if "
        "the tool comes back damaged?",
    ],
    "purlwise": [
        "how are colourwork charts handled?",
        "where are yarn weights defined?",
        "which sizes can a pattern declare, and how does the chart pick the stitches for each "
        "size?",
        "is it ok to mix UK and US stitch terms in one pattern, or should the parser insist on "
        "one?",
        "should patterns knitted in the round chart every row right to left, and where would "
        "that flag live?",
    ],
    "sunshare": [
        "how are meter readings submitted?",
        "where does the front end live?",
        "what quorum does a governance proposal need, and is it counted in shares or in "
        "members?",
        "is it ok for members to transfer shares to each other, or are shares locked to the "
        "first wallet?",
        "should the price of a kWh credit live on-chain or stay in the co-op's billing system?",
    ],
    "brewtally": [
        "how is VAT handled in revenue?",
        "which dashboard tool reads the marts?",
        "how are wholesale keg customers matched to webshop accounts, and where does that "
        "mapping live?",
        "is it ok to expose customer email addresses in the webshop marts, or must they be "
        "hashed first?",
        "should happy-hour discounts be their own fact table or a column on the taproom sales "
        "fact?",
    ],
}


# ------------------------------------------------------------------- noise
def noise(tour: tuple[str, str, str], tidy: tuple[str, str, str], pr: tuple[str, str],
          todo: tuple[str, list[str]], rename: tuple[str, str, str, str, str],
          bump: tuple[str, str, str, str], chat: tuple[str, str]) -> list[Episode]:
    """The rest of the sessions: a file explained for a review, a formatter or check run, a PR
    description, a TODO count, a rename, a version bump, a bit of chat, signing off."""
    path, content, summary = tour
    what, cmd, out = tidy
    log, description = pr
    where, files = todo
    old, new, file, old_line, new_line = rename
    bfile, dep, bold, bnew = bump
    question, answer = chat
    return [
        [Step(prompt=f"I'm reviewing a PR that touches {path} - what's that file for?"),
         Step(tools=[read(path, content)]), Step(text=summary)],
        [Step(prompt=f"run {what} over everything"), Step(tools=[bash(cmd, out)]),
         Step(text="Nothing to change - all clean.")],
        [Step(prompt="draft a short PR description for this branch"),
         Step(tools=[bash("git log --oneline main..HEAD", log)]), Step(text=description)],
        [Step(prompt=f"how many TODOs are left under {where}?"),
         Step(tools=[grep("TODO", files)]),
         Step(text=f"{len(files)} files under {where} still have a TODO: "
                   f"{', '.join(files)}.")],
        [Step(prompt=f"{old} is a terrible name, call it {new}"),
         Step(tools=[grep(old, [file])]), Step(tools=[edit(file, old_line, new_line)]),
         Step(text=f"Renamed - `{old}` was only used in {file}.")],
        [Step(prompt=f"bump {dep} while we're at it"), Step(tools=[edit(bfile, bold, bnew)]),
         Step(text=f"Bumped {dep} in {bfile}.")],
        [Step(prompt=question), Step(text=answer)],
        [Step(prompt="ok, enough for today"),
         Step(text="Sounds good - everything is saved locally and nothing has been pushed.")],
    ]


# ------------------------------------------------------------------- projects
def borrowbox() -> Project:
    """A Clojure 1.12 API for a neighbourhood tool library: deps.edn, Integrant, Reitit and Ring,
    next.jdbc with HoneySQL on Postgres, an outbox table for emails, Kaocha, tools.build
    uberjars on Fly.io."""
    handlers = "src/borrowbox/http/handlers"
    facts = [
        Fact("conv-malli", "convention", ["malli"],
             ["how do I declare the shape of a request body for a new route here?",
              "is clojure.spec fine for validating the payload of the new waitlist endpoint?"],
             "Request and response schemas are malli vector schemas, registered in "
             "borrowbox.schema and used as reitit :parameters; no clojure.spec / s/def in new "
             "code.",
             {"rule": "schemas are malli - a vector schema registered in borrowbox.schema and "
                      "hooked in as the route's :parameters. no clojure.spec, no s/def in "
                      "anything new",
              "why": "we had spec and the other one side by side for a year and an endpoint "
                     "ended up validated against a stale spec nobody had touched since 2022",
              "task": "add an endpoint to extend a loan by a week, POST /loans/:id/extend, "
                      "with an optional note from the member",
              "follow": [edit("src/borrowbox/schema.clj", "(def LoanId\n  [:uuid])\n",
                              "(def LoanId\n  [:uuid])\n\n(def ExtendLoan\n  [:map\n   [:note "
                              "{:optional true} [:string {:max 280}]]])\n"),
                         edit("src/borrowbox/http/routes.clj",
                              "   [\"/loans/:id/return\" {:post {:handler loans/return!}}]\n",
                              "   [\"/loans/:id/extend\" {:post {:parameters {:path [:map [:id "
                              "schema/LoanId]]\n                                        :body "
                              "schema/ExtendLoan}\n                           :handler loans/"
                              "extend!}}]\n   [\"/loans/:id/return\" {:post {:handler loans/"
                              "return!}}]\n")],
              "contrary": edit(f"{handlers}/loans.clj",
                               "(defn extend! [{:keys [ds path-params body-params]}]\n",
                               "(s/def ::note (s/and string? #(<= (count %) 280)))\n(s/def "
                               "::extend-loan (s/keys :opt-un [::note]))\n\n(defn extend! "
                               "[{:keys [ds path-params body-params]}]\n  (when-not (s/valid? "
                               "::extend-loan body-params)\n    (throw (ex-info \"bad body\" "
                               "(s/explain-data ::extend-loan body-params))))\n"),
              "done": "POST /loans/:id/extend moves the due date out by seven days; the body is "
                      "checked against ExtendLoan, so a note over 280 characters gets a 400 "
                      "from the coercion middleware."}),
        Fact("conv-anomaly", "convention", ["anomaly"],
             ["what's the right way for a handler to answer 404 when a member doesn't exist?",
              "can I just return {:status 409 ...} from the reservations handler when there's "
              "a clash?"],
             "Handlers never build 4xx/5xx ring responses: they throw (ex-info msg "
             "{:anomaly/category :anomaly/conflict ...}) and the anomaly middleware maps the "
             "category to the HTTP status.",
             {"rule": "handlers never build a 4xx or 5xx ring response themselves - throw "
                      "(ex-info msg {:anomaly/category :anomaly/not-found}), or whichever "
                      "category fits, and the anomaly middleware turns it into the status code "
                      "and the error body",
              "why": "half our 404s used to be hand-built maps with three different body "
                     "shapes and the mobile app had to special-case every one of them",
              "task": "return a proper error when someone tries to reserve a tool that's "
                      "already out on loan",
              "follow": [edit(f"{handlers}/reservations.clj",
                              "  (let [tool (db.tools/by-id ds tool-id)]\n",
                              "  (let [tool (db.tools/by-id ds tool-id)]\n    (when (= :on-loan "
                              "(:tool/status tool))\n      (throw (ex-info \"Tool is out on "
                              "loan\"\n                      {:anomaly/category :anomaly/"
                              "conflict\n                       :tool/id tool-id\n             "
                              "          :tool/due-back (:tool/due-back tool)})))\n"),
                         read("src/borrowbox/http/middleware/errors.clj",
                              "(def category->status\n  {:anomaly/incorrect   400\n   :anomaly/"
                              "forbidden   403\n   :anomaly/not-found   404\n   :anomaly/"
                              "conflict    409\n   :anomaly/unavailable 503})\n")],
              "contrary": edit(f"{handlers}/reservations.clj",
                               "  (let [tool (db.tools/by-id ds tool-id)]\n",
                               "  (let [tool (db.tools/by-id ds tool-id)]\n    (if (= :on-loan "
                               "(:tool/status tool))\n      {:status 409\n       :body {:error "
                               "\"tool is on loan\"}}\n"),
              "done": "Reserving a tool that's out on loan throws a conflict; the middleware "
                      "answers 409 with the usual error body, including when the tool is due "
                      "back."}),
        Fact("cmd-kaocha", "command", ["bin/kaocha"],
             ["how are the Clojure tests meant to be run? -X:test just says no function found",
              "what's the command for the test suite that doesn't need a database?"],
             "Run the tests with `bin/kaocha unit` (Kaocha, suites in tests.edn; `integration` "
             "needs the compose Postgres); `clojure -X:test` has no exec-fn any more and there "
             "is no lein project.",
             {"goal": "run the tests, I touched the overdue fee calculation",
              "fail": bash("clojure -X:test", "No function found on command line or in "
                                              ":exec-fn", 1),
              "fail2": bash("lein test", "Couldn't find project.clj, which is needed for test",
                            1),
              "note": "The repo moved off the Cognitect test runner to Kaocha: the :test alias "
                      "only puts test/ and Kaocha on the classpath, and the entry point is the "
                      "bin/kaocha wrapper. tests.edn defines two suites - unit runs without a "
                      "database, integration needs the compose Postgres.",
              "ok": bash("bin/kaocha unit",
                         "[(........................................)(..................)]\n"
                         "42 tests, 187 assertions, 0 failures."),
              "done": "42 tests, 187 assertions, no failures - the overdue fee ones included."}),
        Fact("cmd-repl", "command", ["dev:cider"],
             ["which aliases do I need for an nREPL with the dev namespace loaded?",
              "how do I launch a REPL here that Calva can connect to?"],
             "Start the dev REPL with `clojure -M:dev:cider` (nREPL with cider middleware, "
             "writes .nrepl-port; then (go) in user starts the Integrant system); there is no "
             ":nrepl alias.",
             {"goal": "start a repl I can jack into from calva, with the dev system loaded",
              "fail": bash("timeout 20 clojure -M:nrepl",
                           "WARNING: Specified aliases are undeclared and are not being used: "
                           "[:nrepl]\nClojure 1.12.0\nuser=> ", 124),
              "note": "There's no :nrepl alias, so that was a plain REPL with neither nREPL nor "
                      "the dev namespace. deps.edn has :dev (adds dev/ with user.clj and "
                      "integrant.repl) and :cider (nREPL plus the cider-nrepl middleware); "
                      "together that's -M:dev:cider, and it writes .nrepl-port for Calva.",
              "ok": bash("clojure -M:dev:cider > /tmp/repl.log 2>&1 & sleep 25; cat "
                         "/tmp/repl.log .nrepl-port",
                         "nREPL server started on port 41277 on host localhost - "
                         "nrepl://localhost:41277\n41277"),
              "done": "nREPL is up on port 41277 and .nrepl-port is written. In Calva use "
                      "'Connect to a running REPL', then (go) in the user namespace starts the "
                      "Integrant system."}),
        Fact("env-fly", "environment", ["lend-shed-prod"],
             ["where is the live API hosted and what's it called there?",
              "what's the name of the production deployment I should point flyctl at?"],
             "Production runs on Fly.io as the app lend-shed-prod (primary region lhr, org "
             "tool-library); lend-shed-staging is suspended.",
             {"goal": "which fly app is production? I need the logs from this morning's failed "
                      "reminder run",
              "probe": [bash("fly apps list",
                             "NAME                              OWNER          STATUS      "
                             "LATEST DEPLOY\nlend-shed-prod                    tool-library   "
                             "deployed    2024-11-14T16:02:11Z\nlend-shed-staging               "
                             "  tool-library   suspended   2024-10-02T09:40:55Z\n"
                             "fly-builder-fragrant-river-4107   personal       suspended"),
                        bash("grep -n -E '^(app|primary_region)' fly.toml",
                             "1:app = 'lend-shed-prod'\n2:primary_region = 'lhr'")],
              "confirm": "production is the Fly app lend-shed-prod (primary region lhr) in the "
                         "tool-library org; lend-shed-staging still exists but has been "
                         "suspended since October. `fly logs -a lend-shed-prod` has this "
                         "morning's reminder run.",
              "short": "production is the Fly.io app lend-shed-prod (region lhr, org "
                       "tool-library)"}),
        Fact("env-jdk", "environment", ["temurin-21"],
             ["which Java version does the project expect?",
              "my shell is on JDK 17 - is that what the build wants?"],
             "The project runs on Java 21: temurin-21.0.4+7.0.LTS pinned in .tool-versions "
             "(asdf), and the Docker image is eclipse-temurin:21.",
             {"goal": "what JDK is this meant to run on? building the uberjar prints a pile of "
                      "warnings about class file versions",
              "probe": [bash("cat .tool-versions && java -version 2>&1 | head -1",
                             "java temurin-21.0.4+7.0.LTS\nclojure 1.12.0.1479\nopenjdk version "
                             "\"17.0.12\" 2024-07-16"),
                        bash("grep -n FROM Dockerfile", "1:FROM eclipse-temurin:21-jre-alpine")],
              "confirm": "the project is pinned to Java 21 - temurin-21.0.4+7.0.LTS in "
                         ".tool-versions - and the Dockerfile runs eclipse-temurin:21. Your "
                         "shell has JDK 17 active, which is where the class file warnings come "
                         "from; `asdf install` in the repo gets you the pinned one.",
              "short": "Java 21: temurin-21.0.4+7.0.LTS pinned in .tool-versions (asdf), image "
                       "eclipse-temurin:21"}),
        Fact("gotcha-lazy", "gotcha", ["doseq"],
             ["the job logs that it queued reminders, yet the outbox table stays empty",
              "why would database inserts silently never happen inside a transaction block?"],
             "Side effects over a collection use doseq (or run!), never map: map is lazy, so "
             "inserts inside with-transaction silently never ran (the overdue reminders queued "
             "nothing).",
             {"symptom": "the overdue reminder job says it queued 14 emails but nothing lands in "
                         "the outbox table, and there's no error anywhere",
              "probe": [read("src/borrowbox/jobs/reminders.clj",
                             "(defn queue-overdue-reminders! [ds now]\n  (jdbc/with-transaction "
                             "[tx ds]\n    (let [loans (db.loans/overdue tx now)]\n      (map #("
                             "db.outbox/insert! tx (reminder-email %)) loans)\n      (log/info "
                             "\"queued overdue reminders\" {:count (count loans)})\n      (count "
                             "loans))))\n"),
                        bash("psql \"$DEV_DATABASE_URL\" -c \"select count(*) from outbox where "
                             "kind = 'overdue'\"", " count \n-------\n     0\n(1 row)")],
              "explain": "The inserts sit inside a `map`, and map is lazy: nothing ever consumes "
                         "the sequence it returns, so db.outbox/insert! is never called - the "
                         "log line only counts the loans, and nothing throws because nothing "
                         "ran. Side effects over a collection need doseq (or run!), which are "
                         "eager, and they have to run inside with-transaction, before tx "
                         "closes.",
              "fix": [edit("src/borrowbox/jobs/reminders.clj",
                           "      (map #(db.outbox/insert! tx (reminder-email %)) loans)\n",
                           "      (doseq [loan loans]\n        (db.outbox/insert! tx "
                           "(reminder-email loan)))\n")],
              "culprit": "reminders: build the emails with map, tidier than the loop",
              "guard": "eager on purpose: a lazy map here never runs the inserts",
              "done": "Ran the job against the dev database again: 14 rows in outbox with kind "
                      "'overdue'."}),
        Fact("gotcha-halt", "gotcha", ["halt-key!"],
             ["the local database runs out of connections after a while of reloading code in "
              "the REPL",
              "why does Postgres say too many clients during a long REPL session?"],
             "Every Integrant key that opens a resource needs an ig/halt-key! that closes it; "
             "::pool had none, so each (reset) leaked a Hikari pool until Postgres refused "
             "connections.",
             {"symptom": "after a couple of hours of (reset) in the repl, postgres starts "
                         "refusing connections: FATAL: sorry, too many clients already",
              "probe": [bash("psql \"$DEV_DATABASE_URL\" -Atc \"select application_name, "
                             "count(*) from pg_stat_activity group by 1 order by 2 desc limit "
                             "3\"", "borrowbox-hikari|96\npsql|1\n|0"),
                        grep("defmethod ig/", ["src/borrowbox/db.clj",
                                               "src/borrowbox/http/server.clj"]),
                        read("src/borrowbox/db.clj",
                             "(defmethod ig/init-key ::pool [_ {:keys [jdbc-url]}]\n  "
                             "(connection/->pool HikariDataSource {:jdbcUrl jdbc-url\n         "
                             "                              :maximumPoolSize 8\n              "
                             "                         :poolName \"borrowbox-hikari\"}))\n")],
              "explain": "Each (reset) halts the Integrant system and starts a fresh one, but "
                         "::pool only has an init-key method. With no matching ig/halt-key! the "
                         "old HikariDataSource is never closed, so every reset leaks up to 8 "
                         "connections - a dozen resets and Postgres is at max_connections. Any "
                         "key that opens a resource needs an ig/halt-key! that closes it, like "
                         "the HTTP server already has.",
              "fix": [edit("src/borrowbox/db.clj",
                           "                                       :poolName "
                           "\"borrowbox-hikari\"}))\n",
                           "                                       :poolName "
                           "\"borrowbox-hikari\"}))\n\n(defmethod ig/halt-key! ::pool [_ "
                           "^HikariDataSource ds]\n  (.close ds))\n")],
              "culprit": "db: switch to a Hikari pool via next.jdbc.connection",
              "guard": "without this every (reset) leaks a whole pool",
              "done": "Twenty resets in a row later there are still exactly 8 borrowbox-hikari "
                      "connections."}),
        Fact("fals-core-async", "falsified", ["core.async"],
             ["could the email queue live in memory with go blocks instead of a table we poll?",
              "is there a reason the outbox isn't just an in-process channel?"],
             "Replacing the outbox table with a core.async channel and go-loop consumers was "
             "tried: the in-memory queue loses emails on crash or deploy (33 of 50 in the kill "
             "test) and drops retries and the audit trail; the outbox polling stays "
             "(LISTEN/NOTIFY could wake it early).",
             {"ask": "move the reminder sending off the outbox table onto a core.async channel "
                     "with a few go blocks consuming it - the polling every 30s feels clunky",
              "change": [edit("src/borrowbox/jobs/outbox.clj",
                              "(defn start-poller! [ds mailer]\n",
                              "(def emails (a/chan 256))\n\n(defn start-workers! [mailer n]\n  "
                              "(dotimes [_ n]\n    (a/go-loop []\n      (when-some [email (a/<! "
                              "emails)]\n        (a/<! (a/thread (mailer/send! mailer email)))\n"
                              "        (recur)))))\n\n(defn start-poller! [ds mailer]\n"),
                         edit("src/borrowbox/jobs/reminders.clj",
                              "        (db.outbox/insert! tx (reminder-email loan)))\n",
                              "        (a/>!! outbox/emails (reminder-email loan)))\n")],
              "broke": bash("clojure -M:dev -m borrowbox.dev.chaos --kill-after-enqueue 50",
                            "enqueued 50 reminder emails\nkilled JVM (SIGKILL) after 1.2 s\n"
                            "restarted: 0 emails pending in memory, outbox rows: 0\ndelivered: "
                            "17 / 50 - lost: 33", 1),
              "revert": bash("git checkout -- src/borrowbox/jobs/outbox.clj "
                             "src/borrowbox/jobs/reminders.clj", ""),
              "conclusion": "core.async is the wrong tool for the reminders: the channel lives "
                            "in the JVM's memory, so a deploy or a crash loses whatever is "
                            "queued - in the kill test 33 of 50 emails vanished without a "
                            "trace, where the outbox table would still have had them. It also "
                            "gives up the retries and the audit trail the outbox rows give us. "
                            "The 30 s polling stays; if the delay matters, LISTEN/NOTIFY on the "
                            "outbox table can wake the poller early.",
              "pain": "reminder emails go out up to 30 seconds late because the outbox is "
                      "polled",
              "idea": "replacing the outbox polling with a core.async channel and a handful of "
                      "go-loop consumers"}),
        Fact("fals-native", "falsified", ["native-image"],
             ["could we ship the service as a compiled GraalVM binary to get rid of JVM startup "
              "time?",
              "has anyone tried AOT-compiling the API into a native executable?"],
             "Building the API with GraalVM native-image was tried: a ~10 minute, 6 GB build "
             "that still failed on build-time initialization (Hikari, the Postgres driver), and "
             "the cold start is mostly the Fly machine booting; keep min_machines_running = 1 "
             "instead.",
             {"ask": "build the API with GraalVM native-image, cold starts on fly take forever "
                     "once it has scaled to zero",
              "change": [edit("build.clj", "(defn uber [_]\n",
                              "(defn native [_]\n  (uber nil)\n  (b/process {:command-args "
                              "[\"native-image\" \"-jar\" \"target/api.jar\" \"--initialize-at-"
                              "build-time\" \"--no-fallback\" \"-o\" \"target/api\"]}))\n\n"
                              "(defn uber [_]\n")],
              "broke": bash("time clojure -T:build native 2>&1 | tail -6",
                            "[7/8] Compiling methods...    [*******]    (412.4s @ 5.91GB)\n"
                            "Error: Classes that should be initialized at run time got "
                            "initialized during image building:\n com.zaxxer.hikari.pool."
                            "HikariPool was unintentionally initialized at build time.\n "
                            "org.postgresql.Driver was unintentionally initialized at build "
                            "time.\nError: Image build request failed with exit status 1\n\n"
                            "real\t9m48.310s", 1),
              "revert": bash("git checkout -- build.clj", ""),
              "conclusion": "native-image isn't a quick win here: the build runs for almost 10 "
                            "minutes and needs about 6 GB of memory - more than the CI runners "
                            "have - and still fails, because Hikari, the Postgres driver and a "
                            "few more libraries get initialized at build time and would each "
                            "need reflection and initialization config. Even then, most of the "
                            "cold start on Fly is the machine booting (about 2 s of the 3.5). "
                            "The cheap fix is keeping one machine warm: min_machines_running = "
                            "1 in fly.toml.",
              "pain": "the first request after fly scales the API to zero takes three or four "
                      "seconds",
              "idea": "compiling the uberjar into a native binary with GraalVM native-image"}),
    ]
    return Project(
        "borrowbox", "git@github.com:tool-library/borrowbox.git",
        {"README.md": "# borrowbox\n\nLending API for the neighbourhood tool library.\n",
         "deps.edn": "{:paths [\"src\" \"resources\"]}\n"},
        facts,
        noise(("src/borrowbox/fees.clj",
               "(ns borrowbox.fees\n  (:import (java.time Duration Instant)))\n\n(def "
               "daily-fee-pence 50)\n(def max-fee-pence 1500)\n\n(defn overdue-fee\n  \"Pence "
               "owed for a loan returned at `returned`, capped at max-fee-pence.\"\n  "
               "[{:loan/keys [due-at]} ^Instant returned]\n  (let [days (.toDays (Duration/"
               "between due-at returned))]\n    (-> (* days daily-fee-pence) (max 0) (min "
               "max-fee-pence))))\n",
               "It's the late-fee rule: 50p for every full day a tool comes back after its due "
               "date, never negative, capped at £15. The return handler calls overdue-fee; "
               "nothing else lives in that namespace."),
              ("cljfmt", "clojure -M:cljfmt check src test",
               "All source files formatted correctly"),
              ("a1c93e0 loans: extend by a week\n7f0d2b4 fees: cap overdue fees at 15 pounds\n"
               "d24e8a1 tools: limit photo uploads to 5 MB",
               "**Loans, fees and photos**\n\n- Members can extend a loan by a week.\n- Overdue "
               "fees are capped at £15.\n- Tool photos over 5 MB are rejected with a clear "
               "message.\n\nNo migrations; safe to deploy any time."),
              ("src/borrowbox", ["src/borrowbox/http/handlers/tools.clj",
                                 "src/borrowbox/jobs/outbox.clj"]),
              ("tl", "tool", f"{handlers}/tools.clj", "  (let [tl (db.tools/by-id ds id)]",
               "  (let [tool (db.tools/by-id ds id)]"),
              ("deps.edn", "next.jdbc",
               "com.github.seancorfield/next.jdbc {:mvn/version \"1.3.939\"}",
               "com.github.seancorfield/next.jdbc {:mvn/version \"1.3.955\"}"),
              ("is 'borrowbox' a silly name for a tool library? be honest",
               "It's friendly and says what it is - a box of things you borrow. If anything it "
               "undersells the ladders and the cement mixer, but as a project name it's "
               "fine.")),
        "postgres")


def purlwise() -> Project:
    """An OCaml 5.2 command-line tool that turns written knitting patterns into charts: dune, a
    local opam switch, a Menhir grammar, ppx_expect and cram tests, Alcotest property tests, a
    js_of_ocaml playground on Cloudflare Pages."""
    facts = [
        Fact("conv-failwith", "convention", ["failwith"],
             ["what should a parse function in the library do when the input is malformed - "
              "raise?",
              "how are errors supposed to be reported from the library code?"],
             "Code in lib/ never raises (no failwith, no invalid_arg, no exception escaping a "
             "module); errors come back as result values with polymorphic variants, e.g. "
             "Error (`Stitch_count ...).",
             {"rule": "nothing in lib/ raises - no failwith, no invalid_arg, no exception "
                      "escaping a module. errors come back as a result with a polymorphic "
                      "variant, like Error (`Bad_repeat loc)",
              "why": "the playground used to die with an uncaught Failure on half-typed "
                     "patterns and the whole page went blank on people mid-sentence",
              "task": "check stitch counts when a row says how many stitches it should end "
                      "with, like `(24 sts)` at the end of the row",
              "follow": [edit("lib/check.ml", "let check_row row =\n  Ok row\n",
                              "let check_row row =\n  let actual = Row.stitch_count row in\n  "
                              "match row.expected with\n  | Some n when n <> actual ->\n    "
                              "Error (`Stitch_count { row = row.number; expected = n; actual "
                              "})\n  | _ -> Ok row\n"),
                         edit("lib/check.mli",
                              "val check_row : Row.t -> (Row.t, [> `Bad_repeat of Loc.t ]) "
                              "result\n",
                              "val check_row :\n  Row.t ->\n  (Row.t, [> `Bad_repeat of Loc.t "
                              "| `Stitch_count of count_mismatch ]) result\n")],
              "contrary": edit("lib/check.ml", "let check_row row =\n  Ok row\n",
                               "let check_row row =\n  let actual = Row.stitch_count row in\n  "
                               "(match row.expected with\n   | Some n when n <> actual ->\n     "
                               "failwith\n       (Printf.sprintf \"row %d: expected %d sts, got "
                               "%d\" row.number n actual)\n   | _ -> ());\n  Ok row\n"),
              "done": "Rows ending in `(N sts)` are checked now: a mismatch comes back as Error "
                      "(`Stitch_count {row; expected; actual}) and the CLI prints it with the "
                      "row number, like the other errors."}),
        Fact("conv-expect", "convention", ["let%expect_test"],
             ["where do tests for the chart output go, and in what style?",
              "should I add an Alcotest case for the new printer?"],
             "Printer and output tests are inline ppx_expect tests: let%expect_test right "
             "under the function in the .ml, output in [%expect {| |}]; Alcotest only for the "
             "property tests in test/props.",
             {"rule": "printer tests are inline ppx_expect tests - a let%expect_test right under "
                      "the function in the .ml, output in [%expect {| |}]. alcotest is only for "
                      "the property tests in test/props",
              "why": "with alcotest every chart tweak meant hand-editing forty string literals, "
                     "with inline snapshots it's one command and a diff",
              "task": "make the chart printer show repeat brackets, like `[k2, p2] x3` above "
                      "the stitches",
              "follow": [edit("lib/chart.ml", "let pp_row ppf row =\n",
                              "let pp_repeat ppf (body, times) =\n  Format.fprintf ppf \"[%a] "
                              "x%d\" pp_stitches body times\n\nlet pp_row ppf row =\n"),
                         edit("lib/chart.ml", "(* tests *)\n",
                              "(* tests *)\n\nlet%expect_test \"repeat brackets\" =\n  print_row "
                              "(row_of_string \"[k2, p2] x3\");\n  [%expect {| [k2 p2] x3 "
                              "|}]\n")],
              "contrary": write("test/test_chart.ml",
                                "let () =\n  Alcotest.run \"chart\"\n    [ ( \"repeats\",\n       "
                                " [ Alcotest.test_case \"bracket\" `Quick (fun () ->\n            "
                                "  Alcotest.(check string)\n                \"same\" \"[k2 p2] "
                                "x3\\n\"\n                (Chart.to_string (row_of_string \"[k2, "
                                "p2] x3\"))) ] ) ]\n"),
              "done": "Repeats print with their brackets and count, and the test sits right "
                      "under pp_repeat in lib/chart.ml."}),
        Fact("cmd-promote", "command", ["auto-promote"],
             ["how do I accept new output in the snapshot-style tests after an intentional "
              "change?",
              "dune doesn't have an --update option - what's the way to refresh the expected "
              "test output?"],
             "Accept changed expect/cram test output with `dune test --auto-promote` (or `dune "
             "promote` after a failing run), then review the diff; dune has no --update flag "
             "and EXPECT_TEST_UPDATE does nothing.",
             {"goal": "the chart tests fail because the output changed on purpose, I added "
                      "row numbers - update the expected output",
              "fail": bash("dune test --update",
                           "dune: unknown option '--update'.\nUsage: dune test [OPTION]… [DIR]…"
                           "\nTry 'dune test --help' or 'dune --help' for more information.", 1),
              "fail2": bash("EXPECT_TEST_UPDATE=1 dune test 2>&1 | tail -4",
                            "File \"lib/chart.ml\", line 88, characters 0-1:\n-|  [k2 p2] x3\n"
                            "+| 1 [k2 p2] x3\nFile \"test/cli.t/run.t\", line 12, characters "
                            "0-1:", 1),
              "note": "dune has no update flag, and that variable means nothing to it. A "
                      "failing expect or cram test leaves a corrected file in _build and dune "
                      "prints the diff; --auto-promote copies the corrected output over the "
                      "source in the same run (or `dune promote` afterwards). Then read the "
                      "diff before committing.",
              "ok": bash("dune test --auto-promote 2>&1 | grep Promoting; git diff --stat",
                         "Promoting _build/default/lib/chart.ml.corrected to lib/chart.ml.\n"
                         "Promoting _build/default/test/cli.t/run.t.corrected to test/cli.t/"
                         "run.t.\n lib/chart.ml     | 6 +++---\n test/cli.t/run.t | 4 ++--\n 2 "
                         "files changed, 5 insertions(+), 5 deletions(-)"),
              "done": "The expected output in lib/chart.ml and the cli cram test now have the "
                      "row numbers; a second `dune test` is clean."}),
        Fact("cmd-switch", "command", ["opam env --switch"],
             ["new terminal, and dune can't find a library that was there yesterday - how do "
              "I point the shell at this project's OCaml installation?",
              "how do I activate the project-local opam setup?"],
             "The project has a local opam switch in _opam/; activate it per shell with `eval "
             "$(opam env --switch=. --set-switch)`, otherwise the global 4.14 switch is used "
             "and menhirLib is missing.",
             {"goal": "dune can't find menhirLib in this terminal, but it built fine yesterday. "
                      "build it",
              "fail": bash("dune build",
                           "File \"lib/dune\", line 4, characters 12-21:\n4 |  (libraries "
                           "menhirLib uutf)\n                ^^^^^^^^^\nError: Library "
                           "\"menhirLib\" not found.\n-> required by library \"purlwise\" in "
                           "_build/default/lib", 1),
              "fail2": bash("opam install . --deps-only",
                            "[NOTE] You are not in a local switch; packages will be installed "
                            "into the global switch 'default' (ocaml-base-compiler.4.14.1).\n"
                            "[ERROR] Package conflict!\n  * No agreement on the version of "
                            "ocaml:\n    - (invariant) → ocaml-base-compiler = 4.14.1 → ocaml "
                            "= 4.14.1\n    - purlwise → ocaml >= 5.2.0", 20),
              "note": "The repo has its own local opam switch in _opam/, but this shell points "
                      "at the global 4.14 switch, where menhirLib isn't installed - and "
                      "installing into that one is what the conflict refuses. The shell has "
                      "to activate the local switch: eval $(opam env --switch=. --set-switch).",
              "ok": bash("eval $(opam env --switch=. --set-switch) && dune build 2>&1 | tail "
                         "-2 && which ocaml", "/home/dev/src/purlwise/_opam/bin/ocaml"),
              "done": "Built cleanly with the local switch's compiler; `opam switch` shows the "
                      "local one as current in this shell."}),
        Fact("env-flambda", "environment", ["flambda"],
             ["which compiler variant does the project's switch use?",
              "why is the release binary so much faster than a dev build?"],
             "The local opam switch is OCaml 5.2.0 with flambda (ocaml-variants.5.2.0+options "
             "plus ocaml-option-flambda); only the release profile passes -O3.",
             {"goal": "is the local compiler built with any special options? the release "
                      "binary is noticeably faster than my dev builds",
              "probe": [bash("ocamlfind ocamlopt -config | grep -E '^(version|flambda):'",
                             "version: 5.2.0\nflambda: true"),
                        bash("opam switch invariant --switch=.",
                             "[\"ocaml-variants\" {= \"5.2.0+options\"} "
                             "\"ocaml-option-flambda\"]"),
                        bash("grep -A3 '(env' bin/dune",
                             "(env\n (release\n  (ocamlopt_flags (:standard -O3))))")],
              "confirm": "the local switch is OCaml 5.2.0 built with flambda "
                         "(ocaml-variants 5.2.0+options plus ocaml-option-flambda), so the "
                         "optimiser only does real work when asked: the release profile in "
                         "bin/dune passes -O3 and dev builds don't - that's the speed "
                         "difference you see.",
              "short": "OCaml 5.2.0 with flambda (ocaml-variants.5.2.0+options + "
                       "ocaml-option-flambda); only release builds use -O3"}),
        Fact("env-pages", "environment", ["purl-playground"],
             ["where is the browser demo hosted?",
              "what's the URL of the live web version of the pattern tool?"],
             "The js_of_ocaml playground is a Cloudflare Pages project, purl-playground "
             "(https://purl-playground.pages.dev), deployed by the playground workflow on "
             "every push to main.",
             {"goal": "where does the web playground get deployed? the link in the README 404s",
              "probe": [bash("grep -A3 wrangler-action .github/workflows/playground.yml",
                             "      - uses: cloudflare/wrangler-action@v3\n        with:\n     "
                             "     command: pages deploy site/_build --project-name="
                             "purl-playground --branch=main"),
                        bash("curl -sI https://purl-playground.pages.dev | head -1",
                             "HTTP/2 200")],
              "confirm": "the playground is a Cloudflare Pages project called purl-playground, "
                         "deployed by the playground workflow from site/_build on every push "
                         "to main, and it's live at https://purl-playground.pages.dev. The "
                         "README still links the old GitHub Pages address.",
              "short": "Cloudflare Pages, project purl-playground "
                       "(https://purl-playground.pages.dev), deployed on every push to main"}),
        Fact("gotcha-conflicts", "gotcha", ["shift/reduce"],
             ["a repeat count at the end of a row gets applied to the whole row instead of "
              "just the bracketed group",
              "why doesn't the build stop when the grammar is ambiguous?"],
             "The Menhir grammar had a shift/reduce conflict on TIMES (a repeat bound to the "
             "whole row); menhir only warns, so it is fixed with %nonassoc TIMES and `--strict` "
             "in lib/dune makes conflicts fail the build.",
             {"symptom": "`k2tog, [k1, p1] x2` charts as if the x2 applied to the whole row - "
                         "there are far too many stitches in the chart",
              "probe": [bash("dune exec -- purlwise parse --ast 'k2tog, [k1, p1] x2'",
                             "Row [Repeat ([K2tog; Group [K 1; P 1]], 2)]"),
                        bash("menhir --explain lib/parser.mly 2>&1 | head -2; head -6 "
                             "lib/parser.conflicts",
                             "Warning: one state has shift/reduce conflicts.\nWarning: one "
                             "shift/reduce conflict was arbitrarily resolved.\n\n** Conflict "
                             "(shift/reduce) in state 17.\n** Token involved: TIMES\n** This "
                             "state is reached from row after reading:\n\nstitches COMMA "
                             "group")],
              "explain": "The grammar has a shift/reduce conflict on TIMES: after `stitches, "
                         "group` menhir can't tell whether `x2` belongs to the group or to "
                         "everything before it, and it resolved it arbitrarily - for the whole "
                         "sequence. Menhir only warns about that, and dune shows the warning "
                         "once and then caches the build, so nobody saw it. Giving TIMES a "
                         "precedence (%nonassoc TIMES, above COMMA) binds the repeat to the "
                         "nearest group, and --strict turns future conflicts into errors.",
              "fix": [edit("lib/parser.mly", "%left COMMA\n", "%left COMMA\n%nonassoc TIMES\n"),
                      edit("lib/dune", "(menhir\n (modules parser))\n",
                           "(menhir\n (modules parser)\n (flags --explain --strict))\n")],
              "culprit": "parser: allow repeats after a comma-separated prefix",
              "guard": "grammar conflicts must fail the build, menhir alone only warns",
              "done": "`k2tog, [k1, p1] x2` parses as Row [K2tog; Repeat (Group [K 1; P 1], "
                      "2)] now and the chart has 5 stitches; a new conflict would fail the "
                      "build."}),
        Fact("gotcha-utf8", "gotcha", ["get_utf_8_uchar"],
             ["columns in the printed chart are misaligned when non-ASCII symbols are used",
              "how do I measure the display width of a string with unicode in it in OCaml?"],
             "String.length counts bytes, so UTF-8 chart symbols (✕ and ◯ are 3 bytes each) "
             "misalign the columns; widths count characters by decoding with "
             "String.get_utf_8_uchar (lib/utf8.ml), never String.length.",
             {"symptom": "chart columns go out of line whenever a pattern uses the ✕ or ◯ "
                         "symbols in its legend",
              "probe": [bash("dune exec -- purlwise chart examples/cable-hat.purl | head -3",
                             "  ✕ ✕ ◯ · · ✕ ✕ |  3\n  · ✕ ✕ ◯ ◯ ✕ · |  2\n  · · · · · · · "
                             "        |  1"),
                        bash("grep -n 'String.length' lib/render.ml",
                             "31:  let pad = width - String.length cell in\n58:  let w = "
                             "List.fold_left (fun acc c -> max acc (String.length c)) 0 cells "
                             "in")],
              "explain": "render.ml measures cells with String.length, which counts bytes, not "
                         "characters: ✕ and ◯ are three bytes each in UTF-8, so those cells "
                         "look three times as wide and get less padding. Widths have to count "
                         "Unicode scalar values - decode with String.get_utf_8_uchar (in the "
                         "stdlib since 4.14) and count those, never String.length.",
              "fix": [write("lib/utf8.ml",
                            "(* Display width in Unicode scalar values, not bytes. *)\nlet "
                            "length s =\n  let rec go i n =\n    if i >= String.length s then n"
                            "\n    else go (i + Uchar.utf_decode_length (String.get_utf_8_uchar "
                            "s i)) (n + 1)\n  in\n  go 0 0\n"),
                      edit("lib/render.ml", "  let pad = width - String.length cell in",
                           "  let pad = width - Utf8.length cell in")],
              "culprit": "chart: legend symbols instead of letters",
              "guard": "characters, not bytes: the chart symbols are 3 bytes in UTF-8",
              "done": "The cable hat chart lines up again, symbols and all, and a new test "
                      "covers ✕ and ◯ cells."}),
        Fact("fals-domains", "falsified", ["Domainslib"],
             ["would multicore OCaml speed up building a whole pattern book?",
              "did anyone try spreading the chart rendering over several cores?"],
             "Rendering a pattern book in parallel with Domainslib (OCaml 5 domains) was "
             "tried: only 1.09x faster on 7 domains (contention on the font-metrics cache and "
             "the output file) and the page order became non-deterministic; reverted - cache "
             "the font metrics instead.",
             {"ask": "render the charts of a whole pattern book in parallel with Domainslib - "
                     "it's OCaml 5 after all",
              "change": [bash("opam install -y domainslib",
                              "The following actions will be performed:\n  ∗ install "
                              "domainslib 0.5.1\nDone."),
                         edit("bin/book.ml", "  List.iter (render_one ~out) patterns\n",
                              "  let pool = Domainslib.Task.setup_pool ~num_domains:7 () in\n  "
                              "Domainslib.Task.run pool (fun () ->\n      Domainslib.Task."
                              "parallel_for pool ~start:0\n        ~finish:(Array.length "
                              "patterns - 1)\n        ~body:(fun i -> render_one ~out patterns."
                              "(i)));\n  Domainslib.Task.teardown_pool pool\n")],
              "broke": bash("hyperfine -w1 -r5 'main/purlwise book examples/winter' "
                            "'branch/purlwise book examples/winter' && cmp main/book.html "
                            "branch/book.html",
                            "Benchmark 1: main/purlwise book examples/winter\n  Time (mean ± σ):"
                            "      8.412 s ±  0.061 s\nBenchmark 2: branch/purlwise book "
                            "examples/winter\n  Time (mean ± σ):      7.693 s ±  0.402 s\n\n"
                            "Summary\n  branch/purlwise book examples/winter ran 1.09 ± 0.05 "
                            "times faster\nmain/book.html branch/book.html differ: byte 1841, "
                            "line 23", 1),
              "revert": bash("git checkout -- bin/book.ml && opam remove -y domainslib",
                             "The following actions will be performed:\n  ⊘ remove domainslib "
                             "0.5.1\nDone."),
              "conclusion": "Domainslib buys 9% on 7 domains, because building the book isn't "
                            "bound by rendering: most of the time goes into the one shared "
                            "font-metrics cache and writing the single output file, and every "
                            "domain queues on those. And the output stops being deterministic - "
                            "pages come out in completion order, so the book differs from run to "
                            "run. Not worth it; caching the font metrics per glyph is the real "
                            "lever.",
              "pain": "building the 300-pattern winter book takes over 8 seconds",
              "idea": "rendering the patterns in parallel across OCaml 5 domains with "
                      "Domainslib"}),
        Fact("fals-wasm", "falsified", ["wasm_of_ocaml"],
             ["would compiling the browser demo to WebAssembly make it faster?",
              "why is the playground still shipped as JavaScript?"],
             "Building the playground with wasm_of_ocaml was tried: it needs WasmGC (fails in "
             "WebKit / Safari before 18.2), grows the download from 610 KB to 2.9 MB, and "
             "parsing is already ~2 ms; it stays on js_of_ocaml.",
             {"ask": "compile the playground with wasm_of_ocaml instead of js_of_ocaml, it "
                     "should be way faster",
              "change": [edit("site/dune", "(executable\n (name playground)\n (modes js)\n",
                              "(executable\n (name playground)\n (modes wasm)\n")],
              "broke": bash("dune build site/ && du -h _build/default/site/playground.bc."
                            "wasm.assets/*.wasm && npx playwright test site/tests --project="
                            "webkit 2>&1 | tail -3",
                            "2.9M\t_build/default/site/playground.bc.wasm.assets/code-4f1c."
                            "wasm\n  1) [webkit] › parse.spec.ts:5:1 › parses a row as you "
                            "type\n    CompileError: WebAssembly.Module doesn't parse at byte "
                            "5: invalid opcode 251\n  1 failed, 6 passed", 1),
              "revert": bash("git checkout -- site/dune", ""),
              "conclusion": "wasm_of_ocaml doesn't pay off for the playground: it needs WasmGC, "
                            "which the WebKit run rejects outright - so would Safari before "
                            "18.2, and plenty of knitters use older iPads - the download grows "
                            "from 610 KB of JavaScript to 2.9 MB of Wasm, and parsing a row "
                            "already takes about 2 ms with js_of_ocaml. Staying on "
                            "js_of_ocaml.",
              "pain": "the playground feels sluggish on older phones",
              "idea": "switching the playground build from js_of_ocaml to wasm_of_ocaml"}),
    ]
    return Project(
        "purlwise", "git@github.com:stitchcraft/purlwise.git",
        {"README.md": "# purlwise\n\nTurn written knitting patterns into charts.\n",
         "dune-project": "(lang dune 3.16)\n"},
        facts,
        noise(("lib/abbrev.ml",
               "let table =\n  [ (\"k\", Knit); (\"p\", Purl); (\"k2tog\", K2tog); (\"ssk\", Ssk);"
               "\n    (\"yo\", Yarn_over); (\"sl1\", Slip) ]\n\nlet lookup s = List.assoc_opt "
               "(String.lowercase_ascii s) table\n",
               "It's the abbreviation table: it maps what knitters write (k, p, k2tog, ssk, yo, "
               "sl1) to the stitch constructors, ignoring case, and lookup gives None for "
               "anything it doesn't know - the parser turns that into an unknown-stitch "
               "error."),
              ("ocamlformat", "dune fmt 2>&1 | tail -1; git status --short", ""),
              ("3be0a17 chart: row numbers on the right\n91c4d2e abbrev: sl1 and ssk\n"
               "5d07f3a cli: --width option",
               "**Chart polish**\n\n- Row numbers on the right-hand side of the chart.\n- "
               "Two more abbreviations: sl1 and ssk.\n- `--width` to cap the chart width.\n\n"
               "Tests updated for the new chart layout."),
              ("lib", ["lib/render.ml", "lib/abbrev.ml", "lib/pattern.ml"]),
              ("acc", "stitches", "lib/pattern.ml",
               "  let acc = List.concat_map expand row.items in",
               "  let stitches = List.concat_map expand row.items in"),
              ("purlwise.opam", "cmdliner", "  \"cmdliner\" {>= \"1.2.0\"}\n",
               "  \"cmdliner\" {>= \"1.3.0\"}\n"),
              ("do knitters actually say 'purlwise'?",
               "They do - it's a real knitting term. Slipping a stitch purlwise means moving "
               "it to the other needle as if you were going to purl it, so it isn't twisted. "
               "Knitters will get the name immediately.")),
        "github")


REGISTRY_PROXY = "0x5aE3cF0d29B14a6E7c81D9f2b0a4C63E18d7B5c9"


def sunshare() -> Project:
    """Solidity 0.8 contracts for a community solar co-op's member shares and kWh credits:
    Foundry (forge, cast, anvil), OpenZeppelin 5 upgradeable contracts behind UUPS proxies on
    Base, slither in CI."""
    credits = "src/CreditDistributor.sol"
    facts = [
        Fact("conv-custom-errors", "convention", ["custom errors"],
             ["how should a contract function signal a failed precondition in this codebase?",
              "is a require with a message string ok for the new withdrawal check?"],
             "Reverts use custom errors declared at the top of the contract (e.g. error "
             "InsufficientShares(uint256 requested, uint256 held)); no require or revert with "
             "a string message.",
             {"rule": "reverts use custom errors declared at the top of the contract - error "
                      "NotMember(address account) and so on. no require with a string message, "
                      "no revert(\"...\")",
              "why": "the string reverts cost us around 40k gas per deploy and the front end "
                     "had to regex the messages to show anything useful",
              "task": "make redeemShares revert when a member tries to redeem more shares than "
                      "they hold",
              "follow": [edit("src/ShareRegistry.sol", "    error NotMember(address account);\n",
                              "    error NotMember(address account);\n    error "
                              "InsufficientShares(uint256 requested, uint256 held);\n"),
                         edit("src/ShareRegistry.sol",
                              "    function redeemShares(uint256 amount) external {\n",
                              "    function redeemShares(uint256 amount) external {\n        "
                              "uint256 held = _balances[msg.sender];\n        if (amount > held) "
                              "revert InsufficientShares(amount, held);\n"),
                         edit("test/ShareRegistry.t.sol", "    function test_redeem() public {\n",
                              "    function test_RevertWhen_RedeemMoreThanHeld() public {\n     "
                              "   vm.prank(alice);\n        vm.expectRevert(abi.encodeWithSelector"
                              "(ShareRegistry.InsufficientShares.selector, 11, 10));\n        "
                              "registry.redeemShares(11);\n    }\n\n    function test_redeem() "
                              "public {\n")],
              "contrary": edit("src/ShareRegistry.sol",
                               "    function redeemShares(uint256 amount) external {\n",
                               "    function redeemShares(uint256 amount) external {\n        "
                               "require(amount <= _balances[msg.sender], \"ShareRegistry: "
                               "insufficient shares\");\n"),
              "done": "redeemShares reverts with InsufficientShares(requested, held), and the "
                      "test checks the exact selector and arguments."}),
        Fact("conv-erc7201", "convention", ["ERC-7201"],
             ["where do new state variables go in the upgradeable contracts?",
              "can I just add a mapping at the top of CreditDistributor for the new limit?"],
             "Upgradeable contracts keep their state in ERC-7201 namespaced storage structs "
             "(/// @custom:storage-location erc7201:sunshare.<name>, read through a "
             "_getXStorage() function); never new plain state variables.",
             {"rule": "state in the upgradeable contracts lives in an ERC-7201 namespaced "
                      "storage struct - `/// @custom:storage-location erc7201:sunshare.<name>` "
                      "on the struct, read through a _getXStorage() function - never as new "
                      "plain state variables",
              "why": "one upgrade on the testnet shifted every slot after a newly added "
                     "variable and scrambled everyone's balances",
              "task": "add a per-member cap on how many kWh credits they can claim per billing "
                      "period",
              "follow": [edit(credits,
                              "    struct CreditStorage {\n        mapping(address => uint256) "
                              "claimed;\n",
                              "    struct CreditStorage {\n        mapping(address => uint256) "
                              "claimed;\n        mapping(address => uint256) claimCap;\n"),
                         edit(credits, "        uint256 owed = _owed(member);\n",
                              "        uint256 owed = _owed(member);\n        uint256 cap = "
                              "$.claimCap[member];\n        if (cap != 0 && owed > cap) owed = "
                              "cap;\n"),
                         bash("forge inspect CreditDistributor storageLayout",
                              "| Name | Type | Slot | Offset | Bytes | Contract |\n|------+------"
                              "+------+--------+-------+----------|")],
              "contrary": edit(credits, "    uint256 public constant PERIOD = 30 days;\n",
                               "    uint256 public constant PERIOD = 30 days;\n    "
                               "mapping(address => uint256) public claimCap;\n"),
              "done": "The cap lives in CreditStorage, in the erc7201:sunshare.credits "
                      "namespace, so the layout outside it doesn't move - forge inspect still "
                      "shows no plain state variables - and claim() pays at most the cap."}),
        Fact("cmd-deploy", "command", ["coop-deployer"],
             ["forge complains I'm using the default sender when I broadcast - how are "
              "deploys meant to be signed?",
              "which wallet do I hand to forge script for a testnet deploy?"],
             "Deploy and upgrade scripts sign with the encrypted keystore account "
             "coop-deployer: `forge script ... --broadcast --account coop-deployer --sender "
             "<its address>`; no private key in the environment.",
             {"goal": "deploy the new CreditDistributor implementation to base sepolia and "
                      "upgrade the proxy",
              "fail": bash("forge script script/UpgradeCredits.s.sol --rpc-url base_sepolia "
                           "--broadcast",
                           "[⠊] Compiling...\nNo files changed, compilation skipped\nError: You "
                           "seem to be using Foundry's default sender. Be sure to set your own "
                           "--sender.", 1),
              "fail2": bash("forge script script/UpgradeCredits.s.sol --rpc-url base_sepolia "
                            "--broadcast --private-key $DEPLOYER_KEY",
                            "error: a value is required for '--private-key <RAW_PRIVATE_KEY>' "
                            "but none was supplied\n\nFor more information, try '--help'.", 2),
              "note": "There's deliberately no key in the environment: deploys sign with the "
                      "encrypted keystore account coop-deployer (imported into "
                      "~/.foundry/keystores with cast wallet import), passed as --account, and "
                      "forge asks for its password. --sender has to be that account's address "
                      "for the simulation.",
              "ok": bash("forge script script/UpgradeCredits.s.sol --rpc-url base_sepolia "
                         "--broadcast --verify --account coop-deployer --sender "
                         "0x9C41e2b7A0d5F36c81E4b2a9D07c5E3f1A6b8d24 | tail -4",
                         "Enter keystore password:\n##### base-sepolia\n✅  [Success] Hash: "
                         "0x5e0f3a...c91a\nONCHAIN EXECUTION COMPLETE & SUCCESSFUL."),
              "done": "The new implementation is deployed and verified on Base Sepolia, and "
                      "the same script upgraded the proxy to it."}),
        Fact("cmd-coverage", "command", ["--ir-minimum"],
             ["coverage fails with stack too deep but normal builds work - what's the trick?",
              "how do I get a test coverage figure for the solidity code?"],
             "Run coverage with `forge coverage --ir-minimum` (via_ir is needed to compile "
             "CreditDistributor; plain forge coverage turns it off and fails with stack too "
             "deep).",
             {"goal": "get me a coverage report for the contracts, the grant people want a "
                      "number",
              "fail": bash("forge coverage",
                           "Warning: optimizer settings and `viaIR` have been disabled for "
                           "accurate coverage reports.\nError: Compiler error: Stack too deep. "
                           "Try compiling with `--via-ir` (cli) or the equivalent `viaIR: true` "
                           "(standard JSON) while enabling the optimizer. Otherwise, try "
                           "removing local variables.\n --> src/CreditDistributor.sol:142:17:",
                           1),
              "note": "CreditDistributor only compiles through via-IR (foundry.toml turns it "
                      "on), and forge coverage switches via-IR off to keep the source maps "
                      "exact, so claim() hits stack too deep. --ir-minimum enables just enough "
                      "of the IR pipeline to compile; line attribution gets slightly fuzzier, "
                      "which is fine for a number.",
              "ok": bash("forge coverage --ir-minimum --report summary | tail -4",
                         "| src/CreditDistributor.sol | 96.30% (78/81)   | 95.92% (94/98)   | "
                         "88.89% (16/18) | 100.00% (12/12) |\n| src/ShareRegistry.sol     | "
                         "100.00% (54/54)  | 100.00% (61/61)  | 93.75% (15/16) | 100.00% (9/9)"
                         "   |\n| Total                     | 97.78% (132/135) | 97.73% "
                         "(155/159) | 91.18% (31/34) | 100.00% (21/21) |"),
              "done": "97.8% of lines and 91.2% of branches across the two contracts; `--report "
                      "lcov` gives a file if the grant people want the detail."}),
        Fact("env-proxy", "environment", [REGISTRY_PROXY],
             ["where is the production share registry deployed - which address?",
              "what contract address do members add to their wallet to see their shares?"],
             f"ShareRegistry on Base mainnet (chain 8453) is the UUPS proxy at "
             f"{REGISTRY_PROXY}; the implementation behind it changes with every upgrade.",
             {"goal": "what's the address of the live ShareRegistry on base mainnet? someone on "
                      "the co-op forum is asking and I don't want to give them the "
                      "implementation by mistake",
              "probe": [bash("jq -r '.transactions[] | select(.contractName==\"ERC1967Proxy\") "
                             "| .contractAddress' broadcast/DeployRegistry.s.sol/8453/"
                             "run-latest.json", REGISTRY_PROXY),
                        bash(f"cast implementation {REGISTRY_PROXY} --rpc-url base",
                             "0x1f8B2d6E4a0C93b5D7e1F2a4c6B8d0E2f4A6c8B1")],
              "confirm": f"the address to give out is the proxy, {REGISTRY_PROXY}, on Base "
                         f"mainnet (chain 8453) - that's what the DeployRegistry broadcast "
                         f"recorded. The implementation behind it is currently 0x1f8B…c8B1, "
                         f"but that one changes with every upgrade, so never hand it out.",
              "short": f"ShareRegistry on Base mainnet is the proxy at {REGISTRY_PROXY} (chain "
                       f"8453); the implementation behind it changes on upgrades"}),
        Fact("env-cancun", "environment", ["cancun"],
             ["which EVM version do the contracts target?",
              "what compiler settings do I need to match to verify the bytecode by hand?"],
             "foundry.toml pins solc 0.8.26 with evm_version cancun, via_ir = true and the "
             "optimizer at 10,000 runs; manual verification needs all four to match.",
             {"goal": "which compiler version and EVM target does this build use? I'm filling "
                      "in the verification form on basescan by hand",
              "probe": [bash("grep -E '^(solc|evm_version|via_ir|optimizer)' foundry.toml",
                             "solc = \"0.8.26\"\nevm_version = \"cancun\"\nvia_ir = true\n"
                             "optimizer = true\noptimizer_runs = 10_000"),
                        bash("jq -r .metadata.compiler.version out/ShareRegistry.sol/"
                             "ShareRegistry.json", "0.8.26+commit.8a97fa7a")],
              "confirm": "foundry.toml pins solc 0.8.26 (0.8.26+commit.8a97fa7a) with "
                         "evm_version cancun, via-IR on and the optimizer at 10,000 runs - "
                         "basescan's form needs all four to match or the bytecode won't "
                         "verify.",
              "short": "solc 0.8.26 targeting the cancun EVM, via-IR, optimizer at 10,000 runs "
                       "(foundry.toml)"}),
        Fact("gotcha-initializers", "gotcha", ["_disableInitializers"],
             ["someone called initialize on our logic contract directly - how is that "
              "possible?",
              "what does slither's unprotected upgradeable contract warning want me to "
              "change?"],
             "Every upgradeable implementation needs a constructor calling "
             "_disableInitializers(); CreditDistributor had none, so anyone could initialize "
             "the implementation contract itself (slither: unprotected-upgrade).",
             {"symptom": "slither flags CreditDistributor as an unprotected upgradeable "
                         "contract, and yesterday some bot initialized our sepolia "
                         "implementation contract directly",
              "probe": [bash("slither src/CreditDistributor.sol --detect unprotected-upgrade "
                             "2>&1 | tail -3",
                             "CreditDistributor (src/CreditDistributor.sol#18-201) is an "
                             "upgradeable contract that does not protect its initialize "
                             "functions: CreditDistributor.initialize(address,address) (src/"
                             "CreditDistributor.sol#44-52). Anyone can delete the contract "
                             "with: UUPSUpgradeable.upgradeToAndCall(address,bytes)\nReference: "
                             "https://github.com/crytic/slither/wiki/Detector-Documentation#"
                             "unprotected-upgradeable-contract\nINFO:Slither:src/"
                             "CreditDistributor.sol analyzed (21 contracts with 1 detectors), 1 "
                             "result(s) found"),
                        grep("constructor", ["src/ShareRegistry.sol"])],
              "explain": "The implementation behind a proxy is an ordinary deployed contract "
                         "too, and CreditDistributor has no constructor, so anyone can call "
                         "initialize() on the implementation itself - that bot is now owner of "
                         "the implementation and could call upgradeToAndCall on it. The "
                         "proxy's state is untouched, but it's the classic UUPS hole. "
                         "ShareRegistry already has the guard; CreditDistributor needs the "
                         "same constructor calling _disableInitializers(), which locks the "
                         "implementation's initializers for good.",
              "fix": [edit(credits,
                           "    function initialize(address registry, address owner) external "
                           "initializer {\n",
                           "    /// @custom:oz-upgrades-unsafe-allow constructor\n    "
                           "constructor() {\n        _disableInitializers();\n    }\n\n    "
                           "function initialize(address registry, address owner) external "
                           "initializer {\n")],
              "culprit": "credits: make CreditDistributor upgradeable",
              "guard": "without this anyone can initialize the implementation itself",
              "done": "slither is clean, and a new test deploys the implementation and expects "
                      "initialize() on it to revert with InvalidInitialization."}),
        Fact("gotcha-blocknumber", "gotcha", ["block.number"],
             ["a week-long voting window on the L2 closed after barely more than a day",
              "should deadlines in the contracts be counted in blocks?"],
             "On Base a block comes every 2 s, so windows counted with block.number are 6x "
             "shorter than on mainnet (50,400 blocks = 28 h); time windows use "
             "block.timestamp (7 days).",
             {"symptom": "the governance vote on the new panel array closed after about a day, "
                         "but it's supposed to stay open for a week",
              "probe": [bash("grep -n -E 'VOTING_PERIOD|block\\.number' src/Governance.sol",
                             "12:    uint256 public constant VOTING_PERIOD = 50_400; // one "
                             "week of blocks\n77:        p.deadline = block.number + "
                             "VOTING_PERIOD;\n103:        if (block.number > p.deadline) "
                             "revert VotingClosed(id);"),
                        bash("cast block latest -f timestamp --rpc-url base && cast block "
                             "$(( $(cast block-number --rpc-url base) - 50400 )) -f timestamp "
                             "--rpc-url base", "1731931203\n1731830403")],
              "explain": "VOTING_PERIOD is 50,400 blocks, which is a week on Ethereum mainnet at "
                         "12 s per block - but Base makes a block every 2 seconds, so 50,400 "
                         "blocks is 28 hours, the day-and-a-bit you saw (the two timestamps "
                         "are 100,800 s apart). Anything measured in time on an L2 has to use "
                         "block.timestamp - deadline = block.timestamp + 7 days - never "
                         "block.number.",
              "fix": [edit("src/Governance.sol",
                           "    uint256 public constant VOTING_PERIOD = 50_400; // one week of "
                           "blocks\n",
                           "    uint256 public constant VOTING_PERIOD = 7 days;\n"),
                      edit("src/Governance.sol",
                           "        p.deadline = block.number + VOTING_PERIOD;\n",
                           "        p.deadline = block.timestamp + VOTING_PERIOD;\n")],
              "culprit": "governance: port the proposal logic from the mainnet prototype",
              "guard": "Base makes a block every 2 s: time windows use timestamps",
              "done": "Proposals stay open for 7 days of wall-clock time now; a vm.warp test "
                      "checks the deadline at 6 days 23 hours and at 7 days."}),
        Fact("fals-unchecked", "falsified", ["unchecked"],
             ["could we shave gas off claiming by turning off overflow checks in the loop?",
              "has anyone measured what skipping Solidity's overflow checking would save in "
              "claim()?"],
             "Wrapping claim()'s loop and arithmetic in unchecked blocks was tried: it saves "
             "only ~0.3% gas (via-IR already removes most checks) and the fuzzer showed "
             "credits * share can silently wrap; checked arithmetic stays.",
             {"ask": "wrap the loop counters and the credit arithmetic in unchecked blocks, "
                     "claim() is the hot path and every bit of gas counts",
              "change": [edit(credits,
                              "        for (uint256 i = 0; i < periods.length; i++) {\n          "
                              "  total += periods[i].credits * share / SCALE;\n        }\n",
                              "        for (uint256 i = 0; i < periods.length;) {\n            "
                              "unchecked {\n                total += periods[i].credits * share "
                              "/ SCALE;\n                ++i;\n            }\n        }\n")],
              "broke": bash("forge snapshot --diff .gas-snapshot --match-contract "
                            "CreditDistributorTest | tail -3 && forge test --match-test "
                            "testFuzz_claim | tail -2",
                            "testFuzz_claim(uint96,uint32) (gas: -212 (-0.31%))\n"
                            "test_claim_threePeriods() (gas: -198 (-0.29%))\nOverall gas "
                            "change: -410 (-0.30%)\n[FAIL: assertion failed; counterexample: "
                            "args=[79228162514264337593543950335, 4294967295]] "
                            "testFuzz_claim(uint96,uint32) (runs: 38, μ: 68112, ~: 68204)\n"
                            "Suite result: FAILED. 0 passed; 1 failed; 0 skipped", 1),
              "revert": bash(f"git checkout -- {credits}", ""),
              "conclusion": "unchecked isn't worth it in claim(): with via-IR and 10,000 "
                            "optimizer runs the compiler already drops most of the checks, so "
                            "it saves 0.3% - about 200 gas a claim, a fraction of a cent on "
                            "Base. And the fuzzer found the cost straight away: credits * share "
                            "can overflow for large inputs, and without the check it silently "
                            "wraps to a small number instead of reverting, so a member would be "
                            "under-credited and nobody would notice. Checked arithmetic stays.",
              "pain": "claiming credits costs around 68k gas",
              "idea": "wrapping claim()'s loop counter and arithmetic in unchecked blocks to "
                      "skip the overflow checks"}),
        Fact("fals-distribute", "falsified", ["distributeAll"],
             ["can't the board just pay out everyone's credits in one go each month?",
              "why do members have to claim their credits instead of us sending them?"],
             "A push-style distributeAll() looping over every member was tried: it runs out "
             "of gas (1,342 of 2,318 members paid in 30M gas), costs more with every member, "
             "and one rejecting wallet would revert it for everyone; pull-based claim() stays.",
             {"ask": "add a distributeAll() the board can call once a month that loops over "
                     "every member and sends their credits, so nobody has to claim",
              "change": [edit(credits, "    function claim() external {\n",
                              "    function distributeAll() external onlyOwner {\n        "
                              "address[] memory members = registry.members();\n        for "
                              "(uint256 i = 0; i < members.length; i++) {\n            _payout("
                              "members[i]);\n        }\n    }\n\n    function claim() external "
                              "{\n")],
              "broke": bash("forge test --match-test test_distributeAll_realMemberCount -vv "
                            "--gas-limit 30000000",
                            "[FAIL: EvmError: OutOfGas] test_distributeAll_realMemberCount() "
                            "(gas: 30000000)\nLogs:\n  members: 2318\n  paid before running "
                            "out of gas: 1342\n\nSuite result: FAILED. 0 passed; 1 failed; 0 "
                            "skipped", 1),
              "revert": bash(f"git checkout -- {credits}", ""),
              "conclusion": "A push-style distributeAll() can't work at our size: with 2,318 "
                            "members it runs out of gas after 1,342 payouts in a 30M-gas "
                            "transaction, and the cost grows with every member who joins. "
                            "Worse, one member whose wallet contract rejects the payment would "
                            "make the whole distribution revert for everybody. Members keep "
                            "claiming (pull), and the app can batch claims for whoever asks.",
              "pain": "members forget to claim their credits and then complain on the forum",
              "idea": "a monthly distributeAll() that loops over every member and pushes their "
                      "credits out in one transaction"}),
    ]
    return Project(
        "sunshare", "git@github.com:solar-coop/sunshare.git",
        {"README.md": "# sunshare\n\nMember shares and kWh credits for the solar co-op.\n",
         "foundry.toml": "[profile.default]\nsrc = \"src\"\n"},
        facts,
        noise(("src/lib/ShareMath.sol",
               "// SPDX-License-Identifier: AGPL-3.0\npragma solidity ^0.8.24;\n\nlibrary "
               "ShareMath {\n    uint256 internal constant SCALE = 1e18;\n\n    function "
               "proRata(uint256 amount, uint256 shares, uint256 totalShares) internal pure "
               "returns (uint256) {\n        return amount * shares / totalShares;\n    }\n}\n",
               "A one-function library: proRata splits an amount by a member's share of the "
               "total - amount times shares divided by totalShares - and SCALE is the 1e18 "
               "fixed-point unit the other contracts pair it with."),
              ("the formatter check", "forge fmt --check && echo formatted", "formatted"),
              ("e41a9c2 registry: emit the member id on join\n0b7d3f5 scripts: sepolia "
               "addresses\n8c2e6a1 test: fuzz the pro-rata split",
               "**Registry events and scripts**\n\n- `MemberJoined` carries the member id.\n- "
               "Deploy scripts know the Sepolia addresses.\n- The pro-rata split is "
               "fuzz-tested.\n\nNo storage changes; no upgrade needed."),
              ("src", ["src/Governance.sol", "src/ShareRegistry.sol"]),
              ("amt", "amount", "src/ShareRegistry.sol",
               "    function issueShares(address to, uint256 amt) external onlyOwner {",
               "    function issueShares(address to, uint256 amount) external onlyOwner {"),
              ("foundry.toml", "the fuzz runs", "[fuzz]\nruns = 256\n", "[fuzz]\nruns = 1000\n"),
              ("how many kWh does a 10 kW panel array make in a year in northern Germany, "
               "roughly?",
               "Roughly 9,000 to 10,000 kWh a year - about 900-1,000 kWh per installed kW at "
               "that latitude, less if the roof faces east or west or there's shading.")),
        "slack")


def brewtally() -> Project:
    """A dbt 1.8 project on BigQuery for a brewery co-op's taproom, webshop and keg numbers:
    dbt-bigquery, dbt_utils, sqlfluff, Fivetran raw data, Dagster runs the nightly build, Looker
    Studio dashboards."""
    sales = "models/marts/fct_taproom_sales.sql"
    facts = [
        Fact("conv-double-underscore", "convention", ["double underscore"],
             ["what's the naming scheme for a new model that cleans up a raw source table?",
              "can I call the new cleaned-up shopify refunds model shopify_refunds.sql?"],
             "Staging models are named stg_<source>__<entity> (double underscore, plural "
             "entity), exactly one per source table, doing only renames and casts.",
             {"rule": "staging models are named stg_<source>__<entity> - source and entity "
                      "separated by a double underscore, entity plural - and there's exactly "
                      "one per source table, doing nothing but renames and casts",
              "why": "we once had three models on top of the same shopify table and two of "
                     "them disagreed about refunds for a whole quarter",
              "task": "bring in the webshop's discount codes table from shopify so marketing "
                      "can see which codes get used",
              "follow": [write("models/staging/shopify/stg_shopify__discount_codes.sql",
                               "with source as (\n    select * from {{ source('shopify', "
                               "'discount_code') }}\n),\n\nrenamed as (\n    select\n        id "
                               "as discount_code_id,\n        code,\n        value_type,\n      "
                               "  cast(value as numeric) as discount_value,\n        created_at"
                               "\n    from source\n)\n\nselect * from renamed\n"),
                         edit("models/staging/shopify/_shopify__models.yml", "models:\n",
                              "models:\n  - name: stg_shopify__discount_codes\n    columns:\n "
                              "     - name: discount_code_id\n        data_tests: [unique, "
                              "not_null]\n")],
              "contrary": write("models/staging/shopify/shopify_discounts.sql",
                                "select\n    id as discount_id,\n    code,\n    value_type,\n    "
                                "cast(value as numeric) as value\nfrom {{ source('shopify', "
                                "'discount_code') }}\n"),
              "done": "stg_shopify__discount_codes is in - renames and casts only - with "
                      "unique and not_null tests on the id."}),
        Fact("conv-import-ctes", "convention", ["import CTEs"],
             ["how should a model pull in the upstream models it depends on?",
              "is it ok to join {{ ref('dim_beers') }} directly inside the final select?"],
             "Every ref() and source() goes in an import CTE at the top of the model (with x "
             "as (select * from {{ ref(...) }})), then logical CTEs, then a final select; "
             "never a ref() inline in a join or subquery.",
             {"rule": "every ref() and source() goes in an import CTE at the top of the model - "
                      "`with orders as (select * from {{ ref('...') }})` - then the logical "
                      "CTEs, then one final select. no ref() inline in a join or a subquery",
              "why": "finding out what a model depends on shouldn't mean reading every join "
                     "in it, and twice we missed a dependency in review that way",
              "task": "add the beer style to the taproom sales fact, from dim_beers",
              "follow": [edit(sales,
                              "with sales as (\n    select * from {{ ref('int_sales__"
                              "deduplicated') }}\n),\n",
                              "with sales as (\n    select * from {{ ref('int_sales__"
                              "deduplicated') }}\n),\n\nbeers as (\n    select * from {{ "
                              "ref('dim_beers') }}\n),\n"),
                         edit(sales, "from sales\n",
                              "from sales\nleft join beers\n    on sales.beer_id = "
                              "beers.beer_id\n")],
              "contrary": edit(sales, "from sales\n",
                               "from sales\nleft join {{ ref('dim_beers') }} as beers\n    on "
                               "sales.beer_id = beers.beer_id\n"),
              "done": "fct_taproom_sales has beer_style from dim_beers, joined through a beers "
                      "CTE at the top of the model."}),
        Fact("cmd-defer", "command", ["--defer"],
             ["how do I build only my branch's modified models without recreating everything "
              "upstream in my sandbox?",
              "dbt says it got a state selector but no comparison manifest - what's missing?"],
             "Build only changed models with `dbt build --select state:modified+ --defer "
             "--state prod-state` after copying gs://brewtally-dbt-artifacts/prod/"
             "manifest.json into prod-state/; unchanged upstream refs then resolve to prod.",
             {"goal": "build just the models I changed on this branch, without rebuilding the "
                      "whole warehouse into my dev dataset",
              "fail": bash("dbt build --select state:modified+",
                           "17:02:11  Running with dbt=1.8.7\n17:02:12  Encountered an error:\n"
                           "Runtime Error\n  Got a state selector method, but no comparison "
                           "manifest", 2),
              "note": "state:modified needs a production manifest to compare against, and the "
                      "models upstream of your changes don't exist in your dev dataset. The "
                      "nightly prod run uploads its manifest to gs://brewtally-dbt-artifacts/"
                      "prod/; with that as --state, --defer makes unchanged upstream refs "
                      "resolve to the prod tables instead of your dataset.",
              "ok": bash("gsutil -q cp gs://brewtally-dbt-artifacts/prod/manifest.json "
                         "prod-state/ && dbt build --select state:modified+ --defer --state "
                         "prod-state | tail -2",
                         "17:05:44  Finished running 3 view models, 1 table model, 9 data "
                         "tests in 0 hours 0 minutes and 21.40 seconds (21.40s).\n17:05:44  "
                         "Completed successfully"),
              "done": "Only the four models you changed and their nine tests were built; "
                      "everything upstream was read from prod."}),
        Fact("cmd-sqlfluff", "command", ["--templater dbt"],
             ["sqlfluff says ref is undefined in every model - how is it meant to be run?",
              "what's the right lint invocation for the SQL in this repo?"],
             "Lint with `sqlfluff lint models --templater dbt --dialect bigquery`; with the "
             "default jinja templater every model fails on an undefined 'ref'.",
             {"goal": "lint the sql before I open the PR",
              "fail": bash("sqlfluff lint models/marts",
                           "== [models/marts/fct_taproom_sales.sql] FAIL\nL:   2 | P:  19 |  "
                           "TMP | Undefined jinja template variable: 'ref'\n== [models/marts/"
                           "mart_weekly_beer_sales.sql] FAIL\nL:   3 | P:  19 |  TMP | "
                           "Undefined jinja template variable: 'ref'\nAll Finished 📜 🎉!", 1),
              "note": "With its default jinja templater sqlfluff doesn't know dbt's ref() and "
                      "source(). The lint step in CI passes --templater dbt, which renders each "
                      "model through dbt itself (it needs your dev profile, so it's a bit "
                      "slower), plus the bigquery dialect.",
              "ok": bash("sqlfluff lint models/marts --templater dbt --dialect bigquery",
                         "All Finished 📜 🎉!"),
              "done": "Lint is clean for models/marts."}),
        Fact("env-devproject", "environment", ["tally-dev-391207"],
             ["which BigQuery project and dataset do my sandbox builds write to?",
              "I built a model locally - where do I look for the resulting table?"],
             "The dbt dev target writes to the BigQuery project tally-dev-391207, dataset "
             "dbt_<username> (dbt_dev here), per ~/.dbt/profiles.yml.",
             {"goal": "where do my dev runs end up in bigquery? I ran a model and can't find "
                      "the table",
              "probe": [bash("grep -A6 '    dev:' ~/.dbt/profiles.yml",
                             "    dev:\n      type: bigquery\n      method: oauth\n      "
                             "project: tally-dev-391207\n      dataset: dbt_{{ env_var('USER') "
                             "}}\n      threads: 8"),
                        bash("bq ls --project_id=tally-dev-391207 | grep dbt_",
                             "  dbt_ci_pr_212\n  dbt_dev\n  dbt_noor")],
              "confirm": "dev runs go to the GCP project tally-dev-391207, into a dataset named "
                         "after your user - dbt_dev for you - as the dev target in "
                         "~/.dbt/profiles.yml says. Prod is a separate project; your model is "
                         "in tally-dev-391207.dbt_dev.",
              "short": "dev builds land in GCP project tally-dev-391207, dataset dbt_<your "
                       "username> (dbt_dev here)"}),
        Fact("env-location", "environment", ["europe-west3"],
             ["which region should a new BigQuery dataset be created in?",
              "my query says the dataset was not found in location US - where does our data "
              "actually live?"],
             "All BigQuery data (raw, prod and dev datasets) is in location europe-west3 "
             "(Frankfurt); new datasets must be created there, since queries can't span "
             "locations.",
             {"goal": "I'm creating a scratch dataset for the keg analysis - which location do "
                      "I pick? the console suggests US",
              "probe": [bash("bq show --format=prettyjson tally-prod-228154:raw_till | jq -r "
                             ".location", "europe-west3"),
                        bash("bq query --use_legacy_sql=false --location=US 'select count(*) "
                             "from `tally-prod-228154.raw_till.sales`'",
                             "BigQuery error in query operation: Not found: Dataset "
                             "tally-prod-228154:raw_till was not found in location US", 2)],
              "confirm": "everything lives in europe-west3 (Frankfurt): the raw Fivetran "
                         "datasets, the prod marts and the dev datasets. BigQuery can't query "
                         "across locations, so a scratch dataset in US couldn't join any of "
                         "it - create it with --location=europe-west3.",
              "short": "all BigQuery datasets are in europe-west3 (Frankfurt); create new ones "
                       "there, never in US"}),
        Fact("gotcha-unique-key", "gotcha", ["unique_key"],
             ["revenue in the incremental sales table keeps creeping up with every nightly run",
              "why would an incremental model end up with the same sale several times?"],
             "An incremental model with incremental_strategy='merge' needs a unique_key "
             "(fct_taproom_sales: unique_key='sale_id'); without one every run re-inserts the "
             "lookback window and duplicates rows.",
             {"symptom": "taproom revenue on the dashboard for last week is about 12% higher "
                         "than the till's own report, and it grows every time the nightly run "
                         "happens",
              "probe": [bash("bq query --use_legacy_sql=false 'select sale_id, count(*) n from "
                             "`tally-prod-228154.marts.fct_taproom_sales` group by 1 having n > "
                             "1 order by n desc limit 3'",
                             "+------------+---+\n|  sale_id   | n |\n+------------+---+\n| "
                             "T-88412031 | 4 |\n| T-88412977 | 4 |\n| T-88413102 | 3 |\n"
                             "+------------+---+"),
                        read(sales,
                             "{{\n    config(\n        materialized='incremental',\n        "
                             "incremental_strategy='merge',\n        partition_by={'field': "
                             "'sold_on', 'data_type': 'date'}\n    )\n}}\n\nwith sales as (\n    "
                             "select * from {{ ref('int_sales__deduplicated') }}\n    {% if "
                             "is_incremental() %}\n    where sold_at >= timestamp_sub("
                             "current_timestamp(), interval 3 day)\n    {% endif %}\n),\n")],
              "explain": "fct_taproom_sales is incremental with the merge strategy and a 3-day "
                         "lookback, but its config has no unique_key. Without one dbt's merge "
                         "has nothing to match rows on and just inserts, so every nightly run "
                         "adds the last three days of sales again - recent sales are in the "
                         "table up to four times. The config needs unique_key='sale_id', and "
                         "the table one full refresh to drop the duplicates.",
              "fix": [edit(sales, "        incremental_strategy='merge',\n",
                           "        incremental_strategy='merge',\n        "
                           "unique_key='sale_id',\n"),
                      bash("dbt build --select fct_taproom_sales --full-refresh --target prod "
                           "| tail -2",
                           "17:41:09  1 of 1 OK created sql incremental model marts."
                           "fct_taproom_sales .... [CREATE TABLE (412.8k rows, 61.2 MiB "
                           "processed) in 14.20s]\n17:41:09  Completed successfully")],
              "culprit": "fct_taproom_sales: incremental with a 3-day lookback for late till "
                         "syncs",
              "guard": "merge without a key re-inserts the lookback window on every run",
              "done": "No sale_id appears twice any more, and last week's revenue matches the "
                      "till report to the cent."}),
        Fact("gotcha-berlin", "gotcha", ["Europe/Berlin"],
             ["sales made shortly after midnight get counted on the wrong day",
              "how should a timestamp be turned into a calendar day for the daily revenue "
              "numbers?"],
             "sold_at is stored in UTC; daily dates must be taken in the taproom's timezone, "
             "date(sold_at, 'Europe/Berlin'), or sales in the first hours after local midnight "
             "land on the previous day.",
             {"symptom": "our daily revenue never matches the till's end-of-day report - the "
                         "differences are all sales made just after midnight",
              "probe": [bash("grep -n 'sold_on' models/intermediate/int_sales__deduplicated.sql",
                             "14:        date(sold_at) as sold_on,"),
                        bash("bq query --use_legacy_sql=false 'select sold_at, date(sold_at) "
                             "as utc_day from `tally-prod-228154.raw_till.sales` where sale_id "
                             "= \"T-88230114\"'",
                             "+---------------------+------------+\n|       sold_at       |  "
                             "utc_day   |\n+---------------------+------------+\n| 2024-11-16 "
                             "23:41:07 | 2024-11-16 |\n+---------------------+------------+")],
              "explain": "The till stores sold_at in UTC and int_sales__deduplicated takes "
                         "date(sold_at), so our day boundary is midnight UTC - 01:00 local time "
                         "in winter, 02:00 in summer. The till's end-of-day report uses local "
                         "days, so whatever sells in the first hour or two after local "
                         "midnight lands on the previous day in our models: that sale at 00:41 "
                         "on the 17th, local time, counts for the 16th. The date has to be "
                         "taken in the taproom's timezone, date(sold_at, 'Europe/Berlin').",
              "fix": [edit("models/intermediate/int_sales__deduplicated.sql",
                           "        date(sold_at) as sold_on,",
                           "        date(sold_at, 'Europe/Berlin') as sold_on,")],
              "culprit": "int_sales: derive sold_on in the intermediate layer",
              "guard": "the till reports local days, so the date is taken in local time",
              "done": "Rebuilt with a full refresh; the last 30 days of daily totals match the "
                      "till's end-of-day reports."}),
        Fact("fals-mv", "falsified", ["materialized_view"],
             ["could the weekly sales mart be refreshed automatically by BigQuery instead of "
              "the nightly job?",
              "has anyone tried making the dashboard's mart a self-refreshing view?"],
             "Making mart_weekly_beer_sales a BigQuery materialized_view was tried: "
             "incremental materialized views reject its window functions and left join, and "
             "non-incremental ones recompute everything on each refresh (costlier); it stays a "
             "table built nightly.",
             {"ask": "turn the heavy mart behind the dashboard into a bigquery materialized "
                     "view with dbt's materialized_view materialization, so it refreshes "
                     "itself",
              "change": [edit("models/marts/mart_weekly_beer_sales.sql",
                              "{{ config(materialized='table') }}\n",
                              "{{ config(materialized='materialized_view', enable_refresh=true, "
                              "refresh_interval_minutes=60) }}\n")],
              "broke": bash("dbt run --select mart_weekly_beer_sales | tail -3",
                            "17:55:02  1 of 1 ERROR creating sql materialized_view model marts."
                            "mart_weekly_beer_sales  [ERROR in 1.91s]\n17:55:02    Database "
                            "Error in model mart_weekly_beer_sales (models/marts/"
                            "mart_weekly_beer_sales.sql)\n  Materialized view query contains "
                            "unsupported feature: analytic functions and LEFT OUTER JOIN are "
                            "not supported in incremental materialized views", 1),
              "revert": bash("git checkout -- models/marts/mart_weekly_beer_sales.sql", ""),
              "conclusion": "A materialized_view doesn't work for mart_weekly_beer_sales: "
                            "BigQuery's incremental materialized views allow neither the window "
                            "functions (the week-over-week change) nor the left join to "
                            "dim_beers, and the non-incremental kind recomputes everything on "
                            "each refresh - hourly, that scans more in a day than the nightly "
                            "table build does. It stays a table built by the nightly run; if "
                            "the dashboard needs fresher numbers, the table can simply be built "
                            "more often.",
              "pain": "the dashboard's weekly beer numbers only update once a night",
              "idea": "turning the weekly beer sales mart into a BigQuery materialized_view "
                      "that refreshes itself"}),
        Fact("fals-dataproc", "falsified", ["Dataproc"],
             ["could the keg demand forecast live inside dbt as a python model?",
              "why is the forecast still a separate notebook and not part of the dbt run?"],
             "Rewriting the keg forecast as a dbt Python model was tried: on BigQuery it runs "
             "as a Dataproc Serverless batch (7 minutes against 40 s in the notebook, plus the "
             "API, a staging bucket and extra IAM); the forecast stays a separate Dagster "
             "asset.",
             {"ask": "rewrite the keg demand forecast as a dbt python model so it runs in the "
                     "same DAG instead of that separate notebook",
              "change": [write("models/marts/fct_keg_forecast.py",
                               "def model(dbt, session):\n    dbt.config(materialized='table', "
                               "submission_method='serverless', packages=['statsmodels'])\n    "
                               "movements = dbt.ref('fct_keg_movements').toPandas()\n    "
                               "forecast = fit_and_forecast(movements, weeks=8)\n    return "
                               "session.createDataFrame(forecast)\n")],
              "broke": bash("time dbt run --select fct_keg_forecast | tail -2",
                            "18:22:40  1 of 1 OK created python table model marts."
                            "fct_keg_forecast ..... [OK in 412.66s]\n18:22:40  Completed "
                            "successfully\n\nreal\t7m3.118s"),
              "revert": bash("rm models/marts/fct_keg_forecast.py", ""),
              "conclusion": "A dbt Python model isn't a good home for the forecast: on BigQuery "
                            "it runs as a Dataproc Serverless batch, so what the notebook does "
                            "in 40 seconds took 7 minutes - mostly starting Spark and converting "
                            "to pandas - and it needs the Dataproc API, a staging bucket and a "
                            "service account with extra roles just for this one model. The "
                            "forecast stays in its notebook, run as a separate Dagster asset "
                            "downstream of fct_keg_movements.",
              "pain": "the keg forecast lives in a notebook outside the dbt DAG and someone has "
                      "to remember to rerun it",
              "idea": "rewriting the keg forecast as a dbt Python model so dbt runs it with "
                      "everything else"}),
    ]
    return Project(
        "brewtally", "git@github.com:hopfenwerk-coop/brewtally.git",
        {"README.md": "# brewtally\n\nTaproom, webshop and keg numbers for the co-op.\n",
         "dbt_project.yml": "name: brewtally\nprofile: brewtally\n"},
        facts,
        noise(("macros/cents_to_euros.sql",
               "{% macro cents_to_euros(column, scale=2) %}\n    round(cast({{ column }} as "
               "numeric) / 100, {{ scale }})\n{% endmacro %}\n",
               "A one-line macro: it turns an integer amount of cents into euros rounded to two "
               "decimals, so models write {{ cents_to_euros('amount_cents') }} instead of "
               "repeating the cast and the division."),
              ("a dbt parse", "dbt parse --quiet && echo parsed", "parsed"),
              ("c5a18e2 kegs: track returns per customer\n40d9b71 beers: abv as numeric\n"
               "e8f2c36 shopify: shipping country",
               "**Kegs, beers, shipping**\n\n- Keg returns are tracked per customer.\n- ABV is "
               "numeric, so it can be averaged.\n- Webshop orders carry the shipping "
               "country.\n\nAll models build and test cleanly against the dev target."),
              ("models", ["models/marts/fct_keg_movements.sql",
                          "models/staging/brewlog/stg_brewlog__batches.sql"]),
              ("amt", "amount_cents", "models/staging/till/stg_till__sales.sql",
               "        amount as amt,", "        amount as amount_cents,"),
              ("packages.yml", "dbt_utils",
               "  - package: dbt-labs/dbt_utils\n    version: 1.1.1\n",
               "  - package: dbt-labs/dbt_utils\n    version: 1.3.0\n"),
              ("what's the difference between an IPA and a pale ale, in one paragraph?",
               "An IPA is a pale ale pushed further: more hops, usually more alcohol, so it's "
               "more bitter and more aromatic. A pale ale is the gentler, more balanced "
               "version - the malt still has a say.")),
        "stripe")


def projects() -> list[Project]:
    return [borrowbox(), purlwise(), sunshare(), brewtally()]
