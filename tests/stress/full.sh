#!/bin/bash
# Stress the full board at the least RAM it boots with (tests/stress/board.sh).
exec "$(dirname "$0")/board.sh" full
