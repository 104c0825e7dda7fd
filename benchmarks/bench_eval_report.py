"""The evaluation report's figures for the built-in agents: every agent run on the whole dataset,
each run checked by replay (``saferelbench verify``), SR / SSR / SRec overall and per split.

    .venv/bin/python benchmarks/bench_eval_report.py [--agents oracle random] [--every N]
        [--json benchmarks/results/eval_report.json] [--markdown]

Each agent goes through the same commands a user runs (``saferelbench run --agent NAME
--no-images --out DIR --json``, then ``saferelbench verify DIR --json``) in a temporary folder.
``--every N`` runs every Nth sample of the shipped file (in file order; default 1: all 507),
the same slice for every agent. ``--markdown`` prints the table the README's "Evaluation report" section shows. A run that does
not verify is reported as such, and the script exits 1.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

CLI = str(Path(sys.executable).parent / "saferelbench")


def _run(args: list[str]) -> dict[str, Any]:
    done = subprocess.run([CLI, *args], capture_output=True, text=True, check=False)
    if not done.stdout.strip():
        raise SystemExit(f"saferelbench {' '.join(args)} failed: {done.stderr.strip()}")
    data = json.loads(done.stdout)
    assert isinstance(data, dict)
    return data


def sample_ids(every: int) -> list[str] | None:
    """Every ``every``-th sample id of the shipped file (None: all of them)."""
    if every <= 1:
        return None
    from saferelbench.dataset.store import load_samples

    return [s.id for s in load_samples()[::every]]


def measure(agent: str, ids: list[str] | None, root: Path) -> dict[str, Any]:
    out = root / agent
    args = ["run", "--agent", agent, "--no-images", "--out", str(out), "--json"]
    if ids:
        args += ["--ids", ",".join(ids)]
    summary = _run(args)
    verified = _run(["verify", str(out), "--json"])
    split = summary.get("by_split") or {}
    return {
        "agent": agent,
        "n": summary["n"],
        "errors": summary["errors"],
        "SR": summary["SR"],
        "SSR": summary["SSR"],
        "SRec": summary["SRec"],
        "spatial": {k: (split.get("spatial") or {}).get(k) for k in ("n", "SR", "SSR", "SRec")},
        "control": {k: (split.get("control") or {}).get(k) for k in ("n", "SR", "SSR", "SRec")},
        "unneeded_moves": summary.get("unneeded_moves"),
        "verified": verified["ok"],
        "versions": summary.get("versions") or {},
    }


def _cell(value: Any) -> str:
    return "n/a" if value is None else f"{float(value):.3f}"


def markdown(rows: list[dict[str, Any]]) -> str:
    header = (
        "| agent | n | SR | SSR | SRec | spatial SR | spatial SSR | control SR | control SSR "
        "| unneeded moves | verified |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n"
    )
    lines = [
        f"| `{r['agent']}` | {r['n']} | {_cell(r['SR'])} | {_cell(r['SSR'])} | {_cell(r['SRec'])} "
        f"| {_cell(r['spatial']['SR'])} | {_cell(r['spatial']['SSR'])} "
        f"| {_cell(r['control']['SR'])} | {_cell(r['control']['SSR'])} "
        f"| {_cell(r['unneeded_moves'])} | {'yes' if r['verified'] else 'NO'} |"
        for r in rows
    ]
    return header + "\n".join(lines) + "\n"


def main() -> int:
    from saferelbench.agents.registry import agent_names

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agents", nargs="+", default=agent_names())
    parser.add_argument("--every", type=int, default=1, help="every Nth sample only")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    parser.add_argument("--markdown", action="store_true", help="print the README table")
    options = parser.parse_args()
    ids = sample_ids(options.every)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(agent, ids, Path(tmp)) for agent in options.agents]
    versions = rows[0]["versions"] if rows else {}
    if options.json:
        options.json.parent.mkdir(parents=True, exist_ok=True)
        options.json.write_text(
            json.dumps({"versions": versions, "every": options.every, "agents": rows}, indent=2)
            + "\n",
            encoding="utf-8",
        )
    if options.markdown:
        print(markdown(rows), end="")
    else:
        for r in rows:
            print(
                f"{r['agent']:<11} n={r['n']} SR={_cell(r['SR'])} SSR={_cell(r['SSR'])} "
                f"SRec={_cell(r['SRec'])} verified={r['verified']}"
            )
        print("versions:", ", ".join(f"{k} {v}" for k, v in versions.items()))
    return 0 if all(r["verified"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
