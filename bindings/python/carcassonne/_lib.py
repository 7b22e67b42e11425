"""Finding and describing the shared libraries (ctypes; no compiler needed).

Search order for the engine library, libcarcassonne.so:
  1. the file named by the CARC_LIBRARY environment variable;
  2. next to this package (a copy installed with it) and the install
     prefix's lib directories;
  3. the system loader (ldconfig, LD_LIBRARY_PATH).
The Lua binding, libcarcassonne-lua.so (or libcarcassonne_lua.so), is looked
for the same way (CARC_LUA_LIBRARY, or next to the engine library found, or
in a build tree's bindings/lua beside that library's folder).
An installed build also records its library folder in _install.py.

Each C function is declared once in the tables below; adding one to the
binding is one line.
"""
import ctypes
import ctypes.util
import os
import sys

c_int, c_uint, c_char_p, c_void_p, c_size_t = ctypes.c_int, ctypes.c_uint, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t
c_uint64 = ctypes.c_uint64


class GameOptions(ctypes.Structure):
    _fields_ = [("players", c_int), ("seed", c_uint64), ("followers", c_int), ("no_bag", c_int)]


class PlacementOption(ctypes.Structure):
    _fields_ = [("x", c_int), ("y", c_int), ("rotation", c_int)]


class Action(ctypes.Structure):
    _fields_ = [("type", c_int), ("figure_type", c_int), ("token_type", c_int), ("figure", c_int), ("segment", c_int)]


MAX_PLAYERS = 6


class ScoringInfo(ctypes.Structure):
    _fields_ = [("kind", c_int), ("reason", c_int), ("feature", c_int), ("turn", c_int), ("total", c_int),
                ("award", c_int * MAX_PLAYERS), ("changes", c_int)]


class Change(ctypes.Structure):
    _fields_ = [("handler", c_char_p), ("field", c_int), ("player", c_int), ("before", c_int), ("after", c_int)]


class MapInfo(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("width", c_int), ("height", c_int), ("squares", c_int),
                ("half_squares", c_int), ("starts", c_int), ("starts_used", c_int), ("tiles_min", c_int),
                ("tiles_max", c_int), ("followers", c_int), ("large_cities", c_int), ("abroad", c_int),
                ("ferries", c_int), ("islands", c_int), ("towns", c_int)]


class MapLink(ctypes.Structure):
    _fields_ = [("kind", c_int), ("arms", c_int), ("far_x", c_int), ("far_y", c_int), ("far_edge", c_int),
                ("name", c_char_p)]


E, G = c_void_p, c_void_p  # carc_engine *, carc_game *

# name: (result type, argument types)
ENGINE_FUNCTIONS = {
    "carc_version": (c_char_p, []),
    "carc_result_name": (c_char_p, [c_int]),
    "carc_engine_new": (E, [c_void_p, c_void_p]),
    "carc_engine_free": (None, [E]),
    "carc_engine_error": (c_char_p, [E]),
    "carc_engine_find_data": (ctypes.c_size_t, [E, c_char_p, c_char_p, c_char_p, ctypes.c_size_t]),
    "carc_engine_find_ruleset": (ctypes.c_size_t, [E, c_char_p, c_char_p, ctypes.c_size_t]),
    "carc_tiles_load_base": (c_int, [E]),
    "carc_kind_name": (c_char_p, [E, c_int]),
    "carc_tile_type_count": (c_int, [E]),
    "carc_tile_type_name": (c_char_p, [E, c_int]),
    "carc_figure_type_name": (c_char_p, [E, c_int]),
    "carc_token_type_name": (c_char_p, [E, c_int]),
    "carc_handler_count": (c_int, [E]),
    "carc_handler_name": (c_char_p, [E, c_int]),
    "carc_handler_priority": (c_int, [E, c_int]),
    "carc_ctx_field_name": (c_char_p, [c_int]),
    "carc_player_name": (c_char_p, [c_int]),
    "carc_game_new": (G, [E, ctypes.POINTER(GameOptions)]),
    "carc_game_free": (None, [G]),
    "carc_game_clone": (G, [G]),
    "carc_game_copy": (ctypes.c_int, [G, G]),
    "carc_game_error": (c_char_p, [G]),
    "carc_game_phase": (c_int, [G]),
    "carc_game_players": (c_int, [G]),
    "carc_game_current_player": (c_int, [G]),
    "carc_game_turn": (c_int, [G]),
    "carc_game_score": (c_int, [G, c_int]),
    "carc_game_drawn_tile": (c_int, [G]),
    "carc_game_bag_left": (c_int, [G]),
    "carc_game_set_aside": (c_int, [G]),
    "carc_game_seed": (c_uint64, [G]),
    "carc_game_placements": (c_int, [G, ctypes.POINTER(PlacementOption), c_int]),
    "carc_game_place": (c_int, [G, c_int, c_int, c_int]),
    "carc_game_actions": (c_int, [G, ctypes.POINTER(Action), c_int]),
    "carc_game_act": (c_int, [G, ctypes.POINTER(Action)]),
    "carc_game_final_scoring": (c_int, [G]),
    "carc_board_tiles": (c_int, [G]),
    "carc_board_tile_type": (c_int, [G, c_int]),
    "carc_board_tile_x": (c_int, [G, c_int]),
    "carc_board_tile_y": (c_int, [G, c_int]),
    "carc_board_tile_rotation": (c_int, [G, c_int]),
    "carc_game_figures": (c_int, [G]),
    "carc_figure_type": (c_int, [G, c_int]),
    "carc_figure_owner": (c_int, [G, c_int]),
    "carc_figure_segment": (c_int, [G, c_int]),
    "carc_segment_tile": (c_int, [G, c_int]),
    "carc_segment_index": (c_int, [G, c_int]),
    "carc_feature_kind": (c_int, [G, c_int]),
    "carc_game_scorings": (c_int, [G]),
    "carc_game_scoring": (c_int, [G, c_int, ctypes.POINTER(ScoringInfo)]),
    "carc_game_scoring_change": (c_int, [G, c_int, c_int, ctypes.POINTER(Change)]),
    "carc_game_describe_scoring": (c_size_t, [G, c_int, c_char_p, c_size_t]),
    "carc_game_render_board": (c_size_t, [G, c_char_p, c_size_t]),
    "carc_game_render_svg": (c_size_t, [G, c_char_p, c_size_t]),
    "carc_engine_map_info": (c_int, [E, ctypes.POINTER(MapInfo)]),
    "carc_map_square": (c_int, [E, c_int, c_int]),
    "carc_map_square_arms": (c_int, [E, c_int, c_int]),
    "carc_map_square_town": (c_int, [E, c_int, c_int]),
    "carc_map_square_name": (c_char_p, [E, c_int, c_int]),
    "carc_map_square_kind_name": (c_char_p, [c_int]),
    "carc_map_link_at": (c_int, [E, c_int, c_int, c_int, ctypes.POINTER(MapLink)]),
    "carc_game_save": (c_size_t, [G, c_char_p, c_size_t]),
    "carc_game_load": (G, [E, c_char_p, c_char_p, c_size_t]),
    "carc_bot_play_turn": (c_int, [G, c_int]),
    "carc_bot_play_game": (c_int, [G, c_int]),
}

