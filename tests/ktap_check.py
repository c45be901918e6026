#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A strict checker of KTAP version 1 (Documentation/dev-tools/ktap.rst).

usage: ktap_check.py [--allow-unknown] [--block] [FILE]   (stdin without FILE)

Stricter than the specification where scn's output should be: every
block (the document and each subtest block) starts with "KTAP version 1"
and its plan, results are numbered 1, 2, ... and match the plan, a
nested block is indented by exactly two spaces more than its parent and
is followed by its parent's result line, a parent that is "ok" has no
failed subtest, directives are SKIP, TODO, XFAIL, XPASS, TIMEOUT or
ERROR (TIMEOUT and ERROR only on "not ok"), and a kselftest totals line
("# Totals: pass:P fail:F xfail:X xpass:XP skip:S error:E") agrees with
the top-level results. Lines that are none of version, plan, result or
"#" diagnostic ("unknown lines", which the specification allows) are
violations unless --allow-unknown. --block checks what scn run
--ktap-test prints: one test's block (its indented subtests and its
result line) without the document's version and plan.

Every violation is printed as "LINE: message"; the exit status is 0 for
valid input, 1 for a violation, 2 for a usage error.
"""
import re
import sys

DIRECTIVES = ("SKIP", "TODO", "XFAIL", "XPASS", "TIMEOUT", "ERROR")
NOT_OK_ONLY = ("TIMEOUT", "ERROR")
RESULT = re.compile(r"(ok|not ok) ([0-9]+)(.*)$")
PLAN = re.compile(r"1\.\.([0-9]+)$")
TOTALS = re.compile(r"# Totals: pass:([0-9]+) fail:([0-9]+) xfail:([0-9]+) "
                    r"xpass:([0-9]+) skip:([0-9]+) error:([0-9]+)$")
# An upper-case word right after "# " reads as a directive: a typo like
# SKIPPED would silently turn a skip into a pass or a failure.
DIRECTIVE_LIKE = re.compile(r"[A-Z][A-Z_]+(?=\s|$)")


class Block:
    """One level of nesting: the document or a subtest block."""

    def __init__(self, depth, line, want_plan=True):
        self.depth = depth
        self.line = line          # of its version line
        self.plan = None
        self.want_plan = want_plan  # the next line must be the plan
        self.n = 0                # the last test number seen
        self.first = None         # the first test number (block mode)
        self.failed = False       # a result that is a failure
        self.counts = dict.fromkeys(
            ("pass", "fail", "xfail", "xpass", "skip", "error"), 0)


def kind_of(ok, directive):
    """The kselftest counter a result adds to."""
    if directive == "SKIP":
        return "skip"
    if directive in ("XFAIL", "TODO"):
        return "xfail"
    if directive == "XPASS":
        return "xpass"
    if directive == "ERROR":
        return "error"
    return "pass" if ok else "fail"


class Checker:
    def __init__(self, allow_unknown=False, block=False):
        self.allow_unknown = allow_unknown
        self.block = block
        self.errors = []
        # In block mode the test's own level has no version or plan, and
        # its one result line may have any number.
        self.root = Block(0, 0, want_plan=False) if block else None
        self.stack = [self.root] if block else []
        self.done = False         # the document's last result was seen
        self.totals = None        # (line, counts) of a totals line

    def error(self, lineno, msg):
        self.errors.append((lineno, msg))

    def parse_result(self, lineno, body):
        m = RESULT.match(body)
        ok = m.group(1) == "ok"
        num_text, rest = m.group(2), m.group(3)
        if rest and not rest.startswith(" "):
            self.error(lineno, "a blank must follow the test number")
        if len(num_text) > 1 and num_text.startswith("0"):
            self.error(lineno, "test number %s has a leading zero" % num_text)
        directive = None
        if "#" in rest:
            desc, _, tail = rest.partition("#")
            if desc.strip() and not desc.endswith(" "):
                self.error(lineno, "a blank must come before '#' in a result line")
            if tail and not tail.startswith(" "):
                self.error(lineno, "a blank must follow '#' in a result line")
            word = DIRECTIVE_LIKE.match(tail.lstrip(" "))
            if word:
                directive = word.group(0)
                if directive not in DIRECTIVES:
                    self.error(lineno, "unknown directive '%s' (KTAP has %s)"
                               % (directive, ", ".join(DIRECTIVES)))
                    directive = None
                elif ok and directive in NOT_OK_ONLY:
                    self.error(lineno, "%s goes with 'not ok', not 'ok'" % directive)
        return ok, int(num_text), directive

    def check_plan(self, lineno, blk):
        if blk.plan is not None and blk.n != blk.plan:
            self.error(lineno, "the block at line %d plans %d tests and has %d"
                       % (blk.line, blk.plan, blk.n))

    def pop_to(self, lineno, depth, result_follows):
        """Closes every block deeper than depth; returns the one at depth+1.

        Only the block right under depth gets the result line that follows,
        if one does: deeper ones ended without their parent's result line.
        """
        child = None
        while self.stack and self.stack[-1].depth > depth:
            blk = self.stack.pop()
            self.check_plan(lineno, blk)
            if blk.depth == depth + 1 and result_follows:
                child = blk
            else:
                self.error(lineno, "the subtest block at line %d is not followed "
                           "by its parent's result line" % blk.line)
        return child

    def no_plan(self, lineno):
        """A line other than the plan right after a version line."""
        if self.stack and self.stack[-1].want_plan:
            self.stack[-1].want_plan = False
            self.error(lineno, "the version line at %d is not followed by a plan"
                       % self.stack[-1].line)

    def line(self, lineno, raw):
        if "\r" in raw:
            self.error(lineno, "carriage return in a line")
            raw = raw.replace("\r", "")
        if raw.strip() == "":
            if not self.allow_unknown:
                self.error(lineno, "blank line")
            return
        lead = len(raw) - len(raw.lstrip(" \t"))
        if "\t" in raw[:lead]:
            self.error(lineno, "a tab in the indentation (KTAP indents by spaces)")
            return
        if lead % 2:
            self.error(lineno, "indentation of %d spaces: not a multiple of two" % lead)
            return
        body, depth = raw[lead:], lead // 2
        if body.startswith("#"):
            self.diagnostic(lineno, depth, body)
        elif body == "KTAP version 1":
            self.version(lineno, depth)
        elif body.startswith("KTAP version") or body.startswith("TAP version"):
            self.error(lineno, "'%s': only 'KTAP version 1' is accepted" % body)
        elif PLAN.match(body):
            self.plan(lineno, depth, int(PLAN.match(body).group(1)))
        elif RESULT.match(body):
            self.result(lineno, depth, body)
        elif not self.allow_unknown:
            self.error(lineno, "not a KTAP line: %r" % body[:60])

    def version(self, lineno, depth):
        self.no_plan(lineno)
        if self.done:
            self.error(lineno, "a version line after the last result")
            return
        if not self.stack:
            if depth != 0:
                self.error(lineno, "the document's version line is indented")
            self.stack.append(Block(0, lineno))
            return
        if depth == 0:
            self.error(lineno, "a second version line at the top level")
            return
        if depth > self.stack[-1].depth + 1:
            self.error(lineno, "a subtest block indented by more than one level")
            return
        # A block already open at this level never got its result line.
        self.pop_to(lineno, depth - 1, False)
        self.stack.append(Block(depth, lineno))

    def plan(self, lineno, depth, n):
        if not self.stack or not self.stack[-1].want_plan or \
           self.stack[-1].depth != depth:
            self.error(lineno, "a plan line that does not follow a version line")
            return
        self.stack[-1].want_plan = False
        self.stack[-1].plan = n
        if depth == 0 and n == 0:
            self.done = True      # "1..0": nothing will follow

    def result(self, lineno, depth, body):
        self.no_plan(lineno)
        if not self.stack:
            self.error(lineno, "a result line before the version line")
            return
        if self.done:
            self.error(lineno, "a result line after the last result")
            return
        if depth > self.stack[-1].depth:
            self.error(lineno, "a result line indented deeper than its block")
            return
        child = self.pop_to(lineno, depth, True)
        blk = self.stack[-1]
        ok, num, directive = self.parse_result(lineno, body)
        if blk.first is None and self.block and blk is self.root:
            blk.first = num       # --ktap-test N: the block's own number
            blk.n = num - 1
        if num != blk.n + 1:
            self.error(lineno, "test number %d, expected %d" % (num, blk.n + 1))
        blk.n = num
        if blk.plan is not None and num > blk.plan:
            self.error(lineno, "test %d is past the plan of %d" % (num, blk.plan))
        kind = kind_of(ok, directive)
        blk.counts[kind] += 1
        if kind in ("fail", "error"):
            blk.failed = True
        if child is not None and child.failed and ok and \
           directive not in ("SKIP", "TODO", "XFAIL"):
            self.error(lineno, "'ok' although a subtest of the block at line %d failed"
                       % child.line)
        if depth == 0 and (self.block or (blk.plan is not None and num >= blk.plan)):
            self.done = True

    def diagnostic(self, lineno, depth, body):
        if len(body) > 1 and body[1] != " ":
            self.error(lineno, "a diagnostic is '# text': a blank must follow '#'")
        if not self.stack:
            self.error(lineno, "a diagnostic before the version line")
            return
        if depth > self.stack[-1].depth:
            self.error(lineno, "a diagnostic indented deeper than its block")
        if body.startswith("# Totals:"):
            if depth != 0:
                self.error(lineno, "the totals line is indented")
            m = TOTALS.match(body)
            if not m:
                self.error(lineno, "not kselftest's totals line: '# Totals: pass:P "
                           "fail:F xfail:X xpass:XP skip:S error:E'")
            elif self.totals:
                self.error(lineno, "a second totals line")
            else:
                self.totals = (lineno, [int(x) for x in m.groups()])

    def end(self, lineno):
        self.no_plan(lineno)
        doc = self.stack[0] if self.stack else None
        if doc is None:
            self.error(lineno, "no KTAP version line")
            return
        self.pop_to(lineno, 0, False)
        self.check_plan(lineno, doc)
        if self.block and doc.first is None:
            self.error(lineno, "the block has no result line")
        if self.totals:
            tl, got = self.totals
            c = doc.counts
            want = [c["pass"], c["fail"], c["xfail"], c["xpass"], c["skip"], c["error"]]
            if got != want:
                self.error(tl, "the totals say pass:%d fail:%d xfail:%d xpass:%d "
                           "skip:%d error:%d; the results count pass:%d fail:%d "
                           "xfail:%d xpass:%d skip:%d error:%d" % tuple(got + want))

    def run(self, lines):
        n = 0
        for n, raw in enumerate(lines, 1):
            self.line(n, raw.rstrip("\n"))
        # The document's block stays on the stack to the end: the totals
        # line and trailing diagnostics come after its last result.
        self.end(n + 1)
        return self.errors


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    opts = [a for a in argv[1:] if a.startswith("--")]
    for o in opts:
        if o not in ("--allow-unknown", "--block"):
            print("usage: ktap_check.py [--allow-unknown] [--block] [FILE]",
                  file=sys.stderr)
            return 2
    if len(args) > 1:
        print("usage: ktap_check.py [--allow-unknown] [--block] [FILE]", file=sys.stderr)
        return 2
    try:
        if args:
            with open(args[0], encoding="utf-8", errors="replace", newline="\n") as f:
                lines = f.readlines()
        else:
            lines = sys.stdin.readlines()
    except OSError as e:
        print("ktap_check.py: %s" % e, file=sys.stderr)
        return 2
    name = args[0] if args else "<stdin>"
    errors = Checker("--allow-unknown" in opts, "--block" in opts).run(lines)
    for lineno, msg in sorted(errors, key=lambda e: e[0]):
        print("%s:%d: %s" % (name, lineno, msg))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
