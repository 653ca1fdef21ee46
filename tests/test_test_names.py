"""Test modules are imported by their file name (pytest's default "prepend" import mode), so two
test files with the same name in different folders break the whole run at collection time."""

import collections
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_file_name():
    names = collections.Counter(p.name for p in ROOT.rglob("*.py") if p.name != "conftest.py")
    assert [n for n, c in names.items() if c > 1] == []
