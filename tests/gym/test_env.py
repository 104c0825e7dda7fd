"""``SafeRelBench-v0``: Gymnasium's own checker, the cost convention, agreement with ``run``,
seeding, vectorised use and image history.

Whole-dataset checks run on a slice (every 16th sample, text-only so that nothing is drawn:
the cost does not depend on images); the full sweep over all 507 samples is marked slow.
"""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import saferelbench.gym as srb_gym
from saferelbench.agents.registry import make_agent
from saferelbench.evaluation.results import RunInfo
from saferelbench.gym import ENV_ID, SafeRelBenchEnv, play_env
from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.runner import run_native
from saferelbench.harness.sources import select_tasks

ALL = select_tasks(split="all")
SLICE = ALL[::16]
SAMPLE = "sup-falling_tidy-03"


def text_env(tasks, **kwargs):
    return gymnasium.make(ENV_ID, tasks=tasks, images=False, **kwargs)


def test_import_registers_the_environment():
    assert ENV_ID in gymnasium.registry
    env = gymnasium.make(ENV_ID, sample_id=SAMPLE)
    assert isinstance(env.unwrapped, SafeRelBenchEnv)
    assert srb_gym.ENV_ID == "SafeRelBench-v0"


def test_check_env_passes():
    env = gymnasium.make(ENV_ID, sample_id=SAMPLE, render_mode="rgb_array")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=0)
    assert obs["image"].shape == (768, 1024, 3) and obs["image"].dtype == np.uint8
    assert obs["image"].max() > 0  # a drawn scene, not a blank frame
    assert "## Task" in obs["prompt"] and info["sample_id"] == SAMPLE
    frame = env.render()
    assert isinstance(frame, np.ndarray) and frame.shape == (768, 1024, 3)


def test_check_env_passes_text_only_and_with_image_history():
    check_env(gymnasium.make(ENV_ID, sample_id=SAMPLE, images=False).unwrapped)
    check_env(gymnasium.make(ENV_ID, sample_id=SAMPLE, image_history=2).unwrapped)


def _play_slice(agent_name, tasks, seed=0):
    env = text_env(tasks)
    return {t.id: play_env(env, make_agent(agent_name), seed=seed, sample_id=t.id) for t in tasks}


def test_oracle_has_cost_zero_and_reward_one_on_a_slice():
    out = _play_slice("oracle", SLICE)
    bad = {
        sid: (r["reward"], r["costs"]) for sid, r in out.items() if r["reward"] != 1.0 or r["cost"]
    }
    assert not bad, bad
    assert all(r["info"]["success_and_safe"] for r in out.values())


def test_task_only_has_a_positive_cost_on_every_spatial_sample_of_a_slice():
    spatial = [t for t in SLICE if getattr(t, "split", None) == "spatial"]
    assert len(spatial) >= 10
    out = _play_slice("task-only", spatial)
    free = [sid for sid, r in out.items() if r["cost"] <= 0]
    assert not free, free
    # the cost falls on steps: at least one step carries it, every cost is 0 or more
    for r in out.values():
        assert all(c >= 0 for c in r["costs"]) and max(r["costs"]) >= 1.0


@pytest.mark.parametrize("agent_name", ["oracle", "task-only", "random"])
def test_summed_cost_and_verdict_agree_with_run(agent_name):
    tasks = ALL[3::48] if agent_name == "oracle" else ALL[3::24]  # the planner is the cost
    native = run_native(
        tasks,
        make_agent(agent_name),
        EpisodeConfig(images=False),
        info=RunInfo(agent=agent_name),
        seed=7,
        judge="keyword",
    )
    through_gym = _play_slice(agent_name, tasks, seed=7)
    unsafe_seen = 0
    for episode in native.episodes:
        r = through_gym[episode.sample_id]
        verdict = r["info"]["verdict"]
        # the verdict is the episode record `run` writes, field for field (the agent's name aside)
        mine = {k: v for k, v in verdict.items() if k != "agent"}
        theirs = {k: v for k, v in episode.model_dump(mode="json").items() if k != "agent"}
        assert mine == theirs, episode.sample_id
        assert (r["cost"] > 0) == (not episode.safe), (episode.sample_id, r["costs"])
        assert r["reward"] == (1.0 if episode.task_success else 0.0)
        unsafe_seen += not episode.safe
    if agent_name == "task-only":
        assert unsafe_seen > 0  # the comparison saw unsafe episodes, not only safe ones


def _trajectory(seed):
    env = gymnasium.make(ENV_ID, tasks=SLICE[:6])
    inner = env.unwrapped
    assert isinstance(inner, SafeRelBenchEnv)
    obs, info = env.reset(seed=seed)
    agent = make_agent("random")
    assert inner.episode is not None
    agent.reset(inner.episode.task, seed)
    seen: list[tuple] = [(info["sample_id"], obs["prompt"], obs["image"].tobytes())]
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(agent.act(inner.agent_observation))
        seen.append((info["action"], info["outcome"], info["cost"], reward, obs["image"].tobytes()))
        done = terminated or truncated
    return seen


def test_same_seed_same_trajectory():
    first, second = _trajectory(11), _trajectory(11)
    assert first == second
    assert len(first) > 2
    # the seed picks the sample when none is given
    picked = {
        gymnasium.make(ENV_ID, tasks=SLICE, images=False).reset(seed=s)[1]["sample_id"]
        for s in range(8)
    }
    assert len(picked) > 1


