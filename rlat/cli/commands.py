"""The table of `rlat` commands: name -> (module, function, one-line summary), as pip's.

Nothing here imports a command's module: `rlat --help` and `rlat memory --help` are printed
from this table alone, and running a command (or asking for its ``--help``) imports only the
module that defines it (``rlat.cli.main``). So `rlat memory list` starts without loading the
knowledge-model or lens machinery, and adding a command costs the others nothing.
"""

from __future__ import annotations

from collections import namedtuple

# (Named tuples, not dataclasses: importing dataclasses costs a command start ~5 ms, for inspect.)
# module: under rlat.cli; function: one marked with rlat.cli.parsing.command.
CommandInfo = namedtuple("CommandInfo", "module function summary")
# summary: also the group's description in `rlat GROUP --help`; commands: name -> CommandInfo.
GroupInfo = namedtuple("GroupInfo", "summary commands")


MEMORY = GroupInfo("Your experience memory: claims captured from Claude Code sessions.", {
    "add": CommandInfo("memory_cmds", "add", "Write a claim by hand."),
    "list": CommandInfo("memory_cmds", "list_claims", "List the claims in your memory store."),
    "show": CommandInfo("memory_cmds", "show",
                        "Everything known about one claim, with its history."),
    "forget": CommandInfo("memory_cmds", "forget", "Retire a claim (its history stays)."),
    "recall": CommandInfo("trust_cmds", "recall_cmd",
                          "Recall claims ranked by relevance x trust, as the hooks do."),
    "feedback": CommandInfo("trust_cmds", "feedback", "Tell rlat how a turn went: good or bad."),
    "corroborate": CommandInfo("trust_cmds", "corroborate",
                               "Confirm a claim yourself, or --refute it."),
    "confidence": CommandInfo("trust_cmds", "confidence", "Why a claim sits on its rung."),
    "consolidate": CommandInfo("trust_cmds", "consolidate",
                               "One housekeeping pass: promote, contest, retire."),
    "promote": CommandInfo("trust_cmds", "promote", "Approve a claim into a wider scope."),
    "contest": CommandInfo("trust_cmds", "contest", "Mark two claims as contradicting each other."),
    "calibration": CommandInfo("trust_cmds", "calibration", "Each agent's track record."),
    "verify": CommandInfo("corpus_cmds", "verify",
                          "Check experience claims against a knowledge model."),
    "install-hooks": CommandInfo("install_cmds", "install_hooks",
                                 "Install rlat's Claude Code hooks (or --uninstall them)."),
})

LENS = GroupInfo(
    "Lenses: portable perspectives on knowledge models; they compose into team lenses.", {
        "create": CommandInfo("lens_cmds", "create", "Create a lens."),
        "show": CommandInfo("lens_cmds", "show", "Show a lens: contributors, stances, weights."),
        "set-trust": CommandInfo("lens_cmds", "set_trust",
                                 "How much the lens leans on sources matching a pattern."),
        "prefer": CommandInfo("lens_cmds", "prefer", "Weigh a claim in the lens."),
        "set-stance": CommandInfo("lens_cmds", "set_stance", "Replace the lens's written stance."),
        "learn": CommandInfo("lens_cmds", "learn",
                             "Learn weights from the outcomes claims had."),
        "compose": CommandInfo("lens_cmds", "compose_cmd",
                               "Compose lenses into a team lens, keeping every vote."),
        "apply": CommandInfo("lens_cmds", "apply", "How a lens maps onto a knowledge model."),
    })

# The top level, by topic (the order `rlat --help` lists them in).
SECTIONS: dict[str, dict[str, CommandInfo | GroupInfo]] = {
    "memory": {
        "memory": MEMORY,
        "capture": CommandInfo("capture_cmds", "capture",
                               "Capture a session transcript into your memory."),
        "quarantine": CommandInfo("trust_cmds", "quarantine",
                                  "The kill switch: stop an agent's claims from promoting."),
        "unquarantine": CommandInfo("trust_cmds", "unquarantine", "Lift an agent's quarantine."),
    },
    "knowledge models": {
        "build": CommandInfo("km_cmds", "build", "Build a knowledge model from files."),
        "search": CommandInfo("km_cmds", "search", "Search a knowledge model."),
        "deep-search": CommandInfo("corpus_cmds", "deep_search",
                                   "Multi-hop research over a knowledge model, with citations."),
        "refresh": CommandInfo("km_cmds", "refresh", "Re-chunk only the files that changed."),
        "trace": CommandInfo("km_cmds", "trace",
                             "Follow a claim to its source passages, or a passage to its claims."),
        "audit": CommandInfo("km_cmds", "audit", "The trust state of a knowledge model."),
        "profile": CommandInfo("km_cmds", "profile",
                               "What a knowledge model holds, for review."),
        "lens": LENS,
    },
    "world facts": {
        "capture-attribute": CommandInfo("world_cmds", "capture_attribute",
                                         "Store a world fact you state."),
        "world-facts": CommandInfo("world_cmds", "world_facts",
                                   "What world facts serve in this workspace."),
        "mine": CommandInfo("llm_cmds", "mine",
                            "Mine the world facts you stated in a session (needs a model)."),
    },
    "files and set-up": {
        "doctor": CommandInfo("admin_cmds", "doctor",
                              "Check .rlat files record by record; repair a damaged one."),
        "compact": CommandInfo("admin_cmds", "compact",
                               "Rewrite a .rlat file: fewer records, a fresh snapshot, same claims."),
        "workspace": CommandInfo("admin_cmds", "workspace",
                                 "The workspace id claims learned here are tagged with."),
        "install-merge-driver": CommandInfo("admin_cmds", "install_merge_driver",
                                            "Register the *.rlat git merge driver in a repo."),
        "merge-driver": CommandInfo("admin_cmds", "merge_driver",
                                    "The git merge driver for *.rlat (git runs it)."),
        "mcp": CommandInfo("mcp_cmds", "mcp_cmd", "Serve rlat to an agent as MCP tools."),
        "demo": CommandInfo("demo_cmds", "demo", "The main job end to end, on built-in data."),
    },
}

COMMANDS: dict[str, CommandInfo | GroupInfo] = {
    name: entry for section in SECTIONS.values() for name, entry in section.items()}
