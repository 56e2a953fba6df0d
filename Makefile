# linux-tiny for 2.6.14: build, boot and measure a small Linux.
#
# make deps          install the Debian packages this needs (idempotent)
# make [BOARD=x]     fetch, patch, build, boot at the board's RAM, report
# make help          all targets
#
# Everything built goes under build/; downloads under $(DL_DIR).

SHELL		:= /bin/bash
TOP		:= $(CURDIR)
BUILD		?= $(TOP)/build
DL_DIR		?= $(HOME)/.cache/linux-tiny/dl
BOARD		?= min
CROSS_COMPILE	?= i686-linux-gnu-
JOBS		?= $(shell nproc 2>/dev/null || echo 2)
export DL_DIR BUILD CROSS_COMPILE JOBS

VANILLA		:= $(BUILD)/linux-2.6.14
TREE		:= $(BUILD)/trees/series
TREE_COMPAT	:= $(BUILD)/trees/compat
BOARDS		:= $(patsubst configs/qemu-i386-%.config,%,$(wildcard configs/qemu-i386-*.config))
BOARD_FILE	:= configs/qemu-i386-$(BOARD).config
OUT		:= $(BUILD)/out/series-$(BOARD)
INITRAMFS	:= $(BUILD)/initramfs.cpio.gz
DISK		:= $(BUILD)/disk.img
LOGS		:= $(BUILD)/logs
HOSTCC		?= gcc
HOST_CFLAGS	?= -O2 -Wall -Wextra
TOOLS		:= size-delta kmalloc-top count-inlines bootmem-sum
TOOL_BINS	:= $(addprefix $(BUILD)/bin/,$(TOOLS))

# The board's RAM in MB, from its "# ram:" line.
board_ram	= $(shell sed -n 's/^\# ram: *\([0-9]*\).*/\1/p' configs/qemu-i386-$(1).config)
# The first word of the board's "# KEY:" line: $(call board_line,BOARD,KEY)
board_line	= $(shell sed -n 's/^\# $(2): *\([^ ]*\).*/\1/p' configs/qemu-i386-$(1).config 2>/dev/null | head -n 1)

# The boot image ("# image: zImage", or the bzImage).  A board with
# "# initramfs: -" has its root on its own disk, $(BUILD)/BOARD/disk.img
# (scripts/mkrootdisk: busybox, the board's "# init:" script and
# netclient, "# rootdisk:" KiB), instead of the initramfs and
# $(BUILD)/disk.img.
BZIMAGE		:= $(OUT)/arch/i386/boot/$(or $(call board_line,$(BOARD),image),bzImage)
ifeq ($(call board_line,$(BOARD),initramfs),-)
BOOT_INITRAMFS	:= -
BOOT_DISK	:= $(BUILD)/$(BOARD)/disk.img
BOOT_DEPS	:= rootdisk
else
BOOT_INITRAMFS	:= $(INITRAMFS)
BOOT_DISK	:= $(DISK)
BOOT_DEPS	:= initramfs disk
endif

.PHONY: all help deps fetch tree tree-compat kernel initramfs disk rootdisk run boot \
	minram report bench-slob bench-kmalloc-acct bench-crc32 bench-oz measure-option defconfigs check \
	check-quick check-matrix check-ltp tools clean check-board

all: run

