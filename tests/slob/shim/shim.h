/*
 * shim.h: just enough of the 2.6.14 kernel API for mm/slob.c to compile
 * and run in user space (tests/slob/).
 *
 * Pages come from a bounded arena with one struct page each; the first
 * shim_dma_pages of it are ZONE_DMA.  alloc_pages() fails when the arena
 * has no room (or when a failure is injected), checks that nobody asks
 * for HIGHMEM or sleeps with a spinlock held, and __free_pages() checks
 * what the kernel's free_pages_check() does.  Spinlocks are pthread
 * mutexes that know their owner.  call_rcu() queues until the test runs
 * shim_rcu_run(), its grace period.  A failed BUG_ON() or a shim check
 * aborts with a message (or longjmps to shim_trap when a test arms it).
 *
 * The real include/linux/slab.h and kmalloc_sizes.h of the patched tree
 * are used, so the test sees the same malloc_sizes[] and the same
 * constant-size kmalloc() as the kernel.
 */
#ifndef SLOB_SHIM_H
#define SLOB_SHIM_H

/* i386: an MMU, so the largest kmalloc() is 128 KB (kmalloc_sizes.h) */
#define CONFIG_MMU 1
/* mm/slob.c is built when SLAB=n, and then Kconfig sets SLOB=y */
#define CONFIG_SLOB 1

#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- compiler and types --------------------------------------------- */

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define __init
#define __exit
#define __nocast
#define fastcall
#define FASTCALL(x)		x
#define EXPORT_SYMBOL(x)	extern int shim_export_dummy
#define EXPORT_SYMBOL_GPL(x)	extern int shim_export_dummy
#define __initcall(fn)		int (*shim_initcall)(void) = fn
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define BUILD_BUG_ON(c)		((void)sizeof(char[1 - 2 * !!(c)]))
#define ALIGN(x, a)		(((x) + (a) - 1) & ~((typeof(x))(a) - 1))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef unsigned int gfp_t;

typedef struct {
	int counter;
} atomic_t;
#define atomic_read(a)		__atomic_load_n(&(a)->counter, __ATOMIC_SEQ_CST)
#define atomic_set(a, v)	__atomic_store_n(&(a)->counter, (v), __ATOMIC_SEQ_CST)
#define atomic_inc(a)		__atomic_add_fetch(&(a)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_dec(a)		__atomic_sub_fetch(&(a)->counter, 1, __ATOMIC_SEQ_CST)

static inline unsigned long roundup_pow_of_two(unsigned long x)
{
	unsigned long r = 1;

	while (r < x)
		r <<= 1;
	return r;
}

/* --- messages and traps ------------------------------------------------ */

#define KERN_ERR		""
#define KERN_INFO		""
#define KERN_WARNING		""

extern int shim_verbose;
extern jmp_buf *shim_trap;	/* armed by a test that expects a panic */
extern const char *shim_trap_msg;

#define printk(...)	(shim_verbose ? fprintf(stderr, __VA_ARGS__) : 0)

void shim_die(const char *file, int line, const char *what)
	__attribute__((noreturn));
#define BUG()		shim_die(__FILE__, __LINE__, "BUG()")
#define BUG_ON(c)	do { if (unlikely(c)) \
		shim_die(__FILE__, __LINE__, "BUG_ON(" #c ")"); } while (0)
void panic(const char *fmt, ...) __attribute__((noreturn));

static inline int in_interrupt(void)
{
	return 0;
}

/* --- lists -------------------------------------------------------------- */

struct list_head {
	struct list_head *next, *prev;
};

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *l)
{
	l->next = l;
	l->prev = l;
}

static inline void __list_add(struct list_head *n, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

static inline void list_add(struct list_head *n, struct list_head *head)
{
	__list_add(n, head, head->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *head)
{
	__list_add(n, head->prev, head);
}

static inline void list_del(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	e->next = (void *)0x100100;	/* LIST_POISON1 */
	e->prev = (void *)0x200200;
}

static inline void list_move_tail(struct list_head *l, struct list_head *head)
{
	l->next->prev = l->prev;
	l->prev->next = l->next;
	list_add_tail(l, head);
}

static inline int list_empty(const struct list_head *head)
{
	return head->next == head;
}

#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, typeof(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.next, typeof(*pos), member))

/* --- gfp (values of 2.6.14's linux/gfp.h) ----------------------------- */

#define __GFP_DMA	0x01u
#define __GFP_HIGHMEM	0x02u
#define __GFP_WAIT	0x10u
#define __GFP_HIGH	0x20u
#define __GFP_IO	0x40u
#define __GFP_FS	0x80u
#define __GFP_COLD	0x100u
#define __GFP_NOWARN	0x200u
#define __GFP_REPEAT	0x400u
#define __GFP_NOFAIL	0x800u
#define __GFP_NORETRY	0x1000u
#define __GFP_NO_GROW	0x2000u
#define __GFP_COMP	0x4000u
#define __GFP_ZERO	0x8000u
#define __GFP_NOMEMALLOC 0x10000u
#define __GFP_NORECLAIM	0x20000u
#define __GFP_HARDWALL	0x40000u
#define GFP_LEVEL_MASK	(__GFP_WAIT | __GFP_HIGH | __GFP_IO | __GFP_FS | \
			 __GFP_COLD | __GFP_NOWARN | __GFP_REPEAT | \
			 __GFP_NOFAIL | __GFP_NORETRY | __GFP_NO_GROW | \
			 __GFP_COMP | __GFP_NOMEMALLOC | __GFP_NORECLAIM | \
			 __GFP_HARDWALL)
#define GFP_ATOMIC	(__GFP_HIGH)
#define GFP_NOIO	(__GFP_WAIT)
#define GFP_NOFS	(__GFP_WAIT | __GFP_IO)
#define GFP_KERNEL	(__GFP_WAIT | __GFP_IO | __GFP_FS)
#define GFP_USER	(__GFP_WAIT | __GFP_IO | __GFP_FS | __GFP_HARDWALL)
#define GFP_DMA		__GFP_DMA

/* --- pages -------------------------------------------------------------- */

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))
#define L1_CACHE_BYTES	32
#define MAX_ORDER	11

