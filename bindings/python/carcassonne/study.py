"""Balance studies from Python: runs the `carcassonne simulate` and
`carcassonne merge` programs and returns their JSON summaries.

The program is found through the CARC_CLI environment variable, then next to
the engine library of a build tree (build/carcassonne beside
build/engine/libcarcassonne.so), then in the install's bin folder, then on
PATH.
"""
import json
import os
import shutil
import subprocess
import tempfile


def cli_path():
    found = os.environ.get("CARC_CLI")
    if found:
        return found
    lib = os.environ.get("CARC_LIBRARY")
    if lib:
        beside = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(lib))), "carcassonne")
        if os.access(beside, os.X_OK):
            return beside
    try:
        from . import _install  # written by the CMake install
        installed = os.path.join(_install.BINDIR, "carcassonne")
        if os.access(installed, os.X_OK):
            return installed
    except ImportError:
        pass
    found = shutil.which("carcassonne")
    if found:
        return found
    raise OSError("cannot find the carcassonne program (set CARC_CLI to its path)")


def _whole(name, value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be a whole number, not %s" % (name, type(value).__name__))
    return str(value)


def simulate_args(rules=None, against=None, games=10000, players=2, bots="random", seed=1, jobs=None, shard=None):
    """The command-line options of one study (or one shard of it, shard=(i, n) with 1 <= i <= n).
    Every option given is passed on, and the program judges its value."""
    args = ["--games", _whole("games", games), "--players", _whole("players", players), "--seed", _whole("seed", seed)]
    if rules is not None:
        args += ["--rules", os.fsdecode(rules)]
    if against is not None:
        args += ["--against", os.fsdecode(against)]
    if not isinstance(bots, str):
        if not isinstance(bots, (list, tuple)) or not all(isinstance(b, str) for b in bots):
            raise TypeError("bots is a bot's name or a list of them, one a seat, not %r" % (bots,))
        if any("," in b for b in bots):  # joined, one name would count as two seats
            raise ValueError("bots: a bot's name holds no comma, not %r" % (bots,))
        bots = ",".join(bots)
    args += ["--bot", bots]
    if jobs is not None:
        args += ["--jobs", _whole("jobs", jobs)]
    if shard is not None:
        if not isinstance(shard, (tuple, list)) or len(shard) != 2:
            raise TypeError("shard is a pair (i, n), not %r" % (shard,))
        args += ["--shard", "%s/%s" % (_whole("shard index", shard[0]), _whole("shard count", shard[1]))]
    for option, value in zip(args[::2], args[1::2]):  # a NUL would end the argument unseen
        if "\0" in value:
            raise ValueError("%s holds a NUL byte: %r" % ({"--bot": "bots"}.get(option, option.lstrip("-")), value))
    return args


def _text(output):
    # the program echoes file names and ruleset bytes, which need not be UTF-8
    return output.decode("utf-8", "replace")


def _run(args, given=None):
    """Runs the program. `given` maps each temporary file the binding wrote to
    what the caller passed, so that an error names the latter: the caller
    never saw the file."""
    done = subprocess.run([cli_path()] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:
        message = _text(done.stderr).strip()
        for path, what in (given or {}).items():
            message = message.replace(path, what)
        raise RuntimeError("carcassonne %s failed: %s" % (args[0], message))
    return _text(done.stdout)


def simulate(raw=False, **options):
    """Runs a study; returns its summary as a dict (raw=True: the JSON text).
    Options: rules, against, games, players, bots, seed, jobs, shard."""
    text = _run(["simulate"] + simulate_args(**options) + ["--json"])
    return text if raw else json.loads(text)


def _write_summary(path, summary):
    # allow_nan=False: NaN is no JSON, and the program would report it in a file the caller never saw
    text = summary if isinstance(summary, str) else json.dumps(summary, allow_nan=False)
    with open(path, "w", encoding="utf-8", errors="strict") as f:
        f.write(text)
    return path


def _kind(summary):
    return "JSON text" if isinstance(summary, str) else "a %s" % type(summary).__name__


def merge(summaries, raw=False):
    """Adds shard summaries (JSON texts or dicts) into the study's summary."""
    # one text or dict is not a list of them: iterating it would pass on its characters or keys
    if isinstance(summaries, (str, bytes, dict)) or not isinstance(summaries, (list, tuple)):
        raise TypeError("summaries is a list of JSON texts or dicts, not %s" % _kind(summaries))
    with tempfile.TemporaryDirectory() as tmp:
        given = {}
        for i, s in enumerate(summaries, 1):
            if not isinstance(s, (str, dict)):
                raise TypeError("summary %d is a JSON text or a dict, not %s" % (i, _kind(s)))
            try:
                path = _write_summary(os.path.join(tmp, "shard%d.json" % i), s)
            except (ValueError, UnicodeError) as e:
                raise ValueError("summary %d (%s) cannot be written as JSON: %s" % (i, _kind(s), e)) from None
            given[path] = "summary %d (%s)" % (i, _kind(s))
        text = _run(["merge", "--json"] + list(given), given)
    return text if raw else json.loads(text)


def report(summary, html_path):
    """Writes the HTML report page of a summary (JSON text or dict)."""
    if not isinstance(summary, (str, dict)):
        raise TypeError("the summary is a JSON text or a dict, not %s" % _kind(summary))
    with tempfile.TemporaryDirectory() as tmp:
        try:
            path = _write_summary(os.path.join(tmp, "summary.json"), summary)
        except (ValueError, UnicodeError) as e:
            raise ValueError("the summary (%s) cannot be written as JSON: %s" % (_kind(summary), e)) from None
        _run(["merge", "--html", str(html_path), path], {path: "the summary (%s)" % _kind(summary)})
