/*
 * tests/kmalloc/tables.c: unit tests of the kmalloc accounting tables.
 *
 * Compiles the core of mm/kmallocacct.c (tiny/kmalloc-accounting.patch)
 * on the host, where __KERNEL__ is not defined, against the shim below:
 *
 *   cc -DKMA_CALLERS=8 -DKMA_ALLOCS=16 -I DIR tables.c
 *
 * with DIR holding kmallocacct.c.  tests/kmalloc/tables.sh builds it
 * with several table sizes, under AddressSanitizer and UBSan, and as a
 * 32-bit program.  Each test starts from zeroed tables, as the kernel
 * does at boot, and checks the counts /proc/kmalloc would print and the
 * structure of the tables:
 *
 *   row0        row 0 is a row like any other, not "empty"
 *   collisions  entries with one home slot, across the end of the table
 *   stale       a freed address is gone: a later free of it, after it
 *               was allocated again by another caller, is charged there
 *   unknown     a free of an address never allocated
 *   implicit    an address allocated again without a free
 *   fullcallers a full caller table: "number of callers" stops, lost
 *               callers are counted, and their frees still match
 *   fullallocs  a full allocation table: lost allocs, unknown frees
 *   reset       zeroes the counts; older allocations are not charged
 *   wide        u64 totals past 2^32, net past 2^31, 64-bit addresses
 *   null        NULL addresses and call sites
 *   random      random operations against a reference model
 *
 * Output: one line per test, "ok NAME"; a failure prints what differs
 * and exits 1.  Usage: tables [SEED [OPS]] (random test).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#include "kmallocacct.c"

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "FAIL %s:%d: %s: ", test_name, __LINE__, \
			#cond);						\
		fprintf(stderr, __VA_ARGS__);				\
		fputc('\n', stderr);					\
		exit(1);						\
	}								\
} while (0)

static const char *test_name = "";

/* How many rows and slots the tables take before they count as full. */
#define FULLC	KMA_FULL(KMA_CALLERS)
#define FULLA	KMA_FULL(KMA_ALLOCS)

/* ---- helpers ------------------------------------------------------- */

static void fresh(const char *name)
{
	test_name = name;
	memset(kma_caller, 0, sizeof(kma_caller));
	memset(kma_alloc, 0, sizeof(kma_alloc));
	memset(&kma_stats, 0, sizeof(kma_stats));
	kma_used = 0;
}

static void done(void)
{
	printf("ok %s\n", test_name);
}

/* Distinct fake call sites and addresses, in the kernel's range. */
static const void *site(unsigned long i)
{
	return (const void *)(0xc0100000UL + 16 * i);
}

static unsigned long addr_at(unsigned long i)
{
	return 0xc1000000UL + 32 * i;
}

/* Is @addr in the table? */
static int tracked(unsigned long addr)
{
	return kma_alloc[kma_find(addr)].addr == addr;
}

static struct kma_caller *row_of(const void *caller)
{
	unsigned int i;

	for (i = 0; i < KMA_CALLERS; i++)
		if (kma_caller[i].caller == caller)
			return &kma_caller[i];
	return NULL;
}

/* The n-th address (from *from on) whose home slot is @home. */
static unsigned long addr_with_home(unsigned int home, unsigned long *from)
{
	unsigned long a;

	for (a = *from;; a += 32)
		if (kma_home(a) == home) {
			*from = a + 32;
			return a;
		}
}

static const void *site_with_home(unsigned int home, unsigned long *from)
{
	unsigned long i;

	for (i = *from;; i++)
		if (kma_hash((unsigned long)site(i), KMA_CALLERS) == home) {
			*from = i + 1;
			return site(i);
		}
}

static void alloc(const void *caller, unsigned long addr, unsigned long size,
		  unsigned long req)
{
	kma_note_alloc(caller, addr, size, req);
}

static int cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return (x > y) - (x < y);
}

/*
 * The structure: every entry is found from its home slot, no address
 * is there twice, rows exist, and the net of every row and of the
 * header is the sum of its live entries.
 */
