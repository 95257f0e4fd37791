"""``python benchmarks/reference N [--mirror]``: build the C reference if needed and run it once."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference import main  # noqa: E402

sys.exit(main())
