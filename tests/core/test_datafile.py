"""The bounded data-file reader, fed broken and hostile data: every failure is a DataFileError
naming the file (and the line where one applies), never a hang, a RecursionError or a blow-up."""

from __future__ import annotations

import os
import resource
import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.datafile import (
    DataFileError,
    Limits,
    MissingFile,
    check_toml_shape,
    loads_toml,
    read_bytes,
    read_text,
    read_toml,
)


def write(tmp_path, text: str | bytes, name: str = "f.toml"):
    p = tmp_path / name
    (p.write_bytes if isinstance(text, bytes) else p.write_text)(text)
    return p


def test_reads_a_plain_file(tmp_path):
    p = write(tmp_path, 'name = "x"\n[a.b]\nc = [1, {d = 2}]\n')
    assert read_toml(p) == {"name": "x", "a": {"b": {"c": [1, {"d": 2}]}}}


def test_missing_file_is_its_own_error(tmp_path):
    with pytest.raises(MissingFile, match="nope.toml: file is missing"):
        read_toml(tmp_path / "nope.toml")


def test_deep_arrays_are_refused_before_tomllib(tmp_path):
    p = write(tmp_path, "x = " + "[" * 1000 + "]" * 1000 + "\n")     # 2 KB: RecursionError in tomllib
    with pytest.raises(DataFileError, match=r"f\.toml:1: nested 17 levels deep here, at most 16"):
        read_toml(p)


def test_deep_inline_tables_and_headers_are_refused(tmp_path):
    with pytest.raises(DataFileError, match="nested"):
        read_toml(write(tmp_path, "x = " + "{a = " * 500 + "1" + "}" * 500))
    with pytest.raises(DataFileError, match=r":3: nested 20 levels"):
        read_toml(write(tmp_path, "a = 1\n\n[" + ".".join(["t"] * 20) + "]\n"))
    with pytest.raises(DataFileError, match="nested"):       # header + key + arrays add up
        read_toml(write(tmp_path, "[" + ".".join(["t"] * 8) + "]\n" + ".".join(["k"] * 6) + " = [[[1]]]\n"))


def test_dotted_key_bomb_is_refused_cheaply(tmp_path):
    # 24 KB of one dotted key: tomllib alone takes ~581 MB on it
    p = write(tmp_path, ".".join(["a"] * 12_000) + " = 1\n")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(DataFileError, match=r"f\.toml:1: nested 12000 levels"):
        read_toml(p)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 20 * 1024   # KiB


def test_key_count_is_capped(tmp_path):
    text = "".join(f"k{i}.a.b = {i}\n" for i in range(400))
    assert len(read_toml(write(tmp_path, text))) == 400
    with pytest.raises(DataFileError, match=r"f\.toml:334: more than 1000 keys"):
        read_toml(write(tmp_path, text), limits=Limits(max_keys=1000))


def test_size_cap(tmp_path):
    p = write(tmp_path, "x = 1\n" + "# pad\n" * 100_000)
    with pytest.raises(DataFileError, match=r"f\.toml: file is 600006 bytes, at most 4096 allowed"):
        read_toml(p, limits=Limits(max_bytes=4096))
    with pytest.raises(DataFileError, match="at most 10 allowed"):
        loads_toml("x = 1234567890", "peer:ruleset.toml", limits=Limits(max_bytes=10))


def test_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "ruleset.toml"
    os.mkfifo(fifo)
    with pytest.raises(DataFileError, match="ruleset.toml: is a FIFO"):
        read_toml(fifo)


def test_symlink_to_dev_zero_is_refused(tmp_path):
    link = tmp_path / "settings.toml"
    link.symlink_to("/dev/zero")
    with pytest.raises(DataFileError, match="settings.toml: is a character device, expected a regular file"):
        read_toml(link)
    with pytest.raises(DataFileError, match="character device"):
        read_bytes(link)


def test_symlink_to_a_regular_file_is_read(tmp_path):
    real = write(tmp_path, "x = 1\n", "real.toml")
    (tmp_path / "link.toml").symlink_to(real)
    assert read_toml(tmp_path / "link.toml") == {"x": 1}


def test_folder_is_refused(tmp_path):
    with pytest.raises(DataFileError, match="is a folder"):
        read_toml(tmp_path)


def test_bad_utf8_names_the_line(tmp_path):
    p = write(tmp_path, b'a = "ok"\nb = "\xff"\n')
    with pytest.raises(DataFileError, match=r"f\.toml:2: not UTF-8 text \(byte 14\)"):
        read_toml(p)
    with pytest.raises(DataFileError, match="not UTF-8"):
        read_text(p)


def test_syntax_error_names_the_line(tmp_path):
    p = write(tmp_path, "a = 1\nb = = 2\n")
    with pytest.raises(DataFileError, match=r"f\.toml:2: TOML syntax error: "):
        read_toml(p)
    with pytest.raises(DataFileError, match=r"f\.toml:\d+: TOML syntax error"):
        read_toml(write(tmp_path, 'a = "unterminated'))


def test_strings_and_comments_do_not_count_as_structure(tmp_path):
    deep_in_strings = ('a = "[[[[[[[[[[[[[[[[[[[[.a.a.a.a"\nb = \'{{{{{{{{{{{{{{{{{{{{{{\'\n'
                       'c = """\n[[[[[[[[[[[[[[[[[[[[[[[\n\\""" ]]]\n"""\n'
                       "d = '''x.y.z.[[[[[[[[[[[[[[[[[[[['''\n# [[[[[[[[[[[[[[[[[[[[[[[[[\n"
                       '"q.u.o.t.e.d" = 1\n')
    doc = read_toml(write(tmp_path, deep_in_strings), limits=Limits(max_depth=2, max_keys=10))
    assert doc["c"].startswith("[[[") and doc["q.u.o.t.e.d"] == 1


_key = st.text("abcxyz", min_size=1, max_size=3)
_leaf = st.one_of(st.integers(-5, 5), st.text("ab[]{}.\"'#\\ \n", max_size=6), st.booleans())
_value = st.recursive(_leaf, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                    st.dictionaries(_key, inner, max_size=3)), max_leaves=12)


def _depth(v) -> int:
    if isinstance(v, dict):            # an empty inline table holds nothing one level down
        return 1 + max(_depth(x) for x in v.values()) if v else 0
    if isinstance(v, list):
        return 1 + max((_depth(x) for x in v), default=0)
    return 0


def _dump(v) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {_dump(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_dump(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return str(v)


@given(st.dictionaries(_key, _value, max_size=4), st.lists(_key, min_size=1, max_size=3))
def test_the_scan_measures_depth_exactly_on_valid_toml(doc, header):
    text = f"[{'.'.join(header)}]\n" + "".join(f"{k} = {_dump(v)}\n" for k, v in doc.items())
    parsed = tomllib.loads(text)
    depth = len(header) + max((1 + _depth(v) for v in doc.values()), default=0)
    check_toml_shape(text, "gen.toml", Limits(max_depth=depth))          # never refuses valid, shallow-enough data
    if depth > len(header):
        with pytest.raises(DataFileError, match="nested"):
            check_toml_shape(text, "gen.toml", Limits(max_depth=depth - 1))
    assert parsed is not None


def test_every_shipped_toml_file_reads(tmp_path):
    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    files = [p for p in root.glob("assets/**/*.toml")]
    assert files
    for p in files:
        read_toml(p)
