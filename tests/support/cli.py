"""Run the real `rlat` entry point in a subprocess, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_rlat(*args: str, cwd: Path | str | None = None, input: str | None = None,
             env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    return subprocess.run(
        [sys.executable, "-m", "rlat", *args], cwd=cwd, input=input, env=full_env,
        capture_output=True, text=True, timeout=timeout,
    )
