import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { findOnPath } from "../../core/host/executables.ts";
import type { SkillStatusReport } from "../../core/services/skills.ts";
import { type RunningServe, startServe } from "../e2e/serve/serve-process.ts";
import { REPO_ROOT } from "./cli-paths.ts";
import { type SkillsWorkspace, skillMd, skillsWorkspaces } from "./skills-workspace.ts";
import { virtualSession } from "./virtual-session.ts";

export const HOSTILE = "<img src=x onerror=alert(1)>";
export const TOKEN = "skills-page-token-0123456789";
/** Where the page tests write what a person looks at (screenshots); outside git. */
export const SCREENSHOTS = join(REPO_ROOT, "test-output", "skills-page");
export const chromiumPath = findOnPath("chromium");

// Read in the browser (no DOM types in this project): expressions evaluated in the page.
/** The aria-label (else the text) of the element that has focus. */
export const focused = (page: Page) =>
  page.evaluate<string>(
    "document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''",
  );
/** How far the page is wider than its window (0 or less: no sideways scrolling). */
export const overflowX = (page: Page) =>
  page.evaluate<number>("document.documentElement.scrollWidth - window.innerWidth");
/** Every input's current value (not in the markup: typed values are properties). */
export const inputValues = (page: Page) =>
  page.evaluate<string>("[...document.querySelectorAll('input')].map((i) => i.value).join('\\n')");

const oc = (openclaw: unknown) => `metadata: ${JSON.stringify({ openclaw })}`;

/**
 * Skills in every state the page shows, from every source a person meets: ready, missing an env key (the API key),
 * a program (with a brew install a stand-in brew satisfies), a program whose uv install fails, a config path,
 * turned off for all agents, another OS, a bundled skill outside allowBundled, an unreadable SKILL.md, hostile
 * text, a personal skill and a workspace skill to remove.
 */
export function writeSkillsFixture(w: SkillsWorkspace): void {
  const ws = join(w.ws, "skills");
  w.skill(ws, "ready-one", skillMd(`name: ready-one\ndescription: Always ready.\n${oc({ emoji: "✅" })}`));
  w.skill(
    ws,
    "needs-key",
    skillMd(
      `name: needs-key\ndescription: Needs an API key.\n${oc({ requires: { env: ["ZZ_PAGE_KEY"] }, primaryEnv: "ZZ_PAGE_KEY", emoji: "🔑" })}`,
    ),
  );
  w.skill(
    ws,
    "needs-bin",
    skillMd(
      `name: needs-bin\ndescription: Needs a program brew installs.\n${oc({
        requires: { bins: ["zz-page-tool"] },
        install: [{ id: "brew", kind: "brew", formula: "zz-page-tool", bins: ["zz-page-tool"] }],
      })}`,
    ),
  );
  w.skill(
    ws,
    "fails-install",
    skillMd(
      `name: fails-install\ndescription: Its installer fails.\n${oc({
        requires: { bins: ["zz-broken"] },
        install: [{ id: "uv", kind: "uv", package: "zz-broken", bins: ["zz-broken"] }],
      })}`,
    ),
  );
  w.skill(
    ws,
    "needs-config",
    skillMd(`name: needs-config\ndescription: Needs a config value.\n${oc({ requires: { config: ["deviceId"] } })}`),
  );
  w.skill(ws, "turned-off", skillMd("name: turned-off\ndescription: Turned off for every agent."));
  w.skill(ws, "mac-only", skillMd(`name: mac-only\ndescription: Only on macOS.\n${oc({ os: ["darwin"] })}`));
  w.skill(ws, "broken", "---\nname: broken\n---\nno description\n");
  w.skill(ws, "hostile", skillMd(`name: hostile\ndescription: '${HOSTILE}'\nhomepage: 'javascript:alert(2)'`));
  w.skill(
    ws,
    "documented",
    skillMd("name: documented\ndescription: Has a homepage.\nhomepage: https://example.invalid/docs"),
  );
  w.skill(ws, "gone-soon", skillMd("name: gone-soon\ndescription: A workspace skill to remove."));
  w.skill(join(w.home, ".agents", "skills"), "personal-one", skillMd("name: personal-one\ndescription: Mine."));
  // The stand-in installers: brew puts the program on PATH; uv fails saying why.
  const log = join(w.home, "installers.log");
  w.program(
    "brew",
    `echo "brew $*" >> ${log}\necho "==> Installing $2"\nprintf '#!/bin/sh\\necho tool\\n' > ${w.bin}/zz-page-tool\nchmod 755 ${w.bin}/zz-page-tool`,
  );
  w.program("uv", `echo "uv $*" >> ${log}\necho "error: no package named zz-broken" >&2\nexit 3`);
  w.writeConfig({
    agents: { list: [{ id: "main", default: true }, { id: "other" }, { id: "narrow", skills: ["ready-one"] }] },
    skills: { allowBundled: ["ready-one"], entries: { "turned-off": { enabled: false } } },
  });
}

