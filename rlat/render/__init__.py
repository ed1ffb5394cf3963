"""Layer 5: rendering. Fences, framings and attribution for everything that reaches a context window."""
