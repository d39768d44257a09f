#!/usr/bin/env bash
# Builds, on a machine with Rust, everything the GPU checks need on a GPU machine that has no
# Rust and no network (see device-run.sh), into .gpu-bundle/ at the repository root
# (git-ignored): the GPU test binary and the comparison, built for any x86-64; the bitgames
# wheel; pgx 2.6.0 and svgwrite wheels (the GPU machine has JAX, not pgx).
set -euo pipefail
cd "$(dirname "$0")/../../.."
bundle=.gpu-bundle
rm -rf "$bundle"
mkdir -p "$bundle/whl"

cargo build --release -p bitgames-gpu --example compare
cp target/release/examples/compare "$bundle/compare"

# The test binary's path is in cargo's JSON messages.
test_binary=$(cargo test --release -p bitgames-gpu --test gpu --no-run --message-format=json |
    python3 -c 'import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message.get("reason") == "compiler-artifact" and message["target"]["name"] == "gpu" and message.get("executable"):
        print(message["executable"])')
cp "$test_binary" "$bundle/gpu-tests"

cargo xtask wheel
cp target/xtask/wheels/bitgames-*.whl "$bundle/whl/"
python3 -m pip download -q --no-deps --only-binary=:all: -d "$bundle/whl" pgx==2.6.0 svgwrite==1.4.3

du -sh "$bundle"/* "$bundle"
