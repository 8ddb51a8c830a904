import { latestEmailTo, newAccount, postJson } from "./helpers";

/**
 * A verified, signed-in local account plus an unused verification token issued to it (a second
 * link requested with resend after verifying would be ignored, so the spare comes from a reset).
 */
export async function registerAndLogin() {
  const account = newAccount();
  await postJson("/api/users/register", account);
  const first = await latestEmailTo(account.email, "Verify your email for Cardshare");
  const firstToken = new URL(first!.link!).searchParams.get("token")!;
  await postJson("/api/users/verify-email", { token: firstToken });
  const login = await postJson("/api/users/login", { email: account.email, password: account.password });
  await postJson("/api/users/forgot-password", { email: account.email });
  const reset = await latestEmailTo(account.email, "Reset your Cardshare password");
  const resetToken = new URL(reset!.link!).searchParams.get("token")!;
  return { account, token: login.body.token as string, link: resetToken };
}
