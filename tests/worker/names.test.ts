import { describe, expect, it } from "vitest";
import { INVISIBLE_IN_NAME } from "~/utils/zod-fields";
import { api, createSignedInUser, newAccount, postJson } from "./helpers";

const RLO = "\u202E";
const ZWSP = "\u200B";

describe("names with invisible or text-direction characters are a clear 400", () => {
  it("at registration (username, first and last name)", async () => {
    for (const change of [
      { username: `admin${ZWSP}` },
      { firstName: `${RLO}gnp.exe` },
      { lastName: "Null\u0000Byte" },
    ]) {
      const { response, body } = await postJson("/api/users/register", { ...newAccount(), ...change });
      expect(response.status).toBe(400);
      expect(body.message).toBe(INVISIBLE_IN_NAME);
      expect(body.errors).toEqual({ [Object.keys(change)[0]]: INVISIBLE_IN_NAME });
    }
  });

  it("on the profile, a chat's name and a member's card", async () => {
    const { user, token } = await createSignedInUser();
    const profile = await api("PUT", "/api/users/profile", token, {
      username: user.username,
      email: user.email,
      firstName: `Ann${ZWSP}a`,
    });
    expect(profile).toMatchObject({ status: 400, body: { errors: { firstName: INVISIBLE_IN_NAME } } });
    const chat = await api("POST", "/api/chats", token, { name: `Plans${RLO}txt` });
    expect(chat).toMatchObject({ status: 400, body: { errors: { name: INVISIBLE_IN_NAME } } });
    const card = await api("POST", "/api/credit-cards/simple", token, {
      name: `Sapphire${ZWSP}`,
      issuer: "Chase",
      category: "Travel",
      annualFee: 95,
    });
    expect(card).toMatchObject({ status: 400, body: { errors: { name: INVISIBLE_IN_NAME } } });
  });
});
