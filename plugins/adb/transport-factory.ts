import type { TransportFactory } from "../../core/kernel/index.ts";
import { AdbTransport } from "./client/adb-transport.ts";

const createAdbTransport: TransportFactory = ({ config }) =>
  new AdbTransport(config.adbPath ? { adbPath: config.adbPath } : {});

export default createAdbTransport;
