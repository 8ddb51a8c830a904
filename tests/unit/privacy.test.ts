import { describe, expect, it } from "vitest";
import { initials } from "~/modules/users/display";
import { maskName, visibleNames } from "~/modules/users/privacy";

describe("maskName", () => {
  it("keeps the first and last letter with up to five asterisks between", () => {
    expect(maskName("Emma")).toBe("E**a");
    expect(maskName("Emma Schultz")).toBe("E*****z");
    expect(maskName("Bob")).toBe("B*b");
  });

  it("leaves names of two characters or fewer, and says Anonymous for none", () => {
    expect(maskName("Jo")).toBe("Jo");
    expect(maskName("J")).toBe("J");
    expect(maskName("   ")).toBe("Anonymous");
  });
});

describe("visibleNames", () => {
  const emma = { firstName: "Emma", lastName: "Schultz", username: "emma", showFullName: false };

  it("masks for others when the full name is hidden", () => {
    expect(visibleNames(emma, false)).toEqual({ firstName: "E**a", lastName: "S*****z", name: "E*****z" });
  });

  it("shows the owner their own name, and everyone the name when it is public", () => {
    expect(visibleNames(emma, true).name).toBe("Emma Schultz");
    expect(visibleNames({ ...emma, showFullName: true }, false).name).toBe("Emma Schultz");
    expect(visibleNames({ ...emma, firstName: "", lastName: "", showFullName: true }, false).name).toBe("emma");
  });
});

describe("initials", () => {
  it("takes up to two initials of the shown name, masked letters dropped, else of the username", () => {
    expect(initials("Emma Schultz", "emma")).toBe("ES");
    expect(initials("E*****z", "emma")).toBe("E");
    expect(initials("Ann Marie Lee", "ann")).toBe("AM");
    expect(initials("***", "bob_smith")).toBe("B");
  });
});
