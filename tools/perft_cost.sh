#!/usr/bin/env bash
# Instructions per perft node, start-up taken off: callgrind counts the whole program at
# DEPTH and at depth 1, and the difference is divided by the leaf count at DEPTH. Instruction
# counts do not drift with the machine's load, unlike timings.
#
#   tools/perft_cost.sh VARIANT DEPTH [--fen FEN]
#
# HOLECHESS names the binary (default target/release/holechess; build it with
# `cargo build --release --bin holechess`). Prints: variant, depth, nodes, instructions per node.
#
# This measures `holechess perft`, which runs a variant's after-move hooks as K6 says (a run
# that asks for a die is skipped whole, after it ran): for a variant with such hooks
# (wormhole, pothole) most of the figure is the hooks, not move generation.
# `holechess bench` times the kernel's perft alone; to count that with this script, give it
# a copy of the script without its `after each move` line.
set -eu
variant=$1
depth=$2
shift 2
extra=("$@")
bin=${HOLECHESS:-target/release/holechess}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The instructions callgrind counts for one perft run (its summary line "Collected : N").
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$bin" perft "$variant" "$1" "${extra[@]}" \
        >"$work/stdout" 2>"$work/stderr"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/stderr"
}

full=$(instructions "$depth")
nodes=$(tail -n 1 "$work/stdout" | tr -dc '0-9')
startup=$(instructions 1)
echo "$variant depth $depth: $nodes nodes, $(( (full - startup) / nodes )) instructions per node"
