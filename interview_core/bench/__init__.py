"""Benchmarks: each module registers one `interview bench` sub-command."""