static void check_tables(void)
{
	static unsigned long net[KMA_CALLERS], addrs[KMA_ALLOCS];
	unsigned long total_net = 0, rows = 0;
	unsigned int i, n = 0;

	memset(net, 0, sizeof(net));
	for (i = 0; i < KMA_CALLERS; i++)
		rows += kma_caller[i].caller != NULL;
	CHECK(rows == kma_stats.callers, "%lu rows, header says %lu", rows,
	      kma_stats.callers);
	CHECK(rows <= FULLC, "%lu rows, more than %d", rows, FULLC);
	for (i = 0; i < KMA_ALLOCS; i++) {
		struct kma_alloc *a = &kma_alloc[i];

		if (!a->addr) {
			CHECK(!a->size && !a->row, "empty slot %u not clean", i);
			continue;
		}
		CHECK(kma_find(a->addr) == i, "slot %u (%#lx) unreachable", i,
		      a->addr);
		addrs[n++] = a->addr;
		if (a->row == KMA_OLD)
			continue;
		total_net += a->size;
		if (a->row == KMA_NOROW)
			continue;
		CHECK(a->row < KMA_CALLERS, "slot %u: row %u", i, a->row);
		CHECK(kma_caller[a->row].caller, "slot %u: unused row %u", i,
		      a->row);
		net[a->row] += a->size;
	}
	CHECK(total_net == kma_stats.net, "entries hold %lu, header net %lu",
	      total_net, kma_stats.net);
	CHECK(n == kma_used && n <= FULLA, "%u slots used, kma_used %u",
	      n, kma_used);
	qsort(addrs, n, sizeof(addrs[0]), cmp_ulong);
	for (i = 1; i < n; i++)
		CHECK(addrs[i] != addrs[i - 1], "%#lx is in two slots",
		      addrs[i]);
	for (i = 0; i < KMA_CALLERS; i++)
		CHECK(net[i] == kma_caller[i].net, "row %u: entries %lu, net %lu",
		      i, net[i], kma_caller[i].net);
}

static unsigned long live_slots(void)
{
	unsigned long n = 0;
	unsigned int i;

	for (i = 0; i < KMA_ALLOCS; i++)
		n += kma_alloc[i].addr != 0;
	return n;
}

/* expect_row CALLER TOTAL SLACK NET ALLOCS FREES */
static void expect_row(const void *caller, u64 total, u64 slack,
		       unsigned long net, u64 allocs, u64 frees)
{
	struct kma_caller *c = row_of(caller);

	CHECK(c, "no row for %p", caller);
	CHECK(c->total == total && c->slack == slack && c->net == net &&
	      c->allocs == allocs && c->frees == frees,
	      "row %p: %llu %llu %lu %llu/%llu, want %llu %llu %lu %llu/%llu",
	      caller, (unsigned long long)c->total,
	      (unsigned long long)c->slack, c->net,
	      (unsigned long long)c->allocs, (unsigned long long)c->frees,
	      (unsigned long long)total, (unsigned long long)slack, net,
	      (unsigned long long)allocs, (unsigned long long)frees);
}

static void expect_header(u64 allocs, u64 frees, unsigned long net,
			  u64 lost_callers, u64 lost_allocs, u64 unknown)
{
	struct kma_stats *s = &kma_stats;

	CHECK(s->allocs == allocs && s->frees == frees && s->net == net &&
	      s->lost_callers == lost_callers &&
	      s->lost_allocs == lost_allocs && s->unknown_frees == unknown,
	      "header allocs %llu frees %llu net %lu lost %llu/%llu unknown "
	      "%llu, want %llu %llu %lu %llu/%llu %llu",
	      (unsigned long long)s->allocs, (unsigned long long)s->frees,
	      s->net, (unsigned long long)s->lost_callers,
	      (unsigned long long)s->lost_allocs,
	      (unsigned long long)s->unknown_frees,
	      (unsigned long long)allocs, (unsigned long long)frees, net,
	      (unsigned long long)lost_callers,
	      (unsigned long long)lost_allocs, (unsigned long long)unknown);
}

