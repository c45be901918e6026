#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The REPL driven through a pseudo-terminal (pexpect) and as a script.

Prints one line per test, as the runtime tests do: "ok NAME",
"FAIL NAME: why" (then the session's last output, indented) or
"skip NAME: why"; tests/run.sh counts them as the group repl (through
tests/repl/repl.sh). SCN names the binary.

Each session gets its own state directory (--state-dir), history file
and HOME, so that nothing of the user's is read or written. The knob
tests use ksm.pages_to_scan and need root.
"""
import fcntl
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SCN = os.path.abspath(os.environ.get("SCN", "./scn"))
KNOB = "/sys/kernel/mm/ksm/pages_to_scan"
PROMPT = r"scn> "
MORE = r"\.\.\.> "
# libedit redraws the line with escape sequences; results are matched
# in the output with those removed.
ESC = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")

try:
    import pexpect
except ImportError:
    pexpect = None


class Failed(Exception):
    pass


def clean(text):
    return ESC.sub("", text or "")


LAST = []     # the session of the test running, for a failure's report


class Session:
    """One scn repl on a pseudo-terminal, with everything it printed."""

    def __init__(self, tmp, name, progress=False):
        LAST[:] = [self]
        self.log = ""
        self.tmp = tmp
        self.state = os.path.join(tmp, "state-" + name)
        self.hist = os.path.join(tmp, "history-" + name)
        env = dict(os.environ, TERM="xterm", HOME=tmp, SCN_HISTORY=self.hist)
        env.pop("XDG_STATE_HOME", None)
        if progress:        # a CI log has no status line; this session does
            env.pop("CI", None)
        # Another scn run may hold the knobs lock: a set waits for it.
        self.p = pexpect.spawn(SCN, ["repl", "--wait=900s", "--state-dir", self.state], env=env,
                               cwd=tmp, encoding="utf-8", timeout=20,
                               dimensions=(50, 200))
        self.expect(PROMPT)

    def expect(self, pattern, timeout=20):
        try:
            self.p.expect(pattern, timeout=timeout)
        except (pexpect.TIMEOUT, pexpect.EOF) as e:
            self.log += clean(self.p.before)
            raise Failed("no %r in the output (%s)" % (pattern, type(e).__name__))
        self.log += clean(self.p.before) + clean(self.p.after if isinstance(self.p.after, str) else "")
        return clean(self.p.before)

    def line(self, text, until=PROMPT, timeout=20):
        """Types a line; returns what came before the next prompt."""
        self.p.send(text + "\r")
        return self.expect(until, timeout)

    def close(self):
        if self.p.isalive():
            self.p.terminate(force=True)

    def tail(self, n=20):
        return "\n".join(self.log.splitlines()[-n:])


def knob():
    with open(KNOB) as f:
        return f.read().strip()


def knob_idle():
    """The knob as no scn run has it changed: read under the knobs lock."""
    os.makedirs("/run/scn", exist_ok=True)
    with open("/run/scn/knobs.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return knob()


def need(cond, why):
    if not cond:
        raise Failed(why)


# --- the tests ---------------------------------------------------------

def t_completion(tmp):
    s = Session(tmp, "completion")
    try:
        # A keyword: "reg" TAB becomes "region ".
        s.p.send("reg\t")
        time.sleep(0.3)
        s.line("rgn_alpha type=anon size=4M")
        out = s.line("show regions")
        need(re.search(r"region\s+rgn_alpha\s+anon", out), "TAB did not complete 'reg' to 'region'")
        # A declared name: "rgn_a" TAB becomes "rgn_alpha ".
        s.p.send("phase p { host write rgn_a\t")
        time.sleep(0.3)
        s.line("}")
        out = s.line("show phases")
        need(re.search(r"\bp\s+1 run", out), "TAB did not complete a declared region's name")
        # The word a statement keyword takes: "host wr" TAB becomes "host write ".
        s.p.send("phase q { host wr\t")
        time.sleep(0.3)
        s.line("rgn_alpha }")
        out = s.line("show phases")
        need(re.search(r"\bq\s+1 run", out), "TAB did not complete 'host wr' to 'host write'")
        # Several candidates are listed: "show " TAB TAB lists the topics.
        s.p.send("show \t")
        time.sleep(0.3)
        s.p.send("\t")
        s.expect("counters")
        s.p.send("\x15\r")       # ^U: drop the line
        s.expect(PROMPT)
        s.line("quit", pexpect.EOF)
    finally:
        s.close()
    return s


def t_continuation(tmp):
    s = Session(tmp, "continuation")
    try:
        s.line("region r type=anon size=4M")
        s.line("phase c {", MORE)
        s.line("    host write r", MORE)
        s.line("    host read r byte=0x2d", MORE)
        out = s.line("}")
        need("# phase c:" in out, "the block did not run when it closed")
        out = s.line('print "pages {c.pages}"')
        need("pages 1024" in out, "the phase's results are not there")
        # A list continues after a trailing comma.
        s.line("require root,", MORE)
        out = s.line("    uffd")
        need("error" not in out, "the continued list failed: %s" % out.strip())
        s.line("quit", pexpect.EOF)
    finally:
        s.close()
    return s


def t_error_recovery(tmp):
    s = Session(tmp, "error")
    try:
        out = s.line("param y = 1 + 4K")
        need(re.search(r"<repl:1>:1:11: error: cannot add", out), "no error at <repl:1>:1:11")
        lines = out.splitlines()
        i = next(k for k, l in enumerate(lines) if "    param y = 1 + 4K" in l)
        need(lines[i + 1].rstrip() == " " * 14 + "^~~~~~", "the caret is not under '1 + 4K'")
        # The state is as it was: y can be declared, and nothing of a
        # failed input with a good statement in it was made.
        out = s.line("region r3 type=anon size=4M; param z = 1 + 4K")
        need("error:" in out, "the second bad input was accepted")
        out = s.line("param y = 5")
        need("error" not in out, "y was declared by the input that failed")
        out = s.line("show")
        need(re.search(r"\by\s+5\b", out), "y is not 5")
        need("r3" not in out, "the region of a failed input was made")
        # A run-time failure is undone too: a read that finds other bytes.
        s.line("region r4 type=anon size=4M fill=1")
        out = s.line("region r5 type=anon size=4M; phase bad { host read r4 byte=2 }")
        need("found 0x01, expected 0x02" in out and "undone" in out, "the failed phase was not undone")
        out = s.line("show regions")
        need("r4" in out and "r5" not in out, "r5 of the failed input is still there")
        s.line("quit", pexpect.EOF)
    finally:
        s.close()
    return s


def t_interrupt(tmp):
    before = knob_idle()
    s = Session(tmp, "interrupt", progress=True)
    try:
        s.line("set ksm.pages_to_scan = 1234", timeout=900)
        need(knob() == "1234", "the knob was not set")
        s.line("region big type=anon size=64M")
        # 16384 pages a million times: far longer than the test waits.
        s.p.send("phase long { repeat 1000000 { host write big } }\r")
        time.sleep(1.5)
        s.p.sendintr()
        out = s.expect(PROMPT, 20)
        need("interrupted" in out, "no word of the interruption")
        # Issue 25: the status line stays, as docs/repl.md shows it, with
        # "interrupted" on a line of its own below (it was erased, and the
        # interrupted line took its place).
        lines = out.split("\n")
        stop = [i for i, l in enumerate(lines) if "# phase long: interrupted" in l]
        need(stop and "accesses" not in lines[stop[0]] and stop[0] > 0 and
             re.search(r"# phase long: \S+ accesses, \S+/s, \d+s", lines[stop[0] - 1]),
             "the status line was not kept above the interrupted line: %r" % lines[:stop[0] + 1] if stop else "no interrupted line")
        need(knob() == "1234", "the knob is %s after Ctrl-C, not as the user set it" % knob())
        out = s.line("show knobs")
        need(re.search(r"ksm.pages_to_scan\s+1234\s+\(was %s\)" % before, out), "show knobs does not show it")
        # The session goes on: the memory is usable, a phase runs.
        out = s.line("phase after { host write big }")
        need("# phase after:" in out, "no phase runs after Ctrl-C")
        # Ctrl-C at the prompt drops the line being typed.
        s.p.send("param half_typed = ")
        time.sleep(0.2)
        s.p.sendintr()
        s.expect(PROMPT)
        out = s.line("show params")
        need("half_typed" not in out, "Ctrl-C at the prompt did not drop the line")
        s.line("quit", pexpect.EOF)
        s.p.wait()
        need(s.p.exitstatus == 0, "quit exited %s" % s.p.exitstatus)
        need(knob_idle() == before, "the knob is %s after quit, not %s" % (knob(), before))
    finally:
        s.close()
    return s


def t_eof_and_signal(tmp):
    before = knob_idle()
    s = Session(tmp, "eof")
    try:
        s.line("set ksm.pages_to_scan = 4321", timeout=900)
        s.p.sendeof()
        # The end restores the knob, and a sanitizer build then checks
        # for leaks: on a loaded machine that took more than 20 s.
        s.expect(pexpect.EOF, timeout=120)
        s.p.wait()
        need(s.p.exitstatus == 0, "end of input exited %s" % s.p.exitstatus)
        need(knob_idle() == before, "the knob is %s after end of input" % knob())
    finally:
        s.close()
    s = Session(tmp, "sigterm")
    try:
        s.line("set ksm.pages_to_scan = 4322", timeout=900)
        s.p.kill(signal.SIGTERM)
        s.expect(pexpect.EOF, timeout=120)
        s.p.wait()
        need(s.p.exitstatus == 128 + signal.SIGTERM, "SIGTERM exited %s" % s.p.exitstatus)
        need(knob_idle() == before, "the knob is %s after SIGTERM" % knob())
    finally:
        s.close()
    return s


def kvm_usable():
    """Whether this machine's /dev/kvm runs a guest, as scn features says."""
    r = subprocess.run([SCN, "features"], capture_output=True, text=True, timeout=60)
    return re.search(r"^  kvm +usable$", r.stdout, re.M) is not None


def t_vm_refused(tmp):
    """A VM is made where this machine's KVM runs a guest and refused
    where it cannot; an input the machine cannot run (a NUMA node it
    lacks, on any machine) is refused whole, with nothing done."""
    usable = kvm_usable()
    s = Session(tmp, "vm")
    try:
        s.line("backing m type=anon size=16M")
        out = s.line("backing n type=anon size=8M; vm g backing=m vcpus=2")
        if usable:
            need("nothing was done" not in out and "error" not in out,
                 "a VM was refused where KVM runs a guest: " + out.strip())
        else:
            need("nothing was done" in out, "a VM was not refused")
            need("cannot run" in out, "no reason given")
        out = s.line("show vms")
        if usable:
            need(re.search(r"^\s*g\s.*2 vCPUs", out, re.M), "show vms: " + out.strip())
        else:
            need("no VMs" in out, "show vms")
        out = s.line("backing o type=anon size=4M; backing p type=anon size=4M node=63")
        need("nothing was done" in out and "needs NUMA node 63" in out,
             "an input on a missing node was not refused: " + out.strip())
        out = s.line("show regions")
        need(re.search(r"backing\s+m\b", out) and not re.search(r"backing\s+[op]\b", out),
             "a refused input changed the state")
        need(bool(re.search(r"backing\s+n\b", out)) == usable,
             "the VM's input was %s" % ("kept" if not usable else "lost"))
        s.line("quit", pexpect.EOF)
    finally:
        s.close()
    return s


SESSION = [
    "param size = 8M",
    "region r type=anon size=size fill=0x2a",
    "phase fill { host write r byte=7 }",
    'print "== fill pages {fill.pages} accesses {fill.accesses}"',
    "run fill",
    'print "== runs {fill.pages.total} {fill.time.total > 0ns}"',
    "region s type=shmem size=4M; uffd s mode=minor",
    "phase minor { host read s }",
    'print "== uffd {minor.uffd.faults} of {minor.pages}"',
    "expect minor.uffd.faults == minor.pages",
]


def marked(text):
    return [l.strip() for l in clean(text).splitlines() if l.strip().startswith("== ")]


def save_replay(tmp, name, inputs):
    """Types inputs in a session, saves it, and runs the saved file:
    returns the session and the marked lines of each."""
    s = Session(tmp, name)
    path = os.path.join(tmp, "saved.scn")
    try:
        for line in inputs:
            out = s.line(line)
            need("error" not in out, "'%s' failed: %s" % (line, out.strip()))
        s.line("save " + path)
        s.line("quit", pexpect.EOF)
    finally:
        s.close()
    r = subprocess.run([SCN, "run", "-q", "--state-dir", os.path.join(tmp, "state-replay"), path],
                       capture_output=True, text=True, timeout=120)
    need(r.returncode == 0, "scn run of the saved file exited %d: %s" % (r.returncode, r.stderr))
    return s, marked(s.log), marked(r.stdout), path


def t_save_replay(tmp):
    s, want, got, path = save_replay(tmp, "save", SESSION)
    need(len(want) == 3, "the session printed %d marked lines, not 3" % len(want))
    need(got == want, "replay printed %s, the session %s" % (got, want))
    need("repeat 2 {" in open(path).read(), "the run again is not a repeat")
    return s


SCRIPT = """\
param n = 3
region r type=anon size=4M
phase w {
    repeat n { host write r }
}
print "accesses {w.accesses}"
show phases
"""


def t_scripted(tmp):
    state = os.path.join(tmp, "state-script")
    env = dict(os.environ, SCN_HISTORY="")
    r = subprocess.run([SCN, "repl", "--state-dir", state], input=SCRIPT, capture_output=True,
                       text=True, timeout=60, env=env)
    need(not re.search(r"Sanitizer|runtime error:", r.stderr), "a sanitizer spoke: %s" % r.stderr[-2000:])
    need(r.returncode == 0, "a good script exited %d: %s" % (r.returncode, r.stderr))
    need(r.stdout.startswith("accesses 3072\n"), "stdout is %r" % r.stdout[:200])
    need("scn>" not in r.stdout, "a prompt in scripted output")
    bad = SCRIPT + "param n = 4\nprint \"still {w.accesses}\"\n"
    r = subprocess.run([SCN, "repl", "--state-dir", state], input=bad, capture_output=True,
                       text=True, timeout=60, env=env)
    need(r.returncode == 1, "a script with an error exited %d" % r.returncode)
    need("<stdin>:8:7: error: 'n' is already a parameter" in r.stderr,
         "the error does not name its line on stdin: %r" % r.stderr)
    need("still 3072" in r.stdout, "the script did not go on after the error")
    r = subprocess.run([SCN, "repl", "--frob"], capture_output=True, text=True, timeout=10)
    need(r.returncode == 64, "an unknown option exited %d, not 64" % r.returncode)
    # A save of inputs that need no edit at all (the sanitizer build once
    # stopped there, writing nothing).
    kept = os.path.join(tmp, "plain.scn")
    r = subprocess.run([SCN, "repl", "--state-dir", state],
                       input="region q type=anon size=1M\nphase p { host write q }\nsave %s\n" % kept,
                       capture_output=True, text=True, timeout=60, env=env)
    need(r.returncode == 0 and os.path.exists(kept) and "host write q" in open(kept).read(),
         "a save without edits: exit %d, %s" % (r.returncode, r.stderr[-600:]))
    return None


def t_lock(tmp):
    """A set while another run holds the knobs lock names that run; --wait waits."""
    hold = os.path.join(tmp, "hold.scn")
    with open(hold, "w") as f:
        f.write("set ksm.pages_to_scan = 4323\nphase hold { sleep 60s }\n")
    holder = subprocess.Popen([SCN, "run", "-q", "--wait=900s", "--state-dir",
                               os.path.join(tmp, "state-hold"), hold],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while knob() != "4323" and holder.poll() is None:
            time.sleep(0.05)
        need(holder.poll() is None, "the holding run ended early")
        state = os.path.join(tmp, "state-lock")
        env = dict(os.environ, SCN_HISTORY="")
        script = "param n = 1\nset ksm.pages_to_scan = 4324\nprint \"set\"\n"
        r = subprocess.run([SCN, "repl", "--state-dir", state], input=script,
                           capture_output=True, text=True, timeout=60, env=env)
        need(r.returncode == 1, "a set beside the holder exited %d" % r.returncode)
        need(re.search(r"another scn run holds /run/scn/knobs.lock: pid %d \('%s'\) since "
                       % (holder.pid, re.escape(hold)), r.stderr),
             "the error does not name the holder: %r" % r.stderr)
        r = subprocess.run([SCN, "repl", "--wait=300ms", "--state-dir", state], input=script,
                           capture_output=True, text=True, timeout=60, env=env)
        need(r.returncode == 1 and "# waiting for the knobs lock" in r.stderr
             and "(after waiting for it)" in r.stderr,
             "--wait=300ms exited %d: %r" % (r.returncode, r.stderr))
        # --wait for ever: the set goes through once the holder is done.
        waiter = subprocess.Popen([SCN, "repl", "--wait", "--state-dir", state],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=env)
        time.sleep(0.3)
        holder.terminate()
        holder.wait(30)
        out, err = waiter.communicate(script, timeout=60)
        need(waiter.returncode == 0 and out == "set\n",
             "--wait exited %d: %r %r" % (waiter.returncode, out, err))
    finally:
        if holder.poll() is None:
            holder.terminate()
            holder.wait(30)
    return None


def t_help_history(tmp):
    s = Session(tmp, "help")
    try:
        out = s.line("help set")
        need("6.3 `set`" in out and "set KNOB = EXPR" in out, "help set is not section 6.3")
        out = s.line("help")
        need("show [TOPIC]" in out and "topics of the language reference" in out, "help")
        s.line("param remembered_line = 1")
        s.line("quit", pexpect.EOF)
    finally:
        s.close()
    need("remembered_line" in open(s.hist).read(), "the history file lacks the line")
    return s


TESTS = [
    ("completion", t_completion, False),
    ("continuation", t_continuation, False),
    ("error recovery", t_error_recovery, False),
    ("ctrl-c in a phase", t_interrupt, True),
    ("eof and sigterm restore", t_eof_and_signal, True),
    ("a VM made or refused as the machine's KVM allows; nothing done of a refused input",
     t_vm_refused, False),
    ("save and replay", t_save_replay, False),
    ("scripted", t_scripted, False),
    ("help and history", t_help_history, False),
    ("knobs lock: the holder named, --wait", t_lock, True),
]


def main():
    if pexpect is None:
        print("skip pty: python3-pexpect is not installed")
        return 0
    if not os.access(SCN, os.X_OK):
        print("FAIL setup: no scn at %s" % SCN)
        return 1
    root = os.geteuid() == 0 and os.access(KNOB, os.W_OK)
    for name, fn, knobs in TESTS:
        if knobs and not root:
            print("skip %s: needs root and %s" % (name, KNOB))
            continue
        run_test(name, fn)
    return 0


def run_test(name, fn):
    """Runs fn(tmp) in a directory of its own and prints its result line."""
    tmp = tempfile.mkdtemp(prefix="scn-repl.")
    LAST[:] = []
    try:
        fn(tmp)
        # A sanitizer build reports leaks and UB when a session ends.
        if LAST and re.search(r"Sanitizer|runtime error:", LAST[0].log):
            raise Failed("a sanitizer spoke")
        print("ok %s" % name)
    except Exception as e:  # a bug in the test is a failure too
        why = str(e) if isinstance(e, Failed) else "%s: %s" % (type(e).__name__, e)
        print("FAIL %s: %s" % (name, why))
        if LAST:
            for line in LAST[0].tail().splitlines():
                print("    " + line)
    finally:
        for d in os.listdir(tmp):
            if d.startswith("state-") and os.path.exists(os.path.join(tmp, d, "journal")):
                subprocess.run([SCN, "restore", os.path.join(tmp, d)], capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
