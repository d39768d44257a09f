"""Self-play PPO for Othello on ``bitgames.vector.Othello``, in NumPy alone (no deep-learning
framework), small enough to read in one sitting and to train on a laptop's CPU.

    python examples/python/train_othello.py --minutes 10 --seed 1

One policy plays both seats of N games at once. A small MLP (the board planes and the legal
squares in, 2 x 128 ReLU units, a masked softmax over the 65 actions and a tanh value out)
is trained by PPO with hand-written backpropagation and Adam. At the end it plays greedily
against a uniformly random player and against bitgames' alpha-beta at depth 1
(``bitgames.Othello(...).search(depth=1)``), each game from a random 6-ply opening played
once with each colour, and prints the win rates. Everything random comes from ``--seed``,
so runs with the same seed make the same updates; ``--minutes`` only decides how many fit
(``--updates K`` stops after K updates instead, the same result on every run).

How the vector env's conventions are used (see ``bitgames.vector``'s docs):

- ``infos["action_mask"]`` masks the logits, so the policy only ever picks legal actions.
- Rewards are for the player who chose the action, 0 until the last move of a game. Players
  alternate every step (a pass is action 64), so the return of a move is its reward minus
  the return of the opponent's next move: GAE with the bootstrap value and the next
  advantage negated ("negamax GAE", ``advantages`` below). ``infos["to_play"]`` is not
  needed for training; the evaluation uses ``side_to_move`` of its positions.
- Autoreset is next-step: the step after a game ends ignores its action and returns the
  start position, so that step is not a decision and is left out of the batch.

Porting: the loop is the usual PPO loop; only ``Policy`` is hand-written. In PyTorch or JAX,
replace ``Policy.forward``/``backward``/``adam`` by a module, the same loss and an
optimizer; ``collect`` and ``advantages`` stay as they are. On a CUDA GPU,
``bitgames.cuda.Othello(n)`` is the same environment with its buffers on the device:
``torch.from_dlpack(obs)`` (or ``jax.dlpack.from_dlpack``) reads them without a copy, and a
CUDA tensor of actions goes straight back into ``step``. It restarts finished games within
the step (same-step autoreset), so with it every step is a decision (drop ``ignored``) and
``infos`` has no ``"to_play"`` (not needed here). Nothing here needs a GPU.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any, Dict, List, Tuple

# The matrices here are small: one BLAS thread is faster than several (10x on a loaded 2-core
# machine), and the sums come out the same on every machine's thread count.
for _var in ["OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"]:
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402 (after the thread settings)
import numpy.typing as npt

import bitgames
import bitgames.vector

F32 = npt.NDArray[np.float32]
Bools = npt.NDArray[np.bool_]
Array = npt.NDArray[Any]  # the batches: arrays of several dtypes under names

ACTIONS = 65  # 8 * row + col with a1 = 0, and 64 = pass
FEATURES = 3 * 64 + 64  # planes (empty, own, opponent's) and the legal squares
MOVES = [f"{'abcdefgh'[i % 8]}{i // 8 + 1}" for i in range(64)] + ["pass"]


def features(obs: npt.NDArray[np.int8], masks: Bools) -> F32:
    """The network's input: the observation planes and the legal squares, as floats."""
    n = obs.shape[0]
    x: F32 = np.concatenate([obs.reshape(n, 192), masks[:, :64]], axis=1).astype(np.float32)
    return x


def masked_log_softmax(logits: F32, masks: Bools) -> F32:
    z = np.where(masks, logits, np.float32(-1e9))
    z = z - z.max(axis=1, keepdims=True)
    logp: F32 = (z - np.log(np.exp(z).sum(axis=1, keepdims=True))).astype(np.float32)
    return logp


