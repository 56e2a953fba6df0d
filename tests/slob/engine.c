/*
 * engine.c: the operations and checks that the randomized harness
 * (harness.c) and the libFuzzer target (fuzz.c) share.
 *
 * It includes mm/slob.c itself (from the tree under test, found on the
 * include path), so the checks can walk SLOB's page lists.  Operations
 * take their choices from a source: a seeded PRNG for the harness, the
 * input bytes for the fuzzer.  Every object the test owns is filled
 * with a pattern of its own and marked byte by byte in a shadow map of
 * the arena, so that the test sees at once:
 *
 * - two live objects overlapping, or a live object inside a free block;
 * - a pattern changed (a write by the allocator into an object);
 * - a misaligned object, ksize() below the size asked for, GFP_DMA
 *   memory outside the DMA pages;
 * - a NULL return when no page allocation failed;
 * - constructor or destructor calls that break SLAB's contract;
 * - kfree() or ksize() of a cache object that does not BUG;
 * - kmem_cache_create() that does not BUG where SLAB's does;
 * - a GFP_DMA general cache that gives other memory, kmem_ptr_validate()
 *   that rejects a kmalloc() block for a kmalloc() cache;
 * - the memory of a SLAB_DESTROY_BY_RCU object reused before the grace
 *   period;
 * - SLOB's free lists unsorted, unmerged or miscounted, pages counted
 *   wrong in nr_slab (and, with CONFIG_SLOB_STATS, in the statistics);
 * - any page not given back once everything is freed.
 *
 * A failure prints what went wrong and aborts.
 */
#include <stdarg.h>
#include "slob.c"

extern unsigned long shim_page_allocs, shim_page_failures, shim_rcu_pending;
extern int shim_fail_next;
void shim_arena_init(unsigned long pages, unsigned long dma);
unsigned long shim_pages_in_use(void);

#define MAX_OBJS	2048
#define MAX_PENDING	256
#define MAX_CACHES	12
#define KMALLOC_MAX	131072		/* the largest CACHE() with an MMU */
#define CTOR_MAGIC	0x5ca1ab1e0ddba11ULL

enum { K_KMALLOC, K_CACHE };

struct tobj {
	char *p;
	size_t size;		/* bytes the test owns */
	int kind;
	int cache;		/* K_CACHE: index in caches[] */
	unsigned int seed;	/* of the fill pattern */
	size_t pstart;		/* 8 with a constructor: its magic first */
	unsigned int units, hdr; /* the block in a SLOB page, or 0 */
	unsigned long big;	/* pages of a page block, or 0 */
};

struct tcache {
	kmem_cache_t *c;
	size_t size, align;	/* as asked */
	unsigned long flags;
	int ctor, dtor;
	char name[16];
	long live, ctors, dtors;
};

static struct tobj objs[MAX_OBJS], pending[MAX_PENDING];
static int nobjs, npending;
static struct tcache caches[MAX_CACHES];
static unsigned char *shadow;		/* 1 per byte the test owns */
static unsigned int next_seed = 1, cache_serial;
static int ctor_expect_atomic;
static long n_ops, n_nulls;

static void fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "slob test FAILED after %ld operations: ", n_ops);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* --- where choices come from ------------------------------------------ */

struct src {
	const uint8_t *data;	/* fuzzer input, or NULL for the PRNG */
	size_t len, pos;
	uint64_t rng;
	int done;		/* fuzzer input used up */
};

static unsigned int pick(struct src *s, unsigned int bound)
{
	unsigned int v = 0;

	if (bound <= 1)
		return 0;
	if (!s->data) {
		s->rng ^= s->rng << 13;
		s->rng ^= s->rng >> 7;
		s->rng ^= s->rng << 17;
		return (unsigned int)(s->rng >> 11) % bound;
	}
	if (s->pos >= s->len) {
		s->done = 1;
		return 0;
	}
	v = s->data[s->pos++];
	if (bound > 256 && s->pos < s->len)
		v |= s->data[s->pos++] << 8;
	if (bound > 65536 && s->pos < s->len)
		v |= s->data[s->pos++] << 16;
	return v % bound;
}

/* Mostly small sizes, some up to a few pages, a few beyond kmalloc(). */
static size_t pick_size(struct src *s)
{
	switch (pick(s, 20)) {
	case 0 ... 11:
		return pick(s, 129);
	case 12 ... 16:
		return 129 + pick(s, 896);
	case 17:
		return 1025 + pick(s, 3200);
	case 18:
		return 4000 + pick(s, 30000);
	default:
		return 30000 + pick(s, 110000);
	}
}

/* --- shadow, patterns --------------------------------------------------- */

static inline unsigned char pat(unsigned int seed, size_t i)
{
	return (unsigned char)(seed * 7 + i * 131 + (i >> 8));
}

static void own(const struct tobj *o)
{
	size_t i, off = o->p - shim_arena;

	if (o->p < shim_arena || off + o->size > shim_pages * PAGE_SIZE)
		fail("object %p+%zu outside the arena", o->p, o->size);
	for (i = 0; i < o->size; i++) {
		if (shadow[off + i])
			fail("object %p+%zu overlaps a live object at byte %zu",
			     o->p, o->size, i);
		shadow[off + i] = 1;
	}
}

