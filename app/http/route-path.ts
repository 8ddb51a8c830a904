/**
 * The URL of a route module from its file name, by Remix v2's flat-routes convention: dots are
 * slashes, `$name` a parameter (written `{name}`, as OpenAPI does), `_index` the folder's index, a
 * trailing `_` leaves a layout, `[.]` a literal dot.
 */
export function routePath(file: string): string {
  const name = file
    .replace(/^.*\/routes\//, "")
    .replace(/\/route\.tsx?$/, "")
    .replace(/\.tsx?$/, "");
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of name) {
    if (char === "[") escaped = true;
    else if (char === "]") escaped = false;
    else if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else current += char;
  }
  segments.push(current);
  const parts = segments
    .filter((segment) => segment !== "_index" && !/^_[^.]/.test(segment) && segment !== "")
    .map((segment) => segment.replace(/_$/, ""))
    .map((segment) => (segment === "$" ? "*" : segment.startsWith("$") ? `{${segment.slice(1)}}` : segment));
  return `/${parts.join("/")}`;
}
