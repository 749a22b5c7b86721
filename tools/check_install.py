"""The tool as a designer installs it, checked end to end (CI runs this after the tests):
build the sdist and, from it, the wheel; install the wheel into a fresh virtual environment;
copy the fan set of tests/fixtures/fan_set to a temporary folder outside the project; run
every command there, from that folder, with the installed `dsl` alone.

    python tools/check_install.py [--keep]

Each step prints `ok` or what went wrong; the exit status is the number of failed steps.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAN_SET = ROOT / "tests" / "fixtures" / "fan_set"
ART_SET = ROOT / "tests" / "fixtures" / "face_art"
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE", "metrics.json")


class Checker:
    def __init__(self, env: dict, cwd: Path):
        self.env, self.cwd, self.failed = env, cwd, 0

    def run(self, what: str, argv: list, expect=None, stdin: str | None = None,
            code: int = 0, cwd: Path | None = None) -> str:
        """Run a command; `expect(stdout)` must hold and the exit status be `code`."""
        r = subprocess.run(argv, capture_output=True, text=True, env=self.env, input=stdin,
                           cwd=cwd or self.cwd, timeout=600)
        problem = None
        if r.returncode != code:
            problem = f"exit status {r.returncode}, expected {code}"
        elif "Traceback" in r.stderr:
            problem = "a traceback"
        elif expect is not None and not expect(r.stdout):
            problem = "unexpected output"
        if problem:
            self.failed += 1
            print(f"FAIL  {what}: {problem}\n  $ {' '.join(map(str, argv))}\n"
                  f"  stdout: {r.stdout[-1500:]}\n  stderr: {r.stderr[-1500:]}")
        else:
            print(f"ok    {what}")
        return r.stdout


def build(dist: Path) -> Path:
    """sdist, then the wheel built from the sdist (so the sdist must carry the data)."""
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(dist), str(ROOT)],
                   check=True, capture_output=True)
    sdist = next(dist.glob("*.tar.gz"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w",
                    str(dist), str(sdist)], check=True)
    return next(dist.glob("*.whl"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="dsl-install-"))
    try:
        wheel = build(tmp / "dist")
        env_dir = tmp / "venv"
        venv.create(env_dir, with_pip=True)
        bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
        py = bin_dir / "python"
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", f"{wheel}[test,plot]"],
                       check=True)
        fan = tmp / "work" / "workshop_tales"
        shutil.copytree(FAN_SET, fan)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DSL_CARDS")}
        env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
        check = Checker(env, tmp / "work")
        steps(check, str(bin_dir / "dsl"), str(py), fan, tmp)
        face_steps(check, str(bin_dir / "dsl"), str(py), wheel, tmp)
        web_steps(check, str(bin_dir / "dsl"), fan, tmp)
        pipx_steps(check, py, wheel, tmp)
        print(f"{check.failed} step(s) failed" if check.failed else "every step ok")
        return check.failed
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def steps(check: Checker, dsl: str, py: str, fan: Path, tmp: Path) -> None:
    f = str(fan)
    site = check.run("the package is installed, not this checkout", [py, "-c",
                     "import dsl, dsl.language.data as d; print(dsl.__file__); print(d.shipped_dir('sets'))"],
                     lambda out: str(ROOT) not in out and "site-packages" in out)
    check.run("dsl --version", [dsl, "--version"], lambda out: "0." in out)
    check.run("dsl lint (the shipped sets, from package data)", [dsl, "lint", "--quiet"],
              lambda out: out.strip().endswith("0 error(s), 0 warning(s)") or "0 error(s)" in out)
    check.run("dsl cards --format json", [dsl, "cards", "--format", "json"],
              lambda out: len(json.loads(out)) >= 122)
    check.run("dsl render witch --locale hu", [dsl, "render", "witch", "--locale", "hu"],
              lambda out: out.startswith("Boszorkány"))
    check.run("dsl lint a fan set", [dsl, "lint", f], lambda out: "0 error(s)" in out)
    check.run("dsl test a fan set", [dsl, "test", "--cards", f],
              lambda out: "2 passed, 0 failed" in out)
    check.run("pytest in the fan set's folder (the pytest11 plugin)",
              [py, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
              lambda out: "2 passed" in out, cwd=fan)
    check.run("dsl render a fan card in Hungarian (its own catalog)",
              [dsl, "render", "apprentice_smith", "--cards", f, "--locale", "hu"],
              lambda out: out.startswith("Kovácsinas"))
    record = tmp / "work" / "games.jsonl"
    check.run("dsl simulate a fan kingdom with the set's strategy",
              [dsl, "simulate", "--cards", f, "--kingdom", "Apprentices First", "--bots",
               "apprentice_smith,bm", "--games", "50", "--workers", "2", "--record",
               str(record)], lambda out: "apprentice_smith" in out)
    check.run("dsl replay its record", [dsl, "replay", str(record), "--quiet", "--cards", f],
              lambda out: out.count("(as recorded)") == 50)
    check.run("dsl play at the terminal (through its input stream)",
              [dsl, "play", "--cards", f, "--kingdom", "Apprentices First", "--bots", "bm",
               "--locale", "hu", "--seed", "2"], lambda out: "Kovácsinas" in out,
              stdin="\n0\n" * 3000)
    check.run("dsl balance a fan card",
              [dsl, "balance", "night_market", "--cards", f, "--kingdoms", "2", "--games",
               "20", "--workers", "2", "--format", "json", "--plot", str(tmp / "b.svg")],
              lambda out: json.loads(out)["card"] == "night_market" and
              (tmp / "b.svg").stat().st_size > 1000)
    check.run("dsl locale init writes into the fan set",
              [dsl, "locale", "init", "de", "--cards", f],
              lambda out: (fan / "locales" / "de" / "LC_MESSAGES" / "dominion.po").is_file())
    package = Path(site.splitlines()[0]).parent if site else None
    check.run("nothing was written into the installed package", [py, "-c",
              "import sys, pathlib; p = pathlib.Path(sys.argv[1]); "
              "print(sorted(x.name for x in (p / 'shipped' / 'locales').iterdir()))",
              str(package)], lambda out: "'de'" not in out)



def face_steps(check: Checker, dsl: str, py: str, wheel: Path, tmp: Path) -> None:
    """Card faces from the installed wheel: its font files, an SVG, and a PNG after
    installing the png extra (drawn with the wheel's font, not one of this machine)."""
    import zipfile
    names = zipfile.ZipFile(wheel).namelist()
    missing = [f for f in FONT_FILES if f"dsl/faces/fonts/{f}" not in names]
    check.run(f"the wheel carries the font ({wheel.stat().st_size // 1024} kB wheel)",
              [py, "-c", f"import sys; sys.exit({len(missing)})"])
    check.run("dsl render smithy --format svg", [dsl, "render", "smithy", "--format", "svg"],
              lambda out: out.startswith("<?xml") and "DejaVu Sans" in out and "Smithy" in out)
    art = tmp / "work" / "painted_tales"
    shutil.copytree(ART_SET, art)
    check.run("dsl render a fan card with its art (svg)",
              [dsl, "render", "painted_smith", "--cards", str(art), "--format", "svg"],
              lambda out: "data:image/png;base64," in out)
    check.run("pip install the png extra", [py, "-m", "pip", "install", "--quiet",
                                            f"{wheel}[png]"])
    faces = tmp / "work" / "faces"
    check.run("dsl render --format png --out (a folder of faces in two locales)",
              [dsl, "render", "smithy", "harem", "--locale", "en,hu", "--format", "png",
               "--out", str(faces)],
              lambda out: sorted(p.name for p in faces.glob("*.png")) ==
              ["harem.en.png", "harem.hu.png", "smithy.en.png", "smithy.hu.png"])
    check.run("the PNG is a 600 x 926 face drawn with the wheel's font", [py, "-c",
              "import sys; from PIL import Image; from dsl.faces.shapes import font_path; "
              "im = Image.open(sys.argv[1]); "
              "print(im.format, im.size, 'site-packages' in str(font_path(True)))",
              str(faces / "smithy.hu.png")], lambda out: out.split() == ["PNG", "(600,", "926)",
                                                                     "True"])
    check.run("pip install the print extra", [py, "-m", "pip", "install", "--quiet",
                                              f"{wheel}[print]"])
    sheet = tmp / "work" / "cards.pdf"
    check.run("dsl print a shipped set and a fan set (a print-and-play PDF)",
              [dsl, "print", "alchemy", str(art), "--out", str(sheet)],
              lambda out: "14 card(s) on 2 a4 page(s)" in out and
              sheet.read_bytes().startswith(b"%PDF"))


def web_steps(check: Checker, dsl: str, fan: Path, tmp: Path) -> None:
    """The gallery, the playground and the editor schemas from the installed wheel (its
    dsl/web files), with the fan set beside the shipped cards."""
    site = tmp / "work" / "site"
    check.run("dsl gallery (shipped and a fan set)", [dsl, "gallery", str(site), "--cards",
                                                       str(fan)],
              lambda out: len(re.findall(r'class="tile( wide)?"', (site / "index.html")
                                         .read_text(encoding="utf-8")))
              == int(out.split()[0]) > 150       # "N cards in ...", Events as wide tiles
              and (site / "gallery.js").is_file()
              and (site / "faces" / "apprentice_smith.hu.svg").is_file())
    serve = subprocess.Popen([dsl, "serve", "--port", "0", "--cards", str(fan)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=check.env, cwd=check.cwd)
    try:
        line = serve.stdout.readline()
        url = line.split()[2] if line.startswith("dsl serve: http") else ""
        body = json.dumps({"yaml": (fan / "cards" / "apprentice_smith.yaml").read_text(
            encoding="utf-8").replace("+1 card", "+1 cardz", 1)}).encode()
        check.run("dsl serve: the playground lints a typo at its line",
                  [sys.executable, "-c", "import sys, urllib.request; r = urllib.request."
                   "urlopen(urllib.request.Request(sys.argv[1] + 'api/lint', data=sys.argv[2]"
                   ".encode(), headers={'Content-Type': 'application/json'})); "
                   "print(r.read().decode())", url, body.decode()],
                  lambda out: '"E003"' in out or "E003" in out)
    finally:
        serve.terminate()
        serve.wait(timeout=10)
    schemas = tmp / "work" / "schemas"
    check.run("dsl schema --out (the editor schemas)", [dsl, "schema", "--out", str(schemas)],
              lambda out: len(list(schemas.glob("*.schema.json"))) == 5)


def pipx_steps(check: Checker, py: Path, wheel: Path, tmp: Path) -> None:
    """`pipx install` of the wheel (pipx from the package index, in its own folder)."""
    home = tmp / "pipx"
    check.run("pipx is installed", [str(py), "-m", "pip", "install", "--quiet", "pipx"])
    env = dict(check.env, PIPX_HOME=str(home), PIPX_BIN_DIR=str(home / "bin"),
               PIPX_MAN_DIR=str(home / "man"))
    pipx = Checker(env, check.cwd)
    pipx.run("pipx install the wheel", [str(py), "-m", "pipx", "install", str(wheel)])
    dsl = str(home / "bin" / "dsl")
    pipx.run("pipx: dsl render witch --locale hu", [dsl, "render", "witch", "--locale", "hu"],
             lambda out: out.startswith("Boszorkány"))
    pipx.run("pipx: dsl lint", [dsl, "lint", "--quiet"], lambda out: "0 error(s)" in out)
    pipx.run("pipx (no png extra): dsl render --format svg", [dsl, "render", "village",
             "--format", "svg"], lambda out: out.startswith("<?xml"))
    r = subprocess.run([dsl, "render", "village", "--format", "png", "--out",
                        str(tmp / "v.png")], capture_output=True, text=True, env=env,
                       check=False)
    ok = r.returncode == 1 and "dominion-card-language[png]" in r.stderr and \
        "Traceback" not in r.stderr
    pipx.run("pipx (no png extra): --format png says to install the png extra",
             [str(py), "-c", f"import sys; sys.exit({0 if ok else 1})"])
    check.failed += pipx.failed


if __name__ == "__main__":
    sys.exit(main())
