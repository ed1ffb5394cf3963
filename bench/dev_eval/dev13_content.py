"""The ``dev13`` split: four projects in stacks no other split uses (an Apache Airflow 2.9 DAG
repository for a Brazilian road-freight company - TaskFlow DAGs in docker compose, CT-e
ingestion from S3, Redshift; a Symfony 7 booking app for a Polish chain of dental clinics -
Doctrine on MariaDB, Messenger, AssetMapper, Twig, PHPUnit; a C++17 / Qt 6 Widgets desktop
viewer for an Italian lab's spectrometers - CMake presets from Conan 2, Qt Charts, QSerialPort,
Qt Test; an Elixir Nerves firmware for a Spanish greenhouse's irrigation controller on a
Raspberry Pi 3 - Circuits.GPIO relays, VintageNet, MQTT, NervesHub), ten planted facts each,
and phrasing templates of its own.

Written in the eleventh pass by a helper that read no capture or recall code, to be read
untuned. Its theme is the developer whose first language isn't English and who types tersely:
short imperative messages, missing articles, odd word order, word-for-word translations ("is
forbidden to ...", "not work, the port is other"), now and then a longer explanation. A rule
given in the same breath as the task; a rule first said vaguely and completed only when the
assistant asks; a rule the assistant reads out of the code and the user confirms with one word
("exactly"); a rule said after the assistant did it the other way. A command the user fixes by
pasting the right one with no comment; one where the user says "not work like this" and gives
the trick in a few words; one where the user pastes only a terminal block; one the assistant
digs out of a file in the repository and the user confirms. An environment fact read out of
config; one the assistant reads from config and the user corrects one detail of; one the user
states in passing with a task; one the assistant states and the user confirms with a word. A
gotcha the user found and explains in broken English; one debugged in a short exchange; one
where the user waves off the assistant's first theory and gives the cause; one fixed first and
explained only when the user asks "why". An approach tried and dropped with a terse reason ("no,
too slow, revert"); one the user tried on their own machine and rejects; one ruled out before
it is tried because it was tried already; one the assistant suggests, tries, and the user drops.

Slots are the shared ones (``templates.py``) plus: for a convention, ``why`` (the user's terse
reason), ``claimed`` (the assistant's report after doing it the other way), optional ``undo``,
``vague`` (the rule as the user first says it, without the detail), ``asks`` (the assistant's
question about the missing detail), ``clarify`` (the user's answer) and ``noticed`` (the
assistant stating the rule it read in the code); for a command, ``fail2`` (a second failed
attempt), ``hint`` (the user's few words for the trick), ``gist`` (why the plain way fails) and
``recipe`` (``(path, content)``: a file of the repository showing the command that works); for
an environment fact, ``found`` (the assistant's first reading, wrong in one detail),
``misled`` (the tools that read the stale value), ``correct`` (the user's correction) and
``said`` (the user's terse statement of the fact); for a gotcha, ``found`` (the cause in
the user's words), ``theory`` (the assistant's first guess) and ``theory_probe``; for a
falsified approach, ``why_user`` (the user's terse reason), ``pain``, ``idea`` and
``alternative``.
"""

from __future__ import annotations

import random

from .templates import find as _find
from .templates import look as _look
from .templates import run as _run
from .templates import steps as _steps
from .templates import talk as _talk
from .templates import tweak as _tweak
from .transcript import bash, edit, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _bare(command: str) -> str:
    """The command as the user would type it (without what only trims output here)."""
    command = command.split(" | ")[0].replace(" 2>&1", "")
    return " && ".join(p for p in command.split(" && ") if not p.startswith("git "))


# ------------------------------------------------------------------- phrasing templates
# Conventions: in the same breath as the task; said vaguely, then completed when the assistant
# asks; read out of the code by the assistant and confirmed with one word; said after the
# assistant did it the other way.
def conv_with_task(s: dict, rng: random.Random) -> Episode:
    lead = rng.choice(("", "attention: ", "important: ", "and "))
    return [Step(prompt=f"{s['task']}. {lead}{s['rule']}"),
            Step(text=rng.choice(("Okay.", "Understood.", "Sure, doing it that way.")),
                 tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("ok good", "good, thanks", "perfect")))]


def conv_clarified(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['task']}. {s['vague']}"),
            Step(text=s["asks"]),
            Step(prompt=s["clarify"]),
            Step(text=rng.choice(("Clear, thanks.", "Got it.", "Okay, that answers it.")),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_confirmed(s: dict, rng: random.Random) -> Episode:
    yes = rng.choice(("exactly", "yes this one", "yes. always", "correct", "yes exactly"))
    return [Step(prompt=s["task"]),
            Step(text=f"{s['noticed']} {rng.choice(('Should I keep to that?', 'Is that the rule here?', 'I will follow that - right?'))}"),
            Step(prompt=yes),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_after_contrary(s: dict, rng: random.Random) -> Episode:
    if s.get("contrary") is None:
        return conv_with_task(s, rng)
    no = rng.choice(("no.", "no no.", "not like this.", "wrong."))
    return [Step(prompt=s["task"]),
            Step(text=rng.choice(("On it.", "Sure.", "")), tools=[s["contrary"]]),
            Step(text=s["claimed"]),
            Step(prompt=f"{no} {s['rule']}. {s['why']}"),
            Step(text=rng.choice(("Sorry - fixing it.", "Understood, redoing it.",
                                  "Right, changing it.")),
                 tools=[*s.get("undo", []), *s["follow"]]),
            Step(text=s["done"])]


# Commands: the user pastes the right command without a word; "not work like this" and the
# trick in a few words; the user pastes only a terminal block; the assistant finds the command in
# a file of the repository and the user confirms.
def cmd_pasted_silently(s: dict, rng: random.Random) -> Episode:
    good = _bare(s["ok"].command)
    typed = rng.choice((good, f"`{good}`", f"{good}\n"))
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2") is not None:
        steps.append(Step(text=s["note"], tools=[s["fail2"]]))
    steps += [Step(text=rng.choice(("That fails too. Is there a usual way to run this here?",
                                    "Still failing - do you know how this is run in this repo?",
                                    "Not working. Maybe there is a wrapper for this?"))),
              Step(prompt=typed),
              Step(tools=[s["ok"]]),
              Step(text=s["done"])]
    return steps


def cmd_not_work(s: dict, rng: random.Random) -> Episode:
    head = rng.choice(("not work like this.", "no, like this not work.", "not so."))
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2") is not None:
        steps.append(Step(text=s["note"], tools=[s["fail2"]]))
    return [*steps,
            Step(prompt=f"{head} {s['hint']}"),
            Step(text=rng.choice(("Ah, thanks.", "Okay, trying that.", "I see.")),
                 tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_terminal_paste(s: dict, rng: random.Random) -> Episode:
    fail = s["fail"]
    tail = rng.choice(("?", "why", "help", "what is wrong"))
    return [Step(prompt=f"```\n$ {_bare(fail.command)}\n{fail.output}\n```\n{tail}"),
            Step(text=f"{s['gist']} {rng.choice(('Running it that way:', 'Like this:'))}",
                 tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("ok thanks", "ah. ok", "good")))]


def cmd_from_file(s: dict, rng: random.Random) -> Episode:
    path, content = s["recipe"]
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=rng.choice(("That fails. Let me see how the repository runs it.",
                                  "Failed - checking whether the repo has its own way.")),
                 tools=[read(path, content)]),
            Step(text=f"{path} does it differently. {s['gist']}", tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("exactly, this one", "yes is this", "yes, like this")))]


# Environment facts: read out of config; read out of config and one detail corrected by the
# user; said by the user with a task; stated by the assistant and confirmed with a word.
def env_read(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=rng.choice(("", "Checking the config.", "Let me look.")),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_corrected(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(tools=s["misled"]),
            Step(text=s["found"]),
            Step(prompt=s["correct"]),
            Step(text=rng.choice(("Checking.", "Let me verify.", "")), tools=s["probe"]),
            Step(text=f"{rng.choice(('You are right.', 'Thanks, corrected.', 'Right.'))} "
                      f"{s['confirm']}")]


def env_user_says(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['goal']}. {s['said']}"),
            Step(tools=s["probe"]),
            Step(text=s["confirm"])]


def env_confirmed(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']} {rng.choice(('Is that right?', 'Correct?', 'Does that match what you have?'))}"),
            Step(prompt=rng.choice(("yes", "exactly", "yes this"))),
            Step(text=rng.choice(("Good.", "Okay.")))]


# Gotchas: found by the user and explained in their words; debugged in a short exchange; the
# assistant's first theory waved off by the user, who gives the cause; fixed first, explained
# when the user asks why.
def gotcha_user_explains(s: dict, rng: random.Random) -> Episode:
    ask = rng.choice(("fix it and write comment please, so nobody lose time again",
                      "put fix with a comment", "please fix, with comment in code"))
    return [Step(prompt=f"{s['found']}. {ask}"),
            Step(text=rng.choice(("Let me confirm first.", "Checking that.")), tools=s["probe"]),
            Step(text=rng.choice(("Yes, that's it.", "Confirmed.")), tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_debugged(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("ah. ok good to know", "uff. ok thanks", "ok. crazy")))]


def gotcha_theory_waved_off(s: dict, rng: random.Random) -> Episode:
    no = rng.choice(("no, is not this.", "not this.", "no no."))
    return [Step(prompt=s["symptom"]),
            Step(text=s["theory"], tools=[s["theory_probe"]]),
            Step(prompt=f"{no} {s['found']}"),
            Step(text=rng.choice(("Ah - let me look at that.", "Okay, checking.")),
                 tools=s["probe"]),
            Step(text=rng.choice(("You're right.", "Yes, that's the cause.")),
                 tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_why_after(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(tools=s["probe"]),
            Step(text=rng.choice(("Found it, fixing.", "Here's the fix.")),
                 tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("why?", "ok works. but why", "why this fix it?"))),
            Step(text=s["explain"])]


# Falsified approaches: tried and dropped with a terse reason; the user tried it on their own
# machine and rejects it; ruled out before trying, because it was tried already; suggested by
# the assistant, tried, dropped by the user.
def fals_terse_revert(s: dict, rng: random.Random) -> Episode:
    rev = rng.choice(("revert", "revert please", "go back", "remove it"))
    return [Step(prompt=s["ask"]),
            Step(text=rng.choice(("Okay, trying it.", "Making the change.", "")),
                 tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt=f"no, {s['why_user']}. {rev}"),
            Step(tools=[s["revert"]]),
            Step(text=rng.choice(("Reverted.", "Reverted - back to how it was.")))]


def fals_user_tried(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]),
            Step(tools=s["change"]),
            Step(text=rng.choice(("Done - can you try it on your side?",
                                  "Changed. Want to give it a try?"))),
            Step(prompt=f"i tried. {s['why_user']}. {rng.choice(('go back', 'revert', 'undo all'))}"),
            Step(text=rng.choice(("Let me see what you saw first.", "Checking.")),
                 tools=[s["broke"]]),
            Step(text=s["conclusion"], tools=[s["revert"]]),
            Step(text="Reverted.")]


def fals_tried_already(s: dict, rng: random.Random) -> Episode:
    when = rng.choice(("last year", "in march", "before summer", "already two times"))
    return [Step(prompt=s["pain"] + rng.choice((". idea?", ". what we can do?", ""))),
            Step(text=f"One option would be {s['idea']}."),
            Step(prompt=f"no. this we tried {when}, {s['why_user']}. other idea"),
            Step(text=f"Okay, not that then. {s['alternative']}")]


def fals_suggested_dropped(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["pain"] + rng.choice((". suggestions?", ". what you propose?"))),
            Step(text=f"We could try {s['idea']}. Want me to try it?"),
            Step(prompt=rng.choice(("ok try", "try", "yes try it"))),
            Step(tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt=f"{rng.choice(('hm.', 'no.', 'ok no.'))} {s['why_user']}. revert"),
            Step(tools=[s["revert"]]),
            Step(text="Reverted.")]


TEMPLATES = {
    "convention": [conv_with_task, conv_clarified, conv_confirmed, conv_after_contrary],
    "command": [cmd_pasted_silently, cmd_not_work, cmd_terminal_paste, cmd_from_file],
    "environment": [env_read, env_corrected, env_user_says, env_confirmed],
    "gotcha": [gotcha_user_explains, gotcha_debugged, gotcha_theory_waved_off,
               gotcha_why_after],
    "falsified": [fals_terse_revert, fals_user_tried, fals_tried_already,
                  fals_suggested_dropped],
}

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (frete-dags, gabinet-rezerwacje, spettro-viewer, riego-nerves, in turn).
UNRELATED = [
    "add task in ingest_ctes that count the xml with schema error and log the total",
    "add phone field in patient form, with validation for polish mobile numbers",
    "add export of current spectrum to CSV, two columns wavelength and intensity",
    "add a GenServer that read the DS18B20 temperature sensor every minute and keep the last "
    "value",
    "what is difference between a Dataset schedule and a sensor in airflow?",
    "explain difference between a voter and a security expression in symfony",
    "difference between QSharedPointer and std::shared_ptr, which one we should use?",
    "what is difference between Task.async and spawn_link in elixir?",
    "write python function that validate brazilian CNPJ check digits",
    "write php function that format polish NIP with dashes",
    "write a C++ function that finds local maxima in a vector of doubles above a threshold",
    "write elixir function that groups readings by hour and gives the average",
    "explain how XCom passes data between tasks and where it is stored",
    "explain doctrine unit of work in simple words",
    "explain me the parent-child ownership of QObject, when is deleted",
    "explain pattern matching on maps in elixir with example",
    "how I remove from git history a big file i committed by mistake",
    "write short message in english to client that the release is delayed one week, polite",
    "translate to english: 'la calibrazione va ripetuta ogni mese con la lampada al mercurio'",
    "give me some names for a small app that tracks tomato harvest",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "frete-dags": [
        "how is the freight price per km calculated in cotacao_frete?",
        "who receives the alert email when a dag fail?",
        "do we keep the CT-e xml forever or is there retention?",
        "is ok to store the CPF of the drivers in the warehouse?",
        "should the daily report also include the cancelled CT-e?",
    ],
    "gabinet-rezerwacje": [
        "how long before the visit is the reminder sms sent?",
        "can a patient book for another person, like a child?",
        "how do we handle a doctor's holiday in the calendar?",
        "is it ok to show the patient's full PESEL on the reception screen?",
        "should cancelled visits be deleted after some time?",
    ],
    "spettro-viewer": [
        "how often the lab must recalibrate the instruments?",
        "which file format the lab wants for exporting spectra to the other software?",
        "does the app support two instruments at the same time, and should it?",
        "is it ok to save the operator name inside the exported files?",
        "what integration time is used by default for a new measurement?",
    ],
    "riego-nerves": [
        "how the controller decides when to start watering a sector?",
        "what happens to the valves if the power goes off during irrigation?",
        "how many sectors can one controller handle at most?",
        "should we also read the rain sensor and skip irrigation when it rains?",
        "who gets notified if a sector stays dry for too long?",
    ],
}


