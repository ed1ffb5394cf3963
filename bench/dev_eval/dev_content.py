"""The ``dev`` split: four projects, ten planted facts each, and the dev phrasing templates.

The lead tunes capture and ranking against this split. The ``heldout`` split
(``heldout_content.py``) has other projects, other facts and other phrasing; do not read it
while tuning.
"""

from __future__ import annotations

import random

from .templates import cap, command_steps, falsified_steps
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


# ------------------------------------------------------------------- phrasing templates
def conv_with_request(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{cap(s['task'])}. {cap(s['rule'])}."),
            Step(text="Got it.", tools=s["follow"]), Step(text=s["done"])]


def conv_btw(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["task"])), Step(tools=s["follow"]), Step(text=s["done"]),
            Step(prompt=f"thanks. btw, {s['rule']} - keep that in mind"),
            Step(text="Understood, I'll stick to that from now on.")]


def conv_correction(s: dict, rng: random.Random) -> Episode:
    if not s.get("contrary"):
        return conv_with_request(s, rng)
    return [Step(prompt=cap(s["task"])), Step(tools=[s["contrary"]]),
            Step(prompt=f"no, stop - {s['rule']}"),
            Step(text="Sorry about that, redoing it that way.", tools=s["follow"]),
            Step(text=s["done"])]


def cmd_explained(s: dict, rng: random.Random) -> Episode:
    return command_steps(s, None)


def cmd_silent(s: dict, rng: random.Random) -> Episode:
    return command_steps(s, "")


def env_checked(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=s["confirm"])]


def env_acknowledged(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(text="Let me check.", tools=s["probe"]),
            Step(text=s["confirm"]), Step(prompt="ok good to know"),
            Step(text="Sure. Anything else?")]


def gotcha_fixed(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"])]


def gotcha_asked(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]), Step(text="Let me look.", tools=s["probe"]),
            Step(text=s["explain"]), Step(prompt="ok, do that"),
            Step(tools=s.get("fix", [])), Step(text=s["done"])]


def fals_self_revert(s: dict, rng: random.Random) -> Episode:
    return falsified_steps(s, None, "That broke things; reverting.")


def fals_user_revert(s: dict, rng: random.Random) -> Episode:
    return falsified_steps(s, "hmm, that's worse. undo it", "Reverting.")


TEMPLATES = {
    "convention": [conv_with_request, conv_btw, conv_correction],
    "command": [cmd_explained, cmd_silent],
    "environment": [env_checked, env_acknowledged],
    "gotcha": [gotcha_fixed, gotcha_asked],
    "falsified": [fals_self_revert, fals_user_revert],
}

UNRELATED = [
    "update the readme",
    "write a haiku about autumn",
    "fix the failing test in the parser",
    "explain the difference between a process and a thread",
    "add a docstring to the main function",
    "make the error messages friendlier",
    "what's a good name for a variable holding a list of users?",
    "translate 'see you tomorrow' into Spanish",
    "summarize what a monad is in two sentences",
    "bump the version number to 2.0",
    "write a regex that matches an email address",
    "draft a short release announcement for the changelog",
    "rename the helper function to something clearer",
    "how do I center a div with flexbox?",
    "tell me a joke about compilers",
    "add logging to the retry loop",
    "refactor this function so it's shorter",
    "what does HTTP status 418 mean?",
    "convert this list comprehension into a plain for loop",
    "review my last change for typos",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "ledgerly": [
        "how are payment reminders sent?",
        "where are the invoice email templates?",
        "is it ok to edit an invoice after it has been emailed to the customer?",
        "what does the agency's monthly revenue report count as revenue, paid invoices or "
        "issued ones?",
        "should I add the paid-invoices CSV export as a management command or as a Django "
        "admin action?",
    ],
    "trailmap": [
        "how are GPX tracks imported?",
        "where are trail difficulty levels defined?",
        "which API route returns a single trail's details, and is its response cached anywhere?",
        "what does the units toggle on the settings page change besides the distance labels?",
        "should the new saved-trails feature keep its state in a React context or in the URL "
        "query string?",
    ],
    "pipewright": [
        "how do I add a topic?",
        "where are the Prometheus metrics defined?",
        "which consumer group does the production deployment use, and can I reuse it for a "
        "backfill?",
        "what happens to records that fail schema validation, do they go to a dead letter "
        "topic?",
        "should a new field in the event schema be optional or required while older producers "
        "still send the previous version?",
    ],
    "quillpad": [
        "how do I add a keybinding?",
        "where is the tag parser?",
        "how are conflicts resolved when two devices edit the same note before either one "
        "syncs?",
        "which subcommand exports notes to markdown files, and does it keep each note's tags?",
        "should the note list show timestamps in UTC or in the user's local timezone?",
    ],
}


# ------------------------------------------------------------------- noise
def noise(explain: tuple[str, str, str], tests: tuple[str, str, str],
          rename: tuple[str, str, str, str, str], log: str, status: str,
          readme: tuple[str, str, str], comment: tuple[str, str, str, str]) -> list[Episode]:
    """Ordinary work in a project: reading, explaining, renaming, running its tests, git,
    chit-chat, a README typo, a comment."""
    path, content, summary = explain
    area, cmd, out = tests
    old, new, file, old_line, new_line = rename
    rpath, rold, rnew = readme
    cfile, cfunc, cold, cnew = comment
    return [
        [Step(prompt=f"what does {path} do?"), Step(tools=[read(path, content)]),
         Step(text=summary)],
        [Step(prompt=f"run the {area} tests"), Step(tools=[bash(cmd, out)]),
         Step(text=f"All {area} tests pass.")],
        [Step(prompt=f"rename {old} to {new}"), Step(tools=[grep(old, [file])]),
         Step(tools=[edit(file, old_line, new_line)]),
         Step(text=f"Renamed `{old}` to `{new}` in {file}; nothing else referenced it.")],
        [Step(prompt="what did I change on this branch so far?"),
         Step(tools=[bash("git status --short", status), bash("git log --oneline -3", log)]),
         Step(text="You have the changes above on top of the last three commits shown.")],
        [Step(prompt="thanks, that's all for today"),
         Step(text="You're welcome - see you next time!")],
        [Step(prompt="fix the typo in the README intro"), Step(tools=[read(rpath, rold)]),
         Step(tools=[edit(rpath, rold.splitlines()[0], rnew.splitlines()[0])]),
         Step(text="Fixed the typo in the first line of the README.")],
        [Step(prompt=f"add a short comment above {cfunc} explaining what it's for"),
         Step(tools=[edit(cfile, cold, cnew)]), Step(text=f"Added a comment above `{cfunc}`.")],
    ]


