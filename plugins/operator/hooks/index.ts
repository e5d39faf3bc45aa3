// The operator's hooks run on every execution, so they are one lazily loaded module rather than four.
export { default as closeApp } from "./close-app.ts";
export { default as injectSnapshots } from "./inject-snapshots.ts";
export { captureScreenshots } from "./capture-screenshots.ts";
export { default as serviceUnavailableHint } from "./service-unavailable-hint.ts";
