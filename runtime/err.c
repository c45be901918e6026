// SPDX-License-Identifier: GPL-2.0-only
#include "err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int rt_fail(struct rt_err *err, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return ret;
}

int rt_fail_errno(struct rt_err *err, int errnum, const char *fmt, ...)
{
	size_t n;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	n = strlen(err->msg);
	snprintf(err->msg + n, sizeof(err->msg) - n, ": %s (errno %d)",
		 strerror(errnum), errnum);
	return -errnum;
}
