"""Helpers for LLM-layer tests: Claude Code-shaped transcripts and a scripted provider."""

from __future__ import annotations

import pytest
from support.messages_api import MessagesAPIServer

from rlat.llm.provider import AnthropicProvider, Settings


@pytest.fixture(autouse=True)
def api_provider_only(monkeypatch):
    """No LLM test may reach a developer's own ``claude`` on PATH (their subscription): the
    provider is the API one unless a test chooses otherwise."""
    monkeypatch.setenv("RLAT_LLM_PROVIDER", "api")


@pytest.fixture
def api():
    with MessagesAPIServer() as server:
        yield server


@pytest.fixture
def llm_env(api, monkeypatch):
    """The environment a user with a key has, pointed at the loopback server."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", api.url)
    monkeypatch.setenv("RLAT_MODEL", "claude-test-model")
    monkeypatch.setenv("RLAT_LLM_TIMEOUT", "5")
    return api


def provider_for(api: MessagesAPIServer, budget: float = 5.0) -> AnthropicProvider:
    return AnthropicProvider(Settings(model="claude-test-model", api_key="test-key",
                                      base_url=api.url, budget=budget))
