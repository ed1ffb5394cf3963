"""The ``dev11`` split: four projects in stacks no other split uses (a Go gRPC dispatch service
for a parcel courier - buf, sqlc over pgx and Postgres, grpc-gateway; a React Native / Expo app
for allotment plot holders - expo-router, EAS Build, Supabase, Reanimated, Maestro flows; a Java
21 Quarkus service for a county library network's holds and loans - Maven multi-module, Panache,
Flyway, Keycloak, Dev Services; a FastAPI service for a brewery's keg tracking - SQLAlchemy 2
async, Alembic, Poetry, arq on Redis), ten planted facts each, and phrasing templates of its own.

Written in the tenth pass by a helper that read no capture or recall code, to be read untuned.
Its theme is the ordinary session, the way most developers really type to Claude Code: lower
case, typos, run-on requests, no ceremony. A rule the user states only after the assistant has
done it the other way, with the reason; a rule dropped in passing at the end of a longer request
about something else, next to another small wish; a rule the user first gets wrong and corrects
in the same message ("no wait"); a rule given as the answer to the assistant's clarifying
question. A command that fails twice before the user remembers the trick; the same with an
unrelated question chatted in between; a command the user ran themselves and pasted the error
of; a command the assistant works out and the user then has put in the README. An environment
fact the assistant reads out of a config file or a command's output; one that corrects the
user's wrong guess; one the user half-remembers and asks to have checked; one listed among the
notes of a closing summary. A gotcha debugged over several turns, the user pushing back on the
assistant's first theory; one the user found alone and describes in their own words; one hit
while doing something else; one fixed first and explained only when the user asks why. An
approach tried and dropped by the user with their reason; one the user rules out up front
because it was tried before; one the assistant suggests, tries, and the user agrees to drop.

Slots are the shared ones (``templates.py``) plus: for a convention, ``why`` (the reason, as the
user would say it), ``claimed`` (the assistant's report after doing it the other way),
optional ``undo`` (tools reverting that), ``slip`` (what the user first says by mistake),
``also`` (a second small wish in the same message), ``asks`` (the assistant's clarifying
question) and optional ``answer`` (the user's short answer to it, before the rule); for a command, ``fail2`` (a second failed attempt), ``hint`` (the user's words for
the trick), ``gist`` (why the plain way fails, one or two sentences), ``label`` (a README
heading) and ``aside`` (a ``(question, answer)`` chatted while it runs); for an environment
fact, ``guess`` (the user's wrong assumption), ``said`` (the user's hedged statement of the
fact) and ``extras`` (two other notes for a summary); for a gotcha, ``theory`` (the assistant's
first guess), ``theory_probe`` (the tool that checks it), ``nope`` (the user's push-back),
``found`` (the cause in the user's words), ``task2`` and ``hit`` (another request and the tool
whose output shows the problem); for a falsified approach, ``pain``, ``idea``, ``why_user``
(the user's reason for dropping it) and ``alternative`` (the assistant's next suggestion).
"""

from __future__ import annotations

import random

from .templates import find as _find
from .templates import look as _look
from .templates import run as _run
from .templates import steps as _steps
from .templates import talk as _talk
from .templates import tweak as _tweak
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _bare(command: str) -> str:
    """The command as someone would jot it down: without what only trimmed output here."""
    command = command.split(" | ")[0].replace(" 2>&1", "")
    return " && ".join(p for p in command.split(" && ") if not p.startswith("git "))


# ------------------------------------------------------------------- phrasing templates
# Conventions: said after the assistant did it the other way; dropped in passing at the end of a
# longer request; first said wrong and corrected ("no wait"); given as the answer to the
# assistant's clarifying question.
def conv_after_mistake(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    if contrary is None:
        return conv_in_passing(s, rng)
    push = rng.choice(("hm no", "no no", "ah wait no", "nope"))
    how = rng.choice(("we dont do it like that here", "thats not how we do it in this repo",
                      "not like that"))
    return [Step(prompt=s["task"]),
            Step(text=rng.choice(("Sure.", "On it.", "Okay, doing that now.")),
                 tools=[contrary]),
            Step(text=s["claimed"]),
            Step(prompt=f"{push}, {how}. {s['rule']}, {s['why']}"),
            Step(text=rng.choice(("Got it - redoing it that way.", "Makes sense. Fixing it.",
                                  "Ah, understood. Changing it.")),
                 tools=[*s.get("undo", []), *s["follow"]]),
            Step(text=s["done"])]


def conv_in_passing(s: dict, rng: random.Random) -> Episode:
    btw = rng.choice(("oh and btw", "also fyi", "oh and just so you know", "and btw"))
    return [Step(prompt=f"{s['task']}, {s['also']}. {btw} {s['rule']} - {s['why']}"),
            Step(text=rng.choice(("Will do.", "Okay.", "Sure, on it.")), tools=s["follow"]),
            Step(text=s["done"])]


def conv_no_wait(s: dict, rng: random.Random) -> Episode:
    oops = rng.choice(("scratch that", "sorry thats how my old team did it",
                       "i always mix this up", "what am i saying"))
    return [Step(prompt=f"{s['task']}. {s['slip']} - no wait, {oops}: {s['rule']}. "
                        f"{s['why']}"),
            Step(text=rng.choice(("Okay, going with that.", "Got it.", "Noted - doing it that "
                                                                        "way.")),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_answer_to_question(s: dict, rng: random.Random) -> Episode:
    lead = rng.choice(("Quick question before I start:", "Before I write it -",
                       "One thing first:"))
    if s.get("answer"):
        reply = f"{s['answer']}. {rng.choice(('and', 'also', 'oh and'))}"
    else:
        reply = rng.choice(("neither really.", "neither tbh.", "hmm, neither."))
    return [Step(prompt=s["task"]),
            Step(text=f"{lead} {s['asks']}"),
            Step(prompt=f"{reply} {s['rule']}, {s['why']}"),
            Step(text=rng.choice(("Thanks - that settles it.", "Got it.", "Makes sense.")),
                 tools=s["follow"]),
            Step(text=s["done"])]


# Commands: two failed tries before the user remembers the trick; the same with a question
# chatted in between; the user pastes the error of a command they ran themselves; the assistant
# works it out and the user has it added to the README.
def cmd_few_tries(s: dict, rng: random.Random) -> Episode:
    stuck = rng.choice(("Still failing. Is there a project-specific way this is usually run?",
                        "No luck there either - is there a flag or a wrapper this repo "
                        "expects?",
                        "That didn't work either. Do you know how this is normally done "
                        "here?"))
    oh = rng.choice(("oh right", "ah yeah", "ugh sorry i always forget this one", "argh"))
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["fail2"]]),
            Step(text=stuck),
            Step(prompt=f"{oh} - {s['hint']}"),
            Step(text=rng.choice(("Thanks, trying that.", "Ah, that explains it.", "Okay.")),
                 tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_with_chatter(s: dict, rng: random.Random) -> Episode:
    question, answer = s["aside"]
    back = rng.choice(("Back to the command: it's still failing the same way.",
                       "Meanwhile the second try failed too."))
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["fail2"]]),
            Step(prompt=question),
            Step(text=f"{answer}\n\n{back}"),
            Step(prompt=rng.choice(("oh yeah about that - ", "right. for that one: ",
                                    "ah ok. and for the failing thing: ")) + s["hint"]),
            Step(tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_pasted_error(s: dict, rng: random.Random) -> Episode:
    fail = s["fail"]
    ran = rng.choice(("i tried", "i ran", "did"))
    after = rng.choice(("whats wrong", "any idea?", "what am i missing", "help"))
    return [Step(prompt=f"{s['goal']}. {ran} `{_bare(fail.command)}` and got this:\n\n"
                        f"```\n{fail.output}\n```\n{after}"),
            Step(text=f"{s['gist']} {rng.choice(('Running it that way:', 'Trying it:'))}",
                 tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("nice thx", "perfect, thanks", "ah ok makes sense, ty"))),
            Step(text=rng.choice(("No problem.", "Anytime.", "👍")))]


def cmd_then_readme(s: dict, rng: random.Random) -> Episode:
    good = _bare(s["ok"].command)
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=f"{s['gist']} Running it that way.", tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("can you put that in the readme, i never remember it",
                                    "add that to the README pls, i'll forget by next week",
                                    "stick that in the readme under development"))),
            Step(tools=[edit("README.md", "## Development\n",
                             f"## Development\n\n{s['label']}:\n\n```\n{good}\n```\n")]),
            Step(text="Added it to the README under Development.")]


# Environment facts: read out of a config file or a command's output; correcting the user's
# wrong guess; the user half-remembers it and asks for a check; one of the notes in a summary.
def env_read_off(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=rng.choice(("Let me look.", "", "Checking the config.")),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_wrong_guess(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['goal']} - {s['guess']}"),
            Step(tools=s["probe"]),
            Step(text=f"{rng.choice(('Not quite.', 'Actually no.', 'Close, but no.'))} "
                      f"{s['confirm']}")]


def env_half_remembered(s: dict, rng: random.Random) -> Episode:
    check = rng.choice(("can you double check", "but check pls", "not 100% sure tho"))
    return [Step(prompt=f"{s['goal']}. {s['said']}, {check}"),
            Step(tools=s["probe"]),
            Step(text=f"{rng.choice(('Yes, confirmed.', 'You remembered right.', 'Checked:'))}"
                      f" {s['confirm']}")]


def env_in_summary(s: dict, rng: random.Random) -> Episode:
    first, last = s["extras"]
    head = rng.choice(("A few things worth knowing from that:", "Notes from poking around:",
                       "What I found:"))
    return [Step(prompt=s["goal"]),
            Step(tools=s["probe"]),
            Step(text=f"{head}\n\n- {first}\n- {s['confirm']}\n- {last}")]


# Gotchas: debugged over several turns with the user pushing back on the first theory; found by
# the user alone and described in their words; hit while doing something else; fixed first and
# explained when the user asks why.
def gotcha_back_and_forth(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(text=s["theory"], tools=[s["theory_probe"]]),
            Step(prompt=s["nope"]),
            Step(text=rng.choice(("Okay, different angle then.", "Right - looking elsewhere.",
                                  "Fair. Let me look at it from the other end.")),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_user_found(s: dict, rng: random.Random) -> Episode:
    ask = rng.choice(("can you fix it properly and leave a comment so nobody else loses a day "
                      "on this", "pls put the fix in with a comment explaining it",
                      "fix it and add a comment, i dont want to debug this again"))
    return [Step(prompt=f"{s['found']}. {ask}"),
            Step(text="Let me confirm that first.", tools=s["probe"]),
            Step(text=rng.choice(("Yes, that matches.", "Confirmed - that's it.",
                                  "Yep, that's the one.")), tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_mid_task(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["task2"]),
            Step(text=rng.choice(("Let me check how it behaves now first.",
                                  "Starting with the current behaviour.")), tools=[s["hit"]]),
            Step(text=rng.choice(("That's not right - looking into it before adding anything.",
                                  "Hm, something's off there. Digging in first.")),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("nice catch, thanks. lets leave the rest for tomorrow",
                                    "good find. ok ill do the other bit myself later",
                                    "huh. ok well that was the real problem then, leave it "
                                    "there"))),
            Step(text=rng.choice(("Sounds good.", "Okay - stopping here.")))]


def gotcha_why_after(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(tools=s["probe"]),
            Step(text=rng.choice(("Found it, fixing.", "Got it - here's the fix.")),
                 tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("wait why did that fix it", "ok it works but why? i dont "
                                                                "get it",
                                    "huh. why was that happening though"))),
            Step(text=s["explain"])]


# Falsified approaches: tried and dropped by the user with their reason; ruled out up front
# because it was tried before; suggested by the assistant, tried, and dropped together.
def fals_user_drops(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]),
            Step(text=rng.choice(("Trying it.", "Okay, making the change.",
                                  "Sure, let's see how it does.")), tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt=f"{rng.choice(('ugh', 'meh', 'ok yeah', 'hm ok'))}. {s['why_user']}. "
                        f"{rng.choice(('revert it', 'put it back how it was', 'undo all that pls'))}"),
            Step(tools=[s["revert"]]),
            Step(text=rng.choice(("Reverted.", "Done - back to how it was.",
                                  "Reverted; the working tree is clean.")))]


def fals_tried_before(s: dict, rng: random.Random) -> Episode:
    opener = rng.choice(("and before you suggest it,", "oh and pls dont suggest",
                         "and no"))
    when = rng.choice(("last month", "in the spring", "a while back", "before xmas"))
    return [Step(prompt=f"{s['pain']}. {opener} {s['idea']} - we tried that {when}, "
                        f"{s['why_user']}. any other ideas?"),
            Step(text=f"Understood, that one's off the table. {s['alternative']}")]


def fals_suggested_tried(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["pain"] + rng.choice((", any ideas?", " - what can we do about it?",
                                                ". thoughts?"))),
            Step(text=f"One option is {s['idea']}. "
                      f"{rng.choice(('Want me to try it?', 'Should I try it on a branch?'))}"),
            Step(prompt=rng.choice(("sure try it", "go for it", "ok try it"))),
            Step(tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt=f"{rng.choice(('yeah', 'ok', 'figured'))}, {s['why_user']}. revert"),
            Step(tools=[s["revert"]]),
            Step(text="Reverted.")]


TEMPLATES = {
    "convention": [conv_after_mistake, conv_in_passing, conv_no_wait, conv_answer_to_question],
    "command": [cmd_few_tries, cmd_with_chatter, cmd_pasted_error, cmd_then_readme],
    "environment": [env_read_off, env_wrong_guess, env_half_remembered, env_in_summary],
    "gotcha": [gotcha_back_and_forth, gotcha_user_found, gotcha_mid_task, gotcha_why_after],
    "falsified": [fals_user_drops, fals_tried_before, fals_suggested_tried],
}

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (prompt i goes to project i % 4: parcelhop, plotpal, shelfwise, kegtrack).
UNRELATED = [
    "add a grpc health check that reports NOT_SERVING while the db pool is down",
    "add an empty state to the harvest log screen for when theres no entries yet",
    "add the borrower's preferred pickup branch to the profile endpoint",
    "add a filter to the kegs list for kegs that have been out more than 60 days",
    "whats the difference between a unary rpc and a bidirectional stream one?",
    "what's the difference between useEffect and useFocusEffect in expo router?",
    "whats the difference between @ApplicationScoped and @Singleton in quarkus",
    "what's the difference between Depends and Security in fastapi",
    "write a go func that splits a slice into batches of n",
    "write a typescript helper that formats a date like 'tue 4 jun'",
    "write a java record for a page of results with a total count",
    "write a python function that rounds a volume in litres to the nearest half litre",
    "explain what errgroup does and when id use it",
    "explain how flexbox in react native differs from the web",
    "explain optimistic locking with a version column in jpa",
    "explain asyncio.gather vs TaskGroup in python",
    "how do i undo a git commit i already pushed",
    "write a haiku about a delivery van stuck in traffic",
    "whats a good way to say no to extra work without sounding rude",
    "suggest some names for a community garden newsletter",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "parcelhop": [
        "how does it pick a driver when two are equally close to a pickup?",
        "where do the postcode coordinates come from?",
        "does the service support more than one depot, and should it?",
        "is it ok to keep recipients' phone numbers once the parcel is delivered?",
        "should failed deliveries be retried the same day?",
    ],
    "plotpal": [
        "how does the app decide whose turn it is on the watering rota?",
        "where are the plot photos stored?",
        "does the app work offline, and should it?",
        "is it ok to show other plot holders' full names on the rota?",
        "should the harvest log support units other than kilos?",
    ],
    "shelfwise": [
        "how are holds prioritised when several people want the same book?",
        "where does the catalogue data come from?",
        "does the service handle loans from other counties' libraries, and should it?",
        "is it ok to keep a borrower's loan history after the book comes back?",
        "should overdue fines be worked out here or in the finance system?",
    ],
    "kegtrack": [
        "how do we decide a keg is gone for good?",
        "where does the list of pubs come from?",
        "does the app handle casks as well as kegs, and should it?",
        "is it ok to store the publicans' personal mobile numbers?",
        "should deposits be refunded automatically when a keg comes back?",
    ],
}


