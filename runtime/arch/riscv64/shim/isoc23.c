// SPDX-License-Identifier: GPL-2.0-only
/*
 * isoc23: the glibc 2.38 names that Debian trixie's riscv64 static
 * libnuma and libedit call (their headers redirect strtol and friends to
 * the C23 versions, which also read "0b" prefixes), onto the C99 ones of
 * bookworm's 2.36 cross libc, which lacks them. Linked into a riscv64
 * scn alone, as an object of its own: libscn.a comes before the
 * libraries on the command line, so a member of it would not be pulled
 * in for them. Neither library parses binary literals.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

long __isoc23_strtol(const char *s, char **end, int base);
unsigned long __isoc23_strtoul(const char *s, char **end, int base);
long long __isoc23_strtoll(const char *s, char **end, int base);
unsigned long long __isoc23_strtoull(const char *s, char **end, int base);
long __isoc23_wcstol(const wchar_t *s, wchar_t **end, int base);
int __isoc23_sscanf(const char *s, const char *fmt, ...);
int __isoc23_vsscanf(const char *s, const char *fmt, va_list ap);

long __isoc23_strtol(const char *s, char **end, int base)
{
	return strtol(s, end, base);
}

unsigned long __isoc23_strtoul(const char *s, char **end, int base)
{
	return strtoul(s, end, base);
}

long long __isoc23_strtoll(const char *s, char **end, int base)
{
	return strtoll(s, end, base);
}

unsigned long long __isoc23_strtoull(const char *s, char **end, int base)
{
	return strtoull(s, end, base);
}

long __isoc23_wcstol(const wchar_t *s, wchar_t **end, int base)
{
	return wcstol(s, end, base);
}

int __isoc23_vsscanf(const char *s, const char *fmt, va_list ap)
{
	return vsscanf(s, fmt, ap);
}

int __isoc23_sscanf(const char *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsscanf(s, fmt, ap);
	va_end(ap);
	return n;
}
