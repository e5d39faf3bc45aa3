import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { H3 } from "h3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { httpStatusOf } from "../../../core/contracts/error-codes.ts";
import type { Kernel } from "../../../core/kernel/index.ts";
import { Skills, type SkillList, type SkillRunOutcome } from "../../../core/services/skills.ts";
import skillsPlugin from "../../../plugins/skills/index.ts";
import { boot } from "../../helpers/boot-kernel.ts";
import type { HttpErrorBody } from "../../helpers/cli-output.ts";
import { FIXTURE_SKILLS as S, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-skills-routes-");
let kernel: Kernel;
let app: H3;
let registry = "";
let registryRoot = "";

/**
 * An h3 app that mounts the skills plugin's routes the way serve does: handlers from the route registry, the
 * kernel's services on `event.context.clawperator`, ClawperatorErrors as `{ ok: false, error }` at the catalogue's
 * status.
 */
beforeAll(async () => {
  registryRoot = await makeDir();
  ({ registry } = await writeSkillsRepo(registryRoot));
  vi.stubEnv("CLAWPERATOR_SKILLS_REGISTRY", registry);
  kernel = await boot([skillsPlugin]);
  app = new H3({
    silent: true,
    onError(error) {
      const cause = error.cause instanceof ClawperatorError ? error.cause : undefined;
      if (cause) return Response.json({ ok: false, error: cause.toJSON() }, { status: httpStatusOf(cause.code) });
    },
  });
  const shutdown = new AbortController();
  app.use((event) => {
    event.context.clawperator = {
      services: kernel.services,
      config: kernel.config,
      logger: kernel.logger,
      shutdown: shutdown.signal,
    };
  });
  for (const { value: route } of kernel.routes.entries())
    app.on(route.method, route.path, (await route.load()).default);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const call = async <T = unknown>(path: string, init?: RequestInit) => {
  const response = await app.request(path, init);
  return { status: response.status, body: (await response.json()) as T };
};
const post = <T = unknown>(path: string, body?: unknown) =>
  call<T>(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("skills HTTP routes (docs/http-api.md#routes)", () => {
  it("declares its routes with lazy zod schemas", async () => {
    expect(kernel.routes.keys()).toEqual([
      "GET /skills",
      "GET /skills/status",
      "GET /skills/check",
      "GET /skills/bins",
      "GET /skills/prompt",
      "GET /skills/:skillId",
      "POST /skills/:skillId/run",
      "POST /skills/:skillId/install-deps",
      "PATCH /skills/entries/:skillKey",
      "PUT /skills/agents/:agentId",
      "PATCH /skills/agents/:agentId",
      "DELETE /skills/:skillId",
      "POST /skills/install",
      "POST /skills/:skillId/update",
    ]);
    const schemas = kernel.routes.get("POST /skills/:skillId/run")!.value.schemas;
    expect(typeof schemas).toBe("function");
    const loaded = await (schemas as () => Promise<{ body: { safeParse(v: unknown): { success: boolean } } }>)();
    expect(loaded.body.safeParse({ deviceId: "x", args: ["a"] }).success).toBe(true);
    expect(loaded.body.safeParse({ args: "a" }).success).toBe(false);
  });

  it("GET /skills lists what the agent may use (?all=true: every skill); ?app=, ?intent=, ?keyword= search", async () => {
    const all = await call<SkillList>("/skills?all=true");
    const ids = all.body.skills.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(S).map((s) => s.id)));
    // The gated fixture needs NEEDS_KEY_TOKEN, which the test's environment lacks.
    const usable = (await call<SkillList>("/skills")).body.skills.map((s) => s.id);
    expect(usable).toContain(S.echo.id);
    expect(usable).not.toContain(S.gated.id);
    expect((await call("/skills?app=com.android.settings")).body).toEqual({ ok: true, skills: [S.device], count: 1 });
    expect((await call<SkillList>("/skills?keyword=parrot")).body.skills.map((s: { id: string }) => s.id)).toEqual([
      S.echo.id,
    ]);
    expect(await call("/skills?bogus=1")).toMatchObject({ status: 400, body: { ok: false, error: { code: "USAGE" } } });
  });

  it("GET /skills/:skillId answers the entry, or 404 SKILL_NOT_FOUND", async () => {
    const dir = join(registryRoot, S.recipe.path);
    expect(await call(`/skills/${S.recipe.id}`)).toEqual({
      status: 200,
      body: {
        ok: true,
        skill: S.recipe,
        filePath: join(dir, "SKILL.md"),
        baseDir: dir,
        instructions: `\n# ${S.recipe.id}\n\n${S.recipe.summary}.\n`,
      },
    });
    expect(await call(`/skills/${S.gated.id}`)).toMatchObject({
      status: 409,
      body: { ok: false, error: { code: "SKILL_NOT_ELIGIBLE", details: { missing: { env: ["NEEDS_KEY_TOKEN"] } } } },
    });
    expect(await call(`/skills/${S.gated.id}?all=true`)).toMatchObject({ status: 200 });
    expect(await call("/skills/com.nope")).toMatchObject({
      status: 404,
      body: { ok: false, error: { code: "SKILL_NOT_FOUND", message: "Skill not found: com.nope" } },
    });
  });

  it("POST /skills/:skillId/run runs the script with the body's device and args", async () => {
    const { status, body } = await post<SkillRunOutcome>(`/skills/${S.echo.id}/run`, {
      deviceId: "serial-1",
      args: ["x", "--y"],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      status: "success",
      skillId: S.echo.id,
      exitCode: 0,
      skillResult: { status: "success" },
    });
    expect(body.output).toContain('args=["serial-1","x","--y"]');
    expect((await post(`/skills/${S.shell.id}/run`)).body).toMatchObject({
      ok: true,
      output: expect.stringContaining("shell args:"),
    });
  });

  it("a failed run answers { ok: false, error } with the spec's fields at the code's status", async () => {
    const { status, body } = await post(`/skills/${S.fails.id}/run`, {});
    expect(status).toBe(httpStatusOf("SKILL_EXECUTION_FAILED"));
    expect(body).toEqual({
      ok: false,
      error: {
        code: "SKILL_EXECUTION_FAILED",
        message: `Skill ${S.fails.id} exited with code 2`,
        skillId: S.fails.id,
        exitCode: 2,
        stdout: "partial\n",
        stderr: "Timed out waiting for expected node\n",
        skillResult: null,
      },
    });
  });

  it("the route skips the CLI's validation gate (docs/skills-registry.md#serve-api-context)", async () => {
    const { body } = await post<HttpErrorBody>(`/skills/${S.missingScript.id}/run`, {});
    expect(body.error.code).toBe("SKILL_SCRIPT_NOT_FOUND");
  });

  it("indeterminate answers 200 with ok: null", async () => {
    vi.stubEnv("OBSERVED", "Bob");
    try {
      const { status, body } = await post(`/skills/${S.verified.id}/run`, { args: ["Alice"] });
      expect(status).toBe(200);
      expect(body).toMatchObject({ ok: null, status: "indeterminate", code: "SKILL_VERIFICATION_INDETERMINATE" });
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv("CLAWPERATOR_SKILLS_REGISTRY", registry);
    }
  });

  it("bad bodies get the codes every route gives: EXECUTION_VALIDATION_FAILED and INVALID_JSON (400), UNSUPPORTED_MEDIA_TYPE (415)", async () => {
    expect(await post(`/skills/${S.echo.id}/run`, { args: "nope" })).toMatchObject({
      status: 400,
      body: { error: { code: "EXECUTION_VALIDATION_FAILED", details: { issues: [{ path: "args" }] } } },
    });
    const json = { "content-type": "application/json" };
    expect(await call(`/skills/${S.echo.id}/run`, { method: "POST", headers: json, body: "{oops" })).toMatchObject({
      status: 400,
      body: { error: { code: "INVALID_JSON" } },
    });
    const text = { "content-type": "text/plain" };
    expect(await call(`/skills/${S.echo.id}/run`, { method: "POST", headers: text, body: "{}" })).toMatchObject({
      status: 415,
      body: { error: { code: "UNSUPPORTED_MEDIA_TYPE" } },
    });
  });

  it("a deviceId adb would never print is INVALID_DEVICE_ID (400), before the script runs", async () => {
    expect(await post(`/skills/${S.echo.id}/run`, { deviceId: "$(id)" })).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: { code: "INVALID_DEVICE_ID", message: 'device id "$(id)" is not a device serial adb prints' },
      },
    });
  });
});

