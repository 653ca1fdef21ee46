"""Sending a ruleset over the link: pack a folder into a deterministic zip, install one safely.

The host packs its ruleset when the guest's content hash differs (different version, edited map);
the guest unpacks it into its data dir and plays with exactly the host's data. The host may be
hostile, so unpacking is bounded at every step and nothing is installed until the whole ruleset
passed (docs/protocol.md, "Content from the host"):

1. the zip directory: 1..MAX_FILES members, plain relative names (no `..`, no absolute paths, no
   links, no hidden files, at most MAX_DEPTH folders deep), known file types, no duplicates;
2. every member inflated as a stream with a cap (MAX_MEMBER each, MAX_TOTAL together) — the sizes
   the zip claims are not trusted;
3. images: the header's width × height is checked before any pixel is decoded; TOML files go
   through the bounded reader (`game.core.datafile.loads_toml`: size, nesting depth, key count,
   UTF-8) before anything parses them;
4. the staging folder is loaded with the ruleset loader (bounded TOML reader, schema validation)
   and every map must pass the playability check (`game.rules.skirmish.playability`);
5. only then is the staging folder swapped in for `into/name` (two renames); a failure anywhere
   leaves the previous copy (or nothing) there, never a half-checked one.

Every refusal is a ValueError naming the member and the limit.
"""

from __future__ import annotations

import io
import shutil
import tempfile
import warnings
import zipfile
import zlib
from pathlib import Path, PurePosixPath

from game.core.atomic import fsync_dir

ALLOWED_SUFFIXES = (".toml", ".png", ".bmp", ".txt", ".md")
IMAGE_SUFFIXES = (".png", ".bmp")
MAX_FILES = 200
MAX_DEPTH = 3                      # path segments: "maps/x.toml" is 2
MAX_NAME = 120                     # characters of one member's path
MAX_MEMBER = 1024 * 1024           # bytes of one inflated member
MAX_TOTAL = 4 * 1024 * 1024        # bytes of all inflated members
MAX_IMAGE_SIDE = 128               # pixels; the map loader's own limit (MAX_MAP_SIDE)
MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE
READ_CHUNK = 64 * 1024
FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def pack_ruleset(folder: Path) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted(folder.rglob("*")):
            if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in ALLOWED_SUFFIXES:
                info = zipfile.ZipInfo(p.relative_to(folder).as_posix(), FIXED_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                z.writestr(info, p.read_bytes())
    return buf.getvalue()


def _check_name(m: zipfile.ZipInfo, seen: set[str]) -> str:
    name = m.filename
    path = PurePosixPath(name)
    if (m.is_dir() or not name or path.is_absolute() or "\\" in name or "\x00" in name
            or any(part in ("", ".", "..") or part.startswith(".") for part in name.split("/"))):
        raise ValueError(f"ruleset blob: member {name!r} is not a plain relative file")
    if len(name) > MAX_NAME or len(path.parts) > MAX_DEPTH:
        raise ValueError(f"ruleset blob: member {name[:40]!r}… is too long or deep "
                         f"(at most {MAX_NAME} characters, {MAX_DEPTH} levels)")
    if path.suffix.lower() not in ALLOWED_SUFFIXES:
        raise ValueError(f"ruleset blob: member {name!r} is not a ruleset file type ({', '.join(ALLOWED_SUFFIXES)})")
    if (m.external_attr >> 16) & 0o170000 not in (0, 0o100000):
        raise ValueError(f"ruleset blob: member {name!r} is a link or special file")
    if m.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise ValueError(f"ruleset blob: member {name!r} uses compression {m.compress_type}, expected stored or deflate")
    if m.flag_bits & 0x1:
        raise ValueError(f"ruleset blob: member {name!r} is encrypted")
    key = name.lower()
    if key in seen or any(s.startswith(key + "/") or key.startswith(s + "/") for s in seen):
        raise ValueError(f"ruleset blob: member {name!r} clashes with another member")
    seen.add(key)
    return name


def _inflate(z: zipfile.ZipFile, m: zipfile.ZipInfo, budget: int) -> bytes:
    """The member's bytes, inflated chunk by chunk; refuses more than min(MAX_MEMBER, budget)."""
    cap = min(MAX_MEMBER, budget)
    out = bytearray()
    try:
        with z.open(m) as f:
            while True:
                chunk = f.read(READ_CHUNK)
                if not chunk:
                    break
                out += chunk
                if len(out) > cap:
                    what = "member" if cap == MAX_MEMBER else "ruleset"
                    limit = MAX_MEMBER if cap == MAX_MEMBER else MAX_TOTAL
                    raise ValueError(f"ruleset blob: member {m.filename!r} inflates past the {what} limit of {limit} bytes")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError, zlib.error) as exc:
        raise ValueError(f"ruleset blob: member {m.filename!r} cannot be read ({exc})") from None
    except RuntimeError as exc:        # zipfile: encrypted member, bad password
        raise ValueError(f"ruleset blob: member {m.filename!r} cannot be read ({exc})") from None
    return bytes(out)


