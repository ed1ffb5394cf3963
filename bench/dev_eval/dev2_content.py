"""The ``dev2`` split: four more projects to tune on, in stacks neither ``dev`` nor ``heldout``
uses (a Kotlin / Spring Boot service built with Gradle, an Elixir / Phoenix LiveView app, a
Terraform infrastructure repository, a PHP / Laravel app), ten planted facts each, and phrasing
templates of its own.

Tuning on two splits whose projects, facts and wording differ makes a rule that only fits one
split's phrasing show up as a gain on one and nothing on the other. Like ``dev`` it is tuned
on; ``heldout`` stays unread.

Slots are the shared ones (``templates.py``) plus, for a command, an optional ``fail2``: a second
failed attempt, used by the "several attempts" template.
"""

from __future__ import annotations

import random

from .templates import cap
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


# ------------------------------------------------------------------- phrasing templates
# Conventions: announced before the request, recorded after it, as a team decision, buried in
# the middle of a longer request, or as a correction after the assistant did it the other way.
def conv_heads_up(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"heads up: {s['rule']}. {cap(s['task'])}"),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_for_the_record(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["task"])), Step(text="On it.", tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=f"great. for the record, {s['rule']}"),
            Step(text="Noted - that's how I'll do it in this repo.")]


def conv_team_agreed(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{cap(s['task'])}. the team agreed on this in the last retro: "
                        f"{s['rule']}"),
            Step(text="Will do, following that.", tools=s["follow"]), Step(text=s["done"])]


def conv_buried(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"Next thing on my list: {s['task']}. Quick context so you don't trip "
                        f"over it - {s['rule']}. When you're done give me a one-line summary, "
                        f"I'm pasting it into the ticket."),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_redo(s: dict, rng: random.Random) -> Episode:
    if not s.get("contrary"):
        return conv_team_agreed(s, rng)
    return [Step(prompt=cap(s["task"])), Step(tools=[s["contrary"]]), Step(text="Done."),
            Step(prompt=f"that's not how we do it here. {cap(s['rule'])}. please redo it"),
            Step(text="You're right, sorry - redoing it.", tools=s["follow"]),
            Step(text=s["done"])]


# Commands: explained only after the one that works, found after several failed attempts, or
# handed over by the user.
def cmd_explained_after(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(tools=[s["ok"]]),
            Step(text=f"{s['done']}\n\nWhy the first try failed: {s['note']}")]


def cmd_attempts(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(text="Trying it another way.", tools=[s["fail2"]]))
    steps += [Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]
    return steps


def cmd_user_hint(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text="That failed - let me figure out why."),
            Step(prompt=f"ah, in this repo it's `{s['ok'].command}`"),
            Step(text="Thanks, running that.", tools=[s["ok"]]), Step(text=s["done"])]


# Environment facts: answered in passing, confirmed by the user, or checked without changing
# anything.
def env_short_answer(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]),
            Step(text=f"Short answer: {s['confirm']}")]


def env_user_confirms(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(text="Checking the setup first.", tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt="yep, that matches what I remembered, thanks"),
            Step(text="Good - then there's nothing to change.")]


def env_look_dont_touch(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['goal']} don't change anything yet, just tell me"),
            Step(tools=s["probe"]), Step(text=s["confirm"]),
            Step(prompt="ok, leave it as it is for now"), Step(text="Leaving it untouched.")]


# Gotchas: the symptom reported in exasperation, pasted as raw output, or after the user already
# tried the obvious.
def gotcha_exasperated(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"ugh. {s['symptom']}. any idea?"), Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"])]


def gotcha_pasted(s: dict, rng: random.Random) -> Episode:
    shown = next((t.output for t in s["probe"] if t.name == "Bash" and t.output), "")
    if not shown:
        return gotcha_exasperated(s, rng)
    return [Step(prompt=f"{s['symptom']}. this is what I get:\n\n{shown}"),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"])]


def gotcha_already_tried(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']} - I already restarted everything and it's still "
                        f"happening"),
            Step(text="Let me dig in.", tools=s["probe"]), Step(text=s["explain"]),
            Step(prompt="makes sense, go ahead and fix it"),
            Step(tools=s.get("fix", [])), Step(text=s["done"])]


# Falsified approaches: the user half-remembers it was tried before, the user recognises the
# failure, or the assistant measures before and after and backs it out.
def fals_tried_before(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['ask']} - I think someone tried this a while back, but let's see "
                        f"if it works now"),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text="Same wall as last time, it seems. Rolling it back.", tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_user_recognises(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt="oh right, that's exactly what happened when we tried it last year. "
                        "undo it"),
            Step(text="Undoing it.", tools=[s["revert"]]), Step(text=s["conclusion"])]


def fals_measured(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]),
            Step(text="I'll make the change and compare before and after.", tools=s["change"]),
            Step(text="Now checking the result.", tools=[s["broke"]]),
            Step(text="That's worse than what we have; reverting.", tools=[s["revert"]]),
            Step(text=s["conclusion"]),
            Step(prompt="ok, good to know. leave it as it was"),
            Step(text="It's back to how it was.")]


TEMPLATES = {
    "convention": [conv_heads_up, conv_for_the_record, conv_team_agreed, conv_buried, conv_redo],
    "command": [cmd_explained_after, cmd_attempts, cmd_user_hint],
    "environment": [env_short_answer, env_user_confirms, env_look_dont_touch],
    "gotcha": [gotcha_exasperated, gotcha_pasted, gotcha_already_tried],
    "falsified": [fals_tried_before, fals_user_recognises, fals_measured],
}

# Everyday requests; several share a word with some fact (search, build, orders, timezone,
# docker image, queue, test) without being about it.
UNRELATED = [
    "add a loading spinner while the search results are fetched",
    "write a unit test for the slugify helper",
    "convert this callback-style function to async/await",
    "what's the difference between an inner join and a left join?",
    "the build output is really noisy, can you make the test logging quieter?",
    "draft a commit message for what's staged",
    "explain what a race condition is with a tiny example",
    "add pagination to the orders list endpoint",
    "how do I squash my last three commits into one?",
    "make the 404 page a bit friendlier",
    "format this date as ISO 8601 with the timezone offset",
    "rename the tmp variable in the report generator to something meaningful",
    "write a CONTRIBUTING section for the readme",
    "what's the difference between val and var in kotlin?",
    "sort the tutor list by rating, highest first",
    "add a keyboard shortcut that closes the modal dialog",
    "explain the difference between a docker image and a container",
    "explain what a message queue is in two sentences",
    "add a retry with exponential backoff to the webhook sender",
    "write a shell one-liner that counts lines of code per file extension",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "dockhand": [
        "where are shipment statuses defined?",
        "which carriers do we integrate with?",
        "what does the billing module charge warehouse clients for, per shipment or per pallet?",
        "is it ok to expose a shipment's shelf location in the public tracking API response?",
        "how do I add a new shipment event type to the tracking timeline?",
    ],
    "bellhop": [
        "how are delivery runners assigned?",
        "where is the menu seeded?",
        "how does the menu flag allergens, and where would I add a new one like sesame?",
        "is it ok to show a guest's full name on the kitchen dashboard?",
        "should the late-night menu be its own menu or a time window on the existing items?",
    ],
    "gantry": [
        "how are pod IAM roles managed?",
        "where are the DNS records managed?",
        "which instance types do the EKS node groups use, and is there a spot pool?",
        "is it ok to rotate the RDS master password through terraform, or does something else "
        "own it?",
        "should a new Kinesis stream for the platform get its own module or go into an existing "
        "one?",
    ],
    "tutorly": [
        "how are lesson cancellations refunded?",
        "where is tutor search implemented?",
        "which subjects can a tutor list on their profile, and where is that list maintained?",
        "is it ok to let students message a tutor before they've booked a first lesson?",
        "what does the tutor verification step check before a profile becomes visible to "
        "students?",
    ],
}


# ------------------------------------------------------------------- noise
def noise(explain: tuple[str, str, str], tests: tuple[str, str, str],
          rename: tuple[str, str, str, str, str], history: tuple[str, str],
          helper: tuple[str, str, str], typo: tuple[str, str, str],
          comment: tuple[str, str, str, str]) -> list[Episode]:
    """Ordinary work: a walk-through of a file, a test run, a rename, the branch's state, a
    small helper, a README typo, a doc comment, a goodbye."""
    path, content, summary = explain
    area, cmd, out = tests
    old, new, file, old_line, new_line = rename
    log, diffstat = history
    hpath, hcontent, hwhat = helper
    readme, bad_line, good_line = typo
    cfile, cfunc, cold, cnew = comment
    return [
        [Step(prompt=f"walk me through {path}"), Step(tools=[read(path, content)]),
         Step(text=summary)],
        [Step(prompt=f"can you run the {area} tests real quick"), Step(tools=[bash(cmd, out)]),
         Step(text=f"The {area} tests are green.")],
        [Step(prompt=f"{old} is a bad name, call it {new}"), Step(tools=[grep(old, [file])]),
         Step(text=f"Only {file} uses it.", tools=[edit(file, old_line, new_line)]),
         Step(text=f"Renamed `{old}` to `{new}`.")],
        [Step(prompt="what have I got uncommitted, and what were the last few commits?"),
         Step(tools=[bash("git diff --stat", diffstat), bash("git log --oneline -3", log)]),
         Step(text="One file changed and not committed yet, on top of the three commits above.")],
        [Step(prompt=f"write {hwhat}"), Step(tools=[write(hpath, hcontent)]),
         Step(text=f"Added it in {hpath}.")],
        [Step(prompt="there's a typo near the top of the README, fix it"),
         Step(tools=[read("README.md", readme)]),
         Step(tools=[edit("README.md", bad_line, good_line)]), Step(text="Fixed.")],
        [Step(prompt=f"document {cfunc} with a one-line comment"),
         Step(tools=[edit(cfile, cold, cnew)]), Step(text=f"Documented `{cfunc}`.")],
        [Step(prompt="ok cheers, that's it for now"), Step(text="Have a good one!")],
    ]