class Policy:
    """A two-layer ReLU MLP with a policy head (65 logits) and a value head (tanh)."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        def init(fan_in: int, fan_out: int, scale: float) -> F32:
            w: F32 = rng.standard_normal((fan_in, fan_out), dtype=np.float32)
            return w * np.float32(scale * np.sqrt(2.0 / fan_in))

        self.params: Dict[str, F32] = {
            "w1": init(FEATURES, hidden, 1.0), "b1": np.zeros(hidden, np.float32),
            "w2": init(hidden, hidden, 1.0), "b2": np.zeros(hidden, np.float32),
            "wp": init(hidden, ACTIONS, 0.01), "bp": np.zeros(ACTIONS, np.float32),
            "wv": init(hidden, 1, 0.01), "bv": np.zeros(1, np.float32),
        }  # fmt: skip
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, x: F32) -> Tuple[F32, F32, List[F32]]:
        """Logits ``[n, 65]``, values ``[n]`` (for the player to move) and what ``backward``
        needs."""
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
        values = np.tanh(h2 @ p["wv"] + p["bv"])[:, 0]
        return h2 @ p["wp"] + p["bp"], values, [x, h1, h2, values]

    def backward(self, cache: List[F32], d_logits: F32, d_values: F32) -> Dict[str, F32]:
        """Gradients of the loss given its gradients with respect to the outputs."""
        p = self.params
        x, h1, h2, values = cache
        d_pre_v = (d_values * (1 - values**2))[:, None]  # through tanh
        d_h2 = (d_logits @ p["wp"].T + d_pre_v @ p["wv"].T) * (h2 > 0)
        d_h1 = (d_h2 @ p["w2"].T) * (h1 > 0)
        return {
            "wp": h2.T @ d_logits, "bp": d_logits.sum(0),
            "wv": h2.T @ d_pre_v, "bv": d_pre_v.sum(0),
            "w2": h1.T @ d_h2, "b2": d_h2.sum(0),
            "w1": x.T @ d_h1, "b1": d_h1.sum(0),
        }  # fmt: skip

    def adam(self, grads: Dict[str, F32], lr: float, max_norm: float = 0.5) -> None:
        """One Adam step, the gradients first clipped to a global norm of ``max_norm``."""
        norm = float(np.sqrt(sum(float((g**2).sum()) for g in grads.values())))
        scale = min(1.0, max_norm / (norm + 1e-8))
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            m, v = self.moments[k]
            m *= b1
            m += (1 - b1) * scale * g
            v *= b2
            v += (1 - b2) * (scale * g) ** 2
            m_hat = m / (1 - b1**self.steps)
            v_hat = v / (1 - b2**self.steps)
            self.params[k] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)


def collect(
    env: bitgames.vector.Othello,
    policy: Policy,
    state: Dict[str, Array],
    steps: int,
    rng: np.random.Generator,
) -> Dict[str, Array]:
    """``steps`` steps of every game, actions sampled from the policy; ``state`` holds the
    current observations, masks and which games ignore their next action, and goes on."""
    n = env.num_envs
    batch: Dict[str, List[Array]] = {
        k: [] for k in ["x", "masks", "actions", "logp", "values", "rewards", "done", "valid"]
    }
    for _ in range(steps):
        x, masks = features(state["obs"], state["masks"]), state["masks"]
        logits, values, _ = policy.forward(x)
        logp = masked_log_softmax(logits, masks)
        actions = np.argmax(logp + rng.gumbel(size=logp.shape), axis=1)  # a sample
        obs, rewards, terminations, _, infos = env.step(actions)
        batch["x"].append(x)
        batch["masks"].append(masks)
        batch["actions"].append(actions)
        batch["logp"].append(logp[np.arange(n), actions])
        batch["values"].append(values)
        batch["rewards"].append(rewards.copy())
        batch["done"].append(terminations.copy())
        batch["valid"].append(~state["ignored"])
        state.update(obs=obs.copy(), masks=infos["action_mask"].copy(), ignored=terminations.copy())
    x = features(state["obs"], state["masks"])
    out = {k: np.stack(v) for k, v in batch.items()}  # each [steps, n, ...]
    out["last_values"] = policy.forward(x)[1]
    return out


def advantages(b: Dict[str, Array], lam: float) -> F32:
    """Negamax GAE (gamma = 1): the next decision is the opponent's, so its value and its
    advantage count negated; a game's last move has no next decision."""
    rewards, values, go_on = b["rewards"], b["values"], ~b["done"]
    adv: F32 = np.zeros_like(values)
    next_value, next_adv = b["last_values"], np.zeros_like(values[0])
    for t in reversed(range(len(values))):
        delta = rewards[t] - go_on[t] * next_value - values[t]
        adv[t] = np.where(b["valid"][t], delta - lam * go_on[t] * next_adv, 0)
        next_value, next_adv = values[t], adv[t]
    return adv


