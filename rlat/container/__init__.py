"""Layer 1: the on-disk container. Knows bytes, records and locks; nothing about claims."""

from .errors import (
    ContainerError,
    CorruptRecord,
    DanglingLink,
    LockTimeout,
    NotAContainer,
    RlatError,
    TruncatedContainer,
    UnsupportedVersion,
)
from .file import (
    EVENTS,
    INDEX,
    LENS_MAGIC,
    META,
    PASSAGES,
    RLAT_MAGIC,
    SNAPSHOT,
    TOC,
    Container,
    RecordRef,
    salvage,
    write_new_file,
)

__all__ = [
    "Container",
    "ContainerError",
    "CorruptRecord",
    "DanglingLink",
    "EVENTS",
    "INDEX",
    "LENS_MAGIC",
    "LockTimeout",
    "META",
    "NotAContainer",
    "PASSAGES",
    "RLAT_MAGIC",
    "RecordRef",
    "RlatError",
    "SNAPSHOT",
    "TOC",
    "TruncatedContainer",
    "UnsupportedVersion",
    "salvage",
    "write_new_file",
]
