#!/bin/sh
# mc-clone.sh: guest side of tests/fixes/mc-clone.sh (run by /init with
# tiny.test=mc-clone): accepted TCP sockets must not share the
# listener's multicast memberships (see mc-clone.c).  The slab's
# periodic reaper walks the caches every 2 s; the wait gives it time to
# trip over a double-freed entry (an Oops fails the boot).
/extra/bin/mc-clone 20
st=$?
sleep 5
exit $st
