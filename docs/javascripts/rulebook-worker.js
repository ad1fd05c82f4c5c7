// The rules in the browser: a worker that runs Pyodide with the rulebook wheel, so the page never freezes.
// Started as a SharedWorker, one Python serves every page of the site open in the browser (and, where the browser
// keeps a shared worker alive across a navigation, every page of a visit): a page after the first answers at once.
// Started as a dedicated Worker (a browser without SharedWorker), it serves its one page, as before.
// Every file comes from this site's own origin (py/, written by docs/_hooks/browser.py); each is kept in the
// Cache API once loaded, so after the first visit the worker starts without a network.
// Messages in: {id, kind: "ask", question} | {id, kind: "run", line, files?: {path: text}} | {id, kind: "resources"}.
// Messages out: {kind: "status", text} while loading, {kind: "ready", seconds, phases, shared, connections} |
// {kind: "failed", reason}, and {id, code, output, ruleId?, refused?} for each request (to the page that asked).

const PY = new URL("../py/", self.location.href);
const CACHE_PREFIX = "rulebook-py-";
const nativeFetch = self.fetch.bind(self);
let cacheName = null;

async function cachedFetch(input, init) {
  const url = new URL(typeof input === "string" ? input : input.url, self.location.href);
  if (!cacheName || !url.href.startsWith(PY.href) || !self.caches) return nativeFetch(input, init);
  const cache = await caches.open(cacheName);
  const hit = await cache.match(url.href);
  if (hit) return hit;
  const response = await nativeFetch(url.href, init);
  // A cache that cannot keep it (a phone's storage full) costs the copy for the next visit, never this start.
  if (response.ok) await cache.put(url.href, response.clone()).catch(() => undefined);
  return response;
}
self.fetch = cachedFetch;

async function manifest() {
  const url = new URL("manifest.json", PY).href;
  try {
    const response = await nativeFetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const copy = response.clone();
    if (self.caches) await caches.open(CACHE_PREFIX + "manifest").then((c) => c.put(url, copy)).catch(() => undefined);
    return await response.json();
  } catch (err) {
    const hit = self.caches && (await (await caches.open(CACHE_PREFIX + "manifest")).match(url));
    if (hit) return await hit.json();
    throw err;
  }
}

async function prune(keep) {
  if (!self.caches) return;
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX) && name !== keep && name !== CACHE_PREFIX + "manifest") await caches.delete(name);
  }
}

const PYTHON = `
import importlib, json, os, sys
importlib.invalidate_caches()  # the wheels were unpacked after Python started
ROOT = "/home/pyodide/rulebook"
os.makedirs(ROOT, exist_ok=True)
os.chdir(ROOT)
os.environ["RULEBOOK_CACHE_DIR"] = "/home/pyodide/cache"
from cli.testing import UnsafeCommand, run, shell_words

_asking = importlib.import_module("rulebook.ask")

_asked = {}  # the last ruling \`rulebook ask\` computed, by its arguments: read back, not computed again
_ask = _asking.ask

def _ask_kept(question, limit=3, game=None):
    ruling = _ask(question, limit, game)
    _asked.clear()
    _asked[(question, limit, game)] = ruling
    return ruling

_asking.ask = _ask_kept  # the CLI's ask command looks it up when it runs

def rulebook_run(line):
    """A command line as a shell reads it, run as the rulebook console script: (exit code, output)."""
    line = line.strip()
    if line.startswith("$ "):
        line = line[2:]
    try:
        words = shell_words(line)
    except UnsafeCommand as err:
        return 2, f"error: {err}\\n"
    if not words or words[0] != "rulebook":
        return 2, "error: a command here starts with 'rulebook' (for example: rulebook clash attack earth water)\\n"
    os.chdir(ROOT)
    done = run(words[1:])
    return done.exit_code, done.output

def rulebook_ask(question):
    """What \`rulebook ask QUESTION\` prints, its exit code, the first ruling's ID and whether it was refused."""
    _asked.clear()
    done = run(["ask", question])
    first, refused = None, None
    if done.exit_code == 0:
        ruling = _asked.get((question, 3, None)) or _ask(question, 3, None)
        value = ruling.value if isinstance(ruling.value, dict) else {}
        refused = bool(value.get("refused"))
        hits = value.get("rulings") or []
        first = None if refused else (hits[0]["id"] if hits else (ruling.rules[0] if ruling.rules else None))
    return json.dumps({"code": done.exit_code, "output": done.output, "ruleId": first, "refused": refused})
`;

let ready = null;

// The rulebook's own cache folder (vocabulary, parsed data, search index) is kept in IndexedDB between visits,
// so only the first visit builds it; its files are named by what they were built from.
const CACHE_DIR = "/home/pyodide/cache";

function syncfs(pyodide, populate) {
  return new Promise((resolve) => pyodide.FS.syncfs(populate, () => resolve()));
}

