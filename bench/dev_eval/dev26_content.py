"""The ``dev26`` split, "code review and CI": four projects, ten planted facts each.

Written in the seventeenth pass by a helper that read no rlat code; to be read untuned.

Sessions dominated by pull-request work. The user pastes a teammate's review comment (quoted,
with the reviewer's name), a CI job's log copied from the Actions page, or a bot's comment
(a workflow's summary, Renovate, Dependabot, a failed deploy); asks the assistant to work
through the open review threads (``gh api .../pulls/N/comments``), rebase a branch and
resolve the conflict, fix a red job, answer a reviewer on the thread, open a pull request or
close one with a note. Durable facts arrive the way they do in such work: a team rule stated
in a reviewer's comment ("we don't … here, see ADR-0004"), the command the pipeline really
runs, found in a pasted CI log, a workflow file or a reviewer's aside after the local attempt
failed, an environment fact in a bot's comment or dug out of the workflows to answer a
reviewer's question, a gotcha explained after a red or flaky check (sometimes only after a
rerun that was hoped to make it go away, sometimes in the body of the fixing pull request), an
approach that broke CI or a benchmark and was reverted, vetoed by a reviewer, recounted from
an old thread, or found in a closed pull request. Noise around it: review nits, typo fixes,
``gh pr checks``, Dependabot bumps, questions with nothing to do with the repository.

The projects: flintcairn, a Crystal 1.13 command-line poller (with a small Kemal status
endpoint) that collects readings from the automatic weather stations of a chain of Highland
mountain huts (crystal-pg, WebMock.cr, ameba, static musl builds for the hut gateways);
tarnwhistle, a Bevy 0.14 game about herding sheep with a whistle, shipped to itch.io as a wasm
build (trunk, RON assets, headless integration tests, butler); larchmoss, a .NET 8 MAUI app
for the volunteers of a network of community fridges (CommunityToolkit.Mvvm, sqlite-net-pcl,
System.Text.Json, Android and iOS jobs on GitHub Actions); kestrelholm, a Vapor 4 API on the
Swift 6 toolchain for an orienteering club's event entries, SportIdent punches and live
results (Fluent on Postgres, Eventor sync, Fly.io). Every fact carries the reviewer it comes
from (``who`` / ``login``), the repository slug, a pull-request number and branch, and the
project's stock of unrelated review nits (``nits``); the seed picks the framing and the
wording inside it.

Slots are the shared ones (``templates.py``) plus: for a convention, ``review`` (the reviewer's
comment stating the rule), ``path`` / ``line`` (where the comment sits); for a command, ``job``
(the CI job), ``log`` (that job's log as copied from the Actions page), ``workflow`` (``(path,
content)``: the workflow running it) and ``hint`` (a reviewer's aside giving it); for an
environment fact, ``bot`` (``(author, comment)``) and ``while`` (a nearby question and its
answer); for a gotcha, ``job``, ``log``, ``flaky`` (a rerun makes it pass) and ``title`` (the
fixing pull request's title); for a falsified approach, ``want`` / ``offer`` / ``story`` (the
teammate's account), ``pushback`` (a reviewer's veto, on the current pull request or on the
closed one that tried it), ``title`` and ``search`` (that closed pull request's title, and a
word to find it by).
"""

from __future__ import annotations

import random

from .templates import cap, find, look, run, steps, talk, tweak
from .transcript import agent, bash, edit, grep, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


def _hex(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _run_id(rng: random.Random) -> str:
    return str(rng.randrange(9_800_000_000, 11_900_000_000))


def _comment_id(rng: random.Random) -> int:
    return rng.randrange(1_610_000_000, 1_890_000_000)


def _subject(task: str) -> str:
    """A commit subject made from the user's request."""
    text = cap(task.split(",")[0].split(" — ")[0].rstrip("."))
    if len(text) <= 62:
        return text
    words = text[:62].rsplit(" ", 1)[0].split()
    while words[-1].lower() in {"a", "an", "and", "the", "to", "with", "of", "for", "in", "on"}:
        words.pop()
    return " ".join(words)


def _push(s: dict, rng: random.Random, message: str, files: int = 2) -> object:
    branch, slug = s["branch"], s["slug"]
    added, removed = rng.randrange(4, 60), rng.randrange(0, 20)
    return bash(f'git commit -am "{message}" && git push',
                f"[{branch} {_hex(rng)}] {message}\n {files} files changed, {added} "
                f"insertions(+), {removed} deletions(-)\nTo github.com:{slug}.git\n   "
                f"{_hex(rng)}..{_hex(rng)}  {branch} -> {branch}")


def _reply(s: dict, rng: random.Random, body: str) -> object:
    cid = _comment_id(rng)
    return bash(f"gh api repos/{s['slug']}/pulls/{s['pr']}/comments/{cid}/replies "
                f"-F body=@- --jq .html_url <<'EOF'\n{body}\nEOF",
                f"https://github.com/{s['slug']}/pull/{s['pr']}#discussion_r"
                f"{cid + rng.randrange(3000, 90000)}")


_JQ = "'.[] | \"\\(.id) \\(.user.login) \\(.path):\\(.line)\\n\\(.body)\\n\"'"


# ------------------------------------------------------------------- conventions
# slots: rule, review, task, contrary, follow, done, path, line, who, login, logins, slug,
# pr, branch, nits
def conv_threads(s: dict, rng: random.Random) -> Episode:
    """The assistant pulls the PR's open review threads: a nit and the reviewer's rule."""
    pr = s["pr"]
    nit_path, nit_line, nit_body, nit_edit = rng.choice(s["nits"])
    other = rng.choice([x for x in s["logins"] if x != s["login"]])
    threads = [f"{_comment_id(rng)} {s['login']} {s['path']}:{s['line']}\n{s['review']}\n",
               f"{_comment_id(rng)} {other} {nit_path}:{nit_line}\n{nit_body}\n"]
    rng.shuffle(threads)
    ask = _one(rng, f"can you work through the open review threads on #{pr}?",
               f"{s['who']} finished reviewing #{pr}. address the comments and push",
               f"review's in on #{pr} — fix whatever they asked for pls",
               f"go through the unresolved comments on #{pr} and deal with them")
    summary = _one(rng,
                   f"Two open threads. {s['who']}'s on {s['path']} is the real one — "
                   f"{s['rule']}. The other is a small nit. Doing both.",
                   f"Two threads: a nit, and {s['who']} asking for a structural change "
                   f"({s['rule']}). Fixing both.",
                   f"{s['who']}'s comment is a house rule rather than a preference: "
                   f"{s['rule']}. The second thread is cosmetic. Addressing both now.")
    return [Step(prompt=ask),
            Step(tools=[bash(f"gh api repos/{s['slug']}/pulls/{pr}/comments --jq {_JQ}",
                             "\n".join(threads))]),
            Step(text=summary, tools=[*s["follow"], nit_edit]),
            Step(tools=[_push(s, rng, _one(rng, "Address review comments", "review fixes",
                                           "Apply review feedback"), 3)]),
            Step(text=f"{s['done']} "
                      f"{_one(rng, 'Both threads can be resolved now.', 'Pushed.', '')}"
                      .strip())]


def conv_pasted(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way and pushes; the user pastes the review comment."""
    who = s["who"]
    comment = _one(rng,
                   f"{who} left this on {s['path']}:\n\n{_quoted(s['review'])}\n\nfix it pls",
                   f"review from {who} just came in:\n\n{_quoted(s['review'])}\n\ncan you "
                   f"sort that out",
                   f"ugh, {who} flagged it:\n\n{_quoted(s['review'])}\n\nredo that bit and "
                   f"push again")
    return [Step(prompt=cap(s["task"])),
            Step(tools=[s["contrary"]]),
            Step(text=_one(rng, "That's the change; pushing it to the PR branch.",
                           "First pass done, pushing.", ""),
                 tools=[_push(s, rng, _subject(s["task"]))]),
            Step(text=_one(rng, "Pushed; CI is running on it.", "It's on the PR now.",
                           "Pushed.")),
            Step(prompt=comment),
            Step(text=_one(rng, f"{who}'s right, reworking it.", "Understood — changing it.",
                           "Fair, redoing it that way."), tools=s["follow"]),
            Step(tools=[_push(s, rng, "Address review: " + _one(rng, "follow house rule",
                                                                 "rework per review",
                                                                 "fix approach"))]),
            Step(text=s["done"])]


def conv_requested_changes(s: dict, rng: random.Random) -> Episode:
    """The user paraphrases the blocking review; the assistant fixes it and answers the
    thread."""
    who, pr = s["who"], s["pr"]
    ask = _one(rng,
               f"{who} requested changes on #{pr}. gist of it: {s['rule']}. fix it and reply "
               f"on the thread so they can resolve it",
               f"#{pr} is blocked on {who}'s review — {s['rule']}. can you change it and "
               f"answer the comment?",
               f"{who} won't approve #{pr} until this is fixed: {s['rule']}. do it, then reply "
               f"to their comment saying it's done")
    body = _one(rng, f"Done. {s['done']}", f"Fixed. {s['done']}",
                f"Changed as you suggested. {s['done']}")
    return [Step(prompt=ask),
            Step(text=_one(rng, "Reworking it to follow that.", "On it.", ""),
                 tools=s["follow"]),
            Step(tools=[_push(s, rng, "Address review from " + who),
                        _reply(s, rng, body)]),
            Step(text=_one(rng, f"Pushed and replied on {who}'s thread.",
                           f"Done; the reply is on the thread, {who} can resolve it.",
                           "Fix pushed, thread answered."))]


def conv_rebase(s: dict, rng: random.Random) -> Episode:
    """A rebase with a conflict; the user states the rule for resolving it."""
    who, pr, path = s["who"], s["pr"], s["path"]
    ask = _one(rng,
               f"rebase #{pr} on main, it'll conflict in {path}. when you resolve it: "
               f"{s['rule']}. {who} flagged that last time",
               f"main moved under #{pr}, please rebase. heads up for the conflict — {who}'s "
               f"rule: {s['rule']}",
               f"can you rebase {s['branch']} onto main and push? and while you're in "
               f"{path}: {s['rule']}, or {who} will bounce it again")
    conflict = (f"Auto-merging {path}\nCONFLICT (content): Merge conflict in {path}\n"
                f"error: could not apply {_hex(rng)}... {_subject(s['task'])}\nhint: Resolve "
                f"all conflicts manually, mark them as resolved with\nhint: \"git add/rm "
                f"<conflicted_files>\", then run \"git rebase --continue\".")
    return [Step(prompt=ask),
            Step(tools=[bash("git fetch origin && git rebase origin/main", conflict, 1)]),
            Step(text=_one(rng, f"One conflict in {path}. Resolving it the way you said.",
                           "Conflict as expected; resolving it and keeping to the rule.",
                           f"Resolving {path} — main's side plus our change, done properly."),
                 tools=s["follow"]),
            Step(tools=[bash("git add -A && GIT_EDITOR=true git rebase --continue && git push "
                             "--force-with-lease",
                             f"Successfully rebased and updated refs/heads/{s['branch']}.\nTo "
                             f"github.com:{s['slug']}.git\n + {_hex(rng)}...{_hex(rng)} "
                             f"{s['branch']} -> {s['branch']} (forced update)")]),
            Step(text=s["done"])]


# ------------------------------------------------------------------- commands
# slots: goal, fail, note, ok, done, job, log, workflow, hint, who, pr, slug
def cmd_pasted_log(s: dict, rng: random.Random) -> Episode:
    """Local attempt fails; the user pastes the CI job's log from the last green run."""
    stuck = _one(rng, "That fails here. Do you know how CI runs this?",
                 "No luck — is there a project-specific way this is run?",
                 "That errors out. Let me know if the pipeline does something different, "
                 "otherwise I'll dig through the config.")
    paste = _one(rng,
                 f"here's the {s['job']} job from the last green run on main, copy that:\n\n"
                 f"```\n{s['log']}\n```",
                 f"CI doesn't do it like that. from the actions page ({s['job']}):\n\n```\n"
                 f"{s['log']}\n```",
                 f"```\n{s['log']}\n```\nthat's {s['job']} on main. do what it does")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=paste),
            Step(text=_one(rng, f"{s['note']}", "Right, doing what the job does.", ""),
                 tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_reads_workflow(s: dict, rng: random.Random) -> Episode:
    """Local attempt fails; the assistant reads the workflow to see what CI runs."""
    path, content = s["workflow"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_one(rng, "Let me check what the pipeline runs instead.",
                           "Failing locally — checking the workflow for how CI does it.",
                           "Before guessing, I'll look at the workflow."),
                 tools=[read(path, content)]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_reviewer_hint(s: dict, rng: random.Random) -> Episode:
    """Local attempt fails; a reviewer already said on the PR how it is run."""
    who, pr = s["who"], s["pr"]
    relay = _one(rng, f"{who} commented on #{pr} about exactly this:\n\n{_quoted(s['hint'])}",
                 f"oh, {who} mentioned it in review: \"{s['hint']}\"",
                 f"see {who}'s comment on the PR —\n\n{_quoted(s['hint'])}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_one(rng, "That doesn't work in this repo. Any idea how it's meant to be "
                                "run?",
                           "Fails. I can dig around, unless you know the usual invocation?",
                           "Not the right invocation here, apparently.")),
            Step(prompt=relay),
            Step(text=_one(rng, "Thanks — running that.", "That makes sense.", ""),
                 tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_main_run(s: dict, rng: random.Random) -> Episode:
    """Local attempt fails; the assistant pulls the log of the last main run with gh."""
    rid = _run_id(rng)
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_one(rng, f"Let me see how the {s['job']} job runs it on main.",
                           "Checking the last green CI run for the exact command."),
                 tools=[bash("gh run list --branch main --status success --limit 1 --json "
                             "databaseId --jq '.[0].databaseId'", rid),
                        bash(f"gh run view {rid} --log | grep -A12 -m1 '{s['job'].split()[-1]}'"
                             f" | cut -f3-", s["log"])]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


# ------------------------------------------------------------------- environment
# slots: goal, probe, confirm, bot, while, who, pr, slug
def env_bot(s: dict, rng: random.Random) -> Episode:
    """The user pastes a bot's comment from the PR and asks about it."""
    author, comment = s["bot"]
    ask = _one(rng, f"this showed up on #{s['pr']} from {author}:\n\n{_quoted(comment)}\n\n"
                    f"{s['goal']}",
               f"{s['goal']} asking because of this {author} comment on #{s['pr']}:\n\n"
               f"{_quoted(comment)}",
               f"what's this about?\n\n{_quoted(comment)}\n\n(from {author} on #{s['pr']}) — "
               f"{s['goal']}")
    return [Step(prompt=ask),
            Step(text=_one(rng, "Checking the config.", "Let me look.", ""), tools=s["probe"]),
            Step(text=s["confirm"])]


def env_reviewer_question(s: dict, rng: random.Random) -> Episode:
    """A reviewer asked on the PR; the assistant checks and answers on the PR."""
    who, pr = s["who"], s["pr"]
    ask = _one(rng, f"{who} asked on #{pr}: \"{s['goal']}\" — check and answer them there",
               f"can you answer {who}'s question on #{pr}? they want to know: {s['goal']}",
               f"question from {who} in review (#{pr}): {s['goal']}\nI don't know offhand, "
               f"find out and reply")
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=s["confirm"],
                 tools=[bash(f"gh pr comment {pr} --body-file - <<'EOF'\n@{s['login']} "
                             f"{s['confirm']}\nEOF",
                             f"https://github.com/{s['slug']}/pull/{pr}#issuecomment-"
                             f"{_comment_id(rng) + 400_000_000}")]),
            Step(text=_one(rng, "Replied on the PR.", f"Answered {who} on #{pr}.", "Posted."))]


def env_in_passing(s: dict, rng: random.Random) -> Episode:
    """The assistant answers a nearby question and points out the fact in the same output."""
    ask, answer = s["while"]
    aside = _one(rng, "Also worth knowing from the same place:", "Side note from that output:",
                 "While I was in there:")
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=f"{answer}\n\n{aside} {s['confirm']}")]


def env_checked(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=s["confirm"])]


# ------------------------------------------------------------------- gotchas
# slots: symptom, log, job, probe, explain, fix, done, flaky, title, who, pr, slug, branch
def gotcha_red_log(s: dict, rng: random.Random) -> Episode:
    """The user pastes the red job's log; the assistant finds the cause."""
    again = "again " if s.get("flaky") else ""
    ask = _one(rng, f"{s['job']} failed {again}on #{s['pr']}:\n\n```\n{s['log']}\n```\n\n"
                    f"{s['symptom']}",
               f"{s['symptom']}. log from {s['job']}:\n\n```\n{s['log']}\n```",
               f"can you look at this? #{s['pr']}, {s['job']}\n\n```\n{s['log']}\n```")
    lead = _one(rng, "Found it.", "That's the cause.", "Got it.")
    return [Step(prompt=ask),
            Step(text=_one(rng, "Not going to just rerun it — let me find the cause.",
                           "Let me look at what's behind that.", ""), tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]),
            Step(tools=[_push(s, rng, s["title"])]),
            Step(text=s["done"])]


def gotcha_rerun_first(s: dict, rng: random.Random) -> Episode:
    """The user asks for a rerun hoping it's a fluke; then wants the real cause."""
    rid, pr, job = _run_id(rng), s["pr"], s["job"]
    steps_: Episode = [
        Step(prompt=_one(rng, f"{job} is red on #{pr}. probably a fluke, just rerun it",
                         f"rerun the failed jobs on #{pr}, {job} again",
                         f"#{pr}: {job} went red. kick it again?")),
        Step(tools=[bash(f"gh run list --branch {s['branch']} --limit 1 --json databaseId "
                         f"--jq '.[0].databaseId'", rid),
                    bash(f"gh run rerun {rid} --failed",
                         f"✓ Requested rerun (failed jobs) of run {rid}")]),
        Step(text=_one(rng, "Rerun requested.", "Kicked off the failed jobs again.")),
    ]
    if s.get("flaky"):
        steps_.append(Step(prompt=_one(
            rng, f"green now. but that's the third time this week — what's actually going on? "
                 f"{s['symptom']}",
            f"passed on the rerun. I'm sick of it though, find out why. {s['symptom']}")))
    else:
        steps_.append(Step(prompt=_one(
            rng, f"still red, same failure:\n\n```\n{s['log']}\n```\nok not a fluke. look "
                 f"properly",
            f"nope, failed again identically. {s['symptom']}\n\n```\n{s['log']}\n```")))
    steps_ += [Step(text=_one(rng, "Looking into it properly.", "Digging in.", ""),
                    tools=s["probe"]),
               Step(text=s["explain"], tools=s["fix"]),
               Step(tools=[_push(s, rng, s["title"])]),
               Step(text=s["done"])]
    return steps_


def gotcha_fix_pr(s: dict, rng: random.Random) -> Episode:
    """The cause is found and explained in the body of the pull request that fixes it."""
    pr_new = s["pr"] + rng.randrange(3, 9)
    ask = _one(rng, f"{s['symptom']}. figure out why and open a PR with the fix",
               f"{s['symptom']} — can you find the cause and put the fix up as its own PR?")
    body = f"## What\n{s['done']}\n\n## Why\n{s['explain']}"
    return [Step(prompt=f"{ask}\n\n```\n{s['log']}\n```"),
            Step(tools=s["probe"]),
            Step(text=_one(rng, "Found the cause; fixing it on a new branch.",
                           "Got it. Branching off main for the fix."),
                 tools=[bash(f"git switch -c fix/{s['branch']} origin/main",
                             f"branch 'fix/{s['branch']}' set up to track 'origin/main'.\n"
                             f"Switched to a new branch 'fix/{s['branch']}'"), *s["fix"]]),
            Step(tools=[bash(f"git commit -am \"{s['title']}\" && git push -u origin "
                             f"fix/{s['branch']} && gh pr create --title \"{s['title']}\" "
                             f"--body-file - <<'EOF'\n{body}\nEOF",
                             f"https://github.com/{s['slug']}/pull/{pr_new}")]),
            Step(text=_one(rng, f"Opened #{pr_new}; the description has the cause and the fix.",
                           f"#{pr_new} is up. Short version: {s['explain']}"))]


