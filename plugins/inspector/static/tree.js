import { el } from "./dom.js";

/** A node of hierarchy_xml: its attributes, bounds, children and parent. */
function toNode(element, parent) {
  const attributes = {};
  for (const { name, value } of element.attributes) attributes[name] = value;
  const m = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(attributes.bounds ?? "");
  const node = { attributes, bounds: m ? m.slice(1).map(Number) : undefined, parent, children: [] };
  for (const child of element.children) if (child.tagName === "node") node.children.push(toNode(child, node));
  return node;
}

/** The windows of a hierarchy_xml dump (parsed as XML: nothing in it runs), or throws when it is not one. */
export function parseHierarchy(xml) {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  if (doc.querySelector("parsererror")) throw new Error("the snapshot is not well-formed XML");
  return [...doc.documentElement.children].filter((c) => c.tagName === "node").map((c) => toNode(c, undefined));
}

export function* walk(nodes) {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}

/** The smallest node whose bounds hold the device point (x, y). */
export function nodeAt(roots, x, y) {
  let best;
  for (const node of walk(roots)) {
    const b = node.bounds;
    if (!b || x < b[0] || x >= b[2] || y < b[1] || y >= b[3]) continue;
    const area = (b[2] - b[0]) * (b[3] - b[1]);
    if (!best || area <= best.area) best = { node, area };
  }
  return best?.node;
}

const shortClass = (name = "") => name.slice(name.lastIndexOf(".") + 1);

/** The collapsible tree; `onHover(node | undefined)` and `onSelect(node)` are told what the person points at. */
export function renderTree(container, roots, { onHover, onSelect }) {
  const rows = new Map();
  const item = (node) => {
    const a = node.attributes;
    const row = el("div", { className: "tree-row", "aria-selected": "false" }, [
      node.children.length ? el("button", { type: "button", className: "tree-toggle", textContent: "▾" }) : null,
      el("span", { className: "node-class", textContent: shortClass(a.class) }),
      a.text ? el("span", { className: "node-text", textContent: a.text }) : null,
      a["content-desc"] ? el("span", { className: "node-desc", textContent: a["content-desc"] }) : null,
      a["resource-id"] ? el("span", { className: "node-id", textContent: a["resource-id"] }) : null,
    ]);
    rows.set(node, row);
    const children = el("ul", { role: "group" }, node.children.map(item));
    row.addEventListener("mouseenter", () => onHover(node));
    row.addEventListener("mouseleave", () => onHover(undefined));
    row.addEventListener("click", (event) => {
      if (event.target.classList.contains("tree-toggle")) {
        children.hidden = !children.hidden;
        event.target.textContent = children.hidden ? "▸" : "▾";
        return;
      }
      onSelect(node);
    });
    return el("li", { role: "treeitem" }, [row, children]);
  };
  container.replaceChildren(el("ul", {}, roots.map(item)));
  return {
    mark(selected) {
      for (const [node, row] of rows) row.setAttribute("aria-selected", String(node === selected));
      rows.get(selected)?.scrollIntoView({ block: "nearest" });
    },
  };
}
