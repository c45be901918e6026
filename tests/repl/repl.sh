#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The REPL through a pseudo-terminal and as a script: tests/repl/run.py
# (python3-pexpect) prints the result lines that tests/run.sh counts.
cd "$(dirname "$0")/../.." || exit 1
exec python3 tests/repl/run.py
