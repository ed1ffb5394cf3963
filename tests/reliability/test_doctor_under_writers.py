"""`rlat doctor` repairing a store while other rlat processes append to it.

A writer checks only the last record before it appends, so hooks and `rlat memory add` go on
appending to a store damaged further in (or to a knowledge model whose build lost its table
of contents) until someone runs `rlat doctor`, the command every one-line error names.
Before: doctor read the intact records, then renamed its rewrite over the store without the
store's lock, and every append made meanwhile was acknowledged and then lost (174 of 2,025
in one run)."""

from __future__ import annotations

import os

import pytest
from support.cli import run_rlat

from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.container import PASSAGES, Container


def _store_damaged_midway(path) -> None:
    """1.5 MB of claims (salvage takes a while) with one record corrupt in the middle."""
    log = ClaimLog(path)
    for batch in range(300):
        log.append([ev.proposed(f"fact {batch}-{k} " + "word " * 40 + os.urandom(200).hex(),
                                "convention", citations=[ev.command_citation(f"t{batch}")])
                    for k in range(20)], durable=False)
    victim = Container(path).scan().refs[150]
    with open(path, "r+b") as fh:
        fh.seek(victim.offset + 17)
        byte = fh.read(1)
        fh.seek(victim.offset + 17)
        fh.write(bytes([byte[0] ^ 0xFF]))


def _model_without_its_toc(path) -> None:
    """A knowledge model's build records with no table of contents (a copy cut short), and
    world facts appended to it since."""
    container = Container(path)
    for _block in range(300):
        container.append([(PASSAGES, {"passages": [{"text": os.urandom(3000).hex()}]})],
                         durable=False)
    ClaimLog(path).append([ev.proposed("The tenant is EU-only.", "constraint",
                                       citations=[ev.command_citation("stated")])])


def _appender(path):
    def work(ack):
        log = ClaimLog(path)
        i = 0
        while True:
            event = ev.proposed(f"appended during the repair {i}", "convention",
                                citations=[ev.command_citation(f"append {i}")])
            log.append([event])
            ack(event["id"])
            i += 1
    return work


@pytest.mark.parametrize("damage", [_store_damaged_midway, _model_without_its_toc],
                         ids=["corrupt record", "knowledge model without its toc"])
def test_doctor_loses_no_append_made_while_it_repairs(tmp_path, children, damage):
    path = tmp_path / "memory.rlat"
    damage(path)
    child = children(_appender(path))
    acked = set(child.read_acks(timeout=10.0))  # appending before doctor starts…
    assert acked
    run = run_rlat("doctor", str(path))
    assert run.returncode == 0 and "repaired" in run.stdout, run.stdout + run.stderr
    acked.update(child.read_acks(timeout=10.0))  # …and after it is done
    acked.update(child.kill())
    kept = {event["id"] for event in ClaimLog(path).events()}
    lost = acked - kept
    assert not lost, f"{len(lost)} of {len(acked)} acknowledged appends lost by the repair"
    again = run_rlat("doctor", str(path), "--check-only")
    assert again.returncode == 0 and ": ok" in again.stdout, again.stdout
