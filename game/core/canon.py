"""Canonical encoding and hashing of game data (states, rulesets, maps).

The canonical form is compact JSON with sorted keys and no floats: the same data gives the same
bytes on every machine and Python version, so its hash can be compared across linked units.
"""

from __future__ import annotations

import hashlib
import json


def _check(obj, path="$"):
    if isinstance(obj, bool) or obj is None or isinstance(obj, (int, str)):
        return
    if isinstance(obj, float):
        raise TypeError(f"{path}: floats are not allowed in canonical data")
    if isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            _check(v, f"{path}[{i}]")
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            if not isinstance(k, str):
                raise TypeError(f"{path}: dict keys must be strings, got {k!r}")
            _check(v, f"{path}.{k}")
        return
    raise TypeError(f"{path}: {type(obj).__name__} is not canonical data")


def canonical_bytes(obj, *, check: bool = False) -> bytes:
    """Deterministic bytes for ints, strings, bools, None, lists/tuples and str-keyed dicts."""
    if check:
        _check(obj)
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")


def digest(data: bytes, size: int = 16) -> str:
    """Hex digest (BLAKE2b, `size` bytes) of raw bytes."""
    return hashlib.blake2b(data, digest_size=size).hexdigest()


def canonical_hash(obj, size: int = 16) -> str:
    return digest(canonical_bytes(obj), size)
