/** What the account flows say, in the words users and tests rely on. */
export const AUTH_MESSAGES = {
  registered: "Registration successful! Please check your email to verify your account.",
  invalidCredentials: "Invalid email or password.",
  notVerified: "Please verify your email before signing in. We can send you a new verification link.",
  deactivated: "This account has been deactivated. Please contact support.",
  signedIn: "Login successful",
  /** Sign-out when the server could not end the session: the browser is signed out all the same. */
  signOutIncomplete:
    "You are signed out on this device, but the server could not end the session. It ends by itself when it expires.",
  /** A failed sign-in or registration when there is no reason to give (docs/product.md#auth-texts). */
  loginFailed: "Login failed. Please try again.",
  registrationFailed: "Registration failed. Please try again.",
  /** What a verification link says: the first sentence, then what it did to the session. */
  emailVerified: "Your email has been verified.",
  emailChangeConfirmed: "Your new email address is confirmed. Use it to sign in from now on.",
  nowSignedIn: "You are now signed in.",
  otherAccountSignedIn: "You are signed in to another account: sign out, then sign in with this email.",
  emailReverted:
    "Your email address has been restored and every session was signed out. If you did not ask for the change, choose a new password now.",
  revertFailed: "This link is invalid, has expired or was already used.",
  revertTaken: "This address now belongs to another account, so it cannot be restored. Please contact support.",
  verifyFailed: "This verification link is invalid, has expired or was already used.",
  /** The verification page when there is no message to show / when verifying failed unexpectedly. */
  verifyFailedNoMessage: "Verification failed. Please try again.",
  verifyError: "An error occurred while verifying your email. Please try again later.",
  resent: "Verification email resent. Please check your inbox.",
  resendFailed: "Failed to resend verification email. Please try again.",
  resendMissingEmail: "Email address is missing. Please go back to login and try again.",
  resetRequested: "If an account exists for that email, we have sent a link to reset your password.",
  resetDone: "Your password has been reset. Please sign in with your new password.",
  resetFailed: "This reset link is invalid or has expired. Please ask for a new one.",
  /** Said when the reset page opens with a link that was used or has run out (checked on load). */
  resetLinkSpent: "This reset link has expired or was already used. Please ask for a new one.",
  usernameTaken: "This username is already taken",
  emailTaken: "An account with this email already exists",
  tooManyFailures: "Too many failed attempts. Please wait a minute and try again.",
  accountSlowdown: "Too many failed sign-ins for this account. Please wait a minute and try again.",
  pendingDefault: "Please verify your email to continue.",
  pendingMissingEmail: "Email address is missing. Please go back to registration.",
  // Google sign-in (docs/product.md#google-sign-in).
  googleSuccess: "Google login successful!",
  googleFailed: "Google login failed. Please try again.",
  googleNoToken: "Failed to get token from Google. Please try again.",
  googleUnreachable: "Google sign-in is not available right now. Please try again in a moment.",
  googlePopupClosed: "Google login popup was closed or authentication failed. Please try again.",
  googleUnverified: "Your Google email address is not verified.",
  googleLinkedElsewhere: "This email is already linked to another Google account.",
  googleNotConfigured: "Google sign-in is not configured.",
} as const;