/* ---- tests --------------------------------------------------------- */

/*
 * The seed marked an empty slot with row 0, which is also the first
 * caller's row: its entries vanished and were overwritten.
 */
static void test_row0(void)
{
	unsigned long from = 0, af = 0x1000;
	const void *a, *b;
	unsigned long x, y;

	fresh("row0");
	a = site_with_home(0, &from);
	b = site_with_home(KMA_CALLERS > 1 ? 1 : 0, &from);
	x = addr_with_home(0, &af);
	y = addr_with_home(0, &af);
	alloc(a, x, 64, 60);
	CHECK(row_of(a) == &kma_caller[0], "caller a is not in row 0");
	alloc(b, y, 32, 32);
	check_tables();
	CHECK(tracked(x), "row 0's entry was lost");
	kma_note_free(x);
	kma_note_free(y);
	check_tables();
	expect_row(a, 64, 4, 0, 1, 1);
	expect_row(b, 32, 0, 0, 1, 1);
	expect_header(2, 2, 0, 0, 0, 0);
	done();
}

/*
 * Runs of entries sharing a home slot, one of them at the last slot so
 * the run wraps to slot 0, freed in an order that makes backward shifts
 * cross the end of the table.
 */
static void test_collisions(void)
{
	unsigned int n = FULLA > 9 ? 8 : FULLA - 1, i, k;
	unsigned int home[2] = { KMA_ALLOCS - 1, KMA_ALLOCS / 2 };
	static const unsigned int order[] = { 3, 0, 7, 1, 6, 2, 5, 4 };
	unsigned long from = 0x100000, x[8];

	for (k = 0; k < 2; k++) {
		fresh("collisions");
		for (i = 0; i < n; i++) {
			x[i] = addr_with_home(home[k], &from);
			alloc(site(i % 3), x[i], 32 * (i + 1), 32 * i + 1);
			check_tables();
		}
		/* one more with the next home, inside the run */
		if (n + 1 <= FULLA) {
			unsigned long f2 = from, y;

			y = addr_with_home((home[k] + 1) % KMA_ALLOCS, &f2);
			alloc(site(5), y, 1000, 999);
			check_tables();
			kma_note_free(y);
			check_tables();
			expect_row(site(5), 1000, 1, 0, 1, 1);
		}
		for (i = 0; i < 8; i++) {
			unsigned int j = order[i];

			if (j >= n)
				continue;
			kma_note_free(x[j]);
			check_tables();
			CHECK(!tracked(x[j]), "%#lx still found", x[j]);
		}
		CHECK(live_slots() == 0, "%lu slots left", live_slots());
		for (i = 0; i < 3 && i < n; i++) {
			u64 t = 0, s = 0, c = 0;
			unsigned int j;

			for (j = i; j < n; j += 3) {
				t += 32 * (j + 1);
				s += 32 * (j + 1) - (32 * j + 1);
				c++;
			}
			expect_row(site(i), t, s, 0, c, c);
		}
		CHECK(kma_stats.unknown_frees == 0, "unknown frees");
	}
	done();
}

/*
 * The seed left a freed entry's address in its slot: freeing that
 * address again, after another caller got it, could match the old
 * entry and charge the old caller.
 */
