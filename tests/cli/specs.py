#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Every kernel spec scn names is in the README, docs/testhost.md and docs/scn.1.

usage: specs.py SCN README TESTHOST_MD MANPAGE

The series and flavours come from the table scn prints (`scn help kernel`,
its SPEC line: the one table help, usage errors and `scn kernel --list`
share), not from a list kept here. docs/testhost.md must name every spec
whole (debian:SERIES and debian:SERIES-FLAVOUR, sid's too, but
-arm64-16k and -riscv64 of a series Debian builds no such kernel of, which
it says);
the README and the man page each series as debian:SERIES and each
flavour. Prints what is missing; exits 1 if anything is.
"""
import re
import subprocess
import sys

# Series Debian builds no 16 KiB-page kernel of (bookworm's 6.1), and no
# riscv64 kernel of (bookworm has no riscv64 port).
NO_FLAVOUR = {"-arm64-16k": {"6.1"}, "-riscv64": {"6.1"}}


def table(scn):
    """(series, flavours) from scn's help."""
    text = subprocess.run([scn, "help", "kernel"], capture_output=True,
                          text=True, check=True).stdout
    text = " ".join(text.split())
    m = re.search(r"the newest of a series \(([^)]*?) or another the archive "
                  r"has; sid: sid's newest\) in a flavour \(([^;]*);", text)
    if not m:
        sys.exit("specs.py: no table of specs in 'scn help kernel':\n" + text)
    series = [s.strip() for s in m.group(1).split(",")] + ["sid"]
    flavours = [f.strip() for f in m.group(2).split(",")]
    return series, flavours


def man_text(path):
    """The man page as it reads: escapes and font macros gone, one line."""
    out = []
    for line in open(path, encoding="utf-8"):
        line = re.sub(r"^\.(B|I|R|BI|BR|IB|IR|RB|RI)\s+", "", line.rstrip("\n"))
        line = line.replace(r"\-", "-").replace(r"\%", "").replace(r"\&", "")
        line = re.sub(r"\\f[BIRP]", "", line).replace('"', "")
        out.append(line)
    return " ".join(out)


def main():
    scn, readme, testhost, man = sys.argv[1:5]
    series, flavours = table(scn)
    missing = []
    th = open(testhost, encoding="utf-8").read()
    for s in series:
        for f in [""] + flavours:
            if s in NO_FLAVOUR.get(f, ()):
                continue
            if not re.search(r"debian:%s%s\b(?!-)" % (re.escape(s), re.escape(f)), th):
                missing.append("%s: debian:%s%s" % (testhost, s, f))
    for path, text in ((readme, open(readme, encoding="utf-8").read()),
                       (man, man_text(man))):
        for s in series:
            if not re.search(r"debian:%s\b(?![.\d])" % re.escape(s), text):
                missing.append("%s: debian:%s" % (path, s))
        for f in flavours:
            if not re.search(r"%s\b(?!-)" % re.escape(f), text):
                missing.append("%s: the flavour %s" % (path, f))
    for m in missing:
        print("not named: " + m)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
