"""Real corpora for tests, found in place (never copied into the repository).

The Claude Code reference pages live in the read-only ``shared`` folder beside the checkout
(DESIGN §6). A clone somewhere else (a CI runner, a laptop) may not have it, so tests fall back
to this repository's own ``docs/`` — real Markdown with headings, tables and fenced code.
``RLAT_REFERENCE_DOCS`` names another folder explicitly.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def reference_markdown() -> Path:
    explicit = os.environ.get("RLAT_REFERENCE_DOCS")
    candidates = [Path(explicit)] if explicit else []
    candidates += [REPO_ROOT.parent / "shared" / "reference" / "claude-code",
                   Path("/work/shared/reference/claude-code")]
    for folder in candidates:
        if len(list(folder.glob("*.md"))) >= 4:
            return folder
    return REPO_ROOT / "docs"


def reference_files() -> list[Path]:
    return sorted(reference_markdown().glob("*.md"))
