/*
 * Firefox bridge of the cross-engine tests: drives Debian's firefox-esr with
 * puppeteer-core over WebDriver BiDi (no geckodriver is packaged here), and
 * answers the Python driver (tests/other_browsers/drivers.py) in JSON lines.
 *
 * Why a bridge: puppeteer is Node-only and Playwright's stock-Firefox mode
 * fails with Firefox ESR; the Python tests stay written once for every engine.
 *
 * argv[2]: JSON {executablePath, proxy: "host:port", width, height}.
 * stdin, one JSON per line: {id, op, ...}; stdout: {id, ok, value} or {id, ok: false, error}.
 * ops: goto {url}, reload, run {body, args} (a function body, `arguments` as in
 * WebDriver's execute script; a returned promise is awaited), click {selector, timeout},
 * quit. Nothing here knows the app: the tests say what to do.
 */
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const conf = JSON.parse(process.argv[2] || "{}");
const [proxyHost, proxyPort] = (conf.proxy || "").split(":");
const prefs = proxyHost ? {
  // every request that is not loopback goes to the test's trap proxy (see outside_trap.py)
  "network.proxy.type": 1,
  "network.proxy.http": proxyHost, "network.proxy.http_port": Number(proxyPort),
  "network.proxy.ssl": proxyHost, "network.proxy.ssl_port": Number(proxyPort),
  "network.proxy.no_proxies_on": "",
  "network.proxy.allow_hijacking_localhost": false,
  "network.proxy.share_proxy_settings": true,
} : {};
// Firefox's own background services (remote settings, captive portal, safe browsing,
// telemetry) would otherwise call home through the trap and read as the app's requests.
Object.assign(prefs, {
  "services.settings.server": "http://127.0.0.1:9/",
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "browser.safebrowsing.downloads.enabled": false,
  "browser.safebrowsing.provider.mozilla.updateURL": "",
  "app.update.enabled": false,
  "app.normandy.enabled": false,
  "extensions.update.enabled": false,
  "extensions.getAddons.cache.enabled": false,
  "datareporting.healthreport.uploadEnabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.enabled": false,
  "browser.region.network.url": "",
  "browser.search.update": false,
  "network.dns.disablePrefetch": true,
  "network.prefetch-next": false,
});

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: conf.executablePath || "/usr/bin/firefox-esr",
  headless: true,
  extraPrefsFirefox: prefs,
  // lets "services.settings.server" above take effect in a release build
  env: { ...process.env, MOZ_REMOTE_SETTINGS_DEVTOOLS: "1" },
  protocolTimeout: 600_000,
});
const [first] = await browser.pages();
const page = first || (await browser.newPage());
await page.setViewport({ width: conf.width || 1024, height: conf.height || 768 });
page.setDefaultTimeout(180_000);
page.setDefaultNavigationTimeout(180_000);

function say(msg) { process.stdout.write(JSON.stringify(msg) + "\n"); }

const OPS = {
  async goto({ url }) { await page.goto(url, { waitUntil: "load" }); return null; },
  async reload() { await page.reload({ waitUntil: "load" }); return null; },
  async run({ body, args }) {
    return page.evaluate((b, a) => (new Function(b)).apply(null, a), body, args || []);
  },
  async click({ selector, timeout }) {
    await page.locator(selector).setTimeout(timeout || 30_000).click();
    return null;
  },
  async version() { return browser.version(); },
  async quit() { await browser.close(); return null; },
};

say({ id: 0, ok: true, value: await browser.version() });
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) { continue; }
  const msg = JSON.parse(line);
  try {
    const value = await OPS[msg.op](msg);
    say({ id: msg.id, ok: true, value: value === undefined ? null : value });
  } catch (e) {
    say({ id: msg.id, ok: false, error: String(e && e.stack ? e.stack : e) });
  }
  if (msg.op === "quit") { break; }
}
process.exit(0);
