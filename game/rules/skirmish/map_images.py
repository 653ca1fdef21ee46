"""Reading a map image (tiles or elevation) safely: bounded bytes, header checked before decoding.

    img = read_indexed_image(path, label, "map.image", problems, max_side=128)
    if img: img.width, img.height, img.pixels (one palette index per pixel), img.palette (RGB list)

The file goes through the one bounded reader (`game.core.datafile.read_bytes`: regular files
only, so a FIFO cannot hang `validate` and a symlink to /dev/zero is refused; at most
`MAX_IMAGE_BYTES`). Pillow then parses only the header: an image whose header claims more than
`max_side` pixels a side is refused before a single pixel is decoded (a 30000x30000 PNG used to
raise DecompressionBombError, a 12000x12000 one was decoded in full before the side check).
Any decoder failure on the remaining (small) images is one problem naming the file, never an
exception: the bytes may come from a peer over the link.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from game.core import datafile
from game.rules.schema import ProblemList

MAX_IMAGE_BYTES = 8 * 1024 * 1024  # a 128x128 8-bit image is 16 KB uncompressed


@dataclass(frozen=True)
class IndexedImage:
    width: int
    height: int
    mode: str
    pixels: bytes           # row-major, one byte per pixel (palette index, or grey level for "L")
    palette: tuple[int, ...]  # r, g, b, r, g, b, ... ; empty for "L"


def read_indexed_image(path: Path, label: str, key: str, problems: ProblemList, *, max_side: int,
                       modes: tuple[str, ...] = ("P",), missing: str = "") -> IndexedImage | None:
    """The image at `path` as indexed pixels; None (and one problem at `label: key`) if unusable.
    Messages name the image unless `label` is the image itself (a map made of an image alone)."""
    me = "" if label.endswith("/" + path.name) else f"{path.name}: "
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow is a dependency
        problems.add(label, key, "Pillow is not installed, cannot import map images")
        return None
    try:
        data = datafile.read_bytes(path, max_bytes=MAX_IMAGE_BYTES, label=path.name)
    except datafile.MissingFile:
        problems.add(label, key, f"{path.name} does not exist{missing}")
        return None
    except datafile.DataFileError as exc:
        problems.add(label, key, f"{me}{exc.what}, expected an indexed-colour PNG or BMP")
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the side check below decides
            with Image.open(io.BytesIO(data)) as im:    # reads the header only
                w, h = im.size
                if w > max_side or h > max_side or w < 1 or h < 1:
                    problems.add(label, key, f"{me}image is {w}x{h} pixels, at most {max_side}x{max_side} "
                                 "allowed (checked before decoding)")
                    return None
                if im.mode not in modes:
                    problems.add(label, key, f"{me}image mode {im.mode}, expected an indexed-colour "
                                 f"(palette) image ({' or '.join(modes)})")
                    return None
                im.load()
                mode = im.mode
                pixels = im.tobytes()
                palette = tuple(im.getpalette() or ()) if mode == "P" else ()
    except Image.DecompressionBombError:
        problems.add(label, key, f"{me}the header claims a huge image, at most {max_side}x{max_side} pixels "
                     "allowed (checked before decoding)")
        return None
    except Image.UnidentifiedImageError:
        problems.add(label, key, f"{me}not a readable image (not a PNG or BMP), expected an indexed-colour PNG or BMP")
        return None
    except Exception as exc:  # noqa: BLE001 - untrusted bytes: any decoder error is a problem, not a crash
        problems.add(label, key, f"{me}not a readable image ({type(exc).__name__}: {exc}), "
                     "expected an indexed-colour PNG or BMP")
        return None
    if len(pixels) != w * h:
        problems.add(label, key, f"{me}{len(pixels)} bytes of pixels for {w}x{h}, expected 8 bits a pixel")
        return None
    return IndexedImage(w, h, mode, pixels, palette)
