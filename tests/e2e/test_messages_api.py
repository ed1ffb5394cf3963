"""The loopback Messages API server answers the real anthropic SDK as the real API would."""

from __future__ import annotations

import anthropic
import pytest
from support.messages_api import (
    MessagesAPIServer,
    error,
    hang,
    json_answer,
    malformed,
    text,
    tool_use,
)


def client(api: MessagesAPIServer, **kw) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=api.url, api_key="test-key", **kw)


def ask(c: anthropic.Anthropic, prompt: str = "hi", **kw):
    return c.messages.create(model="claude-test", max_tokens=100,
                             messages=[{"role": "user", "content": prompt}], **kw)


def test_non_streaming_text_and_recorded_body():
    with MessagesAPIServer(text("hello there"), consume="all") as api:
        msg = ask(client(api), "what is rlat?")
        assert msg.content[0].text == "hello there"
        assert msg.stop_reason == "end_turn"
        assert api.message_requests()[0]["messages"][0]["content"] == "what is rlat?"
        assert api.saw("what is rlat?")


def test_streaming_text_and_tool_use():
    with MessagesAPIServer(text("a" * 100), tool_use("Bash", {"command": "ls -la"}),
                           consume="all") as api:
        c = client(api)
        with c.messages.stream(model="m", max_tokens=10,
                               messages=[{"role": "user", "content": "x"}]) as stream:
            assert stream.get_final_text() == "a" * 100
        with c.messages.stream(model="m", max_tokens=10,
                               messages=[{"role": "user", "content": "y"}]) as stream:
            final = stream.get_final_message()
        assert final.stop_reason == "tool_use"
        assert final.content[0].name == "Bash"
        assert final.content[0].input == {"command": "ls -la"}


def test_errors_reach_the_sdk_as_its_own_exceptions():
    with MessagesAPIServer(error(429, retry_after=0), error(500), consume="all") as api:
        c = client(api, max_retries=0)
        with pytest.raises(anthropic.RateLimitError):
            ask(c)
        with pytest.raises(anthropic.InternalServerError):
            ask(c)


def test_retry_then_success_and_json_answer():
    with MessagesAPIServer(error(429, retry_after=0), json_answer({"facts": []}),
                           consume="all") as api:
        msg = ask(client(api, max_retries=1))
        assert msg.content[0].text == '{"facts": []}'
        assert len(api.message_requests()) == 2


def test_hang_times_out_and_malformed_is_an_error():
    with MessagesAPIServer(hang(2.0), malformed(), consume="all") as api:
        c = client(api, max_retries=0, timeout=0.3)
        with pytest.raises(anthropic.APITimeoutError):
            ask(c)
        with pytest.raises(Exception) as info:
            ask(client(api, max_retries=0))
        assert not isinstance(info.value, anthropic.APITimeoutError)


def test_side_requests_do_not_consume_the_script():
    with MessagesAPIServer(text("scripted")) as api:  # consume="tools" (Claude Code's agent turns)
        c = client(api)
        assert ask(c).content[0].text == "OK."  # no tools: fallback
        msg = ask(c, tools=[{"name": "t", "description": "d",
                             "input_schema": {"type": "object"}}])
        assert msg.content[0].text == "scripted"
        assert len(api.agent_requests()) == 1
