/*
 * harness.c: mm/slob.c on the host, under randomized operation sequences.
 *
 * Usage: harness [-v] SEED...
 *
 * For each SEED, several runs of random operations (engine.c) on arenas
 * of different sizes, from one so small that allocations fail all the
 * time to one where they rarely do; each run ends by freeing everything
 * and checking that every page came back.  Then, once:
 *
 *   fill     allocate until the arena is exhausted, check that the
 *            failures are clean NULLs and nothing was corrupted, free
 *            half, fill again, free all
 *   panic    kmem_cache_create() with SLAB_PANIC panics when it cannot
 *            get memory, and returns NULL without it
 *   wild     kfree() and ksize() BUG on what kmalloc() did not return:
 *            a pointer inside a kmalloc() block, a cache object, a
 *            page that is not a kmalloc() page block (page->index 0,
 *            or a list link as in an i386 pgd page), the second page
 *            of a page block; the heap is intact afterwards
 *   create   kmem_cache_create() BUGs, as SLAB's does, on a size of 0
 *            (with and without SLAB_HWCACHE_ALIGN, which looped for
 *            ever), below a word, above 128 KB, on unknown flags and
 *            on a destructor without constructor; and takes a word
 *            and 128 KB
 *   general  kmem_find_general_cachep(size, GFP_DMA) is a cache of DMA
 *            memory, kmem_ptr_validate() on a kmalloc() cache accepts
 *            kmalloc() blocks (in a SLOB page and page blocks) and
 *            rejects a pointer inside one and a cache object
 *   const    a kmalloc() of a constant size takes the size asked for
 *            (ksize() 36 on i386, 40 here on 64 bits), not the size of
 *            SLAB's general cache (64)
 *   threads  four threads allocating and freeing at once, through a
 *            shared cache and kmalloc(), against pthread-mutex
 *            spinlocks (built with CONFIG_SMP)
 *   hooks    the CONFIG_KMALLOC_ACCOUNTING calls: one kmalloc_account()
 *            per allocation with the right call site, size and request,
 *            kfree_account() before each kfree(), never under the lock
 *            (built with CONFIG_KMALLOC_ACCOUNTING)
 *
 * Prints one line per part; exits 0 if all passed (a failure aborts).
 */
#include <signal.h>
#include <unistd.h>
#include "engine.c"

#define RUN_OPS		20000

static void run(uint64_t seed, unsigned long pages)
{
	struct src s = { .rng = seed * 0x9e3779b97f4a7c15ULL + pages };
	long i;

	engine_init(pages, pages / 4);
	for (i = 0; i < RUN_OPS; i++)
		engine_step(&s);
	engine_finish();
	printf("seed %llu, %lu pages: %ld operations, %ld clean NULLs\n",
	       (unsigned long long)seed, pages, n_ops, n_nulls);
}

static void test_fill(uint64_t seed)
{
	struct src s = { .rng = seed | 1 };
	int fails = 0, i, rounds;
	size_t size;
	char *p;

	engine_init(64, 16);
	for (rounds = 0; rounds < 2; rounds++) {
		fails = 0;
		while (fails < 50 && nobjs < MAX_OBJS) {
			unsigned long f0 = shim_page_failures;

			size = pick_size(&s) % 3000;
			p = kmalloc(size, GFP_KERNEL);
			if (!p) {
				null_ok(f0, size, GFP_KERNEL, "kmalloc");
				fails++;
				continue;
			}
			new_kmalloc(p, size, GFP_KERNEL, "kmalloc", 0);
		}
		if (fails < 50)
			fail("fill: the arena of 64 pages never ran out");
		check_heap();
		for (i = 0; i < nobjs; i++)
			verify(&objs[i]);
		for (i = nobjs - 1; i >= 0; i -= 2) {
			verify(&objs[i]);
			disown(&objs[i]);
			kfree(objs[i].p);
			drop_obj(i);
		}
		check_heap();
	}
	printf("fill: %d objects live when the arena ran out\n", nobjs);
	engine_finish();
}

static void test_panic(void)
{
	jmp_buf trap;
	kmem_cache_t *c;

	engine_init(16, 4);
	shim_fail_next = 1;
	c = kmem_cache_create("nopanic", 100, 0, 0, NULL, NULL);
	if (c)
		fail("kmem_cache_create() without memory returned a cache");
	if (setjmp(trap)) {
		shim_trap = NULL;
		if (strcmp(shim_trap_msg, "panic"))
			fail("SLAB_PANIC: %s instead of a panic", shim_trap_msg);
		engine_finish();
		printf("panic: SLAB_PANIC panics without memory, NULL without it\n");
		return;
	}
	shim_trap = &trap;
	shim_fail_next = 1;
	kmem_cache_create("panic", 100, 0, SLAB_PANIC, NULL, NULL);
	fail("SLAB_PANIC: kmem_cache_create() returned without memory");
}