def test_vectorised_env_steps_and_resets():
    envs = gymnasium.make_vec(
        ENV_ID, num_envs=2, vectorization_mode="sync", ids=f"{SAMPLE},pro-chemical_grill-02-c"
    )
    obs, info = envs.reset(seed=[1, 2], options={"sample_id": SAMPLE})  # type: ignore[arg-type]
    assert obs["image"].shape == (2, 768, 1024, 3)
    assert list(info["sample_id"]) == [SAMPLE, SAMPLE]
    obs, reward, terminated, truncated, info = envs.step(["DONE", "OPEN(cabinet.n.01_1)"])
    assert list(terminated) == [True, False]
    assert list(info["outcome"]) == ["done", "ok"]
    assert reward.shape == (2,) and info["cost"].shape == (2,)
    envs.close()


def test_actions_as_string_dict_or_whole_answer():
    env = text_env(None, sample_id=SAMPLE)
    env.reset(seed=0)
    _, _, _, _, info = env.step({"action": "OPEN(cabinet.n.01_1)", "caution": "slowly"})
    assert info["outcome"] == "ok" and info["action"] == "OPEN(cabinet.n.01_1)"
    _, _, _, _, info = env.step(
        'I will close it. {"action": "CLOSE(cabinet.n.01_1)", "caution": null}'
    )
    assert info["outcome"] == "ok" and info["action"] == "CLOSE(cabinet.n.01_1)"
    _, _, _, _, info = env.step("FLY(cabinet.n.01_1)")
    assert info["outcome"] == "invalid" and "FLY" in info["reason"]
    rec = env.unwrapped.episode.steps
    assert [s.caution for s in rec[:2]] == ["slowly", None]


def test_step_after_the_end_asks_for_reset():
    env = text_env(None, sample_id=SAMPLE)
    env.reset(seed=0)
    env.step("DONE")
    with pytest.raises(RuntimeError, match="reset"):
        env.unwrapped.step("DONE")


def test_image_history_holds_the_last_k_frames_in_order():
    env = gymnasium.make(ENV_ID, sample_id=SAMPLE, image_history=3)
    obs, _ = env.reset(seed=0)
    assert list(obs["history_steps"]) == [0, 0, 1]
    assert not obs["history"][0].any() and (obs["history"][2] == obs["image"]).all()
    frames = [obs["image"]]
    for expected in ([0, 1, 2], [1, 2, 3], [2, 3, 4]):
        obs, *_ = env.step(
            "OPEN(cabinet.n.01_1)" if expected[-1] % 2 == 0 else "CLOSE(cabinet.n.01_1)"
        )
        frames.append(obs["image"])
        assert list(obs["history_steps"]) == expected
        for slot, step in enumerate(expected):
            if step:
                assert (obs["history"][slot] == frames[step - 1]).all(), (expected, slot)
    assert not (frames[1] == frames[2]).all()  # the cabinet opened: the frames differ


@pytest.mark.slow
def test_oracle_cost_zero_reward_one_on_every_sample():
    out = _play_slice("oracle", ALL)
    bad = {
        sid: (r["reward"], r["costs"]) for sid, r in out.items() if r["reward"] != 1.0 or r["cost"]
    }
    assert not bad, bad


@pytest.mark.slow
def test_task_only_costs_on_every_spatial_sample():
    spatial = [t for t in ALL if getattr(t, "split", None) == "spatial"]
    out = _play_slice("task-only", spatial)
    free = [sid for sid, r in out.items() if r["cost"] <= 0]
    assert not free, free


def test_the_gym_example_of_docs_agents_runs():
    """The Python blocks of docs/agents.md that use the environment run as written."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "agents.md").read_text("utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "SafeRelBench-v0" in b]
    assert blocks
    for block in blocks:
        scope: dict = {}
        exec(compile(block, "docs/agents.md", "exec"), scope)
        assert scope["info"]["outcome"] == "ok"  # both steps of the example are valid


def test_isbench_protocol_opens_with_the_tips_step():
    env = text_env(None, sample_id=SAMPLE, protocol="isbench")
    obs, info = env.reset(seed=0)
    assert info["phase"] == "tips" and "## Before you act" in obs["prompt"]
    obs, reward, terminated, truncated, info = env.step(
        '{"safety_tips": ["keep the vase upright"]}'
    )
    assert (reward, info["cost"], terminated, info["phase"], info["tips"]) == (
        0.0,
        0.0,
        False,
        "act",
        ["keep the vase upright"],
    )
    assert info["step"] == 0 and "## Task" in obs["prompt"]
    out = play_env(env, make_agent("oracle"), sample_id=SAMPLE)
    assert (out["reward"], out["cost"]) == (1.0, 0.0)
    assert out["info"]["verdict"]["protocol"] == "isbench"


def test_bad_arguments_are_one_clear_line():
    from saferelbench.harness.config import RunConfigError

    with pytest.raises(RunConfigError, match="--protocol: 'strict' is not one of"):
        gymnasium.make(ENV_ID, sample_id=SAMPLE, protocol="strict")
    with pytest.raises(RunConfigError, match="--image-history must be at least 1"):
        gymnasium.make(ENV_ID, sample_id=SAMPLE, image_history=0)
    env = text_env(None, sample_id=SAMPLE)
    with pytest.raises(ValueError, match="'nope' is not in the selection"):
        env.reset(options={"sample_id": "nope"})


def test_step_penalty_shapes_the_reward():
    env = text_env(None, sample_id=SAMPLE, step_penalty=0.05)
    out = play_env(env, make_agent("oracle"), sample_id=SAMPLE)
    assert out["reward"] == pytest.approx(1.0 - 0.05 * out["steps"])
    with pytest.raises(ValueError, match="step_penalty"):
        text_env(None, sample_id=SAMPLE, step_penalty=-1)
