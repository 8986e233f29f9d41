"""Pure presentation helpers for the dashboard: graph HTML, plotly figures, table rows, what-if diffs.

No Streamlit import here: every function takes plain dicts (as the session API and repository return
them) and gives back strings, figures or lists of row dicts, so each is unit-tested without a browser.
"""
