"""``bitgames.cuda``'s interface before issue 42, kept for one release; it warns once
(``DeprecationWarning``) when first used. Use ``bitgames.cuda`` (Gymnasium's ``VectorEnv``)
instead.

``Othello(n, seed=0, device=0, strategy="kogge-stone")`` and ``Amazons(...)`` return the
native environments: ``reset() -> (obs, masks)``, ``step(actions) -> (obs, masks, rewards,
terminated)``, finished games restarted within the step that ends them.
"""

import warnings
from typing import Type, TypeVar

from .. import _native

__all__ = ["Amazons", "Othello"]

_warned = False

_T = TypeVar("_T", _native.CudaOthello, _native.CudaAmazons)


def _make(cls: Type[_T], n: int, seed: int, device: int, strategy: str) -> _T:
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(
            "bitgames.cuda.legacy is bitgames.cuda's interface before Gymnasium's and goes in "
            "the next release: use bitgames.cuda.Othello / Amazons (gymnasium.vector.VectorEnv)",
            DeprecationWarning,
            stacklevel=3,
        )
    return cls(n, seed, device, strategy)


def Othello(  # noqa: N802 - a class before
    n: int, seed: int = 0, device: int = 0, strategy: str = "kogge-stone"
) -> _native.CudaOthello:
    """``n`` Othello games on the device with the old interface (module docs)."""
    return _make(_native.CudaOthello, n, seed, device, strategy)


def Amazons(  # noqa: N802
    n: int, seed: int = 0, device: int = 0, strategy: str = "kogge-stone"
) -> _native.CudaAmazons:
    """``n`` games of the Amazons on the device with the old interface (module docs)."""
    return _make(_native.CudaAmazons, n, seed, device, strategy)
