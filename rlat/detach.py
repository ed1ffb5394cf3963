"""Start a process that outlives the one starting it: no inherited stdio or descriptors, its
own session (process group on Windows, without a console window), so a hook's caller never
waits for it and closing the terminal does not stop it. The one way rlat starts background
work (the hooks' worker, a command's read-model rebuild)."""

from __future__ import annotations

import os
import subprocess


def start_detached(argv: list[str]) -> subprocess.Popen:
    """Start ``argv`` detached (raises OSError when it cannot be started)."""
    kwargs: dict = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL,
                    "stderr": subprocess.DEVNULL, "close_fds": True}
    if os.name == "nt":  # pragma: no cover - Windows
        kwargs["creationflags"] = (getattr(subprocess, "DETACHED_PROCESS", 0x8)
                                   | getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0x200)
                                   | getattr(subprocess, "CREATE_NO_WINDOW", 0x8000000))
    else:
        kwargs["start_new_session"] = True
    return subprocess.Popen(argv, **kwargs)
