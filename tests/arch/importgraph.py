"""The project's import graph, read from the source (every `import` statement, including the ones
inside functions and `if TYPE_CHECKING:` blocks), for the cycle and layering tests."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("game", "hw", "firmware_bridge")


@dataclass(frozen=True)
class Edge:
    src: str        # importing module
    dst: str        # imported project module
    file: str       # file of the importing module, relative to the root
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.src} imports {self.dst}"


def module_files(root: Path = ROOT, packages=PACKAGES) -> dict[str, Path]:
    out = {}
    for pkg in packages:
        for path in sorted((root / pkg).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The longest project module that `name` is or lies in (`a.b.func` -> `a.b`)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def edges(root: Path = ROOT, packages=PACKAGES) -> list[Edge]:
    return list(_edges(root, tuple(packages)))


@lru_cache(maxsize=4)
def _edges(root: Path, packages: tuple[str, ...]) -> tuple[Edge, ...]:
    """Parsed once per tree and test session (the tests ask for the same graph several times)."""
    modules = module_files(root, packages)
    out = []
    for mod, path in modules.items():
        is_pkg = path.name == "__init__.py"
        rel = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = mod.split(".")
                    base = base if is_pkg else base[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    prefix = ".".join(base + ([node.module] if node.module else []))
                else:
                    prefix = node.module or ""
                # `from pkg import sub` imports the submodule pkg.sub when there is one
                targets = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in modules else prefix for a in node.names]
            for t in targets:
                dst = _resolve(t, modules)
                if dst is not None and dst != mod:
                    out.append(Edge(mod, dst, rel, node.lineno))
    return tuple(out)


def find_cycles(all_edges: list[Edge]) -> list[list[Edge]]:
    """One shortest cycle through each strongly connected component with more than one module,
    as the list of edges that close it."""
    graph: dict[str, list[Edge]] = {}
    for e in all_edges:
        graph.setdefault(e.src, []).append(e)
        graph.setdefault(e.dst, [])
    # Tarjan's strongly connected components, iteratively
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    comps: list[set[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on.add(v)
            outs = graph[v]
            if i < len(outs):
                work.append((v, i + 1))
                w = outs[i].dst
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(comp)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    cycles = []
    for comp in comps:
        start = min(comp)
        # breadth-first search back to `start` inside the component: a shortest cycle
        prev: dict[str, Edge] = {}
        frontier = [start]
        found = None
        while frontier and found is None:
            nxt = []
            for v in frontier:
                for e in sorted(graph[v], key=lambda e: (e.dst, e.line)):
                    if e.dst not in comp:
                        continue
                    if e.dst == start:
                        found = e
                        break
                    if e.dst not in prev:
                        prev[e.dst] = e
                        nxt.append(e.dst)
                if found:
                    break
            frontier = nxt
        path = [found]
        while path[0].src != start:
            path.insert(0, prev[path[0].src])
        cycles.append(path)
    return sorted(cycles, key=lambda c: c[0].src)
