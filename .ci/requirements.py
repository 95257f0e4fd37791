"""Print what ``pip install -e '.[EXTRAS]'`` installs besides the package itself, one requirement a line: the
package's dependencies and those of the extras named (and of the package's own extras they name in turn).

``make`` installs these into a venv first and the package after (``pip install --no-deps -e .``): installing them
touches nothing in the clone, so several venvs can be made side by side, while building the package writes
``nqueens.egg-info`` into the clone and goes one venv at a time.

Usage: python .ci/requirements.py plot,dist,test,docs
"""

import sys
import tomllib
from pathlib import Path

project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]
name = project["name"]
wanted = [extra for extra in (sys.argv[1] if len(sys.argv) > 1 else "").split(",") if extra]
seen, requirements = set(), list(project["dependencies"])
while wanted:
    extra = wanted.pop()
    if extra in seen:
        continue
    if extra not in project["optional-dependencies"]:
        print(f"error: no extra {extra!r}; the extras: {', '.join(project['optional-dependencies'])}", file=sys.stderr)
        sys.exit(2)
    seen.add(extra)
    for requirement in project["optional-dependencies"][extra]:
        if requirement.startswith(f"{name}["):
            wanted += requirement[len(name) + 1 : requirement.index("]")].split(",")
        else:
            requirements.append(requirement)
print("\n".join(dict.fromkeys(requirements)))
