"""``nqueens estimate N --model M``: Knuth's random-probe estimate of a backtracking tree's size."""

from nqueens.cli.commands._common import about, board_size, epilog, natural, positive, print_json
from nqueens.cli.commands._rules import add_rules_option
from nqueens.tools import TREE_MODELS as MODELS


def add_parser(sub):
    parser = sub.add_parser(
        "estimate",
        help="estimate the nodes of a formulation's backtracking tree by Knuth's random probes",
        epilog=epilog(
            "nqueens estimate 30 --model permutation", "nqueens estimate 8 --model mary --probes 100000 --seed 1 --json"
        ),
    )
    parser.add_argument("n", type=board_size, metavar="N", help="board size, an integer from 1 to 63")
    parser.add_argument("--model", required=True, choices=MODELS, help="the formulation whose tree is estimated")
    parser.add_argument(
        "--probes", type=positive("probes"), default=10000, metavar="K", help="random probes (default: 10000)"
    )
    add_rules_option(parser, "the row trees take it")
    parser.add_argument("--seed", type=natural("seed"), default=0, metavar="S", help="seed of the probes (default: 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.analysis.estimate import estimate
    from nqueens.core.background import call

    result = call(estimate, args.n, args.model, probes=args.probes, seed=args.seed, rule=args.rules or "queen")
    if args.json:
        print_json(result.to_dict())
        return 0
    rule = "" if result.rule == "queen" else ", rule " + result.rule
    print(
        f"n = {result.n}, model {result.model}{rule}: about {about(result.estimate)} nodes "
        f"(standard error {about(result.stderr)}), {result.probes:,} probes, seed {result.seed}"
    )
    print(f"  generated: about {about(result.generated)} (standard error {about(result.generated_stderr)})")
    print(f"  seconds: {result.seconds:.6f}")
    return 0
