/** The bench's command line, including what npm forwards as `npm_config_*` variables. */
import { describe, expect, it } from "vitest";
import { parseOptions } from "../src/options";

describe("parseOptions", () => {
  it("hands servers the lazy Request unless told otherwise", () => {
    expect(parseOptions([], {}).bridge).toBe("lazy");
  });

  it.each([
    ["a flag", ["--bridge=request"], {}],
    ["a flag and its value", ["--bridge", "request"], {}],
    ["npm's forwarded configuration", [], { npm_config_bridge: "request" }],
  ])("takes the bridge from %s", (_, argv, env) => {
    expect(parseOptions(argv, env).bridge).toBe("request");
  });

  it("refuses an unknown bridge, naming the known ones", () => {
    expect(() => parseOptions(["--bridge=fast"], {})).toThrow('--bridge is one of lazy, request, not "fast"');
  });

  it("takes bare arguments and npm's forwarded --scenario as scenario names", () => {
    expect(parseOptions(["csrf"], { npm_config_scenario: "signin" }).scenarios).toEqual(["csrf", "signin"]);
  });

  it("keeps --quick's short rounds but lets explicit numbers override them", () => {
    const options = parseOptions(["--quick", "--rounds=3"], {});
    expect(options).toMatchObject({ quick: true, rounds: 3, seconds: 2, warmSeconds: 1 });
  });
});
