// SPDX-License-Identifier: GPL-2.0-only
/*
 * ir: a checked scenario, ready to run. Every name is resolved to an
 * index, every unit converted, every value that parameters and machine
 * facts decide is folded to a constant; only values that exist at run
 * time (phase results, counters) stay as expressions. Each operation
 * keeps the source span it came from, so a kernel error at run time can
 * point at the .scn line. The IR lives in one arena and is never changed
 * after lowering.
 */
#ifndef SCN_IR_H
#define SCN_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "../common/arena.h"
#include "../common/source.h"
#include "../runtime/cgroup.h"
#include "../runtime/features.h"
#include "../runtime/mm_tables.h"
#include "value.h"

/* Results a phase produces. X(id, name, type, per-vCPU too) */
#define METRIC_LIST(X)                                                        \
	X(TIME, "time", VT_DURATION, 1)                                       \
	X(SECONDS, "seconds", VT_REAL, 1)                                     \
	X(NS, "ns", VT_INT, 1)                                                \
	X(PAGES, "pages", VT_INT, 1)                                          \
	X(ACCESSES, "accesses", VT_INT, 1)                                    \
	X(RATE, "rate", VT_REAL, 1)                                           \
	X(FAULTS, "faults", VT_INT, 1)                                        \
	X(HOST_FAULTS, "host_faults", VT_INT, 0)                              \
	X(PASSES, "passes", VT_INT, 1)                                        \
	X(EXITS, "exits", VT_INT, 1)                                          \
	X(DIRTY, "dirty", VT_INT, 0)                                          \
	X(RUNQ, "runq", VT_REAL, 0)                                           \
	X(RUNQ_OTHERS, "runq_others", VT_REAL, 0)                             \
	X(LAT_P50, "lat_p50", VT_DURATION, 1)                                 \
	X(LAT_P90, "lat_p90", VT_DURATION, 1)                                 \
	X(LAT_P99, "lat_p99", VT_DURATION, 1)                                 \
	X(LAT_MAX, "lat_max", VT_DURATION, 1)

enum metric {
#define MET_ENUM(id, name, type, pv) METRIC_##id,
	METRIC_LIST(MET_ENUM)
#undef MET_ENUM
	METRIC__COUNT
};

/* Statistics over the runs of a phase (repeat) or of a scenario. */
#define STAT_LIST(X)                                                          \
	X(LAST, "last")                                                       \
	X(TOTAL, "total")                                                     \
	X(MEAN, "mean")                                                       \
	X(MIN, "min")                                                         \
	X(MEDIAN, "median")                                                   \
	X(MAX, "max")                                                         \
	X(STDDEV, "stddev")                                                   \
	X(COUNT, "count")

enum stat_kind {
#define STAT_ENUM(id, name) STAT_##id,
	STAT_LIST(STAT_ENUM)
#undef STAT_ENUM
	STAT__COUNT
};

const char *metric_name(enum metric m);
enum val_type metric_type(enum metric m);
/* Whether P.vcpu[i].METRIC exists. */
bool metric_per_vcpu(enum metric m);
const char *stat_name(enum stat_kind s);

/* Statistics of the uffd services over a phase. X(id, name, type) */
#define UFFD_STAT_LIST(X)                                                     \
	X(FAULTS, "faults", VT_INT)                                           \
	X(EEXIST, "eexist", VT_INT)                                           \
	X(MEAN, "mean", VT_DURATION)                                          \
	X(P50, "p50", VT_DURATION)                                            \
	X(P90, "p90", VT_DURATION)                                            \
	X(P99, "p99", VT_DURATION)                                            \
	X(MAX, "max", VT_DURATION)

enum uffd_stat {
#define USTAT_ENUM(id, name, type) USTAT_##id,
	UFFD_STAT_LIST(USTAT_ENUM)
#undef USTAT_ENUM
	USTAT__COUNT
};

const char *uffd_stat_name(enum uffd_stat s);
enum val_type uffd_stat_type(enum uffd_stat s);