async function boot() {
  const started = performance.now();
  const phases = {};
  let last = started;
  const lap = (name) => {
    const now = performance.now();
    phases[name] = Math.round(now - last);
    last = now;
  };
  const say = (text) => broadcast({ kind: "status", text });
  say("loading the rules engine (Python in your browser)…");
  const info = await manifest();
  cacheName = CACHE_PREFIX + info.stamp;
  await prune(cacheName);
  // Fill the cache first: Pyodide imports its modules itself, which this worker's fetch does not see (the
  // service worker serves them from this cache on later visits).
  await Promise.all(
    info.files.map(async (name) => {
      const response = await cachedFetch(new URL(name, PY).href);
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
    }),
  );
  lap("download");
  const { loadPyodide } = await import(new URL("pyodide.mjs", PY).href);
  const pyodide = await loadPyodide({ indexURL: PY.href, stdout: () => {}, stderr: () => {} });
  lap("python");
  say("installing rulebook…");
  const blobs = await Promise.all(
    [...info.wheels, "examples.zip", "cache.zip"].map(async (name) => {
      const response = await cachedFetch(new URL(name, PY).href);
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
      return [name, await response.arrayBuffer()];
    }),
  );
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const [name, blob] of blobs) {
    if (name.endsWith(".whl")) pyodide.unpackArchive(blob, "wheel", { extractDir: sitePackages });
    else if (name === "examples.zip") pyodide.unpackArchive(blob, "zip", { extractDir: "/home/pyodide/rulebook" });
  }
  // The same times on every visit of this build (the caches are named by the data files' sizes and times).
  const when = info.mtime;
  pyodide.runPython(`
import os, sysconfig
for folder, _, names in os.walk(os.path.join(sysconfig.get_path("purelib"), "rulebook")):
    for name in names:
        os.utime(os.path.join(folder, name), (${when}, ${when}))
`);
  pyodide.FS.mkdirTree(CACHE_DIR);
  let kept = false;
  try {
    pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, CACHE_DIR);
    await syncfs(pyodide, true);
    kept = true;
  } catch (err) {
    // No IndexedDB (a private window): the cache lives for this page only.
  }
  // The vocabulary, built with the site (see docs/_hooks/browser.py), so that no visit has to build it.
  const vocabulary = blobs.find(([name]) => name === "cache.zip");
  if (vocabulary) pyodide.unpackArchive(vocabulary[1], "zip", { extractDir: CACHE_DIR });
  lap("install");
  say("reading the rules…");
  pyodide.runPython(PYTHON);
  lap("import");
  // Warm up: the first question builds (or reads back) the vocabulary and the search index.
  pyodide.globals.get("rulebook_ask")("does fortify save earth on a tie");
  lap("warm");
  if (kept) await syncfs(pyodide, false);
  return { pyodide, seconds: (performance.now() - started) / 1000, phases };
}

async function handle(message) {
  const { pyodide } = await ready;
  if (message.kind === "caches") {
    // The files of the worker's cache folder: for the test that the shipped vocabulary is the one read.
    return { names: pyodide.FS.readdir(CACHE_DIR).filter((name) => !name.startsWith(".")) };
  }
  if (message.kind === "resources") {
    // What this worker fetched (its scripts, the runtime, the wheels): for the tests and the benchmark.
    return { urls: performance.getEntriesByType("resource").map((entry) => entry.name) };
  }
  if (message.files) {
    for (const [path, text] of Object.entries(message.files)) pyodide.FS.writeFile(path, text);
  }
  if (message.kind === "ask") {
    return JSON.parse(pyodide.globals.get("rulebook_ask")(message.question));
  }
  const result = pyodide.globals.get("rulebook_run")(message.line);
  const [code, output] = result.toJs();
  result.destroy();
  return { code, output };
}

// The pages this worker serves: itself when dedicated, one port per page connected when shared.
const SHARED = typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
const ports = new Set();
let connections = 0; // pages that have connected so far: more than one means a page found the engine started
let lastStatus = null;
let outcome = null; // the "ready" or "failed" message, once known: sent again to every page that connects later

function broadcast(message) {
  if (message.kind === "status") lastStatus = message;
  for (const port of ports) port.postMessage(message);
}

function serve(port) {
  ports.add(port);
  connections += 1;
  if (SHARED) port.addEventListener("close", () => ports.delete(port)); // where MessagePort says so
  port.onmessage = async (event) => {
    const message = event.data;
    if (message.kind === "start") return;
    try {
      const reply = await handle(message);
      port.postMessage({ id: message.id, ...reply });
    } catch (err) {
      port.postMessage({ id: message.id, code: 3, output: `error: the rules engine failed: ${err.message || err}\n` });
    }
  };
  if (outcome) port.postMessage({ ...outcome, connections });
  else if (lastStatus) port.postMessage(lastStatus);
}

if (SHARED) {
  self.onconnect = (event) => serve(event.ports[0]);
} else {
  serve(self);
}

ready = boot();
ready.then(
  ({ seconds, phases }) => {
    outcome = { kind: "ready", seconds, phases, shared: SHARED };
    broadcast({ ...outcome, connections });
  },
  (err) => {
    console.error(err);
    const lines = String((err && err.message) || err).trim().split("\n");
    outcome = { kind: "failed", reason: lines[lines.length - 1] };
    broadcast(outcome);
    if (SHARED) self.close(); // the next page starts a fresh one rather than connecting to a failed engine
  },
);
