import { describe, expect, it } from "vitest";
import { gitRefProblem } from "../../../plugins/skills/repo/git-ref.ts";
import { repoTransport } from "../../../plugins/skills/repo/repo-url.ts";

describe("git refs, checked as `git check-ref-format --branch` does", () => {
  it.each([
    ["main"],
    ["v1"],
    ["release/2026.11"],
    ["feature/x-y_z"],
    ["0123456789abcdef0123456789abcdef01234567"],
    ["refs/tags/v1"],
    ["ümlaut"],
  ])("%j is a ref", (ref) => {
    expect(gitRefProblem(ref)).toBeUndefined();
  });

  it.each([
    ["", "is empty"],
    ["-b", "starts with '-'"],
    ["--orphan=evil", "starts with '-'"],
    ["a..b", "contains '..'"],
    ["x y", "contains a space, a control character or one of ~ ^ : ? * [ \\"],
    ["a\tb", "contains a space, a control character or one of ~ ^ : ? * [ \\"],
    ["v1^", "contains a space, a control character or one of ~ ^ : ? * [ \\"],
    ["a:b", "contains a space, a control character or one of ~ ^ : ? * [ \\"],
    ["a\\b", "contains a space, a control character or one of ~ ^ : ? * [ \\"],
    ["x*", "contains a space, a control character or one of ~ ^ : ? * [ \\"],
    ["a\u007f", "contains a space, a control character or one of ~ ^ : ? * [ \\"],
    ["@{-1}", "contains '@{'"],
    ["@", "is '@'"],
    ["/main", "starts or ends with '/', or contains '//'"],
    ["main/", "starts or ends with '/', or contains '//'"],
    ["a//b", "starts or ends with '/', or contains '//'"],
    ["tag.", "ends with '.'"],
    [".hidden", "has a component that starts with '.' or ends with '.lock'"],
    ["a/.b", "has a component that starts with '.' or ends with '.lock'"],
    ["feature.lock", "has a component that starts with '.' or ends with '.lock'"],
    ["x".repeat(256), "is longer than 255 characters"],
  ])("%j is refused: %s", (ref, problem) => {
    expect(gitRefProblem(ref)).toBe(problem);
  });
});

describe("the transport git would use for a repository URL", () => {
  it.each([
    ["https://github.com/clawperator/clawperator-skills", "https"],
    ["HTTPS://example.com/x.git", "HTTPS"],
    ["http://example.com/x.git", "http"],
    ["ssh://git@example.com/x.git", "ssh"],
    ["git+ssh://git@example.com/x.git", "ssh"],
    ["ssh+git://git@example.com/x.git", "ssh"],
    ["git@github.com:clawperator/clawperator-skills.git", "ssh"],
    ["example.com:skills.git", "ssh"],
    ["git://example.com/x.git", "git"],
    ["file:///srv/skills.git", "file"],
    ["/srv/skills.git", "file"],
    ["./skills", "file"],
    ["skills", "file"],
    ["./a:b", "file"],
    ["fd::7", "fd"],
    ["ext::sh -c evil", "ext"],
    ["s3::bucket/path", "s3"],
    ["ftp://example.com/x.git", "ftp"],
    ["foo://example.com/x.git", "foo"],
  ])("%s is %s", (url, transport) => {
    expect(repoTransport(url)).toBe(transport);
  });
});
