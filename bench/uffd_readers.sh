#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# userfaultfd readers: host demand-paging rate against the number of
# reader threads, waiting by poll and by epoll (scenarios/
# host_uffd_readers.scn), with the ratios that matter: epoll over poll at
# each count, and each against one reader (the baseline).
set -eu
cd "$(dirname "$0")/.."
scn=${SCN:-./scn}
out=$("$scn" run -q scenarios/host_uffd_readers.scn | sed -n '/^readers /,$p')
echo "$out" | awk '
	NR == 1 { printf "%-8s %12s %12s %12s %12s %12s\n", "readers", "poll pg/s",
		  "epoll pg/s", "epoll/poll", "poll/1", "epoll/1"; next }
	NR == 2 { p1 = $2; e1 = $3 }
	{ printf "%-8s %12.0f %12.0f %11.2fx %11.2fx %11.2fx\n", $1, $2, $3,
		 $3 / $2, $2 / p1, $3 / e1 }'
