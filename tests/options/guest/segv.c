/*
 * segv: fill some memory with a marker, then die of SIGSEGV.
 *
 * Usage: segv
 *
 * The marker ("TINY-CORE-MARKER-" and a counter, over 64 KiB of the
 * heap) lets check-core find this process's memory in its core file.
 * The program writes through a null pointer and never returns; if it
 * does (no SIGSEGV), it prints "segv=survived" and exits 1.
 *
 * Built static for i386 with musl; runs in the guest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZE (64 * 1024)

int main(void)
{
	char *buf = malloc(SIZE);
	volatile int *null = NULL;
	size_t i;

	if (!buf) {
		printf("segv=no-memory\n");
		return 1;
	}
	for (i = 0; i + 32 <= SIZE; i += 32)
		snprintf(buf + i, 32, "TINY-CORE-MARKER-%08zu", i / 32);
	fflush(stdout);
	*null = 1;
	printf("segv=survived %c\n", buf[0]);
	return 1;
}
