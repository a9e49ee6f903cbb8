"""perft by Fairy-Stockfish (pyffish 0.0.90) for tests/fairy/perft_ffish.rs.

Reads lines `BETZA<TAB>FEN<TAB>DEPTH` on stdin; for each, declares a variant of chess whose
custom piece `a` moves as BETZA (Fairy-Stockfish's `customPiece1 = a:BETZA`), pawns promoting
to q, r, b, n and a, and prints the leaf counts at depths 1..DEPTH on one line. Counting is by
recursion over `legal_moves`, replaying the moves from FEN.
"""
import sys

import pyffish as sf


def counts(variant, fen, depth):
    totals = [0] * depth

    def walk(moves, level):
        legal = sf.legal_moves(variant, fen, moves)
        totals[level] += len(legal)
        if level + 1 < depth:
            for m in legal:
                walk(moves + [m], level + 1)

    walk([], 0)
    return totals


def main():
    jobs = [line.rstrip("\n").split("\t") for line in sys.stdin if line.strip()]
    variants = {}
    config = []
    for betza, _, _ in jobs:
        if betza not in variants:
            name = "mateproof%d" % len(variants)
            variants[betza] = name
            config.append(
                "[%s:chess]\ncustomPiece1 = a:%s\npromotionPieceTypes = qrbna\n" % (name, betza)
            )
    sf.load_variant_config("\n".join(config))
    for betza, fen, depth in jobs:
        print(" ".join(str(n) for n in counts(variants[betza], fen, int(depth))), flush=True)


if __name__ == "__main__":
    main()
