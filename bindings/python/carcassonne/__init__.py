"""Python binding of the Carcassonne rules engine (ctypes over the shared library).

    import carcassonne
    engine = carcassonne.Engine("expansions/default.lua")   # or Engine() for the base game
    game = engine.new_game(players=2, seed=42)
    while not game.over:
        moves = game.legal_moves()          # integers
        game.play(moves[0])
    print(game.scores, game.breakdowns()[-1])

A move is an integer: in the placement phase, the index of a placement in
the list `game.placements()` gives; in the action phase, the index of an
action in `game.actions()`; in the end phase the only move, 0, runs the final
scoring. `game.describe_move(m)` says what a move does.

Balance studies run the `carcassonne` program (see carcassonne.study).
"""
import ctypes
import functools
import json as _json
import os
import threading

from . import _lib
from .study import merge, simulate  # noqa: F401

__all__ = ["Engine", "Game", "CarcError", "simulate", "merge", "version",
           "PHASE_PLACE", "PHASE_ACT", "PHASE_END", "PHASE_OVER", "BOTS"]

PHASE_PLACE, PHASE_ACT, PHASE_END, PHASE_OVER = 0, 1, 2, 3
PHASES = ("place", "act", "end", "over")
BOTS = {"random": 0, "greedy": 1}
ACTIONS = ("pass", "figure", "token", "move_neutral")
FIELDS = {-1: "strength", -2: "scores", -3: "award", -4: "ran"}
EDGES = ("N", "E", "S", "W")


class CarcError(RuntimeError):
    """A call the engine refused; the message is the engine's."""


def _s(b):
    # an engine message may be cut inside a character, or hold the bytes of
    # a name that is not UTF-8: replaced, never a UnicodeDecodeError
    return b.decode("utf-8", "replace") if b is not None else None


_INT_MIN, _INT_MAX = -2 ** 31, 2 ** 31 - 1


def _int(name, value, lo=_INT_MIN, hi=_INT_MAX):
    """`value` checked for a C parameter: ctypes would silently keep the low bits,
    and True would pass for 1."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be a whole number, not %s" % (name, type(value).__name__))
    if not lo <= value <= hi:
        raise ValueError("%s %d is outside %d..%d" % (name, value, lo, hi))
    return value


def version():
    return _s(_lib.engine_library().carc_version())


def _text(fn, *args):
    need = fn(*args, None, 0)
    buf = ctypes.create_string_buffer(need + 1)
    fn(*args, buf, need + 1)
    return _s(buf.value)


def _path(name, value):
    """A file name for C: str, bytes or os.PathLike, in the file system's encoding."""
    try:
        raw = os.fsencode(value)
    except TypeError:
        raise TypeError("%s must be a path (str, bytes or os.PathLike), not %s" % (name, type(value).__name__)) from None
    if b"\0" in raw:
        raise ValueError("%s holds a NUL character" % name)
    return raw


class _Handle:
    """A C pointer owned by the binding, freed once. The engine keeps a
    strong set of its games' handles: the garbage collector clears weak
    references before it runs finalizers, so a weak set could miss a game
    still to free when the engine goes."""
    __slots__ = ("ptr",)

    def __init__(self, ptr):
        self.ptr = ptr


def _bot(name):
    if not isinstance(name, str):
        raise TypeError("bot is a name (%s), not %s" % (", ".join(sorted(BOTS)), type(name).__name__))
    if name not in BOTS:
        raise ValueError("bot is one of %s, not %r" % (", ".join(sorted(BOTS)), name))
    return BOTS[name]


