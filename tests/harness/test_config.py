"""One run configuration for the CLI, the Inspect task and the episode loop."""

from __future__ import annotations

import inspect

import pytest

from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.prompts import PromptVariant


def test_prompt_names_are_accepted_both_ways_and_recorded_one_way() -> None:
    for name in ("risk-aware", "risk_aware", "Risk-Aware"):
        assert RunConfig.build(prompt=name).variant == "risk_aware"


def test_bad_values_name_the_option() -> None:
    with pytest.raises(RunConfigError, match="--limit must be at least 1, got 0"):
        RunConfig.build(limit=0)
    with pytest.raises(RunConfigError, match="--max-invalid must be at least 1"):
        RunConfig.build(max_invalid=0)
    with pytest.raises(RunConfigError, match="--prompt"):
        RunConfig.build(prompt="careful")


def test_ids_from_text_or_list() -> None:
    assert RunConfig.build(ids="a, b,,c").ids == ("a", "b", "c")
    assert RunConfig.build(ids=["a"]).ids == ("a",)
    assert RunConfig.build(ids="").ids is None


def test_json_round_trip_and_episode_part() -> None:
    config = RunConfig.build(prompt="action-grounded", step_limit=5, seed=3, report_failures=True)
    again = RunConfig.from_json(config.to_json())
    assert again == config
    episode = config.episode()
    assert type(episode) is EpisodeConfig and episode.step_limit == 5
    assert (
        episode.prompt.variant is PromptVariant.ACTION_GROUNDED and episode.prompt.report_failures
    )


def test_the_inspect_task_defaults_are_the_run_config_defaults() -> None:
    pytest.importorskip("inspect_ai")
    from saferelbench.inspect_adapter.task import saferelbench

    params = inspect.signature(saferelbench).parameters
    defaults = RunConfig().task_args()
    for name, value in defaults.items():
        assert name in params, name
        assert params[name].default == value, name


def test_the_run_command_defaults_are_the_run_config_defaults() -> None:
    from saferelbench.cli.run_cmd import run

    params = inspect.signature(run).parameters
    defaults = RunConfig()
    for name in ("split", "relation", "risk", "limit", "ids", "seed", "step_limit", "max_invalid"):
        assert params[name].default == getattr(defaults, name), name
    assert params["prompt"].default == defaults.variant
    assert params["temperature"].default == defaults.temperature
    assert params["images"].default is defaults.images
