"""Decoding a stored JSON file's bytes, with the reasons the stores give a player when they cannot."""

from __future__ import annotations

import json


def decode_json(raw: bytes, error: type[Exception], **loads_kw):
    """The JSON document in `raw` (`loads_kw` go to `json.loads`); `error(reason)`, e.g.
    "is not valid JSON (line 3: ...)", for bytes that are not UTF-8 JSON or nest too deeply."""
    try:
        return json.loads(raw.decode("utf-8"), **loads_kw)
    except UnicodeDecodeError as exc:
        raise error(f"is not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise error(f"is not valid JSON (line {exc.lineno}: {exc.msg}); the file may have been cut short") from None
    except RecursionError:
        raise error("is nested too deeply") from None
