/**
 * read_text's `validatorPattern` is compiled by the APK with java.util.regex. JavaScript's engine is close; the
 * constructs only Java has are rewritten to their nearest JavaScript form before compiling: inline flags at the
 * start (`(?i)`), `\A`, `\z`/`\Z`, atomic groups and possessive quantifiers (matched greedily here).
 */
function toJavaScript(pattern: string): { source: string; flags: string } {
  let source = pattern;
  let flags = "u";
  const inline = /^\(\?([imsux]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    for (const flag of inline[1]!) if ("ims".includes(flag) && !flags.includes(flag)) flags += flag;
  }
  source = source
    .replace(/(?<!\\)((?:\\\\)*)\\A/g, "$1^")
    .replace(/(?<!\\)((?:\\\\)*)\\[zZ]/g, "$1$")
    .replace(/\(\?>/g, "(?:")
    .replace(/([*+?}])\+/g, "$1");
  return { source, flags };
}

/** Why the APK could not compile `pattern`, or undefined when it can. */
export function javaRegexProblem(pattern: string): string | undefined {
  try {
    javaRegex(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The pattern as a JavaScript RegExp that finds what Java's `Regex(pattern).containsMatchIn` finds. */
export function javaRegex(pattern: string): RegExp {
  const { source, flags } = toJavaScript(pattern);
  return new RegExp(source, flags);
}
