export { area, boundsOf, center, contains, formatBounds, parseBounds } from "./bounds.ts";
export { HierarchyIndex } from "./hierarchy-index.ts";
export { findAll, findFirst, labelOf, matchesNode, type MatcherFields } from "./matcher.ts";
export { parseHierarchy } from "./parse.ts";
export { HierarchyParseError } from "./parse-error.ts";
export { inferRole } from "./roles.ts";
export { firstScrollable, firstScrollableDescendant, isScrollable } from "./scrollables.ts";
export { serializeHierarchy, type HierarchyLayout } from "./serialize.ts";
export { ROLES, type Bounds, type Role, type UiHierarchy, type UiNode } from "./types.ts";
