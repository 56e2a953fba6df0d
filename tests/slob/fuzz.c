/*
 * fuzz.c: a libFuzzer target for mm/slob.c on the host.
 *
 * The input is a sequence of operations (engine.c): its first byte sets
 * the size of the arena (8 to 135 pages, a quarter of them DMA), and
 * every following byte or two choose an operation and its arguments:
 * kmalloc() of every kind and size, kfree(), cache create, allocate,
 * free and destroy, RCU grace periods, injected page allocation
 * failures, heap checks.  When the input is used up, everything is
 * freed and every page must have come back.  Any broken check aborts.
 *
 * Build: clang -fsanitize=fuzzer,address,undefined (tests/slob/fuzz-corpus.sh)
 */
#include "engine.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct src s = { .data = data, .len = size, .pos = 1 };

	if (size < 1)
		return 0;
	engine_init(8 + data[0] % 128, (8 + data[0] % 128) / 4);
	while (engine_step(&s))
		;
	engine_finish();
	return 0;
}