# ------------------------------------------------------------------- projects
def dockhand() -> Project:
    """A Kotlin / Spring Boot 3 shipment-tracking service, Gradle (Kotlin DSL), Postgres."""
    tracking = "src/main/kotlin/com/acme/dockhand/tracking"
    facts = [
        Fact("conv-ctor", "convention", ["constructor injection"],
             ["how do I get the ShipmentRepository into the new label controller?",
              "what's the preferred way to pull a dependency into a Spring bean in this "
              "codebase?"],
             "Spring beans use constructor injection only; no @Autowired lateinit fields.",
             {"rule": "we use constructor injection everywhere, no @Autowired lateinit fields - "
                      "it keeps the beans testable without a Spring context",
              "task": "give TrackingService access to the CarrierClient",
              "follow": [edit(f"{tracking}/TrackingService.kt",
                              "class TrackingService(\n    private val shipments: "
                              "ShipmentRepository,\n) {",
                              "class TrackingService(\n    private val shipments: "
                              "ShipmentRepository,\n    private val carriers: CarrierClient,\n"
                              ") {")],
              "contrary": edit(f"{tracking}/TrackingService.kt",
                               "class TrackingService(\n    private val shipments: "
                               "ShipmentRepository,\n) {",
                               "class TrackingService(\n    private val shipments: "
                               "ShipmentRepository,\n) {\n    @Autowired\n    lateinit var "
                               "carriers: CarrierClient\n"),
              "done": "TrackingService now takes the CarrierClient as a constructor parameter."}),
        Fact("conv-flyway", "convention", ["flyway"],
             ["I got a column type wrong in an old schema script, can I just fix it in place?",
              "what's the process for changing the database schema here?"],
             "Merged Flyway migrations are never edited (prod checksums); every schema change "
             "is a new V<n>__ script.",
             {"rule": "once a flyway migration is merged it's frozen - never edit it, always "
                      "add a new V<next>__ script, or validation fails on prod because of the "
                      "checksums",
              "task": "make shipments.weight_kg nullable",
              "follow": [write("src/main/resources/db/migration/V27__weight_kg_nullable.sql",
                               "ALTER TABLE shipments ALTER COLUMN weight_kg DROP NOT NULL;\n")],
              "contrary": edit("src/main/resources/db/migration/V12__create_shipments.sql",
                               "    weight_kg   NUMERIC(10, 3) NOT NULL,",
                               "    weight_kg   NUMERIC(10, 3),"),
              "done": "Added V27__weight_kg_nullable.sql; V12 is untouched."}),
        Fact("cmd-profile", "command", ["SPRING_PROFILES_ACTIVE=local"],
             ["how do I boot the app on my laptop?",
              "bootRun dies saying the DataSource url attribute isn't specified, what am I "
              "missing?"],
             "Run the service locally with `SPRING_PROFILES_ACTIVE=local ./gradlew bootRun`; "
             "plain bootRun fails (no DataSource url: no profile active).",
             {"goal": "start the service locally, I want to click through the tracking page",
              "fail": bash("./gradlew bootRun",
                           "> Task :bootRun FAILED\n\n***************************\nAPPLICATION "
                           "FAILED TO START\n***************************\n\nDescription:\n\n"
                           "Failed to configure a DataSource: 'url' attribute is not specified "
                           "and no embedded datasource could be configured.\n\nReason: Failed "
                           "to determine a suitable driver class\n\n\nAction:\n\nConsider the "
                           "following:\n\tIf you want an embedded database (H2, HSQL or Derby), "
                           "please put it on the classpath.\n\tIf you have database settings to "
                           "be loaded from a particular profile you may need to activate it (no "
                           "profiles are currently active).\n\nFAILURE: Build failed with an "
                           "exception.\n\n* What went wrong:\nExecution failed for task "
                           "':bootRun'.\n> Process 'command '/usr/lib/jvm/temurin-jdk/bin/java'' "
                           "finished with non-zero exit value 1", 1),
              "fail2": bash("./gradlew bootRun --args='--spring.datasource.url=jdbc:postgresql:"
                            "//localhost:5432/dockhand'",
                            "org.postgresql.util.PSQLException: FATAL: password authentication "
                            "failed for user \"dev\"\n\n> Task :bootRun FAILED", 1),
              "note": "The datasource and its credentials only exist in application-local.yml, "
                      "so the local profile has to be active.",
              "ok": bash("SPRING_PROFILES_ACTIVE=local ./gradlew bootRun",
                         "INFO 48211 --- [dockhand] [           main] c.a.dockhand."
                         "DockhandApplicationKt       : The following 1 profile is active: "
                         "\"local\"\nINFO 48211 --- [dockhand] [           main] o.s.b.w.embedded."
                         "tomcat.TomcatWebServer  : Tomcat started on port 8080 (http) with "
                         "context path '/'\nINFO 48211 --- [dockhand] [           main] c.a."
                         "dockhand.DockhandApplicationKt       : Started DockhandApplicationKt in "
                         "6.214 seconds (process running for 6.9)"),
              "done": "It's up on http://localhost:8080."}),
        Fact("cmd-ktlint", "command", ["ktlintFormat"],
             ["how do I auto-fix kotlin style violations?",
              "the lint job complains about blank lines and indentation, is there something "
              "that fixes them for me?"],
             "Fix Kotlin style with `./gradlew ktlintFormat` (ktlint isn't installed globally; "
             "ktlintCheck only reports).",
             {"goal": "CI is red on the lint step, sort out the formatting",
              "fail": bash("./gradlew ktlintCheck",
                           "> Task :ktlintMainSourceSetCheck FAILED\n/home/dev/src/dockhand/src/"
                           "main/kotlin/com/acme/dockhand/tracking/TrackingController.kt:14:1 "
                           "Unexpected blank line(s) before \"}\" (standard:no-blank-line-before-"
                           "rbrace)\n/home/dev/src/dockhand/src/main/kotlin/com/acme/dockhand/"
                           "tracking/TrackingService.kt:31:1 Unexpected indentation (8) (should "
                           "be 4) (standard:indent)\n\nFAILURE: Build failed with an exception.",
                           1),
              "fail2": bash("ktlint -F 'src/**/*.kt'", "bash: ktlint: command not found", 127),
              "note": "ktlint isn't installed on its own here; the Gradle plugin has a format "
                      "task.",
              "ok": bash("./gradlew ktlintFormat",
                         "> Task :ktlintMainSourceSetFormat\n> Task :ktlintTestSourceSetFormat\n"
                         "> Task :ktlintFormat\n\nBUILD SUCCESSFUL in 8s\n5 actionable tasks: 5 "
                         "executed"),
              "done": "Formatted both source sets; the lint check passes now."}),
        Fact("env-jdk", "environment", ["21.0.3-tem"],
             ["which java do I need installed to build this?",
              "is JDK 17 enough for the service?"],
             "The build needs Java 21 (21.0.3-tem pinned in .sdkmanrc, `sdk env`); Java 17 "
             "fails the Gradle toolchain check.",
             {"goal": "gradle says no matching toolchain was found, can you check my java setup?",
              "probe": [bash("cat .sdkmanrc && java -version",
                             "java=21.0.3-tem\nopenjdk version \"17.0.11\" 2024-04-16\nOpenJDK "
                             "Runtime Environment Temurin-17.0.11+9 (build 17.0.11+9)\nOpenJDK "
                             "64-Bit Server VM Temurin-17.0.11+9 (build 17.0.11+9, mixed mode, "
                             "sharing)")],
              "confirm": "the repo pins Java 21.0.3-tem in .sdkmanrc and the Gradle toolchain "
                         "asks for 21, but this shell runs 17.0.11. Run `sdk env` in the repo "
                         "to switch."}),
        Fact("env-mgmt", "environment", ["8081"],
             ["where do the prometheus metrics get scraped from locally?",
              "what URL should the readiness probe hit?"],
             "Actuator (health, info, prometheus) is on the management port 8081, not the "
             "app's 8080.",
             {"goal": "localhost:8080/actuator/health gives me a 404, where is the health check?",
              "probe": [read("src/main/resources/application.yml",
                             "spring:\n  application:\n    name: dockhand\nserver:\n  port: 8080\n"
                             "management:\n  server:\n    port: 8081\n  endpoints:\n    web:\n"
                             "      exposure:\n        include: health,info,prometheus\n"),
                        bash("curl -s localhost:8081/actuator/health",
                             "{\"status\":\"UP\",\"groups\":[\"liveness\",\"readiness\"]}")],
              "confirm": "actuator runs on its own management port, 8081: health, info and "
                         "prometheus are under localhost:8081/actuator/, not on the app's "
                         "8080."}),
        Fact("gotcha-colima", "gotcha", ["TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE"],
             ["the integration tests say there's no valid docker environment even though "
              "docker ps works",
              "what do I have to set so the database tests can start their containers on "
              "my machine?"],
             "With colima, Testcontainers finds no Docker unless DOCKER_HOST points at the "
             "colima socket and TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE=/var/run/docker.sock.",
             {"symptom": "all the repository tests fail before they even start, something "
                         "about docker",
              "probe": [bash("./gradlew test --tests '*RepositoryTest'",
                             "ShipmentRepositoryTest > initializationError FAILED\n    java.lang."
                             "IllegalStateException: Could not find a valid Docker environment. "
                             "Please see logs and check configuration\n        at org."
                             "testcontainers.dockerclient.DockerClientProviderStrategy."
                             "lambda$getFirstValidStrategy$7(DockerClientProviderStrategy.java:"
                             "277)\n\n12 tests completed, 12 failed", 1),
                        bash("docker context ls",
                             "NAME       DESCRIPTION                               DOCKER "
                             "ENDPOINT\ncolima *   colima                                    "
                             "unix:///home/dev/.colima/default/docker.sock\ndefault    Current "
                             "DOCKER_HOST based configuration   unix:///var/run/docker.sock")],
              "explain": "Docker runs under colima here and Testcontainers ignores the docker "
                         "context: it only finds Docker when DOCKER_HOST points at the colima "
                         "socket, and its Ryuk container needs "
                         "TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE=/var/run/docker.sock (the "
                         "socket's path inside the VM).",
              "fix": [bash("export DOCKER_HOST=unix://$HOME/.colima/default/docker.sock "
                           "TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE=/var/run/docker.sock && "
                           "./gradlew test --tests '*RepositoryTest'",
                           "BUILD SUCCESSFUL in 41s\n4 actionable tasks: 1 executed, 3 "
                           "up-to-date")],
              "done": "All 12 repository tests pass with both variables exported - worth "
                      "putting them in your shell profile."}),
        Fact("gotcha-allopen", "gotcha", ["plugin.spring"],
             ["startup fails with 'cannot subclass final class' in my new gradle submodule",
              "why can't spring proxy my transactional service?"],
             "A new Gradle module needs kotlin(\"plugin.spring\") (all-open), or its "
             "@Transactional classes stay final and CGLIB fails: Cannot subclass final class.",
             {"symptom": "the app won't boot since I added the billing module, it's "
                         "complaining about cglib",
              "probe": [bash("./gradlew :billing:test",
                             "org.springframework.beans.factory.BeanCreationException: Error "
                             "creating bean with name 'invoiceService': Could not generate "
                             "CGLIB subclass of class com.acme.dockhand.billing.InvoiceService: "
                             "Common causes of this problem include using a final class or a "
                             "non-visible class\nCaused by: java.lang.IllegalArgumentException: "
                             "Cannot subclass final class com.acme.dockhand.billing."
                             "InvoiceService", 1),
                        read("billing/build.gradle.kts",
                             "plugins {\n    kotlin(\"jvm\")\n    id(\"org.springframework."
                             "boot\")\n}\n")],
              "explain": "Kotlin classes are final by default and @Transactional needs a CGLIB "
                         "subclass as its proxy. The root project applies "
                         "kotlin(\"plugin.spring\") (all-open for Spring's annotations), the new "
                         "billing module doesn't, so InvoiceService stays final. Adding the "
                         "plugin there fixes it.",
              "fix": [edit("billing/build.gradle.kts", "    kotlin(\"jvm\")\n",
                           "    kotlin(\"jvm\")\n    kotlin(\"plugin.spring\")\n")],
              "done": "The context loads again and :billing:test passes."}),
        Fact("fals-vthreads", "falsified", ["virtual threads"],
             ["could project loom help our request throughput?",
              "did we ever try the lightweight thread model from the newer JDKs here?"],
             "Enabling virtual threads (spring.threads.virtual.enabled) made the k6 load test "
             "far worse (p95 9.9 s, 7% failures: carrier threads pinned in the JDBC driver); "
             "reverted.",
             {"ask": "turn on virtual threads for request handling, that should help throughput",
              "change": [edit("src/main/resources/application.yml",
                              "spring:\n  application:\n    name: dockhand\n",
                              "spring:\n  application:\n    name: dockhand\n  threads:\n    "
                              "virtual:\n      enabled: true\n")],
              "broke": bash("k6 run load/track.js",
                            "     http_req_duration..............: avg=1.84s  min=41ms  "
                            "med=1.2s  max=30s  p(90)=4.1s  p(95)=9.87s\n     http_req_failed"
                            "................: 7.42%  ✓ 371  ✗ 4629\n\nERRO[0062] thresholds on "
                            "metrics 'http_req_duration, http_req_failed' have been crossed",
                            99),
              "revert": bash("git checkout -- src/main/resources/application.yml", ""),
              "conclusion": "Reverted the virtual threads: under the k6 load test p95 went from "
                            "310 ms to 9.9 s with 7% of requests failing - the carrier threads "
                            "get pinned inside synchronized blocks of the old JDBC driver and "
                            "the Hikari pool starves."}),
        Fact("fals-native", "falsified", ["native image"],
             ["could we make the service start faster for scale-to-zero?",
              "did anyone try compiling the app ahead of time into a binary?"],
             "A GraalVM native image was tried: a 10-minute compile, and the binary fails at "
             "startup (runtime proxy for CarrierClient unsupported); dropped.",
             {"ask": "let's try a GraalVM native image build, cold starts on the scale-to-zero "
                     "staging are awful",
              "change": [edit("build.gradle.kts",
                              "    id(\"org.springframework.boot\") version \"3.3.1\"\n",
                              "    id(\"org.springframework.boot\") version \"3.3.1\"\n    id("
                              "\"org.graalvm.buildtools.native\") version \"0.10.2\"\n")],
              "broke": bash("./gradlew nativeCompile && ./build/native/nativeCompile/dockhand",
                            "BUILD SUCCESSFUL in 9m 41s\nException in thread \"main\" org."
                            "springframework.beans.factory.BeanCreationException: Error creating "
                            "bean with name 'carrierClient': com.oracle.svm.core.jdk."
                            "UnsupportedFeatureError: Proxy class defined by interfaces "
                            "[interface com.acme.dockhand.carrier.CarrierClient, interface org."
                            "springframework.aop.SpringProxy] not found. Generating proxy "
                            "classes at runtime is not supported.", 1),
              "revert": bash("git checkout -- build.gradle.kts", ""),
              "conclusion": "Dropped the native image: the compile takes almost 10 minutes and "
                            "the binary dies at startup, because the CarrierClient HTTP "
                            "interface proxy is generated at runtime, which a native image "
                            "can't do without hand-written proxy hints."}),
    ]
    return Project(
        "dockhand", "git@github.com:acme/dockhand.git",
        {"README.md": "# dockhand\n\nShipment tracking for the warehouse.\n",
         "settings.gradle.kts": "rootProject.name = \"dockhand\"\ninclude(\"billing\")\n"},
        facts,
        noise((f"{tracking}/DockhandEta.kt",
               "fun estimateEta(shipment: Shipment, now: Instant): Instant =\n    now.plus("
               "shipment.route.remainingLegs.sumOf { it.avgMinutes }.toLong(), ChronoUnit."
               "MINUTES)\n",
               "It estimates the arrival time by adding the average minutes of every remaining "
               "route leg to now."),
              ("tracking", "./gradlew test --tests 'com.acme.dockhand.tracking.*'",
               "> Task :test\n\nBUILD SUCCESSFUL in 23s\n4 actionable tasks: 2 executed, 2 "
               "up-to-date"),
              ("shipmentDto", "toResponse", f"{tracking}/TrackingController.kt",
               "    private fun shipmentDto(s: Shipment) = ShipmentResponse(",
               "    private fun toResponse(s: Shipment) = ShipmentResponse("),
              ("b71c2e9 tracking: expose ETA\n5a0d3f1 carriers: retry 503s\n0c9e8a2 build: "
               "bump Kotlin to 2.0.0",
               f" {tracking}/TrackingController.kt | 14 ++++++++------\n 1 file changed, 8 "
               f"insertions(+), 6 deletions(-)"),
              ("src/main/kotlin/com/acme/dockhand/util/Weights.kt",
               "package com.acme.dockhand.util\n\nfun Double.kgToLb(): Double = this * "
               "2.20462\n", "a kgToLb extension for Double"),
              ("# dockhand\n\nShipment trackign for the warehouse.\n",
               "Shipment trackign for the warehouse.", "Shipment tracking for the warehouse."),
              (f"{tracking}/DockhandEta.kt", "estimateEta",
               "fun estimateEta(shipment: Shipment, now: Instant): Instant =",
               "/** Arrival estimate from the average duration of each remaining leg. */\nfun "
               "estimateEta(shipment: Shipment, now: Instant): Instant =")),
        "postgres")


