#!/usr/bin/env python3
"""Play holechess against another UCI engine at equal nodes per move and print the score.

Needs python-chess (the `chess` package):

    python3 -m pip install --user chess

Examples (from the repository root, after `cargo build --release`):

    # holechess against Fairy-Stockfish in orthodox chess, 1000 nodes a move, 20 games
    python3 tools/uci_match.py --opponent fairy-stockfish --nodes 1000 --games 20

    # two builds of holechess against each other at 100 ms a move instead of equal nodes
    python3 tools/uci_match.py --holechess "new/holechess uci" --opponent "old/holechess uci" \\
        --movetime 100 --games 40

    # holechess against itself in every bundled variant without dice (checks that a
    # python-chess client can play each one to its end)
    python3 tools/uci_match.py --variant all --games 2 --nodes 300

    # the same over several seeds (each seed's score, then the total)
    python3 tools/uci_match.py --opponent fairy-stockfish --nodes 2000 --games 40 --seeds 9,10,12,13

    # the same, each game appended to a PGN file (positions for the evaluation's tuner)
    python3 tools/uci_match.py --opponent fairy-stockfish --nodes 2000 --games 40 --seeds 100-119 \
        --pgn games.pgn

    # shatranj, whose script leaves out the bare-king rule the opponent plays by
    python3 tools/uci_match.py --variant examples/catalogue/shatranj.hole --bare-king \\
        --opponent fairy-stockfish --nodes 2000 --games 40

    # a variant written as a script, against an engine that knows it by the file's name
    python3 tools/uci_match.py --variant tools/variants/capablanca.hole \\
        --opponent fairy-stockfish --nodes 2000 --games 20

How the games are run. Orthodox chess is refereed by python-chess itself: its
`chess.engine.SimpleEngine` talks to both engines with `play()`, and its `Board` judges the
moves and the end (checkmate, stalemate, repetition, fifty moves, insufficient material).
A `chess.Board` cannot hold holes, portholes or two boards, so in the other variants the
script still talks to the engines through python-chess's engine layer but sends the raw
`position ... moves ...` and `go nodes N` lines itself (a `BaseCommand` run by
`SimpleEngine.communicate`), and a third `holechess uci` process is the referee: it checks
every move (`position` answers `info string error` for an illegal one) and says when the
game is over (the `Result:` line of `d`). Threefold repetition of a position and a ply cap
are adjudicated draws, and so is a game where an engine answers no move while the referee's
script goes on (a game end the script leaves out; the line says so). With --bare-king the
script adjudicates shatranj's bare king itself: a side to move left with a lone king while
the other side has more has lost. Variants that roll dice are not played: the dice would have to come
from the referee (see docs/engine-protocols.md), which this script does not do.

Each game starts with two random plies (seeded by --seed) so that the games differ;
colours alternate, and each opening is played twice, once with each engine as White.
"""

import argparse
import os
import random
import shlex
import sys
import threading

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("this script needs python-chess: python3 -m pip install --user chess")

DETERMINISTIC = ["chess", "porthole", "standard-portal", "portal", "portal-one-set"]


class RawSearch(chess.engine.BaseCommand):
    """Sends prepared `position` and `go` lines and returns the `bestmove` word."""

    def __init__(self, engine, lines):
        super().__init__(engine)
        self.lines = lines
        self.errors = []

    def start(self):
        for line in self.lines:
            self._engine.send_line(line)

    def line_received(self, line):
        if line.startswith("info string error"):
            self.errors.append(line)
        if line.startswith("bestmove"):
            words = line.split()
            self.result.set_result((words[1] if len(words) > 1 else "(none)", self.errors))
            self.set_finished()


class Budget:
    """What each engine gets for a move: a number of nodes, or a time in milliseconds."""

    def __init__(self, nodes, movetime):
        self.nodes, self.movetime = nodes, movetime

    def limit(self):
        if self.movetime:
            return chess.engine.Limit(time=self.movetime / 1000.0)
        return chess.engine.Limit(nodes=self.nodes)

    def go(self):
        return f"go movetime {self.movetime}" if self.movetime else f"go nodes {self.nodes}"

    def __str__(self):
        return f"{self.movetime} ms per move" if self.movetime else f"{self.nodes} nodes per move"


class Referee:
    """A `holechess uci` process that checks moves and says when a game is over."""

    def __init__(self, command, variant):
        self.engine = open_engine(command, variant)

    def ask(self, lines, until):
        return self.engine.communicate(lambda engine: Collect(engine, lines, until))

    def state(self, moves):
        """(fen, result, error) after `moves` from the start."""
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        lines = self.ask([position, "d"], "Result:")
        errors = [l for l in lines if l.startswith("info string error")]
        fen = next(l[5:] for l in lines if l.startswith("Fen: "))
        result = next(l[8:] for l in lines if l.startswith("Result: "))
        return fen, result, errors

    def legal_moves(self, moves):
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        lines = self.ask([position, "go perft 1"], "Nodes searched")
        return [l.split(":")[0] for l in lines if ": " in l and not l.startswith(("info", "Nodes"))]


