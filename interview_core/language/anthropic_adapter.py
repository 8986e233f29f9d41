"""The Anthropic adapter: the Messages API through the ``anthropic`` SDK.

Extraction and assessment are forced tool calls (``tool_choice`` names the tool); questions are plain
text. The SDK's own retries are off: :mod:`.retry` makes the single retry seed 002 asks for.
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
from .retry import ModelAdapter, Reply


class AnthropicAdapter(ModelAdapter):
    name = "anthropic"

    def __init__(self, settings: Settings, sleep: Callable[[float], None] = time.sleep):
        key = settings.anthropic_api_key.get_secret_value() if settings.anthropic_api_key else None
        super().__init__(settings, api_key=key, sleep=sleep)
        self._client = anthropic.Anthropic(api_key=key, base_url=settings.anthropic_base_url, max_retries=0)

    def _send(self, prompt: Prompt, task: str, model: str) -> Reply:
        cfg = self.settings.task(task)
        kwargs = {}
        if prompt.tool is not None:
            kwargs["tools"] = [{"name": prompt.tool.name, "description": prompt.tool.description,
                                "input_schema": prompt.tool.schema}]
            kwargs["tool_choice"] = {"type": "tool", "name": prompt.tool.name}
        message = self._client.messages.create(
            model=model, max_tokens=cfg.max_tokens, timeout=cfg.timeout_s,
            system=prompt.system, messages=[{"role": "user", "content": prompt.user}], **kwargs,
        )
        text = "".join(block.text for block in message.content if block.type == "text")
        tool_args = next((block.input for block in message.content
                          if block.type == "tool_use" and prompt.tool and block.name == prompt.tool.name), None)
        return Reply(text=text, tool_args=tool_args, input_tokens=message.usage.input_tokens,
                     output_tokens=message.usage.output_tokens, truncated=message.stop_reason == "max_tokens")