/*
 * Counters read from the kernel, by their file's name. X(id, name, own):
 * own counts this run's work only, else every process's (machine-wide).
 */
#define GAUGE_LIST(X)                                                         \
	X(KSM, "ksm", 0)		/* /sys/kernel/mm/ksm/NAME */          \
	X(VMSTAT, "vmstat", 0)		/* /proc/vmstat NAME */                \
	X(KSM_STAT, "ksm_stat", 1)	/* /proc/self/ksm_stat NAME */         \
	X(MEMCG, "memcg", 1)		/* the cgroup: memory.stat, current */ \
	X(MEMCG_EVENTS, "memcg_events", 1)	/* its memory.events */      \
	X(KVM, "kvm", 1)		/* KVM's statistics of the VMs */

enum gauge_source {
#define GAUGE_ENUM(id, name, own) GAUGE_##id,
	GAUGE_LIST(GAUGE_ENUM)
#undef GAUGE_ENUM
	GAUGE__COUNT
};

/* "ksm", "vmstat", ...; NULL-terminated, in enum order. */
extern const char *const gauge_source_names[];
const char *gauge_source_name(enum gauge_source g);
/* Whether the source counts this run's work only (not machine-wide). */
bool gauge_source_own(enum gauge_source g);

/*
 * P.NAME a phase has beside its metrics and statistics and each gauge
 * source: vcpu, delta, placement, uffd; NULL-terminated.
 */
extern const char *const phase_member_names[];
/*
 * Whether every phase has a result called name already (a metric, a
 * statistic, a member, a gauge source, or a result's uffd* and lat_*
 * names), so that a scenario's own metric may not take it.
 */
bool phase_result_name(const char *name);

enum irx_kind {
	IRX_CONST,
	IRX_METRIC,	/* a phase result: phase, metric, stat, vcpu */
	IRX_GAUGE,	/* a counter now, or at the end of a phase (phase>=0) */
	IRX_GAUGE_DELTA,/* a counter's change over a phase */
	IRX_UNARY,
	IRX_BINARY,
	IRX_COND,
	IRX_MIN,
	IRX_MAX,
	IRX_IN_UNIT,	/* a duration in ns, us, ms (INT) or seconds (REAL): a / v.i */
	IRX_PLACEMENT,	/* pages of backing v.i on node a, at phase's end */
	IRX_UFFD,	/* a uffd statistic of phase: v.i which, a reader */
	IRX_JOBS,	/* the guest jobs of phase that ran in ring v.i (0 or 3) */
};

struct ir_expr {
	enum irx_kind kind;
	enum val_type type;
	struct loc loc;
	struct value v;			/* IRX_CONST */
	enum ast_op op;
	int phase;			/* METRIC, GAUGE: index, or -1 */
	enum metric metric;
	enum stat_kind stat;
	struct ir_expr *vcpu;		/* METRIC, GAUGE_KVM: per-vCPU index, or NULL */
	enum gauge_source gauge;
	const char *gauge_name;
	struct ir_expr *a, *b, *c;	/* operands; MIN/MAX: a, b */
};

/* A print string: text and interpolated expressions. */
struct ir_text_part {
	const char *text;		/* literal text, or NULL */
	struct ir_expr *expr;		/* or an expression */
	const char *format;		/* its printf format, or NULL */
};

struct ir_text {
	struct ir_text_part *parts;
	size_t n;
};

struct ir_backing {
	const char *name;
	struct loc loc;
	enum backing_type type;
	bool is_region;			/* declared with "region" */
	int64_t size;
	int64_t page_size;
	bool prefault, nohugepage, hugepage, has_fill, noreserve;
	bool gmem_mmap, gmem_init_shared;	/* guest_memfd: its flags */
	int64_t fill;			/* byte written everywhere */
	int node;			/* bound to this node, or -1 */
	/*
	 * Bytes of memory it can take: its size, or for a noreserve one
	 * what the scenario's accesses touch of it (memneed.h).
	 */
	int64_t need;
};

