/** How a member is shown where there is no picture. */

/** Initials for the avatar placeholder: of the shown name (masked letters dropped), else of the username. */
export function initials(name: string, username: string) {
  const letters = name.replace(/\*/g, "").trim() || username;
  return letters
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
}
