import { walk } from "./tree.js";

// NodeMatcher fields the page proposes, as the device compares them: exact text, content description and id.
const FIELDS = [
  ["resourceId", "resource-id"],
  ["textEquals", "text"],
  ["contentDescEquals", "content-desc"],
];

const matches = (node, matcher) =>
  FIELDS.every(([field, attribute]) => matcher[field] === undefined || node.attributes[attribute] === matcher[field]);

/** Matchers that select this node and no other in the dump: single fields first, then pairs. */
export function uniqueMatchers(roots, node) {
  const own = FIELDS.filter(([, attribute]) => (node.attributes[attribute] ?? "") !== "").map(([field, attribute]) => [
    field,
    node.attributes[attribute],
  ]);
  const candidates = [
    ...own.map((entry) => Object.fromEntries([entry])),
    ...own.flatMap((a, i) => own.slice(i + 1).map((b) => Object.fromEntries([a, b]))),
  ];
  const all = [...walk(roots)];
  return candidates.filter((matcher) => all.filter((other) => matches(other, matcher)).length === 1);
}

/** The shell-quoted CLI line that clicks what the matcher selects. */
export function clickCommand(matcher, deviceId) {
  const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;
  return `clawperator action click --selector ${quote(JSON.stringify(matcher))} --device-id ${quote(deviceId)}`;
}