# ------------------------------------------------------------------- falsified
# slots: ask, change, broke, revert, conclusion, want, offer, story, pushback, title, search,
# who, login, pr, slug, branch
def fals_closed_with_note(s: dict, rng: random.Random) -> Episode:
    """Tried, broke, reverted; the PR is closed with a note saying why."""
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=_one(rng, "That broke it; reverting.", "Red. Backing it out.",
                           "Not good — undoing the change."), tools=[s["revert"]]),
            Step(text=s["conclusion"]),
            Step(prompt=_one(rng, f"ok. close #{s['pr']} with a note so nobody tries it again",
                             f"annoying. put that on #{s['pr']} and close it",
                             f"close the PR (#{s['pr']}) and leave the explanation on it")),
            Step(tools=[bash(f"gh pr close {s['pr']} --comment \"$(cat <<'EOF'\nClosing: "
                             f"{s['conclusion']}\nEOF\n)\"",
                             f"✓ Closed pull request {s['slug']}#{s['pr']} ({s['title']})")]),
            Step(text=_one(rng, "Closed with the explanation on it.", "Done, closed.",
                           f"#{s['pr']} is closed with the note."))]


def fals_reviewer_veto(s: dict, rng: random.Random) -> Episode:
    """Tried and broken; a reviewer vetoes it on the PR and it is reverted."""
    who = s["who"]
    relay = _one(rng, f"{who} on the PR:\n\n{_quoted(s['pushback'])}\n\nrevert it",
                 f"and {who} already commented:\n\n{_quoted(s['pushback'])}\n\nok, back it out",
                 f"yeah… {who} says:\n\n{_quoted(s['pushback'])}\n\nundo it please")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=relay),
            Step(text=_one(rng, "Reverting.", "Rolling it back.", "Undoing it."),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_recounted(s: dict, rng: random.Random) -> Episode:
    """The assistant offers it; the user pastes the teammate's account of the last attempt."""
    who = s["who"]
    relay = _one(rng, f"no — {who} tried that. from the old PR thread:\n\n{_quoted(s['story'])}",
                 f"asked {who}, who did this last time:\n\n{who}: {s['story']}",
                 f"{s['story']}\n\n(that's {who}, they tried it)")
    return [Step(prompt=s["want"]), Step(text=s["offer"]), Step(prompt=relay),
            Step(text=_one(rng, "Understood, I'll leave that alone.",
                           "Good to know — ruling it out.",
                           "Thanks for the history; not going down that road."))]


def fals_closed_pr(s: dict, rng: random.Random) -> Episode:
    """Before trying it, the assistant finds the closed pull request that already did, with
    the reviewer's comment that sank it."""
    old, who = s["old"], s["who"]
    age = rng.randrange(4, 11)
    author = rng.choice([x for x in s["logins"] if x != s["login"]])
    return [Step(prompt=s["want"]),
            Step(text=_one(rng, "Before I suggest anything, let me check whether it's been "
                                "tried.",
                           "Checking closed PRs first — this sounds like something someone "
                           "would have tried already."),
                 tools=[bash(f"gh pr list --state closed --search \"{s['search']}\"",
                             f"\nShowing 1 of 1 pull request in {s['slug']} that matches your "
                             f"search\n\n#{old}  {s['title']}  {s['branch']}  about {age} "
                             f"months ago"),
                        bash(f"gh pr view {old} --comments",
                             f"{s['title']} #{old}\nClosed • {author} wants to merge "
                             f"{rng.randrange(1, 5)} commits into main from {s['branch']} • "
                             f"about {age} months ago\n\n{s['login']} (Member) • about {age} "
                             f"months ago • Changes requested\n{s['pushback']}\n")]),
            Step(text=_one(rng, f"It was tried in #{old} and closed — {who}'s review explains "
                                f"why, so I won't suggest it again.",
                           f"#{old} already tried exactly this and was closed after {who}'s "
                           f"review. So that's out.",
                           f"Found it: #{old}, closed. {who} blocked it for the reason above.")),
            Step(prompt=_one(rng, "ok fair, forget it", "right, I'd forgotten about that one",
                             "ugh, ok. never mind then")),
            Step(text=_one(rng, "Leaving it.", "Noted.", "OK."))]


TEMPLATES = {
    "convention": [conv_threads, conv_pasted, conv_requested_changes, conv_rebase],
    "command": [cmd_pasted_log, cmd_reads_workflow, cmd_reviewer_hint, cmd_main_run],
    "environment": [env_bot, env_reviewer_question, env_in_passing, env_checked],
    "gotcha": [gotcha_red_log, gotcha_rerun_first, gotcha_fix_pr],
    "falsified": [fals_closed_with_note, fals_reviewer_veto, fals_recounted, fals_closed_pr],
}

# Asked from the projects in turn (flintcairn, tarnwhistle, larchmoss, kestrelholm, ...).
UNRELATED = [
    "what's the difference between git merge --ff-only and a plain git merge?",
    "write a regex that matches a semantic version string like 1.4.0-rc.2",
    "explain what a GitHub Actions matrix strategy does, with a tiny example",
    "how do I make git stop tracking local changes to a committed config file without "
    "deleting it?",
    "how do I give critical feedback in a code review without sounding harsh?",
    "in Rust, what does the ? operator expand to?",
    "what's an entity component system, compared with a classic class hierarchy, in a few "
    "sentences?",
    "in C#, when is ValueTask a better return type than Task?",
    "in Swift, how is an actor different from a class that guards its state with a lock?",
    "what does HTTP 409 Conflict usually mean in a REST API?",
    "give me a shell one-liner that counts lines per file extension in a git repository",
    "how do I cherry-pick a whole range of commits onto another branch?",
    "how long should I boil an egg to get a jammy yolk?",
    "write a limerick about a test that only fails on Fridays",
    "what is mutex poisoning in Rust and when does it happen?",
    "what's the difference between pinning a Docker image by tag and by digest?",
    "suggest a few names for a pub quiz team made of programmers",
    "how does exponential backoff with jitter work, and why add the jitter?",
    "unit, integration and end-to-end tests: one line each on what they're for",
    "convert 11 miles to kilometres and estimate how long that takes to walk",
    "what does a CODEOWNERS file do on GitHub?",
    "in Python, what's the practical difference between a generator expression and a list "
    "comprehension?",
    "in Crystal, what's the difference between a struct and a class?",
    "what's a good way to structure a standup update so it takes under a minute?",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "flintcairn": [
        "who looks after the gateway hardware in the huts, and how do we reach them?",
        "how long are raw readings kept before they're rolled up?",
        "who gets alerted when a station stops reporting overnight?",
        "is the Ben Nevis summit station going to join the network?",
        "should the avalanche service get our data as CSV files or through an API?",
    ],
    "tarnwhistle": [
        "how many levels are planned for the first public release?",
        "is gamepad support on the roadmap?",
        "who's making the music and sound effects?",
        "are we planning a Steam release, and when?",
        "should the HUD show sheep penned or sheep still out?",
    ],
    "larchmoss": [
        "how do coordinators find out when a fridge has been too warm?",
        "does the app have a dark theme?",
        "how are new volunteer accounts created and approved?",
        "what's the oldest Android version the app supports?",
        "should donations be logged with a photo or just a short description?",
    ],
    "kestrelholm": [
        "how are entry fees refunded when an event is cancelled?",
        "is there a rate limit on the public results endpoints?",
        "what happens when a runner enters two courses at the same event?",
        "who has admin access to the production API?",
        "should relay teams be modelled as their own entity or as linked individual entries?",
    ],
}


def _crew(facts: list[Fact], names: list[str], logins: dict[str, str], slug: str,
          nits: list[tuple], first_pr: int) -> list[Fact]:
    """Give every fact its reviewer, the repository, a pull request and branch, and the
    project's nits."""
    for i, fact in enumerate(facts):
        s = fact.slots
        s.setdefault("who", names[i % len(names)])
        s["login"] = logins[s["who"]]
        s["logins"] = list(logins.values())
        s["slug"] = slug
        s["pr"] = first_pr + 3 * i + (i % 2)
        s.setdefault("old", first_pr // 2 + 5 * i)
        s.setdefault("branch", fact.id.split("-", 1)[1])
        s["nits"] = nits
    return facts


# ------------------------------------------------------------------- flintcairn
def flintcairn() -> Project:
    reading = "src/flintcairn/reading.cr"
    poller = "src/flintcairn/poller.cr"
    client = "src/flintcairn/station_client.cr"
    release_yml = (
        "name: release\non:\n  push:\n    tags: ['v*']\n\njobs:\n  build-static:\n    runs-on: "
        "ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n      - name: Build "
        "static binary\n        run: >\n          docker run --rm -v \"$PWD\":/workspace -w "
        "/workspace\n          crystallang/crystal:1.13.2-alpine\n          shards build "
        "flintcairn --production --release --static\n      - run: file bin/flintcairn\n      "
        "- uses: actions/upload-artifact@v4\n        with:\n          name: flintcairn-linux-"
        "x86_64\n          path: bin/flintcairn\n")
    ci_yml = (
        "name: ci\non:\n  pull_request:\n  push:\n    branches: [main]\n\njobs:\n  spec:\n    "
        "runs-on: ubuntu-22.04\n    services:\n      postgres:\n        image: postgres:15\n   "
        "     env:\n          POSTGRES_PASSWORD: postgres\n        ports: ['5432:5432']\n    "
        "env:\n      DATABASE_URL: postgres://postgres:postgres@localhost:5432/flintcairn_test\n"
        "    steps:\n      - uses: actions/checkout@v4\n      - uses: crystal-lang/install-"
        "crystal@v1\n        with:\n          crystal: 1.13.2\n      - run: shards install\n     "
        " - run: crystal spec --tag '~live' --order random\n")
    facts = [
        Fact("conv-serializable", "convention", ["JSON::Serializable"],
             ["a station started sending an extra field in its payload — how are we supposed "
              "to decode it?",
              "the Loch Einich station now reports wind gusts too, add that to what we read "
              "from its payload"],
             "In flintcairn station payloads are decoded into structs that include "
             "JSON::Serializable (with @[JSON::Field(key: ...)] and nilable types for "
             "anything a station may omit); never walk JSON::Any with JSON.parse(...) and "
             "as_h / as_f chains (ADR-0004: a station sending null crashed the poller).",
             {"rule": "station payloads get decoded into a struct that includes "
                      "JSON::Serializable, nilable fields for anything optional — we don't "
                      "walk JSON::Any with as_h / as_f chains (ADR-0004, a null from one "
                      "station took the whole poller down)",
              "review": "We don't walk `JSON::Any` trees in this codebase. Payloads go into a "
                        "struct that includes `JSON::Serializable`, with nilable fields for "
                        "anything a station might leave out. See ADR-0004 — an `as_f` chain "
                        "like this one is what crashed the poller when Glenmore started "
                        "sending `null`.",
              "task": "store the snow depth the Cairn Gorm summit station started sending "
                      "(snow_depth_cm in the payload) with each reading",
              "path": poller, "line": 34,
              "contrary": edit(poller, "      reading = Reading.from_json(body)\n",
                               "      reading = Reading.from_json(body)\n      snow = "
                               "JSON.parse(body)[\"snow_depth_cm\"].as_f\n      "
                               "store.insert_snow_depth(station.id, reading.observed_at, "
                               "snow)\n"),
              "follow": [edit(reading,
                              "struct Reading\n  include JSON::Serializable\n\n  "
                              "@[JSON::Field(key: \"wind_kt\")]\n  getter wind_speed : "
                              "Float64?\n",
                              "struct Reading\n  include JSON::Serializable\n\n  "
                              "@[JSON::Field(key: \"wind_kt\")]\n  getter wind_speed : "
                              "Float64?\n\n  @[JSON::Field(key: \"snow_depth_cm\")]\n  getter "
                              "snow_depth : Float64?\n"),
                         edit("src/flintcairn/store.cr",
                              "      reading.wind_speed, reading.pressure)\n",
                              "      reading.wind_speed, reading.pressure, "
                              "reading.snow_depth)\n")],
              "done": "snow_depth is a nilable field on the Reading struct (key snow_depth_cm) "
                      "and the store writes it into readings.snow_depth_cm; stations that don't "
                      "send it just get NULL."}),
        Fact("conv-stationclient", "convention", ["StationClient"],
             ["I need to call the stations' calibration endpoint as well — what's the "
              "accepted way to make HTTP requests to a hut station?",
              "why would a PR that fetches station data with a plain HTTP call get bounced in "
              "review?"],
             "flintcairn never calls HTTP::Client directly for a hut station: every request "
             "goes through StationClient (src/flintcairn/station_client.cr), which sets "
             "connect_timeout 5 s and read_timeout 10 s and retries once (ADR-0007: a hung hut "
             "router froze the poller for 40 minutes).",
             {"rule": "anything that talks to a station goes through StationClient, never a "
                      "bare HTTP::Client.get — it's the one place with the 5s connect / 10s "
                      "read timeouts and the single retry (ADR-0007, a hung router at Corrour "
                      "once froze the poller for 40 minutes)",
              "review": "Please don't use `HTTP::Client.get` for station calls. Everything "
                        "goes through `StationClient` — it's the only place that sets "
                        "connect_timeout (5s) and read_timeout (10s) and does the single "
                        "retry. ADR-0007 has the story: one hung router at Corrour froze the "
                        "whole poll loop for 40 minutes.",
              "task": "fetch /api/battery from each station too and log a warning when the "
                      "voltage drops under 11.8",
              "path": poller, "line": 58,
              "contrary": edit(poller, "      reading = fetch_reading(station)\n",
                               "      reading = fetch_reading(station)\n      resp = "
                               "HTTP::Client.get(\"#{station.base_url}/api/battery\")\n      "
                               "volts = Battery.from_json(resp.body).volts\n      Log.warn { "
                               "\"#{station.id}: battery at #{volts} V\" } if volts < 11.8\n"),
              "follow": [edit(client, "class StationClient\n",
                              "class StationClient\n  def battery : Battery\n    "
                              "Battery.from_json(get(\"/api/battery\").body)\n  end\n\n"),
                         edit(poller, "      reading = fetch_reading(station)\n",
                              "      reading = fetch_reading(station)\n      volts = "
                              "station.client.battery.volts\n      Log.warn { "
                              "\"#{station.id}: battery at #{volts} V\" } if volts < 11.8\n")],
              "done": "The battery voltage comes through StationClient#battery now, so it gets "
                      "the same timeouts and retry as the readings; under 11.8 V a warning is "
                      "logged with the station id."}),
        Fact("cmd-static", "command", ["crystal:1.13.2-alpine"],
             ["how do I build the release binary that gets copied onto the hut gateways?",
              "linking fails with cannot find -lgc when I try a fully self-contained build on "
              "my laptop — what's the right way to do it?"],
             "flintcairn's static release binary can't be linked on a glibc host; build it "
             "the way the release workflow does, inside Crystal's Alpine image: `docker run "
             "--rm -v \"$PWD\":/workspace -w /workspace crystallang/crystal:1.13.2-alpine "
             "shards build flintcairn --production --release --static`.",
             {"goal": "build a static release binary, I want to scp it to the Derry Lodge "
                      "gateway and try the fix there",
              "fail": bash("crystal build src/flintcairn.cr --release --static -o "
                           "bin/flintcairn",
                           "/usr/bin/ld: cannot find -lgc: No such file or directory\n"
                           "/usr/bin/ld: cannot find -lpcre2-8: No such file or directory\n"
                           "/usr/bin/ld: warning: Using 'getaddrinfo' in statically linked "
                           "applications requires at runtime the shared libraries from the "
                           "glibc version used for linking\ncollect2: error: ld returned 1 "
                           "exit status\nError: execution of command failed with exit status "
                           "1: cc \"${@}\" -o /home/dev/src/flintcairn/bin/flintcairn  "
                           "-rdynamic -static -L/usr/bin/../lib/crystal -lpq -lz -lssl "
                           "-lcrypto -lpcre2-8 -lgc -lpthread -ldl", 1),
              "note": "A static link against glibc can't work here — there's no static libgc "
                      "or libpcre2 on this machine, and glibc doesn't really support it "
                      "anyway. The release job builds inside Crystal's Alpine image against "
                      "musl, so I'm doing the same.",
              "ok": bash("docker run --rm -v \"$PWD\":/workspace -w /workspace "
                         "crystallang/crystal:1.13.2-alpine shards build flintcairn "
                         "--production --release --static && file bin/flintcairn",
                         "Unable to find image 'crystallang/crystal:1.13.2-alpine' locally\n"
                         "1.13.2-alpine: Pulling from crystallang/crystal\nStatus: Downloaded "
                         "newer image for crystallang/crystal:1.13.2-alpine\nDependencies are "
                         "satisfied\nBuilding: flintcairn\nbin/flintcairn: ELF 64-bit LSB "
                         "executable, x86-64, version 1 (SYSV), statically linked, stripped"),
              "job": "release / build-static",
              "log": "Run docker run --rm -v \"$PWD\":/workspace -w /workspace "
                     "crystallang/crystal:1.13.2-alpine shards build flintcairn --production "
                     "--release --static\nUnable to find image 'crystallang/crystal:1.13.2-"
                     "alpine' locally\n1.13.2-alpine: Pulling from crystallang/crystal\n"
                     "Digest: sha256:5e1f0c9b7a3d2e8f41c6b0a97d3e2f18c4b5a6d7e8f9012a3b4c5d6e7f8a"
                     "9b0c\nDependencies are satisfied\nBuilding: flintcairn\nRun file "
                     "bin/flintcairn\nbin/flintcairn: ELF 64-bit LSB executable, x86-64, version "
                     "1 (SYSV), statically linked, stripped",
              "workflow": (".github/workflows/release.yml", release_yml),
              "hint": "don't build it on the host, glibc won't link statically. the release "
                      "job runs `docker run --rm -v \"$PWD\":/workspace -w /workspace "
                      "crystallang/crystal:1.13.2-alpine shards build flintcairn --production "
                      "--release --static` — musl is the only way that works",
              "done": "bin/flintcairn is a static x86-64 binary (9.1 MB, stripped), ready to "
                      "scp to the gateway."}),
        Fact("cmd-livetag", "command", ["--tag '~live'"],
             ["the spec suite sits there for ages and then fails with connection errors to "
              "real stations on my machine — how does CI run the specs?",
              "run the unit specs before I push, the same way the pipeline does"],
             "flintcairn's specs tagged `live` talk to the real hut stations (they need the "
             "hutnet VPN); run the suite like the CI spec job: `crystal spec --tag '~live' "
             "--order random`.",
             {"goal": "run the specs, I touched the rounding in the daily summary",
              "fail": bash("crystal spec",
                           "..........FF..............................\n\nFailures:\n\n  1) "
                           "Live stations Glenmore returns a current reading\n     "
                           "Failure/Error: reading = fetch_live(\"glenmore\")\n\n       "
                           "Socket::ConnectError: Error connecting to "
                           "'aws-glenmore.hutmet.net:443': Connection timed out\n\n     # "
                           "spec/live/stations_spec.cr:9\n\n  2) Live stations Corrour returns "
                           "a current reading\n     Failure/Error: reading = "
                           "fetch_live(\"corrour\")\n\n       Socket::ConnectError: Error "
                           "connecting to 'aws-corrour.hutmet.net:443': Connection timed out\n"
                           "\nFinished in 2:11 minutes\n43 examples, 0 failures, 2 errors, 0 "
                           "pending", 1),
              "note": "The two errors are the examples tagged `live` — they hit real stations "
                      "over the hutnet VPN. The spec job in CI leaves them out and randomises "
                      "the order.",
              "ok": bash("crystal spec --tag '~live' --order random",
                         "...........................................\n\nFinished in 1.87 "
                         "seconds\n41 examples, 0 failures, 0 errors, 0 pending\n\nRandomized "
                         "with seed: 48213"),
              "job": "ci / spec",
              "log": "Run crystal spec --tag '~live' --order random\n  crystal spec --tag "
                     "'~live' --order random\n  shell: /usr/bin/bash -e {0}\n  env:\n    "
                     "DATABASE_URL: postgres://postgres:postgres@localhost:5432/flintcairn_"
                     "test\n...........................................\nFinished in 2.04 "
                     "seconds\n41 examples, 0 failures, 0 errors, 0 pending\nRandomized with "
                     "seed: 30577",
              "workflow": (".github/workflows/ci.yml", ci_yml),
              "hint": "the live ones need the hut VPN, nobody runs them locally. CI does "
                      "`crystal spec --tag '~live' --order random`",
              "done": "41 examples pass without the live ones, the summary rounding specs "
                      "included."}),
        Fact("env-statusport", "environment", ["9187"],
             ["which port does the gateways' status endpoint listen on? I'm adding a "
              "Prometheus scrape target",
              "set up an uptime check against the health endpoint on the hut gateways"],
             "flintcairn's Kemal status endpoint (/healthz and /metrics) listens on port 9187 "
             "on the hut gateways (FLINTCAIRN_STATUS_PORT in deploy/flintcairn.service; 3000 "
             "is only the local fallback).",
             {"goal": "which port does the status endpoint listen on, on the gateways?",
              "probe": [bash("grep -n STATUS_PORT deploy/flintcairn.service "
                             "src/flintcairn/status.cr",
                             "deploy/flintcairn.service:9:Environment=FLINTCAIRN_STATUS_PORT="
                             "9187\nsrc/flintcairn/status.cr:4:  PORT = ENV.fetch("
                             "\"FLINTCAIRN_STATUS_PORT\", \"3000\").to_i")],
              "confirm": "On the gateways it's 9187: the systemd unit sets "
                         "FLINTCAIRN_STATUS_PORT=9187, and the 3000 in status.cr is only the "
                         "fallback for local runs. /healthz and /metrics are both served "
                         "there.",
              "bot": ("github-actions",
                      "### Gateway smoke test\n| check | result |\n|---|---|\n| unit starts "
                      "| ✅ |\n| `GET :9187/healthz` | ✅ 200 in 4 ms |\n| `GET :9187/metrics` | "
                      "✅ 37 series |"),
              "while": ("does the systemd unit restart the poller if it crashes?",
                        "Yes — Restart=on-failure with RestartSec=10, so a crash costs one "
                        "missed cycle at most.")}),
        Fact("env-deploysecret", "environment", ["HUTNET_DEPLOY_SSH_KEY"],
             ["the deploy workflow in my fork dies immediately at the ssh step — which "
              "repository secret does it expect?",
              "we're moving the repo to the new GitHub org; set up what the gateway deploy "
              "job needs to authenticate"],
             "flintcairn's deploy workflow reaches the hut gateways over SSH through the "
             "bastion with the repository secret HUTNET_DEPLOY_SSH_KEY (loaded by "
             "webfactory/ssh-agent); forks don't get it, so the step fails there.",
             {"goal": "which secret does the deploy job need? it failed on Ewan's fork",
              "probe": [bash("grep -n -A3 'ssh-agent' .github/workflows/deploy.yml",
                             "16:      - uses: webfactory/ssh-agent@v0.9.0\n17-        with:\n"
                             "18-          ssh-private-key: ${{ secrets.HUTNET_DEPLOY_SSH_KEY "
                             "}}\n19-      - run: ./deploy/push.sh --via bastion.hutmet.net"),
                        bash("gh secret list",
                             "NAME                   UPDATED\nHUTNET_DEPLOY_SSH_KEY  about 3 "
                             "months ago\nSLACK_WEBHOOK_URL      about 1 year ago")],
              "confirm": "The deploy job needs the repository secret HUTNET_DEPLOY_SSH_KEY — "
                         "the private half of the gateway deploy key, which "
                         "webfactory/ssh-agent loads before deploy/push.sh goes through the "
                         "bastion. It's set on this repo; a fork never gets it, which is why "
                         "the run there failed.",
              "bot": ("github-actions",
                      "❌ **deploy** failed at `webfactory/ssh-agent@v0.9.0`\n\nError: The "
                      "ssh-private-key argument is empty. Maybe the secret has not been "
                      "configured, or you are using a wrong secret name in your workflow "
                      "file.\n\nsecret referenced: `HUTNET_DEPLOY_SSH_KEY`"),
              "while": ("why does the deploy workflow only ever run for tags?",
                        "It's `on: push: tags: ['v*']` — gateways only get tagged releases, "
                        "never a branch.")}),
        Fact("gotcha-tzdata", "gotcha", ["tzdata"],
             ["the release smoke test crashes with an invalid location name for Europe/London "
              "although the binary runs fine on my laptop — why?",
              "the summary job on the freshly installed gateway at Shelter Stone dies at "
              "start-up with a timezone error, fix it"],
             "flintcairn loads Time::Location \"Europe/London\" for daily summary cut-offs, "
             "and Crystal reads the zone from /usr/share/zoneinfo at runtime even in a static "
             "binary; bare Alpine images and fresh gateways have no tzdata, so it raises "
             "Time::Location::InvalidLocationNameError — install tzdata (apk add --no-cache "
             "tzdata) wherever the binary runs.",
             {"symptom": "the smoke step fails at start-up but the same binary runs fine on my "
                         "laptop",
              "log": "Run docker run --rm -v \"$PWD/bin\":/app alpine:3.20 /app/flintcairn "
                     "summarise --date yesterday\nUnhandled exception: Invalid location name: "
                     "Europe/London (Time::Location::InvalidLocationNameError)\n  from "
                     "/usr/share/crystal/src/time/location.cr:312:7 in 'load'\n  from "
                     "src/flintcairn/summary.cr:3:14 in '__crystal_main'\nError: Process "
                     "completed with exit code 1.",
              "job": "release / smoke", "flaky": False,
              "title": "Install zone data wherever the binary runs",
              "probe": [read("src/flintcairn/summary.cr",
                             "module Flintcairn\n  module Summary\n    HUT_TIME = "
                             "Time::Location.load(\"Europe/London\")\n\n    def self.cutoff("
                             "date : Time) : Time\n      date.in(HUT_TIME).at_beginning_of_day"
                             "\n    end\n  end\nend\n"),
                        bash("docker run --rm alpine:3.20 ls /usr/share/zoneinfo",
                             "ls: /usr/share/zoneinfo: No such file or directory", 1)],
              "explain": "Summary loads Europe/London to cut days at local midnight, and "
                         "Crystal's Time::Location.load reads that zone from "
                         "/usr/share/zoneinfo at runtime — a static binary doesn't embed it. "
                         "The bare alpine:3.20 image in the smoke step has no tzdata package, "
                         "so the load raises InvalidLocationNameError; a laptop has the zone "
                         "files, so it never shows there. Anywhere the binary runs needs "
                         "`apk add --no-cache tzdata`, gateways included.",
              "fix": [edit(".github/workflows/release.yml",
                           "alpine:3.20 /app/flintcairn summarise --date yesterday",
                           "alpine:3.20 sh -c 'apk add --no-cache tzdata >/dev/null && "
                           "/app/flintcairn summarise --date yesterday'"),
                      edit("deploy/provision.sh", "apk add --no-cache ca-certificates\n",
                           "apk add --no-cache ca-certificates tzdata\n")],
              "done": "The smoke step installs tzdata before running the binary and passes; "
                      "provision.sh installs it on new gateways too, so Shelter Stone-style "
                      "surprises are covered."}),
        Fact("gotcha-webmock", "gotcha", ["WebMock.reset"],
             ["one of the poller specs fails maybe one run in five on CI and always passes "
              "when rerun — is that a known thing?",
              "write a spec for the poller's retry behaviour with stubbed station responses"],
             "flintcairn's spec_helper must call WebMock.reset in Spec.before_each: WebMock "
             "stubs otherwise stay registered across examples, and with --order random an "
             "earlier example's 200 stub wins over a later one's 503 stubs, so poller specs "
             "fail intermittently.",
             {"symptom": "poller_spec failed on CI again and passed on the rerun",
              "log": "  1) Flintcairn::Poller marks a station stale after two failed polls\n"
                     "     Failure/Error: poller.status(\"glenmore\").should eq(Status::Stale)"
                     "\n\n       Expected: Stale\n            got: Ok\n\n     # "
                     "spec/poller_spec.cr:44\n\nFinished in 1.91 seconds\n41 examples, 1 "
                     "failures, 0 errors, 0 pending\n\nRandomized with seed: 7719",
              "job": "ci / spec", "flaky": True,
              "title": "Reset WebMock stubs between examples",
              "probe": [bash("crystal spec spec/poller_spec.cr --order 7719",
                             "....F...\n\nFailures:\n\n  1) Flintcairn::Poller marks a station "
                             "stale after two failed polls\n     Failure/Error: poller.status("
                             "\"glenmore\").should eq(Status::Stale)\n\n       Expected: "
                             "Stale\n            got: Ok\n\n8 examples, 1 failures, 0 errors, "
                             "0 pending", 1),
                        read("spec/spec_helper.cr",
                             "require \"spec\"\nrequire \"webmock\"\nrequire "
                             "\"../src/flintcairn\"\n\nSpec.before_suite { "
                             "Flintcairn::Store.migrate!(ENV[\"DATABASE_URL\"]) }\n")],
              "explain": "It's order-dependent and seed 7719 reproduces it. WebMock stubs stay "
                         "registered until something calls WebMock.reset, and spec_helper "
                         "never does. When 'returns the latest reading' runs first, its 200 "
                         "stub for glenmore is still there, and WebMock matches the earliest "
                         "stub — so the 'two failed polls' example gets a good reading instead "
                         "of its 503s. The fix is `Spec.before_each { WebMock.reset }` in "
                         "spec_helper.",
              "fix": [edit("spec/spec_helper.cr",
                           "Spec.before_suite { Flintcairn::Store.migrate!(ENV["
                           "\"DATABASE_URL\"]) }\n",
                           "Spec.before_suite { Flintcairn::Store.migrate!(ENV["
                           "\"DATABASE_URL\"]) }\nSpec.before_each { WebMock.reset }\n")],
              "done": "Seed 7719 passes now, and twenty random seeds in a row went through "
                      "without a failure."}),
        Fact("fals-mt", "falsified", ["-Dpreview_mt"],
             ["could we poll the stations on several CPU threads so each cycle finishes "
              "faster?",
              "why is the poller single-threaded when the gateways have four cores?"],
             "Building flintcairn with -Dpreview_mt (fibers on several threads, "
             "CRYSTAL_WORKERS=4) was tried and reverted: crystal-pg's pool and the summary "
             "cache aren't thread-safe and the soak run segfaulted in DB::Pool#checkout; the "
             "poller stays single-threaded (it's I/O-bound).",
             {"ask": "a poll cycle over the 38 stations takes ~25s. build with -Dpreview_mt "
                     "and CRYSTAL_WORKERS=4 so the fibers spread over the cores?",
              "change": [edit("Makefile", "CRFLAGS := --release --no-debug\n",
                              "CRFLAGS := --release --no-debug -Dpreview_mt\n"),
                         edit("deploy/flintcairn.service", "Environment=LOG_LEVEL=info\n",
                              "Environment=LOG_LEVEL=info\nEnvironment=CRYSTAL_WORKERS=4\n")],
              "broke": bash("make && ./scripts/soak.sh --cycles 20",
                            "crystal build src/flintcairn.cr -o bin/flintcairn --release "
                            "--no-debug -Dpreview_mt\ncycle 1: 38 stations, 7.9s\ncycle 2: 38 "
                            "stations, 8.3s\ncycle 3: Invalid memory access (signal 11) at "
                            "address 0x18\n[0x55d0c3a4e1f6] *DB::Pool(PG::Connection)#checkout:"
                            "PG::Connection +102\n[0x55d0c3a4e2a1] *Flintcairn::Store#"
                            "insert_reading<Flintcairn::Reading>:Nil +65\n[0x55d0c3a51c0e] "
                            "~procProc(Nil)@src/flintcairn/poller.cr:31 +210\nsoak: poller "
                            "died after 2 cycles\nFAIL", 1),
              "revert": bash("git checkout -- Makefile deploy/flintcairn.service", ""),
              "conclusion": "Reverted; the poller stays single-threaded. With -Dpreview_mt "
                            "the fibers run on four threads, but crystal-pg's connection pool and "
                            "our summary cache assume one thread — the soak run segfaulted in "
                            "DB::Pool#checkout on the third cycle. The cycle is I/O-bound "
                            "anyway: most of the 25 s is two slow stations running into their "
                            "timeouts.",
              "want": "a poll cycle takes ~25s and the gateways have four cores doing nothing "
                      "— can we use them?",
              "offer": "Crystal can spread fibers over several threads when it's built with "
                       "-Dpreview_mt and run with CRYSTAL_WORKERS=4.",
              "story": "no, we built with -Dpreview_mt in the spring. crystal-pg's pool "
                       "isn't thread safe and neither is our summary cache — the soak run "
                       "segfaulted in DB::Pool#checkout within minutes. it's I/O bound "
                       "anyway, single thread stays",
              "pushback": "Please revert the -Dpreview_mt flag. We've been here: the PG pool "
                          "isn't thread-safe and the summary cache has no locks. It's an "
                          "I/O-bound loop — slow cycles are the per-station timeouts, not a "
                          "lack of threads.",
              "title": "Build with -Dpreview_mt for parallel polling",
              "search": "preview_mt", "who": "Morag", "branch": "parallel-poll"}),
        Fact("fals-mcpu", "falsified", ["--mcpu native"],
             ["could the release build use the newer CPU instructions to speed up the daily "
              "summaries?",
              "why doesn't the release build target the build machine's processor? seems "
              "like free performance"],
             "Building flintcairn's release with --mcpu native was tried and reverted: the "
             "binary is built on the GitHub runner (AVX2) but the hut gateways are Celeron "
             "J1900 boxes without AVX, so it died with 'Illegal instruction'; release builds "
             "stay generic x86-64.",
             {"ask": "the daily summary takes 6 minutes on a gateway. add --mcpu native to the "
                     "release flags?",
              "change": [edit("Makefile", "CRFLAGS := --release --no-debug\n",
                              "CRFLAGS := --release --no-debug --mcpu native\n")],
              "broke": bash("make && scp bin/flintcairn gw-derrylodge:flintcairn-rc && ssh "
                            "gw-derrylodge './flintcairn-rc summarise --date yesterday'",
                            "crystal build src/flintcairn.cr -o bin/flintcairn --release "
                            "--no-debug --mcpu native\nflintcairn            100% 9322KB   "
                            "2.1MB/s   00:04\nIllegal instruction (core dumped)", 132),
              "revert": bash("git checkout -- Makefile && make",
                             "crystal build src/flintcairn.cr -o bin/flintcairn --release "
                             "--no-debug"),
              "conclusion": "Reverted. --mcpu native means 'whatever CPU does the build' — "
                            "here and on the CI runner that includes AVX2 — and the gateways "
                            "are Celeron J1900s without AVX, so the first vectorised loop hits "
                            "an illegal instruction. Release builds stay generic x86-64; the "
                            "summary time has to come out of the query instead.",
              "want": "summaries on the gateways are slow — can the compiler squeeze more out "
                      "of the CPU?",
              "offer": "One cheap option is compiling the release with --mcpu native so LLVM "
                       "uses every instruction-set extension available.",
              "story": "tried --mcpu native last year. native means the CPU of whatever built "
                       "it, the github runner, so AVX2 — and the gateways are old celeron "
                       "J1900 boxes. the binary died with Illegal instruction in every hut. "
                       "generic x86-64 it is",
              "pushback": "--mcpu native means the CPU of the machine that builds it, and "
                          "that's not what runs in the huts: the J1900 gateways have no AVX. "
                          "This is exactly how v0.7.0 died with SIGILL on every gateway. "
                          "Please revert.",
              "title": "release: build with --mcpu native",
              "search": "mcpu", "who": "Ewan", "branch": "native-cpu"}),
    ]
    nits = [
        (poller, 71, "nit: \"recieved\" in the log line",
         edit(poller, "Log.info { \"recieved #{count} readings\" }",
              "Log.info { \"received #{count} readings\" }")),
        ("src/flintcairn/summary.cr", 18, "nit: `min_temp` reads better than `tmin` here",
         edit("src/flintcairn/summary.cr", "      tmin = readings.min_of(&.temperature)\n",
              "      min_temp = readings.min_of(&.temperature)\n")),
        ("README.md", 12, "typo: Cairngorms has one r",
         edit("README.md", "stations across the Carirngorms", "stations across the Cairngorms")),
    ]
    noise: list[Episode] = [
        tweak("Priya's nit on the summary PR: 'avg' → 'mean' in the CLI help text",
              "src/flintcairn.cr", "    parser.on(\"--avg\", \"print the avg per station\")",
              "    parser.on(\"--mean\", \"print the mean per station\")",
              "Renamed the flag and its help text."),
        run("what's the state of the checks on my PR?", "gh pr checks",
            "All checks were successful\n0 cancelled, 0 failing, 3 successful, 0 skipped, and "
            "0 pending checks\n\n   NAME            DESCRIPTION  ELAPSED  URL\n✓  ci/format"
            "                     12s      https://github.com/hutmet/flintcairn/actions/runs/"
            "10482261103/job/29034417720\n✓  ci/lint                       31s      "
            "https://github.com/hutmet/flintcairn/actions/runs/10482261103/job/29034417901\n✓  "
            "ci/spec                       1m4s     https://github.com/hutmet/flintcairn/actions/"
            "runs/10482261103/job/29034418115",
            "All three checks are green — format, lint and spec."),
        talk("in crystal, what's the difference between `getter`, `property` and `setter`?",
             "`getter x : T` defines only a reader, `setter` only a writer (`x=`), and "
             "`property` both. There's also `getter!`/`property!` for nilable ivars that raise "
             "when read while nil, and `getter?` for a `x?` predicate."),
        steps("write the PR description for the station-rename branch",
              [bash("git log --oneline main..HEAD",
                    "7c1e4d2 stations: rename coire-cas to cairn-gorm-summit\n2b9f0a1 store: "
                    "migrate old station ids\n"),
               bash("gh pr create --title \"Rename the Coire Cas station to Cairn Gorm summit\" "
                    "--body-file - <<'EOF'\nThe station moved up the hill in October; the id "
                    "now matches its location.\n\n- renames `coire-cas` → `cairn-gorm-summit` in "
                    "config/stations.yml\n- migration rewrites the station id on existing "
                    "readings\nEOF", "https://github.com/hutmet/flintcairn/pull/158")],
              "Opened #158 with a short description and both changes listed."),
        find("where do we read config/stations.yml?", "stations.yml",
             ["src/flintcairn/config.cr", "spec/config_spec.cr", "deploy/push.sh"],
             "The config loader in src/flintcairn/config.cr reads it; the config spec uses a "
             "fixture copy, and deploy/push.sh copies it to the gateways."),
        steps("format check is red on my branch",
              [bash("crystal tool format --check",
                    "Error: formatting 'src/flintcairn/summary.cr' produced changes", 1),
               bash("crystal tool format src/flintcairn/summary.cr", "")],
              "One file wasn't formatted — summary.cr. Formatted it; the check passes now."),
        talk("dependabot opened a PR moving actions/checkout from v3 to v4 — anything to "
             "watch out for?",
             "Not for a plain checkout: v4 mainly moves the action to the Node 20 runtime. It "
             "only matters if you run it on a self-hosted runner with an old Node or in an old "
             "container image; on GitHub's ubuntu runners it's a safe merge."),
        look("which stations are in the config right now?", "config/stations.yml",
             "stations:\n  - id: glenmore\n    hut: Glenmore Lodge\n  - id: corrour\n    hut: "
             "Corrour Bothy\n  - id: cairn-gorm-summit\n    hut: Ptarmigan\n  - id: "
             "loch-einich\n    hut: Loch Einich\n",
             "Four in this file: Glenmore, Corrour, Cairn Gorm summit and Loch Einich — the "
             "other huts are still in the old list on the gateways."),
        steps("rebase my branch onto main, no conflicts expected",
              [bash("git fetch origin && git rebase origin/main",
                    "Successfully rebased and updated refs/heads/summary-csv."),
               bash("git push --force-with-lease",
                    "To github.com:hutmet/flintcairn.git\n + 3e0f7c1...a92d4b6 summary-csv -> "
                    "summary-csv (forced update)")],
              "Rebased cleanly onto main and force-pushed with lease."),
        talk("reply to Priya's 'why not a Hash here?' thread for me: order matters because "
             "the summary is printed in hut order",
             "Suggested reply: \"An Array of tuples keeps the huts in the order they're listed "
             "in stations.yml, which is the order the summary prints them in. A Hash would "
             "keep insertion order too, but the code relies on index access in two places, so "
             "the array reads more honestly.\""),
    ]
    facts = _crew(facts, ["Morag", "Ewan", "Priya"],
                  {"Morag": "morag-k", "Ewan": "ewanmcl", "Priya": "priya-n"},
                  "hutmet/flintcairn", nits, 142)
    return Project(
        "flintcairn", "git@github.com:hutmet/flintcairn.git",
        {"README.md": "# flintcairn\n\nPolls the hut weather stations and publishes daily "
                      "summaries.\n",
         "shard.yml": "name: flintcairn\nversion: 0.9.2\n\ntargets:\n  flintcairn:\n    "
                      "main: src/flintcairn.cr\n\ncrystal: '>= 1.12.0'\n"},
        facts, noise, "postgres")


# ------------------------------------------------------------------- tarnwhistle
def tarnwhistle() -> Project:
    dog = "src/dog.rs"
    flock = "src/flock.rs"
    web_yml = (
        "name: web\non:\n  pull_request:\n  push:\n    branches: [main]\n\njobs:\n  build:\n    "
        "runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: "
        "rustup target add wasm32-unknown-unknown\n      - uses: jetli/trunk-action@v0.5.0\n  "
        "      with:\n          version: v0.20.3\n      - run: trunk build --release "
        "--public-url ./\n      - run: ./scripts/size-check.sh dist\n      - uses: "
        "actions/upload-artifact@v4\n        with:\n          name: web\n          path: "
        "dist/\n")
    ci_yml = (
        "name: ci\non:\n  pull_request:\n  push:\n    branches: [main]\n\njobs:\n  test:\n    "
        "runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: "
        "sudo apt-get update && sudo apt-get install -y --no-install-recommends "
        "libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev xvfb\n      - uses: "
        "Swatinem/rust-cache@v2\n      - run: xvfb-run -a cargo test --workspace\n")
    main_rs = (
        "fn main() {\n    App::new()\n        .add_plugins(DefaultPlugins.set(WindowPlugin {\n"
        "            primary_window: Some(Window {\n                title: \"Tarn Whistle\"."
        "into(),\n                canvas: Some(\"#game\".into()),\n                "
        "fit_canvas_to_parent: true,\n                ..default()\n            }),\n            "
        "..default()\n        }))\n        .add_plugins((LevelPlugin, DogPlugin, FlockPlugin, "
        "WhistlePlugin))\n        .run();\n}\n")
    facts = [
        Fact("conv-tuning", "convention", ["tuning.ron"],
             ["the sheep feel too skittish — where am I supposed to change how far they run "
              "from the dog?",
              "add a setting for how quickly the dog gets its stamina back"],
             "Gameplay tunables in tarnwhistle (speeds, flee radius, cohesion, stamina) live in "
             "assets/tuning.ron and are read from the hot-reloaded Tuning asset, so the "
             "designer can tweak them while the game runs; never hard-code them as consts in "
             "Rust (ADR-0002).",
             {"rule": "tunable numbers go in assets/tuning.ron and get read from the Tuning "
                      "asset, not consts in the code — Sunniva balances levels with hot reload "
                      "and doesn't touch rust",
              "review": "Please don't add `const`s for gameplay numbers. Anything a designer "
                        "might want to tune goes in `assets/tuning.ron` and is read from the "
                        "`Tuning` asset — hot reload is how Sunniva balances levels without a "
                        "rebuild (ADR-0002).",
              "task": "make the dog slow down when it gets close to the flock, like a real "
                      "collie creeping up",
              "path": dog, "line": 41,
              "contrary": edit(dog, "    let speed = tuning.dog_speed;\n",
                               "    const CREEP_RADIUS: f32 = 96.0;\n    const CREEP_FACTOR: "
                               "f32 = 0.35;\n    let near = flock_distance < CREEP_RADIUS;\n    "
                               "let speed = if near { tuning.dog_speed * CREEP_FACTOR } else { "
                               "tuning.dog_speed };\n"),
              "follow": [edit("assets/tuning.ron", "    dog_speed: 260.0,\n",
                              "    dog_speed: 260.0,\n    creep_radius: 96.0,\n    "
                              "creep_factor: 0.35,\n"),
                         edit("src/tuning.rs", "    pub dog_speed: f32,\n",
                              "    pub dog_speed: f32,\n    pub creep_radius: f32,\n    pub "
                              "creep_factor: f32,\n"),
                         edit(dog, "    let speed = tuning.dog_speed;\n",
                              "    let near = flock_distance < tuning.creep_radius;\n    let "
                              "speed = if near { tuning.dog_speed * tuning.creep_factor } else "
                              "{ tuning.dog_speed };\n")],
              "done": "The dog creeps at 35% speed within 96 px of the flock; both numbers are "
                      "in assets/tuning.ron, so they reload live while the game runs.",
              "who": "Callum"}),
        Fact("conv-states", "convention", ["GameState::Herding"],
             ["the whistle input keeps reacting while the pause menu is open — what's our "
              "pattern for systems that should only run during a level?",
              "add a system that counts down the level timer"],
             "In tarnwhistle, systems that only make sense during a level are gated where "
             "they're added, with .run_if(in_state(GameState::Herding)); never read "
             "State<GameState> inside the system and return early (ADR-0003).",
             {"rule": "level-only systems get gated with .run_if(in_state(GameState::Herding)) "
                      "where they're added — we don't read State<GameState> inside the system "
                      "and return early",
              "review": "We gate level systems in the schedule — "
                        "`.run_if(in_state(GameState::Herding))` in the plugin's `build`. "
                        "Reading `State<GameState>` inside the system and bailing out is what "
                        "ADR-0003 got rid of: it hides the dependency and still runs the query "
                        "every frame on the menus.",
              "task": "add the bark: pressing B makes the nearest sheep bolt away from the dog",
              "path": dog, "line": 12,
              "contrary": edit(dog, "        app.add_systems(Update, (steer_dog, animate_dog));"
                               "\n",
                               "        app.add_systems(Update, (steer_dog, animate_dog, "
                               "bark));\n    }\n}\n\nfn bark(\n    state: Res<State<GameState>>,"
                               "\n    keys: Res<ButtonInput<KeyCode>>,\n    dog: Query<&"
                               "Transform, With<Dog>>,\n    mut sheep: Query<(&Transform, &mut "
                               "Flee), With<Sheep>>,\n) {\n    if *state.get() != "
                               "GameState::Herding || !keys.just_pressed(KeyCode::KeyB) {\n      "
                               "  return;\n    }\n"),
              "follow": [edit(dog, "        app.add_systems(Update, (steer_dog, animate_dog));"
                              "\n",
                              "        app.add_systems(\n            Update,\n            "
                              "(steer_dog, animate_dog, bark.run_if(in_state(GameState::"
                              "Herding))),\n        );\n"),
                         edit(dog, "fn animate_dog(",
                              "fn bark(\n    keys: Res<ButtonInput<KeyCode>>,\n    dog: Query<"
                              "&Transform, With<Dog>>,\n    mut sheep: Query<(&Transform, &mut "
                              "Flee), With<Sheep>>,\n) {\n    if !keys.just_pressed(KeyCode::"
                              "KeyB) {\n        return;\n    }\n    let dog = dog.single()."
                              "translation.truncate();\n    if let Some((_, mut flee)) = sheep"
                              ".iter_mut().min_by(|a, b| a.0.translation.truncate()."
                              "distance(dog).total_cmp(&b.0.translation.truncate()."
                              "distance(dog))) {\n        flee.bolt_from(dog);\n    }\n}\n\n"
                              "fn animate_dog(")],
              "done": "B makes the nearest sheep bolt; bark is registered with "
                      ".run_if(in_state(GameState::Herding)), so it doesn't run on the menus or "
                      "while paused."}),
        Fact("cmd-web", "command", ["trunk build", "--public-url"],
             ["how do I make the web version that goes up on itch.io? mine just shows a blank "
              "page there",
              "make a browser build of the game I can zip and upload by hand"],
             "tarnwhistle's web build is made like the web workflow does it: `trunk build "
             "--release --public-url ./` (relative asset URLs, because itch.io serves the "
             "game from a nested path); cargo can't run the .wasm itself.",
             {"goal": "make a web build? I want to try the new level in the browser and send "
                      "Jo the zip",
              "fail": bash("cargo run --release --target wasm32-unknown-unknown",
                           "   Compiling tarnwhistle v0.4.0 (/home/dev/src/tarnwhistle)\n    "
                           "Finished `release` profile [optimized] target(s) in 1m 48s\n     "
                           "Running `target/wasm32-unknown-unknown/release/tarnwhistle.wasm`\n"
                           "error: could not execute process `target/wasm32-unknown-unknown/"
                           "release/tarnwhistle.wasm` (never executed)\n\nCaused by:\n  "
                           "Permission denied (os error 13)", 101),
              "note": "cargo can't execute a .wasm file. The web workflow bundles it with "
                      "trunk from index.html, with a relative public URL so the files resolve "
                      "under itch's nested path instead of the domain root.",
              "ok": bash("trunk build --release --public-url ./ && ls -lh dist/",
                         " INFO 🚀 Starting trunk 0.20.3\n INFO 📦 starting build\n"
                         " INFO ✅ success\ntotal 13M\n"
                         "drwxr-xr-x 5 dev dev 4.0K assets\n-rw-r--r-- 1 dev dev 1.3K "
                         "index.html\n-rw-r--r-- 1 dev dev  71K tarnwhistle-8f2c1a9e3b7d4f60.js"
                         "\n-rw-r--r-- 1 dev dev  13M tarnwhistle-8f2c1a9e3b7d4f60_bg.wasm"),
              "job": "web / build",
              "log": "Run trunk build --release --public-url ./\n  trunk build --release "
                     "--public-url ./\n  shell: /usr/bin/bash -e {0}\n INFO 🚀 Starting trunk "
                     "0.20.3\n INFO 📦 starting build\n INFO ✅ success\nRun "
                     "./scripts/size-check.sh dist\ntarnwhistle_bg.wasm: 13.1 MB (budget 20.0 "
                     "MB)\nOK",
              "workflow": (".github/workflows/web.yml", web_yml),
              "hint": "for itch it has to be trunk with relative urls: `trunk build --release "
                      "--public-url ./`. the default absolute paths 404 under itch's iframe "
                      "path",
              "done": "dist/ has the web build (13 MB of wasm). Zip the contents of dist, not "
                      "the folder itself, for itch."}),
        Fact("cmd-xvfb", "command", ["xvfb-run -a"],
             ["the herding integration tests panic about not finding a display when I run "
              "them over ssh — how are they meant to be run?",
              "run the whole test suite on the build box the way CI does"],
             "tarnwhistle's integration tests (tests/herding.rs) build an App with "
             "DefaultPlugins and need a window, so on a headless machine they run under a "
             "virtual X server like the CI test job: `xvfb-run -a cargo test --workspace`.",
             {"goal": "run the tests, I changed the flock cohesion maths",
              "fail": bash("cargo test --workspace",
                           "     Running tests/herding.rs (target/debug/deps/herding-"
                           "5c0e7b31a2f94d18)\n\nrunning 4 tests\nthread "
                           "'sheep_enter_pen_when_dog_circles' panicked at /home/dev/.cargo/"
                           "registry/src/index.crates.io-6f17d22bba15001f/bevy_winit-0.14.2/"
                           "src/lib.rs:182:55:\nFailed to build event loop: Os(OsError { line: "
                           "81, file: \"winit-0.30.5/src/platform_impl/linux/mod.rs\", error: "
                           "Misc(\"neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is "
                           "set.\") })\n\ntest result: FAILED. 0 passed; 4 failed; 0 ignored; "
                           "0 measured; 0 filtered out; finished in 0.21s\n\nerror: test "
                           "failed, to rerun pass `--test herding`", 101),
              "note": "The integration tests start DefaultPlugins, which opens a window, and "
                      "this box has no display. CI wraps the run in a virtual X server.",
              "ok": bash("xvfb-run -a cargo test --workspace",
                         "     Running unittests src/main.rs\nrunning 23 tests\n"
                         ".......................\ntest result: ok. 23 passed; 0 failed; 0 "
                         "ignored; 0 measured; 0 filtered out; finished in 0.08s\n\n     "
                         "Running tests/herding.rs\nrunning 4 tests\ntest "
                         "sheep_enter_pen_when_dog_circles ... ok\ntest "
                         "flock_regroups_after_bark ... ok\ntest dog_stops_at_fence ... ok\n"
                         "test whistle_commands_are_queued ... ok\n\ntest result: ok. 4 "
                         "passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished "
                         "in 6.42s"),
              "job": "ci / test",
              "log": "Run sudo apt-get update && sudo apt-get install -y "
                     "--no-install-recommends libasound2-dev libudev-dev libwayland-dev "
                     "libxkbcommon-dev xvfb\n...\nRun xvfb-run -a cargo test --workspace\n  "
                     "xvfb-run -a cargo test --workspace\n  shell: /usr/bin/bash -e {0}\n"
                     "test result: ok. 23 passed; 0 failed; 0 ignored\n     Running "
                     "tests/herding.rs\ntest result: ok. 4 passed; 0 failed; 0 ignored",
              "workflow": (".github/workflows/ci.yml", ci_yml),
              "hint": "they need a display. ci runs them as `xvfb-run -a cargo test "
                      "--workspace`, do the same on any box without a screen",
              "done": "All 27 tests pass, including the four herding integration tests."}),
        Fact("env-butler", "environment", ["BUTLER_API_KEY"],
             ["what credentials does the itch upload job need, and where are they set?",
              "I'm moving the itch deploy into the new org's repo — set up whatever secret it "
              "needs"],
             "tarnwhistle's itch.io job pushes the web build with butler to "
             "bothyloft/tarnwhistle (channel html5, html5-preview for PRs) and authenticates "
             "with the repository secret BUTLER_API_KEY; fork PRs don't get secrets, so the "
             "upload fails there.",
             {"goal": "what does the itch deploy job need to authenticate? it failed on "
                      "Callum's PR from his fork",
              "probe": [bash("grep -n -B1 -A4 'butler push' .github/workflows/itch.yml",
                             "23-      - name: Push to itch\n24:        run: butler push dist "
                             "bothyloft/tarnwhistle:${{ github.event_name == 'pull_request' && "
                             "'html5-preview' || 'html5' }} --userversion ${{ env.VERSION }}\n"
                             "25-        env:\n26-          BUTLER_API_KEY: ${{ "
                             "secrets.BUTLER_API_KEY }}"),
                        bash("gh secret list",
                             "NAME            UPDATED\nBUTLER_API_KEY  about 5 months ago")],
              "confirm": "butler authenticates with the repository secret BUTLER_API_KEY, "
                         "which itch.yml passes in as an env var to `butler push dist "
                         "bothyloft/tarnwhistle:html5` (html5-preview for pull requests). "
                         "It's set on this repo, but GitHub doesn't give secrets to "
                         "workflows triggered from forks — so on a fork PR it's empty and the "
                         "push fails.",
              "bot": ("github-actions",
                      "❌ **itch / push** failed\n\n```\nbutler push dist "
                      "bothyloft/tarnwhistle:html5-preview --userversion 0.4.0-pr91\nError: "
                      "no credentials found: set BUTLER_API_KEY or run `butler login`\n```"),
              "while": ("does the itch job upload on every PR or only from main?",
                        "Both: main goes to the html5 channel and pull requests to "
                        "html5-preview, so a branch can be tried on itch before merging."),
              "who": "Jo"}),
        Fact("env-toolchain", "environment", ["1.79.0"],
             ["which Rust version is the project pinned to?",
              "dependabot's Bevy upgrade doesn't compile on CI — what compiler are we "
              "building with?"],
             "tarnwhistle pins Rust 1.79.0 in rust-toolchain.toml (with clippy, rustfmt and "
             "the wasm32 target), so CI and local builds use it; Bevy 0.15 needs 1.82, so the "
             "toolchain file has to move before that upgrade.",
             {"goal": "which rust version do we build with?",
              "probe": [read("rust-toolchain.toml",
                             "[toolchain]\nchannel = \"1.79.0\"\ncomponents = [\"clippy\", "
                             "\"rustfmt\"]\ntargets = [\"wasm32-unknown-unknown\"]\n"),
                        bash("rustc --version", "rustc 1.79.0 (129f3b996 2024-06-10)")],
              "confirm": "Rust 1.79.0, pinned in rust-toolchain.toml, so rustup picks it for "
                         "every cargo call here and in CI. Bevy 0.15 needs rustc 1.82, so the "
                         "dependabot bump can't go in until that file moves.",
              "bot": ("github-actions",
                      "ci / test failed on `dependabot/cargo/bevy-0.15.0`:\n\nerror: package "
                      "`bevy v0.15.0` cannot be built because it requires rustc 1.82.0 or "
                      "newer, while the currently active rustc version is 1.79.0\nEither "
                      "upgrade rustc or select compatible dependency versions with\n`cargo "
                      "update <name>@<current-ver> --precise <compatible-ver>`"),
              "while": ("why does every CI job start with 'info: syncing channel updates'?",
                        "That's rustup installing the toolchain rust-toolchain.toml asks for, "
                        "with its components and the wasm target — the runner's preinstalled "
                        "stable isn't that version.")}),
        Fact("gotcha-ambiguity", "gotcha", ["ambiguity_detection"],
             ["the pen test passes locally but fails on CI now and then, with the flock ending "
              "up in slightly different places — what causes that?",
              "add a test that checks the flock splits when the dog runs straight through it"],
             "tarnwhistle's steer_dog and flock_separation systems both write Transform with "
             "no ordering between them, so Bevy's executor may run them in either order and "
             "herding tests are nondeterministic; order them explicitly (.chain()) and keep "
             "ScheduleBuildSettings { ambiguity_detection: LogLevel::Error } on in the test "
             "app.",
             {"symptom": "sheep_enter_pen_when_dog_circles failed on CI, passes locally",
              "log": "thread 'sheep_enter_pen_when_dog_circles' panicked at "
                     "tests/herding.rs:58:5:\nassertion failed: pen.contains_all(&flock)\n  "
                     "sheep 7 at Vec2(412.31, -88.02), pen x: 420.0..560.0\nnote: run with "
                     "`RUST_BACKTRACE=1` environment variable to display a backtrace\n\ntest "
                     "result: FAILED. 3 passed; 1 failed; 0 ignored",
              "job": "ci / test", "flaky": True,
              "title": "Order the flock systems and fail on schedule ambiguities",
              "probe": [read(flock,
                             "impl Plugin for FlockPlugin {\n    fn build(&self, app: &mut App) "
                             "{\n        app.add_systems(Update, (steer_dog, flock_separation, "
                             "move_sheep));\n    }\n}\n"),
                        bash("BEVY_AMBIGUITY=1 cargo run --example schedule_report",
                             "2 pairs of systems with conflicting data access have "
                             "indeterminate execution order. Consider adding `before`, `after`, "
                             "or `ambiguous_with` relationships between these:\n -- steer_dog "
                             "and flock_separation\n    conflict on: [\"bevy_transform::"
                             "components::transform::Transform\"]\n -- flock_separation and "
                             "move_sheep\n    conflict on: [\"bevy_transform::components::"
                             "transform::Transform\"]")],
              "explain": "steer_dog, flock_separation and move_sheep all write Transform in "
                         "Update and nothing orders them, so Bevy's multithreaded executor "
                         "runs them in whatever order it likes each frame. On CI's two-core "
                         "runner the order flips now and then, the separation push lands "
                         "before or after the dog's nudge, and after 600 frames sheep 7 is a "
                         "few pixels outside the pen. Fix: chain them, and turn on "
                         "ScheduleBuildSettings' ambiguity_detection (LogLevel::Error) in the "
                         "test app so a new unordered pair fails loudly instead of flaking.",
              "fix": [edit(flock, "(steer_dog, flock_separation, move_sheep));",
                           "(steer_dog, flock_separation, move_sheep).chain());"),
                      edit("tests/common/mod.rs", "    let mut app = App::new();\n",
                           "    let mut app = App::new();\n    app.edit_schedule(Update, |s| {"
                           "\n        s.set_build_settings(ScheduleBuildSettings {\n            "
                           "ambiguity_detection: LogLevel::Error,\n            ..default()\n   "
                           "     });\n    });\n")],
              "done": "With the systems chained the herding test passed 30 runs in a row, and "
                      "the test app now refuses to build a schedule with a new conflicting "
                      "pair."}),
        Fact("gotcha-metacheck", "gotcha", ["AssetMetaCheck::Never"],
             ["on the itch page the game stays a grey screen and the browser console is full "
              "of errors about .meta files — what's going on?",
              "the browser build hangs on the loading screen since I added new sprites, fix "
              "it"],
             "Bevy 0.14 requests a `<asset>.meta` file next to every asset; itch.io answers "
             "those with a 403 HTML page that Bevy fails to parse, so nothing loads in the web "
             "build. tarnwhistle must keep AssetPlugin { meta_check: AssetMetaCheck::Never, .. "
             "} in main.rs.",
             {"symptom": "the itch preview of Jo's refactor PR is just a grey screen, the native "
                         "build is fine",
              "log": "GET https://html-classic.itch.zone/html/11823456/assets/sprites/"
                     "sheep.png.meta 403 (Forbidden)\nERROR bevy_asset::server: Failed to "
                     "deserialize meta for asset sprites/sheep.png: Failed to deserialize asset "
                     "meta: SpannedError { code: ExpectedNamedStructLike(\"AssetMetaMinimal\"), "
                     "position: Position { line: 1, col: 1 } }\nGET https://html-classic."
                     "itch.zone/html/11823456/assets/sprites/dog.png.meta 403 (Forbidden)",
              "job": "itch / preview", "flaky": False,
              "title": "Stop Bevy asking itch for .meta files",
              "probe": [grep("AssetPlugin", []), read("src/main.rs", main_rs)],
              "explain": "Since 0.12 Bevy asks for a `<file>.meta` next to every asset. "
                         "Natively a missing file is just 'not found' and it falls back to "
                         "defaults, but itch's CDN answers with a 403 HTML page, Bevy tries to "
                         "parse that as RON and the load fails — hence the grey screen. The "
                         "refactor of the plugin setup dropped our AssetPlugin override; it "
                         "needs `meta_check: AssetMetaCheck::Never` back.",
              "fix": [edit("src/main.rs",
                           "        .add_plugins(DefaultPlugins.set(WindowPlugin {\n",
                           "        .add_plugins(DefaultPlugins.set(AssetPlugin {\n            "
                           "meta_check: AssetMetaCheck::Never,\n            ..default()\n      "
                           "  }).set(WindowPlugin {\n")],
              "done": "The rebuilt preview on itch loads the sprites and starts on the title "
                      "screen again."}),
        Fact("fals-dynlink", "falsified", ["dynamic_linking"],
             ["could we make Bevy build as a shared library by default so everyone's rebuilds "
              "are faster?",
              "why don't we have the fast-link setup for bevy switched on in Cargo.toml?"],
             "Making bevy/dynamic_linking a default feature of tarnwhistle was tried and "
             "reverted: every build picked it up — the wasm build can't link a dylib and the "
             "Windows release zip crashed on launch looking for the bevy_dylib DLL; it stays "
             "opt-in locally (`cargo run --features bevy/dynamic_linking`).",
             {"ask": "rebuilds take 40s every time I touch a system. put bevy's "
                     "dynamic_linking feature in the default features so we all get fast "
                     "links?",
              "change": [edit("Cargo.toml", "[features]\ndefault = []\n",
                              "[features]\ndefault = [\"bevy/dynamic_linking\"]\n")],
              "broke": bash("git push && gh run watch --exit-status",
                            "✓ ci / test in 4m02s\nX web / build in 1m31s\nX release / windows "
                            "in 6m40s\n\nweb / build: error: cannot produce dylib for "
                            "`bevy_dylib v0.14.2` as the target `wasm32-unknown-unknown` does "
                            "not support these crate types\nrelease / windows (smoke): "
                            "tarnwhistle.exe - System Error: The code execution cannot proceed "
                            "because bevy_dylib-4c9a1e7f0b2d.dll was not found.", 1),
              "revert": bash("git revert --no-edit HEAD && git push",
                             "[fast-links 9e0a4c1] Revert \"build: default to "
                             "bevy/dynamic_linking\"\n 1 file changed, 1 insertion(+), 1 "
                             "deletion(-)"),
              "conclusion": "Reverted. As a default feature, dynamic_linking goes into every "
                            "build: the wasm build can't produce a dylib at all, and the "
                            "Windows release crashed on launch because bevy_dylib's DLL isn't "
                            "shipped next to the exe. It stays opt-in for local runs: `cargo "
                            "run --features bevy/dynamic_linking`.",
              "want": "rebuilds are painfully slow, every small change is a 40 second link. "
                      "can we fix that for everyone?",
              "offer": "Bevy's dynamic_linking feature builds the engine as a shared library, "
                       "which cuts relinks to a few seconds — I could make it a default "
                       "feature in Cargo.toml.",
              "story": "we had dynamic_linking in default features for about a day. the web "
                       "job broke (no dylibs on wasm) and the windows zip crashed on launch "
                       "looking for the bevy_dylib dll. it's opt-in only: cargo run "
                       "--features bevy/dynamic_linking on your own machine",
              "pushback": "Please don't put dynamic_linking in `default` — every build picks "
                          "it up, release and wasm included. We shipped a Windows zip like "
                          "that once and it crashed on launch looking for bevy_dylib. Opt in "
                          "locally with `--features bevy/dynamic_linking`.",
              "title": "build: default to bevy/dynamic_linking",
              "search": "dynamic_linking", "who": "Sunniva", "branch": "fast-links"}),
        Fact("fals-rapier", "falsified", ["bevy_rapier2d"],
             ["would a proper physics engine handle the sheep collisions better than our "
              "hand-rolled separation?",
              "has anyone tried a physics crate for the flock? what happened?"],
             "Replacing tarnwhistle's hand-rolled flock separation with bevy_rapier2d was "
             "tried and reverted: the wasm bundle grew from 13.1 MB to 31.4 MB, over the web "
             "job's 20 MB budget (load time on school wifi), and 60 rigid-body sheep ran at "
             "~35 fps in the browser; separation stays hand-rolled.",
             {"ask": "sheep still overlap in the narrow gates. swap our separation code for "
                     "bevy_rapier2d colliders?",
              "change": [bash("cargo add bevy_rapier2d@0.27 --features wasm-bindgen",
                              "    Updating crates.io index\n      Adding bevy_rapier2d v0.27.0 "
                              "to dependencies\n             Features:\n             + "
                              "wasm-bindgen\n             - debug-render-2d\n             - "
                              "simd-stable"),
                         edit(flock, "        app.add_systems(Update, flock_separation);\n",
                              "        app.add_plugins(RapierPhysicsPlugin::<NoUserData>::"
                              "pixels_per_meter(32.0));\n")],
              "broke": bash("./scripts/size-check.sh --rebuild",
                            "building web bundle...\ntarnwhistle_bg.wasm: 31.4 MB (budget 20.0 "
                            "MB, main: 13.1 MB)\nFAIL: over budget by 11.4 MB", 1),
              "revert": bash("git checkout -- Cargo.toml Cargo.lock src/flock.rs", ""),
              "conclusion": "Backed out bevy_rapier2d. It more than doubled the wasm bundle, "
                            "13.1 → 31.4 MB, well over the 20 MB budget the web job enforces "
                            "for load times. The overlap in gates is better fixed inside our "
                            "separation system — a second pass for sheep inside a gate.",
              "want": "sheep keep overlapping in the narrow gates — would a real physics "
                      "engine help?",
              "offer": "bevy_rapier2d would give every sheep a proper collider and resolve the "
                       "overlaps for us, instead of flock_separation.",
              "story": "jo tried bevy_rapier2d in march. wasm went from 13 to 31 MB, way over "
                       "our 20 MB budget, and the browser build dropped to ~35 fps with 60 "
                       "sheep as rigid bodies. we kept the hand-rolled separation",
              "pushback": "I'd rather we didn't take bevy_rapier2d for this — the size job is "
                          "red for a reason: 31 MB of wasm is a 20-second load on the school "
                          "wifi most of our players are on. Jo measured the same thing in "
                          "March. Let's fix separation in the gate instead.",
              "title": "flock: use bevy_rapier2d colliders for sheep",
              "search": "rapier", "who": "Callum", "branch": "rapier-flock"}),
    ]
    nits = [
        (dog, 88, "nit: `dist` → `distance`, we spell it out elsewhere",
         edit(dog, "    let dist = dog_pos.distance(target);\n",
              "    let distance = dog_pos.distance(target);\n")),
        ("assets/dialogue/intro.txt", 3, "typo: \"shepard\"",
         edit("assets/dialogue/intro.txt", "Every shepard needs a good dog.",
              "Every shepherd needs a good dog.")),
        ("src/whistle.rs", 27, "nit: this comment is stale, it's two notes now not three",
         edit("src/whistle.rs", "// a whistle command is three notes",
              "// a whistle command is two notes")),
    ]
    noise: list[Episode] = [
        tweak("Jo spotted a typo in the level 2 intro text: 'the the flock'",
              "assets/dialogue/level_02.txt", "Bring the the flock down to the fank.",
              "Bring the flock down to the fank."),
        steps("fmt check is failing on my branch",
              [bash("cargo fmt --check",
                    "Diff in /home/dev/src/tarnwhistle/src/whistle.rs at line 44:\n-    let "
                    "notes = vec![Note::High,Note::Low];\n+    let notes = vec![Note::High, "
                    "Note::Low];", 1),
               bash("cargo fmt", "")],
              "One missing space in whistle.rs; cargo fmt fixed it."),
        talk("in bevy, what's the difference between Query<&mut Transform> and "
             "ResMut<Something>?",
             "A Query iterates components on entities (any number of them); a ResMut is a "
             "single global resource. Both are mutable borrows, so the scheduler won't run two "
             "systems in parallel that mutably touch the same component type or resource."),
        look("what's in level 3?", "assets/levels/level_03.ron",
             "(\n    name: \"Coire Dubh\",\n    sheep: 24,\n    pen: (x: 420.0, y: 0.0, w: 140.0, "
             "h: 90.0),\n    gates: [(x: 180.0, y: -40.0), (x: 300.0, y: 60.0)],\n    "
             "time_limit: 180,\n)\n",
             "Level 3 is Coire Dubh: 24 sheep, two gates to drive them through and a "
             "three-minute limit."),
        run("what's the state of the checks on my PR?", "gh pr checks",
            "Some checks are still pending\n0 cancelled, 0 failing, 2 successful, 0 skipped, "
            "and 1 pending checks\n\n   NAME           DESCRIPTION  ELAPSED  URL\n✓  ci/test      "
            "               4m11s    https://github.com/bothyloft/tarnwhistle/actions/runs/"
            "10733104922/job/29766201331\n✓  ci/clippy                 2m2s     https://github."
            "com/bothyloft/tarnwhistle/actions/runs/10733104922/job/29766201512\n*  web/build   "
            "                       https://github.com/bothyloft/tarnwhistle/actions/runs/"
            "10733104925/job/29766201618",
            "Tests and clippy are green; the web build is still running."),
        talk("what does the Changed<T> filter actually track?",
             "Whether the component was mutably dereferenced since the system last ran — not "
             "whether the value differs. Touching it through `&mut` marks it changed even if "
             "you write the same value back; use `set_if_neq` to avoid that."),
        find("where do we spawn the sheep?", "spawn_flock",
             ["src/flock.rs", "src/level.rs"],
             "spawn_flock lives in src/flock.rs and level.rs calls it when a level loads, with "
             "the sheep count from the level file."),
        talk("dependabot wants to bump actions/upload-artifact from v3 to v4 — gotchas?",
             "One real one: in v4 artifacts are immutable and names must be unique per run, so "
             "two jobs uploading to the same artifact name will now fail. Our workflows each "
             "use their own name, so it should be a straight merge."),
        steps("squash the fixup commits on my branch before I ask for review",
              [bash("git log --oneline origin/main..HEAD",
                    "c41d9e0 fixup! whistle: queue commands\n7a2b3f1 fixup! whistle: queue "
                    "commands\n52e0c8d whistle: queue commands"),
               bash("GIT_SEQUENCE_EDITOR=true git rebase -i --autosquash origin/main && git "
                    "push --force-with-lease",
                    "Successfully rebased and updated refs/heads/whistle-queue.\nTo "
                    "github.com:bothyloft/tarnwhistle.git\n + c41d9e0...e93f1a2 whistle-queue "
                    "-> whistle-queue (forced update)")],
              "Squashed the two fixups into 'whistle: queue commands' and force-pushed."),
        talk("reply to Callum's question on the whistle PR — he asks why commands are queued "
             "instead of applied immediately",
             "Draft: \"Because a whistle is two notes and the dog shouldn't react to the first "
             "one on its own — the queue holds a note until the second arrives (or 400 ms "
             "pass), then turns the pair into one command. Applying them immediately made the "
             "dog twitch left before every 'come by'.\""),
    ]
    noise.append(steps(
        "plan the stamina meter for the dog before I open a PR, no code yet",
        [todo_write([("Stamina resource on the dog, drained by running", "pending",
                      "Adding the stamina resource"),
                     ("Slow the dog to a trot when stamina is empty", "pending",
                      "Slowing the tired dog"),
                     ("HUD bar under the whistle icons", "pending", "Drawing the HUD bar"),
                     ("Integration test: dog recovers while lying down", "pending",
                      "Writing the recovery test")])],
        "Four steps: the resource, the tired trot, the HUD bar, then a recovery test. Tell me "
        "when to start."))
    facts = _crew(facts, ["Sunniva", "Callum", "Jo"],
                  {"Sunniva": "sunniva-h", "Callum": "callumr", "Jo": "jo-adeyemi"},
                  "bothyloft/tarnwhistle", nits, 84)
    return Project(
        "tarnwhistle", "git@github.com:bothyloft/tarnwhistle.git",
        {"README.md": "# tarnwhistle\n\nHerd sheep across the fells with nothing but a "
                      "whistle.\n",
         "Cargo.toml": "[package]\nname = \"tarnwhistle\"\nversion = \"0.4.0\"\nedition = "
                       "\"2021\"\n\n[dependencies]\nbevy = \"0.14\"\n"},
        facts, noise, "github")


# ------------------------------------------------------------------- larchmoss
def larchmoss() -> Project:
    checkin_vm = "src/Larchmoss.App/ViewModels/CheckInViewModel.cs"
    fridge_page = "src/Larchmoss.App/Views/FridgePage.xaml"
    fridge_vm = "src/Larchmoss.App/ViewModels/FridgeViewModel.cs"
    sync = "src/Larchmoss.App/Services/SyncService.cs"
    app_csproj = "src/Larchmoss.App/Larchmoss.App.csproj"
    vm_head = "public partial class CheckInViewModel : ObservableObject\n{\n"
    report_btn = ("        <Button Text=\"{x:Static strings:AppResources.LogCheck}\"\n"
                  "                Command=\"{Binding LogCheckCommand}\" />\n")
    ci_yml = (
        "name: ci\non:\n  pull_request:\n  push:\n    branches: [main]\n\njobs:\n  unit-tests:\n"
        "    runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n      - uses: "
        "actions/setup-dotnet@v4\n        with:\n          dotnet-version: 8.0.x\n      - run: "
        "dotnet test tests/Larchmoss.Core.Tests/Larchmoss.Core.Tests.csproj --logger "
        "\"trx;LogFileName=unit.trx\"\n      - uses: actions/upload-artifact@v4\n        if: "
        "always()\n        with:\n          name: unit-results\n          path: "
        "tests/**/TestResults/*.trx\n")
    android_yml = (
        "name: android\non:\n  pull_request:\n\njobs:\n  emulator-smoke:\n    runs-on: "
        "ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n      - uses: "
        "actions/setup-dotnet@v4\n        with:\n          dotnet-version: 8.0.x\n      - run: "
        "dotnet workload install maui-android\n      - name: Enable KVM\n        run: |\n       "
        "   echo 'KERNEL==\"kvm\", GROUP=\"kvm\", MODE=\"0666\"' | sudo tee "
        "/etc/udev/rules.d/99-kvm.rules\n          sudo udevadm control --reload-rules && sudo "
        "udevadm trigger --name-match=kvm\n      - uses: reactivecircus/android-emulator-runner"
        "@v2\n        with:\n          api-level: 34\n          arch: x86_64\n          script: "
        "dotnet build src/Larchmoss.App -t:Run -f net8.0-android && ./scripts/wait-for-"
        "activity.sh\n")
    facts = [
        Fact("conv-mvvm", "convention", ["[ObservableProperty]"],
             ["how do we write a bindable property in a view model in this app?",
              "add a 'last checked by' field to the fridge detail view model so the page can "
              "show who did the last check"],
             "larchmoss view models use CommunityToolkit.Mvvm's source generators — "
             "[ObservableProperty] on a private field (with [NotifyPropertyChangedFor] for "
             "dependants) and [RelayCommand] on methods; no hand-written properties calling "
             "OnPropertyChanged (ADR-002).",
             {"rule": "view model properties are [ObservableProperty] fields and commands are "
                      "[RelayCommand] methods — no hand-written setters calling "
                      "OnPropertyChanged, that's ADR-002",
              "review": "We don't hand-write INPC boilerplate in view models. Use "
                        "`[ObservableProperty]` on a private field, plus "
                        "`[NotifyPropertyChangedFor(nameof(IsTooWarm))]` for the dependent "
                        "one — see ADR-002, the toolkit's generator is the reason the VMs are "
                        "still readable.",
              "task": "show the fridge's current temperature on the check-in page and colour it "
                      "red above 8 °C",
              "path": checkin_vm, "line": 14,
              "contrary": edit(checkin_vm, vm_head,
                               vm_head + "    private double _temperature;\n    public double "
                               "Temperature\n    {\n        get => _temperature;\n        set\n "
                               "       {\n            if (_temperature == value) return;\n     "
                               "       _temperature = value;\n            OnPropertyChanged();\n"
                               "            OnPropertyChanged(nameof(IsTooWarm));\n        }\n "
                               "   }\n\n    public bool IsTooWarm => Temperature > 8.0;\n\n"),
              "follow": [edit(checkin_vm, vm_head,
                              vm_head + "    [ObservableProperty]\n    "
                              "[NotifyPropertyChangedFor(nameof(IsTooWarm))]\n    private "
                              "double temperature;\n\n    public bool IsTooWarm => Temperature "
                              "> 8.0;\n\n"),
                         edit("src/Larchmoss.App/Views/CheckInPage.xaml",
                              "        <Entry x:Name=\"TempEntry\"",
                              "        <Label Text=\"{Binding Temperature, StringFormat='{0:F1} "
                              "°C'}\"\n               TextColor=\"{Binding IsTooWarm, "
                              "Converter={StaticResource WarnColour}}\" />\n        <Entry "
                              "x:Name=\"TempEntry\"")],
              "done": "The check-in page shows the temperature to one decimal and turns red "
                      "above 8 °C; Temperature is a generated property and IsTooWarm is "
                      "re-notified along with it."}),
        Fact("conv-resx", "convention", ["AppResources.resx"],
             ["where should a new bit of on-screen text go so it gets translated?",
              "add an 'out of service' banner to the fridge page"],
             "User-facing text in larchmoss goes in Resources/Strings/AppResources.resx (with "
             "stub entries in the .pl and .ga files for Weblate) and is referenced as "
             "{x:Static strings:AppResources.Key} or AppResources.Key; no literal strings in "
             "XAML or view models — volunteers use the app in Polish and Irish.",
             {"rule": "no literal text in xaml or view models: every user-facing string goes "
                      "into Resources/Strings/AppResources.resx and gets referenced with "
                      "x:Static — half the volunteers run the app in polish or irish",
              "review": "Literal strings in XAML won't get translated — add them to "
                        "`Resources/Strings/AppResources.resx` (and stub entries in the `.pl` / "
                        "`.ga` files so Weblate picks them up), then use "
                        "`{x:Static strings:AppResources.…}`. Same for the alert text in the "
                        "view model.",
              "task": "add a button on the fridge page to report it broken, with a "
                      "confirmation prompt",
              "path": fridge_page, "line": 31,
              "contrary": edit(fridge_page, report_btn,
                               report_btn + "        <Button Text=\"Report broken\"\n          "
                               "      Command=\"{Binding ReportBrokenCommand}\" />\n"),
              "follow": [edit("src/Larchmoss.App/Resources/Strings/AppResources.resx",
                              "  <data name=\"LogCheck\" xml:space=\"preserve\">\n    <value>Log "
                              "a check</value>\n  </data>\n",
                              "  <data name=\"LogCheck\" xml:space=\"preserve\">\n    <value>Log "
                              "a check</value>\n  </data>\n  <data name=\"ReportBroken\" "
                              "xml:space=\"preserve\">\n    <value>Report broken</value>\n  "
                              "</data>\n  <data name=\"ReportBrokenConfirm\" xml:space="
                              "\"preserve\">\n    <value>Report this fridge as broken? The "
                              "coordinator gets a notification.</value>\n  </data>\n"),
                         edit(fridge_page, report_btn,
                              report_btn + "        <Button Text=\"{x:Static strings:"
                              "AppResources.ReportBroken}\"\n                Command=\"{Binding "
                              "ReportBrokenCommand}\" />\n"),
                         edit(fridge_vm, "    [RelayCommand]\n    private async Task "
                              "LogCheckAsync()\n",
                              "    [RelayCommand]\n    private async Task ReportBrokenAsync()\n"
                              "    {\n        var ok = await Shell.Current.DisplayAlert("
                              "AppResources.ReportBroken,\n            "
                              "AppResources.ReportBrokenConfirm, AppResources.Yes, "
                              "AppResources.No);\n        if (ok) await _api.ReportBrokenAsync("
                              "FridgeId);\n    }\n\n    [RelayCommand]\n    private async Task "
                              "LogCheckAsync()\n")],
              "done": "The button and the confirmation use two new keys in AppResources.resx, "
                      "ReportBroken and ReportBrokenConfirm, with empty stubs in the .pl and "
                      ".ga files for the translators."}),
        Fact("cmd-coretests", "command", ["Larchmoss.Core.Tests.csproj"],
             ["running the tests from the repository root on Linux fails with an error about "
              "workload packs — how are the unit tests meant to be run?",
              "run the unit tests the way the pipeline runs them"],
             "larchmoss's solution includes the MAUI app, whose iOS target can't be restored "
             "on Linux (NETSDK1178), so run only the test project as CI's unit-tests job does: "
             "`dotnet test tests/Larchmoss.Core.Tests/Larchmoss.Core.Tests.csproj` (plain "
             "net8.0, it references Larchmoss.Core, not the app).",
             {"goal": "run the unit tests, I changed how the average temperature is worked out",
              "fail": bash("dotnet test",
                           "  Determining projects to restore...\n/usr/share/dotnet/sdk/8.0.404/"
                           "Sdks/Microsoft.NET.Sdk/targets/Microsoft.NET.Sdk.ImportWorkloads."
                           "targets(38,5): error NETSDK1178: The project depends on the "
                           "following workload packs that do not exist in any of the workloads "
                           "available in this installation: Microsoft.iOS.Sdk.net8.0_17.5\nYou "
                           "may need to build the project on another operating system or "
                           "architecture, or update the .NET SDK. [/home/dev/src/larchmoss/src/"
                           "Larchmoss.App/Larchmoss.App.csproj::TargetFramework=net8.0-ios]\n  "
                           "Failed to restore /home/dev/src/larchmoss/src/Larchmoss.App/"
                           "Larchmoss.App.csproj (in 412 ms).", 1),
              "note": "At the root, dotnet test takes the whole solution, including the MAUI "
                      "app's iOS target, which can't be restored on Linux. The tests don't need "
                      "the app: the unit-tests job points dotnet test at the test project "
                      "only.",
              "ok": bash("dotnet test tests/Larchmoss.Core.Tests/Larchmoss.Core.Tests.csproj",
                         "  Determining projects to restore...\n  Restored /home/dev/src/"
                         "larchmoss/tests/Larchmoss.Core.Tests/Larchmoss.Core.Tests.csproj (in "
                         "1.1 sec).\n  Larchmoss.Core -> /home/dev/src/larchmoss/src/"
                         "Larchmoss.Core/bin/Debug/net8.0/Larchmoss.Core.dll\nTest run for "
                         "/home/dev/src/larchmoss/tests/Larchmoss.Core.Tests/bin/Debug/net8.0/"
                         "Larchmoss.Core.Tests.dll (.NETCoreApp,Version=v8.0)\nVSTest version "
                         "17.11.1 (x64)\n\nStarting test execution, please wait...\nA total of 1 "
                         "test files matched the specified pattern.\n\nPassed!  - Failed:     0, "
                         "Passed:    64, Skipped:     0, Total:    64, Duration: 812 ms - "
                         "Larchmoss.Core.Tests.dll (net8.0)"),
              "job": "ci / unit-tests",
              "log": "Run dotnet test tests/Larchmoss.Core.Tests/Larchmoss.Core.Tests.csproj "
                     "--logger \"trx;LogFileName=unit.trx\"\n  Determining projects to "
                     "restore...\n  Restored /home/runner/work/larchmoss/larchmoss/tests/"
                     "Larchmoss.Core.Tests/Larchmoss.Core.Tests.csproj (in 2.31 sec).\n"
                     "Starting test execution, please wait...\nPassed!  - Failed:     0, "
                     "Passed:    63, Skipped:     0, Total:    63, Duration: 1 s - "
                     "Larchmoss.Core.Tests.dll (net8.0)",
              "workflow": (".github/workflows/ci.yml", ci_yml),
              "hint": "don't run it at the root, the iOS target can't restore on linux. CI "
                      "does `dotnet test tests/Larchmoss.Core.Tests/Larchmoss.Core.Tests.csproj`"
                      " and nothing else",
              "done": "64 tests pass, the new averaging ones included."}),
        Fact("cmd-runandroid", "command", ["-t:Run -f net8.0-android"],
             ["how do I start the app on the Android emulator from a terminal?",
              "dotnet run complains that the project targets several frameworks — what's the "
              "right way to launch the app on a device?"],
             "larchmoss can't be started with `dotnet run` (the app targets several "
             "frameworks); build, install and launch on the running Android emulator or device "
             "with `dotnet build src/Larchmoss.App -t:Run -f net8.0-android`, as the emulator "
             "smoke job does.",
             {"goal": "start the app on the android emulator, I want to see the new banner",
              "fail": bash("dotnet run --project src/Larchmoss.App",
                           "Unable to run your project.\nYour project targets multiple "
                           "frameworks. Specify which framework to run using '--framework'.", 1),
              "note": "MAUI apps aren't launched with dotnet run. The Run target on the "
                      "Android framework builds, installs the APK on the running emulator and "
                      "starts it.",
              "ok": bash("dotnet build src/Larchmoss.App -t:Run -f net8.0-android",
                         "  Larchmoss.Core -> /home/dev/src/larchmoss/src/Larchmoss.Core/bin/"
                         "Debug/net8.0/Larchmoss.Core.dll\n  Larchmoss.App -> /home/dev/src/"
                         "larchmoss/src/Larchmoss.App/bin/Debug/net8.0-android/"
                         "org.fridgeshare.larchmoss-Signed.apk\n  Installing "
                         "org.fridgeshare.larchmoss on emulator-5554...\n  Starting "
                         "org.fridgeshare.larchmoss/crc64f6c1e8c4a1b2d3e4.MainActivity\n\n"
                         "Build succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed "
                         "00:01:12.48"),
              "job": "android / emulator-smoke",
              "log": "Run reactivecircus/android-emulator-runner@v2\n...\n/usr/bin/sh -c "
                     "dotnet build src/Larchmoss.App -t:Run -f net8.0-android && "
                     "./scripts/wait-for-activity.sh\n  Larchmoss.App -> /home/runner/work/"
                     "larchmoss/larchmoss/src/Larchmoss.App/bin/Debug/net8.0-android/"
                     "org.fridgeshare.larchmoss-Signed.apk\n  Installing "
                     "org.fridgeshare.larchmoss on emulator-5554...\nactivity "
                     "MainActivity resumed after 14s\nOK",
              "workflow": (".github/workflows/android.yml", android_yml),
              "hint": "dotnet run doesn't do maui. `dotnet build src/Larchmoss.App -t:Run -f "
                      "net8.0-android` with the emulator already running — same as the smoke "
                      "job",
              "done": "It's installed and running on emulator-5554; the banner is at the top "
                      "of the fridge page."}),
        Fact("env-xcode", "environment", ["Xcode_15.4"],
             ["which Xcode does the iOS build in CI use?",
              "the iOS job broke after GitHub updated the macOS runner image — make sure it "
              "builds with the Xcode we actually need"],
             "larchmoss's iOS CI job runs on macos-14 and selects Xcode 15.4 explicitly (sudo "
             "xcode-select -s /Applications/Xcode_15.4.app), because the .NET 8 iOS workload "
             "in use is built against the iOS 17.5 SDK; the image's newer default Xcode breaks "
             "the build.",
             {"goal": "which xcode is the iOS job building with?",
              "probe": [bash("grep -n -B2 -A2 'xcode-select' .github/workflows/ios.yml",
                             "18-    runs-on: macos-14\n19-    steps:\n20-      - uses: "
                             "actions/checkout@v4\n21:      - run: sudo xcode-select -s "
                             "/Applications/Xcode_15.4.app\n22-      - run: dotnet workload "
                             "install maui-ios\n23-      - run: dotnet build src/Larchmoss.App "
                             "-f net8.0-ios -c Release")],
              "confirm": "The iOS job runs on macos-14 and switches to Xcode 15.4 "
                         "(`xcode-select -s /Applications/Xcode_15.4.app`) before installing "
                         "the workload — the .NET 8 iOS workload we're on is built against the "
                         "iOS 17.5 SDK, so it has to be that Xcode rather than whatever the "
                         "image defaults to.",
              "bot": ("github-actions",
                      "**ios / build** — job summary\n\n| | |\n|---|---|\n| runner image | "
                      "macos-14 (20241104.1) |\n| selected Xcode | Xcode_15.4 (default on "
                      "image: 16.1) |\n| iOS SDK | 17.5 |\n| workload | microsoft.net.sdk.ios "
                      "17.5.8030 |"),
              "while": ("why is the ios job so much slower than the android one?",
                        "Mostly macOS runner start-up and the workload install — about three "
                        "of its eleven minutes go by before anything compiles.")}),
        Fact("env-keystore", "environment", ["ANDROID_KEYSTORE_BASE64"],
             ["what signing secrets does the Android release job need?",
              "set up release signing for the Android build in the new CI organisation"],
             "larchmoss's Android release job signs with the upload keystore decoded from the "
             "repository secret ANDROID_KEYSTORE_BASE64, with its password in "
             "ANDROID_KEYSTORE_PASSWORD (store and key) and the key alias larchmoss-upload set "
             "in the csproj.",
             {"goal": "what secrets does the android release job use to sign the bundle?",
              "probe": [bash("grep -n 'secrets\\.' .github/workflows/android-release.yml",
                             "18:          echo \"${{ secrets.ANDROID_KEYSTORE_BASE64 }}\" | "
                             "base64 -d > upload.keystore\n27:            "
                             "-p:AndroidSigningKeyPass=${{ secrets.ANDROID_KEYSTORE_PASSWORD }}"
                             "\n28:            -p:AndroidSigningStorePass=${{ "
                             "secrets.ANDROID_KEYSTORE_PASSWORD }}"),
                        bash(f"grep -n AndroidSigningKeyAlias {app_csproj}",
                             "61:    <AndroidSigningKeyAlias>larchmoss-upload"
                             "</AndroidSigningKeyAlias>")],
              "confirm": "Two repository secrets: ANDROID_KEYSTORE_BASE64 (the upload "
                         "keystore, base64-encoded; the job decodes it to upload.keystore) and "
                         "ANDROID_KEYSTORE_PASSWORD, used for both the store and the key. The "
                         "key alias, larchmoss-upload, is in the csproj's Release properties.",
              "bot": ("github-actions",
                      "❌ **android-release / bundle** failed\n\n```\nbase64: invalid input\n"
                      "error XA4310: `$(AndroidSigningKeyStore)` file `upload.keystore` could "
                      "not be found.\n```\n`ANDROID_KEYSTORE_BASE64` was empty in this run "
                      "(triggered by a pull request from a fork)."),
              "while": ("why does the release job produce an .aab instead of an .apk?",
                        "AndroidPackageFormat is aab in the Release configuration — Play "
                        "wants bundles. The emulator job builds a debug apk instead.")}),
        Fact("gotcha-trim", "gotcha", ["JsonSerializerContext"],
             ["the Release build on Android crashes when it loads the fridge list but the "
              "Debug build is fine — why?",
              "add a DTO for the donations log that the API started returning"],
             "larchmoss's Android Release builds are trimmed and .NET 8 disables "
             "reflection-based System.Text.Json in trimmed apps, so deserializing a DTO "
             "through the generic ReadFromJsonAsync<T> throws at runtime; every API DTO must "
             "be registered with [JsonSerializable(typeof(...))] on the source-generated "
             "AppJsonContext (a JsonSerializerContext) and read through its type info.",
             {"symptom": "the release build crashes on the fridge list in the smoke run, the "
                         "debug build is fine",
              "log": "E AndroidRuntime: FATAL EXCEPTION: main\nE AndroidRuntime: "
                     "android.runtime.JavaProxyThrowable: [System.InvalidOperationException]: "
                     "Reflection-based serialization has been disabled for this application. "
                     "Either use the source generator APIs or explicitly configure the "
                     "'JsonSerializerOptions.TypeInfoResolver' property.\nE AndroidRuntime: at "
                     "System.Text.Json.ThrowHelper.ThrowInvalidOperationException_"
                     "JsonSerializerIsReflectionDisabled()\nE AndroidRuntime: at "
                     "Larchmoss.Core.Services.FridgeApi.GetFridgesAsync(CancellationToken ct)",
              "job": "android / release-smoke", "flaky": False,
              "title": "Deserialize fridge summaries through the generated context",
              "probe": [read("src/Larchmoss.Core/Services/AppJsonContext.cs",
                             "using System.Text.Json.Serialization;\n\nnamespace "
                             "Larchmoss.Core.Services;\n\n[JsonSerializable(typeof(List<"
                             "FridgeDto>))]\n[JsonSerializable(typeof(CheckInDto))]\ninternal "
                             "partial class AppJsonContext : JsonSerializerContext\n{\n}\n"),
                        bash("git diff origin/main -- src/Larchmoss.Core/Services/FridgeApi.cs",
                             "@@ -31,7 +31,7 @@ public sealed class FridgeApi\n-        var "
                             "fridges = await response.Content.ReadFromJsonAsync(AppJsonContext"
                             ".Default.ListFridgeDto, ct);\n+        var fridges = await "
                             "response.Content.ReadFromJsonAsync<List<FridgeSummaryDto>>(ct);")],
              "explain": "The PR switched the list call to the generic "
                         "ReadFromJsonAsync<List<FridgeSummaryDto>>(), which relies on "
                         "reflection. Debug builds allow that, but Android Release builds are "
                         "trimmed and .NET 8 switches reflection-based System.Text.Json off in "
                         "trimmed apps, so the first call throws. Every DTO has to be "
                         "registered on our source-generated AppJsonContext — the "
                         "JsonSerializerContext — and read through its type info.",
              "fix": [edit("src/Larchmoss.Core/Services/AppJsonContext.cs",
                           "[JsonSerializable(typeof(CheckInDto))]\n",
                           "[JsonSerializable(typeof(CheckInDto))]\n[JsonSerializable(typeof("
                           "List<FridgeSummaryDto>))]\n"),
                      edit("src/Larchmoss.Core/Services/FridgeApi.cs",
                           "ReadFromJsonAsync<List<FridgeSummaryDto>>(ct)",
                           "ReadFromJsonAsync(AppJsonContext.Default.ListFridgeSummaryDto, "
                           "ct)")],
              "done": "The release build lists the fridges again on the emulator and the smoke "
                      "run passes."}),
        Fact("gotcha-mainthread", "gotcha", ["BeginInvokeOnMainThread"],
             ["the check-in list crashes now and then on iOS right after a sync, with a UIKit "
              "thread error — what's going on?",
              "make the background sync add new check-ins to the list as they arrive"],
             "In larchmoss the background sync (SyncService, running after ConfigureAwait(false) "
             "on a thread-pool thread) must not modify ObservableCollections bound to the UI "
             "directly; marshal the change with MainThread.BeginInvokeOnMainThread, otherwise "
             "iOS throws UIKitThreadAccessException intermittently.",
             {"symptom": "the iOS UI test fails maybe one run in four, always a crash right "
                         "after the sync",
              "log": "Unhandled managed exception: UIKit Consistency error: you are calling a "
                     "UIKit method that can only be invoked from the UI thread. "
                     "(UIKit.UIKitThreadAccessException)\n  at UIKit.UIApplication."
                     "EnsureUIThread()\n  at UIKit.UICollectionView.InsertItems(NSIndexPath[] "
                     "indexPaths)\n  at Microsoft.Maui.Controls.Handlers.Items."
                     "ObservableItemsSource.CollectionChanged(...)\n  at System.Collections."
                     "ObjectModel.ObservableCollection`1.InsertItem(Int32 index, CheckIn item)"
                     "\n  at Larchmoss.App.Services.SyncService.PullAsync(CancellationToken ct) "
                     "in SyncService.cs:line 58",
              "job": "ios / ui-tests", "flaky": True,
              "title": "Marshal sync inserts onto the UI thread",
              "probe": [read(sync,
                             "    public async Task PullAsync(CancellationToken ct)\n    {\n   "
                             "     var since = _store.LastSync;\n        await foreach (var "
                             "checkIn in _api.StreamCheckInsAsync(since, ct).ConfigureAwait("
                             "false))\n        {\n            _store.CheckIns.Insert(0, "
                             "checkIn);\n        }\n        _store.LastSync = "
                             "DateTimeOffset.UtcNow;\n    }\n")],
              "explain": "ConfigureAwait(false) moves the loop onto a thread-pool thread, and "
                         "then it inserts into CheckIns, the ObservableCollection the list is "
                         "bound to. The CollectionView handler reacts synchronously and calls "
                         "UIKit from that background thread; iOS only catches it when the sync "
                         "finishes while the page is on screen — hence one run in four. The "
                         "insert has to be marshalled with MainThread.BeginInvokeOnMainThread.",
              "fix": [edit(sync, "            _store.CheckIns.Insert(0, checkIn);\n",
                           "            MainThread.BeginInvokeOnMainThread(() => "
                           "_store.CheckIns.Insert(0, checkIn));\n")],
              "done": "Inserts happen on the UI thread now; the iOS UI test passed twelve runs "
                      "in a row on the simulator."}),
        Fact("fals-aot", "falsified", ["PublishAot"],
             ["could we compile the iOS app with NativeAOT to get a faster cold start?",
              "has anyone tried the .NET 8 native AOT option for the iPhone build?"],
             "Turning on NativeAOT (<PublishAot>true</PublishAot>) for larchmoss's iOS build "
             "was tried and reverted: sqlite-net-pcl and CommunityToolkit.Maui raised 47 "
             "IL2026/IL3050 trim and AOT warnings (errors under TreatWarningsAsErrors), and "
             "with them suppressed the app couldn't open its local database; iOS stays on the "
             "default Mono AOT.",
             {"ask": "cold start on the old iPhones is ~3s. try NativeAOT for iOS, .NET 8 "
                     "supports it now?",
              "change": [edit(app_csproj,
                              "  <PropertyGroup Condition=\"$(TargetFramework.Contains('-ios'))"
                              "\">\n",
                              "  <PropertyGroup Condition=\"$(TargetFramework.Contains('-ios'))"
                              "\">\n    <PublishAot>true</PublishAot>\n")],
              "broke": bash("git push && gh run watch --exit-status && gh run view "
                            "--log-failed | tail -5",
                            "X ios / build in 9m14s\nerror IL3050: SQLite.SQLiteConnection."
                            "CreateTable<T>(CreateFlags): Using member 'SQLite.SQLiteConnection"
                            ".CreateTable(Type, CreateFlags)' which has "
                            "'RequiresDynamicCodeAttribute' can break functionality when AOT "
                            "compiling.\nerror IL2026: CommunityToolkit.Maui.Converters."
                            "EnumToBoolConverter.ConvertFrom(...): Using member 'System.Enum."
                            "Parse(Type, String)' which has 'RequiresUnreferencedCodeAttribute'"
                            " can break functionality when trimming application code.\n    0 "
                            "Warning(s)\n    47 Error(s)", 1),
              "revert": bash("git revert --no-edit HEAD && git push",
                             "[ios-nativeaot 2f7c0e1] Revert \"iOS: publish with NativeAOT\"\n"
                             " 1 file changed, 1 deletion(-)"),
              "conclusion": "Reverted to the default iOS build. With PublishAot on, "
                            "sqlite-net-pcl's reflection-based table mapping and parts of "
                            "CommunityToolkit.Maui raise 47 IL2026/IL3050 warnings, which "
                            "TreatWarningsAsErrors turns into a red build — and where they're "
                            "suppressed the app can't open its local database. Cold start has "
                            "to be won elsewhere: lazy page construction, fewer fonts.",
              "want": "cold start on the older iPhones is about 3 seconds — anything in the "
                      "build we could switch on?",
              "offer": ".NET 8 can compile the iOS app with NativeAOT — <PublishAot>true"
                       "</PublishAot> in the csproj — which usually cuts startup noticeably.",
              "story": "tried PublishAot for iOS in the spring. sqlite-net and the community "
                       "toolkit light up with 47 IL2026/IL3050 warnings, which are errors for "
                       "us, and when Tomasz suppressed them the app couldn't open the local "
                       "db. we stay on the normal mono AOT",
              "pushback": "PublishAot won't fly with sqlite-net-pcl — its table mapping is all "
                          "reflection, that's what the IL3050s are telling us. We tried this "
                          "in the spring and the app couldn't open its database once the "
                          "warnings were silenced. Please revert.",
              "title": "iOS: publish with NativeAOT",
              "search": "NativeAOT", "who": "Nkechi", "branch": "ios-nativeaot"}),
        Fact("fals-efcore", "falsified", ["Microsoft.EntityFrameworkCore.Sqlite"],
             ["could the offline store use EF Core instead of the hand-written SQLite code?",
              "why does the offline cache use a bare sqlite library rather than an ORM with "
              "migrations?"],
             "Moving larchmoss's offline store from sqlite-net-pcl to "
             "Microsoft.EntityFrameworkCore.Sqlite was tried and reverted: median cold start "
             "on the reference Moto E13 went from 1.93 s to 3.71 s (over the 2.5 s budget) "
             "and the APK grew by 6 MB; the store stays on sqlite-net-pcl.",
             {"ask": "the LocalStore migrations are hand-rolled and ugly. move the offline "
                     "store to EF Core with Microsoft.EntityFrameworkCore.Sqlite?",
              "change": [bash("dotnet add src/Larchmoss.Core package "
                              "Microsoft.EntityFrameworkCore.Sqlite --version 8.0.10",
                              "info : PackageReference for package "
                              "'Microsoft.EntityFrameworkCore.Sqlite' version '8.0.10' added to "
                              "file '/home/dev/src/larchmoss/src/Larchmoss.Core/"
                              "Larchmoss.Core.csproj'."),
                         write("src/Larchmoss.Core/Data/LarchmossDb.cs",
                               "using Microsoft.EntityFrameworkCore;\n\nnamespace "
                               "Larchmoss.Core.Data;\n\npublic sealed class LarchmossDb : "
                               "DbContext\n{\n    public DbSet<Fridge> Fridges => Set<Fridge>()"
                               ";\n    public DbSet<CheckIn> CheckIns => Set<CheckIn>();\n\n    "
                               "public LarchmossDb(DbContextOptions<LarchmossDb> options) : "
                               "base(options) { }\n}\n")],
              "broke": bash("./scripts/startup-bench.sh --device moto-e13 --runs 5",
                            "build: Release net8.0-android\nrun 1: 3.82 s\nrun 2: 3.64 s\nrun "
                            "3: 3.71 s\nrun 4: 3.69 s\nrun 5: 3.77 s\nmedian cold start: 3.71 s "
                            "(main: 1.93 s, budget 2.50 s)\napk size: 38.9 MB (main: 32.7 MB)\n"
                            "FAIL: over startup budget", 1),
              "revert": bash("git checkout -- src/Larchmoss.Core && git clean -fd "
                             "src/Larchmoss.Core/Data",
                             "Removing src/Larchmoss.Core/Data/LarchmossDb.cs"),
              "conclusion": "Reverted to sqlite-net-pcl. With "
                            "Microsoft.EntityFrameworkCore.Sqlite the median cold start on the "
                            "Moto E13 went from 1.93 s to 3.71 s — building the model on first "
                            "use dominates — over the 2.5 s budget, and the APK grew by 6 MB. "
                            "The hand-written migrations stay; they could at least become a "
                            "table-driven list.",
              "want": "the LocalStore migration code is hand-rolled and ugly — is there "
                      "something better?",
              "offer": "EF Core via Microsoft.EntityFrameworkCore.Sqlite would give us a "
                       "DbContext and real migrations instead of the hand-written ones.",
              "story": "we tried Microsoft.EntityFrameworkCore.Sqlite last year. cold start on "
                       "the moto e13 (our reference cheap phone) went from ~1.9 to ~3.7 "
                       "seconds, model building on first use, and the apk got 6 MB bigger. "
                       "ugly migrations are cheaper than that",
              "pushback": "Please no Microsoft.EntityFrameworkCore.Sqlite on the phones. "
                          "The startup bench is red for a "
                          "reason — 3.7 s cold start on the E13 is what the volunteers with "
                          "cheap phones would get, and that's exactly what we measured last "
                          "year. Revert and let's tidy the migrations instead.",
              "title": "Offline store: move to EF Core",
              "search": "EF Core", "who": "Tomasz", "branch": "efcore-store"}),
    ]
    nits = [
        (fridge_vm, 42, "nit: `LoadAsync` → `LoadFridgeAsync`, there are three LoadAsyncs "
                        "in this file's callers",
         edit(fridge_vm, "    private async Task LoadAsync()", "    private async Task "
              "LoadFridgeAsync()")),
        ("src/Larchmoss.Core/Models/CheckIn.cs", 9, "typo in the doc comment: \"celcius\"",
         edit("src/Larchmoss.Core/Models/CheckIn.cs", "/// Temperature in celcius.",
              "/// Temperature in Celsius.")),
        ("src/Larchmoss.App/MauiProgram.cs", 27, "nit: keep the service registrations "
                                                  "alphabetical please",
         edit("src/Larchmoss.App/MauiProgram.cs",
              "        builder.Services.AddSingleton<SyncService>();\n        "
              "builder.Services.AddSingleton<FridgeApi>();\n",
              "        builder.Services.AddSingleton<FridgeApi>();\n        "
              "builder.Services.AddSingleton<SyncService>();\n")),
    ]
    noise: list[Episode] = [
        talk("what does x:DataType actually do on a ContentPage?",
             "It turns on compiled bindings: the XAML compiler resolves each {Binding} path "
             "against that type at build time, so typos become build errors and bindings "
             "don't need reflection at runtime — faster, and safer with trimming."),
        run("where are the checks on my PR at?", "gh pr checks",
            "Some checks were not successful\n0 cancelled, 1 failing, 2 successful, 0 skipped, "
            "and 0 pending checks\n\n   NAME                     DESCRIPTION  ELAPSED  URL\n✓  "
            "ci/unit-tests                         58s      https://github.com/fridgeshare/"
            "larchmoss/actions/runs/10877201463/job/30178022118\n✓  ios/build                "
            "             11m2s    https://github.com/fridgeshare/larchmoss/actions/runs/"
            "10877201467/job/30178022240\nX  ci/format                             21s      "
            "https://github.com/fridgeshare/larchmoss/actions/runs/10877201463/job/"
            "30178022301",
            "Unit tests and the iOS build are green; the format check failed."),
        steps("fix the format check then",
              [bash("dotnet format --verify-no-changes src/Larchmoss.Core",
                    "/home/dev/src/larchmoss/src/Larchmoss.Core/Services/FridgeApi.cs(44,1): "
                    "error WHITESPACE: Fix whitespace formatting. Replace 9 characters with "
                    "'\\n\\s\\s\\s\\s\\s\\s\\s\\s'.", 2),
               bash("dotnet format src/Larchmoss.Core", "")],
              "One whitespace issue in FridgeApi.cs; dotnet format fixed it."),
        talk("is `async void` ever ok in C#?",
             "Only for event handlers, where the signature is imposed on you. Anywhere else "
             "an exception in it can't be awaited or caught by the caller and will take the "
             "process down — return Task instead."),
        find("where do we call the fridges endpoint?", "GetFridgesAsync",
             ["src/Larchmoss.Core/Services/FridgeApi.cs", fridge_vm,
              "tests/Larchmoss.Core.Tests/FridgeApiTests.cs"],
             "Defined in FridgeApi.cs, called from FridgeViewModel, and covered by "
             "FridgeApiTests."),
        talk("dependabot wants CommunityToolkit.Maui 9.1.0 → 10.0.0. safe?",
             "Not blindly — 10.0 is a major: it requires .NET 9 and MAUI 9, and we're on .NET "
             "8. I'd close it or add an ignore rule for majors until the .NET 9 move."),
        steps("what did I change on this branch?",
              [bash("git diff --stat origin/main",
                    " src/Larchmoss.App/Views/FridgePage.xaml          | 12 ++++++++----\n "
                    "src/Larchmoss.App/ViewModels/FridgeViewModel.cs | 21 ++++++++++++++++++"
                    "\n 2 files changed, 29 insertions(+), 4 deletions(-)")],
              "Two files: the fridge page layout and its view model, 29 lines in."),
        look("what does MauiProgram register?", "src/Larchmoss.App/MauiProgram.cs",
             "public static MauiApp CreateMauiApp()\n{\n    var builder = MauiApp.CreateBuilder()"
             ";\n    builder.UseMauiApp<App>().UseMauiCommunityToolkit();\n    "
             "builder.Services.AddSingleton<FridgeApi>();\n    builder.Services.AddSingleton<"
             "SyncService>();\n    builder.Services.AddTransient<FridgePage>();\n    "
             "builder.Services.AddTransient<FridgeViewModel>();\n    return builder.Build();\n}\n",
             "The community toolkit, the API client and sync service as singletons, and the "
             "fridge page with its view model as transients."),
        tweak("Aoife's nit: the empty-state text on the list is missing a full stop",
              "src/Larchmoss.Core/Models/EmptyStates.cs",
              "    public const string NoFridgesKey = \"NoFridgesYet\";",
              "    public const string NoFridgesKey = \"NoFridgesYet\"; // text lives in the "
              "resources",
              "That constant is only the resource key — the sentence itself is in the "
              "resources file, so the full stop goes there; I added a comment pointing at it."),
        talk("write a reply to Tomasz: he asks why the sync interval is 15 minutes",
             "Draft: \"15 minutes is the compromise we settled on with the coordinators — "
             "often enough that a warm-fridge report reaches them within a check round, rare "
             "enough that Android doesn't flag the app for battery use. Happy to revisit if "
             "the coordinators want it tighter.\""),
    ]
    facts = _crew(facts, ["Aoife", "Tomasz", "Nkechi"],
                  {"Aoife": "aoife-d", "Tomasz": "tkowal", "Nkechi": "nkechi-o"},
                  "fridgeshare/larchmoss", nits, 211)
    return Project(
        "larchmoss", "git@github.com:fridgeshare/larchmoss.git",
        {"README.md": "# larchmoss\n\nThe volunteers' app for the community fridge network.\n",
         "global.json": "{\n  \"sdk\": {\n    \"version\": \"8.0.404\",\n    \"rollForward\": "
                        "\"latestFeature\"\n  }\n}\n"},
        facts, noise, "slack")


# ------------------------------------------------------------------- kestrelholm
def kestrelholm() -> Project:
    routes = "Sources/App/routes.swift"
    configure = "Sources/App/configure.swift"
    results = "Sources/App/Controllers/ResultsController.swift"
    fetcher = "Sources/App/Services/MapTileFetcher.swift"
    register = "    try app.register(collection: EntriesController())\n"
    ci_yml = (
        "name: ci\non:\n  pull_request:\n  push:\n    branches: [main]\n\njobs:\n  format:\n    "
        "runs-on: ubuntu-22.04\n    container: swift:6.0-jammy\n    steps:\n      - uses: "
        "actions/checkout@v4\n      - run: swift format lint --strict --recursive Sources "
        "Tests\n")
    test_yml = (
        "name: test\non:\n  pull_request:\n  push:\n    branches: [main]\n\njobs:\n  test:\n    "
        "runs-on: ubuntu-22.04\n    container: swift:6.0-jammy\n    services:\n      db:\n     "
        "   image: postgres:14\n        env:\n          POSTGRES_USER: vapor\n          "
        "POSTGRES_PASSWORD: vapor\n          POSTGRES_DB: kestrelholm_test\n    env:\n      "
        "DATABASE_HOST: db\n      DATABASE_NAME: kestrelholm_test\n    steps:\n      - uses: "
        "actions/checkout@v4\n      - run: swift run App migrate --yes --env testing\n      - "
        "run: swift test\n")
    facts = [
        Fact("conv-routecollection", "convention", ["RouteCollection"],
             ["where and how should a new group of endpoints be registered in this API?",
              "add endpoints for organisers to manage the controls on a course"],
             "kestrelholm registers routes only through controllers that conform to "
             "RouteCollection (with boot(routes:)), added in routes.swift with "
             "app.register(collection:); no route closures in routes.swift (ADR-0003).",
             {"rule": "new endpoints go in a controller that conforms to RouteCollection and "
                      "gets registered with app.register(collection:) — no closures piled "
                      "into routes.swift (ADR-0003)",
              "review": "Please don't add route closures to `routes.swift` — it's meant to be "
                        "a list of `try app.register(collection: …)` lines and nothing else. "
                        "Make a `CoursesController: RouteCollection` with a `boot(routes:)`. "
                        "ADR-0003.",
              "task": "add GET /events/:eventID/courses returning the courses with their "
                      "length and climb",
              "path": routes, "line": 9,
              "contrary": edit(routes, register,
                               register + "\n    app.get(\"events\", \":eventID\", "
                               "\"courses\") { req async throws -> [CourseDTO] in\n        "
                               "guard let event = try await Event.find(req.parameters.get("
                               "\"eventID\"), on: req.db) else {\n            throw Abort("
                               ".notFound)\n        }\n        return try await event.$courses"
                               ".get(on: req.db).map { $0.toDTO() }\n    }\n"),
              "follow": [write("Sources/App/Controllers/CoursesController.swift",
                               "import Fluent\nimport Vapor\n\nstruct CoursesController: "
                               "RouteCollection {\n    func boot(routes: RoutesBuilder) throws "
                               "{\n        routes.grouped(\"events\", \":eventID\", "
                               "\"courses\").get(use: index)\n    }\n\n    @Sendable\n    func "
                               "index(req: Request) async throws -> [CourseDTO] {\n        guard "
                               "let event = try await Event.find(req.parameters.get("
                               "\"eventID\"), on: req.db) else {\n            throw Abort("
                               ".notFound)\n        }\n        return try await event.$courses"
                               ".get(on: req.db).map { $0.toDTO() }\n    }\n}\n"),
                         edit(routes, register,
                              register + "    try app.register(collection: "
                              "CoursesController())\n")],
              "done": "GET /events/:eventID/courses is served by CoursesController, a "
                      "RouteCollection registered in routes.swift; it returns each course's "
                      "length and climb, and 404 for an unknown event."}),
        Fact("conv-migration", "convention", ["AsyncMigration"],
             ["I need one more column on the entries table — can I just add it to the "
              "migration that creates the table?",
              "add a column to entries for the number of a hired SI card"],
             "kestrelholm never edits a migration that is already on main (production has "
             "run it and Fluent won't run it again): schema changes go in a new "
             "AsyncMigration appended to app.migrations in configure.swift, with a working "
             "revert.",
             {"rule": "never touch a migration that's already merged — prod has run it. schema "
                      "changes go in a new AsyncMigration at the end of app.migrations, with a "
                      "real revert",
              "review": "This edits `CreateEntry`, which production ran months ago — Fluent "
                        "won't run it again, so prod would never get the column. Please add a "
                        "new `AsyncMigration` (`AddAgeClassToEntry` or so) at the end of the "
                        "list in configure.swift, with a working `revert`.",
              "task": "entries need an age class (M45, W21 and so on) — add it to the model "
                      "and the database",
              "path": "Sources/App/Migrations/CreateEntry.swift", "line": 14,
              "contrary": edit("Sources/App/Migrations/CreateEntry.swift",
                               "            .field(\"course_id\", .uuid, .required, "
                               ".references(\"courses\", \"id\"))\n",
                               "            .field(\"course_id\", .uuid, .required, "
                               ".references(\"courses\", \"id\"))\n            "
                               ".field(\"age_class\", .string)\n"),
              "follow": [write("Sources/App/Migrations/AddAgeClassToEntry.swift",
                               "import Fluent\n\nstruct AddAgeClassToEntry: AsyncMigration {\n"
                               "    func prepare(on database: Database) async throws {\n       "
                               " try await database.schema(\"entries\")\n            .field("
                               "\"age_class\", .string)\n            .update()\n    }\n\n    "
                               "func revert(on database: Database) async throws {\n        try "
                               "await database.schema(\"entries\")\n            .deleteField("
                               "\"age_class\")\n            .update()\n    }\n}\n"),
                         edit(configure, "    app.migrations.add(CreatePunch())\n",
                              "    app.migrations.add(CreatePunch())\n    "
                              "app.migrations.add(AddAgeClassToEntry())\n"),
                         edit("Sources/App/Models/Entry.swift",
                              "    @OptionalField(key: \"si_card\")\n    var siCard: Int?\n",
                              "    @OptionalField(key: \"si_card\")\n    var siCard: Int?\n\n   "
                              " @OptionalField(key: \"age_class\")\n    var ageClass: String?\n")],
              "done": "age_class comes from a new migration, AddAgeClassToEntry, appended "
                      "after CreatePunch; its revert drops the column. On the model it's "
                      "optional, so existing entries read as nil."}),
        Fact("cmd-migrate", "command", ["swift run App migrate"],
             ["how do I bring my local database schema up to date after pulling main?",
              "the API on my machine errors with relation \"courses\" does not exist — what do "
              "I run?"],
             "kestrelholm's migrations are run with `swift run App migrate --yes` (a command "
             "of the App executable; the toolbox's old `vapor run migrate` no longer exists).",
             {"goal": "pulled main and the API complains about a missing table — run the "
                      "migrations",
              "fail": bash("vapor run migrate",
                           "Error: Unknown subcommand 'run'.\nUsage: vapor <subcommand>\n  See "
                           "'vapor --help' for more information.", 64),
              "note": "The toolbox dropped `vapor run` a while ago. Migrations are a command of "
                      "the App executable itself, so it's swift run with the product name; "
                      "--yes skips the confirmation prompt.",
              "ok": bash("swift run App migrate --yes",
                         "Building for debugging...\n[412/412] Linking App\nBuild of product "
                         "'App' complete! (48.31s)\n[ INFO ] The following migration(s) will be "
                         "prepared:\n+ App.AddCourseClimb on default\n[ INFO ] Migration "
                         "successful"),
              "job": "test / test",
              "log": "Run swift run App migrate --yes --env testing\n  swift run App migrate "
                     "--yes --env testing\n  shell: sh -e {0}\nBuilding for debugging...\n"
                     "Build of product 'App' complete! (201.77s)\n[ INFO ] The following "
                     "migration(s) will be prepared:\n+ App.CreateEvent on default\n+ "
                     "App.CreateCourse on default\n+ App.CreateEntry on default\n+ "
                     "App.CreatePunch on default\n+ App.AddCourseClimb on default\n[ INFO ] "
                     "Migration successful\nRun swift test",
              "workflow": (".github/workflows/test.yml", test_yml),
              "hint": "vapor run is long gone. `swift run App migrate --yes`, same as the "
                      "migrate step in the test workflow",
              "done": "AddCourseClimb was the only pending migration; it's applied and the API "
                      "serves courses again."}),
        Fact("cmd-format", "command", ["swift format lint --strict"],
             ["what does the formatting check in CI actually run? I'd like to run it before "
              "pushing",
              "the format job is red on my PR — check the formatting locally the same way"],
             "kestrelholm's CI format job runs Apple's swift-format from the Swift 6 "
             "toolchain: `swift format lint --strict --recursive Sources Tests` (config in "
             ".swift-format); there's no SwiftLint in the repo.",
             {"goal": "run the linter before I push, the format job bounced my last PR",
              "fail": bash("swiftlint", "zsh: command not found: swiftlint", 127),
              "note": "There's no SwiftLint here. The format job uses swift-format, which ships "
                      "with the Swift 6 toolchain as `swift format`, in strict lint mode with "
                      "the repo's .swift-format config.",
              "ok": bash("swift format lint --strict --recursive Sources Tests", ""),
              "job": "ci / format",
              "log": "Run swift format lint --strict --recursive Sources Tests\n  swift format "
                     "lint --strict --recursive Sources Tests\n  shell: sh -e {0}\n"
                     "Sources/App/Controllers/ResultsController.swift:41:101: error: "
                     "[LineLength] line is too long\nError: Process completed with exit code "
                     "1.",
              "workflow": (".github/workflows/ci.yml", ci_yml),
              "hint": "we don't use swiftlint. ci runs `swift format lint --strict --recursive "
                      "Sources Tests`, the one built into the swift 6 toolchain",
              "done": "Clean — no findings, so the format job should pass this time."}),
        Fact("env-pgprod", "environment", ["Crunchy Bridge", "PostgreSQL 14"],
             ["which Postgres version does production run, and where is it hosted?",
              "Renovate wants to bump the postgres image in docker-compose to 16 — should we "
              "merge it?"],
             "kestrelholm's production database is PostgreSQL 14 (14.12) on Crunchy Bridge; "
             "docker-compose and the CI service container pin postgres:14 to match, so "
             "Renovate's bump to 16 should be declined until the cluster is upgraded.",
             {"goal": "which postgres does prod run on? renovate wants to bump the image in "
                      "docker-compose to 16",
              "probe": [bash("grep -n 'image: postgres' docker-compose.yml "
                             ".github/workflows/test.yml",
                             "docker-compose.yml:4:    image: postgres:14-alpine\n"
                             ".github/workflows/test.yml:12:        image: postgres:14"),
                        bash("fly ssh console -a kestrelholm-api -C 'printenv DATABASE_HOST'",
                             "p.7hq2mzgc4bf5xjdaw3e6lnkqvi.db.postgresbridge.com"),
                        bash("psql \"$(op read op://kestrelholm/prod-db/readonly-url)\" -Atc "
                             "'select version()'",
                             "PostgreSQL 14.12 on x86_64-pc-linux-gnu, compiled by gcc (GCC) "
                             "11.4.1 20231218 (Red Hat 11.4.1-3), 64-bit")],
              "confirm": "Production is PostgreSQL 14 (14.12) on Crunchy Bridge — "
                         "DATABASE_HOST is a postgresbridge.com cluster — and docker-compose "
                         "and the CI service container are pinned to 14 on purpose to match "
                         "it. I'd close Renovate's bump to 16 (or add an ignore rule) until the "
                         "Crunchy cluster itself is upgraded.",
              "bot": ("renovate",
                      "This PR contains the following updates:\n\n| Package | Update | Change |"
                      "\n|---|---|---|\n| postgres | major | `14-alpine` -> `16-alpine` |\n\n"
                      "📅 **Schedule**: Branch creation - At any time. Automerge - At any "
                      "time.\n🚦 **Automerge**: Disabled by config."),
              "while": ("why does the test job start a postgres service container instead of "
                        "using sqlite for tests?",
                        "The models lean on Postgres-only features — enums and jsonb for the "
                        "split times — so the migrations wouldn't even run on SQLite.")}),
        Fact("env-eventor", "environment", ["EVENTOR_API_KEY"],
             ["the Eventor sync tests get skipped on my PR — what do they need in order to "
              "run?",
              "get the Eventor import working on the staging app; what does it need "
              "configured?"],
             "kestrelholm authenticates to Eventor (the federation's entry system) with the "
             "environment variable EVENTOR_API_KEY — a repository secret in CI, a Fly secret "
             "in production; the Eventor sync tests skip themselves when it isn't set (as on "
             "fork PRs).",
             {"goal": "why were the eventor sync tests skipped on my PR?",
              "probe": [read("Tests/AppTests/EventorSyncTests.swift",
                             "import XCTVapor\n@testable import App\n\nfinal class "
                             "EventorSyncTests: XCTestCase {\n    override func setUp() async "
                             "throws {\n        try XCTSkipIf(Environment.get("
                             "\"EVENTOR_API_KEY\") == nil, \"no Eventor key\")\n    }\n"),
                        bash("gh secret list",
                             "NAME             UPDATED\nEVENTOR_API_KEY  about 2 months ago\n"
                             "FLY_API_TOKEN    about 4 months ago")],
              "confirm": "They skip themselves when EVENTOR_API_KEY isn't in the environment "
                         "(XCTSkipIf in setUp). The repo has it as a secret and the test job "
                         "passes it in, but GitHub withholds secrets from pull requests opened "
                         "from forks — hence the skip on yours. Production reads the same "
                         "variable from a Fly secret.",
              "bot": ("github-actions",
                      "### Test summary\n✅ 118 passed · ⏭️ 6 skipped · ❌ 0 failed\n\nSkipped: "
                      "`EventorSyncTests` (6) — no Eventor key (`EVENTOR_API_KEY` unset)"),
              "while": ("do the sync tests hit the live Eventor or their test instance?",
                        "The test instance — EVENTOR_BASE_URL points at it in CI and staging; "
                        "only production uses the live one.")}),
        Fact("gotcha-foundationnet", "gotcha", ["FoundationNetworking"],
             ["my branch builds fine in Xcode but the Linux CI job says URLSession isn't in "
              "scope — why?",
              "add a client that fetches runners' finish photos from the club's gallery "
              "server"],
             "On Linux (CI, the Docker image, Fly) URLSession and URLRequest live in "
             "FoundationNetworking, not Foundation; kestrelholm code using them needs `#if "
             "canImport(FoundationNetworking) import FoundationNetworking #endif` (or Vapor's "
             "req.client), otherwise it compiles on macOS and fails on Linux.",
             {"symptom": "the build fails on linux but it builds fine on my mac",
              "log": "/__w/kestrelholm/kestrelholm/Sources/App/Services/MapTileFetcher.swift:"
                     "12:23: error: cannot find 'URLRequest' in scope\n        var request = "
                     "URLRequest(url: url)\n                      ^~~~~~~~~~\n/__w/kestrelholm/"
                     "kestrelholm/Sources/App/Services/MapTileFetcher.swift:14:35: error: "
                     "cannot find 'URLSession' in scope\n        let (data, _) = try await "
                     "URLSession.shared.data(for: request)\n                                  "
                     "^~~~~~~~~~\nerror: fatalError",
              "job": "test / test", "flaky": False,
              "title": "Import the networking module on Linux for the tile fetcher",
              "probe": [read(fetcher,
                             "import Foundation\nimport Vapor\n\nstruct MapTileFetcher {\n    "
                             "let baseURL: URL\n\n    func tile(z: Int, x: Int, y: Int) async "
                             "throws -> Data {\n        let url = baseURL.appending(path: "
                             "\"\\(z)/\\(x)/\\(y).png\")\n        var request = URLRequest(url: "
                             "url)\n        request.timeoutInterval = 10\n        let (data, _) "
                             "= try await URLSession.shared.data(for: request)\n        return "
                             "data\n    }\n}\n")],
              "explain": "On macOS, Foundation includes URLSession; on Linux, "
                         "swift-corelibs-foundation keeps networking in a separate "
                         "FoundationNetworking module, so the same file doesn't compile in the "
                         "swift:6.0-jammy container CI uses. Either import it conditionally "
                         "(#if canImport(FoundationNetworking)) or, inside the app, use "
                         "Vapor's req.client instead.",
              "fix": [edit(fetcher, "import Foundation\nimport Vapor\n",
                           "import Foundation\n#if canImport(FoundationNetworking)\nimport "
                           "FoundationNetworking\n#endif\nimport Vapor\n")],
              "done": "It builds in the Linux container now — checked with `docker run --rm -v "
                      "$PWD:/code -w /code swift:6.0-jammy swift build` — and the test job is "
                      "green."}),
        Fact("gotcha-dates", "gotcha", ["deferredToDate"],
             ["the SportIdent bridge's punch uploads get a 400 saying it expected a Double but "
              "found a string — what's wrong?",
              "add an endpoint that accepts a batch of finish times from the timing laptop"],
             "Vapor's default JSON coders use Foundation's .deferredToDate strategy (a Date "
             "is a Double of seconds since 2001), so ISO 8601 timestamps from the SportIdent "
             "bridge fail to decode; kestrelholm's configure.swift sets "
             "ContentConfiguration.global JSON coders with .iso8601 date strategies.",
             {"symptom": "the punch upload from the SI bridge gets a 400 since the new endpoint "
                         "went in, and the integration test fails the same way",
              "log": "Test Case '-[AppTests.PunchUploadTests testBridgeBatchIsAccepted]' "
                     "started.\n/__w/kestrelholm/kestrelholm/Tests/AppTests/"
                     "PunchUploadTests.swift:31: error: -[AppTests.PunchUploadTests "
                     "testBridgeBatchIsAccepted] : XCTAssertEqual failed: (\"400 Bad "
                     "Request\") is not equal to (\"201 Created\")\nTest Case "
                     "'-[AppTests.PunchUploadTests testBridgeBatchIsAccepted]' failed (0.412 "
                     "seconds).",
              "job": "test / test", "flaky": False,
              "title": "Decode and encode dates as ISO 8601",
              "probe": [bash("curl -s -X POST localhost:8080/events/88/punches -H "
                             "'content-type: application/json' -d "
                             "@Tests/Fixtures/bridge-batch.json",
                             "{\"error\":true,\"reason\":\"Value was not of type 'Double' at "
                             "path 'punches.Index 0.punched_at'. Expected to decode Double but "
                             "found a string instead.\"}"),
                        bash("head -c 160 Tests/Fixtures/bridge-batch.json",
                             "{\"station\":\"FINISH-1\",\"punches\":[{\"si_card\":8123456,"
                             "\"code\":100,\"punched_at\":\"2024-05-12T10:14:03Z\"},{\"si_card"
                             "\":8123457,\"code\":100,")],
              "explain": "Vapor's default JSON coders use Foundation's default date strategy, "
                         ".deferredToDate — a Date is a Double of seconds since 1 January "
                         "2001. The bridge sends ISO 8601 strings like 2024-05-12T10:14:03Z, so "
                         "decoding punched_at fails before the handler runs; nothing noticed "
                         "before because no other endpoint takes a Date in. configure.swift "
                         "needs global JSON coders with .iso8601 strategies.",
              "fix": [edit(configure,
                           "public func configure(_ app: Application) async throws {\n",
                           "public func configure(_ app: Application) async throws {\n    let "
                           "encoder = JSONEncoder()\n    encoder.dateEncodingStrategy = "
                           ".iso8601\n    let decoder = JSONDecoder()\n    "
                           "decoder.dateDecodingStrategy = .iso8601\n    "
                           "ContentConfiguration.global.use(encoder: encoder, for: .json)\n    "
                           "ContentConfiguration.global.use(decoder: decoder, for: .json)\n\n")],
              "done": "The bridge batch is accepted (201) and the integration test passes. "
                      "Heads-up: Dates in responses are ISO strings now instead of numbers; "
                      "the web client already parses both."}),
        Fact("fals-langmode", "falsified", ["swiftLanguageMode(.v6)"],
             ["should we turn on Swift 6 strict concurrency checking for the app target now "
              "that we're on the 6.0 toolchain?",
              "why is the package still compiled in the Swift 5 language mode?"],
             "Switching kestrelholm's App target to the Swift 6 language mode "
             "(.swiftLanguageMode(.v6)) was tried and reverted: Fluent's model property "
             "wrappers aren't Sendable-clean, so the build failed with 143 Sendable / data-race "
             "errors across Models and Controllers; the target stays in Swift 5 mode until "
             "Fluent 5.",
             {"ask": "we're on the swift 6 toolchain anyway. flip the App target to swift 6 "
                     "language mode?",
              "change": [edit("Package.swift", "            swiftSettings: swiftSettings\n",
                              "            swiftSettings: swiftSettings + "
                              "[.swiftLanguageMode(.v6)]\n")],
              "broke": bash("swift build",
                            "Building for debugging...\n/home/dev/src/kestrelholm/Sources/App/"
                            "Models/Entry.swift:5:14: error: non-final class 'Entry' cannot "
                            "conform to 'Sendable'; use '@unchecked Sendable'\n/home/dev/src/"
                            "kestrelholm/Sources/App/Models/Entry.swift:11:16: error: stored "
                            "property '_siCard' of 'Sendable'-conforming class 'Entry' is "
                            "mutable\n/home/dev/src/kestrelholm/Sources/App/Controllers/"
                            "EntriesController.swift:38:27: error: sending 'entry' risks "
                            "causing data races\n...\nerror: emit-module command failed with "
                            "exit code 1 (use -v to see invocations)\n143 errors generated.",
                            1),
              "revert": bash("git checkout -- Package.swift", ""),
              "conclusion": "Reverted to the Swift 5 language mode. Under "
                            ".swiftLanguageMode(.v6) every Fluent model trips strict Sendable "
                            "checking — the property wrappers hold mutable state, so each model "
                            "class and the controllers passing them around fail: 143 errors. "
                            "Nothing we can fix on our side short of @unchecked Sendable "
                            "everywhere; worth another look with Fluent 5.",
              "want": "we're on the swift 6 toolchain now — should the app target move to the "
                      "new language mode?",
              "offer": "It's one line in Package.swift: .swiftLanguageMode(.v6) on the App "
                       "target, which turns on full data-race checking.",
              "story": "we tried .swiftLanguageMode(.v6) right after 6.0 came out. 143 errors, "
                       "nearly all fluent models not being Sendable — the property wrappers "
                       "are mutable classes underneath. reverted, we wait for fluent 5",
              "pushback": "Not yet please — .swiftLanguageMode(.v6) means every Fluent model "
                          "has to be Sendable, and with Fluent 4's property wrappers they "
                          "can't be without @unchecked everywhere. We went through this in "
                          "the autumn: 143 errors. Revert and let's revisit with Fluent 5.",
              "title": "Package: Swift 6 language mode for App",
              "search": "language mode", "who": "Declan", "branch": "swift6-mode"}),
        Fact("fals-memcache", "falsified", ["app.caches.use(.memory)"],
             ["the live results page hammers the database at big events — could we cache the "
              "results inside the app?",
              "has anyone tried caching the results responses in Vapor itself before?"],
             "Caching kestrelholm's live results in-process with app.caches.use(.memory) was "
             "tried and reverted: production runs two Fly machines, each with its own cache, "
             "so runners got different standings depending on which machine answered; results "
             "caching needs a shared store or HTTP caching, not the in-memory cache.",
             {"ask": "the results page is ~300 queries a minute at big events. cache the "
                     "results response for 15 seconds with app.caches.use(.memory)?",
              "change": [edit(configure, "    app.migrations.add(CreateEvent())\n",
                              "    app.caches.use(.memory)\n    app.migrations.add("
                              "CreateEvent())\n"),
                         edit(results, "        let rows = try await standings(for: event, on: "
                                       "req.db)\n",
                              "        let key = \"results:\\(event.requireID())\"\n        if "
                              "let cached = try await req.cache.get(key, as: [ResultRow].self) "
                              "{\n            return cached\n        }\n        let rows = try "
                              "await standings(for: event, on: req.db)\n        try await "
                              "req.cache.set(key, to: rows, expiresIn: .seconds(15))\n")],
              "broke": bash("./scripts/two-machine-check.sh results",
                            "starting 2 app instances behind the local proxy (ports 8081, "
                            "8082)...\nPOST punch for bib 214 (finish) via :8081\nGET "
                            "/events/88/results via :8081 -> bib 214 in 1st place\nGET "
                            "/events/88/results via :8082 -> bib 214 missing (cached 11s ago)\n"
                            "FAIL: instances disagree", 1),
              "revert": bash("git checkout -- Sources/App/configure.swift "
                             "Sources/App/Controllers/ResultsController.swift", ""),
              "conclusion": "Reverted. app.caches.use(.memory) gives every instance its own "
                            "cache, and production runs two Fly machines — so a runner who "
                            "just finished shows up first on one machine and not at all on the "
                            "other for up to 15 seconds. Results caching would need a shared "
                            "store or HTTP caching in front, not the in-process cache.",
              "want": "at big events the results page hammers the database — any quick win?",
              "offer": "The simplest is Vapor's built-in cache: app.caches.use(.memory) and "
                       "cache the results response for 15 seconds.",
              "story": "we did app.caches.use(.memory) for the results at the spring "
                       "champs. prod runs two fly machines and each had its own cache, so "
                       "runners refreshing their phones saw themselves finished on one "
                       "request and not on the next. pulled it the same afternoon",
              "pushback": "This can't work with two machines — app.caches.use(.memory) is "
                          "per process, so each Fly machine serves its own stale copy. That's "
                          "what happened at the spring champs: runners saw themselves appear "
                          "and disappear. Please revert; if we cache, it's in front of the "
                          "app.",
              "title": "Cache live results in memory for 15s",
              "search": "cache results", "who": "Hamid", "branch": "results-cache"}),
    ]
    nits = [
        (results, 41, "nit: line's over 100, wrap the chain",
         edit(results, "        return try await standings(for: event, on: req.db).sorted { "
                       "$0.time < $1.time }.map { $0.row }\n",
              "        return try await standings(for: event, on: req.db)\n            "
              ".sorted { $0.time < $1.time }\n            .map { $0.row }\n")),
        ("Sources/App/Models/Competitor.swift", 19, "typo: \"Compeitor\" in the doc comment",
         edit("Sources/App/Models/Competitor.swift", "/// A Compeitor registered with a club.",
              "/// A Competitor registered with a club.")),
        ("Sources/App/Controllers/EntriesController.swift", 62,
         "nit: `Abort(.badRequest)` without a reason is a pain to debug from the bridge side",
         edit("Sources/App/Controllers/EntriesController.swift",
              "            throw Abort(.badRequest)\n",
              "            throw Abort(.badRequest, reason: \"Unknown course for this "
              "event.\")\n")),
    ]
    noise: list[Episode] = [
        talk("in swift, when should I pick a struct over a final class?",
             "Default to a struct when the thing is a value — copied, compared by content, no "
             "identity. Reach for a final class when identity or shared mutable state matters, "
             "or when something like Fluent's models requires a reference type."),
        run("what's going on with the checks on my PR?", "gh pr checks",
            "All checks were successful\n0 cancelled, 0 failing, 3 successful, 0 skipped, and "
            "0 pending checks\n\n   NAME          DESCRIPTION  ELAPSED  URL\n✓  ci/format      "
            "            38s      https://github.com/lakelandoc/kestrelholm/actions/runs/"
            "10991287720/job/30514410021\n✓  test/test                7m12s    https://github."
            "com/lakelandoc/kestrelholm/actions/runs/10991287724/job/30514410163\n✓  "
            "fly-preview              1m50s    https://github.com/lakelandoc/kestrelholm/"
            "actions/runs/10991287730/job/30514410288",
            "Everything's green, including the Fly preview deploy."),
        look("what's in fly.toml?", "fly.toml",
             "app = \"kestrelholm-api\"\nprimary_region = \"lhr\"\n\n[http_service]\n  "
             "internal_port = 8080\n  force_https = true\n  min_machines_running = 2\n\n"
             "[[http_service.checks]]\n  path = \"/health\"\n  interval = \"15s\"\n",
             "The API runs as kestrelholm-api in London, on port 8080 behind Fly's proxy with "
             "HTTPS forced, always at least two machines, health-checked on /health every 15 "
             "seconds."),
        find("where do we work out the course winner?", "winner",
             [results, "Sources/App/Services/Standings.swift"],
             "Standings.swift computes the order (fastest valid time, mispunches excluded); "
             "ResultsController just calls it and marks the first row."),
        steps("what's on my branch compared to main?",
              [bash("git log --oneline origin/main..HEAD",
                    "b17c4e2 results: hide runners who haven't started\n04e9a3d results: "
                    "show mispunch reason")],
              "Two commits: one hides runners who haven't started, one shows why a run was "
              "disqualified."),
        talk("renovate wants to bump vapor from 4.106.0 to 4.106.1, anything to check?",
             "A patch release — read the release notes for anything touching routing or "
             "middleware, but it's normally a safe merge once CI is green."),
        tweak("Ingrid's nit: the 404 reason says 'Evnet not found'",
              "Sources/App/Controllers/EntriesController.swift",
              "throw Abort(.notFound, reason: \"Evnet not found.\")",
              "throw Abort(.notFound, reason: \"Event not found.\")"),
        talk("what does @Sendable on a route handler function do?",
             "It marks the function as safe to call from any concurrency domain — Vapor's "
             "route builders take @Sendable closures, so a method reference passed to "
             "get(use:) has to be @Sendable too, or the compiler warns."),
        steps("build it once so I know main compiles after the merge",
              [bash("swift build", "Building for debugging...\n[987/987] Linking App\nBuild "
                                   "complete! (96.44s)")],
              "main builds cleanly after the merge."),
        talk("draft a reply to Declan: he asks whether the mispunch reason should be in the "
             "public API response",
             "Draft: \"I think yes — runners ask at the results tent anyway, and the reason is "
             "just the first missing control code, nothing personal. If you'd rather keep it "
             "organiser-only I can move it behind the admin route.\""),
    ]
    noise.append([
        Step(prompt="which controllers have no tests at all? Ingrid asked in review"),
        Step(tools=[agent("Find untested controllers",
                          "List the controllers in Sources/App/Controllers that no file under "
                          "Tests/AppTests exercises.",
                          "Two controllers have no tests: ClubsController and "
                          "AdminExportController. Every other controller is hit by at least "
                          "one XCTVapor test in Tests/AppTests.", "b3d91e07c4a2", "Explore",
                          5)]),
        Step(text="ClubsController and AdminExportController have no tests; everything else "
                  "is covered by at least one XCTVapor test.")])
    facts = _crew(facts, ["Ingrid", "Declan", "Hamid"],
                  {"Ingrid": "ingrid-s", "Declan": "dec-murphy", "Hamid": "hamid-r"},
                  "lakelandoc/kestrelholm", nits, 317)
    return Project(
        "kestrelholm", "git@github.com:lakelandoc/kestrelholm.git",
        {"README.md": "# kestrelholm\n\nEntries, punches and live results for the club's "
                      "orienteering events.\n",
         "Package.swift": "// swift-tools-version:6.0\nimport PackageDescription\n\nlet package "
                          "= Package(\n    name: \"kestrelholm\",\n    platforms: [.macOS(.v13)]"
                          ",\n)\n"},
        facts, noise, "stripe")


def projects() -> list[Project]:
    return [flintcairn(), tarnwhistle(), larchmoss(), kestrelholm()]
