#!/usr/bin/env python3
"""Play one whole game of each bundled deterministic variant through python-chess's engine layer.

Needs python-chess (the `chess` package):

    python3 -m pip install --user chess

Run from the repository root after `cargo build` (or give the engine's command):

    python3 tools/pychess_play.py --holechess "target/debug/holechess uci"

The engine is started with `chess.engine.SimpleEngine.popen_uci` and plays both sides.

- Orthodox chess is played the way any python-chess client plays an engine: a `chess.Board`,
  `engine.play(board, chess.engine.Limit(nodes=N))`, and python-chess judges every move and
  the end of the game (checkmate, stalemate, insufficient material, a claimable draw); the
  engine's own `d` must then agree on the mate, stalemate or draw to claim.
- A `chess.Board` cannot hold holes, portholes or two boards, and python-chess sets
  `UCI_Variant` itself from the board's type, so in the other variants the client sends the
  protocol's own lines through the same engine object (`SimpleEngine.communicate` with a
  `chess.engine.BaseCommand`): `setoption name UCI_Variant value NAME`, `position startpos
  moves ...`, `go nodes N`, and `d`, whose `Result:` line says when the game is over and
  whose `Draw claim:` line names a draw the side to move may claim (claimed at once, K7;
  a variant without the 50-move or repetition rule has none). An illegal move would be
  refused by `position` (`info string error: ...`), which stops the script.

Prints one line per game and exits 0 when every game reached its end, 1 otherwise.
"""

import argparse
import shlex
import sys

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("this script needs python-chess: python3 -m pip install --user chess")

# The bundled variants that roll no dice: a client that does not know the dice extension
# of `position ... moves` plays them all.
DETERMINISTIC = ["chess", "porthole", "standard-portal", "portal", "portal-one-set"]


class Exchange(chess.engine.BaseCommand):
    """Sends protocol lines and returns every answer up to the first that starts with `until`."""

    def __init__(self, engine, lines, until):
        super().__init__(engine)
        self.lines, self.until, self.answer = lines, until, []

    def start(self):
        for line in self.lines:
            self._engine.send_line(line)

    def line_received(self, line):
        self.answer.append(line)
        if line.startswith(self.until):
            self.result.set_result(self.answer)
            self.set_finished()


def exchange(engine, lines, until):
    """The engine's answer to `lines`, stopping at the line that starts with `until`;
    an `info string error` in it is a failure."""
    answer = engine.communicate(lambda protocol: Exchange(protocol, lines, until))
    errors = [line for line in answer if line.startswith("info string error")]
    if errors:
        raise RuntimeError(f"{lines}: {errors}")
    return answer


def play_chess(engine, nodes, plies):
    """Orthodox chess on python-chess's own board: (result, plies, how it ended)."""
    board = chess.Board()
    while not board.is_game_over(claim_draw=True):
        if board.ply() >= plies:
            return "1/2-1/2", board.ply(), f"adjudicated after {plies} plies"
        played = engine.play(board, chess.engine.Limit(nodes=nodes))
        if played.move is None:
            raise RuntimeError(f"no move in a game not over: {board.fen()}")
        board.push(played.move)
    outcome = board.outcome(claim_draw=True)
    agree_on_the_end(engine, board, outcome)
    return outcome.result(), board.ply(), outcome.termination.name.lower()


def agree_on_the_end(engine, board, outcome):
    """The engine's own verdict on python-chess's final position: the same mate or
    stalemate, or the same draw to claim (two implementations of the rules checked against
    each other). python-chess also lets a player claim a draw with the move that would make
    it; holechess claims on the position itself (K7), so only a draw already on the board is
    compared."""
    moves = " ".join(move.uci() for move in board.move_stack)
    answer = exchange(engine, ["position startpos moves " + moves, "d"], "Result:")
    result = answer[-1][len("Result: "):]
    claim = next(line[len("Draw claim: "):] for line in answer if line.startswith("Draw claim: "))
    ended = outcome.termination in (chess.Termination.CHECKMATE, chess.Termination.STALEMATE)
    on_the_board = board.is_repetition(3) or board.is_fifty_moves()
    if (ended and not result.startswith(outcome.result())) or (on_the_board and claim == "-"):
        raise RuntimeError(f"python-chess says {outcome.termination.name}, holechess says {result} (draw claim {claim})")


def play_variant(engine, variant, nodes, plies):
    """A variant python-chess has no board for, through the raw protocol lines."""
    exchange(engine, [f"setoption name UCI_Variant value {variant}", "isready"], "readyok")
    moves = []
    while len(moves) < plies:
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        answer = exchange(engine, [position, "d"], "Result:")
        result = answer[-1][len("Result: "):]
        if result != "*":
            return result.split()[0], len(moves), result.partition(" ")[2].strip("{}")
        claim = next(line[len("Draw claim: "):] for line in answer if line.startswith("Draw claim: "))
        if claim != "-":
            return "1/2-1/2", len(moves), f"draw claimed by the {claim}"
        best = exchange(engine, [position, f"go nodes {nodes}"], "bestmove")[-1].split()
        if len(best) < 2 or best[1] == "(none)":
            raise RuntimeError(f"no move in a game not over, after {' '.join(moves)}")
        moves.append(best[1])
    return "1/2-1/2", len(moves), f"adjudicated after {plies} plies"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variants", nargs="*", default=DETERMINISTIC, help="variants (default: %(default)s)")
    parser.add_argument("--holechess", default="holechess uci", help="the engine's command (default: %(default)s)")
    parser.add_argument("--nodes", type=int, default=100, help="nodes per move (default: %(default)s)")
    parser.add_argument("--plies", type=int, default=600, help="plies before a draw is adjudicated (default: %(default)s)")
    args = parser.parse_args()
    failures = 0
    for variant in args.variants:
        engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.holechess))
        try:
            if variant == "chess":
                result, played, ending = play_chess(engine, args.nodes, args.plies)
            else:
                result, played, ending = play_variant(engine, variant, args.nodes, args.plies)
            print(f"{variant}: {result} in {played} plies ({ending})")
        except (RuntimeError, chess.engine.EngineError) as error:
            failures += 1
            print(f"{variant}: FAILED: {error}")
        finally:
            engine.quit()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
