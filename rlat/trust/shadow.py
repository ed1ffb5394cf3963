"""Shadow mode: the belief layer runs, agents read none of its fleet-wide results.

The fleet seed's safety valve for a new deployment: promotion, contradiction, quarantine and
calibration all run as usual (``rlat memory consolidate``, ``rlat memory promote --scope
fleet``), but no claim promoted to **fleet** scope reaches an agent's context window — not the
per-prompt recall, not SessionStart, not ``rlat memory recall`` or ``rlat search``. An operator
watches what the gates would share (``rlat memory list``, ``rlat memory calibration``) before
letting agents read it.

On with ``RLAT_SHADOW=1`` (in the environment Claude Code runs hooks with, e.g. the ``env`` of
its settings). The one check is ``visible_to_agents``, applied by the recall engine's gate
(``rlat.retrieval.recall.gate``), which every agent-facing read goes through.

Import-light (os only): the hook path uses it.
"""

from __future__ import annotations

import os

SHADOW_ENV = "RLAT_SHADOW"
EXCLUDED = "excluded: shadow mode (fleet-scope claims are promoted, not read)"


def shadow_mode() -> bool:
    return os.environ.get(SHADOW_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def visible_to_agents(claim) -> bool:
    """False for a fleet-scope claim while shadow mode is on."""
    return claim.scope != "fleet" or not shadow_mode()