# ------------------------------------------------------------------- projects
def frete_dags() -> Project:
    """An Apache Airflow 2.9 repository of DAGs for a Brazilian road-freight company: CT-e
    (electronic transport documents) ingested from S3, freight price tables per carrier, the
    ANP diesel price, daily reports; TaskFlow DAGs run in docker compose, Redshift as the
    warehouse. The developer writes in Portuguese-flavoured English."""
    cot = "dags/cotacao_frete.py"
    ing = "dags/ingest_ctes.py"
    integrity = "pytest tests/test_dag_integrity.py -q"
    facts = [
        Fact("conv-tz", "convention", ["Sao_Paulo"],
             ["I'm adding a new DAG that must run at 7 in the morning for the ops team - how do "
              "I set the start_date so the hour is right?",
              "which timezone our dags are scheduled in? the cron hour is utc or what?"],
             "Every DAG's start_date is pendulum.datetime(..., tz=\"America/Sao_Paulo\") - "
             "never a naive datetime or days_ago - so cron hours are São Paulo time, not UTC.",
             {"rule": "start_date always with pendulum and tz America/Sao_Paulo. is forbidden "
                      "datetime naked or days_ago",
              "why": "operation team think in Brasília hour, with utc the run of 6h happen at 3h "
                     "and fall on wrong day",
              "task": "create new dag pedagio_antt, daily 6 in the morning, one task that call "
                      "baixar_tabela from include/antt.py",
              "contrary": write("dags/pedagio_antt.py",
                                "from datetime import datetime\n\nfrom airflow.decorators "
                                "import dag, task\n\nfrom include.antt import baixar_tabela\n\n\n"
                                "@dag(schedule=\"0 6 * * *\", start_date=datetime(2024, 6, 1), "
                                "catchup=False, tags=[\"pedagio\"])\ndef pedagio_antt():\n    "
                                "@task\n    def baixar():\n        return baixar_tabela()\n\n"
                                "    baixar()\n\n\npedagio_antt()\n"),
              "claimed": "Created dags/pedagio_antt.py: a daily DAG at 06:00 with one task "
                         "calling baixar_tabela, start_date datetime(2024, 6, 1), catchup off.",
              "follow": [write("dags/pedagio_antt.py",
                               "import pendulum\n\nfrom airflow.decorators import dag, task\n\n"
                               "from include.antt import baixar_tabela\n\n\n@dag(schedule=\"0 6 "
                               "* * *\", start_date=pendulum.datetime(2024, 6, 1, tz=\"America/"
                               "Sao_Paulo\"), catchup=False, tags=[\"pedagio\"])\ndef "
                               "pedagio_antt():\n    @task\n    def baixar():\n        return "
                               "baixar_tabela()\n\n    baixar()\n\n\npedagio_antt()\n"),
                         bash(integrity + " -k pedagio", "1 passed in 3.41s")],
              "done": "dags/pedagio_antt.py is in: start_date is pendulum.datetime(2024, 6, 1, "
                      "tz=\"America/Sao_Paulo\"), so `0 6 * * *` fires at 06:00 São Paulo time "
                      "rather than 06:00 UTC; catchup is off and the integrity test loads it.",
              "vague": "start_date with our timezone, like the others",
              "asks": "Which timezone exactly - America/Sao_Paulo for all of them, or do some "
                      "DAGs (the Manaus branch?) use another one? And built with pendulum or "
                      "with zoneinfo?",
              "clarify": "pendulum, America/Sao_Paulo. all dags, also manaus, the ops team is in "
                         "são paulo. never datetime naked, never days_ago",
              "noticed": "The existing DAGs all build start_date with pendulum.datetime(..., "
                         "tz=\"America/Sao_Paulo\") - no naive datetime, no days_ago - so their "
                         "cron hours are local time. I'll do the same for pedagio_antt."}),
        Fact("conv-var-template", "convention", ["var.value"],
             ["i need a config value from airflow Variables in my dag, where I should read it?",
              "is it ok to call Variable.get at the top of a DAG file to read a setting?"],
             "Never call Variable.get at module level in a DAG file (the scheduler parses every "
             "file every 30 s, one metadata-DB query each): read Airflow variables through "
             "templates like {{ var.value.ctes_prefix }} in templated fields, or inside a task.",
             {"rule": "is forbidden Variable.get on top of dag file. only inside the task, or in "
                      "template with {{ var.value.name }}",
              "why": "scheduler parse the files every 30 seconds, each Variable.get is one query "
                     "in metadata db. we had the db at 100% cpu for this",
              "task": "the ingest_ctes dag must take the s3 prefix from airflow variable "
                      "ctes_prefix, not hardcoded",
              "contrary": edit(ing, "PREFIX = \"ctes/recebidos/\"\n",
                               "PREFIX = Variable.get(\"ctes_prefix\")\n"),
              "claimed": "ingest_ctes now reads the prefix with PREFIX = Variable.get("
                         "\"ctes_prefix\") at the top of the file (and imports Variable).",
              "undo": [edit(ing, "PREFIX = Variable.get(\"ctes_prefix\")\n",
                            "PREFIX = \"ctes/recebidos/\"\n")],
              "follow": [edit(ing, "    lista = S3ListOperator(task_id=\"lista\", bucket=BUCKET, "
                                   "prefix=PREFIX)\n",
                              "    lista = S3ListOperator(task_id=\"lista\", bucket=BUCKET, "
                                   "prefix=\"{{ var.value.ctes_prefix }}\")\n"),
                         edit(ing, "PREFIX = \"ctes/recebidos/\"\n", ""),
                         bash(integrity + " -k ingest_ctes", "2 passed in 3.88s")],
              "done": "The prefix now comes from the template \"{{ var.value.ctes_prefix }}\" in "
                      "S3ListOperator's prefix (a templated field), rendered only when the task "
                      "runs - parsing the file does no metadata-DB query.",
              "vague": "but attention with the variable, not in the top of the file",
              "asks": "Do you mean no Variable.get at module level at all? Then it's either "
                      "reading it inside a @task, or a Jinja template in a templated field - "
                      "which do you prefer here?",
              "clarify": "yes nothing at module level, scheduler parse every 30s and each "
                         "Variable.get is a query in metadata db. prefix of S3ListOperator is "
                         "templated so use {{ var.value.ctes_prefix }}",
              "noticed": "None of the other DAGs call Variable.get at module level: they read "
                         "Airflow variables through templates like {{ var.value.ctes_bucket }} "
                         "in templated fields, or inside tasks. I'll do the same for "
                         "ctes_prefix."}),
        Fact("cmd-tasks-test", "command", ["exec airflow-scheduler"],
             ["how do I run only one task of a dag for a date, to debug, without triggering the "
              "whole dag?",
              "airflow: command not found on my laptop when I try to test a task, how are we "
              "supposed to run it?"],
             "Airflow commands run inside the compose containers, not on the host: e.g. `docker "
             "compose exec airflow-scheduler airflow tasks test cotacao_frete calcula_tabela "
             "2024-06-03` to test one task for a date.",
             {"goal": "test the task calcula_tabela of cotacao_frete for 2024-06-03, without "
                      "scheduler",
              "fail": bash("airflow tasks test cotacao_frete calcula_tabela 2024-06-03",
                           "bash: airflow: command not found", 127),
              "note": "Airflow isn't on the PATH. Trying the project's venv.",
              "fail2": bash(".venv/bin/airflow tasks test cotacao_frete calcula_tabela "
                            "2024-06-03",
                            "[2024-06-10T09:12:44.120-0300] {dagbag.py:588} ERROR - Failed to "
                            "import: dags/cotacao_frete.py\nModuleNotFoundError: No module "
                            "named 'include'\nairflow.exceptions.DagNotFound: Dag id "
                            "cotacao_frete not found in DagBag", 1),
              "hint": "airflow is only inside the containers. docker compose exec "
                      "airflow-scheduler airflow tasks test ...",
              "ok": bash("docker compose exec airflow-scheduler airflow tasks test "
                         "cotacao_frete calcula_tabela 2024-06-03",
                         "[2024-06-10 12:14:02,337] {taskinstance.py:2905} INFO - Executing "
                         "<Task(_PythonDecoratedOperator): calcula_tabela> on 2024-06-03\n"
                         "[2024-06-10 12:14:09,118] {cotacao_frete.py:71} INFO - 412 linhas "
                         "gravadas em tabela_frete\n[2024-06-10 12:14:09,140] "
                         "{taskinstance.py:1206} INFO - Marking task as SUCCESS. "
                         "dag_id=cotacao_frete, task_id=calcula_tabela"),
              "done": "Ran it in the scheduler container with `docker compose exec "
                      "airflow-scheduler airflow tasks test cotacao_frete calcula_tabela "
                      "2024-06-03`: success, 412 rows written to tabela_frete. Airflow and the "
                      "include/ package only exist inside the containers, not on the host.",
              "gist": "Airflow isn't installed on the host here - Airflow and the include/ "
                      "package live in the compose containers, so airflow CLI commands go "
                      "through docker compose exec in the scheduler container.",
              "recipe": ("Makefile",
                         "up:\n\tdocker compose up -d\n\ntask-test:\n\tdocker compose exec "
                         "airflow-scheduler airflow tasks test $(DAG) $(TASK) $(DATE)\n\n"
                         "lint:\n\truff check dags include\n")}),
        Fact("cmd-constraints", "command", ["constraints-2.9.3.txt"],
             ["pip keeps failing with ResolutionImpossible when I set up a venv for this repo, "
              "how do you install the deps?",
              "how to install the python packages of the dag repo locally so they are the same "
              "as in the docker image?"],
             "Install the Python deps only against Airflow's constraint file kept at the repo "
             "root: `pip install -r requirements.txt -c constraints-2.9.3.txt` (a free pip "
             "resolve fails with ResolutionImpossible).",
             {"goal": "install the requirements in a local venv, i want autocomplete in editor",
              "fail": bash("pip install -r requirements.txt",
                           "ERROR: Cannot install apache-airflow-providers-amazon==8.24.0 and "
                           "apache-airflow==2.9.3 because these package versions have "
                           "conflicting dependencies.\n\nThe conflict is caused by:\n    "
                           "apache-airflow-providers-amazon 8.24.0 depends on "
                           "apache-airflow-providers-common-sql>=1.3.1\n    apache-airflow "
                           "2.9.3 depends on sqlalchemy<2.0\n\nERROR: ResolutionImpossible", 1),
              "note": "The resolver can't reconcile the provider pins. Trying with an upgrade "
                      "strategy that leaves what's installed alone.",
              "fail2": bash("pip install -r requirements.txt --upgrade-strategy only-if-needed",
                            "INFO: pip is looking at multiple versions of "
                            "apache-airflow-providers-common-sql to determine which version is "
                            "compatible with other requirements. This could take a while.\n"
                            "ERROR: ResolutionImpossible", 1),
              "hint": "always with the constraint of airflow, the file is in root. pip install "
                      "-r requirements.txt -c constraints-2.9.3.txt",
              "ok": bash("pip install -r requirements.txt -c constraints-2.9.3.txt",
                         "Successfully installed apache-airflow-2.9.3 "
                         "apache-airflow-providers-amazon-8.24.0 "
                         "apache-airflow-providers-common-sql-1.14.0 pandas-2.1.4 "
                         "redshift-connector-2.1.1 sqlalchemy-1.4.52"),
              "done": "Installed with `pip install -r requirements.txt -c "
                      "constraints-2.9.3.txt`: Airflow's constraint file pins every transitive "
                      "dependency, so pip has nothing to search and the versions match the "
                      "image.",
              "gist": "Airflow doesn't install with a free pip resolve - its dependency tree "
                      "only resolves against the official constraint file, which this repo "
                      "keeps at the root as constraints-2.9.3.txt.",
              "recipe": ("Dockerfile",
                         "FROM apache/airflow:2.9.3-python3.11\nCOPY requirements.txt "
                         "constraints-2.9.3.txt /tmp/\nRUN pip install --no-cache-dir -r "
                         "/tmp/requirements.txt -c /tmp/constraints-2.9.3.txt\n")}),
        Fact("env-ui-port", "environment", ["8089"],
             ["I started the compose stack but localhost:8080 shows nothing, where is the "
              "airflow webserver?",
              "on which address I open the airflow web interface when running locally?"],
             "Locally the Airflow UI is at http://localhost:8089: docker-compose.override.yml "
             "maps host port 8089 to the webserver's 8080 (8080 on the host is taken).",
             {"goal": "what is the url of airflow ui on my machine? want to see the grid of "
                      "cotacao_frete",
              "misled": [read("docker-compose.yml",
                              "services:\n  airflow-webserver:\n    <<: *airflow-common\n    "
                              "command: webserver\n    ports:\n      - \"8080:8080\"\n")],
              "found": "docker-compose.yml publishes the webserver on 8080:8080, so it's "
                       "http://localhost:8080.",
              "correct": "not work, on 8080 there is nothing. we have the override file, the "
                         "port there is different",
              "probe": [read("docker-compose.override.yml",
                             "services:\n  airflow-webserver:\n    ports: !override\n      - "
                             "\"8089:8080\"\n"),
                        bash("curl -s localhost:8089/health",
                             '{"metadatabase": {"status": "healthy"}, "scheduler": '
                             '{"status": "healthy"}}')],
              "confirm": "The Airflow UI is at http://localhost:8089 - "
                         "docker-compose.override.yml replaces the port mapping with "
                         "8089:8080, and /health answers there.",
              "said": "i remember is 8089 and not 8080, because of the override, but check"}),
        Fact("env-region", "environment", ["sa-east-1"],
             ["which aws region should my athena / boto3 client use for the raw cte files?",
              "where are the CT-e xml documents landing, in what region?"],
             "The raw CT-e XMLs are in s3://rodamais-ctes-raw, region sa-east-1 (São Paulo) - "
             ".env.example's us-east-1 is out of date.",
             {"goal": "where the raw CT-e xml are stored, which bucket and region? i need for "
                      "athena query",
              "misled": [read(".env.example",
                              "AIRFLOW_UID=50000\nAWS_DEFAULT_REGION=us-east-1\nRAW_BUCKET="
                              "rodamais-ctes-raw\n")],
              "found": "From .env.example: the bucket rodamais-ctes-raw, in us-east-1.",
              "correct": "bucket is right, region no. the bucket is in são paulo region. the "
                         "example file is old",
              "probe": [bash("aws s3api get-bucket-location --bucket rodamais-ctes-raw",
                             '{\n    "LocationConstraint": "sa-east-1"\n}')],
              "confirm": "The raw CT-e XMLs are in s3://rodamais-ctes-raw, which is in "
                         "sa-east-1 (São Paulo); Athena and boto3 need that region, not the "
                         "us-east-1 in .env.example.",
              "said": "i think the bucket is sa-east-1 but not sure"}),
        Fact("gotcha-interval-end", "gotcha", ["data_interval_end"],
             ["why a daily dag that runs at 18h processes the data of the previous day? how do "
              "I get the date of the run itself?",
              "what should I use in a DAG template to get today's date for the run, ds gives "
              "me yesterday"],
             "{{ ds }} is the logical date = start of the data interval, so a run at 18:00 on "
             "6 June has ds 5 June; for the run's own day use {{ data_interval_end | ds }} "
             "(fixed in preco_diesel).",
             {"symptom": "the diesel price in tabela_frete is always of yesterday. dag "
                         "preco_diesel run every day 18h and take price from ANP, but is saved "
                         "price of day before. run is green",
              "probe": [read("dags/preco_diesel.py",
                             "@dag(schedule=\"0 18 * * *\", catchup=False, tags=[\"anp\"])\n"
                             "def preco_diesel():\n    @task\n    def busca(data_ref: str):\n"
                             "        return anp.preco_medio(data_ref)\n\n    grava(busca("
                             "data_ref=\"{{ ds }}\"))\n"),
                        bash("docker compose run --rm airflow-cli dags list-runs -d "
                             "preco_diesel --start-date 2024-06-05",
                             "dag_id       | run_id                                | state   "
                             "| execution_date            | start_date\npreco_diesel | "
                             "scheduled__2024-06-05T21:00:00+00:00 | success | "
                             "2024-06-05T21:00:00+00:00 | 2024-06-06T21:00:03+00:00")],
              "explain": "{{ ds }} is the logical date, which in Airflow 2 is the start of the "
                         "data interval, not the moment the run happens. The 18:00 run that "
                         "executes on 6 June covers 5 June 18:00 → 6 June 18:00, so its ds is "
                         "2024-06-05 - the day before. For the run's own day the task needs the "
                         "end of the interval: {{ data_interval_end | ds }}.",
              "fix": [edit("dags/preco_diesel.py",
                           "    grava(busca(data_ref=\"{{ ds }}\"))\n",
                           "    # ds = start of the interval (yesterday for this schedule); we "
                           "want the run's own day\n    grava(busca(data_ref=\"{{ "
                           "data_interval_end | ds }}\"))\n")],
              "done": "preco_diesel now passes data_ref as {{ data_interval_end | ds }}, so the "
                      "run on 6 June at 18:00 fetches the 6 June price.",
              "found": "i found why diesel price is of yesterday. {{ ds }} is not the day of "
                       "run, is the start of interval, so run of today 18h has ds of yesterday. "
                       "we need {{ data_interval_end | ds }}",
              "theory": "Maybe ANP only publishes the day's price after 18:00, so at run time "
                        "only yesterday's exists. Checking the API for today.",
              "theory_probe": bash("curl -s 'https://api.anp.example/precos/diesel?data="
                                   "2024-06-06' | jq '.data, .preco_medio'",
                                   "\"2024-06-06\"\n6.12")}),
        Fact("gotcha-sensor-mode", "gotcha", ["reschedule"],
             ["our sensors that wait for the carriers' files block everything else for hours, "
              "what is the right setting for them?",
              "why everything stay in queued when some S3 sensors are waiting?"],
             "The S3KeySensors waiting for carrier files must use mode=\"reschedule\": in the "
             "default poke mode each holds a pool slot while waiting (up to 12 h) and the 16 "
             "of them filled default_pool.",
             {"symptom": "all dags stuck in queued from the morning, nothing run. scheduler is "
                         "up",
              "probe": [bash("docker compose run --rm airflow-cli pools list",
                             "pool         | slots | description\ndefault_pool | 16    | "
                             "Default pool"),
                        bash("docker compose run --rm airflow-cli tasks states-for-dag-run "
                             "arquivos_transportadoras scheduled__2024-06-09T09:00:00+00:00 | "
                             "grep -c running", "16"),
                        read("dags/arquivos_transportadoras.py",
                             "    espera = S3KeySensor.partial(\n        task_id=\"espera_"
                             "arquivo\", bucket_name=BUCKET, poke_interval=300, timeout=12 * "
                             "3600,\n    ).expand_kwargs(chaves_por_transportadora())\n")],
              "explain": "Every slot of default_pool (16) is held by a sensor: the espera_arquivo "
                         "S3KeySensors run in the default poke mode, so each keeps its worker "
                         "slot for the whole wait - up to 12 hours when a carrier sends late. "
                         "With 16 carriers pending nothing else can start. With "
                         "mode=\"reschedule\" a sensor gives the slot back between pokes.",
              "fix": [edit("dags/arquivos_transportadoras.py",
                           "poke_interval=300, timeout=12 * 3600,\n",
                           "poke_interval=300, timeout=12 * 3600,\n        # poke mode holds a "
                           "pool slot for hours while waiting\n        mode=\"reschedule\",\n")],
              "done": "The carrier-file sensors now use mode=\"reschedule\": they free the slot "
                      "between the 5-minute checks, and the queued runs have started.",
              "found": "the problem of queued is the sensors of transportadora files. they are "
                       "poke mode and each one keep one slot of the pool all day waiting. must "
                       "be mode reschedule",
              "theory": "Could be the scheduler itself - checking its recent log.",
              "theory_probe": bash("docker compose logs --since 1h airflow-scheduler | tail -n 2",
                                   "airflow-scheduler-1  | INFO - Not executing <TaskInstance: "
                                   "relatorio_diario.gera scheduled__2024-06-09 [scheduled]> "
                                   "since the number of open slots in default_pool is 0\n"
                                   "airflow-scheduler-1  | INFO - 1 tasks up for execution")}),
        Fact("fals-task-mapping", "falsified", ["dynamic task mapping"],
             ["can we split cotacao_frete in one airflow task per carrier so a failed carrier "
              "can be retried alone?",
              "why is cotacao_frete one big task and not one for each transportadora?"],
             "Dynamic task mapping (one mapped task per carrier) was tried on cotacao_frete and "
             "reverted: ~2,870 mapped instances choked the scheduler and the run hit the 30-min "
             "dagrun_timeout (the single task takes ~7 min).",
             {"ask": "make cotacao_frete one task per transportadora with dynamic task mapping, "
                     "so when one fail we retry only this one",
              "change": [edit(cot, "    calcula_tabela()\n",
                              "    calcula_tabela.expand(transportadora=lista_"
                              "transportadoras())\n")],
              "broke": bash("docker compose run --rm airflow-cli dags test cotacao_frete "
                            "2024-06-03 2>&1 | tail -3",
                            "INFO - calcula_tabela: 2870 mapped task instances created\n"
                            "ERROR - DagRun cotacao_frete @ 2024-06-03 exceeded dagrun_timeout "
                            "0:30:00, marking failed (1904 of 2870 mapped instances done)\n"
                            "airflow.exceptions.AirflowException: DagRun failed", 1),
              "revert": bash(f"git checkout -- {cot}", ""),
              "conclusion": "With dynamic task mapping the DAG expands to 2,870 mapped "
                            "instances (one per carrier and route), and the scheduler spends "
                            "the run scheduling them: it hit the 30-minute dagrun_timeout with "
                            "two thirds done, where the single task takes about 7 minutes.",
              "why_user": "too slow, and the scheduler almost die with so many tasks",
              "pain": "when cotacao_frete fail for one transportadora we rerun everything, 7 "
                      "minutes",
              "idea": "dynamic task mapping - one mapped task per transportadora, so a retry "
                      "only reruns the failed one",
              "alternative": "Then keep one task but make it resumable: write each carrier's "
                             "rows in its own transaction and, on a retry, skip carriers "
                             "already written for that date."}),
        Fact("fals-polars", "falsified", ["polars"],
             ["the pandas transform eats too much memory, could we swap to a faster dataframe "
              "library?",
              "why we don't use something faster than pandas for the tabela transform?"],
             "Rewriting include/transform/tabela.py in polars was tried and reverted: the "
             "workers' old Xeons lack AVX2 (SIGILL; polars-lts-cpu loses the gain) and the "
             "Redshift writer needs pandas anyway.",
             {"ask": "change the transform in include/transform/tabela.py from pandas to "
                     "polars, pandas use 9 GB of ram on the worker",
              "change": [edit("include/transform/tabela.py", "import pandas as pd\n",
                              "import polars as pl\n"),
                         edit("requirements.txt", "pandas\n", "pandas\npolars==0.20.31\n")],
              "broke": bash("docker compose build -q && docker compose run --rm airflow-cli "
                            "dags test cotacao_frete 2024-06-03 2>&1 | tail -5",
                            "RuntimeWarning: Missing required CPU features.\nThe following "
                            "required CPU features were not detected:\n    avx2, fma, bmi1, "
                            "bmi2, lzcnt, movbe\nInstall the `polars-lts-cpu` package instead "
                            "of `polars` to run Polars with better compatibility.\nINFO - Task "
                            "exited with return code Negsignal.SIGILL", 1),
              "revert": bash("git checkout -- include/transform/tabela.py requirements.txt", ""),
              "conclusion": "The worker nodes are old Xeons without AVX2, so the standard "
                            "polars wheel dies with SIGILL. polars-lts-cpu would run, but "
                            "without the SIMD paths much of the gain goes, and the Redshift "
                            "writer takes a pandas frame, so we'd convert back at the end "
                            "anyway.",
              "why_user": "the workers we cannot change, and convert back to pandas for "
                          "redshift kill the gain",
              "pain": "the transform of tabela uses 9 GB of ram on the worker, sometimes OOM "
                      "killed",
              "idea": "rewriting the transform in polars instead of pandas",
              "alternative": "Then shrink pandas' footprint: read the CSVs with explicit "
                             "dtypes (category for UF and carrier, float32 for prices) and "
                             "process one state at a time - that usually halves the memory."}),
    ]
    noise = [
        _look("what does include/cte_parser.py do? i never opened",
              "include/cte_parser.py",
              "NS = {\"cte\": \"http://www.portalfiscal.inf.br/cte\"}\n\n\ndef parse(xml: "
              "bytes) -> dict:\n    root = etree.fromstring(xml)\n    inf = root.find(\".//cte:"
              "infCte\", NS)\n    return {\n        \"chave\": inf.get(\"Id\")[3:],\n        "
              "\"emitente\": inf.findtext(\"cte:emit/cte:CNPJ\", namespaces=NS),\n        "
              "\"valor\": Decimal(inf.findtext(\"cte:vPrest/cte:vTPrest\", namespaces=NS)),\n"
              "        \"uf_ini\": inf.findtext(\"cte:ide/cte:UFIni\", namespaces=NS),\n        "
              "\"uf_fim\": inf.findtext(\"cte:ide/cte:UFFim\", namespaces=NS),\n    }\n",
              "It parses one CT-e XML into a dict: the 44-digit access key (the Id without its "
              "'CTe' prefix), the issuer's CNPJ, the total service value as a Decimal, and the "
              "start and end states of the transport."),
        _find("where we use RedshiftSQLHook", "RedshiftSQLHook",
              ["include/warehouse.py", "dags/relatorio_diario.py", "tests/test_warehouse.py"],
              "Three places: the warehouse helper, the daily report DAG and the helper's test."),
        _tweak("typo in log of ingest_ctes, is 'arquivo processdo'", ing,
               "log.info(\"arquivo processdo: %s\", chave)",
               "log.info(\"arquivo processado: %s\", chave)"),
        _run("ruff on dags and include", "ruff check dags include", "All checks passed!",
             "Clean."),
        _talk("difference between @task and PythonOperator? the new guy ask me",
              "Same thing underneath - @task wraps the function in a PythonOperator. The "
              "difference is ergonomics: with @task the return value goes to XCom "
              "automatically and calling one task with another's result wires the dependency "
              "and the XCom pull for you. With PythonOperator you set python_callable and "
              "op_kwargs and pull XComs yourself."),
        _steps("write test for cte_parser with the xml in tests/fixtures/cte_exemplo.xml",
               [write("tests/test_cte_parser.py",
                      "from decimal import Decimal\nfrom pathlib import Path\n\nfrom "
                      "include.cte_parser import parse\n\n\ndef test_parse_exemplo():\n    xml "
                      "= Path(\"tests/fixtures/cte_exemplo.xml\").read_bytes()\n    cte = "
                      "parse(xml)\n    assert len(cte[\"chave\"]) == 44\n    assert "
                      "cte[\"valor\"] == Decimal(\"1835.40\")\n    assert (cte[\"uf_ini\"], "
                      "cte[\"uf_fim\"]) == (\"SP\", \"PR\")\n"),
                bash("pytest tests/test_cte_parser.py -q", "1 passed in 0.21s")],
              "Added a test on the example CT-e: key length, value and the SP → PR states. It "
              "passes."),
        _talk("how i rename a branch, local and remote",
              "`git branch -m old new`, then `git push origin -u new` and `git push origin "
              "--delete old`. Anyone else with the old branch checked out runs `git fetch "
              "--prune` and `git branch -u origin/new`."),
        _tweak("put retries 2 in default_args of relatorio_diario", "dags/relatorio_diario.py",
               "default_args = {\"owner\": \"dados\"}\n",
               "default_args = {\"owner\": \"dados\", \"retries\": 2}\n",
               "Done - relatorio_diario's tasks now retry twice."),
    ]
    return Project(
        "frete-dags", "git@gitlab.com:rodamais/frete-dags.git",
        {"README.md": "# frete-dags\n\nAirflow DAGs da RodaMais.\n",
         "requirements.txt": "apache-airflow-providers-amazon==8.24.0\npandas\n"},
        facts, noise, "postgres")



