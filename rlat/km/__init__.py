"""Pipeline: knowledge models (.rlat) — build, search, refresh, trace, audit."""
