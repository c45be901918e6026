// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_testhost: the command line of the test host (testhost/testhost.h):
 * its options, shared by scn exec, scn run --kernel and scn features
 * --kernel, and the report of how a launch ended.
 */
#ifndef SCN_CMD_TESTHOST_H
#define SCN_CMD_TESTHOST_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../testhost/testhost.h"
#include "options.h"

extern const struct cli_command cli_cmd_exec, cli_cmd_kernel;

/* getopt_long codes of the host options; above every short option. */
enum {
	TH_OPT_KERNEL = 512,
	TH_OPT_MODULES,
	TH_OPT_CPUS,
	TH_OPT_MEM,
	TH_OPT_NODES,
	TH_OPT_APPEND,
	TH_OPT_ACCEL,
	TH_OPT_CONSOLE_LOG,
	TH_OPT_PFNMAP,
};

#define TH_LONGOPTS							\
	{ "kernel", required_argument, NULL, TH_OPT_KERNEL },		\
	{ "modules", required_argument, NULL, TH_OPT_MODULES },		\
	{ "cpus", required_argument, NULL, TH_OPT_CPUS },		\
	{ "mem", required_argument, NULL, TH_OPT_MEM },			\
	{ "nodes", required_argument, NULL, TH_OPT_NODES },		\
	{ "append", required_argument, NULL, TH_OPT_APPEND },		\
	{ "accel", required_argument, NULL, TH_OPT_ACCEL },		\
	{ "console-log", required_argument, NULL, TH_OPT_CONSOLE_LOG },	\
	{ "pfnmap", required_argument, NULL, TH_OPT_PFNMAP }

/*
 * The usage lines of the host options: TH_USAGE_HEAD, the --kernel line
 * (th_cli_kernel_usage: what a spec is, from testhost/debian.h's table),
 * TH_USAGE.
 */
#define TH_USAGE_HEAD							\
	"host options (a test host: this machine's root in another kernel):\n"
#define TH_USAGE							\
	"  --modules DIR      the modules of a kernel you built\n"	\
	"  --cpus N --mem SIZE --nodes N   the machine (default 2 CPUs, 2G, 1 node;\n" \
	"                     at most 255 CPUs, 256M to 1T, 16 nodes)\n" \
	"  --append ARGS      more kernel command line\n"		\
	"  --accel auto|kvm|tcg            QEMU's accelerator\n"	\
	"  --console-log FILE keep the kernel's console log there\n"	\
	"  --pfnmap SIZE      a PCI device with a BAR of SIZE (a power of two,\n" \
	"                     1M to 64G; repeatable) bound to vfio-pci inside,\n" \
	"                     behind an emulated IOMMU: backing type=pfnmap\n"

/* "  --kernel SPEC      " and what a spec may be, wrapped. */
void th_cli_kernel_usage(FILE *out);
/* All of them, as a command that takes them ends its help (options.h). */
void th_cli_host_help(FILE *out);

/*
 * What a spec may be, wrapped to 80 columns after indent (the first line
 * after first), into out: help texts and usage errors share it.
 */
void th_cli_specs(FILE *out, const char *first, const char *indent);

/*
 * A --pfnmap SIZE (and a suite line's pfnmap=): a power of two from
 * TH_MIN_PFNMAP to TH_MAX_PFNMAP_SIZE, as "1G" or "512M". False, with
 * TH_PFNMAP_SIZE_RULE to say, where it is not.
 */
#define TH_PFNMAP_SIZE_RULE "not a power of two from 1M to 64G (the BAR of an ivshmem device)"
bool th_cli_pfnmap_size(const char *arg, int64_t *size);

/*
 * Takes host option c with its argument into o. Returns 0, or 64 after a
 * message on stderr when the value is wrong; -1 when c is not one.
 */
int th_cli_option(int c, const char *arg, struct th_opts *o);

/* The long name of host option c ("nodes"), or NULL. */
const char *th_cli_option_name(int c);

/*
 * A host option without --kernel would be dropped without a word: returns
 * 64 after saying so on stderr, naming it, when one was given (given: the
 * first for which th_cli_option returned 0, or NULL) and o has no kernel;
 * 0 otherwise.
 */
int th_cli_need_kernel(const char *cmd, const char *given, const struct th_opts *o);

/*
 * th_launch of argv with this process's environment, in this directory.
 * Returns 0 with *out filled (th_outcome_free it), or an exit code after
 * a message on stderr: 64 for a wrong option or kernel, 70 otherwise.
 */
int th_cli_launch(const char *cmd, const struct th_opts *o,
		  const char *const *argv, struct th_outcome *out);

/*
 * Says on stderr how a launch that did not end with the command's own
 * status ended (skip, oops, timeout, no boot, signal, a file of the share
 * not read) and where the console log is. Returns the exit code.
 */
/* "scn: CMD: not read from the test host's results share: WHY". */
void th_cli_bad_share(const char *cmd, const char *why);

int th_cli_report(const char *cmd, const struct th_opts *o,
		  const struct th_outcome *out);

/* scn exec [host options] [--timeout S] [-q] [--] COMMAND [ARG...] */
int cmd_exec(int argc, char **argv);

/*
 * scn kernel [--modules DIR] SPEC...: each kernel resolved (and fetched
 * into the cache) and shown. Exit 0, 4 when one cannot be had here, 64.
 */
int cmd_kernel(int argc, char **argv);

#endif
