"""The Anthropic adapter: the Messages API through the ``anthropic`` SDK.

Extraction and assessment are forced tool calls (``tool_choice`` names the tool); questions are plain
text, streamed through ``messages.stream`` when the page shows them as they are written. The SDK's own retries are off: :mod:`.retry` makes the single retry seed 002 asks for.
No temperature is sent: the Messages API version this SDK speaks rejects sampling parameters, so a
task's ``temperature`` applies to OpenAI-compatible providers only.
Honours ``ANTHROPIC_API_KEY`` and ``ANTHROPIC_BASE_URL`` (through Settings).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import anthropic

from ..config.settings import Settings
from .prompts import Prompt
from .retry import IncompleteStream, ModelAdapter, Reply


class AnthropicAdapter(ModelAdapter):
    name = "anthropic"

    def __init__(self, settings: Settings, sleep: Callable[[float], None] = time.sleep):
        key = settings.anthropic_api_key.get_secret_value() if settings.anthropic_api_key else None
        super().__init__(settings, api_key=key, sleep=sleep)
        self._client = anthropic.Anthropic(api_key=key, base_url=settings.anthropic_base_url, max_retries=0)

    def _request(self, prompt: Prompt, task: str, model: str) -> dict:
        cfg = self.settings.task(task)
        kwargs = dict(model=model, max_tokens=cfg.max_tokens, timeout=cfg.timeout_s, system=prompt.system,
                      messages=[{"role": "user", "content": prompt.user}])
        if prompt.tool is not None:
            kwargs["tools"] = [{"name": prompt.tool.name, "description": prompt.tool.description,
                                "input_schema": prompt.tool.schema}]
            kwargs["tool_choice"] = {"type": "tool", "name": prompt.tool.name}
        return kwargs

    def _send(self, prompt: Prompt, task: str, model: str) -> Reply:
        return self._reply(prompt, self._client.messages.create(**self._request(prompt, task, model)))

    def _stream(self, prompt: Prompt, task: str, model: str, on_text: Callable[[str], None]) -> Reply:
        with self._client.messages.stream(**self._request(prompt, task, model)) as stream:
            for text in stream.text_stream:
                on_text(text)
            message = stream.get_final_message()
        if message.stop_reason is None:  # the events stopped before message_stop: the text may be cut
            raise IncompleteStream("the stream ended before the message did")
        return self._reply(prompt, message)

    @staticmethod
    def _reply(prompt: Prompt, message) -> Reply:
        text = "".join(block.text for block in message.content if block.type == "text")
        tool_args = next((block.input for block in message.content
                          if block.type == "tool_use" and prompt.tool and block.name == prompt.tool.name), None)
        return Reply(text=text, tool_args=tool_args, input_tokens=message.usage.input_tokens,
                     output_tokens=message.usage.output_tokens, truncated=message.stop_reason == "max_tokens")