enum ring { RING_AUTO, RING_0, RING_3 };

struct ir_vm {
	const char *name;
	struct loc loc;
	int backing;			/* index */
	int64_t mem;			/* guest memory */
	int64_t slot_size;
	int nr_slots;
	bool alias;			/* every slot maps the whole backing */
	int vcpus;
	enum ring ring;
	bool pin;			/* pin vCPU i to CPU i % ncpus */
	int64_t gpa_base;
	int dirty_ring;			/* entries per vCPU, or 0: bitmaps */
	int64_t guest_page;		/* the guest tables' page: 4K, 2M, 1G; 0 the largest */
	/* What a memslot added without gpa= is not put over: x86's APIC page (size 0: none). */
	int64_t hole_gpa, hole_size;
	/*
	 * Its declaration had an error: a stand-in, so that the statements
	 * that use it are checked too (what its line failed to say takes
	 * the widest value). Never in a program that checks.
	 */
	bool placeholder;
};

/* The memory cgroup a scenario runs in (cgroup.h). */
struct ir_cgroup {
	const char *name;
	struct loc loc;
	bool set[RT_CG__COUNT];
	int64_t value[RT_CG__COUNT];	/* bytes, or RT_CG_UNLIMITED */
};

enum uffd_mode { UFFD_MISSING, UFFD_MINOR, UFFD_WP };
enum uffd_wait { WAIT_POLL, WAIT_EPOLL, WAIT_READ };
/* How a fault is resolved; the order of words_uffd_resolve. */
enum uffd_resolve { RESOLVE_COPY, RESOLVE_ZEROPAGE, RESOLVE_CONTINUE,
		    RESOLVE_MOVE };

struct ir_uffd {
	struct loc loc;
	int vm;				/* target: a VM's memory, or -1 */
	int backing;			/* or a region */
	enum uffd_mode mode;
	enum uffd_wait wait;
	int readers;
	int64_t delay;			/* ns per fault */
	bool per_vcpu;			/* one uffd per vCPU range */
	enum uffd_resolve resolve;
	int64_t page_size;
};

struct ir_knob_set {
	enum knob knob;
	struct value value;		/* INT, or WORD as sysfs spells it */
};

enum guest_op { GUEST_WRITE, GUEST_READ, GUEST_MIXED };
enum fault_policy { FAULT_FAIL, FAULT_SKIP, FAULT_STOP, FAULT_RETRY };
enum until_kind { UNTIL_PASSES, UNTIL_ALL_FAULTED };

struct ir_guest_job {
	int vm;
	int first_vcpu, last_vcpu;	/* inclusive */
	enum guest_op op;
	int write_pct;			/* GUEST_MIXED */
	bool verify;			/* write: then check; read: check */
	int64_t stride;
	int64_t offset, size;		/* the range each vCPU walks */
	int passes;
	bool overlap;			/* every vCPU walks all of the range */
	bool random;
	uint64_t seed;
	enum fault_policy on_fault;
	enum until_kind until;
	enum ring ring;
	bool latency;			/* TSC histogram per vCPU */
	bool pattern_address;		/* each word holds its address */
	uint64_t pattern;		/* else this constant is written, checked */
};

enum prot { PROT_RO, PROT_RW, PROT_NONE_ };
enum dirtylog_op { DIRTYLOG_ON, DIRTYLOG_OFF, DIRTYLOG_GET, DIRTYLOG_CLEAR };
enum memslot_op { MEMSLOT_ADD, MEMSLOT_DELETE, MEMSLOT_MOVE };
enum ksm_wait { KSMW_MERGED, KSMW_SCANS };