static void disown(const struct tobj *o)
{
	memset(shadow + (o->p - shim_arena), 0, o->size);
}

static void fill(struct tobj *o)
{
	size_t i;

	o->seed = next_seed++;
	for (i = o->pstart; i < o->size; i++)
		o->p[i] = pat(o->seed, i);
}

static void verify(const struct tobj *o)
{
	size_t i;

	for (i = o->pstart; i < o->size; i++)
		if ((unsigned char)o->p[i] != pat(o->seed, i))
			fail("%s object %p+%zu changed at byte %zu",
			     o->kind == K_CACHE ? "cache" : "kmalloc", o->p,
			     o->size, i);
	if (o->pstart && *(u64 *)o->p != (CTOR_MAGIC ^ (uintptr_t)o->p))
		fail("cache object %p lost its constructed state", o->p);
}

static void add_obj(const struct tobj *o)
{
	if (nobjs >= MAX_OBJS)
		fail("object table overflow");
	objs[nobjs] = *o;
	own(&objs[nobjs]);
	fill(&objs[nobjs]);
	nobjs++;
}

static void drop_obj(int i)
{
	objs[i] = objs[--nobjs];
}

static int dma_page(const void *p)
{
	return (unsigned long)(virt_to_page(p) - shim_mem_map) < shim_dma_pages;
}

/* --- constructor, destructor ------------------------------------------- */

static struct tcache *tcache_of(kmem_cache_t *c)
{
	int i;

	for (i = 0; i < MAX_CACHES; i++)
		if (caches[i].c == c)
			return &caches[i];
	fail("constructor or destructor called with an unknown cache %p",
	     (void *)c);
}

static void test_ctor(void *obj, kmem_cache_t *c, unsigned long flags)
{
	struct tcache *t = tcache_of(c);

	if (!(flags & SLAB_CTOR_CONSTRUCTOR))
		fail("%s: constructor without SLAB_CTOR_CONSTRUCTOR", t->name);
	if (!!(flags & SLAB_CTOR_ATOMIC) != ctor_expect_atomic)
		fail("%s: SLAB_CTOR_ATOMIC is %d, the allocation %s sleep",
		     t->name, !!(flags & SLAB_CTOR_ATOMIC),
		     ctor_expect_atomic ? "may not" : "may");
	if (shim_locks_held)
		fail("%s: constructor called with a spinlock held", t->name);
	*(u64 *)obj = CTOR_MAGIC ^ (uintptr_t)obj;
	t->ctors++;
}

static void test_dtor(void *obj, kmem_cache_t *c, unsigned long flags)
{
	struct tcache *t = tcache_of(c);

	if (flags)
		fail("%s: destructor flags %lx, SLAB passes 0", t->name, flags);
	if (shim_locks_held)
		fail("%s: destructor called with a spinlock held", t->name);
	if (*(u64 *)obj != (CTOR_MAGIC ^ (uintptr_t)obj))
		fail("%s: destructor got an object not constructed", t->name);
	t->dtors++;
}

#ifdef CONFIG_KMALLOC_ACCOUNTING
/* The hooks of tiny/kmalloc-accounting.patch: record and check. */
static long acct_allocs, acct_frees;
static const void *acct_caller;
static size_t acct_size, acct_req, acct_free_size;
static unsigned int acct_cookie, acct_free_cookie;

/*
 * The cookie of each allocation is KMA_TAG and a sequence number in the
 * bits SLOB keeps: kfree() must hand back exactly that, with the size.
 */
unsigned int kmalloc_account(const void *caller, unsigned long size,
			     unsigned long req)
{
	if (shim_locks_held)
		fail("kmalloc_account() called with the lock held");
	if (size < req)
		fail("kmalloc_account(): size %lu below the request %lu",
		     size, req);
	acct_allocs++;
	acct_caller = caller;
	acct_size = size;
	acct_req = req;
	acct_cookie = KMA_TAG | (acct_allocs & KMA_COOKIE_MASK);
	return acct_cookie;
}

void kfree_account(unsigned int cookie, unsigned long size)
{
	if (shim_locks_held)
		fail("kfree_account() called with the lock held");
	/* Before the memory goes back: its page is still counted. */
	if (!shim_nr_slab)
		fail("kfree_account(%#x) after its page went back", cookie);
	acct_frees++;
	acct_free_cookie = cookie;
	acct_free_size = size;
}

#endif

/* --- allocation checks ---------------------------------------------- */

/*
 * Is there a free block that SLOB's search may use for this request
 * (its class or a larger one, the same DMA-ness)?  Then it must not
 * take a new page.  -1: the request does not go to SLOB pages.
 */
static int room_for(size_t size, unsigned int hdr, unsigned long align,
		    gfp_t gfp)
{
	unsigned int units = SLOB_UNITS(size) ? SLOB_UNITS(size) : 1;
	int d = (gfp & GFP_DMA) ? 1 : 0, c, lead;
	struct page *page;
	struct slob_free *b;
	unsigned int off;
	char *base;

	if ((hdr + units) * SLOB_UNIT + (hdr ? SLOB_KMALLOC_ALIGN - SLOB_UNIT : 0)
	    > PAGE_SIZE)
		return -1;
	for (c = slob_class(hdr + units); c < (int)SLOB_CLASSES; c++)
		list_for_each_entry(page, &slob_lists[d][c].pages, lru) {
			base = page_address(page);
			for (off = page->private; off != SLOB_END; off = b->next) {
				b = slob_at(base, off);
				lead = (ALIGN((uintptr_t)base + (off + hdr) * SLOB_UNIT,
					      align) - (uintptr_t)base) / SLOB_UNIT -
				       hdr - off;
				if (lead + hdr + units <= b->units)
					return 1;
			}
		}
	return 0;
}

