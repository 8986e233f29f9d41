"""A loopback server that speaks the Anthropic Messages API and the OpenAI chat-completions API.

Tests point the real SDKs at it (``ANTHROPIC_BASE_URL=server.url``, ``OPENAI_BASE_URL=server.url + "/v1"``),
queue replies (a tool call, text, an HTTP status, a delay) and read back the recorded requests.
With nothing queued it answers like a plausible model: one node per answer with the first node type
the tool offers, and a numbered question. Run it by hand with ``python tests/language/fake_llm_server.py``.
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

    def __init__(self):
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
                if api == "anthropic":
                    self._send(200, _anthropic_message(model, name, reply))
                else:
                    self._send(200, _openai_completion(model, name, reply))

            def _send(self, code: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler


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
