/** Where the device reads the time: wall-clock ms since the epoch. Tests pass a clock they move by hand. */
export interface DeviceClock {
  now(): number;
}

export const systemClock: DeviceClock = { now: () => Date.now() };