# ------------------------------------------------------------------- projects
def parcelhop() -> Project:
    """A Go gRPC service that dispatches a parcel courier's drivers: routes, deliveries, proof
    of delivery photos, live positions for the dispatchers' map. buf for the protos, sqlc over
    pgx and Postgres, grpc-gateway for the dashboard, Loki and Grafana for logs."""
    proto = "proto/parcelhop/dispatch/v1/dispatch.proto"
    routes = "internal/server/routes.go"
    assign = "\tassigned, err := s.store.AssignRoute(ctx, req.RouteId, req.DriverId)\n"
    proof = "internal/server/proof.go"
    facts = [
        Fact("conv-reserved", "convention", ["reserved"],
             ["i want to drop a field from one of the protobuf messages, anything special i "
              "need to do?",
              "can I give a new field in the Delivery message number 7 now that nothing "
              "uses it?"],
             "Proto fields are never just deleted or renumbered: a removed field's number and "
             "name go into `reserved` (old driver app versions still send them and would "
             "decode garbage).",
             {"rule": "when a field comes out of a proto message you dont just delete the line "
                      "and you never reuse the number, it goes in `reserved` (number and name)",
              "why": "the drivers are on like 6 diffrent app versions and the old ones still "
                     "send field 7, if something else gets 7 it decodes as garbage",
              "task": "the Delivery message still has the old legacy_eta field, nothing reads "
                      "it anymore. get rid of it and clean up wherever the server sets it",
              "contrary": edit(proto,
                               "  google.protobuf.Timestamp legacy_eta = 7;\n  DeliveryWindow "
                               "window = 8;\n", "  DeliveryWindow window = 8;\n"),
              "claimed": "Removed legacy_eta from the Delivery message. The server still sets "
                         "it in deliveries.go - want me to take that out too?",
              "undo": [edit(proto, "  DeliveryWindow window = 8;\n",
                            "  google.protobuf.Timestamp legacy_eta = 7;\n  DeliveryWindow "
                            "window = 8;\n")],
              "follow": [edit(proto,
                              "  google.protobuf.Timestamp legacy_eta = 7;\n  DeliveryWindow "
                              "window = 8;\n",
                              "  reserved 7;\n  reserved \"legacy_eta\";\n  DeliveryWindow "
                              "window = 8;\n"),
                         edit("internal/server/deliveries.go",
                              "\t\tLegacyEta: timestamppb.New(d.EstimatedAt),\n", ""),
                         bash("buf lint && buf breaking --against '.git#branch=main'", "")],
              "done": "legacy_eta is gone: field 7 and the name are reserved in Delivery so "
                      "nothing can reuse them, the server no longer sets it, and buf lint and "
                      "buf breaking against main both pass.",
              "slip": "just delete the field line",
              "also": "and add a line to CHANGELOG.md while youre at it",
              "asks": "should I delete the field outright, or leave it in place with "
                      "[deprecated = true] so the generated code keeps compiling?"}),
        Fact("conv-slog", "convention", ["slog"],
             ["how should i log stuff from a handler in this service?",
              "i put a log.Printf in the dispatcher and it never shows up in grafana, why?"],
             "All logging goes through log/slog using the context's logger "
             "(logging.From(ctx)); no log.Printf or fmt.Println — Loki only parses the JSON "
             "lines.",
             {"rule": "all logging goes through log/slog with the logger from the context "
                      "(logging.From(ctx)), no log.Printf or fmt.Println",
              "why": "loki only parses the json lines, anything else just vanishes",
              "task": "add some logging to AssignRoute so we can see which driver got which "
                      "route and how long it took",
              "contrary": edit(routes, assign,
                               "\tstart := time.Now()\n" + assign +
                               "\tlog.Printf(\"assigned route %s to driver %s in %s\", "
                               "req.RouteId, req.DriverId, time.Since(start))\n"),
              "claimed": "Added a log line after the assignment with the route, the driver and "
                         "the duration.",
              "follow": [edit(routes, assign,
                              "\tstart := time.Now()\n" + assign +
                              "\tlogging.From(ctx).Info(\"route assigned\",\n\t\tslog.String("
                              "\"route_id\", req.RouteId),\n\t\tslog.String(\"driver_id\", "
                              "req.DriverId),\n\t\tslog.Duration(\"took\", time.Since(start)))\n"),
                         bash("go build ./... && go vet ./internal/server/", "")],
              "done": "AssignRoute now logs a structured \"route assigned\" line through slog "
                      "with route_id, driver_id and took, using the request's logger so the "
                      "trace id comes along.",
              "slip": "just use log.Printf for now, its temporary",
              "also": "and make the error say which route failed",
              "asks": "do you want plain log.Printf lines, or should I pull in zap since "
                      "it's fast?"}),
        Fact("cmd-buf-gen", "command", ["buf.gen.go.yaml"],
             ["how do i regenerate the go stubs after editing a .proto file?",
              "the generated grpc code is out of date, what's the command to rebuild it?"],
             "Regenerate the Go code from the protos with `buf generate --template "
             "buf.gen.go.yaml` (there is no default buf.gen.yaml; buf.gen.ts.yaml is the "
             "dashboard's TypeScript).",
             {"goal": "i changed dispatch.proto, regen the go code pls",
              "fail": bash("buf generate",
                           "Failure: could not read buf.gen.yaml: file does not exist", 1),
              "note": "buf wants a buf.gen.yaml at the root. Trying protoc directly against "
                      "the proto folder.",
              "fail2": bash("protoc -I proto --go_out=gen/go --go-grpc_out=gen/go "
                            "proto/parcelhop/dispatch/v1/dispatch.proto",
                            "google/api/annotations.proto: File not found.\nparcelhop/"
                            "dispatch/v1/dispatch.proto:5:1: Import \"google/api/"
                            "annotations.proto\" was not found or had errors.", 1),
              "hint": "theres two templates, the go one is buf.gen.go.yaml. the ts one is for "
                      "the dashboard dont touch that",
              "ok": bash("buf generate --template buf.gen.go.yaml && git status --short gen/",
                         " M gen/go/parcelhop/dispatch/v1/dispatch.pb.go\n M gen/go/parcelhop/"
                         "dispatch/v1/dispatch_grpc.pb.go\n M gen/go/parcelhop/dispatch/v1/"
                         "dispatch.pb.gw.go"),
              "done": "Regenerated: `buf generate --template buf.gen.go.yaml` rewrote the three "
                      "Go files under gen/go (messages, gRPC stubs, gateway). There's no "
                      "default buf.gen.yaml - the Go output and the dashboard's TypeScript "
                      "have separate templates.",
              "gist": "There's no default buf.gen.yaml in this repo: the Go output has its own "
                      "template, buf.gen.go.yaml (buf resolves the google/api imports that "
                      "plain protoc can't find).",
              "label": "Regenerate the Go code from the protos",
              "aside": ("unrelated but does gen/ get committed or is it gitignored?",
                        "It's committed - gen/go is tracked, and CI fails if regenerating "
                        "produces a diff, so regenerated files go in the same commit as the "
                        ".proto change.")}),
        Fact("cmd-integration", "command", ["tags=integration", "-p 1"],
             ["whats the command for the db integration tests in this repo?",
              "the store tests fail with a duplicate key error on pg_type when i run them all "
              "together, what am i doing wrong?"],
             "Store integration tests: `go test -tags=integration -p 1 ./internal/store/...` "
             "(behind the integration build tag; -p 1 because every package migrates the same "
             "test database).",
             {"goal": "run the store integration tests, i touched the route assignment query",
              "fail": bash("go test -tags=integration ./internal/store/...",
                           "--- FAIL: TestMain (0.41s)\n    main_test.go:38: migrate: ERROR: "
                           "duplicate key value violates unique constraint "
                           "\"pg_type_typname_nsp_index\" (SQLSTATE 23505)\nFAIL\tgithub.com/"
                           "hopcourier/parcelhop/internal/store/routes\t0.512s\nok  \t"
                           "github.com/hopcourier/parcelhop/internal/store\t3.104s\nFAIL", 1),
              "note": "One package failed while migrating the test database. Could be leftover "
                      "state from an earlier run - trying again without the test cache.",
              "fail2": bash("go test -tags=integration -count=1 ./internal/store/...",
                            "ok  \tgithub.com/hopcourier/parcelhop/internal/store\t3.288s\n--- "
                            "FAIL: TestMain (0.38s)\n    main_test.go:38: migrate: ERROR: "
                            "duplicate key value violates unique constraint "
                            "\"pg_type_typname_nsp_index\" (SQLSTATE 23505)\nFAIL\tgithub.com/"
                            "hopcourier/parcelhop/internal/store/tracking\t0.497s\nFAIL", 1),
              "hint": "they all share the one test db, so the packages cant run in parallel. "
                      "-p 1",
              "ok": bash("go test -tags=integration -p 1 ./internal/store/...",
                         "ok  \tgithub.com/hopcourier/parcelhop/internal/store\t3.322s\nok  \t"
                         "github.com/hopcourier/parcelhop/internal/store/routes\t2.871s\nok  \t"
                         "github.com/hopcourier/parcelhop/internal/store/tracking\t1.905s"),
              "done": "All three store packages pass with `go test -tags=integration -p 1 "
                      "./internal/store/...`. The tests only build with the integration tag, "
                      "and -p 1 stops go test running the packages at the same time - each "
                      "one's TestMain migrates the same test database, which is what raced.",
              "gist": "Each package's TestMain migrates the one shared test database, and go "
                      "test runs packages in parallel, so two of them race creating the same "
                      "types. They have to run one package at a time.",
              "label": "Run the store integration tests",
              "aside": ("while thats going - how many drivers do we have in the seed data?",
                        "The seed file creates 12 drivers across two shifts, and 40 routes "
                        "for the current week.")}),
        Fact("env-grpc-port", "environment", ["50061"],
             ["what port does the grpc server use when i run it on my machine?",
              "grpcurl says connection refused on localhost:9090, where is the service "
              "actually listening?"],
             "Locally the gRPC server listens on :50061 (config/local.yaml, reflection on); the "
             "HTTP gateway is on :8088.",
             {"goal": "i want to poke the dispatch api with grpcurl locally, what do i point it "
                      "at",
              "probe": [read("config/local.yaml",
                             "grpc:\n  addr: \":50061\"\n  reflection: true\ngateway:\n  addr: "
                             "\":8088\"\ndb:\n  dsn_env: DATABASE_URL\nlog:\n  level: debug\n"),
                        bash("grpcurl -plaintext localhost:50061 list",
                             "grpc.health.v1.Health\ngrpc.reflection.v1.ServerReflection\n"
                             "parcelhop.dispatch.v1.DispatchService\nparcelhop.tracking.v1."
                             "TrackingService")],
              "confirm": "Locally the gRPC server listens on :50061 (config/local.yaml), with "
                         "reflection on, so `grpcurl -plaintext localhost:50061 list` works "
                         "without the proto files; the HTTP gateway is a separate listener on "
                         ":8088.",
              "guess": "its on 9090 like usual right?",
              "said": "i think grpc is on 50061 locally, not 9090",
              "extras": ["Reflection is only switched on in the local config.",
                         "DispatchService and TrackingService are both registered."]}),
        Fact("env-db-port", "environment", ["5433"],
             ["what port is the docker compose postgres on?",
              "psql can't connect to the dev database on the default port, which one should i "
              "use?"],
             "The local docker-compose Postgres is published on host port 5433 (5433:5432), "
             "not 5432.",
             {"goal": "connect to the local db and show me the deliveries table",
              "probe": [bash("psql -h localhost -U parcelhop -c '\\d deliveries'",
                             "psql: error: connection to server at \"localhost\" (127.0.0.1), "
                             "port 5432 failed: Connection refused\n\tIs the server running on "
                             "that host and accepting TCP/IP connections?", 2),
                        read("docker-compose.yml",
                             "services:\n  db:\n    image: postgres:16\n    environment:\n      "
                             "POSTGRES_USER: parcelhop\n      POSTGRES_PASSWORD: parcelhop\n    "
                             "ports:\n      - \"5433:5432\"\n"),
                        bash("psql -h localhost -p 5433 -U parcelhop -c '\\d deliveries'",
                             "                 Table \"public.deliveries\"\n     Column      | "
                             "   Type     | Nullable\n-----------------+-------------+---------\n"
                             " id              | uuid        | not null\n route_id        | uuid "
                             "       | not null\n recipient       | text        | not null\n "
                             "postcode        | text        | not null\n status          | "
                             "text        | not null\n proof_photo_key | text        |")],
              "confirm": "The compose Postgres is published on host port 5433, not 5432 - "
                         "docker-compose.yml maps 5433:5432 - so psql needs `-p 5433`.",
              "guess": "its the default port",
              "said": "the compose postgres is on 5433 i think, 5432 is my own install",
              "extras": ["deliveries has no index on postcode yet.",
                         "proof_photo_key is the only nullable column."]}),
        Fact("gotcha-timestamptz", "gotcha", ["timestamptz"],
             ["the delivery times in the texts are an hour off in summer, have we hit that "
              "before?",
              "what column type should a time field in postgres use in this service?"],
             "Time columns must be timestamptz: the delivery window columns were plain "
             "timestamp, pgx returns those as UTC, so the SMS and dashboard showed windows an "
             "hour late during BST.",
             {"symptom": "customers are getting delivery windows an hour late in the sms, like "
                         "it says 2-4pm when the driver app shows 1-3. started after the clocks "
                         "went forward i think",
              "theory": "First guess: the SMS formatter uses the server's zone instead of "
                        "London. Checking it.",
              "theory_probe": read("internal/notify/sms.go",
                                   "func windowText(w store.DeliveryWindow) string {\n\tloc, _ "
                                   ":= time.LoadLocation(\"Europe/London\")\n\treturn fmt."
                                   "Sprintf(\"%s-%s\", w.Start.In(loc).Format(\"3pm\"), "
                                   "w.End.In(loc).Format(\"3pm\"))\n}\n"),
              "nope": "nah the sms code is fine, the dashboard shows the wrong time too. the "
                      "driver app is the only one thats right and it just shows the raw string",
              "probe": [bash("grep -n 'window_' db/migrations/*.sql",
                             "db/migrations/0007_delivery_windows.up.sql:3:  window_start "
                             "timestamp NOT NULL,\ndb/migrations/0007_delivery_windows.up.sql:"
                             "4:  window_end   timestamp NOT NULL,"),
                        bash("grep -n 'Window' internal/store/db/models.go",
                             "41:\tWindowStart pgtype.Timestamp\n42:\tWindowEnd   "
                             "pgtype.Timestamp")],
              "explain": "The window columns are `timestamp` - without time zone. The driver "
                         "app sends 13:00 local time; we store just the wall-clock digits, and "
                         "pgx hands a `timestamp` back as a time.Time in UTC. So 13:00 comes "
                         "back as 13:00 UTC, and everything that converts to Europe/London "
                         "(SMS, dashboard) adds the summer hour: 14:00. The driver app only "
                         "looks right because it shows the raw value. The columns need to be "
                         "`timestamptz` so Postgres stores the instant.",
              "fix": [write("db/migrations/0019_windows_timestamptz.up.sql",
                            "ALTER TABLE deliveries\n  ALTER COLUMN window_start TYPE "
                            "timestamptz USING window_start AT TIME ZONE 'Europe/London',\n  "
                            "ALTER COLUMN window_end   TYPE timestamptz USING window_end AT "
                            "TIME ZONE 'Europe/London';\n")],
              "done": "Added migration 0019 turning window_start/window_end into timestamptz, "
                      "reading the existing values as London wall time. With the sqlc models "
                      "regenerated the fields are pgtype.Timestamptz, and the SMS for a 13:00 "
                      "window says 1-3pm.",
              "found": "found the sms time thing. the window columns were plain timestamp not "
                       "timestamptz, so pgx gives them back as utc and everything that converts "
                       "to london time adds an hour in summer",
              "task2": "add the delivery window to the daily route export csv",
              "hit": bash("go run ./cmd/export-routes -date 2024-06-12 -limit 2",
                          "route_id,driver,stop,window\nR-1182,amrit,1,14:00-16:00\nR-1182,"
                          "amrit,2,15:00-17:00")}),
        Fact("gotcha-withoutcancel", "gotcha", ["context.WithoutCancel"],
             ["background work started from a grpc handler keeps getting cancelled, what's "
              "the right way to do it?",
              "why were some delivery photos silently missing from storage?"],
             "Goroutines started from a gRPC handler must not use the request ctx (cancelled "
             "once the handler returns): use context.WithoutCancel(ctx) plus their own "
             "timeout — that's why proof-of-delivery photos went missing.",
             {"symptom": "some proof of delivery photos never make it to the bucket. no "
                         "errors, except every now and then 'context canceled' in the upload "
                         "logs. the driver app says uploaded fine",
              "theory": "Could be the bucket side - a lifecycle rule or a permissions blip. "
                        "Counting how often it happens first.",
              "theory_probe": bash("kubectl logs deploy/parcelhop -n dispatch --since=24h | "
                                   "grep -c 'context canceled'", "37"),
              "nope": "its not the bucket, the lifecycle rule is 90 days. and 37 is about how "
                      "many went missing yesterday so its our side",
              "probe": [read(proof,
                             "func (s *Server) SubmitProof(ctx context.Context, req *"
                             "dispatchv1.SubmitProofRequest) (*dispatchv1.SubmitProofResponse, "
                             "error) {\n\tif err := s.store.MarkDelivered(ctx, req.DeliveryId); "
                             "err != nil {\n\t\treturn nil, status.Errorf(codes.Internal, "
                             "\"mark delivered: %v\", err)\n\t}\n\tgo s.uploader.Upload(ctx, "
                             "req.DeliveryId, req.Photo)\n\treturn &dispatchv1."
                             "SubmitProofResponse{}, nil\n}\n")],
              "explain": "SubmitProof starts the upload in a goroutine but hands it the "
                         "request's ctx. gRPC cancels that context as soon as the handler "
                         "returns and the response is sent, so a slow upload gets cancelled "
                         "half way and the SDK gives up with 'context canceled' - only the "
                         "uploads that take longer than sending the response. The goroutine "
                         "needs a context that keeps the request's values (trace id, logger) "
                         "but not its cancellation: context.WithoutCancel(ctx), with a timeout "
                         "of its own.",
              "fix": [edit(proof, "\tgo s.uploader.Upload(ctx, req.DeliveryId, req.Photo)\n",
                           "\t// not ctx: gRPC cancels it when we return, killing slow uploads\n"
                           "\tupCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), "
                           "2*time.Minute)\n\tgo func() {\n\t\tdefer cancel()\n\t\ts.uploader."
                           "Upload(upCtx, req.DeliveryId, req.Photo)\n\t}()\n")],
              "done": "Uploads now run on context.WithoutCancel(ctx) with a two-minute timeout, "
                      "so they outlive the RPC but keep the trace id.",
              "found": "ok i found the photo thing. the upload goroutine was using the request "
                       "ctx, grpc cancels it once the handler returns so slow uploads die. needs "
                       "context.WithoutCancel",
              "task2": "add a metric counting proof photo uploads by result",
              "hit": bash("go test ./internal/server/ -run TestSubmitProofSlowUpload -v",
                          "=== RUN   TestSubmitProofSlowUpload\n    proof_test.go:61: upload "
                          "result = \"error: context canceled\", want \"ok\"\n--- FAIL: "
                          "TestSubmitProofSlowUpload (0.31s)\nFAIL", 1)}),
        Fact("fals-streaming", "falsified", ["server streaming"],
             ["could the dispatch map get driver positions pushed to it instead of asking "
              "every few seconds?",
              "why does the live map poll for positions?"],
             "Server streaming for driver positions was tried and dropped: the depot network's "
             "proxy buffers HTTP/2 responses, so updates arrived in minute-long bursts; the map "
             "keeps polling.",
             {"ask": "lets make the live map use server streaming for driver positions instead "
                     "of polling every 10s",
              "change": [edit(proto,
                              "  rpc ListDriverPositions(ListDriverPositionsRequest) returns "
                              "(ListDriverPositionsResponse);\n",
                              "  rpc WatchDriverPositions(WatchDriverPositionsRequest) returns "
                              "(stream DriverPosition);\n"),
                         write("internal/server/positions_watch.go",
                               "func (s *Server) WatchDriverPositions(req *dispatchv1."
                               "WatchDriverPositionsRequest, stream dispatchv1."
                               "DispatchService_WatchDriverPositionsServer) error {\n\tsub := "
                               "s.positions.Subscribe(req.DepotId)\n\tdefer sub.Close()\n\tfor "
                               "p := range sub.C {\n\t\tif err := stream.Send(p); err != nil {\n"
                               "\t\t\treturn err\n\t\t}\n\t}\n\treturn nil\n}\n")],
              "broke": bash("./scripts/depot-smoke.sh watch-positions",
                            "connecting via depot proxy proxy.depot.hopcourier.net:3128 ...\n"
                            "stream open\n[0.0s] no message\n[30.0s] no message\n[60.0s] 41 "
                            "messages received at once\nFAIL: max gap between updates 60.1s "
                            "(limit 15s)", 1),
              "revert": bash("git checkout -- proto internal/server && rm -f internal/server/"
                             "positions_watch.go", ""),
              "conclusion": "The depot network's proxy buffers the HTTP/2 response, so the "
                            "stream only delivers when the buffer flushes - a minute of nothing, "
                            "then 41 positions at once. For the dispatchers at the depot that's "
                            "worse than the 10-second poll. Server streaming doesn't survive "
                            "that proxy.",
              "why_user": "the depot wifi goes through that proxy and IT wont touch it, we "
                          "went through this with them already",
              "pain": "the live map lags behind and the dispatchers keep moaning about it",
              "idea": "server streaming for the driver positions",
              "alternative": "The cheaper win is in the poll itself: drop the interval to 5s "
                             "and return only the positions that changed since the last poll "
                             "(a since cursor), so each request stays tiny."}),
        Fact("fals-null-pointers", "falsified", ["emit_pointers_for_null_types"],
             ["can sqlc give us plain go pointers instead of the pgtype wrappers for nullable "
              "columns?",
              "why do the generated models still use pgtype.Text and friends?"],
             "sqlc's emit_pointers_for_null_types was tried and reverted: it retypes every "
             "nullable field at once (143 call sites broke); the pgtype wrappers stay, "
             "unwrapped by the mapper helpers.",
             {"ask": "the pgtype.Text everywhere is driving me nuts, can we make sqlc generate "
                     "*string for nullable columns",
              "change": [edit("sqlc.yaml", "        emit_json_tags: true\n",
                              "        emit_json_tags: true\n        "
                              "emit_pointers_for_null_types: true\n"),
                         bash("sqlc generate", "")],
              "broke": bash("go build ./...",
                            "# github.com/hopcourier/parcelhop/internal/server\ninternal/"
                            "server/deliveries.go:88:24: cannot use d.ProofPhotoKey (variable "
                            "of type *string) as pgtype.Text value in argument to toProtoText\n"
                            "internal/server/routes.go:57:19: cannot use r.Notes (variable of "
                            "type *string) as pgtype.Text value in struct literal\ninternal/"
                            "notify/sms.go:33:22: invalid operation: d.Instructions.Valid "
                            "(d.Instructions.Valid undefined (type *string has no field or "
                            "method Valid))\ntoo many errors", 1),
              "revert": bash("git checkout -- sqlc.yaml internal/store/db", ""),
              "conclusion": "The option works, but it retypes every nullable field in one go: "
                            "the build breaks at 143 call sites across server, notify and "
                            "export, and the toProto* mappers written for pgtype values would "
                            "all need rewriting. There's no per-column switch - it's all or "
                            "nothing.",
              "why_user": "143 places for a cosmetic thing isnt worth it, the mapper helpers "
                          "hide most of it anyway",
              "pain": "the pgtype.Text / pgtype.Int4 wrappers everywhere are annoying to work "
                      "with",
              "idea": "sqlc's emit_pointers_for_null_types option",
              "alternative": "Then it's helpers at the edges: the toProto* mappers already "
                             "unwrap most of them, and a textOr(t, fallback) helper would cover "
                             "the remaining spots in notify."}),
    ]
    noise = [
        _look("whats internal/geo/postcode.go doing, ive never opened it",
              "internal/geo/postcode.go",
              "var outward = regexp.MustCompile(`^[A-Z]{1,2}[0-9][A-Z0-9]?$`)\n\n// Normalise "
              "upper-cases a UK postcode and puts the space before the inward code.\nfunc "
              "NormalisePostcode(raw string) (string, error) {\n\ts := strings.ToUpper("
              "strings.ReplaceAll(raw, \" \", \"\"))\n\tif len(s) < 5 || len(s) > 7 {\n\t\t"
              "return \"\", ErrBadPostcode\n\t}\n\tout, in := s[:len(s)-3], s[len(s)-3:]\n\tif "
              "!outward.MatchString(out) {\n\t\treturn \"\", ErrBadPostcode\n\t}\n\treturn out "
              "+ \" \" + in, nil\n}\n",
              "It cleans up UK postcodes: strips spaces, upper-cases, checks the length and the "
              "outward part against a regex, and puts the single space back before the last "
              "three characters. Anything odd comes back as ErrBadPostcode."),
        _find("where do we call HaversineKm", "HaversineKm",
              ["internal/dispatch/nearest.go", "internal/dispatch/nearest_test.go",
               "internal/server/positions.go"],
              "Three places: the nearest-driver picker and its test, and the positions handler "
              "(for the distance-to-next-stop field)."),
        _tweak("theres a typo in the not found error for deliveries, it says 'deliviery'",
               "internal/server/deliveries.go",
               "status.Errorf(codes.NotFound, \"deliviery %s not found\", req.DeliveryId)",
               "status.Errorf(codes.NotFound, \"delivery %s not found\", req.DeliveryId)"),
        _run("run golangci-lint on the server package", "golangci-lint run ./internal/server/...",
             "", "Clean - no issues."),
        _talk("when should a handler return FailedPrecondition vs InvalidArgument?",
              "InvalidArgument is for a request that's wrong no matter what state the system is "
              "in - a malformed postcode, a negative weight. FailedPrecondition is for a request "
              "that's fine in itself but can't be done right now because of state - assigning a "
              "route that's already closed. Rule of thumb: if retrying the same request could "
              "ever succeed after something else changes, it's FailedPrecondition."),
        _steps("write a table test for NormalisePostcode with a few weird inputs",
               [write("internal/geo/postcode_test.go",
                      "func TestNormalisePostcode(t *testing.T) {\n\tcases := []struct{ in, "
                      "want string; ok bool }{\n\t\t{\"sw1a1aa\", \"SW1A 1AA\", true},\n\t\t{\""
                      "  m1 1ae \", \"M1 1AE\", true},\n\t\t{\"EC1A1BB\", \"EC1A 1BB\", true},\n"
                      "\t\t{\"12345\", \"\", false},\n\t\t{\"\", \"\", false},\n\t}\n\tfor _, c "
                      ":= range cases {\n\t\tgot, err := NormalisePostcode(c.in)\n\t\tif (err =="
                      " nil) != c.ok || got != c.want {\n\t\t\tt.Errorf(\"%q: got %q, %v\", "
                      "c.in, got, err)\n\t\t}\n\t}\n}\n"),
                bash("go test ./internal/geo/ -run TestNormalisePostcode",
                     "ok  \tgithub.com/hopcourier/parcelhop/internal/geo\t0.004s")],
               "Added five cases (lower case, stray spaces, a long outward code, digits only, "
               "empty); they all pass."),
        _talk("how do i squash my last 3 commits before pushing",
              "`git rebase -i HEAD~3`, then change `pick` to `squash` (or `s`) on the second and "
              "third lines and save; git then lets you edit the combined message. If you'd "
              "rather not use the editor: `git reset --soft HEAD~3 && git commit`."),
        _steps("rename DriverLoc to DriverLocation everywhere, its bugging me",
               [bash("gofmt -r 'DriverLoc -> DriverLocation' -w internal/ && go build ./...",
                     "")],
               "Renamed across internal/ with gofmt -r; it builds."),
    ]
    return Project(
        "parcelhop", "git@github.com:hopcourier/parcelhop.git",
        {"README.md": "# parcelhop\n\nDriver dispatch for Hop Courier.\n\n## Development\n",
         "go.mod": "module github.com/hopcourier/parcelhop\n\ngo 1.22\n"},
        facts, noise, "postgres")