static void test_stale(void)
{
	unsigned long from = 0x2000, x, y;
	const void *a = site(1), *b = site(2);

	fresh("stale");
	x = addr_at(7);
	alloc(a, x, 128, 100);
	kma_note_free(x);
	for (unsigned int i = 0; i < KMA_ALLOCS; i++)
		CHECK(kma_alloc[i].addr != x, "freed %#lx left in slot %u", x,
		      i);
	alloc(b, x, 64, 64);
	kma_note_free(x);
	expect_row(a, 128, 28, 0, 1, 1);
	expect_row(b, 64, 0, 0, 1, 1);
	kma_note_free(x);		/* double free: nobody's */
	expect_row(a, 128, 28, 0, 1, 1);
	expect_row(b, 64, 0, 0, 1, 1);
	expect_header(2, 3, 0, 0, 0, 1);

	/* the same within a run of collisions */
	if (FULLA >= 2) {
		x = addr_with_home(1, &from);
		y = addr_with_home(1, &from);
		alloc(a, x, 32, 32);
		alloc(a, y, 32, 32);
		kma_note_free(x);		/* y moves back */
		kma_note_free(y);
		alloc(b, y, 32, 32);
		alloc(a, x, 32, 32);
		kma_note_free(y);
		check_tables();
		expect_row(a, 128 + 96, 28, 32, 4, 3);
		expect_row(b, 96, 0, 0, 2, 2);
		kma_note_free(x);
		expect_row(a, 128 + 96, 28, 0, 4, 4);
		check_tables();
	}
	done();
}

static void test_unknown(void)
{
	fresh("unknown");
	alloc(site(0), addr_at(1), 32, 30);
	kma_note_free(addr_at(2));
	expect_header(1, 1, 32, 0, 0, 1);
	expect_row(site(0), 32, 2, 32, 1, 0);
	CHECK(kma_stats.callers == 1, "callers %lu", kma_stats.callers);
	check_tables();
	done();
}

/* Memory that went back without kfree() and came out again. */
static void test_implicit(void)
{
	fresh("implicit");
	alloc(site(0), addr_at(3), 256, 200);
	alloc(site(1), addr_at(3), 64, 64);
	expect_row(site(0), 256, 56, 0, 1, 1);
	expect_row(site(1), 64, 0, 64, 1, 0);
	expect_header(2, 1, 64, 0, 0, 0);
	kma_note_free(addr_at(3));
	expect_row(site(1), 64, 0, 0, 1, 1);
	expect_header(2, 2, 0, 0, 0, 0);
	check_tables();
	done();
}

/*
 * The seed counted a new caller even when the table had no room for
 * it.  Here "number of callers" stops at the table size, the rest are
 * lost callers, and their allocations still match their frees.
 */
static void test_fullcallers(void)
{
	unsigned int i;
	unsigned long x = addr_at(100000);

	if (FULLA < FULLC + 3) {
		printf("skip fullcallers (allocation table too small)\n");
		return;
	}
	fresh("fullcallers");
	for (i = 0; i < FULLC; i++)
		alloc(site(i), addr_at(i), 32, 32);
	CHECK(kma_stats.callers == FULLC, "callers %lu", kma_stats.callers);
	alloc(site(FULLC), x, 64, 50);
	alloc(site(FULLC + 1), x + 64, 64, 50);
	CHECK(kma_stats.callers == FULLC, "callers %lu past full",
	      kma_stats.callers);
	CHECK(!row_of(site(FULLC)), "lost caller got a row");
	expect_header(FULLC + 2, 0, 32 * FULLC + 128, 2, 0, 0);
	CHECK(kma_stats.total == 32 * FULLC + 128 && kma_stats.slack == 28,
	      "header total/slack");
	check_tables();
	/* known callers are still found */
	alloc(site(0), x + 128, 32, 16);
	expect_row(site(0), 64, 16, 64, 2, 0);
	/* a lost caller's free matches its allocation */
	kma_note_free(x);
	expect_header(FULLC + 3, 1, 32 * FULLC + 96, 2, 0, 0);
	kma_note_free(x + 64);
	kma_note_free(x + 128);
	for (i = 0; i < FULLC; i++)
		kma_note_free(addr_at(i));
	expect_header(FULLC + 3, FULLC + 3, 0, 2, 0, 0);
	check_tables();
	done();
}

