# SPDX-License-Identifier: GPL-2.0-only
# scn: build, test, fuzz and benchmark. `make` builds ./scn; `make test` runs
# the suite; `make SAN=1` builds with ASan and UBSan into build-san/.

VERSION := 0.1.0
# The architecture scn is built for: runtime/arch/$(ARCH), guest/$(ARCH).
# `make aarch64` builds a static arm64 scn in build-aarch64/ with Debian's
# cross compiler (for arm64 test hosts, docs/testhost.md), beside this one.
HOST_ARCH := $(shell uname -m)
ARCH ?= $(HOST_ARCH)
ifneq ($(ARCH),$(HOST_ARCH))
CROSS ?= $(ARCH)-linux-gnu-
STATIC ?= 1
endif
CROSS ?=
CC := $(if $(CROSS),$(CROSS)gcc,$(CC))
OBJCOPY ?= $(CROSS)objcopy
BISON ?= bison
FLEX ?= flex

ifeq ($(SAN),1)
BUILD ?= build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
else
BUILD ?= build
SANFLAGS :=
endif

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wformat=2 -Wno-format-nonliteral
CFLAGS ?= -O2 -g
ALL_CFLAGS := -std=c11 -D_GNU_SOURCE -DSCN_VERSION='"$(VERSION)"' $(WARN) \
	$(SANFLAGS) $(CFLAGS) -I$(BUILD) -Igrammar -Iruntime/arch/$(ARCH)
# flex output trips these; relaxed for generated files alone.
GEN_CFLAGS := $(ALL_CFLAGS) -Wno-missing-prototypes -Wno-unused-function \
	-Wno-sign-compare -Wno-shadow
LDLIBS := -lnuma -lpthread -lm -ledit
# A static scn (the arm64 one runs in a test host that has no libraries):
# libedit's own dependencies, named.
ifeq ($(STATIC),1)
LDLIBS := -static $(LDLIBS) -ltinfo -lbsd -lmd
endif

# The guest program (guest/): freestanding, its own flags, no SSE anywhere
# (PVM hosts emulate ring 0 one instruction at a time and cannot run it),
# linked flat where scn's area of a VM puts it, and carried inside scn.
GUEST_CC ?= $(CC)
GUEST_LD ?= $(CROSS)ld
GUEST_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -DSCN_GUEST -Iguest \
	-Iguest/$(ARCH) -ffreestanding -fno-builtin -nostdlib -fno-stack-protector \
	-fno-asynchronous-unwind-tables -fcf-protection=none -fpie -fno-plt \
	-fno-jump-tables
ifeq ($(ARCH),x86_64)
GUEST_CFLAGS += -march=x86-64 -mtune=generic -mno-sse -mno-sse2 -mno-mmx \
	-mno-avx -mno-3dnow -mgeneral-regs-only -mno-red-zone
endif
ifeq ($(ARCH),aarch64)
GUEST_CFLAGS += -mgeneral-regs-only -mno-outline-atomics
endif
# riscv64: integer only, no compressed instructions of its own accord in
# the accesses (access.h says norvc), no linker relaxation (the access
# table's lengths are label differences, kept constant).
ifeq ($(ARCH),riscv64)
GUEST_CFLAGS += -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany -mno-relax
endif
# riscv64's libnuma, libedit and their dependencies: Debian trixie's
# static libraries unpacked by .ci/riscv64-sysroot.sh (bookworm has no
# riscv64 port), with a shim of the glibc 2.38 names they call that
# bookworm's 2.36 cross libc lacks (runtime/arch/riscv64/isoc23.c).
RISCV64_ROOT ?= /var/cache/scn/riscv64/root
ifeq ($(ARCH),riscv64)
ALL_CFLAGS += -idirafter $(RISCV64_ROOT)/usr/include
LDLIBS := -L$(RISCV64_ROOT)/usr/lib/riscv64-linux-gnu $(LDLIBS)
CLI_SHIM := $(BUILD)/runtime/arch/riscv64/shim/isoc23.o
endif
GUEST_OBJS := $(BUILD)/guest/entry.o $(BUILD)/guest/job.o

