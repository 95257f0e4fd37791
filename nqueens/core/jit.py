"""numba's ``njit`` for the toolkit's kernel modules, their compiled code kept in the kernel cache.

A kernel module imports ``njit`` from here, not from numba: importing this module puts
:class:`nqueens.core.cache.KernelLocator` first among numba's cache locators (in numba's own class attribute, not
in the process's environment), so this package's kernels are cached per module under
:func:`nqueens.core.cache.folder` and any other function where numba would cache it anyway.
"""

from numba import njit
from numba.core import caching

from nqueens.core.cache import place_kernels

__all__ = ["njit"]

place_kernels(getattr(caching, "CacheImpl", None) or caching._CacheImpl)  # type: ignore[attr-defined]  # numba 0.59
