/*
 * tests/host/bitops-clobber.c: the i386 bitops with a bit number in a
 * register must tell gcc that they may touch any word of the bitmap.
 *
 * Each probe stores to the word that holds bit 100 of a 140-bit bitmap
 * (the size of the scheduler's priority bitmap: word 3 on i386), runs
 * one bitop on bit 100 with the bit number in a register, and reads that
 * word with a plain C access.  If the asm names only word 0 and does not
 * clobber memory, gcc keeps the word in a register, sinks the store past
 * the asm or drops it, and the probe sees a stale value.
 *
 * Built against the patched tree's include/asm-i386/bitops.h, for the host
 * (x86_64: the asm is the same, the word is then 64 bits wide and bit 100
 * is in word 1) and run; tests/host/bitops-clobber.sh also compiles it for
 * i686 and reads the code gcc made for probe___set_bit.  Prints one line
 * per probe ("ok NAME" or "FAIL NAME ...") and exits 1 if any fails.
 */
#include <asm-i386/bitops.h>

int printf(const char *fmt, ...);

#define BIT		100
#define BITS_PER_WORD	(8 * (int)sizeof(unsigned long))
#define W		(BIT / BITS_PER_WORD)
#define MASK		(1UL << (BIT % BITS_PER_WORD))
#define PROBE		__attribute__((__noinline__))

unsigned long map[(140 + 8 * sizeof(unsigned long) - 1) /
		  (8 * sizeof(unsigned long))];
volatile int nr_var = BIT;

/* Read-modify-write bitops: store, bitop, plain load of the same word. */
#define RMW_PROBE(op, before)						\
PROBE unsigned long probe_##op(unsigned long *m, int nr)		\
{									\
	m[W] = (before);						\
	op(nr, m);							\
	return m[W];							\
}
RMW_PROBE(set_bit, 0)
RMW_PROBE(__set_bit, 0)
RMW_PROBE(clear_bit, ~0UL)
RMW_PROBE(__clear_bit, ~0UL)
RMW_PROBE(change_bit, 0)
RMW_PROBE(__change_bit, 0)

/* test_and_*: the old bit comes from the store before, the new word must
 * be seen by the load after. */
#define TEST_PROBE(op, before)						\
PROBE unsigned long probe_##op(unsigned long *m, int nr, int *old)	\
{									\
	m[W] = (before);						\
	*old = op(nr, m) != 0;						\
	return m[W];							\
}
TEST_PROBE(test_and_set_bit, 0)
TEST_PROBE(__test_and_set_bit, 0)
TEST_PROBE(test_and_clear_bit, MASK)
TEST_PROBE(__test_and_clear_bit, MASK)
TEST_PROBE(test_and_change_bit, MASK)
TEST_PROBE(__test_and_change_bit, MASK)

/* variable_test_bit only reads: the store before it must not be dropped
 * or sunk past it because a later store overwrites the word. */
PROBE int probe_test_bit(unsigned long *m, int nr)
{
	int r;

	m[W] = MASK;
	r = test_bit(nr, m) != 0;
	m[W] = 0;
	return r;
}

static int bad;

static void check(const char *name, unsigned long got, unsigned long want)
{
	if (got == want) {
		printf("ok %s\n", name);
	} else {
		printf("FAIL %s: got %#lx, want %#lx\n", name, got, want);
		bad = 1;
	}
}

#define RMW_CHECK(op, want) check(#op, probe_##op(map, nr_var), (want))
#define TEST_CHECK(op, want, want_old)					\
	do {								\
		int old = -1;						\
		check(#op, probe_##op(map, nr_var, &old), (want));	\
		check(#op " (old bit)", old, (want_old));		\
	} while (0)

int main(void)
{
	RMW_CHECK(set_bit, MASK);
	RMW_CHECK(__set_bit, MASK);
	RMW_CHECK(clear_bit, ~MASK);
	RMW_CHECK(__clear_bit, ~MASK);
	RMW_CHECK(change_bit, MASK);
	RMW_CHECK(__change_bit, MASK);
	TEST_CHECK(test_and_set_bit, MASK, 0);
	TEST_CHECK(__test_and_set_bit, MASK, 0);
	TEST_CHECK(test_and_clear_bit, 0, 1);
	TEST_CHECK(__test_and_clear_bit, 0, 1);
	TEST_CHECK(test_and_change_bit, 0, 1);
	TEST_CHECK(__test_and_change_bit, 0, 1);
	check("test_bit", probe_test_bit(map, nr_var), 1);
	return bad;
}
