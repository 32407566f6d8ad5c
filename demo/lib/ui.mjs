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
  box.replaceChildren(
    el('div', { class: 'message-title' }, code ? el('span', { class: 'code' }, code) : null, title),
    detail ? el('div', { class: 'message-detail' }, detail) : null,
    hint ? el('div', { class: 'message-hint' }, hint) : null,
  );
  box.hidden = false;
}

export function hideMessage(box) {
  box.hidden = true;
  box.replaceChildren();
}

/** Milliseconds for people: 0.42 ms, 12.3 ms, 1.25 s. */
export function formatMs(ms) {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
}

export const formatShape = (dims) => `[${dims.map((d) => (d === null ? '?' : d)).join(', ')}]`;

/** An operator version chip: Floor-13. */
export const opChip = (opType, version, extra) =>
  el('span', { class: 'chip op', title: extra }, opType, el('span', { class: 'version' }, `-${version}`));

/** Scrolls a section into view, smoothly unless the user asks for reduced motion. */
export function scrollToSection(id) {
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(id).scrollIntoView({ behavior: smooth ? 'smooth' : 'auto' });
}
