"""The drop-in folder: every format, broken files next to good ones, bounds, links, the cache,
and `tactibox import` copying into the folder the screen lists."""

import json
import os
import socket

import pytest
from dropin_files import GOOD_QUEST, OPEN_XSB, fill, many_files

from game.cli import main
from game.modes.quest import dropin as D
from game.modes.quest.catalog import MAX_FILE, LevelError, load_level


@pytest.fixture(autouse=True)
def _empty_cache():
    D._CACHE.clear()
    yield
    D._CACHE.clear()


@pytest.fixture
def parsed(monkeypatch):
    """The labels of the files actually read (not served from the cache)."""
    seen = []
    real = D._parse

    def spy(label, path):
        seen.append(label)
        return real(label, path)
    monkeypatch.setattr(D, "_parse", spy)
    return seen


def by_label(listing):
    return {f.label: f for f in listing.files}


def test_every_format_listed_and_broken_files_do_not_hide_the_others(tmp_path):
    folder = fill(tmp_path / "import")
    got = by_label(D.list_dropins([folder]))
    assert list(got) == ["bad.hsb", "broken.quest", "hex.hsb", "latin.txt", "LEVELS.DAT", "micro.xsb",
                           "notes.txt", "open.sok", "short.dat", "tiny.quest"]
    # good levels, with the line they start at; numbers count every level of the file, so the
    # level after the refused level 2 is number 3, as the error calls it
    micro = got["micro.xsb"]
    assert [(lv.number, lv.title, lv.where, lv.kind, lv.solution) for lv in micro.levels] == [
        (1, "Micro One", "line 1", "square", True), (3, "Micro Two", "line 15", "square", False)]
    assert micro.errors == ("micro.xsb: 11: level 2 is open: the player can reach the map's edge at 5,2",)
    assert [(lv.title, lv.kind) for lv in got["hex.hsb"].levels] == [("Hexa", "hex")]
    assert [lv.title for lv in got["latin.txt"].levels] == ["Fran\u00e7ois"]      # Latin-1 file
    assert [lv.title for lv in got["tiny.quest"].levels] == ["Tiny"]
    sp = got["LEVELS.DAT"]
    assert [(lv.number, lv.title, lv.where, lv.note) for lv in sp.levels] == [(2, "SECOND", "", "turn-based adaptation")]
    assert any("gravity port" in w for w in sp.levels[0].warnings)
    assert sp.errors and all(e.startswith("LEVELS.DAT: level 1: ") for e in sp.errors)
    # broken files: no level, an error naming file and line
    assert got["open.sok"].levels == () and got["open.sok"].errors[0].startswith("open.sok: 1: level 1 is open")
    assert got["bad.hsb"].levels == () and "off the hex lattice" in got["bad.hsb"].errors[0]
    assert got["broken.quest"].levels == () and got["broken.quest"].errors[0].startswith("broken.quest: 6: ")
    assert got["short.dat"].errors == ("short.dat: size 1535 is less than one level record (1536 bytes)",)
    assert "no Sokoban level found" in got["notes.txt"].errors[0]


def test_every_ref_loads_the_level_the_list_shows(tmp_path):
    listing = D.list_dropins([fill(tmp_path / "import")])
    assert len(listing.levels) == 6
    for d in listing.levels:
        lv, lid, text = load_level(d.ref)
        assert (lv.title or lv.name, lid) == (d.title, "") and text
        assert ("hex" if lv.grid.kind == "hex" else "square") == d.kind


def test_ref_of_a_file_with_a_hash_in_its_name(tmp_path):
    folder = tmp_path / "import"
    folder.mkdir()
    (folder / "my#1.quest").write_text(GOOD_QUEST)
    (folder / "set#2.xsb").write_text(OPEN_XSB + "\n" + GOOD_QUEST.split("map:\n")[1].split("end")[0])
    levels = D.list_dropins([folder]).levels
    # the second level of set#2.xsb is #2 even though the first is refused
    assert [d.ref for d in levels] == [str(folder / "my#1.quest"), f"{folder / 'set#2.xsb'}#2"]
    assert [load_level(d.ref)[0].grid.kind for d in levels] == ["square4", "square4"]
    with pytest.raises(LevelError, match=r"has no level 1 that loads \(1 of its levels load\)\n.*set#2.xsb: 1: level 1 is open"):
        load_level(f"{folder / 'set#2.xsb'}#1")


