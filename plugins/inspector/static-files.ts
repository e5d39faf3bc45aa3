/** The inspector's files under /inspector/, with their content types; `/` is index.html. Nothing else is served. */
export const STATIC_FILES = {
  "index.html": "text/html; charset=utf-8",
  "style.css": "text/css; charset=utf-8",
  "skills.css": "text/css; charset=utf-8",
  "app.js": "text/javascript; charset=utf-8",
  "api.js": "text/javascript; charset=utf-8",
  "dom.js": "text/javascript; charset=utf-8",
  "tree.js": "text/javascript; charset=utf-8",
  "matchers.js": "text/javascript; charset=utf-8",
  "events.js": "text/javascript; charset=utf-8",
  "recording.js": "text/javascript; charset=utf-8",
  "skill.js": "text/javascript; charset=utf-8",
  "view.js": "text/javascript; charset=utf-8",
  "tabs.js": "text/javascript; charset=utf-8",
  "live.js": "text/javascript; charset=utf-8",
  "skills-model.js": "text/javascript; charset=utf-8",
  "skill-text.js": "text/javascript; charset=utf-8",
  "skills-tab.js": "text/javascript; charset=utf-8",
  "setup-tab.js": "text/javascript; charset=utf-8",
  "configure.js": "text/javascript; charset=utf-8",
  "install.js": "text/javascript; charset=utf-8",
  "readiness.js": "text/javascript; charset=utf-8",
  "favicon.svg": "image/svg+xml",
} as const;

export type StaticFileName = keyof typeof STATIC_FILES;