def gabinet_rezerwacje() -> Project:
    """A Symfony 7 app for a Polish chain of dental clinics: online booking of visits, the
    reception calendar, SMS reminders, a JSON API for the mobile app. Doctrine on MariaDB,
    Messenger (a command bus and async workers under supervisor), AssetMapper with Stimulus,
    Twig, PHPUnit; deployed with Deployer. The developer writes in Polish-flavoured English."""
    conf = "templates/booking/confirmed.html.twig"
    slots = "src/Booking/SlotProvider.php"
    facts = [
        Fact("conv-icu", "convention", ["intl-icu"],
             ["where should I put a new label that patients see on the booking page?",
              "jak dodać tekst? I mean - I need new text for patients in a template, how do we "
              "do it in this app?"],
             "Patient-facing text never goes straight into Twig or PHP: it is a key in "
             "translations/messages+intl-icu.pl.yaml (ICU plurals for counts; the old "
             "messages.pl.yaml gets no new keys).",
             {"rule": "every text for patient go in translations/messages+intl-icu.pl.yaml. is "
                      "forbidden polish text direct in twig or php",
              "why": "next month come ukrainian version, and polish plural is correct only "
                     "with icu",
              "task": "on confirmation page add text 'your visit is on {date} with dr {name}' "
                      "and under it how many days left",
              "contrary": edit(conf, "{% block body %}\n",
                               "{% block body %}\n<p>Twoja wizyta: {{ appointment.startsAt|date("
                               "'d.m.Y H:i') }} u dr {{ doctor.name }}</p>\n<p>Zostało {{ "
                               "daysLeft }} dni</p>\n"),
              "claimed": "Added both lines at the top of the confirmation page: the visit date "
                         "with the doctor, and 'Zostało X dni' under it.",
              "undo": [edit(conf, "{% block body %}\n<p>Twoja wizyta: {{ appointment.startsAt|"
                                  "date('d.m.Y H:i') }} u dr {{ doctor.name }}</p>\n<p>Zostało "
                                  "{{ daysLeft }} dni</p>\n", "{% block body %}\n")],
              "follow": [edit("translations/messages+intl-icu.pl.yaml", "booking:\n",
                              "booking:\n    confirmed:\n        when: 'Twoja wizyta: {date, "
                              "date, short} {date, time, short}, dr {doctor}'\n        "
                              "days_left: '{days, plural, one {Został # dzień} few {Zostały "
                              "# dni} many {Zostało # dni} other {Zostało # dnia}}'\n"),
                         edit(conf, "{% block body %}\n",
                              "{% block body %}\n<p>{{ 'booking.confirmed.when'|trans({date: "
                              "appointment.startsAt, doctor: doctor.name}) }}</p>\n<p>{{ "
                              "'booking.confirmed.days_left'|trans({days: daysLeft}) }}</p>\n"),
                         bash("bin/console lint:yaml translations && bin/console "
                              "debug:translation pl --only-missing",
                              "[OK] All 3 YAML files contain valid syntax.\n[OK] No missing "
                              "messages")],
              "done": "Both texts are keys in translations/messages+intl-icu.pl.yaml "
                      "(booking.confirmed.when and booking.confirmed.days_left); days_left "
                      "uses an ICU plural so 1 dzień / 2 dni / 5 dni come out right, and the "
                      "template only calls |trans.",
              "vague": "text go in translations of course",
              "asks": "Which file - there's translations/messages.pl.yaml and "
                      "translations/messages+intl-icu.pl.yaml. And should days left use a "
                      "plural form?",
              "clarify": "the intl-icu one. messages.pl.yaml we migrate away, no new keys "
                         "there. and yes plural with icu, polish has 3 forms",
              "noticed": "The templates here hold no Polish text: every patient-facing string "
                         "is a key in translations/messages+intl-icu.pl.yaml, with ICU plurals "
                         "for counts. I'll add both texts there and call |trans."}),
        Fact("conv-command-bus", "convention", ["command.bus"],
             ["I want to add an endpoint that changes the status of a visit, where does the "
              "logic go?",
              "can i just inject the entity manager in the controller and flush? is tiny "
              "change"],
             "Controllers never use the EntityManager: they build a command (src/Message) and "
             "dispatch it on command.bus; the handler (src/MessageHandler) does the work - the "
             "old-system import and the API reuse the same commands.",
             {"rule": "controller never touch EntityManager. controller make command and "
                      "dispatch on command.bus, handler do the work",
              "why": "same commands are used from import of old system and from api, so logic "
                     "only in handlers",
              "task": "add cancel of visit: button in patient panel, POST /wizyta/{id}/anuluj, "
                      "status cancelled and slot free again",
              "contrary": write("src/Controller/CancelAppointmentController.php",
                                "#[Route('/wizyta/{id}/anuluj', methods: ['POST'])]\npublic "
                                "function __invoke(Appointment $appointment, "
                                "EntityManagerInterface $em): Response\n{\n    "
                                "$appointment->cancel();\n    $em->flush();\n\n    return "
                                "$this->redirectToRoute('patient_panel');\n}\n"),
              "claimed": "Added CancelAppointmentController: it loads the appointment, calls "
                         "cancel() and flushes through the EntityManager, then redirects to "
                         "the panel.",
              "follow": [write("src/Message/CancelAppointment.php",
                               "final readonly class CancelAppointment\n{\n    public function "
                               "__construct(public int $appointmentId) {}\n}\n"),
                         write("src/MessageHandler/CancelAppointmentHandler.php",
                               "#[AsMessageHandler(bus: 'command.bus')]\nfinal class "
                               "CancelAppointmentHandler\n{\n    public function __invoke("
                               "CancelAppointment $c): void\n    {\n        $appointment = "
                               "$this->appointments->get($c->appointmentId);\n        "
                               "$appointment->cancel();\n        $this->slots->release("
                               "$appointment->slot());\n    }\n}\n"),
                         write("src/Controller/CancelAppointmentController.php",
                               "#[Route('/wizyta/{id}/anuluj', methods: ['POST'])]\npublic "
                               "function __invoke(int $id, MessageBusInterface $commandBus): "
                               "Response\n{\n    $commandBus->dispatch(new CancelAppointment("
                               "$id));\n\n    return $this->redirectToRoute('patient_panel');\n"
                               "}\n"),
                         bash("vendor/bin/phpunit tests/Functional/CancelAppointmentTest.php",
                              "OK (3 tests, 9 assertions)")],
              "done": "The controller only dispatches a CancelAppointment command on "
                      "command.bus; CancelAppointmentHandler (registered on that bus) cancels "
                      "the visit and releases the slot. Functional test passes.",
              "vague": "and logic not in controller, like always",
              "asks": "Where should it go instead - a service the controller calls, or a "
                      "Messenger command and handler like the booking flow?",
              "clarify": "messenger. command dispatched on command.bus, handler has the logic, "
                         "controller not touch entity manager. the import of old system use "
                         "same commands",
              "noticed": "The controllers here never use the EntityManager: each builds a "
                         "command in src/Message and dispatches it on command.bus, and a "
                         "handler in src/MessageHandler does the work. I'll build the "
                         "cancellation the same way."}),
        Fact("cmd-test-prepare", "command", ["test:prepare"],
             ["phpunit says unknown database gabinet_test, what do I have to run before the "
              "tests?",
              "how do I set up the test db with migrations and fixtures before running "
              "phpunit?"],
             "Before the functional tests run `composer test:prepare` (drops and recreates "
             "gabinet_test, migrates, loads fixtures), then vendor/bin/phpunit.",
             {"goal": "run functional tests, i changed the booking voter",
              "fail": bash("vendor/bin/phpunit --testsuite functional",
                           "E" * 20 + "..\n\nDoctrine\\DBAL\\Exception\\ConnectionException: "
                           "An exception occurred in the driver: SQLSTATE[HY000] [1049] "
                           "Unknown database 'gabinet_test'\n\nERRORS!\nTests: 48, "
                           "Assertions: 0, Errors: 48.", 2),
              "note": "The test database doesn't exist. Creating it first.",
              "fail2": bash("bin/console --env=test doctrine:database:create && "
                            "vendor/bin/phpunit --testsuite functional",
                            "Created database `gabinet_test` for connection named default\n"
                            "...\nSQLSTATE[42S02]: Base table or view not found: 1146 Table "
                            "'gabinet_test.doctor' doesn't exist\n\nERRORS!\nTests: 48, "
                            "Assertions: 3, Errors: 45.", 2),
              "hint": "before tests always composer test:prepare, it make db, migrations and "
                      "fixtures for test env",
              "ok": bash("composer test:prepare && vendor/bin/phpunit --testsuite functional",
                         "> bin/console --env=test doctrine:database:drop --force "
                         "--if-exists\n> bin/console --env=test doctrine:database:create\n> "
                         "bin/console --env=test doctrine:migrations:migrate -n\n> "
                         "bin/console --env=test doctrine:fixtures:load -n\n...\nOK (48 tests, "
                         "173 assertions)"),
              "done": "All 48 functional tests pass after `composer test:prepare`, which "
                      "recreates gabinet_test, runs the migrations and loads the fixtures in "
                      "the test env.",
              "gist": "The functional tests need a prepared test database: the composer "
                      "script test:prepare drops and recreates gabinet_test, migrates it and "
                      "loads the fixtures.",
              "recipe": ("composer.json",
                         "    \"scripts\": {\n        \"test:prepare\": [\n            "
                         "\"bin/console --env=test doctrine:database:drop --force "
                         "--if-exists\",\n            \"bin/console --env=test "
                         "doctrine:database:create\",\n            \"bin/console --env=test "
                         "doctrine:migrations:migrate -n\",\n            \"bin/console "
                         "--env=test doctrine:fixtures:load -n\"\n        ]\n    }\n")}),
        Fact("cmd-importmap", "command", ["importmap:install"],
             ["after git pull the stimulus controllers and the calendar js give 404 on "
              "/assets/vendor, what did i forget?",
              "how do i get the javascript packages listed in importmap.php onto my machine?"],
             "assets/vendor is not committed: after a pull that changes importmap.php run "
             "`bin/console importmap:install` (cache:clear / asset-map:compile don't help).",
             {"goal": "after pull the calendar page has no javascript, stimulus controllers "
                      "not load. fix",
              "fail": bash("curl -fsI localhost:8000/assets/vendor/@fullcalendar/core/index.js",
                           "curl: (22) The requested URL returned error: 404", 22),
              "note": "The vendored FullCalendar module isn't served. Clearing the cache and "
                      "recompiling the asset map.",
              "fail2": bash("bin/console cache:clear && bin/console asset-map:compile && "
                            "curl -fsI localhost:8000/assets/vendor/@fullcalendar/core/index.js",
                            "[OK] Cache for the \"dev\" environment (debug=true) was "
                            "successfully cleared.\n[OK] Compiled 41 assets\ncurl: (22) The "
                            "requested URL returned error: 404", 22),
              "hint": "vendor js is not in git. when importmap.php change after pull you must "
                      "do bin/console importmap:install",
              "ok": bash("bin/console importmap:install && curl -fsI "
                         "localhost:8000/assets/vendor/@fullcalendar/core/index.js | head -1",
                         "Downloaded 3 packages into assets/vendor\nHTTP/1.1 200 OK"),
              "done": "`bin/console importmap:install` downloaded the three packages new in "
                      "importmap.php into assets/vendor (gitignored); the calendar's modules "
                      "load again.",
              "gist": "assets/vendor isn't committed - the packages in importmap.php have to "
                      "be downloaded after a pull that changes it, with bin/console "
                      "importmap:install.",
              "recipe": ("README.md",
                         "# gabinet-rezerwacje\n\n## After pulling\n\n```\ncomposer install\n"
                         "bin/console importmap:install\nbin/console "
                         "doctrine:migrations:migrate -n\n```\n")}),
        Fact("env-mariadb", "environment", ["MariaDB 10.11"],
             ["what DB engine runs in production for this app, mysql or something else?",
              "what serverVersion should the DATABASE_URL have for doctrine?"],
             "The database is MariaDB 10.11 (compose.yaml mariadb:10.11, same as prod), not "
             "MySQL 8 - .env's serverVersion=8.0.32 is the recipe default; it should be "
             "serverVersion=10.11.8-MariaDB.",
             {"goal": "which database and version we use on prod? i need it for serverVersion "
                      "in doctrine config of new developer",
              "misled": [read(".env",
                              "###> doctrine/doctrine-bundle ###\nDATABASE_URL=\"mysql://app:"
                              "!ChangeMe!@127.0.0.1:3306/gabinet?serverVersion=8.0.32&charset="
                              "utf8mb4\"\n###< doctrine/doctrine-bundle ###\n")],
              "found": "From .env: MySQL 8.0.32 (serverVersion=8.0.32, utf8mb4).",
              "correct": "no, this is default from recipe, nobody change it. prod is mariadb "
                         "10.11, look compose",
              "probe": [read("compose.yaml",
                             "services:\n  database:\n    image: mariadb:10.11\n    "
                             "environment:\n      MARIADB_DATABASE: gabinet\n    ports:\n      "
                             "- \"3306\"\n"),
                        bash("docker compose exec database mariadb --version",
                             "mariadb  Ver 15.1 Distrib 10.11.8-MariaDB, for debian-linux-gnu "
                             "(x86_64)")],
              "confirm": "It's MariaDB 10.11 (compose.yaml runs mariadb:10.11, the same line "
                         "as prod), not MySQL 8 - .env still has the recipe's "
                         "serverVersion=8.0.32; it should say serverVersion=10.11.8-MariaDB so "
                         "Doctrine generates MariaDB SQL.",
              "said": "i think prod is MariaDB 10.11, not mysql"}),
        Fact("env-sms-test", "environment", ["SMSAPI_TEST=1"],
             ["if I run the visit reminder command on my laptop, will patients actually get "
              "text messages?",
              "how is sms sending configured in the dev environment, is it safe to try?"],
             "In dev, SMS go through SMSAPI in test mode (.env.dev: SMSAPI_TEST=1): validated "
             "and given an id, never delivered; only prod really sends.",
             {"goal": "the sms reminders: on my local they go really to patients? i want to "
                      "test app:reminders:send",
              "misled": [read(".env", "SMSAPI_TOKEN=\nSMSAPI_SENDER=Dentica\n")],
              "found": ".env has an empty SMSAPI_TOKEN, so locally the client can't "
                       "authenticate and nothing would be sent at all.",
              "correct": "token is not empty, is in .env.local. but is test mode, look .env.dev",
              "probe": [read(".env.dev", "APP_SECRET=dev\nSMSAPI_TEST=1\n"),
                        read("config/packages/smsapi.yaml",
                             "smsapi:\n    token: '%env(SMSAPI_TOKEN)%'\n    sender: "
                             "'%env(SMSAPI_SENDER)%'\n    test: '%env(bool:SMSAPI_TEST)%'\n")],
              "confirm": "Locally SMS go through SMSAPI in test mode: .env.dev sets "
                         "SMSAPI_TEST=1, so the API validates each message and returns an id "
                         "but delivers nothing. Only prod, without SMSAPI_TEST, really sends.",
              "said": "i think in dev is SMSAPI_TEST=1 so nothing go out, but check"}),
        Fact("gotcha-slot-cache", "gotcha", ["cache.slots"],
             ["a doctor's hours were changed but patients still see the old free times for a "
              "while, why?",
              "where are the available visit times cached, and when does it refresh?"],
             "Free slots are cached in the cache.slots pool (Redis, 15 min) and schedule "
             "changes didn't invalidate it; now the pool is tag-aware and changing working "
             "hours invalidates the doctor's tag.",
             {"symptom": "reception change hours of dr Nowak for friday, but booking page show "
                         "still old free hours. after some time is ok",
              "probe": [read(slots,
                             "public function __construct(\n    #[Target('cache.slots')] "
                             "private CacheInterface $slotsCache,\n) {}\n\npublic function "
                             "freeSlots(int $doctorId, \\DateTimeImmutable $day): array\n{\n"
                             "    return $this->slotsCache->get(\"slots_{$doctorId}_{$day->"
                             "format('Ymd')}\", fn () => $this->compute($doctorId, $day));\n}\n"),
                        read("config/packages/cache.yaml",
                             "framework:\n    cache:\n        pools:\n            cache.slots:\n"
                             "                adapter: cache.adapter.redis\n                "
                             "default_lifetime: 900\n")],
              "explain": "The free slots are cached in the cache.slots pool (Redis, 15 minutes), "
                         "keyed by doctor and day, and nothing invalidates them when working "
                         "hours change - the page serves the old hours until the entry "
                         "expires. The pool has to be tag-aware, entries tagged with the "
                         "doctor, and the tag invalidated when the hours change.",
              "fix": [edit("config/packages/cache.yaml", "                default_lifetime: 900\n",
                           "                default_lifetime: 900\n                tags: true\n"),
                      edit(slots, "fn () => $this->compute($doctorId, $day));",
                           "function (ItemInterface $item) use ($doctorId, $day) {\n        "
                           "$item->tag(\"doctor_{$doctorId}\");\n\n        return "
                           "$this->compute($doctorId, $day);\n    });"),
                      edit("src/MessageHandler/UpdateWorkingHoursHandler.php",
                           "        $this->hours->save($hours);\n",
                           "        $this->hours->save($hours);\n        // cached free slots "
                           "would show the old hours for up to 15 minutes\n        "
                           "$this->slotsCache->invalidateTags([\"doctor_{$c->doctorId}\"]);\n")],
              "done": "Changing working hours now invalidates that doctor's entries in "
                      "cache.slots (tag doctor_<id>), so the booking page shows Friday's new "
                      "hours straight away.",
              "found": "i found it, the free hours are in redis cache, pool cache.slots, 15 "
                       "minutes, and when schedule change nobody clear it",
              "theory": "Possibly HTTP caching of the slots endpoint - checking the response "
                        "headers.",
              "theory_probe": bash("curl -sI 'localhost:8000/api/slots?doctor=7&date="
                                   "2024-06-14' | grep -i cache-control",
                                   "Cache-Control: no-cache, private")}),
        Fact("gotcha-stop-workers", "gotcha", ["messenger:stop-workers"],
             ["we deployed a change in a message handler but prod still behaves the old way, "
              "what is missing?",
              "do the background workers pick up the new code by themselves after a deploy?"],
             "Messenger workers are long-running and keep the old release's code until "
             "restarted: the deploy must run bin/console messenger:stop-workers after the "
             "symlink switch (supervisor restarts them); now in deploy.php.",
             {"symptom": "after deploy yesterday the reminder sms have still old text. new "
                         "template is on server, i checked",
              "probe": [bash("ssh deploy@gabinet-prod 'ps -o pid,lstart,cmd -C php | grep "
                             "consume'",
                             " 4121 Mon Jun 10 06:02:11 2024 php /var/www/gabinet/releases/41/"
                             "bin/console messenger:consume async --time-limit=86400"),
                        read("deploy.php",
                             "task('deploy', [\n    'deploy:prepare',\n    'deploy:vendors',\n"
                             "    'database:migrate',\n    'deploy:symlink',\n    "
                             "'deploy:cleanup',\n]);\n")],
              "explain": "The Messenger worker is a long-running PHP process: it loaded the code "
                         "of release 41 when it started on Monday at 06:02 and runs it until "
                         "--time-limit ends it a day later. The deploy switches the symlink but "
                         "never tells the worker, so reminders are still rendered by the old "
                         "release. Deployer has to run bin/console messenger:stop-workers "
                         "after deploy:symlink; supervisor then starts workers on the new code.",
              "fix": [edit("deploy.php", "    'deploy:symlink',\n",
                           "    'deploy:symlink',\n    // workers keep the old release in "
                           "memory until told to stop\n    'messenger:stop-workers',\n"),
                      bash("ssh deploy@gabinet-prod 'cd /var/www/gabinet/current && php "
                           "bin/console messenger:stop-workers'",
                           "[OK] Signal successfully sent to stop any running workers.")],
              "done": "Workers restarted on the current release and the reminders use the new "
                      "text; deploy.php now runs messenger:stop-workers right after the "
                      "symlink switch.",
              "found": "i understand the sms problem. the messenger worker run from monday, it "
                       "has old code in memory. after deploy we must do "
                       "messenger:stop-workers, supervisor start it again",
              "theory": "Maybe the Twig cache of the new release wasn't warmed - checking its "
                        "cache directory.",
              "theory_probe": bash("ssh deploy@gabinet-prod 'ls -ld "
                                   "/var/www/gabinet/current/var/cache/prod/twig'",
                                   "drwxrwxr-x 203 deploy www-data 4096 Jun 11 14:20 "
                                   "/var/www/gabinet/current/var/cache/prod/twig")}),
        Fact("fals-api-platform", "falsified", ["API Platform"],
             ["is there a framework we could use to generate the REST endpoints for the mobile "
              "app instead of writing controllers?",
              "why do we write the json endpoints by hand and not use some api generator "
              "bundle?"],
             "API Platform was tried for the mobile app's JSON API and removed: by default it "
             "exposed every patient's visits and clashed with the /api login route; "
             "endpoints stay hand-written controllers.",
             {"ask": "the mobile app need json api for visits. install API Platform and expose "
                     "Appointment, faster than write controllers",
              "change": [bash("composer require api",
                              "  - Installing api-platform/core (v3.3.5): Extracting archive\n"
                              "Symfony operations: 1 recipe (api-platform/core)\n  - "
                              "Configuring api-platform/core (>=3.3): From "
                              "github.com/symfony/recipes:main"),
                         edit("src/Entity/Appointment.php", "#[ORM\\Entity(",
                              "#[ApiResource]\n#[ORM\\Entity(")],
              "broke": bash("vendor/bin/phpunit --testsuite functional",
                            "There were 5 failures:\n\n1) App\\Tests\\Functional\\"
                            "PatientApiTest::testPatientSeesOnlyOwnVisits\nFailed asserting "
                            "that 14 is identical to 2.\n\n2) App\\Tests\\Functional\\"
                            "MobileLoginTest::testLogin\nRoute \"api_login\" shadowed by "
                            "\"_api_/appointments{._format}_get_collection\"\n...\nFAILURES!\n"
                            "Tests: 48, Assertions: 160, Failures: 5.", 1),
              "revert": bash("git checkout -- . && git clean -fdq config/ src/ && composer "
                             "install -q", ""),
              "conclusion": "API Platform exposes Appointment with its own default operations "
                            "and security: GET /api/appointments returned 14 visits of other "
                            "patients to a patient who has 2, and its /api routes shadow the "
                            "mobile login. Making it safe means restating our voters on every "
                            "operation.",
              "why_user": "too much magic, and by default it show visits of other patients, is "
                          "medical data",
              "pain": "the mobile team need json endpoints for visits and we write every "
                      "controller by hand",
              "idea": "installing API Platform and exposing the Appointment entity as an API "
                      "resource",
              "alternative": "Then keep hand-written controllers but cut the boilerplate: "
                             "#[MapRequestPayload] DTOs for input, a serializer group per "
                             "endpoint for output, and the existing voters via #[IsGranted]."}),
        Fact("fals-mercure", "falsified", ["Mercure"],
             ["could the reception calendar get a server push when a new online booking comes "
              "in?",
              "why is the calendar refreshed by polling and not with server-sent events?"],
             "Live calendar updates with Mercure (Turbo Streams) were tried and dropped: the "
             "hosting's proxy closes idle connections after 60 s and can't run the hub; the "
             "calendar polls instead.",
             {"ask": "make reception calendar update live when patient book online, with "
                     "Mercure",
              "change": [bash("composer require symfony/mercure-bundle",
                              "  - Installing symfony/mercure-bundle (v0.3.9): Extracting "
                              "archive"),
                         edit("templates/reception/calendar.html.twig", "<div id=\"calendar\"",
                              "<div {{ turbo_stream_listen('calendar') }} id=\"calendar\"")],
              "broke": bash("curl -sN -m 75 -o /dev/null -w '%{http_code} %{time_total}' "
                            "'https://rezerwacje.dentica.pl/.well-known/mercure?topic=calendar'",
                            "504 60.004", 1),
              "revert": bash("git checkout -- . && composer remove symfony/mercure-bundle -q", ""),
              "conclusion": "The hub answers, but the hosting's reverse proxy closes any "
                            "connection idle for 60 seconds with a 504, so the browsers' "
                            "EventSource reconnects every minute and misses bookings in "
                            "between - and the Mercure hub is one more service the hosting plan "
                            "can't run.",
              "why_user": "hosting cut connection after 60 seconds and we cannot run the hub "
                          "there",
              "pain": "reception want the calendar update alone when somebody book online, "
                      "now they press F5",
              "idea": "pushing updates over Mercure with Turbo Streams",
              "alternative": "Then poll: wrap the calendar in a Turbo Frame that reloads "
                             "itself every 30 seconds (a small Stimulus controller calling "
                             "frame.reload()) - one cheap request per reception PC."}),
    ]
    noise = [
        _look("what do PeselValidator? i see it in Patient form", "src/Validator/PeselValidator.php",
              "public function validate(mixed $value, Constraint $constraint): void\n{\n    if "
              "(!preg_match('/^\\d{11}$/', (string) $value)) {\n        $this->context->"
              "buildViolation($constraint->message)->addViolation();\n        return;\n    }\n"
              "    $w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];\n    $sum = 0;\n    foreach ($w as $i "
              "=> $weight) {\n        $sum += $weight * (int) $value[$i];\n    }\n    if ((10 - "
              "$sum % 10) % 10 !== (int) $value[10]) {\n        $this->context->"
              "buildViolation($constraint->message)->addViolation();\n    }\n}\n",
              "It checks a PESEL: exactly 11 digits, then the checksum - the first ten digits "
              "weighted 1-3-7-9 repeating, and the last digit must equal (10 - sum mod 10) mod "
              "10. Anything else adds the constraint's violation."),
        _find("where we use AppointmentVoter", "AppointmentVoter",
              ["src/Security/AppointmentVoter.php", "src/Controller/PatientPanelController.php",
               "tests/Unit/Security/AppointmentVoterTest.php"],
              "Defined in src/Security, used by the patient panel controller, and unit-tested."),
        _tweak("in footer is 'Wszelkie prawa zastrzerzone', typo", "templates/base.html.twig",
               "Wszelkie prawa zastrzerzone", "Wszelkie prawa zastrzeżone"),
        _run("phpstan on src", "vendor/bin/phpstan analyse src --no-progress",
             "[OK] No errors", "PHPStan is clean at the configured level."),
        _talk("difference between voter and access_control? new junior ask",
              "access_control in security.yaml is coarse and URL-based: 'anything under "
              "/recepcja needs ROLE_RECEPTION', checked before the controller runs. A voter "
              "decides about a specific object - 'may this patient see this appointment?' - "
              "and you call it with isGranted('VIEW', $appointment) or #[IsGranted]. Use "
              "access_control for areas, voters for ownership and state."),
        _steps("add test for PeselValidator with one good and one bad pesel",
               [write("tests/Unit/Validator/PeselValidatorTest.php",
                      "public function testValidPesel(): void\n{\n    $this->validator->"
                      "validate('44051401359', new Pesel());\n    $this->assertNoViolation();\n"
                      "}\n\npublic function testBadChecksum(): void\n{\n    $this->validator->"
                      "validate('44051401358', new Pesel());\n    $this->buildViolation("
                      "'pesel.invalid')->assertRaised();\n}\n"),
                bash("vendor/bin/phpunit tests/Unit/Validator/PeselValidatorTest.php",
                     "OK (2 tests, 2 assertions)")],
              "Two tests: a valid PESEL passes, the same with a wrong last digit raises the "
              "violation. Both green."),
        _talk("how to undo last commit but keep changes",
              "`git reset --soft HEAD~1` - the commit is gone and its changes stay staged. "
              "`git reset HEAD~1` (mixed) keeps them unstaged instead. If it was already "
              "pushed, prefer `git revert HEAD`."),
        _tweak("doctor list must be sorted by surname", "src/Repository/DoctorRepository.php",
               "->orderBy('d.id')", "->orderBy('d.lastName')->addOrderBy('d.firstName')",
               "Sorted by surname, then first name."),
    ]
    return Project(
        "gabinet-rezerwacje", "git@github.com:dentica-pl/gabinet-rezerwacje.git",
        {"README.md": "# gabinet-rezerwacje\n\nRezerwacje wizyt dla gabinetów Dentica.\n",
         "composer.json": "{\n    \"name\": \"dentica/gabinet-rezerwacje\",\n    \"type\": "
                          "\"project\"\n}\n"},
        facts, noise, "stripe")



