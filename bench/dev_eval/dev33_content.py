"""The ``dev33`` split, "a freight carrier's data engineer, three weeks": four internal
projects, ten planted facts each.

Written in the twenty-first pass by a helper that read no rlat code; to be read untuned.

Mara is a data engineer at Halvard Freight, a mid-size regional freight and parcel carrier
(thirty-odd depots, a TMS on PostgreSQL run by another team, GitLab for code). She owns four
repositories and works on them with the assistant in short, busy sessions. She types the way
people type into a terminal between meetings: lower case, terse, the odd typo, error output
pasted without comment, a detail dropped in passing at the end of a request. The durable facts
arrive the ways a working week brings them: a house rule tacked on as an aside, said after the
assistant did it the other way (after the edit landed, or when turning the edit down at the
permission prompt), left by a teammate as a review comment on her merge request, or found by
the assistant in the repo's own notes and confirmed; a command that fails and the one that
works (worked out by the assistant, supplied by the user after the assistant's attempt failed,
answered after the user pastes her own failed attempt, or read from the repo's Makefile, CI
file, runbook or pom); an environment fact looked up (plainly, after the assistant's guess at
the default failed, for a new hire's onboarding notes, or to double-check a teammate's word); a
gotcha (pasted as a bare error, dug out of a long log, found only after a restart or cache
clear changed nothing, or a teammate's hunch confirmed); and an approach tried and dropped
(tried in the session and reverted, the assistant's suggestion turned down with the story,
written up as a rejected decision record, or spiked on a branch for a teammate and binned).

The projects: bollardhouse, the lakehouse (Trino, Apache Iceberg tables with a Nessie
catalog on S3, SQLMesh models); manifestream, change data capture from the TMS (Debezium Server
into Amazon Kinesis, Apache Flink jobs in Java on the Flink Kubernetes Operator); carrierpull,
carrier tracking ingestion (Prefect 3 flows, dlt pipelines, Soda Core checks, EDI 214 files over
SFTP); and yardmap, the dispatchers' depot and yard dashboard (Streamlit, PostGIS, Valhalla
routing, Sqitch migrations).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (an Edit or Write doing it the other way),
  ``follow``, ``done``, ``doc`` (``(path, text)``: the repo's notes), ``found`` (the
  assistant's reading of them);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the user's words),
  ``script`` (``(path, text)`` holding the working command);
* environment - ``goal``, ``probe``, ``confirm``, ``assume`` (a Bash tool trying the default,
  which fails), ``said`` (a teammate's words);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``told`` (a
  teammate's hunch), ``repro`` (a command whose long output holds the trace);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the user
  musing about the problem), ``offer`` (the assistant's suggestion), ``story`` (the user's
  account), ``title`` (the decision record's title).

Every fact also carries its project's ``mate`` (the teammate), ``newbie`` (a new hire),
``chatter`` (ordinary log lines long output is padded with) and ``naive`` (a restart or cache
clear that changes nothing).
"""

from __future__ import annotations

import difflib
import random
import re

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, bash, edit, read, refused, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _mr(rng: random.Random) -> int:
    return rng.randint(212, 1380)


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40].rstrip("-")


