/*
 * oom-cases.c: run 2.6.14's OOM killer (select_bad_process() to
 * out_of_memory(), taken from mm/oom_kill.c by oom-host.sh) on the
 * host, over made-up task lists, and check whom it kills.
 *
 * Each case builds a task list, calls out_of_memory() the way the page
 * allocator does (again after each return, one jiffy later) and checks
 * the outcome: who got SIGKILL, a panic, or neither.  A loop that does
 * not end (the spin oom-no-spin is about) is caught by counting task
 * list walks.
 *
 * Usage: oom-cases (one line per case, exit 1 on a failure)
 */
#include <setjmp.h>
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
struct timespec {
	long tv_sec, tv_nsec;
};
struct task_struct {
	int pid, tgid, oomkilladj;
	unsigned long flags, tif, points;
	struct mm_struct *mm;
	struct list_head children, sibling;
	char comm[16];
	int time_slice;
	int killed;
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
#define task_lock(p) ((void)(p))
#define task_unlock(p) ((void)(p))
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
	struct mm_struct *mm = p->mm;

	if (!mm || (p->flags & PF_BORROWED_MM))
		return NULL;
	mm->mm_users.counter++;
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

static void start(void)
{
	ntasks = 0;
	walks = 0;
	memset(mms, 0, sizeof(mms));
	panic_msg[0] = 0;
	/* cases are apart in time, as separate OOM episodes are */
	jiffies += 60 * HZ;
	/* init, and two kernel threads */
	task(1, 1, 0, 0, 0, 0);
	task(2, 2, 0, 0, -1, 0);
	task(3, 3, 0, 0, -1, 0);
}

/*
 * Call out_of_memory() as the allocator would, for up to LIMIT jiffies
 * or until somebody is killed.  Returns 0 when a task was killed, 1 on
 * a panic, 2 on a spin, 3 when the limit ran out.  *when gets the
 * jiffies spent.
 */
static int oom(unsigned long limit, unsigned long *when)
{
	volatile unsigned long start_j = jiffies;
	int i, r;

	r = setjmp(on_panic);
	if (r) {
		*when = jiffies - start_j;
		return r;
	}
	while (jiffies - start_j < limit) {
		out_of_memory(0x50, 0);
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
				 "a wait without end" };
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

int main(void)
{
	struct task_struct *a, *b, *c;
	unsigned long when;
	int r;

	setvbuf(stdout, NULL, _IONBF, 0);

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

	return bad;
}
