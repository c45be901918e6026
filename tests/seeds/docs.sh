#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# docs/seeds.md's 7.x figures are what make seeds measured: seeds/run.sh
# keeps the results they came from (seeds/report.py keep) in
# tests/seeds/results, and here every row seeds/report.py prints of them
# must be a row of the chapter's tables (all but the host column, which
# the chapter names in its own words), and the trend table of the kernel
# axis must stand in the chapter as scn compare prints it now. No boot,
# no knob: a second of CPU. A figure edited by hand, or a make seeds whose new
# figures were not copied into the chapter, fails here.
cd "$(dirname "$0")/../.." || exit 2
. tests/runtime/lib.sh
case $SCN in /*) ;; *) SCN=$PWD/$SCN ;; esac
R=tests/seeds/results
DOC=docs/seeds.md

if ! command -v python3 >/dev/null 2>&1; then
	skip "docs/seeds.md's figures" "python3 is not installed"
	exit 0
fi

# rows SEED FILE...: every row of report.py's first table but the header
# and the host, as cells joined by " | ", one a line.
rows() {
	python3 seeds/report.py "$@" | awk '/^$/ { exit } /^(test host|this machine)/' |
		python3 -c '
import re, sys
for l in sys.stdin:
    cells = re.split(r"  +", l.rstrip("\n"))
    print(" | ".join(cells[1:]))'
}
# The chapter's table rows, cells joined alike, the first left out.
python3 - "$DOC" >"$TMP/doc-rows" <<'PY'
import sys
for l in open(sys.argv[1]):
    l = l.strip()
    if l.startswith("|") and l.endswith("|") and not l.startswith("| ---"):
        cells = [c.strip() for c in l.strip("|").split("|")]
        print(" | ".join(cells[1:]))
PY
# check NAME SEED FILE...: each report row of FILE... a row of the chapter.
check() {
	local name=$1 missing
	shift
	for f in "${@:2}"; do
		if [ ! -e "$f" ]; then
			fail "$name" "no $f: make seeds keeps it (seeds/run.sh)"
			return
		fi
	done
	rows "$@" >"$TMP/rows"
	missing=$(grep -vxF -f "$TMP/doc-rows" "$TMP/rows")
	if [ -s "$TMP/rows" ] && [ -z "$missing" ]; then
		ok "$name ($(wc -l <"$TMP/rows") rows)"
	else
		fail "$name" "not in $DOC: ${missing:-no rows}"
	fi
}
check "docs/seeds.md: seed 000's 7.3 rows are make seeds' (default and local, two nodes)" \
	000 $R/seed000-7.3.json
check "docs/seeds.md: seed 002's 7.3 arm64 rows are make seeds' (4K and 16K pages)" \
	002 $R/seed002-7.3-arm64.json $R/seed002-7.3-arm64-16k.json
check "docs/seeds.md: seed 002's riscv64 rows are make seeds' (6.12-riscv64)" \
	002 $R/seed002-6.12-riscv64.json
check "docs/seeds.md: seed 003's rows of the kernel axis are make seeds' (6.1, 6.12, 7.0, 7.3)" \
	003 $R/seed003-kernels.json

check "docs/seeds.md: guest_memfd's policy in 7.3 is make seeds' (gmem_policy.scn)" \
	policy $R/gmem-policy-7.3.json
# The demand-paging question's answer is a SKIP: its reason, as report.py
# prints it under the table, stands in the chapter word for word.
f=$R/gmem-demand-paging-7.3.json
if [ ! -e $f ]; then
	fail "docs/seeds.md: guest_memfd's demand paging in 7.3" "no $f: make seeds keeps it (seeds/run.sh)"
else
	why=$(python3 seeds/report.py kvm $f | sed -n "s/^(1) [^)]*): //p")
	if [ -n "$why" ] && grep -qF -- "$why" "$DOC"; then
		ok "docs/seeds.md: guest_memfd's demand paging in 7.3 is make seeds' SKIP, its reason word for word"
	else
		fail "docs/seeds.md: guest_memfd's demand paging in 7.3" "not in $DOC: ${why:-no SKIP in $f}"
	fi
fi

# The trend table, as seeds/run.sh makes it: in the kept result's
# directory, by its name alone. The chapter's block is indented 4.
if [ -e $R/seed003-kernels.json ]; then
	cp $R/seed003-kernels.json "$TMP/"
	(cd "$TMP" && "$SCN" compare --across kernel --all --metric unmerge.speed \
		seed003-kernels.json) >"$TMP/trend" 2>&1
	rc=$?
	if [ $rc = 0 ] && python3 - "$DOC" "$TMP/trend" <<'PY'
import sys
doc = open(sys.argv[1]).read()
block = "".join("    " + l if l.strip() else l for l in open(sys.argv[2]))
sys.exit(0 if block in doc else 1)
PY
	then
		ok "docs/seeds.md: seed 003's trend table across four kernels is scn compare's of make seeds' result"
	else
		fail "docs/seeds.md: seed 003's trend table is scn compare's" "exit $rc: $(head -c 400 "$TMP/trend")"
	fi
else
	fail "docs/seeds.md: seed 003's trend table" "no $R/seed003-kernels.json"
fi

# Every picture the chapter shows is in docs/seeds.
pics=$(grep -o '](seeds/[^)]*\.svg)' "$DOC" | sed 's/^](//; s/)$//')
lost=$(for p in $pics; do [ -e "docs/$p" ] || echo "$p"; done)
[ -n "$pics" ] && [ -z "$lost" ] && ok "docs/seeds.md: every picture it shows is in docs/seeds" ||
	fail "docs/seeds.md: a picture it shows is missing" "${lost:-none found}"
