#!/usr/bin/env bash
# Side-by-side figures for the README's performance table. None of the peers is part of the
# project; obtain them yourself, then run this from the repository's root.
#
#   docs/peers/compare.sh PATH/TO/stockfish PGN_FOLDER
#       perft beside Fairy-Stockfish, and reading + replaying PGN beside python-chess.
#       Fairy-Stockfish: clone its source repository, then `make -C src -j2 build ARCH=x86-64-modern`
#                        (no network net needed for perft); pass the path of `src/stockfish`.
#       python-chess:    `pip install chess` (the Python package installer).
#
#   docs/peers/compare.sh validate PGN_FILE_OR_FOLDER...
#       `holechess validate chess --jobs 1` beside pgn-reader + shakmaty, the Rust specialist
#       (pgn_reader_validate.rs beside this script: SAN to move, play; built here in a scratch
#       folder outside the repository from the package registry's pgn-reader 0.29 and
#       shakmaty 0.30 with `cargo`; set PEER=path to use a validator built before).
#       For each input, one after the other in one run:
#         CPU     user + system seconds of one process (/usr/bin/time), best of 3 runs;
#         instr   instructions per ply (valgrind's callgrind, total Ir), with the start-up
#                 taken off: the instructions of the same program on a one-game file;
#         RSS     peak resident memory (/usr/bin/time's "maximum resident set size").
#
# Every figure is of one process, run one after the other.
set -euo pipefail

cpu() { /usr/bin/time -f "%U" "$@" 2>&1 >/dev/null | tail -1; }

# Seconds of user + system CPU, the best of three runs.
cpu_best() {
    local best="" run
    for _ in 1 2 3; do
        run=$(/usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.3f", $1 + $2}')
        if [ -z "$best" ] || awk "BEGIN {exit !($run < $best)}"; then best=$run; fi
    done
    echo "$best"
}

# Instructions of a whole run (callgrind's total Ir).
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# Peak resident set size in kilobytes.
peak_rss() { /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1; }

# Builds the peer validator in a scratch folder outside the repository; prints its path.
build_peer() {
    local scratch=${PEER_DIR:-${TMPDIR:-/tmp}/holechess-peer-validate}
    local here
    here=$(cd "$(dirname "$0")" && pwd)
    if [ ! -f "$scratch/Cargo.toml" ]; then
        mkdir -p "$scratch"
        (cd "$scratch" && cargo init --quiet --name peer-validate &&
            cargo add --quiet pgn-reader@0.29 shakmaty@0.30 &&
            printf '\n[profile.release]\ndebug = "line-tables-only"\n' >>Cargo.toml)
    fi
    cp "$here/pgn_reader_validate.rs" "$scratch/src/main.rs"
    (cd "$scratch" && cargo build --release --quiet)
    echo "$scratch/target/release/peer-validate"
}

compare_validate() {
    local files=() path
    for path in "$@"; do
        if [ -d "$path" ]; then files+=("$path"/*.pgn); else files+=("$path"); fi
    done
    cargo build --release --quiet --bin holechess
    local holechess peer one plies
    holechess=$(pwd)/target/release/holechess
    peer=${PEER:-$(build_peer)}
    one=$(mktemp --suffix=.pgn)
    printf '[Event "start-up"]\n\n1. e4 e5 *\n' >"$one"
    plies=$("$peer" "${files[@]}" | sed -n 's/.* games, \([0-9]*\) plies.*/\1/p')
    local hc_start peer_start
    hc_start=$(instructions "$holechess" validate chess --jobs 1 "$one")
    peer_start=$(instructions "$peer" "$one")
    echo "${#files[@]} file(s), $plies plies"
    printf '%-34s %8s %12s %10s\n' validator "CPU s" "instr/ply" "peak RSS"
    local name cmd
    for name in peer holechess; do
        if [ "$name" = peer ]; then
            cmd=("$peer" "${files[@]}")
            start=$peer_start
            label="pgn-reader 0.29 + shakmaty 0.30"
        else
            cmd=("$holechess" validate chess --jobs 1 "${files[@]}")
            start=$hc_start
            label="holechess validate chess --jobs 1"
        fi
        local total
        total=$(instructions "${cmd[@]}")
        printf '%-34s %8s %12s %8s KB\n' "$label" "$(cpu_best "${cmd[@]}")" \
            "$(((total - start) / plies))" "$(peak_rss "${cmd[@]}")"
    done
    rm -f "$one"
}

if [ "${1:-}" = validate ]; then
    shift
    compare_validate "$@"
    exit 0
fi

stockfish=${1:?path to a Fairy-Stockfish binary, or: validate PGN...}
pgn_dir=${2:?folder of PGN files}
cargo build --release --quiet
holechess=$(pwd)/target/release/holechess
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"

echo "perft start depth 6:  holechess $(cpu "$holechess" perft chess 6) s" \
     " Fairy-Stockfish $(printf 'position startpos\ngo perft 6\nquit\n' | cpu "$stockfish") s"
echo "perft Kiwipete depth 5:  holechess $(cpu "$holechess" perft chess 5 --fen "$kiwipete") s" \
     " Fairy-Stockfish $(printf 'position fen %s\ngo perft 5\nquit\n' "$kiwipete" | cpu "$stockfish") s"
(
    cd "$pgn_dir"
    echo "validate (1 job):  holechess $(cpu "$holechess" validate chess --jobs 1 ./*.pgn) s"
    echo "python-chess: $(python3 "$OLDPWD/docs/peers/pychess_validate.py" ./*.pgn)"
)
