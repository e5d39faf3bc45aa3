import { randomBytes } from "node:crypto";
import { A_AUTH, type AdbPacket } from "./packet.ts";

/** AUTH packet types (arg0); the host's third kind, 3 = its RSA public key, needs no handling here. */
const AUTH_TOKEN = 1;
export const AUTH_SIGNATURE = 2;

const TOKEN_SIZE = 20;

/** A fresh challenge, as adbd sends when it does not yet trust the host. */
export function authChallenge(): AdbPacket {
  return { command: A_AUTH, arg0: AUTH_TOKEN, arg1: 0, data: randomBytes(TOKEN_SIZE) };
}
