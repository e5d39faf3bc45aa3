export { area, boundsOf, center, contains } from "./geometry.ts";
export { findAll, findFirst, labelOf, matchesNode, type MatcherFields } from "./node-matcher.ts";
export type { Bounds, UiHierarchy, UiNode } from "./node-types.ts";
export { HierarchyParseError, parseHierarchy } from "./read-dump.ts";
export { inferRole, type Role } from "./roles.ts";
export { firstScrollableDescendant, HierarchyIndex, isScrollable } from "./tree-index.ts";
export { serializeHierarchy } from "./write-dump.ts";
