import fc from "fast-check";

/**
 * Inputs to the CLI's `execute --execution`: what an agent (or an attacker steering one) might hand it. Valid
 * executions, the same mutated at a random place, random JSON, broken text and bytes that are not UTF-8.
 */
export type FuzzInput =
  | { channel: "inline"; text: string; flags: string[] }
  | { channel: "file"; bytes: Uint8Array; flags: string[] };

const id = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
const matcherField = fc.constantFrom(
  "resourceId",
  "contentDescEquals",
  "textEquals",
  "textContains",
  "contentDescContains",
  "role",
);
const matcher = fc.dictionary(matcherField, fc.string({ minLength: 1, maxLength: 20 }), { minKeys: 1, maxKeys: 3 });
const retry = fc.record(
  { maxAttempts: fc.integer({ min: 1, max: 10 }), initialDelayMs: fc.integer({ min: 0, max: 30_000 }) },
  { requiredKeys: [] },
);
const pkg = fc.constantFrom("com.android.settings", "com.clawperator.demo", "com.example.app");

/** One action of each public type with valid params. */
const validAction = fc.oneof(
  fc.record({ type: fc.constant("open_app"), params: fc.record({ applicationId: pkg }) }),
  fc.record({ type: fc.constant("close_app"), params: fc.record({ applicationId: pkg }) }),
  fc.record({ type: fc.constant("open_uri"), params: fc.record({ uri: fc.webUrl() }) }),
  fc.record({ type: fc.constantFrom("click", "tap", "long_press"), params: fc.record({ matcher }) }),
  fc.record({ type: fc.constant("read_text"), params: fc.record({ matcher, retry }, { requiredKeys: ["matcher"] }) }),
  fc.record({
    type: fc.constant("enter_text"),
    params: fc.record(
      { matcher, text: fc.string({ unit: "grapheme", maxLength: 40 }), submit: fc.boolean() },
      { requiredKeys: ["matcher", "text"] },
    ),
  }),
  fc.record({ type: fc.constant("wait_for_node"), params: fc.record({ matcher }) }),
  fc.record({ type: fc.constant("snapshot_ui") }),
  fc.record({
    type: fc.constant("take_screenshot"),
    params: fc.record({ path: fc.string({ minLength: 1, maxLength: 30 }) }, { requiredKeys: [] }),
  }),
  fc.record({ type: fc.constant("sleep"), params: fc.record({ durationMs: fc.integer({ min: 0, max: 120_000 }) }) }),
  fc.record({ type: fc.constant("press_key"), params: fc.record({ key: fc.constantFrom("back", "home", "recents") }) }),
  fc.record({
    type: fc.constantFrom("scroll", "scroll_until"),
    params: fc.record({ direction: fc.constantFrom("down", "up", "left", "right") }, { requiredKeys: [] }),
  }),
);

export const validExecution = fc
  .record({
    commandId: id,
    taskId: id,
    source: fc.constantFrom("agent", "fuzz", "clawperator-cli"),
    expectedFormat: fc.constant("android-ui-automator"),
    timeoutMs: fc.integer({ min: 1_000, max: 120_000 }),
    actions: fc.array(validAction, { minLength: 1, maxLength: 8 }),
  })
  .map((e) => ({ ...e, actions: e.actions.map((a, i) => ({ id: `a${i}`, ...a })) }));

/**
 * Object.prototype's own names (`__proto__`, `constructor`, `valueOf`, ...): as keys, types and words they have
 * found the prototype's members in lookup tables.
 */
const prototypeName = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype));

/**
 * Values that have broken parsers and validators before: boundaries, odd types, prototype keys, huge and deep values.
 */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    "",
    " ",
    0,
    -0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    true,
    [],
    {},
    "\u0000",
    "\ud800",
    "💥".repeat(300),
    "a".repeat(70_000),
  ),
  fc.constantFrom(
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__":{"polluted":true}}'),
    { constructor: { prototype: {} } },
    { toString: "x" },
  ),
  prototypeName,
  // Deep nesting is spliced into the text after serialization (stringify itself would overflow the stack).
  fc.integer({ min: 2, max: 7_000 }).map((depth) => `${DEEP}${depth}`),
  fc.string({ unit: "binary", maxLength: 50 }),
);

const DEEP = "\u0001deep:";
/** JSON.stringify, with every DEEP marker replaced by that many nested arrays. */
export function serialize(value: unknown): string {
  const text = JSON.stringify(value) ?? "null";
  return text.replace(
    /"\\u0001deep:(\d+)"/g,
    (_m, depth: string) => `${"[".repeat(Number(depth))}${"]".repeat(Number(depth))}`,
  );
}

