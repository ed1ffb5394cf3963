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


def test_fix_is_the_verb_of_a_task_not_its_topic():
    # a store where tests and failures are everyday words and "fix" is rare
    texts = ["Commit messages follow conventional commits here (feat:, fix:, chore:) and "
             "always reference the ticket"] + [
        f"The {area} tests fail when run in parallel; run them with -p 1" for area in
        ("billing", "search", "export", "import", "auth", "sync", "report", "upload")]
    state = fold([ev.proposed(text, "convention", workspace=WS, ts=T0, origin="user",
                              citations=[ev.command_citation(text[:20])]) for text in texts])
    def recalled(query):
        return [h.claim.text for h in R.recall(state, query, workspace=WS, now=T0)]

    assert not any("Commit messages" in t for t in recalled("fix the failing test in the parser"))
    assert any("Commit messages" in t
               for t in recalled("what prefix should a fix commit message have?"))
