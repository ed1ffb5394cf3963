"""The benchmark harness and its measuring helpers measure what they claim to."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import __main__ as harness  # noqa: E402
from bench import util  # noqa: E402


def test_peak_rss_is_the_childs_own_peak():
    small = util.peak_rss([util.PYTHON, "-c", "pass"], n=1)
    big = util.peak_rss([util.PYTHON, "-c", "x = bytearray(80_000_000); x[::4096] = b'1' * len(x[::4096])"], n=1)
    assert big - small > 70_000_000


def test_interleaved_runs_contenders_round_robin(tmp_path):
    log = tmp_path / "order.txt"
    script = "import sys; open(sys.argv[1], 'a').write(sys.argv[2])"
    times = util.interleaved({"a": [util.PYTHON, "-c", script, str(log), "a"],
                              "b": [util.PYTHON, "-c", script, str(log), "b"]}, n=3, warmup=1)
    assert log.read_text() == "ab" * 4
    assert [len(t) for t in times.values()] == [3, 3] and all(x > 0 for t in times.values() for x in t)


def test_a_failing_command_is_reported_not_timed():
    with pytest.raises(RuntimeError, match="exit 3"):
        util.time_command([util.PYTHON, "-c", "raise SystemExit(3)"], n=1, warmup=0)


def test_ratio_is_of_medians_measured_in_the_same_run():
    cmp = util.ratio_vs_baseline([util.PYTHON, "-c", "import time; time.sleep(0.3)"], n=3)
    assert cmp.subject_median > cmp.baseline_median
    assert cmp.ratio == pytest.approx(cmp.subject_median / cmp.baseline_median)
    assert cmp.overhead == pytest.approx(cmp.subject_median - cmp.baseline_median)
    assert cmp.overhead >= 0.25


def test_a_broken_benchmark_module_becomes_a_failing_row():
    rows, _seconds = harness.run_module("no_such_module_here", quick=True)
    (row,) = rows
    assert row["ok"] is False and "ModuleNotFoundError" in row["value"]


def test_results_file_lists_machine_command_and_rows_and_reads_back(tmp_path, monkeypatch):
    monkeypatch.setattr(harness, "RESULTS", tmp_path / "RESULTS.md")
    rows = [dict(util.row("append | one", "≤ 5 ms", 0.5, "ms", True, "python -m bench"),
                 module="container"),
            dict(util.row("recall@10", "≥ 0.70", 0.61, "", False, "python -m bench"),
                 module="locomo")]
    data = {"command": "python -m bench", "commands": [{"command": "python -m bench",
                                                        "date": "2030-01-01 00:00 UTC"}],
            "date": "2030-01-01 00:00 UTC", "machine": util.machine_info(), "rows": rows,
            "modules": {"container": {"date": "d", "quick": False, "seconds": 1.0}},
            "targets": 2, "passed": 1, "failing": ["recall@10"]}
    harness.write_results(data)
    text = (tmp_path / "RESULTS.md").read_text()
    assert f"{util.machine_info()['cores']} cores" in text and "CPython" in text
    assert "`python -m bench` (2030-01-01 00:00 UTC)" in text
    assert "1 of 2 targets met; FAILING: recall@10" in text
    assert "append \\| one" in text  # a pipe in a name cannot break the table
    assert harness.load_previous()["rows"] == rows


def test_every_benchmark_module_exposes_run():
    import importlib

    names = harness.discover()
    assert {"container", "locomo"} <= set(names)
    for name in names:
        assert callable(importlib.import_module(f"bench.bench_{name}").run)


def test_a_quick_run_leaves_the_full_record_alone_unless_asked(tmp_path, monkeypatch, capsys):
    results = tmp_path / "RESULTS.md"
    monkeypatch.setattr(harness, "RESULTS", results)
    monkeypatch.setattr(harness, "discover", lambda: ["fake"])
    monkeypatch.setattr(harness, "compile_bytecode", lambda: None)
    monkeypatch.setattr(harness, "run_module", lambda name, quick: (
        [dict(util.row("speed", "≤ 5 ms", 9.0 if quick else 1.0, "ms", not quick,
                       "python -m bench"), module=name)], 0.1))
    assert harness.main(["--only", "fake"]) == 0
    full = results.read_text()
    assert harness.main(["--quick", "--only", "fake"]) == 0
    assert results.read_text() == full  # the smoke run's 9 ms did not replace the record
    assert "not updated" in capsys.readouterr().err
    assert harness.main(["--quick", "--only", "fake", "--write"]) == 0
    assert "9.0" in results.read_text() or "9 ms" in results.read_text()


def test_a_row_with_nothing_measured_says_so_instead_of_a_bare_unit():
    row = util.row("Claude Code durationMs, PreCompact", "report", None, "ms", None, "cmd",
                   "not recorded by this Claude Code")
    assert harness.fmt_value(row) == "not measured (see notes)"
    assert harness.fmt_value({**row, "value": 34}) == "34 ms"