class Collect(chess.engine.BaseCommand):
    """Sends lines and returns every answer line up to one starting with `until`."""

    def __init__(self, engine, lines, until):
        super().__init__(engine)
        self.lines, self.until, self.seen = lines, until, []

    def start(self):
        for line in self.lines:
            self._engine.send_line(line)

    def line_received(self, line):
        self.seen.append(line)
        if line.startswith(self.until):
            self.result.set_result(self.seen)
            self.set_finished()


def open_engine(command, variant):
    engine = chess.engine.SimpleEngine.popen_uci(command)
    if variant != "chess":
        if "UCI_Variant" not in engine.options:
            sys.exit(f"{command[0]} does not announce UCI_Variant")
        # python-chess sets UCI_Variant itself from its board's type, and has no board type
        # for these variants: the option is sent as a raw line.
        lines = [f"setoption name UCI_Variant value {variant}", "isready"]
        answer = engine.communicate(lambda e: Collect(e, lines, "readyok"))
        errors = [line for line in answer if "error" in line]
        if errors:
            sys.exit(f"{command[0]} refused the variant {variant}: {errors}")
    return engine


def chess_game(white, black, opening, budget, cap):
    """A game of orthodox chess refereed by python-chess; returns (result, plies)."""
    board = chess.Board()
    for uci in opening:
        board.push_uci(uci)
    engines = {chess.WHITE: white, chess.BLACK: black}
    while not board.is_game_over(claim_draw=True) and board.ply() < cap:
        played = engines[board.turn].play(board, budget.limit())
        if played.move is None:
            break
        board.push(played.move)
    outcome = board.outcome(claim_draw=True)
    return (outcome.result() if outcome else "1/2-1/2"), board


def write_pgn(path, board, result, names, seed, round_number):
    """Appends the game on `board` to the PGN file `path` (orthodox chess only)."""
    import chess.pgn

    game = chess.pgn.Game.from_board(board)
    game.headers.update({"White": names[0], "Black": names[1], "Result": result,
                         "Round": str(round_number), "Event": f"uci_match seed {seed}"})
    with open(path, "a") as out:
        print(game, file=out, end="\n\n")


def bare_king_result(fen, plies):
    """Shatranj's bare king as Fairy-Stockfish plays it: the side to move, left with its king
    alone while the other side has more, has lost (both kings alone: a draw)."""
    board = fen.split()[0]
    white = sum(1 for c in board if c.isupper() and c != "K")
    black = sum(1 for c in board if c.islower() and c != "k")
    if white == 0 and black == 0:
        return "1/2-1/2"
    mover_bare, other_bare = (white == 0, black == 0) if plies % 2 == 0 else (black == 0, white == 0)
    if mover_bare and not other_bare:
        return "0-1" if plies % 2 == 0 else "1-0"
    return None


def variant_game(white, black, referee, opening, budget, cap, bare_king=False):
    """A game of any deterministic variant refereed by holechess; returns (result, plies)."""
    moves = list(opening)
    seen = {}
    engines = [white, black]
    while len(moves) < cap:
        fen, result, errors = referee.state(moves)
        if errors:
            raise RuntimeError(f"the referee refused {moves}: {errors}")
        if result != "*":
            return result.split()[0], len(moves)
        bared = bare_king_result(fen, len(moves)) if bare_king else None
        if bared:
            return bared, len(moves)
        fields = fen.split()
        key = " ".join(fields[:4] + fields[6:])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            return "1/2-1/2", len(moves)
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        side = white if len(moves) % 2 == 0 else black
        move, errors = side.communicate(lambda e: RawSearch(e, [position, budget.go()]))
        if move == "(none)" and not errors:
            # The engine to move sees the game over where the referee's script does not (a
            # game end the script leaves out): who won is not known, the game is drawn.
            print(f"  the engine to move has no move after {len(moves)} plies: adjudicated a draw")
            return "1/2-1/2", len(moves)
        if errors or move == "(none)":
            raise RuntimeError(f"the engine answered {move} {errors} in a game not over, after {moves}")
        moves.append(move)
    return "1/2-1/2", len(moves)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--holechess", default="holechess uci", help="the holechess command (default: %(default)s)")
    parser.add_argument("--opponent", default=None, help="the other UCI engine's command (default: holechess itself)")
    parser.add_argument("--variant", default="chess", help="a variant both engines know, or `all` (holechess's own)")
    parser.add_argument("--opponent-variant", default=None,
                        help="the variant's name for the opponent (default: the script's file name)")
    parser.add_argument("--games", type=int, default=10, help="games per variant (even: each opening twice)")
    parser.add_argument("--nodes", type=int, default=1000, help="nodes per move, the same for both engines")
    parser.add_argument("--movetime", type=int, default=None,
                        help="milliseconds per move for both engines instead of --nodes")
    parser.add_argument("--plies", type=int, default=300, help="ply cap, adjudicated a draw")
    parser.add_argument("--bare-king", action="store_true",
                        help="a side to move left with a lone king loses (shatranj, which the script leaves out)")
    parser.add_argument("--pgn", default=None,
                        help="append each orthodox game to this PGN file (positions for the tuner: docs/ai.md)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeds", type=seed_list, default=None,
                        help="several seeds, as 9,10,12 or 40-44: one match of --games per seed, each "
                             "scored as --seed would score it, then the total over all of them")
    args = parser.parse_args()
    ours = shlex.split(args.holechess)
    theirs = shlex.split(args.opponent) if args.opponent else ours
    variants = DETERMINISTIC if args.variant == "all" else [args.variant]
    seeds = args.seeds or [args.seed]
    # One generator per seed, drawn on through the variants in turn (`--variant all`).
    rngs = {seed: random.Random(seed) for seed in seeds}
    for variant in variants:
        totals = [0.0, 0.0]
        for seed in seeds:
            points, opponent = play_match(variant, ours, theirs, args, rngs[seed], seed)
            totals = [totals[0] + points[0], totals[1] + points[1]]
        if len(seeds) > 1:
            games = totals[0] + totals[1]
            print(f"{variant}, seeds {','.join(map(str, seeds))}: holechess {totals[0]} - {totals[1]} {opponent} "
                  f"({100.0 * totals[0] / max(games, 1):.1f}% of {games:.0f} games)")


