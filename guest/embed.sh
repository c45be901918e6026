#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Writes the guest program's flat image (objcopy -O binary) as a C array
# that scn links in: scn carries its guest program inside the binary.
set -eu
printf '%s\n' '// SPDX-License-Identifier: GPL-2.0-only'
printf '/* Generated from %s by guest/embed.sh: do not edit. */\n' "$1"
printf '%s\n' '#include <stddef.h>' \
	'extern const unsigned char scn_guest_image[];' \
	'extern const size_t scn_guest_image_size;' \
	'const unsigned char scn_guest_image[] = {'
od -An -v -tx1 "$1" | sed -e 's/ *$//' -e '/^$/d' -e 's/ \([0-9a-f][0-9a-f]\)/0x\1,/g' -e 's/^/\t/'
printf '%s\n' '};' 'const size_t scn_guest_image_size = sizeof(scn_guest_image);'
