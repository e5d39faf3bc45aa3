/**
 * The in-memory shape of a uiautomator-style hierarchy dump (hierarchy_xml).
 * Attribute values are stored decoded (entities resolved); serializers escape them again.
 */
export interface UiNode {
  /** Attributes in document order, decoded. Standard keys: index text resource-id class package
   * content-desc checkable checked clickable enabled focusable focused scrollable long-clickable
   * password selected bounds; real dumps add drawing-order, hint, NAF, visible-to-user, ... */
  attributes: Record<string, string>;
  children: UiNode[];
}

export interface UiHierarchy {
  /** `rotation` attribute of <hierarchy>, "0" when absent. */
  rotation: string;
  /** Other attributes found on <hierarchy>, kept so a dump round-trips. */
  attributes: Record<string, string>;
  /** Top-level nodes: one per window; dialogs and overlays add more. */
  windows: UiNode[];
}

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Clawperator semantic roles a NodeMatcher's `role` field names. */
export const ROLES = [
  "button",
  "textfield",
  "text",
  "switch",
  "checkbox",
  "image",
  "listitem",
  "toolbar",
  "tab",
] as const;
export type Role = (typeof ROLES)[number];
