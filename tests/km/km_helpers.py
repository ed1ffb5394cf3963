"""Helpers for knowledge-model tests: a small real corpus and claims citing passages."""

from __future__ import annotations

import textwrap
from pathlib import Path

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.km.store import KnowledgeModel

GUIDE = textwrap.dedent("""\
    # Deploy guide

    This guide explains how the staging deploy works and which rules it follows.

    ## Staging

    Staging SSH listens on port 2222. Connect with `ssh -p 2222 deploy@staging`.
    The deploy user owns /srv/app and restarts the service after each release.

    ```bash
    # deploy script
    ssh -p 2222 deploy@staging 'systemctl restart app'

    echo done
    ```

    ## Rollback

    To roll back, redeploy the previous tag. Rollbacks never touch the database schema.
    Keep the last five release directories so a rollback is a symlink switch.
    """)

NOTES = textwrap.dedent("""\
    Release notes

    The cache layer uses Redis with a ten minute expiry on session keys.

    Metrics are exported to Prometheus every fifteen seconds by the sidecar.
    """)

CODE = textwrap.dedent('''\
    """Configuration loading."""

    import json


    def load_config_file(path):
        """Read the JSON configuration at ``path``."""
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)


    class ConfigError(Exception):
        """Raised when the configuration is invalid."""

        def __init__(self, message):
            super().__init__(message)
    ''')


def passages_of(km: Path, path: str) -> list:
    model = KnowledgeModel.open(km)
    return [p for p in model.passages() if p.path == path]


def cite_claim(km: Path, text: str, passages: list, claim_type: str = "insight") -> str:
    """Append a corpus claim citing ``passages`` to the KM's claim log; returns its id."""
    event = ev.proposed(
        text, claim_type, source="corpus", origin="corpus", observed_by="deep-search",
        citations=[ev.passage_citation(p.id, p.hash, path=p.path) for p in passages],
    )
    ClaimLog(km).append([event])
    return event["claim"]


def lucene_oracle(docs: list[list[str]]):
    """rank_bm25's BM25Okapi (the scoring loop the KM index is held to, float operation for
    float operation) with the idf a knowledge model scores with: Lucene's never-negative
    ``ln(1 + (N - df + 0.5) / (df + 0.5))`` (``rlat.km.store.KMIndex``) instead of Okapi's
    epsilon-floored one."""
    import math

    from rank_bm25 import BM25Okapi

    class LuceneBM25(BM25Okapi):
        def _calc_idf(self, nd):
            for word, freq in nd.items():
                self.idf[word] = math.log(1.0 + (self.corpus_size - freq + 0.5) / (freq + 0.5))

    return LuceneBM25(docs)
