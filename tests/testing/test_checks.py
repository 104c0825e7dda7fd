"""The extension checkers (:mod:`saferelbench.testing.checks`): each passes on every
registered item and fails, naming the item and the defect, on a deliberately broken toy."""

from __future__ import annotations

import dataclasses
import gc
import random
import warnings
from typing import Any

import gymnasium
import pytest

from saferelbench.dataset.templates import BY_NAME, TEMPLATES, SceneTemplate
from saferelbench.gym import SafeRelBenchEnv
from saferelbench.render import items, kinds
from saferelbench.testing import checks
from saferelbench.testing.checks import (
    ExtensionError,
    check_action_spec,
    check_all,
    check_env,
    check_kind,
    check_rule,
    check_template,
    probe_episodes,
    registered_kinds,
)
from saferelbench.testing.tasks import make_task
from saferelbench.world.action_specs import REGISTRY, ActionSpec, Param, Precondition
from saferelbench.world.hazards import RULES, RULES_BY_NAME, Rule


def _problems(check: Any, item: Any, **kwargs: Any) -> str:
    with pytest.raises(ExtensionError) as caught:
        check(item, **kwargs)
    return str(caught.value)


# ----- every registered item passes ---------------------------------------------------------
@pytest.mark.parametrize("name", list(REGISTRY), ids=str)
def test_every_action_spec_is_complete(name: str) -> None:
    check_action_spec(name)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_every_hazard_rule_is_complete(rule: Rule) -> None:
    check_rule(rule)


@pytest.mark.parametrize("kind", registered_kinds(), ids=str)
def test_every_object_kind_is_complete(kind: str) -> None:
    check_kind(kind)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.name)
def test_every_scene_template_is_complete(template: SceneTemplate) -> None:
    check_template(template)


@pytest.mark.parametrize("kwargs", [{}, {"images": False}, {"image_history": 2}], ids=str)
def test_the_environment_passes_check_env(kwargs: dict[str, Any]) -> None:
    check_env(**kwargs)


def test_check_all_names_each_failing_item_and_nothing_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str] = []
    assert check_all(lambda item, problem: seen.append(item), only=["rules"]) == {}
    assert seen == [f"rule {r.name}" for r in RULES]
    candle = dataclasses.replace(kinds.KINDS["candle"], painter=lambda p, b, st: None)
    monkeypatch.setitem(kinds.KINDS, "candle", candle)
    failures = check_all(only=["kinds"])
    assert list(failures) == ["kind candle"] and "draws nothing" in failures["kind candle"][0]


def test_the_probe_scenes_play_the_utility_rooms_plan_whole() -> None:
    """The probe the action checker relies on for cleaning, liquids and cutting: every step of
    its plan succeeds (a step that stopped succeeding would silently weaken the checker)."""
    utility = probe_episodes()[0]
    assert list(utility.actions) == [a for a in checks._UTILITY_PLAN if a != "DONE"]
    assert len(probe_episodes()) > 20


# ----- actions ----------------------------------------------------------------------------------
def _toy_action(**changes: Any) -> ActionSpec:
    return dataclasses.replace(REGISTRY["TOGGLE_ON"], **changes)


def test_an_unregistered_action_with_a_bad_message_fails() -> None:
    pre = Precondition("Not Snake", "{target} is out of reach", lambda sc, st, b: True)
    toy = _toy_action(
        name="SHAKE",
        description="shake it\nhard",
        params=(Param("obj", ""), Param("obj", "again")),
        preconditions=(pre,),
        moves="thing",
    )
    text = _problems(check_action_spec, toy)
    assert text.startswith("action SHAKE:")
    for defect in (
        "not registered",
        "ActionName",
        "description must be one",
        "parameter names repeat",
        "has no role",
        "moves names 'thing'",
        "'Not Snake' is not snake_case",
        "message names ['target']",
    ):
        assert defect in text, (defect, text)
    assert "SHAKE" in _problems(check_action_spec, "SHAKE")


def test_a_registered_action_whose_effect_breaks_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def effect(scene: Any, state: Any, b: Any) -> Any:
        raise KeyError(b["obj"])

    monkeypatch.setitem(REGISTRY, "TOGGLE_ON", _toy_action(effect=effect))
    assert "its effect raised KeyError" in _problems(check_action_spec, "TOGGLE_ON")

    def flaky(scene: Any, state: Any, b: Any) -> Any:
        return state.with_flag("toggled_on", b["obj"], random.random() < 0.5)

    monkeypatch.setitem(REGISTRY, "TOGGLE_ON", _toy_action(effect=flaky))
    assert "not deterministic" in _problems(check_action_spec, "TOGGLE_ON")


