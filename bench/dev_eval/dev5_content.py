"""The ``dev5`` split: four projects in stacks no other split uses (a Django 5 / DRF API with
Celery and Redis, managed with uv; a SvelteKit app on Svelte 5 that runs on Bun, with Drizzle
over SQLite and Leaflet; a Unity 2022 LTS game in C# with Addressables; Zephyr RTOS firmware in C
for an nRF52840 beehive scale, built with west), ten planted facts each, and phrasing templates
of its own.

Written in the fifth pass as a second untuned reading of the system as it stands: its facts are
said the ways the other splits never say them (a rule given while walking through a diff hunk by
hunk, a rule as an exasperated complaint, a rule added to a pasted ticket, a command recovered
from the CI config, a command learned from a pre-commit hook that blocked a commit, a command
that only shows up in a standup summary, an environment fact the user drops in passing or needs
for an incident write-up, a gotcha found while pairing on something else or explained in the
commit message, an approach the user turns down by pointing at an old revert, an approach judged
by a profiler).

Slots are the shared ones (``templates.py``) plus: for a command, ``ci`` (``(path, content)``:
the CI config or script that runs the command that works), ``target`` (a justfile recipe name),
an optional ``fail2`` (a second failed attempt) and an optional ``hook`` (``(path, line prefix,
hook id)``: a pre-commit hook that runs the failing command); for an environment fact, ``said``
(the fact in the user's own offhand words) and ``short`` (a terse one-line answer); for a
gotcha, ``aside`` (what the pair was working on when it turned up) and ``subject`` (the fix's
commit subject); for a falsified approach, ``pain`` (the complaint that invites it), ``idea``
(the approach as the assistant would propose it), ``tried`` (the subject of the commit that once
tried it), ``when`` and an optional ``profile`` (a profiler run).
"""

from __future__ import annotations

import random

from .templates import cap
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

# Colleagues named in prompts (who watches, who asked in chat, who tried it before).
COLLEAGUES = ("Bongani", "Yuki", "Marta", "Lars", "Chiara", "Tariq")

_FUMBLES = ((" because ", " becuase "), (" should ", " shuold "), (" there ", " tehre "),
            (" just ", " jsut "), (" what ", " waht "), (" this ", " tihs "))


def _fumble(text: str, rng: random.Random) -> str:
    """Typed too fast: one common word misspelt (never an identifier)."""
    fumbles = list(_FUMBLES)
    rng.shuffle(fumbles)
    for good, bad in fumbles:
        if good in text:
            return text.replace(good, bad, 1)
    return text


def _sha(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _bare(command: str) -> str:
    """A command without the pipe that trimmed its output for the session (`| tail -3`)."""
    return command.split(" | ")[0].split(" && cat ")[0]


# ------------------------------------------------------------------- phrasing templates
# Conventions: given while walking through the diff hunk by hunk, as an exasperated complaint,
# as a note under a pasted ticket, in the answer to an unrelated question of the assistant's, or
# as a house rule for a new colleague who is watching.
def conv_hunk_review(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    if not contrary:
        return conv_ticket_note(s, rng)
    where = contrary.path or "the last hunk"
    return [Step(prompt=cap(s["task"])), Step(tools=[contrary]),
            Step(text="That's in. Do you want to look over the diff before I run anything?"),
            Step(prompt=f"yeah going through it hunk by hunk. first one ok, naming ok. {where}: "
                        f"no. {s['rule']}"),
            Step(text="Got it - redoing that part.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_grumble(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    if not contrary:
        return conv_side_question(s, rng)
    return [Step(prompt=cap(s["task"])), Step(tools=[contrary]),
            Step(text="Implemented and in place."),
            Step(prompt=_fumble(f"why is this done like that AGAIN. {s['rule']}. I feel like I "
                                f"say this every single week", rng)),
            Step(text="Sorry - you're right. Changing it, and I'll keep to it.",
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_ticket_note(s: dict, rng: random.Random) -> Episode:
    ticket = rng.randrange(180, 960)
    return [Step(prompt=f"next ticket, #{ticket}:\n\n> {cap(s['task'])}.\n\nnote from me, not "
                        f"in the ticket: {s['rule']}"),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_side_question(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["task"])),
            Step(text="One question before I write anything: is this meant to ship, so with "
                      "tests, or is it a quick spike?"),
            Step(prompt=f"ships, so tests please. and since you're in there - {s['rule']}"),
            Step(text="Will do.", tools=s["follow"]), Step(text=s["done"])]


def conv_new_colleague(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=f"{who} started today and is watching over my shoulder, so explain a bit "
                        f"as you go. {cap(s['task'])}. and a house rule, for {who} as much as "
                        f"for you: {s['rule']}"),
            Step(text="Happy to. I'll look at how the surrounding code is laid out, make the "
                      "change in the same style, and keep to the rule you just gave.",
                 tools=s["follow"]),
            Step(text=s["done"])]


# Commands: recovered from the CI config after guessing wrong, learned when a pre-commit hook
# blocks a commit, only written out in the standup summary, or turned into a justfile recipe.
def cmd_from_ci(s: dict, rng: random.Random) -> Episode:
    path, content = s["ci"]
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(text="Maybe it only wants a different argument.",
                          tools=[s["fail2"]]))
    steps += [Step(text=f"Rather than keep guessing: the pipeline does this on every push, so "
                        f"{path} has an invocation that works.", tools=[read(path, content)]),
              Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]
    return steps


def _hook_output(path: str, hook_id: str, output: str, exit_code: int, passed: bool) -> str:
    if path.endswith("lefthook.yml"):
        head = ("╭──────────────────────────────────────╮\n│ 🥊 lefthook v1.7.18  hook: pre-commit "
                "│\n╰──────────────────────────────────────╯\n")
        if passed:
            return head + f"│  {hook_id} (done)\n\n  summary: (done in 2.41 seconds)\n✔️  {hook_id}"
        return head + f"┃  {hook_id} ❯ \n\n{output}\n\n  summary: (done in 1.07 seconds)\n🥊  " \
                      f"{hook_id}"
    dots = "." * max(3, 72 - len(hook_id) - 6)
    if passed:
        return f"{hook_id}{dots}Passed"
    return f"{hook_id}{dots}Failed\n- hook id: {hook_id}\n- exit code: {exit_code}\n\n{output}"


def cmd_blocked_commit(s: dict, rng: random.Random) -> Episode:
    if not s.get("hook"):
        return cmd_from_ci(s, rng)
    path, prefix, hook_id = s["hook"]
    fail, ok = s["fail"], s["ok"]
    message = rng.choice(("tidy up before review", "address review comments", "small fixes"))
    return [Step(prompt=f"commit what's staged, something like \"{message}\""),
            Step(tools=[bash(f"git commit -m \"{message}\"",
                             _hook_output(path, hook_id, fail.output, fail.exit_code or 1,
                                          False), 1)]),
            Step(text=f"The commit was blocked, and not by the staged code: the {hook_id} hook in "
                      f"{path} runs `{fail.command}`, which fails here no matter what. "
                      f"{s['note']}", tools=[ok]),
            Step(text="Run that way it passes. Pointing the hook at the same command so commits "
                      "stop tripping over it:",
                 tools=[edit(path, prefix + fail.command, prefix + ok.command),
                        bash(f"git add {path} && git commit -m \"{message}\"",
                             _hook_output(path, hook_id, "", 0, True)
                             + f"\n[main {_sha(rng)}] {message}\n 3 files changed, 41 "
                               f"insertions(+), 9 deletions(-)")]),
            Step(text=f"Committed. {s['done']}")]


def cmd_standup(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(tools=[s["fail2"]]))
    steps += [Step(tools=[s["ok"]]), Step(text=s["done"]),
              Step(prompt="thx. gimme 2-3 bullets for standup about this morning"),
              Step(text=f"- {s['done']}\n- Along the way: `{_bare(s['ok'].command)}` is the "
                        f"invocation that works here; `{_bare(s['fail'].command)}` doesn't. "
                        f"{s['note']}\n- Nothing blocking.")]
    return steps


def cmd_justfile(s: dict, rng: random.Random) -> Episode:
    target, command = s["target"], _bare(s["ok"].command)
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(text="Hm.", tools=[s["fail2"]]))
    steps += [Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"]),
              Step(prompt=f"put that in the justfile as `{target}`, nobody is ever going to "
                          f"remember it"),
              Step(tools=[edit("justfile", "default:\n    @just --list\n",
                               f"default:\n    @just --list\n\n{target}:\n    {command}\n")]),
              Step(text=f"`just {target}` runs `{command}` now.")]
    return steps


# Environment facts: dropped by the user in passing, re-checked while setting up a new laptop,
# looked up for a colleague's question in chat, or needed for an incident write-up.
def env_in_passing(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_fumble(f"fyi {s['said']}. anyway, {s['goal']}", rng)),
            Step(tools=s["probe"]),
            Step(text=f"That matches what I see. {cap(s['confirm'])}")]


def env_new_laptop(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"setting up my new laptop from scratch and I don't trust my memory. "
                        f"{s['goal']}"),
            Step(tools=s["probe"]), Step(text=cap(s["confirm"])),
            Step(prompt="ok thx, writing that down"), Step(text="Sure thing.")]


def env_colleague_asked(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=f"{who} asked me in chat and I don't want to tell them something wrong. "
                        f"{s['goal']}"),
            Step(text="Checking rather than answering from memory.", tools=s["probe"]),
            Step(text=f"You can tell {who}: {s['short']}.")]


def env_incident(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"writing up last night's incident and the timeline has to be right. "
                        f"{s['goal']}"),
            Step(tools=s["probe"]), Step(text=cap(s["confirm"])),
            Step(prompt="and was it like that before last night, or did someone change it?"),
            Step(tools=[bash("git log --since='30 days ago' --format='%h %ad %s' --date=short "
                             "| head -4",
                             f"{_sha(rng)} 2024-11-{rng.randrange(10, 28)} copy tweaks on the "
                             f"settings page\n{_sha(rng)} 2024-11-0{rng.randrange(1, 10)} tests: "
                             f"cover the empty state\n{_sha(rng)} 2024-10-28 deps: weekly "
                             f"bump")]),
            Step(text="The last month's commits are feature work and dependency bumps; none of "
                      "them touch this, so it was already like that during the incident.")]


# Gotchas: turned up while pairing on something else, fixed and explained in the commit message,
# explained before any fix is allowed, or brought by a user who is out of ideas.
def gotcha_while_pairing(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"pairing time: {s['aside']}. you drive, I'll watch"),
            Step(text="Starting by checking how things behave right now.", tools=s["probe"]),
            Step(text=f"Small detour before the actual task, because this is a real bug and it "
                      f"would bite us anyway. {s['explain']}", tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt="good catch. ok, back to what we were doing"), Step(text="Back to it.")]


def gotcha_commit_message(s: dict, rng: random.Random) -> Episode:
    subject = f"fix: {s['subject']}"
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text="Found the cause. Fixing.", tools=s.get("fix", [])), Step(text=s["done"]),
            Step(prompt="commit it, and make the message say *why* - future me will want to "
                        "know"),
            Step(tools=[bash(f"git commit -a -F - <<'EOF'\n{subject}\n\n{s['explain']}\nEOF",
                             f"[main {_sha(rng)}] {subject}\n 2 files changed, 14 insertions(+), "
                             f"3 deletions(-)")]),
            Step(text=f"Committed as \"{subject}\"; the body explains it:\n\n{s['explain']}")]


def gotcha_root_cause_first(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}. don't patch anything yet, I want the root cause "
                        f"first"),
            Step(tools=s["probe"]), Step(text=f"Root cause: {s['explain']}"),
            Step(prompt="makes sense. go ahead and fix it"),
            Step(tools=s.get("fix", [])), Step(text=s["done"])]


def gotcha_out_of_ideas(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_fumble(f"{s['symptom']}. I've stared at this for an hour and I'm out of "
                                f"ideas", rng)),
            Step(text="Let me look at what's actually happening rather than at the code that "
                      "should be happening.", tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"])]


# Falsified approaches: proposed by the assistant and turned down by the user, who points at an
# old revert; judged by a profiler; tried while the user is in meetings; or called off by the
# assistant itself.
def fals_old_revert(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    broke = s["broke"]
    body = "\n".join(f"    {line}".rstrip()
                     for line in f"$ {broke.command}\n{broke.output}".splitlines())
    log = (f"commit {_sha(rng, 40)}\nAuthor: {who} <{who.lower()}@users.noreply.github.com>\n"
           f"Date:   {rng.choice(('Tue', 'Wed', 'Thu'))} {rng.choice(('Mar', 'Apr', 'Jun'))} "
           f"{rng.randrange(2, 28)} {rng.randrange(9, 18)}:{rng.randrange(10, 59)}:"
           f"{rng.randrange(10, 59)} 2024 +0100\n\n    Revert \"{s['tried']}\"\n\n    Measured "
           f"before reverting:\n\n{body}\n")
    return [Step(prompt=s["pain"]),
            Step(text=f"One option would be {s['idea']}. Want me to try that?"),
            Step(prompt=f"no - {who} tried exactly that {s['when']} and we reverted it. it's in "
                        f"the git log somewhere"),
            Step(tools=[bash(f"git log -i --grep='{s['tried']}' -n 1", log)]),
            Step(text=f"Found the revert, with the numbers in it. {s['conclusion']}"),
            Step(prompt="right. so something else then"),
            Step(text="Agreed - I'll look for a fix that doesn't go down that road.")]


def fals_profiled(s: dict, rng: random.Random) -> Episode:
    if not s.get("profile"):
        return fals_while_away(s, rng)
    return [Step(prompt=s["ask"]), Step(tools=s["change"]),
            Step(text="Before trusting a gut feeling, let me profile where the time actually "
                      "goes.", tools=[s["profile"]]),
            Step(text="And the end-to-end comparison:", tools=[s["broke"]]),
            Step(prompt="so what's the verdict?"), Step(text=s["conclusion"]),
            Step(prompt="ok, back it out"), Step(tools=[s["revert"]]),
            Step(text="Backed out; the working tree is clean again.")]


def fals_while_away(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['ask']}. I'm in meetings for the next two hours - try it and leave "
                        f"me a verdict"),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=f"Verdict for when you're back: {s['conclusion']} I've left the change in "
                      f"the working tree so you can look at it; say the word and I'll revert "
                      f"it."),
            Step(prompt="back. read it, agree. revert"), Step(tools=[s["revert"]]),
            Step(text="Reverted.")]


def fals_called_off(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(text="On it.", tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=f"I'd stop here instead of pushing on. {s['conclusion']}"),
            Step(prompt="yeah ok, agreed. undo it"), Step(tools=[s["revert"]]),
            Step(text="Undone.")]


TEMPLATES = {
    "convention": [conv_hunk_review, conv_grumble, conv_ticket_note, conv_side_question,
                   conv_new_colleague],
    "command": [cmd_from_ci, cmd_blocked_commit, cmd_standup, cmd_justfile],
    "environment": [env_in_passing, env_new_laptop, env_colleague_asked, env_incident],
    "gotcha": [gotcha_while_pairing, gotcha_commit_message, gotcha_root_cause_first,
               gotcha_out_of_ideas],
    "falsified": [fals_old_revert, fals_profiled, fals_while_away, fals_called_off],
}