def _locked(method):
    """`method` run holding the engine's lock (see Engine)."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)
    return run


class Engine:
    """The rules: the base game and, optionally, a Lua ruleset file.

    Calls on one engine and on its games take the engine's lock, one thread
    at a time (the C library allows no more with Lua, and a game load may
    change the engine): to play on several threads, give each its engine."""

    def __init__(self, rules=None):
        self._c = _lib.engine_library()
        self._lua = self._handle = None
        self._games = set()  # the _Handle of every live game, freed first when the engine closes
        self._lock = threading.RLock()
        raw_rules = None if rules is None else _path("rules", rules)
        self._handle = self._c.carc_engine_new(None, None)
        if not self._handle:
            raise MemoryError("cannot create an engine")
        self.rules = rules
        try:
            if self._c.carc_tiles_load_base(self._handle) != 0:
                raise CarcError(_s(self._c.carc_engine_error(self._handle)))
            if raw_rules is not None:
                raw_rules = self._ruleset_path(raw_rules)
                lua = _lib.lua_library()
                self._lua = lua.carc_lua_new(self._handle, 0)
                if not self._lua:
                    raise MemoryError("cannot create a Lua state")
                if lua.carc_lua_load_ruleset(self._lua, raw_rules) != 0:
                    raise CarcError(_s(lua.carc_lua_error(self._lua)))
        except BaseException:
            self.close()
            raise

    def _ruleset_path(self, raw):
        """A ruleset as given, else a name ("default") looked up in the folders
        searched for expansions, as the CLI and the Lua module look it up
        (carc_engine_find_ruleset)."""
        buf = ctypes.create_string_buffer(4096)
        n = self._c.carc_engine_find_ruleset(self._handle, raw, buf, len(buf))
        if n == 0:
            raise CarcError(_s(self._c.carc_engine_error(self._handle)))
        if n >= len(buf):
            raise CarcError("the ruleset's path is too long")
        return buf.value

    @property
    def _e(self):
        if not getattr(self, "_handle", None):
            raise CarcError("the engine is closed")
        return self._handle

    def close(self):
        """Frees the engine and its games; using either afterwards raises CarcError."""
        lock = getattr(self, "_lock", None)
        if lock is None:  # __init__ failed before the lock: nothing allocated
            return
        with lock:
            games, self._games = self._games, set()
            for h in games:
                if h.ptr:
                    self._c.carc_game_free(h.ptr)
                    h.ptr = None
            if self._lua:
                _lib.lua_library().carc_lua_free(self._lua)
                self._lua = None
            if self._handle:
                self._c.carc_engine_free(self._handle)
                self._handle = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __copy__(self):
        raise TypeError("an Engine cannot be copied: create another with the same rules")

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce__(self):
        raise TypeError("an Engine cannot be pickled: create another with the same rules")

    def _adopt(self, ptr):
        """A Game owning C game `ptr` (the engine's lock is held)."""
        h = _Handle(ptr)
        self._games.add(h)
        return Game(self, h)

    def new_game(self, players=2, seed=1, followers=0):
        opt = _lib.GameOptions(_int("players", players), _int("seed", seed, 0, 2 ** 64 - 1),
                               _int("followers", followers), 0)
        with self._lock:
            g = self._c.carc_game_new(self._e, ctypes.byref(opt))
            if not g:
                raise CarcError(_s(self._c.carc_engine_error(self._e)))
            return self._adopt(g)

    def load(self, saved):
        """A game from the JSON text Game.save() wrote (str, or UTF-8 bytes)."""
        if isinstance(saved, str):
            raw = saved.encode("utf-8", "surrogatepass")
        elif isinstance(saved, (bytes, bytearray)):
            raw = bytes(saved)
        else:
            raise TypeError("a save is text (str or bytes), not %s" % type(saved).__name__)
        if b"\0" in raw:  # C would read the text only up to it
            raise CarcError("the save holds a NUL character at byte %d" % raw.index(b"\0"))
        err = ctypes.create_string_buffer(512)
        with self._lock:
            g = self._c.carc_game_load(self._e, raw, err, 512)
            if not g:
                raise CarcError(_s(err.value))
            return self._adopt(g)

    def handlers(self):
        """The scoring handlers in run order: [(priority, name)]."""
        with self._lock:
            c, e = self._c, self._e
            return [(c.carc_handler_priority(e, i), _s(c.carc_handler_name(e, i)))
                    for i in range(c.carc_handler_count(e))]

    # -- the map (None without one)
    def map_info(self):
        """The map's name, size, squares and printed pieces as a dict, or None."""
        info = _lib.MapInfo()
        with self._lock:
            if not self._c.carc_engine_map_info(self._e, ctypes.byref(info)):
                return None
        out = {name: getattr(info, name) for name, _ in _lib.MapInfo._fields_}
        out["name"] = _s(info.name)
        return out

    def map_square(self, x, y):
        """(kind, coats of arms, name or None) of square (x, y): kind is "land",
        "town", "start", "island", "sea", "waves", "highlight", "half" or
        "large city"; None without a map."""
        x, y = _int("x", x), _int("y", y)
        with self._lock:
            c, e = self._c, self._e
            kind = c.carc_map_square(e, x, y)
            if kind < 0:
                return None
            return (_s(c.carc_map_square_kind_name(kind)), c.carc_map_square_arms(e, x, y),
                    _s(c.carc_map_square_name(e, x, y)))

    def map_town(self, x, y):
        """Whether square (x, y) shows a town in print: a town, or a start
        square declared on one (its kind is then "start"); False without a map."""
        x, y = _int("x", x), _int("y", y)
        with self._lock:
            return bool(self._c.carc_map_square_town(self._e, x, y))

    def map_link(self, x, y, edge):
        """What is printed on edge "N", "E", "S" or "W" of square (x, y): a dict
        with kind ("road" or "city" abroad, or "ferry"), arms, name (or None)
        and, for a ferry route, its other end "far" = (x, y, edge); None when
        nothing is printed there or there is no map."""
        x, y = _int("x", x), _int("y", y)
        if not isinstance(edge, str):
            raise TypeError("edge is one of %s, not %s" % (", ".join(EDGES), type(edge).__name__))
        if edge not in EDGES:
            raise ValueError("edge must be one of %s, not %r" % (", ".join(EDGES), edge))
        link = _lib.MapLink()
        with self._lock:
            if not self._c.carc_map_link_at(self._e, x, y, EDGES.index(edge), ctypes.byref(link)):
                return None
            name = _s(link.name)
        out = {"kind": {1: "road", 2: "city", 3: "ferry"}.get(link.kind, "?"), "arms": link.arms,
               "name": name or None}
        if out["kind"] == "ferry":
            out["far"] = (link.far_x, link.far_y, EDGES[link.far_edge & 3])
        return out

    def kind_name(self, kind):
        with self._lock:
            return _s(self._c.carc_kind_name(self._e, _int("kind", kind)))

    def tile_name(self, tile_type):
        with self._lock:
            return _s(self._c.carc_tile_type_name(self._e, _int("tile_type", tile_type)))


class Game:
    """The state of one game. Games keep their engine alive; their calls
    take the engine's lock."""

    def __init__(self, engine, handle):
        self.engine = engine
        self._c = engine._c
        self._lock = engine._lock
        self._h = handle

    @property
    def _g(self):
        if not self._h.ptr:
            raise CarcError("the game is closed: its engine was closed")
        return self._h.ptr

    def _free(self):
        h = getattr(self, "_h", None)
        if h is None:
            return
        with self._lock:
            if h.ptr:
                self._c.carc_game_free(h.ptr)
                h.ptr = None
            self.engine._games.discard(h)

    def __del__(self):
        self._free()

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        raise TypeError("a Game cannot be pickled: save() gives its exact state as text, Engine.load reads it")

    def _check(self, rc):
        if rc != 0:
            raise CarcError(_s(self._c.carc_game_error(self._g)))

    def _whole(self, call):
        """Runs `call` (a C call of several steps, each its own transaction)
        all or nothing: when a step fails, the game is put back as it was
        before the first, and CarcError says why."""
        before = self._c.carc_game_clone(self._g)
        if not before:
            raise MemoryError("cannot copy the game to play a bot's moves")
        try:
            rc = call()
            if rc != 0:
                why = _s(self._c.carc_game_error(self._g))
                if self._c.carc_game_copy(self._g, before) != 0:
                    why += " (and the game could not be put back: out of memory)"
                raise CarcError(why)
        finally:
            self._c.carc_game_free(before)

    # -- state
    @property
    @_locked
    def phase(self):
        return self._c.carc_game_phase(self._g)

    @property
    @_locked
    def over(self):
        return self.phase == PHASE_OVER

    @property
    @_locked
    def players(self):
        return self._c.carc_game_players(self._g)

    @property
    @_locked
    def current_player(self):
        return self._c.carc_game_current_player(self._g)

    @property
    @_locked
    def turn(self):
        return self._c.carc_game_turn(self._g)

    @property
    @_locked
    def scores(self):
        return [self._c.carc_game_score(self._g, p) for p in range(self.players)]

    @property
    @_locked
    def seed(self):
        return self._c.carc_game_seed(self._g)

    # -- moves as integers
    @_locked
    def placements(self):
        n = self._c.carc_game_placements(self._g, None, 0)
        if n < 0:  # a placement hook failed (not a refusal)
            raise CarcError(_s(self._c.carc_game_error(self._g)))
        out = (_lib.PlacementOption * max(n, 1))()
        again = self._c.carc_game_placements(self._g, out, n)  # a hook may answer this pass otherwise
        if again < 0:
            raise CarcError(_s(self._c.carc_game_error(self._g)))
        return [(o.x, o.y, o.rotation) for o in out[:min(n, again)]]

    @_locked
    def actions(self):
        n = self._c.carc_game_actions(self._g, None, 0)
        out = (_lib.Action * max(n, 1))()
        self._c.carc_game_actions(self._g, out, n)
        return [_lib.Action(a.type, a.figure_type, a.token_type, a.figure, a.segment) for a in out[:n]]

    @_locked
    def legal_moves(self):
        """The legal moves of the current phase, as integers 0..n-1."""
        phase = self.phase
        if phase == PHASE_PLACE:
            return list(range(len(self.placements())))
        if phase == PHASE_ACT:
            return list(range(len(self.actions())))
        if phase == PHASE_END:
            return [0]
        return []

    @_locked
    def describe_move(self, move):
        _int("move", move)
        phase = self.phase
        legal = self.legal_moves()
        if phase != PHASE_OVER and not 0 <= move < len(legal):
            raise CarcError("no move %d (there are %d)" % (move, len(legal)))
        if phase == PHASE_PLACE:
            x, y, r = self.placements()[move]
            return "place %s at (%d,%d) rotation %d" % (
                self.engine.tile_name(self._c.carc_game_drawn_tile(self._g)), x, y, r)
        if phase == PHASE_ACT:
            a = self.actions()[move]
            return "%s figure_type=%d token_type=%d figure=%d segment=%d" % (
                ACTIONS[a.type], a.figure_type, a.token_type, a.figure, a.segment)
        if phase == PHASE_END:
            return "final scoring"
        raise CarcError("the game is over")

    @_locked
    def play(self, move):
        """Plays move `move` (an integer from legal_moves())."""
        _int("move", move)
        phase = self.phase
        if phase == PHASE_PLACE:
            opts = self.placements()
            if not 0 <= move < len(opts):
                raise CarcError("no placement %d (there are %d)" % (move, len(opts)))
            self._check(self._c.carc_game_place(self._g, *opts[move]))
        elif phase == PHASE_ACT:
            acts = self.actions()
            if not 0 <= move < len(acts):
                raise CarcError("no action %d (there are %d)" % (move, len(acts)))
            self._check(self._c.carc_game_act(self._g, ctypes.byref(acts[move])))
        elif phase == PHASE_END:
            if move != 0:
                raise CarcError("the only move at the end is 0 (final scoring)")
            self._check(self._c.carc_game_final_scoring(self._g))
        else:
            raise CarcError("the game is over")

    @_locked
    def bot_turn(self, bot="random"):
        """The bot plays the current player's whole turn; a turn that fails
        part way leaves the game as it was before it."""
        bot = _bot(bot)
        self._whole(lambda: self._c.carc_bot_play_turn(self._g, bot))

    @_locked
    def play_out(self, bot="random"):
        """Plays to the end (final scoring included) with a bot for every seat;
        a failure leaves the game as it was before the call."""
        bot = _bot(bot)
        self._whole(lambda: self._c.carc_bot_play_game(self._g, bot))

    # -- copies
    @_locked
    def clone(self):
        g = self._c.carc_game_clone(self._g)
        if not g:
            raise MemoryError("cannot clone the game")
        return self.engine._adopt(g)

    @_locked
    def save(self):
        """The exact state as JSON text (Engine.load reads it back)."""
        return _text(self._c.carc_game_save, self._g)

    # -- what happened
    @_locked
    def observation(self):
        """A plain dict of what a player sees: phase, scores, the drawn tile,
        the board (tile name, x, y, rotation) and the figures on it."""
        c, g, e = self._c, self._g, self.engine
        board = [(e.tile_name(c.carc_board_tile_type(g, t)), c.carc_board_tile_x(g, t), c.carc_board_tile_y(g, t),
                  c.carc_board_tile_rotation(g, t)) for t in range(c.carc_board_tiles(g))]
        figures = []
        for f in range(c.carc_game_figures(g)):
            seg = c.carc_figure_segment(g, f)
            if seg < 0:
                continue
            figures.append({"type": _s(c.carc_figure_type_name(e._e, c.carc_figure_type(g, f))),
                            "owner": c.carc_figure_owner(g, f), "tile": c.carc_segment_tile(g, seg),
                            "segment": c.carc_segment_index(g, seg),
                            "kind": e.kind_name(c.carc_feature_kind(g, seg))})
        drawn = c.carc_game_drawn_tile(g)
        return {"phase": PHASES[self.phase], "turn": self.turn, "current_player": self.current_player,
                "scores": self.scores, "drawn_tile": e.tile_name(drawn) if drawn >= 0 else None,
                "bag_left": c.carc_game_bag_left(g), "board": board, "figures": figures}

    @_locked
    def breakdowns(self):
        """Every scoring so far with its breakdown: a list of dicts with kind,
        reason, turn, total, award (per player) and the handlers' changes."""
        c, g = self._c, self._g
        out = []
        for i in range(c.carc_game_scorings(g)):
            info = _lib.ScoringInfo()
            c.carc_game_scoring(g, i, ctypes.byref(info))
            changes = []
            for j in range(info.changes):
                ch = _lib.Change()
                c.carc_game_scoring_change(g, i, j, ctypes.byref(ch))
                field = FIELDS.get(ch.field) or _s(c.carc_ctx_field_name(ch.field))
                changes.append({"handler": _s(ch.handler), "field": field, "player": ch.player,
                                "before": ch.before, "after": ch.after})
            out.append({"kind": self.engine.kind_name(info.kind),
                        "reason": {1: "completed", 2: "final", 4: "hook"}.get(info.reason, "?"), "turn": info.turn,
                        "total": info.total, "award": list(info.award[:self.players]), "changes": changes})
        return out

    @_locked
    def describe_scoring(self, i):
        """The engine's own text of scoring i (what `carcassonne play` prints)."""
        n = self._c.carc_game_scorings(self._g)
        if not 0 <= _int("scoring", i) < n:
            raise CarcError("no scoring %d (there are %d)" % (i, n))
        return _text(self._c.carc_game_describe_scoring, self._g, i)

    @_locked
    def board_text(self):
        return _text(self._c.carc_game_render_board, self._g)

    @_locked
    def svg(self):
        """The board as an SVG picture (a map's squares and printed pieces too)."""
        return _text(self._c.carc_game_render_svg, self._g)

    @_locked
    def to_json(self):
        return _json.dumps(self.observation())
