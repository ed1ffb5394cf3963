"""`rlat memory list` and `rlat memory show` read a large store from its read model: the same
output a full fold gives, whatever happened to the store since the read model was built, and
one that cannot serve is never trusted."""

from __future__ import annotations

import json
import random
import time

import pytest
from support.cli import run_rlat
from support.hookrun import wait_for
from support.stores import WORKSPACES, random_store, store_with_delta

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.claims.readmodel import read_model_path, read_projection
from rlat.cli.memory_present import VIEW_WORTH_AT_CLAIMS, list_rows
from rlat.paths import memory_store_path
from rlat.retrieval.readmodel import build_read_model, open_current

FILTERS = [(), ("--all",), ("--type", "convention"), ("--all", "--type", "event"),
           ("--state", "retired")]


def listing(*flags: str) -> dict:
    result = run_rlat("memory", "list", "--format", "json", *flags)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def without_read_model(store) -> None:
    read_model_path(store).unlink()
    assert open_current(store)[0] is None


@pytest.mark.parametrize("seed", [1, 2])
def test_a_listing_from_the_read_model_equals_the_full_fold(seed):
    rng = random.Random(seed)
    ids = store_with_delta(rng, 300)
    store = memory_store_path()
    assert open_current(store)[0] is not None  # the listing below comes from the read model
    from_model = {flags: listing(*flags) for flags in FILTERS}
    without_read_model(store)
    for flags, got in from_model.items():
        want = listing(*flags)
        assert got == want, flags
    # what the delta did shows: the retired claim only with --all, the new claim, the purge
    shown = {c["id"]: c for c in from_model[()]["claims"]}
    assert ids[0] not in shown and ids[0] in [c["id"] for c in from_model[("--all",)]["claims"]]
    assert shown[ids[-1]]["text"].startswith("Always run the tests")
    everything = {c["id"]: c for c in from_model[("--all",)]["claims"]}
    assert ids[5] not in shown  # purged: out of play, shown only with --all
    assert everything[ids[5]]["purged"] and not everything[ids[5]]["text"]


def test_here_lists_the_same_from_the_read_model(tmp_path):
    rng = random.Random(4)
    ids = random_store(rng, 120)
    store = memory_store_path()
    build_read_model(store)
    work = tmp_path / "proj"
    work.mkdir()
    here = run_rlat("workspace", "--format", "json", cwd=work)
    workspace = json.loads(here.stdout)["workspace"]
    ClaimLog(store).append([ev.proposed("Use the fake gateway in payment tests", "convention",
                                        workspace=workspace, origin="user",
                                        citations=[ev.command_citation("test")]),
                            ev.marked(ids[7], cross_workspace=True)])
    got = run_rlat("memory", "list", "--here", "--format", "json", cwd=work)
    without_read_model(store)
    want = run_rlat("memory", "list", "--here", "--format", "json", cwd=work)
    assert got.returncode == want.returncode == 0
    assert got.stdout == want.stdout
    claims = json.loads(got.stdout)["claims"]
    assert {c["text"] for c in claims} >= {"Use the fake gateway in payment tests"}
    assert ids[7] in {c["id"] for c in claims}
    assert all(c["cross_workspace"] or not c["workspaces"] or workspace in c["workspaces"]
               for c in claims)


def test_a_rung_earned_by_a_future_outcome_counts_only_once_its_time_has_come():
    """The read model stores each rung counting every outcome; a listing before an outcome's time
    must not count it yet (the full fold doesn't)."""
    rng = random.Random(6)
    ids = random_store(rng, 40)
    store = memory_store_path()
    later = time.time() + 3 * 86400
    ClaimLog(store).append([
        ev.outcome(1, claims=[(cid, 1, 1.0)], authority="user", signal="feedback",
                   session_id=f"future-{k}", ts=later + k) for k, cid in enumerate(ids[:10])])
    build_read_model(store)
    for now in (time.time(), later + 5, later + 20):
        got = list_rows(store, now, all_states=True)
        full = ClaimLog(store).state()
        from rlat.listing import ordered, row, shown_row
        want = ordered([shown_row(row(c, now), now) for c in full.claims.values()])
        assert got == want, now
    before = {r["id"]: r["rung"] for r in list_rows(store, time.time(), all_states=True)}
    after = {r["id"]: r["rung"] for r in list_rows(store, later + 20, all_states=True)}
    assert any(before[cid] != after[cid] for cid in ids[:10])


