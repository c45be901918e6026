// SPDX-License-Identifier: GPL-2.0-only
/*
 * tap: the few lines of TAP that scn's unit tests print. Every check is
 * one "ok N - what" or "not ok N - what" line (with the values that
 * differed as a "#" comment); tap_done() prints the plan and returns the
 * process's exit status, non-zero when any check failed. tests/run.sh
 * counts the lines.
 *
 * A check of a known product bug is written between tap_todo("why") and
 * tap_todo(NULL): its line ends in "# TODO why" and a failure does not
 * count (TAP's TODO directive); run.sh shows it as a skip, and as a
 * failure once it passes, so that the marker is removed with the fix.
 */
#ifndef SCN_TEST_TAP_H
#define SCN_TEST_TAP_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;
static const char *tap_todo_why;

/* Marks the checks that follow as a known bug (NULL: no longer). */
static inline void tap_todo(const char *why)
{
	tap_todo_why = why;
}

__attribute__((format(printf, 2, 3)))
static bool tap_ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", cond ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	if (tap_todo_why)
		printf(" # TODO %s", tap_todo_why);
	putchar('\n');
	if (!cond && !tap_todo_why)
		tap_failed++;
	return cond;
}

/* Integers: prints both on failure. */
#define TAP_INT(got, want, ...)                                               \
	do {                                                                  \
		int64_t g_ = (int64_t)(got), w_ = (int64_t)(want);            \
		if (!tap_ok(g_ == w_, __VA_ARGS__))                           \
			printf("#   got %" PRId64 ", want %" PRId64 "\n",     \
			       g_, w_);                                       \
	} while (0)

/* Strings: NULL reads as "(null)". */
#define TAP_STR(got, want, ...)                                               \
	do {                                                                  \
		const char *g_ = (got), *w_ = (want);                         \
		bool eq_ = (g_ && w_) ? !strcmp(g_, w_) : g_ == w_;           \
		if (!tap_ok(eq_, __VA_ARGS__))                                \
			printf("#   got \"%s\", want \"%s\"\n",               \
			       g_ ? g_ : "(null)", w_ ? w_ : "(null)");       \
	} while (0)

static int tap_done(void)
{
	printf("1..%d\n", tap_n);
	if (tap_failed)
		printf("# %d of %d failed\n", tap_failed, tap_n);
	return tap_failed ? 1 : 0;
}

#endif
