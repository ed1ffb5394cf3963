"""Surface: Claude Code hook entry points. Must not import typer, rich, numpy or anthropic."""
