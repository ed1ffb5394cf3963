"""When a project's workspace id changes, its claims follow it.

A repository's id is ``path:…`` until its first commit, ``git-root:…`` until it gets an
``origin``, then ``git:…`` (``rlat.workspace``): without this, everything learned before the
first commit or the first ``git remote add`` would silently stop being recalled there. Each
claim still only of an earlier id gets a ``marked`` event adding the current one (its history
is kept), and the earlier id's default world-fact KM is linked to the current id.

Only for a repository made here with ``git init`` (a clone had its origin's id from the start,
and shares its root commit with every clone of the same template), and only for claims of
nothing but the earlier ids. Called by the background worker for every session it captures
and by `rlat memory recall` (the first read after the change: it appends the marks, or, on a
read-only or locked store, recalls without them); cheap when nothing moved: one pass over the
folded claims.
"""

from __future__ import annotations

from pathlib import Path

from .claims import events as ev
from .claims.fold import FoldState
from .claims.log import ClaimLog
from .workspace import earlier_ids


def follow(store: ClaimLog, cwd: str, workspace: str, *, lock_timeout: float | None = None,
           state: FoldState | None = None) -> int:
    """Mark the claims of ``cwd``'s earlier ids as ``workspace``'s too; how many were marked.
    ``state``: the store as the caller already folded it (else it is folded here, and only
    when the project had earlier ids)."""
    earlier = set(earlier_ids(cwd, workspace))
    if not earlier:
        return 0
    _link_world_facts(earlier, workspace)
    if not store.path.exists():
        return 0
    state = store.state() if state is None else state
    # (only claims of nothing but this project's earlier ids: one also of another workspace
    # is that workspace's too, and stays as it is)
    moved = [c.id for c in state.claims.values()
             if c.workspaces and earlier.issuperset(c.workspaces)
             and workspace not in c.workspaces]
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
