"""The ``dev15`` split: four projects in stacks no other split uses (a Nextflow DSL2 genotyping
pipeline for a wheat-breeding company - nf-core style modules, nf-test, Docker locally, AWS Batch
through Seqera Platform in production; a Yocto (scarthgap) Linux image for a laundrette chain's
payment kiosks on Variscite i.MX8M Mini boards - kas, a meta-washbay layer, SWUpdate A/B updates,
a Cog / WPE kiosk browser and a serial payment-terminal bridge; a Manifest V3 browser extension
for a newsroom's fact-checking desk built with WXT, TypeScript and Preact - typed messaging,
Vitest, Playwright end-to-end tests, Chrome Web Store and AMO releases; a WordPress plugin for a
regional theatre's seat holds and season passes on WooCommerce - wp-env, WP-CLI, the WordPress
PHPUnit suite, blocks built with @wordpress/scripts, shared hosting), ten planted facts each, and
phrasing templates of its own.

Written in the eleventh pass by a helper that read no capture or recall code, to be read
untuned. Its theme is review, correction and pasted artefacts. A rule given as a code-review
remark on the assistant's diff ("blocking: ..."); a rule given in a batch of review threads next
to an unrelated nit; a rule that arrives in a pasted artefact (a CONTRIBUTING snippet, a
colleague's Slack message) with or without a line from the user; a rule the user uses to shoot
down the plan the assistant proposes. A command the user stops at the permission prompt ("nope,
wrong tool, here we ..."); one the user corrects only after the assistant's attempts failed; one
recovered from a CI log excerpt the user pastes; one the user hands over as a runbook or README
snippet with the request. An environment fact in a pasted Slack message or ticket with the
user's own question; the same artefact pasted bare; one the assistant gets wrong, acts on, and
is corrected after it fails; one read plainly out of the repository. A gotcha whose symptom shows
in a tool's output and whose cause the assistant explains after finding it; one where the
assistant's first fix does nothing and the user says so; one that starts from a pasted log; one
a colleague reported, forwarded by the user. An approach the assistant proposes and the user
shoots down from experience; one offered as an option the user turns down in an
``AskUserQuestion`` answer; one tried, failing, and called out by the user as what happened
last time; one blocked in review and reverted.

Slots are the shared ones (``templates.py``) plus: for a convention, ``why`` (the user's reason),
``contrary`` / ``claimed`` / optional ``undo`` (the assistant doing it the other way, its report,
the tools reverting it), ``minor`` and ``minor_fix`` (an unrelated review nit and the tool fixing
it), ``proposal`` (the plan the assistant proposes, against the rule) and ``art`` (an artefact
stating the rule: ``(kind, where, body)`` with kind ``slack`` / ``ticket`` / ``doc``); for a
command, optional ``fail2``, ``hint`` (the user's correction), ``gist`` (why the plain way
fails), ``ci`` (``(flavour, job[, step])`` of the CI log the command shows up in) and ``art`` (a
runbook or README snippet with the command); for an environment fact, ``art``, ``misled``
(tools reading a stale value), ``found`` (the assistant's wrong reading), ``stumble`` (the tool
that fails acting on it) and ``correct`` (the user's correction); for a gotcha, ``log`` (a log
excerpt showing the symptom), ``naive_text`` / ``naive`` (the assistant's first, useless fix),
``still`` (a tool showing the symptom again) and ``reporter`` (the colleague who hit it); for a
falsified approach, ``pain``, ``idea``, ``idea_label``, ``alternative``, ``alt_label`` and
``why_user`` (the user's reason, from experience).
"""

from __future__ import annotations

import random

from .templates import cap
from .templates import find as _find
from .templates import look as _look
from .templates import run as _run
from .templates import steps as _steps
from .templates import talk as _talk
from .templates import tweak as _tweak
from .transcript import REJECTED, Tool, ask_user, bash, edit, grep, read, refused, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _typed(command: str) -> str:
    """The command as a person would write it down: without what only trims output here."""
    command = command.split(" | ")[0].replace(" 2>&1", "")
    return " && ".join(p for p in command.split(" && ") if not p.startswith("git "))


def _paste(art: tuple[str, str, str], rng: random.Random) -> str:
    """An artefact as the user pastes it into the prompt."""
    kind, where, body = art
    if kind == "slack":
        quoted = "\n".join(f"> {line}" if line else ">" for line in body.splitlines())
        lead = rng.choice((f"{where} wrote:", f"from {where}:", f"pasting what {where} said:",
                           f"{where}, earlier today:"))
        return f"{lead}\n{quoted}"
    if kind == "ticket":
        lead = rng.choice(("ticket:", "picking this one up:", "from the board:", "fyi the ticket"))
        return f"{lead}\n```\n{where}\n\n{body}\n```"
    lead = rng.choice((f"from {where}:", f"{where} says:", f"snippet from {where}",
                       f"this bit of {where}:"))
    return f"{lead}\n```\n{body}\n```"


def _ci_log(ok: Tool, ci: tuple, rng: random.Random) -> str:
    """The CI job's log around the step that runs ``ok``'s command, as copied from the UI."""
    command = _typed(ok.command)
    out = [line for line in ok.output.splitlines() if line.strip()][:8]
    if ci[0] == "gitlab":
        runner = "".join(rng.choice("0123456789abcdef") for _ in range(8))
        head = [f"Running with gitlab-runner 16.11.1 (on spin-runner-2 {runner})",
                "Preparing the \"docker\" executor", "Getting source from Git repository",
                "Executing \"step_script\" stage of the job script", f"$ {command}"]
        return "\n".join([*head, *out, "Cleaning up project directory and file based variables",
                          "Job succeeded"])
    job, step = ci[1], ci[2]
    day, hour, minute = rng.randrange(3, 28), rng.randrange(6, 20), rng.randrange(60)

    def stamp(i: int) -> str:
        return f"2024-06-{day:02d}T{hour:02d}:{minute:02d}:{10 + 3 * i:02d}.{rng.randrange(10**7):07d}Z"

    lines = [f"{job}\t{step}\t{stamp(0)} ##[group]Run {command}",
             f"{job}\t{step}\t{stamp(0)} ##[endgroup]"]
    lines += [f"{job}\t{step}\t{stamp(i + 1)} {line}" for i, line in enumerate(out)]
    return "\n".join(lines)


def _diffstat(tool: Tool) -> Tool | None:
    """``git diff --stat`` after ``tool`` wrote or edited a file."""
    if not tool.path:
        return None
    if tool.name == "Write":
        n = len(tool.output.splitlines()) or 1
        body = f" {tool.path} | {n} {'+' * min(n, 24)}\n 1 file changed, {n} insertions(+)"
    else:
        plus = len(tool.new.splitlines()) or 1
        minus = len(tool.old.splitlines()) or 1
        body = (f" {tool.path} | {plus + minus} {'+' * min(plus, 20)}{'-' * min(minus, 20)}\n"
                f" 1 file changed, {plus} insertions(+), {minus} deletions(-)")
    return bash("git diff --stat", body)


