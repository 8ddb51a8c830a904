import { describe, expect, it } from "vitest";
import { noticeChangesPage } from "~/modules/realtime/notices";

describe("a notice revalidates the page that shows what it is about (ADR 175)", () => {
  const notice = { href: "/dashboard/my-applications#outcome-a1", referralId: "r1" };
  it("on its own page, the lists and the referral's pages", () => {
    for (const path of [
      "/dashboard/my-applications",
      "/dashboard/my-referrals",
      "/apply/r1",
      "/dashboard/referrals/r1",
    ]) {
      expect(noticeChangesPage(path, notice), path).toBe(true);
    }
  });
  it("nowhere else", () => {
    for (const path of ["/", "/apply/r2", "/dashboard/referrals/r2", "/chat", "/profile/u1"]) {
      expect(noticeChangesPage(path, notice), path).toBe(false);
    }
    expect(noticeChangesPage("/apply/r1", { href: "/dashboard/my-referrals" })).toBe(false);
  });
});
