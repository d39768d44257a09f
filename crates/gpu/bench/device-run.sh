#!/usr/bin/env bash
# On a GPU machine, from the repository root, with .gpu-bundle/ (bundle.sh) beside it: every
# GPU check and measurement in one run of under 10 minutes (130 s on an H100 and an H200 on
# 2026-11-27), logs and results into $OUT.
#   1. the Rust GPU tests (environment = CPU over 10^6 steps per strategy, perft to 14, ...)
#   2. the comparison of strategies (examples/compare.rs)
#   3. the Python GPU tests (bitgames.cuda: DLPack into PyTorch and JAX, = bitgames.vector)
#   4. random Othello steps/s: pgx, bitgames.cuda and bitgames.vector, interleaved
# Arguments choose the steps (default: 1 2 3 4); each has its own time limit, so that one
# that hangs leaves the others' results.
set -uo pipefail
steps=${*:-1 2 3 4}
want() { [[ " $steps " == *" $1 "* ]]; }
OUT=${OUT:-/tmp/gpu-out}
mkdir -p "$OUT"
bundle=.gpu-bundle

# NVRTC: the toolkit's there (it matches the driver), else the nvidia-cuda-nvrtc wheel's.
nvrtc=$(ls /usr/local/cuda/lib64/libnvrtc.so.13 /usr/local/cuda*/targets/x86_64-linux/lib/libnvrtc.so.13 \
    "$(python3 -c 'import nvidia, os; print(os.path.dirname(list(nvidia.__path__)[0]))' 2>/dev/null)"/nvidia/cu13/lib/libnvrtc.so.13 \
    2>/dev/null | head -n 1)
if [ -n "$nvrtc" ]; then
    export LD_LIBRARY_PATH="$(dirname "$nvrtc"):${LD_LIBRARY_PATH:-}"
fi
echo "NVRTC: ${nvrtc:-not found}"
{ nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; nproc; } 2>&1 | tee "$OUT/device.txt"

python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site "$bundle"/whl/*.whl
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1

if want 1; then
    echo "== 1. Rust GPU tests"
    timeout 180 "$bundle/gpu-tests" 2>&1 | tee "$OUT/rust-tests.log"
fi
if want 2; then
    echo "== 2. comparison of strategies"
    timeout 150 "$bundle/compare" --json "$OUT/compare.jsonl" 2>&1 | tee "$OUT/compare.md"
fi
if want 3; then
    echo "== 3. Python GPU tests"
    timeout 90 python3 -m pytest -q -p no:cacheprovider crates/python/tests/test_cuda.py 2>&1 | tee "$OUT/python-tests.log"
fi
if want 4; then
    echo "== 4. pgx beside bitgames"
    timeout 180 python3 crates/gpu/bench/othello_vs_pgx.py --json "$OUT/pgx.jsonl" 2>&1 | tee "$OUT/pgx.log"
fi
