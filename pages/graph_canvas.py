"""The graph canvas as a two-way component: the vis.js page runs in a sandboxed frame (scripts and
downloads only, no access to the app), and a click on a node comes back to Python as that node's id.

The frame's page posts ``{ivGraphNode: id}`` to its parent; the component accepts messages only from its
own frame and hands the id to Streamlit as a one-rerun trigger value ``node``.
"""

from __future__ import annotations

import hashlib

import streamlit as st

_JS = """
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  const host = parentElement.querySelector('.iv-canvas');
  let frame = host.querySelector('iframe');
  if (!frame || frame.dataset.digest !== data.digest) {
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts allow-downloads');
    frame.setAttribute('title', 'Interview graph');
    frame.style.width = '100%';
    frame.style.height = data.height + 'px';
    frame.style.border = '0';
    frame.dataset.digest = data.digest;
    frame.srcdoc = data.html;
    host.replaceChildren(frame);
  }
  const onMessage = (event) => {
    if (event.source === frame.contentWindow && event.data && typeof event.data.ivGraphNode === 'string') {
      setTriggerValue('node', event.data.ivGraphNode);
    }
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
"""

_canvas = st.components.v2.component("interview_graph_canvas", html='<div class="iv-canvas"></div>', js=_JS)


def graph_canvas(page_html: str, *, height: int, key: str) -> str | None:
    """Draw ``page_html`` (a complete vis.js page) ``height`` px high; the id of the node clicked since
    the last rerun, else None."""
    digest = hashlib.sha1(page_html.encode("utf-8")).hexdigest()
    result = _canvas(data={"html": page_html, "digest": digest, "height": height}, key=key, height=height + 8,
                     on_node_change=lambda: None)
    return getattr(result, "node", None)
