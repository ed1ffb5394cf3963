"""Capture of the twenty-first pass (docs/capture.md, "Twenty-first pass")."""

from __future__ import annotations

from capture_helpers import proposed, session

BUILD_AND_COPY = ("zig build -Doptimize=ReleaseSafe && scp zig-out/bin/quoitfield "
                  "pi@barn-pi-03:/tmp/ && ssh pi@barn-pi-03 /tmp/quoitfield --version")
CROSS_BUILD = ("zig build -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe && file "
               "zig-out/bin/quoitfield && scp zig-out/bin/quoitfield pi@barn-pi-03:/tmp/ && "
               "ssh pi@barn-pi-03 /tmp/quoitfield --version")


def test_a_long_command_that_recovers_one_is_compared_whole(tmp_path):
    # (both commands are longer than their citations: cut after "&& ssh", the one that works
    # lacked words of the one that failed, and no recovery was found)
    assert len(CROSS_BUILD) > 160
    b = session(tmp_path)
    b.prompt("build and copy the new version to barn-pi-03 for testing")
    b.run("Bash", {"command": BUILD_AND_COPY},
          "Exit code 126\nbash: line 1: /tmp/quoitfield: cannot execute binary file: Exec "
          "format error", is_error=True)
    b.say("That fails. Have you done this on this machine before?")
    b.prompt("must be in ~/.zsh_history")
    b.run("Bash", {"command": "grep -n 'zig' ~/.zsh_history | tail -4"},
          "6162:: 1736250721:0;zig build test\n7271:: 1737706500:0;zig build run -- --once")
    b.run("Bash", {"command": CROSS_BUILD},
          "zig-out/bin/quoitfield: ELF 64-bit LSB executable, ARM aarch64, statically linked\n"
          "quoitfield 0.7.3 (ReleaseSafe)")
    b.say("barn-pi-03 has the new build in /tmp and it reports 0.7.3.")
    (fix,) = proposed(b)["recovery"]
    assert fix["text"].startswith("Use `zig build -Dtarget=aarch64-linux-musl")
    assert "Exec format error" in fix["text"]
    # (the long chains are named by the step that does the job, and the shell's "bash: line 1:"
    # is no part of the failure)
    assert fix["text"].startswith("Use `zig build -Dtarget=aarch64-linux-musl "
                                  "-Doptimize=ReleaseSafe` here (`zig build "
                                  "-Doptimize=ReleaseSafe` fails: /tmp/quoitfield: cannot execute")


def test_a_long_chain_is_named_by_its_job_not_by_what_only_looks_before_it(tmp_path):
    looks_then_rolls_back = ("helm list -n notify --short && helm rollback dm-notify -n notify "
                             "--wait && kubectl rollout status -n notify deploy/driftmark-worker "
                             "--timeout=120s")
    b = session(tmp_path)
    b.prompt("roll the notification service back, the new release is sending duplicates")
    b.run("Bash", {"command": "helm rollback driftmark -n notify"},
          "Error: release: not found", is_error=True)
    b.run("Bash", {"command": looks_then_rolls_back},
          "dm-notify\nRollback was a success! Happy Helming!\ndeployment successfully rolled out")
    b.say("Rolled back.")
    (fix,) = proposed(b)["recovery"]
    assert fix["text"].startswith("Use `helm list -n notify --short && helm rollback dm-notify "
                                  "-n notify --wait` here (`helm rollback driftmark -n notify` "
                                  "fails: Error: release: not found)")