static void test_wild(void)
{
	static struct list_head pgd_list;	/* what an i386 pgd links to */
	unsigned long *a, *obj1, *obj2;
	struct page *page;
	kmem_cache_t *c;
	char *big;
	int size;

	engine_init(64, 16);
	a = kmalloc(100, GFP_KERNEL);
	big = kmalloc(2 * PAGE_SIZE, GFP_KERNEL);
	c = kmem_cache_create("wild", 64, 0, 0, NULL, NULL);
	obj1 = kmem_cache_alloc(c, GFP_KERNEL);
	obj2 = kmem_cache_alloc(c, GFP_KERNEL);
	page = alloc_page(GFP_KERNEL);
	if (!a || !big || !c || !obj1 || !obj2 || !page)
		fail("wild: allocation failed in a large arena");
	if (obj2 != obj1 + 64 / sizeof(long))
		fail("wild: cache objects %p, %p not adjacent", (void *)obj1,
		     (void *)obj2);
	/* Words that look like a length of a few units */
	a[0] = 4;
	obj1[64 / sizeof(long) - 1] = 2;
	for (size = 0; size < 2; size++) {
		expect_bug("inside a kmalloc() block", a + 1, size);
		expect_bug("a cache object", obj2, size);
		page->index = 0;
		expect_bug("a page, index 0", page_address(page), size);
		page->index = (unsigned long)&pgd_list;
		expect_bug("a pgd page", page_address(page), size);
		expect_bug("the second page of a page block", big + PAGE_SIZE,
			   size);
	}
	if (ksize(a) < 100 || ksize(big) < 2 * PAGE_SIZE)
		fail("wild: ksize() wrong after the BUGs");
	page->index = 0;
	__free_page(page);
	kfree(a);
	kfree(big);
	kmem_cache_free(c, obj1);
	kmem_cache_free(c, obj2);
	kmem_cache_destroy(c);
	if (shim_nr_slab || shim_pages_in_use())
		fail("wild: %ld pages left after the BUGs", shim_nr_slab);
	engine_finish();
	printf("wild: kfree() and ksize() BUG on 5 kinds of pointer kmalloc() did not return\n");
}

static void create_hung(int sig)
{
	(void)sig;
	fail("create: kmem_cache_create() did not return in 10 s");
}

static void test_create(void)
{
	kmem_cache_t *c;
	void *p;

	engine_init(128, 32);
	signal(SIGALRM, create_hung);
	alarm(10);
	expect_create_bug("size 0, SLAB_HWCACHE_ALIGN", 0, SLAB_HWCACHE_ALIGN,
			  0, 0);
	expect_create_bug("size 0", 0, 0, 0, 0);
	expect_create_bug("below a word", sizeof(void *) - 1, 0, 0, 0);
	expect_create_bug("above 128 KB", KMALLOC_MAX + 1, 0, 0, 0);
	expect_create_bug("SLAB_RED_ZONE", 100, SLAB_RED_ZONE, 0, 0);
	expect_create_bug("flag 0x1", 100, 0x1, 0, 0);
	expect_create_bug("dtor without ctor", 100, 0, 0, 1);
	alarm(0);
	c = kmem_cache_create("word", sizeof(void *), 0, SLAB_HWCACHE_ALIGN,
			      NULL, NULL);
	if (!c || !(p = kmem_cache_alloc(c, GFP_KERNEL)))
		fail("create: a cache of one word failed");
	kmem_cache_free(c, p);
	kmem_cache_destroy(c);
	c = kmem_cache_create("128K", KMALLOC_MAX, 0, 0, NULL, NULL);
	if (!c || !(p = kmem_cache_alloc(c, GFP_KERNEL)))
		fail("create: a cache of 128 KB failed");
	kmem_cache_free(c, p);
	kmem_cache_destroy(c);
	engine_finish();
	printf("create: kmem_cache_create() BUGs on 7 bad requests, as SLAB's\n");
}

