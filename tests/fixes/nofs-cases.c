/*
 * nofs-cases.c: run 2.6.14's __alloc_pages() (taken from mm/page_alloc.c
 * by nofs-host.sh) on the host against a model of one zone, and check
 * when an allocation without __GFP_FS calls the OOM killer.
 *
 * The model: a zone has free pages, slab that only reclaim with
 * __GFP_FS or kswapd can shrink, dirty pages that writeback cleans
 * one page per round, for direct reclaim to free, and a few clean
 * pages that direct reclaim frees once without reporting progress
 * (fewer than SWAP_CLUSTER_MAX).  Its watermarks are min 10, low 12
 * and high 15 pages.  Each wait in blk_congestion_wait() lets
 * kswapd and pdflush run once.  kswapd frees slab when there is some;
 * when it has found nothing KSWAPD_GIVE_UP times in a row it marks the
 * zone all_unreclaimable, as balance_pgdat() does.
 *
 * An allocation that called the OOM killer and then got its page must
 * say so (oom_wait_end(), fixes/oom-no-spin.patch): that ends the OOM
 * killer's wait for OOM_DISABLE tasks.
 *
 * Usage: nofs-cases (one line per case, exit 1 on a failure)
 */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

/* --- the little of the kernel that the extracted code uses --- */
#define HZ 1000
#define WRITE 1
#define KERN_WARNING ""
#include "gfp.h"
#define PF_MEMALLOC	0x00000800
#define TIF_MEMDIE	16
#define fastcall
#define unlikely(x) (x)
#define likely(x) (x)
#define EXPORT_SYMBOL(x)

struct page {
	int dummy;
};
struct zone {
	long free, slab, dirty, clean, few;
	long pages_min, pages_low, pages_high;
	int all_unreclaimable;
	int kswapd_idle;
};
struct zonelist {
	struct zone *zones[2];
};
struct reclaim_state {
	unsigned long reclaimed_slab;
};
struct task_struct {
	unsigned long flags;
	struct reclaim_state *reclaim_state;
	char comm[16];
};

static struct task_struct self = { .comm = "dd" };
#define current (&self)
static struct page a_page;
static struct zone zone;
static jmp_buf on_loop;
static int rounds, oom_calls, wait_ends;

/* more rounds of reclaim than this in one allocation is a loop */
#define MAX_ROUNDS 10000
#define KSWAPD_GIVE_UP 3
#define PAGES_MIN 10
#define PAGES_LOW 12
#define PAGES_HIGH 15

#define might_sleep_if(c) ((void)(c))
#define rt_task(p) 0
#define in_interrupt() 0
#define test_thread_flag(f) 0
#define cond_resched() do { } while (0)
#define zone_idx(z) 0
#define printk_ratelimit() 0
#define printk(...) do { } while (0)
#define dump_stack() do { } while (0)
#define show_mem() do { } while (0)
#define cpuset_zone_allowed(z, g) 1
#define should_reclaim_zone(z, g) 0
#define zone_reclaim(z, g, o) do { } while (0)
#define zone_statistics(zl, z) do { } while (0)
#define wakeup_kswapd(z, o) do { } while (0)
#define read_page_state(f) (zone.f)
#define nr_dirty dirty
#define nr_writeback dirty

static int zone_watermark_ok(struct zone *z, int order, long mark,
			     int classzone_idx, int can_try_harder,
			     int gfp_high)
{
	(void)order; (void)classzone_idx;
	(void)can_try_harder; (void)gfp_high;
	return z->free > mark;
}

static struct page *buffered_rmqueue(struct zone *z, int order, gfp_t g)
{
	(void)order; (void)g;
	if (z->free <= 0)
		return NULL;
	z->free--;
	return &a_page;
}

/*
 * direct reclaim: with __GFP_FS it can shrink slab; clean pages only.
 * Progress (1) means SWAP_CLUSTER_MAX pages or more in 2.6.14: the
 * few pages are freed without it.
 */
static int try_to_free_pages(struct zone **zones, gfp_t gfp_mask)
{
	struct zone *z = zones[0];

	if (++rounds > MAX_ROUNDS)
		longjmp(on_loop, 1);
	if (z->few > 0) {
		z->free += z->few;
		z->few = 0;
		return 0;
	}
	if (z->clean > 0) {
		z->free += z->clean;
		z->clean = 0;
		return 1;
	}
	if ((gfp_mask & __GFP_FS) && z->slab > 0) {
		z->free += z->slab;
		z->slab = 0;
		return 1;
	}
	return 0;
}

