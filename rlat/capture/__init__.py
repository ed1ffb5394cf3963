"""Pipeline: session transcripts → scrubbed, fence-stripped, deduplicated claims."""
