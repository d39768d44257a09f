"""Batched Othello and Amazons on a CUDA GPU, their buffers handed to PyTorch and JAX
through DLPack.

``Othello(n, seed=0, device=0, strategy="kogge-stone")`` and ``Amazons(n, seed=0, device=0,
strategy="kogge-stone")`` are ``gymnasium.vector.VectorEnv``s like
``bitgames.vector.Othello`` and ``bitgames.vector.Amazons`` (the same action numbering,
OpenSpiel's, with the Amazons' turn three sub-actions; the same observations, masks and
rewards, given the same actions bit for bit), but their games live in device memory and
what they return are ``DeviceArray`` views of their device buffers::

    env = bitgames.cuda.Othello(65536)
    obs, infos = env.reset(seed=1)        # int8 [n, 3, 8, 8] on the GPU
    masks = infos["action_mask"]          # bool [n, 65] on the GPU
    actions = env.sample_actions()        # int64 [n], drawn on the GPU
    obs, rewards, terminations, truncations, infos = env.step(actions)
    obs = torch.from_dlpack(obs)          # no copy; or jax.dlpack.from_dlpack(obs)

Where they differ from ``bitgames.vector``: a finished game restarts within the step that
ends it, on the device (Gymnasium's same-step autoreset, ``metadata["autoreset_mode"] =
AutoresetMode.SAME_STEP``): that step reports ``terminations[i] = True`` and the final
reward of the player who moved, and its observation and mask are already the new game's
(the final position's observation is not kept: a terminal state's value is 0 anyway).
``rewards`` and ``terminations`` are ``DeviceArray``s; ``truncations`` is a read-only NumPy
array of False; ``infos`` holds ``"action_mask"`` (and ``"_action_mask"``, NumPy), but not
both players' rewards or ``"to_play"``. ``reset(seed=s)`` makes the batch anew from ``s``
(new device buffers: take the arrays it returns). The interface before Gymnasium's
(``reset() -> (obs, masks)``, ``step() -> (obs, masks, rewards, terminated)``) is
``bitgames.cuda.legacy`` for one more release.

``bitgames.cuda.Amazons`` is the same with observations int8 ``[n, 4, 10, 10]`` and masks
bool ``[n, 100]``, one sub-action (the queen, its destination, the arrow) a step.

The arrays are the environment's own buffers: every ``reset`` and ``step`` (and, for the
actions, ``sample_actions``) writes into the same device memory, and tensors made from them
see the new contents: copy what you keep. A ``DeviceArray`` and every tensor made from it
keep the buffers alive, even after the environment is gone. ``DeviceArray.numpy()`` copies
one to the host (for tests and debugging).

``step`` takes a 1-D ``int64`` array of ``n`` actions: a NumPy array (copied to the device),
any DLPack array on the same device (a CUDA ``torch.Tensor``, a JAX array; read in place,
contiguous, before ``step`` returns, so it may be reused afterwards), or the array
``sample_actions`` returned. What is legal is the environment's own record of each game,
never the mask it hands out: an illegal action raises ``ValueError`` naming the game, and no
game moves. Another dtype raises ``TypeError``; another length, shape or device
``ValueError``.

Streams: the environment works on the CUDA context's legacy default stream (PyTorch's
default stream). ``__dlpack__`` follows the Python array API: for ``stream=None`` or ``1``
(legacy default), ``2`` (per-thread default) or ``-1`` it hands the buffer over at once, as
work on those streams is ordered after the environment's; for any other stream it first
waits for the environment's work to finish. Work you queue on another stream that reads a
buffer must finish before the next ``step``/``reset`` writes it.

Module functions: ``available()``, ``device_count()``, ``perft(depth)`` and
``playouts(threads, games_per_thread)`` on the device, and ``compile_kernels(capability)``,
which needs only NVRTC (no GPU); the last three take ``game="othello"`` or
``game="amazons"``. The kernels are compiled by NVRTC when a device is first
opened (once per device and process). NVRTC is the CUDA toolkit's ``libnvrtc.so.13`` when the
system has one, else the one in the ``nvidia-cuda-nvrtc`` wheel (``pip install
bitgames[cuda]``), loaded from here. Where the driver, a device or NVRTC is missing, opening a
device raises ``RuntimeError`` saying which; arguments are checked before any device is
opened (``ValueError``).
"""

import ctypes as _ctypes
import os as _os
import sys as _sys
import typing as _typing

__all__ = [
    "GAMES",
    "MAX_AMAZONS_PERFT_DEPTH",
    "MAX_ENVS",
    "MAX_PERFT_DEPTH",
    "STRATEGIES",
    "Amazons",
    "CudaVectorGame",
    "DeviceArray",
    "Othello",
    "available",
    "compile_kernels",
    "device_count",
    "perft",
    "playouts",
]

# The NVRTC library bitgames-gpu loads by its name (as for CUDA 13, the version its
# bindings are for).
_NVRTC = "libnvrtc.so.13"