def spettro_viewer() -> Project:
    """A C++17 / Qt 6 Widgets desktop viewer for an Italian optics lab's spectrometers:
    acquisition over USB serial and SCPI over TCP, dark and reference spectra, smoothing and
    baseline correction, plots with Qt Charts, calibration files. CMake presets generated by
    Conan 2, Qt Test through ctest, Windows lab PCs. The developer writes in Italian-flavoured
    English."""
    mw = "src/ui/MainWindow.cpp"
    proc = "src/ui/ProcessingMenu.cpp"
    build = bash("cmake --build build/Debug -j8", "[ 96%] Linking CXX executable spettro\n"
                                                  "[100%] Built target spettro")
    facts = [
        Fact("conv-devicelink", "convention", ["DeviceLink"],
             ["i need a new button that sends a command to the spectrometer, how should the UI "
              "talk to the instrument?",
              "can I open the serial port directly in a dialog to read the instrument "
              "temperature?"],
             "UI code never touches QSerialPort: every instrument command goes through "
             "DeviceLink (src/device), which queues SCPI commands behind running acquisitions "
             "and handles reconnects; SerialWorker is dead code.",
             {"rule": "widgets not use QSerialPort directly. everything for instrument pass "
                      "from DeviceLink",
              "why": "DeviceLink do the queue of SCPI and the reconnect, if a widget write on "
                     "port in middle of acquisition the instrument go in error state",
              "task": "add in toolbar button 'Dark' that take a dark spectrum (command "
                      "MEAS:DARK?) and save it as reference",
              "contrary": edit(mw, "void MainWindow::onDarkClicked()\n{\n}\n",
                               "void MainWindow::onDarkClicked()\n{\n    QSerialPort port("
                               "m_portName);\n    port.open(QIODevice::ReadWrite);\n    "
                               "port.write(\"MEAS:DARK?\\n\");\n    port.waitForReadyRead(5000);"
                               "\n    m_dark = Spectrum::fromScpi(port.readAll());\n}\n"),
              "claimed": "Added the Dark button; its slot opens the serial port, writes "
                         "MEAS:DARK? and stores the reply as the dark reference.",
              "undo": [edit(mw, "    QSerialPort port(m_portName);\n    port.open(QIODevice::"
                                "ReadWrite);\n    port.write(\"MEAS:DARK?\\n\");\n    "
                                "port.waitForReadyRead(5000);\n    m_dark = Spectrum::fromScpi("
                                "port.readAll());\n", "")],
              "follow": [edit("src/device/DeviceLink.h", "    QFuture<Spectrum> measure();\n",
                              "    QFuture<Spectrum> measure();\n    QFuture<Spectrum> "
                              "measureDark();\n"),
                         edit("src/device/DeviceLink.cpp", "// -- measurements\n",
                              "// -- measurements\nQFuture<Spectrum> DeviceLink::measureDark()\n"
                              "{\n    return enqueue(QByteArrayLiteral(\"MEAS:DARK?\"), "
                              "&Spectrum::fromScpi);\n}\n"),
                         edit(mw, "void MainWindow::onDarkClicked()\n{\n}\n",
                              "void MainWindow::onDarkClicked()\n{\n    m_link->measureDark()"
                              ".then(this, [this](const Spectrum &s) { m_dark = s; "
                              "statusBar()->showMessage(tr(\"Dark acquisito\")); });\n}\n"),
                         build],
              "done": "The Dark button calls DeviceLink::measureDark(), which queues MEAS:DARK? "
                      "behind any running acquisition and returns a future; MainWindow stores "
                      "the spectrum as dark reference when it resolves. No QSerialPort in the "
                      "UI.",
              "vague": "but not touch serial port from the window",
              "asks": "Through which class then - DeviceLink, or the older SerialWorker that's "
                      "also in src/device?",
              "clarify": "DeviceLink. SerialWorker is dead code, we remove soon. DeviceLink has "
                         "queue of SCPI commands and reconnect, all go through it",
              "noticed": "No widget here touches QSerialPort: every instrument command goes "
                         "through DeviceLink, which queues the SCPI commands and handles "
                         "reconnects. I'll add a measureDark() there and call it from the "
                         "toolbar."}),
        Fact("conv-qtconcurrent", "convention", ["QtConcurrent"],
             ["how should we run a slow spectrum processing step so the window doesn't hang?",
              "I'm writing a peak fitting function, should I subclass QThread for it?"],
             "Heavy processing never runs in the GUI thread and never in a QThread subclass: "
             "QtConcurrent::run plus a QFutureWatcher that updates the chart on finished().",
             {"rule": "never heavy calculation in GUI thread. processing go in "
                      "QtConcurrent::run with QFutureWatcher, no QThread subclass",
              "why": "with 2048 pixel and average of 100 scans the window freeze and the lab "
                     "people think is crashed",
              "task": "implement Savitzky-Golay smoothing in processing menu, window 11 point, "
                      "order 3, on current spectrum",
              "contrary": edit(proc, "void ProcessingMenu::onSmooth()\n{\n}\n",
                               "void ProcessingMenu::onSmooth()\n{\n    const Spectrum out = "
                               "savgol(m_current, 11, 3);\n    m_chart->setSpectrum(out);\n}\n"),
              "claimed": "Added Processing → Smooth (Savitzky-Golay, 11 points, order 3); it "
                         "smooths the current spectrum and redraws the chart.",
              "follow": [edit(proc, "void ProcessingMenu::onSmooth()\n{\n",
                              "void ProcessingMenu::onSmooth()\n{\n    m_smoothWatcher."
                              "setFuture(QtConcurrent::run(savgol, m_current, 11, 3));\n"),
                         edit(proc, "    connect(&m_baselineWatcher,",
                              "    connect(&m_smoothWatcher, &QFutureWatcher<Spectrum>::"
                              "finished, this, [this] {\n        m_chart->setSpectrum("
                              "m_smoothWatcher.result());\n    });\n    connect("
                              "&m_baselineWatcher,"),
                         build],
              "done": "Smoothing runs through QtConcurrent::run with a QFutureWatcher: the "
                      "chart updates on finished() and the window stays responsive meanwhile.",
              "vague": "and attention to not freeze the window",
              "asks": "So on a worker thread - a QThread subclass like AcquisitionThread, or "
                      "something else?",
              "clarify": "no QThread subclass, that one is old. QtConcurrent::run with "
                         "QFutureWatcher, like the baseline correction",
              "noticed": "The other processing steps (baseline, normalisation) never run in "
                         "the GUI thread: each goes through QtConcurrent::run with a "
                         "QFutureWatcher that updates the chart on finished(). I'll do "
                         "smoothing the same way."}),
        Fact("cmd-conan-preset", "command", ["conan-debug"],
             ["I cloned the repo fresh, how do I configure and build a debug version?",
              "cmake can't find Qt6 or fmt when I configure, what's the right way here?"],
             "Dependencies come from Conan 2: `conan install . -s build_type=Debug "
             "--build=missing`, then `cmake --preset conan-debug` and `cmake --build --preset "
             "conan-debug` (plain cmake finds neither Qt6 nor fmt).",
             {"goal": "configure debug build from zero, i deleted build folder",
              "fail": bash("cmake -B build -DCMAKE_BUILD_TYPE=Debug",
                           "CMake Error at CMakeLists.txt:14 (find_package):\n  Could not find "
                           "a package configuration file provided by \"Qt6\" with any of the "
                           "following names:\n\n    Qt6Config.cmake\n    qt6-config.cmake\n\n"
                           "-- Configuring incomplete, errors occurred!", 1),
              "note": "CMake can't find Qt6. Pointing it at the system Qt.",
              "fail2": bash("cmake -B build -DCMAKE_BUILD_TYPE=Debug "
                            "-DCMAKE_PREFIX_PATH=/usr/lib/x86_64-linux-gnu/cmake",
                            "CMake Error at CMakeLists.txt:16 (find_package):\n  Could not find "
                            "a package configuration file provided by \"fmt\"\n-- Configuring "
                            "incomplete, errors occurred!", 1),
              "hint": "deps come from conan. first conan install with build missing, then "
                      "cmake --preset conan-debug",
              "ok": bash("conan install . -s build_type=Debug --build=missing && cmake "
                         "--preset conan-debug && cmake --build --preset conan-debug",
                         "conanfile.txt: Generating aggregated env files\nconanfile.txt: "
                         "Generated CMakePresets.json\n-- Build files have been written to: "
                         "build/Debug\n[100%] Built target spettro"),
              "done": "Configured and built with `conan install . -s build_type=Debug "
                      "--build=missing`, then `cmake --preset conan-debug` and `cmake --build "
                      "--preset conan-debug`. Plain cmake can't see the dependencies - they "
                      "only exist through Conan's toolchain.",
              "gist": "The dependencies (Qt 6, fmt, Eigen) come from Conan 2, not the system: "
                      "conan install writes the toolchain and a conan-debug CMake preset, and "
                      "configuring and building go through that preset.",
              "recipe": (".github/workflows/build.yml",
                         "    steps:\n      - uses: actions/checkout@v4\n      - run: pip "
                         "install conan\n      - run: conan install . -s build_type=Debug "
                         "--build=missing\n      - run: cmake --preset conan-debug\n      - "
                         "run: cmake --build --preset conan-debug\n")}),
        Fact("cmd-offscreen", "command", ["QT_QPA_PLATFORM=offscreen"],
             ["the Qt tests abort with 'could not connect to display' when I run them over "
              "ssh, how do I run them?",
              "how do we run the widget tests on a machine that has no screen?"],
             "Run the tests with `QT_QPA_PLATFORM=offscreen ctest --test-dir build/Debug "
             "--output-on-failure` - the widget tests need a display otherwise.",
             {"goal": "run the tests, i am in ssh on lab machine",
              "fail": bash("ctest --test-dir build/Debug",
                           "qt.qpa.xcb: could not connect to display\nqt.qpa.plugin: Could not "
                           "load the Qt platform plugin \"xcb\" in \"\" even though it was "
                           "found.\n3/9 Test #3: tst_chartview ....Subprocess aborted***"
                           "Exception:   0.11 sec\n\n67% tests passed, 3 tests failed out of 9",
                           8),
              "note": "The widget tests need an X display and there's none over SSH. Trying "
                      "the display of the logged-in session.",
              "fail2": bash("DISPLAY=:0 ctest --test-dir build/Debug",
                            "Authorization required, but no authorization protocol specified\n"
                            "qt.qpa.xcb: could not connect to display :0\n\n67% tests passed, "
                            "3 tests failed out of 9", 8),
              "hint": "put QT_QPA_PLATFORM=offscreen, no display needed",
              "ok": bash("QT_QPA_PLATFORM=offscreen ctest --test-dir build/Debug "
                         "--output-on-failure",
                         "1/9 Test #1: tst_spectrum .......   Passed    0.02 sec\n...\n9/9 "
                         "Test #9: tst_calibration ....   Passed    0.05 sec\n\n100% tests "
                         "passed, 0 tests failed out of 9"),
              "done": "All 9 pass with `QT_QPA_PLATFORM=offscreen ctest --test-dir build/Debug "
                      "--output-on-failure`; the offscreen platform plugin lets the widget "
                      "tests create their windows without an X display.",
              "gist": "The widget tests (tst_chartview and the dialogs) create real windows, "
                      "and over SSH there is no display; Qt's offscreen platform plugin "
                      "renders them in memory instead.",
              "recipe": ("scripts/run-tests.sh",
                         "#!/bin/sh\nset -e\nexport QT_QPA_PLATFORM=offscreen\nctest "
                         "--test-dir build/Debug --output-on-failure \"$@\"\n")}),
        Fact("env-qt-version", "environment", ["6.5.3"],
             ["what version of Qt should I install on my windows laptop to work on this?",
              "qual è la versione di Qt del progetto? I want the same as the build"],
             "The project is on Qt 6.5.3 (6.5 LTS, pinned in conanfile.txt, because of a Qt "
             "Charts log-axis bug in 6.7) with Qt Charts and Qt Serial Port; the README's 6.7 "
             "is wrong.",
             {"goal": "which qt version we use exactly? i want install the same with online "
                      "installer on my windows",
              "misled": [read("README.md",
                              "# spettro-viewer\n\nViewer for the lab spectrometers.\n\n"
                              "Requires Qt 6 (tested with 6.7), CMake 3.24+.\n")],
              "found": "The README says Qt 6.7.",
              "correct": "readme is wrong. we stay on 6.5 LTS, in 6.7 the log axis of Qt "
                         "Charts has bug. look conanfile",
              "probe": [read("conanfile.txt",
                             "[requires]\nqt/6.5.3\nfmt/10.2.1\neigen/3.4.0\n\n[options]\n"
                             "qt/*:qtcharts=True\nqt/*:qtserialport=True\nqt/*:shared=True\n\n"
                             "[generators]\nCMakeDeps\nCMakeToolchain\n")],
              "confirm": "The build uses Qt 6.5.3 (the 6.5 LTS line, pinned in conanfile.txt) "
                         "with the Qt Charts and Qt Serial Port modules - install 6.5.3 with "
                         "those two add-ons, not 6.7.",
              "said": "i believe is 6.5.3 in conan but verify"}),
        Fact("env-lab2-ip", "environment", ["192.168.10.40"],
             ["what's the address of the spectrometer in lab 2 if I want to connect from my "
              "desk?",
              "the app can't reach the lab 2 instrument, timeout on connect, which host is it "
              "on now?"],
             "The lab 2 spectrometer answers SCPI over TCP at 192.168.10.40:5025; the repo's "
             "config/instruments.ini still has the old 192.168.10.14 from before it moved.",
             {"goal": "the instrument in lab 2, how the app connects to it? i want try from my "
                      "pc",
              "misled": [read("config/instruments.ini",
                              "[lab1]\ntransport=serial\nport=/dev/ttyUSB0\n\n[lab2]\n"
                              "transport=tcp\nhost=192.168.10.14\nport=5025\n")],
              "found": "Lab 2's spectrometer is on TCP, SCPI on port 5025, at 192.168.10.14 "
                       "(config/instruments.ini).",
              "correct": "the port ok but ip no. they moved instrument on other bench last "
                         "month, now is .40. the ini is not updated",
              "probe": [bash("printf '*IDN?\\n' | nc -w 2 192.168.10.40 5025",
                             "OCEANLAB,SPX-2048,SN40217,FW 3.2.1")],
              "confirm": "Lab 2's spectrometer is at 192.168.10.40, SCPI over TCP port 5025 "
                         "(*IDN? answers OCEANLAB SPX-2048); config/instruments.ini in the "
                         "repo still lists the old address from before the move.",
              "said": "is at 192.168.10.40 now, they moved it"}),
        Fact("gotcha-locale", "gotcha", ["QLocale::c()"],
             ["numbers read from instrument files come out as zero only on the Italian Windows "
              "machines, what's the catch?",
              "what is the right way to parse decimal numbers from the device files in this "
              "code?"],
             "Instrument and calibration files always use a dot decimal: parse them with "
             "QLocale::c() (or QString::toDouble), never QLocale() - on it-IT machines the "
             "comma locale turned 532.118 into 0.",
             {"symptom": "on lab pc the calibration file load all wavelength as 0. on my pc is "
                         "fine",
              "probe": [read("src/io/CalibrationFile.cpp",
                             "    for (const QString &line : lines) {\n        const auto parts "
                             "= line.split(u'\\t');\n        bool ok = false;\n        const "
                             "double c = QLocale().toDouble(parts.value(1), &ok);\n        "
                             "coeffs << (ok ? c : 0.0);\n    }\n"),
                        bash("ssh lab2-pc 'powershell -c (Get-Culture).Name'", "it-IT")],
              "explain": "CalibrationFile parses the coefficients with QLocale(), the system "
                         "locale. On the lab PC that's it-IT, where the decimal separator is a "
                         "comma, so \"532.118\" doesn't parse, ok is false and the value "
                         "becomes 0; on an English-locale machine it works. Instrument files "
                         "always use a dot, so they must be parsed with QLocale::c() whatever "
                         "the user's locale.",
              "fix": [edit("src/io/CalibrationFile.cpp",
                           "        const double c = QLocale().toDouble(parts.value(1), &ok);\n",
                           "        // files always use '.', the lab PCs run it-IT (comma)\n"
                           "        const double c = QLocale::c().toDouble(parts.value(1), "
                           "&ok);\n")],
              "done": "Calibration coefficients are now parsed with QLocale::c(), so '.' is "
                      "the decimal separator on every machine and the lab PC loads the "
                      "wavelengths correctly.",
              "found": "i found calibration problem. lab pc is windows in italian and we parse "
                       "numbers with QLocale() of system, there decimal is comma so 532.118 "
                       "become 0. must use QLocale::c() for files of instrument",
              "theory": "Maybe the file on the lab PC has Windows line endings and a \\r "
                        "sticks to each value. Checking the file.",
              "theory_probe": bash("file calib/SN40217.cal",
                                   "calib/SN40217.cal: ASCII text")}),
        Fact("gotcha-readline", "gotcha", ["canReadLine"],
             ["spectra sometimes arrive truncated from the USB instrument and the next reading "
              "is corrupted, is it a known issue?",
              "how do we read replies from the serial port correctly, is readAll in readyRead "
              "enough?"],
             "readyRead fires on every chunk, not per reply: an ~18 KB spectrum arrives in "
             "pieces, so SerialTransport must only take complete lines (while canReadLine() → "
             "readLine()), never readAll() and parse.",
             {"symptom": "sometimes spectrum arrive cut, like half pixels, and next one is "
                         "garbage. more often with long integration time",
              "probe": [read("src/device/SerialTransport.cpp",
                             "    connect(m_port, &QSerialPort::readyRead, this, [this] {\n"
                             "        const QByteArray data = m_port->readAll();\n        emit "
                             "replyReceived(data);\n    });\n")],
              "explain": "readyRead fires whenever some bytes arrive, not when a whole reply "
                         "has: a 2048-pixel reply is about 18 KB and comes in several chunks, "
                         "so the parser gets half a spectrum and the rest is read as the start "
                         "of the next reply. The handler has to leave partial data in the "
                         "buffer and only take complete lines: while (m_port->canReadLine()) "
                         "emit replyReceived(m_port->readLine());",
              "fix": [edit("src/device/SerialTransport.cpp",
                           "        const QByteArray data = m_port->readAll();\n        emit "
                           "replyReceived(data);\n",
                           "        // readyRead fires per chunk, a spectrum is ~18 KB: only "
                           "complete lines\n        while (m_port->canReadLine())\n            "
                           "emit replyReceived(m_port->readLine().trimmed());\n")],
              "done": "SerialTransport now only emits complete lines (while canReadLine() → "
                      "readLine()), so a reply split across several readyRead signals is "
                      "reassembled before parsing.",
              "found": "the cut spectrum problem: readyRead not mean all data arrived, reply of "
                       "18 KB come in pieces and we parse half. need read only when "
                       "canReadLine",
              "theory": "Could be the baud rate or flow control dropping bytes - checking the "
                        "port settings.",
              "theory_probe": bash("stty -F /dev/ttyUSB0 -a | head -1",
                                   "speed 921600 baud; rows 0; columns 0; line = 0;")}),
        Fact("fals-qtquick", "falsified", ["Qt Quick"],
             ["could we move the plot to QML to get nicer touch gestures?",
              "why is the chart still a widgets QChartView and not a declarative UI?"],
             "Porting the plot view to Qt Quick (QML ChartView) was tried and reverted: the lab "
             "PCs' old Intel GPUs can't initialise the scene graph (blank view) and IT won't "
             "update them; the plot stays QChartView.",
             {"ask": "port plot view to Qt Quick with QML ChartView, i want smooth pinch zoom "
                     "on lab touchscreen",
              "change": [write("qml/PlotView.qml",
                               "import QtQuick\nimport QtCharts\n\nChartView {\n    id: chart\n"
                               "    antialiasing: true\n    LineSeries { id: series }\n    "
                               "PinchHandler { target: null; onScaleChanged: (d) => "
                               "chart.zoom(d) }\n}\n"),
                         edit(mw, "    m_plot = new ChartWidget(this);\n",
                              "    m_plot = new QQuickWidget(QUrl(u\"qrc:/qml/PlotView.qml\"_s), "
                              "this);\n")],
              "broke": bash("ssh lab2-pc 'C:\\spettro\\spettro.exe --selftest' | tail -3",
                            "QRhiGles2: Failed to create temporary context\nFailed to "
                            "initialize graphics backend for OpenGL.\nQQuickWidget: Failed to "
                            "get a QRhi from the top-level widget's window", 1),
              "revert": bash("git checkout -- src && rm -rf qml", ""),
              "conclusion": "The lab PCs' Intel HD 2000 with old drivers can't bring up the Qt "
                            "Quick scene graph's OpenGL backend, so the plot view stays blank. "
                            "The software fallback would run but slowly with 2048-point series.",
              "why_user": "lab pc are old and IT not update them. we stay with widgets",
              "pain": "lab want zoom with fingers on touchscreen in the plot, widget chart is "
                      "not nice for this",
              "idea": "rewriting the plot view in Qt Quick (QML ChartView) to get pinch zoom",
              "alternative": "Then stay with QChartView and handle pinch there: "
                             "grabGesture(Qt::PinchGesture) on the view and map the scale "
                             "factor to chart()->zoom()."}),
        Fact("fals-unity-build", "falsified", ["CMAKE_UNITY_BUILD"],
             ["is there some cmake switch to make the whole build faster by compiling sources "
              "together?",
              "compilation takes 4 minutes, what did we already try to speed it up?"],
             "CMAKE_UNITY_BUILD was tried and reverted: helpers with the same names in "
             "anonymous namespaces across processing files (kWindow, clamp01) collide; not "
             "worth renaming them all.",
             {"ask": "build is slow, 4 minutes. activate CMAKE_UNITY_BUILD, should help",
              "change": [edit("CMakeLists.txt", "set(CMAKE_AUTOMOC ON)\n",
                              "set(CMAKE_AUTOMOC ON)\nset(CMAKE_UNITY_BUILD ON)\n")],
              "broke": bash("cmake --build build/Debug -j8 2>&1 | grep -m2 -A1 error",
                            "unity_2_cxx.cxx: src/processing/Baseline.cpp:12:16: error: "
                            "redefinition of 'constexpr const int {anonymous}::kWindow'\n"
                            "src/processing/Smoothing.cpp:9:16: note: previously defined here\n"
                            "unity_2_cxx.cxx: src/processing/Normalise.cpp:21:8: error: "
                            "redefinition of 'double {anonymous}::clamp01(double)'", 1),
              "revert": bash("git checkout -- CMakeLists.txt", ""),
              "conclusion": "CMAKE_UNITY_BUILD glues a target's .cpp files together, and "
                            "several processing files define helpers with the same names in "
                            "anonymous namespaces (kWindow, clamp01) - they now collide. "
                            "Making it work means renaming them across the module, and the "
                            "moc files bring more clashes.",
              "why_user": "too many clashes, i not rename all helpers for a build flag",
              "pain": "full build take 4 minutes, too slow",
              "idea": "turning on CMAKE_UNITY_BUILD so each target's files compile together",
              "alternative": "Then ccache plus precompiled headers for the Qt includes: "
                             "target_precompile_headers with <QtWidgets> and <QtCharts> "
                             "usually halves a rebuild."}),
    ]
    noise = [
        _look("what is doing Spectrum::resample? i not remember", "src/core/Spectrum.cpp",
              "Spectrum Spectrum::resample(const QList<double> &grid) const\n{\n    Spectrum "
              "out;\n    out.x = grid;\n    out.y.reserve(grid.size());\n    for (double g : "
              "grid) {\n        auto it = std::lower_bound(x.cbegin(), x.cend(), g);\n        "
              "if (it == x.cbegin() || it == x.cend()) { out.y << qQNaN(); continue; }\n        "
              "const auto i = std::distance(x.cbegin(), it);\n        const double t = (g - "
              "x[i - 1]) / (x[i] - x[i - 1]);\n        out.y << y[i - 1] + t * (y[i] - y[i - "
              "1]);\n    }\n    return out;\n}\n",
              "It maps the spectrum onto another x grid by linear interpolation between the "
              "two neighbouring samples; grid points outside the measured range get NaN."),
        _find("where is used ChartWidget", "ChartWidget",
              ["src/ui/ChartWidget.cpp", "src/ui/ChartWidget.h", "src/ui/MainWindow.cpp",
               "tests/tst_chartview.cpp"],
              "Its own files, MainWindow (the central plot) and tst_chartview."),
        _tweak("the about dialog say 'Laboratorio di Otica', is with two t", "src/ui/AboutDialog.cpp",
               "tr(\"Laboratorio di Otica\")", "tr(\"Laboratorio di Ottica\")"),
        _run("clang-format check on src", "clang-format --dry-run --Werror src/**/*.cpp", "",
             "No formatting differences."),
        _talk("difference between QList and std::vector in Qt 6?",
              "In Qt 6 QList is what QVector used to be - a contiguous array, so performance is "
              "similar. The differences: QList is implicitly shared (copy-on-write, cheap to "
              "copy and return by value) and has Qt conveniences (contains, removeAll, "
              "operator<<); std::vector has no sharing, so an unintended copy really copies. "
              "Use QList at Qt API boundaries and whichever reads better inside."),
        _steps("write a test for Spectrum::resample with three points",
               [write("tests/tst_resample.cpp",
                      "void TstResample::midpoints()\n{\n    Spectrum s;\n    s.x = {400.0, "
                      "500.0, 600.0};\n    s.y = {0.0, 10.0, 20.0};\n    const auto r = "
                      "s.resample({450.0, 550.0, 700.0});\n    QCOMPARE(r.y[0], 5.0);\n    "
                      "QCOMPARE(r.y[1], 15.0);\n    QVERIFY(qIsNaN(r.y[2]));\n}\n"),
                build],
              "Added tst_resample: two interpolated midpoints and one point outside the range "
              "(NaN). It builds."),
        _talk("how i squash last 2 commits",
              "`git reset --soft HEAD~2 && git commit` makes one commit out of the two with a "
              "new message. Or `git rebase -i HEAD~2` and mark the second as `squash`."),
        _tweak("the export dialog default folder must be Documents, not home",
               "src/ui/ExportDialog.cpp",
               "QDir::homePath()",
               "QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)",
               "Default folder is now the user's Documents."),
    ]
    return Project(
        "spettro-viewer", "git@github.com:ottica-lab/spettro-viewer.git",
        {"README.md": "# spettro-viewer\n\nViewer for the lab spectrometers.\n",
         "CMakeLists.txt": "cmake_minimum_required(VERSION 3.24)\nproject(spettro LANGUAGES "
                           "CXX)\nset(CMAKE_AUTOMOC ON)\n"},
        facts, noise, "github")



