"""A scripted Entelect Challenge 2018 bot (see README.md): reads mode.txt and state.json
from its working directory, writes pid.txt and command.txt there."""
import json
import os
import sys
import time

with open("pid.txt", "w") as f:
    f.write(str(os.getpid()))
with open("mode.txt") as f:
    mode = f.read().strip()
if mode == "crash":
    sys.exit(1)
if mode == "hang":
    time.sleep(60)
command = ""
if mode == "illegal":
    command = "0,0,4"  # a tesla costs 100 energy; round 0 gives 20
elif mode == "malformed":
    command = "build a tower please"
else:
    with open("state.json") as f:
        state = json.load(f)
    # The file is rendered for this bot: it is player "A", its half is x 0..7.
    me = [p for p in state["players"] if p["playerType"] == "A"][0]
    if me["energy"] >= 30:
        free = [cell for row in state["gameMap"] for cell in row
                if cell["cellOwner"] == "A" and not cell["buildings"]]
        if free:
            cell = max(free, key=lambda c: (c["x"], -c["y"]))
            command = "%d,%d,1" % (cell["x"], cell["y"])  # an attack tower, front first
with open("command.txt", "w") as f:
    f.write(command)
