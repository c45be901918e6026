// SPDX-License-Identifier: GPL-2.0-only
/*
 * plot_gp: the pieces every drawing of plot.h puts in its script: text
 * quoted for gnuplot, the temporary directory's files, which phases are
 * drawn and a metric's unit on the axis. It calls nothing else of the
 * room's, so that plot.c and plot_groups.c both stand on it.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "plot.h"

/*
 * A gnuplot string of at most max bytes of s (cut at a character, with
 * "..."). Single quotes will not do: gnuplot 5.4 reads 'x''''y' (x''y)
 * as two strings. In double quotes it reads \\, \" and octal escapes
 * after the line's backquotes (command substitution) and macros (@name)
 * were expanded: a backquote, '@' and '$' are written in octal, so no
 * text becomes a command; control characters (and C1, bidi overrides)
 * are shown as rf_text escapes them, as compare shows them, but in a
 * path (raw), which must reach gnuplot as it is.
 */
static void quote_n(struct strbuf *sb, const char *s, size_t max, bool raw)
{
	char *shown = raw ? xstrdup(s) : rf_text_dup(s);
	size_t n = strlen(shown), i;

	if (n > max) {
		/* Not inside a UTF-8 sequence: back to a lead byte. */
		for (n = max; n && ((unsigned char)shown[n] & 0xc0) == 0x80; n--)
			;
	}
	sb_putc(sb, '"');
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)shown[i];

		if (c == '"' || c == '\\')
			sb_printf(sb, "\\%c", c);
		else if (c == '`' || c == '@' || c == '$' || c < 0x20 || c == 0x7f)
			sb_printf(sb, "\\%03o", c);
		else
			sb_putc(sb, (char)c);
	}
	if (n < strlen(shown))
		sb_puts(sb, "...");
	sb_putc(sb, '"');
	free(shown);
}

void gp_quote(struct strbuf *sb, const char *s)
{
	quote_n(sb, s, PLOT_TEXT_MAX, false);
}

void gp_set_text(struct strbuf *gp, const char *what, const char *text)
{
	sb_printf(gp, "set %s ", what);
	gp_quote(gp, text);
	sb_putc(gp, '\n');
}

char *plot_tmp_path(const struct plot *pl, const char *name)
{
	return xasprintf("%s/%s", pl->dir, name);
}

/* A path is never cut: it is scn's own, not the result's. */
void gp_set_path(struct strbuf *gp, const char *what, const char *path)
{
	sb_printf(gp, "set %s ", what);
	quote_n(gp, path, SIZE_MAX, true);
	sb_putc(gp, '\n');
}

int plot_write_tmp(const struct plot *pl, const char *name,
		   const struct strbuf *text)
{
	char *path = plot_tmp_path(pl, name);
	FILE *f = fopen(path, "we");
	int rc = 0;

	if (!f || fwrite(text->buf ? text->buf : "", 1, text->len, f) != text->len)
		rc = -errno;
	if (f && fclose(f) && !rc)
		rc = -errno;
	if (rc)
		fprintf(pl->err, "scn: plot: cannot write '%s': %s\n", path,
			strerror(-rc));
	free(path);
	return rc;
}

void gp_data(struct strbuf *gp, const struct plot *pl, const char *name)
{
	char *path = plot_tmp_path(pl, name);

	quote_n(gp, path, SIZE_MAX, true);
	free(path);
}

bool plot_phase_selected(const struct plot *pl, const struct rf_phase *ph)
{
	return !pl->o->phase || !strcmp(pl->o->phase, ph->name);
}

double plot_unit_scale(const struct plot *pl, const char *metric,
		       const char **unit)
{
	double hi = 0;

	*unit = "";
	for (size_t f = 0; f < pl->o->nin; f++)
		for (size_t i = 0; i < pl->rs[f].npoints; i++)
			for (size_t k = 0; k < pl->rs[f].points[i].nphases; k++) {
				const struct rf_phase *ph = &pl->rs[f].points[i].phases[k];
				const struct rf_metric *m = rf_find_metric(ph, metric);

				if (!m || !plot_phase_selected(pl, ph))
					continue;
				*unit = m->unit;
				hi = fmax(hi, fabs(m->sum.mean));
			}
	if (strcmp(*unit, "s") || hi == 0 || hi >= 1)
		return 1;
	if (hi >= 1e-3) {
		*unit = "ms";
		return 1e-3;
	}
	if (hi >= 1e-6) {
		*unit = "us";
		return 1e-6;
	}
	*unit = "ns";
	return 1e-9;
}

void plot_ylabel(struct plot *pl, const char *metric, const char *unit)
{
	char *label = *unit ? xasprintf("%s (%s)", metric, unit) :
			      xstrdup(metric);

	gp_set_text(&pl->gp, "ylabel", label);
	free(label);
}
