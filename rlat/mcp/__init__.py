"""rlat's MCP server (`rlat mcp`): the memory as tools an agent can call.

``tools`` holds what each tool does, in plain Python (no MCP SDK); ``server`` wires those
functions into the official ``mcp`` SDK over stdio. Nothing else in rlat imports this package:
the SDK is imported only when `rlat mcp` runs (docs/mcp.md).
"""
