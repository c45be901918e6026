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
