"""The OpenAI-compatible adapter: chat completions through the ``openai`` SDK.

One adapter for OpenAI, DeepSeek, Kimi/Moonshot and local servers (Ollama, llama.cpp's server, vLLM):
set ``OPENAI_BASE_URL`` (e.g. ``http://127.0.0.1:11434/v1``) and the model per task. Local servers
need no key. Extraction forces a function call; servers that answer with a JSON object in the message
text instead are read too. Questions are streamed (``stream=True``, usage from the last chunk) when the page
shows them as they are written. The SDK's own retries are off: :mod:`.retry` makes the single retry.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import openai

from ..config.settings import Settings
from .prompts import Prompt
from .retry import IncompleteStream, ModelAdapter, Reply

LOCAL_KEY = "not-needed"  # local servers ignore the key, but the SDK requires one


def json_in_text(text: str) -> dict | None:
    """The outermost JSON object in ``text`` (code fences allowed), or None."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        value = json.loads(text[start:end + 1])
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


class OpenAIAdapter(ModelAdapter):
    name = "openai"

    def __init__(self, settings: Settings, sleep: Callable[[float], None] = time.sleep):
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
        super().__init__(settings, api_key=key, sleep=sleep)
        self._client = openai.OpenAI(api_key=key or LOCAL_KEY, base_url=settings.openai_base_url, max_retries=0)

    def _request(self, prompt: Prompt, task: str, model: str) -> dict:
        cfg = self.settings.task(task)
        kwargs = dict(model=model, max_tokens=cfg.max_tokens, temperature=cfg.temperature, timeout=cfg.timeout_s,
                      messages=[{"role": "system", "content": prompt.system}, {"role": "user", "content": prompt.user}])
        if prompt.tool is not None:
            kwargs["tools"] = [{"type": "function", "function": {
                "name": prompt.tool.name, "description": prompt.tool.description, "parameters": prompt.tool.schema}}]
            kwargs["tool_choice"] = {"type": "function", "function": {"name": prompt.tool.name}}
        return kwargs

    def _stream(self, prompt: Prompt, task: str, model: str, on_text: Callable[[str], None]) -> Reply:
        """A text reply as a stream of chunks; tokens from the final usage chunk (0 when a server sends none)."""
        parts, finish, usage = [], None, None
        with self._client.chat.completions.create(**self._request(prompt, task, model), stream=True,
                                                  stream_options={"include_usage": True}) as stream:
            for chunk in stream:
                usage = chunk.usage or usage
                for choice in chunk.choices:
                    if choice.index != 0:
                        continue
                    if choice.delta and choice.delta.content:
                        parts.append(choice.delta.content)
                        on_text(choice.delta.content)
                    finish = choice.finish_reason or finish
        if finish is None:  # the chunks stopped before a finish reason: the text may be cut
            raise IncompleteStream("the stream ended before the completion did")
        return Reply(text="".join(parts), input_tokens=usage.prompt_tokens if usage else 0,
                     output_tokens=usage.completion_tokens if usage else 0, truncated=finish == "length")

    def _send(self, prompt: Prompt, task: str, model: str) -> Reply:
        completion = self._client.chat.completions.create(**self._request(prompt, task, model))
        if not completion.choices:
            return Reply()
        choice = completion.choices[0]
        text = choice.message.content or ""
        tool_args = None
        if prompt.tool is not None:
            calls = [c for c in (choice.message.tool_calls or []) if c.function.name == prompt.tool.name]
            tool_args = calls[0].function.arguments if calls else json_in_text(text)
        usage = completion.usage
        return Reply(text=text, tool_args=tool_args,
                     input_tokens=usage.prompt_tokens if usage else 0,
                     output_tokens=usage.completion_tokens if usage else 0,
                     truncated=choice.finish_reason == "length")