# Everyday requests and questions in these stacks, ordered so that each is asked from the
# project it fits (prompt i goes to project i % 4): the first four are about those projects (a
# bookings filter, the species dropdown, a pause menu, a firmware shell command) without needing
# anything stored about them.
UNRELATED = [
    "add a filter to the bookings admin so staff only see this week's firings",
    "make the species dropdown on the map searchable",
    "add a pause menu with resume and quit buttons",
    "add a shell command to the firmware that prints the current tare offset",
    "what's the difference between select_related and prefetch_related?",
    "how is $effect different from $derived in Svelte 5?",
    "what's the difference between Update and FixedUpdate?",
    "explain what volatile means in C and when it's actually needed",
    "write a serializer test for the member signup endpoint",
    "write a Playwright test that the town search shows suggestions",
    "write a C# extension method that picks a random element from a list",
    "write a ring buffer in C with a fixed capacity of 16 entries",
    "explain what a Celery chord is in two sentences",
    "explain what hydration means in SvelteKit",
    "explain what a ScriptableObject is to someone coming from plain C#",
    "what does a devicetree overlay do, in a sentence or two?",
    "how do I rebase my branch onto main without merging?",
    "explain the difference between TCP and UDP for a beginner",
    "draft a short announcement for the 0.8 playtest",
    "suggest a better name for the HiveState struct",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "kilnworks": [
        "how is wheel time priced?",
        "where are kiln maintenance windows recorded?",
        "which kiln shelves can a member reserve, and how is a half-shelf booking counted?",
        "is it ok to purge photos of finished pieces after a year, or do members expect them "
        "kept?",
        "should wheel bookings share the Booking model with kiln bookings or get a model of "
        "their own?",
    ],
    "pollenmap": [
        "where are species descriptions written?",
        "how does the admin page authenticate?",
        "which languages is the site translated into, and where would a Welsh translation go?",
        "is it ok to show a level for towns outside the forecast grid by borrowing the nearest "
        "cell?",
        "should the symptom diary keep its entries on the server or in the browser's local "
        "storage?",
    ],
    "emberfall": [
        "how are save files versioned?",
        "where are the dialogue lines stored?",
        "which actions can players rebind on a gamepad, and where do the default bindings live?",
        "what does the difficulty setting change besides enemy health, and can players switch it "
        "mid-run?",
        "should the new boss music go through FMOD or a plain AudioSource on the arena?",
    ],
    "hivescale": [
        "where is battery voltage measured?",
        "how are scales assigned to apiaries?",
        "which temperature range is the load cell calibrated for, and is there compensation "
        "for cold nights?",
        "is it ok to power the scale from a small solar panel instead of the AA pack?",
        "should the brood temperature probe be read on every wake-up or only once an hour?",
    ],
}


# ------------------------------------------------------------------- noise
def noise(tour: tuple[str, str, str], check: tuple[str, str, str],
          rename: tuple[str, str, str, str, str], where: tuple[str, str],
          helper: tuple[str, str, str], typo: tuple[str, str, str],
          comment: tuple[str, str, str, str]) -> list[Episode]:
    """The rest of a working day: a tour of an unfamiliar file, a quick check before pushing,
    a rename, where the branch stands, a small helper, a README typo, a comment, signing off."""
    path, content, summary = tour
    what, cmd, out = check
    old, new, file, old_line, new_line = rename
    log, status = where
    hpath, hcontent, hwhat = helper
    readme, bad_line, good_line = typo
    cfile, cfunc, cold, cnew = comment
    return [
        [Step(prompt=f"what does {path} do, roughly? I've never looked at that corner"),
         Step(tools=[read(path, content)]), Step(text=summary)],
        [Step(prompt=f"run {what} real quick before I push"), Step(tools=[bash(cmd, out)]),
         Step(text="Clean - nothing to fix.")],
        [Step(prompt=f"can we call {old} {new} instead? clearer"), Step(tools=[grep(old, [file])]),
         Step(tools=[edit(file, old_line, new_line)]),
         Step(text=f"Done - `{old}` only appeared in {file}; it's `{new}` now.")],
        [Step(prompt="which branch am I on, and is anything lying around uncommitted?"),
         Step(tools=[bash("git branch --show-current && git status --short", f"main\n{status}"),
                     bash("git log --oneline -3", log)]),
         Step(text="You're on main with the changes above uncommitted; the last three commits "
                   "are listed below them.")],
        [Step(prompt=f"write {hwhat}"), Step(tools=[write(hpath, hcontent)]),
         Step(text=f"Created {hpath}.")],
        [Step(prompt="the README's first lines have a typo, fix pls"),
         Step(tools=[read("README.md", readme)]),
         Step(tools=[edit("README.md", bad_line, good_line)]), Step(text="Fixed it.")],
        [Step(prompt=f"{cfunc} deserves a short comment explaining it"),
         Step(tools=[edit(cfile, cold, cnew)]), Step(text=f"Added a comment to `{cfunc}`.")],
        [Step(prompt="that's it for now, thanks"), Step(text="You're welcome - talk later.")],
    ]


