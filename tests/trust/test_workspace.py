"""Workspace identity: subfolders, worktrees and clones agree; other repositories differ."""

from __future__ import annotations

import os
import subprocess

import pytest

from rlat.workspace import describe, normalise_remote, workspace_id

GIT = ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t",
       "-c", "init.defaultBranch=main", "-c", "protocol.file.allow=always"]


def git(*args, cwd=None):
    subprocess.run([*GIT, *args], cwd=cwd, check=True, capture_output=True, text=True)


def repo(path, *, remote=None, message="init"):
    git("init", "-q", str(path))
    git("commit", "-q", "--allow-empty", "-m", message, cwd=path)
    if remote:
        git("remote", "add", "origin", remote, cwd=path)
    return path


def test_subfolders_and_worktrees_share_the_repositorys_id(tmp_path):
    a = repo(tmp_path / "a")
    (a / "src" / "deep").mkdir(parents=True)
    git("worktree", "add", "-q", str(tmp_path / "a-wt"), cwd=a)
    wid = workspace_id(str(a))
    assert wid.startswith("git-root:")
    assert workspace_id(str(a / "src" / "deep")) == wid
    assert workspace_id(str(tmp_path / "a-wt")) == wid


def test_a_local_clone_follows_its_source(tmp_path):
    a = repo(tmp_path / "a")
    git("clone", "-q", str(a), str(tmp_path / "a-clone"))
    git("clone", "-q", str(tmp_path / "a-clone"), str(tmp_path / "a-clone-2"))
    assert workspace_id(str(tmp_path / "a-clone")) == workspace_id(str(a))
    assert workspace_id(str(tmp_path / "a-clone-2")) == workspace_id(str(a))


def test_clones_with_the_same_remote_agree_however_it_is_spelled(tmp_path):
    x = repo(tmp_path / "x", remote="git@github.com:Acme/App.git")
    y = repo(tmp_path / "y", remote="https://github.com/acme/app", message="other history")
    z = repo(tmp_path / "z", remote="ssh://git@github.com:22/acme/app.git")
    assert workspace_id(str(x)) == workspace_id(str(y)) == workspace_id(str(z)) \
        == "git:github.com/acme/app"
    assert normalise_remote("https://user:token@github.com/Acme/App.git/") == \
        "github.com/acme/app"


def test_another_repository_differs(tmp_path):
    a = repo(tmp_path / "a")
    b = repo(tmp_path / "b", message="a different root commit")
    c = repo(tmp_path / "c", remote="git@github.com:acme/other.git")
    ids = {workspace_id(str(p)) for p in (a, b, c)}
    assert len(ids) == 3


def test_outside_git_the_normalised_real_path(tmp_path):
    plain = tmp_path / "plain"
    (plain / "sub").mkdir(parents=True)
    link = tmp_path / "link"
    os.symlink(plain, link)
    wid = workspace_id(str(plain))
    assert wid == "path:" + str(plain.resolve())
    assert workspace_id(str(link)) == wid
    assert workspace_id(str(plain) + "/") == wid
    assert workspace_id(str(plain / "sub" / "..")) == wid
    assert workspace_id(str(plain / "sub")) != wid  # no repository: each folder is its own
    assert describe(str(plain))["kind"] == "path"


@pytest.mark.parametrize("spelling", [r"C:\Users\Me\Repo", "c:/users/me/repo/",
                                      r"C:\\Users\\Me\\Repo\\", "C:/Users/Me//Repo"])
def test_windows_drive_paths_are_one_workspace(spelling):
    assert workspace_id(spelling) == "path:c:/users/me/repo"


# ------------------------------------------- which claims a workspace sees: one rule everywhere
def _store_with_scopes(workspace: str) -> dict[str, str]:
    """Four claims: learned here, learned elsewhere, cross-workspace, no workspace recorded;
    plus one learned here and then superseded. Returns label -> claim id."""
    from rlat.claims import events as ev
    from rlat.claims.log import ClaimLog
    from rlat.paths import memory_store_path

    cite = [ev.command_citation("make check")]

    def claim(text, ws, cross=False):
        return ev.proposed(text, "convention", workspace=ws, cross_workspace=cross,
                           origin="user", citations=cite)

    made = {
        "here": claim("Deploys go through the release gateway here", workspace),
        "elsewhere": claim("Deploys go through the legacy gateway elsewhere", "git-root:other"),
        "cross": claim("Deploys go through the shared gateway everywhere", "git-root:other", True),
        "none": claim("Deploys go through the gateway named in notes", None),
        "old": claim("Deploys go through the retired gateway here", workspace),
    }
    events = list(made.values())
    events.append(ev.marked(made["cross"]["claim"], cross_workspace=True))
    events.append(ev.superseded(made["old"]["claim"], made["here"]["claim"]))
    ClaimLog(memory_store_path()).append(events)
    return {label: e["claim"] for label, e in made.items()}


def test_list_here_shows_exactly_what_recall_serves_here(tmp_path):
    import json

    from support.cli import run_rlat

    work = tmp_path / "proj"
    work.mkdir()
    workspace = json.loads(run_rlat("workspace", "--format", "json", cwd=work).stdout)["workspace"]
    ids = _store_with_scopes(workspace)
    listed = run_rlat("memory", "list", "--here", "--format", "json", cwd=work)
    assert listed.returncode == 0, listed.stderr
    shown = {c["id"] for c in json.loads(listed.stdout)["claims"]}
    # A claim with no workspace recorded is served everywhere; the listing used to hide it.
    assert {ids["here"], ids["cross"], ids["none"]} <= shown
    assert ids["elsewhere"] not in shown
    recalled = run_rlat("memory", "recall", "deploys gateway", "-k", "10", "--format", "json",
                        cwd=work)
    assert recalled.returncode == 0, recalled.stderr
    served = {c["id"] for c in json.loads(recalled.stdout)["hits"]}
    assert served == {ids["here"], ids["cross"], ids["none"]}


def test_the_miner_is_shown_the_live_claims_this_workspace_sees(tmp_path):
    from rlat.claims.log import ClaimLog
    from rlat.llm.atomic import known_claims
    from rlat.paths import memory_store_path

    ids = _store_with_scopes("git-root:proj")
    known = {c.id for c in known_claims(ClaimLog(memory_store_path()).state(), "git-root:proj")}
    # Not the superseded one (no longer believed), but the one with no workspace recorded.
    assert known == {ids["here"], ids["cross"], ids["none"]}
