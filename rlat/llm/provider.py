"""The LLM provider: one call, ``complete(messages, schema, timeout) -> dict``.

Everything rlat asks a model goes through here, so the rules live once. Two back ends answer
the same call: :class:`AnthropicProvider` (the Messages API with the user's key) and
``rlat.llm.claude_cli.ClaudeCliProvider`` (the user's own Claude Code CLI in headless mode, on
their subscription). :func:`choose` picks one from the environment:

* ``RLAT_LLM_PROVIDER`` unset (or ``auto``): the API when ``ANTHROPIC_API_KEY`` is set, else the
  ``claude`` CLI when it is on ``PATH``, else none;
* ``RLAT_LLM_PROVIDER=api`` / ``claude-cli``: only that one; ``none``: no model at all.

Input is scrubbed at this boundary (:func:`scrubbed`), whatever the caller did before: no
secret leaves the machine through either back end.

The rest of this docstring is about the API back end:

* The ``anthropic`` SDK is imported lazily, inside :meth:`AnthropicProvider.complete`: it costs
  about a second to import and the hook path must never pay for it.
* Configuration comes from the environment: ``ANTHROPIC_API_KEY`` (required),
  ``ANTHROPIC_BASE_URL`` (optional, honoured), ``RLAT_MODEL`` (default :data:`DEFAULT_MODEL`),
  ``RLAT_LLM_TIMEOUT`` (the whole call's budget in seconds, default 15 as the seed says).
* The budget bounds the whole call, retries included: the SDK's own retries are off and ours
  retry only transient failures (429, 5xx, a dropped or refused connection, a timeout) while
  enough budget is left for another attempt, honouring ``retry-after`` when it fits. The SDK's
  timeout bounds each read, not a response (a body trickled a few bytes at a time never trips
  it), so each attempt runs in a helper thread that the caller stops waiting for at the
  deadline (:func:`_before_deadline`).
* The answer is structured: the schema is offered as the one tool the model must call, and the
  tool's input is validated with :mod:`rlat.llm.schema`. An answer that does not validate is
  rejected whole (:class:`InvalidResponse`), never half-used.
* Every failure is a :class:`ProviderError` whose ``str`` is one line saying what happened and,
  where it helps, what to do. :class:`ProviderUnavailable` means "no key, no SDK or no
  network": callers take their deterministic path.
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import shutil
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .schema import ValidationError, check_schema, validate

DEFAULT_MODEL = "claude-haiku-4-5"
BUDGET_SECONDS = 15.0
# The CLI starts a Node process (1–3 s) and runs in the background worker: a longer default.
CLI_BUDGET_SECONDS = 60.0
PROVIDER_ENV = "RLAT_LLM_PROVIDER"
API, CLAUDE_CLI, NONE, AUTO = "api", "claude-cli", "none", "auto"
MAX_ATTEMPTS = 3
# Do not start (or sleep before) an attempt that would have less than this long to run.
MIN_ATTEMPT_SECONDS = 1.0
BACKOFF_SECONDS = (0.5, 1.0, 2.0)
DEFAULT_MAX_TOKENS = 4096
TOOL_NAME = "record_result"


class ProviderError(RuntimeError):
    """An LLM call failed. ``str(err)`` is one line, fit for a log or a receipt."""

    reason = "error"


class ProviderUnavailable(ProviderError):
    """No key, no SDK, a rejected key, or the API could not be reached."""

    reason = "unavailable"


class TransientFailure(ProviderError):
    """Rate limits, server errors or timeouts outlasted the budget."""

    reason = "transient"


class InvalidResponse(ProviderError):
    """The model (or the server) answered something that is not the schema's JSON."""

    reason = "invalid"


@dataclass(frozen=True, slots=True)
class Settings:
    model: str = DEFAULT_MODEL
    api_key: str | None = None
    base_url: str | None = None
    budget: float = BUDGET_SECONDS
    max_attempts: int = MAX_ATTEMPTS
    provider: str = API  # api | claude-cli
    claude_bin: str | None = None  # the CLI the claude-cli provider runs

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *,
                 provider: str = API) -> Settings:
        env = os.environ if env is None else env
        default = CLI_BUDGET_SECONDS if provider == CLAUDE_CLI else BUDGET_SECONDS
        budget = default
        raw = (env.get("RLAT_LLM_TIMEOUT") or "").strip()
        if raw:
            try:
                budget = float(raw)
            except ValueError:
                budget = default
            if not 0 < budget < math.inf:  # (NaN, zero, negative or "inf": the default)
                budget = default
        return cls(
            model=(env.get("RLAT_MODEL") or "").strip() or DEFAULT_MODEL,
            api_key=(env.get("ANTHROPIC_API_KEY") or "").strip() or None,
            base_url=(env.get("ANTHROPIC_BASE_URL") or "").strip() or None,
            budget=budget,
            provider=provider,
            claude_bin=claude_on_path(env) if provider == CLAUDE_CLI else None,
        )

    def describe(self) -> str:
        if self.provider == CLAUDE_CLI:
            return f"{self.model} via the claude CLI, budget {self.budget:g}s"
        where = self.base_url or "api.anthropic.com"
        return f"{self.model} at {where}, budget {self.budget:g}s"


