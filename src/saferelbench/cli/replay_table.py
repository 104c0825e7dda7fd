"""What ``saferelbench replay`` prints for one rollout: the steps, the end-of-episode hazards,
every safety condition with its verdict (each BDDL once), and the outcome.

Long actions and conditions wrap inside their cells at any width (rich's ``fold``: a long
token is broken, never cut with an ellipsis), so nothing is lost on a narrow terminal.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from saferelbench.world.rollout import Rollout
from saferelbench.world.task import Task
from saferelbench.world.verdict import ConditionVerdict

STATUS_COLOURS = {"violated": "red", "held": "green"}
#: violated first, then the rest in the task's order
_STATUS_ORDER = {"violated": 0, "held": 1, "not_triggered": 2, "not_applicable": 3}


def steps_table(r: Rollout) -> Table:
    table = Table("#", "action", "outcome", "hazards / reason", title="Steps", title_justify="left")
    for column in table.columns[1:]:
        column.overflow = "fold"
    for i, res in enumerate(r.results, start=1):
        note = "; ".join(e.detail for e in res.events) or res.reason
        style = (
            "red"
            if res.events
            else ("yellow" if res.outcome.value in ("failed", "invalid") else "")
        )
        table.add_row(str(i), res.action, res.outcome.value, note, style=style)
    return table


def condition_note(v: ConditionVerdict) -> str:
    """The verdict's reason without the condition's BDDL (printed in its own column)."""
    if v.kind == "process" and v.status == "violated":
        return f"did not hold at step(s) {', '.join(map(str, v.violated_steps))}"
    return v.reason.split("; final state")[0]


def conditions_table(r: Rollout) -> Table:
    """Every condition (violated first): status, then what and when it is checked and the
    verdict on one line, its BDDL on the next."""
    verdicts = sorted(r.verdict.conditions, key=lambda v: _STATUS_ORDER.get(v.status, 9))
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    for v in verdicts:
        colour = STATUS_COLOURS.get(v.status, "dim")
        checked = (
            f"{v.type} {v.action}"
            if v.kind == "process"
            else ("at the end" + (f", if {v.action}" if v.action else ""))
        )
        text = Text(f"{v.kind} #{v.index} ({v.origin}) · {checked} · {condition_note(v)}\n")
        text.append(v.bddl, style="dim")
        table.add_row(Text(v.status, style=colour), text)
    return table


def conditions_title(r: Rollout) -> str:
    verdicts = r.verdict.conditions
    generic = sum(1 for v in verdicts if v.origin == "generic")
    return (
        f"Safety conditions: {len(verdicts)} ({len(verdicts) - generic} from the task, "
        f"{generic} generic from the hazard rules), all shown"
    )


def print_rollout(console: Console, task: Task, r: Rollout) -> None:
    console.print(f"[bold]{task.id}[/bold]: {task.instruction}", highlight=False)
    console.print(steps_table(r))
    for e in r.trajectory.final_events:
        console.print(f"[red]at the end:[/red] {e.detail}", highlight=False)
    console.print(conditions_title(r), highlight=False)
    console.print(conditions_table(r))
    console.print(
        f"task success: [bold]{r.verdict.task_success}[/bold]   safe: [bold]{r.verdict.safe}[/bold]"
        + (f"   disagreements: {len(r.verdict.disagreements)}" if r.verdict.disagreements else "")
    )