def test_an_action_that_never_succeeds_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    never = Precondition("never", "{obj} never works", lambda sc, st, b: False)
    toy = _toy_action(preconditions=(*REGISTRY["TOGGLE_ON"].preconditions, never))
    monkeypatch.setitem(REGISTRY, "TOGGLE_ON", toy)
    assert "succeeds" in _problems(check_action_spec, "TOGGLE_ON")


# ----- hazard rules -----------------------------------------------------------------------------
def _toy_rule(check: Any, **changes: Any) -> Rule:
    return dataclasses.replace(RULES_BY_NAME["heat_fire"], name="toy_rule", check=check, **changes)


def test_an_unregistered_rule_outside_the_vocabulary_fails() -> None:
    toy = _toy_rule(
        lambda ctx: None,
        relation="gravity",
        risk="bad_luck",
        kinds=("explosion",),
        summary="",
        source=" ",
    )
    text = _problems(check_rule, toy)
    assert text.startswith("rule toy_rule:")
    for defect in (
        "not registered",
        "relation 'gravity'",
        "risk 'bad_luck'",
        "kind 'explosion'",
        "summary",
        "source is empty",
        "no docstring",
    ):
        assert defect in text, (defect, text)
    assert "not registered" in _problems(check_rule, "no_such_rule")


def test_a_registered_rule_that_emits_an_undeclared_kind_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def emits_fall(ctx: Any) -> None:
        """Says everything falls."""
        ctx.emit("fall", [], "everything falls")

    toy = _toy_rule(emits_fall, kinds=("fire",))
    monkeypatch.setitem(RULES_BY_NAME, "toy_rule", toy)
    assert "raised RuleError" in _problems(check_rule, "toy_rule")


def test_a_rule_that_misses_its_witness_or_fires_on_a_careful_plan_fails() -> None:
    task = make_task(
        ["paper_towel.n.01_1", "saucepan.n.01_1"],
        [
            "(ontop paper_towel.n.01_1 countertop.n.01_1)",
            "(ontop saucepan.n.01_1 countertop.n.01_1)",
        ],
        fixtures=["floor.n.01_1", "countertop.n.01_1", "stove.n.01_1"],
        abilities={"stove.n.01_1": ["toggleable"]},
    )
    on = ["TOGGLE_ON(stove.n.01_1)", "TOGGLE_OFF(stove.n.01_1)"]
    careless = ["PLACE_ON_TOP(paper_towel.n.01_1, stove.n.01_1)", *on]
    careful = ["PLACE_ON_TOP(saucepan.n.01_1, stove.n.01_1)", *on]
    check_rule("heat_fire", fires_on=[(task, careless)], quiet_on=[(task, careful)])
    assert "did not fire on the careless plan" in _problems(
        check_rule, "heat_fire", fires_on=[(task, careful)]
    )
    assert "fired on the careful plan" in _problems(
        check_rule, "heat_fire", quiet_on=[(task, careless)]
    )
    assert "does not play" in _problems(
        check_rule, "heat_fire", fires_on=[(task, ["OPEN(saucepan.n.01_1)"])]
    )


# ----- scene templates --------------------------------------------------------------------------
def _toy_template(**changes: Any) -> SceneTemplate:
    return dataclasses.replace(TEMPLATES[0], **{"name": "toy_template", **changes})


def test_an_unregistered_template_outside_the_composition_fails() -> None:
    text = _problems(check_template, _toy_template(risk="tipping_over"))
    assert text.startswith("template toy_template:")
    assert "not registered" in text and "no group of pipeline.COMPOSITION" in text
    assert "not registered" in _problems(check_template, "toy_template")


def test_a_template_that_ignores_its_seed_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    fixed = TEMPLATES[0].choose(random.Random(1))
    toy = _toy_template(choose=lambda rng: fixed)
    monkeypatch.setitem(BY_NAME, "toy_template", toy)
    assert "drew the same scene" in _problems(check_template, "toy_template")