help:
	@echo 'Set-up and main job:'
	@echo '  make deps            install the Debian packages (needs root)'
	@echo '  make [BOARD=b]       fetch, patch, build, boot and report (default BOARD=min)'
	@echo 'Steps:'
	@echo '  make fetch           verified vanilla 2.6.14 tree in build/linux-2.6.14'
	@echo '  make tree            build/trees/series: vanilla + quilt push -a'
	@echo '  make kernel          build the board kernel (build/out/series-BOARD)'
	@echo '  make initramfs       busybox (static, musl) and /init in build/initramfs.cpio.gz'
	@echo '  make rootdisk        the root disk of a board with its root on the disk (BOARD=2m)'
	@echo '  make run             boot the board kernel with the guest checks, print the report'
	@echo '  make boot            boot the board kernel to an interactive busybox shell'
	@echo '  make minram          least RAM at which the board passes the guest checks'
	@echo '  make report          every board vanilla and patched, per-option savings:'
	@echo '                       Documentation/report/ (report.txt, options.svg)'
	@echo '  make tools           host tools in build/bin: $(TOOLS)'
	@echo '  make defconfigs      configs/qemu-i386-BOARD_defconfig, each board as a'
	@echo '                       complete .config for a tree with the series'
	@echo 'Benchmarks (print figures; BOOTS=n boots of each kernel):'
	@echo '  make bench-slob      SLAB against SLOB on min at 8 MB: Slab, MemFree, speed, held/live (ICOUNT=1: QEMU -icount)'
	@echo '  make bench-kmalloc-acct  cost of kmalloc accounting: on/off ratio, table memory (ICOUNT=1, FLOOR=1, TAIL=1)'
	@echo '  make bench-crc32     lib/crc32.c on the host: tables against bit by bit, MB/s and ratio'
	@echo '  make bench-oz        gcc -Oz against -Os on tiny: guest instructions per loop (QEMU -icount)'
	@echo '  make measure-option PATCH=tiny/X.patch FRAGMENT=F  one option: vmlinux and RAM delta'
	@echo 'Tests:'
	@echo '  make check           the test suite (ends with "N passed, N failed")'
	@echo '  make check-quick     its host-only tests: no kernel build, no boot'
	@echo '  make check-matrix    what make check leaves out: every patch alone,'
	@echo '                       every prefix, stress at each board'"'"'s least RAM'
	@echo '  make check-ltp       LTP'"'"'s system call tests on the min and tiny boards'
	@echo '                       (Documentation/ltp.txt)'
	@echo 'Cleaning:'
	@echo '  make clean           remove build/ (the download cache stays)'
	@echo 'Boards: $(BOARDS)'
	@echo 'Variables: BOARD=$(BOARD) DL_DIR=$(DL_DIR) BUILD=$(BUILD) JOBS=$(JOBS)'

# ---------------------------------------------------------------------------
# Set-up

# musl-dev:i386 is the only i386 package: a Multi-Arch: same package
# with an amd64 twin would have to match that twin's version, which a
# mirror serving the two from different indexes cannot promise.  The
# guest programs' Linux UAPI headers come from linux-libc-dev-i386-cross
# (Architecture: all, /usr/i686-linux-gnu/include), which has no twin.
# autoconf, automake and pkg-config build LTP (make check-ltp).
DEB_PACKAGES := quilt qemu-system-x86 gcc-i686-linux-gnu binutils-i686-linux-gnu \
	linux-libc-dev-i386-cross musl-dev:i386 \
	ccache e2fsprogs cpio libncurses-dev \
	git bzip2 xz-utils curl gcc make bc file tmux shellcheck gnuplot-nox \
	clang libclang-rt-14-dev dpkg-dev strace qemu-user-static \
	autoconf automake pkg-config

# Both steps run whatever the other did (enable-i386-exec needs no apt);
# each failure is reported, and make deps fails at the end.
deps:
	@st=0; \
	scripts/install-deps $(DEB_PACKAGES) || st=1; \
	scripts/enable-i386-exec || st=1; \
	[ $$st = 0 ] || { echo "make deps: failed (above)" >&2; exit 2; }

# ---------------------------------------------------------------------------
# Kernel

check-board:
	@[ -f $(BOARD_FILE) ] || { echo "make: unknown BOARD=$(BOARD); boards: $(BOARDS)" >&2; exit 2; }

fetch: $(VANILLA).verified

$(VANILLA).verified:
	scripts/fetch-kernel $(VANILLA)

tree: fetch
	scripts/prepare-tree $(VANILLA) $(TREE) series

tree-compat: fetch
	scripts/prepare-tree $(VANILLA) $(TREE_COMPAT) compat

kernel: check-board tree
	scripts/build-kernel $(TREE) $(BOARD_FILE) $(OUT)

# ---------------------------------------------------------------------------
# Userspace and boot

initramfs: $(INITRAMFS)

