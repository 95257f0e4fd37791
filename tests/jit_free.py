"""The kernels' Python source run as plain Python (``NUMBA_DISABLE_JIT=1``), every check in one child interpreter.

numba reads ``NUMBA_DISABLE_JIT`` once, at import, so these checks need an interpreter of their own; one child for
all of them pays the start-up (numpy, numba, the package) once instead of once per test file. Each check is a
function of this module named after its test file (``dlx`` for ``tests/test_dlx.py``) that computes what the
plain-Python source gives and returns it as JSON; the test asserts it against numbers from outside the code (OEIS,
the seed texts, the compiled kernel, a reference). Run by the ``jit_free`` fixture of ``conftest.py`` as

    python tests/jit_free.py NAME [NAME ...]

which prints ``{NAME: {"value": ...} or {"error": traceback}}``: a check that fails is reported by its own test
with its traceback, and the others still answer.
"""

import json
import sys
import traceback


def conformance():
    """Every CPU kernel's totals for n = 1..7 (the GPU counter's kernel runs under the CUDA simulator instead)."""
    import nqueens

    names = [s.name for s in nqueens.solvers() if s.family in ("native", "engine") and s.name != "gpu"]
    return {name: [nqueens.count(n, name).total for n in range(1, 8)] for name in names}


def construct():
    from nqueens.native import construct as C

    return {
        "explicit": [C.explicit(n).tolist() for n in [1, *range(4, 15)]],
        "toroidal": [C.toroidal(n).tolist() for n in (1, 5, 7, 25, 35)],
        "min": [C.min_conflicts(n, seed=s).tolist() for n in (4, 6, 8, 12, 30) for s in (0, 1)],
        "verify": [C.verify(q) for q in ([1, 3, 0, 2], [0, 1], [0, 2, 4, 1, 3], [3, 0])],
    }


def dlx():
    import nqueens

    return {
        "totals": [nqueens.count(n, "dlx").total for n in range(1, 8)],
        "enum": len(list(nqueens.solutions(7, "dlx"))),
        "knuth": list(nqueens.count(8, "dlx", nodes=True, choose="first").profile),
    }


def engine():
    import nqueens

    out = {}
    for n in range(1, 8):
        r = nqueens.count(n, "fast", store="none", workers=1)
        out[n] = [r.total, r.unique, {str(k): v for k, v in r.classes.items()}]
    return out


def estimate():
    from nqueens.analysis.estimate import estimate

    out = {}
    for model in ("permutation", "mary", "subset"):
        e = estimate(6, model, probes=3000, seed=5)
        out[model] = [e.estimate, e.stderr, e.generated, e.generated_stderr]
    return out


def lines_wide():
    import numpy as np
    from nqueens.native import lines_wide_kernels as k
    from nqueens.native.instances import random_completion

    def total(n, inst=None, words=None):
        m, w, bits, state = k.start(n, inst, words)
        out, profile, t = np.empty((0, n), np.int64), np.zeros(m + 1, np.int64), 0
        while state[0] != -2:
            t += k.search(n, m, w, bits, state, out, profile, 50)
        return int(t)

    inst = random_completion(70, 60, seed=3, method="solution")
    return [[total(n, words=2) for n in range(1, 7)], total(70, inst)]


def models():
    import nqueens

    out = {}
    for name in ("mary", "permutation", "subset"):
        out[name] = [nqueens.count(n, name).total for n in range(1, 8)]
        out[name + "-enum"] = len(list(nqueens.solutions(7, name)))
    out["knuth"] = list(nqueens.count(8, "permutation", nodes=True).profile)
    out["gt"] = nqueens.count(6, "permutation", mode="generate-and-test").total
    return out


SEED_SOLVERS = ("backtrack", "mirror", "marks", "avail", "bitwise", "sieve", "generate-test")


def native():
    """The seed texts' solvers: solutions, the nodes per depth and the tests they make, n = 1..6."""
    import nqueens

    return {
        name: [
            [
                sorted(list(q) for q in nqueens.solutions(n, name)),
                list(nqueens.count(n, name, nodes=True).profile),
                nqueens.count(n, name, nodes=True).stats["tests"],
            ]
            for n in range(1, 7)
        ]
        for name in SEED_SOLVERS
    }


def propagation():
    from nqueens.models import mary, permutation

    from nqueens.core.instance import Instance

    out = {}
    for m in (mary, permutation):
        for p, o in [("forward-checking", "static"), ("arc-consistency", "first-fail"), ("none", "first-fail")]:
            a = m.accounting(6, propagation=p, order=o)
            out["|".join((m.FORMULATION.name, p, o))] = [a.solutions, list(a.feasible), a.consistency_checks]
    out["instance"] = mary.count(6, instance=Instance.make(6, blocked=[(0, 1)]), propagation="forward-checking").total
    return out


def quadrants():
    from nqueens.native import quadrants

    return [[quadrants.count(n).total, quadrants.count(n).unique] for n in range(1, 9)]


def symmetry():
    from nqueens.analysis.symmetry import classes

    import nqueens

    return [{str(k): v for k, v in classes(nqueens.batches(n)).items()} for n in range(1, 8)]


def symmetry_search():
    """Each tree under each way of breaking symmetry during the search: ``[total, unique]`` for n = 1..6."""
    from nqueens.models import mary, permutation, subset

    searches = {"permutation": (permutation, "forward-checking"), "mary": (mary, "none"), "subset": (subset, "none")}
    out = {}
    for name, (module, propagation) in searches.items():
        for way in ("half", "lex", "sbds", "sbdd"):
            runs = [module.count(n, symmetry=way, propagation=propagation) for n in range(1, 7)]
            out[f"{name}/{way}"] = [[r.total, r.unique] for r in runs]
    return out


def main(names):
    import os

    if os.environ.get("NUMBA_DISABLE_JIT") != "1":
        raise SystemExit("jit_free.py runs the kernels as plain Python: set NUMBA_DISABLE_JIT=1")
    out = {}
    for name in names:
        try:
            out[name] = {"value": globals()[name]()}
        except Exception:
            out[name] = {"error": traceback.format_exc()}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
