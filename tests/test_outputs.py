"""Every command writes through dsl/language/outputs.py: a device or FIFO is written into
(never replaced), a file through a unique temporary file (never a planted link), renamed
whole into place with a normal file's permissions, removed on SIGTERM; leftovers of killed
runs are removed by the next write into their folder; writers at once do not meet."""
from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dsl.language import outputs
from dsl.web.gallery import MARKER, write_site

ROOT = Path(__file__).resolve().parent.parent


def dsl(*args, cwd=None, umask=None, **kw):
    pre = (lambda: os.umask(umask)) if umask is not None else None
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120, preexec_fn=pre, **kw)


def _null_node(tmp_path) -> Path:
    node = tmp_path / "mynull"
    try:
        os.mknod(node, 0o644 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError) as e:
        pytest.skip(f"cannot make a device node here: {e}")
    return node


@pytest.mark.parametrize("argv", [
    ["render", "smithy", "--format", "svg", "--out", "{}"],
    ["simulate", "--kingdom", "First Game", "--bots", "bm,bm", "--games", "1", "--record", "{}"],
    ["locale", "template", "-o", "{}"],
])
def test_a_device_named_as_output_is_written_into_not_replaced(tmp_path, argv):
    node = _null_node(tmp_path)
    r = dsl(*[a.format(node) for a in argv], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert stat.S_ISCHR(os.lstat(node).st_mode), "the device node was replaced by a file"
    assert [p.name for p in tmp_path.iterdir()] == ["mynull"]


def test_a_fifo_named_as_output_gets_the_face(tmp_path):
    fifo = tmp_path / "face.svg"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    r = dsl("render", "smithy", "--format", "svg", "--out", str(fifo))
    reader.join(30)
    assert r.returncode == 0, r.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got and got[0].startswith(b"<?xml") and b"</svg>" in got[0]


def test_a_planted_part_link_is_not_written_through(tmp_path):
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    faces = tmp_path / "faces"
    faces.mkdir()
    for name in ("smithy.en.svg.part", ".smithy.en.svg.part"):
        (faces / name).symlink_to(outside)
    r = dsl("render", "smithy", "--format", "svg", "--out", str(faces / "smithy.en.svg"))
    assert r.returncode == 0, r.stderr
    assert outside.read_text() == "keep me"
    assert (faces / "smithy.en.svg").read_bytes().startswith(b"<?xml")
    assert not (faces / "smithy.en.svg").is_symlink()


def test_outputs_have_a_normal_files_permissions(tmp_path):
    rec, face = tmp_path / "r.jsonl", tmp_path / "f.svg"
    assert dsl("simulate", "--kingdom", "First Game", "--bots", "bm,bm", "--games", "1",
               "--record", str(rec), umask=0o022).returncode == 0
    assert dsl("render", "smithy", "--format", "svg", "--out", str(face),
               umask=0o022).returncode == 0
    assert stat.S_IMODE(rec.stat().st_mode) == 0o644      # was 0600
    assert stat.S_IMODE(face.stat().st_mode) == 0o644
    assert dsl("render", "smithy", "--format", "svg", "--out", str(face),
               umask=0o077).returncode == 0
    assert stat.S_IMODE(face.stat().st_mode) == 0o600


def test_four_renders_into_one_folder_at_once_all_succeed(tmp_path):
    cmd = [sys.executable, "-m", "dsl", "render", "--all", "--format", "svg", "--out", "faces/"]
    procs = [subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True) for _ in range(4)]
    errors = [(p.wait(120), p.stderr.read()) for p in procs]
    assert all(code == 0 for code, _ in errors), errors
    names = os.listdir(tmp_path / "faces")
    assert len(names) >= 140 and not [n for n in names if n.endswith(".part")]


def _start_long_record(tmp_path):
    rec = tmp_path / "r.jsonl"
    p = subprocess.Popen([sys.executable, "-m", "dsl", "simulate", "--kingdom", "First Game",
                          "--bots", "bm,bm", "--games", "200000", "--record", str(rec)],
                         cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        parts = [n for n in os.listdir(tmp_path) if n.endswith(".part")]
        if parts and (tmp_path / parts[0]).stat().st_size > 0:
            return p, rec
        time.sleep(0.05)
    p.kill()
    pytest.fail("the record's temporary file never appeared")


def test_sigterm_during_a_write_leaves_nothing(tmp_path):
    p, rec = _start_long_record(tmp_path)
    p.send_signal(signal.SIGTERM)
    assert p.wait(30) == -signal.SIGTERM
    assert os.listdir(tmp_path) == [], "SIGTERM left the record's temporary file behind"


def test_sigkill_leftovers_are_removed_by_the_next_write(tmp_path):
    p, rec = _start_long_record(tmp_path)
    p.kill()
    p.wait(30)
    (left,) = [n for n in os.listdir(tmp_path) if n.endswith(".part")]
    assert not rec.exists()
    fresh = tmp_path / ".other.svg.abcd1234.part"       # a run writing now: left alone
    fresh.write_text("x")
    an_hour_ago = time.time() - outputs.STALE_SECONDS - 60
    os.utime(tmp_path / left, (an_hour_ago, an_hour_ago))
    r = dsl("render", "smithy", "--format", "svg", "--out", str(tmp_path / "s.svg"))
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(tmp_path)) == [".other.svg.abcd1234.part", "s.svg"]


def test_gallery_leftovers_are_removed_and_a_fresh_one_kept(tmp_path):
    old = time.time() - outputs.STALE_SECONDS - 60
    for name in ("site.part-abcd1234", "site.old-efgh5678"):
        (tmp_path / name / "cards").mkdir(parents=True)
        (tmp_path / name / "cards" / "x.html").write_text("half")
        os.utime(tmp_path / name, (old, old))
    (tmp_path / "site.part-zzzz9999").mkdir()                 # another run, now
    for _ in range(2):                                        # a new site, then its swap
        write_site(tmp_path / "site", {"index.html": "<p>", MARKER: ""})
    assert sorted(os.listdir(tmp_path)) == ["site", "site.part-zzzz9999"]
    assert (tmp_path / "site" / "index.html").read_text() == "<p>"


def test_sigterm_handler_is_restored_after_a_write(tmp_path):
    before = signal.getsignal(signal.SIGTERM)
    out = outputs.Output(tmp_path / "x.txt", text=True)
    assert signal.getsignal(signal.SIGTERM) is not before
    out.stream.write("hi")
    out.commit()
    assert signal.getsignal(signal.SIGTERM) is before
    assert (tmp_path / "x.txt").read_text() == "hi"
    with pytest.raises(outputs.OutputError, match="it is a folder"):
        outputs.write_output(tmp_path, b"x")
    assert signal.getsignal(signal.SIGTERM) is before
