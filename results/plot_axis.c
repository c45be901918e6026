// SPDX-License-Identifier: GPL-2.0-only
/*
 * plot_axis: y axes of round steps, labelled as a person reads numbers
 * (see plot.h). gnuplot's own tics say 2.5e+07, and its SI format
 * ("%.0s%c") rounds a tic of 2.5M to "2M": the tics are chosen and
 * written here, every label a string of digits and a prefix.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plot.h"

/* About this many steps between the bottom and the top of an axis. */
#define AXIS_STEPS 6
/* Past this many decades a log axis labels every other one. */
#define LOG_DECADES_LABELLED 8

static const char prefix_up[] = " kMGTPE";	/* 10^3 ... 10^18 */
static const char prefix_down[] = " munp";	/* 10^-3 ... 10^-12 */

/* The step of 1, 2, 2.5 or 5 times a power of ten closest above span/n. */
static double round_step(double span, int n)
{
	static const double steps[] = { 1, 2, 2.5, 5, 10 };
	double raw = span / n, mag = pow(10, floor(log10(raw)));

	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		if (raw <= steps[i] * mag * (1 + 1e-9))
			return steps[i] * mag;
	return 10 * mag;
}

/*
 * The power of 1000 whose prefix labels an axis up to big: none from
 * 0.01 to 999 (0.45 threads, not 450m), k to E above, m to p below.
 */
static int prefix_power(double big)
{
	int p;

	if (!(big >= 1000) && !(big > 0 && big < 0.01))
		return 0;
	p = (int)floor(log10(big) / 3);
	if (p > (int)strlen(prefix_up) - 1)
		p = (int)strlen(prefix_up) - 1;
	if (p < -((int)strlen(prefix_down) - 1))
		p = -((int)strlen(prefix_down) - 1);
	return p;
}

/* The decimals that show every multiple of step exactly (0 to 9). */
static int step_decimals(double step)
{
	int d;

	for (d = 0; d < 9; d++) {
		double x = step * pow(10, d);

		if (fabs(x - round(x)) < 1e-6 * fmax(1, x))
			break;
	}
	return d;
}

/* v in units of 1000^power with decimals, trailing zeros cut, prefixed. */
static void put_si(struct strbuf *sb, double v, int power, int decimals)
{
	char buf[64], *end;

	snprintf(buf, sizeof(buf), "%.*f", decimals, v / pow(1000, power));
	if (strchr(buf, '.')) {
		for (end = buf + strlen(buf) - 1; *end == '0'; end--)
			*end = '\0';
		if (*end == '.')
			*end = '\0';
	}
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
	sb_puts(sb, buf);
	if (strcmp(buf, "0") && power > 0)
		sb_putc(sb, prefix_up[power]);
	else if (strcmp(buf, "0") && power < 0)
		sb_putc(sb, prefix_down[-power]);
}

void plot_yaxis(struct strbuf *gp, const char *axis, double lo, double hi,
		bool from_zero)
{
	double step, bottom, top, big;
	int power, decimals;
	long n, i;

	if (!isfinite(lo) || !isfinite(hi) || lo > hi)
		return;
	if (from_zero) {
		lo = fmin(lo, 0);
		hi = fmax(hi, 0);
	}
	if (hi == lo) {
		double pad = lo ? fabs(lo) * 0.1 : 1;

		hi += pad;
		if (!(from_zero && lo == 0))
			lo -= pad;
	}
	step = round_step(hi - lo, AXIS_STEPS);
	bottom = floor(lo / step * (1 + 1e-12)) * step;
	top = ceil(hi / step * (1 - 1e-12)) * step;
	/* An error bar's cap on the frame is hidden by it. */
	if (top - hi < (top - bottom) * 0.02)
		top += step;
	big = fmax(fabs(bottom), fabs(top));
	/* 200 to 1200 as such, not 0.2k to 1.2k */
	power = big < 10000 && step < 1000 ? prefix_power(fmin(big, 999)) : prefix_power(big);
	decimals = step_decimals(step / pow(1000, power));
	n = lround((top - bottom) / step);
	sb_printf(gp, "set %srange [%.17g:%.17g]\nset %stics (", axis, bottom, top, axis);
	for (i = 0; i <= n; i++) {
		double v = bottom + (double)i * step;

		sb_puts(gp, i ? ", \"" : "\"");
		put_si(gp, fabs(v) < step * 1e-9 ? 0 : v, power, decimals);
		sb_printf(gp, "\" %.17g", v);
	}
	sb_puts(gp, ")\n");
}

void plot_yaxis_log(struct strbuf *gp, const char *axis, double lo, double hi)
{
	int k0, k1, every;

	if (!(lo > 0) || !isfinite(hi) || lo > hi)
		return;
	k0 = (int)floor(log10(lo) + 1e-9);
	k1 = (int)ceil(log10(hi) - 1e-9);
	if (k1 <= k0)
		k1 = k0 + 1;
	every = k1 - k0 > LOG_DECADES_LABELLED ? 2 : 1;
	sb_printf(gp, "set logscale %s\nset %srange [1e%d:1e%d]\nset m%stics 10\nset %stics (",
		  axis, axis, k0, k1, axis, axis);
	for (int k = k0; k <= k1; k++) {
		int power = k >= 3 || k < -2 ? (int)floor(k / 3.0) : 0;

		sb_puts(gp, k > k0 ? ", \"" : "\"");
		if ((k - k0) % every)
			;	/* a tic without a label */
		else if (power >= -((int)strlen(prefix_down) - 1) &&
			 power <= (int)strlen(prefix_up) - 1)
			put_si(gp, pow(10, k), power, k < 0 && !power ? -k : 0);
		else
			sb_printf(gp, "1e%d", k);
		sb_printf(gp, "\" 1e%d", k);
	}
	sb_puts(gp, ")\n");
}

bool plot_scales_apart(double small, double big)
{
	return big > 0 && small >= 0 && small * PLOT_SCALES_APART <= big;
}
