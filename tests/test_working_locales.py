"""A translator's new catalog in ./locales (where `dsl locale init` writes when no fan set is
given) is read at once by render, lint --locale and locales, from any folder."""
import re
import subprocess
import sys


def dsl(cwd, *args):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def test_a_new_catalog_in_the_working_folder_is_used_and_checked(tmp_path):
    r = dsl(tmp_path, "locale", "init", "de")
    assert r.returncode == 0, r.stderr
    po = tmp_path / "locales/de/LC_MESSAGES/dominion.po"
    text = po.read_text(encoding="utf-8")
    entry = re.compile(r'(msgid "\+\{n\} Card"\nmsgid_plural "\+\{n\} Cards"\n)'
                       r'msgstr\[0\] ""\nmsgstr\[1\] ""')
    assert entry.search(text)
    po.write_text(entry.sub(r'\1msgstr[0] "+{n} Karte"\nmsgstr[1] "+{n} Karten"', text),
                  encoding="utf-8")
    r = dsl(tmp_path, "render", "smithy", "--locale", "de")
    assert r.returncode == 0 and "+3 Karten" in r.stdout, r.stdout + r.stderr
    rows = dsl(tmp_path, "locales").stdout
    assert re.search(r"^de\s+0/\d+\s+0/\d+\s+1/\d+", rows, re.M), rows
    # a broken placeholder is reported in this catalog, at its line
    po.write_text(po.read_text(encoding="utf-8").replace('"+{n} Karten"', '"+{m} Karten"'),
                  encoding="utf-8")
    r = dsl(tmp_path, "lint", "--locale", "de", "--quiet")
    assert r.returncode == 1
    line = next(i for i, x in enumerate(po.read_text().splitlines(), 1) if "{m} Karten" in x)
    assert re.search(rf"locales/de/LC_MESSAGES/dominion.po:{line}:\d+: error E01[45]",
                     r.stdout), r.stdout
