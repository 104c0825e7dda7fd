"""The cost and usage ledger of a run: what the model calls consumed, as the provider reported
it, and what that cost at the user's prices.

Every step of a ``--model`` run records its call's usage (``StepRecord.usage``: input, output
and total tokens as the provider reports them, and the number of images sent); the ledger
adds them up over the episodes of a run directory. Prices come from a small table the user
writes (TOML or JSON), in currency units per **million** tokens and per image::

    # prices.toml
    currency = "USD"
    [models."openai/gpt-4o"]
    input = 2.50
    output = 10.00
    [models."openai-api/local/*"]      # shell-style patterns are allowed
    input = 0
    output = 0

A budget (``max_cost`` in the table's currency, ``token_budget`` in total tokens) stops a run
before it starts another sample once the recorded episodes have spent it (see
``inspect_adapter.solver``); episodes in flight finish, so a run can overshoot by at most the
episodes running at that moment.
"""

from __future__ import annotations

import fnmatch
import json
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saferelbench.evaluation.results import EpisodeResult
from saferelbench.world.errors import InputError

#: Usage counters the ledger adds up (what the solver records per call).
COUNTERS = ("calls", "input_tokens", "output_tokens", "total_tokens", "images")

#: Marker of the sample error a budget stop raises (such samples stay unrecorded: resumable).
BUDGET_MARKER = "saferelbench budget reached"


class PriceError(InputError):
    """A price table that cannot be read (the message names the file and the field)."""


@dataclass(frozen=True)
class Price:
    """Prices per million input / output tokens and per image."""

    input: float = 0.0
    output: float = 0.0
    image: float = 0.0

    def cost(self, usage: dict[str, int]) -> float:
        return (
            usage.get("input_tokens", 0) * self.input / 1e6
            + usage.get("output_tokens", 0) * self.output / 1e6
            + usage.get("images", 0) * self.image
        )


@dataclass(frozen=True)
class PriceTable:
    currency: str = "USD"
    models: dict[str, Price] = field(default_factory=dict)
    source: str = ""

    def price_of(self, model: str) -> Price | None:
        """The price of ``model``: an exact entry, else the first matching pattern."""
        if model in self.models:
            return self.models[model]
        for pattern, price in self.models.items():
            if fnmatch.fnmatchcase(model, pattern):
                return price
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "currency": self.currency,
            "source": self.source,
            "models": {k: vars(v) for k, v in self.models.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> PriceTable | None:
        if not data:
            return None
        return cls(
            currency=str(data.get("currency", "USD")),
            models={k: Price(**v) for k, v in (data.get("models") or {}).items()},
            source=str(data.get("source", "")),
        )


def load_prices(path: str | Path) -> PriceTable:
    """Read a price table (``.toml``, else JSON); errors name the file and the field."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise PriceError(f"{p}: cannot read the price table: {exc.strerror or exc}") from None
    try:
        data: Any = tomllib.loads(text) if p.suffix.lower() == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise PriceError(
            f"{p}: not valid {'TOML' if p.suffix == '.toml' else 'JSON'}: {exc}"
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        raise PriceError(f"{p}: expected a table 'models' of model name -> prices")
    models: dict[str, Price] = {}
    for name, entry in data["models"].items():
        if not isinstance(entry, dict):
            raise PriceError(f"{p}: models.{name}: expected a table with input/output/image")
        unknown = set(entry) - {"input", "output", "image"}
        if unknown:
            raise PriceError(f"{p}: models.{name}: unknown field(s) {', '.join(sorted(unknown))}")
        values: dict[str, float] = {}
        for key, value in entry.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise PriceError(f"{p}: models.{name}.{key}: expected a number >= 0, got {value!r}")
            values[key] = float(value)
        models[str(name)] = Price(**values)
    return PriceTable(currency=str(data.get("currency", "USD")), models=models, source=str(p))


def usage_totals(episodes: Iterable[EpisodeResult]) -> tuple[int, dict[str, int]]:
    """Number of episodes and the summed usage counters."""
    n = 0
    totals = dict.fromkeys(COUNTERS, 0)
    for episode in episodes:
        n += 1
        for key in COUNTERS:
            totals[key] += int(episode.usage.get(key, 0))
    return n, totals


def ledger(
    episodes: Iterable[EpisodeResult], model: str | None = None, prices: PriceTable | None = None
) -> dict[str, Any]:
    """Totals, per-sample means and (with a price for ``model``) the estimated cost."""
    n, totals = usage_totals(episodes)
    out: dict[str, Any] = {
        "totals": totals,
        "per_sample": {k: (round(v / n, 2) if n else None) for k, v in totals.items()},
        "cost": None,
    }
    price = prices.price_of(model) if (prices is not None and model) else None
    if prices is not None and price is not None:
        total = price.cost(totals)
        out["cost"] = {
            "currency": prices.currency,
            "total": round(total, 6),
            "per_sample": round(total / n, 6) if n else None,
            "price": vars(price),
        }
    return out


@dataclass(frozen=True)
class Budget:
    """Stop starting samples once the run has spent ``max_cost`` or ``token_budget``."""

    max_cost: float | None = None
    token_budget: int | None = None

    def __bool__(self) -> bool:
        return self.max_cost is not None or self.token_budget is not None

    def exceeded(self, totals: dict[str, int], price: Price | None) -> str | None:
        """Why the budget is spent, or None."""
        if self.token_budget is not None:
            used = totals.get("total_tokens", 0) or (
                totals.get("input_tokens", 0) + totals.get("output_tokens", 0)
            )
            if used >= self.token_budget:
                return f"{BUDGET_MARKER}: {used} tokens used, budget {self.token_budget}"
        if self.max_cost is not None and price is not None:
            spent = price.cost(totals)
            if spent >= self.max_cost:
                return f"{BUDGET_MARKER}: cost {spent:.4f} spent, budget {self.max_cost}"
        return None


class UsageTail:
    """Running usage totals of an ``episodes.jsonl`` that other processes append to: each call
    reads only the complete lines added since the last one (first record per sample)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.offset = 0
        self.seen: set[str] = set()
        self.totals = dict.fromkeys(COUNTERS, 0)

    def read(self) -> dict[str, int]:
        try:
            with self.path.open("rb") as f:
                if f.seek(0, 2) < self.offset:  # rewritten (retry_errors): start over
                    self.__init__(self.path)  # type: ignore[misc]
                f.seek(self.offset)
                data = f.read()
        except FileNotFoundError:
            return dict(self.totals)
        end = data.rfind(b"\n") + 1  # a line still being written waits for the next call
        for line in data[:end].splitlines():
            try:
                record = json.loads(line)
                sample = str(record["sample_id"])
            except (ValueError, KeyError, TypeError):
                continue
            if sample in self.seen:
                continue
            self.seen.add(sample)
            for key in COUNTERS:
                self.totals[key] += int((record.get("usage") or {}).get(key, 0))
        self.offset += end
        return dict(self.totals)
