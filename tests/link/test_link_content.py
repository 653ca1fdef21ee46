"""Installing a ruleset a (possibly hostile) host sent: every entry of the hostile corpus is
refused with a ValueError naming the problem, nothing half-checked stays in link-received, a good
ruleset is swapped in whole, and a map no game can start on is refused (issue 9 item 6)."""

from __future__ import annotations

import pytest
from hostile import TINY_HEX, good_zip, mini_files, ruleset_corpus, write_folder

from game.link.content import install_ruleset_checked, pack_ruleset
from game.link.ruleset_holder import RulesetHolder
from game.rules.skirmish.loader import load_ruleset

CORPUS = ruleset_corpus()


@pytest.mark.parametrize("entry", CORPUS, ids=lambda e: e.name)
def test_hostile_blob_is_refused_and_nothing_is_installed(entry, tmp_path):
    with pytest.raises(ValueError, match="ruleset blob") as info:
        install_ruleset_checked(entry.blob, tmp_path, "link-received")
    assert "refused (" not in str(info.value)            # a named bound, not the last-resort guard
    assert [p.name for p in tmp_path.iterdir()] == []    # no folder, no staging left behind


def test_a_broken_blob_keeps_the_ruleset_installed_before(tmp_path):
    first = install_ruleset_checked(good_zip(), tmp_path, "link-received")
    assert first.path == tmp_path / "link-received" and first.maps
    before = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    firsts = {}
    for entry in CORPUS:                                 # one of each kind (the test above runs all)
        firsts.setdefault(entry.category, entry)
    for entry in firsts.values():
        with pytest.raises(ValueError):
            install_ruleset_checked(entry.blob, tmp_path, "link-received")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == before
    rs, problems = load_ruleset(tmp_path / "link-received")
    assert rs is not None and not problems and rs.content_hash == first.content_hash


def test_a_good_blob_replaces_the_old_copy_whole(tmp_path):
    files = mini_files()
    install_ruleset_checked(good_zip(files), tmp_path, "link-received")
    (tmp_path / ".link-received.new.crashed").mkdir()            # left by a power cut
    del files["maps/ring.toml"]
    rs = install_ruleset_checked(good_zip(files), tmp_path, "link-received")
    assert [m.id for m in rs.maps] == ["duel"]
    assert not (tmp_path / "link-received" / "maps" / "ring.toml").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link-received"]


def test_pack_and_install_round_trip_keeps_the_content_hash(tmp_path):
    folder = write_folder(tmp_path / "mini", mini_files())
    rs, _ = load_ruleset(folder)
    got = install_ruleset_checked(pack_ruleset(folder), tmp_path / "data", "link-received")
    assert got.content_hash == rs.content_hash


def test_holder_keeps_its_ruleset_when_the_blob_is_refused(tmp_path):
    folder = write_folder(tmp_path / "src" / "mini", mini_files())
    rs, _ = load_ruleset(folder)
    holder = RulesetHolder(rs, tmp_path)
    files = mini_files()
    files["maps/tiny.toml"] = TINY_HEX
    with pytest.raises(ValueError, match="cannot be played"):
        holder.install("ruleset", good_zip(files))
    assert holder.rs is rs and not (tmp_path / "link-received").exists()
    digest = holder.install("ruleset", pack_ruleset(folder))
    assert digest.hex() == rs.content_hash and holder.rs.path == tmp_path / "link-received"


def test_start_on_a_map_no_formation_fits_is_a_clean_error(tmp_path):
    """Even a ruleset that got onto the unit some other way: the host's START is refused."""
    from game.link.modes import guest_spec, tag_setup
    from game.modes.skirmish.link import GUEST, HOST, LinkedSeat, encode_setup
    from game.modes.skirmish.pieces import Options
    from game.modes.skirmish.setup import Participant
    files = mini_files()
    files["maps/tiny.toml"] = TINY_HEX
    rs, _ = load_ruleset(write_folder(tmp_path / "tiny", files))
    assert "tiny" in [m.id for m in rs.maps]
    seats = [LinkedSeat(HOST, Participant("", "bot:easy")), LinkedSeat(GUEST, Participant("", "bot:easy"))]
    setup = encode_setup(rs, "tiny", Options(1, rs.rules.army_limit, 0), seats)
    with pytest.raises(ValueError, match="where pieces can stand"):
        guest_spec(RulesetHolder(rs, tmp_path)).make_game(7, tag_setup("skirmish", setup))
