#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The commands of README.md and docs/*.md (tests/docs/commands.py says
# how each kind of block runs).
cd "$(dirname "$0")/../.." || exit 2
exec python3 tests/docs/commands.py
