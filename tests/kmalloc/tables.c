/*
 * tests/kmalloc/tables.c: unit tests of the kmalloc accounting core.
 *
 * Compiles mm/kmallocacct.c and include/linux/kmallocacct.h (from
 * tiny/kmalloc-accounting.patch) on the host, where __KERNEL__ is not
 * defined, against the shim below:
 *
 *   cc -DKMA_ROWS=16 -I DIR tables.c
 *
 * with DIR holding kmallocacct.c and linux/kmallocacct.h.
 * tests/kmalloc/tables.sh builds it with several table sizes, under
 * AddressSanitizer and UBSan, and as a 32-bit program.  The tests play
 * the allocator: they keep the cookie kmalloc_account() returns with
 * each fake object and give it back to kfree_account().  Each test
 * starts from zeroed tables, as the kernel does at boot, and checks the
 * rows and header that /proc/kmalloc would print (kma_copy()):
 *
 *   home        a call site in its home row: the fast path's cookie is
 *               the row; row 0 is a row like any other
 *   collisions  call sites with one home slot take the next rows, across
 *               the end of the table, and every free finds its row
 *   fullcallers a full table: "number of callers" stops at 7/8, further
 *               call sites count in "lost callers", their frees in the
 *               lost row, and the header sums include it
 *   unknown     bad cookies (no KMA_TAG, a stale SLAB free list index or
 *               BUFCTL_END, rows past the table, a row not in use) are
 *               unknown frees and change no row
 *   notcharged  KMA_NOT_CHARGED, of any generation, changes nothing
 *   reset       forgets rows and counts; frees of older objects are
 *               neither counted nor unknown; newer ones are
 *   wrap        after 16 resets an old cookie is charged again (the
 *               documented limit of a 4-bit generation)
 *   wide        u64 totals past 2^32
 *   many        20000 live allocations from one call site: all counted
 *               live, then net 0 (no table of live allocations to fill)
 *   random      random operations against a reference model
 *
 * Output: one line per test, "ok NAME"; a failure prints what differs
 * and exits 1.  Usage: tables [SEED [OPS]] (random test).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint32_t u32;
typedef uint64_t u64;

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

/* The kernel's locked adds; here plain ones, counted. */
static unsigned long adds;

static inline void kma_add64(u64 *p, unsigned long v)
{
	*p += v;
	adds++;
}

static inline void kma_add(unsigned long *p, unsigned long v)
{
	*p += v;
	adds++;
}

/* The lock: must be balanced and never taken twice. */
static int locked;
#define kma_lock(flags)		do { (flags) = 0; if (locked++) abort(); } while (0)
#define kma_unlock(flags)	do { (void)(flags); if (--locked) abort(); } while (0)

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
static struct kma_snapshot snap;

/* ---- helpers ------------------------------------------------------- */

static void fresh(const char *name)
{
	test_name = name;
	memset(kma_rows, 0, sizeof(kma_rows));
	memset(&kma_lost, 0, sizeof(kma_lost));
	kma_gen = KMA_TAG;
	kma_unknown = 0;
	kma_callers = 0;
}

static void done(void)
{
	CHECK(!locked, "lock held at the end");
	printf("ok %s\n", test_name);
}

/* Call site number @n whose home slot is @home (n >= 0, home < ROWS). */
static const void *site(unsigned long home, unsigned long n)
{
	unsigned long a = 0xc0100000UL + 4 * (home + KMA_ROWS * n) + 1;

	return (const void *)a;
}

/* An allocation as the allocator sees it: a cookie that fits. */
static unsigned int alloc(const void *caller, unsigned long size,
			  unsigned long req)
{
	unsigned int c = kmalloc_account(caller, size, req);

	CHECK((c & ~KMA_COOKIE_MASK) == KMA_TAG,
	      "cookie %#x: not KMA_TAG and %d bits", c, KMA_COOKIE_BITS);
	return c;
}

static void take(void)
{
	kma_copy(&snap);
}

/* The row of @caller in the snapshot, or NULL. */
static const struct kma_row *row_of(const void *caller)
{
	unsigned int i;

	for (i = 0; i < snap.rows; i++)
		if (snap.row[i].caller == caller)
			return &snap.row[i];
	return NULL;
}

