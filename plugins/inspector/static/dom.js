// Every piece of device text reaches the page as a text node: strings given to el() are never parsed as HTML.

/** An element with properties (attributes for names with a dash) and children (strings become text nodes). */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key.includes("-") || key === "role") node.setAttribute(key, String(value));
    else node[key] = value;
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

export const byId = (id) => document.getElementById(id);

/** Marks an element so a view drawn again can give focus back to its new copy (`restoreFocus`). */
export function focusKey(node, key) {
  node.dataset.focusKey = key;
  return node;
}

/** Draws `draw()` and gives focus back to the element with the key the focused one had, if it is drawn again. */
export function redraw(container, draw) {
  const key = container.contains(document.activeElement) ? document.activeElement.dataset.focusKey : undefined;
  draw();
  if (key === undefined) return;
  for (const node of container.querySelectorAll("[data-focus-key]"))
    if (node.dataset.focusKey === key) return node.focus();
}

/** Copies text to the clipboard; the button says whether it worked. */
export function copyButton(label, text) {
  const button = el("button", { type: "button", textContent: label });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Copy failed";
    }
    setTimeout(() => (button.textContent = label), 1200);
  });
  return button;
}
