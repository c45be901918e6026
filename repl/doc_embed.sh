#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Writes a C file holding a Markdown file as one string: the REPL's help
# is the language reference itself, so it cannot drift from it. '?' is
# escaped so that no "??x" becomes a trigraph.
set -eu
printf '%s\n' '// SPDX-License-Identifier: GPL-2.0-only'
printf '/* Generated from %s by repl/doc_embed.sh: do not edit. */\n' "$1"
printf '%s\n' 'extern const char repl_language_doc[];'
printf '%s\n' 'const char repl_language_doc[] ='
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/\t"/' -e 's/$/\\n"/' "$1"
printf '%s\n' ';'