static void expect_row(const void *caller, u64 total, u64 slack,
		       unsigned long net, unsigned long allocs,
		       unsigned long frees)
{
	const struct kma_row *r = row_of(caller);

	CHECK(r, "no row for %p", caller);
	CHECK(r->total == total && r->total - r->req == slack &&
	      kma_net(r) == net && r->allocs == allocs && r->frees == frees,
	      "row %p: total %llu slack %llu net %lu %lu/%lu, expected "
	      "%llu %llu %lu %lu/%lu", caller, (unsigned long long)r->total,
	      (unsigned long long)(r->total - r->req), kma_net(r), r->allocs,
	      r->frees, (unsigned long long)total, (unsigned long long)slack,
	      net, allocs, frees);
}

/* The header, and that it is the sum of the rows, lost and unknown. */
static void expect_header(u64 allocs, u64 frees, unsigned long net,
			  unsigned long callers, u64 lost, u64 unknown)
{
	const struct kma_stats *st = &snap.stats;
	u64 t = 0, s = 0, a = 0, f = 0;
	unsigned long n = 0;
	unsigned int i;

	CHECK(st->allocs == allocs && st->frees == frees && st->net == net &&
	      st->callers == callers && st->lost_callers == lost &&
	      st->unknown_frees == unknown && st->lost_allocs == 0,
	      "header allocs %llu frees %llu net %lu callers %lu lost %llu "
	      "lost allocs %llu unknown %llu, expected %llu %llu %lu %lu "
	      "%llu 0 %llu", (unsigned long long)st->allocs,
	      (unsigned long long)st->frees, st->net, st->callers,
	      (unsigned long long)st->lost_callers,
	      (unsigned long long)st->lost_allocs,
	      (unsigned long long)st->unknown_frees,
	      (unsigned long long)allocs, (unsigned long long)frees, net,
	      callers, (unsigned long long)lost, (unsigned long long)unknown);
	for (i = 0; i < snap.rows; i++) {
		t += snap.row[i].total;
		s += snap.row[i].total - snap.row[i].req;
		a += snap.row[i].allocs;
		f += snap.row[i].frees;
		n += kma_net(&snap.row[i]);
	}
	t += kma_lost.total;
	s += kma_lost.total - kma_lost.req;
	a += kma_lost.allocs;
	f += kma_lost.frees;
	n += kma_net(&kma_lost);
	CHECK(t == st->total && s == st->slack && a == st->allocs &&
	      f + st->unknown_frees == st->frees && n == st->net,
	      "header is not the sum of the rows");
	CHECK(snap.rows == kma_callers, "%u rows, %u callers", snap.rows,
	      kma_callers);
}

/* ---- tests --------------------------------------------------------- */

static void test_home(void)
{
	const void *a = site(0, 0), *b = site(KMA_ROWS - 1, 3);
	unsigned int ca, cb, c2;

	fresh("home");
	ca = alloc(a, 32, 20);			/* makes the row */
	CHECK(ca == KMA_TAG, "first cookie of row 0: %#x", ca);
	c2 = alloc(a, 64, 64);			/* the fast path */
	CHECK(c2 == KMA_TAG, "fast path cookie of row 0: %#x", c2);
	cb = alloc(b, 128, 100);
	CHECK(cb == (KMA_TAG | (KMA_ROWS - 1)), "cookie %#x, row %u", cb,
	      KMA_ROWS - 1);
	kfree_account(ca, 32);
	take();
	expect_row(a, 96, 12, 64, 2, 1);
	expect_row(b, 128, 28, 128, 1, 0);
	expect_header(3, 1, 192, 2, 0, 0);
	kfree_account(c2, 64);
	kfree_account(cb, 128);
	take();
	expect_row(a, 96, 12, 0, 2, 2);
	expect_row(b, 128, 28, 0, 1, 1);
	expect_header(3, 3, 0, 2, 0, 0);
	done();
}