#define IR_OP_LIST(X)                                                         \
	X(SET_KNOB, "set")                                                    \
	X(POLICY, "policy")                                                   \
	X(CREATE_BACKING, "create backing")                                   \
	X(CREATE_VM, "create vm")                                             \
	X(CREATE_UFFD, "create uffd")                                         \
	X(CREATE_CGROUP, "create cgroup")                                     \
	X(CGROUP_WRITE, "host cgroup")                                        \
	X(PHASE, "phase")                                                     \
	X(GUEST, "guest")                                                     \
	X(MPROTECT, "mprotect")                                               \
	X(MADVISE, "madvise")                                                 \
	X(PUNCH, "fallocate punch")                                           \
	X(MUNMAP, "munmap")                                                   \
	X(REMAP, "mmap")                                                      \
	X(HOST_ACCESS, "host access")                                         \
	X(MEMSLOT, "memslot")                                                 \
	X(DIRTYLOG, "dirtylog")                                               \
	X(EXEC, "exec")                                                       \
	X(VCPU_RESET, "vcpu reset")                                           \
	X(KSM_WAIT, "ksm wait")                                               \
	X(KSM_PRCTL, "ksm prctl")                                             \
	X(SLEEP, "sleep")                                                     \
	X(WAIT, "wait")                                                       \
	X(CONCURRENTLY, "concurrently")                                       \
	X(REPEAT, "repeat")                                                   \
	X(EXPECT, "expect")                                                   \
	X(EXPECT_FAULT, "expect fault")                                       \
	X(PRINT, "print")                                                     \
	X(METRIC, "metric")

enum ir_op_kind {
#define IROP_ENUM(id, name) IR_##id,
	IR_OP_LIST(IROP_ENUM)
#undef IROP_ENUM
};

const char *ir_op_name(enum ir_op_kind k);

struct ir_op;

struct ir_block {
	struct ir_op *ops;
	size_t n;
};

struct ir_op {
	enum ir_op_kind kind;
	struct loc loc;
	int index;		/* backing, vm, uffd or phase, by kind */
	union {
		struct ir_knob_set knob;
		struct {
			enum mpolicy mode;
			uint64_t nodes;	/* bit mask; all bits: "all" */
			int backing;	/* -1: the process policy */
		} policy;
		struct ir_guest_job guest;
		struct {
			int backing;
			int64_t offset, size;
			enum prot prot;
			enum advice advice;
			int64_t stride;		/* HOST_ACCESS */
			bool write;
			int byte;		/* written value */
			enum fault_policy on_fault;	/* HOST_ACCESS */
		} mem;
		struct {
			int vm;
			enum memslot_op op;
			const char *name;	/* as written: extra, guest.slot[1] */
			int guest_slot;	/* the vm's own slot, or -1: added */
			int64_t size, gpa;
			bool has_gpa;	/* else the runtime places it */
			int backing;
		} memslot;
		struct {
			int vm;
			enum dirtylog_op op;
			int slot;	/* one of the vm's own slots, or -1: all */
		} dirtylog;
		struct {
			const char *command;
		} exec;
		struct {
			int vm;
			int first_vcpu, last_vcpu;
		} vcpus;
		struct {
			enum ksm_wait what;
			int backing;	/* -1: any */
			int64_t target;	/* scans, or pages_sharing; 0: stable */
			int64_t timeout;
		} ksm;
		struct {
			bool on;
		} prctl;
		struct {
			enum rt_cg_file file;
			int64_t value;	/* bytes, or RT_CG_UNLIMITED */
		} cgroup;
		struct {
			int phase;	/* the phase it belongs to in results */
			const char *name;
			struct ir_expr *value;	/* a number, size or duration */
			const char *unit;
			int better;	/* -1 lower, 0 neither, 1 higher */
		} metric;
		struct {
			int64_t ns;
		} sleep;
		struct {
			struct ir_expr *cond;
			int64_t timeout;
		} wait;
		struct {
			int64_t count;
		} repeat;
		struct {
			struct ir_expr *cond;
			const char *text;	/* as written, for reports */
		} expect;
		struct {
			int vm;
			int phase;
			int first_vcpu, last_vcpu;
		} fault;
		struct ir_text print;
	};
	struct ir_block body;		/* PHASE, REPEAT */
	struct ir_block *branches;	/* CONCURRENTLY */
	size_t nbranches;
};

