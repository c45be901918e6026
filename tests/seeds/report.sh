#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# seeds/report.py on crafted results (no run): seed 002's latency table
# takes the ro phase's percentiles of all vCPUs (lat.*) and of each
# (vcpu[i].lat.*), and says so where a result has neither.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh

if ! command -v python3 >/dev/null 2>&1; then
	skip "seeds/report.py" "python3 is not installed"
	exit 0
fi
# mk OUT KEYS...: a seed 002 result whose ro phase has vcpu[0].time,
# vcpu[1].time and the latency metrics KEYS (each 12.6 us).
mk() {
	python3 - "$@" <<'PY'
import json, sys
out, keys = sys.argv[1], sys.argv[2:]
def m(v, unit="s"):
    return {"unit": unit, "better": None, "n": 1, "samples": [v], "min": v, "median": v,
            "mean": v, "max": v, "stddev": 0}
metrics = {"time": m(2.5), "vcpu[0].time": m(2.4), "vcpu[1].time": m(2.5)}
for k in keys:
    metrics[k] = m(12.6e-6)
pt = {"params": {"efault": "once"}, "swept": {"efault": "once"}, "status": "pass",
      "phases": [{"name": "ro", "metrics": metrics}]}
d = {"schema": "scn-result/1", "status": "pass", "points": [pt],
     "fingerprint": {"kernel": {"release": "6.12.117+deb12-amd64", "cmdline": ""},
                     "virt": {"kind": "svm"},
                     "testhost": {"spec": "debian:6.12", "accel": "tcg"}}}
json.dump(d, open(out, "w"))
PY
}
mk "$TMP/phase.json" lat.p50 lat.p90 lat.p99 lat.max
mk "$TMP/vcpu.json" lat.p50 lat.p90 lat.p99 lat.max vcpu[0].lat.p50 vcpu[0].lat.max \
	vcpu[1].lat.p50 vcpu[1].lat.max
mk "$TMP/none.json"
python3 seeds/report.py 002 "$TMP/phase.json" >"$TMP/out" 2>&1
if grep -Eq '^test host debian:6\.12 \(tcg\) +once +all vCPUs +12\.6us +12\.6us +12\.6us +12\.6us$' "$TMP/out"; then
	ok "seeds/report.py 002: the ro phase's percentiles of all vCPUs (lat.p50 ... lat.max)"
else
	fail "seeds/report.py 002: the ro phase's percentiles of all vCPUs" "$(cat "$TMP/out")"
fi
python3 seeds/report.py 002 "$TMP/vcpu.json" >"$TMP/out" 2>&1
if grep -Eq ' all vCPUs +12\.6us' "$TMP/out" &&
	grep -Eq ' vcpu\[0\] +12\.6us +- +- +12\.6us$' "$TMP/out" &&
	grep -Eq ' vcpu\[1\] +12\.6us' "$TMP/out"; then
	ok "seeds/report.py 002: and each vCPU's (vcpu[i].lat.*), a row each"
else
	fail "seeds/report.py 002: each vCPU's percentiles" "$(cat "$TMP/out")"
fi
python3 seeds/report.py 002 "$TMP/none.json" >"$TMP/out" 2>&1
if grep -q "access latency: not in these results (run with -D latency=yes)" "$TMP/out"; then
	ok "seeds/report.py 002: a result without latency says so"
else
	fail "seeds/report.py 002: a result without latency says so" "$(cat "$TMP/out")"