static void no_page_if_room(int room, unsigned long allocs_before,
			    const char *what, size_t size)
{
	if (room == 1 && shim_page_allocs != allocs_before)
		fail("%s(%zu) took a new page though a page had room", what,
		     size);
}

/* A NULL is right only when a page allocation failed (or could not). */
static void null_ok(unsigned long failures_before, size_t size, gfp_t gfp,
		    const char *what)
{
	n_nulls++;
	if (shim_page_failures > failures_before)
		return;
	if (gfp & __GFP_NO_GROW)
		return;
	if (size > KMALLOC_MAX)
		return;
	fail("%s(%zu, %#x) returned NULL with no page allocation failing",
	     what, size, gfp);
}

static void check_kmalloc(char *p, size_t size, gfp_t gfp, const char *what)
{
	unsigned int ks = ksize(p);

	if (size > KMALLOC_MAX)
		fail("%s(%zu) above the kmalloc() limit did not fail", what, size);
	if ((uintptr_t)p % SLOB_KMALLOC_ALIGN)
		fail("%s(%zu) = %p: not %zu-aligned", what, size, (void *)p,
		     (size_t)SLOB_KMALLOC_ALIGN);
	if (ks < size)
		fail("%s(%zu): ksize() %u is smaller", what, size, ks);
	if (PageSlab(virt_to_page(p))) {
		if (ks != ALIGN(size ? size : 1, SLOB_UNIT))
			fail("%s(%zu): ksize() %u, not the size in units", what,
			     size, ks);
	} else if (ks != PAGE_SIZE << get_order(size)) {
		fail("%s(%zu): ksize() %u of a page block", what, size, ks);
	} else if ((uintptr_t)p % PAGE_SIZE) {
		fail("%s(%zu): page block %p not page aligned", what, size,
		     (void *)p);
	}
	if ((gfp & GFP_DMA) && !dma_page(p))
		fail("%s(%zu, GFP_DMA) = %p outside the DMA pages", what, size,
		     (void *)p);
}

/* Record a new kmalloc() block; 'zero': its first 'size' bytes must be 0. */
static void new_kmalloc(char *p, size_t size, gfp_t gfp, const char *what,
			int zero)
{
	struct tobj o = { .p = p, .size = size ? size : 1, .kind = K_KMALLOC };
	size_t i;

	check_kmalloc(p, size, gfp, what);
	if (PageSlab(virt_to_page(p))) {
		o.units = ksize(p) / SLOB_UNIT;
		o.hdr = 1;
	} else {
		o.big = 1UL << get_order(size);
	}
	if (zero)
		for (i = 0; i < size; i++)
			if (p[i])
				fail("%s(%zu): byte %zu not zero", what, size, i);
	add_obj(&o);
}

static void op_kmalloc(struct src *s)
{
	static const gfp_t gfps[] = { GFP_KERNEL, GFP_ATOMIC, GFP_NOFS,
				      GFP_KERNEL | GFP_DMA, GFP_ATOMIC | GFP_DMA,
				      GFP_KERNEL | __GFP_NO_GROW };
	volatile size_t vsize = pick_size(s);	/* not a constant */
	size_t size = vsize;
	gfp_t gfp = gfps[pick(s, ARRAY_SIZE(gfps))];
	unsigned long f0 = shim_page_failures, a0 = shim_page_allocs;
	int how = pick(s, 4);
	const char *what = "kmalloc";
	char str[64];
	char *p;
	size_t n = 0, i;

	if (nobjs >= MAX_OBJS)
		return;
	int room;

	if (how == 2) {
		n = 1 + pick(s, 8);
		size = n * (size / 8);
	} else if (how == 3) {
		size = pick(s, sizeof(str) - 1);
		for (i = 0; i < size; i++)
			str[i] = 'a' + (i + size) % 26;
		str[size] = 0;
		size++;
	}
	room = room_for(size, 1, SLOB_KMALLOC_ALIGN, gfp);
	a0 = shim_page_allocs;
	switch (how) {
	case 0:
		p = kmalloc(size, gfp);
		break;
	case 1:
		what = "kzalloc";
		p = kzalloc(size, gfp);
		break;
	case 2:
		what = "kcalloc";
		p = kcalloc(n, vsize / 8, gfp);
		break;
	default:
		what = "kstrdup";
		p = kstrdup(str, gfp);
		if (p && memcmp(p, str, size))
			fail("kstrdup(\"%s\") = \"%.*s\"", str, (int)size, p);
		break;
	}
	if ((gfp & __GFP_NO_GROW) && shim_page_allocs != a0)
		fail("%s(%zu, __GFP_NO_GROW) allocated a page", what, size);
	no_page_if_room(room, a0, what, size);
	if (!p) {
		null_ok(f0, size, gfp, what);
		return;
	}
	new_kmalloc(p, size, gfp, what, how == 1 || how == 2);
}