def plotpal() -> Project:
    """A React Native / Expo app for allotment plot holders: the watering rota with
    reminders, a harvest log, plot photos. expo-router, TypeScript, Supabase behind it,
    Reanimated for the swipe gestures, EAS Build, Maestro flows for QA."""
    card = "components/RotaCard.tsx"
    done_btn = "      <Pressable style={styles.done} onPress={onDone} testID=\"rota-mark-done\">\n"
    harvest = "app/(tabs)/harvest/new.tsx"
    facts = [
        Fact("conv-expo-install", "convention", ["expo install"],
             ["how do i add a new library to the mobile app?",
              "i added react-native-maps with npm and now the dev build crashes on start, did "
              "i do it wrong?"],
             "Add packages (native ones especially) with `npx expo install <pkg>`, never plain "
             "npm install: expo install picks the version that matches the app's Expo SDK.",
             {"rule": "native stuff always gets added with npx expo install, never npm install "
                      "directly",
              "why": "expo install picks the version that matches our sdk, npm just grabs "
                     "latest and then the build breaks in wierd ways",
              "task": "we need a date picker for the harvest entry screen, add "
                      "@react-native-community/datetimepicker and use it for the harvest date",
              "contrary": bash("npm install @react-native-community/datetimepicker",
                               "added 1 package, and audited 1184 packages in 6s\n\nfound 0 "
                               "vulnerabilities"),
              "claimed": "Installed @react-native-community/datetimepicker (8.2.0). Wiring it "
                         "into the harvest screen next.",
              "follow": [bash("npm uninstall @react-native-community/datetimepicker && npx "
                              "expo install @react-native-community/datetimepicker",
                              "removed 1 package in 2s\n› Installing 1 other package using "
                              "npm\n> npm install\nadded 1 package in 4s"),
                         edit(harvest, "      <TextInput value={date} onChangeText={setDate} "
                                       "/>\n",
                              "      <DateTimePicker value={date} mode=\"date\" maximumDate="
                              "{new Date()}\n        onChange={(_, d) => d && setDate(d)} />\n")],
              "done": "The date picker went in through `npx expo install`, so package.json has "
                      "the version pinned for our SDK (8.0.1) instead of npm's latest, and the "
                      "harvest entry screen uses it for the date (no future dates).",
              "slip": "just npm install it",
              "also": "default it to today",
              "asks": "do you want me to just `npm install` it, or is there a particular "
                      "version you're expecting?"}),
        Fact("conv-testid", "convention", ["testID"],
             ["anything i need to add to a new button so the e2e tests can tap it?",
              "how do the maestro flows find things on the screen?"],
             "Every Pressable/button gets a kebab-case testID (e.g. rota-mark-done): the "
             "Maestro flows select elements by id.",
             {"rule": "every button / pressable gets a testID, kebab case like "
                      "'rota-mark-done'",
              "why": "the maestro flows find everything by id, if it doesnt have one QA cant "
                     "test it",
              "task": "add a 'skip this week' button next to mark done on the watering rota "
                      "card",
              "contrary": edit(card, done_btn,
                               "      <Pressable style={styles.skip} onPress={onSkip}>\n        "
                               "<Text style={styles.skipLabel}>Skip this week</Text>\n      "
                               "</Pressable>\n" + done_btn),
              "claimed": "Added a 'Skip this week' button to the left of Mark done, wired to a "
                         "new onSkip prop.",
              "follow": [edit(card, done_btn,
                              "      <Pressable style={styles.skip} onPress={onSkip} testID="
                              "\"rota-skip-week\">\n        <Text style={styles.skipLabel}>"
                              "Skip this week</Text>\n      </Pressable>\n" + done_btn)],
              "done": "The skip button sits next to Mark done with testID=\"rota-skip-week\", "
                      "so the Maestro flows can find it.",
              "slip": "you can skip the test stuff for this one",
              "also": "make it grey so it doesnt compete with mark done",
              "asks": "do you want it as an icon-only button or with a text label?",
              "answer": "text label"}),
        Fact("cmd-prebuild", "command", ["prebuild --clean"],
             ["pod install fails with a deployment target error after adding a native "
              "library, what's the fix?",
              "how do i get the ios simulator build working again after adding a native "
              "module?"],
             "After adding a native module, regenerate the native projects with `npx expo "
             "prebuild --clean`, then `npx expo run:ios`; ios/ is generated, so neither "
             "hand-edit it nor just pod install.",
             {"goal": "added expo-camera for the plot photos, get it running on the ios "
                      "simulator",
              "fail": bash("npx expo run:ios",
                           "› Installing CocoaPods dependencies\n[!] CocoaPods could not find "
                           "compatible versions for pod \"ExpoCamera\":\n  In Podfile:\n    "
                           "ExpoCamera (from `../node_modules/expo-camera/ios`)\n\nSpecs "
                           "satisfying the `ExpoCamera (from `../node_modules/expo-camera/ios`)"
                           "` dependency were found, but they required a higher minimum "
                           "deployment target.\nCommandError: Failed to install CocoaPods "
                           "dependencies", 1),
              "note": "The Podfile still has the old deployment target. Trying a pod install "
                      "with a repo update.",
              "fail2": bash("cd ios && pod install --repo-update",
                            "Analyzing dependencies\n[!] CocoaPods could not find compatible "
                            "versions for pod \"ExpoCamera\":\n  ...required a higher minimum "
                            "deployment target.", 1),
              "hint": "the ios folder is generated, you have to wipe and regenerate it with npx "
                      "expo prebuild --clean and then run:ios again. never hand edit ios/",
              "ok": bash("npx expo prebuild --clean --platform ios && npx expo run:ios",
                         "✔ Cleared ios code\n✔ Created native directory\n✔ Finished prebuild\n"
                         "✔ Installed CocoaPods\n› Build Succeeded\n› Installing on iPhone 15\n"
                         "› Opening on iPhone 15"),
              "done": "It's running on the iPhone 15 simulator. After adding a native module "
                      "the generated ios/ folder goes stale; `npx expo prebuild --clean` "
                      "regenerates it (picking up the camera plugin's settings from app.json) "
                      "and then `npx expo run:ios` builds.",
              "gist": "ios/ is generated by prebuild and goes stale when a native module is "
                      "added - pod install alone keeps the old deployment target. It needs "
                      "regenerating from scratch.",
              "label": "After adding a native module (pods out of date)",
              "aside": ("while it builds - the camera permission text, is that in app.json or "
                        "Info.plist?",
                        "app.json: expo-camera's config plugin takes cameraPermission and "
                        "prebuild writes it into Info.plist. Editing Info.plist directly gets "
                        "overwritten the next time the native folder is regenerated.")}),
        Fact("cmd-eas-preview", "command", ["--profile preview"],
             ["how do i make an apk that the testers can sideload?",
              "whats the eas command for the android build we hand out internally?"],
             "Tester Android builds: `eas build --platform android --profile preview` (APK, "
             "internal distribution); the default production profile builds a Play Store AAB "
             "and its keystore lives on CI.",
             {"goal": "make an android build the committee can install on their phones, theyre "
                      "not on the play store",
              "fail": bash("eas build --platform android --non-interactive",
                           "Loaded \"env\" configuration for the \"production\" profile\n"
                           "✖ Generating a new Android Keystore is not supported in "
                           "--non-interactive mode\n    Error: build command failed.", 1),
              "note": "That picked the production profile, whose keystore isn't available "
                      "here. Trying a local build instead.",
              "fail2": bash("eas build --platform android --local --non-interactive",
                            "Loaded \"env\" configuration for the \"production\" profile\n"
                            "✖ Android SDK not found. Set ANDROID_HOME.\n    Error: build "
                            "command failed.", 1),
              "hint": "use the preview profile, its set up for apk + internal distribution. "
                      "--profile preview",
              "ok": bash("eas build --platform android --profile preview --non-interactive",
                         "Loaded \"env\" configuration for the \"preview\" profile\n✔ Using "
                         "remote Android credentials (Expo server)\n✔ Build finished\n\n🤖 "
                         "Android app:\nhttps://expo.dev/artifacts/eas/r2Vq8bKcY1mT4pXz.apk"),
              "done": "The APK is built: https://expo.dev/artifacts/eas/r2Vq8bKcY1mT4pXz.apk - "
                      "anyone on the committee can open that on their phone and install it. "
                      "Tester builds are `eas build --platform android --profile preview` "
                      "(APK, internal distribution); the default production profile makes a "
                      "Play Store AAB.",
              "gist": "Without a profile eas uses production, which builds a store AAB with a "
                      "keystore that only CI has. The profile for installable test builds is "
                      "preview.",
              "label": "Android build for the committee testers (APK)",
              "aside": ("do they have to uninstall the old one first?",
                        "No - same package and signing key, so it installs over the old one "
                        "and keeps their data. They'll need to allow installs from their "
                        "browser the first time.")}),
        Fact("env-sdk", "environment", ["SDK 51"],
             ["which expo version is the app on?",
              "can i use a library that needs react native 0.76 in the app?"],
             "The app is on Expo SDK 51 (React Native 0.74.5, expo-router 3.5), new "
             "architecture off.",
             {"goal": "can we use typed routes from expo-router? whats our expo version",
              "probe": [bash("npx expo config --type public | grep -E 'sdkVersion|"
                             "newArchEnabled'",
                             "  sdkVersion: '51.0.0',\n  newArchEnabled: false,"),
                        bash("npm ls expo react-native expo-router --depth=0",
                             "plotpal@1.4.0\n├── expo-router@3.5.23\n├── expo@51.0.28\n└── "
                             "react-native@0.74.5")],
              "confirm": "The app is on Expo SDK 51 (expo 51.0.28, React Native 0.74.5, "
                         "expo-router 3.5.23), with the new architecture off. Typed routes "
                         "exist in expo-router 3.5 behind experiments.typedRoutes in app.json.",
              "guess": "i think we're on 52 already?",
              "said": "we're still on sdk 51 i think, the upgrade got stuck on the maps lib",
              "extras": ["expo-router 3.5 has typed routes behind experiments.typedRoutes.",
                         "newArchEnabled is false."]}),
        Fact("env-bundle-id", "environment", ["org.greenlane.plotpal"],
             ["what's the android application id of the app?",
              "which bundle identifier do i register for the ios app in firebase?"],
             "The app's iOS bundle identifier and Android package are both "
             "org.greenlane.plotpal (app.json).",
             {"goal": "setting up the firebase project for push notifications, whats the "
                      "android package name and the ios bundle id",
              "probe": [read("app.json",
                             "{\n  \"expo\": {\n    \"name\": \"PlotPal\",\n    \"slug\": "
                             "\"plotpal\",\n    \"scheme\": \"plotpal\",\n    \"ios\": {\n      "
                             "\"bundleIdentifier\": \"org.greenlane.plotpal\"\n    },\n    "
                             "\"android\": {\n      \"package\": \"org.greenlane.plotpal\",\n"
                             "      \"googleServicesFile\": \"./google-services.json\"\n    }\n"
                             "  }\n}\n")],
              "confirm": "Both are org.greenlane.plotpal - app.json uses it as the iOS "
                         "bundleIdentifier and as the Android package, so register that for "
                         "both platforms in Firebase.",
              "guess": "its com.plotpal.app isnt it",
              "said": "i think both ids are org.greenlane.plotpal",
              "extras": ["app.json already points android.googleServicesFile at "
                         "./google-services.json, so the downloaded file goes in the repo "
                         "root.",
                         "The deep link scheme is plotpal://."]}),
        Fact("gotcha-emulator-host", "gotcha", ["10.0.2.2"],
             ["the app can't reach my local backend from the android emulator but ios is "
              "fine, what's wrong?",
              "what address does the android emulator use for stuff running on my laptop?"],
             "On the Android emulator localhost is the emulator itself; the local backend "
             "(Supabase on the host) must be reached at 10.0.2.2 — lib/supabase.ts swaps it on "
             "Android.",
             {"symptom": "login works on the iphone sim but on the android emulator it just "
                         "says Network request failed. same code",
              "theory": "First thought is cleartext HTTP - Android blocks plain http unless "
                        "it's allowed. Checking the manifest.",
              "theory_probe": bash("grep -rn usesCleartextTraffic android/app/src/",
                                   "android/app/src/debug/AndroidManifest.xml:5:    android:"
                                   "usesCleartextTraffic=\"true\""),
              "nope": "nah cleartext is on for debug builds, and the calls to the hosted stuff "
                      "work on android. its only the local backend",
              "probe": [bash("cat .env.local",
                             "EXPO_PUBLIC_SUPABASE_URL=http://localhost:54321"),
                        bash("adb shell curl -s -o /dev/null -w '%{http_code}' "
                             "http://localhost:54321/rest/v1/", "000"),
                        bash("adb shell curl -s -o /dev/null -w '%{http_code}' "
                             "http://10.0.2.2:54321/rest/v1/", "401")],
              "explain": "Inside the Android emulator, localhost is the emulator itself, not "
                         "your Mac - nothing listens on 54321 in there, so fetch fails with "
                         "'Network request failed'. The iOS simulator shares the Mac's "
                         "network, which is why it works there. The emulator reaches the host "
                         "at 10.0.2.2 (the 401 is Supabase answering without a key - "
                         "reachable).",
              "fix": [edit("lib/supabase.ts",
                           "const url = process.env.EXPO_PUBLIC_SUPABASE_URL!\n",
                           "// the Android emulator reaches the host machine at 10.0.2.2, not "
                           "localhost\nconst url = Platform.OS === 'android'\n  ? process.env."
                           "EXPO_PUBLIC_SUPABASE_URL!.replace('localhost', '10.0.2.2')\n  : "
                           "process.env.EXPO_PUBLIC_SUPABASE_URL!\n")],
              "done": "Login works on the Android emulator: lib/supabase.ts swaps localhost for "
                      "10.0.2.2 on Android, and leaves iOS and real builds alone.",
              "found": "figured out the android login thing. localhost inside the emulator is "
                       "the emulator, you have to use 10.0.2.2 to reach the mac",
              "task2": "add pull to refresh on the plots list and check it on android",
              "hit": bash("npx expo run:android",
                          "› Opening on Pixel_7_API_34\n LOG  [plots] refresh failed: "
                          "TypeError: Network request failed")}),
        Fact("gotcha-reanimated", "gotcha", ["reanimated/plugin"],
             ["animations crash with 'failed to create a worklet', what's caused that "
              "before?",
              "does the order of the plugins in the babel config matter?"],
             "react-native-reanimated/plugin must be the last plugin in babel.config.js (else "
             "'Failed to create a worklet'); restart Metro with --clear after changing it.",
             {"symptom": "swipe to mark a watering done crashes the app now. red screen: "
                         "[Reanimated] Failed to create a worklet. it worked last week",
              "theory": "Could be the JS and native halves of Reanimated out of step after an "
                        "update. Checking the versions.",
              "theory_probe": bash("npm ls react-native-reanimated "
                                   "react-native-gesture-handler",
                                   "plotpal@1.4.0\n├── react-native-gesture-handler@2.16.1\n└──"
                                   " react-native-reanimated@3.10.1"),
              "nope": "versions havent changed, i checked. what changed last week is someone "
                      "added the dotenv babel thing",
              "probe": [read("babel.config.js",
                             "module.exports = function (api) {\n  api.cache(true)\n  return {"
                             "\n    presets: ['babel-preset-expo'],\n    plugins: [\n      "
                             "'react-native-reanimated/plugin',\n      ['module:react-native-"
                             "dotenv', { moduleName: '@env' }],\n    ],\n  }\n}\n")],
              "explain": "Reanimated's babel plugin has to be the last one in the plugins "
                         "list: it rewrites worklet functions, and if another plugin runs "
                         "after it the worklets get transformed again and Reanimated can't "
                         "create them. The dotenv plugin was added after it. Metro also caches "
                         "transformed files, so after moving it Metro has to start with "
                         "--clear or the old output sticks around.",
              "fix": [edit("babel.config.js",
                           "      'react-native-reanimated/plugin',\n      ['module:react-"
                           "native-dotenv', { moduleName: '@env' }],\n",
                           "      ['module:react-native-dotenv', { moduleName: '@env' }],\n"
                           "      // must stay last\n      'react-native-reanimated/plugin',\n"),
                      bash("npx expo start --clear",
                           "Starting Metro Bundler\nwarning: Bundler cache is empty, "
                           "rebuilding (this may take a minute)")],
              "done": "Swipe-to-done works again: react-native-reanimated/plugin is back at the "
                      "end of the plugins list with a comment saying it must stay last, and "
                      "Metro was restarted with --clear to drop the stale transforms.",
              "found": "ok found the swipe crash. someone put the dotenv plugin after "
                       "reanimated/plugin in babel.config.js, the reanimated one has to be "
                       "last. and clear the metro cache after",
              "task2": "add a little bounce when a plot card gets marked done",
              "hit": bash("npx expo start --ios",
                          " ERROR  [Reanimated] Failed to create a worklet. See "
                          "https://docs.swmansion.com/react-native-reanimated/docs/guides/"
                          "troubleshooting for more details.")}),
        Fact("fals-mmkv", "falsified", ["mmkv"],
             ["could we use something faster than AsyncStorage for the local cache?",
              "why is the app still on AsyncStorage?"],
             "react-native-mmkv was tried in place of AsyncStorage and dropped: it needs "
             "native code that Expo Go doesn't ship, and the volunteers test through Expo Go.",
             {"ask": "swap AsyncStorage for react-native-mmkv, the rota cache takes forever to "
                     "load on the old androids",
              "change": [edit("package.json", "    \"react-native-svg\": \"15.2.0\",\n",
                              "    \"react-native-mmkv\": \"2.12.2\",\n    \"react-native-svg\""
                              ": \"15.2.0\",\n"),
                         edit("lib/storage.ts",
                              "import AsyncStorage from '@react-native-async-storage/async-"
                              "storage'\n",
                              "import { MMKV } from 'react-native-mmkv'\n\nconst store = new "
                              "MMKV({ id: 'plotpal-cache' })\n")],
              "broke": bash("npx expo start --go",
                            " ERROR  Error: Failed to create a new MMKV instance: The native "
                            "MMKV Module could not be found.\n* Make sure react-native-mmkv is "
                            "correctly autolinked\n* Make sure you're not using Expo Go", 1),
              "revert": bash("git checkout -- package.json package-lock.json lib/storage.ts",
                             ""),
              "conclusion": "MMKV is a native module, and Expo Go only contains the native "
                            "modules that ship with it - so in Expo Go the app dies on start. "
                            "It would work in a dev client or our own builds, but not for "
                            "anyone previewing through Expo Go.",
              "why_user": "half the volunteers test through expo go on their own phones, we're "
                          "not making them install dev builds",
              "pain": "the rota cache is slow to load on the older android phones",
              "idea": "moving the cache to react-native-mmkv",
              "alternative": "The slow part is probably the one big JSON blob: I can split the "
                             "cache per plot and load the current week first, still on "
                             "AsyncStorage."}),
        Fact("fals-bg-fetch", "falsified", ["expo-background-fetch"],
             ["can the app update things in the background while it's closed?",
              "why are the reminders scheduled locally for the whole week instead of being "
              "refreshed now and then?"],
             "expo-background-fetch for refreshing the rota was tried and dropped: iOS ran it "
             "about once in two days for a rarely opened app; reminders are scheduled locally "
             "for the week whenever the app opens.",
             {"ask": "make the app refresh the watering rota in the background every few hours "
                     "so the reminder is right even if nobody opens it",
              "change": [edit("app/_layout.tsx", "import { Stack } from 'expo-router'\n",
                              "import { Stack } from 'expo-router'\nimport * as BackgroundFetch "
                              "from 'expo-background-fetch'\nimport * as TaskManager from 'expo-"
                              "task-manager'\nimport { ROTA_TASK, refreshRota } from '../lib/"
                              "rota'\n\nTaskManager.defineTask(ROTA_TASK, refreshRota)\n"
                              "BackgroundFetch.registerTaskAsync(ROTA_TASK, { minimumInterval: "
                              "60 * 60 * 3 })\n")],
              "broke": bash("npx tsx scripts/task-report.ts --device 'Sams iPhone 12' --hours "
                            "48",
                            "task ROTA_REFRESH registered 2024-05-03 09:12\nruns in last 48h: 1"
                            " (2024-05-04 06:40)\nexpected at 3h interval: 16\nFAIL: reminder "
                            "content stale for 41h", 1),
              "revert": bash("git checkout -- app/_layout.tsx package.json", ""),
              "conclusion": "iOS decides when background fetch runs; minimumInterval is only a "
                            "lower bound, and for an app that isn't opened often it ran once in "
                            "two days. The reminders can't depend on it. What works with the "
                            "app closed is what we had: scheduling the week's local "
                            "notifications whenever the app is opened.",
              "why_user": "ios basically never runs it for an app you dont open daily, which "
                          "is exactly our users",
              "pain": "the watering reminder is sometimes wrong when someone swapped a slot and "
                      "the other person hasnt opened the app",
              "idea": "expo-background-fetch refreshing the rota every few hours",
              "alternative": "Since the phone can't be relied on to wake the app, it belongs "
                             "on the server: when someone swaps a slot, push to the two people "
                             "involved so their scheduled reminder gets replaced."}),
    ]
    noise = [
        _look("what does hooks/useRota.ts actually do", "hooks/useRota.ts",
              "export function useRota(plotId: string) {\n  const week = useWeekStart()\n  "
              "return useQuery({\n    queryKey: ['rota', plotId, week],\n    queryFn: () => "
              "fetchRota(plotId, week),\n    staleTime: 5 * 60 * 1000,\n  })\n}\n",
              "It's a TanStack Query hook for one plot's rota for the current week: the key is "
              "plot + week start, so changing week refetches, and results count as fresh for "
              "five minutes."),
        _find("where is formatKilos used", "formatKilos",
              ["app/(tabs)/harvest/index.tsx", "components/HarvestRow.tsx",
               "lib/__tests__/format.test.ts"],
              "The harvest list screen, the HarvestRow component and its unit test."),
        _tweak("the harvest screen title says 'Harvset log' lol", "app/(tabs)/harvest/_layout.tsx",
               "<Stack.Screen options={{ title: 'Harvset log' }} />",
               "<Stack.Screen options={{ title: 'Harvest log' }} />"),
        _run("run the typecheck", "npx tsc --noEmit", "", "No type errors."),
        _talk("should i use expo-image or the normal Image for the plot photos?",
              "expo-image: it caches to disk, decodes off the main thread, supports blurhash "
              "placeholders and handles large photos much better in lists. The core Image is "
              "fine for small static assets, but for user photos in a scrolling list expo-image "
              "is the better default."),
        _steps("add a unit test for rotateRota, the thing that moves everyone along a week",
               [write("lib/__tests__/rotateRota.test.ts",
                      "import { rotateRota } from '../rota'\n\ntest('moves everyone one slot "
                      "along and wraps', () => {\n  expect(rotateRota(['ann', 'bo', 'cy']))."
                      "toEqual(['cy', 'ann', 'bo'])\n})\n\ntest('empty rota stays empty', () => "
                      "{\n  expect(rotateRota([])).toEqual([])\n})\n"),
                bash("npx jest lib/__tests__/rotateRota.test.ts",
                     "PASS lib/__tests__/rotateRota.test.ts\n  ✓ moves everyone one slot along "
                     "and wraps (2 ms)\n  ✓ empty rota stays empty\n\nTests: 2 passed, 2 total")],
               "Two tests (wrap-around and empty); both pass."),
        _talk("whats the actual difference between expo go and a dev build",
              "Expo Go is a prebuilt app from the store with a fixed set of native modules; you "
              "load your JS into it, so there's no native build step, but you can only use what "
              "it ships. A development build is your own app binary (with expo-dev-client), so it "
              "includes whatever native modules you add, at the cost of building it yourself."),
        _run("lint pls", "npx expo lint", "✔ No problems", "Lint is clean."),
    ]
    return Project(
        "plotpal", "git@github.com:greenlane-allotments/plotpal.git",
        {"README.md": "# plotpal\n\nThe Greenlane allotments app.\n\n## Development\n",
         "package.json": "{\n  \"name\": \"plotpal\",\n  \"private\": true\n}\n"},
        facts, noise, "github")


