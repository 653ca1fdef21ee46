"""Issue 21 item 9 on the screen: a 5000-digit number in settings.toml used to crash the unit at
every start. Now it starts with the default settings, the menu says which file, line and key,
and the file is kept aside."""

from ui_harness import B, press, stack


def test_the_app_starts_with_defaults_and_says_why(make_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.toml").write_text("[display]\nfps_cap = " + "9" * 5000 + "\n")
    app = make_app((320, 240))
    press(app, B.A)
    assert stack(app) == ["menu", "message"]
    text = " ".join(app.top.lines)
    assert "settings.toml" in text and "line 2" in text and "display.fps_cap: a number of 5000 characters" in text
    assert app.settings.fps_cap == 30 and (data / "settings.toml.corrupt-1").exists()
