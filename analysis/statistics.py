"""Statistics of runtimes: summaries with bootstrap confidence intervals, and paired comparisons of two solvers.

A randomised solver run with several seeds (``nqueens compare --seeds K``) gives a distribution of times, not one
time: :func:`summary` reduces it to its median, quartiles and a percentile-bootstrap confidence interval of the
median (Efron & Tibshirani). :func:`paired` sets two columns side by side over the problems both answered: the
speed-up ratio per problem, wins, ties and losses, and the Wilcoxon signed-rank test of the paired differences
(scipy's ``wilcoxon``: ``pip install scipy``, in the ``stats`` extra).

They take numbers and records, and run nothing.

Examples
--------
>>> s = summary([1.0, 2.0, 3.0, 4.0, 5.0])
>>> s["median"], s["q1"], s["q3"], s["n"]
(3.0, 2.0, 4.0, 5)
>>> s["ci_low"] <= 3.0 <= s["ci_high"]
True
>>> p = paired({"8": 1.0, "9": 2.0, "10": 4.0}, {"8": 0.5, "9": 1.0, "10": 4.0})
>>> p["wins"], p["ties"], p["losses"], p["ratios"]
(2, 1, 0, [0.5, 0.5, 1.0])

References
----------
B. Efron and R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman & Hall, 1993 (percentile intervals).
F. Wilcoxon, "Individual comparisons by ranking methods", Biometrics Bulletin 1 (1945) 80-83.
"""

import math
import statistics

from nqueens.core.errors import NQueensError

__all__ = ["summary", "bootstrap_ci", "paired", "ecdf", "RESAMPLES", "TIE"]

RESAMPLES = 2000  # bootstrap resamples
TIE = 0.05  # two times within 5 % of each other are a tie


def summary(values, *, confidence=0.95, seed=0):
    """Median, quartiles and a bootstrap confidence interval of the median of ``values``.

    Returns
    -------
    dict
        ``n``, ``median``, ``q1``, ``q3`` (the quartiles, inclusive method), ``ci_low``, ``ci_high``, ``mean``.
    """
    values = sorted(float(v) for v in values)
    if not values:
        raise NQueensError("no values to summarise")
    if len(values) == 1:
        q1 = q3 = values[0]
    else:
        q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
    low, high = bootstrap_ci(values, confidence=confidence, seed=seed)
    return {
        "n": len(values),
        "median": statistics.median(values),
        "q1": q1,
        "q3": q3,
        "ci_low": low,
        "ci_high": high,
        "mean": statistics.fmean(values),
    }


def bootstrap_ci(values, *, confidence=0.95, resamples=RESAMPLES, seed=0, stat=None):
    """The percentile bootstrap interval of ``stat`` (the median by default) of ``values``: ``(low, high)``.

    The resamples are drawn with a fixed ``seed``, so the same values give the same interval.
    """
    import numpy as np

    data = np.asarray(list(values), dtype=float)
    if data.size == 0:
        raise NQueensError("no values for a confidence interval")
    rng = np.random.default_rng(seed)
    draws = data[rng.integers(0, data.size, size=(resamples, data.size))]
    stats = np.median(draws, axis=1) if stat is None else np.apply_along_axis(stat, 1, draws)
    alpha = (1.0 - confidence) / 2
    return float(np.quantile(stats, alpha)), float(np.quantile(stats, 1 - alpha))


def paired(a, b, *, tie=TIE):
    """Two solvers' times over the problems both answered: ratios, wins/ties/losses and the Wilcoxon test.

    Parameters
    ----------
    a, b : dict
        Problem -> seconds (the median of its runs), for the problems each answered.
    tie : float
        Times within this relative difference are a tie.

    Returns
    -------
    dict
        ``problems`` (common, in ``a``'s order), ``ratios`` (b / a per problem: below 1, b is faster),
        ``geomean`` (their geometric mean), ``median_ratio``, ``wins``/``ties``/``losses`` (counted for b),
        ``wilcoxon`` (``{"statistic", "p"}``, or ``None`` with fewer than 2 problems that are not ties, or
        without scipy: then ``wilcoxon_note`` says why).

    Raises
    ------
    NQueensError
        If no problem was answered by both.
    """
    common = [key for key in a if key in b]
    if not common:
        raise NQueensError("the two columns answered no problem in common: nothing to pair")
    ratios = [b[key] / a[key] if a[key] > 0 else math.inf for key in common]
    wins = sum(r < 1 - tie for r in ratios)
    losses = sum(r > 1 + tie for r in ratios)
    finite = [r for r in ratios if 0 < r < math.inf]
    out = {
        "problems": common,
        "ratios": ratios,
        "geomean": math.exp(statistics.fmean(math.log(r) for r in finite)) if finite else None,
        "median_ratio": statistics.median(ratios),
        "wins": wins,
        "ties": len(common) - wins - losses,
        "losses": losses,
        "wilcoxon": None,
        "wilcoxon_note": None,
    }
    differences = [b[key] - a[key] for key in common]
    if sum(d != 0 for d in differences) < 2:
        out["wilcoxon_note"] = "fewer than 2 problems where the times differ"
        return out
    try:
        from scipy.stats import wilcoxon
    except ImportError:
        out["wilcoxon_note"] = "the Wilcoxon test needs scipy: pip install scipy (or the 'stats' extra)"
        return out
    result = wilcoxon(differences)
    out["wilcoxon"] = {"statistic": float(result.statistic), "p": float(result.pvalue)}
    return out


def ecdf(values):
    """The empirical distribution of ``values``: ``(sorted values, fraction <= each)``.

    Examples
    --------
    >>> ecdf([3.0, 1.0, 2.0])
    ([1.0, 2.0, 3.0], [0.3333333333333333, 0.6666666666666666, 1.0])
    """
    xs = sorted(float(v) for v in values)
    return xs, [(i + 1) / len(xs) for i in range(len(xs))]
