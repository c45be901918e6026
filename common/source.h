// SPDX-License-Identifier: GPL-2.0-only
/*
 * source: text buffers that scn parses, kept in memory whole so that an
 * error can quote its line (also for stdin, -D values and REPL lines), and
 * the location type that every syntax node and IR operation carries.
 */
#ifndef SCN_SOURCE_H
#define SCN_SOURCE_H

#include <stddef.h>

struct source;

/*
 * A span in a source: lines and columns count from 1, columns in bytes;
 * last_column is one past the span's last character.
 */
struct loc {
	const struct source *src;
	int first_line;
	int first_column;
	int last_line;
	int last_column;
};

struct source {
	char *name;	/* as shown in messages: a path, "<command line>" */
	char *path;	/* for resolving includes; NULL if not a file */
	char *text;	/* NUL-terminated */
	size_t len;
	size_t *line_start;	/* byte offset of each line */
	size_t nlines;
	/* The include statement that read this file (src NULL: none), so a
	 * message in an included file can say which include it came
	 * through: a file included twice is read twice. */
	struct loc included_at;
	size_t nul_at;	/* source_add_file's -EILSEQ: the first NUL byte */
	struct source *next;	/* the list a source set owns */
};

/* Owns every source read during one check or REPL session. */
struct source_set {
	struct source *head;
};

void source_set_init(struct source_set *set);
void source_set_free(struct source_set *set);

/* Adds a copy of text under name; path may be NULL. Never fails. */
struct source *source_add_text(struct source_set *set, const char *name,
			       const char *path, const char *text, size_t len);
/* The largest scenario file read: far past any real one. */
#define SOURCE_MAX_BYTES (64u << 20)

/*
 * Reads a regular file (or stdin for "-"); returns 0 or -errno: -ENODEV
 * for a device or directory, -EILSEQ for a NUL byte, -EFBIG past
 * SOURCE_MAX_BYTES. On -EILSEQ the file is added all the same (*out),
 * its NUL bytes read as blanks and nul_at the offset of the first, so
 * that the error can point at it (source_loc_at) and quote its line.
 */
int source_add_file(struct source_set *set, const char *path,
		    struct source **out);

/* The text of line n (from 1) without its newline, and its length. */
const char *source_line(const struct source *src, int n, size_t *len);

/* What a file with a NUL byte is called, by every reader of sources. */
#define SOURCE_NUL_WORDS "not a text file (a NUL byte)"

/* The location of the byte at offset off of src. */
struct loc source_loc_at(const struct source *src, size_t off);

/* A location covering a and b. */
struct loc loc_join(struct loc a, struct loc b);

#endif
