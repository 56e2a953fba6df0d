/*
 * gfp.h: 2.6.14's allocation flags, as the host tests of tests/fixes/
 * use them (the values of include/linux/gfp.h).
 */
typedef unsigned int gfp_t;
#define __GFP_WAIT	0x10u
#define __GFP_HIGH	0x20u
#define __GFP_IO	0x40u
#define __GFP_FS	0x80u
#define __GFP_NOWARN	0x200u
#define __GFP_REPEAT	0x400u
#define __GFP_NOFAIL	0x800u
#define __GFP_NORETRY	0x1000u
#define __GFP_NOMEMALLOC 0x10000u
#define __GFP_HARDWALL	0x40000u
#define GFP_ATOMIC	__GFP_HIGH
#define GFP_NOIO	__GFP_WAIT
#define GFP_NOFS	(__GFP_WAIT | __GFP_IO)
#define GFP_KERNEL	(__GFP_WAIT | __GFP_IO | __GFP_FS)