/*
 * slab.h's kmalloc() with a constant size: under SLOB it must ask for
 * the size itself, not the size of SLAB's general cache (a 36-byte
 * termios took 64); check_kmalloc() wants ksize() to be the size in
 * units.
 */
static void op_kmalloc_const(struct src *s)
{
	gfp_t gfp = pick(s, 2) ? GFP_KERNEL : GFP_KERNEL | GFP_DMA;
	unsigned long f0 = shim_page_failures;
	size_t size;
	char *p;

	if (nobjs >= MAX_OBJS)
		return;
	switch (pick(s, 11)) {
	case 10: size = 36; p = kmalloc(36, gfp); break;
	case 0: size = 1; p = kmalloc(1, gfp); break;
	case 1: size = 32; p = kmalloc(32, gfp); break;
	case 2: size = 33; p = kmalloc(33, gfp); break;
	case 3: size = 100; p = kmalloc(100, gfp); break;
	case 4: size = 256; p = kmalloc(256, gfp); break;
	case 5: size = 1000; p = kmalloc(1000, gfp); break;
	case 6: size = 2048; p = kmalloc(2048, gfp); break;
	case 7: size = 4096; p = kmalloc(4096, gfp); break;
	case 8: size = 5000; p = kmalloc(5000, gfp); break;
	default: size = 65536; p = kmalloc(65536, gfp); break;
	}
	if (!p) {
		null_ok(f0, size, gfp, "kmalloc(constant)");
		return;
	}
	new_kmalloc(p, size, gfp, "kmalloc(constant)", 0);
}

/*
 * kmem_find_general_cachep() and kmem_cache_alloc() on it, as SLAB
 * allows; a GFP_DMA cache gives DMA memory without GFP_DMA in the call.
 */
static void op_general_cache(struct src *s)
{
	size_t size = pick_size(s) % (KMALLOC_MAX + 1);
	gfp_t dma = pick(s, 3) ? 0 : GFP_DMA;
	unsigned long f0 = shim_page_failures;
	kmem_cache_t *c = kmem_find_general_cachep(size, GFP_KERNEL | dma);
	char *p;

	if (nobjs >= MAX_OBJS)
		return;
	if (!c || c->objsize < size)
		fail("kmem_find_general_cachep(%zu) = %s", size,
		     c ? c->name : "NULL");
	p = kmem_cache_alloc(c, GFP_KERNEL);
	if (!p) {
		null_ok(f0, size, GFP_KERNEL, "kmem_cache_alloc(general)");
		return;
	}
	new_kmalloc(p, c->objsize, GFP_KERNEL | dma,
		    dma ? "kmem_cache_alloc(general DMA)" :
		    "kmem_cache_alloc(general)", 0);
}

static int find_kind(struct src *s, int kind)
{
	int i, start;

	if (!nobjs)
		return -1;
	start = pick(s, nobjs);
	for (i = 0; i < nobjs; i++)
		if (objs[(start + i) % nobjs].kind == kind)
			return (start + i) % nobjs;
	return -1;
}

static void op_kfree(struct src *s)
{
	int i = find_kind(s, K_KMALLOC);

	if (i < 0)
		return;
	verify(&objs[i]);
	if (ksize(objs[i].p) < objs[i].size)
		fail("ksize(%p) = %u below %zu", objs[i].p, ksize(objs[i].p),
		     objs[i].size);
	disown(&objs[i]);
	kfree(objs[i].p);
	drop_obj(i);
}

/* --- caches ---------------------------------------------------------- */

static size_t expected_align(const struct tcache *t)
{
	size_t a = sizeof(void *);

	if (t->flags & SLAB_MUST_HWCACHE_ALIGN) {
		a = L1_CACHE_BYTES;
	} else if (t->flags & SLAB_HWCACHE_ALIGN) {
		a = L1_CACHE_BYTES;
		while (t->size <= a / 2)
			a /= 2;
	}
	if (a < t->align)
		a = roundup_pow_of_two(t->align);
	if (a < sizeof(void *))
		a = sizeof(void *);
	return a;
}

