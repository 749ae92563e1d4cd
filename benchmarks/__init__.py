"""Benchmarks for the rules core; run them with `python benchmarks/run.py`."""
