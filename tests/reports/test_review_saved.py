"""The review sheet keeps its ticks and notes (localStorage) and exports them as CSV in
review.csv's columns. The page's script runs under Node with a small stand-in DOM."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from saferelbench.dataset.store import load_samples
from saferelbench.reports.review import write_review

NODE = shutil.which("node")

# a stand-in DOM: the fields and samples of the page, a localStorage that persists between
# two "loads", and the export's Blob captured
HARNESS = r"""
const fs = require("fs");
const [script, samplesJson, storeIn, actions] = process.argv.slice(2);
const samples = JSON.parse(samplesJson);
const storage = JSON.parse(storeIn);
function field(name, type) {
  const f = { name, type, checked: false, value: "", handlers: {} };
  f.addEventListener = (ev, fn) => { f.handlers[ev] = fn; };
  return f;
}
const fields = [];
const sampleNodes = samples.map(s => {
  const ok = field("ok-" + s.id, "checkbox"), note = field("note-" + s.id, "textarea");
  fields.push(ok, note);
  return { getAttribute: k => ({ "data-id": s.id, "data-risk": s.risk, "data-split": s.split })[k],
           querySelector: q => q.includes("ok-") ? ok : note };
});
const nodes = {};
const el = id => nodes[id] || (nodes[id] = { textContent: "", addEventListener: (ev, fn) => { nodes[id].click = fn; } });
let exported = null;
global.Blob = function (parts) { exported = parts.join(""); };
global.URL = { createObjectURL: () => "blob:x" };
global.location = { pathname: "/review/supporting.html" };
global.localStorage = { getItem: k => storage[k] || null, setItem: (k, v) => { storage[k] = v; } };
global.document = {
  body: { getAttribute: () => "supporting", appendChild: () => {} },
  getElementById: el,
  querySelectorAll: q => q === ".sample" ? sampleNodes : fields,
  createElement: () => ({ click: () => {}, remove: () => {} }),
};
eval(fs.readFileSync(script, "utf8"));
for (const [name, value] of JSON.parse(actions)) {
  const f = fields.find(x => x.name === name);
  if (f.type === "checkbox") { f.checked = value; f.handlers.change(); } else { f.value = value; f.handlers.input(); }
}
el("export").click();
console.log(JSON.stringify({ storage, exported, fields: fields.map(f => [f.name, f.checked, f.value]), status: el("saved").textContent }));
"""


@pytest.mark.skipif(NODE is None, reason="needs node to run the page's script")
def test_ticks_and_notes_survive_a_reload_and_export_as_csv(tmp_path):
    samples = [s for s in load_samples() if s.relation == "supporting"][:3]
    write_review(samples, tmp_path / "review", images=False)
    page = (tmp_path / "review" / "supporting.html").read_text()
    assert 'id="export"' in page
    js = tmp_path / "page.js"
    script = re.search(r"<script>(.*?)</script>", page, re.S)
    assert script is not None
    js.write_text(script.group(1))
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS)
    found = re.findall(r'data-id="([^"]+)" data-risk="([^"]+)" data-split="([^"]+)"', page)
    views = [{"id": i, "risk": r, "split": s} for i, r, s in found]
    first = views[0]["id"]

    def load(store: dict, actions: list) -> dict:
        out = subprocess.run(
            [
                str(NODE),
                str(harness),
                str(js),
                json.dumps(views),
                json.dumps(store),
                json.dumps(actions),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(out.stdout)

    one = load({}, [[f"ok-{first}", True], [f"note-{first}", 'label cut, "vase"']])
    again = load(one["storage"], [])  # a reload of the page: the fields come back
    restored = {name: (checked, value) for name, checked, value in again["fields"]}
    assert restored[f"ok-{first}"][0] is True
    assert restored[f"note-{first}"][1] == 'label cut, "vase"'
    assert "2 field(s) saved" in again["status"]
    lines = again["exported"].splitlines()
    assert lines[0] == "id,relation,risk,split,ok,note"
    assert (
        lines[1]
        == f'{first},supporting,{views[0]["risk"]},{views[0]["split"]},yes,"label cut, ""vase"""'
    )
    assert len(lines) == 1 + len(views)