def test_a_damaged_read_model_listing_is_not_trusted():
    rng = random.Random(8)
    random_store(rng, 60)
    store = memory_store_path()
    build_read_model(store)
    want = listing("--all")
    start, _length = read_projection(store).header["sections"]["listing"]
    with open(read_model_path(store), "r+b") as fh:
        fh.seek(start)
        fh.write(b"\xc1\xc1\xc1\xc1")  # a byte msgpack never uses
    assert open_current(store)[0] is not None
    assert listing("--all") == want


def test_listing_rows_of_another_shape_are_not_used():
    """A read model whose rows were built with other keys (another rlat version) is never listed."""
    rng = random.Random(12)
    random_store(rng, 20)
    store = memory_store_path()
    build_read_model(store)
    memory = open_current(store)[0]
    keys = memory.projection.header["projections"]["listing"]["keys"]
    memory.projection.header["projections"]["listing"]["keys"] = keys[1:]
    with pytest.raises(ValueError):
        memory.listing_rows(time.time())


def test_rewritten_store_is_listed_from_itself_not_from_the_old_read_model():
    rng = random.Random(9)
    ids = random_store(rng, 50)
    store = memory_store_path()
    build_read_model(store)
    ClaimLog(store).append([ev.purged(ids[3])])
    assert run_rlat("compact", str(store)).returncode == 0
    assert open_current(store)[1] == "store was rewritten since the read model was built"
    claims = {c["id"]: c for c in listing("--all")["claims"]}
    assert claims[ids[3]]["purged"] is True


def test_a_large_store_without_a_read_model_gets_one_for_the_next_listing():
    store = memory_store_path()
    ClaimLog(store).append([
        ev.proposed(f"Claim {i}: the deploy needs the vault token", "convention",
                    workspace=WORKSPACES[i % 3], citations=[ev.command_citation(f"c{i}")])
        for i in range(VIEW_WORTH_AT_CLAIMS)])
    first = listing()
    assert first["count"] == VIEW_WORTH_AT_CLAIMS
    assert wait_for(lambda: open_current(store)[0] is not None,
                    timeout=60), "no read model was built"
    assert listing() == first


def test_a_small_store_starts_no_worker():
    rng = random.Random(10)
    random_store(rng, 30)
    listing()
    time.sleep(0.5)
    assert not read_model_path(memory_store_path()).exists()
    assert not (memory_store_path().parent / "jobs").exists()


def test_show_from_the_read_model_equals_the_full_fold():
    rng = random.Random(11)
    ids = store_with_delta(rng, 200)
    store = memory_store_path()
    assert open_current(store)[0] is not None
    untouched = next(cid for cid in ids[10:] if cid not in open_current(store)[0].touched)
    refs = [ids[0], ids[4], ids[-1][:8], untouched[:6]]  # retired, recurred, new, untouched
    from_model = {ref: [run_rlat("memory", "show", ref, *fmt) for fmt in ((), ("--format", "json"))]
                 for ref in refs}
    missing = run_rlat("memory", "show", "ffffffffffff")
    without_read_model(store)
    for ref, results in from_model.items():
        for got, fmt in zip(results, ((), ("--format", "json")), strict=True):
            want = run_rlat("memory", "show", ref, *fmt)
            assert got.returncode == want.returncode == 0, got.stderr
            assert got.stdout == want.stdout
    assert json.loads(from_model[ids[-1][:8]][1].stdout)["text"].startswith("Always run")
    assert missing.returncode == 1 and "no claim with id" in missing.stderr
