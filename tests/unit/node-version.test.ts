import { describe, expect, it } from "vitest";
import pkg from "../../package.json";
import { nodeVersionProblem } from "../../scripts/lib/node-version";

describe("the Node version check", () => {
  it("passes the Node the tests run on, which is the one package.json's engines names", () => {
    expect(nodeVersionProblem(process.version)).toBeNull();
    expect(process.versions.node.split(".")[0]).toBe("24");
  });

  it("names the required and the running version in one line for another Node", () => {
    const problem = nodeVersionProblem("v20.20.2");
    expect(problem).toContain(pkg.engines.node);
    expect(problem).toContain("v20.20.2");
    expect(problem).not.toContain("\n");
  });
});
