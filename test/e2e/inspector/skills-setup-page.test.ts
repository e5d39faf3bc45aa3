import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Locator } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  chromiumPath,
  focused,
  inputValues,
  overflowX,
  SCREENSHOTS,
  skillsPage,
  TOKEN,
} from "../../helpers/skills-page.ts";
import { connectSse, type SseClient } from "../serve/sse-client.ts";

// The System setup tab in chromium (the scope of every agent): the setup queue and readiness, the Configure dialog's
// write-only API key (checked in the DOM, every response, the event stream and serve's log), installs with stand-in
// installers, global enable, and remove (workspace only; others say why).
const ctx = skillsPage();
const KEY = "page-secret-key-55173";
let sse: SseClient;
let navigations = 0;

beforeAll(async () => {
  sse = await connectSse(`${ctx.serve.url}/events`, { authorization: `Bearer ${TOKEN}` });
  ctx.page.on("framenavigated", (frame) => {
    if (frame === ctx.page.mainFrame()) navigations++;
  });
});
afterAll(() => sse?.close());
// A test that failed with the dialog open leaves the next one a page it can use.
beforeEach(async () => {
  if (await ctx.page.locator("#configure[open]").count()) await ctx.page.keyboard.press("Escape");
});

const detailOf = (name: string): Locator =>
  ctx.page.locator("#setup-details .skill-row").filter({ has: ctx.page.getByRole("heading", { name, exact: true }) });
const dialog = () => ctx.page.locator("#configure");
const dialogChip = () => dialog().locator(".summary .chip");
async function configure(name: string): Promise<void> {
  await detailOf(name)
    .getByRole("button", { name: `Configure ${name}` })
    .click();
  await dialog()
    .getByRole("heading", { name: `Configure ${name}` })
    .waitFor();
}
const close = () => dialog().getByRole("button", { name: "Close" }).click();
const installers = () => readFileSync(join(ctx.w.home, "installers.log"), "utf8");

