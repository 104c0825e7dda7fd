"""What ``saferelbench run`` says about a run besides its table: the invalid answers and errors
by kind after every run, the fail-fast checks of a ``--model`` run (the server reachable
before the first call; the first samples gave some readable answer), ``--dry-run``, and the
exit codes.

Exit codes of ``run`` (docs/harness.md):

- 0: the run is complete and measured the agent (some answer named a valid action);
- 1: the run is incomplete (a spent budget, a dead worker): ``--resume`` continues it;
- 2: nothing ran: a bad option or input, an unwritable path, an unreachable model server, a
  model that could not start;
- 3: the run did not measure the agent: every call failed or no answer could be read (after
  the first samples, unless ``--no-fail-fast``; or at the end of the run);
- 130: interrupted (Ctrl-C).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from saferelbench.harness.diagnosis import Diagnosis, diagnose, short
from saferelbench.harness.rundir import RunDir
from saferelbench.harness.runner import RunOutcome

EXIT_OK = 0
EXIT_INCOMPLETE = 1
EXIT_USAGE = 2
EXIT_NOT_MEASURED = 3
EXIT_INTERRUPTED = 130

#: Samples run first, alone, by a ``--model`` run: if none of their answers can be read, the
#: run stops there (fail fast) instead of paying for the rest.
PROBE_SAMPLES = 2


def diagnosis_lines(diag: Diagnosis) -> list[str]:
    """Invalid answers and errors by kind, most frequent first, each with its first
    occurrence (the raw answer as written, or the error)."""
    lines = [
        f"answers: {diag.readable} read, {diag.invalid_count} invalid of {diag.answers}; "
        f"{diag.error_count} of {diag.episodes} episode(s) ended in an error"
    ]
    for what, kinds in (("invalid", diag.invalid), ("error", diag.errors)):
        for k in kinds:
            lines.append(f"  {what} x{k.count} ({len(k.episodes)} episode(s)): {k.kind}")
            where = k.sample_id + (f" step {k.step}" if k.step is not None else "")
            first = short(k.raw) if k.raw is not None else k.reason
            lines.append(f"      first: {where}: {first}")
    return lines


def report_diagnosis(console: Console, episodes: Sequence[Any]) -> Diagnosis:
    """Print the invalid answers and errors of ``episodes`` (nothing when there are none)."""
    diag = diagnose(episodes)
    if not diag.clean:
        for line in diagnosis_lines(diag):
            console.print(line, highlight=False, markup=False, soft_wrap=True)
    return diag


def not_measured(console: Console, diag: Diagnosis, run_path: Path, where: str) -> typer.Exit:
    """The one error line of a run that measured nothing, and its exit code."""
    console.print(
        f"[red]error:[/red] {where} measured nothing: {diag.headline()}. "
        f"The episodes are in {run_path}; fix the model, server or prompt and run again "
        f"(--resume --out {run_path} continues; --no-fail-fast runs every sample regardless)",
        highlight=False,
        soft_wrap=True,
    )
    return typer.Exit(code=EXIT_NOT_MEASURED)


def probe_then_rest(
    run: Callable[[list[Any], bool, bool], RunOutcome],
    tasks: Sequence[Any],
    run_dir: RunDir,
    resume: bool,
    retry_errors: bool,
    on_failure: Callable[[Diagnosis], typer.Exit],
) -> RunOutcome:
    """Run the first :data:`PROBE_SAMPLES` samples still to do; when no answer of theirs could
    be read, and every answer was unreadable or the model could not be reached
    (:attr:`Diagnosis.hopeless`), ``on_failure``; else the rest, as a resume of the same run
    directory.
    ``run(tasks, resume, retry_errors)`` runs a selection."""
    done: set[str] = set()
    if resume and run_dir.episodes_path.exists():
        done = {
            e.sample_id
            for e in run_dir.read_episodes()
            if not (retry_errors and e.ended_by == "error")
        }
    todo = [t for t in tasks if t.id not in done]
    if len(todo) <= PROBE_SAMPLES:
        return run(list(tasks), resume, retry_errors)
    probe = todo[:PROBE_SAMPLES]
    first = run(probe, resume, retry_errors)
    if first.extra.get("interrupted") or first.extra.get("not_run"):
        return first
    probe_ids = {t.id for t in probe}
    diag = diagnose(e for e in first.episodes if e.sample_id in probe_ids)
    if diag.hopeless:
        raise on_failure(diag)
    rest = run(list(tasks), True, False)
    return RunOutcome(
        episodes=rest.episodes,
        summary=rest.summary,
        ran=first.ran + rest.ran,
        skipped=len(tasks) - len(todo),
        seconds=first.seconds + rest.seconds,
        info=rest.info,
        extra={
            **rest.extra,
            "logs": list(first.extra.get("logs") or []) + list(rest.extra.get("logs") or []),
        },
    )


def dry_run(console: Console, tasks: Sequence[Any], config: Any, out: Path) -> None:
    """Print the first prompt of the first task as the agent would get it and write its image
    to ``OUT/dry-run/``; no agent or model is called, no episode recorded."""
    from saferelbench.harness.episode import Episode

    task = tasks[0]
    episode = Episode(task, config.episode(), agent_name="dry-run", seed=config.seed)
    prompt = episode.prompt()
    console.rule(f"system ({task.id})")
    console.print(prompt.system, markup=False, highlight=False)
    console.rule(f"user, step 1 ({episode.phase} phase)")
    console.print(prompt.user, markup=False, highlight=False)
    console.rule()
    png = episode.image()
    if png is None:
        console.print("no image (--no-images): the prompt is text only", highlight=False)
    else:
        image = out / "dry-run" / f"{task.id}_step_001.png"
        image.parent.mkdir(parents=True, exist_ok=True)
        image.write_bytes(png)
        console.print(
            f"image: {image} ({len(png):,} bytes, what the agent sees with this prompt)",
            highlight=False,
        )
    console.print(
        f"dry run: {len(tasks)} sample(s) selected; nothing was sent to a model", highlight=False
    )
