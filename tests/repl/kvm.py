#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The REPL with VMs, driven through a pseudo-terminal where KVM runs a guest.

tests/repl/kvm.sh runs this inside the test host (one boot for all of
it), or on this machine where its own /dev/kvm runs a guest; with
"--kernel SPEC" it runs scn repl --kernel SPEC here instead, on a
terminal and with a script (a boot each). Prints the result lines of
run.py: "ok NAME", "FAIL NAME: why", "skip NAME: why".
"""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import LAST, SCN, Session, need, pexpect, run_test, save_replay  # noqa: E402

PAT = "0x2a2a2a2a2a2a2a2a"
# A backing, its VM and the VM's uffd service come in one input: memory a
# uffd serves starts empty.
VM = ("backing mem type=anon size=8M fill=0x2a; vm g backing=mem vcpus=2; "
      "uffd g readers=2")


def t_vm_state(tmp):
    s = Session(tmp, "vm")
    try:
        out = s.line(VM)
        need("error" not in out, "the VM was refused: %s" % out.strip())
        out = s.line("phase fault { guest read verify pattern=%s }" % PAT)
        need("# phase fault:" in out, "the guest phase did not run: %s" % out.strip())
        out = s.line('print "== {fault.pages} {fault.uffd.faults} {fault.uffd.eexist}"')
        need("== 2048 2048 0" in out, "the guest did not fault every page once: %s" % out.strip())
        out = s.line("show vms")
        need(re.search(r"g\s+8M in 1 memslot over mem \(anon\), 2 vCPUs.*uffd missing, a uffd per vCPU "
                       r"with 2 readers each; dirty log off", out), "show vms: %s" % out)
        out = s.line("show vcpus")
        need(re.search(r"^\s*0\s+idle\s+\d\s+1\s+\d+\s+0\s+1024\s+last exit: the end of its job", out, re.M) and
             re.search(r"^\s*1\s+idle\s+\d\s+1\s+\d+\s+0\s+1024\s", out, re.M),
             "show vcpus does not give each vCPU its job and 1024 userfaults: %s" % out)
        # The vCPU threads persist: the next input's jobs run on them.
        s.line("phase dirty { host dirtylog g on; guest write size=1M; host dirtylog g get }")
        out = s.line('print "== dirty {dirty.dirty}"')
        need("== dirty 256" in out, "dirty logging at the prompt: %s" % out.strip())
        out = s.line("phase slots { host memslot add extra size=2M; vcpu reset mmu }")
        need("# phase slots:" in out, "memslot add and vcpu reset: %s" % out.strip())
        out = s.line("show memslots")
        need(re.search(r"0\s+0x0\s+8M\s+g.slot\[0\], mem; dirty log", out) and "scn's area" in out and
             re.search(r"'extra', memory of its own", out), "show memslots: %s" % out)
        out = s.line("show vcpus g")
        need(re.search(r"^\s*0\s+idle\s+\d\s+2\s", out, re.M), "the jobs are not counted: %s" % out)
        need("last command: an MMU reset" in out, "the reset is not the last command: %s" % out)
        s.line("quit", pexpect.EOF)
    finally:
        s.close()
    return s


def t_vm_interrupt(tmp):
    s = Session(tmp, "vmintr")
    try:
        s.line(VM + " delay=3s")
        s.line("backing other type=anon size=4M; vm busy backing=other vcpus=2")
        # Ctrl-C in a long guest job: the vCPUs are kicked out of KVM_RUN.
        s.p.send("phase spin { guest read passes=1000000000 vm=busy }\r")
        time.sleep(2)
        s.p.sendintr()
        out = s.expect(r"scn> ", 30)
        need("interrupted" in out, "no word of the interruption: %s" % out)
        out = s.line("show vcpus busy")
        need(out.count("(stopped: interrupted)") == 2, "the vCPUs do not show the stop: %s" % out)
        out = s.line("phase again { guest write vm=busy }")
        need("# phase again:" in out, "the VM is not usable after Ctrl-C: %s" % out.strip())
        # Ctrl-C while vCPUs wait in userfaults that a reader holds for 3s.
        # The stop hurries the service, and a vCPU may write on until it
        # sees the kick (for milliseconds on a PVM host): the job keeps to
        # the first 1M, so that the page at 5M is still the service's.
        s.p.send("phase slow { guest write vm=g size=1M }\r")
        time.sleep(1)
        s.p.sendintr()
        out = s.expect(r"scn> ", 30)
        need("interrupted" in out, "no word of the interruption in a userfault: %s" % out)
        # The service still serves: a page of each part faults once more.
        out = s.line("phase next { guest read verify pattern=%s size=4K offset=5M vm=g }" % PAT, timeout=60)
        need("# phase next:" in out, "the VM and its uffd are not usable after Ctrl-C: %s" % out.strip())
        out = s.line('print "== {next.uffd.faults} {next.pages}"')
        need("== 1 1" in out, "the page did not come through the service: %s" % out.strip())
        s.line("quit", pexpect.EOF)
        s.p.wait()
        need(s.p.exitstatus == 0, "quit exited %s" % s.p.exitstatus)
    finally:
        s.close()
    return s


def t_vm_refusals(tmp):
    s = Session(tmp, "vmref")
    try:
        s.line("backing m type=anon size=4M fill=0x2a; vm h backing=m")
        out = s.line("uffd h")
        need("backing 'm' was made filled before this service" in out and
             "declare the backing, the vm and its service in one input" in out,
             "a uffd on memory filled earlier was not refused: %s" % out)
        s.line("param n = 2")
        s.line("backing b2 type=anon size=4M; vm k backing=b2 vcpus=n")
        out = s.line("let n = 3")
        need("vm 'k' is made already" in out, "let changed a made VM: %s" % out)
        s.line("quit", pexpect.EOF)
    finally:
        s.close()
    return s


SESSION = [
    VM,
    "phase fault { guest read verify pattern=%s }" % PAT,
    'print "== fault {fault.pages} {fault.uffd.faults}"',
    "phase w { guest write passes=2 }",
    "run w",
    'print "== w {w.passes} {w.pages.total}"',
    "phase slots { host memslot add extra size=2M; host dirtylog g on; vcpu reset mmu }",
    "phase d { guest write size=64K; host dirtylog g get }",
    'print "== d {d.dirty}"',
]


def t_vm_save_replay(tmp):
    s, want, got, _ = save_replay(tmp, "vmsave", SESSION)
    need(want == ["== fault 2048 2048", "== w 4 4096", "== d 16"], "the session printed %s" % want)
    need(got == want, "replay printed %s, the session %s" % (got, want))
    return s


class Outside(Session):
    """scn repl --kernel K on a pseudo-terminal here: the prompt is inside."""

    def __init__(self, tmp, kernel):
        LAST[:] = [self]
        self.log = ""
        self.tmp = tmp
        env = dict(os.environ, TERM="xterm", HOME=tmp, SCN_HISTORY="")
        self.p = pexpect.spawn(SCN, ["repl", "-q", "--kernel", kernel], env=env, cwd=tmp,
                               encoding="utf-8", timeout=180, dimensions=(50, 200))
        self.expect(r"scn> ", 180)


def t_outside_tty(tmp, kernel):
    s = Outside(tmp, kernel)
    try:
        out = s.line(VM + " delay=2s", timeout=60)
        need("error" not in out, "the VM was refused: %s" % out.strip())
        # Ctrl-C here is a byte there: the line discipline inside makes it
        # the inner REPL's SIGINT, which stops its vCPUs.
        s.p.send("phase slow { guest write }\r")
        time.sleep(1.5)
        s.p.sendintr()
        out = s.expect(r"scn> ", 60)
        need("interrupted" in out, "Ctrl-C did not reach the REPL inside: %s" % out)
        out = s.line("show vcpus", timeout=60)
        need(out.count("(stopped: interrupted)") == 2, "show vcpus inside: %s" % out)
        # TAB goes through too: libedit inside completes "sho" to "show ".
        s.p.send("sho\t")
        time.sleep(1)
        out = s.line("vms", timeout=60)
        need(re.search(r"g\s+8M in 1 memslot", out), "TAB did not complete inside: %s" % out)
        s.p.sendeof()
        s.expect(pexpect.EOF, 60)
        s.p.wait()
        need(s.p.exitstatus == 0, "Ctrl-D ended scn repl --kernel with %s" % s.p.exitstatus)
    finally:
        s.close()
    return s


def t_outside_script(tmp, kernel):
    script = (VM + "\nphase fault { guest read verify pattern=%s }\n"
              "print \"pages {fault.pages} uffd {fault.uffd.faults}\"\nparam bad = 1 + 4K\n"
              "save kept.scn\n" % PAT)
    r = subprocess.run([SCN, "repl", "-q", "--kernel", kernel], input=script, capture_output=True,
                       text=True, timeout=300, cwd=tmp)
    need(r.stdout == "pages 2048 uffd 2048\n", "stdout of the script inside: %r (%s)" % (r.stdout, r.stderr[-600:]))
    need("<stdin>:4:13: error: cannot add" in r.stderr, "the error is not at its line of stdin: %r" % r.stderr[-600:])
    need(r.returncode == 1, "a script with an error exited %d inside" % r.returncode)
    # The caller's directory is writable inside: save writes here.
    need(os.path.exists(os.path.join(tmp, "kept.scn")) and
         "guest read verify" in open(os.path.join(tmp, "kept.scn")).read(),
         "save inside did not write into the caller's directory")
    return None


TESTS = [
    ("vms, vcpus and memslots persist and show", t_vm_state),
    ("ctrl-c in a guest phase and in a userfault", t_vm_interrupt),
    ("refusals: uffd on filled memory, let on a made vm", t_vm_refusals),
    ("save and replay with a vm", t_vm_save_replay),
]

OUTSIDE = [
    ("scn repl --kernel on a terminal: ctrl-c, TAB and ctrl-d reach the prompt inside", t_outside_tty),
    ("scn repl --kernel with a script", t_outside_script),
]


def main():
    if pexpect is None:
        print("skip vm: python3-pexpect is not installed")
        return 0
    tests = TESTS
    if len(sys.argv) == 3 and sys.argv[1] == "--kernel":
        tests = [(n, lambda tmp, f=f: f(tmp, sys.argv[2])) for n, f in OUTSIDE]
    for name, fn in tests:
        run_test(name, fn)
    if tests is TESTS:
        print("repl kvm done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