# ------------------------------------------------------------------- projects
def kilnworks() -> Project:
    """A Django 5 / Django REST framework API for a pottery studio's kiln and wheel bookings:
    Celery with Redis for reminders, Postgres, uv, pytest-django, gunicorn on Kubernetes."""
    firings = "kilnworks/firings"
    bookings = "kilnworks/bookings"
    facts = [
        Fact("conv-structlog", "convention", ["structlog"],
             ["what's the proper way to emit diagnostic output from a background task here?",
              "can the new glaze module just do logging.getLogger(__name__) like the django "
              "docs show?"],
             "Log with structlog: `log = structlog.get_logger()` at module level, an event name "
             "plus key=value fields; no print() and no stdlib logging.getLogger.",
             {"rule": "we log with structlog - `log = structlog.get_logger()` at module level, "
                      "then an event name plus key=value fields. no print(), and no "
                      "logging.getLogger either",
              "task": "when a member cancels a firing, log who cancelled it and how many hours "
                      "before the slot",
              "follow": [edit(f"{firings}/services.py",
                              "from django.utils import timezone\n",
                              "import structlog\nfrom django.utils import timezone\n\nlog = "
                              "structlog.get_logger()\n"),
                         edit(f"{firings}/services.py",
                              "    firing.save(update_fields=[\"status\"])\n",
                              "    firing.save(update_fields=[\"status\"])\n    hours_before = "
                              "(firing.starts_at - timezone.now()).total_seconds() / 3600\n    "
                              "log.info(\"firing_cancelled\", firing_id=firing.pk, member_id="
                              "by.pk, hours_before=round(hours_before, 1))\n")],
              "contrary": edit(f"{firings}/services.py",
                               "    firing.save(update_fields=[\"status\"])\n",
                               "    firing.save(update_fields=[\"status\"])\n    hours_before = "
                               "(firing.starts_at - timezone.now()).total_seconds() / 3600\n    "
                               "print(f\"firing {firing.pk} cancelled by {by.email} "
                               "{hours_before:.1f}h before\")\n"),
              "done": "Cancelling a firing logs a firing_cancelled event with the firing, the "
                      "member and how many hours ahead it was cancelled."}),
        Fact("conv-pence", "convention", ["pence"],
             ["what field type should the deposit amount on a membership use?",
              "how do we keep money amounts in the database - decimals?"],
             "Money is an integer number of pence: a PositiveIntegerField named *_pence; never "
             "a DecimalField or a float; format as pounds only when displaying.",
             {"rule": "money is an integer number of pence - a PositiveIntegerField whose name "
                      "ends in _pence. never a DecimalField, never a float. we only turn it into "
                      "pounds when it's displayed",
              "task": "add a glaze surcharge to firings: some glazes cost extra and the fee has "
                      "to show up on the booking",
              "follow": [edit(f"{firings}/models.py",
                              "    kiln_fee_pence = models.PositiveIntegerField()\n",
                              "    kiln_fee_pence = models.PositiveIntegerField()\n    "
                              "glaze_surcharge_pence = models.PositiveIntegerField(default=0)\n"),
                         bash("uv run python manage.py makemigrations firings",
                              "Migrations for 'firings':\n  kilnworks/firings/migrations/"
                              "0014_firing_glaze_surcharge_pence.py\n    + Add field "
                              "glaze_surcharge_pence to firing")],
              "contrary": edit(f"{firings}/models.py",
                               "    kiln_fee_pence = models.PositiveIntegerField()\n",
                               "    kiln_fee_pence = models.PositiveIntegerField()\n    "
                               "glaze_surcharge = models.DecimalField(max_digits=6, "
                               "decimal_places=2, default=0)\n"),
              "done": "Firings have a glaze_surcharge_pence field (migration 0014), and the "
                      "booking summary adds it to the kiln fee."}),
        Fact("cmd-worker", "command", ["config.celery_app"],
             ["queued jobs just sit there on my machine - how do I launch the process that runs "
              "them?",
              "what app path do I give the -A option when starting the task worker?"],
             "Start the Celery worker with `uv run celery -A config.celery_app worker -l info`; "
             "the Celery app is defined in config/celery_app.py, not in the kilnworks package.",
             {"goal": "start a celery worker locally, I want to see the reminder task actually "
                      "run",
              "fail": bash("uv run celery -A kilnworks worker -l info",
                           "Usage: celery [OPTIONS] COMMAND [ARGS]...\nTry 'celery --help' for "
                           "help.\n\nError: Invalid value for '-A' / '--app': \nUnable to load "
                           "celery application.\nModule 'kilnworks' has no attribute 'celery'",
                           2),
              "fail2": bash("uv run celery -A kilnworks.celery worker -l info",
                            "Error: Invalid value for '-A' / '--app': \nUnable to load celery "
                            "application.\nThe module kilnworks.celery was not found.", 2),
              "note": "The Celery app doesn't live in the kilnworks package: it's defined next "
                      "to the settings, in config/celery_app.py, so -A has to point at "
                      "config.celery_app.",
              "ok": bash("uv run celery -A config.celery_app worker -l info",
                         " -------------- celery@dev-laptop v5.4.0 (opalescent)\n--- ***** ----- "
                         "\n-- ******* ---- Linux-6.8.0-48-generic-x86_64 2024-11-18 10:14:03\n"
                         "...\n[tasks]\n  . kilnworks.firings.tasks.send_firing_reminders\n  . "
                         "kilnworks.members.tasks.expire_memberships\n\n[2024-11-18 10:14:04,"
                         "201: INFO/MainProcess] mingle: all alone\n[2024-11-18 10:14:04,233: "
                         "INFO/MainProcess] celery@dev-laptop ready."),
              "ci": (".github/workflows/ci.yml",
                     "name: ci\non: [push]\njobs:\n  integration:\n    runs-on: ubuntu-latest\n"
                     "    services:\n      redis:\n        image: redis:7-alpine\n        ports: "
                     "[\"6379:6379\"]\n    steps:\n      - uses: actions/checkout@v4\n      - "
                     "uses: astral-sh/setup-uv@v3\n      - run: uv sync --frozen\n      - run: "
                     "uv run celery -A config.celery_app worker -l warning --detach\n      - "
                     "run: uv run python scripts/wait_for_worker.py\n      - run: uv run python "
                     "scripts/integration_smoke.py\n"),
              "target": "worker",
              "done": "The worker is up and has registered send_firing_reminders; calling it "
                      "from the shell sends the reminder to the console email backend."}),
        Fact("cmd-testsettings", "command", ["config.settings.test"],
             ["pytest blows up importing conftest and complains about a missing database url - "
              "what am I doing wrong?",
              "which django settings module is the test suite meant to run under?"],
             "Run the tests with `uv run pytest --ds=config.settings.test`; the default settings "
             "(config.settings.local) need DATABASE_URL from .env, so a plain `uv run pytest` "
             "fails at the conftest import.",
             {"goal": "run the test suite, I touched the booking overlap check",
              "fail": bash("uv run pytest -x -q",
                           "ImportError while loading conftest '/home/dev/src/kilnworks/"
                           "conftest.py'.\nconftest.py:5: in <module>\n    from kilnworks."
                           "members.tests.factories import MemberFactory\n...\ndjango.core."
                           "exceptions.ImproperlyConfigured: Set the DATABASE_URL environment "
                           "variable", 4),
              "fail2": bash("uv run python manage.py test",
                            "Found 0 test(s).\nSystem check identified no issues (0 silenced).\n"
                            "\n--------------------------------------------------------------"
                            "--------\nRan 0 tests in 0.000s\n\nNO TESTS RAN", 5),
              "note": "pytest falls back to the default settings module, config.settings.local, "
                      "which wants DATABASE_URL from your .env. The suite is meant to run "
                      "against config.settings.test - fixed test database, fast password "
                      "hasher - passed with --ds.",
              "ok": bash("uv run pytest --ds=config.settings.test -x -q",
                         "........................................................................"
                         "\n........................................................................"
                         "\n...................................................................."
                         "\n212 passed in 19.42s"),
              "ci": (".github/workflows/ci.yml",
                     "name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    "
                     "services:\n      postgres:\n        image: postgres:16\n        env:\n     "
                     "     POSTGRES_PASSWORD: postgres\n        ports: [\"5432:5432\"]\n    "
                     "steps:\n      - uses: actions/checkout@v4\n      - uses: astral-sh/setup-"
                     "uv@v3\n      - run: uv sync --frozen\n      - run: uv run pytest "
                     "--ds=config.settings.test -n 2\n"),
              "hook": (".pre-commit-config.yaml", "        entry: ", "pytest-quick"),
              "target": "test",
              "done": "All 212 tests pass, the overlap ones included."}),
        Fact("env-broker", "environment", ["6380"],
             ["the task worker can't reach its message broker on my laptop - which port is it "
              "on?",
              "what broker url goes into my local .env?"],
             "Local Redis (the Celery broker) is published on host port 6380: "
             "CELERY_BROKER_URL=redis://localhost:6380/0 (as in .env.example), not 6379.",
             {"goal": "the worker says 'Error 111 connecting to localhost:6379. Connection "
                      "refused' - where does redis run for this project?",
              "probe": [bash("docker compose ps redis",
                             "NAME                IMAGE            COMMAND                  "
                             "SERVICE   CREATED      STATUS      PORTS\nkilnworks-redis-1   "
                             "redis:7-alpine   \"docker-entrypoint.s…\"   redis     3 days ago   "
                             "Up 3 days   0.0.0.0:6380->6379/tcp"),
                        bash("grep -n BROKER .env.example .env",
                             ".env.example:7:CELERY_BROKER_URL=redis://localhost:6380/0")],
              "confirm": "Redis runs in the compose stack but is published on host port 6380, "
                         "not 6379 (6379 tends to be taken by other projects' Redis), so the "
                         "broker URL is redis://localhost:6380/0, as in .env.example. Your .env "
                         "predates that line - copy CELERY_BROKER_URL over and the worker "
                         "connects.",
              "said": "redis for this one is on 6380, not the usual port",
              "short": "Redis, the Celery broker, is published on host port 6380 - "
                       "CELERY_BROKER_URL=redis://localhost:6380/0"}),
        Fact("env-namespace", "environment", ["studio-prod"],
             ["where do the live pods run? I need to look at the worker's output from last "
              "night",
              "which kubectl context and namespace is production?"],
             "Production runs in the studio-prod namespace on the do-ams3-studio cluster "
             "(kubectl context): deployments kilnworks-web, kilnworks-worker, kilnworks-beat.",
             {"goal": "I want to tail the production celery worker logs - which cluster and "
                      "namespace is it in?",
              "probe": [bash("kubectl config get-contexts",
                             "CURRENT   NAME             CLUSTER          AUTHINFO               "
                             "NAMESPACE\n*         do-ams3-studio   do-ams3-studio   "
                             "do-ams3-studio-admin   studio-prod\n          kind-local       "
                             "kind-local       kind-local"),
                        bash("kubectl get deploy -n studio-prod",
                             "NAME               READY   UP-TO-DATE   AVAILABLE   AGE\n"
                             "kilnworks-beat     1/1     1            1           212d\n"
                             "kilnworks-web      3/3     3            3           212d\n"
                             "kilnworks-worker   2/2     2            2           212d")],
              "confirm": "production is the studio-prod namespace on the DigitalOcean cluster "
                         "behind the do-ams3-studio context: kilnworks-web (3 replicas), "
                         "kilnworks-worker (2) and kilnworks-beat (1). `kubectl logs -n "
                         "studio-prod deploy/kilnworks-worker --since=12h` gets you last "
                         "night's worker output.",
              "said": "prod is the studio-prod namespace on the ams3 cluster",
              "short": "production is the studio-prod namespace on the do-ams3-studio cluster "
                       "(deployments kilnworks-web, kilnworks-worker and kilnworks-beat)"}),
        Fact("gotcha-beat-tz", "gotcha", ["CELERY_TIMEZONE"],
             ["the scheduled morning job has run an hour late ever since daylight saving "
              "started",
              "why would periodic tasks fire at a different local hour in summer than in "
              "winter?"],
             "Celery beat ignores Django's TIME_ZONE and evaluates crontab schedules in UTC "
             "unless CELERY_TIMEZONE is set; set CELERY_TIMEZONE = TIME_ZONE (Europe/London) or "
             "jobs shift by an hour with DST.",
             {"symptom": "since the clocks went forward the 'your firing is tomorrow' reminder "
                         "emails arrive at 8am instead of 7am",
              "probe": [bash("grep -rn crontab kilnworks/",
                             "kilnworks/firings/schedule.py:9:        \"schedule\": crontab("
                             "hour=7, minute=0),"),
                        read("config/settings/base.py",
                             "LANGUAGE_CODE = \"en-gb\"\nTIME_ZONE = \"Europe/London\"\nUSE_I18N "
                             "= True\nUSE_TZ = True\n\nCELERY_BROKER_URL = env("
                             "\"CELERY_BROKER_URL\")\nCELERY_TASK_ACKS_LATE = True\n"
                             "CELERY_BEAT_SCHEDULE = FIRING_SCHEDULE\n")],
              "explain": "Celery doesn't use Django's TIME_ZONE: with no CELERY_TIMEZONE set, "
                         "beat evaluates crontab schedules in UTC. crontab(hour=7) was 7am in "
                         "winter, when London is on UTC, and has been 8am local since British "
                         "Summer Time began. Setting CELERY_TIMEZONE = TIME_ZONE (Europe/London) "
                         "makes beat follow the local clock across the DST changes.",
              "fix": [edit("config/settings/base.py", "CELERY_TASK_ACKS_LATE = True\n",
                           "CELERY_TASK_ACKS_LATE = True\nCELERY_TIMEZONE = TIME_ZONE\n")],
              "aside": "adding a second reminder two hours before a firing, next to the "
                       "day-before one",
              "subject": "run beat schedules in Europe/London, not UTC",
              "done": "Beat schedules in Europe/London now; the next run of the reminder is at "
                      "07:00 local time."}),
        Fact("gotcha-double-booking", "gotcha", ["select_for_update"],
             ["two people managed to reserve the same kiln at the same time - how, with the "
              "overlap check?",
              "how do I stop a race between checking availability and creating the "
              "reservation?"],
             "book_slot's check-then-insert raced (double bookings); lock the kiln row with "
             "select_for_update() inside transaction.atomic() before the overlap check.",
             {"symptom": "two members both got a confirmation for the same kiln slot on "
                         "saturday - the overlap check is right there in the code, how",
              "probe": [read(f"{bookings}/services.py",
                             "def book_slot(member, kiln, starts_at, ends_at):\n    clash = "
                             "Booking.objects.filter(\n        kiln=kiln, starts_at__lt=ends_at, "
                             "ends_at__gt=starts_at,\n        status=Booking.Status.CONFIRMED,\n"
                             "    ).exists()\n    if clash:\n        raise SlotTaken(kiln, "
                             "starts_at)\n    return Booking.objects.create(member=member, kiln="
                             "kiln, starts_at=starts_at,\n                                  "
                             "ends_at=ends_at, status=Booking.Status.CONFIRMED)\n"),
                        bash("uv run python manage.py shell -c \"from kilnworks.bookings.models "
                             "import Booking; print(list(Booking.objects.filter(kiln_id=2, "
                             "starts_at__date='2024-11-16').values_list('id', 'member_id', "
                             "'created_at')))\"",
                             "[(8812, 41, datetime.datetime(2024, 11, 12, 19, 4, 11, 803114, "
                             "tzinfo=datetime.timezone.utc)), (8813, 57, datetime.datetime(2024, "
                             "11, 12, 19, 4, 11, 861530, tzinfo=datetime.timezone.utc))]")],
              "explain": "The check and the insert aren't atomic: the two requests ran the "
                         "exists() query 58 ms apart, both saw a free slot and both inserted. "
                         "Taking a row lock on the kiln with select_for_update() inside "
                         "transaction.atomic() makes the second request wait until the first "
                         "has committed, and then its overlap check sees the booking.",
              "fix": [edit(f"{bookings}/services.py",
                           "def book_slot(member, kiln, starts_at, ends_at):\n    clash",
                           "@transaction.atomic\ndef book_slot(member, kiln, starts_at, "
                           "ends_at):\n    Kiln.objects.select_for_update().get(pk=kiln.pk)\n"
                           "    clash")],
              "aside": "adding an 'under maintenance' flag to kilns so the booking form can "
                       "grey them out",
              "subject": "lock the kiln row while booking so two requests can't take one slot",
              "done": "book_slot locks the kiln inside a transaction now: two simultaneous "
                      "requests for one slot give one confirmation and one SlotTaken."}),
        Fact("fals-sse", "falsified", ["StreamingHttpResponse"],
             ["could the browser get the kiln readings pushed to it rather than asking every "
              "few seconds?",
              "did we ever try a long-lived streaming endpoint for the firing graph?"],
             "Server-sent events through a Django StreamingHttpResponse were tried for the live "
             "kiln chart: each open chart pins one of gunicorn's 8 sync workers, and with 30 "
             "viewers 87% of API requests got 502s; reverted, polling stays until we run ASGI.",
             {"ask": "make the live kiln temperature chart get its updates over server-sent "
                     "events instead of polling every 5 seconds",
              "change": [write(f"{firings}/views_stream.py",
                               "import time\n\nfrom django.http import StreamingHttpResponse\n\n"
                               "from .readings import latest_reading\n\n\ndef temperature_stream"
                               "(request, firing_id):\n    def events():\n        while True:\n"
                               "            reading = latest_reading(firing_id)\n            "
                               "yield f\"data: {reading.to_json()}\\n\\n\"\n            time."
                               "sleep(2)\n\n    return StreamingHttpResponse(events(), "
                               "content_type=\"text/event-stream\")\n"),
                         edit(f"{firings}/urls.py",
                              "urlpatterns = [\n",
                              "urlpatterns = [\n    path(\"<int:firing_id>/stream\", "
                              "temperature_stream),\n")],
              "broke": bash("uv run locust -f loadtests/kiln_chart.py --headless -u 30 -r 5 -t "
                            "60s --host http://localhost:8000",
                            "Type     Name                          # reqs      # fails |    Avg"
                            "     Min     Max    Med\n--------|----------------------------|----"
                            "---|-------------|-------|-------|-------|-------\nGET      /api/"
                            "firings/[id]/stream             30     0(0.00%) |  60012  60001  "
                            "60034  60000\nGET      /api/bookings/                  214   187("
                            "87.38%) |  29870    412  30001  30000\n\nError report\n# "
                            "occurrences      Error\n187                GET /api/bookings/: "
                            "HTTPError('502 Server Error: Bad Gateway')", 1),
              "revert": bash(f"git checkout -- {firings}/urls.py && rm {firings}/"
                             f"views_stream.py", ""),
              "conclusion": "Server-sent events through a StreamingHttpResponse don't work on "
                            "our stack: gunicorn runs 8 sync workers, and every open chart holds "
                            "one of them for as long as the page stays open. With 30 charts "
                            "open in the load test all workers were taken and 87% of ordinary "
                            "API requests got a 502. Doing this properly needs an ASGI server "
                            "and async views, or a separate push service; until then the "
                            "5-second polling stays.",
              "pain": "the live temperature chart during a firing feels laggy, it only updates "
                      "every 5 seconds",
              "idea": "pushing the readings to the browser with server-sent events from a "
                      "Django view (a StreamingHttpResponse) instead of polling",
              "tried": "Stream kiln temperatures over server-sent events",
              "when": "last winter"}),
        Fact("fals-orjson", "falsified", ["orjson"],
             ["would a faster json encoder speed up the month view api?",
              "is response serialization the bottleneck on the calendar endpoint?"],
             "Swapping DRF's renderer for orjson was tried on the calendar endpoint: JSON "
             "rendering is under 3% of its time (py-spy), p50 184 -> 181 ms; the time is in DB "
             "queries; reverted.",
             {"ask": "swap DRF's json renderer for orjson - the calendar endpoint is slow and "
                     "encoding that big response has to be part of it",
              "change": [bash("uv add drf-orjson-renderer",
                              "Resolved 74 packages in 412ms\nInstalled 2 packages in 9ms\n + "
                              "drf-orjson-renderer==1.7.3\n + orjson==3.10.11"),
                         edit("config/settings/base.py",
                              "    \"DEFAULT_RENDERER_CLASSES\": [\"rest_framework.renderers."
                              "JSONRenderer\"],\n",
                              "    \"DEFAULT_RENDERER_CLASSES\": [\"drf_orjson_renderer."
                              "renderers.ORJSONRenderer\"],\n")],
              "profile": bash("uv run py-spy record --format raw -o /tmp/calendar.txt -- python "
                              "scripts/hit_calendar.py --n 200 && python scripts/"
                              "flame_summary.py /tmp/calendar.txt --top 5",
                              "py-spy> Sampling process 100 times a second. Press Control-C to "
                              "exit.\npy-spy> Wrote raw flamegraph data to '/tmp/calendar.txt'."
                              " Samples: 4012 Errors: 0\n\n  %Own  Function (file)\n 61.4%  "
                              "execute (django/db/backends/utils.py)\n 14.2%  __iter__ (django/"
                              "db/models/query.py)\n  9.8%  to_representation (rest_framework/"
                              "serializers.py)\n  4.1%  _get_day_bookings (kilnworks/bookings/"
                              "selectors.py)\n  2.9%  render (drf_orjson_renderer/renderers.py)"),
              "broke": bash("uv run python scripts/hit_calendar.py --n 200 --compare main",
                            "GET /api/calendar/?month=2024-11  n=200\nmain    (JSONRenderer):   "
                            "p50 184 ms  p95 231 ms\nbranch  (ORJSONRenderer): p50 181 ms  p95 "
                            "229 ms"),
              "revert": bash("git checkout -- config/settings/base.py pyproject.toml uv.lock "
                             "&& uv sync", "Uninstalled 2 packages in 3ms\n - drf-orjson-"
                             "renderer==1.7.3\n - orjson==3.10.11"),
              "conclusion": "orjson doesn't buy anything on the calendar endpoint: rendering the "
                            "JSON is under 3% of its time, and p50 went from 184 ms to 181 ms. "
                            "The time goes into the database - about 61% in query execution, "
                            "mostly the per-day booking lookups - so the fix is a prefetch or "
                            "one grouped query, not a faster encoder.",
              "pain": "the monthly calendar endpoint takes nearly 200 ms, that's our slowest "
                      "page",
              "idea": "switching DRF to an orjson-based renderer, since the calendar response "
                      "is one big JSON document",
              "tried": "Render API responses with orjson",
              "when": "in the spring"}),
    ]
    return Project(
        "kilnworks", "git@github.com:clayroom/kilnworks.git",
        {"README.md": "# kilnworks\n\nBook kiln firings and wheel time at the studio.\n",
         ".python-version": "3.12\n"},
        facts,
        noise(("kilnworks/members/permissions.py",
               "from rest_framework.permissions import BasePermission\n\n\nclass "
               "IsActiveMember(BasePermission):\n    message = \"Your membership has lapsed.\"\n\n"
               "    def has_permission(self, request, view):\n        member = getattr(request."
               "user, \"member\", None)\n        return bool(member and member.is_active_on("
               "request.now))\n",
               "It's a DRF permission class: a request only gets through if the logged-in user "
               "has a member profile that's active today; otherwise the API answers 403 with "
               "'Your membership has lapsed.'"),
              ("the type checker on the members app", "uv run mypy kilnworks/members",
               "Success: no issues found in 14 source files"),
              ("qs", "open_bookings", f"{bookings}/selectors.py",
               "    qs = Booking.objects.filter(status=Booking.Status.CONFIRMED)",
               "    open_bookings = Booking.objects.filter(status=Booking.Status.CONFIRMED)"),
              ("4be21d0 members: show lapsed date on the profile\n9d13a7e firings: cone 6 "
               "preset\n1f0c58a deps: django 5.1.3",
               " M kilnworks/members/serializers.py\n?? kilnworks/members/tests/test_lapsed.py"),
              ("kilnworks/core/text.py",
               "def initials(full_name: str) -> str:\n    \"\"\"'Ada Lovelace' -> 'AL'.\"\"\"\n"
               "    return \"\".join(part[0].upper() for part in full_name.split() if part)\n",
               "a helper that turns a member's full name into initials for the kiln board"),
              ("# kilnworks\n\nBook kiln firings and wheel time at the stuido.\n",
               "Book kiln firings and wheel time at the stuido.",
               "Book kiln firings and wheel time at the studio."),
              (f"{bookings}/selectors.py", "day_bookings",
               "def day_bookings(kiln, day):",
               "# Confirmed bookings of one kiln on one day, earliest first.\n"
               "def day_bookings(kiln, day):")),
        "postgres")


