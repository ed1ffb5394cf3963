"""The ``dev8`` split: four projects in stacks no other split uses (a Godot 4.3 puzzle game in
typed GDScript about a lighthouse keeper, tested with GUT and shipped to Steam with steamcmd; a
Fortran 2008 sea-ice model parallelised with MPI, built with CMake presets against a Spack
environment and run under PBS Pro on a university cluster; a Neovim plugin in Lua that keeps
review notes in the margin as extmarks, tested with plenary's busted runner and linted with
selene; an Elm 0.19.1 ordering site for a vegetable-box co-op, built with Vite, checked with
elm-review and elm-test, deployed on Netlify), ten planted facts each, and phrasing templates of
its own.

Written in the eighth pass by someone who had not read how capture or recall work, as an untuned
first reading of the system on sessions nobody on the team had seen: its facts are said the ways
the other splits never say them (a rule the assistant finds in a comment of the linter's config
after the linter flags its code, a rule as a box on the pull-request template's checklist, a
rule as one row of a Do / Don't table pasted from the team wiki, a rule in a note at the top of
the file being edited, a rule given as the diff of how the user fixed the assistant's patch by
hand; a command worked out from the tool's own ``--help`` output, found by grepping the
repository for where it is already invoked, taken from a comment in an upstream issue the user
pastes, or completed from the half of it the user remembers; an environment fact the user
corrects after the assistant states a wrong assumption, one section of a catching-up summary
after a month away, stated in an email the assistant drafts, or written as a comment into a
sample config; a gotcha reported as a flaky test, cornered over a long back-and-forth of the
user's hypotheses, explained in the multi-line comment the assistant writes at the fix, or found
behind a workaround the user had papered over it with; an approach from a design doc spiked
before the design review and marked rejected, tried in a throwaway git worktree that is removed
again, the first of two options the assistant lays out, or re-run once at the user's insistence
before it is given up).

Slots are the shared ones (``templates.py``) plus: for a convention, ``area`` (what the rule is
about, a wiki table's first column) and an optional ``lint`` (``(config path, config text
before the rule, the setting, lint command, its complaint, its clean output)``: a linter whose
config carries the rule as a comment); for a command, optional ``help`` (``(command, output)``:
the tool describing its own options), ``caller`` (a file of the repository that already runs
the command that works) and ``upstream`` (the upstream repository whose issue thread has it);
for an environment fact, ``short`` (a terse one-line answer), ``wrong`` (the assumption the
assistant states before it is corrected), ``said`` (the user's correction in their own words)
and ``sample`` (``(path, line)``: where a comment about it goes, above that line); for a gotcha,
``clean`` (a clean rebuild that rules out a stale build), an optional ``flaky`` (the test
command that fails now and then) and an optional ``hack`` (the workaround that hid it); for a
falsified approach, ``pain`` (the complaint that invites
it) and ``idea`` (the approach in a phrase).
"""

from __future__ import annotations

import random
import re
import textwrap

from .templates import cap
from .transcript import Tool, bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

# Colleagues (who posted in an upstream thread, who reviews, who the email goes to).
COLLEAGUES = ("Yusuf", "Beatriz", "Kofi", "Linnea", "Haruto", "Mireille")
HANDLES = ("kvdberg", "mossgrave", "tin-whistle", "ohnoitsjan", "pelagic-dev", "quietfox")

_TYPOS = ((" which ", " whihc "), (" really ", " realy "), (" would ", " woudl "),
          (" there's ", " theres "), (" something ", " somethign "), (" probably ", " prolly "),
          (" because ", " bc "))


def _typo(text: str, rng: random.Random) -> str:
    """Typed with one hand while holding a coffee: one slip in a common word (never an
    identifier)."""
    typos = list(_TYPOS)
    rng.shuffle(typos)
    for good, bad in typos:
        if good in text:
            return text.replace(good, bad, 1)
    return text


def _sha(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _bare(command: str) -> str:
    """The command a person would type: without what only trimmed or inspected its output in
    the session (`| tail -3`, `2>&1`, `&& git diff --stat`)."""
    command = command.split(" | ")[0].replace(" 2>&1", "")
    return " && ".join(p for p in command.split(" && ")
                       if not p.startswith(("git diff", "ls ", "cat ", "echo ")))


def _slug(text: str, n: int = 36) -> str:
    words = re.sub(r"[^a-z0-9]+", " ", text.lower()).split()
    out = ""
    for word in words:
        if out and len(out) + 1 + len(word) > n:
            break
        out = f"{out}-{word}" if out else word[:n]
    return out


def _marker(path: str) -> tuple[str, str]:
    """The comment syntax of ``path``'s language: (line prefix, line suffix)."""
    name = path.rsplit("/", 1)[-1]
    if name.endswith((".godot", ".tscn", ".tres", ".cfg")):
        return "; ", ""
    if name.endswith((".F90", ".f90", ".nml", ".pf")):
        return "! ", ""
    if name.endswith((".lua", ".elm")):
        return "-- ", ""
    if name.endswith((".js", ".mjs", ".ts")):
        return "// ", ""
    if name.endswith(".md"):
        return "<!-- ", " -->"
    return "# ", ""


def _comment(path: str, text: str) -> str:
    head, tail = _marker(path)
    return f"{head}{text}{tail}"


def _comment_block(path: str, text: str, indent: str = "", width: int = 92) -> str:
    """``text`` wrapped into a block comment in ``path``'s language."""
    head, tail = _marker(path)
    if tail:
        return f"{indent}{head}{text}{tail}\n"
    lines = textwrap.wrap(text, width=width - len(indent) - len(head))
    return "".join(f"{indent}{head}{line}\n" for line in lines)


def _first_edit(tools: list[Tool]) -> Tool | None:
    return next((t for t in tools if t.name == "Edit"), None)


# ------------------------------------------------------------------- phrasing templates
# Conventions: found by the assistant in a comment of the linter's config after the linter
# flags its code, a box on the pull-request template's checklist, one row of a Do / Don't table
# pasted from the team wiki, a note at the top of the file being edited, or the diff of how the
# user fixed the assistant's patch by hand.
def conv_lint_config(s: dict, rng: random.Random) -> Episode:
    lint, contrary = s.get("lint"), s.get("contrary")
    if not lint or not contrary:
        return conv_pr_checklist(s, rng)
    path, before, setting, command, complaint, clean = lint
    content = f"{before}{_comment(path, cap(s['rule']) + '.')}\n{setting}\n"
    return [Step(prompt=cap(s["task"])),
            Step(tools=[contrary]),
            Step(text="Written. Running the linter before I hand it over.",
                 tools=[bash(command, complaint, 1)]),
            Step(text=f"It objects to the new code. Before just silencing it, let me see why "
                      f"{path} asks for this.", tools=[read(path, content)]),
            Step(text=f"It's a deliberate house rule, not a default - the comment above the "
                      f"setting says so: {s['rule']}. Redoing my change to match.",
                 tools=s["follow"]),
            Step(tools=[bash(command, clean)]),
            Step(text=f"The linter is happy now. {s['done']}"),
            Step(prompt="ha, I'd forgotten that comment was even there. good"),
            Step(text="It's a useful one - it says why, not only what.")]


def conv_pr_checklist(s: dict, rng: random.Random) -> Episode:
    paths = sorted({t.path for t in s["follow"] if t.path}) or ["the changed files"]
    template = (f"## What\n\n<!-- one or two sentences -->\n\n## Checklist\n\n- [ ] Tests added "
                f"or updated\n- [ ] {cap(s['rule'])}\n- [ ] No new warnings\n")
    return [Step(prompt=f"{cap(s['task'])}. then fill in the PR description from our template, "
                        f"and only tick what's actually true:\n\n```markdown\n{template}```"),
            Step(tools=s["follow"]),
            Step(text=f"{s['done']}\n\nPR description:\n\n```markdown\n## What\n\n"
                      f"{cap(s['task'])}.\n\n## Checklist\n\n- [ ] Tests added or updated - not "
                      f"yet, say if you want them\n- [x] {cap(s['rule'])} - see "
                      f"{', '.join(paths)}\n- [x] No new warnings\n```"),
            Step(prompt="fair, leave the tests box unticked, I'll add them"),
            Step(text="Left unticked.")]


_WIKI_ROWS = (("Commit messages", "imperative mood, subject under 72 characters",
               "past tense, or a subject that needs scrolling"),
              ("Branches", "short-lived, rebased on main before review",
               "long-running branches merged back with merge commits"),
              ("TODO comments", "with a name and an issue number",
               "bare TODOs nobody owns"))


def conv_wiki_table(s: dict, rng: random.Random) -> Episode:
    rows = list(rng.sample(_WIKI_ROWS, 2))
    where = rng.randrange(len(rows) + 1)
    rows.insert(where, (s["area"], s["rule"], "anything else"))
    table = "\n".join(f"| {a} | {b} | {c} |" for a, b, c in rows)
    nth = ("first", "second", "third")[where]
    return [Step(prompt=_typo(f"this is from the team wiki's house style page:\n\n| Area | Do | "
                              f"Don't |\n|---|---|---|\n{table}\n\nthe {nth} row is the one "
                              f"that matters for what I need now, which is: {s['task']}", rng)),
            Step(text=f"The {s['area'].lower()} row applies - {s['rule']}. Doing it that way.",
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_file_header(s: dict, rng: random.Random) -> Episode:
    target = _first_edit(s["follow"])
    if target is None:
        return conv_wiki_table(s, rng)
    note = _comment(target.path, f"NOTE for anyone editing this file: {s['rule']}.")
    content = f"{note}\n\n{target.old}"
    return [Step(prompt=cap(s["task"])),
            Step(tools=[read(target.path, content)]),
            Step(text=f"The top of {target.path} has a note for whoever edits it: {s['rule']}. "
                      f"I'll keep to that.", tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt="yep, that note's still current. it goes for the whole repo really, not "
                        "just that file"),
            Step(text="Understood - I'll apply it everywhere, not only there.")]


def _as_diff(old: Tool, new: Tool) -> str:
    body_old = old.new if old.name == "Edit" else old.output
    body_new = new.new if new.name == "Edit" else new.output
    lines = [f"--- a/{old.path}", f"+++ b/{new.path}", "@@"]
    lines += [f"-{line}" for line in body_old.splitlines()]
    lines += [f"+{line}" for line in body_new.splitlines()]
    return "\n".join(lines)


def conv_user_patched(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    target = next((t for t in s["follow"] if contrary is not None and t.path == contrary.path),
                  None)
    if contrary is None or target is None:
        return conv_file_header(s, rng)
    return [Step(prompt=cap(s["task"])), Step(tools=[contrary]),
            Step(text="Done - ready for you to look at."),
            Step(prompt=f"I fixed it up myself before committing, this is what I changed:\n\n"
                        f"```diff\n{_as_diff(contrary, target)}\n```\n\nnope, in this codebase "
                        f"{s['rule']}. write it like that from the start next time"),
            Step(text="Got it. Checking the tree matches your version.",
                 tools=[bash(f"git diff --stat HEAD~1 -- {target.path}",
                             f" {target.path} | {rng.randrange(6, 30)} "
                             f"++++++++++++++++\n 1 file changed")]),
            Step(text="It does. Understood for next time - I'll write it your way from the "
                      "start.")]


# Commands: worked out from the tool's own --help output, found by grepping the repository for
# where it is already invoked, taken from a comment in an upstream issue the user pastes, or
# completed from the half of it the user remembers.
def _failures(s: dict) -> Episode:
    steps: Episode = [Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(text="Not that. A variation.", tools=[s["fail2"]]))
    return steps


def cmd_from_help(s: dict, rng: random.Random) -> Episode:
    if not s.get("help"):
        return cmd_half_remembered(s, rng)
    command, output = s["help"]
    return [Step(prompt=s["goal"]), *_failures(s),
            Step(text="Rather than guess again, let me ask the tool what it actually accepts.",
                 tools=[bash(command, output)]),
            Step(text=f"That explains it. {s['note']}", tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt="didn't know it could tell you that itself. nice"),
            Step(text="The help output is usually the quickest source of truth.")]


def cmd_grep_callers(s: dict, rng: random.Random) -> Episode:
    caller = s.get("caller")
    if not caller:
        return cmd_half_remembered(s, rng)
    good = _bare(s["ok"].command)
    word = good.split()[1] if good.split()[0] in ("npx", "sudo") else good.split()[0]
    lead = "        run: " if caller.endswith((".yml", ".yaml")) else ""
    line = rng.randrange(8, 60)
    return [Step(prompt=s["goal"]), *_failures(s),
            Step(text="Something in this repository must already do this. Looking for where "
                      "it's invoked.",
                 tools=[bash(f"git grep -n '{word}' -- ':!*.md'",
                             f"{caller}:{line}:{lead}{good}")]),
            Step(text=f"{caller} runs it like this: `{good}`. {s['note']}", tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_upstream_thread(s: dict, rng: random.Random) -> Episode:
    upstream = s.get("upstream")
    if not upstream:
        return cmd_grep_callers(s, rng)
    good = _bare(s["ok"].command)
    who = rng.choice(HANDLES)
    number = rng.randrange(200, 2400)
    return [Step(prompt=s["goal"]), *_failures(s),
            Step(text="Neither of those works as it stands. Let me dig into why."),
            Step(prompt=f"hang on, {upstream}#{number} is about exactly this. near the "
                        f"bottom:\n\n> **{who}** commented {rng.randrange(2, 11)} months ago\n"
                        f"> Hit this too. What works for me:\n> ```\n> {good}\n> ```\n> 👍 "
                        f"{rng.randrange(3, 40)}\n\ntry that"),
            Step(tools=[s["ok"]]),
            Step(text=f"That comment is right. {s['note']} {s['done']}")]


def cmd_half_remembered(s: dict, rng: random.Random) -> Episode:
    good = _bare(s["ok"].command)
    half = " ".join(good.split()[:2])
    return [Step(prompt=_typo(f"{s['goal']}. it's `{half} ...` something, which is as far as "
                              f"my memory goes", rng)),
            Step(text="Let me try to fill in the rest.", tools=[s["fail"]]),
            *([Step(tools=[s["fail2"]])] if s.get("fail2") else []),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt="that's the one. it's always the second half I lose"),
            Step(text=f"The whole thing, to copy: `{good}`")]


# Environment facts: corrected by the user after the assistant states a wrong assumption, one
# section of a catching-up summary after a month away, stated in an email the assistant drafts,
# or written as a comment into a sample config.
def env_user_corrects(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=f"{s['wrong']} I'll go on that unless you know better."),
            Step(prompt=_typo(f"no - {s['said']}. check it if you don't believe me", rng)),
            Step(text="Checking.", tools=s["probe"]),
            Step(text=f"You're right, my assumption was wrong. {cap(s['confirm'])}")]


_LOG = ("{0} tests: cover the empty input case\n{1} docs: fix two broken links\n{2} ci: cache "
        "the toolchain download\n{3} refactor: split the long setup function\n{4} chore: bump "
        "the dev dependencies")


def env_orientation(s: dict, rng: random.Random) -> Episode:
    log = _LOG.format(*(_sha(rng) for _ in range(5)))
    return [Step(prompt=f"I've been away from this repo for a month and I've forgotten "
                        f"everything. catch me up on what happened on main, and one specific "
                        f"thing: {s['goal']}"),
            Step(tools=[bash("git log --oneline --since='5 weeks ago' main", log)]),
            Step(text="And the specific question.", tools=s["probe"]),
            Step(text=f"## Catching up\n\n**On main:** five commits, all housekeeping - tests "
                      f"for the empty input case, two doc links fixed, a CI cache for the "
                      f"toolchain download, a refactor of the setup function, and a dev "
                      f"dependency bump. Nothing that changes how you work.\n\n**Your "
                      f"question:** {s['confirm']}\n\n**Open threads:** none that I can see.")]


def env_email_draft(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=f"I have to email {who} about this and I want it right. {s['goal']}\n\n"
                        f"once you know, draft the email - short"),
            Step(tools=s["probe"]), Step(text=cap(s["confirm"])),
            Step(text=f"Draft:\n\n> **To:** {who}\n> **Subject:** quick answer on the setup\n>\n"
                      f"> Hi {who},\n>\n> Checked rather than from memory: {s['short']}.\n>\n"
                      f"> Shout if anything looks off.")]


def env_sample_config(s: dict, rng: random.Random) -> Episode:
    path, line = s["sample"]
    comment = _comment(path, cap(s["short"]) + ".")
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=cap(s["confirm"])),
            Step(prompt=f"put that where the next person will trip over it - a comment in "
                        f"{path}, right where it matters"),
            Step(tools=[edit(path, line, f"{comment}\n{line}")]),
            Step(text=f"Added the comment in {path}.")]


# Gotchas: reported as a flaky test, cornered over a long back-and-forth of the user's
# hypotheses, explained in the multi-line comment the assistant writes at the fix, or found
# behind a workaround the user had papered over it with.
def gotcha_flaky_test(s: dict, rng: random.Random) -> Episode:
    test = s.get("flaky")
    if not test:
        return gotcha_back_and_forth(s, rng)
    loop = f"for i in $(seq 20); do {test} >/dev/null 2>&1 && echo pass || echo FAIL; done | " \
           f"sort | uniq -c"
    fails = rng.randrange(3, 7)
    return [Step(prompt=_typo(f"`{test}` is flaky - it fails maybe one run in five on CI and "
                              f"passes when I rerun it ({s['symptom']}). I'm tempted to just "
                              f"mark it flaky and move on. have a look first?", rng)),
            Step(text="Looping it locally to see the rate before anything else.",
                 tools=[bash(loop, f"      {fails} FAIL\n     {20 - fails} pass")]),
            Step(text=f"{fails} failures in 20, so it reproduces here. Now why.",
                 tools=s["probe"]),
            Step(text=f"I wouldn't mark it flaky: the test is right, the code is wrong. "
                      f"{s['explain']}", tools=s.get("fix", [])),
            Step(tools=[bash(loop, "     20 pass")]),
            Step(text=f"20 out of 20 now. {s['done']}")]


_GUESSES = (("could it be my machine? it's been acting up all week",
             "Unlikely - it reproduces from a clean checkout with nothing of yours in it."),
            ("what if it's something in the latest dependency bump?",
             "The lockfile hasn't changed in the commits where this started, so probably not."))


def gotcha_back_and_forth(s: dict, rng: random.Random) -> Episode:
    guess, rebuttal = rng.choice(_GUESSES)
    probe = s["probe"]
    return [Step(prompt=f"{s['symptom']}. let's work it out together - talk me through what "
                        f"you're checking"),
            Step(text="First, what it looks like right now.", tools=probe[:1]),
            Step(prompt="my money's on a stale build. it usually is"),
            Step(text="Worth ruling out. Rebuilding from clean.", tools=[s["clean"]]),
            Step(text="Same behaviour after a clean rebuild, so it isn't stale output."),
            Step(prompt=_typo(f"hm. {guess}", rng)),
            Step(text=f"{rebuttal} Let me look closer at the code itself.",
                 tools=probe[1:] or probe[:1]),
            Step(text=s["explain"]),
            Step(prompt="oh. that's nasty. ok, fix it"),
            Step(tools=s.get("fix", [])), Step(text=s["done"])]


def gotcha_code_comment(s: dict, rng: random.Random) -> Episode:
    fix = s.get("fix", [])
    edits = [t for t in fix if t.name == "Edit"]
    if not edits:
        return gotcha_papered_over(s, rng)
    last = edits[-1]
    indent = last.new[:len(last.new) - len(last.new.lstrip())]
    commented = edit(last.path, last.old, _comment_block(last.path, s["explain"], indent)
                     + last.new)
    tools = [commented if t is last else t for t in fix]
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text="Found it. The why goes in a comment right at the fix, so it's there the "
                      "next time someone reads this code.", tools=tools),
            Step(text=s["done"]),
            Step(prompt="good comment. keep it"),
            Step(text="It stays.")]


