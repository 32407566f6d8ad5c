// Small DOM helpers shared by the page's sections.

/** An element: el('td', { class: 'x' }, 'text', child). Attributes starting with "on" are listeners. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? '' : value);
  }
  node.append(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
  return node;
}

export const $ = (id) => document.getElementById(id);

/**
 * Shows a message box: a title, the detail (e.g. an error's message) and, for errors with a code, the
 * code. kind: 'error' (default), 'info'.
 */
export function showMessage(box, { title, detail, code, hint, kind = 'error' }) {
  box.className = `message ${kind}`;
  box.replaceChildren(...[
    el('div', { class: 'message-title' }, code ? el('span', { class: 'code' }, code) : null, title),
    detail ? el('div', { class: 'message-detail' }, detail) : null,
    hint ? el('div', { class: 'message-hint' }, hint) : null,
  ].filter(Boolean));
  box.hidden = false;
}

export function hideMessage(box) {
  box.hidden = true;
  box.replaceChildren();
}

/** Milliseconds for people, to 3 significant digits: 4.2 µs, 0.421 ms, 12.3 ms, 1.25 s. */
export function formatMs(ms) {
  if (ms >= 1000) return `${(ms / 1000).toPrecision(3)} s`;
  if (ms < 0.1) return `${Number((ms * 1000).toPrecision(3))} µs`;
  return `${Number(ms.toPrecision(3))} ms`;
}

/** Bytes for people: 836 B, 39.0 kB, 14.24 MB (powers of 1000, as npm and the README count). */
export function formatBytes(bytes) {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(1)} kB`;
  return `${(bytes / 1e6).toFixed(2)} MB`;
}

/** A rate for people: 1.23 G/s, 456 M/s, 12.3 k/s. */
export function formatRate(perSecond) {
  const [scale, unit] = [[1e9, 'G'], [1e6, 'M'], [1e3, 'k'], [1, '']].find(([s]) => perSecond >= s) ?? [1, ''];
  return `${Number((perSecond / scale).toPrecision(3))} ${unit}`;
}

/** Offers the Blob parts as a file download named `name`. */
export function download(name, parts, type = 'application/octet-stream') {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = el('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const formatShape = (dims) => `[${dims.map((d) => (d === null ? '?' : d)).join(', ')}]`;

/** An operator version chip: Floor-13. */
export const opChip = (opType, version, extra) =>
  el('span', { class: 'chip op', title: extra }, opType, el('span', { class: 'version' }, `-${version}`));

/**
 * Scrolls a section into view (smoothly unless the user asks for reduced motion) and moves keyboard
 * focus to its heading, so a keyboard or screen reader user continues where the page went.
 */
export function goToSection(id) {
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  const heading = document.querySelector(`#${id} h2`);
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  document.getElementById(id).scrollIntoView({ behavior: smooth ? 'smooth' : 'auto' });
}