def seed_list(text):
    """`9,10,12` or `40-44` or both mixed (`9,10,40-44`): the seeds, in order."""
    seeds = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        try:
            low, high = int(first), int(last or first)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not a seed or a range of seeds (e.g. 40-44)")
        if high < low:
            raise argparse.ArgumentTypeError(f"{part!r}: the range runs backwards")
        seeds.extend(range(low, high + 1))
    return seeds


def name_for_opponent(variant, args):
    """The name the opponent knows the variant by: `tools/variants/capablanca.hole` ->
    `capablanca`, unless --opponent-variant says otherwise."""
    if args.opponent_variant:
        return args.opponent_variant
    return os.path.basename(variant)[:-5] if variant.endswith(".hole") else variant


def play_match(variant, ours, theirs, args, rng, seed):
    """Plays --games games of `variant` from openings drawn by `rng` (made from `seed`);
    prints each game and the score, and returns the points of both and the opponent's name."""
    a, b = open_engine(ours, variant), open_engine(theirs, name_for_opponent(variant, args))
    referee = Referee(ours, variant)
    names = ("holechess", b.id.get("name", "opponent"))
    score = [0.0, 0.0]
    record = [0, 0, 0]
    opening = []
    for game in range(args.games):
        if game % 2 == 0:
            opening = random_opening(referee, rng)
        holechess_white = game % 2 == 0
        white, black = (a, b) if holechess_white else (b, a)
        budget = Budget(args.nodes, args.movetime)
        if variant == "chess":
            result, board = chess_game(white, black, opening, budget, args.plies)
            plies = board.ply()
            if args.pgn:
                order = names if holechess_white else names[::-1]
                write_pgn(args.pgn, board, result, order, seed, game + 1)
        else:
            result, plies = variant_game(white, black, referee, opening, budget, args.plies, args.bare_king)
        ours_points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        if not holechess_white:
            ours_points = 1.0 - ours_points
        score[0] += ours_points
        score[1] += 1.0 - ours_points
        record[{1.0: 0, 0.5: 1, 0.0: 2}[ours_points]] += 1
        colour = "White" if holechess_white else "Black"
        print(f"{variant} game {game + 1}: holechess {colour}, {' '.join(opening)}: {result} in {plies} plies")
    percent = 100.0 * score[0] / max(args.games, 1)
    seed_note = f", seed {seed}" if args.seeds else ""
    print(f"{variant}: {names[0]} {score[0]} - {score[1]} {names[1]} ({percent:.1f}%, "
          f"+{record[0]} ={record[1]} -{record[2]}) at {Budget(args.nodes, args.movetime)}{seed_note}", flush=True)
    for engine in (a, b, referee.engine):
        shut_down(engine)
    return score, names[1]


def shut_down(engine):
    """Asks the engine to quit, and closes it if it has not within 10 s (the score is printed
    already; a stuck engine must not hold the next match up)."""
    quitting = threading.Thread(target=engine.quit, daemon=True)
    quitting.start()
    quitting.join(10)
    if quitting.is_alive():
        engine.close()


def random_opening(referee, rng):
    moves = []
    for _ in range(2):
        legal = referee.legal_moves(moves)
        if not legal:
            break
        moves.append(rng.choice(sorted(legal)))
    return moves


if __name__ == "__main__":
    main()
