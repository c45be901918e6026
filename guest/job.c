// SPDX-License-Identifier: GPL-2.0-only
/*
 * job: what a vCPU does with the job in its mailbox. Freestanding code
 * that runs at ring 0 or ring 3, built without SSE (PVM hosts emulate
 * ring 0 instruction by instruction and cannot run it). The loops that
 * matter are the sequential ones: four instructions per access, as at
 * ring 0 on a PVM host each one is emulated.
 *
 * Every access to scenario memory goes through access.h (put, put_self,
 * get): instructions the host finds in a table, so that it can tell
 * where a fault happened and skip the instruction.
 */
#include "abi.h"
#include "access.h"

typedef scn_u64 u64;
typedef unsigned int u32;

/* Accesses between two updates of the mailbox's progress. */
#define CHUNK 256

void scn_run_job(struct scn_mailbox *mb);

/* xorshift64*: the mixed job's choices, seeded per vCPU by the host. */
static u64 next_random(u64 *s)
{
	u64 x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dUL;
}

/*
 * A bijection of [0, mask]: odd multiplications and right xor-shifts
 * are each invertible modulo a power of two, so walking i over [0,
 * mask] visits every index once, in an order the seed decides.
 */
static u64 permute(u64 x, u64 mask, u32 half, u64 seed)
{
	x = (x ^ seed) & mask;
	x = (x * 0x9e3779b97f4a7c15UL) & mask;
	x ^= x >> half;
	x = (x * 0xbf58476d1ce4e5b9UL) & mask;
	x ^= x >> half;
	return x;
}

enum mode { M_WRITE, M_READ, M_CHECK, M_MIXED };

static void seq_write(struct scn_mailbox *mb, u64 p, u64 n, u64 stride,
		      u64 v, int self)
{
	while (n) {
		u64 k = n < CHUNK ? n : CHUNK, left = k;

		n -= k;
		if (self)
			do {
				put_self(p);
				p += stride;
			} while (--left);
		else
			do {
				put(p, v);
				p += stride;
			} while (--left);
		mb->accesses += k;
	}
}

static void seq_read(struct scn_mailbox *mb, u64 p, u64 n, u64 stride)
{
	while (n) {
		u64 k = n < CHUNK ? n : CHUNK, left = k;

		n -= k;
		do {
			get(p);
			p += stride;
		} while (--left);
		mb->accesses += k;
	}
}

/* Every other walk: random order, mixed, checks, latency. 0: a mismatch. */
static int walk(struct scn_mailbox *mb, enum mode mode, u64 pass, u64 *rng)
{
	u64 flags = mb->flags, n = mb->count, stride = mb->stride;
	u64 start = mb->start, pattern = mb->pattern;
	u64 mask = 0, seed = 0, i, end = n, done = 0;
	u32 half = 1, bits = 0;

	if (flags & SCN_F_RANDOM) {
		while ((1UL << bits) < n)
			bits++;
		mask = (1UL << bits) - 1;
		end = mask + 1;
		half = bits / 2 ? bits / 2 : 1;
		seed = mb->seed + pass * 0x632be59bd9b4e019UL;
	}
	for (i = 0; i < end; i++) {
		u64 idx = i, addr, want, t0 = 0;
		enum mode m = mode;

		if (flags & SCN_F_RANDOM) {
			idx = permute(i, mask, half, seed);
			if (idx >= n)
				continue;
		}
		addr = start + idx * stride;
		want = flags & SCN_F_PATTERN_ADDR ? addr : pattern;
		if (m == M_MIXED)
			m = ((next_random(rng) >> 32) * 100 >> 32) < mb->write_pct ?
				    M_WRITE : M_READ;
		if (flags & SCN_F_LATENCY)
			t0 = cycles();
		if (m == M_WRITE) {
			put(addr, want);
		} else if (m == M_READ) {
			get(addr);
		} else {
			u64 got = get(addr);

			if (got != want) {
				mb->accesses += done;
				mb->bad_addr = addr;
				mb->bad_found = got;
				mb->bad_expected = want;
				report_mismatch();
				return 0;
			}
		}
		if (flags & SCN_F_LATENCY) {
			u64 d = cycles() - t0;

			mb->lat_hist[63 - __builtin_clzl(d | 1)]++;
		}
		if (++done == CHUNK) {
			mb->accesses += done;
			done = 0;
		}
	}
	mb->accesses += done;
	return 1;
}

static int one_pass(struct scn_mailbox *mb, u64 pass, u64 *rng)
{
	u64 flags = mb->flags;
	int plain = !(flags & (SCN_F_RANDOM | SCN_F_LATENCY));

	switch (mb->op) {
	case SCN_OP_WRITE:
		if (plain)
			seq_write(mb, mb->start, mb->count, mb->stride, mb->pattern,
				  flags & SCN_F_PATTERN_ADDR);
		else
			walk(mb, M_WRITE, pass, rng);
		return !(flags & SCN_F_VERIFY) || walk(mb, M_CHECK, pass, rng);
	case SCN_OP_READ:
		if (flags & SCN_F_VERIFY)
			return walk(mb, M_CHECK, pass, rng);
		if (plain)
			seq_read(mb, mb->start, mb->count, mb->stride);
		else
			walk(mb, M_READ, pass, rng);
		return 1;
	default:
		return walk(mb, M_MIXED, pass, rng);
	}
}

void scn_run_job(struct scn_mailbox *mb)
{
	u64 pass, rng = mb->seed * 2 + 1;
	int i;

	mb->accesses = 0;
	mb->passes_done = 0;
	if (mb->flags & SCN_F_LATENCY)
		for (i = 0; i < SCN_LAT_BUCKETS; i++)
			mb->lat_hist[i] = 0;
	if (!mb->count)
		return;
	for (pass = 0;; pass++) {
		scn_u64 faults_before = mb->host_faults;
		scn_u64 settled = mb->host_settled;

		if (!one_pass(mb, pass, &rng))
			return;
		mb->passes_done = pass + 1;
		if (mb->flags & SCN_F_UNTIL_FLAG) {
			if (mb->stop_after_pass ||
			    (settled && mb->host_faults == faults_before))
				return;
		} else if (pass + 1 >= mb->passes) {
			return;
		}
	}
}
