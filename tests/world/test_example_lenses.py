"""The example lenses in lenses/: built forms match their source, and the team keeps both views."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from rlat.lens.file import read_lens

LENSES = Path(__file__).resolve().parents[2] / "lenses"


def test_rebuild_script_reproduces_the_committed_lenses_byte_for_byte(tmp_path):
    work = tmp_path / "lenses"
    shutil.copytree(LENSES, work)
    for built in work.glob("*.lens"):
        built.unlink()
    env = dict(os.environ, RLAT=f"{sys.executable} -m rlat")
    subprocess.run(["sh", str(work / "rebuild.sh")], check=True, env=env, capture_output=True)
    for name in ("reviewer.lens", "newcomer.lens", "team.lens"):
        assert (work / name).read_bytes() == (LENSES / name).read_bytes(), (
            f"lenses/{name} is out of date: run `sh lenses/rebuild.sh`")


def test_team_lens_keeps_both_perspectives_and_marks_where_they_disagree():
    team = read_lens(LENSES / "team.lens")
    reviewer = read_lens(LENSES / "reviewer.lens")
    newcomer = read_lens(LENSES / "newcomer.lens")
    assert {c.name for c in team.contributors.values()} == {"reviewer", "newcomer"}
    assert team.contributors[reviewer.id].to_body() == reviewer.own().to_body()
    assert team.contributors[newcomer.id].to_body() == newcomer.own().to_body()
    disputed = {e.key for e in team.disputed()}
    assert {"tests/**", "README.md"} <= disputed
    assert "docs/format.md" not in disputed