/* A full allocation table: lost allocs, and their frees are unknown. */
static void test_fullallocs(void)
{
	unsigned int i;
	unsigned long lost = addr_at(KMA_ALLOCS + 10);

	fresh("fullallocs");
	for (i = 0; i < FULLA; i++)
		alloc(site(0), addr_at(i), 32, 32);
	CHECK(live_slots() == FULLA, "table not full");
	alloc(site(0), lost, 64, 64);
	expect_header(FULLA + 1, 0, 32UL * FULLA, 0, 1, 0);
	expect_row(site(0), 32ULL * FULLA + 64, 0, 32UL * FULLA, FULLA + 1, 0);
	CHECK(!tracked(lost), "an allocation past full is in the table");
	check_tables();
	/* an address already in the full table is reused, not lost */
	alloc(site(1), addr_at(0), 32, 32);
	expect_row(site(0), 32ULL * FULLA + 64, 0, 32UL * (FULLA - 1),
		   FULLA + 1, 1);
	expect_row(site(1), 32, 0, 32, 1, 0);
	kma_note_free(lost);
	expect_header(FULLA + 2, 2, 32UL * FULLA, 0, 1, 1);
	kma_note_free(addr_at(1));
	alloc(site(2), lost, 64, 60);
	expect_row(site(2), 64, 4, 64, 1, 0);
	expect_header(FULLA + 3, 3, 32UL * FULLA + 32, 0, 1, 1);
	check_tables();
	done();
}

static void test_reset(void)
{
	unsigned int i, n = FULLA < 10 ? FULLA : 10;

	fresh("reset");
	for (i = 0; i < n; i++)
		alloc(site(i % 4), addr_at(i), 64, 40);
	kma_note_free(addr_at(0));
	kma_note_free(addr_at(KMA_ALLOCS + 1));
	kma_reset();
	expect_header(0, 0, 0, 0, 0, 0);
	CHECK(kma_stats.total == 0 && kma_stats.slack == 0 &&
	      kma_stats.callers == 0, "header not zero");
	for (i = 0; i < KMA_CALLERS; i++)
		CHECK(!kma_caller[i].caller && !kma_caller[i].allocs,
		      "row %u survived", i);
	CHECK(live_slots() == n - 1, "live allocations forgotten");
	check_tables();
	/* freeing an older allocation counts nowhere, nor as unknown */
	kma_note_free(addr_at(1));
	expect_header(0, 0, 0, 0, 0, 0);
	CHECK(kma_stats.callers == 0, "a row came back");
	/* a new caller in the old caller's place is charged alone */
	alloc(site(1), addr_at(20), 32, 32);
	alloc(site(9), addr_at(2), 32, 32);	/* over an older one */
	expect_row(site(1), 32, 0, 32, 1, 0);
	expect_row(site(9), 32, 0, 32, 1, 0);
	expect_header(2, 0, 64, 0, 0, 0);
	kma_note_free(addr_at(2));
	kma_note_free(addr_at(20));
	expect_header(2, 2, 0, 0, 0, 0);
	for (i = 3; i < n; i++)
		kma_note_free(addr_at(i));
	expect_header(2, 2, 0, 0, 0, 0);
	CHECK(live_slots() == 0, "%lu slots left", live_slots());
	check_tables();
	done();
}

/* The seed's int counters wrapped at 2^31 and it hashed u32 casts. */
static void test_wide(void)
{
	unsigned int i, n = FULLA < 3 ? FULLA : 3;
	const unsigned long gib = 1UL << 30;

	fresh("wide");
	for (i = 0; i < 5000; i++) {
		alloc(site(0), addr_at(1), 1 << 20, (1 << 20) - 1000);
		kma_note_free(addr_at(1));
	}
	expect_row(site(0), 5000ULL << 20, 5000ULL * 1000, 0, 5000, 5000);
	CHECK(kma_stats.total == 5000ULL << 20, "total %llu",
	      (unsigned long long)kma_stats.total);
	/* net past 2^31: 3 live allocations of 1 GiB */
	for (i = 0; i < n; i++)
		alloc(site(1), addr_at(10 + i), gib, gib);
	expect_row(site(1), n * (u64)gib, 0, n * gib, n, 0);
	CHECK(kma_stats.net == n * gib, "net %lu", kma_stats.net);
	check_tables();
	if (sizeof(unsigned long) > 4 && FULLA >= n + 2) {
		/* addresses and call sites equal in their low 32 bits */
		unsigned long hi = 1UL << 16 << 16;
		unsigned long x = addr_at(1) + hi, y = addr_at(1) + 2 * hi;
		const void *a = (const void *)((unsigned long)site(3) + hi);
		const void *b = (const void *)((unsigned long)site(3) + 2 * hi);

		alloc(a, x, 32, 32);
		alloc(b, y, 64, 64);
		CHECK(row_of(a) != row_of(b), "one row for two call sites");
		kma_note_free(x);
		expect_row(a, 32, 0, 0, 1, 1);
		expect_row(b, 64, 0, 64, 1, 0);
		kma_note_free(y);
		expect_row(b, 64, 0, 0, 1, 1);
		check_tables();
	}
	done();
}

