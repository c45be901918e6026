// SPDX-License-Identifier: GPL-2.0-only
/*
 * run_kernels: scn run --kernel A,B,C FILE, the kernel as an axis of one
 * run (see run_kernels.c and kernel_axis.h).
 */
#ifndef SCN_CLI_RUN_KERNELS_H
#define SCN_CLI_RUN_KERNELS_H

#include <stdbool.h>

#include "run_file.h"

/*
 * scn run --kernel A,B FILE: the scenario on each kernel in turn, one
 * result whose points are the kernels (kernel_axis.h). The exit code.
 */
int run_kernel_axis(const struct run_args *a);

#endif
