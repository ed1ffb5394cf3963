"""The ``dev27`` split, "on call": four projects, ten planted facts each.

Written in the seventeenth pass by a helper that read no rlat code; to be read untuned.

Incident and on-call work. The user has been paged: they paste the alert, a Grafana or
Prometheus number, a journalctl / kubectl / docker log or a stack trace, and want the cause
found, a hotfix written, a change rolled back, an alert silenced, a postmortem or a handover
note drafted — in short, stressed messages, sometimes lowercase and misspelt. The durable facts
arrive the way they do in incidents: a command that fails mid-incident and the one that works
(found in the runbook, typed by the user in bash mode, or given in a hurried nudge), an
environment detail read out of a config or a log while hunting for something else or half
remembered by the user, a gotcha explained once the cause is found (sometimes after a false
lead, sometimes recognised by the user, sometimes only written down in the postmortem), a rule
stated while the user turns the assistant's tool call down, vetoes its plan, lays down ground
rules or asks for the handover, and a mitigation that made things worse and was rolled back
(with another page in between, or only recounted as history). Unrelated alerts, false leads,
chit-chat and questions that have nothing to do with the repository sit around them.

The projects: sorrelgate, an OpenResty (nginx + LuaJIT) API gateway in front of a city car
club's booking, unlock and telematics services (lua-resty-redis rate limits, nginx-lua-prometheus,
Test::Nginx in a compose container, two Debian gateway VMs); lapwingstat, a ClickHouse 24.3
analytics pipeline for a bike-share scheme (Redpanda topics into Kafka engine tables and
materialized views on a three-node replicated cluster with clickhouse-keeper, Vector shipping
dock status, Grafana on top); heathstead, a SaltStack repository for a chain of garden centres'
store servers (a 3006 LTS master, ~38 store minions running a till-sync daemon and CUPS label
printers over WireGuard, roles and schedules in pillar); and driftmark, a NestJS + BullMQ +
Prisma notification service that texts a home-care agency's carers and clients (Twilio, Redis
on ElastiCache, Postgres on RDS, Helm on EKS, distroless images). Each fact carries its
project's ``pages`` (unrelated alerts and asides with their answers, used as interruptions),
``leads`` (false leads checked before the real cause), ``mates`` (who takes the pager next) and
``runbook`` (the runbook file and the heading rules are added under).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``page`` (the alert the work starts from), ``task``, ``rule`` (the user's words,
  lower-case start), ``contrary`` (a Bash call doing it the other way, turned down), ``plan``
  (the assistant's sentence proposing the other way), ``follow``, ``done``;
* command - ``goal``, ``fail``, ``note``, ``ok``, ``hint`` (the user's hurried words for it),
  ``book`` (``(path, text)``: the runbook section showing it), ``done``;
* environment - ``goal``, ``probe`` (Bash calls whose output shows it), ``confirm``, ``while``
  (an incident question answered by the same output), ``hunch`` (the user's half memory);
* gotcha - ``symptom``, ``trace`` (a pasted log), ``probe``, ``explain``, ``told`` (the user
  recognising it), ``fix``, ``done``, ``title`` (a postmortem heading);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want``, ``offer``,
  ``story`` (the user recounting the earlier attempt).
"""

from __future__ import annotations

import random

from .templates import cap, find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _inc(rng: random.Random) -> str:
    return f"INC-{rng.randrange(204, 697)}"


def _clock(rng: random.Random) -> str:
    return f"{rng.choice((22, 23, 0, 1, 2, 3)):02d}:{rng.randrange(0, 60):02d}"


def _block(text: str) -> str:
    return f"```\n{text}\n```"


def _paged(rng: random.Random) -> str:
    return _one(rng, "paged.", "pagerduty just went off:", "got paged for this:",
                "on call and this just fired:", "ugh. page:", "woke up to this:",
                "this is in #incidents:", "pager again —")


def _back(rng: random.Random) -> str:
    return _one(rng, "ok. back to the first thing", "right, where were we",
                "fine, that can wait. carry on with the other thing",
                "ok back to it", "sorted. continue where you were")


def _page(s: dict, rng: random.Random) -> tuple[str, str]:
    return rng.choice(s["pages"])


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_declined(s: dict, rng: random.Random) -> Episode:
    """The assistant reaches for the other way; the user turns the call down, the rule as
    the reason typed at the permission prompt."""
    why = _one(rng, "no. {rule}", "nope — {rule}", "don't. {rule}",
               "stop, not like that: {rule}").format(rule=s["rule"])
    ack = _one(rng, "Understood — doing it that way instead.", "OK, switching approach.",
               "Right, sorry. Redoing it properly.")
    return [Step(prompt=f"{_paged(rng)}\n\n{_block(s['page'])}\n\n{s['task']}"),
            Step(text=_one(rng, "On it.", "Looking.", ""),
                 tools=[refused(s["contrary"], REJECTED + why)]),
            Step(text=ack, tools=s["follow"]),
            Step(text=s["done"])]


