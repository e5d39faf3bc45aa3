/** A hierarchy_xml document that cannot be read: not XML, not a `<hierarchy>`, or a malformed reference. */
export class HierarchyParseError extends Error {
  override readonly name = "HierarchyParseError";
}
