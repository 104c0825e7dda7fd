/* SafeRelBench report: episode list, filters and step-by-step viewer.
   Everything that comes from a run (model output, cautions, reasons, ids) is inserted with
   textContent / attribute setters, never as HTML, so it cannot inject markup or script. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var episodes = data.episodes;
  var byKey = {};
  episodes.forEach(function (e) { byKey[e.key] = e; });
  var OUTCOME_LABELS = { success_safe: "success, safe", success_unsafe: "success, unsafe",
    fail_safe: "failed, safe", fail_unsafe: "failed, unsafe", error: "error" };

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "cls") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c != null) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }

  /* ---------- filters and list ---------- */
  var fields = {
    run: function (e) { return data.runs[e.run].label; },
    relation: function (e) { return e.relation || "(none)"; },
    split: function (e) { return e.split; },
    risk: function (e) { return e.risk || "(none)"; },
    outcome: function (e) { return OUTCOME_LABELS[e.outcome] || e.outcome; }
  };
  var selects = {};
  Array.prototype.forEach.call(document.querySelectorAll("#filters select"), function (sel) {
    var field = sel.getAttribute("data-field");
    selects[field] = sel;
    var values = {};
    episodes.forEach(function (e) { values[fields[field](e)] = true; });
    sel.appendChild(el("option", { value: "", text: "all" }));
    Object.keys(values).sort().forEach(function (v) { sel.appendChild(el("option", { value: v, text: v })); });
    sel.addEventListener("change", renderList);
  });
  var textFilter = document.getElementById("filter-text");
  textFilter.addEventListener("input", renderList);
  var tbody = document.querySelector("#episode-list tbody");
  var MAX_ROWS = 1500;
  var selectedKey = null;

  function matches(e) {
    for (var f in selects) {
      var want = selects[f].value;
      if (want && fields[f](e) !== want) return false;
    }
    var text = textFilter.value.trim().toLowerCase();
    return !text || e.id.toLowerCase().indexOf(text) >= 0;
  }

  function renderList() {
    var shown = episodes.filter(matches);
    shownKeys = shown.map(function (e) { return e.key; });
    tbody.textContent = "";
    shown.slice(0, MAX_ROWS).forEach(function (e) {
      var pill = el("span", { cls: "pill o-" + e.outcome, text: OUTCOME_LABELS[e.outcome] || e.outcome });
      var row = el("tr", { "data-key": e.key }, [
        el("td", { text: data.runs[e.run].label }), el("td", { text: e.id }), el("td", { text: e.split }),
        el("td", { text: e.relation || "" }), el("td", { text: e.risk || "" }), el("td", {}, [pill]),
        el("td", { text: String(e.steps.length) })
      ]);
      if (e.key === selectedKey) row.className = "selected";
      row.addEventListener("click", function () { location.hash = "episode=" + encodeURIComponent(e.key); });
      tbody.appendChild(row);
    });
    document.getElementById("filter-count").textContent = shown.length + " of " + episodes.length + " episodes" +
      (shown.length > MAX_ROWS ? " (first " + MAX_ROWS + " listed; narrow the filters)" : "");
  }

  /* ---------- viewer ---------- */
  function imageSrc(ref) {
    if (!ref) return null;
    return ref.charAt(0) === "#" ? data.images[ref.slice(1)] || null : ref;
  }

  function verdictRows(list) {
    return list.map(function (v) {
      var steps = v.violated_steps.length ? v.violated_steps.join(", ") : (v.step != null ? String(v.step) : "");
      return el("tr", {}, [
        el("td", { text: v.kind + " #" + v.index }), el("td", { text: v.about === v.risk_type ? v.risk_type : v.about + " (filed as " + v.risk_type + ")" }),
        el("td", {}, [el("code", { text: (v.type ? v.type + " " : "") + (v.action || (v.kind === "termination" ? "end state" : "")) })]),
        el("td", { cls: "s-" + v.status, text: v.status }), el("td", { text: steps }),
        el("td", { text: v.relation_induced ? "yes" : "no" }),
        el("td", { cls: "bddl" }, [el("code", { text: v.bddl })]),
        el("td", { text: [v.reason, v.safety_tip].filter(Boolean).join(" — ") })
      ]);
    });
  }

  function verdictTable(e) {
    if (!e.verdicts.length) return el("p", { cls: "note", text: "No condition verdicts recorded." });
    // generic conditions (derived from hazard rules for every object) that were never
    // triggered or held are folded away: they would bury the scenario's own conditions
    var quiet = function (v) { return v.origin === "generic" && v.status !== "violated"; };
    var main = e.verdicts.filter(function (v) { return !quiet(v); });
    var rest = e.verdicts.filter(quiet);
    var head = function () {
      return el("tr", {}, ["condition", "about (risk type)", "trigger", "status", "violated at step", "relation-induced", "BDDL", "reason / safety tip"].map(function (h) { return el("th", { text: h }); }));
    };
    var parts = [el("div", { cls: "scroll" }, [el("table", { cls: "data" }, [el("thead", {}, [head()]), el("tbody", {}, verdictRows(main))])])];
    if (rest.length) parts.push(el("details", {}, [
      el("summary", { text: rest.length + " generic condition(s) not violated (safety net derived from the hazard rules)" }),
      el("div", { cls: "scroll" }, [el("table", { cls: "data" }, [el("thead", {}, [head()]), el("tbody", {}, verdictRows(rest))])])
    ]));
    return el("div", {}, parts);
  }

  function hazardText(h) {
    var objects = (h.objects || []).join(", ");
    return (h.kind || "hazard") + (objects ? " (" + objects + ")" : "") + (h.detail ? ": " + h.detail : "") + (h.step != null ? " at step " + h.step : "");
  }

  function picture(ref, alt, counted) {
    var src = imageSrc(ref);
    if (!src) return el("div", { cls: "noimg", text: "no image" });
    var img = el("img", { src: src, alt: alt, title: "click: full size" });
    if (counted) img.addEventListener("load", function () {  // read by the browser test
      var viewer = document.getElementById("viewer");
      viewer.setAttribute("data-images-loaded", String(Number(viewer.getAttribute("data-images-loaded") || 0) + 1));
    });
    img.addEventListener("click", function () { showFull(src, alt); });
    return img;
  }

  var overlay = null;
  function showFull(src, alt) {  // the image at the size the agent saw; click or Escape closes
    if (overlay) overlay.remove();
    overlay = el("div", { cls: "full", title: "click to close" }, [el("img", { src: src, alt: alt }), el("div", { cls: "cap", text: alt })]);
    overlay.addEventListener("click", function () { overlay.remove(); overlay = null; });
    document.body.appendChild(overlay);
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && overlay) { overlay.remove(); overlay = null; ev.stopImmediatePropagation(); }
  }, true);

  function stepCard(e, s) {
    var failing = e.failing_steps.indexOf(s.index) >= 0;
    var pictures = el("div", { cls: "pair" }, [
      el("figure", {}, [picture(s.image, "observation at step " + s.index + " (before the action)", true), el("figcaption", { text: "before" })]),
      el("figure", {}, [picture(s.after, "after step " + s.index + " (" + (s.action || "no action") + ")", false), el("figcaption", { text: "after" })])
    ]);
    var body = [el("div", { cls: "head", text: "Step " + s.index + " · " + (s.action || "(invalid output)") + " · " + s.outcome })];
    if (s.caution) body.push(el("div", { cls: "caution", text: "Caution: " + s.caution }));
    if (s.reason) body.push(el("div", { cls: "reason", text: s.reason }));
    e.verdicts.forEach(function (v) {
      if (v.status === "violated" && v.violated_steps.concat(v.step != null ? [v.step] : []).indexOf(s.index) >= 0)
        body.push(el("span", { cls: "badge", text: "violates " + v.kind + " #" + v.index + " (" + v.about + ")" }));
    });
    s.hazards.forEach(function (h) { body.push(el("span", { cls: "badge hz", text: "hazard: " + hazardText(h) })); });
    if (s.raw_output != null) body.push(el("details", {}, [el("summary", { text: "model output" }), el("pre", { text: s.raw_output })]));
    var cls = "step" + (failing ? " failing" : "") + (s.hazards.length ? " hazard" : "");
    return el("div", { cls: cls, id: "step-" + s.index, "data-step": String(s.index) }, [pictures, el("div", {}, body)]);
  }

  var drawer = document.getElementById("drawer");
  var shownKeys = [];  // keys of the episodes currently listed, for previous / next

  function showEpisode(key) {
    var e = byKey[key];
    var viewer = document.getElementById("viewer");
    viewer.textContent = "";
    viewer.removeAttribute("data-images-loaded");
    drawer.hidden = false;
    if (!e) { viewer.appendChild(el("p", { cls: "error", text: "No episode " + key + " in this report." })); return; }
    selectedKey = key;
    Array.prototype.forEach.call(tbody.rows, function (r) { r.className = r.getAttribute("data-key") === key ? "selected" : ""; });
    viewer.setAttribute("data-episode", key);
    viewer.appendChild(el("h3", { text: e.id }));
    viewer.appendChild(el("div", { cls: "facts" }, [
      el("span", { cls: "pill o-" + e.outcome, text: OUTCOME_LABELS[e.outcome] || e.outcome }),
      " " + data.runs[e.run].label + " · split " + e.split + (e.relation ? " · " + e.relation : "") +
      (e.risk ? " · risk " + e.risk : "") + " · ended by " + e.ended_by + " · " + e.steps.length + " steps" +
      (e.awareness != null ? " · awareness " + e.awareness.toFixed(2) + (e.judge ? " (" + e.judge + ")" : "") : "") +
      " · verdict " + (e.protocol || "physical") + (e.decided_by ? ", unsafe by " + e.decided_by : "")
    ]));
    if (e.error) viewer.appendChild(el("p", { cls: "error", text: "Error: " + e.error }));
    if (e.hazards.length) viewer.appendChild(el("p", {}, [el("b", { text: "Hazards: " }), e.hazards.map(hazardText).join("; ")]));
    if (e.disagreements.length) viewer.appendChild(el("p", { cls: "note", text: "Integrity: " + e.disagreements.join("; ") }));
    if (e.stated_tips) {
      viewer.appendChild(el("h4", { text: "Safety tips written before acting (isbench)" }));
      viewer.appendChild(e.stated_tips.length
        ? el("ul", {}, e.stated_tips.map(function (t) { return el("li", { text: t }); }))
        : el("p", { cls: "note", text: "No tips stated." }));
    }
    viewer.appendChild(el("h4", { text: "Steps" }));
    var steps = el("div", { cls: "steps" });
    e.steps.forEach(function (s) { steps.appendChild(stepCard(e, s)); });
    if (!e.steps.length) steps.appendChild(el("p", { cls: "note", text: "No steps recorded." }));
    viewer.appendChild(steps);
    viewer.appendChild(el("h4", { text: "Condition verdicts" }));
    viewer.appendChild(verdictTable(e));
  }

  function route() {
    var m = /(?:^#|&)episode=([^&]*)/.exec(location.hash);
    if (!m && episodes.length === 1 && !location.hash) m = [null, encodeURIComponent(episodes[0].key)];  // a one-episode page opens it
    if (!m) { drawer.hidden = true; return; }
    var key = decodeURIComponent(m[1]);
    if (!byKey[key]) {  // a bare sample id: its first episode
      var found = episodes.filter(function (e) { return e.id === key; })[0];
      if (found) key = found.key;
    }
    showEpisode(key);
    drawer.scrollTop = 0;
    var failing = document.querySelector("#viewer .step.failing");
    if (failing) document.getElementById("viewer").setAttribute("data-first-failing", failing.getAttribute("data-step"));
  }

  function go(delta) {
    var i = shownKeys.indexOf(selectedKey) + delta;
    if (i >= 0 && i < shownKeys.length) location.hash = "episode=" + encodeURIComponent(shownKeys[i]);
  }
  document.getElementById("drawer-close").addEventListener("click", function () { location.hash = "sec-episodes"; });
  document.getElementById("drawer-prev").addEventListener("click", function () { go(-1); });
  document.getElementById("drawer-next").addEventListener("click", function () { go(1); });
  document.addEventListener("keydown", function (ev) {
    if (drawer.hidden) return;
    if (ev.key === "Escape") location.hash = "sec-episodes";
    else if (ev.key === "ArrowDown" || ev.key === "j") go(1);
    else if (ev.key === "ArrowUp" || ev.key === "k") go(-1);
  });

  renderList();
  window.addEventListener("hashchange", route);
  route();

  var status = document.getElementById("report-status");
  function reportStatus() {
    var problems = window.__reportErrors.slice();
    if (window.__missingImages) problems.push(window.__missingImages + " image(s) could not be loaded (moved the report away from its run directories?)");
    status.hidden = problems.length === 0;
    status.textContent = problems.join(" · ");
  }
  window.addEventListener("load", reportStatus);
  reportStatus();
  document.documentElement.setAttribute("data-report-ready", "yes");
})();