COMMON := $(wildcard common/*.c)
GRAMMAR := $(filter-out grammar/%.l grammar/%.y,$(wildcard grammar/*.c))
INTERP := $(wildcard interp/*.c)
RESULTS := $(wildcard results/*.c)
RUNTIME := $(wildcard runtime/*.c)
# The test host's init is a program of its own (below), not a library part.
TESTHOST := $(filter-out testhost/init.c,$(wildcard testhost/*.c))
CLI := $(wildcard cli/*.c)
# The REPL, a face beside cli/: linked into scn, not into the library.
REPL := $(wildcard repl/*.c)

RUNTIME_ARCH := $(wildcard runtime/arch/$(ARCH)/*.c)
# The ONE_REG arches' shared exits (runtime/arch/one_reg.h).
RUNTIME_ARCH += $(if $(filter aarch64 riscv64,$(ARCH)),runtime/arch/one_reg.c)

LIB_SRCS := $(COMMON) $(GRAMMAR) $(INTERP) $(RESULTS) $(RUNTIME) $(RUNTIME_ARCH) $(TESTHOST)
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/parser.o $(BUILD)/gen/lexer.o \
	$(BUILD)/gen/guest_image.o
# The REPL's help is docs/language.md, built in; the test host's inits too.
CLI_OBJS := $(CLI:%.c=$(BUILD)/%.o) $(REPL:%.c=$(BUILD)/%.o) $(BUILD)/gen/language_doc.o \
	$(BUILD)/testhost/init_blob_x86_64.o $(BUILD)/testhost/init_blob_aarch64.o \
	$(BUILD)/testhost/init_blob_riscv64.o
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/unit/%)

.PHONY: all clean deps deps-arm64 deps-riscv64 riscv64 suite test test-large units fuzz bench format seeds aarch64 FORCE
all: scn

# scn for arm64, static, in build-aarch64/ (apt: gcc-aarch64-linux-gnu and
# the arm64 libnuma-dev and libedit-dev: make deps-arm64). An x86_64 scn
# runs it in arm64 test hosts (docs/testhost.md, section 11).
aarch64:
	@$(MAKE) --no-print-directory ARCH=aarch64 BUILD=build-aarch64 build-aarch64/scn

# scn for riscv64, static, in build-riscv64/ (make deps-riscv64 first).
riscv64:
	@$(MAKE) --no-print-directory ARCH=riscv64 BUILD=build-riscv64 build-riscv64/scn

scn: $(BUILD)/scn
	@if [ "$(BUILD)" = build ]; then ln -sf $(BUILD)/scn scn; fi

$(BUILD)/scn: $(CLI_OBJS) $(BUILD)/libscn.a $(CLI_SHIM)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/libscn.a: $(LIB_OBJS)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/gen/parser.c $(BUILD)/gen/parser.h: grammar/parser.y
	@mkdir -p $(BUILD)/gen
	$(BISON) -Wall -Werror --defines=$(BUILD)/gen/parser.h -o $(BUILD)/gen/parser.c $<

$(BUILD)/gen/lexer.c $(BUILD)/gen/lexer.h: grammar/lexer.l
	@mkdir -p $(BUILD)/gen
	$(FLEX) --header-file=$(BUILD)/gen/lexer.h -o $(BUILD)/gen/lexer.c $<

# PID 1 of the test host: static, so that it runs from an initramfs that
# holds nothing else; built without sanitizers, which need a libc at run
# time, and embedded in scn by init_blob.S, one per architecture: this
# scn's own, and for an x86_64 scn the aarch64 one of arm64 test hosts
# and the riscv64 one of riscv64 test hosts, with Debian's cross
# compilers where they are installed. An empty file stands
# in where it is not (scn then says how to get it); the .cc file names the
# compiler, so that installing it later builds the init.
INIT_CFLAGS := -std=c11 -D_GNU_SOURCE $(WARN) -Os -static
INIT_CC_x86_64 := $(if $(filter x86_64,$(ARCH)),$(CC))
INIT_CC_aarch64 := $(if $(filter aarch64,$(ARCH)),$(CC),$(if $(filter x86_64,$(ARCH)),$(shell command -v aarch64-linux-gnu-gcc 2>/dev/null)))
INIT_CC_riscv64 := $(if $(filter riscv64,$(ARCH)),$(CC),$(if $(filter x86_64,$(ARCH)),$(shell command -v riscv64-linux-gnu-gcc 2>/dev/null)))

.SECONDARY: $(BUILD)/testhost/init-x86_64 $(BUILD)/testhost/init-aarch64 \
	$(BUILD)/testhost/init-riscv64 $(BUILD)/testhost/init-x86_64.cc \
	$(BUILD)/testhost/init-aarch64.cc $(BUILD)/testhost/init-riscv64.cc
$(BUILD)/testhost/init-%.cc: FORCE
	@mkdir -p $(dir $@)
	@echo '$(INIT_CC_$*)' | cmp -s - $@ || echo '$(INIT_CC_$*)' >$@

$(BUILD)/testhost/init-%: testhost/init.c testhost/job.h $(BUILD)/testhost/init-%.cc
	@mkdir -p $(dir $@)
	$(if $(INIT_CC_$*),$(INIT_CC_$*) $(INIT_CFLAGS) -o $@ $<,: >$@)

$(BUILD)/testhost/init_blob_%.o: testhost/init_blob.S $(BUILD)/testhost/init-%
	$(CC) -c -DTH_INIT_PATH='"$(BUILD)/testhost/init-$*"' -DTH_INIT_SYM=th_init_$* -o $@ $<

$(BUILD)/gen/language_doc.c: docs/language.md repl/doc_embed.sh
	@mkdir -p $(BUILD)/gen
	sh repl/doc_embed.sh $< >$@

$(BUILD)/guest/job.o: guest/job.c guest/abi.h guest/$(ARCH)/access.h
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) -c -o $@ $<

$(BUILD)/guest/entry.o: guest/$(ARCH)/entry.S guest/abi.h
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) -D__ASSEMBLER__ -c -o $@ $<

$(BUILD)/guest/guest.bin: $(GUEST_OBJS) guest/$(ARCH)/guest.ld
	$(GUEST_LD) -static -nostdlib -no-pie -T guest/$(ARCH)/guest.ld \
		-o $(BUILD)/guest/guest.elf $(GUEST_OBJS)
	$(OBJCOPY) -O binary $(BUILD)/guest/guest.elf $@

$(BUILD)/gen/guest_image.c: $(BUILD)/guest/guest.bin guest/embed.sh
	@mkdir -p $(BUILD)/gen
	sh guest/embed.sh $< >$@

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c $(BUILD)/gen/parser.h $(BUILD)/gen/lexer.h
	$(CC) $(GEN_CFLAGS) -Igrammar -I$(BUILD)/gen -MMD -MP -c -o $@ $<

$(BUILD)/%.o: %.c $(BUILD)/gen/parser.h $(BUILD)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -I$(BUILD)/gen -MMD -MP -c -o $@ $<

$(BUILD)/unit/%: tests/unit/%.c $(BUILD)/libscn.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -I$(BUILD)/gen -o $@ $^ $(LDLIBS)

units: $(UNIT_BINS)

# The README's two commands: each installs what is missing, builds, runs.
deps:
	@sh .ci/install-deps.sh

# What arm64 test hosts need besides: the arm64 architecture in dpkg, the
# cross compiler and arm64 libraries, qemu-system-arm (make test uses it).
deps-arm64:
	@sh .ci/install-deps.sh arm64

# What riscv64 test hosts need: Debian's riscv64 cross compiler and libc,
# qemu-system-misc, and riscv64 libnuma/libedit (+ncurses, libbsd, libmd)
# as static libraries from trixie, unpacked in /var/cache/scn/riscv64.
deps-riscv64:
	@sh .ci/install-deps.sh riscv64

suite: deps
	@$(MAKE) --no-print-directory scn >&2	# stdout is the suite's KTAP
	@tests/suite.sh

# The test host's kernels are fetched (once, into the cache) before the
# tests; the arm64 scn is built where the cross compiler and the arm64
# libraries are (make deps-arm64 installs them), for tests/testhost/arm64.sh;
# the riscv64 one likewise after what deps-riscv64 installs, which make
# test installs too, best effort (tests/testhost/riscv64.sh and
# tests/kvm/portable.sh boot riscv64 test hosts; offline, they skip).
ARM64_LIBS := /usr/lib/aarch64-linux-gnu/libnuma.a /usr/lib/aarch64-linux-gnu/libedit.a
test: deps-arm64
	@sh .ci/install-deps.sh riscv64 || echo "warning: the packages of riscv64" \
		"test hosts could not be installed: their tests will skip" >&2
	@$(MAKE) --no-print-directory scn units
	@if command -v aarch64-linux-gnu-gcc >/dev/null && ls $(ARM64_LIBS) >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory aarch64; fi
	@if command -v riscv64-linux-gnu-gcc >/dev/null && \
	    [ -e $(RISCV64_ROOT)/usr/lib/riscv64-linux-gnu/libnuma.a ]; then \
		$(MAKE) --no-print-directory riscv64; fi
	@$(BUILD)/scn kernel debian:6.12 debian:7.3 >/dev/null || true
	@if command -v qemu-system-aarch64 >/dev/null; then \
		$(BUILD)/scn kernel debian:6.12-arm64 debian:7.3-arm64-16k >/dev/null || true; fi
	@if command -v qemu-system-riscv64 >/dev/null; then \
		$(BUILD)/scn kernel debian:6.12-riscv64 debian:7.2-riscv64 >/dev/null || true; fi
	@SCN=$(CURDIR)/$(BUILD)/scn tests/run.sh

# Result files at the largest scn reads, in every shape that was once
# quadratic (make test runs them at a tenth of that size).
test-large: scn
	@LARGE=1 SCN=$(CURDIR)/$(BUILD)/scn bash tests/results/large.sh

# A fuzz build of the front end (libFuzzer, clang); FUZZ_SECONDS bounds the run.
FUZZ_SECONDS ?= 60
fuzz:
	@tests/fuzz/run.sh $(FUZZ_SECONDS)

# The seed experiments of docs/seeds.md from real runs in the test host:
# results and tables in build/seeds, pictures in docs/seeds, the results
# of the docs' 7.x rows in tests/seeds/results (~28 min; the arm64 rows
# need the arm64 scn: make aarch64).
seeds: scn
	@seeds/run.sh

# make bench: the one table against the selftests (bench/table.sh), then
# the rest of the benches; QUICK=1 the table alone, at its smallest sizes.
bench: scn
	@QUICK=$(QUICK) bench/table.sh
	@[ -n "$(QUICK)" ] || { bench/run.sh && bench/uffd_readers.sh && \
		bench/testhost.sh && bench/guest_demand_paging.sh && bench/kvm.sh && \
		bench/dirty_log.sh && bench/arm64.sh && bench/riscv64.sh && \
		bench/long_tokens.sh; }

clean:
	rm -rf build build-san build-clang build-fuzz build-aarch64 build-riscv64 scn

format:
	clang-format -i $(LIB_SRCS) $(CLI) $(REPL) testhost/init.c $(wildcard */*.h) guest/job.c

