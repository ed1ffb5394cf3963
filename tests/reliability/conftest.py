"""Helpers for the reliability torture tests: forked writers that acknowledge what they wrote.

A writer runs in a forked child (cheap: no interpreter start-up per trial) and writes one line
per *acknowledged* operation — an append that returned — to a pipe. The parent kills it with
SIGKILL at a random moment, then checks the file: it opens, and every acknowledged record is in
it. Everything is bounded: each trial has a deadline and every child is reaped.
"""

from __future__ import annotations

import os
import select
import signal
import time
import traceback
from collections.abc import Callable

import pytest


class Child:
    """A forked child running ``work(ack)``; ``ack(text)`` writes one line to the parent."""

    def __init__(self, work: Callable[[Callable[[str], None]], None]) -> None:
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # child
            code = 0
            try:
                os.close(read_fd)

                def ack(text: str) -> None:
                    os.write(write_fd, (text + "\n").encode())

                work(ack)
            except BaseException:  # noqa: BLE001 - report, then leave without pytest's atexit
                try:
                    os.write(2, traceback.format_exc().encode())
                except OSError:
                    pass
                code = 1
            finally:
                os._exit(code)
        os.close(write_fd)
        self.pid = pid
        self.fd = read_fd
        self.buffer = b""
        self.status: int | None = None

    def read_acks(self, timeout: float = 0.0) -> list[str]:
        """Acks available now (waiting up to ``timeout`` for the first)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        while ready:
            chunk = os.read(self.fd, 65536)
            if not chunk:
                break
            self.buffer += chunk
            ready, _, _ = select.select([self.fd], [], [], 0)
        *lines, self.buffer = self.buffer.split(b"\n")
        return [line.decode() for line in lines]

    def kill(self) -> list[str]:
        """SIGKILL, reap, and return every ack written before death."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        return self.wait()

    def wait(self, timeout: float = 60.0) -> list[str]:
        deadline = time.monotonic() + timeout
        acks: list[str] = []
        while self.status is None:
            acks += self.read_acks(0.01)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
            elif time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
        # drain what is left in the pipe
        while True:
            chunk = os.read(self.fd, 65536)
            if not chunk:
                break
            self.buffer += chunk
        os.close(self.fd)
        lines = self.buffer.split(b"\n")
        self.buffer = b""
        return acks + [line.decode() for line in lines if line]

    @property
    def exit_code(self) -> int | None:
        return None if self.status is None else os.waitstatus_to_exitcode(self.status)


@pytest.fixture
def children():
    """Children started in a test; any still alive at the end are killed and reaped."""
    started: list[Child] = []

    def start(work) -> Child:
        child = Child(work)
        started.append(child)
        return child

    yield start
    for child in started:
        if child.status is None:
            child.kill()
