/*
 * kmaleak: a test module for /proc/kmalloc that leaks on purpose.
 *
 * Loading it allocates from one function per kmalloc entry point and
 * never frees, so that two snapshots of /proc/kmalloc around insmod
 * show who each allocation is charged to (tests/kmalloc/guest/):
 *
 *   kmaleak_kmalloc     1000 x kmalloc(128)  constant size: the inline
 *                                            fast path of kmalloc()
 *   kmaleak_kmalloc_var   10 x kmalloc(size)  size = 200, a parameter
 *   kmaleak_kzalloc       10 x kzalloc(100)
 *   kmaleak_kcalloc       10 x kcalloc(10, 10)
 *   kmaleak_kstrdup       10 x kstrdup() of an 18-character string
 *
 * Each must be charged to the function above, not to kzalloc, kcalloc,
 * kstrdup or __kmalloc.  The functions are not __init, so their names
 * still resolve after the module's init section is freed.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>

static int size = 200;
module_param(size, int, 0);

static const char str[] = "kmalloc accounting";

/* Keeps the compiler from proving the results unused. */
static void *last;

static noinline void kmaleak_kmalloc(void)
{
	int i;

	for (i = 0; i < 1000; i++)
		last = kmalloc(128, GFP_KERNEL);
}

static noinline void kmaleak_kmalloc_var(void)
{
	int i;

	for (i = 0; i < 10; i++)
		last = kmalloc(size, GFP_KERNEL);
}

static noinline void kmaleak_kzalloc(void)
{
	int i;

	for (i = 0; i < 10; i++)
		last = kzalloc(100, GFP_KERNEL);
}

static noinline void kmaleak_kcalloc(void)
{
	int i;

	for (i = 0; i < 10; i++)
		last = kcalloc(10, 10, GFP_KERNEL);
}

static noinline void kmaleak_kstrdup(void)
{
	int i;

	for (i = 0; i < 10; i++)
		last = kstrdup(str, GFP_KERNEL);
}

static int __init kmaleak_init(void)
{
	kmaleak_kmalloc();
	kmaleak_kmalloc_var();
	kmaleak_kzalloc();
	kmaleak_kcalloc();
	kmaleak_kstrdup();
	printk(KERN_INFO "kmaleak: leaked on purpose\n");
	return 0;
}

static void __exit kmaleak_exit(void)
{
}

module_init(kmaleak_init);
module_exit(kmaleak_exit);
MODULE_LICENSE("GPL");
