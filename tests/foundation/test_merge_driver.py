"""Two clones of a repository that both appended to a .rlat merge by union with real `git merge`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from support.cli import run_rlat

from rlat.claims import ClaimLog
from rlat.claims import events as ev


def git(cwd: Path, *args: str) -> str:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
           "PATH": os.environ["PATH"], "HOME": str(cwd)}
    if os.environ.get("PYTHONPATH"):  # the merge driver git runs must be this checkout's rlat
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr + out.stdout
    return out.stdout


def add(km: Path, text: str, session: str, excerpt: str | None = None) -> str:
    cite = ev.session_citation(session, f"{session}/m", "h")
    if excerpt:
        cite["excerpt"] = excerpt
    event = ev.proposed(text, "convention", citations=[cite])
    ClaimLog(km).append([event])
    return event["claim"]


def test_git_merge_unions_both_sides_events(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    out = run_rlat("install-merge-driver", "--repo", str(repo))
    assert out.returncode == 0, out.stderr
    # Point the driver at this interpreter so the test does not depend on PATH.
    git(repo, "config", "merge.rlat.driver", f"{sys.executable} -m rlat merge-driver %O %A %B")
    km = repo / "team.rlat"
    base_claim = add(km, "base fact", "s0")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "base")

    git(repo, "checkout", "-qb", "alice")
    alice_claim = add(km, "alice learned this", "s1")
    add(km, "base fact", "s1")  # more evidence for the shared claim
    git(repo, "commit", "-qam", "alice")

    git(repo, "checkout", "-q", "main")
    bob_claim = add(km, "bob learned that", "s2")
    git(repo, "commit", "-qam", "bob")

    git(repo, "merge", "-q", "--no-edit", "alice")  # must not conflict
    state = ClaimLog(km).state()
    assert {base_claim, alice_claim, bob_claim} <= set(state.claims)
    assert state.claims[base_claim].evidence_count == 2
    events = list(ClaimLog(km).events())
    assert len(events) == len({e["id"] for e in events}) == 4  # union, no duplicates
    attributes = (repo / ".gitattributes").read_text()
    assert "*.rlat merge=rlat" in attributes


def test_merge_driver_refuses_a_corrupt_side_and_leaves_ours_untouched(tmp_path):
    ours = tmp_path / "ours.rlat"
    add(ours, "mine", "s1")
    theirs = tmp_path / "theirs.rlat"
    theirs.write_bytes(b"garbage that is not a container")
    base = tmp_path / "base.rlat"
    shutil.copy(ours, base)
    before = ours.read_bytes()
    out = run_rlat("merge-driver", str(base), str(ours), str(theirs))
    assert out.returncode != 0 and "cannot merge" in out.stderr
    assert ours.read_bytes() == before


def test_merge_driver_run_by_hand_on_missing_files_says_so_and_creates_nothing(tmp_path):
    base, ours, theirs = (tmp_path / f"{n}.rlat" for n in ("base", "ours", "theirs"))
    out = run_rlat("merge-driver", str(base), str(ours), str(theirs))
    assert out.returncode == 1 and "no such file" in out.stderr and str(ours) in out.stderr
    assert not ours.exists()


def _every_byte_and_body(path: Path) -> bytes:
    """The file's raw bytes plus every record body decoded (payloads are compressed)."""
    from rlat.container import Container

    bodies = [repr(body) for _ref, body in Container(path).records()]
    return path.read_bytes() + "\n".join(bodies).encode()


