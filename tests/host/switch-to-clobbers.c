/*
 * tests/host/switch-to-clobbers.c: the i386 switch_to() must not let gcc
 * keep a value in a register across the task switch
 * (compat/switch-to-clobbers.patch).
 *
 * tests/host/switch-to-clobbers.sh puts the switch_to() macro of the
 * patched tree's include/asm-i386/system.h in front of this file and
 * compiles it for i686.  The code after the macro's label 1 runs in the
 * task switched to, which comes back on its own stack with %ebp popped
 * from it and %eax from __switch_to(); %ebx, %esi and %edi hold what the
 * task switched from had in them, %ecx and %edx whatever __switch_to()
 * left.  A value gcc keeps in one of those five across the asm is
 * another task's, or garbage.  Values on the stack are the task's own.
 *
 * get_cur() stands for "current" when it is a call gcc may reuse
 * (__attribute__((const)), as INLINE_THREADINFO=n makes it): gcc may
 * then keep the task pointer across the switch instead of calling again.
 * The probes do what schedule() does with it.
 */
struct thread_struct {
	unsigned long esp, eip;
};

struct task_struct {
	struct thread_struct thread;
	int id;
};

extern struct task_struct *get_cur(void) __attribute__((__const__));
extern void use(struct task_struct *t);
extern int again(void);

/* "current" before the switch and after it */
void probe_current(struct task_struct *next)
{
	struct task_struct *prev = get_cur();

	use(prev);
	switch_to(prev, next, prev);
	use(get_cur());
}

/* next and prev used after the switch */
void probe_args(struct task_struct *prev, struct task_struct *next)
{
	use(next);
	switch_to(prev, next, prev);
	use(prev);
	use(next);
}

/* schedule()'s loop: "current" read again when the switch comes back */
void probe_loop(struct task_struct *next)
{
	struct task_struct *prev;

	do {
		prev = get_cur();
		use(prev);
		switch_to(prev, next, prev);
	} while (again());
	use(get_cur());
}
