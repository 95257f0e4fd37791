"""The solver registry: the single, explicit list of the built-in solvers, and the solver protocol.

The CLI, the comparison runner and the conformance suite iterate over :data:`REGISTRY`, so a solver is listed,
compared and tested the moment it has an entry here. Nothing is discovered by crawling packages; outside solvers
come in through :func:`get_solver` (a ``file.py:attr`` or ``module:attr`` spec, or the entry-point group
``nqueens.solvers``, see :mod:`nqueens.plugins`) and follow the same protocol.

The protocol
------------
A :class:`Solver` says what a solver is (name, family, origin, capabilities, limits, options) and where its code
is: ``module``, a module imported on first use (the built-ins: importing :mod:`nqueens` compiles no kernel and
imports neither OR-tools nor python-constraint), or the callables ``count``, ``batches``, ``solutions`` and
``warmup`` given directly (an outside solver). Either way the code provides:

``count(n, *, nodes=False, instance=None, **options) -> Tally``
    Count the solutions; with ``nodes=True`` (only if ``"nodes"`` is in ``can``) also the feasible nodes per
    depth, from an instrumented variant so the plain count stays fast. An ``int`` is taken as the total.
``batches(n, *, limit=None, instance=None, **options) -> Iterator[numpy.ndarray]``
    Only if ``"enumerate"`` is in ``can``: the solutions, streamed as ``(m, n)`` arrays in the solver's own
    order; ``limit`` is a hint (the facade cuts the stream anyway) so a search can stop early. Closing the
    iterator stops the search.
``solutions(n, *, instance=None, **options) -> Iterator[Sequence[int]]``
    The simplest way in: a generator of solutions (``q[row] = column``, 0-based). The toolkit derives
    ``batches`` from it, and ``count`` when none is given.
``warmup() -> None``
    Optional: compile or load the kernels, so that timings measure the computation alone.

The facade checks everything once before a solver runs: ``n`` against ``max_n`` and ``memory``, the options
against ``options`` (each an :class:`Option`, defaults filled in, so the code receives every option), an instance
against the capability ``instance``. The code runs on a worker thread and may be abandoned on Ctrl-C (the process
then exits), so it keeps no state that outlives a call. ``Tally.stats`` carries the solver's own effort measures
(failures, branches, ``time_model`` / ``time_solve`` in seconds when the solver can tell them apart); they land in
the same columns as the built-ins'.

Problem instances (:mod:`nqueens.core.instance`): a solver with ``"instance"`` in ``can`` also takes the keyword
``instance``: an :class:`~nqueens.core.instance.Instance` of the same ``n``, already validated, never the plain
problem (the facade passes ``instance`` only when there are blocked squares, pre-placed queens or excluded
diagonals). Its solutions must respect it; an inconsistent instance counts 0. Solvers without the capability
are refused an instance by the facade, with the reason in ``no_instance``.

Engines (family ``engine``) are not called through ``count``: they provide ``plan``, ``task``, ``combine`` and
``warmup`` and :mod:`nqueens.runtime.run` runs their subproblems (threads, Dask, the result store).
"""

from nqueens.core.errors import NQueensError
from nqueens.core.protocol import CAPABILITIES, FAMILIES, Option, Solver, solver
from nqueens.native._limits import DIAGONALS_MAX_N, DIAGONALS_REASON, MASK_MAX_N

__all__ = ["Option", "Solver", "REGISTRY", "CAPABILITIES", "FAMILIES", "get_solver", "solver"]


_SYMMETRY = "it searches half of the board and counts each find with its mirror image"

# The rules the models below are written for (knight pairs, wrapped diagonals). A rule added to
# nqueens.core.rules is offered only by the solvers that add it here: a model that does not know a rule's moves
# must refuse it, not count the queen's problem under its name.
_MODELLED_RULES = ("queen", "superqueen", "toroidal")
_RULE = Option(
    "rule",
    str,
    "queen",
    "attack rule: queen, superqueen (queen + knight) or toroidal (diagonals wrap)",
    choices=_MODELLED_RULES,
)