/* a wait: writeback cleans a dirty page, kswapd runs once */
static void blk_congestion_wait(int rw, long timeout)
{
	(void)rw; (void)timeout;
	if (zone.dirty > 0) {
		zone.dirty--;
		zone.clean++;
	}
	if (zone.slab > 0) {
		zone.free += zone.slab;
		zone.slab = 0;
		zone.kswapd_idle = 0;
	} else if (++zone.kswapd_idle >= KSWAPD_GIVE_UP) {
		zone.all_unreclaimable = 1;
	}
}

/* the OOM killer takes a victim, whose pages come back */
static void out_of_memory(gfp_t gfp_mask, int order)
{
	(void)gfp_mask; (void)order;
	oom_calls++;
	zone.free += 100;
}

/* the allocator tells the OOM killer that memory came back */
static void oom_wait_end(void)
{
	wait_ends++;
}

#include "nofs-extract.c"

/* --- the cases --- */
static int bad;

/*
 * One allocation with GFP, in a zone at its min watermark with SLAB
 * pages of slab, DIRTY dirty pages and FEW pages that reclaim frees
 * without progress.  Unless KSWAPD_GIVES_UP, kswapd never marks the
 * zone all_unreclaimable (a zone whose memory is all slab and ramfs has
 * next to nothing on the LRU for it to scan).
 */
static void run_case(const char *name, gfp_t gfp, long slab, long dirty,
		     long few, int kswapd_gives_up, int want_oom)
{
	struct zonelist zl = { { &zone, NULL } };
	struct page *page;

	memset(&zone, 0, sizeof(zone));
	zone.free = PAGES_MIN;
	zone.pages_min = PAGES_MIN;
	zone.pages_low = PAGES_LOW;
	zone.pages_high = PAGES_HIGH;
	zone.slab = slab;
	zone.dirty = dirty;
	zone.few = few;
	zone.kswapd_idle = kswapd_gives_up ? 0 : -1000000;
	rounds = 0;
	oom_calls = 0;
	wait_ends = 0;
	self.flags = 0;
	if (setjmp(on_loop)) {
		printf("FAIL: %s: still looping after %d rounds of reclaim "
		       "(OOM killer called %d times)\n", name, rounds,
		       oom_calls);
		bad = 1;
		return;
	}
	page = __alloc_pages(gfp, 0, &zl);
	if (!page) {
		printf("FAIL: %s: the allocation failed\n", name);
		bad = 1;
	} else if (!!oom_calls != want_oom) {
		printf("FAIL: %s: the OOM killer was %scalled (%d rounds)\n",
		       name, oom_calls ? "" : "not ", rounds);
		bad = 1;
	} else if (!!wait_ends != !!oom_calls) {
		printf("FAIL: %s: the OOM killer was %scalled, and told %d "
		       "times that memory came back\n", name,
		       oom_calls ? "" : "not ", wait_ends);
		bad = 1;
	} else {
		printf("ok %s: %s after %d rounds\n", name,
		       oom_calls ? "OOM kill" : "no OOM kill", rounds);
	}
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	run_case("GFP_NOFS, kswapd can free slab", GFP_NOFS, 50, 0, 0, 1, 0);
	run_case("GFP_NOFS, dirty pages being written", GFP_NOFS,
		 0, 5, 0, 1, 0);
	run_case("GFP_NOFS, nothing to free, kswapd gives up", GFP_NOFS,
		 0, 0, 0, 1, 1);
	run_case("GFP_NOFS, nothing to free, kswapd never gives up",
		 GFP_NOFS, 0, 0, 0, 0, 1);
	/* 3 pages lift the zone above pages_min, not above pages_high */
	run_case("GFP_NOFS, reclaim frees 3 pages, kswapd gives up",
		 GFP_NOFS, 0, 0, 3, 1, 0);
	run_case("GFP_NOFS, reclaim frees 3 pages, kswapd never gives up",
		 GFP_NOFS, 0, 0, 3, 0, 0);
	run_case("GFP_KERNEL, nothing to free", GFP_KERNEL, 0, 0, 0, 1, 1);
	run_case("GFP_KERNEL, slab to free", GFP_KERNEL, 50, 0, 0, 1, 0);
	return bad;
}