def test_folders_links_and_unreadable_files(tmp_path, monkeypatch):
    folder = tmp_path / "import"
    (folder / "pack.xsb").mkdir(parents=True)                 # a folder named like a level
    (folder / "pack.xsb" / "inner.quest").write_text(GOOD_QUEST)
    (folder / "a" / "b" / "c").mkdir(parents=True)
    (folder / "a" / "b" / "c" / "deep.quest").write_text(GOOD_QUEST)
    os.symlink("loop.xsb", folder / "loop.xsb")               # a link to itself
    os.symlink(folder, folder / "again")                      # a folder loop
    os.symlink(tmp_path / "gone.quest", folder / "gone.quest")
    os.symlink(folder / "pack.xsb" / "inner.quest", folder / "linked.quest")
    os.mkfifo(folder / "pipe.xsb")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(folder / "s.hsb"))
    os.symlink("/dev/zero", folder / "zero.dat")
    (folder / "locked.quest").write_text(GOOD_QUEST)
    real_open = os.open

    def no_access(path, *a, **kw):                            # chmod 000 does not stop root
        if str(path).endswith("locked.quest"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *a, **kw)
    monkeypatch.setattr(os, "open", no_access)
    try:
        got = by_label(D.list_dropins([folder]))
    finally:
        sock.close()
    assert [lv.title for lv in got["pack.xsb/inner.quest"].levels] == ["Tiny"]
    assert [lv.title for lv in got["linked.quest"].levels] == ["Tiny"]
    errs = {k: f.errors[0] for k, f in got.items() if f.errors}
    assert errs == {
        "a/b/c": "a/b/c: folder nested more than 2 deep; not read",
        "again": "again: a link to a folder; such links are not followed (copy the files in)",
        "gone.quest": "gone.quest: cannot be read (a link to nothing)",
        "locked.quest": "locked.quest: cannot be opened (Permission denied)",
        "loop.xsb": "loop.xsb: cannot be read (a symbolic link loop)",
        "pipe.xsb": "pipe.xsb: is a FIFO (named pipe), expected a level file",
        "s.hsb": "s.hsb: is a socket, expected a level file",
        "zero.dat": "zero.dat: is a character device, expected a level file",
    }


def test_a_folder_of_ten_thousand_files_is_refused_unread(tmp_path, parsed):
    folder = tmp_path / "import"
    many_files(folder, 10_000)
    listing = D.list_dropins([folder])
    assert listing.files == () and parsed == []
    assert listing.errors == (f"{folder}: more than 2000 files and folders; nothing in it was read "
                              "(keep at most 2000, for example fewer level packs)",)


def test_a_one_gigabyte_file_is_refused_unread(tmp_path, parsed):
    folder = fill(tmp_path / "import")
    with open(folder / "huge.xsb", "wb") as fh:
        fh.truncate(1 << 30)                                  # sparse: no disk used
    got = by_label(D.list_dropins([folder]))
    assert got["huge.xsb"].errors == (f"huge.xsb: file is {1 << 30} bytes, at most {MAX_FILE} allowed; not read",)
    assert "huge.xsb" not in parsed and len(got["micro.xsb"].levels) == 2


def test_total_bytes_bound(tmp_path, monkeypatch, parsed):
    folder = fill(tmp_path / "import")
    monkeypatch.setattr(D, "MAX_TOTAL", 700)                  # LEVELS.DAT alone is 3072 bytes
    got = by_label(D.list_dropins([folder]))
    assert got["LEVELS.DAT"].errors == ("LEVELS.DAT: the import folders hold more than 700 bytes of level files; not read",)
    assert "LEVELS.DAT" not in parsed and got["tiny.quest"].levels


def test_listing_again_reads_only_changed_files(tmp_path, parsed):
    folder = fill(tmp_path / "import")
    first = D.list_dropins([folder])
    assert len(parsed) == 10
    assert D.list_dropins([folder]) == first and len(parsed) == 10
    (folder / "tiny.quest").write_text(GOOD_QUEST.replace("Tiny", "Tinier"))
    (folder / "open.sok").unlink()
    again = by_label(D.list_dropins([folder]))
    assert parsed[10:] == ["tiny.quest"] and "open.sok" not in again
    assert [lv.title for lv in again["tiny.quest"].levels] == ["Tinier"]


