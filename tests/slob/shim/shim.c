/*
 * shim.c: the page allocator, locks, RCU and seq_file of the host shim
 * for mm/slob.c (see shim.h).
 */
#include <stdarg.h>
#include "shim.h"

int shim_verbose;
jmp_buf *shim_trap;
const char *shim_trap_msg;

char *shim_arena;
struct page *shim_mem_map;
unsigned long shim_pages, shim_dma_pages;
long shim_nr_slab;
void *high_memory;

/* Counters the tests read. */
unsigned long shim_page_allocs, shim_page_failures;
int shim_fail_next;			/* fail this many alloc_pages() */
static unsigned char *page_used;	/* 1 per allocated page */
static pthread_mutex_t page_lock = PTHREAD_MUTEX_INITIALIZER;
__thread int shim_locks_held;

void shim_die(const char *file, int line, const char *what)
{
	/* A BUG that a test expects is not news. */
	if (shim_verbose || !shim_trap)
		fprintf(stderr, "%s:%d: %s\n", file, line, what);
	if (shim_trap) {
		shim_trap_msg = what;
		longjmp(*shim_trap, 1);
	}
	abort();
}

void panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (shim_verbose || !shim_trap) {
		fprintf(stderr, "panic: ");
		vfprintf(stderr, fmt, ap);
	}
	va_end(ap);
	if (shim_trap) {
		shim_trap_msg = "panic";
		longjmp(*shim_trap, 1);
	}
	abort();
}

/* A fresh arena of 'pages' pages, the first 'dma' of them ZONE_DMA. */
void shim_arena_init(unsigned long pages, unsigned long dma)
{
	free(shim_arena);
	free(shim_mem_map);
	free(page_used);
	if (posix_memalign((void **)&shim_arena, PAGE_SIZE << (MAX_ORDER - 1),
			   pages * PAGE_SIZE))
		abort();
	shim_mem_map = calloc(pages, sizeof(struct page));
	page_used = calloc(pages, 1);
	if (!shim_mem_map || !page_used)
		abort();
	shim_pages = pages;
	shim_dma_pages = dma;
	shim_nr_slab = 0;
	shim_page_allocs = shim_page_failures = 0;
	shim_fail_next = 0;
	high_memory = shim_arena + pages * PAGE_SIZE;
}

unsigned long shim_pages_in_use(void)
{
	unsigned long i, n = 0;

	pthread_mutex_lock(&page_lock);
	for (i = 0; i < shim_pages; i++)
		n += page_used[i];
	pthread_mutex_unlock(&page_lock);
	return n;
}

struct page *shim_virt_to_page(const void *addr)
{
	const char *a = addr;

	if (a < shim_arena || a >= shim_arena + shim_pages * PAGE_SIZE)
		shim_die(__FILE__, __LINE__, "virt_to_page() outside the arena");
	return &shim_mem_map[(a - shim_arena) >> PAGE_SHIFT];
}

/* Is [first, first + n) free?  (page_lock held) */
static int run_free(unsigned long first, unsigned long n)
{
	unsigned long i;

	for (i = first; i < first + n; i++)
		if (page_used[i])
			return 0;
	return 1;
}

/*
 * Blocks of 2^order pages, naturally aligned like the buddy allocator's.
 * DMA requests come from the DMA pages; others from the top down, so
 * they reach the DMA pages last, as with the kernel's zone fallback.
 */
struct page *alloc_pages(gfp_t gfp, unsigned int order)
{
	unsigned long n = 1UL << order, first, i;
	struct page *page = NULL;