def test_a_nondeterministic_template_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    original = TEMPLATES[0]
    toy = _toy_template(choose=lambda rng: original.choose(random.Random()))
    monkeypatch.setitem(BY_NAME, "toy_template", toy)
    assert "not deterministic" in _problems(check_template, "toy_template")


def test_a_template_whose_annotation_is_lost_fails_validation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = TEMPLATES[0]
    assert isinstance(original, SceneTemplate)

    def build(choices: Any) -> Any:
        draft = original.build(choices)
        draft.conditions = []  # the precaution is no longer annotated
        return draft

    toy = _toy_template(build=build)
    monkeypatch.setitem(BY_NAME, "toy_template", toy)
    assert "validation:" in _problems(check_template, "toy_template")


def test_a_template_with_a_thing_the_renderer_cannot_draw_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = TEMPLATES[0]
    assert isinstance(original, SceneTemplate)

    def build(choices: Any) -> Any:
        draft = original.build(choices)
        # a thing no catalog keyword or world attribute says what it is, on the floor
        draft.on(draft.obj("brass.n.02"), draft.fixture("floor.n.01"))
        return draft

    monkeypatch.setitem(BY_NAME, "toy_template", _toy_template(build=build))
    text = _problems(check_template, "toy_template")
    assert "brass is drawn as the generic block" in text, text


# ----- object kinds -----------------------------------------------------------------------------
def test_an_unknown_kind_fails() -> None:
    text = _problems(check_kind, "hovercraft")
    assert "no catalog row" in text and "no painter" in text


def test_a_kind_without_its_painter_or_drawing_nothing_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cup = kinds.KINDS["cup"]
    no_painter = dataclasses.replace(cup, painter=None)  # type: ignore[arg-type]  # a broken record
    monkeypatch.setitem(kinds.KINDS, "cup", no_painter)
    assert "no painter" in _problems(check_kind, "cup")
    monkeypatch.setitem(kinds.KINDS, "cup", dataclasses.replace(cup, painter=items.block))
    assert "generic block" in _problems(check_kind, "cup")
    monkeypatch.setitem(kinds.KINDS, "cup", dataclasses.replace(cup, painter=lambda p, b, st: None))
    assert "draws nothing" in _problems(check_kind, "cup")


# ----- the environment --------------------------------------------------------------------------
class _NoCost(SafeRelBenchEnv):
    """Forgets the cost channel."""

    def step(self, action: Any) -> Any:
        obs, reward, terminated, truncated, info = super().step(action)
        info.pop("cost", None)
        return obs, reward, terminated, truncated, info


class _WrongObservation(SafeRelBenchEnv):
    """Returns an observation outside its observation space."""

    def reset(self, *, seed: int | None = None, options: Any = None) -> Any:
        obs, info = super().reset(seed=seed, options=options)
        return {**obs, "prompt": 42}, info


@pytest.mark.parametrize(
    ("env_class", "defect"),
    [(_NoCost, "info['cost']"), (_WrongObservation, "check_env")],
    ids=["no-cost", "wrong-observation"],
)
def test_a_broken_environment_fails(env_class: type[SafeRelBenchEnv], defect: str) -> None:
    text = _problems(check_env, env_class(images=False))
    assert text.startswith(f"env {env_class.__name__}:") and defect in text, text


def test_an_unregistered_environment_id_fails() -> None:
    assert "cannot be made" in _problems(check_env, "NoSuchEnv-v0")
    assert gymnasium.registry  # the real one is registered (by saferelbench.gym)


class _Leaky:
    """Garbage of another component: an unclosed resource that warns when collected."""

    def __init__(self) -> None:
        self.cycle = self  # only the cyclic garbage collector frees it

    def __del__(self) -> None:
        warnings.warn("Unclosed stream of another component", ResourceWarning, stacklevel=1)


class _CollectsGarbageOnReset(SafeRelBenchEnv):
    """A sound environment during whose reset the garbage collector happens to run."""

    def reset(self, *, seed: int | None = None, options: Any = None) -> Any:
        _Leaky()
        gc.collect(0)  # the young generation, as most collections are: a full one walks the
        # whole heap of the test process (seconds per reset in a worker holding the sweeps)
        return super().reset(seed=seed, options=options)


def test_garbage_collected_while_the_checker_runs_is_not_the_environments_problem() -> None:
    check_env(_CollectsGarbageOnReset(images=False))  # the ResourceWarning is not charged
