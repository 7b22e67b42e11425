"""The Python binding against the C engine: games played move by move
through integers, breakdowns compared with what the C library and the
`carcassonne` program print, clone/save/load, studies.

Run from ctest, or by hand:
    CARC_LIBRARY=build/engine/libcarcassonne.so CARC_CLI=build/carcassonne \\
    PYTHONPATH=bindings/python python3 -m unittest discover -s bindings/python/tests
"""
import copy
import os
import pathlib
import pickle
import re
import subprocess
import sys
import tempfile
import textwrap
import unittest

import carcassonne
from carcassonne import study

SOURCE = os.environ.get("CARC_SOURCE", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DEFAULT = os.path.join(SOURCE, "expansions", "default.lua")


def run_python(code):
    """Runs `code` in a fresh python3 (a crash there fails the test, not the run)."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=300, check=False)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def play_by_rule(game):
    """Plays move (k*7) mod n at every step k: a fixed, non-trivial line of play."""
    k = 0
    while not game.over:
        moves = game.legal_moves()
        game.play(moves[(k * 7) % len(moves)])
        k += 1
    return k


class Binding(unittest.TestCase):
    def test_moves_as_integers(self):
        game = carcassonne.Engine().new_game(players=2, seed=5)
        self.assertEqual(game.phase, carcassonne.PHASE_PLACE)
        self.assertEqual(game.observation()["board"], [("D", 0, 0, 0)])
        steps = play_by_rule(game)
        self.assertEqual(steps, 143)
        self.assertEqual(game.turn, 71)
        self.assertEqual(game.scores, [13, 27])
        self.assertEqual(len(game.breakdowns()), 15)
        self.assertEqual(game.legal_moves(), [])

    def test_awards_add_up_to_the_scores(self):
        game = carcassonne.Engine().new_game(players=2, seed=5)
        play_by_rule(game)
        totals = [0, 0]
        for b in game.breakdowns():
            for p, points in enumerate(b["award"]):
                totals[p] += points
        self.assertEqual(totals, game.scores)

    def test_illegal_move_is_refused(self):
        game = carcassonne.Engine().new_game(players=2, seed=1)
        with self.assertRaises(carcassonne.CarcError):
            game.play(10 ** 6)
        self.assertEqual(game.phase, carcassonne.PHASE_PLACE)

    def test_breakdowns_match_the_c_engine(self):
        engine = carcassonne.Engine(DEFAULT)
        game = engine.new_game(players=3, seed=1)
        game.play_out("random")
        # the same game played by the C program
        out = subprocess.run([study.cli_path(), "play", "--players", "3", "--seed", "1", "--rules", DEFAULT],
                             stdout=subprocess.PIPE, check=True).stdout.decode("utf-8", "replace")
        final = re.search(r"final scores: red (\d+) blue (\d+) green (\d+)", out)
        self.assertEqual(game.scores, [int(x) for x in final.groups()])
        self.assertEqual(game.scores, [50, 21, 11])
        breakdowns = game.breakdowns()
        self.assertEqual(len(breakdowns), 26)
        for i, b in enumerate(breakdowns):
            text = game.describe_scoring(i)
            self.assertIn(text, out)  # the C library's text of this scoring, as the program printed it
            head = text.splitlines()[0]
            self.assertTrue(head.startswith(b["kind"] + " at "), head)
            self.assertIn("value %d" % b["total"], head)
            for p, points in enumerate(b["award"]):
                if points:
                    self.assertIn("%s %+d" % (carcassonne._lib.engine_library().carc_player_name(p).decode(), points), head)
            for ch in b["changes"]:
                if ch["field"] == "ran":  # the handler ran and changed nothing
                    continue
                if ch["field"] in ("award",):
                    needle = "award %s %d -> %d" % (["red", "blue", "green"][ch["player"]], ch["before"], ch["after"])
                elif ch["field"] in ("scores", "strength"):
                    needle = ch["handler"]
                else:
                    needle = "%s %d -> %d" % (ch["field"], ch["before"], ch["after"])
                self.assertIn(needle, text)
                self.assertIn(ch["handler"], text)
        witch = [c for b in breakdowns for c in b["changes"] if c["handler"] == "mage_witch.witch" and c["field"] != "ran"]
        self.assertTrue(witch)
        for c in witch:
            self.assertEqual(c["field"], "total")
            self.assertEqual(c["after"], (c["before"] + 1) // 2)

    def test_the_guides_game_prints_what_the_guide_shows(self):
        guide = pathlib.Path(SOURCE, "docs", "python.md").read_text(encoding="utf-8")
        at = guide.index("## A game, step by step")
        code = re.search(r"```python\n(.*?)```", guide[at:], re.S).group(1)
        shown = re.search(r"It prints, first.*?```text\n(.*?)```", guide[at:], re.S).group(1)
        rc, out, err = run_python(code)
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.splitlines()[:len(shown.splitlines())], shown.splitlines())

    def test_ruleset_by_name(self):
        # "default" is looked up as the CLI and the Lua module look it up
        by_name, by_path = carcassonne.Engine("default"), carcassonne.Engine(DEFAULT)
        self.assertEqual(by_name.handlers(), by_path.handlers())
        self.assertGreater(len(by_name.handlers()), 10)
        with self.assertRaises(carcassonne.CarcError):
            carcassonne.Engine("no_such_ruleset")

    def test_closed_engine_refuses_its_games(self):
        engine = carcassonne.Engine()
        game = engine.new_game(players=3, seed=2)
        kept = game.clone()
        engine.close()
        for call in (lambda: game.phase, game.play_out, kept.save, lambda: engine.new_game()):
            with self.assertRaisesRegex(carcassonne.CarcError, "closed"):
                call()
        engine.close()  # twice: nothing left to free

    def test_engine_and_game_collected_together(self):
        # a cycle through the game: the collector finalizes both in one pass,
        # the engine first or the game first
        code, out, err = run_python("""
            import gc, carcassonne
            for i in range(40):
                e = carcassonne.Engine(); g = e.new_game(seed=i); g.play_out()
                (g if i % 2 else e).cycle = (g, e)
                if i % 3 == 0:
                    g.twin = g.clone()
                del e, g
                gc.collect()
            print("collected", len(gc.garbage))
        """)
        self.assertEqual((code, out.strip()), (0, "collected 0"), err)

    def test_copies(self):
        engine = carcassonne.Engine()
        game = engine.new_game(seed=3)
        before = game.save()
        for twin in (copy.copy(game), copy.deepcopy(game)):
            self.assertEqual(twin.save(), before)
            twin.play_out()
            self.assertTrue(twin.over)
            del twin
        self.assertEqual(game.save(), before)  # the copies were clones: the game is as it was
        game.play_out()
        self.assertTrue(game.over)
        with self.assertRaisesRegex(TypeError, "cannot be copied"):
            copy.copy(engine)
        with self.assertRaisesRegex(TypeError, "cannot be pickled"):
            pickle.dumps(game)
        with self.assertRaisesRegex(TypeError, "cannot be pickled"):
            pickle.dumps(engine)

    def test_two_threads_on_one_game(self):
        # the engine's lock takes the calls in turn: the game is the one a
        # single thread plays, whichever thread plays each turn
        code, out, err = run_python("""
            import threading, carcassonne
            e = carcassonne.Engine()
            def bots(g):
                while not g.over:
                    try:
                        g.bot_turn("greedy")
                    except carcassonne.CarcError:
                        pass  # the other thread ended the game between the test and the turn
            same = 0
            for seed in range(40):
                g = e.new_game(players=4, seed=seed)
                ts = [threading.Thread(target=bots, args=(g,)) for _ in range(2)]
                [t.start() for t in ts]
                [t.join() for t in ts]
                alone = e.new_game(players=4, seed=seed)
                alone.play_out("greedy")
                same += g.save() == alone.save()
            print("same", same)
        """)
        self.assertEqual((code, out.strip()), (0, "same 40"), err)

    def test_text_and_paths_reach_c_whole(self):
        engine = carcassonne.Engine()
        saved = engine.new_game(seed=1).save()
        with self.assertRaisesRegex(carcassonne.CarcError, "NUL character at byte %d" % len(saved)):
            engine.load(saved + "\0garbage")
        self.assertEqual(engine.load(saved.encode()).save(), saved)
        with self.assertRaisesRegex(TypeError, "a save is text"):
            engine.load(None)
        with self.assertRaisesRegex(ValueError, "rules holds a NUL"):
            carcassonne.Engine(DEFAULT + "\0ignored")
        with self.assertRaisesRegex(TypeError, "rules must be a path"):
            carcassonne.Engine(3)
        # neither a file nor a shipped ruleset's name: where it was looked for
        with self.assertRaisesRegex(carcassonne.CarcError,
                                    "^ruleset 'no_such_ruleset' not found: no such file, and not in .*expansions"):
            carcassonne.Engine("no_such_ruleset")
        handlers = carcassonne.Engine(DEFAULT).handlers()
        self.assertEqual(carcassonne.Engine(os.fsencode(DEFAULT)).handlers(), handlers)
        self.assertEqual(carcassonne.Engine(pathlib.Path(DEFAULT)).handlers(), handlers)
        with tempfile.TemporaryDirectory() as tmp:  # a file name that is not UTF-8
            odd = os.path.join(os.fsencode(tmp), b"\xff.lua")
            with open(odd, "w") as f:
                f.write('ruleset { expansions = { "inns_cathedrals" } }\n')
            inns = carcassonne.Engine(os.fsdecode(odd)).handlers()
            self.assertIn("inns_cathedrals.inn", [name for _, name in inns])
            self.assertEqual(carcassonne.Engine(odd).handlers(), inns)

    def test_study_options_reach_the_program(self):
        args = study.simulate_args(rules="", jobs=0, shard=(1, 2))
        self.assertEqual(args[args.index("--rules") + 1], "")
        self.assertEqual(args[args.index("--jobs") + 1], "0")
        with self.assertRaisesRegex(TypeError, "shard index"):
            study.simulate_args(shard=(1.9, 2.7))
        with self.assertRaisesRegex(TypeError, "a pair"):
            study.simulate_args(shard=(1,))
        with self.assertRaisesRegex(RuntimeError, "--jobs takes 1 to 1024"):
            study.simulate(games=10, jobs=0)
        with tempfile.TemporaryDirectory() as tmp:  # a ruleset path that is not UTF-8: the summary stays JSON
            odd = os.path.join(os.fsencode(tmp), b"\xff.lua")
            with open(odd, "w") as f:
                f.write('ruleset { expansions = { "inns_cathedrals" } }\n')
            summary = study.simulate(rules=odd, games=2, jobs=1)
            self.assertTrue(summary["study"]["rules"][0].endswith("/\ufffd.lua"), summary["study"]["rules"])

    def test_study_errors_naming_bytes_that_are_not_utf8(self):
        with tempfile.TemporaryDirectory() as tmp:  # a Latin-1 file name: the message keeps the rest of it
            latin1 = os.path.join(os.fsencode(tmp), b"r\xe9gles.lua")
            with self.assertRaisesRegex(RuntimeError, "^carcassonne simulate failed: carcassonne simulate: "
                                        "ruleset '.*/r\ufffdgles.lua' not found"):
                study.simulate(rules=latin1, games=2, jobs=1)
            with open(latin1, "w") as f:
                f.write("ruleset {\n")
            with self.assertRaisesRegex(RuntimeError, "^carcassonne simulate failed: carcassonne simulate: "
                                        ".*/r\ufffdgles.lua:2: unexpected symbol near <eof>"):
                study.simulate(rules=latin1, games=2, jobs=1)

    def test_merge_errors_name_what_was_passed(self):
        # merge and report write what they are given to temporary files; errors name the argument instead
        shard = study.simulate(raw=True, games=20, seed=1, jobs=1)
        other = study.simulate(games=20, seed=2, jobs=1)
        not_summary = 'not a study summary \\(no "format": "carcassonne-study-1"\\)$'
        with self.assertRaisesRegex(RuntimeError, "^carcassonne merge failed: carcassonne merge: "
                                    "summary 2 \\(a dict\\): " + not_summary):
            carcassonne.merge([shard, {"games": 20}])
        with self.assertRaisesRegex(RuntimeError, "^carcassonne merge failed: carcassonne merge: "
                                    "summary 1 \\(JSON text\\): not valid JSON at line 1, column 1: "
                                    "unexpected character$"):
            carcassonne.merge(["not json"])
        with self.assertRaisesRegex(RuntimeError, "^carcassonne merge failed: carcassonne merge: "
                                    "summary 2 \\(a dict\\): cannot merge: different seeds or study sizes$"):
            carcassonne.merge([shard, other])
        # one summary is not a list of them; what cannot be JSON is said before any file is written
        with self.assertRaisesRegex(TypeError, "^summaries is a list of JSON texts or dicts, not JSON text$"):
            carcassonne.merge(shard)
        with self.assertRaisesRegex(TypeError, "^summaries is a list of JSON texts or dicts, not a dict$"):
            carcassonne.merge(other)
        with self.assertRaisesRegex(TypeError, "^summary 2 is a JSON text or a dict, not a int$"):
            carcassonne.merge([shard, 7])
        with self.assertRaisesRegex(ValueError, "^summary 1 \\(a dict\\) cannot be written as JSON: "):
            carcassonne.merge([dict(other, x=float("nan"))])
        with self.assertRaisesRegex(ValueError, "^summary 1 \\(JSON text\\) cannot be written as JSON: "):
            carcassonne.merge(["\udcff"])
        with self.assertRaisesRegex(TypeError, "^bots is a bot's name or a list of them, one a seat, not None$"):
            study.simulate(games=2, bots=None)
        with self.assertRaisesRegex(ValueError, "^bots: a bot's name holds no comma"):
            study.simulate(games=2, bots=["random,greedy"])
        with self.assertRaisesRegex(ValueError, "^bots holds a NUL byte"):
            study.simulate(games=2, bots="ran\0dom")
        with tempfile.TemporaryDirectory() as tmp:
            page = os.path.join(tmp, "report.html")
            with self.assertRaisesRegex(RuntimeError, "^carcassonne merge failed: carcassonne merge: "
                                        "the summary \\(a dict\\): " + not_summary):
                study.report({"games": 20}, page)
            with self.assertRaisesRegex(RuntimeError, "carcassonne merge: cannot write %s: No such file or directory$"
                                        % re.escape(os.path.join(tmp, "missing", "report.html"))):
                study.report(shard, os.path.join(tmp, "missing", "report.html"))
            self.assertFalse(os.path.exists(page))

    def test_a_failing_placement_hook_is_an_error(self):
        # a hook that fails is not a hook that refuses: the listing says so
        rules = os.path.join(SOURCE, "tests", "scenarios", "faults", "rules", "r_place_fail.lua")
        game = carcassonne.Engine(rules).new_game(players=2, seed=1)
        before = game.save()
        with self.assertRaisesRegex(carcassonne.CarcError, r"hook 'place_fail.raise' \(placement\) failed"):
            game.placements()
        with self.assertRaisesRegex(carcassonne.CarcError, "a placement hook with a bug"):
            game.legal_moves()
        self.assertEqual(game.save(), before)

    def test_arguments_of_the_wrong_kind_are_named(self):
        game = carcassonne.Engine().new_game()
        with self.assertRaisesRegex(TypeError, "^bot is a name \\(greedy, random\\), not list$"):
            game.bot_turn([])
        with self.assertRaisesRegex(carcassonne.CarcError, "the ruleset's name is empty"):
            carcassonne.Engine("")
        with tempfile.TemporaryDirectory() as tmp:
            page = os.path.join(tmp, "report.html")
            with self.assertRaisesRegex(ValueError, "^the summary \\(a dict\\) cannot be written as JSON"):
                study.report({"games": float("nan")}, page)
            with self.assertRaisesRegex(ValueError, "^the summary \\(JSON text\\) cannot be written as JSON"):
                study.report("\ud800", page)
            with self.assertRaisesRegex(TypeError, "^the summary is a JSON text or a dict, not a list"):
                study.report([], page)

    def test_a_bot_turn_that_fails_changes_nothing(self):
        # the turn-end hook fails after the bot placed a tile and acted: the
        # whole turn is undone, not only its last step (the tile stayed placed)
        rules = os.path.join(SOURCE, "tests", "scenarios", "faults", "rules", "r_hook_raise.lua")
        game = carcassonne.Engine(rules).new_game(players=2, seed=3)
        before = game.save()
        for call in (game.bot_turn, game.play_out):
            with self.assertRaisesRegex(carcassonne.CarcError, "hook failed on purpose"):
                call("random")
            self.assertEqual(game.save(), before)
            self.assertEqual(game.phase, carcassonne.PHASE_PLACE)

    def test_out_of_range_arguments_are_refused(self):
        engine = carcassonne.Engine()
        with self.assertRaisesRegex(ValueError, "players 4294967299 is outside"):
            engine.new_game(players=2 ** 32 + 3)
        with self.assertRaisesRegex(ValueError, "seed"):
            engine.new_game(seed=2 ** 64 + 5)
        with self.assertRaisesRegex(ValueError, "seed"):
            engine.new_game(seed=-1)
        with self.assertRaisesRegex(TypeError, "followers must be a whole number"):
            engine.new_game(followers=2.5)
        game = engine.new_game(seed=2 ** 64 - 1)
        self.assertEqual(game.seed, 2 ** 64 - 1)
        with self.assertRaisesRegex(carcassonne.CarcError, "no move -1"):
            game.describe_move(-1)
        with self.assertRaisesRegex(ValueError, "scoring"):
            game.describe_scoring(2 ** 40)
        with self.assertRaisesRegex(carcassonne.CarcError, r"no scoring -1 \(there are 0\)"):
            game.describe_scoring(-1)
        game.play_out()
        with self.assertRaisesRegex(TypeError, "move must be a whole number"):
            game.describe_move("a")
        # a bool is an int to Python, not a move or a count to the engine
        with self.assertRaisesRegex(TypeError, "move must be a whole number, not bool"):
            game.play(True)
        with self.assertRaisesRegex(TypeError, "players must be a whole number, not bool"):
            engine.new_game(players=True)

    def test_messages_that_are_not_utf8(self):
        engine = carcassonne.Engine()
        saved = engine.new_game().save()
        # a lone surrogate escape: the JSON loader keeps its bytes, which are not UTF-8
        bad = saved.replace('"type": "D"', '"type": "\\ud800"', 1)
        self.assertNotEqual(bad, saved)
        with self.assertRaises(carcassonne.CarcError) as caught:
            engine.load(bad)
        self.assertIn("tiles[0]", str(caught.exception))

    def test_clone_save_load(self):
        engine = carcassonne.Engine(DEFAULT)
        game = engine.new_game(players=2, seed=9)
        for _ in range(40):
            game.bot_turn("random")
        copy = game.clone()
        saved = game.save()
        copy.play_out("greedy")
        self.assertEqual(game.save(), saved)  # the original is untouched
        loaded = engine.load(saved)
        self.assertEqual(loaded.save(), saved)
        self.assertEqual(loaded.observation(), game.observation())
        game.play_out("random")
        loaded.play_out("random")
        self.assertEqual(loaded.scores, game.scores)

    def test_observation(self):
        game = carcassonne.Engine().new_game(players=2, seed=3)
        obs = game.observation()
        self.assertEqual(obs["phase"], "place")
        self.assertEqual(obs["bag_left"], 70)
        self.assertEqual(obs["scores"], [0, 0])
        game.play(0)
        self.assertEqual(game.observation()["phase"], "act")

    def test_map_queries_and_svg(self):
        engine = carcassonne.Engine(os.path.join(SOURCE, "expansions", "maps", "demo.lua"))
        info = engine.map_info()
        self.assertEqual((info["name"], info["width"], info["height"]), ("Lindenmark (demo)", 12, 8))
        self.assertEqual((info["ferries"], info["abroad"], info["large_cities"], info["towns"]), (2, 3, 1, 5))
        self.assertEqual(engine.map_square(5, 3), ("start", 0, "Mittelbach"))
        self.assertEqual((engine.map_town(4, 5), engine.map_town(5, 3), engine.map_town(5, 4)), (True, False, False))
        veldmark = carcassonne.Engine(os.path.join(SOURCE, "expansions", "maps", "veldmark.lua"))
        self.assertEqual((veldmark.map_square(9, 5)[0], veldmark.map_town(9, 5)), ("start", True))
        self.assertEqual(engine.map_square(10, 3), ("island", 2, None))
        self.assertEqual(engine.map_square(2, 1), ("large city", 0, "Altburg"))
        self.assertEqual(engine.map_square(0, 0), ("sea", 0, None))
        self.assertEqual(engine.map_link(5, 5, "S"), {"kind": "ferry", "arms": 2, "name": None, "far": (5, 7, "N")})
        self.assertEqual(engine.map_link(10, 4, "W")["far"], (8, 4, "E"))
        self.assertEqual(engine.map_link(0, 5, "W"), {"kind": "road", "arms": 2, "name": "Nordmark"})
        self.assertEqual(engine.map_link(7, 0, "N")["kind"], "city")
        self.assertIsNone(engine.map_link(5, 5, "N"))
        self.assertIsNone(engine.map_link(500, -500, "E"))
        with self.assertRaises(ValueError):
            engine.map_link(5, 5, "south")
        with self.assertRaisesRegex(TypeError, "^edge is one of N, E, S, W, not list$"):
            engine.map_link(5, 5, [])
        with self.assertRaises(TypeError):
            engine.map_square(True, 3)
        with self.assertRaises(ValueError):
            engine.map_square(2 ** 40, 3)
        game = engine.new_game(seed=5)
        svg = game.svg()
        self.assertTrue(svg.startswith("<svg") or svg.startswith("<?xml"), svg[:40])
        self.assertEqual(svg.count('class="ferry"'), 2)
        plane = carcassonne.Engine()
        self.assertIsNone(plane.map_info())
        self.assertIsNone(plane.map_square(0, 0))
        self.assertIsNone(plane.map_link(0, 0, "N"))
        self.assertEqual(plane.new_game().svg().count('<g class="tile"'), 1)

    def test_simulate(self):
        summary = carcassonne.simulate(games=200, seed=3, jobs=2)
        seats = summary["rulesets"][0]["seats"]
        self.assertEqual([s["score"]["sum"] for s in seats], [3708, 3921])
        self.assertEqual(seats[0]["wins"], 98)


if __name__ == "__main__":
    unittest.main()
