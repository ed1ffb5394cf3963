"""rlat: a memory for Claude Code that earns its trust."""

__version__ = "0.1.0"