# ------------------------------------------------------------------- projects
def ledgerly() -> Project:
    facts = [
        Fact("conv-black", "convention", ["line length 100"],
             ["what formatter settings does this project use?",
              "how wide can code lines get before I have to wrap them?"],
             "Format with black at line length 100 here, never the default 88.",
             {"rule": "we run black with line length 100 in this repo, never the default 88",
              "task": "reformat ledgerly/invoices/pdf.py",
              "follow": [bash("black --line-length 100 ledgerly/invoices/pdf.py",
                              "reformatted ledgerly/invoices/pdf.py\n\nAll done!\n"
                              "1 file reformatted.")],
              "contrary": bash("black ledgerly/invoices/pdf.py",
                               "reformatted ledgerly/invoices/pdf.py\n1 file reformatted."),
              "done": "Reformatted pdf.py."}),
        Fact("conv-decimal", "convention", ["decimal", "float"],
             ["what type should the discount amount on the new coupon model have?",
              "how should currency values be represented in code?"],
             "Money amounts are Decimal, never float.",
             {"rule": "money amounts are always Decimal here, never float - we got bitten by "
                      "rounding once",
              "task": "add a late_fee field to the Invoice model",
              "follow": [edit("ledgerly/invoices/models.py",
                              "    total = models.DecimalField(max_digits=12, "
                              "decimal_places=2)",
                              "    total = models.DecimalField(max_digits=12, "
                              "decimal_places=2)\n    late_fee = models.DecimalField("
                              "max_digits=12, decimal_places=2, default=Decimal(\"0\"))")],
              "contrary": edit("ledgerly/invoices/models.py",
                               "    total = models.DecimalField(max_digits=12, "
                               "decimal_places=2)",
                               "    total = models.DecimalField(max_digits=12, "
                               "decimal_places=2)\n    late_fee = models.FloatField(default=0.0)"),
              "done": "Added `late_fee` to Invoice; run makemigrations when you're ready."}),
        Fact("cmd-migrations", "command", ["ledgerly.settings.ci"],
             ["how do I check for missing migrations?",
              "makemigrations complains that settings are not configured, what do I pass?"],
             "Check migrations with `python manage.py makemigrations --check "
             "--settings=ledgerly.settings.ci` (without --settings it fails: settings are not "
             "configured).",
             {"goal": "run the migrations check before I open the PR",
              "fail": bash("python manage.py makemigrations --check",
                           "django.core.exceptions.ImproperlyConfigured: Requested setting "
                           "DATABASES, but settings are not configured. You must either define "
                           "the environment variable DJANGO_SETTINGS_MODULE or call "
                           "settings.configure() before accessing settings.", 1),
              "note": "manage.py has no default settings module; pointing it at the CI "
                      "settings.",
              "ok": bash("python manage.py makemigrations --check "
                         "--settings=ledgerly.settings.ci", "No changes detected"),
              "done": "No missing migrations."}),
        Fact("cmd-docs", "command", ["mkdocs build"],
             ["how do I generate the documentation site locally?",
              "what's the command to render the docs?"],
             "Build the docs with `mkdocs build --strict -f docs/mkdocs.yml` (there is no "
             "`make docs` target).",
             {"goal": "build the docs so I can check the new API page",
              "fail": bash("make docs", "make: *** No rule to make target 'docs'.  Stop.", 2),
              "note": "There's no make target for the docs; the config is docs/mkdocs.yml.",
              "ok": bash("mkdocs build --strict -f docs/mkdocs.yml",
                         "INFO    -  Cleaning site directory\nINFO    -  Building documentation "
                         "to directory: site\nINFO    -  Documentation built in 1.84 seconds"),
              "done": "The docs built cleanly into site/."}),
        Fact("env-dbport", "environment", ["5433"],
             ["what port is the local database on?",
              "psql says connection refused, which port should I be using?"],
             "Local Postgres runs in docker on host port 5433 (not 5432).",
             {"goal": "why can't the app connect to postgres locally?",
              "probe": [bash("docker compose ps",
                             "NAME             IMAGE         STATUS       PORTS\n"
                             "ledgerly-db-1    postgres:15   Up 3 hours   0.0.0.0:5433->5432/tcp")],
              "confirm": "Postgres runs in docker on host port 5433 (mapped to 5432 inside the "
                         "container), so DATABASE_PORT has to be 5433 locally, not the default."}),
        Fact("env-python", "environment", ["3.11.9"],
             ["which python version should my virtualenv use?",
              "can I run this project on python 3.12?"],
             "The project pins Python 3.11.9 (.python-version); 3.12 is not supported yet.",
             {"goal": "set up a fresh virtualenv for this",
              "probe": [bash("cat .python-version && python --version",
                             "3.11.9\nPython 3.11.9")],
              "confirm": "The project pins Python 3.11.9 in .python-version; 3.12 isn't "
                         "supported yet because of the reportlab pin, so create the venv with "
                         "that interpreter."}),
        Fact("gotcha-fontdir", "gotcha", ["LEDGERLY_FONT_DIR"],
             ["invoice pdf generation is stuck, what's wrong?",
              "exporting an invoice never finishes"],
             "The PDF export hangs unless LEDGERLY_FONT_DIR is set (it then scans the whole "
             "disk for fonts); set LEDGERLY_FONT_DIR=./assets/fonts.",
             {"symptom": "the PDF export just hangs forever, no error at all",
              "probe": [bash("timeout 20 python manage.py export_invoice 1042",
                             "Rendering invoice 1042...", 124),
                        read("ledgerly/invoices/pdf.py",
                             "import os\n\nfrom .fonts import FontCache\n\nfonts = FontCache("
                             "os.environ.get(\"LEDGERLY_FONT_DIR\"))\n")],
              "explain": "Found it: when LEDGERLY_FONT_DIR is unset the font cache falls back "
                         "to scanning the whole filesystem, so the export looks hung. Pointing "
                         "it at ./assets/fonts fixes it.",
              "fix": [bash("LEDGERLY_FONT_DIR=./assets/fonts python manage.py export_invoice "
                           "1042", "Rendering invoice 1042...\nWrote invoice-1042.pdf (2 pages)")],
              "done": "The export finishes in about 2 seconds with the font dir set."}),
        Fact("gotcha-envexample", "gotcha", [".env.example"],
             ["how do I get the dev server running on a fresh clone?",
              "runserver dies with an empty secret key error"],
             "runserver fails (SECRET_KEY must not be empty) until .env.example is copied to "
             ".env.",
             {"symptom": "runserver dies immediately on my new laptop",
              "probe": [bash("python manage.py runserver",
                             "django.core.exceptions.ImproperlyConfigured: The SECRET_KEY "
                             "setting must not be empty.", 1)],
              "explain": "The settings read everything from .env, which isn't committed: copy "
                         ".env.example to .env first - it has safe dev defaults.",
              "fix": [bash("cp .env.example .env && python manage.py check",
                           "System check identified no issues (0 silenced).")],
              "done": "The check passes now; runserver will start."}),
        Fact("fals-xdist", "falsified", ["xdist"],
             ["could we parallelize the tests to make CI faster?",
              "the suite takes 3 minutes, any way to use more cores?"],
             "Running the tests in parallel with pytest-xdist breaks invoice numbering "
             "(workers share one DB sequence); reverted, tests stay serial.",
             {"ask": "can we speed up the test suite by running it in parallel with "
                     "pytest-xdist?",
              "change": [bash("pip install pytest-xdist", "Successfully installed "
                              "execnet-2.1.1 pytest-xdist-3.6.1")],
              "broke": bash("pytest -n 4 -q",
                            "FAILED tests/test_invoices.py::test_invoice_numbering - "
                            "IntegrityError: duplicate key value violates unique constraint "
                            "\"invoice_number_seq\"\n12 failed, 190 passed in 41.2s", 1),
              "revert": bash("pip uninstall -y pytest-xdist && git checkout -- pytest.ini",
                             "Successfully uninstalled pytest-xdist-3.6.1"),
              "conclusion": "Reverted: under xdist the workers share one database sequence, so "
                            "invoice numbering collides. The suite stays serial."}),
        Fact("fals-wkhtml", "falsified", ["wkhtmltopdf"],
             ["is there a faster PDF library we could swap in?",
              "should we switch the invoice renderer to something else?"],
             "Switching the PDFs to wkhtmltopdf broke the page layout (totals spill onto a "
             "third page); reverted to WeasyPrint.",
             {"ask": "try replacing WeasyPrint with wkhtmltopdf for the invoice PDFs, it should "
                     "be faster",
              "change": [edit("ledgerly/invoices/pdf.py", "from weasyprint import HTML",
                              "import pdfkit  # wkhtmltopdf")],
              "broke": bash("pytest tests/test_pdf.py -q",
                            "FAILED tests/test_pdf.py::test_page_breaks - AssertionError: "
                            "expected 2 pages, got 3\n1 failed, 8 passed in 3.02s", 1),
              "revert": bash("git checkout -- ledgerly/invoices/pdf.py", ""),
              "conclusion": "That didn't work: wkhtmltopdf breaks the page layout (the totals "
                            "spill onto a third page). I've put WeasyPrint back."}),
    ]
    return Project(
        "ledgerly", "git@github.com:acme/ledgerly.git",
        {"README.md": "# ledgerly\n\nInvoicing for small agencies.\n",
         "pyproject.toml": "[project]\nname = \"ledgerly\"\nversion = \"1.4.0\"\n",
         "ledgerly/__init__.py": "", "ledgerly/invoices/models.py": "from django.db import "
         "models\n"},
        facts,
        noise(("ledgerly/invoices/models.py",
               "from django.db import models\n\n\nclass Invoice(models.Model):\n    number = "
               "models.CharField(max_length=20, unique=True)\n    customer = models.ForeignKey("
               "\"customers.Customer\", on_delete=models.PROTECT)\n    issued = models."
               "DateField()\n",
               "It defines the Invoice model: a unique number, the customer (protected from "
               "deletion) and the issue date."),
              ("invoice", "pytest tests/test_invoices.py -q", "14 passed in 2.31s"),
              ("get_customer_ref", "customer_reference", "ledgerly/invoices/views.py",
               "def get_customer_ref(invoice):", "def customer_reference(invoice):"),
              "a41c2de Add customer filter to invoice list\n9be0f13 Bump django to 5.0.6\n"
              "77d0c21 Fix rounding in totals view",
              " M ledgerly/invoices/views.py\n M tests/test_invoices.py",
              ("README.md", "# ledgerly\n\nInvoicing for small agencies that recieve many "
               "payments.\n", "# ledgerly\n\nInvoicing for small agencies that receive many "
               "payments.\n"),
              ("ledgerly/invoices/views.py", "invoice_list",
               "def invoice_list(request):",
               "# Lists the signed-in agency's invoices, newest first.\ndef invoice_list("
               "request):")),
        "github")


