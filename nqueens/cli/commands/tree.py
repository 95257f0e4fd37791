"""``nqueens tree N``: the node accounting of a state-space tree formulation, or of all of them side by side."""

import sys
import time

from nqueens import tools as tree
from nqueens.cli.commands._common import board_size, epilog, print_json
from nqueens.cli.commands._rules import add_rules_option
from nqueens.core.background import call  # the walks run off the main thread: Ctrl-C is seen at once
from nqueens.core.errors import NQueensError
from nqueens.core.table import render


def add_parser(sub):
    parser = sub.add_parser(
        "tree",
        help="node accounting of the permutation, m-ary and cell trees",
        epilog=epilog(
            "nqueens tree 8 --model permutation            # tree size, explored, nodes, leaves, per depth",
            "nqueens tree 10 --compare                     # the formulations, then propagation x order",
            "nqueens tree 8 --model mary --propagation forward-checking --order first-fail",
            "nqueens tree 5 --model mary --export mary5.graphml",
            "nqueens tree 12 --model permutation --rules superqueen   # the row trees under another attack rule",
            "nqueens tree 10 --model permutation --symmetry sbds  # symmetry broken during the search",
        ),
    )
    parser.add_argument("n", type=board_size, metavar="N", help="board size, an integer >= 1")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--model", choices=tree.TREE_MODELS, help="the formulation whose tree to walk")
    which.add_argument(
        "--compare",
        action="store_true",
        help="every model side by side, then the row trees with every propagation and order, with ratios",
    )
    parser.add_argument(
        "--mode",
        choices=tree.MODES,
        default="backtracking",
        help="check at every node, or only complete candidates (default: backtracking)",
    )
    parser.add_argument(
        "--propagation",
        choices=tree.PROPAGATIONS,
        help="for the row trees in backtracking mode: none (default), forward-checking, arc-consistency (MAC)",
    )
    parser.add_argument(
        "--order",
        choices=tree.ORDERS,
        help="for the row trees in backtracking mode: the next row in order (static, default) or the one with "
        "the fewest columns left (first-fail)",
    )
    parser.add_argument(
        "--symmetry",
        choices=tree.SYMMETRIES,
        help="symmetry broken during a backtracking search: none (default), half (the first row's queen on its "
        "left half), lex (lex-leader checks), sbds, sbdd; the full ways find one solution per orbit",
    )
    parser.add_argument(
        "--export",
        metavar="FILE",
        help=f"write the explored tree as FILE.graphml or FILE.dot (n <= {tree.EXPORT_MAX_N})",
    )
    add_rules_option(parser, "the row trees take it; subset does not")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.analysis.trees import format_profile_table, profile_table

    args.progress = not (args.quiet or args.json) and sys.stderr.isatty()
    args.rules = args.rules or "queen"
    if args.model == "subset" and args.rules != "queen":
        raise NQueensError(
            f"the subset tree knows only the queen's attack rule; the row trees take --rules {args.rules}"
        )
    _precheck(args)
    if args.compare:
        if args.export:
            raise NQueensError("--export writes one model's tree: use it with --model, not --compare")
        if args.propagation or args.order or args.symmetry:
            raise NQueensError(
                "--compare shows every propagation and order, symmetry not broken: use --propagation and --order with "
                "--model, and --symmetry too"
            )
        return _compare(args)
    settings = {"propagation": args.propagation or "none", "order": args.order or "static"}
    module = tree.tree_formulation(args.model)
    tree.check_tree_settings(module.FORMULATION, args.mode, **settings)
    settings["symmetry"] = args.symmetry or "none"
    if args.export:
        tree.graph_format(args.export)
        g = call(module.graph, args.n, mode=args.mode, rule=args.rules, **settings)
        tree.write_graph(g, args.export)
        print(f"wrote {args.export}: {g.number_of_nodes():,} nodes, {g.number_of_edges():,} edges", file=sys.stderr)
    a = call(module.accounting, args.n, mode=args.mode, progress=args.progress, rule=args.rules, **settings)
    if args.json:
        print_json({**a.to_dict(), **_rule_key(args)})
        return 0
    heading = f"n = {a.n}, model {a.model}, mode {a.mode}" + _rule_note(args)
    if not a.plain:
        heading += f", propagation {a.propagation}, order {a.order}"
    if a.symmetry != "none":
        heading += f", symmetry {a.symmetry}"
    print(heading)
    print(f"  tree size: {a.tree_size:,} (the full explicit tree, root included)")
    print(f"  explored:  {a.explored:,} (generated, root included; {_ratio(a.explored, a.tree_size)} of the tree)")
    if not a.plain:
        print(f"  pruned:    {sum(a.pruned_by_propagation):,} (children removed by propagation, never generated)")
    print(f"  nodes:     {a.nodes:,} (feasible, root included)")
    print(f"  leaves:    {a.leaves:,}")
    if a.consistency_checks is not None:
        print(f"  checks:    {a.consistency_checks:,} (consistency checks, Haralick & Elliott's measure)")
    print(f"  solutions: {a.solutions:,}")
    if a.symmetry != "none":
        print(f"  pruned by symmetry: {sum(a.pruned_by_symmetry):,} (generated, then pruned by symmetry breaking)")
        print(f"  symmetry checks:    {a.symmetry_checks:,}")
        if a.unique is not None:
            print(f"  unique:    {a.unique:,} (the solutions found: one per orbit)")
        print(f"  total:     {a.total:,} (the solutions they stand for)")
    print()
    sys.stdout.write(format_profile_table(profile_table(a.n, {a.model: _profile(a)})))
    if not a.plain:
        print()
        rows = list(enumerate(a.pruned_by_propagation))
        sys.stdout.write(render(["depth", "pruned by propagation"], rows, style="compact", right=bool))
    if a.symmetry != "none":
        print()
        rows = list(enumerate(a.pruned_by_symmetry))
        sys.stdout.write(render(["depth", "pruned by symmetry"], rows, style="compact", right=bool))
    return 0