static void op_cache_create(struct src *s)
{
	static const size_t aligns[] = { 0, 0, 0, 8, 16, 64, 256, 4096 };
	static const unsigned long flagsets[] = {
		0, SLAB_HWCACHE_ALIGN, SLAB_MUST_HWCACHE_ALIGN, SLAB_CACHE_DMA,
		SLAB_DESTROY_BY_RCU, SLAB_HWCACHE_ALIGN | SLAB_CACHE_DMA,
		SLAB_RECLAIM_ACCOUNT | SLAB_PANIC, SLAB_DESTROY_BY_RCU
	};
	unsigned long f0 = shim_page_failures;
	struct tcache *t = NULL;
	int i, with;

	for (i = 0; i < MAX_CACHES; i++)
		if (!caches[i].c) {
			t = &caches[i];
			break;
		}
	if (!t)
		return;
	memset(t, 0, sizeof(*t));
	t->size = pick(s, 4) ? 1 + pick(s, 600) : 1 + pick(s, 9000);
	t->align = aligns[pick(s, ARRAY_SIZE(aligns))];
	t->flags = flagsets[pick(s, ARRAY_SIZE(flagsets))];
	with = pick(s, 3);		/* none, ctor, ctor + dtor */
	t->ctor = with >= 1;
	t->dtor = with == 2 && !(t->flags & SLAB_DESTROY_BY_RCU);
	if (t->size < sizeof(void *))	/* below a word: BUG (op_bad_create) */
		t->size = sizeof(void *);
	if (t->ctor && t->size < 8)
		t->size = 8;
	snprintf(t->name, sizeof(t->name), "test%u", cache_serial++);
	if (t->flags & SLAB_PANIC) {
		jmp_buf trap;

		if (setjmp(trap)) {
			/* SLAB_PANIC panicked: right only if out of pages */
			shim_trap = NULL;
			if (strcmp(shim_trap_msg, "panic"))
				fail("%s", shim_trap_msg);
			t->c = NULL;
			null_ok(f0, 0, GFP_KERNEL, "kmem_cache_create(SLAB_PANIC)");
			return;
		}
		shim_trap = &trap;
	}
	t->c = kmem_cache_create(t->name, t->size, t->align, t->flags,
				 t->ctor ? test_ctor : NULL,
				 t->dtor ? test_dtor : NULL);
	shim_trap = NULL;
	if (t->flags & SLAB_PANIC && !t->c)
		fail("%s: SLAB_PANIC and NULL", t->name);
	if (!t->c) {
		null_ok(f0, 0, GFP_KERNEL, "kmem_cache_create");
		return;
	}
	if (kmem_cache_size(t->c) != ALIGN(t->size, SLOB_UNIT))
		fail("%s: kmem_cache_size() %u for size %zu", t->name,
		     kmem_cache_size(t->c), t->size);
	if (strcmp(kmem_cache_name(t->c), t->name))
		fail("%s: kmem_cache_name() %s", t->name, kmem_cache_name(t->c));
}

/*
 * A request that SLAB's kmem_cache_create() BUGs on must BUG in SLOB
 * too, before it takes anything, and return (size 0 with
 * SLAB_HWCACHE_ALIGN once looped for ever; the harness times out).
 */
static void expect_create_bug(const char *what, size_t size,
			      unsigned long flags, int ctor, int dtor)
{
	jmp_buf trap;

	if (setjmp(trap)) {
		shim_trap = NULL;
		if (strncmp(shim_trap_msg, "BUG", 3))
			fail("kmem_cache_create(%s): %s instead of a BUG", what,
			     shim_trap_msg);
		if (shim_locks_held)
			fail("kmem_cache_create(%s): BUG with slob_lock held",
			     what);
		return;
	}
	shim_trap = &trap;
	kmem_cache_create(what, size, 0, flags, ctor ? test_ctor : NULL,
			  dtor ? test_dtor : NULL);
	shim_trap = NULL;
	fail("kmem_cache_create(%s, %zu, flags %#lx) did not BUG", what, size,
	     flags);
}

static void op_bad_create(struct src *s)
{
	static const unsigned long flagsets[] = {
		0, SLAB_HWCACHE_ALIGN, SLAB_MUST_HWCACHE_ALIGN, SLAB_PANIC
	};
	unsigned long flags = flagsets[pick(s, ARRAY_SIZE(flagsets))];

	switch (pick(s, 4)) {
	case 0:
		expect_create_bug("too small", pick(s, sizeof(void *)), flags,
				  0, 0);
		break;
	case 1:
		expect_create_bug("too large", KMALLOC_MAX + 1 + pick(s, 9000),
				  flags, 0, 0);
		break;
	case 2:
		/* SLAB_DEBUG_FREE to SLAB_POISON, SLAB_STORE_USER: DEBUG_SLAB's */
		expect_create_bug("unknown flags", 8 + pick(s, 600), flags |
				  (pick(s, 5) ? 0x100UL << pick(s, 4) :
				   SLAB_STORE_USER), 0, 0);
		break;
	default:
		expect_create_bug("dtor without ctor", 8 + pick(s, 600), flags,
				  0, 1);
		break;
	}
}

static int pick_cache(struct src *s)
{
	int i, start = pick(s, MAX_CACHES);

	for (i = 0; i < MAX_CACHES; i++)
		if (caches[(start + i) % MAX_CACHES].c)
			return (start + i) % MAX_CACHES;
	return -1;
}

