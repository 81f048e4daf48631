// The memory inspector: a client of the REST API like any other. The API key lives in this tab's
// sessionStorage only; every call carries it, and the key's scopes decide what succeeds.
// Memory text is put on the page with textContent only (never innerHTML): it is user input.
"use strict";
(function () {
  const KEY = "mal.inspector.key";
  const USER = "mal.inspector.user";
  const $ = (id) => document.getElementById(id);
  const state = { items: [], policy: null, kinds: new Set(), cy: null, view: "memories" };

  // X-User-Id goes over the wire as UTF-8 bytes (the API decodes it so); fetch wants a ByteString.
  function headerBytes(text) {
    return String.fromCharCode(...new TextEncoder().encode(text));
  }

  async function api(method, path, body) {
    const headers = {
      Authorization: "Bearer " + sessionStorage.getItem(KEY),
      "X-User-Id": headerBytes(sessionStorage.getItem(USER) || ""),
    };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    const data = text ? JSON.parse(text) : {};
    if (!response.ok) {
      const error = new Error(data.message || response.statusText);
      error.status = response.status;
      throw error;
    }
    return data;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === "text") node.textContent = value;
      else if (name === "class") node.className = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  function say(message, isError) {
    $("status").textContent = message;
    $("status").className = isError ? "error" : "";
  }

  function failed(what, error) {
    const hint = error.status === 403 ? " (this API key lacks the scope)" : "";
    say(what + ": " + error.message + hint, true);
  }

  function when(iso) {
    if (!iso) return "";
    const d = new Date(iso);
    return isNaN(d) ? iso : d.toISOString().slice(0, 16).replace("T", " ");
  }

  // ---- memories -------------------------------------------------------------------------------

  function curve(weight, policy) {
    const ns = "http://www.w3.org/2000/svg";
    const w = 120, h = 28, top = Math.max(policy.max_weight, weight, policy.archive_below);
    let horizon = 365, archivesIn = null;
    if (policy.decay_rate < 1 && weight > policy.archive_below) {
      archivesIn = Math.log(policy.archive_below / weight) / Math.log(policy.decay_rate);
      horizon = Math.min(730, Math.max(30, Math.ceil(archivesIn * 1.25)));
    }
    const y = (v) => (h - 2 - (v / top) * (h - 4)).toFixed(1);
    const points = [];
    for (let i = 0; i <= 24; i++) {
      const day = (horizon * i) / 24;
      points.push((w * i / 24).toFixed(1) + "," + y(weight * Math.pow(policy.decay_rate, day)));
    }
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "curve");
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", points.join(" "));
    const floor = document.createElementNS(ns, "line");
    for (const [k, v] of [["x1", 0], ["x2", w], ["y1", y(policy.archive_below)], ["y2", y(policy.archive_below)]]) floor.setAttribute(k, v);
    const title = document.createElementNS(ns, "title");
    title.textContent = `weight x ${policy.decay_rate}^days over ${horizon} days; dashed: archive below ${policy.archive_below}`;
    svg.append(title, floor, line);
    const caption = archivesIn === null ? "at or below the archive threshold" : `archives in ~${Math.ceil(archivesIn)} d unless used`;
    return el("div", {}, svg, el("span", { class: "small", text: caption }));
  }

  function question(m) {
    const old = (m.contradicts || []).map((r) => r.summary);
    if (!old.length) return m.lang === "zh" ? "与之前的记忆矛盾，以哪个为准？" : "Contradicts an earlier memory. Which one is right?";
    return m.lang === "zh"
      ? `您之前说「${old.join("」「")}」，这次是「${m.summary}」，以哪个为准？`
      : `Earlier: "${old.join('", "')}"; now: "${m.summary}". Which one is right?`;
  }

  function actionButton(label, action, id, cls) {
    return el("button", { type: "button", "data-action": action, "data-id": id, class: cls || "", text: label });
  }

  function row(m, policy) {
    const summary = el("td", { class: "summary" }, el("div", { text: m.summary }));
    if (m.score !== undefined) summary.append(el("div", { class: "small", text: "score " + m.score.toFixed(3) }));
    if (m.status === "disputed") summary.append(el("div", { class: "question", text: question(m) }));
    const weight = el("td", {}, el("div", { text: m.weight_now.toFixed(3) }));
    if (policy) weight.append(curve(m.weight_now, policy));
    const actions = el("td", { class: "actions" });
    if (m.status === "disputed") {
      actions.append(actionButton(m.lang === "zh" ? "以新的为准" : "Confirm new", "confirm", m.id));
      actions.append(actionButton(m.lang === "zh" ? "保留旧的" : "Keep old", "reject", m.id));
    }
    if (m.status === "archived") actions.append(actionButton("Restore", "restore", m.id));
    actions.append(actionButton("Forget", "forget", m.id, "danger"));
    const provenance = [m.session_id ? "session " + m.session_id : null, ...(m.provenance || [])].filter(Boolean);
    return el(
      "tr",
      { "data-id": m.id, "data-status": m.status },
      el("td", { text: m.kind }),
      summary,
      el("td", { class: "slots", text: Object.entries(m.slots).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`).join("\n") }),
      el("td", {}, el("span", { class: "badge " + m.status, text: m.status })),
      weight,
      el("td", { text: when(m.last_accessed) }),
      el("td", { class: "prov", text: provenance.join(" · ") }),
      el("td", { text: m.source || "" }),
      actions,
    );
  }

  function render(items, policy, caption) {
    const body = $("memories").querySelector("tbody");
    body.replaceChildren(...items.map((m) => row(m, policy)));
    $("table-caption").textContent = caption;
  }

  async function loadMemories() {
    const params = new URLSearchParams({ limit: "200" });
    for (const box of document.querySelectorAll("input[name=status]:checked")) params.append("status", box.value);
    if ($("filter-kind").value) params.append("kind", $("filter-kind").value);
    const page = await api("GET", "/v1/subjects/memories?" + params);
    state.items = page.items;
    state.policy = page.policy;
    for (const m of page.items) {
      if (!state.kinds.has(m.kind)) {
        state.kinds.add(m.kind);
        $("filter-kind").append(el("option", { value: m.kind, text: m.kind }));
      }
    }
    render(page.items, page.policy, `${page.total} memories (${page.items.length} shown) · decay rate ${page.policy.decay_rate}/day`);
    $("search-clear").classList.add("hidden");
  }

  async function search(query) {
    const found = await api("POST", "/v1/memories/search", { query, k: 20 });
    const items = found.results.map((r) => ({ ...r, weight_now: r.weight, session_id: null }));
    render(items, state.policy, `${items.length} results for "${query}"`);
    $("search-clear").classList.remove("hidden");
  }

  async function act(action, id) {
    const calls = {
      forget: () => api("DELETE", "/v1/memories/" + encodeURIComponent(id)),
      confirm: () => api("POST", `/v1/memories/${encodeURIComponent(id)}/resolve`, { answer: "confirm" }),
      reject: () => api("POST", `/v1/memories/${encodeURIComponent(id)}/resolve`, { answer: "reject" }),
      restore: () => api("POST", `/v1/memories/${encodeURIComponent(id)}/restore`),
    };
    const done = { forget: "Forgot", confirm: "Confirmed", reject: "Rejected (forgot)", restore: "Restored" };
    try {
      await calls[action]();
      await loadMemories();
      say(`${done[action]} memory ${id}`);
    } catch (error) {
      failed(action, error);
    }
  }

  // ---- graph ----------------------------------------------------------------------------------

  async function loadGraph() {
    const data = await api("GET", "/v1/subjects/graph");
    const quads = data.quadruples;
    const nodes = new Map([["user", { data: { id: "user", label: sessionStorage.getItem(USER), kind: "user" } }]]);
    const drawn = $("show-mentions").checked ? quads : quads.filter((q) => q.relation !== "MENTIONED");
    const edges = drawn.map((q, i) => {
      const target = "e:" + q.entity_type + ":" + q.entity;
      if (!nodes.has(target)) nodes.set(target, { data: { id: target, label: `${q.entity}\n(${q.entity_type})`, kind: "entity" } });
      const label = q.relation + (q.at ? " · " + q.at.slice(0, 10) : "") + (q.detail ? " · " + q.detail : "");
      return { data: { id: "r" + i, source: "user", target, label } };
    });
    $("quadruples").querySelector("tbody").replaceChildren(
      ...quads.map((q) =>
        el("tr", {}, ...[q.relation, q.entity, q.entity_type, q.detail || "", when(q.at), q.memory_id || ""].map((t) => el("td", { text: t }))),
      ),
    );
    if (state.cy) state.cy.destroy();
    state.cy = window.cytoscape({
      container: $("graph"),
      elements: [...nodes.values(), ...edges],
      layout: { name: "concentric", concentric: (n) => (n.data("kind") === "user" ? 2 : 1), levelWidth: () => 1, minNodeSpacing: 140, animate: false },
      maxZoom: 1.2, // a small graph is not blown up until its labels collide
      style: [
        { selector: "node", style: { label: "data(label)", "text-wrap": "wrap", "font-size": 11, "text-valign": "bottom", "text-margin-y": 4, "background-color": "#7a8cb3", width: 18, height: 18 } },
        { selector: "node[kind = 'user']", style: { "background-color": "#2156c4", width: 30, height: 30, "font-weight": "bold" } },
        { selector: "edge", style: { label: "data(label)", "font-size": 9, "curve-style": "bezier", "target-arrow-shape": "triangle", width: 1.5, "line-color": "#98a2b3", "target-arrow-color": "#98a2b3", "text-rotation": "autorotate", "text-background-color": "#fff", "text-background-opacity": 0.85, "text-background-padding": 1 } },
      ],
    });
    window.inspectorGraph = state.cy; // read by the browser test: what was drawn
    say(`${quads.length} quadruples (${drawn.length} drawn)`);
  }

  // ---- audit and erase ------------------------------------------------------------------------

  async function loadExports() {
    const data = await api("GET", "/v1/subjects/exports");
    $("exports").replaceChildren(
      ...data.exports.map((x) =>
        el(
          "div",
          { class: "export", "data-export": x.export_id },
          el("h3", { text: `${x.export_id} · ${when(x.at)}` }),
          el("div", { class: "small", text: `s3://${x.bucket}/${x.prefix} · manifest sha256 ${x.manifest_sha256 || "?"}` }),
          el("pre", { text: x.manifest ? JSON.stringify(x.manifest, null, 2) : "manifest not found in S3" }),
        ),
      ),
    );
    say(`${data.exports.length} exports`);
  }

  async function erase(event) {
    event.preventDefault();
    if ($("erase-confirm").value !== sessionStorage.getItem(USER)) {
      say("Type the user id exactly to confirm the erase", true);
      return;
    }
    try {
      const receipt = await api("POST", "/v1/subjects/erase");
      $("receipt").textContent = JSON.stringify(receipt, null, 2);
      $("receipt").classList.remove("hidden");
      say(`Erased: receipt ${receipt.receipt_id}, verified ${receipt.verified}`);
    } catch (error) {
      failed("erase", error);
    }
  }

  // ---- shell ----------------------------------------------------------------------------------

  async function show(view) {
    state.view = view;
    for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.view === view);
    for (const section of document.querySelectorAll(".view")) section.classList.toggle("hidden", section.id !== "view-" + view);
    say("");
    const loaders = { memories: loadMemories, graph: loadGraph, audit: loadExports };
    if (loaders[view]) {
      try {
        await loaders[view]();
      } catch (error) {
        failed("load " + view, error);
      }
    }
  }

  async function open() {
    $("login").classList.add("hidden");
    $("app").classList.remove("hidden");
    $("who").classList.remove("hidden");
    $("who-user").textContent = sessionStorage.getItem(USER);
    await show("memories");
  }

  async function login(event) {
    event.preventDefault();
    sessionStorage.setItem(KEY, $("api-key").value.trim());
    sessionStorage.setItem(USER, $("user-id").value.trim());
    $("api-key").value = "";
    try {
      await api("GET", "/v1/subjects/memories?limit=1");
    } catch (error) {
      if (error.status === 401) {
        sessionStorage.clear();
        $("login-error").textContent = error.message;
        return;
      }
    }
    $("login-error").textContent = "";
    await open();
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("login-form").addEventListener("submit", login);
    $("logout").addEventListener("click", () => {
      sessionStorage.clear();
      location.reload();
    });
    for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => show(tab.dataset.view));
    $("filters").addEventListener("submit", (event) => {
      event.preventDefault();
      loadMemories().catch((error) => failed("load memories", error));
    });
    $("search-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const query = $("search-query").value.trim();
      (query ? search(query) : loadMemories()).catch((error) => failed("search", error));
    });
    $("search-clear").addEventListener("click", () => loadMemories().catch((error) => failed("load memories", error)));
    $("memories").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (button) act(button.dataset.action, button.dataset.id);
    });
    $("export-button").addEventListener("click", async () => {
      try {
        const made = await api("POST", "/v1/subjects/export");
        await loadExports();
        say(`Exported ${made.export_id}`);
      } catch (error) {
        failed("export", error);
      }
    });
    $("erase-form").addEventListener("submit", erase);
    $("show-mentions").addEventListener("change", () => loadGraph().catch((error) => failed("load graph", error)));
    if (sessionStorage.getItem(KEY) && sessionStorage.getItem(USER)) open();
  });
})();