class Provider(Protocol):
    """What pipelines depend on: tests and other back ends implement the same call."""

    settings: Settings

    def complete(self, messages: Sequence[Mapping[str, str]], schema: dict,
                 timeout: float | None = None) -> dict: ...


@dataclass(slots=True)
class CallRecord:
    """What the last call did (for logs and receipts): attempts and their errors."""

    attempts: int = 0
    elapsed: float = 0.0
    errors: list[str] = field(default_factory=list)
    provider: str = API


def claude_on_path(env: Mapping[str, str] | None = None) -> str | None:
    """The ``claude`` executable on ``PATH`` (of ``env``), or None."""
    env = os.environ if env is None else env
    return shutil.which("claude", path=env.get("PATH", os.defpath))


def choose(env: Mapping[str, str] | None = None) -> tuple[str | None, str]:
    """``(provider, "")`` — ``api`` or ``claude-cli`` — or ``(None, why there is none)``.
    Cheap: no import, no network, no process."""
    env = os.environ if env is None else env
    wanted = (env.get(PROVIDER_ENV) or "").strip().lower() or AUTO
    has_key = bool((env.get("ANTHROPIC_API_KEY") or "").strip())
    if wanted == NONE:
        return None, f"turned off ({PROVIDER_ENV}=none)"
    if wanted == API:
        return (API, "") if has_key else (None, "ANTHROPIC_API_KEY is not set")
    if wanted == CLAUDE_CLI:
        return ((CLAUDE_CLI, "") if claude_on_path(env)
                else (None, f"the claude CLI is not on PATH ({PROVIDER_ENV}=claude-cli)"))
    if wanted != AUTO:
        return None, (f"{PROVIDER_ENV}={wanted!r} is not one of "
                      f"{API}, {CLAUDE_CLI}, {NONE}, {AUTO}")
    if has_key:
        return API, ""
    if claude_on_path(env):
        return CLAUDE_CLI, ""
    return None, "ANTHROPIC_API_KEY is not set and the claude CLI is not on PATH"


def unavailable_reason(env: Mapping[str, str] | None = None) -> str | None:
    """Why no LLM call can be made right now (cheap: no import, no network), or None."""
    return choose(env)[1] or None


def get_provider(settings: Settings | None = None) -> Provider:
    """The configured provider (:func:`choose`); raises ProviderUnavailable when there is
    none."""
    if settings is None:
        kind, why = choose()
        if kind is None:
            raise ProviderUnavailable(f"LLM unavailable: {why}")
        settings = Settings.from_env(provider=kind)
    if settings.provider == CLAUDE_CLI:
        from .claude_cli import ClaudeCliProvider

        return ClaudeCliProvider(settings)
    if not settings.api_key:
        raise ProviderUnavailable("LLM unavailable: ANTHROPIC_API_KEY is not set")
    return AnthropicProvider(settings)


def scrubbed(messages: Sequence[Mapping[str, str]]) -> list[dict]:
    """The messages with every user and assistant turn scrubbed of secrets (the system prompt
    is rlat's own text). Whatever a caller cleaned before, nothing leaves unscrubbed."""
    from ..scrub import scrub_text

    return [{"role": m.get("role"), "content": str(m.get("content", ""))
             if m.get("role") == "system" else scrub_text(str(m.get("content", "")))}
            for m in messages]