$(INITRAMFS): fetch FORCE
	scripts/build-busybox
	scripts/build-guest-progs $(BUILD)/guest/bin tests/guest/*.c
	scripts/mkinitramfs -b $(BUILD)/busybox/busybox -s $(BUILD)/initramfs \
		-k $(VANILLA) $(INITRAMFS).tmp $(BUILD)/guest/bin tests/guest/tests
	@if cmp -s $(INITRAMFS).tmp $(INITRAMFS); then rm $(INITRAMFS).tmp; \
	 else mv $(INITRAMFS).tmp $(INITRAMFS); fi

disk: $(DISK)

$(DISK):
	scripts/mkdisk $(DISK)

# The root disk of a board with "# initramfs: -" (BOARD=2m)
rootdisk: check-board fetch
	@[ "$(BOOT_INITRAMFS)" = - ] || { echo "make: BOARD=$(BOARD) boots an initramfs: no root disk" >&2; exit 2; }
	scripts/build-busybox
	scripts/build-guest-progs $(BUILD)/$(BOARD)/bin tests/guest/netclient.c
	scripts/mkrootdisk $(BOOT_DISK) $(call board_line,$(BOARD),rootdisk) \
		$(BUILD)/busybox/busybox $(call board_line,$(BOARD),init) $(BUILD)/$(BOARD)/bin/netclient

run: check-board kernel $(BOOT_DEPS)
	scripts/boot-board $(BOARD_FILE) $(BZIMAGE) $(BOOT_INITRAMFS) $(BOOT_DISK) $(LOGS)/$(BOARD).log

report: fetch
	scripts/report Documentation/report

# Benchmarks: they print figures, they assert nothing.
bench-slob: fetch
	scripts/bench-slob $(if $(ICOUNT),--icount) $(BOOTS)

bench-kmalloc-acct: fetch
	scripts/bench-kmalloc-acct $(if $(BOOTS),-n $(BOOTS)) $(if $(ICOUNT),--icount) $(if $(FLOOR),--floor) $(if $(TAIL),--tail)

# gcc -Oz against -Os on the tiny board, in guest instructions (QEMU -icount).
bench-oz: fetch
	scripts/bench-oz $(BOOTS)

# lib/crc32.c of the series tree, built for the host in both forms.
bench-crc32: tree
	scripts/crc32-host $(TREE) $(BUILD)/crc32
	$(BUILD)/crc32/crc32-cmp --bench

# make measure-option PATCH=tiny/mempool.patch FRAGMENT=configs/fragments/mempool.config
# (on the min board; BOARD=tiny measures it on the tiny board, whole series)
measure-option: fetch check-board
	@[ -n "$(PATCH)" ] && [ -n "$(FRAGMENT)" ] || \
		{ echo "make: measure-option needs PATCH=tiny/NAME.patch FRAGMENT=FILE" >&2; exit 2; }
	scripts/measure-option -b $(BOARD_FILE) $(PATCH) $(FRAGMENT)

minram: check-board kernel $(BOOT_DEPS)
	scripts/minram -b $(BOARD_FILE) $(BZIMAGE) $(BOOT_INITRAMFS) $(BOOT_DISK) $(LOGS)/minram-$(BOARD) $(call board_ram,$(BOARD))

boot: check-board kernel $(BOOT_DEPS)
	scripts/boot-board --interactive --append tiny.shell $(BOARD_FILE) $(BZIMAGE) \
		$(BOOT_INITRAMFS) $(BOOT_DISK) $(LOGS)/boot-$(BOARD).log

# ---------------------------------------------------------------------------
# Host tools

tools: $(TOOL_BINS)

$(BUILD)/bin/%: scripts/%.c scripts/tool.h | $(BUILD)/bin
	$(HOSTCC) $(HOST_CFLAGS) -o $@ $<

$(BUILD) $(BUILD)/bin:
	mkdir -p $@

# ---------------------------------------------------------------------------
# Tests

# Each board as a complete .config, for a tree with the whole series.
defconfigs: tree
	scripts/make-defconfigs $(TREE) configs $(wildcard configs/qemu-i386-*.config)

check:
	@tests/check

check-quick:
	@TEST_JOBS=$${TEST_JOBS:-2} tests/check --quick

check-matrix:
	@tests/check --matrix

check-ltp:
	@tests/check --ltp

clean:
	rm -rf $(BUILD)

FORCE:
