import { clientAddress } from "./rate-limit.server";

/** Who is asking, for rate limits and session records. */
export function requestMeta(request: Request) {
  return { ip: clientAddress(request), userAgent: request.headers.get("User-Agent") };
}
