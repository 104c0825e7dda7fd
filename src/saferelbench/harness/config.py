"""One run configuration, shared by ``saferelbench run``, the Inspect ``@task`` and the episode
loop: which samples (split, relation, risk, ids, limit), how each episode runs (the
:class:`~saferelbench.harness.episode.EpisodeConfig` fields it extends), the seed, the judge and
the sampling temperature. Each option is declared here once, with its default, its help text
and its check: the options of ``saferelbench run`` and the Inspect task's arguments are made
from these fields (:mod:`saferelbench.harness.options`), and ``run.json`` records the
configuration as :meth:`RunConfig.to_json` writes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, field_validator

from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.options import Option, parameters
from saferelbench.harness.prompts import PromptOptions, PromptVariant
from saferelbench.world.errors import InputError

#: ``keyword``: the offline judge; ``model``: a model bound to Inspect's role ``judge``;
#: ``auto``: a judge model if one is bound, else keywords; ``none``: no awareness judgement.
JudgeName = Literal["auto", "model", "keyword", "none"]
#: ``json``: the answer is a JSON text object (the paper's protocol); ``tools``: one typed tool
#: call per action (saferelbench.inspect_adapter.tools). Results of the two are never pooled.
ActionMode = Literal["json", "tools"]


class RunConfigError(InputError):
    """A run option with a bad value (the message names the option)."""


class RunConfig(EpisodeConfig):
    """Everything that defines a run apart from the agent or model (and where it is written)."""

    split: str = Field(
        default="all",
        description="all, spatial, control, isbench:DIR (IS-Bench-format tasks) or file:PATH.jsonl.",
    )
    relation: str | None = Field(default=None, description="supporting, containment or proximity.")
    risk: str | None = Field(default=None, description="Risk type key, e.g. fire.")
    ids: Annotated[
        tuple[str, ...] | None, Option(cli_type=str | None, task_type=str | list[str] | None)
    ] = Field(default=None, description="Comma-separated sample ids to run, in that order.")
    limit: int | None = Field(
        default=None, ge=1, description="Run only the first N selected samples."
    )
    seed: int = Field(default=0, description="Seed (random agent; model sampling where supported).")
    #: the command line names a judge model instead (``--judge MODEL`` sets ``model``)
    judge: Annotated[JudgeName, Option(cli=False)] = Field(
        default="auto", description="Awareness judge (auto: a judge model if bound, else keywords)."
    )
    temperature: float | None = Field(
        default=0.0, description="Model sampling temperature; None: the provider's default."
    )
    actions: ActionMode = Field(
        default="json",
        description="How a model answers: json (a JSON text object, the paper's protocol) or "
        "tools (one typed tool call per action).",
    )
    cache: str | None = Field(
        default=None,
        description="Inspect's model response cache: its expiry (30s, 10m, 12h, 3D, 1W; "
        "'never': no expiry); None: no cache.",
    )
    max_cost: float | None = Field(
        default=None, ge=0, description="Start no sample once the run has cost this much."
    )
    token_budget: int | None = Field(
        default=None, ge=1, description="Start no sample once the run has used this many tokens."
    )
    prices: Annotated[
        dict[str, Any] | None,
        Option(
            cli_type=Path | None,
            help="--model runs: price table (TOML or JSON, per million tokens) for the cost "
            "estimate and --max-cost.",
        ),
    ] = Field(default=None, description="The price table (harness.ledger.PriceTable as JSON).")
    save_frames: Annotated[bool, Option(flags=("--save-frames/--no-frames",))] = Field(
        default=True,
        description="Model runs with a record_dir: keep each observation PNG under "
        "RUN/images/ (False: the model still sees them; report redraws them).",
    )

    @field_validator("cache")
    @classmethod
    def _check_cache(cls, value: str | None) -> str | None:
        import re

        if value is None or value == "never" or re.fullmatch(r"\d+[smhDWMY]", value):
            return value
        raise ValueError("expected an expiry like 30s, 10m, 12h, 3D, 1W, 1M, 1Y or 'never'")

    @field_validator("split", mode="before")
    @classmethod
    def _all_by_default(cls, value: object) -> object:
        """``split=None`` (``-T split=null``) selects every sample, as the default does."""
        return "all" if value is None else value

    @field_validator("ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        """``"a,b,c"`` (as ``--ids`` and ``-T ids=`` give it) or a list of ids."""
        if isinstance(value, str):
            value = [part for part in value.split(",")]
        if isinstance(value, Sequence) and not isinstance(value, str):
            ids = tuple(str(v).strip() for v in value if str(v).strip())
            return ids or None
        return value

    @classmethod
    def build(cls, **options: Any) -> RunConfig:
        """A config from option values (``prompt`` may be a variant name like ``risk-aware``;
        ``report_failures`` and ``scene_text`` go into the prompt options); a bad value raises
        :class:`RunConfigError` naming the option as the command line spells it."""
        prompt = options.pop("prompt", PromptOptions())
        report_failures = options.pop("report_failures", None)
        scene_text = options.pop("scene_text", None)
        try:
            if not isinstance(prompt, PromptOptions):
                prompt = PromptOptions(PromptVariant.parse(str(prompt)))
            if report_failures is not None or scene_text is not None:
                prompt = PromptOptions(
                    prompt.variant,
                    prompt.report_failures if report_failures is None else bool(report_failures),
                    prompt.scene_text if scene_text is None else bool(scene_text),
                )
            return cls(prompt=prompt, **options)
        except ValidationError as exc:
            first = exc.errors()[0]
            if not first["loc"] and first["type"] == "value_error":  # a check across options
                message = str(first["msg"]).removeprefix("Value error, ")
                option, _, why = message.partition(": ")
                raise RunConfigError(f"--{option.replace('_', '-')}: {why}") from None
            name = "--" + str(first["loc"][0]).replace("_", "-") if first["loc"] else "option"
            got = first.get("input")
            if first["type"] == "greater_than_equal":
                bound = (first.get("ctx") or {}).get("ge")
                raise RunConfigError(f"{name} must be at least {bound}, got {got}") from None
            if first["type"] == "literal_error":
                valid = (first.get("ctx") or {}).get("expected", "")
                raise RunConfigError(f"{name}: {got!r} is not one of {valid}") from None
            raise RunConfigError(f"{name}: {first['msg']} (got {got!r})") from None
        except ValueError as exc:
            raise RunConfigError(f"--prompt: {exc}") from None

    @property
    def variant(self) -> str:
        """The prompt variant's name as recorded (``base``, ``risk_aware``, ``action_grounded``)."""
        return self.prompt.variant.value

    def episode(self) -> EpisodeConfig:
        """The episode part alone."""
        return EpisodeConfig(**{k: getattr(self, k) for k in EpisodeConfig.model_fields})

    def selection(self) -> dict[str, Any]:
        """The arguments of :func:`saferelbench.harness.sources.select_tasks`."""
        return {
            "split": self.split,
            "relation": self.relation,
            "risk": self.risk,
            "limit": self.limit,
            "ids": list(self.ids) if self.ids else None,
        }

    def options(self) -> dict[str, Any]:
        """Every option's value by its parameter name (the prompt options flattened), as
        :meth:`build` reads them back."""
        values = self.model_dump(mode="json")
        values.update(
            prompt=self.variant,
            report_failures=self.prompt.report_failures,
            scene_text=self.prompt.scene_text,
        )
        return values

    def task_args(self) -> dict[str, Any]:
        """The Inspect task's arguments (``-T`` names) for this configuration."""
        values = self.options()
        return {p.name: values[p.name] for p in parameters(type(self)) if p.task}

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that :meth:`from_json` reads back (solver and scorer arguments)."""
        return self.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunConfig:
        return cls.model_validate(data)