def trailmap() -> Project:
    facts = [
        Fact("conv-pnpm", "convention", ["pnpm"],
             ["how do I add a new dependency to this repo?",
              "I want to install zod, what's the right command?"],
             "Use pnpm in this repo, never npm or yarn (pnpm-lock.yaml).",
             {"rule": "we always use pnpm here, never npm or yarn - the lockfile is "
                      "pnpm-lock.yaml",
              "task": "add date-fns to the dependencies",
              "follow": [bash("pnpm add date-fns", "Packages: +1\n+\ndependencies:\n"
                              "+ date-fns 3.6.0\n\nDone in 2.1s")],
              "contrary": bash("npm install date-fns", "added 1 package, and audited 412 "
                               "packages in 3s"),
              "done": "Added date-fns 3.6.0."}),
        Fact("conv-named", "convention", ["named export"],
             ["how should I export the new TrailCard component?",
              "what's the convention for exporting react components here?"],
             "React components use named exports only, never default exports, one per file "
             "in src/components.",
             {"rule": "we only use named exports for components, no default exports, one "
                      "component per file in src/components",
              "task": "create an ElevationChart component",
              "follow": [write("src/components/ElevationChart.tsx",
                               "export function ElevationChart({ points }: Props) {\n  return "
                               "<svg viewBox=\"0 0 100 40\">{/* ... */}</svg>;\n}\n")],
              "contrary": write("src/components/ElevationChart.tsx",
                                "export default function ElevationChart({ points }: Props) {\n"
                                "  return <svg />;\n}\n"),
              "done": "Created src/components/ElevationChart.tsx."}),
        Fact("cmd-playwright", "command", ["playwright install"],
             ["the browser tests can't find chrome, how do I fix that?",
              "how do I set up my machine to run the end-to-end suite?"],
             "Run `npx playwright install chromium` before the e2e tests (they fail with "
             "\"Executable doesn't exist\" otherwise).",
             {"goal": "run the e2e tests",
              "fail": bash("npx playwright test",
                           "Error: browserType.launch: Executable doesn't exist at "
                           "/home/dev/.cache/ms-playwright/chromium-1117/chrome-linux/chrome\n"
                           "Looks like Playwright Test or Playwright was just installed or "
                           "updated.", 1),
              "note": "The browsers aren't downloaded on this machine yet.",
              "ok": bash("npx playwright install chromium && npx playwright test",
                         "Downloading Chromium 125.0.6422.26 ... done\n\nRunning 18 tests "
                         "using 2 workers\n  18 passed (41.3s)"),
              "done": "All 18 e2e tests pass once chromium is installed."}),
        Fact("cmd-tsc", "command", ["tsconfig.app.json"],
             ["how do I run the type checker?",
              "tsc says no inputs were found, what am I doing wrong?"],
             "Typecheck with `npx tsc -p tsconfig.app.json --noEmit`; the root tsconfig.json "
             "only holds references (plain `tsc --noEmit` fails: no inputs).",
             {"goal": "typecheck the project",
              "fail": bash("npx tsc --noEmit",
                           "error TS18003: No inputs were found in config file "
                           "'tsconfig.json'. Specified 'include' paths were '[]' and "
                           "'exclude' paths were '[]'.", 1),
              "note": "The root tsconfig only holds project references.",
              "ok": bash("npx tsc -p tsconfig.app.json --noEmit", ""),
              "done": "No type errors."}),
        Fact("env-tiles", "environment", ["8089"],
             ["what port does the local tile server listen on?",
              "the map is blank in development, where should the tiles come from?"],
             "In dev the map tiles come from a local tileserver on port 8089.",
             {"goal": "where do the map tiles come from in dev?",
              "probe": [read("next.config.js",
                             "module.exports = {\n  env: {\n    TILE_SERVER: process.env."
                             "TILE_SERVER ?? \"http://localhost:8089/tiles\",\n  },\n};\n")],
              "confirm": "In dev the tiles come from a local tileserver on port 8089 (the "
                         "default in next.config.js); start it with docker before `next dev`."}),
        Fact("env-node", "environment", ["20.11.1"],
             ["what node version do I need?",
              "next build fails with a syntax error on my machine, could it be my node?"],
             "The repo needs Node 20.11.1 (.nvmrc); run `nvm use`.",
             {"goal": "next build fails with a weird syntax error, can you check my setup?",
              "probe": [bash("cat .nvmrc && node --version", "20.11.1\nv18.19.0")],
              "confirm": "The repo needs Node 20.11.1 (.nvmrc) but this shell has v18.19.0 - "
                         "run `nvm use` first; the build uses syntax Node 18 doesn't have."}),
        Fact("gotcha-ssr", "gotcha", ["ssr"],
             ["the build fails prerendering the trails page, any idea?",
              "how should I import a leaflet component into a page?"],
             "Leaflet touches window at import, so MapView must be loaded with next/dynamic "
             "and ssr: false, or the build fails (window is not defined).",
             {"symptom": "the map component crashes with 'window is not defined' during build",
              "probe": [bash("npx next build",
                             "ReferenceError: window is not defined\n    at Object.<anonymous>"
                             " (src/components/MapView.tsx:3:1)\nError occurred prerendering "
                             "page \"/trails\"", 1)],
              "explain": "Leaflet touches window at import time, so MapView has to be loaded "
                         "with next/dynamic and ssr: false; importing it directly breaks the "
                         "static build.",
              "fix": [edit("src/app/trails/page.tsx",
                           "import { MapView } from '@/components/MapView'",
                           "const MapView = dynamic(() => import('@/components/MapView')."
                           "then(m => m.MapView), { ssr: false })")],
              "done": "The build prerenders /trails now."}),
        Fact("gotcha-polling", "gotcha", ["WATCHPACK_POLLING"],
             ["file changes aren't being picked up by the dev server",
              "hot reloading is broken inside docker"],
             "In the container next dev stops seeing changes (inotify limit) unless "
             "WATCHPACK_POLLING=true.",
             {"symptom": "next dev stops picking up my edits after a few minutes",
              "probe": [bash("cat /proc/sys/fs/inotify/max_user_watches", "8192")],
              "explain": "The container's inotify watch limit (8192) runs out, so the watcher "
                         "goes quiet. With WATCHPACK_POLLING=true next dev polls instead.",
              "fix": [bash("WATCHPACK_POLLING=true npx next dev",
                           "  Next.js 14.2.3\n  - Local: http://localhost:3000\n Ready in 2.4s")],
              "done": "Edits show up again with polling on."}),
        Fact("fals-leaflet5", "falsified", ["React 19"],
             ["should we bump the map library to its latest major?",
              "any blockers for upgrading react-leaflet?"],
             "react-leaflet 5 needs React 19 (we are on 18): the upgrade broke MapContainer "
             "and was reverted; stay on 4.2.1.",
             {"ask": "let's try upgrading react-leaflet to v5",
              "change": [edit("package.json", "\"react-leaflet\": \"^4.2.1\"",
                              "\"react-leaflet\": \"^5.0.0\"")],
              "broke": bash("npx vitest run",
                            "FAIL src/components/MapView.test.tsx\nTypeError: MapContainer is "
                            "not a function\n Test Files  3 failed | 9 passed (12)", 1),
              "revert": bash("git checkout -- package.json", ""),
              "conclusion": "Reverted: react-leaflet 5 requires React 19 and we're on React 18, "
                            "so MapContainer breaks. Staying on 4.2.1 until the React upgrade."}),
        Fact("fals-maplibre", "falsified", ["maplibre"],
             ["could we use vector tiles for the map?",
              "what happened when we tried a webgl map renderer?"],
             "Vector tiles with maplibre pushed the bundle from 180 kB to 910 kB (budget 250 "
             "kB); reverted.",
             {"ask": "try switching the tile layer to vector tiles with maplibre",
              "change": [edit("src/components/MapView.tsx", "<TileLayer url={tileUrl} />",
                              "<MaplibreLayer styleUrl={styleUrl} />")],
              "broke": bash("npx next build",
                            "Route (app)        First Load JS\n/trails            910 kB\n"
                            "Error: bundle budget exceeded: /trails 910 kB > 250 kB", 1),
              "revert": bash("git checkout -- src/components/MapView.tsx", ""),
              "conclusion": "Backed out maplibre: the trails page bundle went from 180 kB to "
                            "910 kB, way over the 250 kB budget."}),
    ]
    return Project(
        "trailmap", "git@github.com:acme/trailmap.git",
        {"README.md": "# trailmap\n\nHiking trail maps.\n",
         "package.json": "{\n  \"name\": \"trailmap\",\n  \"private\": true\n}\n"},
        facts,
        noise(("src/lib/trailmap-tiles.ts",
               "export function tileUrl(z: number, x: number, y: number) {\n  return "
               "`${BASE}/${z}/${x}/${y}.png`;\n}\n",
               "It builds the URL of one map tile from its zoom level and x/y position."),
              ("tile helper", "npx vitest run src/lib",
               " ✓ src/lib/trailmap-tiles.test.ts (12 tests) 38ms\n Test Files  1 passed (1)\n"
               "      Tests  12 passed (12)"),
              ("fetchTrail", "loadTrail", "src/lib/trailmap-api.ts",
               "export async function fetchTrail(id: string) {",
               "export async function loadTrail(id: string) {"),
              "5d2e1aa Trail list: sort by distance\nc03b9f2 Add elevation legend\n"
              "81aa4e0 Upgrade vitest",
              " M src/lib/trailmap-api.ts\n?? src/components/Legend.tsx",
              ("README.md", "# trailmap\n\nHiking trail maps with elevaton profiles.\n",
               "# trailmap\n\nHiking trail maps with elevation profiles.\n"),
              ("src/lib/trailmap-tiles.ts", "tileUrl",
               "export function tileUrl(z: number, x: number, y: number) {",
               "// Slippy-map tile address for zoom z, column x, row y.\nexport function "
               "tileUrl(z: number, x: number, y: number) {")),
        "stripe")


