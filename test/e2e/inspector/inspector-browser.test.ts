import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOnPath } from "../../../core/host/executables.ts";
import { defaultScenario } from "../../../android/virtual/scenario/builtin/default.ts";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { parseScenario } from "../../../android/virtual/scenario/parse-scenario.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { startServe, type RunningServe } from "../serve/serve-process.ts";

// The inspector in a real browser: Debian's chromium (.ci/run installs it) driven by playwright-core, against a virtual
// device whose Settings screen holds a node with hostile text.
const HOSTILE = "<img src=x onerror=alert(1)>";
const executable = findOnPath("chromium");
const session = virtualSession();
let device: RunningVirtualDevice;
let serve: RunningServe;
let browser: Browser;
let page: Page;
const errors: string[] = [];
let dialogs = 0;

function hostileScenario() {
  const scenario = defaultScenario();
  const settings = scenario.screens.settings!;
  settings.hierarchy_xml = settings.hierarchy_xml!.replace("Connected devices", "&lt;img src=x onerror=alert(1)&gt;");
  return parseScenario({ ...scenario, home: "settings" }, { origin: "inspector test", defaultName: "hostile" });
}

describe.skipIf(executable === undefined)("the inspector page in chromium", () => {
  beforeAll(async () => {
    device = await session.startDevice({ scenario: hostileScenario() });
    serve = await startServe(session);
    browser = await chromium.launch({ executablePath: executable!, args: ["--no-sandbox"] });
    page = await browser.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.goto(`${serve.url}/`);
  });
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  it("lists the device and shows its screen", async () => {
    await page.getByText(device.serial).first().waitFor();
    // The page's image element, read in the browser (no DOM types here): loaded and as wide as the screen. The page
    // asks for it after the settled view, so this waits for it to load rather than polling for a second.
    const shot = await page.waitForFunction(() => {
      const image = (globalThis as { document?: { querySelector(s: string): unknown } }).document?.querySelector(
        "#shot",
      ) as { complete: boolean; naturalWidth: number } | null;
      return image?.complete && image.naturalWidth > 0 ? image.naturalWidth : false;
    });
    expect(await shot.jsonValue()).toBe(1080);
  });

  it("renders the hostile node text as text: no element from it, no script run", async () => {
    await page.getByText(HOSTILE).first().waitFor();
    expect(await page.locator("#tree img, #agent-view img").count()).toBe(0);
    expect(dialogs).toBe(0);
  });

  it("hovering a tree node outlines it on the screenshot", async () => {
    await page.locator(".tree-row", { hasText: "Network & internet" }).last().hover();
    await expect.poll(() => page.locator("#hover-box").isVisible()).toBe(true);
    const box = await page.locator("#hover-box").boundingBox();
    expect(box!.width).toBeGreaterThan(0);
  });

  it("shows the agent view with refs; selecting a ref outlines its node and the node shows that ref", async () => {
    const line = page.locator("#agent-view .view-line.has-ref", { hasText: "Network & internet" }).first();
    await line.waitFor();
    const ref = (await line.locator(".ref").textContent())!;
    expect(ref).toMatch(/^e\d+$/);
    await line.click();
    await expect.poll(() => page.locator("#selected-box").isVisible()).toBe(true);
    expect((await page.locator("#selected-box").boundingBox())!.width).toBeGreaterThan(0);
    expect(await page.locator("#node-ref").textContent()).toBe(`Ref ${ref}`);
    expect(await page.locator('.tree-row[aria-selected="true"]').count()).toBe(1);
  });

  it("clicking the Network & internet row selects that node, and its matcher selects it through the CLI", async () => {
    await page.locator(".tree-row .node-text", { hasText: /^Network & internet$/ }).click();
    await expect.poll(() => page.locator("#attributes").textContent()).toContain("Network & internet");
    const matcher = JSON.parse((await page.locator("#matchers code").first().textContent())!) as Record<string, string>;
    const read = await session.json<ExecutionOutput>([
      "action",
      "read",
      "--selector",
      JSON.stringify(matcher),
      "--device-id",
      device.serial,
    ]);
    expect(read.body.ok).toBe(true);
    expect(read.body.envelope.stepResults[0]?.data.text).toBe("Network & internet");
  });

  it("records a click from the page, parses the recording and generates a skill from it", async () => {
    // The Display row, by its ref in the agent view, as an agent acts (POST /execute resolves the ref).
    await page.locator("#agent-view .view-line.has-ref", { hasText: '"Display"' }).first().click();
    const viewBefore = await page.locator("#agent-view .view-meta").textContent();
    await page.getByRole("button", { name: "Start recording" }).click();
    await expect.poll(() => page.locator("#recording-state").textContent()).toMatch(/^Recording/);
    // Starting is an execution on the device: the page takes a new view and keeps the same node selected.
    await expect.poll(() => page.locator("#agent-view .view-meta").textContent()).not.toBe(viewBefore);
    await expect.poll(() => page.locator("#attributes").textContent()).toContain("[0,1420][1080,1580]");
    expect(await page.locator("#node-ref").textContent()).toMatch(/^Ref e\d+$/);
    await page.getByRole("button", { name: /^click$/i }).click();
    await page.locator(".tree-row .node-text", { hasText: /^Brightness level$/ }).waitFor();
    await expect.poll(() => page.locator("#events").textContent()).toMatch(/click → ok/);
    expect(await page.locator("#result").textContent()).toMatch(/"ref": "e\d+"/);

    await page.getByRole("button", { name: "Stop recording" }).click();
    await expect.poll(() => page.locator("#recording-state").textContent()).toMatch(/^Stopped/);
    await page.getByRole("button", { name: "Parse recording" }).click();
    await expect.poll(() => page.locator("#recording-steps").textContent()).toMatch(/click .*Display/);
    await page.getByRole("button", { name: "Generate skill" }).click();
    await expect.poll(() => page.locator("#skill").textContent()).toContain("clawperator skills run");
    expect(await page.locator("#skill").textContent()).toContain("SKILL.md");
    expect(errors).toEqual([]);
  });

  it("opens inspect's link signed in, and the one-time code leaves the address bar", async () => {
    const child = session.spawn(["inspect", "--port", "0"]);
    try {
      let stderr = "";
      const link = await new Promise<string>((resolve, reject) => {
        child.stderr!.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /Inspector: (\S+#signin=[0-9a-f]+)\n/.exec(stderr);
          if (match) resolve(match[1]!);
        });
        void child.then((result) => reject(new Error(`inspect exited (${result.exitCode}): ${result.stderr}`)));
      });
      const signedIn = await browser.newPage();
      await signedIn.goto(link);
      await signedIn.getByText(device.serial).first().waitFor();
      expect(new URL(signedIn.url()).hash).toBe("");
      expect(await signedIn.locator("#login").isHidden()).toBe(true);
      await signedIn.close();
    } finally {
      child.kill("SIGTERM");
      await child;
    }
  });
});