#define PG_slab		7

struct page {
	unsigned long flags;
	atomic_t _count;
	unsigned long private;
	void *mapping;
	unsigned long index;
	struct list_head lru;
};

extern char *shim_arena;		/* shim_pages pages, page aligned */
extern struct page *shim_mem_map;
extern unsigned long shim_pages, shim_dma_pages;
extern long shim_nr_slab;		/* nr_slab page state */
extern void *high_memory;

#define PAGE_OFFSET	((unsigned long)shim_arena)
#define kern_addr_valid(a)	(1)

struct page *shim_virt_to_page(const void *addr);
#define virt_to_page(a)		shim_virt_to_page(a)
#define page_address(pg)	((void *)(shim_arena + \
				 (((pg) - shim_mem_map) << PAGE_SHIFT)))

#define PageSlab(pg)		(((pg)->flags >> PG_slab) & 1)
#define SetPageSlab(pg)		((pg)->flags |= 1UL << PG_slab)
#define ClearPageSlab(pg)	((pg)->flags &= ~(1UL << PG_slab))

struct page *alloc_pages(gfp_t gfp, unsigned int order);
#define alloc_page(gfp)		alloc_pages(gfp, 0)
void __free_pages(struct page *page, unsigned int order);
#define __free_page(pg)		__free_pages(pg, 0)
#define free_pages(addr, order)	__free_pages(virt_to_page((void *)(addr)), order)

static inline int get_order(unsigned long size)
{
	int order = 0;

	size = (size - 1) >> PAGE_SHIFT;
	while (size) {
		order++;
		size >>= 1;
	}
	return order;
}

#define add_page_state(member, n)	shim_page_state(n)
#define sub_page_state(member, n)	shim_page_state(-(long)(n))
void shim_page_state(long delta);

/* --- locks ------------------------------------------------------------- */

typedef struct {
	pthread_mutex_t m;
} spinlock_t;
#define DEFINE_SPINLOCK(x)	spinlock_t x = { PTHREAD_MUTEX_INITIALIZER }
void shim_lock(spinlock_t *l);
void shim_unlock(spinlock_t *l);
#define spin_lock_irqsave(l, f)		do { (f) = 0; shim_lock(l); } while (0)
#define spin_unlock_irqrestore(l, f)	do { (void)(f); shim_unlock(l); } while (0)
extern __thread int shim_locks_held;

/* --- RCU --------------------------------------------------------------- */

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *);
};
void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *));
void shim_rcu_run(void);		/* a grace period */

/* --- SMP --------------------------------------------------------------- */

#define NR_CPUS			4
#define for_each_cpu(i)		for ((i) = 0; (i) < NR_CPUS; (i)++)
#define cpu_possible(i)		((i) >= 0 && (i) < NR_CPUS)
struct percpu_data {
	void *ptrs[NR_CPUS];
	void *blkp;
};
#define per_cpu_ptr(ptr, cpu) ({					\
	struct percpu_data *__p = (struct percpu_data *)~(unsigned long)(ptr); \
	(__typeof__(ptr))__p->ptrs[(cpu)]; })
void *__alloc_percpu(size_t size, size_t align) __attribute__((noinline));
void free_percpu(const void *objp);

/* --- seq_file and /proc (for CONFIG_SLOB_STATS) ----------------------- */

struct seq_file {
	char *buf;
	size_t size, count;
};
struct inode;
struct file;
struct file_operations {
	int (*open)(struct inode *, struct file *);
	long (*read)(void);
	long (*llseek)(void);
	int (*release)(struct inode *, struct file *);
};
struct proc_dir_entry {
	struct file_operations *proc_fops;
};
#define S_IRUGO			0444
#define seq_read		NULL
#define seq_lseek		NULL
int seq_printf(struct seq_file *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int seq_puts(struct seq_file *m, const char *s);
int single_open(struct file *f, int (*show)(struct seq_file *, void *),
		void *data);
int single_release(struct inode *inode, struct file *f);
struct proc_dir_entry *create_proc_entry(const char *name, int mode,
					 void *parent);

/*
 * The entry points charge __builtin_return_address(0): the test must see
 * them as the kernel's callers do, never inlined into the call site
 * (the test includes slob.c in its own translation unit).
 */
#define NOINLINE __attribute__((noinline))
struct kmem_cache_s;
NOINLINE void *__kmalloc(size_t size, gfp_t gfp);
NOINLINE void *kzalloc(size_t size, gfp_t gfp);
NOINLINE char *kstrdup(const char *s, gfp_t gfp);
NOINLINE void kfree(const void *obj);
NOINLINE void *kmem_cache_alloc(struct kmem_cache_s *c, gfp_t gfp);
NOINLINE void kmem_cache_free(struct kmem_cache_s *c, void *obj);
#ifdef CONFIG_NUMA
NOINLINE void *kmalloc_node(size_t size, gfp_t gfp, int node);
NOINLINE void *kmem_cache_alloc_node(struct kmem_cache_s *c, gfp_t gfp,
				     int node);
#endif

#ifdef CONFIG_KMALLOC_ACCOUNTING
/* tiny/kmalloc-accounting.patch's hooks: shim/linux/kmallocacct.h */
#include <linux/kmallocacct.h>
#endif

#endif
