#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The seeds' tables from scn's JSON results (docs/seeds.md).

    report.py 000 RESULT.json...   NUMA balancing per kernel, policy, phase
    report.py 002 RESULT.json...   mmu_stress, -EFAULT once and forever, side
                                   by side per host; the ro phase's latency,
                                   of all vCPUs and of each
    report.py 003 RESULT.json...   ksm_unmerge's MiB/s per kernel

A result that was skipped is a row that says why. Nothing here measures:
it reads what scn run wrote.
"""
import json
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def host(d):
    """Where a result was measured, in a few words."""
    fp = d.get("fingerprint") or {}
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
    return where


def metric(ph, name, stat="mean"):
    m = (ph.get("metrics") or {}).get(name)
    return None if m is None else m.get(stat)


def phase(pt, name):
    for ph in pt.get("phases") or []:
        if ph.get("name") == name:
            return ph
    return None


def secs(v):
    return "-" if v is None else "%.9fs" % v


def duration(v):
    """A latency: microseconds, or nanoseconds below one (a native access)."""
    if v is None:
        return "-"
    return "%.1fus" % (v * 1e6) if v >= 1e-6 else "%.1fns" % (v * 1e9)


def count(v):
    return "-" if v is None else "%d" % round(v)


def skipped(d):
    return d.get("status") == "skip" or not d.get("points")


SKIPS = []


def skip_row(d, ncols):
    """A row that says SKIP; the reason is printed under the table."""
    SKIPS.append("%s: %s" % (host(d), d.get("skip_reason") or d.get("status") or "?"))
    return [host(d), "SKIP (%d)" % len(SKIPS)] + [""] * (ncols - 2)


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
        for pt in d["points"]:
            params = pt.get("params") or {}
            row = [host(d), str(params.get("policy", "?")), str(params.get("type", "?"))]
            for name in ("run1", "run2", "ro", "rw"):
                ph = phase(pt, name)
                if not ph:
                    row.append("-")
                    continue
                row.append("%.2fs %s/%s/%s" % (
                    metric(ph, "time") or 0,
                    count(metric(ph, "delta.vmstat.numa_pte_updates")),
                    count(metric(ph, "delta.vmstat.numa_hint_faults")),
                    count(metric(ph, "delta.vmstat.numa_pages_migrated"))))
            rows.append(row)
    table(rows)


def seed002(results):
    print("seed 002: mmu_stress with -EFAULT once and forever (mmu_stress.scn), as the seed prints it")
    rows = [["host", "arch", "efault", "run1", "reset", "run2", "ro", "rw", "ro faults per vCPU"]]
    lat = []
    emulated = False
    for d in results:
        if skipped(d):
            rows.append(skip_row(d, len(rows[0])))
            continue
        fp = d.get("fingerprint") or {}
        emulated |= ((fp.get("testhost") or {}).get("accel") == "tcg")
        for pt in d["points"]:
            efault = str((pt.get("params") or {}).get("efault", "?"))
            ro = phase(pt, "ro") or {}
            ms = ro.get("metrics") or {}
            # The faults each vCPU took in ro (vcpu[i].faults): the counts
            # carry the comparison where the times are an emulator's.
            nv = sorted(int(k[5:k.index("]")]) for k in ms
                        if k.startswith("vcpu[") and k.endswith("].faults"))
            faults = "+".join(count(metric(ro, "vcpu[%d].faults" % i, "median"))
                              for i in nv) or "-"
            rows.append([host(d), fp.get("arch") or "x86_64", efault] +
                        [secs(metric(phase(pt, n) or {}, "time"))
                         for n in ("run1", "reset", "run2", "ro", "rw")] + [faults])
            # The phase's percentiles (every vCPU's accesses together),
            # then each vCPU's own (vcpu[i].lat.*), where the result has them.
            vcpus = sorted({k.split("]")[0] + "]" for k in ms
                            if k.startswith("vcpu[") and ".lat." in k},
                           key=lambda v: int(v[5:-1]))
            for v in [""] + vcpus:
                pre = v + "." if v else ""
                got = [metric(ro, pre + "lat." + s) for s in ("p50", "p90", "p99", "max")]
                if all(g is None for g in got):
                    continue
                lat.append([host(d), efault, v or "all vCPUs"] +
                           [duration(g) for g in got])
    table(rows)
    if emulated:
        print("times in a test host are an emulator's (QEMU's TCG runs the CPU): compare")
        print("the fault counts across architectures, and times only within a row's host")
    print()
    if lat:
        print("the ro phase's access latency (the guest's counter: TSC on x86, CNTVCT on arm64),")
        print("all vCPUs and each, p50 / p90 / p99 / max")
        print("(the upper bound of a log2 bucket of cycles: a histogram's resolution)")
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
        ph = phase(d["points"][0], "unmerge") or {}
        m = (ph.get("metrics") or {}).get("speed") or {}
        rows.append([host(d), str(m.get("n", 0))] +
                    ["%.1f" % m[k] if k in m else "-" for k in ("mean", "stddev", "min", "max")])
    table(rows)


def main(argv):
    if len(argv) < 3 or argv[1] not in ("000", "002", "003"):
        print(__doc__.strip(), file=sys.stderr)
        return 64
    results = [load(p) for p in argv[2:]]
    {"000": seed000, "002": seed002, "003": seed003}[argv[1]](results)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
