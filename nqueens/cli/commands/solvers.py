"""``nqueens solvers``: list the registry and the installed plugins."""

import sys

from nqueens.cli.commands._common import epilog, print_json


def add_parser(sub):
    parser = sub.add_parser(
        "solvers",
        help="list the registered solvers",
        description="The registry: every solver with its family, what it can do (count, enumerate, unique, nodes, "
        "instance), where it comes from (built-in, or the package of an installed plugin) and its --option "
        "keywords. A plugin that fails to load is named on stderr; the others are listed.",
        epilog=epilog("nqueens solvers", "nqueens solvers --json | python -m json.tool"),
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.plugins import discover
    from nqueens.registry import REGISTRY

    plugins, errors = discover(REGISTRY)
    for message in errors:
        print(f"error: {message}", file=sys.stderr)
    entries = [*REGISTRY.values(), *plugins]
    if args.json:
        print_json([s.to_dict() for s in entries])
        return 0
    width = max(len(s.name) for s in entries)
    can = max(len(",".join(s.can)) for s in entries)
    for s in entries:
        source = "" if s.source == "built-in" else f"  [{s.source}]"
        print(f"{s.name:<{width}}  {s.family:<6}  {','.join(s.can):<{can}}  {s.summary}{source}")
        for opt in s.options:
            choices = f" ({'|'.join(map(str, opt.choices))})" if opt.choices else ""
            print(f"{'':<{width}}    --option {opt.name}=...{choices}: {opt.help} [default: {opt.default}]")
    return 0
