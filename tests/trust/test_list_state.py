"""`rlat memory list --state contested`: the claims waiting for a person."""

from __future__ import annotations

from support.cli import run_rlat

from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.paths import memory_store_path

T0 = 1_790_000_000.0


def _claim(text, ts, subject=""):
    return ev.proposed(text, "convention", subject=subject, ts=ts,
                       citations=[ev.session_citation(f"s{ts}", "m1", "h")])


def test_list_by_state(tmp_path):
    a = _claim("The cache is warmed by the nightly job", T0, "cache")
    b = _claim("The cache is warmed by the deploy hook", T0 + 1, "cache")
    c = _claim("Deploys go through the release branch", T0 + 2)
    d = _claim("Tabs, not spaces", T0 + 3)
    ClaimLog(memory_store_path()).append([
        a, b, c, d,
        ev.contested(a["claim"], b["claim"], "by hand", ts=T0 + 10),
        ev.contested(b["claim"], a["claim"], "by hand", ts=T0 + 10),
        ev.state_changed(d["claim"], "retired", "wrong", ts=T0 + 11),
    ])
    listed = run_rlat("memory", "list", "--state", "contested", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert {ln[:12] for ln in lines[:-1]} == {a["claim"][:12], b["claim"][:12]}
    assert all(" contested " in ln for ln in lines[:-1])
    assert lines[-1].startswith("2 claim(s)")
    retired = run_rlat("memory", "list", "--state", "retired", cwd=tmp_path).stdout
    assert d["claim"][:12] in retired and c["claim"][:12] not in retired
    bad = run_rlat("memory", "list", "--state", "pending", cwd=tmp_path)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr


def test_a_claim_past_its_ttl_is_listed_and_shown_as_stale(tmp_path):
    """Review 26: an environment fact 40 days old (TTL 30) is stale — recall excludes it and
    `memory confidence` says so — but `memory list` showed it as a candidate, `memory list
    --state stale` said no claim matched, and `memory show` said "state: candidate"."""
    import time

    old = ev.proposed("Staging SSH listens on 2222", "environment", subject="env:port",
                      ts=time.time() - 40 * 86_400,
                      citations=[ev.session_citation("s1", "m1", "h")])
    fresh = _claim("Tabs, not spaces", time.time() - 60)
    ClaimLog(memory_store_path()).append([old, fresh])
    listed = run_rlat("memory", "list", "--all", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    row = next(ln for ln in listed.stdout.splitlines() if ln.startswith(old["claim"][:12]))
    assert " stale " in row
    stale = run_rlat("memory", "list", "--state", "stale", cwd=tmp_path)
    assert stale.returncode == 0, stale.stderr
    ids = [ln[:12] for ln in stale.stdout.splitlines()[:-1]]
    assert ids == [old["claim"][:12]]
    candidates = run_rlat("memory", "list", "--state", "candidate", cwd=tmp_path).stdout
    assert old["claim"][:12] not in candidates and fresh["claim"][:12] in candidates
    shown = run_rlat("memory", "show", old["claim"][:12], cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "state:       stale — 30-day TTL expired" in shown.stdout


def test_a_purged_claim_is_shown_and_traced_as_purged(tmp_path):
    """Review 26: after `rlat compact --purge ID`, `memory list --all` said "purged" but
    `memory show ID` said "state: candidate" and `rlat trace KM ID` "(…, candidate, high)", as
    though the claim were still in play."""
    added = run_rlat("memory", "add", "We deploy with fly.", "--format", "json", cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    import json

    cid = json.loads(added.stdout)["id"][:12]
    assert run_rlat("compact", "--purge", cid, cwd=tmp_path).returncode == 0
    shown = run_rlat("memory", "show", cid, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "state:       purged" in shown.stdout and "candidate" not in shown.stdout
    km = tmp_path / "km.rlat"
    fact = run_rlat("capture-attribute", str(km), "Tried a bigger cache; no faster.",
                    "--kind", "falsified", "--format", "json", cwd=tmp_path)
    assert fact.returncode == 0, fact.stderr
    fid = json.loads(fact.stdout)["id"][:12]
    assert run_rlat("compact", str(km), "--purge", fid, cwd=tmp_path).returncode == 0
    traced = run_rlat("trace", str(km), fid, cwd=tmp_path)
    assert traced.returncode == 0, traced.stderr
    assert "(falsified, world, purged," in traced.stdout.splitlines()[0]


def test_one_contest_is_one_line_of_history(tmp_path):
    """Review 26: `rlat memory contest A B` writes one event on each side, and `memory show A`
    listed both — "contested with B" twice, as though the pair had been contested twice."""
    import json

    ids = []
    for text in ("The cache is warmed by the nightly job", "The cache is warmed by the deploy"):
        out = run_rlat("memory", "add", text, "--format", "json", cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        ids.append(json.loads(out.stdout)["id"])
    assert run_rlat("memory", "contest", ids[0][:12], ids[1][:12], cwd=tmp_path).returncode == 0
    for me, other in (ids, ids[::-1]):
        shown = run_rlat("memory", "show", me[:12], cwd=tmp_path)
        assert shown.returncode == 0, shown.stderr
        assert shown.stdout.count(f"contested with {other}") == 1, shown.stdout


def test_a_claim_past_its_ttl_says_why_in_list_json(tmp_path):
    """`memory list --format json` gave a 40-day-old environment fact "state": "stale" with
    "state_reason": "" (no event says so), where `memory show --format json` says why."""
    import json
    import time

    old = ev.proposed("Staging SSH listens on 2222", "environment", subject="env:port",
                      ts=time.time() - 40 * 86_400,
                      citations=[ev.session_citation("s1", "m1", "h")])
    ClaimLog(memory_store_path()).append([old])
    listed = run_rlat("memory", "list", "--format", "json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    row = json.loads(listed.stdout)["claims"][0]
    shown = json.loads(run_rlat("memory", "show", old["claim"][:12], "--format", "json",
                                cwd=tmp_path).stdout)
    assert row["state"] == shown["state"] == "stale"
    assert row["state_reason"] == shown["state_reason"] == "30-day TTL expired without fresh evidence"
