#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Every option of every command is in its help and in docs/scn.1.

usage: options.py SCN MANPAGE

The options come from the tables the commands parse them with (`scn help
--options`: "COMMAND --long[=ARG] [-s]"), not from a list kept here. For
each, `scn help COMMAND` must name the long option (and the short one),
`scn COMMAND --help` must print the same help, and the man page's OPTIONS
section must have an entry that names the option and, on the line after
it, the command among those that take it. Prints what is missing; exits
1 if anything is.
"""
import re
import subprocess
import sys


def troff_text(line):
    """A man page line as it reads: escapes and font macros gone."""
    line = re.sub(r"^\.(B|I|R|BI|BR|IB|IR|RB|RI)\s+", "", line)
    line = line.replace(r"\-", "-").replace(r"\%", "").replace(r"\&", "")
    line = re.sub(r"\\f[BIRP]", "", line)
    line = line.replace('"', "")
    return line


def man_options(path):
    """{(command, option)} from the OPTIONS section's entries."""
    text = open(path).read().split("\n")
    start = text.index(".SH OPTIONS")
    end = next(i for i in range(start + 1, len(text)) if text[i].startswith(".SH "))
    pairs = set()
    i = start
    while i < end:
        if text[i] != ".TP":
            i += 1
            continue
        tag = troff_text(text[i + 1])
        who = troff_text(text[i + 2])
        i += 3
        if not who.rstrip().endswith(":"):
            continue
        cmds = [w.strip() for w in who.rstrip()[:-1].split(",")]
        opts = re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[A-Za-z])(?![\w-])", tag)
        for c in cmds:
            for o in opts:
                pairs.add((c, o))
    return pairs


def named(text, opt):
    return re.search(r"(?<![\w-])" + re.escape(opt) + r"(?![\w-])", text) is not None


def main():
    scn, man = sys.argv[1], sys.argv[2]
    listing = subprocess.run([scn, "help", "--options"], capture_output=True,
                             text=True, check=True).stdout
    documented = man_options(man)
    missing = []
    helps = {}
    count = 0
    for line in listing.splitlines():
        parts = line.split()
        cmd, long_opt = parts[0], re.sub(r"[\[=].*", "", parts[1])
        short = parts[2] if len(parts) > 2 else None
        count += 1
        if cmd not in helps:
            helps[cmd] = subprocess.run([scn, "help", cmd], capture_output=True,
                                        text=True).stdout
            own = subprocess.run([scn, cmd, "--help"], capture_output=True,
                                 text=True).stdout
            if own != helps[cmd]:
                missing.append("'scn %s --help' differs from 'scn help %s'" % (cmd, cmd))
        for opt in [long_opt] + ([short] if short else []):
            if not named(helps[cmd], opt):
                missing.append("'scn help %s' does not name %s" % (cmd, opt))
            if (cmd, opt) not in documented:
                missing.append("docs/scn.1's OPTIONS has no %s for %s" % (opt, cmd))
    if count < 50:
        missing.append("'scn help --options' lists %d options: too few to be the tables" % count)
    for m in missing:
        print(m)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
