"""Every public call of bitgames' typed modules, for `mypy --strict` (test_types.py) and run
as a script too (the CUDA part where a device is present)."""

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

import bitgames
import bitgames.cuda
import bitgames.envs
import bitgames.vector
import bitgames.vector.legacy

players: Tuple[str, str] = bitgames.PLAYERS
othello = bitgames.Othello().play("d3")
moves: List[str] = othello.legal_moves()
side: str = othello.side_to_move
index: int = players.index(side)
outcome: str = othello.outcome
cells: List[Tuple[str, Optional[str], Optional[int]]] = othello.cells()
board: str = othello.board()
boards: List[Tuple[str, int]] = othello.bitboards()
key: int = othello.hash
leaves: int = bitgames.Othello().perft(3, strategy="shift")
best: Dict[str, Any] = othello.search(depth=2)
mcts: Dict[str, Any] = othello.search(engine="mcts", nodes=200, seed=1)
santorini = bitgames.Santorini(gods=("apollo", "minotaur"))
amazons: bitgames.Amazons = bitgames.Amazons()
assert santorini.side_to_move == amazons.side_to_move == "first"
wins: Tuple[int, int, int] = bitgames.random_games("othello", 4, seed=2)
kinds: List[Dict[str, str]] = bitgames.strategies("othello")
record: Dict[str, Any] = bitgames.compare("othello", instances=10, seed=1)

env = bitgames.vector.Othello(16)
obs, infos = env.reset(seed=1)
mask: npt.NDArray[np.bool_] = infos["action_mask"]
for _ in range(3):
    actions: npt.NDArray[np.int64] = env.sample_actions()
    obs, rewards, terminations, truncations, infos = env.step(actions)
first: npt.NDArray[np.int8] = obs
to_play: npt.NDArray[np.uint8] = env.current_players()
both: npt.NDArray[np.float32] = infos["rewards"]
assert env.single_action_space.contains(int(actions[0]))
env.close()

old = bitgames.vector.legacy.Santorini(4, seed=1)
old_obs, old_masks = old.reset()
old_obs, old_masks, old_rewards, old_terminated = old.step(old.sample_actions())

aec = bitgames.envs.othello_v0.env(render_mode="ansi")
aec.reset(seed=1)
for agent in aec.agent_iter():
    seen, reward, terminated, truncated, info = aec.last()
    if terminated or truncated or seen is None:
        aec.step(None)
        continue
    aec.step(int(np.flatnonzero(seen["action_mask"])[0]))
final: Optional[str] = aec.render()
gods = bitgames.envs.santorini_gods_v0.env(gods=("apollo", "minotaur"))
gods.reset()
raw = bitgames.envs.amazons_v0.raw_env()
raw.reset()

ready: bool = bitgames.cuda.available()
devices: int = bitgames.cuda.device_count()
if ready:
    gpu = bitgames.cuda.Othello(64)
    gpu_obs, gpu_infos = gpu.reset(seed=1)
    gpu_obs, gpu_rewards, gpu_terms, gpu_truncs, gpu_infos = gpu.step(gpu.sample_actions())
    host: npt.NDArray[Any] = gpu_obs.numpy()
    count: int = bitgames.cuda.perft(3)
print("typed usage ran")
