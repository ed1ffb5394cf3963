"""`rlat lens …` as a user runs it: create, show, set-trust, prefer, learn, compose, bad files."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest
from support.cli import run_rlat

from rlat import world
from rlat.claims import ClaimLog, fingerprint
from rlat.claims import events as ev
from rlat.container.file import LENS_MAGIC
from rlat.lens.file import read_lens


def _ok(proc):
    assert proc.returncode == 0, proc.stderr
    return proc


def _fails_cleanly(proc, *needles: str) -> None:
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.startswith("rlat: error:"), proc.stderr
    for needle in needles:
        assert needle in proc.stderr, proc.stderr


def _show(path: Path) -> dict:
    return json.loads(_ok(run_rlat("lens", "show", str(path), "--format", "json")).stdout)


def test_create_set_trust_prefer_show(tmp_path):
    lens = tmp_path / "me.lens"
    stance = tmp_path / "stance.md"
    stance.write_text("I read the tests before the docs.\n")
    _ok(run_rlat("lens", "create", "--name", "me", "--stance", str(stance), "-o", str(lens)))
    _ok(run_rlat("lens", "set-trust", str(lens), "tests/**", "2.5"))
    _ok(run_rlat("lens", "set-trust", str(lens), "*.md", "0.5"))
    km = tmp_path / "km.rlat"
    world.capture_world_fact(km, "Never deploy on Fridays.", "constraint")
    cid = next(iter(ClaimLog(km).state().claims))
    _ok(run_rlat("lens", "prefer", str(lens), cid[:8], "3", "--km", str(km)))

    data = _show(lens)
    (own,) = data["contributors"]
    assert own["name"] == "me" and own["stance"] == "I read the tests before the docs."
    assert {e["key"]: e["weight"] for e in own["sources"]} == {"tests/**": 2.5, "*.md": 0.5}
    assert own["claims"][0]["key"] == fingerprint("Never deploy on Fridays.")
    assert own["claims"][0]["label"] == "Never deploy on Fridays."

    text = _ok(run_rlat("lens", "show", str(lens))).stdout
    assert "tests/**" in text and "I read the tests before the docs." in text

    _ok(run_rlat("lens", "set-trust", str(lens), "*.md", "--remove"))
    assert [e["key"] for e in _show(lens)["contributors"][0]["sources"]] == ["tests/**"]


@pytest.mark.parametrize("args", [
    ("set-trust", "{lens}", "*.md", "3", "--remove"),
    ("prefer", "{lens}", "fp:{fp}", "3", "--remove"),
    ("set-trust", "{lens}", "*.md"),
    ("prefer", "{lens}", "fp:{fp}"),
])
def test_a_weight_with_remove_or_no_weight_at_all_is_a_usage_error(tmp_path, args):
    """WEIGHT with --remove was silently ignored (the entry was dropped); neither WEIGHT nor
    --remove was status 1. Both are usage errors: status 2, and the lens is left as it was."""
    lens = tmp_path / "me.lens"
    fp = fingerprint("Never deploy on Fridays.")
    _ok(run_rlat("lens", "create", "--name", "me", "-o", str(lens)))
    _ok(run_rlat("lens", "set-trust", str(lens), "*.md", "0.5"))
    _ok(run_rlat("lens", "prefer", str(lens), f"fp:{fp}", "2"))
    before = lens.read_bytes()
    proc = run_rlat("lens", *(a.format(lens=lens, fp=fp) for a in args))
    assert proc.returncode == 2, proc.stderr
    _fails_cleanly(proc, f"rlat lens {args[0]} --help")
    assert lens.read_bytes() == before


def test_compose_show_displays_who_said_what_and_is_order_independent(tmp_path):
    a, b, c = (tmp_path / f"{n}.lens" for n in ("ana", "bo", "cy"))
    for path, weight in ((a, "2"), (b, "0.5"), (c, "1.5")):
        _ok(run_rlat("lens", "create", "--name", path.stem, "-o", str(path)))
        _ok(run_rlat("lens", "set-trust", str(path), "docs/**", weight))
    ab_c, a_bc = tmp_path / "ab_c.lens", tmp_path / "a_bc.lens"
    _ok(run_rlat("lens", "compose", str(a), str(b), "-o", str(tmp_path / "ab.lens")))
    _ok(run_rlat("lens", "compose", str(tmp_path / "ab.lens"), str(c), "-o", str(ab_c)))
    _ok(run_rlat("lens", "compose", str(b), str(c), "-o", str(tmp_path / "bc.lens")))
    _ok(run_rlat("lens", "compose", str(tmp_path / "bc.lens"), str(a), "-o", str(a_bc)))
    assert ab_c.read_bytes() == a_bc.read_bytes()  # same team lens, byte for byte

    team = _show(ab_c)
    (docs,) = team["effective"]["sources"]
    assert docs["disputed"] is True and docs["weight"] == 1.5  # median of 0.5, 1.5, 2
    assert {(v["name"], v["weight"]) for v in docs["votes"]} == {
        ("ana", 2.0), ("bo", 0.5), ("cy", 1.5)}
    text = _ok(run_rlat("lens", "show", str(ab_c))).stdout
    line = next(row for row in text.splitlines() if row.strip().startswith("docs/**"))
    assert "DISPUTED" in line and "ana 2" in line and "bo 0.5" in line and "cy 1.5" in line


def test_create_from_toml_is_reproducible(tmp_path):
    src = tmp_path / "reviewer.toml"
    src.write_text(
        'name = "reviewer"\n'
        'stance = "Tests are the spec."\n'
        '[sources]\n"tests/**" = 2.0\n"docs/**" = 0.75\n'
        '[[prefer]]\ntext = "Run the whole suite before merging."\nweight = 2.5\n'
    )
    env = {"SOURCE_DATE_EPOCH": "1700000000"}
    out1, out2 = tmp_path / "one.lens", tmp_path / "two.lens"
    _ok(run_rlat("lens", "create", "--from", str(src), "-o", str(out1), env=env))
    _ok(run_rlat("lens", "create", "--from", str(src), "-o", str(out2), env=env))
    assert out1.read_bytes() == out2.read_bytes()
    lens = read_lens(out1)
    own = lens.own()
    assert own.stance == "Tests are the spec." and own.sources["tests/**"].weight == 2.0
    assert own.claims[fingerprint("Run the whole suite before merging.")].weight == 2.5


@pytest.mark.parametrize("body,needle", [
    ('name = "x"\n[sources]\n"docs/**" = 11\n', "out of range"),
    ('[sources]\n"docs/**" = 1\n', "needs a name"),
    ('name = "x"\nsourcez = 1\n', "unknown key"),
    ('name = "x"\n[sources\n', "not valid TOML"),
])
def test_bad_toml_is_a_clear_error_and_writes_nothing(tmp_path, body, needle):
    src = tmp_path / "bad.toml"
    src.write_text(body)
    out = tmp_path / "bad.lens"
    _fails_cleanly(run_rlat("lens", "create", "--from", str(src), "-o", str(out)), needle)
    assert not out.exists()


def _lens_file_with(version: int, body_bytes: bytes | None = None) -> bytes:
    head = struct.pack("<8sHH", LENS_MAGIC, version, 0)
    return head + struct.pack("<I", zlib.crc32(head)) + (body_bytes or b"")


def test_corrupt_or_newer_lens_files_are_clear_errors_and_nothing_is_written(tmp_path):
    good = tmp_path / "good.lens"
    _ok(run_rlat("lens", "create", "--name", "good", "-o", str(good)))
    raw = good.read_bytes()

    newer = tmp_path / "newer.lens"
    newer.write_bytes(_lens_file_with(99) + raw[16:])
    flipped = tmp_path / "flipped.lens"
    flipped.write_bytes(raw[:40] + bytes([raw[40] ^ 0xFF]) + raw[41:])
    garbage = tmp_path / "garbage.lens"
    garbage.write_bytes(b"definitely not a lens file, just text\n")
    km = tmp_path / "km.rlat"
    world.capture_world_fact(km, "A rule.", "constraint")

    cases = [(newer, "upgrade rlat"), (flipped, "corrupt"), (garbage, "not a .lens"),
             (km, "not a lens")]
    for path, needle in cases:
        before = path.read_bytes()
        _fails_cleanly(run_rlat("lens", "show", str(path)), str(path), needle)
        _fails_cleanly(run_rlat("lens", "set-trust", str(path), "docs/**", "2"), needle)
        out = tmp_path / "team.lens"
        _fails_cleanly(run_rlat("lens", "compose", str(good), str(path), "-o", str(out)), needle)
        assert not out.exists()
        assert path.read_bytes() == before


def test_lens_body_of_a_newer_schema_is_refused(tmp_path):
    from rlat.container import META
    from rlat.container.file import write_new_file

    path = tmp_path / "future.lens"
    write_new_file(path, LENS_MAGIC, [(META, {"format": "rlat.lens", "schema": 7, "id": "x",
                                              "name": "future", "contributors": []})])
    _fails_cleanly(run_rlat("lens", "show", str(path)), "upgrade rlat")


def test_compose_refuses_to_overwrite_a_knowledge_model(tmp_path):
    a = tmp_path / "a.lens"
    _ok(run_rlat("lens", "create", "--name", "a", "-o", str(a)))
    km = tmp_path / "km.rlat"
    world.capture_world_fact(km, "A rule.", "constraint")
    before = km.read_bytes()
    _fails_cleanly(run_rlat("lens", "compose", str(a), str(a), "-o", str(km), "--force"),
                   "knowledge model")
    assert km.read_bytes() == before


def test_compose_into_one_of_its_inputs_needs_force_as_any_existing_output(tmp_path):
    """It was replaced silently when -o named an input as written, refused when spelled
    another way (./a.lens): an existing output is replaced only with --force."""
    a, b = tmp_path / "a.lens", tmp_path / "b.lens"
    _ok(run_rlat("lens", "create", "--name", "a", "-o", str(a)))
    _ok(run_rlat("lens", "create", "--name", "b", "-o", str(b)))
    before = a.read_bytes()
    for output in (str(a), "./a.lens"):
        proc = run_rlat("lens", "compose", str(a), str(b), "-o", output, cwd=tmp_path)
        assert proc.returncode == 1
        _fails_cleanly(proc, "already exists; pass --force")
        assert a.read_bytes() == before
    _ok(run_rlat("lens", "compose", str(a), str(b), "-o", str(a), "--force"))
    assert "2 contributor(s)" in _ok(run_rlat("lens", "show", str(a))).stdout


def test_learn_says_from_outcomes_is_required(tmp_path):
    lens = tmp_path / "a.lens"
    _ok(run_rlat("lens", "create", "--name", "a", "-o", str(lens)))
    proc = run_rlat("lens", "learn", str(lens))
    assert proc.returncode == 2 and "required: --from-outcomes" in proc.stderr, proc.stderr
    usage = _ok(run_rlat("lens", "learn", "--help")).stdout.splitlines()[0]
    assert usage == "usage: rlat lens learn --from-outcomes [options] LENS"


def test_learn_from_outcomes_weights_claims_and_their_sources(tmp_path):
    km = tmp_path / "km.rlat"
    store = tmp_path / "memory.rlat"
    good_cite = ev.passage_citation("p1", "h1", path="guides/setup.md")
    bad_cite = ev.passage_citation("p2", "h2", path="legacy/old.md")
    good = ev.proposed("Run make bootstrap first.", "insight", citations=[good_cite])
    bad = ev.proposed("Use the v1 API.", "insight", citations=[bad_cite])
    ClaimLog(km).append([good, bad])
    # outcomes recorded in the memory store name the KM's claims
    ClaimLog(store).append([
        ev.outcome(1, claims=[(good["claim"], 1, 1.0)], authority="mechanical", signal="tests"),
        ev.outcome(1, claims=[(good["claim"], 1, 0.5), (bad["claim"], 2, 0.5)],
                   authority="mechanical", signal="tests"),
        ev.outcome(-1, claims=[(bad["claim"], 1, 1.0)], authority="user", signal="feedback"),
    ])
    lens = tmp_path / "me.lens"
    _ok(run_rlat("lens", "create", "--name", "me", "-o", str(lens)))
    _ok(run_rlat("lens", "set-trust", str(lens), "legacy/**", "1.2"))  # hand-set: kept
    out = json.loads(_ok(run_rlat("lens", "learn", str(lens), "--from-outcomes",
                                  "--store", str(km), "--store", str(store),
                                  "--format", "json")).stdout)
    assert out["outcomes"] == 3
    weights = {c["fingerprint"]: c["weight"] for c in out["claims"]}
    assert weights[fingerprint("Run make bootstrap first.")] == 2.5  # (1+1.5)/(1+0)
    assert weights[fingerprint("Use the v1 API.")] == 0.75  # (1+0.5)/(1+1)
    assert {s["pattern"]: s["weight"] for s in out["sources"]} == {"guides/**": 2.5}
    assert "legacy/**" in out["kept_hand_set"]
    own = read_lens(lens).own()
    assert own.sources["legacy/**"].weight == 1.2 and own.sources["legacy/**"].by == "hand"
    assert own.sources["guides/**"].by == "outcomes"


def test_apply_to_a_truncated_knowledge_model_says_run_doctor(tmp_path):
    """A KM whose build was cut short is damaged (exit 3, `rlat doctor`), as for `rlat search`;
    `lens apply` must not report it as a KM with no sources."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.md").write_text("# A\n\nThe tenant is EU-only for data residency.\n" * 50)
    km = tmp_path / "km.rlat"
    _ok(run_rlat("build", str(src), "-o", str(km)))
    with km.open("r+b") as fh:
        fh.truncate(km.stat().st_size - 100)
    lens = tmp_path / "me.lens"
    _ok(run_rlat("lens", "create", "--name", "me", "-o", str(lens)))
    _ok(run_rlat("lens", "set-trust", str(lens), "*.md", "2"))
    for fmt in ("text", "json"):
        proc = run_rlat("lens", "apply", str(lens), str(km), "--format", fmt)
        _fails_cleanly(proc, "truncated or damaged", "rlat doctor")
        assert proc.returncode == 3


