#!/usr/bin/env bash
# The environment tests against the lower end of the `envs` extra's ranges (pyproject.toml):
# a fresh virtual environment with the oldest PettingZoo and Gymnasium the extra allows, the
# bitgames wheel, and pytest over the PettingZoo and vector environments' tests. The upper
# end is what `cargo xtask test` installs (the `test` extra).
#
#   crates/python/tests/lower_bounds.sh [WHEEL]   # default: target/xtask/wheels/bitgames-*.whl
#                                                 # (`cargo xtask wheel` builds it)
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
wheel="${1:-$(ls "$root"/target/xtask/wheels/bitgames-*.whl | head -n 1)}"
venv="${VENV:-$root/target/xtask/lower-bounds-venv}"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "$wheel" "pettingzoo==1.25.0" "gymnasium==1.1.0" "numpy>=1.21" "pytest==9.2.0"
"$venv/bin/python" -c 'import gymnasium, pettingzoo; print("gymnasium", gymnasium.__version__, "pettingzoo", pettingzoo.__version__)'
cd "$root"
"$venv/bin/python" -m pytest -q crates/python/tests/test_envs.py crates/python/tests/test_vector.py
