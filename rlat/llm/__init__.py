"""Optional LLM layer. The anthropic SDK is imported lazily, only inside the provider."""
