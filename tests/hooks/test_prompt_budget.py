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
