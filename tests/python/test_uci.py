"""Mateproof as python-chess sees it: a real UCI client (python-chess 1.11.2) drives the engine.

Run by tests/uci/python.rs with the path of the built binary and, where the shared reference
data is present, the path of its dm2 suite:

    python3 tests/python/test_uci.py target/x86_64-unknown-linux-gnu/debug/mateproof ../shared/suites/dm2.epd

The mate positions come from that suite, so the expected keys are the suite's proven answers,
not values copied here; without it the two tests that need it are skipped.
"""

import logging
import random
import sys
import unittest

import chess
import chess.engine

ENGINE = None  # path of the binary, from argv
DM2 = None  # path of the shared dm2.epd, from argv (None: absent)

# An ordinary middlegame (Ruy Lopez, main line after 9.h3), no forced mate anywhere near.
MIDDLEGAME = "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9"


def dm2_problems(count):
    """The first `count` mates in 2 of the suite: (board, set of keys as UCI moves)."""
    if DM2 is None:
        raise unittest.SkipTest("the shared reference suite dm2.epd is absent")
    problems = []
    with open(DM2) as suite:
        for line in suite:
            if not line.strip():
                continue
            board, ops = chess.Board.from_epd(line)
            problems.append((board, {move.uci() for move in ops["bm"]}))
            if len(problems) == count:
                break
    return problems


class MateproofAsUciEngine(unittest.TestCase):
    def setUp(self):
        self.engine = chess.engine.SimpleEngine.popen_uci([ENGINE], timeout=30)

    def tearDown(self):
        try:
            self.engine.quit()
        except chess.engine.EngineTerminatedError:
            pass  # the test already ended it

    def test_identifies_itself_with_its_options(self):
        self.assertTrue(self.engine.id["name"].startswith("Mateproof"))
        for name in ["Hash", "Threads", "MultiPV", "Tries", "ProblemReport", "ComposerSuggestions"]:
            self.assertIn(name, self.engine.options)
        # python-chess checks names, types and ranges against the option lines.
        self.engine.configure({"Hash": 32, "Tries": 1, "ProblemReport": False})

    def test_play_a_legal_move_in_a_middlegame_in_a_tenth_of_a_second(self):
        board = chess.Board(MIDDLEGAME)
        for _ in range(4):
            result = self.engine.play(board, chess.engine.Limit(time=0.1))
            self.assertIsNotNone(result.move)
            self.assertIn(result.move, board.legal_moves)
            board.push(result.move)

    def test_depth_limit(self):
        board = chess.Board(MIDDLEGAME)
        info = self.engine.analyse(board, chess.engine.Limit(depth=4))
        self.assertEqual(info["depth"], 4)
        self.assertIn(info["pv"][0], board.legal_moves)
        self.assertIsNotNone(info["score"].relative.score())
        result = self.engine.play(board, chess.engine.Limit(depth=3))
        self.assertIn(result.move, board.legal_moves)

    def test_mate_limit_finds_the_suite_keys(self):
        for board, keys in dm2_problems(12):
            info = self.engine.analyse(board, chess.engine.Limit(mate=2))
            self.assertEqual(info["score"].relative.mate(), 2, board.fen())
            self.assertIn(info["pv"][0].uci(), keys, board.fen())
            # The principal variation is legal to the end.
            replay = board.copy()
            for move in info["pv"]:
                self.assertIn(move, replay.legal_moves, board.fen())
                replay.push(move)

    def test_no_mate_still_gives_a_legal_move(self):
        board = chess.Board(MIDDLEGAME)
        result = self.engine.play(board, chess.engine.Limit(mate=1), info=chess.engine.INFO_ALL)
        self.assertIn(result.move, board.legal_moves)
        self.assertEqual(result.info.get("string"), "no mate in 1")

    def test_problem_report_reaches_the_client(self):
        self.engine.configure({"ProblemReport": True})
        board, keys = dm2_problems(1)[0]
        strings = []
        with self.engine.analysis(board, chess.engine.Limit(mate=2)) as analysis:
            for info in analysis:
                if "string" in info:
                    strings.append(info["string"])
        records = [s.split()[1] for s in strings if s.startswith("mp ")]
        self.assertEqual(records[0], "verdict")
        self.assertEqual(records[-1], "end")
        self.assertIn("key", records)
        key_lines = [s for s in strings if s.startswith("mp key ")]
        self.assertEqual({s.split()[2].split("=")[1] for s in key_lines}, keys)

    def test_garbage_does_not_stop_the_engine(self):
        rng = random.Random(20240605)
        alphabet = [chr(c) for c in range(32, 127)] + ["\t", "\x00", "\x07", "é", "ß", "€", "\u202e"]
        near_misses = [
            "go depth 256", "go mate 300", "go movestogo 300000", "go mate 3 perft 5", "go depth x",
            "position fen 8/8/8 w", "position startpos moves e2e5", "position fen", "setoption name Hash value 0",
            "setoption name", "isready now", "bestmove e2e4", "info score mate 200", "ponderhit", "go perft 99",
            "go searchmoves e9e4", "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 one", "d 1", "uci junk",
        ]
        # Each bad line is answered with "info string error: ..."; python-chess logs such lines
        # as unexpected output while idle, which is expected here.
        logging.getLogger("chess.engine").setLevel(logging.CRITICAL)
        protocol = self.engine.protocol
        for i in range(1000):
            if i % 10 == 0:
                line = rng.choice(near_misses)
            else:
                line = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 120)))
            # Never a valid command by accident: random lines are prefixed with a non-command.
            if i % 10 != 0:
                line = "~" + line
            protocol.loop.call_soon_threadsafe(protocol.send_line, line)
        self.engine.ping()  # isready … readyok
        board = chess.Board(MIDDLEGAME)
        result = self.engine.play(board, chess.engine.Limit(depth=2))
        self.assertIn(result.move, board.legal_moves)

    def test_quit_ends_the_process_cleanly(self):
        board = chess.Board(MIDDLEGAME)
        with self.engine.analysis(board) as analysis:  # go infinite
            for info in analysis:
                if info.get("depth", 0) >= 2:
                    break
        self.engine.quit()
        self.assertEqual(self.engine.protocol.returncode.result(), 0)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_uci.py <path to the mateproof binary> [<path to dm2.epd>]")
    ENGINE = sys.argv.pop(1)
    DM2 = sys.argv.pop(1) if len(sys.argv) > 1 else None
    unittest.main(verbosity=2)
