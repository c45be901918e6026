// SPDX-License-Identifier: GPL-2.0-only
/*
 * fingerprint: what a result depends on besides the scenario, so that two
 * results can be told comparable or not: the architecture (x86_64,
 * aarch64), the kernel (release, build,
 * preemption model, command line), the CPU (model, count, mitigations),
 * memory, the virtualization underneath and KVM's module parameters, every
 * knob scn can set with its value when the run started, the memory
 * policy scn runs under, and, inside a test host, how it was made (the
 * launcher's facts: QEMU, its accelerator, CPUs, memory and nodes, and
 * the outer machine; testhost/job.h).
 */
#ifndef SCN_RT_FINGERPRINT_H
#define SCN_RT_FINGERPRINT_H

#include <stddef.h>

#include "../common/json_out.h"
#include "../testhost/job.h"
#include "features.h"

/* Where a test host's launcher leaves its facts for the scn inside. */
#define RT_TESTHOST_FACTS TH_SHARE_DIR "/" TH_FACTS_FILE

/* Writes the "fingerprint" object's value (an object) to j. */
struct rt_knob_values;
/* knobs: the values the run found (NULL, or not taken: read them now). */
void rt_fingerprint_json(struct json_out *j, const struct rt_features *f,
			 const struct rt_knob_values *knobs);

/*
 * One line for text and KTAP output: "kernel 6.1.0-26-amd64, x86_64, 2 x
 * Intel..., virt pvm, kvm: no (reason)".
 */
void rt_fingerprint_line(const struct rt_features *f, char *buf, size_t len);

/*
 * The "testhost" member's value from the text of a facts file:
 * "name=value" lines as an object, numbers as numbers, "outer_NAME" in
 * "outer"; null for NULL (this is no test host).
 */
void rt_testhost_json(struct json_out *j, const char *facts);
/* ", in a test host (tcg on kernel 6.18.44)", or "" for NULL. */
void rt_testhost_line(const char *facts, char *buf, size_t len);

/*
 * The text of RT_TESTHOST_FACTS (malloc'ed; the caller frees it), or NULL
 * where there is none, or none that is a regular file of at most
 * TH_FACTS_MAX bytes (read as common/regfile.h says: the command the test
 * host runs can write the share too).
 */
char *rt_testhost_facts(void);

/* The CPU model from /proc/cpuinfo, or "unknown". */
void rt_cpu_model(char *buf, size_t len);

#endif
