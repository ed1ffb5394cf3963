"""Run the real `rlat` entry point in a subprocess, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# The ways `rlat` starts: `python -m rlat`, the console script pip writes (it imports main and
# exits with its status), and the Claude Code plugin's launcher (bin/rlat, here told which
# interpreter to use).
ENTRY_POINTS = {
    "python -m rlat": [sys.executable, "-m", "rlat"],
    "console script": [sys.executable, "-c",
                       "import sys; from rlat.__main__ import main; sys.exit(main())"],
    "bin/rlat": [str(REPO / "bin" / "rlat")],
}


def run_rlat(*args: str, cwd: Path | str | None = None, input: str | None = None,
             env: dict | None = None, timeout: float = 120,
             entry: str = "python -m rlat") -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    if entry == "bin/rlat":
        full_env["RLAT_PYTHON"] = sys.executable
    if env:
        full_env.update(env)
    return subprocess.run(
        [*ENTRY_POINTS[entry], *args], cwd=cwd, input=input, env=full_env,
        capture_output=True, text=True, timeout=timeout,
    )


def same_from_every_entry_point(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """Run ``rlat ARGS`` through every entry point; assert each gives the same exit status,
    stdout and stderr, byte for byte; return one of the results."""
    results = {entry: run_rlat(*args, entry=entry, **kwargs) for entry in ENTRY_POINTS}
    first = results["python -m rlat"]
    for entry, result in results.items():
        assert (result.returncode, result.stdout, result.stderr) == \
            (first.returncode, first.stdout, first.stderr), (entry, args)
    return first
