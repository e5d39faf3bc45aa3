// How the page names a node to an action: the ref of the agent view when it has one (as an agent would), else the
// matcher the server found unique for it (POST /observe/matchers: the core's algorithm, not the page's).

const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;

/** The shell-quoted CLI line that clicks what the matcher selects. */
export function clickCommand(matcher, deviceId) {
  return `clawperator action click --selector ${quote(JSON.stringify(matcher))} --device-id ${quote(deviceId)}`;
}

/**
 * The params that select the node for an action of `type` (its ref, else its unique matcher; for a click, a matcher
 * of a node inside it or its centre), under the param name `slot`; undefined when nothing selects it alone.
 */
export function selectorParams(target, type, slot = "matcher") {
  if (!target) return undefined;
  if (target.ref) return { ref: target.ref };
  if (target.matcher) return { [slot]: target.matcher };
  if (type !== "click") return undefined;
  if (target.clickMatcher) return { matcher: target.clickMatcher };
  return target.coordinate ? { coordinate: target.coordinate } : undefined;
}
