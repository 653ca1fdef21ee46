"""`tactibox bench [--json] [GROUP ...]`: benchmarks with ratios against their peers (bench/run.py)."""

from __future__ import annotations

import sys
from pathlib import Path


def add_arguments(p) -> None:
    p.add_argument("groups", nargs="*", help="only these groups: engine, duel, bout, quest, gdl, link, ui")
    p.add_argument("--json", action="store_true", help="print one JSON object of named figures")


def run(args) -> int:
    root = Path(__file__).resolve().parents[2]
    if not (root / "bench" / "run.py").exists():
        print("tactibox: the benchmarks live in the source tree (bench/); run from a checkout", file=sys.stderr)
        return 2
    sys.path.insert(0, str(root))
    from bench.run import main
    return main([*args.groups, *(["--json"] if args.json else [])])