export interface SkillsPage {
  w: SkillsWorkspace;
  serve: RunningServe;
  browser: Browser;
  page: Page;
  /** Every response body the page received (the event stream's events are in `events`). */
  bodies: string[];
  /** What serve printed so far, stdout and stderr. */
  log(): string;
  /** Dialogs a script opened (alert, confirm): a skill's text that ran would open one. */
  dialogs(): number;
  errors: string[];
  /** `skills status --json` through the CLI, as a person at the terminal sees it. */
  status(agent?: string): Promise<SkillStatusReport>;
  /** Opens the page at a view (#skills, #setup), signing in with the token through the page's form. */
  open(view: "skills" | "setup"): Promise<void>;
}

/** A workspace, serve (token from the environment) in it, and a chromium page signed in to it. */
export function skillsPage(): SkillsPage {
  const session = virtualSession();
  const workspace = skillsWorkspaces("clawperator-skills-page-");
  const ctx = { bodies: [] as string[], errors: [] as string[] } as SkillsPage & { dialogCount: number };
  let output = "";
  ctx.dialogCount = 0;
  beforeAll(async () => {
    const w = await workspace();
    writeSkillsFixture(w);
    mkdirSync(SCREENSHOTS, { recursive: true });
    const serve = await startServe(session, ["--config", w.config], {
      cwd: w.ws,
      env: { ...w.env, CLAWPERATOR_SERVE_TOKEN: TOKEN },
    });
    for (const stream of [serve.process.stdout, serve.process.stderr])
      stream?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const browser = await chromium.launch({ executablePath: chromiumPath!, args: ["--no-sandbox"] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("dialog", (dialog) => {
      ctx.dialogCount++;
      void dialog.dismiss();
    });
    page.on("pageerror", (error) => ctx.errors.push(String(error)));
    page.on("console", (message) => {
      // The browser logs each answer that is not 2xx; the tests provoke those (the 401 before signing in, a failing
      // install) and check what the page shows. What is kept is what the page's scripts report.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        ctx.errors.push(message.text());
    });
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/events") return;
      response.text().then(
        (text) => ctx.bodies.push(text),
        () => {},
      );
    });
    Object.assign(ctx, {
      w,
      serve,
      browser,
      page,
      async open(view: "skills" | "setup") {
        await page.goto(`${serve.url}/#${view}`);
        const token = page.locator("#token");
        const rows = page.locator(view === "skills" ? "#skills-list .skill-row" : "#setup-details .skill-row");
        // Without the cookie the page asks for the token once (the status answered 401).
        await token.or(rows.first()).first().waitFor();
        if (await token.isVisible()) {
          await token.fill(TOKEN);
          await page.getByRole("button", { name: "Sign in" }).click();
        }
        await rows.first().waitFor();
      },
    });
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.serve?.stop();
  });
  ctx.log = () => output;
  ctx.dialogs = () => ctx.dialogCount;
  ctx.status = (agent) => ctx.w.json<SkillStatusReport>(["skills", "status", ...(agent ? ["--agent", agent] : [])]);
  return ctx;
}