def shelfwise() -> Project:
    """A Java 21 Quarkus service for a county library network's holds, loans and
    availability: Maven multi-module (common, app), Hibernate ORM with Panache, Flyway,
    Keycloak via OIDC, Dev Services in tests, deployed as three pods."""
    pkg = "app/src/main/java/org/countylibraries/shelfwise"
    loan = f"{pkg}/loan/Loan.java"
    migration_dir = "app/src/main/resources/db/migration"
    availability = f"{pkg}/availability/AvailabilityResource.java"
    facts = [
        Fact("conv-migration-names", "convention", ["yyyyMMddHHmm"],
             ["what do i call a new flyway migration file?",
              "how are the database migration versions numbered in this service?"],
             "Flyway migrations are versioned by timestamp: V<yyyyMMddHHmm>__description.sql "
             "(e.g. V202406121530__add_hold_expiry.sql), never sequential numbers — two "
             "branches once both took V12.",
             {"rule": "flyway migrations are named by timestamp, V<yyyyMMddHHmm>__what_it_does"
                      ".sql, like V202406121530__add_hold_expiry.sql. not V13, V14",
              "why": "with plain numbers two branches both grabbed V12 and flyway refused to "
                     "start in staging",
              "task": "holds need an expiry date. add expires_on to hold and set it to 7 days "
                      "after the item arrives at the pickup branch",
              "contrary": write(f"{migration_dir}/V13__add_hold_expiry.sql",
                                "ALTER TABLE hold ADD COLUMN expires_on date;\n"),
              "claimed": "Added V13__add_hold_expiry.sql with the expires_on column. Setting it "
                         "in HoldService next.",
              "undo": [bash(f"rm {migration_dir}/V13__add_hold_expiry.sql", "")],
              "follow": [write(f"{migration_dir}/V202406121530__add_hold_expiry.sql",
                               "ALTER TABLE hold ADD COLUMN expires_on date;\n"),
                         edit(f"{pkg}/hold/HoldService.java",
                              "        hold.status = HoldStatus.READY;\n",
                              "        hold.status = HoldStatus.READY;\n        hold.expiresOn "
                              "= today.plusDays(7);\n")],
              "done": "Added V202406121530__add_hold_expiry.sql (expires_on date), and "
                      "HoldService.markArrived sets it to arrival + 7 days.",
              "slip": "just call it V13, thats the next one",
              "also": "and show the expiry on the staff holds page",
              "asks": "should the column go in a new Flyway migration, or into the last one "
                      "since it hasn't been released yet?",
              "answer": "new one"}),
        Fact("conv-repository", "convention", ["PanacheRepository"],
             ["where should a new database query for holds go?",
              "can i add a static finder method on the entity class?"],
             "Queries go in PanacheRepository classes (e.g. LoanRepository), never "
             "active-record static methods on entities: the service tests mock repositories "
             "with @InjectMock.",
             {"rule": "queries go in the PanacheRepository classes (LoanRepository etc), we "
                      "dont do the active record static methods on entities",
              "why": "the service tests mock the repositories with @InjectMock and you cant "
                     "mock a static on an entity",
              "task": "add a query for loans more than 14 days overdue and a scheduled job "
                      "that emails those borrowers",
              "contrary": edit(loan, "@Entity\npublic class Loan {\n",
                               "@Entity\npublic class Loan extends PanacheEntityBase {\n\n    "
                               "public static List<Loan> overdueBy(int days) {\n        return "
                               "list(\"dueOn < ?1 and returnedOn is null\", LocalDate.now()."
                               "minusDays(days));\n    }\n"),
              "claimed": "Added Loan.overdueBy(days) as a static finder; the job is next.",
              "undo": [bash(f"git checkout -- {loan}", "")],
              "follow": [edit(f"{pkg}/loan/LoanRepository.java",
                              "public class LoanRepository implements PanacheRepository<Loan> "
                              "{\n",
                              "public class LoanRepository implements PanacheRepository<Loan> "
                              "{\n\n    public List<Loan> overdueBy(int days) {\n        return "
                              "list(\"dueOn < ?1 and returnedOn is null\", LocalDate.now()."
                              "minusDays(days));\n    }\n"),
                         write(f"{pkg}/loan/OverdueNoticeJob.java",
                               "@ApplicationScoped\npublic class OverdueNoticeJob {\n    @Inject "
                               "LoanRepository loans;\n    @Inject OverdueMailer mailer;\n\n    "
                               "@Scheduled(cron = \"0 0 7 * * ?\")\n    void run() {\n        "
                               "loans.overdueBy(14).forEach(mailer::send);\n    }\n}\n")],
              "done": "LoanRepository.overdueBy(days) has the query, and OverdueNoticeJob runs "
                      "every morning at 07:00, injecting the repository and the mailer - its "
                      "test can mock LoanRepository with @InjectMock.",
              "slip": "put it as a static on Loan, thats quickest",
              "also": "the job should run every morning at 7",
              "asks": "should the overdue query live on the Loan entity as a static finder, or "
                      "inline as HQL in the job?"}),
        Fact("cmd-single-test", "command", ["failIfNoSpecifiedTests=false"],
             ["how do i run only one test class in this maven project?",
              "running a single test with -Dtest blows up on the common module saying nothing "
              "matched, how do i get around it?"],
             "Run one test class: `./mvnw -pl app -am test -Dtest=<Class> "
             "-Dsurefire.failIfNoSpecifiedTests=false` (-am builds shelfwise-common; the flag "
             "stops it failing for having no matching test).",
             {"goal": "run just HoldServiceTest, the whole suite takes ages",
              "fail": bash("./mvnw test -Dtest=HoldServiceTest",
                           "[INFO] Building shelfwise-common 1.8.0-SNAPSHOT                  "
                           "[2/3]\n[ERROR] Failed to execute goal org.apache.maven.plugins:"
                           "maven-surefire-plugin:3.2.5:test (default-test) on project "
                           "shelfwise-common: No tests matching pattern \"HoldServiceTest\" were"
                           " executed! (Set -Dsurefire.failIfNoSpecifiedTests=false to ignore "
                           "this error.)", 1),
              "note": "Surefire trips over the common module, which doesn't have that test. "
                      "Limiting it to the app module.",
              "fail2": bash("./mvnw -pl app test -Dtest=HoldServiceTest",
                            "[ERROR] Failed to execute goal on project shelfwise-app: Could not "
                            "resolve dependencies for project org.countylibraries:shelfwise-"
                            "app:jar:1.8.0-SNAPSHOT: Could not find artifact org."
                            "countylibraries:shelfwise-common:jar:1.8.0-SNAPSHOT", 1),
              "hint": "you need -am too so it builds common, and then the surefire flag so "
                      "common doesnt fail for having no matching test",
              "ok": bash("./mvnw -pl app -am test -Dtest=HoldServiceTest "
                         "-Dsurefire.failIfNoSpecifiedTests=false",
                         "[INFO] Tests run: 9, Failures: 0, Errors: 0, Skipped: 0\n[INFO] "
                         "BUILD SUCCESS\n[INFO] Total time:  48.207 s"),
              "done": "HoldServiceTest passes (9 tests). For a single class it's `./mvnw -pl "
                      "app -am test -Dtest=HoldServiceTest "
                      "-Dsurefire.failIfNoSpecifiedTests=false`: -am builds common first, and "
                      "the surefire flag stops common failing for having no matching test.",
              "gist": "-Dtest applies to every module, and the common module has no such "
                      "test, so surefire fails there. Build app with its dependency (-pl app "
                      "-am) and tell surefire not to fail when a module has no match.",
              "label": "Run a single test class",
              "aside": ("does dev services spin up a postgres even for one test class?",
                        "Yes - @QuarkusTest boots the application, and with no datasource URL "
                        "for the test profile Dev Services starts a Postgres container. That's "
                        "most of the time for a single class.")}),
        Fact("cmd-native", "command", ["container-build=true"],
             ["how do i build the native binary without installing graalvm?",
              "native-image isn't on my machine, how do we normally do native builds?"],
             "Native builds run in a container: `./mvnw package -Dnative -DskipTests "
             "-Dquarkus.native.container-build=true` (no local GraalVM; Docker must be "
             "running).",
             {"goal": "build the native executable, i want to see how fast it starts for the "
                      "branch kiosks",
              "fail": bash("./mvnw package -Dnative -DskipTests",
                           "[ERROR] Failed to execute goal io.quarkus.platform:quarkus-maven-"
                           "plugin:3.12.1:build (default) on project shelfwise-app: Failed to "
                           "build quarkus application: Cannot find the `native-image` in the "
                           "GRAALVM_HOME, JAVA_HOME and System PATH.", 1),
              "note": "No native-image on the path. Checking which JDKs are installed.",
              "fail2": bash("ls ~/.sdkman/candidates/java/ | grep -i -e graal -e mandrel",
                            "", 1),
              "hint": "dont install graal, we build native in a container. "
                      "-Dquarkus.native.container-build=true, docker has to be running",
              "ok": bash("./mvnw package -Dnative -DskipTests "
                         "-Dquarkus.native.container-build=true",
                         "[INFO] [io.quarkus.deployment.pkg.steps.NativeImageBuildContainer"
                         "Runner] Using docker to run the native image builder\n[INFO] [io."
                         "quarkus.deployment.pkg.steps.NativeImageBuildStep] Finished "
                         "generating 'shelfwise-app-1.8.0-SNAPSHOT-runner' in 3m 41s.\n[INFO] "
                         "BUILD SUCCESS"),
              "done": "Native build done in under four minutes: app/target/shelfwise-app-1.8.0-"
                      "SNAPSHOT-runner. Without a local GraalVM the command is `./mvnw package "
                      "-Dnative -DskipTests -Dquarkus.native.container-build=true`, which runs "
                      "the builder in a Mandrel container (Docker has to be running).",
              "gist": "There's no GraalVM on this machine; Quarkus can run native-image inside "
                      "its builder container instead.",
              "label": "Native executable (no local GraalVM needed)",
              "aside": ("is mandrel the same thing as graalvm?",
                        "Mandrel is Red Hat's build of GraalVM CE trimmed to what native-image "
                        "needs for Java - no polyglot languages. It's what Quarkus's builder "
                        "image uses by default.")}),
        Fact("env-dev-port", "environment", ["8095"],
             ["which port is the service on when running in dev mode?",
              "curl to localhost:8080 gives me a keycloak page instead of our api, where is "
              "the app?"],
             "Locally (dev mode) the app listens on port 8095 (quarkus.http.port); 8080 is the "
             "dev compose's Keycloak.",
             {"goal": "start it in dev mode and check the holds endpoint responds",
              "probe": [bash("./mvnw -pl app quarkus:dev -Dquarkus.console.enabled=false > "
                             "/tmp/dev.log 2>&1 & sleep 40; grep -m1 'Listening on' /tmp/dev."
                             "log",
                             "INFO  [io.quarkus] (Quarkus Main Thread) shelfwise-app 1.8.0-"
                             "SNAPSHOT on JVM (powered by Quarkus 3.12.1) started in 6.913s. "
                             "Listening on: http://localhost:8095"),
                        bash("grep -n 'http.port' app/src/main/resources/application."
                             "properties",
                             "3:# 8080 is keycloak in the dev compose\n4:quarkus.http.port="
                             "8095"),
                        bash("curl -s -o /dev/null -w '%{http_code}\\n' localhost:8095/holds/"
                             "health", "200")],
              "confirm": "Dev mode is up on http://localhost:8095 - application.properties sets "
                         "quarkus.http.port=8095 because Keycloak in the dev compose already "
                         "has 8080 - and the holds endpoint answers 200.",
              "guess": "it'll be on 8080",
              "said": "pretty sure it's on 8095 not 8080, keycloak has 8080",
              "extras": ["Dev mode started in about 7 seconds once Dev Services had its "
                         "Postgres.",
                         "Live reload is on, so edits apply on the next request."]}),
        Fact("env-realm", "environment", ["libraries-dev"],
             ["which keycloak realm does the app use locally?",
              "how do i get an access token for the local api from the command line?"],
             "Locally auth uses Keycloak realm libraries-dev "
             "(http://localhost:8080/realms/libraries-dev); test user staff.alice/alice via the "
             "public client shelfwise-cli.",
             {"goal": "i need a token to call the staff endpoints locally with curl, how do i "
                      "get one",
              "probe": [bash("grep -n oidc app/src/main/resources/application.properties",
                             "12:%dev.quarkus.oidc.auth-server-url=http://localhost:8080/realms"
                             "/libraries-dev\n13:quarkus.oidc.client-id=shelfwise-api"),
                        bash("curl -s -d client_id=shelfwise-cli -d username=staff.alice -d "
                             "password=alice -d grant_type=password http://localhost:8080/"
                             "realms/libraries-dev/protocol/openid-connect/token | jq -r "
                             ".access_token | cut -c1-20", "eyJhbGciOiJSUzI1NiIs")],
              "confirm": "Locally the API trusts Keycloak's libraries-dev realm "
                         "(http://localhost:8080/realms/libraries-dev). Its realm export has "
                         "test users - staff.alice / alice works - and the public shelfwise-cli "
                         "client allows the password grant, so that curl gets you a token.",
              "guess": "i think its just the master realm",
              "said": "the local realm is libraries-dev i think",
              "extras": ["staff.alice has the staff role; the realm export is imported when "
                         "the compose Keycloak starts.",
                         "shelfwise-cli is a public client with the password grant, meant for "
                         "curl."]}),
        Fact("gotcha-join-fetch", "gotcha", ["JOIN FETCH"],
             ["an endpoint throws 'could not initialize proxy - no Session' when it returns "
              "entities, what's our fix for that?",
              "how do we load a lazy collection the response needs without keeping a "
              "transaction open?"],
             "LazyInitializationException when serializing entities (e.g. Hold.items on "
             "/branches/{id}/holds): load the collection in the query with JOIN FETCH rather "
             "than putting @Transactional on the resource.",
             {"symptom": "GET /branches/{id}/holds gives 500 since the holds page change. log "
                         "says failed to lazily initialize a collection of role Hold.items, "
                         "could not initialize proxy - no Session",
              "theory": "That usually means the transaction is over before the response is "
                        "written. Checking whether the resource method is transactional.",
              "theory_probe": grep("@Transactional", [f"{pkg}/hold/HoldService.java"]),
              "nope": "putting @Transactional on the resource is what we had before and it "
                      "kept a db connection open while jackson wrote 2000 holds. dont want that "
                      "back",
              "probe": [read(f"{pkg}/hold/HoldRepository.java",
                             "    public List<Hold> forBranch(long branchId) {\n        return "
                             "list(\"pickupBranch.id\", branchId);\n    }\n")],
              "explain": "Hold.items is a lazy collection. forBranch loads just the holds, the "
                         "transaction ends when the repository call returns, and then Jackson "
                         "touches hold.items while writing the response - no session any more, "
                         "so Hibernate throws LazyInitializationException. The fix that keeps "
                         "the transaction short is loading the items in the same query: a JOIN "
                         "FETCH in forBranch.",
              "fix": [edit(f"{pkg}/hold/HoldRepository.java",
                           "        return list(\"pickupBranch.id\", branchId);\n",
                           "        // items are serialized after the session closes: fetch "
                           "them here\n        return find(\"select distinct h from Hold h "
                           "left join fetch h.items where h.pickupBranch.id = ?1\", branchId)"
                           ".list();\n")],
              "done": "The holds endpoint is back to 200: forBranch fetches the items with a "
                      "JOIN FETCH in the same query, so nothing lazy-loads during "
                      "serialization and no transaction spans the response.",
              "found": "found the lazy init thing on the holds endpoint. forBranch didnt fetch "
                       "the items so jackson tried to lazy load them after the session closed. "
                       "needs a join fetch in the query, not @Transactional on the resource",
              "task2": "add the item's title to each hold in the branch holds response",
              "hit": bash("tail -n 3 app/target/quarkus.log",
                          "ERROR [io.qu.ve.ht.ru.QuarkusErrorHandler] HTTP Request to "
                          "/branches/3/holds failed, error id: 6c1b2f0e-51\norg.hibernate."
                          "LazyInitializationException: failed to lazily initialize a "
                          "collection of role: org.countylibraries.shelfwise.hold.Hold.items: "
                          "could not initialize proxy - no Session")}),
        Fact("gotcha-io-thread", "gotcha", ["@Blocking"],
             ["the endpoint fails saying something isn't allowed on an IO thread when it hits "
              "the database, how do we fix that?",
              "can a resource method that returns Uni call Panache?"],
             "A resource method returning Uni runs on the IO (event-loop) thread; calling "
             "Panache/JDBC there fails, so annotate it @Blocking to run it on a worker thread.",
             {"symptom": "the new availability endpoint throws 'You have attempted to perform a "
                         "blocking operation on a IO thread. This is not allowed, as "
                         "blocking the IO thread will cause major performance issues'",
              "theory": "My guess is the catalogue REST client - if it's the synchronous "
                        "flavour it would do that. Checking its interface.",
              "theory_probe": read(f"{pkg}/catalogue/CatalogueClient.java",
                                   "@RegisterRestClient(configKey = \"catalogue\")\npublic "
                                   "interface CatalogueClient {\n    @GET\n    @Path(\"/books/"
                                   "{isbn}\")\n    Uni<Book> lookup(String isbn);\n}\n"),
              "nope": "the client is reactive already, its fine on the other endpoints. its "
                      "just this one",
              "probe": [read(availability,
                             "    @GET\n    @Path(\"/{isbn}\")\n    public Uni<Availability> "
                             "get(String isbn) {\n        return catalogue.lookup(isbn)\n      "
                             "      .map(book -> new Availability(book, copies.countOnShelf("
                             "isbn)));\n    }\n")],
              "explain": "Because the method returns a Uni, Quarkus REST runs it on the Vert.x "
                         "IO thread. copies.countOnShelf is Panache over JDBC, which waits on "
                         "the database, and Quarkus refuses that on the IO thread. The other "
                         "endpoints only call the reactive client, so they're fine. Annotating "
                         "the method @Blocking makes Quarkus dispatch it to a worker thread; "
                         "the catalogue call can stay a Uni.",
              "fix": [edit(availability, "    @GET\n    @Path(\"/{isbn}\")\n",
                           "    @GET\n    @Path(\"/{isbn}\")\n    @Blocking // Panache (JDBC) "
                           "below: must not run on the IO thread\n")],
              "done": "The availability endpoint works: with @Blocking the method runs on a "
                      "worker thread, where the Panache count is allowed, and the catalogue "
                      "lookup is still a Uni.",
              "found": "figured out the IO thread error. if a resource method returns Uni it "
                       "runs on the event loop so you cant call panache in it. it needs "
                       "@Blocking",
              "task2": "add the branch name to the availability response",
              "hit": bash("tail -n 2 app/target/quarkus.log",
                          "ERROR [io.qu.ve.ht.ru.QuarkusErrorHandler] HTTP Request to "
                          "/availability/9780141439518 failed\nio.quarkus.runtime."
                          "BlockingOperationNotAllowedException: You have attempted to perform "
                          "a blocking operation on a IO thread. This is not allowed")}),
        Fact("fals-virtual-threads", "falsified", ["@RunOnVirtualThread"],
             ["would java 21's lightweight threads help the catalogue search when all the "
              "branches open?",
              "why aren't the endpoints running on loom threads?"],
             "@RunOnVirtualThread on the search endpoints was tried and reverted: the Postgres "
             "JDBC driver pins virtual threads on every query; p95 went from 380 ms to 4.1 s "
             "under k6.",
             {"ask": "we're on java 21, put @RunOnVirtualThread on the catalogue search "
                     "endpoints, should help under load",
              "change": [edit(f"{pkg}/search/SearchResource.java",
                              "    @GET\n    public SearchPage search(@BeanParam SearchQuery q) "
                              "{\n",
                              "    @GET\n    @RunOnVirtualThread\n    public SearchPage search("
                              "@BeanParam SearchQuery q) {\n")],
              "broke": bash("k6 run load/search.js",
                            "     http_req_duration..............: avg=1.84s  p(95)=4.1s\n     "
                            "http_req_failed................: 12.40%\nERRO[0062] thresholds on "
                            "metrics 'http_req_duration' have been crossed", 99),
              "revert": bash(f"git checkout -- {pkg}/search", ""),
              "conclusion": "It made things worse: with -Djdk.tracePinnedThreads=short the log "
                            "fills with pinned-thread traces inside the Postgres JDBC driver, "
                            "so every query pins its carrier thread. With only a handful of "
                            "carriers the searches queue behind each other - p95 went from 380 "
                            "ms on the worker pool to 4.1 s, and 12% of requests failed.",
              "why_user": "the pg driver pins them on every query so its strictly worse until "
                          "thats fixed upstream",
              "pain": "catalogue search crawls at 10am when all the branches open",
              "idea": "virtual threads (@RunOnVirtualThread) on the search endpoints",
              "alternative": "I'd look at the query next: search does an ILIKE over title and "
                             "author, and a trigram index on those two columns usually turns "
                             "that sequential scan into a few milliseconds."}),
        Fact("fals-cache", "falsified", ["@CacheResult"],
             ["could we cache the availability lookups to speed up the catalogue page?",
              "why is there no caching on the availability service?"],
             "@CacheResult (Caffeine) on availability lookups was tried and reverted: the cache "
             "is per pod, so with three replicas the other pods showed checked-out copies as on "
             "the shelf for up to five minutes.",
             {"ask": "cache the availability lookups with @CacheResult, the catalogue page "
                     "calls it like 30 times per render",
              "change": [edit(f"{pkg}/availability/AvailabilityService.java",
                              "    public Availability forIsbn(String isbn) {\n",
                              "    @CacheResult(cacheName = \"availability\")\n    public "
                              "Availability forIsbn(String isbn) {\n"),
                         edit("app/src/main/resources/application.properties",
                              "quarkus.hibernate-orm.log.sql=false\n",
                              "quarkus.hibernate-orm.log.sql=false\nquarkus.cache.caffeine."
                              "\"availability\".expire-after-write=5M\n")],
              "broke": bash("./scripts/two-pod-check.sh",
                            "checkout on pod shelfwise-7f9c-1: copy 88213 -> ON_LOAN\n"
                            "availability from pod shelfwise-7f9c-2: ON_SHELF (stale)\n"
                            "availability from pod shelfwise-7f9c-3: ON_SHELF (stale)\nFAIL: "
                            "2/3 pods disagree for up to 300s", 1),
              "revert": bash(f"git checkout -- {pkg}/availability app/src/main/resources/"
                             "application.properties", ""),
              "conclusion": "The cache lives in each pod's memory: a checkout on one pod clears "
                            "only that pod's entry, and the other two keep showing the copy on "
                            "the shelf until the five-minute expiry. With three replicas that's "
                            "wrong two times out of three - people would walk to a branch for a "
                            "book that's gone.",
              "why_user": "we had complaints about exactly that with the old system, showing "
                          "stuff on the shelf thats not there. accuracy beats speed here",
              "pain": "the catalogue page is slow because it asks for availability 30 times "
                      "per render",
              "idea": "caching the availability lookups with @CacheResult",
              "alternative": "I'd batch instead of caching: one availability call for all 30 "
                             "ISBNs on the page (an IN query) keeps it exact and turns 30 round "
                             "trips into one."}),
    ]
    noise = [
        _look("what is BranchCalendar for?", f"{pkg}/branch/BranchCalendar.java",
              "public class BranchCalendar {\n    private final Map<DayOfWeek, OpeningHours> "
              "week;\n    private final Set<LocalDate> closures;\n\n    public boolean isOpen("
              "LocalDateTime at) {\n        if (closures.contains(at.toLocalDate())) return "
              "false;\n        OpeningHours h = week.get(at.getDayOfWeek());\n        return h "
              "!= null && h.contains(at.toLocalTime());\n    }\n}\n",
              "It answers 'is this branch open at this moment': weekly opening hours per day, "
              "plus a set of closure dates (bank holidays, staff training) that override them."),
        _find("who uses IsbnValidator", "IsbnValidator",
              [f"{pkg}/catalogue/CatalogueResource.java", f"{pkg}/hold/HoldRequest.java",
               "common/src/test/java/org/countylibraries/common/IsbnValidatorTest.java"],
              "The catalogue resource, the hold request DTO (as a bean validation constraint), "
              "and its own test in common."),
        _tweak("the overdue email starts with 'Dear  borrower' with two spaces",
               "app/src/main/resources/templates/OverdueMailer/overdue.html",
               "<p>Dear  {borrower.firstName},</p>", "<p>Dear {borrower.firstName},</p>"),
        _run("check formatting", "./mvnw -q spotless:check", "", "Formatting is clean."),
        _talk("whats the difference between @QuarkusTest and @QuarkusIntegrationTest",
              "@QuarkusTest starts the app in the same JVM as the test, so you can inject beans "
              "and mock them. @QuarkusIntegrationTest runs against the built artifact (jar, "
              "native binary or container) in a separate process, so you can only talk to it "
              "over HTTP - it checks what you actually ship."),
        _steps("add a null check on the branch code in TransferService.request",
               [edit(f"{pkg}/transfer/TransferService.java",
                     "    public Transfer request(String itemId, String branchCode) {\n",
                     "    public Transfer request(String itemId, String branchCode) {\n        "
                     "Objects.requireNonNull(branchCode, \"branchCode\");\n"),
                bash("./mvnw -q verify -DskipITs", "")],
               "Added a requireNonNull at the top of request(); the build and unit tests pass."),
        _talk("how do i rename a branch locally and on the remote",
              "`git branch -m old new`, then `git push origin -u new` and `git push origin "
              "--delete old`. Anyone else with the old branch checked out needs to fetch and "
              "switch."),
        _look("whats in docker-compose.dev.yml", "docker-compose.dev.yml",
              "services:\n  keycloak:\n    image: quay.io/keycloak/keycloak:24.0\n    command: "
              "start-dev --import-realm\n    ports:\n      - \"8080:8080\"\n    volumes:\n      "
              "- ./keycloak:/opt/keycloak/data/import\n  mailpit:\n    image: axllent/mailpit\n"
              "    ports:\n      - \"8025:8025\"\n      - \"1025:1025\"\n",
              "Two services: Keycloak on 8080 in dev mode, importing the realm from ./keycloak "
              "at start, and Mailpit to catch outgoing mail (web UI on 8025, SMTP on 1025). The "
              "database isn't in there - Dev Services starts that."),
    ]
    return Project(
        "shelfwise", "https://gitlab.com/county-libraries/shelfwise.git",
        {"README.md": "# shelfwise\n\nHolds, loans and availability for the county "
                      "libraries.\n\n## Development\n",
         "pom.xml": "<project>\n  <artifactId>shelfwise-parent</artifactId>\n  <modules>\n    "
                    "<module>common</module>\n    <module>app</module>\n  </modules>\n"
                    "</project>\n"},
        facts, noise, "aws")


