/*
 * oom-cases.c: run 2.6.14's OOM killer (select_bad_process() to
 * out_of_memory(), taken from mm/oom_kill.c by oom-host.sh) on the
 * host, over made-up task lists, and check whom it kills.
 *
 * Each case builds a task list, calls out_of_memory() the way the page
 * allocator does (again after each return, one jiffy later, or after a
 * round of reclaim that sleeps) and checks the outcome: who got
 * SIGKILL, a panic, or neither.  A loop that does not end (the spin
 * oom-no-spin is about) is caught by counting task list walks, and a
 * NULL dereference by SIGSEGV.
 *
 * Another CPU: a task with "race" set is a kernel thread in the middle
 * of unuse_mm() on another CPU, under its task_lock: PF_BORROWED_MM
 * already clear, mm not yet NULL.  task_lock() waits for that CPU, so
 * a read under the lock sees mm NULL; a read without it (oom-host.sh
 * turns every "X->mm" of the extracted code into MM(X)) sees the mm,
 * and the other CPU finishes right after.
 *
 * Usage: oom-cases (one line per case, exit 1 on a failure)
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* --- the little of the kernel that the extracted code uses --- */
#define HZ 1000
typedef unsigned int gfp_t;
typedef struct { int counter; } atomic_t;
#define atomic_read(v) ((v)->counter)
#define OOM_DISABLE -17
#define PF_EXITING	0x00000004
#define PF_DEAD		0x00000008
#define PF_SWAPOFF	0x00080000
#define PF_BORROWED_MM	0x00400000
#define TIF_MEMDIE	16
#define SIGKILL 9
#define KERN_ERR ""
#define KERN_WARNING ""
#define WARN_ON(c) ((void)(c))
#define ERR_PTR(e) ((void *)(e))
#define PTR_ERR(p) ((long)(p))
#define time_after(a, b) ((long)(b) - (long)(a) < 0)

struct list_head {
	struct list_head *next, *prev;
};
#define list_entry(ptr, type, member) \
	((type *)((char *)(ptr) - __builtin_offsetof(type, member)))
#define list_for_each(pos, head) \
	for (pos = (head)->next; pos != (head); pos = pos->next)

struct mm_struct {
	atomic_t mm_users;
};
/* struct timespec: <signal.h>'s */
struct task_struct {
	int pid, tgid, oomkilladj;
	unsigned long flags, tif, points;
	struct mm_struct *mm;
	struct list_head children, sibling;
	char comm[16];
	int time_slice;
	int killed;
	int race;
};
typedef struct task_struct task_t;

static struct mm_struct init_mm;
static unsigned long jiffies;
static int tasklist_lock;
static jmp_buf on_panic;
static char panic_msg[128];
static long walks;

#define MAXTASKS 16
static struct task_struct tasks[MAXTASKS];
static int ntasks;

