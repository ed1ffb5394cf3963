"""Surface: the `rlat` command line (typer). Not imported on the hook path."""