def bellhop() -> Project:
    """An Elixir / Phoenix LiveView room-service app for hotels: Ecto, Oban Pro, Swoosh."""
    facts = [
        Fact("conv-contexts", "convention", ["context module"],
             ["can I query the database straight from a LiveView mount?",
              "where should a new query for refunded orders live?"],
             "LiveViews and controllers never call Repo directly; every query goes through a "
             "context module (Bellhop.Orders etc.).",
             {"rule": "LiveViews and controllers never call Repo directly here - every query "
                      "goes through a context module like Bellhop.Orders",
              "task": "show the number of pending orders in the kitchen dashboard header",
              "follow": [edit("lib/bellhop/orders.ex", "  def list_orders(hotel_id) do",
                              "  def count_pending(hotel_id) do\n    Order\n    |> where("
                              "hotel_id: ^hotel_id, status: :pending)\n    |> Repo.aggregate("
                              ":count)\n  end\n\n  def list_orders(hotel_id) do"),
                         edit("lib/bellhop_web/live/kitchen_live.ex",
                              "    {:ok, assign(socket, orders: Orders.list_orders(hotel_id))}",
                              "    {:ok,\n     assign(socket,\n       orders: Orders.list_orders("
                              "hotel_id),\n       pending_count: Orders.count_pending(hotel_id)"
                              "\n     )}")],
              "contrary": edit("lib/bellhop_web/live/kitchen_live.ex",
                               "    {:ok, assign(socket, orders: Orders.list_orders(hotel_id))}",
                               "    pending = Repo.aggregate(from(o in Order, where: o.status "
                               "== :pending), :count)\n    {:ok, assign(socket, orders: Orders."
                               "list_orders(hotel_id), pending_count: pending)}"),
              "done": "Added Orders.count_pending/1; the kitchen dashboard shows it in the "
                      "header."}),
        Fact("conv-usec", "convention", ["utc_datetime_usec"],
             ["what type should the inserted_at columns be in a new table?",
              "how do we store timestamps in ecto schemas?"],
             "Ecto schemas and migrations use utc_datetime_usec timestamps, never "
             "naive_datetime.",
             {"rule": "all our ecto schemas use utc_datetime_usec for timestamps, never "
                      "naive_datetime - the kitchen display sorts by microsecond",
              "task": "create the migration for room service tips",
              "follow": [write("priv/repo/migrations/20241104093012_create_tips.exs",
                               "defmodule Bellhop.Repo.Migrations.CreateTips do\n  use Ecto."
                               "Migration\n\n  def change do\n    create table(:tips) do\n      "
                               "add :order_id, references(:orders, on_delete: :delete_all), "
                               "null: false\n      add :amount_cents, :integer, null: false\n\n"
                               "      timestamps(type: :utc_datetime_usec)\n    end\n  end\nend\n")],
              "contrary": write("priv/repo/migrations/20241104093012_create_tips.exs",
                                "defmodule Bellhop.Repo.Migrations.CreateTips do\n  use Ecto."
                                "Migration\n\n  def change do\n    create table(:tips) do\n      "
                                "add :order_id, references(:orders), null: false\n      add "
                                ":amount_cents, :integer, null: false\n\n      timestamps()\n"
                                "    end\n  end\nend\n"),
              "done": "Created the tips migration."}),
        Fact("cmd-obanrepo", "command", ["hex.repo add oban"],
             ["deps won't fetch on a fresh machine, it says unknown repository",
              "how do I install the paid background-job packages?"],
             "Oban Pro needs its private hex repo first: `mix hex.repo add oban "
             "https://getoban.pro/repo --fetch-public-key ... --auth-key $OBAN_LICENSE_KEY`, "
             "then `mix deps.get`.",
             {"goal": "I just cloned this on the new laptop, get the deps installed",
              "fail": bash("mix deps.get",
                           "Resolving Hex dependencies...\n** (Mix) Unknown repository \"oban\", "
                           "add new repositories with the `mix hex.repo add` task", 1),
              "fail2": bash("mix hex.organization auth oban",
                            "** (Mix) No organization with name \"oban\"", 1),
              "note": "Oban Pro comes from its own private hex repository, not a hex.pm "
                      "organization; it needs the repo's public key and our license key "
                      "(OBAN_LICENSE_KEY in 1Password).",
              "ok": bash("mix hex.repo add oban https://getoban.pro/repo --fetch-public-key "
                         "SHA256:4/OSKi0NRF91QVVXlGAhb/BIMLnK8NHcx/EWs+aIWPc --auth-key "
                         "$OBAN_LICENSE_KEY && mix deps.get",
                         "Resolving Hex dependencies...\nResolution completed in 0.412s\n"
                         "* Getting oban_pro (Hex package)\n* Getting oban_web (Hex package)"),
              "done": "Deps are fetched, oban_pro and oban_web included."}),
        Fact("cmd-integration", "command", ["--include integration"],
             ["my payment tests report 0 failures but every one is excluded, how do I make "
              "them run?",
              "how do I run the slow test modules that talk to the sandbox?"],
             "Tests tagged :integration are excluded by default; run them with `mix test "
             "--include integration`.",
             {"goal": "run the stripe sync tests, I changed the refund mapping",
              "fail": bash("mix test test/bellhop/payments/stripe_sync_test.exs",
                           "Running ExUnit with seed: 482113, max_cases: 4\nExcluding tags: "
                           "[:integration]\n\n\nFinished in 0.04 seconds (0.00s async, 0.04s "
                           "sync)\n6 tests, 0 failures, 6 excluded"),
              "note": "All six were excluded: test_helper.exs excludes :integration by default "
                      "and the whole module carries that tag.",
              "ok": bash("mix test --include integration test/bellhop/payments/"
                         "stripe_sync_test.exs",
                         "Running ExUnit with seed: 90211, max_cases: 4\nIncluding tags: "
                         "[:integration]\n\n......\nFinished in 3.1 seconds (0.00s async, 3.1s "
                         "sync)\n6 tests, 0 failures"),
              "done": "All 6 stripe sync tests pass against the sandbox."}),
        Fact("env-versions", "environment", ["1.16.3-otp-26"],
             ["which elixir should asdf install for this project?",
              "is it ok to build this app with the latest erlang?"],
             "The project pins Elixir 1.16.3-otp-26 on Erlang 26.2.5 (.tool-versions).",
             {"goal": "a dependency fails to compile after I upgraded elixir, what versions are "
                      "we supposed to be on?",
              "probe": [bash("cat .tool-versions && elixir --version",
                             "erlang 26.2.5\nelixir 1.16.3-otp-26\nErlang/OTP 27 [erts-15.0] "
                             "[source] [64-bit] [smp:8:8] [ds:8:8:10] [jit:ns]\n\nElixir 1.17.2 "
                             "(compiled with Erlang/OTP 27)")],
              "confirm": "the project pins elixir 1.16.3-otp-26 on erlang 26.2.5 in "
                         ".tool-versions, and you're on 1.17.2 / OTP 27. `asdf install` in the "
                         "repo, then `mix deps.compile --force`."}),
        Fact("env-mailbox", "environment", ["/dev/mailbox"],
             ["where can I see the emails the app sends when I run it locally?",
              "the order confirmation mail never shows up on my machine"],
             "In development Swoosh's local adapter keeps emails; read them at "
             "http://localhost:4000/dev/mailbox.",
             {"goal": "I placed a test order but no confirmation arrived, where do emails go in "
                      "development?",
              "probe": [read("config/dev.exs",
                             "config :bellhop, Bellhop.Mailer, adapter: Swoosh.Adapters.Local\n"
                             "\nconfig :swoosh, :api_client, false\n"),
                        grep("/dev/mailbox", ["lib/bellhop_web/router.ex"])],
              "confirm": "nothing is sent in development: Swoosh's local adapter keeps every "
                         "email in memory and the router mounts the preview at "
                         "http://localhost:4000/dev/mailbox - your confirmation is there."}),
        Fact("gotcha-drain", "gotcha", ["drain_queue"],
             ["my test enqueues a background job but its side effect never happens",
              "how do I make queued workers actually execute inside ExUnit?"],
             "In tests Oban is in manual mode: jobs are only enqueued; call "
             "Oban.drain_queue(queue: ...) or perform_job/2 before asserting their effects.",
             {"symptom": "the receipt test fails, assert_email_sent says nothing was sent, but "
                         "the worker definitely sends one",
              "probe": [bash("mix test test/bellhop/orders/receipt_test.exs",
                             "  1) test completing an order emails a receipt (Bellhop.Orders."
                             "ReceiptTest)\n     test/bellhop/orders/receipt_test.exs:18\n     "
                             "Expected an email to be sent, but none was\n\n3 tests, 1 failure",
                             2),
                        read("config/test.exs", "config :bellhop, Oban, testing: :manual\n")],
              "explain": "Oban runs with `testing: :manual` in test.exs, so the receipt job is "
                         "only enqueued, never executed. The test has to run it - "
                         "`Oban.drain_queue(queue: :mailers)` (or perform_job/2 on the worker) "
                         "before the assertion.",
              "fix": [edit("test/bellhop/orders/receipt_test.exs",
                           "    {:ok, _} = Orders.complete(order)\n",
                           "    {:ok, _} = Orders.complete(order)\n    assert %{success: 1} = "
                           "Oban.drain_queue(queue: :mailers)\n")],
              "done": "The receipt test passes now."}),
        Fact("gotcha-origin", "gotcha", ["check_origin"],
             ["when I share my local app over a tunnel the live pages keep refreshing",
              "live view won't stay connected when I open it from another hostname"],
             "LiveView opened through a tunnel (ngrok) keeps reloading until the origin is "
             "allowed with check_origin in config/dev.exs.",
             {"symptom": "when I open the app through my ngrok url the page flickers and "
                         "reloads every couple of seconds",
              "probe": [bash("mix phx.server 2>&1 | grep -m1 -A16 'Could not check origin'",
                             "[error] Could not check origin for Phoenix.Socket transport.\n\n"
                             "Origin of the request: https://4f2a-84-115-3-17.ngrok-free.app\n\n"
                             "This happens when you are attempting a socket connection to\na "
                             "different host than the one configured in your config/\nfiles. "
                             "For example, in development the host is configured\nto "
                             "\"localhost\" but you may be trying to access it from\n"
                             "\"127.0.0.1\". To fix this issue, you may either:\n\n  1. update "
                             "[url: [host: ...]] to your actual host in the\n     config file "
                             "for your current environment (recommended)\n\n  2. pass the "
                             ":check_origin option when configuring your\n     endpoint or when "
                             "configuring the transport in your\n     UserSocket module, "
                             "explicitly outlining which origins\n     are allowed:\n\n        "
                             "check_origin: [\"https://example.com\",\n                       "
                             "\"//another.com:888\", \"//other.com\"]")],
              "explain": "The endpoint refuses the LiveView socket from the tunnel's host, so "
                         "LiveView keeps reconnecting and reloading the page. Allowing that "
                         "origin with check_origin in config/dev.exs fixes it.",
              "fix": [edit("config/dev.exs",
                           "config :bellhop, BellhopWeb.Endpoint,\n  http: [ip: {127, 0, 0, 1}, "
                           "port: 4000],",
                           "config :bellhop, BellhopWeb.Endpoint,\n  http: [ip: {127, 0, 0, 1}, "
                           "port: 4000],\n  check_origin: [\"//localhost\", \"//*.ngrok-free."
                           "app\"],")],
              "done": "LiveView connects through the tunnel now."}),
        Fact("fals-pool", "falsified", ["pool_size"],
             ["could we just give the app more database connections?",
              "queries time out under load, would a bigger connection pool help?"],
             "Raising the Ecto pool_size to 50 exhausted Postgres max_connections (too many "
             "clients already) and made p95 worse; reverted to 10.",
             {"ask": "the order queries time out at the dinner peak, bump the repo's pool "
                     "to 50",
              "change": [edit("config/runtime.exs",
                              "    pool_size: String.to_integer(System.get_env(\"POOL_SIZE\") "
                              "|| \"10\"),",
                              "    pool_size: String.to_integer(System.get_env(\"POOL_SIZE\") "
                              "|| \"50\"),")],
              "broke": bash("MIX_ENV=prod mix run priv/load/dinner_rush.exs",
                            "[error] Postgrex.Protocol (#PID<0.2871.0>) failed to connect: ** "
                            "(Postgrex.Error) FATAL 53300 (too_many_connections) sorry, too many "
                            "clients already\np95 order query: 2140ms (was 380ms)", 1),
              "revert": bash("git checkout -- config/runtime.exs", ""),
              "conclusion": "Put the pool back to 10: with three app nodes at 50 connections "
                            "each we exceed the database's max_connections of 100, Postgres "
                            "refuses clients and p95 got worse (2.1 s). The timeouts need the "
                            "missing index on orders, not more connections."}),
        Fact("fals-async", "falsified", ["async: true"],
             ["can the test suite run concurrently to save time?",
              "why aren't the inventory tests run in parallel?"],
             "Making every test module async: true deadlocks the inventory tests (40P01 on "
             "shared stock rows); reverted.",
             {"ask": "make every test module async: true, the suite is way too slow",
              "change": [bash("grep -rl 'use Bellhop.DataCase$' test | xargs sed -i "
                              "'s/use Bellhop.DataCase$/use Bellhop.DataCase, async: true/'",
                              "")],
              "broke": bash("mix test",
                            "  1) test reserving stock for concurrent orders (Bellhop."
                            "InventoryTest)\n     test/bellhop/inventory_test.exs:41\n     ** "
                            "(Postgrex.Error) ERROR 40P01 (deadlock_detected) deadlock detected"
                            "\n\nFinished in 21.4 seconds (19.8s async, 1.6s sync)\n214 tests, "
                            "9 failures", 2),
              "revert": bash("git checkout -- test", ""),
              "conclusion": "Rolled it back: the inventory tests lock the same stock rows with "
                            "SELECT ... FOR UPDATE, so running them concurrently deadlocks (9 "
                            "failures), and the whole gain was about 6 seconds."}),
    ]
    return Project(
        "bellhop", "git@github.com:acme/bellhop.git",
        {"README.md": "# bellhop\n\nRoom service ordering for hotels.\n",
         "mix.exs": "defmodule Bellhop.MixProject do\n  use Mix.Project\nend\n"},
        facts,
        noise(("lib/bellhop/pricing.ex",
               "defmodule Bellhop.Pricing do\n  def total(%Order{items: items, "
               "service_charge_pct: pct}) do\n    subtotal = Enum.reduce(items, 0, &(&1."
               "price_cents * &1.qty + &2))\n    subtotal + div(subtotal * pct, 100)\n  end\n"
               "end\n",
               "It sums price times quantity over the order's items and adds the hotel's "
               "service charge percentage, all in cents."),
              ("pricing", "mix test test/bellhop/pricing_test.exs",
               "Running ExUnit with seed: 118264, max_cases: 4\n\n.........\nFinished in 0.1 "
               "seconds (0.1s async, 0.00s sync)\n9 tests, 0 failures"),
              ("fmt_cents", "format_cents", "lib/bellhop_web/components/money.ex",
               "  def fmt_cents(cents) do", "  def format_cents(cents) do"),
              ("2d4e6f1 kitchen: group orders by floor\n9a8b7c6 orders: 5 minute cancel "
               "window\n1f2e3d4 deps: bump phoenix_live_view",
               " lib/bellhop_web/live/kitchen_live.ex | 22 +++++++++++++---------\n 1 file "
               "changed, 13 insertions(+), 9 deletions(-)"),
              ("lib/bellhop/room_number.ex",
               "defmodule Bellhop.RoomNumber do\n  def floor(room) when is_binary(room), do: "
               "room |> String.slice(0..-3//1) |> String.to_integer()\nend\n",
               "a helper that gets the floor out of a room number like \"1204\""),
              ("# bellhop\n\nRoom service ordering for hotles.\n",
               "Room service ordering for hotles.", "Room service ordering for hotels."),
              ("lib/bellhop/pricing.ex", "Bellhop.Pricing.total/1",
               "  def total(%Order{items: items, service_charge_pct: pct}) do",
               "  # Order total in cents, service charge included.\n  def total(%Order{items: "
               "items, service_charge_pct: pct}) do")),
        "stripe")