def gotcha_papered_over(s: dict, rng: random.Random) -> Episode:
    hack = s.get("hack", "a workaround I'm not proud of")
    return [Step(prompt=f"a while ago I papered over this with {hack}: {s['symptom']}. I want "
                        f"the hack gone - find the actual cause"),
            Step(tools=s["probe"]),
            Step(text=f"The workaround only hid it. {s['explain']}", tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt="so the hack can go?"),
            Step(text="Yes - with the real fix in, it has nothing left to do.")]


# Falsified approaches: a design doc's proposal spiked before the design review and marked
# rejected, tried in a throwaway git worktree, the first of two options the assistant lays out,
# or re-run once at the user's insistence before it is given up.
def fals_design_doc(s: dict, rng: random.Random) -> Episode:
    path = f"docs/design/{_slug(s['idea'])}.md"
    doc = (f"# Proposal: {s['idea']}\n\nStatus: draft - needs a spike\n\n## Motivation\n\n"
           f"{cap(s['pain'])}.\n\n## Proposal\n\n{cap(s['idea'])}.\n\n## Open questions\n\n- "
           f"Does it hold up in practice?\n")
    return [Step(prompt=f"design review is on thursday. spike the proposal in {path} so we go in "
                        f"with evidence one way or the other"),
            Step(tools=[read(path, doc)]),
            Step(text=f"Spiking it - concretely: {s['ask']}.", tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt="ok. revert the spike and put the outcome in the doc"),
            Step(tools=[s["revert"],
                        edit(path, "Status: draft - needs a spike\n",
                             "Status: rejected after a spike\n"),
                        edit(path, "- Does it hold up in practice?\n",
                             f"- Does it hold up in practice? No.\n\n## Spike outcome\n\n"
                             f"{s['conclusion']}\n")]),
            Step(text=f"Spike reverted; {path} is marked rejected, with the outcome.")]


def fals_worktree(s: dict, rng: random.Random) -> Episode:
    slug = _slug(s["idea"], 24)
    sha = _sha(rng)
    subject = rng.choice(("tests: cover the empty input case", "docs: fix two broken links"))
    return [Step(prompt=f"try this without touching my checkout, I've got uncommitted stuff "
                        f"everywhere: {s['ask']}"),
            Step(text="I'll do it in a separate worktree.",
                 tools=[bash(f"git worktree add ../spike-{slug} -b spike/{slug}",
                             f"Preparing worktree (new branch 'spike/{slug}')\nHEAD is now at "
                             f"{sha} {subject}")]),
            Step(text=f"Working in ../spike-{slug}.", tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt="agreed. get rid of it"),
            Step(tools=[bash(f"git worktree remove --force ../spike-{slug} && git branch -D "
                             f"spike/{slug}", f"Deleted branch spike/{slug} (was {_sha(rng)}).")]),
            Step(text="The worktree and its branch are gone; your checkout was never touched.")]


def fals_two_options(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["pain"]),
            Step(text=f"Two ways to go at it:\n\n1. **{cap(s['idea'])}** - the bigger change, "
                      f"and the bigger win if it works.\n2. Keep the current design and fix the "
                      f"specific place where it hurts.\n\nWhich one?"),
            Step(prompt=f"1, if it works. {s['ask']}"),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=f"{s['conclusion']}\n\nSo it's option 2."),
            Step(prompt="ok, back out of 1"), Step(tools=[s["revert"]]),
            Step(text="Backed out.")]


def fals_pushback(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text="That doesn't look good for the idea."),
            Step(prompt=_typo("are you sure? it feels like it should work. run it once more, "
                              "maybe that was a one-off", rng)),
            Step(text="Running it again from a clean state.", tools=[s["broke"]]),
            Step(text=f"Same result, so not a one-off. {s['conclusion']}"),
            Step(prompt="fine, I'm convinced. revert it"),
            Step(tools=[s["revert"]]), Step(text="Reverted.")]


