/*
 * kmahold: a test module for /proc/kmalloc that holds many allocations.
 *
 * On insmod, kmahold_alloc() makes "count" (default 10000) live
 * kmalloc(64) allocations from one call site, more than the 7168 live
 * allocations that the table of the first /proc/kmalloc design could
 * track.  rmmod frees them all.  tests/kmalloc/guest/kma-hold.sh checks
 * that the row of kmahold_alloc shows every one of them live, and none
 * after rmmod.  The pointers are kept in a vmalloc'ed array, so that the
 * module's own bookkeeping is no kmalloc().
 */
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

static int count = 10000;
module_param(count, int, 0);

static void **held;

static noinline int kmahold_alloc(void)
{
	int i;

	for (i = 0; i < count; i++) {
		held[i] = kmalloc(64, GFP_KERNEL);
		if (!held[i])
			return -ENOMEM;
	}
	return 0;
}

static void kmahold_free(void)
{
	int i;

	for (i = 0; i < count; i++)
		kfree(held[i]);
	vfree(held);
}

static int __init kmahold_init(void)
{
	if (count < 1 || count > 1000000)
		return -EINVAL;
	held = vmalloc(count * sizeof(*held));
	if (!held)
		return -ENOMEM;
	memset(held, 0, count * sizeof(*held));
	if (kmahold_alloc()) {
		kmahold_free();
		return -ENOMEM;
	}
	printk(KERN_INFO "kmahold: %d allocations held\n", count);
	return 0;
}

static void __exit kmahold_exit(void)
{
	kmahold_free();
}

module_init(kmahold_init);
module_exit(kmahold_exit);
MODULE_LICENSE("GPL");