class AnthropicProvider:
    """The Messages API through the official SDK, structured output via one forced tool."""

    def __init__(self, settings: Settings | None = None, *,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.settings = settings or Settings.from_env()
        self._sleep = sleep
        self._client = None
        self.last_call = CallRecord()

    # ------------------------------------------------------------------ public
    def complete(self, messages: Sequence[Mapping[str, str]], schema: dict,
                 timeout: float | None = None, *, max_tokens: int = DEFAULT_MAX_TOKENS,
                 tool_name: str = TOOL_NAME,
                 tool_description: str = "Record the result in exactly this structure.") -> dict:
        """Ask the model; return the schema-valid JSON object it produced.

        ``messages`` are ``{"role": "system"|"user"|"assistant", "content": str}``; system
        messages become the system prompt. ``timeout`` bounds the whole call (retries
        included) and defaults to the configured budget; it never exceeds it.
        """
        system, turns, budget = prepare(messages, schema, timeout, self.settings)
        client, anthropic = self._get_client()
        start = time.monotonic()
        deadline = start + budget
        record = self.last_call = CallRecord()
        kwargs = {
            "model": self.settings.model,
            "max_tokens": max_tokens,
            "messages": turns,
            "tools": [{"name": tool_name, "description": tool_description,
                       "input_schema": schema}],
            "tool_choice": {"type": "tool", "name": tool_name},
        }
        if system:
            kwargs["system"] = system
        last_error: ProviderError | None = None
        while record.attempts < self.settings.max_attempts:
            remaining = deadline - time.monotonic()
            if remaining < MIN_ATTEMPT_SECONDS and record.attempts:
                break
            record.attempts += 1
            try:
                message = _before_deadline(
                    functools.partial(client.messages.create, **kwargs,
                                      timeout=max(remaining, 0.1)),
                    deadline)
            except _DeadlinePassed:
                self._abandon_client()
                last_error = TransientFailure(
                    f"LLM call timed out after {time.monotonic() - start:.1f}s "
                    f"(budget {budget:g}s, {self.settings.describe()})")
                record.errors.append(str(last_error))
                break
            except anthropic.APIStatusError as exc:
                status = getattr(exc, "status_code", None)
                err = _status_error(exc, status, self.settings)
                record.errors.append(str(err))
                if not isinstance(err, TransientFailure):
                    record.elapsed = time.monotonic() - start
                    raise err from None
                last_error = err
                wait = _retry_after(exc, record.attempts)
            except anthropic.APITimeoutError:
                last_error = TransientFailure(
                    f"LLM call timed out after {time.monotonic() - start:.1f}s "
                    f"(budget {budget:g}s, {self.settings.describe()})")
                record.errors.append(str(last_error))
                wait = _backoff(record.attempts)
            except anthropic.APIConnectionError as exc:
                last_error = ProviderUnavailable(
                    f"LLM unreachable: cannot connect to "
                    f"{self.settings.base_url or 'api.anthropic.com'} ({_one_line(exc)})")
                record.errors.append(str(last_error))
                wait = _backoff(record.attempts)
            except (ValueError, anthropic.APIResponseValidationError) as exc:
                # The HTTP body itself was not the API's JSON (e.g. truncated or malformed).
                record.elapsed = time.monotonic() - start
                err = InvalidResponse(f"LLM answer rejected: malformed response body "
                                      f"({_one_line(exc)})")
                record.errors.append(str(err))
                raise err from None
            else:
                record.elapsed = time.monotonic() - start
                return _structured(message, schema, tool_name)
            if deadline - time.monotonic() - wait < MIN_ATTEMPT_SECONDS:
                break
            self._sleep(wait)
        record.elapsed = time.monotonic() - start
        assert last_error is not None
        raise type(last_error)(f"{last_error} [{record.attempts} attempt(s) in "
                               f"{record.elapsed:.1f}s]")

    # ------------------------------------------------------------------ internals
    def _abandon_client(self) -> None:
        """Drop a client whose request outlived the deadline. Closing its connections ends
        the helper thread's next read; it is done in the background (a close must not cost
        the caller time it no longer has)."""
        client, self._client = self._client, None
        if client is not None:
            threading.Thread(target=_close_quietly, args=(client,), daemon=True).start()

    def _get_client(self):
        if not self.settings.api_key:
            raise ProviderUnavailable("LLM unavailable: ANTHROPIC_API_KEY is not set")
        try:
            import anthropic  # lazy: ~1 s to import, never on the hook path
        except ImportError:
            raise ProviderUnavailable(
                "LLM unavailable: the anthropic package is not installed "
                "(pip install anthropic)") from None
        if self._client is None:
            self._client = anthropic.Anthropic(
                api_key=self.settings.api_key, base_url=self.settings.base_url,
                max_retries=0, timeout=self.settings.budget)
        return self._client, anthropic


class _DeadlinePassed(Exception):
    pass


def _before_deadline(call: Callable[[], object], deadline: float) -> object:
    """``call()``'s result (or its exception), or :class:`_DeadlinePassed` once the monotonic
    ``deadline`` comes first. The call runs in a daemon thread, so a response that keeps
    arriving slowly cannot hold the caller (nor, later, the process's exit)."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller as is
            outcome["error"] = exc

    helper = threading.Thread(target=run, name="rlat-llm-call", daemon=True)
    helper.start()
    helper.join(max(0.0, deadline - time.monotonic()))
    if helper.is_alive():
        raise _DeadlinePassed
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome.get("value")


def _close_quietly(client) -> None:
    try:
        client.close()
    except Exception:  # noqa: BLE001 - best effort on an abandoned client
        pass


def prepare(messages: Sequence[Mapping[str, str]], schema: dict, timeout: float | None,
            settings: Settings) -> tuple[str, list[dict], float]:
    """What every back end does before a structured call: (system prompt, turns, seconds
    allowed). Checks the schema (an object schema), scrubs the messages, and bounds
    ``timeout`` by the configured budget."""
    check_schema(schema)
    if schema.get("type") != "object":
        raise ValueError("the schema of a structured answer must be an object schema")
    budget = settings.budget if timeout is None else min(float(timeout), settings.budget)
    system, turns = _split_messages(scrubbed(messages))
    return system, turns, budget


def _split_messages(messages: Sequence[Mapping[str, str]]) -> tuple[str, list[dict]]:
    system_parts: list[str] = []
    turns: list[dict] = []
    for msg in messages:
        role = msg.get("role")
        content = msg.get("content", "")
        if role == "system":
            system_parts.append(str(content))
        elif role in ("user", "assistant"):
            turns.append({"role": role, "content": str(content)})
        else:
            raise ValueError(f"unknown message role {role!r}")
    if not turns or turns[0]["role"] != "user":
        raise ValueError("the conversation must start with a user message")
    return "\n\n".join(system_parts), turns


def _status_error(exc, status: int | None, settings: Settings) -> ProviderError:
    detail = _api_message(exc)
    if status in (401, 403):
        return ProviderUnavailable(
            f"LLM unavailable: the API rejected the key ({status} {detail}); "
            f"check ANTHROPIC_API_KEY")
    if status == 404:
        return ProviderUnavailable(
            f"LLM unavailable: model or endpoint not found (404 {detail}); check RLAT_MODEL "
            f"({settings.model}) and ANTHROPIC_BASE_URL")
    if status in (408, 409, 429) or (status is not None and status >= 500):
        return TransientFailure(f"LLM call failed: HTTP {status} {detail}")
    return ProviderError(f"LLM call failed: HTTP {status} {detail}")


def _api_message(exc) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error")
        if isinstance(err, dict) and err.get("message"):
            return _one_line(f"{err.get('type', 'error')}: {err['message']}")
    return _one_line(getattr(exc, "message", "") or exc)


def _retry_after(exc, attempt: int) -> float:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    raw = headers.get("retry-after") if hasattr(headers, "get") else None
    if raw:
        try:
            return max(0.0, float(raw))
        except ValueError:
            pass
    return _backoff(attempt)


def _backoff(attempt: int) -> float:
    return BACKOFF_SECONDS[min(attempt - 1, len(BACKOFF_SECONDS) - 1)]


def _one_line(value: object, limit: int = 160) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_CODE_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


def _structured(message, schema: dict, tool_name: str) -> dict:
    """The tool input (or, failing that, a text block that is wholly JSON), validated."""
    content = getattr(message, "content", None)
    if not isinstance(content, list) or not content:
        raise InvalidResponse("LLM answer rejected: the response has no content blocks")
    candidate = None
    for block in content:
        if getattr(block, "type", None) == "tool_use" and getattr(block, "name", None) == tool_name:
            candidate = getattr(block, "input", None)
            break
    if candidate is None:
        for block in content:
            if getattr(block, "type", None) == "text":
                text = (getattr(block, "text", "") or "").strip()
                match = _CODE_FENCE.match(text)
                if match:
                    text = match.group(1)
                try:
                    candidate = json.loads(text)
                except ValueError:
                    raise InvalidResponse(
                        "LLM answer rejected: text answer is not JSON") from None
                break
    if candidate is None:
        raise InvalidResponse(f"LLM answer rejected: no {tool_name!r} tool call in the response")
    try:
        validate(candidate, schema)
    except ValidationError as exc:
        raise InvalidResponse(f"LLM answer rejected: does not match the schema ({exc})") from None
    return candidate
