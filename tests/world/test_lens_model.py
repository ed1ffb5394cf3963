"""Lens composition: associative, order-independent, nobody's vote lost; the weight rule; globs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlat.claims.ids import fingerprint
from rlat.lens import apply_lens
from rlat.lens.file import read_lens, write_lens
from rlat.lens.model import (
    Contribution,
    Entry,
    Lens,
    LensError,
    Resolver,
    compose,
    glob_match,
    median,
)

PATTERNS = ["docs/**", "*.md", "src/**", "tests/**", "src/**/test_*.py", "README.md"]
FPS = [fingerprint(t) for t in ("alpha", "beta", "gamma", "delta")]
WEIGHTS = st.sampled_from([0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 10.0])


@st.composite
def contributions(draw, ids=st.sampled_from([f"{i:016x}" for i in range(6)])):
    cid = draw(ids)
    contrib = Contribution(cid, draw(st.sampled_from(["ana", "bo", "cy", "di"])),
                           draw(st.sampled_from(["", "reads tests first", "trusts docs"])),
                           draw(st.integers(1, 4)), float(draw(st.integers(0, 5))))
    for pat in draw(st.lists(st.sampled_from(PATTERNS), max_size=4, unique=True)):
        contrib.sources[pat] = Entry(pat, draw(WEIGHTS))
    for fp in draw(st.lists(st.sampled_from(FPS), max_size=3, unique=True)):
        contrib.claims[fp] = Entry(fp, draw(WEIGHTS), label="a claim")
    return contrib


@st.composite
def lenses(draw):
    items = draw(st.lists(contributions(), min_size=1, max_size=3))
    lid = draw(st.sampled_from([f"{i:016x}" for i in range(10, 14)]))
    return Lens(lid, draw(st.sampled_from(["x", "y"])), 0.0, 0.0, {c.id: c for c in items})


def _same(a: Lens, b: Lens) -> None:
    assert a.to_body() == b.to_body()
    assert a.effective_sources() == b.effective_sources()
    assert a.effective_claims() == b.effective_claims()


@settings(max_examples=300, deadline=None)
@given(a=lenses(), b=lenses(), c=lenses())
def test_compose_is_associative(a, b, c):
    _same(compose([compose([a, b]), c]), compose([a, compose([b, c])]))
    _same(compose([compose([a, b]), c]), compose([a, b, c]))


@settings(max_examples=300, deadline=None)
@given(items=st.lists(lenses(), min_size=1, max_size=4), data=st.data())
def test_compose_does_not_depend_on_argument_order(items, data):
    shuffled = data.draw(st.permutations(items))
    _same(compose(items), compose(shuffled))
    _same(compose(items), compose(items + items))  # idempotent: composing twice changes nothing


@settings(max_examples=200, deadline=None)
@given(items=st.lists(lenses(), min_size=1, max_size=4))
def test_compose_keeps_every_contribution_and_vote(items):
    team = compose(items)
    ids = {cid for lens in items for cid in lens.contributors}
    assert set(team.contributors) == ids
    for cid, contrib in team.contributors.items():
        newest = max((lens.contributors[cid] for lens in items if cid in lens.contributors),
                     key=lambda c: c.version_key())
        assert contrib.to_body() == newest.to_body()  # weights and stance kept, not averaged
    for eff in team.effective_sources().values():
        voters = [c for c in team.contributors.values() if eff.key in c.sources]
        assert sorted(v.contributor for v in eff.votes) == sorted(c.id for c in voters)


def test_disagreement_is_marked_disputed_and_every_vote_is_kept(tmp_path):
    reviewer = Lens.new("reviewer", stance="Trust tests over prose.", now=1.0)
    reviewer.set_source("docs/**", 0.5, now=2.0)
    reviewer.set_source("tests/**", 3.0, now=2.0)
    newcomer = Lens.new("newcomer", stance="Start from the guides.", now=1.0)
    newcomer.set_source("docs/**", 2.0, now=2.0)
    newcomer.set_source("tests/**", 1.5, now=2.0)
    team = compose([reviewer, newcomer], name="team")
    write_lens(tmp_path / "team.lens", team)
    team = read_lens(tmp_path / "team.lens")  # survives the file round trip
    docs = team.effective_sources()["docs/**"]
    tests = team.effective_sources()["tests/**"]
    assert docs.disputed and not tests.disputed
    assert {(v.name, v.weight) for v in docs.votes} == {("reviewer", 0.5), ("newcomer", 2.0)}
    assert docs.weight == pytest.approx(1.25)  # median of two = mean of the middle pair
    assert tests.weight == pytest.approx(2.25)
    stances = {c.name: c.stance for c in team.contributors.values()}
    assert stances == {"reviewer": "Trust tests over prose.", "newcomer": "Start from the guides."}


def test_median_rule_resists_one_outlier():
    assert median([1.5, 2.0, 10.0]) == 2.0
    assert median([0.0, 2.0, 2.0]) == 2.0  # one veto does not exclude for the whole team
    assert median([]) == 1.0


def test_a_newer_revision_of_the_same_contribution_replaces_the_older():
    old = Lens.new("ana", lens_id="a" * 16, now=1.0)
    old.set_source("docs/**", 2.0, now=2.0)
    new = read_back = Lens.from_body(old.to_body())
    new.set_source("docs/**", 0.5, now=3.0)
    team = compose([old, read_back, old])
    assert team.effective_sources()["docs/**"].weight == 0.5
    assert len(team.contributors) == 1


@pytest.mark.parametrize("pattern,path,hit", [
    ("docs/**", "docs/a.md", True),
    ("docs/**", "docs/deep/er/a.md", True),
    ("docs/**", "docsy/a.md", False),
    ("*.md", "any/depth/x.md", True),
    ("src/*.py", "src/pkg/x.py", False),
    ("src/**/test_*.py", "src/test_x.py", True),
    ("src/**/test_*.py", "src/a/b/test_x.py", True),
    ("README.md", "sub/README.md", True),
    ("lib/[ab]*.py", "lib/alpha.py", True),
    ("lib/[!ab]*.py", "lib/alpha.py", False),
    ("docs\\**", "docs/a.md", True),
])
def test_globs(pattern, path, hit):
    assert glob_match(pattern, path) is hit


def test_most_specific_pattern_decides_a_path():
    lens = Lens.new("me")
    lens.set_source("docs/**", 2.0)
    lens.set_source("docs/old/**", 0.25)
    lens.set_source("*.md", 1.5)
    resolver = Resolver.of(lens)
    assert resolver.source("docs/old/x.md").key == "docs/old/**"
    assert resolver.source("docs/x.md").key == "docs/**"
    assert resolver.source("notes/x.md").key == "*.md"
    assert resolver.source("src/x.py") is None


def test_apply_lens_reranks_and_excludes():
    lens = Lens.new("me")
    lens.set_source("tests/**", 3.0)
    lens.set_source("vendor/**", 0.0)
    lens.set_claim(fingerprint("Use the fixture."), 4.0, label="Use the fixture.")
    hits = [
        {"kind": "passage", "path": "docs/a.md", "score": 10.0},
        {"kind": "passage", "path": "tests/test_a.py", "score": 5.0},
        {"kind": "passage", "path": "vendor/x.py", "score": 50.0},
        {"kind": "claim", "text": "use the fixture", "score": 3.0},
    ]
    out = apply_lens(hits, lens)
    assert [h.get("path") or h.get("text") for h in out] == [
        "tests/test_a.py", "use the fixture", "docs/a.md"]
    assert out[0]["score"] == 15.0 and out[0]["lens_weight"] == 3.0
    assert hits[0]["score"] == 10.0  # inputs untouched


@pytest.mark.parametrize("bad", [-1, 10.5, float("nan"), float("inf"), "heavy"])
def test_weights_out_of_range_are_refused(bad):
    with pytest.raises(LensError):
        Lens.new("me").set_source("docs/**", bad)


def test_leaning_on_a_hit_raises_it_even_when_bm25_scored_it_below_zero():
    lens = Lens.new("me")
    lens.set_source("docs/**", 3.0)
    lens.set_source("src/**", 0.5)
    hits = [{"kind": "passage", "path": "src/a.py", "score": -0.40},
            {"kind": "passage", "path": "docs/a.md", "score": -0.45}]
    out = apply_lens(hits, lens)
    assert [h["path"] for h in out] == ["docs/a.md", "src/a.py"]
    assert out[0]["score"] == pytest.approx(-0.15) and out[1]["score"] == pytest.approx(-0.8)