def ppo_update(
    policy: Policy, b: Dict[str, Array], args: argparse.Namespace,
    rng: np.random.Generator,
) -> Dict[str, float]:  # fmt: skip
    """``args.epochs`` passes of clipped PPO over the batch's decisions, in minibatches."""
    adv_all = advantages(b, args.lam)
    valid = b["valid"].reshape(-1)
    take = {k: v.reshape(-1, *v.shape[2:])[valid] for k, v in b.items() if k != "last_values"}
    returns = adv_all.reshape(-1)[valid] + take["values"]
    adv = adv_all.reshape(-1)[valid]
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    stats: Dict[str, List[float]] = {"policy": [], "value": [], "entropy": [], "kl": []}
    for _ in range(args.epochs):
        order = rng.permutation(len(adv))
        for start in range(0, len(order), args.minibatch):
            i = order[start : start + args.minibatch]
            m, a, A, masks = len(i), take["actions"][i], adv[i], take["masks"][i]
            logits, values, cache = policy.forward(take["x"][i])
            logp = masked_log_softmax(logits, masks)
            probs = np.exp(logp) * masks
            ratio = np.exp(logp[np.arange(m), a] - take["logp"][i])
            clipped = np.clip(ratio, 1 - args.clip, 1 + args.clip)
            # d/d logp(a) of -mean(min(ratio * A, clipped * A)): zero where the clip binds.
            active = ratio * A <= clipped * A
            d_logp_a = np.where(active, -A * ratio, 0) / m
            d_logits = -probs * d_logp_a[:, None]
            d_logits[np.arange(m), a] += d_logp_a
            entropy = -(probs * np.where(masks, logp, 0)).sum(1)
            # d/d logits of -ent_coef * mean(entropy) is ent_coef * p * (log p + H) / m.
            d_logits += args.ent_coef * probs * (np.where(masks, logp, 0) + entropy[:, None]) / m
            err = values - returns[i]
            grads = policy.backward(cache, d_logits.astype(np.float32), (err / m).astype(np.float32))
            policy.adam(grads, args.lr)
            stats["policy"].append(float(-np.minimum(ratio * A, clipped * A).mean()))
            stats["value"].append(float((err**2).mean()))
            stats["entropy"].append(float(entropy.mean()))
            stats["kl"].append(float((take["logp"][i] - logp[np.arange(m), a]).mean()))
    return {k: float(np.mean(v)) for k, v in stats.items()}


def position_features(position: bitgames.Othello) -> Tuple[F32, Bools]:
    """What the vector env would show the side to move: its features and legal actions."""
    me = position.side_to_move
    cells = [owner for _, owner, _ in position.cells()]
    planes = np.array(
        [[c is None for c in cells], [c == me for c in cells], [c not in (None, me) for c in cells]],
        dtype=np.int8,
    )
    mask = np.zeros(ACTIONS, np.bool_)
    mask[[MOVES.index(m) for m in position.legal_moves()]] = True
    return features(planes[None], mask[None])[0], mask