TEMPLATES = {
    "convention": [conv_lint_config, conv_pr_checklist, conv_wiki_table, conv_file_header,
                   conv_user_patched],
    "command": [cmd_from_help, cmd_grep_callers, cmd_upstream_thread, cmd_half_remembered],
    "environment": [env_user_corrects, env_orientation, env_email_draft, env_sample_config],
    "gotcha": [gotcha_flaky_test, gotcha_back_and_forth, gotcha_code_comment,
               gotcha_papered_over],
    "falsified": [fals_design_doc, fals_worktree, fals_two_options, fals_pushback],
}

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (prompt i goes to project i % 4): the first four are about those projects (a volume slider, a
# namelist switch, a command listing notes, a sold-out badge) without needing anything stored
# about them.
UNRELATED = [
    "add a master volume slider to the options menu",
    "add a namelist switch that turns snow on ice off for sensitivity runs",
    "add a command that lists every note in the current buffer in the quickfix list",
    "add a 'sold out' badge to product cards when stock is zero",
    "what's the difference between _process and _physics_process in Godot?",
    "explain intent(in), intent(out) and intent(inout) in Fortran in two sentences",
    "what's the difference between calling a Lua method with a colon and with a dot?",
    "what's the difference between Maybe and Result in Elm?",
    "write a GDScript function that returns the Manhattan distance between two grid cells",
    "write a Fortran function that returns the arithmetic mean of a 1D array",
    "write a Lua function that splits a string on commas and trims each piece",
    "write an Elm function that capitalises the first letter of a string",
    "explain what a metatable is in Lua",
    "what's column-major order, and why does loop order matter for it?",
    "explain The Elm Architecture to someone who knows React",
    "what's a clean way to structure a state machine for an enemy in a game?",
    "how do I undo the last commit but keep the changes in my working tree?",
    "write a short poem about sea ice breaking up in spring",
    "draft a polite reminder email about an overdue invoice",
    "suggest three names for a board game evening at the office",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "lampwick": [
        "how are levels unlocked?",
        "where are the sound effects mixed?",
        "does the beam pass over water tiles, and should a lit buoy count as a target?",
        "is it ok to ship the game with the level editor reachable from the main menu?",
        "should hints cost the player moves, or be free and just counted for the stats screen?",
    ],
    "floecast": [
        "how is the ice thickness distribution discretised?",
        "where are the restart files written?",
        "does the model conserve salt, and is that checked anywhere in the test suite?",
        "is it ok to share ensemble output with the partner group before the validation paper "
        "is out?",
        "should an ocean mixed-layer scheme be its own module or part of the thermodynamics?",
    ],
    "marginalia": [
        "how are notes exported?",
        "where are the default keymaps set?",
        "do notes follow a file when it's renamed with git mv, and should they?",
        "is it ok to depend on telescope for a notes picker, or should it stay optional?",
        "should the floating note window render markdown, or show the raw text?",
    ],
    "seedcrate": [
        "how are delivery zones decided?",
        "where are the product photos stored?",
        "does the basket survive a customer logging out, and should it?",
        "is it ok to show the growers' phone numbers on the contact page?",
        "should there be a gift-box option at checkout, and who would pack it?",
    ],
}


# ------------------------------------------------------------------- noise
def chores(explain: tuple[str, str, str], callers: tuple[str, list[str]],
           staged: tuple[str, str], rename: tuple[str, str, str, str], check: tuple[str, str, str],
           chat: tuple[str, str], branch: tuple[str, str]) -> list[Episode]:
    """The rest of the sessions: a file explained, a function's callers found, a commit message
    drafted, a word renamed, a check run, a bit of chat, what's on the branch, signing off."""
    path, content, summary = explain
    symbol, files = callers
    stat, message = staged
    file, old, new, reason = rename
    what, command, output = check
    question, answer = chat
    log, recap = branch
    return [
        [Step(prompt=f"what does {path} do? short version"),
         Step(tools=[read(path, content)]), Step(text=summary)],
        [Step(prompt=f"find everything that calls {symbol}"), Step(tools=[grep(symbol, files)]),
         Step(text=f"{len(files)} caller{'s' if len(files) != 1 else ''}: "
                   f"{', '.join(files)}.")],
        [Step(prompt="draft a commit message for what I've staged"),
         Step(tools=[bash("git diff --cached --stat", stat)]), Step(text=message)],
        [Step(prompt=f"in {file}, {reason}"), Step(tools=[edit(file, old, new)]),
         Step(text="Changed.")],
        [Step(prompt=f"run {what} and tell me if anything's off"),
         Step(tools=[bash(command, output)]), Step(text="All clear, nothing to report.")],
        [Step(prompt=question), Step(text=answer)],
        [Step(prompt="what's on this branch that isn't on main yet?"),
         Step(tools=[bash("git log --oneline main..HEAD", log)]), Step(text=recap)],
        [Step(prompt="ok that's me done, thanks"),
         Step(text="Cheers - nothing committed or pushed from my side; it's all in your "
                   "working tree.")],
    ]


# ------------------------------------------------------------------- projects
def lampwick() -> Project:
    """A Godot 4.3 puzzle game in typed GDScript: a lighthouse keeper turns mirrors to bring the
    beam to the ships; GUT for tests, gdtoolkit for formatting, Forward+ with volumetric fog for
    the beam, builds for Linux and the Steam Deck uploaded with steamcmd."""
    beam_typed = ("class_name Beam\nextends RefCounted\n\n## Traces the beam from the lamp "
                  "through the mirrors.\n\n\nstatic func trace(grid: LevelGrid, lamp: Vector2i, "
                  "dir: Vector2i) -> Array[Vector2i]:\n\tvar lit: Array[Vector2i] = []\n\tvar "
                  "pos: Vector2i = lamp + dir\n\tvar steps: int = 0\n\twhile grid.in_bounds(pos) "
                  "and not grid.is_wall(pos) and steps < 256:\n\t\tlit.append(pos)\n\t\tvar "
                  "mirror: Mirror = grid.mirror_at(pos)\n\t\tif mirror != null:\n\t\t\tdir = "
                  "mirror.reflect(dir)\n\t\tpos += dir\n\t\tsteps += 1\n\treturn lit\n")
    beam_untyped = ("class_name Beam\nextends RefCounted\n\n## Traces the beam from the lamp "
                    "through the mirrors.\n\n\nstatic func trace(grid, lamp, dir):\n\tvar lit = "
                    "[]\n\tvar pos = lamp + dir\n\tvar steps = 0\n\twhile grid.in_bounds(pos) and "
                    "not grid.is_wall(pos) and steps < 256:\n\t\tlit.append(pos)\n\t\tvar mirror "
                    "= grid.mirror_at(pos)\n\t\tif mirror != null:\n\t\t\tdir = mirror.reflect("
                    "dir)\n\t\tpos += dir\n\t\tsteps += 1\n\treturn lit\n")
    move_made = "func _on_move_made() -> void:\n\tmoves_left -= 1\n"
    hud_label = '[node name="MovesLabel" type="Label" parent="Margin/Row"]\n'
    pause_open = "func open() -> void:\n\tget_tree().paused = true\n\tshow()\n"
    facts = [
        Fact("conv-typed", "convention", ["untyped_declaration"],
             ["do I have to annotate the types of locals in a new script, or can I leave "
              "them to inference?",
              "what are the typing rules for GDScript in this game?"],
             "All GDScript is statically typed (every var, parameter and return type); "
             "project.godot sets the untyped_declaration warning to error and it is never "
             "switched off per file.",
             {"rule": "every variable, parameter and return type gets a static type - "
                      "project.godot has the untyped_declaration warning set to error, and "
                      "nobody switches it off per file",
              "area": "GDScript types",
              "task": "add a Beam class that traces the lighthouse beam from the lamp through "
                      "the mirrors and returns the tiles it lights",
              "follow": [write("scripts/beam.gd", beam_typed)],
              "contrary": write("scripts/beam.gd", beam_untyped),
              "lint": ("project.godot", "[debug]\n\ngdscript/warnings/unused_parameter=1\n",
                       "gdscript/warnings/untyped_declaration=2",
                       "godot --headless --check-only -s res://scripts/beam.gd",
                       "SCRIPT ERROR: Parse Error: Parameter \"grid\" has no static type. "
                       "(Warning treated as error.)\n          at: GDScript::reload "
                       "(res://scripts/beam.gd:7)\nSCRIPT ERROR: Parse Error: Variable \"lit\" "
                       "has no static type. (Warning treated as error.)\n          at: "
                       "GDScript::reload (res://scripts/beam.gd:8)\nERROR: Failed to load "
                       "script \"res://scripts/beam.gd\" with error \"Parse error\".", ""),
              "done": "Beam.trace walks from the lamp in the beam's direction, turns at every "
                      "mirror and stops at walls or after 256 steps; it returns the lit tiles "
                      "as an Array[Vector2i]."}),
        Fact("conv-unique", "convention", ["scene-unique"],
             ["how should a script get hold of a label that sits deep inside the HUD scene?",
              "is get_node with a path like ../../Hud/Something acceptable here?"],
             "Nodes are reached through scene-unique names (%Name, unique_name_in_owner), never "
             "get_node with a relative path such as ../../Hud/MovesLabel; other scenes talk to "
             "the HUD through signals.",
             {"rule": "nodes are reached through scene-unique names (%Name), never get_node "
                      "with a relative path like ../../Hud/MovesLabel - and other scenes talk to "
                      "the HUD through signals, not by reaching into it",
              "area": "Node access",
              "task": "show the number of moves left in the HUD and update it after every move",
              "follow": [edit("scripts/level.gd", move_made,
                              "signal moves_changed(left: int)\n\n\n" + move_made
                              + "\tmoves_changed.emit(moves_left)\n"),
                         edit("scenes/hud.tscn", hud_label,
                              hud_label + "unique_name_in_owner = true\n"),
                         edit("scripts/hud.gd", "extends CanvasLayer\n",
                              "extends CanvasLayer\n\n\nfunc set_moves(left: int) -> void:\n"
                              "\t%MovesLabel.text = \"Moves: %d\" % left\n")],
              "contrary": edit("scripts/level.gd", move_made,
                               move_made + "\tget_node(\"../../Hud/Margin/Row/MovesLabel\").text "
                               "= \"Moves: %d\" % moves_left\n"),
              "done": "The level emits moves_changed after every move and the HUD shows "
                      "\"Moves: n\" through %MovesLabel; the level no longer knows where the "
                      "label sits."}),
        Fact("cmd-gut", "command", ["gut_cmdln"],
             ["how do I run the unit tests from a terminal without opening the editor?",
              "what's the headless invocation for the test suite?"],
             "Run the tests headless with `godot --headless -s addons/gut/gut_cmdln.gd "
             "-gdir=res://test -ginclude_subdirs -gexit` (GUT's command-line runner; without "
             "-gexit Godot never quits).",
             {"goal": "run the unit tests, I touched the mirror rotation code",
              "fail": bash("godot --headless --run-tests",
                           "ERROR: Unknown command-line argument \"--run-tests\".", 1),
              "fail2": bash("godot --headless -s test/",
                            "ERROR: Can't load script: test/\nERROR: Failed loading script: "
                            "test/", 1),
              "help": ("godot --headless -s addons/gut/gut_cmdln.gd -gh",
                       "---  GUT  ---\nUsage\n-----\n<path to godot> -s addons/gut/gut_cmdln.gd "
                       "[opts]\n\nOptions\n-------\n  -gdir              List of directories to "
                       "search for test scripts in.\n  -ginclude_subdirs  Flag to include all "
                       "subdirectories specified with -gdir.\n  -gtest             List of full "
                       "paths to test scripts to run.\n  -gexit             Exit after running "
                       "tests.  If not specified you have to manually close the window.\n  "
                       "-glog              Log level.  Default 1\n  -gconfig           The "
                       "config file to load options from.  Default .gutconfig.json"),
              "note": "GUT isn't a Godot flag: it ships a runner script, addons/gut/gut_cmdln.gd, "
                      "that Godot runs with -s. -gdir points it at the tests and -gexit makes it "
                      "quit at the end - without it headless Godot just sits there.",
              "ok": bash("godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test "
                         "-ginclude_subdirs -gexit | tail -5",
                         "Totals\n------\nScripts: 9\nTests: 61\nPassing Tests: 61\n\nAll "
                         "tests passed!"),
              "done": "All 61 tests pass, the mirror rotation ones included.",
              "caller": ".github/workflows/tests.yml",
              "upstream": "bitwes/Gut"}),
        Fact("cmd-steam", "command", ["run_app_build"],
             ["how does a build get uploaded to the beta branch on Steam?",
              "what's the steamcmd incantation for shipping a new build to testers?"],
             "Upload with `steamcmd +login tallowlight_build +run_app_build "
             "\"$PWD/steam/app_build_lampwick.vdf\" +quit`: log in first, and the .vdf path must "
             "be absolute (steamcmd resolves relative paths against its own directory); the vdf "
             "sets the beta branch live.",
             {"goal": "push the current Linux build to the beta branch on Steam",
              "fail": bash("steamcmd +login tallowlight_build +app_build "
                           "steam/app_build_lampwick.vdf +quit",
                           "Logging in user 'tallowlight_build' to Steam Public...OK\nWaiting "
                           "for user info...OK\nUnknown command \"app_build\"", 1),
              "fail2": bash("steamcmd +login tallowlight_build +run_app_build "
                            "steam/app_build_lampwick.vdf +quit",
                            "Logging in user 'tallowlight_build' to Steam Public...OK\nERROR! "
                            "Failed to load app build script file "
                            "\"steam/app_build_lampwick.vdf\"", 1),
              "note": "The command is run_app_build, and steamcmd resolves a relative .vdf path "
                      "against its own install directory, not the repository - so the path has "
                      "to be absolute.",
              "ok": bash("steamcmd +login tallowlight_build +run_app_build "
                         "\"$PWD/steam/app_build_lampwick.vdf\" +quit | tail -3",
                         "Uploading content...\nUploaded 214.6MB (41.2MB compressed)\n"
                         "Successfully finished app build (BuildID 15823417)."),
              "done": "Build 15823417 is up, and the vdf sets it live on the beta branch, so "
                      "testers get it the next time Steam updates the game.",
              "caller": "scripts/upload_steam.sh",
              "upstream": "ValveSoftware/steam-for-linux"}),
        Fact("env-godot", "environment", ["4.3.stable"],
             ["which engine release is the game built with?",
              "can I use the typed dictionaries from the newest engine release in this game?"],
             "The game is on Godot 4.3.stable: project.godot's feature tag is 4.3 and CI runs "
             "the barichello/godot-ci:4.3 image; typed dictionaries (4.4) are not available.",
             {"goal": "which Godot version is the project on? I want to use typed dictionaries",
              "probe": [bash("grep -n config/features project.godot && grep -n 'image:' "
                             ".github/workflows/tests.yml",
                             "12:config/features=PackedStringArray(\"4.3\", \"Forward Plus\")\n"
                             "9:    image: barichello/godot-ci:4.3"),
                        bash("godot --version", "4.3.stable.official.77dcf97d8")],
              "confirm": "the project is on Godot 4.3.stable - project.godot's feature tag says "
                         "4.3, CI runs the barichello/godot-ci:4.3 image, and your local binary "
                         "is 4.3.stable.official. Typed dictionaries arrived in 4.4, so they'd "
                         "need an engine upgrade first, CI image included.",
              "short": "Godot 4.3.stable (feature tag 4.3 in project.godot, CI image "
                       "barichello/godot-ci:4.3)",
              "wrong": "I'll assume the project tracks the latest stable engine, where typed "
                       "dictionaries exist.",
              "said": "it's on 4.3.stable, we never moved to 4.4 - CI still pins the 4.3 image",
              "sample": ("docs/DEVELOPING.md", "## Setup\n")}),
        Fact("env-steamapp", "environment", ["2741590"],
             ["what's the game's ID on Steam?",
              "which store identifier and depot do our uploads go to?"],
             "The Steam app id is 2741590; the Linux depot the builds upload to is 2741591 "
             "(steam/app_build_lampwick.vdf, steam_appid.txt).",
             {"goal": "what's our Steam app id? the store page form asks for it and I don't have "
                      "Steamworks open",
              "probe": [read("steam/app_build_lampwick.vdf",
                             "\"AppBuild\"\n{\n\t\"AppID\" \"2741590\"\n\t\"Desc\" \"beta "
                             "upload\"\n\t\"ContentRoot\" \"../build/\"\n\t\"SetLive\" "
                             "\"beta\"\n\t\"Depots\"\n\t{\n\t\t\"2741591\" "
                             "\"depot_build_linux.vdf\"\n\t}\n}\n"),
                        bash("cat steam_appid.txt", "2741590")],
              "confirm": "the Steam app id is 2741590 - it's in steam/app_build_lampwick.vdf and "
                         "in steam_appid.txt. Builds upload to the Linux depot, 2741591.",
              "short": "Steam app id 2741590, Linux depot 2741591",
              "wrong": "The app id normally lives only in Steamworks, so we'd have to ask "
                       "whoever has the partner account.",
              "said": "it's 2741590, the vdf in steam/ has it",
              "sample": ("steam/depot_build_linux.vdf", "\"DepotBuild\"\n")}),
        Fact("gotcha-pause", "gotcha", ["PROCESS_MODE_WHEN_PAUSED"],
             ["the options screen I open during a paused game ignores all input - why?",
              "what does a node need so it keeps working while the game is paused?"],
             "Pausing the tree stops every node that inherits its process mode, the pause menu "
             "included; nodes that must work while paused set process_mode = "
             "PROCESS_MODE_WHEN_PAUSED (PauseMenu does, its children inherit it).",
             {"symptom": "once the pause menu is open nothing in it reacts - no clicks, no keys, "
                         "not even Esc to close it again",
              "probe": [read("scripts/pause_menu.gd",
                             "extends CanvasLayer\n\n\n" + pause_open + "\n\nfunc "
                             "_unhandled_input(event: InputEvent) -> void:\n\tif "
                             "event.is_action_pressed(\"ui_cancel\"):\n\t\tclose()\n"),
                        bash("grep -n process_mode scenes/pause_menu.tscn scenes/main.tscn",
                             "", 1)],
              "explain": "Pausing the tree stops every node whose process mode is inherited, "
                         "and PauseMenu inherits from the root - so the moment open() sets "
                         "get_tree().paused, the menu itself stops getting input, including the "
                         "Esc that would close it. A node that has to keep working while the "
                         "game is paused needs process_mode = PROCESS_MODE_WHEN_PAUSED (or "
                         "ALWAYS); set on PauseMenu, its buttons inherit it.",
              "fix": [edit("scripts/pause_menu.gd", pause_open,
                           "func _ready() -> void:\n\tprocess_mode = "
                           "Node.PROCESS_MODE_WHEN_PAUSED\n\n\n" + pause_open)],
              "done": "The pause menu answers clicks, arrow keys and Esc while the level behind "
                      "it stays frozen.",
              "hack": "a second node that always runs, listens for Esc and unpauses the game",
              "clean": bash("rm -rf .godot/ && godot --headless --import 2>&1 | tail -1",
                            "[ DONE ] first_scan_filesystem")}),
        Fact("gotcha-shared-res", "gotcha", ["local_to_scene"],
             ["I turn one mirror and all the others in the level turn with it - what's going "
              "on?",
              "is state kept in a .tres resource per instance or shared between instances?"],
             "Resources loaded from a file are shared between instances: every Mirror pointed "
             "at data/mirror_state.tres, so rotating one rotated all; per-instance state needs "
             "resource_local_to_scene = true (or duplicate()).",
             {"symptom": "rotating one mirror in the level rotates every mirror - they all snap "
                         "to the same angle",
              "probe": [read("scenes/mirror.tscn",
                             "[ext_resource type=\"Script\" path=\"res://scripts/mirror.gd\" "
                             "id=\"1\"]\n[ext_resource type=\"Resource\" "
                             "path=\"res://data/mirror_state.tres\" id=\"2\"]\n\n[node "
                             "name=\"Mirror\" type=\"Node2D\"]\nscript = ExtResource(\"1\")\n"
                             "state = ExtResource(\"2\")\n"),
                        read("scripts/mirror.gd",
                             "@export var state: MirrorState\n\n\nfunc rotate_cw() -> void:\n"
                             "\tstate.angle = wrapi(state.angle + 90, 0, 360)\n")],
              "explain": "Every Mirror instance points at the same resource, "
                         "res://data/mirror_state.tres, and a resource loaded from a file is "
                         "shared: Godot hands every instance the same object. rotate_cw() "
                         "changes angle on that one object, so every mirror follows. State that "
                         "belongs to one instance needs its own copy - mark the resource "
                         "resource_local_to_scene = true, so each instanced scene gets a "
                         "duplicate (or call duplicate() yourself).",
              "fix": [edit("data/mirror_state.tres", "[resource]\nscript = ExtResource(\"1\")\n",
                           "[resource]\nresource_local_to_scene = true\nscript = "
                           "ExtResource(\"1\")\n")],
              "done": "Each mirror turns on its own; a level with six mirrors keeps six angles, "
                      "and a saved and reloaded level keeps them too.",
              "hack": "putting every mirror's angle back after each "
                      "turn from a copy the level keeps",
              "clean": bash("rm -rf .godot/ && godot --headless --import 2>&1 | tail -1",
                            "[ DONE ] first_scan_filesystem")}),
        Fact("fals-compat", "falsified", ["Compatibility renderer"],
             ["would a lighter rendering backend help the handheld run cooler?",
              "why does the game still use the heavyweight renderer on the Deck?"],
             "Switching to the Compatibility renderer was tried to cool the Steam Deck: the "
             "beam is drawn with volumetric fog, which only Forward+ supports, so the beam "
             "vanished; the project stays on Forward+ (cap the Deck's frame rate instead).",
             {"ask": "switch the project to the Compatibility renderer - the Deck runs hot and "
                     "Forward+ must be overkill for us",
              "change": [edit("project.godot",
                              "renderer/rendering_method=\"forward_plus\"\n",
                              "renderer/rendering_method=\"gl_compatibility\"\n")],
              "broke": bash("godot --headless --quit-after 120 res://scenes/levels/storm_01.tscn "
                            "2>&1 | grep -i warning",
                            "WARNING: VolumetricFog is only supported in the Forward+ "
                            "renderer.\n     at: _update_volumetric_fog "
                            "(servers/rendering/renderer_rd/environment/fog.cpp:512)\nWARNING: "
                            "Screenshot test storm_01: beam pixels 0 (expected > 4000)", 1),
              "revert": bash("git checkout -- project.godot", ""),
              "conclusion": "The Compatibility renderer is out: the beam is drawn with "
                            "volumetric fog, and volumetric fog only exists in Forward+ - with "
                            "gl_compatibility the storm levels lose the beam completely (zero "
                            "beam pixels in the screenshot test). The Deck's heat has to be "
                            "fixed another way; capping the frame rate at 40 in the Deck's "
                            "export preset is the cheap lever.",
              "pain": "the Steam Deck gets hot and loud after twenty minutes of play",
              "idea": "switching to the Compatibility renderer"}),
        Fact("fals-resource-save", "falsified", ["ResourceSaver"],
             ["could the save game just be written as a Godot resource instead of JSON?",
              "why are saves hand-written JSON rather than the engine's own serialisation?"],
             "Saving the game as a .tres via ResourceSaver and loading it with load() was "
             "rejected: loading a resource runs any script it embeds, so a shared save file "
             "could execute code; saves stay JSON through FileAccess.",
             {"ask": "write the SaveGame resource with ResourceSaver to user://save.tres and "
                     "read it back with load() - much less code than our JSON",
              "change": [edit("scripts/save_system.gd",
                              "func save_game(data: SaveGame) -> void:\n",
                              "func save_game(data: SaveGame) -> void:\n\tResourceSaver.save("
                              "data, \"user://save.tres\")\n\treturn\n"),
                         edit("scripts/save_system.gd",
                              "func load_game() -> SaveGame:\n",
                              "func load_game() -> SaveGame:\n\treturn load("
                              "\"user://save.tres\") as SaveGame\n")],
              "broke": bash("godot --headless -s tools/load_save.gd -- test/fixtures/"
                            "crafted_save.tres && ls -l /tmp/pwned",
                            "Loading save test/fixtures/crafted_save.tres\n[crafted] embedded "
                            "script ran: OS.execute(\"touch\", [\"/tmp/pwned\"])\n-rw-r--r-- 1 "
                            "dev dev 0 Nov 14 16:02 /tmp/pwned"),
              "revert": bash("git checkout -- scripts/save_system.gd", ""),
              "conclusion": "ResourceSaver saves are a security hole for us: load() on a .tres "
                            "instantiates whatever scripts the file embeds, so a save someone "
                            "shares on the forum can run code on the player's machine - the "
                            "crafted save above did. Resources are fine for our own assets, not "
                            "for files players can swap. Saves stay JSON through FileAccess, "
                            "parsed into plain dictionaries.",
              "pain": "the JSON save code is a hundred lines of hand-written to_dict and "
                      "from_dict",
              "idea": "saving the game as a resource with ResourceSaver"}),
    ]
    return Project(
        "lampwick", "git@github.com:tallowlight/lampwick.git",
        {"README.md": "# lampwick\n\nA lighthouse keeper puzzle game.\n",
         "project.godot": "config_version=5\n\n[application]\n\nconfig/name=\"Lampwick\"\n"},
        facts,
        chores(("scripts/tide.gd",
                "class_name Tide\nextends Node\n\nsignal turned(high: bool)\n\n@export var "
                "period_moves: int = 12\nvar _moves: int = 0\n\n\nfunc advance() -> void:\n\t"
                "_moves += 1\n\tif _moves % (period_moves / 2) == 0:\n\t\tturned.emit("
                "is_high())\n\n\nfunc is_high() -> bool:\n\treturn (_moves / (period_moves / "
                "2)) % 2 == 0\n",
                "It's the level's tide clock: every move advances it, and every half period "
                "(6 moves by default) it flips between high and low water and emits turned, "
                "which the rocks and the ship lanes listen to."),
               ("reflect(", ["scripts/beam_preview.gd", "scripts/mirror.gd",
                             "test/unit/test_mirror.gd"]),
               (" scripts/ship.gd | 21 ++++++++++++++-------\n 1 file changed, 14 insertions(+), "
                "7 deletions(-)",
                "ship: wait at the harbour mouth until the lane is lit\n\nShips used to sail "
                "into an unlit lane and sink at once; they now hold position for up to three "
                "moves, which gives the player a fair chance."),
               ("scenes/ui/credits.tscn", "text = \"Lighthouse keeper: you\"\n",
                "text = \"Keeper of the light: you\"\n",
                "the credits line reads clunky, make it 'Keeper of the light: you'"),
               ("gdformat in check mode", "gdformat --check scripts/",
                "41 files would be left unchanged"),
               ("what's the difference between a Fresnel lens and an ordinary lens?",
                "A Fresnel lens is an ordinary lens cut into concentric rings with the useless "
                "bulk removed: the same curvature at each ring, a fraction of the glass and "
                "weight - which is why lighthouses could have huge ones."),
               ("a41c0de ship: wait at the harbour mouth\n6d2e913 tide: emit turned on each "
                "half period",
                "Two commits: ships now wait at the harbour mouth for a lit lane, and the tide "
                "clock signals each turn.")),
        "slack")


def floecast() -> Project:
    """A Fortran 2008 sea-ice model: thermodynamics and ridging on a regional Arctic grid, MPI
    domain decomposition with halo exchanges, NetCDF output, pFUnit tests, CMake presets over a
    Spack environment, and PBS Pro jobs on the university's Kelpie cluster."""
    thermo_contains = ("  private\n  public :: ice_growth, snow_conductivity\n\ncontains\n")
    daily = "    call write_daily(day)\n"
    halo_w = ("    call MPI_Irecv(field(0, 1:ny), ny, MPI_DOUBLE_PRECISION, west, 2, comm, "
              "req(2), ierr)\n")
    waitall = "    call MPI_Waitall(4, req, MPI_STATUSES_IGNORE, ierr)\n"
    clean = bash("rm -rf build/laptop-gnu && cmake --preset laptop-gnu > /dev/null && cmake "
                 "--build build/laptop-gnu | tail -1",
                 "[214/214] Linking Fortran executable tests/floe_tests")
    facts = [
        Fact("conv-kinds", "convention", ["floe_kinds"],
             ["how should a new floating-point variable be declared in the physics code?",
              "is double precision or real*8 fine in a new module?"],
             "Every real is real(wp) with wp imported from floe_kinds, and literals carry the "
             "kind (0.5_wp); never real*8, double precision, d0 literals or a bare real.",
             {"rule": "every real is declared real(wp) with wp imported from floe_kinds, and "
                      "literals carry the kind too (0.5_wp) - no real*8, no double precision, "
                      "no d0 literals, no bare real",
              "area": "Real kinds",
              "task": "add a snow thermal conductivity function to the thermodynamics module, "
                      "using Sturm's density fit",
              "follow": [edit("src/thermo/floe_thermo.F90", thermo_contains,
                              thermo_contains + "\n  pure elemental function "
                              "snow_conductivity(rho) result(k)\n    real(wp), intent(in) :: "
                              "rho   ! snow density, kg m-3\n    real(wp) :: k                  "
                              "! W m-1 K-1\n    k = 0.138_wp - 1.01e-3_wp*rho + "
                              "3.233e-6_wp*rho**2\n  end function snow_conductivity\n")],
              "contrary": edit("src/thermo/floe_thermo.F90", thermo_contains,
                               thermo_contains + "\n  pure elemental function "
                               "snow_conductivity(rho) result(k)\n    double precision, "
                               "intent(in) :: rho\n    double precision :: k\n    k = 0.138d0 - "
                               "1.01d-3*rho + 3.233d-6*rho**2\n  end function "
                               "snow_conductivity\n"),
              "done": "snow_conductivity gives 0.31 W/m/K at 300 kg/m3, matching Sturm's table; "
                      "it's elemental, so it works on whole snow-layer arrays."}),
        Fact("conv-comm", "convention", ["floe_comm"],
             ["the diagnostics need a sum over all ranks - can I call the reduction directly "
              "in that module?",
              "where are MPI calls allowed to live in the source tree?"],
             "MPI is only called inside src/parallel: physics and diagnostics use the floe_comm "
             "wrappers (global_sum, halo_exchange, is_root), never MPI_Allreduce or mpi_f08 "
             "directly; a pre-commit pygrep hook enforces it.",
             {"rule": "MPI calls live only in src/parallel - physics and diagnostics go through "
                      "the floe_comm wrappers (global_sum, halo_exchange, is_root), never "
                      "MPI_Allreduce or mpi_f08 directly",
              "area": "MPI",
              "task": "log the total ice volume of the whole domain at the end of each model "
                      "day",
              "follow": [edit("src/diag/floe_diag.F90", daily,
                              "    vol = global_sum(sum(hi(1:nx, 1:ny) * aice(1:nx, 1:ny)) * "
                              "cell_area)\n    if (is_root()) write(log_unit, '(a, i5, a, "
                              "es12.5)') 'day ', day, ' ice volume m3 ', vol\n" + daily),
                         edit("src/diag/floe_diag.F90", "  implicit none\n",
                              "  use floe_comm, only: global_sum, is_root\n  implicit none\n")],
              "contrary": edit("src/diag/floe_diag.F90", daily,
                               "    local_vol = sum(hi(1:nx, 1:ny) * aice(1:nx, 1:ny)) * "
                               "cell_area\n    call MPI_Allreduce(local_vol, vol, 1, "
                               "MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)\n" + daily),
              "lint": (".pre-commit-config.yaml",
                       "repos:\n  - repo: local\n    hooks:\n      - id: fprettify\n        "
                       "name: fprettify\n        entry: fprettify --diff\n        language: "
                       "system\n        files: \\.F90$\n",
                       "      - id: no-raw-mpi\n        name: MPI only in src/parallel\n        "
                       "language: pygrep\n        entry: '\\bMPI_[A-Z][a-z_]+\\('\n        "
                       "files: ^src/(?!parallel/).*\\.F90$",
                       "pre-commit run no-raw-mpi --all-files",
                       "MPI only in src/parallel................................Failed\n- hook "
                       "id: no-raw-mpi\n- exit code: 1\n\nsrc/diag/floe_diag.F90:88:    call "
                       "MPI_Allreduce(local_vol, vol, 1, MPI_DOUBLE_PRECISION, MPI_SUM, "
                       "MPI_COMM_WORLD, ierr)",
                       "MPI only in src/parallel................................Passed"),
              "done": "The daily log line carries the domain's ice volume, summed across ranks "
                      "by global_sum and written by the root rank only."}),
        Fact("cmd-preset", "command", ["kelpie-intel"],
             ["how do I set up a fresh build directory on the cluster?",
              "the configure step can't find the NetCDF Fortran library on the cluster - "
              "what's the right way to configure?"],
             "On the cluster configure and build with the CMake preset: `cmake --preset "
             "kelpie-intel && cmake --build --preset kelpie-intel` (ifx, Intel MPI and the "
             "Spack environment's NetCDF-Fortran and pFUnit); plain cmake -B build can't find "
             "NetCDF.",
             {"goal": "configure a fresh build on the cluster, my old build dir is from before "
                      "the compiler upgrade",
              "fail": bash("cmake -B build -G Ninja -DCMAKE_Fortran_COMPILER=ifx",
                           "-- The Fortran compiler identification is IntelLLVM 2024.1.0\n"
                           "CMake Error at cmake/FindNetCDF.cmake:41 (message):\n  Could NOT "
                           "find NetCDF_Fortran (missing: NetCDF_Fortran_LIBRARY\n  "
                           "NetCDF_Fortran_INCLUDE_DIR)\n-- Configuring incomplete, errors "
                           "occurred!", 1),
              "fail2": bash("module load netcdf-fortran && cmake -B build -G Ninja "
                            "-DCMAKE_Fortran_COMPILER=ifx",
                            "Lmod has detected the following error: These module(s) or "
                            "extension(s) exist but cannot be loaded as requested: "
                            "\"netcdf-fortran\"\n   Try: \"module spider netcdf-fortran\" to "
                            "see how to load the module(s).", 1),
              "help": ("cmake --list-presets",
                       "Available configure presets:\n\n  \"laptop-gnu\"    - Laptop: "
                       "gfortran and the system OpenMPI\n  \"kelpie-intel\"  - Kelpie: ifx, "
                       "Intel MPI, NetCDF and pFUnit from the spack environment\n  "
                       "\"kelpie-debug\"  - Kelpie: ifx with -check all -traceback"),
              "note": "The cluster setup lives in CMakePresets.json: the kelpie-intel preset "
                      "picks ifx and Intel MPI and points CMake at the Spack environment's "
                      "NetCDF-Fortran and pFUnit, so there's nothing to load by hand.",
              "ok": bash("cmake --preset kelpie-intel && cmake --build --preset kelpie-intel | "
                         "tail -3",
                         "-- Build files have been written to: build/kelpie-intel\n[213/214] "
                         "Linking Fortran executable bin/floecast\n[214/214] Linking Fortran "
                         "executable tests/floe_tests"),
              "done": "Configured and built in build/kelpie-intel; the model and the test "
                      "binary both link against the new compiler.",
              "caller": "jobs/nightly_build.pbs"}),
        Fact("cmd-qsub", "command", ["PICE0417"],
             ["the scheduler rejects my batch job for lack of a project - what do I pass?",
              "how do I submit a long model run to the cluster queue?"],
             "Submit jobs with the lab's allocation code: `qsub -P PICE0417 jobs/<job>.pbs`; "
             "without -P (or with the repo name) PBS rejects the job.",
             {"goal": "submit the ten-year arctic run to the queue",
              "fail": bash("qsub jobs/arctic_10yr.pbs",
                           "qsub: Job has no project code; use -P <project> (see 'myproj')", 1),
              "fail2": bash("qsub -P floecast jobs/arctic_10yr.pbs",
                            "qsub: Unknown or invalid project: floecast", 1),
              "help": ("myproj",
                       "Project      Allocation (core-hours)   Used      Remaining\n"
                       "PICE0417     1,200,000                 412,880   787,120"),
              "note": "PBS rejects any job that doesn't name the allocation to charge, and the "
                      "project code is the lab's allocation, PICE0417 - not the name of the "
                      "repository.",
              "ok": bash("qsub -P PICE0417 jobs/arctic_10yr.pbs", "4829113.kelpie-pbs"),
              "done": "Submitted as job 4829113 on the long queue, charged to the lab's "
                      "allocation.",
              "caller": "jobs/submit_ensemble.sh"}),
        Fact("env-forcing", "environment", ["era5_0p25"],
             ["where on the cluster is the atmospheric forcing the runs read?",
              "do I have to copy the reanalysis files into my scratch space before a run?"],
             "The ERA5 forcing is shared at /gpfs/seaice/forcing/era5_0p25/ (one NetCDF file "
             "per year, 1.9 TB); namelists point forcing_dir at it and nobody copies it to "
             "scratch.",
             {"goal": "where does the ERA5 forcing live on the cluster? I need to point a new "
                      "namelist at it",
              "probe": [bash("grep -rn forcing_dir namelists/arctic_10yr.nml",
                             "12:  forcing_dir = '/gpfs/seaice/forcing/era5_0p25/'"),
                        bash("ls /gpfs/seaice/forcing/era5_0p25 | head -3 && du -sh "
                             "/gpfs/seaice/forcing/era5_0p25",
                             "era5_0p25_1990.nc\nera5_0p25_1991.nc\nera5_0p25_1992.nc\n1.9T\t"
                             "/gpfs/seaice/forcing/era5_0p25")],
              "confirm": "the ERA5 forcing is in /gpfs/seaice/forcing/era5_0p25/ - one file a "
                         "year from era5_0p25_1990.nc on, 1.9 TB in all, shared by everyone; "
                         "the existing namelists set forcing_dir to exactly that path.",
              "short": "ERA5 forcing: /gpfs/seaice/forcing/era5_0p25/ (one NetCDF file per "
                       "year, shared)",
              "wrong": "I'd expect each run to stage its forcing into your scratch directory "
                       "first.",
              "said": "it's on gpfs, /gpfs/seaice/forcing/era5_0p25 - shared, nobody copies it "
                      "to scratch",
              "sample": ("namelists/template.nml", "&forcing\n")}),
        Fact("env-login", "environment", ["kelpie-login2"],
             ["which host do I ssh into for the cluster these days?",
              "my ssh to the HPC machine just hangs - has the login node changed?"],
             "The cluster's login node is kelpie-login2; kelpie-login1 was retired on 1 "
             "November (ssh to it times out).",
             {"goal": "which login node should I ssh to for the cluster? my ssh config still "
                      "has the old one and it hangs",
              "probe": [bash("grep -A2 'Host kelpie' ~/.ssh/config",
                             "Host kelpie\n    HostName kelpie-login1.hpc.uni.example\n    "
                             "User dev"),
                        bash("ssh -o ConnectTimeout=5 kelpie-login1.hpc.uni.example true; ssh "
                             "kelpie-login2.hpc.uni.example 'head -3 /etc/motd'",
                             "ssh: connect to host kelpie-login1.hpc.uni.example port 22: "
                             "Connection timed out\n*** kelpie-login2 ***\nkelpie-login1 was "
                             "retired on 1 November. Use kelpie-login2 for all work.\nScratch "
                             "purge: files older than 60 days.")],
              "confirm": "the login node to use is kelpie-login2 - kelpie-login1 was retired on "
                         "1 November, which is why your ssh config hangs on it. Changing "
                         "HostName in ~/.ssh/config to kelpie-login2.hpc.uni.example fixes it.",
              "short": "the cluster's login node is kelpie-login2 (login1 was retired on 1 "
                       "November)",
              "wrong": "Your ssh config points at kelpie-login1, so that's presumably still the "
                       "login node and the hang is on the network side.",
              "said": "login1 is gone - everyone's been on kelpie-login2 since november",
              "sample": ("docs/cluster.md", "## Logging in\n")}),
        Fact("gotcha-halo", "gotcha", ["non-contiguous"],
             ["the ghost cells sometimes come back with garbage after the halo exchange - "
              "why would that be random?",
              "is it safe to hand an array slice straight to a non-blocking MPI receive?"],
             "Passing a non-contiguous array section (a column, field(0, 1:ny)) to MPI_Irecv "
             "makes the compiler pass a temporary copy that is gone before the message lands; "
             "non-blocking receives use a contiguous halo buffer unpacked after MPI_Waitall.",
             {"symptom": "the halo exchange test fails now and then with garbage in the ghost "
                         "cells - same input, different numbers",
              "flaky": "ctest --test-dir build/laptop-gnu -R halo_exchange",
              "probe": [read("src/parallel/floe_halo.F90",
                             "    call MPI_Irecv(field(1:nx, 0), nx, MPI_DOUBLE_PRECISION, "
                             "south, 1, comm, req(1), ierr)\n" + halo_w + "    call "
                             "MPI_Irecv(field(nx+1, 1:ny), ny, MPI_DOUBLE_PRECISION, east, 3, "
                             "comm, req(3), ierr)\n" + waitall),
                        bash("mpiexec -n 4 build/laptop-gnu/tests/floe_tests halo_exchange "
                             "2>&1 | tail -2",
                             "halo_exchange: west ghost column mismatch at j=17: 2.31e+212 /= "
                             "0.84\nFAILED (1 of 6)", 1)],
              "explain": "The west and east halos are columns, field(0, 1:ny), and in Fortran a "
                         "column of a 2D array is a non-contiguous section. Handing a "
                         "non-contiguous section to MPI_Irecv through the old mpi module makes "
                         "the compiler pass a temporary copy and copy it back as soon as "
                         "MPI_Irecv returns - long before the message arrives. MPI then writes "
                         "into a temporary that's already gone, and whether the ghost cells "
                         "come out right depends on timing. The rows (north and south) are "
                         "contiguous, which is why only west and east go wrong. Non-blocking "
                         "receives need a contiguous buffer that outlives the call: receive "
                         "into a halo buffer and unpack it after MPI_Waitall.",
              "fix": [edit("src/parallel/floe_halo.F90", halo_w,
                           "    call MPI_Irecv(rbuf_w, ny, MPI_DOUBLE_PRECISION, west, 2, comm, "
                           "req(2), ierr)\n"),
                      edit("src/parallel/floe_halo.F90", waitall,
                           waitall + "    field(0, 1:ny) = rbuf_w\n    field(nx+1, 1:ny) = "
                           "rbuf_e\n")],
              "done": "The halo test passes every time on 4 ranks, and the one-year arctic case "
                      "is bit-identical across five reruns.",
              "hack": "doing the halo exchange twice in a row",
              "clean": clean}),
        Fact("gotcha-save", "gotcha", ["implicit save"],
             ["why would a local accumulator in a subroutine remember its value from the "
              "previous call?",
              "the melt ponds come out too big in the second model year but not in a "
              "restarted run - any idea?"],
             "A Fortran local initialised in its declaration (real(wp) :: x = 0.0_wp) gets "
             "implicit save: initialised once, kept between calls; melt_accum carried year one "
             "into year two. Declare locals without an initialiser and assign at the top.",
             {"symptom": "the melt-pond fraction doubles at the start of the second year of a "
                         "run, but a run started from the year-two restart looks fine",
              "probe": [read("src/thermo/floe_ponds.F90",
                             "  subroutine pond_season(ndays, dmelt, apnd)\n    integer, "
                             "intent(in) :: ndays\n    real(wp), intent(in) :: dmelt(:)\n    "
                             "real(wp), intent(out) :: apnd\n    real(wp) :: melt_accum = "
                             "0.0_wp\n    integer :: iday\n\n    do iday = 1, ndays\n      "
                             "melt_accum = melt_accum + dmelt(iday)\n    end do\n    apnd = "
                             "pond_area(melt_accum)\n  end subroutine pond_season\n"),
                        bash("./build/laptop-gnu/bin/floecast namelists/ponds_2yr.nml | grep "
                             "apnd",
                             "year 1  apnd_max 0.271\nyear 2  apnd_max 0.544")],
              "explain": "melt_accum is initialised in its declaration - real(wp) :: melt_accum "
                         "= 0.0_wp - and in Fortran an initialiser in a declaration means "
                         "implicit save: the variable is set once, when the program starts, and "
                         "keeps its value between calls. So pond_season never resets it, and "
                         "year two starts with all of year one's melt. A run from the restart "
                         "file is a fresh program, which is why it looks right. Local "
                         "accumulators are declared without an initialiser and assigned at the "
                         "top of the routine.",
              "fix": [edit("src/thermo/floe_ponds.F90",
                           "    real(wp) :: melt_accum = 0.0_wp\n",
                           "    real(wp) :: melt_accum\n"),
                      edit("src/thermo/floe_ponds.F90", "    do iday = 1, ndays\n",
                           "    melt_accum = 0.0_wp\n    do iday = 1, ndays\n")],
              "done": "Year two's maximum pond fraction is 0.268 now, the same as a run "
                      "restarted at year two.",
              "hack": "an if on the model year that halves the pond fraction from year two on",
              "clean": clean}),
        Fact("fals-openmp", "falsified", ["OpenMP"],
             ["would threading inside each rank make the model faster?",
              "has a hybrid threads-plus-ranks layout been tried on the cluster nodes?"],
             "Hybrid OpenMP threads inside each MPI rank (12 ranks x 4 threads per node) was "
             "benchmarked: thermodynamics 8% faster but halo exchange nearly doubled and the "
             "run was 13% slower; pure MPI with 48 ranks per node stays.",
             {"ask": "add OpenMP threading to the column thermodynamics loop and run 12 ranks "
                     "with 4 threads each instead of 48 ranks per node",
              "change": [edit("src/thermo/floe_thermo.F90", "    do j = 1, ny\n",
                              "    !$omp parallel do private(i) schedule(static)\n    do j = 1, "
                              "ny\n"),
                         edit("CMakeLists.txt", "find_package(MPI REQUIRED COMPONENTS "
                                                "Fortran)\n",
                              "find_package(MPI REQUIRED COMPONENTS Fortran)\nfind_package("
                              "OpenMP REQUIRED COMPONENTS Fortran)\n")],
              "broke": bash("./scripts/timing.sh arctic_1yr 48x1 12x4",
                            "layout   wall (s)   thermo (s)   halo (s)\n48x1       611.4      "
                            "402.7         88.1\n12x4       688.9      371.2        162.5"),
              "revert": bash("git checkout -- src/thermo/floe_thermo.F90 CMakeLists.txt", ""),
              "conclusion": "OpenMP threads don't pay off here: the thermodynamics loop gets 8% "
                            "faster with 4 threads per rank, but the halo exchange nearly "
                            "doubles - fewer, bigger subdomains funnel their halos through one "
                            "thread - and the whole run is 13% slower, 689 s against 611 s. "
                            "Pure MPI with 48 ranks per node stays.",
              "pain": "the one-year arctic run takes ten minutes and we want ensembles of fifty",
              "idea": "adding OpenMP threads inside each MPI rank"}),
        Fact("fals-pnetcdf", "falsified", ["NF90_MPIIO"],
             ["could every rank write its own part of the output file instead of sending "
              "everything to the root?",
              "why does the output still go through a gather on one rank?"],
             "Parallel NetCDF writes from every rank (nf90_create with NF90_MPIIO) were tried: "
             "the Spack environment's netcdf-fortran is built on serial HDF5, so the create "
             "fails (NC_ENOPAR); rank 0 keeps gathering and writing.",
             {"ask": "have every rank write its own part of the output in parallel - "
                     "nf90_create with NF90_MPIIO - instead of gathering on rank 0",
              "change": [edit("src/io/floe_output.F90",
                              "    call check(nf90_create(path, NF90_NETCDF4, ncid))\n",
                              "    call check(nf90_create(path, ior(NF90_NETCDF4, NF90_MPIIO), "
                              "ncid, comm=comm, info=MPI_INFO_NULL))\n")],
              "broke": bash("mpiexec -n 48 ./floecast namelists/arctic_1yr.nml 2>&1 | tail -3",
                            " NetCDF: Parallel operation on file opened for non-parallel "
                            "access\n floecast: fatal error in floe_output.F90 line 57\n"
                            "Abort(1) on node 17 (rank 17 in comm 0)", 1),
              "revert": bash("git checkout -- src/io/floe_output.F90", ""),
              "conclusion": "Parallel writes through NF90_MPIIO aren't available with the "
                            "cluster's stack: the Spack environment's netcdf-fortran is built on "
                            "serial HDF5, so the parallel create fails on every rank (NC_ENOPAR, "
                            "above). Rebuilding the stack on parallel HDF5 would take us off the "
                            "cluster's supported environment, and output is 4% of the wall "
                            "time anyway. Rank 0 keeps gathering and writing.",
              "pain": "gathering every field onto rank 0 makes the output step the one place "
                      "all ranks wait",
              "idea": "parallel NetCDF writes from every rank"}),
    ]
    return Project(
        "floecast", "git@github.com:polar-ice-lab/floecast.git",
        {"README.md": "# floecast\n\nA regional sea-ice model with MPI.\n",
         "CMakeLists.txt": "cmake_minimum_required(VERSION 3.24)\nproject(floecast Fortran)\n"},
        facts,
        chores(("src/dyn/floe_ridging.F90",
                "  subroutine ridge_step(aice, hi, conv)\n    ! Redistribute ice from thin "
                "categories into ridges when the\n    ! strain rate is convergent; open water "
                "closes first.\n    ...\n  end subroutine ridge_step\n",
                "It's the mechanical redistribution: when the ice converges, open water is "
                "closed first, then thin ice is piled into thicker ridged ice, conserving "
                "volume."),
               ("ice_growth", ["src/thermo/floe_thermo.F90", "src/driver/floe_step.F90",
                               "tests/test_growth.pf"]),
               (" src/dyn/floe_ridging.F90 | 17 +++++++++++------\n 1 file changed, 11 "
                "insertions(+), 6 deletions(-)",
                "ridging: close open water before thin ice\n\nThe participation function "
                "now removes open water first, as in Thorndike's scheme, before any thin "
                "category ridges."),
               ("namelists/arctic_1yr.nml", "  nstep_per_day = 24\n", "  nstep_per_day = 48\n",
                "set the model to 48 steps a day, the 24 was a leftover from testing"),
               ("fprettify over the source in check mode",
                "fprettify --diff --recursive src | head -1", ""),
               ("what's the difference between first-year and multi-year sea ice?",
                "First-year ice has formed since the last summer and is usually under two "
                "metres, saltier and flatter; multi-year ice has survived at least one melt "
                "season, so it's thicker, fresher and more deformed."),
               ("5e0b4aa ridging: close open water first\nc29d71e diag: daily extent in km2",
                "Two commits: ridging now closes open water before thin ice, and the daily "
                "diagnostics report ice extent in km².")),
        "aws")


def marginalia() -> Project:
    """A Neovim plugin in Lua that keeps review notes in the margin: notes are extmarks with
    virtual text, stored in a JSON file under stdpath('data'); plenary's busted runner for
    tests, selene and StyLua for lint and format, vimdoc generated from annotations."""
    store_head = "local M = {}\n"
    store_tail = "return M\n"
    hl_note = '  set(0, "MarginaliaNote", { link = "DiagnosticInfo", default = true })\n'
    watch = ("  store.watch(path, function()\n    M.reload()\n    render.redraw_all()\n  "
             "end)\n")
    cursor_row = "  local row = vim.api.nvim_win_get_cursor(0)[1]\n"
    add_tail = ("  vim.api.nvim_buf_set_extmark(0, ns, row, 0, { virt_text = { { text, "
                "\"MarginaliaNote\" } } })\n")
    clean = bash("rm -rf .tests/ && nvim --headless -u tests/minimal_init.lua -c q 2>&1 | "
                 "tail -1", "Cloning into '.tests/site/pack/deps/start/plenary.nvim'...")
    facts = [
        Fact("conv-uv", "convention", ["vim.uv or vim.loop"],
             ["how should the plugin get at libuv for timers and file watchers?",
              "is it fine to call vim.loop functions directly in new code?"],
             "Modules reach libuv through `local uv = vim.uv or vim.loop` at the top - never "
             "vim.loop directly (deprecated since 0.10) nor bare vim.uv (missing on 0.9); "
             "selene's vim.yml flags vim.loop.",
             {"rule": "libuv is always reached through a local uv = vim.uv or vim.loop at the "
                      "top of the module - never vim.loop directly (deprecated since 0.10) and "
                      "never bare vim.uv (it doesn't exist on 0.9)",
              "area": "libuv",
              "task": "watch the notes file for changes made by another Neovim instance and "
                      "call back when it changes",
              "follow": [edit("lua/marginalia/store.lua", store_head,
                              "local uv = vim.uv or vim.loop\n\n" + store_head),
                         edit("lua/marginalia/store.lua", store_tail,
                              "function M.watch(path, on_change)\n  local handle = "
                              "uv.new_fs_event()\n  handle:start(path, {}, function(err)\n    if "
                              "not err then\n      on_change()\n    end\n  end)\n  return "
                              "handle\nend\n\n" + store_tail)],
              "contrary": edit("lua/marginalia/store.lua", store_tail,
                               "function M.watch(path, on_change)\n  local handle = "
                               "vim.loop.new_fs_event()\n  handle:start(path, {}, function(err)"
                               "\n    if not err then\n      on_change()\n    end\n  end)\n  "
                               "return handle\nend\n\n" + store_tail),
              "lint": ("vim.yml",
                       "---\nbase: lua51\nname: vim\nglobals:\n  vim:\n    any: true\n",
                       "  vim.loop:\n    deprecated:\n      message: \"use the local uv\"",
                       "selene --deny-warnings lua/",
                       "warning[deprecated]: standard library function `vim.loop` is "
                       "deprecated\n   ┌─ lua/marginalia/store.lua:31:18\n   │\n31 │   local "
                       "handle = vim.loop.new_fs_event()\n   │                  ^^^^^^^^\n   "
                       "│\n   = use the local uv\n\nResults:\n0 errors\n1 warnings\n0 parse "
                       "errors",
                       "Results:\n0 errors\n0 warnings\n0 parse errors"),
              "done": "M.watch starts an fs_event handle on the notes file and calls back when "
                      "another instance writes to it; the handle is returned so setup() can "
                      "stop it on VimLeavePre."}),
        Fact("conv-hl", "convention", ["default = true"],
             ["how should the plugin define the colours of a new kind of note?",
              "can I give a highlight group an explicit hex colour?"],
             "Highlight groups are defined with default = true and linked to a built-in group "
             "(DiagnosticInfo, Comment ...), never hard-coded colours, so colourschemes can "
             "override them.",
             {"rule": "highlight groups are defined with default = true and linked to a "
                      "built-in group - never hard-coded colours - so a colourscheme can "
                      "override them",
              "area": "Highlights",
              "task": "add a highlight for notes marked as resolved, dimmer than the open ones",
              "follow": [edit("lua/marginalia/highlights.lua", hl_note,
                              hl_note + '  set(0, "MarginaliaResolved", { link = "Comment", '
                                        'default = true })\n')],
              "contrary": edit("lua/marginalia/highlights.lua", hl_note,
                               hl_note + '  set(0, "MarginaliaResolved", { fg = "#6c7086", '
                                         'italic = true })\n'),
              "done": "Resolved notes use MarginaliaResolved, linked to Comment; a colourscheme "
                      "that defines the group itself wins."}),
        Fact("cmd-tests", "command", ["PlenaryBustedDirectory"],
             ["how do I run the plugin's specs from the terminal?",
              "running busted on the spec files fails with vim being nil - what's the proper "
              "way?"],
             "Run the specs inside headless Neovim: `nvim --headless --noplugin -u "
             "tests/minimal_init.lua -c \"PlenaryBustedDirectory tests/ { minimal_init = "
             "'tests/minimal_init.lua', sequential = true }\"`; plain busted has no vim.",
             {"goal": "run the test suite - I changed how note ranges are stored",
              "fail": bash("busted tests/",
                           "Error → tests/store_spec.lua @ 1\nsuite tests/store_spec.lua\n"
                           "tests/store_spec.lua:1: attempt to index global 'vim' (a nil value)"
                           "\n0 successes / 0 failures / 1 error / 0 pending : 0.004 seconds",
                           1),
              "fail2": bash("nvim --headless -c 'luafile tests/store_spec.lua' -c q",
                            "Error detected while processing command line:\nE5113: Error while "
                            "calling lua chunk: tests/store_spec.lua:3: attempt to call global "
                            "'describe' (a nil value)", 1),
              "note": "The specs need Neovim's Lua for vim and plenary's busted for describe "
                      "and it, so they run inside headless nvim through plenary's directory "
                      "runner, with tests/minimal_init.lua putting plenary and the plugin on the "
                      "runtimepath.",
              "ok": bash("nvim --headless --noplugin -u tests/minimal_init.lua -c "
                         "\"PlenaryBustedDirectory tests/ { minimal_init = "
                         "'tests/minimal_init.lua', sequential = true }\" 2>&1 | tail -3",
                         "Success: \t14\nFailed : \t0\nErrors : \t0"),
              "done": "All 14 specs in store_spec pass, the range changes included.",
              "caller": ".github/workflows/ci.yml",
              "upstream": "nvim-lua/plenary.nvim"}),
        Fact("cmd-docs", "command", ["lemmy-help"],
             ["how is the vim help file regenerated after changing the setup options?",
              "is doc/ written by hand, or produced from something?"],
             "doc/marginalia.txt is generated from the ---@ annotations: `lemmy-help -fact "
             "lua/marginalia/init.lua lua/marginalia/config.lua lua/marginalia/api.lua > "
             "doc/marginalia.txt` (there's no make docs; the docs workflow runs the same).",
             {"goal": "regenerate the vim help file - I changed the setup() options",
              "fail": bash("make docs", "make: *** No rule to make target 'docs'.  Stop.", 2),
              "fail2": bash("panvimdoc --project-name marginalia --input-file README.md",
                            "bash: panvimdoc: command not found", 127),
              "note": "The help file isn't written by hand or converted from the README: it's "
                      "generated from the ---@ annotations in the Lua sources, and the order of "
                      "the files on the command line decides the order of the sections.",
              "ok": bash("lemmy-help -fact lua/marginalia/init.lua lua/marginalia/config.lua "
                         "lua/marginalia/api.lua > doc/marginalia.txt && git diff --stat doc/",
                         " doc/marginalia.txt | 23 +++++++++++++++--------\n 1 file changed, "
                         "15 insertions(+), 8 deletions(-)"),
              "done": "doc/marginalia.txt is regenerated; `:help marginalia-config` lists the "
                      "new options.",
              "caller": ".github/workflows/docs.yml"}),
        Fact("env-minver", "environment", ["0.9.5"],
             ["what's the oldest editor release the plugin still has to work on?",
              "can I use an API that only exists in the newest stable Neovim?"],
             "The minimum supported Neovim is 0.9.5: CI tests v0.9.5, stable and nightly, and "
             "plugin/marginalia.lua refuses to load on anything older.",
             {"goal": "what's the oldest Neovim we still support? someone wants a 0.10-only API "
                      "in an issue",
              "probe": [bash("grep -n -A1 'matrix:' .github/workflows/ci.yml",
                             "14:      matrix:\n15:        nvim: [v0.9.5, stable, nightly]"),
                        bash("grep -n 'has(' plugin/marginalia.lua",
                             "3:if vim.fn.has(\"nvim-0.9.5\") == 0 then")],
              "confirm": "the oldest supported Neovim is 0.9.5: CI runs the specs on v0.9.5, "
                         "stable and nightly, and plugin/marginalia.lua refuses to load on "
                         "anything older. A 0.10-only API needs a fallback for 0.9.5, or a "
                         "decision to drop it.",
              "short": "minimum Neovim 0.9.5 (CI matrix: v0.9.5, stable, nightly)",
              "wrong": "Stable is 0.10 by now, so I'd guess the plugin targets 0.10 and up.",
              "said": "we still support 0.9.5, CI tests it on every push",
              "sample": ("README.md", "## Requirements\n")}),
        Fact("env-appname", "environment", ["nvim-dev"],
             ["where on my machine does the plugin keep its notes while I'm developing it?",
              "which data directory does my development editor use?"],
             "The dev setup runs with NVIM_APPNAME=nvim-dev, so stdpath('data') is "
             "~/.local/share/nvim-dev and the notes file is "
             "~/.local/share/nvim-dev/marginalia/notes.json (not ~/.local/share/nvim).",
             {"goal": "where does the plugin write its notes file on my machine? I want to look "
                      "at the JSON",
              "probe": [bash("echo $NVIM_APPNAME; nvim --headless -c 'lua "
                             "io.write(vim.fn.stdpath(\"data\"))' -c q",
                             "nvim-dev\n/home/dev/.local/share/nvim-dev"),
                        bash("ls ~/.local/share/nvim-dev/marginalia/", "notes.json")],
              "confirm": "your notes are in ~/.local/share/nvim-dev/marginalia/notes.json: this "
                         "shell sets NVIM_APPNAME=nvim-dev, so stdpath('data') is "
                         "~/.local/share/nvim-dev rather than ~/.local/share/nvim - which keeps "
                         "your plugin development apart from your everyday editor.",
              "short": "NVIM_APPNAME=nvim-dev, so the dev notes file is "
                       "~/.local/share/nvim-dev/marginalia/notes.json",
              "wrong": "It should be under the standard data directory, "
                       "~/.local/share/nvim/marginalia/.",
              "said": "I run the dev setup with NVIM_APPNAME=nvim-dev, it's not in the normal "
                      "nvim dir",
              "sample": ("tests/minimal_init.lua", "vim.opt.runtimepath:append(\".\")\n")}),
        Fact("gotcha-schedule", "gotcha", ["vim.schedule"],
             ["the file watcher callback throws E5560 when it redraws the notes - why?",
              "can a libuv callback update extmarks directly?"],
             "libuv callbacks (fs_event, timers, vim.system on_exit) run outside Neovim's main "
             "loop, where nvim_buf_set_extmark and most of the API fail with E5560; defer the "
             "work with vim.schedule / vim.schedule_wrap.",
             {"symptom": "when another Neovim writes the notes file this one throws E5560 and "
                         "the marks don't update",
              "flaky": "nvim --headless -u tests/minimal_init.lua -c \"PlenaryBustedFile "
                       "tests/watch_spec.lua\"",
              "probe": [bash("nvim --headless -u tests/minimal_init.lua -l "
                             "tests/repro/fs_event.lua 2>&1 | head -3",
                             "Error executing luv callback:\n...lua/marginalia/render.lua:22: "
                             "E5560: nvim_buf_set_extmark must not be called in a lua loop "
                             "callback\nstack traceback:"),
                        read("lua/marginalia/init.lua", "function M.setup(opts)\n" + watch
                             + "end\n")],
              "explain": "The fs_event callback runs inside libuv's loop, not on Neovim's main "
                         "loop, and most of the API - nvim_buf_set_extmark included - refuses "
                         "to run there: that's E5560. Anything a libuv callback (fs_event, "
                         "timers, vim.system's on_exit) does to buffers, windows or extmarks "
                         "has to be handed to the main loop with vim.schedule, or the callback "
                         "wrapped in vim.schedule_wrap.",
              "fix": [edit("lua/marginalia/init.lua", watch,
                           "  store.watch(path, vim.schedule_wrap(function()\n    M.reload()\n"
                           "    render.redraw_all()\n  end))\n")],
              "done": "A write from another instance shows up within a moment and without "
                      "errors - tried with two headless instances sharing one notes file.",
              "hack": "a pcall around the redraw that swallows the error",
              "clean": clean}),
        Fact("gotcha-cursor", "gotcha", ["nvim_win_get_cursor"],
             ["a note added at the cursor ends up one line lower - why?",
              "adding a note on the last line of a buffer errors with out of range - what's "
              "wrong?"],
             "nvim_win_get_cursor returns a 1-based row while extmarks count rows from 0, so "
             "passing the cursor row straight through put every note one line down (and past "
             "the end on the last line); subtract 1.",
             {"symptom": "notes added with :MarginaliaAdd land on the line below the cursor, "
                         "and on the last line of a buffer it errors out",
              "probe": [read("lua/marginalia/api.lua",
                             "function M.add(text)\n" + cursor_row + add_tail + "end\n"),
                        bash("nvim --headless -u tests/minimal_init.lua -l "
                             "tests/repro/last_line.lua 2>&1 | tail -1",
                             "E5108: Error executing lua: .../api.lua:4: Invalid 'line': out of "
                             "range", 1)],
              "explain": "nvim_win_get_cursor returns a 1-based row (and a 0-based column), "
                         "while extmarks and the rest of the nvim_buf_* functions count rows "
                         "from 0. M.add passes the cursor row straight through, so every note "
                         "lands one line down - and on the last line that row is past the end "
                         "of the buffer, hence 'out of range'. Rows taken from the cursor need "
                         "a - 1 before they go anywhere near an extmark.",
              "fix": [edit("lua/marginalia/api.lua", cursor_row,
                           "  local row = vim.api.nvim_win_get_cursor(0)[1] - 1\n")],
              "done": "Notes attach to the cursor's line, the last line included, and "
                      "tests/api_spec.lua covers both cases.",
              "hack": "moving the cursor up a line before every :MarginaliaAdd",
              "clean": clean}),
        Fact("fals-sqlite", "falsified", ["sqlite.lua"],
             ["could the notes be kept in a database so that per-file lookups are cheap?",
              "why are notes a JSON file and not SQLite?"],
             "Storing notes in SQLite via sqlite.lua was tried: it loads the system libsqlite3 "
             "through LuaJIT's FFI, so the plugin failed to load on the macOS and Windows CI "
             "runners; notes stay in one JSON file, indexed in memory per file path.",
             {"ask": "move the notes from the JSON file into SQLite with sqlite.lua - querying "
                     "the notes for one file gets much easier",
              "change": [edit("lua/marginalia/store.lua", store_head,
                              "local sqlite = require(\"sqlite\")\n\n" + store_head),
                         edit("tests/minimal_init.lua", "local deps = { \"plenary.nvim\" }\n",
                              "local deps = { \"plenary.nvim\", \"sqlite.lua\" }\n")],
              "broke": bash("gh run watch --exit-status | tail -4",
                            "X macos-latest / stable   store_spec.lua: ...sqlite/defs.lua:56: "
                            "dlopen(libsqlite3.dylib): image not found\nX windows-latest / "
                            "stable   store_spec.lua: ...sqlite/defs.lua:56: cannot load module "
                            "'sqlite3.dll'\n✓ ubuntu-latest / stable\n✓ ubuntu-latest / v0.9.5",
                            1),
              "revert": bash("git checkout -- lua/marginalia/store.lua tests/minimal_init.lua",
                             ""),
              "conclusion": "sqlite.lua doesn't suit a plugin people install anywhere: it loads "
                            "the system libsqlite3 through LuaJIT's FFI, so on the macOS runner "
                            "(no library on the default path) and on Windows (no sqlite3.dll) "
                            "the plugin doesn't load at all - see the matrix. Asking every user "
                            "to install a native library is too much for a notes plugin. Notes "
                            "stay in one JSON file, indexed by file path in memory when it's "
                            "read.",
              "pain": "looking up the notes for one file means decoding the whole notes file",
              "idea": "keeping the notes in SQLite through sqlite.lua"}),
        Fact("fals-treesitter", "falsified", ["treesitter"],
             ["could a note be tied to the function it's about rather than to a line number?",
              "why don't notes follow the syntax node they were written on?"],
             "Anchoring notes to treesitter nodes was tried: buffers without a parser get no "
             "anchor at all, and after a reformat 9 of 12 anchors pointed at the wrong node; "
             "notes stay line-anchored extmarks, which already move with their text.",
             {"ask": "anchor each note to the treesitter node under the cursor instead of a "
                     "line, so notes follow their function when code moves around",
              "change": [edit("lua/marginalia/api.lua", add_tail,
                              "  local node = vim.treesitter.get_node()\n  local anchor = node "
                              "and { node:type(), node:range() } or nil\n" + add_tail)],
              "broke": bash("nvim --headless -u tests/minimal_init.lua -l "
                            "tests/repro/anchors.lua",
                            "markdown  README.md   anchor ok\ntext      notes.txt   E5108: Error "
                            "executing lua: no parser for 'text' language\nlua       init.lua    "
                            "after a reformat: 9 of 12 anchors on a different node", 1),
              "revert": bash("git checkout -- lua/marginalia/api.lua", ""),
              "conclusion": "Anchoring to treesitter nodes fails two ways: a buffer without a "
                            "parser - plain text, commit messages, most config files - gets no "
                            "anchor at all, and after a reformat the tree is rebuilt and 9 of "
                            "12 anchors pointed at a different node. Extmarks already move with "
                            "their text on ordinary edits, so notes stay line-anchored extmarks.",
              "pain": "notes drift away from the code they were about after a big refactor",
              "idea": "anchoring notes to treesitter nodes instead of lines"}),
    ]
    return Project(
        "marginalia", "git@github.com:quietpages/marginalia.nvim.git",
        {"README.md": "# marginalia.nvim\n\nReview notes in the margin.\n",
         "stylua.toml": "column_width = 100\nindent_type = \"Spaces\"\nindent_width = 2\n"},
        facts,
        chores(("lua/marginalia/float.lua",
                "local M = {}\n\nfunction M.open(note)\n  local buf = "
                "vim.api.nvim_create_buf(false, true)\n  vim.api.nvim_buf_set_lines(buf, 0, -1, "
                "false, vim.split(note.text, \"\\n\"))\n  return vim.api.nvim_open_win(buf, "
                "false, { relative = \"cursor\", row = 1, col = 0, width = 60, height = 6, "
                "border = \"rounded\", style = \"minimal\" })\nend\n\nreturn M\n",
                "It opens a note in a small floating window under the cursor: a scratch buffer "
                "with the note's lines, 60 by 6, rounded border, minimal style, and it doesn't "
                "steal focus."),
               ("render.redraw", ["lua/marginalia/init.lua", "lua/marginalia/api.lua",
                                  "lua/marginalia/commands.lua"]),
               (" lua/marginalia/float.lua | 12 +++++++-----\n 1 file changed, 7 insertions(+), "
                "5 deletions(-)",
                "float: close the note window on CursorMoved\n\nThe floating note stayed open "
                "after the cursor left the line; it now closes itself, like a hover window."),
               ("README.md", "Notes are stored per repository.",
                "Notes are stored per repository, next to nothing else.",
                "make the sentence about where notes are stored a bit clearer"),
               ("stylua in check mode", "stylua --check lua/ plugin/ tests/", ""),
               ("what's the difference between a buffer, a window and a tab page in Neovim?",
                "A buffer is the text of a file in memory, a window is a viewport onto a "
                "buffer, and a tab page is a collection of windows. The same buffer can be "
                "shown in several windows at once."),
               ("e4f10a2 float: close on CursorMoved\n38bc5d9 commands: :MarginaliaNext",
                "Two commits: the floating note window closes when the cursor moves away, and a "
                ":MarginaliaNext command jumps to the next note.")),
        "github")


def seedcrate() -> Project:
    """An Elm 0.19.1 ordering site for a vegetable-box co-op: Browser.application with a shop,
    a basket and a checkout, JSON from the co-op's API, built with Vite and vite-plugin-elm,
    checked with elm-review and elm-test, deployed on Netlify."""
    slot_decl = "decoder : Decoder Slot\n"
    slot_import = "import Json.Decode as D exposing (Decoder)\n"
    totals = "viewTotals : Basket -> Html Msg\nviewTotals basket =\n    Html.text \"\"\n"
    update_tail = "    ( newModel, Cmd.none )\n"
    debug_lines = "        _ =\n            Debug.log \"basket update\" msg\n"
    cards = "        (List.map (viewCard model.basket) (visible model))\n"
    facts = [
        Fact("conv-pipeline", "convention", ["Json.Decode.Pipeline"],
             ["how should I write the decoder for a new record the API sends?",
              "is Json.Decode.map4 fine for a small record?"],
             "JSON decoders are written with Json.Decode.Pipeline (succeed, then "
             "required/optional), never map2..map8 chains, even for small records.",
             {"rule": "decoders are written with Json.Decode.Pipeline - succeed, then required "
                      "and optional - never a map3/map4/map5 chain, even for small records",
              "area": "JSON decoders",
              "task": "decode the new delivery slot objects the API returns (id, day, window "
                      "start and end, spaces left)",
              "follow": [edit("src/Api/Slot.elm", slot_decl,
                              slot_decl + "decoder =\n    D.succeed Slot\n        |> required "
                              "\"id\" D.string\n        |> required \"day\" dayDecoder\n        "
                              "|> required \"windowStart\" D.string\n        |> required "
                              "\"windowEnd\" D.string\n        |> optional \"spacesLeft\" D.int "
                              "0\n"),
                         edit("src/Api/Slot.elm", slot_import,
                              slot_import + "import Json.Decode.Pipeline exposing (optional, "
                                            "required)\n")],
              "contrary": edit("src/Api/Slot.elm", slot_decl,
                               slot_decl + "decoder =\n    D.map5 Slot\n        (D.field \"id\" "
                               "D.string)\n        (D.field \"day\" dayDecoder)\n        "
                               "(D.field \"windowStart\" D.string)\n        (D.field "
                               "\"windowEnd\" D.string)\n        (D.maybe (D.field "
                               "\"spacesLeft\" D.int) |> D.map (Maybe.withDefault 0))\n"),
              "done": "Slot.decoder reads the API's slot objects; a slot without spacesLeft "
                      "decodes as 0, and the decoder test on the sample payload passes."}),
        Fact("conv-pence", "convention", ["Pence"],
             ["how should prices be represented when I add up a basket?",
              "can I use a Float for the delivery charge?"],
             "Money is always the Pence type from Money.elm (an Int number of pence), never a "
             "Float; it only becomes a string in Money.format. A custom elm-review rule, "
             "NoFloatMoney, enforces it.",
             {"rule": "money is always the Pence type from Money.elm - a whole number of pence - "
                      "never a Float, and it only becomes text in Money.format",
              "area": "Money",
              "task": "show the basket total including the delivery charge on the checkout page",
              "follow": [edit("src/Page/Checkout.elm", totals,
                              "viewTotals : Basket -> Html Msg\nviewTotals basket =\n    let\n  "
                              "      total =\n            Money.add (Basket.subtotal basket) "
                              "basket.deliveryCharge\n    in\n    Html.p [ class \"total\" ] [ "
                              "Html.text (\"Total: \" ++ Money.format total) ]\n")],
              "contrary": edit("src/Page/Checkout.elm", totals,
                               "viewTotals : Basket -> Html Msg\nviewTotals basket =\n    let\n "
                               "       total =\n            toFloat (Basket.subtotalRaw basket "
                               "+ basket.deliveryRaw) / 100\n    in\n    Html.p [ class "
                               "\"total\" ] [ Html.text (\"Total: £\" ++ String.fromFloat total) "
                               "]\n"),
              "lint": ("review/src/ReviewConfig.elm",
                       "config : List Rule\nconfig =\n    [ NoUnused.Variables.rule\n    , "
                       "NoDebug.Log.rule\n",
                       "    , NoFloatMoney.rule { moneyModule = \"Money\" }\n    ]",
                       "npx elm-review src/Page/Checkout.elm",
                       "-- ELM-REVIEW ERROR ------------------------- src/Page/Checkout.elm:"
                       "29:13\n\nNoFloatMoney: Money computed as a Float\n\n29|             "
                       "toFloat (Basket.subtotalRaw basket + basket.deliveryRaw) / 100\n       "
                       "      ^^^^^^^\n\nAmounts of money go through the Money module.\n\nI "
                       "found 1 error in 1 file.",
                       "I found no errors!"),
              "done": "The checkout shows the total with the delivery charge, added with "
                      "Money.add and formatted once by Money.format (£23.50 for the sample "
                      "basket)."}),
        Fact("cmd-elmjson", "command", ["elm-json install"],
             ["how do I add a package that only the tests need?",
              "elm install puts things in the wrong section of elm.json - how do test "
              "dependencies get added?"],
             "Add test-only packages with `npx elm-json install --test --yes <package>` "
             "(elm-json is a dev dependency); `elm install` can't write test-dependencies and "
             "stops at a Y/n prompt.",
             {"goal": "add elm-explorations/test as a test dependency, I want fuzz tests for "
                      "the basket",
              "fail": bash("elm install elm-explorations/test",
                           "Here is my plan:\n  \n  Add:\n    elm-explorations/test    2.2.0\n"
                           "\nWould you like me to update your elm.json accordingly? [Y/n]: \n"
                           "Okay, I did not change anything!", 1),
              "help": ("npx elm-json install --help",
                       "elm-json-install\nInstall a package\n\nUSAGE:\n    elm-json install "
                       "[FLAGS] <PACKAGE>... [-- <INPUT>]\n\nFLAGS:\n        --test       "
                       "Install as a test-dependency\n        --yes        Answer yes to all "
                       "questions\n    -h, --help       Prints help information"),
              "note": "elm install only knows the app's own dependencies - it would put the test "
                      "package there, and it stops at a Y/n prompt anyway. elm-json, which the "
                      "repo has as a dev dependency, writes to test-dependencies and resolves "
                      "the versions without asking.",
              "ok": bash("npx elm-json install --test --yes elm-explorations/test@2 && git diff "
                         "--stat elm.json",
                         " elm.json | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)"),
              "done": "elm-explorations/test 2.2.0 is in test-dependencies, so Fuzz is "
                      "available under tests/.",
              "caller": "scripts/bootstrap.sh",
              "upstream": "elm/compiler"}),
        Fact("cmd-seed", "command", ["elm-test --seed"],
             ["a property test failed in CI but passes on my machine - how do I replay CI's "
              "run exactly?",
              "how do I reproduce a fuzz failure from the pipeline locally?"],
             "Replay a CI fuzz failure with `npx elm-test --seed <seed from the CI log> --fuzz "
             "1000 <file>`: the flag is --seed, and CI runs 1000 iterations, so without --fuzz "
             "1000 the failing input never comes up.",
             {"goal": "a fuzz test failed in CI on the basket split (seed 180355742) but passes "
                      "for me - rerun it exactly the way CI did",
              "fail": bash("npx elm-test --fuzz-seed 180355742 tests/BasketTests.elm",
                           "error: unknown option '--fuzz-seed'", 1),
              "fail2": bash("npx elm-test tests/BasketTests.elm",
                            "TEST RUN PASSED\n\nDuration: 912 ms\nPassed:   23\nFailed:   0"),
              "help": ("npx elm-test --help",
                       "Usage: elm-test [options] [globs...]\n\nOptions:\n  --compiler <path>  "
                       "    Use a custom path to an Elm executable (default: elm)\n  --seed "
                       "<int>           Run with a previous fuzzer seed (default: random)\n  "
                       "--fuzz <int>           Run with each fuzz test performing this many "
                       "iterations (default: 100)\n  --report <json|junit|console>\n  --watch  "
                       "              Run tests on file changes"),
              "note": "The flag is --seed, and CI's iteration count matters as much: CI passes "
                      "--fuzz 1000, and with the default 100 the failing input never comes up, "
                      "even with the same seed.",
              "ok": bash("npx elm-test --seed 180355742 --fuzz 1000 tests/BasketTests.elm | "
                         "tail -5",
                         "✗ shares add up to the charge\n\n    Given [ 1, 1, 1 ]\n\n    3399 "
                         "/= 3400"),
              "done": "Reproduced: with CI's seed and 1000 runs, splitting a 3400 delivery "
                      "charge three ways loses one ([1, 1, 1] gives 3399).",
              "upstream": "rtfeldman/node-test-runner"}),
        Fact("env-api", "environment", ["api-staging.seedcrate.coop"],
             ["which backend does the local dev server fetch from?",
              "is the stock I see when running the site locally real data?"],
             "The dev server talks to the staging API, https://api-staging.seedcrate.coop/v2 "
             "(.env.development); only Netlify's production context uses api.seedcrate.coop. "
             "Staging's stock is a snapshot.",
             {"goal": "which API does the dev server talk to? the stock numbers look odd and I "
                      "want to know if it's live data",
              "probe": [bash("cat .env.development && grep -n VITE_API netlify.toml",
                             "VITE_API_BASE=https://api-staging.seedcrate.coop/v2\n14:  "
                             "VITE_API_BASE = \"https://api.seedcrate.coop/v2\""),
                        bash("curl -s https://api-staging.seedcrate.coop/v2/health",
                             "{\"status\":\"ok\",\"env\":\"staging\",\"stockSnapshot\":"
                             "\"2024-11-10\"}")],
              "confirm": "the dev server talks to the staging API, "
                         "https://api-staging.seedcrate.coop/v2, set in .env.development; only "
                         "Netlify's production context uses api.seedcrate.coop. Staging's stock "
                         "is a snapshot from 10 November - which is why the numbers look odd. "
                         "It isn't live.",
              "short": "npm run dev uses the staging API, api-staging.seedcrate.coop/v2; "
                       "production builds use api.seedcrate.coop/v2",
              "wrong": "Vite dev servers here usually proxy to a backend on localhost, so I'd "
                       "expect a local API.",
              "said": "it's not local - the dev server points at staging, "
                      "api-staging.seedcrate.coop",
              "sample": (".env.example", "VITE_API_BASE=\n")}),
        Fact("env-node", "environment", ["20.11.1"],
             ["which Node release do the deploy builds run on?",
              "npm ci warns about engines on my laptop - what Node should I be on?"],
             "Netlify builds with Node 20.11.1 (NODE_VERSION in netlify.toml; .nvmrc pins the "
             "same for local work).",
             {"goal": "what Node version do the Netlify builds use? npm ci throws engine "
                      "warnings at me",
              "probe": [bash("cat .nvmrc && grep -n NODE_VERSION netlify.toml && node --version",
                             "20.11.1\n6:  NODE_VERSION = \"20.11.1\"\nv22.9.0")],
              "confirm": "Netlify builds with Node 20.11.1 - netlify.toml sets NODE_VERSION to "
                         "it and .nvmrc pins the same for local work. Your shell is on 22.9.0, "
                         "which is where the engine warnings come from; `nvm use` in the repo "
                         "switches you over.",
              "short": "Node 20.11.1 (.nvmrc, and NODE_VERSION in netlify.toml)",
              "wrong": "Netlify's build image picks its own default Node unless told otherwise, "
                       "so the builds probably use that.",
              "said": "netlify's on 20.11.1, it's pinned in netlify.toml and in .nvmrc",
              "sample": ("README.md", "## Getting started\n")}),
        Fact("gotcha-debug", "gotcha", ["--optimize"],
             ["the deploy fails but the dev server works fine after I added some logging - "
              "why?",
              "can I leave a Debug.log in the code that gets deployed?"],
             "Production builds compile with elm make --optimize (vite build), which rejects "
             "any use of the Debug module, Debug.log included; the dev server doesn't, so "
             "logging works locally and breaks the deploy. Log through the logEvent port.",
             {"symptom": "the Netlify deploy failed although everything works with npm run dev, "
                         "and all I did was add some logging to the basket update",
              "probe": [bash("npm run build 2>&1 | tail -5",
                             "> vite build\n\n[vite-plugin-elm] There are uses of the `Debug` "
                             "module in the following modules:\n\n    Basket", 1),
                        read("src/Basket.elm",
                             "update : Msg -> Basket -> ( Basket, Cmd Msg )\nupdate msg basket "
                             "=\n    let\n" + debug_lines + "        newModel =\n            "
                             "apply msg basket\n    in\n" + update_tail)],
              "explain": "The production build compiles with elm make --optimize - "
                         "vite-plugin-elm turns it on for vite build - and --optimize refuses "
                         "any use of the Debug module, Debug.log included. npm run dev "
                         "compiles without it, so the logging works there and only the deploy "
                         "fails. Debug.log has to come out before anything is pushed; logging "
                         "that should stay goes through the logEvent port.",
              "fix": [edit("src/Basket.elm", debug_lines, ""),
                      edit("src/Basket.elm", update_tail,
                           "    ( newModel, Ports.logEvent (describe msg) )\n")],
              "done": "The basket logs through the logEvent port, npm run build passes, and the "
                      "Netlify deploy is green.",
              "hack": "deploying by hand from a dev build",
              "clean": bash("rm -rf elm-stuff node_modules/.vite && npm run build 2>&1 | tail "
                            "-2",
                            "[vite-plugin-elm] There are uses of the `Debug` module in the "
                            "following modules:\n    Basket", 1)}),
        Fact("gotcha-redirect", "gotcha", ["/* /index.html 200"],
             ["opening a product page from a bookmark gives a not-found error, but clicking "
              "through works - why?",
              "what does the host need so that deep links into the app load?"],
             "The site is a single-page app: Netlify 404s on deep links and refreshes unless "
             "public/_redirects has the rewrite `/* /index.html 200` (200, not 301, so Elm "
             "routes the URL).",
             {"symptom": "links to a product page work when you click through the site, but "
                         "opening one directly or refreshing gives Netlify's 'Page not found'",
              "probe": [bash("curl -sI https://seedcrate.coop/products/leeks | head -1 && curl "
                             "-sI https://seedcrate.coop/ | head -1",
                             "HTTP/2 404\nHTTP/2 200"),
                        bash("ls public/ dist/",
                             "public/:\nfavicon.svg\nrobots.txt\n\ndist/:\nassets\nfavicon.svg\n"
                             "index.html\nrobots.txt")],
              "explain": "The site is a single-page app: Browser.application handles "
                         "/products/leeks in the browser, but only once index.html has loaded. "
                         "Clicking a link never asks Netlify for that path; a refresh or a "
                         "shared link does, and there's no file at /products/leeks, so Netlify "
                         "answers 404. Netlify needs a rewrite that serves index.html for every "
                         "path: a public/_redirects file with the line /* /index.html 200 - "
                         "200, not 301, so the URL stays and Elm routes it.",
              "fix": [write("public/_redirects", "/* /index.html 200\n")],
              "done": "Deep links and refreshes load the page they point at, and unknown paths "
                      "reach the app's own not-found page.",
              "hack": "a 404 page that bounces everyone to the home page",
              "clean": bash("rm -rf dist && npm run build 2>&1 | tail -1",
                            "✓ built in 2.31s")}),
        Fact("fals-lazy", "falsified", ["Html.Lazy"],
             ["would memoising the product card views speed up typing in the search box?",
              "why isn't the shop's view cached between keystrokes?"],
             "Wrapping the product cards in Html.Lazy was measured: no gain (37.9 vs 38.2 ms "
             "per keystroke) because the visible list builds new records each update, so "
             "lazy's reference check always fails; debounce the search instead.",
             {"ask": "wrap the product cards in Html.Lazy so typing in the search box stops "
                     "re-rendering the whole catalogue",
              "change": [edit("src/Page/Shop.elm", cards,
                              "        (List.map (Html.Lazy.lazy2 viewCard model.basket) "
                              "(visible model))\n")],
              "broke": bash("node scripts/perf-typing.mjs --runs 20",
                            "keystroke to frame (ms), 20 runs, 640 products\nbefore   median "
                            "38.2   p90 44.9\nafter    median 37.9   p90 45.3"),
              "revert": bash("git checkout -- src/Page/Shop.elm", ""),
              "conclusion": "Html.Lazy buys nothing here: lazy only skips a view when every "
                            "argument is the same object as last time, and visible model builds "
                            "new product records on every update, so every card renders anyway - "
                            "37.9 ms against 38.2 ms per keystroke. The real cost is filtering "
                            "640 products on every keypress; debouncing the search input is the "
                            "lever.",
              "pain": "typing in the shop's search box lags on older phones",
              "idea": "wrapping the product cards in Html.Lazy"}),
        Fact("fals-pwa", "falsified", ["vite-plugin-pwa"],
             ["could the shop work offline and open instantly for returning customers?",
              "why is there no service worker caching the shop?"],
             "Making the shop an offline PWA with vite-plugin-pwa was tried: returning "
             "customers saw cached, outdated prices (£2.10 after a change to £2.40) and the API "
             "rejected their orders; no service worker.",
             {"ask": "add vite-plugin-pwa so the shop works offline and loads instantly on "
                     "repeat visits",
              "change": [bash("npm i -D vite-plugin-pwa", "added 312 packages in 14s"),
                         edit("vite.config.js", "  plugins: [elmPlugin()],\n",
                              "  plugins: [elmPlugin(), VitePWA({ registerType: 'autoUpdate', "
                              "workbox: { runtimeCaching: [{ urlPattern: /\\/v2\\/products/, "
                              "handler: 'StaleWhileRevalidate' }] } })],\n")],
              "broke": bash("npx playwright test tests/e2e/price-change.spec.ts",
                            "  1) price-change.spec.ts:12 › a price change shows on the next "
                            "visit\n\n    Expected: \"£2.40\"\n    Received: \"£2.10\"\n\n  1 "
                            "failed", 1),
              "revert": bash("git checkout -- vite.config.js package.json package-lock.json", ""),
              "conclusion": "vite-plugin-pwa works against us: with the product list served "
                            "stale-while-revalidate, a returning customer sees last week's "
                            "prices first - the e2e test gets £2.10 after the price went to "
                            "£2.40 - and the API then rejects the order because the prices "
                            "don't match. A shop whose prices change every week can't serve "
                            "them from a cache, and the shell loads in under a second already. "
                            "No service worker.",
              "pain": "the shop takes a few seconds to appear on a slow rural connection",
              "idea": "an offline-capable shop with vite-plugin-pwa"}),
    ]
    return Project(
        "seedcrate", "git@github.com:furrow-coop/seedcrate.git",
        {"README.md": "# seedcrate\n\nOrdering site for the veg-box co-op.\n",
         "elm.json": "{\n    \"type\": \"application\",\n    \"elm-version\": \"0.19.1\"\n}\n"},
        facts,
        chores(("src/Route.elm",
                "module Route exposing (Route(..), fromUrl)\n\nimport Url exposing (Url)\n"
                "import Url.Parser as P exposing ((</>))\n\n\ntype Route\n    = Shop\n    | "
                "Product String\n    | Checkout\n\n\nfromUrl : Url -> Maybe Route\nfromUrl =\n  "
                "  P.parse (P.oneOf [ P.map Shop P.top, P.map Product (P.s \"products\" </> "
                "P.string), P.map Checkout (P.s \"checkout\") ])\n",
                "It maps URLs to pages: / is the shop, /products/<slug> a product page and "
                "/checkout the checkout; anything else gives Nothing, which the app shows as "
                "not found."),
               ("Basket.add", ["src/Page/Shop.elm", "src/Page/Product.elm",
                               "tests/BasketTests.elm"]),
               (" src/Page/Product.elm | 15 ++++++++++-----\n 1 file changed, 10 insertions(+), "
                "5 deletions(-)",
                "product: show the grower and the harvest day\n\nEach product page now says "
                "which farm grew it and on which day it was picked."),
               ("src/Page/Shop.elm", "Html.text \"Add to crate\"", "Html.text \"Add to box\"",
                "the button should say 'Add to box', nobody calls it a crate"),
               ("elm-format in validate mode", "npx elm-format --validate src tests", "[]"),
               ("what's the difference between a CSA scheme and a regular veg box?",
                "In a CSA, members share the farm's risk: they pay up front for a season and get "
                "whatever the harvest gives. A regular veg box is a plain purchase - you pay per "
                "box, and the seller absorbs the bad weeks."),
               ("71d3e0c product: grower and harvest day\n0b95ac2 shop: sort by season first",
                "Two commits: product pages show the grower and harvest day, and the shop lists "
                "seasonal produce first.")),
        "stripe")


def projects() -> list[Project]:
    return [lampwick(), floecast(), marginalia(), seedcrate()]
