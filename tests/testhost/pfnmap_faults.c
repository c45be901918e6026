// SPDX-License-Identifier: GPL-2.0-only
/*
 * pfnmap_faults ADDR GROUP BAR SIZE ALIGN: maps SIZE bytes of the BAR
 * with runtime/vfio at ALIGN, writes a word in every 4K page and prints
 * "faults N" (getrusage's minflt+majflt over the writes), then reads the
 * words back ("readback ok"). tests/testhost/pfnmap.sh runs it inside a
 * test host with --pfnmap; exit 1 with the error otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "runtime/vfio.h"

static long faults(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_minflt + ru.ru_majflt;
}

int main(int argc, char **argv)
{
	struct rt_vfio v;
	struct rt_err err;
	volatile unsigned long *w;
	unsigned long long size, align;
	void *p;
	long f0, f1;

	if (argc != 6)
		return 2;
	size = strtoull(argv[4], NULL, 0);
	align = strtoull(argv[5], NULL, 0);
	if (rt_vfio_open(&v, argv[1], atoi(argv[2]), atoi(argv[3]), &err) ||
	    rt_vfio_map(&v, size, align, PROT_READ | PROT_WRITE, &p, &err)) {
		fprintf(stderr, "error: %s\n", err.msg);
		return 1;
	}
	f0 = faults();
	for (unsigned long long o = 0; o < size; o += 4096) {
		w = (volatile unsigned long *)((char *)p + o);
		*w = o ^ 0x5a5a;
	}
	f1 = faults();
	printf("faults %ld\n", f1 - f0);
	for (unsigned long long o = 0; o < size; o += 4096)
		if (*(volatile unsigned long *)((char *)p + o) != (o ^ 0x5a5a)) {
			printf("readback differs at %#llx\n", o);
			return 1;
		}
	printf("readback ok\n");
	munmap(p, size);
	rt_vfio_close(&v);
	return 0;
}
