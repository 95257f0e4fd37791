"""Statistics of runtimes: summaries with bootstrap confidence intervals, and paired comparisons of two solvers.

A randomised solver run with several seeds (``nqueens compare --seeds K``) gives a distribution of times, not one
time: :func:`summary` reduces it to its median, quartiles and a percentile-bootstrap confidence interval of the
median (Efron & Tibshirani). :func:`paired` sets two columns side by side over the problems both answered: the
speed-up ratio per problem, wins, ties and losses, and the Wilcoxon signed-rank test of the paired differences
(scipy's ``wilcoxon``: ``pip install scipy``, in the ``stats`` extra). :func:`unpaired` compares the runs of one
problem (seeds or repeats) of two columns by the Mann-Whitney U test. Each says which test, which alternative
and how it treats zeros, and gives no p where its sample sizes cannot reach p < 0.05.

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
H. B. Mann and D. R. Whitney, "On a test of whether one of two random variables is stochastically larger than
the other", Annals of Mathematical Statistics 18 (1947) 50-60.
"""

import math
import statistics
from typing import Any

from nqueens.core.errors import NQueensError

__all__ = ["summary", "bootstrap_ci", "paired", "unpaired", "RESAMPLES", "TIE", "ALPHA"]

RESAMPLES = 2000  # bootstrap resamples
TIE = 0.05  # two times within 5 % of each other are a tie
ALPHA = 0.05  # the level a test must be able to reach for its p to be printed


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
        ``wilcoxon``: the Wilcoxon signed-rank test of the differences b - a, two-sided, zero differences dropped
        (Wilcoxon's own rule, scipy's ``zero_method="wilcox"``), scipy's default method: exact p for up to 50
        pairs without tied magnitudes or zeros, with them the exact conditional p (a permutation test) for up to 13
        pairs, else the normal approximation: ``{"test", "alternative", "zeros", "method", "pairs",
        "statistic", "p"}``; or ``None``, with ``wilcoxon_note`` saying why: fewer than 2 differences, fewer
        than 6 (with 5 the smallest possible two-sided p is 2 / 2^5 = 0.0625, so no p could be significant), or
        no scipy.

    Raises
    ------
    NQueensError
        If no problem was answered by both.
    """
    common = [key for key in a if key in b]
    if not common:
        raise NQueensError("the two columns answered no problem in common: nothing to pair")
    # Equal times are a tie (ratio 1), zero against zero too; a time against zero is infinitely slower.
    ratios = [1.0 if b[key] == a[key] else b[key] / a[key] if a[key] > 0 else math.inf for key in common]
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
    differ = [d for d in differences if d != 0]
    if len(differ) < 2:
        out["wilcoxon_note"] = "fewer than 2 problems where the times differ"
        return out
    smallest = 2.0 / 2 ** len(differ)  # the exact two-sided test's smallest p: every difference of one sign
    if smallest >= ALPHA:
        out["wilcoxon_note"] = (
            f"{len(differ)} pairs that differ cannot reach p < {ALPHA:g}: the smallest p the exact two-sided test "
            f"can give is 2 / 2^{len(differ)} = {smallest:.3g}; {_pairs_needed()} pairs are needed"
        )
        return out
    try:
        from scipy.stats import wilcoxon
    except ImportError:
        out["wilcoxon_note"] = "the Wilcoxon test needs scipy: pip install scipy (or the 'stats' extra)"
        return out
    magnitudes = [abs(d) for d in differ]
    # scipy's default (method="auto"), on every difference, zeros dropped by Wilcoxon's rule: the exact
    # distribution without ties or zeros; with them, the exact conditional distribution (a permutation test over
    # every sign, deterministic up to 13 pairs); beyond that, the normal approximation.
    ties = len(set(magnitudes)) < len(magnitudes) or len(differ) < len(differences)
    method = "exact" if not ties and len(differences) <= 50 else "exact conditional" if len(differences) <= 13 else None
    result = wilcoxon(differences, alternative="two-sided")
    out["wilcoxon"] = {
        "test": "Wilcoxon signed-rank test",
        "alternative": "two-sided",
        "zeros": f"zero differences dropped ({len(differences) - len(differ) or 'none'} here)",
        "method": method or "normal-approximation",
        "pairs": len(differ),
        "statistic": float(result.statistic),
        "p": float(result.pvalue),
    }
    return out


def unpaired(x, y):
    """Two samples of one problem's times (the runs of two columns over seeds or repeats): the Mann-Whitney U test.

    Two-sided, scipy's ``mannwhitneyu`` (exact p for small samples without ties, else the normal approximation
    with a tie correction). With so few runs that even complete separation gives no p below :data:`ALPHA`, no
    p is given and ``note`` says so.

    Returns
    -------
    dict
        ``test``, ``alternative``, ``method``, ``runs`` (the two sample sizes), ``statistic`` and ``p`` (or
        ``None``), ``note``.

    Examples
    --------
    >>> unpaired([1.0, 1.1, 1.2], [2.0, 2.1, 2.2])["note"]
    '3 against 3 runs cannot reach p < 0.05: the smallest two-sided p is 2 / C(6, 3) = 0.1'
    >>> round(unpaired([1.0, 1.1, 1.2, 1.3], [2.0, 2.1, 2.2, 2.3])["p"], 4)
    0.0286
    """
    m, k = len(x), len(y)
    out: dict[str, Any] = {
        "test": "Mann-Whitney U test",
        "alternative": "two-sided",
        "method": None,
        "runs": [m, k],
        "statistic": None,
        "p": None,
        "note": None,
    }
    smallest = 2.0 / math.comb(m + k, m)
    if smallest >= ALPHA:
        out["note"] = (
            f"{m} against {k} runs cannot reach p < {ALPHA:g}: the smallest two-sided p is 2 / C({m + k}, {m}) = "
            f"{smallest:.3g}"
        )
        return out
    try:
        from scipy.stats import mannwhitneyu
    except ImportError:
        out["note"] = "the Mann-Whitney U test needs scipy: pip install scipy (or the 'stats' extra)"
        return out
    values = list(x) + list(y)
    method = "exact" if len(set(values)) == len(values) and max(m, k) <= 8 else "asymptotic"
    result = mannwhitneyu(x, y, alternative="two-sided", method=method)
    out.update(method=method, statistic=float(result.statistic), p=float(result.pvalue))
    return out


def _pairs_needed():
    """The fewest differing pairs with which the exact two-sided signed-rank test can give p < :data:`ALPHA`."""
    k = 2
    while 2.0 / 2**k >= ALPHA:
        k += 1
    return k
