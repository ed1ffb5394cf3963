"""The ``dev24`` split, "handovers in a small team": four projects, ten planted facts each.

Written in the sixteenth pass by a helper that read no rlat code; never tuned on.

Several people work on each project in turn, so a session often starts from what someone else
left behind: a teammate's chat message or PR review comment pasted into the prompt, "my
colleague told me …", an on-call note after an incident, a CONTRIBUTING file the assistant
reads, a handover note, or the user answering from memory when the assistant asks (in text or
with ``AskUserQuestion``). Durable facts arrive through those relayed sources as well as
through the session's own work: a command that fails before the working one, a confusing
failure the assistant explains, an approach tried and abandoned in the session or recounted
("we tried X last sprint, it broke Y").

The projects: corvatch, a Go gRPC quote service for a parcel courier (buf, grpc-go, pgx behind
PgBouncer, Helm on a shared GKE cluster); lumbrook, a Flutter app for a community tool library
(flavors, Riverpod, go_router, freezed, FVM, Codemagic, golden tests); wrenquay, a SvelteKit
marketing site for a sailing school (Cloudflare Pages, wrangler, mdsvex blog, Plausible,
Lighthouse CI); sloeharrow, a dbt + Airflow pipeline for a bakery chain's till data (Snowflake,
Astro CLI, Cosmos, S3 exports). Each fact carries the teammate it came from (``who``), the
team's chat channel (``channel``) and the project's CONTRIBUTING boilerplate (``house``); the
seed picks the framing of every fact and the wording inside it.
"""

from __future__ import annotations

import random

from .templates import cap, find, look, run, steps, talk, tweak
from .transcript import agent, ask_user, bash, edit, grep, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


# ------------------------------------------------------------------- conventions
# slots: rule, task, follow, contrary, done, who, channel, house
def conv_from_chat(s: dict, rng: random.Random) -> Episode:
    """The user pastes the teammate's chat message that set the rule along with the ask."""
    who, ch = s["who"], s["channel"]
    prompt = _one(rng,
                  f"{cap(s['task'])}. Heads up: {who} posted this in {ch} last week and we all "
                  f"follow it now:\n\n{_quoted(cap(s['rule']) + '.')}",
                  f"Can you {s['task']}? Pasting {who}'s message from {ch} so you know the "
                  f"house rule:\n\n{who}: {s['rule']}",
                  f"{cap(s['task'])}.\n\n(from {who} in {ch}: \"{s['rule']}\")")
    return [Step(prompt=prompt),
            Step(text=_one(rng, "Following that.", "Got it, doing it that way.", ""),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_review(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way; the user pastes the teammate's review comment."""
    who = s["who"]
    comment = _one(rng,
                   f"{who} reviewed the PR and left this:\n\n{_quoted(cap(s['rule']) + '.')}"
                   f"\n\ncan you fix it?",
                   f"PR comment from {who}: \"{s['rule']}\". Please address it.",
                   f"got a review from {who}:\n\n> nit, but it matters here: {s['rule']}.\n\n"
                   f"fix please")
    return [Step(prompt=cap(s["task"])), Step(tools=[s["contrary"]]),
            Step(text=_one(rng, "Done, first pass is in.", "That's in.", "Changed.")),
            Step(prompt=comment),
            Step(text=_one(rng, f"Good catch from {who}, reworking it.", "Fair, changing it.",
                           "Addressing the review."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_contributing(s: dict, rng: random.Random) -> Episode:
    """The assistant reads CONTRIBUTING.md (the user is new, or took the repo over) and finds
    the rule there."""
    bullets = list(s["house"])
    bullets.insert(rng.randrange(len(bullets) + 1), cap(s["rule"]) + ".")
    body = "# Contributing\n\n" + "\n".join(f"- {b}" for b in bullets) + "\n"
    prompt = _one(rng,
                  f"{cap(s['task'])}. I only joined this week, so read CONTRIBUTING.md first "
                  f"and stick to it.",
                  f"{s['who']} handed this repo over to me. {cap(s['task'])}, and check "
                  f"CONTRIBUTING.md before you touch anything.",
                  f"{cap(s['task'])}. There's a CONTRIBUTING file the team keeps; go by it.")
    return [Step(prompt=prompt), Step(tools=[read("CONTRIBUTING.md", body)]),
            Step(text=f"CONTRIBUTING.md has a rule that applies here: {s['rule']}. Following "
                      f"it.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_asked(s: dict, rng: random.Random) -> Episode:
    """The assistant asks whether the team has a convention; the user answers from memory."""
    answer = _one(rng, f"yes: {s['rule']} ({s['who']} set that up)",
                  f"{s['who']} is strict about this one: {s['rule']}",
                  f"{s['rule']}. that came out of a review with {s['who']}")
    return [Step(prompt=cap(s["task"])),
            Step(tools=[ask_user("Is there a team convention I should follow for this change?",
                                 "Convention",
                                 [("Match the surrounding code",
                                   "Copy whatever the nearby files do"),
                                  ("No convention", "Use your own judgement")], answer)]),
            Step(tools=s["follow"]), Step(text=s["done"])]


# ------------------------------------------------------------------- commands
# slots: goal, fail, note, ok, hint, done, who
def cmd_own(s: dict, rng: random.Random) -> Episode:
    """The assistant finds the working command itself."""
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, "Running it.", ""), tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_colleague(s: dict, rng: random.Random) -> Episode:
    """The first try fails; the user relays what a colleague told them."""
    who = s["who"]
    stuck = _one(rng, "That fails. Is there a project-specific way to run this?",
                 "That errors out, and nothing in the README covers it. Do you know how the "
                 "team runs it?",
                 "Not the right invocation for this repo, it seems. Any idea what is?")
    relay = _one(rng, f"my colleague {who} told me the trick: {s['hint']}",
                 f"asked {who} on slack, they said: \"{s['hint']}\"",
                 f"{who} says {s['hint']}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=relay),
            Step(text=_one(rng, "Thanks, running that.", "That makes sense.", "Trying it."),
                 tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_handover(s: dict, rng: random.Random) -> Episode:
    """The working command comes from a teammate's handover note pasted with the ask."""
    who = s["who"]
    prompt = _one(rng,
                  f"{s['goal']}\n\n{who}'s handover notes have this line about it:\n\n"
                  f"{_quoted(s['hint'])}",
                  f"I'm covering for {who} this week. {cap(s['goal'])}. Their notes say: "
                  f"\"{s['hint']}\"")
    return [Step(prompt=prompt),
            Step(text=_one(rng, "Using the command from the notes.",
                           "Following the handover note."), tools=[s["ok"]]),
            Step(text=f"{s['done']} ({s['note']})")]


def cmd_asked(s: dict, rng: random.Random) -> Episode:
    """The first try fails; the assistant asks the user, who answers from memory."""
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(tools=[ask_user("That fails here. How do you usually run this in this repo?",
                                 "Command",
                                 [("Check the Makefile", "Look for a make target wrapping it"),
                                  ("Check CI", "Copy whatever the CI workflow runs")],
                                 s["hint"])]),
            Step(tools=[s["ok"]]), Step(text=s["done"])]


# ------------------------------------------------------------------- environment
# slots: goal, probe, confirm, while, recall, who, channel
def env_checked(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=s["confirm"])]


def env_in_passing(s: dict, rng: random.Random) -> Episode:
    ask, answer = s["while"]
    aside = _one(rng, "Also visible in that output:", "Worth knowing while we're here:",
                 "Side note from the same output:")
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=f"{answer} {aside} {s['confirm']}")]


def env_for_teammate(s: dict, rng: random.Random) -> Episode:
    """The user relays a teammate's question; the assistant finds the answer for them."""
    who = s["who"]
    prompt = _one(rng, f"{who} is asking in {s['channel']}: \"{s['goal']}\" Can you check?",
                  f"question from {who} that I can't answer off the top of my head: "
                  f"{s['goal']}")
    close = _one(rng, f"You can pass that on to {who}.", f"That should answer {who}.", "")
    return [Step(prompt=prompt), Step(tools=s["probe"]),
            Step(text=f"{s['confirm']} {close}".strip())]


def env_recalled(s: dict, rng: random.Random) -> Episode:
    """The assistant asks; the user answers from memory; the assistant verifies."""
    who = s["who"]
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, "It isn't written down in the README. Do you know offhand?",
                           "Before I grep around: do you remember how this is set up?")),
            Step(prompt=_one(rng, f"I think {who} set it up. from memory: {s['recall']}",
                             f"{who} told me once: {s['recall']}. double-check though")),
            Step(text=_one(rng, "Checking that against the config.", "Verifying."),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


# ------------------------------------------------------------------- gotchas
# slots: symptom, probe, explain, told, fix, done, who
def gotcha_traced(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "Found it.", "That's the cause.", "Got it.")
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]), Step(text=s["done"])]


def gotcha_teammate(s: dict, rng: random.Random) -> Episode:
    """The output doesn't say why; the user relays a teammate who has seen it before."""
    who = s["who"]
    unsure = _one(rng, "The output shows where it fails but not why. Let me keep digging.",
                  "Nothing obvious yet; I'll look further before changing anything.",
                  "Odd, the cause isn't in that output.")
    relay = _one(rng, f"{who} says they've seen this before: \"{s['told']}\"",
                 f"pinged {who}, who ran into it last month:\n\n{_quoted(s['told'])}",
                 f"my colleague {who} remembers this one: {s['told']}")
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "Let me look.", "Checking.", ""), tools=s["probe"]),
            Step(text=unsure), Step(prompt=relay),
            Step(text=_one(rng, "That matches the output. Fixing it that way.",
                           "Right, applying that.", "That's it. Changing it."),
                 tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_oncall(s: dict, rng: random.Random) -> Episode:
    """The symptom arrives as a teammate's on-call note; the assistant explains and asks."""
    who = s["who"]
    prompt = _one(rng, f"From {who}'s on-call handover:\n\n{_quoted(s['symptom'])}\n\nCan you "
                       f"find the cause and fix it?",
                  f"{who} was on call last night and left this note:\n\n"
                  f"{_quoted(s['symptom'])}\n\ntake a look?")
    offer = _one(rng, "Want me to fix it?", "Shall I apply that?", "OK to change it?")
    return [Step(prompt=prompt), Step(tools=s["probe"]),
            Step(text=f"{s['explain']} {offer}"),
            Step(prompt=_one(rng, "go ahead", "yes, fix it", "please do")),
            Step(tools=s["fix"]), Step(text=s["done"])]


# ------------------------------------------------------------------- falsified
# slots: ask, change, broke, revert, conclusion, want, offer, story, who
def fals_backs_out(s: dict, rng: random.Random) -> Episode:
    oops = _one(rng, "That broke it; reverting.", "Worse than before. Backing it out.",
                "Not good. Undoing the change.")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=oops, tools=[s["revert"]]), Step(text=s["conclusion"])]


