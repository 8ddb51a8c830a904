import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import type { Intent } from "~/http/form-action.server";
import type { Endpoint } from "~/http/json-route.server";
import type { RegisteredRoute } from "~/http/registry.server";
import { createSignedInUser, fetchPath, postJson } from "./helpers";
import { fillPath, formBody, primaryRole, type FormEntry, type Probe } from "./robustness/probes";
import { send } from "./robustness/run";
import { describeInput, fieldsOf } from "./robustness/schema-values";
import { createWorld, type Role, type World } from "./robustness/world";
import { ROUTES } from "./route-modules";

const ZOD_TEXT = /expected|received|Invalid input|Too big|Too small|Infinity|9007199254740991/i;

/** Posts a raw JSON text (so 400 digits reach the server as a number literal). */
async function postRaw(path: string, token: string, json: string) {
  const response = await fetchPath(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: json,
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; errors?: Record<string, string> },
  };
}

describe("error texts a person can read", () => {
  it("a rating of '5' as text, 1e308 or 400 digits gets the rating's own message", async () => {
    const { token } = await createSignedInUser();
    const review = `"commentType":"applicantToReferrer","referralId":"r1","comment":"ok"`;
    for (const rating of [`"5"`, "1e308", `1${"0".repeat(399)}`]) {
      const { status, body } = await postRaw(
        "/api/referrals/card-refer/comment",
        token,
        `{${review},"rating":${rating}}`,
      );
      expect(status).toBe(400);
      expect(body.message).toBe("Rating must be between 1 and 5");
      expect(body.errors).toEqual({ rating: "Rating must be between 1 and 5" });
    }
  });

  it("a huge mark-read timestamp is refused in words, not zod's", async () => {
    const { token } = await createSignedInUser();
    const { status, body } = await postRaw("/api/chats/some-chat/read", token, `{"timestamp":1e308}`);
    expect(status).toBe(400);
    expect(body.message).not.toMatch(ZOD_TEXT);
  });

  it("a 200 KB password on login says it is too long", async () => {
    const { response, body } = await postJson("/api/users/login", {
      email: "someone@example.test",
      password: "x".repeat(200_000),
    });
    expect(response.status).toBe(400);
    expect(body.message).toBe("Password must be at most 128 characters");
  });
});

describe("a form's field names", () => {
  it("a name nested 5,000 levels deep is a 400 in words, not a stack overflow", async () => {
    const body = new URLSearchParams({ email: "someone@example.test", [`x${"[0].a".repeat(5_000)}`]: "1" });
    const response = await fetchPath("/auth/forgot-password.data", { method: "POST", body });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read. Please try again.");
  });

  it("names as deep as the app's own forms still reach the schema", async () => {
    const body = new URLSearchParams({ email: "not-an-email", "a.b[0].c": "1" });
    const response = await fetchPath("/auth/forgot-password.data", { method: "POST", body });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain("The form could not be read");
  });
});

/**
 * The empty-form sweep (issue 19): every HTML form's intents and every /api JSON body, read off
 * the route kit's declarations (route-modules.ts), sent empty and with each field of the wrong
 * type. No answer may carry zod's wording, and every message a person sees (the form's and each
 * field's) is a sentence. A new form or endpoint is in the sweep the moment it exists.
 */
const ZOD_WORDING =
  /Invalid input|\bexpected\b|\breceived\b|"Required"|\bToo (small|big)\b|Invalid (string|type|enum|option|literal|union|email|url|format|element|key)|Unrecognized key|Infinity|9007199254740991/i;
