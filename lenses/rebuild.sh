#!/bin/sh
# Rebuild the example lenses from their source form, byte for byte reproducibly:
#   sh lenses/rebuild.sh
# reviewer.toml, newcomer.toml -> reviewer.lens, newcomer.lens; both composed -> team.lens.
# RLAT overrides the command (default: rlat), e.g. RLAT="python -m rlat".
set -eu
cd "$(dirname "$0")"
RLAT="${RLAT:-rlat}"
# A fixed clock, so the built files only change when their source does.
export SOURCE_DATE_EPOCH=1767225600  # 2026-01-01T00:00:00Z
$RLAT lens create --from reviewer.toml -o reviewer.lens --force
$RLAT lens create --from newcomer.toml -o newcomer.lens --force
$RLAT lens compose reviewer.lens newcomer.lens --name team -o team.lens --force
