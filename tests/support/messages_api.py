"""A loopback server that speaks the Anthropic Messages API, for tests.

Real clients (the ``claude`` CLI, the ``anthropic`` SDK) talk HTTP to it; it answers from a
script and records every request so a test can assert what arrived.

Usage::

    from support.messages_api import MessagesAPIServer, text, tool_use, error, hang, malformed

    with MessagesAPIServer() as api:                  # binds 127.0.0.1 on an ephemeral port
        api.script(
            tool_use("Bash", {"command": "false"}),     # 1st agent turn: run a command
            tool_use("Bash", {"command": "true"}),      # 2nd: after the tool_result came back
            text("Done."),                              # 3rd: end the turn
        )
        env = {"ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "test-key"}
        ...run claude -p / the SDK...
        api.message_requests()     # the JSON bodies of every POST /v1/messages, in order
        api.agent_requests()       # only those that consumed a scripted answer
        api.request_text(body)     # system + messages of one body flattened to one string
        api.saw("needle")          # True when any /v1/messages body contains the text

Answers (each is an :class:`Answer`; build them with the helpers):

- ``text("…")``: an assistant message with one text block, ``stop_reason`` ``end_turn``.
- ``tool_use(name, input, text=None)``: a message whose last block is a ``tool_use`` (preceded
  by a text block when ``text`` is given); ``stop_reason`` ``tool_use``. Pass a list of
  ``(name, input)`` pairs to ``tool_uses(...)`` for several parallel calls.
- ``json_answer(obj)``: a text block holding ``json.dumps(obj)`` (for structured-output callers).
- ``error(status, message, type=None, retry_after=None)``: an API error body
  (``{"type":"error","error":{…}}``), e.g. 429 ``rate_limit_error`` or 500 ``api_error``.
- ``hang(seconds)``: say nothing for ``seconds`` before answering with a text (client timeouts).
- ``malformed(body=…)``: HTTP 200 whose body is not valid JSON / SSE.
- ``trickle(answer, every=0.5, size=8)``: send ``answer``'s body ``size`` bytes at a time, one
  piece every ``every`` seconds (a slow network or proxy: each read returns in time, the whole
  body takes long).
- a callable ``fn(body: dict) -> Answer``: decide from the request (e.g. inspect tool results).

Streaming: when the request has ``"stream": true`` the answer is sent as server-sent events
(``message_start``, ``content_block_start``, ``content_block_delta`` with ``text_delta`` or
``input_json_delta``, ``content_block_stop``, ``message_delta``, ``message_stop``); otherwise as
one JSON message. Errors, hangs and malformed bodies behave the same either way.

Which requests consume the script: by default every POST /v1/messages that carries ``tools``
(an agent turn of Claude Code) or, for callers that never send tools (the SDK), every request —
set ``consume="all"`` for the latter. Side requests Claude Code makes on its own (session
titles, quota probes) get ``fallback`` (a short text) and do not consume the script; its
compaction request (``/compact``: tools attached, but "Do NOT call any tools") gets ``summary``.
When the script runs out, ``fallback`` answers too. ``count_tokens`` answers a token estimate;
any other path answers ``{}`` with 200 so startup probes are harmless.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from itertools import count
from typing import Any


@dataclass
class Answer:
    kind: str  # "message" | "error" | "malformed"
    blocks: list[dict] = field(default_factory=list)
    stop_reason: str = "end_turn"
    status: int = 200
    error_type: str = ""
    message: str = ""
    retry_after: float | None = None
    delay: float = 0.0
    raw_body: bytes = b""
    trickle_every: float = 0.0  # seconds between pieces of the body (0: all at once)
    trickle_size: int = 8


def text(value: str) -> Answer:
    return Answer("message", [{"type": "text", "text": value}], "end_turn")


def json_answer(obj: Any) -> Answer:
    return text(json.dumps(obj))


def tool_uses(calls: list[tuple[str, dict]], text: str | None = None) -> Answer:
    blocks: list[dict] = [{"type": "text", "text": text}] if text else []
    for name, tool_input in calls:
        blocks.append({"type": "tool_use", "name": name, "input": tool_input})
    return Answer("message", blocks, "tool_use")


def tool_use(name: str, tool_input: dict, text: str | None = None) -> Answer:
    return tool_uses([(name, tool_input)], text=text)


_ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error",
                403: "permission_error", 404: "not_found_error", 413: "request_too_large",
                429: "rate_limit_error", 500: "api_error", 529: "overloaded_error"}


def error(status: int, message: str = "scripted error", type: str | None = None,
          retry_after: float | None = None) -> Answer:
    return Answer("error", status=status, error_type=type or _ERROR_TYPES.get(status, "api_error"),
                  message=message, retry_after=retry_after)


def hang(seconds: float, then: str = "late answer") -> Answer:
    answer = text(then)
    answer.delay = seconds
    return answer


def trickle(answer: Answer, every: float = 0.5, size: int = 8) -> Answer:
    answer.trickle_every, answer.trickle_size = every, size
    return answer


def malformed(body: bytes | str = b'{"id": "msg_broken", "content": [') -> Answer:
    raw = body.encode() if isinstance(body, str) else body
    return Answer("malformed", raw_body=raw)


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    json: Any
    scripted: bool = False  # did this request consume a scripted answer?
    at: float = 0.0


ScriptItem = Answer | Callable[[dict], Answer]


class MessagesAPIServer:
    """See the module docstring. Thread-safe; one instance per test."""

    def __init__(self, *answers: ScriptItem, consume: str = "tools",
                 fallback: ScriptItem | None = None, model: str = "claude-test-model",
                 summary: str = "The user and the assistant worked on the task; it is done.",
                 host: str = "127.0.0.1") -> None:
        if consume not in ("tools", "all"):
            raise ValueError("consume must be 'tools' or 'all'")
        self.consume = consume
        self.fallback = fallback or text("OK.")
        self.summary = text(f"<analysis>Scripted.</analysis>\n<summary>{summary}</summary>")
        self.model = model
        self._script: list[ScriptItem] = list(answers)
        self._lock = threading.Lock()
        self.requests: list[Recorded] = []
        self._ids = count(1)
        self._httpd = ThreadingHTTPServer((host, 0), _make_handler(self))
        self._httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ lifecycle
    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> MessagesAPIServer:
        if self._thread is None:
            self._thread = threading.Thread(target=self._httpd.serve_forever,
                                            kwargs={"poll_interval": 0.05}, daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> MessagesAPIServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # ------------------------------------------------------------------ script
    def script(self, *answers: ScriptItem) -> None:
        """Append answers to the script (consumed in order)."""
        with self._lock:
            self._script.extend(answers)

    def reset(self, *answers: ScriptItem) -> None:
        """Forget recorded requests and replace the script."""
        with self._lock:
            self._script = list(answers)
            self.requests = []

    @property
    def remaining(self) -> int:
        with self._lock:
            return len(self._script)

    # ------------------------------------------------------------------ inspection
    def message_requests(self) -> list[dict]:
        with self._lock:
            return [r.json for r in self.requests
                    if r.method == "POST" and r.path == "/v1/messages" and isinstance(r.json, dict)]

    def agent_requests(self) -> list[dict]:
        with self._lock:
            return [r.json for r in self.requests if r.scripted]

    @staticmethod
    def request_text(body: dict) -> str:
        """The system prompt and every message's text (incl. tool results) as one string."""
        parts: list[str] = []

        def walk(value: Any) -> None:
            if isinstance(value, str):
                parts.append(value)
            elif isinstance(value, list):
                for item in value:
                    walk(item)
            elif isinstance(value, dict):
                for key in ("text", "content", "input"):
                    if key in value:
                        walk(value[key] if key != "input" else json.dumps(value[key]))

        walk(body.get("system", ""))
        walk(body.get("messages", []))
        return "\n".join(parts)

    def saw(self, needle: str) -> bool:
        return any(needle in self.request_text(b) for b in self.message_requests())

    # ------------------------------------------------------------------ answering
    def _next_answer(self, body: dict) -> tuple[Answer, bool]:
        if self.consume == "tools" and _is_compaction(body):
            return self.summary, False
        wants_script = self.consume == "all" or bool(body.get("tools"))
        with self._lock:
            item: ScriptItem | None = self._script.pop(0) if wants_script and self._script else None
        scripted = item is not None
        item = item if item is not None else self.fallback
        answer = item(body) if callable(item) else item
        return answer, scripted

    def new_id(self, prefix: str) -> str:
        return f"{prefix}_{next(self._ids):024x}"


