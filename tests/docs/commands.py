#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The commands of README.md and docs/*.md, run as a user types them.

Issue 25: docs/seeds.md told seed 002's runs to write local.json without
--format json, and seeds/report.py then died on the text it found. Every
indented block of those files (a command, a synopsis, a transcript, some
output) carries a mark on the line before it, and this runs it as the
mark says; a block without a mark is a failure, so a new command cannot
go untested unseen:

  <!-- doc-test: run [exit=0,4] [file=NAME=>SRC]... [sub=OLD=>NEW]... -->
      run here, as written, in a scratch directory that has the tree's
      scenarios/, seeds/ and tests/ and this scn first on PATH (and as
      $SCN); each scn command must exit with one of exit= (default 0).
      file= puts a file of the tree under the name the docs use
      (base.json, two.scn); sub= replaces a placeholder (FILE.scn). A
      transcript ("$ scn ...") runs its "$" lines only.
  <!-- doc-test: host [small="-D mem=32M ..."] [skip=N,...] [why=...] ... -->
      what needs a test host, or takes minutes: scn commands with
      --kernel run up to the boot (SCN_QEMU, SCN_QEMU_AARCH64 and
      SCN_QEMU_RISCV64 name no QEMU, so the options, the kernel spec, the scenario checked against
      the test host's facts and the host's size are all taken, and the
      run must end in the SKIP that says QEMU is not installed); a run of
      them with -o FILE then writes FILE here, the same command without
      the host options and with small='s -D first (the first -D of a
      name wins), so that what reads FILE (report.py, compare, plot)
      runs on a result of the same shape. --or-kernel runs as it would
      (what needs a test host is its SKIP). make runs as make -n: its
      targets (test, suite, seeds) take minutes to an hour. skip= lines
      (a kernel's build) are not run, and why says so in the ok line.
      Other commands (python3 seeds/report.py, seeds/run.sh) run as
      written, with $SCN this wrapper.
  <!-- doc-test: synopsis -->
      usage lines: each scn command's every --option is in its scn help,
      each make target exists (make -n).
  <!-- doc-test: output -->   what a command prints, or a file: not run
  <!-- doc-test: external why=... -->
      commands of another tree (a kselftest install): a skip with why.

Sizes and time: everything here runs on this machine without a boot,
6 s in all on a 2-core PVM host; the boots of the same scenarios at small sizes are
tests/seeds/run.sh's and tests/testhost/*.sh's. A command that finds the
knobs lock held (75, another scn run) makes its block run again.
Prints "ok ...", "FAIL ...: why" and "skip ...: why" lines.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCN = os.path.abspath(os.environ.get("SCN", os.path.join(ROOT, "scn")))
MARK = re.compile(r"^<!-- doc-test: (.*) -->$")
HOST_OPTS_ARG = {"--kernel", "--or-kernel", "--cpus", "--mem", "--nodes",
                 "--append", "--accel", "--modules", "--console-log"}
NO_QEMU = "/nonexistent/qemu"
REAL_MAKE = shutil.which("make") or "/usr/bin/make"


def blocks(path):
    """Indented code blocks outside fences and lists: (line, mark, body)."""
    lines = open(path).read().split("\n")
    out, fence, in_list, prev_blank, i = [], False, False, True, 0
    while i < len(lines):
        l = lines[i]
        if l.lstrip().startswith("```"):
            fence, prev_blank = not fence, False
            i += 1
            continue
        if fence:
            i += 1
            continue
        if not l.strip():
            prev_blank = True
            i += 1
            continue
        if prev_blank and l.startswith("    ") and not in_list:
            start, body = i, []
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                body.append(lines[i][4:] if lines[i].strip() else "")
                i += 1
            while body and not body[-1]:
                body.pop()
            k = start - 1
            while k >= 0 and not lines[k].strip():
                k -= 1
            m = MARK.match(lines[k].strip()) if k >= 0 else None
            out.append((start + 1, m.group(1) if m else None, body))
            continue
        if re.match(r"\s*([-*]|\d+\.) ", l):
            in_list = True
        elif not l.startswith(" "):
            in_list = False
        prev_blank = False
        i += 1
    return out


def parse_mark(text):
    words = shlex.split(text)
    opts = {"mode": words[0], "file": [], "sub": [], "exit": "0", "small": "",
            "skip": "", "why": ""}
    for w in words[1:]:
        k, _, v = w.partition("=")
        if k in ("file", "sub"):
            old, _, new = v.partition("=>")
            opts[k].append((old, new))
        else:
            opts[k] = v
    return opts


def kernel_paths(spec):
    r = subprocess.run([SCN, "kernel", spec], capture_output=True, text=True)
    got = dict(re.findall(r"^  (image|modules) +(\S+)$", r.stdout, re.M))
    return got


def expand(value):
    """@image:SPEC@ and @modroot:SPEC@: the cached kernel's image, and the
    directory its modules are installed in (INSTALL_MOD_PATH's)."""
    def one(m):
        got = kernel_paths(m.group(2))
        if "image" not in got or "modules" not in got:
            raise RuntimeError("scn kernel %s names no image or modules" % m.group(2))
        if m.group(1) == "image":
            return got["image"]
        return re.sub(r"/lib/modules/[^/]+$", "", got["modules"])
    return re.sub(r"@(image|modroot):([^@]+)@", one, value)


def commands(body, skip):
    """The lines a user types: "$ " lines of a transcript, else all;
    a line ending in a backslash continues."""
    transcript = any(l.startswith("$ ") for l in body)
    cmds, cur, skipping = [], "", False
    for n, l in enumerate(body, 1):
        if skipping:            # the rest of a skipped line
            skipping = l.endswith("\\")
            continue
        if transcript and not cur:
            if not l.startswith("$ "):
                continue
            l = l[2:]
        if not cur and n in skip:
            skipping = l.endswith("\\")
            continue
        cur += l
        if cur.endswith("\\"):
            cur = cur[:-1] + " "
            continue
        cmds.append(cur)
        cur = ""
    return cmds


WRAPPER = r'''#!/bin/bash
# scn as the docs test runs it (tests/docs/commands.py)
real=__REAL__ mode=__MODE__ log=__LOG__
allowed=" __EXIT__ "
read -r -a small <<< "__SMALL__"
host=no
for a in "$@"; do
	case $a in --kernel|--kernel=*) host=yes ;; esac
done
say() { echo "$*" >>"$log"; }
if [ "$mode" = host ] && [ $host = yes ] && [ "$1" != kernel ]; then
	out=$(SCN_QEMU=__NOQEMU__ SCN_QEMU_AARCH64=__NOQEMU__ SCN_QEMU_RISCV64=__NOQEMU__ "$real" "$@" 2>&1)
	rc=$?
	printf '%s\n' "$out"
	# The SKIP goes where the result goes: -o FILE.
	for ((i = 1; i < $#; i++)); do
		j=$((i + 1))
		[ "${!i}" = -o ] && out+=$(cat "${!j}" 2>/dev/null)
	done
	if [ $rc != 4 ] || ! grep -q "__NOQEMU__ is not installed" <<<"$out"; then
		say "FAIL scn $*: exit $rc before the boot, not the SKIP of a missing QEMU"
		exit 97
	fi
	say "boot scn $*"
	[ "$1" = run ] || exit 0
	# The result a boot would have written, made here.
	args=(run "${small[@]}") o=""
	shift
	while [ $# -gt 0 ]; do
		case $1 in
		--kernel|--or-kernel|--cpus|--mem|--nodes|--append|--accel|--modules|--console-log)
			shift 2; continue ;;
		--kernel=*|--or-kernel=*|--cpus=*|--mem=*|--nodes=*|--append=*|--accel=*|--modules=*|--console-log=*)
			shift; continue ;;
		-o) o=$2 ;;
		esac
		args+=("$1")
		shift
	done
	[ -n "$o" ] || exit 0
	"$real" "${args[@]}"
	rc=$?
	if [ $rc = 4 ]; then
		say "SKIP this machine cannot make $o: scn ${args[*]} skips here"
		exit 98
	elif [ $rc != 0 ]; then
		say "FAIL scn ${args[*]} (making $o here): exit $rc"
		exit 97
	fi
	exit 0
fi
# What a local run of the docs runs at small='s sizes too (seed 002's).
[ "$mode" = host ] && [ "$1" = run ] && set -- run "${small[@]}" "${@:2}"
if [ "$mode" = host ]; then
	SCN_QEMU=__NOQEMU__ SCN_QEMU_AARCH64=__NOQEMU__ SCN_QEMU_RISCV64=__NOQEMU__ "$real" "$@"
else
	"$real" "$@"
fi
rc=$?
[ "$mode" = host ] && [[ " $* " == *" --or-kernel "* ]] && [ $rc = 4 ] && exit 0
# A local run this machine cannot do (no KVM that runs a guest, one node):
# what it would have written is missing, as for a boot's stand-in above.
if [ "$mode" = host ] && [ "$1" = run ] && [ $rc = 4 ]; then
	say "SKIP this machine cannot run it: scn $* skips here"
	exit 98
fi
[[ $allowed == *" $rc "* ]] && exit 0
[ $rc = 75 ] && say "BUSY scn $*"
say "FAIL scn $*: exit $rc, want one of$allowed"
exit $rc
'''

MAKE = r'''#!/bin/bash
# make as the docs test runs it: make -n (its targets take minutes)
exec /usr/bin/env -u MAKEFLAGS __MAKE__ -n -C __ROOT__ "$@" >/dev/null
'''


def scratch(opts):
    d = tempfile.mkdtemp(prefix="scn-doc.")
    for name in ("scenarios", "seeds"):
        os.symlink(os.path.join(ROOT, name), os.path.join(d, name))
    # tests/ by links too, but for tests/seeds/results, a copy: seeds/run.sh
    # keeps its results there, and a block run as written must not write
    # into the tree (it once replaced a kept result of the docs' rows).
    os.mkdir(os.path.join(d, "tests"))
    for name in os.listdir(os.path.join(ROOT, "tests")):
        if name != "seeds":
            os.symlink(os.path.join(ROOT, "tests", name), os.path.join(d, "tests", name))
    os.mkdir(os.path.join(d, "tests", "seeds"))
    for name in os.listdir(os.path.join(ROOT, "tests", "seeds")):
        src = os.path.join(ROOT, "tests", "seeds", name)
        dst = os.path.join(d, "tests", "seeds", name)
        if name == "results":
            shutil.copytree(src, dst)
        else:
            os.symlink(src, dst)
    for dst, src in opts["file"]:
        shutil.copy(os.path.join(ROOT, src), os.path.join(d, dst))
    os.mkdir(os.path.join(d, "bin"))
    log = os.path.join(d, "doc.log")
    w = (WRAPPER.replace("__REAL__", shlex.quote(SCN)).replace("__MODE__", opts["mode"])
         .replace("__LOG__", shlex.quote(log)).replace("__NOQEMU__", NO_QEMU)
         .replace("__EXIT__", " ".join(opts["exit"].split(",")))
         .replace("__SMALL__", opts["small"]))
    make = MAKE.replace("__ROOT__", shlex.quote(ROOT)).replace("__MAKE__", REAL_MAKE)
    for name, text in (("scn", w), ("make", make)):
        p = os.path.join(d, "bin", name)
        with open(p, "w") as f:
            f.write(text)
        os.chmod(p, 0o755)
    return d, log


def run_block(name, opts, body):
    skip = {int(x) for x in opts["skip"].split(",") if x}
    cmds = commands(body, skip)
    script = "set -e -o pipefail\n"
    for c in cmds:
        for old, new in opts["sub"]:
            c = c.replace(old, expand(new))
        script += c + "\n"
    for attempt in range(4):
        d, log = scratch(opts)
        env = dict(os.environ, PATH=os.path.join(d, "bin") + ":" + os.environ["PATH"],
                   SCN=os.path.join(d, "bin", "scn"))
        env.pop("MAKEFLAGS", None)
        try:
            r = subprocess.run(["bash", "-c", script], cwd=d, env=env, timeout=300,
                               stdin=subprocess.DEVNULL, capture_output=True, text=True)
            rc, out = r.returncode, r.stdout + r.stderr
        except subprocess.TimeoutExpired:
            rc, out = -1, "timed out after 300 s"
        said = open(log).read() if os.path.exists(log) else ""
        shutil.rmtree(d, ignore_errors=True)
        if "BUSY " in said and attempt < 3:
            subprocess.run(["sleep", "5"])
            continue
        break
    boots = said.count("boot scn ")
    what = "%d command%s" % (len(cmds), "" if len(cmds) == 1 else "s")
    if boots:
        what += ", %d up to the boot" % boots
    if skip:
        what += "; not run: line%s %s (%s)" % ("" if len(skip) == 1 else "s",
                                               opts["skip"], opts["why"])
    # A result this machine could not make (a stand-in that skipped here)
    # explains what fails after it; a failure before it is one.
    skipped = re.search(r"^SKIP (.*)$", said, re.M)
    failed = re.search(r"^FAIL ", said, re.M)
    if rc == 0:
        print("ok %s: %s" % (name, what))
    elif skipped and (not failed or failed.start() > skipped.start()):
        print("skip %s: %s" % (name, skipped.group(1)))
    else:
        why = re.findall(r"^FAIL (.*)$", said, re.M)
        print("FAIL %s: %s" % (name, why[0] if why else "exit %d" % rc))
        for l in out.strip().splitlines()[-12:]:
            print("    " + l)


def help_of(cmd):
    r = subprocess.run([SCN, "help", cmd], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


TOP_HELP = subprocess.run([SCN, "help"], capture_output=True, text=True).stdout


def synopsis(name, body):
    bad, n, cmd = [], 0, None
    for l in body:
        t = l.split()
        if not t:
            continue
        if t[0] == "make":
            n += 1
            r = subprocess.run(["make", "-n", "-C", ROOT, t[1]], capture_output=True,
                               env={k: v for k, v in os.environ.items() if k != "MAKEFLAGS"})
            if r.returncode:
                bad.append("make %s: no such target" % t[1])
            continue
        if t[0] == "scn" and len(t) > 1:
            cmd = next((w for w in t[1:] if re.match(r"^[a-z]+$", w)), None)
            if cmd is None:
                continue
            n += 1
            rc, text = help_of(cmd)
            if rc:
                bad.append("scn help %s: exit %d" % (cmd, rc))
                continue
        if cmd is None:
            continue
        # The options of this line, up to its description (two spaces).
        usage = re.split(r"\s{3,}", l.strip())[0] if not l.startswith(" ") else l
        for opt in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", usage):
            # scn help (--version, --options) or the command's own
            if opt not in help_of(cmd)[1] and opt not in TOP_HELP:
                bad.append("%s: scn help %s lacks %s" % (l.strip()[:40], cmd, opt))
    if bad:
        print("FAIL %s: %s" % (name, "; ".join(bad)))
    else:
        print("ok %s: %d usage line%s, as scn help and make say" % (name, n, "" if n == 1 else "s"))


def main():
    docs = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(ROOT, "docs"))
                                  if f.endswith(".md"))
    for doc in docs:
        for line, mark, body in blocks(os.path.join(ROOT, doc)):
            name = "command %s:%d" % (doc, line)
            if mark is None:
                print("FAIL %s: a block with no <!-- doc-test: ... --> mark: %s" % (name, body[0][:60]))
                continue
            try:
                opts = parse_mark(mark)
                mode = opts["mode"]
                if mode == "output":
                    continue
                if mode == "external":
                    print("skip %s: not run: %s" % (name, opts["why"] or "(no why= given)"))
                elif mode == "synopsis":
                    synopsis(name, body)
                elif mode in ("run", "host"):
                    run_block(name, opts, body)
                else:
                    print("FAIL %s: unknown mark mode '%s'" % (name, mode))
            except Exception as e:  # a mark or block the test cannot take is a failure
                print("FAIL %s: %s: %s" % (name, type(e).__name__, e))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
