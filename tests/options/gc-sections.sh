#!/bin/bash
# CONFIG_GC_SECTIONS (tiny/gc-sections.patch): the link must keep every
# table the kernel walks by its start and end symbols, and must put the
# sections the kernel finds by address where they belong.  Builds the
# tiny board from the whole series twice in one tree, with GC_SECTIONS
# off and on (configs/fragments/gc-sections.config), and checks the
# second against the first:
#  - scripts/gc-sections lists what ld removed; none of it is one of
#    the tables (initcalls, __setup, __param, the exception table and
#    its fixups, alternatives, PCI fixups, the initramfs, init_task,
#    the IDT and the page-aligned bss);
#  - those tables have the same size in both kernels;
#  - every function in .sched.text (in_sched_functions()) and
#    .spinlock.text is one the kernel without GC_SECTIONS has there,
#    and every one of those still in the kernel is still there, so
#    -ffunction-sections put none of them elsewhere;
#  - the page-aligned, cache-aligned, read-mostly and init_task data
#    hold only what they held without GC_SECTIONS (a variable whose
#    name makes -fdata-sections give it one of those section names
#    would land there), but for init_task, which does and is
#    allowed after init_thread_union, which must stay aligned to
#    THREAD_SIZE and first.
# Then the GC_SECTIONS kernel boots at 8 MB with the guest workload
# (disk, fork, network, syscall-regs) and the option probes.  make
# check's boards boot with it too (it is in tinyconfig), and
# tests/net/transfer.sh runs the network test on the tiny board.
# "tests/options/gc-sections.sh --check OFF ON" runs the checks alone
# on two kernel build folders.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

# The tables ld must never remove, and must keep whole.
tables="__ex_table .pci_fixup __param .init.setup .initcall.init
.con_initcall.init .altinstructions .altinstr_replacement
.data.page_aligned .bss.page_aligned"

# section_size OUT NAME: the size of section NAME of OUT/vmlinux, or -
section_size() {
	"${CROSS}objdump" -h "$1/vmlinux" | awk -v s="$2" '$2 == s { print $3; f = 1 }
		END { if (!f) print "-" }'
}

# section_symbols OUT NAME: the sorted names of the symbols in section NAME
section_symbols() {
	"${CROSS}objdump" -t "$1/vmlinux" |
		awk -v s="$2" '$0 ~ "[ \t]" s "[ \t]" && $NF !~ /^\./ { print $NF }' |
		sort -u
}

# text_symbols OUT sched|lock: the sorted names of the symbols from
# __X_text_start up to __X_text_end in OUT/System.map, by address (an
# empty range has its end symbol listed before its start symbol)
text_symbols() {
	awk -v s="__$2_text_start" -v e="__$2_text_end" '
		FNR == NR { if ($3 == s) lo = $1; if ($3 == e) hi = $1; next }
		lo != "" && $1 >= lo && $1 < hi { print $3 }' \
		"$1/System.map" "$1/System.map" | sort -u
}

