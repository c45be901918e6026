#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""scn repl --kernel SPEC on a terminal (pexpect), for the test hosts of
other architectures (tests/testhost/arm64.sh, riscv64.sh): the prompt
comes from inside, {arch} there is ARCH, a VM is made, Ctrl-C (a byte on
the console that the line discipline inside makes a SIGINT) stops a
guest phase on every vCPU, and Ctrl-D ends the session with exit 0.

    repl_kernel.py SCN SPEC DIR ARCH     (exit 0: all held)
"""
import sys
import time

import pexpect

scn, kernel, tmp, arch = sys.argv[1:5]
p = pexpect.spawn(scn, ["repl", "-q", "--kernel", kernel], cwd=tmp, encoding="utf-8",
                  timeout=180, dimensions=(50, 200))
p.expect(r"scn> ")
p.send('print "== {arch}"\r')
p.expect(r"== " + arch)
p.expect(r"scn> ", 60)
p.send("backing mem type=anon size=8M; vm g backing=mem vcpus=2\r")
p.expect(r"scn> ", 60)
p.send("phase spin { guest read passes=1000000000 }\r")
time.sleep(3)
p.sendintr()
p.expect(r"scn> ", 60)
assert "interrupted" in p.before, p.before
p.send("show vcpus\r")
p.expect(r"scn> ", 60)
assert p.before.count("(stopped: interrupted)") == 2, p.before
# A Ctrl-D that comes before libedit has set raw mode again is the line
# discipline's EOF of a cooked line, and lost: again, as a person would.
for attempt in range(3):
    time.sleep(1)
    p.sendeof()
    if p.expect([pexpect.EOF, pexpect.TIMEOUT], 20) == 0:
        break
else:
    raise AssertionError("Ctrl-D did not end scn repl --kernel")
p.wait()
assert p.exitstatus == 0, p.exitstatus
