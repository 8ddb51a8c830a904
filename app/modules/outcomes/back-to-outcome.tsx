import { useLocation } from "@remix-run/react";

/** The hidden `redirectTo` of a plain form about an application: back to its timeline on this page. */
export function BackToOutcome({ applicationId }: { applicationId: string }) {
  const location = useLocation();
  return (
    <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#outcome-${applicationId}`} />
  );
}
