"""One study four ways, byte for byte: --jobs 1, --jobs 2, three shards
merged, and three shards as tasks on a local Dask cluster (skipped when
python3-distributed is not installed)."""
import contextlib
import io
import os
import unittest

from carcassonne import study

try:
    import distributed
except ImportError:  # pragma: no cover
    distributed = None

SOURCE = os.environ.get("CARC_SOURCE", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
OPTIONS = dict(rules=os.path.join(SOURCE, "expansions", "default.lua"),
               against=os.path.join(SOURCE, "expansions", "house_rules", "wealth_before_witch.lua"),
               games=240, players=3, bots="random", seed=11)


@unittest.skipIf(distributed is None, "python3-distributed is not installed")
class DaskStudy(unittest.TestCase):
    def test_identical_everywhere(self):
        from carcassonne import dask as carc_dask
        one = study.simulate(raw=True, jobs=1, **OPTIONS)
        two = study.simulate(raw=True, jobs=2, **OPTIONS)
        shards = [study.simulate(raw=True, jobs=1, shard=(i, 3), **OPTIONS) for i in (3, 1, 2)]
        merged = study.merge(shards, raw=True)
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None)
        client = distributed.Client(cluster)
        try:
            on_dask = carc_dask.run(client, OPTIONS, shards=3)
        finally:
            client.close()
            cluster.close()
        self.assertIn('"games": 240, "first": 0, "count": 240', one)
        self.assertEqual(one, two)
        self.assertEqual(one, merged)
        self.assertEqual(one, on_dask)


class DaskArguments(unittest.TestCase):
    """Counts below one are refused before any cluster starts."""

    def test_counts_below_one(self):
        from carcassonne import dask as carc_dask
        for flag in ("--shards", "--workers", "--jobs"):
            err = io.StringIO()
            with contextlib.redirect_stderr(err), self.assertRaises(SystemExit) as caught:
                carc_dask.main([flag, "0", "--games", "40"])
            self.assertEqual(caught.exception.code, 2)
            self.assertIn("%s takes a whole number of at least 1, not 0" % flag, err.getvalue())
        with self.assertRaisesRegex(ValueError, "shards must be a whole number of at least 1"):
            carc_dask.run(None, OPTIONS, shards=0)


if __name__ == "__main__":
    unittest.main()
