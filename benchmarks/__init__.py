"""Benchmarks that print figures: every module with a ``register(subparsers)`` function is one
``interview bench <name>`` sub-command (see ``interview_core/cli/bench_cmds.py``). They live outside
``interview_core`` because some drive the Streamlit app, which the library never imports."""
