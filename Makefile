# SPDX-License-Identifier: GPL-2.0-only
# scn: build, test, fuzz and benchmark. `make` builds ./scn; `make test` runs
# the suite; `make SAN=1` builds with ASan and UBSan into build-san/.

VERSION := 0.1.0
CC ?= cc
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
	$(SANFLAGS) $(CFLAGS) -I$(BUILD) -Igrammar
# flex output trips these; relaxed for generated files alone.
GEN_CFLAGS := $(ALL_CFLAGS) -Wno-missing-prototypes -Wno-unused-function \
	-Wno-sign-compare -Wno-shadow
LDLIBS := -lnuma -lpthread -lm

COMMON := $(wildcard common/*.c)
GRAMMAR := $(filter-out grammar/%.l grammar/%.y,$(wildcard grammar/*.c))
INTERP := $(wildcard interp/*.c)
RUNTIME := $(wildcard runtime/*.c)
CLI := $(wildcard cli/*.c)

LIB_SRCS := $(COMMON) $(GRAMMAR) $(INTERP) $(RUNTIME)
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/parser.o $(BUILD)/gen/lexer.o
CLI_OBJS := $(CLI:%.c=$(BUILD)/%.o)
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/unit/%)

.PHONY: all clean deps suite test units fuzz bench format
all: scn

scn: $(BUILD)/scn
	@if [ "$(BUILD)" = build ]; then ln -sf $(BUILD)/scn scn; fi

$(BUILD)/scn: $(CLI_OBJS) $(BUILD)/libscn.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/libscn.a: $(LIB_OBJS)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/gen/parser.c $(BUILD)/gen/parser.h: grammar/parser.y
	@mkdir -p $(BUILD)/gen
	$(BISON) -Wall -Werror --defines=$(BUILD)/gen/parser.h -o $(BUILD)/gen/parser.c $<

$(BUILD)/gen/lexer.c $(BUILD)/gen/lexer.h: grammar/lexer.l
	@mkdir -p $(BUILD)/gen
	$(FLEX) --header-file=$(BUILD)/gen/lexer.h -o $(BUILD)/gen/lexer.c $<

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

suite: deps
	@$(MAKE) --no-print-directory scn
	@tests/suite.sh

test: deps
	@$(MAKE) --no-print-directory scn units
	@SCN=$(CURDIR)/$(BUILD)/scn tests/run.sh

# A fuzz build of the front end (libFuzzer, clang); FUZZ_SECONDS bounds the run.
FUZZ_SECONDS ?= 60
fuzz:
	@tests/fuzz/run.sh $(FUZZ_SECONDS)

bench: scn
	@bench/run.sh
	@bench/uffd_readers.sh

clean:
	rm -rf build build-san build-fuzz scn

format:
	clang-format -i $(LIB_SRCS) $(CLI) $(wildcard */*.h)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
