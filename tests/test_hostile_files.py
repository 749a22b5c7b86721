"""Hostile files and numbers: symlink loops, FIFOs and devices as card files, huge sparse
files, catalogs with a huge nplurals or a huge value, numbers that would take the machine.
Each gives a one-line error (or a notice), never a traceback, in bounded time; the memory
test runs the worst of them under a 1 GiB address-space limit so that a regression fails
instead of swapping."""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dsl.cli.main import main as cli_main

ROOT = Path(__file__).resolve().parent.parent


def run(argv, env=None, monkeypatch=None) -> tuple[int, str]:
    if env:
        for k, v in env.items():
            monkeypatch.setenv(k, v)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            code = cli_main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (print(e.code, file=out) or 1)
    text = out.getvalue()
    assert "Traceback" not in text, text
    return code, text


LIMITED = textwrap.dedent("""
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from dsl.cli.main import main
    sys.exit(main(sys.argv[1:]))
""")


def run_limited(argv, cwd) -> tuple[int, str]:
    """A command in a process of at most 1 GiB of address space and 60 s: a regression that
    would take the machine fails here instead."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", LIMITED, *argv], cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=60)
    text = r.stdout + r.stderr
    assert "Traceback" not in text, text[-3000:]
    return r.returncode, text


@pytest.mark.parametrize("how", ["lint", "--cards", "DSL_CARDS"])
def test_a_symlink_loop_is_named_not_a_traceback(tmp_path, monkeypatch, how):
    monkeypatch.chdir(tmp_path)
    os.symlink("loop.yaml", "loop.yaml")
    argv = {"lint": ["lint", "loop.yaml"], "--cards": ["cards", "--cards", "loop.yaml"],
            "DSL_CARDS": ["cards"]}[how]
    code, text = run(argv, {"DSL_CARDS": "loop.yaml"} if how == "DSL_CARDS" else None,
                     monkeypatch)
    assert code == 1
    assert "loop.yaml:1:1: error E001: a symlink loop; point the link at a file" in text


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_a_fifo_or_device_card_file_is_not_a_regular_file(tmp_path, monkeypatch, kind):
    monkeypatch.chdir(tmp_path)
    if kind == "fifo":
        os.mkfifo("c.yaml")
    else:
        os.symlink("/dev/zero", "c.yaml")
    code, text = run(["lint", "c.yaml"])          # a FIFO without a writer: no wait
    assert code == 1 and "c.yaml:1:1: error E001: not a regular file" in text, text
    code, text = run(["lint", "/dev/zero"])
    assert "/dev/zero:1:1: error E001: not a regular file (a device)" in text


def test_a_card_file_is_read_only_up_to_the_limit(tmp_path):
    from dsl.language import inputs
    big = tmp_path / "big.yaml"
    with open(big, "wb") as f:
        f.truncate(2 << 30)                       # 2 GB, sparse (its memory: the test below)
    start = time.monotonic()
    code, text = run(["lint", str(big)])
    assert "big.yaml:1:1: error E001: file too large (over 1000000 bytes)" in text
    assert time.monotonic() - start < 10          # it was read whole: 40 s
    edge = tmp_path / "edge.yaml"
    edge.write_bytes(b"x" * 1001)
    with pytest.raises(inputs.InputError, match="too large"):
        inputs.read_bounded(edge, 1000)
    assert inputs.read_bounded(edge, 1001) == b"x" * 1001


@pytest.mark.parametrize("argv, message", [
    (["balance", "smithy", "--kingdoms", "1000000000"], "--kingdoms 1,000,000,000 is over "
     "the maximum of 1,000"),
    (["balance", "smithy", "--kingdoms", "1000", "--games", "1000"], "is over the maximum "
     "of 1,000,000 games"),
    (["simulate", "--kingdom", "First Game", "--bots", "bm,bm", "--games", "10000000000"],
     "--games 10,000,000,000 is over the maximum of 1,000,000"),
    (["render", "smithy", "--format", "png", "--scale", "8", "--out", "x.png"],
     "--scale 8: give one from 0.1 to 4"),
    (["render", "smithy", "--format", "png", "--scale", "nan", "--out", "x.png"],
     "--scale nan: give one from 0.1 to 4"),
])
def test_huge_numbers_are_refused_in_one_line(tmp_path, argv, message):
    code, text = run_limited(argv, tmp_path)
    assert code == 2 and message in text and len(text.strip().splitlines()) == 1, text
    assert not os.listdir(tmp_path)


def test_workers_are_capped_at_the_cpu_count_with_a_notice(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    code, text = run(["simulate", "--kingdom", "First Game", "--bots", "bm,bm", "--games",
                      "4", "--workers", "40"])
    assert code == 0
    assert "dsl: note: --workers 40 is more than the 2 CPU(s) of this machine; using 2" in text


def test_the_dask_hint_names_the_package(monkeypatch):
    from interpreter.runs.cluster import ClusterError, run_on_cluster
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ClusterError, match=r"pip install 'dominion-card-language\[cluster\]'"):
        run_on_cluster("dask", None, None, [], None)


def _catalog(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    code, text = run(["locale", "init", "de", "--dir", "loc"])
    assert code == 0, text
    return tmp_path / "loc/de/LC_MESSAGES/dominion.po"


def test_locale_update_refuses_a_huge_nplurals(tmp_path, monkeypatch):
    po = _catalog(tmp_path, monkeypatch)
    po.write_text(po.read_text().replace("nplurals=2", "nplurals=99999999"))
    before = po.read_bytes()
    code, text = run_limited(["locale", "update", "de", "--dir", "loc"], tmp_path)
    assert code == 1 and "bad Plural-Forms header (nplurals=99999999, at most 6" in text
    assert po.read_bytes() == before


def test_a_huge_catalog_value_is_refused_or_dropped(tmp_path, monkeypatch):
    po = _catalog(tmp_path, monkeypatch)
    name = "\n".join('"' + "S" * 100 + '"' for _ in range(1000))      # 100,000 characters
    po.write_text(po.read_text().replace('msgid "Smithy"\nmsgstr ""',
                                         f'msgid "Smithy"\nmsgstr ""\n{name}'))
    code, text = run_limited(["locale", "update", "de", "--dir", "loc"], tmp_path)
    assert code == 1 and "a translation of 100,000 characters, at most 1,000" in text
    from dsl.text.i18n import get_locale
    loc = get_locale("de", tmp_path / "loc")
    assert any("100,000 characters long" in d[2] for d in loc.dropped)   # English shown
    from dsl.text.catalog_check import check_text
    found = check_text(po.read_text(), "de").findings
    assert any(f.code == "E014" and "100,000 characters long" in f.message for f in found)


@pytest.mark.parametrize("length", [100_000, 1000])
def test_a_face_of_a_huge_catalog_name_is_quick(tmp_path, monkeypatch, length):
    """A catalog card name over 1,000 characters is dropped (the face shows the card
    file's name); one of 1,000, the most kept, is drawn, cut to the banner, quickly."""
    import time
    from dsl.faces.face import face_png, face_svg
    from dsl.language.fansets import open_sets
    from dsl.text.i18n import get_locale
    po = _catalog(tmp_path, monkeypatch)
    name = "\n".join('"' + "S" * 100 + '"' for _ in range(length // 100))
    po.write_text(po.read_text().replace('msgid "Smithy"\nmsgstr ""',
                                         f'msgid "Smithy"\nmsgstr ""\n{name}'))
    cat = open_sets().catalog
    loc = get_locale("de", tmp_path / "loc")
    start = time.monotonic()
    svg = face_svg(cat.cards["smithy"], cat, loc)
    face_png(cat.cards["smithy"], cat, loc)
    assert time.monotonic() - start < 10
    assert ("S" * 50 in svg) == (length <= 1000) and len(svg) < 200_000


MEMORY_CASES = textwrap.dedent("""
    import os, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from dsl.cli.main import main
    with open("big.yaml", "wb") as f:
        f.truncate(2 << 30)
    cases = [["lint", "big.yaml"], ["lint", "/dev/zero"],
             ["locale", "update", "de", "--dir", "loc"],
             ["balance", "smithy", "--kingdoms", "1000000000"],
             ["simulate", "--kingdom", "First Game", "--bots", "bm,bm", "--games",
              "100000000000", "--workers", "2"],
             ["render", "smithy", "--format", "png", "--scale", "8", "--out", "x.png"]]
    for argv in cases:
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code
        print("case", argv[0], code, flush=True)
""")


def test_hostile_cases_fit_in_one_gib(tmp_path, monkeypatch):
    po = _catalog(tmp_path, monkeypatch)
    po.write_text(po.read_text().replace("nplurals=2", "nplurals=99999999"))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", MEMORY_CASES], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=120)
    assert "Traceback" not in r.stderr and "MemoryError" not in r.stderr, r.stderr[-3000:]
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.count("case ") == 6, r.stdout


def test_a_catalog_with_an_unknown_charset_is_a_locale_error(tmp_path, monkeypatch):
    """Found by tools/fuzz.py --hostile (seed 644620761): babel's write_mo raised
    LookupError for a Content-Type charset Python does not know."""
    from dsl.text.i18n import LocaleError, get_locale
    po = _catalog(tmp_path, monkeypatch)
    text = po.read_text()
    cut = text.index('charset=utf-8\\n"')            # the header's last line, mangled
    po.write_text(text[:cut] + 'charset=utf-8\\{n"')
    with pytest.raises(LocaleError, match="charset"):
        get_locale("de", tmp_path / "loc")
