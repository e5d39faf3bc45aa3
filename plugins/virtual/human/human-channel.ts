import { AdbFailure, AdbServerDown, AdbSocket } from "../../../android/adb/adb-socket.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import {
  HUMAN_SERVICE,
  type HumanAnswer,
  type HumanRequest,
  type HumanResult,
  type HumanTarget,
} from "../../../android/virtual/human/index.ts";
import { listRecords } from "../registry.ts";

/** The serial a human-channel command acts on: its positional or --device-id, never two different ones. */
export function deviceOf(command: string, serial: string | undefined, deviceId: string | undefined): string {
  if (serial !== undefined && deviceId !== undefined && serial !== deviceId)
    throw new ClawperatorError("USAGE", `virtual ${command} got two devices: ${serial} and --device-id ${deviceId}`);
  const device = serial ?? deviceId;
  if (device === undefined)
    throw new ClawperatorError(
      "USAGE",
      `virtual ${command} needs a serial or --device-id (see \`clawperator virtual list\`)`,
    );
  return device;
}

/** What a human-channel command answers: what was done, to which node, and where the screen is now. */
export interface HumanOutcome {
  action: HumanResult["action"];
  touched?: { text: string; resourceId: string; contentDesc: string; className: string; bounds: string };
  typed?: string;
  scrolled?: boolean;
  /** The accessibility events the device sent for it (their names). */
  events: string[];
  screen: { packageName: string };
}

/** The device's answer, cut to what a person or a script reads (the full screen is `observe view`'s to show). */
function outcomeOf(result: HumanResult): HumanOutcome {
  const { touched } = result;
  return {
    action: result.action,
    ...(touched
      ? {
          touched: {
            text: touched.text,
            resourceId: touched.resourceId,
            contentDesc: touched.contentDesc,
            className: touched.className,
            bounds: `[${touched.bounds.left},${touched.bounds.top}][${touched.bounds.right},${touched.bounds.bottom}]`,
          },
        }
      : {}),
    ...(result.typed === undefined ? {} : { typed: result.typed }),
    ...(result.scrolled === undefined ? {} : { scrolled: result.scrolled }),
    events: result.events.map((event) => event.event),
    screen: { packageName: result.screen.packageName },
  };
}

/**
 * Does a person's action on a running virtual device: through the adb server the device is connected to, on the
 * device's own `clawperator-human:` service (a real phone has none: only a virtual device takes a finger this way).
 */
export async function actAsHuman(serial: string, request: HumanRequest): Promise<HumanOutcome> {
  const record = listRecords().find((r) => r.serial === serial);
  if (!record) {
    const running = listRecords().map((r) => r.serial);
    throw new ClawperatorError("DEVICE_NOT_FOUND", `no running virtual device ${serial}`, {
      hint: running.length ? `Running: ${running.join(", ")}` : "No virtual device is running.",
      details: { deviceId: serial },
    });
  }
  let answer: HumanAnswer;
  let socket: AdbSocket | undefined;
  try {
    socket = await AdbSocket.open({ host: "127.0.0.1", port: record.adbServerPort });
    await socket.request(`host:transport:${serial}`);
    await socket.request(`${HUMAN_SERVICE}${JSON.stringify(request)}`);
    answer = JSON.parse((await socket.readAll()).toString("utf8")) as HumanAnswer;
  } catch (error) {
    if (!(error instanceof AdbFailure || error instanceof AdbServerDown || error instanceof SyntaxError)) throw error;
    throw new ClawperatorError("DEVICE_NOT_FOUND", `virtual device ${serial} did not answer: ${error.message}`, {
      details: { deviceId: serial },
    });
  } finally {
    socket?.close();
  }
  if (answer.ok) return outcomeOf(answer.result);
  throw new ClawperatorError(answer.code, answer.message, {
    ...(answer.labels?.length ? { hint: `On the screen: ${answer.labels.join(" | ")}` } : {}),
    details: { deviceId: serial, ...(answer.labels ? { labels: answer.labels } : {}) },
  });
}

/** One line for people: what was done and where the screen is now. */
export function prettyHuman(result: unknown): string {
  const r = result as HumanOutcome;
  const what = r.touched
    ? ` "${r.touched.text || r.touched.contentDesc || r.touched.resourceId || r.touched.className}"`
    : "";
  const typed = r.typed === undefined ? "" : ` typed "${r.typed}"`;
  const moved = r.scrolled === false ? " (nothing moved)" : "";
  return `${r.action}${what}${typed}${moved}; now in ${r.screen.packageName}`;
}

type TargetFlags = { text?: string; id?: string; desc?: string; at?: string; into?: string };

/** The one place the flags name (--text, --id, --desc, --into, --at x,y); undefined when none does. */
export function targetOf(command: string, flags: TargetFlags): HumanTarget | undefined {
  const given = (["text", "id", "desc", "into", "at"] as const).filter((name) => flags[name] !== undefined);
  if (given.length > 1)
    throw new ClawperatorError(
      "USAGE",
      `virtual ${command}: name one place, not ${given.map((n) => `--${n}`).join(" and ")}`,
    );
  const [name] = given;
  if (name === undefined) return undefined;
  const value = flags[name] as string;
  if (value === "") throw new ClawperatorError("USAGE", `virtual ${command}: --${name} is empty`);
  if (name !== "at") return { [name]: value } as HumanTarget;
  const point = /^(\d{1,5}),(\d{1,5})$/.exec(value);
  if (!point) throw new ClawperatorError("USAGE", `virtual ${command}: --at takes x,y in pixels, not "${value}"`);
  return { at: { x: Number(point[1]), y: Number(point[2]) } };
}