# make install [PREFIX=/usr/local] [DESTDIR=staging]: the command, its
# scenarios, the man page, the docs, and a kselftest-style collection in
# lib/scn/kselftest (docs/results.md, section 8). KSFT_TIMEOUT is each
# scenario's scn run --timeout there.
PREFIX ?= /usr/local
KSFT_TIMEOUT ?= 300
SCENARIOS := $(sort $(wildcard scenarios/*.scn))
KSFT_DIR := $(DESTDIR)$(PREFIX)/lib/scn/kselftest

.PHONY: install uninstall
install: $(BUILD)/scn
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/scn/scenarios \
		$(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/doc/scn
	install -m 755 $(BUILD)/scn $(DESTDIR)$(PREFIX)/bin/scn
	if [ -x build-aarch64/scn ] && [ "$(ARCH)" != aarch64 ]; then \
		install -D -m 755 build-aarch64/scn $(DESTDIR)$(PREFIX)/lib/scn/aarch64/scn; fi
	install -m 644 $(SCENARIOS) scenarios/default.suite $(DESTDIR)$(PREFIX)/share/scn/scenarios
	install -m 644 docs/scn.1 $(DESTDIR)$(PREFIX)/share/man/man1/scn.1
	install -m 644 README.md docs/*.md $(DESTDIR)$(PREFIX)/share/doc/scn
	install -d $(DESTDIR)$(PREFIX)/share/doc/scn/seeds
	install -m 644 docs/seeds/*.svg $(DESTDIR)$(PREFIX)/share/doc/scn/seeds
	rm -rf $(KSFT_DIR)
	kselftest/gen-collection.sh $(KSFT_DIR) $(PREFIX) $(KSFT_TIMEOUT) \
		kselftest/README $(SCENARIOS)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/scn $(DESTDIR)$(PREFIX)/share/man/man1/scn.1
	rm -rf $(DESTDIR)$(PREFIX)/share/scn $(DESTDIR)$(PREFIX)/share/doc/scn \
		$(DESTDIR)$(PREFIX)/lib/scn

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