def gantry() -> Project:
    """A Terraform repository for an AWS platform: envs/{staging,prod}, modules, tflint."""
    facts = [
        Fact("conv-plan-file", "convention", ["tfplan"],
             ["what's the safe way to roll out my infra change?",
              "is it ok to apply right after editing a module?"],
             "Never run a bare terraform apply: `terraform plan -out=tfplan`, get it reviewed, "
             "then `terraform apply tfplan`.",
             {"rule": "never run a bare terraform apply here - always terraform plan "
                      "-out=tfplan, get it reviewed, then apply exactly that tfplan file",
              "task": "add the read replica to staging",
              "follow": [bash("cd envs/staging && terraform plan -out=tfplan",
                              "  # module.rds.aws_db_instance.replica[0] will be created\n  + "
                              "resource \"aws_db_instance\" \"replica\" {\n      + "
                              "replicate_source_db = \"gantry-staging\"\n      ...\n    }\n\n"
                              "Plan: 1 to add, 0 to change, 0 to destroy.\n\nSaved the plan "
                              "to: tfplan\n\nTo perform exactly these actions, run the "
                              "following command to apply:\n    terraform apply \"tfplan\"")],
              "contrary": bash("cd envs/staging && terraform apply -auto-approve",
                               "Acquiring state lock. This may take a few moments...\nmodule."
                               "rds.aws_db_instance.replica[0]: Creating..."),
              "done": "The plan is saved as envs/staging/tfplan (1 to add: the replica); once "
                      "it's reviewed, `terraform apply tfplan` applies exactly that."}),
        Fact("conv-tags", "convention", ["common_tags"],
             ["what labels should the new sns topic carry?",
              "is there a standard set of metadata for aws resources in this repo?"],
             "Every AWS resource carries local.common_tags (merge() with its own); finance "
             "reports on the team and cost-center tags.",
             {"rule": "every resource has to carry local.common_tags, merged with anything "
                      "specific - finance reports on the team and cost-center tags",
              "task": "create an s3 bucket for the ALB access logs in the network module",
              "follow": [write("modules/network/alb_logs.tf",
                               "resource \"aws_s3_bucket\" \"alb_logs\" {\n  bucket = "
                               "\"${var.name}-alb-logs\"\n  tags   = merge(local.common_tags, "
                               "{ Purpose = \"alb-access-logs\" })\n}\n")],
              "contrary": write("modules/network/alb_logs.tf",
                                "resource \"aws_s3_bucket\" \"alb_logs\" {\n  bucket = "
                                "\"${var.name}-alb-logs\"\n  tags   = { Name = \"alb-logs\" }\n"
                                "}\n"),
              "done": "Added modules/network/alb_logs.tf."}),
        Fact("cmd-backend", "command", ["backends/staging.hcl"],
             ["terraform init in the staging folder says bucket is a required field",
              "what do I pass to init so the remote backend gets configured?"],
             "Initialise an environment with `terraform init "
             "-backend-config=../../backends/staging.hcl` (the s3 backend block is empty; "
             "without it: \"bucket\": required field is not set).",
             {"goal": "init terraform in envs/staging, I just cloned the repo",
              "fail": bash("cd envs/staging && terraform init -input=false",
                           "Initializing the backend...\n╷\n│ Error: \"bucket\": required field "
                           "is not set\n│ \n│ \n╵", 1),
              "note": "The s3 backend block is empty on purpose; each environment's settings "
                      "live in a file under backends/.",
              "ok": bash("cd envs/staging && terraform init -input=false "
                         "-backend-config=../../backends/staging.hcl",
                         "Initializing the backend...\n\nSuccessfully configured the backend "
                         "\"s3\"! Terraform will automatically\nuse this backend unless the "
                         "backend configuration changes.\nInitializing modules...\nInitializing "
                         "provider plugins...\n- Reusing previous version of hashicorp/aws from "
                         "the dependency lock file\n\nTerraform has been successfully "
                         "initialized!"),
              "done": "envs/staging is initialised against its S3 backend."}),
        Fact("cmd-tflint", "command", ["tflint --init"],
             ["the linter says a plugin is missing",
              "how do I run the terraform linter on a new machine?"],
             "Run `tflint --init` once (installs the aws ruleset from .tflint.hcl) before "
             "`tflint --recursive`.",
             {"goal": "lint everything before I open the PR",
              "fail": bash("tflint --recursive",
                           "Failed to initialize plugins; Plugin \"aws\" not found. Did you run "
                           "\"tflint --init\"?", 1),
              "fail2": bash("terraform validate",
                            "╷\n│ Error: Module not installed\n│ \n│   on main.tf line 3:\n│    "
                            "3: module \"network\" {\n│ \n│ This module is not yet installed. "
                            "Run \"terraform init\" to install all modules\n│ required by this "
                            "configuration.\n╵", 1),
              "note": "The aws ruleset that .tflint.hcl declares isn't installed on this "
                      "machine yet.",
              "ok": bash("tflint --init && tflint --recursive",
                         "Installing \"aws\" plugin...\nInstalled \"aws\" (source: github.com/"
                         "terraform-linters/tflint-ruleset-aws, version: 0.31.0)\n"),
              "done": "tflint is clean across all modules."}),
        Fact("env-tfversion", "environment", ["1.7.5"],
             ["which terraform binary version should I use?",
              "can I run plan with the newest terraform release?"],
             "The repo pins Terraform 1.7.5 (.terraform-version, tfenv); a newer binary would "
             "upgrade the shared state.",
             {"goal": "plan errors that the state snapshot is newer than my terraform, what "
                      "should I be running?",
              "probe": [bash("cat .terraform-version && terraform version",
                             "1.7.5\nTerraform v1.5.7\non linux_amd64\n\nYour version of "
                             "Terraform is out of date! The latest version\nis 1.9.5. You can "
                             "update by downloading from https://www.terraform.io/downloads."
                             "html")],
              "confirm": "the repo pins Terraform 1.7.5 in .terraform-version (tfenv reads it) "
                         "and the state was written with it; your binary is 1.5.7. Run `tfenv "
                         "install` in the repo root - and not the latest either, that would "
                         "upgrade the state for everyone."}),
        Fact("env-state", "environment", ["acme-gantry-tfstate"],
             ["which s3 bucket holds our remote state?",
              "a plan is stuck on a lock, where is the state stored?"],
             "Terraform state is in the versioned S3 bucket acme-gantry-tfstate (key "
             "<env>/terraform.tfstate, eu-central-1), locked via DynamoDB gantry-tf-locks.",
             {"goal": "where is the state for these stacks? I want to see how a resource "
                      "changed over time",
              "probe": [read("backends/prod.hcl",
                             "bucket         = \"acme-gantry-tfstate\"\nkey            = "
                             "\"prod/terraform.tfstate\"\nregion         = \"eu-central-1\"\n"
                             "dynamodb_table = \"gantry-tf-locks\"\nencrypt        = true\n"),
                        bash("aws s3api list-object-versions --bucket acme-gantry-tfstate "
                             "--prefix prod/ --max-items 2 --query 'Versions[].LastModified'",
                             "[\n    \"2024-10-29T14:02:11+00:00\",\n    \"2024-10-22T09:47:53"
                             "+00:00\"\n]")],
              "confirm": "the state lives in the versioned S3 bucket acme-gantry-tfstate, one "
                         "key per environment (prod/terraform.tfstate, region eu-central-1), "
                         "locked through the DynamoDB table gantry-tf-locks. Old versions of the "
                         "state are kept, so you can diff them."}),
        Fact("gotcha-minor", "gotcha", ["auto_minor_version_upgrade"],
             ["plan shows a change on the database every time, with no edits",
              "why does terraform keep diffing the engine version on rds?"],
             "RDS shows a perpetual engine_version diff unless auto_minor_version_upgrade = "
             "false (AWS minor upgrades drift from the code).",
             {"symptom": "every plan on prod wants to modify the postgres instance even though "
                         "nobody touched it",
              "probe": [bash("cd envs/prod && terraform plan -no-color | grep -B2 -A4 "
                             "engine_version",
                             "  # module.rds.aws_db_instance.main will be updated in-place\n  ~ "
                             "resource \"aws_db_instance\" \"main\" {\n      ~ engine_version = "
                             "\"15.7\" -> \"15.4\"\n        id             = \"db-7QX2M4PLKJ\"\n"
                             "        # (58 unchanged attributes hidden)\n    }")],
              "explain": "AWS minor-upgraded the instance to 15.7 by itself "
                         "(auto_minor_version_upgrade defaults to true) while the module still "
                         "says 15.4, so every plan wants to take it back. Set "
                         "auto_minor_version_upgrade = false and bump engine_version to 15.7 so "
                         "code and reality agree.",
              "fix": [edit("modules/rds/main.tf", "  engine_version = \"15.4\"\n",
                           "  engine_version             = \"15.7\"\n  "
                           "auto_minor_version_upgrade = false\n")],
              "done": "The prod plan shows no changes now."}),
        Fact("gotcha-eks", "gotcha", ["-target=module.eks"],
             ["the kubernetes resources can't reach the cluster during plan",
              "how do I apply when the cluster itself gets recreated?"],
             "When the EKS cluster is replaced the kubernetes provider fails in plan (dial tcp "
             "127.0.0.1:80 refused): plan and apply -target=module.eks first.",
             {"symptom": "the staging plan suddenly fails with connection refused on localhost "
                         "port 80, I only changed the cluster's subnets",
              "probe": [bash("cd envs/staging && terraform plan",
                             "module.eks.aws_eks_cluster.this: Refreshing state...\n╷\n│ Error: "
                             "Get \"http://localhost/api/v1/namespaces/ingress\": dial tcp "
                             "127.0.0.1:80: connect: connection refused\n│ \n│   with module."
                             "platform.kubernetes_namespace.ingress,\n│   on ../../modules/"
                             "platform/main.tf line 1, in resource \"kubernetes_namespace\" "
                             "\"ingress\":\n│    1: resource \"kubernetes_namespace\" \"ingress\" "
                             "{\n╵", 1)],
              "explain": "New subnets force the EKS cluster to be replaced, so its endpoint is "
                         "unknown until apply and the kubernetes provider configured from it "
                         "falls back to localhost:80. Plan and apply the cluster alone first "
                         "with -target=module.eks; after that the full plan works.",
              "fix": [bash("cd envs/staging && terraform plan -target=module.eks -out=eks.plan",
                           "Plan: 1 to add, 0 to change, 1 to destroy.\n╷\n│ Warning: "
                           "Resource targeting is in effect\n╵\n\nSaved the plan to: eks.plan")],
              "done": "Apply eks.plan first; once the new cluster exists the full plan goes "
                      "through."}),
        Fact("fals-terragrunt", "falsified", ["terragrunt"],
             ["could we cut down the copy-paste between the environment folders?",
              "is there a wrapper tool we evaluated for keeping the envs in sync?"],
             "Terragrunt was tried to DRY the env folders: its state keys differ, so the plan "
             "destroyed and recreated all 143 resources; reverted.",
             {"ask": "the env folders are 90% copy-paste, let's try terragrunt to DRY them up",
              "change": [write("envs/staging/terragrunt.hcl",
                               "include \"root\" {\n  path = find_in_parent_folders()\n}\n\n"
                               "terraform {\n  source = \"../../stacks/app\"\n}\n")],
              "broke": bash("cd envs/staging && terragrunt plan -detailed-exitcode",
                            "Plan: 143 to add, 0 to change, 143 to destroy.", 2),
              "revert": bash("rm envs/staging/terragrunt.hcl && git status --short", ""),
              "conclusion": "Backed terragrunt out: its generated state key (staging/app/"
                            "terraform.tfstate) isn't ours, so the plan wants to destroy and "
                            "recreate all 143 resources. Moving the state resource by resource "
                            "isn't worth it for two environments."}),
        Fact("fals-aws5", "falsified", ["4.67"],
             ["are we on the latest aws provider? what's holding us back?",
              "validate fails after bumping the hashicorp provider, has this happened before?"],
             "Upgrading the AWS provider to 5.x fails validate (aws_db_instance `name` removed, "
             "now db_name); reverted, staying on ~> 4.67.",
             {"ask": "upgrade the aws provider to 5.x, we're way behind",
              "change": [edit("envs/staging/versions.tf", "      version = \"~> 4.67\"",
                              "      version = \"~> 5.0\""),
                         bash("cd envs/staging && terraform init -upgrade",
                              "- Installing hashicorp/aws v5.72.1...\n- Installed hashicorp/aws "
                              "v5.72.1 (signed by HashiCorp)")],
              "broke": bash("cd envs/staging && terraform validate",
                            "╷\n│ Error: Unsupported argument\n│ \n│   on ../../modules/rds/"
                            "main.tf line 9, in resource \"aws_db_instance\" \"main\":\n│    9:"
                            "   name                 = var.database_name\n│ \n│ An argument "
                            "named \"name\" is not expected here.\n╵", 1),
              "revert": bash("git checkout -- envs/staging/versions.tf envs/staging/.terraform."
                             "lock.hcl && terraform -chdir=envs/staging init -upgrade",
                             "- Installing hashicorp/aws v4.67.0...\n- Installed hashicorp/aws "
                             "v4.67.0 (signed by HashiCorp)"),
              "conclusion": "Back on ~> 4.67: provider 5.x dropped the `name` argument of "
                            "aws_db_instance (it's db_name now), so validate fails in the rds "
                            "module. The upgrade needs its own migration PR."}),
    ]
    return Project(
        "gantry", "git@github.com:acme/gantry.git",
        {"README.md": "# gantry\n\nInfrastructure for the acme platform.\n",
         ".terraform-version": "1.7.5\n"},
        facts,
        noise(("modules/network/subnets.tf",
               "resource \"aws_subnet\" \"private\" {\n  count             = length(var.azs)\n  "
               "vpc_id            = aws_vpc.this.id\n  cidr_block        = cidrsubnet(var.cidr, "
               "4, count.index)\n  availability_zone = var.azs[count.index]\n}\n",
               "It creates one private subnet per availability zone, each a /4 slice of the "
               "VPC's CIDR."),
              ("network module", "cd modules/network && terraform test",
               "tests/subnets.tftest.hcl... in progress\n  run \"private_subnets_per_az\"... "
               "pass\ntests/subnets.tftest.hcl... tearing down\ntests/subnets.tftest.hcl... "
               "pass\n\nSuccess! 1 passed, 0 failed."),
              ("nat_gw_count", "nat_gateway_count", "modules/network/nat.tf",
               "  nat_gw_count = var.single_nat ? 1 : length(var.azs)",
               "  nat_gateway_count = var.single_nat ? 1 : length(var.azs)"),
              ("c4d5e6f network: one NAT per AZ in prod\n7a8b9c0 rds: enable performance "
               "insights\n3e2f1a0 ci: lint on pull requests",
               " modules/network/nat.tf | 6 +++---\n 1 file changed, 3 insertions(+), 3 "
               "deletions(-)"),
              ("modules/network/outputs.tf",
               "output \"private_subnet_ids\" {\n  value = aws_subnet.private[*].id\n}\n",
               "an output for the private subnet ids of the network module"),
              ("# gantry\n\nInfrastrucure for the acme platform.\n",
               "Infrastrucure for the acme platform.", "Infrastructure for the acme platform."),
              ("modules/network/subnets.tf", "aws_subnet.private",
               "resource \"aws_subnet\" \"private\" {",
               "# One private subnet per AZ, carved from the VPC CIDR.\nresource \"aws_subnet\" "
               "\"private\" {")),
        "aws")


