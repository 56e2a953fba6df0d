/*
 * timer-wheel.c: run 2.6.14's timer wheel (internal_add_timer, cascade,
 * __run_timers, taken from kernel/timer.c by timer-host.sh) on the host,
 * and check that timers far beyond the wheel fire on time.
 *
 * With CONFIG_BASE_SMALL=1 the wheel spans 2^22 jiffies.  A timer
 * further away than that can be put back into the tv5 list that
 * cascade() is walking: with one such timer it is dropped (it never
 * fires), with two cascade() loops for ever.  An alarm turns the hang
 * into a failure.
 *
 * Usage: timer-wheel (prints one line per case, exits 1 on a failure)
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --- the little of the kernel that the extracted code uses --- */
struct list_head {
	struct list_head *next, *prev;
};
#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define INIT_LIST_HEAD(p) do { (p)->next = (p); (p)->prev = (p); } while (0)
#define list_entry(ptr, type, member) \
	((type *)((char *)(ptr) - __builtin_offsetof(type, member)))

static void list_add_tail(struct list_head *new, struct list_head *head)
{
	struct list_head *prev = head->prev;

	head->prev = new;
	new->next = head;
	new->prev = prev;
	prev->next = new;
}

static int list_empty(const struct list_head *head)
{
	return head->next == head;
}

static void list_splice_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		struct list_head *first = list->next, *last = list->prev;
		struct list_head *at = head->next;

		first->prev = head;
		head->next = first;
		last->next = at;
		at->prev = last;
		INIT_LIST_HEAD(list);
	}
}

typedef int spinlock_t;
#define spin_lock_irq(l) ((void)(l))
#define spin_unlock_irq(l) ((void)(l))
#define preempt_count() 0
#define printk printf
#define KERN_WARNING ""
#define BUG() abort()
#define BUG_ON(c) do { if (c) abort(); } while (0)
#define ____cacheline_aligned_in_smp
#define DEFINE_PER_CPU(type, name) type name
#define time_after_eq(a, b) ((long)(a) - (long)(b) >= 0)

struct timer_base_s;
struct timer_list {
	struct list_head entry;
	unsigned long expires;
	void (*function)(unsigned long);
	unsigned long data;
	struct timer_base_s *base;
};

static void detach_timer(struct timer_list *timer, int clear_pending)
{
	struct list_head *entry = &timer->entry;

	entry->next->prev = entry->prev;
	entry->prev->next = entry->next;
	if (clear_pending)
		entry->next = NULL;
	entry->prev = NULL;
}

static unsigned long jiffies;

#include "timer-extract.c"

#define MAX_WHEEL ((1UL << (TVR_BITS + 4 * TVN_BITS)) - 1)

/* --- the test --- */
#define NTIMERS 4

static struct timer_list timers[NTIMERS];
static unsigned long fired_at[NTIMERS];
static int fired[NTIMERS];

static void note_fire(unsigned long i)
{
	fired[i]++;
	fired_at[i] = jiffies;
}

static void on_alarm(int sig)
{
	static const char msg[] = "FAIL: __run_timers did not return "
		"(cascade() loops on its own tv5 list)\n";

	(void)sig;
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(1);
	_exit(1);
}

/*
 * One case: start the wheel at jiffy START, add N timers DELTA[i]
 * jiffies away, tick until the last is due, and check each fired once,
 * at its expiry.
 */
static int run_case(const char *name, unsigned long start, int n,
		    const unsigned long *delta)
{
	tvec_base_t *base = &tvec_bases;
	unsigned long last = 0;
	int i, bad = 0;

	memset(base, 0, sizeof(*base));
	INIT_LIST_HEAD(base->tv1.vec);
	for (i = 0; i < TVR_SIZE; i++)
		INIT_LIST_HEAD(base->tv1.vec + i);
	for (i = 0; i < TVN_SIZE; i++) {
		INIT_LIST_HEAD(base->tv2.vec + i);
		INIT_LIST_HEAD(base->tv3.vec + i);
		INIT_LIST_HEAD(base->tv4.vec + i);
		INIT_LIST_HEAD(base->tv5.vec + i);
	}
	jiffies = start;
	base->timer_jiffies = start;
	for (i = 0; i < n; i++) {
		timers[i].expires = start + delta[i];
		timers[i].function = note_fire;
		timers[i].data = i;
		timers[i].base = &base->t_base;
		fired[i] = 0;
		internal_add_timer(base, &timers[i]);
		if (delta[i] > last)
			last = delta[i];
	}
	alarm(20);
	while (jiffies - start <= last + 1) {
		jiffies++;
		__run_timers(base);
	}
	alarm(0);
	for (i = 0; i < n; i++) {
		if (fired[i] != 1) {
			printf("FAIL: %s: timer %d (%lu jiffies away) fired %d "
			       "times\n", name, i, delta[i], fired[i]);
			bad = 1;
		} else if (fired_at[i] != start + delta[i]) {
			printf("FAIL: %s: timer %d fired at +%lu, due at +%lu\n",
			       name, i, fired_at[i] - start, delta[i]);
			bad = 1;
		}
	}
	if (!bad)
		printf("ok %s: %d timers fired on time\n", name, n);
	return bad;
}

int main(void)
{
	/* 2.6.14's INITIAL_JIFFIES at HZ=1000: 5 minutes before the wrap. */
	const unsigned long boot = (unsigned long)(unsigned int)(-300 * 1000);
	/* two 100,000 s sleeps at HZ=1000, 5 jiffies apart */
	const unsigned long two_sleeps[] = { 100000000, 100000005, 1000 };
	const unsigned long one_sleep[] = { 100000000 };
	/* just past the wheel, and 3 wheel spans away */
	const unsigned long edges[] = { MAX_WHEEL + 1, MAX_WHEEL + 2,
					3 * MAX_WHEEL + 7, 70 };
	int bad = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	signal(SIGALRM, on_alarm);
	printf("wheel: %d bits\n", TVR_BITS + 4 * TVN_BITS);
	bad |= run_case("one long timer", boot, 1, one_sleep);
	bad |= run_case("two long timers", boot, 3, two_sleeps);
	bad |= run_case("timers at the wheel's edge", 12345, 4, edges);
	return bad;
}