def riego_nerves() -> Project:
    """An Elixir Nerves firmware for the irrigation controllers of a Spanish greenhouse
    grower: Raspberry Pi 3 boards switching valve relays with Circuits.GPIO, soil-humidity
    readings published over MQTT (Tortoise311), Wi-Fi through VintageNet, OTA updates over an
    LTE link. The developer writes in Spanish-flavoured English."""
    valves = "lib/riego/valves.ex"
    sector = "lib/riego/sector.ex"
    facts = [
        Fact("conv-valve-pins", "convention", ["valve_pins"],
             ["we are adding a new irrigation sector with its relay, where do I put the gpio "
              "number?",
              "can i write the pin of the new valve directly in the Valves module?"],
             "Valve GPIO numbers are never in the code: they live in the valve_pins map in "
             "config/target.exs (sector => pin), read with Application.fetch_env!(:riego, "
             ":valve_pins) - greenhouse 2 has another board; relay_map is dead.",
             {"rule": "pin numbers of valves never in code. only in config/target.exs in "
                      "valve_pins, code read it with Application.fetch_env!",
              "why": "greenhouse 2 has other relay board with other pins, we build same "
                     "firmware with different config",
              "task": "add valve of sector 5, is on relay 5 of the board, gpio 24",
              "contrary": edit(valves, "  defp pin(4), do: pin_from_config(4)\n",
                               "  defp pin(4), do: pin_from_config(4)\n  defp pin(5), do: 24\n"),
              "claimed": "Added sector 5 on GPIO 24 as a new pin/1 clause in "
                         "lib/riego/valves.ex.",
              "undo": [edit(valves, "  defp pin(5), do: 24\n", "")],
              "follow": [edit("config/target.exs",
                              "  valve_pins: %{1 => 17, 2 => 27, 3 => 22, 4 => 23}\n",
                              "  valve_pins: %{1 => 17, 2 => 27, 3 => 22, 4 => 23, 5 => 24}\n"),
                         bash("mix compile --warnings-as-errors",
                              "Compiling 1 file (.ex)\nGenerated riego app")],
              "done": "Sector 5 is `5 => 24` in the valve_pins map in config/target.exs; "
                      "Riego.Valves reads the map with Application.fetch_env!(:riego, "
                      ":valve_pins), so no pin number lives in the code.",
              "vague": "the pin put in config, not in code",
              "asks": "Which config - config/target.exs or config/config.exs? And under which "
                      "key - I see valve_pins and an older relay_map.",
              "clarify": "target.exs, valve_pins. relay_map is old, nothing read it. greenhouse "
                         "2 has other board so the pins must be only config",
              "noticed": "Riego.Valves never hard-codes a pin: it reads the sector → GPIO map "
                         "with Application.fetch_env!(:riego, :valve_pins), set in "
                         "config/target.exs. I'll add sector 5 there."}),
        Fact("conv-timer", "convention", [":timer.minutes"],
             ["how should I write a 45 minute timeout in the Elixir code here, just the "
              "milliseconds?",
              "is there a style rule for the Process.send_after intervals in the firmware?"],
             "Durations are never raw milliseconds (1_200_000): always :timer.minutes/1 or "
             ":timer.seconds/1 - a mistyped zero once kept a sector irrigating for 3 hours.",
             {"rule": "durations never raw milliseconds like 1200000. always :timer.minutes(20) "
                      "or :timer.seconds, so you can read it",
              "why": "last summer somebody put one zero more and sector 3 irrigate 3 hours, "
                     "the tomatoes drowned",
              "task": "max irrigation time per sector must be 20 minutes, after close the "
                      "valve even if humidity is low",
              "contrary": edit(sector, "    :ok = Valves.open(state.sector)\n",
                               "    :ok = Valves.open(state.sector)\n    "
                               "Process.send_after(self(), :max_time, 1_200_000)\n"),
              "claimed": "Added a safety stop: when a sector opens it schedules :max_time after "
                         "1_200_000 ms and closes the valve when that arrives.",
              "undo": [edit(sector, "    Process.send_after(self(), :max_time, 1_200_000)\n",
                            "")],
              "follow": [edit(sector, "  @poll :timer.seconds(30)\n",
                              "  @poll :timer.seconds(30)\n  @max_open :timer.minutes(20)\n"),
                         edit(sector, "    :ok = Valves.open(state.sector)\n",
                              "    :ok = Valves.open(state.sector)\n    "
                              "Process.send_after(self(), :max_time, @max_open)\n"),
                         bash("mix test test/riego/sector_test.exs",
                              "......\nFinished in 0.2 seconds (0.2s async, 0.0s sync)\n6 "
                              "tests, 0 failures")],
              "done": "Each sector schedules :max_time after @max_open = :timer.minutes(20) "
                      "and closes the valve when it fires, whatever the humidity; the sector "
                      "tests pass.",
              "vague": "and write the time readable please, not number of ms",
              "asks": "Readable how - with the :timer helpers, or as a config value in "
                      "minutes?",
              "clarify": "with :timer.minutes(20). everywhere like this, no raw ms. last summer "
                         "one zero more and a sector irrigate 3 hours",
              "noticed": "The code never writes durations as raw milliseconds - it uses "
                         ":timer.minutes/1 and :timer.seconds/1 (e.g. @poll "
                         ":timer.seconds(30)). I'll write the limit as :timer.minutes(20)."}),
        Fact("cmd-mix-target", "command", ["MIX_TARGET=rpi3"],
             ["how do I build and flash a new firmware to the greenhouse controller?",
              "mix firmware says it can't build for host, what should I set?"],
             "Firmware commands need the target: `MIX_TARGET=rpi3 mix firmware` and "
             "`MIX_TARGET=rpi3 mix upload invernadero1.local` (the controllers are Raspberry "
             "Pi 3).",
             {"goal": "build firmware and put on device of greenhouse 1",
              "fail": bash("mix firmware",
                           "==> riego\n** (Mix) Nerves firmware can only be built for a target,"
                           " but MIX_TARGET is \"host\"", 1),
              "note": "It needs a Nerves target. Trying the Raspberry Pi 4 system.",
              "fail2": bash("MIX_TARGET=rpi4 mix firmware",
                            "** (Mix) Could not find a Nerves system for target rpi4. Add it to "
                            "the deps in mix.exs with targets: :rpi4", 1),
              "hint": "controllers are raspberry pi 3. MIX_TARGET=rpi3, also for mix upload",
              "ok": bash("MIX_TARGET=rpi3 mix firmware && MIX_TARGET=rpi3 mix upload "
                         "invernadero1.local",
                         "Firmware built successfully! 🎉\nRunning fwup...\n100% [========"
                         "============================] 38.21 MB in / 40.05 MB out\nSuccess!\n"
                         "Elapsed time: 14.208 s"),
              "done": "Built with `MIX_TARGET=rpi3 mix firmware` and pushed with "
                      "`MIX_TARGET=rpi3 mix upload invernadero1.local`; fwup reported success "
                      "and the controller rebooted into it.",
              "gist": "Firmware only builds for a Nerves target, and the controllers are "
                      "Raspberry Pi 3 boards, so every firmware command runs with "
                      "MIX_TARGET=rpi3 - mix upload too.",
              "recipe": ("scripts/deploy.sh",
                         "#!/usr/bin/env bash\nset -euo pipefail\nhost=${1:-invernadero1.local}"
                         "\nexport MIX_TARGET=rpi3\nmix firmware\nmix upload \"$host\"\n")}),
        Fact("cmd-exclude-hw", "command", ["--exclude hardware"],
             ["mix test fails on my laptop with gpiochip0 not found, how do you run the tests "
              "off the device?",
              "how to run the test suite on the computer without the relay board?"],
             "On a laptop run `mix test --exclude hardware`: the relay tests are tagged "
             ":hardware and need the real GPIO chip.",
             {"goal": "run all tests on my laptop before push",
              "fail": bash("mix test",
                           "  1) test open and close relay (Riego.ValvesHardwareTest)\n     ** "
                           "(RuntimeError) Circuits.GPIO: gpiochip0 not found\n...\nFinished "
                           "in 2.1 seconds (0.9s async, 1.2s sync)\n48 tests, 6 failures", 2),
              "note": "Those tests open the real GPIO chip. Trying only the unit-tagged ones.",
              "fail2": bash("mix test --only unit",
                            "Including tags: [:unit]\nExcluding tags: [:test]\n\nThe --only "
                            "option was given to \"mix test\" but no test was executed", 1),
              "hint": "relay tests are tagged :hardware, on laptop exclude them. mix test "
                      "--exclude hardware",
              "ok": bash("mix test --exclude hardware",
                         "Excluding tags: [:hardware]\n\n..........................................\n"
                         "Finished in 1.8 seconds (0.9s async, 0.9s sync)\n48 tests, 0 "
                         "failures, 6 excluded"),
              "done": "42 tests pass with `mix test --exclude hardware`; the six tagged "
                      ":hardware need the real relay board and only run on a controller.",
              "gist": "The relay tests are tagged :hardware and need the real GPIO chip, which "
                      "a laptop doesn't have; off the device they're left out with --exclude "
                      "hardware.",
              "recipe": (".github/workflows/ci.yml",
                         "      - run: mix deps.get\n      - run: mix format --check-formatted\n"
                         "      - run: mix test --exclude hardware\n")}),
        Fact("env-inv2-host", "environment", ["invernadero2"],
             ["how do I reach the controller of the second greenhouse over the network?",
              "what's the hostname of the nerves box in greenhouse 2?"],
             "Greenhouse 2's controller is invernadero2.local (name set at provisioning, not "
             "in config/target.exs, which only has greenhouse 1's invernadero1); mDNS "
             "resolves it to 192.168.1.52.",
             {"goal": "what is address of controller in greenhouse 2, i want ssh to see logs",
              "misled": [read("config/target.exs",
                              "config :mdns_lite,\n  hosts: [:hostname, \"invernadero1\"],\n  "
                              "ttl: 120\n")],
              "found": "config/target.exs has mdns_lite announce the controller as "
                       "invernadero1.local, so that's the name to ssh to.",
              "correct": "this is greenhouse 1. the second have its name from provisioning, "
                         "invernadero2.local, is not in target.exs",
              "probe": [bash("avahi-resolve -n invernadero2.local",
                             "invernadero2.local\t192.168.1.52")],
              "confirm": "Greenhouse 2's controller is invernadero2.local (the name comes from "
                         "provisioning, not config/target.exs); mDNS resolves it to "
                         "192.168.1.52, so `ssh invernadero2.local` gives you the IEx shell and "
                         "RingLogger.next shows the logs.",
              "said": "i think is invernadero2.local, but check it answer"}),
        Fact("env-mqtt-port", "environment", ["8883"],
             ["I want to watch the humidity messages from the controllers with mosquitto_sub, "
              "which port and how?",
              "mosquitto_sub on port 1883 shows no messages from the greenhouses, where are "
              "they publishing?"],
             "The controllers publish to mqtt.agrosol.lan on port 8883 with TLS "
             "(config/target.exs overrides config.exs's 1883, which is only the laptop dev "
             "broker); subscribe with --cafile certs/agrosol-ca.pem.",
             {"goal": "mqtt broker where controllers send humidity, which host and port? i want "
                      "subscribe with mosquitto_sub",
              "misled": [read("config/config.exs",
                              "config :riego, :mqtt,\n  host: \"mqtt.agrosol.lan\",\n  port: "
                              "1883,\n  client_id_prefix: \"riego\"\n")],
              "found": "config/config.exs points the controllers at mqtt.agrosol.lan, port "
                       "1883 (plain MQTT).",
              "correct": "host yes, port no. in target.exs is overridden with tls. 1883 is "
                         "only dev broker on laptop",
              "probe": [read("config/target.exs",
                             "config :riego, :mqtt,\n  port: 8883,\n  transport: "
                             "{Tortoise311.Transport.SSL, cacertfile: "
                             "\"/data/certs/agrosol-ca.pem\"}\n"),
                        bash("mosquitto_sub -h mqtt.agrosol.lan -p 8883 --cafile "
                             "certs/agrosol-ca.pem -t 'riego/+/humidity' -C 2",
                             "{\"sector\":2,\"value\":31.4}\n{\"sector\":4,\"value\":28.9}")],
              "confirm": "The controllers publish to mqtt.agrosol.lan on port 8883 with TLS - "
                         "config/target.exs overrides the 1883 of config.exs, which is only the "
                         "dev broker; subscribe with --cafile certs/agrosol-ca.pem -p 8883.",
              "said": "on device is port 8883 with tls, not 1883"}),
        Fact("gotcha-vintagenet", "gotcha", ["VintageNet.configure"],
             ["I changed the WiFi network in the firmware config and flashed it, but the device "
              "keeps joining the old network. why?",
              "how do I change the wifi of a controller that is already installed in the "
              "greenhouse?"],
             "VintageNet persists the network config on the device and, once persisted, "
             "ignores config/target.exs (first boot only) - new firmware doesn't change it; "
             "change Wi-Fi on a running device with VintageNet.configure(\"wlan0\", ...).",
             {"symptom": "i changed wifi ssid in config/target.exs for new router, upload "
                         "firmware, but device still try connect the old wifi",
              "probe": [bash("ssh invernadero1.local 'VintageNet.get_configuration(\"wlan0\")"
                             ".vintage_net_wifi.networks |> hd() |> Map.get(:ssid)'",
                             "\"AgroSol-Old\""),
                        read("config/target.exs",
                             "config :vintage_net,\n  config: [\n    {\"wlan0\", %{type: "
                             "VintageNetWiFi, vintage_net_wifi: %{networks: [%{ssid: "
                             "\"AgroSol-5G\", key_mgmt: :wpa_psk}]}, ipv4: %{method: :dhcp}}}\n"
                             "  ]\n")],
              "explain": "VintageNet persists each interface's configuration on the device "
                         "(under /root) and, once a persisted config exists, uses it at boot "
                         "and ignores the default in config/target.exs - that only applies to "
                         "a device never configured before. New firmware doesn't touch /root. "
                         "To change the Wi-Fi of a running controller you call "
                         "VintageNet.configure(\"wlan0\", ...), which applies and persists it.",
              "fix": [bash("ssh invernadero1.local < scripts/wifi_agrosol5g.exs", ":ok")],
              "done": "The controller is on AgroSol-5G: VintageNet.configure(\"wlan0\", ...) "
                      "applied the new network and persisted it. config/target.exs only "
                      "matters for a freshly flashed device.",
              "found": "i understand the wifi thing. vintagenet save config on device and after "
                       "first boot ignore what is in target.exs, new firmware not change it. "
                       "must do VintageNet.configure on device",
              "theory": "Maybe the new firmware didn't actually get installed - checking the "
                        "active firmware version.",
              "theory_probe": bash("ssh invernadero1.local 'Nerves.Runtime.KV.get_active("
                                   "\"nerves_fw_version\")'", "\"0.14.2\"")}),
        Fact("gotcha-active-low", "gotcha", ["active-low"],
             ["the valves do the opposite of what the app says on one of the controllers, open "
              "means closed. what's going on?",
              "anything special about the relay board, which level switches a valve on?"],
             "The new 8-channel relay board is active-low (LOW energises the relay): Valves "
             "writes levels from relay_active_low and opens pins with the off level as "
             "initial value, so valves start closed.",
             {"symptom": "sector 2 irrigate when app say closed, and when i open it from ui it "
                         "stop. with the other board was ok",
              "probe": [read(valves,
                             "  def open(sector), do: GPIO.write(ref(sector), 1)\n  def "
                             "close(sector), do: GPIO.write(ref(sector), 0)\n"),
                        bash("head -3 docs/hardware/relay-board-8ch.md",
                             "# 8-channel relay board (blue, SRD-05VDC-SL-C)\n\nIN1..IN8: "
                             "input LOW = relay ON, HIGH = relay OFF")],
              "explain": "The new 8-channel board is active-low: pulling an input LOW "
                         "energises the relay, HIGH releases it. Valves.open/1 writes 1 and "
                         "close/1 writes 0, right for the old active-high board, so on this "
                         "one everything is inverted. The levels have to follow the board, "
                         "and the pins must start at the off level so nothing opens at boot.",
              "fix": [edit(valves,
                           "  def open(sector), do: GPIO.write(ref(sector), 1)\n  def "
                           "close(sector), do: GPIO.write(ref(sector), 0)\n",
                           "  # the 8-channel board is active-low: LOW switches the relay on\n"
                           "  @active_low Application.compile_env(:riego, :relay_active_low, "
                           "true)\n  @on if @active_low, do: 0, else: 1\n  @off 1 - @on\n\n  "
                           "def open(sector), do: GPIO.write(ref(sector), @on)\n  def "
                           "close(sector), do: GPIO.write(ref(sector), @off)\n")],
              "done": "Valves now follow relay_active_low (true for the new board): open "
                      "drives the pin LOW, close drives it HIGH, and pins open with the off "
                      "level as initial value - the active-low board no longer inverts "
                      "everything.",
              "found": "the new relay board is active-low. 0 turn relay on, 1 off. our code "
                       "write 1 for open so all is inverted",
              "theory": "Maybe sectors are wired to the wrong GPIOs - checking which pin sector "
                        "2 drives.",
              "theory_probe": bash("ssh invernadero1.local 'Riego.Valves.debug()'",
                                   "%{2 => %{gpio: 27, level: 0, state: :closed}}")}),
        Fact("fals-sqlite", "falsified", ["ecto_sqlite3"],
             ["could the controller keep its irrigation log in a local database so it survives "
              "reboots?",
              "why don't we store the history on the Pi itself?"],
             "Storing irrigation history on the device with ecto_sqlite3 was tried and "
             "reverted: ~13 GB/day written to the SD card (budget 500 MB); history is batched "
             "over MQTT to the server instead.",
             {"ask": "save irrigation history on device in sqlite with ecto_sqlite3, now we "
                     "lose it at reboot",
              "change": [edit("mix.exs", "      {:tortoise311, \"~> 0.12\"},\n",
                              "      {:tortoise311, \"~> 0.12\"},\n      {:ecto_sqlite3, "
                              "\"~> 0.15\"},\n"),
                         write("lib/riego/repo.ex",
                               "defmodule Riego.Repo do\n  use Ecto.Repo, otp_app: :riego, "
                               "adapter: Ecto.Adapters.SQLite3\nend\n")],
              "broke": bash("./scripts/sd-wear-check.sh invernadero1.local 600",
                            "sectors written in 600s: 187538 (~91 MB)\nprojected: 13.1 GB/day\n"
                            "FAIL: above the 500 MB/day budget for the SD card", 1),
              "revert": bash("git checkout -- mix.exs mix.lock && rm lib/riego/repo.ex", ""),
              "conclusion": "With ecto_sqlite3 every humidity reading and valve event is a "
                            "transaction with WAL and checkpoint writes: the wear check "
                            "projects 13.1 GB a day on the SD card against a 500 MB budget - "
                            "months of card life, not years.",
              "why_user": "sd card die in few months like this, we cannot change cards in "
                          "greenhouse all the time",
              "pain": "we lose the irrigation history when controller reboot",
              "idea": "keeping the history in SQLite on the device with ecto_sqlite3",
              "alternative": "Then keep it in memory and ship it: a ring buffer of events "
                             "published in batches over MQTT to the server, which stores the "
                             "history; the device only needs the last hour."}),
        Fact("fals-liveview", "falsified", ["LiveView"],
             ["could we put a small live web page on the controller so the workers see the "
              "sectors from their phones?",
              "why isn't the on-device dashboard built with phoenix?"],
             "A Phoenix LiveView dashboard on the device was tried and reverted: firmware grew "
             "from 38 to 71 MB, over the 50 MB limit for OTA over the paid LTE link.",
             {"ask": "make local web dashboard on device with phoenix LiveView, to see sectors "
                     "live from phone in greenhouse",
              "change": [edit("mix.exs", "      {:tortoise311, \"~> 0.12\"},\n",
                              "      {:tortoise311, \"~> 0.12\"},\n      {:phoenix, \"~> "
                              "1.7\"},\n      {:phoenix_live_view, \"~> 0.20\"},\n      "
                              "{:bandit, \"~> 1.5\"},\n"),
                         write("lib/riego_web/live/sectors_live.ex",
                               "defmodule RiegoWeb.SectorsLive do\n  use Phoenix.LiveView\n\n"
                               "  def mount(_params, _session, socket) do\n    if connected?("
                               "socket), do: Riego.PubSub.subscribe(\"sectors\")\n    {:ok, "
                               "assign(socket, sectors: Riego.Sectors.all())}\n  end\nend\n")],
              "broke": bash("./scripts/fw-size-check.sh",
                            "riego.fw: 71.4 MB (before: 38.2 MB)\nFAIL: over the 50 MB limit "
                            "for OTA updates over the LTE link", 1),
              "revert": bash("git checkout -- mix.exs mix.lock && rm -rf lib/riego_web", ""),
              "conclusion": "Phoenix, LiveView, their assets and dependencies nearly double "
                            "the firmware to 71.4 MB, past the 50 MB limit for OTA updates over "
                            "the greenhouse LTE link.",
              "why_user": "too big, updates go by LTE and they pay per MB",
              "pain": "workers in greenhouse want see sectors state on phone, now only via "
                      "server",
              "idea": "a Phoenix LiveView dashboard served from the device",
              "alternative": "Then a tiny Plug.Router on the device: one static HTML page "
                             "polling a /status JSON endpoint every few seconds - a few "
                             "hundred KB instead of a whole Phoenix."}),
    ]
    noise = [
        _look("what do Riego.Humidity.smooth? not remember", "lib/riego/humidity.ex",
              "  def smooth(readings, alpha \\\\ 0.3) do\n    Enum.scan(readings, fn r, acc -> "
              "alpha * r + (1 - alpha) * acc end)\n  end\n",
              "It's an exponential moving average over the readings: each output is 30% the "
              "new reading and 70% the previous smoothed value (alpha is configurable), which "
              "flattens the sensor's spikes."),
        _find("where we publish to mqtt", "Tortoise311.publish",
              ["lib/riego/telemetry.ex", "lib/riego/sector.ex"],
              "Two places: the telemetry module (humidity) and Sector (valve open/close "
              "events)."),
        _tweak("log message say 'secotr opened', typo", sector,
               "Logger.info(\"secotr opened\", sector: state.sector)",
               "Logger.info(\"sector opened\", sector: state.sector)"),
        _run("mix format check", "mix format --check-formatted", "", "Everything is formatted."),
        _talk("difference between GenServer.call and cast?",
              "call is synchronous: the caller waits for the reply (5 s timeout by default) "
              "and gets back what handle_call returns, so it also gives back-pressure. cast "
              "is fire-and-forget: handle_cast runs later, the caller gets :ok immediately and "
              "never learns if it failed. Use call when you need the answer or want to slow "
              "callers down; cast for notifications."),
        _steps("write test for Humidity.smooth with three readings",
               [write("test/riego/humidity_test.exs",
                      "defmodule Riego.HumidityTest do\n  use ExUnit.Case, async: true\n\n  "
                      "test \"smooths towards new readings\" do\n    assert [10.0, 13.0, 12.1] "
                      "= Riego.Humidity.smooth([10.0, 20.0, 10.0]) |> Enum.map(&Float.round(&1,"
                      " 1))\n  end\nend\n"),
                bash("mix test test/riego/humidity_test.exs",
                     ".\nFinished in 0.01 seconds\n1 test, 0 failures")],
              "Added a test with three readings; it passes."),
        _talk("how i delete a remote branch",
              "`git push origin --delete branch-name`. Others then run `git fetch --prune` to "
              "drop their stale remote-tracking copy."),
        _tweak("humidity threshold of sector 1 is 30, put 35", "config/config.exs",
               "  thresholds: %{1 => 30, 2 => 32, 3 => 30, 4 => 28}\n",
               "  thresholds: %{1 => 35, 2 => 32, 3 => 30, 4 => 28}\n",
               "Sector 1 now waters below 35%."),
    ]
    return Project(
        "riego-nerves", "git@github.com:agrosol-almeria/riego-nerves.git",
        {"README.md": "# riego-nerves\n\nFirmware de los controladores de riego.\n",
         "mix.exs": "defmodule Riego.MixProject do\n  use Mix.Project\nend\n"},
        facts, noise, "slack")


def projects() -> list[Project]:
    return [frete_dags(), gabinet_rezerwacje(), spettro_viewer(), riego_nerves()]
