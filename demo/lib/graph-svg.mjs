// The model's graph drawn as SVG: graph inputs, initializers, nodes and graph outputs in layers from
// top to bottom (a node one layer below the lowest of the things it reads), edges for the tensors.
const SVG = 'http://www.w3.org/2000/svg';
const BOX = { width: 150, height: 42, gapX: 22, gapY: 46, margin: 12 };

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The boxes to draw: {id, kind: 'input' | 'initializer' | 'node' | 'output', label, sub, reads: [box ids]}. */
function boxesOf(graph) {
  const producer = new Map(); // tensor name -> box id
  const boxes = [];
  const add = (box) => {
    boxes.push(box);
    return box.id;
  };
  for (const v of graph.inputs) producer.set(v.name, add({ id: `in:${v.name}`, kind: 'input', label: v.name, sub: v.type ?? '', reads: [] }));
  for (const v of graph.initializers) {
    if (!producer.has(v.name)) producer.set(v.name, add({ id: `init:${v.name}`, kind: 'initializer', label: v.name, sub: 'initializer', reads: [] }));
  }
  graph.nodes.forEach((node, i) => {
    const id = add({ id: `node:${i}`, kind: 'node', label: `${node.opType}-${node.version}`, sub: node.name, reads: node.inputs.filter(Boolean).map((t) => producer.get(t)).filter(Boolean) });
    for (const t of node.outputs) producer.set(t, id);
  });
  for (const v of graph.outputs) add({ id: `out:${v.name}`, kind: 'output', label: v.name, sub: 'output', reads: producer.has(v.name) ? [producer.get(v.name)] : [] });
  return boxes;
}

/** An <svg> of the graph (role img, named by a summary) sized to its content. */
export function drawGraph(graph) {
  const boxes = boxesOf(graph);
  const byId = new Map(boxes.map((b) => [b.id, b]));
  for (const box of boxes) box.layer = box.reads.length ? 1 + Math.max(...box.reads.map((id) => byId.get(id).layer)) : 0;
  // An initializer sits just above its first reader rather than with the graph inputs: shorter edges.
  for (const box of boxes.filter((b) => b.kind === 'initializer')) {
    const readers = boxes.filter((b) => b.reads.includes(box.id)).map((b) => b.layer);
    if (readers.length) box.layer = Math.min(...readers) - 1;
  }
  const layers = [];
  for (const box of boxes) (layers[box.layer] ??= []).push(box);
  // Within a layer, order boxes by where what they read sits (fewer crossing edges), file order on ties.
  layers.forEach((layer, depth) => {
    if (depth > 0) {
      const centre = (b) => (b.reads.length ? b.reads.reduce((sum, id) => sum + byId.get(id).x, 0) / b.reads.length : Infinity); // initializers last
      layer.sort((a, b) => centre(a) - centre(b));
    }
    layer.forEach((b, i) => { b.x = i; });
  });
  const widest = Math.max(...layers.map((l) => l.length));
  const width = 2 * BOX.margin + widest * BOX.width + (widest - 1) * BOX.gapX;
  const height = 2 * BOX.margin + layers.length * BOX.height + (layers.length - 1) * BOX.gapY;
  layers.forEach((layer) => {
    const offset = (width - (layer.length * BOX.width + (layer.length - 1) * BOX.gapX)) / 2;
    for (const b of layer) {
      b.left = offset + b.x * (BOX.width + BOX.gapX);
      b.top = BOX.margin + b.layer * (BOX.height + BOX.gapY);
    }
  });

  const edges = boxes.flatMap((to) => to.reads.map((fromId) => {
    const from = byId.get(fromId);
    const [x1, y1] = [from.left + BOX.width / 2, from.top + BOX.height];
    const [x2, y2] = [to.left + BOX.width / 2, to.top - 3];
    const bend = BOX.gapY / 2;
    return svg('path', { class: 'edge', d: `M${x1},${y1} C${x1},${y1 + bend} ${x2},${y2 - bend} ${x2},${y2}`, 'marker-end': 'url(#arrow)' });
  }));
  const shapes = boxes.map((b) => svg('g', { class: `box ${b.kind}`, 'data-box': b.id, transform: `translate(${b.left},${b.top})` },
    svg('rect', { width: BOX.width, height: BOX.height, rx: b.kind === 'node' ? 6 : BOX.height / 2 }),
    svg('text', { x: BOX.width / 2, y: b.sub ? 17 : 26, class: 'label' }, clip(b.label, 20)),
    b.sub ? svg('text', { x: BOX.width / 2, y: 33, class: 'sub' }, clip(b.sub, 24)) : '',
    svg('title', {}, `${b.label}${b.sub ? ` (${b.sub})` : ''}`)));

  const nodeCount = graph.nodes.length;
  return svg('svg', {
    // At its own size at most; on a narrow screen down to 60 % of it, beyond which its box scrolls.
    class: 'graph', role: 'img', viewBox: `0 0 ${width} ${height}`, style: `max-width: ${width}px; min-width: ${Math.round(0.6 * width)}px`,
    'aria-label': `Graph of ${nodeCount} node${nodeCount === 1 ? '' : 's'} from ${graph.inputs.length} input${graph.inputs.length === 1 ? '' : 's'} to ${graph.outputs.length} output${graph.outputs.length === 1 ? '' : 's'}: ${graph.nodes.map((n) => `${n.opType}-${n.version}`).join(', ')}`,
  },
  svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, svg('path', { d: 'M0,0 L10,5 L0,10 z' }))),
  ...edges, ...shapes);
}

const clip = (text, length) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