def _diff(tool) -> str:
    old = tool.old if tool.name == "Edit" else ""
    new = tool.new if tool.name == "Edit" else tool.output
    body = difflib.unified_diff(old.splitlines(), new.splitlines(), f"a/{tool.path}",
                                f"b/{tool.path}", lineterm="")
    return "\n".join(body)


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` in among a long stretch of ordinary log lines."""
    picked = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(10, 14))))
    lines = [chatter[i] for i in picked]
    at = rng.randint(3, len(lines) - 3)
    return "\n".join(lines[:at] + trace.splitlines() + lines[at:])


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_aside(s: dict, rng: random.Random) -> Episode:
    """The rule is tacked onto the request as an aside."""
    ask = _pick(rng, "{task}. btw {rule}",
                "{task}\n\n(fyi {rule})",
                "{task} -- heads up, {rule}",
                "quick one: {task}. oh and {rule}, in case thats not obvious from the code")
    return [Step(prompt=ask.format(task=s["task"], rule=s["rule"])),
            Step(text=_pick(rng, "On it.", "Will do, keeping to that.", ""), tools=s["follow"]),
            Step(text=s["done"])]


def conv_pushback(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way first; the user pushes back, after the edit landed
    or when turning it down at the permission prompt."""
    said = _pick(rng, "nope. {rule}", "no no no. {rule}",
                 "hm thats not how we do it here — {rule}", "undo that pls, {rule}"
                 ).format(rule=s["rule"])
    if rng.random() < 0.5:
        return [Step(prompt=s["task"]),
                Step(text=_pick(rng, "Making the change.", ""), tools=[s["contrary"]]),
                Step(text="Done. Want me to run it?"),
                Step(prompt=said),
                Step(text=_pick(rng, "Right, redoing it.", "Sorry — fixing that.", "Got it."),
                     tools=s["follow"]),
                Step(text=s["done"])]
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Here's the change.", ""),
                 tools=[refused(s["contrary"], REJECTED + said)]),
            Step(text=_pick(rng, "Understood, doing it that way instead.", "OK — reworking it."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_review_note(s: dict, rng: random.Random) -> Episode:
    """A teammate's review comment on the user's merge request carries the rule."""
    n = _mr(rng)
    ask = _pick(rng, "{mate} reviewed !{n} ({task}) and left this:\n\n> {rule}\n\ncan you fix it "
                     "up on the branch",
                "got a comment from {mate} on my MR !{n}:\n\n> {rule}\n\nthe MR was: {task}. "
                "sort it pls",
                "!{n} is blocked on {mate}'s review: \"{rule}\" — fix the branch? (context: "
                "{task})")
    return [Step(prompt=ask.format(mate=s["mate"], n=n, task=s["task"], rule=s["rule"])),
            Step(tools=[bash(f"glab mr checkout {n}", f"Switched to branch 'mara/mr-{n}'"),
                        bash(f"glab mr diff {n}", _diff(s["contrary"]))]),
            Step(text=_pick(rng, "I see the part the comment is about. Changing it.",
                            "Reworking it the way the review asks."), tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "push", "ok push it", "gut, push")),
            Step(tools=[bash("git commit -qam 'address review' && git push",
                             f"remote: View merge request for mara/mr-{n}:\nremote:   "
                             f"https://gitlab.halvard.internal/data/-/merge_requests/{n}")]),
            Step(text=f"Pushed; !{n} is updated.")]


def conv_repo_notes(s: dict, rng: random.Random) -> Episode:
    """Before writing anything the assistant reads the repo's notes, finds the rule, and the
    user confirms it still holds."""
    path, text = s["doc"]
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Checking the repo's conventions before writing anything.",
                            "Let me see whether the repo documents how this is done."),
                 tools=[read(path, text)]),
            Step(text=f"{s['found']} I'll do it that way unless that's outdated."),
            Step(prompt=_pick(rng, "yep still true, go", "correct. go ahead", "yes thats the rule")),
            Step(tools=s["follow"]), Step(text=s["done"])]


# command
def cmd_worked_out(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_user_supplies(s: dict, rng: random.Random) -> Episode:
    """The assistant's attempt fails; the user knows the right invocation."""
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That failed — let me look into why.",
                            "Hm, that didn't work. Investigating.")),
            Step(prompt=_pick(rng, "ah sorry should have said. {hint}",
                              "argh yeah that never works. {hint}",
                              "forgot to tell you — {hint}").format(hint=s["hint"])),
            Step(tools=[s["ok"]]), Step(text=s["done"])]


def cmd_pasted_attempt(s: dict, rng: random.Random) -> Episode:
    fail = s["fail"]
    lead = _pick(rng, "{goal}\n\n```\n$ {cmd}\n{out}\n```\nwhat am i missing",
                 "tried this, no luck:\n\n$ {cmd}\n{out}\n\n({goal})",
                 "{goal}. getting\n```\n{out}\n```\nfrom `{cmd}`")
    return [Step(prompt=lead.format(goal=s["goal"], cmd=fail.command, out=fail.output)),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_read_repo(s: dict, rng: random.Random) -> Episode:
    path, text = s["script"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "Let me see how the repo itself runs this.",
                            "Failed. Checking the repo for the intended invocation.", ""),
                 tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


# environment
def env_looked_up(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Checking.", "I'll look rather than guess.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_default_fails(s: dict, rng: random.Random) -> Episode:
    """The assistant tries the usual default, which fails; the user sends it to look."""
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Trying the usual default first.", ""), tools=[s["assume"]]),
            Step(prompt=_pick(rng, "nah its not the default here", "thats not it, we changed that "
                              "ages ago. check the config", "no. look it up in the repo")),
            Step(tools=s["probe"]), Step(text=s["confirm"])]


def env_onboarding(s: dict, rng: random.Random) -> Episode:
    who = s["newbie"]
    ask = _pick(rng, "{who} starts monday, I'm filling in docs/onboarding.md. {goal}",
                "collecting stuff for {who}'s onboarding doc — {goal}")
    return [Step(prompt=ask.format(who=who, goal=s["goal"])), Step(tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=_pick(rng, "put that in the onboarding doc", "add it to docs/onboarding.md "
                                                                     "pls")),
            Step(tools=[edit("docs/onboarding.md", "## Environment\n",
                             f"## Environment\n\n- {s['confirm']}\n")]),
            Step(text="Added under Environment in docs/onboarding.md.")]


def env_teammate_says(s: dict, rng: random.Random) -> Episode:
    mate = s["mate"]
    ask = _pick(rng, "{mate} says {said} — double check before i put it in the runbook?",
                "per {mate}: \"{said}\". true?")
    return [Step(prompt=ask.format(mate=mate, said=s["said"])), Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'That checks out.', f'{mate} is right.')} {s['confirm']}")]


# gotcha
def gotcha_bare_paste(s: dict, rng: random.Random) -> Episode:
    lead = _pick(rng, "wtf is this\n\n```\n{trace}\n```\n{symptom}",
                 "{symptom}\n\n{trace}",
                 "this again:\n```\n{trace}\n```\n{symptom}\n\nideas?")
    return [Step(prompt=lead.format(trace=s["trace"], symptom=s["symptom"])),
            Step(tools=s["probe"]), Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_long_log(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(text="Reproducing it first.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The interesting part is buried in the middle there.",
                            "Found it in the output."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]), Step(text=s["done"])]


def gotcha_restart_first(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n```\n{s['trace']}\n```"),
            Step(text="Could be stale state — resetting that first.", tools=[s["naive"]]),
            Step(prompt=_pick(rng, "already tried that, it comes right back",
                              "nope, did that this morning. same thing", "lol no that wont do it")),
            Step(tools=s["probe"]), Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_hunch(s: dict, rng: random.Random) -> Episode:
    mate = s["mate"]
    lead = _pick(rng, "{symptom}. {mate} reckons {told} — is that it?",
                 "{mate} had a hunch about this one: {told}\n\n{symptom}")
    return [Step(prompt=lead.format(symptom=s["symptom"], mate=mate, told=s["told"])
                 + f"\n\n```\n{s['trace']}\n```"),
            Step(tools=s["probe"]),
            Step(text=f"{mate}'s hunch is right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_tried_reverted(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=_pick(rng, "yikes. revert", "ok no. roll it back", "nope, undo all that")),
            Step(text=_pick(rng, "Reverting.", "Rolling it back.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_turned_down(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=_pick(rng, "lol no. {story}", "pls no — {story}",
                              "been there. {story}").format(story=s["story"])),
            Step(text=_pick(rng, "Fair — dropping that idea.", "Makes sense, I won't go there.",
                            "Got it, off the table."))]


def fals_decision_record(s: dict, rng: random.Random) -> Episode:
    n = rng.randint(7, 31)
    path = f"docs/adr/{n:04d}-{_slug(s['title'])}.md"
    ask = _pick(rng, "people keep asking about this so write an ADR I can link, status rejected. "
                     "short version: {story}",
                "can you write this up under docs/adr? it comes up every quarter. {story}")
    return [Step(prompt=ask.format(story=s["story"])),
            Step(tools=[write(path, f"# {n}. {s['title']}\n\nStatus: rejected\n\n## Context\n\n"
                                    f"{s['want']}\n\n## What happened\n\n{s['story']}\n")]),
            Step(text=f"Wrote {path} with status rejected."),
            Step(prompt=_pick(rng, "ty", "perfect", "good enough")),
            Step(text=_pick(rng, "👍", "Anytime.", ""))]


def fals_spike(s: dict, rng: random.Random) -> Episode:
    mate = s["mate"]
    branch = f"spike/{_slug(s['title'])[:24].rstrip('-')}"
    ask = _pick(rng, "{mate} wants to try this: {ask}. spike it on a branch so we know?",
                "spike for {mate} pls — {ask}")
    return [Step(prompt=ask.format(mate=mate, ask=s["ask"])),
            Step(tools=[bash(f"git switch -c {branch}", f"Switched to a new branch '{branch}'"),
                        *s["change"], bash("git commit -qam 'spike'", "")]),
            Step(tools=[s["broke"]]), Step(text=s["conclusion"]),
            Step(prompt=_pick(rng, "figured. bin the branch", "yeah ok, delete it")),
            Step(tools=[bash(f"git switch main && git branch -D {branch}",
                             f"Switched to branch 'main'\nDeleted branch {branch} (was "
                             f"{rng.getrandbits(28):07x}).")]),
            Step(text="Branch deleted.")]


TEMPLATES = {
    "convention": [conv_aside, conv_pushback, conv_review_note, conv_repo_notes],
    "command": [cmd_worked_out, cmd_user_supplies, cmd_pasted_attempt, cmd_read_repo],
    "environment": [env_looked_up, env_default_fails, env_onboarding, env_teammate_says],
    "gotcha": [gotcha_bare_paste, gotcha_long_log, gotcha_restart_first, gotcha_hunch],
    "falsified": [fals_tried_reverted, fals_turned_down, fals_decision_record, fals_spike],
}

UNRELATED = [
    "how do I write a good commit message? mine are all 'fix stuff'",
    "explain python decorators like I'm five",
    "whats the difference between a left join and a full outer join",
    "write a bash loop that renames every .txt file in a folder to .md",
    "how does a hash table deal with collisions",
    "regex for a german postcode",
    "what's the big-O of sorting a python list",
    "docker volume vs bind mount, when do i use which",
    "how do I undo my last git commit but keep the changes",
    "tips for making long sql queries readable",
    "what does set -euo pipefail do at the top of a bash script",
    "kubernetes liveness vs readiness probes, whats the difference",
    "write a python function that chunks a list into batches of n",
    "dataclass or namedtuple in python — how do I choose",
    "read a csv that uses semicolons as separators in python",
    "how should I structure the README of a small internal tool",
    "aware vs naive datetimes in python, explain",
    "suggest a name for a slack channel about on-call handovers",
    "explain tcp vs udp in two sentences",
    "how do I find out which part of a slow python function takes the time",
    "cron expression for every weekday at 7:30",
    "process vs thread, short answer",
]

UNANSWERED: dict[str, list[str]] = {
    "bollardhouse": [
        "how much did the lakehouse cost us last month in total?",
        "who owns the finance models in bollardhouse these days?",
        "is there a plan to expose bollardhouse tables to the customer portal?",
        "how many models does bollardhouse have right now?",
        "when is the next trino upgrade scheduled?",
    ],
    "manifestream": [
        "what's the end-to-end latency target for shipment events in manifestream?",
        "who is on call for the flink jobs this week?",
        "are we going to push the enriched events to customer webhooks at some point?",
        "how many shipment events a day go through manifestream on average?",
        "does manifestream have a plan for a full region outage?",
    ],
    "carrierpull": [
        "which carrier are we integrating next in carrierpull?",
        "would prefect cloud be cheaper than running our own server?",
        "who negotiated the api terms with dhl?",
        "how many carriers does carrierpull pull from today?",
        "is there an agreed sla for how fresh the tracking data must be?",
    ],
    "yardmap": [
        "how many dispatchers open yardmap on a normal day?",
        "are we building a phone view of yardmap for the yard marshals?",
        "who asked for the dwell-time alerts in the first place?",
        "what's next year's hosting budget for yardmap?",
        "does yardmap need a DPIA because it shows driver locations?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- bollardhouse
def bollardhouse() -> Project:
    scans_daily = "models/ops/depot_scans_daily.sql"
    enriched = "models/ops/stop_events_enriched.sql"
    fmt = bash("sqlmesh format --check", "")
    facts = [
        Fact("conv-incremental", "convention", ["INCREMENTAL_BY_TIME_RANGE"],
             ["new sqlmesh model on top of the parcel scan table — which model kind do we use "
              "for something that big?",
              "is it ok if my depot throughput model just rebuilds everything on each run?"],
             "In bollardhouse, SQLMesh models over the big event tables (ops.parcel_scans, "
             "ops.stop_events) are kind INCREMENTAL_BY_TIME_RANGE on their date column, "
             "filtered to @start_ts/@end_ts, never FULL: a full rebuild of scans costs about "
             "two hours of Trino cluster time.",
             {"task": "add a model ops.depot_scans_daily with scans per depot per day off "
                      "ops.parcel_scans",
              "rule": "anything reading parcel_scans or stop_events is INCREMENTAL_BY_TIME_RANGE "
                      "on the date col, never FULL. a full rebuild of scans is ~2h of cluster "
                      "time",
              "contrary": write(scans_daily,
                                "MODEL (\n  name ops.depot_scans_daily,\n  kind FULL,\n  cron "
                                "'@daily'\n);\n\nSELECT depot_id, CAST(scanned_at AS date) AS "
                                "scan_date, count(*) AS scans\nFROM ops.parcel_scans\nGROUP BY "
                                "1, 2\n"),
              "follow": [write(scans_daily,
                               "MODEL (\n  name ops.depot_scans_daily,\n  kind "
                               "INCREMENTAL_BY_TIME_RANGE (\n    time_column scan_date\n  ),\n"
                               "  start '2023-01-01',\n  cron '@daily',\n  grain (depot_id, "
                               "scan_date)\n);\n\nSELECT depot_id, CAST(scanned_at AS date) AS "
                               "scan_date, count(*) AS scans\nFROM ops.parcel_scans\nWHERE "
                               "scanned_at BETWEEN @start_ts AND @end_ts\nGROUP BY 1, 2\n"),
                         fmt],
              "done": "ops.depot_scans_daily is INCREMENTAL_BY_TIME_RANGE on scan_date and only "
                      "reads scans between @start_ts and @end_ts, so each run processes its own "
                      "day. Format check is clean.",
              "doc": ("docs/modeling.md",
                      "# Modeling in bollardhouse\n\n## Model kinds\n\n- Anything built on "
                      "`ops.parcel_scans` or `ops.stop_events` is `INCREMENTAL_BY_TIME_RANGE` "
                      "on its date column and filters on `@start_ts` / `@end_ts`.\n- Never "
                      "`FULL` on those: a full rebuild of scans is ~2h of cluster time.\n- "
                      "Small dimensions may be `FULL`.\n"),
              "found": "docs/modeling.md says anything built on parcel_scans or stop_events is "
                       "INCREMENTAL_BY_TIME_RANGE on its date column, filtered on "
                       "@start_ts/@end_ts — never FULL."}),
        Fact("conv-scd", "convention", ["dim_depot_scd"],
             ["how do I get the depot name and region onto the stop events model?",
              "can I join straight to the live depots table in the tms schema for the region "
              "column?"],
             "In bollardhouse, depot attributes (name, region) are joined from the SCD2 "
             "snapshot core.dim_depot_scd on valid_from <= event time < valid_to, never from "
             "the live tms.depots table, because depots get renumbered and move between "
             "regions.",
             {"task": "add region to ops.stop_events_enriched so the ops dashboard can filter "
                      "on it",
              "rule": "depot attributes always come from core.dim_depot_scd, joined on "
                      "valid_from <= event time < valid_to. never the live tms.depots table — "
                      "depots get renumbered and change region and then history is wrong",
              "contrary": edit(enriched, "FROM ops.stop_events s\n",
                               "FROM ops.stop_events s\nLEFT JOIN tms.depots d ON d.depot_id = "
                               "s.depot_id\n"),
              "follow": [edit(enriched, "FROM ops.stop_events s\n",
                              "FROM ops.stop_events s\nLEFT JOIN core.dim_depot_scd d\n  ON "
                              "d.depot_id = s.depot_id\n AND s.stopped_at >= d.valid_from\n AND "
                              "s.stopped_at < coalesce(d.valid_to, TIMESTAMP '9999-12-31 "
                              "00:00:00')\n"),
                         edit(enriched, "  s.depot_id,\n", "  s.depot_id,\n  d.region,\n"),
                         fmt],
              "done": "stop_events_enriched now takes region from core.dim_depot_scd, matched "
                      "on the validity window at the stop's time, so old stops keep the region "
                      "their depot had back then.",
              "doc": ("docs/modeling.md",
                      "# Modeling in bollardhouse\n\n## Depots\n\nDepot attributes (name, "
                      "region, hub) come from the SCD2 snapshot `core.dim_depot_scd`, joined "
                      "on `valid_from <= event_time < valid_to`. Never join the live "
                      "`tms.depots` table: depots get renumbered and move between regions, "
                      "and history would silently change.\n"),
              "found": "docs/modeling.md says depot attributes come from the SCD2 snapshot "
                       "core.dim_depot_scd, joined on the validity window, never from the live "
                       "tms.depots table."}),
        Fact("cmd-gateway", "command", ["--gateway trino_dev"],
             ["how do I preview what my model change does against the real cluster before it "
              "goes to prod?",
              "sqlmesh plan keeps looking in a local duckdb file and can't find any tables — "
              "how do I aim it at the cluster?"],
             "bollardhouse's default SQLMesh gateway is the local DuckDB one used for unit "
             "tests; plans against the Trino dev cluster need `sqlmesh --gateway trino_dev plan "
             "dev_<user>` (make plan does the same).",
             {"goal": "plan my depot_scans_daily change into my dev environment so I can look at "
                      "the numbers",
              "fail": bash("sqlmesh plan dev_mara",
                           "Error: Catalog Error: Table with name parcel_scans does not exist!\n"
                           "Did you mean \"pg_catalog.pg_class\"?\nLINE 1: ... FROM "
                           "\"ops\".\"parcel_scans\" AS \"parcel_scans\" WHERE ...", 1),
              "note": "That ran against the default gateway — the local DuckDB one the unit "
                      "tests use, which has none of the lake's tables. The dev cluster's "
                      "gateway has to be named explicitly.",
              "ok": bash("sqlmesh --gateway trino_dev plan dev_mara --auto-apply",
                         "New environment `dev_mara` will be created from `prod`\n\nModels:\n"
                         "└── Added:\n    └── ops.depot_scans_daily\nModels needing backfill "
                         "(missing dates):\n└── ops.depot_scans_daily: 2023-01-01 - "
                         "2024-11-18\n[1/1] ops.depot_scans_daily  [insert 2023-01-01 - "
                         "2024-11-18]  100.0%  0:04:12\n\nThe target environment has been "
                         "updated successfully"),
              "done": "dev_mara has ops.depot_scans_daily backfilled from 2023 on the dev "
                      "cluster; query it as dev_mara's ops__dev_mara schema.",
              "hint": "default gateway is the duckdb one for unit tests. `sqlmesh --gateway "
                      "trino_dev plan dev_mara`",
              "script": ("Makefile",
                         "USER ?= $(shell whoami)\n\nplan:\n\tsqlmesh --gateway trino_dev plan "
                         "dev_$(USER)\n\ntest:\n\tsqlmesh test\n\nformat:\n\tsqlmesh "
                         "format\n")}),
        Fact("cmd-optimize", "command", ["EXECUTE optimize"],
             ["parcel_scans has tens of thousands of tiny files now, how do I compact it from "
              "trino?",
              "what's the trino statement for rewriting small data files in one of our lake "
              "tables into bigger ones?"],
             "In bollardhouse, Iceberg compaction runs through Trino's table procedure: `ALTER "
             "TABLE iceberg.<schema>.<table> EXECUTE optimize(file_size_threshold => "
             "'100MB')`; CALL system.rewrite_data_files is Spark syntax and doesn't exist in "
             "Trino.",
             {"goal": "ops.parcel_scans has like 38k files after the reload, compact it",
              "fail": bash("./bin/trino-cli --execute \"CALL iceberg.system.rewrite_data_files("
                           "table => 'ops.parcel_scans')\"",
                           "Query 20241119_081544_00213_vq2ke failed: line 1:1: Procedure not "
                           "registered: system.rewrite_data_files", 1),
              "note": "rewrite_data_files is the Spark procedure. Trino's Iceberg connector "
                      "does compaction as a table procedure on ALTER TABLE.",
              "ok": bash("./bin/trino-cli --execute \"ALTER TABLE iceberg.ops.parcel_scans "
                         "EXECUTE optimize(file_size_threshold => '100MB')\" && ./bin/trino-cli "
                         "--execute \"SELECT count(*) FROM iceberg.ops.\\\"parcel_scans$files\\\"\"",
                         "ALTER TABLE EXECUTE\n\"212\""),
              "done": "Compacted: parcel_scans is down from ~38,000 data files to 212.",
              "hint": "thats the spark syntax. in trino its ALTER TABLE ... EXECUTE optimize",
              "script": ("maintenance/compact.sql",
                         "-- weekly compaction, run by the maintenance job on sundays\nALTER "
                         "TABLE iceberg.ops.parcel_scans EXECUTE optimize(file_size_threshold "
                         "=> '100MB');\nALTER TABLE iceberg.ops.stop_events EXECUTE "
                         "optimize(file_size_threshold => '100MB');\n")}),
        Fact("env-trino", "environment", ["8443"],
             ["what host and port do I put into dbeaver to reach the trino coordinator?",
              "which port does our trino answer on? the usual one just refuses the "
              "connection"],
             "bollardhouse's Trino coordinator is https://trino.data.halvard.internal:8443 "
             "(HTTPS only, OAuth2 external authentication); plain 8080 is not exposed.",
             {"goal": "whats the trino endpoint these days? want to connect from dbeaver",
              "assume": bash("curl -s http://trino.data.halvard.internal:8080/v1/info",
                             "curl: (7) Failed to connect to trino.data.halvard.internal port "
                             "8080 after 3 ms: Connection refused", 7),
              "probe": [read("bin/trino-cli",
                             "#!/usr/bin/env bash\nexec trino --server "
                             "https://trino.data.halvard.internal:8443 "
                             "--external-authentication --catalog iceberg \"$@\"\n"),
                        bash("curl -s https://trino.data.halvard.internal:8443/v1/info",
                             "{\"nodeVersion\":{\"version\":\"451\"},\"environment\":\"prod\","
                             "\"coordinator\":true,\"starting\":false,\"uptime\":\"6.21d\"}")],
              "confirm": "Trino's coordinator is https://trino.data.halvard.internal:8443 — "
                         "HTTPS only, login through OAuth2 (external authentication); nothing "
                         "answers on 8080. In DBeaver: port 8443, SSL on, external "
                         "authentication.",
              "said": "trino is on 8443 now, https only, 8080 got closed when they switched on "
                      "oauth"}),
        Fact("env-bucket", "environment", ["halvard-lake-prod"],
             ["which s3 bucket holds the iceberg warehouse?",
              "where do the parquet files behind the lake tables physically live?"],
             "bollardhouse's Iceberg warehouse is s3://halvard-lake-prod/warehouse "
             "(eu-central-1), the Nessie catalog's default warehouse dir in "
             "catalog/iceberg.properties.",
             {"goal": "where is the data for the lake tables actually stored? the auditor wants "
                      "a bucket name",
              "assume": bash("aws s3 ls s3://bollardhouse-warehouse/",
                             "An error occurred (NoSuchBucket) when calling the ListObjectsV2 "
                             "operation: The specified bucket does not exist", 254),
              "probe": [read("catalog/iceberg.properties",
                             "connector.name=iceberg\niceberg.catalog.type=nessie\n"
                             "iceberg.nessie-catalog.uri=http://nessie.data.halvard.internal:"
                             "19120/api/v2\niceberg.nessie-catalog.default-warehouse-dir="
                             "s3://halvard-lake-prod/warehouse\nfs.native-s3.enabled=true\n"
                             "s3.region=eu-central-1\n")],
              "confirm": "The warehouse is s3://halvard-lake-prod/warehouse in eu-central-1: "
                         "catalog/iceberg.properties sets it as the Nessie catalog's default "
                         "warehouse dir, so every table's data and metadata files are under "
                         "that prefix.",
              "said": "all the lake data sits in halvard-lake-prod, under warehouse/"}),
        Fact("gotcha-precision", "gotcha", ["timestamp(6)"],
             ["my CTAS into an iceberg table fails complaining about the precision of a time "
              "column, why?",
              "what precision do datetime columns need in our lake tables?"],
             "bollardhouse: Iceberg only stores microsecond timestamps, so Trino's Iceberg "
             "connector rejects timestamp(3) columns (what millisecond casts produce); cast "
             "to timestamp(6) (or timestamp(6) with time zone). DuckDB unit tests don't catch "
             "it.",
             {"symptom": "the new carrier_handover model fails on create. unit test passed "
                         "fine",
              "trace": "Query 20241118_091522_00417_x7mqf failed: Timestamp precision (3) not "
                       "supported for Iceberg. Use \"timestamp(6)\" instead.",
              "probe": [read("models/ops/carrier_handover.sql",
                             "MODEL (\n  name ops.carrier_handover,\n  kind VIEW\n);\n\nSELECT "
                             "shipment_id,\n  carrier_code,\n  CAST(from_unixtime(handover_ms / "
                             "1000) AS timestamp(3)) AS handed_over_at\nFROM "
                             "raw.carrier_handovers\n")],
              "explain": "Iceberg only has microsecond timestamps, so Trino's Iceberg "
                         "connector refuses a timestamp(3) column — and the millisecond cast "
                         "for handed_over_at produces exactly that. DuckDB doesn't care, which "
                         "is why the unit test passed. The column has to be timestamp(6).",
              "fix": [edit("models/ops/carrier_handover.sql", "AS timestamp(3))",
                           "AS timestamp(6))")],
              "done": "Applies now; handed_over_at is a timestamp(6).",
              "told": "its the millisecond thing, iceberg only takes micros",
              "repro": "make plan"}),
        Fact("gotcha-expire", "gotcha", ["expire_snapshots"],
             ["I tried reading last week's version of core.shipments with FOR VERSION AS OF "
              "and trino says there's no snapshot — why?",
              "how far back can I time travel on the lake tables?"],
             "bollardhouse's nightly maintenance (maintenance/nightly.sql) runs Iceberg "
             "expire_snapshots with retention_threshold 3d on every table, so time travel only "
             "reaches three days back; older versions no longer exist.",
             {"symptom": "time travel on core.shipments to 10 days ago says no history. we need "
                         "it for a dispute with a customer",
              "trace": "Query 20241119_140210_00871_qz3mb failed: No version history table "
                       "iceberg.core.shipments at or before 2024-11-09T00:00:00Z",
              "probe": [read("maintenance/nightly.sql",
                             "-- nightly, 02:30, after the loads\nALTER TABLE "
                             "iceberg.core.shipments EXECUTE expire_snapshots(retention_threshold"
                             " => '3d');\nALTER TABLE iceberg.ops.parcel_scans EXECUTE "
                             "expire_snapshots(retention_threshold => '3d');\nALTER TABLE "
                             "iceberg.core.shipments EXECUTE remove_orphan_files("
                             "retention_threshold => '3d');\n")],
              "explain": "The nightly maintenance job runs expire_snapshots with a 3-day "
                         "retention on every table (maintenance/nightly.sql), so snapshots "
                         "older than three days — and the files only they reference — are "
                         "deleted. Time travel can't reach further back than that; the "
                         "10-day-old version no longer exists.",
              "fix": [],
              "done": "For the dispute the shipment's history has to come from the TMS audit "
                      "log instead; the lake only goes back three days.",
              "told": "pretty sure the nightly job throws old snapshots away",
              "repro": "python scripts/dispute_extract.py --shipment 48213377 --as-of "
                       "2024-11-09"}),
        Fact("fals-duckdb-scan", "falsified", ["iceberg_scan"],
             ["dev runs on the trino cluster are expensive — could models run in dev by reading "
              "the lake tables straight from s3 with duckdb?",
              "has anyone tried reading our iceberg tables with duckdb instead of going "
              "through trino?"],
             "bollardhouse tried a DuckDB gateway reading the Iceberg tables directly with "
             "iceberg_scan for cheap dev runs; it ignored the positional delete files Trino "
             "writes on MERGE/DELETE, so core.shipments came out ~4% too large, and it was "
             "reverted: dev runs stay on Trino.",
             {"ask": "trino time for dev runs is getting expensive. add a duckdb gateway that "
                     "reads the lake tables directly with iceberg_scan and compare counts",
              "change": [edit("config.yaml", "gateways:\n",
                              "gateways:\n  duckdb_lake:\n    connection:\n      type: duckdb\n"
                              "      extensions: [iceberg, httpfs]\n"),
                         edit("models/core/shipments_current.sql",
                              "FROM iceberg.core.shipments\n",
                              "FROM iceberg_scan(@lake_root || '/core/shipments')\n")],
              "broke": bash("python scripts/compare_counts.py --left trino --right duckdb_lake "
                            "core.shipments",
                            "core.shipments  trino=1,902,334  duckdb_lake=1,981,207  "
                            "diff=+78,873 (+4.1%)\nMISMATCH", 1),
              "revert": bash("git checkout -- config.yaml models/core/shipments_current.sql",
                             ""),
              "conclusion": "Reverted. DuckDB's iceberg_scan ignored the positional delete files "
                            "Trino writes for MERGE and DELETE, so rows that had been updated "
                            "or removed came back: core.shipments was 4.1% too large. Dev runs "
                            "stay on Trino.",
              "want": "dev runs on the trino cluster cost real money. cheaper way to run models "
                      "in dev?",
              "offer": "DuckDB's iceberg extension can read the tables straight from S3 with "
                       "iceberg_scan, so dev runs wouldn't need the cluster at all. Want me to "
                       "add it as a gateway?",
              "story": "we tried duckdb with iceberg_scan for dev runs in spring. it ignored the "
                       "delete files trino writes on MERGE, so updated rows came back and "
                       "shipment counts were ~4% high. dev stays on trino",
              "title": "DuckDB iceberg_scan gateway for dev runs"}),
        Fact("fals-fte", "falsified", ["retry-policy"],
             ["big backfills die halfway whenever a trino worker gets preempted — can't trino "
              "retry the failed parts by itself?",
              "did we ever turn on fault-tolerant execution on the cluster?"],
             "bollardhouse ran Trino fault-tolerant execution (retry-policy=TASK with an S3 "
             "exchange) and dropped it: every query spooled through the exchange, dashboard "
             "queries got ~3x slower and the exchange bucket ballooned; the cluster is back on "
             "retry-policy=NONE and backfills are split into weekly chunks instead.",
             {"ask": "the 2022 backfill of stop_events died at 80% again when a worker got "
                     "preempted. turn on retry-policy=TASK on the dev cluster and rerun it",
              "change": [edit("k8s/trino/values-dev.yaml", "  config.properties: |\n",
                              "  config.properties: |\n    retry-policy=TASK\n    "
                              "exchange.base-directories=s3://halvard-trino-exchange/dev\n"),
                         bash("helm upgrade trino trino/trino -f k8s/trino/values-dev.yaml",
                              "Release \"trino\" has been upgraded. Happy Helming!")],
              "broke": bash("python scripts/bench_queries.py --suite dashboards",
                            "suite dashboards (24 queries)\nbaseline p50 2.1s   now p50 6.8s\n"
                            "baseline p95 9.4s   now p95 31.0s\nexchange bucket: 1.7 TB written "
                            "in 40 min\nREGRESSION", 1),
              "revert": bash("git checkout -- k8s/trino/values-dev.yaml && helm upgrade trino "
                             "trino/trino -f k8s/trino/values-dev.yaml",
                             "Release \"trino\" has been upgraded. Happy Helming!"),
              "conclusion": "Back to retry-policy NONE. With TASK retries every query spools "
                            "its intermediate data through the S3 exchange: dashboard queries "
                            "went from 2.1 s to 6.8 s at p50 and the exchange took 1.7 TB in 40 "
                            "minutes. Better to split backfills into weekly chunks that can be "
                            "rerun on their own.",
              "want": "big backfills die halfway every time a worker gets preempted. can trino "
                      "retry the failed bits itself?",
              "offer": "Trino has fault-tolerant execution: with retry-policy=TASK it retries "
                       "failed tasks instead of failing the whole query. Want me to enable it?",
              "story": "we had retry-policy=TASK on for a month last year. everything spooled "
                       "through the s3 exchange, dashboards got ~3x slower and the exchange "
                       "bucket hit 9TB. back to NONE, we just split backfills per week now",
              "title": "Fault-tolerant execution on the Trino cluster"}),
    ]
    chatter = [
        "2024-11-19 08:12:01 INFO  sqlmesh.core.context Loading project from /home/dev/src",
        "2024-11-19 08:12:02 INFO  sqlmesh.core.context Loaded 143 models, 38 audits",
        "2024-11-19 08:12:02 INFO  trino.client connecting as mara (external auth, cached "
        "token)",
        "2024-11-19 08:12:03 INFO  sqlmesh.core.snapshot ops.depot_scans_daily: up to date",
        "2024-11-19 08:12:03 INFO  sqlmesh.core.snapshot core.dim_customer: up to date",
        "2024-11-19 08:12:04 INFO  trino.client query 20241119_081204_00101 FINISHED (0.8s)",
        "2024-11-19 08:12:05 INFO  sqlmesh.core.scheduler evaluating 3 intervals",
        "2024-11-19 08:12:07 INFO  trino.client query 20241119_081205_00102 FINISHED (1.9s)",
        "2024-11-19 08:12:07 INFO  sqlmesh.core.snapshot core.dim_route: up to date",
        "2024-11-19 08:12:08 INFO  sqlmesh.core.audit not_null(shipment_id) passed",
        "2024-11-19 08:12:09 INFO  trino.client query 20241119_081208_00103 FINISHED (0.4s)",
        "2024-11-19 08:12:09 INFO  sqlmesh.core.audit unique_values(event_id) passed",
        "2024-11-19 08:12:10 INFO  sqlmesh.core.scheduler 2/3 intervals done",
        "2024-11-19 08:12:11 WARN  trino.client retrying GET /v1/statement (503), attempt 1",
        "2024-11-19 08:12:12 INFO  sqlmesh.core.snapshot finance.invoice_lines: up to date",
    ]
    noise: list[Episode] = [
        look("what columns does the stop events staging model have?",
             "models/stg/stg_stop_events.sql",
             "MODEL (name stg.stop_events, kind VIEW);\n\nSELECT stop_id, shipment_id, "
             "depot_id, stop_type, stopped_at, driver_id\nFROM raw.tms_stop_events\n",
             "stop_id, shipment_id, depot_id, stop_type, stopped_at and driver_id — a thin view "
             "over raw.tms_stop_events."),
        find("which models use the customer dimension?", "core.dim_customer",
             ["models/finance/invoice_lines.sql", "models/ops/late_deliveries.sql",
              "models/core/shipments_current.sql"],
             "Three: invoice_lines, late_deliveries and shipments_current."),
        tweak("typo in the late deliveries model description, 'delievered'",
              "models/ops/late_deliveries.sql", "parcels delievered after the promised slot",
              "parcels delivered after the promised slot", "Fixed the typo."),
        run("how many audits do we have", "grep -rho 'audits (' models | wc -l", "38",
            "38 model audit blocks."),
        talk("should finance get their own schema or keep using ops?",
             "Their own schema is cleaner: separate grants, and ops models can change without "
             "finance dashboards breaking silently. A few views can bridge the overlap."),
        steps("what changed on main since friday?",
              [bash("git log --oneline --since=friday",
                    "4be1c02 late_deliveries: exclude cancelled stops\n91aa3d7 add "
                    "finance.invoice_lines audits\nc07e5b2 bump sqlmesh to 0.131")],
              "Three commits: late_deliveries excludes cancelled stops, audits on invoice_lines, "
              "and a SQLMesh bump."),
        [Step(prompt="wen wants the late deliveries model split by service level"),
         Step(tools=[read("models/ops/late_deliveries.sql",
                          "MODEL (name ops.late_deliveries, kind VIEW);\n\nSELECT depot_id, "
                          "delivery_date, count(*) AS late\nFROM core.shipments_current\nWHERE "
                          "delivered_at > promised_until\nGROUP BY 1, 2\n")]),
         Step(text="Adding service_level to the select and the group by."),
         Step(prompt="yes do it"),
         Step(tools=[edit("models/ops/late_deliveries.sql",
                          "SELECT depot_id, delivery_date, count(*) AS late",
                          "SELECT depot_id, service_level, delivery_date, count(*) AS late"),
                     edit("models/ops/late_deliveries.sql", "GROUP BY 1, 2", "GROUP BY 1, 2, 3")]),
         Step(text="late_deliveries is now per depot, service level and day.")],
        steps("are there models nobody reads anymore?",
              [agent("Find unused models", "List models no other model or dashboard query "
                     "references.",
                     "Two candidates: ops.scan_gaps_2022 (no downstream models, no dashboard "
                     "references since March) and stg.legacy_routes (only referenced by "
                     "ops.scan_gaps_2022).", "a93c1d0f7e25", "Explore", 6)],
              "ops.scan_gaps_2022 and stg.legacy_routes look dead; worth checking with Wen "
              "before deleting."),
    ]
    return Project(
        "bollardhouse", "git@gitlab.halvard.internal:data/bollardhouse.git",
        {"README.md": "# bollardhouse\n\nHalvard's lakehouse models (SQLMesh on Trino).\n",
         "config.yaml": "gateways:\n  local:\n    connection:\n      type: duckdb\n"
                        "default_gateway: local\n",
         "docs/onboarding.md": "# Onboarding\n\n## Environment\n"},
        _equip(facts, mate="Wen", newbie="Jonas", chatter=chatter,
               naive=bash("sqlmesh clean", "Cleared SQLMesh cache")),
        noise, "aws")


