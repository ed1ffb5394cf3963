"""rlat's benchmark suite: `python -m bench [--quick] [--only NAME]` (see docs/benchmarks.md)."""
