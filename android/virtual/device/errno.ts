/** The Linux errno values the virtual file system reports: the number (what adb's sync protocol carries) and text. */
export const ERRNO = {
  ENOENT: { no: 2, text: "No such file or directory" },
  EACCES: { no: 13, text: "Permission denied" },
  EEXIST: { no: 17, text: "File exists" },
  ENOTDIR: { no: 20, text: "Not a directory" },
  EISDIR: { no: 21, text: "Is a directory" },
  EROFS: { no: 30, text: "Read-only file system" },
  ENOTEMPTY: { no: 39, text: "Directory not empty" },
} as const;

export type Errno = keyof typeof ERRNO;

/** strerror: the text a shell or a Java exception shows for it. */
export const strerror = (errno: Errno): string => ERRNO[errno].text;

export const isErrno = (value: unknown): value is Errno => typeof value === "string" && Object.hasOwn(ERRNO, value);
