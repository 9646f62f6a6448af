#!/usr/bin/env python3
"""Write quiet positions from finished PGN games, each with its game's result, for the
evaluation tuner (`cargo run --release -p holechess-ai --example tune`, docs/ai.md).

Needs python-chess (the `chess` package): python3 -m pip install --user chess

    python3 tools/texel_positions.py --out /tmp/quiet.txt GAMES.pgn ...

Each output line is `FEN;R`, R the result from White's side (1, 0.5 or 0). A position is
kept when it is quiet, so that its static value can be compared with the result: the side
to move is not in check, the move the game played from it is neither a capture nor a
promotion nor a check, and the move before it was not a capture (no recapture pending).
The first --skip plies (the opening) are left out, and one position in --every of the rest
is kept (neighbouring positions of a game say nearly the same). Orthodox chess only: the
records are read by python-chess. A game met again (the same players, date, round and
event: a collection of each player holds their games against each other twice) is read once.
"""

import argparse
import random
import sys

try:
    import chess
    import chess.pgn
except ImportError:
    sys.exit("this script needs python-chess: python3 -m pip install --user chess")

RESULTS = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}


def quiet_positions(game, skip, every, rng):
    """Yields the FEN of every kept quiet position of `game`."""
    board = game.board()
    previous_capture = False
    for ply, move in enumerate(game.mainline_moves()):
        capture = board.is_capture(move)
        keep = (
            ply >= skip
            and not board.is_check()
            and not capture
            and move.promotion is None
            and not previous_capture
            and not board.gives_check(move)
            and rng.randrange(every) == 0
        )
        if keep:
            yield board.fen()
        previous_capture = capture
        board.push(move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", nargs="+", help="PGN files of finished orthodox games")
    parser.add_argument("--out", required=True, help="the file to write")
    parser.add_argument("--skip", type=int, default=12, help="opening plies left out (default %(default)s)")
    parser.add_argument("--every", type=int, default=4, help="keep one quiet position in this many")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    games = positions = 0
    seen = set()
    with open(args.out, "w") as out:
        for path in args.pgn:
            with open(path, encoding="utf-8", errors="replace") as source:
                while (game := chess.pgn.read_game(source)) is not None:
                    result = RESULTS.get(game.headers.get("Result", "*"))
                    key = tuple(game.headers.get(t, "") for t in ("White", "Black", "Date", "Round", "Event"))
                    if result is None or game.errors or key in seen:
                        continue
                    seen.add(key)
                    games += 1
                    for fen in quiet_positions(game, args.skip, args.every, rng):
                        out.write(f"{fen};{result}\n")
                        positions += 1
    print(f"{positions} positions from {games} games", file=sys.stderr)


if __name__ == "__main__":
    main()