check_gc() {
	local off=$1 on=$2 bad="" s a b extra
	"$TOP/scripts/gc-sections" -l "$on" >"$on/gc-sections.txt" ||
		fail "scripts/gc-sections $on failed"
	head -n 1 "$on/gc-sections.txt"
	# Removed sections that are tables, or hold the kernel's fixed data
	if grep -E "^  [0-9]+ [^ ]+ (\\.initcall|\\.init\\.setup|\\.con_initcall|\\.security_initcall|__param|__ex_table|\\.fixup|\\.altinstr|\\.pci_fixup|\\.init\\.ramfs|\\.data\\.init_task|\\.data\\.idt|\\.data\\.percpu|\\.bss\\.page_aligned|__ksymtab|__kcrctab)" \
		"$on/gc-sections.txt"; then
		bad="$bad removed-tables"
	fi
	for s in $tables; do
		a=$(section_size "$off" "$s")
		b=$(section_size "$on" "$s")
		[ "$a" = "$b" ] && continue
		echo "$s: $a without GC_SECTIONS, $b with it"
		bad="$bad $s"
	done
	[ "$(section_size "$on" .init.ramfs)" != - ] || bad="$bad .init.ramfs"
	# .sched.text and .spinlock.text: only the same functions
	for s in sched lock; do
		a=$(text_symbols "$off" "$s")
		b=$(text_symbols "$on" "$s")
		extra=$(comm -13 <(echo "$a") <(echo "$b"))
		if [ -n "$extra" ]; then
			echo "in the $s text with GC_SECTIONS only:" "$(echo "$extra" | paste -sd " " -)"
			bad="$bad $s-text"
		fi
		# the ones still in the kernel but outside the range
		extra=$(comm -23 <(echo "$a") <(echo "$b") | while read -r f; do
			[ -n "$f" ] && grep -q " $f\$" "$on/System.map" && echo "$f"
		done || true)
		if [ -n "$extra" ]; then
			echo "out of the $s text with GC_SECTIONS:" "$(echo "$extra" | paste -sd " " -)"
			bad="$bad $s-text-moved"
		fi
	done
	# Data the kernel places by section: nothing new in it
	for s in .data.page_aligned .data.cacheline_aligned .data.read_mostly \
		.data.init_task .bss.page_aligned; do
		extra=$(comm -13 <(section_symbols "$off" "$s") <(section_symbols "$on" "$s") |
			grep -vx init_task || true)
		if [ -n "$extra" ]; then
			echo "in $s with GC_SECTIONS only:" "$(echo "$extra" | paste -sd " " -)"
			bad="$bad $s-symbols"
		fi
	done
	a=$(awk '$3 == "init_thread_union" { print $1 }' "$on/System.map")
	b=$("${CROSS}objdump" -h "$on/vmlinux" | awk '$2 == ".data.init_task" { print $4 }')
	if [ -z "$a" ] || [ "$a" != "$b" ]; then
		echo "init_thread_union at ${a:-?}, .data.init_task at ${b:-?}"
		bad="$bad init_thread_union"
	fi
	[ -z "$bad" ] || fail "GC_SECTIONS broke:$bad"
	echo "tables kept whole, sched/lock text and placed data as without GC_SECTIONS"
}

if [ "${1:-}" = --check ]; then
	[ $# -eq 3 ] || fail "usage: $0 --check OFF ON"
	check_gc "$2" "$3"
	exit 0
fi

need quilt qemu-system-i386 "${CROSS}gcc" "${CROSS}objdump" i386-linux-musl-gcc
vanilla_tree
tiny=$TOP/configs/qemu-i386-tiny.config
frag=$TOP/configs/fragments/gc-sections.config
opt_init gc-sections
series_tree
fragment "$W/off.config" "CONFIG_EMBEDDED=y" "# CONFIG_GC_SECTIONS is not set"
for k in off on; do
	f=$frag
	[ "$k" = on ] || f=$W/off.config
	echo "building tiny + $(basename "$f")"
	"$TOP/scripts/build-kernel" "$BUILD/trees/series" "$tiny" "$W/$k" "$f" \
		>"$W/$k.build.out" 2>&1 ||
		{ tail -n 30 "$W/$k.build.out"; fail "kernel build failed: $W/$k"; }
done
[ "$(config_value "$W/off" GC_SECTIONS)" = n ] || fail "GC_SECTIONS is not off in $W/off"
[ "$(config_value "$W/on" GC_SECTIONS)" = y ] || fail "GC_SECTIONS is not on in $W/on"
echo "vmlinux with GC_SECTIONS: $(size_delta "$W/off" "$W/on")"
check_gc "$W/off" "$W/on"

opt_initramfs "$W"
opt_disk "$W/disk.img"
OPT_RAM=8
opt_boot "$W/on.log" "$W/on" --hda "$W/disk.img"
expect_kv "$W/on.log" results pass
"$TOP/tests/options/check-probes" "$W/on.log" small >"$W/probes.out" ||
	{ cat "$W/probes.out"; fail "option probes (log: $W/on.log)"; }
echo "PASS"
