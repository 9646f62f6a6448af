# Peer comparison for `holechess validate` (README, Performance): not part of the build or the tests.
"""Replays every game of the given PGN files with python-chess (SAN resolved, legality checked),
and prints games, plies, CPU seconds and plies per CPU second."""
import sys, time
import chess.pgn

def main(paths):
    games = plies = 0
    start = time.process_time()
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                games += 1
                board = game.board()
                for move in game.mainline_moves():
                    board.push(move)
                    plies += 1
    cpu = time.process_time() - start
    print(f"{games} games, {plies} plies, {cpu:.2f} s CPU, {plies / cpu / 1e6:.3f} M plies/s")

if __name__ == "__main__":
    main(sys.argv[1:])
