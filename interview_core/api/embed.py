"""The embeddable respondent page: a small chat a survey tool shows in an iframe.

The page talks to the respondent API with the session token it was served for. Every text it shows
(questions, the respondent's own answers, errors) is set with ``textContent``, never parsed as HTML.
"""

from __future__ import annotations

import html
import json

IFRAME = ('<iframe src="{src}" title="Interview" style="width:100%;height:560px;border:0" '
          'allow="clipboard-write"></iframe>')

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Interview</title>
<style>
body{font:16px/1.45 system-ui,sans-serif;margin:0;padding:12px;color:#222;background:#fff}
#log{display:flex;flex-direction:column;gap:8px;margin-bottom:12px}
.q,.a{padding:8px 12px;border-radius:10px;max-width:85%;white-space:pre-wrap;overflow-wrap:anywhere}
.q{background:#eef2f7;align-self:flex-start}.a{background:#dff3e4;align-self:flex-end}
#note,#err{font-size:13px;color:#666}#err{color:#a40000}
textarea{width:100%;box-sizing:border-box;min-height:80px;font:inherit}
button{margin-top:6px;padding:6px 16px;font:inherit}
</style></head>
<body>
<div id="note"></div>
<div id="log" aria-live="polite"></div>
<form id="f"><label for="t">Your answer</label><textarea id="t" maxlength="200000" required></textarea>
<button id="b" type="submit">Send</button></form>
<div id="err" role="alert"></div>
<script>
const TOKEN = __TOKEN__;
const log = document.getElementById("log"), form = document.getElementById("f"),
      box = document.getElementById("t"), btn = document.getElementById("b"),
      err = document.getElementById("err"), note = document.getElementById("note");
let questionId = null;
function say(cls, text) { const d = document.createElement("div"); d.className = cls; d.textContent = text;
  log.appendChild(d); d.scrollIntoView({block: "end"}); }
function finish(reason) { form.hidden = true; note.textContent = "The interview has ended. Thank you!"; }
async function call(method, path, body) {
  const r = await fetch(path, {method, headers: {"X-Session-Token": TOKEN, "Content-Type": "application/json"},
                               body: body ? JSON.stringify(body) : undefined});
  const data = await r.json();
  if (!r.ok) throw data.error || {message: "Something went wrong; please try again."};
  return data;
}
async function start() {
  const t = await call("GET", "/v1/interview/transcript");
  for (const u of t) say(u.speaker === "interviewer" ? "q" : "a", u.text);
  const c = await call("GET", "/v1/interview");
  questionId = c.question.id;
  if (c.offline) note.textContent = "Running offline: questions come from the built-in question writer.";
  if (!t.length) say("q", c.question.text);
  if (c.finished) finish();
}
form.addEventListener("submit", async (e) => {
  e.preventDefault(); err.textContent = ""; const text = box.value;
  if (!text.trim()) { err.textContent = "Please type an answer (or 'I don't know')."; return; }
  btn.disabled = true;
  try {
    const r = await call("POST", "/v1/interview/answers", {question_id: questionId, text});
    say("a", text); box.value = ""; say("q", r.question.text); questionId = r.question.id;
    if (r.finished) finish();
  } catch (e) { err.textContent = e.message; if (e.current_question) questionId = e.current_question.id; }
  btn.disabled = false;
});
start().catch(e => { err.textContent = e.message || "This interview link is not valid."; form.hidden = true; });
</script></body></html>
"""


def page(token: str) -> str:
    """The respondent page for ``token``, embedded as a JSON string (safe inside a script element)."""
    literal = json.dumps(token).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return PAGE.replace("__TOKEN__", literal)


def iframe_snippet(src: str) -> str:
    return IFRAME.format(src=html.escape(src, quote=True))
