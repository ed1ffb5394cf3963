"""When a project's workspace id changes, its claims follow it.

A repository's id is ``path:…`` until its first commit, ``git-root:…`` until it gets an
``origin``, then ``git:…`` (``rlat.workspace``): without this, everything learned before the
first commit or the first ``git remote add`` would silently stop being recalled there. Each
claim still only of an earlier id gets a ``marked`` event adding the current one (its history
is kept), and the earlier id's default world-fact KM is linked to the current id.

Called by the background worker for every session it captures and by `rlat memory recall`
and `list` (the first read after the change); cheap when nothing moved: one pass over the
folded claims.
"""

from __future__ import annotations

from pathlib import Path

from .claims import events as ev
from .claims.log import ClaimLog
from .workspace import earlier_ids


def follow(store: ClaimLog, cwd: str, workspace: str, *, lock_timeout: float | None = None
           ) -> int:
    """Mark the claims of ``cwd``'s earlier ids as ``workspace``'s too; how many were marked."""
    earlier = set(earlier_ids(cwd)) - {workspace}
    if not earlier:
        return 0
    _link_world_facts(earlier, workspace)
    if not store.path.exists():
        return 0
    moved = [c.id for c in store.state().claims.values()
             if earlier.intersection(c.workspaces) and workspace not in c.workspaces]
    if moved:
        store.append([ev.marked(cid, workspace=workspace) for cid in moved],
                     lock_timeout=lock_timeout)
    return len(moved)


def _link_world_facts(earlier: set[str], workspace: str) -> None:
    from .world import default_km_path, link_km

    for wid in sorted(earlier):
        km = Path(default_km_path(wid))
        if km.exists():
            try:
                link_km(workspace, km)
            except OSError:
                pass
