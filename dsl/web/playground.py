"""`dsl serve`: a local playground. Edit a card's YAML in the browser, see the lint
diagnostics (line, column, message) and the card's face as you type.

Why it is safe to leave running: it listens on 127.0.0.1 unless told otherwise and answers
only requests for its own host name (no DNS rebinding); the set context is fixed when the
server starts (--cards), so no request names a path; the text sent is parsed in memory by
the project's loader (safe YAML, size and depth bounded) and never written; a POST must be
JSON (a cross-site form cannot send it); every answer carries a Content-Security-Policy
without inline script; errors are JSON, never a traceback."""
from __future__ import annotations

import errno
import json
import socket
import sys
from importlib.resources import files

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from dsl.language.errors import DslError
from .gallery import bounded_face
from dsl.language.documents import Source
from dsl.language.loader import card_from_source
from dsl.language.model import Catalog

MAX_BODY = 200_000                 # bytes of one request
MAX_TEXT = 100_000                 # characters of the card text
PAGES = {"/": ("playground.html", "text/html; charset=utf-8"),
         "/playground.js": ("playground.js", "text/javascript; charset=utf-8"),
         "/gallery.css": ("gallery.css", "text/css; charset=utf-8")}
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
LOOPBACK = ("127.0.0.1", "localhost", "::1")
FIELDS = {"yaml", "locale"}


