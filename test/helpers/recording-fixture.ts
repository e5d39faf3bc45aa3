/**
 * Recordings written exactly as docs/recording.md#the-recording-file says the APK writes them: the header line, then
 * each event with its keys in the APK's order, explicit nulls, `seq` from 0, and uiautomator-style snapshots.
 */

export interface FixtureNode {
  text?: string;
  id?: string;
  cls?: string;
  desc?: string;
  bounds: [number, number, number, number];
  clickable?: boolean;
  scrollable?: boolean;
  focused?: boolean;
  children?: FixtureNode[];
}

const xmlEscape = (value: string) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");

/** A snapshot of one app window in the APK's XML: declaration, `<hierarchy rotation>`, 2-space nested nodes. */
export function snapshot(pkg: string, nodes: FixtureNode[]): string {
  const lines = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>", '<hierarchy rotation="0">'];
  const write = (node: FixtureNode, index: number, depth: number) => {
    const [l, t, r, b] = node.bounds;
    const attributes = [
      ["index", String(index)],
      ["text", node.text ?? ""],
      ["resource-id", node.id ?? ""],
      ["class", node.cls ?? "android.widget.TextView"],
      ["package", pkg],
      ["content-desc", node.desc ?? ""],
      ["checkable", "false"],
      ["checked", "false"],
      ["clickable", String(node.clickable ?? false)],
      ["enabled", "true"],
      ["focusable", String(node.clickable ?? false)],
      ["focused", String(node.focused ?? false)],
      ["scrollable", String(node.scrollable ?? false)],
      ["long-clickable", "false"],
      ["password", "false"],
      ["selected", "false"],
      ["bounds", `[${l},${t}][${r},${b}]`],
    ]
      .map(([k, v]) => `${k}="${xmlEscape(v!)}"`)
      .join(" ");
    const pad = "  ".repeat(depth);
    if (!node.children?.length) {
      lines.push(`${pad}<node ${attributes} />`);
      return;
    }
    lines.push(`${pad}<node ${attributes}>`);
    for (const [i, child] of node.children.entries()) write(child, i, depth + 1);
    lines.push(`${pad}</node>`);
  };
  write({ cls: "android.widget.FrameLayout", bounds: [0, 0, 1080, 2400], children: nodes }, 0, 1);
  lines.push("</hierarchy>");
  return `${lines.join("\n")}\n`;
}

type Fields = Record<string, unknown>;

/** Builds a recording's lines; `seq` and `ts` advance by themselves. */
export class RecordingBuilder {
  readonly lines: string[];
  #seq = 0;
  #ts: number;

  constructor(
    readonly sessionId = "fixture-1",
    startedAt = 1_711_600_000_000,
    operatorPackage = "com.clawperator.operator",
    schemaVersion: unknown = 1,
  ) {
    this.#ts = startedAt;
    this.lines = [JSON.stringify({ type: "recording_header", schemaVersion, sessionId, startedAt, operatorPackage })];
  }

  #event(fields: Fields, type: string): this {
    this.#ts += 250;
    this.lines.push(JSON.stringify({ ts: this.#ts, seq: this.#seq++, ...fields, type }));
    return this;
  }

  window(packageName: string, snap: string | null, title: string | null = null, className: string | null = null) {
    return this.#event({ snapshot: snap, packageName, className, title }, "window_change");
  }

  /** A click on `node` (its fields as the APK reads them from the source node), seen on `snap`. */
  click(packageName: string, node: FixtureNode, snap: string | null) {
    const [left, top, right, bottom] = node.bounds;
    return this.#event(
      {
        snapshot: snap,
        packageName,
        resourceId: node.id ?? null,
        text: node.text?.trim() || null,
        contentDesc: node.desc?.trim() || null,
        bounds: { left, top, right, bottom },
      },
      "click",
    );
  }

  scroll(packageName: string, scrollY: number, maxScrollY = 4000) {
    return this.#event(
      { snapshot: null, packageName, resourceId: null, scrollX: 0, scrollY, maxScrollX: 0, maxScrollY },
      "scroll",
    );
  }

  /** One text_change per keystroke, each with the whole field's text so far, as the APK records typing. */
  type(packageName: string, text: string) {
    for (let i = 1; i <= text.length; i++)
      this.#event({ snapshot: null, packageName, resourceId: null, text: text.slice(0, i) }, "text_change");
    return this;
  }

  back(snap: string | null) {
    return this.#event({ snapshot: snap, key: "back" }, "press_key");
  }

  /** Any line, as written. */
  raw(line: string) {
    this.lines.push(line);
    return this;
  }

  text(): string {
    return `${this.lines.join("\n")}\n`;
  }
}