def _is_compaction(body: dict) -> bool:
    messages = body.get("messages") or []
    last = next((m for m in reversed(messages) if m.get("role") == "user"), None)
    return bool(last) and "Do NOT call any tools" in json.dumps(last.get("content"))


def _count_tokens(body: Any) -> int:
    return max(1, len(json.dumps(body)) // 4) if body is not None else 1


def _make_handler(server: MessagesAPIServer):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:  # keep test output clean
            pass

        def _read_body(self) -> bytes:
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length else b""

        def _record(self, body: bytes) -> Recorded:
            try:
                parsed = json.loads(body) if body else None
            except ValueError:
                parsed = None
            rec = Recorded(self.command, self.path.split("?", 1)[0], dict(self.headers.items()),
                           body, parsed, at=time.time())
            with server._lock:
                server.requests.append(rec)
            return rec

        def _send(self, status: int, payload: bytes, ctype: str = "application/json",
                  extra: dict | None = None, answer: Answer | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(payload)))
            self.send_header("request-id", server.new_id("req"))
            for key, value in (extra or {}).items():
                self.send_header(key, value)
            self.end_headers()
            if self.command != "HEAD":
                try:
                    if answer is not None and answer.trickle_every > 0:
                        for i in range(0, len(payload), answer.trickle_size):
                            self.wfile.write(payload[i:i + answer.trickle_size])
                            self.wfile.flush()
                            time.sleep(answer.trickle_every)
                    else:
                        self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeouts)
                    self.close_connection = True

        def _json(self, status: int, obj: Any, extra: dict | None = None) -> None:
            self._send(status, json.dumps(obj).encode(), extra=extra)

        def do_HEAD(self) -> None:
            self._record(b"")
            self._send(200, b"")

        def do_GET(self) -> None:
            self._record(b"")
            if self.path.startswith("/v1/models"):
                self._json(200, {"data": [{"type": "model", "id": server.model,
                                           "display_name": "Test model",
                                           "created_at": "2025-01-01T00:00:00Z"}],
                                 "has_more": False, "first_id": server.model,
                                 "last_id": server.model})
                return
            self._json(200, {})

        def do_POST(self) -> None:
            rec = self._record(self._read_body())
            path = rec.path
            if path == "/v1/messages/count_tokens":
                self._json(200, {"input_tokens": _count_tokens(rec.json)})
                return
            if path != "/v1/messages" or not isinstance(rec.json, dict):
                self._json(200, {})
                return
            answer, rec.scripted = server._next_answer(rec.json)
            if answer.delay:
                time.sleep(answer.delay)
            if answer.kind == "error":
                extra = {"retry-after": f"{answer.retry_after:g}"} if answer.retry_after is not None else None
                self._json(answer.status, {"type": "error", "error": {
                    "type": answer.error_type, "message": answer.message}}, extra)
                return
            if answer.kind == "malformed":
                ctype = "text/event-stream" if rec.json.get("stream") else "application/json"
                self._send(200, answer.raw_body, ctype)
                return
            message = self._message(rec.json, answer)
            if rec.json.get("stream"):
                self._send(200, _sse(message), "text/event-stream; charset=utf-8",
                           {"Cache-Control": "no-cache"}, answer)
            else:
                self._send(200, json.dumps(message).encode(), answer=answer)

        def _message(self, body: dict, answer: Answer) -> dict:
            content = []
            for block in answer.blocks:
                block = dict(block)
                if block["type"] == "tool_use":
                    block.setdefault("id", server.new_id("toolu"))
                content.append(block)
            in_tokens = _count_tokens(body.get("messages"))
            out_tokens = max(1, len(json.dumps(content)) // 4)
            return {"id": server.new_id("msg"), "type": "message", "role": "assistant",
                    "model": body.get("model") or server.model, "content": content,
                    "stop_reason": answer.stop_reason, "stop_sequence": None,
                    "usage": {"input_tokens": in_tokens, "output_tokens": out_tokens,
                              "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}

    return Handler


def _event(name: str, data: dict) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


def _chunks(value: str, size: int = 24) -> list[str]:
    return [value[i:i + size] for i in range(0, len(value), size)] or [""]


def _sse(message: dict) -> bytes:
    """A complete message as the Messages API streams it."""
    start = dict(message, content=[], stop_reason=None)
    start["usage"] = dict(message["usage"], output_tokens=1)
    out = [_event("message_start", {"type": "message_start", "message": start}),
           _event("ping", {"type": "ping"})]
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            out.append(_event("content_block_start", {
                "type": "content_block_start", "index": index,
                "content_block": {"type": "text", "text": ""}}))
            for piece in _chunks(block["text"]):
                out.append(_event("content_block_delta", {
                    "type": "content_block_delta", "index": index,
                    "delta": {"type": "text_delta", "text": piece}}))
        elif block["type"] == "tool_use":
            out.append(_event("content_block_start", {
                "type": "content_block_start", "index": index,
                "content_block": {"type": "tool_use", "id": block["id"], "name": block["name"],
                                  "input": {}}}))
            for piece in _chunks(json.dumps(block["input"])):
                out.append(_event("content_block_delta", {
                    "type": "content_block_delta", "index": index,
                    "delta": {"type": "input_json_delta", "partial_json": piece}}))
        out.append(_event("content_block_stop", {"type": "content_block_stop", "index": index}))
    out.append(_event("message_delta", {
        "type": "message_delta",
        "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
        "usage": {"output_tokens": message["usage"]["output_tokens"]}}))
    out.append(_event("message_stop", {"type": "message_stop"}))
    return b"".join(out)