/* A walk of the task list; more than this per case is a spin. */
#define MAX_WALKS 200000
static void count_walk(void)
{
	if (++walks > MAX_WALKS) {
		snprintf(panic_msg, sizeof(panic_msg), "SPIN");
		longjmp(on_panic, 2);
	}
}
#define do_each_thread(g, t) \
	for (count_walk(), g = tasks; g < tasks + ntasks; g++) { t = g;
#define while_each_thread(g, t) }

#define test_tsk_thread_flag(p, f) (((p)->tif >> (f)) & 1)
#define set_tsk_thread_flag(p, f) ((p)->tif |= 1UL << (f))
#define cpuset_excl_nodes_overlap(p) 1

/* the other CPU's unuse_mm() finishes */
static void unuse_mm_done(struct task_struct *p)
{
	if (p->race) {
		p->mm = NULL;
		p->race = 0;
	}
}

static void task_lock(struct task_struct *p)
{
	unuse_mm_done(p);
}

#define task_unlock(p) ((void)(p))

/* p->mm read without task_lock(p) */
static struct mm_struct *mm_read(struct task_struct *p)
{
	struct mm_struct *mm = p->mm;

	unuse_mm_done(p);
	return mm;
}
#define MM(p) mm_read(p)
#define read_lock(l) ((void)(l))
#define read_unlock(l) ((void)(l))
#define printk_ratelimit() 0
#define show_mem() do { } while (0)
#define printk(...) do { } while (0)

static void do_posix_clock_monotonic_gettime(struct timespec *ts)
{
	ts->tv_sec = jiffies / HZ;
	ts->tv_nsec = 0;
}

static unsigned long badness(struct task_struct *p, unsigned long uptime)
{
	(void)uptime;
	return p->points;
}

static struct mm_struct *get_task_mm(struct task_struct *p)
{
	struct mm_struct *mm;

	task_lock(p);
	mm = p->mm;
	if (mm && (p->flags & PF_BORROWED_MM))
		mm = NULL;
	else if (mm)
		mm->mm_users.counter++;
	task_unlock(p);
	return mm;
}

static void mmput(struct mm_struct *mm)
{
	mm->mm_users.counter--;
}

static void force_sig(int sig, struct task_struct *p)
{
	if (sig == SIGKILL)
		p->killed = 1;
}

static void panic(const char *fmt, ...)
{
	snprintf(panic_msg, sizeof(panic_msg), "%s", fmt);
	longjmp(on_panic, 1);
}

static void schedule_timeout_interruptible(long t)
{
	jiffies += t;
}

static void on_segv(int sig)
{
	(void)sig;
	snprintf(panic_msg, sizeof(panic_msg), "NULL dereference");
	longjmp(on_panic, 4);
}

#include "oom-extract.c"

/* --- the cases --- */
static struct mm_struct mms[MAXTASKS];

/* add a task; mm is an index into mms[], or -1 for none */
static struct task_struct *task(int pid, int tgid, int adj,
				unsigned long points, int mm, unsigned long flags)
{
	struct task_struct *p = &tasks[ntasks++];

	memset(p, 0, sizeof(*p));
	p->pid = pid;
	p->tgid = tgid;
	p->oomkilladj = adj;
	p->points = points;
	p->flags = flags;
	if (mm >= 0) {
		p->mm = &mms[mm];
		mms[mm].mm_users.counter++;
	}
	p->children.next = p->children.prev = &p->children;
	snprintf(p->comm, sizeof(p->comm), "task%d", pid);
	return p;
}

static void child_of(struct task_struct *parent, struct task_struct *c)
{
	struct list_head *prev = parent->children.prev;

	c->sibling.next = &parent->children;
	c->sibling.prev = prev;
	prev->next = &c->sibling;
	parent->children.prev = &c->sibling;
}

/*
 * Jiffies the allocator spends between two calls of out_of_memory()
 * besides the one out_of_memory() sleeps: a round of try_to_free_pages()
 * can sleep up to ten times HZ/10 in blk_congestion_wait().
 */
static unsigned long round_gap;

/*
 * When, in jiffies after the start, the allocation that called
 * out_of_memory() gets its page (oom_wait_end(), as __alloc_pages()
 * calls it) and the next one starts; 0: never.
 */
static unsigned long success_at;

void oom_wait_end(void);

static void start(void)
{
	ntasks = 0;
	walks = 0;
	memset(mms, 0, sizeof(mms));
	panic_msg[0] = 0;
	round_gap = 0;
	success_at = 0;
	/*
	 * cases are apart in time, as separate OOM episodes are, and a
	 * case after a panic starts on a new boot
	 */
	jiffies += 60 * HZ;
	oom_wait_end();
	/* init, and two kernel threads */
	task(1, 1, 0, 0, 0, 0);
	task(2, 2, 0, 0, -1, 0);
	task(3, 3, 0, 0, -1, 0);
}

/*
 * Call out_of_memory() as the allocator would, for up to LIMIT jiffies
 * or until somebody is killed.  Returns 0 when a task was killed, 1 on
 * a panic, 2 on a spin, 3 when the limit ran out, 4 on an oops.  *when
 * gets the jiffies spent.
 */
static int oom(unsigned long limit, unsigned long *when)
{
	volatile unsigned long start_j = jiffies;
	volatile int succeeded = 0;
	int i, r;

	walks = 0;
	r = setjmp(on_panic);
	if (r) {
		*when = jiffies - start_j;
		return r;
	}
	while (jiffies - start_j < limit) {
		if (success_at && !succeeded &&
		    jiffies - start_j >= success_at) {
			oom_wait_end();
			succeeded = 1;
		}
		out_of_memory(0x50, 0);
		jiffies += round_gap;
		for (i = 0; i < ntasks; i++)
			if (tasks[i].killed) {
				*when = jiffies - start_j;
				return 0;
			}
	}
	*when = jiffies - start_j;
	return 3;
}

static const char *outcome[] = { "a kill", "a panic", "a spin",
				 "a wait without end", "an oops" };
static int bad;

static void expect(const char *name, int want, int got, unsigned long when)
{
	if (got != want) {
		printf("FAIL: %s: %s (after %lu jiffies), wanted %s\n",
		       name, outcome[got], when, outcome[want]);
		bad = 1;
	} else {
		printf("ok %s: %s after %lu jiffies\n", name, outcome[got],
		       when);
	}
}

static void expect_killed(const char *name, struct task_struct *p, int want)
{
	if (p->killed != want) {
		printf("FAIL: %s: pid %d (oom_adj %d) %s\n", name, p->pid,
		       p->oomkilladj, p->killed ? "was killed" :
		       "was not killed");
		bad = 1;
	}
}

/* a panic must have come between LO and HI seconds */
static void panic_between(const char *name, int r, unsigned long when,
			  unsigned long lo, unsigned long hi)
{
	if (r == 1 && (when < lo * HZ || when > hi * HZ)) {
		printf("FAIL: %s: the panic came after %lu jiffies, not "
		       "%lu to %lu s\n", name, when, lo, hi);
		bad = 1;
	}
}

int main(void)
{
	struct task_struct *a, *b, *c;
	struct sigaction sa;
	unsigned long when;
	int r;

	setvbuf(stdout, NULL, _IONBF, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_segv;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);

	start();
	a = task(10, 10, 0, 100, 1, 0);
	b = task(11, 11, 0, 500, 2, 0);
	r = oom(60 * HZ, &when);
	expect("two tasks", 0, r, when);
	expect_killed("two tasks", b, 1);
	expect_killed("two tasks", a, 0);

	start();
	task(10, 10, OOM_DISABLE, 100, 1, 0);
	r = oom(60 * HZ, &when);
	expect("only OOM_DISABLE tasks hold memory", 1, r, when);
	if (r == 1 && (when < 10 * HZ || when > 12 * HZ)) {
		printf("FAIL: the panic came after %lu jiffies, not 10 s\n",
		       when);
		bad = 1;
	}

	start();
	task(10, 10, OOM_DISABLE, 100, 1, 0);
	task(4, 4, 0, 0, 1, PF_BORROWED_MM);	/* an AIO worker on its mm */
	r = oom(60 * HZ, &when);
	expect("an AIO worker in use_mm()", 1, r, when);
	if (r == 1 && when < 10 * HZ) {
		printf("FAIL: the panic came after %lu jiffies, not 10 s\n",
		       when);
		bad = 1;
	}

	start();
	task(4, 4, OOM_DISABLE, 0, -1, 0);	/* a -17 kernel thread */
	r = oom(60 * HZ, &when);
	expect("a -17 kernel thread, no process", 1, r, when);
	if (r == 1 && when > HZ) {
		printf("FAIL: no process to kill, yet it waited %lu jiffies\n",
		       when);
		bad = 1;
	}

	start();
	a = task(10, 10, 0, 500, 1, 0);
	b = task(11, 11, OOM_DISABLE, 50, 2, 0);
	child_of(a, b);
	r = oom(60 * HZ, &when);
	expect("a parent with a -17 child", 0, r, when);
	expect_killed("a parent with a -17 child", b, 0);
	expect_killed("a parent with a -17 child", a, 1);

	start();
	a = task(10, 10, 0, 500, 1, 0);
	b = task(11, 11, OOM_DISABLE, 50, 1, 0);	/* CLONE_VM, own tgid */
	c = task(12, 12, 0, 100, 2, 0);
	r = oom(60 * HZ, &when);
	expect("a process sharing its mm with a -17 one", 0, r, when);
	expect_killed("a process sharing its mm with a -17 one", a, 0);
	expect_killed("a process sharing its mm with a -17 one", b, 0);
	expect_killed("a process sharing its mm with a -17 one", c, 1);

	/* one round of reclaim sleeps 1.2 s: the wait must still end */
	start();
	task(10, 10, OOM_DISABLE, 100, 1, 0);
	round_gap = 1200 * HZ / 1000;
	r = oom(60 * HZ, &when);
	expect("only OOM_DISABLE tasks, 1.2 s between calls", 1, r, when);
	panic_between("only OOM_DISABLE tasks, 1.2 s between calls", r, when,
		      10, 12);

	/* memory comes back once, after 6 s: a new wait of 10 s */
	start();
	task(10, 10, OOM_DISABLE, 100, 1, 0);
	success_at = 6 * HZ;
	r = oom(60 * HZ, &when);
	expect("an allocation gets its page after 6 s", 1, r, when);
	panic_between("an allocation gets its page after 6 s", r, when,
		      16, 17);

	/* a kill after 6 s of waiting: the next wait is 10 s again */
	start();
	task(10, 10, OOM_DISABLE, 100, 1, 0);
	r = oom(6 * HZ, &when);
	expect("6 s with only OOM_DISABLE tasks", 3, r, when);
	a = task(11, 11, 0, 50, 2, 0);
	r = oom(60 * HZ, &when);
	expect("then a task to kill", 0, r, when);
	ntasks--;		/* it exits */
	r = oom(60 * HZ, &when);
	expect("then only OOM_DISABLE tasks again", 1, r, when);
	panic_between("then only OOM_DISABLE tasks again", r, when, 10, 11);

	/*
	 * An AIO worker on process 10's mm, first in the list, finishes
	 * unuse_mm() on another CPU while the OOM killer looks at it.
	 */
	start();
	a = task(4, 4, 0, 500, 1, 0);
	a->race = 1;
	mms[1].mm_users.counter--;	/* use_mm() takes no mm_users */
	b = task(10, 10, 0, 100, 1, 0);
	r = oom(60 * HZ, &when);
	expect("an AIO worker leaving use_mm() on another CPU", 0, r, when);
	expect_killed("an AIO worker leaving use_mm() on another CPU", a, 0);
	expect_killed("an AIO worker leaving use_mm() on another CPU", b, 1);

	return bad;
}
