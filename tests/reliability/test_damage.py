"""Truncation and bit flips at random offsets of `.rlat` and `.lens` files: a clear error or a
salvage by `rlat doctor`, never a silent wrong answer."""

from __future__ import annotations

import random
import shutil

import pytest
from support.cli import run_rlat

from rlat.claims import ClaimLog, fold
from rlat.claims import events as ev
from rlat.container import EVENTS, Container, ContainerError

FLIPS = 160
CUTS = 80


def _build_store(path) -> None:
    """Events, a snapshot, more events: the shape of a real store."""
    rng = random.Random(5)
    log = ClaimLog(path)
    ids: list[str] = []
    for session in range(30):
        batch = []
        for k in range(rng.randint(1, 4)):
            cite = ev.session_citation(f"s{session}", f"m{k}", f"{rng.getrandbits(32):08x}")
            event = ev.proposed(f"fact {session}-{k}: " + "word " * rng.randint(3, 30),
                                rng.choice(("convention", "environment", "event")),
                                citations=[cite], workspace="git:example/repo")
            ids.append(event["claim"])
            batch.append(event)
        if ids:
            batch.append(ev.injected(f"s{session}", rng.sample(ids, min(3, len(ids)))))
        log.append(batch, durable=False)
        if session == 20:
            log.checkpoint(force=True)


def _prefix_states(path) -> list[dict]:
    """The claims after each EVENTS record (the only answers a cut-short file may give)."""
    states, events = [{}], []
    for ref, body in Container(path).records():
        if ref.rtype == EVENTS:
            events.extend(body["events"])
            states.append(fold(events).claims)
    return states


def _one_line_naming(exc: ContainerError, path) -> None:
    message = str(exc)
    assert "\n" not in message and str(path) in message, message


def _doctor_salvages_only_true_claims(path, original: dict) -> None:
    """`rlat doctor` either repairs the file into one that opens with claims that really were
    in the original (possibly fewer, never altered text), or says clearly it cannot."""
    run = run_rlat("doctor", str(path), "--format", "json")
    assert run.returncode in (0, 1), run.stderr
    assert "Traceback" not in run.stderr
    try:
        state = ClaimLog(path).state()
    except ContainerError as exc:  # unsalvageable (e.g. the magic bytes themselves): said so
        _one_line_naming(exc, path)
        assert run.returncode == 1
        return
    for cid, claim in state.claims.items():
        assert cid in original, "doctor produced a claim that was never written"
        assert (claim.text, claim.type) == (original[cid].text, original[cid].type)


def test_bit_flips_at_random_offsets_are_detected_or_harmless(tmp_path):
    pristine = tmp_path / "pristine.rlat"
    _build_store(pristine)
    original = ClaimLog(pristine).state().claims
    data = pristine.read_bytes()
    rng = random.Random(1)
    damaged = tmp_path / "memory.rlat"
    detected = harmless = 0
    doctor_runs = 0
    for trial in range(FLIPS):
        pos = rng.randrange(len(data))
        flipped = bytearray(data)
        flipped[pos] ^= 1 << rng.randrange(8)
        damaged.write_bytes(bytes(flipped))
        try:
            claims = ClaimLog(damaged).state().claims
        except ContainerError as exc:
            _one_line_naming(exc, damaged)
            detected += 1
            if trial % 20 == 0:  # doctor is a subprocess: sample it
                _doctor_salvages_only_true_claims(damaged, original)
                doctor_runs += 1
            continue
        # Not detected: only acceptable when the answer is exactly the original one (the flip
        # hit a record that no longer matters, e.g. events folded into a later snapshot).
        assert claims == original, f"flip at byte {pos} changed the answer silently"
        harmless += 1
    assert detected  # the records after the newest snapshot are live: flips there are caught
    print(f"{FLIPS} flips: {detected} detected ({doctor_runs} doctor salvages checked), "
          f"{harmless} harmless")


def test_every_flip_in_the_last_records_framing_is_detected(tmp_path):
    """A complete final record whose header or trailer is damaged is corruption, not a torn
    write (a crash leaves a *prefix* of a record, never a whole one with a bad frame): it must
    not be skipped silently as if it had never been written."""
    path = tmp_path / "memory.rlat"
    _build_store(path)
    original = ClaimLog(path).state().claims
    last = Container(path).scan().refs[-1]
    data = path.read_bytes()
    frame = list(range(last.offset, last.offset + 12)) + list(range(last.end - 8, last.end))
    for pos in frame:
        for bit in range(8):
            flipped = bytearray(data)
            flipped[pos] ^= 1 << bit
            path.write_bytes(bytes(flipped))
            try:
                claims = ClaimLog(path).state().claims
            except ContainerError as exc:
                _one_line_naming(exc, path)
                continue
            assert claims == original, f"flip of bit {bit} at byte {pos} lost the last record"


def test_truncation_at_random_offsets_gives_an_earlier_state_or_a_clear_error(tmp_path):
    pristine = tmp_path / "pristine.rlat"
    _build_store(pristine)
    original = ClaimLog(pristine).state().claims
    prefixes = _prefix_states(pristine)
    data = pristine.read_bytes()
    rng = random.Random(2)
    damaged = tmp_path / "memory.rlat"
    for trial in range(CUTS):
        cut = rng.randrange(len(data))
        damaged.write_bytes(data[:cut])
        try:
            claims = ClaimLog(damaged).state().claims
        except ContainerError as exc:
            _one_line_naming(exc, damaged)  # e.g. a header cut short
            continue
        # A cut-short file is an older file: its answer is the fold of an intact prefix.
        assert any(claims == p for p in prefixes), f"cut at {cut} gave a state never written"
        if trial % 20 == 0:
            check = run_rlat("doctor", str(damaged), "--check-only", "--format", "json")
            assert check.returncode in (0, 3) and "Traceback" not in check.stderr
            if cut < len(data):
                _doctor_salvages_only_true_claims(damaged, original)


@pytest.mark.parametrize("damage", ["flip", "cut"])
def test_damaged_lens_files_are_always_a_clear_error(tmp_path, damage):
    from pathlib import Path

    from rlat.lens.file import read_lens

    example = Path(__file__).resolve().parents[2] / "lenses" / "team.lens"
    data = example.read_bytes()
    good = read_lens(example)
    rng = random.Random(3 if damage == "flip" else 4)
    target = tmp_path / "team.lens"
    errors = 0
    for _ in range(60):
        if damage == "flip":
            pos = rng.randrange(len(data))
            blob = bytearray(data)
            blob[pos] ^= 1 << rng.randrange(8)
            target.write_bytes(bytes(blob))
        else:
            target.write_bytes(data[: rng.randrange(len(data))])
        try:
            lens = read_lens(target)
        except ContainerError as exc:
            _one_line_naming(exc, target)
            errors += 1
            continue
        assert lens == good, "a damaged lens was read as a different lens"
    assert errors == 60
    shutil.rmtree(tmp_path, ignore_errors=True)
