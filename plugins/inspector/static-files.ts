/** The inspector's files under /inspector/, with their content types; `/` is index.html. Nothing else is served. */
export const STATIC_FILES = {
  "index.html": "text/html; charset=utf-8",
  "style.css": "text/css; charset=utf-8",
  "app.js": "text/javascript; charset=utf-8",
  "api.js": "text/javascript; charset=utf-8",
  "dom.js": "text/javascript; charset=utf-8",
  "tree.js": "text/javascript; charset=utf-8",
  "matchers.js": "text/javascript; charset=utf-8",
  "events.js": "text/javascript; charset=utf-8",
  "recording.js": "text/javascript; charset=utf-8",
  "skill.js": "text/javascript; charset=utf-8",
  "view.js": "text/javascript; charset=utf-8",
  "live.js": "text/javascript; charset=utf-8",
  "favicon.svg": "image/svg+xml",
} as const;

export type StaticFileName = keyof typeof STATIC_FILES;
