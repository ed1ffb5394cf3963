"""The environment the `rlat` command line reads: read once, at start, into one frozen object.

``rlat/__main__.py`` builds it (``Settings.from_env()``) before a command runs and hands it to
the error boundary and to every command that asks for it (a ``settings`` parameter,
``rlat.cli.parsing``), as black hands its ``Mode`` around: no command module reads
``os.environ`` itself. Where a lower layer owns the rule for a value (the lock timeout, a
switch's spelling), the property asks that layer, so the rule stays in one place.

Not here: where the store lives is resolved by ``rlat.paths`` (from the same ``RLAT_HOME``),
the hooks read their own settings per call (``rlat.hooks.runtime``), and the LLM back end reads
``RLAT_LLM_PROVIDER``, ``RLAT_MODEL``, ``RLAT_LLM_TIMEOUT`` and ``ANTHROPIC_*`` into its own
settings object when a model is used (``rlat.llm.provider.Settings``).
"""

from __future__ import annotations

import os
from collections import namedtuple
from collections.abc import Mapping

HOME_ENV = "RLAT_HOME"
DEBUG_ENV = "RLAT_DEBUG"
PYTHON_ENV = "RLAT_PYTHON"
CLAUDE_CONFIG_ENV = "CLAUDE_CONFIG_DIR"
LOCK_TIMEOUT_ENV = "RLAT_LOCK_TIMEOUT"  # the same name as rlat.container.lock.LOCK_TIMEOUT_ENV
ATOMIC_CAPTURE_ENV = "RLAT_ATOMIC_CAPTURE"  # rlat.llm.session_tasks.ATOMIC_ENV


def _home(value: str | None) -> str | None:
    """RLAT_HOME as ``rlat.paths`` resolves it (a relative one from the home directory)."""
    if not value:
        return None
    from ..paths import resolve_home

    return str(resolve_home(value))


# A named tuple (immutable), not a dataclass: importing dataclasses costs every command ~5 ms.
_FIELDS = (
    "home",  # RLAT_HOME: rlat's directory (store, caches, logs), or None
    "debug",  # RLAT_DEBUG=1: the boundary prints the traceback too
    "python",  # RLAT_PYTHON: the interpreter that configuration written elsewhere runs, or None
    "claude_config_dir",  # CLAUDE_CONFIG_DIR: where the user's settings.json is, or None
    "lock_timeout_text",  # RLAT_LOCK_TIMEOUT as given (see lock_timeout)
    "atomic_capture_text",  # RLAT_ATOMIC_CAPTURE as given (see atomic_capture)
)


class Settings(namedtuple("Settings", _FIELDS, defaults=(None, False, None, None, None, None))):
    """The environment's settings for one `rlat` command, read once."""

    __slots__ = ()

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            home=_home(env.get(HOME_ENV)),
            debug=env.get(DEBUG_ENV) == "1",
            python=env.get(PYTHON_ENV) or None,
            claude_config_dir=env.get(CLAUDE_CONFIG_ENV) or None,
            lock_timeout_text=env.get(LOCK_TIMEOUT_ENV),
            atomic_capture_text=env.get(ATOMIC_CAPTURE_ENV),
        )

    @property
    def lock_timeout(self) -> float:
        """Seconds a command waits for the store's lock (the rule: ``rlat.container.lock``)."""
        from ..container.lock import timeout_from

        return timeout_from(self.lock_timeout_text)

    @property
    def atomic_capture(self) -> bool:
        """Whether `rlat capture` splits a session with a model, as the hooks' worker does
        (the rule: ``rlat.paths.env_flag``)."""
        from ..paths import env_flag

        return env_flag(ATOMIC_CAPTURE_ENV, {ATOMIC_CAPTURE_ENV: self.atomic_capture_text or ""})