static void op_cache_alloc(struct src *s)
{
	int ci = pick_cache(s), atomic = pick(s, 3) == 0;
	gfp_t gfp = atomic ? GFP_ATOMIC : GFP_KERNEL;
	unsigned long f0 = shim_page_failures;
	struct tobj o = { .kind = K_CACHE };
	struct tcache *t;
	long ctors;
	unsigned long a0;
	int room;

	if (ci < 0 || nobjs >= MAX_OBJS)
		return;
	t = &caches[ci];
	ctors = t->ctors;
	ctor_expect_atomic = atomic;
	room = (t->c->flags & SLOB_BIG_CACHE) ? -1 :
		room_for(t->c->units * SLOB_UNIT, 0, t->c->align,
			 gfp | ((t->flags & SLAB_CACHE_DMA) ? GFP_DMA : 0));
	a0 = shim_page_allocs;
	o.p = kmem_cache_alloc(t->c, gfp);
	no_page_if_room(room, a0, t->name, t->size);
	if (!o.p) {
		if (t->ctors != ctors)
			fail("%s: constructor called for a failed allocation",
			     t->name);
		null_ok(f0, t->size, gfp, "kmem_cache_alloc");
		return;
	}
	if (t->ctor && t->ctors != ctors + 1)
		fail("%s: %ld constructor calls for one allocation", t->name,
		     t->ctors - ctors);
	if ((uintptr_t)o.p % expected_align(t))
		fail("%s: object %p not %zu-aligned (align %zu, flags %lx)",
		     t->name, (void *)o.p, expected_align(t), t->align, t->flags);
	if ((t->flags & SLAB_CACHE_DMA) && !dma_page(o.p))
		fail("%s: SLAB_CACHE_DMA object %p outside the DMA pages",
		     t->name, (void *)o.p);
	if (!(t->c->flags & SLOB_BIG_CACHE) && !kmem_ptr_validate(t->c, o.p))
		fail("%s: kmem_ptr_validate() rejects a live object", t->name);
	o.cache = ci;
	o.size = t->size;
	o.pstart = t->ctor ? 8 : 0;
	if (t->c->flags & SLOB_BIG_CACHE)
		o.big = 1UL << t->c->order;
	else
		o.units = t->c->units;
	t->live++;
	add_obj(&o);
	if (t->ctor)
		verify(&objs[nobjs - 1]);
}

static void op_cache_free(struct src *s)
{
	int i = find_kind(s, K_CACHE);
	struct tcache *t;
	long dtors;

	if (i < 0)
		return;
	t = &caches[objs[i].cache];
	verify(&objs[i]);
	dtors = t->dtors;
	if (t->flags & SLAB_DESTROY_BY_RCU) {
		if (npending >= MAX_PENDING)
			return;
		/* Its bytes stay owned until the grace period. */
		pending[npending++] = objs[i];
		kmem_cache_free(t->c, objs[i].p);
	} else {
		disown(&objs[i]);
		kmem_cache_free(t->c, objs[i].p);
	}
	if (t->dtor && t->dtors != dtors + 1)
		fail("%s: %ld destructor calls for one free", t->name,
		     t->dtors - dtors);
	t->live--;
	drop_obj(i);
}

/* An RCU grace period: pending objects must be untouched until then. */
static void op_grace_period(void)
{
	int i;

	for (i = 0; i < npending; i++)
		verify(&pending[i]);
	shim_rcu_run();
	for (i = 0; i < npending; i++)
		disown(&pending[i]);
	npending = 0;
}

static void op_cache_destroy(struct src *s)
{
	int ci = pick_cache(s), r;
	struct tcache *t;

	if (ci < 0)
		return;
	t = &caches[ci];
	if (kmem_cache_shrink(t->c) != (t->live != 0))
		fail("%s: kmem_cache_shrink() with %ld objects", t->name,
		     t->live);
	r = kmem_cache_destroy(t->c);
	if (t->live) {
		if (r != 1)
			fail("%s: destroyed with %ld live objects", t->name,
			     t->live);
		return;
	}
	if (r)
		fail("%s: kmem_cache_destroy() of an empty cache: %d", t->name, r);
	t->c = NULL;
}

/*
 * kfree() (or ksize(), 'size' set) of p must BUG, before it changes
 * anything: a BUG under slob_lock would leave the lock held.
 */
static void expect_bug(const char *what, const void *p, int size)
{
	jmp_buf trap;

	if (setjmp(trap)) {
		shim_trap = NULL;
		if (strncmp(shim_trap_msg, "BUG", 3))
			fail("%s(%s): %s instead of a BUG",
			     size ? "ksize" : "kfree", what, shim_trap_msg);
		if (shim_locks_held)
			fail("%s: BUG with slob_lock held", what);
		return;
	}
	shim_trap = &trap;
	if (size)
		ksize(p);
	else
		kfree(p);
	shim_trap = NULL;
	fail("%s(%s) did not BUG", size ? "ksize" : "kfree", what);
}

/*
 * kfree() or ksize() of a cache object must BUG, unless the word
 * before it happens to look like a kmalloc() header.
 */
static void op_wild(struct src *s)
{
	int i = find_kind(s, K_CACHE);
	unsigned long off;

	if (i < 0)
		return;
	off = (uintptr_t)objs[i].p & ~PAGE_MASK;
	if (!objs[i].big && off &&
	    (((unsigned long *)objs[i].p)[-1] & SLOB_HDR_CHECK) == SLOB_HDR_MAGIC)
		return;
	expect_bug("a cache object", objs[i].p, pick(s, 2));
}

/* kmem_ptr_validate() must refuse what is not in a SLOB page. */
static void op_validate(struct src *s)
{
	int ci = pick_cache(s), i;

	if (ci < 0)
		return;
	if (kmem_ptr_validate(caches[ci].c, shim_arena - 64) ||
	    kmem_ptr_validate(caches[ci].c, (char *)high_memory + 64))
		fail("kmem_ptr_validate() accepts a pointer outside memory");
	i = find_kind(s, K_KMALLOC);
	if (i >= 0 && !PageSlab(virt_to_page(objs[i].p)) &&
	    kmem_ptr_validate(caches[ci].c, objs[i].p))
		fail("kmem_ptr_validate() accepts a page block");
	/* A kmalloc() cache accepts every kmalloc() block. */
	if (i >= 0 && !kmem_ptr_validate(kmem_find_general_cachep(1 + pick(s,
				KMALLOC_MAX), pick(s, 2) ? GFP_DMA : 0),
					 objs[i].p))
		fail("kmem_ptr_validate(general cache) rejects kmalloc() block %p",
		     (void *)objs[i].p);
}

