"""One module per ``nqueens`` subcommand: ``add_parser(subparsers)`` and ``run(args) -> int``."""
