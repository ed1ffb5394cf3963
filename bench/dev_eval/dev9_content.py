"""The ``dev9`` split: four projects in stacks no other split uses (a Kubernetes platform
repository of Helm charts deployed with helmfile and Argo CD onto GKE, with sops-encrypted
values, conftest policies and kind for local clusters; a legacy Perl 5 billing system for a
regional fibre ISP - CGI::Application, DBI over MySQL 5.7, Template Toolkit invoices, Carton and
prove, cron-driven invoice runs; a Nuxt 3 / Vue 3 admin app for a pottery studio on Cloudflare
Pages with D1, R2, Pinia and Cloudflare Access; a PyTorch Lightning bird-song classifier
configured with Hydra, its data in DVC on MinIO, its environment managed with pixi and trained on
a four-GPU lab box), ten planted facts each, and phrasing templates of its own.

Written in the ninth pass by a helper who had not read how capture or recall work, as an
untuned reading of the system on sessions worded in ways nobody has tuned on: its facts are said
the ways the other splits never say them (a rule the assistant offers as one of two styles it
found in the code, the user answering only with a letter; a rule the user gets wrong and
corrects in the same breath, being used to another repository; a rule shown as a pair of
bad / good snippets; a rule the assistant proposes and the user confirms with "ya"; a rule that
only shows in the failure message of a policy or architecture test; a command the user pastes
from their terminal scrollback, prompt prefix and all; a command the tool's own error output
points at; a command the user picks by number from the assistant's list of candidates; a
command the user types with a slip the assistant corrects; an environment fact buried in a wall
of diagnostics the user dumps; a fact the user states as "..., right?" and the assistant only
confirms; a fact the user can't tell apart from a look-alike; a fact in a preflight checklist
before a risky step; a gotcha the assistant first "fixes" wrongly and is sent back; a gotcha
boiled down to a throwaway repro script; a gotcha the user restates slightly wrong and the
assistant corrects; a gotcha cracked by a clue the user remembers halfway through; an approach
an old code comment says was tried and backed out, re-run to learn why; an approach committed,
broken overnight in CI and reverted with git revert the next morning; an approach the assistant
volunteers while doing something else; an approach the user stops the assistant from
rescuing).

Slots are the shared ones (``templates.py``) plus: for a convention, ``slip`` (the other way the
user starts to ask for before correcting themselves), ``pick`` (``(command, output, legacy)``:
a search showing both styles and the legacy one in a phrase) and ``guard`` (``(command,
failing output, passing output)``: a policy or architecture test whose failure message states
the rule); for a command, ``fail2`` (a second way that doesn't work) and an optional ``hint``
(a line the failing tool prints that points at the right way); for an environment fact,
``short`` (a terse one-line answer), ``said`` (the fact in the user's words), ``value`` (the
fact as a bare value), ``alt`` (the look-alike the user confuses it with), ``before`` (the risky
step a preflight precedes) and ``dump`` (other ``(command, output)`` pairs of the user's wall of
diagnostics); for a gotcha, ``shallow`` (``(tool, claim, pushback)``: the wrong first fix, what
the assistant claims for it and what the user says back), ``repro`` (``(path, content,
command, output)``), ``misread`` (the user's slightly wrong summary), ``nuance`` (the
correction) and ``clue`` (what the user remembers halfway); for a falsified approach, ``pain``
(the complaint that invites it), ``idea`` (the approach in a phrase) and ``host`` (``(request,
tool)``: the unrelated request the assistant volunteers it during).
"""

from __future__ import annotations

import random
import re

from .templates import cap
from .transcript import Tool, bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

# Chat-speak the user falls into when typing fast (space-delimited words only, never an
# identifier).
_CHATSPEAK = ((" you ", " u "), (" with ", " w/ "), (" without ", " w/o "), (" please", " pls"),
              (" though", " tho"), (" something ", " smth "), (" going to ", " gonna "),
              (" want to ", " wanna "), (" thanks", " thx"), (" probably ", " prob "))


def _chatty(text: str, rng: random.Random, n: int = 2) -> str:
    """Typed fast, half in chat-speak: up to ``n`` common words abbreviated."""
    swaps = list(_CHATSPEAK)
    rng.shuffle(swaps)
    done = 0
    for good, short in swaps:
        if done >= n:
            break
        if good in text:
            text = text.replace(good, short, 1)
            done += 1
    return text


