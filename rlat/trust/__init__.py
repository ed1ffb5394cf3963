"""Layer 3: trust. Pure functions over folded claims: rungs, effective states, ranking weights."""