# ------------------------------------------------------------------- manifestream
def manifestream() -> Project:
    job = "enrichment/src/main/java/com/halvard/manifest/ShipmentEnrichmentJob.java"
    eta = "enrichment/src/main/java/com/halvard/manifest/EtaUpdateFunction.java"
    tests = bash("./mvnw -q test -pl enrichment",
                 "[INFO] Tests run: 41, Failures: 0, Errors: 0, Skipped: 0")
    facts = [
        Fact("conv-uid", "convention", ["uid"],
             ["i'm adding a dedup step to the shipment enrichment job — what does every "
              "operator need so we can still restore from savepoints?",
              "what do we require on each operator in the flink jobs so upgrades keep their "
              "state?"],
             "In manifestream every Flink operator gets an explicit, stable .uid(\"...\") plus "
             ".name(\"...\"); a uid never changes once deployed, because savepoints map state "
             "to operators by uid and auto-generated ids change with the job graph.",
             {"task": "add a dedup step right after the source in ShipmentEnrichmentJob — drop "
                      "events with the same shipment_id and lsn",
              "rule": "every operator gets an explicit .uid(\"...\") and a .name(), and a uid "
                      "never changes once its deployed. the generated ids shift whenever the "
                      "graph changes and then the savepoint won't restore",
              "contrary": edit(job, "        .filter(ShipmentEvent::isRelevant)\n",
                               "        .keyBy(ShipmentEvent::dedupKey)\n        .process(new "
                               "DropDuplicates())\n        .filter(ShipmentEvent::isRelevant)\n"),
              "follow": [edit(job, "        .filter(ShipmentEvent::isRelevant)\n",
                              "        .keyBy(ShipmentEvent::dedupKey)\n        .process(new "
                              "DropDuplicates())\n        .uid(\"dedup-shipment-lsn\")\n        "
                              ".name(\"dedup by shipment+lsn\")\n        "
                              ".filter(ShipmentEvent::isRelevant)\n"),
                         tests],
              "done": "The dedup operator has the uid \"dedup-shipment-lsn\" and a readable "
                      "name; the 41 tests pass.",
              "doc": ("docs/operating.md",
                      "# Operating the jobs\n\n## Operators\n\nEvery operator gets an explicit "
                      "`.uid(\"...\")` and a `.name(\"...\")`. Never change a uid once it has "
                      "been deployed: savepoints map state to operators by uid, and "
                      "auto-generated ids change whenever the job graph does, so the restore "
                      "fails.\n"),
              "found": "docs/operating.md requires an explicit .uid(\"...\") and .name() on "
                       "every operator, never changed after deploy, because savepoints map "
                       "state by uid."}),
        Fact("conv-ttl", "convention", ["StateTtlConfig"],
             ["I'm adding keyed state per shipment to the ETA operator, is there something I "
              "have to configure on it?",
              "what stops per-shipment state from growing forever in our flink jobs?"],
             "manifestream: every keyed state descriptor enables TTL with a StateTtlConfig of 7 "
             "days (OnCreateAndWrite), because shipments that never get a final event would "
             "otherwise stay in state forever (there was once a 400 GB checkpoint).",
             {"task": "in EtaUpdateFunction keep the last stop per shipment in a ValueState so we "
                      "can compute dwell",
              "rule": "every keyed state descriptor gets a StateTtlConfig, 7 days. shipments "
                      "that never see a delivered event sit in state forever otherwise — we had "
                      "a 400GB checkpoint once",
              "contrary": edit(eta, "  public void open(OpenContext ctx) {\n",
                               "  public void open(OpenContext ctx) {\n    lastStop = "
                               "getRuntimeContext().getState(new ValueStateDescriptor<>(\"last-"
                               "stop\", StopEvent.class));\n"),
              "follow": [edit(eta, "  public void open(OpenContext ctx) {\n",
                              "  public void open(OpenContext ctx) {\n    "
                              "ValueStateDescriptor<StopEvent> desc = new ValueStateDescriptor<>("
                              "\"last-stop\", StopEvent.class);\n    desc.enableTimeToLive("
                              "StateTtlConfig.newBuilder(Duration.ofDays(7))\n        "
                              ".setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)\n"
                              "        .build());\n    lastStop = getRuntimeContext().getState("
                              "desc);\n"),
                         tests],
              "done": "lastStop is a ValueState with a 7-day StateTtlConfig (refreshed on create "
                      "and write), so abandoned shipments age out. Tests pass.",
              "doc": ("docs/operating.md",
                      "# Operating the jobs\n\n## Keyed state\n\nEvery keyed state descriptor "
                      "enables TTL: `StateTtlConfig` of 7 days, `OnCreateAndWrite`. Shipments "
                      "that never get a final event would otherwise stay in state forever (we "
                      "once had a 400 GB checkpoint).\n"),
              "found": "docs/operating.md says every keyed state descriptor enables a 7-day "
                       "StateTtlConfig (OnCreateAndWrite)."}),
        Fact("cmd-local", "command", ["-Plocal-exec"],
             ["how do I run the enrichment job on my laptop from the terminal? it dies with "
              "class not found",
              "what's the maven invocation for starting one of the flink jobs locally with the "
              "flink libraries on the classpath?"],
             "manifestream's Flink dependencies are provided-scope, so running a job locally "
             "needs the local-exec profile: ./mvnw -Plocal-exec exec:java "
             "-Dexec.mainClass=com.halvard.manifest.ShipmentEnrichmentJob; plain exec:java "
             "fails with NoClassDefFoundError on Flink classes.",
             {"goal": "run ShipmentEnrichmentJob locally against the localstack stream so I "
                      "can see what comes out",
              "fail": bash("./mvnw exec:java -pl enrichment "
                           "-Dexec.mainClass=com.halvard.manifest.ShipmentEnrichmentJob",
                           "[INFO] --- exec:3.2.0:java (default-cli) @ enrichment ---\n"
                           "[WARNING]\njava.lang.NoClassDefFoundError: org/apache/flink/"
                           "streaming/api/environment/StreamExecutionEnvironment\n    at "
                           "com.halvard.manifest.ShipmentEnrichmentJob.main "
                           "(ShipmentEnrichmentJob.java:38)\nCaused by: "
                           "java.lang.ClassNotFoundException: org.apache.flink.streaming.api."
                           "environment.StreamExecutionEnvironment\n[ERROR] BUILD FAILURE", 1),
              "note": "The Flink dependencies are `provided` scope — the cluster supplies them — "
                      "so exec:java runs without them. The pom has a profile that puts them "
                      "back for local runs.",
              "ok": bash("./mvnw -Plocal-exec exec:java -pl enrichment "
                         "-Dexec.mainClass=com.halvard.manifest.ShipmentEnrichmentJob",
                         "[INFO] --- exec:3.2.0:java (default-cli) @ enrichment ---\nINFO  "
                         "MiniCluster - Starting Flink Mini Cluster\nINFO  "
                         "ShipmentEnrichmentJob - source: localstack stream local-shipments\n"
                         "EnrichedShipment{id=48213377, status=OUT_FOR_DELIVERY, depot=DO01}\n"
                         "EnrichedShipment{id=48213391, status=AT_HUB, depot=BO02}"),
              "done": "It runs on a local MiniCluster now, reading the localstack stream; "
                      "enriched events are printing.",
              "hint": "flink deps are provided scope. `./mvnw -Plocal-exec exec:java -pl "
                      "enrichment -Dexec.mainClass=...` puts them back",
              "script": ("enrichment/pom.xml",
                         "<profiles>\n  <profile>\n    <id>local-exec</id>\n    <!-- flink is "
                         "provided on the cluster; this puts it back for exec:java -->\n    "
                         "<dependencies>\n      <dependency>\n        "
                         "<groupId>org.apache.flink</groupId>\n        "
                         "<artifactId>flink-clients</artifactId>\n        "
                         "<version>${flink.version}</version>\n        "
                         "<scope>compile</scope>\n      </dependency>\n    </dependencies>\n  "
                         "</profile>\n</profiles>\n")}),
        Fact("cmd-resnapshot", "command", ["execute-snapshot"],
             ["how do I get debezium to resend every row of one table without starting over "
              "from scratch?",
              "a table is missing changes in the stream after the outage — how do we trigger a "
              "fresh read of just that table?"],
             "manifestream: to re-stream one table, insert an execute-snapshot signal "
             "(data-collections [public.<table>], type incremental) into debezium.signal on "
             "the TMS primary; Debezium Server has no HTTP endpoint for it.",
             {"goal": "stop_exceptions lost a few hours of changes in the stream during "
                      "tuesday's outage. get debezium to resend that table",
              "fail": bash("curl -sf -X POST http://debezium-server:8080/snapshot -H "
                           "'Content-Type: application/json' -d '{\"tables\": "
                           "[\"public.stop_exceptions\"]}'",
                           "curl: (22) The requested URL returned error: 404", 22),
              "note": "Debezium Server has no REST endpoint for snapshots. Ad-hoc snapshots go "
                      "through the signal table the connector watches.",
              "ok": bash("psql \"$TMS_PRIMARY_URL\" -c \"INSERT INTO debezium.signal (id, type, "
                         "data) VALUES (gen_random_uuid()::text, 'execute-snapshot', "
                         "'{\\\"data-collections\\\": [\\\"public.stop_exceptions\\\"], "
                         "\\\"type\\\": \\\"incremental\\\"}')\"", "INSERT 0 1"),
              "done": "Signal row inserted. Debezium is streaming an incremental snapshot of "
                      "public.stop_exceptions in 1024-row chunks alongside the live changes.",
              "hint": "theres no endpoint. you insert an execute-snapshot row into "
                      "debezium.signal on the primary",
              "script": ("runbooks/resnapshot.md",
                         "# Re-streaming one table\n\nDebezium Server has no HTTP API for this. "
                         "Insert a signal row on the TMS primary:\n\n    INSERT INTO "
                         "debezium.signal (id, type, data)\n    VALUES (gen_random_uuid()::text,"
                         " 'execute-snapshot',\n            '{\"data-collections\": "
                         "[\"public.<table>\"], \"type\": \"incremental\"}');\n")}),
        Fact("env-namespace", "environment", ["streaming-prod"],
             ["which kubernetes namespace do the flink jobs run in?",
              "I want to look at the pods of the running enrichment deployment — where do I "
              "point kubectl?"],
             "manifestream's Flink jobs (shipment-enrichment, eta-updates) run as "
             "FlinkDeployment resources of the Flink Kubernetes Operator in the namespace "
             "streaming-prod.",
             {"goal": "where does the enrichment job actually run in k8s? want to look at the "
                      "taskmanager pods",
              "assume": bash("kubectl get flinkdeployments -n flink",
                             "No resources found in flink namespace."),
              "probe": [bash("kubectl get flinkdeployments -A",
                             "NAMESPACE        NAME                  JOB STATUS   LIFECYCLE "
                             "STATE\nstreaming-prod   eta-updates           RUNNING      "
                             "STABLE\nstreaming-prod   shipment-enrichment   RUNNING      "
                             "STABLE")],
              "confirm": "Both jobs are FlinkDeployments in the streaming-prod namespace "
                         "(shipment-enrichment and eta-updates, RUNNING/STABLE), so `kubectl -n "
                         "streaming-prod get pods` shows their JobManager and TaskManager pods.",
              "said": "the flink stuff lives in streaming-prod since they rebuilt the "
                      "cluster"}),
        Fact("env-stream", "environment", ["tms-shipment-events-v2"],
             ["what's the kinesis stream called that debezium writes shipment changes to?",
              "I want to read a few raw change events for shipments with the aws cli — which "
              "stream?"],
             "manifestream: Debezium Server routes the TMS shipment changes to the Kinesis "
             "stream tms-shipment-events-v2 (eu-central-1, 8 shards) via a RegexRouter in "
             "debezium/application.properties.",
             {"goal": "which kinesis stream has the raw shipment changes? want to peek at a few "
                      "records",
              "assume": bash("aws kinesis describe-stream-summary --stream-name tms-shipments",
                             "An error occurred (ResourceNotFoundException) when calling the "
                             "DescribeStreamSummary operation: Stream tms-shipments under "
                             "account 441728903316 not found.", 254),
              "probe": [read("debezium/application.properties",
                             "debezium.sink.type=kinesis\ndebezium.sink.kinesis.region="
                             "eu-central-1\ndebezium.source.connector.class=io.debezium."
                             "connector.postgresql.PostgresConnector\ndebezium.source.plugin."
                             "name=pgoutput\ndebezium.source.topic.prefix=tms\n"
                             "debezium.transforms=route\ndebezium.transforms.route.type="
                             "org.apache.kafka.connect.transforms.RegexRouter\n"
                             "debezium.transforms.route.regex=tms\\.public\\.shipments\n"
                             "debezium.transforms.route.replacement=tms-shipment-events-v2\n"),
                        bash("aws kinesis describe-stream-summary --stream-name "
                             "tms-shipment-events-v2 --query "
                             "'StreamDescriptionSummary.[StreamStatus,OpenShardCount]'",
                             "[\n    \"ACTIVE\",\n    8\n]")],
              "confirm": "Shipment changes land in the Kinesis stream tms-shipment-events-v2 "
                         "(eu-central-1, ACTIVE, 8 shards): the RegexRouter in "
                         "debezium/application.properties renames tms.public.shipments to it.",
              "said": "shipment changes go to tms-shipment-events-v2, the v1 stream is dead"}),
        Fact("gotcha-heartbeat", "gotcha", ["heartbeat.action.query"],
             ["WAL keeps piling up on the tms database every weekend even though debezium is "
              "running fine — what's going on?",
              "the replication slot lag alert fires every sunday, how do we fix it for good?"],
             "manifestream: the Debezium slot's position only advances when a captured table "
             "changes, so on quiet weekends WAL from the rest of the TMS piles up on the "
             "primary; fixed with heartbeat.interval.ms plus a heartbeat.action.query that "
             "upserts a row in debezium.heartbeat (a captured table).",
             {"symptom": "paged again: tms primary disk at 91%, slot debezium_tms holding 180GB "
                         "of WAL. debezium is up and healthy??",
              "trace": " slot_name    | active | retained\n--------------+--------+----------\n"
                       " debezium_tms | t      | 180 GB",
              "probe": [read("debezium/application.properties",
                             "debezium.source.slot.name=debezium_tms\n"
                             "debezium.source.table.include.list=public.shipments,public.stops,"
                             "public.stop_exceptions\n"
                             "debezium.source.offset.flush.interval.ms=10000\n"),
                        bash("psql \"$TMS_PRIMARY_URL\" -c \"SELECT max(updated_at) FROM "
                             "shipments\"", "          max\n------------------------\n "
                             "2024-11-16 19:02:11+01\n(1 row)")],
              "explain": "The slot is active, but its confirmed position only moves when "
                         "Debezium sees a change in a table it captures — shipments, stops, "
                         "stop_exceptions. Those go quiet on weekends (last shipment update "
                         "saturday evening) while the rest of the TMS keeps writing WAL, and "
                         "Postgres must keep all of it for the slot. The fix is a heartbeat: "
                         "heartbeat.interval.ms plus a heartbeat.action.query that writes to a "
                         "small debezium.heartbeat table included in the capture, so the slot "
                         "always advances.",
              "fix": [edit("debezium/application.properties",
                           "debezium.source.table.include.list=public.shipments,public.stops,"
                           "public.stop_exceptions\n",
                           "debezium.source.table.include.list=public.shipments,public.stops,"
                           "public.stop_exceptions,debezium.heartbeat\n"
                           "debezium.source.heartbeat.interval.ms=60000\n"
                           "debezium.source.heartbeat.action.query=INSERT INTO "
                           "debezium.heartbeat (id, ts) VALUES (1, now()) ON CONFLICT (id) DO "
                           "UPDATE SET ts = now()\n")],
              "done": "Redeployed; retained WAL fell from 180 GB to under 200 MB within minutes "
                      "and stays flat.",
              "told": "the slot only moves when our tables change and nothing changes on "
                      "weekends, so we need heartbeats with a heartbeat.action.query",
              "repro": "./scripts/slot-report.sh --since 72h"}),
        Fact("gotcha-toast", "gotcha", ["__debezium_unavailable_value"],
             ["some delivery notes in the enriched shipment events got replaced by an odd "
              "placeholder string — why?",
              "after an update to a shipment row its long text column arrives as junk in the "
              "stream, what causes that?"],
             "manifestream: Postgres doesn't write unchanged TOASTed columns to the WAL, so "
             "Debezium sends the placeholder __debezium_unavailable_value for "
             "shipments.delivery_notes on updates that don't touch it; shipments is set to "
             "REPLICA IDENTITY FULL and the job ignores the placeholder.",
             {"symptom": "customer service says the tracking portal shows a weird string "
                         "instead of the delivery notes on some parcels",
              "trace": "{\"op\":\"u\",\"after\":{\"shipment_id\":48213377,\"status\":"
                       "\"OUT_FOR_DELIVERY\",\"delivery_notes\":"
                       "\"__debezium_unavailable_value\",\"depot_id\":\"DO01\"}}",
              "probe": [bash("psql \"$TMS_PRIMARY_URL\" -c \"SELECT relreplident FROM pg_class "
                             "WHERE relname = 'shipments'\"",
                             " relreplident \n--------------\n d\n(1 row)")],
              "explain": "delivery_notes is a long text column Postgres stores out of line "
                         "(TOAST). With the default replica identity an UPDATE that doesn't "
                         "change it doesn't put its value in the WAL, so Debezium can't know it "
                         "and sends the placeholder __debezium_unavailable_value — which the "
                         "enrichment job then wrote over the real notes. REPLICA IDENTITY FULL "
                         "on shipments makes Postgres log the whole row.",
              "fix": [bash("psql \"$TMS_PRIMARY_URL\" -c \"ALTER TABLE public.shipments "
                           "REPLICA IDENTITY FULL\"", "ALTER TABLE"),
                      edit(job, "    out.deliveryNotes = after.get(\"delivery_notes\");\n",
                           "    String notes = after.get(\"delivery_notes\");\n    if "
                           "(!UNAVAILABLE.equals(notes)) out.deliveryNotes = notes;\n")],
              "done": "New updates carry the real notes, and the job never copies the "
                      "placeholder; I'll backfill the overwritten notes from the TMS.",
              "told": "it's the TOAST thing, unchanged big columns aren't in the WAL so "
                      "debezium puts a placeholder in",
              "repro": "python tools/tail_stream.py --shipment 48213377 --limit 40"}),
        Fact("fals-heap", "falsified", ["HashMapStateBackend"],
             ["checkpoints on the eta job are slowish — would keeping state on the heap "
              "instead of rocksdb speed things up?",
              "why are the flink jobs still on rocksdb for state?"],
             "manifestream tried switching eta-updates from RocksDB to the heap-based "
             "HashMapStateBackend to save serialization time; TaskManagers ran out of heap at "
             "~2M open shipments, so the jobs stay on RocksDB.",
             {"ask": "rocksdb serialization is 30% of the eta-updates flame graph. switch its "
                     "state backend to HashMapStateBackend and let it run an hour",
              "change": [edit("k8s/eta-updates.yaml", "    state.backend.type: rocksdb\n",
                              "    state.backend.type: hashmap\n"),
                         bash("kubectl apply -f k8s/eta-updates.yaml",
                              "flinkdeployment.flink.apache.org/eta-updates configured")],
              "broke": bash("kubectl logs eta-updates-taskmanager-1-3 --previous | tail -4",
                            "java.lang.OutOfMemoryError: Java heap space\n\tat "
                            "java.base/java.util.HashMap.resize(HashMap.java:702)\n\tat "
                            "org.apache.flink.runtime.state.heap.CopyOnWriteStateMap.put("
                            "CopyOnWriteStateMap.java:318)\nTaskManager exited with code 137"),
              "revert": bash("git checkout -- k8s/eta-updates.yaml && kubectl apply -f "
                             "k8s/eta-updates.yaml",
                             "flinkdeployment.flink.apache.org/eta-updates configured"),
              "conclusion": "Reverted to RocksDB. With HashMapStateBackend all state lives on "
                            "the TaskManager heap, and eta-updates' ~2M open shipments don't "
                            "fit: TaskManagers died with OutOfMemoryError within the hour. The "
                            "serialization cost is the price of keeping state off-heap.",
              "want": "eta-updates spends ages in rocksdb serialization. anything cheap to "
                      "speed it up?",
              "offer": "The cheapest change is the heap-based HashMapStateBackend instead of "
                       "RocksDB — no serialization on each state access. Switch eta-updates "
                       "over?",
              "story": "we ran eta-updates on HashMapStateBackend for a day last year. heap "
                       "blew up at ~2 million open shipments, taskmanagers OOM-looping all "
                       "night. rocksdb stays",
              "title": "Heap state backend for eta-updates"}),
        Fact("fals-flinkcdc", "falsified", ["postgres-cdc"],
             ["why is debezium server still sitting in the middle — couldn't the flink job "
              "read the tms database directly?",
              "has anyone tried cutting out kinesis and reading the database's changes inside "
              "flink itself?"],
             "manifestream spiked Flink CDC's postgres-cdc source to replace Debezium Server + "
             "Kinesis; its initial snapshot of shipments was heading for ~10 hours on the busy "
             "primary while its slot held ~100 GB of WAL, and failed checkpoints restarted "
             "snapshot chunks, so it was dropped.",
             {"ask": "replace debezium server + kinesis with the flink cdc postgres-cdc source "
                     "directly in the enrichment job, one less moving part",
              "change": [edit("enrichment/pom.xml", "  <dependencies>\n",
                              "  <dependencies>\n    <dependency>\n      "
                              "<groupId>org.apache.flink</groupId>\n      "
                              "<artifactId>flink-connector-postgres-cdc</artifactId>\n      "
                              "<version>3.1.1</version>\n    </dependency>\n"),
                         edit(job, "    KinesisStreamsSource<ShipmentEvent> source = "
                                   "kinesisSource(config);\n",
                              "    PostgresIncrementalSource<ShipmentEvent> source = "
                              "tmsCdcSource(config);\n")],
              "broke": bash("python tools/cdc_spike_report.py",
                            "initial snapshot: public.shipments 31% after 3h02m (est. 9h50m)\n"
                            "slot flink_cdc_spike retained WAL: 96 GB and growing\ncheckpoint 14 "
                            "failed (timeout) -> snapshot split 212 restarted\nABORTED", 1),
              "revert": bash("git checkout -- enrichment/pom.xml " + job, ""),
              "conclusion": "Reverted. The postgres-cdc source works, but its initial snapshot "
                            "of shipments was heading for ten hours against the busy primary, "
                            "its slot held 96 GB of WAL meanwhile, and a timed-out checkpoint "
                            "restarted a snapshot split. Debezium Server in front of Kinesis "
                            "keeps the database side independent of job restarts.",
              "want": "debezium server plus kinesis is a lot of moving parts just to get rows "
                      "into flink. can we simplify?",
              "offer": "Flink CDC has a postgres-cdc source that reads the replication stream "
                       "inside the Flink job, so Debezium Server and the Kinesis hop could go. "
                       "Want me to prototype it?",
              "story": "we spiked flink cdc's postgres-cdc source in q1. the initial snapshot of "
                       "shipments would've taken ~10h on the primary, the slot held 100GB of "
                       "WAL meanwhile, failed checkpoints restarted chunks. debezium server + "
                       "kinesis stays",
              "title": "Flink CDC source instead of Debezium Server"}),
    ]
    chatter = [
        "2024-11-19 07:58:01,112 INFO  io.debezium.server.DebeziumServer - Engine started",
        "2024-11-19 07:58:01,530 INFO  io.debezium.connector.postgresql.PostgresStreamingChange"
        "EventSource - Processing messages",
        "2024-11-19 07:58:12,004 INFO  io.debezium.connector.common.BaseSourceTask - 1042 "
        "records sent during previous 00:00:10.474",
        "2024-11-19 07:58:22,019 INFO  io.debezium.connector.common.BaseSourceTask - 988 "
        "records sent during previous 00:00:10.015",
        "2024-11-19 07:58:30,101 INFO  org.apache.flink.runtime.checkpoint.CheckpointCoordinator"
        " - Completed checkpoint 18231 (412 MB) in 3180 ms",
        "2024-11-19 07:58:32,044 INFO  io.debezium.connector.common.BaseSourceTask - 1121 "
        "records sent during previous 00:00:10.025",
        "2024-11-19 07:58:41,870 INFO  io.debezium.server.kinesis.KinesisChangeConsumer - put "
        "batch of 500 records",
        "2024-11-19 07:58:42,063 INFO  io.debezium.connector.common.BaseSourceTask - 1007 "
        "records sent during previous 00:00:10.019",
        "2024-11-19 07:58:52,080 INFO  io.debezium.connector.common.BaseSourceTask - 954 "
        "records sent during previous 00:00:10.017",
        "2024-11-19 07:59:00,118 INFO  org.apache.flink.runtime.checkpoint.CheckpointCoordinator"
        " - Triggering checkpoint 18232",
        "2024-11-19 07:59:02,094 INFO  io.debezium.connector.common.BaseSourceTask - 1063 "
        "records sent during previous 00:00:10.014",
        "2024-11-19 07:59:03,377 INFO  org.apache.flink.runtime.checkpoint.CheckpointCoordinator"
        " - Completed checkpoint 18232 (409 MB) in 3259 ms",
        "2024-11-19 07:59:11,902 INFO  io.debezium.server.kinesis.KinesisChangeConsumer - put "
        "batch of 500 records",
        "2024-11-19 07:59:12,108 INFO  io.debezium.connector.common.BaseSourceTask - 1010 "
        "records sent during previous 00:00:10.014",
        "2024-11-19 07:59:22,131 INFO  io.debezium.connector.common.BaseSourceTask - 977 "
        "records sent during previous 00:00:10.023",
    ]
    noise: list[Episode] = [
        look("what does ShipmentEvent carry again?",
             "enrichment/src/main/java/com/halvard/manifest/ShipmentEvent.java",
             "public record ShipmentEvent(\n    long shipmentId,\n    String status,\n    "
             "String depotId,\n    Instant changedAt,\n    long lsn) {\n\n  boolean isRelevant() "
             "{\n    return !\"DRAFT\".equals(status);\n  }\n}\n",
             "shipmentId, status, depotId, changedAt and the lsn; isRelevant() drops drafts."),
        find("where is the depot lookup loaded?", "DepotLookup",
             ["enrichment/src/main/java/com/halvard/manifest/DepotLookup.java",
              "enrichment/src/main/java/com/halvard/manifest/ShipmentEnrichmentJob.java",
              "enrichment/src/test/java/com/halvard/manifest/DepotLookupTest.java"],
             "DepotLookup.java defines it, the enrichment job uses it, and there's a test."),
        tweak("log message says 'recieved'", job, "LOG.debug(\"recieved {} events\"",
              "LOG.debug(\"received {} events\"", "Fixed the spelling."),
        run("what flink version are we building against?",
            "./mvnw -q help:evaluate -Dexpression=flink.version -DforceStdout", "1.19.1",
            "Flink 1.19.1."),
        talk("tomasz asks if the tms team can add a column to shipments without telling us",
             "Adding a nullable column is safe for Debezium and the jobs (the events just gain "
             "a field); renames and type changes aren't, so those need a heads-up."),
        steps("how far behind is the enrichment job right now?",
              [bash("kubectl get flinkdeployment shipment-enrichment -o "
                    "jsonpath='{.status.jobStatus.state}'", "RUNNING"),
               bash("python tools/lag.py --job shipment-enrichment",
                    "source lag: 1.8 s (p95 4.2 s over the last hour)")],
              "It's running and about 2 seconds behind (4 s at p95 over the last hour)."),
        [Step(prompt="add a metric for events dropped by the relevance filter"),
         Step(tools=[edit(job, "        .filter(ShipmentEvent::isRelevant)\n",
                          "        .filter(new CountingFilter<>(ShipmentEvent::isRelevant, "
                          "\"dropped_irrelevant\"))\n")]),
         Step(text="Wrapped the filter in CountingFilter, which bumps a dropped_irrelevant "
                   "counter."),
         Step(prompt="does CountingFilter exist already?"),
         Step(tools=[bash("ls enrichment/src/main/java/com/halvard/manifest/ | grep -i count",
                          "CountingFilter.java")]),
         Step(text="Yes — CountingFilter.java is already in the package.")],
        steps("summarise the open MRs",
              [agent("Summarise open merge requests", "List open merge requests with a "
                     "one-line summary each.",
                     "!388 bump aws-sdk to 2.28 (renovate), !391 ETA: handle depot closures on "
                     "holidays (Tomasz), !393 README: local setup section (Mara, draft).",
                     "a4e0b7c21d93", "general-purpose", 3)],
              "Three open: a Renovate SDK bump, Tomasz's holiday closures for ETA, and your "
              "draft README change."),
    ]
    return Project(
        "manifestream", "git@gitlab.halvard.internal:data/manifestream.git",
        {"README.md": "# manifestream\n\nTMS change events into Flink (Debezium Server, "
                      "Kinesis).\n",
         "pom.xml": "<project>\n  <artifactId>manifestream</artifactId>\n  "
                    "<modules><module>enrichment</module></modules>\n</project>\n",
         "docs/onboarding.md": "# Onboarding\n\n## Environment\n"},
        _equip(facts, mate="Tomasz", newbie="Aylin", chatter=chatter,
               naive=bash("kubectl rollout restart deployment/debezium-server",
                          "deployment.apps/debezium-server restarted")),
        noise, "github")


