"""The gallery and the playground in a real browser: headless Chromium from the system
packages, driven by Playwright. CI sets DSL_REQUIRE_BROWSER=1 (.ci/run), so a missing
browser fails there; a developer without one gets a skip that says why."""
from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.cli.main import main
from dsl.language.fansets import open_sets

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
FAN_SET = Path(__file__).parent / "fixtures" / "fan_set"
WAIT = 15_000                        # ms


def _no_browser(reason: str):
    if os.environ.get("DSL_REQUIRE_BROWSER") == "1":
        pytest.fail(f"DSL_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(f"{reason} (install chromium, or set DSL_REQUIRE_BROWSER=1 to make this fail)")


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        _no_browser(f"no {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("Playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    pg = context.new_page()
    pg.problems = []
    pg.on("console", lambda m: m.type == "error" and pg.problems.append(m.text))
    pg.on("pageerror", lambda e: pg.problems.append(str(e)))
    pg.set_default_timeout(WAIT)
    yield pg
    context.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("browser") / "gallery"
    assert main(["gallery", str(out), "--cards", str(FAN_SET)]) == 0
    return out


def visible_ids(page) -> list:
    return sorted(page.eval_on_selector_all(".tile:not([hidden])",
                                            "ts => ts.map(t => t.dataset.id)"))


def test_gallery_shows_every_card_and_filters_work(page, site):
    cat = open_sets([FAN_SET]).catalog
    page.goto((site / "index.html").as_uri())
    assert visible_ids(page) == sorted(cat.cards)
    assert page.text_content("#shown") == str(len(cat.cards)) == "295"
    page.wait_for_function("() => document.querySelector('.tile img').naturalWidth > 0")

    def expect(set_="", type_="", cost=""):
        page.select_option("#f-set", set_)
        page.select_option("#f-type", type_)
        page.select_option("#f-cost", cost)
        want = sorted(c.id for c in cat.cards.values() if (not set_ or c.set == set_) and
                      (not type_ or type_ in c.types) and (not cost or str(c.cost) == cost))
        assert visible_ids(page) == want and want, (set_, type_, cost)
        assert page.text_content("#shown") == str(len(want))
    expect(set_="workshop_tales")
    expect(set_="alchemy")
    expect(type_="attack")
    expect(cost="$4")
    expect(set_="base", type_="action", cost="$5")
    expect(type_="treasure", cost="$3P")
    expect()
    assert page.problems == []


def test_a_card_page_shows_faces_yaml_and_scenarios(page, site):
    page.goto((site / "cards" / "apprentice_smith.html").as_uri())
    page.wait_for_function("() => [...document.querySelectorAll('#faces img')]"
                           ".every(i => i.complete && i.naturalWidth > 0)")
    captions = page.eval_on_selector_all("#faces figcaption", "fs => fs.map(f => f.lang)")
    assert captions == ["en", "cs", "hu"]
    assert "may discard 1 copper from hand { +1 card }" in page.text_content("#yaml")
    assert "Apprentice Smith draws two" in page.text_content("#scenarios")
    page.click("#scenarios summary")
    assert page.is_visible("#scenarios pre")
    page.click("text=All cards")
    assert page.url.endswith("/index.html")
    assert page.problems == []


def test_gallery_pages_speak_their_locale_sort_and_fit_a_phone(browser, site):
    context = browser.new_context(viewport={"width": 400, "height": 800})
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto((site / "index-cs.html").as_uri())
    assert page.get_attribute("html", "lang") == "cs"
    assert page.text_content("h1") == "Galerie karet"
    assert "karet" in page.text_content("#count") and "cards" not in page.text_content("#count")
    headings = page.eval_on_selector_all("section.set h2", "hs => hs.map(h => h.textContent)")
    assert "Alchymie" in headings and len(headings) >= 8
    wide = "() => document.documentElement.scrollWidth"
    assert page.evaluate(wide) <= 400
    first = page.eval_on_selector_all("section.set[data-set=base] .tile",
                                      "ts => ts.map(t => t.dataset.cost)")
    assert first == sorted(first, key=lambda c: int(c.strip("$P")))      # by cost in a set
    page.select_option("#f-sort", "cost")
    costs = page.eval_on_selector_all("#by-cost .tile:not([hidden])",
                                      "ts => ts.map(t => t.dataset.cost)")
    assert len(costs) == len(open_sets([FAN_SET]).catalog.cards) and costs == sorted(costs, key=lambda c: (int(c.strip("$P")),
                                                                       c.count("P")))
    assert page.is_hidden("section.set")
    page.select_option("#f-sort", "set")
    page.select_option("#f-set", "alchemy")
    assert page.eval_on_selector_all("section.set:not([hidden])", "s => s.length") == 1
    page.click(".tile[data-id=moat] a") if page.is_visible(".tile[data-id=moat]") else \
        page.goto((site / "cards" / "moat.cs.html").as_uri())
    page.wait_for_function("() => [...document.querySelectorAll('#faces img')]"
                           ".every(i => i.complete && i.naturalWidth > 0)")
    assert page.get_attribute("html", "lang") == "cs"
    assert page.evaluate(wide) <= 400                    # the YAML wraps inside its block
    assert "Soubor karty" in page.text_content("body")
    page.click("#faces figure:first-child a >> nth=0")
    assert page.url.endswith("/faces/moat.en.svg")
    assert page.evaluate("() => document.documentElement.getAttribute('width')") == "600"
    context.close()
    assert problems == []


@pytest.fixture(scope="module")
def playground(tmp_path_factory):
    fan = shutil.copytree(FAN_SET, tmp_path_factory.mktemp("play") / "fan_set")
    proc = subprocess.Popen([sys.executable, "-m", "dsl", "serve", "--port", "0", "--cards",
                             str(fan)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    line = proc.stdout.readline() if select.select([proc.stdout], [], [], 60)[0] else ""
    m = re.match(r"dsl serve: (http://127\.0\.0\.1:\d+/)", line)
    if not m:
        proc.kill()
        pytest.fail(f"dsl serve did not start: {line}{proc.stderr.read()}")
    yield m.group(1)
    proc.terminate()
    proc.wait(timeout=10)


def _status(page, text: str) -> None:
    page.wait_for_function("t => document.getElementById('status').textContent === t", arg=text)


def test_playground_typo_gives_its_line_and_fixing_clears_it(page, playground):
    page.goto(playground + "?card=apprentice_smith")
    _status(page, "no problems")
    page.wait_for_function("() => document.getElementById('face').naturalWidth > 0")
    first = page.get_attribute("#face", "src")
    assert first.startswith("data:image/svg+xml")
    good = page.input_value("#yaml")
    assert good.splitlines()[8] == "  +2 cards"          # line 9
    gutter = page.text_content("#gutter").split("\n")
    assert gutter == [str(i) for i in range(1, good.count("\n") + 2)]
    page.fill("#yaml", good.replace("+2 cards", "+2 cardz"))
    page.wait_for_selector("#diagnostics li.error")
    errors = page.query_selector_all("#diagnostics li.error")
    assert len(errors) == 1
    assert (errors[0].get_attribute("data-line"), errors[0].get_attribute("data-col"),
            errors[0].get_attribute("data-code")) == ("9", "6", "E003")
    assert "line 9, col 6: error E003: syntax: unknown bonus '+N cardz'" in errors[0].text_content()
    assert "stale" in page.get_attribute("#face", "class")
    page.fill("#yaml", good)
    _status(page, "no problems")
    assert page.query_selector_all("#diagnostics li") == []
    assert page.get_attribute("#face", "src") == first
    page.fill("#yaml", good.replace('{en: "Apprentice Smith"}', '{en: "Journeyman Smith"}'))
    page.wait_for_function("s => document.getElementById('face').src !== s", arg=first)
    _status(page, "no problems")
    assert "Journeyman" in _svg(page)
    renamed = page.get_attribute("#face", "src")
    page.select_option("#locale", "hu")
    page.wait_for_function("s => document.getElementById('face').src !== s", arg=renamed)
    assert page.problems == []


def _svg(page) -> str:
    from urllib.parse import unquote
    src = page.get_attribute("#face", "src")
    return unquote(src.split(",", 1)[1])
