/* Host shim for mm/slob.c: everything is in shim.h. */
#include "../shim.h"
