"""Surface: the `rlat` command line (argparse, a lazy table of commands: rlat.cli.commands).
Not imported on the hook path."""