static void test_general(void)
{
	static const size_t sizes[] = { 1, 36, 100, 1000, 4000, 5000, 65536 };
	kmem_cache_t *c, *d, *cc;
	unsigned long *p, *obj;
	size_t i;

	engine_init(256, 96);
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		c = kmem_find_general_cachep(sizes[i], GFP_KERNEL);
		d = kmem_find_general_cachep(sizes[i], GFP_KERNEL | GFP_DMA);
		if (!c || !d || kmem_cache_size(d) < sizes[i])
			fail("general: no cache for %zu", sizes[i]);
		p = kmem_cache_alloc(d, GFP_KERNEL);
		if (!p)
			fail("general: allocation failed in a large arena");
		if (!dma_page(p))
			fail("general: kmem_find_general_cachep(%zu, GFP_DMA) "
			     "gives %p outside the DMA pages", sizes[i],
			     (void *)p);
		if (!kmem_ptr_validate(c, p) || !kmem_ptr_validate(d, p))
			fail("general: kmem_ptr_validate() rejects a %zu-byte "
			     "kmalloc() block", sizes[i]);
		if (sizes[i] >= 16) {
			p[0] = 1;	/* a length without the magic */
			if (kmem_ptr_validate(c, p + 1))
				fail("general: kmem_ptr_validate() accepts a "
				     "pointer inside a block");
		}
		kmem_cache_free(d, p);
	}
	cc = kmem_cache_create("general", 64, 0, 0, NULL, NULL);
	obj = kmem_cache_alloc(cc, GFP_KERNEL);
	p = kmem_cache_alloc(cc, GFP_KERNEL);
	if (!obj || !p)
		fail("general: allocation failed in a large arena");
	obj[64 / sizeof(long) - 1] = 2;
	if (kmem_ptr_validate(kmem_find_general_cachep(64, 0), p))
		fail("general: a kmalloc() cache accepts a cache object");
	kmem_cache_free(cc, obj);
	kmem_cache_free(cc, p);
	kmem_cache_destroy(cc);
	engine_finish();
	printf("general: DMA general caches give DMA memory, kmem_ptr_validate() knows kmalloc() blocks\n");
}

static void test_const(void)
{
	char *p;

	engine_init(16, 4);
	p = kmalloc(36, GFP_KERNEL);
	if (!p)
		fail("const: kmalloc(36) failed");
	if (ksize(p) != ALIGN(36, SLOB_UNIT))
		fail("const: kmalloc(36) has %u bytes, not %zu", ksize(p),
		     (size_t)ALIGN(36, SLOB_UNIT));
	kfree(p);
	p = kmalloc(2700, GFP_KERNEL);	/* a tty_struct */
	if (!p || ksize(p) != ALIGN(2700, SLOB_UNIT))
		fail("const: kmalloc(2700) has %u bytes", p ? ksize(p) : 0);
	kfree(p);
	engine_finish();
	printf("const: kmalloc(36) takes %zu bytes, kmalloc(2700) %zu\n",
	       (size_t)ALIGN(36, SLOB_UNIT), (size_t)ALIGN(2700, SLOB_UNIT));
}

#ifdef CONFIG_SMP
#define THREADS		4
#define THREAD_OPS	40000
#define THREAD_SLOTS	64

static kmem_cache_t *shared_cache;

static void shared_ctor(void *obj, kmem_cache_t *c, unsigned long flags)
{
	(void)c;
	if (!(flags & SLAB_CTOR_CONSTRUCTOR) || shim_locks_held)
		fail("threads: bad constructor call");
	*(u64 *)obj = CTOR_MAGIC ^ (uintptr_t)obj;
}

struct tslot {
	unsigned char *p;
	size_t size;
	unsigned int seed;
	int cached;
};

static void *thread_main(void *arg)
{
	struct src s = { .rng = (uintptr_t)arg * 0x2545f4914f6cdd1dULL + 7 };
	struct tslot slot[THREAD_SLOTS] = { { 0 } };
	struct tslot *t;
	size_t i, start;
	int n;

	for (n = 0; n < THREAD_OPS + THREAD_SLOTS; n++) {
		t = &slot[n < THREAD_OPS ? pick(&s, THREAD_SLOTS) :
			  n - THREAD_OPS];
		if (t->p) {
			start = t->cached ? 8 : 0;
			for (i = start; i < t->size; i++)
				if (t->p[i] != pat(t->seed, i))
					fail("threads: object %p changed",
					     (void *)t->p);
			if (t->cached)
				kmem_cache_free(shared_cache, t->p);
			else
				kfree(t->p);
			t->p = NULL;
			continue;
		}
		if (n >= THREAD_OPS)
			continue;
		t->cached = pick(&s, 3) == 0;
		if (t->cached) {
			t->size = 200;
			t->p = kmem_cache_alloc(shared_cache, GFP_KERNEL);
		} else {
			t->size = pick_size(&s) % 5000;
			t->p = kmalloc(t->size, pick(&s, 2) ? GFP_KERNEL :
				       GFP_ATOMIC);
		}
		if (!t->p)
			fail("threads: allocation failed in a large arena");
		t->seed = pick(&s, 1u << 30);
		for (i = t->cached ? 8 : 0; i < t->size; i++)
			t->p[i] = pat(t->seed, i);
	}
	return NULL;
}

