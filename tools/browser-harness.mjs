// What every browser test needs: `npm start`'s server on a free loopback port and Debian's headless
// Chromium (downloaded browsers do not work here; these flags keep it off the network).
import { chromium } from 'playwright-core';
import { createServer } from './server.mjs';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Starts both; resolves to { base (the server's URL), browser, close() }. */
export async function startServerAndBrowser() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    base,
    browser,
    async close() {
      await browser.close();
      server.close();
    },
  };
}
