import { el } from "./dom.js";

const REF = /\s*\[ref=(e\d+)\]$/;

/**
 * The agent view as the agent reads it (POST /observe/matchers answers the view of POST /observe/view), one line a
 * node; a line with a ref is a button that selects that ref's node. `onSelect(ref)` and `onHover(ref | undefined)`.
 */
export function renderView(container, view, { onSelect, onHover }) {
  const rows = new Map();
  const lines = (view?.outline ?? "").split("\n").filter((line) => line !== "");
  container.replaceChildren(
    el("p", { className: "view-meta", textContent: view ? `${view.package} · view ${view.id}` : "No view" }),
    ...lines.map((line) => {
      const ref = REF.exec(line)?.[1];
      const text = ref ? line.replace(REF, "") : line;
      // The ref leads the line, so a long line never hides it.
      if (!ref) return el("div", { className: "view-line" }, [el("span", { className: "ref-gap" }), text]);
      const row = el("div", { className: "view-line has-ref", "aria-selected": "false" }, [
        el("button", { type: "button", className: "ref", textContent: ref, "aria-label": `Select ${ref}` }),
        el("span", { textContent: text }),
      ]);
      row.dataset.ref = ref;
      row.addEventListener("click", () => onSelect(ref));
      row.addEventListener("mouseenter", () => onHover(ref));
      row.addEventListener("mouseleave", () => onHover(undefined));
      rows.set(ref, row);
      return row;
    }),
  );
  return {
    mark(ref) {
      for (const [name, row] of rows) row.setAttribute("aria-selected", String(name === ref));
      rows.get(ref)?.scrollIntoView({ block: "nearest" });
    },
  };
}