#ifdef CONFIG_SMP
static void op_percpu(struct src *s)
{
	size_t size = 1 + pick(s, 300), i;
	unsigned long f0 = shim_page_failures;
	struct tobj o[NR_CPUS] = { { 0 } };
	void *pcpu = __alloc_percpu(size, 0);
	int cpu;

	if (!pcpu) {
		null_ok(f0, size, GFP_KERNEL, "__alloc_percpu");
		return;
	}
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		o[cpu].p = per_cpu_ptr(pcpu, cpu);
		o[cpu].size = size;
		o[cpu].kind = K_KMALLOC;
		for (i = 0; i < size; i++)
			if (o[cpu].p[i])
				fail("__alloc_percpu(%zu): cpu %d not zeroed",
				     size, cpu);
		own(&o[cpu]);
		fill(&o[cpu]);
	}
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		verify(&o[cpu]);
		disown(&o[cpu]);
	}
	free_percpu(pcpu);
}
#endif

#ifdef CONFIG_NUMA
static void op_node(struct src *s)
{
	size_t size = pick_size(s);
	unsigned long f0 = shim_page_failures;
	char *p;

	if (nobjs >= MAX_OBJS)
		return;
	p = kmalloc_node(size, GFP_KERNEL, pick(s, 2));
	if (!p) {
		null_ok(f0, size, GFP_KERNEL, "kmalloc_node");
		return;
	}
	new_kmalloc(p, size, GFP_KERNEL, "kmalloc_node", 0);
}
#endif

/* --- SLOB's own state ----------------------------------------------- */

/* Walk every SLOB page: free lists sorted, merged, inside the page,
 * counted right, holding no byte of a live object. */
static void check_heap(void)
{
	unsigned long list_pages = 0, big = 0, free_bytes[SLOB_CLASSES] = { 0 };
	unsigned int off, prev_end, units, largest;
	struct page *page;
	struct slob_free *b;
	int d, c, i;
	char *base;

	for (d = 0; d < 2; d++)
		for (c = 0; c < (int)SLOB_CLASSES; c++)
			list_for_each_entry(page, &slob_lists[d][c].pages, lru) {
				if (page < shim_mem_map ||
				    page >= shim_mem_map + shim_pages)
					fail("a page outside the arena is listed");
				if (!PageSlab(page))
					fail("a listed page is not PG_slab");
				if (d && !dma_page(page_address(page)))
					fail("a non-DMA page on a DMA list");
				base = page_address(page);
				units = largest = 0;
				prev_end = 0;
				for (off = page->private; off != SLOB_END;
				     off = b->next) {
					if (off >= SLOB_PAGE_UNITS)
						fail("free block offset %u", off);
					if (units && off <= prev_end)
						fail("free list unsorted or unmerged at %u (after %u)",
						     off, prev_end);
					b = slob_at(base, off);
					if (!b->units ||
					    off + b->units > SLOB_PAGE_UNITS)
						fail("free block %u+%u", off, b->units);
					if (memchr(shadow + (base - shim_arena) +
						   off * SLOB_UNIT, 1,
						   b->units * SLOB_UNIT))
						fail("a live object lies in a free block");
					units += b->units;
					if (b->units > largest)
						largest = b->units;
					prev_end = off + b->units;
				}
				if (SLOB_LARGEST(page) < largest)
					fail("page bound %lu below its largest free block %u",
					     SLOB_LARGEST(page), largest);
				if (slob_list_of(page) != &slob_lists[d][c])
					fail("a page names list %lu, not %d",
					     page->index >> SLOB_LIST_SHIFT,
					     d * (int)SLOB_CLASSES + c);
				if (largest >= slob_lists[d][c].room)
					fail("a free block of %u units in a list whose room is %u",
					     largest, slob_lists[d][c].room);
				if (units >= SLOB_PAGE_UNITS)
					fail("an empty page was kept");
				free_bytes[c] += units * SLOB_UNIT;
				list_pages++;
			}
	for (i = 0; i < nobjs; i++)
		big += objs[i].big;
	for (i = 0; i < npending; i++)
		big += pending[i].big;
	if ((long)(list_pages + big) != shim_nr_slab)
		fail("nr_slab is %ld, SLOB holds %lu pages + %lu of page blocks",
		     shim_nr_slab, list_pages, big);
	if (shim_pages_in_use() != list_pages + big)
		fail("%lu pages allocated, SLOB holds %lu", shim_pages_in_use(),
		     list_pages + big);
#ifdef CONFIG_SLOB_STATS
	{
		unsigned long want_live = 0, want_hdrs = 0, held = 0, free = 0;
		unsigned long live, hdrs, all_free = 0, pages;
		struct seq_file m;
		char text[16384], *line;
		const struct tobj *o;

		for (i = 0; i < nobjs + npending; i++) {
			o = i < nobjs ? &objs[i] : &pending[i - nobjs];
			want_live += o->units * SLOB_UNIT;
			want_hdrs += o->hdr * SLOB_UNIT;
		}
		for (i = 0; i < MAX_CACHES; i++)
			if (caches[i].c)
				want_live += SLOB_UNITS(sizeof(kmem_cache_t)) *
					     SLOB_UNIT;
		if (want_live != slob_live || want_hdrs != slob_hdrs)
			fail("statistics say live %lu hdr %lu, the objects %lu and %lu",
			     slob_live, slob_hdrs, want_live, want_hdrs);
		for (c = 0; c < (int)SLOB_CLASSES; c++)
			all_free += free_bytes[c];
		if (list_pages * PAGE_SIZE != slob_live + slob_hdrs + all_free)
			fail("%lu pages != live %lu + hdr %lu + free %lu",
			     list_pages, slob_live, slob_hdrs, all_free);
		if (slob_big_pages != big)
			fail("statistics count %lu big pages, not %lu",
			     slob_big_pages, big);
		m.buf = text;
		m.size = sizeof(text);
		m.count = 0;
		slob_stats_show(&m, NULL);
		line = strstr(text, "small: held ");
		if (!line || sscanf(line, "small: held %lu live %lu hdr %lu free %lu",
				    &held, &live, &hdrs, &free) != 4 ||
		    held != list_pages * PAGE_SIZE || live != slob_live ||
		    hdrs != slob_hdrs || free != all_free)
			fail("/proc/slabinfo disagrees: %s", text);
		pages = 0;
		for (line = strchr(text, '\n'); line; line = strchr(line + 1, '\n')) {
			unsigned long cl, n, h, f;

			if (sscanf(line + 1, "%lu %lu %lu %lu", &cl, &n, &h, &f) == 4)
				pages += n;
		}
		if (pages != list_pages)
			fail("/proc/slabinfo classes count %lu pages, not %lu",
			     pages, list_pages);
	}
#endif
}

