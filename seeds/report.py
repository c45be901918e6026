#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The seeds' tables from scn's JSON results (docs/seeds.md).

    report.py 000 RESULT.json...   NUMA balancing per kernel, policy, phase
    report.py 002 RESULT.json...   mmu_stress, -EFAULT once and forever, side
                                   by side per host; the ro phase's latency,
                                   of all vCPUs and of each
    report.py 003 RESULT.json...   ksm_unmerge's MiB/s per kernel
    report.py kvm RESULT.json...   KVM's statistics per phase of seed 000 or
                                   002 (pf_taken / pf_fixed / remote_tlb_flush)
    report.py policy RESULT.json...
                                   gmem_policy.scn: where the kernel keeps a
                                   guest_memfd's policy, and where its pages
                                   landed before and after a punch
    report.py keep [--all] RESULT.json OUT.json
                                   the result as docs/seeds.md's check keeps
                                   it (tests/seeds/docs.sh): what the tables
                                   read, or with --all every metric (what a
                                   trend table reads), compact

A result of the kernel axis (scn run --kernel A,B,...) is a row per
kernel, each named by its point's own fingerprint (its test host). A
result or a point that was skipped is a row that says why. Nothing here measures:
it reads what scn run wrote (with --format json). Every string a result
holds is printed escaped: a terminal shows an ESC in a name, and obeys
none.
"""
import json
import re
import sys


class NotAResult(Exception):
    """A file given that is not a result: the message names it."""


def load(path):
    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError as e:
        raise NotAResult("%s: cannot open: %s (errno %d)" % (path, e.strerror, e.errno)) from None
    try:
        d = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        lines = text.strip().splitlines()
        if lines and all(l.strip().startswith(b"{") for l in lines[:2]) and len(lines) > 1:
            why = "not a result file but a JSON object a line (--format ndjson)"
        elif text.strip()[:1] != b"{":
            why = "not a result file" + ("" if text.strip() else " (it is empty)")
        else:
            raise NotAResult("%s: not JSON: %s" % (path, e)) from None
        raise NotAResult("%s: %s: write it with --format json" % (path, why)) from None
    if not isinstance(d, dict) or not str(d.get("schema", "")).startswith("scn-result/1"):
        raise NotAResult("%s: not a scn-result/1 document: write it with scn run --format json" % path)
    return d


# C0 and C1 controls, DEL and the bidirectional marks and overrides.
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def esc(s):
    """A string of a result as a terminal should show it: escapes for controls."""
    s = str(s)
    return UNSAFE.sub(lambda m: {"\n": "\\n", "\t": "\\t"}.get(m.group(0),
                                                            "\\u%04x" % ord(m.group(0))), s)


def host(d, pt=None):
    """Where a result (or a point of the kernel axis) was measured, in a few words."""
    spec = ((pt or {}).get("params") or {}).get("kernel")
    if pt is not None and spec and not pt.get("fingerprint"):
        # A kernel that did not boot, or was never fetched: its spec alone.
        return esc("test host %s" % spec)
    fp = fingerprint(d, pt)
    k = (fp.get("kernel") or {}).get("release") or "?"
    th = fp.get("testhost")
    cmdline = ((fp.get("kernel") or {}).get("cmdline") or "").split()
    extra = [w for w in cmdline if w.startswith("preempt=")]
    if th:
        where = "test host %s (%s%s)" % (th.get("spec") or k, th.get("accel") or "?",
                                         ", " + " ".join(extra) if extra else "")
    else:
        virt = (fp.get("virt") or {}).get("kind") or "?"
        where = "this machine (%s, %s)" % (k, virt)
    return esc(where)


def fingerprint(d, pt=None):
    """
    A point's machine: the kernel axis gives each point the fingerprint of
    its test host; a point without one ran where the whole result did.
    """
    return (pt or {}).get("fingerprint") or d.get("fingerprint") or {}


def axis(d):
    """Whether a result is of the kernel axis: its points are kernels."""
    return bool((d.get("command") or {}).get("kernels"))


def points(d):
    """The points of a result, each with whether it was skipped."""
    return [(pt, pt.get("status") == "skip") for pt in d.get("points") or []]


def metric(ph, name, stat="mean"):
    m = (ph.get("metrics") or {}).get(name)
    return None if m is None else m.get(stat)


def phase(pt, name):
    for ph in pt.get("phases") or []:
        if ph.get("name") == name:
            return ph
    return None


def duration(v):
    """A time in the unit that suits it, three significant digits: 51.7ms, 12.0ns."""
    if v is None:
        return "-"
    if v == 0:
        return "0s"
    for scale, unit in ((1, "s"), (1e-3, "ms"), (1e-6, "us"), (1e-9, "ns")):
        x = v / scale
        # 999.96ms is 1.00s: the rounded value picks the unit.
        shown = abs(float("%.3g" % x))
        if shown >= 1 or unit == "ns":
            break
    return "%.*f%s" % (max(0, 3 - len(str(int(shown)))), x, unit)


secs = duration


def bucket(m):
    """
    A log2 bucket's bound over the runs: the lower median run's, a bucket
    some run had. A mean of 12.0ns and 12.6ns is 12.3ns, which no bucket is.
    """
    s = sorted(x for x in (m or {}).get("samples") or [] if x is not None)
    if s:
        return s[(len(s) - 1) // 2]
    return None if m is None else m.get("mean")


def count(v):
    return "-" if v is None else "%d" % round(v)


def skipped(d):
    """
    A result that is one SKIP row: no points, or every point skipped where
    the whole run was one machine. The kernel axis's points say each why.
    """
    return not d.get("points") or (d.get("status") == "skip" and not axis(d))


SKIPS = []


def skip_row(d, ncols, pt=None):
    """A row that says SKIP; the reason is printed under the table."""
    why = (pt or d).get("skip_reason") or (pt or d).get("status") or "?"
    SKIPS.append("%s: %s" % (host(d, pt), esc(why)))
    return [host(d, pt), "SKIP (%d)" % len(SKIPS)] + [""] * (ncols - 2)


def table(rows):
    """Rows of strings, aligned in columns two blanks apart; then the skips."""
    widths = [max(len(r[i]) for r in rows if i < len(r)) for i in range(max(map(len, rows)))]
    for r in rows:
        print("  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip())
    for i, why in enumerate(SKIPS):
        print("(%d) %s" % (i + 1, why))
    SKIPS.clear()


def seed000(results):
    print("seed 000: NUMA balancing over the mmu_stress phases (numa_balancing_zaps.scn);")
    print("per phase: time, numa_pte_updates / numa_hint_faults / numa_pages_migrated (vmstat)")
    rows = [["host", "policy", "backing", "run1", "run2", "ro", "rw"]]
    for d in results:
        if skipped(d):
            rows.append(skip_row(d, len(rows[0])))
            continue
        for pt, skip in points(d):
            if skip:
                rows.append(skip_row(d, len(rows[0]), pt))
                continue
            params = pt.get("params") or {}
            row = [host(d, pt), esc(params.get("policy", "?")), esc(params.get("type", "?"))]
            for name in ("run1", "run2", "ro", "rw"):
                ph = phase(pt, name)
                if not ph:
                    row.append("-")
                    continue
                row.append("%s %s/%s/%s" % (
                    duration(metric(ph, "time") or 0),
                    count(metric(ph, "delta.vmstat.numa_pte_updates")),
                    count(metric(ph, "delta.vmstat.numa_hint_faults")),
                    count(metric(ph, "delta.vmstat.numa_pages_migrated"))))
            rows.append(row)
    table(rows)


def seed002(results):
    print("seed 002: mmu_stress with -EFAULT once and forever (mmu_stress.scn), as the seed prints it")
    rows = [["host", "arch", "pages", "efault", "run1", "reset", "run2", "ro", "rw",
             "ro faults per vCPU"]]
    lat = []
    emulated = False
    for d in results:
        if skipped(d):
            rows.append(skip_row(d, len(rows[0])))
            continue
        for pt, skip in points(d):
            if skip:
                rows.append(skip_row(d, len(rows[0]), pt))
                continue
            fp = fingerprint(d, pt)
            emulated |= ((fp.get("testhost") or {}).get("accel") == "tcg")
            efault = esc((pt.get("params") or {}).get("efault", "?"))
            ro = phase(pt, "ro") or {}
            ms = ro.get("metrics") or {}
            # The faults each vCPU took in ro (vcpu[i].faults): the counts
            # carry the comparison where the times are an emulator's.
            nv = sorted(int(k[5:k.index("]")]) for k in ms
                        if k.startswith("vcpu[") and k.endswith("].faults"))
            faults = "+".join(count(metric(ro, "vcpu[%d].faults" % i, "median"))
                              for i in nv) or "-"
            # The base page: a vCPU writes and faults one per page of it.
            page = (fp.get("memory") or {}).get("page_size") or 4096
            rows.append([host(d, pt), esc(fp.get("arch") or "x86_64"), "%dK" % (page // 1024),
                         efault] +
                        [secs(metric(phase(pt, n) or {}, "time"))
                         for n in ("run1", "reset", "run2", "ro", "rw")] + [faults])
            # The phase's percentiles (every vCPU's accesses together),
            # then each vCPU's own (vcpu[i].lat.*), where the result has them.
            vcpus = sorted({k.split("]")[0] + "]" for k in ms
                            if k.startswith("vcpu[") and ".lat." in k},
                           key=lambda v: int(v[5:-1]))
            for v in [""] + vcpus:
                pre = v + "." if v else ""
                got = [bucket((ro.get("metrics") or {}).get(pre + "lat." + s))
                       for s in ("p50", "p90", "p99", "max")]
                if all(g is None for g in got):
                    continue
                lat.append([host(d, pt), efault, v or "all vCPUs"] +
                           [duration(g) for g in got])
    table(rows)
    if emulated:
        print("times in a test host are an emulator's (QEMU's TCG runs the CPU): compare")
        print("the fault counts across architectures, and times only within a row's host")
    print()
    if lat:
        print("the ro phase's access latency (the guest's counter: TSC on x86, CNTVCT on arm64, time on riscv64),")
        print("all vCPUs and each, p50 / p90 / p99 / max")
        print("(the upper bound of a log2 bucket of cycles, a histogram's resolution;")
        print("over several runs the lower median run's, a bucket one of them had)")
        table([["host", "efault", "vcpu", "p50", "p90", "p99", "max"]] + lat)
    else:
        print("the ro phase's access latency: not in these results (run with -D latency=yes)")


def seed003(results):
    print("seed 003: MADV_UNMERGEABLE speed (ksm_unmerge.scn), MiB/s over the runs")
    rows = [["host", "runs", "mean", "stddev", "min", "max"]]
    for d in results:
        if skipped(d):
            rows.append(skip_row(d, len(rows[0])))
            continue
        # A point per kernel where the result is of the kernel axis.
        for pt, skip in points(d):
            if skip:
                rows.append(skip_row(d, len(rows[0]), pt))
                continue
            ph = phase(pt, "unmerge") or {}
            m = (ph.get("metrics") or {}).get("speed") or {}
            rows.append([host(d, pt), str(m.get("n", 0))] +
                        ["%.1f" % m[k] if k in m else "-"
                         for k in ("mean", "stddev", "min", "max")])
    table(rows)


def kvm(results):
    print("KVM per phase: pf_taken / pf_fixed / remote_tlb_flush (delta.kvm.*)")
    rows = None
    for d in results:
        if skipped(d):
            rows = rows or [["host", "point", "backing"]]
            rows.append(skip_row(d, len(rows[0])))
            continue
        for pt, skip in points(d):
            if rows is None:
                # The phases of the first point that ran, in its order.
                rows = [["host", "point", "backing"] +
                        [ph.get("name") or "?" for ph in pt.get("phases") or []]]
            if skip:
                rows.append(skip_row(d, len(rows[0]), pt))
                continue
            params = pt.get("params") or {}
            swept = " ".join("%s=%s" % (k, esc(params.get(k)))
                             for k in pt.get("swept") or [] if k in params) or "-"
            row = [host(d, pt), swept, esc(params.get("type", "?"))]
            for name in rows[0][3:]:
                ph = phase(pt, name) or {}
                row.append("/".join(count(metric(ph, "delta.kvm." + m))
                                    for m in ("pf_taken", "pf_fixed", "remote_tlb_flush")))
            rows.append(row)
    table(rows or [["host", "point", "backing"]])


PLACED = re.compile(r"^node (\S+): written (\S+), after the punch (\S+) of ")


def policy(results):
    print("gmem_policy.scn: the policy as the kernel keeps it (scn features' kvm.guest_memfd_policy,")
    print("as the run printed it); the file's pages on node 0 / node 1 after the guest's writes")
    print("(P.placement.g[0] / [1], as the run printed them)")
    rows = [["host", "policy", "node=", "written", "after the punch"]]
    for d in results:
        if skipped(d):
            rows.append(skip_row(d, len(rows[0])))
            continue
        for pt, skip in points(d):
            if skip:
                rows.append(skip_row(d, len(rows[0]), pt))
                continue
            out = pt.get("output") or []
            said = [l[len("policy: "):] for l in out if l.startswith("policy: ")]
            # Where the pages are: the run's printed P.placement (a result
            # holds no placement metric of its own).
            where = [m.groups() for m in (PLACED.match(l) for l in out) if m]
            w = where[0] if where else ("?", "-", "-")
            rows.append([host(d, pt), esc(said[0]) if said else "-", esc(w[0]),
                         esc(w[1]), esc(w[2])])
    table(rows)


# What the seeds' tables read of a phase; the rest of its metrics
# (KVM's statistics, vmstat's other counters) make a result 20 times the size.
TABLED = re.compile(r"^(time|speed|faults|pages|placement\..*|delta\.vmstat\.numa_.*|"
                    r"delta\.kvm\.(pf_taken|pf_fixed|remote_tlb_flush)|"
                    r"(vcpu\[\d+\]\.)?(faults|lat\..*))$")


def keep(argv):
    """make seeds keeps what its docs rows came from, small enough for git."""
    every = argv[:1] == ["--all"]
    if every:
        argv = argv[1:]
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    d = load(argv[0])
    if not every:
        for pt in d.get("points") or []:
            # The lines the policy table reads; the rest is each run's chatter.
            pt["output"] = [l for l in pt.get("output") or []
                            if l.startswith("policy: ") or PLACED.match(l)]
            if not pt["output"]:
                pt.pop("output")
            for ph in pt.get("phases") or []:
                ph["metrics"] = {k: v for k, v in (ph.get("metrics") or {}).items()
                                 if TABLED.match(k)}
    with open(argv[1], "w") as f:
        json.dump(d, f, separators=(",", ":"))
        f.write("\n")
    return 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "keep":
        try:
            return keep(argv[2:])
        except NotAResult as e:
            print("report.py: %s" % e, file=sys.stderr)
            return 65
    if len(argv) < 3 or argv[1] not in ("000", "002", "003", "kvm", "policy"):
        print(__doc__.strip(), file=sys.stderr)
        return 64
    try:
        results = [load(p) for p in argv[2:]]
    except NotAResult as e:
        print("report.py: %s" % e, file=sys.stderr)
        return 65
    {"000": seed000, "002": seed002, "003": seed003, "kvm": kvm,
     "policy": policy}[argv[1]](results)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