def tutorly() -> Project:
    """A PHP / Laravel 11 app for booking tutoring lessons: Sail, MySQL, Redis, Horizon."""
    facts = [
        Fact("conv-formrequest", "convention", ["form request"],
             ["where does input checking go for the new reschedule endpoint?",
              "how do we validate incoming fields on a POST in this app?"],
             "Validation goes in Form Request classes, never $request->validate() in a "
             "controller.",
             {"rule": "validation lives in Form Request classes, never $request->validate() "
                      "inside a controller",
              "task": "validate the lesson booking endpoint: tutor_id required, starts_at a "
                      "date in the future",
              "follow": [write("app/Http/Requests/StoreBookingRequest.php",
                               "<?php\n\nnamespace App\\Http\\Requests;\n\nuse Illuminate\\"
                               "Foundation\\Http\\FormRequest;\n\nclass StoreBookingRequest "
                               "extends FormRequest\n{\n    public function rules(): array\n    "
                               "{\n        return [\n            'tutor_id' => ['required', "
                               "'exists:tutors,id'],\n            'starts_at' => ['required', "
                               "'date', 'after:now'],\n        ];\n    }\n}\n"),
                         edit("app/Http/Controllers/BookingController.php",
                              "    public function store(Request $request)",
                              "    public function store(StoreBookingRequest $request)")],
              "contrary": edit("app/Http/Controllers/BookingController.php",
                               "    public function store(Request $request)\n    {",
                               "    public function store(Request $request)\n    {\n        "
                               "$request->validate([\n            'tutor_id' => "
                               "'required|exists:tutors,id',\n            'starts_at' => "
                               "'required|date|after:now',\n        ]);"),
              "done": "Added StoreBookingRequest and type-hinted it in "
                      "BookingController::store."}),
        Fact("conv-pest", "convention", ["pest"],
             ["what style should new tests be written in?",
              "should the new lesson tests extend TestCase like the old ones?"],
             "New tests are written with Pest (it() / expect()), not PHPUnit test classes.",
             {"rule": "new tests are written with Pest (it() and expect()), not PHPUnit test "
                      "classes - we're migrating the old ones bit by bit",
              "task": "write a test that a student can't book a lesson in the past",
              "follow": [write("tests/Feature/BookingPastDateTest.php",
                               "<?php\n\nuse App\\Models\\Student;\nuse App\\Models\\Tutor;\n\n"
                               "it('rejects bookings in the past', function () {\n    $student "
                               "= Student::factory()->create();\n\n    $this->actingAs($student)"
                               "\n        ->postJson('/api/bookings', [\n            'tutor_id' "
                               "=> Tutor::factory()->create()->id,\n            'starts_at' => "
                               "now()->subDay()->toIso8601String(),\n        ])\n        ->"
                               "assertUnprocessable()\n        ->assertJsonValidationErrors("
                               "'starts_at');\n});\n"),
                         bash("./vendor/bin/pest tests/Feature/BookingPastDateTest.php",
                              "\n   PASS  Tests\\Feature\\BookingPastDateTest\n  ✓ it rejects "
                              "bookings in the past                     0.21s  \n\n  Tests:    "
                              "1 passed (2 assertions)\n  Duration: 0.34s\n")],
              "contrary": write("tests/Feature/BookingPastDateTest.php",
                                "<?php\n\nnamespace Tests\\Feature;\n\nuse Tests\\TestCase;\n\n"
                                "class BookingPastDateTest extends TestCase\n{\n    public "
                                "function test_rejects_bookings_in_the_past(): void\n    {\n"
                                "        // ...\n    }\n}\n"),
              "done": "Added the test; it passes."}),
        Fact("cmd-sail", "command", ["sail artisan"],
             ["migrations can't resolve the mysql host, how should I run them?",
              "what's the right way to run artisan commands against the local database?"],
             "Run artisan through Sail (`./vendor/bin/sail artisan migrate`); the host's php "
             "fails: getaddrinfo for mysql failed.",
             {"goal": "run the new migration for the lesson packages table",
              "fail": bash("php artisan migrate",
                           "\n   Illuminate\\Database\\QueryException \n\n  SQLSTATE[HY000] "
                           "[2002] php_network_getaddresses: getaddrinfo for mysql failed: Name "
                           "or service not known (Connection: mysql, SQL: select * from "
                           "information_schema.tables where table_schema = 'tutorly' and "
                           "table_name = 'migrations' and table_type = 'BASE TABLE')", 1),
              "fail2": bash("DB_HOST=127.0.0.1 php artisan migrate",
                            "\n   Illuminate\\Database\\QueryException \n\n  SQLSTATE[HY000] "
                            "[1045] Access denied for user 'sail'@'172.18.0.1' (using "
                            "password: YES)", 1),
              "note": "DB_HOST=mysql only resolves inside the Sail containers; the host's php "
                      "can't reach that database.",
              "ok": bash("./vendor/bin/sail artisan migrate",
                         "\n   INFO  Running migrations.  \n\n  "
                         "2024_11_02_141500_create_lesson_packages_table .............. 38.12ms "
                         "DONE\n"),
              "done": "Migrated: lesson_packages exists now."}),
        Fact("cmd-swagger", "command", ["l5-swagger:generate"],
             ["how do I rebuild the openapi spec?",
              "the api documentation json is stale, how do I refresh it?"],
             "Regenerate the OpenAPI docs with `php artisan l5-swagger:generate` (there is no "
             "scribe here).",
             {"goal": "regenerate the API docs, I added the packages endpoint",
              "fail": bash("php artisan scribe:generate",
                           "\n   ERROR  There are no commands defined in the \"scribe\" "
                           "namespace.  \n", 1),
              "fail2": bash("php artisan docs:generate",
                            "\n   ERROR  There are no commands defined in the \"docs\" "
                            "namespace.  \n", 1),
              "note": "The docs come from l5-swagger's annotations, not Scribe.",
              "ok": bash("php artisan l5-swagger:generate", "Regenerating docs default\n"),
              "done": "storage/api-docs/api-docs.json is regenerated with the packages "
                      "endpoint in it."}),
        Fact("env-mailpit", "environment", ["8025"],
             ["which port is the fake inbox on?",
              "the password reset email didn't arrive while testing locally, where do I "
              "look?"],
             "Locally mail goes to Mailpit (SMTP 1025); its inbox UI is http://localhost:8025.",
             {"goal": "where do outgoing mails end up locally? I need to check the booking "
                      "confirmation.",
              "probe": [bash("grep ^MAIL_ .env && ./vendor/bin/sail ps --format "
                             "'{{.Name}}\\t{{.Ports}}' | grep mailpit",
                             "MAIL_MAILER=smtp\nMAIL_HOST=mailpit\nMAIL_PORT=1025\n"
                             "tutorly-mailpit-1\t0.0.0.0:1025->1025/tcp, 0.0.0.0:8025->8025/tcp")],
              "confirm": "mail goes over SMTP to the Mailpit container on port 1025, and its "
                         "inbox is at http://localhost:8025 - the booking confirmation will be "
                         "there."}),
        Fact("env-tz", "environment", ["Europe/Berlin"],
             ["what timezone are lesson start times stored in?",
              "dates come out shifted by an hour, what zone is the app configured with?"],
             "The app's timezone is Europe/Berlin (APP_TIMEZONE), not UTC: now() and stored "
             "times are Berlin time.",
             {"goal": "lesson times on the tutor dashboard look an hour off, what is the app "
                      "set to?",
              "probe": [bash("php artisan about --only=environment",
                             "\n  Environment ............................................  \n"
                             "  Application Name ............................... Tutorly  \n"
                             "  Laravel Version ................................ 11.9.2  \n"
                             "  PHP Version ..................................... 8.3.7  \n"
                             "  Environment ..................................... local  \n"
                             "  Debug Mode .................................... ENABLED  \n"
                             "  URL ....................................... localhost  \n"
                             "  Maintenance Mode ................................ OFF  \n"
                             "  Timezone .............................. Europe/Berlin  \n"
                             "  Locale ......................................... de  \n")],
              "confirm": "the app runs in Europe/Berlin (APP_TIMEZONE), not UTC: now() and the "
                         "stored starts_at values are Berlin local time, and the dashboard "
                         "converts them as if they were UTC - that's the hour."}),
        Fact("gotcha-vite", "gotcha", ["npm run build"],
             ["pages crash about a missing manifest.json on a fresh checkout",
              "the css and js don't load locally and laravel throws an exception from the "
              "layout"],
             "Every page 500s with \"Vite manifest not found\" until the assets are built: "
             "`npm run build` (or keep `npm run dev` running).",
             {"symptom": "after pulling main every page throws a 500 about some manifest",
              "probe": [bash("tail -n 1 storage/logs/laravel.log",
                             "[2024-11-05 10:14:22] local.ERROR: Vite manifest not found at: "
                             "/var/www/html/public/build/manifest.json (View: /var/www/html/"
                             "resources/views/layouts/app.blade.php) {\"exception\":\"[object] "
                             "(Spatie\\\\LaravelIgnition\\\\Exceptions\\\\ViewException(code: "
                             "0): Vite manifest not found at: /var/www/html/public/build/"
                             "manifest.json")],
              "explain": "public/build is gitignored and the layout's @vite directive needs "
                         "its manifest: either keep `npm run dev` running or build the assets "
                         "once with `npm run build`.",
              "fix": [bash("npm ci && npm run build",
                           "\n> build\n> vite build\n\nvite v5.2.11 building for production...\n"
                           "✓ 48 modules transformed.\npublic/build/manifest.json             "
                           "0.27 kB │ gzip:  0.15 kB\npublic/build/assets/app-4ed993c7.css  "
                           "38.61 kB │ gzip:  7.02 kB\npublic/build/assets/app-9a2f1c3b.js   "
                           "41.37 kB │ gzip: 15.12 kB\n✓ built in 1.92s")],
              "done": "Pages render again."}),
        Fact("gotcha-configcache", "gotcha", ["config:clear"],
             ["edits to the env file have no effect",
              "why does laravel keep using old settings after I update them?"],
             "Once `php artisan config:cache` has run, .env changes are ignored until `php "
             "artisan config:clear`.",
             {"symptom": "I switched MAIL_MAILER to log in .env but it still sends through smtp",
              "probe": [bash("ls bootstrap/cache/ && php artisan tinker --execute 'echo "
                             "config(\"mail.default\");'",
                             "config.php\npackages.php\nservices.php\nsmtp")],
              "explain": "Someone ran `php artisan config:cache`: bootstrap/cache/config.php is "
                         "a frozen copy of the config, and while it exists .env isn't read at "
                         "all. Clear it with `php artisan config:clear` (and don't cache config "
                         "in development).",
              "fix": [bash("php artisan config:clear && php artisan tinker --execute 'echo "
                           "config(\"mail.default\");'",
                           "\n   INFO  Configuration cache cleared successfully.  \n\nlog")],
              "done": "The app reads .env again: mail.default is log."}),
        Fact("fals-octane", "falsified", ["octane"],
             ["could we keep the app booted in memory between requests to cut latency?",
              "has anyone tried a long-running php server for this app?"],
             "Running under Laravel Octane (Swoole) leaked state between requests (the "
             "CurrentTutor singleton showed other tutors' lessons); removed.",
             {"ask": "try running the app under Octane with Swoole, the booking page is slow",
              "change": [bash("composer require laravel/octane && php artisan octane:install "
                              "--server=swoole",
                              "./composer.json has been updated\nUsing version ^2.5 for "
                              "laravel/octane\n\n   INFO  Octane installed successfully.  \n")],
              "broke": bash("./scripts/octane-smoke.sh",
                            "GET /dashboard as tutor 12 -> lessons of tutor 7 (expected 12)\n"
                            "GET /dashboard as tutor 7 -> ok\nstate leak: 37 of 200 requests "
                            "saw another user's data", 1),
              "revert": bash("composer remove laravel/octane && git checkout -- config",
                             "./composer.json has been updated\n  - Removing laravel/octane "
                             "(v2.5.2)"),
              "conclusion": "Took Octane out again: the app is booted once per worker, and the "
                            "CurrentTutor singleton plus two static caches keep state between "
                            "requests, so 37 of 200 requests saw another tutor's lessons. "
                            "Those need to be request-scoped first."}),
        Fact("fals-sqs", "falsified", ["sqs"],
             ["could we get rid of redis and use a managed aws queue instead?",
              "why do background jobs still go through redis?"],
             "Moving the queue to SQS failed: lesson reminders are delayed 24 h and SQS caps "
             "message delays at 900 s; stayed on redis.",
             {"ask": "move the queues from redis to SQS, we want to drop the redis box",
              "change": [bash("sed -i 's/^QUEUE_CONNECTION=redis/QUEUE_CONNECTION=sqs/' .env "
                              "&& grep ^QUEUE_CONNECTION .env", "QUEUE_CONNECTION=sqs")],
              "broke": bash("php artisan tinker --execute 'App\\Jobs\\SendLessonReminder::"
                            "dispatch(App\\Models\\Lesson::first())->delay(now()->addDay());'",
                            "\n   Aws\\Sqs\\Exception\\SqsException  Error executing "
                            "\"SendMessage\" on \"https://sqs.eu-central-1.amazonaws.com/"
                            "381492118035/tutorly-default\"; AWS HTTP error: Client error: "
                            "`POST https://sqs.eu-central-1.amazonaws.com/381492118035/"
                            "tutorly-default` resulted in a `400 Bad Request` response: "
                            "InvalidParameterValue (client): Value 86400 for parameter "
                            "DelaySeconds is invalid. Reason: must be between 0 and 900, if "
                            "provided.", 1),
              "revert": bash("sed -i 's/^QUEUE_CONNECTION=sqs/QUEUE_CONNECTION=redis/' .env", ""),
              "conclusion": "Switched back to redis: lesson reminders are dispatched with a "
                            "24-hour delay and SQS caps message delays at 900 seconds, so every "
                            "reminder dispatch fails. Dropping redis would need the reminders "
                            "moved to the scheduler first."}),
    ]
    return Project(
        "tutorly", "git@github.com:acme/tutorly.git",
        {"README.md": "# tutorly\n\nBook lessons with tutors near you.\n",
         "composer.json": "{\n    \"name\": \"acme/tutorly\",\n    \"type\": \"project\"\n}\n"},
        facts,
        noise(("app/Services/LessonPricing.php",
               "<?php\n\nnamespace App\\Services;\n\nclass LessonPricing\n{\n    public function "
               "priceFor(Tutor $tutor, int $minutes): int\n    {\n        return (int) round("
               "$tutor->hourly_rate_cents * $minutes / 60);\n    }\n}\n",
               "It prices a lesson pro rata from the tutor's hourly rate, in cents."),
              ("pricing", "php artisan test --filter=LessonPricingTest",
               "\n   PASS  Tests\\Unit\\LessonPricingTest\n  ✓ it prices a 45 minute lesson    "
               "                   0.01s  \n  ✓ it rounds to the nearest cent                  "
               "     0.01s  \n\n  Tests:    2 passed (2 assertions)\n  Duration: 0.18s\n"),
              ("getRate", "hourlyRate", "app/Models/Tutor.php",
               "    public function getRate(): int", "    public function hourlyRate(): int"),
              ("8f7e6d5 Bookings: block double booking\n4c3b2a1 Tutors: profile photos\n"
               "0a9b8c7 Bump laravel/framework to 11.9.2",
               " app/Http/Controllers/TutorController.php | 11 ++++++-----\n 1 file changed, "
               "6 insertions(+), 5 deletions(-)"),
              ("app/Support/Minutes.php",
               "<?php\n\nnamespace App\\Support;\n\nfinal class Minutes\n{\n    public static "
               "function toHuman(int $m): string\n    {\n        return intdiv($m, 60) . 'h ' . "
               "($m % 60) . 'min';\n    }\n}\n",
               "a small helper that turns 95 minutes into \"1h 35min\""),
              ("# tutorly\n\nBook lesons with tutors near you.\n",
               "Book lesons with tutors near you.", "Book lessons with tutors near you."),
              ("app/Services/LessonPricing.php", "LessonPricing::priceFor",
               "    public function priceFor(Tutor $tutor, int $minutes): int",
               "    /** Lesson price in cents, pro rata of the hourly rate. */\n    public "
               "function priceFor(Tutor $tutor, int $minutes): int")),
        "github")


def projects() -> list[Project]:
    return [dockhand(), bellhop(), gantry(), tutorly()]
