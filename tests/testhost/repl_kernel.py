#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""scn repl --kernel SPEC on a terminal (pexpect), for the test hosts of
other architectures (tests/testhost/arm64.sh, riscv64.sh): the prompt
comes from inside, {arch} there is ARCH, a VM is made, Ctrl-C (a byte on
the console that the line discipline inside makes a SIGINT) stops a
guest phase on every vCPU, a kernel WARN inside is the input's warning,
and Ctrl-D ends the session with exit 0.

    repl_kernel.py SCN SPEC DIR ARCH     (exit 0: all held)
"""
import sys
import time

import pexpect

scn, kernel, tmp, arch = sys.argv[1:5]
p = pexpect.spawn(scn, ["repl", "-q", "--kernel", kernel], cwd=tmp, encoding="utf-8",
                  timeout=180, dimensions=(50, 200))


def step(what, pattern, timeout=180):
    """Waits for pattern; a timeout names the step and what came last.
    TCG's riscv64 and arm64 beside other test hosts (make test's lanes)
    took more than the minute each step had: each gets the boot's 180 s."""
    try:
        p.expect(pattern, timeout)
    except pexpect.TIMEOUT:
        raise AssertionError("%s: no %r in %d s; last output %r"
                             % (what, pattern, timeout, (p.before or "")[-200:])) from None


step("the prompt from inside", r"scn> ")
p.send('print "== {arch}"\r')
step("the fact arch", r"== " + arch)
step("the prompt after print", r"scn> ")
p.send("backing mem type=anon size=8M; vm g backing=mem vcpus=2\r")
step("the prompt after the vm", r"scn> ")
p.send("phase spin { guest read passes=1000000000 }\r")
time.sleep(3)
p.sendintr()
step("the prompt after Ctrl-C", r"scn> ")
assert "interrupted" in p.before, p.before
p.send("show vcpus\r")
step("the prompt after show vcpus", r"scn> ")
assert p.before.count("(stopped: interrupted)") == 2, p.before
# The kernel inside warns (as if: W in its taint, a WARNING line in its
# log): the input that saw it says so.
p.send("phase warn { host exec \"echo 512 > /proc/sys/kernel/tainted && "
       "echo 'WARNING: CPU: 0 PID: 1 at scn-test.c:1 scn_test_warn' > /dev/kmsg\" }\r")
step("the warning of the kernel's WARN",
     r"the kernel became tainted during phase 'warn' \(W \(a WARN\)\): "
     r"its log says WARNING: CPU: 0 PID: 1 at scn-test.c:1 scn_test_warn")
step("the prompt after the warning", r"scn> ")
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