def _precheck(args):
    """Refuse a board whose tree does not fit in memory; warn before a walk forecast to take over an hour."""
    from nqueens.api import request
    from nqueens.registry import get_solver
    from nqueens.runtime.forecast import long_run_warning

    models = tree.TREE_MODELS if args.compare else (args.model,)
    for model in models:
        spec = get_solver(model)
        spec.check_n(args.n)
        spec.check_memory(args.n)
    MAX_N = tree.propagation_max_n()

    if args.n > MAX_N and (args.propagation not in (None, "none") or args.order not in (None, "static")):
        raise NQueensError(
            f"propagation and first-fail keep each row's domain in a 64-bit mask: n <= {MAX_N}, got n = {args.n}"
        )
    if args.quiet or args.mode == "generate-and-test":  # generate-and-test walks at most 2^32 nodes: minutes
        return
    settings = {"propagation": args.propagation or "none", "order": args.order or "static"}
    for model in models:
        takes = {option.name for option in get_solver(model).options}
        options = {k: v for k, v in ({"mode": args.mode, "rule": args.rules} | settings).items() if k in takes}
        try:
            warning = long_run_warning(request(args.n, model, **options), action="walking the tree of")
        except NQueensError:  # the walk itself reports it
            warning = None
        if warning:
            print(warning, file=sys.stderr)
            return