def _hex(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _typed(command: str) -> str:
    """The command as a person types it: without the parts that only trimmed its output in the
    session (`| tail -4`, `2>&1`, a trailing `&& git diff --stat`)."""
    command = command.split(" | ")[0].replace(" 2>&1", "")
    parts = [p for p in command.split(" && ") if not p.startswith(("git diff", "git status"))]
    return " && ".join(parts)


def _body(tool: Tool) -> str:
    return tool.new if tool.name == "Edit" else tool.output


def _snippet(text: str, lines: int = 14) -> str:
    kept = text.rstrip("\n").splitlines()
    return "\n".join(kept[:lines] + (["..."] if len(kept) > lines else []))


def _slipped(command: str, rng: random.Random) -> tuple[str, str, str] | None:
    """``command`` with two letters of one longer word swapped (a typing slip): (the slipped
    command, the word as typed, the word meant); None if there is no word to slip on."""
    first = command.split()[0] if command.split() else ""
    words = [m for m in re.finditer(r"[a-z]{6,}", command) if m.start() >= len(first)]
    if not words:
        return None
    word = max(words, key=lambda m: len(m.group()))
    text = word.group()
    spots = [i for i in range(1, len(text) - 2) if text[i] != text[i + 1]]
    if not spots:
        return None
    i = rng.choice(spots)
    typo = text[:i] + text[i + 1] + text[i] + text[i + 2:]
    return command[:word.start()] + typo + command[word.end():], typo, text


def _comment_marker(path: str) -> str:
    if path.endswith((".ts", ".js", ".mjs", ".vue")):
        return "// "
    return "# "


# ------------------------------------------------------------------- phrasing templates
# Conventions: offered by the assistant as one of two styles it found in the code (the user
# answers with a letter), corrected by the user in the same breath, shown as bad / good
# snippets, proposed by the assistant and confirmed with a "ya", or only stated in the failure
# message of a policy or architecture test.
def conv_pick_one(s: dict, rng: random.Random) -> Episode:
    pick = s.get("pick")
    if not pick:
        return conv_assistant_proposes(s, rng)
    command, output, legacy = pick
    rule_first = rng.random() < 0.5
    options = [s["rule"], legacy] if rule_first else [legacy, s["rule"]]
    letter = "a" if rule_first else "b"
    other = "b" if rule_first else "a"
    return [Step(prompt=cap(s["task"])),
            Step(text="Before I write it, checking how the existing code handles this so the new "
                      "part matches.", tools=[bash(command, output)]),
            Step(text=f"There are two styles in the repo:\n\n(a) {options[0]}\n(b) "
                      f"{options[1]}\n\nWhich one should new code follow?"),
            Step(prompt=_chatty(f"{letter}. {other} is the old way, we're getting rid of it", rng)),
            Step(text=f"({letter}) it is.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_self_correct(s: dict, rng: random.Random) -> Episode:
    slip = s.get("slip")
    if not slip:
        return conv_assistant_proposes(s, rng)
    oops = rng.choice(("forget I said that", "brain's fried today", "ignore that part"))
    return [Step(prompt=_chatty(f"{s['task']} - and {slip}... no wait, scratch that, {oops}. "
                                f"in here {s['rule']}", rng)),
            Step(text="No problem - going by the second version.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_good_bad(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    target = next((t for t in s["follow"] if contrary is not None and t.path == contrary.path),
                  None)
    if contrary is None or target is None:
        return conv_self_correct(s, rng)
    return [Step(prompt=f"{cap(s['task'])}.\n\nhow this should look, since the last PR got it "
                        f"wrong:\n\n❌\n```\n{_snippet(_body(contrary))}\n```\n\n✅\n```\n"
                        f"{_snippet(_body(target))}\n```\n\n(tl;dr {s['rule']})"),
            Step(text="Following the ✅ version.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_assistant_proposes(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["task"])),
            Step(text=f"One thing to settle before I start. From what I can see in the repo, "
                      f"{s['rule']}. I'll keep to that here too - correct?"),
            Step(prompt=rng.choice(("ya", "ya, always", "yep. everywhere"))),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_test_guard(s: dict, rng: random.Random) -> Episode:
    guard, contrary = s.get("guard"), s.get("contrary")
    if not guard or not contrary:
        return conv_pick_one(s, rng)
    command, failing, passing = guard
    return [Step(prompt=cap(s["task"])),
            Step(tools=[contrary]),
            Step(text="Running the checks before I call it done.",
                 tools=[bash(command, failing, 1)]),
            Step(text="That isn't a behaviour failure - it's a check that exists to enforce a "
                      "house rule, and the message says which. Reworking it to fit.",
                 tools=s["follow"]),
            Step(tools=[bash(command, passing)]),
            Step(text=s["done"]),
            Step(prompt=_chatty("yeah that check exists cuz people kept forgetting. good", rng)),
            Step(text=f"Noted for everything else I write here: {s['rule']}.")]


# Commands: pasted by the user from their terminal scrollback, pointed at by the failing tool's
# own output, picked by number from the assistant's list of candidates, or typed by the user
# with a slip the assistant corrects.
def cmd_scrollback(s: dict, rng: random.Random) -> Episode:
    ok = s["ok"]
    good = _typed(ok.command)
    shell = "➜  git:(main) "
    before = rng.choice((("git pull --rebase", "Current branch main is up to date."),
                         ("git switch main", "Already on 'main'"),
                         ("clear", "")))
    scroll = (f"{shell}{before[0]}\n{before[1]}\n{shell}{good}\n{ok.output}\n{shell}"
              ).replace("\n\n", "\n")
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text="That didn't work. Let me look into why."),
            Step(prompt=_chatty("it worked for me last week, here's my terminal from then:",
                                rng) + f"\n\n```\n{scroll}\n```"),
            Step(text=f"Your command differs from mine. {s['note']}", tools=[ok]),
            Step(text=s["done"])]


def cmd_error_hint(s: dict, rng: random.Random) -> Episode:
    hint = s.get("hint")
    if not hint:
        return cmd_pick_candidate(s, rng)
    fail = s["fail"]
    pointed = bash(fail.command, f"{fail.output}\n{hint}", fail.exit_code or 1,
                   fail.description)
    return [Step(prompt=s["goal"]),
            Step(tools=[pointed]),
            Step(text=f"The last lines of that error say what it wants. {s['note']}",
                 tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_pick_candidate(s: dict, rng: random.Random) -> Episode:
    options = [t for t in (s["fail"], s.get("fail2"), s["ok"]) if t is not None]
    rng.shuffle(options)
    number = options.index(s["ok"]) + 1
    listing = "\n".join(f"{i}. `{_typed(t.command)}`" for i, t in enumerate(options, 1))
    return [Step(prompt=s["goal"]),
            Step(text=f"I can see more than one way this has been done in this repo's history, "
                      f"and I can't tell which is current:\n\n{listing}\n\nWhich one do you "
                      f"use?"),
            Step(prompt=_chatty(f"{number}. the others are leftovers from before", rng)),
            Step(text=f"Going with {number}.", tools=[s["ok"]]),
            Step(text=f"{s['done']} (Why that one: {s['note']})")]


def cmd_fat_finger(s: dict, rng: random.Random) -> Episode:
    good = _typed(s["ok"].command)
    slipped = _slipped(good, rng)
    if slipped is None:
        return cmd_scrollback(s, rng)
    typed, typo, meant = slipped
    return [Step(prompt=f"{s['goal']}: `{typed}`"),
            Step(text=f"`{typo}` looks like a slip for `{meant}` - running it as `{good}`.",
                 tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("ugh, fingers. yes", "lol yes. thx", "yes that. typing is "
                                                                         "hard today"))),
            Step(text="No harm done - nothing ran with the typo.")]


# Environment facts: buried in a wall of diagnostics the user dumps, stated by the user as
# "..., right?" and only confirmed, told apart from a look-alike the user mixes it up with, or
# one line of a preflight checklist before a risky step.
def env_pasted_dump(s: dict, rng: random.Random) -> Episode:
    blocks = [(t.command, t.output) for t in s["probe"] if t.name == "Bash"]
    blocks += [(f"cat {t.path}", t.output.rstrip("\n")) for t in s["probe"] if t.name == "Read"]
    extra = list(s.get("dump", ()))
    rng.shuffle(extra)
    half = len(extra) // 2
    wall = "\n".join(f"$ {c}\n{o}" for c, o in [*extra[:half], *blocks, *extra[half:]])
    return [Step(prompt=_chatty(f"{s['goal']}\n\ndumped everything I could think of, sorry for the "
                                f"wall:", rng) + f"\n\n```\n{wall}\n```"),
            Step(text=f"Most of that is beside the point. The part that answers it: "
                      f"{s['confirm']}")]


def env_right_question(s: dict, rng: random.Random) -> Episode:
    said = s.get("said")
    if not said:
        return env_which_of_two(s, rng)
    return [Step(prompt=_chatty(f"sanity check before I touch anything: {said}, right?", rng)),
            Step(tools=s["probe"]),
            Step(text=rng.choice(("Yes, that's right - it matches what you said.",
                                  "Confirmed, exactly as you said.",
                                  "Yep - checked, that's how it is."))),
            Step(prompt="k"),
            Step(text="Go ahead whenever you're ready.")]


def env_which_of_two(s: dict, rng: random.Random) -> Episode:
    value, alt = s.get("value"), s.get("alt")
    if not value or not alt:
        return env_preflight(s, rng)
    first, second = (value, alt) if rng.random() < 0.5 else (alt, value)
    return [Step(prompt=_chatty(f"{s['goal']} - it's either {first} or {second}, I can never keep "
                                f"them straight", rng)),
            Step(tools=s["probe"]),
            Step(text=f"It's {value}, not {alt}. {cap(s['confirm'])}")]


def env_preflight(s: dict, rng: random.Random) -> Episode:
    before = s.get("before", "make a change")
    return [Step(prompt=_chatty(f"about to {before}. do a preflight first please - check the setup "
                                f"is what I think it is, change nothing", rng)),
            Step(tools=[bash("git status --short --branch", "## main...origin/main"),
                        *s["probe"]]),
            Step(text=f"Preflight, nothing changed:\n\n- [x] on main, in sync with origin, "
                      f"clean tree\n- [x] {s['short']}\n- [x] nothing else that would get in "
                      f"the way\n\nGood to go."),
            Step(prompt="👍 go"), Step(text="Over to you.")]


# Gotchas: "fixed" wrongly first and sent back by the user, boiled down to a throwaway repro
# script, restated slightly wrong by the user and corrected, or cracked by a clue the user
# remembers halfway through.
def gotcha_wrong_first_fix(s: dict, rng: random.Random) -> Episode:
    shallow = s.get("shallow")
    if not shallow:
        return gotcha_late_clue(s, rng)
    tool, claim, pushback = shallow
    return [Step(prompt=s["symptom"]),
            Step(text="I think I know this one.", tools=[tool]),
            Step(text=f"{claim} That should sort it."),
            Step(prompt=_chatty(f"nope. {pushback}. did you actually check or just guess?", rng)),
            Step(text="I guessed - sorry. Looking properly this time.", tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_repro_script(s: dict, rng: random.Random) -> Episode:
    repro = s.get("repro")
    if not repro:
        return gotcha_user_restates(s, rng)
    path, content, command, output = repro
    lines = len(content.strip().splitlines())
    return [Step(prompt=s["symptom"]),
            Step(text="Let me look at the code first.", tools=s["probe"]),
            Step(text="I have a suspicion. Boiling it down to the smallest thing that shows it, "
                      "away from the rest of the code.", tools=[write(path, content)]),
            Step(tools=[bash(command, output)]),
            Step(text=f"Reproduced in {lines} lines. {s['explain']}", tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt="nice repro. bin it, we have the fix"),
            Step(tools=[bash(f"rm {path}", "")]), Step(text="Gone.")]


def gotcha_user_restates(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
                      Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"])]
    misread, nuance = s.get("misread"), s.get("nuance")
    if misread and nuance:
        steps += [Step(prompt=_chatty(f"wait, let me get this straight - {misread}?", rng)),
                  Step(text=f"Close, but not quite. {nuance}")]
    return steps


def gotcha_late_clue(s: dict, rng: random.Random) -> Episode:
    clue = s.get("clue")
    if not clue:
        return gotcha_repro_script(s, rng)
    probe = s["probe"]
    return [Step(prompt=s["symptom"]),
            Step(text="Starting with what it does right now.", tools=probe[:1]),
            Step(prompt=_chatty(f"oh wait, forgot to say - {clue}. dunno if that matters", rng)),
            Step(text="It matters - that narrows it down a lot.", tools=probe[1:]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"])]


# Falsified approaches: an old code comment says it was tried and backed out, so it is re-run
# to learn why; committed, broken overnight in CI and reverted with git revert; volunteered by
# the assistant while doing something else; or stopped by the user while the assistant tries to
# rescue it.
def fals_old_comment(s: dict, rng: random.Random) -> Episode:
    target = next((t for t in s["change"] if t.name == "Edit"), None)
    if target is None:
        return fals_stop_digging(s, rng)
    mark = _comment_marker(target.path)
    year = rng.choice(("2021", "2022", "2023"))
    note = f"{mark}NB: {s['idea']} was tried here in {year} and backed out. nobody wrote down why."
    indent = target.old[:len(target.old) - len(target.old.lstrip())]
    why = s["conclusion"].split(": ")[0].split(". ")[0].rstrip(".")
    return [Step(prompt=_chatty(s["pain"], rng)),
            Step(tools=[read(target.path, f"{indent}{note}\n{target.old}")]),
            Step(text=f"There's an old note in {target.path}: {s['idea']} was tried and backed "
                      f"out in {year}, with no reason given. I'd rather know why before anyone "
                      f"tries it a third time - shall I re-run the experiment?"),
            Step(prompt="ya go, quickly"),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt="ok. put it back and fix that comment so the next person knows"),
            Step(tools=[s["revert"],
                        edit(target.path, f"{indent}{note}\n",
                             f"{indent}{mark}NB: {s['idea']} was tried ({year}, again in a "
                             f"re-run) and backed out: {why}.\n")]),
            Step(text=f"Reverted, and the comment in {target.path} now says why.")]


def fals_reverted_commit(s: dict, rng: random.Random) -> Episode:
    subject = f"experiment: {s['idea']}"
    sha, back = _hex(rng), _hex(rng)
    broke = s["broke"]
    return [Step(prompt=_chatty(f"{s['ask']}. commit it straight to main, CI can tell us "
                                f"overnight", rng)),
            Step(tools=s["change"]),
            Step(tools=[bash(f"git commit -qam \"{subject}\" && git log --oneline -1",
                             f"{sha} {subject}")]),
            Step(text=f"Committed as {sha}; the nightly CI run will have the full picture."),
            Step(prompt=_chatty("morning. CI is red and I think it's yours:", rng)
                 + f"\n\n```\n$ {broke.command}\n{broke.output}\n```"),
            Step(text="It's mine. Reverting the commit rather than patching on top of it.",
                 tools=[bash(f"git revert --no-edit {sha}",
                             f"[main {back}] Revert \"{subject}\"")]),
            Step(text=s["conclusion"])]


def fals_volunteered(s: dict, rng: random.Random) -> Episode:
    host = s.get("host")
    if not host:
        return fals_reverted_commit(s, rng)
    request, tool = host
    return [Step(prompt=cap(request)), Step(tools=[tool]),
            Step(text=f"Done. While I was in there I saw the open issue about it - {s['pain']}. "
                      f"{cap(s['idea'])} might fix that; want me to try it on the side?"),
            Step(prompt="sure, if it's quick"),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=f"Glad I asked before keeping it. {s['conclusion']}", tools=[s["revert"]]),
            Step(text="Backed out; only the change you asked for is left in the tree.")]


def fals_stop_digging(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text="That's not the result we wanted, but it may just need tuning. Let me see "
                      "what I can adjust to make it work."),
            Step(prompt=_chatty("no, stop digging. that output IS the answer. revert, then tell me "
                                "what it means", rng)),
            Step(tools=[s["revert"]]),
            Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_pick_one, conv_self_correct, conv_good_bad, conv_assistant_proposes,
                   conv_test_guard],
    "command": [cmd_scrollback, cmd_error_hint, cmd_pick_candidate, cmd_fat_finger],
    "environment": [env_pasted_dump, env_right_question, env_which_of_two, env_preflight],
    "gotcha": [gotcha_wrong_first_fix, gotcha_repro_script, gotcha_user_restates,
               gotcha_late_clue],
    "falsified": [fals_old_comment, fals_reverted_commit, fals_volunteered, fals_stop_digging],
}

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (prompt i goes to project i % 4): the first four are about those projects (a disruption budget,
# a contract-end column, a beginners filter, a confusion matrix) without needing anything stored
# about them.
UNRELATED = [
    "add a PodDisruptionBudget to the berth-api chart so at most one pod is down at a time",
    "add a column for the contract end date to the accounts list in the staff app",
    "add a filter to the classes page that only shows beginner classes",
    "add a confusion-matrix plot at the end of each validation epoch",
    "what's the difference between a Deployment and a StatefulSet?",
    "what's the difference between my and our in Perl?",
    "what's the difference between ref and reactive in Vue 3?",
    "what's the difference between model.eval() and torch.no_grad()?",
    "write a Helm template snippet that renders env vars from a map in values",
    "write a Perl one-liner that sums the third column of a CSV file",
    "write a Vue composable that tracks the window width",
    "write a PyTorch function that computes top-5 accuracy from logits and labels",
    "explain what a Kubernetes readiness probe is for, in two sentences",
    "explain what the local keyword does in Perl and when you'd want it",
    "explain Nuxt's server routes to someone who knows Express",
    "what's a learning-rate warmup and why does it help?",
    "how do I rename a git branch both on my machine and on the remote?",
    "write a limerick about a kiln that runs too hot",
    "draft a short out-of-office message for the week after next",
    "suggest a name for a birdwatching club's newsletter",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "berthyard": [
        "how are TLS certificates issued for the ingresses?",
        "where are the Grafana dashboards defined?",
        "does the gate-ui chart run its database migrations on install, and should that be a "
        "hook?",
        "is it ok to give the vendor's support engineer read access to the staging cluster?",
        "should each team get its own namespace, or one namespace per service?",
    ],
    "tollbooth": [
        "how are direct debit mandates cancelled?",
        "where are the fonts for the invoice PDFs kept?",
        "does a credit note share the invoice number sequence, and should it?",
        "is it ok to email customers their full bank account number in the mandate "
        "confirmation?",
        "should broadband and phone be billed on one invoice or two?",
    ],
    "kilnroom": [
        "how are members reminded about an upcoming class?",
        "where are the email templates for booking confirmations?",
        "does cancelling a class refund the members automatically, and should it?",
        "is it ok to show members' surnames on the public class list?",
        "should glaze usage be tracked per firing or per member?",
    ],
    "murmurnet": [
        "how are the recordings split into training and validation sets?",
        "where is the species taxonomy file?",
        "does the model handle clips with two species singing at once, and how should those "
        "be labelled?",
        "is it ok to publish the trained weights, given the recordings' licences?",
        "should the next model be trained at 22 kHz, or stay at 32 kHz?",
    ],
}


# ------------------------------------------------------------------- noise
def chores(tldr: tuple[str, str, str], unused: tuple[str, str], since: tuple[str, str],
           wording: tuple[str, str, str, str], check: tuple[str, str, str, str],
           chat: tuple[str, str], pr: tuple[str, str], ci: tuple[str, str]) -> list[Episode]:
    """The rest of the sessions: a file summed up, a symbol checked for use, the morning's
    changes listed, a wording fixed, a check run, a bit of chat, a draft pull request opened,
    CI times looked up."""
    path, content, summary = tldr
    symbol, verdict = unused
    stat, recap = since
    file, old, new, ask = wording
    what, command, output, verdict_check = check
    question, answer = chat
    title, url = pr
    runs, ci_recap = ci
    return [
        [Step(prompt=f"tl;dr of {path}?"), Step(tools=[read(path, content)]),
         Step(text=summary)],
        [Step(prompt=f"is {symbol} still used anywhere or can it go"),
         Step(tools=[grep(symbol, [])]), Step(text=verdict)],
        [Step(prompt="what have I changed since this morning?"),
         Step(tools=[bash("git diff --stat", stat)]), Step(text=recap)],
        [Step(prompt=ask), Step(tools=[edit(file, old, new)]), Step(text="Changed.")],
        [Step(prompt=f"quick {what} pls"), Step(tools=[bash(command, output)]),
         Step(text=verdict_check)],
        [Step(prompt=question), Step(text=answer)],
        [Step(prompt="open a draft PR for this branch"),
         Step(tools=[bash(f"gh pr create --draft --title \"{title}\" --fill", url)]),
         Step(text=f"Draft PR is up: {url}")],
        [Step(prompt="how long is CI taking these days?"),
         Step(tools=[bash("gh run list --limit 5", runs)]), Step(text=ci_recap)],
    ]


# ------------------------------------------------------------------- projects
def berthyard() -> Project:
    """A Kubernetes platform repository for a port-logistics company: Helm charts (a yardlib
    library chart and the berth-api, gate-ui and customs-worker apps) deployed with helmfile
    and Argo CD onto GKE, values encrypted with sops and age, conftest policies, kind for local
    clusters."""
    purge_good = ("apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: {{ .Release.Name "
                  "}}-purge\n  labels:\n    {{- include \"yardlib.labels\" . | nindent 4 }}\n"
                  "spec:\n  schedule: \"0 3 * * *\"\n  jobTemplate:\n    spec:\n      template:\n"
                  "        spec:\n          restartPolicy: OnFailure\n          containers:\n"
                  "            - name: purge\n              image: {{ include \"yardlib.image\" "
                  ".Values.image }}\n              args: [\"purge-expired\", \"--older-than\", "
                  "\"90d\"]\n")
    purge_bad = ("apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: {{ .Release.Name "
                 "}}-purge\n  labels:\n    app: customs-worker\n    component: purge\nspec:\n  "
                 "schedule: \"0 3 * * *\"\n  jobTemplate:\n    spec:\n      template:\n        "
                 "spec:\n          restartPolicy: OnFailure\n          containers:\n            "
                 "- name: purge\n              image: \"{{ .Values.image.repository }}:{{ "
                 ".Values.image.tag }}\"\n              args: [\"purge-expired\", "
                 "\"--older-than\", \"90d\"]\n")
    facts = [
        Fact("conv-cpu", "convention", ["CPU limits"],
             ["should the new deployment cap how many cores it can use?",
              "what's our policy on resource ceilings for containers?"],
             "Containers set CPU requests but never CPU limits (throttling hurt more than it "
             "helped); the memory limit is set equal to the memory request. A conftest policy "
             "in policy/ enforces it.",
             {"rule": "containers get CPU requests but never CPU limits - the throttling hurt "
                      "more than it helped - and the memory limit is set equal to the memory "
                      "request",
              "task": "add resources to the berth-api deployment values, it's been running "
                      "with none at all",
              "follow": [edit("charts/berth-api/values.yaml", "resources: {}\n",
                              "resources:\n  requests:\n    cpu: 250m\n    memory: 512Mi\n  "
                              "limits:\n    memory: 512Mi\n")],
              "contrary": edit("charts/berth-api/values.yaml", "resources: {}\n",
                               "resources:\n  requests:\n    cpu: 250m\n    memory: 512Mi\n  "
                               "limits:\n    cpu: 500m\n    memory: 1Gi\n"),
              "slip": "give it a cpu ceiling of twice the request like usual",
              "pick": ("git grep -n -A2 'limits:' -- 'charts/*/values.yaml'",
                       "charts/gate-ui/values.yaml:31:  limits:\ncharts/gate-ui/values.yaml-32-"
                       "    cpu: 200m\ncharts/gate-ui/values.yaml-33-    memory: 256Mi\n--\n"
                       "charts/customs-worker/values.yaml:44:  limits:\n"
                       "charts/customs-worker/values.yaml-45-    memory: 2Gi\n--\n"
                       "charts/yard-proxy/values.yaml:18:  limits:\n"
                       "charts/yard-proxy/values.yaml-19-    memory: 128Mi",
                       "a cpu ceiling next to the memory one, with more memory allowed than "
                       "requested (only gate-ui still does that)"),
              "guard": ("helm template charts/berth-api | conftest test -p policy/ -",
                        "FAIL - - main - Deployment/berth-api: container 'berth-api' sets CPU "
                        "limits. House rule: CPU requests only, never CPU limits; memory limit "
                        "must equal the memory request (policy/resources.rego)\nFAIL - - main - "
                        "Deployment/berth-api: container 'berth-api' memory limit 1Gi != "
                        "request 512Mi\n\n14 tests, 12 passed, 0 warnings, 2 failures, 0 "
                        "exceptions",
                        "14 tests, 14 passed, 0 warnings, 0 failures, 0 exceptions"),
              "done": "berth-api now requests 250m of CPU and 512Mi of memory, with a 512Mi "
                      "memory ceiling and nothing capping its CPU."}),
        Fact("conv-yardlib", "convention", ["yardlib"],
             ["how should labels be written in a new chart template?",
              "where do the shared label and image helpers for our charts come from?"],
             "Chart templates never hand-write labels or the image reference: they include the "
             "helpers of the yardlib library chart (yardlib.labels, yardlib.image); a lint step "
             "checks it.",
             {"rule": "chart templates never write labels or the image line by hand - they "
                      "include the helpers from the yardlib library chart (yardlib.labels, "
                      "yardlib.image)",
              "task": "add a CronJob to the customs-worker chart that purges expired manifests "
                      "every night at 03:00",
              "follow": [write("charts/customs-worker/templates/purge-cronjob.yaml",
                               purge_good)],
              "contrary": write("charts/customs-worker/templates/purge-cronjob.yaml", purge_bad),
              "slip": "just copy the labels block out of the deployment",
              "pick": ("git grep -l 'include \"yardlib.labels\"' -- charts/ | wc -l && git grep "
                       "-L 'yardlib.labels' -- 'charts/*/templates/*.yaml'",
                       "23\ncharts/gate-ui/templates/deployment.yaml\n"
                       "charts/gate-ui/templates/service.yaml",
                       "labels and the image written out by hand in each template (gate-ui's "
                       "two templates are the last ones)"),
              "guard": ("make lint-charts",
                        "==> Linting charts/customs-worker\n[INFO] Chart.yaml: icon is "
                        "recommended\n1 chart(s) linted, 0 chart(s) failed\n==> helpers check\n"
                        "charts/customs-worker/templates/purge-cronjob.yaml:5: hand-written "
                        "label 'app:' - include \"yardlib.labels\" from the yardlib library "
                        "chart instead\ncharts/customs-worker/templates/purge-cronjob.yaml:16: "
                        "image built from .Values.image.tag - include \"yardlib.image\" (pins "
                        "by digest)\nmake: *** [Makefile:41: lint-charts] Error 1",
                        "==> Linting charts/customs-worker\n[INFO] Chart.yaml: icon is "
                        "recommended\n1 chart(s) linted, 0 chart(s) failed\n==> helpers check\n"
                        "ok"),
              "done": "The purge CronJob runs at 03:00 every night; its labels and image come "
                      "from the shared helpers like the rest, so it is pinned by digest and "
                      "carries the standard label set."}),
        Fact("cmd-kind", "command", ["hack/kind/yard.yaml"],
             ["how do I get a throwaway cluster on my laptop where the ingress actually "
              "answers?",
              "the local test cluster comes up but nothing responds on port 80 - how should it "
              "be created?"],
             "Create the local cluster with `kind create cluster --name yard-dev --config "
             "hack/kind/yard.yaml` (maps ports 80/443 and labels the node ingress-ready); a "
             "plain kind create cluster leaves the ingress unreachable.",
             {"goal": "spin me up a local cluster to try the gate-ui chart against",
              "fail": bash("kind create cluster --name yard-dev && kubectl apply -f "
                           "hack/ingress-nginx.yaml && curl -sI http://gate.localtest.me",
                           "Creating cluster \"yard-dev\" ...\n ✓ Ensuring node image "
                           "(kindest/node:v1.30.0) 🖼\n ✓ Preparing nodes 📦\n ✓ Writing "
                           "configuration 📜\n ✓ Starting control-plane 🕹️\nSet kubectl context "
                           "to \"kind-yard-dev\"\nnamespace/ingress-nginx created\n"
                           "deployment.apps/ingress-nginx-controller created\ncurl: (7) Failed "
                           "to connect to gate.localtest.me port 80 after 2 ms: Couldn't "
                           "connect to server", 7),
              "fail2": bash("kubectl port-forward -n ingress-nginx "
                            "svc/ingress-nginx-controller 80:80",
                            "Unable to listen on port 80: Listeners failed to create with the "
                            "following errors: [unable to create listener: Error listen tcp4 "
                            "127.0.0.1:80: bind: permission denied]", 1),
              "note": "A bare kind cluster has no port mappings: hack/kind/yard.yaml maps ports "
                      "80 and 443 from the host into the node and labels it ingress-ready, "
                      "which is what the ingress controller manifest waits for.",
              "ok": bash("kind delete cluster --name yard-dev; kind create cluster --name "
                         "yard-dev --config hack/kind/yard.yaml && kubectl apply -f "
                         "hack/ingress-nginx.yaml && curl -sI http://gate.localtest.me | head -1",
                         "Deleting cluster \"yard-dev\" ...\nCreating cluster \"yard-dev\" ...\n"
                         " ✓ Ensuring node image (kindest/node:v1.30.0) 🖼\n ✓ Preparing nodes "
                         "📦 📦\n ✓ Writing configuration 📜\n ✓ Starting control-plane 🕹️\n ✓ "
                         "Joining worker nodes 🚜\nSet kubectl context to \"kind-yard-dev\"\n"
                         "namespace/ingress-nginx created\ndeployment.apps/"
                         "ingress-nginx-controller created\nHTTP/1.1 200 OK"),
              "done": "yard-dev is up with a worker node, the ingress answers on "
                      "gate.localtest.me, and the gate-ui chart can go in."}),
        Fact("cmd-sops", "command", ["SOPS_AGE_KEY_FILE"],
             ["decrypting the prod secrets file says no master key could decrypt it - what am "
              "I missing?",
              "how do I edit an encrypted values file in this repo?"],
             "Edit the encrypted secrets with the platform's own age key: "
             "`SOPS_AGE_KEY_FILE=~/.config/sops/age/yard.txt sops envs/prod/secrets.enc.yaml` "
             "(sops's default keys.txt doesn't hold it).",
             {"goal": "rotate the gate-ui session secret in the prod secrets file",
              "fail": bash("sops envs/prod/secrets.enc.yaml",
                           "Failed to get the data key required to decrypt the SOPS file.\n\n"
                           "Group 0: FAILED\n  age1qyard8x0m4k2f: FAILED\n    - | failed to load "
                           "age identities: failed to open file: open\n      | "
                           "/home/dev/.config/sops/age/keys.txt: no such file or directory\n\n"
                           "Recovery failed because no master key was able to decrypt the "
                           "file. In\norder for SOPS to recover the file, at least one key has "
                           "to be successful,\nbut none were.", 128),
              "fail2": bash("sops -d --input-type yaml envs/prod/secrets.enc.yaml",
                            "Failed to get the data key required to decrypt the SOPS file.\n\n"
                            "Group 0: FAILED\n  age1qyard8x0m4k2f: FAILED\n    - | failed to "
                            "load age identities: failed to open file: open\n      | "
                            "/home/dev/.config/sops/age/keys.txt: no such file or directory",
                            128),
              "note": "sops looks for age keys in ~/.config/sops/age/keys.txt unless told "
                      "otherwise, and the platform's key lives in its own file, yard.txt, next "
                      "to it - SOPS_AGE_KEY_FILE points sops at it.",
              "ok": bash("SOPS_AGE_KEY_FILE=~/.config/sops/age/yard.txt sops set "
                         "envs/prod/secrets.enc.yaml '[\"gateUi\"][\"sessionSecret\"]' "
                         "\"\\\"$(openssl rand -hex 32)\\\"\" && git diff --stat",
                         " envs/prod/secrets.enc.yaml | 4 ++--\n 1 file changed, 2 "
                         "insertions(+), 2 deletions(-)"),
              "done": "The gate-ui session secret in envs/prod/secrets.enc.yaml is a fresh "
                      "32-byte value, still encrypted; Argo rolls it out on the next sync."}),
        Fact("env-stg", "environment", ["yard-stg"],
             ["which name do I pass to kubectl for the pre-production cluster?",
              "can I point kubectl at production from my laptop?"],
             "The staging cluster's kubectl context is yard-stg (GKE, europe-west4, project "
             "quayline-staging); laptops have no prod context - prod changes go through Argo "
             "CD only.",
             {"goal": "which kubectl context is staging? I really don't want to fat-finger prod",
              "probe": [bash("kubectl config get-contexts",
                             "CURRENT   NAME            CLUSTER                                  "
                             "    AUTHINFO        NAMESPACE\n          kind-yard-dev   "
                             "kind-yard-dev                                 kind-yard-dev\n*   "
                             "      yard-stg        gke_quayline-staging_europe-west4_yard-stg "
                             "   yard-stg        default")],
              "confirm": "staging is the yard-stg context (the GKE cluster yard-stg in "
                         "europe-west4, project quayline-staging), and it's already your "
                         "current one. There's no prod context on this machine at all - prod "
                         "only changes through Argo CD, so there's nothing to fat-finger.",
              "short": "staging's kubectl context is yard-stg; there's no prod context on "
                       "laptops (prod goes through Argo)",
              "said": "staging is the yard-stg context and there's no prod context on my "
                      "laptop at all",
              "value": "yard-stg",
              "alt": "gke-staging",
              "before": "drain a node pool on staging",
              "dump": [("kubectl version",
                        "Client Version: v1.30.2\nKustomize Version: v5.0.4\nServer Version: "
                        "v1.29.6-gke.1038000"),
                       ("helm version --short", "v3.15.2+g1a500d5"),
                       ("gcloud config list 2>&1 | head -4",
                        "[core]\naccount = dev@quayline.example\nproject = quayline-staging\n"
                        "Your active configuration is: [default]")]}),
        Fact("env-mgmt", "environment", ["yard-mgmt"],
             ["the GitOps controller isn't in the staging cluster - where does it live?",
              "which cluster should I look at when a deployment sync is stuck?"],
             "Argo CD runs on its own management cluster, yard-mgmt (its in-cluster entry), not "
             "in staging or prod; it deploys to both from there. UI: argo.yard.internal.",
             {"goal": "where does Argo CD actually run? I looked in staging and there's no "
                      "argocd namespace",
              "probe": [bash("argocd context",
                             "CURRENT  NAME                SERVER\n*        argo.yard.internal  "
                             "argo.yard.internal"),
                        bash("argocd cluster list --grpc-web",
                             "SERVER                          NAME       VERSION  STATUS      "
                             "MESSAGE\nhttps://kubernetes.default.svc  yard-mgmt  1.29     "
                             "Successful\nhttps://34.90.12.7              staging    1.29     "
                             "Successful\nhttps://35.204.88.21            prod       1.29     "
                             "Successful")],
              "confirm": "Argo CD isn't in staging or prod at all: it runs on its own "
                         "management cluster, yard-mgmt (the in-cluster entry in its list), and "
                         "deploys to staging and prod from there. The UI is at "
                         "argo.yard.internal.",
              "short": "Argo CD runs on the management cluster yard-mgmt, not in staging or "
                       "prod",
              "said": "argo lives on the management cluster, yard-mgmt, not in staging or "
                      "prod",
              "value": "the management cluster, yard-mgmt",
              "alt": "the argocd namespace in prod",
              "before": "re-point the staging apps at the new chart repo",
              "dump": [("kubectl get ns",
                        "NAME              STATUS   AGE\nberth             Active   212d\n"
                        "customs           Active   212d\ndefault           Active   212d\n"
                        "gate              Active   198d\nkube-system       Active   212d"),
                       ("argocd version --client --short", "argocd: v2.11.7+e4a0246")]}),
        Fact("gotcha-norway", "gotcha", ["Norway problem"],
             ["one country in the enabled list is silently ignored by the customs worker - "
              "why would that be?",
              "do two-letter codes in a values file need quotes?"],
             "The Norway problem: Helm reads values as YAML 1.1, where a bare NO is the boolean "
             "false, so countries: [SE, DK, NO, FI] disabled Norway; country codes in values "
             "files are quoted (\"NO\").",
             {"symptom": "customs-worker rejects every Norwegian manifest with 'country not "
                         "enabled', even though NO is right there in the countries list in the "
                         "prod values",
              "probe": [read("envs/prod/values.yaml",
                             "customsWorker:\n  replicas: 3\n  countries: [SE, DK, NO, FI]\n  "
                             "manifestRetentionDays: 90\n"),
                        bash("helm template charts/customs-worker -f envs/prod/values.yaml | "
                             "grep ENABLED_COUNTRIES",
                             "  ENABLED_COUNTRIES: '[\"SE\",\"DK\",false,\"FI\"]'")],
              "explain": "It's the Norway problem: Helm parses values as YAML 1.1, where a bare "
                         "NO - like yes, no, on and off - is a boolean. So countries: [SE, DK, "
                         "NO, FI] reaches the template as [\"SE\", \"DK\", false, \"FI\"], and "
                         "Norway is never enabled. Quoting the codes keeps them strings.",
              "fix": [edit("envs/prod/values.yaml", "  countries: [SE, DK, NO, FI]\n",
                           "  countries: [\"SE\", \"DK\", \"NO\", \"FI\"]\n")],
              "done": "The rendered config lists SE, DK, NO and FI as strings, and the stuck "
                      "Norwegian manifests went through on the retry.",
              "shallow": (bash("kubectl -n customs rollout restart deploy/customs-worker",
                               "deployment.apps/customs-worker restarted"),
                          "The worker most likely still had the country list from before NO "
                          "was added - I've restarted it so it reads the current one.",
                          "still rejecting every norwegian one"),
              "repro": ("/tmp/countries.yaml", "countries: [SE, DK, NO, FI]\n",
                        "python3 -c \"import yaml; print(yaml.safe_load(open("
                        "'/tmp/countries.yaml')))\"",
                        "{'countries': ['SE', 'DK', False, 'FI']}"),
              "misread": "so helm just doesn't like two-letter strings",
              "nuance": "It's not the length - only the words YAML 1.1 treats as booleans (y, n, "
                        "yes, no, on, off, true, false, in any case). SE and DK are fine; NO is "
                        "not. Quoting every code is the safe habit.",
              "clue": "it started when we added norway. sweden and denmark have always worked"}),
        Fact("gotcha-checksum", "gotcha", ["checksum/config"],
             ["I updated a config value, the sync went through, yet the running service still "
              "behaves the old way - why?",
              "how do we make pods restart when only their settings change?"],
             "Pods read the ConfigMap through envFrom only at container start, and a ConfigMap "
             "change doesn't touch the pod template, so nothing rolls; charts carry a "
             "checksum/config annotation (hash of the rendered ConfigMap) on the pod template.",
             {"symptom": "changed the gate-ui feature flags in values, argo says synced, but the "
                         "pods still serve the old flags",
              "probe": [bash("kubectl -n gate get cm gate-ui-config -o "
                             "jsonpath='{.data.FLAGS}'; echo; kubectl -n gate get pods -l "
                             "app.kubernetes.io/name=gate-ui",
                             "new-queue-view,dark-mode\nNAME                      READY   STATUS"
                             "    RESTARTS   AGE\ngate-ui-6c9f7d8b4-2xkqp   1/1     Running   0 "
                             "         9d\ngate-ui-6c9f7d8b4-q8wnm   1/1     Running   0       "
                             "   9d"),
                        read("charts/gate-ui/templates/deployment.yaml",
                             "  template:\n    metadata:\n      labels:\n        app.kubernetes.io/"
                             "name: gate-ui\n    spec:\n      containers:\n        - name: "
                             "gate-ui\n          envFrom:\n            - configMapRef:\n          "
                             "      name: gate-ui-config\n")],
              "explain": "The ConfigMap did change - it has the new flags - but the pods read it "
                         "through envFrom, which happens once, when a container starts. A "
                         "ConfigMap change doesn't touch the Deployment's pod template, so "
                         "Kubernetes sees nothing to roll and the 9-day-old pods keep the old "
                         "environment. The fix is a checksum/config annotation on the pod "
                         "template: a hash of the rendered ConfigMap, so any change to it "
                         "changes the template and triggers a rollout.",
              "fix": [edit("charts/gate-ui/templates/deployment.yaml",
                           "  template:\n    metadata:\n",
                           "  template:\n    metadata:\n      annotations:\n        "
                           "checksum/config: {{ include (print $.Template.BasePath "
                           "\"/configmap.yaml\") . | sha256sum }}\n")],
              "done": "After the sync the gate-ui pods rolled and serve new-queue-view; any "
                      "later change to the ConfigMap rolls them the same way.",
              "shallow": (bash("argocd app sync gate-ui --grpc-web | tail -3",
                               "Sync Status:        Synced to main (8f3c2a1)\nHealth Status:      "
                               "Healthy\nOperation:          Sync"),
                          "Argo was probably showing a stale status; I've forced a fresh sync.",
                          "same old flags, and argo said synced before too"),
              "repro": ("/tmp/cm-repro.sh",
                        "kubectl create cm demo --from-literal=FLAG=old\nkubectl run demo "
                        "--image=busybox --overrides='{\"spec\":{\"containers\":[{\"name\":"
                        "\"demo\",\"image\":\"busybox\",\"command\":[\"sleep\",\"3600\"],"
                        "\"envFrom\":[{\"configMapRef\":{\"name\":\"demo\"}}]}]}}'\nkubectl "
                        "wait --for=condition=Ready pod/demo\nkubectl create cm demo "
                        "--from-literal=FLAG=new -o yaml --dry-run=client | kubectl apply -f -\n"
                        "sleep 90\nkubectl exec demo -- printenv FLAG\n",
                        "bash /tmp/cm-repro.sh 2>/dev/null | tail -1", "old"),
              "misread": "so the kubelet caches configmaps for a few minutes",
              "nuance": "Not a cache you can wait out: environment variables from envFrom are "
                        "read once, when the container starts, and never again. Files from a "
                        "mounted ConfigMap do refresh after a minute or so - env never does. "
                        "Only a new pod picks the change up, hence the annotation that forces "
                        "one.",
              "clue": "deleting the pods by hand fixes it every single time"}),
        Fact("fals-hpa", "falsified", ["HPA on memory"],
             ["could the worker scale itself out when a big batch arrives, based on how much "
              "RAM it uses?",
              "why doesn't customs-worker autoscale on its heap usage?"],
             "An HPA on memory for customs-worker was tried and reverted: the JVM never hands "
             "heap back after a burst, so it scaled to the maximum and never back down; scale "
             "on queue depth (KEDA) or CPU instead.",
             {"ask": "put an HPA on memory on customs-worker, 75% of the request - it's memory "
                     "that spikes when the big manifests come in",
              "change": [write("charts/customs-worker/templates/hpa.yaml",
                               "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n"
                               "metadata:\n  name: customs-worker\nspec:\n  scaleTargetRef:\n    "
                               "apiVersion: apps/v1\n    kind: Deployment\n    name: "
                               "customs-worker\n  minReplicas: 2\n  maxReplicas: 10\n  metrics:\n"
                               "    - type: Resource\n      resource:\n        name: memory\n"
                               "        target:\n          type: Utilization\n          "
                               "averageUtilization: 75\n"),
                         edit("charts/customs-worker/values.yaml", "  replicas: 2\n",
                              "  # replicas managed by the autoscaler\n")],
              "broke": bash("kubectl -n customs get hpa customs-worker -w | awk 'NR==1 || "
                            "NR%10==0'",
                            "NAME             REFERENCE                   TARGETS   MINPODS   "
                            "MAXPODS   REPLICAS   AGE\ncustoms-worker   Deployment/customs-worker"
                            "   81%/75%   2         10        3          5m\ncustoms-worker   "
                            "Deployment/customs-worker   79%/75%   2         10        6        "
                            "  15m\ncustoms-worker   Deployment/customs-worker   77%/75%   2    "
                            "     10        10         35m\ncustoms-worker   "
                            "Deployment/customs-worker   76%/75%   2         10        10       "
                            "  50m"),
              "revert": bash("git checkout -- charts/customs-worker && git clean -fq "
                             "charts/customs-worker/templates", ""),
              "conclusion": "An HPA on memory doesn't work for customs-worker: it's a JVM, and "
                            "the heap grows to its maximum and stays there - the JVM doesn't "
                            "give memory back to the OS after a burst. So every pod sits above "
                            "75% for good, the autoscaler climbs to 10 replicas and never comes "
                            "down (76% at 50 minutes, long after the batch was done). Scaling "
                            "has to follow something that drops when the work is done: the "
                            "queue depth through KEDA, or CPU.",
              "pain": "customs-worker falls behind whenever a big batch of manifests lands",
              "idea": "autoscaling customs-worker on its memory",
              "host": ("bump customs-worker's replica count in staging from 2 to 3 for this "
                       "week",
                       edit("envs/staging/values.yaml", "customsWorker:\n  replicas: 2\n",
                            "customsWorker:\n  replicas: 3\n"))}),
        Fact("fals-spot", "falsified", ["spot nodes"],
             ["could the nightly reconciliation run on the cheap preemptible machines?",
              "why is the long batch job kept on the regular node pool?"],
             "Running the nightly reconcile job on spot nodes was tried and reverted: it runs "
             "~1.5 h without checkpoints and GKE reclaims spot VMs with 30 s notice, so it was "
             "preempted mid-run two nights of three; it stays on the standard pool.",
             {"ask": "move the nightly manifest reconcile job onto spot nodes, it's the biggest "
                     "line on the bill",
              "change": [edit("charts/customs-worker/values.yaml",
                              "reconcile:\n  nodeSelector: {}\n",
                              "reconcile:\n  nodeSelector:\n    cloud.google.com/gke-spot: "
                              "\"true\"\n  tolerations:\n    - key: cloud.google.com/gke-spot\n"
                              "      operator: Equal\n      value: \"true\"\n      effect: "
                              "NoSchedule\n")],
              "broke": bash("kubectl -n customs get jobs -l app.kubernetes.io/component="
                            "reconcile | tail -3 && kubectl -n customs get events "
                            "--field-selector reason=Preempted | tail -2",
                            "reconcile-28861440   0/1           2h41m      3d\n"
                            "reconcile-28862880   0/1           3h02m      2d\n"
                            "reconcile-28864320   1/1           1h38m      1d\nLAST SEEN   TYPE    "
                            "  REASON      OBJECT                         MESSAGE\n3d          "
                            "Warning   Preempted   pod/reconcile-28861440-x7k2q   Preempted by "
                            "GCE: node gke-quayline-spot-pool-3f1c was preempted\n2d          "
                            "Warning   Preempted   pod/reconcile-28862880-m2d9v   Preempted by "
                            "GCE: node gke-quayline-spot-pool-8a07 was preempted"),
              "revert": bash("git checkout -- charts/customs-worker/values.yaml", ""),
              "conclusion": "Spot nodes don't suit the reconcile job: it runs for an hour and a "
                            "half with no checkpoint, and GKE takes spot VMs back with 30 "
                            "seconds' notice - two of the last three nights it was preempted "
                            "mid-run and started again from zero, finishing late or not at all. "
                            "It stays on the standard pool; spot only makes sense for work that "
                            "can resume where it stopped.",
              "pain": "the nightly reconcile job is the biggest line on the GKE bill",
              "idea": "running the reconcile job on spot nodes",
              "host": ("the reconcile job should start at 01:30 instead of 02:00",
                       edit("charts/customs-worker/values.yaml", "  schedule: \"0 2 * * *\"\n",
                            "  schedule: \"30 1 * * *\"\n"))}),
    ]
    return Project(
        "berthyard", "git@github.com:quayline/berthyard.git",
        {"README.md": "# berthyard\n\nPlatform repository: Helm charts and environments.\n",
         "helmfile.yaml": "environments:\n  staging: {}\n  prod: {}\n"},
        facts,
        chores(("helmfile.yaml",
                "environments:\n  staging:\n    values: [envs/staging/values.yaml]\n  prod:\n    "
                "values: [envs/prod/values.yaml]\n---\nreleases:\n  - name: berth-api\n    "
                "chart: ./charts/berth-api\n  - name: gate-ui\n    chart: ./charts/gate-ui\n  "
                "- name: customs-worker\n    chart: ./charts/customs-worker\n",
                "Three releases - berth-api, gate-ui and customs-worker - from the charts in "
                "this repo, each rendered with the staging or prod values file depending on "
                "which environment you pick."),
               ("legacyIngress",
                "Nothing references it any more - the last user went with the old gate chart. "
                "The helper can be deleted."),
               (" charts/berth-api/templates/service.yaml |  6 +++---\n "
                "charts/berth-api/values.yaml           | 11 +++++++----\n 2 files changed, 11 "
                "insertions(+), 6 deletions(-)",
                "Two files, both in berth-api: the service now exposes the metrics port, and "
                "values.yaml has the matching port setting."),
               ("charts/gate-ui/Chart.yaml", "description: gate ui\n",
                "description: Check-in screens for the terminal gate operators\n",
                "the gate-ui chart description just says 'gate ui', make it say what it is"),
               ("kubeconform run on the rendered staging manifests",
                "helmfile -e staging template | kubeconform -strict -summary "
                "-kubernetes-version 1.29.0",
                "Summary: 64 resources found parsing stdin - Valid: 64, Invalid: 0, Errors: 0, "
                "Skipped: 0",
                "All 64 rendered resources are valid for Kubernetes 1.29."),
               ("what does TEU stand for again?",
                "Twenty-foot Equivalent Unit: the capacity of one standard 20-foot container, "
                "the unit ships and terminals are measured in (a 40-foot box is 2 TEU)."),
               ("berth-api: expose the metrics port",
                "https://github.com/quayline/berthyard/pull/412"),
               ("completed  success  berth-api: expose the metrics port   ci  berth-metrics  "
                "push  6m12s  2h\ncompleted  success  gate-ui: chart description          ci  "
                "main           push  5m48s  1d\ncompleted  success  bump ingress-nginx to "
                "4.11.2       ci  main           push  7m03s  2d",
                "Between six and seven minutes a run, and the recent ones are all green.")),
        "github")


def tollbooth() -> Project:
    """A legacy Perl 5 billing system for a regional fibre ISP: a CGI::Application staff app,
    DBI over MySQL 5.7, Template Toolkit invoices rendered to PDF, a cron-driven monthly invoice
    run (bin/billrun), dependencies pinned with Carton, tests run with prove."""
    loop = "    for my $row (@rows) {\n        $self->_apply($row);\n    }\n"
    pragmas = "use strict;\nuse warnings;\n"
    prorate_old = "    return sprintf('%.0f', $monthly * $days / $days_in_month);\n"
    bill_loop = "for my $acct (@accounts) {\n    bill_account($dbh, $acct, $period);\n}\n"
    facts = [
        Fact("conv-pence", "convention", ["integer pence"],
             ["how should a new charge amount be represented in the code?",
              "is it fine to keep a fee as 9.99 in a constant?"],
             "Money is integer pence everywhere (code and database), never floats or decimal "
             "pounds; it becomes £12.34 only at the edge, through Tollbooth::Money::format.",
             {"rule": "money is always integer pence, in code and in the database - never a "
                      "float and never pounds with decimals; it only becomes £12.34 at the "
                      "edge, through Tollbooth::Money::format",
              "task": "add a late payment fee of £7.50 to overdue invoices in "
                      "lib/Tollbooth/Dunning.pm",
              "follow": [edit("lib/Tollbooth/Dunning.pm", "use constant GRACE_DAYS => 14;\n",
                              "use constant GRACE_DAYS => 14;\nuse constant LATE_FEE   => 750;"
                              "    # pence\n"),
                         edit("lib/Tollbooth/Dunning.pm", "    $inv->{status} = 'overdue';\n",
                              "    $inv->{status} = 'overdue';\n    $inv->add_line('Late "
                              "payment fee', LATE_FEE);\n")],
              "contrary": edit("lib/Tollbooth/Dunning.pm", "use constant GRACE_DAYS => 14;\n",
                               "use constant GRACE_DAYS => 14;\nuse constant LATE_FEE   => "
                               "7.50;\n"),
              "slip": "store it as 7.50 like the fees in the old module",
              "pick": ("git grep -n 'add_line(' -- lib/ | head -5",
                       "lib/Tollbooth/Invoice.pm:212:    $self->add_line('Installation', 4999);"
                       "\nlib/Tollbooth/Credit.pm:58:    $inv->add_line('Goodwill credit', "
                       "-1000);\nlib/Tollbooth/Legacy/Adjust.pm:33:    $inv->add_line("
                       "'Adjustment', sprintf('%.2f', $amt));\nlib/Tollbooth/Invoice.pm:240:  "
                       "  $self->add_line('Router', 6500);",
                       "amounts as pounds with two decimals, formatted with sprintf (only "
                       "lib/Tollbooth/Legacy/ still does it)"),
              "guard": ("prove -l t/00-money-lint.t",
                        "t/00-money-lint.t .. 1/41\n#   Failed test 'lib/Tollbooth/Dunning.pm: "
                        "no fractional money literals'\n#   at t/00-money-lint.t line 27.\n#   "
                        "line 9: LATE_FEE   => 7.50\n#   Money is integer pence: write 750 and "
                        "format with Tollbooth::Money::format at the edge.\n# Looks like you "
                        "failed 1 test of 41.\nt/00-money-lint.t .. Dubious, test returned 1 "
                        "(wstat 256, 0x100)\nFailed 1/41 subtests\nResult: FAIL",
                        "t/00-money-lint.t .. ok\nAll tests successful.\nFiles=1, Tests=41,  0 "
                        "wallclock secs\nResult: PASS"),
              "done": "Overdue invoices get a 750p late fee line, shown as £7.50 on the PDF by "
                      "the usual formatter."}),
        Fact("conv-try", "convention", ["Try::Tiny"],
             ["what's the accepted way to catch an error in the Perl code?",
              "is eval plus a check of $@ ok in a new module?"],
             "Errors are thrown as Tollbooth::X exception objects and caught with Try::Tiny; no "
             "bare eval blocks, no die with a plain string, no checking $@ (a perlcritic policy "
             "flags it).",
             {"rule": "errors are thrown as Tollbooth::X exception objects and caught with "
                      "Try::Tiny - no bare eval blocks, no die with a plain string, no checking "
                      "$@",
              "task": "make the direct debit import skip a malformed row and carry on, instead "
                      "of dying on the whole file",
              "follow": [edit("lib/Tollbooth/DD/Import.pm", loop,
                              "    for my $row (@rows) {\n        try {\n            "
                              "$self->_apply($row);\n        }\n        catch {\n            die "
                              "$_ unless blessed $_ && $_->isa('Tollbooth::X::BadRow');\n        "
                              "    $self->log->warn(\"skipping row $row->{line}: \" . "
                              "$_->message);\n        };\n    }\n"),
                         edit("lib/Tollbooth/DD/Import.pm", pragmas,
                              pragmas + "use Scalar::Util qw(blessed);\nuse Try::Tiny;\n")],
              "contrary": edit("lib/Tollbooth/DD/Import.pm", loop,
                               "    for my $row (@rows) {\n        eval { $self->_apply($row); 1 "
                               "}\n            or warn \"skipping row $row->{line}: $@\";\n    "
                               "}\n"),
              "slip": "wrap it in an eval and look at $@ afterwards",
              "pick": ("git grep -l 'use Try::Tiny' -- lib/ | wc -l; git grep -l 'eval {' -- "
                       "lib/",
                       "37\nlib/Tollbooth/Legacy/Adjust.pm\nlib/Tollbooth/Legacy/Export.pm\n"
                       "lib/Tollbooth/Web/Old.pm",
                       "a bare eval block followed by a look at $@ (three legacy modules)"),
              "guard": ("perlcritic --profile .perlcriticrc lib/Tollbooth/DD/Import.pm",
                        "Bare eval block: throw a Tollbooth::X exception and catch it with "
                        "Try::Tiny (house rule, see .perlcriticrc) at line 41, column 9.  "
                        "(Severity: 4)\n\"$@\" inspected after eval at line 42, column 41.  "
                        "(Severity: 4)",
                        "lib/Tollbooth/DD/Import.pm source OK"),
              "done": "A malformed row is logged with its line number and skipped; anything "
                      "that isn't a bad row still stops the import, as before."}),
        Fact("cmd-carton", "command", ["carton exec"],
             ["the tests can't find Template.pm - how are they meant to be run?",
              "what's the right way to run the Perl test suite against the pinned modules?"],
             "Run the tests through Carton: `carton install --deployment && carton exec prove "
             "-lr -j4 t/`; plain prove uses the system Perl's modules and fails on missing or "
             "wrong-version dependencies.",
             {"goal": "run the test suite, I want to see where we stand before I touch the "
                      "dunning code",
              "fail": bash("prove -lr t/",
                           "t/00-money-lint.t ........ ok\nt/01-invoice.t ........... Can't "
                           "locate Template.pm in @INC (you may need to install the Template "
                           "module) (@INC contains: lib /usr/local/lib64/perl5 "
                           "/usr/local/share/perl5 /usr/lib64/perl5/vendor_perl) at "
                           "lib/Tollbooth/Invoice/Render.pm line 6.\nBEGIN failed--compilation "
                           "aborted at lib/Tollbooth/Invoice/Render.pm line 6.\nt/01-invoice.t "
                           "........... Dubious, test returned 2\n...\nFiles=48, Tests=212\n"
                           "Result: FAIL", 1),
              "fail2": bash("cpanm --installdeps . && prove -lr t/",
                            "--> Working on .\nConfiguring tollbooth-3.4 ... OK\n! Installing "
                            "the dependencies failed: Installed version (2.22) of Template is "
                            "not in range '== 2.26'\n! Bailing out the installation for ./.", 1),
              "note": "The dependencies aren't installed system-wide on purpose: Carton "
                      "installs the exact versions from cpanfile.snapshot into local/, and "
                      "carton exec puts local/lib/perl5 on @INC for the command it runs.",
              "ok": bash("carton install --deployment && carton exec prove -lr -j4 t/ | tail -3",
                         "Complete! Modules were installed into local\nAll tests successful.\n"
                         "Files=48, Tests=1312, 21 wallclock secs\nResult: PASS"),
              "done": "All 48 test files pass - 1312 tests, about 21 seconds with -j4."}),
        Fact("cmd-billrun", "command", ["--sandbox"],
             ["how do I rehearse the monthly invoicing without emailing customers?",
              "is there a safe way to try the billing script against real data?"],
             "Rehearse the invoice run with `./bin/billrun --period YYYY-MM --sandbox`: it "
             "writes to the billrun_sandbox schema, sends no mail and leaves the invoice number "
             "sequence alone; there is no --dry-run.",
             {"goal": "do a dry run of november's invoice run so I can eyeball the totals before "
                      "the real one",
              "fail": bash("./bin/billrun --period 2024-11 --dry-run",
                           "Unknown option: dry-run", 2),
              "fail2": bash("./bin/billrun --period 2024-11 --no-commit",
                            "Unknown option: no-commit", 2),
              "hint": "Usage:\n    billrun --period YYYY-MM [--sandbox] [--only ACCOUNT] "
                      "[--verbose]\n\n    --sandbox   write to the billrun_sandbox schema, send "
                      "no mail,\n                leave the invoice number sequence alone",
              "note": "billrun has no dry-run flag: its safe mode is --sandbox, which writes the "
                      "invoices into the billrun_sandbox schema, sends no email and leaves the "
                      "invoice number sequence untouched.",
              "ok": bash("./bin/billrun --period 2024-11 --sandbox --verbose | tail -4",
                         "[sandbox] 18,244 accounts, 18,031 invoices, 213 skipped (zero "
                         "balance)\n[sandbox] net £612,480.17  VAT £122,496.03  gross "
                         "£734,976.20\n[sandbox] mail: suppressed\n[sandbox] written to "
                         "billrun_sandbox.invoices (sequence untouched)"),
              "done": "The rehearsal for 2024-11: 18,031 invoices, £734,976.20 gross. Nothing "
                      "was emailed and the real tables are untouched."}),
        Fact("env-perl", "environment", ["5.16.3"],
             ["which interpreter version do the billing servers run?",
              "can I use subroutine signatures in code that runs on the live box?"],
             "Production runs CentOS 7's system Perl, 5.16.3: no postfix dereferencing, no "
             "subroutine signatures.",
             {"goal": "what perl does production run? I want postfix dereferencing in the new "
                      "report",
              "probe": [bash("ssh billing01 'perl -v | head -2; cat /etc/redhat-release'",
                             "\nThis is perl 5, version 16, subversion 3 (v5.16.3) built for "
                             "x86_64-linux-thread-multi\nCentOS Linux release 7.9.2009 (Core)")],
              "confirm": "production runs the CentOS 7 system Perl, 5.16.3. Postfix "
                         "dereferencing ($ref->@*) needs 5.20 at least (5.24 without the "
                         "feature pragma), and subroutine signatures need 5.20 too, so neither "
                         "is available - the report has to stay with @{$ref}.",
              "short": "production is on Perl 5.16.3 (the CentOS 7 system perl): no postfix "
                       "deref, no signatures",
              "said": "prod is still on the centos 7 system perl, 5.16.3",
              "value": "5.16.3",
              "alt": "5.26",
              "before": "start writing the new VAT summary report",
              "dump": [("perl -v | head -2",
                        "\nThis is perl 5, version 38, subversion 2 (v5.38.2) built for "
                        "x86_64-linux"),
                       ("head -4 cpanfile",
                        "requires 'CGI::Application', '== 4.61';\nrequires 'DBI', '== 1.643';"
                        "\nrequires 'DBD::mysql', '== 4.050';\nrequires 'Template', '== 2.26';"),
                       ("uptime", " 10:42:17 up 3 days,  2:11,  1 user,  load average: 0.41, "
                                  "0.38, 0.35")]}),
        Fact("env-replica", "environment", ["tb-replica-2"],
             ["where do big read-only reporting queries go?",
              "which database host should finance's exports read from?"],
             "Heavy or ad-hoc reporting queries run on the read-only MySQL replica "
             "tb-replica-2, port 3307, as report_ro (conf/tollbooth.ini [reporting]), never on "
             "the primary.",
             {"goal": "finance want a heavy one-off query over last year's arrears - where do I "
                      "run it without hurting the live database?",
              "probe": [bash("grep -A3 '\\[reporting\\]' conf/tollbooth.ini",
                             "[reporting]\ndsn = DBI:mysql:database=tollbooth;host=tb-replica-2;"
                             "port=3307\nuser = report_ro\n; read-only replica, a few seconds "
                             "behind the primary"),
                        bash("mysql -h tb-replica-2 -P 3307 -u report_ro -e 'SHOW SLAVE "
                             "STATUS\\G' | grep -E 'Running|Behind'",
                             "             Slave_IO_Running: Yes\n            Slave_SQL_Running: "
                             "Yes\n        Seconds_Behind_Master: 2")],
              "confirm": "run it on the reporting replica, tb-replica-2 on port 3307, as the "
                         "read-only report_ro user - that's what the [reporting] section of "
                         "conf/tollbooth.ini points at. It's about two seconds behind the "
                         "primary, which doesn't matter for last year's arrears.",
              "short": "heavy queries go to the read-only replica tb-replica-2, port 3307, user "
                       "report_ro",
              "said": "anything heavy goes to tb-replica-2 on 3307, not the primary",
              "value": "tb-replica-2 on port 3307",
              "alt": "tb-db-ro on 3306",
              "before": "kick off the arrears export for finance",
              "dump": [("mysql --version",
                        "mysql  Ver 14.14 Distrib 5.7.44, for Linux (x86_64)"),
                       ("df -h /var/tmp | tail -1",
                        "/dev/sda3        40G   11G   27G  30% /var/tmp")]}),
        Fact("gotcha-utf8", "gotcha", ["mysql_enable_utf8mb4"],
             ["why do accented customer names turn into mojibake on the printed bills?",
              "what does the database handle need so that names come back as proper "
              "characters?"],
             "Open MySQL connections with mysql_enable_utf8mb4 => 1 in the DBI connect "
             "attributes: without it DBD::mysql returns raw bytes and accented names were "
             "encoded twice on the PDFs (SiÃ¢n).",
             {"symptom": "customer names with accents come out as garbage on the PDF invoices - "
                         "SiÃ¢n Pryce instead of Siân Pryce",
              "probe": [bash("mysql tollbooth -e \"SELECT name, HEX(name) FROM accounts WHERE "
                             "id = 40211\"",
                             "name\tHEX(name)\nSiân Pryce\t5369C3A26E20507279636500"),
                        read("lib/Tollbooth/DB.pm",
                             "sub connect {\n    my ($class, $cfg) = @_;\n    return "
                             "DBI->connect($cfg->{dsn}, $cfg->{user}, $cfg->{pass},\n        { "
                             "RaiseError => 1, AutoCommit => 1 });\n}\n")],
              "explain": "The data is fine - the bytes in the table are correct UTF-8 (C3 A2 is "
                         "â). It goes wrong on the way out: DBD::mysql hands back raw bytes "
                         "unless the connection is opened with mysql_enable_utf8mb4 => 1, so "
                         "Perl treats each byte as a character and the PDF template encodes "
                         "them a second time - double-encoded UTF-8, hence SiÃ¢n. Setting "
                         "mysql_enable_utf8mb4 in the connect attributes gives decoded strings "
                         "(and a utf8mb4 connection, so emoji in company names survive too).",
              "fix": [edit("lib/Tollbooth/DB.pm",
                           "        { RaiseError => 1, AutoCommit => 1 });\n",
                           "        { RaiseError => 1, AutoCommit => 1, mysql_enable_utf8mb4 "
                           "=> 1 });\n")],
              "done": "The re-rendered invoice for account 40211 shows Siân Pryce, and so do the "
                      "other accented names in the November batch.",
              "shallow": (edit("templates/invoice.tt", "<head>\n",
                               "<head>\n<meta charset=\"utf-8\">\n"),
                          "The invoice template has no charset declaration, so wkhtmltopdf "
                          "guesses Latin-1. I've added <meta charset=\"utf-8\">.",
                          "exact same garbage on the pdf"),
              "repro": ("/tmp/enc.pl",
                        "use strict; use warnings;\nuse DBI;\nfor my $flag (0, 1) {\n    my "
                        "$dbh = DBI->connect('DBI:mysql:database=tollbooth_dev', 'dev', '',\n"
                        "        { mysql_enable_utf8mb4 => $flag });\n    my ($n) = "
                        "$dbh->selectrow_array('SELECT name FROM accounts WHERE id = 40211');\n"
                        "    printf \"flag=%d length=%d\\n\", $flag, length $n;\n}\n",
                        "perl /tmp/enc.pl", "flag=0 length=11\nflag=1 length=10"),
              "misread": "so the database has the wrong encoding and we need to convert the "
                         "tables",
              "nuance": "The tables are fine and need no migration - the HEX() output shows "
                        "correct UTF-8. Only the connection was wrong: without the flag, "
                        "DBD::mysql returns bytes and Perl encoded them a second time. One "
                        "attribute in DB.pm fixes every read.",
              "clue": "it's only on the PDFs. the staff web screens show the names fine"}),
        Fact("gotcha-half", "gotcha", ["banker's rounding"],
             ["why are some prorated charges one penny lower than finance expects?",
              "how does Perl's printf treat an amount that's exactly half a penny?"],
             "sprintf('%.0f') uses banker's rounding (exact halves go to the even neighbour), "
             "so part-month lines landing on half a penny were 1p off finance's half-up "
             "figures; Tollbooth::Prorate rounds half up explicitly (round_half_up).",
             {"symptom": "a handful of invoices are a penny off what the accountant's "
                         "spreadsheet says",
              "probe": [read("lib/Tollbooth/Prorate.pm",
                             "sub prorate {\n    my ($monthly, $days, $days_in_month) = @_;    "
                             "# pence\n" + prorate_old + "}\n"),
                        bash("perl -Ilib -MTollbooth::Prorate -E 'say "
                             "Tollbooth::Prorate::prorate($_, 15, 30) for 2997, 2999, 3001'",
                             "1498\n1500\n1500")],
              "explain": "sprintf('%.0f') doesn't round halves up: it uses the C library's "
                         "rounding, which is banker's rounding - an exact half goes to the even "
                         "neighbour. So 1498.5p becomes 1498 while 1499.5p becomes 1500, and "
                         "every prorated line that lands on exactly half a penny rounds down "
                         "half the time. The accountant's spreadsheet rounds halves up, hence "
                         "the penny. Rounding half up explicitly, in one helper, matches it.",
              "fix": [edit("lib/Tollbooth/Prorate.pm", prorate_old,
                           "    return round_half_up($monthly * $days / $days_in_month);\n"),
                      edit("lib/Tollbooth/Prorate.pm", "1;\n",
                           "sub round_half_up {\n    my ($x) = @_;\n    return $x < 0 ? "
                           "-int(-$x + 0.5) : int($x + 0.5);\n}\n\n1;\n")],
              "done": "prorate gives 1499, 1500 and 1501 for those three now, matching the "
                      "spreadsheet; the 37 November invoices that were a penny out are queued "
                      "for re-issue.",
              "shallow": (bash("perl -Ilib -MTollbooth::Prorate -E 'say "
                               "Tollbooth::Prorate::prorate(2999, 15, 30)'", "1500"),
                          "That one comes out right here - 2999 over half a month is 1500 - so "
                          "the spreadsheet is probably counting November's days differently.",
                          "the spreadsheet uses 30 days too, I checked. still a penny out"),
              "repro": ("/tmp/half.pl",
                        "printf \"%s -> %.0f\\n\", $_, $_ for 0.5, 1.5, 2.5, 1498.5, 1500.5;\n",
                        "perl /tmp/half.pl",
                        "0.5 -> 0\n1.5 -> 2\n2.5 -> 2\n1498.5 -> 1498\n1500.5 -> 1500"),
              "misread": "so perl always rounds .5 down",
              "nuance": "Not always down - to the even neighbour: 1.5 goes up to 2 and 2.5 goes "
                        "down to 2. Across many invoices that's half up and half down, which "
                        "is why only some lines were off. The helper now rounds every half up, "
                        "like the spreadsheet.",
              "clue": "it's only ever the part-month lines, new connections and cancellations. "
                      "full months are always right"}),
        Fact("fals-starman", "falsified", ["Starman"],
             ["could the staff web app run in a long-lived app server so pages load faster?",
              "why is the back-office site still plain CGI?"],
             "Running the staff app under Starman (Plack, persistent workers) was tried and "
             "reverted: package-variable caches from the CGI days leaked between requests, so "
             "one staff member saw another's customer; it stays CGI until that state is "
             "request-scoped.",
             {"ask": "run the staff app under Starman through Plack instead of CGI - every page "
                     "load forks perl and compiles everything, it's so slow",
              "change": [write("app.psgi",
                               "use strict;\nuse warnings;\nuse CGI::PSGI;\nuse "
                               "CGI::Application::PSGI;\nuse Tollbooth::Web;\n\nmy $app = sub "
                               "{\n    my $env = shift;\n    my $webapp = "
                               "Tollbooth::Web->new({ QUERY => CGI::PSGI->new($env) });\n    "
                               "return CGI::Application::PSGI->run($webapp);\n};\n"),
                         bash("local/bin/plackup -s Starman --workers 4 -p 5050 app.psgi &",
                              "Starman: Accepting connections at http://*:5050/")],
              "broke": bash("perl t/web/two_sessions.pl http://localhost:5050",
                            "session A (account 40211) GET /account/summary -> Siân Pryce, "
                            "balance £41.20\nsession B (account 51877) GET /account/summary -> "
                            "Siân Pryce, balance £41.20   <-- WRONG ACCOUNT\nFAIL: session B "
                            "saw session A's account", 1),
              "revert": bash("kill %1; rm app.psgi", ""),
              "conclusion": "Starman is out until the web code is cleaned up: the old modules "
                            "keep per-request state in package variables "
                            "(%Tollbooth::Web::Account::CACHE, $CURRENT_ACCOUNT) that CGI threw "
                            "away with the process. Under Starman a worker lives for many "
                            "requests, so the second staff member saw the first one's customer. "
                            "A persistent server first needs every package-level cache made "
                            "request-scoped.",
              "pain": "every page of the staff app takes a second and a half to load",
              "idea": "running the staff app persistently under Starman",
              "host": ("the account summary page should show the customer's phone number "
                       "under the address",
                       edit("templates/account/summary.tt",
                            "  <p>[% account.address | html %]</p>\n",
                            "  <p>[% account.address | html %]</p>\n  <p>[% account.phone | "
                            "html %]</p>\n"))}),
        Fact("fals-fork", "falsified", ["Parallel::ForkManager"],
             ["could the monthly billing job be split across several processes to finish "
              "sooner?",
              "why does the invoice run still handle accounts one at a time?"],
             "Forking the invoice run with Parallel::ForkManager was tried and reverted: the "
             "children shared the parent's MySQL handle (lost connection, server gone away) "
             "and the Perl-side invoice counter issued duplicate numbers; the run stays "
             "sequential.",
             {"ask": "parallelise the invoice run with Parallel::ForkManager, 8 children, one "
                     "slice of the accounts each - the run takes four hours",
              "change": [edit("bin/billrun", bill_loop,
                              "my $pm = Parallel::ForkManager->new(8);\nfor my $slice "
                              "(slices(\\@accounts, 8)) {\n    $pm->start and next;\n    "
                              "bill_account($dbh, $_, $period) for @$slice;\n    "
                              "$pm->finish;\n}\n$pm->wait_all_children;\n")],
              "broke": bash("TB_CONFIG=conf/test.ini ./bin/billrun --period 2024-10 2>&1 | "
                            "tail -5",
                            "DBD::mysql::st execute failed: Lost connection to MySQL server "
                            "during query at bin/billrun line 88.\nDBD::mysql::st execute "
                            "failed: MySQL server has gone away at bin/billrun line 88.\nchild "
                            "31877 exited with status 255\ninvoices issued: 2,114 of 2,240\n"
                            "duplicate invoice numbers: TB-2024-10-004417 (x2), "
                            "TB-2024-10-004418 (x2), TB-2024-10-004502 (x2)", 1),
              "revert": bash("git checkout -- bin/billrun", ""),
              "conclusion": "Parallel::ForkManager doesn't fit the invoice run as it is: the "
                            "children inherit the parent's single MySQL connection, so they "
                            "talk over each other on one socket (lost connection, server has "
                            "gone away), and the invoice number comes from a counter read and "
                            "incremented in Perl, so two children handed out the same number - "
                            "and invoice numbers must be unique and gapless. It would need a "
                            "connection per child and the numbering moved into the database "
                            "first; until then the run stays sequential.",
              "pain": "the monthly invoice run takes four hours",
              "idea": "forking the invoice run over eight processes",
              "host": ("make billrun print how long each hundred accounts took, so we can see "
                       "where the four hours go",
                       edit("bin/billrun", "    bill_account($dbh, $acct, $period);\n",
                            "    bill_account($dbh, $acct, $period);\n    printf STDERR \"%d "
                            "accounts, %.1fs\\n\", $n, time - $t0 unless ++$n % 100;\n"))}),
    ]
    return Project(
        "tollbooth", "git@github.com:wessexfibre/tollbooth.git",
        {"README.md": "# tollbooth\n\nBilling for Wessex Fibre: staff app, invoice run, "
                      "direct debits.\n",
         "cpanfile": "requires 'DBI', '== 1.643';\n"},
        facts,
        chores(("lib/Tollbooth/Mandate.pm",
                "package Tollbooth::Mandate;\nuse strict;\nuse warnings;\n\nsub is_active {\n    "
                "my ($self) = @_;\n    return $self->{status} eq 'live'\n        && "
                "!$self->{cancelled_on};\n}\n\nsub next_collection {\n    my ($self, $from) = "
                "@_;\n    return $from->clone->add(days => 10)->truncate(to => 'day');\n}\n\n1;\n",
                "A direct debit mandate: it's active while its status is live and it hasn't "
                "been cancelled, and the next collection is ten days after the date you pass "
                "in."),
               ("fax_invoice",
                "No callers anywhere - faxing invoices went away with the old print room. "
                "It can go."),
               (" lib/Tollbooth/Dunning.pm | 14 +++++++++-----\n t/05-dunning.t           | 22 "
                "++++++++++++++++++++++\n 2 files changed, 31 insertions(+), 5 deletions(-)",
                "The dunning escalation moved from 21 to 28 days, with a new test file "
                "covering the boundary."),
               ("templates/invoice.tt", "Thankyou for your custom.", "Thank you for your "
                "custom.", "the invoice footer says 'Thankyou', it's two words"),
               ("perltidy check", "perltidy -pro=.perltidyrc --assert-tidy lib/Tollbooth/*.pm",
                "", "Nothing to report - every module is tidy."),
               ("what's the difference between a direct debit and a standing order?",
                "A standing order is set up by the payer and pays a fixed amount on a schedule; "
                "a direct debit is an authority the payer gives the company to collect "
                "whatever is due, and it's covered by the Direct Debit Guarantee."),
               ("dunning: escalate after 28 days, not 21",
                "https://github.com/wessexfibre/tollbooth/pull/287"),
               ("completed  success  dunning: escalate after 28 days   ci  dunning-28  push  "
                "3m41s  1h\ncompleted  success  templates: footer wording        ci  main     "
                "   push  3m12s  1d\ncompleted  failure  mandates: cancel on closure     ci  "
                "main        push  3m55s  2d",
                "Three to four minutes a run. One failure two days ago on the mandates change; "
                "everything since is green.")),
        "stripe")


def kilnroom() -> Project:
    """A Nuxt 3 / Vue 3 admin app for a pottery studio's classes and kiln firings, on
    Cloudflare Pages (Nitro's cloudflare-pages preset) with D1 and R2, Pinia stores, UnoCSS,
    Vitest, pnpm and wrangler, behind Cloudflare Access."""
    firing_btn = ("<template>\n  <FiringHeader :firing=\"firing\" />\n")
    tx_block = ("  await db.exec('BEGIN TRANSACTION')\n  await db.prepare('INSERT INTO bookings "
                "(class_id, member_id) VALUES (?, ?)').bind(classId, memberId).run()\n  await "
                "db.prepare('UPDATE classes SET seats_taken = seats_taken + 1 WHERE id = ? AND "
                "seats_taken < seats').bind(classId).run()\n  await db.exec('COMMIT')\n")
    slot_fmt = "toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })"
    facts = [
        Fact("conv-api", "convention", ["composables/api"],
             ["can a page component talk to the backend endpoints itself?",
              "where do I put the code for a new API call in the admin?"],
             "Components and pages never call $fetch or useFetch directly: every API call goes "
             "through a typed wrapper in composables/api/ (useClasses, useFirings, ...); an "
             "architecture test enforces it.",
             {"rule": "components and pages never call $fetch or useFetch themselves - every "
                      "API call goes through a typed wrapper in composables/api/ (useClasses, "
                      "useFirings and so on)",
              "task": "add a 'cancel firing' button to the firing detail page that posts to "
                      "/api/firings/:id/cancel",
              "follow": [edit("composables/api/useFirings.ts", "  return { get, list }\n",
                              "  async function cancel(id: number) {\n    await $fetch"
                              "(`/api/firings/${id}/cancel`, { method: 'POST' })\n  }\n  return "
                              "{ get, list, cancel }\n"),
                         edit("pages/firings/[id].vue", firing_btn,
                              firing_btn + "  <UButton color=\"red\" @click=\"useFirings()"
                              ".cancel(firing.id).then(refresh)\">Cancel firing</UButton>\n")],
              "contrary": edit("pages/firings/[id].vue", firing_btn,
                               firing_btn + "  <UButton color=\"red\" @click=\"$fetch(`/api/"
                               "firings/${firing.id}/cancel`, { method: 'POST' }).then(refresh)"
                               "\">Cancel firing</UButton>\n"),
              "slip": "just $fetch it straight from the page, it's one call",
              "pick": ("git grep -n -E '\\$fetch\\(|useFetch\\(' -- components/ pages/",
                       "pages/legacy/stock.vue:14:const { data } = await useFetch("
                       "'/api/glazes')\ncomponents/OldKilnChart.vue:22:  const rows = await "
                       "$fetch('/api/firings/history')",
                       "calling $fetch or useFetch right inside the component (two old files "
                       "still do)"),
              "guard": ("pnpm vitest run tests/arch",
                        " FAIL  tests/arch/no-direct-fetch.test.ts > components and pages "
                        "don't fetch directly\nAssertionError: pages/firings/[id].vue calls "
                        "$fetch directly. API calls go through a typed wrapper in "
                        "composables/api/ - see composables/api/README.md\n ❯ "
                        "tests/arch/no-direct-fetch.test.ts:19:7\n\n Test Files  1 failed | 2 "
                        "passed (3)\n      Tests  1 failed | 11 passed (12)",
                        " Test Files  3 passed (3)\n      Tests  12 passed (12)"),
              "done": "The firing page has a Cancel firing button; it calls "
                      "useFirings().cancel(id), which posts to /api/firings/:id/cancel, and "
                      "the page refreshes."}),
        Fact("conv-pinia", "convention", ["setup stores"],
             ["which Pinia style should a new store use?",
              "is it ok to write a store with state, getters and actions keys?"],
             "Pinia stores are setup stores (defineStore with a function returning refs, "
             "computed and functions), never options stores with state/getters/actions; an "
             "ESLint rule flags the options form.",
             {"rule": "Pinia stores are written as setup stores - defineStore with a function, "
                      "using ref and computed - never the options object with state, getters "
                      "and actions",
              "task": "add a Pinia store for the glaze inventory with a lowStock getter for "
                      "anything under 500 g",
              "follow": [write("stores/glazes.ts",
                               "export const useGlazeStore = defineStore('glazes', () => {\n  "
                               "const items = ref<Glaze[]>([])\n  const lowStock = computed(() "
                               "=> items.value.filter((g) => g.grams < 500))\n  async function "
                               "load() {\n    items.value = await useGlazesApi().list()\n  }\n  "
                               "return { items, lowStock, load }\n})\n")],
              "contrary": write("stores/glazes.ts",
                                "export const useGlazeStore = defineStore('glazes', {\n  state: "
                                "() => ({ items: [] as Glaze[] }),\n  getters: {\n    lowStock: "
                                "(state) => state.items.filter((g) => g.grams < 500),\n  },\n  "
                                "actions: {\n    async load() {\n      this.items = await "
                                "useGlazesApi().list()\n    },\n  },\n})\n"),
              "slip": "use the options syntax so it looks like auth.ts",
              "pick": ("git grep -n 'defineStore(' -- stores/",
                       "stores/auth.ts:3:export const useAuthStore = defineStore('auth', {\n"
                       "stores/classes.ts:4:export const useClassStore = defineStore("
                       "'classes', () => {\nstores/firings.ts:5:export const useFiringStore = "
                       "defineStore('firings', () => {\nstores/members.ts:4:export const "
                       "useMemberStore = defineStore('members', () => {",
                       "the options object with state, getters and actions (only "
                       "stores/auth.ts)"),
              "guard": ("pnpm lint stores/",
                        "/home/dev/src/kilnroom/stores/glazes.ts\n  1:52  error  Options stores "
                        "aren't used here: write setup stores (defineStore with a function). "
                        "See docs/frontend.md  no-restricted-syntax\n\n✖ 1 problem (1 error, 0 "
                        "warnings)",
                        ""),
              "done": "useGlazeStore loads the inventory through the glazes API wrapper; "
                      "lowStock lists everything under 500 g, and the inventory page badges "
                      "those."}),
        Fact("cmd-migrate", "command", ["db:migrate:local"],
             ["the dev server says a table doesn't exist right after I ran the migrations - "
              "what should I run instead?",
              "how do I bring my local D1 schema up to date?"],
             "Apply D1 migrations locally with `pnpm db:migrate:local` (wrangler d1 migrations "
             "apply kiln-db --local --persist-to .data/wrangler); the plain --local apply "
             "writes to .wrangler/state, which the Nuxt dev server doesn't read.",
             {"goal": "apply the new migration (0014_glaze_batches.sql) to my local db so I can "
                      "work on the glaze page",
              "fail": bash("pnpm wrangler d1 migrations apply kiln-db --local && pnpm dev",
                           "🌀 Executing on local database kiln-db from .wrangler/state/v3/d1:\n"
                           "│ 0014_glaze_batches.sql │ ✅ │\n  ➜ Local:    http://localhost:3000/\n"
                           "[nitro] [request error] [unhandled] D1_ERROR: no such table: "
                           "glaze_batches: SQLITE_ERROR\n  at /api/glazes/batches", 1),
              "fail2": bash("rm -rf .wrangler/state && pnpm wrangler d1 migrations apply "
                            "kiln-db --local && pnpm dev",
                            "🌀 Executing on local database kiln-db from "
                            ".wrangler/state/v3/d1:\n│ 0001_init.sql │ ✅ │\n...\n│ "
                            "0014_glaze_batches.sql │ ✅ │\n[nitro] [request error] "
                            "[unhandled] D1_ERROR: no such table: glaze_batches: SQLITE_ERROR",
                            1),
              "hint": "ℹ [nitro-cloudflare-dev] bindings: DB -> D1 kiln-db, persisted in "
                      ".data/wrangler (see package.json scripts)",
              "note": "The dev server doesn't read .wrangler/state: the Nuxt Cloudflare dev "
                      "integration keeps its D1 state under .data/wrangler, so migrations "
                      "applied the plain way land in a database nobody reads. The package "
                      "script db:migrate:local passes --persist-to .data/wrangler so they go "
                      "into the right one.",
              "ok": bash("pnpm db:migrate:local && pnpm dev",
                         "> wrangler d1 migrations apply kiln-db --local --persist-to "
                         ".data/wrangler\n│ 0014_glaze_batches.sql │ ✅ │\n  ➜ Local:    "
                         "http://localhost:3000/\n✔ Nuxt Nitro server built in 1480 ms"),
              "done": "Migration 0014 is in the database the dev server reads; "
                      "/api/glazes/batches returns an empty list instead of the no-such-table "
                      "error."}),
        Fact("cmd-pages", "command", ["wrangler pages dev"],
             ["how do I run the built site locally in the real Workers runtime rather than "
              "Node?",
              "how can I reproduce a production-only bug on my machine with the actual "
              "bindings?"],
             "Run the production build locally in workerd with the D1 and R2 bindings: `pnpm "
             "build && pnpm wrangler pages dev dist` (not node or nuxi preview, not wrangler "
             "dev).",
             {"goal": "run the production build locally, in the actual Cloudflare runtime - "
                      "the kiln photo upload only breaks once it's deployed",
              "fail": bash("pnpm build && pnpm wrangler dev dist/_worker.js",
                           "✔ Server built in 3912ms\n\n ⛅️ wrangler 3.78.2\n✘ [ERROR] "
                           "Processing wrangler.toml configuration:\n    - \"pages_build_output"
                           "_dir\" is set: this config belongs to a Pages project.", 1),
              "fail2": bash("node .output/server/index.mjs",
                            "node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: "
                            "Cannot find module '/home/dev/src/kilnroom/.output/server/"
                            "index.mjs'", 1),
              "hint": "It looks like you've run a Workers-specific command in a Pages project.\n"
                      "For Pages, please run `wrangler pages dev` instead.",
              "note": "The cloudflare-pages preset builds a Pages worker into dist/, and only "
                      "wrangler pages dev runs it the way Pages does - in workerd, with the D1 "
                      "and R2 bindings from wrangler.toml - instead of Node.",
              "ok": bash("pnpm build && pnpm wrangler pages dev dist | tail -7",
                         "✨ Compiled Worker successfully\nYour worker has access to the "
                         "following bindings:\n- D1 Databases:\n  - DB: kiln-db (local)\n- R2 "
                         "Buckets:\n  - PHOTOS: kiln-photos (local)\n[wrangler:inf] Ready on "
                         "http://localhost:8788"),
              "done": "The production build runs on localhost:8788 in workerd with the D1 and "
                      "R2 bindings; the photo upload fails here the same way it does when "
                      "deployed, so it can be debugged locally."}),
        Fact("env-access", "environment", ["cloudflareaccess"],
             ["where is the sign-in for the admin handled?",
              "how do I give a new staff member access to the admin site?"],
             "The admin has no login of its own: Cloudflare Access (team "
             "clayhouse.cloudflareaccess.com, email one-time PIN) guards it, and "
             "server/middleware/auth.ts only verifies the Cf-Access-Jwt-Assertion JWT.",
             {"goal": "how do people log in to the admin? there's no login page anywhere in the "
                      "code",
              "probe": [bash("curl -sI https://admin.clayhouse.studio | grep -iE "
                             "'^(HTTP|location)'",
                             "HTTP/2 302\nlocation: https://clayhouse.cloudflareaccess.com/"
                             "cdn-cgi/access/login/admin.clayhouse.studio?kid=7f3e91c2"),
                        read("server/middleware/auth.ts",
                             "const CERTS = 'https://clayhouse.cloudflareaccess.com/cdn-cgi/"
                             "access/certs'\n\nexport default defineEventHandler(async (event) "
                             "=> {\n  const jwt = getHeader(event, 'cf-access-jwt-assertion')\n"
                             "  event.context.user = await verifyAccessJwt(jwt, CERTS)\n})\n")],
              "confirm": "there's no login page because Cloudflare Access handles it in front "
                         "of the app: the admin sits behind the clayhouse.cloudflareaccess.com "
                         "team (a one-time PIN by email for the studio staff), and "
                         "server/middleware/auth.ts only verifies the Cf-Access-Jwt-Assertion "
                         "header that Access adds.",
              "short": "login is Cloudflare Access, team clayhouse.cloudflareaccess.com; the "
                       "app only checks the Access JWT",
              "said": "login is all cloudflare access - the clayhouse.cloudflareaccess.com team "
                      "- and the app just checks the jwt",
              "value": "Cloudflare Access (the clayhouse.cloudflareaccess.com team)",
              "alt": "nuxt-auth-utils with a session cookie",
              "before": "add the new studio assistant as an admin",
              "dump": [("pnpm ls nuxt", "kilnroom@0.9.0\n└── nuxt 3.13.2"),
                       ("head -3 wrangler.toml",
                        "name = \"kilnroom-admin\"\npages_build_output_dir = \"dist\"\n"
                        "[[d1_databases]]"),
                       ("git log --oneline -2",
                        "c41e0a7 glazes: inventory page\n9b2d6f1 classes: waitlist")]}),
        Fact("env-compat", "environment", ["2024-09-23"],
             ["which runtime date and flags does the Workers side run with?",
              "can server routes import Node built-ins like crypto without a shim?"],
             "The Pages project runs with compatibility_date 2024-09-23 and the nodejs_compat "
             "flag (wrangler.toml), so node:crypto works without a polyfill.",
             {"goal": "which workers compatibility date are we on? I want to know if "
                      "node:crypto works without a polyfill",
              "probe": [bash("grep -nE 'compatibility_(date|flags)' wrangler.toml",
                             "3:compatibility_date = \"2024-09-23\"\n4:compatibility_flags = "
                             "[\"nodejs_compat\"]")],
              "confirm": "the Pages project runs with compatibility_date 2024-09-23 and the "
                         "nodejs_compat flag, so node:crypto is there natively (randomUUID, "
                         "createHash, subtle) - no polyfill needed.",
              "short": "compatibility_date 2024-09-23 with nodejs_compat (node:crypto works "
                       "natively)",
              "said": "we're on compat date 2024-09-23 with nodejs_compat switched on",
              "value": "2024-09-23 with nodejs_compat",
              "alt": "2023-05-18 without nodejs_compat",
              "before": "swap the uuid package for node:crypto",
              "dump": [("pnpm ls wrangler", "kilnroom@0.9.0\n└── wrangler 3.78.2"),
                       ("node -v", "v20.17.0"),
                       ("grep -c uuid pnpm-lock.yaml", "4")]}),
        Fact("gotcha-tz", "gotcha", ["Europe/London"],
             ["why do class start times flicker an hour off when the timetable loads?",
              "which zone should dates be formatted in so server and browser agree?"],
             "Format dates with an explicit timeZone: 'Europe/London': Workers render SSR in "
             "UTC while browsers use local time, which caused hydration mismatches (times an "
             "hour off in summer).",
             {"symptom": "hydration mismatch warning on the class timetable, and for a split "
                         "second the times show an hour early before they flip",
              "probe": [bash("curl -s http://localhost:3000/classes | grep -o 'data-start="
                             "\"[^\"]*\">[^<]*' | head -2",
                             "data-start=\"2024-09-17T17:30:00Z\">17:30\ndata-start=\"2024-09-"
                             "18T09:00:00Z\">09:00"),
                        read("components/ClassSlot.vue",
                             "<script setup lang=\"ts\">\nconst props = defineProps<{ start: "
                             f"string }}>()\nconst time = new Date(props.start).{slot_fmt}\n"
                             "</script>\n\n<template>\n  <span>{{ time }}</span>\n</template>\n")],
              "explain": "The time is formatted twice: on the server during SSR and again in "
                         "the browser during hydration, and toLocaleTimeString uses whatever "
                         "timezone it runs in. Workers always run in UTC and the browser is on "
                         "British Summer Time, so the server sends 17:30, the browser computes "
                         "18:30, Vue warns about the mismatch and patches it - the flicker. "
                         "Formatting with an explicit timeZone: 'Europe/London' makes both sides "
                         "produce the studio's local time.",
              "fix": [edit("components/ClassSlot.vue", slot_fmt,
                           "toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', "
                           "timeZone: 'Europe/London' })")],
              "done": "The timetable renders 18:30 on the server and in the browser alike, and "
                      "the hydration warning is gone.",
              "shallow": (edit("components/ClassSlot.vue", "  <span>{{ time }}</span>\n",
                               "  <ClientOnly><span>{{ time }}</span></ClientOnly>\n"),
                          "Wrapping the time in <ClientOnly> keeps the server from rendering "
                          "it, so there's nothing left to mismatch.",
                          "now the times pop in late and the whole table jumps"),
              "repro": ("/tmp/tz.mjs",
                        "const d = new Date('2024-09-17T17:30:00Z')\nfor (const tz of ['UTC', "
                        "'Europe/London']) {\n  console.log(tz, d.toLocaleTimeString('en-GB', { "
                        "hour: '2-digit', minute: '2-digit', timeZone: tz }))\n}\n",
                        "node /tmp/tz.mjs", "UTC 17:30\nEurope/London 18:30"),
              "misread": "so the workers have the wrong clock",
              "nuance": "The clock is right - it's the timezone. The Worker and the browser "
                        "agree on the instant, but the Worker formats it in UTC and the browser "
                        "in the visitor's zone. Pinning timeZone makes the output independent "
                        "of where it runs.",
              "clue": "it only started when the clocks went forward, all winter it was fine"}),
        Fact("gotcha-batch", "gotcha", ["db.batch"],
             ["a class ended up with more bookings than seats - how can that happen?",
              "how do I make two SQL writes all-or-nothing on Cloudflare's SQLite?"],
             "D1 has no interactive transactions (BEGIN/COMMIT through exec don't hold), so a "
             "separate insert and update let a class reach 9 of 8 seats; statements that must "
             "be atomic go in one db.batch([...]).",
             {"symptom": "booking the last wheel seat sometimes leaves a class at 9 bookings for "
                         "8 seats - the booking insert and the seat count don't seem to happen "
                         "together",
              "probe": [read("server/api/bookings.post.ts",
                             "export default defineEventHandler(async (event) => {\n  const { "
                             "classId, memberId } = await readBody(event)\n  const db = "
                             "event.context.cloudflare.env.DB\n" + tx_block + "})\n"),
                        bash("pnpm wrangler d1 execute kiln-db --remote --command \"SELECT id, "
                             "seats, seats_taken, (SELECT count(*) FROM bookings b WHERE "
                             "b.class_id = c.id) AS booked FROM classes c WHERE booked > "
                             "seats\"",
                             "│ id  │ seats │ seats_taken │ booked │\n│ 212 │ 8     │ 8         "
                             "  │ 9      │")],
              "explain": "D1 doesn't do interactive transactions: BEGIN TRANSACTION and COMMIT "
                         "sent through exec() don't hold anything open, so the insert and the "
                         "update are two independent statements and a second request can slip "
                         "in between. The update's seats_taken < seats guard stops the counter, "
                         "but by then the insert has happened - 9 bookings for 8 seats. D1's "
                         "unit of atomicity is db.batch([...]): the statements in one batch run "
                         "as a single transaction. A conditional insert plus the counter in the "
                         "same batch makes the pair all-or-nothing.",
              "fix": [edit("server/api/bookings.post.ts", tx_block,
                           "  const [insert] = await db.batch([\n    db.prepare('INSERT INTO "
                           "bookings (class_id, member_id) SELECT ?, ? FROM classes WHERE id = ? "
                           "AND seats_taken < seats').bind(classId, memberId, classId),\n    "
                           "db.prepare('UPDATE classes SET seats_taken = seats_taken + 1 WHERE "
                           "id = ? AND seats_taken < seats').bind(classId),\n  ])\n  if "
                           "(!insert.meta.changes) throw createError({ statusCode: 409, "
                           "statusMessage: 'Class is full' })\n")],
              "done": "Twenty parallel bookings for the last seat now give one 200 and nineteen "
                      "409 'Class is full'; class 212 is back to 8 after removing the extra "
                      "booking.",
              "shallow": (edit("server/api/bookings.post.ts",
                               "  await db.exec('BEGIN TRANSACTION')\n",
                               "  await db.exec('BEGIN IMMEDIATE TRANSACTION')\n"),
                          "A plain BEGIN is deferred in SQLite, so the write lock is taken late; "
                          "BEGIN IMMEDIATE takes it up front and serialises the two bookings.",
                          "still 9 of 8 when two people book at the same moment"),
              "repro": ("/tmp/race.sh",
                        "for i in $(seq 20); do\n  curl -s -o /dev/null -w '%{http_code}\\n' -X "
                        "POST localhost:8788/api/bookings \\\n    -d \"{\\\"classId\\\":999,"
                        "\\\"memberId\\\":$i}\" &\ndone\nwait\n",
                        "bash /tmp/race.sh | sort | uniq -c",
                        "     20 200"),
              "misread": "so d1 just doesn't support transactions at all",
              "nuance": "It does - just not the interactive kind. You can't hold a transaction "
                        "open across awaits with BEGIN and COMMIT, but every batch is one "
                        "transaction, and a single statement is atomic on its own. Anything "
                        "that has to happen together goes into one batch.",
              "clue": "it's only ever the popular classes, when booking opens at 9am and "
                      "everyone piles in at once"}),
        Fact("fals-kv", "falsified", ["Workers KV"],
             ["could the public timetable be served from Cloudflare's key-value store to cut "
              "database reads?",
              "why isn't the class list cached at the edge?"],
             "Caching the class list in Workers KV was tried and reverted: KV is eventually "
             "consistent (up to ~60 s), so a full class stayed bookable for 47 s and checkouts "
             "failed with 409; use the Cache API with a purge on booking if needed.",
             {"ask": "cache the public class list in Workers KV for a minute, D1 reads are the "
                     "biggest number on the analytics page",
              "change": [edit("server/api/classes.get.ts",
                              "  const { results } = await db.prepare(LIST_SQL).all()\n  return "
                              "results\n",
                              "  const kv = event.context.cloudflare.env.CACHE\n  const hit = "
                              "await kv.get('classes', 'json')\n  if (hit) return hit\n  const "
                              "{ results } = await db.prepare(LIST_SQL).all()\n  await "
                              "kv.put('classes', JSON.stringify(results), { expirationTtl: 60 "
                              "})\n  return results\n"),
                         edit("wrangler.toml", "[[r2_buckets]]\n",
                              "[[kv_namespaces]]\nbinding = \"CACHE\"\nid = "
                              "\"5c2f0e8b9d41a7c3\"\n\n[[r2_buckets]]\n")],
              "broke": bash("pnpm vitest run tests/e2e/full-class.test.ts",
                            " FAIL  tests/e2e/full-class.test.ts > a full class disappears "
                            "from the booking list\nAssertionError: expected class 212 to be "
                            "absent after the last seat was booked\n  - still listed as "
                            "bookable 47 s after it filled (cached list read in another "
                            "location)\n  - 2 checkouts rejected with 409 after the list "
                            "offered the class\n\n Test Files  1 failed (1)", 1),
              "revert": bash("git checkout -- server/api/classes.get.ts wrangler.toml", ""),
              "conclusion": "Workers KV is the wrong cache for the class list: it's eventually "
                            "consistent across locations and a write can take up to a minute to "
                            "show everywhere, so a class that had filled up stayed bookable for "
                            "47 seconds and members got 'Class is full' at checkout. The D1 "
                            "reads aren't worth that; if the list needs caching, a short Cache "
                            "API entry purged on every booking fits better.",
              "pain": "D1 read units are the biggest number on the Cloudflare bill",
              "idea": "caching the class list in Workers KV",
              "host": ("the class list endpoint should sort by start time, soonest first",
                       edit("server/api/classes.get.ts", "ORDER BY c.id", "ORDER BY "
                                                                          "c.starts_at"))}),
        Fact("fals-image", "falsified", ["@nuxt/image"],
             ["could the photo gallery resize images on the fly instead of serving the full "
              "phone pictures?",
              "why are kiln photos not served through an image optimisation module?"],
             "@nuxt/image with its cloudflare provider was tried and reverted: it relies on "
             "Cloudflare's Image Transformations (/cdn-cgi/image), which the studio's "
             "Free-plan zone doesn't have, so every photo 404ed; resize once at upload into R2 "
             "instead.",
             {"ask": "use @nuxt/image with the cloudflare provider for the kiln photos - they're "
                     "4 MB phone pictures and the gallery crawls",
              "change": [bash("pnpm add @nuxt/image", "+ @nuxt/image 1.8.1"),
                         edit("nuxt.config.ts", "  modules: ['@pinia/nuxt', '@unocss/nuxt'],\n",
                              "  modules: ['@pinia/nuxt', '@unocss/nuxt', '@nuxt/image'],\n  "
                              "image: { provider: 'cloudflare', cloudflare: { baseURL: "
                              "'https://admin.clayhouse.studio' } },\n"),
                         edit("components/KilnPhoto.vue", "<img :src=\"src\"",
                              "<NuxtImg :src=\"src\" width=\"480\" format=\"webp\"")],
              "broke": bash("curl -sI 'https://admin.clayhouse.studio/cdn-cgi/image/w=480,"
                            "f=webp/photos/firing-212.jpg' | head -3",
                            "HTTP/2 404\ncontent-type: text/plain; charset=UTF-8\ncf-error: "
                            "9422 Image transformations are not enabled for this zone", 0),
              "revert": bash("git checkout -- nuxt.config.ts components/KilnPhoto.vue "
                             "package.json pnpm-lock.yaml", ""),
              "conclusion": "@nuxt/image's cloudflare provider only rewrites the URLs to "
                            "/cdn-cgi/image/...; the resizing itself is Cloudflare's Image "
                            "Transformations, which the studio's Free-plan zone doesn't have, "
                            "so every photo 404s. Short of paying for that, the fix is to "
                            "resize once at upload time - a thumbnail in R2 next to the "
                            "original - not on the fly.",
              "pain": "the kiln photo gallery takes ten seconds to load on the studio wifi",
              "idea": "resizing the kiln photos on the fly with @nuxt/image",
              "host": ("the gallery should show the firing date under each photo",
                       edit("components/KilnPhoto.vue",
                            "    <figcaption>{{ caption }}</figcaption>\n",
                            "    <figcaption>{{ caption }} · {{ firedOn }}</figcaption>\n"))}),
    ]
    return Project(
        "kilnroom", "git@github.com:clayhouse-studio/kilnroom.git",
        {"README.md": "# kilnroom\n\nAdmin for the studio's classes and kiln firings.\n",
         "package.json": "{\n  \"name\": \"kilnroom\",\n  \"private\": true\n}\n"},
        facts,
        chores(("server/api/firings/[id].get.ts",
                "export default defineEventHandler(async (event) => {\n  const id = "
                "Number(getRouterParam(event, 'id'))\n  const db = "
                "event.context.cloudflare.env.DB\n  const firing = await db.prepare('SELECT * "
                "FROM firings WHERE id = ?').bind(id).first()\n  if (!firing) throw "
                "createError({ statusCode: 404 })\n  const pieces = await db.prepare('SELECT * "
                "FROM pieces WHERE firing_id = ?').bind(id).all()\n  return { ...firing, "
                "pieces: pieces.results }\n})\n",
                "Returns one firing by id with the pieces loaded into it, or a 404 if the "
                "firing doesn't exist."),
               ("useLegacyCalendar",
                "No references left - the calendar page switched to the new timetable "
                "component in the spring. Safe to delete."),
               (" components/ClassCard.vue  | 18 ++++++++++++------\n pages/classes/index.vue |  "
                "7 ++++---\n 2 files changed, 15 insertions(+), 10 deletions(-)",
                "The class card got a waitlist badge, and the classes page passes the "
                "waitlist count down to it."),
               ("pages/index.vue", "<h1>Welcome back!!</h1>", "<h1>Welcome back</h1>",
                "the dashboard heading has two exclamation marks, lose them"),
               ("type check", "pnpm vue-tsc --noEmit", "",
                "No type errors."),
               ("what's the difference between stoneware and earthenware?",
                "Earthenware is fired at lower temperatures (around 1000-1150 °C) and stays "
                "porous unless glazed; stoneware is fired hotter (around 1200-1300 °C) until "
                "the clay vitrifies, so it's dense and holds water unglazed."),
               ("classes: waitlist badge on the class card",
                "https://github.com/clayhouse-studio/kilnroom/pull/96"),
               ("completed  success  classes: waitlist badge    ci  waitlist  push  2m18s  3h\n"
                "completed  success  glazes: inventory page     ci  main      push  2m31s  1d\n"
                "completed  success  deps: bump nuxt to 3.13.2  ci  main      push  2m49s  3d",
                "Around two and a half minutes a run, all green lately.")),
        "slack")


def murmurnet() -> Project:
    """A PyTorch Lightning bird-song classifier: log-mel spectrograms of field recordings into a
    CNN, configured with Hydra, data versioned with DVC on the lab's MinIO, the environment
    managed with pixi, runs tracked in a self-hosted W&B and trained on corvid, the lab's
    four-GPU box."""
    augment_head = "def build_augment(cfg):\n    ops = []\n"
    val_acc = "        self.log(\"val/acc\", acc, sync_dist=True)\n"
    loader = ("        return DataLoader(self.train_ds, batch_size=self.cfg.batch_size, "
              "shuffle=True,\n                          num_workers=8, persistent_workers=True)\n")
    mel_lines = "        mel = self.melspec(wav)\n        logmel = torch.log(mel + 1e-6)\n"
    facts = [
        Fact("conv-hydra", "convention", ["Hydra config"],
             ["where does a new training knob like a dropout rate belong?",
              "can I add a command-line flag to the training script for a new setting?"],
             "Every hyperparameter is a field in a Hydra config under configs/, read through "
             "cfg; no argparse flags and no module-level constants in murmur/ (a test checks "
             "it).",
             {"rule": "every hyperparameter is a field in a Hydra config under configs/ and "
                      "reaches the code through cfg - no argparse flags, no constants at the "
                      "top of a module",
              "task": "add SpecAugment-style time masking to training, at most 40 frames, two "
                      "masks per clip",
              "follow": [write("configs/augment/specaugment.yaml",
                               "# @package augment\ntime_mask:\n  max_frames: 40\n  num_masks: "
                               "2\n"),
                         edit("murmur/data/augment.py", augment_head,
                              augment_head + "    if cfg.augment.get(\"time_mask\"):\n        "
                              "tm = cfg.augment.time_mask\n        ops += [T.TimeMasking("
                              "time_mask_param=tm.max_frames) for _ in range(tm.num_masks)]\n")],
              "contrary": edit("murmur/data/augment.py", augment_head,
                               "TIME_MASK_FRAMES = 40\nNUM_TIME_MASKS = 2\n\n\n" + augment_head
                               + "    ops += [T.TimeMasking(time_mask_param=TIME_MASK_FRAMES) "
                               "for _ in range(NUM_TIME_MASKS)]\n"),
              "slip": "just put the defaults as constants at the top of augment.py",
              "pick": ("git grep -n -E 'argparse|^[A-Z_]+ = [0-9]' -- murmur/",
                       "murmur/legacy/export_onnx.py:3:import argparse\nmurmur/legacy/"
                       "export_onnx.py:9:OPSET = 17\nmurmur/models/cnn14.py:12:DROPOUT = 0.2",
                       "module-level constants and argparse flags (the legacy export script and "
                       "cnn14.py)"),
              "guard": ("pytest -q tests/test_no_magic.py",
                        "F\n=================================== FAILURES "
                        "===================================\n___________________ "
                        "test_no_hyperparameter_constants ____________________\n    "
                        "murmur/data/augment.py:1  TIME_MASK_FRAMES = 40\n    "
                        "murmur/data/augment.py:2  NUM_TIME_MASKS = 2\nE   AssertionError: "
                        "module-level numeric constants in murmur/ - hyperparameters belong in "
                        "a Hydra config under configs/ and are read from cfg\n1 failed in "
                        "0.41s",
                        ".\n1 passed in 0.38s"),
              "done": "Time masking is on with augment=specaugment - two masks of up to 40 "
                      "frames - and augment.time_mask.max_frames=60 changes it from the command "
                      "line."}),
        Fact("conv-sync", "convention", ["sync_dist=True"],
             ["what do I need to pass when logging an evaluation metric in multi-GPU runs?",
              "anything special about self.log calls in the validation loop?"],
             "Every metric logged in validation_step or test_step passes sync_dist=True so "
             "it's averaged over all GPUs, and nothing in a LightningModule uses print().",
             {"rule": "every metric logged from validation_step or test_step passes "
                      "sync_dist=True, so it's averaged over all the GPUs - and nothing in a "
                      "LightningModule uses print",
              "task": "log macro-F1 on the validation set next to the accuracy",
              "follow": [edit("murmur/model.py", val_acc,
                              val_acc + "        f1 = self.val_f1(preds, y)\n        self.log("
                              "\"val/f1_macro\", f1, sync_dist=True)\n")],
              "contrary": edit("murmur/model.py", val_acc,
                               val_acc + "        f1 = self.val_f1(preds, y)\n        self.log("
                               "\"val/f1_macro\", f1)\n        print(f\"val f1 {f1:.3f}\")\n"),
              "slip": "log it the same way train/loss is logged",
              "pick": ("git grep -n 'self.log(' -- murmur/",
                       "murmur/model.py:88:        self.log(\"train/loss\", loss)\n"
                       "murmur/model.py:101:        self.log(\"val/loss\", loss, "
                       "sync_dist=True)\nmurmur/model.py:102:        self.log(\"val/acc\", "
                       "acc, sync_dist=True)\nmurmur/legacy/baseline.py:61:        "
                       "self.log(\"val_acc\", acc)",
                       "a plain self.log without syncing (the old baseline model still does it "
                       "in validation)"),
              "guard": ("pytest -q tests/test_logging_rules.py",
                        "F.\n________________ test_eval_metrics_are_synced ________________\nE   "
                        "AssertionError: murmur/model.py:104 self.log('val/f1_macro', ...) in "
                        "validation_step without sync_dist=True - on 4 GPUs each rank would "
                        "log only its own shard\nE   murmur/model.py:105 print() in a "
                        "LightningModule - use self.log\n1 failed, 1 passed in 0.22s",
                        "..\n2 passed in 0.19s"),
              "done": "val/f1_macro shows up next to val/acc in W&B, averaged over the four "
                      "GPUs like the other validation metrics."}),
        Fact("cmd-cuda", "command", ["-e cuda"],
             ["training says no GPU backend was found on the lab box - what's the right "
              "launch command?",
              "how do I start a multi-GPU run so it gets the CUDA build of torch?"],
             "GPU runs use pixi's cuda environment: `pixi run -e cuda train experiment=<name> "
             "trainer.devices=4`; the default pixi environment has the CPU-only torch.",
             {"goal": "kick off the dawn chorus experiment on all four GPUs",
              "fail": bash("pixi run train experiment=dawn_chorus trainer.devices=4",
                           "✨ Pixi task (train): python -m murmur.train experiment=dawn_chorus "
                           "trainer.devices=4\nTraceback (most recent call last):\n  ...\n"
                           "lightning_fabric.utilities.exceptions.MisconfigurationException: No "
                           "supported gpu backend found!", 1),
              "fail2": bash("CUDA_VISIBLE_DEVICES=0,1,2,3 pixi run train "
                            "experiment=dawn_chorus trainer.devices=4",
                            "lightning_fabric.utilities.exceptions.MisconfigurationException: "
                            "No supported gpu backend found!", 1),
              "hint": "murmur.train: torch 2.4.1+cpu is the CPU build from pixi's default "
                      "environment; GPU runs need the cuda environment (pixi.toml "
                      "[environments])",
              "note": "pixi's default environment has the CPU build of torch, so the GPUs are "
                      "invisible to it; the CUDA build lives in the separate cuda environment "
                      "in pixi.toml, picked with -e cuda.",
              "ok": bash("pixi run -e cuda train experiment=dawn_chorus trainer.devices=4 2>&1 | "
                         "head -5",
                         "GPU available: True (cuda), used: True\nInitializing distributed: "
                         "GLOBAL_RANK: 0, MEMBER: 1/4\nLOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: "
                         "[0,1,2,3]\n  | Name     | Type        | Params\n"
                         "Epoch 0:   2%|▏         | 31/1480 [00:09<07:12,  3.35it/s]"),
              "done": "The dawn chorus run is training on all four GPUs at about 3.4 it/s - "
                      "roughly seven minutes an epoch."}),
        Fact("cmd-minio", "command", ["-r minio"],
             ["dvc gets a 403 Forbidden when fetching the dataset - which storage should it "
              "use?",
              "how do I download the training data into a fresh clone?"],
             "Fetch data with `dvc pull -r minio <target>`: the default DVC remote is the old S3 "
             "bucket (403); the data lives on the lab's MinIO, configured as the remote named "
             "minio.",
             {"goal": "pull the spectrograms, my fresh checkout has none",
              "fail": bash("dvc pull data/spectrograms.dvc",
                           "Collecting                                          |0.00 [00:00,    "
                           "?entry/s]\nERROR: failed to pull data from the cloud - Forbidden: "
                           "An error occurred (403) when calling the HeadObject operation: "
                           "Forbidden", 1),
              "fail2": bash("dvc pull -r s3 data/spectrograms.dvc",
                            "ERROR: config file error: remote 's3' doesn't exist.", 251),
              "note": "The default remote in .dvc/config is still the old S3 bucket the lab "
                      "lost access to; the data lives on the lab's MinIO, set up as a second "
                      "remote called minio.",
              "ok": bash("dvc pull -r minio data/spectrograms.dvc",
                         "Collecting          |48.2k [00:04, 11.3kentry/s]\nFetching\n48213 "
                         "files fetched\nA       data/spectrograms/"),
              "done": "48,213 spectrograms are in data/spectrograms/."}),
        Fact("env-gpu", "environment", ["A6000"],
             ["what cards are in the lab's training machine, and how much VRAM does each "
              "have?",
              "will a bigger batch fit in GPU memory on the lab server?"],
             "The lab box corvid has four RTX A6000 GPUs with 48 GB each (driver 535).",
             {"goal": "how much GPU memory do I have on corvid? deciding whether batch 256 of "
                      "10-second clips fits",
              "probe": [bash("ssh corvid nvidia-smi --query-gpu=index,name,memory.total,"
                             "driver_version --format=csv",
                             "index, name, memory.total [MiB], driver_version\n0, NVIDIA RTX "
                             "A6000, 49140 MiB, 535.183.01\n1, NVIDIA RTX A6000, 49140 MiB, "
                             "535.183.01\n2, NVIDIA RTX A6000, 49140 MiB, 535.183.01\n3, NVIDIA "
                             "RTX A6000, 49140 MiB, 535.183.01")],
              "confirm": "corvid has four RTX A6000s with 48 GB each (driver 535). Batch 256 of "
                         "10-second clips needs about 31 GB per GPU with this model, so it fits "
                         "with room to spare.",
              "short": "corvid has 4x RTX A6000, 48 GB each, driver 535",
              "said": "corvid's the box with the four A6000s, 48 gigs each",
              "value": "four RTX A6000s",
              "alt": "two A100s",
              "before": "double the batch size for the next sweep",
              "dump": [("ssh corvid 'uname -r; df -h /scratch | tail -1'",
                        "6.8.0-45-generic\n/dev/nvme1n1  7.0T  4.1T  2.9T  59% /scratch"),
                       ("pixi --version", "pixi 0.30.0"),
                       ("ssh corvid 'free -g | head -2'",
                        "               total        used        free      shared  buff/cache  "
                        " available\nMem:             503          61         12           1   "
                        "     430         438")]}),
        Fact("env-wandb", "environment", ["wandb.ornith.lab"],
             ["where can I look at the training curves of past experiments?",
              "which experiment-tracking server do the runs report to?"],
             "Runs log to the lab's self-hosted W&B at https://wandb.ornith.lab (entity "
             "ornith, project murmur), not wandb.ai.",
             {"goal": "where do the runs log to? I can't find them on wandb.ai",
              "probe": [bash("grep -rn -i wandb .env.example configs/logger/",
                             ".env.example:2:WANDB_BASE_URL=https://wandb.ornith.lab\n"
                             "configs/logger/wandb.yaml:3:entity: ornith\n"
                             "configs/logger/wandb.yaml:4:project: murmur"),
                        bash("wandb status 2>&1 | head -4",
                             "Current Settings\n{\n  \"base_url\": \"https://wandb.ornith.lab\","
                             "\n  \"entity\": \"ornith\",")],
              "confirm": "not on wandb.ai: the runs go to the lab's self-hosted W&B server at "
                         "https://wandb.ornith.lab, entity ornith, project murmur "
                         "(WANDB_BASE_URL in .env). It's only reachable on the university "
                         "network or the VPN.",
              "short": "W&B is self-hosted at https://wandb.ornith.lab (entity ornith, project "
                       "murmur)",
              "said": "the runs go to our own wandb server, wandb.ornith.lab, not the cloud "
                      "one",
              "value": "the lab's own server, wandb.ornith.lab",
              "alt": "the team workspace on wandb.ai",
              "before": "share the dawn chorus results with the other lab",
              "dump": [("pip show wandb | head -2", "Name: wandb\nVersion: 0.18.3"),
                       ("git remote -v | head -1",
                        "origin\tgit@github.com:ornith-lab/murmurnet.git (fetch)")]}),
        Fact("gotcha-seed", "gotcha", ["worker_init_fn"],
             ["why would data augmentation produce the same random crops in several batches?",
              "how do per-process random generators get seeded when the data loader forks?"],
             "The dataset's numpy Generator (created in __init__) was copied identically into "
             "all 8 DataLoader workers, so crop offsets repeated every 8 batches; a "
             "worker_init_fn reseeds each worker's copy from torch.initial_seed().",
             {"symptom": "the random crops repeat - I dumped the crop offsets for the first "
                         "epoch and batches 0-7 have exactly the same offsets as 8-15, 16-23 "
                         "and so on",
              "probe": [read("murmur/data/datamodule.py",
                             "    def train_dataloader(self):\n" + loader),
                        read("murmur/data/dataset.py",
                             "class ClipDataset(Dataset):\n    def __init__(self, cfg):\n        "
                             "self.paths, self.labels = load_index(cfg.data.root)\n        "
                             "self.frames = cfg.data.frames\n        self.rng = "
                             "np.random.default_rng(cfg.seed)\n\n    def __getitem__(self, i):\n"
                             "        spec = np.load(self.paths[i])\n        start = "
                             "self.rng.integers(0, spec.shape[1] - self.frames)\n        return "
                             "spec[:, start:start + self.frames], self.labels[i]\n")],
              "explain": "The dataset builds its generator once, in __init__ - self.rng = "
                         "np.random.default_rng(cfg.seed) - and the DataLoader forks 8 workers, "
                         "each getting a copy of that generator in the same state. PyTorch "
                         "reseeds torch and Python's random module per worker, but it knows "
                         "nothing about a Generator object the dataset carries, so all 8 "
                         "workers draw identical crop offsets and every 8th batch repeats. The "
                         "fix is a worker_init_fn that gives each worker's copy its own seed, "
                         "derived from torch.initial_seed(), which differs per worker and per "
                         "epoch.",
              "fix": [edit("murmur/data/datamodule.py", loader,
                           loader.replace("persistent_workers=True)",
                                          "persistent_workers=True,\n                          "
                                          "worker_init_fn=reseed_worker)")),
                      edit("murmur/data/dataset.py", "class ClipDataset(Dataset):\n",
                           "def reseed_worker(worker_id):\n    info = "
                           "torch.utils.data.get_worker_info()\n    info.dataset.rng = "
                           "np.random.default_rng(torch.initial_seed() % 2**32)\n\n\nclass "
                           "ClipDataset(Dataset):\n")],
              "done": "Offsets no longer repeat across batches; early training loss is a bit "
                      "noisier, as expected with eight times the augmentation variety.",
              "shallow": (edit("murmur/data/datamodule.py", "shuffle=True,",
                               "shuffle=True, generator=torch.Generator().manual_seed(0),"),
                          "The DataLoader had no explicit generator, so the sampling order "
                          "could line up between epochs. I've given it a seeded one.",
                          "the offsets still repeat every 8 batches"),
              "repro": ("/tmp/fork_rng.py",
                        "import numpy as np\nfrom torch.utils.data import DataLoader, Dataset\n"
                        "\n\nclass D(Dataset):\n    def __init__(self):\n        self.rng = "
                        "np.random.default_rng(0)\n\n    def __len__(self):\n        return 8\n"
                        "\n    def __getitem__(self, i):\n        return int(self.rng.integers("
                        "1000))\n\n\nprint([int(x) for x in DataLoader(D(), batch_size=1, "
                        "num_workers=4)])\n",
                        "python /tmp/fork_rng.py",
                        "[850, 850, 850, 850, 636, 636, 636, 636]"),
              "misread": "so we should set num_workers to 0",
              "nuance": "That would hide it, at the price of loading eight times slower. The "
                        "workers are fine - each one just needs its own seed for the generator "
                        "the dataset carries. The reseed at worker start does that and keeps "
                        "all eight.",
              "clue": "with num_workers=1 the offsets look random again"}),
        Fact("gotcha-fp16", "gotcha", ["16-mixed"],
             ["why does the loss blow up to NaN once half precision is on?",
              "which part of the audio model must stay in full precision?"],
             "Under precision 16-mixed the mel spectrogram overflowed float16 (power above "
             "65504 becomes inf, then NaN loss); the mel transform and the log run in float32 "
             "with autocast disabled.",
             {"symptom": "loss goes NaN after a few hundred steps - only since I turned on mixed "
                         "precision to speed things up",
              "probe": [bash("grep -n precision configs/trainer/gpu.yaml",
                             "4:precision: 16-mixed"),
                        read("murmur/model.py", "    def forward(self, wav):\n" + mel_lines
                             + "        return self.backbone(logmel)\n"),
                        bash("python scripts/check_finite.py ckpt=last.ckpt",
                             "melspec out: dtype=float16 max=inf  inf values: 37 (power > 65504)"
                             "\nlog(mel + 1e-6): 37 inf\nbackbone out: 512 nan")],
              "explain": "With precision 16-mixed, autocast runs the mel filterbank matmul in "
                         "float16, and float16 tops out at 65504. The power spectrogram of a "
                         "loud clip goes far above that, so those bins become inf, the log "
                         "keeps them inf and the backbone turns them into NaN - after a few "
                         "hundred steps, whenever a loud enough clip comes along. The feature "
                         "extraction has to stay in float32: the mel transform and the log run "
                         "inside torch.autocast(enabled=False) on a float32 input, and autocast "
                         "takes over again for the backbone.",
              "fix": [edit("murmur/model.py", mel_lines,
                           "        with torch.autocast(device_type=\"cuda\", enabled=False):\n"
                           "            mel = self.melspec(wav.float())\n            logmel = "
                           "torch.log(mel + 1e-6)\n")],
              "done": "A 2,000-step run in mixed precision stays finite, and keeps the speed-up "
                      "(about 1.7x over 32-bit).",
              "shallow": (edit("configs/trainer/gpu.yaml", "gradient_clip_val: null\n",
                               "gradient_clip_val: 1.0\n"),
                          "NaNs under mixed precision are usually exploding gradients; I've "
                          "turned on gradient clipping at 1.0.",
                          "still nan, around step 340 like before"),
              "repro": ("/tmp/fp16_mel.py",
                        "import torch\nimport torchaudio\n\nwav = torch.randn(1, 160000, "
                        "device='cuda') * 0.9\nmel = torchaudio.transforms.MelSpectrogram("
                        "32000, n_fft=2048, n_mels=128).cuda()\nfor on in (False, True):\n    "
                        "with torch.autocast('cuda', dtype=torch.float16, enabled=on):\n        "
                        "m = mel(wav)\n    print('autocast' if on else 'fp32', m.dtype, "
                        "torch.isinf(m).sum().item())\n",
                        "python /tmp/fp16_mel.py",
                        "fp32 torch.float32 0\nautocast torch.float16 1843"),
              "misread": "so mixed precision just doesn't work for audio",
              "nuance": "It works fine for the network - that's where the speed-up comes from. "
                        "Only the front end can't take it: a spectrogram's dynamic range "
                        "doesn't fit in float16. The mel and log in float32, everything after "
                        "in half precision, gets both.",
              "clue": "it's always a batch with one of the thunderstorm recordings in it"}),
        Fact("fals-compile", "falsified", ["torch.compile"],
             ["would compiling the network with the PyTorch 2 compiler speed up an epoch?",
              "why doesn't the training script use graph compilation?"],
             "torch.compile was tried and reverted: variable-length clips triggered recompiles "
             "until dynamo's cache limit, falling back to eager at 1.03 it/s against 3.35; it "
             "would need fixed-length padding first.",
             {"ask": "wrap the model in torch.compile, supposedly it's a free 30%",
              "change": [edit("murmur/train.py", "    model = Murmur(cfg)\n",
                              "    model = Murmur(cfg)\n    model = torch.compile(model)\n")],
              "broke": bash("python -m murmur.train experiment=dawn_chorus "
                            "trainer.max_steps=300 2>&1 | grep -E 'cache_size_limit|reason|"
                            "it/s' | tail -4",
                            "torch._dynamo hit config.cache_size_limit (8)\n   function: "
                            "'forward' (murmur/model.py:61)\n   last reason: tensor 'L['wav']' "
                            "size mismatch at index 1. expected 160000, actual 151680\nEpoch 0:  "
                            "20%|██        | 300/1480 [04:51<19:06,  1.03it/s]"),
              "revert": bash("git checkout -- murmur/train.py", ""),
              "conclusion": "torch.compile makes it slower here, not faster: our clips have "
                            "variable length (the last clip of each recording is shorter), and "
                            "every new input shape triggers a recompile until dynamo hits its "
                            "cache limit and falls back to eager - 1.03 it/s against 3.35 "
                            "without it. It would need fixed-length padding, or dynamic shapes "
                            "with their own overhead, before it could pay off.",
              "pain": "an epoch takes seven minutes and the sweep has 40 configs",
              "idea": "compiling the model with torch.compile",
              "host": ("log the learning rate every step, I want to see the warmup",
                       edit("murmur/train.py", "    callbacks = [ckpt_cb]\n",
                            "    callbacks = [ckpt_cb, LearningRateMonitor(logging_interval="
                            "\"step\")]\n"))}),
        Fact("fals-shards", "falsified", ["WebDataset"],
             ["would packing the dataset into tar shards stop the GPUs waiting on data?",
              "why does the loader still read individual npy files?"],
             "Converting the spectrograms to WebDataset tar shards was tried and reverted: "
             "loading is bound by CPU augmentation, not file reads (41 to 38 ms a step, GPUs "
             "still ~61%), and shard-level shuffling cut val accuracy from 0.712 to 0.664.",
             {"ask": "convert the spectrograms to WebDataset tar shards - loading 48k little "
                     ".npy files must be what's starving the GPUs",
              "change": [bash("python scripts/make_shards.py data/spectrograms data/shards "
                              "--shard-size 2000",
                              "wrote 25 shards (data/shards/train-000000.tar .. "
                              "train-000024.tar), 6.1 GB"),
                         edit("murmur/data/datamodule.py",
                              "        self.train_ds = ClipDataset(self.cfg)\n",
                              "        self.train_ds = (wds.WebDataset(\"data/shards/train-"
                              "{000000..000024}.tar\", shardshuffle=True)\n                      "
                              "   .shuffle(1000).decode().to_tuple(\"npy\", \"cls\"))\n")],
              "broke": bash("python scripts/profile_loader.py --steps 200 --compare",
                            "                     npy files   shards\nloader wait per step  41 "
                            "ms       38 ms\nGPU utilisation       61%         62%\nval/acc "
                            "after 3 ep  0.712       0.664\ntop of loader profile: TimeStretch "
                            "+ MelScale on CPU workers (83%)"),
              "revert": bash("git checkout -- murmur/data/datamodule.py && rm -rf data/shards",
                             ""),
              "conclusion": "WebDataset doesn't help: the loader isn't waiting on file reads - "
                            "83% of its time is the CPU augmentation (time stretch and mel "
                            "scaling) - so shards only cut the wait from 41 to 38 ms and the "
                            "GPUs stay around 61%. And shuffling shards with a 1000-sample "
                            "buffer mixes the recordings of one species less well: val accuracy "
                            "after three epochs dropped from 0.712 to 0.664. The lever is "
                            "moving the augmentation onto the GPU, not the file format.",
              "pain": "the GPUs sit at 60% utilisation during training",
              "idea": "packing the spectrograms into WebDataset shards",
              "host": ("print how many clips per species the train split has, I think the rare "
                       "ones got dropped",
                       bash("python -c \"import pandas as pd; print(pd.read_csv("
                            "'data/train.csv').species.value_counts().tail(5))\"",
                            "species\nbittern          41\nnightjar         38\ncorncrake      "
                            "  22\nquail            9\ncapercaillie      6\nName: count, dtype: "
                            "int64"))}),
    ]
    return Project(
        "murmurnet", "git@github.com:ornith-lab/murmurnet.git",
        {"README.md": "# murmurnet\n\nBird song species classifier.\n",
         "pixi.toml": "[project]\nname = \"murmurnet\"\nchannels = [\"conda-forge\"]\n"},
        facts,
        chores(("murmur/data/labels.py",
                "SPECIES = sorted(pd.read_csv(ROOT / 'species.csv').code)\nINDEX = {code: i for "
                "i, code in enumerate(SPECIES)}\n\n\ndef encode(codes):\n    target = "
                "np.zeros(len(SPECIES), dtype=np.float32)\n    for code in codes:\n        "
                "target[INDEX[code]] = 1.0\n    return target\n",
                "It turns species codes into the model's target vector: species are indexed "
                "in sorted order of their codes, and encode() gives a multi-hot vector, so a "
                "clip can carry more than one species."),
               ("legacy_mfcc",
                "Nothing calls it - the MFCC front end was replaced by log-mel spectrograms. "
                "It can go."),
               (" murmur/model.py          | 12 ++++++++----\n tests/unit/test_model.py | 19 "
                "+++++++++++++++++++\n 2 files changed, 27 insertions(+), 4 deletions(-)",
                "The model gained a label-smoothing option, and there's a new unit test for "
                "its loss."),
               ("README.md", "Trains a bird song clasifier.", "Trains a bird song classifier.",
                "there's a typo in the first line of the readme, 'clasifier'"),
               ("unit test run", "pytest -q tests/unit", "......................................"
                "\n38 passed in 4.12s", "All 38 unit tests pass."),
               ("how do birds sing two notes at once?",
                "Their voice box, the syrinx, sits where the windpipe splits and has two "
                "independent sides, one per bronchus - so a bird can make two different "
                "pitches at the same time."),
               ("model: label smoothing option",
                "https://github.com/ornith-lab/murmurnet/pull/58"),
               ("completed  success  model: label smoothing   ci  smoothing  push  4m02s  2h\n"
                "completed  success  data: species index      ci  main       push  3m47s  1d\n"
                "completed  success  readme typo              ci  main       push  3m39s  1d",
                "About four minutes a run, and everything recent is green.")),
        "aws")


def projects() -> list[Project]:
    return [berthyard(), tollbooth(), kilnroom(), murmurnet()]
