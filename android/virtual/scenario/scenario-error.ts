export interface ScenarioIssue {
  /** Key path in the scenario, e.g. `screens.settings.transitions.2.to`; empty for the document itself. */
  path: string;
  message: string;
}

/** A scenario that cannot be used, with every problem found: where it is and why. */
export class ScenarioError extends Error {
  override readonly name = "ScenarioError";

  constructor(
    readonly origin: string,
    readonly issues: readonly ScenarioIssue[],
  ) {
    super(
      `invalid scenario ${origin}:\n` +
        `${issues.map((issue) => `  ${issue.path || "(document)"}: ${issue.message}`).join("\n")}`,
    );
  }
}

/** Collects issues while a scenario is checked, so one run reports them all. */
export class IssueList {
  readonly issues: ScenarioIssue[] = [];

  add(path: ReadonlyArray<string | number>, message: string): void {
    this.issues.push({ path: path.join("."), message });
  }

  throwIfAny(origin: string): void {
    if (this.issues.length > 0) throw new ScenarioError(origin, this.issues);
  }
}
