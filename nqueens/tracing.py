"""Record a solver's search as a trace (:mod:`nqueens.analysis.tracefile`): which solvers can, and how big.

A solver can report its search when its code gives ``events(n, **options)``, a generator of the protocol's
events (an outside solver passes ``events=`` to :class:`~nqueens.core.protocol.Solver`, or its module defines
``events``). The built-ins that can are stepped by :mod:`nqueens.analysis.search_trace` and
:mod:`nqueens.analysis.trace`, so what is recorded is the solver's own search:

- ``mary`` and ``permutation``: the row trees, with every ``propagation``, ``order`` and ``symmetry``, in
  backtracking mode (a node symmetry breaking prunes is a ``symmetry`` event);
- ``dlx``: dancing links with Knuth's choice of the item with the fewest options (``choose=min-size``);
- ``backtrack``: seed 000's plain backtracking (the same tree as ``mary``, every candidate checked).

A trace is bounded (:data:`MAX_NODES` generated nodes, the root included): before a built-in search is recorded
its size is taken from the toolkit's compiled walk (``nqueens tree``'s count; Knuth's estimate first, so a board
far too big is refused at once), and a search above the bound is refused with that size. An outside solver's
search is stopped, and refused, the moment it passes the bound. Either way nothing partial is kept.

Examples
--------
>>> t = record(6, "mary", propagation="forward-checking")
>>> t.solutions, t.profile() == (tuple(t.expected["generated"]), tuple(t.expected["feasible"]))
(4, True)
>>> t.expected["source"]
'nqueens tree 6 --model mary --propagation forward-checking'
"""

from typing import Any

from nqueens.analysis.tracefile import MAX_NODES, Trace, TraceLimit, events_of
from nqueens.core.errors import NQueensError
from nqueens.core.rules import rule_of
from nqueens.registry import get_solver

__all__ = ["MAX_NODES", "record", "can_trace", "size"]

_TREES = ("mary", "permutation")
_BUILT_IN = (*_TREES, "dlx", "backtrack")
_PROBES = 400


def can_trace(spec):
    """Whether the solver ``spec`` (a :class:`~nqueens.core.protocol.Solver`) can report its search events."""
    if spec.source == "built-in":
        return spec.name in _BUILT_IN
    return _outside_events(spec) is not None


def record(n, solver="mary", *, max_nodes=MAX_NODES, report=None, **options):
    """Record the search of ``solver`` for ``n`` queens as a :class:`~nqueens.analysis.tracefile.Trace`.

    Parameters
    ----------
    n : int
    solver : str or Solver
        A solver that can report its events (:func:`can_trace`).
    max_nodes : int
        The bound on the generated nodes.
    report : callable, optional
        Called with one line that states the size of the search and the bound before it is recorded.
    **options
        The solver's options (``propagation``, ``order``, ...).

    Raises
    ------
    NQueensError
        For a solver that cannot report events, a setting whose search it cannot report, or a search above
        ``max_nodes``.
    """
    spec = get_solver(solver)
    n = spec.check_n(n)
    checked = spec.check_options(options)
    if not can_trace(spec):
        able = ", ".join(name for name in _BUILT_IN)
        raise NQueensError(
            f"solver {spec.name!r} cannot report its search events; these can: {able}, or an outside solver that "
            "gives events (docs: the replay guide)"
        )
    kept = _kept(spec, checked)
    if spec.source != "built-in":
        if report is not None:
            report(
                f"trace of {spec.name}, n = {n}: its size is not known before it runs; a search past "
                f"{max_nodes:,} generated nodes is stopped and refused"
            )
        stream = _outside_events(spec)(n, **{k: v for k, v in checked.items()})
        try:
            return Trace.from_events(
                n,
                spec.name,
                kept,
                stream,
                expected=_outside_expected(spec, n, checked),
                max_nodes=max_nodes,
                toolkit=_toolkit(),
            )
        except TraceLimit as exc:
            raise NQueensError(f"{exc}; refused: nothing recorded") from None
        finally:
            getattr(stream, "close", lambda: None)()
    _check_settings(spec, checked)
    _check_board(spec, n, kept, max_nodes)
    explored, exact = size(n, spec.name, **kept)
    if report is not None:
        shown = f"{explored:,}" if exact else f"about {explored:.2g}"
        report(f"trace of {_describe(spec.name, kept)}, n = {n}: {shown} generated nodes (at most {max_nodes:,})")
    if explored > max_nodes:
        about = f"{explored:,}" if exact else f"about {explored:.2g} (Knuth's estimate)"
        raise NQueensError(
            f"a trace of {_describe(spec.name, kept)} for n = {n} would hold {about} generated nodes, about "
            f"{_megabytes(explored)} of events; a trace holds at most {max_nodes:,}: take a smaller n or a search that "
            "prunes more"
        )
    stream, expected = _built_in(n, spec.name, kept)
    return Trace.from_events(n, spec.name, kept, stream, expected=expected, max_nodes=max_nodes, toolkit=_toolkit())


def size(n, solver, **options):
    """``(explored, exact)``: the generated nodes of a built-in search for ``n``, root included, exactly when a
    compiled walk can count them quickly, else Knuth's estimate (``exact`` False)."""
    from nqueens.models import tree

    model, settings = _tree_of(solver, options)
    settings["rule"] = rule_of(options)
    form = tree.formulation(model).FORMULATION
    out, _ = tree.sample(form, n, _PROBES, 0, **settings)
    if out[2] > 20 * MAX_NODES:
        return int(out[2]), False
    if solver == "dlx":
        return get_solver("dlx").load().count(n, nodes=True).nodes, True
    way = options.get("symmetry", "none") if solver in _TREES else "none"
    a = tree.accounting(form, n, **settings, symmetry=way)
    return a.explored, True


