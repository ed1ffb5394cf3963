"""Layer 4: retrieval. Tokenizer, the persisted lexical index, and the one ranking engine."""
