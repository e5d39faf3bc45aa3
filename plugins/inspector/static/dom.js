// Every piece of device text reaches the page as a text node: strings given to el() are never parsed as HTML.

/** An element with properties (attributes for names with a dash) and children (strings become text nodes). */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key.includes("-")) node.setAttribute(key, String(value));
    else node[key] = value;
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

export const byId = (id) => document.getElementById(id);

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