# ------------------------------------------------------------------- carrierpull
def carrierpull() -> Project:
    gls = "flows/tasks/gls.py"
    dpd = "flows/tasks/dpd.py"
    unit = bash("pytest -q tests/tasks", "........                                    [100%]\n"
                                         "8 passed in 0.74s")
    facts = [
        Fact("conv-backoff", "convention", ["exponential_backoff"],
             ["I'm writing the task that calls the new GLS tracking api — how should retries be "
              "set up on it?",
              "what retry settings do the carrier api tasks get in our prefect flows?"],
             "carrierpull: every Prefect task that calls a carrier API has retries=4, "
             "retry_delay_seconds=exponential_backoff(backoff_factor=10) and "
             "retry_jitter_factor=0.5, because carrier APIs rate-limit and flap and fixed "
             "delays hit them in lockstep.",
             {"task": "add a task fetch_gls_events(since) that pulls tracking events from the GLS "
                      "api and use it in the tracking flow",
              "rule": "carrier api tasks always get retries=4, retry_delay_seconds="
                      "exponential_backoff(backoff_factor=10), retry_jitter_factor=0.5. those "
                      "apis flap all the time and a fixed delay just hammers them in lockstep",
              "contrary": write(gls,
                                "from prefect import task\n\n\n@task(retries=2, "
                                "retry_delay_seconds=30)\ndef fetch_gls_events(since):\n    "
                                "return gls_client().events(since=since)\n"),
              "follow": [write(gls,
                               "from prefect import task\nfrom prefect.tasks import "
                               "exponential_backoff\n\n\n@task(retries=4, retry_delay_seconds="
                               "exponential_backoff(backoff_factor=10), retry_jitter_factor=0.5)"
                               "\ndef fetch_gls_events(since):\n    return "
                               "gls_client().events(since=since)\n"),
                         edit("flows/tracking.py", "    events += fetch_dpd_events(since)\n",
                              "    events += fetch_dpd_events(since)\n    events += "
                              "fetch_gls_events(since)\n"),
                         unit],
              "done": "fetch_gls_events retries 4 times with exponential_backoff(backoff_factor="
                      "10) and 0.5 jitter, and the tracking flow calls it after DPD. Tests "
                      "pass.",
              "doc": ("CONVENTIONS.md",
                      "# carrierpull conventions\n\n## Carrier API tasks\n\n```python\n"
                      "@task(retries=4, retry_delay_seconds=exponential_backoff(backoff_factor="
                      "10), retry_jitter_factor=0.5)\n```\n\nCarrier APIs rate-limit and flap; "
                      "a fixed delay hits them in lockstep.\n"),
              "found": "CONVENTIONS.md prescribes retries=4 with retry_delay_seconds="
                       "exponential_backoff(backoff_factor=10) and retry_jitter_factor=0.5 on "
                       "every carrier API task."}),
        Fact("conv-blocks", "convention", ["Secret.load"],
             ["where should the api credentials for the new DPD integration come from inside "
              "the flow?",
              "can I just read the carrier's api token from an environment variable in the "
              "task?"],
             "carrierpull: carrier credentials are never in code, env vars or .env files; "
             "they live in Prefect Secret blocks named carrier-<name>-api, read with "
             "Secret.load(\"carrier-<name>-api\").get() inside the task.",
             {"task": "wire up DPD: fetch_dpd_events needs the api key and our customer number",
              "rule": "creds come from prefect Secret blocks named carrier-<name>-api, read with "
                      "Secret.load(...).get() inside the task. no env vars, no .env, nothing in "
                      "code — the k8s workers dont have them and we rotate via the blocks",
              "contrary": edit(dpd, "def fetch_dpd_events(since):\n",
                               "API_KEY = os.environ[\"DPD_API_KEY\"]\nCUSTOMER = "
                               "os.environ[\"DPD_CUSTOMER_NO\"]\n\n\ndef "
                               "fetch_dpd_events(since):\n"),
              "follow": [edit(dpd, "def fetch_dpd_events(since):\n",
                              "def fetch_dpd_events(since):\n    creds = json.loads("
                              "Secret.load(\"carrier-dpd-api\").get())\n    client = "
                              "DpdClient(creds[\"api_key\"], creds[\"customer_no\"])\n"),
                         edit(dpd, "import json\n",
                              "import json\n\nfrom prefect.blocks.system import Secret\n"),
                         bash("prefect block ls | grep carrier-",
                              "│ secret │ carrier-dhl-api │\n│ secret │ carrier-dpd-api │\n│ "
                              "secret │ carrier-ups-api │")],
              "done": "fetch_dpd_events reads the key and customer number from the "
                      "carrier-dpd-api block with Secret.load(...).get() at run time; the block "
                      "exists on the server.",
              "doc": ("CONVENTIONS.md",
                      "# carrierpull conventions\n\n## Credentials\n\nCarrier credentials live "
                      "in Prefect Secret blocks named `carrier-<name>-api` and are read inside "
                      "the task with `Secret.load(\"carrier-<name>-api\").get()`. No env vars, "
                      "no .env files, nothing in code: the workers don't have them, and "
                      "rotation happens in the blocks.\n"),
              "found": "CONVENTIONS.md says carrier credentials come from Secret blocks named "
                       "carrier-<name>-api via Secret.load(...).get() inside the task — never "
                       "env vars or code."}),
        Fact("cmd-deploy", "command", ["prefect deploy --all"],
             ["how do I push my changed flow to the prefect server so the schedule picks it "
              "up?",
              "what's the command that registers every deployment defined in prefect.yaml?"],
             "carrierpull deploys every flow declared in prefect.yaml with `prefect deploy "
             "--all` from the repo root (CI does the same on main); the old `prefect "
             "deployment build` no longer exists in Prefect 3.",
             {"goal": "redeploy the tracking flow, I changed its schedule to every 20 min",
              "fail": bash("prefect deployment build flows/tracking.py:pull_tracking -n tracking",
                           "Usage: prefect deployment [OPTIONS] COMMAND [ARGS]...\nTry "
                           "'prefect deployment --help' for help.\n╭─ Error "
                           "───────────────────────╮\n│ No such command 'build'.      │\n"
                           "╰───────────────────────────────╯", 2),
              "note": "`prefect deployment build` was removed in Prefect 3: deployments are "
                      "declared in prefect.yaml and pushed with prefect deploy.",
              "ok": bash("prefect deploy --all",
                         "Deploying all flows with an existing deployment configuration...\n"
                         "Deployment 'pull-tracking/tracking' successfully created with id "
                         "'6f0a1c3e-2b9d-4e51-9a77-1c0d5e2f8b14'.\nDeployment "
                         "'pull-edi214/edi214' successfully created with id "
                         "'a2d47e90-7c1b-4f3a-8e65-0b9f3c21d6aa'."),
              "done": "Both deployments are updated; tracking now runs every 20 minutes.",
              "hint": "deployment build is gone in prefect 3. its `prefect deploy --all` from the "
                      "repo root, it reads prefect.yaml",
              "script": (".gitlab-ci.yml",
                         "deploy:\n  stage: deploy\n  image: python:3.12-slim\n  script:\n    - "
                         "pip install -r requirements.txt\n    - prefect deploy --all\n  "
                         "rules:\n    - if: $CI_COMMIT_BRANCH == \"main\"\n")}),
        Fact("cmd-soda", "command", ["halvard_dwh"],
             ["how do I run the data quality checks for the tracking tables by hand?",
              "the quality scan in the nightly flow failed, how do I rerun just that scan from "
              "my shell?"],
             "carrierpull runs its Soda checks with `soda scan -d halvard_dwh -c "
             "soda/configuration.yml soda/checks/<table>.yml`; both the data source name "
             "halvard_dwh and the configuration file are required.",
             {"goal": "run the soda checks on tracking_events, the row count looked low this "
                      "morning",
              "fail": bash("soda scan soda/checks/tracking_events.yml",
                           "Usage: soda scan [OPTIONS] [SODACL_PATHS]...\nTry 'soda scan "
                           "--help' for help.\n\nError: Missing option '-d' / "
                           "'--data-source'.", 2),
              "note": "soda scan needs the data source name and the configuration file that "
                      "defines it.",
              "ok": bash("soda scan -d halvard_dwh -c soda/configuration.yml "
                         "soda/checks/tracking_events.yml",
                         "Soda Core 3.3.5\nScan summary:\n5/6 checks PASSED:\n1/6 checks "
                         "FAILED:\n    tracking_events in halvard_dwh\n      row_count > 50000 "
                         "[FAILED]\n        check_value: 31877\nOops! 1 failures. 0 warnings. "
                         "0 errors. 5 pass."),
              "done": "The row-count check fails: 31,877 rows yesterday against the 50,000 "
                      "floor. The other five pass, so it looks like a short carrier load rather "
                      "than a schema problem.",
              "hint": "soda wants -d and the config. `soda scan -d halvard_dwh -c "
                      "soda/configuration.yml <checks file>`",
              "script": ("flows/quality.py",
                         "@task\ndef run_soda(checks_file: str) -> None:\n    "
                         "subprocess.run([\"soda\", \"scan\", \"-d\", \"halvard_dwh\", \"-c\", "
                         "\"soda/configuration.yml\", checks_file], check=True)\n")}),
        Fact("env-pool", "environment", ["k8s-ingest"],
             ["which work pool do the carrier flows run on?",
              "a flow run is sitting in pending — where are the workers that are supposed to "
              "pick it up?"],
             "carrierpull's deployments all run on the Prefect work pool k8s-ingest (a "
             "Kubernetes pool whose worker runs in the data EKS cluster), set in prefect.yaml; "
             "there is no default process pool.",
             {"goal": "where do our deployments actually execute — which work pool?",
              "assume": bash("prefect work-pool inspect default",
                             "Work pool 'default' not found!", 1),
              "probe": [read("prefect.yaml",
                             "deployments:\n- name: tracking\n  entrypoint: "
                             "flows/tracking.py:pull_tracking\n  schedules:\n  - cron: '*/20 * "
                             "* * *'\n  work_pool:\n    name: k8s-ingest\n    job_variables:\n"
                             "      image: registry.halvard.internal/data/carrierpull:"
                             "{{ $IMAGE_TAG }}\n"),
                        bash("prefect work-pool inspect k8s-ingest | head -5",
                             "WorkPool(\n    name='k8s-ingest',\n    type='kubernetes',\n    "
                             "is_paused=False,\n    concurrency_limit=12,")],
              "confirm": "prefect.yaml puts the deployments on the work pool k8s-ingest, a "
                         "Kubernetes pool (not paused, concurrency limit 12) whose worker runs "
                         "in the data EKS cluster. There's no default process pool.",
              "said": "everything runs on the k8s-ingest pool now, the old process worker on "
                      "the vm is gone"}),
        Fact("env-sftp", "environment", ["2222"],
             ["what port is the edi sftp gateway on? 22 just times out",
              "how do I connect to the box where the carriers drop their 214 files?"],
             "carrierpull: carriers drop EDI 214 files on the SFTP gateway "
             "edi-gw.halvard.internal, port 2222 (22 is firewalled), under "
             "/inbound/214/<carrier>/.",
             {"goal": "how do I get onto the edi sftp box, want to see what brenner dropped "
                      "today",
              "assume": bash("sftp carrierpull@edi-gw.halvard.internal",
                             "ssh: connect to host edi-gw.halvard.internal port 22: Connection "
                             "timed out\nConnection closed", 255),
              "probe": [read("flows/edi214.py",
                             "SFTP_HOST = \"edi-gw.halvard.internal\"\nSFTP_PORT = 2222\n"
                             "INBOUND = \"/inbound/214\"\n\n\n@flow\ndef pull_edi(carrier: str) "
                             "-> int:\n    ...\n"),
                        bash("echo 'ls /inbound/214/brenner' | sftp -P 2222 "
                             "carrierpull@edi-gw.halvard.internal",
                             "sftp> ls /inbound/214/brenner\nBRN214_20241119_0600.edi  "
                             "BRN214_20241119_1200.edi")],
              "confirm": "The EDI gateway is edi-gw.halvard.internal on port 2222 — 22 is "
                         "firewalled — so `sftp -P 2222 carrierpull@edi-gw.halvard.internal`. "
                         "Brenner's files are in /inbound/214/brenner (two today, 06:00 and "
                         "12:00).",
              "said": "edi sftp listens on 2222, 22 is blocked at the firewall"}),
        Fact("gotcha-merge-key", "gotcha", ["primary_key"],
             ["why does tracking_events get duplicate rows for the same scan every time the "
              "pipeline reruns?",
              "dlt's merge keeps appending rows instead of upserting them, what am I "
              "missing?"],
             "carrierpull: a dlt resource with write_disposition=\"merge\" but no primary_key "
             "(or merge_key) silently behaves like append, so reruns duplicated tracking "
             "events; the resources declare primary_key=(\"carrier\", \"event_id\").",
             {"symptom": "tracking_events has every gls event 3-4 times since tuesday. the "
                         "resource is merge, so how",
              "trace": " carrier | event_id      | count\n---------+---------------+-------\n "
                       "gls     | 8813204419-07 |     4\n gls     | 8813204419-08 |     4\n "
                       "gls     | 8813311002-01 |     3",
              "probe": [read("pipelines/tracking.py",
                             "@dlt.resource(name=\"tracking_events\", write_disposition="
                             "\"merge\")\ndef gls_events(since=dlt.sources.incremental("
                             "\"event_time\")):\n    yield from "
                             "fetch_gls_events(since.last_value)\n")],
              "explain": "The GLS resource is write_disposition=\"merge\" but declares no "
                         "primary_key (and no merge_key). Without a key dlt has nothing to "
                         "match rows on, so merge degrades to a plain append, and every rerun "
                         "that re-fetches an overlapping window inserts the same events again.",
              "fix": [edit("pipelines/tracking.py",
                           "@dlt.resource(name=\"tracking_events\", write_disposition="
                           "\"merge\")\n",
                           "@dlt.resource(name=\"tracking_events\", write_disposition="
                           "\"merge\",\n              primary_key=(\"carrier\", "
                           "\"event_id\"))\n")],
              "done": "With primary_key=(\"carrier\", \"event_id\") a rerun updates in place; "
                      "I deduplicated the existing rows and a second rerun added nothing.",
              "told": "the gls resource has no primary_key so dlt just appends",
              "repro": "python pipelines/tracking.py --carrier gls --since 2024-11-18"}),
        Fact("gotcha-encoding", "gotcha", ["cp1252"],
             ["parsing the edi files from one carrier crashes on street names with umlauts — "
              "what's up?",
              "what text encoding do brenner's 214 files come in?"],
             "carrierpull: Brenner Spedition's EDI 214 files are Windows-1252 (cp1252), not "
             "UTF-8; decoding them as UTF-8 fails on umlauts (byte 0xfc), so the parser "
             "decodes Brenner files as cp1252 via CARRIER_ENCODINGS.",
             {"symptom": "edi214 flow failed on brenner's noon file",
              "trace": "Traceback (most recent call last):\n  File \"/app/flows/edi214.py\", "
                       "line 88, in parse_file\n    text = raw.decode(\"utf-8\")\n"
                       "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xfc in position "
                       "1183: invalid start byte",
              "probe": [bash("xxd -s 1176 -l 16 /tmp/BRN214_20241119_1200.edi",
                             "000004a0: 4e31 2a4d fc6e 6368 6e65 7220 5374 722e  "
                             "N1*M.nchner Str.")],
              "explain": "Byte 0xfc is 'ü' in Windows-1252 — that's 'Münchner Str.' in an N1 "
                         "segment. Brenner's system writes its 214s in cp1252, not UTF-8, so "
                         "decode('utf-8') dies on the first umlaut. Their files have to be "
                         "decoded as cp1252.",
              "fix": [edit("flows/edi214.py", "    text = raw.decode(\"utf-8\")\n",
                           "    text = raw.decode(CARRIER_ENCODINGS.get(carrier, \"utf-8\"))\n"),
                      edit("flows/edi214.py", "INBOUND = \"/inbound/214\"\n",
                           "INBOUND = \"/inbound/214\"\nCARRIER_ENCODINGS = {\"brenner\": "
                           "\"cp1252\"}\n")],
              "done": "Reran the noon file: all status segments parsed, 'Münchner Str.' intact.",
              "told": "brenner sends windows-1252, not utf-8",
              "repro": "python -m flows.edi214 --carrier brenner --file "
                       "/tmp/BRN214_20241119_1200.edi"}),
        Fact("fals-parallel", "falsified", ["parallelized"],
             ["the DPD backfill is really slow, can we just fetch the pages concurrently?",
              "did we try running the carrier api resources in parallel with dlt?"],
             "carrierpull tried dlt's parallelized=True on the DPD resources to speed up a "
             "backfill; DPD answered with 429s and then blocked the egress IP for 24 hours, so "
             "carrier resources run sequentially.",
             {"ask": "the dpd backfill for october takes 6 hours. set parallelized=True on the "
                     "dpd resource and rerun october",
              "change": [edit("pipelines/dpd.py", "@dlt.resource(name=\"dpd_events\")\n",
                              "@dlt.resource(name=\"dpd_events\", parallelized=True)\n")],
              "broke": bash("python pipelines/dpd.py --backfill 2024-10-01:2024-10-31",
                            "dpd: page 1..40 requested concurrently\ndpd: 429 Too Many Requests "
                            "(x31)\ndpd: 403 Forbidden: client IP 185.44.17.90 blocked for 24h "
                            "(rate limit violation)\nload failed", 1),
              "revert": bash("git checkout -- pipelines/dpd.py", ""),
              "conclusion": "Reverted to sequential. With parallelized=True dlt requested the "
                            "DPD pages concurrently; DPD answered with 429s within a minute and "
                            "then blocked our egress IP for 24 hours. DPD backfills have to run "
                            "one page at a time, split across nights if needed.",
              "want": "the dpd backfill is painfully slow, one page at a time. speed it up?",
              "offer": "dlt can fetch a resource's pages concurrently — set parallelized=True "
                       "on the DPD resource. Want me to do that?",
              "story": "we tried parallelized=True on the dpd resource during the q3 backfill. "
                       "dpd threw 429s and then blocked our egress ip for a whole day, ops had "
                       "no tracking updates until the next morning. carriers run sequential",
              "title": "Parallel page fetching for carrier backfills"}),
        Fact("fals-contract", "falsified", ["freeze"],
             ["can we make the loads fail when a carrier api suddenly adds new fields, so we "
              "notice?",
              "did we ever lock down the schema of the tracking tables in dlt?"],
             "carrierpull tried dlt schema contracts with columns set to freeze on the tracking "
             "resources to catch API changes; carriers add fields so often that nightly loads "
             "kept failing, so new columns evolve and a Soda schema check reports them "
             "instead.",
             {"ask": "set schema_contract={'columns': 'freeze'} on the tracking resources so "
                     "api changes blow up loudly instead of sneaking in",
              "change": [edit("pipelines/tracking.py",
                              "@dlt.source(name=\"tracking\")\n",
                              "@dlt.source(name=\"tracking\", schema_contract={\"columns\": "
                              "\"freeze\"})\n")],
              "broke": bash("python pipelines/tracking.py --carrier ups --since 2024-11-19",
                            "dlt.common.schema.exceptions.DataValidationError: In schema: "
                            "tracking: In Schema: tracking Table: tracking_events Column: "
                            "carbon_footprint_g . Contract on columns with mode freeze is "
                            "violated. Trying to add column carbon_footprint_g to table "
                            "tracking_events but columns are frozen.", 1),
              "revert": bash("git checkout -- pipelines/tracking.py", ""),
              "conclusion": "Reverted. With the columns contract on freeze the very next UPS load "
                            "died because UPS had added a carbon_footprint_g field — carriers "
                            "add fields like that constantly, and each one would stop the "
                            "nightly loads. Better to let columns evolve and have a Soda schema "
                            "check report new ones.",
              "want": "I'd like to know when a carrier api starts sending new fields instead "
                      "of them just quietly showing up in the tables",
              "offer": "dlt schema contracts can do that: set the columns contract to freeze "
                       "and any new field fails the load. Add it to the tracking resources?",
              "story": "we had the columns contract on freeze for a week in august. loads failed "
                       "4 nights out of 7 because some carrier added a field, ops woke up to "
                       "stale tracking. columns evolve now and soda's schema check warns us",
              "title": "Frozen schema contract on tracking loads"}),
    ]
    chatter = [
        "08:00:01.204 | INFO    | prefect.flow_runs - Beginning flow run 'crimson-wombat' for "
        "flow 'pull-tracking'",
        "08:00:01.530 | INFO    | Task run 'fetch_dhl_events-0' - Created task run",
        "08:00:02.911 | INFO    | Task run 'fetch_dhl_events-0' - 412 events since "
        "2024-11-19T07:40:00Z",
        "08:00:02.977 | INFO    | Task run 'fetch_dhl_events-0' - Finished in state "
        "Completed()",
        "08:00:03.120 | INFO    | Task run 'fetch_ups_events-0' - Created task run",
        "08:00:04.860 | INFO    | Task run 'fetch_ups_events-0' - 1,207 events since "
        "2024-11-19T07:40:00Z",
        "08:00:04.902 | INFO    | Task run 'fetch_ups_events-0' - Finished in state "
        "Completed()",
        "08:00:05.015 | INFO    | dlt - Extract tracking: 1619 items in 2 resources",
        "08:00:06.344 | INFO    | dlt - Normalize tracking: 1 load package, 1619 rows",
        "08:00:09.771 | INFO    | dlt - Load tracking to trino: 1 load package completed",
        "08:00:09.802 | INFO    | Task run 'load_tracking-0' - Finished in state Completed()",
        "08:00:10.115 | INFO    | Task run 'notify_ops-0' - nothing to report",
        "08:00:10.140 | INFO    | prefect.flow_runs - Finished in state Completed()",
        "08:00:10.301 | INFO    | prefect.flow_runs - Beginning flow run 'amber-heron' for "
        "flow 'pull-edi214'",
        "08:00:11.022 | INFO    | Task run 'list_inbound-0' - 3 new files",
    ]
    noise: list[Episode] = [
        look("what does the tracking flow do, step by step?", "flows/tracking.py",
             "@flow(name=\"pull-tracking\")\ndef pull_tracking(since: datetime | None = None):\n"
             "    since = since or last_success()\n    events = fetch_dhl_events(since)\n    "
             "events += fetch_ups_events(since)\n    events += fetch_dpd_events(since)\n    "
             "load_tracking(events)\n    notify_ops(events)\n",
             "It starts from the last successful run, fetches DHL, UPS and DPD events, loads "
             "them, then notifies ops."),
        find("where do we map carrier status codes to ours?", "STATUS_MAP",
             ["flows/status_map.py", "flows/edi214.py", "tests/test_status_map.py"],
             "flows/status_map.py defines STATUS_MAP; the EDI parser and a test use it."),
        tweak("the ops notification says 'trackign'", "flows/notify.py",
              "new trackign exceptions", "new tracking exceptions", "Fixed."),
        run("how many flow runs failed this week?",
            "prefect flow-run ls --state FAILED --limit 50 | tail -n +3 | wc -l", "3",
            "Three failed runs this week."),
        talk("oskar asks whether we should move the edi flow to its own repo",
             "Not yet: it shares the status mapping, the notification task and the load step "
             "with the API flows. Splitting it would mean publishing those as a package "
             "first."),
        steps("which carriers send EDI and which have APIs?",
              [bash("ls flows/tasks/", "__init__.py\ndhl.py\ndpd.py\nups.py"),
               bash("ls soda/checks/", "edi_status_events.yml\ntracking_events.yml")],
              "DHL, DPD and UPS come through APIs (flows/tasks); the EDI 214 files are checked "
              "separately in edi_status_events."),
        [Step(prompt="add 'RETURNED_TO_SENDER' to the status map, dhl started sending it"),
         Step(tools=[edit("flows/status_map.py", "    \"DELIVERED\": Status.DELIVERED,\n",
                          "    \"DELIVERED\": Status.DELIVERED,\n    \"RETURNED_TO_SENDER\": "
                          "Status.RETURNED,\n")]),
         Step(text="Mapped RETURNED_TO_SENDER to Status.RETURNED."),
         Step(prompt="test?"),
         Step(tools=[bash("pytest -q tests/test_status_map.py", "....\n4 passed in 0.12s")]),
         Step(text="4 passed.")],
        steps("anything in the last failed runs' logs worth knowing?",
              [agent("Read failed run logs", "Read the logs of this week's three failed flow "
                     "runs and summarise the causes.",
                     "All three were UPS API timeouts between 02:00 and 02:20 on Sunday "
                     "(their maintenance window); the next scheduled runs succeeded.",
                     "a2f8c6d40b17", "general-purpose", 4)],
              "All three were UPS timeouts during their Sunday-night maintenance window; the "
              "following runs caught up."),
    ]
    return Project(
        "carrierpull", "git@gitlab.halvard.internal:data/carrierpull.git",
        {"README.md": "# carrierpull\n\nCarrier tracking ingestion (Prefect, dlt, Soda).\n",
         "requirements.txt": "prefect==3.1.2\ndlt[trino]==1.3.0\nsoda-core-trino==3.3.5\n",
         "docs/onboarding.md": "# Onboarding\n\n## Environment\n"},
        _equip(facts, mate="Oskar", newbie="Femi", chatter=chatter,
               naive=bash("kubectl rollout restart deployment/prefect-worker-k8s",
                          "deployment.apps/prefect-worker-k8s restarted")),
        noise, "slack")