type Json = unknown;
/** Every path (list of keys) into a JSON value, the root included. */
function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (prefix.length > 12) return out;
  if (Array.isArray(value)) for (const [i, v] of value.entries()) paths(v, [...prefix, i], out);
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

type Mutation =
  | { op: "delete" }
  | { op: "replace"; value: unknown }
  | { op: "add"; key: string; value: unknown }
  | { op: "wrap" };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant({ op: "delete" as const }),
  nasty.map((value) => ({ op: "replace" as const, value })),
  fc.record({
    op: fc.constant("add" as const),
    key: fc.oneof(fc.string({ maxLength: 10 }), prototypeName, fc.constantFrom("params", "type", "id")),
    value: nasty,
  }),
  fc.constant({ op: "wrap" as const }),
);

function mutate(base: Json, at: (string | number)[], m: Mutation): Json {
  if (at.length === 0)
    return m.op === "replace"
      ? m.value
      : m.op === "wrap"
        ? [base]
        : m.op === "add"
          ? { ...(base as object), [m.key]: m.value }
          : undefined;
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<string | number, unknown>;
  const [key, ...rest] = at;
  const inner = copy[key!];
  if (rest.length > 0) copy[key!] = mutate(inner, rest, m);
  else if (m.op === "delete") Array.isArray(copy) ? copy.splice(key as number, 1) : delete copy[key!];
  else if (m.op === "replace") copy[key!] = m.value;
  else if (m.op === "wrap") copy[key!] = { value: inner };
  else if (inner !== null && typeof inner === "object" && !Array.isArray(inner))
    copy[key!] = { ...inner, [m.key]: m.value };
  else copy[key!] = m.value;
  return copy;
}

/** A valid execution with one to three mutations at random places. */
const mutatedExecution = fc
  .tuple(validExecution, fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 3 }))
  .map(([base, edits]) =>
    edits.reduce<Json>((value, [pick, m]) => {
      const all = paths(value);
      return mutate(value, all[pick % all.length]!, m);
    }, base),
  );

const valueAt = (value: Json, at: (string | number)[]): Json =>
  at.reduce<Json>((v, key) => (v as Record<string | number, Json>)[key], value);

/** A valid execution with one of Object.prototype's names added as a key to one of its objects (else it is valid). */
const prototypeKeyed = fc.tuple(validExecution, fc.nat(), prototypeName).map(([base, pick, name]) => {
  const objects = paths(base).filter((at) => {
    const v = valueAt(base, at);
    return v !== null && typeof v === "object" && !Array.isArray(v);
  });
  return mutate(base, objects[pick % objects.length]!, { op: "add", key: name, value: 1 });
});

/** Serialized JSON, or JSON text broken at a random place. */
const text = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .oneof(validExecution, mutatedExecution, mutatedExecution, prototypeKeyed, fc.jsonValue({ maxDepth: 4 }))
      .map(serialize),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(mutatedExecution, fc.nat(), fc.constantFrom("truncate", "insert", "delete"))
      .map(([v, at, how]) => {
        const s = serialize(v);
        const i = at % (s.length + 1);
        return how === "truncate"
          ? s.slice(0, i)
          : how === "insert"
            ? `${s.slice(0, i)}${'{}[]",:\\x'[at % 10]}${s.slice(i)}`
            : s.slice(0, i) + s.slice(i + 1);
      }),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
);

/** Global flags the CLI reads beside the execution, sometimes with bad values. */
const flags = fc.oneof(
  { weight: 4, arbitrary: fc.constant<string[]>([]) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.integer({ min: -5, max: 200_000 }).map(String), fc.constantFrom("abc", "1e3", "", "0x10"))
      .map((t) => ["--timeout-ms", t]),
  },
);

const invalidUtf8 = fc
  .tuple(
    text,
    fc.nat(),
    fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x28, 0xa1]),
  )
  .map(([t, at, bad]) => {
    const bytes = Buffer.from(t, "utf8");
    const i = at % (bytes.length + 1);
    return new Uint8Array(Buffer.concat([bytes.subarray(0, i), Buffer.from(bad), bytes.subarray(i)]));
  });

export const fuzzInput: fc.Arbitrary<FuzzInput> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      channel: fc.constant("inline" as const),
      text: text.map((t) => (t.trimStart().startsWith("{") || t.trimStart().startsWith("[") ? t : `{${t}`)),
      flags,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      channel: fc.constant("file" as const),
      bytes: text.map((t) => new Uint8Array(Buffer.from(t, "utf8"))),
      flags,
    }),
  },
  { weight: 1, arbitrary: fc.record({ channel: fc.constant("file" as const), bytes: invalidUtf8, flags }) },
);