/* --- the whole run ----------------------------------------------------- */

static void engine_init(unsigned long pages, unsigned long dma)
{
	shim_arena_init(pages, dma);
	free(shadow);
	shadow = calloc(pages, PAGE_SIZE);
	if (!shadow)
		abort();
	nobjs = npending = 0;
	memset(caches, 0, sizeof(caches));
	n_ops = n_nulls = 0;
	kmem_cache_init();
}

/* Free everything; then every page must be back. */
static void engine_finish(void)
{
	int i;

	shim_fail_next = 0;
	check_heap();
	while (nobjs) {
		i = nobjs - 1;
		verify(&objs[i]);
		if (objs[i].kind == K_KMALLOC) {
			disown(&objs[i]);
			kfree(objs[i].p);
			drop_obj(i);
		} else {
			if (caches[objs[i].cache].flags & SLAB_DESTROY_BY_RCU) {
				if (npending >= MAX_PENDING)
					op_grace_period();
				pending[npending++] = objs[i];
			} else {
				disown(&objs[i]);
			}
			kmem_cache_free(caches[objs[i].cache].c, objs[i].p);
			caches[objs[i].cache].live--;
			drop_obj(i);
		}
	}
	op_grace_period();
	for (i = 0; i < MAX_CACHES; i++)
		if (caches[i].c) {
			if (kmem_cache_destroy(caches[i].c))
				fail("%s: destroy of an empty cache failed",
				     caches[i].name);
			caches[i].c = NULL;
		}
	check_heap();
	for (i = 0; i < 2 * (int)SLOB_CLASSES; i++)
		if (!list_empty(&slob_lists[i / SLOB_CLASSES][i % SLOB_CLASSES].pages))
			fail("a page list is not empty at the end");
	if (shim_nr_slab || shim_pages_in_use())
		fail("%ld pages in nr_slab, %lu allocated, after freeing everything",
		     shim_nr_slab, shim_pages_in_use());
#ifdef CONFIG_SLOB_STATS
	if (slob_live || slob_hdrs || slob_big_pages || slob_big_live ||
	    !list_empty(&slob_caches))
		fail("statistics or cache list not empty at the end");
#endif
	if (memchr(shadow, 1, shim_pages * PAGE_SIZE))
		fail("test bookkeeping: bytes still owned at the end");
}

/* One operation; returns 0 when a fuzzer input is used up. */
static int engine_step(struct src *s)
{
	unsigned int op = pick(s, 32);

	if (s->done)
		return 0;
	n_ops++;
	if (pick(s, 64) == 0)
		shim_fail_next = 1 + pick(s, 3);	/* inject failures */
	switch (op) {
	case 0 ... 7:
		op_kmalloc(s);
		break;
	case 8 ... 9:
		op_kmalloc_const(s);
		break;
	case 10:
		op_general_cache(s);
		break;
	case 11 ... 16:
		op_kfree(s);
		break;
	case 17:
		op_cache_create(s);
		break;
	case 18 ... 21:
		op_cache_alloc(s);
		break;
	case 22 ... 25:
		op_cache_free(s);
		break;
	case 26:
		if (pick(s, 8))
			op_cache_destroy(s);
		else
			op_bad_create(s);
		break;
	case 27:
		op_grace_period();
		break;
	case 28:
		if (pick(s, 2))
			op_validate(s);
		else
			op_wild(s);
		break;
	case 29:
#ifdef CONFIG_SMP
		op_percpu(s);
#endif
		break;
	case 30:
#ifdef CONFIG_NUMA
		op_node(s);
#endif
		break;
	default:
		check_heap();
		break;
	}
	return !s->done;
}
