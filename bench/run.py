"""The single benchmark entry point (`tactibox bench`, `./dev bench`): runs every bench module's
`run()` and prints their figures, with the DESIGN.md budgets next to them."""

from __future__ import annotations

import importlib
import json
import sys
import time

MODULES = ("bench.bench_engine", "bench.bench_duel", "bench.bench_bout", "bench.bench_quest", "bench.bench_quest_import", "bench.bench_gdl", "bench.bench_link", "bench.bench_lobby", "bench.bench_match",
           "bench.bench_ui")


def run_all(only: list[str] | None = None, log=None) -> dict:
    results: dict[str, dict] = {}
    for name in MODULES:
        short = name.split(".")[-1].removeprefix("bench_")
        if only and short not in only:
            continue
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            results[short] = {"error": f"import failed: {exc}"}
            continue
        if log:
            log(f"running {short} benchmarks...")
        t = time.perf_counter()
        try:
            results[short] = mod.run()
        except Exception as exc:  # noqa: BLE001 - one broken bench must not hide the others
            results[short] = {"error": f"{type(exc).__name__}: {exc}"}
        results[short]["_seconds"] = round(time.perf_counter() - t, 1)
    return results


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    as_json = "--json" in argv
    only = [a for a in argv if not a.startswith("-")]
    res = run_all(only, log=lambda m: print(m, file=sys.stderr, flush=True))
    if as_json:
        print(json.dumps(res, sort_keys=True))
    else:
        for group, figures in res.items():
            print(f"[{group}]")
            for k, v in figures.items():
                print(f"  {k:<36} {v}")
    return 1 if any("error" in f for f in res.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
