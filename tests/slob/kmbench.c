/*
 * kmbench: a kmalloc()/kfree() microbenchmark, loaded into a test guest.
 *
 * Built out of tree against the board's kernel (scripts/bench-slob).  On
 * insmod it runs ROUNDS rounds of four patterns and prints one line per
 * round:
 *
 *	kmbench: round=N random=C batch=C same=C least=C
 *
 * where C is the mean cost of one kmalloc() or kfree() in TSC cycles
 * (get_cycles()):
 *
 *	random  256 slots; each step picks a slot with a fixed LCG and
 *		frees what it holds, or fills it with a kmalloc() of a size
 *		taken from the table: a steady state, half the slots full.
 *	batch	kmalloc() 128 blocks of mixed sizes, then kfree() them in
 *		the order they came.
 *	same	kmalloc() one block of same_size bytes (a module parameter,
 *		default 64) and kfree() it, again and again: the block
 *		just freed fits, and an allocator that searches finds it
 *		after at most the free blocks in front of it.  Not a
 *		workload: the cost of one size in a heap as it is.
 *	least	the same with GFP_DMA, after one GFP_DMA block of the same
 *		size that stays allocated: GFP_DMA memory has its own
 *		pages in SLOB and its own caches in SLAB, which the rest
 *		of the kernel hardly uses, so the block comes from a page
 *		with one free block after the pinned one, and nothing is
 *		walked.  The least an operation of the allocator costs.
 *
 * The sizes are variable to the compiler, so every call goes through
 * __kmalloc(), as a size computed at run time does.  The same sequence
 * runs under every allocator.  The module stays loaded: rmmod it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <asm/timex.h>
#include <asm/div64.h>

#define ROUNDS		5
#define RANDOM_OPS	100000
#define SLOTS		256
#define BATCH		128
#define BATCHES		400
#define SAME_OPS	50000

MODULE_LICENSE("GPL");

static unsigned short same_size = 64;
module_param(same_size, ushort, 0);
MODULE_PARM_DESC(same_size, "bytes of each kmalloc() of the same pattern");

/* Small sizes weigh more, as they do in a running kernel. */
static const unsigned short sizes[] = {
	8, 12, 16, 20, 24, 32, 32, 40, 48, 64, 64, 72, 96, 128, 128, 160,
	192, 256, 300, 384, 512, 700, 1024, 1500
};

static void *slot[SLOTS];
static unsigned int seed;

static unsigned int next_rand(void)
{
	seed = seed * 1103515245 + 12345;
	return seed >> 8;
}

static size_t next_size(void)
{
	return sizes[next_rand() % ARRAY_SIZE(sizes)];
}

/* Returns cycles per operation, or 0 if a kmalloc() failed. */
static unsigned long run_random(void)
{
	cycles_t t0, t1;
	unsigned int i, s, failed = 0;

	memset(slot, 0, sizeof(slot));
	t0 = get_cycles();
	for (i = 0; i < RANDOM_OPS; i++) {
		s = next_rand() % SLOTS;
		if (slot[s]) {
			kfree(slot[s]);
			slot[s] = NULL;
		} else {
			slot[s] = kmalloc(next_size(), GFP_KERNEL);
			failed |= !slot[s];
		}
	}
	t1 = get_cycles();
	for (s = 0; s < SLOTS; s++)
		kfree(slot[s]);
	if (failed)
		return 0;
	t1 -= t0;
	do_div(t1, RANDOM_OPS);
	return (unsigned long)t1;
}

static unsigned long run_batch(void)
{
	cycles_t t0, t1;
	unsigned int b, i, failed = 0;

	t0 = get_cycles();
	for (b = 0; b < BATCHES; b++) {
		for (i = 0; i < BATCH; i++) {
			slot[i] = kmalloc(next_size(), GFP_KERNEL);
			failed |= !slot[i];
		}
		for (i = 0; i < BATCH; i++)
			kfree(slot[i]);
	}
	t1 = get_cycles();
	if (failed)
		return 0;
	t1 -= t0;
	do_div(t1, 2 * BATCH * BATCHES);
	return (unsigned long)t1;
}

static unsigned long run_same(gfp_t gfp)
{
	cycles_t t0, t1;
	unsigned int i, failed = 0;
	void *p;

	t0 = get_cycles();
	for (i = 0; i < SAME_OPS; i++) {
		p = kmalloc(same_size, gfp);
		failed |= !p;
		kfree(p);
	}
	t1 = get_cycles();
	if (failed)
		return 0;
	t1 -= t0;
	do_div(t1, 2 * SAME_OPS);
	return (unsigned long)t1;
}

static unsigned long run_least(void)
{
	void *pin = kmalloc(same_size, GFP_KERNEL | GFP_DMA);
	unsigned long c;

	if (!pin)
		return 0;
	c = run_same(GFP_KERNEL | GFP_DMA);
	kfree(pin);
	return c;
}

static int __init kmbench_init(void)
{
	unsigned long r, b, s, l;
	int round;

	for (round = 1; round <= ROUNDS; round++) {
		seed = round;
		r = run_random();
		b = run_batch();
		s = run_same(GFP_KERNEL);
		l = run_least();
		printk(KERN_INFO
		       "kmbench: round=%d random=%lu batch=%lu same=%lu least=%lu\n",
		       round, r, b, s, l);
	}
	return 0;
}

static void __exit kmbench_exit(void)
{
}

module_init(kmbench_init);
module_exit(kmbench_exit);