def _compare(args):
    from nqueens.analysis.trees import format_profile_table, profile_table

    # The formulations in name order, as `nqueens solvers` lists them.
    results = []
    for name in sorted(tree.TREE_MODELS):
        module = tree.tree_formulation(name)
        try:
            results.append(call(module.accounting, args.n, mode=args.mode, progress=args.progress, rule=args.rules))
        except NQueensError as exc:
            results.append((name, module.tree_size(args.n), str(exc)))
    strategies = _strategies(args) if args.mode == "backtracking" else {}
    if args.json:
        print_json([_compare_doc(args, r, strategies) for r in results])
        return 0
    print(f"n = {args.n}, mode {args.mode}" + _rule_note(args))
    print()
    columns = ["model", "tree size", "explored", "explored/tree size", "nodes", "nodes/explored", "leaves", "solutions"]
    rows, skipped = [], []
    for r in results:
        if isinstance(r, tuple):
            name, size, reason = r
            skipped.append(f"{name}: not walked: {reason}")
            rows.append([name, size, None, None, None, None, None, None])
            continue
        rows.append(
            [r.model, r.tree_size, r.explored, _ratio(r.explored, r.tree_size), r.nodes, _ratio(r.nodes, r.explored)]
            + [r.leaves, r.solutions]
        )
    sys.stdout.write(render(columns, rows, style="compact", right=lambda c: c != "model"))
    for line in skipped:
        print(f"\n{line}")
    if strategies:
        print()
        print(
            "Propagation x order on the row trees (ratios to plain backtracking, static order, of the same tree; "
            "checks: Haralick & Elliott's consistency checks):"
        )
        print()
        columns = ["model", "propagation", "order", "explored", "pruned", "nodes", "checks", "seconds"]
        columns += ["nodes ratio", "checks ratio", "seconds ratio", "solutions"]
        table = []
        for name, rows in strategies.items():
            base = rows[0]
            for row in rows:
                a = row["accounting"]
                table.append(
                    [name, a.propagation, a.order, a.explored, sum(a.pruned_by_propagation), a.nodes]
                    + [a.consistency_checks, f"{row['seconds']:.4f}", _ratio(a.nodes, base["accounting"].nodes)]
                    + [_ratio(a.consistency_checks, base["accounting"].consistency_checks)]
                    + [_ratio(row["seconds"], base["seconds"]), a.solutions]
                )
        right = lambda c: c not in ("model", "propagation", "order")  # noqa: E731
        sys.stdout.write(render(columns, table, style="compact", right=right))
    elif args.mode != "backtracking":
        print("\npropagation and first-fail apply to backtracking mode: no comparison of them here")
    walked = {r.model: _profile(r) for r in results if not isinstance(r, tuple)}
    if walked:
        print()
        sys.stdout.write(format_profile_table(profile_table(args.n, walked)))
    return 0


def _strategies(args):
    """Each row tree under every propagation and order: ``{model: [{"accounting", "seconds"}, ...]}``."""

    found = {}
    for name in sorted(tree.TREE_MODELS):
        module = tree.tree_formulation(name)
        if not module.FORMULATION.propagates:
            continue
        module.warmup()
        rows = []
        for propagation in tree.PROPAGATIONS:
            for order in tree.ORDERS:
                start = time.perf_counter()
                a = call(
                    module.accounting,
                    args.n,
                    propagation=propagation,
                    order=order,
                    progress=args.progress,
                    rule=args.rules,
                )
                rows.append({"accounting": a, "seconds": time.perf_counter() - start})
        found[name] = rows
    return found


def _rule_key(args):
    # the JSON documents name another rule than the queen's; the queen's documents keep docs/design.md's keys
    return {} if args.rules == "queen" else {"rule": args.rules}


def _rule_note(args):
    return "" if args.rules == "queen" else f", rule {args.rules}"


def _compare_doc(args, result, strategies):
    if not isinstance(result, tuple):
        doc = {**result.to_dict(), **_rule_key(args)}
        if result.model in strategies:
            doc["strategies"] = [
                {**_strategy_doc(row["accounting"]), "seconds": row["seconds"]} for row in strategies[result.model]
            ]
        return doc
    name, size, reason = result
    return {
        "n": args.n,
        "model": name,
        "mode": args.mode,
        "tree_size": size,
        "generated": None,
        "feasible": None,
        "nodes": None,
        "leaves": None,
        **_rule_key(args),
        "skipped": reason,
    }


# A strategy's keys in its JSON document, in order; those that are per depth are lists there.
_STRATEGY_KEYS: tuple[str, ...] = ("propagation", "order", "generated", "feasible", "pruned_by_propagation", "nodes")
_STRATEGY_KEYS += ("leaves", "consistency_checks", "solutions")
_PER_DEPTH = ("generated", "feasible", "pruned_by_propagation")


def _strategy_doc(a):
    return {key: list(getattr(a, key)) if key in _PER_DEPTH else getattr(a, key) for key in _STRATEGY_KEYS}


def _profile(a):
    return {"generated": list(a.generated), "feasible": list(a.feasible)}


def _ratio(part, whole):
    return f"{part / whole:.4g}" if whole else "-"
