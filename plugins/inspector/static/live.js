// The page's one stream of GET /events (the cookie rides along): every part of the page listens on it, so the page
// holds one of the server's stream slots, not one per view.

let source;
const listeners = new Map();
const reopened = new Set();

function stream() {
  if (source) return source;
  source = new EventSource("/events", { withCredentials: true });
  let opened = false;
  // After a reconnect, what was missed meanwhile is read again by whoever asked.
  source.addEventListener("open", () => {
    if (opened) for (const listener of reopened) listener();
    opened = true;
  });
  return source;
}

/** Calls `listener(payload)` for each event `name`; returns what stops it. */
export function onEvent(name, listener) {
  let set = listeners.get(name);
  if (!set) {
    set = new Set();
    listeners.set(name, set);
    const those = set;
    stream().addEventListener(name, (message) => {
      const payload = JSON.parse(message.data);
      for (const each of those) each(payload);
    });
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Calls `listener()` each time the stream comes back after it dropped (events may have been missed). */
export function onReconnect(listener) {
  stream();
  reopened.add(listener);
}