static void test_null(void)
{
	fresh("null");
	alloc(site(0), 0, 32, 32);
	kma_note_free(0);
	expect_header(0, 0, 0, 0, 0, 0);
	alloc(NULL, addr_at(1), 32, 32);
	CHECK(kma_stats.callers == 0, "NULL call site got a row");
	expect_header(1, 0, 32, 1, 0, 0);
	kma_note_free(addr_at(1));
	expect_header(1, 1, 0, 1, 0, 0);
	check_tables();
	done();
}

/* ---- random operations against a model ---------------------------- */

#define MAXSITES 64
#define MAXADDRS 256

enum { NONE, TRACKED, OLD, LOST };

struct mrow {
	int used;
	u64 total, slack, allocs, frees;
	unsigned long net;
};

static struct {
	struct mrow row[MAXSITES + 1];	/* [MAXSITES]: NULL call site */
	int state[MAXADDRS];
	int owner[MAXADDRS];		/* site index, -1: no row */
	unsigned long size[MAXADDRS];
	unsigned int rows, slots;
	struct kma_stats st;
} m;

static u64 rnd_state;

static unsigned long rnd(unsigned long n)
{
	rnd_state = rnd_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned long)((rnd_state >> 33) % n);
}

static const void *msite(int s)
{
	return s == MAXSITES ? NULL : site(s);
}

static void m_charge_free(int a)
{
	if (m.state[a] == OLD)
		return;
	m.st.frees++;
	m.st.net -= m.size[a];
	if (m.owner[a] >= 0) {
		m.row[m.owner[a]].frees++;
		m.row[m.owner[a]].net -= m.size[a];
	}
}

static void m_alloc(int s, int a, unsigned long size, unsigned long req)
{
	int owner = -1;

	m.st.total += size;
	m.st.slack += size - req;
	m.st.allocs++;
	if (s != MAXSITES && (m.row[s].used || m.rows < FULLC)) {
		if (!m.row[s].used) {
			m.row[s].used = 1;
			m.rows++;
		}
		owner = s;
		m.row[s].total += size;
		m.row[s].slack += size - req;
		m.row[s].allocs++;
	} else {
		m.st.lost_callers++;
	}
	if (m.state[a] == TRACKED || m.state[a] == OLD) {
		m_charge_free(a);
	} else if (m.slots == FULLA) {
		m.st.lost_allocs++;
		m.state[a] = LOST;
		return;
	} else {
		m.slots++;
	}
	m.state[a] = TRACKED;
	m.owner[a] = owner;
	m.size[a] = size;
	m.st.net += size;
	if (owner >= 0)
		m.row[owner].net += size;
}

static void m_free(int a)
{
	if (m.state[a] == TRACKED || m.state[a] == OLD) {
		m_charge_free(a);
		m.slots--;
	} else {
		m.st.frees++;
		m.st.unknown_frees++;
	}
	m.state[a] = NONE;
}

static void m_reset(void)
{
	int a;

	memset(m.row, 0, sizeof(m.row));
	memset(&m.st, 0, sizeof(m.st));
	m.rows = 0;
	for (a = 0; a < MAXADDRS; a++)
		if (m.state[a] == TRACKED)
			m.state[a] = OLD;
}