_TREE_MODE = Option(
    "mode",
    str,
    "backtracking",
    "check the implicit constraints at every node, or only on complete candidates (seed 004)",
    ("backtracking", "generate-and-test"),
)
_TREE_PROGRESS = Option("progress", bool, False, "progress bar on stderr (explored nodes)")
_TREE_PROPAGATION = Option(
    "propagation",
    str,
    "none",
    "backtracking mode: none (check each candidate), forward-checking (prune the rows below), or "
    "arc-consistency (MAC over every pair of remaining rows); n <= 63 with propagation",
    ("none", "forward-checking", "arc-consistency"),
    limited=(("forward-checking", "arc-consistency"), 63, "each row's domain is a 64-bit mask"),  # rows.MAX_N
)
_TREE_ORDER = Option(
    "order",
    str,
    "static",
    "backtracking mode: the next row in order (static) or the row with the fewest values left (first-fail)",
    ("static", "first-fail"),
    limited=(("first-fail",), 63, "each row's domain is a 64-bit mask"),  # nqueens.models.rows.MAX_N
)

# What nqueens.runtime.run gives every engine: threads, a Dask cluster, the result store, progress.
_ENGINE_OPTIONS = (
    Option("workers", int, None, "local threads (default: all cores)"),
    Option("scheduler", str, None, "address of a Dask scheduler, tcp://HOST:PORT: run on that cluster"),
    Option("store", str, None, "result store file ('none': keep nothing; default: $NQUEENS_STORE or the cache dir)"),
    Option("cached", bool, False, "return the stored answer of a finished run instead of computing"),
    Option("progress", bool, False, "progress bar on stderr"),
)


# Memory formulas of the models whose size depends on their options: (bytes, the options named in a refusal).
# Calibrated by the peak resident memory of `nqueens solve N --solver S --limit 1` at a few n, less the ~150 MB
# of an interpreter with the libraries loaded.


def _cpsat_memory(n, options):
    # measured with first=true, one worker: 70 MB at n = 200, 1.0 GB at n = 800 (about 1600 n^2; an earlier
    # n = 5000 run grew past 24 GB). Each further search worker holds its own copy of the search state, and the
    # lex-leader constraints of symmetry=true add the board's images (n = 100: 160 MB against 130 MB without,
    # 120 MB of it the interpreter and OR-tools).
    workers = max(1, options.get("workers") or 1)
    per = 1600 * n * n * (_SYMMETRY_FACTOR if options.get("symmetry") else 1)
    return per * workers, f"workers={workers}, symmetry={str(bool(options.get('symmetry'))).lower()}"


_SYMMETRY_FACTOR = 3

# bytes per n^2 of the SAT model by cardinality encoding (pysat's clauses and the SAT solver's copy of them),
# measured at n = 60 and 120 (limit 1): pairwise 137 MB -> 811 MB (the diagonals' pairs; 3.1 GB at n = 200,
# 11.3 GB at n = 400), seqcounter 69 MB -> 129 MB, totalizer 192 MB -> 1.09 GB. The other networks are taken
# as the totalizer, ladder and bitwise (O(n) auxiliaries a line, as seqcounter) at twice seqcounter.
_SAT_BYTES = {
    "pairwise": 80_000,
    "seqcounter": 8_000,
    "ladder": 16_000,
    "totalizer": 100_000,
    "sortnetwrk": 100_000,
    "cardnetwrk": 100_000,
    "bitwise": 16_000,
}


def _sat_memory(n, options):
    encoding = options.get("encoding", "pairwise")
    return _SAT_BYTES.get(encoding, 100_000) * n * n, f"encoding={encoding}"


