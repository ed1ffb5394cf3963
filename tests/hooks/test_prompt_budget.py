"""What the prompt hook shows when its hits do not all fit the per-prompt budget."""

from __future__ import annotations

from rlat.claims.model import Claim, with_ask, without_ask
from rlat.hooks.user_prompt import render
from rlat.retrieval.recall import Hit

BUDGET = 800


def hit(n: int, text: str) -> Hit:
    claim = Claim(id=f"c{n}", text=text, source="experience", type="convention")
    return Hit(claim, 1.0, 0.5, 0.5, "low", "admitted", 1.0, "active", True)


def fact(n: int, own_words: int) -> str:
    words = " ".join(f"w{n}x{i}" for i in range(own_words))
    return with_ask(f"Fact {n}: {words} key{n}.",
                    "the prompt this fact was learned under, quoted at length " * 2)


def test_asks_of_the_lowest_ranked_go_before_any_claims_own_text_is_cut():
    hits = [hit(n, fact(n, 18)) for n in (1, 2, 3)]
    block, ranked = render(hits, BUDGET)
    assert len(block) <= BUDGET
    assert [cid for cid, _rank in ranked] == ["c1", "c2", "c3"]
    for n in (1, 2, 3):  # every claim's own text whole, its last word included
        assert f"key{n}." in block
    lines = block.splitlines()[2:-1]
    assert "[asked: " in lines[0]  # the best hit keeps the situation it was learned in
    assert "[asked: " not in lines[2]


def test_claims_that_fit_whole_keep_their_asks():
    hits = [hit(n, fact(n, 4)) for n in (1, 2)]
    block, _ranked = render(hits, BUDGET)
    assert block.count("[asked: ") == 2


def test_a_claim_too_long_even_without_asks_is_cut_not_dropped():
    hits = [hit(1, fact(1, 40)), hit(2, fact(2, 120))]
    block, ranked = render(hits, BUDGET)
    assert len(block) <= BUDGET and len(ranked) == 2
    assert "key1." in block and "key2." not in block and "…" in block


def test_without_ask_leaves_other_brackets_alone():
    assert without_ask("Use `x[0]` here [asked: run it]") == "Use `x[0]` here"
    assert without_ask("Ports are [8080, 8081]") == "Ports are [8080, 8081]"
    assert without_ask("[asked: only an ask]") == "[asked: only an ask]"


def test_a_cut_falsified_finding_uses_all_the_room_left_with_its_verdict_counted():
    first = hit(1, "w " * 150 + "end1.")  # a long first line (cut at LINE_CHARS)
    claim = Claim(id="c2", text="Raising the pool " + "x " * 140 + "end2.", source="world",
                  type="falsified")
    second = Hit(claim, 1.0, 0.5, 0.5, "low", "admitted", 1.0, "active", True)
    block, ranked = render([first, second], BUDGET)
    assert len(ranked) == 2 and "Tried and falsified in this environment: Raising" in block
    # the room left was filled, not short by the verdict's length
    assert BUDGET - len(block) < len("Tried and falsified in this environment: ")


def evidence(n: int, *, sessions: int, rung: str) -> Hit:
    """A captured fact seen in ``sessions`` sessions, at ``rung``."""
    claim = Claim(id=f"e{n}", text=f"Fact {n} about the staging port 84{n}3.", source="experience",
                  type="environment", observed_by="claude-code",
                  evidence=[{"kind": "session", "session_id": f"s{i}", "message_id": f"m{n}{i}"}
                            for i in range(sessions)])
    return Hit(claim, 1.0, 0.5, 0.5, rung, "admitted", 1.0, "active", True)


def test_what_every_lines_provenance_says_alike_is_said_once_in_the_heading():
    """Three young captured facts used to spend ~80 characters each on the same
    "[…, by claude-code, 1 independent session, low, verify before relying]"."""
    block, _ = render([evidence(n, sessions=1, rung="low") for n in (1, 2, 3)], BUDGET)
    heading, *lines = block.splitlines()[1:-1]
    assert heading.endswith("every line: by claude-code, 1 independent session, low, "
                            "verify before relying):")
    assert "what else differs" not in heading
    for line in lines:
        assert line.startswith("- [") and "] Fact " in line
        assert "independent" not in line and "verify" not in line  # each said once, above
    assert block.count("verify before relying") == 1


def test_what_differs_stays_on_its_line():
    block, _ = render([evidence(1, sessions=3, rung="high"), evidence(2, sessions=1, rung="low")],
                      BUDGET)
    heading, first, second = block.splitlines()[1:-1]
    assert "every line: by claude-code)" in heading and "what else differs" in heading
    assert "3 independent sessions, high]" in first and "verify" not in first
    assert "1 independent session, low, verify before relying]" in second


def test_the_budget_now_holds_three_typical_captured_facts():
    """Three facts of ~150 characters each: with a provenance per line the third did not fit
    the old 800 characters; with the shared heading all three fit the default budget (690
    since remarks: docs/claims.md)."""
    from rlat.hooks.runtime import RECALL_CHARS

    text = "The staging API listens on port 8443 behind the VPN; use the vpn-staging profile " \
           "and export STAGING_TOKEN first, or requests get a 401. "
    hits = [evidence(n, sessions=1, rung="low") for n in (1, 2, 3)]
    for h in hits:
        h.claim.text = f"{h.claim.id}: {text}"
    block, ranked = render(hits, RECALL_CHARS)
    assert len(ranked) == 3 and len(block) <= RECALL_CHARS
    assert all(f"{h.claim.id}: " in block and "401." in block for h in hits)
