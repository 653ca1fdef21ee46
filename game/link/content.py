"""Sending a ruleset over the link: pack a folder into a deterministic zip, install one safely.

The host packs its ruleset when the guest's content hash differs (different version, edited map);
the guest unpacks it into its data dir and plays with exactly the host's data. Unpacking checks
every member: relative paths only, known file types, size limits, no links — a hostile or broken
blob raises ValueError and installs nothing.
"""

from __future__ import annotations

import io
import shutil
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from game.rules.loader import load_ruleset

ALLOWED_SUFFIXES = (".toml", ".png", ".bmp", ".txt", ".md")
MAX_FILES = 200
MAX_TOTAL = 4 * 1024 * 1024
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


def install_ruleset(blob: bytes, into: Path, name: str) -> Path:
    """Unpack `blob` into `into/name` (replacing an older copy atomically); returns the folder."""
    try:
        z = zipfile.ZipFile(io.BytesIO(blob))
        members = z.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise ValueError(f"ruleset blob: not a zip archive ({exc})") from None
    if not members or len(members) > MAX_FILES:
        raise ValueError(f"ruleset blob: {len(members)} files, expected 1..{MAX_FILES}")
    total = 0
    for m in members:
        path = PurePosixPath(m.filename)
        if m.is_dir() or path.is_absolute() or ".." in path.parts or "\\" in m.filename or not path.parts:
            raise ValueError(f"ruleset blob: member {m.filename!r} is not a plain relative file")
        if path.suffix.lower() not in ALLOWED_SUFFIXES:
            raise ValueError(f"ruleset blob: member {m.filename!r} is not a ruleset file type")
        if (m.external_attr >> 16) & 0o170000 == 0o120000:
            raise ValueError(f"ruleset blob: member {m.filename!r} is a symbolic link")
        total += m.file_size
        if total > MAX_TOTAL:
            raise ValueError(f"ruleset blob: more than {MAX_TOTAL} bytes unpacked")
    if "ruleset.toml" not in {m.filename for m in members}:
        raise ValueError("ruleset blob: no ruleset.toml at the top")
    into.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=into))
    try:
        for m in members:
            target = staging / m.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                target.write_bytes(z.read(m))
            except (zipfile.BadZipFile, OSError, ValueError) as exc:
                raise ValueError(f"ruleset blob: member {m.filename!r} cannot be read ({exc})") from None
        rs, problems = load_ruleset(staging)
        if rs is None:
            raise ValueError("ruleset blob: " + "; ".join(str(p) for p in problems[:3]))
        final = into / name
        old = into / f".{name}.old"
        if old.exists():
            shutil.rmtree(old)
        if final.exists():
            final.rename(old)
        staging.rename(final)
        if old.exists():
            shutil.rmtree(old, ignore_errors=True)
        return final
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