def evaluate(policy: Policy, opponent: str, games: int, seed: int = 4242) -> Dict[str, float]:
    """The policy, greedy, against ``"random"`` or ``"alphabeta1"``: ``games`` games from
    ``games // 2`` random 6-ply openings, each played once with each colour. The openings
    and the random player's moves come from ``seed``, the same whatever the training seed."""
    rng = np.random.default_rng(seed)
    positions, agent_seats = [], []
    for _ in range(games // 2):
        p = bitgames.Othello()
        for _ in range(6):
            p = p.play(str(rng.choice(p.legal_moves())))
        positions += [p, p]
        agent_seats += [p.side_to_move, "second" if p.side_to_move == "first" else "first"]
    while True:
        live = [g for g, p in enumerate(positions) if p.outcome == "ongoing"]
        if not live:
            break
        ours = [g for g in live if positions[g].side_to_move == agent_seats[g]]
        if ours:
            xs, masks = zip(*(position_features(positions[g]) for g in ours))
            logits = policy.forward(np.stack(xs))[0]
            for g, action in zip(ours, np.argmax(masked_log_softmax(logits, np.stack(masks)), 1)):
                positions[g] = positions[g].play(MOVES[action])
        for g in live:
            p = positions[g]
            if g in ours or p.outcome != "ongoing":
                continue
            if opponent == "random":
                move = str(rng.choice(p.legal_moves()))
            else:
                move = str(p.search(depth=1)["move"])
            positions[g] = p.play(move)
    outcomes = [p.outcome for p in positions]
    wins = sum(o == s for o, s in zip(outcomes, agent_seats))
    draws = outcomes.count("draw")
    n = len(positions)
    return {"games": n, "wins": wins, "draws": draws, "win_rate": wins / n}


def main(argv: List[str] | None = None) -> Dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training time")
    parser.add_argument("--updates", type=int, default=0, help="stop after this many (0: time)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--envs", type=int, default=256, help="games played at once")
    parser.add_argument("--steps", type=int, default=32, help="steps per game per update")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--eval-games", type=int, default=200, help="per opponent, even")
    parser.add_argument("--save", help="write the weights to this .npz file")
    args = parser.parse_args(argv)

    rng = np.random.default_rng(args.seed)
    policy = Policy(args.hidden, rng)
    env = bitgames.vector.Othello(args.envs)
    obs, infos = env.reset(seed=args.seed)
    state: Dict[str, Array] = {
        "obs": obs.copy(), "masks": infos["action_mask"].copy(),
        "ignored": np.zeros(args.envs, np.bool_),
    }  # fmt: skip
    print(f"seed {args.seed}: {args.envs} games x {args.steps} steps per update, "
          f"hidden {args.hidden}, training for {args.updates or f'{args.minutes} minutes'}")  # fmt: skip
    start = last_print = time.monotonic()
    cpu_start = time.process_time()
    updates = decisions = games = 0
    stats: Dict[str, float] = {}
    while (updates < args.updates) if args.updates else (time.monotonic() - start < args.minutes * 60):
        batch = collect(env, policy, state, args.steps, rng)
        stats = ppo_update(policy, batch, args, rng)
        updates += 1
        decisions += int(batch["valid"].sum())
        games += int(batch["done"].sum())
        now = time.monotonic()
        if now - last_print >= 10 or updates == args.updates:
            last_print = now
            print(f"{now - start:7.1f}s update {updates:5d}: {decisions:9d} moves, {games:7d} games, "
                  + ", ".join(f"{k} {v:.4f}" for k, v in stats.items()), flush=True)  # fmt: skip
    train_seconds, cpu_seconds = time.monotonic() - start, time.process_time() - cpu_start
    if args.save:
        weights: Dict[str, Any] = dict(policy.params)
        np.savez(args.save, **weights)
    result: Dict[str, object] = {
        "seed": args.seed, "updates": updates, "moves": decisions, "games": games,
        "train_seconds": round(train_seconds, 1), "cpu_seconds": round(cpu_seconds, 1),
        "final_losses": stats,
    }  # fmt: skip
    print(f"trained {train_seconds:.0f} s ({cpu_seconds:.0f} s of CPU); evaluating", flush=True)
    for opponent in ["random", "alphabeta1"]:
        began = time.monotonic()
        r = evaluate(policy, opponent, args.eval_games)
        result[f"vs_{opponent}"] = r
        print(f"vs {opponent:10s}: {r['wins']:.0f} wins, {r['draws']:.0f} draws in {r['games']:.0f}"
              f" games: win rate {r['win_rate']:.3f} ({time.monotonic() - began:.0f} s)",
              flush=True)  # fmt: skip
    print("result " + json.dumps(result))
    return result


if __name__ == "__main__":
    main()