	if (gfp & __GFP_HIGHMEM)
		shim_die(__FILE__, __LINE__, "alloc_pages(__GFP_HIGHMEM)");
	if ((gfp & __GFP_WAIT) && shim_locks_held)
		shim_die(__FILE__, __LINE__,
			 "alloc_pages(__GFP_WAIT) with a spinlock held");
	if (order >= MAX_ORDER)
		shim_die(__FILE__, __LINE__, "alloc_pages(order >= MAX_ORDER)");
	pthread_mutex_lock(&page_lock);
	shim_page_allocs++;
	if (shim_fail_next > 0) {
		shim_fail_next--;
		goto fail;
	}
	if (gfp & __GFP_DMA) {
		for (first = 0; first + n <= shim_dma_pages; first += n)
			if (run_free(first, n))
				goto found;
	} else if (shim_pages >= n) {
		for (first = (shim_pages - n) & ~(n - 1); ; first -= n) {
			if (run_free(first, n))
				goto found;
			if (first < n)
				break;
		}
	}
fail:
	shim_page_failures++;
	pthread_mutex_unlock(&page_lock);
	return NULL;
found:
	for (i = first; i < first + n; i++) {
		page_used[i] = 1;
		memset(&shim_mem_map[i], 0, sizeof(struct page));
		atomic_set(&shim_mem_map[i]._count, 1);
	}
	page = &shim_mem_map[first];
	pthread_mutex_unlock(&page_lock);
	/* Stale data, as real pages have. */
	memset(page_address(page), 0x6b, n * PAGE_SIZE);
	return page;
}

/* The checks of the kernel's free_pages_check(), and a double free. */
void __free_pages(struct page *page, unsigned int order)
{
	unsigned long first = page - shim_mem_map, n = 1UL << order, i;

	if (first >= shim_pages || (first & (n - 1)) || first + n > shim_pages)
		shim_die(__FILE__, __LINE__, "__free_pages(): bad page");
	if (page->flags & (1UL << PG_slab))
		shim_die(__FILE__, __LINE__, "__free_pages(): PG_slab still set");
	if (page->mapping)
		shim_die(__FILE__, __LINE__, "__free_pages(): page->mapping set");
	/*
	 * Poison before the pages are free again: once page_lock is
	 * dropped, another thread may take them and fill them.
	 */
	memset(page_address(page), 0x5a, n * PAGE_SIZE);
	pthread_mutex_lock(&page_lock);
	for (i = first; i < first + n; i++) {
		if (!page_used[i])
			shim_die(__FILE__, __LINE__, "__free_pages(): not allocated");
		page_used[i] = 0;
	}
	pthread_mutex_unlock(&page_lock);
}

void shim_page_state(long delta)
{
	__atomic_add_fetch(&shim_nr_slab, delta, __ATOMIC_SEQ_CST);
}

void shim_lock(spinlock_t *l)
{
	if (shim_locks_held)
		shim_die(__FILE__, __LINE__, "spinlock taken twice (deadlock)");
	pthread_mutex_lock(&l->m);
	shim_locks_held++;
}

void shim_unlock(spinlock_t *l)
{
	shim_locks_held--;
	pthread_mutex_unlock(&l->m);
}

static struct rcu_head *rcu_queue;
static pthread_mutex_t rcu_lock = PTHREAD_MUTEX_INITIALIZER;
unsigned long shim_rcu_pending;

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *))
{
	pthread_mutex_lock(&rcu_lock);
	head->func = func;
	head->next = rcu_queue;
	rcu_queue = head;
	shim_rcu_pending++;
	pthread_mutex_unlock(&rcu_lock);
}

void shim_rcu_run(void)
{
	struct rcu_head *h, *next;

	pthread_mutex_lock(&rcu_lock);
	h = rcu_queue;
	rcu_queue = NULL;
	shim_rcu_pending = 0;
	pthread_mutex_unlock(&rcu_lock);
	for (; h; h = next) {
		next = h->next;
		h->func(h);
	}
}

int seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(m->buf + m->count, m->size - m->count, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= m->size - m->count)
		shim_die(__FILE__, __LINE__, "seq_file buffer too small");
	m->count += n;
	return 0;
}

int seq_puts(struct seq_file *m, const char *s)
{
	return seq_printf(m, "%s", s);
}

int single_open(struct file *f, int (*show)(struct seq_file *, void *),
		void *data)
{
	(void)f;
	(void)show;
	(void)data;
	return 0;
}

int single_release(struct inode *inode, struct file *f)
{
	(void)inode;
	(void)f;
	return 0;
}

struct proc_dir_entry *create_proc_entry(const char *name, int mode,
					 void *parent)
{
	static struct proc_dir_entry e;

	(void)name;
	(void)mode;
	(void)parent;
	return &e;
}
