#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Another KSM user, for the tests: PAGES pages of '*' (0x2a, what scn's
KSM scenarios fill theirs with) and PAGES zero pages, advised mergeable,
held until the process is killed. ksmd merges them with the scenario's
own pages whenever a run has ksm.run = 1, as a QEMU guest's RAM would be
(QEMU advises guest memory mergeable by default). Prints "ready" once
the memory is advised, and its pid ("ready 1234")."""
import mmap
import os
import signal
import sys

pages = int(sys.argv[1]) if len(sys.argv) > 1 else 256
size = pages * mmap.PAGESIZE
m = mmap.mmap(-1, 2 * size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
m.write(b"*" * size + b"\0" * size)     # every page present
m.madvise(mmap.MADV_MERGEABLE)
print("ready", os.getpid(), flush=True)
signal.pause()
