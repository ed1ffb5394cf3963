"""Surface: Claude Code hook entry points. Must not import rich, numpy or anthropic."""