def _nvidia_wheel_nvrtc() -> _typing.List[str]:
    """The paths of ``libnvrtc.so.13`` in the installed ``nvidia`` wheels, likeliest first."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        return []
    if spec is None or not spec.submodule_search_locations:
        return []
    found: _typing.List[str] = []
    for root in spec.submodule_search_locations:
        # nvidia-cuda-nvrtc 13.x: nvidia/cu13/lib; 12.x and older layouts: nvidia/cuda_nvrtc/lib.
        for sub in ("cu13", "cuda_nvrtc"):
            path = _os.path.join(root, sub, "lib", _NVRTC)
            if _os.path.isfile(path):
                found.append(path)
    return found


def _load_nvrtc() -> _typing.Optional[str]:
    """Makes ``libnvrtc.so.13`` loadable by name: the system's (the CUDA toolkit's, on the
    loader's path) when it loads, else the ``nvidia-cuda-nvrtc`` wheel's, loaded here with
    ``RTLD_GLOBAL`` so the later load by name finds it already in the process. Returns the
    path loaded from the wheel, or ``None``."""
    if not _sys.platform.startswith("linux"):
        return None
    try:
        _ctypes.CDLL(_NVRTC)
        return None
    except OSError:
        pass
    for path in _nvidia_wheel_nvrtc():
        try:
            _ctypes.CDLL(path, mode=_ctypes.RTLD_GLOBAL)
            return path
        except OSError:
            continue
    return None


_NVRTC_FROM_WHEEL = _load_nvrtc()

from .._native import CUDA_MAX_AMAZONS_PERFT_DEPTH as MAX_AMAZONS_PERFT_DEPTH  # noqa: E402
from .._native import CUDA_MAX_ENVS as MAX_ENVS  # noqa: E402
from .._native import CUDA_MAX_PERFT_DEPTH as MAX_PERFT_DEPTH  # noqa: E402
from .._native import CUDA_STRATEGIES  # noqa: E402
from .._native import DeviceArray  # noqa: E402
from .._native import cuda_available as _available  # noqa: E402
from .._native import cuda_compile_kernels as _compile_kernels  # noqa: E402
from .._native import cuda_device_count as _device_count  # noqa: E402
from .._native import cuda_perft as _perft  # noqa: E402
from .._native import cuda_playouts as _playouts  # noqa: E402

try:
    from ._gym import Amazons, CudaVectorGame, Othello  # noqa: E402
except ImportError as _err:  # pragma: no cover - exercised where Gymnasium is missing
    if _err.name is None or not _err.name.startswith("gymnasium"):
        raise
    _missing = _err

    def __getattr__(name: str) -> _typing.Any:
        if name in ("Amazons", "Othello", "CudaVectorGame"):
            raise ImportError(
                f"bitgames.cuda.{name} is a gymnasium.vector.VectorEnv and needs Gymnasium "
                "1.1 or later, which is not installed: pip install 'bitgames[envs]'; "
                "bitgames.cuda.legacy needs no Gymnasium",
                name="gymnasium",
            ) from _missing
        raise AttributeError(f"module 'bitgames.cuda' has no attribute {name!r}")


#: The kernels' strategies, named as in the CPU crates: ``shift``, ``kogge-stone``, ``table``.
STRATEGIES = tuple(CUDA_STRATEGIES)

#: The games of ``perft``, ``playouts`` and ``compile_kernels`` (their ``game`` argument).
GAMES = ("othello", "amazons")


def available(device: int = 0) -> bool:
    """Whether CUDA device ``device`` can be used here: the driver loads and reports it, and
    NVRTC loads. Compiles nothing."""
    return _available(device)


def device_count() -> int:
    """How many CUDA devices the driver reports (0 where there is no driver)."""
    return _device_count()


def perft(
    depth: int, strategy: str = "kogge-stone", device: int = 0, *, game: str = "othello"
) -> int:
    """Perft of ``game``'s start position on the GPU: for Othello the leaves ``depth`` plies
    down, a forced pass being a ply and a finished game one leaf (0 to ``MAX_PERFT_DEPTH``);
    for the Amazons (``game="amazons"``) the leaves ``depth`` full moves down, a move being a
    queen's move and its arrow, as ``bitgames.Amazons().perft`` counts (0 to
    ``MAX_AMAZONS_PERFT_DEPTH``)."""
    return _perft(depth, strategy, device, game)


def playouts(
    threads: int,
    games_per_thread: int,
    seed: int = 0,
    strategy: str = "kogge-stone",
    device: int = 0,
    *,
    game: str = "othello",
) -> _typing.Dict[str, int]:
    """``games_per_thread`` uniformly random games of ``game`` (``"othello"`` or
    ``"amazons"``) from the start on each of ``threads`` GPU threads (each its own generator
    from ``seed``).

    Returns for Othello ``{"games", "steps", "black_wins", "draws"}`` (a pass is a step), for
    the Amazons ``{"games", "steps", "white_wins"}`` (a step is a sub-action, three a move;
    there are no draws). ``threads`` is 1 to 2**24 and the games at most 10**9 in all; other
    counts raise ``ValueError``.
    """
    return _playouts(threads, games_per_thread, seed, strategy, device, game)


def compile_kernels(
    capability: _typing.Tuple[int, int] = (9, 0), *, game: str = "othello"
) -> bytes:
    """``game``'s kernels (``"othello"`` or ``"amazons"``) compiled by NVRTC for compute
    capability ``capability`` (``(major, minor)``): the CUBIN, an ELF, as bytes. Needs NVRTC
    only, no GPU or driver; ``RuntimeError`` when NVRTC is missing or refuses the target."""
    major, minor = capability
    return _compile_kernels((major, minor), game)
