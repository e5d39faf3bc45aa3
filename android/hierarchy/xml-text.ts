import { HierarchyParseError } from "./parse-error.ts";

// The escaping rules of hierarchy_xml attribute values, both ways. Only XML's own references occur in a dump
// (&amp; &lt; &gt; &quot; &apos; and numeric ones); HTML names such as &nbsp; are an error.

const NAMED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const REFERENCE = /&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*)?(;?)/g;

function resolve(whole: string, name: string | undefined, semicolon: string, offset: number, value: string): string {
  if (name === undefined || semicolon === "") {
    throw new HierarchyParseError(
      `bare "&" in the attribute value ${JSON.stringify(value)} at character ${offset}; write it as &amp;`,
    );
  }
  if (name[0] !== "#") {
    const char = NAMED[name];
    if (char === undefined) {
      throw new HierarchyParseError(
        `unknown entity ${whole} in the attribute value ${JSON.stringify(value)}; hierarchy_xml only uses ` +
          `&amp; &lt; &gt; &quot; &apos; and numeric references`,
      );
    }
    return char;
  }
  const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  if (code > 0x10ffff) throw new HierarchyParseError(`numeric reference ${whole} is beyond U+10FFFF`);
  return String.fromCodePoint(code);
}

/** Resolves the references in a raw attribute value exactly once (`&amp;lt;` stays `&lt;`). */
export function decodeXmlValue(raw: string): string {
  return raw.includes("&") ? raw.replace(REFERENCE, resolve) : raw;
}

// Characters written as references: markup, newlines and other controls (so an element stays on one line), and
// everything outside the BMP, i.e. surrogates (real dumps write emoji as `&#128197;`).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be escaped
const NEEDS_ESCAPE = /[&<>\u0000-\u001f\ud800-\udfff]/;

/** Escapes an attribute value the way uiautomator dumps show it; `"` is left alone (see {@link xmlAttribute}). */
function encodeXmlValue(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === "&") out += "&amp;";
    else if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (code < 0x20 || code > 0xffff || (code >= 0xd800 && code <= 0xdfff)) out += `&#${code};`;
    else out += char;
  }
  return out;
}

/** ` name="value"`; a value containing `"` is single-quoted with `'` as `&apos;`, as real dumps write it. */
export function xmlAttribute(name: string, value: string): string {
  const escaped = encodeXmlValue(value);
  return value.includes('"') ? ` ${name}='${escaped.replaceAll("'", "&apos;")}'` : ` ${name}="${escaped}"`;
}
