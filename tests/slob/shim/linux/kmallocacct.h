/*
 * The part of tiny/kmalloc-accounting.patch's <linux/kmallocacct.h>
 * that mm/slob.c uses: the cookie's layout and the two hooks, which the
 * harness (tests/slob/engine.c) records and checks.
 */
#ifndef SHIM_LINUX_KMALLOCACCT_H
#define SHIM_LINUX_KMALLOCACCT_H

#define KMA_TAG		0x4b4d0000U
#define KMA_ROW_BITS	10
#define KMA_GEN_BITS	4
#define KMA_COOKIE_BITS	(KMA_ROW_BITS + KMA_GEN_BITS)
#define KMA_COOKIE_MASK	((1U << KMA_COOKIE_BITS) - 1)

unsigned int kmalloc_account(const void *caller, unsigned long size,
			     unsigned long req);
void kfree_account(unsigned int cookie, unsigned long size);

#endif
