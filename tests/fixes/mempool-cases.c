/*
 * mempool-cases.c: run the thin mempool_alloc() of CONFIG_MEMPOOL=n
 * (taken from mm/mempool.c by mempool-host.sh) on the host, with an
 * allocator that fails, and check what it asks of the allocator: every
 * call carries __GFP_NOWARN, so that an atomic user's expected failure
 * prints no allocation-failure warning and stack dump.
 *
 * Usage: mempool-cases (one line per case, exit 1 on a failure)
 */
#include <stdio.h>

#include "gfp.h"
#define HZ 100
#define WRITE 1
#define EXPORT_SYMBOL(x)
#define might_sleep_if(c) ((void)(c))

typedef void *(mempool_alloc_t)(gfp_t gfp_mask, void *pool_data);
typedef void (mempool_free_t)(void *element, void *pool_data);
typedef struct mempool_s {
	void *pool_data;
	mempool_alloc_t *alloc;
	mempool_free_t *free;
} mempool_t;

static int calls, fails_left, warned;
static char element;

static void *alloc_fn(gfp_t gfp_mask, void *data)
{
	(void)data;
	calls++;
	if (!(gfp_mask & __GFP_NOWARN))
		warned++;
	if (fails_left > 0) {
		fails_left--;
		return NULL;
	}
	return &element;
}

static void blk_congestion_wait(int rw, long timeout)
{
	(void)rw; (void)timeout;
}

#include "mempool-extract.c"

static int check(const char *name, gfp_t gfp, int fails, int want_ok)
{
	mempool_t pool = { NULL, alloc_fn, NULL };
	void *p;

	calls = warned = 0;
	fails_left = fails;
	p = mempool_alloc(&pool, gfp);
	if (!!p != want_ok) {
		printf("FAIL: %s: mempool_alloc returned %p\n", name, p);
		return 1;
	}
	if (warned) {
		printf("FAIL: %s: %d of %d allocator calls may warn "
		       "(no __GFP_NOWARN)\n", name, warned, calls);
		return 1;
	}
	printf("ok %s: %d calls, none may warn\n", name, calls);
	return 0;
}

int main(void)
{
	int bad = 0;

	bad |= check("GFP_ATOMIC, allocator fails", GFP_ATOMIC, 1, 0);
	bad |= check("GFP_NOIO, allocator fails 3 times", GFP_NOIO, 3, 1);
	return bad;
}
