import type { H3Event } from "h3";
import { checkDeviceSerial } from "../../../core/contracts/device-serial.ts";
import { Transport } from "../../../core/services/transport.ts";
import { type FetchedRecording, fetchRecording } from "../pull/pull-recording.ts";
import { operatorPackageOf } from "../recording-paths.ts";
import { contextOf } from "./session.ts";

/** The fields of a recording route's body that name the device, the Operator and the session. */
export interface RecordingTarget {
  deviceId?: string | undefined;
  receiverPackage?: string | undefined;
  sessionId?: string | undefined;
}

/**
 * The recording a route's body names, read from the device (the session named, else the device's latest): the
 * server reads the recording itself, so no route takes a file path from a client.
 */
export function fetchForRoute(
  event: H3Event,
  { deviceId, receiverPackage, sessionId }: RecordingTarget,
): Promise<FetchedRecording> {
  const { services, config } = contextOf(event);
  const device = deviceId ?? config.deviceId;
  return fetchRecording({
    transport: services.resolve(Transport),
    operatorPackage: operatorPackageOf(receiverPackage, config.operatorPackage),
    ...(device ? { deviceId: checkDeviceSerial(device, "deviceId") } : {}),
    ...(sessionId === undefined ? {} : { sessionId }),
  });
}
