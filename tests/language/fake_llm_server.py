"""A loopback server that speaks the Anthropic Messages API and the OpenAI chat-completions API.

Tests point the real SDKs at it (``ANTHROPIC_BASE_URL=server.url``, ``OPENAI_BASE_URL=server.url + "/v1"``),
queue replies (a tool call, text, an HTTP status, a delay) and read back the recorded requests.
With nothing queued it answers like a plausible model: one node per answer with the first node type
the tool offers, and a numbered question. Run it by hand with ``python tests/language/fake_llm_server.py``.

A request with ``"stream": true`` gets its text reply as server-sent events, token by token (words with
their trailing space), in either API's event format; ``token_delay_s`` (per server, or per queued
:class:`Stream`) paces the tokens, and a non-streamed text reply waits the same total time before it is
sent, so both paths take as long to write a question. A :class:`Stream` can also hold its last token until
an event is set, or drop the connection midway.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

FAKE_API_KEY = "sk-test-SECRET-0123456789"  # what tests configure; it must never show up in errors or prompts


@dataclass
class ToolCall:
    """Reply with a call to the requested tool; ``args`` is a dict, or raw text sent as-is (malformed JSON)."""

    args: Any
    input_tokens: int = 1200
    output_tokens: int = 150
    truncated: bool = False


@dataclass
class Text:
    text: str
    input_tokens: int = 800
    output_tokens: int = 20
    truncated: bool = False


@dataclass
class Stream:
    """A text reply, streamed when the request asks for a stream.

    ``token_delay_s``: the pause before each token (None: the server's); ``hold``: wait for this event
    before sending the last token; ``cut_after``: drop the connection after this many tokens (a stream
    that breaks off midway).
    """

    text: str
    token_delay_s: float | None = None
    hold: threading.Event | None = None
    cut_after: int | None = None
    input_tokens: int = 800
    output_tokens: int = 20
    truncated: bool = False


def tokens(text: str) -> list[str]:
    """``text`` as streamed tokens: words with their trailing whitespace (leading whitespace alone)."""
    return re.findall(r"\s+|\S+\s*", text)


@dataclass
class Status:
    code: int
    message: str = "fake failure"


@dataclass
class Delay:
    """Sleep, then send ``then`` (the client times out first when ``seconds`` exceeds its timeout)."""

    seconds: float
    then: Any = None


@dataclass
class Raw:
    """Send ``body`` as it is with status ``code`` (a malformed 200 reply, a proxy's HTML page)."""

    body: bytes
    code: int = 200
    content_type: str = "application/json"


@dataclass
class Hang:
    """Accept the request and never answer (until the server stops): a hung provider."""


@dataclass
class Plausible:
    """Answer as if nothing were queued (holds a place in the queue)."""


@dataclass
class Recorded:
    api: str  # anthropic | openai
    path: str
    headers: dict[str, str]
    body: dict

    @property
    def system(self) -> str:
        if self.api == "anthropic":
            system = self.body.get("system", "")
            return system if isinstance(system, str) else "".join(b.get("text", "") for b in system)
        return next((m["content"] for m in self.body["messages"] if m["role"] == "system"), "")

    @property
    def user(self) -> str:
        return next(m["content"] for m in self.body["messages"] if m["role"] == "user")

    @property
    def tool_names(self) -> list[str]:
        tools = self.body.get("tools") or []
        return [t["name"] if self.api == "anthropic" else t["function"]["name"] for t in tools]


def _tool(body: dict, api: str) -> tuple[str | None, dict | None]:
    """The requested tool's name and schema."""
    tools = body.get("tools") or []
    if not tools:
        return None, None
    if api == "anthropic":
        return tools[0]["name"], tools[0]["input_schema"]
    return tools[0]["function"]["name"], tools[0]["function"]["parameters"]


def plausible_reply(api: str, body: dict, count: int) -> ToolCall | Text:
    """What the server says when nothing is queued: a valid tool call or a numbered question."""
    name, schema = _tool(body, api)
    if name is None:
        return Text(f"1. What else comes to mind about that (point {count})?\n2. A second candidate?")
    user = next(m["content"] for m in body["messages"] if m["role"] == "user")
    match = re.search(r"<respondent_answer>\s*(.*?)\s*</respondent_answer>", user, re.S)
    answer = match.group(1) if match else "something"
    words = answer.split()
    assessment = {"extractable": True, "response_depth": "moderate", "valence": 0.6, "certainty": 0.7,
                  "specificity": 0.5, "engagement": 0.7, "intellectual_engagement": 0.4, "ambiguity": 0.2,
                  "hedging_language": "low", "knowledge_ceiling": "none", "reasoning": "fake"}
    if "nodes" not in schema["properties"]:
        return ToolCall(assessment)
    node_type = schema["properties"]["nodes"]["items"]["properties"]["node_type"]["enum"][0]
    node = {"label": " ".join(words[:4]) or "answer", "node_type": node_type, "quote": " ".join(words[:8]) or "answer",
            "reaction": "positive", "stance": 1}
    return ToolCall({"nodes": [node], "edges": [], "assessment": assessment})


class FakeLLMServer:
    """Serve both APIs on 127.0.0.1 on a free port in a background thread (a context manager)."""

    def __init__(self, token_delay_s: float = 0.0):
        self.token_delay_s = token_delay_s  # pause before each token of a text reply (see the module doc)
        self.requests: list[Recorded] = []
        self._script: list[tuple[str | None, Any]] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()  # releases hung requests
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def queue(self, *replies, tool: str | None = None) -> None:
        """Replies for the next requests, in order; then the plausible default.

        With ``tool`` (a tool name, or ``"text"`` for requests without tools) they answer only such requests.
        """
        with self._lock:
            self._script.extend((tool, reply) for reply in replies)

    def start(self) -> "FakeLLMServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> "FakeLLMServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _next(self, api: str, body: dict):
        name = _tool(body, api)[0] or "text"
        with self._lock:
            count = len(self.requests)
            entry = next((e for e in self._script if e[0] in (None, name)), None)
            if entry is None:
                return plausible_reply(api, body, count)
            self._script.remove(entry)
            return entry[1]

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                if self.path.endswith("/messages"):
                    api = "anthropic"
                elif self.path.endswith("/chat/completions"):
                    api = "openai"
                else:
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                with fake._lock:
                    fake.requests.append(Recorded(api, self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                reply = fake._next(api, body)
                if isinstance(reply, Hang):
                    fake._stopping.wait()
                    return
                while isinstance(reply, Delay):
                    time.sleep(reply.seconds)
                    reply = reply.then or Plausible()
                if isinstance(reply, Plausible):
                    reply = plausible_reply(api, body, len(fake.requests))
                try:
                    self._reply(api, body, reply)
                except (BrokenPipeError, ConnectionResetError):  # the client timed out and left
                    pass

            def _reply(self, api: str, body: dict, reply) -> None:
                if isinstance(reply, Raw):
                    self.send_response(reply.code)
                    self.send_header("content-type", reply.content_type)
                    self.send_header("content-length", str(len(reply.body)))
                    self.end_headers()
                    self.wfile.write(reply.body)
                    return
                if isinstance(reply, Status):
                    if api == "anthropic":
                        kind = "rate_limit_error" if reply.code == 429 else "api_error"
                        self._send(reply.code, {"type": "error", "error": {"type": kind, "message": reply.message}})
                    else:
                        self._send(reply.code, {"error": {"message": reply.message, "type": "server_error"}})
                    return
                model = body.get("model", "fake")
                name, _schema = _tool(body, api)
                if isinstance(reply, (Text, Stream)) and body.get("stream"):
                    self._stream(api, body, reply)
                    return
                if isinstance(reply, (Text, Stream)):  # the time a model takes to write it, then all at once
                    time.sleep(len(tokens(reply.text)) * _delay(fake, reply))
                    if isinstance(reply, Stream):
                        reply = Text(reply.text, reply.input_tokens, reply.output_tokens, reply.truncated)
                if api == "anthropic":
                    self._send(200, _anthropic_message(model, name, reply))
                else:
                    self._send(200, _openai_completion(model, name, reply))

            def _stream(self, api: str, body: dict, reply) -> None:
                """Server-sent events over chunked HTTP/1.1, so a dropped connection is an incomplete body."""
                self.protocol_version = "HTTP/1.1"
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("transfer-encoding", "chunked")
                self.send_header("connection", "close")
                self.end_headers()
                events = _anthropic_events if api == "anthropic" else _openai_events
                parts = tokens(reply.text)
                hold = getattr(reply, "hold", None)
                cut_after = getattr(reply, "cut_after", None)
                delay = _delay(fake, reply)
                for token, text in events(body, reply, parts):
                    if token is not None:
                        if cut_after is not None and token >= cut_after:
                            self.wfile.flush()
                            return  # no terminating chunk: the client sees the body break off
                        if hold is not None and token == len(parts) - 1:
                            hold.wait(timeout=60)
                        if delay:
                            time.sleep(delay)
                    data = text.encode()
                    self.wfile.write(f"{len(data):X}\r\n".encode() + data + b"\r\n")
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()

            def _send(self, code: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler


def _delay(fake: FakeLLMServer, reply) -> float:
    own = getattr(reply, "token_delay_s", None)
    return fake.token_delay_s if own is None else own


def _sse(event: str | None, payload) -> str:
    data = payload if isinstance(payload, str) else json.dumps(payload)
    return (f"event: {event}\n" if event else "") + f"data: {data}\n\n"


def _anthropic_events(body: dict, reply, parts: list[str]):
    """(token index or None, event text): the Messages API's stream of one text block."""
    model = body.get("model", "fake")
    yield None, _sse("message_start", {"type": "message_start", "message": {
        "id": "msg_fake", "type": "message", "role": "assistant", "model": model, "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": reply.input_tokens, "output_tokens": 1}}})
    yield None, _sse("content_block_start", {"type": "content_block_start", "index": 0,
                                             "content_block": {"type": "text", "text": ""}})
    yield None, _sse("ping", {"type": "ping"})
    for i, part in enumerate(parts):
        yield i, _sse("content_block_delta", {"type": "content_block_delta", "index": 0,
                                              "delta": {"type": "text_delta", "text": part}})
    yield None, _sse("content_block_stop", {"type": "content_block_stop", "index": 0})
    yield None, _sse("message_delta", {"type": "message_delta", "delta": {
        "stop_reason": "max_tokens" if reply.truncated else "end_turn", "stop_sequence": None},
        "usage": {"output_tokens": reply.output_tokens}})
    yield None, _sse("message_stop", {"type": "message_stop"})


def _openai_events(body: dict, reply, parts: list[str]):
    """(token index or None, event text): chat-completion chunks, the usage chunk when asked, [DONE]."""
    def chunk(choices: list, **extra) -> str:
        return _sse(None, {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0,
                           "model": body.get("model", "fake"), "choices": choices, **extra})

    yield None, chunk([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}])
    for i, part in enumerate(parts):
        yield i, chunk([{"index": 0, "delta": {"content": part}, "finish_reason": None}])
    yield None, chunk([{"index": 0, "delta": {}, "finish_reason": "length" if reply.truncated else "stop"}])
    if (body.get("stream_options") or {}).get("include_usage"):
        yield None, chunk([], usage={"prompt_tokens": reply.input_tokens, "completion_tokens": reply.output_tokens,
                                     "total_tokens": reply.input_tokens + reply.output_tokens})
    yield None, _sse(None, "[DONE]")


def _anthropic_message(model: str, tool_name: str | None, reply) -> dict:
    if isinstance(reply, ToolCall):
        args = reply.args
        content = [{"type": "tool_use", "id": "toolu_fake", "name": tool_name or "tool", "input": args}]
        stop = "max_tokens" if reply.truncated else "tool_use"
    else:
        content = [{"type": "text", "text": reply.text}]
        stop = "max_tokens" if reply.truncated else "end_turn"
    return {"id": "msg_fake", "type": "message", "role": "assistant", "model": model, "content": content,
            "stop_reason": stop, "stop_sequence": None,
            "usage": {"input_tokens": reply.input_tokens, "output_tokens": reply.output_tokens}}


def _openai_completion(model: str, tool_name: str | None, reply) -> dict:
    if isinstance(reply, ToolCall):
        args = reply.args if isinstance(reply.args, str) else json.dumps(reply.args)
        message = {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_fake", "type": "function", "function": {"name": tool_name or "tool", "arguments": args}}]}
        finish = "length" if reply.truncated else "tool_calls"
    else:
        message = {"role": "assistant", "content": reply.text}
        finish = "length" if reply.truncated else "stop"
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": reply.input_tokens, "completion_tokens": reply.output_tokens,
                      "total_tokens": reply.input_tokens + reply.output_tokens}}


if __name__ == "__main__":
    server = FakeLLMServer().start()
    print(f"ANTHROPIC_BASE_URL={server.url}\nOPENAI_BASE_URL={server.url}/v1", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()
