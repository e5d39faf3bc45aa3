import { userInfo } from "node:os";
import { isAbsolute, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clawperatorHome } from "../../../core/host/clawperator-home.ts";
import { userHome } from "../../../core/host/user-home.ts";

// An empty HOME (a service unit, cron) made ~/.clawperator the relative ".clawperator": caches landed in whatever
// folder the CLI ran from.
describe("the user's home", () => {
  const saved = process.env.HOME;
  afterEach(() => {
    process.env.HOME = saved;
  });

  it("is HOME when it is set", () => {
    process.env.HOME = "/somewhere/else";
    expect(userHome()).toBe("/somewhere/else");
  });

  it("is the account's home when HOME is empty, never a relative path", () => {
    process.env.HOME = "";
    expect(userHome()).toBe(userInfo().homedir);
    expect(clawperatorHome({})).toBe(join(userInfo().homedir, ".clawperator"));
  });

  it("CLAWPERATOR_HOME empty counts as unset; a relative one is made absolute", () => {
    process.env.HOME = "/h";
    expect(clawperatorHome({ CLAWPERATOR_HOME: "" })).toBe("/h/.clawperator");
    const relative = clawperatorHome({ CLAWPERATOR_HOME: "state" });
    expect(isAbsolute(relative)).toBe(true);
    expect(relative).toBe(join(process.cwd(), "state"));
  });
});
