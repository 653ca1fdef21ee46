"""A corpus of hostile ruleset blobs a host can send a guest (issue 9 item 6, and more).

    for entry in ruleset_corpus(): entry.name, entry.category, entry.blob

Built in memory in milliseconds: zips are assembled by hand (`raw_zip`) so headers can lie, the
1 GB bomb is one deflate block repeated, the 30000x30000 PNG is only a header.
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "rulesets" / "mini"


@dataclass(frozen=True)
class Entry:
    name: str
    category: str
    blob: bytes


def mini_files() -> dict[str, bytes]:
    """The `mini` fixture ruleset, with armies of 3 so its small duel map passes playability."""
    files = {p.relative_to(MINI).as_posix(): p.read_bytes() for p in sorted(MINI.rglob("*")) if p.is_file()}
    files["ruleset.toml"] = files["ruleset.toml"].replace(b"[rules]\n", b"[rules]\narmy_limit = 3\n", 1)
    return files


def write_folder(folder: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def good_zip(files: dict[str, bytes] | None = None) -> bytes:
    return raw_zip([(n, d) for n, d in (files or mini_files()).items()])


def raw_zip(members, *, method: int = 8) -> bytes:
    """A zip from (name, data[, options]) tuples. Options: comp (ready-made deflate bytes),
    size (claimed uncompressed size), crc, mode (unix mode bits), method, flags."""
    out, central = bytearray(), bytearray()
    for m in members:
        name, data = m[0], m[1]
        opt = m[2] if len(m) > 2 else {}
        meth = opt.get("method", method)
        if "comp" in opt:
            comp = opt["comp"]
        elif meth == 8:
            co = zlib.compressobj(9, zlib.DEFLATED, -15)
            comp = co.compress(data) + co.flush()
        else:
            comp = data
        size = opt.get("size", len(data))
        crc = opt.get("crc", zlib.crc32(data))
        flags = opt.get("flags", 0)
        fname = name.encode("utf-8")
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, meth, 0, 0x21, crc, len(comp), size,
                           len(fname), 0) + fname + comp
        attr = opt.get("mode", 0o100644) << 16
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0x031E, 20, flags, meth, 0, 0x21, crc,
                               len(comp), size, len(fname), 0, 0, 0, 0, attr, offset) + fname
    cd_off = len(out)
    out += central
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central), cd_off, 0)
    return bytes(out)


def zeros_deflate(megabytes: int) -> bytes:
    """A raw deflate stream of `megabytes` MiB of zero bytes, about 1 KB per MiB."""
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = co.compress(b"\0" * (1 << 20)) + co.flush(zlib.Z_FULL_FLUSH)
    return block * megabytes + b"\x03\x00"


def png_header(width: int, height: int, *, colour_type: int = 3) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    plte = chunk(b"PLTE", bytes(3 * 4)) if colour_type == 3 else b""
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + plte
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


def bmp_header(width: int, height: int) -> bytes:
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 8, 0, 0, 2835, 2835, 256, 0)
    palette = bytes(1024)
    off = 14 + len(info) + len(palette)
    return b"BM" + struct.pack("<IHHI", off + 16, 0, 0, off) + info + palette + bytes(16)


def indexed_png(side: int) -> bytes:
    from PIL import Image
    im = Image.new("P", (side, side), 1)
    im.putpalette([0, 0, 0] * 256)
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


def with_file(name: str, data: bytes) -> bytes:
    files = mini_files()
    files[name] = data
    return good_zip(files)


TINY_HEX = (b'[map]\nname = "Tiny hex"\ngrid = "hexagon"\nrings = 2\n'
            b"tiles = '''\n R \n...\n G \n'''\n")


def ruleset_corpus() -> list[Entry]:
    e: list[Entry] = []
    add = lambda name, cat, blob: e.append(Entry(name, cat, blob))  # noqa: E731

    # --- the zip container
    add("not a zip", "zip", b"PK\x03\x04 garbage" * 10)
    add("empty bytes", "zip", b"")
    add("empty zip", "zip", raw_zip([]))
    add("truncated zip", "zip", good_zip()[:-30])
    add("no ruleset.toml", "zip", raw_zip([("tiles.toml", b"")]))
    add("201 members", "zip", raw_zip([(f"maps/m{i}.txt", b"x") for i in range(201)]))
    add("path traversal", "zip", raw_zip([("ruleset.toml", b""), ("../../evil.toml", b"x")]))
    add("absolute path", "zip", raw_zip([("ruleset.toml", b""), ("/etc/evil.toml", b"x")]))
    add("backslash path", "zip", raw_zip([("ruleset.toml", b""), ("maps\\..\\x.toml", b"x")]))
    add("hidden file", "zip", raw_zip([("ruleset.toml", b""), (".bashrc.toml", b"x")]))
    add("symlink member", "zip", raw_zip([("ruleset.toml", b""), ("maps/a.toml", b"/etc/passwd", {"mode": 0o120777})]))
    add("fifo member", "zip", raw_zip([("ruleset.toml", b""), ("maps/a.toml", b"", {"mode": 0o010644})]))
    add("duplicate member", "zip", raw_zip([("ruleset.toml", b""), ("ruleset.toml", b"x")]))
    add("file/folder clash", "zip", raw_zip([("ruleset.toml", b""), ("maps", b""), ("maps/a.toml", b"")]))
    add("executable type", "zip", raw_zip([("ruleset.toml", b""), ("run.py", b"import os")]))
    add("deep path", "zip", raw_zip([("ruleset.toml", b""), ("a/b/c/d/e.toml", b"")]))
    add("bzip2 member", "zip", raw_zip([("ruleset.toml", b"x", {"method": 12})]))
    add("encrypted member", "zip", raw_zip([("ruleset.toml", b"x", {"flags": 1})]))
    add("bad CRC", "zip", raw_zip([("ruleset.toml", b"[ruleset]\n", {"crc": 1})]))
    add("corrupt deflate", "zip", raw_zip([("ruleset.toml", b"x" * 100, {"comp": b"\xff" * 50})]))
    bomb = zeros_deflate(1024)
    add("1 MB member inflating to 1 GB (honest size)", "inflate",
        raw_zip([("ruleset.toml", b"", {"comp": bomb, "size": 1 << 30, "crc": 0})]))
    add("1 MB member inflating to 1 GB (claims 1 KB)", "inflate",
        raw_zip([("ruleset.toml", b"", {"comp": bomb, "size": 1024, "crc": 0})]))
    add("1 MB member inflating to 1 GB (claims 1 MB)", "inflate",
        raw_zip([("ruleset.toml", b"", {"comp": bomb, "size": 1 << 20, "crc": 0})]))
    add("five 1 MB members (total cap)", "inflate",
        raw_zip([("ruleset.toml", b"")] + [(f"maps/m{i}.txt", b"\0" * (1 << 20)) for i in range(5)]))

    # --- TOML
    add("TOML arrays 1000 deep (2 KB)", "toml", with_file("ruleset.toml", b"x = " + b"[" * 1000 + b"]" * 1000 + b"\n"))
    add("TOML inline tables 1000 deep", "toml", with_file("tiles.toml", b"x = " + b"{a=" * 1000 + b"1" + b"}" * 1000 + b"\n"))
    add("TOML 24 KB dotted key (quadratic in tomllib)", "toml", with_file("pieces.toml", b"a" + b".a" * 12000 + b" = 1\n"))
    add("TOML 24 KB of dotted keys", "toml",
        with_file("pieces.toml", b"".join(b"a" + b".a" * 60 + b".k%d = 1\n" % i for i in range(190))))
    add("TOML 100k keys", "toml", with_file("weapons.toml", b"".join(b"k%d=1\n" % i for i in range(100_000))))
    add("TOML not UTF-8", "toml", with_file("ruleset.toml", b"\xff\xfe[ruleset]\n"))
    add("TOML NUL bytes", "toml", with_file("ruleset.toml", b"[ruleset]\x00\n"))
    add("TOML wrong types", "toml", with_file("ruleset.toml", b"ruleset = 5\nrules = [1,2]\n"))
    add("map TOML 1000 deep", "toml", with_file("maps/deep.toml", b"map = " + b"[" * 1000 + b"]" * 1000 + b"\n"))

    # --- images
    add("PNG header claiming 30000x30000", "image", with_file("maps/huge.png", png_header(30000, 30000)))
    add("PNG header claiming 12000x12000", "image", with_file("maps/big.png", png_header(12000, 12000)))
    add("PNG 129x129 real", "image", with_file("maps/wide.png", indexed_png(129)))
    add("BMP header claiming 30000x30000", "image", with_file("maps/huge.bmp", bmp_header(30000, 30000)))
    add("BMP negative height", "image", with_file("maps/neg.bmp", bmp_header(64, -2_000_000_000)))
    add("truncated PNG", "image", with_file("maps/cut.png", indexed_png(16)[:40]))
    add("GIF named .png", "image", with_file("maps/gif.png", b"GIF89a" + bytes(20)))
    add("RGB PNG map", "image", with_file("maps/rgb.png", png_header(16, 16, colour_type=2)))

    # --- rules that validate but cannot be played
    files = {k: v for k, v in mini_files().items() if not k.startswith("maps/")}
    files["maps/tiny.toml"] = TINY_HEX
    add("valid ruleset, only a tiny hex map", "playability", good_zip(files))
    files["maps/duel.toml"] = mini_files()["maps/duel.toml"]
    add("valid ruleset plus a tiny hex map", "playability", good_zip(files))
    files = {k: v for k, v in mini_files().items() if not k.startswith("maps/")}
    add("valid ruleset, no maps", "playability", good_zip(files))
    return e