static void test_collisions(void)
{
	unsigned int home = KMA_ROWS - 2, n = 5, i, j;
	unsigned int cookie[5][3];

	fresh("collisions");
	for (j = 0; j < 3; j++)
		for (i = 0; i < n; i++)
			cookie[i][j] = alloc(site(home, i), 8 * (i + 1), 1);
	for (i = 0; i < n; i++) {
		CHECK(cookie[i][0] == (KMA_TAG | ((home + i) & (KMA_ROWS - 1))),
		      "site %u: cookie %#x, not row %u", i, cookie[i][0],
		      (home + i) & (KMA_ROWS - 1));
		for (j = 1; j < 3; j++)
			CHECK(cookie[i][j] == cookie[i][0], "cookie changed");
	}
	/* free in another order: each free finds its own row */
	for (i = n; i-- > 0;)
		kfree_account(cookie[i][1], 8 * (i + 1));
	take();
	for (i = 0; i < n; i++)
		expect_row(site(home, i), 24 * (i + 1), 3 * (8 * (i + 1) - 1),
			   16 * (i + 1), 3, 1);
	expect_header(15, 5, 240, 5, 0, 0);
	done();
}

static void test_fullcallers(void)
{
	unsigned int i, full = KMA_FULL, c, lost[3];
	unsigned long net = 0;

	fresh("fullcallers");
	for (i = 0; i < full; i++) {
		c = alloc(site(i, 1), 16, 16);
		CHECK((c & KMA_COOKIE_MASK) < KMA_ROWS, "site %u: cookie %#x",
		      i, c);
		net += 16;
	}
	for (i = 0; i < 3; i++) {
		lost[i] = alloc(site(full + i, 7), 100, 90);
		CHECK(lost[i] == (KMA_TAG | KMA_LOST), "cookie %#x, not KMA_LOST",
		      lost[i]);
	}
	/* a known site still finds its row */
	c = alloc(site(0, 1), 16, 16);
	CHECK(c == KMA_TAG, "cookie %#x", c);
	take();
	expect_header(full + 4, 0, net + 16 + 300, full, 3, 0);
	CHECK(kma_net(&kma_lost) == 300 && kma_lost.allocs == 3, "lost row");
	kfree_account(lost[0], 100);
	kfree_account(lost[1], 100);
	take();
	expect_header(full + 4, 2, net + 16 + 100, full, 3, 0);
	CHECK(kma_net(&kma_lost) == 100 && kma_lost.frees == 2, "lost row frees");
	done();
}

static void test_unknown(void)
{
	unsigned int c, bad[7];
	unsigned long net;
	unsigned int i;

	fresh("unknown");
	c = alloc(site(3, 0), 64, 60);
	bad[0] = c ^ 1U << KMA_COOKIE_BITS;	/* a bad tag */
	bad[1] = c & KMA_COOKIE_MASK;		/* no tag */
	bad[2] = KMA_TAG | 5;			/* a row not in use */
	bad[3] = KMA_TAG | KMA_ROWS;		/* past the table */
	bad[4] = KMA_TAG | (KMA_NOT_CHARGED - 1);
	bad[5] = ~0U;				/* SLAB's BUFCTL_END */
	bad[6] = 3;				/* a free list index */
	for (i = 0; i < 7; i++)
		kfree_account(bad[i], 64);
	take();
	net = 64;
	expect_row(site(3, 0), 64, 4, net, 1, 0);
	expect_header(1, 7, net, 1, 0, 7);
	done();
}

static void test_notcharged(void)
{
	unsigned int g;

	fresh("notcharged");
	alloc(site(1, 0), 32, 32);
	for (g = 0; g < 16; g++)
		kfree_account(KMA_TAG | KMA_NOT_CHARGED | g << KMA_ROW_BITS, 32);
	take();
	expect_row(site(1, 0), 32, 0, 32, 1, 0);
	expect_header(1, 0, 32, 1, 0, 0);
	done();
}