describe.skipIf(chromiumPath === undefined)("the System setup tab in chromium", () => {
  it("says it acts for all agents; lists the setup queue and every skill's readiness, never a value", async () => {
    await ctx.open("skills");
    // A row that is not ready hands over to System setup with that skill selected.
    await ctx.page.getByRole("button", { name: "Open system setup for needs-config" }).click();
    expect(await ctx.page.getByRole("tab", { name: "System setup" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => detailOf("needs-config").getAttribute("aria-current")).toBe("true");
    await expect.poll(() => focused(ctx.page)).toBe("Configure needs-config");
    expect(await ctx.page.locator("#setup-panel .scope").textContent()).toMatch(/These actions apply to all agents/);
    const report = await ctx.status();
    const queue = report.skills.filter((s) => s.readiness === "needs-setup" || s.readiness === "disabled");
    expect(await ctx.page.locator("#setup-queue .skill-name").allTextContents()).toEqual(queue.map((s) => s.name));
    expect(await detailOf("needs-config").locator(".readiness").textContent()).toContain("deviceId ✗ unsatisfied");
    expect(await detailOf("needs-key").locator(".readiness").textContent()).toContain("ZZ_PAGE_KEY ✗ not set");
    expect(await detailOf("needs-bin").locator(".readiness").textContent()).toContain("zz-page-tool ✗ missing");
    expect(await detailOf("mac-only").locator(".readiness").textContent()).toContain("darwin ✗ not this host");
    expect(await detailOf("broken").locator(".readiness").textContent()).toContain("SKILL.md:");
    await ctx.page.evaluate("scrollTo(0, 0)");
    await ctx.page.screenshot({ path: join(SCREENSHOTS, "setup-tab-1280x800.png") });
  });

  it("an API key saved in a password field: in the config (0600), the skill Ready, never back in the page", async () => {
    await configure("needs-key");
    const field = dialog().getByLabel("API key (ZZ_PAGE_KEY)");
    expect(await field.getAttribute("type")).toBe("password");
    expect(await dialog().textContent()).toContain("API key (ZZ_PAGE_KEY): not set");
    await field.fill(KEY);
    await dialog().getByRole("button", { name: "Save key" }).click();
    await expect.poll(() => dialogChip().textContent()).toBe("Ready");
    expect(await field.inputValue()).toBe("");
    expect(await dialog().textContent()).toContain("API key (ZZ_PAGE_KEY): set");
    expect(JSON.parse(readFileSync(ctx.w.config, "utf8")).skills.entries["needs-key"].apiKey).toBe(KEY);
    expect(statSync(ctx.w.config).mode & 0o777).toBe(0o600);
    expect((await ctx.status("main")).skills.find((s) => s.name === "needs-key")).toMatchObject({
      eligible: true,
      configured: { apiKey: true },
    });
    await close();
    await ctx.page.reload();
    await detailOf("needs-key").waitFor();
    await configure("needs-key");
    // The page's DOM (every attribute, every field's value), each response it got, the event stream, serve's log.
    const values = await inputValues(ctx.page);
    expect(`${await ctx.page.content()}\n${values}`).not.toContain(KEY);
    expect(ctx.bodies.length).toBeGreaterThan(5);
    expect(ctx.bodies.filter((body) => body.includes(KEY))).toEqual([]);
    expect(sse.events.some((e) => e.event === "clawperator:skills-changed")).toBe(true);
    expect(JSON.stringify(sse.events)).not.toContain(KEY);
    expect(ctx.log()).not.toContain(KEY);
    await close();
  });

  it("an install shows its command first, streams its output and turns Setup required into Ready without a reload", async () => {
    const loads = navigations;
    await configure("needs-bin");
    expect(await dialogChip().textContent()).toBe("Setup required: program zz-page-tool");
    expect(await dialog().locator("pre.command").textContent()).toBe("$ brew install zz-page-tool");
    expect(await dialog().textContent()).toContain(
      `needs-bin is a workspace skill: check that its install recipe is one you trust. Its recipe is in ${join(ctx.w.ws, "skills", "needs-bin", "SKILL.md")}.`,
    );
    expect(existsSync(join(ctx.w.home, "installers.log"))).toBe(false);
    await ctx.page.screenshot({ path: join(SCREENSHOTS, "configure-install-1280x800.png") });
    await dialog().getByRole("button", { name: "Install: Install zz-page-tool (brew)" }).click();
    await expect.poll(() => dialogChip().textContent()).toBe("Ready");
    expect(installers()).toBe("brew install zz-page-tool\n");
    expect(await dialog().locator("pre.output").textContent()).toContain("==> Installing zz-page-tool");
    expect(await dialog().locator(".part .message").first().textContent()).toMatch(
      /^Installed\. needs-bin is a workspace skill: check that its install recipe is one you trust\. Checked again: Ready\.$/,
    );
    // The lines came as the installer printed them, on the event stream.
    expect(sse.events).toContainEqual({
      event: "clawperator:skills-install-progress",
      data: { name: "needs-bin", installId: "brew", line: "==> Installing zz-page-tool" },
    });
    await close();
    expect(await detailOf("needs-bin").locator(".chip").textContent()).toBe("Ready");
    expect(navigations).toBe(loads);
  });

  it("a failing installer shows its output and the skill stays Setup required", async () => {
    await configure("fails-install");
    await dialog()
      .getByRole("button", { name: /^Install: / })
      .click();
    await expect
      .poll(() => dialog().locator(".part .message.failed").textContent())
      .toMatch(/^Failed: uv tool install zz-broken failed \(exit 3\)/);
    expect(await dialog().locator("pre.output").textContent()).toContain("error: no package named zz-broken");
    await ctx.page.screenshot({ path: join(SCREENSHOTS, "configure-install-failed-1280x800.png") });
    expect(await dialogChip().textContent()).toBe("Setup required: program zz-broken");
    expect(installers()).toContain("uv tool install zz-broken\n");
    await close();
    expect(await detailOf("fails-install").locator(".chip").textContent()).toBe("Setup required: program zz-broken");
  });

  it("a config value it needs is named with the file to set it in; nothing to install is said so", async () => {
    await configure("needs-config");
    expect(await dialog().textContent()).toContain(
      `Set deviceId to a value in ${ctx.w.config}: this page edits only skills.entries.`,
    );
    expect(await dialog().textContent()).toContain("Nothing to install: no program it needs is missing.");
    expect(
      await dialog()
        .getByRole("button", { name: /^Install/ })
        .count(),
    ).toBe(0);
    await close();
  });

  it("turns a skill on and off for all agents", async () => {
    await configure("turned-off");
    expect(await dialogChip().textContent()).toBe("Setup required: turned off for all agents");
    await dialog().getByRole("button", { name: "Turn on for all agents" }).click();
    await expect.poll(() => dialogChip().textContent()).toBe("Ready");
    expect(JSON.parse(readFileSync(ctx.w.config, "utf8")).skills.entries["turned-off"]).toEqual({ enabled: true });
    await dialog().getByRole("button", { name: "Turn off for all agents" }).click();
    await expect.poll(() => dialogChip().textContent()).toBe("Setup required: turned off for all agents");
    await close();
  });

  it("removes a workspace skill after a confirmation naming its folder; personal and bundled say why not", async () => {
    const folder = join(ctx.w.ws, "skills", "gone-soon");
    await configure("gone-soon");
    await ctx.page.screenshot({ path: join(SCREENSHOTS, "configure-dialog-1280x800.png") });
    await dialog().getByRole("button", { name: "Remove…" }).click();
    expect(await dialog().getByRole("alert").textContent()).toBe(
      `Delete ${folder} and everything in it? Every agent loses gone-soon.`,
    );
    expect(existsSync(folder)).toBe(true);
    await dialog()
      .getByRole("button", { name: `Delete ${folder}` })
      .click();
    await expect.poll(() => detailOf("gone-soon").count()).toBe(0);
    expect(existsSync(folder)).toBe(false);
    expect(await ctx.page.locator("#setup-message").textContent()).toBe(`Removed gone-soon: deleted ${folder}.`);
    expect(await dialog().isVisible()).toBe(false);
    for (const [name, why] of [
      ["personal-one", "it is a personal skill (~/.agents/skills): remove its folder there by hand"],
      [
        "clawperator",
        "it is a bundled skill (it ships with Clawperator or a plugin): turn it off for all agents instead",
      ],
    ]) {
      await configure(name!);
      expect(
        await dialog()
          .getByRole("button", { name: /remove|delete/i })
          .count(),
      ).toBe(0);
      expect(await dialog().textContent()).toContain(`It cannot be removed here: ${why}.`);
      await close();
      // The API refuses it too, naming the source.
      const refused = await ctx.serve.request<{ error: { code: string; message: string } }>(`/skills/${name}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(refused.body.error).toMatchObject({
        code: "SKILL_NOT_REMOVABLE",
        message: `Skill ${name} cannot be removed: ${why}`,
      });
    }
    expect(existsSync(join(ctx.w.home, ".agents", "skills", "personal-one"))).toBe(true);
  });

  it("is readable at 390 px wide, dialog included; nothing ran from a skill's text", async () => {
    await ctx.page.setViewportSize({ width: 390, height: 844 });
    try {
      expect(await overflowX(ctx.page)).toBeLessThanOrEqual(0);
      await ctx.page.screenshot({ path: join(SCREENSHOTS, "setup-tab-390.png"), fullPage: true });
      await configure("needs-config");
      const box = (await dialog().boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await ctx.page.screenshot({ path: join(SCREENSHOTS, "configure-dialog-390.png") });
      await close();
    } finally {
      await ctx.page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(ctx.dialogs()).toBe(0);
    expect(ctx.errors).toEqual([]);
  });
});
