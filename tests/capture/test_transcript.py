"""The transcript reader on real Claude Code transcripts and on every odd line a file can hold."""

from __future__ import annotations

import json

from capture_helpers import Builder, fixture, text_block, tool_block

from rlat.capture.transcript import (
    MAX_TEXT_CHARS,
    ReadStats,
    cap,
    iter_turns,
    read_transcript,
    subagent_paths,
)
from rlat.render.fences import fence

# ---------------------------------------------------------------- real transcripts


def test_real_tool_failure_transcript():
    t = read_transcript(fixture("tool_failure"))
    assert t.session_id and t.cwd == "/home/user/project"
    kinds = [turn.kind for turn in t.turns]
    assert kinds == ["prompt", "assistant", "tool_result", "assistant", "tool_result", "assistant"]
    # the first assistant message was two JSONL lines (text + tool_use) sharing message.id
    first = t.turns[1]
    assert [b.kind for b in first.blocks] == ["text", "tool_use"]
    assert len(first.uuids) == 2 and first.blocks[0].uuid != first.blocks[1].uuid
    assert first.blocks[1].tool == "Bash" and first.blocks[1].text == "python3 -m pytest -q tests/"
    failed = t.turns[2].blocks[0]
    assert failed.is_error and "file or directory not found" in failed.text
    assert failed.tool_id == first.blocks[1].tool_id
    assert t.stats.tool_errors == 1 and t.stats.tool_uses == 2
    # the fixture's hooks injected fenced context: recorded as hook attachments, never turns
    assert t.stats.hook_attachments >= 2
    assert not any("Injected by a fixture hook" in b.text for turn in t.turns for b in turn.blocks)


def test_real_subagent_transcript_reads_the_sidechain_file():
    main = fixture("subagent")
    subs = subagent_paths(main)
    assert len(subs) == 1 and subs[0].name.startswith("agent-")
    t = read_transcript(main)
    side = [turn for turn in t.turns if turn.sidechain]
    assert side and all(turn.agent_id for turn in side)
    assert any(b.tool == "Bash" and b.text == "ls -1 | wc -l" for turn in side for b in turn.blocks)
    agent_call = next(b for turn in t.turns for b in turn.blocks if b.tool == "Agent")
    assert agent_call.text == "Count project files"
    assert t.stats.prompts == 1  # the subagent's task prompt is not the user's
    assert t.stats.files == 2


def test_real_compact_transcript_marks_the_boundary_and_the_summary():
    t = read_transcript(fixture("compact"))
    assert t.stats.compactions == 1 and t.stats.compact_summaries == 1
    kinds = [(turn.kind, turn.segment) for turn in t.turns]
    assert ("compact_summary", 1) in kinds and ("command", 1) in kinds
    command = next(turn for turn in t.turns if turn.kind == "command")
    assert command.text == "/compact"
    prompts = [turn.text for turn in t.turns if turn.kind == "prompt"]
    assert prompts == ["Show me the README.", "Now run the checks."]
    assert [turn.segment for turn in t.turns if turn.kind == "prompt"] == [0, 1]


# ---------------------------------------------------------------- shapes


def test_message_split_across_lines_with_tool_results_between(tmp_path):
    b = Builder()
    b.prompt("go")
    t1, t2 = tool_block("Bash", {"command": "one"}), tool_block("Bash", {"command": "two"})
    mid = "msg_shared"
    b.assistant(text_block("Doing two things."), t1, message_id=mid)
    b.result(t1["id"], "ok one")
    b.assistant(t2, message_id=mid)  # same API message, written after the first result
    b.result(t2["id"], "ok two")
    b.say("Both done.")
    turns = list(iter_turns(b.write(tmp_path / "t.jsonl")))
    assert [t.kind for t in turns] == ["prompt", "assistant", "tool_result", "tool_result",
                                       "assistant"]
    merged = turns[1]
    assert [blk.text for blk in merged.blocks] == ["Doing two things.", "one", "two"]
    assert len(merged.uuids) == 3


def test_content_blocks_thinking_images_and_list_results(tmp_path):
    b = Builder()
    b.prompt([{"type": "text", "text": "What is in this picture?"},
              {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                           "data": "iVBORw0KGgo="}}])
    b.assistant({"type": "thinking", "thinking": "Let me look.", "signature": "sig"},
                text_block("A cat."))
    tid = "toolu_x"
    b.assistant(tool_block("Read", {"file_path": "/home/user/project/a.png"}, tid))
    b.result(tid, [{"type": "text", "text": "image follows"}, {"type": "image", "source": {}}])
    turns = list(iter_turns(b.write(tmp_path / "t.jsonl")))
    assert [blk.kind for blk in turns[0].blocks] == ["text", "image"]
    assert turns[0].text == "What is in this picture?"
    assert [blk.kind for blk in turns[1].blocks] == ["thinking", "text"]
    assert turns[3].blocks[0].text == "image follows\n[image]"


def test_user_text_loses_fences_and_harness_spans(tmp_path):
    b = Builder()
    injected = fence("- [low] the build uses make", kind="memory")
    b.prompt("<system-reminder>todo list is empty</system-reminder>Fix the bug "
             + injected + " please")
    turn = next(iter_turns(b.write(tmp_path / "t.jsonl"), stats := ReadStats()))
    assert turn.text == "Fix the bug  please"
    assert stats.fenced_spans == 1 and stats.harness_spans == 1