describe("the skills API over HTTP", () => {
  it("status, check, bins and prompt answer; ?agent= and X-Clawperator-Agent pick the allowlist", async () => {
    const status = await call<{ ok: boolean; skills: { name: string }[]; config: { hash: string | null } }>(
      "/skills/status",
    );
    expect(status).toMatchObject({ status: 200, body: { ok: true } });
    expect(status.body.skills.map((s) => s.name)).toEqual(expect.arrayContaining([S.echo.id, S.gated.id]));
    expect(await call("/skills/check")).toMatchObject({ status: 200, body: { ok: true, summary: expect.any(Object) } });
    expect((await call<{ bins: string[] }>("/skills/bins")).body.bins).toEqual(expect.arrayContaining(["node"]));
    const prompt = await call<{ prompt: string; skills: string[] }>("/skills/prompt");
    expect(prompt.body.skills).toContain(S.echo.id);
    expect(prompt.body.prompt).toContain(`<name>${S.echo.id}</name>`);
    expect(await call("/skills/status?agent=ghost")).toMatchObject({
      status: 404,
      body: { error: { code: "AGENT_NOT_FOUND" } },
    });
    expect(await call("/skills", { headers: { "x-clawperator-agent": "ghost" } })).toMatchObject({ status: 404 });
  });

  it("PATCH an entry and PUT an agent's allowlist write the JSON config; a stale ifHash is 409", async () => {
    const dir = await makeDir();
    const file = join(dir, "clawperator.config.json");
    writeFileSync(file, JSON.stringify({ agents: { list: [{ id: "a" }] } }));
    const edited = await boot([skillsPlugin], { filepath: file, agents: { list: [{ id: "a" }] } });
    const editApp = new H3({
      silent: true,
      onError(error) {
        const cause = error.cause instanceof ClawperatorError ? error.cause : undefined;
        if (cause) return Response.json({ ok: false, error: cause.toJSON() }, { status: httpStatusOf(cause.code) });
      },
    });
    const shutdown = new AbortController();
    editApp.use((event) => {
      event.context.clawperator = {
        services: edited.services,
        config: edited.config,
        logger: edited.logger,
        shutdown: shutdown.signal,
      };
    });
    for (const { value: route } of edited.routes.entries())
      editApp.on(route.method, route.path, (await route.load()).default);
    const send = async (method: string, path: string, body: unknown) => {
      const response = await editApp.request(path, {
        method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const patched = await send("PATCH", `/skills/entries/${S.gated.id}`, { apiKey: "route-secret-1", enabled: true });
    expect(patched).toMatchObject({
      status: 200,
      body: { ok: true, entry: { apiKey: true, enabled: true }, mode: "0600" },
    });
    expect(JSON.stringify(patched.body)).not.toContain("route-secret-1");
    expect(JSON.parse(readFileSync(file, "utf8")).skills.entries[S.gated.id].apiKey).toBe("route-secret-1");
    const put = await send("PUT", "/skills/agents/a", { skills: [S.echo.id], ifHash: patched.body.hash });
    expect(put).toMatchObject({ status: 200, body: { agent: { id: "a", skills: [S.echo.id] } } });
    expect(await send("PUT", "/skills/agents/a", { skills: null, ifHash: patched.body.hash })).toMatchObject({
      status: 409,
      body: { error: { code: "SKILLS_CONFIG_CONFLICT" } },
    });
    const agentOf = () => JSON.parse(readFileSync(file, "utf8")).agents.list[0];
    // PATCH changes the list the file holds: add, remove.
    expect(await send("PATCH", "/skills/agents/a", { add: [S.gated.id] })).toMatchObject({
      status: 200,
      body: { agent: { id: "a", skills: [S.echo.id, S.gated.id] } },
    });
    await send("PATCH", "/skills/agents/a", { remove: [S.echo.id] });
    expect(agentOf()).toEqual({ id: "a", skills: [S.gated.id] });
    // From every skill (no list), adding leaves it so; removing one writes every other skill's name.
    await send("PUT", "/skills/agents/a", { skills: null });
    await send("PATCH", "/skills/agents/a", { add: [S.echo.id] });
    expect(agentOf()).toEqual({ id: "a" });
    const every = ((await edited.services.resolve(Skills).status()).skills as { name: string; invalid?: unknown }[])
      .filter((s) => !s.invalid)
      .map((s) => s.name);
    expect(every).toContain(S.echo.id);
    expect(every.length).toBeGreaterThan(2);
    const removed = await send("PATCH", "/skills/agents/a", { remove: [S.echo.id] });
    expect(removed.status).toBe(200);
    expect(agentOf().skills).toEqual(every.filter((name) => name !== S.echo.id));
    expect(await send("PATCH", "/skills/agents/a", {})).toMatchObject({ status: 400 });
    expect(await send("PATCH", "/skills/agents/ghost", { remove: [S.echo.id] })).toMatchObject({
      status: 404,
      body: { error: { code: "AGENT_NOT_FOUND" } },
    });
  });
});
