"""Attribution on read, as a context window sees it (`rlat memory recall --format context`):
who observed a claim, how many *independent* sessions support it, and a verify-before-relying
note on weak or contested claims."""

from __future__ import annotations

from support.cli import run_rlat

from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.paths import memory_store_path

T0 = 1_790_000_000.0


def _propose(text, sessions, *, observer="cc-03", subject="", ts=T0):
    events = [ev.proposed(text, "convention", observed_by=observer, subject=subject,
                          citations=[ev.session_citation(sessions[0], "m1", "h1",
                                                         observed_by=observer)], ts=ts)]
    for i, session in enumerate(sessions[1:], 2):
        events.append(ev.recurred(events[0]["claim"],
                                  [ev.session_citation(session, f"m{i}", f"h{i}")], ts=ts + i))
    return events


def _context(query):
    out = run_rlat("memory", "recall", query, "--format", "context")
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_lines_show_observer_and_independent_not_total_sessions():
    events = _propose("The integration suite needs the docker daemon running", ["s1", "s2", "s3"])
    cid = events[0]["claim"]
    # s2 had the claim injected before it "observed" it again: an echo, not corroboration
    events.insert(1, ev.injected("s2", [cid], ts=T0 + 1))
    ClaimLog(memory_store_path()).append(events)
    line = next(ln for ln in _context("integration suite docker").splitlines() if "docker" in ln)
    assert "by cc-03" in line
    assert "2 independent of 3 sessions" in line


def test_weak_and_contested_claims_say_verify_before_relying():
    weak = _propose("The flaky login test is a colima scheduling artifact", ["s9"])
    strong = _propose("Deploys go through the release branch", ["s1", "s2", "s3", "s4"])
    a = _propose("The cache is warmed by the nightly job", ["s5"], subject="cache")
    b = _propose("The cache is warmed by the deploy hook", ["s6"], subject="cache", ts=T0 + 50)
    log = ClaimLog(memory_store_path())
    log.append(weak + strong + a + b)
    log.append([ev.corroborated(strong[0]["claim"], ts=T0 + 60),
                ev.contested(a[0]["claim"], b[0]["claim"], "by hand", ts=T0 + 70),
                ev.contested(b[0]["claim"], a[0]["claim"], "by hand", ts=T0 + 70)])
    lines = _context("flaky login colima deploys release branch cache warmed").splitlines()

    def line(words):
        return next(ln for ln in lines if words in ln)

    assert "low, verify before relying]" in line("colima")
    assert "verify before relying" not in line("release branch")
    assert "CONTESTED" in line("nightly job") and "verify before relying" in line("nightly job")