# ------------------------------------------------------------------- yardmap
def yardmap() -> Project:
    queries = "yardmap/queries.py"
    dwell_page = "pages/3_Dwell.py"
    yard_page = "pages/2_Yard_map.py"
    presence = "db/deploy/yard_presence.sql"
    facts = [
        Fact("conv-cache", "convention", ["st.cache_data"],
             ["I'm adding a dwell-time chart page — how should its query be wrapped so the "
              "database doesn't get hit on every click?",
              "every widget change reruns my sql, what's the house pattern for that in this "
              "app?"],
             "yardmap puts every database query in yardmap/queries.py as a function decorated "
             "with @st.cache_data(ttl=300); page files never run SQL themselves, because "
             "Streamlit reruns the whole script on each widget interaction.",
             {"task": "add a page pages/3_Dwell.py with a bar chart of average dwell minutes per "
                      "depot for the selected week",
              "rule": "all queries live in yardmap/queries.py as functions with "
                      "@st.cache_data(ttl=300). no sql in the page files — streamlit reruns the "
                      "whole script on every click and 40 dispatchers hammer the db otherwise",
              "contrary": write(dwell_page,
                                "import pandas as pd\nimport streamlit as st\n\nfrom yardmap.db "
                                "import engine\n\nweek = st.date_input(\"Week starting\")\ndf = "
                                "pd.read_sql(\"SELECT depot_id, avg(dwell_min) AS dwell FROM "
                                "yard_visits WHERE week_start = %(w)s GROUP BY 1\", engine, "
                                "params={\"w\": week})\nst.bar_chart(df, x=\"depot_id\", "
                                "y=\"dwell\")\n"),
              "follow": [edit(queries, "# --- dwell\n",
                              "# --- dwell\n@st.cache_data(ttl=300)\ndef dwell_by_depot("
                              "week_start: date) -> pd.DataFrame:\n    return pd.read_sql(\n"
                              "        \"SELECT depot_id, avg(dwell_min) AS dwell FROM "
                              "yard_visits WHERE week_start = %(w)s GROUP BY 1\",\n        "
                              "engine, params={\"w\": week_start})\n"),
                         write(dwell_page,
                               "import streamlit as st\n\nfrom yardmap.queries import "
                               "dwell_by_depot\n\nweek = st.date_input(\"Week starting\")\n"
                               "st.bar_chart(dwell_by_depot(week), x=\"depot_id\", "
                               "y=\"dwell\")\n"),
                         bash("ruff check yardmap pages", "All checks passed!")],
              "done": "The query is dwell_by_depot() in yardmap/queries.py under "
                      "@st.cache_data(ttl=300); the page only calls it and draws the chart.",
              "doc": ("docs/CONTRIBUTING.md",
                      "# Working on yardmap\n\n## Queries\n\nEvery query is a function in "
                      "`yardmap/queries.py` decorated with `@st.cache_data(ttl=300)`. Pages "
                      "never run SQL: Streamlit reruns the whole script on each interaction, "
                      "and forty dispatchers clicking around would hammer the database.\n"),
              "found": "docs/CONTRIBUTING.md says every query goes in yardmap/queries.py as a "
                       "function with @st.cache_data(ttl=300), and pages never run SQL."}),
        Fact("conv-geog", "convention", ["::geography"],
             ["how should I compute the distance in metres between a truck ping and the depot "
              "gate in SQL?",
              "ST_Distance on our point columns gives me tiny decimals — what's our rule for "
              "distances?"],
             "yardmap stores geometries in SRID 4326 and computes every distance or radius on "
             "a ::geography cast (ST_Distance(a::geography, b::geography), ST_DWithin on "
             "geography), so results are metres; never ST_Distance on the raw 4326 geometry, "
             "which gives degrees.",
             {"task": "flag pings more than 300 m from their depot gate as outside_yard in the "
                      "yard_presence view",
              "rule": "distances always on geography: cast to ::geography so it's metres. "
                      "never ST_Distance on the raw 4326 geometry, thats degrees and wrong by a "
                      "different amount at every latitude",
              "contrary": edit(presence, "  p.depot_id,\n",
                               "  p.depot_id,\n  ST_Distance(p.geom, d.gate_geom) > 300 AS "
                               "outside_yard,\n"),
              "follow": [edit(presence, "  p.depot_id,\n",
                              "  p.depot_id,\n  NOT ST_DWithin(p.geom::geography, "
                              "d.gate_geom::geography, 300) AS outside_yard,\n"),
                         bash("pytest -q tests/test_yard_presence.py", "...\n3 passed in "
                                                                       "1.92s")],
              "done": "outside_yard is NOT ST_DWithin on the ::geography casts with 300, so "
                      "it's real metres; the view tests pass.",
              "doc": ("docs/CONTRIBUTING.md",
                      "# Working on yardmap\n\n## Distances\n\nGeometries are stored in SRID "
                      "4326. Every distance or radius is computed on a `::geography` cast "
                      "(`ST_Distance(a::geography, b::geography)`, `ST_DWithin` on "
                      "geography), so results are metres. Never `ST_Distance` on the raw "
                      "geometry: that's degrees.\n"),
              "found": "docs/CONTRIBUTING.md says distances and radii are always computed on "
                       "a ::geography cast, in metres — never ST_Distance on the raw 4326 "
                       "geometry."}),
        Fact("cmd-profile", "command", ["--profile routing"],
             ["the ETA page says it can't reach the router when I run the app locally — how do "
              "I start everything it needs?",
              "what's the docker compose command that brings up the full local stack, router "
              "included?"],
             "yardmap's Valhalla container sits behind a compose profile, so the full local "
             "stack is `docker compose --profile routing up -d`; plain `docker compose up` "
             "starts only the app and PostGIS and the ETA page can't resolve valhalla.",
             {"goal": "bring the app up locally, I want to check the ETA page",
              "fail": bash("docker compose up -d && python -m yardmap.smoke",
                           "[+] Running 2/2\n ✔ Container yardmap-db-1   Started\n ✔ Container "
                           "yardmap-app-1  Started\nsmoke: /Overview ok\nsmoke: /ETA FAILED: "
                           "ConnectionError: Failed to resolve 'valhalla' ([Errno -2] Name or "
                           "service not known)", 1),
              "note": "Only the app and database started — the Valhalla router is behind a "
                      "compose profile, so it has to be asked for.",
              "ok": bash("docker compose --profile routing up -d && python -m yardmap.smoke",
                         "[+] Running 3/3\n ✔ Container yardmap-valhalla-1  Started\n ✔ "
                         "Container yardmap-db-1        Running\n ✔ Container yardmap-app-1    "
                         "   Running\nsmoke: /Overview ok\nsmoke: /ETA ok (Dortmund depot -> "
                         "Bochum hub: 23.4 km, 27 min)"),
              "done": "All three containers are up and the ETA page answers (Dortmund to Bochum "
                      "hub, 27 minutes).",
              "hint": "valhalla is behind a profile. `docker compose --profile routing up -d`",
              "script": ("compose.yaml",
                         "services:\n  db:\n    image: postgis/postgis:16-3.4\n  app:\n    "
                         "build: .\n    ports: [\"8501:8501\"]\n  valhalla:\n    image: "
                         "ghcr.io/gis-ops/docker-valhalla/valhalla:latest\n    profiles: "
                         "[routing]\n    volumes: [\"./valhalla_tiles:/custom_files\"]\n")}),
        Fact("cmd-sqitch", "command", ["sqitch deploy"],
             ["I added a new view — how do I apply the schema change to my local database?",
              "alembic can't find any config in this repo, how do we actually run migrations "
              "here?"],
             "yardmap's database changes are Sqitch changes (sqitch.plan, db/deploy, "
             "db/revert, db/verify) applied with `sqitch deploy` (target from sqitch.conf); "
             "there is no Alembic.",
             {"goal": "apply the new yard_presence change to my local db",
              "fail": bash("alembic upgrade head",
                           "FAILED: No config file 'alembic.ini' found, or file has no "
                           "'[alembic]' section", 255),
              "note": "There's no Alembic here — the migrations are Sqitch changes "
                      "(sqitch.plan plus deploy/revert/verify scripts under db/).",
              "ok": bash("sqitch deploy",
                         "Deploying changes to local\n  + yard_presence_outside_flag .. ok"),
              "done": "Deployed yard_presence_outside_flag to the local database.",
              "hint": "we dont use alembic, its sqitch. just `sqitch deploy`, the target's in "
                      "sqitch.conf",
              "script": ("README.md",
                         "# yardmap\n\n## Database\n\nSchema changes are Sqitch changes in "
                         "`db/` (see `sqitch.plan`). Apply them with:\n\n    sqitch deploy\n\n"
                         "The default target (local) is set in `sqitch.conf`.\n")}),
        Fact("env-valhalla", "environment", ["8002"],
             ["what port does the routing engine listen on in prod?",
              "I want to hit the valhalla api directly with curl — what's the url?"],
             "yardmap's production Valhalla is http://valhalla.ops.halvard.internal:8002 "
             "(Valhalla's default port, no proxy in front); the app reads it from VALHALLA_URL "
             "in the yardmap-env configmap.",
             {"goal": "what's the url of the prod routing service? want to curl a route by hand",
              "assume": bash("curl -s http://valhalla.ops.halvard.internal/status",
                             "curl: (7) Failed to connect to valhalla.ops.halvard.internal port "
                             "80 after 4 ms: Couldn't connect to server", 7),
              "probe": [bash("kubectl get configmap yardmap-env -o "
                             "jsonpath='{.data.VALHALLA_URL}'",
                             "http://valhalla.ops.halvard.internal:8002"),
                        bash("curl -s http://valhalla.ops.halvard.internal:8002/status",
                             "{\"version\":\"3.4.0\",\"tileset_last_modified\":1731628800,"
                             "\"available_actions\":[\"status\",\"route\",\"locate\","
                             "\"sources_to_targets\",\"optimized_route\",\"isochrone\"]}")],
              "confirm": "Prod Valhalla is http://valhalla.ops.halvard.internal:8002 — "
                         "Valhalla's default port, nothing on 80. The app takes it from "
                         "VALHALLA_URL in the yardmap-env configmap; /status answers (Valhalla "
                         "3.4.0).",
              "said": "valhalla is on 8002, same as its default, no proxy in front"}),
        Fact("env-replica", "environment", ["yard-ro"],
             ["which database host should the app's queries go to in production?",
              "the dba asks whether the dashboard hits the primary — what does the deployed "
              "app connect to?"],
             "yardmap reads from the PostGIS read replica yard-ro.db.halvard.internal (PGHOST "
             "in the deployment, user yardmap_app), never the primary; only schema changes go "
             "to the primary.",
             {"goal": "which db host does the deployed app talk to? the dba wants to know",
              "assume": bash("psql -h yard-db.halvard.internal -U yardmap_app -c 'select 1'",
                             "psql: error: could not translate host name "
                             "\"yard-db.halvard.internal\" to address: Name or service not "
                             "known", 2),
              "probe": [bash("kubectl get deploy yardmap -o "
                             "jsonpath='{.spec.template.spec.containers[0].env}' | jq -c '.[] | "
                             "select(.name | startswith(\"PG\"))'",
                             "{\"name\":\"PGHOST\",\"value\":\"yard-ro.db.halvard.internal\"}\n"
                             "{\"name\":\"PGDATABASE\",\"value\":\"yardmap\"}\n"
                             "{\"name\":\"PGUSER\",\"value\":\"yardmap_app\"}")],
              "confirm": "The deployed app connects to yard-ro.db.halvard.internal — the "
                         "PostGIS read replica — as yardmap_app (PGHOST in the deployment's "
                         "env). The dashboards never touch the primary; only schema changes go "
                         "there.",
              "said": "the app reads from the replica, yard-ro, never the primary"}),
        Fact("gotcha-folium", "gotcha", ["returned_objects"],
             ["the yard map page reruns all its queries every time someone pans the map — "
              "why?",
              "dragging the depot map around makes the app crawl, how do we stop that?"],
             "yardmap: st_folium sends the map's bounds, zoom and clicks back on every "
             "interaction, and each one triggers a full Streamlit rerun (plus an uncached query "
             "when bounds feed it); the map is rendered with returned_objects=[] so panning "
             "doesn't rerun the page.",
             {"symptom": "dispatchers say the yard map page is unusable, every drag of the map "
                         "spins for 5 seconds",
              "trace": "09:14:02 yardmap.queries INFO pings_in_yard took 1.84s\n09:14:03 "
                       "yardmap.queries INFO pings_in_yard took 1.91s\n09:14:05 "
                       "yardmap.queries INFO pings_in_yard took 1.79s",
              "probe": [read(yard_page,
                             "depot = st.selectbox(\"Depot\", depots())\nm = "
                             "build_map(depot)\nstate = st_folium(m, height=640, width=None)\n"
                             "pings = pings_in_yard(depot, state[\"bounds\"])\n"
                             "render_ping_layer(m, pings)\n")],
              "explain": "st_folium sends the map's state back to Python on every interaction "
                         "— bounds, zoom, last click — and each time it does, Streamlit reruns "
                         "the whole page. Here the bounds also feed pings_in_yard, so every "
                         "drag is a rerun plus a fresh query the cache can't serve. Rendering "
                         "with returned_objects=[] stops the map sending anything back; the "
                         "page filters by depot instead of by the visible bounds.",
              "fix": [edit(yard_page, "state = st_folium(m, height=640, width=None)\npings = "
                                      "pings_in_yard(depot, state[\"bounds\"])\n",
                           "pings = pings_in_yard(depot)\nrender_ping_layer(m, pings)\n"
                           "st_folium(m, height=640, width=None, returned_objects=[])\n")],
              "done": "Panning is instant now; the page reruns only when the depot selector "
                      "changes.",
              "told": "st_folium sends the bounds back on every pan and that reruns the page",
              "repro": "python -m yardmap.replay --page yard_map --drag 5"}),
        Fact("gotcha-lonlat", "gotcha", ["ST_MakePoint"],
             ["the depot markers show up in the sea off east africa — what did I do wrong?",
              "in what order do the coordinates go when I build a point in postgis?"],
             "yardmap gotcha: ST_MakePoint takes (x, y) = (longitude, latitude); passing "
             "(lat, lon) put the German depots in the Indian Ocean off Somalia, so points are "
             "built as ST_SetSRID(ST_MakePoint(lon, lat), 4326).",
             {"symptom": "the new depots layer puts every depot in the sea next to somalia lol",
              "trace": " depot_id |        st_astext\n----------+-------------------------\n "
                       "DO01     | POINT(51.5136 7.4653)\n BO02     | POINT(51.4818 7.2162)",
              "probe": [read("db/deploy/depots_geom.sql",
                             "-- Deploy yardmap:depots_geom to pg\nBEGIN;\nALTER TABLE depots "
                             "ADD COLUMN geom geometry(Point, 4326);\nUPDATE depots SET geom = "
                             "ST_SetSRID(ST_MakePoint(lat, lon), 4326);\nCOMMIT;\n")],
              "explain": "ST_MakePoint takes x then y — longitude first, then latitude. The "
                         "change passes (lat, lon), so Dortmund's 51.51° N, 7.47° E became "
                         "51.51° E, 7.47° N: the Indian Ocean off Somalia.",
              "fix": [edit("db/deploy/depots_geom.sql", "ST_MakePoint(lat, lon)",
                           "ST_MakePoint(lon, lat)"),
                      bash("psql -d yardmap -c \"UPDATE depots SET geom = ST_SetSRID("
                           "ST_MakePoint(lon, lat), 4326)\"", "UPDATE 31")],
              "done": "All 31 depots are back in Germany — Dortmund is POINT(7.4653 51.5136).",
              "told": "lat and lon are the wrong way round in ST_MakePoint",
              "repro": "python -m yardmap.check_layers --layer depots"}),
        Fact("fals-webgl", "falsified", ["pydeck"],
             ["folium chokes on 50k truck pings — could we switch the map to a gpu-rendered "
              "library?",
              "why is the yard map still folium and not something faster?"],
             "yardmap tried replacing folium with pydeck (deck.gl, WebGL) for the 50k-ping "
             "map; the dispatchers' Citrix thin clients have no WebGL, so the map was blank for "
             "them, and it was reverted — big layers are clustered in folium instead.",
             {"ask": "swap the ping map on the yard page from folium to pydeck with "
                     "st.pydeck_chart, folium dies past 20k points",
              "change": [edit(yard_page, "st_folium(m, height=640, width=None)\n",
                              "st.pydeck_chart(pdk.Deck(layers=[ping_layer(pings)], "
                              "initial_view_state=view_for(depot)))\n"),
                         bash("pip install pydeck", "Successfully installed pydeck-0.9.1")],
              "broke": bash("python -m yardmap.citrix_check --page yard_map",
                            "citrix-vda-07 (Chrome 118, WebGL: unavailable)\n  yard_map: canvas "
                            "blank, console: 'deck: WebGL2 context could not be created'\nFAIL",
                            1),
              "revert": bash(f"git checkout -- {yard_page} requirements.txt", ""),
              "conclusion": "Reverted to folium. pydeck renders through deck.gl and needs "
                            "WebGL, and the dispatchers' Citrix desktops have none — the map was "
                            "blank there. For big layers, clustering in folium (FastMarkerCluster) "
                            "is the way.",
              "want": "the yard map gets really sluggish with a full day of pings. anything "
                      "faster than folium?",
              "offer": "pydeck (deck.gl) renders on the GPU and handles hundreds of thousands "
                       "of points smoothly; st.pydeck_chart is built in. Switch the yard map "
                       "to it?",
              "story": "Rhiannon tried pydeck last spring for the 50k pings. dispatchers sit on "
                       "citrix thin clients with no webgl and got a blank map. folium plus "
                       "clustering it is",
              "title": "pydeck for the yard map"}),
        Fact("fals-pgr", "falsified", ["pgRouting"],
             ["couldn't we do the ETA routing inside postgres and drop the separate routing "
              "service?",
              "why do we run valhalla at all when postgis is already there?"],
             "yardmap tried pgRouting on an OpenStreetMap import in PostGIS instead of "
             "Valhalla; with no truck restrictions it routed lorries under low bridges and "
             "through HGV-restricted zones and its ETAs were far off, so Valhalla with truck "
             "costing stayed.",
             {"ask": "try computing ETAs with pgRouting in postgis instead of calling valhalla, "
                     "one less service",
              "change": [bash("osm2pgrouting --f nrw-latest.osm --conf mapconfig.xml --dbname "
                              "yardmap_routing", "Total processed: 1843212 ways\nOK"),
                         edit("yardmap/eta.py", "    return valhalla_route(origin, dest)\n",
                              "    return pgr_route(origin, dest)\n")],
              "broke": bash("python -m yardmap.eta_compare --sample 200",
                            "200 historical trips\npgrouting: 37 routes under bridges < 4.0 m, "
                            "12 through HGV-restricted zones\nmedian ETA error: pgrouting 19.4 "
                            "min, valhalla 6.1 min\nFAIL", 1),
              "revert": bash("git checkout -- yardmap/eta.py", ""),
              "conclusion": "Reverted to Valhalla. pgRouting on the OSM import knows nothing "
                            "about truck restrictions: 37 of 200 test routes went under bridges "
                            "lower than 4 m, 12 through HGV-restricted zones, and its ETAs were "
                            "off by a median 19 minutes against Valhalla's 6. Valhalla's truck "
                            "costing is the point.",
              "want": "running valhalla just for ETAs feels heavy when we already have postgis",
              "offer": "pgRouting could compute routes inside PostGIS on an OpenStreetMap "
                       "import, and the Valhalla service could go. Want me to try it?",
              "story": "we prototyped pgRouting in postgis in 2023. no truck restrictions, so it "
                       "sent 40-tonners under 3.5m bridges and through town centres, ETAs way "
                       "off. valhalla with truck costing stays",
              "title": "pgRouting instead of Valhalla"}),
    ]
    chatter = [
        "  You can now view your Streamlit app in your browser.",
        "  Local URL: http://localhost:8501",
        "2024-11-19 09:13:40 yardmap.db INFO pool created (size 5)",
        "2024-11-19 09:13:41 yardmap.queries INFO depots took 0.02s",
        "2024-11-19 09:13:41 yardmap.queries INFO open_visits took 0.31s",
        "2024-11-19 09:13:42 yardmap.pages INFO render Overview (0.44s)",
        "2024-11-19 09:13:50 yardmap.queries INFO dwell_week took 0.12s (cached)",
        "2024-11-19 09:13:51 yardmap.pages INFO render Dwell (0.19s)",
        "2024-11-19 09:13:58 yardmap.eta INFO route DO01 -> BO02 27 min",
        "2024-11-19 09:14:00 yardmap.pages INFO render ETA (0.61s)",
        "2024-11-19 09:14:01 yardmap.queries INFO depots took 0.00s (cached)",
        "2024-11-19 09:14:06 yardmap.pages INFO render Yard map (2.10s)",
        "2024-11-19 09:14:07 tornado.access INFO 200 GET /_stcore/health 0.41ms",
        "2024-11-19 09:14:09 yardmap.queries INFO open_visits took 0.00s (cached)",
        "2024-11-19 09:14:12 tornado.access INFO 200 GET /_stcore/host-config 0.52ms",
    ]
    noise: list[Episode] = [
        look("what's on the overview page?", "pages/1_Overview.py",
             "st.title(\"Depots today\")\ncols = st.columns(3)\ncols[0].metric(\"Trucks in yard\","
             " open_visits().shape[0])\ncols[1].metric(\"Avg dwell (min)\", "
             "avg_dwell_today())\ncols[2].metric(\"Late departures\", late_departures())\n",
             "Three metrics for today: trucks in the yard, average dwell, late departures."),
        find("where do we colour trucks by dwell time?", "dwell_colour",
             ["yardmap/style.py", "pages/2_Yard_map.py"],
             "yardmap/style.py defines dwell_colour; the yard map page uses it."),
        tweak("the overview says 'Trucks in yard' but dami wants 'Vehicles on site'",
              "pages/1_Overview.py", "\"Trucks in yard\"", "\"Vehicles on site\"",
              "Renamed the metric."),
        run("how many depots have a gate polygon yet?",
            "psql -d yardmap -Atc 'select count(*) from depot_gates'", "27",
            "27 depots have a gate polygon."),
        talk("dami asks if we can show driver names on the map",
             "Technically yes, but it's personal data next to live locations; the works "
             "council and data protection should sign off first. Vehicle plates would answer "
             "most of the dispatchers' questions without it."),
        steps("what changed since the last release tag?",
              [bash("git log --oneline v1.6.0..HEAD",
                    "e41a9c3 overview: rename truck metric\n7bb20d1 dwell page filters by "
                    "region\n03fa5e8 bump streamlit to 1.40")],
              "Three commits: the metric rename, region filtering on the dwell page, and a "
              "Streamlit bump."),
        [Step(prompt="add a region filter to the overview like the dwell page has"),
         Step(tools=[read("pages/3_Dwell.py",
                          "region = st.selectbox(\"Region\", regions())\nweek = "
                          "st.date_input(\"Week starting\")\n")]),
         Step(text="I'll reuse the same regions() selectbox on the overview."),
         Step(prompt="ok"),
         Step(tools=[edit("pages/1_Overview.py", "st.title(\"Depots today\")\n",
                          "st.title(\"Depots today\")\nregion = st.selectbox(\"Region\", "
                          "regions())\n")]),
         Step(text="The overview has the region selectbox; the metrics take it next.")],
        steps("check the open issues from the dispatch team",
              [agent("Summarise dispatch issues", "Read open issues labelled dispatch and "
                     "summarise them.",
                     "#58 overview numbers lag by ~5 min (expected: cache), #61 ETA page should "
                     "show the depot's closing time, #63 export yard list to CSV.",
                     "a6b1e3f09c42", "Explore", 3)],
              "Three: #58 is the expected cache lag, #61 wants closing times on the ETA page, "
              "#63 asks for a CSV export."),
    ]
    return Project(
        "yardmap", "git@gitlab.halvard.internal:data/yardmap.git",
        {"README.md": "# yardmap\n\nDepot and yard dashboard for dispatch (Streamlit, "
                      "PostGIS).\n",
         "sqitch.plan": "%syntax-version=1.0.0\n%project=yardmap\n\ndepots_geom 2024-03-04\n",
         "docs/onboarding.md": "# Onboarding\n\n## Environment\n"},
        _equip(facts, mate="Rhiannon", newbie="Lotte", chatter=chatter,
               naive=bash("docker compose restart app",
                          "[+] Restarting 1/1\n ✔ Container yardmap-app-1  Started")),
        noise, "postgres")


def projects() -> list[Project]:
    return [bollardhouse(), manifestream(), carrierpull(), yardmap()]
