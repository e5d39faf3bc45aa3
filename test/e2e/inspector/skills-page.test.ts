import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SkillStatus } from "../../../core/services/skills.ts";
import { chromiumPath, focused, HOSTILE, overflowX, SCREENSHOTS, skillsPage } from "../../helpers/skills-page.ts";

// The Skills tab in chromium (the agent scope): the chips against `skills status`, search and filter, the
// allow switch writing only the selected agent's allowlist, hostile SKILL.md text, the keyboard, 1280×800 and 390 px.
const ctx = skillsPage();

/** The page's three chips, from the status's readiness. */
const CHIP: Record<SkillStatus["readiness"], string> = {
  ready: "Ready",
  "needs-setup": "Setup required",
  disabled: "Setup required",
  unsupported: "Not supported",
  blocked: "Not supported",
  invalid: "Not supported",
};

const rowOf = (name: string): Locator =>
  ctx.page.locator("#skills-list .skill-row").filter({ has: ctx.page.getByRole("heading", { name, exact: true }) });
const shownNames = async () => ctx.page.locator("#skills-list .skill-name").allTextContents();
const agents = () => JSON.parse(readFileSync(ctx.w.config, "utf8")).agents.list as { id: string; skills?: string[] }[];

describe.skipIf(chromiumPath === undefined)("the Skills tab in chromium", () => {
  it("shows one row per skill with the chip `skills status` implies, saying what setup is missing", async () => {
    await ctx.open("skills");
    const report = await ctx.status("main");
    // The fixture covers every readiness the status has.
    expect(new Set(report.skills.map((s) => s.readiness))).toEqual(new Set(Object.keys(CHIP)));
    expect(await shownNames()).toEqual(report.skills.map((s) => s.name));
    for (const skill of report.skills) {
      const chip = (await rowOf(skill.name).locator(".chip").textContent())!;
      expect(chip.startsWith(CHIP[skill.readiness]), `${skill.name}: ${chip}`).toBe(true);
    }
    expect(await rowOf("needs-key").locator(".chip").textContent()).toBe("Setup required: env ZZ_PAGE_KEY");
    expect(await rowOf("needs-bin").locator(".chip").textContent()).toBe("Setup required: program zz-page-tool");
    expect(await rowOf("needs-config").locator(".chip").textContent()).toBe("Setup required: config deviceId");
    expect(await rowOf("turned-off").locator(".chip").textContent()).toBe("Setup required: turned off for all agents");
    expect(await rowOf("mac-only").locator(".chip").textContent()).toBe("Not supported: macOS only");
    expect(await rowOf("clawperator").locator(".chip").textContent()).toBe(
      "Not supported: bundled, not in skills.allowBundled",
    );
    expect(await rowOf("ready-one").locator(".chip").textContent()).toBe("Ready");
    // Emoji, description and source tier are on the row.
    expect(await rowOf("ready-one").textContent()).toContain("✅");
    expect(await rowOf("ready-one").textContent()).toContain("workspace (./skills)");
    expect(await rowOf("personal-one").textContent()).toContain("personal (~/.agents/skills)");
    expect(await rowOf("clawperator").textContent()).toContain("bundled");
    // Not ready: a way to System setup, never a setup action here.
    expect(
      await rowOf("needs-key")
        .getByRole("button", { name: /open system setup/i })
        .count(),
    ).toBe(1);
    expect(
      await rowOf("ready-one")
        .getByRole("button", { name: /open system setup/i })
        .count(),
    ).toBe(0);
    expect(
      await ctx.page
        .locator("#skills-panel")
        .getByRole("button", { name: /^(install|configure|remove)/i })
        .count(),
    ).toBe(0);
    // The copy: this agent only, and when it applies.
    expect(await ctx.page.locator("#skills-scope").textContent()).toMatch(/main's allowlist only/);
    expect(await ctx.page.locator("#skills-applies").textContent()).toMatch(/next session.*at once; this server does/);
  });

  it("search and the status filter narrow the list", async () => {
    const report = await ctx.status("main");
    await ctx.page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Setup required" });
    expect(await shownNames()).toEqual(
      report.skills.filter((s) => CHIP[s.readiness] === "Setup required").map((s) => s.name),
    );
    await ctx.page.getByRole("searchbox", { name: "Search" }).fill("program");
    expect(await shownNames()).toEqual(["needs-bin"]);
    await ctx.page.getByRole("combobox", { name: "Status" }).selectOption({ label: "All" });
    await ctx.page.getByRole("searchbox", { name: "Search" }).fill("macos");
    expect(await shownNames()).toEqual(["mac-only"]);
    await ctx.page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Ready" });
    expect(await shownNames()).toEqual([]);
    expect(await ctx.page.locator("#skills-count").textContent()).toBe(`0 of ${report.skills.length} skills`);
    await ctx.page.getByRole("searchbox", { name: "Search" }).fill("");
    await ctx.page.getByRole("combobox", { name: "Status" }).selectOption({ label: "All" });
    expect((await shownNames()).length).toBe(report.skills.length);
  });

  it("a switch edits only the selected agent's allowlist, turning 'every skill' into a list it names", async () => {
    const before = agents();
    expect(await ctx.page.locator("#skills-list-note").textContent()).toMatch(/main has no allowlist/);
    const every = (await ctx.status("main")).skills.filter((s) => !s.invalid).map((s) => s.name);
    await ctx.page.getByRole("switch", { name: "Skill ready-one" }).click();
    await expect.poll(() => agents()[0]!.skills).toEqual(every.filter((n) => n !== "ready-one"));
    expect(agents().slice(1)).toEqual(before.slice(1));
    await expect
      .poll(() => ctx.page.locator("#skills-message").textContent())
      .toMatch(/ready-one is off for main.*now has an explicit one of \d+ skills: skills added later stay off/);
    const main = await ctx.status("main");
    expect(main.skills.filter((s) => s.blockedByAgentFilter).map((s) => s.name)).toEqual(
      main.skills.filter((s) => s.invalid || s.name === "ready-one").map((s) => s.name),
    );
    expect((await ctx.status("other")).skills.every((s) => !s.blockedByAgentFilter)).toBe(true);
    expect(await ctx.page.getByRole("switch", { name: "Skill ready-one" }).isChecked()).toBe(false);
    // On again: the list now names it too.
    await ctx.page.getByRole("switch", { name: "Skill ready-one" }).click();
    await expect.poll(() => agents()[0]!.skills).toContain("ready-one");
    expect((await ctx.status("main")).skills.find((s) => s.name === "ready-one")!.blockedByAgentFilter).toBe(false);
  });

  it("the agent picker shows another agent's allowlist; its switches edit that agent only", async () => {
    const picker = ctx.page.getByRole("combobox", { name: "Agent" });
    expect(await picker.locator("option").allTextContents()).toEqual(["main (default)", "other", "narrow"]);
    await picker.selectOption("narrow");
    await expect.poll(() => ctx.page.getByRole("switch", { name: "Skill needs-key" }).isChecked()).toBe(false);
    expect(await ctx.page.getByRole("switch", { name: "Skill ready-one" }).isChecked()).toBe(true);
    expect(await ctx.page.locator("#skills-list-note").textContent()).toMatch(/narrow may use only the 1 skill/);
    const before = agents();
    await ctx.page.getByRole("switch", { name: "Skill needs-key" }).click();
    await expect.poll(() => agents()[2]!.skills).toEqual(["ready-one", "needs-key"]);
    expect(agents().slice(0, 2)).toEqual(before.slice(0, 2));
    const narrow = await ctx.status("narrow");
    expect(narrow.skills.filter((s) => !s.blockedByAgentFilter).map((s) => s.name)).toEqual(["needs-key", "ready-one"]);
    await picker.selectOption("main");
  });

  it("hostile SKILL.md text is shown as text and runs nothing; a homepage links only http(s), without referrer", async () => {
    const hostile = rowOf("hostile");
    expect(await hostile.locator(".skill-desc").textContent()).toBe(HOSTILE);
    expect(await ctx.page.locator("#skills-list img").count()).toBe(0);
    expect(await hostile.locator("a").count()).toBe(0);
    expect(await hostile.textContent()).toContain("homepage: javascript:alert(2)");
    const link = rowOf("documented").getByRole("link");
    expect(await link.getAttribute("href")).toBe("https://example.invalid/docs");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(ctx.dialogs()).toBe(0);
  });

  it("is keyboard reachable: arrow keys move between tabs, Tab reaches a switch and Space turns it", async () => {
    await ctx.page.getByRole("tab", { name: "Device" }).focus();
    await ctx.page.keyboard.press("ArrowRight");
    expect(await ctx.page.getByRole("tab", { name: "Skills" }).getAttribute("aria-selected")).toBe("true");
    expect(await focused(ctx.page)).toBe("Skills");
    for (let i = 0; i < 80 && (await focused(ctx.page)) !== "Skill mac-only"; i++) await ctx.page.keyboard.press("Tab");
    expect(await focused(ctx.page)).toBe("Skill mac-only");
    await ctx.page.keyboard.press("Space");
    await expect.poll(() => agents()[0]!.skills).not.toContain("mac-only");
    await expect.poll(() => ctx.page.locator("#skills-message").textContent()).toMatch(/^mac-only is off for main/);
    // Drawn again, the list gives focus back to the same switch.
    await expect.poll(() => focused(ctx.page)).toBe("Skill mac-only");
    await ctx.page.keyboard.press("Space");
    await expect.poll(() => agents()[0]!.skills).toContain("mac-only");
    await expect.poll(() => ctx.page.locator("#skills-message").textContent()).toMatch(/^mac-only is allowed for main/);
  });

  it("is readable at 1280×800 (screenshot) and at 390 px wide, nothing wider than the window", async () => {
    await ctx.page.evaluate("scrollTo(0, 0)");
    await ctx.page.screenshot({ path: join(SCREENSHOTS, "skills-tab-1280x800.png") });
    await ctx.page.setViewportSize({ width: 390, height: 844 });
    try {
      expect(await overflowX(ctx.page)).toBeLessThanOrEqual(0);
      expect(await rowOf("needs-key").getByRole("switch").isVisible()).toBe(true);
      await ctx.page.screenshot({ path: join(SCREENSHOTS, "skills-tab-390.png"), fullPage: true });
    } finally {
      await ctx.page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(ctx.errors).toEqual([]);
  });
});
