/**
 * A form's access flows into its intents' `user` (app/http/form-action.server.ts). The types are
 * the behaviour here: `npm run typecheck` compiles this file, so a `@ts-expect-error` that stops
 * erroring (a member intent accepted in a form anyone may post) fails it.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { formAction, formResource, intent } from "~/http/form-action.server";
import type { SessionUser } from "~/modules/auth/session.server";

const schema = z.object({});

describe("intent.member / .anyone / .admin / .visitor", () => {
  it("type run's user as the access gives it", () => {
    intent.member({ schema, run: async ({ user }) => expectTypeOf(user).toEqualTypeOf<SessionUser>() });
    intent.admin({ schema, run: async ({ user }) => expectTypeOf(user).toEqualTypeOf<SessionUser>() });
    intent.anyone({ schema, run: async ({ user }) => expectTypeOf(user).toEqualTypeOf<SessionUser | null>() });
    intent.visitor({ schema, run: async ({ user }) => expectTypeOf(user).toEqualTypeOf<null>() });
    // A bare intent fits every form, so its user may be null.
    intent({ schema, run: async ({ user }) => expectTypeOf(user).toEqualTypeOf<SessionUser | null>() });
  });

  it("fit a form whose access gives the user they handle, and no other", () => {
    const member = intent.member({ schema, run: async ({ user }) => ({ id: user.id }) });
    const anyone = intent.anyone({ schema, run: async ({ user }) => ({ id: user?.id ?? null }) });
    const visitor = intent.visitor({ schema, run: async () => ({}) });
    const accepted = [
      formAction({ access: "member", intents: { member, anyone } }),
      formAction({ access: "admin", intents: { member } }),
      formAction({ access: "visitor", intents: { visitor, anyone } }),
      formResource({ access: "member", backTo: "/", intents: { member } }),
    ];
    expect(accepted.every((action) => typeof action === "function")).toBe(true);

    // @ts-expect-error a member intent in a form anyone may post: its user could be null
    formAction({ access: "anyone", intents: { member } });
    // @ts-expect-error a visitor intent in a members' form: its user is never null
    formAction({ access: "member", intents: { visitor } });
    // @ts-expect-error the same for resource routes
    formResource({ access: "anyone", backTo: "/", intents: { member } });
  });
});