# ------------------------------------------------------------------- phrasing templates
# Conventions: a review remark on the assistant's diff; a batch of review threads, a nit next to
# the rule; an artefact pasted with the task; the assistant's plan shot down with the rule.
def conv_review_remark(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    if contrary is None:
        return conv_plan_shot_down(s, rng)
    head = rng.choice(("ok, went through the diff.", "reviewed.", "looked at it -",
                       "Review below.", "read teh diff, one thing:"))
    sev = rng.choice(("blocking:", "blocking -", "must fix:", "request changes:"))
    steps: Episode = [Step(prompt=s["task"]),
                      Step(text=rng.choice(("", "Sure.", "On it.")), tools=[contrary])]
    stat = _diffstat(contrary)
    if stat is not None:
        steps.append(Step(tools=[stat]))
    steps += [Step(text=f"{s['claimed']} " + rng.choice((
                  "Have a look at the diff when you get a chance.", "Ready for review.",
                  "Diff is up if you want to check it."))),
              Step(prompt=f"{head}\n\n{sev} {s['rule']}. {s['why']}"),
              Step(text=rng.choice(("Fair - changing it.", "Makes sense, reworking it.",
                                    "Got it, fixing.")),
                   tools=[*s.get("undo", []), *s["follow"]]),
              Step(text=s["done"]),
              Step(prompt=rng.choice(("approved 👍", "lgtm now", "better. approving",
                                      "ship it")))]
    return steps


def conv_review_threads(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    if contrary is None:
        return conv_pasted(s, rng)
    where = contrary.path or "re the change"
    first, second = sorted(rng.sample(range(3, 48), 2))
    head = rng.choice(("left 2 comments:", "review (2 comments)", "PR comments:",
                       "2 things before I approve:"))
    nit = rng.choice(("nit:", "nit -", "(nit)"))
    if contrary.path:
        body = (f"{head}\n\n{where}:{first}\n  {nit} {s['minor']}\n\n{where}:{second}\n  "
                f"blocking: {s['rule']}. {s['why']}")
    else:
        body = (f"{head}\n\n1. {nit} {s['minor']}\n2. blocking: {s['rule']}. {s['why']}")
    return [Step(prompt=s["task"]),
            Step(text=rng.choice(("On it.", "Okay.", "")), tools=[contrary]),
            Step(text=s["claimed"]),
            Step(prompt=body),
            Step(text=rng.choice(("Addressing both.", "Fixing both comments.",
                                  "Both fair - on it.")),
                 tools=[*s.get("undo", []), *s["follow"], s["minor_fix"]]),
            Step(text=f"{s['done']} {rng.choice(('The nit is fixed too.', 'And the nit is done.', 'Nit addressed as well.'))}")]


def conv_pasted(s: dict, rng: random.Random) -> Episode:
    paste = _paste(s["art"], rng)
    own = rng.choice(("", "fyi before you start.", "keep this in mind", "(the bit people keep "
                                                                       "missing)"))
    if rng.random() < 0.5:
        prompt = f"{s['task']}\n\n{paste}" + (f"\n{own}" if own else "")
    else:
        prompt = f"{paste}\n\n{s['task']}"
    return [Step(prompt=prompt),
            Step(text=rng.choice(("Following that.", "Okay - doing it the way the note says.",
                                  "Noted, doing it that way.")),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_plan_shot_down(s: dict, rng: random.Random) -> Episode:
    lead = rng.choice(("Plan:", "My plan:", "Here's what I'd do:", "Proposal:"))
    ask = rng.choice(("OK to go ahead?", "Sound right?", "Shall I?", "Any objections?"))
    no = rng.choice(("please don't.", "no -", "nope.", "hmm no.", "no, sorry:"))
    return [Step(prompt=s["task"]),
            Step(text=f"{lead} {s['proposal']} {ask}"),
            Step(prompt=f"{no} {s['rule']}. {s['why']}"),
            Step(text=rng.choice(("Understood, doing it that way instead.", "Right - noted.",
                                  "Makes sense.")),
                 tools=s["follow"]),
            Step(text=s["done"])]


# Commands: stopped at the permission prompt with the right way; corrected after the assistant's
# attempts failed; recovered from a pasted CI log; handed over as a snippet with the request.
def cmd_stopped_at_prompt(s: dict, rng: random.Random) -> Episode:
    words = f"{rng.choice(('nope, wrong tool.', 'no - not that.', 'dont run that,', 'wrong one.', 'stop, not like that.'))} {s['hint']}"
    return [Step(prompt=s["goal"]),
            Step(text=rng.choice(("Running it.", "Let me run that.", "")),
                 tools=[refused(s["fail"], REJECTED + words)]),
            Step(text=rng.choice(("Ah, okay.", "Thanks - switching.", "Right.")),
                 tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_corrected_after_failure(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2") is not None:
        steps.append(Step(text=s["note"], tools=[s["fail2"]]))
        steps.append(Step(text=rng.choice((
            "That doesn't work either. I'll dig into the build config next.",
            "Still failing - looking for how the repo expects this to run.",
            "No luck. Let me check the docs folder."))))
    else:
        steps.append(Step(text=rng.choice((
            "That fails. Let me look for how the repo expects this to run.",
            "No luck - checking the build config."))))
    lead = rng.choice(("ugh sorry, should've said:", "yeah that never works here -",
                       "ah, forgot to mention.", "thats not how we do it here."))
    steps += [Step(prompt=f"{lead} {s['hint']}"),
              Step(text=rng.choice(("Trying that.", "Thanks.", "")), tools=[s["ok"]]),
              Step(text=s["done"])]
    return steps


def cmd_ci_log(s: dict, rng: random.Random) -> Episode:
    intro = rng.choice(("this is what CI runs, and it's green there:", "from the CI job:",
                        "CI log, the step that works:", ""))
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=rng.choice(("That fails locally. Do you know how CI runs it?",
                                  "Fails here - is there a CI job that does this?",
                                  "No good. How does CI do it?"))),
            Step(prompt=f"{intro}\n```\n{_ci_log(s['ok'], s['ci'], rng)}\n```".lstrip()),
            Step(text=f"{s['gist']} {rng.choice(('Doing the same here:', 'Same thing locally:', 'Running it that way.'))}",
                 tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_snippet_given(s: dict, rng: random.Random) -> Episode:
    paste = _paste(s["art"], rng)
    tail = rng.choice(("", "follow that", "should be all you need", "(steps are in there)"))
    return [Step(prompt=f"{s['goal']}\n\n{paste}\n{tail}".rstrip()),
            Step(text=rng.choice(("Following the snippet.", "Okay, using that command.", "")),
                 tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("nice", "cool ty", "great, thanks", "👍")))]


# Environment facts: in a pasted artefact with the user's question; the artefact pasted bare;
# read wrong, acted on, corrected after the failure; read out of the repository.
def env_pasted_with_question(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{_paste(s['art'], rng)}\n\n{s['goal']}"),
            Step(text=rng.choice(("Checking it against the repo.", "Let me verify.", "")),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_pasted_bare(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_paste(s["art"], rng)),
            Step(text=rng.choice(("I'll check that against what's in the repo.",
                                  "Let me confirm that here.", "Verifying.")),
                 tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=rng.choice(("cool thx", "ok good", "👍", "great, that matches")))]


def env_corrected_after_stumble(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(tools=s["misled"]),
            Step(text=s["found"], tools=[s["stumble"]]),
            Step(prompt=s["correct"]),
            Step(text=rng.choice(("Ah - checking that.", "Let me look.", "Sorry, verifying.")),
                 tools=s["probe"]),
            Step(text=f"{rng.choice(('You are right.', 'Corrected.', 'Right, my mistake.'))} "
                      f"{s['confirm']}")]


def env_read_plainly(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=rng.choice(("", "Looking.", "Let me check the config.")), tools=s["probe"]),
            Step(text=s["confirm"])]


# Gotchas: the symptom in a tool's output, the cause explained once found; the first fix does
# nothing; starting from a pasted log; reported by a colleague.
def gotcha_found_in_output(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(text=rng.choice(("", "Let me look.", "Checking.")), tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("oh wow. ok", "nasty. thanks", "good catch",
                                    "huh, tahnks")))]


def gotcha_first_fix_useless(s: dict, rng: random.Random) -> Episode:
    nope = rng.choice(("still broken.", "didn't help, same thing", "nope, same",
                       "that changed nothing"))
    return [Step(prompt=s["symptom"]),
            Step(text=s["naive_text"], tools=[s["naive"]]),
            Step(tools=[s["still"]]),
            Step(prompt=nope),
            Step(text=rng.choice(("Right, that wasn't it. Looking properly.",
                                  "Sorry - digging deeper.")),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_from_log(s: dict, rng: random.Random) -> Episode:
    tail = rng.choice(("", "this again", "any idea?", "seen this before?", "wtf is this"))
    return [Step(prompt=f"```\n{s['log']}\n```\n{tail}".rstrip()),
            Step(text=rng.choice(("Let me find where that comes from.", "Looking into it.")),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_colleague_report(s: dict, rng: random.Random) -> Episode:
    lead = rng.choice((f"{s['reporter']} reported this:", f"forwarding from {s['reporter']}:",
                       f"{s['reporter']} is asking about this -"))
    ask = rng.choice(("can you dig in?", "can you take a look", "what's going on here?"))
    return [Step(prompt=f"{lead}\n> {s['symptom']}\n\n{ask}"),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("thanks, I'll let them know", "perfect, will pass it on",
                                    "ok, replying to them now")))]


# Falsified approaches: proposed and shot down from experience; offered as an option and turned
# down in the answer; tried and called out as what happened last time; blocked in review.
def fals_proposal_shot_down(s: dict, rng: random.Random) -> Episode:
    no = rng.choice(("no.", "nah -", "been there, done that:", "please no -", "hard no."))
    return [Step(prompt=s["pain"]),
            Step(text=f"{rng.choice(('How about', 'One option:', 'We could try'))} "
                      f"{s['idea']}{rng.choice(('?', '.', ' - want me to try it?'))}"),
            Step(prompt=f"{no} {s['why_user']}"),
            Step(text=f"{rng.choice(('Okay, ruling that out.', 'Good to know - scratch that.', 'Understood.'))} "
                      f"{s['alternative']}")]


def fals_option_turned_down(s: dict, rng: random.Random) -> Episode:
    answer = rng.choice((f"{s['alt_label']}. {s['why_user']}",
                         f"not {s['idea_label']} - {s['why_user']}",
                         f"the second one - {s['why_user']}"))
    return [Step(prompt=s["pain"]),
            Step(text=rng.choice(("There are two ways I can see.", "A couple of options here.",
                                  "")),
                 tools=[ask_user("Which approach should I take?", "Approach",
                                 [(s["idea_label"], cap(s["idea"])),
                                  (s["alt_label"], s["alternative"])], answer)]),
            Step(text=f"{rng.choice(('Noted -', 'Okay -', 'Got it:'))} {s['idea_label']} is out. "
                      f"I'll start on {s['alt_label']}.")]


def fals_tried_as_last_time(s: dict, rng: random.Random) -> Episode:
    lead = rng.choice(("yep.", "ha, there it is.", "yeah, I was afraid of that.",
                       "and that's why we don't."))
    back = rng.choice(("back it out", "revert it pls", "undo that", "roll it back"))
    return [Step(prompt=s["ask"]),
            Step(text=rng.choice(("Trying it.", "Making the change.", "")), tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(prompt=f"{lead} {s['why_user']}. {back}"),
            Step(text=rng.choice(("Reverting.", "Backing it out.")), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_blocked_in_review(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]),
            Step(tools=s["change"]),
            Step(text=rng.choice(("Done - the diff is ready for a look.",
                                  "Changed; have a look at the diff.", "That's in. Review?"))),
            Step(prompt=f"{rng.choice(('blocking:', 'blocking -', '-1:'))} {s['why_user']}. "
                        f"{rng.choice(('please revert', 'revert pls', 'take it out'))}"),
            Step(text=rng.choice(("Let me see it for myself before reverting.",
                                  "Checking that first.")),
                 tools=[s["broke"]]),
            Step(text=s["conclusion"], tools=[s["revert"]]),
            Step(text=rng.choice(("Reverted.", "It's reverted.")))]


TEMPLATES = {
    "convention": [conv_review_remark, conv_review_threads, conv_pasted, conv_plan_shot_down],
    "command": [cmd_stopped_at_prompt, cmd_corrected_after_failure, cmd_ci_log,
                cmd_snippet_given],
    "environment": [env_pasted_with_question, env_pasted_bare, env_corrected_after_stumble,
                    env_read_plainly],
    "gotcha": [gotcha_found_in_output, gotcha_first_fix_useless, gotcha_from_log,
               gotcha_colleague_report],
    "falsified": [fals_proposal_shot_down, fals_option_turned_down, fals_tried_as_last_time,
                  fals_blocked_in_review],
}

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (graincall, washbay-os, claimlens, stagedoor, in turn).
UNRELATED = [
    "write an awk one-liner that counts the reads in a gzipped fastq",
    "write a systemd unit that runs a script once at boot after the network is up",
    "write a TypeScript debounce helper with proper generic types",
    "write a php function that turns pence into a '£12.50' string",
    "what's the difference between a VCF and a gVCF, briefly?",
    "what's the difference between u-boot's bootcmd and bootargs?",
    "explain CSS container queries with a small example",
    "WP_Query vs get_posts - when would I use which?",
    "what does Hardy-Weinberg equilibrium mean, in simple terms?",
    "explain the difference between a kernel module and a device tree overlay",
    "how do I write good alt text for a news photo?",
    "write an SQL query that lists the five performances with the most tickets sold",
    "summarise what a linkage map is for, from a plant breeder's point of view",
    "give me a checklist for testing a touchscreen UI for accessibility",
    "explain how a bloom filter works and when it lies",
    "draft a short polite note to the box office saying the sales report is late this week",
    "write a python script that renames every file in a folder to lowercase",
    "regex for an Irish Eircode?",
    "what's a sensible branch naming scheme for a team of four?",
    "how do I squash my last three commits into one",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "graincall": [
        "what read depth cutoff do we use before calling a genotype missing?",
        "how many plates can run in parallel on Batch before we hit the vCPU quota?",
        "does the breeding team want the genotype matrix as 0/1/2 or as nucleotides?",
        "are we allowed to share the raw fastqs with the university collaborators?",
        "which barcode set do the 96-well plates use?",
    ],
    "washbay-os": [
        "how long does a kiosk keep a transaction when the gateway is down?",
        "which shops are still running the 2022 image?",
        "are we allowed to log the last four digits of the card?",
        "who signs the production update bundles, and where does that key live?",
        "what's the plan for the kiosks' 4G modem failover?",
    ],
    "claimlens": [
        "how many reporters actually have the extension installed right now?",
        "what does the desk want us to do with claims in paywalled articles?",
        "should we support Safari at some point?",
        "is it ok to send the whole article text to the API, or only the paragraph?",
        "who decides the verdict labels shown in the tooltip?",
    ],
    "stagedoor": [
        "how many seats does the main house have in total?",
        "do we refund the booking fee when a performance is cancelled?",
        "which payment provider is the box office moving to next season?",
        "is it GDPR-ok to keep members' phone numbers after their pass lapses?",
        "who signs off changes to the concession prices?",
    ],
}


# ------------------------------------------------------------------- projects
def graincall() -> Project:
    """A Nextflow DSL2 pipeline for a wheat-breeding company's genotyping-by-sequencing plates:
    fastp, bwa-mem2 against the wheat reference, bcftools calling, Beagle imputation, MultiQC.
    nf-core style modules under modules/local, nf-test, Docker on laptops, a lab server with an
    NFS scratch, AWS Batch through Seqera Platform for production plates."""
    beagle = "modules/local/beagle_impute/main.nf"
    stats = "modules/local/bcftools_stats/main.nf"
    wf = "workflows/graincall.nf"
    beagle_hard = ('process BEAGLE_IMPUTE {\n    tag "$meta.id"\n    cpus 8\n    memory \'48 GB\'\n'
                   "    container 'quay.io/biocontainers/beagle:5.4_22Jul22.46e--hdfd78af_0'\n\n"
                   "    input:\n    tuple val(meta), path(vcf)\n\n    output:\n    tuple val(meta), "
                   'path("*.imputed.vcf.gz"), emit: vcf\n\n    script:\n    """\n    beagle '
                   '-Xmx40g gt=$vcf out=${meta.id}.imputed nthreads=$task.cpus\n    """\n}\n')
    beagle_label = beagle_hard.replace("    cpus 8\n    memory '48 GB'\n",
                                       "    label 'process_high_memory'\n").replace(
        "-Xmx40g", "-Xmx${(task.memory.toGiga() * 0.85).intValue()}g")
    stats_plain = ('process BCFTOOLS_STATS {\n    tag "$meta.id"\n    label \'process_low\'\n'
                   "    container 'quay.io/biocontainers/bcftools:1.20--h8b25389_0'\n\n    input:\n"
                   "    tuple val(meta), path(vcf)\n\n    output:\n    tuple val(meta), "
                   'path("*.stats.txt"), emit: stats\n\n    script:\n    """\n    bcftools '
                   'stats $vcf > ${meta.id}.stats.txt\n    """\n}\n')
    facts = [
        Fact("conv-labels", "convention", ["process_high_memory"],
             ["I'm writing a new Nextflow module for a step that needs a lot of RAM - where do I "
              "say how much memory and how many CPUs it gets?",
              "is it fine to put cpus and memory directives straight into a module's process "
              "block?"],
             "Modules never hardcode cpus/memory: they carry a resource label from "
             "conf/base.config (e.g. label 'process_high_memory' for BEAGLE_IMPUTE), so the "
             "profiles size them centrally and the retry-with-more-memory strategy applies.",
             {"rule": "please don't hardcode cpus/memory in the process, we tag every module "
                      "with a label from conf/base.config - for beagle that's "
                      "process_high_memory",
              "why": "the hpc and batch profiles size things by label, and the retry with "
                     "task.attempt * memory only works through the labels. hardcoded 48 GB = "
                     "OOM on the big plates with no retry",
              "task": "add a BEAGLE_IMPUTE module under modules/local/beagle_impute that runs "
                      "beagle 5.4 on the per-chromosome VCFs",
              "contrary": write(beagle, beagle_hard),
              "claimed": "Added modules/local/beagle_impute/main.nf: BEAGLE_IMPUTE takes "
                         "(meta, vcf), runs beagle with 8 cpus / 48 GB and -Xmx40g, and emits "
                         "the imputed VCF.",
              "follow": [read("conf/base.config",
                              "process {\n    errorStrategy = { task.exitStatus in [137, 140] ? "
                              "'retry' : 'finish' }\n    maxRetries    = 2\n\n    withLabel: "
                              "process_low         { cpus = 2; memory = { 6.GB * task.attempt } "
                              "}\n    withLabel: process_medium      { cpus = 6; memory = { "
                              "24.GB * task.attempt } }\n    withLabel: process_high        { "
                              "cpus = 16; memory = { 48.GB * task.attempt } }\n    withLabel: "
                              "process_high_memory { cpus = 8; memory = { 64.GB * task.attempt "
                              "} }\n}\n"),
                         write(beagle, beagle_label),
                         bash("nf-test test modules/local/beagle_impute/tests/main.nf.test",
                              "🚀 nf-test 0.9.0\n\nTest Process BEAGLE_IMPUTE\n\n  Test "
                              "[3f2a91c0] 'chr1A subset' PASSED (41.2s)\n\nSUCCESS: Executed 1 "
                              "tests in 41.3s")],
              "done": "BEAGLE_IMPUTE now carries label 'process_high_memory' instead of its own "
                      "cpus/memory: base.config gives that label 8 cpus and 64 GB × "
                      "task.attempt (retried on exit 137/140), and beagle's -Xmx follows "
                      "task.memory. The module test passes.",
              "minor": "make the tag \"${meta.id}:${meta.chrom}\" so the log shows the "
                       "chromosome",
              "minor_fix": edit(beagle, '    tag "$meta.id"\n',
                                '    tag "${meta.id}:${meta.chrom}"\n'),
              "proposal": "I'll give BEAGLE_IMPUTE its own `cpus 8` and `memory '48 GB'` inside "
                          "the process so it always gets enough RAM, and pass -Xmx40g to "
                          "beagle.",
              "art": ("doc", "CONTRIBUTING.md",
                      "## Modules\n\n- one process per module: modules/local/<tool>_<sub>/main.nf"
                      "\n- NO cpus/memory/time directives in a module. Pick a label from "
                      "conf/base.config\n  (process_low, process_medium, process_high, "
                      "process_high_memory); the profiles size them\n  and retries scale "
                      "memory with task.attempt.\n- tests next to the module in tests/"
                      "main.nf.test")}),
        Fact("conv-versions", "convention", ["versions.yml"],
             ["what does every new module in the pipeline have to output besides its actual "
              "results?",
              "the seed certification auditors want to know which tool versions produced a "
              "call set - where does the pipeline record that?"],
             "Every local module writes a versions.yml (its tool versions under the process "
             "name) and emits it as `versions`; the workflow mixes it into ch_versions for the "
             "software-versions report the certification audit relies on.",
             {"rule": "every module writes a versions.yml and emits it (emit: versions), and "
                      "the workflow mixes it into ch_versions",
              "why": "the DUS certification audit asks which bcftools/beagle made each call set "
                     "and the software_versions report is the only thing we hand them",
              "task": "write a module for `bcftools stats` on the merged VCF so MultiQC can pick "
                      "it up",
              "contrary": write(stats, stats_plain),
              "claimed": "Added modules/local/bcftools_stats/main.nf (BCFTOOLS_STATS: one "
                         ".stats.txt per VCF) and wired it after BCFTOOLS_MERGE in "
                         "workflows/graincall.nf, feeding MULTIQC.",
              "follow": [write(stats, stats_plain.replace(
                                 'emit: stats\n',
                                 'emit: stats\n    path "versions.yml"                    , '
                                 'emit: versions\n').replace(
                                 'stats.txt\n    """',
                                 'stats.txt\n\n    cat <<-END_VERSIONS > versions.yml\n    '
                                 '"${task.process}":\n        bcftools: \\$(bcftools --version '
                                 "| head -1 | sed 's/bcftools //')\n    END_VERSIONS\n    "
                                 '"""')),
                         edit(wf, "    BCFTOOLS_STATS(BCFTOOLS_MERGE.out.vcf)\n",
                              "    BCFTOOLS_STATS(BCFTOOLS_MERGE.out.vcf)\n    ch_versions = "
                              "ch_versions.mix(BCFTOOLS_STATS.out.versions)\n"),
                         bash("nf-test test modules/local/bcftools_stats/tests/main.nf.test",
                              "🚀 nf-test 0.9.0\n\nTest Process BCFTOOLS_STATS\n\n  Test "
                              "[0b7d12e4] 'merged vcf' PASSED (12.8s)\n\nSUCCESS: Executed 1 "
                              "tests in 12.9s")],
              "done": "BCFTOOLS_STATS now writes versions.yml (the bcftools version under the "
                      "task's process name) and emits it as `versions`; the workflow mixes it "
                      "into ch_versions, so it lands in the software-versions report with the "
                      "other tools. Test passes.",
              "minor": "name the output *.bcftools_stats.txt, MultiQC's search pattern wants "
                       "that suffix",
              "minor_fix": edit(stats, 'path("*.stats.txt"), emit: stats',
                                'path("*.bcftools_stats.txt"), emit: stats'),
              "proposal": "I'll add BCFTOOLS_STATS with just the one `stats` output (the .txt) "
                          "and feed it to MULTIQC - it's a read-only QC step, so no extra "
                          "channels.",
              "art": ("slack", "Maeve (#graincall-dev)",
                      "reminder for anyone adding modules: each one writes a versions.yml and "
                      "emits it as `versions`, mixed into ch_versions in the workflow.\nthe DUS "
                      "auditors asked AGAIN last week which bcftools made the plate 9 calls and "
                      "the software_versions report was the only thing we had")}),
        Fact("cmd-smoke", "command", ["-profile smoke"],
             ["how do I do a quick end-to-end run of the pipeline on my laptop before pushing, "
              "without the full data?",
              "is there a small dataset config for trying the whole workflow locally?"],
             "For a quick local end-to-end run: `nextflow run . -profile smoke,docker -resume` "
             "(conf/smoke.config: chr1A subset, 4 samples, ~6 min); there is no nf-core `test` "
             "profile and a bare `nextflow run main.nf` fails on missing --input/--fasta.",
             {"goal": "does the pipeline still run end to end after the merge refactor? run it "
                      "locally",
              "fail": bash("nextflow run main.nf",
                           "N E X T F L O W  ~  version 24.04.2\n\nLaunching `main.nf` "
                           "[sleepy_curie] DSL2 - revision: 5c1e0a7d2b\n\nERROR ~ Validation of "
                           "pipeline parameters failed!\n\n * Missing required parameter(s): "
                           "input, fasta, outdir", 1),
              "note": "It needs inputs. Trying the stock nf-core test profile.",
              "fail2": bash("nextflow run . -profile test,docker",
                            "N E X T F L O W  ~  version 24.04.2\n\nERROR ~ Unknown "
                            "configuration profile: 'test'\n\nDid you mean one of these?\n"
                            "    hpc\n    awsbatch", 1),
              "hint": "the small config is called smoke, not test - `nextflow run . -profile "
                      "smoke,docker -resume`. chr1A subset, 4 samples, ~6 min",
              "ok": bash("nextflow run . -profile smoke,docker -resume --outdir results-smoke",
                         "N E X T F L O W  ~  version 24.04.2\n\nLaunching `./main.nf` "
                         "[modest_hopper] DSL2 - revision: 5c1e0a7d2b\n\nexecutor >  local (31)"
                         "\n[8a/1c22e0] FASTP (GBS_0412)              [100%] 4 of 4 ✔\n"
                         "[e1/5f9a3b] BWAMEM2_MEM (GBS_0412)        [100%] 4 of 4 ✔\n"
                         "[3c/77d0a1] BCFTOOLS_MPILEUP_CALL (chr1A) [100%] 1 of 1 ✔\n"
                         "[b2/0e41f8] BEAGLE_IMPUTE (chr1A)         [100%] 1 of 1 ✔\n"
                         "[5d/9a2c11] MULTIQC                       [100%] 1 of 1 ✔\n"
                         "Completed at: 12-Jun-2024 10:41:07\nDuration    : 6m 12s\n"
                         "Succeeded   : 31"),
              "done": "The smoke run is green end to end: `nextflow run . -profile smoke,docker "
                      "-resume --outdir results-smoke` ran all 31 tasks on the chr1A subset "
                      "(4 samples) in about 6 minutes.",
              "gist": "There's no nf-core style `test` profile here; the small end-to-end "
                      "config is the smoke profile (conf/smoke.config, chr1A with 4 samples), "
                      "combined with docker.",
              "ci": ("github", "smoke", "Smoke run"),
              "art": ("doc", "README.md",
                      "## Quick check before pushing\n\n    nextflow run . -profile "
                      "smoke,docker -resume\n\nchr1A only, 4 samples, ~6 min. Full plates "
                      "only run on Seqera.")}),
        Fact("cmd-tw", "command", ["tw launch"],
             ["how do I kick off a production genotyping run for a new plate?",
              "can I start the AWS Batch run for a plate straight from my laptop with nextflow "
              "run?"],
             "Production plates are launched on Seqera Platform, never with nextflow run from a "
             "laptop (no Batch rights on purpose): `tw launch graincall-prod --workspace "
             "fenland/genotyping --params-file plates/<plate>.yaml`.",
             {"goal": "plate 17 is sequenced, start the production run for it (params are in "
                      "plates/plate_17.yaml)",
              "fail": bash("nextflow run . -profile awsbatch -params-file plates/plate_17.yaml",
                           "N E X T F L O W  ~  version 24.04.2\n\nLaunching `./main.nf` "
                           "[agitated_noether] DSL2 - revision: 5c1e0a7d2b\n\nERROR ~ Unable to "
                           "access AWS Batch: User: arn:aws:iam::418273645501:user/dev-laptop "
                           "is not authorized to perform: batch:DescribeJobQueues on resource: "
                           "*", 1),
              "note": "The laptop's credentials can't see the Batch queues. Trying the named "
                      "AWS profile for genotyping.",
              "fail2": bash("AWS_PROFILE=genotyping nextflow run . -profile awsbatch "
                            "-params-file plates/plate_17.yaml",
                            "ERROR ~ The config profile (genotyping) could not be found", 1),
              "hint": "prod plates only go through Seqera, the laptop has no batch rights on "
                      "purpose. `tw launch graincall-prod --workspace fenland/genotyping "
                      "--params-file plates/plate_17.yaml`",
              "ok": bash("tw launch graincall-prod --workspace fenland/genotyping --params-file "
                         "plates/plate_17.yaml",
                         "\n  Workflow 3kPq81ZxWmE7aT submitted at [fenland / genotyping] "
                         "workspace.\n\n    https://cloud.seqera.io/orgs/fenland/workspaces/"
                         "genotyping/watch/3kPq81ZxWmE7aT\n"),
              "done": "Plate 17 is running on Seqera: `tw launch graincall-prod --workspace "
                      "fenland/genotyping --params-file plates/plate_17.yaml` submitted "
                      "workflow 3kPq81ZxWmE7aT (watch link above).",
              "gist": "Production plates aren't launched from a laptop - its credentials "
                      "deliberately have no Batch rights; they go through the graincall-prod "
                      "launchpad entry on Seqera Platform, with the tw CLI.",
              "ci": ("github", "launch", "Launch plate on Seqera"),
              "art": ("doc", "docs/runbook.md",
                      "### Launching a plate\n\n1. Put the plate's params in "
                      "plates/<plate>.yaml and merge it.\n2. tw launch graincall-prod "
                      "--workspace fenland/genotyping --params-file plates/<plate>.yaml\n3. "
                      "Watch it in Seqera; results land in s3://fenland-genotypes/<plate>/\n\n"
                      "Never nextflow run -profile awsbatch from a laptop.")}),
        Fact("env-ref", "environment", ["iwgsc_v2.1"],
             ["which wheat reference assembly do we align the GBS reads to?",
              "the fasta default in nextflow.config says v1.0 - is that what production "
              "actually uses?"],
             "Production aligns to IWGSC RefSeq v2.1 (s3://fenland-refs/iwgsc_v2.1/, set in "
             "conf/prod.config); nextflow.config's v1.0 fasta default is stale - old maps in "
             "v1.0 coordinates won't line up.",
             {"goal": "which reference genome does prod align to? the breeding team says the "
                      "marker positions don't match their old map",
              "probe": [read("conf/prod.config",
                             "params {\n    fasta      = 's3://fenland-refs/iwgsc_v2.1/"
                             "iwgsc_refseqv2.1_assembly.fa'\n    bwa_index  = "
                             "'s3://fenland-refs/iwgsc_v2.1/bwamem2/'\n    genome_tag = "
                             "'iwgsc_v2.1'\n}\n"),
                        bash("aws s3 ls s3://fenland-refs/",
                             "                           PRE iwgsc_v1.0/\n"
                             "                           PRE iwgsc_v2.1/")],
              "confirm": "Prod aligns to IWGSC RefSeq v2.1: conf/prod.config points the fasta "
                         "and the bwa-mem2 index at s3://fenland-refs/iwgsc_v2.1/ (genome_tag "
                         "iwgsc_v2.1). v1.0 is still in the bucket - the breeding team's old "
                         "map is probably in v1.0 coordinates, which differ.",
              "art": ("ticket", "GC-231 · marker positions off vs. 2022 map",
                      "Breeding says positions for plate 15 don't line up with their 2022 "
                      "map.\nTom: prod moved from RefSeq v1.0 to iwgsc_v2.1 in March, their map "
                      "is still in v1.0 coords.\nNeed: confirm what prod uses, tell breeding."),
              "misled": [read("nextflow.config",
                              "params {\n    input  = null\n    fasta  = 's3://fenland-refs/"
                              "iwgsc_v1.0/161010_Chinese_Spring_v1.0_pseudomolecules.fasta'\n"
                              "    outdir = 'results'\n}\n")],
              "found": "nextflow.config defaults the fasta to the v1.0 Chinese Spring "
                       "pseudomolecules, so prod aligns to RefSeq v1.0. Checking plate 15's "
                       "outputs carry that tag.",
              "stumble": bash("aws s3 ls s3://fenland-genotypes/plate_15/ --recursive | grep -c "
                              "v1.0", "0", 1),
              "correct": "no, that default is stale, prod overrides it in conf/prod.config. we "
                         "switched to v2.1 in march"}),
        Fact("env-workdir", "environment", ["fenland-nf-work"],
             ["where do the intermediate task directories of production runs end up?",
              "can I still resume a Seqera run from three weeks ago, or are its task files "
              "gone by then?"],
             "Production's Nextflow work dir is s3://fenland-nf-work/graincall (workDir in "
             "conf/awsbatch.config); a lifecycle rule deletes it after 10 days, so -resume only "
             "works on runs younger than that.",
             {"goal": "where's the prod work directory? I want the .command.err of the "
                      "BWAMEM2_MEM task that failed last night",
              "probe": [read("conf/awsbatch.config",
                             "workDir = 's3://fenland-nf-work/graincall'\n\nprocess {\n    "
                             "executor = 'awsbatch'\n    queue    = 'gbs-spot'\n}\naws.region = "
                             "'eu-west-2'\n"),
                        bash("aws s3api get-bucket-lifecycle-configuration --bucket "
                             "fenland-nf-work",
                             '{\n    "Rules": [\n        {\n            "Expiration": {"Days": '
                             '10},\n            "ID": "expire-work",\n            "Filter": '
                             '{"Prefix": "graincall/"},\n            "Status": "Enabled"\n'
                             "        }\n    ]\n}")],
              "confirm": "Prod tasks run in s3://fenland-nf-work/graincall (workDir in "
                         "conf/awsbatch.config), and the bucket's lifecycle rule expires "
                         "everything under graincall/ after 10 days - last night's .command.err "
                         "is still there, but anything older than ten days can't be resumed.",
              "art": ("slack", "Tom (#genotyping-ops)",
                      "heads up: prod work dirs are in s3://fenland-nf-work/graincall and get "
                      "wiped after 10 days (lifecycle rule, the bill was silly).\nso if you want "
                      "to -resume a failed plate, do it within the week"),
              "misled": [read(".env.example", "NXF_WORK=./work\nNXF_HOME=~/.nextflow\n")],
              "found": "Runs use NXF_WORK=./work, so the task directories are under ./work in "
                       "the launch directory. Looking there.",
              "stumble": bash("ls work/ | head",
                              "ls: cannot access 'work/': No such file or directory", 2),
              "correct": "that's for local runs. prod runs on batch, the work dir is a bucket - "
                         "look at the awsbatch config"}),
        Fact("gotcha-lenient", "gotcha", ["lenient"],
             ["why does -resume on the lab server redo every task instead of using the cache?",
              "nextflow ignores its cached results on the shared NFS drive, what setting "
              "fixes that?"],
             "On the lab server's NFS scratch, -resume misses the cache because file mtimes "
             "jitter between runs; the hpc profile sets process.cache = 'lenient' (path and "
             "size only).",
             {"symptom": "-resume on the lab server (hpc profile) reruns everything from FASTP "
                         "on, every single time. same command on my laptop resumes fine",
              "probe": [bash("grep -m2 -A3 'Cached process not found' .nextflow.log.1 "
                             ".nextflow.log",
                             ".nextflow.log.1: [FASTP (GBS_0388)] cache hash: 9e1b47c2a0d1; "
                             "mode: STANDARD\n.nextflow.log.1:   GBS_0388_R1.fastq.gz "
                             "(lastModified=1718182929000, size=84121733)\n.nextflow.log: "
                             "[FASTP (GBS_0388)] cache hash: 47aa0e913c5b; mode: STANDARD\n"
                             ".nextflow.log:   GBS_0388_R1.fastq.gz (lastModified="
                             "1718182931000, size=84121733)"),
                        bash("df -T /mnt/gbs", "Filesystem          Type 1K-blocks       Used "
                             "Available Use% Mounted on\nnas01:/export/gbs   nfs4 "
                             "31251759104 18734120448 12517638656  60% /mnt/gbs")],
              "explain": "In the default (standard) cache mode each input file's hash includes "
                         "its path, size and last-modified time. /mnt/gbs is an NFS mount, and "
                         "NFS reports the same fastq with a slightly different mtime between "
                         "runs (2 s apart here, same size) - so every task hash changes and "
                         "nothing is found in the cache. The lenient mode hashes only path and "
                         "size, which is what Nextflow recommends on shared file systems.",
              "fix": [edit("conf/hpc.config", "process {\n    executor = 'local'\n",
                           "process {\n    executor = 'local'\n    cache    = 'lenient'   // "
                           "NFS reports unstable mtimes\n"),
                      bash("nextflow run . -profile hpc -params-file plates/plate_16.yaml "
                           "-resume | grep FASTP",
                           "[8a/1c22e0] FASTP (GBS_0388)   [100%] 96 of 96, cached: 96 ✔")],
              "done": "With cache = 'lenient' in conf/hpc.config the rerun found all 96 FASTP "
                      "tasks (and everything after them) in the cache.",
              "log": "executor >  local (412)\n[3d/9ab0c1] FASTP (GBS_0391)        [ 41%] 39 of "
                     "96\n[-        ] BWAMEM2_MEM              -\n[-        ] "
                     "BCFTOOLS_MPILEUP_CALL    -\n\n(that's with -resume on the lab server, "
                     "second run of the same plate. zero cached)",
              "naive_text": "The cache index may be corrupted from the refactor - cleaning the "
                            "old session and resuming fresh.",
              "naive": bash("nextflow clean -f -before last",
                            "Removed /mnt/gbs/work/3d/9ab0c1...\nRemoved /mnt/gbs/work/7f/"
                            "20e4d8..."),
              "still": bash("nextflow run . -profile hpc -params-file plates/plate_16.yaml "
                            "-resume | grep -c 'cached:'", "0", 1),
              "reporter": "Priya (bioinformatics)"}),
        Fact("gotcha-queue-channel", "gotcha", ["Channel.value"],
             ["the alignment step ran for a single sample even though the samplesheet has 96 "
              "rows, why would that happen?",
              "how should I pass the reference fasta into a process that runs once per "
              "sample?"],
             "A reference passed as Channel.fromPath (a queue channel, one item) makes a "
             "per-sample process fire once; references go in as Channel.value(file(...)), "
             "which every sample can reuse.",
             {"symptom": "run finished green but results/bam has ONE bam. samplesheet for plate "
                         "16 has 96 rows",
              "probe": [bash("ls results/bam/*.bam | wc -l && tail -n +2 plates/plate_16.csv | "
                             "wc -l", "1\n96"),
                        read(wf, "    ch_fasta = Channel.fromPath(params.fasta)\n    ch_index = "
                                 "Channel.fromPath(params.bwa_index, type: 'dir')\n\n    "
                                 "FASTP(ch_reads)\n    BWAMEM2_MEM(FASTP.out.reads, ch_index, "
                                 "ch_fasta)\n")],
              "explain": "ch_fasta and ch_index are queue channels from Channel.fromPath, each "
                         "holding exactly one item. A process with several inputs fires once "
                         "per complete set of items, so BWAMEM2_MEM pairs the first sample with "
                         "the only fasta and then waits for a second fasta that never comes. "
                         "Nextflow doesn't treat that as an error - the other 95 samples just "
                         "sit unconsumed and the run ends green. Reference inputs have to be "
                         "value channels, which any number of tasks can read: "
                         "Channel.value(file(params.fasta)).",
              "fix": [edit(wf, "    ch_fasta = Channel.fromPath(params.fasta)\n    ch_index = "
                               "Channel.fromPath(params.bwa_index, type: 'dir')\n",
                           "    // value channels: reused by every sample (a queue channel is "
                           "consumed once)\n    ch_fasta = Channel.value(file(params.fasta))\n"
                           "    ch_index = Channel.value(file(params.bwa_index, type: 'dir'))\n"),
                      bash("nextflow run . -profile hpc -params-file plates/plate_16.yaml "
                           "-resume && ls results/bam/*.bam | wc -l",
                           "[a1/8e3f70] BWAMEM2_MEM (GBS_0396)  [100%] 96 of 96 ✔\n...\n96")],
              "done": "Fixed: the fasta and index are Channel.value(file(...)) now, and the "
                      "rerun produced 96 BAMs.",
              "log": "[6b/02c9d4] FASTP (GBS_0301)           [100%] 96 of 96 ✔\n[a1/8e3f70] "
                     "BWAMEM2_MEM (GBS_0301)     [100%] 1 of 1 ✔\n[c4/1d5e22] "
                     "BCFTOOLS_MPILEUP_CALL      [100%] 1 of 1 ✔\nCompleted at: 13-Jun-2024 "
                     "02:14:55\nSucceeded   : 99",
              "naive_text": "The samplesheet might have Windows line endings that stop the CSV "
                            "parsing after the first row - normalising it and rerunning.",
              "naive": bash("dos2unix plates/plate_16.csv",
                            "dos2unix: converting file plates/plate_16.csv to Unix format..."),
              "still": bash("nextflow run . -profile hpc -params-file plates/plate_16.yaml "
                            "-resume && ls results/bam/*.bam | wc -l",
                            "[a1/8e3f70] BWAMEM2_MEM (GBS_0301)  [100%] 1 of 1 ✔\n...\n1"),
              "reporter": "Aoife from the breeding team"}),
        Fact("fals-minimap", "falsified", ["minimap2"],
             ["could we make the alignment step faster by using a different short-read "
              "aligner?",
              "has anyone benchmarked a quicker aligner than bwa-mem2 for the GBS plates?"],
             "Replacing bwa-mem2 with minimap2 -ax sr was tried: ~3x faster, but concordance "
             "with the array genotypes fell from 99.3% to 96.1% (below the 99.0% release "
             "threshold) - the short GBS tags map worse. Stay on bwa-mem2.",
             {"ask": "try swapping bwa-mem2 for minimap2 -ax sr in the align step, should be "
                     "way faster on the big plates",
              "pain": "alignment is by far the slowest step, plate 16 spent 5 h in "
                      "BWAMEM2_MEM. any ideas to speed that up?",
              "idea": "swapping bwa-mem2 for minimap2 in short-read mode (-ax sr), which is "
                      "usually several times faster",
              "idea_label": "minimap2 -ax sr",
              "alt_label": "split the fastqs",
              "alternative": "Keep bwa-mem2 and split each sample's reads into chunks of 2M "
                             "pairs with splitFastq, so alignment fans out over more Batch "
                             "jobs, then merge the BAMs per sample.",
              "why_user": "concordance with the array genotypes dropped to 96% when we tried "
                          "minimap2, the short tags near the cut sites map badly",
              "change": [write("modules/local/minimap2_align/main.nf",
                               "process MINIMAP2_ALIGN {\n    tag \"$meta.id\"\n    label "
                               "'process_high'\n    container 'quay.io/biocontainers/minimap2:"
                               "2.28--he4a0461_0'\n\n    input:\n    tuple val(meta), "
                               "path(reads)\n    path fasta\n\n    output:\n    tuple val(meta), "
                               "path(\"*.bam\"), emit: bam\n\n    script:\n    \"\"\"\n    "
                               "minimap2 -ax sr -t $task.cpus $fasta $reads | samtools sort -o "
                               "${meta.id}.bam\n    \"\"\"\n}\n"),
                         edit(wf, "    BWAMEM2_MEM(FASTP.out.reads, ch_index, ch_fasta)\n",
                              "    MINIMAP2_ALIGN(FASTP.out.reads, ch_fasta)\n")],
              "broke": bash("python bin/concordance.py results-mm2/vcf/chr1A.vcf.gz "
                            "assets/array_truth_chr1A.vcf.gz",
                            "samples: 4  sites: 1,812\nconcordance vs array: 96.1%  (bwa-mem2 "
                            "baseline 99.3%)\nFAIL: below the 99.0% release threshold", 1),
              "revert": bash("git checkout -- workflows/graincall.nf && rm -r "
                             "modules/local/minimap2_align", ""),
              "conclusion": "minimap2 was about 3x faster on the align step, but concordance "
                            "against the array genotypes fell from 99.3% to 96.1%, below the "
                            "99.0% release threshold - the 64-bp GBS tags next to the PstI "
                            "sites map worse in sr mode. Not usable; we stay on bwa-mem2."}),
        Fact("fals-storedir", "falsified", ["storeDir"],
             ["can we cache the bwa-mem2 index between runs so it isn't rebuilt every time?",
              "is it safe to keep built reference indexes in a shared cache directory that "
              "concurrent runs reuse?"],
             "storeDir on BWAMEM2_INDEX was tried and dropped: it has no locking, two plates "
             "launched together both wrote the index and one aligned against a half-written "
             "one. Use a prebuilt index passed with --bwa_index instead.",
             {"ask": "make BWAMEM2_INDEX use storeDir so the index is built once and reused by "
                     "every later run",
              "pain": "every run that doesn't get --bwa_index rebuilds the bwa-mem2 index, two "
                      "hours each time. can we keep it around?",
              "idea": "putting a storeDir on BWAMEM2_INDEX, so the index is built once into a "
                      "shared directory and later runs skip the task",
              "idea_label": "storeDir on the index",
              "alt_label": "prebuilt index param",
              "alternative": "Build the index once, upload it next to the fasta under "
                             "s3://fenland-refs/, and make --bwa_index required in the prod "
                             "params so BWAMEM2_INDEX never runs there.",
              "why_user": "two plates launched at the same time both wrote into the storeDir "
                          "and one ran against a half-written index - silent garbage calls for "
                          "plate 9",
              "change": [edit("modules/local/bwamem2_index/main.nf", "    tag \"$fasta\"\n",
                              "    tag \"$fasta\"\n    storeDir \"${params.index_cache}/"
                              "bwamem2\"\n")],
              "broke": bash("(nextflow run . -profile hpc -params-file plates/plate_16.yaml -bg; "
                            "nextflow run . -profile hpc -params-file plates/plate_17.yaml -bg; "
                            "wait) && grep -h ERROR -A2 .nextflow.log*",
                            "ERROR ~ Error executing process > 'BWAMEM2_MEM (GBS_0512)'\n  "
                            "[E::bwa_idx_load_from_disk] fail to locate the index files\n  "
                            "index.bwt.2bit.64: truncated (2.1 GB, expected 10.4 GB)", 1),
              "revert": bash("git checkout -- modules/local/bwamem2_index/main.nf", ""),
              "conclusion": "Both runs found the storeDir empty and both started writing the "
                            "index into it; the second run's BWAMEM2_MEM picked up a "
                            "half-written .bwt.2bit.64. storeDir has no locking, so it isn't "
                            "safe with concurrent runs. Reverted."}),
    ]
    noise = [
        _look("what does bin/concordance.py actually compare?", "bin/concordance.py",
              "def concordance(calls, truth):\n    shared = calls.index.intersection(truth.index)"
              "\n    called = calls.loc[shared].ne('./.')\n    agree = (calls.loc[shared] == "
              "truth.loc[shared]) & called\n    return agree.sum().sum() / called.sum().sum()\n",
              "It intersects the sites of our calls with the array truth set, drops no-calls, and "
              "returns the fraction of called genotypes that match the array exactly - "
              "missing calls don't count against it."),
        _find("where's fastp configured? the ext.args", "withName: 'FASTP'",
              ["conf/modules.config"],
              "The FASTP args (adapter, --cut_right, length filter) are in conf/modules.config "
              "under withName: 'FASTP'."),
        _tweak("typo in the multiqc report title: 'Genotpying'", "assets/multiqc_config.yml",
               "title: \"Fenland Genotpying QC\"", "title: \"Fenland Genotyping QC\""),
        _run("how many samples are on plate 17?", "tail -n +2 plates/plate_17.csv | wc -l",
             "94", "94 - two wells of plate 17 are listed as empty."),
        _talk("what's the difference between a process and an operator in nextflow, two "
              "sentences",
              "A process runs a script in its own task directory (a container, a job on the "
              "executor) once per set of inputs. An operator like map, join or groupTuple "
              "transforms channels inside the Nextflow runtime itself and never launches a "
              "job."),
        _steps("add a pytest for concordance() with a tiny hand-made case",
               [write("tests/test_concordance.py",
                      "import pandas as pd\n\nfrom bin.concordance import concordance\n\n\n"
                      "def test_half_agree():\n    calls = pd.DataFrame({'s1': ['0/0', '0/1']}, "
                      "index=['a', 'b'])\n    truth = pd.DataFrame({'s1': ['0/0', '1/1']}, "
                      "index=['a', 'b'])\n    assert concordance(calls, truth) == 0.5\n"),
                bash("pytest tests/test_concordance.py -q", "1 passed in 0.41s")],
               "Added tests/test_concordance.py: two sites, one agreeing, expecting 0.5. It "
               "passes."),
        _talk("remind me what a PstI cut site has to do with GBS",
              "GBS libraries are made by digesting the DNA with a restriction enzyme - PstI "
              "(often with MspI) here - and sequencing only the fragments next to the cut "
              "sites. So every sample is read at roughly the same set of loci, which is what "
              "makes a cheap, shared marker set possible."),
        _tweak("bump fastp to 0.23.4", "modules/local/fastp/main.nf",
               "quay.io/biocontainers/fastp:0.23.2--hb7a2d85_2",
               "quay.io/biocontainers/fastp:0.23.4--h5f740d0_0", "Bumped the container tag."),
    ]
    return Project(
        "graincall", "git@github.com:fenland-seeds/graincall.git",
        {"README.md": "# graincall\n\nGBS genotyping pipeline for Fenland Seeds.\n",
         "nextflow.config": "manifest {\n    name = 'fenland-seeds/graincall'\n}\n"},
        facts, noise, "aws")


def washbay_os() -> Project:
    """A Yocto (scarthgap) Linux image for a laundrette chain's self-service payment kiosks on
    Variscite i.MX8M Mini boards: built with kas, a meta-washbay layer on top of poky and the
    Variscite BSP, SWUpdate A/B updates, a Cog / WPE kiosk browser showing the local web UI,
    and paybridge, a daemon talking to the card terminal over a UART."""
    uboot_bb = "layers/meta-variscite-bsp/recipes-bsp/u-boot/u-boot-variscite.bb"
    paybridge_bb = "meta-washbay/recipes-apps/paybridge/paybridge_git.bb"
    image_bb = "meta-washbay/recipes-core/images/washbay-kiosk-image.bb"
    old_rev = 'SRCREV = "4be1f09c3a7d52e86b0f1d97ac2e5a3b8c6d0e41"\n'
    new_rev = 'SRCREV = "9d27c0e4b81f3a6d5e02c7b4a1f8e93d60c2b5a7"\n'
    auto_rev = 'SRCREV = "${AUTOREV}"\n'
    facts = [
        Fact("conv-bbappend", "convention", ["bbappend"],
             ["I need to change a U-Boot setting for the kiosks - can I just edit the recipe "
              "in layers/meta-variscite-bsp?",
              "how do we carry our own changes to recipes that come from the upstream layers?"],
             "Never edit poky or the vendor layers under layers/ (kas re-clones them at pinned "
             "refs): every change to an upstream recipe is a .bbappend (with its files/) in "
             "meta-washbay, mirroring the upstream path.",
             {"rule": "please don't touch anything under layers/, kas checks those out fresh at "
                      "the pinned refs. the change goes in a .bbappend in meta-washbay",
              "why": "last time someone patched meta-variscite-bsp in place it vanished on the "
                     "next checkout and a batch of kiosks shipped with the boot prompt showing",
              "task": "set the u-boot bootdelay to 0 on the kiosks, the 2s delay shows the "
                      "u-boot prompt on the customer screen",
              "contrary": edit(uboot_bb, 'SRC_URI = "${UBOOT_SRC};branch=${SRCBRANCH}"\n',
                               'SRC_URI = "${UBOOT_SRC};branch=${SRCBRANCH} \\\n'
                               '           file://bootdelay.cfg"\n'),
              "claimed": "Added a bootdelay.cfg fragment (CONFIG_BOOTDELAY=0) and listed it in "
                         "SRC_URI of layers/meta-variscite-bsp/recipes-bsp/u-boot/"
                         "u-boot-variscite.bb.",
              "undo": [bash("git -C layers/meta-variscite-bsp checkout -- "
                            "recipes-bsp/u-boot/u-boot-variscite.bb", "")],
              "follow": [write("meta-washbay/recipes-bsp/u-boot/u-boot-variscite_%.bbappend",
                               'FILESEXTRAPATHS:prepend := "${THISDIR}/files:"\nSRC_URI += '
                               '"file://bootdelay.cfg"\n'),
                         write("meta-washbay/recipes-bsp/u-boot/files/bootdelay.cfg",
                               "CONFIG_BOOTDELAY=0\n"),
                         bash("kas shell kas/washbay-kiosk.yml -c 'bitbake -c configure "
                              "u-boot-variscite' && grep BOOTDELAY build/tmp/work/*/"
                              "u-boot-variscite/*/build/.config", "CONFIG_BOOTDELAY=0")],
              "done": "The boot delay now comes from meta-washbay/recipes-bsp/u-boot/"
                      "u-boot-variscite_%.bbappend, which adds bootdelay.cfg "
                      "(CONFIG_BOOTDELAY=0) to U-Boot's config; layers/ is untouched and the "
                      "configured U-Boot has CONFIG_BOOTDELAY=0.",
              "minor": "put a one-line comment in the cfg saying why (customer screen)",
              "minor_fix": edit("meta-washbay/recipes-bsp/u-boot/files/bootdelay.cfg",
                                "CONFIG_BOOTDELAY=0\n",
                                "# no U-Boot prompt on the customer screen\n"
                                "CONFIG_BOOTDELAY=0\n"),
              "proposal": "I'll add the bootdelay.cfg fragment straight to SRC_URI in the "
                          "Variscite u-boot recipe under layers/meta-variscite-bsp - it's a "
                          "one-line change.",
              "art": ("doc", "meta-washbay/README.md",
                      "## Changing upstream recipes\n\nlayers/ is managed by kas (pinned refs "
                      "in kas/*.yml) and re-cloned on checkout.\nNever edit it. Put the change "
                      "in a .bbappend under meta-washbay/recipes-*/,\nmirroring the upstream "
                      "path, extra files next to it in files/.")}),
        Fact("conv-srcrev", "convention", ["AUTOREV"],
             ["can I make the paybridge recipe always build the newest commit of its repo, so "
              "I don't have to bump it by hand?",
              "how are our own application recipes pinned to a version of their source?"],
             "No SRCREV = \"${AUTOREV}\" in meta-washbay: recipes pin SRCREV to the full commit "
             "hash, bumped in its own commit, so any image (and its .swu) can be rebuilt "
             "exactly.",
             {"rule": "no AUTOREV in our recipes, ever - SRCREV gets the full 40-char hash and "
                      "the bump is its own commit",
              "why": "with AUTOREV two builds of the same tag had different paybridge in them "
                     "and we couldn't rebuild the update a shop in Galway was running",
              "task": "update the paybridge recipe to pick up today's fix for the double charge "
                      "on retry (it's on paybridge main)",
              "contrary": edit(paybridge_bb, old_rev, auto_rev),
              "claimed": "paybridge_git.bb now has SRCREV = \"${AUTOREV}\", so it follows "
                         "paybridge's main - today's fix and anything later gets picked up "
                         "automatically.",
              "undo": [edit(paybridge_bb, auto_rev, old_rev)],
              "follow": [bash("git ls-remote git@gitlab.com:spincycle/paybridge.git "
                              "refs/heads/main",
                              "9d27c0e4b81f3a6d5e02c7b4a1f8e93d60c2b5a7\trefs/heads/main"),
                         edit(paybridge_bb, old_rev, new_rev),
                         bash("kas shell kas/washbay-kiosk.yml -c 'bitbake paybridge'",
                              "NOTE: Tasks Summary: Attempted 812 tasks of which 797 didn't "
                              "need to be rerun and all succeeded.")],
              "done": "paybridge_git.bb pins SRCREV to 9d27c0e4b81f3a6d5e02c7b4a1f8e93d60c2b5a7 "
                      "(main with the double-charge fix) and builds. It's ready to go in as its "
                      "own commit, e.g. `paybridge: bump to 9d27c0e (double charge on retry)`.",
              "minor": "the commit message should say which paybridge change this pulls in",
              "minor_fix": bash("git commit -m 'paybridge: bump to 9d27c0e (fix double charge "
                                "on retry)' " + paybridge_bb,
                                "[main 71c2a0e] paybridge: bump to 9d27c0e (fix double charge "
                                "on retry)\n 1 file changed, 1 insertion(+), 1 deletion(-)"),
              "proposal": "I'll set SRCREV = \"${AUTOREV}\" in paybridge_git.bb so it tracks "
                          "main and you never need to bump it by hand again.",
              "art": ("slack", "Niamh (#washbay-firmware)",
                      "PSA after the Galway mess: no AUTOREV anywhere in meta-washbay. pin "
                      "SRCREV to the full hash, bump it in its own commit.\nwe have to be able "
                      "to rebuild exactly the .swu a shop is running")}),
        Fact("cmd-kas-container", "command", ["kas-container"],
             ["what's the right way to build the kiosk image on my machine? bitbake isn't "
              "found",
              "my laptop runs Ubuntu 24.04 and the Yocto build complains about the host, how "
              "does everyone else build?"],
             "Build the image with `kas-container build kas/washbay-kiosk.yml` (kas's build "
             "container, as CI does); there's no bitbake on hosts and plain kas on a host fails "
             "OE's sanity checks.",
             {"goal": "build the kiosk image, I want to test the new splash screen",
              "fail": bash("bitbake washbay-kiosk-image", "bash: bitbake: command not found",
                           127),
              "note": "No bitbake on the PATH; kas sets up the build environment. Trying kas "
                      "directly.",
              "fail2": bash("kas build kas/washbay-kiosk.yml",
                            "2024-06-12 10:03:41 - INFO     - kas 4.3.2 started\nWARNING: Host "
                            "distribution \"ubuntu-24.04\" has not been validated with this "
                            "version of the build system\nERROR:  OE-core's config sanity "
                            "checker detected a potential misconfiguration.\n    Please install "
                            "the following missing utilities: chrpath,diffstat,lz4c", 1),
              "hint": "we always build in the container: kas-container build "
                      "kas/washbay-kiosk.yml. host builds aren't supported, CI does the same",
              "ok": bash("kas-container build kas/washbay-kiosk.yml",
                         "2024-06-12 10:09:12 - INFO     - kas 4.3.2 started\n...\nNOTE: Tasks "
                         "Summary: Attempted 6214 tasks of which 6089 didn't need to be rerun "
                         "and all succeeded."),
              "done": "Built in the container with `kas-container build kas/washbay-kiosk.yml`: "
                      "6214 tasks, nearly all from sstate, all succeeded; the image is under "
                      "build/tmp/deploy/images/.",
              "gist": "Host builds aren't set up here: bitbake only exists inside a kas "
                      "environment, and the host's own distro and missing tools trip OE's "
                      "sanity checker - the build runs in kas's container image.",
              "ci": ("gitlab", "build-image"),
              "art": ("doc", "docs/building.md",
                      "# Building\n\nAlways in the container (same as CI):\n\n    "
                      "kas-container build kas/washbay-kiosk.yml\n\nHost builds are not "
                      "supported. A first build takes ~3 h.")}),
        Fact("cmd-swupdate-client", "command", ["swupdate-client"],
             ["how do I get a freshly built update bundle onto the test kiosk on my desk?",
              "copying the .swu onto the bench unit runs out of space, what's the usual way "
              "to install a build there?"],
             "Install a .swu on the bench kiosk by streaming it to SWUpdate's web server: "
             "`swupdate-client --addr kiosk-bench.local --port 8080 <file>.swu` - scp to /tmp "
             "fails (64 MB tmpfs) and a local swupdate -i lacks the dev key.",
             {"goal": "put the new build on the bench kiosk (kiosk-bench.local)",
              "fail": bash("scp build/tmp/deploy/images/washbay-update.swu "
                           "root@kiosk-bench.local:/tmp/",
                           "scp: write remote \"/tmp/washbay-update.swu\": No space left on "
                           "device\nscp: failed to upload file build/tmp/deploy/images/"
                           "washbay-update.swu to /tmp/", 1),
              "note": "/tmp on the kiosk is too small. Trying the data partition instead.",
              "fail2": bash("scp build/tmp/deploy/images/washbay-update.swu "
                            "root@kiosk-bench.local:/data/ && ssh root@kiosk-bench.local "
                            "swupdate -i /data/washbay-update.swu",
                            "washbay-update.swu   100%  183MB  11.2MB/s   00:16\nSWUpdate "
                            "v2023.12.1\n[ERROR] : SWUPDATE failed [0] ERROR : Signature "
                            "verification failed\n[ERROR] : SWUPDATE failed [1] Image invalid "
                            "or corrupted. Not installing ...", 1),
              "hint": "don't copy it at all, stream it to swupdate's web server: "
                      "swupdate-client --addr kiosk-bench.local --port 8080 <file>. that path "
                      "checks it with the dev key too",
              "ok": bash("swupdate-client --addr kiosk-bench.local --port 8080 "
                         "build/tmp/deploy/images/washbay-update.swu",
                         "Uploading washbay-update.swu: 100%\nSWUpdate status: SUCCESS - "
                         "installed to slot B, rebooting"),
              "done": "Installed with `swupdate-client --addr kiosk-bench.local --port 8080 "
                      "build/tmp/deploy/images/washbay-update.swu`: streamed to the kiosk's "
                      "SWUpdate web server, installed to slot B, and it rebooted into it.",
              "gist": "Bundles aren't copied onto the kiosk first (/tmp is a small tmpfs and "
                      "the shell-side swupdate has no dev key) - they're streamed to the "
                      "SWUpdate web server on the device.",
              "ci": ("gitlab", "deploy-bench"),
              "art": ("doc", "docs/bench-kiosk.md",
                      "## Installing a build on the bench unit\n\n    swupdate-client --addr "
                      "kiosk-bench.local --port 8080 build/tmp/deploy/images/"
                      "washbay-update.swu\n\nDon't scp the .swu over: /tmp is a 64M tmpfs.")}),
        Fact("env-machine", "environment", ["imx8mm-var-dart"],
             ["which SoM and MACHINE does the kiosk image target?",
              "I'm adding a device tree tweak - which board are the laundrette kiosks "
              "actually built on?"],
             "The kiosks are Variscite DART-MX8M-MINI boards: kas/washbay-kiosk.yml sets "
             "machine imx8mm-var-dart (the imx8mm-lpddr4-evk in local.conf.sample is the NXP "
             "eval kit from the prototype).",
             {"goal": "which machine do we build for? I need it for a device tree override for "
                      "the touch controller",
              "probe": [read("kas/washbay-kiosk.yml",
                             "header:\n  version: 14\nmachine: imx8mm-var-dart\ndistro: washbay"
                             "\ntarget: washbay-kiosk-image\nrepos:\n  meta-variscite-bsp:\n"
                             "    url: https://github.com/varigit/meta-variscite-bsp-imx\n"
                             "    branch: scarthgap\n")],
              "confirm": "The image is built for MACHINE imx8mm-var-dart - Variscite's "
                         "DART-MX8M-MINI - set in kas/washbay-kiosk.yml. The touch overlay "
                         "belongs with that machine's kernel (linux-variscite), carried in "
                         "meta-washbay.",
              "art": ("ticket", "WB-318 · touch offset on the new 10.1\" screens",
                      "New screens (Ilitek controller) report touches ~40px off.\nNeeds a DT "
                      "overlay for the DART board (MACHINE imx8mm-var-dart).\nRepro: bench "
                      "unit, tap the corners on the calibration page."),
              "misled": [read("meta-washbay/conf/local.conf.sample",
                              'MACHINE ??= "imx8mm-lpddr4-evk"\nDISTRO ?= "washbay"\n')],
              "found": "local.conf.sample sets MACHINE ??= \"imx8mm-lpddr4-evk\" - the NXP "
                       "i.MX8M Mini EVK. Looking for its deploy directory.",
              "stumble": bash("ls build/tmp/deploy/images/imx8mm-lpddr4-evk/",
                              "ls: cannot access 'build/tmp/deploy/images/imx8mm-lpddr4-evk/': "
                              "No such file or directory", 2),
              "correct": "that sample is from the prototype on the NXP eval kit. real kiosks "
                         "are Variscite DART boards, machine's set in the kas file"}),
        Fact("env-sstate", "environment", ["sstate.spincycle.lan"],
             ["the first image build on my new laptop is going to take hours - is there a "
              "shared cache I can point it at?",
              "where's the team's shared-state mirror for Yocto builds?"],
             "The team's sstate mirror is http://sstate.spincycle.lan/scarthgap (office LAN or "
             "VPN), wired up in kas/mirrors.yml - add it to the build "
             "(kas/washbay-kiosk.yml:kas/mirrors.yml); a first build drops from ~3 h to "
             "~25 min.",
             {"goal": "do we have a shared sstate mirror? first build on the new laptop says "
                      "6000+ tasks to run",
              "probe": [read("kas/mirrors.yml",
                             "header:\n  version: 14\nlocal_conf_header:\n  mirrors: |\n    "
                             "SSTATE_MIRRORS = \"file://.* http://sstate.spincycle.lan/"
                             "scarthgap/PATH;downloadfilename=PATH\"\n    "
                             "BB_HASHSERVE_UPSTREAM = \"sstate.spincycle.lan:8686\"\n"),
                        bash("curl -sI http://sstate.spincycle.lan/scarthgap/ | head -1",
                             "HTTP/1.1 200 OK")],
              "confirm": "Yes: kas/mirrors.yml points SSTATE_MIRRORS at "
                         "http://sstate.spincycle.lan/scarthgap (plus the hash-equivalence "
                         "server on port 8686 of the same box), and it answers from here. Build "
                         "with kas/washbay-kiosk.yml:kas/mirrors.yml to use it; it needs the "
                         "office LAN or the VPN.",
              "art": ("slack", "Niamh (#washbay-firmware)",
                      "for new laptops: add kas/mirrors.yml to your build "
                      "(kas/washbay-kiosk.yml:kas/mirrors.yml), it points at our sstate box "
                      "sstate.spincycle.lan. first build goes from ~3h to ~25min. needs office "
                      "wifi or the vpn"),
              "misled": [read("kas/washbay-kiosk.yml",
                              "header:\n  version: 14\nlocal_conf_header:\n  cache: |\n    "
                              "SSTATE_DIR = \"${TOPDIR}/../sstate-cache\"\n")],
              "found": "The kas file only sets a local SSTATE_DIR (../sstate-cache), so there's "
                       "no shared mirror - seeding that directory from a colleague's machine "
                       "would be the way. Checking what's in it.",
              "stumble": bash("ls ../sstate-cache | wc -l",
                              "ls: cannot access '../sstate-cache': No such file or directory"
                              "\n0", 2),
              "correct": "there is one, it's just in a separate kas file, mirrors.yml. the box "
                         "is in the office"}),
        Fact("gotcha-timesync", "gotcha", ["time-wait-sync"],
             ["after a power cut the kiosks can't reach the payment gateway for a few minutes "
              "and log certificate errors, what's going on?",
              "why would paybridge say the gateway's TLS certificate is not yet valid right "
              "after a kiosk boots?"],
             "The kiosk boards have no RTC battery: after a power loss they boot with the clock "
             "at the image build time, so TLS to the gateway fails ('not yet valid') until NTP "
             "syncs. paybridge.service waits for time-sync.target, with "
             "systemd-time-wait-sync.service enabled in the image.",
             {"symptom": "kiosks in the Cork shop lost power overnight, this morning every one "
                         "showed 'card payments unavailable' for 3-4 min after boot and then "
                         "it fixed itself",
              "probe": [bash("ssh root@kiosk-bench.local 'journalctl -b -u paybridge --no-pager "
                             "| head -4'",
                             "Mar 14 09:21:03 washbay paybridge[412]: connecting to "
                             "gw.paynode.ie:443\nMar 14 09:21:03 washbay paybridge[412]: TLS "
                             "error: certificate verify failed: certificate is not yet valid\n"
                             "Mar 14 09:21:33 washbay paybridge[412]: retrying in 30s\nJun 13 "
                             "07:58:51 washbay paybridge[412]: connected, terminal 7 ready"),
                        bash("ssh root@kiosk-bench.local 'timedatectl | grep -E \"RTC|sync\"; "
                             "systemctl show paybridge -p After'",
                             "                RTC time: n/a\nSystem clock synchronized: yes\n"
                             "After=network-online.target basic.target")],
              "explain": "The boards' RTC has no battery on these kiosks (`RTC time: n/a`), so "
                         "after a power cut the clock starts at the image's build timestamp - "
                         "14 March in the log. paybridge starts as soon as the network is up, "
                         "the gateway's certificate looks like it's from the future, and TLS "
                         "fails until timesyncd gets NTP a few minutes later (the jump to 13 "
                         "June). paybridge is only ordered after network-online.target; it "
                         "also has to wait for time-sync.target, and that target only means "
                         "anything when systemd-time-wait-sync.service is enabled.",
              "fix": [edit("meta-washbay/recipes-apps/paybridge/files/paybridge.service",
                           "After=network-online.target\nWants=network-online.target\n",
                           "After=network-online.target time-sync.target\nWants="
                           "network-online.target time-sync.target\n"),
                      edit(image_bb, "ROOTFS_POSTPROCESS_COMMAND += \"washbay_branding; \"\n",
                           "ROOTFS_POSTPROCESS_COMMAND += \"washbay_branding; "
                           "enable_time_wait_sync; \"\n\n# no RTC battery: hold time-sync.target "
                           "until NTP has synced\nenable_time_wait_sync() {\n    ln -sf "
                           "/lib/systemd/system/systemd-time-wait-sync.service \\\n        "
                           "${IMAGE_ROOTFS}/etc/systemd/system/sysinit.target.wants/\n}\n")],
              "done": "paybridge now waits for time-sync.target, and the image enables "
                      "systemd-time-wait-sync.service so that target only arrives after the "
                      "first NTP sync. After a power cut the payment screen says 'starting' a "
                      "little longer instead of failing TLS for minutes.",
              "log": "Mar 14 09:21:03 washbay paybridge[412]: connecting to gw.paynode.ie:443\n"
                     "Mar 14 09:21:03 washbay paybridge[412]: TLS error: certificate verify "
                     "failed: certificate is not yet valid\nMar 14 09:21:33 washbay "
                     "paybridge[412]: retrying in 30s\nJun 13 07:58:51 washbay paybridge[412]: "
                     "connected, terminal 7 ready",
              "naive_text": "Looks like the CA bundle on the image may be outdated for the "
                            "gateway's new certificate. Adding ca-certificates explicitly.",
              "naive": edit(image_bb, 'IMAGE_INSTALL:append = " paybridge"\n',
                            'IMAGE_INSTALL:append = " paybridge ca-certificates"\n'),
              "still": bash("ssh root@kiosk-bench.local 'journalctl -b -u paybridge --no-pager "
                            "| grep -c \"not yet valid\"'", "6"),
              "reporter": "Ciara (shop support)"}),
        Fact("gotcha-getty", "gotcha", ["ttymxc1"],
             ["paybridge receives junk like 'login:' from the card terminal's serial line, "
              "where does that come from?",
              "why does the payment terminal on the UART keep getting garbage and resetting?"],
             "The card terminal is on UART2 = /dev/ttymxc1, which the BSP's SERIAL_CONSOLES "
             "also lists, so a serial-getty writes 'login:' into the terminal's line; "
             "conf/distro/washbay.conf overrides SERIAL_CONSOLES to ttymxc0 only.",
             {"symptom": "terminal 7 on the bench keeps resetting, the paybridge log shows "
                         "weird frames",
              "probe": [bash("ssh root@kiosk-bench.local 'journalctl -u paybridge -n 3 "
                             "--no-pager'",
                             "Jun 12 14:02:17 washbay paybridge[418]: rx unexpected frame: 0d "
                             "0a 77 61 73 68 62 61 79 20 6c 6f 67 69 6e 3a 20\nJun 12 14:02:17 "
                             "washbay paybridge[418]: ECR protocol error, sending NAK\nJun 12 "
                             "14:02:48 washbay paybridge[418]: terminal reset (3rd time)"),
                        bash("ssh root@kiosk-bench.local 'systemctl list-units "
                             "\"serial-getty@*\" --no-legend'",
                             "serial-getty@ttymxc0.service loaded active running Serial Getty "
                             "on ttymxc0\nserial-getty@ttymxc1.service loaded active running "
                             "Serial Getty on ttymxc1"),
                        read("layers/meta-variscite-bsp/conf/machine/include/"
                             "imx8mm-var-common.inc",
                             'SERIAL_CONSOLES = "115200;ttymxc0 115200;ttymxc1"\n')],
              "explain": "The 'unexpected frame' bytes decode to \"\\r\\nwashbay login: \". The "
                         "BSP's machine include lists both UARTs in SERIAL_CONSOLES, so systemd "
                         "runs serial-getty@ttymxc1 on the very UART the card terminal is wired "
                         "to. Whenever the line is idle the getty prints its login prompt into "
                         "it; the terminal's ECR protocol sees a garbage frame, NAKs, and after "
                         "a few of those resets. Our distro config has to override "
                         "SERIAL_CONSOLES so only ttymxc0 (the debug header) gets a console.",
              "fix": [edit("meta-washbay/conf/distro/washbay.conf", 'DISTRO_VERSION = "3.2"\n',
                           'DISTRO_VERSION = "3.2"\n\n# ttymxc1 is the card terminal - no getty '
                           'on it\nSERIAL_CONSOLES = "115200;ttymxc0"\n')],
              "done": "Only ttymxc0 gets a getty now (SERIAL_CONSOLES overridden in "
                      "conf/distro/washbay.conf). After reflashing the bench unit, "
                      "serial-getty@ttymxc1 is gone and terminal 7 has gone an hour without a "
                      "reset.",
              "log": "Jun 12 14:02:17 washbay paybridge[418]: rx unexpected frame: 0d 0a 77 61 "
                     "73 68 62 61 79 20 6c 6f 67 69 6e 3a 20\nJun 12 14:02:17 washbay "
                     "paybridge[418]: ECR protocol error, sending NAK\nJun 12 14:02:48 washbay "
                     "paybridge[418]: terminal reset (3rd time)",
              "naive_text": "Could be flow control on the line - switching paybridge to "
                            "hardware flow control.",
              "naive": edit("meta-washbay/recipes-apps/paybridge/files/paybridge.toml",
                            'flow_control = "none"\n', 'flow_control = "rtscts"\n'),
              "still": bash("ssh root@kiosk-bench.local 'journalctl -u paybridge --since -10min "
                            "--no-pager | grep -c \"unexpected frame\"'", "4"),
              "reporter": "Declan (field engineer)"}),
        Fact("fals-ro-rootfs", "falsified", ["read-only-rootfs"],
             ["could we make the kiosk's root filesystem immune to corruption from power cuts "
              "by mounting it without write access?",
              "has locking down the root partition been tried on the kiosks?"],
             "IMAGE_FEATURES read-only-rootfs was tried and dropped: paybridge (txlog under "
             "/var/lib), Cog's cache and the closed-source terminal library write all over the "
             "rootfs and fail. Keep it writable, state on /data, A/B fallback for the rest.",
             {"ask": "make the rootfs read-only (IMAGE_FEATURES read-only-rootfs), writable "
                     "stuff goes to /data",
              "pain": "kiosks that get unplugged mid-write sometimes come back with a corrupted "
                      "rootfs. can we harden that?",
              "idea": "making the rootfs read-only with IMAGE_FEATURES += \"read-only-rootfs\" "
                      "and keeping all writable state on /data",
              "idea_label": "read-only rootfs",
              "alt_label": "journal + A/B fallback",
              "alternative": "Keep the rootfs writable but mount it with data=journal, move "
                             "paybridge's transaction log to /data (already its own partition), "
                             "and let SWUpdate's A/B fallback boot the other slot when the root "
                             "won't mount.",
              "why_user": "we did that on the 2022 image and spent a month chasing paybridge, "
                          "cog and the vendor's terminal lib writing all over /var and /etc. "
                          "the lib is closed source, we can't move its paths",
              "change": [edit(image_bb, 'IMAGE_FEATURES += "ssh-server-dropbear"\n',
                              'IMAGE_FEATURES += "ssh-server-dropbear read-only-rootfs"\n')],
              "broke": bash("ssh root@kiosk-bench.local 'systemctl is-system-running; "
                            "systemctl --failed --no-legend; journalctl -u paybridge -n1 "
                            "--no-pager'",
                            "degraded\n● paybridge.service loaded failed failed Payment "
                            "terminal bridge\n● cog-kiosk.service loaded failed failed WPE "
                            "kiosk browser\nJun 13 11:04:52 washbay paybridge[401]: cannot open "
                            "/var/lib/paybridge/txlog.db: Read-only file system", 1),
              "revert": edit(image_bb,
                             'IMAGE_FEATURES += "ssh-server-dropbear read-only-rootfs"\n',
                             'IMAGE_FEATURES += "ssh-server-dropbear"\n'),
              "conclusion": "With read-only-rootfs, paybridge can't open its transaction log "
                            "under /var/lib/paybridge and Cog can't write its cache - both "
                            "services fail and the system is degraded. It would need every "
                            "writable path moved to /data first, including the vendor "
                            "library's. Reverted."}),
        Fact("fals-chromium", "falsified", ["chromium-ozone-wayland"],
             ["would switching the kiosk browser engine make the UI animations smoother?",
              "has anyone tried a different browser than Cog on the kiosks?"],
             "Chromium (meta-browser's chromium-ozone-wayland) instead of Cog/WPE was tried: "
             "+4 h per clean build and OOM-killed on the 2 GB kiosks. Fix stutter in the page "
             "(animate transform/opacity, no backdrop-filter) instead.",
             {"ask": "try chromium-ozone-wayland from meta-browser instead of cog for the kiosk "
                     "UI",
              "pain": "the new machine-status page stutters badly on the kiosks, the cards "
                      "animate like a slideshow. anything better we can do?",
              "idea": "replacing Cog/WPE with Chromium in kiosk mode from meta-browser "
                      "(chromium-ozone-wayland)",
              "idea_label": "Chromium kiosk",
              "alt_label": "fix the page's CSS",
              "alternative": "Fix it in the page: the status cards animate width and top; "
                             "switching to transform/opacity lets WPE composite them on the "
                             "GPU, and dropping the backdrop-filter blur (software-rendered "
                             "here) removes the rest of the jank.",
              "why_user": "we trialled chromium in 2023, the 2GB boards can't hold it and it "
                          "added 4h to every clean build. the stutter is the css, not the "
                          "browser",
              "change": [edit("kas/washbay-kiosk.yml", "repos:\n",
                              "repos:\n  meta-browser:\n    url: https://github.com/OSSystems/"
                              "meta-browser\n    branch: scarthgap\n    layers:\n      "
                              "meta-chromium:\n"),
                         edit(image_bb, 'IMAGE_INSTALL:append = " cog"\n',
                              'IMAGE_INSTALL:append = " chromium-ozone-wayland"\n')],
              "broke": bash("ssh root@kiosk-bench.local 'free -m | head -2; journalctl -k "
                            "--no-pager | grep -i \"out of memory\" | tail -1'",
                            "               total        used        free\nMem:            "
                            "1975        1911          64\nJun 13 15:22:09 washbay kernel: Out "
                            "of memory: Killed process 1204 (chromium) total-vm:3184220kB", 1),
              "revert": bash("git checkout -- kas/washbay-kiosk.yml " + image_bb, ""),
              "conclusion": "Chromium built (after about 4 extra hours of compiling), but on "
                            "the 2 GB kiosk it sits at ~1.9 GB used and the OOM killer took it "
                            "down within ten minutes of showing the status page. Cog stays."}),
    ]
    noise = [
        _look("what does washbay_branding in the image recipe do?", image_bb,
              "washbay_branding() {\n    install -m 0644 ${THISDIR}/files/os-release.washbay "
              "${IMAGE_ROOTFS}/etc/os-release\n    echo 'WashBay kiosk' > "
              "${IMAGE_ROOTFS}/etc/issue\n}\n",
              "It's a rootfs post-process step: it replaces /etc/os-release with the WashBay "
              "one and writes 'WashBay kiosk' to /etc/issue, so the build identifies itself on "
              "the console and in SWUpdate's reports."),
        _find("where do we set the kiosk hostname?", "washbay-",
              ["meta-washbay/recipes-core/hostname/files/set-hostname.sh",
               "meta-washbay/recipes-core/hostname/hostname-from-serial.bb"],
              "hostname-from-serial.bb installs set-hostname.sh, which names each kiosk "
              "washbay-<last 6 of the board serial> on first boot."),
        _tweak("the splash says 'Wash Bay', brand is one word", "meta-washbay/recipes-core/"
               "psplash/files/psplash-config.h",
               "#define PSPLASH_STARTUP_MSG \"Wash Bay\"",
               "#define PSPLASH_STARTUP_MSG \"WashBay\"", "Changed to one word."),
        _run("how many recipes are in our layer?", "find meta-washbay -name '*.bb' | wc -l",
             "23", "23 recipes in meta-washbay."),
        _talk("IMAGE_INSTALL vs DEPENDS - quick version?",
              "IMAGE_INSTALL lists packages that go into an image's root filesystem. DEPENDS is "
              "a build-time dependency between recipes: it makes one recipe's sysroot "
              "available while another compiles, and puts nothing in the image by itself."),
        _talk("RDEPENDS vs RRECOMMENDS?",
              "RDEPENDS is a hard runtime dependency: the package manager (and the image) must "
              "install it. RRECOMMENDS is soft: installed by default, but an image can drop it "
              "with BAD_RECOMMENDATIONS or NO_RECOMMENDATIONS."),
        _steps("add htop to the debug image only",
               [edit("meta-washbay/recipes-core/images/washbay-debug-image.bb",
                     'IMAGE_INSTALL:append = " gdb strace"\n',
                     'IMAGE_INSTALL:append = " gdb strace htop"\n'),
                bash("kas shell kas/washbay-kiosk.yml -c 'bitbake -e washbay-debug-image | grep "
                     "^IMAGE_INSTALL='",
                     'IMAGE_INSTALL=" packagegroup-core-boot paybridge cog gdb strace htop"')],
               "htop is in washbay-debug-image only; the kiosk image is unchanged."),
        _tweak("paybridge timeout to 45s, gateway is slow at night",
               "meta-washbay/recipes-apps/paybridge/files/paybridge.toml",
               "gateway_timeout_s = 30", "gateway_timeout_s = 45", "Set to 45 seconds."),
    ]
    return Project(
        "washbay-os", "git@gitlab.com:spincycle/washbay-os.git",
        {"README.md": "# washbay-os\n\nLinux image for the SpinCycle payment kiosks.\n",
         "kas/washbay-kiosk.yml": "header:\n  version: 14\ndistro: washbay\n"},
        facts, noise, "github")


def claimlens() -> Project:
    """A Manifest V3 browser extension for a newsroom's fact-checking desk: a content script
    marks sentences that match claims the desk has already checked, a Preact side panel lists
    them with verdicts, the background service worker talks to the desk API. Built with WXT and
    TypeScript, pnpm, Vitest with WXT's fake browser, Playwright end-to-end tests against the
    built extension, released to the Chrome Web Store and to AMO."""
    settings = "entrypoints/sidepanel/Settings.tsx"
    claim_list = "entrypoints/sidepanel/ClaimList.tsx"
    bg = "entrypoints/background.ts"
    colour_state = "  const [colour, setColour] = useState<Colour>('amber');\n"
    colour_sync = (colour_state + "  useEffect(() => {\n    chrome.storage.sync.get('highlightColour')"
                   ".then((r) => r.highlightColour && setColour(r.highlightColour));\n  }, []);\n"
                   "  const save = (c: Colour) => {\n    setColour(c);\n    "
                   "chrome.storage.sync.set({ highlightColour: c });\n  };\n")
    recheck_raw = ("      <button onClick={() => browser.runtime.sendMessage({ type: 'recheck', "
                   "tabId })}>Recheck</button>\n")
    close_btn = "      <button onClick={close}>Close</button>\n"
    ext_id = "hcbdnljepgkoimafmjbenlkhdgcfaopi"
    facts = [
        Fact("conv-storage", "convention", ["defineItem"],
             ["I need to persist a reporter's preference in the extension, how do we store "
              "settings?",
              "can I use chrome.storage.sync for the list of muted domains so it follows the "
              "reporter across machines?"],
             "Every persisted setting is declared with WXT's storage.defineItem in "
             "utils/storage.ts ('local:' key, fallback, version) - never chrome.storage "
             "directly; sync's 8 KB per-item quota silently broke the muted-domains list.",
             {"rule": "please don't call chrome.storage directly, we declare every setting with "
                      "storage.defineItem in utils/storage.ts ('local:' key, a fallback and a "
                      "version)",
              "why": "muted domains used chrome.storage.sync and silently stopped saving once "
                     "the list went past the 8KB per-item quota",
              "task": "add a setting for the highlight colour in the side panel (default "
                      "amber), persisted",
              "contrary": edit(settings, colour_state, colour_sync),
              "claimed": "The colour picker in Settings.tsx now loads and saves highlightColour "
                         "with chrome.storage.sync, defaulting to amber.",
              "undo": [edit(settings, colour_sync, colour_state)],
              "follow": [edit("utils/storage.ts",
                              "export const mutedDomains = storage.defineItem<string[]>("
                              "'local:mutedDomains', {\n  fallback: [],\n  version: 2,\n});\n",
                              "export const mutedDomains = storage.defineItem<string[]>("
                              "'local:mutedDomains', {\n  fallback: [],\n  version: 2,\n});\n\n"
                              "export const highlightColour = storage.defineItem<Colour>("
                              "'local:highlightColour', {\n  fallback: 'amber',\n  version: "
                              "1,\n});\n"),
                         edit(settings, colour_state,
                              "  const colour = useStoredValue(highlightColour);\n  const save "
                              "= (c: Colour) => highlightColour.setValue(c);\n"),
                         bash("pnpm vitest run utils/storage",
                              " ✓ utils/storage.test.ts (5 tests) 41ms\n\n Test Files  1 passed "
                              "(1)\n      Tests  5 passed (5)")],
              "done": "highlightColour sits next to the other settings in utils/storage.ts as "
                      "storage.defineItem('local:highlightColour', fallback 'amber', version "
                      "1), and the side panel reads and writes it through that item. Storage "
                      "tests pass.",
              "minor": "label should be 'Highlight colour', sentence case like the others",
              "minor_fix": edit(settings, "<label>Highlight Colour</label>",
                                "<label>Highlight colour</label>"),
              "proposal": "I'll keep it simple: read and write highlightColour with "
                          "chrome.storage.sync from the Settings component, so the choice "
                          "follows the reporter to other machines.",
              "art": ("doc", "CONTRIBUTING.md",
                      "### Storage\n\nAll persisted settings are declared in utils/storage.ts "
                      "with storage.defineItem\n('local:' keys, always a fallback and a version "
                      "so we can migrate).\nDon't call chrome.storage / browser.storage "
                      "directly - sync has an 8 KB per-item\nquota and writes over it fail "
                      "silently.")}),
        Fact("conv-messaging", "convention", ["defineExtensionMessaging"],
             ["how should the content script ask the background worker to look a claim up "
              "with the desk API?",
              "is browser.runtime.sendMessage fine for a new message from the side panel to "
              "the background?"],
             "Messages between content script, side panel and background go through the typed "
             "protocol in utils/messaging.ts (defineExtensionMessaging from "
             "@webext-core/messaging: add it to ProtocolMap, use its sendMessage/onMessage) - "
             "no raw runtime.sendMessage with {type: ...} objects.",
             {"rule": "please don't use raw runtime.sendMessage with a {type: ...} object, we "
                      "add the message to ProtocolMap in utils/messaging.ts "
                      "(defineExtensionMessaging) and use its sendMessage/onMessage",
              "why": "the stringly typed messages broke twice in 2.x when someone renamed a "
                     "type on one side only, the typed map catches that at compile time",
              "task": "add a 'recheck' action: the side panel asks the background to re-run the "
                      "claim lookup for the current tab",
              "contrary": edit(claim_list, close_btn, recheck_raw + close_btn),
              "claimed": "Added a Recheck button that sends {type: 'recheck', tabId} with "
                         "browser.runtime.sendMessage, and a runtime.onMessage branch in "
                         "background.ts that re-runs the lookup when type === 'recheck'.",
              "undo": [edit(claim_list, recheck_raw + close_btn, close_btn)],
              "follow": [edit("utils/messaging.ts",
                              "interface ProtocolMap {\n  lookupClaims(data: { url: string; "
                              "text: string }): ClaimMatch[];\n}\n",
                              "interface ProtocolMap {\n  lookupClaims(data: { url: string; "
                              "text: string }): ClaimMatch[];\n  recheckTab(data: { tabId: "
                              "number }): number;\n}\n"),
                         edit(bg, "  onMessage('lookupClaims', ({ data }) => lookup(data));\n",
                              "  onMessage('lookupClaims', ({ data }) => lookup(data));\n  "
                              "onMessage('recheckTab', ({ data }) => recheck(data.tabId));\n"),
                         edit(claim_list, close_btn,
                              "      <button onClick={() => sendMessage('recheckTab', { tabId "
                              "})}>Recheck</button>\n" + close_btn),
                         bash("pnpm tsc --noEmit && pnpm vitest run background",
                              " ✓ entrypoints/background.test.ts (9 tests) 118ms\n\n      Tests "
                              " 9 passed (9)")],
              "done": "recheckTab is in ProtocolMap (utils/messaging.ts, the "
                      "defineExtensionMessaging protocol); the side panel calls "
                      "sendMessage('recheckTab', { tabId }) and background.ts answers it with "
                      "onMessage, returning the number of claims found. Typecheck and tests "
                      "pass.",
              "minor": "disable the button while the recheck is running",
              "minor_fix": edit(claim_list, "<button onClick={() => sendMessage('recheckTab', "
                                            "{ tabId })}>",
                                "<button disabled={busy} onClick={() => run(() => sendMessage("
                                "'recheckTab', { tabId }))}>"),
              "proposal": "The Recheck button calls browser.runtime.sendMessage({ type: "
                          "'recheck', tabId }) and background.ts gets a runtime.onMessage "
                          "branch for type 'recheck'.",
              "art": ("slack", "Sinéad (#claimlens)",
                      "reminder since two PRs did it this week: no raw runtime.sendMessage. new "
                      "messages go in ProtocolMap in utils/messaging.ts (it's "
                      "defineExtensionMessaging from webext-core), then sendMessage/onMessage "
                      "from there.\ntsc catches a renamed message, strings don't")}),
        Fact("cmd-xvfb", "command", ["xvfb-run"],
             ["the Playwright end-to-end tests for the extension fail on the dev box without a "
              "display, how are they run there?",
              "how do I run the e2e suite over ssh on the Linux machine?"],
             "Extensions only load in headed Chromium, so on the Linux dev box (and CI) the "
             "e2e suite runs under a virtual display: `xvfb-run pnpm test:e2e` (HEADLESS=1 "
             "fails: the service worker never registers).",
             {"goal": "run the e2e suite on the dev box (I'm ssh'd in) before I merge the side "
                      "panel changes",
              "fail": bash("pnpm test:e2e",
                           "> claimlens@2.4.0 test:e2e\n> wxt build --mode e2e && playwright "
                           "test\n\n✔ Built extension in 4.1 s\n\nRunning 14 tests using 1 "
                           "worker\n\n  ✘  1 [chromium] › e2e/highlight.spec.ts:12:5 › "
                           "highlights a known claim\n\n    Error: browserType."
                           "launchPersistentContext: Target page, context or browser has been "
                           "closed\n    Looks like you launched a headed browser without having "
                           "a XServer running.", 1),
              "note": "It launches a headed Chromium and there's no X server. Trying headless.",
              "fail2": bash("HEADLESS=1 pnpm test:e2e",
                            "  ✘  1 [chromium] › e2e/highlight.spec.ts:12:5 › highlights a "
                            "known claim\n    Error: Extension service worker not found "
                            "(waited 30000ms)\n...\n  14 failed", 1),
              "hint": "extensions don't load headless, not with our setup. it needs the fake "
                      "display: xvfb-run pnpm test:e2e",
              "ok": bash("xvfb-run pnpm test:e2e",
                         "> claimlens@2.4.0 test:e2e\n> wxt build --mode e2e && playwright "
                         "test\n\n✔ Built extension in 4.0 s\n\nRunning 14 tests using 1 "
                         "worker\n\n  14 passed (1.6m)"),
              "done": "All 14 e2e tests pass under `xvfb-run pnpm test:e2e`: the headed "
                      "Chromium the extension needs runs against a virtual X display on the "
                      "dev box.",
              "gist": "The extension only loads in a headed Chromium and the dev box has no "
                      "display - the suite runs under xvfb-run, which gives it a virtual X "
                      "server.",
              "ci": ("github", "e2e", "Run e2e"),
              "art": ("doc", "e2e/README.md",
                      "# e2e\n\nPlaywright against the built extension (wxt build --mode e2e)."
                      "\nExtensions need a headed browser. On Linux without a desktop:\n\n    "
                      "xvfb-run pnpm test:e2e\n\nHEADLESS=1 does not work (the service worker "
                      "never registers).")}),
        Fact("cmd-zip-firefox", "command", ["zip:firefox"],
             ["how do I produce the package we upload to addons.mozilla.org, including the "
              "source archive?",
              "AMO review rejected our upload because the source code wasn't attached - "
              "what's the build step for Firefox releases?"],
             "Build the AMO upload with `pnpm zip:firefox` (wxt zip -b firefox): it builds the "
             "Firefox target and writes both the extension zip and the sources zip AMO's "
             "reviewers require.",
             {"goal": "make the firefox package for 2.4.0, Sinéad will upload it to AMO",
              "fail": bash("pnpm build && cd .output && zip -qr claimlens-2.4.0-firefox.zip "
                           "firefox-mv2",
                           "✔ Built extension in 3.8 s\n  └─ .output/chrome-mv3/manifest.json"
                           "\n\tzip warning: name not matched: firefox-mv2\n\nzip error: "
                           "Nothing to do! (claimlens-2.4.0-firefox.zip)", 12),
              "note": "`pnpm build` only builds the Chrome target. Building Firefox explicitly "
                      "and checking it with web-ext before zipping.",
              "fail2": bash("pnpm wxt build -b firefox && pnpm web-ext lint -s "
                            ".output/firefox-mv2",
                            "✔ Built extension in 4.0 s\n\nCode                  Message\n"
                            "MINIFIED_CODE         The extension contains minified code; "
                            "reviewers will ask for the source code\n\nerrors 0  notices 0  "
                            "warnings 1", 1),
              "hint": "there's a script for it, pnpm zip:firefox. it also makes the sources zip "
                      "AMO insists on because our bundle is minified",
              "ok": bash("pnpm zip:firefox",
                         "> claimlens@2.4.0 zip:firefox\n> wxt zip -b firefox\n\n✔ Built "
                         "extension in 4.2 s\n✔ Zipped extension: "
                         ".output/claimlens-2.4.0-firefox.zip (612 kB)\n✔ Zipped sources:   "
                         ".output/claimlens-2.4.0-sources.zip (1.3 MB)"),
              "done": "`pnpm zip:firefox` built the Firefox target and wrote "
                      ".output/claimlens-2.4.0-firefox.zip plus claimlens-2.4.0-sources.zip, "
                      "the source archive AMO's reviewers ask for since the bundle is "
                      "minified. Both are ready for Sinéad.",
              "gist": "A plain build only produces the Chrome target, and AMO also wants the "
                      "source archive - the package script zip:firefox (wxt zip -b firefox) "
                      "makes both.",
              "ci": ("github", "release", "Zip Firefox"),
              "art": ("doc", "RELEASING.md",
                      "## Firefox (AMO)\n\n1. Bump the version in package.json\n2. pnpm "
                      "zip:firefox -> .output/claimlens-<v>-firefox.zip and -sources.zip\n3. "
                      "Upload both on AMO. Uploads without the sources zip get rejected.")}),
        Fact("env-staging", "environment", ["claims-staging"],
             ["which API server does a development build of the extension call?",
              "I don't want my local testing to create claims in production - what backend "
              "does `pnpm dev` talk to?"],
             "Dev builds call the staging desk API, https://claims-staging.northlight.news/v2 "
             "(WXT_API_BASE in .env.development, wiped weekly); only release builds use the "
             "production API.",
             {"goal": "which backend does pnpm dev hit? I'm about to create a bunch of test "
                      "claims",
              "probe": [read(".env.development",
                             "WXT_API_BASE=https://claims-staging.northlight.news/v2\n"
                             "WXT_SENTRY_ENV=dev\n"),
                        bash("curl -s https://claims-staging.northlight.news/v2/health",
                             '{"status":"ok","env":"staging","db":"claims_staging"}')],
              "confirm": "pnpm dev reads .env.development, which sets WXT_API_BASE to "
                         "https://claims-staging.northlight.news/v2 - the staging desk API (its "
                         "health check says env staging). Test claims land there, not on the "
                         "production desk.",
              "art": ("slack", "Ronan (#desk-api)",
                      "fyi claimlens folks: dev builds must point at "
                      "claims-staging.northlight.news, it's wiped every sunday night.\n"
                      "someone's test claims about 'moon cheese' showed up on the prod desk "
                      "board yesterday 🙃"),
              "misled": [read("wxt.config.ts",
                              "export default defineConfig({\n  manifest: {\n    name: "
                              "'Claimlens',\n    host_permissions: ['https://"
                              "api.northlight.news/*'],\n  },\n});\n")],
              "found": "wxt.config.ts only grants host permission for https://"
                       "api.northlight.news, so dev builds call the production API. Checking "
                       "the built worker to be sure.",
              "stumble": bash("grep -c 'api.northlight.news/v2' .output/chrome-mv3/"
                              "background.js", "0", 1),
              "correct": "host_permissions isn't what it calls, the base url comes from the env "
                         "file and dev has its own"}),
        Fact("env-ext-id", "environment", [ext_id],
             ["the SSO login from the side panel fails on my unpacked build with "
              "redirect_uri_mismatch - what ID is the extension supposed to have?",
              "is the Chrome extension ID the same for local builds and the store version?"],
             f"wxt.config.ts sets manifest.key, so every build (unpacked and store) has the "
             f"extension ID {ext_id}; the desk's SSO allows https://{ext_id}.chromiumapp.org/ "
             f"as redirect.",
             {"goal": "what extension ID does the SSO provider expect? I have to register the "
                      "redirect for the new desk login",
              "probe": [read("wxt.config.ts",
                             f"export default defineConfig({{\n  manifest: {{\n    name: "
                             f"'Claimlens',\n    // pins the extension ID ({ext_id}) for the "
                             f"SSO redirect\n    key: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKC"
                             f"AQEAu3xQ...',\n  }},\n}});\n"),
                        bash("pnpm wxt build && node scripts/ext-id.mjs .output/chrome-mv3",
                             f"✔ Built extension in 3.9 s\n{ext_id}")],
              "confirm": f"Every build has the ID {ext_id}: wxt.config.ts sets manifest.key, "
                         f"so unpacked builds and the store version match. The redirect to "
                         f"register is https://{ext_id}.chromiumapp.org/.",
              "art": ("ticket", "CL-142 · SSO login broken on unpacked builds",
                      f"Steps: load .output/chrome-mv3 unpacked, click Sign in in the side "
                      f"panel.\nGot: redirect_uri_mismatch.\nRonan: the IdP only allows "
                      f"https://{ext_id}.chromiumapp.org/ - every build must carry "
                      f"manifest.key so the ID matches."),
              "misled": [read("README.md",
                              "## Loading the extension\n\nchrome://extensions -> Developer "
                              "mode -> Load unpacked -> .output/chrome-mv3\n")],
              "found": "Unpacked extensions get an ID derived from their folder path, so each "
                       "developer's build has its own ID; the auth code should use "
                       "getRedirectURL() per install. Checking how it builds the redirect.",
              "stumble": bash("grep -n chromiumapp src/auth.ts utils/auth.ts",
                              "grep: src/auth.ts: No such file or directory", 2),
              "correct": "no, we pin the ID with manifest.key in wxt.config.ts, all builds get "
                         "the same one. check it"}),
        Fact("gotcha-alarms", "gotcha", ["alarms.create"],
             ["the badge with the number of flagged claims stops refreshing after a minute or "
              "so of not touching the browser, why?",
              "is setInterval in the background script ok for polling the desk every five "
              "minutes?"],
             "The MV3 background service worker is stopped after ~30 s idle and its setInterval "
             "dies with it; periodic work uses browser.alarms.create('refresh-badge', { "
             "periodInMinutes: 5 }) + alarms.onAlarm (needs the alarms permission).",
             {"symptom": "the badge count goes stale - says 3 when the desk has 7 new flags. "
                         "reloading the extension fixes it for a bit",
              "probe": [read(bg, "export default defineBackground(() => {\n  "
                                 "setInterval(refreshBadge, 5 * 60_000);\n  refreshBadge();\n"
                                 "});\n"),
                        read("logs/sw-trace.txt",
                             "10:02:11.140  [bg] refreshBadge ok (3 flags)\n10:02:41.902  [sw] "
                             "Service worker stopped (idle)\n10:12:30.511  [sidepanel] "
                             "badge=3, desk reports 7 open flags\n")],
              "explain": "In Manifest V3 the background is a service worker, and Chrome stops it "
                         "after about 30 seconds without events - the trace shows it 30 s after "
                         "the last refresh. setInterval only lives in the worker's memory, so "
                         "the timer dies with it and nothing restarts it until some other event "
                         "wakes the worker. Periodic work has to be an alarm: "
                         "browser.alarms.create persists across worker restarts, and "
                         "alarms.onAlarm wakes the worker to run it.",
              "fix": [edit(bg, "  setInterval(refreshBadge, 5 * 60_000);\n",
                           "  // MV3 workers stop after ~30 s idle - timers die, alarms don't\n"
                           "  browser.alarms.create('refresh-badge', { periodInMinutes: 5 });\n"
                           "  browser.alarms.onAlarm.addListener((a) => a.name === "
                           "'refresh-badge' && refreshBadge());\n"),
                      edit("wxt.config.ts", "permissions: ['storage', 'sidePanel'],",
                           "permissions: ['storage', 'sidePanel', 'alarms'],")],
              "done": "The badge refresh is an alarm now: browser.alarms.create('refresh-badge', "
                      "{ periodInMinutes: 5 }) with an alarms.onAlarm listener, and the alarms "
                      "permission is in the manifest. It keeps firing after the worker has "
                      "been stopped.",
              "log": "10:02:11.140  [bg] refreshBadge ok (3 flags)\n10:02:41.902  [sw] Service "
                     "worker stopped (idle)\n10:12:30.511  [sidepanel] badge=3, desk reports 7 "
                     "open flags",
              "naive_text": "Maybe refreshBadge throws at some point and the rejection stops "
                            "the loop - catching and logging errors.",
              "naive": edit(bg, "  setInterval(refreshBadge, 5 * 60_000);\n",
                            "  setInterval(() => refreshBadge().catch(console.error), 5 * "
                            "60_000);\n"),
              "still": read("logs/sw-trace.txt",
                            "10:48:32.010  [bg] refreshBadge ok (2 flags)\n10:49:02.377  [sw] "
                            "Service worker stopped (idle)\n10:59:40.004  [sidepanel] badge=2, "
                            "desk reports 5 open flags\n"),
              "reporter": "Ciarán on the politics desk"}),
        Fact("gotcha-trusted-types", "gotcha", ["TrustedHTML"],
             ["highlights don't show up on some big sites and the console complains about "
              "innerHTML, what's the deal?",
              "how should the content script build the claim tooltip so it works on sites with "
              "a strict CSP?"],
             "Sites enforcing Trusted Types (CSP require-trusted-types-for 'script', e.g. "
             "YouTube, Google News) make innerHTML string assignments throw ('requires "
             "TrustedHTML'); the content script builds the tooltip with createElement / "
             "textContent.",
             {"symptom": "highlights work on most sites but on youtube transcripts and google "
                         "news nothing gets marked. console has red errors from our content "
                         "script",
              "probe": [grep("innerHTML", ["entrypoints/content/tooltip.ts"]),
                        read("entrypoints/content/tooltip.ts",
                             "export function renderTooltip(el: HTMLElement, match: ClaimMatch) "
                             "{\n  el.innerHTML = `<strong>${match.verdict}</strong> "
                             "${match.summary}`;\n}\n"),
                        read("logs/console-youtube.txt",
                             "Uncaught TypeError: Failed to set the 'innerHTML' property on "
                             "'Element': This document requires 'TrustedHTML' assignment.\n"
                             "    at renderTooltip (content-scripts/content.js:1:18422)\n")],
              "explain": "Those pages send a CSP with require-trusted-types-for 'script', so "
                         "the browser rejects plain strings assigned to innerHTML - also from "
                         "an extension's content script, which works on the page's own DOM. "
                         "renderTooltip throws on the first match and the highlight pass stops "
                         "there. Building the tooltip from elements (createElement + "
                         "textContent) needs no TrustedHTML policy, and it also stops a claim "
                         "summary from injecting markup.",
              "fix": [edit("entrypoints/content/tooltip.ts",
                           "  el.innerHTML = `<strong>${match.verdict}</strong> "
                           "${match.summary}`;\n",
                           "  // no innerHTML: Trusted Types pages reject string assignments\n"
                           "  const verdict = document.createElement('strong');\n  "
                           "verdict.textContent = match.verdict;\n  el.replaceChildren(verdict, "
                           "` ${match.summary}`);\n")],
              "done": "renderTooltip builds its nodes with createElement/textContent now; the "
                      "highlight pass runs through on the YouTube transcript fixture without "
                      "the TrustedHTML error.",
              "log": "Uncaught TypeError: Failed to set the 'innerHTML' property on 'Element': "
                     "This document requires 'TrustedHTML' assignment.\n    at renderTooltip "
                     "(content-scripts/content.js:1:18422)\n    at highlightAll "
                     "(content-scripts/content.js:1:20117)",
              "naive_text": "Probably the page's CSP blocks our injected stylesheet. Moving the "
                            "styles into a shadow root.",
              "naive": edit("entrypoints/content/index.ts", "  document.head.append(style);\n",
                            "  shadow.append(style);\n"),
              "still": bash("grep -c \"Failed to set the 'innerHTML'\" "
                            "logs/console-youtube-2.txt", "12"),
              "reporter": "Fiona (video desk)"}),
        Fact("fals-transformers", "falsified", ["transformers.js"],
             ["could we catch paraphrased claims by running a small ML model inside the "
              "extension itself?",
              "has on-device claim detection been tried in the extension?"],
             "An on-device model (transformers.js, quantised DistilBERT in an offscreen "
             "document) was tried: 68 MB package, ~600 MB RSS, slow store review. Paraphrase "
             "matching belongs server-side in the desk API.",
             {"ask": "try bundling a quantised distilbert with transformers.js in an offscreen "
                     "document for claim detection",
              "pain": "the keyword matcher misses paraphrased claims all the time. could we "
                      "detect claims smarter, client-side?",
              "idea": "running a small claim-detection model in the extension with "
                      "transformers.js (a quantised DistilBERT in an offscreen document)",
              "idea_label": "on-device model",
              "alt_label": "match on the desk API",
              "alternative": "Keep the extension thin: send the paragraph (already sent for the "
                             "keyword lookup) to the desk API and match paraphrases there, "
                             "against the embeddings the desk already computes for its claim "
                             "archive.",
              "why_user": "the 2.1 beta had a model on-device, reporters' chromebooks crawled "
                          "and the store review took three weeks over the wasm",
              "change": [bash("pnpm add @huggingface/transformers",
                              "+ @huggingface/transformers 3.0.2"),
                         write("entrypoints/offscreen/detector.ts",
                               "// claim detection with transformers.js\nimport { pipeline } "
                               "from '@huggingface/transformers';\n\nconst classify = await "
                               "pipeline('text-classification', "
                               "'northlight/claim-distilbert-q8');\n")],
              "broke": bash("pnpm build && du -sh .output/chrome-mv3 && node "
                            "scripts/measure-offscreen.mjs",
                            "✔ Built extension in 9.7 s\n71M\t.output/chrome-mv3\noffscreen "
                            "document RSS after model load: 612 MB\nfirst classification: 2.8 s "
                            "(cold), 140 ms warm\nFAIL: memory budget is 150 MB", 1),
              "revert": bash("git checkout -- package.json pnpm-lock.yaml && rm -r "
                             "entrypoints/offscreen", ""),
              "conclusion": "With transformers.js and the q8 DistilBERT the unpacked extension "
                            "is 71 MB and the offscreen document sits at ~612 MB after loading "
                            "the model - four times the memory budget, on laptops already "
                            "running a dozen tabs. Reverted."}),
        Fact("fals-mutation-observer", "falsified", ["MutationObserver"],
             ["how could we highlight posts that appear on a live blog without a reload?",
              "has watching DOM changes to re-highlight new content been tried?"],
             "A MutationObserver on document.body (subtree) re-highlighting added nodes was "
             "tried: our own <mark>s retrigger it and live blogs froze (94% main thread). Use a "
             "visible-tab idle rescan every 10 s of unscanned paragraphs instead.",
             {"ask": "add a MutationObserver on document.body (subtree) that re-highlights "
                     "added nodes, for live blogs",
              "pain": "on live blogs new posts come in without a reload and we never highlight "
                      "them",
              "idea": "watching the whole document with a MutationObserver (subtree: true) and "
                      "re-running the highlighter on every added node",
              "idea_label": "observe the body",
              "alt_label": "idle rescan",
              "alternative": "Rescan on a timer instead of per mutation: every 10 s while the "
                             "tab is visible, requestIdleCallback a pass over paragraphs that "
                             "don't carry a data-claimlens-scanned marker yet - new posts show "
                             "up within seconds and our own <mark>s never retrigger anything.",
              "why_user": "we shipped exactly that in 1.8, live blogs froze for people and we "
                          "pulled the release the same day",
              "change": [edit("entrypoints/content/index.ts", "  highlightAll(document.body);\n",
                              "  highlightAll(document.body);\n  new MutationObserver((records) "
                              "=> {\n    for (const r of records) r.addedNodes.forEach((n) => n "
                              "instanceof HTMLElement && highlightAll(n));\n  }).observe("
                              "document.body, { childList: true, subtree: true });\n")],
              "broke": bash("pnpm playwright test e2e/liveblog.spec.ts --project=perf",
                            "  ✘  1 [perf] › e2e/liveblog.spec.ts:8:3 › live blog stays "
                            "responsive (60.0s)\n    main thread busy 94% over 30s (budget "
                            "20%)\n    long tasks: 212 (max 1840 ms)", 1),
              "revert": edit("entrypoints/content/index.ts",
                             "  highlightAll(document.body);\n  new MutationObserver((records) "
                             "=> {\n    for (const r of records) r.addedNodes.forEach((n) => n "
                             "instanceof HTMLElement && highlightAll(n));\n  }).observe("
                             "document.body, { childList: true, subtree: true });\n",
                             "  highlightAll(document.body);\n"),
              "conclusion": "The MutationObserver feeds on itself: highlightAll wraps matches "
                            "in <mark> elements, those are added nodes, which fire the "
                            "observer again - on the live-blog fixture the main thread was busy "
                            "94% of the time, 212 long tasks. Reverted."}),
    ]
    noise = [
        _look("what does normaliseText do to the text before the lookup?",
              "utils/normalise.ts",
              "export function normaliseText(s: string): string {\n  return s\n    "
              ".normalize('NFKC')\n    .replace(/[\\u2018\\u2019]/g, \"'\")\n    "
              ".replace(/[\\u201C\\u201D]/g, '\"')\n    .replace(/\\s+/g, ' ')\n    .trim()\n    "
              ".toLowerCase();\n}\n",
              "It NFKC-normalises, turns curly quotes into straight ones, collapses whitespace, "
              "trims and lower-cases - so the same sentence matches however a site typeset it."),
        _find("where do we open the side panel from?", "sidePanel.open",
              ["entrypoints/background.ts", "entrypoints/popup/App.tsx"],
              "Two places: the toolbar popup's 'Open panel' button and the background's "
              "context-menu handler."),
        _tweak("typo in the popup: 'Recieved'", "entrypoints/popup/App.tsx",
               "Recieved {count} flags", "Received {count} flags"),
        _run("typecheck pls", "pnpm tsc --noEmit", "", "Typecheck is clean."),
        _talk("content script vs a script injected into the page - what's the difference?",
              "A content script runs in an isolated world: it shares the page's DOM but not its "
              "JavaScript globals, and it can use some extension APIs. A script injected into "
              "the page (a <script> tag, or world: 'MAIN') runs as page code: it sees the "
              "page's globals but has no extension APIs and must talk back via postMessage."),
        _steps("add a unit test for normaliseText with curly quotes",
               [write("utils/normalise.test.ts",
                      "import { expect, it } from 'vitest';\nimport { normaliseText } from "
                      "'./normalise';\n\nit('straightens quotes', () => {\n  expect("
                      "normaliseText('\\u201CIt\\u2019s  True\\u201D')).toBe('\"it\\'s "
                      "true\"');\n});\n"),
                bash("pnpm vitest run utils/normalise",
                     " ✓ utils/normalise.test.ts (1 test) 3ms\n\n      Tests  1 passed (1)")],
               "Added utils/normalise.test.ts: curly quotes and the double space are "
               "normalised. Passes."),
        _talk("what exactly does the activeTab permission give us?",
              "Temporary host access to the tab the user invoked the extension on (toolbar "
              "click, context menu, shortcut): you can inject scripts and read its URL until "
              "it navigates away or closes. No install-time warning, and no access to other "
              "tabs."),
        _tweak("make the side panel header sticky", "entrypoints/sidepanel/style.css",
               "header {\n  padding: 8px 12px;\n}",
               "header {\n  position: sticky;\n  top: 0;\n  padding: 8px 12px;\n  background: "
               "var(--bg);\n}", "The header sticks to the top while the list scrolls."),
    ]
    return Project(
        "claimlens", "git@github.com:northlight-desk/claimlens.git",
        {"README.md": "# claimlens\n\nThe fact-check desk's browser extension.\n",
         "package.json": "{\n  \"name\": \"claimlens\",\n  \"version\": \"2.4.0\",\n  "
                         "\"private\": true\n}\n"},
        facts, noise, "slack")


def stagedoor() -> Project:
    """A WordPress plugin for a regional theatre (the Mill Playhouse): seat holds, season
    passes and the box-office report on top of WooCommerce; custom tables, a REST API for the
    seat map, blocks built with @wordpress/scripts. wp-env and WP-CLI locally, PHPUnit with the
    WordPress test suite, the live site on shared hosting behind a page cache."""
    email = "templates/emails/confirmation.php"
    title_line = "<p><?php echo esc_html( $performance->title ); ?></p>\n"
    with_date = (title_line + "<p><?php echo esc_html( date( 'D j M, g.ia', "
                 "$performance->starts_at ) ); ?></p>\n")
    avail = "includes/Rest/AvailabilityController.php"
    avail_plain = "\t\t$seats = $this->repo->availability( $performance_id );\n"
    avail_cached = ("\t\t$key   = 'stagedoor_avail_' . $performance_id;\n\t\t$seats = get_transient("
                    " $key );\n\t\tif ( false === $seats ) {\n\t\t\t$seats = $this->repo->"
                    "availability( $performance_id );\n\t\t\tset_transient( $key, $seats, 30 );\n"
                    "\t\t}\n")
    hooks = "\t\tadd_action( 'rest_api_init', [ $this->rest, 'register' ] );\n"
    hooks_hb = (hooks + "\t\tadd_filter( 'heartbeat_received', [ $this->live, "
                "'send_seat_changes' ], 10, 2 );\n")
    facts = [
        Fact("conv-db-version", "convention", ["STAGEDOOR_DB_VERSION"],
             ["I need a new column on the seat holds table - how do schema changes reach the "
              "live site?",
              "where do we create and upgrade the plugin's custom database tables?"],
             "Custom-table changes go only into the CREATE TABLE in includes/Schema.php "
             "(dbDelta) plus a bump of STAGEDOOR_DB_VERSION in stagedoor.php; the upgrade runs "
             "itself on load. Never ALTER by hand - there's no shell on the live host.",
             {"rule": "please don't ALTER the table by hand, we change the CREATE TABLE in "
                      "includes/Schema.php (dbDelta) and bump STAGEDOOR_DB_VERSION - the "
                      "upgrade runs by itself",
              "why": "live is shared hosting, we have no shell there, and two hand-run ALTERs "
                     "on staging drifted from live last season",
              "task": "seat holds need a `source` column (box office / web / phone), varchar, "
                      "default web",
              "contrary": bash("npx wp-env run cli wp db query \"ALTER TABLE wp_stagedoor_holds "
                               "ADD COLUMN source VARCHAR(20) NOT NULL DEFAULT 'web'\"", ""),
              "claimed": "Added the source column to wp_stagedoor_holds with an ALTER TABLE "
                         "through WP-CLI (VARCHAR(20), default 'web'); HoldRepository writes "
                         "it on insert.",
              "undo": [bash("npx wp-env run cli wp db query \"ALTER TABLE wp_stagedoor_holds "
                            "DROP COLUMN source\"", "")],
              "follow": [edit("includes/Schema.php",
                              "\t\t\tstatus varchar(20) NOT NULL DEFAULT 'held',\n",
                              "\t\t\tstatus varchar(20) NOT NULL DEFAULT 'held',\n\t\t\tsource "
                              "varchar(20) NOT NULL DEFAULT 'web',\n"),
                         edit("stagedoor.php", "define( 'STAGEDOOR_DB_VERSION', '7' );",
                              "define( 'STAGEDOOR_DB_VERSION', '8' );"),
                         bash("npx wp-env run cli wp eval 'StageDoor\\Schema::maybe_upgrade(); "
                              "echo get_option( \"stagedoor_db_version\" );'", "8"),
                         bash("npx wp-env run cli wp db query 'DESCRIBE wp_stagedoor_holds "
                              "source'",
                              "Field\tType\tNull\tKey\tDefault\tExtra\nsource\tvarchar(20)\tNO"
                              "\t\tweb\t")],
              "done": "The column is in the CREATE TABLE in includes/Schema.php and "
                      "STAGEDOOR_DB_VERSION went from 7 to 8; on the next load the upgrade "
                      "routine runs dbDelta and adds `source` (varchar(20), default 'web') - it "
                      "did locally, and live gets it the same way on deploy.",
              "minor": "use 'box_office' as the value, no spaces",
              "minor_fix": edit("includes/Holds/HoldSource.php",
                                "const BOX_OFFICE = 'box office';",
                                "const BOX_OFFICE = 'box_office';"),
              "proposal": "I'll add the column with an ALTER TABLE through WP-CLI on the local "
                          "site and give you the same statement to run on staging and live.",
              "art": ("doc", "CONTRIBUTING.md",
                      "## Database\n\nCustom tables live in includes/Schema.php (dbDelta format: "
                      "two spaces before PRIMARY KEY,\none field per line). To change one, "
                      "edit the CREATE TABLE and bump\nSTAGEDOOR_DB_VERSION in stagedoor.php. "
                      "Never ALTER by hand - we have no shell on the live host.")}),
        Fact("conv-wp-date", "convention", ["wp_date"],
             ["how should I print a performance's start time in the confirmation email so it "
              "shows the right local time?",
              "is PHP's date() okay for formatting times in the plugin's templates?"],
             "Times are stored as UTC timestamps and everything a person sees is formatted with "
             "wp_date() (site timezone Europe/London, BST-aware) - never date(), gmdate() or "
             "current_time('timestamp').",
             {"rule": "please don't use date() for anything people see, we format with "
                      "wp_date() everywhere so the site timezone (and BST) applies",
              "why": "in March the tickets printed 19:30 shows as 18:30 for three weeks after "
                     "the clocks changed, the box office had a queue of confused pensioners",
              "task": "add the performance start time to the booking confirmation email, like "
                      "'Sat 14 Sep, 7.30pm'",
              "contrary": edit(email, title_line, with_date),
              "claimed": "The confirmation email now prints the start time under the title with "
                         "date( 'D j M, g.ia', $performance->starts_at ).",
              "undo": [edit(email, with_date, title_line)],
              "follow": [edit(email, title_line,
                              title_line + "<p><?php echo esc_html( wp_date( 'D j M, g.ia', "
                              "$performance->starts_at ) ); ?></p>\n"),
                         bash("npx wp-env run cli wp stagedoor email preview confirmation "
                              "--booking=1042 | grep -i sep", "<p>Sat 14 Sep, 7.30pm</p>")],
              "done": "The start time is printed with wp_date( 'D j M, g.ia', "
                      "$performance->starts_at ), so it follows the site timezone "
                      "(Europe/London, BST included); the preview for booking 1042 shows 'Sat "
                      "14 Sep, 7.30pm'.",
              "minor": "wrap it in a <time datetime=...> element",
              "minor_fix": edit(email, "<p><?php echo esc_html( wp_date(",
                                "<p><time datetime=\"<?php echo esc_attr( gmdate( 'c', "
                                "$performance->starts_at ) ); ?>\"><?php echo esc_html( "
                                "wp_date("),
              "proposal": "I'll format starts_at with PHP's date( 'D j M, g.ia' ) in the "
                          "template - the timestamp is already on the performance.",
              "art": ("slack", "Gareth (#stagedoor)",
                      "for the new folks: any date/time a human sees goes through wp_date(), "
                      "never date() or gmdate(). we store UTC, wp_date applies Europe/London "
                      "incl. BST.\nthe clocks-change bug in March was exactly this")}),
        Fact("cmd-tests-cli", "command", ["--env-cwd"],
             ["how do I run the plugin's PHPUnit tests? vendor/bin/phpunit can't find the "
              "WordPress test library",
              "what's the command for running a single test class against the local "
              "WordPress?"],
             "PHPUnit runs inside wp-env's tests container: `npx wp-env run tests-cli "
             "--env-cwd=wp-content/plugins/stagedoor vendor/bin/phpunit` (the WP test library "
             "and test DB only exist there).",
             {"goal": "run the phpunit tests for the hold expiry change",
              "fail": bash("vendor/bin/phpunit --filter HoldExpiryTest",
                           "Could not find /tmp/wordpress-tests-lib/includes/functions.php, "
                           "have you run bin/install-wp-tests.sh ?", 1),
              "note": "The WordPress test library isn't on the host. Running the installer "
                      "script it mentions.",
              "fail2": bash("bash bin/install-wp-tests.sh wordpress_test root '' localhost "
                            "latest",
                            "...\nmysqladmin: connect to server at 'localhost' failed\nerror: "
                            "'Can't connect to local MySQL server through socket "
                            "'/var/run/mysqld/mysqld.sock' (2)'", 1),
              "hint": "we don't install the test lib on the host, phpunit runs in the wp-env "
                      "tests container: npx wp-env run tests-cli "
                      "--env-cwd=wp-content/plugins/stagedoor vendor/bin/phpunit",
              "ok": bash("npx wp-env run tests-cli --env-cwd=wp-content/plugins/stagedoor "
                         "vendor/bin/phpunit --filter HoldExpiryTest",
                         "ℹ Starting 'vendor/bin/phpunit --filter HoldExpiryTest' on the "
                         "tests-cli container.\n\nInstalling...\nRunning as single site... To "
                         "run multisite, use -c tests/phpunit/multisite.xml\nPHPUnit 9.6.19 by "
                         "Sebastian Bergmann and contributors.\n\n.....                        "
                         "5 / 5 (100%)\n\nTime: 00:01.284, Memory: 46.50 MB\n\nOK (5 tests, 14 "
                         "assertions)\n✔ Ran `vendor/bin/phpunit --filter HoldExpiryTest` in "
                         "'tests-cli'. (in 4s 112ms)"),
              "done": "HoldExpiryTest passes (5 tests, 14 assertions), run inside wp-env's "
                      "tests container with `npx wp-env run tests-cli "
                      "--env-cwd=wp-content/plugins/stagedoor vendor/bin/phpunit --filter "
                      "HoldExpiryTest`.",
              "gist": "The WordPress test library and test database only exist in wp-env's "
                      "tests-cli container, and the command has to start in the plugin's "
                      "directory inside it.",
              "ci": ("github", "phpunit", "Run PHPUnit"),
              "art": ("doc", "README.md",
                      "## Tests\n\n    npx wp-env start\n    npx wp-env run tests-cli "
                      "--env-cwd=wp-content/plugins/stagedoor vendor/bin/phpunit\n\nDon't run "
                      "bin/install-wp-tests.sh on your machine, the test lib lives in the "
                      "container.")}),
        Fact("cmd-build-blocks", "command", ["--webpack-src-dir"],
             ["how do I build the seat map block's JavaScript? plain wp-scripts build says it "
              "can't resolve ./src",
              "what's the right build command for the Gutenberg blocks in this plugin?"],
             "Blocks live in blocks/, not src/: build them with `npm run build:blocks` = "
             "`wp-scripts build --webpack-src-dir=blocks --output-path=build/blocks`.",
             {"goal": "rebuild the seat-map block, I changed the legend colours",
              "fail": bash("npx wp-scripts build",
                           "ERROR in main\nModule not found: Error: Can't resolve './src' in "
                           "'/home/dev/src/stagedoor'\n\nwebpack 5.91.0 compiled with 1 error",
                           1),
              "note": "wp-scripts looks for src/ by default and the blocks are under blocks/.",
              "hint": "it's npm run build:blocks, that passes --webpack-src-dir=blocks so every "
                      "block.json under blocks/ gets built into build/blocks",
              "ok": bash("npm run build:blocks",
                         "> stagedoor@3.1.0 build:blocks\n> wp-scripts build "
                         "--webpack-src-dir=blocks --output-path=build/blocks\n\nasset "
                         "seat-map/index.js 51.7 KiB [emitted] [minimized] (name: "
                         "seat-map/index)\nasset season-pass/index.js 12.3 KiB [emitted] "
                         "[minimized] (name: season-pass/index)\nwebpack 5.91.0 compiled "
                         "successfully in 6214 ms"),
              "done": "Built with `npm run build:blocks` (wp-scripts build "
                      "--webpack-src-dir=blocks --output-path=build/blocks): seat-map and "
                      "season-pass compiled into build/blocks with their block.json files.",
              "gist": "The blocks don't live in src/, where wp-scripts looks by default - each "
                      "is a block.json folder under blocks/, and the package script passes "
                      "--webpack-src-dir=blocks and the output path.",
              "ci": ("github", "build", "Build blocks"),
              "art": ("doc", "blocks/README.md",
                      "# Blocks\n\nEach block is a folder with a block.json (seat-map, "
                      "season-pass).\nBuild: npm run build:blocks (wp-scripts with "
                      "--webpack-src-dir=blocks --output-path=build/blocks)\nWatch: npm run "
                      "start:blocks")}),
        Fact("env-port", "environment", ["8891"],
             ["I ran wp-env start but nothing of ours answers on localhost:8888 - which port is "
              "the local site on?",
              "what URL do I open for the local WordPress admin?"],
             "The local wp-env site is http://localhost:8891 (tests instance 8892), set in "
             ".wp-env.json; 8888 is the ticket-printer bridge on the box-office laptops.",
             {"goal": "what's the local admin url? wp-env started but localhost:8888 is some "
                      "other app",
              "probe": [read(".wp-env.json",
                             '{\n  "core": "WordPress/WordPress#6.5.4",\n  "plugins": [".", '
                             '"https://downloads.wordpress.org/plugin/woocommerce.8.9.3.zip"],\n'
                             '  "port": 8891,\n  "testsPort": 8892\n}\n'),
                        bash("curl -sI http://localhost:8891/wp-admin/ | head -2",
                             "HTTP/1.1 302 Found\nLocation: http://localhost:8891/"
                             "wp-login.php?redirect_to=http%3A%2F%2Flocalhost%3A8891%2Fwp-admin"
                             "%2F&reauth=1")],
              "confirm": "The local site is http://localhost:8891 - .wp-env.json sets port 8891 "
                         "(and testsPort 8892 for the tests instance), so the admin is "
                         "http://localhost:8891/wp-admin/ with wp-env's default admin / "
                         "password.",
              "art": ("slack", "Gareth (#stagedoor)",
                      "reminder: our wp-env runs on 8891 (tests on 8892), set in .wp-env.json. "
                      "8888 is the ticket printer bridge on the box office laptops and people "
                      "kept killing it"),
              "misled": [read("README.md",
                              "## Local site\n\n`npx wp-env start`, then open "
                              "http://localhost:8888\n")],
              "found": "The README says http://localhost:8888 (wp-env's default). Checking the "
                       "login page answers.",
              "stumble": bash("curl -fs http://localhost:8888/wp-login.php | head -3",
                              "curl: (22) The requested URL returned error: 404", 22),
              "correct": "readme's out of date, 8888 is the ticket printer bridge. we moved "
                         "wp-env, look at .wp-env.json"}),
        Fact("env-php", "environment", ["PHP 8.1"],
             ["can I use readonly classes in the plugin code?",
              "which PHP version does the live theatre site run on?"],
             "The live site (shared cPanel host) runs PHP 8.1 (8.1.29), so no 8.2+ syntax such "
             "as readonly classes or DNF types; composer.json pins config.platform.php to "
             "8.1.29.",
             {"goal": "can I use readonly classes for the new DTOs? what php is live on",
              "probe": [read("composer.json",
                             '{\n    "name": "millplayhouse/stagedoor",\n    "require": {\n'
                             '        "php": ">=8.1"\n    },\n    "config": {\n        '
                             '"platform": {\n            "php": "8.1.29"\n        }\n    }\n'
                             "}\n"),
                        bash("curl -s https://millplayhouse.co.uk/wp-json/stagedoor/v1/health",
                             '{"ok":true,"php":"8.1.29","wp":"6.5.4","wc":"8.9.3"}')],
              "confirm": "Live runs PHP 8.1 (the health endpoint reports 8.1.29, and "
                         "composer.json pins the platform to php 8.1.29), so readonly classes - "
                         "a PHP 8.2 feature - would be a parse error there. Readonly properties "
                         "are 8.1 and fine: mark each promoted property readonly instead.",
              "art": ("ticket", "SD-77 · fatal on live after the 3.0.2 deploy",
                      "Live: PHP Parse error: syntax error, unexpected token \"class\", "
                      "expecting \"abstract\" or \"final\" or \"readonly\" in "
                      "includes/Dto/SeatRef.php\nCause: `readonly class` is 8.2+, the live host "
                      "is PHP 8.1 (cPanel, no upgrade until 2025).\nTODO: keep code "
                      "8.1-compatible; composer platform pinned."),
              "misled": [read(".github/workflows/ci.yml",
                              "jobs:\n  phpunit:\n    strategy:\n      matrix:\n        php: "
                              "['8.2', '8.3']\n")],
              "found": "CI tests on PHP 8.2 and 8.3, so the code targets 8.2+ and readonly "
                       "classes are fine. Writing SeatRef that way and running PHPStan.",
              "stumble": bash("vendor/bin/phpstan analyse includes/Dto --no-progress",
                              " ------ ----------------------------------------------------\n"
                              "  Line   includes/Dto/SeatRef.php\n ------ "
                              "----------------------------------------------------\n  3      "
                              "Readonly classes are supported only on PHP 8.2 and later.\n "
                              "------ ----------------------------------------------------\n\n"
                              " [ERROR] Found 1 error", 1),
              "correct": "the ci matrix is wrong then, live is 8.1 on the cpanel host. see the "
                         "composer platform config"}),
        Fact("gotcha-hpos", "gotcha", ["HPOS"],
             ["get_post_meta on a WooCommerce order id returns nothing for our seat data, how "
              "come?",
              "what's the right way to read custom meta from an order in this plugin?"],
             "The shop runs WooCommerce HPOS (orders in wp_wc_orders / wp_wc_orders_meta, not "
             "posts), so get_post_meta($order_id) finds nothing; order meta goes through "
             "wc_get_order($id)->get_meta() / update_meta_data() + save().",
             {"symptom": "seat numbers are missing from the box office report since last week. "
                         "the report lists the orders but the seats column is empty",
              "probe": [read("includes/Reports/BoxOffice.php",
                             "\t\tforeach ( $order_ids as $order_id ) {\n\t\t\t$seats = "
                             "get_post_meta( $order_id, '_stagedoor_seats', true );\n"),
                        bash("npx wp-env run cli wp option get "
                             "woocommerce_custom_orders_table_enabled", "yes"),
                        bash("npx wp-env run cli wp db query \"SELECT COUNT(*) FROM "
                             "wp_wc_orders_meta WHERE meta_key='_stagedoor_seats'\"",
                             "COUNT(*)\n1873")],
              "explain": "WooCommerce's High-Performance Order Storage (HPOS) is on "
                         "(woocommerce_custom_orders_table_enabled = yes, it became the default "
                         "with last week's WooCommerce update). Orders and their meta now live "
                         "in wp_wc_orders / wp_wc_orders_meta instead of wp_posts / "
                         "wp_postmeta, so get_post_meta( $order_id ) finds nothing - the 1873 "
                         "seat rows are in wp_wc_orders_meta. Order meta has to go through the "
                         "order object: wc_get_order( $id )->get_meta().",
              "fix": [edit("includes/Reports/BoxOffice.php",
                           "\t\t\t$seats = get_post_meta( $order_id, '_stagedoor_seats', true );"
                           "\n",
                           "\t\t\t// HPOS: order meta is not post meta\n\t\t\t$seats = "
                           "wc_get_order( $order_id )->get_meta( '_stagedoor_seats' );\n"),
                      bash("grep -rn \"_post_meta( \\$order\" includes/ | wc -l", "0")],
              "done": "The report reads seats through wc_get_order( $order_id )->get_meta() "
                      "now, and no other get_post_meta/update_post_meta calls on orders are "
                      "left in includes/.",
              "log": "[12-Jun-2024 19:02:11 UTC] stagedoor box office report: 214 orders, 0 "
                     "with seats\n[12-Jun-2024 19:02:11 UTC] PHP Warning:  foreach() argument "
                     "must be of type array|object, string given in "
                     "includes/Reports/BoxOffice.php on line 58",
              "naive_text": "Maybe the report is served from a stale object cache - flushing "
                            "it.",
              "naive": bash("npx wp-env run cli wp cache flush",
                            "Success: The cache was flushed."),
              "still": bash("npx wp-env run cli wp stagedoor report box-office --performance=318 "
                            "--format=csv | head -3",
                            "order,customer,seats\n20411,J. Moran,\n20412,P. Lynch,"),
              "reporter": "Bronwen (box office)"}),
        Fact("gotcha-nonce", "gotcha", ["rest_cookie_invalid_nonce"],
             ["members get a 403 when they hold seats on the season page, but only some of the "
              "time - what causes it?",
              "why does the seat-hold request fail for logged-in people on cached pages?"],
             "The season page is served from the host's page cache with the wp_rest nonce "
             "baked in; once it's older than the nonce lifetime, logged-in members get 403 "
             "rest_cookie_invalid_nonce. The seat map fetches a fresh nonce from GET "
             "/stagedoor/v1/nonce (uncached) before each hold.",
             {"symptom": "members say holding seats fails on the season page with 'something "
                         "went wrong', mostly in the mornings. refreshing doesn't help, logging "
                         "out and back in does",
              "probe": [bash("grep '/stagedoor/v1/holds' logs/access-2024-06-13.log | awk "
                             "'{print $9}' | sort | uniq -c", "    412 201\n     87 403"),
                        bash("curl -s -X POST https://millplayhouse.co.uk/wp-json/stagedoor/v1/"
                             "holds -H 'X-WP-Nonce: 5b1f0e2a9c' -b cookies.txt -d seat=C14 -d "
                             "performance=318",
                             '{"code":"rest_cookie_invalid_nonce","message":"Cookie check '
                             'failed","data":{"status":403}}'),
                        bash("curl -sI https://millplayhouse.co.uk/season/ | grep -i -E "
                             "'^(age|x-cache)'", "age: 61523\nx-cache: HIT")],
              "explain": "The 403s are rest_cookie_invalid_nonce. The season page embeds the "
                         "wp_rest nonce in its HTML, but the host's page cache serves that HTML "
                         "for up to a day (age 61523 s, x-cache HIT). A nonce is valid for "
                         "12-24 hours and tied to the user's session, so by morning members "
                         "send a stale nonce along with a valid login cookie and WordPress "
                         "rejects the request. Refreshing gets the same cached page; logging in "
                         "again bypasses the cache. The nonce has to be fetched at runtime from "
                         "an uncached endpoint, right before the hold.",
              "fix": [write("includes/Rest/NonceController.php",
                            "<?php\nnamespace StageDoor\\Rest;\n\nfinal class NonceController "
                            "{\n\tpublic function register(): void {\n\t\tregister_rest_route( "
                            "'stagedoor/v1', '/nonce', [\n\t\t\t'methods'             => "
                            "'GET',\n\t\t\t'callback'            => function () {\n\t\t\t\t"
                            "nocache_headers();\n\t\t\t\treturn [ 'nonce' => wp_create_nonce( "
                            "'wp_rest' ) ];\n\t\t\t},\n\t\t\t'permission_callback' => "
                            "'is_user_logged_in',\n\t\t] );\n\t}\n}\n"),
                      edit("blocks/seat-map/view.js",
                           "headers: { 'X-WP-Nonce': window.stagedoorSettings.nonce },",
                           "headers: { 'X-WP-Nonce': await freshNonce() }, // page may be "
                           "cached for a day")],
              "done": "The seat map now asks GET /wp-json/stagedoor/v1/nonce (uncached, "
                      "logged-in only) for a fresh wp_rest nonce right before each hold, so a "
                      "day-old cached page no longer produces rest_cookie_invalid_nonce.",
              "log": "203.0.113.41 - - [13/Jun/2024:08:14:22 +0100] \"POST "
                     "/wp-json/stagedoor/v1/holds HTTP/1.1\" 403 96\n{\"code\":"
                     "\"rest_cookie_invalid_nonce\",\"message\":\"Cookie check failed\","
                     "\"data\":{\"status\":403}}",
              "naive_text": "The nonce may just be expiring during long sessions - extending "
                            "its lifetime to 48 hours.",
              "naive": edit("includes/Plugin.php", hooks,
                            hooks + "\t\tadd_filter( 'nonce_life', fn() => 2 * DAY_IN_SECONDS "
                            ");\n"),
              "still": bash("grep '/stagedoor/v1/holds' logs/access-2024-06-14.log | awk "
                            "'{print $9}' | sort | uniq -c", "    398 201\n     91 403"),
              "reporter": "Huw from front of house"}),
        Fact("fals-transient", "falsified", ["set_transient"],
             ["could we cache the seat availability for a few seconds to take load off the "
              "database on busy nights?",
              "has caching the seat map response been tried?"],
             "Caching each performance's availability with set_transient (30 s) was tried: "
             "fast, but stale availability double-sold seats (36 in the load test; 40-odd at "
             "the 2023 panto). Make the query cheap + ETag/304 instead.",
             {"ask": "cache the availability per performance in a transient (set_transient, "
                     "30s) to take load off the db",
              "pain": "the seat map endpoint is slow on big nights, 1.2s a request with 500 "
                      "people on the page",
              "idea": "caching each performance's seat availability with set_transient for 30 "
                      "seconds",
              "idea_label": "transient cache",
              "alt_label": "lean query + ETag",
              "alternative": "Make the query itself cheap: one indexed query on (performance_id, "
                             "status) instead of the per-row joins, a version number so "
                             "clients fetch only changed seats, and an ETag so unchanged maps "
                             "come back as 304.",
              "why_user": "we did exactly this for the 2023 panto opening and sold 40-odd seats "
                          "twice, the box office spent a week phoning people",
              "change": [edit(avail, avail_plain, avail_cached)],
              "broke": bash("k6 run loadtests/season-opening.js",
                            "     ✓ hold accepted\n     ✗ no double booking\n      ↳  97% — ✓ "
                            "1164 / ✗ 36\n\n     http_req_duration..............: avg=81ms\n"
                            "     double_sold_seats..............: 36\nERRO[0062] thresholds "
                            "on metrics 'double_sold_seats' have been crossed", 99),
              "revert": edit(avail, avail_cached, avail_plain),
              "conclusion": "The set_transient cache cut responses to ~80 ms, but within its "
                            "30 s window people were offered seats that had just been held - "
                            "the load test ended with 36 double-sold seats. Availability can't "
                            "be served stale. Reverted."}),
        Fact("fals-heartbeat", "falsified", ["heartbeat_received"],
             ["how could people on the seat map see seats others just held, without "
              "reloading?",
              "has WordPress's built-in polling mechanism been tried for live seat updates?"],
             "Pushing seat changes through the Heartbeat API (heartbeat_received filter) was "
             "tried: every open map hits admin-ajax.php and boots all of WordPress, the host's "
             "8 PHP workers ran out (24% 503s). Poll a lean endpoint with 304s instead.",
             {"ask": "use the heartbeat api for live seat updates - a heartbeat_received filter "
                     "that sends the changed seats",
              "pain": "people looking at the seat map don't see seats others just held until "
                      "they reload",
              "idea": "pushing seat changes through the WordPress Heartbeat API (a "
                      "heartbeat_received filter returning the changed seats every 15 s)",
              "idea_label": "Heartbeat API",
              "alt_label": "poll our endpoint",
              "alternative": "Poll our own endpoint every 20 s with the version number from the "
                             "availability response, answering 304 when nothing changed; it "
                             "returns before most of the plugin loads and the edge can cache it "
                             "per performance for 2 seconds.",
              "why_user": "heartbeat goes through admin-ajax and boots the whole of wp on every "
                          "tick, the host gives us 8 php workers. we took the site down with it "
                          "at the 2022 season launch",
              "change": [edit("includes/Plugin.php", hooks, hooks_hb),
                         edit("blocks/seat-map/view.js", "subscribe( renderSeats );\n",
                              "subscribe( renderSeats );\njQuery( document ).on( "
                              "'heartbeat-tick', ( e, data ) => applyChanges( data.stagedoor ) "
                              ");\n")],
              "broke": bash("k6 run -e SCENARIO=browse loadtests/season-opening.js",
                            "     http_req_failed................: 23.71%\n     ✗ status is "
                            "200\n      ↳  76% — ✓ 9120 / ✗ 2840\n     admin-ajax.php: 2840 x "
                            "503 Service Unavailable\nERRO[0090] thresholds on metrics "
                            "'http_req_failed' have been crossed", 99),
              "revert": bash("git checkout -- includes/Plugin.php blocks/seat-map/view.js", ""),
              "conclusion": "Every open seat map posts to admin-ajax.php every 15 s, and each "
                            "heartbeat boots all of WordPress - with 500 browsers the PHP "
                            "workers ran out and 24% of requests got a 503. Reverted."}),
    ]
    noise = [
        _look("what does includes/Pricing/Concessions.php do?", "includes/Pricing/Concessions.php",
              "public function price_for( string $band, int $base_pence ): int {\n\t$discount "
              "= [ 'under16' => 50, 'student' => 25, 'over65' => 20 ][ $band ] ?? 0;\n\treturn "
              "(int) round( $base_pence * ( 100 - $discount ) / 100 );\n}\n",
              "It maps a concession band to a percentage off - under-16s 50%, students 25%, "
              "over-65s 20%, anything else full price - and rounds the result to whole pence."),
        _find("where do we register the season-pass block?", "register_block_type",
              ["includes/Blocks.php"],
              "Both blocks are registered in includes/Blocks.php from their built block.json "
              "under build/blocks."),
        _tweak("email footer says 'Mill Playouse'", "templates/emails/footer.php",
               "The Mill Playouse", "The Mill Playhouse"),
        _run("run phpcs on includes/", "vendor/bin/phpcs includes/",
             "", "No coding-standard violations in includes/."),
        _talk("action vs filter in WordPress - how would you explain it to the new junior?",
              "Both are hooks. An action is 'something happened, do your thing' - callbacks "
              "run for their side effects and return nothing. A filter is 'here's a value, "
              "change it if you want' - each callback gets the value and must return it, "
              "modified or not."),
        _steps("add a js unit test for formatPence",
               [write("blocks/seat-map/format.test.js",
                      "import { formatPence } from './format';\n\ntest( 'formats pence', () => "
                      "{\n\texpect( formatPence( 1250 ) ).toBe( '£12.50' );\n} );\n"),
                bash("npx wp-scripts test-unit-js blocks/seat-map/format.test.js",
                     "PASS blocks/seat-map/format.test.js\n  ✓ formats pence (2 ms)\n\nTests:"
                     "       1 passed, 1 total")],
               "Added blocks/seat-map/format.test.js; it passes."),
        _talk("rebase or merge main into my feature branch?",
              "If the branch is only yours, rebase onto main: the history stays linear and the "
              "PR shows just your commits. If others have pulled it, merge main in instead so "
              "you don't rewrite commits they're building on."),
        _tweak("concession label 'Under 16s' should be 'Under-16s'",
               "includes/Pricing/labels.php", "'under16' => 'Under 16s',",
               "'under16' => 'Under-16s',"),
    ]
    return Project(
        "stagedoor", "git@github.com:millplayhouse/stagedoor.git",
        {"README.md": "# stagedoor\n\nSeat holds and season passes for the Mill Playhouse.\n",
         "stagedoor.php": "<?php\n/**\n * Plugin Name: StageDoor\n */\n"},
        facts, noise, "stripe")


def projects() -> list[Project]:
    return [graincall(), washbay_os(), claimlens(), stagedoor()]
