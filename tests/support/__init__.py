"""Test support code, importable from any test as `support.<module>` (pytest pythonpath)."""
