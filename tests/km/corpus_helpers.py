"""A small real corpus for deep-search and verify tests: one fact needs two hops (the payments
service → the ledger database → what runs it), the rest is ordinary documentation so the
index has real idf statistics."""

from __future__ import annotations

import textwrap
from pathlib import Path

from km_helpers import GUIDE, NOTES
from support.cli import run_rlat

SERVICES = textwrap.dedent("""\
    # Services

    ## Payments

    The payments service stores its data in the ledger database. It is owned by the billing team.

    ## Search

    The search service reads the product catalogue every hour.
    """)

DATABASES = textwrap.dedent("""\
    # Databases

    ## Ledger

    The ledger database runs PostgreSQL 15 on host db-3. Backups of the ledger run nightly at 02:00.

    ## Catalogue

    The catalogue is a read-only snapshot exported from the warehouse.
    """)

FILLER = {
    "team.md": "# Team\n\n## On call\n\nThe on-call engineer answers pages within fifteen "
               "minutes during business hours.\n\n## Reviews\n\nEvery change needs one "
               "approving review before it merges.\n",
    "frontend.md": "# Frontend\n\nThe web client is built with Vite and served from the CDN.\n\n"
                   "Feature flags are read from the flags service at page load.\n",
    "runbook.md": "# Runbook\n\nIf the queue backs up, scale the workers to eight replicas.\n\n"
                  "Restart the scheduler only after draining the queue.\n",
}

QUESTION = "Where does the payments service store its data?"
NO_KEY = {"ANTHROPIC_API_KEY": ""}


def write_corpus(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    files = {"services.md": SERVICES, "databases.md": DATABASES, "guide.md": GUIDE,
             "notes.txt": NOTES, **FILLER}
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def build_km(tmp_path: Path) -> tuple[Path, Path]:
    """(corpus root, built KM)."""
    root = write_corpus(tmp_path / "docs")
    km = tmp_path / "team.rlat"
    out = run_rlat("build", str(root), "-o", str(km), "--min-chars", "40", "--max-chars", "400")
    assert out.returncode == 0, out.stderr
    return root, km
