"""`dsl serve`: the playground's API lints text in memory exactly as `dsl lint` lints the
file, and refuses hostile requests with clear JSON errors; it never writes a file."""
from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from dsl.language.fansets import open_sets
from dsl.lint.checks import lint
from dsl.web.playground import MAX_BODY, create_app, lint_text

FAN_SET = Path(__file__).parent / "fixtures" / "fan_set"
TYPO_LINE, TYPO_COL = 9, 6          # `  +2 cardz` in on_play


@pytest.fixture(scope="module")
def fan(tmp_path_factory):
    return shutil.copytree(FAN_SET, tmp_path_factory.mktemp("serve") / "fan_set")


@pytest.fixture(scope="module")
def client(fan):
    return create_app(open_sets([fan])).test_client()


def smith(client) -> str:
    return client.get("/api/cards/apprentice_smith").get_json()["yaml"]


def test_pages_forbid_inline_script_and_sniffing(client):
    for path in ("/", "/playground.js", "/gallery.css", "/api/cards"):
        r = client.get(path)
        assert r.status_code == 200, path
        csp = r.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert r.headers["X-Content-Type-Options"] == "nosniff"
    page = client.get("/").get_data(as_text=True)
    assert re.findall(r"<script[^>]*>", page) == ['<script src="/playground.js">']
    assert "innerHTML" not in client.get("/playground.js").get_data(as_text=True)


def test_cards_lists_shipped_and_fan_cards(client):
    data = client.get("/api/cards").get_json()
    ids = {c["id"] for c in data["cards"]}
    # the 293 shipped (Cornucopia, Guilds, Adventures and its Events too) and 2 fan cards
    assert len(ids) == 295 and {"apprentice_smith", "village", "alms"} <= ids
    assert data["locales"] == ["en", "cs", "hu"]


def test_a_clean_card_has_no_diagnostics_and_a_face(client):
    r = client.post("/api/lint", json={"yaml": smith(client), "locale": "hu"})
    data = r.get_json()
    assert r.status_code == 200
    assert data["diagnostics"] == [] and data["errors"] == 0 and data["card"] == "apprentice_smith"
    assert "<svg" in data["face"]


def test_a_typo_is_reported_at_its_line_and_column(client):
    r = client.post("/api/lint", json={"yaml": smith(client).replace("+2 cards", "+2 cardz")})
    data = r.get_json()
    errors = [d for d in data["diagnostics"] if d["severity"] == "error"]
    assert [(d["line"], d["col"], d["code"]) for d in errors] == [(TYPO_LINE, TYPO_COL, "E003")]
    assert "unknown bonus '+N cardz'" in errors[0]["message"]
    assert data["face"] is None


def test_same_diagnostics_as_dsl_lint_of_the_file(client, fan, tmp_path):
    """The in-memory lint and `dsl lint FILE` agree, for a typo and for a name error."""
    texts = [smith(client).replace("+2 cards", "+2 cardz"),
             smith(client).replace("copper from hand", "coppr from hand"),
             smith(client).replace("types: [action]", "types: [acton]")]
    catalog = open_sets([fan]).catalog
    for text in texts:
        path = fan / "cards" / "apprentice_smith.yaml"
        original = path.read_text(encoding="utf-8")
        try:
            path.write_text(text, encoding="utf-8")
            on_disk = lint([str(path)], [fan])
        finally:
            path.write_text(original, encoding="utf-8")
        in_memory, _, _ = lint_text(text, catalog)
        def key(d):
            return d.line, d.col, d.code, d.message
        assert sorted(map(key, in_memory)) == sorted(map(key, on_disk)) and in_memory


def test_a_new_card_of_the_fan_set_names_its_cards(client):
    text = ("id: fresh\nset: workshop_tales\ncost: 4\ntypes: [action]\nnames: {en: Fresh}\n"
            "text: {en: \"+1 Action.\"}\non_play: |\n  +1 action\n  gain night_market\n")
    data = client.post("/api/lint", json={"yaml": text}).get_json()
    assert data["errors"] == 0 and data["card"] == "fresh" and data["face"]


BOMB = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n"
    for i in range(8))


@pytest.mark.parametrize("yaml_text, message", [
    ("!!python/object/apply:os.system ['touch pwned']", "YAML tag '!!python/object/apply:"),
    (BOMB, "too many YAML values"),
    ("[" * 500 + "]" * 500, "values nested too deep (over 100 levels)"),
    ("a:\n" + "".join(" " * i + "b:\n" for i in range(1, 300)), "nested too deep"),
    ("id: [unclosed", "invalid YAML"),
    ("", "the file: None is not of type 'object'"),
])
def test_hostile_yaml_is_a_diagnostic(client, tmp_path, yaml_text, message):
    data = client.post("/api/lint", json={"yaml": yaml_text}).get_json()
    assert data["errors"] >= 1 and data["face"] is None
    assert any(message in d["message"] for d in data["diagnostics"]), data
    assert not Path("pwned").exists()


@pytest.mark.parametrize("body, ctype, status, message", [
    ('{"yaml": "x"}', "text/plain", 415, "Content-Type: application/json"),
    ('{"yaml": "x"}', "application/x-www-form-urlencoded", 415, "as JSON"),
    ("not json", "application/json", 400, "not JSON"),
    ("[" * 100_000, "application/json", 400, "not JSON"),
    ('["yaml"]', "application/json", 400, "a JSON object"),
    ('{"yaml": 3}', "application/json", 400, "a string"),
    ('{"yaml": "x", "path": "/etc/passwd"}', "application/json", 400, "unknown field(s) 'path'"),
    ('{"yaml": "x", "locale": "../../etc"}', "application/json", 400, '"locale": one of'),
    (json.dumps({"yaml": "x" * (MAX_BODY + 10)}), "application/json", 413, "too large"),
])
def test_bad_requests_are_json_errors(client, body, ctype, status, message):
    r = client.post("/api/lint", data=body, content_type=ctype)
    assert r.status_code == status
    assert r.is_json and message in r.get_json()["error"]


