// The rules site's own Python, in the page: an ask box on every page, "Try it" on every `$ rulebook ...`
// transcript, and the small tools of the game pages. Everything runs in a worker (rulebook-worker.js) with
// Pyodide and the rulebook wheel, from this site's origin, shared by the site's pages open in the browser; where
// WebAssembly or workers are missing, the page stays as it is and says in one line why the ask box is unavailable.
(() => {
  "use strict";

  const config = (() => {
    try {
      return JSON.parse(document.getElementById("__config").textContent);
    } catch (err) {
      return { base: "." };
    }
  })();
  const BASE = new URL((config.base || ".").replace(/\/?$/, "/"), location.href);
  const SYNOPSIS = /\[OPTIONS\]|\bCOMMAND\b|\[ARGS\]/;

  // ---- the engine: one Python for every page of the site open in this browser, started on first use ---------
  // A SharedWorker (named by the build, so pages of another build start their own): a page after the first finds
  // the engine started and answers at once. Where SharedWorker is missing or fails, a Worker of this page's own.
  const STAMP = "__STAMP__"; // written at build time (docs/_hooks/browser.py)
  const supported = typeof WebAssembly === "object" && typeof Worker === "function";
  const listeners = new Set();
  let engine = null;
  let state = { phase: supported ? "idle" : "failed", text: "" };
  if (!supported) state.text = "this browser cannot run WebAssembly in a worker";

  function setState(phase, text) {
    state = { phase, text };
    for (const listener of listeners) listener(state);
  }

  function start() {
    if (engine || !supported) return engine;
    const url = new URL("javascripts/rulebook-worker.js", BASE);
    const pending = new Map();
    let next = 0;
    let port = null; // where requests go: the shared worker's port, or the dedicated worker
    let attempt = 0; // which start a message comes from: a failed shared worker's late messages are ignored
    let resolveReady, rejectReady;
    const readyPromise = new Promise((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    readyPromise.catch(() => {});

    const failed = (mine, kind, reason) => {
      if (mine !== attempt || engine.loaded) return;
      if (kind === "shared") {
        launch("dedicated"); // today's engine: one Worker for this page
        return;
      }
      setState("failed", `the rules engine failed to load (${reason})`);
      rejectReady(new Error(reason));
    };
    const listen = (mine, kind) => (event) => {
      if (mine !== attempt) return;
      const message = event.data;
      if (message.kind === "status") setState("loading", message.text);
      else if (message.kind === "ready") {
        engine.loaded = {
          seconds: message.seconds,
          phases: message.phases,
          shared: Boolean(message.shared),
          connections: message.connections,
        };
        setState("ready", "");
        resolveReady();
      } else if (message.kind === "failed") failed(mine, kind, message.reason);
      else if (pending.has(message.id)) {
        pending.get(message.id)(message);
        pending.delete(message.id);
      }
    };
    function launch(kind) {
      const mine = ++attempt;
      try {
        if (kind === "shared") {
          const options = { type: "module", name: `rulebook-${STAMP}`, extendedLifetime: true };
          const worker = new SharedWorker(url, options);
          worker.onerror = (event) => failed(mine, kind, event.message || "the shared worker could not be loaded");
          worker.port.onmessage = listen(mine, kind);
          port = worker.port;
        } else {
          const worker = new Worker(url, { type: "module" });
          worker.onerror = (event) => failed(mine, kind, event.message || "the worker could not be loaded");
          worker.onmessage = listen(mine, kind);
          port = worker;
        }
        engine.kind = kind;
      } catch (err) {
        if (kind === "shared") return launch("dedicated");
        setState("failed", `the rules engine could not start (${err.message || err})`);
        rejectReady(err);
      }
    }

    engine = {
      ready: readyPromise,
      kind: null,
      loaded: null,
      request(message) {
        return readyPromise.then(
          () =>
            new Promise((resolve) => {
              const id = ++next;
              pending.set(id, resolve);
              port.postMessage({ id, ...message });
            }),
        );
      },
    };
    window.rulebookEngine = engine; // for the tests and the benchmark
    setState("loading", "loading the rules engine…");
    launch(typeof SharedWorker === "function" ? "shared" : "dedicated");
    return engine.kind ? engine : null;
  }

  function request(message) {
    const running = start();
    if (!running) return Promise.reject(new Error(state.text));
    return running.request(message);
  }

  // ---- links from rule IDs to their entries (written at build time from the built pages' anchors) ---------
  let rulesMap = null;
  function ruleLinks() {
    if (!rulesMap) {
      rulesMap = fetch(new URL("rulebook-rules.json", BASE))
        .then((response) => (response.ok ? response.json() : {}))
        .catch(() => ({}));
    }
    return rulesMap;
  }

  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "text") node.textContent = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  // Output text with every rule ID that has an entry made a link to it.
  async function fillOutput(pre, text) {
    const links = await ruleLinks();
    pre.textContent = "";
    const pattern = /\b[a-z]+(?:\.[a-z0-9-]+)+\b/g;
    let last = 0;
    for (const found of text.matchAll(pattern)) {
      const url = links[found[0]];
      if (!url) continue;
      pre.append(text.slice(last, found.index));
      pre.append(element("a", { href: new URL(url, BASE).href, text: found[0] }));
      last = found.index + found[0].length;
    }
    pre.append(text.slice(last));
  }

  function statusLine(node) {
    const update = (current) => {
      node.dataset.phase = current.phase;
      if (current.phase === "failed") node.textContent = `The ask box is unavailable: ${current.text}.`;
      else if (current.phase === "loading") node.textContent = current.text;
      else node.textContent = "";
    };
    listeners.add(update);
    update(state);
  }

  // ---- the ask box -------------------------------------------------------------------------------------------
  function askBox() {
    const article = document.querySelector("article.md-content__inner") || document.querySelector("article");
    if (!article || document.getElementById("rulebook-ask")) return;
    const input = element("input", {
      id: "rulebook-ask",
      type: "text",
      placeholder: "Ask a rules question, e.g. does Fortify save Earth on a tie?",
      "aria-label": "Ask a rules question",
      autocomplete: "off",
      enterkeyhint: "go",
    });
    const button = element("button", { type: "submit", class: "md-button md-button--primary", text: "Ask" });
    const status = element("p", { class: "rulebook-status", id: "rulebook-ask-status", "aria-live": "polite" });
    const answer = element("div", { id: "rulebook-answer", hidden: "", "aria-live": "polite" });
    const form = element("form", { class: "rulebook-ask", role: "search" }, input, button);
    const box = element("div", { class: "rulebook-ask-box" }, form, status, answer);
    const title = article.querySelector("h1");
    if (title) title.after(box);
    else article.prepend(box);
    statusLine(status);
    if (!supported) {
      input.disabled = true;
      button.disabled = true;
      return;
    }
    input.addEventListener("focus", start, { once: true });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const question = input.value.trim();
      if (!question) return;
      delete answer.dataset.ruleId;
      delete answer.dataset.refused;
      answer.removeAttribute("data-question");
      answer.hidden = false;
      answer.textContent = state.phase === "ready" ? "…" : "The answer comes once the rules engine has loaded…";
      let reply;
      try {
        reply = await request({ kind: "ask", question });
      } catch (err) {
        answer.hidden = true;
        return;
      }
      const pre = element("pre", { class: "rulebook-output" });
      await fillOutput(pre, reply.output);
      answer.textContent = "";
      answer.append(element("p", { class: "rulebook-command", text: `$ rulebook ask ${JSON.stringify(question)}` }), pre);
      answer.dataset.question = question;
      if (reply.refused) answer.dataset.refused = "true";
      else if (reply.ruleId) answer.dataset.ruleId = reply.ruleId;
      answer.dataset.done = String(Date.now());
    });
  }

  // ---- a command runner: an editable command, Run, the output and the exit status ------------------------
  function runner(command, { files = null, autorun = false, label = "Run" } = {}) {
    const field = element("input", { type: "text", class: "rulebook-try-command", spellcheck: "false", "aria-label": "command" });
    field.value = command;
    const run = element("button", { type: "submit", class: "md-button md-button--primary", text: label });
    const status = element("p", { class: "rulebook-status" });
    const exit = element("p", { class: "rulebook-exit" });
    const pre = element("pre", { class: "rulebook-output", hidden: "" });
    const form = element("form", { class: "rulebook-run" }, element("span", { class: "rulebook-prompt", text: "$" }), field, run);
    const panel = element("div", { class: "rulebook-try-panel" }, form, status, pre, exit);
    statusLine(status);
    const go = async () => {
      pre.hidden = false;
      pre.textContent = state.phase === "ready" ? "…" : "Running once the rules engine has loaded…";
      exit.textContent = "";
      delete panel.dataset.code;
      let reply;
      try {
        reply = await request({ kind: "run", line: field.value, files: files ? files() : null });
      } catch (err) {
        pre.hidden = true;
        return;
      }
      await fillOutput(pre, reply.output);
      exit.textContent = `exit status ${reply.code}`;
      panel.dataset.code = String(reply.code);
      panel.dataset.ran = field.value;
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      go();
    });
    panel.run = go;
    panel.field = field;
    if (autorun) go();
    return panel;
  }

  // ---- "Try it" on every transcript ---------------------------------------------------------------------------
  function commandsOf(code) {
    const lines = code.textContent.split("\n");
    const found = [];
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].startsWith("$ ")) continue;
      let command = lines[i].slice(2);
      while (command.endsWith("\\") && i + 1 < lines.length) command = command.slice(0, -1).trimEnd() + " " + lines[++i].trim();
      command = command.trim();
      if ((command === "rulebook" || command.startsWith("rulebook ")) && !SYNOPSIS.test(command)) found.push(command);
    }
    return found;
  }

  function tryControls() {
    if (!supported) return;
    for (const block of document.querySelectorAll("article div.highlight")) {
      const code = block.querySelector("pre > code");
      if (!code || !code.querySelector("span.gp")) continue;
      const commands = commandsOf(code);
      if (!commands.length) continue;
      const bar = element("div", { class: "rulebook-try-bar" });
      block.after(bar);
      commands.forEach((command, index) => {
        const short = command.length > 48 ? command.slice(0, 47) + "…" : command;
        const button = element("button", {
          type: "button",
          class: "rulebook-try",
          "data-command": command,
          title: `Run ${command} here, and change it`,
          text: commands.length === 1 ? "▶ Try it" : `▶ Try: ${short.replace(/^rulebook /, "")}`,
        });
        bar.append(button);
        let panel = null;
        button.addEventListener("click", () => {
          if (panel) {
            panel.hidden = !panel.hidden;
            if (!panel.hidden) panel.field.focus();
            return;
          }
          panel = runner(command, { autorun: true });
          panel.dataset.index = String(index);
          bar.after(panel);
        });
      });
    }
  }

  // ---- the tools of the game pages --------------------------------------------------------------------------
  const ELEMENTS = ["fire", "water", "earth", "air", "ether"];

  function labelled(text, control) {
    return element("label", { class: "rulebook-field" }, element("span", { text }), control);
  }
  function select(options, value) {
    const node = element("select");
    for (const option of options) node.append(element("option", { value: option, text: option }));
    node.value = value;
    return node;
  }
  function textInput(value, attributes = {}) {
    const node = element("input", { type: "text", spellcheck: "false", ...attributes });
    node.value = value;
    return node;
  }
  function quoted(word) {
    return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'"'"'`)}'`;
  }

  const TOOLS = {
    "clash-attack"(root) {
      const attacker = select(ELEMENTS, "fire");
      const attackerAbility = element("input", { type: "checkbox" });
      const target = select(ELEMENTS, "water");
      const targetAbility = element("input", { type: "checkbox" });
      const options = textInput("", { placeholder: "e.g. gale-defends=yes" });
      const command = () =>
        [
          "rulebook clash attack",
          attacker.value + (attackerAbility.checked ? "+" : ""),
          target.value + (targetAbility.checked ? "+" : ""),
          ...options.value.split(/[\s,]+/).filter(Boolean).map((o) => `-o ${quoted(o)}`),
        ].join(" ");
      return {
        fields: [
          labelled("Attacker", attacker),
          labelled("uses its ability", attackerAbility),
          labelled("Defender", target),
          labelled("uses its ability", targetAbility),
          labelled("Rules options", options),
        ],
        command,
      };
    },
    "elestrals-stats"(root) {
      const attack = element("input", { type: "number", min: "0", max: "99", value: "3" });
      const defense = element("input", { type: "number", min: "0", max: "99", value: "2" });
      const effects = textInput("swap; attack +2; set defense 0", { placeholder: "effects in order, separated by ;" });
      const command = () =>
        [
          "rulebook elestrals stats",
          attack.value || "0",
          defense.value || "0",
          ...effects.value.split(";").map((e) => e.trim()).filter(Boolean).map(quoted),
        ].join(" ");
      return {
        fields: [labelled("Attack", attack), labelled("Defense", defense), labelled("Effects, in order (;)", effects)],
        command,
      };
    },
    "elestrals-legal"(root) {
      const text = element("textarea", { rows: "12", spellcheck: "false", class: "rulebook-position" });
      text.value = root.dataset.example || "";
      return {
        fields: [labelled("A position (TOML), as `rulebook elestrals legal` reads it", text)],
        command: () => "rulebook elestrals legal position.toml --cards examples/elestrals/cards.toml",
        files: () => ({ "/home/pyodide/rulebook/position.toml": text.value }),
      };
    },
    "elephants-order"(root) {
      const spells = textInput("P1:stupefy P2:root P1:accelerator", { placeholder: "OWNER:SPELL ..." });
      const clash = select(["1", "2", "3", "4"], "1");
      const ringleader = select(["P1", "P2", "P3", "P4"], "P1");
      const command = () =>
        [
          "rulebook elephants order",
          ...spells.value.split(/\s+/).filter(Boolean).map(quoted),
          "--clash",
          clash.value,
          "--ringleader",
          ringleader.value,
        ].join(" ");
      return {
        fields: [labelled("Spells (OWNER:NAME)", spells), labelled("Clash", clash), labelled("Ringleader", ringleader)],
        command,
      };
    },
    "elementals-hint"(root) {
      const seed = element("input", { type: "number", min: "0", value: "7" });
      const layout = select(["1", "2", "3"], "1");
      const moves = element("textarea", { rows: "4", spellcheck: "false", class: "rulebook-position" });
      moves.value = "draw\n5D > QH\n6H > KD";
      const played = () => moves.value.split("\n").map((line) => line.trim()).filter(Boolean);
      return {
        fields: [
          labelled("Seed", seed),
          labelled("Layout", layout),
          labelled("Moves played so far, one a line, as a move log writes them (empty: the deal)", moves),
        ],
        command: () =>
          played().length
            ? "rulebook elementals hint --log game.log"
            : `rulebook elementals hint --seed ${seed.value || 0}${layout.value === "1" ? "" : ` --layout ${layout.value}`}`,
        files: () => ({
          "/home/pyodide/rulebook/game.log": [`seed ${seed.value || 0}`, `layout ${layout.value}`, ...played(), ""].join("\n"),
        }),
      };
    },
  };

  function tools() {
    for (const root of document.querySelectorAll("div.rulebook-tool[data-tool]")) {
      const make = TOOLS[root.dataset.tool];
      if (!make || root.dataset.built) continue;
      root.dataset.built = "true";
      if (!supported) {
        root.append(element("p", { class: "rulebook-status", text: `This tool is unavailable: ${state.text}.` }));
        continue;
      }
      const tool = make(root);
      const fields = element("div", { class: "rulebook-tool-fields" }, ...tool.fields);
      const panel = runner(tool.command(), { files: tool.files, label: "Run" });
      const refresh = () => {
        panel.field.value = tool.command();
      };
      fields.addEventListener("input", refresh);
      fields.addEventListener("change", refresh);
      fields.addEventListener("focusin", start, { once: true });
      const go = element("button", { type: "button", class: "md-button md-button--primary", text: "Answer" });
      go.addEventListener("click", () => {
        refresh();
        panel.run();
      });
      root.append(fields, go, panel);
    }
  }

  // ---- offline: the service worker, and this page kept for the next visit without a network ---------------
  function offline() {
    if (!("serviceWorker" in navigator) || !window.caches) return;
    navigator.serviceWorker
      .register(new URL("rulebook-sw.js", BASE), { scope: BASE.pathname })
      .then(() => navigator.serviceWorker.ready)
      .then(async () => {
        const cache = await caches.open("rulebook-pages");
        const assets = [
          location.href.split("#")[0],
          new URL("rulebook-rules.json", BASE).href,
          ...[...document.querySelectorAll("link[rel=stylesheet], link[rel=icon]")].map((link) => link.href),
          ...[...document.querySelectorAll("script[src]")].map((script) => script.src),
          new URL("javascripts/rulebook-worker.js", BASE).href,
        ];
        await Promise.all(assets.map((url) => cache.add(url).catch(() => {})));
      })
      .catch(() => {});
  }

  // A returning visitor has the engine's files kept: start it while the page is idle, so the first question
  // is answered at once. A first visit starts it only when asked (it is a download of about 20 MB).
  function warmStart() {
    if (!supported || !window.caches) return;
    const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 1000));
    idle(() =>
      caches
        .has("rulebook-py-manifest")
        .then((kept) => kept && start())
        .catch(() => {}),
    );
  }

  function main() {
    askBox();
    tryControls();
    tools();
    offline();
    warmStart();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
})();
