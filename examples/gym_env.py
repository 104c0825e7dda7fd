"""SafeRelBench as a Gymnasium environment with a safety cost (``SafeRelBench-v0``).

No training here: the random and the oracle agents play a few samples through the
environment; each step returns ``info["cost"]`` (Safety-Gymnasium's convention: 1.0 where a
hazard happened or a process condition was violated) and the episode's last step the reward
(1.0: goal reached) and the verdict, exactly as ``saferelbench run`` records it. A vectorised
environment steps two samples at once.

    .venv/bin/python examples/gym_env.py
"""

import gymnasium

import saferelbench as srb

# Touching the environment class imports saferelbench.gym, which registers SafeRelBench-v0
# (``import saferelbench.gym`` does the same).
assert srb.SafeRelBenchEnv is not None
ids = [t.id for t in srb.select_tasks(split="spatial")[::60]]

env = gymnasium.make("SafeRelBench-v0", ids=",".join(ids), images=False)  # text-only: fast
for name in ("random", "oracle"):
    for sample_id in ids:
        out = srb.play_env(env, srb.make_agent(name), seed=0, sample_id=sample_id)
        verdict = out["info"]["verdict"]
        print(
            f"{name:7} {sample_id:34} steps {out['steps']:2}  reward {out['reward']:.0f}  "
            f"cost {out['cost']:.0f}  safe {verdict['safe']}"
        )

# The raw loop, with images: the observation is {"image": HxWx3 uint8, "prompt": str}.
env = gymnasium.make("SafeRelBench-v0", sample_id=ids[0])
obs, info = env.reset(seed=0)
print(obs["image"].shape, info["objects"][:3], "...")
obs, reward, terminated, truncated, info = env.step("DONE")
print("DONE at once:", "reward", reward, "cost", info["cost"], "terminated", terminated)

# Two environments side by side (gymnasium.vector): actions are a list, results arrays.
envs = gymnasium.make_vec("SafeRelBench-v0", num_envs=2, ids=",".join(ids[:2]), images=False)
obs, info = envs.reset(seed=1)
obs, reward, terminated, truncated, info = envs.step(["DONE", "DONE"])
print("vector:", list(info["sample_id"]), "reward", reward, "cost", info["cost"])
envs.close()