def test_a_chunked_oversized_body_is_413_and_pages_state_one_charset(fan):
    """A chunked body states no length: one over the limit is still "too large" (413),
    not a cut body called "not JSON"; and a page's Content-Type names its charset once."""
    import http.client
    import threading
    from werkzeug.serving import make_server
    server = make_server("127.0.0.1", 0, create_app(open_sets([fan])), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        body = json.dumps({"yaml": "x" * (MAX_BODY + 100)}).encode()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("POST", "/api/lint", body=iter([body[i:i + 8192]
                                                     for i in range(0, len(body), 8192)]),
                     headers={"Content-Type": "application/json"}, encode_chunked=True)
        r = conn.getresponse()
        assert r.status == 413 and "too large" in json.loads(r.read())["error"]
        small = json.dumps({"yaml": "id: x\n"}).encode()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("POST", "/api/lint", body=iter([small]),
                     headers={"Content-Type": "application/json"}, encode_chunked=True)
        r = conn.getresponse()
        assert r.status == 200 and json.loads(r.read())["errors"] >= 1
    finally:
        server.shutdown()
    client = create_app(open_sets([fan])).test_client()
    for path in ("/", "/playground.js", "/gallery.css"):
        ctype = client.get(path).headers["Content-Type"]
        assert ctype.count("charset") == 1 and ctype.endswith("; charset=utf-8"), ctype


@pytest.mark.parametrize("host, words", [
    ("nosuch.invalid", "--host 'nosuch.invalid' is not an address or host name this computer"),
    ("192.0.2.1", "--host must be an address of this computer"),
])
def test_a_bad_host_is_a_clear_error(host, words):
    r = subprocess.run([sys.executable, "-m", "dsl", "serve", "--host", host, "--port", "0"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and words in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1


def test_babel_never_prints_its_own_warnings(tmp_path, monkeypatch, capsys):
    """Babel prints a .po line it cannot read to stdout ("WARNING: Problem on line N");
    the commands keep their output their own and `dsl lint --locale` says W015 there."""
    from dsl.cli.main import main
    from dsl.text.i18n import get_locale
    monkeypatch.chdir(tmp_path)
    assert main(["locale", "init", "de"]) == 0
    po = tmp_path / "locales/de/LC_MESSAGES/dominion.po"
    lines = po.read_text().split("\n")
    lines.insert(30, "this line is garbage")
    po.write_text("\n".join(lines))
    capsys.readouterr()
    assert get_locale("de", tmp_path / "locales").code == "de"
    assert main(["render", "smithy", "--locale", "de"]) == 0
    main(["lint", "--locale", "de"])
    out = capsys.readouterr()
    assert "WARNING" not in out.out + out.err
    assert f"{po.relative_to(tmp_path)}:31:1: warning W015" in out.out
    assert main(["locale", "update", "de"]) == 0
    out = capsys.readouterr()
    assert "WARNING" not in out.out + out.err and ":31: a line the catalog reader" in out.err


def test_no_path_reaches_the_disk(client):
    for url in ("/api/cards/..%2F..%2Fetc%2Fpasswd", "/api/cards/%2Fetc%2Fpasswd",
                "/api/cards/nope", "/../../etc/passwd", "/dsl/serve.py"):
        r = client.get(url)
        assert r.status_code == 404 and r.is_json, url
        assert "root:" not in r.get_data(as_text=True)
    r = client.get("/api/lint")
    assert r.status_code == 405 and r.is_json


def test_other_host_names_are_refused(client):
    r = client.get("/api/cards", headers={"Host": "attacker.example:8000"})
    assert r.status_code == 421 and "unknown host" in r.get_json()["error"]
    assert client.get("/api/cards", headers={"Host": "localhost:8000"}).status_code == 200


def test_the_server_writes_no_file(client, fan, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    def tree():
        return sorted((str(p), p.stat().st_mtime_ns) for root in (tmp_path, fan)
                      for p in root.rglob("*"))
    before = tree()
    text = smith(client)
    for t in (text, text.replace("+2", "+9"), BOMB, "id: x\n" * 10):
        client.post("/api/lint", json={"yaml": t})
    client.get("/api/cards/apprentice_smith")
    assert tree() == before


def test_dsl_serve_on_port_zero_prints_its_address_and_answers(fan):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "dsl", "serve", "--port", "0",
                             "--cards", str(fan)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline() if select.select([proc.stdout], [], [], 60)[0] else ""
        m = re.match(r"dsl serve: (http://127\.0\.0\.1:(\d+)/)", line)
        assert m, line + proc.stderr.read() if proc.poll() is not None else line
        with urllib.request.urlopen(m.group(1) + "api/cards", timeout=10) as r:
            assert r.headers["Content-Security-Policy"]
            assert len(json.load(r)["cards"]) == 295
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_text_longer_than_a_card_gets_no_face_and_stays_fast(client):
    """A huge effect is linted, and gets a note instead of an unreadable face."""
    import time
    text = ("id: x\nset: base\ncost: 3\ntypes: [action]\nnames: {en: X, hu: X, cs: X}\n"
            "on_play: |\n" + "  +1 card\n" * 2000)
    start = time.monotonic()
    data = client.post("/api/lint", json={"yaml": text}).get_json()
    assert time.monotonic() - start < 5
    assert data["errors"] == 0 and data["face"] is None
    assert data["note"].startswith("no face: the card's text is 2000 lines")
