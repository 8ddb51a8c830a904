/**
 * Ports of the end-to-end server and its local fakes. `E2E_PORT` moves them all, so two checkouts
 * can run their Playwright suites on one machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);
export const FAKE_GOOGLE_PORT = E2E_PORT + 1;
/** Reserved for the fake Stripe server. */
export const FAKE_STRIPE_PORT = E2E_PORT + 2;
