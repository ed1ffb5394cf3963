"""rlat: a memory for Claude Code that earns its trust."""

__version__ = "0.1.0"


def missing_dependency(exc: BaseException | None) -> str | None:
    """What to say when ``exc`` is a module rlat needs that is not installed (None for any
    other error): rlat's code is newer than its dependencies, as after a `git pull` into an
    editable install, which installs none of the packages the new code needs."""
    if not isinstance(exc, ModuleNotFoundError) or not exc.name:
        return None
    top = exc.name.split(".")[0]
    if top == __name__:
        return None  # (rlat's own module: another problem)
    import sys

    return (f"the Python module {top!r} that rlat needs is not installed for {sys.executable} "
            "(rlat's dependencies changed since it was installed: after a `git pull`, run "
            "`pip install -e .` in the rlat checkout again, or `pip install -U rlat`)")
