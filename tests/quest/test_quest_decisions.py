"""Every [V] decision in docs/rules/quest.md names the tests that check it, and those tests exist.

A decision line is `N. text [tests: FILE::FUNCTION, FILE::CLASS::METHOD, ...]`; FILE is a test
file under tests/quest/ or tests/ui/ (a bare name is looked up in both, or `ui/FILE`,
`quest/FILE`). Names are resolved from the file's syntax tree: nothing is imported or run here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "quest.md"
TEST_DIRS = ("quest", "ui")
HEADING = "## Decisions on the spec's vague points [V]"
LINE = re.compile(r"^(\d+)\.\s+(.*)$")
REFS = re.compile(r"\[tests:\s*([^\[\]]+)\]\s*$")


def decision_lines(text: str) -> list[tuple[int, int, str]]:
    """(line number in the document, decision number, text) for each numbered line of the list."""
    out, inside = [], False
    for i, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            inside = line.strip() == HEADING
            continue
        m = LINE.match(line) if inside else None
        if m:
            out.append((i, int(m.group(1)), m.group(2)))
    return out


def _names(path: Path) -> set[str]:
    """`func` and `Class::method` for every test function defined at the top of a test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    got = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            got.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            got |= {f"{node.name}::{f.name}" for f in node.body
                    if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name.startswith("test")}
    return got


def _test_file(tests_root: Path, name: str) -> Path | None:
    if not re.fullmatch(r"((quest|ui)/)?test_\w+\.py", name):
        return None
    cands = [tests_root / name] if "/" in name else [tests_root / d / name for d in TEST_DIRS]
    return next((p for p in cands if p.is_file()), None)


def problems(text: str, tests_root: Path, doc: str = "quest.md") -> list[str]:
    """`doc: line: problem` for every decision without resolvable tests, and for gaps in the numbers."""
    out, cache = [], {}
    lines = decision_lines(text)
    if not lines:
        return [f"{doc}: no numbered decisions under {HEADING!r}"]
    for want, (ln, num, body) in enumerate(lines, 1):
        if num != want:
            out.append(f"{doc}: {ln}: decision {num} where {want} was expected (numbers run 1..N)")
        m = REFS.search(body)
        if not m:
            out.append(f"{doc}: {ln}: decision {num} does not end with [tests: FILE::FUNCTION, ...]")
            continue
        for ref in (r.strip() for r in m.group(1).split(",")):
            file, sep, func = ref.partition("::")
            if not sep or not func:
                out.append(f"{doc}: {ln}: decision {num}: {ref!r} is not FILE::FUNCTION")
                continue
            path = _test_file(tests_root, file)
            if path is None:
                out.append(f"{doc}: {ln}: decision {num}: no test file {file!r} in tests/quest or tests/ui")
                continue
            if path not in cache:
                cache[path] = _names(path)
            if func not in cache[path]:
                out.append(f"{doc}: {ln}: decision {num}: {file} has no test function {func!r}")
    return out


def test_every_decision_names_tests_that_exist():
    text = DOC.read_text(encoding="utf-8")
    assert problems(text, ROOT / "tests") == []
    assert len(decision_lines(text)) >= 33


def _doc(*lines: str) -> str:
    return "# Quest\n\n" + HEADING + "\n\nEach line is tested.\n\n" + "\n".join(lines) + "\n\n## Next\n\n1. not a decision\n"


def _tree(tmp_path: Path) -> Path:
    (tmp_path / "quest").mkdir()
    (tmp_path / "ui").mkdir()
    (tmp_path / "quest" / "test_a.py").write_text(
        "def test_one():\n    pass\n\nclass TestK:\n    def test_m(self):\n        pass\n\ndef helper():\n    pass\n")
    (tmp_path / "ui" / "test_b.py").write_text("async def test_two():\n    pass\n")
    return tmp_path


def test_the_check_accepts_good_references(tmp_path):
    root = _tree(tmp_path)
    text = _doc("1. A. [tests: test_a.py::test_one, test_a.py::TestK::test_m]",
                "2. B. [tests: test_b.py::test_two, ui/test_b.py::test_two, quest/test_a.py::test_one]")
    assert problems(text, root) == []
    assert [n for _, n, _ in decision_lines(text)] == [1, 2]      # the list after the next heading is not read


def test_the_check_reports_each_broken_reference(tmp_path):
    root = _tree(tmp_path)
    text = _doc("1. A. [rules: teleport]",
                "2. B. [tests: test_a.py::helper]",
                "4. C. [tests: test_a.py::test_one, test_zzz.py::test_one, test_a.py]",
                "5. D. [tests: ../test_a.py::test_one, test_b.py::TestK::test_m]")
    got = problems(text, root, "q.md")
    assert got == [
        "q.md: 7: decision 1 does not end with [tests: FILE::FUNCTION, ...]",
        "q.md: 8: decision 2: test_a.py has no test function 'helper'",
        "q.md: 9: decision 4 where 3 was expected (numbers run 1..N)",
        "q.md: 9: decision 4: no test file 'test_zzz.py' in tests/quest or tests/ui",
        "q.md: 9: decision 4: 'test_a.py' is not FILE::FUNCTION",
        "q.md: 10: decision 5 where 4 was expected (numbers run 1..N)",
        "q.md: 10: decision 5: no test file '../test_a.py' in tests/quest or tests/ui",
        "q.md: 10: decision 5: test_b.py has no test function 'TestK::test_m'",
    ]


def test_the_check_needs_the_list(tmp_path):
    assert problems("# Quest\n\nno list\n", _tree(tmp_path), "q.md") == [
        "q.md: no numbered decisions under \"## Decisions on the spec's vague points [V]\""]
