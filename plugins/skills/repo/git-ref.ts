/** Characters git never allows in a ref name besides controls and space (git-check-ref-format(1)). */
const FORBIDDEN = new Set("~^:?*[\\");
const forbidden = (c: string) => c <= " " || c === "\u007f" || FORBIDDEN.has(c);

/**
 * Why `ref` is not a name `git check-ref-format --branch` would accept (a branch, tag or commit id), or undefined.
 * Refs reach git as arguments: a leading `-` would make one an option, so it is refused first of all.
 */
export function gitRefProblem(ref: string): string | undefined {
  if (ref === "") return "is empty";
  if (ref.length > 255) return "is longer than 255 characters";
  if (ref.startsWith("-")) return "starts with '-'";
  if ([...ref].some(forbidden)) return "contains a space, a control character or one of ~ ^ : ? * [ \\";
  if (ref.includes("..")) return "contains '..'";
  if (ref.includes("@{")) return "contains '@{'";
  if (ref === "@") return "is '@'";
  if (ref.startsWith("/") || ref.endsWith("/") || ref.includes("//"))
    return "starts or ends with '/', or contains '//'";
  if (ref.endsWith(".")) return "ends with '.'";
  if (ref.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock")))
    return "has a component that starts with '.' or ends with '.lock'";
  return undefined;
}
