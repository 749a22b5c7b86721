"""`dsl gallery OUT/`: every card in every locale, filters' data, card pages with faces,
YAML and scenarios; written whole or not at all, never over a folder that is not a gallery."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from dsl.web import gallery
from dsl.cli.main import main
from dsl.language.fansets import open_sets
from dsl.text.i18n import locale_for
from dsl.language.loader import load_shipped

FAN_SET = Path(__file__).parent / "fixtures" / "fan_set"
TILE = re.compile(r'<li class="tile(?: wide)?" data-id="([a-z0-9_]+)" data-set="([^"]*)" '
                  r'data-types="([^"]*)" data-cost="([^"]*)">')


@pytest.fixture(scope="module")
def shipped_site(tmp_path_factory):
    """The gallery of the shipped sets and the fan set fixture, all locales, by the CLI."""
    out = tmp_path_factory.mktemp("site") / "gallery"
    assert main(["gallery", str(out), "--cards", str(FAN_SET)]) == 0
    return out


def test_every_shipped_and_fan_card_in_every_locale(shipped_site):
    cat = open_sets([FAN_SET]).catalog
    shipped = load_shipped().catalog
    assert len(shipped.cards) == 293        # 273 cards and Adventures' 20 Events
    for index in ("index.html", "index-hu.html", "index-cs.html"):
        text = (shipped_site / index).read_text(encoding="utf-8")
        ids = [m.group(1) for m in TILE.finditer(text)]
        assert sorted(ids) == sorted(cat.cards), index
        assert set(shipped.cards) <= set(ids)
    for cid in cat.cards:
        page = (shipped_site / "cards" / f"{cid}.html").read_text(encoding="utf-8")
        for code in ("en", "hu", "cs"):
            assert f'src="../faces/{cid}.{code}.svg"' in page
            face = (shipped_site / "faces" / f"{cid}.{code}.svg").read_text(encoding="utf-8")
            assert face.lstrip().startswith(("<svg", "<?xml"))
    assert (shipped_site / gallery.MARKER).is_file()
    assert not list(shipped_site.parent.glob("gallery.part-*"))


def test_tiles_carry_set_types_and_cost_for_the_filters(shipped_site):
    text = (shipped_site / "index.html").read_text(encoding="utf-8")
    tiles = {m.group(1): m.groups()[1:] for m in TILE.finditer(text)}
    cat = load_shipped().catalog
    for cid, card in cat.cards.items():
        assert tiles[cid] == (card.set, " ".join(card.types), str(card.cost))
    for select in ("f-set", "f-type", "f-cost"):
        assert f'<select id="{select}">' in text
    assert '<option value="$3P">$3P</option>' in text      # an alchemy cost
    assert '<option value="workshop_tales">Workshop Tales</option>' in text
    hu = (shipped_site / "index-hu.html").read_text(encoding="utf-8")
    assert '<option value="action">Akció</option>' in hu   # type names in the locale


def test_card_page_has_its_yaml_and_its_scenarios(shipped_site):
    page = (shipped_site / "cards" / "apprentice_smith.html").read_text(encoding="utf-8")
    assert "may discard 1 copper from hand { +1 card }" in page
    assert "Apprentice Smith draws two, and one more for a discarded Copper" in page
    assert "fan_set/tests/apprentice_smith.yaml" in page
    # a shipped card's scenarios in a checkout (tests/scenarios/<set>/...)
    village = (shipped_site / "cards" / "village.html").read_text(encoding="utf-8")
    assert "tests/scenarios/" in village and 'class="scenario"' in village


def _fan_copy(tmp_path, name="<script>alert(1)</script> & Co") -> Path:
    fan = shutil.copytree(FAN_SET, tmp_path / "fan")
    (fan / "cards" / "lonely.yaml").write_text(
        "id: lonely\nset: workshop_tales\ncost: 2\ntypes: [action]\n"
        f"names: {{en: '{name}'}}\ntext:\n  en: \"+1 Action.\"\non_play: \"+1 action\"\n",
        encoding="utf-8")
    return fan


def test_a_card_without_scenarios_says_none_and_names_are_escaped(tmp_path):
    cat = open_sets([_fan_copy(tmp_path)]).catalog
    files = gallery.site_files(cat, [locale_for("en", cat)])
    page = files["cards/lonely.html"]
    assert '<p class="scenarios none" id="scenarios">none</p>' in page
    assert "<script>alert" not in page and "<script>alert" not in files["index.html"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in files["index.html"]
    for text in files.values():      # no inline script anywhere: the CSP forbids it
        assert "<script>" not in text


def test_refuses_a_folder_that_is_not_a_gallery(tmp_path, capsys):
    out = tmp_path / "docs"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["gallery", str(out), "--locale", "en"]) == 1
    assert "not empty and is not a gallery" in capsys.readouterr().err
    assert [p.name for p in out.iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"]
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    assert main(["gallery", str(afile)]) == 1
    assert "not a folder" in capsys.readouterr().err


def test_rebuilds_an_earlier_gallery_whole(tmp_path):
    out = tmp_path / "site"
    fan = _fan_copy(tmp_path, "Lonely")
    assert main(["gallery", str(out), "--cards", str(fan), "--locale", "en,hu"]) == 0
    assert (out / "cards" / "lonely.html").is_file() and (out / "index-hu.html").is_file()
    (fan / "cards" / "lonely.yaml").unlink()
    assert main(["gallery", str(out), "--cards", str(fan), "--locale", "en"]) == 0
    assert not (out / "cards" / "lonely.html").exists()      # the old site is gone whole
    assert not (out / "index-hu.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fan", "site"]


def test_a_failure_midway_leaves_the_old_gallery(tmp_path, monkeypatch):
    out = tmp_path / "site"
    assert main(["gallery", str(out), "--locale", "en"]) == 0
    before = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    real = gallery.Path.write_text
    calls = []

    def flaky(self, *a, **k):
        calls.append(self)
        if len(calls) > 50:
            raise OSError(28, "No space left on device")
        return real(self, *a, **k)
    monkeypatch.setattr(gallery.Path, "write_text", flaky)
    assert main(["gallery", str(out), "--locale", "en,hu"]) == 1
    monkeypatch.undo()
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]     # no .part left


def test_unknown_locale_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["gallery", str(tmp_path / "x"), "--locale", "xx"])
    assert e.value.code == 2
    assert "--locale xx: no catalog (known: en, cs, hu)" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_scenarios_match_kingdom_and_steps():
    data = {"kingdom": ["village", 3], "steps": [{"play": "smithy"}, {"buy": "gold"},
                                                  {"gain": {"player": "p2", "card": "curse"}},
                                                  "end_turn"],
            "setup": {"p1": {"hand": ["copper"]}}}
    assert gallery._mentioned(data) == {"village", "smithy", "gold", "curse"}


def test_a_text_longer_than_a_card_gets_a_placeholder_face_without_a_layout(tmp_path, capsys):
    fan = shutil.copytree(FAN_SET, tmp_path / "fan")
    (fan / "cards" / "endless.yaml").write_text(
        "id: endless\nset: workshop_tales\ncost: 2\ntypes: [action]\nnames: {en: Endless}\n"
        "on_play: |\n" + "  +1 card\n" * 1000, encoding="utf-8")
    # bounded by its size, not by a clock: the face's layout is never tried
    from dsl.language.loader import load_shipped
    cat = load_shipped([fan]).catalog
    from dsl.text.i18n import locale_for
    face, note = gallery.bounded_face(cat.cards["endless"], cat, locale_for("en", cat))
    assert face is None and note.startswith("no face: the card's text is 1000 lines")
    assert main(["gallery", str(tmp_path / "site"), "--cards", str(fan), "--locale", "en"]) == 0
    assert "endless.yaml: no face: the card's text is 1000 lines" in capsys.readouterr().err
    face = (tmp_path / "site" / "faces" / "endless.en.svg").read_text(encoding="utf-8")
    assert "no face: the card" in face and 'width="600"' in face
