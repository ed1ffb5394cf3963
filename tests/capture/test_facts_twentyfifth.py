"""Capture rules of the twenty-fifth pass (read on dev41, a newspaper data desk's election
fortnight)."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, proposed_texts, session

from rlat.capture import fact_rules


@pytest.mark.parametrize("name", ["VotingPrecincts_2024", "Sheet1_Final", "WardMap_v3"])
def test_a_name_in_mixed_case_with_underscores_is_a_name(name):
    assert "code:" + name in fact_rules.codes_of_things(f"The map uses the layer {name}.")


def test_the_answer_after_looking_names_a_layer_by_its_mixed_case_name(tmp_path):
    b = session(tmp_path)
    b.prompt("which precinct shapes is the map built from? county redistricted in 2023 i think")
    b.say("Looking it up.")
    b.run("Bash", {"command": "head -c 240 src/data/precincts.meta.json"},
          '{"source": "Merriam County GIS, layer VotingPrecincts_2024", "features": 143}')
    b.say("The map uses the county GIS layer VotingPrecincts_2024: 143 precincts, so it has "
          "the 2023 redraw. The 2020 layer had 131.")
    texts = proposed_texts(proposed(b))
    assert any("VotingPrecincts_2024" in t for t in texts), texts
