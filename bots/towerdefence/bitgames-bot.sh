#!/bin/sh
# Entelect Challenge 2018 launcher for the bitgames Tower Defence bot.
#
# The runner starts this script in the bot directory (the folder of bot.json), after writing
# state.json there; the bot writes command.txt there. bot.json names this script with
# botLanguage "c++", the runner kind that executes "./<botFileName>" as it is (the "rust"
# kind would run `cargo run --release` inside the runner's time limit).
#
# The binary: $BITGAMES if set, else ./bitgames next to this script, else the workspace's
# release build (../../target/release/bitgames), else `bitgames` on the PATH.
# The thinking time: $BITGAMES_TIME_MS (default 1500, under the runner's usual 2000 ms).
here=$(dirname "$0")
if [ -n "$BITGAMES" ]; then
    bin=$BITGAMES
elif [ -x "$here/bitgames" ]; then
    bin=$here/bitgames
elif [ -x "$here/../../target/release/bitgames" ]; then
    bin=$here/../../target/release/bitgames
else
    bin=bitgames
fi
exec "$bin" towerdefence bot --time-ms "${BITGAMES_TIME_MS:-1500}"