def pollenmap() -> Project:
    """A SvelteKit 2 / Svelte 5 site with daily pollen forecasts on a Leaflet map: runs on Bun,
    Drizzle over a SQLite file, Vitest and Playwright, one Hetzner VM with systemd and Caddy."""
    facts = [
        Fact("conv-runes", "convention", ["runes"],
             ["how should a new component take its inputs and compute values from them?",
              "can I keep using export let and a writable store in the new filter panel?"],
             "New Svelte components use Svelte 5 runes - $props(), $state, $derived; no "
             "`export let` and no writable stores.",
             {"rule": "new components are written with svelte 5 runes - $props(), $state, "
                      "$derived - no `export let` and no writable stores",
              "task": "add a legend to the map showing the colour scale of whichever species "
                      "is selected",
              "follow": [write("src/lib/components/MapLegend.svelte",
                               "<script lang=\"ts\">\n  import { scaleFor } from '$lib/scales';\n"
                               "  import type { Species } from '$lib/types';\n\n  let { species, "
                               "unit = 'grains/m³' }: { species: Species; unit?: string } = "
                               "$props();\n  let steps = $derived(scaleFor(species).steps);\n"
                               "</script>\n\n<ul class=\"legend\">\n  {#each steps as step}\n    "
                               "<li><span style:background={step.colour}></span>{step.from}–"
                               "{step.to} {unit}</li>\n  {/each}\n</ul>\n")],
              "contrary": write("src/lib/components/MapLegend.svelte",
                                "<script lang=\"ts\">\n  import { derived } from 'svelte/store';"
                                "\n  import { selectedSpecies } from '$lib/stores';\n  import { "
                                "scaleFor } from '$lib/scales';\n\n  export let unit = "
                                "'grains/m³';\n  const steps = derived(selectedSpecies, ($s) => "
                                "scaleFor($s).steps);\n</script>\n\n<ul class=\"legend\">\n  "
                                "{#each $steps as step}\n    <li><span style:background="
                                "{step.colour}></span>{step.from}–{step.to} {unit}</li>\n  "
                                "{/each}\n</ul>\n"),
              "done": "MapLegend takes the selected species as a prop and derives its colour "
                      "steps from it; it sits in the map's bottom-left corner."}),
        Fact("conv-serverload", "convention", ["+page.server.ts"],
             ["where should a new page fetch its data - in the component when it mounts?",
              "the species detail view needs the pollen counts, how do I get them into the "
              "page?"],
             "Page data comes from a load function in +page.server.ts; components never "
             "fetch('/api/...') in onMount.",
             {"rule": "pages get their data from a load function in +page.server.ts - "
                      "components never fetch('/api/...') in onMount",
              "task": "show the 7-day forecast for the selected town under the map",
              "follow": [write("src/routes/towns/[slug]/+page.server.ts",
                               "import { error } from '@sveltejs/kit';\nimport { forecastFor, "
                               "townBySlug } from '$lib/server/forecast';\nimport type { "
                               "PageServerLoad } from './$types';\n\nexport const load: "
                               "PageServerLoad = async ({ params }) => {\n  const town = await "
                               "townBySlug(params.slug);\n  if (!town) error(404, 'Unknown "
                               "town');\n  return { town, forecast: await forecastFor(town.id, "
                               "7) };\n};\n"),
                         edit("src/routes/towns/[slug]/+page.svelte",
                              "<TownHeader town={data.town} />\n",
                              "<TownHeader town={data.town} />\n<ForecastStrip days="
                              "{data.forecast} />\n")],
              "contrary": edit("src/routes/towns/[slug]/+page.svelte",
                               "<script lang=\"ts\">\n",
                               "<script lang=\"ts\">\n  import { onMount } from 'svelte';\n  let "
                               "forecast = $state([]);\n  onMount(async () => {\n    const res = "
                               "await fetch(`/api/forecast?town=${data.town.id}&days=7`);\n    "
                               "forecast = await res.json();\n  });\n"),
              "done": "The town page loads its 7-day forecast on the server and renders it "
                      "under the map - no request from the browser, and it shows without "
                      "JavaScript too."}),
        Fact("cmd-migrate", "command", ["db:migrate"],
             ["drizzle-kit says the database url is undefined when I try to update my local "
              "schema - how do I run it?",
              "what's the right way to bring my local sqlite file up to the latest schema?"],
             "Apply Drizzle migrations with `bun run db:migrate` (it runs `bun "
             "--env-file=.env.local drizzle-kit migrate`); bare `bunx drizzle-kit migrate` has "
             "no DATABASE_URL.",
             {"goal": "apply the new drizzle migration for the alert subscriptions table to my "
                      "local db",
              "fail": bash("bunx drizzle-kit migrate",
                           "No config path provided, using default 'drizzle.config.ts'\nReading "
                           "config file '/home/dev/src/pollenmap/drizzle.config.ts'\nError  "
                           "Please provide required params for LibSQL driver:\n    [x] url: "
                           "undefined\n       authToken: undefined", 1),
              "note": "drizzle-kit doesn't read .env.local, so DATABASE_URL is undefined when "
                      "it's called directly. The package.json script `bun run db:migrate` runs "
                      "it as `bun --env-file=.env.local drizzle-kit migrate`, which loads the "
                      "file first.",
              "ok": bash("bun run db:migrate",
                         "$ bun --env-file=.env.local drizzle-kit migrate\nReading config file "
                         "'/home/dev/src/pollenmap/drizzle.config.ts'\n[✓] migrations applied "
                         "successfully!"),
              "ci": (".github/workflows/ci.yml",
                     "name: ci\non: [push]\njobs:\n  e2e:\n    runs-on: ubuntu-latest\n    "
                     "steps:\n      - uses: actions/checkout@v4\n      - uses: oven-sh/setup-"
                     "bun@v2\n      - run: bun install --frozen-lockfile\n      - run: cp .env.ci"
                     " .env.local\n      - run: bun run db:migrate\n      - run: bunx "
                     "playwright install --with-deps chromium\n      - run: bun run test:e2e\n"),
              "target": "migrate",
              "done": "The migration ran: alert_subscriptions exists in the local database, "
                      "with its index on town_id."}),
        Fact("cmd-vitest", "command", ["test:unit"],
             ["bun's test command trips over the playwright specs and says vi.mock isn't a "
              "function - how are the unit tests meant to be run?",
              "what's the invocation for the vitest suite?"],
             "Run the unit tests with `bun run test:unit -- --run` (vitest); plain `bun test` "
             "is Bun's own runner, picks up the Playwright specs and lacks vi.mock.",
             {"goal": "run the unit tests, I changed the grains-to-level conversion",
              "fail": bash("bun test",
                           "bun test v1.1.34 (5e5e7c60)\n\nsrc/lib/levels.test.ts:\n✓ levelFor "
                           "> maps 0 grains to none [0.41ms]\n✓ levelFor > maps 51 grains to "
                           "moderate [0.08ms]\n\ntests/e2e/map.spec.ts:\nerror: Playwright Test "
                           "did not expect test() to be called here.\n\nsrc/lib/server/"
                           "forecast.test.ts:\n1 | import { describe, expect, it, vi } from "
                           "'vitest';\nTypeError: vi.mock is not a function\n\n 2 pass\n 2 fail"
                           "\n 2 errors\nRan 4 tests across 3 files. [412.00ms]", 1),
              "note": "`bun test` is Bun's own test runner: it also picks up the Playwright "
                      "specs under tests/e2e, and it doesn't implement vitest's vi.mock. The "
                      "unit tests are vitest, run through the package.json script `bun run "
                      "test:unit` (with --run so it doesn't sit in watch mode).",
              "ok": bash("bun run test:unit -- --run",
                         "$ vitest --run\n\n RUN  v2.1.5 /home/dev/src/pollenmap\n\n ✓ src/lib/"
                         "levels.test.ts (9 tests) 6ms\n ✓ src/lib/scales.test.ts (5 tests) 4ms"
                         "\n ✓ src/lib/server/forecast.test.ts (7 tests) 21ms\n\n Test Files  3 "
                         "passed (3)\n      Tests  21 passed (21)\n   Duration  1.12s"),
              "ci": (".github/workflows/ci.yml",
                     "name: ci\non: [push]\njobs:\n  unit:\n    runs-on: ubuntu-latest\n    "
                     "steps:\n      - uses: actions/checkout@v4\n      - uses: oven-sh/setup-"
                     "bun@v2\n      - run: bun install --frozen-lockfile\n      - run: bun run "
                     "check\n      - run: bun run test:unit -- --run\n"),
              "hook": ("lefthook.yml", "      run: ", "unit"),
              "target": "unit",
              "done": "All 21 unit tests pass, the conversion ones included."}),
        Fact("env-cron", "environment", ["04:30"],
             ["what time does the nightly forecast refresh run on the server?",
              "when is the pollen data pulled from upstream each day?"],
             "The CAMS forecast import is a cron job on the VM (deploy user's crontab) at 04:30 "
             "UTC every day; it logs to /var/log/pollenmap/import.log.",
             {"goal": "the site still showed yesterday's numbers at 6 this morning - when does "
                      "the import actually run on the server?",
              "probe": [bash("ssh deploy@pollen-vm-1 'crontab -l'",
                             "# m h  dom mon dow   command\n30 4 * * * cd /srv/pollenmap && "
                             "/home/deploy/.bun/bin/bun run scripts/import-cams.ts >> /var/log/"
                             "pollenmap/import.log 2>&1"),
                        bash("ssh deploy@pollen-vm-1 'tail -3 /var/log/pollenmap/import.log'",
                             "[2024-11-19T04:30:02Z] fetching CAMS forecast for 2024-11-19\n"
                             "[2024-11-19T04:31:47Z] upstream not ready (HTTP 404), giving up\n"
                             "[2024-11-19T04:31:47Z] import finished: 0 towns updated")],
              "confirm": "the import is a cron job on the VM, in the deploy user's crontab, at "
                         "04:30 UTC (`30 4 * * *`). This morning it ran at 04:30 as usual, but "
                         "CAMS hadn't published the day's forecast yet and the script gave up "
                         "after one try, so the site kept yesterday's data. A retry, or a later "
                         "slot, would fix that.",
              "said": "the nightly import cron fires at 04:30 utc",
              "short": "the CAMS forecast import runs from cron on the VM at 04:30 UTC (the "
                       "deploy user's crontab)"}),
        Fact("env-systemd", "environment", ["pollenmap.service"],
             ["how is the live site kept running on the server, and how do I restart it?",
              "where are production's environment variables set?"],
             "Production runs as the systemd unit pollenmap.service (bun ./build/index.js behind "
             "Caddy) on the Hetzner VM pollen-vm-1; its environment is /etc/pollenmap/env; "
             "restart with `sudo systemctl restart pollenmap`.",
             {"goal": "how does the app run in production? I need to restart it after changing "
                      "an env var",
              "probe": [bash("ssh deploy@pollen-vm-1 'systemctl status pollenmap --no-pager | "
                             "head -8'",
                             "● pollenmap.service - pollenmap SvelteKit server (bun)\n     "
                             "Loaded: loaded (/etc/systemd/system/pollenmap.service; enabled; "
                             "preset: enabled)\n     Active: active (running) since Mon "
                             "2024-11-18 09:12:40 UTC; 1 day 3h ago\n   Main PID: 48211 (bun)\n"
                             "      Tasks: 9 (limit: 4558)\n     Memory: 143.2M\n        CPU: "
                             "21min 4.118s\n     CGroup: /system.slice/pollenmap.service"),
                        bash("ssh deploy@pollen-vm-1 'grep -E \"^(ExecStart|EnvironmentFile)\" "
                             "/etc/systemd/system/pollenmap.service'",
                             "EnvironmentFile=/etc/pollenmap/env\nExecStart=/home/deploy/.bun/"
                             "bin/bun ./build/index.js")],
              "confirm": "production is a single Hetzner VM, pollen-vm-1, where the app runs "
                         "under systemd as pollenmap.service - bun serving ./build/index.js "
                         "behind Caddy - and reads its environment from /etc/pollenmap/env. "
                         "After editing that file, `sudo systemctl restart pollenmap` reloads "
                         "it.",
              "said": "prod is just a systemd unit, pollenmap.service, on the hetzner box",
              "short": "production runs as the systemd unit pollenmap.service on the Hetzner VM "
                       "pollen-vm-1 (environment in /etc/pollenmap/env; `sudo systemctl "
                       "restart pollenmap`)"}),
        Fact("gotcha-static-env", "gotcha", ["$env/dynamic/private"],
             ["I changed a secret on the server and restarted, but the app keeps using the old "
              "value",
              "why does a new api credential only take effect after a rebuild?"],
             "Values imported from $env/static/private are inlined at build time; secrets that "
             "change at runtime (CAMS_API_KEY) must come from $env/dynamic/private, or a "
             "restart keeps the old value.",
             {"symptom": "rotated the CAMS api key in /etc/pollenmap/env and restarted, but the "
                         "'refresh now' button on the admin page still gets a 401 with the old "
                         "key",
              "probe": [bash("grep -rn 'CAMS_API_KEY' src/",
                             "src/lib/server/cams.ts:1:import { CAMS_API_KEY } from "
                             "'$env/static/private';\nsrc/lib/server/cams.ts:14:    "
                             "Authorization: `Bearer ${CAMS_API_KEY}`,"),
                        bash("grep -l 'cams_live_' build/server/chunks/*.js",
                             "build/server/chunks/cams-BfK2x9aQ.js")],
              "explain": "src/lib/server/cams.ts imports the key from $env/static/private, and "
                         "static env values are inlined into the bundle when `bun run build` "
                         "runs - the old key sits in build/server/chunks as a string literal, so "
                         "restarting the service changes nothing. Secrets that can change at "
                         "runtime have to come from $env/dynamic/private (read as "
                         "env.CAMS_API_KEY when the request runs); then a restart is enough.",
              "fix": [edit("src/lib/server/cams.ts",
                           "import { CAMS_API_KEY } from '$env/static/private';",
                           "import { env } from '$env/dynamic/private';"),
                      edit("src/lib/server/cams.ts",
                           "    Authorization: `Bearer ${CAMS_API_KEY}`,",
                           "    Authorization: `Bearer ${env.CAMS_API_KEY}`,")],
              "aside": "adding a 'last refreshed' timestamp to the admin page",
              "subject": "read the CAMS key at runtime instead of baking it into the build",
              "done": "The key is read at request time now. After one more build and deploy, a "
                      "rotation only needs a restart - and 'refresh now' works with the new "
                      "key."}),
        Fact("gotcha-leaflet-ssr", "gotcha", ["import('leaflet')"],
             ["the whole site answers 500 with 'window is not defined' since the map plugin "
              "was added",
              "how do I use a browser-only mapping library in a component without breaking "
              "server rendering?"],
             "Leaflet and leaflet.markercluster touch window when imported, which crashes SSR; "
             "load them with `await import('leaflet')` inside onMount, never at the top of the "
             "component.",
             {"symptom": "since I added the marker clustering every page load is a 500: "
                         "ReferenceError: window is not defined",
              "probe": [bash("curl -s localhost:5173/ | head -3",
                             "ReferenceError: window is not defined\n    at node_modules/leaflet."
                             "markercluster/dist/leaflet.markercluster-src.js:9:3\n    at src/lib/"
                             "components/PollenMap.svelte:4:1"),
                        read("src/lib/components/PollenMap.svelte",
                             "<script lang=\"ts\">\n  import L from 'leaflet';\n  import "
                             "'leaflet.markercluster';\n  import { onMount } from 'svelte';\n\n"
                             "  let { towns } = $props();\n  let el: HTMLDivElement;\n\n  onMount("
                             "() => {\n    const map = L.map(el).setView([51.5, -0.1], 7);\n    "
                             "const cluster = L.markerClusterGroup();\n    towns.forEach((t) => "
                             "cluster.addLayer(L.marker([t.lat, t.lon])));\n    map.addLayer("
                             "cluster);\n  });\n</script>\n\n<div bind:this={el} class=\"map\">"
                             "</div>\n")],
              "explain": "Leaflet and leaflet.markercluster touch `window` as soon as the module "
                         "is evaluated, and PollenMap.svelte imports them at the top, so the "
                         "server evaluates them during SSR and crashes. The map only exists in "
                         "the browser anyway: load it with a dynamic `await import('leaflet')` "
                         "(and the cluster plugin after it) inside onMount, which never runs on "
                         "the server.",
              "fix": [edit("src/lib/components/PollenMap.svelte",
                           "  import L from 'leaflet';\n  import 'leaflet.markercluster';\n", ""),
                      edit("src/lib/components/PollenMap.svelte",
                           "  onMount(() => {\n",
                           "  onMount(async () => {\n    const L = (await import('leaflet'))."
                           "default;\n    await import('leaflet.markercluster');\n")],
              "aside": "making the town search box usable with the keyboard",
              "subject": "load leaflet in the browser only, it breaks SSR",
              "done": "Pages render on the server again (200), and the map with its clusters "
                      "appears once the page hydrates."}),
        Fact("fals-prerender", "falsified", ["prerender"],
             ["could the per-species pages be generated as static html at build time?",
              "why do the species pages hit the server on every request instead of being "
              "static files?"],
             "Prerendering the species pages (export const prerender = true) was tried: the "
             "crawler followed the daily archive links to 4,812 pages, the build ran 14 "
             "minutes and died on SQLITE_BUSY, and the daily forecast would go stale anyway; "
             "reverted, a Cache-Control header instead.",
             {"ask": "prerender the species pages, they barely change and it would take load "
                     "off the VM",
              "change": [write("src/routes/species/+layout.ts",
                               "export const prerender = true;\n"),
                         edit("svelte.config.js", "    adapter: adapter(),\n",
                              "    adapter: adapter(),\n    prerender: { entries: ['*'], "
                              "concurrency: 4 },\n")],
              "broke": bash("time bun run build",
                            "$ vite build\nvite v5.4.11 building SSR bundle for production...\n"
                            "✓ 412 modules transformed.\n...\n> Prerendering 4,812 pages\n...\n"
                            "Error: 500 /species/ambrosia-artemisiifolia/2023-07-14 (linked from "
                            "/species/ambrosia-artemisiifolia)\nSqliteError: SQLITE_BUSY: "
                            "database is locked\n\nreal\t14m07.332s", 1),
              "revert": bash("git checkout -- svelte.config.js && rm src/routes/species/"
                             "+layout.ts", ""),
              "conclusion": "Prerendering the species pages doesn't fit: the crawler follows "
                            "every species' daily archive links, so the build tries to "
                            "prerender 4,812 pages, runs for 14 minutes and then dies on "
                            "SQLITE_BUSY because four prerender workers and the import share "
                            "one database file. And the pages carry the daily forecast, so "
                            "they'd be stale the morning after every build anyway. They stay "
                            "server-rendered; a Cache-Control header gets most of the benefit.",
              "pain": "the species pages are a good chunk of the VM's load and they hardly "
                      "ever change",
              "idea": "prerendering the species pages at build time (export const prerender = "
                      "true), so they're served as static files",
              "tried": "Prerender the species pages",
              "when": "around the spring release"}),
        Fact("fals-bun-sqlite", "falsified", ["bun:sqlite"],
             ["would talking to the database without the ORM make the map api faster?",
              "has anyone benchmarked Bun's native sqlite driver against what we use now?"],
             "Replacing Drizzle with raw bun:sqlite queries on /api/map was tried: p50 38.2 -> "
             "37.5 ms (the time is GeoJSON building and JSON.stringify; query plus Drizzle is "
             "~5%), and the rows lost their types; reverted - cache the GeoJSON instead.",
             {"ask": "drop drizzle on the map endpoint and query the database with bun:sqlite "
                     "directly, the ORM layer must be costing us",
              "change": [write("src/lib/server/db-raw.ts",
                               "import { Database } from 'bun:sqlite';\n\nexport const raw = new "
                               "Database(process.env.DATABASE_PATH ?? 'local.db', { readonly: "
                               "true });\n\nconst countsStmt = raw.query(\n  'SELECT town_id, "
                               "level, grains FROM daily_counts WHERE species = ?1 AND day = "
                               "?2',\n);\nexport const countsFor = (species: string, day: string)"
                               " => countsStmt.all(species, day);\n"),
                         edit("src/routes/api/map/+server.ts",
                              "  const rows = await db.select().from(dailyCounts).where(and(eq("
                              "dailyCounts.species, species), eq(dailyCounts.day, day)));\n",
                              "  const rows = countsFor(species, day);\n")],
              "profile": bash("bun --cpu-prof scripts/bench-map.ts --n 500 && bun scripts/"
                              "cpuprofile-top.ts CPU.*.cpuprofile --top 5",
                              "wrote CPU.20241119.101412.48811.0.001.cpuprofile\n\nself time by "
                              "function (top 5):\n  38.1%  JSON.stringify\n  22.4%  "
                              "toGeoJSONFeature  src/lib/server/geo.ts\n  11.7%  (garbage "
                              "collector)\n   3.2%  Statement.all  bun:sqlite\n   1.4%  "
                              "countsFor  src/lib/server/db-raw.ts"),
              "broke": bash("bun scripts/bench-map.ts --n 500 --compare main && bun run check",
                            "GET /api/map?species=betula&day=2024-11-19  n=500\nmain    "
                            "(drizzle):  p50 38.2 ms  p95 51.0 ms\nbranch  (raw):      p50 37.5 "
                            "ms  p95 50.4 ms\n$ svelte-check\nsrc/routes/api/map/+server.ts:"
                            "21:32\nError: 'row' is of type 'unknown'. (ts)\n...\nsvelte-check "
                            "found 6 errors and 0 warnings in 1 file", 1),
              "revert": bash("git checkout -- src/routes/api/map/+server.ts && rm src/lib/"
                             "server/db-raw.ts", ""),
              "conclusion": "Querying through bun:sqlite instead of Drizzle isn't worth it: the "
                            "map endpoint spends its time building and stringifying GeoJSON - "
                            "about 60% between JSON.stringify and toGeoJSONFeature - while the "
                            "query plus Drizzle's row mapping is around 5%. p50 moved from 38.2 "
                            "to 37.5 ms, and we'd lose the typed rows (svelte-check found 6 "
                            "errors) and the schema the migrations come from. If the endpoint "
                            "needs speed, caching the GeoJSON per species and day is the "
                            "lever.",
              "pain": "/api/map is our slowest endpoint, almost 40 ms at p50",
              "idea": "bypassing Drizzle and running the query through Bun's built-in "
                      "bun:sqlite driver",
              "tried": "Query map counts with bun:sqlite directly",
              "when": "a couple of months ago"}),
    ]
    return Project(
        "pollenmap", "git@github.com:sneezeworks/pollenmap.git",
        {"README.md": "# pollenmap\n\nDaily pollen forecasts on a map, town by town.\n"},
        facts,
        noise(("src/lib/scales.ts",
               "import type { Species } from './types';\n\nconst BIRCH = [0, 11, 51, 201, 1001];"
               "\nconst GRASS = [0, 11, 31, 151, 501];\n\nexport function scaleFor(species: "
               "Species) {\n  const edges = species.family === 'poaceae' ? GRASS : BIRCH;\n  "
               "return { steps: edges.slice(0, -1).map((from, i) => ({ from, to: edges[i + 1] - "
               "1, colour: PALETTE[i] })) };\n}\n",
               "It turns a species into the colour steps the map uses: grasses get their own "
               "grain-count thresholds, everything else uses the birch ones, and each band "
               "between two thresholds gets a colour from the palette."),
              ("svelte-check", "bun run check",
               "$ svelte-check --tsconfig ./tsconfig.json\nLoading svelte-check in workspace: "
               "/home/dev/src/pollenmap\nGetting Svelte diagnostics...\n\nsvelte-check found 0 "
               "errors and 0 warnings"),
              ("lvl", "level", "src/lib/levels.ts",
               "  const lvl = LEVELS.findIndex((edge) => grains < edge);",
               "  const level = LEVELS.findIndex((edge) => grains < edge);"),
              ("c7e19a2 map: colour towns by level\n52ad0f8 towns: search by postcode prefix\n"
               "e0b3f41 deps: bump svelte to 5.2",
               " M src/routes/+layout.svelte\n?? src/lib/components/LevelBadge.svelte"),
              ("src/lib/format.ts",
               "export const grains = (n: number) =>\n  `${n.toLocaleString('en-GB')} "
               "grains/m³`;\n",
               "a formatter that prints a grain count with thousands separators and the unit"),
              ("# pollenmap\n\nDaily pollen forecasts on a map, twon by town.\n",
               "Daily pollen forecasts on a map, twon by town.",
               "Daily pollen forecasts on a map, town by town."),
              ("src/lib/levels.ts", "levelFor",
               "export function levelFor(grains: number): Level {",
               "// Grain count (per m³) -> the level shown on the map and in alerts.\n"
               "export function levelFor(grains: number): Level {")),
        "slack")


