"""``nqueens tree N``: the node accounting of a state-space tree formulation, or of all three side by side."""

import sys

from nqueens.analysis.trees import format_profile_table, profile_table
from nqueens.commands._common import board_size, print_json
from nqueens.errors import NQueensError
from nqueens.models import tree


def add_parser(sub):
    parser = sub.add_parser("tree", help="node accounting of the permutation, m-ary and cell trees")
    parser.add_argument("n", type=board_size, metavar="N", help="board size, an integer >= 1")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--model", choices=tree.MODELS, help="the formulation whose tree to walk")
    which.add_argument("--compare", action="store_true", help="every model side by side, with ratios")
    parser.add_argument(
        "--mode",
        choices=tree.MODES,
        default="backtracking",
        help="check at every node, or only complete candidates (default: backtracking)",
    )
    parser.add_argument(
        "--export",
        metavar="FILE",
        help=f"write the explored tree as FILE.graphml or FILE.dot (n <= {tree.EXPORT_MAX_N})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    parser.set_defaults(run=run)


def run(args):
    args.progress = not (args.quiet or args.json) and sys.stderr.isatty()
    if args.compare:
        if args.export:
            raise NQueensError("--export writes one model's tree: use it with --model, not --compare")
        return _compare(args)
    module = tree.formulation(args.model)
    if args.export:
        tree.export_format(args.export)
        g = module.graph(args.n, mode=args.mode)
        tree.write_graph(g, args.export)
        print(f"wrote {args.export}: {g.number_of_nodes():,} nodes, {g.number_of_edges():,} edges", file=sys.stderr)
    a = module.accounting(args.n, mode=args.mode, progress=args.progress)
    if args.json:
        print_json(a.to_dict())
        return 0
    print(f"n = {a.n}, model {a.model}, mode {a.mode}")
    print(f"  tree size: {a.tree_size:,} (the full explicit tree, root included)")
    print(f"  explored:  {a.explored:,} (generated, root included; {_ratio(a.explored, a.tree_size)} of the tree)")
    print(f"  nodes:     {a.nodes:,} (feasible, root included)")
    print(f"  leaves:    {a.leaves:,}")
    print(f"  solutions: {a.solutions:,}")
    print()
    sys.stdout.write(format_profile_table(profile_table(a.n, {a.model: _profile(a)})))
    return 0


def _compare(args):
    results = []
    for name in tree.MODELS:
        module = tree.formulation(name)
        try:
            results.append(module.accounting(args.n, mode=args.mode, progress=args.progress))
        except NQueensError as exc:
            results.append((name, module.tree_size(args.n), str(exc)))
    if args.json:
        print_json([_compare_doc(args, r) for r in results])
        return 0
    print(f"n = {args.n}, mode {args.mode}")
    print()
    print("| model | tree size | explored | explored/tree size | nodes | nodes/explored | leaves | solutions |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    skipped = []
    for r in results:
        if isinstance(r, tuple):
            name, size, reason = r
            skipped.append(f"{name}: not walked: {reason}")
            print(f"| {name} | {size:,} | - | - | - | - | - | - |")
            continue
        print(
            f"| {r.model} | {r.tree_size:,} | {r.explored:,} | {_ratio(r.explored, r.tree_size)} | {r.nodes:,} "
            f"| {_ratio(r.nodes, r.explored)} | {r.leaves:,} | {r.solutions:,} |"
        )
    for line in skipped:
        print(f"\n{line}")
    walked = {r.model: _profile(r) for r in results if not isinstance(r, tuple)}
    if walked:
        print()
        sys.stdout.write(format_profile_table(profile_table(args.n, walked)))
    return 0


def _compare_doc(args, result):
    if not isinstance(result, tuple):
        return result.to_dict()
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
        "skipped": reason,
    }


def _profile(a):
    return {"generated": list(a.generated), "feasible": list(a.feasible)}


def _ratio(part, whole):
    return f"{part / whole:.4g}"