def test_missing_folder_is_empty_and_extra_folders_from_the_environment(tmp_path):
    assert D.list_dropins([tmp_path / "nothing"]) == D.Listing(folders=(str(tmp_path / "nothing"),))
    sd = fill(tmp_path / "sd")
    folders = D.import_folders(tmp_path / "data", {"TACTIBOX_QUEST_IMPORT_PATH": f"{sd}: :{tmp_path / 'none'}"})
    assert folders == [tmp_path / "data" / "quest" / "import", sd, tmp_path / "none"]
    labels = [f.label for f in D.list_dropins(folders).files]
    assert "sd/tiny.quest" in labels and "sd/micro.xsb" in labels
    (tmp_path / "afile").write_text("x")
    assert D.list_dropins([tmp_path / "afile"]).errors == (f"{tmp_path / 'afile'}: not a folder",)


def test_import_copies_into_the_folder_the_screen_lists(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "data"))
    src = fill(tmp_path / "src")
    files = [str(src / n) for n in ("micro.xsb", "LEVELS.DAT", "open.sok", "tiny.quest")]
    rc = main(["import", *files, "--json"])
    rep = json.loads(capsys.readouterr().out)
    folder = tmp_path / "data" / "quest" / "import"
    assert rc == 1                                            # the broken levels are errors
    assert sorted(os.listdir(folder)) == ["LEVELS.DAT", "micro.xsb", "tiny.quest"]   # open.sok has no level
    assert (folder / "micro.xsb").read_bytes() == (src / "micro.xsb").read_bytes()
    listing = D.list_dropins([folder])
    # the command and the screen agree: same levels, same refs, same errors and warnings
    assert sorted(e["ref"] for e in rep["levels"] if "ref" in e) == sorted(d.ref for d in listing.levels)
    assert [e["solution"] for e in rep["levels"]] == ["verified", "none", "none", "none"]
    screen_errors = [e.split(": ", 1)[1] for f in listing.files for e in f.errors]
    assert sorted(e.split(": ", 1)[1] for e in rep["errors"]) == sorted(
        screen_errors + ["1: level 1 is open: the player can reach the map's edge at 5,2"])
    assert any("gravity port" in w and w.startswith(f"{src / 'LEVELS.DAT'}#2: ") for w in rep["warnings"])
    # importing again leaves the folder as it is; a changed file replaces the old one
    (src / "tiny.quest").write_text(GOOD_QUEST.replace("Tiny", "Tiny 2"))
    assert main(["import", str(src / "tiny.quest")]) == 0
    out = capsys.readouterr().out
    assert f"copied to {folder / 'tiny.quest'}" in out and "1 levels, 0 errors" in out
    assert [d.title for d in D.list_dropins([folder]).levels if d.label == "tiny.quest"] == ["Tiny 2"]


def test_import_check_copies_nothing_and_refuses_bad_paths(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "data"))
    src = fill(tmp_path / "src")
    assert main(["import", "--check", str(src / "tiny.quest")]) == 0
    assert not (tmp_path / "data" / "quest" / "import").exists()
    capsys.readouterr()
    os.mkfifo(src / "p.xsb")
    assert main(["import", str(src / "p.xsb"), str(tmp_path / "none.xsb"), str(src), "--json"]) == 1
    rep = json.loads(capsys.readouterr().out)
    assert rep["errors"] == [f"{src / 'p.xsb'}: not a regular file", f"{tmp_path / 'none.xsb'}: no such file",
                             f"{src}: is a folder; name the level files in it (for example DIR/*.xsb)"]
    assert rep["copied"] == [] and not any((tmp_path / "data" / "quest" / "import").iterdir())
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "tiny.quest").write_text(GOOD_QUEST)
    assert main(["import", str(src / "tiny.quest"), str(tmp_path / "other" / "tiny.quest"), "--json"]) == 1
    rep = json.loads(capsys.readouterr().out)
    assert rep["errors"] == [f"{tmp_path / 'other' / 'tiny.quest'}: {src / 'tiny.quest'} was imported under the "
                             "same name 'tiny.quest'; rename one"]


def test_the_sd_card_image_reads_the_boot_partition_folder():
    from pathlib import Path
    build = Path(__file__).resolve().parents[2] / "image-build"
    unit = (build / "rootfs/etc/systemd/system/tactibox.service").read_text()
    assert "Environment=TACTIBOX_QUEST_IMPORT_PATH=/boot/firmware/tactibox/quest-levels\n" in unit
    shipped = build / "boot-files" / "quest-levels"           # copied to /boot/firmware/tactibox/
    assert D.list_dropins([shipped]) == D.Listing(folders=(str(shipped),))   # its ABOUT.md is not a level
    assert "quest-levels/" in (build / "boot-files" / "README.txt").read_text()