def test_a_purge_on_either_side_wins_in_the_merge(tmp_path):
    secret = "the vault token is s3cr3t-Passphrase-42"
    for purging_side in ("alice", "main"):
        repo = tmp_path / purging_side
        repo.mkdir()
        git(repo, "init", "-q", "-b", "main")
        assert run_rlat("install-merge-driver", "--repo", str(repo)).returncode == 0
        git(repo, "config", "merge.rlat.driver",
            f"{sys.executable} -m rlat merge-driver %O %A %B")
        km = repo / "team.rlat"
        leaked = add(km, secret, "s0", excerpt=secret)
        kept = add(km, "base fact", "s0")
        git(repo, "add", ".")
        git(repo, "commit", "-qm", "base")

        git(repo, "checkout", "-qb", "alice")
        if purging_side == "alice":
            out = run_rlat("compact", str(km), "--purge", leaked)
            assert out.returncode == 0, out.stderr
        else:
            add(km, secret, "s1", excerpt=secret)  # the other side saw it again
        git(repo, "commit", "-qam", "alice")

        git(repo, "checkout", "-q", "main")
        if purging_side == "main":
            out = run_rlat("compact", str(km), "--purge", leaked)
            assert out.returncode == 0, out.stderr
        else:
            add(km, "bob learned that", "s2")
        git(repo, "commit", "-qam", "main")

        git(repo, "merge", "-q", "--no-edit", "alice")
        assert b"s3cr3t" not in _every_byte_and_body(km), purging_side
        state = ClaimLog(km).state()
        assert state.claims[leaked].purged and state.claims[leaked].text == ""
        assert kept in state.claims


def test_the_installed_driver_runs_without_rlat_on_path(tmp_path):
    """install-merge-driver writes an absolute interpreter, not a bare `rlat`: git runs the
    driver with a PATH that has no rlat script and no PYTHONPATH (the git() helper's env)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    assert run_rlat("install-merge-driver", "--repo", str(repo)).returncode == 0
    driver = git(repo, "config", "merge.rlat.driver").strip()
    assert not driver.startswith("rlat ") and " -P -m rlat merge-driver %O %A %B" in driver
    km = repo / "team.rlat"
    add(km, "base fact", "s0")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "base")
    git(repo, "checkout", "-qb", "alice")
    alice_claim = add(km, "alice learned this", "s1")
    git(repo, "commit", "-qam", "alice")
    git(repo, "checkout", "-q", "main")
    bob_claim = add(km, "bob learned that", "s2")
    git(repo, "commit", "-qam", "bob")
    no_rlat_path = os.pathsep.join(d for d in os.environ["PATH"].split(os.pathsep)
                                   if d and not (Path(d) / "rlat").exists())
    out = subprocess.run(["git", "merge", "-q", "--no-edit", "alice"], cwd=repo,
                         capture_output=True, text=True,
                         env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                              "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
                              "PATH": no_rlat_path, "HOME": str(repo)})
    assert out.returncode == 0, out.stderr + out.stdout
    assert {alice_claim, bob_claim} <= set(ClaimLog(km).state().claims)


def test_install_merge_driver_refuses_a_gitattributes_that_is_not_a_file(tmp_path):
    """A .gitattributes that is a FIFO blocked install-merge-driver forever; one that is a
    directory failed only after git config was already changed."""
    for kind, make in (("a FIFO", os.mkfifo), ("a directory", os.mkdir)):
        repo = tmp_path / kind.split()[-1]
        repo.mkdir()
        git(repo, "init", "-q", "-b", "main")
        make(repo / ".gitattributes")
        out = run_rlat("install-merge-driver", "--repo", str(repo), timeout=20)
        assert out.returncode != 0 and "Traceback" not in out.stderr, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1 and kind in out.stderr, out.stderr
        config = subprocess.run(["git", "config", "merge.rlat.driver"], cwd=repo,
                                capture_output=True, text=True)
        assert config.stdout == "", config.stdout  # nothing half-installed


def test_install_merge_driver_answers_in_json(tmp_path):
    """What it configured, for a script: the repository, the attribute line, the driver."""
    import json

    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    out = run_rlat("install-merge-driver", "--repo", str(repo), "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["repo"] == str(repo.resolve()) and data["changed"] is True
    assert data["gitattributes"] == str(repo.resolve() / ".gitattributes")
    assert data["attribute"] == "*.rlat merge=rlat -diff -text"
    assert data["driver"] == git(repo, "config", "merge.rlat.driver").strip()
    assert data["driver"].endswith(" -P -m rlat merge-driver %O %A %B")
    again = run_rlat("install-merge-driver", "--repo", str(repo), "--format", "json")
    assert json.loads(again.stdout)["changed"] is False
    (tmp_path / "plain").mkdir()
    refused = run_rlat("install-merge-driver", "--repo", str(tmp_path / "plain"),
                       "--format", "json")
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.startswith("rlat: error: ") and "not a git repository" in refused.stderr