static void test_threads(void)
{
	pthread_t tid[THREADS];
	long i;

	engine_init(4096, 1024);
	shared_cache = kmem_cache_create("shared", 200, 0, SLAB_HWCACHE_ALIGN,
					 shared_ctor, NULL);
	for (i = 0; i < THREADS; i++)
		if (pthread_create(&tid[i], NULL, thread_main, (void *)(i + 1)))
			fail("pthread_create");
	for (i = 0; i < THREADS; i++)
		pthread_join(tid[i], NULL);
	if (kmem_cache_destroy(shared_cache))
		fail("threads: the shared cache is not empty");
	engine_finish();
	printf("threads: %d threads x %d operations\n", THREADS, THREAD_OPS);
}
#endif

#ifdef CONFIG_KMALLOC_ACCOUNTING
/*
 * Each call site is a function of its own, so that the address charged
 * can be checked to lie inside it.
 */
#define SITE(name, expr)						\
	static __attribute__((noinline)) void *name(size_t n)		\
	{								\
		void *p = (expr);					\
		__asm__ volatile("" ::: "memory");			\
		return p;						\
	}
SITE(site_kmalloc, kmalloc(n, GFP_KERNEL))
SITE(site_kmalloc_const, kmalloc(100, GFP_KERNEL))
SITE(site_kzalloc, kzalloc(n, GFP_KERNEL))
SITE(site_kcalloc, kcalloc(2, n, GFP_KERNEL))
SITE(site_kstrdup, kstrdup("call site", GFP_KERNEL))
SITE(site_big, kmalloc(n * 100, GFP_KERNEL))
#ifdef CONFIG_NUMA
SITE(site_node, kmalloc_node(n, GFP_KERNEL, 0))
#endif

static void expect_site(void *(*site)(size_t), const char *name, size_t n,
			size_t req)
{
	long before = acct_allocs;
	void *p = site(n);

	if (!p)
		fail("hooks: %s failed", name);
	if (acct_allocs != before + 1)
		fail("hooks: %s made %ld kmalloc_account() calls", name,
		     acct_allocs - before);
	unsigned int cookie = acct_cookie;
	size_t size = ksize(p);

	if (acct_req != req || acct_size != size)
		fail("hooks: %s recorded %zu/%zu, not %zu/%zu", name,
		     acct_req, acct_size, req, size);
	if ((const char *)acct_caller < (const char *)site ||
	    (const char *)acct_caller > (const char *)site + 256)
		fail("hooks: %s charged %p, not a place in %p", name,
		     acct_caller, (void *)site);
	before = acct_frees;
	kfree(p);
	if (acct_frees != before + 1)
		fail("hooks: kfree() after %s made no kfree_account()", name);
	if (acct_free_cookie != cookie || acct_free_size != size)
		fail("hooks: kfree() after %s gave back cookie %#x size %zu, "
		     "not %#x size %zu", name, acct_free_cookie,
		     acct_free_size, cookie, size);
}

static void test_hooks(void)
{
	long before;

	engine_init(256, 64);
	expect_site(site_kmalloc, "kmalloc", 50, 50);
	expect_site(site_kmalloc_const, "kmalloc(constant)", 0, 100);
	expect_site(site_kzalloc, "kzalloc", 70, 70);
	expect_site(site_kcalloc, "kcalloc", 30, 60);
	expect_site(site_kstrdup, "kstrdup", 0, 10);
	expect_site(site_big, "kmalloc(big)", 50, 5000);
#ifdef CONFIG_NUMA
	expect_site(site_node, "kmalloc_node", 90, 90);
#endif
	before = acct_frees;
	kfree(NULL);
	if (acct_frees != before)
		fail("hooks: kfree(NULL) was accounted");
	engine_finish();
	printf("hooks: one kmalloc_account() per allocation at its call site\n");
}
#endif

int main(int argc, char **argv)
{
	static const unsigned long arenas[] = { 24, 96, 512 };
	int i, first = 1;
	size_t a;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "-v")) {
		shim_verbose = 1;
		first = 2;
	}
	if (first >= argc) {
		fprintf(stderr, "usage: %s [-v] SEED...\n", argv[0]);
		return 2;
	}
	printf("SLOB unit %zu, kmalloc alignment %zu, %zu size classes\n",
	       (size_t)SLOB_UNIT, (size_t)SLOB_KMALLOC_ALIGN,
	       (size_t)SLOB_CLASSES);
	for (i = first; i < argc; i++)
		for (a = 0; a < ARRAY_SIZE(arenas); a++)
			run(strtoull(argv[i], NULL, 0), arenas[a]);
	test_fill(strtoull(argv[first], NULL, 0));
	test_panic();
	test_wild();
	test_create();
	test_general();
	test_const();
#ifdef CONFIG_SMP
	test_threads();
#endif
#ifdef CONFIG_KMALLOC_ACCOUNTING
	test_hooks();
#endif
	printf("all passed\n");
	return 0;
}
