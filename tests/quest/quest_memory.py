"""Memory checks for the quest's hostile-input tests: the peak a call allocates (tracemalloc)."""

from __future__ import annotations

import tracemalloc


def traced_peak(fn, *args):
    """(fn(*args), the peak bytes traced while it ran); tracing is stopped again either way."""
    tracemalloc.start()
    try:
        out = fn(*args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return out, peak