_ENTRIES = (
    Solver(
        name="bitmask-recursive",
        row_order=True,
        family="native",
        origin="seeds 001/003: recursive bitmask backtracking (col, pie, na), plain Python",
        can=("count", "enumerate", "nodes", "instance"),
        module="nqueens.native.bitmask_recursive",
        summary="the readable recursive bitmask oracle (plain Python)",
        reach=10,
        max_n=500,
        limit_reason="Python's recursion depth: one call per row",
    ),
    Solver(
        name="bitwise",
        row_order=True,
        family="native",
        origin="seed 000, method 5: iterative bitwise search with a stack of (c, l, r, m)",
        can=("count", "enumerate", "nodes", "instance"),
        module="nqueens.native.bitwise",
        summary="seed 000's non-recursive bitwise counter, compiled",
        max_n=MASK_MAX_N,
    ),
    Solver(
        name="backtrack",
        row_order=True,
        family="native",
        origin="seed 000, method 1: non-recursive backtracking, q[k]++ and check(k) against every earlier row",
        can=("count", "enumerate", "nodes", "instance"),
        module="nqueens.native.backtrack",
        summary="seed 000's plain backtracking, compiled",
    ),
    Solver(
        name="mirror",
        row_order=True,
        family="native",
        origin="seed 000, method 2: backtracking over the left half of the first row, doubled by the mirror image",
        can=("count", "enumerate", "nodes"),
        module="nqueens.native.mirror",
        no_instance=_SYMMETRY,
        summary="seed 000's mirror-halved backtracking, compiled",
    ),
    Solver(
        name="marks",
        row_order=True,
        family="native",
        origin="seed 000, method 3: the mirror-halved search with marker arrays y, l, r for columns and diagonals",
        can=("count", "enumerate", "nodes"),
        module="nqueens.native.marks",
        no_instance=_SYMMETRY,
        summary="seed 000's marker-array backtracking, compiled",
    ),
    Solver(
        name="avail",
        row_order=True,
        family="native",
        origin="seed 000, method 4: the mirror-halved search over a linked list nex of the free columns",
        can=("count", "enumerate", "nodes"),
        module="nqueens.native.avail",
        no_instance=_SYMMETRY,
        summary="seed 000's available-column list backtracking, compiled",
    ),
    Solver(
        name="sieve",
        row_order=True,
        family="native",
        origin="seed 002 (Cheng Yuan-Bin): bit rows struck out row by row; flips and a 180-degree turn emit the rest",
        can=("count", "enumerate", "nodes"),
        module="nqueens.native.sieve",
        no_instance="it places rows 0, n-1, n-2, ... and emits each layout with its flips and turn",
        summary="the sieve algorithm with bit rows, compiled",
        max_n=MASK_MAX_N,
        limit_reason="64-bit rows",
    ),
    Solver(
        name="generate-test",
        row_order=True,
        family="native",
        origin="seed 004: DFS over distinct columns, whole-board check only at the leaf; non-recursive next()",
        can=("count", "enumerate", "nodes"),
        module="nqueens.native.generate_and_test",
        no_instance="it runs seed 004's loop as written, which tests only whole boards",
        summary="generate every permutation, test the full board; compiled",
        max_n=DIAGONALS_MAX_N,
        limit_reason=DIAGONALS_REASON,
    ),
    Solver(
        name="lines",
        family="native",
        origin="the instance solver: bitmasks per row and column, the most constrained line first, pruning on "
        "any empty row or column (for CSPLib prob079/prob080 and the excluded-diagonal instances)",
        can=("count", "enumerate", "nodes", "instance"),
        module="nqueens.native.lines",
        summary="the default solver for instances (blocked squares, placed queens, excluded diagonals), compiled",
        # 64-bit masks up to n = 63, multi-word bitsets above: no fixed limit, only memory (about 9 n^2 bytes
        # at most: the root board, one trail entry per open square, the lines; lines.memory_needed)
        memory=(10, 2),
    ),
    Solver(
        name="rules",
        row_order=True,
        family="native",
        origin="attack rules as data (nqueens.core.rules): one bitmask search with the rule's per-row masks (knight "
        "moves from the two rows above; diagonals rotated mod n on a torus), mirror or translation symmetry",
        can=("count", "enumerate", "nodes"),
        module="nqueens.native.rules_counter",
        summary="queens, superqueens (A051223) or toroidal queens (A051906): --option rule=NAME or --rules NAME",
        max_n=62,
        limit_reason="64-bit masks with room for the knight's shifts",
        no_instance="its masks hold the rule's attacks only, not blocked squares or pre-placed queens",
        options=(_RULE,),
    ),
    Solver(
        name="mary",
        row_order=True,
        family="model",
        origin="seed 003: full m-ary tree, rows explicit; columns and diagonals implicit",
        can=("count", "enumerate", "nodes", "instance"),
        module="nqueens.models.mary",
        summary="state-space tree: n children per node (a column for the next row), compiled",
        options=(_TREE_MODE, _TREE_PROPAGATION, _TREE_ORDER, _TREE_PROGRESS, _RULE),
        memory=(40, 2),  # its state: 4 n^2 int64 (nqueens.models.rows), and slack
    ),
    Solver(
        name="permutation",
        row_order=True,
        family="model",
        origin="seed 003: permutation tree, rows and columns explicit; diagonals implicit (swap-based DFS)",
        can=("count", "enumerate", "nodes", "instance"),
        module="nqueens.models.permutation",
        summary="state-space tree: the unused columns are the children, compiled",
        options=(_TREE_MODE, _TREE_PROPAGATION, _TREE_ORDER, _TREE_PROGRESS, _RULE),
        memory=(40, 2),  # its state: 4 n^2 int64 (nqueens.models.rows), and slack
    ),
    Solver(
        name="subset",
        row_order=True,
        family="model",
        origin="seed 004: the 2^(n*n) cell tree, every square a yes/no decision; all constraints implicit",
        can=("count", "enumerate", "nodes", "instance"),
        module="nqueens.models.subset",
        summary="state-space tree: a binary decision per cell, compiled; profile has one depth per cell",
        options=(_TREE_MODE, _TREE_PROGRESS),
        memory=(80, 2),  # state 2 n^2, per-depth counters 3 n^2 and path 3 n^2 int64, and slack
    ),
    Solver(
        name="dlx",
        family="model",
        origin="exact cover (rows, columns primary; diagonals secondary): Knuth's Algorithm X, dancing links",
        can=("count", "enumerate", "nodes", "instance"),
        module="nqueens.models.dlx",
        summary="dancing links over the n*n placements, compiled; nodes = rows chosen",
        options=(
            Option(
                "choose",
                str,
                "min-size",
                "the column to branch on: fewest rows (Knuth's heuristic) or the first uncovered (row by row)",
                ("min-size", "first"),
            ),
            _RULE,
        ),
        memory=(256, 2),
    ),
    Solver(
        name="cpsat",
        family="model",
        origin="OR-tools CP-SAT: q[row] with all-different on q, q + i and q - i (the nqueens_sat.py sample)",
        can=("count", "enumerate", "instance"),
        module="nqueens.models.cpsat",
        summary="CP-SAT with a solution callback, one search worker; stats: branches, conflicts, propagations",
        reach=10,
        options=(
            Option(
                "symmetry",
                bool,
                False,
                "lex-leader constraints over the 8 board symmetries: only fundamental solutions (count adds "
                "unique and classes)",
                unique=(True,),
                reduced=(True,),
            ),
            Option("first", bool, False, "stop at the first solution (for large n; solve only)", partial=(True,)),
            Option("workers", int, 1, "CP-SAT search workers; more than 1 only with first=true"),
            Option(
                "var",
                str,
                "auto",
                "a fixed search branching on: CP-SAT's own choice (auto), the rows in order, the row with the "
                "fewest columns left (first-fail), the row with the smallest column",
                ("auto", "input", "first-fail", "min-value"),
            ),
            Option(
                "value",
                str,
                "auto",
                "the column a fixed search tries first (auto: median): smallest, largest, median, the lower half",
                ("auto", "min", "max", "median", "split"),
            ),
            _RULE,
            Option("seed", int, 0, "CP-SAT's random_seed (with one search worker its search is the same for each)"),
        ),
        memory=_cpsat_memory,
    ),
    Solver(
        name="cp",
        family="model",
        origin="OR-tools' classic CP solver (pywrapcp): q[row] with all-different on q, q + i and q - i; "
        "search strategies and propagation levels",
        can=("count", "enumerate", "instance"),
        module="nqueens.models.cp",
        summary="depth-first search with a chosen variable and value order; stats: failures, branches",
        reach=10,
        options=(
            Option(
                "var",
                str,
                "input",
                "the row to branch on: in order, fewest columns left (first-fail), smallest column, largest "
                "regret, at random",
                ("input", "first-fail", "min-value", "max-regret", "random"),
            ),
            Option(
                "value",
                str,
                "min",
                "the column to try first: smallest, largest, nearest the middle of min..max, the median of the "
                "domain (MiniZinc's indomain_median), the lower half first (split), at random",
                ("min", "max", "middle", "median", "split", "random"),
            ),
            Option(
                "propagation",
                str,
                "bounds",
                "the all-different propagator: bounds consistency with Hall intervals (the solver's default) or "
                "value removal only (forward checking)",
                ("bounds", "value"),
            ),
            Option("seed", int, 0, "seed of the random strategies"),
            _RULE,
        ),
        memory=(16, 2),  # measured: 5.6 GB for n = 20000 (first-fail, limit 1)
    ),
    Solver(
        name="sat",
        family="model",
        origin="pysat: one Boolean per square; rows and columns exactly one, diagonals at most one, by a CardEnc "
        "encoding; counting by blocking clauses over the board variables, or Ganak's projected model count",
        can=("count", "enumerate", "instance"),
        module="nqueens.models.sat",
        summary="SAT with a chosen cardinality encoding and solver; stats: variables, clauses, conflicts, decisions",
        reach=10,
        options=(
            Option(
                "encoding",
                str,
                "pairwise",
                "pysat's cardinality encoding of the row, column and diagonal constraints (pairwise: the fastest "
                "in benchmarks/sat_encodings.py)",
                ("pairwise", "seqcounter", "ladder", "totalizer", "sortnetwrk", "cardnetwrk", "bitwise"),
            ),
            Option(
                "satsolver",
                str,
                "cadical195",
                "one of pysat's bundled incremental SAT solvers (cadical195 is CaDiCaL 1.9.5)",
                (
                    "cadical195",
                    "cadical153",
                    "glucose42",
                    "glucose4",
                    "glucose3",
                    "gluecard4",
                    "gluecard3",
                    "maplechrono",
                    "maplecm",
                    "maplesat",
                    "mergesat3",
                    "minicard",
                    "minisat22",
                    "minisat-gh",
                ),
            ),
            Option(
                "counter",
                str,
                "enumerate",
                "count by blocking clauses (with the SAT solver's statistics), or with the exact projected model "
                "counter Ganak (count only; the solvers extra)",
                ("enumerate", "ganak"),
            ),
            _RULE,
        ),
        memory=_sat_memory,
    ),
    Solver(
        name="mip",
        family="model",
        origin="the 0-1 integer program (row and column sums 1, diagonal sums at most 1), SCIP through OR-tools' "
        "pywraplp; counting by no-good cuts",
        can=("count", "enumerate", "instance"),
        module="nqueens.models.mip",
        summary="integer programming, one solve per solution; stats: branch-and-bound nodes, LP iterations",
        reach=7,
        options=(_RULE,),
        memory=(8000, 2),  # measured: 0.36 GB for n = 200, 1.07 GB for n = 400 (limit 1)
    ),
    Solver(
        name="cpmpy",
        family="model",
        origin="CPMpy: the nqueens_sat.py model (three all-different constraints) written once, run on a chosen "
        "backend",
        can=("count", "enumerate", "instance"),
        module="nqueens.models.cpmpy_model",
        summary="one CPMpy model on ortools, exact, pysat, choco or z3 (the last four: the solvers extra)",
        reach=8,
        options=(
            Option(
                "backend",
                str,
                "ortools",
                "the solver CPMpy hands the model to (all but ortools need pip install 'nqueens[solvers]')",
                ("ortools", "exact", "pysat", "choco", "z3"),
            ),
            _RULE,
        ),
        memory=(2000, 2),  # CPMpy's expression tree above CP-SAT's model (cpsat: 1600 n^2 a worker)
    ),
    Solver(
        name="csp",
        family="model",
        origin="python-constraint: a variable per row, all-different columns, pairwise diagonal constraints",
        can=("count", "enumerate", "instance"),
        module="nqueens.models.csp",
        summary="the generic CSP, streamed from getSolutionIter; stats: assignments, constraint calls",
        reach=10,
        options=(
            Option(
                "algorithm",
                str,
                "default",
                "python-constraint's solver: its default (optimized backtracking: rows in order), backtracking or "
                "recursive (first-fail: the open row with the fewest columns), or min-conflicts (one solution, "
                "solve only)",
                ("default", "backtracking", "recursive", "min-conflicts"),
                partial=("min-conflicts",),
            ),
            Option(
                "propagation",
                str,
                "forward-checking",
                "the backtracking algorithms hide the columns a placed queen attacks from the open rows "
                "(forward checking), or check a value only against the rows already placed (none)",
                ("forward-checking", "none"),
            ),
            _RULE,
            Option("seed", int, 0, "seed of min-conflicts' random starts (the other algorithms ignore it)"),
        ),
        memory=(2048, 2),
    ),
    Solver(
        name="fast",
        family="engine",
        origin="Takaken's orbit counts (COUNT2/4/8) on the Q27 project's start constellations: the queens of "
        "the four border lines, one representative per symmetry class",
        can=("count", "unique"),
        module="nqueens.native.engine",
        summary="total, unique and orbit classes in one symmetry-reduced pass; threads, Dask, resumable",
        max_n=31,
        limit_reason="int64 masks hold both diagonal directions, 2n bits",
        no_instance="it counts one start constellation per class under the 8 board symmetries, which an "
        "instance does not keep",
        reach=16,
        options=_ENGINE_OPTIONS,
    ),
    Solver(
        name="gpu",
        family="engine",
        origin="the fast counter's start constellations split into work items on the CPU and finished by a "
        "bitmask search on an NVIDIA GPU (numba CUDA), after the Q27 project and Yao and Li (2025)",
        can=("count", "unique"),
        module="nqueens.native.gpu",
        summary="total, unique and orbit classes on an NVIDIA GPU (the 'gpu' extra); store, resume, Dask",
        max_n=27,
        limit_reason="32-bit masks, with a 5-bit column index beside the n bits of a row",
        no_instance="it counts one start constellation per class under the 8 board symmetries, which an "
        "instance does not keep",
        reach=12,
        options=_ENGINE_OPTIONS,
    ),
    Solver(
        name="quadrants",
        family="engine",
        origin="meet in the middle after E. Kluev's N-Queens-Count-Sol: partial solutions of the four quadrants "
        "joined by diagonal occupancy; unique and classes by Burnside from the rotation-fixed solutions",
        can=("count", "unique"),
        module="nqueens.native.quadrants",
        summary="totals by joining half boards of quadrant placements; fastest from n = 15 on; memory grows ~3x per n",
        max_n=25,
        limit_reason="join keys of 2(n-1) bits in 8 chunks of 6; the memory budget may refuse less",
        no_instance="it joins half boards by the symmetries of the whole board, which an instance does not keep",
        reach=14,
        options=(
            _ENGINE_OPTIONS[0],
            Option(
                "memory",
                str,
                None,
                "bytes the quadrant table and join buffers may use, e.g. 8G (default: the memory available now)",
            ),
            *_ENGINE_OPTIONS[1:],
        ),
    ),
)

REGISTRY = {solver.name: solver for solver in sorted(_ENTRIES, key=lambda s: (FAMILIES.index(s.family), s.name))}


def get_solver(name: "str | Solver") -> Solver:
    """The solver ``name`` names: a registered name, an installed plugin's name (entry-point group
    ``nqueens.solvers``), or a spec ``path/to/file.py:attr``, ``package.module:attr``, or a MiniZinc model file
    ``model.mzn`` (see :mod:`nqueens.plugins`).

    Raises
    ------
    NQueensError
        If nothing has that name; the message lists the known names and the spec syntax.
    """
    if isinstance(name, Solver):
        return name
    try:
        return REGISTRY[name]
    except (KeyError, TypeError):
        pass
    if not isinstance(name, str) or not name.strip():
        raise NQueensError(f"unknown solver {name!r}; known solvers: {', '.join(REGISTRY)}")
    from nqueens.plugins import resolve

    return resolve(name.strip(), REGISTRY)
