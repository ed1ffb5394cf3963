"""How a command that rlat writes into someone else's configuration starts rlat again.

A bare ``rlat`` fails wherever the ``rlat`` script is not on ``PATH`` (rlat installed only in
the interpreter ``$RLAT_PYTHON`` names, a virtualenv that is not activated, a checkout run with
``PYTHONPATH``). So configuration gets an absolute interpreter instead, the same resolution as
the plugin launcher (``bin/rlat``, which ``hooks/rlat-hook`` runs): ``$RLAT_PYTHON`` when set,
else this interpreter, with ``-P`` (a folder named ``rlat`` in the working directory cannot
shadow the package) and, when a fresh interpreter would not import this copy of rlat, the
directory it lives in on ``PYTHONPATH``.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .settings import Settings

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the directory holding the rlat package


def rlat_command(settings: Settings, *args: str) -> str:
    """A shell command line running ``rlat ARGS`` with the resolution above."""
    python = settings.python or sys.executable
    words = [shlex.quote(python), "-P", "-m", "rlat", *args]
    if not settings.python and not _finds_this_rlat(python):
        words.insert(0, f"PYTHONPATH={shlex.quote(str(PACKAGE_ROOT))}")
    return " ".join(words)


def _finds_this_rlat(python: str) -> bool:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    try:
        out = subprocess.run([python, "-P", "-c", "import rlat; print(rlat.__file__)"],
                             env=env, capture_output=True, text=True, timeout=30, cwd="/")
    except (OSError, subprocess.SubprocessError):
        return False
    found = out.stdout.strip()
    return out.returncode == 0 and bool(found) and \
        Path(found).resolve().parent.parent == PACKAGE_ROOT