LUA_FUNCTIONS = {
    "carc_lua_new": (c_void_p, [E, c_size_t]),
    "carc_lua_free": (None, [c_void_p]),
    "carc_lua_error": (c_char_p, [c_void_p]),
    "carc_lua_load_ruleset": (c_int, [c_void_p, c_char_p]),
}


def _candidates(env, filename):
    found = os.environ.get(env)
    if found:
        yield found
        return
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, filename)
    try:
        from . import _install  # written by the CMake install
        yield os.path.join(_install.LIBDIR, filename)
    except ImportError:
        pass
    for prefix in (sys.prefix, sys.exec_prefix, "/usr/local", "/usr"):
        for lib in ("lib", "lib64", os.path.join("lib", "x86_64-linux-gnu"), os.path.join("lib", "aarch64-linux-gnu")):
            yield os.path.join(prefix, lib, filename)


def _open(env, filename, short, mode):
    tried = []
    for path in _candidates(env, filename):
        if path in tried:  # sys.prefix and sys.exec_prefix are often one folder
            continue
        tried.append(path)
        if os.path.exists(path):
            return ctypes.CDLL(path, mode=mode)
    if not os.environ.get(env):
        name = ctypes.util.find_library(short)
        for attempt in filter(None, (name, filename)):
            try:
                return ctypes.CDLL(attempt, mode=mode)
            except OSError:
                if attempt not in tried:
                    tried.append(attempt)
    raise OSError("cannot find %s (set %s to its path); tried: %s" % (filename, env, ", ".join(tried)))


def _declare(lib, table):
    for name, (res, args) in table.items():
        fn = getattr(lib, name)
        fn.restype = res
        fn.argtypes = args


_engine = None
_lua = None


def engine_library():
    """The engine library (loaded once, its symbols global so the Lua binding finds them)."""
    global _engine
    if _engine is None:
        lib = _open("CARC_LIBRARY", "libcarcassonne.so", "carcassonne", ctypes.RTLD_GLOBAL)
        _declare(lib, ENGINE_FUNCTIONS)
        _engine = lib
    return _engine


LUA_NAMES = ("libcarcassonne-lua.so", "libcarcassonne_lua.so")


def lua_library():
    """The Lua binding, for rulesets (loaded on first use)."""
    global _lua
    if _lua is None:
        eng = engine_library()
        # Lua itself first, global, for a binding that takes Lua's symbols
        # from the process that loads it.
        for name in filter(None, (ctypes.util.find_library("lua5.4"), "liblua5.4.so.0")):
            try:
                ctypes.CDLL(name, mode=ctypes.RTLD_GLOBAL)
                break
            except OSError:
                pass
        lib = None
        if eng._name and not os.environ.get("CARC_LUA_LIBRARY"):
            # beside the engine library (installed), or where a build tree
            # puts it (build/engine/ and build/bindings/lua/)
            folder = os.path.dirname(os.path.abspath(eng._name))
            places = (folder, os.path.join(os.path.dirname(folder), "bindings", "lua"))
            for beside in (os.path.join(f, name) for f in places for name in LUA_NAMES):
                if os.path.exists(beside):
                    lib = ctypes.CDLL(beside, mode=ctypes.RTLD_GLOBAL)
                    break
        if lib is None:
            try:
                lib = _open("CARC_LUA_LIBRARY", LUA_NAMES[0], "carcassonne-lua", ctypes.RTLD_GLOBAL)
            except OSError:
                lib = _open("CARC_LUA_LIBRARY", LUA_NAMES[1], "carcassonne_lua", ctypes.RTLD_GLOBAL)
        _declare(lib, LUA_FUNCTIONS)
        _lua = lib
    return _lua
