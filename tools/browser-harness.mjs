// The browser tests' harness: Debian's three browser engines behind one small page API, and a loopback
// server that logs what it served. Downloaded browsers do not work here; these are the system ones.
//   Chromium  /usr/bin/chromium, driven by playwright-core over CDP
//   Firefox   /usr/bin/firefox-esr, driven by puppeteer-core over WebDriver BiDi
//   WebKit    WebKitGTK's MiniBrowser, started by WebKitWebDriver in an Xvfb display, driven by
//             selenium-webdriver over classic WebDriver
// BROWSER_ENGINES=chromium,webkit (say) runs the engine-parametric tests in fewer engines while working
// on one; `npm test` runs all three.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { after, before, describe } from 'node:test';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { Builder, By, until } from 'selenium-webdriver';
import { handleRequest } from './server.mjs';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const ENGINES = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' };
const selected = process.env.BROWSER_ENGINES?.split(',').map((e) => e.trim()) ?? Object.keys(ENGINES);
for (const engine of selected) {
  if (!(engine in ENGINES)) throw new Error(`BROWSER_ENGINES: unknown engine '${engine}' (known: ${Object.keys(ENGINES).join(', ')})`);
}

// Each engine's browser (a promise of launch()'s), launched by the first describe that needs it and
// shared by every test file the process runs (tests/browser/run.mjs runs them all in one), so that an
// engine starts once; closed after the process's last test. Pages do not share an origin: each file
// serves on a port of its own.
const launchedEngines = new Map();
let closeAtEndDeclared = false;

function sharedBrowser(engine) {
  if (!launchedEngines.has(engine)) launchedEngines.set(engine, launch(engine));
  return launchedEngines.get(engine);
}

/**
 * Declares body(browser) once per engine, inside a describe named after it: browser is that engine's,
 * launched before the describe's first test, or shared with the test files run before it in this
 * process ({ engine, name, version, newPage() }, as launch() gives). Name each test with browser.name
 * too, so that a failure names its engine.
 */
export function eachEngine(body) {
  if (!closeAtEndDeclared) {
    closeAtEndDeclared = true;
    // At the top level: a hook of the process's root test, which runs after all others.
    after(() => Promise.allSettled([...launchedEngines.values()].map(async (browser) => (await browser).close())));
  }
  for (const engine of selected) {
    describe(ENGINES[engine], () => {
      let launched;
      before(async () => {
        launched = await sharedBrowser(engine);
      });
      body({
        engine,
        name: ENGINES[engine],
        get version() {
          return launched.version;
        },
        newPage: (viewport) => launched.newPage(viewport),
      });
    });
  }
}

// WebKit's WebDriver reports no console messages, so every HTML page served through serve() loads this
// probe first: it keeps the page's uncaught errors, unhandled rejections, CSP violations and
// console.error calls where Page.consoleErrors() reads them in WebKit.
const PROBE_PATH = '/.browser-harness/error-probe.js';
const PROBE = `(() => {
  const errors = (window.__consoleErrors = []);
  const text = (v) => (v instanceof Error ? v.name + ': ' + v.message : String(v));
  addEventListener('error', (e) => errors.push(e.message));
  addEventListener('unhandledrejection', (e) => errors.push('Uncaught (in promise) ' + text(e.reason)));
  addEventListener('securitypolicyviolation', (e) => errors.push('Refused by ' + e.violatedDirective + ': ' + e.blockedURI));
  const error = console.error;
  console.error = (...args) => { errors.push(args.map(text).join(' ')); error.apply(console, args); };
})();
`;

/**
 * Makes res hold back an HTML body and send it with the probe's script tag first in <head>. Returns a
 * function giving the content type sent (sirv passes it to writeHead, where getHeader cannot see it).
 */
