import type { Device } from "../../../core/contracts/device.ts";
import type { StfDevice } from "../api/stf-schemas.ts";
import type { StfFilter } from "../options.ts";

/** Farm serials are namespaced (`stf:<serial>`): they can never collide with a local one, and route to this plugin. */
export const PREFIX = "stf:";
export const farmSerial = (serial: string) => `${PREFIX}${serial}`;
export const stfSerial = (serial: string) => serial.slice(PREFIX.length);

/** What the farm says of a device: free for anyone, controlled by this token's user, someone else's, or not there. */
export type FarmState = "available" | "leased" | "busy" | "offline";

export function farmState(device: StfDevice): FarmState {
  if (device.present === false || device.ready === false) return "offline";
  if (device.using === true) return "leased";
  if (device.owner) return "busy";
  return "available";
}

export function matches(device: StfDevice, filter: StfFilter | undefined): boolean {
  if (!filter) return true;
  const fields: Record<keyof StfFilter, string | undefined> = {
    group: device.group?.name,
    model: device.model ?? undefined,
    manufacturer: device.manufacturer ?? undefined,
    sdk: device.sdk === undefined || device.sdk === null ? undefined : String(device.sdk),
    abi: device.abi ?? undefined,
    provider: device.provider?.name,
  };
  return (Object.keys(filter) as (keyof StfFilter)[]).every(
    (key) => filter[key] === undefined || fields[key] === filter[key],
  );
}

/**
 * A farm device as `devices` lists it: state `device` when it can be leased now (or this user holds it), `busy`
 * when another user holds it (its owner in `properties.owner`), `offline` otherwise; the farm's own word in
 * `properties.farmState`.
 */
export function toDevice(device: StfDevice): Device {
  const state = farmState(device);
  const properties: Record<string, string> = { farmState: state };
  if (device.model) properties.model = device.model;
  if (device.manufacturer) properties.manufacturer = device.manufacturer;
  if (device.sdk !== undefined && device.sdk !== null) properties.sdk = String(device.sdk);
  if (device.provider?.name) properties.provider = device.provider.name;
  if (device.group?.name) properties.group = device.group.name;
  if (state === "busy" && (device.owner?.email || device.owner?.name))
    properties.owner = (device.owner.email ?? device.owner.name)!;
  return {
    serial: farmSerial(device.serial),
    state: state === "available" || state === "leased" ? "device" : state,
    properties,
  };
}
