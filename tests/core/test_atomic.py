"""Atomic writes: the target always exists and is whole; the backup is the previous version."""

import os

import pytest

from game.core.atomic import atomic_write_bytes, atomic_write_text


def test_write_and_backup(tmp_path):
    p = tmp_path / "sub" / "f.txt"
    atomic_write_text(p, "one")
    atomic_write_text(p, "two", keep_backup=True)
    assert p.read_text() == "two"
    assert (tmp_path / "sub" / "f.txt.bak").read_text() == "one"
    assert sorted(os.listdir(tmp_path / "sub")) == ["f.txt", "f.txt.bak"]   # no temp files left


def test_target_is_never_missing_while_backing_up(tmp_path, monkeypatch):
    p = tmp_path / "f"
    atomic_write_bytes(p, b"old")
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append(p.exists() and p.read_bytes())
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    atomic_write_bytes(p, b"new", keep_backup=True)
    assert all(v in (b"old", b"new") for v in seen)      # the file existed at every rename


def test_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    p = tmp_path / "f"
    atomic_write_bytes(p, b"old")

    def boom(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        atomic_write_bytes(p, b"new")
    assert p.read_bytes() == b"old" and os.listdir(tmp_path) == ["f"]