fi
# Units and precision (issue 25): a latency of 51.7 ms is "51.7ms", not
# "51699.0us"; a bucket's bound over two runs (12.0ns and 12.6ns, whose
# mean 12.3ns is no bucket) is the lower median run's, 12.0ns, as the
# run that had only 12.0ns shows it; the phase times in the same units.
python3 - "$TMP/units.json" <<'PY'
import json, sys
def m(v):
    v = v if isinstance(v, list) else [v]
    return {"unit": "s", "better": None, "n": len(v), "samples": v, "min": min(v),
            "median": sorted(v)[len(v) // 2], "mean": sum(v) / len(v), "max": max(v), "stddev": 0}
ro = {"time": m(0.0516994), "lat.p50": m([12.0e-9, 12.6e-9]), "lat.p90": m(12.0e-9),
      "lat.p99": m(0.0516994), "lat.max": m(2.5)}
pt = {"params": {"efault": "once"}, "swept": {"efault": "once"}, "status": "pass",
      "phases": [{"name": "ro", "metrics": ro}, {"name": "run1", "metrics": {"time": m(0.000190)}}]}
d = {"schema": "scn-result/1", "status": "pass", "points": [pt],
     "fingerprint": {"kernel": {"release": "6.12", "cmdline": ""}, "virt": {"kind": "svm"},
                     "testhost": {"spec": "debian:6.12", "accel": "tcg"}}}
json.dump(d, open(sys.argv[1], "w"))
PY
python3 seeds/report.py 002 "$TMP/units.json" >"$TMP/out" 2>&1
if grep -Eq ' all vCPUs +12\.0ns +12\.0ns +51\.7ms +2\.50s$' "$TMP/out" &&
	grep -Eq ' once +190us +- +- +51\.7ms ' "$TMP/out" && ! grep -q '51699' "$TMP/out"; then
	ok "seeds/report.py: times in the unit that suits them, three digits (51.7ms, 190us), a bucket as one"
else
	fail "seeds/report.py: units and precision" "$(cat "$TMP/out")"
fi
# What scn run writes without --format json (docs/seeds.md's commands did
# that): said so, with the file's name, not a Python traceback.
printf 'run1 = 37.2ms\n' >"$TMP/local.json"
python3 seeds/report.py 002 "$TMP/local.json" >"$TMP/out" 2>&1
rc=$?
if [ $rc = 65 ] && grep -qx "report.py: $TMP/local.json: not a result file: write it with --format json" "$TMP/out" &&
	! grep -q Traceback "$TMP/out"; then
	ok "seeds/report.py: a text output is not a result file, named (exit 65)"
else
	fail "seeds/report.py: a text output given" "exit $rc: $(cat "$TMP/out")"
fi
# Every string of a result printed escaped: ESC, BEL and a newline in
# each field a row or a reason shows reach no terminal.
python3 - "$TMP/esc.json" "$TMP/esc-skip.json" <<'PY'
import json, sys
bad = "x\x1b]0;owned\x07\x1b[2J\ny\u009b\u202e"
m = {"unit": "s", "better": None, "n": 1, "samples": [1e-6], "min": 1e-6, "median": 1e-6,
     "mean": 1e-6, "max": 1e-6, "stddev": 0}
pt = {"params": {"efault": bad, "policy": bad, "type": bad}, "status": "pass",
      "phases": [{"name": n, "metrics": {"time": m, "lat.p50": m}} for n in ("ro", "run1")]}
fp = {"arch": bad, "kernel": {"release": bad, "cmdline": "preempt=" + bad},
      "virt": {"kind": bad}, "testhost": {"spec": bad, "accel": bad}}
json.dump({"schema": "scn-result/1", "status": "pass", "fingerprint": fp, "points": [pt]},
          open(sys.argv[1], "w"))
fp2 = dict(fp, testhost=None)
json.dump({"schema": "scn-result/1", "status": "skip", "skip_reason": bad, "fingerprint": fp2,
           "points": []}, open(sys.argv[2], "w"))
PY
for seed in 000 002 003; do
	python3 seeds/report.py $seed "$TMP/esc.json" "$TMP/esc-skip.json" >"$TMP/out" 2>&1
	if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]\|\xe2\x80\xae' "$TMP/out" ||
		! grep -qF 'x\u001b]0;owned\u0007\u001b[2J\ny\u009b\u202e' "$TMP/out"; then
		fail "seeds/report.py $seed: every string escaped" "$(od -c "$TMP/out" | head -20)"
	else
		ok "seeds/report.py $seed: ESC, BEL, CSI, newlines and bidi overrides of every field escaped"
	fi
done
# Issue 27: seed 002's rows say their base page, from the fingerprint (a
# result without one was of 4K pages, as every x86 machine's).
python3 - "$TMP/vcpu.json" "$TMP/p16k.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["fingerprint"]["memory"] = {"page_size": 16384}
d["fingerprint"]["arch"] = "aarch64"
d["fingerprint"]["testhost"]["spec"] = "debian:7.3-arm64-16k"
json.dump(d, open(sys.argv[2], "w"))
PY
python3 seeds/report.py 002 "$TMP/vcpu.json" "$TMP/p16k.json" >"$TMP/out" 2>&1
if grep -Eq '^test host debian:6\.12 \(tcg\) +x86_64 +4K +once ' "$TMP/out" &&
	grep -Eq '^test host debian:7\.3-arm64-16k \(tcg\) +aarch64 +16K +once ' "$TMP/out"; then
	ok "seeds/report.py 002: each row's base page (4K, 16K)"
else
	fail "seeds/report.py 002: each row's base page" "$(cat "$TMP/out")"
fi
# Issue 27: seed 003 as one run of the kernel axis (make seeds runs
# --kernel debian:6.1,debian:6.12,debian:7.0,debian:7.3): a row per
# kernel, each named by its point's own test host, not one row of the
# first point under the machine the test hosts ran on; a kernel that did
# not boot is a SKIP row that names its spec and says why.
python3 - "$TMP/axis.json" <<'PY'
import json, sys
def m(v):
    return {"unit": "MiB/s", "better": "higher", "n": len(v), "samples": v, "min": min(v),
            "median": sorted(v)[len(v) // 2], "mean": sum(v) / len(v), "max": max(v),
            "stddev": 1.0}
def th(spec, rel):
    return {"kernel": {"release": rel, "cmdline": ""}, "arch": "x86_64",
            "testhost": {"spec": spec, "accel": "tcg"}}
def pt(i, spec, rel, speed):
    return {"index": i, "params": {"kernel": spec, "size": 67108864},
            "swept": {"kernel": spec}, "status": "pass", "fingerprint": th(spec, rel),
            "phases": [{"name": "unmerge", "metrics": {"speed": m(speed)}}]}
pts = [pt(0, "debian:6.1", "6.1.0-57-amd64", [80.0, 90.0]),
       {"index": 1, "params": {"kernel": "debian:7.0"}, "swept": {"kernel": "debian:7.0"},
        "status": "skip", "skip_reason": "the test host did not boot", "phases": []},
       pt(2, "debian:7.3", "7.3.4+deb13-amd64", [150.0, 170.0])]
d = {"schema": "scn-result/1", "status": "pass", "points": pts,
     "command": {"kernels": ["debian:6.1", "debian:7.0", "debian:7.3"]},
     "fingerprint": {"kernel": {"release": "6.18.44", "cmdline": ""}, "virt": {"kind": "pvm"}}}
json.dump(d, open(sys.argv[1], "w"))
PY
python3 seeds/report.py 003 "$TMP/axis.json" >"$TMP/out" 2>&1
if grep -Eq '^test host debian:6\.1 \(tcg\) +2 +85\.0 +1\.0 +80\.0 +90\.0$' "$TMP/out" &&
	grep -Eq '^test host debian:7\.0 +SKIP \(1\)$' "$TMP/out" &&
	grep -Eq '^test host debian:7\.3 \(tcg\) +2 +160\.0 +1\.0 +150\.0 +170\.0$' "$TMP/out" &&
	grep -qx '(1) test host debian:7.0: the test host did not boot' "$TMP/out" &&
	! grep -q 'this machine' "$TMP/out"; then
	ok "seeds/report.py 003: a result of the kernel axis, a row per kernel (a SKIP row for one that did not boot)"
else
	fail "seeds/report.py 003: a result of the kernel axis, a row per kernel" "$(cat "$TMP/out")"
fi
