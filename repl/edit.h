// SPDX-License-Identifier: GPL-2.0-only
/*
 * edit: where the REPL's lines come from. On a terminal, libedit
 * (BSD licensed) edits them, keeps a history that persists and completes
 * keywords, commands and declared names with TAB; otherwise lines are read
 * plainly, so that a script can be piped in. Either way a byte on wake_fd
 * (written by the signal thread) ends the read at once.
 */
#ifndef SCN_REPL_EDIT_H
#define SCN_REPL_EDIT_H

#include <stdbool.h>

#include "state.h"

enum repl_read {
	REPL_READ_LINE,
	REPL_READ_EOF,
	REPL_READ_WOKEN,	/* wake_fd had a byte: Ctrl-C, or a signal to leave */
};

struct repl_reader;

/*
 * Reads standard input: with libedit when edit is set (names for
 * completion come from R). The history file is $SCN_HISTORY (empty: none),
 * else $XDG_STATE_HOME/scn/history, else ~/.scn_history.
 */
struct repl_reader *repl_reader_open(const struct repl *R, bool edit,
				     int wake_fd);
void repl_reader_close(struct repl_reader *rd);

/*
 * One line without its newline, into *line (the caller frees it). more
 * selects the continuation prompt: an input is still open.
 */
enum repl_read repl_read_line(struct repl_reader *rd, bool more, char **line);

#endif