def pipewright() -> Project:
    facts = [
        Fact("conv-testify", "convention", ["testify"],
             ["which assertion library should I use in new tests?",
              "how do we usually structure unit tests in go here?"],
             "No testify in this repo: plain testing package, table-driven tests.",
             {"rule": "we don't use testify in this repo - plain testing package and "
                      "table-driven tests only",
              "task": "add a test for the S3 key builder",
              "follow": [write("internal/sink/keys_test.go",
                               "func TestObjectKey(t *testing.T) {\n\tcases := []struct{ in, "
                               "want string }{\n\t\t{\"2024-05-01\", \"dt=2024-05-01/\"},\n\t}\n"
                               "\tfor _, c := range cases {\n\t\tif got := objectKey(c.in); got "
                               "!= c.want {\n\t\t\tt.Errorf(\"got %q want %q\", got, c.want)\n"
                               "\t\t}\n\t}\n}\n")],
              "contrary": write("internal/sink/keys_test.go",
                                "import \"github.com/stretchr/testify/assert\"\n\nfunc "
                                "TestObjectKey(t *testing.T) {\n\tassert.Equal(t, "
                                "\"dt=2024-05-01/\", objectKey(\"2024-05-01\"))\n}\n"),
              "done": "Added a table-driven TestObjectKey."}),
        Fact("conv-commits", "convention", ["conventional commit"],
             ["how should I word the commit message for this change?",
              "is there a required format for commit messages?"],
             "Commit messages follow Conventional Commits (feat:, fix:, chore:) and name the "
             "Jira ticket (PIPE-123).",
             {"rule": "commit messages follow conventional commits here (feat:, fix:, chore:) "
                      "and always reference the Jira ticket like PIPE-123",
              "task": "commit the checkpoint fix",
              "follow": [bash("git commit -am 'fix(ingest): flush checkpoint before rebalance "
                              "(PIPE-412)'", "[main 4e1f0a2] fix(ingest): flush checkpoint "
                              "before rebalance (PIPE-412)\n 1 file changed, 6 insertions(+)")],
              "contrary": bash("git commit -am 'flush checkpoint before rebalance'",
                               "[main 4e1f0a1] flush checkpoint before rebalance\n 1 file "
                               "changed"),
              "done": "Committed."}),
        Fact("cmd-itest", "command", ["make itest"],
             ["how do I run the kafka tests locally?",
              "the integration tests fail with connection refused, what should I run?"],
             "Run the integration tests with `make itest` (it starts the compose stack); "
             "`go test -tags integration` alone fails: connection refused.",
             {"goal": "run the integration tests",
              "fail": bash("go test ./... -tags integration",
                           "--- FAIL: TestKafkaRoundTrip (30.01s)\n    kafka_test.go:41: dial "
                           "tcp 127.0.0.1:9092: connect: connection refused\nFAIL", 1),
              "note": "They need the compose stack; the Makefile target brings it up.",
              "ok": bash("make itest",
                         "docker compose -f deploy/itest.yml up -d\nok  \tgithub.com/acme/"
                         "pipewright/internal/ingest\t12.3s"),
              "done": "Integration tests pass."}),
        Fact("cmd-buf", "command", ["buf generate"],
             ["how do I rebuild the generated protobuf files?",
              "protoc can't find the go plugin"],
             "Regenerate protobuf code with `buf generate` (protoc fails: protoc-gen-go not "
             "found).",
             {"goal": "regenerate the protobuf code after my schema change",
              "fail": bash("protoc --go_out=. proto/*.proto",
                           "protoc-gen-go: program not found or is not executable\n--go_out: "
                           "protoc-gen-go: Plugin failed with status code 1.", 1),
              "note": "The repo has a buf.gen.yaml that pins the plugins.",
              "ok": bash("buf generate", ""),
              "done": "Regenerated the Go code from the protos."}),
        Fact("env-go", "environment", ["1.22.4"],
             ["which go toolchain should I install?",
              "what Go version does the pipeline service need?"],
             "go.mod requires Go 1.22.4.",
             {"goal": "CI says the go version is wrong, can you check?",
              "probe": [bash("head -5 go.mod && go version",
                             "module github.com/acme/pipewright\n\ngo 1.22.4\n\ngo version "
                             "go1.21.6 linux/amd64")],
              "confirm": "go.mod requires Go 1.22.4 and this machine has 1.21.6; install "
                         "1.22.4 to match CI."}),
        Fact("env-checkpoints", "environment", ["/var/lib/pipewright/checkpoints"],
             ["where are the consumer offsets persisted on disk?",
              "the service can't save its progress, which directory does it need?"],
             "Checkpoints are written to /var/lib/pipewright/checkpoints (must be writable by "
             "the service user).",
             {"goal": "where does the service write its checkpoints?",
              "probe": [bash("grep -rn CheckpointDir internal/ | head -3",
                             "internal/ingest/checkpoint.go:18:\tCheckpointDir = "
                             "\"/var/lib/pipewright/checkpoints\"")],
              "confirm": "Checkpoints go to /var/lib/pipewright/checkpoints (the default in "
                         "checkpoint.go); that directory must be writable by the service user."}),
        Fact("gotcha-maxbytes", "gotcha", ["KAFKA_MAX_MESSAGE_BYTES"],
             ["why are large events missing downstream?",
              "records disappear without any error in the logs"],
             "The consumer silently skips messages over 1 MB unless KAFKA_MAX_MESSAGE_BYTES is "
             "raised.",
             {"symptom": "some events never show up in S3 but there are no errors anywhere",
              "probe": [bash("kubectl logs deploy/pipewright | grep -i 'too large' | tail -2",
                             "level=debug msg=\"skipping record\" reason=\"message too large\" "
                             "size=1843221")],
              "explain": "The consumer drops records over 1 MB at debug level. Raise "
                         "KAFKA_MAX_MESSAGE_BYTES (e.g. to 4194304) in the deployment.",
              "fix": [edit("deploy/values.yaml", "  KAFKA_FETCH_MIN_BYTES: \"1\"",
                           "  KAFKA_FETCH_MIN_BYTES: \"1\"\n  KAFKA_MAX_MESSAGE_BYTES: "
                           "\"4194304\"")],
              "done": "Raised the limit in the deployment values."}),
        Fact("gotcha-bucket", "gotcha", ["mc mb"],
             ["the service is stuck connecting to the sink on startup",
              "what do I need to create before running the service locally?"],
             "`make run` hangs at 'connecting to sink' until the minio bucket exists: "
             "`mc mb local/pipewright-dev`.",
             {"symptom": "make run just sits at 'connecting to sink'",
              "probe": [bash("curl -s localhost:9000/pipewright-dev",
                             "<Error><Code>NoSuchBucket</Code><Message>The specified bucket "
                             "does not exist</Message></Error>")],
              "explain": "The local minio has no bucket yet and the sink retries forever "
                         "without logging. Create it with `mc mb local/pipewright-dev`.",
              "fix": [bash("mc mb local/pipewright-dev",
                           "Bucket created successfully `local/pipewright-dev`.")],
              "done": "The service starts now."}),
        Fact("fals-franz", "falsified", ["franz-go"],
             ["should we move to a different kafka client library?",
              "why are we still on sarama?"],
             "Switching the Kafka client from sarama to franz-go broke exactly-once commits "
             "(TestExactlyOnce duplicates); reverted.",
             {"ask": "switch the kafka client from sarama to franz-go",
              "change": [bash("go get github.com/twmb/franz-go@v1.17.0 && go build ./...",
                              "go: added github.com/twmb/franz-go v1.17.0")],
              "broke": bash("go test ./internal/ingest/...",
                            "--- FAIL: TestExactlyOnce (2.10s)\n    ingest_test.go:88: "
                            "duplicate offsets committed: 3\nFAIL", 1),
              "revert": bash("git checkout -- go.mod go.sum internal/ingest", ""),
              "conclusion": "Reverted the franz-go switch: our exactly-once logic relies on "
                            "sarama's offset manager, and TestExactlyOnce commits duplicates "
                            "without it."}),
        Fact("fals-gzip", "falsified", ["gzip"],
             ["can we compress the files we upload to cut storage costs?",
              "any reason we don't compress the s3 output?"],
             "gzip on top of the (snappy) parquet uploads made Athena reject the files; "
             "reverted.",
             {"ask": "enable compression on the S3 uploads to save storage",
              "change": [edit("internal/sink/s3.go", "ContentEncoding: nil,",
                              "ContentEncoding: aws.String(\"gzip\"),")],
              "broke": bash("go test ./internal/sink/... -run Athena",
                            "--- FAIL: TestAthenaReadback (1.31s)\n    athena_test.go:52: "
                            "HIVE_BAD_DATA: not a Parquet file\nFAIL", 1),
              "revert": bash("git checkout -- internal/sink/s3.go", ""),
              "conclusion": "Reverted: the parquet files are already snappy-compressed and "
                            "gzip on top makes Athena reject them (HIVE_BAD_DATA)."}),
    ]
    return Project(
        "pipewright", "git@github.com:acme/pipewright.git",
        {"README.md": "# pipewright\n\nKafka to S3 pipeline.\n",
         "go.mod": "module github.com/acme/pipewright\n"},
        facts,
        noise(("internal/sink/pipewright_batch.go",
               "func (b *Batch) Add(r Record) bool {\n\tb.records = append(b.records, r)\n"
               "\treturn len(b.records) >= b.max\n}\n",
               "It collects records into a batch and reports when the batch is full."),
              ("sink", "go test ./internal/sink/ -run Batch",
               "ok  \tgithub.com/acme/pipewright/internal/sink\t0.412s"),
              ("flushNow", "flushBatch", "internal/sink/pipewright_batch.go",
               "func (b *Batch) flushNow() error {", "func (b *Batch) flushBatch() error {"),
              "e19c2b0 sink: batch by size\n3f0d7aa ingest: retry on rebalance\n"
              "0ab31c9 ci: cache modules",
              " M internal/sink/pipewright_batch.go",
              ("README.md", "# pipewright\n\nKafka to S3 pipline.\n",
               "# pipewright\n\nKafka to S3 pipeline.\n"),
              ("internal/sink/pipewright_batch.go", "Add",
               "func (b *Batch) Add(r Record) bool {",
               "// Add appends r and reports whether the batch should be flushed.\nfunc (b "
               "*Batch) Add(r Record) bool {")),
        "aws")