# Boards above this are not sized by sampling (it would take minutes); their searches are far above any bound.
_SAMPLED_N = 64


def _check_board(spec, n, kept, max_nodes):
    """Refuse at once a board whose full search is certainly above ``max_nodes``: under the queen's rule every
    solution is a generated node, and OEIS A000170 counts more than ``max_nodes`` of them from some ``n`` on
    (the counts grow with ``n`` from n = 6); under another rule, a board too large to size quickly."""
    from nqueens.core.published import TOTAL

    rule = rule_of(kept)
    if rule == "queen":
        above = min((m for m, total in TOTAL.items() if m >= 6 and total > max_nodes), default=None)
        if above is not None and n >= above:
            raise NQueensError(
                f"a trace of {_describe(spec.name, kept)} for n = {n} would hold more generated nodes than the "
                f"{TOTAL[above]:,} solutions of n = {above} (OEIS A000170; every solution is a node); a trace holds "
                f"at most {max_nodes:,}: take n <= {above - 1}"
            )
    elif n > _SAMPLED_N:
        raise NQueensError(
            f"a trace under the rule {rule!r} is sized before it is recorded, for boards up to n = {_SAMPLED_N}; "
            f"n = {n} is far above a trace's {max_nodes:,} nodes"
        )


def _tree_of(solver, options):
    # the row tree and settings whose walk sizes a built-in's search (dlx: forward checking's, about its size)
    if solver in _TREES:
        return solver, {"propagation": options["propagation"], "order": options["order"]}
    if solver == "dlx":
        return "mary", {"propagation": "forward-checking", "order": "static"}
    return "mary", {"propagation": "none", "order": "static"}


def _kept(spec, checked):
    # the options that change the search (not progress bars, not the queen's default rule)
    dropped = {"progress", "mode"} if spec.name in _TREES else {"progress"}
    return {
        k: v
        for k, v in checked.items()
        if k not in dropped and not (k == "rule" and v == "queen") and not (k == "symmetry" and v == "none")
    }


def _check_settings(spec, checked):
    if spec.name in _TREES and checked.get("mode", "backtracking") != "backtracking":
        raise NQueensError(
            f"solver {spec.name!r} reports its events in backtracking mode; generate-and-test checks only whole "
            "boards: use mode backtracking"
        )
    if spec.name == "dlx" and checked.get("choose") != "min-size":
        raise NQueensError("dlx reports its events with choose=min-size (Knuth's heuristic), the default")


def _built_in(n, name, kept):
    from nqueens.analysis import search_trace, trace

    rule = rule_of(kept)
    if name in _TREES:
        from nqueens.models import tree

        p, o, way = kept["propagation"], kept["order"], kept.get("symmetry", "none")
        form = tree.formulation(name)
        a = form.accounting(n, propagation=p, order=o, rule=rule, symmetry=way)
        flags = f" --propagation {p}" + (f" --order {o}" if o != "static" else "") + _rule_flag(rule)
        flags += f" --symmetry {way}" if way != "none" else ""
        expected: dict[str, Any] = {
            "source": f"nqueens tree {n} --model {name}{flags}",
            "generated": list(a.generated),
            "feasible": list(a.feasible),
        }
        root = search_trace.root_domains(n, p, rule=rule, model=name, order=o) if p != "none" else None
        stream = search_trace.events(n, p, rule=rule, model=name, order=o, symmetry=way)
        return events_of(stream, root), expected
    tally = get_solver(name).load().count(n, nodes=True, **({"rule": rule} if name == "dlx" else {}))
    expected = _counted(n, name, tally.profile, _rule_flag(rule))
    if name == "dlx":
        full = (1 << n) - 1
        return events_of(search_trace.events(n, "dlx", rule=rule), (full,) * n), expected
    return events_of(trace.events(n)), expected


def _outside_events(spec):
    if spec.events is not None:
        return spec.events
    if spec.module is not None:
        return getattr(spec.load(), "events", None)
    return None


def _outside_expected(spec, n, checked):
    if "nodes" not in spec.can:
        return None
    tally = spec.load().count(n, nodes=True, **checked)
    return None if tally.profile is None else _counted(n, spec.key, tally.profile)


def _counted(n, solver, profile, flags=""):
    """What a trace is held to where only a count with nodes knows the search: its feasible nodes per depth."""
    source = f"nqueens count {n} --solver {solver} --nodes{flags}"
    return {"source": source, "generated": None, "feasible": list(profile)}


def _toolkit():
    from nqueens import __version__

    return f"nqueens {__version__}"


def _describe(name, kept):
    shown = ", ".join(f"{k} {v}" for k, v in kept.items())
    return f"{name} ({shown})" if shown else name


def _rule_flag(rule):
    return "" if rule == "queen" else f" --rules {rule}"


def _megabytes(explored):
    # a line of 6 to 8 bytes per generated node and about one more per feasible one (its place and backtrack)
    megabytes = explored * 12 / 1e6
    return f"{megabytes:,.0f} MB" if megabytes < 1e6 else f"{megabytes / 1e6:.2g} TB"