struct ir_phase {
	const char *name;
	struct loc loc;
	int64_t watchdog;		/* ns without progress */
	int64_t runs;			/* how often it runs (repeat); INT64_MAX:
				 * at least that often */
	const char *exec_before, *exec_after;
};

enum param_origin { ORIGIN_DEFAULT, ORIGIN_WITH, ORIGIN_COMMAND_LINE,
		    ORIGIN_SWEEP };

struct ir_param {
	const char *name;
	struct loc loc;
	struct value value;
	enum param_origin origin;
};

/* A kernel feature, or a machine fact compared with a value. */
struct ir_require {
	int feature;			/* enum rt_feature, or -1 for a fact */
	const char *fact;		/* "nodes", "cpus", "mem" */
	int64_t arg;			/* hugetlb page size, node count, ... */
	enum ast_op cmp;		/* for counts: nodes >= 2 */
	bool explicit_;			/* written in a require line */
	struct loc loc;
	const char *why;		/* what implies it */
};

/*
 * A hugetlb pool the scenario sizes with its knob: the memory the pool
 * takes beyond what it holds now, less what its hugetlb backings (which
 * real_memory counts) take of it.
 */
#define IR_POOLS 2
struct ir_pool {
	enum knob knob;			/* KNOB_HUGETLB_2M, KNOB_HUGETLB_1G */
	int64_t page_size;
	int64_t pages;			/* the largest value set; -1: not set */
	struct loc loc;			/* of that set */
	int64_t backed;			/* bytes of hugetlb backings of page_size */
};

/* One scenario as one sweep point runs it. */
struct ir_scenario {
	struct ir_param *params;
	size_t nparams;
	struct ir_require *reqs;
	size_t nreqs;
	struct ir_backing *backings;
	size_t nbackings;
	struct ir_vm *vms;
	size_t nvms;
	struct ir_uffd *uffds;
	size_t nuffds;
	struct ir_phase *phases;
	size_t nphases;
	struct ir_cgroup *cgroup;	/* the one it runs in, or NULL */
	struct ir_block ops;
	struct ir_expr *table_value;	/* this point's table cell, or NULL */
	int64_t real_memory;		/* bytes the backings can take: their need */
	int64_t noreserve;		/* bytes of noreserve backings, */
	int64_t noreserve_touched;	/* and what the scenario touches of them */
	struct ir_pool pools[IR_POOLS];	/* hugetlb.pages_2M, hugetlb.pages_1G */
	int64_t guest_memory;		/* bytes of guest-physical memory */
};

struct ir_sweep {
	const char *param;
	struct loc loc;
	struct value *values;
	struct loc *locs;		/* of each value */
	size_t n;
};

struct ir_table {
	struct loc loc;
	const char *rows, *cols;	/* swept parameters; cols may be NULL */
	struct ir_expr *value;
	const char *value_text;
	const char *unit;		/* unit="..." as given, or NULL */
};

/* A checked file: its sweeps and one scenario per point, row-major. */
struct ir_program {
	struct arena arena;
	const char *path;
	struct ir_sweep *sweeps;
	size_t nsweeps;
	struct ir_table *table;		/* or NULL */
	struct ir_scenario *points;
	size_t npoints;
};

void ir_program_free(struct ir_program *p);

/*
 * Calls fn on every op of b and of the blocks inside its ops (a phase's or
 * repeat's body, each branch of concurrently), each op before what it
 * holds, until fn returns true. Returns whether it did.
 */
bool ir_visit_ops(const struct ir_block *b,
		  bool (*fn)(const struct ir_op *op, void *ctx), void *ctx);

/*
 * Calls fn on every node of every run-time expression of sc (prints,
 * expectations, waits, the table's value), operands after their parent.
 */
void ir_visit_exprs(const struct ir_scenario *sc,
		    void (*fn)(const struct ir_expr *x, void *ctx), void *ctx);

#endif
