import type { SyncStat } from "../device/device-services.ts";

/**
 * adb's file sync protocol (system/core adb/file_sync_protocol.h, platform-tools 29): every message starts with a
 * four-letter id read as a little-endian u32; requests are `id, path length, path`.
 */
const mkid = (name: string) => Buffer.from(name, "latin1").readUInt32LE(0);

export const SYNC_ID = {
  LSTAT_V1: mkid("STAT"),
  STAT_V2: mkid("STA2"),
  LSTAT_V2: mkid("LST2"),
  LIST_V1: mkid("LIST"),
  LIST_V2: mkid("LIS2"),
  DENT_V1: mkid("DENT"),
  DENT_V2: mkid("DNT2"),
  SEND: mkid("SEND"),
  RECV: mkid("RECV"),
  DONE: mkid("DONE"),
  DATA: mkid("DATA"),
  OKAY: mkid("OKAY"),
  FAIL: mkid("FAIL"),
  QUIT: mkid("QUIT"),
} as const;

/** The largest DATA payload either side sends (SYNC_DATA_MAX). */
export const SYNC_DATA_MAX = 64 * 1024;
/** Longest path a request may carry. */
export const SYNC_PATH_MAX = 1024;

/** Sizes of the fixed parts: stat_v1, stat_v2, dent_v1 and dent_v2 (both before the name). */
const STAT_V1_SIZE = 16;
const STAT_V2_SIZE = 72;
const DENT_V1_SIZE = 20;
const DENT_V2_SIZE = 76;

/** The device's own st_dev for every file (one file system). */
const DEVICE_ID = 0xfd05n;

/** `id, u32` — a DATA or DONE header, or the OKAY of a finished SEND. */
export function header(id: number, value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt32LE(id, 0);
  out.writeUInt32LE(value >>> 0, 4);
  return out;
}

/** FAIL with the reason, which the client prints after "remote". */
export function failure(reason: string): Buffer {
  const text = Buffer.from(reason);
  return Buffer.concat([header(SYNC_ID.FAIL, text.length), text]);
}

/** stat_v1 (lstat): mode, size and mtime, all zero when the path does not exist (the client cannot know why). */
export function statV1(stat: SyncStat | number): Buffer {
  const out = Buffer.alloc(STAT_V1_SIZE);
  out.writeUInt32LE(SYNC_ID.LSTAT_V1, 0);
  if (typeof stat !== "number") {
    out.writeUInt32LE(stat.mode, 4);
    out.writeUInt32LE(stat.size >>> 0, 8);
    out.writeUInt32LE(stat.mtime >>> 0, 12);
  }
  return out;
}

/** stat_v2 (STA2 / LST2 answer in kind): the whole struct stat, or the errno with the rest zero. */
export function statV2(id: number, stat: SyncStat | number): Buffer {
  const out = Buffer.alloc(STAT_V2_SIZE);
  out.writeUInt32LE(id, 0);
  if (typeof stat === "number") out.writeUInt32LE(stat, 4);
  else writeStatV2(out, 8, stat);
  return out;
}

/** One directory entry: dent_v1 (`LIST`) or dent_v2 (`LIS2`), followed by the name. */
export function dent(v2: boolean, name: string, stat: SyncStat): Buffer {
  const bytes = Buffer.from(name);
  const out = Buffer.alloc((v2 ? DENT_V2_SIZE : DENT_V1_SIZE) + bytes.length);
  out.writeUInt32LE(v2 ? SYNC_ID.DENT_V2 : SYNC_ID.DENT_V1, 0);
  if (v2) {
    writeStatV2(out, 8, stat);
    out.writeUInt32LE(bytes.length, 72);
  } else {
    out.writeUInt32LE(stat.mode, 4);
    out.writeUInt32LE(stat.size >>> 0, 8);
    out.writeUInt32LE(stat.mtime >>> 0, 12);
    out.writeUInt32LE(bytes.length, 16);
  }
  bytes.copy(out, out.length - bytes.length);
  return out;
}

/** The end of a listing: a whole zeroed dent of the listing's version with the DONE id. */
export function listDone(v2: boolean): Buffer {
  const out = Buffer.alloc(v2 ? DENT_V2_SIZE : DENT_V1_SIZE);
  out.writeUInt32LE(SYNC_ID.DONE, 0);
  return out;
}

/** dev, ino, mode, nlink, uid, gid, size, atime, mtime, ctime — from byte `at` (after id and error). */
function writeStatV2(out: Buffer, at: number, stat: SyncStat): void {
  out.writeBigUInt64LE(DEVICE_ID, at);
  out.writeBigUInt64LE(BigInt(stat.ino), at + 8);
  out.writeUInt32LE(stat.mode, at + 16);
  out.writeUInt32LE(stat.nlink, at + 20);
  out.writeUInt32LE(stat.uid, at + 24);
  out.writeUInt32LE(stat.gid, at + 28);
  out.writeBigUInt64LE(BigInt(stat.size), at + 32);
  for (const offset of [40, 48, 56]) out.writeBigInt64LE(BigInt(stat.mtime), at + offset);
}