def test_meta_commands_interrupts_and_queued_prompts(tmp_path):
    b = Builder()
    b.prompt("Caveat: generated", isMeta=True)
    b.prompt("<command-name>/review</command-name>\n<command-message>review</command-message>\n"
             "<command-args>src/app.py</command-args>")
    b.prompt("<local-command-stdout>done</local-command-stdout>")
    b.prompt([{"type": "text", "text": "[Request interrupted by user for tool use]"}])
    b.attachment({"type": "queued_command", "prompt": "also update the changelog"})
    turns = list(iter_turns(b.write(tmp_path / "t.jsonl")))
    assert [t.kind for t in turns] == ["meta", "command", "meta", "interrupt", "prompt"]
    assert turns[1].text == "/review src/app.py"
    assert turns[4].text == "also update the changelog"


def test_every_bookkeeping_line_type_is_counted_not_read(tmp_path):
    b = Builder()
    b.raw({"type": "summary", "summary": "Fixing tests", "leafUuid": "x"})
    b.raw({"type": "queue-operation", "operation": "enqueue", "content": "hi"})
    b.raw({"type": "file-history-snapshot", "messageId": "m", "snapshot": {}})
    b.raw({"type": "progress", "data": {"type": "hook_progress"}})
    b.raw({"type": "custom-title", "customTitle": "mine"})
    b.raw({"type": "ai-title", "aiTitle": "tests"})
    b.raw({"type": "last-prompt", "lastPrompt": "hi"})
    b.raw({"type": "mode", "mode": "normal"})
    b.raw({"type": "brand-new-type-from-the-future", "payload": 1})
    b.attachment({"type": "hook_additional_context", "content": ["<rlat-context>x</rlat-context>"]})
    b.attachment({"type": "hook_success", "stdout": "{}"})
    b.attachment({"type": "skill_listing", "content": "- skills"})
    b.prompt("hello")
    stats = ReadStats()
    turns = list(iter_turns(b.write(tmp_path / "t.jsonl"), stats))
    assert [t.kind for t in turns] == ["prompt"]
    assert stats.unknown_types == 1 and stats.hook_attachments == 2 and stats.attachments == 3
    assert stats.by_type["summary"] == 1 and stats.by_type["brand-new-type-from-the-future"] == 1
    assert stats.lines == 13


def test_windows_paths_survive_reading(tmp_path):
    b = Builder(cwd="C:\\Users\\ada\\project")
    b.prompt("edit it")
    b.run("Write", {"file_path": "C:\\Users\\ada\\project\\src\\app.py", "content": "x"}, "ok")
    turns = list(iter_turns(b.write(tmp_path / "t.jsonl")))
    assert turns[0].cwd == "C:\\Users\\ada\\project"
    assert turns[1].blocks[0].text == "C:\\Users\\ada\\project\\src\\app.py"


# ---------------------------------------------------------------- bad input


def test_empty_file(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    stats = ReadStats()
    assert list(iter_turns(path, stats)) == [] and stats.lines == 0


def test_binary_garbage_is_counted_not_raised(tmp_path):
    import random

    path = tmp_path / "bin.jsonl"
    path.write_bytes(random.Random(0).randbytes(20000))
    stats = ReadStats()
    assert list(iter_turns(path, stats)) == []
    assert stats.malformed + stats.truncated_last_line == stats.lines - stats.blank > 0


def test_a_byte_that_is_not_utf8_costs_one_character_not_the_message(tmp_path):
    b = Builder()
    b.prompt("Always run the tests with make check, never tox. caf\udcffe")
    b.say("Understood.")
    path = tmp_path / "t.jsonl"
    # (json.dumps escapes the lone surrogate; put the raw byte a cut-off character leaves)
    path.write_bytes(b.text().replace("\\udcff", "\udcff").encode("utf-8", "surrogateescape"))
    assert b"caf\xffe" in path.read_bytes()
    stats = ReadStats()
    turns = list(iter_turns(path, stats))
    assert turns[0].text == "Always run the tests with make check, never tox. caf\ufffde"
    assert stats.malformed == 0


def test_a_byte_order_mark_does_not_cost_the_first_line(tmp_path):
    b = Builder()
    b.prompt("Always run the tests with make check, never tox.")
    b.say("Understood.")
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b.text().encode())
    stats = ReadStats()
    turns = list(iter_turns(path, stats))
    assert turns[0].text == "Always run the tests with make check, never tox."
    assert stats.malformed == 0


def test_truncated_last_line_and_bad_lines_in_the_middle(tmp_path):
    b = Builder()
    b.prompt("first")
    b.raw("{not json")
    b.raw(json.dumps([1, 2, 3]))
    b.raw(b'{"type": "user", "bad": "\xff"}'.decode("latin-1"))
    b.say("answer")
    text = b.text() + json.dumps({"type": "user", "message": {"role": "user",
                                                              "content": "cut off"}})[:30]
    path = tmp_path / "t.jsonl"
    path.write_text(text)
    stats = ReadStats()
    turns = list(iter_turns(path, stats))
    assert [t.text for t in turns] == ["first", "answer"]
    assert stats.truncated_last_line == 1 and stats.malformed >= 2


def test_oversized_line_is_skipped_without_being_held(tmp_path, monkeypatch):
    import rlat.capture.transcript as tr

    monkeypatch.setattr(tr, "MAX_LINE_BYTES", 10_000)
    b = Builder()
    b.prompt("before")
    b.prompt("x" * 50_000)
    b.prompt("after")
    stats = ReadStats()
    turns = list(iter_turns(b.write(tmp_path / "t.jsonl"), stats))
    assert [t.text for t in turns] == ["before", "after"] and stats.oversized == 1


def test_long_texts_are_capped_at_whitespace():
    text = "word " * 2000 + "ghp_" + "A" * 36
    out = cap(text)
    assert len(out) <= MAX_TEXT_CHARS + 6 and out.endswith("[...]")
    # never a half token at the cut
    assert cap("a " * 10 + "B" * 5000, 100) == "a a a a a a a a a a [...]"