def kegtrack() -> Project:
    """A FastAPI service that tracks a brewery's kegs out at pubs, their returns and
    deposits: SQLAlchemy 2 async on Postgres, Alembic, Poetry, arq jobs on Redis, invoices
    to Xero, keg labels printed with brother_ql."""
    model = "app/models/keg.py"
    pubs = "app/routers/pubs.py"
    db = "app/db.py"
    lost_migration = "migrations/versions/9e4b7d21c0aa_keg_lost_status.py"
    facts = [
        Fact("conv-pence", "convention", ["_pence"],
             ["what type should a new price field be in the models?",
              "how do we store money amounts in the database?"],
             "Money is stored as integer pence with a _pence suffix (deposit_pence, "
             "price_pence); never float or Decimal — the Xero export wants pence and floats "
             "caused 1p errors.",
             {"rule": "money is always an int in pence and the name ends in _pence "
                      "(deposit_pence, price_pence). no floats, no Decimal",
              "why": "the xero export wants pence and we had invoices off by 1p from float "
                     "rounding",
              "task": "add a deposit amount to kegs, its £30 for a 50L and £25 for a 30L, and "
                      "show it in the keg detail response",
              "contrary": edit(model, "    size_litres: Mapped[int]\n",
                               "    size_litres: Mapped[int]\n    deposit: Mapped[Decimal] = "
                               "mapped_column(Numeric(8, 2))\n"),
              "claimed": "Added Keg.deposit as Numeric(8, 2); the migration and the response "
                         "field are next.",
              "undo": [bash(f"git checkout -- {model}", "")],
              "follow": [edit(model, "    size_litres: Mapped[int]\n",
                              "    size_litres: Mapped[int]\n    deposit_pence: Mapped[int]\n"),
                         write("migrations/versions/a41c9e0d7b12_keg_deposit.py",
                               "def upgrade() -> None:\n    op.add_column(\"keg\", sa.Column("
                               "\"deposit_pence\", sa.Integer(), nullable=True))\n    op."
                               "execute(\"UPDATE keg SET deposit_pence = CASE size_litres WHEN "
                               "50 THEN 3000 ELSE 2500 END\")\n    op.alter_column(\"keg\", "
                               "\"deposit_pence\", nullable=False)\n")],
              "done": "Kegs have deposit_pence now (3000 for 50 L, 2500 for 30 L, backfilled in "
                      "the migration), and KegOut includes deposit_pence; the dashboard turns it "
                      "into pounds for display.",
              "slip": "make it a Decimal",
              "also": "default it from the keg size",
              "asks": "should the deposit be a Decimal column (Numeric(8, 2)) or a float?"}),
        Fact("conv-schemas", "convention", ["app/schemas"],
             ["what should a new endpoint return, can i just hand back the sqlalchemy "
              "objects?",
              "where do the pydantic models for api responses live?"],
             "Routes never return ORM objects: every route declares a response_model from "
             "app/schemas (e.g. KegOut) — a whole ORM object once leaked customers' notes.",
             {"rule": "routes never return ORM objects, every route has a response_model from "
                      "app/schemas (KegOut etc)",
              "why": "we leaked the pubs' private notes field once because a whole ORM object "
                     "got serialised",
              "task": "add GET /pubs/{id}/kegs listing the kegs currently at that pub",
              "contrary": edit(pubs, "@router.get(\"/{pub_id}\")\n",
                               "@router.get(\"/{pub_id}/kegs\")\nasync def kegs_at_pub(pub_id: "
                               "int, session: AsyncSession = Depends(get_session)):\n    rows = "
                               "await session.scalars(select(Keg).where(Keg.location_pub_id == "
                               "pub_id))\n    return rows.all()\n\n\n@router.get(\"/{pub_id}\")"
                               "\n"),
              "claimed": "Added GET /pubs/{pub_id}/kegs; it returns the Keg rows at that pub.",
              "undo": [bash(f"git checkout -- {pubs}", "")],
              "follow": [edit(pubs, "@router.get(\"/{pub_id}\")\n",
                              "@router.get(\"/{pub_id}/kegs\", response_model=list[KegOut])\n"
                              "async def kegs_at_pub(pub_id: int, session: AsyncSession = "
                              "Depends(get_session)):\n    rows = await session.scalars(\n     "
                              "   select(Keg).where(Keg.location_pub_id == pub_id).order_by("
                              "Keg.sent_out_at)\n    )\n    return rows.all()\n\n\n@router.get("
                              "\"/{pub_id}\")\n"),
                         edit(pubs, "from app.models import Keg, Pub\n",
                              "from app.models import Keg, Pub\nfrom app.schemas.keg import "
                              "KegOut\n")],
              "done": "GET /pubs/{pub_id}/kegs returns list[KegOut] (id, code, size_litres, "
                      "status, sent_out_at) through response_model, so only the schema's fields "
                      "leave the API.",
              "slip": "just return the rows, fastapi will serialise them",
              "also": "sort them by when they went out",
              "asks": "should it return the Keg rows as they are, or just a list of keg "
                      "codes?"}),
        Fact("cmd-alembic", "command", ["-c migrations/alembic.ini"],
             ["how do i apply the database migrations on my machine?",
              "alembic says it can't find a config file, how is it supposed to be run here?"],
             "Run migrations from the repo root with `poetry run alembic -c "
             "migrations/alembic.ini upgrade head` (alembic.ini lives in migrations/; running "
             "from inside that folder can't import app).",
             {"goal": "pulled main and theres new migrations, update my local db",
              "fail": bash("poetry run alembic upgrade head",
                           "  FAILED: No config file 'alembic.ini' found, or file has no "
                           "'[alembic]' section", 255),
              "note": "There's no alembic.ini at the root - it's in migrations/. Running from "
                      "there.",
              "fail2": bash("cd migrations && poetry run alembic upgrade head",
                            "Traceback (most recent call last):\n  File \"/home/dev/src/"
                            "kegtrack/migrations/env.py\", line 9, in <module>\n    from "
                            "app.models import Base\nModuleNotFoundError: No module named "
                            "'app'", 1),
              "hint": "you have to stay in the root and point it at the ini with -c "
                      "migrations/alembic.ini, from inside migrations/ it cant import app",
              "ok": bash("poetry run alembic -c migrations/alembic.ini upgrade head",
                         "INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\nINFO  "
                         "[alembic.runtime.migration] Will assume transactional DDL.\nINFO  "
                         "[alembic.runtime.migration] Running upgrade 7d1e02c4a9b3 -> "
                         "c55b8a1f0e21, pub contacts\nINFO  [alembic.runtime.migration] Running "
                         "upgrade c55b8a1f0e21 -> 0f3d6a2b9c47, keg return reasons"),
              "done": "Your local database is at head (two new ones: pub contacts, keg return "
                      "reasons). From the repo root it's `poetry run alembic -c "
                      "migrations/alembic.ini upgrade head` - the ini lives in migrations/, and "
                      "running from inside that folder breaks the app import.",
              "gist": "alembic.ini isn't at the root but in migrations/, and env.py imports "
                      "the app package, so alembic has to run from the root with the ini "
                      "passed explicitly.",
              "label": "Apply database migrations",
              "aside": ("while youre at it, how do i see which migration my db is on?",
                        "`alembic current` prints the revision the database is at (with the "
                        "same config flag as upgrade), and `alembic history --verbose` lists "
                        "them all.")}),
        Fact("cmd-tests", "command", ["KEGTRACK_ENV=test"],
             ["what's the right way to run pytest in this repo?",
              "the tests error out saying they refuse to run against a non-test database, "
              "what do i need?"],
             "Run tests with `KEGTRACK_ENV=test poetry run pytest` — the variable selects the "
             "test database settings (and turns off the Slack notifier); conftest refuses to "
             "run otherwise.",
             {"goal": "run the tests for the returns module",
              "fail": bash("poetry run pytest tests/returns -q",
                           "E   RuntimeError: refusing to run tests against a non-test database "
                           "(kegtrack_dev); set KEGTRACK_ENV=test\n=========================== "
                           "short test summary info ============================\nERROR tests/"
                           "returns/test_returns.py::test_return_full_keg - RuntimeError: "
                           "refusi...\n1 error in 0.41s", 1),
              "note": "The conftest won't touch a database unless the test one is selected. "
                      "Trying with DATABASE_URL pointed at the test database.",
              "fail2": bash("DATABASE_URL=postgresql+asyncpg://brewer@localhost/kegtrack_test "
                            "poetry run pytest tests/returns -q",
                            "E   RuntimeError: refusing to run tests against a non-test "
                            "database (kegtrack_dev); set KEGTRACK_ENV=test\n1 error in 0.39s",
                            1),
              "hint": "just set KEGTRACK_ENV=test, that switches the whole settings object to "
                      "the test db and also turns off the slack notifier",
              "ok": bash("KEGTRACK_ENV=test poetry run pytest tests/returns -q",
                         "........................                                         "
                         "[100%]\n24 passed in 3.87s"),
              "done": "All 24 returns tests pass. Tests run as `KEGTRACK_ENV=test poetry run "
                      "pytest ...`: the variable switches the settings to the test database "
                      "(and turns off the Slack notifier), and the conftest refuses to run "
                      "without it.",
              "gist": "Settings picks its database from the environment name, not from "
                      "DATABASE_URL alone, and the conftest guard checks that the test "
                      "settings are active.",
              "label": "Run the tests",
              "aside": ("does that also work for running the app locally against the test db?",
                        "It would, but the test database gets truncated between tests, so "
                        "anything you do in the app there disappears the next time someone "
                        "runs the suite.")}),
        Fact("env-python", "environment", ["3.11"],
             ["what python version does the project run on?",
              "can i use python 3.12 features in the codebase?"],
             "The project is on Python 3.11 (.python-version 3.11.9, python = \"~3.11\" in "
             "pyproject): brother_ql, the keg-label printer library, breaks on 3.12.",
             {"goal": "can i use the new `type X = ...` alias syntax in the models",
              "probe": [bash("cat .python-version && grep -B1 -A1 '^python = ' pyproject.toml",
                             "3.11.9\n# pinned: brother_ql (keg labels) breaks on 3.12\npython "
                             "= \"~3.11\"\nfastapi = \"^0.111\"")],
              "confirm": "No - the project is pinned to Python 3.11 (.python-version 3.11.9, "
                         "python = \"~3.11\" in pyproject) because brother_ql, which prints the "
                         "keg labels, breaks on 3.12. The `type` statement is 3.12-only; on "
                         "3.11 use typing.TypeAlias.",
              "guess": "we're on 3.12 right?",
              "said": "i think we're stuck on python 3.11 because of the label printer lib",
              "extras": ["typing.TypeAlias gives the same effect for now.",
                         "The pin is both in .python-version and in pyproject."]}),
        Fact("env-redis-db", "environment", ["6379/2"],
             ["which redis database does the job queue use?",
              "i flushed redis db 0 to clear the job queue and the jobs are still there, "
              "where do they actually live?"],
             "The app and the arq worker use REDIS_URL=redis://localhost:6379/2 (database 2); "
             "db 0 belongs to the taproom POS.",
             {"goal": "the return reminder jobs arent running locally, is the arq worker even "
                      "pointed at the right redis",
              "probe": [bash("grep -n -B1 REDIS .env",
                             "3-# db 0 is the taproom POS, don't touch it\n4:REDIS_URL=redis://"
                             "localhost:6379/2"),
                        read("app/worker.py",
                             "class WorkerSettings:\n    functions = [send_return_reminder, "
                             "nightly_deposit_report]\n    redis_settings = RedisSettings."
                             "from_dsn(settings.redis_url)\n"),
                        bash("redis-cli -n 2 llen arq:queue", "(integer) 14")],
              "confirm": "The worker and the API both use REDIS_URL=redis://localhost:6379/2 - "
                         "database 2, not the default 0, which belongs to the taproom POS on "
                         "the same Redis. 14 jobs are waiting in arq:queue there, so enqueuing "
                         "works; the worker just isn't running (`poetry run arq "
                         "app.worker.WorkerSettings` starts it).",
              "guess": "its just the default redis db right?",
              "said": "our stuff should be on redis db 2, db 0 is the pos",
              "extras": ["14 jobs are queued in arq:queue, so enqueuing works.",
                         "Nothing is consuming them: the worker isn't running."]}),
        Fact("gotcha-expire", "gotcha", ["expire_on_commit=False"],
             ["i get MissingGreenlet when a route returns an object right after committing, "
              "what's the fix?",
              "how come the api can read model attributes after a commit without a refresh?"],
             "Async sessions are made with async_sessionmaker(engine, expire_on_commit=False): "
             "otherwise attributes expire on commit and reading them for the response raises "
             "MissingGreenlet.",
             {"symptom": "POST /kegs/{id}/return 500s. traceback ends in sqlalchemy.exc."
                         "MissingGreenlet: greenlet_spawn has not been called; can't call "
                         "await_only() here. the return does get saved tho",
              "theory": "MissingGreenlet usually means a lazy relationship gets loaded outside "
                        "an await. Checking the keg's relationships.",
              "theory_probe": bash("grep -n relationship app/models/keg.py",
                                   "14:    pub: Mapped[Pub | None] = relationship(lazy="
                                   "\"raise\")"),
              "nope": "the relationships are all lazy=raise so itd say that if it was one. it "
                      "only started when i moved the commit into the route",
              "probe": [read("app/routers/kegs.py",
                             "@router.post(\"/{keg_id}/return\", response_model=KegOut)\nasync "
                             "def return_keg(keg_id: int, body: ReturnIn, session: AsyncSession "
                             "= Depends(get_session)):\n    keg = await session.get(Keg, "
                             "keg_id)\n    keg.mark_returned(body.reason)\n    await session."
                             "commit()\n    return keg\n"),
                        read(db, "engine = create_async_engine(settings.database_url)\n"
                                 "SessionLocal = async_sessionmaker(engine)\n")],
              "explain": "After `await session.commit()` SQLAlchemy expires every loaded object "
                         "(expire_on_commit defaults to True). When FastAPI then builds KegOut "
                         "from the keg, reading keg.status triggers a refresh - a synchronous "
                         "load, which an AsyncSession can't do outside an await, hence "
                         "MissingGreenlet. The commit already happened, which is why the return "
                         "is saved. For async sessions the usual setting is "
                         "async_sessionmaker(engine, expire_on_commit=False).",
              "fix": [edit(db, "SessionLocal = async_sessionmaker(engine)\n",
                           "# objects are read after commit (response models), and an "
                           "AsyncSession\n# can't lazily refresh expired attributes\n"
                           "SessionLocal = async_sessionmaker(engine, expire_on_commit=False)\n")],
              "done": "Returning a keg gives 200 with the KegOut body; the session factory has "
                      "expire_on_commit=False, so attributes stay loaded after the commit.",
              "found": "found the MissingGreenlet thing. after commit sqlalchemy expires "
                       "everything and reading keg.status for the response tries a sync "
                       "refresh. async_sessionmaker needs expire_on_commit=False",
              "task2": "add the return reason to the response of the return endpoint",
              "hit": bash("curl -s -X POST localhost:8000/kegs/118/return -H 'content-type: "
                          "application/json' -d '{\"reason\": \"empty\"}'",
                          "Internal Server Error")}),
        Fact("gotcha-enum", "gotcha", ["ALTER TYPE"],
             ["i added a value to a python enum and the migration came out empty, is that "
              "expected?",
              "how do we add a new status to a postgres enum column?"],
             "Alembic autogenerate doesn't detect new Postgres enum values (the migration comes "
             "out empty): add them by hand with op.execute(\"ALTER TYPE keg_status ADD VALUE "
             "...\").",
             {"symptom": "added 'lost' to the KegStatus enum and made a migration with "
                         "autogenerate, but marking a keg lost on staging fails: invalid input "
                         "value for enum keg_status: \"lost\"",
              "theory": "Maybe the migration hasn't been applied on staging yet. Checking the "
                        "recorded revision.",
              "theory_probe": bash("psql \"$STAGING_DATABASE_URL\" -c 'select version_num "
                                   "from alembic_version'",
                                   " version_num  \n--------------\n 9e4b7d21c0aa\n(1 row)"),
              "nope": "it ran, 9e4b7d21c0aa is the one i made. i checked that first",
              "probe": [read(lost_migration,
                             "\"\"\"keg lost status\n\nRevision ID: 9e4b7d21c0aa\n\"\"\"\n\n\n"
                             "def upgrade() -> None:\n    pass\n\n\ndef downgrade() -> None:\n"
                             "    pass\n")],
              "explain": "The migration is empty. Alembic's autogenerate doesn't compare the "
                         "values of a Postgres enum type, so adding 'lost' to the Python enum "
                         "produced an empty upgrade(), and staging's keg_status type still has "
                         "only the old values. It has to be written by hand: ALTER TYPE "
                         "keg_status ADD VALUE 'lost'.",
              "fix": [edit(lost_migration, "def upgrade() -> None:\n    pass\n",
                           "def upgrade() -> None:\n    # autogenerate doesn't see new enum "
                           "values; add them by hand\n    op.execute(\"ALTER TYPE keg_status "
                           "ADD VALUE IF NOT EXISTS 'lost'\")\n")],
              "done": "upgrade() now runs ALTER TYPE keg_status ADD VALUE IF NOT EXISTS 'lost'. "
                      "Staging already has this revision stamped, so the statement needs "
                      "running there once by hand; IF NOT EXISTS keeps it safe everywhere else.",
              "found": "ok the enum thing: autogenerate doesnt notice new values on a postgres "
                       "enum so the migration was empty. you need ALTER TYPE keg_status ADD "
                       "VALUE by hand in the migration",
              "task2": "add a 'damaged' status for kegs that come back dented",
              "hit": bash("psql \"$DATABASE_URL\" -c 'select unnest(enum_range(null::"
                          "keg_status))'",
                          " unnest \n----------\n full\n out\n empty\n returned\n(4 rows)")}),
        Fact("fals-sqlmodel", "falsified", ["SQLModel"],
             ["could we merge the orm models and the pydantic schemas into one class?",
              "why didn't we move to that library from the fastapi author that combines "
              "sqlalchemy and pydantic?"],
             "Converting the models to SQLModel was tried and dropped: one model gave 37 mypy "
             "errors (Optional ids, relationship settings), and separate in/out schemas are "
             "needed anyway.",
             {"ask": "lets convert the models to SQLModel so we stop keeping the pydantic "
                     "classes and the ORM models in sync by hand",
              "change": [edit(model,
                              "class Keg(Base):\n    __tablename__ = \"keg\"\n\n    id: Mapped["
                              "int] = mapped_column(primary_key=True)\n",
                              "class Keg(SQLModel, table=True):\n    id: int | None = Field("
                              "default=None, primary_key=True)\n")],
              "broke": bash("poetry run mypy app",
                            "app/models/keg.py:19: error: Need type annotation for \"pub\"  "
                            "[var-annotated]\napp/models/keg.py:22: error: Unexpected keyword "
                            "argument \"lazy\" for \"Relationship\"  [call-arg]\napp/routers/"
                            "kegs.py:41: error: Argument 1 to \"get_label\" has incompatible "
                            "type \"int | None\"; expected \"int\"  [arg-type]\nFound 37 errors "
                            "in 9 files (checked 41 source files)", 1),
              "revert": bash("git checkout -- app/models pyproject.toml poetry.lock", ""),
              "conclusion": "Converting just Keg shows the cost: our Mapped[...] relationships "
                            "and their lazy=\"raise\" settings don't carry over, ids become "
                            "Optional everywhere, and mypy goes from clean to 37 errors for one "
                            "model. And the API would still need separate in and out models "
                            "(we don't expose every column), so the duplication wouldn't really "
                            "go away.",
              "why_user": "if we still need separate in/out classes anyway theres no point",
              "pain": "keeping the pydantic classes and the ORM models in sync by hand is "
                      "tedious",
              "idea": "switching the models to SQLModel",
              "alternative": "A smaller step: a test that compares each Out model's fields "
                             "with its table's columns and fails when a new column isn't either "
                             "exposed or explicitly listed as private."}),
        Fact("fals-bgtasks", "falsified", ["BackgroundTasks"],
             ["could the invoice emails be sent straight from the request after responding, "
              "without the worker?",
              "why do the invoice pdfs go through the arq worker?"],
             "FastAPI BackgroundTasks for the deposit invoice PDFs was tried and reverted: the "
             "tasks die with the process on a restart or deploy (invoices lost); they stay arq "
             "jobs in Redis.",
             {"ask": "send the deposit invoice pdf with fastapi's BackgroundTasks instead of "
                     "the arq job, one less moving part",
              "change": [edit("app/routers/returns.py",
                              "    await arq.enqueue_job(\"send_deposit_invoice\", "
                              "keg_return.id)\n",
                              "    background.add_task(send_deposit_invoice, keg_return.id)\n")],
              "broke": bash("./scripts/restart-during-return.sh",
                            "POST /kegs/118/return -> 200\nrestarting api (SIGTERM)...\napi "
                            "back up after 2.1s\ninvoice for return 5521: NOT SENT\nFAIL: "
                            "background task lost on restart", 1),
              "revert": bash("git checkout -- app/routers/returns.py", ""),
              "conclusion": "BackgroundTasks run inside the API process after the response has "
                            "gone out. If the process restarts in that window - a deploy, the "
                            "OOM killer - the task is simply gone: no retry, no record. The "
                            "script shows exactly that: return recorded, invoice never sent. "
                            "The arq job survives a restart because it sits in Redis and gets "
                            "retried.",
              "why_user": "we deploy like 5 times a day, losing invoices isnt ok, the pubs "
                          "already argue about deposits",
              "pain": "the arq worker is one more thing to keep running and it fell over last "
                      "week",
              "idea": "FastAPI's BackgroundTasks for sending the invoice PDFs",
              "alternative": "Better to make the worker harder to lose: a healthcheck on arq's "
                             "health key in compose with restart: always, and an alert when "
                             "the queue grows past 50."}),
    ]
    noise = [
        _look("what does app/services/rotation.py do", "app/services/rotation.py",
              "async def kegs_due_back(session: AsyncSession, days: int = 45) -> list[Keg]:\n"
              "    cutoff = datetime.now(UTC) - timedelta(days=days)\n    rows = await session."
              "scalars(\n        select(Keg).where(Keg.status == KegStatus.OUT, Keg.sent_out_at "
              "< cutoff)\n    )\n    return list(rows)\n",
              "It finds kegs that have been out at a pub longer than a cutoff (45 days by "
              "default) - the list the delivery drivers use to chase empties."),
        _find("where is litres_to_pints called", "litres_to_pints",
              ["app/routers/stock.py", "app/services/reports.py", "tests/test_units.py"],
              "The stock router, the monthly report builder, and the units test."),
        _tweak("the 404 for pubs says 'Pub not foud'", "app/routers/pubs.py",
               "raise HTTPException(status_code=404, detail=\"Pub not foud\")",
               "raise HTTPException(status_code=404, detail=\"Pub not found\")"),
        _run("run ruff", "poetry run ruff check app", "All checks passed!", "Ruff is happy."),
        _talk("whats the difference between session.scalars() and session.execute() in "
              "sqlalchemy 2",
              "execute() returns a Result of Row tuples - select(Keg) gives rows with one "
              "element each, so you'd need .scalars() on it. session.scalars(stmt) is the "
              "shortcut that returns the first column of each row directly, which is what you "
              "want when selecting a single entity."),
        _steps("add a /healthz endpoint that checks the db is reachable",
               [edit("app/main.py", "app.include_router(pubs.router)\n",
                     "app.include_router(pubs.router)\n\n\n@app.get(\"/healthz\")\nasync def "
                     "healthz(session: AsyncSession = Depends(get_session)) -> dict[str, str]:"
                     "\n    await session.execute(text(\"select 1\"))\n    return {\"db\": "
                     "\"ok\"}\n"),
                bash("curl -s localhost:8000/healthz", "{\"db\":\"ok\"}")],
               "GET /healthz runs `select 1` and returns {\"db\": \"ok\"}; checked it locally."),
        _talk("how do i see what changed in one file between two commits",
              "`git diff <old> <new> -- path/to/file`, e.g. `git diff HEAD~5 HEAD -- "
              "app/models/keg.py`. Add `--stat` for just the line counts, or use `git log -p "
              "-- path` to see it commit by commit."),
        _run("whats outdated in our deps", "poetry show --outdated --top-level",
             "fastapi     0.111.0 0.112.1 FastAPI framework\nsqlalchemy  2.0.30  2.0.32  "
             "Database Abstraction Library\nruff        0.4.8   0.5.7   An extremely fast "
             "Python linter",
             "Three top-level packages are behind: fastapi (0.111.0 -> 0.112.1), sqlalchemy "
             "(2.0.30 -> 2.0.32) and ruff (0.4.8 -> 0.5.7). All minor bumps."),
    ]
    return Project(
        "kegtrack", "git@github.com:northgate-brewing/kegtrack.git",
        {"README.md": "# kegtrack\n\nWhere Northgate's kegs are.\n\n## Development\n",
         "pyproject.toml": "[tool.poetry]\nname = \"kegtrack\"\nversion = \"0.9.0\"\n"},
        facts, noise, "slack")


def projects() -> list[Project]:
    return [parcelhop(), plotpal(), shelfwise(), kegtrack()]