def quillpad() -> Project:
    facts = [
        Fact("conv-unwrap", "convention", ["unwrap"],
             ["how should errors be handled in the new sync module?",
              "what's our error handling style in rust here?"],
             "No unwrap() in library code: use anyhow with context; unwrap only in tests.",
             {"rule": "no unwrap() in library code, use anyhow with .context() instead - "
                      "unwrap is only ok in tests",
              "task": "make load_config return an error instead of panicking",
              "follow": [edit("src/config.rs",
                              "let text = fs::read_to_string(&path).expect(\"config\");",
                              "let text = fs::read_to_string(&path)\n        .with_context(|| "
                              "format!(\"reading {}\", path.display()))?;")],
              "done": "load_config now returns the error with the path as context."}),
        Fact("conv-clippy", "convention", ["clippy"],
             ["what lints do I need to pass before I push?",
              "CI failed on a warning, what should I run locally first?"],
             "Run cargo clippy -- -D warnings before pushing; CI treats warnings as errors.",
             {"rule": "always run clippy with -D warnings before you push, CI treats every "
                      "warning as an error",
              "task": "push the config change",
              "follow": [bash("cargo clippy --all-targets -- -D warnings && git push",
                              "    Checking quillpad v0.6.2\n    Finished dev [unoptimized] "
                              "target(s) in 4.91s\nTo github.com:acme/quillpad.git\n   "
                              "c1d2e3f..a9b8c7d  main -> main")],
              "done": "Lints are clean and the change is pushed."}),
        Fact("cmd-rustls", "command", ["features rustls"],
             ["the release build fails on openssl, how do I build it?",
              "how do I make a release binary on a machine without openssl headers?"],
             "Build releases with `cargo build --release --no-default-features --features "
             "rustls` (plain --release fails: OpenSSL not found).",
             {"goal": "make a release build",
              "fail": bash("cargo build --release",
                           "error: failed to run custom build command for `openssl-sys "
                           "v0.9.102`\n  Could not find directory of OpenSSL installation", 101),
              "note": "No OpenSSL headers here; the crate has a rustls feature.",
              "ok": bash("cargo build --release --no-default-features --features rustls",
                         "    Finished release [optimized] target(s) in 1m 02s"),
              "done": "Release binary is in target/release/quillpad."}),
        Fact("cmd-nightly", "command", ["nightly"],
             ["how do I run the search benchmark?",
              "cargo bench errors about feature flags on stable"],
             "Benchmarks need nightly: `cargo +nightly bench --bench search`.",
             {"goal": "run the search benchmarks",
              "fail": bash("cargo bench",
                           "error[E0554]: `#![feature]` may not be used on the stable release "
                           "channel", 101),
              "note": "The benches use the test crate, which is unstable.",
              "ok": bash("cargo +nightly bench --bench search",
                         "test search_10k ... bench:     182,331 ns/iter (+/- 4,120)"),
              "done": "Searching 10k entries takes about 182 µs."}),
        Fact("env-db", "environment", ["notes.db"],
             ["where is the sqlite file stored?",
              "I want to back up everything I wrote, which file is it?"],
             "Quillpad's data is in ~/.local/share/quillpad/notes.db (SQLite, schema v7).",
             {"goal": "where does quillpad keep its data?",
              "probe": [bash("cargo run -q -- doctor",
                             "config: /home/dev/.config/quillpad/config.toml\ndatabase: "
                             "/home/dev/.local/share/quillpad/notes.db (sqlite, schema v7)")],
              "confirm": "Everything lives in ~/.local/share/quillpad/notes.db, a SQLite "
                         "database at schema v7; the config is separate."}),
        Fact("env-msrv", "environment", ["1.74"],
             ["what's the minimum rust version we support?",
              "can I use features from the newest stable rust?"],
             "The crate's MSRV is Rust 1.74 (rust-version in Cargo.toml).",
             {"goal": "can I use async closures in this crate?",
              "probe": [read("Cargo.toml", "[package]\nname = \"quillpad\"\nversion = "
                             "\"0.6.2\"\nedition = \"2021\"\nrust-version = \"1.74\"\n")],
              "confirm": "No: the crate's MSRV is Rust 1.74 (rust-version in Cargo.toml), and "
                         "async closures need a much newer compiler."}),
        Fact("gotcha-syncurl", "gotcha", ["QUILLPAD_SYNC_URL"],
             ["the sync tests panic with a url builder error",
              "what do I need to run the full test suite?"],
             "The sync tests fail (relative URL without a base) unless QUILLPAD_SYNC_URL points "
             "at a running sync server; they don't skip.",
             {"symptom": "cargo test fails in the sync module with a weird error",
              "probe": [bash("cargo test sync::",
                             "thread 'sync::tests::push_pull' panicked at src/sync.rs:211:41:\n"
                             "builder error: relative URL without a base", 101)],
              "explain": "The sync tests need QUILLPAD_SYNC_URL pointing at a running sync "
                         "server; without it the URL is empty and they panic instead of "
                         "skipping.",
              "fix": [bash("QUILLPAD_SYNC_URL=http://127.0.0.1:7878 cargo test sync::",
                           "test result: ok. 6 passed; 0 failed")],
              "done": "Passes against the local sync server."}),
        Fact("gotcha-term", "gotcha", ["xterm-256color"],
             ["colors are broken when I run it inside tmux",
              "the terminal ui renders garbage characters"],
             "The TUI garbles its output unless TERM is xterm-256color (tmux sets screen).",
             {"symptom": "the editor view looks all corrupted in tmux",
              "probe": [bash("echo $TERM", "screen")],
              "explain": "The TUI needs a 256-colour terminfo; tmux reports TERM=screen. Run it "
                         "with TERM=xterm-256color.",
              "fix": [bash("TERM=xterm-256color cargo run -q -- edit today", "")],
              "done": "Renders correctly now."}),
        Fact("fals-sled", "falsified", ["sled"],
             ["would an embedded key-value store be faster than sqlite for us?",
              "did anyone try moving off rusqlite?"],
             "Replacing rusqlite with sled lost the schema migrations and FTS5 search (14 "
             "store tests failed); reverted.",
             {"ask": "try replacing the sqlite store with sled, it should be faster",
              "change": [edit("Cargo.toml", "rusqlite = { version = \"0.31\" }",
                              "sled = \"0.34\"")],
              "broke": bash("cargo test store::",
                            "test store::tests::migrate_v6 ... FAILED\ntest store::tests::"
                            "fulltext ... FAILED\ntest result: FAILED. 2 passed; 14 failed",
                            101),
              "revert": bash("git checkout -- Cargo.toml src/store.rs", ""),
              "conclusion": "Reverted to rusqlite: with sled we lose the schema migrations and "
                            "FTS5 full-text search, and 14 store tests fail."}),
        Fact("fals-tokio", "falsified", ["tokio"],
             ["should search run asynchronously?",
              "why isn't the search code async?"],
             "Making search async with tokio doubled the binary (4.1 to 9.8 MB) and startup "
             "time for no gain (CPU-bound); backed out.",
             {"ask": "make search async so the UI doesn't block",
              "change": [bash("cargo add tokio --features full && cargo build --release "
                              "--no-default-features", "    Finished release [optimized]")],
              "broke": bash("ls -la target/release/quillpad && hyperfine -N "
                            "'target/release/quillpad list'",
                            "-rwxr-xr-x 1 dev dev 9.8M target/release/quillpad\n  Time (mean): "
                            "  38.2 ms (was 17.9 ms)", 1),
              "revert": bash("git checkout -- Cargo.toml Cargo.lock src/search.rs", ""),
              "conclusion": "Backed out the tokio change: the binary went from 4.1 MB to 9.8 "
                            "MB and startup doubled, and search is CPU-bound anyway."}),
    ]
    return Project(
        "quillpad", "git@github.com:acme/quillpad.git",
        {"README.md": "# quillpad\n\nNotes in the terminal.\n",
         "Cargo.toml": "[package]\nname = \"quillpad\"\n"},
        facts,
        noise(("src/quillpad_render.rs",
               "pub fn render_line(entry: &Entry, width: usize) -> String {\n    "
               "truncate(&entry.title, width)\n}\n",
               "It renders one entry's title as a line cut to the terminal width."),
              ("render", "cargo test render::",
               "running 8 tests\n........\ntest result: ok. 8 passed; 0 failed"),
              ("fmt_title", "format_title", "src/quillpad_render.rs",
               "fn fmt_title(title: &str) -> String {", "fn format_title(title: &str) -> "
               "String {"),
              "8c1e0d2 render: wrap long titles\n2aa90f1 cli: add --since\n"
              "f00d1e5 Bump clap to 4.5",
              " M src/quillpad_render.rs",
              ("README.md", "# quillpad\n\nNotes in the termnial.\n",
               "# quillpad\n\nNotes in the terminal.\n"),
              ("src/quillpad_render.rs", "render_line",
               "pub fn render_line(entry: &Entry, width: usize) -> String {",
               "/// One entry as a single line, cut to `width` columns.\npub fn render_line("
               "entry: &Entry, width: usize) -> String {")),
        "slack")


def projects() -> list[Project]:
    return [ledgerly(), trailmap(), pipewright(), quillpad()]