static void test_reset(void)
{
	unsigned int a, b, l, c, i, full = KMA_FULL;

	fresh("reset");
	for (i = 0; i < full; i++)
		alloc(site(i, 0), 8, 8);
	a = alloc(site(0, 0), 32, 30);
	b = alloc(site(1, 0), 32, 30);
	l = alloc(site(0, 9), 32, 30);		/* lost */
	CHECK(l == (KMA_TAG | KMA_LOST), "not lost: %#x", l);
	kma_reset();
	take();
	expect_header(0, 0, 0, 0, 0, 0);
	/* a new site gets row 1, where site(1, 0) was */
	c = alloc(site(1, 5), 64, 64);
	CHECK((c & KMA_ROW_MASK) == 1 && c != b, "cookie %#x after reset", c);
	kfree_account(a, 32);
	kfree_account(b, 32);
	kfree_account(l, 32);
	take();
	expect_row(site(1, 5), 64, 0, 64, 1, 0);
	CHECK(!row_of(site(0, 0)), "an old row is back");
	expect_header(1, 0, 64, 1, 0, 0);
	kfree_account(c, 64);
	take();
	expect_row(site(1, 5), 64, 0, 0, 1, 1);
	expect_header(1, 1, 0, 1, 0, 0);
	done();
}

static void test_wrap(void)
{
	unsigned int a, i;

	fresh("wrap");
	a = alloc(site(2, 0), 16, 16);
	for (i = 0; i < 1U << KMA_GEN_BITS; i++)
		kma_reset();
	CHECK(kma_gen == KMA_TAG, "generation %#x after 16 resets", kma_gen);
	alloc(site(2, 1), 16, 16);
	kfree_account(a, 16);
	take();
	/* the old object is charged to the row's new owner */
	expect_row(site(2, 1), 16, 0, 0, 1, 1);
	done();
}

static void test_wide(void)
{
	const void *s = site(4, 0);
	unsigned int i;

	fresh("wide");
	for (i = 0; i < 5; i++)
		alloc(s, 0x40000000UL, 0x3ff00000UL);
	take();
	CHECK(snap.row[0].total == 5ULL << 30, "total %llu",
	      (unsigned long long)snap.row[0].total);
	CHECK(snap.stats.slack == 5ULL << 20, "slack %llu",
	      (unsigned long long)snap.stats.slack);
	done();
}

#define MANY	20000
static unsigned int many_cookie[MANY];

static void test_many(void)
{
	const void *s = site(7, 2);
	unsigned int i;

	fresh("many");
	for (i = 0; i < MANY; i++)
		many_cookie[i] = alloc(s, 64, 50);
	take();
	expect_row(s, 64ULL * MANY, 14ULL * MANY, 64UL * MANY, MANY, 0);
	expect_header(MANY, 0, 64UL * MANY, 1, 0, 0);
	for (i = 0; i < MANY; i++)
		kfree_account(many_cookie[i], 64);
	take();
	expect_row(s, 64ULL * MANY, 14ULL * MANY, 0, MANY, MANY);
	expect_header(MANY, MANY, 0, 1, 0, 0);
	done();
}

/* ---- random operations against a model ------------------------------ */

#define SITES	(KMA_ROWS + 8)		/* more than fit: some are lost */
#define OBJS	512

static struct {
	int live;
	int site;
	unsigned long size;
	unsigned int cookie;
	unsigned int epoch;		/* the reset it was allocated after */
} obj[OBJS];

static struct {
	u64 total, req;
	unsigned long allocs, frees, net;
	int has_row;			/* got a row in this epoch */
} m[SITES];
static struct {
	u64 total, req;
	unsigned long allocs, frees, net;
} mlost;
static unsigned long m_callers, m_unknown;
static unsigned int epoch;
static u64 rnd_state;

static unsigned long rnd(unsigned long n)
{
	rnd_state = rnd_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned long)(rnd_state >> 33) % n;
}

/* Sites share homes: 3 per home over the first homes, to collide. */
static const void *msite(int s)
{
	return site(s / 3 % KMA_ROWS, s % 3 + s / (3 * KMA_ROWS) * 3);
}

static void m_alloc(int o, int s)
{
	unsigned long size = 8 << rnd(8), req = size - rnd(size / 2 + 1);

	obj[o].live = 1;
	obj[o].site = s;
	obj[o].size = size;
	obj[o].epoch = epoch;
	obj[o].cookie = alloc(msite(s), size, req);
	if (!m[s].has_row && m_callers < KMA_FULL) {
		m[s].has_row = 1;
		m_callers++;
	}
	if (m[s].has_row) {
		CHECK((obj[o].cookie & KMA_ROW_MASK) < KMA_ROWS,
		      "site %d has a row, cookie %#x", s, obj[o].cookie);
		m[s].total += size;
		m[s].req += req;
		m[s].allocs++;
		m[s].net += size;
	} else {
		CHECK((obj[o].cookie & KMA_ROW_MASK) == KMA_LOST,
		      "site %d has no row, cookie %#x", s, obj[o].cookie);
		mlost.total += size;
		mlost.req += req;
		mlost.allocs++;
		mlost.net += size;
	}
}

