"""Which words of a prompt count as content for the abstention floor."""

from __future__ import annotations

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.retrieval import abstention as A
from rlat.retrieval import recall as R

T0 = 1_800_000_000.0
WS = "git:github.com/acme/app"


def test_a_lone_digit_is_not_content():
    # "2.0" and "v18.19.0" share the piece "0"; with the version concept that was two shared
    # words and the Node pin was injected into a prompt about the app's own version number
    state = fold([ev.proposed("The repo needs Node 20.11.1 (.nvmrc) but this shell has "
                              "v18.19.0 - run `nvm use` first", "environment", workspace=WS,
                              ts=T0, citations=[ev.command_citation("node -v")], origin="user")])
    assert R.recall(state, "bump the version number to 2.0", workspace=WS, now=T0) == []
    assert "0" not in A.content_terms(R.query_terms("bump the version number to 2.0"))
    # numbers that say something still count
    assert "5433" in A.content_terms(R.query_terms("is postgres on 5433?"))
    assert [h.claim.text for h in R.recall(state, "which node version does the repo need?",
                                           workspace=WS, now=T0)] != []
