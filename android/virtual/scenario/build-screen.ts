import type { UiNode } from "../tree/index.ts";
import type {
  DynamicValueSpec,
  ScreenSpec,
  ScrollerSpec,
  TransitionSpec,
  TransitionTarget,
  ValueRule,
} from "./scenario-types.ts";
import type { ScreenFile } from "./schema/scenario-schema.ts";
import type { IssueList } from "./scenario-error.ts";
import type { XmlSources } from "./xml-sources.ts";

function target(t: ScreenFile["transitions"][number]): TransitionTarget {
  if (t.launch !== undefined) return { kind: "launch", package: t.launch };
  if (t.to === "@back") return { kind: "back" };
  if (t.to === "@home") return { kind: "home" };
  return { kind: "screen", screen: t.to! };
}

function transition(t: ScreenFile["transitions"][number]): TransitionSpec {
  if (t.click) return { trigger: { kind: "click", matcher: t.click }, target: target(t) };
  if (t.longClick) return { trigger: { kind: "long_click", matcher: t.longClick }, target: target(t) };
  if (t.submit) return { trigger: { kind: "submit", matcher: t.submit }, target: target(t) };
  return { trigger: { kind: "back" }, target: target(t) };
}

function rule(v: ScreenFile["values"][number], screen: string): ValueRule {
  if (v.mirror)
    return { kind: "mirror", screen: v.mirror.screen ?? screen, field: v.mirror.field, attribute: v.mirror.attribute };
  if (v.values) return { kind: "list", values: v.values, everyMs: v.everyMs! };
  if (v.sine) return { kind: "sine", ...v.sine };
  if (v.count) return { kind: "count", ...v.count };
  return { kind: "linear", ...v.linear! };
}

/** A validated screen entry with its XML read and parsed; undefined when the XML is unusable (issues say why). */
export function buildScreen(id: string, file: ScreenFile, xml: XmlSources, issues: IssueList): ScreenSpec | undefined {
  const path = ["screens", id];
  const hierarchy = xml.hierarchy(file, path);
  const scrollers: ScrollerSpec[] = file.scroll.map((s, i) => ({
    container: s.container,
    orientation: s.orientation,
    pages: s.pages.map((page, p) => xml.fragment(page, [...path, "scroll", i, "pages", p]) ?? ([] as UiNode[])),
  }));
  if (!hierarchy) return undefined;
  const owner = file.package ?? hierarchy.windows[0]?.attributes.package;
  if (!owner) issues.add([...path, "package"], "is required: the hierarchy's first window has no package attribute");
  const values: DynamicValueSpec[] = file.values.map((v) => ({
    node: v.node,
    attribute: v.attribute,
    rule: rule(v, id),
    decimals: v.decimals,
    format: v.format,
  }));
  return {
    id,
    package: owner ?? "",
    hierarchy,
    overlay: file.overlay,
    transitions: file.transitions.map(transition),
    editable: file.editable,
    scrollers,
    values,
    ...(file.after ? { after: { ms: file.after.ms, to: file.after.to } } : {}),
  };
}
