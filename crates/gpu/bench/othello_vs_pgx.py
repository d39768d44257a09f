"""Random Othello with automatic reset, environment steps per second, measured side by side
in one process on one GPU: pgx (JAX) as published on PyPI, ``bitgames.cuda.Othello`` and
``bitgames.vector.Othello`` (the host's cores), interleaved per batch size.

Each step draws one uniformly random legal action per game and steps every game, the new
observation and legal-action mask written (pgx computes ``state.observation`` in ``step``;
bitgames writes its observation and mask buffers). pgx runs ``steps`` steps inside one jitted
``lax.fori_loop``, its fastest form; bitgames is driven from Python, one call to
``sample_actions`` and one to ``step`` per step, as a Python user would.

    python3 othello_vs_pgx.py --sizes 4096 65536 262144 1048576 4194304 --steps 100 --json out.jsonl
"""

import argparse
import json
import time


def pgx_runner(n, steps):
    import jax
    import pgx
    from pgx.experimental import act_randomly, auto_reset

    env = pgx.make("othello")
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(auto_reset(env.step, env.init))

    @jax.jit
    def run(state, key):
        def body(_, carry):
            state, key = carry
            key, act_key, step_key = jax.random.split(key, 3)
            action = act_randomly(act_key, state.legal_action_mask)
            state = step(state, action, jax.random.split(step_key, n))
            return state, key

        return jax.lax.fori_loop(0, steps, body, (state, key))

    carry = (init(jax.random.split(jax.random.PRNGKey(0), n)), jax.random.PRNGKey(1))

    def once():
        nonlocal carry
        carry = run(*carry)
        jax.block_until_ready(carry)

    return once


def bitgames_runner(module, n, steps):
    env = module.Othello(n, seed=1)
    env.reset(seed=1)

    def once():
        for _ in range(steps):
            out = env.step(env.sample_actions())
        # A host copy of the termination flags waits for the device (Gymnasium's step:
        # obs, rewards, terminations, truncations, infos).
        terminated = out[2]
        getattr(terminated, "numpy", lambda: terminated)()

    return once


def rate(once, n, steps, repeats):
    once()  # compile / warm up
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        once()
        best = min(best, time.perf_counter() - start)
    return n * steps / best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[4096, 65536, 262144, 1048576, 4194304])
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cpu-max", type=int, default=262144, help="largest batch for bitgames.vector")
    parser.add_argument("--json", help="append JSON lines here")
    args = parser.parse_args()

    import bitgames.cuda
    import bitgames.vector

    import jax

    print(f"JAX {jax.__version__} devices: {jax.devices()}")
    rows = []
    for n in args.sizes:
        runners = [
            ("pgx", lambda: pgx_runner(n, args.steps)),
            ("bitgames.cuda", lambda: bitgames_runner(bitgames.cuda, n, args.steps)),
        ]
        if n <= args.cpu_max:
            runners.append(("bitgames.vector (CPU)", lambda: bitgames_runner(bitgames.vector, n, args.steps)))
        for name, make in runners:
            # One engine failing (a version mismatch on the machine, say) leaves the others'
            # figures standing.
            try:
                value = rate(make(), n, args.steps, args.repeats)
            except Exception as error:  # noqa: BLE001 - reported and recorded, not hidden
                print(f"{name:>24} n={n:>9}: failed: {error!r}", flush=True)
                rows.append({"engine": name, "games": n, "error": repr(error)})
                continue
            row = {"engine": name, "games": n, "steps": args.steps, "steps_per_s": value}
            rows.append(row)
            print(f"{name:>24} n={n:>9}: {value:.3e} steps/s", flush=True)
    if args.json:
        with open(args.json, "a") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