static void m_free(int o)
{
	int s = obj[o].site;

	obj[o].live = 0;
	kfree_account(obj[o].cookie, obj[o].size);
	if (obj[o].epoch != epoch)
		return;
	if ((obj[o].cookie & KMA_ROW_MASK) == KMA_LOST) {
		mlost.frees++;
		mlost.net -= obj[o].size;
	} else {
		m[s].frees++;
		m[s].net -= obj[o].size;
	}
}

static void m_reset(void)
{
	memset(m, 0, sizeof(m));
	memset(&mlost, 0, sizeof(mlost));
	m_callers = 0;
	m_unknown = 0;
	epoch++;
	kma_reset();
}

static void m_compare(unsigned long op)
{
	u64 allocs = mlost.allocs, frees = mlost.frees + m_unknown;
	unsigned long net = mlost.net;
	int s;

	take();
	for (s = 0; s < SITES; s++) {
		if (!m[s].has_row) {
			CHECK(!row_of(msite(s)), "op %lu: site %d has a row",
			      op, s);
			continue;
		}
		expect_row(msite(s), m[s].total, m[s].total - m[s].req,
			   m[s].net, m[s].allocs, m[s].frees);
		allocs += m[s].allocs;
		frees += m[s].frees;
		net += m[s].net;
	}
	CHECK(kma_lost.total == mlost.total && kma_lost.req == mlost.req &&
	      kma_net(&kma_lost) == mlost.net && kma_lost.frees == mlost.frees,
	      "op %lu: lost row", op);
	expect_header(allocs, frees, net, m_callers, mlost.allocs, m_unknown);
}

static void test_random(unsigned long seed, unsigned long ops)
{
	unsigned long op;
	int o;

	fresh("random");
	memset(obj, 0, sizeof(obj));
	memset(m, 0, sizeof(m));
	memset(&mlost, 0, sizeof(mlost));
	m_callers = m_unknown = 0;
	epoch = 0;
	rnd_state = seed;
	for (op = 0; op < ops; op++) {
		o = rnd(OBJS);
		if (rnd(ops / 4 + 1) == 0) {
			m_reset();
		} else if (rnd(200) == 0) {
			kfree_account(1U << 20 | (unsigned int)rnd(1U << 14), 8);
			m_unknown++;
		} else if (obj[o].live) {
			m_free(o);
		} else {
			m_alloc(o, rnd(SITES));
		}
		if (op % 97 == 0)
			m_compare(op);
	}
	m_compare(ops);
	for (o = 0; o < OBJS; o++)
		if (obj[o].live)
			m_free(o);
	m_compare(ops + 1);
	done();
}

int main(int argc, char **argv)
{
	unsigned long seed = 1, ops = 20000;
	char *end;

	if (argc > 3) {
		fprintf(stderr, "usage: tables [SEED [OPS]]\n");
		return 2;
	}
	if (argc > 1) {
		seed = strtoul(argv[1], &end, 10);
		if (!*argv[1] || *end) {
			fprintf(stderr, "tables: bad seed '%s'\n", argv[1]);
			return 2;
		}
	}
	if (argc > 2) {
		ops = strtoul(argv[2], &end, 10);
		if (!*argv[2] || *end || !ops) {
			fprintf(stderr, "tables: bad count '%s'\n", argv[2]);
			return 2;
		}
	}
	printf("tables: %u rows, %u usable, %lu bytes per row, %lu in all\n",
	       KMA_ROWS, KMA_FULL, (unsigned long)sizeof(struct kma_row),
	       (unsigned long)(sizeof(kma_rows) + sizeof(kma_lost)));
	test_home();
	test_collisions();
	test_fullcallers();
	test_unknown();
	test_notcharged();
	test_reset();
	test_wrap();
	test_wide();
	test_many();
	test_random(seed, ops);
	return 0;
}
