"""The provider over the real anthropic SDK, against a loopback Messages API server."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest
from support.messages_api import (
    MessagesAPIServer,
    error,
    hang,
    json_answer,
    malformed,
    tool_use,
    trickle,
)

from rlat.llm.provider import (
    TOOL_NAME,
    AnthropicProvider,
    InvalidResponse,
    ProviderError,
    ProviderUnavailable,
    Settings,
    TransientFailure,
    choose,
    get_provider,
)

SCHEMA = {
    "type": "object",
    "properties": {"facts": {"type": "array", "items": {
        "type": "object",
        "properties": {"text": {"type": "string", "minLength": 1}},
        "required": ["text"], "additionalProperties": False}}},
    "required": ["facts"],
    "additionalProperties": False,
}
MESSAGES = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hello"}]


def provider(api: MessagesAPIServer, budget: float = 15.0, **kw) -> AnthropicProvider:
    settings = Settings(model=kw.pop("model", "claude-test-model"), api_key="test-key",
                        base_url=api.url, budget=budget, **kw)
    return AnthropicProvider(settings)


def answer(obj) -> object:
    return tool_use(TOOL_NAME, obj)


def test_structured_answer_and_what_was_sent():
    with MessagesAPIServer(answer({"facts": [{"text": "ruff, not black"}]})) as api:
        p = provider(api, model="claude-haiku-4-5")
        assert p.complete(MESSAGES, SCHEMA) == {"facts": [{"text": "ruff, not black"}]}
        (body,) = api.message_requests()
    assert body["model"] == "claude-haiku-4-5"
    assert body["system"] == "be brief"
    assert body["messages"] == [{"role": "user", "content": "hello"}]
    assert body["tools"][0]["name"] == TOOL_NAME
    assert body["tools"][0]["input_schema"] == SCHEMA
    assert body["tool_choice"] == {"type": "tool", "name": TOOL_NAME}


def test_settings_come_from_the_environment(monkeypatch):
    with MessagesAPIServer(answer({"facts": []})) as api:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "env-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", api.url)
        monkeypatch.setenv("RLAT_MODEL", "claude-from-env")
        monkeypatch.setenv("RLAT_LLM_TIMEOUT", "4")
        p = get_provider()
        assert p.settings.budget == 4.0
        assert p.complete(MESSAGES, SCHEMA) == {"facts": []}
        rec = [r for r in api.requests if r.path == "/v1/messages"][0]
    assert rec.json["model"] == "claude-from-env"
    sent = {k.lower(): v for k, v in rec.headers.items()}
    assert "env-key" in (sent.get("x-api-key", "") + sent.get("authorization", ""))


def test_default_model_when_unset(monkeypatch):
    monkeypatch.delenv("RLAT_MODEL", raising=False)
    assert Settings.from_env({"ANTHROPIC_API_KEY": "k"}).model == "claude-haiku-4-5"
    assert Settings.from_env({"RLAT_LLM_TIMEOUT": "nonsense"}).budget == 15.0


def test_text_json_answer_is_accepted_when_it_validates():
    with MessagesAPIServer(json_answer({"facts": [{"text": "x"}]})) as api:
        assert provider(api).complete(MESSAGES, SCHEMA) == {"facts": [{"text": "x"}]}


def test_rate_limit_is_retried_within_the_budget():
    with MessagesAPIServer(error(429, retry_after=0), answer({"facts": []})) as api:
        p = provider(api)
        assert p.complete(MESSAGES, SCHEMA) == {"facts": []}
        assert p.last_call.attempts == 2
        assert len(api.message_requests()) == 2


def test_server_errors_give_up_after_bounded_attempts():
    with MessagesAPIServer(error(500), error(500), error(500), error(500),
                           answer({"facts": []})) as api:
        p = provider(api)
        with pytest.raises(TransientFailure) as info:
            p.complete(MESSAGES, SCHEMA)
        assert len(api.message_requests()) == 3  # never the 4th or the good answer
    assert "500" in str(info.value) and "\n" not in str(info.value)


def test_retry_after_longer_than_the_budget_is_not_waited_for():
    with MessagesAPIServer(error(429, retry_after=30), answer({"facts": []})) as api:
        with pytest.raises(TransientFailure):
            provider(api, budget=3).complete(MESSAGES, SCHEMA)
        assert len(api.message_requests()) == 1


def test_a_hang_ends_at_the_budget():
    with MessagesAPIServer(hang(5, then="{}"), hang(5, then="{}")) as api:
        p = provider(api, budget=1.5)
        with pytest.raises(TransientFailure) as info:
            p.complete(MESSAGES, SCHEMA)
    assert "timed out" in str(info.value)
    assert p.last_call.elapsed < 5  # the budget, not the server, ended it


def test_a_trickled_body_ends_at_the_budget():
    # Each read returns in time (a piece every 0.3 s), the whole body would take ~15 s: the
    # budget bounds the call, not each read.
    slow = trickle(answer({"facts": [{"text": "x" * 200}]}), every=0.3, size=8)
    with MessagesAPIServer(slow, answer({"facts": []})) as api:
        p = provider(api, budget=2)
        started = time.monotonic()
        with pytest.raises(TransientFailure) as info:
            p.complete(MESSAGES, SCHEMA)
        took = time.monotonic() - started
    assert "timed out" in str(info.value)
    assert took < 2 + 1.0, took  # the budget plus a little slack, never the server's pace


def test_malformed_body_is_rejected_without_retry():
    with MessagesAPIServer(malformed(), answer({"facts": []})) as api:
        with pytest.raises(InvalidResponse):
            provider(api).complete(MESSAGES, SCHEMA)
        assert len(api.message_requests()) == 1


@pytest.mark.parametrize("bad", [
    {"facts": [{"text": ""}]},              # violates minLength
    {"facts": [{"text": "ok", "extra": 1}]},  # additionalProperties false
    {"facts": "nope"},                        # wrong type
    {},                                       # missing required
])
def test_schema_violation_is_rejected_whole(bad):
    with MessagesAPIServer(answer(bad)) as api:
        with pytest.raises(InvalidResponse) as info:
            provider(api).complete(MESSAGES, SCHEMA)
    assert "schema" in str(info.value)


def test_text_that_is_not_json_is_rejected():
    from support.messages_api import text
    with MessagesAPIServer(text("Sure! Here are the facts: ruff.")) as api:
        with pytest.raises(InvalidResponse):
            provider(api).complete(MESSAGES, SCHEMA)


def test_rejected_key_is_unavailable_and_not_retried():
    with MessagesAPIServer(error(401, "invalid x-api-key")) as api:
        with pytest.raises(ProviderUnavailable) as info:
            provider(api).complete(MESSAGES, SCHEMA)
        assert len(api.message_requests()) == 1
    assert "ANTHROPIC_API_KEY" in str(info.value)


def test_bad_request_is_an_error_not_retried():
    with MessagesAPIServer(error(400, "bad"), answer({"facts": []})) as api:
        with pytest.raises(ProviderError):
            provider(api).complete(MESSAGES, SCHEMA)
        assert len(api.message_requests()) == 1


def test_no_key_is_a_clear_one_line_message(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(ProviderUnavailable) as info:
        get_provider()
    assert str(info.value) == "LLM unavailable: ANTHROPIC_API_KEY is not set"


def _fake_claude(directory) -> str:
    """An executable named ``claude`` (never run here: choosing a provider runs nothing)."""
    directory.mkdir(exist_ok=True)
    path = directory / "claude"
    path.write_text("#!/bin/sh\nexit 3\n")
    path.chmod(0o755)
    return str(directory)


def test_the_provider_is_chosen_from_the_environment(tmp_path):
    bin_dir = _fake_claude(tmp_path / "bin")
    empty = str(tmp_path / "empty")
    assert choose({"ANTHROPIC_API_KEY": "k", "PATH": bin_dir}) == ("api", "")
    assert choose({"PATH": bin_dir}) == ("claude-cli", "")  # no key, claude on PATH
    assert choose({"PATH": empty}) == (
        None, "ANTHROPIC_API_KEY is not set and the claude CLI is not on PATH")
    assert choose({"ANTHROPIC_API_KEY": "k", "PATH": bin_dir,
                   "RLAT_LLM_PROVIDER": "claude-cli"}) == ("claude-cli", "")
    assert choose({"PATH": bin_dir, "RLAT_LLM_PROVIDER": "api"}) == (
        None, "ANTHROPIC_API_KEY is not set")
    assert choose({"ANTHROPIC_API_KEY": "k", "RLAT_LLM_PROVIDER": "none"})[0] is None
    assert "not one of" in choose({"RLAT_LLM_PROVIDER": "gpt"})[1]


def test_without_key_or_cli_the_message_says_both(monkeypatch, tmp_path):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("RLAT_LLM_PROVIDER")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ProviderUnavailable) as info:
        get_provider()
    assert str(info.value) == ("LLM unavailable: ANTHROPIC_API_KEY is not set and the claude "
                               "CLI is not on PATH")


def test_the_cli_provider_gets_its_own_default_budget(monkeypatch, tmp_path):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("RLAT_LLM_TIMEOUT", raising=False)
    monkeypatch.setenv("RLAT_LLM_PROVIDER", "claude-cli")
    monkeypatch.setenv("PATH", _fake_claude(tmp_path / "bin"))
    p = get_provider()
    assert p.settings.provider == "claude-cli" and p.settings.budget == 60.0
    assert p.settings.claude_bin == str(tmp_path / "bin" / "claude")


def test_no_network_is_unavailable():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens there now
    p = AnthropicProvider(Settings(api_key="k", base_url=f"http://127.0.0.1:{port}", budget=3))
    with pytest.raises(ProviderUnavailable) as info:
        p.complete(MESSAGES, SCHEMA)
    assert "cannot connect" in str(info.value)
    assert p.last_call.attempts >= 2  # a refused connection is retried while budget allows


def test_importing_the_llm_layer_does_not_import_the_sdk():
    code = ("import sys, rlat.llm.provider, rlat.llm.prompts, rlat.llm.miner, rlat.llm.atomic, "
            "rlat.llm.session_tasks, rlat.llm.evidence, rlat.llm.schema, rlat.llm.claude_cli; "
            "print('anthropic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
