/** The transports a skills repository may use unless config `skills.allowedRepoTransports` says otherwise. */
export const DEFAULT_REPO_TRANSPORTS: readonly string[] = ["https", "ssh", "git", "file"];

const HELPER = /^([A-Za-z][A-Za-z0-9+.-]*)::/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/**
 * The transport git would use for `url`, named as GIT_ALLOW_PROTOCOL names it: `<helper>::<address>` is that remote
 * helper (`fd`, `ext`, ...); `<scheme>://` is the scheme (`git+ssh` and `ssh+git` are `ssh`); `host:path` with no
 * slash before the colon is scp-like ssh; anything else is a local path, `file`.
 */
export function repoTransport(url: string): string {
  const helper = HELPER.exec(url);
  if (helper) return helper[1]!;
  const scheme = SCHEME.exec(url)?.[1];
  if (scheme) return scheme === "git+ssh" || scheme === "ssh+git" ? "ssh" : scheme;
  const colon = url.indexOf(":");
  const slash = url.indexOf("/");
  return colon !== -1 && (slash === -1 || colon < slash) ? "ssh" : "file";
}
