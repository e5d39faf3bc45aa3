import type { z } from "zod";
import { formatPath, issueMessage } from "../../../core/contracts/issue-message.ts";
import { buildScreen } from "./build-screen.ts";
import { checkReferences } from "./check-references.ts";
import { IssueList } from "./scenario-error.ts";
import type { Scenario, ScreenSpec, UriRoute } from "./scenario-types.ts";
import { ScenarioSchema, type ScenarioFile } from "./schema/scenario-schema.ts";
import { XmlSources } from "./xml-sources.ts";

export interface ParseScenarioOptions {
  /** Named in errors: the file path, or `built-in scenario "<name>"`. */
  origin: string;
  /** Directory `file:` references are relative to; undefined for built-in scenarios. */
  baseDir?: string;
  /** Used when the document has no `name`. */
  defaultName: string;
}

function schemaIssues(error: z.ZodError, input: unknown, issues: IssueList): void {
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) issues.add([...issue.path.map(String), key], "is not a known key");
      continue;
    }
    const path = formatPath(issue.path);
    const message = issueMessage(issue, input);
    issues.add(
      issue.path.map(String),
      path && message.startsWith(`${path} `) ? message.slice(path.length + 1) : message,
    );
  }
}

const uriRoute = (route: ScenarioFile["uris"][number]): UriRoute => ({
  match:
    route.prefix !== undefined
      ? { kind: "prefix", prefix: route.prefix }
      : { kind: "pattern", pattern: new RegExp(route.pattern!) },
  screen: route.to,
});

/**
 * Validates a scenario document (already read from JSON/YAML) and resolves it; throws ScenarioError listing every
 * problem.
 */
export function parseScenario(source: unknown, options: ParseScenarioOptions): Scenario {
  const issues = new IssueList();
  const parsed = ScenarioSchema.safeParse(source);
  if (!parsed.success) {
    schemaIssues(parsed.error, source, issues);
    issues.throwIfAny(options.origin);
  }
  const file = parsed.data!;
  const xml = new XmlSources(options.baseDir, issues);
  const screens: Record<string, ScreenSpec> = {};
  for (const [id, screen] of Object.entries(file.screens)) {
    const built = buildScreen(id, screen, xml, issues);
    if (built) screens[id] = built;
  }
  const scenario: Scenario = {
    name: file.name ?? options.defaultName,
    origin: options.origin,
    device: { ...file.device, settings: file.device.settings },
    apps: file.apps.map((app) => ({ ...app })),
    home: file.home,
    screens,
    uris: file.uris.map(uriRoute),
    refusedGlobalActions: file.refusedGlobalActions,
  };
  // References into screens whose XML failed would only repeat that failure.
  if (issues.issues.length === 0) checkReferences(scenario, issues);
  issues.throwIfAny(options.origin);
  return scenario;
}
