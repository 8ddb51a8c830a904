/**
 * Reading request bodies safely: a size cap, the content type the route expects, and JSON that is
 * an object. Every failure is a DomainError in the person's words (4xx), never a parser's text.
 */
import { DomainError } from "~/core/errors";

/** Bodies above this are refused with 413 unless a route declares its own cap. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

function mediaType(request: Request) {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The raw bytes of a body, refusing more than `limit` (by Content-Length first, then as read). */
async function readBytes(request: Request, limit: number): Promise<Blob> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Blob([]);
  const reader = request.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  return new Blob(chunks);
}

function tooLarge(limit: number) {
  return new DomainError(413, `The request is too large (at most ${Math.round(limit / 1024)} KB).`);
}

/** The raw text of a body (a webhook's signed payload), size-capped. */
export async function readTextBody(request: Request, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  return (await readBytes(request, limit)).text();
}

/**
 * A JSON body that must be an object: another content type is a 415, bad JSON or `null`, an array
 * or a scalar is a 400. A missing Content-Type is read as JSON (simple API clients omit it). When
 * the body is `optional`, none at all reads as `{}`.
 */
export async function readJsonObject(
  request: Request,
  limit = DEFAULT_BODY_LIMIT,
  optional = false,
): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  if (type && type !== "application/json" && !type.endsWith("+json")) {
    throw new DomainError(415, "The request body must be JSON (Content-Type: application/json).");
  }
  const text = await readTextBody(request, limit);
  if (optional && text === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DomainError(400, "The request body must be JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new DomainError(400, "The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The deepest field name a form may send (`cards[0].name` is 3). conform reads dotted and indexed
 * names into nested objects recursively, so a name 5,000 levels deep overflowed the stack (a 500);
 * the app's own forms nest a few levels at most.
 */
export const MAX_FIELD_DEPTH = 16;

/** How many levels conform makes of a field name: one per `.` or `[index]`. */
export function fieldDepth(name: string) {
  return name.split(/\.|\[/).length;
}

/**
 * A form post's fields: only the two form encodings are accepted (415 otherwise), a body that
 * cannot be parsed (broken multipart) or nests a name deeper than MAX_FIELD_DEPTH is a 400, and
 * the size is capped.
 */
export async function readFormData(request: Request, limit = DEFAULT_BODY_LIMIT): Promise<FormData> {
  const type = mediaType(request);
  if (!FORM_TYPES.has(type)) {
    throw new DomainError(415, "This form must be sent as a form (not JSON or plain text).");
  }
  const bytes = await readBytes(request, limit);
  let formData: FormData;
  try {
    formData = await new Response(bytes, {
      headers: { "Content-Type": request.headers.get("Content-Type")! },
    }).formData();
  } catch {
    throw unreadableForm();
  }
  for (const name of formData.keys()) if (fieldDepth(name) > MAX_FIELD_DEPTH) throw unreadableForm();
  return formData;
}

function unreadableForm() {
  return new DomainError(400, "The form could not be read. Please try again.");
}
