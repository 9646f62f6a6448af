#!/usr/bin/env python3
"""Perft of random fairy variants by holechess and by Fairy-Stockfish, compared.

Each case is orthodox chess with two or three fairy pieces that Fairy-Stockfish knows by
name (leapers, riders, move-only and capture-only combinations: fers, wazir, alfil, silver,
gold, commoner, archbishop, chancellor, amazon, centaur, dragon horse, lance, and the
knibis/biskni/kniroo/rookni pieces that move one way and capture another), placed on the
first rank instead of a knight or bishop. The same variant is written as a holechess script
and as a Fairy-Stockfish variants file; positions are reached by random legal moves, and
perft at each is compared, with the per-move counts on a mismatch.

    python3 tools/fsf_compare.py [CASES] [SEED] [DEPTH]

HOLECHESS names the binary (default target/release/holechess), FAIRY_STOCKFISH the engine
(default /usr/games/fairy-stockfish). Exit status 1 when some count differs.
"""

import os
import random
import subprocess
import sys
import tempfile

HOLECHESS = os.environ.get("HOLECHESS", "target/release/holechess")
FSF = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")

# (Fairy-Stockfish name, letter, holechess movement clauses)
PIECES = [
    ("fers", "f", ["steps diagonally"]),
    ("wazir", "w", ["steps orthogonally"]),
    ("alfil", "e", ["leaps (2,2)"]),
    ("fersAlfil", "y", ["steps diagonally", "leaps (2,2)"]),
    ("silver", "s", ["steps diagonally", "steps forward"]),
    ("gold", "g", ["steps orthogonally", "steps diagonally forward"]),
    ("commoner", "m", ["steps in all directions"]),
    ("archbishop", "a", ["slides diagonally", "leaps (1,2)"]),
    ("chancellor", "c", ["slides orthogonally", "leaps (1,2)"]),
    ("amazon", "z", ["slides in all directions", "leaps (1,2)"]),
    ("centaur", "o", ["steps in all directions", "leaps (1,2)"]),
    ("dragonHorse", "h", ["slides diagonally", "steps orthogonally"]),
    ("lance", "l", ["slides forward"]),
    ("knibis", "i", ["leaps (1,2), without capturing", "slides diagonally, only to capture"]),
    ("biskni", "j", ["slides diagonally, without capturing", "leaps (1,2), only to capture"]),
    ("kniroo", "x", ["leaps (1,2), without capturing", "slides orthogonally, only to capture"]),
    ("rookni", "u", ["slides orthogonally, without capturing", "leaps (1,2), only to capture"]),
]

# First-rank files a fairy piece may take (the knights' and bishops').
SLOTS = [1, 2, 5, 6]


def variant(rng):
    """The chosen pieces and the first rank: (pieces, rank as a FEN row, lowercase)."""
    chosen = rng.sample(PIECES, rng.randint(2, 3))
    rank = list("rnbqkbnr")
    for piece, slot in zip(chosen, rng.sample(SLOTS, len(chosen))):
        rank[slot] = piece[1]
    return chosen, "".join(rank)


def start_fen(rank):
    return f"{rank}/pppppppp/8/8/8/8/PPPPPPPP/{rank.upper()} w KQkq - 0 1"


def holechess_script(chosen, rank):
    text = 'variant "FSF comparison"\n  id fsfcompare\nextends chess\n\n'
    for name, letter, clauses in chosen:
        text += f"piece {name.lower()} {letter.upper()}\n  value 300\n"
        text += "".join(f"  {c}\n" for c in clauses) + "\n"
    return text + f"setup {start_fen(rank)}\n"


def fsf_variants(chosen, rank):
    text = "[fsfcompare:chess]\n"
    text += "".join(f"{name} = {letter}\n" for name, letter, _ in chosen)
    return text + f"startFen = {start_fen(rank)}\n"


class Engine:
    """Fairy-Stockfish over UCI, one variant."""

    def __init__(self, ini):
        self.p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send(f"uci\nsetoption name VariantPath value {ini}\nsetoption name UCI_Variant value fsfcompare")

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish ended")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def divide(self, fen, depth):
        """{move: count} and the total."""
        self.send(f"position fen {fen}\ngo perft {depth}")
        lines = self.until("Nodes searched")
        moves = {}
        for line in lines:
            if ": " in line and not line.startswith(("info", "Nodes")):
                move, count = line.split(": ")
                moves[move.strip()] = int(count)
        return moves, int(lines[-1].split(":")[1])

    def fen_after(self, fen, move):
        self.send(f"position fen {fen} moves {move}\nd")
        for line in self.until("Checkers"):
            if line.startswith("Fen: "):
                return line[5:]
        raise RuntimeError("no FEN")

    def close(self):
        self.send("quit")
        self.p.wait()


def holechess_divide(script, fen, depth):
    out = subprocess.run(
        [HOLECHESS, "perft", script, str(depth), "--fen", fen, "--divide"], capture_output=True, text=True
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip())
    moves = {}
    lines = out.stdout.split("\n")
    for line in lines[:-1]:
        parts = line.split()
        if len(parts) == 2:
            moves[parts[0]] = int(parts[1])
    total = int("".join(ch for ch in out.stdout.strip().split("\n")[-1] if ch.isdigit()))
    return moves, total


def main():
    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else random.randrange(1 << 32)
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    print(f"seed {seed}")
    rng = random.Random(seed)
    positions = mismatches = 0
    with tempfile.TemporaryDirectory() as work:
        for case in range(cases):
            chosen, rank = variant(rng)
            script = os.path.join(work, f"case{case}.hole")
            ini = os.path.join(work, f"case{case}.ini")
            with open(script, "w") as f:
                f.write(holechess_script(chosen, rank))
            with open(ini, "w") as f:
                f.write(fsf_variants(chosen, rank))
            engine = Engine(ini)
            fen = start_fen(rank)
            for _ in range(rng.randint(1, 4)):
                theirs, total = engine.divide(fen, depth)
                mine, my_total = holechess_divide(script, fen, depth)
                positions += 1
                if total != my_total:
                    mismatches += 1
                    names = ", ".join(p[0] for p in chosen)
                    print(f"case {case} ({names}) {fen}: holechess {my_total}, Fairy-Stockfish {total}")
                    for move in sorted(set(mine) | set(theirs)):
                        if mine.get(move) != theirs.get(move):
                            print(f"  {move}: holechess {mine.get(move)}, Fairy-Stockfish {theirs.get(move)}")
                    break
                if not theirs:
                    break
                for _ in range(rng.randint(1, 6)):
                    moves, _ = engine.divide(fen, 1)
                    if not moves:
                        break
                    fen = engine.fen_after(fen, rng.choice(sorted(moves)))
            engine.close()
    print(f"{positions} positions of {cases} variants compared at depth {depth}, {mismatches} differ")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
