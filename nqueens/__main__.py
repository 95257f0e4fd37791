"""``python -m nqueens``: the same as the ``nqueens`` console script."""

import sys

from nqueens.cli import main

sys.exit(main())
