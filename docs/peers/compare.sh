#!/usr/bin/env bash
# Side-by-side figures for the README's performance table: holechess beside Fairy-Stockfish
# (perft) and python-chess (reading and replaying PGN). Neither peer is part of the project;
# obtain them yourself, then run this from the repository's root:
#
#   Fairy-Stockfish: clone its source repository, then `make -C src -j2 build ARCH=x86-64-modern`
#                    (no network net needed for perft); pass the path of `src/stockfish`.
#   python-chess:    `pip install chess` (the Python package installer).
#
#   docs/peers/compare.sh PATH/TO/stockfish PGN_FOLDER
#
# Every figure is CPU seconds (`user` of /usr/bin/time) of one process, run one after the other.
set -euo pipefail
stockfish=${1:?path to a Fairy-Stockfish binary}
pgn_dir=${2:?folder of PGN files}
cargo build --release --quiet
holechess=$(pwd)/target/release/holechess
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
cpu() { /usr/bin/time -f "%U" "$@" 2>&1 >/dev/null | tail -1; }

echo "perft start depth 6:  holechess $(cpu "$holechess" perft chess 6) s" \
     " Fairy-Stockfish $(printf 'position startpos\ngo perft 6\nquit\n' | cpu "$stockfish") s"
echo "perft Kiwipete depth 5:  holechess $(cpu "$holechess" perft chess 5 --fen "$kiwipete") s" \
     " Fairy-Stockfish $(printf 'position fen %s\ngo perft 5\nquit\n' "$kiwipete" | cpu "$stockfish") s"
(
    cd "$pgn_dir"
    echo "validate (1 job):  holechess $(cpu "$holechess" validate chess --jobs 1 ./*.pgn) s"
    echo "python-chess: $(python3 "$OLDPWD/docs/peers/pychess_validate.py" ./*.pgn)"
)