def check_image_header(name: str, data: bytes) -> None:
    """Width × height from the image header, refused above MAX_IMAGE_SIDE before decoding."""
    from PIL import Image, UnidentifiedImageError
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:          # reads the header only
                w, h = im.size
                fmt = im.format
    except Image.DecompressionBombError:
        raise ValueError(f"ruleset blob: image {name!r} claims more than {Image.MAX_IMAGE_PIXELS} pixels, "
                         f"at most {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE} allowed") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError) as exc:
        raise ValueError(f"ruleset blob: image {name!r} is not a readable image ({exc})") from None
    if fmt not in ("PNG", "BMP"):
        raise ValueError(f"ruleset blob: image {name!r} is {fmt}, expected PNG or BMP")
    if not (0 < w <= MAX_IMAGE_SIDE and 0 < h <= MAX_IMAGE_SIDE):
        raise ValueError(f"ruleset blob: image {name!r} is {w}x{h} pixels, at most {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE} allowed")


def check_toml(name: str, data: bytes) -> None:
    """Size, depth, key count and syntax through the one bounded reader, before the loader."""
    from game.core.datafile import loads_toml
    try:
        loads_toml(data, f"link-received/{name}")
    except ValueError as exc:                     # DataFileError names file:line
        raise ValueError(f"ruleset blob: {exc}") from None


def unpack_checked(blob: bytes) -> dict[str, bytes]:
    """Steps 1-3: the members of a ruleset zip, every bound checked. Raises ValueError."""
    if len(blob) > MAX_TOTAL + 64 * 1024:
        raise ValueError(f"ruleset blob: {len(blob)} bytes, at most {MAX_TOTAL} allowed")
    try:
        z = zipfile.ZipFile(io.BytesIO(blob))
        members = z.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError, NotImplementedError) as exc:
        raise ValueError(f"ruleset blob: not a zip archive ({exc})") from None
    if not members or len(members) > MAX_FILES:
        raise ValueError(f"ruleset blob: {len(members)} files, expected 1..{MAX_FILES}")
    seen: set[str] = set()
    names = [_check_name(m, seen) for m in members]
    if "ruleset.toml" not in names:
        raise ValueError("ruleset blob: no ruleset.toml at the top")
    files: dict[str, bytes] = {}
    total = 0
    for m in members:
        if m.file_size > MAX_MEMBER:        # cheap early refusal; the stream cap below is what counts
            raise ValueError(f"ruleset blob: member {m.filename!r} claims {m.file_size} bytes, at most {MAX_MEMBER} allowed")
        data = _inflate(z, m, MAX_TOTAL - total)
        total += len(data)
        suffix = PurePosixPath(m.filename).suffix.lower()
        if suffix in IMAGE_SUFFIXES:
            check_image_header(m.filename, data)
        elif suffix == ".toml":
            check_toml(m.filename, data)
        files[m.filename] = data
    return files


def _validate_folder(folder: Path):
    """Step 4: the loaded ruleset, or ValueError with the first problems."""
    from game.rules.skirmish.loader import load_ruleset
    from game.rules.skirmish.playability import playability_problems
    rs, problems = load_ruleset(folder)
    if rs is None or problems:          # the host's ruleset must be clean, not merely loadable
        raise ValueError("ruleset blob: " + "; ".join(str(p) for p in problems[:3]))
    bad = playability_problems(rs)
    if bad:
        raise ValueError("ruleset blob: cannot be played: " + "; ".join(str(p) for p in bad[:3]))
    return rs


def remove_stale(into: Path, name: str) -> None:
    """Staging and old copies a crash may have left behind (never the installed folder)."""
    try:
        entries = list(into.iterdir())
    except OSError:
        return
    for p in entries:
        if p.name.startswith(f".{name}.") and p.is_dir() and not p.is_symlink():
            shutil.rmtree(p, ignore_errors=True)


def install_ruleset_checked(blob: bytes, into: Path, name: str):
    """Unpack, check, validate and swap in `into/name`; returns the loaded Ruleset (its path the
    installed folder). Raises ValueError and leaves `into/name` as it was on any problem."""
    files = unpack_checked(blob)
    into.mkdir(parents=True, exist_ok=True)
    remove_stale(into, name)
    staging_root = Path(tempfile.mkdtemp(prefix=f".{name}.new.", dir=into))
    staging = staging_root / name            # problems then name `link-received/…`
    final = into / name
    old = into / f".{name}.old"
    try:
        try:
            for rel, data in files.items():
                target = staging / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        except OSError as exc:
            raise ValueError(f"ruleset blob: cannot unpack ({exc.strerror or exc})") from None
        _validate_folder(staging)
        if final.is_symlink() or (final.exists() and not final.is_dir()):
            final.unlink()
        if final.exists():
            final.rename(old)
        try:
            staging.rename(final)
        except OSError:
            if old.exists():
                old.rename(final)
            raise
        try:
            from game.rules.skirmish.loader import load_ruleset
            rs, problems = load_ruleset(final)
            if rs is None:                                   # cannot happen: the same bytes passed above
                raise ValueError("ruleset blob: " + "; ".join(str(p) for p in problems[:3]))
        except BaseException:
            shutil.rmtree(final, ignore_errors=True)
            if old.exists():
                old.rename(final)
            raise
        shutil.rmtree(old, ignore_errors=True)
        fsync_dir(into)
        return rs
    finally:
        shutil.rmtree(staging_root, ignore_errors=True)


def install_ruleset(blob: bytes, into: Path, name: str) -> Path:
    """Unpack `blob` into `into/name` (replacing an older copy atomically); returns the folder."""
    return install_ruleset_checked(blob, into, name).path