def emberfall() -> Project:
    """A Unity 2022.3 LTS roguelike in C#: URP, Addressables, the Unity Test Framework,
    ScriptableObject event channels, builds through an editor build method on a self-hosted
    Windows runner, Steamworks.NET."""
    scripts = "Assets/Scripts"
    facts = [
        Fact("conv-serializefield", "convention", ["[SerializeField]"],
             ["I want designers to tweak the knockback strength from the editor - how do I "
              "declare that variable?",
              "is making a field public the way to expose it in the inspector here?"],
             "Inspector-tunable values are [SerializeField] private fields in camelCase; never "
             "public fields just so they show in the inspector.",
             {"rule": "inspector-tunable values are [SerializeField] private fields in "
                      "camelCase - never public fields just so they show up in the inspector",
              "task": "add a dash to the player: a short burst of speed on shift, with a "
                      "cooldown",
              "follow": [edit(f"{scripts}/Player/PlayerMovement.cs",
                              "    private Rigidbody2D body;\n",
                              "    [SerializeField] private float dashSpeed = 18f;\n    "
                              "[SerializeField] private float dashDuration = 0.12f;\n    "
                              "[SerializeField] private float dashCooldown = 0.8f;\n\n    "
                              "private Rigidbody2D body;\n    private float nextDashTime;\n"),
                         edit(f"{scripts}/Player/PlayerMovement.cs",
                              "    private void Update()\n    {\n",
                              "    private void Update()\n    {\n        if (dashAction."
                              "WasPressedThisFrame() && Time.time >= nextDashTime)\n            "
                              "StartCoroutine(Dash());\n")],
              "contrary": edit(f"{scripts}/Player/PlayerMovement.cs",
                               "    private Rigidbody2D body;\n",
                               "    public float dashSpeed = 18f;\n    public float dashDuration "
                               "= 0.12f;\n    public float dashCooldown = 0.8f;\n\n    private "
                               "Rigidbody2D body;\n    private float nextDashTime;\n"),
              "done": "Shift dashes now: 0.12 s at 18 units/s, then a 0.8 s cooldown - all "
                      "three tunable on the Player prefab."}),
        Fact("conv-eventchannel", "convention", ["EventChannelSO"],
             ["how should the score display find out that an enemy died?",
              "can I add a static Action to the player class so the UI can subscribe to it?"],
             "Systems talk through ScriptableObject event channels (EventChannelSO<T> assets "
             "wired up in the inspector); no static C# events and no singletons reaching into "
             "other systems.",
             {"rule": "systems talk to each other through ScriptableObject event channels - an "
                      "EventChannelSO asset wired up in the inspector. no static C# events, no "
                      "singletons reaching into other systems",
              "task": "the health bar should update when the player takes damage",
              "follow": [write(f"{scripts}/Events/IntEventChannel.cs",
                               "using UnityEngine;\n\n[CreateAssetMenu(menuName = \"Events/Int "
                               "Event Channel\")]\npublic class IntEventChannel : "
                               "EventChannelSO<int> { }\n"),
                         edit(f"{scripts}/Player/PlayerHealth.cs",
                              "        current -= amount;\n",
                              "        current -= amount;\n        healthChanged.Raise(current);"
                              "\n"),
                         edit(f"{scripts}/UI/HealthBar.cs",
                              "    private void OnEnable()\n    {\n",
                              "    private void OnEnable()\n    {\n        healthChanged."
                              "OnRaised += SetValue;\n")],
              "contrary": edit(f"{scripts}/Player/PlayerHealth.cs",
                               "    private int current;\n\n    public void TakeDamage(int "
                               "amount)\n    {\n        current -= amount;\n",
                               "    public static event System.Action<int> HealthChanged;\n\n"
                               "    private int current;\n\n    public void TakeDamage(int "
                               "amount)\n    {\n        current -= amount;\n        "
                               "HealthChanged?.Invoke(current);\n"),
              "done": "PlayerHealth raises a PlayerHealthChanged channel asset (Assets/Data/"
                      "Events) and the HUD's health bar listens to it; neither knows about the "
                      "other."}),
        Fact("cmd-editmode", "command", ["-testPlatform EditMode"],
             ["how do I run the unity test suite headless? my batchmode run exits without "
              "writing any results",
              "what flags does the editor need to execute the edit-mode tests from a shell?"],
             "Run the edit mode tests headless with `unity-editor -batchmode -nographics "
             "-projectPath . -runTests -testPlatform EditMode -testResults "
             "artifacts/editmode.xml`; no -quit (with it Unity exits before the tests run).",
             {"goal": "run the edit mode tests from the terminal - the loot table change needs "
                      "checking and I don't want to open the editor",
              "fail": bash("unity-editor -batchmode -quit -nographics -projectPath . -runTests "
                           "-testResults artifacts/results.xml -logFile - | tail -2 && cat "
                           "artifacts/results.xml",
                           "[Licensing::Client] Successfully resolved entitlement details\n"
                           "Exiting batchmode successfully now!\ncat: artifacts/results.xml: No "
                           "such file or directory", 1),
              "note": "With -quit, Unity leaves batch mode as soon as the project has loaded, "
                      "before the test runner starts, so there's never a results file. "
                      "-runTests quits on its own when the run is over; drop -quit and name the "
                      "platform with -testPlatform EditMode.",
              "ok": bash("unity-editor -batchmode -nographics -projectPath . -runTests "
                         "-testPlatform EditMode -testResults artifacts/editmode.xml -logFile - "
                         "| tail -3",
                         "Saving results to: /home/dev/src/emberfall/artifacts/editmode.xml\n"
                         "Test run completed. Exiting with code 0 (Ok). Run completed.\nTests: "
                         "64 passed, 0 failed, 0 skipped (4.8 s)"),
              "ci": ("ci/run-tests.sh",
                     "#!/usr/bin/env bash\n# Called by .github/workflows/ci.yml (GameCI image)."
                     "\nset -euo pipefail\n# no -quit: -runTests exits by itself once the run "
                     "is done\nunity-editor -batchmode -nographics -projectPath . -runTests "
                     "-testPlatform EditMode -testResults artifacts/editmode.xml -logFile -\n"
                     "unity-editor -batchmode -nographics -projectPath . -runTests "
                     "-testPlatform PlayMode -testResults artifacts/playmode.xml -logFile -\n"),
              "target": "test",
              "done": "All 64 edit mode tests pass, the LootTable ones included; results are in "
                      "artifacts/editmode.xml."}),
        Fact("cmd-buildmethod", "command", ["WindowsRelease"],
             ["how do I produce the playtest build for Windows from a terminal?",
              "a plain batchmode player build fails with SteamAPI not found - what's the right "
              "build entry point?"],
             "Windows release builds go through `unity-editor -batchmode -quit -projectPath . "
             "-executeMethod Emberfall.EditorTools.Builds.WindowsRelease` (sets the "
             "STEAMWORKS_NET define and the release Addressables profile); a plain "
             "-buildWindows64Player fails on SteamAPI.",
             {"goal": "make a windows build from the command line, I want to send it to the "
                      "playtesters",
              "fail": bash("unity-editor -batchmode -quit -nographics -projectPath . "
                           "-buildTarget Win64 -buildWindows64Player Builds/Win64/Emberfall.exe "
                           "-logFile - | tail -3",
                           "Assets/Scripts/Platform/SteamBootstrap.cs(14,17): error CS0246: The "
                           "type or namespace name 'SteamAPI' could not be found (are you "
                           "missing a using directive or an assembly reference?)\nBuild "
                           "Finished, Result: Failure.\nExiting without the bug reporter.", 1),
              "fail2": bash("unity-editor -batchmode -quit -nographics -projectPath . "
                            "-executeMethod BuildScript.Build -logFile - | tail -2",
                            "executeMethod class 'BuildScript' could not be found.\nArgument "
                            "was -executeMethod BuildScript.Build", 1),
              "note": "Release builds go through a build method in the editor code: "
                      "Emberfall.EditorTools.Builds.WindowsRelease sets the STEAMWORKS_NET "
                      "define (the Steamworks assembly only compiles with it), picks the "
                      "release Addressables profile and writes to Builds/Win64. A plain "
                      "-buildWindows64Player skips all of that.",
              "ok": bash("unity-editor -batchmode -quit -nographics -projectPath . "
                         "-executeMethod Emberfall.EditorTools.Builds.WindowsRelease -logFile - "
                         "| tail -3",
                         "[Builds] WindowsRelease: defines STEAMWORKS_NET, profile release\n"
                         "Build Finished, Result: Success.\n[Builds] Builds/Win64/Emberfall.exe "
                         "(412.6 MB) in 6m41s"),
              "ci": (".github/workflows/build.yml",
                     "name: build\non:\n  push:\n    branches: [main]\njobs:\n  windows:\n    "
                     "runs-on: [self-hosted, windows, unity]\n    steps:\n      - uses: "
                     "actions/checkout@v4\n        with:\n          lfs: true\n      - run: "
                     "unity-editor -batchmode -quit -nographics -projectPath . -executeMethod "
                     "Emberfall.EditorTools.Builds.WindowsRelease -logFile -\n      - uses: "
                     "actions/upload-artifact@v4\n        with:\n          name: "
                     "emberfall-win64\n          path: Builds/Win64\n"),
              "target": "build-win",
              "done": "Builds/Win64/Emberfall.exe is built (412.6 MB); zip that folder for the "
                      "playtesters."}),
        Fact("env-editor", "environment", ["2022.3.42f1"],
             ["which editor release should I install to open this game without upgrading it?",
              "what unity version is the project pinned to?"],
             "The project is on Unity 2022.3.42f1 (ProjectSettings/ProjectVersion.txt), CI "
             "too; opening it in Unity 6 would upgrade it.",
             {"goal": "Unity Hub wants me to pick an editor version to open the project with - "
                      "which one is it on?",
              "probe": [bash("head -2 ProjectSettings/ProjectVersion.txt",
                             "m_EditorVersion: 2022.3.42f1\nm_EditorVersionWithRevision: "
                             "2022.3.42f1 (9f0c8c3d8e11)"),
                        bash("ls ~/Unity/Hub/Editor/", "2022.3.21f1\n6000.0.23f1")],
              "confirm": "the project is on Unity 2022.3.42f1 (ProjectSettings/"
                         "ProjectVersion.txt), and CI builds with the same. You have 2022.3.21f1 "
                         "and Unity 6 installed, and neither matches - opening it in Unity 6 "
                         "would upgrade the project. Install 2022.3.42f1 from the Hub's archive, "
                         "with the Windows Build Support module.",
              "said": "we're on 2022.3.42f1, not unity 6",
              "short": "Unity 2022.3.42f1 (ProjectSettings/ProjectVersion.txt) - install "
                       "exactly that one, not Unity 6"}),
        Fact("env-runner", "environment", ["forge-win01"],
             ["the build workflow sits in the queue forever - which box is supposed to pick it "
              "up?",
              "where do our CI player builds actually execute?"],
             "Windows CI builds run only on the self-hosted runner forge-win01 (the office "
             "machine that holds the Unity license; labels self-hosted, windows, unity); when it "
             "is offline, jobs just queue.",
             {"goal": "the windows build job has been queued for an hour - which machine runs "
                      "it?",
              "probe": [bash("gh api repos/embercraft/emberfall/actions/runners --jq "
                             "'.runners[] | [.name, .status, (.labels | map(.name) | join(\",\"))"
                             "] | @tsv'",
                             "forge-win01\toffline\tself-hosted,Windows,X64,unity"),
                        bash("gh run list --workflow build.yml --limit 2",
                             "STATUS  TITLE                    WORKFLOW  BRANCH  EVENT  ID          "
                             "ELAPSED  AGE\n*       playtest build 0.7.2     build     main    "
                             "push   1189273541  1h2m     1h\n✓       lighting pass on act 2   "
                             "build     main    push   1188990412  7m41s    1d")],
              "confirm": "Windows builds only run on one self-hosted runner, forge-win01 - the "
                         "office machine that holds the Unity license seat - and it's offline, "
                         "so the job waits for it. GitHub's hosted runners can't take it because "
                         "of the `unity` label. Someone has to wake forge-win01 up or restart "
                         "its runner service.",
              "said": "windows builds only ever run on forge-win01 in the office",
              "short": "Windows builds run only on the self-hosted runner forge-win01 (the "
                       "office machine with the Unity license); if it's offline the job just "
                       "queues"}),
        Fact("gotcha-addressables", "gotcha", ["BuildPlayerContent"],
             ["prefabs load fine in play mode but the standalone build throws an invalid key "
              "error for them",
              "why would recently added content be missing from a player build?"],
             "Player builds pack the last-built Addressables content; call "
             "AddressableAssetSettings.BuildPlayerContent() before every player build, or new "
             "addressables are missing (InvalidKeyException) even though the editor works.",
             {"symptom": "in the playtest build the act 3 enemies never spawn - the log says "
                         "InvalidKeyException for Enemies/Wraith - but in the editor they're "
                         "all there",
              "probe": [bash("grep -m1 -A2 InvalidKeyException playtest-logs/Player.log",
                             "UnityEngine.AddressableAssets.InvalidKeyException: Exception of "
                             "type 'UnityEngine.AddressableAssets.InvalidKeyException' was "
                             "thrown., Key=Enemies/Wraith, Type=UnityEngine.GameObject\n  at "
                             "EnemySpawner.SpawnWave (Wave wave) [0x0004a] in <8e2c0f1a>:0"),
                        bash("ls -l --time-style=+%F Library/com.unity.addressables/aa/Windows/"
                             "catalog.json && git log --oneline -1 -- Assets/AddressableAssetsData"
                             "/AssetGroups/Enemies.asset",
                             "-rw-r--r-- 1 dev dev 812331 2024-10-28 Library/com.unity."
                             "addressables/aa/Windows/catalog.json\nc41e9a2 act 3: wraith and "
                             "banshee prefabs as addressables")],
              "explain": "The player build packs whatever Addressables content was built last, "
                         "and the content hasn't been rebuilt since 28 October - before the act "
                         "3 enemies became addressables - so the build's catalog has no "
                         "Enemies/Wraith key. In the editor the play mode script reads straight "
                         "from the AssetDatabase, which is why it works there. The content has "
                         "to be rebuilt before every player build: "
                         "AddressableAssetSettings.BuildPlayerContent() at the start of the "
                         "build method.",
              "fix": [edit("Assets/Editor/Builds.cs",
                           "        var options = new BuildPlayerOptions\n",
                           "        AddressableAssetSettings.BuildPlayerContent(out var content);"
                           "\n        if (!string.IsNullOrEmpty(content.Error))\n            "
                           "throw new BuildFailedException(content.Error);\n\n        var options "
                           "= new BuildPlayerOptions\n")],
              "aside": "tuning the spawn rates for act 3",
              "subject": "rebuild addressables content before every player build",
              "done": "The build method rebuilds the Addressables content first; a fresh "
                      "playtest build spawns the wraiths."}),
        Fact("gotcha-domain-reload", "gotcha", ["SubsystemRegistration"],
             ["static values keep their numbers from the previous run when I hit play again in "
              "the editor",
              "enemies double up on the second play session unless I restart unity"],
             "Domain reload is disabled (Enter Play Mode Options), so statics survive between "
             "play sessions; reset them in a "
             "[RuntimeInitializeOnLoadMethod(RuntimeInitializeLoadType.SubsystemRegistration)] "
             "method.",
             {"symptom": "the second time I press play in the editor the score starts where the "
                         "last session ended and every enemy spawns twice",
              "probe": [bash("grep -n 'EnterPlayMode' ProjectSettings/EditorSettings.asset",
                             "31:  m_EnterPlayModeOptionsEnabled: 1\n32:  "
                             "m_EnterPlayModeOptions: 3"),
                        read(f"{scripts}/Core/ScoreKeeper.cs",
                             "using System;\n\npublic static class ScoreKeeper\n{\n    public "
                             "static int Score;\n    public static event Action<int> Changed;\n"
                             "\n    public static void Add(int points)\n    {\n        Score += "
                             "points;\n        Changed?.Invoke(Score);\n    }\n}\n")],
              "explain": "Enter Play Mode Options are on with domain reload disabled "
                         "(m_EnterPlayModeOptions: 3) - that's what makes pressing play instant - "
                         "but static fields are no longer reset between play sessions. "
                         "ScoreKeeper.Score keeps the last value and the static Changed event "
                         "keeps the old subscribers, so the spawner is subscribed twice. Statics "
                         "need an explicit reset in a [RuntimeInitializeOnLoadMethod("
                         "RuntimeInitializeLoadType.SubsystemRegistration)] method, which runs "
                         "at the start of every play session.",
              "fix": [edit(f"{scripts}/Core/ScoreKeeper.cs",
                           "    public static event Action<int> Changed;\n",
                           "    public static event Action<int> Changed;\n\n    "
                           "[UnityEngine.RuntimeInitializeOnLoadMethod(UnityEngine."
                           "RuntimeInitializeLoadType.SubsystemRegistration)]\n    private "
                           "static void ResetStatics()\n    {\n        Score = 0;\n        "
                           "Changed = null;\n    }\n")],
              "aside": "adding a combo multiplier to the score",
              "subject": "reset ScoreKeeper statics on play, domain reload is off",
              "done": "ScoreKeeper resets on every play: pressing play twice starts at 0 with "
                      "one spawn per wave."}),
        Fact("fals-il2cpp", "falsified", ["IL2CPP"],
             ["would compiling the game's C# ahead of time to native code make the swarms run "
              "faster?",
              "have we measured a different scripting backend for the PC build?"],
             "IL2CPP for the Windows build was tried: main-thread CPU 7.9 -> 6.8 ms but frames "
             "are GPU-bound at 16.7 ms either way, builds went from 6m41s to 21m, and Harmony "
             "mods break (0 of 3 load); staying on Mono.",
             {"ask": "switch the windows build to IL2CPP, it should give us free performance in "
                     "the late-game swarms",
              "change": [edit("ProjectSettings/ProjectSettings.asset",
                              "  scriptingBackend:\n    Standalone: 0\n",
                              "  scriptingBackend:\n    Standalone: 1\n")],
              "profile": bash("python3 tools/profile_summary.py captures/swarm-mono.data "
                              "captures/swarm-il2cpp.data",
                              "scene: Act3_Swarm (600 enemies), 1920x1080, 60 s\n"
                              "                  mono       il2cpp\nCPU main   p50    7.9 ms     "
                              "6.8 ms\nCPU main   p95   10.4 ms     9.1 ms\nGPU        p50   15.2 "
                              "ms    15.3 ms\nframe      p50   16.7 ms    16.7 ms   (vsync, "
                              "GPU-bound)"),
              "broke": bash("tools/compare-builds.sh mono il2cpp",
                            "                 mono        il2cpp\nbuild time       6m41s       "
                            "21m08s\nbuild size       412 MB      389 MB\nmod smoke test   3/3 "
                            "ok      0/3 - System.NotSupportedException: Harmony patching is not "
                            "supported on this runtime", 1),
              "revert": bash("git checkout -- ProjectSettings/ProjectSettings.asset", ""),
              "conclusion": "IL2CPP isn't worth it for the Windows build: in the act 3 swarm it "
                            "cuts main-thread CPU from 7.9 to 6.8 ms, but the frame is GPU-bound "
                            "at 16.7 ms either way, so players see no difference. Meanwhile "
                            "builds take 21 minutes instead of under 7, and mods stop working - "
                            "Harmony can't patch IL2CPP code, so 0 of 3 mods loaded. Staying on "
                            "Mono.",
              "pain": "the late-game swarm in act 3 still feels heavy on older PCs",
              "idea": "switching the Windows player's scripting backend from Mono to IL2CPP, "
                      "for faster C#",
              "tried": "Windows player: IL2CPP scripting backend",
              "when": "before the 0.5 playtest"}),
        Fact("fals-taskdelay", "falsified", ["Task.Delay"],
             ["could the enemy behaviour loops use async methods rather than IEnumerator "
              "coroutines?",
              "why do the AI scripts still use yield return WaitForSeconds everywhere?"],
             "Rewriting the enemy AI timers with async/await and Task.Delay was tried: it "
             "ignores Time.timeScale (enemies act while paused) and keeps running after the "
             "object is destroyed (MissingReferenceException); kept coroutines (UniTask would be "
             "the thing to evaluate).",
             {"ask": "rewrite the enemy AI timers with async/await and Task.Delay instead of "
                     "coroutines, the IEnumerator plumbing is hard to read",
              "change": [edit(f"{scripts}/Enemies/WraithBrain.cs",
                              "    private IEnumerator Haunt()\n    {\n        while (true)\n"
                              "        {\n            yield return new WaitForSeconds("
                              "hauntInterval);\n            Blink();\n        }\n    }\n",
                              "    private async void Haunt()\n    {\n        while (true)\n"
                              "        {\n            await Task.Delay(TimeSpan.FromSeconds("
                              "hauntInterval));\n            Blink();\n        }\n    }\n")],
              "broke": bash("unity-editor -batchmode -nographics -projectPath . -runTests "
                            "-testPlatform PlayMode -testResults artifacts/playmode.xml -logFile "
                            "- | grep -E 'Failed|Exception|^Tests' | head -4",
                            "MissingReferenceException: The object of type 'WraithBrain' has "
                            "been destroyed but you are still trying to access it.\n  at "
                            "WraithBrain.Blink () [0x00001] in Assets/Scripts/Enemies/"
                            "WraithBrain.cs:41\nWraithTests.PausedGameFreezesWraiths: Failed "
                            "(expected position unchanged while Time.timeScale = 0)\nTests: 27 "
                            "passed, 2 failed", 1),
              "revert": bash(f"git checkout -- {scripts}/Enemies/WraithBrain.cs", ""),
              "conclusion": "async/await with Task.Delay doesn't fit the enemy AI: Task.Delay "
                            "runs on wall-clock time, so wraiths keep blinking while the game is "
                            "paused (Time.timeScale = 0), and the awaits don't stop when the "
                            "GameObject is destroyed or play mode ends - hence the "
                            "MissingReferenceException. Coroutines get both for free by "
                            "belonging to the MonoBehaviour, so they stay; if readability is "
                            "the issue, UniTask's player-loop-aware delays are the thing to "
                            "evaluate.",
              "pain": "the coroutine-based enemy AI is painful to read with all the "
                      "IEnumerator plumbing",
              "idea": "rewriting the enemy timers as async methods awaiting Task.Delay instead "
                      "of coroutines",
              "tried": "Enemy AI timers: async/await instead of coroutines",
              "when": "last summer"}),
    ]
    return Project(
        "emberfall", "git@github.com:embercraft/emberfall.git",
        {"README.md": "# emberfall\n\nA roguelike about a lantern keeper in a haunted forest.\n"},
        facts,
        noise((f"{scripts}/Loot/LootTable.cs",
               "using System.Collections.Generic;\nusing UnityEngine;\n\n[CreateAssetMenu("
               "menuName = \"Loot/Table\")]\npublic class LootTable : ScriptableObject\n{\n    "
               "[System.Serializable]\n    public struct Entry { public ItemDef item; public int "
               "weight; }\n\n    public List<Entry> entries = new();\n\n    public ItemDef "
               "Roll(System.Random rng)\n    {\n        int total = 0;\n        foreach (var e in "
               "entries) total += e.weight;\n        int pick = rng.Next(total);\n        foreach "
               "(var e in entries)\n        {\n            if ((pick -= e.weight) < 0) return "
               "e.item;\n        }\n        return null;\n    }\n}\n",
               "A loot table asset: a list of items with weights, and Roll picks one at random "
               "in proportion to its weight. Chests and elite enemies each point at one of "
               "these assets."),
              ("a compile check of the scripts", "dotnet build Emberfall.sln -v q",
               "  Determining projects to restore...\n  All projects are up-to-date for restore."
               "\n\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)"),
              ("tmp", "spawnPoint", f"{scripts}/Enemies/EnemySpawner.cs",
               "        var tmp = spawnPoints[Random.Range(0, spawnPoints.Length)];",
               "        var spawnPoint = spawnPoints[Random.Range(0, spawnPoints.Length)];"),
              ("8d41c07 act 2: fog density pass\n3ae9b15 ui: controller glyphs on the pause "
               "screen\nf27c0d3 lantern: fuel drains faster in water",
               " M Assets/Scenes/Act2.unity\n?? Assets/Art/Props/Lanterns/lantern_cracked.png"),
              (f"{scripts}/Util/Chance.cs",
               "public static class Chance\n{\n    public static bool Roll(float probability) =>"
               "\n        UnityEngine.Random.value < probability;\n}\n",
               "a tiny helper that returns true with a given probability"),
              ("# emberfall\n\nA roguelike about a lantern keeper in a hunated forest.\n",
               "A roguelike about a lantern keeper in a hunated forest.",
               "A roguelike about a lantern keeper in a haunted forest."),
              (f"{scripts}/Loot/LootTable.cs", "Roll",
               "    public ItemDef Roll(System.Random rng)",
               "    // Picks one entry at random, weighted by Entry.weight.\n    public ItemDef "
               "Roll(System.Random rng)")),
        "github")