/* The row of every site of the model, by one pass over the table. */
static void site_rows(struct kma_caller **by_site)
{
	unsigned long base = (unsigned long)site(0), p;
	unsigned int i;

	memset(by_site, 0, MAXSITES * sizeof(*by_site));
	for (i = 0; i < KMA_CALLERS; i++) {
		p = (unsigned long)kma_caller[i].caller;
		if (p >= base && p < (unsigned long)site(MAXSITES) &&
		    (p - base) % 16 == 0)
			by_site[(p - base) / 16] = &kma_caller[i];
	}
}

static void m_compare(unsigned long op, int rows)
{
	struct kma_caller *by_site[MAXSITES];
	struct kma_stats *s = &kma_stats;
	int i;

	CHECK(s->total == m.st.total && s->slack == m.st.slack &&
	      s->allocs == m.st.allocs && s->frees == m.st.frees &&
	      s->net == m.st.net && s->lost_callers == m.st.lost_callers &&
	      s->lost_allocs == m.st.lost_allocs &&
	      s->unknown_frees == m.st.unknown_frees &&
	      s->callers == m.rows, "op %lu: header differs from the model",
	      op);
	if (!rows)
		return;
	site_rows(by_site);
	for (i = 0; i < MAXSITES; i++) {
		struct kma_caller *c = by_site[i];
		struct mrow *r = &m.row[i];

		CHECK(!c == !r->used, "op %lu: site %d row %p, model %d", op,
		      i, (void *)c, r->used);
		if (!c)
			continue;
		CHECK(c->total == r->total && c->slack == r->slack &&
		      c->net == r->net && c->allocs == r->allocs &&
		      c->frees == r->frees, "op %lu: site %d differs", op, i);
	}
}

static void test_random(unsigned long seed, unsigned long ops)
{
	unsigned long op, every = KMA_ALLOCS > 512 ? 997 : 1;
	int round;

	/* pools smaller and larger than the tables */
	for (round = 0; round < 4; round++) {
		int sites = round & 1 ? MAXSITES : (KMA_CALLERS < 4 ? 2 : 4);
		int addrs = round & 2 ? MAXADDRS :
			(KMA_ALLOCS < 8 ? 2 : KMA_ALLOCS / 2 + 1);

		fresh("random");
		memset(&m, 0, sizeof(m));
		rnd_state = seed + round;
		if (addrs > MAXADDRS)
			addrs = MAXADDRS;
		for (op = 0; op < ops; op++) {
			unsigned long r = rnd(1000);
			int a = rnd(addrs);

			if (r < 2) {
				kma_reset();
				m_reset();
			} else if (r < 520) {
				int s = rnd(200) ? (int)rnd(sites) : MAXSITES;
				unsigned long size = 8 << rnd(10);
				unsigned long req = size - rnd(size);

				kma_note_alloc(msite(s), addr_at(a), size,
					       req);
				m_alloc(s, a, size, req);
			} else {
				kma_note_free(addr_at(a));
				m_free(a);
			}
			m_compare(op, op % (every / 8 + 1) == 0);
			if (op % every == 0)
				check_tables();
		}
		m_compare(op, 1);
		check_tables();
	}
	done();
}

int main(int argc, char **argv)
{
	unsigned long seed = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
	unsigned long ops = argc > 2 ? strtoul(argv[2], NULL, 0) : 20000;

	printf("tables: %d callers, %d allocations, %zu bytes per slot, "
	       "%zu per row\n", KMA_CALLERS, KMA_ALLOCS, sizeof(kma_alloc[0]),
	       sizeof(kma_caller[0]));
	printf("full at %d rows, %d slots\n", FULLC, FULLA);
	test_row0();
	test_collisions();
	test_stale();
	test_unknown();
	test_implicit();
	test_fullcallers();
	test_fullallocs();
	test_reset();
	test_wide();
	test_null();
	test_random(seed, ops);
	return 0;
}