/** What a sentence for a person is not: empty, lowercase or symbol first, or a code name in it. */
function unreadable(message: unknown): string | null {
  if (typeof message !== "string" || message.trim().length < 4) return `not a sentence: ${JSON.stringify(message)}`;
  if (ZOD_WORDING.test(message)) return `zod's wording: "${message}"`;
  if (!/^[A-Z0-9'"‘“(]/.test(message)) return `does not start like a sentence: "${message}"`;
  if (/\b[a-z]+[A-Z]\w*\b|\bundefined\b|\bnull\b|\bNaN\b|\[object /.test(message))
    return `names code, not a thing a person knows: "${message}"`;
  return null;
}

/** The messages of a FormFailure (its own and each field's) or of the /api envelope. */
function messagesIn(value: unknown, found: unknown[] = [], depth = 0): unknown[] {
  if (!value || typeof value !== "object" || depth > 6) return found;
  const record = value as Record<string, unknown>;
  if (record.ok === false || record.success === false) {
    found.push(record.message);
    const result = record.result as { error?: Record<string, unknown[] | null> } | undefined;
    for (const list of Object.values(result?.error ?? {})) found.push(...(list ?? []));
    if (record.errors && typeof record.errors === "object") found.push(...Object.values(record.errors));
    return found;
  }
  for (const inner of Object.values(record)) messagesIn(inner, found, depth + 1);
  return found;
}

async function answerOf(text: string, data: boolean): Promise<unknown> {
  if (!data) return JSON.parse(text);
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const decoded = await decode(stream);
  await decoded.done;
  return decoded.value;
}

type Sweep = { label: string; probe: Probe };

/** The bodies a form intent is tried with: empty, and every field at once as a list and as a group. */
function formSweeps(route: RegisteredRoute, world: World, name: string, intent: Intent): Sweep[] {
  const { path, params } = fillPath(route, world);
  const resource = route.action?.kind === "form" && route.action.resource;
  const named: FormEntry[] = name === "default" ? [] : [["intent", name]];
  const fields = fieldsOf(describeInput(intent.schema), 0).map((field) => field.path.join("."));
  const bodies: [string, FormEntry[]][] = [
    ["empty", named],
    ["every field blank", [...named, ...fields.map((field): FormEntry => [field, ""])]],
    [
      "every field twice",
      [
        ...named,
        ...fields.flatMap((field): FormEntry[] => [
          [field, "1"],
          [field, "two"],
        ]),
      ],
    ],
    ["every field a group", [...named, ...fields.map((field): FormEntry => [`${field}.x`, "1"])]],
  ];
  return bodies.map(([label, entries]) => ({
    label: `${name}: ${label}`,
    probe: {
      kind: "field",
      label,
      method: "POST",
      path,
      params,
      search: route.index ? "?index" : "",
      ...formBody(entries),
      data: !resource,
    },
  }));
}

/** The bodies an /api endpoint is tried with: {} and every field as a number, a list and an object. */
function jsonSweeps(route: RegisteredRoute, world: World, method: string, endpoint: Endpoint): Sweep[] {
  if (!endpoint.body || endpoint.bodyFormat === "text") return [];
  const { path, params } = fillPath(route, world);
  const fields = fieldsOf(describeInput(endpoint.body), 0).map((field) => field.path[0]!);
  const every = (value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));
  const bodies: [string, unknown][] = [
    ["{}", {}],
    ["every field a number", every(12345)],
    ["every field a list", every(["a", 1])],
    ["every field an object", every({ a: 1 })],
    ["every field null", every(null)],
  ];
  return bodies.map(([label, body]) => ({
    label: `${method} ${label}`,
    probe: {
      kind: "field",
      label,
      method,
      path,
      params,
      search: "",
      contentType: "application/json",
      body: JSON.stringify(body),
    },
  }));
}

function sweepsOf(route: RegisteredRoute, world: World): { role: Role; sweeps: Sweep[] }[] {
  const found: { role: Role; sweeps: Sweep[] }[] = [];
  if (route.action?.kind === "form") {
    const { access, intents } = route.action;
    for (const [name, intent] of Object.entries(intents))
      found.push({ role: primaryRole(access), sweeps: formSweeps(route, world, name, intent) });
  }
  if (route.loader?.kind === "json") {
    for (const [method, endpoint] of Object.entries(route.loader.endpoints)) {
      if (endpoint)
        found.push({ role: primaryRole(endpoint.access), sweeps: jsonSweeps(route, world, method, endpoint) });
    }
  }
  return found;
}

const SWEPT = ROUTES.filter((route) => route.action?.kind === "form" || route.loader?.kind === "json");

describe("every form and /api body, empty and with wrong types, answers in sentences", () => {
  it("covers the app's forms and bodies", () => {
    const files = SWEPT.map((route) => route.file);
    expect(files).toEqual(
      expect.arrayContaining([
        "app/routes/dashboard.personal-info/route.tsx",
        "app/routes/auth._index/route.tsx",
        "app/routes/api.users.change-password.ts",
        "app/routes/comments.ts",
      ]),
    );
  });

  it("the empty change-password form says what each field needs (the sweep reads field errors)", async () => {
    const world = await createWorld();
    const route = ROUTES.find((candidate) => candidate.file === "app/routes/dashboard.personal-info/route.tsx")!;
    const intent = route.action?.kind === "form" ? route.action.intents.password! : undefined;
    const [empty] = formSweeps(route, world, "password", intent!);
    const answer = await send(empty!.probe, "member", world);
    expect(answer.status).toBe(400);
    const failure = (await answerOf(answer.text, true)) as { data: { result: { error: Record<string, string[]> } } };
    expect(failure.data.result.error).toEqual({
      currentPassword: ["Current password is required"],
      newPassword: ["New password is required"],
      confirmPassword: ["Please confirm your password"],
    });
  });

  it.each(SWEPT.map((route) => [route.file, route] as const))("%s", { timeout: 60_000 }, async (_file, route) => {
    const world = await createWorld();
    const problems: string[] = [];
    for (const { role, sweeps } of sweepsOf(route, world)) {
      for (const { label, probe } of sweeps) {
        const answer = await send(probe, role, world);
        const where = `${probe.method} ${probe.path} as ${role} (${label}) -> ${answer.status}`;
        if (answer.status >= 500) problems.push(`${where}: a server error`);
        if (ZOD_WORDING.test(answer.text)) problems.push(`${where}: zod's wording in ${answer.text.slice(0, 300)}`);
        if (answer.redirected || answer.status < 400) continue;
        let messages: unknown[];
        try {
          messages = messagesIn(await answerOf(answer.text, probe.data === true));
        } catch {
          problems.push(`${where}: the answer could not be read: ${answer.text.slice(0, 200)}`);
          continue;
        }
        for (const message of messages) {
          const problem = unreadable(message);
          if (problem) problems.push(`${where}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
