// The page's views as ARIA tabs: one tab stop, arrow keys (and Home, End) move between tabs; the view shown is kept
// in the address (#skills, #setup) so a reload or a link opens it again.
import { byId } from "./dom.js";

const NAMES = ["device", "skills", "setup"];

/** `views[name] = { show(), hide?() }`; `show` runs each time the view appears. Returns the tab controller. */
export function setUpTabs(views, handle) {
  let active;
  const tab = (name) => byId(`tab-${name}`);
  const panel = (name) => byId(tab(name).getAttribute("aria-controls"));

  function select(name, { focus = false } = {}) {
    if (active !== undefined && active !== name) views[active].hide?.();
    active = name;
    for (const other of NAMES) {
      const selected = other === name;
      tab(other).setAttribute("aria-selected", String(selected));
      tab(other).tabIndex = selected ? 0 : -1;
      panel(other).hidden = !selected;
    }
    if (focus) tab(name).focus();
    const hash = name === "device" ? "" : `#${name}`;
    if (location.hash !== hash) history.replaceState(null, "", location.pathname + location.search + hash);
    return Promise.resolve(views[name].show()).catch(handle);
  }

  for (const name of NAMES) tab(name).addEventListener("click", () => void select(name));
  tab("device")
    .closest("[role=tablist]")
    .addEventListener("keydown", (event) => {
      const at = NAMES.findIndex((name) => tab(name) === event.target);
      if (at < 0) return;
      const next = {
        ArrowRight: (at + 1) % NAMES.length,
        ArrowLeft: (at + NAMES.length - 1) % NAMES.length,
        Home: 0,
        End: NAMES.length - 1,
      }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      void select(NAMES[next], { focus: true });
    });

  return {
    select,
    /** The view the address names (#skills, #setup), else the device view. */
    fromAddress: () => (NAMES.includes(location.hash.slice(1)) ? location.hash.slice(1) : "device"),
    /** Shows the current view again (after signing in). */
    again: () => select(active ?? "device"),
  };
}