def fals_warned(s: dict, rng: random.Random) -> Episode:
    """The change breaks; the user says a teammate saw the same thing before."""
    who = s["who"]
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=_one(rng, f"{who} just saw this and says it failed the same way when "
                                  f"they tried it. undo it",
                             f"yeah, {who} warned me about this. revert please",
                             f"ugh. {who} said this would happen. put it back")),
            Step(text=_one(rng, "Reverting.", "Rolling it back.", "Undoing it."),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_recounted(s: dict, rng: random.Random) -> Episode:
    """The user recounts the attempt from an earlier sprint."""
    return [Step(prompt=s["want"]), Step(text=s["offer"]), Step(prompt=s["story"]),
            Step(text=_one(rng, "Understood, I'll leave that alone.",
                           "Good to know; that rules it out.",
                           "Thanks for the history, I won't go down that road."))]


def fals_teammate(s: dict, rng: random.Random) -> Episode:
    """The user checks with the teammate who tried it and pastes the reply."""
    who = s["who"]
    relay = _one(rng, f"hold on, {who} worked on that. asking.\n\n{who}: \"{s['story']}\"",
                 f"let me check with {who} first... ok, this is what they said:\n\n"
                 f"{_quoted(s['story'])}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]), Step(prompt=relay),
            Step(text=_one(rng, f"That settles it; thanks to {who}. I'll look elsewhere.",
                           "OK, ruling that out.", "Makes sense, not doing that then."))]


TEMPLATES = {
    "convention": [conv_from_chat, conv_review, conv_contributing, conv_asked],
    "command": [cmd_own, cmd_colleague, cmd_handover, cmd_asked],
    "environment": [env_checked, env_in_passing, env_for_teammate, env_recalled],
    "gotcha": [gotcha_traced, gotcha_teammate, gotcha_oncall],
    "falsified": [fals_backs_out, fals_warned, fals_recounted, fals_teammate],
}

# Asked from the projects in turn (corvatch, lumbrook, wrenquay, sloeharrow, ...).
UNRELATED = [
    "in Go, when should a method take a pointer receiver instead of a value receiver?",
    "in Dart, what's the difference between final and const?",
    "what does the {#key} block do in Svelte?",
    "in SQL, what does a window function with PARTITION BY do? short example please",
    "explain the difference between a process and a thread in two sentences",
    "write a python script that renames every .jpeg file in a folder to .jpg",
    "what does HTTP status 451 mean?",
    "how do I squash the last two commits on my branch into one?",
    "what's the difference between == and === in javascript?",
    "why is a nested loop over the same list O(n^2)?",
    "how do I find the biggest files under a directory from the shell?",
    "write a commit message for a change that only fixes typos in the docs",
    "explain eventual consistency with an everyday example",
    "write a haiku about a merge conflict",
    "how do I list git branches sorted by the date of their last commit?",
    "convert 12 nautical miles to kilometres",
    "what's the difference between a left join and an inner join?",
    "how do I create a python virtualenv and activate it?",
    "what is a bloom filter good for?",
    "explain what a CSRF token protects against",
    "write a bash loop that pings five hosts and prints the ones that don't answer",
    "in semantic versioning, when do I bump minor and when patch?",
    "explain optimistic versus pessimistic locking",
    "write a python dataclass for a 2D point with a method that returns the distance to "
    "another point",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "corvatch": [
        "how do clients authenticate to the quote service, API keys or mTLS?",
        "is there a per-customer limit on how often BulkQuote can be called?",
        "which teams call the quote service besides checkout?",
        "how are fuel surcharges worked into the price?",
        "should the new same-day tier be its own RPC or a field on the existing request?",
    ],
    "lumbrook": [
        "how do members log in, magic link or password?",
        "does the app work offline at the lending desk?",
        "what happens in the app when a tool is returned damaged?",
        "which languages is the app translated into?",
        "should the waitlist for popular tools be its own tab or part of the tool page?",
    ],
    "wrenquay": [
        "how do we handle cookie consent on the site?",
        "who writes the blog posts and how are they reviewed?",
        "is the site available in any other language?",
        "how do the course dates get updated each season?",
        "should the events calendar read from Google Calendar or from our own data file?",
    ],
    "sloeharrow": [
        "who gets alerted when the nightly dbt run fails?",
        "how long do we keep the raw till data in the warehouse?",
        "which dashboards read from fct_sales?",
        "how are shop openings and closures handled in dim_shop?",
        "should supplier invoices get their own source or go through the POS staging layer?",
    ],
}


def _team(facts: list[Fact], names: list[str], channel: str, house: list[str]) -> list[Fact]:
    """Give every fact the teammate it came from, the team's channel and the project's
    CONTRIBUTING boilerplate."""
    for i, fact in enumerate(facts):
        fact.slots.setdefault("who", names[i % len(names)])
        fact.slots["channel"] = channel
        fact.slots["house"] = house
    return facts


# ------------------------------------------------------------------- corvatch
def corvatch() -> Project:
    quote_go = "internal/server/quote.go"
    lookup_old = ("\tzone, err := s.zones.Lookup(ctx, req.GetDestination().GetPostcode())\n"
                  "\tif err != nil {\n\t\treturn nil, err\n\t}")
    grpcurl_body = ("-d '{\"origin\":{\"postcode\":\"1012AB\"},\"destination\":{\"postcode\":"
                    "\"3511CD\"}}' localhost:9090 corvatch.quote.v1.QuoteService/GetQuote")
    facts = [
        Fact("conv-errors", "convention", ["apperr.ToStatus"],
             ["what's the rule for returning errors from an RPC handler in this service?",
              "add a check to CancelQuote that fails when the quote has already been booked"],
             "In corvatch every gRPC handler returns its errors through apperr.ToStatus(err) "
             "(internal/apperr), never a raw or fmt.Errorf error, so clients get a proper "
             "status code and no internal details leak.",
             {"rule": "handlers never return a raw error: wrap it with apperr.ToStatus(err) so "
                      "the client gets a proper gRPC code and no internals leak",
              "task": "make GetQuote reject a destination postcode outside our delivery zones",
              "follow": [edit(quote_go, lookup_old,
                              "\tzone, err := s.zones.Lookup(ctx, req.GetDestination()."
                              "GetPostcode())\n\tif errors.Is(err, zones.ErrUnknownPostcode) {"
                              "\n\t\treturn nil, apperr.ToStatus(apperr.OutOfArea(req."
                              "GetDestination().GetPostcode()))\n\t}\n\tif err != nil {\n\t\t"
                              "return nil, apperr.ToStatus(err)\n\t}")],
              "contrary": edit(quote_go, lookup_old,
                               "\tzone, err := s.zones.Lookup(ctx, req.GetDestination()."
                               "GetPostcode())\n\tif err != nil {\n\t\treturn nil, fmt.Errorf("
                               "\"postcode %s not served: %w\", req.GetDestination()."
                               "GetPostcode(), err)\n\t}"),
              "done": "GetQuote now answers an out-of-area postcode with the OutOfArea error: "
                      "the caller sees FailedPrecondition and a clean message instead of the "
                      "lookup's internals."}),
        Fact("conv-logging", "convention", ["logging.FromContext"],
             ["add a debug log line in the zone lookup that prints the postcode it resolved",
              "which logger are we supposed to use inside request handling code?"],
             "corvatch code logs through the request-scoped logger from "
             "logging.FromContext(ctx), never the global slog or log package, so trace_id and "
             "caller land on every line.",
             {"rule": "log through the request-scoped logger from logging.FromContext(ctx), "
                      "never the global slog or log package; that's how trace_id ends up on "
                      "every line",
              "task": "log a warning whenever a quote falls back to the default tariff",
              "follow": [edit("internal/pricing/tariff.go", "\t\ttariff = DefaultTariff",
                              "\t\tlogging.FromContext(ctx).Warn(\"falling back to default "
                              "tariff\", \"zone\", zone.ID)\n\t\ttariff = DefaultTariff")],
              "contrary": edit("internal/pricing/tariff.go", "\t\ttariff = DefaultTariff",
                               "\t\tslog.Warn(\"falling back to default tariff\", \"zone\", "
                               "zone.ID)\n\t\ttariff = DefaultTariff"),
              "done": "A warning with the zone id is logged whenever the default tariff kicks "
                      "in."}),
        Fact("cmd-bufgen", "command", ["buf.gen.local.yaml"],
             ["how do I regenerate the Go stubs after editing a .proto file?",
              "buf keeps failing with a too many requests error from the registry, what's the "
              "command that works?"],
             "Regenerate corvatch's protobuf Go code with `buf generate --template "
             "buf.gen.local.yaml` (the protoc-gen-go plugins pinned in tools/); plain `buf "
             "generate` uses remote BSR plugins and fails with 'too many requests'.",
             {"goal": "I added a service_level field to quote.proto, regenerate the Go code",
              "fail": bash("buf generate",
                           "Failure: plugin buf.build/protocolbuffers/go: too many requests, "
                           "please try again in 47s (resource_exhausted)", 1),
              "note": "buf.gen.yaml points at remote plugins on the Buf Schema Registry, which "
                      "rate-limits anonymous calls. The repo has a second template that runs "
                      "the plugin binaries pinned in tools/ instead.",
              "ok": bash("buf generate --template buf.gen.local.yaml && git status --short "
                         "gen/",
                         " M gen/corvatch/quote/v1/quote.pb.go\n M gen/corvatch/quote/v1/"
                         "quote_grpc.pb.go"),
              "hint": "use the local template, buf generate --template buf.gen.local.yaml. the "
                      "remote plugins get rate limited all the time",
              "done": "Regenerated quote.pb.go and quote_grpc.pb.go under gen/ with the new "
                      "field."}),
        Fact("cmd-grpcurl", "command", ["-import-path proto"],
             ["how do I call an RPC on my locally running server from the terminal?",
              "grpcurl complains the server does not support the reflection API, how do I "
              "poke the service anyway?"],
             "Call corvatch locally with grpcurl by passing the protos: `grpcurl -plaintext "
             "-import-path proto -proto corvatch/quote/v1/quote.proto … localhost:9090 "
             "corvatch.quote.v1.QuoteService/GetQuote`; server reflection is disabled.",
             {"goal": "send a GetQuote for 1012AB to 3511CD to my local server and show me the "
                      "response",
              "fail": bash(f"grpcurl -plaintext {grpcurl_body}",
                           "Error invoking method \"corvatch.quote.v1.QuoteService/GetQuote\": "
                           "failed to query for service descriptor \"corvatch.quote.v1."
                           "QuoteService\": server does not support the reflection API", 1),
              "note": "The server doesn't register gRPC reflection (deliberately), so grpcurl "
                      "has to be handed the proto files.",
              "ok": bash("grpcurl -plaintext -import-path proto -proto corvatch/quote/v1/"
                         f"quote.proto {grpcurl_body}",
                         "{\n  \"quoteId\": \"q_01HZX3K8\",\n  \"priceCents\": \"1495\",\n  "
                         "\"currency\": \"EUR\",\n  \"serviceLevel\": \"NEXT_DAY\"\n}"),
              "hint": "reflection is off on the server, give it the protos: grpcurl -plaintext "
                      "-import-path proto -proto corvatch/quote/v1/quote.proto and then the "
                      "usual -d and method",
              "done": "Local GetQuote for 1012AB to 3511CD: EUR 14.95, next day."}),
        Fact("env-pgport", "environment", ["55433"],
             ["which host port is the docker compose postgres published on?",
              "connection refused on localhost:5432 when the store tests run, where is the "
              "database actually listening?"],
             "corvatch's docker compose Postgres (postgres:16) is published on host port "
             "55433, not 5432; CORVATCH_PG_DSN=postgres://corvatch:corvatch@localhost:55433/"
             "corvatch.",
             {"goal": "the store tests can't reach postgres on 5432. what port does the compose "
                      "database use?",
              "probe": [bash("docker compose ps db",
                             "NAME            IMAGE         STATUS         PORTS\ncorvatch-db-1"
                             "   postgres:16   Up 3 minutes   0.0.0.0:55433->5432/tcp"),
                        bash("grep PG_DSN .env.example",
                             "CORVATCH_PG_DSN=postgres://corvatch:corvatch@localhost:55433/"
                             "corvatch?sslmode=disable")],
              "confirm": "The compose Postgres is published on host port 55433, not 5432, so "
                         "it doesn't clash with a Postgres installed on the laptop; "
                         "CORVATCH_PG_DSN in .env.example already points at localhost:55433.",
              "while": ("is the dev database container healthy? the tests were flaky this "
                        "morning",
                        "It's up: the container has been running for a few minutes without "
                        "restarts."),
              "recall": "it's not on the default port, it was moved to 55433 so it doesn't "
                        "fight a postgres installed on the laptop"}),
        Fact("env-staging", "environment", ["pricing-stg"],
             ["where does the pre-production copy of the quote service run in kubernetes?",
              "give me the kubectl command to follow the logs of the staging deployment"],
             "corvatch staging runs in Kubernetes namespace pricing-stg on the shared GKE "
             "cluster (kube context gke_kestrelpost-platform_europe-west4_shared-2), deployed "
             "from deploy/helmfile.yaml.",
             {"goal": "where does the staging deployment of this service run? I want to tail "
                      "its logs",
              "probe": [bash("grep -n -A4 'name: staging' deploy/helmfile.yaml",
                             "14:  - name: staging\n15:    kubeContext: gke_kestrelpost-"
                             "platform_europe-west4_shared-2\n16:    values:\n17:      - "
                             "namespace: pricing-stg\n18:      - values/staging.yaml")],
              "confirm": "Staging runs in namespace pricing-stg on the shared GKE cluster "
                         "(context gke_kestrelpost-platform_europe-west4_shared-2): `kubectl "
                         "--context gke_kestrelpost-platform_europe-west4_shared-2 -n "
                         "pricing-stg logs deploy/corvatch -f`.",
              "while": ("does the helmfile still deploy both environments from one file?",
                        "Yes, deploy/helmfile.yaml defines staging and production side by "
                        "side."),
              "recall": "staging is on the shared GKE cluster, namespace pricing-stg"}),
        Fact("gotcha-msgsize", "gotcha", ["MaxRecvMsgSize"],
             ["large bulk quote requests fail with received message larger than max, what "
              "do I change?",
              "a customer wants to send 10k parcels in one BulkQuote call, will that work and "
              "what needs adjusting?"],
             "gRPC's default 4 MiB message limit makes big corvatch BulkQuote calls fail with "
             "ResourceExhausted 'received message larger than max'; raise grpc.MaxRecvMsgSize "
             "on the server (16 MiB) and grpc.MaxCallRecvMsgSize on the client, both sides.",
             {"symptom": "BulkQuote fails with ResourceExhausted for the big retailer upload; "
                         "smaller batches go through fine",
              "probe": [bash("go test ./internal/server -run TestBulkQuoteLarge -v",
                             "=== RUN   TestBulkQuoteLarge\n    bulk_test.go:41: rpc error: code "
                             "= ResourceExhausted desc = grpc: received message larger than max "
                             "(6815744 vs. 4194304)\n--- FAIL: TestBulkQuoteLarge (0.42s)\nFAIL",
                             1),
                        grep("grpc.NewServer(", ["cmd/corvatch/main.go"])],
              "explain": "gRPC caps received messages at 4 MiB by default (4194304 bytes) and a "
                         "5,000-parcel BulkQuote is about 6.5 MiB. The server has to raise "
                         "grpc.MaxRecvMsgSize, and the client needs grpc.MaxCallRecvMsgSize for "
                         "the equally large response; raising only one side moves the error to "
                         "the other.",
              "told": "it's the 4 MiB default message limit. you need grpc.MaxRecvMsgSize on "
                      "the server and the call option on the client, both, or it just fails on "
                      "the way back",
              "fix": [edit("cmd/corvatch/main.go",
                           "\tsrv := grpc.NewServer(\n\t\tgrpc.ChainUnaryInterceptor("
                           "interceptors...),",
                           "\tsrv := grpc.NewServer(\n\t\tgrpc.MaxRecvMsgSize(16<<20), // bulk "
                           "quotes run past the 4 MiB default\n\t\tgrpc.ChainUnaryInterceptor("
                           "interceptors...),"),
                      edit("pkg/client/client.go", "\tconn, err := grpc.NewClient(addr, "
                           "opts...)",
                           "\topts = append(opts, grpc.WithDefaultCallOptions(grpc."
                           "MaxCallRecvMsgSize(16<<20)))\n\tconn, err := grpc.NewClient(addr, "
                           "opts...)")],
              "done": "TestBulkQuoteLarge passes; both ends accept messages up to 16 MiB."}),
        Fact("gotcha-bouncer", "gotcha", ["default_query_exec_mode"],
             ["quote calls behind the connection pooler randomly fail with SQLSTATE 42P05, how "
              "do we fix that?",
              "we're putting production's database behind pgbouncer as well, anything to "
              "change in the service's connection string?"],
             "Behind PgBouncer in transaction pooling mode (port 6432) corvatch's pgx driver "
             "fails with 'prepared statement already exists (SQLSTATE 42P05)'; the DSN needs "
             "default_query_exec_mode=simple_protocol.",
             {"symptom": "staging throws 'prepared statement already exists' on maybe one in "
                         "twenty quote calls; local is fine",
              "probe": [bash("kubectl logs -l app=corvatch --since=1h | grep SQLSTATE | head "
                             "-2",
                             "level=ERROR msg=\"zone lookup failed\" err=\"ERROR: prepared "
                             "statement \\\"stmtcache_9f2c41d7\\\" already exists (SQLSTATE "
                             "42P05)\"\nlevel=ERROR msg=\"tariff load failed\" err=\"ERROR: "
                             "prepared statement \\\"stmtcache_1a7e03bb\\\" already exists "
                             "(SQLSTATE 42P05)\""),
                        bash("kubectl get configmap corvatch-env -o jsonpath="
                             "'{.data.CORVATCH_PG_DSN}'",
                             "postgres://corvatch@pgbouncer.db.svc:6432/corvatch?sslmode="
                             "require")],
              "explain": "Staging reaches Postgres through PgBouncer (port 6432) in transaction "
                         "pooling mode, and pgx v5 caches prepared statements per connection. "
                         "When the bouncer hands the next transaction a different server "
                         "connection, the cached statement name collides: SQLSTATE 42P05. "
                         "Adding default_query_exec_mode=simple_protocol to the DSN stops pgx "
                         "from preparing statements.",
              "told": "PgBouncer in transaction mode versus pgx's statement cache. put "
                      "default_query_exec_mode=simple_protocol on the DSN for anything that "
                      "goes through the bouncer",
              "fix": [edit("deploy/values/staging.yaml",
                           "  CORVATCH_PG_DSN: postgres://corvatch@pgbouncer.db.svc:6432/"
                           "corvatch?sslmode=require",
                           "  CORVATCH_PG_DSN: postgres://corvatch@pgbouncer.db.svc:6432/"
                           "corvatch?sslmode=require&default_query_exec_mode=simple_protocol")],
              "done": "The staging DSN uses the simple protocol now; the errors stop after the "
                      "rollout."}),
        Fact("fals-redis", "falsified", ["Redis"],
             ["should the tariff lookups go through a shared cache service so every pod sees "
              "the same data?",
              "what happened when someone put an external cache in front of the tariffs?"],
             "A Redis cache in front of corvatch's tariff lookups was tried and reverted: the "
             "network round trip pushed p99 from about 4 ms to 31 ms in the 400 QPS load test "
             "(budget 8 ms); tariffs stay in the in-process cache.",
             {"ask": "tariff lookups are the slowest part of GetQuote. put a Redis cache in "
                     "front of them",
              "change": [bash("go get github.com/redis/go-redis/v9@v9.5.1",
                              "go: added github.com/redis/go-redis/v9 v9.5.1"),
                         edit("internal/pricing/tariffs.go", "\tt, ok := s.cache.Get(key)",
                              "\tt, err := s.redis.Get(ctx, key).Result()\n\tok := err == nil")],
              "broke": bash("make loadtest QPS=400",
                            "ghz: 120000 requests at 400 rps\np50 6.8ms  p99 31.2ms\nSLO check: "
                            "p99 31.2ms > 8ms budget\nFAIL", 2),
              "revert": bash("git checkout -- go.mod go.sum internal/pricing/tariffs.go", ""),
              "conclusion": "Back to the in-process tariff cache. With Redis in front, every "
                            "lookup pays a network round trip, and at 400 QPS p99 went from "
                            "about 4 ms to 31.2 ms against the 8 ms budget. The tariff table is "
                            "a few hundred rows, so keeping it in memory is the better fit.",
              "want": "GetQuote latency creeps up whenever tariffs are reloaded, any caching "
                      "ideas?",
              "offer": "One option is a shared Redis cache in front of the tariff table, so "
                       "every pod sees the same entries and reloads are cheap. Want me to wire "
                       "in go-redis?",
              "story": "we tried Redis there last sprint. every lookup became a network hop and "
                       "p99 went from 4 ms to over 30 in the load test. the table is a few "
                       "hundred rows, it stays in memory"}),
        Fact("fals-distroless", "falsified", ["distroless"],
             ["can we move the container to a minimal base image without a shell or libc?",
              "why is the final docker stage still debian slim instead of something smaller?"],
             "corvatch's runtime image stays debian:bookworm-slim: a distroless/static base was "
             "tried and the container fails to start ('exec /app/corvatch: no such file or "
             "directory') because the binary needs cgo and glibc for mattn/go-sqlite3 (postcode "
             "zones).",
             {"ask": "shrink the runtime image: switch the Dockerfile's final stage to a "
                     "distroless static base",
              "change": [edit("Dockerfile",
                              "FROM debian:bookworm-slim\nRUN apt-get update && apt-get install "
                              "-y --no-install-recommends ca-certificates && rm -rf "
                              "/var/lib/apt/lists/*",
                              "FROM gcr.io/distroless/static-debian12:nonroot")],
              "broke": bash("docker build -q -t corvatch:dev . && docker run --rm corvatch:dev",
                            "sha256:4f1c0e9a7b2d\nexec /app/corvatch: no such file or directory",
                            1),
              "revert": bash("git checkout -- Dockerfile", ""),
              "conclusion": "Back on bookworm-slim. The binary is built with CGO_ENABLED=1 "
                            "because the postcode zone table is read through mattn/go-sqlite3, "
                            "so it's dynamically linked against glibc; distroless static has no "
                            "dynamic loader, hence the misleading 'no such file or directory'. "
                            "It would only work after swapping in a pure-Go sqlite driver.",
              "want": "the docker image is 180 MB, can we slim it down?",
              "offer": "The quickest win is a distroless static final stage: no shell, no apt, "
                       "usually under 30 MB. Want me to switch the Dockerfile?",
              "story": "we moved to distroless static in March and the container wouldn't even "
                       "start, 'exec /app/corvatch: no such file or directory'. the zone lookup "
                       "uses go-sqlite3 so the binary needs cgo and glibc. no distroless unless "
                       "someone replaces the sqlite driver"}),
    ]
    noise: list[Episode] = [
        look("what does the zones package do? Tomasz wrote it before he moved teams",
             "internal/zones/zones.go",
             "// Package zones maps a postcode to the delivery zone that prices it.\npackage "
             "zones\n\nfunc (s *Store) Lookup(ctx context.Context, postcode string) (Zone, "
             "error) {\n\tprefix := normalize(postcode)[:4]\n\tif z, ok := s.byPrefix[prefix]; "
             "ok {\n\t\treturn z, nil\n\t}\n\treturn Zone{}, ErrUnknownPostcode\n}\n",
             "It normalises the postcode, takes the four-digit prefix and looks it up in an "
             "in-memory map of zones; an unknown prefix returns ErrUnknownPostcode. The map is "
             "filled once at startup."),
        run("run the pricing unit tests", "go test ./internal/pricing/...",
            "ok  \tgithub.com/kestrelpost/corvatch/internal/pricing\t0.214s",
            "Pricing tests pass."),
        find("where do we build the Quote response message?", "&quotev1.Quote{",
             ["internal/server/quote.go", "internal/server/bulk.go"],
             "Two places: GetQuote in internal/server/quote.go and the per-parcel loop in "
             "internal/server/bulk.go."),
        tweak("typo in the surcharge doc comment, 'weigth'", "internal/pricing/surcharge.go",
              "// Surcharge adds the weigth band supplement to a base price.",
              "// Surcharge adds the weight band supplement to a base price."),
        steps("what's on my branch right now?",
              [bash("git status --short", " M internal/pricing/surcharge.go\n?? "
                    "internal/pricing/surcharge_test.go"),
               bash("git log --oneline -3",
                    "e4a1f02 pricing: weight bands from config\n7c93d18 server: validate "
                    "parcel dimensions\n2b0e6c5 zones: normalise lowercase postcodes")],
              "surcharge.go is modified and surcharge_test.go is new and untracked, on top of "
              "the three commits above."),
        talk("quick one: unary vs server-streaming RPC, when would I pick streaming?",
             "Unary is one request, one response: right for GetQuote. Server streaming sends "
             "one request and gets a stream of responses back, which suits results that are "
             "produced over time or are too big to hold at once, like quoting thousands of "
             "parcels and sending each price as soon as it's ready."),
        steps("CI's lint job is red, sort it out",
              [bash("golangci-lint run ./...",
                    "internal/server/bulk.go:58:15: Error return value of `stream.Send` is not "
                    "checked (errcheck)", 1),
               edit("internal/server/bulk.go", "\t\tstream.Send(resp)",
                    "\t\tif err := stream.Send(resp); err != nil {\n\t\t\treturn err\n\t\t}"),
               bash("golangci-lint run ./...", "")],
              "errcheck flagged an unchecked stream.Send in bulk.go; it now returns the error, "
              "and the linter is clean."),
        steps("Priya thinks some request paths still use context.Background(), can you check?",
              [agent("Find context.Background in request paths",
                     "List every context.Background() or context.TODO() call under internal/ "
                     "and say whether it runs inside request handling.",
                     "Two hits. internal/pricing/reload.go uses context.Background() in the "
                     "tariff reload goroutine started at boot, which is fine. "
                     "internal/server/bulk.go calls context.TODO() when it fetches the "
                     "surcharge table per parcel, inside the request, so cancellation and "
                     "deadlines from the client don't reach that query.", "c27e8d41f0",
                     "Explore", 5)],
              "Priya's right about one: bulk.go uses context.TODO() inside BulkQuote, so it "
              "ignores the client's deadline. The background context in the reload goroutine "
              "is fine."),
        steps("plan the weight surcharge for parcels over 20 kg, no code yet",
              [todo_write([("Add the 20 kg+ band to the surcharge config", "pending",
                            "Adding the band"),
                           ("Apply it in Surcharge with tests at the band edges", "pending",
                            "Applying the band"),
                           ("Expose the surcharge line in the Quote response", "pending",
                            "Exposing the line")])],
              "Three steps: config, the calculation with edge tests, then the response field. "
              "Tell me when to start."),
        talk("what does errgroup.WithContext do when one of the goroutines fails?",
             "The first goroutine to return a non-nil error cancels the derived context, so the "
             "others see ctx.Done() and can stop early; Wait() then returns that first error. "
             "The other goroutines aren't killed, they have to check the context themselves."),
    ]
    return Project(
        "corvatch", "git@github.com:kestrelpost/corvatch.git",
        {"README.md": "# corvatch\n\nDelivery price quotes over gRPC.\n",
         "go.mod": "module github.com/kestrelpost/corvatch\n\ngo 1.22\n"},
        _team(facts, ["Dana", "Tomasz", "Priya"], "#pricing-dev",
              ["PR titles follow Conventional Commits.",
               "Run `make lint test` before pushing.",
               "Proto changes need a second reviewer."]),
        noise, "github")


# ------------------------------------------------------------------- lumbrook
def lumbrook() -> Project:
    badge = "lib/features/loans/widgets/overdue_badge.dart"
    badge_old = ("    return Container(\n      padding: const EdgeInsets.symmetric(horizontal: 8, "
                 "vertical: 2),")
    catalogue = "lib/features/catalogue/catalogue_page.dart"
    manifest_on = ("        <meta-data\n            android:name=\"io.flutter.embedding.android."
                   "EnableImpeller\"\n            android:value=\"{}\" />")
    facts = [
        Fact("conv-tokens", "convention", ["AppTokens"],
             ["the return-by date should turn orange when it's close, how do I pick that "
              "colour?",
              "where are we supposed to get colours and font styles from in widget code?"],
             "In lumbrook widgets never use Color(0xFF…) or raw TextStyle literals: colours, "
             "radii and text styles come from the AppTokens theme extension (context.tokens), "
             "which also covers dark mode.",
             {"rule": "no Color(0xFF...) or raw TextStyle literals in widgets: colours, radii "
                      "and text styles come from the AppTokens theme extension (context.tokens)",
              "task": "give the overdue badge on the loan card a red background",
              "follow": [edit(badge, badge_old,
                              "    final tokens = context.tokens; // AppTokens theme extension"
                              "\n" + badge_old + "\n      decoration: BoxDecoration(\n        "
                              "color: tokens.dangerSurface,\n        borderRadius: BorderRadius."
                              "circular(tokens.radiusSm),\n      ),")],
              "contrary": edit(badge, badge_old,
                               badge_old + "\n      decoration: BoxDecoration(\n        color: "
                               "const Color(0xFFD32F2F),\n        borderRadius: BorderRadius."
                               "circular(4),\n      ),"),
              "done": "The overdue badge sits on the danger surface colour with the small "
                      "radius, so it follows dark mode too."}),
        Fact("conv-routes", "convention", ["goNamed"],
             ["how should I send the user to the reservation screen once they've picked a "
              "date?",
              "what's the agreed way to move between screens in the app?"],
             "lumbrook navigates only through go_router by route name (context.goNamed / "
             "pushNamed with the constants in lib/router/routes.dart), never Navigator.push or "
             "hard-coded paths, so deep links keep working.",
             {"rule": "navigation goes through go_router by route name, context.goNamed or "
                      "pushNamed with the constants in lib/router/routes.dart, never "
                      "Navigator.push or hard-coded paths",
              "task": "open the tool detail page when someone taps a tool in the catalogue",
              "follow": [edit(catalogue, "            onTap: () {},",
                              "            onTap: () => context.goNamed(\n                  "
                              "Routes.toolDetail,\n                  pathParameters: {'toolId': "
                              "tool.id},\n                ),")],
              "contrary": edit(catalogue, "            onTap: () {},",
                               "            onTap: () => Navigator.of(context).push(\n        "
                               "          MaterialPageRoute(builder: (_) => ToolDetailPage("
                               "toolId: tool.id)),\n                ),"),
              "done": "Tapping a tool opens its detail page; the /catalogue/tools/:toolId deep "
                      "link and the back button keep working."}),
        Fact("cmd-flavor", "command", ["--flavor dev"],
             ["flutter run says I have to pick a scheme, what's the full command to start the "
              "app locally?",
              "how do I launch the development build on a simulator?"],
             "Run lumbrook locally with `flutter run --flavor dev -t lib/main_dev.dart`; the "
             "Xcode project defines dev and prod schemes, so a bare flutter run fails asking "
             "for a flavor.",
             {"goal": "run the app on the iOS simulator so I can look at the new catalogue "
                      "screen",
              "fail": bash("flutter run -d 'iPhone 15'",
                           "Launching lib/main.dart on iPhone 15 in debug mode...\nThe Xcode "
                           "project defines schemes: dev, prod.\nYou must specify a --flavor "
                           "option to select one of the defined schemes.", 1),
              "note": "The project has dev and prod flavors, each with its own entry point, so "
                      "a bare flutter run doesn't know which scheme to build.",
              "ok": bash("flutter run -d 'iPhone 15' --flavor dev -t lib/main_dev.dart",
                         "Launching lib/main_dev.dart on iPhone 15 in debug mode...\nRunning "
                         "Xcode build...\nXcode build done.                           38.2s\n"
                         "Syncing files to device iPhone 15...\nFlutter run key commands.\nr "
                         "Hot reload."),
              "hint": "it's always --flavor dev -t lib/main_dev.dart, the plain main.dart isn't "
                      "wired to any scheme",
              "done": "The dev build is running on the iPhone 15 simulator, hot reload "
                      "included."}),
        Fact("cmd-codegen", "command", ["--delete-conflicting-outputs"],
             ["what's the codegen command after I touch a freezed model?",
              "build_runner stops with SEVERE conflicting outputs, how do I get past it?"],
             "Regenerate lumbrook's freezed/json_serializable code with `dart run build_runner "
             "build --delete-conflicting-outputs`; the generated files are committed, so "
             "without the flag build_runner refuses to overwrite them.",
             {"goal": "I added a returnedAt field to the Loan freezed class, regenerate the "
                      "generated files",
              "fail": bash("dart run build_runner build",
                           "[INFO] Generating build script completed, took 412ms\n[INFO] "
                           "Running build...\n[SEVERE] Conflicting outputs were detected and "
                           "the build is unable to prompt for permission to remove them. These "
                           "outputs must be removed manually or the build can be run with "
                           "`--delete-conflicting-outputs`. The outputs are: lib/features/loans/"
                           "models/loan.freezed.dart, lib/features/loans/models/loan.g.dart",
                           78),
              "note": "The .freezed.dart and .g.dart files are committed, so build_runner sees "
                      "outputs it didn't write itself and won't overwrite them without the "
                      "flag.",
              "ok": bash("dart run build_runner build --delete-conflicting-outputs",
                         "[INFO] Running build...\n[INFO] Running build completed, took 9.8s\n"
                         "[INFO] Succeeded after 9.9s with 14 outputs (58 actions)"),
              "hint": "build_runner always needs --delete-conflicting-outputs here because the "
                      "generated files are checked in",
              "done": "loan.freezed.dart and loan.g.dart are regenerated with returnedAt."}),
        Fact("env-fvm", "environment", ["3.22.2"],
             ["what SDK version should my flutter be on for this repo?",
              "my global flutter is newer than the team's, which one do I need to install?"],
             "lumbrook pins Flutter 3.22.2 (Dart 3.4.3) through FVM (.fvmrc); run it as `fvm "
             "flutter …`, not with a newer global SDK.",
             {"goal": "which Flutter version is this project on? my global one is 3.24",
              "probe": [bash("cat .fvmrc && fvm flutter --version",
                             "{\n  \"flutter\": \"3.22.2\"\n}\nFlutter 3.22.2 • channel stable "
                             "• https://github.com/flutter/flutter.git\nFramework • revision "
                             "761747bfc5 • 2024-06-05 17:37:00 +0000\nEngine • revision "
                             "edd8546116\nTools • Dart 3.4.3 • DevTools 2.34.3")],
              "confirm": "The project pins Flutter 3.22.2 through FVM (.fvmrc), with Dart 3.4.3; "
                         "run it as `fvm flutter …` rather than your global 3.24.",
              "while": ("does DevTools come with the SDK or do I install it separately?",
                        "It ships with the pinned SDK (DevTools 2.34.3), nothing to install."),
              "recall": "we pin 3.22.2 through fvm, nobody wanted to move to 3.24 before the "
                        "release"}),
        Fact("env-ci", "environment", ["Codemagic"],
             ["how do I get a new build onto TestFlight for the volunteers?",
              "which CI service builds the iOS releases?"],
             "lumbrook's iOS TestFlight builds run on Codemagic (codemagic.yaml workflow "
             "ios-testflight, M2 Mac mini, Xcode 15.4), triggered by pushing a v* tag; GitHub "
             "Actions only runs the PR checks.",
             {"goal": "where do the TestFlight builds come from? I see no GitHub Actions "
                      "workflow for iOS",
              "probe": [bash("ls .github/workflows && head -12 codemagic.yaml",
                             "pr.yaml\nworkflows:\n  ios-testflight:\n    name: iOS TestFlight\n"
                             "    instance_type: mac_mini_m2\n    environment:\n      flutter: "
                             "fvm\n      xcode: 15.4\n      groups:\n        - "
                             "app_store_connect\n    triggering:\n      events: [tag]")],
              "confirm": "Store builds are made on Codemagic, not GitHub Actions: the "
                         "ios-testflight workflow in codemagic.yaml runs on an M2 Mac mini with "
                         "Xcode 15.4 and fires on v* tags. GitHub Actions only runs the PR "
                         "checks (pr.yaml).",
              "while": ("which Xcode version do the release builds use?",
                        "Xcode 15.4."),
              "recall": "the iOS builds run on Codemagic, pushing a tag that starts with v "
                        "kicks off the TestFlight workflow"}),
        Fact("gotcha-podfile", "gotcha", ["platform :ios, '13.0'"],
             ["CocoaPods says the firebase pods need a higher minimum deployment target, what "
              "do I change?",
              "I'm adding another Firebase plugin, is there anything on the iOS side I need to "
              "touch?"],
             "lumbrook's ios/Podfile must declare platform :ios, '13.0' (the line was "
             "commented out, so CocoaPods assumed 12): Firebase pods otherwise fail pod install "
             "with 'required a higher minimum deployment target'.",
             {"symptom": "pod install fails since firebase_messaging was added",
              "probe": [bash("cd ios && pod install",
                             "Analyzing dependencies\n[!] CocoaPods could not find compatible "
                             "versions for pod \"firebase_messaging\":\n  In Podfile:\n    "
                             "firebase_messaging (from `.symlinks/plugins/firebase_messaging/"
                             "ios`)\n\nSpecs satisfying the dependency were found, but they "
                             "required a higher minimum deployment target.", 1),
                        bash("head -2 ios/Podfile",
                             "# Uncomment this line to define a global platform for your "
                             "project\n# platform :ios, '12.0'")],
              "explain": "The Podfile's platform line is still commented out, so CocoaPods "
                         "falls back to iOS 12, and the current Firebase pods need iOS 13. The "
                         "fix is platform :ios, '13.0' in ios/Podfile (and the same deployment "
                         "target in the Runner project), then pod install again.",
              "told": "the Podfile still has the platform line commented out. it needs platform "
                      ":ios, '13.0' for the firebase pods, and bump the Runner target to match",
              "fix": [edit("ios/Podfile", "# platform :ios, '12.0'", "platform :ios, '13.0'"),
                      bash("cd ios && pod install --repo-update",
                           "Analyzing dependencies\nDownloading dependencies\nPod installation "
                           "complete! There are 21 dependencies from the Podfile and 34 total "
                           "pods installed.")],
              "done": "pod install goes through; the app targets iOS 13 and up."}),
        Fact("gotcha-goldens", "gotcha", ["update_goldens.sh"],
             ["I changed the padding on the loan card, how do I refresh its golden image?",
              "why do the screenshot tests go red on CI when they're green on my machine?"],
             "lumbrook golden images must be regenerated with tool/update_goldens.sh (flutter "
             "test --update-goldens inside the Linux cirruslabs Flutter container), never on "
             "macOS: mac-rendered goldens fail CI with pixel diffs.",
             {"symptom": "the golden tests pass on a mac but the CI job fails with pixel diffs "
                         "on the tool card",
              "probe": [bash("gh run view --log-failed | tail -4",
                             "test/goldens/tool_card_test.dart: tool card renders overdue state "
                             "[E]\n  Golden \"goldens/tool_card_overdue.png\": Pixel test "
                             "failed, 2.31%, 1432px diff detected.\n  Failure feedback can be "
                             "found at test/goldens/failures\n00:41 +57 -1: Some tests failed.",
                             1),
                        read("tool/update_goldens.sh",
                             "#!/usr/bin/env bash\n# Goldens are rendered on Linux in CI; "
                             "regenerate them in the same image.\nset -euo pipefail\ndocker run "
                             "--rm -v \"$PWD\":/app -w /app \\\n  ghcr.io/cirruslabs/flutter:"
                             "$(jq -r .flutter .fvmrc) \\\n  flutter test --update-goldens "
                             "--tags golden\n")],
              "explain": "The goldens were regenerated on macOS, where font rasterisation and "
                         "anti-aliasing differ slightly from Linux; CI renders on Linux and sees "
                         "a 2.31% diff. Goldens have to come from tool/update_goldens.sh, which "
                         "runs flutter test --update-goldens inside the Linux Flutter "
                         "container.",
              "told": "never update goldens on a mac. run tool/update_goldens.sh, it renders "
                      "them in the linux docker image CI uses",
              "fix": [bash("./tool/update_goldens.sh && git status --short test/goldens",
                           "00:52 +12: All tests passed!\n M test/goldens/goldens/"
                           "tool_card_overdue.png")],
              "done": "Re-rendered the tool card golden in the Linux container; CI should "
                      "match now."}),
        Fact("fals-impeller", "falsified", ["Impeller"],
             ["could we switch on flutter's newer rendering engine on android to fix the "
              "scroll stutter?",
              "why is the new renderer explicitly disabled in the android manifest?"],
             "Enabling Impeller on Android in lumbrook was tried and reverted: on the lending "
             "desks' Galaxy Tab A8 its Vulkan backend hit VK_ERROR_DEVICE_LOST and the map "
             "showed blank tiles; the manifest keeps EnableImpeller false.",
             {"ask": "turn Impeller on for Android, the catalogue scroll jank is annoying",
              "change": [edit("android/app/src/main/AndroidManifest.xml",
                              manifest_on.format("false"), manifest_on.format("true"))],
              "broke": bash("./tool/device_smoke.sh --device 'Galaxy Tab A8'",
                            "launching on Galaxy Tab A8 (Android 13)...\n[Impeller] Using the "
                            "Vulkan rendering backend.\nE/flutter: VK_ERROR_DEVICE_LOST in "
                            "vkQueueSubmit\nmap screen: 41 of 300 frames with blank tiles\nFAIL",
                            1),
              "revert": bash("git checkout -- android/app/src/main/AndroidManifest.xml", ""),
              "conclusion": "Impeller is off again on Android. On the Galaxy Tab A8 the lending "
                            "desks use, its Vulkan backend hit VK_ERROR_DEVICE_LOST and the map "
                            "screen had blank tiles in 41 of 300 frames. The catalogue jank is "
                            "better chased in the list itself (image cache sizes, const "
                            "widgets).",
              "want": "scrolling the catalogue stutters on android, can we do something at the "
                      "engine level?",
              "offer": "Impeller fixes most shader-compilation jank on Android, and the "
                       "manifest currently switches it off. Want me to enable it?",
              "story": "we turned Impeller on last sprint and the Galaxy Tab A8 at the lending "
                       "desk started showing blank map tiles and a vulkan device-lost error. "
                       "it's off in the manifest on purpose"}),
        Fact("fals-bgsync", "falsified", ["workmanager"],
             ["can the app refresh the loans list periodically while it's closed?",
              "why don't we do any background syncing on the phone?"],
             "Periodic background sync of loans with the workmanager plugin was tried in "
             "lumbrook and removed: iOS never ran the task and Android used 6.1% battery a "
             "day; loans refresh on app resume and reminders come as server push.",
             {"ask": "sync the member's loans in the background every hour so due dates are "
                     "right even if they don't open the app",
              "change": [bash("flutter pub add workmanager",
                              "Resolving dependencies...\n+ workmanager 0.5.2\nChanged 1 "
                              "dependency!"),
                         edit("lib/main_common.dart",
                              "  runApp(const ProviderScope(child: LumbrookApp()));",
                              "  await Workmanager().initialize(callbackDispatcher);\n  await "
                              "Workmanager().registerPeriodicTask('loan-sync', 'syncLoans',\n   "
                              "   frequency: const Duration(hours: 1));\n  runApp(const "
                              "ProviderScope(child: LumbrookApp()));")],
              "broke": bash("./tool/bg_sync_report.sh --hours 24",
                            "device            runs expected  runs actual  battery\nPixel 7 "
                            "(A14)     24             23           +6.1%/day\niPhone 13 (17.5)"
                            "  24             0            n/a\nFAIL: iOS never ran the task; "
                            "Android drain over the 3% budget", 1),
              "revert": bash("git checkout -- pubspec.yaml pubspec.lock lib/main_common.dart",
                             ""),
              "conclusion": "Took workmanager back out. iOS never ran the periodic task (the "
                            "system decides when, and gave it zero runs in 24 h), and on Android "
                            "the hourly sync cost 6.1% battery a day against a 3% budget. "
                            "Refreshing on app resume plus the server's push reminders covers "
                            "due dates without background work.",
              "want": "members say their due dates are stale until they open the app, can we "
                      "refresh in the background?",
              "offer": "The workmanager plugin can schedule a periodic background sync on both "
                       "Android and iOS. Want me to set up an hourly task?",
              "story": "we had workmanager doing an hourly sync last sprint. iOS basically "
                       "never ran it and on android it ate 6% battery a day. we refresh on app "
                       "resume and the server sends the reminder pushes"}),
    ]
    noise: list[Episode] = [
        look("what does the catalogue provider do? Ines wrote it and she's on leave",
             "lib/features/catalogue/catalogue_provider.dart",
             "@riverpod\nFuture<List<Tool>> catalogue(CatalogueRef ref, {String? category}) "
             "async {\n  final api = ref.watch(apiClientProvider);\n  final tools = await "
             "api.listTools(category: category);\n  return tools..sort((a, b) => a.name."
             "compareTo(b.name));\n}\n",
             "It fetches the tools from the API, optionally filtered by category, and sorts "
             "them by name. Because it's a family on category, each filter gets its own cached "
             "result."),
        run("run the unit tests", "flutter test test/unit",
            "00:04 +63: All tests passed!", "All 63 unit tests pass."),
        find("where do we show the deposit amount?", "depositCents",
             ["lib/features/loans/widgets/loan_summary.dart",
              "lib/features/catalogue/tool_detail_page.dart"],
             "In the loan summary widget and on the tool detail page."),
        tweak("typo in the english strings, 'Retrun by'", "lib/l10n/app_en.arb",
              "  \"returnBy\": \"Retrun by {date}\",", "  \"returnBy\": \"Return by {date}\","),
        steps("what have I changed so far?",
              [bash("git status --short",
                    " M lib/features/loans/loan_list_page.dart\n M lib/l10n/app_en.arb"),
               bash("git log --oneline -3",
                    "a93c1f7 Loans: sort by due date\n51e08d2 Catalogue: category chips\n"
                    "0bd77e4 Bump riverpod to 2.5.1")],
              "Two modified files (the loan list page and the English strings) on top of the "
              "three commits above; nothing staged."),
        talk("when do I actually need a StatefulWidget instead of a StatelessWidget?",
             "When the widget owns state that changes during its lifetime and isn't held "
             "elsewhere: a controller it must dispose, an animation, a text field's focus. If "
             "the data comes from a provider or the parent, a StatelessWidget (or a "
             "ConsumerWidget) is enough."),
        steps("analyzer is complaining, clean it up",
              [bash("flutter analyze",
                    "info • Unused import: 'package:intl/intl.dart' • lib/features/loans/"
                    "loan_list_page.dart:4:8 • unused_import\n1 issue found.", 1),
               edit("lib/features/loans/loan_list_page.dart",
                    "import 'package:intl/intl.dart';\n", ""),
               bash("flutter analyze", "No issues found!")],
              "Removed an unused intl import from the loan list page; the analyzer is clean."),
        steps("Kwame says a few screens still call setState directly, which ones?",
              [agent("Find setState calls",
                     "List every widget under lib/features/ that calls setState and say what "
                     "state it holds.",
                     "Three widgets call setState: catalogue/search_bar.dart (the query text "
                     "while typing), loans/return_sheet.dart (the selected condition chip) and "
                     "profile/avatar_picker.dart (a loading flag during upload). Everything else "
                     "reads providers.", "e5b2a9c013", "Explore", 4)],
              "Three: the catalogue search bar, the return sheet and the avatar picker. Each "
              "holds small local UI state, so they're reasonable as they are."),
        steps("plan the condition photos at checkout and return, no code yet",
              [todo_write([("Camera step in the checkout flow", "pending",
                            "Adding the camera step"),
                           ("Upload photos with the loan record", "pending", "Uploading photos"),
                           ("Show before/after photos on return", "pending",
                            "Showing the comparison")])],
              "Three steps: capture at checkout, upload with the loan, compare on return. Say "
              "go when you're ready."),
        talk("what does autoDispose actually do on a riverpod provider?",
             "It drops the provider's state once nothing listens to it any more, e.g. when you "
             "leave the screen, so the next visit starts fresh and memory is freed. Use "
             "ref.keepAlive() inside it if some state should survive."),
    ]
    return Project(
        "lumbrook", "git@github.com:shedshare/lumbrook.git",
        {"README.md": "# lumbrook\n\nBorrow tools from your neighbourhood tool library.\n",
         "pubspec.yaml": "name: lumbrook\nversion: 1.8.0+42\n"},
        _team(facts, ["Ines", "Kwame", "Rosa"], "#app-team",
              ["Run `flutter analyze` and the unit tests before opening a PR.",
               "Screens live under lib/features/<feature>/.",
               "Every user-facing string goes into the ARB files."]),
        noise, "slack")


# ------------------------------------------------------------------- wrenquay
def wrenquay() -> Project:
    courses = "src/routes/courses/+page.svelte"
    photo_alt = "Four juniors sailing Toppers past the harbour wall"
    pb_page = "src/routes/courses/powerboat-level-2/+page.svelte"
    pb_title = "RYA Powerboat Level 2, two-day course"
    pb_desc = ("Two days on the water to earn your RYA Powerboat Level 2 certificate. Boat, kit "
               "and lunch included.")
    facts = [
        Fact("conv-images", "convention", ["enhanced:img"],
             ["what's the right way to put a new picture on a page of the site?",
              "put the instructor team photo on the about page"],
             "On wrenquay photos live in src/lib/assets and are rendered with <enhanced:img> "
             "(responsive AVIF/WebP with intrinsic size), never a plain <img> pointing into "
             "static/.",
             {"rule": "photos go in src/lib/assets and are rendered with <enhanced:img>, never "
                      "a plain <img> pointing into static/; that's what gives us the avif/webp "
                      "variants and the sizes that stop layout shift",
              "task": "add the new photo of the junior dinghy course to the courses page",
              "follow": [bash("git mv static/photos/junior-dinghy.jpg "
                              "src/lib/assets/courses/junior-dinghy.jpg", ""),
                         edit(courses, "<h2>Junior dinghy</h2>",
                              "<h2>Junior dinghy</h2>\n<enhanced:img\n  src=\"$lib/assets/"
                              f"courses/junior-dinghy.jpg\"\n  alt=\"{photo_alt}\"\n  sizes="
                              "\"(min-width: 768px) 720px, 100vw\"\n/>")],
              "contrary": edit(courses, "<h2>Junior dinghy</h2>",
                               "<h2>Junior dinghy</h2>\n<img src=\"/photos/junior-dinghy.jpg\" "
                               f"alt=\"{photo_alt}\" />"),
              "done": "The junior dinghy photo is on the courses page, served as responsive "
                      "AVIF/WebP with its intrinsic size."}),
        Fact("conv-seo", "convention", ["Seo.svelte"],
             ["how do I give the new gift voucher page its title and description for search "
              "engines?",
              "what's our rule for page titles and meta tags?"],
             "Every wrenquay page sets its title and meta description through the Seo "
             "component ($lib/components/Seo.svelte), never its own <svelte:head>, so og:image "
             "and the canonical URL are always present.",
             {"rule": "every page sets its title and meta description through our Seo "
                      "component ($lib/components/Seo.svelte), never its own <svelte:head>, so "
                      "the og:image and canonical URL are always there",
              "task": "create a page for the new powerboat level 2 course",
              "follow": [write(pb_page,
                               "<script lang=\"ts\">\n  import Seo from '$lib/components/"
                               "Seo.svelte';\n</script>\n\n<Seo\n  title=\"" + pb_title + "\"\n"
                               "  description=\"" + pb_desc + "\"\n/>\n\n<h1>Powerboat Level 2"
                               "</h1>\n")],
              "contrary": write(pb_page,
                                "<svelte:head>\n  <title>" + pb_title + "</title>\n  <meta "
                                "name=\"description\" content=\"" + pb_desc + "\" />\n"
                                "</svelte:head>\n\n<h1>Powerboat Level 2</h1>\n"),
              "done": "The powerboat page is at /courses/powerboat-level-2 with its title, "
                      "description, canonical URL and social preview."}),
        Fact("cmd-preview", "command", [".svelte-kit/cloudflare"],
             ["how do I test the production build with the Cloudflare bindings on my machine?",
              "pnpm preview gives a 500 reading 'env' when I submit a form, what should I run "
              "instead?"],
             "Test wrenquay's production build locally with `pnpm build && pnpm exec wrangler "
             "pages dev .svelte-kit/cloudflare` (port 8788); vite preview has no Cloudflare "
             "platform, so platform.env is undefined and form actions fail.",
             {"goal": "I want to try the contact form against the production build locally "
                      "before we ship",
              "fail": bash("pnpm build && pnpm preview",
                           "✓ built in 6.21s\n> Using @sveltejs/adapter-cloudflare\n  ✔ done\n\n"
                           "  ➜  Local:   http://localhost:4173/\nPOST /contact 500\nTypeError: "
                           "Cannot read properties of undefined (reading 'env')\n    at "
                           "actions.default (src/routes/contact/+page.server.ts:14:31)", 1),
              "note": "vite preview doesn't emulate Cloudflare's platform, so platform.env "
                      "(where the form's mail binding lives) is undefined. wrangler's Pages dev "
                      "server runs the built worker with the bindings.",
              "ok": bash("pnpm build && pnpm exec wrangler pages dev .svelte-kit/cloudflare",
                         "✓ built in 6.08s\n⛅️ wrangler 3.60.3\nYour worker has access to the "
                         "following bindings:\n- Vars:\n  - CONTACT_TO: \"(hidden)\"\n"
                         "[wrangler:inf] Ready on http://localhost:8788\n[wrangler:inf] POST "
                         "/contact 303 See Other (41ms)"),
              "hint": "vite preview can't do the cloudflare bits. build, then wrangler pages "
                      "dev .svelte-kit/cloudflare, and it's on port 8788",
              "done": "The production build runs on http://localhost:8788 and the contact form "
                      "goes through (303 to the thank-you page)."}),
        Fact("cmd-typecheck", "command", ["svelte-check"],
             ["what's the right way to typecheck the whole site including the components?",
              "tsc says it can't find './$types' all over the place, how should I run the type "
              "checking?"],
             "Type-check wrenquay with `pnpm exec svelte-kit sync && pnpm exec svelte-check "
             "--tsconfig ./tsconfig.json --threshold error`; plain tsc doesn't understand "
             ".svelte files or SvelteKit's generated ./$types.",
             {"goal": "run a type check before I open the PR",
              "fail": bash("pnpm exec tsc --noEmit",
                           "src/routes/courses/[slug]/+page.ts(2,32): error TS2307: Cannot find "
                           "module './$types' or its corresponding type declarations.\n"
                           "Found 23 errors in 19 files.", 2),
              "note": "Plain tsc doesn't know .svelte files or SvelteKit's generated ./$types, "
                      "so those 23 errors are noise. The types come from svelte-kit sync, and "
                      "the components need the Svelte-aware checker.",
              "ok": bash("pnpm exec svelte-kit sync && pnpm exec svelte-check --tsconfig "
                         "./tsconfig.json --threshold error",
                         "====================================\nLoading svelte-check in "
                         "workspace: /home/dev/src/wrenquay\nGetting Svelte diagnostics...\n\n"
                         "svelte-check found 0 errors and 0 warnings"),
              "hint": "tsc is useless here. svelte-kit sync, then svelte-check --threshold error",
              "done": "Type check is clean: 0 errors."}),
        Fact("env-node", "environment", ["20.11.1"],
             ["what node should I use locally for this site?",
              "Cloudflare's build image defaults to a newer node, which one do we pin?"],
             "wrenquay builds on Node 20.11.1: .nvmrc pins it locally and the Cloudflare Pages "
             "build settings set NODE_VERSION=20.11.1.",
             {"goal": "the Cloudflare build log shows a different node than mine. which node "
                      "version does the site build on?",
              "probe": [bash("cat .nvmrc && grep -n NODE_VERSION README.md",
                             "20.11.1\n31:Cloudflare Pages builds with NODE_VERSION=20.11.1 "
                             "(set in the project's build settings).")],
              "confirm": "The site builds on Node 20.11.1: .nvmrc pins it locally, and the "
                         "Cloudflare Pages project sets NODE_VERSION=20.11.1 in its build "
                         "settings.",
              "while": ("does the README say anything about the build setup?",
                        "Yes, one short section about the Cloudflare build."),
              "recall": "it's node 20.11.1, the same number is in the Cloudflare build settings "
                        "as NODE_VERSION"}),
        Fact("env-pages", "environment", ["wrenquay-www"],
             ["my change is merged to main but the public site didn't update, how does "
              "production get deployed?",
              "what's the name of the Cloudflare project that serves the public site?"],
             "The public wrenquay site is the Cloudflare Pages project wrenquay-www, whose "
             "production branch is release (not main); merges to main only make preview "
             "deployments.",
             {"goal": "which Cloudflare Pages project serves the live site, and which branch "
                      "goes to production?",
              "probe": [bash("pnpm exec wrangler pages project list",
                             "┌───────────────┬─────────────────────────┬──────────────┐\n"
                             "│ Project Name  │ Project Domains         │ Git Provider │\n"
                             "│ wrenquay-www  │ wrenquay-www.pages.dev  │ Yes          │\n"
                             "│ wrenquay-labs │ wrenquay-labs.pages.dev │ No           │\n"
                             "└───────────────┴─────────────────────────┴──────────────┘"),
                        bash("pnpm exec wrangler pages deployment list --project-name "
                             "wrenquay-www --environment production | sed -n 4p",
                             "│ 9c1e4a2f │ Production │ release │ 3 days ago │")],
              "confirm": "The live site is the Cloudflare Pages project wrenquay-www, and its "
                         "production deployments come from the release branch, not main; "
                         "merging to main only creates preview deployments.",
              "while": ("are there any old Pages projects we could delete?",
                        "wrenquay-labs looks like a leftover: no Git connection."),
              "recall": "the live site is the wrenquay-www pages project, and production "
                        "deploys come from the release branch"}),
        Fact("gotcha-slash", "gotcha", ["trailingSlash"],
             ["the live site bounces between a URL with and without a slash at the end, why?",
              "why does safari say too many redirects on the course pages after a deploy?"],
             "wrenquay's root src/routes/+layout.ts sets export const trailingSlash = 'always': "
             "Cloudflare Pages redirects /courses to /courses/ and SvelteKit's default 'never' "
             "redirected back, a redirect loop.",
             {"symptom": "on the deployed site /courses loops between /courses and /courses/ "
                         "until Safari gives up with too many redirects",
              "probe": [bash("curl -sI https://www.wrenquaysailing.co.uk/courses | grep -iE "
                             "'^(HTTP|location)'; curl -sI https://www.wrenquaysailing.co.uk/"
                             "courses/ | grep -iE '^(HTTP|location)'",
                             "HTTP/2 308\nlocation: /courses/\nHTTP/2 308\nlocation: /courses"),
                        read("src/routes/+layout.ts", "export const prerender = true;\n")],
              "explain": "Cloudflare Pages serves the prerendered courses.html and redirects "
                         "/courses to /courses/, while SvelteKit's default trailingSlash "
                         "'never' sends /courses/ back to /courses. Setting export const "
                         "trailingSlash = 'always' in the root +layout.ts makes SvelteKit write "
                         "directory-style pages, and both sides agree.",
              "told": "it's the slash fight between Cloudflare Pages and SvelteKit. set export "
                      "const trailingSlash = 'always' in the root layout",
              "fix": [edit("src/routes/+layout.ts", "export const prerender = true;",
                           "export const prerender = true;\nexport const trailingSlash = "
                           "'always';")],
              "done": "Pages build as directory/index.html with canonical /courses/ URLs; the "
                      "redirect loop is gone."}),
        Fact("gotcha-publicenv", "gotcha", ["PUBLIC_PLAUSIBLE_DOMAIN"],
             ["the build breaks saying the analytics variable is not exported by "
              "$env/static/public, what's wrong?",
              "we're moving the site to a new domain, which environment variable tells the "
              "analytics script what domain to report?"],
             "wrenquay's analytics domain must be the env var PUBLIC_PLAUSIBLE_DOMAIN: "
             "$env/static/public only exports variables with the PUBLIC_ prefix (set it in "
             ".env and in the Cloudflare Pages settings).",
             {"symptom": "the build fails after the analytics domain was moved into an env var",
              "probe": [bash("pnpm build",
                             "error during build:\nsrc/lib/components/Analytics.svelte (2:10): "
                             "\"PLAUSIBLE_DOMAIN\" is not exported by \"$env/static/public\", "
                             "imported by \"src/lib/components/Analytics.svelte\".", 1),
                        bash("grep PLAUSIBLE .env", "PLAUSIBLE_DOMAIN=wrenquaysailing.co.uk")],
              "explain": "$env/static/public only exposes variables whose names start with "
                         "PUBLIC_; anything else counts as private and isn't exported to client "
                         "code. The variable has to be PUBLIC_PLAUSIBLE_DOMAIN, in .env and in "
                         "the Cloudflare Pages environment settings.",
              "told": "env vars that reach the browser must start with PUBLIC_. call it "
                      "PUBLIC_PLAUSIBLE_DOMAIN, in .env and in the Pages settings",
              "fix": [edit(".env", "PLAUSIBLE_DOMAIN=wrenquaysailing.co.uk",
                           "PUBLIC_PLAUSIBLE_DOMAIN=wrenquaysailing.co.uk"),
                      edit("src/lib/components/Analytics.svelte",
                           "  import { PLAUSIBLE_DOMAIN } from '$env/static/public';",
                           "  import { PUBLIC_PLAUSIBLE_DOMAIN } from '$env/static/public';")],
              "done": "The build passes. The variable needs the same rename in the Cloudflare "
                      "Pages settings."}),
        Fact("fals-svelte5", "falsified", ["Svelte 5"],
             ["can I use runes in the new booking widget?",
              "why is the site still on the previous major version of svelte?"],
             "Upgrading wrenquay to Svelte 5 was tried and reverted: mdsvex failed to "
             "preprocess and all 38 markdown blog posts stopped compiling; the site stays on "
             "Svelte 4 until the blog is off mdsvex.",
             {"ask": "upgrade to Svelte 5 so I can use runes in the new booking widget",
              "change": [bash("pnpm add -D svelte@^5.1.3 @sveltejs/vite-plugin-svelte@^4.0.0",
                              "devDependencies:\n- svelte 4.2.18\n+ svelte 5.1.3\n- "
                              "@sveltejs/vite-plugin-svelte 3.1.1\n+ @sveltejs/vite-plugin-"
                              "svelte 4.0.0\n\nDone in 5.4s")],
              "broke": bash("pnpm build",
                            "[vite-plugin-svelte] src/content/blog/winter-storage.md: Error "
                            "while preprocessing with mdsvex: Cannot read properties of "
                            "undefined (reading 'type')\n    at parse (node_modules/mdsvex/dist/"
                            "main.cjs.js:2:91544)\nerror during build: 38 posts failed to "
                            "compile", 1),
              "revert": bash("git checkout -- package.json pnpm-lock.yaml && pnpm install",
                             "Lockfile is up to date, resolution step is skipped\nDone in 2.1s"),
              "conclusion": "Back on Svelte 4. The mdsvex version the blog depends on can't "
                            "preprocess under Svelte 5, so all 38 markdown posts failed to "
                            "compile. The upgrade waits until the blog moves off mdsvex; the "
                            "booking widget can use the current component syntax meanwhile.",
              "want": "the new booking widget would be so much nicer with runes, can we go to "
                      "the latest svelte?",
              "offer": "Runes need Svelte 5. For the components the upgrade is mostly "
                       "mechanical; want me to bump svelte and the vite plugin and see what "
                       "breaks?",
              "story": "we tried the Svelte 5 upgrade last sprint. mdsvex fell over and every "
                       "blog post failed to build. we stay on 4 until the blog is off mdsvex"}),
        Fact("fals-video", "falsified", ["autoplay"],
             ["could the home page header be a looping film of the boats instead of a still?",
              "why did the hero on the home page go back to a static image?"],
             "An autoplay background video in wrenquay's home-page hero was tried and "
             "reverted: mobile LCP rose from about 1.8 s to 4.6 s (9.4 MB page), failing the "
             "Lighthouse CI budget (LCP at most 2.5 s); the hero stays a still image.",
             {"ask": "replace the hero photo on the home page with the drone video of the "
                     "fleet, looping in the background",
              "change": [edit("src/routes/+page.svelte", "  <HeroImage />",
                              "  <video class=\"hero\" src=\"/video/fleet-drone.mp4\" autoplay "
                              "muted loop playsinline poster=\"/video/fleet-poster.jpg\">"
                              "</video>")],
              "broke": bash("pnpm exec lhci autorun",
                            "Running Lighthouse 3 time(s) on http://localhost:4173/\n"
                            "✘  largest-contentful-paint failure for maxNumericValue assertion\n"
                            "     expected: <=2500\n        found: 4630\n✘  total-byte-weight "
                            "failure\n        found: 9412003\nAssertion failed. Exiting with "
                            "status code 1.", 1),
              "revert": bash("git checkout -- src/routes/+page.svelte", ""),
              "conclusion": "Kept the still hero. With the autoplay video the mobile LCP went "
                            "from about 1.8 s to 4.6 s and the page weight to 9.4 MB, failing the "
                            "Lighthouse CI budget (LCP 2.5 s at most). A click-to-play video "
                            "further down the page wouldn't hurt the first paint.",
              "want": "marketing wants the drone footage of the fleet at the top of the home "
                      "page, what's the best way?",
              "offer": "The simplest is a muted, looping background video in the hero "
                       "(autoplay muted loop playsinline) with the current photo as its "
                       "poster. Want me to do that?",
              "story": "we had an autoplay hero video for a week in spring. mobile LCP went "
                       "from 1.8 to 4.6 seconds and lighthouse CI failed every PR. still photo "
                       "on top, video lower down if at all"}),
    ]
    noise: list[Episode] = [
        look("what's in courses.json? Olu said the prices live there",
             "src/lib/data/courses.json",
             "[\n  {\"slug\": \"competent-crew\", \"title\": \"Competent Crew\", \"days\": 5, "
             "\"priceGbp\": 745},\n  {\"slug\": \"day-skipper\", \"title\": \"Day Skipper\", "
             "\"days\": 5, \"priceGbp\": 795},\n  {\"slug\": \"junior-dinghy\", \"title\": "
             "\"Junior dinghy\", \"days\": 3, \"priceGbp\": 210}\n]\n",
             "Three courses with slug, title, length in days and price in pounds: Competent "
             "Crew (5 days, 745), Day Skipper (5 days, 795) and Junior dinghy (3 days, 210). "
             "The course pages read their prices from here."),
        run("run the linter", "pnpm lint",
            "> prettier --check . && eslint .\n\nChecking formatting...\nAll matched files use "
            "Prettier code style!", "Lint and formatting are clean."),
        find("which pages use the CourseCard component?", "CourseCard",
             ["src/routes/+page.svelte", "src/routes/courses/+page.svelte"],
             "The home page and the courses overview."),
        tweak("typo in the crew course blurb, 'Compitent Crew'",
              "src/lib/data/course-blurbs.md", "## Compitent Crew", "## Competent Crew"),
        steps("where am I with this branch?",
              [bash("git status --short",
                    " M src/routes/about/+page.svelte\n M src/lib/data/courses.json"),
               bash("git log --oneline -3",
                    "f2c80a1 Courses: winter dates\n6d1b9e3 Footer: RYA logo\n3a47c0e Blog: "
                    "storm prep post")],
              "The about page and courses.json are modified but not committed, on top of the "
              "three commits above."),
        talk("+page.ts vs +page.server.ts load functions, when do I use which?",
             "+page.server.ts load runs only on the server, so it can use secrets, the "
             "database or private env vars. +page.ts load runs on the server for the first "
             "request and in the browser on client-side navigation, so it must only use "
             "things that are safe to expose, like public APIs."),
        steps("CI says formatting is off somewhere, fix it",
              [bash("pnpm exec prettier --check src",
                    "[warn] src/routes/about/+page.svelte\n[warn] Code style issues found in "
                    "the above file. Run Prettier with --write to fix.", 1),
               bash("pnpm exec prettier --write src/routes/about/+page.svelte",
                    "src/routes/about/+page.svelte 41ms")],
              "Reformatted the about page with Prettier; the check passes."),
        steps("Jens asked whether any images are missing alt text, can you check?",
              [agent("Find images without alt text",
                     "Find every image in src/ that has no alt attribute or an empty one where "
                     "the image isn't decorative.",
                     "Two images lack useful alt text: the harbour panorama in "
                     "src/routes/about/+page.svelte has alt=\"\" although it carries content, "
                     "and the logo in src/lib/components/Footer.svelte has no alt attribute at "
                     "all.", "f81d3c6a27", "Explore", 4)],
              "Two: the harbour panorama on the about page (empty alt) and the footer logo "
              "(none). Worth telling Jens."),
        steps("plan the gift voucher page, no code yet",
              [todo_write([("Voucher page with the three amounts", "pending",
                            "Building the page"),
                           ("Payment link per amount", "pending", "Adding payment links"),
                           ("Thank-you page with redemption instructions", "pending",
                            "Writing the thank-you page")])],
              "Three steps: the page, a payment link per amount, and the thank-you page. Tell "
              "me when to start."),
        look("Marta asked me what the contact form does with spam, can you check?",
             "src/routes/contact/+page.server.ts",
             "export const actions = {\n  default: async ({ request }) => {\n    const data = "
             "await request.formData();\n    if (data.get('website')) {\n      return { ok: "
             "true }; // honeypot: bots fill the hidden field\n    }\n    // ...send the "
             "message\n  }\n};\n",
             "It uses a honeypot: a hidden 'website' field that people never see. If it's "
             "filled in, the action pretends to succeed and sends nothing."),
    ]
    return Project(
        "wrenquay", "git@github.com:saltmarsh-co/wrenquay.git",
        {"README.md": "# wrenquay\n\nThe sailing school's public website.\n",
         "package.json": "{\n  \"name\": \"wrenquay\",\n  \"private\": true\n}\n"},
        _team(facts, ["Marta", "Olu", "Jens"], "#web",
              ["Use pnpm; the lockfile is pnpm-lock.yaml.",
               "Course data lives in src/lib/data/courses.json.",
               "Every image needs meaningful alt text."]),
        noise, "stripe")


# ------------------------------------------------------------------- sloeharrow
def sloeharrow() -> Project:
    waste = "models/marts/fct_waste.sql"
    facts = [
        Fact("conv-incremental", "convention", ["append_new_columns"],
             ["I'm turning fct_deliveries into an incremental model, what config does it "
              "need?",
              "what do we do about source schema changes in incremental models?"],
             "Every incremental dbt model in sloeharrow sets on_schema_change="
             "'append_new_columns' (with merge on a unique_key), so a new source column never "
             "fails or silently drops from the nightly run.",
             {"rule": "every incremental model gets on_schema_change='append_new_columns' in "
                      "its config; a new source column must never fail the nightly run or get "
                      "silently dropped",
              "task": "make fct_waste incremental on waste_date, it scans three years every "
                      "night",
              "follow": [edit(waste, "{{ config(materialized='table') }}",
                              "{{\n  config(\n    materialized='incremental',\n    unique_key="
                              "'waste_id',\n    incremental_strategy='merge',\n    "
                              "on_schema_change='append_new_columns'\n  )\n}}"),
                         edit(waste, "from {{ ref('stg_pos__waste') }}",
                              "from {{ ref('stg_pos__waste') }}\n{% if is_incremental() %}\n"
                              "where waste_date >= (select max(waste_date) from {{ this }})\n"
                              "{% endif %}")],
              "contrary": edit(waste, "{{ config(materialized='table') }}",
                               "{{ config(materialized='incremental', unique_key='waste_id', "
                               "incremental_strategy='merge') }}"),
              "done": "fct_waste is incremental: it merges on waste_id and only reprocesses "
                      "days from the latest loaded waste_date."}),
        Fact("conv-localts", "convention", ["to_local_ts"],
             ["the shop managers want charts by opening hour, how do I give them the sale time "
              "on their own clock?",
              "how are timestamps supposed to appear in the mart models?"],
             "sloeharrow marts never expose raw UTC timestamps alone: local times are added "
             "with the to_local_ts() macro (Europe/Amsterdam) as *_local columns.",
             {"rule": "marts never expose UTC timestamps on their own; convert with the "
                      "to_local_ts() macro, which does Europe/Amsterdam, and call the column "
                      "*_local",
              "task": "add the time each sale was rung up to fct_sales",
              "follow": [edit("models/marts/fct_sales.sql", "    s.sold_at_utc,",
                              "    s.sold_at_utc,\n    {{ to_local_ts('s.sold_at_utc') }} as "
                              "sold_at_local,")],
              "contrary": edit("models/marts/fct_sales.sql", "    s.sold_at_utc,",
                               "    s.sold_at_utc,\n    convert_timezone('UTC', "
                               "'Europe/Amsterdam', s.sold_at_utc) as sold_at_local,"),
              "done": "fct_sales has sold_at_local next to the UTC column."}),
        Fact("cmd-profiles", "command", ["--profiles-dir ./profiles"],
             ["dbt says it could not find the profile, how do I run it in this repo?",
              "what's the command to build one model and its tests against my dev schema?"],
             "Run dbt in sloeharrow with `--profiles-dir ./profiles --target dev` (e.g. `dbt "
             "build --select staging.pos --profiles-dir ./profiles --target dev`); profiles.yml "
             "lives in the repo, not ~/.dbt.",
             {"goal": "build the staging models for the POS source in my dev schema",
              "fail": bash("dbt build --select staging.pos",
                           "Running with dbt=1.7.14\nEncountered an error:\nRuntime Error\n  "
                           "Could not find profile named 'sloeharrow'", 2),
              "note": "dbt looks for profiles.yml in ~/.dbt; this repo keeps it in its own "
                      "folder, with a dev target that takes your user name from DBT_USER.",
              "ok": bash("dbt build --select staging.pos --profiles-dir ./profiles --target dev",
                         "Running with dbt=1.7.14\nFound 41 models, 118 data tests, 9 sources\n"
                         "Completed successfully\n\nDone. PASS=27 WARN=0 ERROR=0 SKIP=0 "
                         "TOTAL=27"),
              "hint": "you need --profiles-dir ./profiles and --target dev, the profile isn't "
                      "in ~/.dbt",
              "done": "The POS staging models are built and tested in your dev schema: 27 "
                      "passed."}),
        Fact("cmd-astro", "command", ["astro dev run"],
             ["how do I trigger a one-off test run of a DAG from my terminal?",
              "airflow: command not found on my laptop, how do I use the airflow CLI here?"],
             "Airflow CLI commands in sloeharrow run inside the Astro containers: `astro dev "
             "run dags test sales_daily 2024-06-01`; nothing is installed on the host.",
             {"goal": "test-run the sales_daily DAG for 1 June without waiting for the "
                      "scheduler",
              "fail": bash("airflow dags test sales_daily 2024-06-01",
                           "bash: airflow: command not found", 127),
              "note": "Airflow only exists inside the Astro runtime containers; nothing is "
                      "installed on the host.",
              "ok": bash("astro dev run dags test sales_daily 2024-06-01",
                         "[2024-06-12T09:14:02.118+0000] {dag.py:4199} INFO - dagrun id: "
                         "sales_daily\n[2024-06-12T09:16:40.502+0000] {dag.py:4213} INFO - "
                         "dagrun finished: success"),
              "hint": "airflow isn't installed on the host, run it through the containers: "
                      "astro dev run dags test sales_daily 2024-06-01",
              "done": "sales_daily ran for 2024-06-01 in the local scheduler container; every "
                      "task succeeded."}),
        Fact("env-warehouse", "environment", ["TRANSFORM_XS"],
             ["which compute warehouse do the dev runs use?",
              "my dev dbt runs sit queued for minutes in snowflake, what are they running on?"],
             "sloeharrow's dev dbt target runs on the shared extra-small Snowflake warehouse "
             "TRANSFORM_XS (role TRANSFORMER_DEV, database ANALYTICS_DEV, schema "
             "dbt_<user>, SSO login).",
             {"goal": "which snowflake warehouse does my dev target use? my models keep "
                      "queueing",
              "probe": [bash("sed -n '1,13p' profiles/profiles.yml",
                             "sloeharrow:\n  target: dev\n  outputs:\n    dev:\n      type: "
                             "snowflake\n      account: crumbline-eu1\n      user: \"{{ "
                             "env_var('DBT_USER') }}\"\n      authenticator: externalbrowser\n"
                             "      role: TRANSFORMER_DEV\n      warehouse: TRANSFORM_XS\n      "
                             "database: ANALYTICS_DEV\n      schema: \"dbt_{{ env_var('DBT_USER'"
                             ") }}\"\n      threads: 4")],
              "confirm": "Your dev target runs on the TRANSFORM_XS warehouse (role "
                         "TRANSFORMER_DEV, database ANALYTICS_DEV, schema dbt_<your user>). It's "
                         "an extra-small warehouse everyone's dev runs share, which is why "
                         "models queue.",
              "while": ("does the dev target log in with a password or SSO?",
                        "SSO: the dev output uses authenticator: externalbrowser."),
              "recall": "dev runs on TRANSFORM_XS, the tiny shared one"}),
        Fact("env-bucket", "environment", ["crumbline-pos-exports"],
             ["which S3 location do the shops' sales files arrive in?",
              "a shop says yesterday's takings are missing, where do I look for their raw "
              "export file?"],
             "The bakery tills' daily exports land in s3://crumbline-pos-exports/daily/, one "
             "CSV per shop per day under {shop_id}/{date}.csv; sloeharrow's pos_ingest DAG "
             "loads them from there.",
             {"goal": "where do the tills' daily sales exports land before we load them?",
              "probe": [bash("grep -rn 's3://' dags/ | head -2",
                             "dags/pos_ingest.py:18:POS_PREFIX = \"s3://crumbline-pos-exports/"
                             "daily/\"\ndags/pos_ingest.py:19:# one CSV per shop per day: "
                             "{shop_id}/{yyyy-mm-dd}.csv"),
                        bash("aws s3 ls s3://crumbline-pos-exports/daily/ | wc -l", "212")],
              "confirm": "The till exports land in s3://crumbline-pos-exports/daily/, one CSV "
                         "per shop per day under {shop_id}/{date}.csv (212 shop prefixes right "
                         "now); dags/pos_ingest.py loads them from there.",
              "while": ("how many shops are sending exports at the moment?",
                        "212 shops have a prefix in the export location."),
              "recall": "the tills drop their CSVs into s3://crumbline-pos-exports/daily/, a "
                        "folder per shop"}),
        Fact("gotcha-manifest", "gotcha", ["manifest.json"],
             ["I added a dbt model and Airflow doesn't show a task for it, what step did I "
              "miss?",
              "what do I have to commit besides the SQL when I add a new model?"],
             "sloeharrow's Cosmos DAG renders from the committed dags/dbt/target/manifest.json "
             "(LoadMode.DBT_MANIFEST), so a new dbt model only appears as an Airflow task "
             "after `make manifest` regenerates it and it's committed.",
             {"symptom": "a new model, int_shop_days, was merged but it doesn't show up as a "
                         "task in the Airflow DAG",
              "probe": [read("dags/dbt_nightly.py",
                             "from cosmos import DbtDag, ProjectConfig, RenderConfig\nfrom "
                             "cosmos.constants import LoadMode\n\nDBT_DIR = Path(__file__)."
                             "parent / \"dbt\"\n\ndbt_nightly = DbtDag(\n    dag_id=\"dbt_"
                             "nightly\",\n    project_config=ProjectConfig(DBT_DIR, "
                             "manifest_path=DBT_DIR / \"target\" / \"manifest.json\"),\n    "
                             "render_config=RenderConfig(load_method=LoadMode.DBT_MANIFEST),\n)"
                             "\n"),
                        bash("git log -1 --format='%h %cr' -- dags/dbt/target/",
                             "3e91b07 9 days ago")],
              "explain": "Cosmos builds the DAG from the committed dags/dbt/target/"
                         "manifest.json (LoadMode.DBT_MANIFEST), not by parsing the project, "
                         "and that manifest is nine days old, so it doesn't know int_shop_days. "
                         "Regenerate it with `make manifest` and commit it along with the "
                         "model.",
              "told": "cosmos renders from the committed manifest.json, not the project. "
                      "regenerate it with make manifest and commit it with the model",
              "fix": [bash("make manifest && git status --short dags/dbt/target",
                           "Parsed 42 models in 3.1s\n M dags/dbt/target/manifest.json")],
              "done": "The manifest knows int_shop_days; once merged, dbt_nightly shows it as a "
                      "task."}),
        Fact("gotcha-dst", "gotcha", ["pendulum.datetime"],
             ["the ingest DAG fires an hour early every winter, how do I pin it to local "
              "time?",
              "I'm writing a new DAG that has to run at 6am shop time, how do I set up its "
              "schedule?"],
             "Airflow crons run in UTC unless start_date is timezone-aware: sloeharrow DAGs use "
             "start_date=pendulum.datetime(..., tz=\"Europe/Amsterdam\") with the schedule "
             "written in local time (pos_ingest at 22:15, after the 22:00 upload cut-off).",
             {"symptom": "since the clocks went back, pos_ingest runs before the last shops "
                         "upload and about 30 shops' sales are missing every day",
              "probe": [read("dags/pos_ingest.py",
                             "with DAG(\n    dag_id=\"pos_ingest\",\n    start_date=datetime("
                             "2024, 1, 1),\n    schedule=\"15 20 * * *\",\n    catchup=False,\n)"
                             " as dag:\n"),
                        bash("snowsql -c dev -o friendly=false -q \"select count(distinct "
                             "shop_id) from raw.pos_uploads where uploaded_at_local > "
                             "current_date - 1 + interval '21 hours 15 minutes'\"",
                             " COUNT(DISTINCT SHOP_ID) \n 31")],
              "explain": "start_date is a naive datetime, so the cron runs in UTC. 20:15 UTC was "
                         "22:15 in Amsterdam in summer time, but since the clocks went back it "
                         "is 21:15, before the shops' 22:00 upload cut-off, and 31 shops "
                         "upload after the run. Making start_date timezone-aware with "
                         "pendulum.datetime(2024, 1, 1, tz=\"Europe/Amsterdam\") makes the "
                         "cron local, so '15 22 * * *' runs at 22:15 all year.",
              "told": "airflow crons are UTC unless start_date has a timezone. use "
                      "pendulum.datetime(..., tz=\"Europe/Amsterdam\") and write the schedule "
                      "in local time",
              "fix": [edit("dags/pos_ingest.py",
                           "    start_date=datetime(2024, 1, 1),\n    schedule=\"15 20 * * *\",",
                           "    start_date=pendulum.datetime(2024, 1, 1, tz=\"Europe/"
                           "Amsterdam\"),\n    schedule=\"15 22 * * *\",  # local: after the "
                           "22:00 upload cut-off")],
              "done": "pos_ingest runs at 22:15 Amsterdam time all year now."}),
        Fact("fals-threads", "falsified", ["threads: 16"],
             ["can we make the nightly dbt run faster by running more models at the same "
              "time?",
              "what went wrong the last time dbt's concurrency was raised in production?"],
             "Raising sloeharrow's prod dbt target to threads: 16 was tried and reverted: the "
             "TRANSFORM_L warehouse queued queries ~12 minutes and 19 models hit the 900 s "
             "statement timeout; prod stays at threads: 4.",
             {"ask": "the nightly dbt build takes 70 minutes. bump the prod threads to 16",
              "change": [edit("profiles/profiles.yml",
                              "      warehouse: TRANSFORM_L\n      threads: 4",
                              "      warehouse: TRANSFORM_L\n      threads: 16")],
              "broke": bash("python scripts/last_run_summary.py --dag dbt_nightly",
                            "run 2024-06-11 04:30 UTC: FAILED after 52m\n  19 models failed: "
                            "000630 (57014): Statement reached its statement or warehouse "
                            "timeout of 900 second(s) and was canceled.\n  warehouse "
                            "TRANSFORM_L: avg queued 11m 40s", 1),
              "revert": bash("git checkout -- profiles/profiles.yml", ""),
              "conclusion": "Prod is back on threads: 4. With threads: 16 the TRANSFORM_L "
                            "warehouse queued queries for almost 12 minutes on average and 19 "
                            "models hit the 900-second statement timeout, so the run failed. "
                            "The long pole is fct_sales rebuilding in full; making it "
                            "incremental is the better lever.",
              "want": "the nightly dbt build takes over an hour, can we give it more "
                      "parallelism?",
              "offer": "The prod target runs with threads: 4. Setting threads: 16 would let dbt "
                       "run four times as many models at once; want me to change it?",
              "story": "we set threads: 16 in the spring and the warehouse just queued "
                       "everything, 19 models hit the 900 s statement timeout and the nightly "
                       "failed. it stays at 4"}),
        Fact("fals-snowpipe", "falsified", ["Snowpipe"],
             ["could the till exports be loaded continuously as they arrive instead of in one "
              "nightly batch?",
              "why do we still load sales once a night instead of streaming them in?"],
             "Snowpipe auto-ingest for sloeharrow's POS exports was tried and dropped: shops "
             "re-upload corrected files under the same name and Snowpipe skips file names it "
             "already loaded, so corrections were lost; the nightly COPY INTO with FORCE "
             "stays.",
             {"ask": "replace the nightly COPY INTO in pos_ingest with Snowpipe auto-ingest, "
                     "so sales land as soon as a shop uploads",
              "change": [write("snowflake/pipes/pos_sales_pipe.sql",
                               "create or replace pipe raw.pos_sales_pipe auto_ingest = true "
                               "as\n  copy into raw.pos_sales\n  from @raw.pos_stage/daily/\n  "
                               "file_format = (format_name = raw.pos_csv);\n"),
                         bash("snowsql -c dev -f snowflake/pipes/pos_sales_pipe.sql",
                              "+-------------------------------------------+\n| status        "
                              "                            |\n|-----------------------------"
                              "--------------|\n| Pipe POS_SALES_PIPE successfully created. "
                              "|\n+-------------------------------------------+")],
              "broke": bash("python scripts/reconcile_pos.py --date 2024-06-10",
                            "shops: 212  files: 219 (7 corrected re-uploads)\nshop 118: file "
                            "total 4212.40  loaded 3987.15 (LOAD_SKIPPED: file name already "
                            "loaded)\nFAIL: 7 corrected files not loaded", 1),
              "revert": bash("snowsql -c dev -q 'drop pipe raw.pos_sales_pipe' && rm "
                             "snowflake/pipes/pos_sales_pipe.sql",
                             "+---------------------------------+\n| status                  "
                             "        |\n| POS_SALES_PIPE successfully dropped. |\n"
                             "+---------------------------------+"),
              "conclusion": "Dropped the pipe; the nightly COPY INTO stays. When a shop "
                            "corrects its day it re-uploads under the same file name, and "
                            "Snowpipe's load history treats a name it has already loaded as "
                            "done, so 7 corrected exports were skipped. The nightly load runs "
                            "with FORCE on the day's prefix and picks corrections up.",
              "want": "finance would love the sales to show up during the evening instead of "
                      "after the nightly load, any way?",
              "offer": "Snowpipe with auto-ingest on the export bucket would load each file "
                       "within a minute of upload. Want me to set up a pipe?",
              "story": "we ran Snowpipe on the till exports for a month last year. shops "
                       "re-upload corrected files under the same name and the pipe skipped "
                       "them as already loaded, so finance's numbers were off. nightly COPY "
                       "with FORCE stays"}),
    ]
    noise: list[Episode] = [
        look("what does stg_pos__sales do? Pieter wrote it", "models/staging/pos/"
             "stg_pos__sales.sql",
             "select\n    receipt_id,\n    shop_id,\n    sku,\n    quantity::int as quantity,\n"
             "    round(amount_eur * 100)::int as amount_cents,\n    sold_at::timestamp_ntz as "
             "sold_at_utc\nfrom {{ source('pos', 'sales') }}\nwhere not is_void\n",
             "It renames and casts the raw till lines: integer quantity, the amount in cents, "
             "the sale time as a UTC timestamp, and it drops voided lines."),
        run("lint the marts", "sqlfluff lint models/marts",
            "All Finished 📜 🎉!", "sqlfluff has no complaints about the marts."),
        find("which models use dim_shop?", "ref('dim_shop')",
             ["models/marts/fct_sales.sql", "models/marts/fct_waste.sql",
              "models/marts/rpt_shop_daily.sql"],
             "Three: fct_sales, fct_waste and rpt_shop_daily."),
        tweak("typo in the marts yml, 'recieved'", "models/marts/_marts.yml",
              "      description: Deliveries recieved per shop and day.",
              "      description: Deliveries received per shop and day."),
        steps("what's uncommitted on my branch?",
              [bash("git status --short",
                    " M models/marts/rpt_shop_daily.sql\n M models/marts/_marts.yml"),
               bash("git log --oneline -3",
                    "8b21d0e rpt_shop_daily: add waste ratio\n4f7e6a3 stg_pos: drop voids\n"
                    "c09a512 sources: freshness on pos.sales")],
              "rpt_shop_daily.sql and _marts.yml are modified and uncommitted, on top of the "
              "three commits above."),
        talk("ephemeral vs view materialization in dbt, what's the practical difference?",
             "A view is created in the warehouse and can be queried by anyone; an ephemeral "
             "model isn't created at all, dbt inlines it as a CTE into every model that refs "
             "it. Ephemeral keeps the schema tidy but can't be queried or tested on its own."),
        talk("Yusuf asked what catchup=False means on a DAG and I wasn't sure",
             "With catchup=True, Airflow schedules a run for every interval between start_date "
             "and now that hasn't run yet when the DAG is turned on. catchup=False only "
             "schedules the latest interval, so turning a DAG on doesn't trigger a backfill."),
        steps("which models have no unique test on their key?",
              [agent("Find models without unique tests",
                     "List the models under models/ whose yml has no unique test on the "
                     "primary key column.",
                     "Two models lack a unique test: int_shop_hours (key shop_hour_id) and "
                     "rpt_shop_daily (key shop_day_id). Every staging model and the other marts "
                     "have unique + not_null on their key.", "b4d1e7c902", "Explore", 5)],
              "int_shop_hours and rpt_shop_daily have no unique test on their key; everything "
              "else does."),
        steps("plan adding daily weather as a source, no code yet",
              [todo_write([("Fetch daily weather per shop region", "pending",
                            "Fetching weather"),
                           ("Source + staging model for it", "pending", "Modelling weather"),
                           ("Join it into rpt_shop_daily", "pending", "Joining weather")])],
              "Three steps: fetch it, model it, join it into the daily shop report. Say when."),
        steps("Hana left review comments on my PR about the waste tests, show me and fix them",
              [bash("gh pr view 214 --comments",
                    "Hana: accepted_values on waste_reason is missing 'donated', shops started "
                    "logging donations last month."),
               edit("models/staging/pos/_pos.yml",
                    "              values: ['expired', 'damaged', 'unsold']",
                    "              values: ['expired', 'damaged', 'unsold', 'donated']")],
              "Hana's point: 'donated' is a new waste reason. It's added to the accepted "
              "values test."),
    ]
    return Project(
        "sloeharrow", "git@github.com:crumbline-data/sloeharrow.git",
        {"README.md": "# sloeharrow\n\nTill data to marts for the bakery shops.\n",
         "dbt_project.yml": "name: sloeharrow\nversion: '1.0'\nprofile: sloeharrow\n"},
        _team(facts, ["Yusuf", "Hana", "Pieter"], "#data-eng",
              ["Models go staging, then intermediate, then marts.",
               "Every model needs unique and not_null tests on its key.",
               "Run `sqlfluff lint` before pushing."]),
        noise, "aws")


def projects() -> list[Project]:
    return [corvatch(), lumbrook(), wrenquay(), sloeharrow()]