function injectProbe(res) {
  let type, html;
  const { writeHead, write, end } = res;
  // At writeHead (sirv gives it the headers) or, for bodies sent without it, at the first write.
  const decide = (headers = {}) => {
    if (html !== undefined) return;
    type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? res.getHeader('content-type');
    html = /^text\/html/.test(type ?? '');
    if (html) {
      for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-length') delete headers[k];
      res.removeHeader('content-length');
    }
  };
  const chunks = [];
  res.writeHead = function (status, ...rest) {
    decide(rest.find((r) => typeof r === 'object'));
    return writeHead.call(this, status, ...rest);
  };
  res.write = function (chunk, ...rest) {
    decide();
    if (!html) return write.call(this, chunk, ...rest);
    chunks.push(Buffer.from(chunk));
    return true;
  };
  res.end = function (chunk, ...rest) {
    decide();
    if (!html) return end.call(this, chunk, ...rest);
    if (chunk != null && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
    const page = Buffer.concat(chunks).toString().replace(/<head[^>]*>|^/i, (head) => `${head}<script src="${PROBE_PATH}"></script>`);
    return end.call(this, page);
  };
  return () => type ?? res.getHeader('content-type');
}

// An empty HTML page on every server's origin, for tests that only need the origin (the module, the
// models, the test cases): the demo page would load and run its own models first.
const BLANK_PATH = '/.browser-harness/blank.html';

/**
 * Serves handle(req, res) on a free loopback port. Resolves to { base, blank, requests, close() }:
 * blank is the URL of an empty page on it; requests lists each response as { path, status, type }
 * (its content type), in the order they finished.
 */
export async function serve(handle) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const path = req.url.split('?')[0];
    const sentType = injectProbe(res);
    res.on('finish', () => requests.push({ path, status: res.statusCode, type: sentType() }));
    if (path === PROBE_PATH) {
      res.setHeader('Content-Type', 'text/javascript');
      res.end(PROBE);
      return;
    }
    if (path === BLANK_PATH) {
      res.setHeader('Content-Type', 'text/html');
      res.end('<!doctype html><html><head><title>blank</title></head><body></body></html>');
      return;
    }
    handle(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${server.address().port}/`;
  return {
    base,
    blank: new URL(BLANK_PATH, base).href,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** `npm start`'s server (tools/server.mjs) on a free loopback port, as serve() gives it. */
export const serveDemo = () => serve(handleRequest);

/**
 * Starts an engine's browser. Resolves to { engine, name, version, newPage(viewport), close() }.
 * Pages: goto(url), evaluate(fn, arg) (fn runs in the page and may be async; arg and the result are
 * JSON values, with -0, NaN and ±Infinity kept), waitForSelector(css, { timeout }),
 * waitForFunction(fn, arg, { timeout }), click(css), screenshot(path), consoleErrors() (what the page's
 * scripts reported as errors: console.error, uncaught errors and rejections), close().
 */
export async function launch(engine) {
  if (engine === 'chromium') return launchChromium();
  if (engine === 'firefox') return launchFirefox();
  if (engine === 'webkit') return launchWebKit();
  throw new Error(`no browser engine '${engine}'`);
}

const DEFAULT_TIMEOUT = 30000;
// The longest one evaluate() may run, in Firefox and WebKit (Chromium's has no limit): a guard against
// a page that hangs, with room for a whole conformance run on a loaded machine.
const SCRIPT_TIMEOUT = 15 * 60000;
const DEFAULT_VIEWPORT = { width: 1280, height: 900 };

async function launchChromium() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    engine: 'chromium',
    name: ENGINES.chromium,
    version: browser.version(),
    async newPage(viewport = DEFAULT_VIEWPORT) {
      const page = await browser.newPage({ viewport });
      const errors = [];
      // Chromium's console repeats each failed request, which the others do not (serve() lists them).
      page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      return {
        goto: (url) => page.goto(url),
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        waitForSelector: (css, { timeout = DEFAULT_TIMEOUT } = {}) => page.waitForSelector(css, { timeout, state: 'attached' }),
        waitForFunction: (fn, arg, { timeout = DEFAULT_TIMEOUT } = {}) => page.waitForFunction(fn, arg, { timeout }),
        click: (css) => page.click(css),
        screenshot: (path) => page.screenshot({ path, fullPage: true }),
        consoleErrors: async () => [...errors],
        close: () => page.close(),
      };
    },
    close: () => browser.close(),
  };
}

async function launchFirefox() {
  // puppeteer's default protocol timeout (180 s) would end a long evaluate() first.
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true, protocolTimeout: SCRIPT_TIMEOUT });
  return {
    engine: 'firefox',
    name: ENGINES.firefox,
    version: (await browser.version()).replace(/^firefox\//, ''),
    async newPage(viewport = DEFAULT_VIEWPORT) {
      const page = await browser.newPage();
      await page.setViewport(viewport);
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      return {
        goto: (url) => page.goto(url),
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        waitForSelector: (css, { timeout = DEFAULT_TIMEOUT } = {}) => page.waitForSelector(css, { timeout }),
        waitForFunction: (fn, arg, { timeout = DEFAULT_TIMEOUT } = {}) => page.waitForFunction(fn, { timeout }, arg),
        click: (css) => page.click(css),
        screenshot: (path) => page.screenshot({ path, fullPage: true }),
        consoleErrors: async () => [...errors],
        close: () => page.close(),
      };
    },
    close: () => browser.close(),
  };
}

/**
 * The TCP port process pid listens on, read from /proc (Linux), or undefined while it listens on none:
 * a server started on port 0 is then found without another process taking the port first.
 */
function listeningPort(pid) {
  const sockets = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/)?.[1];
      if (inode) sockets.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  for (const line of readFileSync('/proc/net/tcp', 'utf8').trim().split('\n').slice(1)) {
    const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
    if (state === '0A' && sockets.has(inode)) return parseInt(local.split(':')[1], 16); // 0A: LISTEN
  }
  return undefined;
}

// The processes startProcess started and has not stopped: killed when the test process exits, also on
// SIGINT and SIGTERM (then the signal is raised again, for its usual effect).
const running = new Set();
const killRunning = () => running.forEach((child) => child.kill());
let cleanupInstalled = false;
function installCleanup() {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.once('exit', killRunning);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      killRunning();
      process.kill(process.pid, signal);
    });
  }
}

const STARTUP_TIMEOUT = 30000;

/**
 * Spawns command and waits (STARTUP_TIMEOUT at most) for isUp(child) to resolve: resolves to { ready
 * (what isUp gave), stop() }, or rejects if the command exits first.
 */
async function startProcess(command, args, { env, extraStdio = [] }, isUp) {
  installCleanup();
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe', ...extraStdio], env });
  running.add(child);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${command} exited (${code}) before it was ready: ${stderr.trim()}`);
  });
  let timer;
  const timedOut = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${command} not ready after ${STARTUP_TIMEOUT} ms: ${stderr.trim()}`)), STARTUP_TIMEOUT);
  });
  const stop = async () => {
    running.delete(child);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill();
      await once(child, 'exit');
    }
  };
  try {
    return { ready: await Promise.race([isUp(child), exited, timedOut]), stop };
  } catch (e) {
    await stop();
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

// WebDriver's JSON has no -0, NaN or Infinity: the page tags them and Node untags them.
const NUMBER_TAG = '__harnessNumber';
const encodeInPage = `(v) => JSON.stringify(v, (k, x) => (typeof x === 'number' && (!Number.isFinite(x) || Object.is(x, -0)) ? { ${NUMBER_TAG}: Object.is(x, -0) ? '-0' : String(x) } : x))`;
const decode = (json) => (json == null ? undefined : JSON.parse(json, (k, x) => (x && typeof x === 'object' && NUMBER_TAG in x ? Number(x[NUMBER_TAG]) : x)));

async function launchWebKit() {
  // An X display of its own: Xvfb picks a free number and writes it to fd 3.
  const xvfb = await startProcess('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { extraStdio: ['pipe'] },
    async (child) => {
      let written = '';
      for await (const chunk of child.stdio[3]) {
        written += chunk;
        if (written.includes('\n')) return `:${written.trim()}`;
      }
    });
  const display = xvfb.ready;
  let driverProcess, driver;
  try {
    driverProcess = await startProcess('/usr/bin/WebKitWebDriver', ['--port=0'], { env: { ...process.env, DISPLAY: display } }, async (child) => {
      for (;;) {
        const port = listeningPort(child.pid);
        if (port !== undefined && (await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false))) return port;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    driver = await new Builder().usingServer(`http://127.0.0.1:${driverProcess.ready}`).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    }).build();
    await driver.manage().setTimeouts({ script: SCRIPT_TIMEOUT });
  } catch (e) {
    await driverProcess?.stop();
    await xvfb.stop();
    throw e;
  }
  const version = (await driver.getCapabilities()).get('browserVersion');

  const evaluate = async (fn, arg) => decode(await driver.executeAsyncScript(`const done = arguments[arguments.length - 1];
    Promise.resolve(arguments[0] ?? undefined).then(${fn}).then((v) => done({ value: (${encodeInPage})(v) }), (e) => done({ error: e instanceof Error ? e.name + ': ' + e.message + '\\n' + e.stack : String(e) }));`, arg ?? null)
    .then(({ value, error }) => {
      if (error !== undefined) throw new Error(`in WebKit: ${error}`);
      return value;
    }));

  return {
    engine: 'webkit',
    name: ENGINES.webkit,
    version,
    async newPage(viewport = DEFAULT_VIEWPORT) {
      // WebKitGTK's driver has one window here: pages are opened one after another in it. A page still
      // open was left by a test that failed before closing it; the next one takes the window over.
      await driver.manage().window().setRect(viewport);
      return {
        goto: (url) => driver.get(url),
        evaluate,
        waitForSelector: (css, { timeout = DEFAULT_TIMEOUT } = {}) => driver.wait(until.elementLocated(By.css(css)), timeout, `no ${css} after ${timeout} ms`),
        waitForFunction: (fn, arg, { timeout = DEFAULT_TIMEOUT } = {}) => driver.wait(() => evaluate(fn, arg), timeout, `${fn} still false after ${timeout} ms`),
        click: async (css) => (await driver.findElement(By.css(css))).click(),
        screenshot: async (path) => writeFileSync(path, Buffer.from(await driver.takeScreenshot(), 'base64')),
        consoleErrors: () => evaluate(() => window.__consoleErrors ?? ['the error probe did not run: was the page served by serve()?']),
        async close() {
          await driver.get('about:blank');
        },
      };
    },
    async close() {
      try {
        await driver.quit();
      } finally {
        await driverProcess.stop();
        await xvfb.stop();
      }
    },
  };
}

/** `npm start`'s server and headless Chromium (playwright-core's Browser): { base, requests, browser, close() }. */
export async function startServerAndBrowser() {
  const server = await serveDemo();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    ...server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