def hivescale() -> Project:
    """Zephyr RTOS firmware in C for a LoRaWAN beehive scale on an nRF52840: a custom board
    definition, HX711 load cell, BLE config service, MCUboot, west, Twister, a J-Link."""
    app = "app/src"
    facts = [
        Fact("conv-memslab", "convention", ["K_MEM_SLAB_DEFINE"],
             ["the new event log needs storage for its entries - where should that memory "
              "come from?",
              "is it ok to malloc the buffers for the uplink payloads?"],
             "No heap in the firmware (no k_malloc, no malloc); fixed-size pools come from "
             "K_MEM_SLAB_DEFINE or plain static buffers.",
             {"rule": "no heap in the firmware - no k_malloc, no malloc. fixed-size pools come "
                      "from K_MEM_SLAB_DEFINE or plain static buffers",
              "task": "queue weight samples while the LoRa radio is busy so we stop dropping "
                      "readings during an uplink",
              "follow": [edit(f"{app}/samples.c", "#include \"samples.h\"\n",
                              "#include \"samples.h\"\n\n#define SAMPLE_QUEUE_LEN 32\n\n"
                              "K_MEM_SLAB_DEFINE_STATIC(sample_slab, sizeof(struct "
                              "weight_sample), SAMPLE_QUEUE_LEN, 4);\nK_FIFO_DEFINE("
                              "pending_samples);\n"),
                         edit(f"{app}/samples.c",
                              "int samples_enqueue(const struct weight_sample *s)\n{\n",
                              "int samples_enqueue(const struct weight_sample *s)\n{\n\tstruct "
                              "weight_sample *slot;\n\n\tif (k_mem_slab_alloc(&sample_slab, "
                              "(void **)&slot, K_NO_WAIT) != 0) {\n\t\tLOG_WRN(\"sample queue "
                              "full, dropping reading\");\n\t\treturn -ENOMEM;\n\t}\n\t*slot = "
                              "*s;\n\tk_fifo_put(&pending_samples, slot);\n")],
              "contrary": edit(f"{app}/samples.c",
                               "int samples_enqueue(const struct weight_sample *s)\n{\n",
                               "int samples_enqueue(const struct weight_sample *s)\n{\n\tstruct "
                               "weight_sample *slot = k_malloc(sizeof(*slot));\n\n\tif (!slot) "
                               "{\n\t\treturn -ENOMEM;\n\t}\n\t*slot = *s;\n\tk_fifo_put("
                               "&pending_samples, slot);\n"),
              "done": "Samples taken during an uplink go into a 32-slot pool and a FIFO, and the "
                      "uplink thread drains it afterwards; nothing is allocated at runtime."}),
        Fact("conv-devicetree", "convention", ["DEVICE_DT_GET"],
             ["the new humidity sensor sits at 0x76 on the i2c bus - how should the driver "
              "code get a handle to it?",
              "can I just #define the pin number for the buzzer in main.c?"],
             "Peripherals come from devicetree: DEVICE_DT_GET(DT_NODELABEL(...)) or "
             "GPIO_DT_SPEC_GET; no hardcoded bus addresses or pin numbers in C.",
             {"rule": "peripherals come from devicetree - DEVICE_DT_GET(DT_NODELABEL(...)) or "
                      "GPIO_DT_SPEC_GET - never a hardcoded bus address or pin number in C",
              "task": "add support for the lid switch so we can log when the hive is opened",
              "follow": [edit("boards/arm/hivescale_v2/hivescale_v2.dts", "\tbuttons {\n",
                              "\tlid_switch {\n\t\tcompatible = \"gpio-keys\";\n\t\tlid: lid {\n"
                              "\t\t\tgpios = <&gpio0 28 (GPIO_PULL_UP | GPIO_ACTIVE_LOW)>;\n\t\t"
                              "};\n\t};\n\n\tbuttons {\n"),
                         write(f"{app}/lid.c",
                               "#include <zephyr/drivers/gpio.h>\n#include <zephyr/logging/"
                               "log.h>\n\nLOG_MODULE_REGISTER(lid);\n\nstatic const struct "
                               "gpio_dt_spec lid = GPIO_DT_SPEC_GET(DT_NODELABEL(lid), gpios);\n"
                               "static struct gpio_callback lid_cb;\n\nstatic void lid_changed("
                               "const struct device *dev, struct gpio_callback *cb, uint32_t "
                               "pins)\n{\n\tif (gpio_pin_get_dt(&lid)) {\n\t\tLOG_INF(\"lid "
                               "opened\");\n\t}\n}\n")],
              "contrary": write(f"{app}/lid.c",
                                "#include <zephyr/drivers/gpio.h>\n#include <zephyr/logging/"
                                "log.h>\n\nLOG_MODULE_REGISTER(lid);\n\n#define LID_PIN 28\n\n"
                                "static const struct device *gpio0;\n\nint lid_init(void)\n{\n"
                                "\tgpio0 = device_get_binding(\"GPIO_0\");\n\treturn "
                                "gpio_pin_configure(gpio0, LID_PIN, GPIO_INPUT | GPIO_PULL_UP);"
                                "\n}\n"),
              "done": "The lid switch is a gpio-keys node in the board's devicetree; app/src/"
                      "lid.c takes it with GPIO_DT_SPEC_GET and logs every opening."}),
        Fact("cmd-boardroot", "command", ["-DBOARD_ROOT"],
             ["west says there's no board named after our hardware - how do I build for it?",
              "what's the build invocation for the production pcb?"],
             "Build with `west build -p -b hivescale_v2 app -- -DBOARD_ROOT=$PWD`; the custom "
             "board lives in the repo's boards/ directory, which Zephyr doesn't search by "
             "default.",
             {"goal": "build the firmware for the v2 board, I changed the tare logic",
              "fail": bash("west build -b nrf52840dk_nrf52840 app",
                           "-- west build: generating a build system\nLoading Zephyr default "
                           "modules (Zephyr base).\n-- Board: nrf52840dk_nrf52840\n-- Found "
                           "BOARD.dts: /home/dev/ncs/zephyr/boards/arm/nrf52840dk_nrf52840/"
                           "nrf52840dk_nrf52840.dts\n-- Found devicetree overlay: /home/dev/src/"
                           "hivescale/app/app.overlay\nError: app.overlay:12 (column 1): parse "
                           "error: undefined node label 'hx711'\n-- Configuring incomplete, "
                           "errors occurred!\nFATAL ERROR: command exited with status 1", 1),
              "fail2": bash("west build -p -b hivescale_v2 app",
                            "-- west build: generating a build system\nLoading Zephyr default "
                            "modules (Zephyr base).\nCMake Error at /home/dev/ncs/zephyr/cmake/"
                            "modules/boards.cmake:143 (message):\n  No board named "
                            "'hivescale_v2' found.\n\n  Please choose one of the following "
                            "boards:\n...\nFATAL ERROR: command exited with status 1", 1),
              "note": "hivescale_v2 is our own board definition and lives in this repo under "
                      "boards/, where Zephyr doesn't look by default - and the dev kit lacks the "
                      "hx711 node the overlay refers to. The repo has to be handed to CMake "
                      "as the board root: -DBOARD_ROOT=$PWD.",
              "ok": bash("west build -p -b hivescale_v2 app -- -DBOARD_ROOT=$PWD",
                         "-- west build: generating a build system\n-- Board: hivescale_v2\n-- "
                         "Found BOARD.dts: /home/dev/src/hivescale/boards/arm/hivescale_v2/"
                         "hivescale_v2.dts\n...\n[214/214] Linking C executable zephyr/"
                         "zephyr.elf\nMemory region         Used Size  Region Size  %age Used\n"
                         "           FLASH:      465212 B       464 KB     97.91%\n             "
                         "RAM:       98312 B       256 KB     37.50%\n        IdtEntry:          "
                         "0 GB         2 KB      0.00%"),
              "ci": (".github/workflows/firmware.yml",
                     "name: firmware\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-22.04\n"
                     "    container: ghcr.io/zephyrproject-rtos/ci:v0.26.13\n    steps:\n      - "
                     "uses: actions/checkout@v4\n        with:\n          path: hivescale\n"
                     "      - run: west init -l hivescale && west update --narrow\n      - run: "
                     "west build -p -b hivescale_v2 hivescale/app -- -DBOARD_ROOT=$GITHUB_"
                     "WORKSPACE/hivescale\n      - uses: actions/upload-artifact@v4\n        "
                     "with:\n          name: firmware\n          path: build/zephyr/"
                     "zephyr.signed.hex\n"),
              "target": "build",
              "done": "The v2 firmware builds, with 97.9% of flash and 37.5% of RAM used."}),
        Fact("cmd-jlink", "command", ["--runner jlink"],
             ["programming the board fails because some nordic tool is missing - how do I get "
              "the firmware onto it?",
              "which west runner do we flash with?"],
             "Flash with `west flash --runner jlink` (a J-Link on the debug header); the default "
             "nrfjprog runner isn't installed.",
             {"goal": "flash the build onto the scale on my desk",
              "fail": bash("west flash",
                           "-- west flash: rebuilding\nninja: no work to do.\n-- west flash: "
                           "using runner nrfjprog\nFATAL ERROR: required program nrfjprog not "
                           "found; install it or add its location to PATH", 1),
              "note": "nrfjprog is Nordic's old command-line tool, and it isn't installed here "
                      "(Nordic has retired it). The board's debug header takes a J-Link, and "
                      "Zephyr's jlink runner drives it through SEGGER's own JLinkExe, which is "
                      "installed - so name the runner: --runner jlink.",
              "ok": bash("west flash --runner jlink",
                         "-- west flash: rebuilding\nninja: no work to do.\n-- west flash: using "
                         "runner jlink\n-- runners.jlink: JLink version: 7.94e\n-- runners."
                         "jlink: Flashing file: build/zephyr/zephyr.hex\nDownloading file "
                         "[build/zephyr/zephyr.hex]...\nO.K.\nReset delay: 0 ms\nReset type "
                         "NORMAL: Resets core & peripherals via SYSRESETREQ & VECTRESET bit."),
              "ci": (".github/workflows/hil.yml",
                     "# hardware in the loop: the bench Pi with a J-Link and a v2 board\nname: "
                     "hil\non:\n  workflow_run:\n    workflows: [firmware]\n    types: "
                     "[completed]\njobs:\n  hil:\n    runs-on: [self-hosted, hil-bench]\n    "
                     "steps:\n      - uses: actions/download-artifact@v4\n        with:\n       "
                     "   name: firmware\n          path: build/zephyr\n      - run: west flash "
                     "--skip-rebuild --runner jlink\n      - run: pytest hil/ --port "
                     "/dev/ttyACM0\n"),
              "target": "flash",
              "done": "Flashed; the scale rebooted and the new build's banner is on its "
                      "console."}),
        Fact("env-region", "environment", ["EU868"],
             ["which lorawan band does the scale transmit in?",
              "what frequency plan should the network server's device profile use for our "
              "devices?"],
             "The firmware's LoRaWAN region is EU868 (CONFIG_LORAMAC_REGION_EU868=y in "
             "app/prj.conf); the gateway's ChirpStack has eu868 enabled.",
             {"goal": "my uplinks never show up in chirpstack - what region is the firmware "
                      "set to, and does the gateway agree?",
              "probe": [bash("grep -n LORA app/prj.conf",
                             "18:CONFIG_LORA=y\n19:CONFIG_LORAWAN=y\n20:"
                             "CONFIG_LORAMAC_REGION_EU868=y\n21:CONFIG_LORAWAN_NVM_SETTINGS=y"),
                        bash("ssh pi@apiary-gw 'grep -A2 enabled_regions /etc/chirpstack/"
                             "chirpstack.toml'",
                             "  enabled_regions=[\n    \"eu868\",\n  ]")],
              "confirm": "the firmware is built for EU868 (CONFIG_LORAMAC_REGION_EU868=y in "
                         "app/prj.conf), and the ChirpStack on the apiary gateway only has "
                         "eu868 enabled, so the region isn't the mismatch. If uplinks still "
                         "don't show, the join keys and the DevEUI registered in ChirpStack are "
                         "next.",
              "said": "the scales are EU868 devices",
              "short": "the firmware's LoRaWAN region is EU868 (CONFIG_LORAMAC_REGION_EU868 in "
                       "app/prj.conf), the same as the gateway's ChirpStack"}),
        Fact("env-console", "environment", ["ttyACM1"],
             ["which serial device do I open to watch the board's log output?",
              "my terminal program shows nothing from the scale - which port and baud should I "
              "use?"],
             "The board's UART console is /dev/ttyACM1 at 115200 baud (the J-Link's second "
             "serial interface; ttyACM0 is silent), as the Makefile's CONSOLE variable says.",
             {"goal": "minicom on /dev/ttyACM0 shows nothing at all - where does the board's "
                      "log output go?",
              "probe": [bash("grep -n -E '^(CONSOLE|BAUD)' Makefile",
                             "7:CONSOLE ?= /dev/ttyACM1\n8:BAUD ?= 115200"),
                        bash("ls -l /dev/serial/by-id/",
                             "lrwxrwxrwx 1 root root 13 Nov 19 09:02 usb-SEGGER_J-Link_"
                             "000683021477-if00 -> ../../ttyACM0\nlrwxrwxrwx 1 root root 13 Nov "
                             "19 09:02 usb-SEGGER_J-Link_000683021477-if02 -> ../../ttyACM1")],
              "confirm": "the J-Link shows up as two serial ports, and ttyACM0 is its first "
                         "interface, which stays silent. The board's UART console comes out on "
                         "the second one: /dev/ttyACM1 at 115200 baud, as the Makefile's "
                         "CONSOLE variable says. `minicom -D /dev/ttyACM1 -b 115200` shows the "
                         "log.",
              "said": "the console is the second acm port, ttyACM1",
              "short": "the board's console is /dev/ttyACM1 at 115200 baud (the J-Link's "
                       "second serial interface; ttyACM0 stays silent)"}),
        Fact("gotcha-irqlock", "gotcha", ["irq_lock"],
             ["the load cell readings spike at random whenever bluetooth is active",
              "why would radio activity corrupt the bit-banged ADC reads?"],
             "With BLE on, radio interrupts stretch the bit-banged HX711 clock past 60 µs, which "
             "powers the HX711 down and garbles the reading; run the 25-pulse read between "
             "irq_lock() and irq_unlock().",
             {"symptom": "the weight jumps by 2-3 kg every few minutes, but only on firmware "
                         "with the BLE config service enabled",
              "probe": [read(f"{app}/hx711.c",
                             "static int32_t hx711_read_raw(void)\n{\n\tint32_t value = 0;\n\n"
                             "\tfor (int i = 0; i < 24; i++) {\n\t\tgpio_pin_set_dt(&sck, 1);\n"
                             "\t\tk_busy_wait(1);\n\t\tvalue = (value << 1) | gpio_pin_get_dt("
                             "&dout);\n\t\tgpio_pin_set_dt(&sck, 0);\n\t\tk_busy_wait(1);\n\t}\n"
                             "\t/* 25th pulse: channel A, gain 128 */\n\tgpio_pin_set_dt(&sck, "
                             "1);\n\tk_busy_wait(1);\n\tgpio_pin_set_dt(&sck, 0);\n\n\treturn "
                             "(value << 8) >> 8;\n}\n"),
                        bash("python3 tools/logic_decode.py captures/sck-ble-on.sr --channel "
                             "SCK --max-high",
                             "longest SCK high pulse: 212 us (at 14.882 s)\npulses > 60 us: 9 "
                             "in 600 s\nHX711 datasheet: SCK high > 60 us enters power-down")],
              "explain": "The HX711 is bit-banged, and with Bluetooth on the radio's interrupts "
                         "can land in the middle of a clock pulse: the logic capture shows SCK "
                         "held high for up to 212 µs. Anything over 60 µs puts the HX711 into "
                         "power-down, so that conversion comes back as garbage - the 2-3 kg "
                         "jump. The 25 pulses have to run with interrupts off, irq_lock() "
                         "before the loop and irq_unlock() after it; that's about 60 µs in "
                         "total, short enough for the BLE stack.",
              "fix": [edit(f"{app}/hx711.c", "\tint32_t value = 0;\n\n\tfor",
                           "\tint32_t value = 0;\n\tunsigned int key = irq_lock();\n\n\tfor"),
                      edit(f"{app}/hx711.c", "\tgpio_pin_set_dt(&sck, 0);\n\n\treturn",
                           "\tgpio_pin_set_dt(&sck, 0);\n\tirq_unlock(key);\n\n\treturn")],
              "aside": "adding a tare command to the BLE config service",
              "subject": "read the HX711 with interrupts locked, BLE stretched its clock",
              "done": "Ten minutes with BLE on and a 20 kg test weight: the readings stay within "
                      "±15 g, no more jumps."}),
        Fact("gotcha-uart-sleep", "gotcha", ["PM_DEVICE_ACTION_SUSPEND"],
             ["the scale draws far more current asleep than the datasheet numbers - what keeps "
              "it awake?",
              "battery life in the field is weeks instead of months"],
             "An enabled console UART keeps the nRF52840's high-frequency clock on (~1.2 mA "
             "asleep); suspend it with pm_device_action_run(uart, PM_DEVICE_ACTION_SUSPEND) "
             "before sleeping and resume it after.",
             {"symptom": "batteries that should last the whole season are flat after three "
                         "weeks; the PPK2 shows about 1.2 mA while the scale is supposed to be "
                         "asleep",
              "probe": [bash("python3 tools/ppk_summary.py captures/sleep-v2.csv",
                             "window 300 s, sampled at 100 kHz\nsleep floor: 1.18 mA (expected "
                             "~8 uA)\nwake-ups: 5 (one per 60 s)"),
                        bash("grep -n -E 'SERIAL|CONSOLE|PM_DEVICE' app/prj.conf",
                             "9:CONFIG_SERIAL=y\n10:CONFIG_CONSOLE=y\n11:CONFIG_UART_CONSOLE=y\n"
                             "12:CONFIG_PM_DEVICE=y")],
              "explain": "The UART console stays enabled between measurements, and an enabled "
                         "UARTE on the nRF52840 keeps the high-frequency clock running - that's "
                         "the 1.2 mA floor. The sleep path has to suspend the console UART with "
                         "pm_device_action_run(uart, PM_DEVICE_ACTION_SUSPEND) before sleeping "
                         "and resume it after waking; CONFIG_PM_DEVICE is already on.",
              "fix": [edit(f"{app}/power.c",
                           "void power_sleep(k_timeout_t duration)\n{\n\tk_sleep(duration);\n}\n",
                           "void power_sleep(k_timeout_t duration)\n{\n\tpm_device_action_run("
                           "console_uart, PM_DEVICE_ACTION_SUSPEND);\n\tk_sleep(duration);\n\t"
                           "pm_device_action_run(console_uart, PM_DEVICE_ACTION_RESUME);\n}\n")],
              "aside": "shortening the measurement interval to 60 seconds for the "
                       "swarm-detection experiment",
              "subject": "suspend the console UART while asleep, it kept HFCLK running",
              "done": "The sleep floor is down to 7.9 µA on the PPK2; a season on the 2xAA pack "
                      "is back in reach."}),
        Fact("fals-confirmed", "falsified", ["confirmed uplinks"],
             ["could the scale ask the network to acknowledge every reading so none go "
              "missing?",
              "did we ever try acked lora messages for the weights?"],
             "Confirmed uplinks for the weights were tried: with 40 scales on one gateway its 1% "
             "duty cycle runs out for the acks, 1,873 retransmissions in 3 days, delivery 97.1% "
             "-> 93.4% and battery down to 61% of a season; staying unconfirmed (send the last "
             "three readings in each uplink instead).",
             {"ask": "switch the weight messages to confirmed uplinks - we lose a reading now and "
                     "then and the network server should just ack them",
              "change": [edit(f"{app}/uplink.c",
                              "\terr = lorawan_send(WEIGHT_PORT, buf, len, "
                              "LORAWAN_MSG_UNCONFIRMED);\n",
                              "\terr = lorawan_send(WEIGHT_PORT, buf, len, "
                              "LORAWAN_MSG_CONFIRMED);\n")],
              "broke": bash("python3 tools/field_sim.py --hives 40 --gateway apiary-gw --days 3 "
                            "--compare unconfirmed,confirmed",
                            "40 hives, 1 gateway, 72 h simulated\n                  "
                            "unconfirmed   confirmed\ndelivered         97.1%         93.4%\n"
                            "gateway duty      0.4%          1.0% (limit hit 211 times)\n"
                            "retransmissions   0             1,873\nbattery / season  100%      "
                            "    61%", 1),
              "revert": bash(f"git checkout -- {app}/uplink.c", ""),
              "conclusion": "Confirmed uplinks make delivery worse, not better, with 40 scales "
                            "on one gateway: every ack is a downlink, the gateway's 1% duty "
                            "cycle runs out, acks go missing and the devices retransmit - 1,873 "
                            "retries in three simulated days, delivery down from 97.1% to "
                            "93.4%, and batteries would last 61% of a season. The weights stay "
                            "unconfirmed; the occasional lost reading is better covered by "
                            "sending the last three readings in every uplink.",
              "pain": "we lose a weight reading now and then and the beekeepers notice the gaps "
                      "in the chart",
              "idea": "sending the weights as confirmed uplinks, so the network server "
                      "acknowledges each one and the scale retries when it doesn't",
              "tried": "uplink: send weights as confirmed messages",
              "when": "last season"}),
        Fact("fals-float-log", "falsified", ["CBPRINTF_FP_SUPPORT"],
             ["can the log lines show weights with a decimal point, like 23.41 kg?",
              "why do we print kilograms with that %d.%03d trick instead of %f?"],
             "Enabling CONFIG_CBPRINTF_FP_SUPPORT for %f logging was tried: it adds ~20 KB and "
             "the image (MCUboot slot layout, under 10 KB free) overflowed FLASH by 9,876 bytes; "
             "log integer grams as %d.%03d kg instead.",
             {"ask": "turn on float formatting so the logs show weights as 23.41 kg instead of "
                     "raw grams",
              "change": [edit("app/prj.conf", "CONFIG_LOG=y\n",
                              "CONFIG_LOG=y\nCONFIG_CBPRINTF_FP_SUPPORT=y\n"),
                         edit(f"{app}/scale.c", "\tLOG_INF(\"weight %d g\", grams);\n",
                              "\tLOG_INF(\"weight %.2f kg\", (double)grams / 1000.0);\n")],
              "broke": bash("west build",
                            "-- west build: running target all\n[37/214] Building C object "
                            "zephyr/lib/os/CMakeFiles/lib__os.dir/cbprintf_complete.c.obj\n...\n"
                            "/home/dev/zephyr-sdk-0.16.8/arm-zephyr-eabi/bin/../lib/gcc/"
                            "arm-zephyr-eabi/12.2.0/../../../../arm-zephyr-eabi/bin/ld.bfd: "
                            "zephyr/zephyr_pre0.elf section `text' will not fit in region "
                            "`FLASH'\n.../ld.bfd: region `FLASH' overflowed by 9876 bytes\n"
                            "collect2: error: ld returned 1 exit status\nninja: build stopped: "
                            "subcommand failed.\nFATAL ERROR: command exited with status 1", 1),
              "revert": bash(f"git checkout -- app/prj.conf {app}/scale.c", ""),
              "conclusion": "Float formatting doesn't fit: CONFIG_CBPRINTF_FP_SUPPORT pulls in "
                            "the soft-float formatting code, about 20 KB, and with the MCUboot "
                            "slot layout the image has under 10 KB of flash left, so the link "
                            "fails - region FLASH overflowed by 9,876 bytes. Logging stays "
                            "integer: LOG_INF(\"weight %d.%03d kg\", grams / 1000, grams % "
                            "1000) prints the same thing for free.",
              "pain": "the logs print raw grams, and the beekeepers who read them want "
                      "kilograms with decimals",
              "idea": "enabling floating-point support in cbprintf (CONFIG_CBPRINTF_FP_SUPPORT) "
                      "and logging the weight with %.2f",
              "tried": "log weights in kg with float formatting",
              "when": "when we moved to the v2 board"}),
    ]
    return Project(
        "hivescale", "git@github.com:apiary-labs/hivescale.git",
        {"README.md": "# hivescale\n\nFirmware for a LoRaWAN beehive scale (nRF52840, HX711).\n"},
        facts,
        noise((f"{app}/swarm.c",
               "#define SWARM_DROP_GRAMS 1500\n#define SWARM_WINDOW_MIN 20\n\nbool "
               "swarm_suspected(const struct weight_sample *s, size_t n)\n{\n\tif (n < 2) {\n\t\t"
               "return false;\n\t}\n\tint32_t drop = s[0].grams - s[n - 1].grams;\n\tint32_t "
               "minutes = (s[n - 1].uptime_s - s[0].uptime_s) / 60;\n\n\treturn drop >= "
               "SWARM_DROP_GRAMS && minutes <= SWARM_WINDOW_MIN;\n}\n",
               "It flags a suspected swarm: if the hive loses at least 1.5 kg within 20 minutes "
               "- half a colony leaving at once - swarm_suspected returns true and the next "
               "uplink carries the swarm flag."),
              ("the twister unit tests on native_sim",
               "west twister -T tests/ -p native_sim --inline-logs",
               "INFO    - Using Ninja..\nINFO    - 6 test scenarios (6 configurations) selected, "
               "0 configurations filtered (0 by static filter, 0 at runtime).\nINFO    - 6 of 6 "
               "executed test configurations passed (100.00%), 0 failed, 0 errored, 0 skipped "
               "with 0 warnings in 41.22 seconds"),
              ("w", "grams", f"{app}/tare.c",
               "\tint32_t w = raw_to_grams(raw) - tare_offset;",
               "\tint32_t grams = raw_to_grams(raw) - tare_offset;"),
              ("a90c3e1 swarm: flag in the uplink payload\n5f2d8b4 ble: expose firmware "
               "version\n0c7e6a9 boards: v2 pinout for the lid header",
               " M app/src/swarm.c\n?? tests/swarm/src/main.c"),
              (f"{app}/util/crc8.c",
               "#include <stdint.h>\n#include <stddef.h>\n\nuint8_t crc8(const uint8_t *data, "
               "size_t len)\n{\n\tuint8_t crc = 0xff;\n\n\tfor (size_t i = 0; i < len; i++) {\n"
               "\t\tcrc ^= data[i];\n\t\tfor (int b = 0; b < 8; b++) {\n\t\t\tcrc = (crc & 0x80) "
               "? (uint8_t)((crc << 1) ^ 0x31) : (uint8_t)(crc << 1);\n\t\t}\n\t}\n\treturn crc;"
               "\n}\n",
               "a CRC-8 helper (polynomial 0x31) for checking the sensor's data frames"),
              ("# hivescale\n\nFirmware for a LoRaWAN beehive scael (nRF52840, HX711).\n",
               "Firmware for a LoRaWAN beehive scael (nRF52840, HX711).",
               "Firmware for a LoRaWAN beehive scale (nRF52840, HX711)."),
              (f"{app}/swarm.c", "swarm_suspected",
               "bool swarm_suspected(const struct weight_sample *s, size_t n)",
               "/* True when the hive lost SWARM_DROP_GRAMS within SWARM_WINDOW_MIN minutes. */"
               "\nbool swarm_suspected(const struct weight_sample *s, size_t n)")),
        "aws")


def projects() -> list[Project]:
    return [kilnworks(), pollenmap(), emberfall(), hivescale()]