def conv_ground_rules(s: dict, rng: random.Random) -> Episode:
    """The rule rides along with the page, before anything is touched."""
    lead = _one(rng, "house rule before you touch anything: {rule}.",
                "and one thing, non-negotiable: {rule}.", "rota rule: {rule}.",
                "also — {rule}.")
    return [Step(prompt=f"{_paged(rng)}\n\n{_block(s['page'])}\n\n{s['task']}. "
                        f"{lead.format(rule=s['rule'])}"),
            Step(text=_one(rng, "Understood, keeping to that.", "Noted.", "Got it."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_plan_vetoed(s: dict, rng: random.Random) -> Episode:
    """The assistant proposes the other way; the user vetoes it and has the rule put into
    the runbook."""
    path, anchor = s["runbook"]
    veto = _one(rng, "no wait. {rule}.", "hold on, no: {rule}.", "nope. {rule}.",
                "absolutely not — {rule}.").format(rule=s["rule"])
    add = _one(rng, "and put that in the runbook, the next person will do the same",
               "add that to the runbook while you're at it",
               "write that into the runbook pls, people keep forgetting")
    return [Step(prompt=f"{_paged(rng)}\n\n{_block(s['page'])}\n\n{s['task']}"),
            Step(text=f"{_one(rng, 'Plan:', 'Here is what I would do:', 'Proposed:')} "
                      f"{s['plan']} OK to go ahead?"),
            Step(prompt=f"{veto} {add}"),
            Step(text=_one(rng, "Understood — doing it that way.", "Right, changing course.",
                           "OK."), tools=s["follow"]),
            Step(text=_one(rng, "Now the runbook.", "And the runbook entry.", ""),
                 tools=[edit(path, anchor, f"{anchor}- {cap(s['rule'])}.\n")]),
            Step(text=f"{s['done']}\n\nThe rule is in {path} under the never-do list.")]


def conv_handover(s: dict, rng: random.Random) -> Episode:
    """The work gets done; the rule goes into the handover note for the next person on
    call."""
    mate = rng.choice(s["mates"])
    inc = _inc(rng)
    ask = _one(rng, "ok thanks. {mate} takes the pager at 8 — write the handover for {inc}. "
                    "and make sure it says {rule}",
               "I'm done for tonight, {mate} is next on call. handover note for {inc} please, "
               "and spell out that {rule}",
               "handover for {mate} ({inc}). short. put in that {rule}, they're new to the "
               "rota").format(mate=mate, inc=inc, rule=s["rule"])
    return [Step(prompt=f"{_paged(rng)}\n\n{_block(s['page'])}\n\n{s['task']}"),
            Step(tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(text=f"**Handover — {inc}** (for {mate})\n\n- **Where it stands:** "
                      f"{s['done']}\n- **Open:** nothing urgent on this one.\n- **House rule:** "
                      f"{cap(s['rule'])}.\n\nReady to paste into the channel.")]


# command
def cmd_pasted_terminal(s: dict, rng: random.Random) -> Episode:
    """The user already tried it and pastes the terminal."""
    fail = s["fail"]
    lead = _one(rng, "tried it myself, got this:", "this is what I get:", "my terminal says:",
                "no luck here:")
    pasted = _block(f"$ {fail.command}\n{fail.output}")
    return [Step(prompt=f"{s['goal']}\n\n{lead}\n\n{pasted}"),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_nudged(s: dict, rng: random.Random) -> Episode:
    """The assistant's try fails; the stressed user names the right one."""
    stuck = _one(rng, "That fails. I can dig through the config — unless you know how it's "
                      "meant to be run here?",
                 "Not it. Is there a project-specific way to do this?",
                 "That errors out. Do you remember the right invocation?")
    hurry = _one(rng, "", " — quick pls", ", hurry, {mate} is waiting on this",
                 ". come on").format(mate=rng.choice(s["mates"]))
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=f"{s['hint']}{hurry}"),
            Step(text=_one(rng, "Running that.", "Thanks.", ""), tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_runbook(s: dict, rng: random.Random) -> Episode:
    """The try fails; the assistant reads the runbook and finds the right one."""
    path, text = s["book"]
    dig = _one(rng, "That's not it. Checking the runbook before guessing again.",
                    "Failed. The runbook probably has this.",
                    "Hm. Let me see what the runbook says.")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=dig, tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_second_page(s: dict, rng: random.Random) -> Episode:
    """The try fails; another alert interrupts; then the right one."""
    ask, answer = _page(s, rng)
    cut = _one(rng, "hold on —", "wait, another page:", "sorry, something else just fired.",
               "ugh, second alert.")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(prompt=f"{cut} {ask}"), Step(text=answer),
            Step(prompt=_back(rng)),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


# environment
def env_while_hunting(s: dict, rng: random.Random) -> Episode:
    """The fact shows up in output the assistant ran for an incident question."""
    ask, answer = s["while"]
    lead = _one(rng, "Also worth knowing from that output:", "Separately, from the same "
                "output:", "One more thing that's in there:")
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=f"{answer}\n\n{lead} {s['confirm']}")]


def env_hedged(s: dict, rng: random.Random) -> Episode:
    """The user half remembers it and wants it checked."""
    wrap = _one(rng, "({hunch})", "— {hunch}, but check", "… {hunch}. verify pls",
                "{hunch}, but don't trust me on that").format(hunch=s["hunch"])
    return [Step(prompt=f"{s['goal']} {wrap}"),
            Step(text=_one(rng, "Checking.", "Let me look rather than guess.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_user_ran(s: dict, rng: random.Random) -> Episode:
    """The user runs the first probe in bash mode and asks what it says."""
    first, rest = s["probe"][0], s["probe"][1:]
    ask = _one(rng, "^ {goal}", "{goal} (output above)", "see above. {goal}")
    out: Episode = [Step(prompt=f"<bash-input>{first.command}</bash-input>"),
                    Step(prompt=f"<bash-stdout>{first.output}</bash-stdout><bash-stderr>"
                                f"</bash-stderr>"),
                    Step(prompt=ask.format(goal=s["goal"]))]
    if rest:
        out.append(Step(text=_one(rng, "Checking one more thing.", ""), tools=rest))
    out.append(Step(text=s["confirm"]))
    return out


def env_page_detour(s: dict, rng: random.Random) -> Episode:
    """Asked, pushed aside by another alert, then answered."""
    ask, answer = _page(s, rng)
    return [Step(prompt=s["goal"]),
            Step(prompt=f"{_one(rng, 'actually first —', 'wait, new alert:', 'hang on.')} "
                        f"{ask}"),
            Step(text=answer),
            Step(prompt=_one(rng, "ok. and my first question?", "thanks. now the first thing",
                             "right, back to what I asked")),
            Step(text=_one(rng, "Checking.", "Looking it up.", ""), tools=s["probe"]),
            Step(text=s["confirm"])]


# gotcha
def gotcha_false_lead(s: dict, rng: random.Random) -> Episode:
    tool, dismiss = rng.choice(s["leads"])
    lead = _one(rng, "Found it.", "That's the cause.", "There it is.", "Got it.")
    return [Step(prompt=f"{s['symptom']}\n\n{_block(s['trace'])}"),
            Step(text=_one(rng, "Ruling out the boring explanation first.",
                           "Checking the obvious first.", ""), tools=[tool]),
            Step(text=dismiss, tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_user_recognises(s: dict, rng: random.Random) -> Episode:
    unsure = _one(rng, "That shows where it breaks but not why. Digging further before I "
                       "change anything.",
                  "Nothing conclusive yet — the output doesn't point at a cause directly.",
                  "Odd. Let me keep looking.")
    agree = _one(rng, "That fits the output. Fixing it.", "Right — applying that.",
                 "Makes sense, changing it.")
    return [Step(prompt=f"{_paged(rng)} {s['symptom']}"), Step(tools=s["probe"]),
            Step(text=unsure), Step(prompt=s["told"]),
            Step(text=agree, tools=s["fix"]), Step(text=s["done"])]


def gotcha_postmortem(s: dict, rng: random.Random) -> Episode:
    inc = _inc(rng)
    path = f"postmortems/{inc}.md"
    lead = _one(rng, "Found it.", "That explains it.", "Here's what's going on.")
    ask = _one(rng, "ok. postmortem please, {path}, keep it short",
               "write it up — {path}, blameless, one page max",
               "thanks. can you draft the postmortem in {path}").format(path=path)
    body = (f"# {inc}: {s['title']}\n\n## What we saw\n\n> {s['symptom']}\n\n## Root cause\n\n"
            f"{s['explain']}\n\n## Fix\n\n{s['done']}\n\n## Follow-ups\n\n- Add this to the "
            f"runbook\n- Review alerting so it pages earlier\n")
    return [Step(prompt=f"{s['symptom']}\n\n{_block(s['trace'])}"),
            Step(tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(tools=[write(path, body)]),
            Step(text=f"Drafted {path}: what we saw, root cause, fix and two follow-ups.")]


# falsified
def fals_made_worse(s: dict, rng: random.Random) -> Episode:
    undo = _one(rng, "worse. revert NOW", "nope nope, roll it back", "that's worse — undo it",
                "revert revert revert", "no. put it back")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_one(rng, "Reverting.", "Rolling it back.", "Undoing it."),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_warned(s: dict, rng: random.Random) -> Episode:
    ok = _one(rng, "Understood — I'll leave that alone.", "Good to know, that rules it out.",
              "OK, not going down that road then.")
    return [Step(prompt=s["want"]), Step(text=s["offer"]), Step(prompt=s["story"]),
            Step(text=ok)]


def fals_timeline(s: dict, rng: random.Random) -> Episode:
    inc = _inc(rng)
    t1, t2 = sorted((_clock(rng), _clock(rng)))
    return [Step(prompt=s["ask"]), Step(tools=s["change"]),
            Step(text=_one(rng, "Checking it did what we wanted.", "Verifying.", ""),
                 tools=[s["broke"]]),
            Step(text=_one(rng, "That made it worse. Backing it out.", "Worse — reverting.",
                           "Not good. Undoing it."), tools=[s["revert"]]),
            Step(prompt=_one(rng, "ugh. timeline bullets for the postmortem?",
                             "ok. give me the timeline for {inc}, bullets",
                             "write that bit of the timeline for me").format(inc=inc)),
            Step(text=f"**Timeline — {inc}**\n- {t1} mitigation applied (your ask: "
                      f"\"{s['ask']}\")\n- {t1} check failed, change reverted\n- {t2} back to "
                      f"the previous state\n\n**Why it didn't help:** {s['conclusion']}")]


def fals_page_between(s: dict, rng: random.Random) -> Episode:
    ask, answer = _page(s, rng)
    then = _one(rng, "and that change of yours — undo it, it's making things worse",
                "right. the mitigation: throw it away", "back to the red check — revert it")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=f"{_one(rng, 'leave it a sec —', 'park that, another alert:')} {ask}"),
            Step(text=answer), Step(prompt=then),
            Step(text=_one(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_declined, conv_ground_rules, conv_plan_vetoed, conv_handover],
    "command": [cmd_pasted_terminal, cmd_nudged, cmd_runbook, cmd_second_page],
    "environment": [env_while_hunting, env_hedged, env_user_ran, env_page_detour],
    "gotcha": [gotcha_false_lead, gotcha_user_recognises, gotcha_postmortem],
    "falsified": [fals_made_worse, fals_warned, fals_timeline, fals_page_between],
}

UNRELATED = [
    "what's the difference between SIGTERM and SIGKILL, and which one does systemd send first?",
    "write a Python context manager that times a block and prints the elapsed milliseconds",
    "how do I see which process is listening on a given TCP port on Linux?",
    "explain what a p99 latency number means to someone who isn't an engineer",
    "write a jq filter that pulls every `name` field out of a deeply nested JSON document",
    "what makes a postmortem blameless, in practice?",
    "how do I undo a commit that's already been pushed to a shared branch without rewriting "
    "history?",
    "explain exponential backoff with jitter in three or four sentences",
    "write a TypeScript type guard that checks an unknown value is an array of strings",
    "what is the difference between a liveness probe and a readiness probe in Kubernetes?",
    "give me an awk one-liner that counts HTTP status codes in a combined-format access log",
    "in Lua, what's the difference between pairs and ipairs when iterating a table?",
    "what does the SQL window function ROW_NUMBER() do? give a tiny example",
    "any tips for getting back to sleep after being woken by a page at 3am?",
    "explain what an idempotency key is in a payments API and why clients send one",
    "write a regex for a UK vehicle registration plate in the current two-letter, two-digit, "
    "three-letter format",
    "how do I make a cron entry run at 02:15 on the first Monday of every month?",
    "suggest a name for an internal tool that summarises each week's on-call shifts",
    "how do I turn a Unix epoch timestamp into a readable date in the shell?",
    "explain the difference between TCP keepalive and HTTP keep-alive",
    "write a Go function that reverses the order of words in a sentence",
    "how do I politely turn down a manager asking me to cover an extra on-call week?",
    "what's the practical difference between RAID 1 and RAID 10 for a small server?",
    "what's a reasonable way to split a 40-minute incident review meeting into sections?",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "sorrelgate": [
        "how do partner API keys get issued, and who approves a new partner?",
        "what's the latency budget for the gateway in our SLO?",
        "is there a plan to move the gateway onto Kubernetes?",
        "who gets notified when a partner is blocked at the gateway?",
        "should the cars' websocket traffic get its own pool of gateway machines?",
    ],
    "lapwingstat": [
        "how long do we keep raw ride events in ClickHouse before they're dropped?",
        "who owns the Grafana dashboards the operations team looks at?",
        "is there a staging ClickHouse cluster where migrations can be tried first?",
        "how are the ClickHouse backups taken, and how often?",
        "should dock status move to its own cluster instead of sharing one with rides?",
    ],
    "heathstead": [
        "how does a brand-new store server get its minion key accepted?",
        "what hardware do the store servers run on?",
        "is there a plan to move the stores off SaltStack?",
        "how do the store servers get their operating system security updates?",
        "should the label printers sit on their own network segment in the stores?",
    ],
    "driftmark": [
        "roughly how much does the SMS bill come to each month?",
        "do clients get visit reminders by email as well as by text?",
        "which languages are the reminder texts available in?",
        "how long are delivered message logs kept, for GDPR purposes?",
        "should visit reminders move from SMS to WhatsApp?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- sorrelgate
def sorrelgate() -> Project:
    gw1 = "gw-1.fra.wheelwright.internal"
    gw2 = "gw-2.fra.wheelwright.internal"
    api = "conf/sites/api.conf"
    rl = "lua/sorrel/ratelimit.lua"
    facts = [
        Fact("conv-reload", "convention", ["systemctl reload openresty"],
             ["the gateway needs to pick up a config change on the live boxes — is it ok to "
              "just bounce the service?",
              "get the edited upstreams file live on both gateway hosts"],
             "On sorrelgate's gateway hosts OpenResty is never restarted: config goes live with "
             "`systemctl reload openresty` only. A restart drops every telematics websocket and "
             "~4000 cars reconnect at once, which flattens authd.",
             {"page": "[FIRING:2] Gateway5xxRatioHigh route=/v2/quotes instance=gw-1.fra "
                      "ratio=0.31\n[FIRING:2] Gateway5xxRatioHigh route=/v2/quotes "
                      "instance=gw-2.fra ratio=0.29",
              "task": "pricing moved to pricing-v2 and the new upstream block is already merged "
                      "in conf/upstreams.conf — get it live on both gateways so /v2/quotes stops "
                      "502ing",
              "rule": "we never restart openresty on the gateways. it's systemctl reload "
                      "openresty, always — a restart kills every telematics websocket, ~4000 "
                      "cars reconnect in the same second and authd falls over",
              "contrary": bash(f"for h in {gw1} {gw2}; do ssh $h 'cd /opt/sorrelgate && sudo "
                               "git pull -q --ff-only && sudo systemctl restart openresty'; "
                               "done"),
              "plan": "pull the merged config on gw-1 and gw-2 and restart OpenResty on each, "
                      "one after the other.",
              "follow": [bash(f"for h in {gw1} {gw2}; do ssh $h 'cd /opt/sorrelgate && sudo "
                              "git pull -q --ff-only && sudo systemctl reload openresty && "
                              "systemctl show -p MainPID openresty'; done",
                              "MainPID=1184\nMainPID=1201"),
                         bash("curl -s -o /dev/null -w '%{http_code}\\n' "
                              "'https://api.wheelwright.cc/v2/quotes?zone=hackney'", "200")],
              "done": "Both gateways reloaded in place — the master PIDs are the same as before, "
                      "so the car websockets stayed up — and /v2/quotes answers 200 again."}),
        Fact("conv-live", "convention", ["gw-live"],
             ["which branch should an emergency fix to the gateway be based on?",
              "I have to ship a one-line Lua fix to the gateway tonight and main has other "
              "unfinished stuff in it — how do I do that?"],
             "sorrelgate hotfixes branch off gw-live, never main (main carries the unfinished "
             "JWT rewrite and isn't deployable); bin/deploy ships from gw-live, and gw-live is "
             "merged back into main afterwards.",
             {"page": "[FIRING:1] GatewayAuthErrors route=/v1/unlock status=401 rate=42/min "
                      "client=fleet-app",
              "task": "the fleet vans can't unlock since authd started putting azp=fleet-app in "
                      "the token. patch lua/sorrel/auth.lua to accept that and ship it",
              "rule": "hotfixes branch off gw-live, not main. main has the half-done jwt rewrite "
                      "and isn't deployable. bin/deploy ships from gw-live, then you merge "
                      "gw-live back into main",
              "contrary": bash("git switch -c fix/unlock-azp main"),
              "plan": "branch fix/unlock-azp from main, patch the audience check in auth.lua, "
                      "and deploy that branch.",
              "follow": [bash("git fetch -q && git switch gw-live && git pull -q --ff-only && "
                              "git switch -c hotfix/unlock-azp",
                              "Switched to branch 'gw-live'\nYour branch is up to date with "
                              "'origin/gw-live'.\nSwitched to a new branch 'hotfix/unlock-azp'"),
                         edit("lua/sorrel/auth.lua",
                              "local ALLOWED_AZP = { [\"rider-app\"] = true }",
                              "local ALLOWED_AZP = { [\"rider-app\"] = true, [\"fleet-app\"] = "
                              "true }"),
                         bash("git commit -qam 'auth: accept azp=fleet-app' && git switch -q "
                              "gw-live && git merge -q --ff-only hotfix/unlock-azp && git push "
                              "-q origin gw-live && ./bin/deploy --hosts gw-1,gw-2",
                              "deploying gw-live @ 5c09e1d\ngw-1: synced, config test ok, "
                              "reloaded\ngw-2: synced, config test ok, reloaded")],
              "done": "The azp fix is on gw-live (5c09e1d) and deployed to both gateways; "
                      "/v1/unlock for the fleet vans returns 200. Merging gw-live back into "
                      "main is left for the morning, when the rewrite's owner is around."}),
        Fact("cmd-configtest", "command", ["openresty -p"],
             ["how do I syntax-check the gateway's nginx config on one of the hosts?",
              "openresty -t says the config is fine but the reload still fails on gw-1 — am I "
              "testing the wrong thing?"],
             "To test sorrelgate's config on a gateway run `sudo openresty -p /opt/sorrelgate/ "
             "-c conf/nginx.conf -t` (the prefix the unit uses); plain `openresty -t` tests the "
             "stock config under /usr/local/openresty and a relative -c without -p looks for "
             "conf/conf/nginx.conf.",
             {"goal": "before anyone reloads — check the config on gw-2 actually parses, "
                      "someone was on that box earlier",
              "fail": bash(f"ssh {gw2} 'sudo openresty -t -c conf/nginx.conf'",
                           "nginx: [emerg] open() \"/usr/local/openresty/nginx/conf/conf/"
                           "nginx.conf\" failed (2: No such file or directory)\nnginx: "
                           "configuration file /usr/local/openresty/nginx/conf/conf/nginx.conf "
                           "test failed", 1),
              "note": "A relative -c is resolved against the prefix, which defaults to "
                      "/usr/local/openresty/nginx/ — hence conf/conf/nginx.conf. The systemd "
                      "unit starts the gateway with -p /opt/sorrelgate/, and lua_package_path "
                      "is relative to that prefix too, so the test has to pass the same one.",
              "ok": bash(f"ssh {gw2} 'sudo openresty -p /opt/sorrelgate/ -c conf/nginx.conf "
                         "-t'",
                         "nginx: the configuration file /opt/sorrelgate/conf/nginx.conf syntax "
                         "is ok\nnginx: configuration file /opt/sorrelgate/conf/nginx.conf test "
                         "is successful"),
              "hint": "it needs the prefix like the unit file: openresty -p /opt/sorrelgate/ -c "
                      "conf/nginx.conf -t",
              "book": ("ops/runbook.md",
                       "# sorrelgate runbook\n\n## Config test\n\nTest with the prefix the "
                       "unit uses:\n\n    sudo openresty -p /opt/sorrelgate/ -c conf/nginx.conf "
                       "-t\n\nPlain `openresty -t` tests the stock config under "
                       "/usr/local/openresty and happily says ok.\n"),
              "done": "gw-2's config parses. Whatever was done on the box, it's syntactically "
                      "fine; `git -C /opt/sorrelgate status` shows no local changes either."}),
        Fact("cmd-tests", "command", ["testnginx"],
             ["how are the gateway's Lua tests run? prove can't find Test::Nginx on my laptop",
              "run the gateway test suite before I push this rate-limit change"],
             "sorrelgate's Test::Nginx suite runs in the compose test container: `docker "
             "compose run --rm testnginx prove -r t/` (OpenResty 1.25 and Test::Nginx are "
             "baked into that image); `prove -r t/` on the host fails with Can't locate "
             "Test/Nginx/Socket/Lua.pm.",
             {"goal": "hotfix is ready. run the tests before I ship it",
              "fail": bash("prove -r t/",
                           "t/auth.t ....... Can't locate Test/Nginx/Socket/Lua.pm in @INC (you "
                           "may need to install the Test::Nginx::Socket::Lua module) (@INC "
                           "contains: /etc/perl /usr/local/lib/x86_64-linux-gnu/perl/5.36.0 "
                           "...) at t/auth.t line 1.\nBEGIN failed--compilation aborted at "
                           "t/auth.t line 1.\nt/auth.t ....... Dubious, test returned 2 (wstat "
                           "512, 0x200)\nNo subtests run\nt/quotes.t ..... Dubious, test "
                           "returned 2 (wstat 512, 0x200)\n...\nResult: FAIL", 1),
              "note": "The suite isn't meant to run on the host — Test::Nginx and the OpenResty "
                      "build it tests against live in the compose file's test container.",
              "ok": bash("docker compose run --rm testnginx prove -r t/",
                         "[+] Creating 1/0\n ✔ Container sorrelgate-redis-1  Running\nt/auth.t "
                         "........ ok\nt/quotes.t ...... ok\nt/ratelimit.t ... ok\nt/route.t "
                         "....... ok\nAll tests successful.\nFiles=4, Tests=61,  9 wallclock "
                         "secs ( 0.05 usr  0.01 sys +  3.12 cusr  1.40 csys =  4.58 CPU)\n"
                         "Result: PASS"),
              "hint": "don't run prove on the host, it's in the container. docker compose run "
                      "--rm testnginx prove -r t/",
              "book": ("ops/runbook.md",
                       "# sorrelgate runbook\n\n## Tests\n\n    docker compose run --rm "
                       "testnginx prove -r t/\n\nThe testnginx service has OpenResty 1.25 and "
                       "Test::Nginx baked in; nothing to install locally.\n"),
              "done": "61 tests in 4 files, all green — fine to ship."}),
        Fact("env-rlstore", "environment", ["redis-rl"],
             ["which redis holds the gateway's rate-limit counters?",
              "clear the throttling counters for the insurer's API key, they're locked out "
              "again"],
             "sorrelgate's rate-limit counters live in Redis on "
             "redis-rl.fra.wheelwright.internal port 6390, database 2 (SORREL_RL_REDIS in "
             "conf/env.conf), keys rl:<api-key-id>:<minute>.",
             {"goal": "the insurer's partner key is stuck on 429 — where do the rate limit "
                      "counters actually live?",
              "probe": [bash("curl -sI -H 'X-Api-Key: ak_3310_test' "
                             "'https://api.wheelwright.cc/v1/availability?zone=camden' | grep "
                             "-iE '^(HTTP|server|x-ratelimit|retry)'",
                             "HTTP/2 429\nserver: openresty\nx-ratelimit-limit: 600\n"
                             "x-ratelimit-remaining: 0\nretry-after: 37"),
                        bash(f"grep -n -i 'redis' {rl} conf/env.conf",
                             "conf/env.conf:3:env SORREL_RL_REDIS=redis-rl.fra.wheelwright."
                             "internal:6390;\nlua/sorrel/ratelimit.lua:2:local redis = require "
                             "\"resty.redis\"\nlua/sorrel/ratelimit.lua:14:local host, port = "
                             "(os.getenv(\"SORREL_RL_REDIS\") or \"\"):match(\"([^:]+):(%d+)\")\n"
                             "lua/sorrel/ratelimit.lua:21:  red:select(2)")],
              "confirm": "The counters are in Redis on redis-rl.fra.wheelwright.internal, port "
                         "6390, database 2 — the host comes from SORREL_RL_REDIS in "
                         "conf/env.conf (passed through with OpenResty's `env` directive). Keys "
                         "look like rl:<api-key-id>:<minute>.",
              "while": ("is the 429 the insurer sees coming from us or from booking-api?",
                        "From us: the response comes from `server: openresty` with our "
                        "x-ratelimit headers at 0 remaining and a retry-after — booking-api "
                        "never saw the request."),
              "hunch": "i think it's the small redis, not the session one"}),
        Fact("env-metricsport", "environment", ["9145"],
             ["prometheus shows the gateway scrape target as down — which port is it supposed "
              "to hit?",
              "pull the current 5xx counters straight from gw-1's metrics endpoint"],
             "sorrelgate exposes Prometheus metrics (nginx-lua-prometheus) on a dedicated server "
             "block on port 9145, path /metrics, allowed only from 10.20.0.0/16.",
             {"goal": "grafana's gateway dashboard is empty since last night — where is "
                      "prometheus supposed to scrape the gateways?",
              "probe": [bash("grep -n -A8 'prometheus_metrics' conf/sites/metrics.conf",
                             "1:lua_shared_dict prometheus_metrics 10M;\n2-\n3-init_worker_by_"
                             "lua_block {\n4-    metric_registry = require(\"sorrel.metrics\")."
                             "init()\n5-}\n6-\n7-server {\n8-    listen 9145;\n9-    allow "
                             "10.20.0.0/16;\n10-    deny all;\n11-    location /metrics { "
                             "content_by_lua_block { metric_registry:collect() } }"),
                        bash(f"curl -s http://{gw1}:9145/metrics | grep -c '^nginx_http'",
                             "214")],
              "confirm": "The gateways serve Prometheus metrics from their own server block on "
                         "port 9145, path /metrics (nginx-lua-prometheus, allowed from "
                         "10.20.0.0/16 only). gw-1 answers there with 214 nginx_http_* series, "
                         "so the exporter's fine — an empty dashboard means the scrape job "
                         "points somewhere else.",
              "while": ("is the gateway even up? the dashboard shows literally nothing",
                        "It's up and counting — gw-1 answers on its metrics endpoint with 214 "
                        "nginx_http series."),
              "hunch": "it's not on 80/443, it's some separate metrics port"}),
        Fact("gotcha-resolver", "gotcha", ["valid=30s"],
             ["the booking service changed its IP addresses and the gateway kept sending "
              "traffic to the old ones until someone touched it — why, and how do we stop that?",
              "point the gateway's payments route at the new payments hostname so it doesn't go "
              "stale when their IPs change"],
             "sorrelgate: nginx resolves hostnames in an upstream block once, at config load, "
             "and never again, so when booking-api moved IPs the gateway kept hitting the old "
             "ones (502, No route to host). Use `resolver 10.20.0.2 valid=30s;` and proxy_pass "
             "through a variable so the name is resolved at request time.",
             {"symptom": "booking-api moved behind the new LB at 21:40 and since then half the "
                         "gateway requests to /v1/bookings 502. booking team says their side is "
                         "fine. wtf",
              "trace": f"$ ssh {gw1} 'tail -n 3 /var/log/sorrelgate/error.log | cut -d\" \" "
                       "-f2-'\n21:52:07 [error] 1191#1191: *88213 connect() failed (113: No "
                       "route to host) while connecting to upstream, client: 10.20.4.17, "
                       "server: api.wheelwright.cc, request: \"POST /v1/bookings HTTP/2.0\", "
                       "upstream: \"http://10.30.8.41:8080/v1/bookings\"\n21:52:07 [error] "
                       "1191#1191: *88219 connect() failed (113: No route to host) while "
                       "connecting to upstream, client: 10.20.4.22, upstream: "
                       "\"http://10.30.8.42:8080/v1/bookings\"",
              "probe": [bash("dig +short booking-api.svc.wheelwright.internal",
                             "10.30.9.12\n10.30.9.13"),
                        bash("grep -n -A3 'upstream booking_api' conf/upstreams.conf",
                             "4:upstream booking_api {\n5-    server booking-api.svc."
                             "wheelwright.internal:8080;\n6-    keepalive 64;\n7-}")],
              "explain": "nginx resolved booking-api.svc.wheelwright.internal once, when the "
                         "config was loaded, and has been sending traffic to the old addresses "
                         "(10.30.8.41/42) ever since — DNS now says 10.30.9.12/13. A hostname "
                         "in an `upstream` block is never re-resolved. The fix is a resolver "
                         "with a short TTL (`resolver 10.20.0.2 valid=30s;`) and proxy_pass "
                         "through a variable, so the name is looked up at request time.",
              "told": "oh it's the dns thing. nginx resolves upstream names once at load and "
                      "never again. needs the resolver line with valid=30s and proxy_pass via a "
                      "variable, we did exactly that for authd last year",
              "fix": [edit(api, "    location /v1/bookings {\n        proxy_pass "
                           "http://booking_api;",
                           "    location /v1/bookings {\n        resolver 10.20.0.2 "
                           "valid=30s ipv6=off;\n        set $booking_upstream "
                           "booking-api.svc.wheelwright.internal:8080;\n        proxy_pass "
                           "http://$booking_upstream;"),
                      bash("./bin/deploy --hosts gw-1,gw-2",
                           "deploying @ 8e1f4a0\ngw-1: synced, config test ok, reloaded\ngw-2: "
                           "synced, config test ok, reloaded")],
              "done": "Deployed: both gateways re-resolve booking-api every 30 s and the 502s "
                      "stopped within a minute. That route no longer uses the upstream block's "
                      "keepalive pool, so booking-api will see a few more new connections.",
              "title": "booking 502s after booking-api moved load balancer"}),
        Fact("gotcha-logphase", "gotcha", ["ngx.timer.at"],
             ["redis calls from the gateway's log phase blow up with 'API disabled in the "
              "context' — what's the right way to do that?",
              "make the gateway count requests after the response has gone out, without "
              "slowing the response down"],
             "In sorrelgate, cosockets (lua-resty-redis) are disabled in log_by_lua (and "
             "header/body filters, init): calling Redis there fails with 'API disabled in the "
             "context of log_by_lua*'. Hand the work to `ngx.timer.at(0, fn, ...)`, which runs "
             "in its own light thread where cosockets work.",
             {"symptom": "since tonight's hotfix the quotes route works for clients but the "
                         "error log is full of this and the rate limit counters stopped moving",
              "trace": "21:03:44 [error] 2207#2207: *51102 failed to run log_by_lua*: "
                       "/opt/sorrelgate/lua/sorrel/ratelimit.lua:58: API disabled in the "
                       "context of log_by_lua*\nstack traceback:\n\t[C]: in function 'connect'"
                       "\n\t/usr/local/openresty/lualib/resty/redis.lua:265: in function "
                       "'connect'\n\t/opt/sorrelgate/lua/sorrel/ratelimit.lua:58: in function "
                       "'record'\n\tlog_by_lua(api.conf:61):2: in main chunk while logging "
                       "request, client: 10.20.4.9, server: api.wheelwright.cc, request: \"GET "
                       "/v2/quotes?zone=camden HTTP/2.0\"",
              "probe": [bash(f"git log --oneline -3 -- {rl} {api}",
                             "b41e0c2 ratelimit: count after the response (log phase)\n7d2a913 "
                             "quotes: zone param\n3f0c8d1 ratelimit: per-key limits from "
                             "shared config"),
                        bash(f"sed -n 52,62p {rl}",
                             "function _M.record(key)\n  local red = redis:new()\n  "
                             "red:set_timeouts(50, 50, 50)\n  local ok, err = red:connect(host, "
                             "port)\n  if not ok then\n    return nil, err\n  end\n  "
                             "red:incr(key)\n  red:expire(key, 120)\n  "
                             "red:set_keepalive(10000, 32)\nend")],
              "explain": "The hotfix moved the counter increment into log_by_lua, and "
                         "cosockets — which lua-resty-redis uses — are disabled in the log phase "
                         "(likewise in header_filter, body_filter and init). Every "
                         "`red:connect` throws, so nothing gets counted. The standard way out "
                         "is a zero-delay timer from the log phase, `ngx.timer.at(0, ...)`: "
                         "the timer runs in its own light thread where cosockets are allowed.",
              "told": "right, cosockets don't work in log_by_lua. wrap the redis bit in "
                      "ngx.timer.at(0, ...) so it runs outside the request",
              "fix": [edit(api, "    log_by_lua_block { require(\"sorrel.ratelimit\")."
                                "record(ngx.ctx.rl_key) }",
                           "    log_by_lua_block {\n        local limiter = require(\"sorrel."
                           "ratelimit\")\n        local ok, err = ngx.timer.at(0, "
                           "limiter.record_timer, ngx.ctx.rl_key)\n        if not ok then "
                           "ngx.log(ngx.ERR, \"limiter timer: \", err) end\n    }"),
                      edit(rl, "function _M.record(key)",
                           "function _M.record_timer(premature, key)\n  if premature then "
                           "return end\n  return _M.record(key)\nend\n\nfunction "
                           "_M.record(key)")],
              "done": "After the deploy the 'API disabled' lines stopped and the counter for "
                      "the test key moves again.",
              "title": "rate-limit counting silently broken by a log-phase Redis call"}),
        Fact("fals-retries", "falsified", ["proxy_next_upstream_tries"],
             ["booking-api keeps throwing intermittent 502s — can't the gateway just retry on "
              "another backend?",
              "has anyone tried making nginx retry failed booking requests on another pod? how "
              "did it go?"],
             "Retrying failed booking requests at sorrelgate (proxy_next_upstream on "
             "error/502/503, proxy_next_upstream_tries 3, non_idempotent) was tried and "
             "reverted: it tripled the load on a flapping booking-api (5xx 4/s → 14/s) and "
             "retried POSTs created duplicate bookings.",
             {"ask": "booking-api is flapping, 502s every few seconds. can the gateway retry on "
                     "the other pod so clients stop seeing them?",
              "change": [edit(api, "    location /v1/bookings {\n",
                              "    location /v1/bookings {\n        proxy_next_upstream error "
                              "timeout http_502 http_503 non_idempotent;\n        "
                              "proxy_next_upstream_tries 3;\n"),
                         bash("./bin/deploy --hosts gw-1,gw-2",
                              "deploying @ 2a7d5c3\ngw-1: synced, config test ok, reloaded\n"
                              "gw-2: synced, config test ok, reloaded")],
              "broke": bash("./ops/slo-check.sh --route /v1/bookings --window 5m",
                            "booking-api upstream 5xx/s: 4.1 -> 13.7\nrequests sent upstream "
                            "per client request: 2.8\nduplicate booking ids (5m): 9\nFAIL", 1),
              "revert": bash(f"git checkout -- {api} && ./bin/deploy --hosts gw-1,gw-2",
                             "deploying @ 8e1f4a0\ngw-1: synced, config test ok, reloaded\n"
                             "gw-2: synced, config test ok, reloaded"),
              "conclusion": "Reverted. With proxy_next_upstream_tries 3 every failing booking "
                            "went to booking-api up to three times, so the struggling pods got "
                            "nearly triple the load and their 5xx rate went from 4 to almost 14 "
                            "a second; and because POSTs were retried (non_idempotent), nine "
                            "bookings were created twice. Gateway retries make a flapping "
                            "booking-api worse — it needs fixing on their side, or load shed.",
              "want": "booking-api keeps flapping and the app shows the 502s — can the gateway "
                      "paper over it somehow?",
              "offer": "nginx can retry a failed request on another booking-api pod: "
                       "proxy_next_upstream on errors and 502/503, with "
                       "proxy_next_upstream_tries 3. Want me to add it to /v1/bookings?",
              "story": "no. we did exactly that in the march outage, proxy_next_upstream_tries "
                       "3 on bookings. tripled the load on booking-api, it went from flapping "
                       "to dead, and the retried POSTs made double bookings. never again"}),
        Fact("fals-localcount", "falsified", ["resty.limit.count"],
             ["could the gateway keep its rate-limit counts in local memory instead of a "
              "network round trip per request?",
              "why does every gateway request wait on a redis call just for throttling? "
              "seems slow"],
             "Counting rate limits per gateway node in a shared dict (resty.limit.count) "
             "instead of Redis was tried in sorrelgate and reverted: the load balancer isn't "
             "sticky, so each key got the limit once per gateway (double), a scraper doubled "
             "its rate and availability p95 went from 180 ms to 2.9 s.",
             {"ask": "the limiter's redis is at 80ms p99 and every request waits on it. switch "
                     "the limiter to counting locally in a shared dict for now?",
              "change": [edit(rl, "local redis = require \"resty.redis\"",
                              "local redis = require \"resty.redis\"\nlocal limit_count = "
                              "require \"resty.limit.count\"\nlocal lim = limit_count.new("
                              "\"rl_local\", 600, 60)"),
                         edit("conf/nginx.conf", "    lua_shared_dict jwks 2m;",
                              "    lua_shared_dict jwks 2m;\n    lua_shared_dict rl_local "
                              "20m;"),
                         bash("./bin/deploy --hosts gw-1,gw-2",
                              "deploying @ c4b9e27\ngw-1: synced, config test ok, reloaded\n"
                              "gw-2: synced, config test ok, reloaded")],
              "broke": bash("./ops/slo-check.sh --route /v1/availability --window 10m",
                            "availability p95: 180ms -> 2.9s\nkey ak_7731 requests/min: 600 -> "
                            "1190 (limit 600)\nFAIL", 1),
              "revert": bash(f"git checkout -- {rl} conf/nginx.conf && ./bin/deploy --hosts "
                             "gw-1,gw-2",
                             "deploying @ 8e1f4a0\ngw-1: synced, config test ok, reloaded\n"
                             "gw-2: synced, config test ok, reloaded"),
              "conclusion": "Back on the Redis limiter. With resty.limit.count each gateway "
                            "counts in its own shared dict, and the load balancer isn't sticky, "
                            "so every key effectively got 600 a minute per gateway — double "
                            "the limit. The availability scraper (ak_7731) doubled its rate and "
                            "availability p95 went from 180 ms to 2.9 s. Per-node counting "
                            "would need sticky routing or halved limits.",
              "want": "the limiter adds latency to every request because it talks to redis — "
                      "could it count locally?",
              "offer": "OpenResty can count per node in a lua_shared_dict with "
                       "resty.limit.count, no network hop at all. Want me to switch the "
                       "limiter over?",
              "story": "tried that during the redis latency mess in may. resty.limit.count in "
                       "a shared dict, each gateway counts on its own, the LB isn't sticky so "
                       "everyone got double the limit and the availability scraper hammered "
                       "search. reverted within the hour"}),
    ]
    pages = [
        ("`[FIRING:1] HostDiskUsage host=gw-2.fra mount=/var/log used=86%` — do I need to care "
         "right now?",
         "Not right now. /var/log on gw-2 is mostly the access log and logrotate compresses it "
         "at 06:25. Only if it passes 95% before then: `sudo logrotate -f "
         "/etc/logrotate.d/sorrelgate`."),
        ("support asks if the app being slow in Bristol is us. is it?",
         "Nothing on the gateway points at Bristol — there's no per-region routing in it and "
         "the latency panels are flat. More likely the mobile network or a backend; tell "
         "support we're looking but the gateway looks normal."),
        ("what does status 499 mean in our access log, there's a bump on the graph",
         "499 is nginx's own code for \"client closed the request\": the app gave up before "
         "we answered. A bump usually mirrors slow upstream responses, not a gateway fault."),
        ("should I page the booking team too or wait?",
         "Page them now if their errors are what's driving this — a false alarm costs them ten "
         "minutes, a late page costs everyone an hour. Say what you're seeing and that the "
         "gateway itself looks healthy."),
    ]
    leads = [
        (bash(f"ssh {gw1} 'uptime; free -m | sed -n 2p'",
              " 22:41:07 up 41 days,  3:12,  1 user,  load average: 0.62, 0.71, 0.69\nMem:"
              "            7941        1630         522          41        5789        5984"),
         "Not resource pressure — load is under 1 and there are 6 GB available on gw-1."),
        (bash("dig +short api.wheelwright.cc", "49.12.201.88"),
         "Public DNS for the API still points at the load balancer, so clients reach us."),
        (bash(f"ssh {gw2} 'systemctl is-active openresty; ss -s | sed -n 2p'",
              "active\nTCP:   8840 (estab 4211, closed 4508, orphaned 3, timewait 4470)"),
         "OpenResty is up on gw-2 with the usual ~4,200 established connections — not a dead "
         "node."),
    ]
    noise: list[Episode] = [
        look("what does route.lua do with the X-Client-Version header?", "lua/sorrel/route.lua",
             "local _M = {}\n\nfunction _M.pick(ctx)\n  local v = ngx.var.http_x_client_version "
             "or \"0\"\n  if v < \"4.2\" then\n    ctx.legacy = true\n    return \"booking_v1\"\n"
             "  end\n  return \"booking_v2\"\nend\n\nreturn _M\n",
             "It routes app versions below 4.2 to the v1 booking backend and marks the request "
             "as legacy; everything else goes to v2. Note it compares versions as strings, so "
             "\"10.0\" would sort below \"4.2\" — fine today, a trap later."),
        run("roughly how many 5xx has gw-1 served in the last 20k requests?",
            f"ssh {gw1} \"tail -n 20000 /var/log/sorrelgate/access.log | awk '$9 ~ /^5/' | wc "
            "-l\"", "37",
            "37 out of the last 20,000 — about 0.2%, the normal background level."),
        talk("what's the difference between a 502 and a 504 from nginx? need wording for the "
             "status page",
             "502 Bad Gateway: the gateway reached the backend but got an invalid or no "
             "response (connection refused, reset). 504 Gateway Timeout: the backend didn't "
             "answer in time. For the status page: \"some requests failed because a booking "
             "service was unavailable\" covers both."),
        talk("I've been up since 3. is a fourth coffee a bad idea",
             "Probably — past three, caffeine mostly buys jitters and a worse sleep later. "
             "Water, something to eat, and if the incident's stable, hand over and nap."),
        steps("unrelated alert: HostMemoryPressure on gw-staging. look?",
              [bash("ssh gw-staging.fra.wheelwright.internal 'ps -eo pid,rss,cmd --sort=-rss | "
                    "head -4'",
                    "    PID   RSS CMD\n  48213 1893204 goaccess /var/log/sorrelgate/access.log "
                    "-o /tmp/report.html\n   1012 210444 nginx: worker process\n   1013 "
                    "208112 nginx: worker process")],
              "It's a goaccess report someone left running over the access logs — 1.8 GB RSS, "
              "nothing to do with the gateway itself. Safe to kill on staging."),
        find("where do we set X-Request-Id?", "X-Request-Id",
             ["conf/sites/api.conf", "lua/sorrel/trace.lua", "t/route.t"],
             "api.conf sets it via lua/sorrel/trace.lua (generated if the client didn't send "
             "one), and t/route.t checks it's passed upstream."),
        tweak("typo in the runbook, 'upsteam'", "ops/runbook.md",
              "if the upsteam is down, check the booking team's status page first",
              "if the upstream is down, check the booking team's status page first"),
        [Step(prompt="which location blocks skip auth entirely?"),
         Step(tools=[agent("Find unauthenticated routes",
                           "List every location in conf/sites/*.conf that doesn't run "
                           "sorrel.auth in access_by_lua.",
                           "Three: /healthz and /status in api.conf (static 200s), and "
                           "/v1/public/zones, which serves the zone list to the logged-out "
                           "app screen. Everything else runs sorrel.auth.", "c3f1d09a7b22",
                           "Explore", 4)]),
         Step(text="Only /healthz, /status and /v1/public/zones — the last one on purpose, "
                   "the logged-out map screen needs the zone list.")],
        steps("what went out this week?",
              [bash("git log --oneline -6",
                    "8e1f4a0 upstreams: pricing-v2\n3f0c8d1 ratelimit: per-key limits from "
                    "shared config\n1b2e7a9 auth: cache jwks for 10 minutes\n9d4f1c6 quotes: "
                    "pass zone through\n0a7c3e2 t: unlock tests\n6e5d2b8 metrics: route label")],
              "Six commits: the pricing-v2 upstream, per-key limits, JWKS caching, the quotes "
              "zone param, unlock tests and a route label on the metrics."),
        steps("plan the status-page automation thing, no code yet",
              [todo_write([("Post to the status page when Gateway5xxRatioHigh fires for 5m",
                            "pending", "Posting to the status page"),
                           ("Resolve the incident when it clears for 15m", "pending",
                            "Resolving the incident"),
                           ("Dry-run against staging alerts", "pending", "Dry-running")])],
              "Three steps: open a status-page incident after five minutes of high 5xx, close "
              "it after fifteen quiet minutes, dry-run on staging first."),
    ]
    return Project(
        "sorrelgate", "git@github.com:wheelwright-carclub/sorrelgate.git",
        {"README.md": "# sorrelgate\n\nOpenResty edge gateway for the Wheelwright car club "
                      "API.\n",
         "conf/nginx.conf": "worker_processes auto;\nevents { worker_connections 8192; }\n"},
        _equip(facts, pages=pages, leads=leads, mates=("Priya", "Tomasz", "Efe"),
               runbook=("ops/runbook.md", "## Never during an incident\n\n")),
        noise, "slack")


# ------------------------------------------------------------------- lapwingstat
def lapwingstat() -> Project:
    ch = "clickhouse-client --host ch-1.kw.internal --secure --user oncall"
    facts = [
        Fact("conv-backfill", "convention", ["lapwing_backfill"],
             ["I need to re-import a day of dock events from S3 into ClickHouse — anything "
              "special about how backfills are run?",
              "reload last tuesday's missing rides from the raw events bucket"],
             "lapwingstat backfills (INSERT … SELECT from S3 and the like) run as the "
             "lapwing_backfill ClickHouse user, whose settings profile caps max_threads at 4 "
             "and memory at 20G so the ops dashboards on the same cluster stay usable — never "
             "as default or oncall, and big ones not before 19:00.",
             {"page": "[FIRING:1] RideStatsGap dashboard=\"Daily rides\" missing=14:00-17:00 "
                      "cause=\"dock firmware rollout\"",
              "task": "the 14–17h hole in ride_events from the firmware mess yesterday — the "
                      "raw events are in s3://kw-raw-events/ride-events/, backfill those three "
                      "hours",
              "rule": "backfills run as lapwing_backfill, never as default or oncall. its "
                      "profile caps max_threads at 4 and memory at 20G so the ops dashboards on "
                      "the same cluster stay usable. and nothing big before 19:00",
              "contrary": bash(f"{ch} --queries-file ops/backfill/ride_gap.sql"),
              "plan": "write the INSERT … SELECT from the S3 files into ops/backfill/"
                      "ride_gap.sql and run it with the oncall user I'm already connected as.",
              "follow": [write("ops/backfill/ride_gap.sql",
                               "INSERT INTO rides.ride_events\nSELECT *\nFROM s3('https://kw-raw-"
                               "events.s3.eu-west-2.amazonaws.com/ride-events/dt=*/hour=1[4-6]/"
                               "*.json.gz', 'JSONEachRow')\nWHERE toDate(started_at) = "
                               "yesterday();\n"),
                         bash("clickhouse-client --host ch-1.kw.internal --secure --user "
                              "lapwing_backfill --queries-file ops/backfill/ride_gap.sql",
                              "Ok.\n\n0 rows in set. Elapsed: 212.441 sec. Processed 3.81 "
                              "million rows, 611.20 MB (17.93 thousand rows/s., 2.88 MB/s.)"),
                         bash(f"{ch} -q \"SELECT toHour(started_at) AS h, count() FROM "
                              "rides.ride_events WHERE toDate(started_at) = yesterday() AND h "
                              "BETWEEN 13 AND 17 GROUP BY h ORDER BY h\"",
                              "13\t1248811\n14\t1271093\n15\t1302544\n16\t1236107\n17\t1219950")],
              "done": "Backfilled 3.81 million events for 14:00–17:00 as lapwing_backfill; the "
                      "hourly counts in that window now sit in line with the hours around it "
                      "(1.2–1.3M each). It took about 3½ minutes on the profile's 4 threads."}),
        Fact("conv-corrections", "convention", ["ride_corrections"],
             ["some rides in ClickHouse have garbage end times — how are we supposed to fix "
              "bad rows in the rides tables?",
              "delete the test rides the dock team created in prod yesterday"],
             "lapwingstat never runs ALTER … UPDATE/DELETE mutations on the ride tables (they "
             "rewrite whole parts on all three nodes); corrections are inserted as rows into "
             "rides.ride_corrections and the dashboard views (rides_clean) apply the latest one "
             "with argMax.",
             {"page": "[FIRING:1] RideDurationOutlier share_over_24h=3.8% "
                      "fw=\"4.12\" note=\"ended_at=1970-01-01\"",
              "task": "ops wants the broken rides from dock firmware 4.12 (ended_at = epoch "
                      "zero) gone from the dashboards. fix the data",
              "rule": "no ALTER … UPDATE or DELETE mutations on the ride tables, ever — they "
                      "rewrite whole parts on all three nodes. corrections go in as rows in "
                      "rides.ride_corrections and the dashboard views pick the latest one with "
                      "argMax",
              "contrary": bash(f"{ch} -q \"ALTER TABLE rides.ride_events_local ON CLUSTER "
                               "rides DELETE WHERE ended_at = toDateTime(0) AND fw_version = "
                               "'4.12'\""),
              "plan": "run an ALTER TABLE … DELETE ON CLUSTER for ended_at = 0 and fw 4.12 on "
                      "ride_events_local, which removes them from every replica.",
              "follow": [write("schema/migrations/0042_fw412_void_rides.sql",
                               "INSERT INTO rides.ride_corrections (ride_id, field, value, "
                               "reason, corrected_at)\nSELECT ride_id, 'void', '1', 'dock fw "
                               "4.12 ended_at=0', now()\nFROM rides.ride_events\nWHERE ended_at "
                               "= toDateTime(0) AND fw_version = '4.12';\n"),
                         bash(f"{ch} --queries-file schema/migrations/"
                              "0042_fw412_void_rides.sql",
                              "Ok.\n\n0 rows in set. Elapsed: 1.812 sec. Processed 41.20 "
                              "million rows, 329.60 MB"),
                         bash(f"{ch} -q \"SELECT countIf(voided) FROM rides.rides_clean WHERE "
                              "started_at >= today() - 7\"", "18342")],
              "done": "18,342 rides from firmware 4.12 are voided through ride_corrections; "
                      "rides_clean, which the dashboards read, leaves them out, and the raw "
                      "events are untouched if ops ever want them back."}),
        Fact("cmd-pause", "command", ["DETACH TABLE"],
             ["how do I temporarily stop ClickHouse from consuming the ride event stream?",
              "the event topic is being replayed and the analytics cluster is swallowing "
              "duplicates — make it stop taking in data"],
             "There's no SYSTEM command to stop a Kafka engine table in lapwingstat; pause "
             "ingestion with `DETACH TABLE ingest.kafka_ride_events ON CLUSTER rides` "
             "(consumers leave the group, offsets stay committed) and resume with ATTACH TABLE "
             "… ON CLUSTER rides.",
             {"goal": "redpanda is replaying ride-events from offset 0 after the broker restore "
                      "and we're ingesting duplicates. stop ingestion NOW",
              "fail": bash(f"{ch} -q \"SYSTEM STOP KAFKA ingest.kafka_ride_events\"",
                           "Code: 62. DB::Exception: Syntax error: failed at position 13 "
                           "('KAFKA') (line 1, col 13): KAFKA ingest.kafka_ride_events. Expected "
                           "one of: REPLICATION QUEUES, DISTRIBUTED SENDS, FETCHES, MERGES, TTL "
                           "MERGES, MOVES, PULLING REPLICATION LOG, LISTEN, VIEWS ... "
                           "(SYNTAX_ERROR)", 62),
              "note": "There's no SYSTEM switch for Kafka engine consumers. The way to stop one "
                      "is to detach the Kafka table on every node: its consumers leave the "
                      "group and the committed offsets stay, so attaching it later resumes "
                      "where it stopped.",
              "ok": bash(f"{ch} -q \"DETACH TABLE ingest.kafka_ride_events ON CLUSTER rides\"",
                         "ch-2.kw.internal\t9440\t0\t\t2\t0\nch-3.kw.internal\t9440\t0\t\t1\t0\n"
                         "ch-1.kw.internal\t9440\t0\t\t0\t0"),
              "hint": "DETACH TABLE ingest.kafka_ride_events ON CLUSTER rides. we attach it "
                      "again when redpanda's sane",
              "book": ("ops/runbook.md",
                       "# lapwingstat runbook\n\n## Pause ingestion\n\nKafka engine tables "
                       "have no stop switch. Detach them on the whole cluster:\n\n    DETACH "
                       "TABLE ingest.kafka_ride_events ON CLUSTER rides;\n\nand ATTACH TABLE "
                       "ingest.kafka_ride_events ON CLUSTER rides to resume from the committed "
                       "offsets.\n"),
              "done": "Ingestion of ride-events is stopped on all three nodes — the row count "
                      "in ride_events has been flat for two minutes. ATTACH TABLE "
                      "ingest.kafka_ride_events ON CLUSTER rides resumes it."}),
        Fact("cmd-lag", "command", ["rpk group describe"],
             ["how do I see the consumer lag for ClickHouse's ingest from the event broker?",
              "the dashboards are 40 minutes stale — check whether ingestion is falling "
              "behind"],
             "lapwingstat's broker is Redpanda, so there's no kafka-consumer-groups.sh: check "
             "ClickHouse's ingest lag with `rpk group describe ch-ride-ingest -X "
             "brokers=rp-1.kw.internal:9092` (the group name is kafka_group_name in the Kafka "
             "table's settings).",
             {"goal": "how far behind is clickhouse on ride-events? the freshness panel says "
                      "40 min",
              "fail": bash("kafka-consumer-groups.sh --bootstrap-server rp-1.kw.internal:9092 "
                           "--describe --group clickhouse-rides",
                           "bash: kafka-consumer-groups.sh: command not found", 127),
              "note": "No Kafka tooling here — the broker is Redpanda and its CLI is rpk. The "
                      "consumer group is whatever kafka_group_name the Kafka table was created "
                      "with: ch-ride-ingest.",
              "ok": bash("rpk group describe ch-ride-ingest -X brokers=rp-1.kw.internal:9092",
                         "GROUP        ch-ride-ingest\nCOORDINATOR  2\nSTATE        Stable\n"
                         "BALANCER     range\nMEMBERS      6\nTOTAL-LAG    2481120\n\nTOPIC     "
                         "   PARTITION  CURRENT-OFFSET  LOG-START-OFFSET  LOG-END-OFFSET  LAG\n"
                         "ride-events  0          91822110        0                92236590     "
                         "   414480\nride-events  1          91790342        0                "
                         "92203871        413529\nride-events  2          91841007        0    "
                         "            92254216        413209\n..."),
              "hint": "it's redpanda, use rpk. rpk group describe ch-ride-ingest -X "
                      "brokers=rp-1.kw.internal:9092",
              "book": ("ops/runbook.md",
                       "# lapwingstat runbook\n\n## Ingest lag\n\n    rpk group describe "
                       "ch-ride-ingest -X brokers=rp-1.kw.internal:9092\n\nThe group name is "
                       "kafka_group_name in schema/ingest.sql.\n"),
              "done": "Lag is 2.48M messages, spread evenly over the 6 partitions (~413k each). "
                      "At the current ~1,000 messages/s per partition that's about 7 minutes, "
                      "so freshness will recover on its own."}),
        Fact("env-keeper", "environment", ["9181"],
             ["what host and port does ClickHouse use for its coordination service?",
              "check whether the keeper nodes behind the analytics cluster are healthy"],
             "lapwingstat's ClickHouse replicas coordinate through three standalone "
             "clickhouse-keeper nodes, keeper-1/2/3.kw.internal on port 9181 "
             "(config.d/keeper.xml, 30 s session timeout); not ZooKeeper.",
             {"goal": "replication queue on ch-2 is stuck with 'Coordination::Exception: "
                      "Connection loss' — which keeper hosts is it even talking to?",
              "probe": [bash("ssh ch-2.kw.internal 'sudo cat /etc/clickhouse-server/config.d/"
                             "keeper.xml'",
                             "<clickhouse>\n    <zookeeper>\n        <node><host>keeper-1.kw."
                             "internal</host><port>9181</port></node>\n        <node><host>"
                             "keeper-2.kw.internal</host><port>9181</port></node>\n        "
                             "<node><host>keeper-3.kw.internal</host><port>9181</port></node>\n"
                             "        <session_timeout_ms>30000</session_timeout_ms>\n    "
                             "</zookeeper>\n</clickhouse>"),
                        bash("for k in 1 2 3; do printf 'keeper-%s: ' $k; echo ruok | nc -w1 "
                             "keeper-$k.kw.internal 9181; echo; done",
                             "keeper-1: imok\nkeeper-2: \nkeeper-3: imok")],
              "confirm": "ClickHouse talks to three standalone clickhouse-keeper nodes, "
                         "keeper-1/2/3.kw.internal on port 9181 (config.d/keeper.xml, 30 s "
                         "session timeout). keeper-2 doesn't answer `ruok`, the other two say "
                         "imok — so there's still a quorum, and ch-2's connection loss is "
                         "likely its session pinned to keeper-2.",
              "while": ("is it zookeeper or clickhouse-keeper we run?",
                        "clickhouse-keeper — three standalone nodes. ClickHouse just reuses the "
                        "<zookeeper> config section name for it."),
              "hunch": "i think keeper is on its own port, not 2181"}),
        Fact("env-version", "environment", ["24.3.5.46"],
             ["what exact ClickHouse build does the prod cluster run?",
              "an upstream fix landed in a newer 24.x patch release — check whether our servers "
              "already have it"],
             "lapwingstat's three ClickHouse nodes run 24.3.5.46 (24.3 LTS), pinned in "
             "ops/apt-pins.pref so unattended upgrades don't move it.",
             {"goal": "which exact clickhouse version is prod on? the upstream issue I'm "
                      "reading says fixed in 24.3.6",
              "probe": [bash(f"{ch} -q \"SELECT hostName(), version() FROM "
                             "clusterAllReplicas('rides', system.one) ORDER BY 1\"",
                             "ch-1.kw.internal\t24.3.5.46\nch-2.kw.internal\t24.3.5.46\n"
                             "ch-3.kw.internal\t24.3.5.46"),
                        bash("grep -n -A2 'clickhouse-server' ops/apt-pins.pref",
                             "2:Package: clickhouse-server clickhouse-client "
                             "clickhouse-common-static\n3-Pin: version 24.3.5.46\n4-"
                             "Pin-Priority: 1001")],
              "confirm": "All three nodes run ClickHouse 24.3.5.46 (the 24.3 LTS line), and "
                         "ops/apt-pins.pref pins exactly that, so unattended upgrades won't move "
                         "it. A fix that landed in 24.3.6 isn't in prod.",
              "while": ("are all three nodes at least on the same build?",
                        "Yes — identical on ch-1, ch-2 and ch-3; they're pinned to one version "
                        "through apt."),
              "hunch": "I think we're on the 24.3 LTS but no idea which patch"}),
        Fact("gotcha-parts", "gotcha", ["async_insert"],
             ["ClickHouse rejects inserts with TOO_MANY_PARTS on the dock status table — what "
              "causes that and how do we fix it for good?",
              "the live map wants dock status in ClickHouse within a second or two — how "
              "should the log shipper send it?"],
             "In lapwingstat, tiny frequent inserts (Vector flushing 50 events every 0.2 s) "
             "create parts faster than merges and dock_status_local rejects inserts with "
             "TOO_MANY_PARTS; keep Vector's batches large and let the server batch small "
             "inserts with async_insert=1 (wait_for_async_insert=1) on the vector user.",
             {"symptom": "vector's clickhouse sink is erroring and dock-status inserts get "
                         "rejected since the vector config change this afternoon",
              "trace": "ERROR sink{component_kind=\"sink\" component_id=ch_dock_status "
                       "component_type=clickhouse}:request{request_id=88123}: vector::sinks::"
                       "util::retries: Not retriable; dropping the request. reason=\"response "
                       "status: 500 Internal Server Error\" internal_log_rate_limit=true\n  "
                       "body: Code: 252. DB::Exception: Too many parts (3012 with average size "
                       "of 1.21 KiB) in table 'rides.dock_status_local (5e1c0d2a-...)'. Merges "
                       "are processing significantly slower than inserts. (TOO_MANY_PARTS)",
              "probe": [bash("git log -1 -p --format='%h %s' -- vector/vector.toml | grep -E "
                             "'^[0-9a-f]{7}|^[-+]batch'",
                             "a91c3e0 vector: flush dock status faster for the live map\n"
                             "-batch.max_events = 20000\n-batch.timeout_secs = 5\n"
                             "+batch.max_events = 50\n+batch.timeout_secs = 0.2"),
                        bash(f"{ch} -q \"SELECT count() FROM system.parts WHERE table = "
                             "'dock_status_local' AND active\"", "3012")],
              "explain": "The afternoon change makes Vector flush every 0.2 s with at most 50 "
                         "events, so each of the ~25 Vector instances creates several tiny "
                         "parts a second in dock_status_local. Merges can't keep up, and at "
                         "3,000 active parts the table refuses inserts with TOO_MANY_PARTS. "
                         "ClickHouse wants few large inserts; if the live map needs low latency, "
                         "let the server do the batching — `async_insert=1` with "
                         "`wait_for_async_insert=1` on the vector user buffers small inserts "
                         "into one part.",
              "told": "too many parts, classic. someone made vector flush tiny batches. put "
                      "the batch size back and turn on async_insert for the vector user so the "
                      "server does the batching",
              "fix": [edit("vector/vector.toml",
                           "batch.max_events = 50\nbatch.timeout_secs = 0.2",
                           "batch.max_events = 20000\nbatch.timeout_secs = 2"),
                      edit("clickhouse/users.d/vector.xml",
                           "            <max_insert_threads>2</max_insert_threads>",
                           "            <max_insert_threads>2</max_insert_threads>\n"
                           "            <async_insert>1</async_insert>\n"
                           "            <wait_for_async_insert>1</wait_for_async_insert>")],
              "done": "After the rollout the active part count in dock_status_local is falling "
                      "(3,012 → 640 in ten minutes) and the sink has stopped erroring; the live "
                      "map is about 2 s behind, which the map team said is fine.",
              "title": "dock status inserts rejected with TOO_MANY_PARTS"}),
        Fact("gotcha-mvquery", "gotcha", ["MODIFY QUERY"],
             ["I added a column to the rides table and it's zero on every new row even though "
              "the events contain it — what did I miss?",
              "add a column for the dock's firmware build to the ride events pipeline"],
             "In lapwingstat a materialized view's SELECT is fixed at creation: adding a column "
             "to ride_events_local/ride_events doesn't make ingest.mv_ride_events fill it (new "
             "rows get the DEFAULT); the view must be changed too with `ALTER TABLE "
             "ingest.mv_ride_events ON CLUSTER rides MODIFY QUERY SELECT …`.",
             {"symptom": "added battery_pct to ride_events last week (migration 0039) and it's "
                         "0 on every row since. the firmware definitely sends it",
              "trace": "SELECT fw_version, avg(battery_pct), count() FROM rides.ride_events "
                       "WHERE started_at > now() - INTERVAL 1 DAY GROUP BY fw_version\n\n"
                       "┌─fw_version─┬─avg(battery_pct)─┬─count()─┐\n│ 4.11       │       "
                       "         0 │  881203 │\n│ 4.12       │                0 │  412877 │\n"
                       "└────────────┴──────────────────┴─────────┘",
              "probe": [bash(f"{ch} --format=TSVRaw -q \"SHOW CREATE TABLE "
                             "ingest.mv_ride_events\" | head -12",
                             "CREATE MATERIALIZED VIEW ingest.mv_ride_events TO "
                             "rides.ride_events_local\n(\n    `ride_id` UUID,\n    `bike_id` "
                             "UInt32,\n    `started_at` DateTime,\n    `ended_at` DateTime,\n"
                             "    `fw_version` LowCardinality(String)\n)\nAS SELECT\n    "
                             "toUUID(JSONExtractString(raw, 'ride_id')) AS ride_id,\n    "
                             "JSONExtractUInt(raw, 'bike_id') AS bike_id,\n    ..."),
                        bash("cat schema/migrations/0039_battery_pct.sql",
                             "ALTER TABLE rides.ride_events_local ON CLUSTER rides ADD COLUMN "
                             "battery_pct UInt8 DEFAULT 0;\nALTER TABLE rides.ride_events ON "
                             "CLUSTER rides ADD COLUMN battery_pct UInt8 DEFAULT 0;")],
              "explain": "Migration 0039 added the column to the tables but not to the "
                         "materialized view. A view's SELECT is fixed when it's created — it "
                         "doesn't pick up new columns of its TO table — so every insert fills "
                         "battery_pct with the DEFAULT 0. The view has to be changed as well: "
                         "`ALTER TABLE ingest.mv_ride_events ON CLUSTER rides MODIFY QUERY "
                         "SELECT …` with the new JSONExtract in it.",
              "told": "the mv. its select is frozen at create time, adding the column to the "
                      "tables does nothing for it. needs ALTER TABLE … MODIFY QUERY on the view",
              "fix": [write("schema/migrations/0040_mv_battery_pct.sql",
                            "ALTER TABLE ingest.mv_ride_events ON CLUSTER rides MODIFY QUERY\n"
                            "SELECT\n    toUUID(JSONExtractString(raw, 'ride_id')) AS ride_id,\n"
                            "    JSONExtractUInt(raw, 'bike_id') AS bike_id,\n    "
                            "parseDateTimeBestEffort(JSONExtractString(raw, 'started_at')) AS "
                            "started_at,\n    parseDateTimeBestEffort(JSONExtractString(raw, "
                            "'ended_at')) AS ended_at,\n    JSONExtractString(raw, 'fw') AS "
                            "fw_version,\n    JSONExtractUInt(raw, 'battery_pct') AS "
                            "battery_pct\nFROM ingest.kafka_ride_events;\n"),
                      bash(f"{ch} --queries-file schema/migrations/0040_mv_battery_pct.sql",
                           "ch-1.kw.internal\t9440\t0\t\t2\t0\nch-3.kw.internal\t9440\t0\t\t1\t0"
                           "\nch-2.kw.internal\t9440\t0\t\t0\t0")],
              "done": "New rows carry battery_pct (average 71 over the last 10 minutes). Rows "
                      "ingested since 0039 keep their zeros; they can be backfilled from the "
                      "raw S3 events if anyone needs them.",
              "title": "new ride column silently zero"}),
        Fact("fals-optimize", "falsified", ["OPTIMIZE TABLE"],
             ["after an event replay the rides table has duplicate rows — can we force "
              "ClickHouse to merge them away?",
              "has anyone tried making ClickHouse deduplicate the whole rides table in one go? "
              "what happened?"],
             "Forcing a dedupe merge with `OPTIMIZE TABLE rides.ride_events_local ON CLUSTER "
             "rides FINAL` was tried in lapwingstat and killed: it rewrote ~1.5 TiB next to the "
             "old parts, disks hit 97% and ch-1 went read-only for inserts. Duplicates are "
             "handled by querying with FINAL / argMax in the views instead.",
             {"ask": "the replay left duplicate rides in ride_events_local. it's a "
                     "ReplacingMergeTree — can we just force the merge to dedupe it?",
              "change": [bash(f"{ch} --receive_timeout=3600 -q \"OPTIMIZE TABLE "
                              "rides.ride_events_local ON CLUSTER rides FINAL\"",
                              "Code: 159. DB::Exception: Watching task /clickhouse/task_queue/"
                              "ddl/query-0000118204 is executing longer than "
                              "distributed_ddl_task_timeout (=180) seconds. There are 3 unfinished "
                              "hosts (0 of them are currently executing the task), they are "
                              "going to execute the query in background. (TIMEOUT_EXCEEDED)")],
              "broke": bash("./ops/ch-health.sh",
                            "ch-1 disk /var/lib/clickhouse 97.2% used  CRITICAL\nch-2 disk "
                            "/var/lib/clickhouse 96.8% used  CRITICAL\nmerges: "
                            "ride_events_local 61% done, 1.5 TiB being written\ninserts: ch-1 "
                            "readonly (not enough space)\nFAIL", 2),
              "revert": bash(f"{ch} -q \"KILL QUERY ON CLUSTER rides WHERE query ILIKE "
                             "'OPTIMIZE TABLE rides.ride_events_local%' SYNC\" && ./ops/"
                             "ch-health.sh",
                             "kill_status\tquery_id\tuser\nfinished\t6d0e2c1b-...\toncall\n"
                             "ch-1 disk /var/lib/clickhouse 55.1% used  ok\nch-2 disk "
                             "/var/lib/clickhouse 54.7% used  ok\ninserts: ok\nOK"),
              "conclusion": "Killed the OPTIMIZE TABLE … FINAL. It was rewriting every part of "
                            "ride_events_local into new merged parts — about 1.5 TiB written "
                            "next to the old data on each replica — which took ch-1 and ch-2 to "
                            "97% disk and put ch-1 into read-only for inserts. Cancelling freed "
                            "the space again. Replay duplicates are better handled at query "
                            "time (FINAL or argMax by ride_id in the views); a forced full "
                            "merge doesn't fit on our disks.",
              "want": "the replay left duplicate rides — is there a quick way to get "
                      "ClickHouse to dedupe the table?",
              "offer": "ride_events_local is a ReplacingMergeTree, so an OPTIMIZE TABLE … "
                       "FINAL forces the merge that collapses the duplicates. Want me to run it "
                       "ON CLUSTER?",
              "story": "no no. someone ran OPTIMIZE TABLE … FINAL on ride_events_local after "
                       "the last replay. it writes the whole table again next to the old parts, "
                       "disks went to 97%, ch-1 went read-only and we lost an hour of inserts. "
                       "we query with FINAL in the views, that's it"}),
        Fact("fals-consumers", "falsified", ["kafka_num_consumers"],
             ["the analytics ingest lag keeps growing — can't we just run more consumers per "
              "ClickHouse node?",
              "why does ClickHouse only read the event topic with a couple of consumers per "
              "server?"],
             "Raising kafka_num_consumers on lapwingstat's Kafka table from 2 to 6 per node was "
             "tried and reverted: 18 consumers for 6 partitions, the group rebalanced "
             "constantly (37 times in 10 minutes) and lag grew from 9.1M to 11.6M; it stays at "
             "2 per node (3 nodes × 2 = 6 partitions).",
             {"ask": "lag is 9M on ride-events and climbing. bump the consumers on the kafka "
                     "table so it catches up?",
              "change": [edit("schema/ingest.sql", "    kafka_num_consumers = 2,",
                              "    kafka_num_consumers = 6,"),
                         bash("make apply-ingest",
                              f"{ch} --multiquery < schema/ingest.sql\nch-1.kw.internal\t9440\t"
                              "0\t\t2\t0\nch-2.kw.internal\t9440\t0\t\t1\t0\nch-3.kw.internal\t"
                              "9440\t0\t\t0\t0")],
              "broke": bash("./ops/ch-health.sh --ingest",
                            "consumer group: 18 members for 6 partitions (12 idle)\ngroup "
                            "state: PreparingRebalance (37 rebalances in 10m)\nride-events lag: "
                            "9.1M -> 11.6M\nFAIL", 2),
              "revert": bash("git checkout -- schema/ingest.sql && make apply-ingest",
                             f"{ch} --multiquery < schema/ingest.sql\nch-1.kw.internal\t9440\t0"
                             "\t\t2\t0\nch-2.kw.internal\t9440\t0\t\t1\t0\nch-3.kw.internal\t"
                             "9440\t0\t\t0\t0"),
              "conclusion": "Back to kafka_num_consumers = 2 per node. With 6 per node the "
                            "group had 18 members for 6 partitions, so 12 sat idle, and the "
                            "extra members kept the group rebalancing — 37 times in ten minutes, "
                            "consuming nothing during each one — so lag grew from 9.1M to "
                            "11.6M. Consumers beyond the partition count don't help; catch-up "
                            "has to come from bigger insert blocks or more partitions.",
              "want": "the ingest lag keeps growing after the replay — can we throw more "
                      "consumers at it?",
              "offer": "The Kafka table runs kafka_num_consumers = 2 per node; raising it to 6 "
                       "would give each node more consumers on ride-events. Want me to "
                       "recreate it with that?",
              "story": "been there. kafka_num_consumers 6 during the last replay — 18 "
                       "consumers for 6 partitions, the group rebalanced nonstop and lag got "
                       "worse. it's 2 per node because 3 nodes × 2 = 6 partitions, leave it"}),
    ]
    pages = [
        ("`[FIRING:1] GrafanaDatasourceErrors datasource=ClickHouse-EU org=Ops` — is that "
         "separate?",
         "Probably a symptom rather than a second problem: the datasource errors when its "
         "queries time out against the cluster. If it doesn't clear a few minutes after the "
         "main issue, check the datasource's credentials."),
        ("the ops manager asks if yesterday's ride counts on the board are final. are they?",
         "Not quite — events from docks that were offline trickle in for a day or so, so "
         "yesterday's numbers can still rise slightly. Final by tomorrow morning."),
        ("random one: toStartOfHour vs toStartOfInterval, what's the difference again",
         "toStartOfHour rounds down to the hour; toStartOfInterval(t, INTERVAL 15 MINUTE) "
         "rounds down to any interval you give it. Same result for a one-hour interval."),
        ("redpanda console shows a broker with under-replicated partitions. panic?",
         "Not by itself — under-replicated means a follower is behind; the leader still "
         "serves the data. If it lasts more than a few minutes, look at that broker's disk and "
         "network."),
    ]
    leads = [
        (bash(f"{ch} -q \"SELECT hostName(), uptime() FROM clusterAllReplicas('rides', "
              "system.one) ORDER BY 1\"",
              "ch-1.kw.internal\t3801233\nch-2.kw.internal\t3801190\nch-3.kw.internal\t"
              "3800977"),
         "No node restarted — all three have been up for 44 days."),
        (bash(f"{ch} -q \"SELECT count() FROM system.replication_queue WHERE last_exception "
              "!= ''\"", "0"),
         "The replication queue is clean, no failing entries — not a replication problem."),
        (bash("ssh ch-1.kw.internal 'df -h /var/lib/clickhouse'",
              "Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme1n1    3.5T  1.9T  "
              "1.6T  54% /var/lib/clickhouse"),
         "Disk on ch-1 is at 54%, plenty of room — not space."),
    ]
    noise: list[Episode] = [
        look("what does the active rides panel actually query?",
             "grafana/queries/active_rides.sql",
             "SELECT\n    $__timeInterval(started_at) AS t,\n    uniqExact(ride_id) AS "
             "active\nFROM rides.rides_clean\nWHERE $__timeFilter(started_at)\n  AND ended_at "
             "> started_at\nGROUP BY t\nORDER BY t\n",
             "Distinct ride ids per time bucket from rides_clean, within the dashboard's time "
             "range, ignoring rides whose end is before their start."),
        run("what were the slowest queries in the last hour?",
            f"{ch} -q \"SELECT query_duration_ms, user, substring(query, 1, 60) FROM "
            "clusterAllReplicas('rides', system.query_log) WHERE type = 'QueryFinish' AND "
            "event_time > now() - 3600 ORDER BY query_duration_ms DESC LIMIT 3\"",
            "48211\tgrafana\tSELECT toStartOfDay(started_at) AS d, count() FROM rides.r\n"
            "21904\tgrafana\tSELECT dock_id, argMax(status, ts) FROM rides.dock_status\n"
            "9112\tmetabase\tSELECT * FROM rides.ride_events WHERE bike_id = 41",
            "The slowest is a Grafana daily-count panel at 48 s (probably a year-long time "
            "range), then the dock status map at 22 s; Metabase's SELECT * by bike is third."),
        talk("ReplacingMergeTree vs CollapsingMergeTree, one paragraph for the new analyst",
             "Both remove rows during background merges. ReplacingMergeTree keeps the last row "
             "per sorting key (optionally by a version column), so it's \"latest wins\"; "
             "CollapsingMergeTree needs a sign column and cancels +1/−1 row pairs, which lets "
             "you retract a row exactly. Neither guarantees when merges happen, so queries "
             "that must be exact still aggregate or use FINAL."),
        steps("`[FIRING:1] NodeClockSkew instance=ch-3 offset=0.82s` — look?",
              [bash("ssh ch-3.kw.internal 'chronyc tracking | grep -E \"Reference|System "
                    "time\"; chronyc sources | tail -3'",
                    "Reference ID    : 00000000 ()\nSystem time     : 0.823114201 seconds slow "
                    "of NTP time\n^? 10.0.0.123                    0   8     0     -     +0ns[  "
                    "+0ns] +/-    0ns\n^? 10.0.0.124                    0   8     0     -     "
                    "+0ns[  +0ns] +/-    0ns")],
              "chrony on ch-3 has no reachable sources (both ^?), so it's drifting — probably "
              "the NTP servers' addresses changed in last week's network work. Not urgent for "
              "ClickHouse at 0.8 s, but fix the chrony sources today."),
        find("where do we parse the dock firmware version out of the events?", "fw_version",
             ["schema/ingest.sql", "schema/migrations/0031_fw_version.sql",
              "grafana/queries/fw_rollout.sql"],
             "It's extracted in the ingest view in schema/ingest.sql (added by migration 0031), "
             "and the firmware rollout panel groups by it."),
        tweak("typo on the dashboard title, 'Daly rides'", "grafana/dashboards/rides.json",
              "\"title\": \"Daly rides\"", "\"title\": \"Daily rides\""),
        run("how big is the rides database on disk?",
            f"{ch} -q \"SELECT formatReadableSize(sum(bytes_on_disk)) FROM system.parts WHERE "
            "active AND database = 'rides'\"", "1.52 TiB",
            "1.52 TiB on ch-1 (each replica holds a full copy)."),
        talk("on call with a toddler who wakes at 5 anyway. any survival tips",
             "Swap the night half of the rota with someone without kids if your team allows "
             "it, keep the laptop charged and set up before bed so a page is two minutes not "
             "ten, and take the morning after a bad night off without guilt."),
        [Step(prompt="which grafana panels query ride_events without a time filter?"),
         Step(tools=[agent("Find unbounded dashboard queries",
                           "Search grafana/queries and grafana/dashboards for queries on "
                           "rides.ride_events or rides_clean that lack $__timeFilter.",
                           "Two: grafana/queries/lifetime_km.sql (sums distance over all "
                           "rides, on purpose — it's the lifetime counter on the TV in the "
                           "office) and the 'Bikes never ridden' table in fleet.json, which "
                           "scans everything to find bikes with no rides.", "9b1e44c0d2a7",
                           "Explore", 5)]),
         Step(text="Two: the lifetime-kilometres counter (intentional) and 'Bikes never "
                   "ridden', which could use a 90-day window instead of a full scan.")],
        steps("what's uncommitted here?",
              [bash("git status --short", " M grafana/dashboards/fleet.json\n?? scratch.sql"),
               bash("git log --oneline -3",
                    "d1e0a92 dashboards: dock uptime panel\n7c3b5f1 schema: dock_status TTL 90 "
                    "days\n44a9e8d vector: add region tag")],
              "fleet.json is modified and there's an untracked scratch.sql, on top of the "
              "three commits above."),
    ]
    return Project(
        "lapwingstat", "git@github.com:kittiwake-bikes/lapwingstat.git",
        {"README.md": "# lapwingstat\n\nRide and dock analytics on ClickHouse for Kittiwake "
                      "Bikes.\n",
         "schema/ingest.sql": "-- Kafka engine tables and the views that feed rides.*\n"},
        _equip(facts, pages=pages, leads=leads, mates=("Jonas", "Lerato", "Bea"),
               runbook=("ops/runbook.md", "## Never do\n\n")),
        noise, "aws")


# ------------------------------------------------------------------- heathstead
def heathstead() -> Project:
    m = "ssh salt.hollyhock.internal"
    facts = [
        Fact("conv-canary", "convention", ["store-001"],
             ["the new printer driver state is ready — how do we roll changes like that out "
              "to the shops?",
              "push the updated receipt printer config to every store"],
             "heathstead never applies a change to all stores at once: it goes to store-001 "
             "first (the test till in the HQ training room), is checked there, then to the "
             "rest with --batch-size 5.",
             {"page": "[#stores] Oakham: label printer prints blank labels since this "
                      "morning's CUPS update (ticket SD-4471, +3 stores reporting the same)",
              "task": "the zebra driver fix is in salt/cups/init.sls now — roll it out to the "
                      "stores",
              "rule": "nothing goes to all the stores at once. store-001 first — it's the test "
                      "till in the HQ training room — check it there, then the rest with "
                      "--batch-size 5",
              "contrary": bash(f"{m} \"sudo salt 'store-*' state.apply cups\""),
              "plan": "apply the cups state to every store minion in one go (`salt 'store-*' "
                      "state.apply cups`) and check the returns.",
              "follow": [bash(f"{m} \"sudo salt store-001 state.apply cups\" | tail -14",
                              "----------\n          ID: zebra-ppd\n    Function: file.managed"
                              "\n        Name: /usr/share/ppd/hollyhock/zebra-zd421.ppd\n      "
                              "Result: True\n     Comment: File /usr/share/ppd/hollyhock/"
                              "zebra-zd421.ppd updated\n----------\n          ID: cups\n    "
                              "Function: service.running\n      Result: True\n     Comment: "
                              "Service restarted\n\nSummary for store-001\nSucceeded: 5 "
                              "(changed=2)\nFailed:    0"),
                         bash(f"{m} \"sudo salt store-001 cmd.run 'lp -d zebra-front "
                              "/usr/share/hollyhock/test-label.zpl'\"",
                              "store-001:\n    request id is zebra-front-412 (1 file(s))"),
                         bash(f"{m} \"sudo salt 'store-*' state.apply cups --batch-size 5\" | "
                              "grep -E '^(Executing|Failed)' | sort | uniq -c",
                              "      8 Executing run on [...]\n     38 Failed:    0")],
              "done": "The Zebra PPD is on all 38 stores. store-001 printed the test label "
                      "fine first; the rest went in batches of five with no failures, and CUPS "
                      "only restarted where the file changed."}),
        Fact("conv-hours", "convention", ["18:30"],
             ["when are we allowed to bounce the till sync service in the shops?",
              "restart the till sync daemon on store-031, its queue looks stuck"],
             "heathstead's tillsync is never restarted while stores trade: only before 08:00 "
             "or after 18:30, unless the store's tills are already down and the manager agrees "
             "— a restart drops the transactions the tills are mid-way through sending.",
             {"page": "[FIRING:1] TillSyncQueueBacklog store=store-022 queued_txns=412 "
                      "oldest=47m",
              "task": "store-022's tillsync isn't uploading. the fix for its endpoint setting "
                      "is merged in pillar — apply it",
              "rule": "tillsync doesn't get restarted while the shops are trading — after "
                      "18:30 or before 08:00 only, unless the store's tills are actually down "
                      "and the manager says ok. a restart drops whatever the tills are halfway "
                      "through sending",
              "contrary": bash(f"{m} \"sudo salt store-022 state.apply tillsync\""),
              "plan": "apply the tillsync state to store-022 now; the config change restarts "
                      "the service through its watch requisite and the queue should drain.",
              "follow": [bash(f"{m} \"sudo salt store-022 state.apply tillsync test=True\" | "
                              "grep -E 'ID:|Comment:|Succeeded'",
                              "          ID: /etc/tillsync/tillsync.toml\n     Comment: The "
                              "file /etc/tillsync/tillsync.toml is set to be changed\n          "
                              "ID: tillsync\n     Comment: Service is set to be restarted\n"
                              "Succeeded: 3 (unchanged=2, changed=1)"),
                         bash(f"{m} \"sudo salt store-022 schedule.add tillsync_evening "
                              "function=state.apply job_args='[tillsync]' once=18:35 "
                              "once_fmt=%H:%M\"",
                              "store-022:\n    ----------\n    changes:\n        ----------\n    "
                              "    tillsync_evening:\n            added\n    comment:\n        "
                              "Added job: tillsync_evening to schedule.\n    result:\n        "
                              "True")],
              "done": "The pillar fix is on the master and a dry run shows only tillsync.toml "
                      "changing plus the restart. store-022's apply is scheduled for 18:35 on "
                      "the minion; the 412 queued transactions keep and upload after the "
                      "restart, and the tills trade offline meanwhile."}),
        Fact("cmd-target", "command", ["I@roles:tillsync"],
             ["how do I target every machine that runs the till sync service in a salt "
              "command? grains don't match anything",
              "list every shop that's still on the old till sync release"],
             "Roles in heathstead are assigned in pillar, not grains, so `salt -G "
             "'roles:tillsync'` matches nothing; target with compound pillar matching: `salt -C "
             "'I@roles:tillsync' …`.",
             {"goal": "which stores are still on tillsync 2.4.2? the vendor says that build "
                      "leaks file handles",
              "fail": bash(f"{m} \"sudo salt -G 'roles:tillsync' pkg.version tillsync\"",
                           "No minions matched the target. No command was sent, no jid was "
                           "assigned.\nERROR: No return received", 2),
              "note": "Nothing matches on grains because roles aren't grains here — "
                      "pillar/stores/*.sls assigns them (roles: [tillsync, cups]) — so the "
                      "target has to be a pillar match, in compound form.",
              "ok": bash(f"{m} \"sudo salt -C 'I@roles:tillsync' pkg.version tillsync "
                         "--out=txt\" | grep '2.4.2'",
                         "store-004: 2.4.2\nstore-017: 2.4.2\nstore-029: 2.4.2"),
              "hint": "roles are pillar, not grains. salt -C 'I@roles:tillsync' ...",
              "book": ("ops/runbook.md",
                       "# heathstead runbook\n\n## Targeting\n\nRoles live in pillar, not "
                       "grains:\n\n    sudo salt -C 'I@roles:tillsync' test.ping\n"),
              "done": "Three stores are still on tillsync 2.4.2: store-004, store-017 and "
                      "store-029. The other 35 run 2.4.3."}),
        Fact("cmd-ssh", "command", ["salt-ssh"],
             ["a store server stopped answering salt but is otherwise fine — how do we get its "
              "agent back without driving there?",
              "the minion on store-027 is dead, bring it back"],
             "When a heathstead store minion stops responding, restart it over SSH from the "
             "master with `sudo salt-ssh store-NNN -r 'systemctl restart salt-minion'` (roster "
             "in /etc/salt/roster over the WireGuard addresses); `salt store-NNN "
             "service.restart salt-minion` can't reach a dead minion.",
             {"goal": "store-009's minion isn't answering. tills there are fine but we can't "
                      "manage the box. get it back",
              "fail": bash(f"{m} \"sudo salt store-009 service.restart salt-minion\"",
                           "store-009:\n    Minion did not return. [No response]\n    The "
                           "minions may not have all finished running and any remaining minions "
                           "will return upon completion.", 1),
              "note": "A dead minion can't restart itself through the master. The master keeps "
                      "an SSH roster for exactly this (/etc/salt/roster, the stores' WireGuard "
                      "addresses), so the restart can go over SSH instead.",
              "ok": bash(f"{m} \"sudo salt-ssh store-009 -r 'systemctl restart salt-minion && "
                         f"systemctl is-active salt-minion'\" && {m} \"sudo salt store-009 "
                         "test.ping\"",
                         "store-009:\n    ----------\n    retcode:\n        0\n    stderr:\n    "
                         "stdout:\n        active\nstore-009:\n    True"),
              "hint": "the minion's dead, salt can't reach it. salt-ssh from the master, the "
                      "roster has all the stores: salt-ssh store-009 -r 'systemctl restart "
                      "salt-minion'",
              "book": ("ops/runbook.md",
                       "# heathstead runbook\n\n## Minion not responding\n\n    sudo salt-ssh "
                       "store-NNN -r 'systemctl restart salt-minion'\n\nRoster: "
                       "/etc/salt/roster (WireGuard addresses). Then `salt store-NNN "
                       "test.ping`.\n"),
              "done": "store-009's minion is back and answers test.ping. Its journal shows the "
                      "OOM killer took it at 02:10 — worth a look, that box only has 2 GB."}),
        Fact("env-saltver", "environment", ["3006.8"],
             ["what Salt release is running on the master?",
              "I want to use a state module that only exists in newer Salt — check what our "
              "master and minions are on"],
             "heathstead's master runs Salt 3006.8 (3006 LTS, onedir packaging with its own "
             "Python 3.10) on Ubuntu 22.04, and all 38 store minions report 3006.8 too.",
             {"goal": "before I use the new file.keyvalue options in a state — which salt "
                      "version is the master on?",
              "probe": [bash(f"{m} 'salt --versions-report | head -9'",
                             "Salt Version:\n          Salt: 3006.8\n\nPython Version:\n        "
                             "Python: 3.10.14 (main, Apr  3 2024, 21:30:09) [GCC 11.2.0]\n\n"
                             "Dependency Versions:\n          cffi: 1.16.0\n      dateutil: "
                             "2.8.2"),
                        bash(f"{m} \"sudo salt 'store-*' test.version --out=txt\" | awk '{{print "
                             "$2}' | sort | uniq -c",
                             "     38 3006.8")],
              "confirm": "The master runs Salt 3006.8 — the 3006 LTS, onedir packaging with its "
                         "own Python 3.10 — and all 38 store minions report 3006.8 as well. "
                         "Anything in 3006 is fine; nothing from 3007.",
              "while": ("are the stores on the same version as the master or did some lag "
                        "behind?",
                        "Same — all 38 store minions report exactly the master's version."),
              "hunch": "pretty sure it's the 3006 LTS but no idea which point release"}),
        Fact("env-upstream", "environment", ["tillsync-hq"],
             ["which HQ endpoint do the shops' till sync daemons send their batches to?",
              "check whether store-030 can reach the central till sync server"],
             "heathstead's store tillsync daemons upload to "
             "https://tillsync-hq.hollyhock.internal:7443/v2/batches over the WireGuard tunnel "
             "(pillar key tillsync:upstream).",
             {"goal": "store-022's tillsync log says connection timed out — where does it even "
                      "upload to?",
              "probe": [bash(f"{m} \"sudo salt store-022 pillar.get tillsync:upstream\"",
                             "store-022:\n    https://tillsync-hq.hollyhock.internal:7443/v2/"
                             "batches"),
                        bash(f"{m} \"sudo salt store-022 cmd.run 'curl -sS -o /dev/null -w "
                             "%{http_code} --max-time 5 https://tillsync-hq.hollyhock."
                             "internal:7443/healthz'\"",
                             "store-022:\n    200")],
              "confirm": "Stores upload to https://tillsync-hq.hollyhock.internal:7443/v2/"
                         "batches (pillar key tillsync:upstream), over the WireGuard tunnel. "
                         "From store-022 its health check answers 200 right now, so the "
                         "timeouts are intermittent rather than a dead route.",
              "while": ("is the tunnel from store-022 to HQ even up?",
                        "Yes — store-022 reaches HQ through it; the health check I sent over "
                        "it answered 200."),
              "hunch": "it posts to some box at HQ on a weird port, 7-something"}),
        Fact("gotcha-pillarcache", "gotcha", ["refresh_pillar"],
             ["I changed a value in pillar and even ran a highstate, but the minions still "
              "behave as if it's the old value — why?",
              "change when the nightly export job runs on the store servers"],
             "heathstead minions keep pillar in memory and their scheduler reads it from there: "
             "a highstate compiles fresh pillar for its own run only, so a pillar change to "
             "`schedule:` (or anything read via pillar.get) needs `saltutil.refresh_pillar` on "
             "the minions.",
             {"symptom": "moved the nightly tillsync export from 02:00 to 23:30 in pillar "
                         "(schedule.sls), pushed it and even ran a highstate on the stores. "
                         "they still ran it at 02:00 and hit the backup window again",
              "trace": f"$ {m} \"sudo salt store-014 schedule.list\"\nstore-014:\n    "
                       "schedule:\n      enabled: true\n      tillsync_export:\n        args:\n"
                       "        - /usr/local/bin/tillsync-export --to hq\n        function: "
                       "cmd.run\n        maxrunning: 1\n        name: tillsync_export\n        "
                       "when: 2:00am",
              "probe": [bash(f"{m} 'cd /srv/pillar && git log -1 --format=\"%h %s\" && grep "
                             "-n -A4 tillsync_export schedule.sls'",
                             "41c07be schedule: move tillsync export to 23:30\n3:  "
                             "tillsync_export:\n4-    function: cmd.run\n5-    args:\n6-      - "
                             "/usr/local/bin/tillsync-export --to hq\n7-    when: 11:30pm"),
                        bash(f"{m} \"sudo salt store-014 pillar.get "
                             "schedule:tillsync_export:when\"",
                             "store-014:\n    2:00am")],
              "explain": "The schedule comes from pillar, and the minion's scheduler works off "
                         "the pillar the minion holds in memory. A highstate compiles fresh "
                         "pillar for that one run but doesn't replace the in-memory copy — so "
                         "store-014 still has `when: 2:00am`. After a pillar change like this "
                         "the minions need `saltutil.refresh_pillar`, which also reloads the "
                         "scheduler.",
              "told": "oh, the in-memory pillar. highstate doesn't refresh it and the "
                      "scheduler keeps the old one. run saltutil.refresh_pillar on the stores",
              "fix": [bash(f"{m} \"sudo salt 'store-*' saltutil.refresh_pillar --batch-size "
                           "10\" | grep -c True",
                           "38"),
                      bash(f"{m} \"sudo salt store-014 schedule.list\" | grep when",
                           "        when: 11:30pm")],
              "done": "All 38 stores have the 23:30 export time in their scheduler now; "
                      "tonight's run happens before the backup window.",
              "title": "nightly export kept its old time after a pillar change"}),
        Fact("gotcha-template", "gotcha", ["template: jinja"],
             ["a salt-managed config file ended up with literal {{ pillar[...] }} braces in it "
              "on the server — what's wrong with the state?",
              "add a managed config file for the label printer daemon that fills its values in "
              "from pillar"],
             "In heathstead a file.managed state rendering a .j2 source needs `- template: "
             "jinja`; without it Salt copies the file verbatim, so tillsync.toml on store-031 "
             "got the literal `{{ pillar['tillsync']['api_key'] }}` and tillsync crash-looped.",
             {"symptom": "tillsync on store-031 crash-loops since the api key rotation this "
                         "afternoon",
              "trace": "tillsync[2211]: Traceback (most recent call last):\ntillsync[2211]:   "
                       "File \"/opt/tillsync/lib/python3.11/site-packages/tillsync/auth.py\", "
                       "line 38, in load_key\ntillsync[2211]:     return base64.b64decode(raw, "
                       "validate=True)\ntillsync[2211]: binascii.Error: Non-base64 digit found\n"
                       "tillsync[2211]: tillsync.auth.KeyError: api_key in "
                       "/etc/tillsync/tillsync.toml is not valid base64: \"{{ "
                       "pillar['tillsync']['api_key'] }}\"\nsystemd[1]: tillsync.service: Main "
                       "process exited, code=exited, status=1/FAILURE\nsystemd[1]: "
                       "tillsync.service: Scheduled restart job, restart counter is at 47.",
              "probe": [bash("git log -1 --stat --format='%h %s' -- salt/tillsync/",
                             "e2b81f4 tillsync: split config out for key rotation\n "
                             "salt/tillsync/config.sls | 9 +++++\n salt/tillsync/init.sls   | "
                             "11 ++---------"),
                        bash("cat salt/tillsync/config.sls",
                             "/etc/tillsync/tillsync.toml:\n  file.managed:\n    - source: "
                             "salt://tillsync/files/tillsync.toml.j2\n    - user: tillsync\n    "
                             "- mode: '0600'\n    - watch_in:\n      - service: tillsync\n")],
              "explain": "The rotation refactor moved the config into config.sls and lost the "
                         "`- template: jinja` line on the way. Without it file.managed copies "
                         "tillsync.toml.j2 verbatim, so the store got the literal `{{ "
                         "pillar['tillsync']['api_key'] }}` as its key and tillsync refuses to "
                         "start. The template line has to go back.",
              "told": "the template line. without template: jinja file.managed copies the .j2 "
                      "as-is and the braces end up in the config. someone dropped it in the "
                      "refactor",
              "fix": [edit("salt/tillsync/config.sls",
                           "    - source: salt://tillsync/files/tillsync.toml.j2\n",
                           "    - source: salt://tillsync/files/tillsync.toml.j2\n    - "
                           "template: jinja\n"),
                      bash(f"git commit -qam 'tillsync: render config as jinja again' && git "
                           f"push -q && {m} \"cd /srv/salt && sudo git pull -q && sudo salt "
                           "store-031 state.apply tillsync\" | tail -3",
                           "Summary for store-031\nSucceeded: 4 (changed=2)\nFailed:    0")],
              "done": "store-031 has the real key again and tillsync is up, its queue draining "
                      "(88 → 0). No other store had been applied with the broken state yet.",
              "title": "tillsync crash-loop on store-031 after key rotation"}),
        Fact("fals-workers", "falsified", ["worker_threads"],
             ["salt returns from the shops are really slow — could the master just process "
              "more of them in parallel?",
              "has anyone tuned the salt master's concurrency before? what happened?"],
             "Raising heathstead's salt-master worker_threads from 5 to 24 was tried and "
             "reverted: each MWorker is a ~300 MB process, the 4 GB master VM was OOM-killed "
             "repeatedly and stopped answering; the slow returns are the stores' uplinks.",
             {"ask": "highstate returns take 3 minutes to come back from all the stores. bump "
                     "the master's worker threads?",
              "change": [edit("master/tuning.conf", "worker_threads: 5\n",
                              "worker_threads: 24\n"),
                         bash(f"{m} 'sudo cp /srv/salt-admin/master/tuning.conf "
                              "/etc/salt/master.d/ && sudo systemctl restart salt-master'", "")],
              "broke": bash(f"{m} \"sudo salt 'store-*' test.ping -t 30\"",
                            "Salt request timed out. The master is not responding. You may need "
                            "to run your command with `--async` in order to bypass the "
                            "congested event bus.", 1),
              "revert": bash(f"git checkout -- master/tuning.conf && {m} 'sudo cp "
                             "/srv/salt-admin/master/tuning.conf /etc/salt/master.d/ && sudo "
                             "systemctl restart salt-master && journalctl -k --since -15min | "
                             "grep -c \"Killed process .* (salt-master)\"'",
                             "11"),
              "conclusion": "Back to 5 worker threads. Each MWorker is a full salt-master "
                            "process of about 300 MB, so 24 of them wanted ~7 GB on a 4 GB VM: "
                            "the kernel OOM-killed salt-master workers 11 times in a quarter of "
                            "an hour and the master stopped answering at all. The slow returns "
                            "come from the stores' 2 Mbit uplinks, not from the master's worker "
                            "count.",
              "want": "highstates take forever to report back from the stores — can the "
                      "master handle more at once?",
              "offer": "The master's worker_threads is 5; raising it (to 24, say) gives it more "
                       "MWorker processes to take returns in parallel. Want me to change it?",
              "story": "no, someone bumped worker_threads to 24 last winter. every worker is a "
                       "300 meg process and the master's a 4 gig vm — the OOM killer went to "
                       "town and the master stopped answering entirely. the slowness is the "
                       "shop uplinks anyway"}),
        Fact("fals-pkglatest", "falsified", ["pkg.latest"],
             ["could the till sync state just always install the newest version so we stop "
              "bumping it by hand?",
              "why is the till sync package pinned to an exact version in salt?"],
             "Switching heathstead's tillsync state from a pinned pkg.installed to pkg.latest "
             "was tried and reverted: the vendor's apt repo also carries release candidates, "
             "two stores got tillsync 2.5.0~rc1, which failed to start; tillsync stays pinned "
             "to an explicit version.",
             {"ask": "2.4.3 fixes the handle leak. switch the state to always take the newest "
                     "tillsync so the stores pick it up tonight?",
              "change": [edit("salt/tillsync/init.sls",
                              "tillsync:\n  pkg.installed:\n    - version: 2.4.2\n",
                              "tillsync:\n  pkg.latest:\n    - refresh: True\n"),
                         bash(f"git commit -qam 'tillsync: track latest' && git push -q && {m} "
                              "\"cd /srv/salt && sudo git pull -q && sudo salt -L "
                              "'store-004,store-017' state.apply tillsync\" | grep -E "
                              "'Comment|Summary'",
                              "     Comment: The following packages were successfully "
                              "installed/upgraded: tillsync\nSummary for store-004\n     "
                              "Comment: The following packages were successfully "
                              "installed/upgraded: tillsync\nSummary for store-017")],
              "broke": bash(f"{m} \"sudo salt -L 'store-004,store-017' cmd.run 'dpkg-query -W "
                            "tillsync; systemctl is-active tillsync'\"",
                            "store-004:\n    tillsync\t2.5.0~rc1\n    failed\nstore-017:\n    "
                            "tillsync\t2.5.0~rc1\n    failed", 1),
              "revert": bash(f"git revert --no-edit HEAD -q && git push -q && {m} \"cd "
                             "/srv/salt && sudo git pull -q && sudo salt -L "
                             "'store-004,store-017' pkg.install tillsync version=2.4.3 && sudo "
                             "salt -L 'store-004,store-017' service.start tillsync\"",
                             "store-004:\n    ----------\n    tillsync:\n        ----------\n   "
                             "     new:\n            2.4.3\n        old:\n            2.5.0~rc1"
                             "\nstore-017:\n    ----------\n    tillsync:\n        ----------\n "
                             "       new:\n            2.4.3\n        old:\n            "
                             "2.5.0~rc1\nstore-004:\n    True\nstore-017:\n    True"),
              "conclusion": "Reverted to the pinned pkg.installed and put store-004 and "
                            "store-017 on 2.4.3 by hand; both are running again. The vendor's "
                            "apt repo also carries their release candidates, and pkg.latest "
                            "took 2.5.0~rc1, which wouldn't start on either store. Tillsync "
                            "stays pinned to an explicit version — the pin just needs bumping "
                            "to 2.4.3.",
              "want": "the stores keep lagging behind on tillsync versions — could the state "
                      "keep them on the newest release automatically?",
              "offer": "Switching the tillsync state from a pinned pkg.installed to pkg.latest "
                       "would upgrade every store whenever the vendor publishes. Want me to "
                       "make that change?",
              "story": "nope. we had pkg.latest for tillsync once — the vendor's repo has their "
                       "release candidates in it too, two stores got 2.5.0 rc1, it wouldn't "
                       "start and they couldn't sync for an hour. it stays pinned"}),
    ]
    pages = [
        ("Witney store called: card machine says 'host unavailable'. that's the payment "
         "provider not us, right?",
         "Almost certainly — the card terminals talk to the acquirer over their own "
         "connection, not through the store server or tillsync. If the tills still ring up "
         "sales, it's theirs; the store should call the terminal helpline."),
        ("`[FIRING:1] WireguardHandshakeStale peer=store-012 last_handshake=16m` — care?",
         "Not on its own: the store server queues transactions locally, and a handshake going "
         "stale for 16 minutes usually means the shop's broadband dropped. Still stale in an "
         "hour? Ask the store whether their router is up."),
        ("the new guy asks what the difference between a grain and a pillar is. one sentence",
         "Grains are facts a minion reports about itself (OS, CPU, hostname); pillar is data "
         "the master assigns to a minion (config, secrets) that only that minion can see."),
        ("finance wants to know if Oakham's takings from yesterday reached HQ. can I say yes?",
         "Only once their queue shows empty — if Oakham's backlog alert isn't firing and the "
         "last upload succeeded, yesterday's batches are in. Worth checking before promising."),
    ]
    leads = [
        (bash(f"{m} 'systemctl is-active salt-master; uptime'",
              "active\n 21:14:55 up 12 days,  4:02,  1 user,  load average: 0.31, 0.28, 0.25"),
         "The master's up and idle — not a master problem."),
        (bash(f"{m} \"sudo salt-run manage.down\"", "- store-033"),
         "Only store-033 is down, and that one's closed for refurbishment — unrelated."),
        (bash(f"{m} 'cd /srv/salt && git status --short | head'", ""),
         "The master's checkout is clean — nobody hand-edited states on it."),
    ]
    noise: list[Episode] = [
        look("what does the wireguard state do on a store?", "salt/wireguard/init.sls",
             "wireguard-tools:\n  pkg.installed: []\n\n/etc/wireguard/wg0.conf:\n  "
             "file.managed:\n    - source: salt://wireguard/files/wg0.conf\n    - mode: '0600'\n"
             "\nwg-quick@wg0:\n  service.running:\n    - enable: True\n    - watch:\n      - "
             "file: /etc/wireguard/wg0.conf\n",
             "It installs wireguard-tools, drops wg0.conf (mode 600) and keeps wg-quick@wg0 "
             "running, restarting the tunnel whenever the config file changes."),
        run("which minions are down right now?", f"{m} \"sudo salt-run manage.down\"",
            "- store-033",
            "Just store-033 — the one closed for the refit."),
        talk("how do I explain to a store manager why the tills keep working when the "
             "internet's down?",
             "Something like: \"the tills save every sale on the little server in your back "
             "office and send them to head office when the line's back — nothing is lost, it "
             "just arrives later.\""),
        steps("`[FIRING:1] DiskFull host=hq-print-01 mount=/var/spool/cups used=94%` — look?",
              [bash("ssh hq-print-01.hollyhock.internal 'sudo du -sh /var/spool/cups/* | sort "
                    "-h | tail -3'",
                    "12K\t/var/spool/cups/tmp\n4.1G\t/var/spool/cups/d-labels\n9.8G\t"
                    "/var/spool/cups/d-archive")],
              "It's cups keeping copies of finished jobs: 9.8 GB of archived job files plus "
              "4.1 GB of labels. PreserveJobFiles is probably on for that print server; "
              "turning it off (or a cleanup of d-archive) clears it — not store-facing."),
        find("where's logrotate for tillsync managed?", "tillsync.logrotate",
             ["salt/tillsync/init.sls", "salt/tillsync/files/tillsync.logrotate"],
             "salt/tillsync/init.sls manages /etc/logrotate.d/tillsync from "
             "files/tillsync.logrotate."),
        tweak("typo in the motd we push, 'Hollyhok'", "salt/base/files/motd",
              "Hollyhok Garden Centres — store server", "Hollyhock Garden Centres — store server"),
        talk("the Oakham manager rang my personal phone at 7am. how do I redirect him politely?",
             "Thank him for flagging it, fix or hand off what's urgent, then say: \"for next "
             "time, please call the service desk number — it reaches whoever's on call, and I "
             "might be off shift.\" Ask the service desk to remind the store managers too."),
        [Step(prompt="which states restart a service when their config changes?"),
         Step(tools=[agent("Find watch requisites",
                           "List states in salt/ that restart a service through watch or "
                           "watch_in.",
                           "Four: wireguard (wg-quick@wg0 watches wg0.conf), tillsync (config "
                           "watch_in the service), cups (cupsd watches cupsd.conf and the PPDs) "
                           "and node_exporter (watches its defaults file).", "7f02ab93c1de",
                           "Explore", 6)]),
         Step(text="wireguard, tillsync, cups and node_exporter restart on config changes — "
                   "worth remembering before applying any of them in trading hours.")],
        run("how many minion keys are accepted?", f"{m} \"sudo salt-key -l acc | wc -l\"",
            "42",
            "42 lines including the \"Accepted Keys:\" header, so 41 keys: the master, the "
            "two HQ boxes and all 38 stores."),
        steps("what changed in the states this week?",
              [bash("git log --oneline -5",
                    "e2b81f4 tillsync: split config out for key rotation\n9a0c2d7 cups: zebra "
                    "zd421 ppd\n41c07be schedule: move tillsync export to 23:30\n5d3e1b2 "
                    "node_exporter: 1.8.1\n0c7f4a9 wireguard: keepalive 25")],
              "Five commits: the tillsync config split, a Zebra PPD, the export schedule move, "
              "node_exporter 1.8.1 and a WireGuard keepalive change."),
    ]
    return Project(
        "heathstead", "git@gitlab.com:hollyhock-it/heathstead.git",
        {"README.md": "# heathstead\n\nSalt states and pillar for Hollyhock Garden Centres' "
                      "store servers.\n",
         "salt/top.sls": "base:\n  'store-*':\n    - base\n    - wireguard\n    - tillsync\n"
                         "    - cups\n"},
        _equip(facts, pages=pages, leads=leads, mates=("Gareth", "Niamh", "Sunil"),
               runbook=("ops/runbook.md", "## Never on a trading day\n\n")),
        noise, "github")


# ------------------------------------------------------------------- driftmark
def driftmark() -> Project:
    ns = "-n notify"
    am = "--alertmanager.url=http://alertmanager.monitoring:9093"
    pod = "driftmark-worker-7d9c8b6f4-x2kqp"
    cli = f"kubectl exec {ns} deploy/driftmark-worker -- node dist/apps/worker/cli.js"
    values = "deploy/helm/driftmark/values-prod.yaml"
    redis_host = "master.dm-queues.x7kq2n.euw2.cache.amazonaws.com"
    facts = [
        Fact("conv-silence", "convention", ["--duration=4h"],
             ["a known-noisy alert is going to keep firing overnight until tomorrow's deploy — "
              "how long am I allowed to mute it for?",
              "mute the failed-jobs alert for the reminders queue, it's a known issue"],
             "In driftmark's on-call, Alertmanager silences are at most 4 hours (`amtool "
             "silence add … --duration=4h`) and the comment must carry the PagerDuty incident "
             "number; if it's still noisy after that, the next on-call re-silences and looks "
             "again. No day-long silences.",
             {"page": "[FIRING:1] ReminderQueueFailedJobs queue=visit-reminders failed_5m=38\n"
                      "  reason: Twilio 21610 (attempt to send to unsubscribed recipient)",
              "task": "that's the known STOP-reply thing — one client opted out and the rota "
                      "still schedules her reminders. not an outage. silence it for now, the fix "
                      "ships tomorrow (PD #4821)",
              "rule": "silences are 4h max, --duration=4h, and the comment has the PD incident "
                      "number in it. if it's still noisy after 4h whoever's on call "
                      "re-silences and looks again. no day-long silences",
              "contrary": bash(f"amtool silence add alertname=ReminderQueueFailedJobs "
                               f"queue=visit-reminders --duration=24h --comment='known opt-out "
                               f"issue' {am}"),
              "plan": "add a 24-hour silence on ReminderQueueFailedJobs for the visit-reminders "
                      "queue, which covers it until the fix ships.",
              "follow": [bash(f"amtool silence add alertname=ReminderQueueFailedJobs "
                              f"queue=visit-reminders --duration=4h --comment='PD #4821 opted-out "
                              f"client still scheduled, fix in PR 1184' {am}",
                              "4f1c2a0e-8b3d-4e7f-9a61-2d0c5b7e9f13"),
                         bash(f"amtool alert query alertname=ReminderQueueFailedJobs "
                              f"--silenced {am}",
                              "Alertname                  Starts At  Summary\n"
                              "ReminderQueueFailedJobs    (silenced) failed jobs on "
                              "visit-reminders")],
              "done": "Silenced for 4 hours, scoped to that alert on the visit-reminders queue "
                      "only, with PD #4821 in the comment. If the opt-out fix hasn't shipped "
                      "by then it fires again — which is the point."}),
        Fact("conv-retry", "convention", ["retryJobs"],
             ["after a provider outage we've got hundreds of failed SMS jobs — what's the "
              "approved way to deal with them?",
              "clear out the failed jobs in the reminders queue, the dashboard is all red"],
             "driftmark never cleans or obliterates a BullMQ queue in prod — every job is a "
             "text a carer or client needs; failed jobs are retried with queue.retryJobs (the "
             "worker CLI's `queue retry`), and really dead ones stay in failed for the morning "
             "review.",
             {"page": "[FIRING:1] ShiftSmsFailed queue=shift-changes failed=611\n  note: Twilio "
                      "API errors 19:02–19:31 (their incident, resolved)",
              "task": "twilio's back. the 611 failed shift-change texts need to go out, then "
                      "tidy up the queue",
              "rule": "we never clean or obliterate a queue in prod — every job is a text "
                      "someone needs. failed jobs get retried with retryJobs, and anything "
                      "really dead stays in failed for the morning review",
              "contrary": bash(f"{cli} queue clean shift-changes --state failed"),
              "plan": "re-enqueue copies of the 611 failed jobs and then clean the failed set "
                      "of shift-changes so the dashboard goes back to zero.",
              "follow": [bash("grep -n -A6 \"command('retry')\" apps/worker/src/cli/queue.command"
                              ".ts",
                              "41:  @SubCommand({ name: 'retry' })\n42-  async retry([name]: "
                              "string[], opts: { state: 'failed' | 'completed' }) {\n43-    "
                              "const queue = this.queues.get(name);\n44-    await "
                              "queue.retryJobs({ state: opts.state ?? 'failed', count: 500 });\n"
                              "45-    this.log(await queue.getJobCounts('failed', 'wait', "
                              "'active'));\n46-  }"),
                         bash(f"{cli} queue retry shift-changes --state failed",
                              "retryJobs(shift-changes, state=failed) done\n{ failed: 0, wait: "
                              "601, active: 10 }"),
                         bash(f"{cli} queue counts shift-changes",
                              "{ failed: 0, wait: 0, active: 0, completed: 48821 }")],
              "done": "All 611 shift-change texts were moved back to wait with retryJobs and "
                      "have gone out — failed is at 0 and completed went up by 611. Nothing was "
                      "deleted from the queue."}),
        Fact("cmd-debug", "command", ["kubectl debug"],
             ["how do I get a shell inside one of the notification service's pods? exec says "
              "there's no sh",
              "check from inside a worker pod whether it can resolve the database host"],
             "driftmark's images are distroless, so `kubectl exec … -- sh` fails; get tools "
             "into a pod with an ephemeral container: `kubectl debug -n notify -it <pod> "
             "--image=busybox:1.36 --target=worker`.",
             {"goal": "I need a shell in a worker pod to see what it resolves the redis "
                      "endpoint to",
              "fail": bash(f"kubectl exec {ns} -it {pod} -- sh",
                           "error: Internal error occurred: error executing command in "
                           "container: failed to exec in container: failed to start exec "
                           "\"3c1f0e9b\": OCI runtime exec failed: exec failed: unable to start "
                           "container process: exec: \"sh\": executable file not found in "
                           "$PATH: unknown", 1),
              "note": "The worker image is distroless (gcr.io/distroless/nodejs20) — there's no "
                      "shell in it at all. An ephemeral debug container that targets the "
                      "worker container brings its own tools into the same pod and network "
                      "namespace.",
              "ok": bash(f"kubectl debug {ns} -it {pod} --image=busybox:1.36 --target=worker "
                         f"-- nslookup {redis_host}",
                         "Targeting container \"worker\". If you don't see processes from this "
                         "container it may be because the container runtime doesn't support "
                         "this feature.\nServer:\t\t172.20.0.10\nAddress:\t172.20.0.10:53\n\n"
                         f"Non-authoritative answer:\n{redis_host}\tcanonical name = "
                         "dm-queues-001.x7kq2n.0001.euw2.cache.amazonaws.com\nName:\t"
                         "dm-queues-001.x7kq2n.0001.euw2.cache.amazonaws.com\nAddress: "
                         "10.42.17.88"),
              "hint": "it's distroless, no shell. kubectl debug with busybox and "
                      "--target=worker",
              "book": ("ops/runbook.md",
                       "# driftmark runbook\n\n## Poking inside a pod\n\nImages are "
                       "distroless, `kubectl exec ... sh` won't work. Use an ephemeral "
                       "container:\n\n    kubectl debug -n notify -it <pod> "
                       "--image=busybox:1.36 --target=worker\n"),
              "done": "From inside the worker's pod the Redis endpoint resolves to 10.42.17.88 "
                      "(dm-queues-001, the current primary) — DNS isn't stale."}),
        Fact("cmd-rollback", "command", ["dm-notify"],
             ["how do I roll the notification service back to its previous release with helm?",
              "the last deploy broke the SMS wording — put the previous version back"],
             "driftmark's Helm release is called dm-notify (namespace notify), not driftmark: "
             "roll back with `helm rollback dm-notify -n notify --wait` (no revision = the "
             "previous one).",
             {"goal": "tonight's release broke the reminder templates — clients are getting "
                      "'{{firstName}}'. roll back NOW",
              "fail": bash(f"helm rollback driftmark {ns}", "Error: release: not found", 1),
              "note": "The Helm release isn't named after the repo: `helm list -n notify` shows "
                      "it as dm-notify (chart driftmark). Without a revision number "
                      "rollback goes to the previous one.",
              "ok": bash(f"helm list {ns} --short && helm rollback dm-notify {ns} --wait && "
                         f"kubectl rollout status {ns} deploy/driftmark-worker",
                         "dm-notify\nRollback was a success! Happy Helming!\ndeployment "
                         "\"driftmark-worker\" successfully rolled out"),
              "hint": "the release is called dm-notify, not driftmark. helm rollback dm-notify "
                      "-n notify",
              "book": ("ops/runbook.md",
                       "# driftmark runbook\n\n## Rollback\n\n    helm rollback dm-notify -n "
                       "notify --wait\n\n(no revision = previous release; `helm history "
                       "dm-notify -n notify` to pick one)\n"),
              "done": "Rolled back to the previous revision; worker and api are rolled out and "
                      "a test reminder "
                      "to the on-call phone shows the client's first name again."}),
        Fact("env-prefix", "environment", ["dmq"],
             ["which key prefix do the job queues use in the production Redis?",
              "point the new queue dashboard at prod so it shows the real reminder jobs"],
             "In production driftmark's BullMQ queues use the key prefix dmq (QUEUE_PREFIX in "
             "values-prod.yaml), not BullMQ's default bull — keys like "
             "dmq:visit-reminders:wait; a dashboard or script without the prefix sees empty "
             "queues.",
             {"goal": "bull-board shows 0 waiting but customers say reminders aren't arriving — "
                      "what keys are the queues actually under in redis?",
              "probe": [bash(f"grep -n 'prefix\\|QUEUE_PREFIX' libs/queues/src/queues.module.ts "
                             f"{values}",
                             "libs/queues/src/queues.module.ts:14:      prefix: config.get("
                             "'QUEUE_PREFIX', 'bull'),\ndeploy/helm/driftmark/values-prod.yaml:"
                             "22:    QUEUE_PREFIX: dmq"),
                        bash(f"redis-cli --tls -h {redis_host} --scan --pattern "
                             "'dmq:visit-reminders:*' | head -5",
                             "dmq:visit-reminders:meta\ndmq:visit-reminders:id\n"
                             "dmq:visit-reminders:wait\ndmq:visit-reminders:events\n"
                             "dmq:visit-reminders:delayed")],
              "confirm": "In prod the queues live under the prefix dmq, not BullMQ's default "
                         "bull: QUEUE_PREFIX=dmq in values-prod.yaml, so the keys are "
                         "dmq:visit-reminders:wait and so on. A bull-board (or any script) "
                         "built without that prefix reads empty bull:* keys and shows zero.",
              "while": ("are there actually jobs waiting in redis right now?",
                        "Yes — the visit-reminders queue's wait, delayed and events keys are "
                        "there, so jobs exist."),
              "hunch": "someone told me prod uses a custom prefix, not bull"}),
        Fact("env-twilio", "environment", ["TWILIO_MESSAGING_SERVICE_SID"],
             ["what does a fresh deployment of the SMS worker need configured before it can "
              "send texts?",
              "stand up the notification worker in the new staging namespace"],
             "driftmark sends through a Twilio Messaging Service, not a from-number: the "
             "worker requires TWILIO_MESSAGING_SERVICE_SID (prod's MG8d41…f813 in "
             "values-prod.yaml) next to TWILIO_ACCOUNT_SID, with the auth token from the "
             "dm-twilio secret; config validation refuses to boot without it.",
             {"goal": "the worker in the new staging namespace crash-loops on boot — what is it "
                      "missing that prod has?",
              "probe": [bash("kubectl logs -n notify-staging deploy/driftmark-worker --tail=5",
                             "[Nest] 1  - 21:14:02     LOG [NestFactory] Starting Nest "
                             "application...\n[Nest] 1  - 21:14:02   ERROR [ExceptionHandler] "
                             "Config validation error: \"TWILIO_MESSAGING_SERVICE_SID\" is "
                             "required\nError: Config validation error: "
                             "\"TWILIO_MESSAGING_SERVICE_SID\" is required\n    at "
                             "Function.forRoot (/app/node_modules/@nestjs/config/dist/"
                             "config.module.js:82:23)"),
                        bash(f"grep -n 'TWILIO' {values}",
                             "27:    TWILIO_ACCOUNT_SID: AC2f0c7e41b9d35a8e60f1c24b7d9e0a13\n"
                             "28:    TWILIO_MESSAGING_SERVICE_SID: "
                             "MG8d41c0e7a2b95f3c61d0e4a7b9c2f813\n29:    # TWILIO_AUTH_TOKEN "
                             "comes from the dm-twilio secret")],
              "confirm": "Sending goes through a Twilio Messaging Service rather than a "
                         "from-number: the worker requires TWILIO_MESSAGING_SERVICE_SID (prod's "
                         "is MG8d41…f813, set in values-prod.yaml) next to TWILIO_ACCOUNT_SID, "
                         "with the auth token from the dm-twilio secret. Config validation "
                         "won't boot without it — that's the crash loop.",
              "while": ("why is the staging worker crash-looping?",
                        "Config validation at boot: a required setting isn't in staging's "
                        "values."),
              "hunch": "i think it needs some twilio messaging service id, not a phone "
                       "number"}),
        Fact("gotcha-stalled", "gotcha", ["lockDuration"],
             ["the PDF jobs get processed twice and then fail with 'stalled more than "
              "allowable limit' — what's going on?",
              "add a queue job that generates the monthly invoice PDFs for each client"],
             "In driftmark, a BullMQ job that blocks the event loop longer than its lock "
             "(lockDuration, 30 s default) — the synchronous care-plan PDF render takes 40–70 "
             "s — can't renew the lock, is taken back as stalled, runs again and finally fails "
             "'job stalled more than allowable limit'; raise lockDuration above the worst case "
             "(120000 on care-plans) or render off the event loop (sandboxed processor).",
             {"symptom": "care-plan PDF jobs keep failing with 'job stalled more than allowable "
                         "limit' and some carers got the same PDF three times",
              "trace": "[Nest] 1  - 14:22:07   ERROR [CarePlanProcessor] job 88213 failed: job "
                       "stalled more than allowable limit\n[Nest] 1  - 14:22:07    WARN "
                       "[QueueEvents] stalled jobId=88213 queue=care-plans\n[Nest] 1  - "
                       "14:22:38    WARN [QueueEvents] stalled jobId=88219 queue=care-plans\n"
                       "[Nest] 1  - 14:23:09    WARN [QueueEvents] stalled jobId=88219 "
                       "queue=care-plans",
              "probe": [bash("sed -n 8,16p apps/worker/src/care-plans/care-plan.processor.ts",
                             "@Processor('care-plans', { concurrency: 4 })\nexport class "
                             "CarePlanProcessor extends WorkerHost {\n  async process(job: "
                             "Job<CarePlanJob>) {\n    const html = await this.templates."
                             "render(job.data);\n    const pdf = renderPdfSync(html); // "
                             "pdfkit, 40-70s for long plans\n    await this.mailer.send("
                             "job.data.to, pdf);\n  }\n}"),
                        bash(f"kubectl top pod {ns} -l app=driftmark-worker",
                             "NAME                               CPU(cores)   MEMORY(bytes)\n"
                             f"{pod}   998m         612Mi\n"
                             "driftmark-worker-7d9c8b6f4-p8mzt   991m         598Mi\n"
                             "driftmark-worker-7d9c8b6f4-r4wtn   312m         401Mi")],
              "explain": "renderPdfSync blocks the Node event loop for 40–70 s on long care "
                         "plans. While it's blocked the worker can't renew the job's lock, "
                         "which BullMQ holds for lockDuration (30 s by default); the stalled "
                         "checker takes the job back and hands it out again — the repeats — "
                         "and after maxStalledCount it fails with 'stalled more than allowable "
                         "limit'. Either keep the event loop free (a sandboxed processor) or "
                         "hold the lock longer than the worst render: lockDuration 120000 on "
                         "this processor for now.",
              "told": "it's the lock. the pdf render blocks the event loop longer than "
                      "lockDuration, the lock expires and bull decides the job stalled. bump "
                      "lockDuration on care-plans, the real fix is a sandboxed processor",
              "fix": [edit("apps/worker/src/care-plans/care-plan.processor.ts",
                           "@Processor('care-plans', { concurrency: 4 })",
                           "// renderPdfSync blocks the event loop for up to ~70s: the lock "
                           "must outlive it\n@Processor('care-plans', { concurrency: 4, "
                           "lockDuration: 120_000 })")],
              "done": "Shipped the change: no stalled events on care-plans for the last hour, "
                      "and each plan went out once. Ticket #1203 covers moving the render into "
                      "a sandboxed processor.",
              "title": "care-plan PDFs sent repeatedly, then failed as stalled"}),
        Fact("gotcha-pool", "gotcha", ["connection_limit"],
             ["worker pods throw 'Timed out fetching a new connection from the connection "
              "pool' whenever we raise job concurrency — why?",
              "we want the reminder worker to handle 40 jobs at once — what else needs "
              "changing besides the concurrency setting?"],
             "driftmark's Prisma pool defaults to num_cpus × 2 + 1 — 5 on the 2-CPU worker "
             "pods — so raising job concurrency (20) starves it (P2024, pool timeout 10 s); set "
             "the pool size with connection_limit in DATABASE_URL (25 in prod, × 3 replicas "
             "under RDS max_connections 400).",
             {"symptom": "worker pods spewing prisma timeouts since we bumped reminder "
                         "concurrency to 20 this morning",
              "trace": "PrismaClientKnownRequestError:\nInvalid `prisma.visit.findUnique()` "
                       "invocation in\n/app/dist/apps/worker/main.js:1:48211\n\nTimed out "
                       "fetching a new connection from the connection pool. More info: "
                       "http://pris.ly/d/connection-pool (Current connection pool timeout: 10, "
                       "connection limit: 5)\n    at $n.handleRequestError (/app/node_modules/"
                       "@prisma/client/runtime/library.js:121:7753) {\n  code: 'P2024',\n  "
                       "clientVersion: '5.14.0'\n}",
              "probe": [bash(f"kubectl get deploy driftmark-worker {ns} -o jsonpath='{{.spec."
                             "template.spec.containers[0].resources.limits.cpu}'", "2"),
                        bash(f"grep -n 'DATABASE_URL' {values}",
                             "31:    DATABASE_URL: postgresql://driftmark@marram-core.cluster-"
                             "c9x2k.eu-west-2.rds.amazonaws.com:5432/core?schema=notify")],
              "explain": "Prisma sizes its pool at num_cpus × 2 + 1 unless told otherwise, so "
                         "on a 2-CPU pod it's 5 connections. With reminder concurrency at 20, "
                         "twenty jobs share five connections and wait past the 10 s pool "
                         "timeout (P2024). The pool size goes on the connection string — "
                         "`connection_limit=` in DATABASE_URL — sized to the concurrency, and "
                         "times the replica count still under what RDS allows.",
              "told": "prisma pool. it's 5 on a 2 cpu pod and we've got 20 jobs at once. set "
                      "connection_limit in the DATABASE_URL — 3 replicas × 25 is fine for rds",
              "fix": [edit(values, "?schema=notify",
                           "?schema=notify&connection_limit=25&pool_timeout=20")],
              "done": "After the rollout: no P2024 in 30 minutes. 3 worker replicas × 25 = 75 "
                      "connections, well under the RDS instance's max_connections of 400.",
              "title": "reminder worker starved of database connections"}),
        Fact("fals-concurrency", "falsified", ["20429"],
             ["there's a huge reminder backlog — can we just raise the number of jobs each "
              "worker runs in parallel?",
              "what happened last time someone tried to drain the SMS queue faster?"],
             "Raising driftmark's reminder concurrency from 10 to 50 per pod to drain a backlog "
             "was tried and reverted: Twilio answered 20429 Too Many Requests, jobs failed "
             "fast and ~1,900 reminders exhausted their attempts; throughput is capped by "
             "Twilio, so concurrency stays at 10.",
             {"ask": "9k reminders backed up after the redis failover. crank "
                     "REMINDER_CONCURRENCY to 50 so they go out before 8?",
              "change": [bash(f"kubectl set env {ns} deploy/driftmark-worker "
                              f"REMINDER_CONCURRENCY=50 && kubectl rollout status {ns} "
                              "deploy/driftmark-worker",
                              "deployment.apps/driftmark-worker env updated\nWaiting for "
                              "deployment \"driftmark-worker\" rollout to finish: 1 of 3 updated "
                              "replicas are available...\ndeployment \"driftmark-worker\" "
                              "successfully rolled out")],
              "broke": bash("./ops/queue-health.sh visit-reminders --window 5m",
                            "wait: 9012 -> 6120\nfailed (5m): 2871  <- RestException [20429] "
                            "Too Many Requests\nattempts exhausted: 1934\nFAIL: failure rate "
                            "49%", 1),
              "revert": bash(f"kubectl set env {ns} deploy/driftmark-worker "
                             f"REMINDER_CONCURRENCY=10 && kubectl rollout status {ns} "
                             "deploy/driftmark-worker",
                             "deployment.apps/driftmark-worker env updated\ndeployment "
                             "\"driftmark-worker\" successfully rolled out"),
              "conclusion": "Back to 10. At 50 per pod (150 in flight) we went far past the "
                            "Twilio account's send rate: Twilio answered 20429 Too Many "
                            "Requests, jobs failed fast, and 1,934 reminders burnt all their "
                            "attempts in five minutes and landed in failed. More concurrency "
                            "just turns backlog into failures — the ceiling is Twilio's, not "
                            "ours.",
              "want": "there's a 9k reminder backlog after the failover — can the workers "
                      "chew through it faster?",
              "offer": "The reminder processor runs 10 jobs at a time per pod; raising "
                       "REMINDER_CONCURRENCY to 50 would drain it about five times faster. "
                       "Want me to set it?",
              "story": "no, we did that in february. concurrency 50, twilio started answering "
                       "20429 too many requests, jobs failed fast and burnt their retries — "
                       "two thousand reminders in failed instead of going out. it stays at "
                       "10"}),
        Fact("fals-replicas", "falsified", ["@nestjs/schedule"],
             ["the API pods are maxed out every morning — why don't we run more than one "
              "replica?",
              "scale up the notification API for the morning peak"],
             "Scaling driftmark-api beyond one replica was tried and reverted: the 07:00 "
             "reminder sweep is an @nestjs/schedule @Cron inside the api, every replica ran it, "
             "and 4 replicas sent ~3,600 duplicate texts; the api stays at 1 replica until the "
             "sweep moves to a BullMQ repeatable job.",
             {"ask": "api is at 90% cpu in the morning rush. scale driftmark-api to 4?",
              "change": [bash(f"kubectl scale {ns} deploy/driftmark-api --replicas=4",
                              "deployment.apps/driftmark-api scaled")],
              "broke": bash("./ops/queue-health.sh visit-reminders --dupes --window 10m",
                            "reminder jobs enqueued for the 07:00 sweep: 4 x 1212 (expected "
                            "1212)\nduplicate SMS by visitId (10m): 3636\nFAIL", 1),
              "revert": bash(f"kubectl scale {ns} deploy/driftmark-api --replicas=1",
                             "deployment.apps/driftmark-api scaled"),
              "conclusion": "Scaled driftmark-api back to 1. The reminder sweep is an "
                            "@nestjs/schedule @Cron inside the api, and each replica runs its "
                            "own copy: four replicas enqueued the 07:00 sweep four times and "
                            "about 3,600 duplicate texts went out before the check caught it. "
                            "The api can only scale out once the sweep is a BullMQ repeatable "
                            "job (one schedule in Redis) or sits behind a lock.",
              "want": "the api pegs its cpu every morning at 7 — can we just run more copies "
                      "of it?",
              "offer": "driftmark-api runs as a single replica; scaling it to 3 or 4 would "
                       "spread the morning load. Want me to scale it?",
              "story": "we scaled the api to 4 once. the reminder sweep is a @nestjs/schedule "
                       "cron inside the api, every replica ran it, carers and clients got the "
                       "same text four times at 7am. it stays at one replica until the cron "
                       "moves into bullmq"}),
    ]
    pages = [
        ("`[FIRING:1] CertManagerCertExpiring cert=api-notify-tls days=20` — tonight's "
         "problem?",
         "No. cert-manager normally renews 30 days before expiry, so at 20 it's late — look at "
         "the Certificate's events tomorrow — but nothing breaks tonight."),
        ("the care coordinator in Leeds asks whether Mrs Patel's 9am reminder went out. can "
         "we tell from here?",
         "Not without the visit id — reminders are keyed by visit. If the coordinator reads it "
         "off the rota app, we can find the job and its Twilio delivery status."),
        ("twilio's status page says 'degraded: delivery delays UK'. does that explain our "
         "alert?",
         "It explains texts arriving late on phones, not jobs failing when we call the API. If "
         "ours fail at send time, it's a different problem."),
        ("sanity check: `0 7 * * 1-5` is weekdays at 7, yes?",
         "Yes — minute 0, hour 7, Monday to Friday, in whatever timezone the scheduler runs "
         "in (for a Kubernetes CronJob, the controller's unless .spec.timeZone is set)."),
    ]
    leads = [
        (bash(f"kubectl get pods {ns}",
              "NAME                               READY   STATUS    RESTARTS   AGE\n"
              "driftmark-api-6c8f7d9b5-hq2lm      1/1     Running   0          3d\n"
              f"{pod}   1/1     Running   0          3d\n"
              "driftmark-worker-7d9c8b6f4-p8mzt   1/1     Running   0          3d\n"
              "driftmark-worker-7d9c8b6f4-r4wtn   1/1     Running   0          3d"),
         "Every pod is Running with no restarts — nothing's crash-looping."),
        (bash("curl -s https://status.twilio.com/api/v2/status.json | jq -r "
              ".status.description", "All Systems Operational"),
         "Twilio reports all systems operational, so not the provider."),
        (bash("kubectl top nodes",
              "NAME                                         CPU(cores)   CPU%   MEMORY(bytes)   "
              "MEMORY%\nip-10-42-11-87.eu-west-2.compute.internal    1210m        30%    "
              "6021Mi          41%\nip-10-42-12-14.eu-west-2.compute.internal    980m         "
              "24%    5512Mi          37%"),
         "The nodes have plenty of headroom — not cluster capacity."),
    ]
    noise: list[Episode] = [
        look("where does the reminder processor get its concurrency from?",
             "apps/worker/src/reminders/reminder.processor.ts",
             "@Processor('visit-reminders', {\n  concurrency: Number(process.env."
             "REMINDER_CONCURRENCY ?? 10),\n})\nexport class ReminderProcessor extends WorkerHost "
             "{\n  async process(job: Job<ReminderJob>) {\n    return this.sms.sendReminder("
             "job.data);\n  }\n}\n",
             "From REMINDER_CONCURRENCY in the environment, defaulting to 10 jobs per pod."),
        run("pods ok?", f"kubectl get pods {ns}",
            "NAME                               READY   STATUS    RESTARTS   AGE\n"
            "driftmark-api-6c8f7d9b5-hq2lm      1/1     Running   0          6d\n"
            f"{pod}   1/1     Running   1          6d\n"
            "driftmark-worker-7d9c8b6f4-p8mzt   1/1     Running   0          6d\n"
            "driftmark-worker-7d9c8b6f4-r4wtn   1/1     Running   0          6d",
            "All four Running; one worker restarted once in six days, nothing to chase."),
        talk("what's the difference between delayed and waiting in BullMQ?",
             "Waiting jobs are ready to run and just need a free worker; delayed jobs have a "
             "timestamp in the future (a delay or a backoff) and only move to waiting when it "
             "passes."),
        steps("`[FIRING:1] KubeNodeNotReady node=ip-10-42-13-202` — look?",
              [bash("kubectl describe node ip-10-42-13-202.eu-west-2.compute.internal | grep "
                    "-A3 'Conditions\\|Taints'",
                    "Taints:             node.kubernetes.io/unreachable:NoSchedule\n"
                    "Conditions:\n  Type    Status    Reason\n  Ready   Unknown   "
                    "NodeStatusUnknown (Kubelet stopped posting node status.)")],
              "The node stopped reporting — that pattern is a spot instance being reclaimed. "
              "The autoscaler is already bringing up a replacement and our pods weren't on "
              "it."),
        find("where do we handle Twilio's delivery status callbacks?", "StatusCallback",
             ["apps/api/src/sms/twilio-webhook.controller.ts",
              "apps/api/src/sms/delivery-status.service.ts"],
             "twilio-webhook.controller.ts receives the callback (signature-checked) and "
             "delivery-status.service.ts stores the status against the message."),
        tweak("typo in the reminder text, 'apointment'",
              "apps/worker/src/reminders/templates/visit.hbs",
              "Reminder: your apointment with {{carerName}} is at {{time}}.",
              "Reminder: your appointment with {{carerName}} is at {{time}}."),
        talk("my partner's fed up with me checking my phone at dinner during on-call week. "
             "tips?",
             "Agree on it up front: phone face-up on the side, you only look when it buzzes "
             "with the pager sound, and you trade the week for something — cooking the "
             "weekend after, say. A distinct pager ringtone helps a lot."),
        [Step(prompt="does anything send SMS without going through the queue?"),
         Step(tools=[agent("Find direct Twilio calls",
                           "Search apps/ and libs/ for uses of the Twilio client outside "
                           "the queue processors.",
                           "One: apps/api/src/auth/otp.service.ts sends login codes to staff "
                           "directly with twilio.messages.create, on purpose — codes must "
                           "arrive within seconds and are never retried. Everything else "
                           "goes through the visit-reminders, shift-changes or care-plans "
                           "queues.", "e81d0c5a93f2", "Explore", 5)]),
         Step(text="Only the staff login codes, which are sent directly on purpose; every "
                   "client or carer text goes through a queue.")],
        run("is the schema in prod up to date with the repo?",
            "pnpm prisma migrate status",
            "Prisma schema loaded from prisma/schema.prisma\nDatasource \"db\": PostgreSQL "
            "database \"core\", schema \"notify\" at \"marram-core.cluster-c9x2k.eu-west-2.rds."
            "amazonaws.com:5432\"\n\n23 migrations found in prisma/migrations\n\nDatabase "
            "schema is up to date!",
            "Yes — all 23 migrations are applied in prod."),
        steps("what shipped this week?",
              [bash("git log --oneline -5",
                    "b3e1f07 reminders: skip visits cancelled within 2h\n6a9d2c4 care-plans: "
                    "include medication list\n0f4c8e1 api: rate-limit the OTP endpoint\n"
                    "d27a5b9 worker: structured logs\n91c0e3a chore: bump bullmq to 5.7")],
              "Five changes: skipping late-cancelled visits, medication lists in care plans, "
              "an OTP rate limit, structured worker logs and a BullMQ bump."),
    ]
    return Project(
        "driftmark", "git@github.com:marram-homecare/driftmark.git",
        {"README.md": "# driftmark\n\nVisit reminders and shift texts for Marram Homecare "
                      "(NestJS, BullMQ, Prisma).\n",
         "package.json": "{\n  \"name\": \"driftmark\",\n  \"private\": true\n}\n"},
        _equip(facts, pages=pages, leads=leads, mates=("Aoife", "Kwame", "Marta"),
               runbook=("ops/runbook.md", "## Never in prod\n\n")),
        noise, "postgres")


def projects() -> list[Project]:
    return [sorrelgate(), lapwingstat(), heathstead(), driftmark()]