def test_a_fifo_for_a_toml_or_a_stance_is_refused_and_never_blocks(tmp_path):
    """Opening a FIFO for reading blocks until a writer comes: a lens's TOML, its stance_file
    and a --stance file are read as regular files only (rlat.special_files)."""
    import os

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    toml = tmp_path / "lens.toml"
    toml.write_text(f'name = "me"\nstance_file = "{fifo}"\n')
    lens = tmp_path / "me.lens"
    _ok(run_rlat("lens", "create", "--name", "me", "-o", str(lens)))
    for args in (("lens", "create", "--from", str(fifo), "-o", str(tmp_path / "a.lens")),
                 ("lens", "create", "--from", str(toml), "-o", str(tmp_path / "b.lens")),
                 ("lens", "create", "--name", "x", "--stance", str(fifo),
                  "-o", str(tmp_path / "c.lens")),
                 ("lens", "set-stance", str(lens), str(fifo))):
        proc = run_rlat(*args, timeout=20)
        _fails_cleanly(proc, "FIFO")
    assert not any((tmp_path / name).exists() for name in ("a.lens", "b.lens", "c.lens"))


def test_set_stance_answers_in_json_as_the_other_edits_do(tmp_path):
    """set-trust and prefer print the edited lens with --format json; set-stance had none."""
    lens = tmp_path / "me.lens"
    stance = tmp_path / "stance.md"
    stance.write_text("Tests are the specification.\n")
    _ok(run_rlat("lens", "create", "--name", "me", "-o", str(lens)))
    out = json.loads(_ok(run_rlat("lens", "set-stance", str(lens), str(stance),
                                  "--format", "json")).stdout)
    assert out == _show(lens)
    assert out["path"] == str(lens)
    assert out["contributors"][0]["stance"] == "Tests are the specification."
    proc = run_rlat("lens", "set-stance", str(tmp_path / "nope.lens"), str(stance),
                    "--format", "json")
    _fails_cleanly(proc, "no such lens")
    assert proc.stdout == ""
