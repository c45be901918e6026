#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The default scenario suite (make suite): what this machine offers on
# stderr, then scenarios/default.suite run by scn's own suite runner:
# KTAP on stdout with kselftest's totals line, a summary on stderr. The
# exit code is scn's: 0 nothing failed (skips are fine), 1 something
# failed, 4 everything skipped. SCN=path runs another build
# (SCN=build-san/scn tests/suite.sh).
cd "$(dirname "$0")/.." || exit 2
SCN=${SCN:-./scn}

"$SCN" features >&2
echo >&2
exec "$SCN" run scenarios/default.suite
