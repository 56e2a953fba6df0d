#!/bin/bash
# "make menuconfig" works on the host: lxdialog builds against Debian's
# multiarch ncurses and the menu comes up.  It runs in a detached tmux
# terminal, and the test reads the screen.
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
need tmux quilt
vanilla_tree

"$TOP/scripts/prepare-tree" "$VANILLA" "$TMP/tree" compat >/dev/null
mkdir -p "$TMP/out"
sock=$TMP/tmux.sock
tmux -S "$sock" new-session -d -x 120 -y 40 \
	"make -C '$TMP/tree' O='$TMP/out' ARCH=i386 menuconfig; echo \$? >'$TMP/rc'; sleep 60"
screen=
for _ in $(seq 1 120); do
	screen=$(tmux -S "$sock" capture-pane -p 2>/dev/null || true)
	echo "$screen" | grep -q 'Linux Kernel Configuration' && break
	[ -f "$TMP/rc" ] && break
	sleep 1
done
tmux -S "$sock" send-keys Escape Escape 2>/dev/null || true
sleep 1
tmux -S "$sock" kill-server 2>/dev/null || true
echo "$screen" | head -n 12
echo "$screen" | grep -q 'Linux Kernel Configuration' || {
	echo "$screen" | tail -n 20
	fail "menuconfig did not come up (make exit status: $(cat "$TMP/rc" 2>/dev/null || echo none))"
}
[ -x "$TMP/out/scripts/lxdialog/lxdialog" ] || fail "lxdialog was not built"
echo "menuconfig came up; lxdialog built"
