"""A balance study on a Dask cluster: one task per shard, `merge` as the reduction.

    python3 -m carcassonne.dask --scheduler tcp://HOST:8786 --shards 64 \\
        --rules A.lua --against B.lua --games 1000000 --json study.json --html report.html

Without --scheduler a local cluster is started on this machine. Every worker
needs the carcassonne program (CARC_CLI or PATH) and the ruleset files at the
same paths. Each shard is `carcassonne simulate --shard I/N --json`; the
summaries are added by `carcassonne merge`, which gives exactly what a single
run gives, whatever the number of shards or workers.
"""
import argparse
import sys

from . import study


def run_shard(i, n, options, jobs):
    return study.simulate(raw=True, shard=(i, n), jobs=jobs, **options)


def merge_summaries(*summaries):
    return study.merge(list(summaries), raw=True)


def run(client, options, shards, jobs_per_task=1, fan_in=16):
    """Submits the shards and a tree of merges; returns the study's JSON text."""
    if isinstance(shards, bool) or not isinstance(shards, int) or shards < 1:
        raise ValueError("shards must be a whole number of at least 1, not %r" % (shards,))
    level = [client.submit(run_shard, i, shards, options, jobs_per_task, pure=False) for i in range(1, shards + 1)]
    while len(level) > 1:
        level = [client.submit(merge_summaries, *level[k:k + fan_in]) for k in range(0, len(level), fan_in)]
    result = level[0].result()
    if shards == 1:
        result = study.merge([result], raw=True)
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(prog="carcassonne-dask", description=__doc__.split("\n")[0])
    ap.add_argument("--scheduler", help="address of a running Dask scheduler (default: start a local cluster)")
    ap.add_argument("--workers", type=int, default=2, help="workers of the local cluster (default 2)")
    ap.add_argument("--shards", type=int, default=8, help="tasks the study is split into (default 8)")
    ap.add_argument("--jobs", type=int, default=1, help="threads per task (default 1)")
    ap.add_argument("--rules")
    ap.add_argument("--against")
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", metavar="FILE", help="write the summary JSON here (default: stdout)")
    ap.add_argument("--html", metavar="FILE", help="write the report page here")
    a = ap.parse_args(argv)
    for name in ("workers", "shards", "jobs"):
        if getattr(a, name) < 1:
            ap.error("--%s takes a whole number of at least 1, not %d" % (name, getattr(a, name)))
    from distributed import Client, LocalCluster  # Debian: python3-distributed

    options = dict(rules=a.rules, against=a.against, games=a.games, players=a.players, bots=a.bot, seed=a.seed)
    if a.scheduler:
        client = Client(a.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=False,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        text = run(client, options, a.shards, a.jobs)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    if a.json:
        with open(a.json, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if a.html:
        study.report(text, a.html)
    return 0


if __name__ == "__main__":
    sys.exit(main())