class BadRequest(Exception):
    """A request the playground refuses: (status, message) for the JSON answer."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def lint_text(text: str, catalog: Catalog, name: str = "card.yaml"):
    """(diagnostics, card or None) of a card's YAML text checked against `catalog` as
    `dsl lint` checks a card file of a set; a card with the id of a loaded card replaces
    it (the one being edited). Nothing is read from or written to disk."""
    from dsl.lint.checks import check_source
    card, src = card_from_source(Source(name, text))
    if card is not None:
        catalog = catalog.copy()
        catalog.cards[card.id] = card
        check_source(src, catalog, card)
    diags = sorted(src.diagnostics, key=lambda d: (d.line, d.col, d.code))
    return diags, card, catalog


def _diag_json(d) -> dict:
    return {"line": d.line, "col": d.col, "severity": d.severity, "code": d.code,
            "message": d.message}


def _read_json() -> dict:
    """The request's JSON object: Content-Type application/json, at most MAX_BODY bytes,
    only the known fields."""
    if request.mimetype != "application/json":
        raise BadRequest(415, "send the card as JSON (Content-Type: application/json)")
    if (request.content_length or 0) > MAX_BODY:
        raise BadRequest(413, f"request too large (at most {MAX_BODY} bytes)")
    raw = request.get_data(cache=False)      # a chunked body is cut at MAX_CONTENT_LENGTH,
    if len(raw) > MAX_BODY:                  # one byte over ours: too large, not broken
        raise BadRequest(413, f"request too large (at most {MAX_BODY} bytes)")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise BadRequest(400, "the body is not JSON (UTF-8)") from None
    if not isinstance(data, dict):
        raise BadRequest(400, 'the body must be a JSON object: {"yaml": "...", "locale": "en"}')
    extra = sorted(set(data) - FIELDS)
    if extra:
        raise BadRequest(400, f"unknown field(s) {', '.join(map(repr, extra))[:200]}; "
                         f"known: {', '.join(sorted(FIELDS))}")
    return data


def create_app(sets, host: str = "127.0.0.1") -> Flask:
    """The playground's Flask app over the card sets chosen at start (fansets.CardSets)."""
    from dsl.text.i18n import available_locales, locale_folders, locale_for
    catalog = sets.catalog
    codes = available_locales(extra=locale_folders(catalog))
    locales = {c: locale_for(c, catalog) for c in codes}
    allowed_hosts = set(LOOPBACK) | {host.strip("[]")}
    any_host = host in ("0.0.0.0", "::", "")
    app = Flask(__name__, static_folder=None)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY + 1, DEBUG=False, PROPAGATE_EXCEPTIONS=False,
                      JSON_SORT_KEYS=False)

    @app.before_request
    def _check_host():
        name = request.host.rsplit(":", 1)[0] if not request.host.startswith("[") else \
            request.host[1:].split("]", 1)[0]
        if not any_host and name not in allowed_hosts:
            raise BadRequest(421, f"unknown host '{request.host[:100]}': open the playground "
                             "at the address `dsl serve` printed")

    @app.after_request
    def _headers(resp: Response) -> Response:
        resp.headers["Content-Security-Policy"] = CSP
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["X-Frame-Options"] = "DENY"
        resp.headers["Referrer-Policy"] = "no-referrer"
        resp.headers["Cache-Control"] = "no-store"
        return resp

    @app.errorhandler(BadRequest)
    def _bad(e: BadRequest):
        return jsonify(error=str(e)), e.status

    @app.errorhandler(HTTPException)
    def _http(e: HTTPException):
        return jsonify(error=f"{e.code} {e.name}: {e.description}"), e.code

    @app.errorhandler(Exception)
    def _internal(e: Exception):
        print(f"dsl serve: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return jsonify(error="internal error (reported in the server's terminal)"), 500

    def page(path: str):
        name, content_type = PAGES[path]
        text = files("dsl.web").joinpath("static", name).read_text(encoding="utf-8")
        return Response(text, content_type=content_type)

    for path in PAGES:
        app.add_url_rule(path, f"page{path}", lambda path=path: page(path), methods=["GET"])

    @app.get("/api/cards")
    def _cards():
        en = locales["en"]
        rows = [{"id": c.id, "set": c.set, "name": en.card_name(c)[0]}
                for c in sorted(catalog.cards.values(), key=lambda c: (c.set, c.id))]
        return jsonify(cards=rows, locales=codes)

    @app.get("/api/cards/<card_id>")
    def _card(card_id: str):
        card = catalog.cards.get(card_id)      # a key of the loaded catalog, never a path
        if card is None:
            raise BadRequest(404, f"no card '{card_id[:60]}' (see /api/cards)")
        try:
            with open(card.path, encoding="utf-8", errors="replace") as f:
                text = f.read(MAX_TEXT)
        except OSError as e:
            raise BadRequest(500, f"cannot read the card file: {e.strerror}") from None
        return jsonify(id=card.id, yaml=text)

    @app.post("/api/lint")
    def _lint():
        data = _read_json()
        text, code = data.get("yaml"), data.get("locale", "en")
        if not isinstance(text, str):
            raise BadRequest(400, '"yaml": the card file\'s text, a string')
        if len(text) > MAX_TEXT:
            raise BadRequest(413, f'"yaml": too long (at most {MAX_TEXT} characters)')
        if code not in locales:
            raise BadRequest(400, f'"locale": one of {", ".join(codes)}')
        try:
            diags, card, cat = lint_text(text, catalog)
        except DslError as e:
            diags, card, cat = e.diagnostics, None, catalog
        errors = sum(d.severity == "error" for d in diags)
        face, note = None, None
        if card is not None and not errors:
            face, note = bounded_face(card, cat, locales[code])  # art never read
        return jsonify(diagnostics=[_diag_json(d) for d in diags], errors=errors,
                       warnings=len(diags) - errors, card=card.id if card else None,
                       face=face, note=note)

    return app


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on host:port, of the address family werkzeug will use."""
    from werkzeug.serving import select_address_family
    family = select_address_family(host, port)
    info = socket.getaddrinfo(host, port, family, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[0][4])
        sock.listen(128)
    except BaseException:
        sock.close()
        raise
    return sock


def run(sets, host: str = "127.0.0.1", port: int = 8000) -> int:
    """Serve the playground until Ctrl-C; port 0 picks a free port. Prints the address."""
    from werkzeug.serving import make_server
    app = create_app(sets, host)
    try:
        listening = _listen(host, port)
    except socket.gaierror as e:
        print(f"dsl: --host {host[:100]!r} is not an address or host name this computer can "
              f"listen on ({e.strerror or e}); give one of its addresses, e.g. --host "
              "127.0.0.1 (this computer only), ::1, or 0.0.0.0 (every network)",
              file=sys.stderr)
        return 1
    except (OSError, OverflowError) as e:
        why = {errno.EADDRNOTAVAIL: " (--host must be an address of this computer)",
               errno.EADDRINUSE: " (another program uses the port: give another --port, or "
                                 "--port 0 for a free one)"}.get(getattr(e, "errno", None), "")
        print(f"dsl: cannot listen on {host[:100]}:{port}: {getattr(e, 'strerror', None) or e}"
              f"{why}", file=sys.stderr)
        return 1
    with listening:                 # werkzeug would print a bare reason and exit: bound here
        server = make_server(host, port, app, threaded=True, fd=listening.fileno())
    shown = f"[{host}]" if ":" in host else host
    if host.strip("[]") not in LOOPBACK:
        print(f"dsl serve: warning: listening on {host}, not this computer only",
              file=sys.stderr)
    print(f"dsl serve: http://{shown}:{server.port}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
